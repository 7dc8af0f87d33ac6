#!/usr/bin/env python3
"""Stdlib self-test for the MooringLog held-out corpus.

Checks that corpus.jsonl and plans/*.yaml follow the fcpkit format contract
(/work/shared/FORMATS.md) and that the README's label table matches the corpus.
Run after make_corpus.py:  python3 selftest.py   (exit status 0 = all good)
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}
BID_CMD = re.compile(r"^(click|fill|select_option|press|check|uncheck|hover|dblclick|focus|clear)\('([^']+)'")
OTHER_CMD = re.compile(r"^(goto|send_msg_to_user|go_back|go_forward|noop|scroll|report_infeasible)\(")
AX_LINE = re.compile(r"^\t*(\[[a-z]?\d+\] \w+ (['\"]).*\2(, .*)?|StaticText (['\"]).*\4)$")

errors = []


def err(msg):
    errors.append(msg)


# ----------------------------------------------------------- minimal YAML reader
def parse_yaml(text):
    """Parse the block-style YAML subset the plans use (maps, lists, scalars, [] / {})."""
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError(f"tab indentation: {raw!r}")
        lines.append([len(raw) - len(raw.lstrip(" ")), raw.strip()])
    pos = 0

    def scalar(s):
        if s == "[]":
            return []
        if s == "{}":
            return {}
        if s.startswith('"'):
            return json.loads(s)
        if s.startswith("'"):
            return s[1:-1].replace("''", "'")
        if re.fullmatch(r"-?\d+", s):
            return int(s)
        if re.fullmatch(r"-?\d+\.\d*", s):
            return float(s)
        if s in ("true", "false"):
            return s == "true"
        if s in ("null", "~"):
            return None
        if s[0] in "[{&*!|>%@`":
            raise ValueError(f"unsupported YAML scalar {s!r}")
        return s

    def is_item(s):
        return s == "-" or s.startswith("- ")

    def block(ind):
        return seq(ind) if is_item(lines[pos][1]) else mapping(ind)

    def mapping(ind):
        nonlocal pos
        out = {}
        while pos < len(lines) and lines[pos][0] == ind and not is_item(lines[pos][1]):
            k, sep, v = lines[pos][1].partition(":")
            if not sep:
                raise ValueError(f"expected 'key: value': {lines[pos][1]!r}")
            k, v = k.strip(), v.strip()
            if k in out:
                raise ValueError(f"duplicate key {k!r}")
            pos += 1
            if v:
                out[k] = scalar(v)
            elif pos < len(lines) and lines[pos][0] > ind:
                out[k] = block(lines[pos][0])
            elif pos < len(lines) and lines[pos][0] == ind and is_item(lines[pos][1]):
                out[k] = seq(ind)
            else:
                out[k] = None
        if pos < len(lines) and lines[pos][0] > ind:
            raise ValueError(f"bad indentation near {lines[pos][1]!r}")
        return out

    def seq(ind):
        nonlocal pos
        out = []
        while pos < len(lines) and lines[pos][0] == ind and is_item(lines[pos][1]):
            item = lines[pos][1][1:].strip()
            if re.match(r"^[A-Za-z_][\w-]*:( |$)", item):
                lines[pos] = [ind + 2, item]
                out.append(mapping(ind + 2))
            else:
                pos += 1
                out.append(scalar(item))
        return out

    result = block(lines[0][0])
    if pos != len(lines):
        raise ValueError(f"trailing content near {lines[pos][1]!r}")
    return result


# ----------------------------------------------------------------- plan checks
def check_evidence(where, items):
    if not isinstance(items, list):
        err(f"{where}: evidence must be a list")
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                err(f"{where}: empty evidence string")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                err(f"{where}: evidence mapping without text")
            if it.get("on", "state") not in ON:
                err(f"{where}: bad 'on' {it.get('on')!r}")
        else:
            err(f"{where}: evidence item must be str or mapping, got {type(it).__name__}")


def check_plan(path, plan):
    if not isinstance(plan, dict):
        err(f"{path}: plan is not a mapping")
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        err(f"{path}: missing task")
    pf = plan.get("plan_falsifiers", {}) or {}
    if not isinstance(pf, dict):
        err(f"{path}: plan_falsifiers must be a mapping of scope -> list")
    else:
        for scope, items in pf.items():
            if scope not in SCOPES:
                err(f"{path}: unknown plan_falsifiers scope {scope!r}")
            check_evidence(f"{path}: plan_falsifiers.{scope}", items)
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        err(f"{path}: commitments must be a non-empty list")
        return set()
    ids = set()
    for c in cms:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            err(f"{path}: commitment without id")
            continue
        if cid in ids:
            err(f"{path}: duplicate commitment id {cid}")
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            err(f"{path}:{cid}: missing subgoal")
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or isinstance(conf, bool) or not 0 <= conf <= 1:
            err(f"{path}:{cid}: confidence {conf!r} not in [0, 1]")
        for section, allowed in (("confirm", STAGES), ("falsify", SCOPES)):
            sec = c.get(section, {}) or {}
            if not isinstance(sec, dict):
                err(f"{path}:{cid}: {section} must be a mapping")
                continue
            for k, items in sec.items():
                if k not in allowed:
                    err(f"{path}:{cid}: unknown {section} key {k!r}")
                check_evidence(f"{path}:{cid}.{section}.{k}", items)
    return ids


# --------------------------------------------------------------- corpus checks
def check_obs(where, obs):
    if not isinstance(obs, dict):
        err(f"{where}: observation not an object")
        return set()
    for k in ("url", "title", "text"):
        if not isinstance(obs.get(k), str) or not obs[k]:
            err(f"{where}: observation.{k} missing")
    if "error" not in obs or not (obs["error"] is None or isinstance(obs["error"], str)):
        err(f"{where}: observation.error must be present (string or null)")
    text = obs.get("text") or ""
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        err(f"{where}: text does not start with RootWebArea")
    bids = []
    for ln in lines[1:]:
        if not AX_LINE.match(ln):
            err(f"{where}: malformed AXTree line {ln!r}")
            break
        m = re.match(r"^\t*\[([a-z]?\d+)\]", ln)
        if m:
            bids.append(m.group(1))
    if len(bids) != len(set(bids)):
        err(f"{where}: duplicate bids in one page")
    return set(bids)


def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl missing: run make_corpus.py first")
        return 1
    plans, plan_ids = {}, {}
    records = []
    with open(CORPUS, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"corpus line {n}: {e}")
    seen = set()
    for r in records:
        rid = r.get("id")
        where = f"run {rid}"
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps"):
            if k not in r:
                err(f"{where}: missing field {k}")
        if rid in seen:
            err(f"{where}: duplicate id")
        seen.add(rid)
        # plan
        plan_ref = r.get("plan")
        if isinstance(plan_ref, str):
            ppath = os.path.normpath(os.path.join(HERE, plan_ref))
            if ppath not in plans:
                if not os.path.exists(ppath):
                    err(f"{where}: plan file {plan_ref} does not exist")
                    plans[ppath] = None
                else:
                    with open(ppath, encoding="utf-8") as fh:
                        raw = fh.read()
                    try:
                        plans[ppath] = json.loads(raw) if ppath.endswith(".json") else parse_yaml(raw)
                    except ValueError as e:
                        err(f"{plan_ref}: cannot parse: {e}")
                        plans[ppath] = None
                    plan_ids[ppath] = check_plan(plan_ref, plans[ppath]) if plans[ppath] else set()
            plan, cids = plans[ppath], plan_ids.get(ppath, set())
        elif isinstance(plan_ref, dict):
            plan, cids = plan_ref, check_plan(f"{where} inline plan", plan_ref)
        else:
            err(f"{where}: plan must be a path or an object")
            plan, cids = None, set()
        if plan and plan.get("task") != r.get("task"):
            err(f"{where}: task differs from its plan's task")
        # label
        steps = r.get("steps") or []
        lab = r.get("label") or {}
        if "fault" not in lab or "first_off_track_step" not in lab:
            err(f"{where}: label needs fault and first_off_track_step")
        fault, off = lab.get("fault"), lab.get("first_off_track_step")
        if fault is None:
            if off is not None:
                err(f"{where}: healthy run with first_off_track_step {off}")
        else:
            if not isinstance(fault, str) or not fault:
                err(f"{where}: fault must be a non-empty string or null")
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                err(f"{where}: first_off_track_step {off!r} is not a valid step index (0..{len(steps) - 1})")
            if isinstance(rid, str) and fault not in rid:
                err(f"{where}: id does not name its fault {fault}")
        out = r.get("outcome")
        if out is not None and out.get("success") is not (fault is None):
            err(f"{where}: outcome.success inconsistent with label")
        # observations and actions
        prev_bids = check_obs(f"{where} initial", r.get("initial_observation"))
        if not steps:
            err(f"{where}: no steps")
        for i, s in enumerate(steps):
            sw = f"{where} step {i}"
            act = s.get("action")
            if not isinstance(act, dict):
                err(f"{sw}: action missing")
                continue
            cmd = act.get("command", "")
            if not isinstance(cmd, str) or not cmd:
                err(f"{sw}: action.command missing")
            m = BID_CMD.match(cmd or "")
            if m:
                if m.group(2) not in prev_bids:
                    err(f"{sw}: {cmd[:40]} targets bid {m.group(2)} absent from the previous page")
            elif not OTHER_CMD.match(cmd or ""):
                err(f"{sw}: unrecognised command {cmd[:40]!r}")
            if act.get("effect") not in EFFECTS:
                err(f"{sw}: effect {act.get('effect')!r} not in {sorted(EFFECTS)}")
            for k in ("reasoning", "target"):
                if k in act and not isinstance(act[k], str):
                    err(f"{sw}: action.{k} must be a string")
            if "commitment" in s and s["commitment"] is not None and cids and s["commitment"] not in cids:
                err(f"{sw}: commitment {s['commitment']!r} not in plan")
            prev_bids = check_obs(sw, s.get("observation"))
    # corpus-level expectations of this held-out set
    healthy = [r for r in records if (r.get("label") or {}).get("fault") is None]
    faulty = [r for r in records if (r.get("label") or {}).get("fault") is not None]
    if len(records) != 20 or len(healthy) != 8 or len(faulty) != 12:
        err(f"expected 20 runs (8 healthy, 12 faulty), got {len(records)} ({len(healthy)}, {len(faulty)})")
    wfs = {r.get("workflow") for r in records}
    if len(wfs) != 2:
        err(f"expected 2 workflows, got {sorted(map(str, wfs))}")
    for wf in wfs:
        if not os.path.exists(os.path.join(HERE, "plans", f"{wf}.yaml")):
            err(f"plans/{wf}.yaml missing")
    # optional cross-check against PyYAML when it happens to be installed
    try:
        import yaml  # noqa: F401
    except ImportError:
        yaml = None
    if yaml:
        for ppath, plan in plans.items():
            if plan is not None and yaml.safe_load(open(ppath, encoding="utf-8")) != plan:
                err(f"{ppath}: mini parser and PyYAML disagree")
    # README label table must agree with the corpus
    readme = os.path.join(HERE, "README.md")
    if os.path.exists(readme):
        table = {}
        for ln in open(readme, encoding="utf-8"):
            m = re.match(r"^\|\s*`([^`]+)`\s*\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|", ln)
            if m:
                table[m.group(1)] = (m.group(2), m.group(3))
        for r in records:
            lab = r["label"]
            want = (lab["fault"] or "healthy", "—" if lab["first_off_track_step"] is None
                    else str(lab["first_off_track_step"]))
            got = table.get(r["id"])
            if got is None:
                err(f"README: no table row for {r['id']}")
            elif got != want:
                err(f"README: row for {r['id']} says {got}, corpus says {want}")
    else:
        err("README.md missing")

    if errors:
        for e in errors:
            print("FAIL:", e)
        print(f"{len(errors)} problem(s)")
        return 1
    print(f"ok: {len(records)} runs ({len(healthy)} healthy, {len(faulty)} faulty), "
          f"{len([p for p in plans.values() if p])} plans, "
          f"{sum(len(r['steps']) for r in records)} steps checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
