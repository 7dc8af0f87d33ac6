#!/usr/bin/env python3
"""Self-test for the gridops held-out corpus (standard library only; uses PyYAML if present).

Checks: 20 runs (8 healthy, 12 faulty), required fields and types, labels, that every action's
bid exists on the page it acted on and that its target matches that node, step commitments
exist in the plan, the plan's structure, the AXTree line format, and that make_corpus.py is
byte-for-byte deterministic and matches the files on disk.
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
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_filter", "error_page",
                   "permission_denied", "session_expired", "premature_success", "skipped_step",
                   "dialog_mishandled"}
BID_CMD = re.compile(r"^(click|fill|press|select_option|hover|check|uncheck|dblclick|focus|clear)\('([^']+)'")
NOBID_CMD = re.compile(r"^(send_msg_to_user|go_back|go_forward|goto|scroll|noop|report_infeasible)\(")
LINE = re.compile(r"^\t+(\[(?P<bid>[^\]]+)\] )?(?P<role>[A-Za-z]+) (?P<name>'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(?P<rest>.*)$")

errors = []


def err(msg):
    errors.append(msg)


def sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def parse_tree(text, where):
    """Return {bid: "role 'name'"} and check line format."""
    lines = text.split("\n")
    if not lines or not lines[0].startswith("RootWebArea "):
        err(f"{where}: tree must start with RootWebArea")
    nodes = {}
    for ln in lines[1:]:
        m = LINE.match(ln)
        if not m:
            err(f"{where}: malformed AXTree line: {ln!r}")
            continue
        if m.group("bid"):
            if m.group("bid") in nodes:
                err(f"{where}: duplicate bid {m.group('bid')}")
            nodes[m.group("bid")] = f"{m.group('role')} {m.group('name')}"
    return nodes


def check_obs(o, where):
    if not isinstance(o, dict):
        err(f"{where}: observation must be an object")
        return {}
    for k in ("url", "title", "text", "error"):
        if k not in o:
            err(f"{where}: observation missing {k}")
    if not isinstance(o.get("url"), str) or not o.get("url", "").startswith("http"):
        err(f"{where}: bad url")
    if not isinstance(o.get("title"), str) or not o.get("title"):
        err(f"{where}: bad title")
    if o.get("error") is not None and not isinstance(o.get("error"), str):
        err(f"{where}: error must be string or null")
    if not o.get("text", "").startswith(f"RootWebArea {o.get('title')!r}"):
        err(f"{where}: RootWebArea name must equal the title")
    return parse_tree(o.get("text", ""), where)


def plan_ids_and_task(plan_path):
    with open(plan_path, encoding="utf-8") as f:
        raw = f.read()
    try:
        import yaml  # optional
    except ImportError:
        yaml = None
    if yaml is not None:
        plan = yaml.safe_load(raw)
        if not isinstance(plan, dict):
            err("plan: not a mapping")
            return set(), None
        ids = []
        for c in plan.get("commitments", []):
            for k in ("id", "subgoal"):
                if not isinstance(c.get(k), str):
                    err(f"plan: commitment missing {k}")
            kappa = c.get("confidence", 0.5)
            if not (isinstance(kappa, (int, float)) and 0 <= kappa <= 1):
                err(f"plan: {c.get('id')}: confidence out of range")
            for stage in (c.get("confirm") or {}):
                if stage not in ("precondition", "progress", "completion"):
                    err(f"plan: {c.get('id')}: unknown confirm stage {stage}")
            for scope, items in list((c.get("falsify") or {}).items()) + [
                    ("plan." + k, v) for k, v in (plan.get("plan_falsifiers") or {}).items()]:
                if scope.split(".")[-1] not in ("execution", "skill", "planning"):
                    err(f"plan: unknown falsifier scope {scope}")
                for it in items or []:
                    if isinstance(it, dict):
                        if not isinstance(it.get("text"), str) or it.get("on", "state") not in ("state", "action", "both"):
                            err(f"plan: bad evidence item {it}")
                    elif not isinstance(it, str):
                        err(f"plan: evidence item must be a string or mapping: {it!r}")
            ids.append(c.get("id"))
        if len(ids) != len(set(ids)):
            err("plan: duplicate commitment ids")
        return set(ids), plan.get("task")
    # Fallback without PyYAML: the plan is written with JSON-style double-quoted scalars.
    ids = re.findall(r'^\s*- id: (\S+)\s*$', raw, re.M)
    if len(ids) != len(set(ids)):
        err("plan: duplicate commitment ids")
    for on in re.findall(r'^\s*on: (\S+)\s*$', raw, re.M):
        if on not in ("state", "action", "both"):
            err(f"plan: bad on: {on}")
    m = re.search(r'^task: (".*")\s*$', raw, re.M)
    return set(ids), (json.loads(m.group(1)) if m else None)


def main():
    # ---- determinism -----------------------------------------------------------------
    digests = []
    for _ in range(2):
        with tempfile.TemporaryDirectory() as td:
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), td], check=True,
                           stdout=subprocess.DEVNULL)
            digests.append((sha(os.path.join(td, "corpus.jsonl")),
                            sha(os.path.join(td, "plans", "crew_etr.yaml"))))
    if digests[0] != digests[1]:
        err("make_corpus.py is not deterministic")
    if digests[0] != (sha(CORPUS), sha(os.path.join(HERE, "plans", "crew_etr.yaml"))):
        err("corpus.jsonl / plan on disk differ from a fresh make_corpus.py run")

    # ---- corpus --------------------------------------------------------------------------
    with open(CORPUS, encoding="utf-8") as f:
        lines = [ln for ln in f.read().split("\n") if ln.strip()]
    runs = [json.loads(ln) for ln in lines]
    if len(runs) != 20:
        err(f"expected 20 runs, got {len(runs)}")
    ids = [r.get("id") for r in runs]
    if len(ids) != len(set(ids)):
        err("duplicate run ids")

    healthy = faulty = 0
    faults_seen = set()
    step0 = 0
    plan_cache = {}
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err(f"{rid}: missing {k}")
        if not isinstance(r.get("steps"), list) or not r["steps"]:
            err(f"{rid}: steps must be a non-empty list")
            continue
        # plan
        plan = r.get("plan")
        if isinstance(plan, str):
            path = os.path.join(HERE, plan)
            if not os.path.isfile(path):
                err(f"{rid}: plan file {plan} not found")
                continue
            if path not in plan_cache:
                plan_cache[path] = plan_ids_and_task(path)
            cids, ptask = plan_cache[path]
            if ptask != r.get("task"):
                err(f"{rid}: task differs from plan task")
            if os.path.splitext(os.path.basename(plan))[0] != r.get("workflow"):
                err(f"{rid}: plan file name should be plans/<workflow>.yaml")
        else:
            err(f"{rid}: expected a plan path")
            cids = set()
        # label / outcome
        lab = r.get("label") or {}
        if set(lab) < {"fault", "first_off_track_step"}:
            err(f"{rid}: label needs fault and first_off_track_step")
        succ = (r.get("outcome") or {}).get("success")
        if not isinstance(succ, bool):
            err(f"{rid}: outcome.success must be bool")
        if lab.get("fault") is None:
            healthy += 1
            if lab.get("first_off_track_step") is not None:
                err(f"{rid}: healthy run must have first_off_track_step null")
            if succ is not True:
                err(f"{rid}: healthy run should succeed")
        else:
            faulty += 1
            faults_seen.add(lab["fault"])
            s = lab.get("first_off_track_step")
            if not isinstance(s, int) or isinstance(s, bool) or not (0 <= s < len(r["steps"])):
                err(f"{rid}: first_off_track_step out of range")
            if s == 0:
                step0 += 1
            if succ is not False:
                err(f"{rid}: faulty run should not succeed")
        # steps
        prev = check_obs(r.get("initial_observation"), f"{rid}/initial")
        for i, st in enumerate(r["steps"]):
            where = f"{rid}/step{i}"
            a = st.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    err(f"{where}: action missing {k}")
            if a.get("effect") not in EFFECTS:
                err(f"{where}: bad effect {a.get('effect')}")
            if "commitment" in st and st["commitment"] not in cids:
                err(f"{where}: commitment {st['commitment']!r} not in plan")
            cmd = a.get("command", "")
            m = BID_CMD.match(cmd)
            if m:
                bid = m.group(2)
                if bid not in prev:
                    err(f"{where}: bid {bid} not on the page acted on")
                elif prev[bid] != a.get("target"):
                    err(f"{where}: target {a.get('target')!r} != node {prev[bid]!r}")
            elif not NOBID_CMD.match(cmd):
                err(f"{where}: unrecognised command {cmd!r}")
            prev = check_obs(st.get("observation"), where)

    if healthy != 8 or faulty != 12:
        err(f"expected 8 healthy / 12 faulty, got {healthy} / {faulty}")
    missing = REQUIRED_FAULTS - faults_seen
    if missing:
        err(f"fault kinds not covered: {sorted(missing)}")
    if step0 < 1:
        err("no fault labelled at step 0")

    if errors:
        for e in errors[:50]:
            print("FAIL:", e)
        print(f"{len(errors)} problem(s)")
        sys.exit(1)
    print(f"OK: {len(runs)} runs ({healthy} healthy, {faulty} faulty), faults {sorted(faults_seen)}, "
          f"deterministic, bids and targets verified")


if __name__ == "__main__":
    main()
