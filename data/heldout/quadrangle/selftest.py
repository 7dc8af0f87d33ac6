#!/usr/bin/env python3
"""Self-test for the Quadrangle SIS held-out corpus (stdlib; PyYAML used if present).

Checks the corpus and plan against /work/shared/FORMATS.md plus corpus-specific
rules: bids referenced by actions exist on the page they act on, targets match the
node, healthy runs never open a near-miss record, labels are in range, the files are
reproducible from make_corpus.py.
"""
import ast
import importlib.util
import json
import os
import re
import sys

sys.dont_write_bytecode = True

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
FAULTS = {"wrong_record", "session_expired", "stale_filter", "missing_control", "wrong_banner",
          "silent_noop", "permission_denied", "plan_drift", "interstitial"}
EFFECTS = {"read", "write", "irreversible"}
BID_ACTIONS = {"click", "dblclick", "hover", "fill", "press", "select_option", "check", "uncheck",
               "focus", "clear", "upload_file"}
OTHER_ACTIONS = {"scroll", "noop", "goto", "go_back", "go_forward", "send_msg_to_user", "new_tab",
                 "tab_close", "tab_focus", "keyboard_press", "report_infeasible"}
NEAR_MISS_URL = ["20231178", "CHEM-214-01", "CHEM-241-02", "/2252/", "term=2252", "CHEM-214-03"]
NEAR_MISS_TITLE = ["Odoya", "CHEM 214-01", "CHEM 241-02", "Spring 2025", "CHEM 214-03"]
NEAR_MISS_TARGET = ["Odoya", "CHEM 214-01", "CHEM 241-02", "Add to waitlist", "Drop", "Remove from waitlist",
                    "Retroactive enrollment"]

STR_LIT = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
NODE = re.compile(r"^(\t*)\[([A-Za-z0-9]+)\] ([A-Za-z]+) (.*)$")
STATIC = re.compile(r"^(\t*)StaticText (.*)$")
ROOT = re.compile(r"^RootWebArea (.*)$")

errors = []


def err(where, msg):
    errors.append("%s: %s" % (where, msg))


def parse_lit(s, where):
    m = STR_LIT.match(s)
    if not m:
        err(where, "expected a quoted string at %r" % s[:40])
        return None, ""
    return ast.literal_eval(m.group(0)), s[m.end():]


def parse_tree(text, url, where):
    """Return {bid: (role, name, rest)}; check the format line by line."""
    lines = text.split("\n")
    nodes = {}
    m = ROOT.match(lines[0])
    if not m:
        err(where, "first line is not RootWebArea")
    else:
        _, rest = parse_lit(m.group(1), where)
        if ", focused, url=" not in rest:
            err(where, "RootWebArea line lacks ', focused, url='")
        else:
            u, _ = parse_lit(rest.split(", url=", 1)[1], where)
            if u != url:
                err(where, "RootWebArea url %r != observation url %r" % (u, url))
    prev_depth = 0
    for i, line in enumerate(lines[1:], 1):
        w = "%s line %d" % (where, i)
        m = NODE.match(line)
        if m:
            depth, bid, role, rest = len(m.group(1)), m.group(2), m.group(3), m.group(4)
            name, tail = parse_lit(rest, w)
            if bid in nodes:
                err(w, "duplicate bid %s" % bid)
            nodes[bid] = (role, name, tail)
            if tail and not (tail.startswith(" value=") or tail.startswith(", ")):
                err(w, "unexpected text after name: %r" % tail[:40])
        else:
            m = STATIC.match(line)
            if not m:
                err(w, "not a node line: %r" % line[:60])
                continue
            depth = len(m.group(1))
            _, tail = parse_lit(m.group(2), w)
            if tail:
                err(w, "StaticText with trailing text")
        if depth < 1 or depth > prev_depth + 1:
            err(w, "bad indentation depth %d after %d" % (depth, prev_depth))
        prev_depth = depth
    # bids in document order
    order = [int(b) for b in nodes if b.isdigit()]
    if order != sorted(order):
        err(where, "bids not in document order")
    return nodes


