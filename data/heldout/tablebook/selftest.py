#!/usr/bin/env python3
"""Validate the Tablebook corpus and plan against the fcpkit format contract (stdlib only).

Run from anywhere: python3 selftest.py
"""
import json
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_corpus  # noqa: E402

FAILS = []


def check(cond, msg):
    if not cond:
        FAILS.append(msg)


# ---------------------------------------------------------------------------
# Minimal YAML reader for the block subset that make_corpus emits
# ---------------------------------------------------------------------------
def _value(tok):
    tok = tok.strip()
    if tok == "[]":
        return []
    if tok == "{}":
        return {}
    if tok in ("null", "~"):
        return None
    if tok in ("true", "false"):
        return tok == "true"
    if tok.startswith('"'):
        return json.loads(tok)
    try:
        return int(tok)
    except ValueError:
        pass
    try:
        return float(tok)
    except ValueError:
        pass
    return tok


def _split_kv(s):
    m = re.match(r'^("[A-Za-z_][\w-]*"|[A-Za-z_][\w-]*):(?:\s+(.*))?$', s)
    if not m:
        raise ValueError(f"bad mapping line: {s!r}")
    return m.group(1).strip('"'), m.group(2)


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        ind = len(raw) - len(raw.lstrip(" "))
        lines.append([ind, raw.strip()])
    pos = [0]

    def block(indent):
        if pos[0] >= len(lines):
            return None
        ind, s = lines[pos[0]]
        if s.startswith("- "):
            return seq(ind)
        return mapping(ind)

    def mapping(indent):
        out = {}
        while pos[0] < len(lines):
            ind, s = lines[pos[0]]
            if ind < indent or s.startswith("- ") and ind == indent:
                break
            if ind != indent:
                raise ValueError(f"bad indent at {s!r}")
            k, v = _split_kv(s)
            pos[0] += 1
            if v is None:
                out[k] = block(indent + 1)
            else:
                out[k] = _value(v)
        return out

    def seq(indent):
        out = []
        while pos[0] < len(lines):
            ind, s = lines[pos[0]]
            if ind != indent or not s.startswith("- "):
                break
            body = s[2:]
            if re.match(r'^(?:"[A-Za-z_][\w-]*"|[A-Za-z_][\w-]*):(\s|$)', body):
                # mapping item: rewrite this line as the first key of a nested mapping
                lines[pos[0]] = [indent + 2, body]
                out.append(mapping(indent + 2))
            else:
                pos[0] += 1
                out.append(_value(body))
        return out

    result = block(0)
    if pos[0] != len(lines):
        raise ValueError(f"unparsed line: {lines[pos[0]]}")
    return result


# ---------------------------------------------------------------------------
STAGES = ("precondition", "progress", "completion")
SCOPES = ("execution", "skill", "planning")
EFFECTS = ("read", "write", "irreversible")
LINE_RE = re.compile(r"^(\t*)(\[[^\]]+\] \S+ '.*'(, .*)?|StaticText '.*'|RootWebArea '.*'(, .*)?)$")
BID_RE = re.compile(r"^(?:click|fill|select_option|press|hover|focus|clear|dblclick)\('([^']+)'")


def check_evidence(items, where):
    check(isinstance(items, list), f"{where}: evidence must be a list")
    for it in items or []:
        if isinstance(it, str):
            check(it.strip() != "", f"{where}: empty statement")
        elif isinstance(it, dict):
            check(isinstance(it.get("text"), str) and it["text"], f"{where}: mapping needs text")
            check(it.get("on", "state") in ("state", "action", "both"), f"{where}: bad on {it.get('on')}")
        else:
            check(False, f"{where}: bad evidence item {it!r}")


