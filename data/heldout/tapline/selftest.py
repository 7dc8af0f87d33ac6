#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow FORMATS.md.

Checks: required fields and types, unique run ids, label consistency (fault <-> step),
step indices in range, every run's plan file exists and parses, run task == plan task,
step commitments exist in the plan, evidence items well-formed, actions refer to bids that
exist on the page they were taken from, AXTree lines well-formed, counts (20 runs, 8 healthy,
12 faulty, 2 workflows), and that make_corpus.py regenerates byte-identical output.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FAILS = []


def check(cond, msg):
    if not cond:
        FAILS.append(msg)
    return cond


# ------------------------------------------------------------------ tiny YAML subset reader
def _strip_comment(s):
    out, q = [], None
    for i, ch in enumerate(s):
        if q:
            out.append(ch)
            if ch == q:
                q = None
            continue
        if ch in "\"'" and (i == 0 or s[i - 1] in " :-[,"):
            q = ch
        elif ch == "#" and (i == 0 or s[i - 1] == " "):
            break
        out.append(ch)
    return "".join(out).rstrip()


def _scalar(s):
    s = s.strip()
    if s == "":
        return None
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'"):
        return s[1:-1].replace("''", "'")
    if s.startswith("[") and s.endswith("]"):
        inner = s[1:-1].strip()
        return [] if not inner else [_scalar(x) for x in inner.split(",")]
    if s in ("null", "~"):
        return None
    if s in ("true", "false"):
        return s == "true"
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    return s


def _split_key(s):
    """'key: value' -> (key, value-or-''), else None. Keys may be quoted."""
    m = re.match(r'^("(?:[^"\\]|\\.)*"|\'[^\']*\'|[^\s"\'#][^:]*?)\s*:(?:\s+(.*)|$)', s)
    if not m:
        return None
    return _scalar(m.group(1)), (m.group(2) or "")


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        t = _strip_comment(raw)
        if t.strip():
            lines.append([len(t) - len(t.lstrip(" ")), t.strip()])
    pos = [0]

    def block(indent):
        if lines[pos[0]][1].startswith("- ") or lines[pos[0]][1] == "-":
            return seq(indent)
        return mapping(indent)

    def seq(indent):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == indent and lines[pos[0]][1].startswith("-"):
            rest = lines[pos[0]][1][1:].strip()
            if not rest:
                pos[0] += 1
                out.append(block(lines[pos[0]][0]))
            elif _split_key(rest) and not rest.startswith(('"', "'")) or (
                    rest.startswith('"on"') or rest.startswith("'on'")):
                lines[pos[0]] = [indent + 2, rest]
                out.append(mapping(indent + 2))
            else:
                out.append(_scalar(rest))
                pos[0] += 1
        return out

    def mapping(indent):
        out = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == indent:
            kv = _split_key(lines[pos[0]][1])
            if kv is None:
                raise ValueError("line %r is not a mapping entry" % lines[pos[0]][1])
            k, v = kv
            pos[0] += 1
            if v.strip():
                out[k] = _scalar(v)
            elif pos[0] < len(lines) and (lines[pos[0]][0] > indent or (
                    lines[pos[0]][0] == indent and lines[pos[0]][1].startswith("- "))):
                out[k] = block(lines[pos[0]][0])
            else:
                out[k] = None
        return out

    doc = block(lines[0][0])
    if pos[0] != len(lines):
        raise ValueError("unparsed YAML from line %r" % lines[pos[0]][1])
    return doc


# ------------------------------------------------------------------ plan checks
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}


def check_evidence(items, where):
    check(isinstance(items, list), "%s: evidence must be a list" % where)
    for it in items or []:
        if isinstance(it, str):
            check(it.strip() != "", "%s: empty evidence string" % where)
        elif isinstance(it, dict):
            check(isinstance(it.get("text"), str) and it["text"].strip(), "%s: mapping without text" % where)
            check(it.get("on", "state") in ("state", "action", "both"), "%s: bad 'on' %r" % (where, it.get("on")))
        else:
            check(False, "%s: evidence item of type %s" % (where, type(it).__name__))


