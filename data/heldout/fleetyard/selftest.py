#!/usr/bin/env python3
"""Validate corpus.jsonl and the plans it references against the fcpkit file-format contract.

Stdlib only.  Exits 1 and lists every problem found; exits 0 when all checks pass.
Usage: python3 selftest.py [corpus.jsonl]
"""
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PRODUCT = "FleetYard Console"
VERSION = "4.12.3"

EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}
FAULTS = {"wrong_record", "wrong_value", "required_field_skipped", "unrequested_filter", "silent_noop",
          "premature_done", "error_ignored", "confirm_cancelled", "stale_page", "double_submission",
          "navigation_lost", "similar_item"}
WORKFLOWS = {"out_of_service", "reassign_reservation"}

problems = []
checked_plans = {}


def bad(where, msg):
    problems.append(f"{where}: {msg}")


# ---------------------------------------------------------------- minimal YAML reader
# Reads the block-YAML subset that make_corpus.py writes: block mappings, block
# sequences (of scalars, of flow mappings, or of block mappings), JSON-style
# scalars and JSON-style flow collections, `[]`, `#` comment lines.
def _scalar(text, where):
    text = text.strip()
    try:
        return json.loads(text)
    except ValueError:
        pass
    if re.fullmatch(r"-?\d+(\.\d+)?", text):
        return float(text) if "." in text else int(text)
    if text in ("true", "false", "null", "~"):
        return {"true": True, "false": False}.get(text)
    if text[:1] in "[{\"'":
        raise ValueError(f"{where}: cannot parse flow value {text!r}")
    return text


def load_yaml(path):
    raw = []
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if "\t" in line[: len(line) - len(line.lstrip())]:
            raise ValueError(f"{path}:{n}: tab in indentation")
        raw.append([len(line) - len(line.lstrip(" ")), line.strip(), n])
    pos = [0]

    def block(indent):
        if pos[0] >= len(raw):
            return None
        if raw[pos[0]][1].startswith("- ") or raw[pos[0]][1] == "-":
            return seq(indent)
        return mapping(indent)

    def seq(indent):
        out = []
        while pos[0] < len(raw) and raw[pos[0]][0] == indent and raw[pos[0]][1].startswith("-"):
            ind, text, n = raw[pos[0]]
            rest = text[1:].strip()
            if re.match(r'^("[^"]*"|[A-Za-z_][\w-]*):(\s|$)', rest):
                # "- key: value" opens a block mapping at indent + 2
                raw[pos[0]] = [ind + 2, rest, n]
                out.append(mapping(ind + 2))
            else:
                pos[0] += 1
                out.append(_scalar(rest, f"{path}:{n}"))
        return out

    def mapping(indent):
        out = {}
        while pos[0] < len(raw) and raw[pos[0]][0] == indent and not raw[pos[0]][1].startswith("- "):
            ind, text, n = raw[pos[0]]
            m = re.match(r'^("(?:[^"\\]|\\.)*"|[^:]+):(?:\s+(.*))?$', text)
            if not m:
                raise ValueError(f"{path}:{n}: expected 'key: value', got {text!r}")
            key = json.loads(m.group(1)) if m.group(1).startswith('"') else m.group(1).strip()
            if key in out:
                raise ValueError(f"{path}:{n}: duplicate key {key!r}")
            pos[0] += 1
            if m.group(2) is not None and m.group(2) != "":
                out[key] = _scalar(m.group(2), f"{path}:{n}")
            elif pos[0] < len(raw) and raw[pos[0]][0] > indent:
                out[key] = block(raw[pos[0]][0])
            elif pos[0] < len(raw) and raw[pos[0]][0] == indent and raw[pos[0]][1].startswith("- "):
                out[key] = seq(indent)  # "key:\n- item" at the same indent is legal YAML
            else:
                out[key] = None
        return out

    data = block(0)
    if pos[0] != len(raw):
        raise ValueError(f"{path}:{raw[pos[0]][2]}: unexpected indentation")
    return data


