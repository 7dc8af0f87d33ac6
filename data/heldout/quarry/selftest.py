#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow the fcpkit FORMATS.md contract.

Run after make_corpus.py:  python3 selftest.py   (exit status 0 = all checks passed)
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
ERRORS = []


def err(msg):
    ERRORS.append(msg)


# --------------------------------------------------------------------------- minimal YAML subset
class YamlError(ValueError):
    pass


def _strip_comment(line):
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i]
    return line


def _split_flow(body):
    items, depth, quote, cur = [], 0, None, ""
    for ch in body:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            items.append(cur.strip())
            cur = ""
            continue
        cur += ch
    if quote or depth:
        raise YamlError(f"unbalanced flow collection: {body!r}")
    if cur.strip():
        items.append(cur.strip())
    return items


def _split_key(text):
    quote = None
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == ":" and (i + 1 == len(text) or text[i + 1] == " "):
            return text[:i].strip(), text[i + 1:].strip()
    return None


def scalar(text):
    text = text.strip()
    if text.startswith("["):
        if not text.endswith("]"):
            raise YamlError(f"bad flow list: {text!r}")
        return [scalar(x) for x in _split_flow(text[1:-1])]
    if text.startswith("{"):
        if not text.endswith("}"):
            raise YamlError(f"bad flow map: {text!r}")
        out = {}
        for part in _split_flow(text[1:-1]):
            kv = _split_key(part)
            if not kv:
                raise YamlError(f"bad flow map entry: {part!r}")
            out[kv[0]] = scalar(kv[1])
        return out
    if text.startswith('"'):
        return json.loads(text)
    if text.startswith("'"):
        if not text.endswith("'"):
            raise YamlError(f"bad quoted scalar: {text!r}")
        return text[1:-1].replace("''", "'")
    if text in ("null", "~", ""):
        return None
    if text in ("true", "false"):
        return text == "true"
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if re.fullmatch(r"-?\d+\.\d*", text):
        return float(text)
    return text


def load_yaml(src):
    lines = []
    for raw in src.splitlines():
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise YamlError("tab indentation")
        s = _strip_comment(raw).rstrip()
        if s.strip():
            lines.append([len(s) - len(s.lstrip()), s.strip()])
    value, i = _block(lines, 0, lines[0][0] if lines else 0)
    if i != len(lines):
        raise YamlError(f"unparsed content at: {lines[i][1]!r}")
    return value


def _block(lines, i, indent):
    if i < len(lines) and lines[i][1].startswith("- ") or (i < len(lines) and lines[i][1] == "-"):
        out = []
        while i < len(lines) and lines[i][0] == indent and (lines[i][1].startswith("- ") or lines[i][1] == "-"):
            content = lines[i][1][2:].strip()
            if content and _split_key(content) and not content.startswith(("[", "{", '"', "'")):
                lines[i] = [indent + 2, content]  # "- key: v" opens a mapping at indent + 2
                item, i = _block(lines, i, indent + 2)
            elif content:
                item, i = scalar(content), i + 1
            else:
                item, i = _block(lines, i + 1, lines[i + 1][0])
            out.append(item)
        return out, i
    out = {}
    while i < len(lines) and lines[i][0] == indent:
        kv = _split_key(lines[i][1])
        if not kv:
            raise YamlError(f"expected 'key: value', got {lines[i][1]!r}")
        key, rest = kv
        if key in out:
            raise YamlError(f"duplicate key {key!r}")
        if rest:
            out[key], i = scalar(rest), i + 1
        elif i + 1 < len(lines) and lines[i + 1][0] > indent:
            out[key], i = _block(lines, i + 1, lines[i + 1][0])
        elif i + 1 < len(lines) and lines[i + 1][0] == indent and lines[i + 1][1].startswith("- "):
            out[key], i = _block(lines, i + 1, indent)
        else:
            out[key], i = None, i + 1
    if i < len(lines) and lines[i][0] > indent:
        raise YamlError(f"bad indentation at {lines[i][1]!r}")
    return out, i


# --------------------------------------------------------------------------- plan checks
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}


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
                err(f"{where}: evidence mapping needs text")
            if it.get("on", "state") not in ("state", "action", "both"):
                err(f"{where}: bad 'on' {it.get('on')!r}")
            extra = set(it) - {"text", "on"}
            if extra:
                err(f"{where}: unknown evidence keys {extra}")
        else:
            err(f"{where}: evidence item must be a string or mapping, got {type(it).__name__}")