def check_plan(plan, name):
    check(isinstance(plan, dict), name + ": plan is not a mapping")
    check(isinstance(plan.get("task"), str) and plan["task"], name + ": task missing")
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        check(scope in SCOPES, "%s: unknown plan_falsifiers scope %s" % (name, scope))
        check_evidence(items, "%s plan_falsifiers.%s" % (name, scope))
    comms = plan.get("commitments")
    check(isinstance(comms, list) and comms, name + ": commitments missing")
    ids = [c.get("id") for c in comms or []]
    check(len(ids) == len(set(ids)) and all(ids), name + ": commitment ids missing or not unique")
    for c in comms or []:
        where = "%s/%s" % (name, c.get("id"))
        check(isinstance(c.get("subgoal"), str) and c["subgoal"], where + ": subgoal missing")
        conf = c.get("confidence", 0.5)
        check(isinstance(conf, (int, float)) and 0 <= conf <= 1, where + ": confidence out of [0,1]")
        for stage, items in (c.get("confirm") or {}).items():
            check(stage in STAGES, "%s: unknown confirm stage %s" % (where, stage))
            check_evidence(items, "%s confirm.%s" % (where, stage))
        for scope, items in (c.get("falsify") or {}).items():
            check(scope in SCOPES, "%s: unknown falsify scope %s" % (where, scope))
            check_evidence(items, "%s falsify.%s" % (where, scope))
    return set(ids)


# ------------------------------------------------------------------ corpus checks
AX_LINE = re.compile(r"^(\t*)(\[a\d+\] [A-Za-z]+ (?:'.*'|\".*\")(?:, .+)?|StaticText (?:'.*'|\".*\"))$")
EFFECTS = {"read", "write", "irreversible"}
CMD = re.compile(r"^(click|fill|select_option|press|send_msg_to_user)\((.*)\)$", re.S)


def check_obs(o, where):
    if not check(isinstance(o, dict), where + ": observation not an object"):
        return set()
    for k in ("url", "title", "text", "error"):
        check(k in o, "%s: observation lacks %s" % (where, k))
    check(isinstance(o.get("text"), str) and o["text"], where + ": empty text")
    text_lines = (o.get("text") or "").split("\n")
    check(text_lines[0].startswith("RootWebArea "), where + ": first line is not RootWebArea")
    bids = set()
    prev_depth = 0
    for ln in text_lines[1:]:
        m = AX_LINE.match(ln)
        if not check(m is not None, "%s: malformed AXTree line %r" % (where, ln)):
            continue
        depth = len(m.group(1))
        check(1 <= depth <= prev_depth + 1, "%s: indentation jump at %r" % (where, ln))
        prev_depth = depth
        b = re.match(r"\t*\[(a\d+)\]", ln)
        if b:
            check(b.group(1) not in bids, "%s: duplicate bid %s" % (where, b.group(1)))
            bids.add(b.group(1))
    return bids


