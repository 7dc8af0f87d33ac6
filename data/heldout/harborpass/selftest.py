#!/usr/bin/env python3
"""Validate the HarborPass corpus against the fcpkit format contract (stdlib only)."""
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
FAULTS = {"wrong_record", "wrong_value", "silent_noop", "stale_filter", "unrequested_filter",
          "permission_denied", "session_expired", "premature_success", "skipped_step",
          "dialog_mishandled"}
errors = []


def err(msg):
    errors.append(msg)


def check_obs(o, where):
    if not isinstance(o, dict):
        return err("%s: observation is not an object" % where)
    for k in ("url", "title", "text", "error"):
        if k not in o:
            err("%s: observation lacks %s" % (where, k))
    if not isinstance(o.get("text"), str) or not o.get("text"):
        err("%s: empty text" % where)
    for i, line in enumerate(o.get("text", "").split("\n")):
        if not re.match(r"^\t*(\[[A-Za-z0-9]+\] \S+ (['\"]).*\2(, .*)?|StaticText (['\"]).*\4)$", line):
            err("%s: line %d not in AXTree form: %r" % (where, i, line))


def bids(text):
    out = {}
    for line in text.split("\n"):
        m = re.match(r"^\t*\[([A-Za-z0-9]+)\] (\S+) (.*?)(, [a-zA-Z]+=.*|, clickable.*|, focused.*)?$", line)
        if m:
            out[m.group(1)] = "%s %s" % (m.group(2), m.group(3))
    return out


def plan_ids(path):
    text = open(path, encoding="utf-8").read()
    try:
        import yaml  # optional
        d = yaml.safe_load(text)
        assert isinstance(d.get("task"), str)
        ids = [c["id"] for c in d["commitments"]]
        return d["task"], ids
    except ImportError:
        task = re.search(r'^task: "(.*)"$', text, re.M).group(1)
        return task, re.findall(r"^  - id: (\S+)$", text, re.M)


def main():
    lines = open(CORPUS, encoding="utf-8").read().splitlines()
    runs = [json.loads(l) for l in lines]
    if len(runs) != 20:
        err("expected 20 runs, got %d" % len(runs))
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        err("duplicate ids")
    healthy = [r for r in runs if r["label"]["fault"] is None]
    faulty = [r for r in runs if r["label"]["fault"] is not None]
    if len(healthy) != 8 or len(faulty) != 12:
        err("expected 8 healthy / 12 faulty, got %d / %d" % (len(healthy), len(faulty)))
    plans = {}
    for r in runs:
        w = r.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err("%s: missing %s" % (w, k))
        pp = os.path.join(HERE, r["plan"])
        if not os.path.exists(pp):
            err("%s: plan file %s missing" % (w, r["plan"]))
            continue
        if pp not in plans:
            plans[pp] = plan_ids(pp)
        ptask, cids = plans[pp]
        if ptask != r["task"]:
            err("%s: task differs from plan task" % w)
        lab = r["label"]
        f, s = lab.get("fault"), lab.get("first_off_track_step", "missing")
        if f is None:
            if s is not None:
                err("%s: healthy run with a step" % w)
            if r["outcome"].get("success") is not True:
                err("%s: healthy run not successful" % w)
        else:
            if f not in FAULTS:
                err("%s: unknown fault %s" % (w, f))
            if not isinstance(s, int) or not (0 <= s < len(r["steps"])):
                err("%s: bad first_off_track_step %r" % (w, s))
            if r["outcome"].get("success") is not False:
                err("%s: faulty run marked successful" % w)
        if not isinstance(r["outcome"].get("success"), bool):
            err("%s: outcome.success not bool" % w)
        check_obs(r["initial_observation"], "%s/initial" % w)
        prev = r["initial_observation"]
        for i, st in enumerate(r["steps"]):
            where = "%s/step%d" % (w, i)
            a = st.get("action", {})
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    err("%s: action lacks %s" % (where, k))
            if a.get("effect") not in EFFECTS:
                err("%s: bad effect %r" % (where, a.get("effect")))
            if st.get("commitment") is not None and st["commitment"] not in cids:
                err("%s: unknown commitment %s" % (where, st["commitment"]))
            cmd = a.get("command", "")
            m = re.match(r"^(click|fill|select_option)\('([^']+)'", cmd)
            if m:
                table = bids(prev["text"])
                bid = m.group(2)
                if bid not in table:
                    err("%s: bid %s not on the page acted on" % (where, bid))
                elif table[bid] != a["target"]:
                    err("%s: target %r != node %r" % (where, a["target"], table[bid]))
            elif not cmd.startswith("send_msg_to_user("):
                err("%s: unexpected command %s" % (where, cmd))
            check_obs(st.get("observation"), where)
            prev = st["observation"]
    # determinism
    digests = []
    for _ in range(2):
        with tempfile.TemporaryDirectory() as d:
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", d],
                           check=True, stdout=subprocess.DEVNULL)
            h = hashlib.sha256()
            for rel in ("corpus.jsonl", "plans/slip-transfer.yaml"):
                h.update(open(os.path.join(d, rel), "rb").read())
            digests.append(h.hexdigest())
    here = hashlib.sha256()
    for rel in ("corpus.jsonl", "plans/slip-transfer.yaml"):
        here.update(open(os.path.join(HERE, rel), "rb").read())
    if not (digests[0] == digests[1] == here.hexdigest()):
        err("make_corpus.py output is not reproducible or files are stale")
    if errors:
        for e in errors[:50]:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        sys.exit(1)
    print("selftest OK: %d runs (%d healthy, %d faulty), deterministic" % (len(runs), len(healthy), len(faulty)))


if __name__ == "__main__":
    main()
