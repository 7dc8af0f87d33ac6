#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow /work/shared/FORMATS.md.

Run:  python3 selftest.py      (exit status 0 when every check passes)

Plans are read with a small YAML-subset reader (block mappings and sequences, folded
scalars, quoted scalars, one-line flow mappings and sequences); when PyYAML happens to be
installed the result is also cross-checked against yaml.safe_load.
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
LINE_RE = re.compile(r"^(\t*)(\[[A-Za-z0-9_-]+\] )?[A-Za-z]+ (?:'.*'|\".*\")(, .*)?$")
CMD_BID_RE = re.compile(r"^(?:click|fill|select_option|press|hover|dblclick|focus|clear)\('([^']+)'")

failures = []


def check(cond, msg):
    if not cond:
        failures.append(msg)
    return cond


# ---------------------------------------------------------------------------
# Minimal YAML subset reader
# ---------------------------------------------------------------------------

def _split_flow(s):
    out, cur, depth, quote = [], "", 0, None
    for ch in s:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
            cur += ch
        elif ch in "[{":
            depth += 1
            cur += ch
        elif ch in "]}":
            depth -= 1
            cur += ch
        elif ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _scalar(s):
    s = s.strip()
    if s.startswith('"') and s.endswith('"') and len(s) >= 2:
        return json.loads(s)
    if s.startswith("'") and s.endswith("'") and len(s) >= 2:
        return s[1:-1].replace("''", "'")
    if s.startswith("[") and s.endswith("]"):
        return [_scalar(x) for x in _split_flow(s[1:-1])]
    if s.startswith("{") and s.endswith("}"):
        d = {}
        for item in _split_flow(s[1:-1]):
            k, _, v = item.partition(":")
            d[k.strip()] = _scalar(v)
        return d
    if s in ("null", "~", ""):
        return None
    if s in ("true", "false"):
        return s == "true"
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    return s


def _key_value(text):
    """Split 'key: value' (key unquoted); returns (key, rest) or None."""
    m = re.match(r"^([A-Za-z_][A-Za-z0-9_ -]*):(?:\s+(.*)|$)", text)
    if not m:
        return None
    return m.group(1), (m.group(2) or "")


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            lines.append(None if not raw.strip() else None)
            continue
        lines.append(raw.rstrip())
    rows = [(len(l) - len(l.lstrip(" ")), l.strip()) for l in lines if l is not None]
    value, i = _block(rows, 0, 0)
    if i != len(rows):
        raise ValueError("unparsed YAML from line %r" % (rows[i][1],))
    return value


def _block(rows, i, indent):
    if rows[i][1].startswith("- ") or rows[i][1] == "-":
        return _seq(rows, i, indent)
    return _map(rows, i, indent)


def _value_after(rows, i, indent, rest):
    if rest in (">-", ">", "|", "|-"):
        parts, j = [], i + 1
        while j < len(rows) and rows[j][0] > indent:
            parts.append(rows[j][1])
            j += 1
        joined = (" " if rest.startswith(">") else "\n").join(parts)
        return joined, j
    if rest == "":
        if i + 1 < len(rows) and rows[i + 1][0] > indent:
            return _block(rows, i + 1, rows[i + 1][0])
        return None, i + 1
    return _scalar(rest), i + 1


def _map(rows, i, indent, first=None):
    out = {}
    while i < len(rows) and rows[i][0] == indent and not rows[i][1].startswith("- "):
        kv = _key_value(rows[i][1])
        if kv is None:
            raise ValueError("bad mapping line %r" % rows[i][1])
        k, rest = kv
        if k in out:
            raise ValueError("duplicate key %r" % k)
        out[k], i = _value_after(rows, i, indent, rest)
    return out, i


def _seq(rows, i, indent):
    out = []
    while i < len(rows) and rows[i][0] == indent and (rows[i][1].startswith("- ") or rows[i][1] == "-"):
        item = rows[i][1][2:].strip()
        kv = _key_value(item) if not item[:1] in "\"'{[" else None
        if kv is not None:
            # mapping that starts on the dash line: re-indent it as a block
            sub_indent = indent + 2
            rows = rows[:i] + [(sub_indent, item)] + rows[i + 1:]
            val, i = _map(rows, i, sub_indent)
            out.append(val)
        else:
            out.append(_scalar(item))
            i += 1
    return out, i


# ---------------------------------------------------------------------------
# Plan checks
# ---------------------------------------------------------------------------

