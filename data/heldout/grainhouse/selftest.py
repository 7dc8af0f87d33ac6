#!/usr/bin/env python3
"""Validate the Grainhouse corpus against the fcpkit format contract (FORMATS.md).

Checks: required fields and types, labels, plan loading and commitment references, that every
bid an action uses exists on the page the action was taken on (and that the recorded target is
that node), the flattened-AXTree line format, corpus composition, and that make_corpus.py is
byte-for-byte deterministic. Standard library only (uses PyYAML to cross-check the plan if it
happens to be installed). Exit status 0 on success.
"""
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")

EFFECTS = {"read", "write", "irreversible"}
ON_VALUES = {"state", "action", "both"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_no_op", "unrequested_filter", "permission_denied",
                   "session_expired", "premature_success", "skipped_step", "dialog_mishandled", "read_only_mode"}
LINE_RE = re.compile(r"^(\t*)(?:\[([A-Za-z0-9]+)\] )?([A-Za-z]+) '([^']*)'(?:, .+)?$")
BID_CMD_RE = re.compile(r"^(click|dblclick|hover|focus|clear|fill|press|select_option|check|uncheck)\('([^']+)'")
NOBID_CMD_RE = re.compile(r"^(send_msg_to_user|noop|go_back|go_forward|goto|scroll|report_infeasible)\(")

errors = []


def err(msg):
    errors.append(msg)


# ----------------------------------------------------------------------------- mini YAML
def _scalar(s):
    s = s.strip()
    if s == "":
        return None
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("["):
        return json.loads(s)
    if s.startswith("{"):
        inner = s[1:-1]
        out = {}
        for m in re.finditer(r'(\w+):\s*("(?:[^"\\]|\\.)*"|[^,]+)', inner):
            out[m.group(1)] = _scalar(m.group(2))
        return out
    if s in ("null", "~"):
        return None
    if s in ("true", "false"):
        return s == "true"
    try:
        return int(s)
    except ValueError:
        pass
    try:
        return float(s)
    except ValueError:
        pass
    return s


def mini_yaml(text):
    """Enough YAML for the plan file: block mappings/sequences, flow scalars, full-line comments."""
    lines = []
    for raw in text.split("\n"):
        if not raw.strip() or raw.strip().startswith("#"):
            continue
        lines.append((len(raw) - len(raw.lstrip(" ")), raw.strip()))
    pos = [0]

    def block(indent):
        if lines[pos[0]][1].startswith("- "):
            seq = []
            while pos[0] < len(lines) and lines[pos[0]][0] == indent and lines[pos[0]][1].startswith("- "):
                body = lines[pos[0]][1][2:]
                if re.match(r"^[\w-]+:( |$)", body):
                    # mapping item: rewrite the line as a key at indent+2
                    lines[pos[0]] = (indent + 2, body)
                    seq.append(block(indent + 2))
                else:
                    seq.append(_scalar(body))
                    pos[0] += 1
            return seq
        mp = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == indent and not lines[pos[0]][1].startswith("- "):
            key, _, rest = lines[pos[0]][1].partition(":")
            pos[0] += 1
            if rest.strip():
                mp[key] = _scalar(rest)
            elif pos[0] < len(lines) and lines[pos[0]][0] > indent:
                mp[key] = block(lines[pos[0]][0])
            else:
                mp[key] = None
        return mp

    return block(lines[0][0])


