#!/usr/bin/env python3
"""Validate the Podium corpus against the fcpkit format contract (FORMATS.md).

Checks: required fields and types, labels, counts, plan reference and structure, that every
action's bid exists on the page it was taken on (and that the recorded target is that node),
observation tree shape, and that make_corpus.py is byte-for-byte deterministic.
Standard library only. Exit status 0 on success.
"""
import ast
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EXPECTED_RUNS = 20
EXPECTED_HEALTHY = 8
EXPECTED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_filter",
                   "stale_filter", "permission_denied", "session_expired", "premature_success",
                   "skipped_step", "dialog_mishandled"}
EFFECTS = {"read", "write", "irreversible"}
BID_ACTIONS = {"click", "dblclick", "hover", "fill", "select_option", "press", "focus", "clear",
               "check", "uncheck", "upload_file", "drag_and_drop"}
FREE_ACTIONS = {"send_msg_to_user", "keyboard_press", "keyboard_type", "go_back", "go_forward",
                "goto", "noop", "scroll", "new_tab", "tab_close", "tab_focus", "report_infeasible"}
LINE_RE = re.compile(r"^(\t*)(?:\[([A-Za-z0-9]+)\] )?([A-Za-z]+) (['\"])")

errors = []


def err(msg):
    errors.append(msg)


def sha(path):
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


# ------------------------------------------------------------------------------- determinism
def check_determinism():
    outs = []
    for _ in range(2):
        d = tempfile.mkdtemp(prefix="podium-")
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), d], check=True)
        outs.append(d)
    for rel in ("corpus.jsonl", os.path.join("plans", "podium_transfer.yaml")):
        a, b = (sha(os.path.join(d, rel)) for d in outs)
        if a != b:
            err("make_corpus.py is not deterministic for %s" % rel)
        here = os.path.join(HERE, rel)
        if not os.path.exists(here):
            err("%s missing; run make_corpus.py" % rel)
        elif sha(here) != a:
            err("%s differs from a fresh make_corpus.py run" % rel)


# ------------------------------------------------------------------------------- plan
def parse_plan(path):
    """Light structural reading of the plan YAML (no third-party parser needed)."""
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    plan = {"ids": [], "task": None, "has_plan_falsifiers": False, "on_values": []}
    for line in text.splitlines():
        if line.startswith("task: "):
            plan["task"] = json.loads(line[len("task: "):])
        if line.startswith("plan_falsifiers:"):
            plan["has_plan_falsifiers"] = True
        m = re.match(r"^  - id: (\S+)\s*$", line)
        if m:
            plan["ids"].append(m.group(1))
        m = re.match(r"^\s+confidence: ([0-9.]+)\s*$", line)
        if m and not 0.0 <= float(m.group(1)) <= 1.0:
            err("plan: confidence out of range: %s" % m.group(1))
        for on in re.findall(r"\"?\bon\"?: (\w+)\}", line):
            plan["on_values"].append(on)
    plan["text"] = text
    if "commitments:" not in text:
        err("plan: no commitments section")
    if not plan["has_plan_falsifiers"]:
        err("plan: no plan_falsifiers section")
    if "Sign in to Podium" not in text:
        err("plan: the plan-level falsifiers should name the sign-in page")
    if len(plan["ids"]) != len(set(plan["ids"])):
        err("plan: duplicate commitment ids")
    for on in plan["on_values"]:
        if on not in ("state", "action", "both"):
            err("plan: bad 'on' value %s" % on)
    if "action" not in plan["on_values"]:
        err("plan: expected at least one on: action falsifier")
    n_blocks = len(re.findall(r"^    confirm:\s*$", text, re.M))
    n_fals = len(re.findall(r"^    falsify:\s*$", text, re.M))
    if not (n_blocks == n_fals == len(plan["ids"])):
        err("plan: every commitment needs confirm and falsify blocks")
    try:  # deeper check when PyYAML happens to be installed; never required
        import yaml  # noqa
        data = yaml.safe_load(text)
        assert isinstance(data["commitments"], list)
        for c in data["commitments"]:
            assert set(c["confirm"]) <= {"precondition", "progress", "completion"}, c["id"]
            assert set(c["falsify"]) <= {"execution", "skill", "planning"}, c["id"]
            for scope in list(c["falsify"].values()) + list(c["confirm"].values()):
                for item in scope or []:
                    assert isinstance(item, str) or (
                        set(item) <= {"text", "on"} and item.get("on", "state") in
                        ("state", "action", "both")), item
        for scope in data["plan_falsifiers"].values():
            for item in scope or []:
                assert isinstance(item, str) or set(item) <= {"text", "on"}, item
        assert [c["id"] for c in data["commitments"]] == plan["ids"]
        assert data["task"] == plan["task"]
    except ImportError:
        pass
    except Exception as e:  # pragma: no cover
        err("plan: YAML structure problem: %r" % (e,))
    return plan