def check_evidence(items, where):
    if items is None:
        return
    if not check(isinstance(items, list), "%s: evidence must be a list" % where):
        return
    for it in items:
        if isinstance(it, str):
            check(bool(it.strip()), "%s: empty evidence string" % where)
        elif isinstance(it, dict):
            check(isinstance(it.get("text"), str) and it["text"].strip(), "%s: evidence mapping without text" % where)
            check(it.get("on", "state") in ON, "%s: bad 'on' value %r" % (where, it.get("on")))
            check(set(it) <= {"text", "on"}, "%s: unexpected keys %r" % (where, sorted(it)))
        else:
            check(False, "%s: evidence item of type %s" % (where, type(it).__name__))


def check_plan(path):
    name = os.path.relpath(path, HERE)
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    try:
        plan = load_yaml(text)
    except Exception as e:  # noqa: BLE001
        check(False, "%s: YAML subset reader failed: %s" % (name, e))
        return None
    try:
        import yaml  # optional cross-check
    except ImportError:
        yaml = None
    if yaml is not None:
        def norm(o):
            if isinstance(o, dict):
                return {("on" if k is True else k): norm(v) for k, v in o.items()}
            if isinstance(o, list):
                return [norm(x) for x in o]
            return o
        check(norm(yaml.safe_load(text)) == plan, "%s: PyYAML and the subset reader disagree" % name)
    check(isinstance(plan, dict), "%s: plan is not a mapping" % name)
    check(isinstance(plan.get("task"), str) and plan["task"].strip(), "%s: task missing" % name)
    pf = plan.get("plan_falsifiers") or {}
    check(isinstance(pf, dict) and set(pf) <= SCOPES, "%s: plan_falsifiers scopes %r" % (name, pf))
    for scope, items in pf.items():
        check_evidence(items, "%s plan_falsifiers.%s" % (name, scope))
    cms = plan.get("commitments")
    check(isinstance(cms, list) and cms, "%s: commitments missing" % name)
    ids = []
    for c in cms or []:
        cid = c.get("id")
        check(isinstance(cid, str) and cid, "%s: commitment without id" % name)
        ids.append(cid)
        check(isinstance(c.get("subgoal"), str) and c["subgoal"].strip(), "%s/%s: subgoal missing" % (name, cid))
        conf = c.get("confidence", 0.5)
        check(isinstance(conf, (int, float)) and 0 <= conf <= 1, "%s/%s: confidence %r" % (name, cid, conf))
        if "skill" in c:
            check(isinstance(c["skill"], str), "%s/%s: skill must be a string" % (name, cid))
        confirm = c.get("confirm") or {}
        falsify = c.get("falsify") or {}
        check(set(confirm) <= STAGES, "%s/%s: confirm stages %r" % (name, cid, sorted(confirm)))
        check(set(falsify) <= SCOPES, "%s/%s: falsify scopes %r" % (name, cid, sorted(falsify)))
        for k, v in confirm.items():
            check_evidence(v, "%s/%s confirm.%s" % (name, cid, k))
        for k, v in falsify.items():
            check_evidence(v, "%s/%s falsify.%s" % (name, cid, k))
        check(any(confirm.values()), "%s/%s: no confirming evidence at all" % (name, cid))
    check(len(ids) == len(set(ids)), "%s: duplicate commitment ids" % name)
    return plan


# ---------------------------------------------------------------------------
# Corpus checks
# ---------------------------------------------------------------------------

def check_obs(o, where):
    if not check(isinstance(o, dict), "%s: observation is not an object" % where):
        return
    for k in ("url", "title", "text", "error"):
        check(k in o, "%s: observation lacks %s" % (where, k))
    check(isinstance(o.get("url"), str) and o["url"].startswith("http"), "%s: url" % where)
    check(isinstance(o.get("title"), str) and o["title"], "%s: title" % where)
    check(o.get("error") is None or isinstance(o["error"], str), "%s: error must be null or string" % where)
    text = o.get("text") or ""
    lines = text.split("\n")
    check(lines[0].startswith("RootWebArea "), "%s: first line is not the RootWebArea" % where)
    bids = []
    for ln in lines[1:]:
        if not check(LINE_RE.match(ln), "%s: malformed AXTree line %r" % (where, ln)):
            break
        m = re.match(r"^\t*\[([^\]]+)\]", ln)
        if m:
            bids.append(m.group(1))
    check(len(bids) == len(set(bids)), "%s: duplicate bids in one page" % where)
    return set(bids)


