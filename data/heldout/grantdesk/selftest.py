#!/usr/bin/env python3
"""Validate the GrantDesk corpus against the fcpkit format contract (FORMATS.md).

Python 3 standard library only (PyYAML, when installed, is used as a cross-check).

    python3 selftest.py

Checks: make_corpus.py determinism (two fresh builds and the files on disk are byte
identical); corpus fields and types; labels (8 healthy, 12 faulty, first_off_track_step in
range); fault kinds covered; accessibility-tree line syntax and unique bids per page; every
bid an action uses exists on the page it acted on, with a matching target; select_option
values are options of that combobox; effects; plan syntax and structure; commitments named
in steps exist in the plan; the plan file is unchanged since it was frozen.
"""
import ast
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
WORKFLOW = "grantdesk"
PLAN = os.path.join(HERE, "plans", WORKFLOW + ".yaml")

# sha256 of plans/grantdesk.yaml, recorded when the plan was frozen (before faulty runs).
PLAN_SHA256 = "5a20d1f29455532693b4c05015c65f6d539154beaddc916d7b3748a790bbe8a7"

EXPECTED_RUNS = 20
EXPECTED_HEALTHY = 8
EXPECTED_FAULTY = 12
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_filter",
                   "stale_filter", "permission_denied", "lost_session", "premature_success",
                   "skipped_step", "dialog_mishandled"}
EFFECTS = {"read", "write", "irreversible"}
ACTIONS = {"click", "dblclick", "hover", "fill", "clear", "select_option", "press", "focus",
           "check", "uncheck", "scroll", "goto", "go_back", "go_forward", "noop",
           "send_msg_to_user", "report_infeasible"}
BID_ACTIONS = {"click", "dblclick", "hover", "fill", "clear", "select_option", "press", "focus",
               "check", "uncheck"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}

LINE_RE = re.compile(r"^(\t*)(?:\[([A-Za-z0-9]+)\] )?([A-Za-z]+) '([^']*)'((?:, [A-Za-z]+(?:=(?:'[^']*'|[A-Za-z0-9]+))?)*)$")

failures = []


def fail(msg):
    failures.append(msg)


# ---------------------------------------------------------------------------
# Minimal YAML subset reader (block mappings/sequences, quoted and plain scalars)
# ---------------------------------------------------------------------------

def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        s = raw.rstrip()
        if not s.strip() or s.lstrip().startswith("#"):
            continue
        if "\t" in s[: len(s) - len(s.lstrip())]:
            raise ValueError("tab indentation: %r" % raw)
        lines.append([len(s) - len(s.lstrip(" ")), s.strip()])
    pos = [0]
    key_re = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*:(\s|$)")

    def scalar(v):
        if v.startswith('"'):
            return json.loads(v)
        if v.startswith("'"):
            if not v.endswith("'"):
                raise ValueError("unterminated scalar %r" % v)
            return v[1:-1].replace("''", "'")
        if v == "[]":
            return []
        if v == "{}":
            return {}
        if v in ("null", "~"):
            return None
        if v in ("true", "false"):
            return v == "true"
        if re.match(r"^-?\d+$", v):
            return int(v)
        if re.match(r"^-?\d+\.\d*$", v):
            return float(v)
        if v[:1] in "[{&*!|>%@`":
            raise ValueError("unsupported YAML construct %r" % v)
        return v

    def block(ind):
        if lines[pos[0]][1].startswith("- "):
            return seq(ind)
        return mapping(ind)

    def mapping(ind):
        out = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and not lines[pos[0]][1].startswith("- "):
            content = lines[pos[0]][1]
            if not key_re.match(content):
                raise ValueError("expected 'key: value', got %r" % content)
            k, _, v = content.partition(":")
            v = v.strip()
            if k in out:
                raise ValueError("duplicate key %r" % k)
            pos[0] += 1
            if v == "":
                if pos[0] < len(lines) and lines[pos[0]][0] > ind:
                    out[k] = block(lines[pos[0]][0])
                else:
                    out[k] = None
            else:
                out[k] = scalar(v)
        if pos[0] < len(lines) and lines[pos[0]][0] > ind:
            raise ValueError("bad indentation at %r" % lines[pos[0]][1])
        return out

    def seq(ind):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
            item = lines[pos[0]][1][2:].strip()
            if key_re.match(item):
                lines[pos[0]] = [ind + 2, item]
                out.append(mapping(ind + 2))
            else:
                pos[0] += 1
                out.append(scalar(item))
        return out

    result = block(lines[0][0])
    if pos[0] != len(lines):
        raise ValueError("trailing content at %r" % lines[pos[0]][1])
    return result


