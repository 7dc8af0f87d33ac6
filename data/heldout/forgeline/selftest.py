#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow /work/shared/FORMATS.md.

Run after make_corpus.py:  python3 selftest.py
Exits non-zero with a list of problems if anything is off.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}
LINE_RE = re.compile(r"^(\t*)(\[a\d+\] \S+ (?:'.*'|\".*\")( value=(?:'.*'|\".*\"))?(, .+)?"
                     r"|StaticText (?:'.*'|\".*\"))$")
BID_RE = re.compile(r"^\s*\[(a\d+)\] ")
CMD_BID_RE = re.compile(r"^(?:click|fill|select_option|press)\('(a\d+)'")

# --------------------------------------------------------------------------- tiny YAML subset reader
# Block mappings, block sequences, plain / single / double quoted scalars, [] and {} empty
# flow collections, simple flow sequences of scalars, comments. Enough for hand-written plans.


def _strip_comment(s):
    out, quote = [], None
    for i, ch in enumerate(s):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"" and (i == 0 or s[i - 1] in " [{,:-"):
            quote = ch
        elif ch == "#" and (i == 0 or s[i - 1] in " \t"):
            break
        out.append(ch)
    return "".join(out).rstrip()


def _scalar(s):
    s = s.strip()
    if s == "" or s in ("~", "null"):
        return None
    if s[0] == '"':
        return json.loads(s)
    if s[0] == "'":
        return s[1:-1].replace("''", "'")
    if s == "[]":
        return []
    if s == "{}":
        return {}
    if s[0] == "[" and s[-1] == "]":
        return [_scalar(x) for x in _split_flow(s[1:-1])]
    if s in ("true", "True"):
        return True
    if s in ("false", "False"):
        return False
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*|-?\.\d+", s):
        return float(s)
    return s


def _split_flow(s):
    parts, cur, quote = [], "", None
    for ch in s:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
            cur += ch
        elif ch == ",":
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return parts


def _split_key(s):
    quote = None
    for i, ch in enumerate(s):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"" and i == 0:
            quote = ch
        elif ch == ":" and (i + 1 == len(s) or s[i + 1] == " "):
            return s[:i].strip(), s[i + 1:].strip()
    return None


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tabs in indentation")
        s = _strip_comment(raw)
        if s.strip():
            lines.append([len(s) - len(s.lstrip(" ")), s.strip()])

    def block(i, indent):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            return seq(i, indent)
        return mapping(i, indent)

    def seq(i, indent):
        out = []
        while i < len(lines) and lines[i][0] == indent and (lines[i][1].startswith("- ") or lines[i][1] == "-"):
            rest = lines[i][1][2:].strip()
            if rest and _split_key(rest) and not rest.startswith(("'", '"', "[", "{")):
                lines[i] = [indent + 2, rest]
                val, i = mapping(i, indent + 2)
            elif rest:
                val, i = _scalar(rest), i + 1
            else:
                val, i = block(i + 1, lines[i + 1][0])
            out.append(val)
        return out, i

    def mapping(i, indent):
        out = {}
        while i < len(lines) and lines[i][0] == indent and not lines[i][1].startswith("- "):
            kv = _split_key(lines[i][1])
            if kv is None:
                raise ValueError(f"expected 'key: value', got {lines[i][1]!r}")
            key, rest = kv
            key = _scalar(key)
            if key in out:
                raise ValueError(f"duplicate key {key!r}")
            if rest:
                out[key], i = _scalar(rest), i + 1
            elif i + 1 < len(lines) and (lines[i + 1][0] > indent or
                                         (lines[i + 1][0] == indent and lines[i + 1][1].startswith("- "))):
                out[key], i = block(i + 1, lines[i + 1][0])
            else:
                out[key], i = None, i + 1
        return out, i

    if not lines:
        return None
    val, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError(f"unparsed content at {lines[i][1]!r}")
    return val


# --------------------------------------------------------------------------- checks

problems = []


def bad(msg):
    problems.append(msg)


