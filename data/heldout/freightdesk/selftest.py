#!/usr/bin/env python3
"""Validate the freightdesk corpus against the fcpkit format contract (FORMATS.md).

Checks: required fields and types, labels, counts, plan shape and commitment names,
that every action's bid exists on the page it acted on (and matches its target),
well-formed accessibility-tree text, and that make_corpus.py is byte-for-byte reproducible.
Standard library only (uses PyYAML for a full plan parse when it is installed).
"""
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EFFECTS = {"read", "write", "irreversible"}
ON = {"state", "action", "both"}
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_constraint",
                   "error_page", "permission_denied", "session_expired", "premature_success",
                   "skipped_step", "dialog_mishandled", "stale_filter"}
BID_CMD = re.compile(r"^(click|dblclick|hover|fill|select_option|press|focus|clear|check|uncheck)"
                     r"\('([^']*)'(?:, (.*))?\)$", re.S)
LINE = re.compile(r"^\t+(\[(\d+)\] [A-Za-z]+ (?:'[^']*'|\"[^\"]*\")(?:, .*)?|StaticText (?:'.*'|\".*\"))$")

failures = []


def fail(msg):
    failures.append(msg)


def check(cond, msg):
    if not cond:
        fail(msg)
    return cond


def sha(path):
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


# ------------------------------------------------------------------ plan

def load_plan(path):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    try:
        import yaml  # optional
    except ImportError:
        yaml = None
    if yaml is not None:
        return yaml.safe_load(text), text
    # Fallback: minimal structural read of the subset this plan uses.
    task = re.search(r'^task: "(.*)"$', text, re.M).group(1).replace('\\"', '"')
    ids = re.findall(r"^  - id: (\S+)$", text, re.M)
    return {"task": task, "commitments": [{"id": i} for i in ids], "_fallback": True}, text


def check_evidence_list(items, where):
    if not check(isinstance(items, list), "%s: not a list" % where):
        return
    for it in items:
        if isinstance(it, str):
            check(it.strip() != "", "%s: empty evidence string" % where)
        elif isinstance(it, dict):
            check(isinstance(it.get("text"), str) and it["text"].strip(), "%s: mapping without text" % where)
            check(it.get("on", "state") in ON, "%s: bad on=%r" % (where, it.get("on")))
        else:
            fail("%s: evidence item of type %s" % (where, type(it).__name__))


def check_plan(plan):
    check(isinstance(plan.get("task"), str) and plan["task"], "plan: missing task")
    if plan.get("_fallback"):
        return
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        check(scope in {"execution", "skill", "planning"}, "plan_falsifiers: bad scope %r" % scope)
        check_evidence_list(items, "plan_falsifiers.%s" % scope)
    ids = []
    for c in plan.get("commitments") or []:
        cid = c.get("id")
        check(isinstance(cid, str) and cid, "commitment without id")
        ids.append(cid)
        check(isinstance(c.get("subgoal"), str), "%s: subgoal missing" % cid)
        conf = c.get("confidence", 0.5)
        check(isinstance(conf, (int, float)) and 0 <= conf <= 1, "%s: confidence %r" % (cid, conf))
        for stage, items in (c.get("confirm") or {}).items():
            check(stage in {"precondition", "progress", "completion"}, "%s: bad stage %r" % (cid, stage))
            check_evidence_list(items, "%s.confirm.%s" % (cid, stage))
        for scope, items in (c.get("falsify") or {}).items():
            check(scope in {"execution", "skill", "planning"}, "%s: bad scope %r" % (cid, scope))
            check_evidence_list(items, "%s.falsify.%s" % (cid, scope))
    check(len(ids) == len(set(ids)) and ids, "plan: commitment ids missing or not unique")


# ------------------------------------------------------------------ corpus

def check_obs(obs, where):
    if not check(isinstance(obs, dict), "%s: observation is not an object" % where):
        return set(), {}
    for k in ("url", "title", "text", "error"):
        check(k in obs, "%s: observation lacks %s" % (where, k))
    check(isinstance(obs.get("url"), str) and obs["url"].startswith("http"), "%s: bad url" % where)
    check(isinstance(obs.get("title"), str) and obs["title"], "%s: bad title" % where)
    check(obs.get("error") is None or isinstance(obs["error"], str), "%s: bad error" % where)
    text = obs.get("text") or ""
    lines = text.split("\n")
    check(lines[0].startswith("RootWebArea "), "%s: text does not start with RootWebArea" % where)
    bids, by_bid = [], {}
    for ln in lines[1:]:
        m = LINE.match(ln)
        if not check(m, "%s: malformed tree line %r" % (where, ln[:80])):
            continue
        if m.group(2):
            bids.append(m.group(2))
            by_bid[m.group(2)] = ln.strip()
    check(len(bids) == len(set(bids)), "%s: duplicate bids" % where)
    return set(bids), by_bid


