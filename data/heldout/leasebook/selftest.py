#!/usr/bin/env python3
"""Validate the LeaseBook corpus against the fcpkit format contract (FORMATS.md).

Checks: required fields and types, labels (healthy vs faulty, first_off_track_step in range),
plan structure (parsed with a small YAML-subset reader, standard library only), commitment ids,
that every bid an action names exists on the page it acted on (and that `target` describes that
node), that fills show up on the next page, and that make_corpus.py is byte-for-byte reproducible.
Exit status 0 when everything passes.
"""
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
REQUIRED_FAULT_KINDS = [
    {"wrong_record"}, {"wrong_value"}, {"silent_no_op"}, {"unrequested_filter"},
    {"error_page", "permission_denied", "session_expired"}, {"premature_success"},
    {"skipped_step"}, {"dialog_mishandled"},
]

failures = []


def fail(msg):
    failures.append(msg)


# ---------------------------------------------------------------------------
# YAML subset reader (block maps, block lists, plain/quoted scalars, [] and {k: v} flow forms)
# ---------------------------------------------------------------------------
KEY_RE = re.compile(r"^([A-Za-z_][\w-]*):(?:\s+(.*))?$")
NUM_RE = re.compile(r"^-?\d+(\.\d+)?$")
FLOW_PAIR_RE = re.compile(r'\s*([A-Za-z_]\w*)\s*:\s*("(?:[^"\\]|\\.)*"|\'(?:[^\']|\'\')*\'|[^,}]+?)\s*(?:,|$)')


def scalar(s):
    s = s.strip()
    if s == "[]":
        return []
    if s == "{}":
        return {}
    if s.startswith("{") and s.endswith("}"):
        body = s[1:-1].strip()
        out, pos = {}, 0
        while pos < len(body):
            m = FLOW_PAIR_RE.match(body, pos)
            if not m:
                raise ValueError(f"bad flow mapping: {s}")
            out[m.group(1)] = scalar(m.group(2))
            pos = m.end()
        return out
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'"):
        return s[1:-1].replace("''", "'")
    if NUM_RE.match(s):
        return float(s) if "." in s else int(s)
    if s in ("null", "~"):
        return None
    if s in ("true", "false"):
        return s == "true"
    return s


def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation")
        s = raw.rstrip()
        if not s.strip() or s.lstrip().startswith("#"):
            continue
        lines.append([len(s) - len(s.lstrip(" ")), s.strip()])
    pos = [0]

    def peek():
        return lines[pos[0]] if pos[0] < len(lines) else None

    def parse_map(ind):
        d = {}
        while peek() and peek()[0] == ind and not peek()[1].startswith("- "):
            m = KEY_RE.match(peek()[1])
            if not m:
                raise ValueError(f"expected key at line: {peek()[1]}")
            key, rest = m.group(1), (m.group(2) or "")
            pos[0] += 1
            if key in d:
                raise ValueError(f"duplicate key {key}")
            if rest:
                d[key] = scalar(rest)
            elif peek() and peek()[0] > ind:
                d[key] = parse_block(peek()[0])
            elif peek() and peek()[0] == ind and peek()[1].startswith("- "):
                d[key] = parse_list(ind)
            else:
                d[key] = None
        return d

    def parse_list(ind):
        items = []
        while peek() and peek()[0] == ind and peek()[1].startswith("- "):
            content = peek()[1][2:].strip()
            if not content.startswith("{") and KEY_RE.match(content):
                lines[pos[0]] = [ind + 2, content]
                items.append(parse_map(ind + 2))
            else:
                items.append(scalar(content))
                pos[0] += 1
        return items

    def parse_block(ind):
        return parse_list(ind) if peek()[1].startswith("- ") else parse_map(ind)

    result = parse_block(0)
    if pos[0] != len(lines):
        raise ValueError(f"unparsed content at: {lines[pos[0]][1]}")
    return result


def check_evidence(items, where):
    if not isinstance(items, list):
        fail(f"{where}: evidence must be a list")
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                fail(f"{where}: empty evidence string")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                fail(f"{where}: evidence mapping needs text")
            if it.get("on", "state") not in ON_VALUES:
                fail(f"{where}: bad on value {it.get('on')!r}")
        else:
            fail(f"{where}: evidence item must be str or mapping, got {it!r}")


