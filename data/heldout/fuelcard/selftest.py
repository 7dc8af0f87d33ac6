#!/usr/bin/env python3
"""Validate the fuelcard corpus against the fcpkit format contract (FORMATS.md).

Checks: required fields and types, labels, healthy/faulty counts, fault coverage,
that every bid an action uses exists on the page it was acted on (and that the
action's target names that node), commitment ids against the plan, a structural
check of the plan, and that make_corpus.py is byte-for-byte reproducible.

Standard library only (uses PyYAML for an extra plan check if it happens to be installed).
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
N_HEALTHY, N_FAULTY = 8, 12
EFFECTS = {"read", "write", "irreversible"}
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_change",
                   "stale_filter", "error_page", "permission_denied", "session_expired",
                   "premature_success", "skipped_step", "dialog_mishandled"}
BID_CMD = re.compile(r"^(click|dblclick|hover|fill|select_option|press|focus|clear|check|uncheck)"
                     r"\('([^']+)'(?:, '(?:[^'\\]|\\.)*')?\)$")
MSG_CMD = re.compile(r"^send_msg_to_user\('(?:[^'\\]|\\.)*'\)$")
LINE = re.compile(r"^(\t*)(\[([A-Za-z0-9]+)\] )?([A-Za-z]+) '([^']*)'( value='[^']*')?(, .+)?$")

errors = []


def err(msg):
    errors.append(msg)


def sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def check_determinism():
    with tempfile.TemporaryDirectory(prefix="fuelcard-") as tmp:
        outs = []
        for n in range(2):
            d = os.path.join(tmp, str(n))
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", d],
                           check=True)
            outs.append(d)
        for rel in ["corpus.jsonl", os.path.join("plans", "fuelcard.yaml")]:
            h = [sha(os.path.join(d, rel)) for d in outs] + [sha(os.path.join(HERE, rel))]
            if len(set(h)) != 1:
                err("make_corpus.py is not reproducible for %s (or the checked-in copy is "
                    "stale)" % rel)


def parse_tree(text, where):
    """Return {bid: line-without-indent}; check the flattened-AXTree line shape."""
    bids = {}
    lines = text.split("\n")
    if not lines or not lines[0].startswith("RootWebArea '"):
        err("%s: tree must start with a RootWebArea node" % where)
    prev_depth = 0
    for i, ln in enumerate(lines):
        m = LINE.match(ln)
        if not m:
            err("%s: line %d is not '[bid] role 'name'' shaped: %r" % (where, i, ln[:80]))
            continue
        depth = len(m.group(1))
        if depth > prev_depth + 1:
            err("%s: line %d jumps indentation" % (where, i))
        prev_depth = depth
        if m.group(3):
            if m.group(3) in bids:
                err("%s: duplicate bid %s" % (where, m.group(3)))
            bids[m.group(3)] = "%s '%s'" % (m.group(4), m.group(5))
    return bids


def check_obs(o, where):
    if not isinstance(o, dict):
        err("%s: observation must be an object" % where)
        return {}
    for k in ("url", "title", "text"):
        if not isinstance(o.get(k), str) or not o.get(k):
            err("%s: observation.%s must be a non-empty string" % (where, k))
    if "error" not in o or not (o["error"] is None or isinstance(o["error"], str)):
        err("%s: observation.error must be present (null or string)" % where)
    if not str(o.get("url", "")).startswith("http://127.0.0.1:8000/"):
        err("%s: unexpected url %r" % (where, o.get("url")))
    return parse_tree(o.get("text", ""), where)


def load_plan(path):
    with open(path, encoding="utf-8") as f:
        src = f.read()
    ids = re.findall(r"^  - id: (\S+)\s*$", src, re.M)
    if len(ids) != len(set(ids)) or not ids:
        err("plan: commitment ids missing or not unique: %r" % ids)
    for key in ("task:", "plan_falsifiers:", "commitments:"):
        if not re.search(r"^%s" % re.escape(key), src, re.M):
            err("plan: missing top-level %s" % key)
    if "on: action" not in src:
        err("plan: expected at least one action falsifier (on: action)")
    task = re.search(r'^task: "(.*)"$', src, re.M)
    try:
        import yaml  # optional
    except ImportError:
        yaml = None
    if yaml is not None:
        doc = yaml.safe_load(src)
        if [c["id"] for c in doc["commitments"]] != ids:
            err("plan: YAML parse disagrees with the id scan")
        for c in doc["commitments"]:
            k = c.get("confidence", 0.5)
            if not 0 <= k <= 1:
                err("plan: confidence out of range in %s" % c["id"])
            for stage in (c.get("confirm") or {}):
                if stage not in ("precondition", "progress", "completion"):
                    err("plan: unknown confirm stage %s" % stage)
            for scope in (c.get("falsify") or {}):
                if scope not in ("execution", "skill", "planning"):
                    err("plan: unknown falsify scope %s" % scope)
                for item in c["falsify"][scope]:
                    if isinstance(item, dict) and item.get("on", "state") not in (
                            "state", "action", "both"):
                        err("plan: bad 'on' in %s" % c["id"])
    return set(ids), (task.group(1) if task else None)


def main():
    check_determinism()
    with open(CORPUS, encoding="utf-8") as f:
        raw = [ln for ln in f.read().split("\n") if ln.strip()]
    runs = []
    for i, ln in enumerate(raw):
        try:
            runs.append(json.loads(ln))
        except ValueError as e:
            err("line %d: invalid JSON: %s" % (i + 1, e))
    if len(runs) != N_HEALTHY + N_FAULTY:
        err("expected %d runs, found %d" % (N_HEALTHY + N_FAULTY, len(runs)))
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        err("run ids are not unique")

    plans = {}
    healthy = faulty = 0
    faults = set()
    step0 = []
    for r in runs:
        rid = r.get("id", "?")
        for k, t in (("id", str), ("workflow", str), ("task", str), ("label", dict),
                     ("initial_observation", dict), ("steps", list), ("outcome", dict)):
            if not isinstance(r.get(k), t):
                err("%s: field %s missing or not %s" % (rid, k, t.__name__))
        if r.get("workflow") != "fuelcard":
            err("%s: workflow must be 'fuelcard'" % rid)
        plan = r.get("plan")
        if not isinstance(plan, str):
            err("%s: plan must be a relative path here" % rid)
            continue
        ppath = os.path.join(HERE, plan)
        if not os.path.isfile(ppath):
            err("%s: plan file %s not found" % (rid, plan))
            continue
        if ppath not in plans:
            plans[ppath] = load_plan(ppath)
        cids, ptask = plans[ppath]
        if ptask != r.get("task"):
            err("%s: task text differs from the plan's task" % rid)

        label = r.get("label", {})
        if "fault" not in label or "first_off_track_step" not in label:
            err("%s: label needs fault and first_off_track_step" % rid)
        steps = r.get("steps", [])
        fault, off = label.get("fault"), label.get("first_off_track_step")
        succ = r.get("outcome", {}).get("success")
        if not isinstance(succ, bool):
            err("%s: outcome.success must be a bool" % rid)
        if fault is None:
            healthy += 1
            if off is not None:
                err("%s: healthy run must have first_off_track_step null" % rid)
            if succ is not True:
                err("%s: healthy run must succeed" % rid)
        else:
            faulty += 1
            faults.add(fault)
            if not isinstance(fault, str) or not re.match(r"^[a-z_]+$", fault):
                err("%s: fault must be a snake_case string" % rid)
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                err("%s: first_off_track_step %r out of range" % (rid, off))
            if succ is not False:
                err("%s: faulty run must not succeed" % rid)
            if off == 0:
                step0.append(rid)
            if not rid.startswith("fuelcard-%s-" % fault):
                err("%s: id should name its fault" % rid)

        cur = check_obs(r.get("initial_observation"), rid + " initial")
        if not steps:
            err("%s: no steps" % rid)
        for si, st in enumerate(steps):
            where = "%s step %d" % (rid, si)
            a = st.get("action")
            if not isinstance(a, dict):
                err("%s: action missing" % where)
                continue
            cmd = a.get("command")
            for k in ("command", "reasoning"):
                if not isinstance(a.get(k), str) or not a.get(k):
                    err("%s: action.%s must be a non-empty string" % (where, k))
            if a.get("effect") not in EFFECTS:
                err("%s: effect %r not in %s" % (where, a.get("effect"), sorted(EFFECTS)))
            c = st.get("commitment")
            if c is not None and c not in cids:
                err("%s: commitment %r is not in the plan" % (where, c))
            m = BID_CMD.match(cmd or "")
            if m:
                bid = m.group(2)
                if bid not in cur:
                    err("%s: bid %s not on the page acted on" % (where, bid))
                elif a.get("target") != cur[bid]:
                    err("%s: target %r does not match node %r" % (where, a.get("target"),
                                                                  cur[bid]))
            elif MSG_CMD.match(cmd or ""):
                if a.get("target") is not None:
                    err("%s: send_msg_to_user should have no target" % where)
            else:
                err("%s: unrecognised command %r" % (where, cmd))
            if si == len(steps) - 1 and not (cmd or "").startswith("send_msg_to_user("):
                err("%s: last action should report to the user" % where)
            cur = check_obs(st.get("observation"), where)

        # healthy runs must really end with the change saved on the target card
        if fault is None:
            seen = "\n".join(s["observation"]["text"] for s in steps)
            if "Spending limits updated for card •••• 4417." not in seen:
                err("%s: healthy run never shows the confirmation toast" % rid)
            if "Sign in to Tankwise Fleet" in seen or "Something went wrong" in seen:
                err("%s: healthy run shows an error page" % rid)

    if healthy != N_HEALTHY or faulty != N_FAULTY:
        err("expected %d healthy + %d faulty, found %d + %d" % (N_HEALTHY, N_FAULTY, healthy,
                                                               faulty))
    missing = REQUIRED_FAULTS - faults
    if missing:
        err("fault kinds not covered: %s" % sorted(missing))
    if not step0:
        err("expected at least one fault labelled at step 0")

    # near misses must also be present on healthy pages (not only on faulty ones)
    hp = "\n".join(s["observation"]["text"] for r in runs if r["label"]["fault"] is None
                   for s in r["steps"])
    for nm in ("•••• 4471", "•••• 4117", "•••• 4414", "•••• 1447", "•••• 4477",
               "Marta Kowalski", "Martin Kowalczyk", "Marty Kowalczuk"):
        if nm not in hp:
            err("near miss %r never appears on a healthy page" % nm)

    if errors:
        for e in errors:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        return 1
    print("OK: %d runs (%d healthy, %d faulty), %d fault kinds, step-0 faults: %s; "
          "make_corpus.py reproducible" % (len(runs), healthy, faulty, len(faults),
                                           ", ".join(step0)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
