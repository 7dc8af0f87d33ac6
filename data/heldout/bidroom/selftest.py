#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow /work/shared/FORMATS.md.

Usage:  python3 selftest.py      (exit status 0 when everything holds)
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
LINE_RE = re.compile(r"^\t*(RootWebArea .+|StaticText .+|\[a\d+\] [A-Za-z]+ (?:'.*'|\".*\")(?:, .+)?)$")
CMD_RE = re.compile(r"^(click|fill|select_option|upload_file|press)\('(a\d+)'(?:, .+)?\)$|^send_msg_to_user\(.+\)$|^go_back\(\)$")

errors = []


def err(msg):
    errors.append(msg)


# ------------------------------------------------------------------ tiny YAML subset parser
# Supports what plans use: comments, block mappings, block sequences, double/single-quoted
# or plain scalars, numbers, and flow mappings / flow sequences of scalars.


def _scalar(s):
    s = s.strip()
    if s == "":
        return None
    if s[0] in "\"'":
        q = s[0]
        if not s.endswith(q) or len(s) < 2:
            raise ValueError(f"unterminated string: {s}")
        body = s[1:-1]
        return body.replace('\\"', '"') if q == '"' else body.replace("''", "'")
    if s.startswith("{") or s.startswith("["):
        return _flow(s)
    if re.fullmatch(r"-?\d+(\.\d+)?", s):
        return float(s) if "." in s else int(s)
    if s in ("null", "~"):
        return None
    if s in ("true", "false"):
        return s == "true"
    return s


def _split_top(s):
    parts, depth, cur, q = [], 0, "", None
    for ch in s:
        if q:
            cur += ch
            if ch == q:
                q = None
            continue
        if ch in "\"'":
            q = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return parts


def _flow(s):
    s = s.strip()
    inner = s[1:-1]
    if s[0] == "[":
        return [_scalar(p) for p in _split_top(inner)]
    out = {}
    for p in _split_top(inner):
        k, v = p.split(":", 1)
        out[k.strip()] = _scalar(v)
    return out


def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation")
        lines.append((len(raw) - len(raw.lstrip(" ")), raw.strip()))
    pos = [0]

    def block(indent):
        if pos[0] >= len(lines):
            return None
        ind, content = lines[pos[0]]
        if content.startswith("- "):
            return seq(ind)
        return mapping(ind)

    def seq(indent):
        out = []
        while pos[0] < len(lines):
            ind, content = lines[pos[0]]
            if ind != indent or not content.startswith("- "):
                break
            item = content[2:]
            if re.match(r"^[A-Za-z_][\w-]*:( |$)", item) and not item.startswith("{"):
                # mapping inside a sequence item: re-read it as a mapping at indent+2
                lines[pos[0]] = (indent + 2, item)
                out.append(mapping(indent + 2))
            else:
                pos[0] += 1
                out.append(_scalar(item))
        return out

    def mapping(indent):
        out = {}
        while pos[0] < len(lines):
            ind, content = lines[pos[0]]
            if ind != indent or content.startswith("- "):
                if ind > indent:
                    raise ValueError(f"bad indentation at: {content}")
                break
            m = re.match(r"^([A-Za-z_][\w-]*):(?: (.*))?$", content)
            if not m:
                raise ValueError(f"not a key: {content}")
            key, rest = m.group(1), (m.group(2) or "").strip()
            if key in out:
                raise ValueError(f"duplicate key {key}")
            pos[0] += 1
            if rest:
                out[key] = _scalar(rest)
            else:
                if pos[0] < len(lines) and (lines[pos[0]][0] > indent or
                                            (lines[pos[0]][0] == indent and lines[pos[0]][1].startswith("- "))):
                    out[key] = block(lines[pos[0]][0])
                else:
                    out[key] = None
        return out

    result = block(0)
    if pos[0] != len(lines):
        raise ValueError(f"unparsed content from: {lines[pos[0]][1]}")
    return result


# ------------------------------------------------------------------ plan checks


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
                err(f"{where}: bad 'on' value {it.get('on')!r}")
        else:
            err(f"{where}: evidence item of type {type(it).__name__}")