def parse_command(cmd, where):
    m = re.match(r"^([a-z_]+)\((.*)\)$", cmd, re.S)
    if not m:
        err(where, "unparseable command %r" % cmd)
        return None, []
    fn, argstr = m.group(1), m.group(2)
    try:
        args = ast.literal_eval("(" + argstr + ",)") if argstr.strip() else ()
    except Exception:
        err(where, "bad arguments in %r" % cmd)
        return fn, []
    return fn, list(args)


def check_obs(obs, where):
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            err(where, "observation missing %s" % k)
    if not isinstance(obs.get("text"), str) or not obs.get("text"):
        err(where, "observation text empty")
        return {}
    return parse_tree(obs["text"], obs.get("url"), where)


def load_plan(path):
    try:
        import yaml  # noqa
        with open(path, encoding="utf-8") as f:
            return yaml.safe_load(f)
    except ImportError:
        print("note: PyYAML not installed; plan checked only superficially")
        return None


def check_plan(plan, where):
    ids = []
    if not isinstance(plan.get("task"), str):
        err(where, "task missing")
    pf = plan.get("plan_falsifiers") or {}
    if not any(pf.get(k) for k in ("execution", "skill", "planning")):
        err(where, "plan_falsifiers empty")

    def check_items(items, w):
        if items is None:
            return
        if not isinstance(items, list):
            err(w, "evidence must be a list")
            return
        for it in items:
            if isinstance(it, str):
                continue
            if isinstance(it, dict):
                if set(it) - {"text", "on"} or not isinstance(it.get("text"), str):
                    err(w, "bad evidence mapping %r" % it)
                if it.get("on", "state") not in ("state", "action", "both"):
                    err(w, "bad on: %r (bare YAML 'on' reads as True; quote it)" % it.get("on"))
            else:
                err(w, "evidence item must be a string or mapping: %r" % (it,))

    for k, v in pf.items():
        if k not in ("execution", "skill", "planning"):
            err(where, "unknown plan_falsifiers scope %s" % k)
        check_items(v, where + " plan_falsifiers." + k)
    cs = plan.get("commitments") or []
    if len(cs) != 4:
        err(where, "expected 4 commitments, got %d" % len(cs))
    for c in cs:
        w = "%s commitment %s" % (where, c.get("id"))
        ids.append(c.get("id"))
        conf = c.get("confidence", 0.5)
        if not (0 <= conf <= 1):
            err(w, "confidence out of range")
        for stage in (c.get("confirm") or {}):
            if stage not in ("precondition", "progress", "completion"):
                err(w, "unknown confirm stage %s" % stage)
            check_items(c["confirm"][stage], w + " confirm." + stage)
        for scope in (c.get("falsify") or {}):
            if scope not in ("execution", "skill", "planning"):
                err(w, "unknown falsify scope %s" % scope)
            check_items(c["falsify"][scope], w + " falsify." + scope)
    if len(set(ids)) != len(ids):
        err(where, "duplicate commitment ids")
    return ids


