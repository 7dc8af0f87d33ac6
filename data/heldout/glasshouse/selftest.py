#!/usr/bin/env python3
"""Stdlib self-test for the 'glasshouse' corpus: checks corpus.jsonl and plans/*.yaml
against the format contract (FORMATS.md).  Exit status 0 when everything passes."""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ONS = {"state", "action", "both"}
BID_RE = re.compile(r"^(?:click|fill|press|select_option|hover|focus|clear|dblclick|check|uncheck)\('([^']+)'")

failures = []


def fail(msg):
    failures.append(msg)


# ------------------------------------------------------------------ mini YAML (block subset)

def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        s = raw.strip()
        if not s or s.startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation in YAML")
        lines.append([len(raw) - len(raw.lstrip(" ")), s])
    pos = 0
    key_re = re.compile(r'^("[A-Za-z_][\w-]*"|[A-Za-z_][\w-]*):(?:\s+(.*))?$')

    def scalar(s):
        if s.startswith('"'):
            return json.loads(s)
        if s.startswith("'"):
            return s[1:-1].replace("''", "'")
        if s == "[]":
            return []
        if s == "{}":
            return {}
        if s in ("null", "~"):
            return None
        if s.lower() in ("true", "false", "yes", "no", "on", "off"):
            raise ValueError(f"ambiguous YAML 1.1 boolean scalar {s!r}; quote it")
        for conv in (int, float):
            try:
                return conv(s)
            except ValueError:
                pass
        return s

    def block(indent):
        if lines[pos][1].startswith("- "):
            return seq(indent)
        return mapping(indent)

    def mapping(indent):
        nonlocal pos
        d = {}
        while pos < len(lines) and lines[pos][0] == indent and not lines[pos][1].startswith("- "):
            m = key_re.match(lines[pos][1])
            if not m:
                raise ValueError(f"bad mapping line: {lines[pos][1]!r}")
            k, rest = m.group(1).strip('"'), (m.group(2) or "").strip()
            if k in d:
                raise ValueError(f"duplicate key {k!r}")
            pos += 1
            if rest:
                d[k] = scalar(rest)
            elif pos < len(lines) and lines[pos][0] > indent:
                d[k] = block(lines[pos][0])
            elif pos < len(lines) and lines[pos][0] == indent and lines[pos][1].startswith("- "):
                d[k] = seq(indent)
            else:
                d[k] = None
        return d

    def seq(indent):
        nonlocal pos
        out = []
        while pos < len(lines) and lines[pos][0] == indent and lines[pos][1].startswith("- "):
            item = lines[pos][1][2:].strip()
            if key_re.match(item):
                lines[pos] = [indent + 2, item]
                out.append(mapping(indent + 2))
            else:
                out.append(scalar(item))
                pos += 1
        return out

    result = block(lines[0][0]) if lines else {}
    if pos != len(lines):
        raise ValueError(f"unparsed YAML from line {lines[pos][1]!r}")
    return result


# ------------------------------------------------------------------ plan checks

def check_evidence_list(where, items):
    if not isinstance(items, list):
        fail(f"{where}: evidence must be a list")
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                fail(f"{where}: empty evidence string")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                fail(f"{where}: evidence mapping without text")
            if it.get("on", "state") not in ONS:
                fail(f"{where}: bad 'on' value {it.get('on')!r}")
            if set(it) - {"text", "on"}:
                fail(f"{where}: unknown evidence keys {set(it) - {'text', 'on'}}")
        else:
            fail(f"{where}: evidence item must be str or mapping")


def check_plan(name, plan):
    if not isinstance(plan, dict):
        fail(f"{name}: plan is not a mapping")
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        fail(f"{name}: missing task")
    pf = plan.get("plan_falsifiers", {}) or {}
    if not isinstance(pf, dict) or set(pf) - SCOPES:
        fail(f"{name}: plan_falsifiers scopes must be among {SCOPES}")
    else:
        for scope, items in pf.items():
            check_evidence_list(f"{name}.plan_falsifiers.{scope}", items)
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not cs:
        fail(f"{name}: commitments must be a non-empty list")
        return set()
    ids = set()
    for i, c in enumerate(cs):
        w = f"{name}.commitments[{i}]"
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            fail(f"{w}: missing id")
        elif cid in ids:
            fail(f"{w}: duplicate id {cid}")
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            fail(f"{w}: missing subgoal")
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail(f"{w}: confidence out of [0, 1]")
        confirm = c.get("confirm", {}) or {}
        falsify = c.get("falsify", {}) or {}
        if set(confirm) - STAGES:
            fail(f"{w}: unknown confirm stages {set(confirm) - STAGES}")
        if set(falsify) - SCOPES:
            fail(f"{w}: unknown falsify scopes {set(falsify) - SCOPES}")
        for st, items in confirm.items():
            check_evidence_list(f"{w}.confirm.{st}", items)
        for sc, items in falsify.items():
            check_evidence_list(f"{w}.falsify.{sc}", items)
        if not any(confirm.get(s) for s in STAGES):
            fail(f"{w}: no confirming evidence at all")
    return ids


# ------------------------------------------------------------------ corpus checks

def check_obs(where, o):
    if not isinstance(o, dict):
        fail(f"{where}: observation is not an object")
        return
    for k in ("url", "title", "text", "error"):
        if k not in o:
            fail(f"{where}: observation missing {k}")
    if not isinstance(o.get("text"), str) or not o.get("text", "").startswith("RootWebArea "):
        fail(f"{where}: observation text is not an AXTree dump")
    if o.get("error") is not None and not isinstance(o["error"], str):
        fail(f"{where}: error must be null or str")
    if not str(o.get("url", "")).startswith("http"):
        fail(f"{where}: bad url")
    bids = re.findall(r"\[(a\d+)\]", o.get("text", ""))
    if len(bids) != len(set(bids)):
        fail(f"{where}: duplicate bids in one observation")


