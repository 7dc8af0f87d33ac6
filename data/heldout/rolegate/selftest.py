#!/usr/bin/env python3
"""Self-test for the rolegate corpus: format contract, labels, bids, plan, determinism.

Standard library only (PyYAML, when installed, is used as a cross-check of the plan parser).
Run:  python3 make_corpus.py && python3 selftest.py
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EXPECT_RUNS, EXPECT_HEALTHY, EXPECT_FAULTY = 20, 8, 12
EFFECTS = {"read", "write", "irreversible"}
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_filter", "error_page",
                   "permission_denied", "premature_success", "skipped_step", "dialog_mishandled",
                   "session_lost", "stale_filter"}
LINE_RE = re.compile(r"^(\t*)(?:\[(?P<bid>[^\]]+)\] )?(?P<role>[A-Za-z]+) (?P<name>'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(?P<props>,.*)?$")
BID_ACTIONS = re.compile(r"^(click|dblclick|hover|fill|clear|focus|press|select_option|check|uncheck)\('([^']+)'(.*)\)$", re.S)
OTHER_ACTIONS = re.compile(r"^(send_msg_to_user|scroll|noop|goto|go_back|go_forward|report_infeasible)\(.*\)$", re.S)

failures = []


def fail(msg):
    failures.append(msg)


# ------------------------------------------------------------------ minimal YAML (plan subset)
def _split_flow(s):
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
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def _scalar(s):
    s = s.strip()
    if s == "":
        return None
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'"):
        return s[1:-1].replace("''", "'")
    if s.startswith("["):
        return [_scalar(x) for x in _split_flow(s[1:-1])]
    if s.startswith("{"):
        out = {}
        for part in _split_flow(s[1:-1]):
            k, v = part.split(":", 1)
            out[k.strip()] = _scalar(v)
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
        return s


def _key_value(content):
    m = re.match(r"^([A-Za-z_][\w-]*):(?:\s+(.*))?$", content)
    if not m:
        raise ValueError("not a key: %r" % content)
    return m.group(1), m.group(2)


def load_yaml_subset(text):
    lines = []
    for raw in text.split("\n"):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation")
        lines.append([len(raw) - len(raw.lstrip(" ")), raw.strip()])

    def block(i, indent):
        if lines[i][1].startswith("- "):
            return seq(i, indent)
        return mapping(i, indent)

    def seq(i, indent):
        out = []
        while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("- "):
            rest = lines[i][1][2:]
            if re.match(r"^[A-Za-z_][\w-]*:(\s|$)", rest):
                lines[i] = [indent + 2, rest]
                val, i = mapping(i, indent + 2)
            else:
                val, i = _scalar(rest), i + 1
            out.append(val)
        return out, i

    def mapping(i, indent):
        out = {}
        while i < len(lines) and lines[i][0] == indent and not lines[i][1].startswith("- "):
            k, v = _key_value(lines[i][1])
            if k in out:
                raise ValueError("duplicate key %r" % k)
            i += 1
            if v is None:
                if i < len(lines) and (lines[i][0] > indent or (lines[i][0] == indent and lines[i][1].startswith("- "))):
                    out[k], i = block(i, lines[i][0])
                else:
                    out[k] = None
            else:
                out[k] = _scalar(v)
        return out, i

    val, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError("unparsed line %d: %r" % (i, lines[i]))
    return val


# ------------------------------------------------------------------ plan checks
def check_plan(path):
    text = open(path, encoding="utf-8").read()
    plan = load_yaml_subset(text)
    try:
        import yaml  # optional cross-check

        def norm(x):  # YAML 1.1 loaders read a bare `on:` key as boolean True; the contract means "on"
            if isinstance(x, dict):
                return {("on" if k is True else k): norm(v) for k, v in x.items()}
            if isinstance(x, list):
                return [norm(v) for v in x]
            return x
        if norm(yaml.safe_load(text)) != plan:
            fail("plan: mini parser and PyYAML disagree")
    except ImportError:
        pass
    for k in ("task", "commitments"):
        if k not in plan:
            fail("plan: missing %s" % k)
    ids = [c.get("id") for c in plan["commitments"]]
    if len(set(ids)) != len(ids) or None in ids:
        fail("plan: commitment ids missing or not unique: %r" % ids)

    def check_items(where, items):
        if items is None:
            return
        if not isinstance(items, list):
            fail("%s: not a list" % where)
            return
        for it in items:
            if isinstance(it, str):
                if not it.strip():
                    fail("%s: empty evidence" % where)
            elif isinstance(it, dict):
                if not isinstance(it.get("text"), str) or not it["text"].strip():
                    fail("%s: mapping evidence without text" % where)
                if it.get("on", "state") not in ("state", "action", "both"):
                    fail("%s: bad on=%r" % (where, it.get("on")))
                extra = set(it) - {"text", "on"}
                if extra:
                    fail("%s: unknown evidence keys %r" % (where, extra))
            else:
                fail("%s: bad evidence item %r" % (where, it))

    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in ("execution", "skill", "planning"):
            fail("plan_falsifiers: bad scope %r" % scope)
        check_items("plan_falsifiers.%s" % scope, items)
    if not any("Sign in to Portcullis" in (x if isinstance(x, str) else x["text"])
               for x in (plan.get("plan_falsifiers") or {}).get("execution", [])):
        fail("plan: no plan-level falsifier naming the sign-in page")
    for c in plan["commitments"]:
        cid = c.get("id")
        if not c.get("subgoal"):
            fail("plan %s: no subgoal" % cid)
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail("plan %s: confidence out of range" % cid)
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in ("precondition", "progress", "completion"):
                fail("plan %s: bad confirm stage %r" % (cid, stage))
            check_items("plan %s confirm.%s" % (cid, stage), items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in ("execution", "skill", "planning"):
                fail("plan %s: bad falsify scope %r" % (cid, scope))
            check_items("plan %s falsify.%s" % (cid, scope), items)
    n_action = sum(1 for c in plan["commitments"] for items in (c.get("falsify") or {}).values()
                   for it in (items or []) if isinstance(it, dict) and it.get("on") == "action")
    if n_action == 0:
        fail("plan: no action falsifiers")
    return plan


# ------------------------------------------------------------------ page parsing
def parse_page(text, where):
    nodes = {}
    lines = text.split("\n")
    if not lines or not lines[0].startswith("RootWebArea "):
        fail("%s: first line is not RootWebArea" % where)
    for idx, line in enumerate(lines[1:], 1):
        m = LINE_RE.match(line)
        if not m:
            fail("%s: malformed AXTree line %r" % (where, line))
            continue
        bid = m.group("bid")
        if m.group("role") == "StaticText":
            if bid:
                fail("%s: StaticText with bid" % where)
            continue
        if not bid:
            fail("%s: node without bid %r" % (where, line))
            continue
        if bid in nodes:
            fail("%s: duplicate bid %s" % (where, bid))
        nodes[bid] = {"role": m.group("role"), "name": eval(m.group("name")), "depth": len(m.group(1)),
                      "line": idx}
    return nodes, lines


def options_of(lines, nodes, bid):
    start = nodes[bid]["line"]
    depth = nodes[bid]["depth"]
    opts = []
    for line in lines[start + 1:]:
        m = LINE_RE.match(line)
        if not m or len(m.group(1)) <= depth:
            break
        if m.group("role") == "option":
            opts.append(eval(m.group("name")))
    return opts


def check_obs(obs, where):
    if not isinstance(obs, dict):
        fail("%s: observation not an object" % where)
        return {}, []
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            fail("%s: observation missing %s" % (where, k))
    if not str(obs.get("url", "")).startswith("http"):
        fail("%s: bad url" % where)
    if obs.get("error") is not None and not isinstance(obs.get("error"), str):
        fail("%s: error must be string or null" % where)
    if ("RootWebArea %r" % obs.get("title")) not in obs.get("text", "").split("\n")[0]:
        fail("%s: title does not match RootWebArea" % where)
    return parse_page(obs.get("text", ""), where)


# ------------------------------------------------------------------ corpus checks
def check_corpus(plan):
    raw = open(CORPUS, encoding="utf-8").read()
    if not raw.endswith("\n"):
        fail("corpus: no trailing newline")
    runs = [json.loads(l) for l in raw.split("\n") if l.strip()]
    if len(runs) != EXPECT_RUNS:
        fail("corpus: %d runs, expected %d" % (len(runs), EXPECT_RUNS))
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        fail("corpus: duplicate ids")
    plan_ids = {c["id"] for c in plan["commitments"]}
    healthy = faulty = 0
    faults = {}
    for r in runs:
        rid = r.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail("%s: missing %s" % (rid, k))
        if r.get("workflow") != "rolegate":
            fail("%s: workflow %r" % (rid, r.get("workflow")))
        if r.get("task") != plan["task"]:
            fail("%s: task differs from the plan's task" % rid)
        if not isinstance(r.get("plan"), str) or not os.path.exists(os.path.join(HERE, r["plan"])):
            fail("%s: plan path does not resolve" % rid)
        steps = r.get("steps") or []
        if not steps:
            fail("%s: no steps" % rid)
        label = r.get("label") or {}
        fault, first = label.get("fault", "MISSING"), label.get("first_off_track_step", "MISSING")
        if fault == "MISSING" or first == "MISSING":
            fail("%s: label incomplete" % rid)
        if fault is None:
            healthy += 1
            if first is not None:
                fail("%s: healthy run with first_off_track_step" % rid)
            if r["outcome"].get("success") is not True:
                fail("%s: healthy run not successful" % rid)
        else:
            faulty += 1
            faults.setdefault(fault, []).append(first)
            if not isinstance(fault, str) or not fault:
                fail("%s: fault must be a non-empty string" % rid)
            if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < len(steps):
                fail("%s: first_off_track_step %r out of range" % (rid, first))
            if r["outcome"].get("success") is not False:
                fail("%s: faulty run marked successful" % rid)
        if not isinstance(r["outcome"].get("success"), bool):
            fail("%s: outcome.success not bool" % rid)
        prev_nodes, prev_lines = check_obs(r["initial_observation"], "%s initial" % rid)
        for i, s in enumerate(steps):
            where = "%s step %d" % (rid, i)
            for k in ("action", "observation"):
                if k not in s:
                    fail("%s: missing %s" % (where, k))
            if "commitment" in s and s["commitment"] not in plan_ids:
                fail("%s: commitment %r not in plan" % (where, s["commitment"]))
            a = s.get("action", {})
            cmd = a.get("command", "")
            if a.get("effect") not in EFFECTS:
                fail("%s: effect %r" % (where, a.get("effect")))
            m = BID_ACTIONS.match(cmd)
            if m:
                bid = m.group(2)
                if bid not in prev_nodes:
                    fail("%s: bid %s not on the page acted on" % (where, bid))
                else:
                    node = prev_nodes[bid]
                    tgt = "%s %r" % (node["role"], node["name"])
                    if a.get("target") != tgt:
                        fail("%s: target %r != page node %r" % (where, a.get("target"), tgt))
                    if m.group(1) == "select_option":
                        val = eval(m.group(3).lstrip(", "))
                        if val not in options_of(prev_lines, prev_nodes, bid):
                            fail("%s: option %r not offered by %s" % (where, val, bid))
                    if m.group(1) == "fill" and node["role"] not in ("textbox", "searchbox", "combobox"):
                        fail("%s: fill on %s" % (where, node["role"]))
                    if "disabled=True" in prev_lines[node["line"]]:
                        fail("%s: action on a disabled control" % where)
            elif not OTHER_ACTIONS.match(cmd):
                fail("%s: unrecognised command %r" % (where, cmd))
            prev_nodes, prev_lines = check_obs(s.get("observation"), where)
        last = steps[-1]["action"]["command"] if steps else ""
        if not last.startswith("send_msg_to_user("):
            fail("%s: run does not end with a report to the user" % rid)
    if healthy != EXPECT_HEALTHY or faulty != EXPECT_FAULTY:
        fail("corpus: %d healthy / %d faulty, expected %d / %d" % (healthy, faulty, EXPECT_HEALTHY, EXPECT_FAULTY))
    missing = REQUIRED_FAULTS - set(faults)
    if missing:
        fail("corpus: fault kinds not covered: %s" % sorted(missing))
    if 0 not in [x for v in faults.values() for x in v]:
        fail("corpus: no fault visible on the start page (step 0)")
    return runs, faults


def check_determinism():
    outs = []
    for _ in range(2):
        d = tempfile.mkdtemp(prefix="rolegate_")
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", d], check=True,
                       stdout=subprocess.DEVNULL)
        outs.append(d)
    for rel in ("corpus.jsonl", os.path.join("plans", "rolegate.yaml")):
        blobs = [open(os.path.join(d, rel), "rb").read() for d in outs]
        here = open(os.path.join(HERE, rel), "rb").read()
        if blobs[0] != blobs[1]:
            fail("determinism: %s differs between two runs" % rel)
        if blobs[0] != here:
            fail("determinism: committed %s differs from a fresh run" % rel)


def main():
    plan = check_plan(os.path.join(HERE, "plans", "rolegate.yaml"))
    runs, faults = check_corpus(plan)
    check_determinism()
    if failures:
        for f in failures:
            print("FAIL", f)
        print("%d failure(s)" % len(failures))
        sys.exit(1)
    print("OK: %d runs (%d healthy, %d faulty); faults by first step: %s" % (
        len(runs), sum(1 for r in runs if r["label"]["fault"] is None),
        sum(1 for r in runs if r["label"]["fault"] is not None),
        ", ".join("%s@%s" % (k, v) for k, v in sorted(faults.items()))))


if __name__ == "__main__":
    main()
