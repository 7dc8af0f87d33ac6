#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow the fcpkit FORMATS contract.

Run from this folder after make_corpus.py:  python3 selftest.py
Exits non-zero and lists every problem found.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")

STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}
EFFECTS = {"read", "write", "irreversible"}
EXPECTED_FAULTS = {
    "wrong_record", "wrong_value", "skipped_required_field", "permission_denied",
    "dialog_cancelled", "duplicate_submit", "silent_noop", "stale_page", "error_banner",
    "premature_done", "wrong_option", "unsaved_navigation",
}

problems = []


def bad(msg):
    problems.append(msg)


# ---------------------------------------------------------------------------
# A small YAML reader for the block subset the plans use (stdlib only)
# ---------------------------------------------------------------------------

class YamlError(ValueError):
    pass


def _scalar(tok):
    tok = tok.strip()
    if tok == "":
        return None
    if tok.startswith('"'):
        val, end = json.JSONDecoder().raw_decode(tok)
        if tok[end:].strip():
            raise YamlError(f"trailing text after quoted scalar: {tok!r}")
        return val
    if tok.startswith("'"):
        if not tok.endswith("'") or len(tok) < 2:
            raise YamlError(f"unterminated single-quoted scalar: {tok!r}")
        return tok[1:-1].replace("''", "'")
    if tok.startswith("[") and tok.endswith("]"):
        inner = tok[1:-1].strip()
        return [] if not inner else [_scalar(x) for x in inner.split(",")]
    if tok in ("null", "~"):
        return None
    if tok in ("true", "false"):
        return tok == "true"
    if re.fullmatch(r"-?\d+", tok):
        return int(tok)
    if re.fullmatch(r"-?\d+\.\d*", tok):
        return float(tok)
    return tok


def _split_key(content):
    """'key: value' -> (key, value-or-None); returns None when not a mapping entry."""
    if content.startswith('"'):
        key, end = json.JSONDecoder().raw_decode(content)
        rest = content[end:]
    else:
        m = re.match(r"([^:\"'#\[\]{}]+?)(:(?:\s|$).*)$", content)
        if not m:
            return None
        key, rest = m.group(1), m.group(2)
    if not rest.startswith(":"):
        return None
    rest = rest[1:]
    if rest and not rest[0].isspace():
        return None
    return key, (rest.strip() or None)


