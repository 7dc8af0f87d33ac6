#!/usr/bin/env python3
"""Validate corpus.jsonl and plans/*.yaml against the fcpkit file-format contract.

Standard library only.  Exits 0 when everything passes, 1 on any problem (each
problem is printed).  Checks:
  * corpus: one JSON object per line; required fields and types; unique ids;
    plan reference resolves; label consistency (fault null <=> step null,
    step index inside steps); outcome.success is a bool; observations have
    url/title/text/error; action.effect in read/write/irreversible; the
    observation text is a BrowserGym-style flattened AXTree; every action that
    names a bid refers to a node of the page it was taken on, and its target
    matches that node; step commitments exist in the plan; the JSON round-trips.
  * plans: parse (small YAML-subset parser below); task, plan_falsifiers and
    commitments fields; unique commitment ids; confidence in [0, 1]; confirm
    stages / falsify scopes use the contract's names only; evidence items are
    strings or {text, on: state|action|both}; the plan's task equals the task
    of every trajectory that uses it.
  * corpus design: per workflow 4 healthy and 6 faulty runs, distinct fault
    kinds within a workflow, healthy runs succeed and faulty ones do not.
  * if make_corpus.py is importable, plans on disk equal its PLANS (no drift).
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROBLEMS = []


def problem(msg):
    PROBLEMS.append(msg)


# ---------------------------------------------------------------------------
# minimal YAML subset parser (block maps/lists, quoted/plain scalars, flow [] {})
# ---------------------------------------------------------------------------

class YamlError(ValueError):
    pass


_KEY_RE = re.compile(r'^(?:"((?:[^"\\]|\\.)*)"|\'((?:[^\']|\'\')*)\'|([^\s"\'\-#\[\]{}][^:#]*?|-[^\s:#][^:#]*?)):(?:\s+(.*))?$')


def _strip_comment(s):
    out, q, i = [], None, 0
    while i < len(s):
        ch = s[i]
        if q:
            out.append(ch)
            if q == '"' and ch == "\\" and i + 1 < len(s):
                out.append(s[i + 1])
                i += 1
            elif ch == q:
                q = None
        else:
            if ch in "\"'":
                q = ch
            elif ch == "#" and (i == 0 or s[i - 1] in " \t"):
                break
            out.append(ch)
        i += 1
    return "".join(out).rstrip()


def _flow(s, i):
    """Parse a flow value starting at s[i]; return (value, next index)."""
    while i < len(s) and s[i] == " ":
        i += 1
    if i >= len(s):
        raise YamlError("unexpected end of flow value")
    ch = s[i]
    if ch == "[":
        out, i = [], i + 1
        while True:
            while i < len(s) and s[i] == " ":
                i += 1
            if i < len(s) and s[i] == "]":
                return out, i + 1
            v, i = _flow(s, i)
            out.append(v)
            while i < len(s) and s[i] == " ":
                i += 1
            if i < len(s) and s[i] == ",":
                i += 1
            elif i < len(s) and s[i] == "]":
                return out, i + 1
            else:
                raise YamlError(f"bad flow sequence: {s!r}")
    if ch == "{":
        out, i = {}, i + 1
        while True:
            while i < len(s) and s[i] == " ":
                i += 1
            if i < len(s) and s[i] == "}":
                return out, i + 1
            k, i = _flow(s, i)
            while i < len(s) and s[i] == " ":
                i += 1
            if i >= len(s) or s[i] != ":":
                raise YamlError(f"bad flow mapping: {s!r}")
            v, i = _flow(s, i + 1)
            out[k] = v
            while i < len(s) and s[i] == " ":
                i += 1
            if i < len(s) and s[i] == ",":
                i += 1
            elif i < len(s) and s[i] == "}":
                return out, i + 1
            else:
                raise YamlError(f"bad flow mapping: {s!r}")
    if ch == '"':
        j = i + 1
        while j < len(s):
            if s[j] == "\\":
                j += 2
                continue
            if s[j] == '"':
                break
            j += 1
        return json.loads(s[i:j + 1]), j + 1
    if ch == "'":
        j = i + 1
        while j < len(s):
            if s[j] == "'" and j + 1 < len(s) and s[j + 1] == "'":
                j += 2
                continue
            if s[j] == "'":
                break
            j += 1
        return s[i + 1:j].replace("''", "'"), j + 1
    j = i
    while j < len(s) and s[j] not in ",]}" and not (s[j] == ":" and (j + 1 == len(s) or s[j + 1] == " ")):
        j += 1
    return _plain(s[i:j].strip()), j


def _plain(t):
    if t in ("null", "~", ""):
        return None
    if t in ("true", "True"):
        return True
    if t in ("false", "False"):
        return False
    if re.fullmatch(r"[-+]?\d+", t):
        return int(t)
    if re.fullmatch(r"[-+]?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?", t):
        return float(t)
    return t


def _scalar(s):
    s = s.strip()
    if not s:
        return None
    if s[0] in "[{\"'":
        v, i = _flow(s, 0)
        if s[i:].strip():
            raise YamlError(f"trailing text after value: {s!r}")
        return v
    return _plain(s)


def parse_yaml(text):
    lines = []
    for n, raw in enumerate(text.splitlines(), 1):
        body = _strip_comment(raw)
        if not body.strip():
            continue
        lead = body[:len(body) - len(body.lstrip())]
        if "\t" in lead:
            raise YamlError(f"line {n}: tab in indentation")
        lines.append([len(lead), body.strip(), n])
    pos = [0]

    def block(ind):
        if lines[pos[0]][1].startswith("- ") or lines[pos[0]][1] == "-":
            return seq(ind)
        return mapping(ind)

    def mapping(ind):
        d = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and not (lines[pos[0]][1].startswith("- ") or lines[pos[0]][1] == "-"):
            _, content, n = lines[pos[0]]
            m = _KEY_RE.match(content)
            if not m:
                raise YamlError(f"line {n}: expected 'key: value', got {content!r}")
            key = m.group(1) if m.group(1) is not None else (m.group(2) if m.group(2) is not None else m.group(3).strip())
            if m.group(1) is not None:
                key = json.loads('"' + m.group(1) + '"')
            if key in d:
                raise YamlError(f"line {n}: duplicate key {key!r}")
            rest = m.group(4)
            pos[0] += 1
            if rest is None or rest == "":
                if pos[0] < len(lines) and lines[pos[0]][0] > ind:
                    d[key] = block(lines[pos[0]][0])
                elif pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
                    d[key] = seq(ind)
                else:
                    d[key] = None
            else:
                d[key] = _scalar(rest)
        if pos[0] < len(lines) and lines[pos[0]][0] > ind:
            raise YamlError(f"line {lines[pos[0]][2]}: unexpected indentation")
        return d

    def seq(ind):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and (lines[pos[0]][1].startswith("- ") or lines[pos[0]][1] == "-"):
            _, content, n = lines[pos[0]]
            item = content[1:].strip()
            if not item:
                pos[0] += 1
                if pos[0] < len(lines) and lines[pos[0]][0] > ind:
                    out.append(block(lines[pos[0]][0]))
                else:
                    out.append(None)
            elif item[0] not in "[{\"'" and _KEY_RE.match(item):
                sub = ind + (len(content) - len(item))
                lines[pos[0]] = [sub, item, n]
                out.append(mapping(sub))
            else:
                out.append(_scalar(item))
                pos[0] += 1
        return out

    if not lines:
        return None
    result = block(lines[0][0])
    if pos[0] != len(lines):
        raise YamlError(f"line {lines[pos[0]][2]}: could not parse from here")
    return result


# ---------------------------------------------------------------------------
# plan validation
# ---------------------------------------------------------------------------

STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}


def check_evidence(where, items):
    if not isinstance(items, list):
        problem(f"{where}: must be a list, got {type(items).__name__}")
        return
    for k, ev in enumerate(items):
        if isinstance(ev, str):
            if not ev.strip():
                problem(f"{where}[{k}]: empty evidence string")
        elif isinstance(ev, dict):
            if not isinstance(ev.get("text"), str) or not ev["text"].strip():
                problem(f"{where}[{k}]: mapping evidence needs a non-empty 'text'")
            if "on" in ev and ev["on"] not in ("state", "action", "both"):
                problem(f"{where}[{k}]: 'on' must be state|action|both, got {ev['on']!r}")
            extra = set(ev) - {"text", "on"}
            if extra:
                problem(f"{where}[{k}]: unexpected keys {sorted(extra)}")
        else:
            problem(f"{where}[{k}]: evidence must be a string or mapping")


def check_plan(name, plan):
    if not isinstance(plan, dict):
        problem(f"{name}: plan must be a mapping")
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        problem(f"{name}: 'task' must be a non-empty string")
    pf = plan.get("plan_falsifiers", {})
    if pf is not None:
        if not isinstance(pf, dict):
            problem(f"{name}: plan_falsifiers must be a mapping of scopes")
        else:
            for scope, items in pf.items():
                if scope not in SCOPES:
                    problem(f"{name}: plan_falsifiers scope {scope!r} not one of {sorted(SCOPES)}")
                check_evidence(f"{name}: plan_falsifiers.{scope}", items)
    cs = plan.get("commitments")
    ids = set()
    if not isinstance(cs, list) or not cs:
        problem(f"{name}: 'commitments' must be a non-empty list")
        return ids
    for k, c in enumerate(cs):
        w = f"{name}: commitments[{k}]"
        if not isinstance(c, dict):
            problem(f"{w}: must be a mapping")
            continue
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            problem(f"{w}: 'id' must be a non-empty string")
        elif cid in ids:
            problem(f"{w}: duplicate id {cid!r}")
        else:
            ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            problem(f"{w}: 'subgoal' must be a non-empty string")
        if "skill" in c and not isinstance(c["skill"], str):
            problem(f"{w}: 'skill' must be a string")
        if "confidence" in c:
            v = c["confidence"]
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 1:
                problem(f"{w}: confidence must be a number in [0, 1], got {v!r}")
        for field, allowed in (("confirm", STAGES), ("falsify", SCOPES)):
            blk = c.get(field, {})
            if blk is None:
                continue
            if not isinstance(blk, dict):
                problem(f"{w}: {field} must be a mapping")
                continue
            for key, items in blk.items():
                if key not in allowed:
                    problem(f"{w}: {field}.{key} not one of {sorted(allowed)}")
                check_evidence(f"{w}: {field}.{key}", items)
    return ids


# ---------------------------------------------------------------------------
# corpus validation
# ---------------------------------------------------------------------------

EFFECTS = {"read", "write", "irreversible"}
LINE_RE = re.compile(r"^(\t*)(?:\[([A-Za-z0-9]+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
BID_CMD_RE = re.compile(r"^(click|fill|select_option|press|hover|focus|clear|dblclick)\('([A-Za-z0-9]+)'(?:, (.+))?\)$")
OTHER_CMD_RE = re.compile(r"^(send_msg_to_user\(.+\)|go_back\(\)|go_forward\(\)|goto\('.+'\)|noop\(.*\)|scroll\(-?\d+, -?\d+\)|report_infeasible\(.+\))$", re.S)


def check_obs(where, obs):
    if not isinstance(obs, dict):
        problem(f"{where}: observation must be an object")
        return {}
    for k in ("url", "title", "text"):
        if not isinstance(obs.get(k), str):
            problem(f"{where}: observation.{k} must be a string")
    if "error" not in obs:
        problem(f"{where}: observation.error missing (use null)")
    elif obs["error"] is not None and not isinstance(obs["error"], str):
        problem(f"{where}: observation.error must be a string or null")
    if "tabs" in obs:
        if not isinstance(obs["tabs"], list) or not all(isinstance(t, dict) and isinstance(t.get("url"), str)
                                                         and isinstance(t.get("title"), str) for t in obs["tabs"]):
            problem(f"{where}: tabs must be a list of {{url, title}}")
    if "screenshot" in obs and not isinstance(obs["screenshot"], str):
        problem(f"{where}: screenshot must be a path string")
    nodes = {}
    text = obs.get("text") or ""
    lines = text.split("\n")
    if not lines or not lines[0].startswith("RootWebArea "):
        problem(f"{where}: AXTree should start with a RootWebArea node")
    prev_depth = 0
    for n, line in enumerate(lines):
        m = LINE_RE.match(line)
        if not m:
            problem(f"{where}: AXTree line {n} not in '[bid] role 'name'' form: {line[:80]!r}")
            continue
        depth = len(m.group(1))
        if depth > prev_depth + 1:
            problem(f"{where}: AXTree line {n} indentation jumps from {prev_depth} to {depth}")
        prev_depth = depth
        if m.group(2):
            if m.group(2) in nodes:
                problem(f"{where}: duplicate bid {m.group(2)}")
            nodes[m.group(2)] = f"{m.group(3)} {m.group(4)}"
    return nodes


def main():
    corpus_path = os.path.join(HERE, "corpus.jsonl")
    plans = {}
    plan_ids = {}
    plan_dir = os.path.join(HERE, "plans")
    for fn in sorted(os.listdir(plan_dir)) if os.path.isdir(plan_dir) else []:
        if not fn.endswith((".yaml", ".yml", ".json")):
            continue
        path = os.path.join(plan_dir, fn)
        try:
            with open(path, encoding="utf-8") as fh:
                raw = fh.read()
            plan = json.loads(raw) if fn.endswith(".json") else parse_yaml(raw)
        except (YamlError, ValueError) as e:
            problem(f"plans/{fn}: does not parse: {e}")
            continue
        plans[f"plans/{fn}"] = plan
        plan_ids[f"plans/{fn}"] = check_plan(f"plans/{fn}", plan)
    if not plans:
        problem("no plans found under plans/")

    seen, records = set(), []
    with open(corpus_path, encoding="utf-8") as fh:
        for ln, line in enumerate(fh, 1):
            if not line.strip():
                problem(f"corpus.jsonl:{ln}: blank line")
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as e:
                problem(f"corpus.jsonl:{ln}: not JSON: {e}")
                continue
            if json.loads(json.dumps(rec, ensure_ascii=False)) != rec:
                problem(f"corpus.jsonl:{ln}: does not round-trip")
            records.append((ln, rec))

    used_plans = set()
    for ln, r in records:
        w = f"corpus.jsonl:{ln} ({r.get('id')})"
        if not isinstance(r, dict):
            problem(f"{w}: not an object")
            continue
        for k, t in (("id", str), ("workflow", str), ("task", str), ("label", dict), ("initial_observation", dict),
                     ("steps", list), ("outcome", dict)):
            if not isinstance(r.get(k), t):
                problem(f"{w}: field {k!r} missing or not {t.__name__}")
        if not isinstance(r.get("id"), str):
            continue
        if r["id"] in seen:
            problem(f"{w}: duplicate id")
        seen.add(r["id"])
        # plan
        plan, ids = None, set()
        p = r.get("plan")
        if isinstance(p, str):
            key = os.path.normpath(p).replace(os.sep, "/")
            if not os.path.exists(os.path.join(HERE, p)):
                problem(f"{w}: plan path {p!r} does not exist")
            elif key not in plans:
                problem(f"{w}: plan {p!r} not loaded")
            else:
                plan, ids = plans[key], plan_ids[key]
                used_plans.add(key)
        elif isinstance(p, dict):
            plan, ids = p, check_plan(f"{w}: inline plan", p)
        else:
            problem(f"{w}: plan must be a path or an inline plan object")
        if plan is not None and isinstance(plan, dict) and plan.get("task") != r.get("task"):
            problem(f"{w}: task differs from its plan's task")
        # label
        lab = r.get("label") or {}
        if set(lab) < {"fault", "first_off_track_step"}:
            problem(f"{w}: label needs fault and first_off_track_step")
        fault, off = lab.get("fault"), lab.get("first_off_track_step")
        steps = r.get("steps") or []
        if fault is None:
            if off is not None:
                problem(f"{w}: healthy run must have first_off_track_step null")
        else:
            if not isinstance(fault, str) or not fault:
                problem(f"{w}: label.fault must be null or a non-empty string")
            if isinstance(off, bool) or not isinstance(off, int):
                problem(f"{w}: faulty run needs an integer first_off_track_step")
            elif not 0 <= off < len(steps):
                problem(f"{w}: first_off_track_step {off} outside 0..{len(steps) - 1}")
        out = r.get("outcome") or {}
        if not isinstance(out.get("success"), bool):
            problem(f"{w}: outcome.success must be a bool")
        elif out["success"] != (fault is None):
            problem(f"{w}: outcome.success={out['success']} but fault={fault!r}")
        if not steps:
            problem(f"{w}: no steps")
        # observations and actions
        nodes = check_obs(f"{w} initial_observation", r.get("initial_observation"))
        for i, st in enumerate(steps):
            sw = f"{w} step {i}"
            if not isinstance(st, dict):
                problem(f"{sw}: not an object")
                continue
            if "commitment" in st and st["commitment"] is not None:
                if not isinstance(st["commitment"], str):
                    problem(f"{sw}: commitment must be a string")
                elif ids and st["commitment"] not in ids:
                    problem(f"{sw}: commitment {st['commitment']!r} not in plan")
            a = st.get("action")
            if not isinstance(a, dict) or not isinstance(a.get("command"), str):
                problem(f"{sw}: action.command must be a string")
                a = {}
            if "reasoning" in a and not isinstance(a["reasoning"], str):
                problem(f"{sw}: action.reasoning must be a string")
            if "target" in a and a["target"] is not None and not isinstance(a["target"], str):
                problem(f"{sw}: action.target must be a string or null")
            if "effect" in a and a["effect"] not in EFFECTS:
                problem(f"{sw}: action.effect {a.get('effect')!r} not in {sorted(EFFECTS)}")
            cmd = a.get("command", "")
            m = BID_CMD_RE.match(cmd)
            if m:
                bid = m.group(2)
                if bid not in nodes:
                    problem(f"{sw}: {cmd[:40]} refers to bid {bid} not on the page it was taken on")
                elif a.get("target") and not nodes[bid].startswith(a["target"]):
                    problem(f"{sw}: target {a['target']!r} does not match node [{bid}] {nodes[bid]!r}")
            elif cmd and not OTHER_CMD_RE.match(cmd):
                problem(f"{sw}: unrecognised command {cmd[:60]!r}")
            nodes = check_obs(sw, st.get("observation"))

    # design checks
    by_wf = {}
    for _, r in records:
        if isinstance(r, dict) and isinstance(r.get("label"), dict):
            by_wf.setdefault(r.get("workflow"), []).append(r)
    for wf, rs in sorted(by_wf.items()):
        healthy = [r for r in rs if r["label"].get("fault") is None]
        faulty = [r for r in rs if r["label"].get("fault") is not None]
        kinds = [r["label"]["fault"] for r in faulty]
        if len(healthy) != 4:
            problem(f"workflow {wf}: {len(healthy)} healthy runs, expected 4")
        if len(faulty) != 6:
            problem(f"workflow {wf}: {len(faulty)} faulty runs, expected 6")
        if len(set(kinds)) != len(kinds):
            problem(f"workflow {wf}: repeated fault kinds {kinds}")
        if len({r['task'] for r in healthy}) != len(healthy):
            problem(f"workflow {wf}: healthy runs should use different task variants")
    for key in plans:
        if key not in used_plans:
            problem(f"{key}: not used by any trajectory")

    # plans on disk == plans in the generator
    try:
        sys.path.insert(0, HERE)
        import make_corpus  # noqa: E402
        for name, plan in make_corpus.PLANS.items():
            key = f"plans/{name}.yaml"
            if key not in plans:
                problem(f"{key}: missing (generator defines it)")
            elif plans[key] != json.loads(json.dumps(plan)):
                problem(f"{key}: differs from make_corpus.PLANS[{name!r}] (YAML writer/parser mismatch or stale file)")
    except ImportError as e:
        print(f"note: make_corpus not importable ({e}); skipped drift check")

    n_steps = sum(len(r.get("steps") or []) for _, r in records)
    if PROBLEMS:
        for p in PROBLEMS:
            print("FAIL:", p)
        print(f"{len(PROBLEMS)} problem(s)")
        return 1
    print(f"OK: {len(records)} trajectories ({n_steps} steps), {len(plans)} plans, workflows: "
          + ", ".join(f"{wf}={len(rs)}" for wf, rs in sorted(by_wf.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
