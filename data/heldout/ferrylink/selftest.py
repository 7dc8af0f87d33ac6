#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow /work/shared/FORMATS.md."""
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
LINE_RE = re.compile(r"^\t*(\[[A-Za-z0-9]+\] \S+ (\'.*\'|\".*\")(, .+)?|StaticText (\'.*\'|\".*\")|"
                     r"RootWebArea (\'.*\'|\".*\"), focused)$")
BID_RE = re.compile(r"^\s*(click|fill|select_option|press|hover|focus|clear|dblclick)\('([^']+)'")

errors = []


def err(msg):
    errors.append(msg)


# ---------------------------------------------------------------- mini YAML
def _scalar(tok):
    tok = tok.strip()
    if tok in ("null", "~", ""):
        return None
    if tok == "true":
        return True
    if tok == "false":
        return False
    if tok == "[]":
        return []
    if tok == "{}":
        return {}
    if tok.startswith('"'):
        return json.loads(tok)
    if tok.startswith("'") and tok.endswith("'"):
        return tok[1:-1].replace("''", "'")
    try:
        return int(tok)
    except ValueError:
        pass
    try:
        return float(tok)
    except ValueError:
        return tok


def _split_key(s):
    # key: value   (keys here are plain words)
    m = re.match(r"^([A-Za-z_][\w-]*):(?:\s+(.*))?$", s)
    if not m:
        raise ValueError("not a mapping line: %r" % s)
    return m.group(1), m.group(2)


def parse_yaml(text):
    lines = []
    for raw in text.split("\n"):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        ind = len(raw) - len(raw.lstrip(" "))
        lines.append((ind, raw.strip()))
    pos = [0]

    def block(indent):
        if pos[0] >= len(lines):
            return None
        ind, s = lines[pos[0]]
        if s.startswith("- "):
            return seq(ind)
        return mapping(ind)

    def mapping(indent, first=None):
        out = {}
        if first is not None:
            k, v = _split_key(first)
            out[k] = value(v, indent)
        while pos[0] < len(lines):
            ind, s = lines[pos[0]]
            if ind != indent or s.startswith("- "):
                break
            pos[0] += 1
            k, v = _split_key(s)
            if k in out:
                raise ValueError("duplicate key %s" % k)
            out[k] = value(v, indent)
        return out

    def value(v, indent):
        if v is not None and v != "":
            return _scalar(v)
        if pos[0] < len(lines) and lines[pos[0]][0] > indent:
            return block(lines[pos[0]][0])
        if pos[0] < len(lines) and lines[pos[0]][0] == indent and lines[pos[0]][1].startswith("- "):
            return seq(indent)
        return None

    def seq(indent):
        out = []
        while pos[0] < len(lines):
            ind, s = lines[pos[0]]
            if ind != indent or not s.startswith("- "):
                break
            pos[0] += 1
            item = s[2:].strip()
            if re.match(r"^[A-Za-z_][\w-]*:(\s|$)", item):
                out.append(mapping(indent + 2, first=item))
            else:
                out.append(_scalar(item))
        return out

    result = block(0)
    if pos[0] != len(lines):
        raise ValueError("unparsed YAML from line %r" % (lines[pos[0]],))
    return result


# ---------------------------------------------------------------- plan checks
def check_evidence(where, items):
    if not isinstance(items, list):
        err("%s: evidence must be a list" % where)
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                err("%s: empty evidence string" % where)
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                err("%s: evidence mapping without text" % where)
            if it.get("on", "state") not in ON:
                err("%s: bad 'on' %r" % (where, it.get("on")))
        else:
            err("%s: evidence item of type %s" % (where, type(it).__name__))