# ---------------------------------------------------------------- plan checks
def check_evidence(where, item):
    if isinstance(item, str):
        if not item.strip():
            bad(where, "empty evidence string")
        return
    if isinstance(item, dict):
        if set(item) - {"text", "on"}:
            bad(where, f"unknown evidence keys {sorted(set(item) - {'text', 'on'})}")
        if not isinstance(item.get("text"), str) or not item["text"].strip():
            bad(where, "evidence mapping needs a non-empty 'text'")
        if "on" in item and item["on"] not in ON:
            bad(where, f"evidence 'on' must be one of {sorted(ON)}, got {item['on']!r}")
        return
    bad(where, f"evidence must be a string or {{text, on}} mapping, got {type(item).__name__}")


def check_scoped(where, block, allowed):
    if block is None:
        return
    if not isinstance(block, dict):
        bad(where, "must be a mapping")
        return
    for k, v in block.items():
        if k not in allowed:
            bad(where, f"unknown key {k!r} (allowed {sorted(allowed)})")
        if v is None:
            continue
        if not isinstance(v, list):
            bad(f"{where}.{k}", "must be a list")
            continue
        for i, item in enumerate(v):
            check_evidence(f"{where}.{k}[{i}]", item)


def check_plan(where, plan):
    if not isinstance(plan, dict):
        bad(where, "plan must be a mapping")
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        bad(where, "plan needs a non-empty 'task'")
    check_scoped(f"{where}.plan_falsifiers", plan.get("plan_falsifiers"), SCOPES)
    if f"Sign in to {PRODUCT}" not in json.dumps(plan.get("plan_falsifiers"), ensure_ascii=False):
        bad(where, f"plan-level falsifiers should include 'Sign in to {PRODUCT}'")
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not cs:
        bad(where, "plan needs a non-empty 'commitments' list")
        return set()
    ids = set()
    for i, c in enumerate(cs):
        w = f"{where}.commitments[{i}]"
        if not isinstance(c, dict):
            bad(w, "commitment must be a mapping")
            continue
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            bad(w, "commitment needs a string 'id'")
        elif cid in ids:
            bad(w, f"duplicate commitment id {cid!r}")
        else:
            ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            bad(w, "commitment needs a 'subgoal'")
        if "skill" in c and not isinstance(c["skill"], str):
            bad(w, "'skill' must be a string")
        k = c.get("confidence", 0.5)
        if isinstance(k, bool) or not isinstance(k, (int, float)) or not 0 <= k <= 1:
            bad(w, f"'confidence' must be a number in [0, 1], got {k!r}")
        check_scoped(f"{w}.confirm", c.get("confirm"), STAGES)
        check_scoped(f"{w}.falsify", c.get("falsify"), SCOPES)
        n_ev = sum(len(v or []) for v in (c.get("confirm") or {}).values()) + \
            sum(len(v or []) for v in (c.get("falsify") or {}).values())
        if n_ev == 0:
            bad(w, "commitment has no evidence at all")
    return ids


# ---------------------------------------------------------------- trajectory checks
LINE = re.compile(r"""^(\t*)(?:\[([A-Za-z0-9]+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(, .+)?$""")
NO_BID_ROLES = {"StaticText", "RootWebArea"}
FURNITURE = [("banner ''", "banner"), ("navigation 'Main'", "main navigation"),
             ("search 'Global search'", "search box"), ("navigation 'Breadcrumb'", "breadcrumbs"),
             (f"{PRODUCT} {VERSION}", "footer version"), ("contentinfo ''", "footer"),
             ("status ''", "status live region"), ("Priya Natarajan, Fleet Supervisor", "user menu"),
             ("main ''", "main landmark")]