def main():
    corpus_path = os.path.join(HERE, "corpus.jsonl")
    records = []
    with open(corpus_path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            try:
                records.append(json.loads(line))
            except ValueError as e:
                check(False, "corpus line %d is not JSON: %s" % (n, e))
    plans = {}
    ids = set()
    for r in records:
        rid = r.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in r, "%s: missing field %s" % (rid, k))
        check(rid not in ids, "duplicate run id %s" % rid)
        ids.add(rid)
        # plan
        plan_rel = r.get("plan")
        if check(isinstance(plan_rel, str), "%s: plan should be a path" % rid):
            ppath = os.path.join(HERE, plan_rel)
            if check(os.path.isfile(ppath), "%s: plan %s missing" % (rid, plan_rel)):
                if ppath not in plans:
                    with open(ppath, encoding="utf-8") as fh:
                        plan = load_yaml(fh.read())
                    plans[ppath] = (plan, check_plan(plan, plan_rel))
                plan, cids = plans[ppath]
                check(plan.get("task") == r.get("task"), "%s: task differs from plan task" % rid)
                check(os.path.basename(plan_rel) == r.get("workflow") + ".yaml",
                      "%s: plan name does not match workflow" % rid)
        else:
            cids = set()
        # label
        lab = r.get("label") or {}
        fault, step = lab.get("fault"), lab.get("first_off_track_step")
        steps = r.get("steps") or []
        check(isinstance(steps, list) and steps, "%s: no steps" % rid)
        if fault is None:
            check(step is None, "%s: healthy run with a fault step" % rid)
            check(r.get("outcome", {}).get("success") is True, "%s: healthy run not successful" % rid)
        else:
            check(isinstance(fault, str) and fault, "%s: fault must be a non-empty string" % rid)
            check(isinstance(step, int) and 0 <= step < len(steps), "%s: fault step %r out of range" % (rid, step))
            check(r.get("outcome", {}).get("success") is False, "%s: faulty run marked successful" % rid)
        # observations and actions
        page_bids = check_obs(r.get("initial_observation"), rid + " initial")
        for i, s in enumerate(steps):
            where = "%s step %d" % (rid, i)
            a = s.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                check(k in a, "%s: action lacks %s" % (where, k))
            check(a.get("effect") in EFFECTS, "%s: bad effect %r" % (where, a.get("effect")))
            m = CMD.match(a.get("command") or "")
            if check(m is not None, "%s: unknown command %r" % (where, a.get("command"))):
                if m.group(1) != "send_msg_to_user":
                    bid = re.match(r"'(a\d+)'", m.group(2))
                    check(bid and bid.group(1) in page_bids,
                          "%s: command bid not on the page it was taken from" % where)
                    check(isinstance(a.get("target"), str) and a["target"], "%s: empty target" % where)
            if "commitment" in s:
                check(s["commitment"] in cids, "%s: unknown commitment %r" % (where, s["commitment"]))
            page_bids = check_obs(s.get("observation"), where)
    # corpus-level counts
    check(len(records) == 20, "expected 20 runs, found %d" % len(records))
    healthy = [r for r in records if (r.get("label") or {}).get("fault") is None]
    check(len(healthy) == 8, "expected 8 healthy runs, found %d" % len(healthy))
    check(len({r.get("workflow") for r in records}) == 2, "expected 2 workflows")
    kinds = [r["label"]["fault"] for r in records if r.get("label", {}).get("fault")]
    check(len(set(kinds)) == len(kinds), "fault kinds repeat: %s" % kinds)
    # optional cross-check against PyYAML when it happens to be installed
    try:
        import yaml  # noqa
        for ppath, (plan, _) in plans.items():
            with open(ppath, encoding="utf-8") as fh:
                check(yaml.safe_load(fh) == plan, "%s: stdlib reader disagrees with PyYAML" % ppath)
    except ImportError:
        pass
    # regeneration is deterministic
    with tempfile.TemporaryDirectory() as td:
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", td],
                       check=True, stdout=subprocess.DEVNULL)
        for rel in ["corpus.jsonl"] + ["plans/" + f for f in os.listdir(os.path.join(HERE, "plans"))]:
            with open(os.path.join(HERE, rel), "rb") as a, open(os.path.join(td, rel), "rb") as b:
                check(a.read() == b.read(), "%s differs after regeneration" % rel)
    if FAILS:
        for f in FAILS:
            print("FAIL:", f)
        print("%d problem(s)" % len(FAILS))
        return 1
    print("selftest OK: %d runs (%d healthy, %d faulty), %d plans, fault kinds: %s"
          % (len(records), len(healthy), len(records) - len(healthy), len(plans), ", ".join(sorted(kinds))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
