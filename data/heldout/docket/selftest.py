#!/usr/bin/env python3
"""Validate the 'docket' corpus against the fcpkit format contract (FORMATS.md).

Checks: plan shape, trajectory fields, labels, the AXTree serialization, that every action's
bid exists on the page it acted on (and its target text matches that node), commitment names,
and that make_corpus.py reproduces corpus.jsonl and the plan byte for byte.
Python 3 standard library only.  Exit status 0 on success.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EXPECTED_RUNS = 20
EXPECTED_HEALTHY = 8
EXPECTED_FAULTY = 12
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_filter", "stale_filter",
                   "error_page", "session_expired", "premature_success", "skipped_step", "dialog_mishandled"}
EFFECTS = {"read", "write", "irreversible"}
CONFIRM_STAGES = {"precondition", "progress", "completion"}
FALSIFY_SCOPES = {"execution", "skill", "planning"}
ON_VALUES = {"state", "action", "both"}

PROPS = r"(, [A-Za-z]+(?:=|,|$).*)?$"
ROOT_RE = re.compile(r"^RootWebArea '(.*?)'" + PROPS)
NODE_RE = re.compile(r"^(\t+)\[(\d+)\] ([A-Za-z]+) '(.*?)'" + PROPS)
CMD_RE = re.compile(
    r"^(?:(click)\('(\d+)'\)"
    r"|(fill)\('(\d+)', '([^']*)'\)"
    r"|(select_option)\('(\d+)', '([^']*)'\)"
    r"|(press)\('(\d+)', '([^']*)'\)"
    r"|(send_msg_to_user)\('([^']*)'\))$")

failures = []


def fail(msg):
    failures.append(msg)


# ------------------------------------------------------------------ tiny YAML (plan subset)

def _scalar(s):
    s = s.strip()
    if s.startswith('"'):
        return json.loads(s)
    m = re.match(r'^\{text:\s*("(?:[^"\\]|\\.)*")\s*,\s*on:\s*(\w+)\s*\}$', s)
    if m:
        return {"text": json.loads(m.group(1)), "on": m.group(2)}
    if s.startswith("{"):
        raise ValueError("unsupported flow mapping: %s" % s)
    if re.match(r"^-?\d+(\.\d+)?$", s):
        return float(s) if "." in s else int(s)
    if s in ("[]",):
        return []
    if s in ("null", "~"):
        return None
    return s


def _indent(line):
    return len(line) - len(line.lstrip(" "))


def _parse(lines, i, indent):
    if lines[i].strip().startswith("- "):
        out = []
        while i < len(lines) and _indent(lines[i]) == indent and lines[i].strip().startswith("- "):
            item = lines[i].strip()[2:]
            if not item.startswith(("{", '"')) and re.match(r"^[A-Za-z_][\w-]*:( |$)", item):
                lines[i] = " " * (indent + 2) + item
                val, i = _parse(lines, i, indent + 2)
                out.append(val)
            else:
                out.append(_scalar(item))
                i += 1
        return out, i
    out = {}
    while i < len(lines) and _indent(lines[i]) == indent and not lines[i].strip().startswith("- "):
        m = re.match(r"^\s*([A-Za-z_][\w-]*):(?: (.*))?$", lines[i])
        if not m:
            raise ValueError("cannot parse line: %r" % lines[i])
        key, rest = m.group(1), (m.group(2) or "").strip()
        if key in out:
            raise ValueError("duplicate key %s" % key)
        if rest:
            out[key] = _scalar(rest)
            i += 1
        else:
            i += 1
            if i < len(lines) and _indent(lines[i]) > indent:
                out[key], i = _parse(lines, i, _indent(lines[i]))
            else:
                out[key] = None
    return out, i


def load_yaml(path):
    with open(path, encoding="utf-8") as fh:
        raw = fh.read()
    lines = [ln.rstrip("\n") for ln in raw.split("\n")]
    lines = [ln for ln in lines if ln.strip() and not ln.strip().startswith("#")]
    for ln in lines:
        if "\t" in ln:
            raise ValueError("tab in YAML")
    val, i = _parse(lines, 0, 0)
    if i != len(lines):
        raise ValueError("trailing unparsed YAML at line %r" % lines[i])
    return val


# ------------------------------------------------------------------ plan checks

def check_evidence(items, where):
    if items is None:
        return
    if not isinstance(items, list):
        fail("%s: evidence must be a list" % where)
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                fail("%s: empty evidence string" % where)
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                fail("%s: evidence mapping without text" % where)
            if it.get("on", "state") not in ON_VALUES:
                fail("%s: bad on=%r" % (where, it.get("on")))
        else:
            fail("%s: evidence item of type %s" % (where, type(it).__name__))


def check_plan(plan, path):
    if not isinstance(plan, dict):
        fail("%s: plan is not a mapping" % path)
        return set()
    if not isinstance(plan.get("task"), str):
        fail("%s: task missing" % path)
    pf = plan.get("plan_falsifiers") or {}
    for scope, items in pf.items():
        if scope not in FALSIFY_SCOPES:
            fail("%s: unknown plan_falsifiers scope %s" % (path, scope))
        check_evidence(items, "%s plan_falsifiers.%s" % (path, scope))
    if not any("Sign in" in (x if isinstance(x, str) else x["text"]) for x in pf.get("execution") or []):
        fail("%s: no plan-level falsifier names the sign-in page" % path)
    ids = set()
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        fail("%s: commitments missing" % path)
        return ids
    for c in cms:
        cid = c.get("id")
        if not isinstance(cid, str) or cid in ids:
            fail("%s: missing or duplicate commitment id %r" % (path, cid))
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str):
            fail("%s/%s: subgoal missing" % (path, cid))
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail("%s/%s: confidence out of range" % (path, cid))
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in CONFIRM_STAGES:
                fail("%s/%s: unknown confirm stage %s" % (path, cid, stage))
            check_evidence(items, "%s/%s confirm.%s" % (path, cid, stage))
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in FALSIFY_SCOPES:
                fail("%s/%s: unknown falsify scope %s" % (path, cid, scope))
            check_evidence(items, "%s/%s falsify.%s" % (path, cid, scope))
    return ids


# ------------------------------------------------------------------ observation / action checks

def parse_tree(text, where):
    """Return {bid: (role, name, depth, line_index)} and the ordered node list."""
    lines = text.split("\n")
    nodes = {}
    order = []
    m = ROOT_RE.match(lines[0])
    if not m:
        fail("%s: first line is not a RootWebArea" % where)
    for k, ln in enumerate(lines[1:], start=1):
        mm = NODE_RE.match(ln)
        if not mm:
            fail("%s: bad AXTree line %d: %r" % (where, k, ln))
            continue
        depth, bid, role, name = len(mm.group(1)), mm.group(2), mm.group(3), mm.group(4)
        if bid in nodes:
            fail("%s: duplicate bid %s" % (where, bid))
        nodes[bid] = (role, name, depth, len(order))
        order.append((bid, role, name, depth, mm.group(5) or ""))
    return nodes, order, (m.group(1) if m else None)


def check_obs(obs, where):
    if not isinstance(obs, dict):
        fail("%s: observation is not an object" % where)
        return None
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            fail("%s: observation lacks %s" % (where, k))
    if not str(obs.get("url", "")).startswith("http"):
        fail("%s: bad url" % where)
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        fail("%s: error must be string or null" % where)
    nodes, order, root_title = parse_tree(obs.get("text", ""), where)
    if root_title is not None and root_title != obs.get("title"):
        fail("%s: RootWebArea name differs from title" % where)
    return nodes, order


def check_action(step, page, where, commitment_ids):
    act = step.get("action")
    if not isinstance(act, dict):
        fail("%s: action missing" % where)
        return
    for k in ("command", "reasoning", "target", "effect"):
        if k not in act:
            fail("%s: action lacks %s" % (where, k))
    if act.get("effect") not in EFFECTS:
        fail("%s: bad effect %r" % (where, act.get("effect")))
    if "commitment" in step and step["commitment"] not in commitment_ids:
        fail("%s: unknown commitment %r" % (where, step["commitment"]))
    m = CMD_RE.match(act.get("command", ""))
    if not m:
        fail("%s: unparseable command %r" % (where, act.get("command")))
        return
    g = [x for x in m.groups()]
    verb = next(x for x in g if x in ("click", "fill", "select_option", "press", "send_msg_to_user"))
    if verb == "send_msg_to_user":
        return
    bid = g[g.index(verb) + 1]
    nodes, order = page
    if bid not in nodes:
        fail("%s: bid %s not on the page acted on" % (where, bid))
        return
    role, name, depth, idx = nodes[bid]
    if act.get("target") != "%s '%s'" % (role, name):
        fail("%s: target %r does not match node %s '%s'" % (where, act.get("target"), role, name))
    props = order[idx][4]
    if "disabled=True" in props:
        fail("%s: action on a disabled control %s" % (where, bid))
    if verb == "click" and role not in ("button", "link", "tab", "gridcell", "checkbox", "option"):
        fail("%s: click on non-clickable role %s" % (where, role))
    if verb in ("fill", "press") and role not in ("textbox", "searchbox", "combobox", "spinbutton"):
        fail("%s: %s on role %s" % (where, verb, role))
    if verb == "select_option":
        if role != "combobox":
            fail("%s: select_option on role %s" % (where, role))
        value = g[g.index(verb) + 2]
        opts = []
        for b2, r2, n2, d2, _ in order[idx + 1:]:
            if d2 <= depth:
                break
            if r2 == "option":
                opts.append(n2)
        if value not in opts:
            fail("%s: option %r not offered by combobox %s" % (where, value, bid))


def check_corpus(corpus_path):
    with open(corpus_path, encoding="utf-8") as fh:
        raw_lines = fh.read().split("\n")
    if raw_lines[-1] != "":
        fail("corpus does not end with a newline")
    raw_lines = [ln for ln in raw_lines if ln]
    if len(raw_lines) != EXPECTED_RUNS:
        fail("expected %d runs, found %d" % (EXPECTED_RUNS, len(raw_lines)))
    plans = {}
    ids = set()
    healthy = faulty = 0
    faults = set()
    by_step = []
    for n, ln in enumerate(raw_lines):
        try:
            r = json.loads(ln)
        except ValueError as e:
            fail("line %d: invalid JSON: %s" % (n + 1, e))
            continue
        rid = r.get("id")
        where = rid or "line %d" % (n + 1)
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail("%s: missing field %s" % (where, k))
        if rid in ids:
            fail("%s: duplicate id" % where)
        ids.add(rid)
        if r.get("workflow") != "docket":
            fail("%s: workflow is not docket" % where)
        plan_ref = r.get("plan")
        if isinstance(plan_ref, str):
            ppath = os.path.join(os.path.dirname(corpus_path), plan_ref)
            if ppath not in plans:
                try:
                    plans[ppath] = load_yaml(ppath)
                except (OSError, ValueError) as e:
                    fail("%s: plan %s does not load: %s" % (where, plan_ref, e))
                    plans[ppath] = None
            plan = plans[ppath]
        else:
            plan = plan_ref
        cids = check_plan(plan, str(plan_ref)) if plan else set()
        if plan and plan.get("task") != r.get("task"):
            fail("%s: task text differs from the plan's task" % where)
        steps = r.get("steps") or []
        if not steps:
            fail("%s: no steps" % where)
        label = r.get("label") or {}
        fault, first = label.get("fault", "MISSING"), label.get("first_off_track_step", "MISSING")
        success = (r.get("outcome") or {}).get("success")
        if fault is None:
            healthy += 1
            if first is not None:
                fail("%s: healthy run with first_off_track_step" % where)
            if success is not True:
                fail("%s: healthy run not successful" % where)
        else:
            faulty += 1
            faults.add(fault)
            if not isinstance(fault, str):
                fail("%s: fault must be a string or null" % where)
            if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < len(steps):
                fail("%s: first_off_track_step %r out of range" % (where, first))
            else:
                by_step.append((rid, fault, first))
            if success is not False:
                fail("%s: faulty run marked successful" % where)
            if rid and not rid.startswith("docket-%s-" % fault):
                fail("%s: id does not carry the fault class" % where)
        page = check_obs(r.get("initial_observation"), where + " initial")
        for i, st in enumerate(steps):
            w = "%s step %d" % (where, i)
            if page:
                check_action(st, page, w, cids)
            page = check_obs(st.get("observation"), w)
        if fault is None and steps:
            last = steps[-1]
            if not last["action"]["command"].startswith("send_msg_to_user("):
                fail("%s: healthy run does not end with a report" % where)
            final = last["observation"]["text"]
            for must in ("Status: Accepted", "Courtroom 4B", "Tue, Jun 18, 2024", "9:30 AM",
                         "Motion to Compel Discovery filed by Plaintiff Harlan Okafor.", "Filing EF-24-08817"):
                if must not in final:
                    fail("%s: final healthy page lacks %r" % (where, must))
    if healthy != EXPECTED_HEALTHY or faulty != EXPECTED_FAULTY:
        fail("expected %d healthy / %d faulty, found %d / %d" % (EXPECTED_HEALTHY, EXPECTED_FAULTY, healthy, faulty))
    missing = REQUIRED_FAULTS - faults
    if missing:
        fail("fault kinds not covered: %s" % sorted(missing))
    return by_step


def check_determinism():
    tmp = tempfile.mkdtemp(prefix="docket-selftest-")
    try:
        outs = []
        for k in range(2):
            d = os.path.join(tmp, "run%d" % k)
            os.makedirs(d)
            shutil.copy(os.path.join(HERE, "make_corpus.py"), d)
            subprocess.run([sys.executable, "make_corpus.py"], cwd=d, check=True,
                           stdout=subprocess.DEVNULL, env=dict(os.environ, PYTHONHASHSEED=str(k * 7 + 1)))
            with open(os.path.join(d, "corpus.jsonl"), "rb") as fh:
                c = fh.read()
            with open(os.path.join(d, "plans", "docket.yaml"), "rb") as fh:
                p = fh.read()
            outs.append((c, p))
        if outs[0] != outs[1]:
            fail("make_corpus.py is not deterministic across runs")
        with open(CORPUS, "rb") as fh:
            if fh.read() != outs[0][0]:
                fail("corpus.jsonl differs from a fresh make_corpus.py run")
        with open(os.path.join(HERE, "plans", "docket.yaml"), "rb") as fh:
            if fh.read() != outs[0][1]:
                fail("plans/docket.yaml differs from a fresh make_corpus.py run")
    finally:
        shutil.rmtree(tmp)


def main():
    by_step = check_corpus(CORPUS)
    check_determinism()
    if failures:
        for f in failures:
            print("FAIL:", f)
        print("%d problem(s)" % len(failures))
        return 1
    print("selftest OK: %d runs (%d healthy, %d faulty)" % (EXPECTED_RUNS, EXPECTED_HEALTHY, EXPECTED_FAULTY))
    for rid, fault, step in by_step:
        print("  %-34s %-20s first_off_track_step=%d" % (rid, fault, step))
    return 0


if __name__ == "__main__":
    sys.exit(main())
