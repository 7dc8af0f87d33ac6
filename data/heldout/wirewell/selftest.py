#!/usr/bin/env python3
"""Validate the Wirewell CareDesk corpus against the fcpkit format contract.

Checks: required fields and types, labels (healthy vs faulty, step index in range),
plan file (loads, commitment ids unique, evidence items well formed, every step's
commitment exists), that every bid an action uses is on the page it acted on,
AXTree line syntax, fault coverage, and that make_corpus.py is byte-for-byte
deterministic and matches the committed files.  Standard library only (PyYAML is
used for an extra full load of the plan when it happens to be installed).
"""
import filecmp
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
N_RUNS, N_HEALTHY, N_FAULTY = 20, 8, 12
EFFECTS = {"read", "write", "irreversible"}
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_constraint",
                   "permission_denied", "premature_success", "skipped_step",
                   "dialog_mishandled"}
BID_CMD = re.compile(r"^(click|dblclick|hover|fill|press|focus|clear|check|uncheck|select_option)"
                     r"\('([^']+)'")
ANY_CMD = re.compile(r"^(click|dblclick|hover|fill|press|focus|clear|check|uncheck|select_option|"
                     r"send_msg_to_user|goto|go_back|go_forward|scroll|noop)\(.*\)$", re.S)
NODE = re.compile(r"^\t*(\[[0-9]+\] [a-zA-Z]+ ('.*'|\".*\")(, .+)?|StaticText ('.*'|\".*\"))$")

errors = []


def err(msg):
    errors.append(msg)


def check_obs(o, where):
    if not isinstance(o, dict):
        err("%s: observation is not an object" % where)
        return
    for k in ("url", "title", "text", "error"):
        if k not in o:
            err("%s: observation lacks %r" % (where, k))
    if not isinstance(o.get("url"), str) or not o["url"].startswith("http"):
        err("%s: bad url" % where)
    if not isinstance(o.get("title"), str) or not o["title"]:
        err("%s: bad title" % where)
    if o.get("error") is not None and not isinstance(o["error"], str):
        err("%s: error must be a string or null" % where)
    text = o.get("text")
    if not isinstance(text, str) or not text:
        err("%s: empty text" % where)
        return
    lines = text.split("\n")
    if lines[0] != "RootWebArea %r, focused" % o["title"]:
        err("%s: first line is not the RootWebArea with the page title" % where)
    seen = set()
    for ln in lines[1:]:
        if not NODE.match(ln):
            err("%s: malformed AXTree line %r" % (where, ln))
        m = re.match(r"^\t*\[([0-9]+)\]", ln)
        if m:
            if m.group(1) in seen:
                err("%s: duplicate bid %s" % (where, m.group(1)))
            seen.add(m.group(1))


def parse_plan_ids(path):
    ids = re.findall(r"^  - id: (\S+)\s*$", open(path, encoding="utf-8").read(), re.M)
    return ids


def check_plan(path):
    if not os.path.exists(path):
        err("plan file missing: %s" % path)
        return set()
    ids = parse_plan_ids(path)
    if len(ids) != len(set(ids)) or not ids:
        err("plan: commitment ids missing or not unique: %s" % ids)
    try:
        import yaml  # optional
    except ImportError:
        return set(ids)
    plan = yaml.safe_load(open(path, encoding="utf-8"))
    if not isinstance(plan.get("task"), str):
        err("plan: task missing")
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        for it in items:
            check_item(it, "plan_falsifiers.%s" % scope)
    for c in plan["commitments"]:
        if not 0 <= float(c.get("confidence", 0.5)) <= 1:
            err("plan: %s confidence out of range" % c["id"])
        for stage in (c.get("confirm") or {}):
            if stage not in ("precondition", "progress", "completion"):
                err("plan: %s unknown confirm stage %s" % (c["id"], stage))
            for it in c["confirm"][stage] or []:
                check_item(it, "%s.confirm.%s" % (c["id"], stage))
        for scope in (c.get("falsify") or {}):
            if scope not in ("execution", "skill", "planning"):
                err("plan: %s unknown falsify scope %s" % (c["id"], scope))
            for it in c["falsify"][scope] or []:
                check_item(it, "%s.falsify.%s" % (c["id"], scope))
    if [c["id"] for c in plan["commitments"]] != ids:
        err("plan: regex and YAML disagree on commitment ids")
    return set(ids)


def check_item(it, where):
    if isinstance(it, str):
        if not it.strip():
            err("plan %s: empty evidence" % where)
    elif isinstance(it, dict):
        if not isinstance(it.get("text"), str) or it.get("on", "state") not in ("state", "action", "both"):
            err("plan %s: bad evidence mapping %r" % (where, it))
    else:
        err("plan %s: evidence must be a string or mapping" % where)