def check_plan(plan, where):
    if not isinstance(plan, dict):
        fail(f"{where}: plan is not a mapping")
        return set(), None
    if not isinstance(plan.get("task"), str):
        fail(f"{where}: plan.task missing")
    pf = plan.get("plan_falsifiers", {})
    if not isinstance(pf, dict):
        fail(f"{where}: plan_falsifiers must be a mapping of scopes")
    else:
        for scope, items in pf.items():
            if scope not in ("execution", "skill", "planning"):
                fail(f"{where}: unknown plan_falsifiers scope {scope}")
            check_evidence(items, f"{where}.plan_falsifiers.{scope}")
        if not any("Sign in to LeaseBook" in (i if isinstance(i, str) else i.get("text", ""))
                   for items in pf.values() for i in items):
            fail(f"{where}: plan-level falsifier naming the sign-in page is missing")
    ids = set()
    comms = plan.get("commitments")
    if not isinstance(comms, list) or not comms:
        fail(f"{where}: commitments must be a non-empty list")
        return ids, plan.get("task")
    for c in comms:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            fail(f"{where}: commitment without id")
            continue
        if cid in ids:
            fail(f"{where}: duplicate commitment id {cid}")
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str):
            fail(f"{where}: {cid} has no subgoal")
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            fail(f"{where}: {cid} confidence out of range")
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in ("precondition", "progress", "completion"):
                fail(f"{where}: {cid} unknown confirm stage {stage}")
            check_evidence(items, f"{where}.{cid}.confirm.{stage}")
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in ("execution", "skill", "planning"):
                fail(f"{where}: {cid} unknown falsify scope {scope}")
            check_evidence(items, f"{where}.{cid}.falsify.{scope}")
    return ids, plan.get("task")


# ---------------------------------------------------------------------------
# Observations and actions
# ---------------------------------------------------------------------------
LINE_RE = re.compile(r"^(\t*)(?:\[([^\]\s]+)\] )?([A-Za-z]+) '(.*?)'((?:, [A-Za-z]+(?:=.*?)?)*)$")
CMD_RE = {
    "click": re.compile(r"^click\('([^']+)'\)$"),
    "fill": re.compile(r"^fill\('([^']+)', (['\"])(.*)\2\)$"),
    "press": re.compile(r"^press\('([^']+)', '([^']+)'\)$"),
    "select_option": re.compile(r"^select_option\('([^']+)', (['\"])(.*)\2\)$"),
    "send_msg_to_user": re.compile(r"^send_msg_to_user\((['\"])(.*)\1\)$", re.S),
}


def parse_tree(text, where):
    nodes = {}
    lines = text.split("\n")
    if not lines or not lines[0].startswith("RootWebArea '"):
        fail(f"{where}: text must start with RootWebArea")
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not m:
            fail(f"{where}: malformed AXTree line: {ln!r}")
            continue
        bid = m.group(2)
        if bid:
            if bid in nodes:
                fail(f"{where}: duplicate bid {bid}")
            nodes[bid] = (m.group(3), m.group(4), m.group(5))
        elif m.group(3) != "StaticText":
            fail(f"{where}: node without bid that is not StaticText: {ln!r}")
    return nodes


def check_obs(obs, where):
    if not isinstance(obs, dict):
        fail(f"{where}: observation must be an object")
        return {}
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            fail(f"{where}: observation.{k} missing")
    if not isinstance(obs.get("url"), str) or not obs["url"].startswith("http"):
        fail(f"{where}: bad url")
    if not isinstance(obs.get("title"), str) or not obs["title"]:
        fail(f"{where}: bad title")
    if obs.get("error") is not None and not isinstance(obs.get("error"), str):
        fail(f"{where}: error must be null or string")
    if not isinstance(obs.get("text"), str):
        fail(f"{where}: text must be a string")
        return {}
    if not obs["text"].startswith(f"RootWebArea '{obs.get('title')}'"):
        fail(f"{where}: RootWebArea name differs from title")
    return parse_tree(obs["text"], where)


