#!/usr/bin/env python3
"""Validate the Saltmarsh PMS corpus against /work/shared/FORMATS.md (stdlib; PyYAML if present).

Checks: required fields and types; label ranges and healthy/faulty consistency; plan files
(3-4 commitments, confirm stages, falsify scopes, evidence items, plan falsifiers); AXTree
shape (root line, indentation, bids unique per page, StaticText without bids); every action
parses as a BrowserGym call; element actions reference a bid present on the page they act on,
the target string equals that node's "role 'name'", the node is enabled, select_option picks an
existing option, fill echoes the value on the next page of the same load; healthy runs never
open or act on a near-miss record; each faulty run's labelled step agrees with the labelling
rule (the first step at which its fault's sign holds).

Usage: python3 selftest.py [corpus.jsonl]
"""
import ast
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FAULTS = {"wrong_record", "session_expired", "stale_filter", "missing_control", "wrong_banner",
          "silent_noop", "permission_denied", "plan_drift", "interstitial"}
EFFECTS = {"read", "write", "irreversible"}
ELEMENT_ACTIONS = {"click", "hover", "fill", "select_option", "press", "focus", "dblclick", "clear"}
ALL_ACTIONS = ELEMENT_ACTIONS | {"goto", "scroll", "noop", "send_msg_to_user", "go_back", "go_forward"}
FILLABLE = {"textbox", "searchbox", "combobox", "spinbutton"}

NEAR_MISS = {
    "move-reservation": ["SM-448210", "SM-431077", "SM-429860", "SM-440318", "G-31188", "Albuquerque-Silva"],
    "post-charge": ["F-20932", "F-19205", "F-19877", "F-00413", "F-00298", "SM-447610", "SM-439904",
                    "Room 241", "Ramanathan", "Murtagh Marine", "C-1042", "check 20259", "4115"],
}

NODE_RE = re.compile(r"^(\t+)\[([^\]]+)\] ([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
TEXT_RE = re.compile(r"^(\t+)StaticText ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")$")
ROOT_RE = re.compile(r"^RootWebArea ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"), focused, url=('(?:[^'\\]|\\.)*')$")
CMD_RE = re.compile(r"^([a-z_]+)\((.*)\)$", re.S)

errors = []


def err(where, msg):
    errors.append("%s: %s" % (where, msg))


# ---------------------------------------------------------------------------
def load_yaml(path):
    try:
        import yaml  # noqa
        with open(path, encoding="utf-8") as fh:
            return yaml.safe_load(fh)
    except ImportError:
        return None


def check_evidence(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        err(where, "evidence must be a list")
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                err(where, "empty evidence string")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str):
                err(where, "evidence mapping without text")
            if it.get("on", "state") not in ("state", "action", "both"):
                err(where, "bad 'on' %r" % it.get("on"))
        else:
            err(where, "evidence item must be str or mapping")


def evidence_texts(plan, on=None):
    out = []

    def take(items):
        for it in items or []:
            if isinstance(it, str):
                if on in (None, "state"):
                    out.append(it)
            elif on is None or it.get("on", "state") == on:
                out.append(it["text"])
    for scope in (plan.get("plan_falsifiers") or {}).values():
        take(scope)
    for c in plan.get("commitments", []):
        for d in ("confirm", "falsify"):
            for items in (c.get(d) or {}).values():
                take(items)
    return out


