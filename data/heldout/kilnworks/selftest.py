#!/usr/bin/env python3
"""Validate the KilnWorks corpus against the fcpkit format contract (stdlib only).

Checks: required fields and types; 20 runs = 8 healthy + 12 faulty; label rules;
action effects; each action's bid exists on the page it acted on; commitments named in
steps exist in the plan; plan shape (ids unique, `on:` values valid); AXTree line shape;
make_corpus.py is byte-for-byte reproducible.
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
BID_CMD = re.compile(r"^(click|fill|press|select_option|check|uncheck|hover|focus|clear|dblclick)\('([^']+)'")
OTHER_CMD = re.compile(r"^(send_msg_to_user|noop|go_back|go_forward|goto|scroll)\(")
LINE = re.compile(r"^(\t*)(\[[^\]\s]+\] )?[A-Za-z]+ ('.*'|\".*\")(, .+)?$")
errors = []


def err(msg):
    errors.append(msg)


def check_obs(o, where):
    if not isinstance(o, dict):
        return err("%s: observation is not an object" % where)
    for f in ("url", "title", "text", "error"):
        if f not in o:
            err("%s: observation lacks %s" % (where, f))
    if not isinstance(o.get("text"), str) or not o.get("text"):
        err("%s: empty text" % where)
        return
    lines = o["text"].split("\n")
    if not lines[0].startswith("RootWebArea "):
        err("%s: first line is not RootWebArea" % where)
    bids = []
    for ln in lines:
        if not LINE.match(ln):
            err("%s: bad AXTree line %r" % (where, ln[:80]))
        m = re.match(r"^\t*\[([^\]]+)\]", ln)
        if m:
            bids.append(m.group(1))
    if len(bids) != len(set(bids)):
        err("%s: duplicate bids on one page" % where)


def plan_ids(path):
    text = open(path, encoding="utf-8").read()
    for key in ("task:", "plan_falsifiers:", "commitments:"):
        if not re.search(r"^%s" % re.escape(key), text, re.M):
            err("plan lacks %s" % key)
    ids = re.findall(r"^  - id: (\S+)\s*$", text, re.M)
    if len(ids) != len(set(ids)):
        err("plan ids not unique")
    for on in re.findall(r"\bon: (\w+)", text):
        if on not in ("state", "action", "both"):
            err("plan: bad on: %s" % on)
    for c in re.findall(r"confidence: ([0-9.]+)", text):
        if not 0 <= float(c) <= 1:
            err("plan: confidence out of range %s" % c)
    if "\t" in text:
        err("plan contains tabs")
    return set(ids)


def main():
    runs = [json.loads(l) for l in open(CORPUS, encoding="utf-8") if l.strip()]
    if len(runs) != 20:
        err("expected 20 runs, got %d" % len(runs))
    ids = [r.get("id") for r in runs]
    if len(ids) != len(set(ids)):
        err("run ids not unique")
    healthy = [r for r in runs if r["label"]["fault"] is None]
    faulty = [r for r in runs if r["label"]["fault"] is not None]
    if len(healthy) != 8 or len(faulty) != 12:
        err("expected 8 healthy / 12 faulty, got %d / %d" % (len(healthy), len(faulty)))
    plans = set(r.get("plan") for r in runs)
    tasks = set(r.get("task") for r in runs)
    if len(plans) != 1 or len(tasks) != 1:
        err("runs disagree on plan or task")
    plan_path = os.path.join(HERE, list(plans)[0])
    if not os.path.exists(plan_path):
        err("plan file missing: %s" % plan_path)
        cids = set()
    else:
        cids = plan_ids(plan_path)
    for r in runs:
        rid = r.get("id")
        for f in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if f not in r:
                err("%s: missing %s" % (rid, f))
        lab = r["label"]
        if set(("fault", "first_off_track_step")) - set(lab):
            err("%s: label fields" % rid)
        steps = r["steps"]
        if not steps:
            err("%s: no steps" % rid)
        if lab["fault"] is None:
            if lab["first_off_track_step"] is not None:
                err("%s: healthy with off-track step" % rid)
            if r["outcome"].get("success") is not True:
                err("%s: healthy run not successful" % rid)
        else:
            s = lab["first_off_track_step"]
            if not isinstance(s, int) or not 0 <= s < len(steps):
                err("%s: off-track step %r out of range" % (rid, s))
            if r["outcome"].get("success") is not False:
                err("%s: faulty run marked successful" % rid)
        check_obs(r["initial_observation"], "%s/init" % rid)
        prev = r["initial_observation"]
        for i, st in enumerate(steps):
            where = "%s/step%d" % (rid, i)
            a = st.get("action", {})
            for f in ("command", "reasoning", "target", "effect"):
                if f not in a:
                    err("%s: action lacks %s" % (where, f))
            if a.get("effect") not in EFFECTS:
                err("%s: bad effect %r" % (where, a.get("effect")))
            c = st.get("commitment")
            if c is not None and c not in cids:
                err("%s: unknown commitment %r" % (where, c))
            cmd = a.get("command", "")
            m = BID_CMD.match(cmd)
            if m:
                if "[%s] " % m.group(2) not in prev["text"]:
                    err("%s: bid %s not on the page acted on" % (where, m.group(2)))
                else:
                    line = [l for l in prev["text"].split("\n") if ("[%s] " % m.group(2)) in l][0]
                    if a.get("target") and a["target"] not in line:
                        err("%s: target %r does not match node %r" % (where, a["target"], line.strip()))
            elif not OTHER_CMD.match(cmd):
                err("%s: unrecognised command %r" % (where, cmd))
            check_obs(st.get("observation"), where)
            prev = st["observation"]
    # determinism
    with tempfile.TemporaryDirectory() as d:
        for _ in range(2):
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), d], check=True,
                           stdout=subprocess.DEVNULL)
            for rel in ("corpus.jsonl", os.path.relpath(plan_path, HERE)):
                a = hashlib.sha256(open(os.path.join(d, rel), "rb").read()).hexdigest()
                b = hashlib.sha256(open(os.path.join(HERE, rel), "rb").read()).hexdigest()
                if a != b:
                    err("make_corpus.py output differs for %s" % rel)
    if errors:
        for e in errors[:50]:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        sys.exit(1)
    faults = {}
    for r in faulty:
        faults.setdefault(r["label"]["fault"], []).append(r["label"]["first_off_track_step"])
    print("OK: %d runs (%d healthy, %d faulty); faults: %s" % (len(runs), len(healthy), len(faulty),
                                                               json.dumps(faults, sort_keys=True)))


if __name__ == "__main__":
    main()