def check_plan(path):
    try:
        plan = parse_yaml(open(path, encoding="utf-8").read())
    except Exception as e:  # noqa: BLE001
        err(f"{path}: cannot parse: {e}")
        return None
    name = os.path.relpath(path, HERE)
    if not isinstance(plan, dict):
        err(f"{name}: top level is not a mapping")
        return None
    if not isinstance(plan.get("task"), str) or not plan["task"]:
        err(f"{name}: missing task")
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in SCOPES:
            err(f"{name}: plan_falsifiers has unknown scope {scope}")
        check_evidence(f"{name}: plan_falsifiers.{scope}", items)
    comms = plan.get("commitments")
    if not isinstance(comms, list) or not comms:
        err(f"{name}: no commitments")
        return plan
    ids = set()
    for c in comms:
        cid = c.get("id")
        if not cid or cid in ids:
            err(f"{name}: missing or duplicate commitment id {cid!r}")
        ids.add(cid)
        if not c.get("subgoal"):
            err(f"{name}: {cid}: missing subgoal")
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            err(f"{name}: {cid}: confidence {k!r} outside [0, 1]")
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                err(f"{name}: {cid}: unknown confirm stage {stage}")
            check_evidence(f"{name}: {cid}.confirm.{stage}", items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                err(f"{name}: {cid}: unknown falsify scope {scope}")
            check_evidence(f"{name}: {cid}.falsify.{scope}", items)
    plan["_ids"] = ids
    return plan


# ------------------------------------------------------------------ corpus checks


def check_obs(where, o):
    if not isinstance(o, dict):
        err(f"{where}: observation is not an object")
        return set()
    for k in ("url", "title", "text", "error"):
        if k not in o:
            err(f"{where}: observation lacks {k}")
    if not str(o.get("url", "")).startswith("http"):
        err(f"{where}: bad url")
    if o.get("error") is not None and not isinstance(o["error"], str):
        err(f"{where}: error must be null or a string")
    bids, seen = set(), set()
    for ln in str(o.get("text", "")).split("\n"):
        if not LINE_RE.match(ln):
            err(f"{where}: malformed AXTree line: {ln[:80]!r}")
            break
        m = re.match(r"^\t*\[(a\d+)\]", ln)
        if m:
            if m.group(1) in seen:
                err(f"{where}: duplicate bid {m.group(1)}")
            seen.add(m.group(1))
    bids |= seen
    if not o.get("text", "").startswith("RootWebArea"):
        err(f"{where}: text does not start with RootWebArea")
    return bids


def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl missing; run make_corpus.py first")
        return 1
    runs = []
    for n, line in enumerate(open(CORPUS, encoding="utf-8"), 1):
        try:
            runs.append(json.loads(line))
        except json.JSONDecodeError as e:
            err(f"line {n}: invalid JSON: {e}")
    plans = {}
    ids = set()
    faults = []
    for r in runs:
        rid = r.get("id")
        w = f"run {rid}"
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err(f"{w}: missing field {k}")
        if rid in ids:
            err(f"{w}: duplicate id")
        ids.add(rid)
        # plan
        plan = r.get("plan")
        if isinstance(plan, str):
            path = os.path.normpath(os.path.join(HERE, plan))
            if not os.path.exists(path):
                err(f"{w}: plan file {plan} does not exist")
                continue
            if path not in plans:
                plans[path] = check_plan(path)
            pobj = plans[path]
            if plan != f"plans/{r.get('workflow')}.yaml":
                err(f"{w}: plan {plan} is not the plan of workflow {r.get('workflow')}")
        else:
            err(f"{w}: expected a plan path")
            continue
        if pobj and pobj.get("task") != r.get("task"):
            err(f"{w}: task differs from its plan's task")
        # label
        lab = r.get("label") or {}
        fault, fos = lab.get("fault", "MISSING"), lab.get("first_off_track_step", "MISSING")
        steps = r.get("steps") or []
        if fault == "MISSING" or fos == "MISSING":
            err(f"{w}: label lacks fault / first_off_track_step")
        elif fault is None:
            if fos is not None:
                err(f"{w}: healthy run with a first_off_track_step")
            if r.get("outcome", {}).get("success") is not True:
                err(f"{w}: healthy run without success")
        else:
            faults.append(fault)
            if not isinstance(fos, int) or not 0 <= fos < len(steps):
                err(f"{w}: first_off_track_step {fos!r} not an index into {len(steps)} steps")
            if r.get("outcome", {}).get("success") is not False:
                err(f"{w}: faulty run marked successful")
            if fault not in rid:
                err(f"{w}: id does not name its fault kind {fault}")
            if lab.get("origin") not in ("agent", "environment"):
                err(f"{w}: label.origin must be agent or environment")
        if not isinstance(r.get("outcome", {}).get("success"), bool):
            err(f"{w}: outcome.success must be a bool")
        # observations and actions
        prev_bids = check_obs(f"{w} initial", r.get("initial_observation"))
        if not steps:
            err(f"{w}: no steps")
        for i, s in enumerate(steps):
            a = s.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    err(f"{w} step {i}: action lacks {k}")
            if a.get("effect") not in EFFECTS:
                err(f"{w} step {i}: bad effect {a.get('effect')!r}")
            m = CMD_RE.match(a.get("command", ""))
            if not m:
                err(f"{w} step {i}: unrecognised command {a.get('command')!r}")
            elif m.group(2) and m.group(2) not in prev_bids:
                err(f"{w} step {i}: command targets {m.group(2)}, absent from the previous observation")
            if pobj and s.get("commitment") is not None and s["commitment"] not in pobj.get("_ids", set()):
                err(f"{w} step {i}: commitment {s['commitment']!r} not in plan")
            prev_bids = check_obs(f"{w} step {i}", s.get("observation"))
        if steps and not steps[-1]["action"]["command"].startswith("send_msg_to_user("):
            err(f"{w}: last step is not a report to the user")
    # corpus-level expectations from the brief
    healthy = sum(1 for r in runs if (r.get("label") or {}).get("fault") is None)
    wfs = {r.get("workflow") for r in runs}
    if len(runs) != 20 or healthy != 8 or len(wfs) != 2:
        err(f"expected 20 runs / 8 healthy / 2 workflows, got {len(runs)} / {healthy} / {len(wfs)}")
    if len(set(faults)) != len(faults):
        err("fault kinds repeat; each faulty run should show a different kind")
    # README label table agrees with the corpus
    readme = os.path.join(HERE, "README.md")
    if os.path.exists(readme):
        text = open(readme, encoding="utf-8").read()
        for r in runs:
            lab = r["label"]
            want = (f"| `{r['id']}` | {lab['fault'] or 'healthy'} | "
                    f"{'—' if lab['first_off_track_step'] is None else lab['first_off_track_step']} |")
            if want not in text:
                err(f"README.md: no table row {want!r}")
    else:
        err("README.md missing")
    if errors:
        for e in errors:
            print("FAIL:", e)
        print(f"{len(errors)} problem(s)")
        return 1
    print(f"ok: {len(runs)} runs ({healthy} healthy, {len(faults)} faulty), {len(plans)} plans, "
          f"{sum(len(r['steps']) for r in runs)} steps")
    return 0


if __name__ == "__main__":
    sys.exit(main())
