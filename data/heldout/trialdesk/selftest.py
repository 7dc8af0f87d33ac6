#!/usr/bin/env python3
"""Validate the trialdesk corpus against the fcpkit format contract (standard library only).

    python3 selftest.py

Checks: make_corpus.py is deterministic and the files on disk are what it writes; every run has
the contract's fields; labels follow the contract (healthy: null/null; faulty: a class and a step
index inside the run); observations are flattened AXTree text; every bid an action uses exists on
the page the action was taken on, with the role and name the action's target names; commitments
named by steps exist in the plan; the plan has the contract's shape.
"""
import ast
import filecmp
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EXPECT_RUNS, EXPECT_HEALTHY, EXPECT_FAULTY = 20, 8, 12

errors = []


def fail(msg):
    errors.append(msg)


# ---------------------------------------------------------------- determinism
def check_determinism():
    outs = []
    for _ in range(2):
        d = tempfile.mkdtemp(prefix="trialdesk-")
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", d], check=True,
                       stdout=subprocess.DEVNULL)
        outs.append(d)
    for rel in ("corpus.jsonl", os.path.join("plans", "trialdesk.yaml")):
        a, b = os.path.join(outs[0], rel), os.path.join(outs[1], rel)
        if not filecmp.cmp(a, b, shallow=False):
            fail("make_corpus.py is not deterministic for %s" % rel)
        if not filecmp.cmp(a, os.path.join(HERE, rel), shallow=False):
            fail("%s on disk differs from what make_corpus.py writes (regenerate it)" % rel)


# ---------------------------------------------------------------- plan (minimal YAML reader for our subset)
def read_plan(path):
    plan = {"task": None, "ids": [], "confidence": [], "on": [], "commitments": 0, "plan_falsifiers": False}
    with open(path, encoding="utf-8") as f:
        for line in f:
            s = line.rstrip("\n")
            if s.startswith("task: "):
                plan["task"] = json.loads(s[len("task: "):])
            elif s.startswith("plan_falsifiers:"):
                plan["plan_falsifiers"] = True
            m = re.match(r"^  - id: (\S+)$", s)
            if m:
                plan["ids"].append(m.group(1))
            m = re.match(r"^    confidence: (\S+)$", s)
            if m:
                plan["confidence"].append(float(m.group(1)))
            m = re.search(r"\{text: (\".*\"), on: (\w+)\}$", s)
            if m:
                json.loads(m.group(1))
                plan["on"].append(m.group(2))
            m = re.match(r"^\s+- (\".*\")$", s)
            if m:
                json.loads(m.group(1))
    return plan


def check_plan(path, task):
    p = read_plan(path)
    if p["task"] != task:
        fail("plan task differs from the corpus task")
    if not p["plan_falsifiers"]:
        fail("plan has no plan_falsifiers")
    if not p["ids"] or len(p["ids"]) != len(set(p["ids"])):
        fail("plan commitment ids missing or not unique: %r" % p["ids"])
    for c in p["confidence"]:
        if not 0.0 <= c <= 1.0:
            fail("confidence out of [0, 1]: %s" % c)
    for on in p["on"]:
        if on not in ("state", "action", "both"):
            fail("evidence 'on' must be state|action|both, got %r" % on)
    return set(p["ids"])


# ---------------------------------------------------------------- observations
LINE = re.compile(r"^(\t+)\[([A-Za-z0-9]+)\] (\S+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(, .*)?$")


def parse_page(text, where):
    nodes = {}
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        fail("%s: tree does not start with RootWebArea" % where)
    prev_depth = 0
    for i, line in enumerate(lines[1:], 1):
        m = LINE.match(line)
        if not m:
            fail("%s: line %d is not '[bid] role name': %r" % (where, i, line[:80]))
            continue
        depth = len(m.group(1))
        if depth > prev_depth + 1:
            fail("%s: line %d jumps %d levels" % (where, i, depth - prev_depth))
        prev_depth = depth
        bid, role, name = m.group(2), m.group(3), ast.literal_eval(m.group(4))
        if bid in nodes:
            fail("%s: duplicate bid %s" % (where, bid))
        nodes[bid] = (role, name)
    return nodes


def check_obs(o, where):
    for k in ("url", "title", "text", "error"):
        if k not in o:
            fail("%s: observation lacks %r" % (where, k))
            return {}
    if not isinstance(o["url"], str) or not o["url"].startswith("http"):
        fail("%s: bad url" % where)
    if o["error"] is not None and not isinstance(o["error"], str):
        fail("%s: error must be a string or null" % where)
    nodes = parse_page(o["text"], where)
    if not o["text"].startswith("RootWebArea %r" % o["title"]):
        fail("%s: RootWebArea name differs from title" % where)
    return nodes


# ---------------------------------------------------------------- actions
BID_ACTIONS = {"click", "dblclick", "hover", "fill", "select_option", "press", "focus", "clear", "check", "uncheck"}
OTHER_ACTIONS = {"send_msg_to_user", "go_back", "go_forward", "goto", "scroll", "noop", "report_infeasible"}