def check_evidence(where, items):
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
            if it.get("on", "state") not in ("state", "action", "both"):
                fail("%s: bad 'on' %r" % (where, it.get("on")))
        else:
            fail("%s: evidence item of type %s" % (where, type(it).__name__))


def check_plan(task):
    with open(PLAN, "rb") as f:
        raw = f.read()
    digest = hashlib.sha256(raw).hexdigest()
    if PLAN_SHA256 != "__PLAN_SHA256__" and digest != PLAN_SHA256:
        fail("plan changed since it was frozen (sha256 %s)" % digest)
    plan = parse_yaml(raw.decode("utf-8"))
    try:
        import yaml  # optional cross-check
        # YAML 1.1 loaders read a bare `on` key as boolean true; the contract spells it `on`.
        def norm(x):
            if isinstance(x, dict):
                return {("on" if k is True else k): norm(v) for k, v in x.items()}
            if isinstance(x, list):
                return [norm(v) for v in x]
            return x
        if norm(yaml.safe_load(raw)) != plan:
            fail("subset YAML reader and PyYAML disagree on the plan")
    except ImportError:
        pass
    if plan.get("task") != task:
        fail("plan task differs from corpus task")
    pf = plan.get("plan_falsifiers", {})
    if not isinstance(pf, dict) or set(pf) - SCOPES:
        fail("plan_falsifiers must map scopes %s" % sorted(SCOPES))
    for scope, items in pf.items():
        check_evidence("plan_falsifiers.%s" % scope, items)
    if not any("Sign in to GrantDesk" == (x if isinstance(x, str) else x.get("text"))
               for items in pf.values() for x in items):
        fail("plan-level falsifier naming the sign-in page is missing")
    ids = []
    for cm in plan.get("commitments", []):
        cid = cm.get("id")
        if not isinstance(cid, str):
            fail("commitment without id")
            continue
        ids.append(cid)
        if not isinstance(cm.get("subgoal"), str):
            fail("%s: subgoal missing" % cid)
        conf = cm.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail("%s: confidence out of range" % cid)
        for stage, items in (cm.get("confirm") or {}).items():
            if stage not in STAGES:
                fail("%s: unknown confirm stage %s" % (cid, stage))
            check_evidence("%s.confirm.%s" % (cid, stage), items)
        for scope, items in (cm.get("falsify") or {}).items():
            if scope not in SCOPES:
                fail("%s: unknown falsify scope %s" % (cid, scope))
            check_evidence("%s.falsify.%s" % (cid, scope), items)
    if len(ids) != len(set(ids)) or not ids:
        fail("commitment ids missing or not unique: %s" % ids)
    return set(ids), digest


# ---------------------------------------------------------------------------
# Pages and actions
# ---------------------------------------------------------------------------