# ------------------------------------------------------------------------------- observations
def check_obs(where, obs):
    if not isinstance(obs, dict):
        err("%s: observation is not an object" % where)
        return {}
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            err("%s: observation lacks %s" % (where, k))
    if not isinstance(obs.get("url"), str) or not obs["url"].startswith("http"):
        err("%s: bad url" % where)
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        err("%s: error must be a string or null" % where)
    text = obs.get("text", "")
    lines = text.split("\n")
    if not lines or not lines[0].startswith("RootWebArea "):
        err("%s: tree must start with RootWebArea" % where)
    elif ast.literal_eval(lines[0][len("RootWebArea "):].split(", focused")[0]) != obs["title"]:
        err("%s: RootWebArea name differs from title" % where)
    nodes = {}
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not m:
            err("%s: malformed tree line %r" % (where, ln[:80]))
            continue
        bid = m.group(2)
        if bid:
            if bid in nodes:
                err("%s: duplicate bid %s" % (where, bid))
            nodes[bid] = ln.strip()
    return nodes


def check_action(where, action, nodes):
    for k in ("command", "reasoning", "target", "effect"):
        if k not in action:
            err("%s: action lacks %s" % (where, k))
    if action.get("effect") not in EFFECTS:
        err("%s: bad effect %r" % (where, action.get("effect")))
    try:
        call = ast.parse(action["command"], mode="eval").body
        assert isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
        name = call.func.id
        args = [ast.literal_eval(a) for a in call.args]
    except Exception:
        err("%s: unparseable command %r" % (where, action.get("command")))
        return
    if name in BID_ACTIONS:
        bid = str(args[0])
        if bid not in nodes:
            err("%s: bid %s not on the page acted on" % (where, bid))
            return
        line = nodes[bid]
        prefix = "[%s] %s" % (bid, action["target"])
        if not (line == prefix or line.startswith(prefix + ",")):
            err("%s: target %r does not match node %r" % (where, action["target"], line))
        if name == "fill" and (len(args) != 2 or not isinstance(args[1], str)):
            err("%s: fill needs (bid, text)" % where)
        if name == "select_option" and len(args) != 2:
            err("%s: select_option needs (bid, option)" % where)
        if name in ("click", "dblclick") and "disabled=True" in line:
            err("%s: clicks a disabled control" % where)
    elif name not in FREE_ACTIONS:
        err("%s: unknown action %s" % (where, name))