def check_obs(where, obs):
    if not isinstance(obs, dict):
        bad(where, "observation must be an object")
        return {}
    for k, t in (("url", str), ("title", str), ("text", str)):
        if not isinstance(obs.get(k), t) or not obs.get(k):
            bad(where, f"observation.{k} must be a non-empty string")
    if "error" not in obs or not (obs["error"] is None or isinstance(obs["error"], str)):
        bad(where, "observation.error must be present and null or a string")
    if "tabs" in obs:
        if not isinstance(obs["tabs"], list) or not all(isinstance(t, dict) and {"url", "title"} <= set(t)
                                                        for t in obs["tabs"]):
            bad(where, "observation.tabs must be a list of {url, title}")
    if "screenshot" in obs and not (HERE / obs["screenshot"]).exists():
        bad(where, f"screenshot {obs['screenshot']} not found")
    text = obs.get("text") or ""
    lines = text.split("\n")
    bids = {}
    if not lines[0].startswith("RootWebArea "):
        bad(where, "AXTree must start with a RootWebArea line")
    prev_depth = 0
    for n, line in enumerate(lines):
        m = LINE.match(line)
        if not m:
            bad(where, f"AXTree line {n} not in '[bid] role 'name'' form: {line[:80]!r}")
            continue
        depth, bid, role = len(m.group(1)), m.group(2), m.group(3)
        if n and depth > prev_depth + 1:
            bad(where, f"AXTree line {n} jumps indentation ({prev_depth} -> {depth})")
        if n and depth == 0:
            bad(where, f"AXTree line {n} is a second root")
        prev_depth = depth
        if bid is None and role not in NO_BID_ROLES:
            bad(where, f"AXTree line {n}: role {role} without a bid")
        if bid is not None:
            if bid in bids:
                bad(where, f"AXTree bid {bid} used twice")
            bids[bid] = line.strip()
    for needle, what in FURNITURE:
        if needle not in text:
            bad(where, f"page furniture missing: {what}")
    if len(lines) < 60:
        bad(where, f"page is suspiciously short ({len(lines)} lines)")
    return bids


ACTION = re.compile(r"^(click|fill|select_option|upload_file|press|hover|check|uncheck|focus|clear)\('([^']+)'"
                    r"|^(send_msg_to_user|go_back|go_forward|goto|noop|scroll|tab_focus|new_tab|tab_close)\(")


def check_traj(n, rec, plans_cache, corpus_dir):
    where = f"line {n}"
    if not isinstance(rec, dict):
        bad(where, "trajectory must be a JSON object")
        return
    rid = rec.get("id")
    where = f"line {n} ({rid})"
    for k, t in (("id", str), ("workflow", str), ("task", str)):
        if not isinstance(rec.get(k), t) or not rec.get(k):
            bad(where, f"'{k}' must be a non-empty string")
    if rec.get("workflow") not in WORKFLOWS:
        bad(where, f"unexpected workflow {rec.get('workflow')!r}")
    # plan
    plan_ids = set()
    plan = rec.get("plan")
    if isinstance(plan, str):
        p = corpus_dir / plan
        if not p.exists():
            bad(where, f"plan file {plan} not found")
        else:
            if plan not in plans_cache:
                try:
                    plans_cache[plan] = load_yaml(p) if p.suffix in (".yaml", ".yml") else json.loads(p.read_text())
                except ValueError as e:
                    bad(where, f"plan {plan} does not load: {e}")
                    plans_cache[plan] = None
            plan = plans_cache[plan]
    if isinstance(plan, dict):
        key = rec.get("plan") if isinstance(rec.get("plan"), str) else None
        if key and key in checked_plans:
            plan_ids = checked_plans[key]
        else:
            plan_ids = check_plan(f"{key or where + '.plan'}", plan)
            if key:
                checked_plans[key] = plan_ids
        if plan.get("task") != rec.get("task"):
            bad(where, "trajectory task differs from its plan's task")
    elif plan is not None:
        bad(where, "'plan' must be a path or an inline plan object")
    # label
    lab = rec.get("label")
    if not isinstance(lab, dict) or "fault" not in lab or "first_off_track_step" not in lab:
        bad(where, "label must have 'fault' and 'first_off_track_step'")
        lab = {"fault": None, "first_off_track_step": None}
    steps = rec.get("steps")
    if not isinstance(steps, list) or not steps:
        bad(where, "'steps' must be a non-empty list")
        steps = []
    fault, k = lab["fault"], lab["first_off_track_step"]
    if fault is None:
        if k is not None:
            bad(where, "healthy trajectory must have first_off_track_step null")
    else:
        if fault not in FAULTS:
            bad(where, f"unknown fault class {fault!r}")
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(steps):
            bad(where, f"first_off_track_step {k!r} is not a step index (0..{len(steps) - 1})")
    out = rec.get("outcome")
    if not isinstance(out, dict) or not isinstance(out.get("success"), bool):
        bad(where, "outcome.success must be a boolean")
    elif out["success"] != (fault is None):
        bad(where, "outcome.success should be true exactly for healthy runs in this corpus")
    # observations and actions
    prev_bids = check_obs(f"{where}.initial_observation", rec.get("initial_observation"))
    for i, s in enumerate(steps):
        w = f"{where}.steps[{i}]"
        if not isinstance(s, dict):
            bad(w, "step must be an object")
            continue
        if "commitment" in s and s["commitment"] not in plan_ids:
            bad(w, f"commitment {s['commitment']!r} is not a plan commitment id")
        a = s.get("action")
        if not isinstance(a, dict):
            bad(w, "action must be an object")
        else:
            for key in ("command", "reasoning", "target"):
                if not isinstance(a.get(key), str) or not a.get(key):
                    bad(w, f"action.{key} must be a non-empty string")
            if a.get("effect") not in EFFECTS:
                bad(w, f"action.effect must be one of {sorted(EFFECTS)}")
            m = ACTION.match(a.get("command") or "")
            if not m:
                bad(w, f"action.command is not a BrowserGym action: {a.get('command')!r}")
            elif m.group(2):
                bid = m.group(2)
                if bid not in prev_bids:
                    bad(w, f"action targets bid {bid} that is not on the previous page")
                elif a.get("target") and a["target"] not in prev_bids[bid]:
                    bad(w, f"action.target {a['target']!r} does not match node {prev_bids[bid]!r}")
        prev_bids = check_obs(f"{w}.observation", s.get("observation"))