def parse_page(where, obs):
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            fail("%s: observation lacks %s" % (where, k))
            return {}
    if not isinstance(obs["url"], str) or not isinstance(obs["title"], str) or not isinstance(obs["text"], str):
        fail("%s: url/title/text must be strings" % where)
        return {}
    if obs["error"] is not None and not isinstance(obs["error"], str):
        fail("%s: error must be null or string" % where)
    lines = obs["text"].split("\n")
    if lines[0] != "RootWebArea '%s', focused" % obs["title"]:
        fail("%s: first line is not the RootWebArea with the page title" % where)
    nodes = {}
    for i, ln in enumerate(lines):
        m = LINE_RE.match(ln)
        if not m:
            fail("%s: malformed tree line %r" % (where, ln))
            continue
        depth, bid, role, name = len(m.group(1)), m.group(2), m.group(3), m.group(4)
        if role in ("StaticText", "RootWebArea"):
            if bid:
                fail("%s: %s with a bid" % (where, role))
            continue
        if not bid:
            fail("%s: %s node without bid: %r" % (where, role, ln))
            continue
        if bid in nodes:
            fail("%s: duplicate bid %s" % (where, bid))
        nodes[bid] = (i, depth, role, name, m.group(5))
    return {"nodes": nodes, "lines": lines}


def options_under(page, bid):
    i, depth, _, _, _ = page["nodes"][bid]
    out = []
    for ln in page["lines"][i + 1:]:
        m = LINE_RE.match(ln)
        if not m or len(m.group(1)) <= depth:
            break
        if m.group(3) == "option":
            out.append(m.group(4))
    return out


def check_action(where, action, page):
    for k in ("command", "effect"):
        if k not in action:
            fail("%s: action lacks %s" % (where, k))
            return
    if action["effect"] not in EFFECTS:
        fail("%s: bad effect %r" % (where, action["effect"]))
    m = re.match(r"^(\w+)\((.*)\)$", action["command"], re.S)
    if not m:
        fail("%s: unparsable command %r" % (where, action["command"]))
        return
    fn = m.group(1)
    if fn not in ACTIONS:
        fail("%s: unknown action %s" % (where, fn))
        return
    try:
        args = ast.literal_eval("(" + m.group(2) + ",)") if m.group(2).strip() else ()
    except (ValueError, SyntaxError):
        fail("%s: bad arguments in %r" % (where, action["command"]))
        return
    if fn in BID_ACTIONS:
        if not args or not isinstance(args[0], str):
            fail("%s: %s without bid" % (where, fn))
            return
        bid = args[0]
        if bid not in page.get("nodes", {}):
            fail("%s: bid %s not on the page acted on" % (where, bid))
            return
        _, _, role, name, props = page["nodes"][bid]
        if action.get("target") != "%s '%s'" % (role, name):
            fail("%s: target %r does not match node %s %r" % (where, action.get("target"), role, name))
        if "disabled=True" in (props or ""):
            fail("%s: action on a disabled control %s" % (where, bid))
        if fn == "select_option":
            if role not in ("combobox", "listbox"):
                fail("%s: select_option on %s" % (where, role))
            elif len(args) < 2 or args[1] not in options_under(page, bid):
                fail("%s: option %r not offered by %s" % (where, args[1:2], bid))
        if fn == "fill" and (len(args) < 2 or not isinstance(args[1], str)):
            fail("%s: fill without a value" % where)
    elif fn == "send_msg_to_user":
        if len(args) != 1 or not isinstance(args[0], str):
            fail("%s: send_msg_to_user needs one string" % where)


# ---------------------------------------------------------------------------

def check_determinism():
    script = os.path.join(HERE, "make_corpus.py")
    blobs = []
    for _ in range(2):
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([sys.executable, script, "--out", tmp], check=True, stdout=subprocess.DEVNULL)
            blobs.append((open(os.path.join(tmp, "corpus.jsonl"), "rb").read(),
                          open(os.path.join(tmp, "plans", WORKFLOW + ".yaml"), "rb").read()))
    if blobs[0] != blobs[1]:
        fail("make_corpus.py is not deterministic")
    on_disk = (open(CORPUS, "rb").read(), open(PLAN, "rb").read())
    if blobs[0] != on_disk:
        fail("corpus.jsonl / plan on disk differ from a fresh make_corpus.py build")