def check_run(run, plan_ids, plan_task, seen):
    rid = run.get("id")
    where = "run %s" % rid
    for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
        check(k in run, "%s: missing %s" % (where, k))
    check(rid not in seen, "%s: duplicate id" % where)
    seen.add(rid)
    check(run.get("workflow") == "freightdesk", "%s: workflow" % where)
    check(run.get("task") == plan_task, "%s: task differs from plan task" % where)
    check(run.get("plan") == "plans/freightdesk.yaml", "%s: plan path" % where)
    check(os.path.exists(os.path.join(HERE, run.get("plan", ""))), "%s: plan file missing" % where)
    label = run.get("label") or {}
    fault, off = label.get("fault"), label.get("first_off_track_step")
    steps = run.get("steps") or []
    check(steps, "%s: no steps" % where)
    outcome = run.get("outcome") or {}
    check(isinstance(outcome.get("success"), bool), "%s: outcome.success not bool" % where)
    if fault is None:
        check(off is None, "%s: healthy run with an off-track step" % where)
        check(outcome.get("success") is True, "%s: healthy run not successful" % where)
    else:
        check(isinstance(fault, str) and fault, "%s: fault not a string" % where)
        check(isinstance(off, int) and not isinstance(off, bool) and 0 <= off < len(steps),
              "%s: first_off_track_step %r out of range" % (where, off))
        check(outcome.get("success") is False, "%s: faulty run marked successful" % where)
    prev_bids, prev_lines = check_obs(run.get("initial_observation"), where + " initial")
    prev_text = (run.get("initial_observation") or {}).get("text", "")
    for i, st in enumerate(steps):
        w = "%s step %d" % (where, i)
        a = st.get("action") or {}
        for k in ("command", "reasoning", "target", "effect"):
            check(k in a, "%s: action lacks %s" % (w, k))
        check(a.get("effect") in EFFECTS, "%s: effect %r" % (w, a.get("effect")))
        c = st.get("commitment")
        check(c is None or c in plan_ids, "%s: unknown commitment %r" % (w, c))
        cmd = a.get("command", "")
        if cmd.startswith("send_msg_to_user("):
            check(i == len(steps) - 1, "%s: send_msg_to_user before the last step" % w)
        else:
            m = BID_CMD.match(cmd)
            if check(m, "%s: unparsed command %r" % (w, cmd)):
                bid = m.group(2)
                if check(bid in prev_bids, "%s: bid %s not on the page acted on" % (w, bid)):
                    line = prev_lines[bid]
                    check(line.startswith("[%s] %s" % (bid, a.get("target", ""))),
                          "%s: target %r does not match %r" % (w, a.get("target"), line))
                if m.group(1) == "select_option":
                    check("option %s" % m.group(3) in prev_text,
                          "%s: option %s not offered" % (w, m.group(3)))
        prev_bids, prev_lines = check_obs(st.get("observation"), w)
        prev_text = (st.get("observation") or {}).get("text", "")
    return fault


def check_determinism():
    here_corpus, here_plan = sha(CORPUS), sha(os.path.join(HERE, "plans", "freightdesk.yaml"))
    digests = []
    for _ in range(2):
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", tmp],
                           check=True, stdout=subprocess.DEVNULL,
                           env=dict(os.environ, PYTHONHASHSEED="random"))
            digests.append((sha(os.path.join(tmp, "corpus.jsonl")),
                            sha(os.path.join(tmp, "plans", "freightdesk.yaml"))))
    check(digests[0] == digests[1], "make_corpus.py is not deterministic across two runs")
    check(digests[0] == (here_corpus, here_plan),
          "corpus.jsonl / plan on disk differ from a fresh make_corpus.py run")


def main():
    plan, _ = load_plan(os.path.join(HERE, "plans", "freightdesk.yaml"))
    check_plan(plan)
    plan_ids = {c["id"] for c in plan.get("commitments") or []}
    runs = []
    with open(CORPUS, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            try:
                runs.append(json.loads(line))
            except ValueError as e:
                fail("corpus line %d: %s" % (n, e))
    check(len(runs) == 20, "expected 20 runs, got %d" % len(runs))
    seen = set()
    faults = [check_run(r, plan_ids, plan.get("task"), seen) for r in runs]
    healthy = sum(1 for f in faults if f is None)
    check(healthy == 8, "expected 8 healthy runs, got %d" % healthy)
    check(len(runs) - healthy == 12, "expected 12 faulty runs")
    missing = REQUIRED_FAULTS - set(f for f in faults if f)
    check(not missing, "fault kinds not covered: %s" % sorted(missing))
    check(any(r["label"]["first_off_track_step"] == 0 for r in runs if r["label"]["fault"]),
          "no fault visible on the start page (step 0)")
    # near misses must also appear on healthy pages
    healthy_text = "\n".join(s["observation"]["text"] for r in runs if r["label"]["fault"] is None
                             for s in r["steps"])
    for nm in ("FWD-24871", "FWD-24818", "MV Nordic Aurora", "MV Baltic Aurelia", "Lindgren Hardware AB"):
        check(nm in healthy_text, "near miss %s never shown on a healthy page" % nm)
    check_determinism()
    if failures:
        for f in failures:
            print("FAIL:", f)
        print("%d problem(s)" % len(failures))
        return 1
    by_step = {}
    for r in runs:
        if r["label"]["fault"]:
            by_step.setdefault(r["label"]["first_off_track_step"], []).append(r["label"]["fault"])
    print("OK: %d runs (%d healthy, %d faulty), plan commitments %s" % (
        len(runs), healthy, len(runs) - healthy, sorted(plan_ids)))
    for k in sorted(by_step):
        print("  step %d: %s" % (k, ", ".join(by_step[k])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
