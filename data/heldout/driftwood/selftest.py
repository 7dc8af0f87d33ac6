#!/usr/bin/env python3
"""Validate the driftwood corpus against the fcpkit format contract (FORMATS.md).

Checks: required fields and types, labels, plan structure, commitment references,
AXTree line syntax, that every action's bid exists on the page it acted on (and names the
node given as `target`), and that make_corpus.py is byte-for-byte reproducible.

Standard library only (PyYAML is used as a cross-check when it happens to be installed).
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
N_RUNS, N_HEALTHY, N_FAULTY = 20, 8, 12
EXPECTED_FAULTS = {
    "wrong_record", "wrong_value", "silent_noop", "unrequested_constraint", "stale_filter",
    "permission_denied", "error_page", "premature_success", "skipped_step",
    "dialog_mishandled", "session_expired",
}
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}

LINE_RE = re.compile(r"^(\t*)(?:\[([A-Za-z0-9_-]+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
BID_CMD_RE = re.compile(r"^(click|dblclick|hover|fill|select_option|press|focus|clear|check|uncheck)\('([^']+)'")
FREE_CMD_RE = re.compile(r"^(send_msg_to_user|noop|go_back|go_forward|goto|scroll|report_infeasible)\(")

errors = []


def fail(msg):
    errors.append(msg)


# ----- tiny YAML subset reader (block maps/lists, flow [..] / {..}, quoted or plain scalars) ----

def _scalar(tok):
    if tok.startswith('"'):
        return json.loads(tok)
    if tok.startswith("'"):
        return tok[1:-1].replace("''", "'")
    if re.fullmatch(r"-?\d+", tok):
        return int(tok)
    if re.fullmatch(r"-?\d+\.\d*", tok):
        return float(tok)
    if tok in ("null", "~"):
        return None
    if tok in ("true", "false"):
        return tok == "true"
    return tok


def _flow(s, i=0):
    """Parse a flow value starting at s[i]; return (value, next index)."""
    while s[i] == " ":
        i += 1
    if s[i] == "[":
        out, i = [], i + 1
        while True:
            while s[i] == " ":
                i += 1
            if s[i] == "]":
                return out, i + 1
            v, i = _flow(s, i)
            out.append(v)
            while s[i] == " ":
                i += 1
            if s[i] == ",":
                i += 1
    if s[i] == "{":
        out, i = {}, i + 1
        while True:
            while s[i] == " ":
                i += 1
            if s[i] == "}":
                return out, i + 1
            k, i = _flow(s, i)
            while s[i] == " ":
                i += 1
            assert s[i] == ":", s
            v, i = _flow(s, i + 1)
            out[k] = v
            while s[i] == " ":
                i += 1
            if s[i] == ",":
                i += 1
    if s[i] == '"':
        j = i + 1
        while s[j] != '"':
            j += 2 if s[j] == "\\" else 1
        return json.loads(s[i:j + 1]), j + 1
    j = i
    while j < len(s) and s[j] not in ",]}:":
        j += 1
    return _scalar(s[i:j].strip()), j


def _value(text):
    text = text.strip()
    if text.startswith("[") or text.startswith("{"):
        v, _ = _flow(text)
        return v
    return _scalar(text)


def load_yaml_subset(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        lines.append((len(raw) - len(raw.lstrip(" ")), raw.strip()))
    pos = [0]

    def block(indent):
        if lines[pos[0]][1].startswith("- "):
            out = []
            while pos[0] < len(lines) and lines[pos[0]][0] == indent and lines[pos[0]][1].startswith("- "):
                ind, body = lines[pos[0]]
                rest = body[2:]
                m = re.match(r"^([A-Za-z_][\w-]*):(?:\s+(.*))?$", rest)
                if m and not rest.startswith("{"):
                    # a mapping item: treat "- key: v" as a map at indent+2
                    lines[pos[0]] = (ind + 2, rest)
                    out.append(mapping(ind + 2))
                else:
                    pos[0] += 1
                    out.append(_value(rest))
            return out
        return mapping(indent)

    def mapping(indent):
        out = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == indent and not lines[pos[0]][1].startswith("- "):
            _, body = lines[pos[0]]
            m = re.match(r"^([A-Za-z_][\w-]*):(?:\s+(.*))?$", body)
            if not m:
                raise ValueError("cannot read YAML line: %r" % body)
            key, val = m.group(1), m.group(2)
            pos[0] += 1
            if val is None or val == "":
                if pos[0] < len(lines) and lines[pos[0]][0] > indent:
                    out[key] = block(lines[pos[0]][0])
                elif pos[0] < len(lines) and lines[pos[0]][0] == indent and lines[pos[0]][1].startswith("- "):
                    out[key] = block(indent)
                else:
                    out[key] = None
            else:
                out[key] = _value(val)
        return out

    result = block(lines[0][0])
    if pos[0] != len(lines):
        raise ValueError("unread YAML from line %r" % (lines[pos[0]],))
    return result


def _yaml11_on_key(x):
    """PyYAML follows YAML 1.1, where a bare `on` key reads as boolean True.  The contract's
    own example writes `on: action` unquoted, so map that key back to "on"."""
    if isinstance(x, dict):
        return {("on" if k is True else k): _yaml11_on_key(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_yaml11_on_key(v) for v in x]
    return x


def load_plan(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    plan = load_yaml_subset(text)
    try:
        import yaml  # optional cross-check
    except ImportError:
        return plan
    other = _yaml11_on_key(yaml.safe_load(text))
    if other != plan:
        fail("plan: stdlib reader and PyYAML disagree")
    return other


# ----- checks -------------------------------------------------------------------------------

def check_evidence(where, items):
    if not isinstance(items, list):
        fail("%s: evidence must be a list" % where)
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                fail("%s: empty evidence string" % where)
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or it.get("on", "state") not in ("state", "action", "both"):
                fail("%s: bad evidence mapping %r" % (where, it))
        else:
            fail("%s: bad evidence item %r" % (where, it))


def check_plan(plan, task):
    if plan.get("task") != task:
        fail("plan: task differs from the corpus task")
    pf = plan.get("plan_falsifiers") or {}
    for scope, items in pf.items():
        if scope not in SCOPES:
            fail("plan_falsifiers: unknown scope %s" % scope)
        check_evidence("plan_falsifiers.%s" % scope, items)
    ids = []
    for c in plan.get("commitments") or []:
        cid = c.get("id")
        ids.append(cid)
        if not cid or not c.get("subgoal"):
            fail("commitment without id/subgoal: %r" % c)
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail("%s: confidence out of range" % cid)
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                fail("%s: unknown confirm stage %s" % (cid, stage))
            check_evidence("%s.confirm.%s" % (cid, stage), items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                fail("%s: unknown falsify scope %s" % (cid, scope))
            check_evidence("%s.falsify.%s" % (cid, scope), items)
    if len(ids) != len(set(ids)) or not ids:
        fail("plan: commitment ids missing or not unique")
    return set(ids)


def parse_page(obs, where):
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            fail("%s: observation lacks %s" % (where, k))
    lines = obs["text"].split("\n")
    if not lines[0].startswith("RootWebArea "):
        fail("%s: AXTree does not start with RootWebArea" % where)
    nodes = {}
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not m:
            fail("%s: bad AXTree line %r" % (where, ln))
            continue
        bid = m.group(2)
        if bid is not None:
            if bid in nodes:
                fail("%s: duplicate bid %s" % (where, bid))
            nodes[bid] = "%s %s" % (m.group(3), m.group(4))
    return nodes


def check_run(run, plan_ids, task):
    rid = run.get("id", "?")
    for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
        if k not in run:
            fail("%s: missing %s" % (rid, k))
            return
    if run["task"] != task:
        fail("%s: task differs" % rid)
    label = run["label"]
    if set(("fault", "first_off_track_step")) - set(label):
        fail("%s: label lacks fields" % rid)
        return
    n = len(run["steps"])
    if n == 0:
        fail("%s: no steps" % rid)
        return
    if label["fault"] is None:
        if label["first_off_track_step"] is not None or run["outcome"].get("success") is not True:
            fail("%s: healthy run must have step null and success true" % rid)
        effects = [s["action"]["effect"] for s in run["steps"]]
        if "irreversible" not in effects:
            fail("%s: healthy run never applies the change" % rid)
        if not run["steps"][-1]["action"]["command"].startswith("send_msg_to_user("):
            fail("%s: healthy run does not end with a report" % rid)
    else:
        st = label["first_off_track_step"]
        if not isinstance(st, int) or isinstance(st, bool) or not 0 <= st < n:
            fail("%s: first_off_track_step out of range" % rid)
        if run["outcome"].get("success") is not False:
            fail("%s: faulty run must have success false" % rid)
    page = parse_page(run["initial_observation"], "%s initial" % rid)
    for i, s in enumerate(run["steps"]):
        where = "%s step %d" % (rid, i)
        a = s.get("action") or {}
        if s.get("commitment") is not None and s["commitment"] not in plan_ids:
            fail("%s: unknown commitment %s" % (where, s["commitment"]))
        if not isinstance(a.get("command"), str) or a.get("effect") not in EFFECTS:
            fail("%s: bad action %r" % (where, a))
            continue
        m = BID_CMD_RE.match(a["command"])
        if m:
            bid = m.group(2)
            if bid not in page:
                fail("%s: bid %s not on the page acted on" % (where, bid))
            elif a.get("target") and page[bid] != a["target"]:
                fail("%s: target %r != node %r" % (where, a["target"], page[bid]))
        elif not FREE_CMD_RE.match(a["command"]):
            fail("%s: unknown command %s" % (where, a["command"]))
        page = parse_page(s.get("observation") or {}, where)


def check_determinism():
    src = os.path.join(HERE, "make_corpus.py")
    outs = []
    try:
        for _ in range(2):
            d = tempfile.mkdtemp(prefix=".selftest-", dir=HERE)
            outs.append(d)
            subprocess.run([sys.executable, src, "--out", d], check=True, stdout=subprocess.DEVNULL)
        for rel in ("corpus.jsonl", os.path.join("plans", "keelhouse_scale.yaml")):
            blobs = []
            for base in outs + [HERE]:
                with open(os.path.join(base, rel), "rb") as f:
                    blobs.append(f.read())
            if blobs[0] != blobs[1]:
                fail("make_corpus.py is not deterministic for %s" % rel)
            if blobs[0] != blobs[2]:
                fail("%s on disk differs from a fresh make_corpus.py run" % rel)
    finally:
        for d in outs:
            shutil.rmtree(d, ignore_errors=True)


def main():
    with open(CORPUS, encoding="utf-8") as f:
        runs = [json.loads(line) for line in f if line.strip()]
    if len(runs) != N_RUNS:
        fail("expected %d runs, found %d" % (N_RUNS, len(runs)))
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        fail("run ids are not unique")
    tasks = {r.get("task") for r in runs}
    plans = {r.get("plan") for r in runs}
    if len(tasks) != 1 or len(plans) != 1:
        fail("runs disagree on task or plan")
    task, plan_rel = tasks.pop(), plans.pop()
    plan_path = os.path.join(os.path.dirname(CORPUS), plan_rel)
    if not os.path.exists(plan_path):
        fail("plan file %s missing" % plan_rel)
        plan_ids = set()
    else:
        plan_ids = check_plan(load_plan(plan_path), task)
    wf = {r.get("workflow") for r in runs}
    if len(wf) != 1 or os.path.splitext(os.path.basename(plan_rel))[0] != next(iter(wf)):
        fail("workflow name and plans/<workflow>.yaml disagree")
    for r in runs:
        check_run(r, plan_ids, task)
    healthy = [r for r in runs if r["label"]["fault"] is None]
    faulty = [r for r in runs if r["label"]["fault"] is not None]
    if len(healthy) != N_HEALTHY or len(faulty) != N_FAULTY:
        fail("expected %d healthy / %d faulty, found %d / %d" % (N_HEALTHY, N_FAULTY, len(healthy), len(faulty)))
    kinds = {r["label"]["fault"] for r in faulty}
    if kinds != EXPECTED_FAULTS:
        fail("fault kinds differ from the expected set: %s" % sorted(kinds ^ EXPECTED_FAULTS))
    if not any(r["label"]["first_off_track_step"] == 0 for r in faulty):
        fail("no fault visible on the start page (step 0)")
    check_determinism()
    if errors:
        for e in errors:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        sys.exit(1)
    steps = {}
    for r in faulty:
        steps.setdefault(r["label"]["first_off_track_step"], []).append(r["label"]["fault"])
    print("ok: %d runs (%d healthy, %d faulty), plan with %d commitments" % (
        len(runs), len(healthy), len(faulty), len(plan_ids)))
    for k in sorted(steps):
        print("  first off-track step %d: %s" % (k, ", ".join(steps[k])))


if __name__ == "__main__":
    main()