def check_plan(plan):
    check(isinstance(plan.get("task"), str) and plan["task"], "plan: task")
    pf = plan.get("plan_falsifiers", {})
    check(isinstance(pf, dict), "plan: plan_falsifiers mapping")
    for sc, items in pf.items():
        check(sc in SCOPES, f"plan_falsifiers: unknown scope {sc}")
        check_evidence(items, f"plan_falsifiers.{sc}")
    ids = [c.get("id") for c in plan["commitments"]]
    check(len(ids) == len(set(ids)) and all(ids), "plan: commitment ids unique and non-empty")
    for c in plan["commitments"]:
        check(isinstance(c.get("subgoal"), str) and c["subgoal"], f"{c['id']}: subgoal")
        conf = c.get("confidence", 0.5)
        check(isinstance(conf, (int, float)) and 0 <= conf <= 1, f"{c['id']}: confidence in [0,1]")
        for st, items in c.get("confirm", {}).items():
            check(st in STAGES, f"{c['id']}: unknown stage {st}")
            check_evidence(items, f"{c['id']}.confirm.{st}")
        for sc, items in c.get("falsify", {}).items():
            check(sc in SCOPES, f"{c['id']}: unknown scope {sc}")
            check_evidence(items, f"{c['id']}.falsify.{sc}")
    # The FCU features the brief asks for
    flat = json.dumps(plan, ensure_ascii=False)
    check('"on": "action"' in flat, "plan: has action falsifiers")
    check(any(isinstance(x, str) and x.startswith("No ") for c in plan["commitments"]
              for x in c["falsify"].get("execution", [])), "plan: has an absence statement")
    check("Chidi Okafor" in flat and "R-20452" in flat, "plan: near-miss names/ids as falsifiers")
    return ids


def check_obs(obs, where):
    for k in ("url", "title", "text", "error"):
        check(k in obs, f"{where}: observation missing {k}")
    check(obs["url"].startswith("http"), f"{where}: url")
    lines = obs["text"].split("\n")
    check(lines[0].startswith("RootWebArea "), f"{where}: first line RootWebArea")
    for ln in lines:
        if not LINE_RE.match(ln):
            check(False, f"{where}: bad AXTree line {ln!r}")
            break
    bids = re.findall(r"^\t*\[([^\]]+)\]", obs["text"], re.M)
    check(len(bids) == len(set(bids)), f"{where}: duplicate bids")