def main():
    check_determinism()
    runs = []
    with open(CORPUS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                runs.append(json.loads(line))
            except ValueError as e:
                fail("line %d: invalid JSON (%s)" % (n, e))
    if len(runs) != EXPECTED_RUNS:
        fail("expected %d runs, found %d" % (EXPECTED_RUNS, len(runs)))
    tasks = {r.get("task") for r in runs}
    if len(tasks) != 1:
        fail("runs disagree on the task")
    commitment_ids, digest = check_plan(next(iter(tasks)))

    ids = set()
    healthy = faulty = 0
    kinds = {}
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail("%s: missing field %s" % (rid, k))
        if rid in ids:
            fail("duplicate id %s" % rid)
        ids.add(rid)
        if r.get("workflow") != WORKFLOW:
            fail("%s: workflow %r" % (rid, r.get("workflow")))
        plan_ref = r.get("plan")
        if not isinstance(plan_ref, str) or not os.path.isfile(os.path.join(HERE, plan_ref)):
            fail("%s: plan path %r does not resolve" % (rid, plan_ref))
        steps = r.get("steps") or []
        if not steps:
            fail("%s: no steps" % rid)
        label = r.get("label", {})
        fault, step = label.get("fault", "?"), label.get("first_off_track_step", "?")
        success = (r.get("outcome") or {}).get("success")
        if not isinstance(success, bool):
            fail("%s: outcome.success must be a bool" % rid)
        if fault is None:
            healthy += 1
            if step is not None:
                fail("%s: healthy run with first_off_track_step %r" % (rid, step))
            if success is not True:
                fail("%s: healthy run not successful" % rid)
        else:
            faulty += 1
            kinds.setdefault(fault, []).append((rid, step))
            if not isinstance(fault, str) or not isinstance(step, int) or isinstance(step, bool):
                fail("%s: faulty label must be (str, int)" % rid)
            elif not 0 <= step < len(steps):
                fail("%s: first_off_track_step %d outside 0..%d" % (rid, step, len(steps) - 1))
            if success is not False:
                fail("%s: faulty run marked successful" % rid)
            if fault.split("_")[0] not in rid:
                fail("%s: id does not name its fault %s" % (rid, fault))
        page = parse_page("%s init" % rid, r.get("initial_observation", {}))
        for i, s in enumerate(steps):
            where = "%s step %d" % (rid, i)
            if "action" not in s or "observation" not in s:
                fail("%s: step lacks action/observation" % where)
                continue
            if "commitment" in s and s["commitment"] not in commitment_ids:
                fail("%s: unknown commitment %r" % (where, s["commitment"]))
            check_action(where, s["action"], page)
            page = parse_page(where, s["observation"])
        if fault is None:
            last = steps[-1]["observation"]["text"]
            if "submitted for approval" not in last or "Sign in to GrantDesk" in last:
                fail("%s: healthy run does not end on the submitted transfer" % rid)
            for i, s in enumerate(steps):
                if "Sign in to GrantDesk" in s["observation"]["text"]:
                    fail("%s: healthy run shows the sign-in page at step %d" % (rid, i))
    if healthy != EXPECTED_HEALTHY or faulty != EXPECTED_FAULTY:
        fail("expected %d healthy + %d faulty, found %d + %d" % (EXPECTED_HEALTHY, EXPECTED_FAULTY, healthy, faulty))
    missing = REQUIRED_FAULTS - set(kinds)
    if missing:
        fail("fault kinds not covered: %s" % sorted(missing))
    if not any(step == 0 for v in kinds.values() for _, step in v):
        fail("no fault visible on the start page (step 0)")

    if failures:
        print("SELFTEST FAILED (%d problems)" % len(failures))
        for m in failures:
            print("  - " + m)
        return 1
    print("selftest OK: %d runs (%d healthy, %d faulty), %d fault kinds, plan sha256 %s"
          % (len(runs), healthy, faulty, len(kinds), digest[:12]))
    for k in sorted(kinds):
        print("  %-20s %s" % (k, ", ".join("%s@%d" % (rid.rsplit("-", 1)[-1], st) for rid, st in kinds[k])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
