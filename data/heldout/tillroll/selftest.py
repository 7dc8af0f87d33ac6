#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow FORMATS.md.

Run:  python3 selftest.py      (exit status 0 when every check passes)
"""
import ast
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
FAULTS = {"wrong_record", "wrong_value", "skipped_required_field", "silent_noop", "stale_page",
          "error_banner", "permission_denied", "premature_done", "dialog_cancelled",
          "wrong_setting", "double_submit", "unsaved_navigation"}
LINE_RE = re.compile(r"^(\t*)(?:\[(a\d+)\] ([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)"
                     r"|StaticText ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")"
                     r"|RootWebArea ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"), focused)$")
CMD_RE = re.compile(r"^(click|fill|select_option|press|goto|go_back|send_msg_to_user|scroll|noop)\((.*)\)$", re.S)

errors = []


def err(msg):
    errors.append(msg)


# --- minimal YAML reader for the block subset used by the plans -------------
def _scalar(s):
    s = s.strip()
    if s == "[]":
        return []
    if s == "{}":
        return {}
    if s.startswith('"'):
        return json.loads(s)
    if s in ("null", "~", ""):
        return None
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    return s


def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        if "\t" in raw[:len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation in YAML")
        if not raw.strip() or raw.strip().startswith("#"):
            continue
        lines.append((len(raw) - len(raw.lstrip(" ")), raw.strip()))
    pos = [0]

    def block(ind):
        if lines[pos[0]][1].startswith("- "):
            return seq(ind)
        return mapping(ind)

    def kv(out, k, v, ind):
        if k in out:
            raise ValueError(f"duplicate key {k}")
        if v.strip():
            out[k] = _scalar(v)
        elif pos[0] < len(lines) and lines[pos[0]][0] > ind:
            out[k] = block(lines[pos[0]][0])
        elif pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
            out[k] = seq(ind)
        else:
            out[k] = None

    def mapping(ind, first=None):
        out = {}
        if first is not None:
            kv(out, first[0], first[1], ind)
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and not lines[pos[0]][1].startswith("- "):
            k, _, v = lines[pos[0]][1].partition(":")
            pos[0] += 1
            kv(out, k.strip(), v, ind)
        return out

    def seq(ind):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
            item = lines[pos[0]][1][2:]
            pos[0] += 1
            m = re.match(r'^([A-Za-z_][\w-]*):(\s|$)(.*)$', item)
            if m:
                out.append(mapping(ind + 2, first=(m.group(1), m.group(3))))
            else:
                out.append(_scalar(item))
        return out

    res = block(lines[0][0]) if lines else {}
    if pos[0] != len(lines):
        raise ValueError(f"unparsed YAML at: {lines[pos[0]][1]!r}")
    return res


def norm_pyyaml(x):
    """PyYAML (YAML 1.1) reads the bare key `on` as boolean True; map it back."""
    if isinstance(x, dict):
        return {("on" if k is True else k): norm_pyyaml(v) for k, v in x.items()}
    if isinstance(x, list):
        return [norm_pyyaml(v) for v in x]
    return x


# --- plan checks ---------------------------------------------------------------
def check_evidence(where, items):
    if items is None:
        return
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
                err(f"{where}: evidence 'on' must be one of {sorted(ON)}")
        else:
            err(f"{where}: evidence item must be string or mapping")


def load_plan(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    plan = parse_yaml(text)
    try:
        import yaml  # optional cross-check, not required
        other = norm_pyyaml(yaml.safe_load(text))
        if other != plan:
            err(f"{path}: PyYAML and the stdlib reader disagree")
    except ImportError:
        pass
    where = os.path.relpath(path, HERE)
    if not isinstance(plan, dict):
        err(f"{where}: plan is not a mapping")
        return None
    if not isinstance(plan.get("task"), str) or not plan["task"]:
        err(f"{where}: missing task")
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in SCOPES:
            err(f"{where}: plan_falsifiers scope {scope!r}")
        check_evidence(f"{where}: plan_falsifiers.{scope}", items)
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not cs:
        err(f"{where}: commitments must be a non-empty list")
        return plan
    ids = [c.get("id") for c in cs]
    if len(set(ids)) != len(ids) or None in ids:
        err(f"{where}: commitment ids missing or not unique: {ids}")
    for c in cs:
        cw = f"{where}:{c.get('id')}"
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"]:
            err(f"{cw}: missing subgoal")
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            err(f"{cw}: confidence outside [0, 1]")
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                err(f"{cw}: unknown confirm stage {stage!r}")
            check_evidence(f"{cw}.confirm.{stage}", items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                err(f"{cw}: unknown falsify scope {scope!r}")
            check_evidence(f"{cw}.falsify.{scope}", items)
    return plan


# --- observation / action checks ----------------------------------------------
def check_obs(where, obs):
    if not isinstance(obs, dict):
        err(f"{where}: observation is not an object")
        return {}
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            err(f"{where}: observation missing {k}")
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        err(f"{where}: error must be string or null")
    if not str(obs.get("url", "")).startswith("http"):
        err(f"{where}: url {obs.get('url')!r}")
    bids = {}
    for n, line in enumerate(str(obs.get("text", "")).split("\n")):
        m = LINE_RE.match(line)
        if not m:
            err(f"{where}: AXTree line {n} malformed: {line!r}")
            continue
        if m.group(2):
            if m.group(2) in bids:
                err(f"{where}: duplicate bid {m.group(2)}")
            bids[m.group(2)] = f"{m.group(3)} {m.group(4)}"
    return bids


def check_action(where, action, bids):
    if not isinstance(action, dict):
        err(f"{where}: action is not an object")
        return
    cmd = action.get("command")
    if not isinstance(cmd, str):
        err(f"{where}: action.command missing")
        return
    if action.get("effect") not in EFFECTS:
        err(f"{where}: effect {action.get('effect')!r}")
    m = CMD_RE.match(cmd)
    if not m:
        err(f"{where}: unrecognised command {cmd!r}")
        return
    try:
        args = ast.literal_eval(f"({m.group(2)},)") if m.group(2).strip() else ()
    except (ValueError, SyntaxError):
        err(f"{where}: arguments do not parse: {cmd!r}")
        return
    if m.group(1) in ("click", "fill", "select_option", "press"):
        bid = args[0]
        if bid not in bids:
            err(f"{where}: {cmd!r} targets bid {bid} absent from the page it acted on")
        elif action.get("target") and action["target"] != bids[bid]:
            err(f"{where}: target {action['target']!r} != page node {bids[bid]!r}")


def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl missing; run make_corpus.py first")
        return 1
    runs = []
    with open(CORPUS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"line {n}: bad JSON: {e}")
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        err("trajectory ids are not unique")
    plans = {}
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err(f"{rid}: missing {k}")
        if not isinstance(r.get("steps"), list) or not r["steps"]:
            err(f"{rid}: steps must be a non-empty list")
            continue
        plan_ref = r.get("plan")
        if isinstance(plan_ref, str):
            path = os.path.normpath(os.path.join(HERE, plan_ref))
            if not os.path.exists(path):
                err(f"{rid}: plan {plan_ref} does not exist")
                continue
            if path not in plans:
                plans[path] = load_plan(path)
            plan = plans[path]
        else:
            plan = plan_ref
        if not plan:
            continue
        if plan.get("task") != r.get("task"):
            err(f"{rid}: task differs from the plan's task")
        cids = {c.get("id") for c in plan.get("commitments", [])}
        lab = r.get("label") or {}
        fault, step = lab.get("fault", "missing"), lab.get("first_off_track_step", "missing")
        if fault == "missing" or step == "missing":
            err(f"{rid}: label needs fault and first_off_track_step")
        elif fault is None:
            if step is not None:
                err(f"{rid}: healthy run with a first_off_track_step")
            if r["outcome"].get("success") is not True:
                err(f"{rid}: healthy run should succeed")
        else:
            if fault not in FAULTS:
                err(f"{rid}: unknown fault class {fault!r}")
            if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < len(r["steps"]):
                err(f"{rid}: first_off_track_step {step!r} not an index into steps")
            if fault not in rid:
                err(f"{rid}: id does not name its fault {fault}")
            if r["outcome"].get("success") is not False:
                err(f"{rid}: faulty run should not succeed")
        if not isinstance(r["outcome"].get("success"), bool):
            err(f"{rid}: outcome.success must be a bool")
        bids = check_obs(f"{rid} initial", r.get("initial_observation"))
        for i, s in enumerate(r["steps"]):
            w = f"{rid} step {i}"
            if "commitment" in s and s["commitment"] not in cids:
                err(f"{w}: commitment {s['commitment']!r} not in plan")
            check_action(w, s.get("action"), bids)
            bids = check_obs(w, s.get("observation"))
    healthy = [r for r in runs if (r.get("label") or {}).get("fault") is None]
    faulty = [r for r in runs if (r.get("label") or {}).get("fault") is not None]
    wfs = {}
    for r in runs:
        wfs[r.get("workflow")] = wfs.get(r.get("workflow"), 0) + 1
    if len(runs) != 20 or len(healthy) != 8 or len(faulty) != 12:
        err(f"expected 20 runs (8 healthy, 12 faulty), got {len(runs)} ({len(healthy)}, {len(faulty)})")
    if len(wfs) != 2 or any(not 8 <= n <= 12 for n in wfs.values()):
        err(f"expected 2 workflows of about 10 runs, got {wfs}")
    for wf in wfs:
        if not os.path.exists(os.path.join(HERE, "plans", f"{wf}.yaml")):
            err(f"plans/{wf}.yaml missing")
    if errors:
        for e in errors[:60]:
            print("FAIL", e)
        print(f"{len(errors)} problem(s)")
        return 1
    kinds = sorted({r['label']['fault'] for r in faulty})
    print(f"ok: {len(runs)} runs ({len(healthy)} healthy, {len(faulty)} faulty, {len(kinds)} fault kinds), "
          f"workflows {wfs}, {len(plans)} plans")
    return 0


if __name__ == "__main__":
    sys.exit(main())
