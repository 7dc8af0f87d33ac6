#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow /work/shared/FORMATS.md.

Run from anywhere:  python3 selftest.py   (exit status 0 = all checks passed)
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
FAULTS = {"wrong_record", "wrong_value", "skipped_required_field", "silent_noop", "stale_page",
          "error_banner", "permission_denied", "premature_done", "dialog_cancelled", "wrong_option",
          "double_submit", "unsaved_navigation"}

errors = []


def err(msg):
    errors.append(msg)


# ---------------------------------------------------------------------------
# Minimal YAML reader for the block/flow subset used in plans/ (stdlib only)
# ---------------------------------------------------------------------------
def _strip_comment(line):
    out, q = [], None
    for i, ch in enumerate(line):
        if q:
            if ch == q and (q == "'" or line[i - 1] != "\\"):
                q = None
        elif ch in "\"'" and (i == 0 or line[i - 1] in " [{,:-"):
            q = ch
        elif ch == "#" and (i == 0 or line[i - 1] == " "):
            break
        out.append(ch)
    return "".join(out).rstrip()


def _scalar(tok):
    tok = tok.strip()
    if tok == "":
        return None
    if tok[0] == '"':
        return json.loads(tok)
    if tok[0] == "'":
        return tok[1:-1].replace("''", "'")
    if tok in ("null", "~"):
        return None
    if tok in ("true", "false"):
        return tok == "true"
    if re.fullmatch(r"-?\d+", tok):
        return int(tok)
    if re.fullmatch(r"-?\d+\.\d*", tok):
        return float(tok)
    return tok


def _split_flow(body):
    parts, depth, q, cur = [], 0, None, []
    for i, ch in enumerate(body):
        if q:
            cur.append(ch)
            if ch == q and body[i - 1] != "\\":
                q = None
            continue
        if ch in "\"'" and "".join(cur).strip() == "" or (ch in "\"'" and cur and cur[-1] in ": "):
            q = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur))
    return parts


def _value(tok):
    tok = tok.strip()
    if tok.startswith("["):
        assert tok.endswith("]"), tok
        return [_value(p) for p in _split_flow(tok[1:-1])]
    if tok.startswith("{"):
        assert tok.endswith("}"), tok
        out = {}
        for p in _split_flow(tok[1:-1]):
            k, v = _keyval(p.strip())
            out[k] = _value(v)
        return out
    return _scalar(tok)


def _keyval(s):
    m = re.match(r'^([A-Za-z_][\w-]*)\s*:(?:\s+(.*))?$', s)
    if not m:
        raise ValueError(f"not a key: value pair: {s!r}")
    return m.group(1), (m.group(2) or "")