def check_action(a, page_nodes, where, plan_ids, commitment):
    for k in ("command", "reasoning", "target", "effect"):
        if k not in a:
            fail("%s: action lacks %r" % (where, k))
            return
    if a["effect"] not in ("read", "write", "irreversible"):
        fail("%s: bad effect %r" % (where, a["effect"]))
    try:
        call = ast.parse(a["command"], mode="eval").body
        assert isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
        args = [ast.literal_eval(x) for x in call.args]
    except Exception:
        fail("%s: command is not a BrowserGym call: %r" % (where, a["command"]))
        return
    fn = call.func.id
    if fn in BID_ACTIONS:
        bid = str(args[0])
        if bid not in page_nodes:
            fail("%s: bid %s not on the page acted on" % (where, bid))
            return
        role, name = page_nodes[bid]
        if a["target"] != "%s %r" % (role, name):
            fail("%s: target %r but bid %s is %s %r" % (where, a["target"], bid, role, name))
        if fn == "select_option":
            # the option must be among the combobox's options on that page
            pass
    elif fn not in OTHER_ACTIONS:
        fail("%s: unknown action %s" % (where, fn))
    if commitment is not None and commitment not in plan_ids:
        fail("%s: commitment %r not in plan" % (where, commitment))


def options_of(text, bid):
    out, inside, base = [], False, None
    for line in text.split("\n")[1:]:
        m = LINE.match(line)
        if not m:
            continue
        depth = len(m.group(1))
        if m.group(2) == bid:
            inside, base = True, depth
            continue
        if inside:
            if depth <= base:
                break
            if m.group(3) == "option":
                out.append(ast.literal_eval(m.group(4)))
    return out


# ---------------------------------------------------------------- corpus
def main():
    check_determinism()
    with open(CORPUS, encoding="utf-8") as f:
        raw = [l for l in f.read().split("\n") if l.strip()]
    runs = [json.loads(l) for l in raw]
    if len(runs) != EXPECT_RUNS:
        fail("expected %d runs, found %d" % (EXPECT_RUNS, len(runs)))
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        fail("run ids are not unique")
    healthy = [r for r in runs if r["label"]["fault"] is None]
    faulty = [r for r in runs if r["label"]["fault"] is not None]
    if len(healthy) != EXPECT_HEALTHY or len(faulty) != EXPECT_FAULTY:
        fail("expected %d healthy / %d faulty, found %d / %d" % (EXPECT_HEALTHY, EXPECT_FAULTY, len(healthy), len(faulty)))
    plan_cache = {}
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail("%s: lacks %r" % (rid, k))
        if r["workflow"] != "trialdesk":
            fail("%s: workflow %r" % (rid, r["workflow"]))
        plan_path = os.path.join(HERE, r["plan"]) if isinstance(r["plan"], str) else None
        if plan_path is None or not os.path.exists(plan_path):
            fail("%s: plan %r not found next to the corpus" % (rid, r["plan"]))
            continue
        if plan_path not in plan_cache:
            plan_cache[plan_path] = check_plan(plan_path, r["task"])
        plan_ids = plan_cache[plan_path]
        lab = r["label"]
        if set(lab) < {"fault", "first_off_track_step"}:
            fail("%s: label lacks fields" % rid)
        if lab["fault"] is None:
            if lab["first_off_track_step"] is not None:
                fail("%s: healthy run with a first_off_track_step" % rid)
            if r["outcome"].get("success") is not True:
                fail("%s: healthy run not successful" % rid)
        else:
            s = lab["first_off_track_step"]
            if not isinstance(s, int) or not 0 <= s < len(r["steps"]):
                fail("%s: first_off_track_step %r outside 0..%d" % (rid, s, len(r["steps"]) - 1))
            if r["outcome"].get("success") is not False:
                fail("%s: faulty run marked successful" % rid)
        if not isinstance(r["outcome"].get("success"), bool):
            fail("%s: outcome.success must be a bool" % rid)
        if not r["steps"]:
            fail("%s: no steps" % rid)
        prev_obs = r["initial_observation"]
        prev_nodes = check_obs(prev_obs, "%s/initial" % rid)
        for i, st in enumerate(r["steps"]):
            where = "%s/step %d" % (rid, i)
            for k in ("action", "observation"):
                if k not in st:
                    fail("%s: lacks %r" % (where, k))
            check_action(st["action"], prev_nodes, where, plan_ids, st.get("commitment"))
            cmd = st["action"]["command"]
            if cmd.startswith("select_option("):
                call = ast.parse(cmd, mode="eval").body
                bid, opt = [ast.literal_eval(x) for x in call.args]
                if opt not in options_of(prev_obs["text"], bid):
                    fail("%s: option %r is not offered by combobox %s" % (where, opt, bid))
            prev_obs = st["observation"]
            prev_nodes = check_obs(prev_obs, where)
        last = r["steps"][-1]["action"]["command"]
        if not last.startswith("send_msg_to_user("):
            fail("%s: run does not end with a report to the user" % rid)
    by_step = sorted((r["label"]["first_off_track_step"], r["label"]["fault"], r["id"]) for r in faulty)
    if errors:
        for e in errors:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        sys.exit(1)
    print("OK: %d runs (%d healthy, %d faulty); plan commitments: %s" % (
        len(runs), len(healthy), len(faulty), ", ".join(sorted(next(iter(plan_cache.values()))))))
    for s, fault, rid in by_step:
        print("  step %2d  %-20s %s" % (s, fault, rid))


if __name__ == "__main__":
    main()
