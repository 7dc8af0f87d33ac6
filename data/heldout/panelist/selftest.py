#!/usr/bin/env python3
"""Validate the Panelist corpus against the fcpkit format contract (FORMATS.md).

Standard library only. Exit status 0 when every check passes.
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
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}
BID_ACTIONS = {"click", "dblclick", "hover", "fill", "select_option", "press", "focus", "clear",
               "check", "uncheck", "upload_file"}
NO_BID_ACTIONS = {"send_msg_to_user", "scroll", "goto", "go_back", "go_forward", "noop",
                  "report_infeasible", "keyboard_press", "keyboard_type", "new_tab", "tab_close", "tab_focus"}
# Fault kinds this corpus must cover (FORMATS.md labelling rule names agent- and environment-caused faults).
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_no_op", "unrequested_filter", "error_page",
                   "permission_denied", "session_expired", "premature_success", "skipped_step",
                   "dialog_mishandled"}
LINE_RE = re.compile(r"^\t*(\[[^\]\s]+\] )?[A-Za-z]+ ('([^'\\]|\\.)*'|\"([^\"\\]|\\.)*\")(, .*)?$")

errors = []


def err(msg):
    errors.append(msg)


# --- a small YAML reader for the block subset the plan uses ---------------------------

def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        s = raw.strip()
        if not s or s.startswith("#"):
            continue
        lines.append([len(raw) - len(raw.lstrip(" ")), s])
    pos = [0]

    def scalar(s):
        if s.startswith('"'):
            return json.loads(s)
        if s == "[]":
            return []
        if s == "{}":
            return {}
        if s in ("null", "~"):
            return None
        if s == "true":
            return True
        if s == "false":
            return False
        try:
            return int(s)
        except ValueError:
            pass
        try:
            return float(s)
        except ValueError:
            return s

    def block(ind):
        if lines[pos[0]][1].startswith("- "):
            return seq(ind)
        return mapping(ind)

    def mapping(ind):
        d = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and not lines[pos[0]][1].startswith("- "):
            k, _, rest = lines[pos[0]][1].partition(":")
            rest = rest.strip()
            pos[0] += 1
            if k in d:
                raise ValueError("duplicate key %r" % k)
            if rest:
                d[k] = scalar(rest)
            else:
                if pos[0] >= len(lines) or lines[pos[0]][0] <= ind:
                    d[k] = None
                else:
                    d[k] = block(lines[pos[0]][0])
        return d

    def seq(ind):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
            item = lines[pos[0]][1][2:]
            if re.match(r"^[A-Za-z_][\w-]*:( |$)", item):
                lines[pos[0]] = [ind + 2, item]
                out.append(mapping(ind + 2))
            else:
                pos[0] += 1
                out.append(scalar(item))
        return out

    result = block(lines[0][0])
    if pos[0] != len(lines):
        raise ValueError("unparsed YAML from line %r" % (lines[pos[0]][1],))
    return result


def norm_on(v):
    """YAML 1.1 loaders (PyYAML) read the bare key `on` as boolean True; map it back."""
    if isinstance(v, dict):
        return {("on" if k is True else k): norm_on(x) for k, x in v.items()}
    if isinstance(v, list):
        return [norm_on(x) for x in v]
    return v


def check_evidence(items, where):
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
            if it.get("on", "state") not in ON:
                err("%s: bad 'on' %r" % (where, it.get("on")))
        else:
            err("%s: bad evidence item %r" % (where, it))


def check_plan(plan, path):
    if not isinstance(plan, dict):
        err("plan %s is not a mapping" % path)
        return set()
    if not isinstance(plan.get("task"), str):
        err("plan %s: task missing" % path)
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in SCOPES:
            err("plan_falsifiers: unknown scope %r" % scope)
        check_evidence(items, "plan_falsifiers.%s" % scope)
    ids = set()
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not cs:
        err("plan %s: commitments missing" % path)
        return ids
    for c in cs:
        cid = c.get("id")
        if not isinstance(cid, str) or cid in ids:
            err("commitment id missing or duplicated: %r" % cid)
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str):
            err("commitment %s: subgoal missing" % cid)
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            err("commitment %s: confidence out of range" % cid)
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                err("commitment %s: unknown confirm stage %r" % (cid, stage))
            check_evidence(items, "%s.confirm.%s" % (cid, stage))
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                err("commitment %s: unknown falsify scope %r" % (cid, scope))
            check_evidence(items, "%s.falsify.%s" % (cid, scope))
    return ids


def check_obs(o, where):
    if not isinstance(o, dict):
        err("%s: observation is not an object" % where)
        return
    for f in ("url", "title", "text"):
        if not isinstance(o.get(f), str):
            err("%s: observation.%s missing" % (where, f))
    if "error" not in o or not (o["error"] is None or isinstance(o["error"], str)):
        err("%s: observation.error must be null or a string" % where)
    text = o.get("text") or ""
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        err("%s: tree does not start with RootWebArea" % where)
    seen = set()
    for ln in lines:
        if not LINE_RE.match(ln):
            err("%s: malformed tree line %r" % (where, ln))
            break
        m = re.match(r"^\t*\[([^\]]+)\]", ln)
        if m:
            if m.group(1) in seen:
                err("%s: duplicate bid %s" % (where, m.group(1)))
            seen.add(m.group(1))


def bid_lines(text):
    out = {}
    for ln in text.split("\n"):
        m = re.match(r"^\t*\[([^\]]+)\] (.*)$", ln)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def check_action(a, prev_text, where):
    if not isinstance(a, dict):
        err("%s: action is not an object" % where)
        return
    for f in ("command", "reasoning", "target", "effect"):
        if not isinstance(a.get(f), str):
            err("%s: action.%s missing" % (where, f))
    if a.get("effect") not in EFFECTS:
        err("%s: bad effect %r" % (where, a.get("effect")))
    m = re.match(r"^([a-z_]+)\((.*)\)$", a.get("command", ""), re.S)
    if not m:
        err("%s: unparsable command %r" % (where, a.get("command")))
        return
    name, args = m.group(1), m.group(2)
    if name in NO_BID_ACTIONS:
        return
    if name not in BID_ACTIONS:
        err("%s: unknown action %r" % (where, name))
        return
    bm = re.match(r"^\s*'([^']+)'", args)
    if not bm:
        err("%s: no bid in %r" % (where, a["command"]))
        return
    bid = bm.group(1)
    lines = bid_lines(prev_text)
    if bid not in lines:
        err("%s: bid %s not on the page acted on" % (where, bid))
        return
    node = lines[bid]
    if not node.startswith(a["target"]):
        err("%s: target %r does not match node [%s] %r" % (where, a["target"], bid, node))
    if "disabled=True" in node and name in ("click", "fill", "select_option"):
        err("%s: acts on a disabled control [%s]" % (where, bid))


def check_corpus():
    if not os.path.exists(CORPUS):
        err("corpus.jsonl missing")
        return
    with open(CORPUS, encoding="utf-8") as f:
        raw = f.read().split("\n")
    if raw[-1] != "":
        err("corpus.jsonl must end with a newline")
    recs = []
    for i, ln in enumerate(raw[:-1]):
        try:
            recs.append(json.loads(ln))
        except ValueError as e:
            err("line %d: not JSON (%s)" % (i + 1, e))
    if len(recs) != 20:
        err("expected 20 runs, found %d" % len(recs))
    plans = {}
    ids = set()
    healthy = faulty = 0
    faults = set()
    for r in recs:
        rid = r.get("id")
        where = str(rid)
        if not isinstance(rid, str) or rid in ids:
            err("id missing or duplicated: %r" % rid)
        ids.add(rid)
        for f in ("workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if f not in r:
                err("%s: missing %s" % (where, f))
        if any(f not in r for f in ("plan", "label", "steps", "outcome", "initial_observation")):
            continue
        plan_ref = r["plan"]
        if isinstance(plan_ref, str):
            p = os.path.join(HERE, plan_ref)
            if p not in plans:
                if not os.path.exists(p):
                    err("%s: plan %s missing" % (where, plan_ref))
                    plans[p] = None
                else:
                    with open(p, encoding="utf-8") as f:
                        text = f.read()
                    try:
                        plan = json.loads(text) if p.endswith(".json") else parse_yaml(text)
                    except ValueError as e:
                        err("plan %s does not parse: %s" % (plan_ref, e))
                        plan = None
                    try:  # cross-check with PyYAML when it happens to be installed
                        import yaml  # noqa: F401
                        if plan is not None and norm_on(yaml.safe_load(text)) != plan:
                            err("plan %s: mini parser and PyYAML disagree" % plan_ref)
                    except ImportError:
                        pass
                    plans[p] = (plan, check_plan(plan, plan_ref) if plan is not None else set())
            entry = plans[p]
        else:
            entry = (plan_ref, check_plan(plan_ref, "inline"))
        if entry:
            plan, cids = entry
            if isinstance(plan, dict) and plan.get("task") != r["task"]:
                err("%s: task differs from the plan's task" % where)
        else:
            cids = set()
        lab = r["label"]
        if not isinstance(lab, dict) or "fault" not in lab or "first_off_track_step" not in lab:
            err("%s: label needs fault and first_off_track_step" % where)
            continue
        steps = r["steps"]
        if not isinstance(steps, list) or not steps:
            err("%s: steps must be a non-empty list" % where)
            continue
        succ = r["outcome"].get("success") if isinstance(r["outcome"], dict) else None
        if not isinstance(succ, bool):
            err("%s: outcome.success must be a bool" % where)
        if lab["fault"] is None:
            healthy += 1
            if lab["first_off_track_step"] is not None:
                err("%s: healthy run with a first_off_track_step" % where)
            if succ is not True:
                err("%s: healthy run should succeed" % where)
            if not any(s["action"].get("effect") == "irreversible" for s in steps):
                err("%s: healthy run never sends the invites" % where)
        else:
            faulty += 1
            faults.add(lab["fault"])
            k = lab["first_off_track_step"]
            if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < len(steps):
                err("%s: first_off_track_step %r out of range" % (where, k))
            if succ is not False:
                err("%s: faulty run should not succeed" % where)
        check_obs(r["initial_observation"], where + "/initial")
        prev = r["initial_observation"].get("text", "")
        for i, s in enumerate(steps):
            sw = "%s/step%d" % (where, i)
            if "action" not in s or "observation" not in s:
                err("%s: step needs action and observation" % sw)
                continue
            if "commitment" in s and cids and s["commitment"] not in cids:
                err("%s: unknown commitment %r" % (sw, s["commitment"]))
            check_action(s["action"], prev, sw)
            check_obs(s["observation"], sw)
            prev = s["observation"].get("text", "")
    if healthy != 8 or faulty != 12:
        err("expected 8 healthy and 12 faulty runs, found %d and %d" % (healthy, faulty))
    missing = REQUIRED_FAULTS - faults
    if missing:
        err("fault kinds not covered: %s" % ", ".join(sorted(missing)))
    return recs


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def check_determinism():
    with tempfile.TemporaryDirectory(prefix="panelist-") as d1, \
            tempfile.TemporaryDirectory(prefix="panelist-") as d2:
        outs = [d1, d2]
        for d in outs:
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", d],
                           check=True, stdout=subprocess.DEVNULL)
        compare(outs)


def compare(outs):
    for rel in ("corpus.jsonl", os.path.join("plans", "panelist.yaml")):
        h = [digest(os.path.join(d, rel)) for d in outs]
        if h[0] != h[1]:
            err("make_corpus.py is not deterministic for %s" % rel)
        if not os.path.exists(os.path.join(HERE, rel)):
            err("%s missing; run make_corpus.py" % rel)
        elif digest(os.path.join(HERE, rel)) != h[0]:
            err("%s is stale; rerun make_corpus.py" % rel)


def main():
    recs = check_corpus() or []
    check_determinism()
    if errors:
        for e in errors[:50]:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        return 1
    n_steps = sum(len(r["steps"]) for r in recs)
    print("OK: %d runs (%d steps), plan parses, bids resolve, generation is reproducible" % (len(recs), n_steps))
    return 0


if __name__ == "__main__":
    sys.exit(main())