def check_plan(path):
    where = os.path.relpath(path, HERE)
    if not os.path.exists(path):
        err(where, "plan file missing")
        return None
    plan = load_yaml(path)
    if plan is None:
        txt = open(path, encoding="utf-8").read()
        for key in ("task:", "plan_falsifiers:", "commitments:", "confirm:", "falsify:"):
            if key not in txt:
                err(where, "missing %s (no PyYAML: text check only)" % key)
        return {"_text": txt}
    if not isinstance(plan, dict) or not isinstance(plan.get("task"), str):
        err(where, "plan needs a task string")
        return plan
    pf = plan.get("plan_falsifiers")
    if not isinstance(pf, dict):
        err(where, "plan_falsifiers must be a mapping of scope -> list")
    else:
        for scope, items in pf.items():
            if scope not in ("execution", "skill", "planning"):
                err(where, "unknown plan_falsifiers scope %s" % scope)
            check_evidence(where + ":plan_falsifiers." + scope, items)
        flat = " | ".join(t for items in pf.values() for t in (items or []) if isinstance(t, str)).lower()
        if "sign in" not in flat:
            err(where, "no plan falsifier naming the sign-in page")
        if "timed out" not in flat:
            err(where, "no plan falsifier about the session timing out")
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not 3 <= len(cs) <= 4:
        err(where, "need 3-4 commitments")
        return plan
    ids = set()
    for c in cs:
        cw = "%s:%s" % (where, c.get("id"))
        if not isinstance(c.get("id"), str) or c["id"] in ids:
            err(cw, "missing or duplicate id")
        ids.add(c.get("id"))
        if not isinstance(c.get("subgoal"), str):
            err(cw, "missing subgoal")
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            err(cw, "confidence out of [0,1]")
        for d, keys in (("confirm", ("precondition", "progress", "completion")),
                        ("falsify", ("execution", "skill", "planning"))):
            block = c.get(d)
            if not isinstance(block, dict):
                err(cw, "%s must be a mapping" % d)
                continue
            for kname, items in block.items():
                if kname not in keys:
                    err(cw, "unknown %s key %s" % (d, kname))
                check_evidence("%s.%s.%s" % (cw, d, kname), items)
    if not evidence_texts(plan, on="action"):
        err(where, "no on: action falsifier")
    return plan


# ---------------------------------------------------------------------------
def parse_tree(where, obs):
    nodes = {}
    text = obs.get("text")
    if not isinstance(text, str) or not text:
        err(where, "observation text missing")
        return nodes
    lines = text.split("\n")
    m = ROOT_RE.match(lines[0])
    if not m:
        err(where, "first line is not a RootWebArea line: %r" % lines[0][:80])
    else:
        if ast.literal_eval(m.group(1)) != obs.get("title"):
            err(where, "root title differs from observation title")
        if ast.literal_eval(m.group(2)) != obs.get("url"):
            err(where, "root url differs from observation url")
    prev_depth = 0
    for ln in lines[1:]:
        nm = NODE_RE.match(ln)
        tm = TEXT_RE.match(ln)
        if not nm and not tm:
            err(where, "unparseable line %r" % ln[:80])
            continue
        depth = len((nm or tm).group(1))
        if depth > prev_depth + 1:
            err(where, "indentation jumps at %r" % ln[:60])
        prev_depth = depth
        if nm:
            bid, role, name, rest = nm.group(2), nm.group(3), ast.literal_eval(nm.group(4)), nm.group(5)
            if bid in nodes:
                err(where, "duplicate bid %s" % bid)
            value = None
            vm = re.match(r"^ value=('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")", rest)
            if vm:
                value = ast.literal_eval(vm.group(1))
            nodes[bid] = {"role": role, "name": name, "value": value, "rest": rest,
                          "disabled": "disabled=True" in rest, "depth": depth, "line": ln}
    return nodes


def options_under(text, bid):
    lines = text.split("\n")
    out = []
    for i, ln in enumerate(lines):
        m = NODE_RE.match(ln)
        if m and m.group(2) == bid:
            d = len(m.group(1))
            for ln2 in lines[i + 1:]:
                m2 = NODE_RE.match(ln2) or TEXT_RE.match(ln2)
                if not m2 or len(m2.group(1)) <= d:
                    break
                if NODE_RE.match(ln2) and NODE_RE.match(ln2).group(3) == "option":
                    out.append(ast.literal_eval(NODE_RE.match(ln2).group(4)))
    return out


def parse_cmd(cmd):
    m = CMD_RE.match(cmd or "")
    if not m:
        return None, None
    try:
        args = ast.literal_eval("(" + m.group(2) + ",)") if m.group(2).strip() else ()
    except Exception:
        return m.group(1), None
    return m.group(1), args