def main():
    corpus_path = os.path.join(HERE, "corpus.jsonl")
    raw_lines = open(corpus_path, encoding="utf-8").read().splitlines()
    recs = [json.loads(l) for l in raw_lines]
    # round trip
    for l, r in zip(raw_lines, recs):
        check(json.dumps(r, ensure_ascii=False) == l, f"{r['id']}: JSON round-trip differs")

    plan_file = os.path.join(HERE, make_corpus.PLAN_PATH)
    plan = load_yaml(open(plan_file, encoding="utf-8").read())
    check(plan == make_corpus.PLAN, "plan YAML does not load back to the source plan")
    try:
        import yaml  # optional cross-check
        check(yaml.safe_load(open(plan_file, encoding="utf-8")) == plan, "PyYAML disagrees with mini loader")
    except ImportError:
        pass
    ids = check_plan(plan)

    check(len(recs) == 20, f"expected 20 trajectories, got {len(recs)}")
    healthy = [r for r in recs if r["label"]["fault"] is None]
    faulty = [r for r in recs if r["label"]["fault"] is not None]
    check(len(healthy) == 8 and len(faulty) == 12, f"healthy/faulty = {len(healthy)}/{len(faulty)}")
    check(len({r["id"] for r in recs}) == len(recs), "ids unique")
    check(len({r["label"]["fault"] for r in faulty}) >= 8, "at least 8 distinct fault classes")

    for r in recs:
        w = r["id"]
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in r, f"{w}: missing {k}")
        check(r["plan"] == make_corpus.PLAN_PATH and os.path.exists(os.path.join(HERE, r["plan"])), f"{w}: plan path")
        check(r["task"] == plan["task"], f"{w}: task matches plan")
        lab = r["label"]
        if lab["fault"] is None:
            check(lab["first_off_track_step"] is None, f"{w}: healthy needs null step")
            check(r["outcome"]["success"] is True, f"{w}: healthy should succeed")
        else:
            s = lab["first_off_track_step"]
            check(isinstance(s, int) and 0 <= s < len(r["steps"]), f"{w}: off-track step in range")
            check(r["outcome"]["success"] is False, f"{w}: faulty should fail")
        check_obs(r["initial_observation"], f"{w}/init")
        prev = r["initial_observation"]
        for i, st in enumerate(r["steps"]):
            a = st["action"]
            for k in ("command", "reasoning", "target", "effect"):
                check(k in a, f"{w}/{i}: action.{k}")
            check(a["effect"] in EFFECTS, f"{w}/{i}: effect {a['effect']}")
            if "commitment" in st:
                check(st["commitment"] in ids, f"{w}/{i}: unknown commitment {st['commitment']}")
            m = BID_RE.match(a["command"])
            if m:
                line = [ln for ln in prev["text"].split("\n") if ln.lstrip("\t").startswith(f"[{m.group(1)}] ")]
                check(len(line) == 1, f"{w}/{i}: bid {m.group(1)} not on the previous page")
                if line:
                    check(line[0].lstrip("\t")[len(m.group(1)) + 3:].startswith(a["target"]),
                          f"{w}/{i}: target {a['target']!r} does not match {line[0].strip()!r}")
            check_obs(st["observation"], f"{w}/{i}")
            prev = st["observation"]
        # commitments are pursued in plan order
        seq = [ids.index(st["commitment"]) for st in r["steps"] if st.get("commitment")]
        check(seq == sorted(seq), f"{w}: commitments out of plan order")

    # healthy runs reach every completion statement of every commitment
    for r in healthy:
        for c in plan["commitments"]:
            pages = [st["observation"]["text"] for st in r["steps"] if st.get("commitment") == c["id"]]
            for item in c["confirm"].get("completion", []):
                check(any(item in t for t in pages), f"{r['id']}: completion {item!r} of {c['id']} never shown")
    # faulty runs: none of them reaches all four completions on the right record
    for r in faulty:
        last = {}
        for st in r["steps"]:
            if st.get("commitment"):
                last.setdefault(st["commitment"], []).append(st["observation"]["text"])
        full = all(any(item in t for t in last.get(c["id"], []) for item in c["confirm"]["completion"][:1])
                   and all(any(item in t for t in last.get(c["id"], [])) for item in c["confirm"]["completion"])
                   for c in plan["commitments"])
        check(not full, f"{r['id']}: a faulty run shows every completion statement")

    # start-page rule: label 0 only where the start page already shows the fault
    for r in faulty:
        if r["label"]["first_off_track_step"] == 0:
            check("saved view" in r["initial_observation"]["text"] and "Sat 15 Jun" in r["initial_observation"]["title"],
                  f"{r['id']}: label 0 but start page does not show the fault")

    # near misses and alarming-but-ordinary wording on healthy pages
    htext = "\n".join(st["observation"]["text"] for r in healthy for st in r["steps"])
    htext += "\n".join(r["initial_observation"]["text"] for r in healthy)
    for s in ("Chidi Okafor", "R-20419", "R-20452", "Sat 15 Jun 2024", "T12", "T21", "No-show", "Cancelled",
              "Late", "Declined card", "fully booked", "dialog '", "alertdialog '", "Message failed"):
        check(s in htext, f"healthy pages lack {s!r}")

    # determinism: regenerate into a temp dir and compare bytes
    with tempfile.TemporaryDirectory() as tmp:
        import contextlib
        import io
        with contextlib.redirect_stdout(io.StringIO()):
            make_corpus.main(["make_corpus.py", tmp])
        for rel in ("corpus.jsonl", make_corpus.PLAN_PATH):
            a = open(os.path.join(HERE, rel), "rb").read()
            b = open(os.path.join(tmp, rel), "rb").read()
            check(a == b, f"{rel}: regeneration differs (not deterministic or stale)")

    if FAILS:
        for f in FAILS:
            print("FAIL:", f)
        print(f"{len(FAILS)} failure(s)")
        return 1
    faults = {}
    for r in faulty:
        faults[r["label"]["fault"]] = faults.get(r["label"]["fault"], 0) + 1
    print(f"OK: {len(recs)} trajectories ({len(healthy)} healthy, {len(faulty)} faulty), "
          f"{sum(len(r['steps']) for r in recs)} steps, plan with {len(ids)} commitments; faults: "
          + ", ".join(f"{k}×{v}" for k, v in sorted(faults.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