def main():
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "corpus.jsonl"
    corpus_dir = corpus.resolve().parent
    recs = []
    with open(corpus, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                bad(f"line {n}", "blank line in JSONL")
                continue
            try:
                recs.append((n, json.loads(line)))
            except ValueError as e:
                bad(f"line {n}", f"not JSON: {e}")
    plans_cache = {}
    for n, rec in recs:
        check_traj(n, rec, plans_cache, corpus_dir)
    # corpus-level checks
    ids = [r.get("id") for _, r in recs]
    for d in {i for i in ids if ids.count(i) > 1}:
        bad("corpus", f"duplicate trajectory id {d!r}")
    for wf in sorted(WORKFLOWS):
        rs = [r for _, r in recs if r.get("workflow") == wf]
        healthy = [r for r in rs if r.get("label", {}).get("fault") is None]
        faulty = [r for r in rs if r.get("label", {}).get("fault") is not None]
        if len(healthy) != 4:
            bad(wf, f"expected 4 healthy runs, found {len(healthy)}")
        if len(faulty) != 6:
            bad(wf, f"expected 6 faulty runs, found {len(faulty)}")
        kinds = [r["label"]["fault"] for r in faulty]
        if len(set(kinds)) != len(kinds):
            bad(wf, f"fault kinds repeat within the workflow: {kinds}")
        if len({r.get("task") for r in healthy}) != len(healthy):
            bad(wf, "healthy runs should be different task variants")
        if not (corpus_dir / "plans" / f"{wf}.yaml").exists():
            bad(wf, f"plans/{wf}.yaml missing")
    # the plan-level falsifier must not occur in any page (no login walls in this corpus)
    for _, r in recs:
        pages = [r.get("initial_observation", {})] + [s.get("observation", {}) for s in r.get("steps", [])]
        if any(f"Sign in to {PRODUCT}" in (p.get("text") or "") for p in pages):
            bad(r.get("id"), "a page shows the sign-in wall")
    # optional cross-check with PyYAML when it happens to be installed (not required)
    try:
        import yaml  # noqa: F401
    except ImportError:
        yaml = None
    if yaml is not None:
        for rel, parsed in plans_cache.items():
            if parsed is not None and yaml.safe_load((corpus_dir / rel).read_text(encoding="utf-8")) != parsed:
                bad(rel, "PyYAML reads this plan differently from the stdlib reader")
    n_plans = len(plans_cache)
    if problems:
        print(f"FAIL: {len(problems)} problem(s)")
        for p in problems[:200]:
            print("  -", p)
        sys.exit(1)
    print(f"OK: {len(recs)} trajectories, {n_plans} plans, "
          f"{sum(len(r['steps']) for _, r in recs)} steps validated against the contract")


if __name__ == "__main__":
    main()