def check_plan(path):
    try:
        with open(path, encoding="utf-8") as f:
            plan = parse_yaml(f.read())
    except Exception as e:  # noqa
        err("%s: cannot parse: %s" % (path, e))
        return None
    if not isinstance(plan, dict):
        err("%s: plan is not a mapping" % path)
        return None
    if not isinstance(plan.get("task"), str) or not plan["task"]:
        err("%s: missing task" % path)
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in SCOPES:
            err("%s: plan_falsifiers scope %s" % (path, scope))
        check_evidence("%s plan_falsifiers.%s" % (path, scope), items)
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not cs:
        err("%s: no commitments" % path)
        return None
    ids = set()
    for c in cs:
        cid = c.get("id")
        if not cid or cid in ids:
            err("%s: missing or duplicate commitment id %r" % (path, cid))
        ids.add(cid)
        if not c.get("subgoal"):
            err("%s:%s: no subgoal" % (path, cid))
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            err("%s:%s: confidence %r" % (path, cid, k))
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                err("%s:%s: confirm stage %s" % (path, cid, stage))
            check_evidence("%s:%s confirm.%s" % (path, cid, stage), items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                err("%s:%s: falsify scope %s" % (path, cid, scope))
            check_evidence("%s:%s falsify.%s" % (path, cid, scope), items)
    plan["_ids"] = ids
    return plan


# ---------------------------------------------------------------- corpus checks
def check_obs(where, o):
    if not isinstance(o, dict):
        err("%s: observation is not an object" % where)
        return
    for k in ("url", "title", "text", "error"):
        if k not in o:
            err("%s: observation lacks %s" % (where, k))
    if not isinstance(o.get("text"), str) or not o.get("text"):
        err("%s: empty observation text" % where)
        return
    bids = set()
    for i, line in enumerate(o["text"].split("\n")):
        if not LINE_RE.match(line):
            err("%s: AXTree line %d malformed: %r" % (where, i, line[:80]))
        m = re.match(r"^\t*\[([A-Za-z0-9]+)\]", line)
        if m:
            if m.group(1) in bids:
                err("%s: duplicate bid %s" % (where, m.group(1)))
            bids.add(m.group(1))
    return bids


def main():
    plans = {}
    runs = []
    with open(CORPUS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except ValueError as e:
                err("line %d: bad JSON: %s" % (n, e))
                continue
            if json.loads(json.dumps(rec, ensure_ascii=False)) != rec:
                err("line %d: does not round-trip" % n)
            runs.append(rec)
    seen = set()
    for rec in runs:
        rid = rec.get("id")
        w = "run %s" % rid
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in rec:
                err("%s: missing %s" % (w, k))
        if rid in seen:
            err("%s: duplicate id" % w)
        seen.add(rid)
        plan_path = os.path.join(HERE, rec.get("plan", ""))
        if not os.path.isfile(plan_path):
            err("%s: plan %s does not exist" % (w, rec.get("plan")))
            continue
        if plan_path not in plans:
            plans[plan_path] = check_plan(plan_path)
        plan = plans[plan_path]
        if not rec["plan"].endswith("/%s.yaml" % rec["workflow"]):
            err("%s: plan file does not match workflow" % w)
        steps = rec.get("steps") or []
        label = rec.get("label") or {}
        fault, fs = label.get("fault", "missing"), label.get("first_off_track_step", "missing")
        if fault == "missing" or fs == "missing":
            err("%s: label lacks fault or first_off_track_step" % w)
        if fault is None:
            if fs is not None:
                err("%s: healthy run with a fault step" % w)
            if rec["outcome"].get("success") is not True:
                err("%s: healthy run not successful" % w)
        else:
            if not isinstance(fault, str) or not fault:
                err("%s: fault must be a non-empty string" % w)
            if not isinstance(fs, int) or isinstance(fs, bool) or not 0 <= fs < len(steps):
                err("%s: first_off_track_step %r out of range (%d steps)" % (w, fs, len(steps)))
            if rec["outcome"].get("success") is not False:
                err("%s: faulty run marked successful" % w)
            if fault not in rid:
                err("%s: id does not carry the fault kind" % w)
        if not isinstance(rec["outcome"].get("success"), bool):
            err("%s: outcome.success must be a bool" % w)
        prev = check_obs(w + " initial", rec["initial_observation"])
        for i, st in enumerate(steps):
            a = st.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    err("%s step %d: action lacks %s" % (w, i, k))
            if a.get("effect") not in EFFECTS:
                err("%s step %d: effect %r" % (w, i, a.get("effect")))
            m = BID_RE.match(a.get("command", ""))
            if m and prev is not None and m.group(2) not in prev:
                err("%s step %d: bid %s not on the previous page" % (w, i, m.group(2)))
            c = st.get("commitment")
            if c is not None and plan is not None and c not in plan["_ids"]:
                err("%s step %d: commitment %s not in plan" % (w, i, c))
            prev = check_obs("%s step %d" % (w, i), st.get("observation"))
    # corpus shape asked for by the brief
    healthy = [r for r in runs if r["label"]["fault"] is None]
    faulty = [r for r in runs if r["label"]["fault"] is not None]
    wfs = sorted(set(r["workflow"] for r in runs))
    if len(runs) != 20 or len(healthy) != 8 or len(faulty) != 12:
        err("expected 20 runs (8 healthy, 12 faulty), got %d (%d, %d)" % (len(runs), len(healthy), len(faulty)))
    if len(wfs) != 2:
        err("expected 2 workflows, got %s" % wfs)
    for wf in wfs:
        if not os.path.isfile(os.path.join(HERE, "plans", wf + ".yaml")):
            err("no plan for workflow %s" % wf)
    if len(set(r["label"]["fault"] for r in faulty)) != len(faulty):
        err("fault kinds are expected to be distinct")
    if errors:
        for e in errors:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        sys.exit(1)
    print("ok: %d runs (%d healthy, %d faulty) over %s; %d plans parse and match"
          % (len(runs), len(healthy), len(faulty), ", ".join(wfs), len(plans)))


if __name__ == "__main__":
    main()
