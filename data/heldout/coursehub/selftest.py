#!/usr/bin/env python3
"""Validate corpus.jsonl against the fcpkit format contract (FORMATS.md). Standard library only."""
import hashlib, json, os, re, subprocess, sys, shutil, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
EFFECTS = {"read", "write", "irreversible"}
BID_RE = re.compile(r"^\t*\[([^\]]+)\] ", re.M)
CMD_BID = re.compile(r"^(click|fill|select_option|press|check|uncheck|hover|focus|clear|dblclick)\('([^']+)'")
NO_BID = re.compile(r"^(send_msg_to_user|scroll|go_back|go_forward|goto|noop|new_tab|tab_focus|report_infeasible)\(")
fails = []


def fail(msg):
    fails.append(msg)


def check_obs(o, where):
    if not isinstance(o, dict):
        return fail(where + ": observation not an object")
    for k in ("url", "title", "text", "error"):
        if k not in o:
            fail("%s: observation lacks %s" % (where, k))
    if not isinstance(o.get("text"), str) or not BID_RE.search(o.get("text", "")):
        fail(where + ": text is not a flattened AXTree")
    if o.get("error") is not None and not isinstance(o["error"], str):
        fail(where + ": error must be string or null")


def plan_ids(path):
    ids = re.findall(r"^  - id: (\S+)", open(path, encoding="utf-8").read(), re.M)
    if len(ids) != len(set(ids)):
        fail("plan: duplicate commitment ids")
    return set(ids)


def sha(p):
    return hashlib.sha256(open(p, "rb").read()).hexdigest()


def main():
    corpus = os.path.join(HERE, "corpus.jsonl")
    recs = [json.loads(l) for l in open(corpus, encoding="utf-8") if l.strip()]
    if len(recs) != 20:
        fail("expected 20 runs, got %d" % len(recs))
    healthy = [r for r in recs if r["label"]["fault"] is None]
    if len(healthy) != 8:
        fail("expected 8 healthy runs, got %d" % len(healthy))
    seen = set()
    for r in recs:
        rid = r.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail("%s: missing %s" % (rid, k))
        if rid in seen:
            fail("duplicate id " + rid)
        seen.add(rid)
        ppath = os.path.join(HERE, r["plan"])
        if not os.path.isfile(ppath):
            fail("%s: plan file missing" % rid)
            continue
        cids = plan_ids(ppath)
        lab = r["label"]
        if set(lab) < {"fault", "first_off_track_step"}:
            fail(rid + ": label fields")
        steps = r["steps"]
        if lab["fault"] is None:
            if lab["first_off_track_step"] is not None:
                fail(rid + ": healthy run with off-track step")
            if r["outcome"].get("success") is not True:
                fail(rid + ": healthy run must succeed")
        else:
            s = lab["first_off_track_step"]
            if not isinstance(s, int) or not (0 <= s < len(steps)):
                fail(rid + ": bad first_off_track_step %r" % s)
        check_obs(r["initial_observation"], rid + " initial")
        prev = r["initial_observation"]
        for i, st in enumerate(steps):
            w = "%s step %d" % (rid, i)
            a = st.get("action", {})
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    fail(w + ": action lacks " + k)
            if a.get("effect") not in EFFECTS:
                fail(w + ": bad effect")
            if "commitment" in st and st["commitment"] not in cids:
                fail(w + ": unknown commitment " + str(st["commitment"]))
            m = CMD_BID.match(a.get("command", ""))
            if m:
                bids = set(BID_RE.findall(prev["text"]))
                if m.group(2) not in bids:
                    fail(w + ": bid %s not on the page acted on" % m.group(2))
            elif not NO_BID.match(a.get("command", "")):
                fail(w + ": unrecognised command " + a.get("command", ""))
            check_obs(st.get("observation"), w)
            prev = st["observation"]
        # bids unique per page
        for o in [r["initial_observation"]] + [s["observation"] for s in steps]:
            b = BID_RE.findall(o["text"])
            if len(b) != len(set(b)):
                fail(rid + ": duplicate bids on page " + o["title"])
    # determinism: regenerate in a temp copy and compare bytes
    tmp = tempfile.mkdtemp()
    try:
        shutil.copy(os.path.join(HERE, "make_corpus.py"), tmp)
        for _ in range(2):
            subprocess.run([sys.executable, os.path.join(tmp, "make_corpus.py")], check=True,
                           stdout=subprocess.DEVNULL, env=dict(os.environ, PYTHONHASHSEED="random"))
            if sha(os.path.join(tmp, "corpus.jsonl")) != sha(corpus):
                fail("make_corpus.py output differs from corpus.jsonl")
            if sha(os.path.join(tmp, "plans", "coursehub.yaml")) != sha(os.path.join(HERE, "plans", "coursehub.yaml")):
                fail("plan differs on regeneration")
    finally:
        shutil.rmtree(tmp)
    if fails:
        print("\n".join("FAIL " + f for f in fails))
        sys.exit(1)
    print("selftest OK: %d runs (%d healthy, %d faulty)" % (len(recs), len(healthy), len(recs) - len(healthy)))


if __name__ == "__main__":
    main()