def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl missing: run make_corpus.py first")
        return 1
    plans = {}
    plan_ids = {}
    recs = []
    with open(CORPUS, encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            if not line.strip():
                fail(f"line {ln}: blank line")
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as e:
                fail(f"line {ln}: invalid JSON ({e})")
                continue
            if json.loads(json.dumps(rec, ensure_ascii=False)) != rec:
                fail(f"line {ln}: does not round-trip")
            recs.append(rec)

    seen = set()
    for rec in recs:
        rid = rec.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in rec:
                fail(f"{rid}: missing field {k}")
        if rid in seen:
            fail(f"{rid}: duplicate id")
        seen.add(rid)
        # plan
        pref = rec.get("plan")
        if isinstance(pref, str):
            ppath = os.path.join(HERE, pref)
            if not os.path.exists(ppath):
                fail(f"{rid}: plan file {pref} does not exist")
                continue
            if pref not in plans:
                with open(ppath, encoding="utf-8") as pf:
                    try:
                        plans[pref] = parse_yaml(pf.read())
                    except ValueError as e:
                        fail(f"{pref}: YAML parse error: {e}")
                        continue
                plan_ids[pref] = check_plan(pref, plans[pref])
            plan, cids = plans[pref], plan_ids[pref]
        elif isinstance(pref, dict):
            plan, cids = pref, check_plan(f"{rid}.plan", pref)
        else:
            fail(f"{rid}: plan must be a path or an object")
            continue
        if plan.get("task") != rec.get("task"):
            fail(f"{rid}: task differs from its plan's task")
        # label
        lab = rec.get("label", {})
        fault, off = lab.get("fault", "missing"), lab.get("first_off_track_step", "missing")
        steps = rec.get("steps", [])
        if not isinstance(steps, list) or not steps:
            fail(f"{rid}: steps must be a non-empty list")
            continue
        if fault is None:
            if off is not None:
                fail(f"{rid}: healthy run with a first_off_track_step")
            if rec.get("outcome", {}).get("success") is not True:
                fail(f"{rid}: healthy run without success")
        else:
            if not isinstance(fault, str) or not fault:
                fail(f"{rid}: fault must be null or a non-empty string")
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                fail(f"{rid}: first_off_track_step {off!r} not a valid step index")
            if rec.get("outcome", {}).get("success") is not False:
                fail(f"{rid}: faulty run marked successful")
            if not rid.startswith(f"{rec.get('workflow')}-{fault}-"):
                fail(f"{rid}: id does not carry workflow and fault")
        if not isinstance(rec.get("outcome", {}).get("success"), bool):
            fail(f"{rid}: outcome.success must be bool")
        # observations and actions
        check_obs(f"{rid}.initial_observation", rec.get("initial_observation"))
        prev = rec.get("initial_observation", {}).get("text", "")
        for i, s in enumerate(steps):
            w = f"{rid}.steps[{i}]"
            a = s.get("action")
            if not isinstance(a, dict):
                fail(f"{w}: missing action")
                continue
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    fail(f"{w}: action missing {k}")
            if a.get("effect") not in EFFECTS:
                fail(f"{w}: bad effect {a.get('effect')!r}")
            m = BID_RE.match(a.get("command", ""))
            if m and f"[{m.group(1)}]" not in prev:
                fail(f"{w}: action bid {m.group(1)} not on the page it acted on")
            if m and a.get("target") and f"[{m.group(1)}] {a['target']}" not in prev:
                fail(f"{w}: target {a['target']!r} does not match bid {m.group(1)}")
            c = s.get("commitment")
            if c is not None and c not in cids:
                fail(f"{w}: commitment {c!r} not in plan")
            check_obs(w, s.get("observation"))
            prev = s.get("observation", {}).get("text", "")

    # corpus-level expectations for this held-out set
    healthy = [r for r in recs if r.get("label", {}).get("fault") is None]
    faulty = [r for r in recs if r.get("label", {}).get("fault") is not None]
    wfs = {r.get("workflow") for r in recs}
    if len(recs) != 20:
        fail(f"expected 20 runs, found {len(recs)}")
    if len(healthy) != 8 or len(faulty) != 12:
        fail(f"expected 8 healthy / 12 faulty, found {len(healthy)} / {len(faulty)}")
    if len(wfs) != 2:
        fail(f"expected 2 workflows, found {sorted(wfs)}")
    kinds = [r["label"]["fault"] for r in faulty]
    if len(set(kinds)) != len(kinds):
        fail("fault kinds are expected to be distinct in this corpus")
    for wf in wfs:
        if not os.path.exists(os.path.join(HERE, "plans", f"{wf}.yaml")):
            fail(f"plans/{wf}.yaml missing")

    # the YAML on disk equals the generator's plan objects (round trip)
    sys.path.insert(0, HERE)
    try:
        import make_corpus
        for wf, plan in make_corpus.PLANS.items():
            key = f"plans/{wf}.yaml"
            if key in plans and plans[key] != plan:
                fail(f"{key}: parsed YAML differs from generator's plan")
    except Exception as e:  # pragma: no cover
        fail(f"could not import make_corpus for the round-trip check: {e}")

    if failures:
        for f_ in failures:
            print("FAIL", f_)
        print(f"{len(failures)} problem(s)")
        return 1
    print(f"ok: {len(recs)} runs ({len(healthy)} healthy, {len(faulty)} faulty), "
          f"{len(plans)} plans, {sum(len(r['steps']) for r in recs)} steps")
    return 0


if __name__ == "__main__":
    sys.exit(main())
