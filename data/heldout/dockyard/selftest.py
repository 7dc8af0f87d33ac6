#!/usr/bin/env python3
"""Validate the dockyard corpus against the fcpkit format contract.

Checks: required fields and types, labels (healthy/faulty counts, first_off_track_step in
range, the expected label per run), every bid-taking action refers to a bid present on the
page it acted on and its target names that node, select_option values are options of that
control, page titles match the tree root, plan structure and commitment ids, and that
make_corpus.py regenerates both files byte for byte.

Python 3 standard library; PyYAML is used for a full plan parse when it is installed.
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
PLAN = os.path.join(HERE, "plans", "dockyard.yaml")

EXPECTED_LABELS = {
    "dockyard-healthy-search-01": (None, None),
    "dockyard-healthy-paginate-01": (None, None),
    "dockyard-healthy-filter-01": (None, None),
    "dockyard-healthy-cancel-reopen-01": (None, None),
    "dockyard-healthy-confirm-01": (None, None),
    "dockyard-healthy-retype-01": (None, None),
    "dockyard-healthy-sort-01": (None, None),
    "dockyard-healthy-board-01": (None, None),
    "dockyard-wrong_record-01": ("wrong_record", 2),
    "dockyard-stale_filter-01": ("stale_filter", 0),
    "dockyard-wrong_value-door-01": ("wrong_value", 4),
    "dockyard-wrong_value-window-01": ("wrong_value", 5),
    "dockyard-skipped_step-01": ("skipped_step", 4),
    "dockyard-silent_no_op-01": ("silent_no_op", 7),
    "dockyard-unrequested_filter-01": ("unrequested_filter", 2),
    "dockyard-error_page-01": ("error_page", 5),
    "dockyard-permission_denied-01": ("permission_denied", 3),
    "dockyard-session_expired-01": ("session_expired", 3),
    "dockyard-premature_success-01": ("premature_success", 6),
    "dockyard-dialog_mishandled-01": ("dialog_mishandled", 6),
}

SAVED_OK = ("Saved. TRL-48213 (Halvorsen Freight) is assigned to D-14 North for "
            "14:00–15:00 as a live unload.")

BID_ACTIONS = {"click", "dblclick", "fill", "select_option", "check", "uncheck", "hover",
               "focus", "clear", "press"}
OTHER_ACTIONS = {"send_msg_to_user", "goto", "go_back", "go_forward", "scroll", "noop",
                 "report_infeasible"}
EFFECTS = {"read", "write", "irreversible"}
LINE_RE = re.compile(r"^(\t*)(?:\[(\w+)\] )?(\S+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")

failures = []


def fail(msg):
    failures.append(msg)


def parse_args(argstr):
    """Parse the Python-literal argument list of an action call."""
    import ast
    try:
        node = ast.parse("f(%s)" % argstr, mode="eval").body
        return [ast.literal_eval(a) for a in node.args]
    except Exception as exc:  # noqa: BLE001
        raise ValueError("cannot parse arguments %r: %s" % (argstr, exc))


def page_nodes(text, where):
    nodes = {}
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if i == 0:
            if not line.startswith("RootWebArea "):
                fail("%s: tree does not start with RootWebArea" % where)
            continue
        m = LINE_RE.match(line)
        if not m:
            fail("%s: malformed tree line %r" % (where, line))
            continue
        depth, bid, role, name, _rest = m.groups()
        if bid is not None:
            if bid in nodes:
                fail("%s: duplicate bid %s" % (where, bid))
            nodes[bid] = {"role": role, "name": name, "depth": len(depth), "index": i,
                          "label": "%s %s" % (role, name)}
    return nodes, lines


def check_observation(obs, where):
    if not isinstance(obs, dict):
        fail("%s: observation is not an object" % where)
        return {}
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            fail("%s: observation lacks %r" % (where, k))
    if not isinstance(obs.get("url"), str) or not obs["url"].startswith("http"):
        fail("%s: bad url" % where)
    if not isinstance(obs.get("text"), str) or not obs["text"]:
        fail("%s: empty text" % where)
        return {}
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        fail("%s: error must be a string or null" % where)
    first = obs["text"].split("\n", 1)[0]
    if first != "RootWebArea %r, focused" % obs.get("title"):
        fail("%s: title %r does not match tree root %r" % (where, obs.get("title"), first))
    nodes, lines = page_nodes(obs["text"], where)
    return {"nodes": nodes, "lines": lines}


def options_of(page, bid):
    """Option names nested directly under the control with this bid."""
    node = page["nodes"][bid]
    out = []
    for line in page["lines"][node["index"] + 1:]:
        m = LINE_RE.match(line)
        if not m or len(m.group(1)) <= node["depth"]:
            break
        if m.group(3) == "option" and "disabled=True" not in m.group(5):
            import ast
            out.append(ast.literal_eval(m.group(4)))
    return out


def check_action(action, page, where):
    for k in ("command", "reasoning", "target", "effect"):
        if k not in action:
            fail("%s: action lacks %r" % (where, k))
    if action.get("effect") not in EFFECTS:
        fail("%s: effect %r not in %s" % (where, action.get("effect"), sorted(EFFECTS)))
    m = re.match(r"^(\w+)\((.*)\)$", action.get("command", ""), re.S)
    if not m:
        fail("%s: unparseable command %r" % (where, action.get("command")))
        return
    fn, argstr = m.groups()
    try:
        args = parse_args(argstr)
    except ValueError as exc:
        fail("%s: %s" % (where, exc))
        return
    if fn in BID_ACTIONS:
        if not args or not isinstance(args[0], str):
            fail("%s: %s needs a bid" % (where, fn))
            return
        bid = args[0]
        if bid not in page.get("nodes", {}):
            fail("%s: bid %s of %s is not on the page acted on" % (where, bid, action["command"]))
            return
        label = page["nodes"][bid]["label"]
        if not action.get("target", "").startswith(label):
            fail("%s: target %r does not name node %s (%s)" % (where, action.get("target"), bid, label))
        if fn == "select_option":
            opts = options_of(page, bid)
            if len(args) < 2 or args[1] not in opts:
                fail("%s: option %r not among %r" % (where, args[1:], opts))
        if fn == "fill" and (len(args) < 2 or not isinstance(args[1], str)):
            fail("%s: fill needs a value" % where)
    elif fn in OTHER_ACTIONS:
        if fn == "send_msg_to_user" and (not args or not isinstance(args[0], str)):
            fail("%s: send_msg_to_user needs a message" % where)
    else:
        fail("%s: unknown action %s" % (where, fn))


def load_plan():
    with open(PLAN, encoding="utf-8") as fh:
        raw = fh.read()
    try:
        import yaml  # optional
    except ImportError:
        ids = re.findall(r"^\s*- id: (\S+)\s*$", raw, re.M)
        print("note: PyYAML not installed; plan checked by pattern only")
        return None, ids
    plan = yaml.safe_load(raw)
    return plan, [c.get("id") for c in plan.get("commitments", [])]


def check_evidence_list(items, where):
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
                fail("%s: evidence mapping lacks text" % where)
            if it.get("on", "state") not in ("state", "action", "both"):
                fail("%s: evidence 'on' is %r" % (where, it.get("on")))
        else:
            fail("%s: evidence item %r is neither string nor mapping" % (where, it))


def check_plan(plan, ids, task):
    if len(ids) != len(set(ids)) or not ids:
        fail("plan: commitment ids missing or not unique: %r" % ids)
    if plan is None:
        return
    if plan.get("task") != task:
        fail("plan: task differs from the corpus task")
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in ("execution", "skill", "planning"):
            fail("plan_falsifiers: unknown scope %r" % scope)
        check_evidence_list(items, "plan_falsifiers.%s" % scope)
    for c in plan.get("commitments", []):
        cid = c.get("id")
        if not c.get("subgoal"):
            fail("plan %s: no subgoal" % cid)
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail("plan %s: confidence %r out of [0, 1]" % (cid, conf))
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in ("precondition", "progress", "completion"):
                fail("plan %s: unknown confirm stage %r" % (cid, stage))
            check_evidence_list(items, "plan %s confirm.%s" % (cid, stage))
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in ("execution", "skill", "planning"):
                fail("plan %s: unknown falsify scope %r" % (cid, scope))
            check_evidence_list(items, "plan %s falsify.%s" % (cid, scope))


def check_corpus():
    with open(CORPUS, encoding="utf-8") as fh:
        raw_lines = fh.read().split("\n")
    if raw_lines[-1] != "":
        fail("corpus.jsonl does not end with a newline")
    recs = [json.loads(l) for l in raw_lines if l.strip()]
    if len(recs) != 20:
        fail("expected 20 trajectories, found %d" % len(recs))
    plan, ids = load_plan()
    tasks = set(r.get("task") for r in recs)
    if len(tasks) != 1:
        fail("trajectories disagree on the task")
    check_plan(plan, ids, next(iter(tasks)))

    seen = set()
    healthy = faulty = 0
    near_miss_seen = {"TRL-48231": False, "Brightwater Carriers": False, "D-41 North": False,
                      "D-14 South": False, "overdue": False, "failed": False, "cancelled": False}
    for r in recs:
        rid = r.get("id")
        where = rid
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps",
                  "outcome"):
            if k not in r:
                fail("%s: missing %r" % (where, k))
        if rid in seen:
            fail("%s: duplicate id" % rid)
        seen.add(rid)
        if r.get("workflow") != "dockyard":
            fail("%s: workflow %r" % (where, r.get("workflow")))
        if isinstance(r.get("plan"), str):
            if not os.path.isfile(os.path.join(HERE, r["plan"])):
                fail("%s: plan %s does not exist relative to the corpus" % (where, r["plan"]))
        elif not isinstance(r.get("plan"), dict):
            fail("%s: plan must be a path or an object" % where)
        label = r.get("label") or {}
        fault, off = label.get("fault"), label.get("first_off_track_step")
        steps = r.get("steps") or []
        if not steps:
            fail("%s: no steps" % where)
        if fault is None:
            healthy += 1
            if off is not None:
                fail("%s: healthy run with a first_off_track_step" % where)
            if r.get("outcome", {}).get("success") is not True:
                fail("%s: healthy run without success" % where)
        else:
            faulty += 1
            if not isinstance(fault, str) or not fault:
                fail("%s: fault must be a non-empty string" % where)
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                fail("%s: first_off_track_step %r out of range 0..%d" % (where, off, len(steps) - 1))
            if r.get("outcome", {}).get("success") is not False:
                fail("%s: faulty run marked successful" % where)
        exp = EXPECTED_LABELS.get(rid)
        if exp is None:
            fail("%s: not in the expected label table" % where)
        elif exp != (fault, off):
            fail("%s: label %r, expected %r" % (where, (fault, off), exp))

        page = check_observation(r.get("initial_observation"), where + " initial")
        pages_text = [r["initial_observation"]["text"]]
        for i, s in enumerate(steps):
            sw = "%s step %d" % (where, i)
            if "action" not in s or "observation" not in s:
                fail("%s: step lacks action or observation" % sw)
                continue
            if s.get("commitment") is not None and s["commitment"] not in ids:
                fail("%s: commitment %r not in plan" % (sw, s["commitment"]))
            check_action(s["action"], page, sw)
            page = check_observation(s["observation"], sw)
            pages_text.append(s["observation"]["text"])
        final = steps[-1]["observation"]["text"] if steps else ""
        if fault is None:
            if SAVED_OK not in final:
                fail("%s: healthy run does not end on the saved confirmation" % where)
            blob = "\n".join(pages_text)
            for k in near_miss_seen:
                if k.lower() in blob.lower():
                    near_miss_seen[k] = True
        else:
            if SAVED_OK in final:
                fail("%s: faulty run ends on the correct saved confirmation" % where)
    if healthy != 8 or faulty != 12:
        fail("expected 8 healthy and 12 faulty, found %d and %d" % (healthy, faulty))
    for k, v in near_miss_seen.items():
        if not v:
            fail("healthy pages never show the furniture %r" % k)
    # a start-page fault must be visible on the start page
    for r in recs:
        if r["label"]["first_off_track_step"] == 0 and r["id"] == "dockyard-stale_filter-01":
            if "Remove filter Carrier: Brightwater Carriers" not in r["initial_observation"]["text"]:
                fail("stale filter is not visible on the start page")
    return recs


def check_determinism():
    script = os.path.join(HERE, "make_corpus.py")
    outs = []
    for _ in range(2):
        d = tempfile.mkdtemp(prefix="dockyard-")
        subprocess.run([sys.executable, script, d], check=True, stdout=subprocess.DEVNULL)
        with open(os.path.join(d, "corpus.jsonl"), "rb") as fh:
            c = fh.read()
        with open(os.path.join(d, "plans", "dockyard.yaml"), "rb") as fh:
            p = fh.read()
        outs.append((c, p))
    if outs[0] != outs[1]:
        fail("make_corpus.py is not deterministic between two runs")
    with open(CORPUS, "rb") as fh:
        c = fh.read()
    with open(PLAN, "rb") as fh:
        p = fh.read()
    if (c, p) != outs[0]:
        fail("checked-in corpus.jsonl / plan differ from a fresh make_corpus.py run")


def main():
    recs = check_corpus()
    check_determinism()
    if failures:
        for f in failures:
            print("FAIL:", f)
        print("%d problem(s)" % len(failures))
        return 1
    faults = {}
    for r in recs:
        f = r["label"]["fault"]
        if f:
            faults.setdefault(f, []).append(r["label"]["first_off_track_step"])
    print("OK: %d trajectories, %d steps; faults %s" % (
        len(recs), sum(len(r["steps"]) for r in recs),
        ", ".join("%s@%s" % (k, v) for k, v in sorted(faults.items()))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