def load_yaml(text):
    lines = []
    raw = text.splitlines()
    i = 0
    while i < len(raw):
        line = _strip_comment(raw[i])
        i += 1
        if not line.strip():
            continue
        ind = len(line) - len(line.lstrip(" "))
        content = line.strip()
        if content.endswith((": >-", ": >", ": |", ": |-")):
            style = content.rsplit(":", 1)[1].strip()
            block = []
            while i < len(raw) and (not raw[i].strip() or len(raw[i]) - len(raw[i].lstrip(" ")) > ind):
                block.append(raw[i].strip())
                i += 1
            joined = " ".join(b for b in block if b) if style.startswith(">") else "\n".join(block)
            content = content.rsplit(":", 1)[0] + ": " + json.dumps(joined)
        lines.append((ind, content))
    pos = [0]

    def parse_block(ind):
        if lines[pos[0]][1].startswith("- "):
            return parse_list(ind)
        return parse_map(ind)

    def parse_list(ind):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
            content = lines[pos[0]][1][2:].strip()
            if re.match(r'^[A-Za-z_][\w-]*\s*:(\s|$)', content) and not content.startswith("{"):
                # list item that is a mapping: re-read it as a map indented by 2
                lines[pos[0]] = (ind + 2, content)
                out.append(parse_map(ind + 2))
            else:
                pos[0] += 1
                out.append(_value(content))
        return out

    def parse_map(ind):
        out = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and not lines[pos[0]][1].startswith("- "):
            k, v = _keyval(lines[pos[0]][1])
            pos[0] += 1
            if v.strip() == "":
                if pos[0] < len(lines) and (lines[pos[0]][0] > ind or
                                            (lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "))):
                    out[k] = parse_block(lines[pos[0]][0])
                else:
                    out[k] = None
            else:
                out[k] = _value(v)
        return out

    result = parse_block(lines[0][0])
    if pos[0] != len(lines):
        raise ValueError(f"unparsed YAML from line: {lines[pos[0]]}")
    return result


# ---------------------------------------------------------------------------
# Plan checks
# ---------------------------------------------------------------------------
def check_evidence(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        err(f"{where}: evidence must be a list, got {type(items).__name__}")
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                err(f"{where}: empty evidence string")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                err(f"{where}: evidence mapping without text: {it}")
            if it.get("on", "state") not in ON:
                err(f"{where}: evidence 'on' must be one of {sorted(ON)}: {it}")
        else:
            err(f"{where}: evidence item must be str or mapping: {it!r}")


def check_plan(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    plan = load_yaml(text)
    try:  # cross-check the stdlib reader against PyYAML when it happens to be installed
        import yaml  # noqa: F401
        def fix(x):  # YAML 1.1 readers turn the key `on` into True; FORMATS.md means the string
            if isinstance(x, dict):
                return {("on" if k is True else k): fix(v) for k, v in x.items()}
            if isinstance(x, list):
                return [fix(v) for v in x]
            return x
        if fix(yaml.safe_load(text)) != plan:
            err(f"{path}: stdlib YAML reader disagrees with PyYAML")
    except ImportError:
        pass
    name = os.path.relpath(path, HERE)
    if not isinstance(plan, dict):
        err(f"{name}: plan must be a mapping")
        return None
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        err(f"{name}: missing task")
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict):
        err(f"{name}: plan_falsifiers must be a mapping of scope -> list")
    else:
        for scope, items in pf.items():
            if scope not in SCOPES:
                err(f"{name}: unknown plan_falsifiers scope {scope}")
            check_evidence(f"{name}: plan_falsifiers.{scope}", items)
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        err(f"{name}: commitments must be a non-empty list")
        return plan
    seen = set()
    for c in cms:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            err(f"{name}: commitment without id: {c}")
            continue
        if cid in seen:
            err(f"{name}: duplicate commitment id {cid}")
        seen.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            err(f"{name}: {cid}: missing subgoal")
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            err(f"{name}: {cid}: confidence must be in [0, 1]")
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                err(f"{name}: {cid}: unknown confirm stage {stage}")
            check_evidence(f"{name}: {cid}.confirm.{stage}", items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                err(f"{name}: {cid}: unknown falsify scope {scope}")
            check_evidence(f"{name}: {cid}.falsify.{scope}", items)
    return plan


# ---------------------------------------------------------------------------
# Corpus checks
# ---------------------------------------------------------------------------
LINE_RE = re.compile(r"^(\t*)(?:\[(a\d+)\] (\w+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(?:, .*)?"
                     r"|StaticText ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"))$")


def check_obs(where, obs):
    if not isinstance(obs, dict):
        err(f"{where}: observation must be an object")
        return {}
    for f in ("url", "title", "text", "error"):
        if f not in obs:
            err(f"{where}: observation missing {f}")
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        err(f"{where}: error must be a string or null")
    text = obs.get("text") or ""
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        err(f"{where}: text must start with RootWebArea")
    if obs.get("title") and repr(obs["title"]) not in lines[0]:
        err(f"{where}: RootWebArea name differs from title")
    bids = {}
    prev_depth = 0
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not m:
            err(f"{where}: malformed AXTree line {ln!r}")
            continue
        depth = len(m.group(1))
        if depth < 1 or depth > prev_depth + 1:
            err(f"{where}: bad indentation at {ln!r}")
        prev_depth = depth
        if m.group(2):
            if m.group(2) in bids:
                err(f"{where}: duplicate bid {m.group(2)}")
            bids[m.group(2)] = f"{m.group(3)} {m.group(4)}"
    return bids


def main():
    plans = {}
    for fn in sorted(os.listdir(os.path.join(HERE, "plans"))):
        if fn.endswith((".yaml", ".yml", ".json")):
            try:
                plans[f"plans/{fn}"] = check_plan(os.path.join(HERE, "plans", fn))
            except Exception as e:  # noqa: BLE001
                err(f"plans/{fn}: does not load: {e}")
    runs = []
    with open(CORPUS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"corpus.jsonl line {n}: not JSON: {e}")
    ids = [r.get("id") for r in runs]
    if len(ids) != len(set(ids)):
        err("trajectory ids are not unique")
    workflows = {}
    for r in runs:
        rid = r.get("id", "?")
        for f in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if f not in r:
                err(f"{rid}: missing field {f}")
        if any(f not in r for f in ("plan", "label", "initial_observation", "steps", "outcome")):
            continue
        workflows.setdefault(r["workflow"], []).append(r)
        # plan
        plan = r["plan"]
        if isinstance(plan, str):
            if plan not in plans:
                p = os.path.join(HERE, plan)
                err(f"{rid}: plan {plan} " + ("did not load" if os.path.exists(p) else "does not exist"))
                plan = None
            else:
                plan = plans[plan]
        if plan is not None:
            if " ".join(plan.get("task", "").split()) != " ".join(r["task"].split()):
                err(f"{rid}: task differs from its plan's task")
            cids = {c["id"] for c in plan.get("commitments", [])}
        else:
            cids = set()
        # label
        lab = r["label"]
        if "fault" not in lab or "first_off_track_step" not in lab:
            err(f"{rid}: label needs fault and first_off_track_step")
            continue
        fault, k = lab["fault"], lab["first_off_track_step"]
        steps = r["steps"]
        if not isinstance(steps, list) or not steps:
            err(f"{rid}: steps must be a non-empty list")
            continue
        if fault is None:
            if k is not None:
                err(f"{rid}: healthy run with a first_off_track_step")
            if r["outcome"].get("success") is not True:
                err(f"{rid}: healthy run must have outcome.success true")
        else:
            if fault not in FAULTS:
                err(f"{rid}: unknown fault class {fault}")
            if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < len(steps):
                err(f"{rid}: first_off_track_step {k} is not a valid step index (0..{len(steps) - 1})")
            if r["outcome"].get("success") is not False:
                err(f"{rid}: faulty run must have outcome.success false")
            if fault not in rid:
                err(f"{rid}: id does not name its fault class {fault}")
        if not isinstance(r["outcome"].get("success"), bool):
            err(f"{rid}: outcome.success must be a boolean")
        # observations and actions
        prev = check_obs(f"{rid}: initial_observation", r["initial_observation"])
        for i, s in enumerate(steps):
            where = f"{rid}: step {i}"
            a = s.get("action")
            if not isinstance(a, dict):
                err(f"{where}: missing action")
                continue
            for f in ("command", "reasoning", "target", "effect"):
                if not isinstance(a.get(f), str):
                    err(f"{where}: action.{f} must be a string")
            if a.get("effect") not in EFFECTS:
                err(f"{where}: action.effect must be one of {sorted(EFFECTS)}")
            if "commitment" in s and s["commitment"] is not None and s["commitment"] not in cids:
                err(f"{where}: commitment {s['commitment']!r} is not in the plan")
            m = re.match(r"^(\w+)\('(a\d+)'", a.get("command", ""))
            if m:
                bid = m.group(2)
                if bid not in prev:
                    err(f"{where}: {a['command']} uses bid {bid} absent from the page before it")
                elif prev[bid] != a.get("target"):
                    err(f"{where}: target {a.get('target')!r} is not node {bid} ({prev[bid]})")
            elif not re.match(r"^(send_msg_to_user|noop|go_back|go_forward|goto|scroll|report_infeasible)\(",
                              a.get("command", "")):
                err(f"{where}: unrecognised command {a.get('command')!r}")
            prev = check_obs(where, s.get("observation"))
        if not steps[-1]["action"]["command"].startswith("send_msg_to_user("):
            err(f"{rid}: the run should end with a report to the user")
    # corpus shape asked for by the brief
    n_h = sum(1 for r in runs if r.get("label", {}).get("fault") is None)
    if len(runs) != 20 or n_h != 8:
        err(f"expected 20 runs with 8 healthy, got {len(runs)} with {n_h} healthy")
    if len(workflows) != 2:
        err(f"expected 2 workflows, got {sorted(workflows)}")
    for wf in workflows:
        if f"plans/{wf}.yaml" not in plans:
            err(f"workflow {wf} has no plans/{wf}.yaml")
    # README table agrees with the corpus
    readme = os.path.join(HERE, "README.md")
    if os.path.exists(readme):
        text = open(readme, encoding="utf-8").read()
        for r in runs:
            lab = r["label"]
            want = "healthy" if lab["fault"] is None else lab["fault"]
            step = "—" if lab["first_off_track_step"] is None else str(lab["first_off_track_step"])
            row = re.search(r"^\|\s*`?" + re.escape(r["id"]) + r"`?\s*\|\s*`?([\w]+)`?\s*\|\s*([^|]+?)\s*\|",
                            text, re.M)
            if not row:
                err(f"README.md: no table row for {r['id']}")
            elif row.group(1) != want or row.group(2) != step:
                err(f"README.md: row for {r['id']} says {row.group(1)}/{row.group(2)}, corpus says {want}/{step}")
    else:
        err("README.md is missing")

    if errors:
        for e in errors:
            print("FAIL:", e)
        print(f"{len(errors)} problem(s)")
        return 1
    print(f"ok: {len(runs)} trajectories ({n_h} healthy, {len(runs) - n_h} faulty), "
          f"{len(plans)} plans, workflows {sorted(workflows)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
