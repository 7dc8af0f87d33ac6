#!/usr/bin/env python3
"""Validate the kennelry corpus against the fcpkit format contract (stdlib only)."""
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
BID_CMD = re.compile(r"^(click|dblclick|fill|select_option|press|hover|check|uncheck|focus|clear)\('([^']+)'")
FREE_CMD = re.compile(r"^(send_msg_to_user|scroll|noop|go_back|go_forward|goto)\(")
EXPECTED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_filter", "error_page",
                   "permission_denied", "stale_filter", "premature_success", "skipped_step",
                   "dialog_mishandled", "session_lost"}
errors = []


def err(msg):
    errors.append(msg)


def check_obs(rid, where, o):
    if not isinstance(o, dict):
        return err("%s %s: observation is not an object" % (rid, where))
    for k in ("url", "title", "text", "error"):
        if k not in o:
            err("%s %s: observation lacks %r" % (rid, where, k))
    if not isinstance(o.get("text"), str) or not o.get("text", "").startswith("RootWebArea '"):
        err("%s %s: text is not a flattened AXTree" % (rid, where))
    if o.get("error") is not None and not isinstance(o.get("error"), str):
        err("%s %s: error must be string or null" % (rid, where))


def plan_ids(path):
    with open(path, encoding="utf-8") as f:
        txt = f.read()
    for key in ("task:", "plan_falsifiers:", "commitments:"):
        if key not in txt:
            err("plan lacks %s" % key)
    ids = re.findall(r"^  - id: (\S+)$", txt, re.M)
    if len(ids) != len(set(ids)):
        err("plan has duplicate commitment ids")
    for c in re.findall(r"confidence: ([0-9.]+)", txt):
        if not 0 <= float(c) <= 1:
            err("plan confidence out of range: %s" % c)
    for on in re.findall(r"on: (\w+)", txt):
        if on not in ("state", "action", "both"):
            err("plan has bad on: %s" % on)
    return set(ids)


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main():
    runs = []
    with open(CORPUS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                runs.append(json.loads(line))
            except ValueError as e:
                err("line %d: bad JSON (%s)" % (n, e))
    if len(runs) != 20:
        err("expected 20 runs, found %d" % len(runs))
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        err("duplicate run ids")
    healthy = [r for r in runs if r.get("label", {}).get("fault") is None]
    faulty = [r for r in runs if r.get("label", {}).get("fault") is not None]
    if len(healthy) != 8 or len(faulty) != 12:
        err("expected 8 healthy / 12 faulty, got %d / %d" % (len(healthy), len(faulty)))
    missing = EXPECTED_FAULTS - {r["label"]["fault"] for r in faulty}
    if missing:
        err("fault kinds not covered: %s" % sorted(missing))
    plans = {}
    for r in runs:
        rid = r.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err("%s: lacks %r" % (rid, k))
        plan = r.get("plan")
        if isinstance(plan, str):
            p = os.path.join(HERE, plan)
            if not os.path.exists(p):
                err("%s: plan %s missing" % (rid, plan))
                continue
            if p not in plans:
                plans[p] = plan_ids(p)
            cids = plans[p]
        else:
            err("%s: expected plan path" % rid)
            cids = set()
        lab = r["label"]
        steps = r["steps"]
        if not steps:
            err("%s: no steps" % rid)
        if lab["fault"] is None:
            if lab.get("first_off_track_step") is not None or r["outcome"].get("success") is not True:
                err("%s: healthy run must have null step and success true" % rid)
        else:
            s = lab.get("first_off_track_step")
            if not isinstance(s, int) or not 0 <= s < len(steps):
                err("%s: first_off_track_step %r out of range" % (rid, s))
            if r["outcome"].get("success") is not False:
                err("%s: faulty run must have success false" % rid)
        check_obs(rid, "initial", r["initial_observation"])
        prev = r["initial_observation"]
        for i, st in enumerate(steps):
            a = st.get("action", {})
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    err("%s step %d: action lacks %r" % (rid, i, k))
            if a.get("effect") not in EFFECTS:
                err("%s step %d: bad effect %r" % (rid, i, a.get("effect")))
            if st.get("commitment") is not None and st["commitment"] not in cids:
                err("%s step %d: unknown commitment %r" % (rid, i, st["commitment"]))
            cmd = a.get("command", "")
            m = BID_CMD.match(cmd)
            if m:
                bid = m.group(2)
                if not re.search(r"(^|\s)\[%s\] " % re.escape(bid), prev["text"]):
                    err("%s step %d: bid %s not on the page acted on" % (rid, i, bid))
                tgt = a.get("target", "")
                if tgt and tgt.split(" ", 1)[-1] not in prev["text"]:
                    err("%s step %d: target %r not on the page acted on" % (rid, i, tgt))
            elif not FREE_CMD.match(cmd):
                err("%s step %d: unrecognised command %r" % (rid, i, cmd))
            check_obs(rid, "step %d" % i, st.get("observation"))
            prev = st["observation"]
    # determinism: regenerate twice elsewhere and compare byte for byte
    gen = os.path.join(HERE, "make_corpus.py")
    outs = []
    for _ in range(2):
        d = tempfile.mkdtemp()
        subprocess.run([sys.executable, gen, "--out", d], check=True, stdout=subprocess.DEVNULL)
        outs.append((digest(os.path.join(d, "corpus.jsonl")), digest(os.path.join(d, "plans", "adoption-approval.yaml"))))
    here = (digest(CORPUS), digest(os.path.join(HERE, "plans", "adoption-approval.yaml")))
    if not (outs[0] == outs[1] == here):
        err("make_corpus.py is not byte-for-byte reproducible (or committed files are stale)")
    if errors:
        for e in errors:
            print("FAIL:", e)
        sys.exit(1)
    print("OK: %d runs (%d healthy, %d faulty), plan commitments %s" %
          (len(runs), len(healthy), len(faulty), sorted(next(iter(plans.values())))))


if __name__ == "__main__":
    main()
