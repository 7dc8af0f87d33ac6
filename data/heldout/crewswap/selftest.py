#!/usr/bin/env python3
"""Validate the crewswap corpus and plan against the fcpkit format contract.

Checks: required fields and types, label rules, outcome/label agreement, that every
element action's bid exists on the page it acted on (with the role and name the
action's target names), that selected options exist, that step commitments are plan
commitment ids, the plan's structure, and that make_corpus.py is byte-for-byte
reproducible. Standard library only.
"""
import ast
import filecmp
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EFFECTS = {"read", "write", "irreversible"}
ON = {"state", "action", "both"}
CONFIRM_STAGES = {"precondition", "progress", "completion"}
FALSIFY_SCOPES = {"execution", "skill", "planning"}
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_filter",
                   "session_expired", "permission_denied", "premature_success",
                   "skipped_step", "dialog_mishandled", "legality_failed"}
NODE_RE = re.compile(r"^(\t*)\[(\w+)\] (\w+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
TEXT_RE = re.compile(r"^\t*StaticText ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")$")
BID_CMD = re.compile(r"^(click|dblclick|hover|fill|select_option|press|check|uncheck|focus|clear)"
                     r"\('([^']+)'(?:, (.*))?\)$")
OTHER_CMD = re.compile(r"^(send_msg_to_user|goto|go_back|go_forward|noop|scroll)\(.*\)$", re.S)

errors = []


def err(msg):
    errors.append(msg)


# ---------------------------------------------------------------------------
# Minimal YAML reader for the block subset the plan uses
# ---------------------------------------------------------------------------
def scalar(s):
    s = s.strip()
    if s == "[]":
        return []
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("{") and s.endswith("}"):
        m = re.match(r'^\{text: (".*"), on: (\w+)\}$', s)
        if not m:
            raise ValueError("bad flow mapping: " + s)
        return {"text": json.loads(m.group(1)), "on": m.group(2)}
    try:
        return float(s) if "." in s else int(s)
    except ValueError:
        return s


def parse_yaml(text):
    lines = [ln for ln in text.split("\n") if ln.strip() and not ln.lstrip().startswith("#")]
    pos = [0]

    def indent(ln):
        return len(ln) - len(ln.lstrip(" "))

    def block(ind):
        ln = lines[pos[0]]
        if ln.strip().startswith("- "):
            out = []
            while pos[0] < len(lines) and indent(lines[pos[0]]) == ind and \
                    lines[pos[0]].strip().startswith("- "):
                body = lines[pos[0]].strip()[2:]
                if re.match(r"^[\w-]+:( |$)", body) and not body.startswith('"'):
                    # mapping item: rewrite the line as a key line at ind+2
                    lines[pos[0]] = " " * (ind + 2) + body
                    out.append(mapping(ind + 2))
                else:
                    out.append(scalar(body))
                    pos[0] += 1
            return out
        return mapping(ind)

    def mapping(ind):
        out = {}
        while pos[0] < len(lines) and indent(lines[pos[0]]) == ind and \
                not lines[pos[0]].strip().startswith("- "):
            key, _, rest = lines[pos[0]].strip().partition(":")
            pos[0] += 1
            if rest.strip():
                out[key] = scalar(rest)
            else:
                nxt = lines[pos[0]]
                out[key] = block(indent(nxt))
        return out

    result = mapping(0)
    if pos[0] != len(lines):
        raise ValueError("unparsed plan line: %r" % lines[pos[0]])
    return result


def check_evidence(items, where):
    if not isinstance(items, list):
        err("%s: not a list" % where)
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                err("%s: empty evidence" % where)
        elif isinstance(it, dict):
            if set(it) != {"text", "on"} or it["on"] not in ON or not it["text"]:
                err("%s: bad evidence mapping %r" % (where, it))
        else:
            err("%s: bad evidence %r" % (where, it))


def check_plan(path):
    with open(path, encoding="utf-8") as f:
        plan = parse_yaml(f.read())
    for k in ("task", "commitments"):
        if k not in plan:
            err("plan: missing %s" % k)
    for scope, items in plan.get("plan_falsifiers", {}).items():
        if scope not in FALSIFY_SCOPES:
            err("plan_falsifiers: bad scope %s" % scope)
        check_evidence(items, "plan_falsifiers.%s" % scope)
    ids = []
    for c in plan["commitments"]:
        cid = c.get("id")
        ids.append(cid)
        for k in ("id", "subgoal"):
            if not c.get(k):
                err("commitment %s: missing %s" % (cid, k))
        conf = c.get("confidence", 0.5)
        if not (isinstance(conf, (int, float)) and 0 <= conf <= 1):
            err("commitment %s: confidence %r" % (cid, conf))
        for stage, items in c.get("confirm", {}).items():
            if stage not in CONFIRM_STAGES:
                err("commitment %s: bad confirm stage %s" % (cid, stage))
            check_evidence(items, "%s.confirm.%s" % (cid, stage))
        for scope, items in c.get("falsify", {}).items():
            if scope not in FALSIFY_SCOPES:
                err("commitment %s: bad falsify scope %s" % (cid, scope))
            check_evidence(items, "%s.falsify.%s" % (cid, scope))
    if len(set(ids)) != len(ids):
        err("plan: duplicate commitment ids")
    return plan, set(ids)


# ---------------------------------------------------------------------------
# Observations and actions
# ---------------------------------------------------------------------------
def parse_tree(text, where):
    nodes = {}
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        err("%s: first line is not RootWebArea" % where)
    for ln in lines[1:]:
        m = NODE_RE.match(ln)
        if m:
            bid = m.group(2)
            if bid in nodes:
                err("%s: duplicate bid %s" % (where, bid))
            nodes[bid] = (m.group(3), ast.literal_eval(m.group(4)), ln)  # repr-quoted name
        elif not TEXT_RE.match(ln):
            err("%s: malformed tree line %r" % (where, ln))
    return nodes


def check_obs(o, where):
    if not isinstance(o, dict):
        err("%s: observation is not an object" % where)
        return {}
    for k in ("url", "title", "text"):
        if not isinstance(o.get(k), str) or not o.get(k):
            err("%s: observation.%s missing" % (where, k))
    if "error" not in o or not (o["error"] is None or isinstance(o["error"], str)):
        err("%s: observation.error must be null or string" % where)
    return parse_tree(o.get("text", ""), where)


def check_action(a, nodes, page_text, where):
    for k in ("command", "reasoning", "target", "effect"):
        if not isinstance(a.get(k), str) or not a.get(k):
            err("%s: action.%s missing" % (where, k))
    if a.get("effect") not in EFFECTS:
        err("%s: bad effect %r" % (where, a.get("effect")))
    cmd = a.get("command", "")
    m = BID_CMD.match(cmd)
    if m:
        verb, bid, rest = m.groups()
        if bid not in nodes:
            err("%s: bid %s not on the page acted on" % (where, bid))
            return
        role, name, line = nodes[bid]
        if a.get("target") != "%s %r" % (role, name):
            err("%s: target %r does not match node %s %r" % (where, a.get("target"), role, name))
        if verb == "select_option":
            opt = ast.literal_eval(rest)
            idx = page_text.split("\n").index(line)
            depth = len(line) - len(line.lstrip("\t"))
            opts = []
            for ln in page_text.split("\n")[idx + 1:]:
                if len(ln) - len(ln.lstrip("\t")) <= depth:
                    break
                mm = NODE_RE.match(ln)
                if mm and mm.group(3) == "option":
                    opts.append(ast.literal_eval(mm.group(4)))
            if opt not in opts:
                err("%s: option %r not offered by %s" % (where, opt, bid))
            if role != "combobox":
                err("%s: select_option on a %s" % (where, role))
        if verb == "fill" and role not in ("textbox", "searchbox", "combobox"):
            err("%s: fill on a %s" % (where, role))
    elif not OTHER_CMD.match(cmd):
        err("%s: unrecognised command %r" % (where, cmd))


def main():
    with open(CORPUS, encoding="utf-8") as f:
        raw = [ln for ln in f.read().split("\n") if ln.strip()]
    runs = []
    for i, ln in enumerate(raw):
        try:
            runs.append(json.loads(ln))
        except ValueError as e:
            err("line %d: %s" % (i + 1, e))
    if len(runs) != 20:
        err("expected 20 runs, found %d" % len(runs))
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        err("duplicate run ids")

    plans = {}
    healthy = faulty = 0
    faults = set()
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps",
                  "outcome"):
            if k not in r:
                err("%s: missing %s" % (rid, k))
        if r.get("workflow") != "crewswap":
            err("%s: workflow %r" % (rid, r.get("workflow")))
        plan_ref = r.get("plan")
        if isinstance(plan_ref, str):
            ppath = os.path.join(os.path.dirname(CORPUS), plan_ref)
            if not os.path.isfile(ppath):
                err("%s: plan %s not found" % (rid, plan_ref))
                continue
            if ppath not in plans:
                plans[ppath] = check_plan(ppath)
            plan, cids = plans[ppath]
            if plan.get("task") != r.get("task"):
                err("%s: task differs from the plan's task" % rid)
        else:
            err("%s: plan should be a path" % rid)
            continue
        steps = r.get("steps", [])
        if not isinstance(steps, list) or not steps:
            err("%s: no steps" % rid)
            continue
        label = r.get("label", {})
        fault, off = label.get("fault", "missing"), label.get("first_off_track_step", "missing")
        success = r.get("outcome", {}).get("success")
        if not isinstance(success, bool):
            err("%s: outcome.success must be bool" % rid)
        if fault is None:
            healthy += 1
            if off is not None:
                err("%s: healthy run with first_off_track_step %r" % (rid, off))
            if success is not True:
                err("%s: healthy run not successful" % rid)
        else:
            faulty += 1
            faults.add(fault)
            if not isinstance(fault, str):
                err("%s: fault must be string or null" % rid)
            if not (isinstance(off, int) and not isinstance(off, bool) and 0 <= off < len(steps)):
                err("%s: first_off_track_step %r out of range" % (rid, off))
            if success is not False:
                err("%s: faulty run marked successful" % rid)
        page = r.get("initial_observation", {})
        nodes = check_obs(page, "%s initial" % rid)
        for i, s in enumerate(steps):
            where = "%s step %d" % (rid, i)
            if "commitment" in s and s["commitment"] not in cids:
                err("%s: unknown commitment %r" % (where, s["commitment"]))
            check_action(s.get("action", {}), nodes, page.get("text", ""), where)
            page = s.get("observation", {})
            nodes = check_obs(page, where)
        last = steps[-1]["observation"]["text"]
        if fault is None:
            if "Swap request SW-4417 approved." not in last or "Reason: Mutual swap" not in last:
                err("%s: healthy run does not end on the approved SW-4417 page" % rid)
            if not any(s["action"]["effect"] == "irreversible" for s in steps):
                err("%s: healthy run has no irreversible action" % rid)
    if healthy != 8 or faulty != 12:
        err("expected 8 healthy and 12 faulty runs, found %d and %d" % (healthy, faulty))
    missing = REQUIRED_FAULTS - faults
    if missing:
        err("fault kinds not covered: %s" % sorted(missing))

    # determinism: regenerate twice into scratch folders and compare bytes
    with tempfile.TemporaryDirectory() as t1, tempfile.TemporaryDirectory() as t2:
        for t in (t1, t2):
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), t],
                           check=True, stdout=subprocess.DEVNULL)
        for rel in ("corpus.jsonl", os.path.join("plans", "crewswap.yaml")):
            a, b, c = os.path.join(t1, rel), os.path.join(t2, rel), os.path.join(HERE, rel)
            if not (filecmp.cmp(a, b, shallow=False) and filecmp.cmp(a, c, shallow=False)):
                err("make_corpus.py is not reproducible for %s" % rel)

    if errors:
        for e in errors:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        sys.exit(1)
    print("selftest OK: %d runs (%d healthy, %d faulty), %d fault kinds, plan %s" % (
        len(runs), healthy, faulty, len(faults), ", ".join(sorted(plans[next(iter(plans))][1]))))


if __name__ == "__main__":
    main()