def main():
    runs = []
    with open(CORPUS, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError as e:
                check(False, "corpus line %d: %s" % (n, e))
    plans = {}
    ids = set()
    per_wf = {}
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in r, "%s: missing field %s" % (rid, k))
        check(rid not in ids, "%s: duplicate id" % rid)
        ids.add(rid)
        per_wf.setdefault(r.get("workflow"), []).append(r)
        # plan
        plan = None
        if isinstance(r.get("plan"), str):
            ppath = os.path.join(HERE, r["plan"])
            if check(os.path.isfile(ppath), "%s: plan file %s does not exist" % (rid, r["plan"])):
                if ppath not in plans:
                    plans[ppath] = check_plan(ppath)
                plan = plans[ppath]
        elif isinstance(r.get("plan"), dict):
            plan = r["plan"]
        else:
            check(False, "%s: plan must be a path or an object" % rid)
        if plan:
            check(plan.get("task") == r.get("task"), "%s: task differs from the plan's task" % rid)
            check(os.path.basename(r["plan"]) == "%s.yaml" % r["workflow"], "%s: plan is not plans/<workflow>.yaml" % rid)
        cm_ids = {c.get("id") for c in (plan or {}).get("commitments", [])}
        # label / outcome
        lab = r.get("label") or {}
        steps = r.get("steps") or []
        check("fault" in lab and "first_off_track_step" in lab, "%s: label fields" % rid)
        fault, fstep = lab.get("fault"), lab.get("first_off_track_step")
        succ = (r.get("outcome") or {}).get("success")
        check(isinstance(succ, bool), "%s: outcome.success must be a bool" % rid)
        if fault is None:
            check(fstep is None, "%s: healthy run with a fault step" % rid)
            check(succ is True, "%s: healthy run that did not succeed" % rid)
            check("healthy" in rid, "%s: healthy run id does not say so" % rid)
        else:
            check(isinstance(fault, str) and fault, "%s: fault must be a non-empty string" % rid)
            check(isinstance(fstep, int) and 0 <= fstep < len(steps), "%s: fault step %r out of range" % (rid, fstep))
            check(succ is False, "%s: faulty run marked successful" % rid)
            check(fault in rid, "%s: id does not name its fault %s" % (rid, fault))
        # observations and actions
        prev_bids = check_obs(r.get("initial_observation"), "%s initial" % rid)
        check(steps, "%s: no steps" % rid)
        for i, s in enumerate(steps):
            where = "%s step %d" % (rid, i)
            a = s.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                check(k in a, "%s: action lacks %s" % (where, k))
            check(a.get("effect") in EFFECTS, "%s: effect %r" % (where, a.get("effect")))
            check(isinstance(a.get("command"), str) and a["command"].endswith(")"), "%s: command" % where)
            check(a.get("target") is None or isinstance(a["target"], str), "%s: target" % where)
            m = CMD_BID_RE.match(a.get("command", ""))
            if m:
                check(prev_bids is not None and m.group(1) in prev_bids,
                      "%s: command uses bid %s absent from the page it acts on" % (where, m.group(1)))
                check(isinstance(a.get("target"), str), "%s: element action without target" % where)
            if "commitment" in s:
                check(s["commitment"] in cm_ids, "%s: unknown commitment %r" % (where, s["commitment"]))
            prev_bids = check_obs(s.get("observation"), where)
        check(steps and steps[-1]["action"]["command"].startswith("send_msg_to_user("),
              "%s: run does not end with a report to the user" % rid)
    # corpus-level expectations from the brief
    check(len(runs) == 20, "expected 20 runs, found %d" % len(runs))
    check(len(per_wf) == 2, "expected 2 workflows, found %r" % sorted(per_wf))
    healthy = [r for r in runs if (r.get("label") or {}).get("fault") is None]
    check(len(healthy) == 8, "expected 8 healthy runs, found %d" % len(healthy))
    kinds = [r["label"]["fault"] for r in runs if r["label"]["fault"]]
    check(len(kinds) == 12 and len(set(kinds)) == 12, "expected 12 faulty runs of 12 kinds, found %r" % kinds)
    for wf, rs in per_wf.items():
        check(8 <= len(rs) <= 12, "workflow %s has %d runs" % (wf, len(rs)))
        check(any(r["label"]["fault"] is None for r in rs), "workflow %s has no healthy run" % wf)
        check(os.path.isfile(os.path.join(HERE, "plans", wf + ".yaml")), "no plan for workflow %s" % wf)
    # README table agrees with the labels
    readme = os.path.join(HERE, "README.md")
    if check(os.path.isfile(readme), "README.md missing"):
        with open(readme, encoding="utf-8") as fh:
            md = fh.read()
        for r in runs:
            lab = r["label"]
            step = "—" if lab["first_off_track_step"] is None else str(lab["first_off_track_step"])
            row = "| `%s` | %s | %s | %s |" % (r["id"], r["workflow"], lab["fault"] or "healthy", step)
            check(row in md, "README table row for %s is missing or disagrees" % r["id"])
    if failures:
        for f in failures[:50]:
            print("FAIL:", f)
        print("%d check(s) failed" % len(failures))
        return 1
    n_steps = sum(len(r["steps"]) for r in runs)
    print("ok: %d runs (%d healthy, %d faulty), %d steps, %d plans"
          % (len(runs), len(healthy), len(runs) - len(healthy), n_steps, len(plans)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