def check_evidence(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        bad(f"{where}: evidence must be a list")
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                bad(f"{where}: empty evidence string")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                bad(f"{where}: evidence mapping without text")
            if it.get("on", "state") not in ON:
                bad(f"{where}: evidence 'on' must be one of {sorted(ON)}")
        else:
            bad(f"{where}: evidence item must be a string or mapping")


def _norm_on(v):
    """PyYAML follows YAML 1.1, where an unquoted key `on` is the boolean True. FORMATS.md
    writes evidence items as `{text: ..., on: action}`, so map that key back to 'on'."""
    if isinstance(v, dict):
        return {("on" if k is True else k): _norm_on(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_norm_on(x) for x in v]
    return v


def check_plan(path):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    try:
        plan = load_yaml(text)
    except ValueError as e:
        bad(f"{path}: YAML error: {e}")
        return None
    try:
        import yaml  # optional cross-check; not required
        if _norm_on(yaml.safe_load(text)) != plan:
            bad(f"{path}: mini YAML reader disagrees with PyYAML")
    except ImportError:
        pass
    name = os.path.relpath(path, HERE)
    if not isinstance(plan, dict):
        bad(f"{name}: plan must be a mapping")
        return None
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        bad(f"{name}: task missing")
    pf = plan.get("plan_falsifiers", {}) or {}
    if not isinstance(pf, dict) or set(pf) - SCOPES:
        bad(f"{name}: plan_falsifiers scopes must be in {sorted(SCOPES)}")
    for scope, items in (pf.items() if isinstance(pf, dict) else []):
        check_evidence(f"{name} plan_falsifiers.{scope}", items)
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not cs:
        bad(f"{name}: commitments must be a non-empty list")
        return plan
    ids = [c.get("id") for c in cs]
    if len(set(ids)) != len(ids) or not all(isinstance(i, str) and i for i in ids):
        bad(f"{name}: commitment ids must be unique non-empty strings: {ids}")
    for c in cs:
        where = f"{name}:{c.get('id')}"
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            bad(f"{where}: subgoal missing")
        kappa = c.get("confidence", 0.5)
        if not isinstance(kappa, (int, float)) or not 0 <= kappa <= 1:
            bad(f"{where}: confidence must be in [0, 1]")
        if "skill" in c and not isinstance(c["skill"], str):
            bad(f"{where}: skill must be a string")
        conf = c.get("confirm", {}) or {}
        fals = c.get("falsify", {}) or {}
        if set(conf) - STAGES:
            bad(f"{where}: confirm stages must be in {sorted(STAGES)}")
        if set(fals) - SCOPES:
            bad(f"{where}: falsify scopes must be in {sorted(SCOPES)}")
        for st, items in conf.items():
            check_evidence(f"{where} confirm.{st}", items)
        for sc, items in fals.items():
            check_evidence(f"{where} falsify.{sc}", items)
    return plan


def check_obs(where, obs):
    if not isinstance(obs, dict):
        bad(f"{where}: observation must be an object")
        return set()
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            bad(f"{where}: observation.{k} missing")
    if not str(obs.get("url", "")).startswith("http"):
        bad(f"{where}: url must be absolute")
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        bad(f"{where}: error must be a string or null")
    text = obs.get("text", "")
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        bad(f"{where}: AXTree must start with RootWebArea")
    if obs.get("title") and obs["title"] not in lines[0]:
        bad(f"{where}: title not in RootWebArea line")
    bids = []
    for ln in lines[1:]:
        if not LINE_RE.match(ln):
            bad(f"{where}: malformed AXTree line {ln!r}")
            break
        m = BID_RE.match(ln)
        if m:
            bids.append(m.group(1))
    if len(bids) != len(set(bids)):
        bad(f"{where}: duplicate bids on one page")
    return set(bids)


def main():
    corpus = os.path.join(HERE, "corpus.jsonl")
    runs = []
    with open(corpus, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError as e:
                bad(f"corpus.jsonl line {n}: {e}")
    plans = {}
    ids = set()
    for r in runs:
        rid = r.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                bad(f"{rid}: field {k} missing")
        if rid in ids:
            bad(f"{rid}: duplicate id")
        ids.add(rid)
        if json.loads(json.dumps(r)) != r:
            bad(f"{rid}: does not round-trip")
        plan_ref = r.get("plan")
        if isinstance(plan_ref, str):
            path = os.path.join(HERE, plan_ref)
            if not os.path.exists(path):
                bad(f"{rid}: plan {plan_ref} does not exist")
                continue
            if path not in plans:
                plans[path] = check_plan(path)
            plan = plans[path]
        else:
            plan = plan_ref
        if not plan:
            continue
        if plan.get("task") != r.get("task"):
            bad(f"{rid}: task differs from its plan's task")
        cids = {c["id"] for c in plan["commitments"]}
        steps = r.get("steps", [])
        if not isinstance(steps, list) or not steps:
            bad(f"{rid}: steps must be a non-empty list")
            continue
        label = r.get("label", {})
        fault, k = label.get("fault"), label.get("first_off_track_step")
        if "fault" not in label or "first_off_track_step" not in label:
            bad(f"{rid}: label needs fault and first_off_track_step")
        if fault is None:
            if k is not None:
                bad(f"{rid}: healthy run must have first_off_track_step null")
            if r["outcome"].get("success") is not True:
                bad(f"{rid}: healthy run should succeed")
            if "healthy" not in rid:
                bad(f"{rid}: healthy id should say healthy")
        else:
            if not isinstance(fault, str) or not fault:
                bad(f"{rid}: fault must be a non-empty string")
            if not isinstance(k, int) or not 0 <= k < len(steps):
                bad(f"{rid}: first_off_track_step {k} out of range 0..{len(steps) - 1}")
            if r["outcome"].get("success") is not False:
                bad(f"{rid}: faulty run should not succeed")
            if fault not in rid:
                bad(f"{rid}: id should name its fault {fault}")
        if not isinstance(r["outcome"].get("success"), bool):
            bad(f"{rid}: outcome.success must be a bool")
        prev_bids = check_obs(f"{rid} initial", r["initial_observation"])
        for i, s in enumerate(steps):
            where = f"{rid} step {i}"
            a = s.get("action", {})
            for k2 in ("command", "effect"):
                if k2 not in a:
                    bad(f"{where}: action.{k2} missing")
            if a.get("effect") not in EFFECTS:
                bad(f"{where}: effect {a.get('effect')!r} not in {sorted(EFFECTS)}")
            if "commitment" in s and s["commitment"] not in cids:
                bad(f"{where}: commitment {s['commitment']!r} not in plan")
            m = CMD_BID_RE.match(a.get("command", ""))
            if m and m.group(1) not in prev_bids:
                bad(f"{where}: command bid {m.group(1)} not on the previous page")
            prev_bids = check_obs(where, s.get("observation"))
    wf = {}
    for r in runs:
        wf.setdefault(r["workflow"], []).append(r)
    healthy = sum(1 for r in runs if r["label"]["fault"] is None)
    if len(runs) != 20 or healthy != 8 or len(wf) != 2:
        bad(f"expected 20 runs (8 healthy) over 2 workflows, got {len(runs)} ({healthy} healthy) over {len(wf)}")
    for w in wf:
        if not os.path.exists(os.path.join(HERE, "plans", f"{w}.yaml")):
            bad(f"plans/{w}.yaml missing")
    if problems:
        print(f"FAIL: {len(problems)} problem(s)")
        for p in problems:
            print(" -", p)
        return 1
    kinds = sorted({r["label"]["fault"] for r in runs if r["label"]["fault"]})
    print(f"OK: {len(runs)} runs ({healthy} healthy, {len(runs) - healthy} faulty: {', '.join(kinds)}), "
          f"{len(plans)} plans, {sum(len(r['steps']) for r in runs)} steps")
    return 0


if __name__ == "__main__":
    sys.exit(main())