# ------------------------------------------------------------------------------- corpus
def check_corpus():
    with open(CORPUS, encoding="utf-8") as fh:
        raw = fh.read()
    if not raw.endswith("\n"):
        err("corpus: last line must end with a newline")
    lines = [ln for ln in raw.split("\n") if ln]
    if len(lines) != EXPECTED_RUNS:
        err("corpus: %d runs, expected %d" % (len(lines), EXPECTED_RUNS))
    runs = [json.loads(ln) for ln in lines]
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        err("corpus: duplicate ids")
    plans = {}
    healthy = 0
    faults = set()
    tasks = set()
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps",
                  "outcome"):
            if k not in r:
                err("%s: missing %s" % (rid, k))
        tasks.add(r["task"])
        if not rid.startswith(r["workflow"] + "-"):
            err("%s: id should start with the workflow name" % rid)
        if isinstance(r["plan"], str):
            path = os.path.join(HERE, r["plan"])
            if not os.path.exists(path):
                err("%s: plan %s not found" % (rid, r["plan"]))
                continue
            if path not in plans:
                plans[path] = parse_plan(path)
            plan = plans[path]
            if plan["task"] != r["task"]:
                err("%s: task differs from the plan's task" % rid)
        else:
            err("%s: this corpus keeps its plan in a file" % rid)
            continue
        label = r["label"]
        if set(label) < {"fault", "first_off_track_step"}:
            err("%s: label fields missing" % rid)
        steps = r["steps"]
        if not steps:
            err("%s: no steps" % rid)
        if label["fault"] is None:
            healthy += 1
            if label["first_off_track_step"] is not None:
                err("%s: healthy run with an off-track step" % rid)
            if r["outcome"].get("success") is not True:
                err("%s: healthy run should succeed" % rid)
        else:
            faults.add(label["fault"])
            k = label["first_off_track_step"]
            if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < len(steps):
                err("%s: first_off_track_step %r out of range" % (rid, k))
            if r["outcome"].get("success") is not False:
                err("%s: faulty run should not succeed" % rid)
            if not rid.split("-", 1)[1].startswith(label["fault"]):
                err("%s: id does not name its fault %s" % (rid, label["fault"]))
        pages = [check_obs("%s initial" % rid, r["initial_observation"])]
        for i, s in enumerate(steps):
            where = "%s step %d" % (rid, i)
            if "action" not in s or "observation" not in s:
                err("%s: step needs action and observation" % where)
                continue
            c = s.get("commitment")
            if c is not None and c not in plan["ids"]:
                err("%s: commitment %r not in the plan" % (where, c))
            check_action(where, s["action"], pages[-1])
            pages.append(check_obs(where, s["observation"]))
    if len(tasks) != 1:
        err("corpus: every run should carry the same task text")
    if healthy != EXPECTED_HEALTHY:
        err("corpus: %d healthy runs, expected %d" % (healthy, EXPECTED_HEALTHY))
    missing = EXPECTED_FAULTS - faults
    if missing:
        err("corpus: fault kinds missing: %s" % sorted(missing))
    # Labelling spot checks that follow from the contract's rule.
    by = {r["id"].split("-", 1)[1]: r for r in runs}
    sf = by.get("stale_filter-01")
    if sf and sf["label"]["first_off_track_step"] != 0:
        err("stale_filter-01: visible on the start page, must be labelled 0")
    if sf and "Brightwell Analytics" not in sf["initial_observation"]["text"]:
        err("stale_filter-01: stale filter must be visible on the start page")
    # The near misses must also show up on healthy pages (otherwise they are giveaways).
    healthy_text = "\n".join(s["observation"]["text"] for r in runs if r["label"]["fault"] is None
                             for s in r["steps"])
    for nm in ("REG-20471", "REG-21417", "REG-20147", "Martha Kowalczyk", "Marek Kowalewski",
               "overdue", "Failed", "Cancelled"):
        if nm not in healthy_text:
            err("healthy pages never show %r" % nm)
    return runs


def main():
    check_determinism()
    runs = check_corpus()
    if errors:
        for e in errors:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        return 1
    nf = sum(1 for r in runs if r["label"]["fault"])
    print("OK: %d runs (%d healthy, %d faulty), %d steps; make_corpus.py deterministic"
          % (len(runs), len(runs) - nf, nf, sum(len(r["steps"]) for r in runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