def _norm_on(x):
    """YAML 1.1 loaders (PyYAML) read a bare `on:` key as boolean True; map it back to "on"."""
    if isinstance(x, dict):
        return {("on" if k is True else k): _norm_on(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_norm_on(v) for v in x]
    return x


def load_plan(path):
    text = open(path, encoding="utf-8").read()
    plan = mini_yaml(text)
    try:
        import yaml  # optional cross-check
        ref = _norm_on(yaml.safe_load(text))
        if ref != plan:
            err("plan: mini parser and PyYAML disagree")
    except ImportError:
        pass
    return plan


def check_evidence(where, items):
    if items is None:
        return
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
            if it.get("on", "state") not in ON_VALUES:
                err("%s: bad 'on' value %r" % (where, it.get("on")))
        else:
            err("%s: evidence item of type %s" % (where, type(it).__name__))


def check_plan(plan, where):
    if not isinstance(plan, dict):
        err("%s: plan is not a mapping" % where)
        return set()
    if not isinstance(plan.get("task"), str):
        err("%s: plan.task missing" % where)
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in SCOPES:
            err("%s: plan_falsifiers scope %r" % (where, scope))
        check_evidence("%s plan_falsifiers.%s" % (where, scope), items)
    ids = set()
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        err("%s: no commitments" % where)
        return ids
    for c in cms:
        cid = c.get("id")
        if not isinstance(cid, str) or cid in ids:
            err("%s: missing or duplicate commitment id %r" % (where, cid))
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str):
            err("%s/%s: subgoal missing" % (where, cid))
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            err("%s/%s: confidence %r outside [0,1]" % (where, cid, k))
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                err("%s/%s: confirm stage %r" % (where, cid, stage))
            check_evidence("%s/%s confirm.%s" % (where, cid, stage), items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                err("%s/%s: falsify scope %r" % (where, cid, scope))
            check_evidence("%s/%s falsify.%s" % (where, cid, scope), items)
    return ids


# ----------------------------------------------------------------------------- pages
def parse_page(text, where):
    nodes = {}
    lines = text.split("\n")
    if not lines or not lines[0].startswith("RootWebArea '"):
        err("%s: first line is not RootWebArea" % where)
    for i, line in enumerate(lines):
        m = LINE_RE.match(line)
        if not m:
            err("%s: line %d not in AXTree format: %r" % (where, i, line[:80]))
            continue
        bid = m.group(2)
        if bid:
            if bid in nodes:
                err("%s: duplicate bid %s" % (where, bid))
            nodes[bid] = (m.group(3), m.group(4))
    return nodes


def check_obs(o, where):
    if not isinstance(o, dict):
        err("%s: observation is not an object" % where)
        return {}
    for k in ("url", "title", "text", "error"):
        if k not in o:
            err("%s: observation lacks %s" % (where, k))
    if not str(o.get("url", "")).startswith("http"):
        err("%s: bad url" % where)
    if o.get("error") is not None and not isinstance(o["error"], str):
        err("%s: error must be string or null" % where)
    nodes = parse_page(o.get("text", ""), where)
    first = o.get("text", "").split("\n")[0]
    if first != "RootWebArea '%s', focused" % o.get("title"):
        err("%s: title does not match RootWebArea" % where)
    return nodes


def check_action(a, page_nodes, where):
    for k in ("command", "reasoning", "target", "effect"):
        if k not in a:
            err("%s: action lacks %s" % (where, k))
    if a.get("effect") not in EFFECTS:
        err("%s: bad effect %r" % (where, a.get("effect")))
    cmd = a.get("command", "")
    m = BID_CMD_RE.match(cmd)
    if m:
        bid = m.group(2)
        if bid not in page_nodes:
            err("%s: bid %s not on the page acted on" % (where, bid))
            return
        role, name = page_nodes[bid]
        if a.get("target") != "%s '%s'" % (role, name):
            err("%s: target %r is not node [%s] %s '%s'" % (where, a.get("target"), bid, role, name))
        if m.group(1) == "select_option":
            if role not in ("combobox", "listbox"):
                err("%s: select_option on a %s" % (where, role))
    elif not NOBID_CMD_RE.match(cmd):
        err("%s: unrecognised command %r" % (where, cmd))


# ----------------------------------------------------------------------------- corpus
def check_corpus():
    raw = open(CORPUS, encoding="utf-8").read()
    if not raw.endswith("\n"):
        err("corpus: missing final newline")
    runs = []
    for n, line in enumerate(raw.split("\n")[:-1], 1):
        try:
            runs.append(json.loads(line))
        except ValueError as e:
            err("corpus line %d: %s" % (n, e))
    if len(runs) != 20:
        err("corpus: %d runs, expected 20" % len(runs))
    seen, plans, healthy, faulty, faults = set(), {}, 0, 0, {}
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err("%s: missing %s" % (rid, k))
        if rid in seen:
            err("%s: duplicate id" % rid)
        seen.add(rid)
        # plan
        p = r.get("plan")
        if isinstance(p, str):
            path = os.path.join(HERE, p)
            if not os.path.exists(path):
                err("%s: plan %s missing" % (rid, p))
                continue
            if p not in plans:
                plans[p] = (load_plan(path), None)
                plans[p] = (plans[p][0], check_plan(plans[p][0], p))
            plan, cids = plans[p]
        else:
            plan, cids = p, check_plan(p, rid)
        if plan.get("task") != r.get("task"):
            err("%s: task differs from plan.task" % rid)
        # label
        lab = r.get("label") or {}
        fault, fots = lab.get("fault"), lab.get("first_off_track_step")
        steps = r.get("steps") or []
        if not steps:
            err("%s: no steps" % rid)
        if fault is None:
            healthy += 1
            if fots is not None:
                err("%s: healthy run with first_off_track_step" % rid)
            if r.get("outcome", {}).get("success") is not True:
                err("%s: healthy run not successful" % rid)
        else:
            faulty += 1
            faults[fault] = faults.get(fault, 0) + 1
            if not isinstance(fots, int) or isinstance(fots, bool) or not 0 <= fots < len(steps):
                err("%s: first_off_track_step %r out of range" % (rid, fots))
            if r.get("outcome", {}).get("success") is not False:
                err("%s: faulty run marked successful" % rid)
        if not isinstance(r.get("outcome", {}).get("success"), bool):
            err("%s: outcome.success must be bool" % rid)
        # observations and actions
        page = check_obs(r.get("initial_observation"), "%s/initial" % rid)
        for i, s in enumerate(steps):
            if "commitment" in s and s["commitment"] not in cids:
                err("%s/step %d: unknown commitment %r" % (rid, i, s["commitment"]))
            check_action(s.get("action", {}), page, "%s/step %d" % (rid, i))
            page = check_obs(s.get("observation"), "%s/step %d" % (rid, i))
    if healthy != 8 or faulty != 12:
        err("corpus: %d healthy / %d faulty, expected 8 / 12" % (healthy, faulty))
    missing = REQUIRED_FAULTS - set(faults)
    if missing:
        err("corpus: fault kinds not covered: %s" % sorted(missing))
    # near misses must also appear on healthy pages (they are ordinary furniture)
    htext = "\n".join(s["observation"]["text"] for r in runs if r["label"]["fault"] is None for s in r["steps"])
    for nm in ("ST-24871", "ST-24818", "Dale Harlen", "Marta Ostrowska", "G-2208"):
        if nm not in htext:
            err("corpus: near miss %r never shown on a healthy page" % nm)
    # a step-0 label must be a fault already visible on the start page
    for r in runs:
        if r["label"]["first_off_track_step"] == 0 and "Site notice" not in r["initial_observation"]["text"]:
            err("%s: labelled 0 but the start page shows nothing" % r["id"])
    return runs, faults


def check_determinism():
    digests = []
    for _ in range(2):
        with tempfile.TemporaryDirectory() as d:
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", d], check=True,
                           stdout=subprocess.DEVNULL)
            h = hashlib.sha256()
            for rel in ("corpus.jsonl", "plans/grainhouse.yaml"):
                h.update(open(os.path.join(d, rel), "rb").read())
            digests.append(h.hexdigest())
    h = hashlib.sha256()
    for rel in ("corpus.jsonl", "plans/grainhouse.yaml"):
        h.update(open(os.path.join(HERE, rel), "rb").read())
    if not (digests[0] == digests[1] == h.hexdigest()):
        err("make_corpus.py is not byte-for-byte reproducible (or committed files are stale)")
    return h.hexdigest()


def main():
    runs, faults = check_corpus()
    digest = check_determinism()
    if errors:
        for e in errors[:50]:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        sys.exit(1)
    print("OK: %d runs (%d healthy, %d faulty), faults %s" % (
        len(runs), sum(1 for r in runs if r["label"]["fault"] is None),
        sum(1 for r in runs if r["label"]["fault"] is not None),
        ", ".join("%s=%d" % kv for kv in sorted(faults.items()))))
    print("OK: deterministic, sha256 %s" % digest[:16])


if __name__ == "__main__":
    main()
