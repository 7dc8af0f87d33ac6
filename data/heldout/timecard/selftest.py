#!/usr/bin/env python3
"""Stdlib checks that the Tallyhour corpus and plans follow /work/shared/FORMATS.md.

Usage:  python3 selftest.py        (run make_corpus.py first)
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
OBS_KEYS = {"url", "title", "text", "error"}
EXPECTED_FAULTS = {
    "approve_week": {"wrong_record", "dialog_cancelled", "wrong_filter", "permission_denied",
                     "silent_noop", "premature_done"},
    "correct_entry": {"wrong_value", "required_field_skipped", "stale_page", "error_banner",
                      "double_submit", "unsaved_changes"},
}

# ----------------------------------------------------------------------------------------
# A small YAML reader for the subset the plans use: block mappings and sequences, flow
# sequences/mappings of scalars, plain / single- / double-quoted scalars, numbers, comments.
# ----------------------------------------------------------------------------------------


class YamlError(ValueError):
    pass


def _strip_comment(line):
    out, q = [], None
    for i, ch in enumerate(line):
        if q:
            if ch == q:
                q = None
        elif ch in "'\"" and (i == 0 or line[i - 1] in " [{,:-"):
            q = ch
        elif ch == "#" and (i == 0 or line[i - 1] == " "):
            break
        out.append(ch)
    return "".join(out).rstrip()


def _scalar(s):
    s = s.strip()
    if not s:
        return None
    if s[0] == '"':
        if not s.endswith('"') or len(s) < 2:
            raise YamlError(f"unterminated string: {s}")
        return json.loads(s)
    if s[0] == "'":
        if not s.endswith("'") or len(s) < 2:
            raise YamlError(f"unterminated string: {s}")
        return s[1:-1].replace("''", "'")
    if s in ("null", "~"):
        return None
    if s in ("true", "false"):
        return s == "true"
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    if s[0] in "&*!|>%@`":
        raise YamlError(f"unsupported YAML construct: {s}")
    if ": " in s or s.endswith(":"):
        raise YamlError(f"plain scalar looks like a mapping: {s}")
    return s


def _flow(s, i):
    """Parse a flow value starting at s[i]; return (value, next index)."""
    while s[i] == " ":
        i += 1
    if s[i] == "[":
        items, i = [], i + 1
        while True:
            while s[i] == " ":
                i += 1
            if s[i] == "]":
                return items, i + 1
            v, i = _flow(s, i)
            items.append(v)
            while s[i] == " ":
                i += 1
            if s[i] == ",":
                i += 1
            elif s[i] != "]":
                raise YamlError(f"bad flow sequence: {s}")
    if s[i] == "{":
        d, i = {}, i + 1
        while True:
            while s[i] == " ":
                i += 1
            if s[i] == "}":
                return d, i + 1
            j = s.index(":", i)
            key = s[i:j].strip()
            v, i = _flow(s, j + 1)
            d[key] = v
            while s[i] == " ":
                i += 1
            if s[i] == ",":
                i += 1
            elif s[i] != "}":
                raise YamlError(f"bad flow mapping: {s}")
    if s[i] in "'\"":
        q, j = s[i], i + 1
        while True:
            j = s.index(q, j)
            if q == "'" and j + 1 < len(s) and s[j + 1] == "'":
                j += 2
                continue
            if q == '"' and s[j - 1] == "\\":
                j += 1
                continue
            break
        return _scalar(s[i:j + 1]), j + 1
    j = i
    while j < len(s) and s[j] not in ",]}":
        j += 1
    return _scalar(s[i:j]), j


def _value(text):
    text = text.strip()
    if text[:1] in "[{":
        v, i = _flow(text, 0)
        if text[i:].strip():
            raise YamlError(f"trailing text after flow value: {text}")
        return v
    return _scalar(text)


def _split_key(content):
    m = re.match(r"^([A-Za-z_][\w-]*):(?:\s+(.*))?$", content)
    if not m:
        return None
    return m.group(1), (m.group(2) or "")


def _block(lines, i, indent):
    if lines[i][1].startswith("- ") or lines[i][1] == "-":
        return _seq(lines, i, indent)
    return _map(lines, i, indent)


def _map(lines, i, indent):
    d = {}
    while i < len(lines) and lines[i][0] == indent and not lines[i][1].startswith("-"):
        kv = _split_key(lines[i][1])
        if kv is None:
            raise YamlError(f"expected 'key: value' at: {lines[i][1]}")
        k, rest = kv
        if k in d:
            raise YamlError(f"duplicate key {k}")
        i += 1
        if rest:
            d[k] = _value(rest)
        elif i < len(lines) and (lines[i][0] > indent or (lines[i][0] == indent and lines[i][1].startswith("- "))):
            d[k], i = _block(lines, i, lines[i][0])
        else:
            d[k] = None
    if i < len(lines) and lines[i][0] > indent:
        raise YamlError(f"bad indentation at: {lines[i][1]}")
    return d, i


def _seq(lines, i, indent):
    out = []
    while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("-"):
        rest = lines[i][1][1:].lstrip(" ")
        if not rest:
            v, i = _block(lines, i + 1, lines[i + 1][0])
            out.append(v)
            continue
        if rest[0] not in "[{'\"" and _split_key(rest):
            sub_indent = indent + (len(lines[i][1]) - len(rest))
            lines[i] = (sub_indent, rest)
            v, i = _map(lines, i, sub_indent)
            out.append(v)
            continue
        out.append(_value(rest))
        i += 1
    return out, i


def load_yaml(text):
    lines = []
    for raw in text.split("\n"):
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise YamlError("tab indentation")
        s = _strip_comment(raw)
        if s.strip():
            lines.append((len(s) - len(s.lstrip(" ")), s.strip()))
    if not lines:
        return None
    v, i = _block(lines, 0, lines[0][0])
    if i != len(lines):
        raise YamlError(f"unparsed content at: {lines[i][1]}")
    return v


# ----------------------------------------------------------------------------------------

PROBLEMS = []


def _norm_on(v):
    if isinstance(v, dict):
        return {("on" if k is True else k): _norm_on(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_norm_on(x) for x in v]
    return v


def bad(msg):
    PROBLEMS.append(msg)


def check_evidence_list(where, items):
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
            extra = set(it) - {"text", "on"}
            if extra:
                bad(f"{where}: unknown evidence keys {sorted(extra)}")
        else:
            bad(f"{where}: evidence item must be a string or mapping, got {type(it).__name__}")


def check_plan(name, plan):
    if not isinstance(plan, dict):
        bad(f"{name}: plan is not a mapping")
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        bad(f"{name}: missing task")
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict) or set(pf) - SCOPES:
        bad(f"{name}: plan_falsifiers must map scopes {sorted(SCOPES)}")
    else:
        for sc, items in pf.items():
            check_evidence_list(f"{name}: plan_falsifiers.{sc}", items)
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        bad(f"{name}: commitments must be a non-empty list")
        return set()
    ids = set()
    for c in cms:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            bad(f"{name}: commitment without id")
            continue
        if cid in ids:
            bad(f"{name}: duplicate commitment id {cid}")
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            bad(f"{name}:{cid}: missing subgoal")
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            bad(f"{name}:{cid}: confidence must be in [0, 1]")
        if "skill" in c and not isinstance(c["skill"], str):
            bad(f"{name}:{cid}: skill must be a string")
        conf = c.get("confirm") or {}
        fal = c.get("falsify") or {}
        if not isinstance(conf, dict) or set(conf) - STAGES:
            bad(f"{name}:{cid}: confirm stages must be {sorted(STAGES)}")
        else:
            for st, items in conf.items():
                check_evidence_list(f"{name}:{cid}.confirm.{st}", items)
        if not isinstance(fal, dict) or set(fal) - SCOPES:
            bad(f"{name}:{cid}: falsify scopes must be {sorted(SCOPES)}")
        else:
            for sc, items in fal.items():
                check_evidence_list(f"{name}:{cid}.falsify.{sc}", items)
        extra = set(c) - {"id", "subgoal", "skill", "confidence", "confirm", "falsify"}
        if extra:
            bad(f"{name}:{cid}: unknown commitment keys {sorted(extra)}")
    return ids


AX_LINE = re.compile(r"^(\t*)(?:\[(\d+)\] )?(\w+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")"
                     r"(?: value=('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"))?(?:, .*)?$")
CMD = re.compile(r"^(click|fill|press|select_option|check|uncheck|hover|focus|clear)\('(\d+)'")


def check_obs(where, obs):
    if not isinstance(obs, dict):
        bad(f"{where}: observation is not an object")
        return set()
    missing = OBS_KEYS - set(obs)
    if missing:
        bad(f"{where}: observation lacks {sorted(missing)}")
        return set()
    for k in ("url", "title", "text"):
        if not isinstance(obs[k], str) or not obs[k]:
            bad(f"{where}: observation.{k} must be a non-empty string")
            return set()
    if obs["error"] is not None and not isinstance(obs["error"], str):
        bad(f"{where}: observation.error must be a string or null")
    lines = obs["text"].split("\n")
    if not lines[0].startswith("RootWebArea "):
        bad(f"{where}: AXTree must start with RootWebArea")
    bids = set()
    prev_depth = 0
    for ln in lines[1:]:
        m = AX_LINE.match(ln)
        if not m:
            bad(f"{where}: malformed AXTree line {ln!r}")
            continue
        depth = len(m.group(1))
        if depth < 1 or depth > prev_depth + 1 and prev_depth:
            bad(f"{where}: indentation jump at {ln!r}")
        prev_depth = depth
        if m.group(2):
            if m.group(2) in bids:
                bad(f"{where}: duplicate bid {m.group(2)}")
            bids.add(m.group(2))
        elif m.group(3) != "StaticText":
            bad(f"{where}: non-text node without bid: {ln!r}")
    return bids


def main():
    corpus = os.path.join(HERE, "corpus.jsonl")
    if not os.path.exists(corpus):
        print("corpus.jsonl missing: run make_corpus.py first")
        return 1

    plans = {}
    plan_ids = {}
    for fn in sorted(os.listdir(os.path.join(HERE, "plans"))):
        path = os.path.join(HERE, "plans", fn)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        try:
            plan = load_yaml(text)
        except (YamlError, ValueError, IndexError) as e:
            bad(f"plans/{fn}: YAML error: {e}")
            continue
        try:  # cross-check with PyYAML when it happens to be installed
            import yaml  # noqa: F401
            # YAML 1.1 readers (PyYAML) turn the bare key `on` into True; map it back.
            if _norm_on(yaml.safe_load(text)) != plan:
                bad(f"plans/{fn}: mini YAML reader and PyYAML disagree")
        except ImportError:
            pass
        plans[f"plans/{fn}"] = plan
        plan_ids[f"plans/{fn}"] = check_plan(f"plans/{fn}", plan)

    runs, seen = [], set()
    with open(corpus, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError as e:
                bad(f"corpus line {n}: bad JSON: {e}")

    by_wf = {}
    for run in runs:
        rid = run.get("id")
        where = f"run {rid}"
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in run:
                bad(f"{where}: missing field {k}")
        if any(k not in run for k in ("id", "workflow", "plan", "label", "steps")):
            continue
        if rid in seen:
            bad(f"{where}: duplicate id")
        seen.add(rid)
        wf = run["workflow"]
        by_wf.setdefault(wf, []).append(run)
        if not rid.startswith(wf + "-"):
            bad(f"{where}: id should start with the workflow name")

        plan_ref = run["plan"]
        if isinstance(plan_ref, str):
            if not os.path.exists(os.path.join(HERE, plan_ref)):
                bad(f"{where}: plan file {plan_ref} does not exist")
                continue
            plan = plans.get(plan_ref)
            cids = plan_ids.get(plan_ref, set())
            if plan_ref != f"plans/{wf}.yaml":
                bad(f"{where}: plan should be plans/{wf}.yaml")
        else:
            plan = plan_ref
            cids = check_plan(f"{where} inline plan", plan)
        if plan and plan.get("task") != run.get("task"):
            bad(f"{where}: task differs from the plan's task")

        label = run["label"]
        if not isinstance(label, dict) or not {"fault", "first_off_track_step"} <= set(label):
            bad(f"{where}: label needs fault and first_off_track_step")
            continue
        steps = run["steps"]
        if not isinstance(steps, list) or not steps:
            bad(f"{where}: steps must be a non-empty list")
            continue
        fault, fst = label["fault"], label["first_off_track_step"]
        if fault is None:
            if fst is not None:
                bad(f"{where}: healthy run with a first_off_track_step")
            if run["outcome"].get("success") is not True:
                bad(f"{where}: healthy run should succeed")
            if not rid.startswith(f"{wf}-healthy-"):
                bad(f"{where}: healthy id should contain 'healthy'")
        else:
            if not isinstance(fault, str) or not fault:
                bad(f"{where}: fault must be a non-empty string")
            if not isinstance(fst, int) or isinstance(fst, bool) or not 0 <= fst < len(steps):
                bad(f"{where}: first_off_track_step {fst!r} not a valid step index (0..{len(steps) - 1})")
            if run["outcome"].get("success") is not False:
                bad(f"{where}: faulty run should not succeed")
            if f"-{fault}-" not in rid:
                bad(f"{where}: id should contain the fault kind")
        if not isinstance(run["outcome"], dict) or not isinstance(run["outcome"].get("success"), bool):
            bad(f"{where}: outcome.success must be a bool")

        prev_bids = check_obs(f"{where} initial_observation", run["initial_observation"])
        for i, step in enumerate(steps):
            sw = f"{where} step {i}"
            act = step.get("action")
            if not isinstance(act, dict):
                bad(f"{sw}: missing action")
                continue
            for k in ("command", "reasoning", "target", "effect"):
                if not isinstance(act.get(k), str) or not act[k]:
                    bad(f"{sw}: action.{k} missing")
            if act.get("effect") not in EFFECTS:
                bad(f"{sw}: effect {act.get('effect')!r} not in {sorted(EFFECTS)}")
            m = CMD.match(act.get("command", ""))
            if m and m.group(2) not in prev_bids:
                bad(f"{sw}: command targets bid {m.group(2)} not on the previous page")
            if "commitment" in step and step["commitment"] not in cids:
                bad(f"{sw}: commitment {step['commitment']!r} not in plan")
            prev_bids = check_obs(sw, step.get("observation"))
        if steps[-1]["action"]["command"].startswith("send_msg_to_user") is False:
            bad(f"{where}: last step should report to the user")

    # corpus-level expectations for this application
    if len(runs) != 20:
        bad(f"expected 20 runs, found {len(runs)}")
    healthy = [r for r in runs if r["label"]["fault"] is None]
    if len(healthy) != 8:
        bad(f"expected 8 healthy runs, found {len(healthy)}")
    for wf, exp in EXPECTED_FAULTS.items():
        got = {r["label"]["fault"] for r in by_wf.get(wf, []) if r["label"]["fault"]}
        if got != exp:
            bad(f"{wf}: fault kinds {sorted(got)} != expected {sorted(exp)}")
        if len(by_wf.get(wf, [])) != 10:
            bad(f"{wf}: expected 10 runs, found {len(by_wf.get(wf, []))}")
        if f"plans/{wf}.yaml" not in plans:
            bad(f"{wf}: plan plans/{wf}.yaml missing")
    # healthy runs of a workflow take different paths
    for wf, rs in by_wf.items():
        paths = [tuple(s["action"]["target"] for s in r["steps"]) for r in rs if r["label"]["fault"] is None]
        if len(set(paths)) != len(paths):
            bad(f"{wf}: two healthy runs share the same path")

    # regeneration is deterministic and matches the files on disk
    sys.path.insert(0, HERE)
    sys.dont_write_bytecode = True
    import make_corpus
    recs, ptexts = make_corpus.build()
    recs2, _ = make_corpus.build()
    if recs != recs2:
        bad("make_corpus.build() is not deterministic")
    if recs != runs:
        bad("corpus.jsonl differs from a fresh build (rerun make_corpus.py)")
    for wf, t in ptexts.items():
        with open(os.path.join(HERE, "plans", f"{wf}.yaml"), encoding="utf-8") as f:
            if f.read() != t:
                bad(f"plans/{wf}.yaml differs from a fresh build")

    if PROBLEMS:
        print(f"selftest FAILED ({len(PROBLEMS)} problems):")
        for p in PROBLEMS:
            print("  -", p)
        return 1
    n_steps = sum(len(r["steps"]) for r in runs)
    print(f"selftest ok: {len(runs)} runs ({len(healthy)} healthy, {len(runs) - len(healthy)} faulty), "
          f"{n_steps} steps, {len(plans)} plans")
    return 0


if __name__ == "__main__":
    sys.exit(main())
