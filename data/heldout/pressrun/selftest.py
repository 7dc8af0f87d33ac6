#!/usr/bin/env python3
"""Validate the PressRun corpus and plan against the fcpkit format contract.

Checks: required fields and types, labels, counts (8 healthy / 12 faulty), that every
action's bid exists on the page it was taken on (the previous observation) with the
stated role and name, that observations are well-formed AX trees, that the plan
parses and is well-formed, and that make_corpus.py is byte-for-byte deterministic.
Python 3 standard library only. Exit status 0 on success.
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
ON = {"state", "action", "both"}
EXPECTED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_constraint", "stale_filter",
                   "error_page", "permission_denied", "premature_success", "skipped_step",
                   "dialog_mishandled", "session_expired"}
BID_CMDS = re.compile(r"^(click|dblclick|hover|fill|select_option|check|uncheck|press|focus|clear)\(\s*'([^']+)'")
KNOWN_CMDS = re.compile(r"^(click|dblclick|hover|fill|select_option|check|uncheck|press|focus|clear|"
                        r"send_msg_to_user|go_back|go_forward|goto|scroll|noop)\(")
NODE = re.compile(r"^(\t*)\[([^\]]+)\] (\S+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(, .*)?$")
TEXT = re.compile(r"^(\t*)(StaticText|LineBreak) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")$")

errors = []


def err(msg):
    errors.append(msg)


# ---------------------------------------------------------------------------
# Minimal YAML reader for the block-style subset the plan uses
# ---------------------------------------------------------------------------

def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        s = raw.strip()
        if not s or s.startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation: " + raw)
        lines.append([len(raw) - len(raw.lstrip(" ")), s])
    pos = [0]

    def scalar(s):
        if s.startswith('"'):
            return json.loads(s)
        if s.startswith("'"):
            return s[1:-1].replace("''", "'")
        if s in ("null", "~"):
            return None
        if s in ("true", "false"):
            return s == "true"
        if s == "[]":
            return []
        if s == "{}":
            return {}
        if re.fullmatch(r"-?\d+", s):
            return int(s)
        if re.fullmatch(r"-?\d+\.\d*", s):
            return float(s)
        if ": " in s or s.endswith(":"):
            raise ValueError("unquoted colon in scalar: " + s)
        return s

    def block():
        ind, s = lines[pos[0]]
        return seq(ind) if (s == "-" or s.startswith("- ")) else mapping(ind)

    def mapping(ind):
        d = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and not lines[pos[0]][1].startswith("- "):
            s = lines[pos[0]][1]
            m = re.match(r"^([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$", s)
            if not m:
                raise ValueError("bad mapping line: " + s)
            key, rest = m.group(1), (m.group(2) or "").strip()
            if key in d:
                raise ValueError("duplicate key: " + key)
            pos[0] += 1
            if rest:
                d[key] = scalar(rest)
            elif pos[0] < len(lines) and lines[pos[0]][0] > ind:
                d[key] = block()
            else:
                d[key] = None
        if pos[0] < len(lines) and lines[pos[0]][0] > ind:
            raise ValueError("unexpected indentation: " + lines[pos[0]][1])
        return d

    def seq(ind):
        items = []
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
            s = lines[pos[0]][1][2:].strip()
            if re.match(r"^[A-Za-z_][A-Za-z0-9_-]*:( |$)", s):
                lines[pos[0]] = [ind + 2, s]
                items.append(mapping(ind + 2))
            else:
                pos[0] += 1
                items.append(scalar(s))
        return items

    out = block()
    if pos[0] != len(lines):
        raise ValueError("trailing content at: " + lines[pos[0]][1])
    return out


def check_evidence(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        err("{}: evidence must be a list".format(where))
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                err("{}: empty evidence string".format(where))
        elif isinstance(it, dict):
            if set(it) - {"text", "on"} or not isinstance(it.get("text"), str):
                err("{}: bad evidence mapping {}".format(where, it))
            if it.get("on", "state") not in ON:
                err("{}: bad 'on' value {}".format(where, it.get("on")))
        else:
            err("{}: evidence item of type {}".format(where, type(it).__name__))


def check_plan(path):
    with open(path, encoding="utf-8") as f:
        plan = parse_yaml(f.read())
    if not isinstance(plan.get("task"), str):
        err("plan: task missing")
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in ("execution", "skill", "planning"):
            err("plan: unknown plan_falsifiers scope " + scope)
        check_evidence("plan_falsifiers." + scope, items)
    ids = []
    for c in plan.get("commitments") or []:
        cid = c.get("id")
        ids.append(cid)
        if not cid or not isinstance(c.get("subgoal"), str):
            err("plan: commitment without id/subgoal: {}".format(c))
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            err("plan: {} confidence out of range".format(cid))
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in ("precondition", "progress", "completion"):
                err("plan: {} unknown confirm stage {}".format(cid, stage))
            check_evidence("{}.confirm.{}".format(cid, stage), items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in ("execution", "skill", "planning"):
                err("plan: {} unknown falsify scope {}".format(cid, scope))
            check_evidence("{}.falsify.{}".format(cid, scope), items)
    if len(ids) != len(set(ids)) or not ids:
        err("plan: commitment ids missing or not unique")
    has_action = any(isinstance(it, dict) and it.get("on") == "action"
                     for c in plan["commitments"] for items in (c.get("falsify") or {}).values() for it in items)
    if not has_action:
        err("plan: no action falsifiers")
    return plan, set(ids)


# ---------------------------------------------------------------------------
# Corpus
# ---------------------------------------------------------------------------

def parse_tree(where, obs):
    """Return {bid: (role, name)} for an observation; report malformed lines."""
    nodes = {}
    lines = obs["text"].split("\n")
    m = re.match(r"^RootWebArea ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"), focused$", lines[0])
    if not m:
        err("{}: first line is not a RootWebArea".format(where))
    elif eval(m.group(1)) != obs["title"]:  # names are Python-repr quoted, as BrowserGym writes them
        err("{}: RootWebArea name differs from title".format(where))
    depth = 0
    for ln in lines[1:]:
        n = NODE.match(ln)
        t = TEXT.match(ln)
        if n:
            d = len(n.group(1))
            bid = n.group(2)
            if bid in nodes:
                err("{}: duplicate bid {}".format(where, bid))
            nodes[bid] = (n.group(3), eval(n.group(4)))
        elif t:
            d = len(t.group(1))
        else:
            err("{}: malformed line {!r}".format(where, ln))
            continue
        if d < 1 or d > depth + 1:
            err("{}: bad indentation {!r}".format(where, ln))
        depth = d
    return nodes


def check_obs(where, obs):
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            err("{}: observation lacks {}".format(where, k))
            return {}
    if not obs["url"].startswith("http"):
        err("{}: url".format(where))
    return parse_tree(where, obs)


def check_corpus(plan_ids):
    runs = []
    with open(CORPUS, encoding="utf-8") as f:
        for i, line in enumerate(f):
            try:
                runs.append(json.loads(line))
            except ValueError as e:
                err("line {}: not JSON ({})".format(i + 1, e))
    if len(runs) != 20:
        err("expected 20 runs, found {}".format(len(runs)))
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        err("run ids are not unique")
    healthy = faulty = 0
    faults = {}
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err("{}: missing {}".format(rid, k))
        if r.get("workflow") != "pressrun":
            err("{}: workflow".format(rid))
        if not os.path.isfile(os.path.join(HERE, r.get("plan", ""))):
            err("{}: plan path does not resolve".format(rid))
        steps = r.get("steps") or []
        if not steps:
            err("{}: no steps".format(rid))
        label = r.get("label") or {}
        fault, first = label.get("fault", "missing"), label.get("first_off_track_step", "missing")
        success = (r.get("outcome") or {}).get("success")
        if not isinstance(success, bool):
            err("{}: outcome.success must be bool".format(rid))
        if fault is None:
            healthy += 1
            if first is not None:
                err("{}: healthy run with first_off_track_step".format(rid))
            if success is not True:
                err("{}: healthy run not successful".format(rid))
        else:
            faulty += 1
            faults.setdefault(fault, []).append(first)
            if not isinstance(fault, str) or not fault:
                err("{}: fault must be a non-empty string".format(rid))
            if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < len(steps):
                err("{}: first_off_track_step {} out of range".format(rid, first))
            if success is not False:
                err("{}: faulty run marked successful".format(rid))
            if not rid.startswith("pressrun-{}-".format(fault)):
                err("{}: id does not carry the fault class".format(rid))
        prev = r["initial_observation"]
        prev_nodes = check_obs(rid + " initial", prev)
        for i, st in enumerate(steps):
            where = "{} step {}".format(rid, i)
            a = st.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if not isinstance(a.get(k), str):
                    err("{}: action.{} missing".format(where, k))
            if a.get("effect") not in EFFECTS:
                err("{}: effect {}".format(where, a.get("effect")))
            if st.get("commitment") is not None and st["commitment"] not in plan_ids:
                err("{}: commitment {} not in plan".format(where, st["commitment"]))
            cmd = a.get("command", "")
            if not KNOWN_CMDS.match(cmd):
                err("{}: unknown command {}".format(where, cmd))
            m = BID_CMDS.match(cmd)
            if m:
                bid = m.group(2)
                if bid not in prev_nodes:
                    err("{}: bid {} not on the page acted on".format(where, bid))
                else:
                    role, name = prev_nodes[bid]
                    if a.get("target") != "{} {}".format(role, repr(name)):
                        err("{}: target {!r} does not match node {} {!r}".format(where, a.get("target"), role, name))
            obs = st.get("observation") or {}
            nodes = check_obs(where, obs)
            if cmd.startswith("send_msg_to_user") and obs != prev:
                err("{}: a message to the user changed the page".format(where))
            if fault is None and obs.get("error"):
                err("{}: healthy run with a browser error".format(where))
            prev, prev_nodes = obs, nodes
        if fault is None and not steps[-1]["action"]["command"].startswith("send_msg_to_user"):
            err("{}: healthy run does not report back".format(rid))
    if healthy != 8 or faulty != 12:
        err("expected 8 healthy / 12 faulty, found {} / {}".format(healthy, faulty))
    missing = EXPECTED_FAULTS - set(faults)
    if missing:
        err("fault classes not covered: {}".format(sorted(missing)))
    if not any(0 in v for v in faults.values()):
        err("no fault labelled at step 0 (visible on the start page)")
    return runs, faults


def digest(d):
    h = hashlib.sha256()
    for rel in ("corpus.jsonl", os.path.join("plans", "pressrun.yaml")):
        with open(os.path.join(d, rel), "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def check_determinism():
    here = digest(HERE)
    for _ in range(2):
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), tmp], check=True,
                           stdout=subprocess.DEVNULL, env=dict(os.environ, PYTHONHASHSEED="random"))
            if digest(tmp) != here:
                err("make_corpus.py is not reproducible (or corpus.jsonl is stale)")
                return


def main():
    plan, plan_ids = check_plan(os.path.join(HERE, "plans", "pressrun.yaml"))
    runs, faults = check_corpus(plan_ids)
    tasks = {r["task"] for r in runs}
    if tasks != {plan["task"]}:
        err("task text differs between runs and plan")
    check_determinism()
    if errors:
        for e in errors:
            print("FAIL:", e)
        print("{} problem(s)".format(len(errors)))
        return 1
    steps = sum(len(r["steps"]) for r in runs)
    print("OK: {} runs ({} steps), plan with {} commitments".format(len(runs), steps, len(plan_ids)))
    for k in sorted(faults):
        print("  {:<24} first_off_track_step {}".format(k, faults[k]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
