#!/usr/bin/env python3
"""Validate the ClaimLine corpus against the fcpkit format contract (stdlib only)."""
import hashlib
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EFFECTS = {"read", "write", "irreversible"}
ERRORS = []


def err(msg):
    ERRORS.append(msg)


def digest():
    h = hashlib.sha256()
    for rel in ("corpus.jsonl", "plans/claimline_correct_units.yaml"):
        with open(os.path.join(HERE, rel), "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def check_obs(o, where):
    if not isinstance(o, dict):
        return err("%s: observation not an object" % where)
    for k in ("url", "title", "text", "error"):
        if k not in o:
            err("%s: observation missing %s" % (where, k))
    if not isinstance(o.get("text"), str) or not o.get("text"):
        err("%s: empty text" % where)
    for ln in o.get("text", "").split("\n"):
        if not re.match(r"^\t*\[[^\]]+\] \S+ ('.*'|\".*\")(, .*)?$", ln):
            err("%s: bad AXTree line %r" % (where, ln))
            break


def plan_ids(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for key in ("task:", "commitments:", "plan_falsifiers:"):
        if key not in text:
            err("plan lacks %s" % key)
    if "Sign in to ClaimLine" not in text:
        err("plan lacks the sign-in page falsifier")
    if not re.search(r"\"?on\"?: action", text):
        err("plan lacks action falsifiers")
    ids = re.findall(r"^\s*- id: (\S+)", text, re.M)
    if len(ids) != len(set(ids)):
        err("duplicate commitment ids")
    try:
        import yaml  # optional cross-check
        p = yaml.safe_load(text)
        assert [c["id"] for c in p["commitments"]] == ids
        for c in p["commitments"]:
            assert 0 <= c.get("confidence", 0.5) <= 1
            for scope in (c.get("falsify") or {}).values():
                for it in scope or []:
                    assert isinstance(it, str) or (isinstance(it, dict) and it.get("on") in ("state", "action", "both"))
    except ImportError:
        pass
    except Exception as e:  # noqa
        err("plan fails YAML cross-check: %r" % e)
    return set(ids)


def main():
    before = digest()
    subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py")], check=True,
                   stdout=subprocess.DEVNULL, cwd=HERE)
    if digest() != before:
        err("make_corpus.py output differs from the files on disk (not reproducible)")
    subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py")], check=True,
                   stdout=subprocess.DEVNULL, cwd="/")
    if digest() != before:
        err("make_corpus.py not deterministic across runs/cwd")

    runs = [json.loads(l) for l in open(CORPUS, encoding="utf-8") if l.strip()]
    if len(runs) != 20:
        err("expected 20 runs, got %d" % len(runs))
    healthy = [r for r in runs if r["label"]["fault"] is None]
    faulty = [r for r in runs if r["label"]["fault"] is not None]
    if len(healthy) != 8 or len(faulty) != 12:
        err("expected 8 healthy / 12 faulty, got %d / %d" % (len(healthy), len(faulty)))
    seen = set()
    plans = {}
    for r in runs:
        rid = r.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err("%s: missing %s" % (rid, k))
        if rid in seen:
            err("duplicate id %s" % rid)
        seen.add(rid)
        ppath = os.path.join(HERE, r["plan"])
        if not os.path.exists(ppath):
            err("%s: plan %s missing" % (rid, r["plan"]))
            continue
        if ppath not in plans:
            plans[ppath] = plan_ids(ppath)
        lab = r["label"]
        steps = r["steps"]
        if lab["fault"] is None:
            if lab["first_off_track_step"] is not None:
                err("%s: healthy with a step" % rid)
            if r["outcome"].get("success") is not True:
                err("%s: healthy run not successful" % rid)
        else:
            s = lab["first_off_track_step"]
            if not isinstance(s, int) or not (0 <= s < len(steps)):
                err("%s: bad first_off_track_step %r" % (rid, s))
            if r["outcome"].get("success") is not False:
                err("%s: faulty run marked successful" % rid)
        check_obs(r["initial_observation"], rid + "/init")
        prev = r["initial_observation"]
        for i, st in enumerate(steps):
            where = "%s/step%d" % (rid, i)
            a = st.get("action") or {}
            if a.get("effect") not in EFFECTS:
                err("%s: bad effect %r" % (where, a.get("effect")))
            if st.get("commitment") is not None and st["commitment"] not in plans[ppath]:
                err("%s: unknown commitment %s" % (where, st["commitment"]))
            cmd = a.get("command", "")
            m = re.match(r"^(\w+)\((.*)\)$", cmd, re.S)
            if not m:
                err("%s: bad command %r" % (where, cmd))
            elif m.group(1) != "send_msg_to_user":
                bm = re.match(r"'([^']+)'", m.group(2))
                if not bm:
                    err("%s: no bid in %r" % (where, cmd))
                else:
                    bid = bm.group(1)
                    line = [ln for ln in prev["text"].split("\n") if ln.lstrip("\t").startswith("[%s] " % bid)]
                    if len(line) != 1:
                        err("%s: bid %s not on the page acted on" % (where, bid))
                    elif a.get("target") and not line[0].lstrip("\t")[len(bid) + 3:].startswith(a["target"]):
                        err("%s: target %r does not match %r" % (where, a["target"], line[0]))
            check_obs(st.get("observation"), where)
            prev = st["observation"]
    if ERRORS:
        for e in ERRORS:
            print("FAIL:", e)
        sys.exit(1)
    print("selftest OK: %d runs (%d healthy, %d faulty), deterministic" % (len(runs), len(healthy), len(faulty)))


if __name__ == "__main__":
    main()