def check_plan(path):
    name = os.path.relpath(path, HERE)
    try:
        with open(path, encoding="utf-8") as f:
            plan = load_yaml(f.read())
    except (OSError, YamlError, ValueError) as e:
        err(f"{name}: cannot load: {e}")
        return None
    if not isinstance(plan, dict):
        err(f"{name}: top level must be a mapping")
        return None
    if not isinstance(plan.get("task"), str) or not plan["task"]:
        err(f"{name}: missing task")
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict) or set(pf) - SCOPES:
        err(f"{name}: plan_falsifiers must map scopes {sorted(SCOPES)}")
    else:
        for scope, items in pf.items():
            check_evidence(f"{name} plan_falsifiers.{scope}", items)
    coms = plan.get("commitments")
    if not isinstance(coms, list) or not coms:
        err(f"{name}: commitments must be a non-empty list")
        return plan
    seen = set()
    for c in coms:
        cid = c.get("id") if isinstance(c, dict) else None
        if not isinstance(cid, str) or not cid:
            err(f"{name}: commitment without id")
            continue
        if cid in seen:
            err(f"{name}: duplicate commitment id {cid}")
        seen.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"]:
            err(f"{name}:{cid}: missing subgoal")
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            err(f"{name}:{cid}: confidence must be in [0, 1]")
        conf_ = c.get("confirm") or {}
        fal = c.get("falsify") or {}
        if not isinstance(conf_, dict) or set(conf_) - STAGES:
            err(f"{name}:{cid}: confirm stages must be among {sorted(STAGES)}")
        else:
            for st, items in conf_.items():
                check_evidence(f"{name}:{cid} confirm.{st}", items)
        if not isinstance(fal, dict) or set(fal) - SCOPES:
            err(f"{name}:{cid}: falsify scopes must be among {sorted(SCOPES)}")
        else:
            for sc, items in fal.items():
                check_evidence(f"{name}:{cid} falsify.{sc}", items)
    return plan


# --------------------------------------------------------------------------- corpus checks
OBS_KEYS = ("url", "title", "text", "error")
LINE_RE = re.compile(r"^\t*(\[a\d+\] )?[A-Za-z]+ ('([^'\\]|\\.)*'|\"([^\"\\]|\\.)*\")(, .+)?$")
BID_RE = re.compile(r"^(click|fill|select_option|press|hover|focus|clear|dblclick)\('(a\d+)'")
EFFECTS = {"read", "write", "irreversible"}


def check_obs(where, o):
    if not isinstance(o, dict):
        err(f"{where}: observation must be an object")
        return
    for k in OBS_KEYS:
        if k not in o:
            err(f"{where}: observation lacks {k}")
    if not isinstance(o.get("text"), str) or not o["text"].startswith("RootWebArea "):
        err(f"{where}: text must be a flattened AXTree starting with RootWebArea")
        return
    if not str(o.get("url", "")).startswith("http"):
        err(f"{where}: bad url")
    bids = set()
    for ln in o["text"].split("\n")[1:]:
        if not LINE_RE.match(ln):
            err(f"{where}: malformed AXTree line {ln!r}")
            break
        m = re.match(r"^\t*\[(a\d+)\]", ln)
        if m:
            if m.group(1) in bids:
                err(f"{where}: duplicate bid {m.group(1)}")
            bids.add(m.group(1))
    if o.get("error") is not None and not isinstance(o["error"], str):
        err(f"{where}: error must be a string or null")