# ---------------------------------------------------------------------------
def sign_holds(fault, workflow, i, step, obs, prev_obs, plan):
    """Does the fault's visible sign hold at step i (obs = page after the step)?"""
    text, title, url = obs["text"], obs["title"], obs["url"]
    tgt = (step or {}).get("action", {}).get("target") or ""
    if fault == "session_expired":
        return "Sign in to Saltmarsh PMS" in text
    if fault == "interstitial":
        return title.startswith("Night audit in progress") or "dialog 'Open cashier shift'" in text
    if fault == "wrong_banner":
        return "Changes not saved" in text
    if fault == "permission_denied":
        return "don't have permission" in text
    if fault == "stale_filter":
        return "date=2024-10-18" in url and "Arrivals \u00b7 Tue 15 Oct 2024" in text
    if fault == "missing_control":
        return "menu 'Actions for" in text and "Transfer to another folio" not in text
    if fault == "silent_noop":
        return tgt == "button 'Post'" and "Posted \u00a3" not in text and "dialog 'Post charge" not in text
    if fault == "wrong_record":
        return any(nm in tgt for nm in NEAR_MISS[workflow])
    if fault == "plan_drift":
        forbidden = evidence_texts(plan, on="action") if plan and "_text" not in plan else []
        return any(re.match(r"^[a-z]+ %s$" % re.escape(repr(f)), tgt) for f in forbidden)
    return False