def main():
    with open(CORPUS, encoding="utf-8") as f:
        raw = [l for l in f.read().split("\n") if l.strip()]
    trajs = []
    for i, l in enumerate(raw):
        try:
            trajs.append(json.loads(l))
        except ValueError as e:
            err("line %d" % (i + 1), "invalid JSON: %s" % e)
    plans = {}
    seen_ids = set()
    counts = {}
    for t in trajs:
        tid = t.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in t:
                err(tid, "missing field %s" % k)
        if tid in seen_ids:
            err(tid, "duplicate id")
        seen_ids.add(tid)
        plan_ids = None
        if isinstance(t.get("plan"), str):
            pp = os.path.join(HERE, t["plan"])
            if not os.path.exists(pp):
                err(tid, "plan file %s missing" % t["plan"])
            else:
                if pp not in plans:
                    pl = load_plan(pp)
                    plans[pp] = check_plan(pl, t["plan"]) if pl is not None else None
                plan_ids = plans[pp]
        fault = t["label"].get("fault")
        fots = t["label"].get("first_off_track_step")
        counts[fault] = counts.get(fault, 0) + 1
        steps = t["steps"]
        if fault is None:
            if fots is not None:
                err(tid, "healthy run with a first_off_track_step")
            if t["outcome"].get("success") is not True:
                err(tid, "healthy run not successful")
        else:
            if fault not in FAULTS:
                err(tid, "unknown fault %r" % fault)
            if not isinstance(fots, int) or not (0 <= fots < len(steps)):
                err(tid, "first_off_track_step %r out of range" % (fots,))
            if t["outcome"].get("success") is not False:
                err(tid, "faulty run marked successful")
        prev = check_obs(t["initial_observation"], tid + " initial")
        prev_obs = t["initial_observation"]
        irreversible = 0
        for i, s in enumerate(steps):
            w = "%s step %d" % (tid, i)
            a = s.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    err(w, "action missing %s" % k)
            if a.get("effect") not in EFFECTS:
                err(w, "bad effect %r" % a.get("effect"))
            if a.get("effect") == "irreversible":
                irreversible += 1
            if plan_ids is not None and s.get("commitment") not in plan_ids:
                err(w, "unknown commitment %r" % s.get("commitment"))
            fn, args = parse_command(a.get("command", ""), w)
            if fn in BID_ACTIONS:
                bid = str(args[0]) if args else None
                if bid not in prev:
                    err(w, "bid %r not on the page acted on" % bid)
                else:
                    role, name, _ = prev[bid]
                    want = "%s %r" % (role, name)
                    if a.get("target") != want:
                        err(w, "target %r != node %r" % (a.get("target"), want))
                    if fn in ("fill", "select_option") and len(args) > 1:
                        # the value must be echoed on the following page when it stays on the same URL
                        if s["observation"]["url"] == prev_obs["url"] and ("value=%r" % args[1]) not in s["observation"]["text"]:
                            err(w, "filled value not echoed on the page")
            elif fn in OTHER_ACTIONS:
                if a.get("target") not in (None, ""):
                    err(w, "non-element action with a target")
                if fn == "goto" and (not args or s["observation"]["url"] != args[0]) and "login." not in s["observation"]["url"]:
                    err(w, "goto url does not match the observation url")
            elif fn is not None:
                err(w, "unknown action %s" % fn)
            if fault is None:
                obs = s["observation"]
                for nm in NEAR_MISS_URL:
                    if nm in obs["url"]:
                        err(w, "healthy run opens near-miss url (%s)" % nm)
                for nm in NEAR_MISS_TITLE:
                    if nm in obs["title"]:
                        err(w, "healthy run opens near-miss page (%s)" % nm)
                for nm in NEAR_MISS_TARGET:
                    if a.get("target") and nm in a["target"]:
                        err(w, "healthy run acts on near-miss control (%s)" % nm)
                if obs.get("error"):
                    err(w, "healthy run with an action error")
            prev = check_obs(s["observation"], w)
            prev_obs = s["observation"]
        if fault is None and irreversible != 1:
            err(tid, "healthy run should have exactly one irreversible action, has %d" % irreversible)
    healthy = counts.get(None, 0)
    faulty = sum(v for k, v in counts.items() if k is not None)
    if len(trajs) != 20 or healthy != 8 or faulty != 12:
        err("corpus", "expected 20 (8 healthy, 12 faulty), got %d (%d, %d)" % (len(trajs), healthy, faulty))
    missing = FAULTS - set(counts)
    if missing:
        err("corpus", "fault classes not covered: %s" % sorted(missing))

    # reproducibility: regenerate in memory and compare
    spec = importlib.util.spec_from_file_location("make_corpus", os.path.join(HERE, "make_corpus.py"))
    mc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mc)
    regen = [json.dumps(r.to_json(), ensure_ascii=False) for r in mc.healthy_runs() + mc.faulty_runs()]
    if regen != raw:
        err("corpus", "corpus.jsonl differs from what make_corpus.py generates")
    with open(os.path.join(HERE, mc.PLAN_REL), encoding="utf-8") as f:
        if f.read() != mc.PLAN_YAML:
            err("plan", "plan file differs from make_corpus.py")

    print("trajectories: %d  healthy: %d  faulty: %d" % (len(trajs), healthy, faulty))
    for k in sorted(x for x in counts if x):
        print("  %-18s %d" % (k, counts[k]))
    if errors:
        print("FAILED (%d problems)" % len(errors))
        for e in errors[:60]:
            print("  " + e)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