def yaml_load(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise YamlError("tab in indentation")
        lines.append((len(raw) - len(raw.lstrip(" ")), raw.strip()))
    pos = 0

    def block(indent):
        nonlocal pos
        if pos >= len(lines):
            return None
        if lines[pos][1].startswith("- ") or lines[pos][1] == "-":
            return seq(lines[pos][0])
        return mapping(lines[pos][0])

    def mapping(indent, first=None):
        nonlocal pos
        out = {}
        while pos < len(lines) or first:
            if first is not None:
                content, first = first, None
            else:
                ind, content = lines[pos]
                if ind < indent:
                    break
                if ind > indent:
                    raise YamlError(f"unexpected indent at {content!r}")
                if content.startswith("- "):
                    break
                pos += 1
            kv = _split_key(content)
            if kv is None:
                raise YamlError(f"expected 'key: value', got {content!r}")
            key, val = kv
            if key in out:
                raise YamlError(f"duplicate key {key!r}")
            if val is None:
                if pos < len(lines) and lines[pos][0] > indent:
                    out[key] = block(lines[pos][0])
                elif pos < len(lines) and lines[pos][0] == indent and lines[pos][1].startswith("- "):
                    out[key] = seq(indent)
                else:
                    out[key] = None
            else:
                out[key] = _scalar(val)
        return out

    def seq(indent):
        nonlocal pos
        out = []
        while pos < len(lines):
            ind, content = lines[pos]
            if ind != indent or not content.startswith("-"):
                if ind > indent:
                    raise YamlError(f"unexpected indent at {content!r}")
                break
            pos += 1
            item = content[1:].strip()
            if item and _split_key(item) is not None and not item.startswith(("'", "[")) \
                    and not (item.startswith('"') and _quoted_only(item)):
                out.append(mapping(indent + 2, first=item))
            elif item == "":
                out.append(block(lines[pos][0]) if pos < len(lines) and lines[pos][0] > indent else None)
            else:
                out.append(_scalar(item))
        return out

    result = block(0)
    if pos != len(lines):
        raise YamlError(f"could not parse from line {lines[pos][1]!r}")
    return result


def _quoted_only(item):
    try:
        _, end = json.JSONDecoder().raw_decode(item)
    except ValueError:
        return False
    return not item[end:].strip()


def load_plan(path):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    if path.endswith(".json"):
        return json.loads(text)
    data = yaml_load(text)
    try:  # cross-check with PyYAML when it happens to be installed (optional)
        import yaml  # noqa: F401
    except ImportError:
        return data
    other = yaml.safe_load(text)
    if other != data:
        bad(f"{path}: stdlib reader and PyYAML disagree")
    return data


# ---------------------------------------------------------------------------
# Plan checks
# ---------------------------------------------------------------------------

def check_evidence(where, items):
    if not isinstance(items, list):
        bad(f"{where}: evidence must be a list, got {type(items).__name__}")
        return
    for i, ev in enumerate(items):
        if isinstance(ev, str):
            if not ev.strip():
                bad(f"{where}[{i}]: empty evidence string")
        elif isinstance(ev, dict):
            if not isinstance(ev.get("text"), str) or not ev["text"].strip():
                bad(f"{where}[{i}]: evidence mapping needs a non-empty 'text'")
            if ev.get("on", "state") not in ON:
                bad(f"{where}[{i}]: 'on' must be one of {sorted(ON)}, got {ev.get('on')!r}")
            extra = set(ev) - {"text", "on"}
            if extra:
                bad(f"{where}[{i}]: unknown evidence keys {sorted(extra)}")
        else:
            bad(f"{where}[{i}]: evidence must be a string or mapping")


def check_plan(path):
    name = os.path.relpath(path, HERE)
    try:
        plan = load_plan(path)
    except (YamlError, ValueError) as exc:
        bad(f"{name}: does not parse: {exc}")
        return None
    if not isinstance(plan, dict):
        bad(f"{name}: top level must be a mapping")
        return None
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        bad(f"{name}: missing task")
    pf = plan.get("plan_falsifiers", {}) or {}
    if not isinstance(pf, dict):
        bad(f"{name}: plan_falsifiers must be a mapping of scope -> evidence")
    else:
        for scope, items in pf.items():
            if scope not in SCOPES:
                bad(f"{name}: plan_falsifiers scope {scope!r} not in {sorted(SCOPES)}")
            check_evidence(f"{name}: plan_falsifiers.{scope}", items)
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        bad(f"{name}: commitments must be a non-empty list")
        return plan
    seen = set()
    for i, c in enumerate(cms):
        where = f"{name}: commitments[{i}]"
        if not isinstance(c, dict):
            bad(f"{where}: must be a mapping")
            continue
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            bad(f"{where}: missing id")
        elif cid in seen:
            bad(f"{where}: duplicate id {cid!r}")
        seen.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            bad(f"{where}: missing subgoal")
        if "skill" in c and not isinstance(c["skill"], str):
            bad(f"{where}: skill must be a string")
        conf = c.get("confidence", 0.5)
        if isinstance(conf, bool) or not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            bad(f"{where}: confidence must be a number in [0, 1], got {conf!r}")
        for key, allowed in (("confirm", STAGES), ("falsify", SCOPES)):
            block = c.get(key, {}) or {}
            if not isinstance(block, dict):
                bad(f"{where}.{key}: must be a mapping")
                continue
            for k, items in block.items():
                if k not in allowed:
                    bad(f"{where}.{key}: {k!r} not in {sorted(allowed)}")
                check_evidence(f"{where}.{key}.{k}", items)
    return plan


# ---------------------------------------------------------------------------
# Corpus checks
# ---------------------------------------------------------------------------

AX_LINE = re.compile(r"^(\t*)(\[(a\d+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(, .+)?$")
BID_ARG = re.compile(r"^[a-z_]+\('(a\d+)'")


def check_observation(where, obs):
    if not isinstance(obs, dict):
        bad(f"{where}: observation must be an object")
        return set()
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            bad(f"{where}: observation missing {k!r}")
    for k in ("url", "title", "text"):
        if k in obs and not isinstance(obs[k], str):
            bad(f"{where}: observation {k!r} must be a string")
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        bad(f"{where}: observation error must be a string or null")
    text = obs.get("text") or ""
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        bad(f"{where}: text must start with the RootWebArea line")
    if obs.get("title") and obs["title"] not in lines[0]:
        bad(f"{where}: RootWebArea name does not match title")
    bids = set()
    prev_depth = 0
    for n, line in enumerate(lines):
        m = AX_LINE.match(line)
        if not m:
            bad(f"{where}: line {n} is not an AXTree node: {line[:80]!r}")
            continue
        depth = len(m.group(1))
        if depth > prev_depth + 1:
            bad(f"{where}: line {n} jumps indentation")
        prev_depth = depth
        if m.group(3):
            if m.group(3) in bids:
                bad(f"{where}: duplicate bid {m.group(3)}")
            bids.add(m.group(3))
    return bids


def main():
    plans = {}
    plan_dir = os.path.join(HERE, "plans")
    for fn in sorted(os.listdir(plan_dir)):
        if fn.endswith((".yaml", ".yml", ".json")):
            path = os.path.join(plan_dir, fn)
            plans[os.path.relpath(path, HERE)] = check_plan(path)
    if not plans:
        bad("no plans found")

    runs = []
    with open(CORPUS, encoding="utf-8") as fh:
        for ln, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError as exc:
                bad(f"corpus.jsonl:{ln}: not JSON: {exc}")

    ids = set()
    used_plans = set()
    for run in runs:
        rid = run.get("id")
        w = f"run {rid!r}"
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps",
                  "outcome"):
            if k not in run:
                bad(f"{w}: missing {k!r}")
        if not isinstance(rid, str) or not rid:
            bad(f"{w}: id must be a non-empty string")
        elif rid in ids:
            bad(f"{w}: duplicate id")
        ids.add(rid)
        # plan
        plan = None
        if isinstance(run.get("plan"), str):
            ppath = os.path.normpath(run["plan"])
            used_plans.add(ppath)
            if not os.path.exists(os.path.join(HERE, ppath)):
                bad(f"{w}: plan file {run['plan']} does not exist")
            plan = plans.get(ppath)
            if run.get("workflow") and os.path.splitext(os.path.basename(ppath))[0] != run["workflow"]:
                bad(f"{w}: plan {ppath} is not plans/<workflow>.yaml")
        elif isinstance(run.get("plan"), dict):
            plan = run["plan"]
        else:
            bad(f"{w}: plan must be a path or an inline object")
        if plan and plan.get("task") != run.get("task"):
            bad(f"{w}: task differs from its plan's task")
        cids = {c.get("id") for c in (plan or {}).get("commitments", []) if isinstance(c, dict)}
        # label / outcome
        label = run.get("label") or {}
        steps = run.get("steps") or []
        fault = label.get("fault", "MISSING")
        k = label.get("first_off_track_step", "MISSING")
        if fault == "MISSING" or k == "MISSING":
            bad(f"{w}: label needs fault and first_off_track_step")
        elif fault is None:
            if k is not None:
                bad(f"{w}: healthy run must have first_off_track_step null")
        else:
            if not isinstance(fault, str) or not fault:
                bad(f"{w}: fault must be a non-empty string or null")
            if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(steps):
                bad(f"{w}: first_off_track_step {k!r} is not a valid index into {len(steps)} steps")
            if rid and fault not in rid:
                bad(f"{w}: id does not name its fault class {fault!r}")
        success = (run.get("outcome") or {}).get("success")
        if not isinstance(success, bool):
            bad(f"{w}: outcome.success must be a boolean")
        elif success != (fault is None):
            bad(f"{w}: outcome.success={success} inconsistent with fault={fault!r}")
        # observations and actions
        prev_bids = check_observation(f"{w} initial", run.get("initial_observation"))
        if not steps:
            bad(f"{w}: no steps")
        n_irrev = 0
        for i, st in enumerate(steps):
            sw = f"{w} step {i}"
            act = st.get("action")
            if not isinstance(act, dict):
                bad(f"{sw}: missing action")
                act = {}
            for key in ("command", "reasoning", "target", "effect"):
                if not isinstance(act.get(key), str):
                    bad(f"{sw}: action.{key} must be a string")
            if act.get("effect") not in EFFECTS:
                bad(f"{sw}: effect {act.get('effect')!r} not in {sorted(EFFECTS)}")
            n_irrev += act.get("effect") == "irreversible"
            m = BID_ARG.match(act.get("command", ""))
            if m and m.group(1) not in prev_bids:
                bad(f"{sw}: command targets {m.group(1)}, absent from the page it acted on")
            if "commitment" in st and st["commitment"] not in cids:
                bad(f"{sw}: commitment {st['commitment']!r} is not in the plan")
            prev_bids = check_observation(sw, st.get("observation"))
        if fault is None and n_irrev != 1:
            bad(f"{w}: a healthy run should commit exactly one irreversible action, has {n_irrev}")

    # corpus-level expectations for this held-out set
    workflows = {}
    for run in runs:
        workflows.setdefault(run.get("workflow"), []).append(run)
    healthy = [r for r in runs if (r.get("label") or {}).get("fault") is None]
    faulty = [r for r in runs if (r.get("label") or {}).get("fault") is not None]
    kinds = {r["label"]["fault"] for r in faulty}
    if len(runs) != 20:
        bad(f"expected 20 runs, found {len(runs)}")
    if len(workflows) != 2:
        bad(f"expected 2 workflows, found {sorted(map(str, workflows))}")
    if len(healthy) != 8 or len(faulty) != 12:
        bad(f"expected 8 healthy / 12 faulty, found {len(healthy)} / {len(faulty)}")
    if kinds != EXPECTED_FAULTS:
        bad(f"fault kinds differ from the README: {sorted(kinds ^ EXPECTED_FAULTS)}")
    for wf, rs in workflows.items():
        if not any(r["label"]["fault"] is None for r in rs):
            bad(f"workflow {wf}: no healthy run")
        if f"plans/{wf}.yaml" not in used_plans:
            bad(f"workflow {wf}: plans/{wf}.yaml is not used")
    unused = set(plans) - used_plans
    if unused:
        bad(f"plans not used by any run: {sorted(unused)}")

    if problems:
        print(f"selftest: {len(problems)} problem(s)")
        for p in problems:
            print("  -", p)
        return 1
    steps = sum(len(r["steps"]) for r in runs)
    print(f"selftest: OK — {len(runs)} runs ({len(healthy)} healthy, {len(faulty)} faulty, "
          f"{len(kinds)} fault kinds), {steps} steps, {len(plans)} plans, "
          f"workflows {sorted(workflows)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