def check_action(step, page_nodes, next_nodes, ids, where):
    a = step.get("action")
    if not isinstance(a, dict):
        fail(f"{where}: action missing")
        return
    for k in ("command", "reasoning", "target", "effect"):
        if not isinstance(a.get(k), str):
            fail(f"{where}: action.{k} missing or not a string")
    if a.get("effect") not in EFFECTS:
        fail(f"{where}: bad effect {a.get('effect')!r}")
    if "commitment" in step and step["commitment"] not in ids:
        fail(f"{where}: unknown commitment {step['commitment']!r}")
    cmd = a.get("command", "")
    name = cmd.split("(", 1)[0]
    rx = CMD_RE.get(name)
    if not rx or not rx.match(cmd):
        fail(f"{where}: unrecognised command {cmd!r}")
        return
    if name == "send_msg_to_user":
        return
    m = rx.match(cmd)
    bid = m.group(1)
    if bid not in page_nodes:
        fail(f"{where}: bid {bid} is not on the page acted on")
        return
    role, nm, _ = page_nodes[bid]
    if a.get("target") != f"{role} '{nm}'":
        fail(f"{where}: target {a.get('target')!r} does not describe bid {bid} ({role} '{nm}')")
    if name == "click" and role in ("textbox", "searchbox", "StaticText"):
        fail(f"{where}: click on a {role}")
    if name in ("fill",) and role not in ("textbox", "searchbox", "combobox"):
        fail(f"{where}: fill on a {role}")
    if name == "select_option" and role not in ("combobox", "listbox"):
        fail(f"{where}: select_option on a {role}")
    if name in ("fill", "select_option"):
        val = m.group(3)
        after = next_nodes.get(bid)
        if not after or f"value='{val}'" not in after[2]:
            fail(f"{where}: value {val!r} not visible on bid {bid} after {name}")


def check_corpus():
    with open(CORPUS, encoding="utf-8") as fh:
        raw = fh.read()
    if not raw.endswith("\n"):
        fail("corpus.jsonl must end with a newline")
    lines = [ln for ln in raw.split("\n") if ln.strip()]
    if len(lines) != 20:
        fail(f"expected exactly 20 runs, found {len(lines)}")
    runs = []
    for i, ln in enumerate(lines):
        try:
            runs.append(json.loads(ln))
        except json.JSONDecodeError as e:
            fail(f"line {i + 1}: invalid JSON ({e})")
    plans = {}
    seen = set()
    healthy = faulty = 0
    kinds = set()
    step0 = 0
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail(f"{rid}: field {k} missing")
        if rid in seen:
            fail(f"{rid}: duplicate id")
        seen.add(rid)
        # plan
        plan_ref = r.get("plan")
        if isinstance(plan_ref, str):
            path = os.path.join(os.path.dirname(CORPUS), plan_ref)
            if path not in plans:
                if not os.path.exists(path):
                    fail(f"{rid}: plan file {plan_ref} not found")
                    plans[path] = (set(), None)
                else:
                    with open(path, encoding="utf-8") as fh:
                        try:
                            plans[path] = check_plan(parse_yaml(fh.read()), plan_ref)
                        except ValueError as e:
                            fail(f"{plan_ref}: cannot parse ({e})")
                            plans[path] = (set(), None)
            ids, ptask = plans[path]
            if os.path.basename(plan_ref) != f"{r.get('workflow')}.yaml":
                fail(f"{rid}: plan should be plans/<workflow>.yaml")
        elif isinstance(plan_ref, dict):
            ids, ptask = check_plan(plan_ref, rid)
        else:
            fail(f"{rid}: plan must be a path or an object")
            ids, ptask = set(), None
        if ptask is not None and ptask != r.get("task"):
            fail(f"{rid}: task differs from the plan's task")
        # label and outcome
        label = r.get("label") or {}
        fault, fots = label.get("fault", "missing"), label.get("first_off_track_step", "missing")
        steps = r.get("steps") or []
        success = (r.get("outcome") or {}).get("success")
        if not isinstance(success, bool):
            fail(f"{rid}: outcome.success must be a bool")
        if fault is None:
            healthy += 1
            if fots is not None:
                fail(f"{rid}: healthy run must have first_off_track_step null")
            if success is not True:
                fail(f"{rid}: healthy run must succeed")
            if not rid.startswith("leasebook-healthy-"):
                fail(f"{rid}: healthy id naming")
        else:
            faulty += 1
            kinds.add(fault)
            if not isinstance(fault, str) or not fault:
                fail(f"{rid}: fault must be a non-empty string")
            if not isinstance(fots, int) or isinstance(fots, bool) or not 0 <= fots < len(steps):
                fail(f"{rid}: first_off_track_step {fots!r} out of range 0..{len(steps) - 1}")
            if fots == 0:
                step0 += 1
            if success is not False:
                fail(f"{rid}: faulty run must not succeed")
            if not rid.startswith(f"leasebook-{fault}-"):
                fail(f"{rid}: id should name its fault")
        if not steps:
            fail(f"{rid}: no steps")
        # observations and actions
        page = check_obs(r.get("initial_observation"), f"{rid} initial")
        for i, st in enumerate(steps):
            nxt = check_obs(st.get("observation"), f"{rid} step {i}")
            check_action(st, page, nxt, ids, f"{rid} step {i}")
            page = nxt
    if healthy != 8 or faulty != 12:
        fail(f"expected 8 healthy and 12 faulty runs, found {healthy} and {faulty}")
    for group in REQUIRED_FAULT_KINDS:
        if not kinds & group:
            fail(f"no run covers fault kind {sorted(group)}")
    if step0 < 1:
        fail("no faulty run is labelled at step 0 (fault visible on the start page)")
    return healthy, faulty, sorted(kinds)


