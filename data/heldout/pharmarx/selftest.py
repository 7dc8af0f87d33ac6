#!/usr/bin/env python3
"""Validate the pharmarx corpus against the fcpkit format contract (FORMATS.md).

Checks: required fields and types, labels, effects, plan file and commitment ids,
that every bid an action uses exists on the page it acted on (and that the
recorded target matches that node), counts (8 healthy, 12 faulty), fault-kind
coverage, and that make_corpus.py is byte-for-byte reproducible.
Python 3 standard library only. Exit status 0 on success.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EFFECTS = {"read", "write", "irreversible"}
BID_VERBS = {"click", "dblclick", "hover", "fill", "clear", "press", "focus", "select_option", "upload_file"}
FREE_VERBS = {"send_msg_to_user", "noop", "go_back", "go_forward", "goto", "scroll", "report_infeasible"}
EXPECTED_FAULTS = {
    "wrong_record", "wrong_value", "silent_noop", "unrequested_filter", "stale_filter",
    "permission_denied", "session_expired", "premature_success", "skipped_step", "dialog_mishandled",
}
ENV_FAULTS = {"silent_noop", "stale_filter", "permission_denied", "session_expired"}

errors = []


def err(msg):
    errors.append(msg)


def check_obs(where, o):
    if not isinstance(o, dict):
        err("%s: observation is not an object" % where)
        return
    for k in ("url", "title", "text", "error"):
        if k not in o:
            err("%s: observation lacks %r" % (where, k))
    if not str(o.get("url", "")).startswith("http"):
        err("%s: bad url %r" % (where, o.get("url")))
    if not isinstance(o.get("title"), str) or not o.get("title"):
        err("%s: empty title" % where)
    t = o.get("text")
    if not isinstance(t, str) or not t.startswith("RootWebArea "):
        err("%s: text is not a flattened AXTree" % where)
    else:
        for ln in t.split("\n")[1:]:
            s = ln.lstrip("\t")
            if not re.match(r"^(\[[0-9a-zA-Z]+\] )?[A-Za-z]+ (\'.*\'|\".*\")(, .*)?$", s):
                err("%s: malformed AXTree line %r" % (where, ln))
                break
        bids = re.findall(r"^\t*\[([0-9a-zA-Z]+)\]", t, re.M)
        if len(bids) != len(set(bids)):
            err("%s: duplicate bids on one page" % where)
    if o.get("error") is not None and not isinstance(o.get("error"), str):
        err("%s: error must be null or a string" % where)


def node_line(text, bid):
    for ln in text.split("\n"):
        m = re.match(r"^\t*\[%s\] (.*)$" % re.escape(bid), ln)
        if m:
            return m.group(1)
    return None


def parse_plan_ids(path):
    ids = []
    with open(path, encoding="utf-8") as f:
        txt = f.read()
    for key in ("task:", "plan_falsifiers:", "commitments:"):
        if not re.search(r"^%s" % re.escape(key), txt, re.M):
            err("plan lacks top-level %r" % key)
    for m in re.finditer(r"^  - id: (\S+)\s*$", txt, re.M):
        ids.append(m.group(1))
    if len(ids) != len(set(ids)):
        err("plan: duplicate commitment ids")
    for m in re.finditer(r"confidence: ([0-9.]+)", txt):
        if not 0.0 <= float(m.group(1)) <= 1.0:
            err("plan: confidence out of range")
    for m in re.finditer(r"on: (\w+)", txt):
        if m.group(1) not in ("state", "action", "both"):
            err("plan: bad 'on' value %r" % m.group(1))
    if "Sign in to RxCheckpoint" not in txt.split("commitments:")[0]:
        err("plan: plan-level falsifier naming the sign-in page is missing")
    if "\t" in txt:
        err("plan: tab characters in YAML")
    return ids, txt


def check_determinism():
    with open(CORPUS, "rb") as f:
        corpus_bytes = f.read()
    with open(os.path.join(HERE, "plans", "pharmarx.yaml"), "rb") as f:
        plan_bytes = f.read()
    outs = []
    for _ in range(2):
        d = tempfile.mkdtemp(prefix="pharmarx-selftest-")
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), d], check=True,
                       stdout=subprocess.DEVNULL)
        with open(os.path.join(d, "corpus.jsonl"), "rb") as f:
            c = f.read()
        with open(os.path.join(d, "plans", "pharmarx.yaml"), "rb") as f:
            p = f.read()
        outs.append((c, p))
    if outs[0] != outs[1]:
        err("make_corpus.py is not deterministic across two runs")
    if outs[0][0] != corpus_bytes:
        err("corpus.jsonl differs from a fresh make_corpus.py run")
    if outs[0][1] != plan_bytes:
        err("plans/pharmarx.yaml differs from a fresh make_corpus.py run")


def main():
    with open(CORPUS, encoding="utf-8") as f:
        lines = [ln for ln in f.read().split("\n") if ln.strip()]
    if len(lines) != 20:
        err("expected 20 runs, found %d" % len(lines))
    runs = []
    for i, ln in enumerate(lines):
        try:
            runs.append(json.loads(ln))
        except ValueError as e:
            err("line %d is not JSON: %s" % (i + 1, e))
    ids = [r.get("id") for r in runs]
    if len(ids) != len(set(ids)):
        err("duplicate run ids")

    plan_cache = {}
    healthy = faulty = 0
    faults_seen = set()
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err("%s: missing %r" % (rid, k))
        if r.get("workflow") != "pharmarx":
            err("%s: workflow should be pharmarx" % rid)
        plan = r.get("plan")
        if isinstance(plan, str):
            ppath = os.path.join(HERE, plan)
            if not os.path.isfile(ppath):
                err("%s: plan file %s missing" % (rid, plan))
                continue
            if ppath not in plan_cache:
                plan_cache[ppath] = parse_plan_ids(ppath)
            cids, ptxt = plan_cache[ppath]
            if r.get("task", "") not in ptxt.replace('\\"', '"'):
                err("%s: task text differs from the plan's task" % rid)
        else:
            cids = [c["id"] for c in plan.get("commitments", [])]
        label = r.get("label", {})
        fault, off = label.get("fault", "missing"), label.get("first_off_track_step", "missing")
        steps = r.get("steps", [])
        if not steps:
            err("%s: no steps" % rid)
        success = r.get("outcome", {}).get("success")
        if fault is None:
            healthy += 1
            if off is not None:
                err("%s: healthy run with a first_off_track_step" % rid)
            if success is not True:
                err("%s: healthy run should succeed" % rid)
        else:
            faulty += 1
            faults_seen.add(fault)
            if not isinstance(fault, str) or fault not in EXPECTED_FAULTS:
                err("%s: unknown fault %r" % (rid, fault))
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                err("%s: first_off_track_step %r out of range" % (rid, off))
            if success is not False:
                err("%s: faulty run should not succeed" % rid)
            if not rid.startswith("pharmarx-%s-" % fault):
                err("%s: id does not name its fault" % rid)
        check_obs(rid + " initial", r.get("initial_observation"))
        prev = r.get("initial_observation", {})
        for i, s in enumerate(steps):
            where = "%s step %d" % (rid, i)
            c = s.get("commitment")
            if c is not None and c not in cids:
                err("%s: commitment %r not in plan" % (where, c))
            a = s.get("action", {})
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    err("%s: action lacks %r" % (where, k))
            if a.get("effect") not in EFFECTS:
                err("%s: bad effect %r" % (where, a.get("effect")))
            cmd = a.get("command", "")
            m = re.match(r"^(\w+)\((.*)\)$", cmd, re.S)
            if not m:
                err("%s: unparsable command %r" % (where, cmd))
            else:
                verb, args = m.group(1), m.group(2)
                if verb in BID_VERBS:
                    bm = re.match(r"^'([0-9a-zA-Z]+)'", args)
                    if not bm:
                        err("%s: no bid in %r" % (where, cmd))
                    else:
                        bid = bm.group(1)
                        line = node_line(prev.get("text", ""), bid)
                        if line is None:
                            err("%s: bid %s not on the page acted on" % (where, bid))
                        elif not line.startswith(a.get("target") or "\0"):
                            err("%s: target %r does not match node %r" % (where, a.get("target"), line))
                    if verb == "fill" and a.get("effect") not in ("read", "write"):
                        err("%s: fill should be read or write" % where)
                elif verb in FREE_VERBS:
                    if verb == "send_msg_to_user" and s.get("observation") != prev:
                        err("%s: a chat message should not change the page" % where)
                else:
                    err("%s: unknown verb %r" % (where, verb))
                if "Confirm verification" in (a.get("target") or "") and a.get("effect") != "irreversible":
                    err("%s: confirming verification must be irreversible" % where)
            check_obs(where, s.get("observation"))
            prev = s.get("observation", {})
        # label sanity: the labelled step exists and, for environment faults, shows something
        if fault in ENV_FAULTS and isinstance(off, int) and 0 <= off < len(steps):
            if off > 0 and steps[off]["observation"] == steps[off - 1]["observation"]:
                err("%s: environment fault step %d shows no change" % (rid, off))
    if healthy != 8:
        err("expected 8 healthy runs, found %d" % healthy)
    if faulty != 12:
        err("expected 12 faulty runs, found %d" % faulty)
    missing = EXPECTED_FAULTS - faults_seen
    if missing:
        err("fault kinds not covered: %s" % ", ".join(sorted(missing)))
    check_determinism()

    if errors:
        for e in errors:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        return 1
    print("selftest OK: %d runs (%d healthy, %d faulty), %d fault kinds, deterministic"
          % (len(runs), healthy, faulty, len(faults_seen)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
