#!/usr/bin/env python3
"""Validate corpus.jsonl and plans/*.yaml against the fcpkit file-format contract (stdlib only).

Exits 0 when everything passes, 1 (with one line per problem) otherwise.
Checks: required fields and types, plan structure (commitments, evidence items, scopes, stages),
label rules (healthy: fault/step null, faulty: fault string and a step index inside `steps`),
commitment names resolve in the plan, plan task equals trajectory task, accessibility-tree
text shape, every action's bid exists in the page it was taken on (with the stated target),
JSON round-trip, and the corpus mix (>= 4 healthy and >= 6 distinct faults per workflow).
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
problems = []


def bad(where, msg):
    problems.append(f"{where}: {msg}")


# ---------------------------------------------------------------- minimal YAML subset reader
def _scalar(tok, where):
    tok = tok.strip()
    if tok.startswith('"'):
        return json.loads(tok)
    if tok.startswith("'") and tok.endswith("'"):
        return tok[1:-1].replace("''", "'")
    if tok == "[]":
        return []
    if tok == "{}":
        return {}
    if tok in ("null", "~", ""):
        return None
    if tok in ("true", "false"):
        return tok == "true"
    if re.fullmatch(r"-?\d+", tok):
        return int(tok)
    if re.fullmatch(r"-?\d+\.\d*([eE][-+]?\d+)?", tok):
        return float(tok)
    return tok


KEY_RE = re.compile(r"^([A-Za-z_][\w-]*):(?:\s+(.*))?$")


def parse_yaml(text, where):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError(f"{where}: tab indentation")
        ind = len(raw) - len(raw.lstrip(" "))
        lines.append([ind, raw.strip()])

    pos = 0

    def block(ind):
        nonlocal pos
        if pos >= len(lines):
            return None
        if lines[pos][1].startswith("- ") or lines[pos][1] == "-":
            return seq(ind)
        return mapping(ind)

    def seq(ind):
        nonlocal pos
        out = []
        while pos < len(lines) and lines[pos][0] == ind and (lines[pos][1].startswith("- ") or lines[pos][1] == "-"):
            rest = lines[pos][1][2:].strip()
            if KEY_RE.match(rest) and not rest.startswith('"'):
                lines[pos] = [ind + 2, rest]
                out.append(mapping(ind + 2))
            else:
                out.append(_scalar(rest, where))
                pos += 1
        return out

    def mapping(ind):
        nonlocal pos
        out = {}
        while pos < len(lines) and lines[pos][0] == ind and not lines[pos][1].startswith("- "):
            m = KEY_RE.match(lines[pos][1])
            if not m:
                raise ValueError(f"{where}: cannot parse line {lines[pos][1]!r}")
            key, rest = m.group(1), m.group(2)
            if key in out:
                raise ValueError(f"{where}: duplicate key {key}")
            pos += 1
            if rest is None or rest == "":
                if pos < len(lines) and lines[pos][0] > ind:
                    out[key] = block(lines[pos][0])
                else:
                    out[key] = None
            else:
                out[key] = _scalar(rest, where)
        return out

    res = block(lines[0][0]) if lines else None
    if pos != len(lines):
        raise ValueError(f"{where}: unparsed content from line {lines[pos][1]!r}")
    return res


def _unbool(x):
    if isinstance(x, dict):
        return {("on" if k is True else k): _unbool(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_unbool(v) for v in x]
    return x


# ---------------------------------------------------------------- plan checks
STAGES = ("precondition", "progress", "completion")
SCOPES = ("execution", "skill", "planning")


def check_evidence_list(lst, where):
    if not isinstance(lst, list):
        bad(where, "must be a list")
        return
    for i, ev in enumerate(lst):
        w = f"{where}[{i}]"
        if isinstance(ev, str):
            if not ev.strip():
                bad(w, "empty evidence string")
        elif isinstance(ev, dict):
            if not isinstance(ev.get("text"), str) or not ev["text"].strip():
                bad(w, "evidence mapping needs non-empty text")
            if ev.get("on", "state") not in ("state", "action", "both"):
                bad(w, f"bad 'on' {ev.get('on')!r}")
            extra = set(ev) - {"text", "on"}
            if extra:
                bad(w, f"unexpected keys {sorted(extra)}")
        else:
            bad(w, f"evidence must be str or mapping, got {type(ev).__name__}")


def check_plan(plan, where):
    if not isinstance(plan, dict):
        bad(where, "plan must be a mapping")
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        bad(where, "task must be a non-empty string")
    pf = plan.get("plan_falsifiers", {})
    if pf is not None:
        if not isinstance(pf, dict):
            bad(where, "plan_falsifiers must be a mapping")
        else:
            for k, v in pf.items():
                if k not in SCOPES:
                    bad(where, f"plan_falsifiers scope {k!r} unknown")
                check_evidence_list(v, f"{where}.plan_falsifiers.{k}")
    cms = plan.get("commitments")
    ids = set()
    if not isinstance(cms, list) or not cms:
        bad(where, "commitments must be a non-empty list")
        return ids
    for i, c in enumerate(cms):
        w = f"{where}.commitments[{i}]"
        if not isinstance(c, dict):
            bad(w, "must be a mapping")
            continue
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            bad(w, "id must be a non-empty string")
        elif cid in ids:
            bad(w, f"duplicate id {cid}")
        else:
            ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            bad(w, "subgoal must be a non-empty string")
        if "skill" in c and c["skill"] is not None and not isinstance(c["skill"], str):
            bad(w, "skill must be a string")
        conf = c.get("confidence", 0.5)
        if isinstance(conf, bool) or not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            bad(w, f"confidence {conf!r} not in [0, 1]")
        for part, keys in (("confirm", STAGES), ("falsify", SCOPES)):
            d = c.get(part, {})
            if d is None:
                continue
            if not isinstance(d, dict):
                bad(w, f"{part} must be a mapping")
                continue
            for k, v in d.items():
                if k not in keys:
                    bad(w, f"{part}.{k} is not one of {keys}")
                check_evidence_list(v, f"{w}.{part}.{k}")
        n_ev = sum(len(v or []) for part in ("confirm", "falsify") for v in (c.get(part) or {}).values())
        if n_ev == 0:
            bad(w, "commitment has no evidence at all")
    return ids


# ---------------------------------------------------------------- observation checks
LINE_RE = re.compile(r"^(\t+)(?:\[([^\]\s]+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")


def check_obs(o, where):
    bids = {}
    if not isinstance(o, dict):
        bad(where, "observation must be an object")
        return bids
    for k in ("url", "title", "text"):
        if not isinstance(o.get(k), str):
            bad(where, f"{k} must be a string")
    if "error" not in o or not (o["error"] is None or isinstance(o["error"], str)):
        bad(where, "error must be present and null or string")
    if "tabs" in o:
        if not isinstance(o["tabs"], list) or not all(isinstance(x, dict) and isinstance(x.get("url"), str)
                                                      and isinstance(x.get("title"), str) for x in o["tabs"]):
            bad(where, "tabs must be a list of {url, title}")
    if "screenshot" in o:
        if not isinstance(o["screenshot"], str) or not os.path.exists(os.path.join(HERE, o["screenshot"])):
            bad(where, "screenshot must be an existing relative path")
    text = o.get("text") or ""
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        bad(where, "text must start with RootWebArea")
    if len(lines) < 60:
        bad(where, f"page is suspiciously short ({len(lines)} lines)")
    prev_depth = 0
    for j, ln in enumerate(lines[1:], 1):
        m = LINE_RE.match(ln)
        if not m:
            bad(where, f"line {j} not in '[bid] role 'name'' form: {ln[:80]!r}")
            continue
        depth = len(m.group(1))
        if depth > prev_depth + 1:
            bad(where, f"line {j} indentation jumps")
        prev_depth = depth
        bid, role = m.group(2), m.group(3)
        if role == "StaticText":
            if bid:
                bad(where, f"line {j}: StaticText carries a bid")
            continue
        if not bid:
            bad(where, f"line {j}: element without bid")
            continue
        if bid in bids:
            bad(where, f"line {j}: duplicate bid {bid}")
        bids[bid] = f"{role} {m.group(4)}"
    for needle in ("TileCraft Office", "banner ''", "navigation 'Main'", "navigation 'Breadcrumb'",
                   "contentinfo ''", "status ''", "searchbox 'Search customers, quotes, jobs'"):
        if needle not in text:
            bad(where, f"site furniture missing: {needle}")
    return bids


CMD_RE = re.compile(r"^(click|fill|select_option|press|hover|dblclick|focus|clear|send_msg_to_user|goto|go_back"
                    r"|noop|scroll)\((.*)\)$", re.S)


def check_action(a, where, prev_bids):
    if not isinstance(a, dict):
        bad(where, "action must be an object")
        return
    for k in ("command", "reasoning"):
        if not isinstance(a.get(k), str) or not a[k]:
            bad(where, f"action.{k} must be a non-empty string")
    if "target" in a and not (a["target"] is None or isinstance(a["target"], str)):
        bad(where, "action.target must be string or null")
    if a.get("effect") not in ("read", "write", "irreversible"):
        bad(where, f"action.effect {a.get('effect')!r} invalid")
    m = CMD_RE.match(a.get("command", ""))
    if not m:
        bad(where, f"unrecognised command {a.get('command')!r}")
        return
    verb, args = m.groups()
    if verb in ("click", "fill", "select_option", "press", "hover", "dblclick", "focus", "clear"):
        bm = re.match(r"^'([^']+)'", args)
        if not bm:
            bad(where, "element command without a bid")
            return
        bid = bm.group(1)
        if bid not in prev_bids:
            bad(where, f"bid {bid} not on the page the action was taken on")
        elif a.get("target") and prev_bids[bid] != a["target"]:
            bad(where, f"target {a['target']!r} != element {prev_bids[bid]!r} at bid {bid}")


def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl missing")
        return 1
    plans = {}
    plan_ids = {}
    seen_ids = set()
    per_wf = {}
    with open(CORPUS, encoding="utf-8") as fh:
        raw_lines = fh.read().split("\n")
    if raw_lines and raw_lines[-1] == "":
        raw_lines.pop()
    for ln_no, line in enumerate(raw_lines, 1):
        where = f"corpus.jsonl:{ln_no}"
        try:
            r = json.loads(line)
        except json.JSONDecodeError as e:
            bad(where, f"invalid JSON: {e}")
            continue
        if json.dumps(r, ensure_ascii=False) != line:
            bad(where, "JSON does not round-trip byte-identically")
        if not isinstance(r, dict):
            bad(where, "trajectory must be an object")
            continue
        rid = r.get("id")
        where = f"{where} ({rid})"
        if not isinstance(rid, str) or not rid:
            bad(where, "id must be a non-empty string")
        elif rid in seen_ids:
            bad(where, "duplicate id")
        seen_ids.add(rid)
        for k in ("workflow", "task"):
            if not isinstance(r.get(k), str) or not r[k]:
                bad(where, f"{k} must be a non-empty string")
        # plan
        p = r.get("plan")
        if isinstance(p, str):
            path = os.path.join(HERE, p)
            if p not in plans:
                if not os.path.exists(path):
                    bad(where, f"plan file {p} missing")
                    plans[p] = None
                else:
                    try:
                        with open(path, encoding="utf-8") as pf:
                            text = pf.read()
                        plans[p] = json.loads(text) if p.endswith(".json") else parse_yaml(text, p)
                        plan_ids[p] = check_plan(plans[p], p)
                        try:  # optional cross-check with PyYAML when it happens to be installed
                            import yaml  # noqa: F401
                            # YAML 1.1 readers (PyYAML) turn the contract's bare `on:` key into True;
                            # map it back before comparing (see README, "Loader note").
                            if _unbool(yaml.safe_load(text)) != plans[p]:
                                bad(p, "PyYAML reads this plan differently from the subset reader")
                        except ImportError:
                            pass
                    except (ValueError, json.JSONDecodeError) as e:
                        bad(where, f"plan {p} unreadable: {e}")
                        plans[p] = None
            plan, cids = plans.get(p), plan_ids.get(p, set())
        elif isinstance(p, dict):
            plan, cids = p, check_plan(p, f"{where}.plan")
        else:
            bad(where, "plan must be a path or an inline object")
            plan, cids = None, set()
        if plan and plan.get("task") != r.get("task"):
            bad(where, "trajectory task differs from the plan's task")
        # label
        lab = r.get("label")
        steps = r.get("steps")
        if not isinstance(steps, list) or not steps:
            bad(where, "steps must be a non-empty list")
            steps = []
        if not isinstance(lab, dict) or "fault" not in lab or "first_off_track_step" not in lab:
            bad(where, "label needs fault and first_off_track_step")
            lab = {"fault": None, "first_off_track_step": None}
        fault, fots = lab["fault"], lab["first_off_track_step"]
        out = r.get("outcome")
        if not isinstance(out, dict) or not isinstance(out.get("success"), bool):
            bad(where, "outcome.success must be a boolean")
            out = {"success": None}
        if fault is None:
            if fots is not None:
                bad(where, "healthy trajectory must have first_off_track_step null")
            if out["success"] is not True:
                bad(where, "healthy trajectory should succeed")
        else:
            if not isinstance(fault, str) or not fault:
                bad(where, "fault must be null or a non-empty string")
            if isinstance(fots, bool) or not isinstance(fots, int) or not 0 <= fots < len(steps):
                bad(where, f"first_off_track_step {fots!r} is not an index into steps (0..{len(steps) - 1})")
            if out["success"] is not False:
                bad(where, "faulty trajectory should not succeed")
        per_wf.setdefault(r.get("workflow"), []).append(fault)
        # observations and actions
        prev_bids = check_obs(r.get("initial_observation"), f"{where}.initial_observation")
        for i, s in enumerate(steps):
            w = f"{where}.steps[{i}]"
            if not isinstance(s, dict):
                bad(w, "step must be an object")
                continue
            if "commitment" in s and s["commitment"] is not None:
                if not isinstance(s["commitment"], str):
                    bad(w, "commitment must be a string")
                elif cids and s["commitment"] not in cids:
                    bad(w, f"commitment {s['commitment']!r} not in plan")
            check_action(s.get("action"), w, prev_bids)
            prev_bids = check_obs(s.get("observation"), f"{w}.observation")
    # corpus mix
    for wf, faults in per_wf.items():
        healthy = sum(1 for f in faults if f is None)
        kinds = [f for f in faults if f is not None]
        if healthy < 4:
            bad(f"workflow {wf}", f"only {healthy} healthy runs")
        if len(kinds) < 6:
            bad(f"workflow {wf}", f"only {len(kinds)} faulty runs")
        if len(set(kinds)) != len(kinds):
            bad(f"workflow {wf}", "fault kinds repeat within the workflow")
        if not os.path.exists(os.path.join(HERE, "plans", f"{wf}.yaml")):
            bad(f"workflow {wf}", f"plans/{wf}.yaml missing")
    if len(per_wf) != 2:
        bad("corpus", f"expected 2 workflows, found {sorted(per_wf)}")
    for msg in problems:
        print("FAIL", msg)
    n = len(seen_ids)
    print(f"{'FAILED' if problems else 'OK'}: {n} trajectories, {len(plans)} plans, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