def check_traj(t, seen, corpus_dir):
    tid = t.get("id", "?")
    for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
        if k not in t:
            err(tid, "missing field %s" % k)
            return
    if tid in seen:
        err(tid, "duplicate id")
    seen.add(tid)
    plan_path = os.path.join(corpus_dir, t["plan"]) if isinstance(t["plan"], str) else None
    plan = PLANS.get(plan_path) if plan_path else t["plan"]
    ids = {c["id"] for c in plan.get("commitments", [])} if isinstance(plan, dict) and "commitments" in plan else None
    lab = t["label"]
    fault, fstep = lab.get("fault"), lab.get("first_off_track_step")
    steps = t["steps"]
    if not isinstance(steps, list) or not steps:
        err(tid, "steps must be a non-empty list")
        return
    healthy = fault is None
    if healthy:
        if fstep is not None:
            err(tid, "healthy run with a first_off_track_step")
        if t["outcome"].get("success") is not True:
            err(tid, "healthy run should succeed")
    else:
        if fault not in FAULTS:
            err(tid, "unknown fault %r" % fault)
        if not isinstance(fstep, int) or not 0 <= fstep < len(steps):
            err(tid, "first_off_track_step out of range")
        if t["outcome"].get("success") is not False:
            err(tid, "faulty run should not succeed")

    pages = [t["initial_observation"]] + [s.get("observation") for s in steps]
    trees = []
    for j, o in enumerate(pages):
        where = "%s:%s" % (tid, "initial" if j == 0 else "obs%d" % (j - 1))
        for k in ("url", "title", "text", "error"):
            if not isinstance(o, dict) or k not in o:
                err(where, "observation missing %s" % k)
        trees.append(parse_tree(where, o))

    for i, s in enumerate(steps):
        where = "%s:step%d" % (tid, i)
        a = s.get("action") or {}
        for k in ("command", "reasoning", "target", "effect"):
            if k not in a:
                err(where, "action missing %s" % k)
        if a.get("effect") not in EFFECTS:
            err(where, "bad effect %r" % a.get("effect"))
        if "commitment" in s and ids is not None and s["commitment"] is not None and s["commitment"] not in ids:
            err(where, "commitment %r not in plan" % s["commitment"])
        kind, args = parse_cmd(a.get("command"))
        if kind not in ALL_ACTIONS or args is None:
            err(where, "unparseable command %r" % a.get("command"))
            continue
        before = trees[i]
        if kind in ELEMENT_ACTIONS:
            bid = str(args[0])
            node = before.get(bid)
            if node is None:
                err(where, "bid %s not on the page acted on" % bid)
                continue
            expect = "%s %s" % (node["role"], repr(node["name"]))
            if a.get("target") != expect:
                err(where, "target %r != node %r" % (a.get("target"), expect))
            if node["disabled"]:
                err(where, "acts on a disabled element %s" % expect)
            if kind == "fill":
                if node["role"] not in FILLABLE:
                    err(where, "fill on a %s" % node["role"])
                after = trees[i + 1]
                if pages[i + 1]["url"] == pages[i]["url"]:
                    hit = [n for n in after.values() if n["role"] == node["role"] and n["name"] == node["name"]]
                    if hit and hit[0]["value"] != args[1]:
                        err(where, "filled value not echoed on next page")
            if kind == "select_option":
                opts = options_under(pages[i]["text"], bid)
                if args[1] not in opts:
                    err(where, "option %r not under combobox" % (args[1],))
        elif a.get("target") is not None:
            err(where, "non-element action with a target")
        if a.get("effect") in ("write", "irreversible") and kind not in ("click", "press"):
            err(where, "%s effect on a %s" % (a.get("effect"), kind))

        if healthy:
            tgt = a.get("target") or ""
            for nm in NEAR_MISS.get(t["workflow"], []):
                if nm in tgt:
                    err(where, "healthy run acts on near miss %s" % nm)
                if nm.startswith(("SM-", "F-", "G-", "C-")) and nm in pages[i + 1]["url"]:
                    err(where, "healthy run opens near-miss record %s" % nm)

    # labelling rule: the label is the first step at which the fault's sign holds
    signs = []
    if not healthy and fault in FAULTS:
        if sign_holds(fault, t["workflow"], 0, None, pages[0], None, plan) and fault not in ("wrong_record", "plan_drift", "silent_noop"):
            signs.append(0)
        for i, s in enumerate(steps):
            if sign_holds(fault, t["workflow"], i, s, pages[i + 1], pages[i], plan):
                signs.append(i)
        if not signs:
            err(tid, "fault sign never visible")
        elif signs[0] != fstep:
            err(tid, "label %s but fault sign first holds at step %s" % (fstep, signs[0]))
    if healthy:
        for fl in FAULTS:
            for i, s in enumerate(steps):
                if sign_holds(fl, t["workflow"], i, s, pages[i + 1], pages[i], plan):
                    err(tid, "healthy run shows the sign of %s at step %d" % (fl, i))
                    break


PLANS = {}


def main():
    corpus = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "corpus.jsonl")
    cdir = os.path.dirname(os.path.abspath(corpus))
    for fn in sorted(os.listdir(os.path.join(cdir, "plans"))):
        if fn.endswith((".yaml", ".yml", ".json")):
            pth = os.path.join(cdir, "plans", fn)
            PLANS[pth] = check_plan(pth)
    seen = set()
    counts = {}
    n = 0
    with open(corpus, encoding="utf-8") as fh:
        for ln, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                t = json.loads(line)
            except json.JSONDecodeError as e:
                err("line %d" % ln, "bad JSON: %s" % e)
                continue
            n += 1
            check_traj(t, seen, cdir)
            key = (t.get("workflow"), (t.get("label") or {}).get("fault"))
            counts[key] = counts.get(key, 0) + 1
    covered = {f for (_, f) in counts if f}
    if covered != FAULTS:
        err("corpus", "fault classes not covered: %s" % sorted(FAULTS - covered))
    for wf in sorted({w for w, _ in counts}):
        h = counts.get((wf, None), 0)
        f = sum(v for (w, fl), v in counts.items() if w == wf and fl)
        print("%-18s healthy=%d faulty=%d" % (wf, h, f))
    print("trajectories: %d" % n)
    if errors:
        print("\n%d problem(s):" % len(errors))
        for e in errors:
            print("  " + e)
        sys.exit(1)
    print("selftest OK")


if __name__ == "__main__":
    main()