def normalise_on_key(x):
    """YAML 1.1 loaders read a bare `on` key as boolean true; map it back to 'on'."""
    if isinstance(x, dict):
        return {("on" if k is True else k): normalise_on_key(v) for k, v in x.items()}
    if isinstance(x, list):
        return [normalise_on_key(v) for v in x]
    return x


def check_against_pyyaml():
    """Optional cross-check: when PyYAML happens to be installed, it must read the same plan."""
    try:
        import yaml  # noqa: F401  (not required; standard library is enough for the rest)
    except ImportError:
        return "PyYAML not installed; cross-check skipped"
    path = os.path.join(HERE, "plans", "leasebook.yaml")
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    theirs = normalise_on_key(yaml.safe_load(text))
    if theirs != parse_yaml(text):
        fail("plans/leasebook.yaml reads differently under PyYAML (quote dates/numbers meant as strings)")
    return "PyYAML reads the same plan"


def check_determinism():
    outs = []
    for _ in range(2):
        d = tempfile.mkdtemp(prefix="leasebook-selftest-")
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", d], check=True,
                       stdout=subprocess.DEVNULL)
        outs.append(d)
    for rel in ("corpus.jsonl", os.path.join("plans", "leasebook.yaml")):
        blobs = []
        for d in outs + [HERE]:
            with open(os.path.join(d, rel), "rb") as fh:
                blobs.append(fh.read())
        if blobs[0] != blobs[1]:
            fail(f"make_corpus.py is not deterministic for {rel}")
        if blobs[0] != blobs[2]:
            fail(f"{rel} in the folder differs from a fresh generation (rerun make_corpus.py)")
    for d in outs:
        for rel in ("corpus.jsonl", os.path.join("plans", "leasebook.yaml")):
            os.remove(os.path.join(d, rel))
        os.rmdir(os.path.join(d, "plans"))
        os.rmdir(d)


def main():
    healthy, faulty, kinds = check_corpus()
    check_determinism()
    note = check_against_pyyaml()
    if failures:
        for f in failures:
            print("FAIL:", f)
        print(f"{len(failures)} problem(s)")
        return 1
    print(f"ok: {healthy} healthy + {faulty} faulty runs; fault kinds: {', '.join(kinds)}; "
          f"plan parses ({note}); bids resolve; generation is byte-for-byte reproducible")
    return 0


if __name__ == "__main__":
    sys.exit(main())