def check_corpus():
    runs = [json.loads(l) for l in open(CORPUS, encoding="utf-8") if l.strip()]
    if len(runs) != N_RUNS:
        err("expected %d runs, found %d" % (N_RUNS, len(runs)))
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        err("duplicate run ids")
    plan_ids_cache = {}
    healthy = faulty = 0
    faults = {}
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err("%s: missing %s" % (rid, k))
        if not isinstance(r.get("plan"), str):
            err("%s: plan should be a path here" % rid)
            continue
        ppath = os.path.join(os.path.dirname(CORPUS), r["plan"])
        if ppath not in plan_ids_cache:
            plan_ids_cache[ppath] = check_plan(ppath)
        cids = plan_ids_cache[ppath]
        lab = r["label"]
        steps = r["steps"]
        if not isinstance(steps, list) or not steps:
            err("%s: no steps" % rid)
            continue
        if lab.get("fault") is None:
            healthy += 1
            if lab.get("first_off_track_step") is not None:
                err("%s: healthy run with an off-track step" % rid)
            if r["outcome"].get("success") is not True:
                err("%s: healthy run should succeed" % rid)
        else:
            faulty += 1
            faults.setdefault(lab["fault"], []).append(lab["first_off_track_step"])
            s = lab.get("first_off_track_step")
            if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < len(steps):
                err("%s: first_off_track_step %r out of range" % (rid, s))
            if r["outcome"].get("success") is not False:
                err("%s: faulty run should not succeed" % rid)
        check_obs(r["initial_observation"], "%s initial" % rid)
        prev = r["initial_observation"]
        for i, st in enumerate(steps):
            where = "%s step %d" % (rid, i)
            a = st.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    err("%s: action lacks %s" % (where, k))
            if a.get("effect") not in EFFECTS:
                err("%s: bad effect %r" % (where, a.get("effect")))
            cmd = a.get("command", "")
            if not ANY_CMD.match(cmd):
                err("%s: unrecognised command %r" % (where, cmd))
            m = BID_CMD.match(cmd)
            if m:
                bid = m.group(2)
                hit = [ln for ln in prev["text"].split("\n")
                       if ln.lstrip("\t").startswith("[%s] " % bid)]
                if not hit:
                    err("%s: bid %s not on the page acted on" % (where, bid))
                elif a.get("target") and not hit[0].lstrip("\t").split("] ", 1)[1].startswith(a["target"]):
                    err("%s: target %r does not match node %r" % (where, a["target"], hit[0]))
            if "commitment" in st and st["commitment"] not in cids:
                err("%s: unknown commitment %r" % (where, st["commitment"]))
            check_obs(st.get("observation"), where)
            prev = st["observation"]
    if healthy != N_HEALTHY or faulty != N_FAULTY:
        err("expected %d healthy / %d faulty, found %d / %d" % (N_HEALTHY, N_FAULTY, healthy, faulty))
    missing = REQUIRED_FAULTS - set(faults)
    if missing:
        err("fault kinds not covered: %s" % sorted(missing))
    if not any(0 in v for v in faults.values()):
        err("no fault visible on the start page (step 0)")
    # near misses must also appear on healthy pages
    healthy_text = "\n".join(s["observation"]["text"] for r in runs if r["label"]["fault"] is None
                             for s in r["steps"])
    for nm in ("WW-480231", "WW-408213", "Marisela Okafor-Reyes", "Fibre Flex 500 Plus"):
        if nm not in healthy_text:
            err("near miss %r never appears on a healthy page" % nm)
    return runs, faults


def check_determinism():
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        for d in (a, b):
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", d],
                           check=True, stdout=subprocess.DEVNULL,
                           env=dict(os.environ, PYTHONHASHSEED="random"))
        for rel in ("corpus.jsonl", os.path.join("plans", "wirewell_plan_change.yaml")):
            if not filecmp.cmp(os.path.join(a, rel), os.path.join(b, rel), shallow=False):
                err("make_corpus.py is not deterministic for %s" % rel)
            if not filecmp.cmp(os.path.join(a, rel), os.path.join(HERE, rel), shallow=False):
                err("%s differs from a fresh make_corpus.py run" % rel)


def main():
    runs, faults = check_corpus()
    check_determinism()
    if errors:
        for e in errors:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        return 1
    print("OK: %d runs (%d healthy, %d faulty), %d steps" % (
        len(runs), sum(r["label"]["fault"] is None for r in runs),
        sum(r["label"]["fault"] is not None for r in runs), sum(len(r["steps"]) for r in runs)))
    for f in sorted(faults):
        print("  %-24s first_off_track_step %s" % (f, faults[f]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
