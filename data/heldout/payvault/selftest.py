#!/usr/bin/env python3
"""Validate the payvault corpus against the FORMATS.md contract (standard library only)."""
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EFFECTS = {"read", "write", "irreversible"}
BID_CMD = re.compile(r"^(click|fill|select_option|press|hover|focus|clear|dblclick)\('([^']+)'")
FAILS = []


def fail(msg):
    FAILS.append(msg)


def check_obs(o, where):
    if not isinstance(o, dict):
        return fail(where + ": observation not an object")
    for k in ("url", "title", "text", "error"):
        if k not in o:
            fail("{}: observation missing {}".format(where, k))
    if not isinstance(o.get("text"), str) or not o["text"]:
        fail(where + ": empty text")
    for i, line in enumerate(o.get("text", "").split("\n")):
        if not re.match(r"^\t*\[\d+\] \S+ '.*'", line):
            fail("{}: line {} not in [bid] role 'name' form: {!r}".format(where, i, line[:60]))
            break
    bids = re.findall(r"^\t*\[(\d+)\]", o.get("text", ""), re.M)
    if len(bids) != len(set(bids)):
        fail(where + ": duplicate bids on one page")


def plan_ids(path):
    ids = re.findall(r"^\s*- id: (\S+)", open(path, encoding="utf-8").read(), re.M)
    return ids


def main():
    runs = [json.loads(l) for l in open(CORPUS, encoding="utf-8") if l.strip()]
    if len(runs) != 20:
        fail("expected 20 runs, got {}".format(len(runs)))
    healthy = [r for r in runs if r["label"]["fault"] is None]
    faulty = [r for r in runs if r["label"]["fault"] is not None]
    if len(healthy) != 8 or len(faulty) != 12:
        fail("expected 8 healthy / 12 faulty, got {} / {}".format(len(healthy), len(faulty)))
    seen = set()
    for r in runs:
        rid = r.get("id")
        if rid in seen:
            fail("duplicate id " + str(rid))
        seen.add(rid)
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail("{}: missing {}".format(rid, k))
        plan_path = os.path.join(HERE, r["plan"])
        if not os.path.exists(plan_path):
            fail("{}: plan {} missing".format(rid, r["plan"]))
            continue
        ids = plan_ids(plan_path)
        lab = r["label"]
        if set(lab) < {"fault", "first_off_track_step"}:
            fail(rid + ": label fields")
        if lab["fault"] is None:
            if lab["first_off_track_step"] is not None:
                fail(rid + ": healthy run with a step label")
            if r["outcome"].get("success") is not True:
                fail(rid + ": healthy run not successful")
        else:
            s = lab["first_off_track_step"]
            if not isinstance(s, int) or not (0 <= s < len(r["steps"])):
                fail(rid + ": bad first_off_track_step")
            if r["outcome"].get("success") is not False:
                fail(rid + ": faulty run marked successful")
        check_obs(r["initial_observation"], rid + " initial")
        prev = r["initial_observation"]
        for i, st in enumerate(r["steps"]):
            where = "{} step {}".format(rid, i)
            a = st.get("action", {})
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    fail(where + ": action missing " + k)
            if a.get("effect") not in EFFECTS:
                fail(where + ": bad effect")
            if "commitment" in st and st["commitment"] not in ids:
                fail(where + ": unknown commitment " + str(st["commitment"]))
            m = BID_CMD.match(a.get("command", ""))
            if m:
                bid = m.group(2)
                line = [l for l in prev["text"].split("\n") if l.lstrip("\t").startswith("[{}] ".format(bid))]
                if not line:
                    fail("{}: bid {} not on the page acted on".format(where, bid))
                elif a["target"] not in line[0]:
                    fail("{}: target {!r} does not match node {!r}".format(where, a["target"], line[0].strip()))
            elif not a.get("command", "").startswith("send_msg_to_user("):
                fail(where + ": unrecognised command")
            check_obs(st.get("observation"), where)
            prev = st["observation"]

    # determinism: regenerate twice in scratch dirs and compare with the files here
    digests = []
    for _ in range(2):
        d = tempfile.mkdtemp()
        try:
            shutil.copy(os.path.join(HERE, "make_corpus.py"), d)
            subprocess.run([sys.executable, "make_corpus.py"], cwd=d, check=True, stdout=subprocess.DEVNULL)
            h = hashlib.sha256()
            for f in ("corpus.jsonl", os.path.join("plans", "hold-invoice.yaml")):
                h.update(open(os.path.join(d, f), "rb").read())
            digests.append(h.hexdigest())
        finally:
            shutil.rmtree(d)
    h = hashlib.sha256()
    for f in ("corpus.jsonl", os.path.join("plans", "hold-invoice.yaml")):
        h.update(open(os.path.join(HERE, f), "rb").read())
    if not (digests[0] == digests[1] == h.hexdigest()):
        fail("make_corpus.py is not byte-for-byte reproducible (or files are stale)")

    if FAILS:
        for f in FAILS:
            print("FAIL", f)
        sys.exit(1)
    print("ok: {} runs ({} healthy, {} faulty); plan commitments {}".format(
        len(runs), len(healthy), len(faulty), plan_ids(os.path.join(HERE, "plans", "hold-invoice.yaml"))))


if __name__ == "__main__":
    main()
