#!/usr/bin/env python3
"""Self-test for the Tollgate held-out corpus (standard library only; PyYAML used only if present).

Checks the corpus and plan against the fcpkit format contract (FORMATS.md):
fields and types, labels, that every bid an action uses exists on the page it acted on
(and that the recorded target names that node), that selected options exist, the plan's
structure, and that make_corpus.py is byte-for-byte deterministic.
Exit status 0 when everything passes.
"""
import ast
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
BASE = "http://127.0.0.1:8000"
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
BID_FUNCS = {"click", "dblclick", "hover", "fill", "select_option", "check", "uncheck", "press", "clear", "focus"}
FREE_FUNCS = {"send_msg_to_user", "scroll", "go_back", "go_forward", "goto", "noop", "report_infeasible"}
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_no_op", "unrequested_constraint", "stale_filter",
                   "permission_denied", "session_expired", "premature_success", "skipped_step",
                   "dialog_mishandled", "wrong_banner"}

NODE_RE = re.compile(r"^(\t*)\[([^\]]+)\] (\S+) '(.*?)'(?=,|$)(.*)$")
TEXT_RE = re.compile(r"^(\t*)StaticText '.*'$")

failures = []


def fail(msg):
    failures.append(msg)


# --------------------------------------------------------------------------- tiny YAML subset
def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        s = raw.rstrip()
        if not s.strip() or s.lstrip().startswith("#"):
            continue
        lines.append([len(s) - len(s.lstrip(" ")), s.strip()])
    pos = [0]

    def scalar(v):
        if v.startswith('"'):
            return json.loads(v)
        if v.startswith("'"):
            return v[1:-1].replace("''", "'")
        if v in ("null", "~"):
            return None
        if v in ("true", "false"):
            return v == "true"
        for t in (int, float):
            try:
                return t(v)
            except ValueError:
                pass
        return v

    def block(ind):
        return seq(ind) if lines[pos[0]][1].startswith("- ") else mapping(ind)

    def mapping(ind):
        d = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and not lines[pos[0]][1].startswith("- "):
            k, _, v = lines[pos[0]][1].partition(":")
            k, v = k.strip(), v.strip()
            if k in d:
                raise ValueError("duplicate key %r" % k)
            pos[0] += 1
            if v:
                d[k] = scalar(v)
            elif pos[0] < len(lines) and (lines[pos[0]][0] > ind or
                                          (lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "))):
                d[k] = block(lines[pos[0]][0])
            else:
                d[k] = None
        if pos[0] < len(lines) and lines[pos[0]][0] > ind:
            raise ValueError("bad indentation near %r" % lines[pos[0]][1])
        return d

    def seq(ind):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
            item = lines[pos[0]][1][2:].strip()
            if re.match(r"^[A-Za-z_][\w-]*:( |$)", item):
                lines[pos[0]] = [ind + 2, item]
                out.append(mapping(ind + 2))
            else:
                pos[0] += 1
                out.append(scalar(item))
        return out

    doc = block(lines[0][0])
    if pos[0] != len(lines):
        raise ValueError("trailing content near %r" % lines[pos[0]][1])
    return doc


def norm_pyyaml(x):
    """PyYAML (YAML 1.1) reads the key `on` as boolean True; map it back."""
    if isinstance(x, dict):
        return {("on" if k is True else k): norm_pyyaml(v) for k, v in x.items()}
    if isinstance(x, list):
        return [norm_pyyaml(v) for v in x]
    return x


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
                fail("%s: evidence mapping needs text" % where)
            if it.get("on", "state") not in ("state", "action", "both"):
                fail("%s: bad on=%r" % (where, it.get("on")))
            extra = set(it) - {"text", "on"}
            if extra:
                fail("%s: unexpected evidence keys %s" % (where, extra))
        else:
            fail("%s: evidence item of type %s" % (where, type(it).__name__))


def check_plan(path):
    text = open(path, encoding="utf-8").read()
    try:
        plan = parse_yaml(text)
    except Exception as e:  # noqa: BLE001
        fail("plan %s does not parse: %s" % (path, e))
        return None
    try:
        import yaml  # optional cross-check
        other = norm_pyyaml(yaml.safe_load(text))
        if other != plan:
            fail("plan: PyYAML and the subset parser disagree")
    except ImportError:
        pass
    if not isinstance(plan.get("task"), str) or not plan["task"]:
        fail("plan: task missing")
    pf = plan.get("plan_falsifiers") or {}
    for scope, items in pf.items():
        if scope not in SCOPES:
            fail("plan_falsifiers: unknown scope %r" % scope)
        check_evidence("plan_falsifiers.%s" % scope, items)
    ids = []
    for c in plan.get("commitments") or []:
        cid = c.get("id")
        ids.append(cid)
        if not isinstance(cid, str) or not cid:
            fail("commitment without id")
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"]:
            fail("%s: subgoal missing" % cid)
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            fail("%s: confidence %r not in [0,1]" % (cid, k))
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                fail("%s: unknown confirm stage %r" % (cid, stage))
            check_evidence("%s.confirm.%s" % (cid, stage), items or [])
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                fail("%s: unknown falsify scope %r" % (cid, scope))
            check_evidence("%s.falsify.%s" % (cid, scope), items or [])
        extra = set(c) - {"id", "subgoal", "skill", "confidence", "confirm", "falsify"}
        if extra:
            fail("%s: unexpected keys %s" % (cid, extra))
    if not ids:
        fail("plan has no commitments")
    if len(ids) != len(set(ids)):
        fail("plan: duplicate commitment ids")
    return plan


# --------------------------------------------------------------------------- observations
def parse_page(obs, where):
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            fail("%s: observation lacks %s" % (where, k))
            return {}
    if not isinstance(obs["text"], str) or not isinstance(obs["title"], str) or not isinstance(obs["url"], str):
        fail("%s: url/title/text must be strings" % where)
        return {}
    if obs["error"] is not None and not isinstance(obs["error"], str):
        fail("%s: error must be null or a string" % where)
    if not obs["url"].startswith(BASE):
        fail("%s: url %s outside the app" % (where, obs["url"]))
    lines = obs["text"].split("\n")
    if not lines[0].startswith("RootWebArea '%s'" % obs["title"]):
        fail("%s: first line is not the RootWebArea with the page title" % where)
    nodes = {}
    prev = 0
    for ln in lines[1:]:
        m = NODE_RE.match(ln)
        if m:
            depth = len(m.group(1))
            bid = m.group(2)
            if bid in nodes:
                fail("%s: duplicate bid %s" % (where, bid))
            nodes[bid] = (m.group(3), m.group(4), ln)
        elif TEXT_RE.match(ln):
            depth = len(ln) - len(ln.lstrip("\t"))
        else:
            fail("%s: unparseable AXTree line %r" % (where, ln))
            continue
        if depth < 1 or depth > prev + 1:
            fail("%s: bad indentation on %r" % (where, ln))
        prev = depth
    return nodes


def option_names(nodes, combo_bid):
    """Options that follow the combobox node (its children) in the flattened tree."""
    out = []
    seen = False
    combo_line = nodes[combo_bid][2]
    depth = len(combo_line) - len(combo_line.lstrip("\t"))
    for bid, (role, name, line) in nodes.items():
        if bid == combo_bid:
            seen = True
            continue
        if seen:
            d = len(line) - len(line.lstrip("\t"))
            if d <= depth:
                break
            if role == "option":
                out.append(name)
    return out


def check_action(act, page_nodes, after, where):
    for k in ("command", "reasoning", "target", "effect"):
        if k not in act:
            fail("%s: action lacks %s" % (where, k))
            return
    if act["effect"] not in EFFECTS:
        fail("%s: effect %r" % (where, act["effect"]))
    m = re.match(r"^(\w+)\((.*)\)$", act["command"], re.S)
    if not m:
        fail("%s: command %r is not a call" % (where, act["command"]))
        return
    fn = m.group(1)
    try:
        args = ast.literal_eval("(%s,)" % m.group(2)) if m.group(2).strip() else ()
    except (ValueError, SyntaxError):
        fail("%s: arguments of %r do not parse" % (where, act["command"]))
        return
    if fn in FREE_FUNCS:
        return
    if fn not in BID_FUNCS:
        fail("%s: unknown action %s" % (where, fn))
        return
    bid = str(args[0])
    if bid not in page_nodes:
        fail("%s: bid %s not on the page acted on" % (where, bid))
        return
    role, name, _ = page_nodes[bid]
    if act["target"] != "%s '%s'" % (role, name):
        fail("%s: target %r but bid %s is %s '%s'" % (where, act["target"], bid, role, name))
    if fn == "select_option":
        if role != "combobox":
            fail("%s: select_option on a %s" % (where, role))
        elif args[1] not in option_names(page_nodes, bid):
            fail("%s: option %r not offered" % (where, args[1]))
    if fn == "fill":
        if role not in ("textbox", "searchbox", "combobox"):
            fail("%s: fill on a %s" % (where, role))
        if "value='%s'" % args[1] not in after["text"]:
            fail("%s: filled value %r not visible afterwards" % (where, args[1]))
    if fn in ("check", "uncheck") and role != "checkbox":
        fail("%s: %s on a %s" % (where, fn, role))


# --------------------------------------------------------------------------- corpus
def check_corpus():
    raw = open(CORPUS, encoding="utf-8").read()
    if not raw.endswith("\n"):
        fail("corpus does not end with a newline")
    recs = []
    for i, line in enumerate(raw.splitlines()):
        try:
            recs.append(json.loads(line))
        except json.JSONDecodeError as e:
            fail("line %d: %s" % (i + 1, e))
    if len(recs) != 20:
        fail("expected 20 runs, found %d" % len(recs))
    plans = {}
    ids = set()
    healthy = faulty = 0
    faults = set()
    healthy_text = []
    for r in recs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail("%s: missing %s" % (rid, k))
        if rid in ids:
            fail("duplicate id %s" % rid)
        ids.add(rid)
        if r.get("workflow") != "tollgate":
            fail("%s: workflow %r" % (rid, r.get("workflow")))
        plan = r.get("plan")
        if isinstance(plan, str):
            ppath = os.path.normpath(os.path.join(os.path.dirname(CORPUS), plan))
            if not os.path.isfile(ppath):
                fail("%s: plan %s not found" % (rid, plan))
                continue
            if ppath not in plans:
                plans[ppath] = check_plan(ppath)
            plan = plans[ppath]
        if not isinstance(plan, dict):
            continue
        if plan.get("task") != r.get("task"):
            fail("%s: task differs from the plan's task" % rid)
        cids = {c["id"] for c in plan.get("commitments", [])}
        steps = r.get("steps") or []
        if not steps:
            fail("%s: no steps" % rid)
            continue
        label = r.get("label") or {}
        if "fault" not in label or "first_off_track_step" not in label:
            fail("%s: label needs fault and first_off_track_step" % rid)
        fault, off = label.get("fault"), label.get("first_off_track_step")
        success = (r.get("outcome") or {}).get("success")
        if not isinstance(success, bool):
            fail("%s: outcome.success must be a bool" % rid)
        if fault is None:
            healthy += 1
            if off is not None:
                fail("%s: healthy run with first_off_track_step %r" % (rid, off))
            if success is not True:
                fail("%s: healthy run without success" % rid)
        else:
            faulty += 1
            faults.add(fault)
            if not isinstance(fault, str) or not re.match(r"^[a-z][a-z_]*$", fault):
                fail("%s: fault %r is not a snake_case class" % (rid, fault))
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                fail("%s: first_off_track_step %r out of range" % (rid, off))
            if success is not False:
                fail("%s: faulty run marked successful" % rid)
            if not rid.startswith("tollgate-%s-" % fault):
                fail("%s: id does not name its fault" % rid)
        prev = r["initial_observation"]
        prev_nodes = parse_page(prev, "%s initial" % rid)
        if fault is None:
            healthy_text.append(prev.get("text", ""))
        for i, s in enumerate(steps):
            where = "%s step %d" % (rid, i)
            if "action" not in s or "observation" not in s:
                fail("%s: step needs action and observation" % where)
                continue
            if "commitment" in s and s["commitment"] is not None and s["commitment"] not in cids:
                fail("%s: commitment %r not in plan" % (where, s["commitment"]))
            nodes = parse_page(s["observation"], where)
            check_action(s["action"], prev_nodes, s["observation"], where)
            if fault is None:
                healthy_text.append(s["observation"].get("text", ""))
            prev_nodes = nodes
        last = steps[-1]["action"]["command"]
        if not last.startswith("send_msg_to_user("):
            fail("%s: run does not end with a report to the user" % rid)
        if fault is None and not any(s["action"]["effect"] == "irreversible" for s in steps):
            fail("%s: healthy run never commits the reversal" % rid)
    if healthy != 8 or faulty != 12:
        fail("expected 8 healthy and 12 faulty runs, found %d and %d" % (healthy, faulty))
    missing = REQUIRED_FAULTS - faults
    if missing:
        fail("fault kinds not covered: %s" % sorted(missing))
    # the corpus promises near misses and alarming-but-ordinary words on healthy pages too
    blob = "\n".join(healthy_text)
    for needle in ("TG-40781", "Dana Okafur", "CH-88231", "TX-5521970", "7L1H104", "80KM217",
                   "Overdue", "Failed", "Cancelled", "Reversed", "Sort by", "Next page", "Dismiss notification"):
        if needle not in blob:
            fail("healthy pages never show %r" % needle)
    return recs


def check_determinism():
    gen = os.path.join(HERE, "make_corpus.py")
    outs = []
    for _ in range(2):
        d = tempfile.mkdtemp(prefix="tollgate-")
        subprocess.run([sys.executable, gen, d], check=True, stdout=subprocess.DEVNULL)
        outs.append(d)
    for rel in ("corpus.jsonl", os.path.join("plans", "tollgate.yaml")):
        blobs = [open(os.path.join(d, rel), "rb").read() for d in outs]
        here = open(os.path.join(HERE, rel), "rb").read()
        if blobs[0] != blobs[1]:
            fail("make_corpus.py is not deterministic for %s" % rel)
        if blobs[0] != here:
            fail("%s on disk differs from a fresh make_corpus.py run" % rel)


def main():
    check_determinism()
    recs = check_corpus()
    if failures:
        for f in failures[:60]:
            print("FAIL", f)
        print("%d failure(s)" % len(failures))
        return 1
    steps = sum(len(r["steps"]) for r in recs)
    print("ok: %d runs (%d healthy, %d faulty), %d steps; plan and determinism checks passed"
          % (len(recs), sum(r["label"]["fault"] is None for r in recs),
             sum(r["label"]["fault"] is not None for r in recs), steps))
    return 0


if __name__ == "__main__":
    sys.exit(main())