def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl missing; run make_corpus.py first")
        return 1
    plans = {}
    ids = set()
    runs = []
    with open(CORPUS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except ValueError as e:
                err(f"line {n}: not JSON: {e}")
                continue
            if json.dumps(rec, ensure_ascii=False) != line:
                err(f"line {n}: does not round-trip unchanged")
            runs.append(rec)
    for rec in runs:
        rid = rec.get("id")
        where = rid or "?"
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in rec:
                err(f"{where}: missing field {k}")
        if rid in ids:
            err(f"{where}: duplicate id")
        ids.add(rid)
        # plan
        plan = rec.get("plan")
        if isinstance(plan, str):
            ppath = os.path.normpath(os.path.join(HERE, plan))
            if not os.path.exists(ppath):
                err(f"{where}: plan {plan} does not exist")
                plan = None
            else:
                if ppath not in plans:
                    plans[ppath] = check_plan(ppath)
                plan = plans[ppath]
            if plan is not None and os.path.basename(rec["plan"]) != f"{rec.get('workflow')}.yaml":
                err(f"{where}: plan file should be plans/<workflow>.yaml")
        if not isinstance(plan, dict):
            err(f"{where}: plan not usable")
            plan = {"commitments": []}
        elif plan.get("task") != rec.get("task"):
            err(f"{where}: task differs from its plan's task")
        cids = {c.get("id") for c in plan.get("commitments", []) if isinstance(c, dict)}
        # label / outcome
        label = rec.get("label") or {}
        steps = rec.get("steps") or []
        fault, fstep = label.get("fault", "missing"), label.get("first_off_track_step", "missing")
        if fault == "missing" or fstep == "missing":
            err(f"{where}: label needs fault and first_off_track_step")
        elif fault is None:
            if fstep is not None:
                err(f"{where}: healthy run must have first_off_track_step null")
            if rec.get("outcome", {}).get("success") is not True:
                err(f"{where}: healthy run must succeed")
            if "healthy" not in rid:
                err(f"{where}: healthy run id should say healthy")
        else:
            if not isinstance(fault, str) or not fault:
                err(f"{where}: fault must be a non-empty string")
            if not isinstance(fstep, int) or isinstance(fstep, bool) or not 0 <= fstep < len(steps):
                err(f"{where}: first_off_track_step {fstep!r} out of range 0..{len(steps) - 1}")
            if rec.get("outcome", {}).get("success") is not False:
                err(f"{where}: faulty run must not succeed")
            if f"-{fault}-" not in rid:
                err(f"{where}: id does not name its fault {fault}")
        if not isinstance(rec.get("outcome", {}).get("success"), bool):
            err(f"{where}: outcome.success must be a bool")
        # observations and steps
        check_obs(f"{where} initial", rec.get("initial_observation"))
        prev = (rec.get("initial_observation") or {}).get("text", "")
        if not steps:
            err(f"{where}: no steps")
        for i, st in enumerate(steps):
            sw = f"{where} step {i}"
            act = st.get("action")
            if not isinstance(act, dict):
                err(f"{sw}: missing action")
                continue
            for k in ("command", "reasoning", "target", "effect"):
                if k not in act:
                    err(f"{sw}: action lacks {k}")
            if act.get("effect") not in EFFECTS:
                err(f"{sw}: effect {act.get('effect')!r} not in {sorted(EFFECTS)}")
            if "commitment" in st and st["commitment"] not in cids:
                err(f"{sw}: commitment {st['commitment']!r} not in plan")
            m = BID_RE.match(act.get("command", ""))
            if m and f"[{m.group(2)}] " not in prev:
                err(f"{sw}: command targets {m.group(2)}, absent from the previous observation")
            if m and act.get("target") and f"[{m.group(2)}] {act['target']}" not in prev:
                err(f"{sw}: target {act['target']!r} is not node {m.group(2)} of the previous observation")
            check_obs(sw, st.get("observation"))
            prev = (st.get("observation") or {}).get("text", "")
    # corpus-level shape
    healthy = [r for r in runs if (r.get("label") or {}).get("fault") is None]
    faulty = [r for r in runs if (r.get("label") or {}).get("fault") is not None]
    workflows = {r.get("workflow") for r in runs}
    if len(runs) != 20 or len(healthy) != 8 or len(faulty) != 12:
        err(f"expected 20 runs (8 healthy, 12 faulty), got {len(runs)} ({len(healthy)}/{len(faulty)})")
    if len(workflows) != 2:
        err(f"expected 2 workflows, got {sorted(map(str, workflows))}")
    for wf in workflows:
        if not os.path.exists(os.path.join(HERE, "plans", f"{wf}.yaml")):
            err(f"no plan for workflow {wf}")
    # README table agrees with the labels
    readme = os.path.join(HERE, "README.md")
    if not os.path.exists(readme):
        err("README.md missing")
    else:
        table = {}
        for ln in open(readme, encoding="utf-8"):
            cells = [c.strip().strip("`") for c in ln.strip().strip("|").split("|")]
            if len(cells) >= 3 and cells[0] in ids:
                table[cells[0]] = (cells[1], cells[2])
        for r in runs:
            lab = r["label"]
            want = ("healthy", "—") if lab["fault"] is None else (lab["fault"], str(lab["first_off_track_step"]))
            if table.get(r["id"]) != want:
                err(f"README row for {r['id']} is {table.get(r['id'])}, expected {want}")
    if ERRORS:
        for e in ERRORS:
            print("FAIL:", e)
        print(f"{len(ERRORS)} problem(s)")
        return 1
    print(f"OK: {len(runs)} runs ({len(healthy)} healthy, {len(faulty)} faulty), "
          f"{len(workflows)} workflows, {len(plans)} plans, "
          f"{sum(len(r['steps']) for r in runs)} steps")
    return 0


if __name__ == "__main__":
    sys.exit(main())
