#!/usr/bin/env python3
"""Validate the Fleetlock held-out corpus against /work/shared/FORMATS.md.

Stdlib only (uses PyYAML for the plan if it is installed; otherwise checks the plan's
shape with a small line scan). Exit status 0 when every check passes.

Checks:
  * corpus.jsonl: one JSON object per line; required fields and types; ids unique;
    plan path resolves; label.fault null <=> first_off_track_step null; step index in range;
    fault class among the nine known; effects in {read, write, irreversible};
    commitment (when given) names a plan commitment.
  * observations: url/title/text/error; text is a flattened AXTree: first line
    "RootWebArea '...', focused, url='...'" matching url and title; every other line is
    tab-indented "[bid] role 'name'..." or "StaticText '...'"; names are Python reprs;
    bids unique within a page.
  * actions: every bid an action uses exists on the page it acts on (initial observation for
    step 0, else the previous step's observation), and `target` equals "role 'name'" of that node.
  * healthy runs never open a near-miss record and end with a send_msg_to_user report;
    faulty runs cover all nine fault classes.
  * plan: loads; 4-5 commitments with confirm (precondition/progress/completion) and falsify
    (execution/skill/planning); unique ids; plan_falsifiers present; `on` values valid.
"""
import ast
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FAULTS = {"wrong_record", "session_expired", "stale_filter", "missing_control", "wrong_banner",
          "silent_noop", "permission_denied", "plan_drift", "interstitial"}
NEAR_MISS_URLS = {"/devices/d-7f3b02": "LT-04471", "/devices/d-1a0c77": "LT-02203",
                  "/devices/d-5c1e40": "PH-01188", "/devices/d-0e9914": "PH-00731",
                  "/groups/quarantine-legacy": "Quarantine (legacy)"}
NAME = r"('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")"
NODE_RE = re.compile(r"^(\t+)\[([A-Za-z0-9]+)\] ([A-Za-z]+) " + NAME + r"(.*)$")
TEXT_RE = re.compile(r"^(\t+)StaticText " + NAME + r"$")
ROOT_RE = re.compile(r"^RootWebArea " + NAME + r", focused, url=" + NAME + r"$")
BID_ACTION_RE = re.compile(r"^(click|fill|select_option|hover|press|focus|clear|dblclick|check|uncheck)\('([^']+)'")
KNOWN_ACTION_RE = re.compile(r"^(click|fill|select_option|hover|press|focus|clear|dblclick|check|uncheck|goto|scroll|noop|send_msg_to_user|go_back|go_forward|keyboard_press|tab_focus|new_tab|tab_close)\(")

errors = []


def err(where, msg):
    errors.append("%s: %s" % (where, msg))


def parse_page(text, where):
    """Return {bid: (role, name)}; record format errors."""
    nodes = {}
    lines = text.split("\n")
    m = ROOT_RE.match(lines[0])
    if not m:
        err(where, "first line is not a RootWebArea line: %r" % lines[0][:100])
        return nodes, None, None
    title, url = ast.literal_eval(m.group(1)), ast.literal_eval(m.group(2))
    prev_depth = 0
    for i, line in enumerate(lines[1:], 2):
        nm = NODE_RE.match(line)
        tm = TEXT_RE.match(line)
        if nm:
            depth = len(nm.group(1))
            bid, role = nm.group(2), nm.group(3)
            name = ast.literal_eval(nm.group(4))
            if repr(name) != nm.group(4):
                err(where, "line %d: name not in repr form: %s" % (i, nm.group(4)))
            if bid in nodes:
                err(where, "line %d: duplicate bid %s" % (i, bid))
            nodes[bid] = (role, name)
            rest = nm.group(5)
            if rest and not (rest.startswith(" value=") or rest.startswith(", ")):
                err(where, "line %d: bad trailer %r" % (i, rest[:60]))
        elif tm:
            depth = len(tm.group(1))
            if repr(ast.literal_eval(tm.group(2))) != tm.group(2):
                err(where, "line %d: StaticText not in repr form" % i)
        else:
            err(where, "line %d: unparseable %r" % (i, line[:80]))
            continue
        if depth > prev_depth + 1:
            err(where, "line %d: indentation jumps from %d to %d" % (i, prev_depth, depth))
        prev_depth = depth
    return nodes, title, url


def check_obs(obs, where):
    if not isinstance(obs, dict):
        err(where, "observation is not an object")
        return {}
    for k in ("url", "title", "text"):
        if not isinstance(obs.get(k), str) or not obs.get(k):
            err(where, "observation.%s missing or not a non-empty string" % k)
            return {}
    if "error" not in obs or not (obs["error"] is None or isinstance(obs["error"], str)):
        err(where, "observation.error must be null or a string")
    nodes, title, url = parse_page(obs["text"], where)
    if title is not None and title != obs["title"]:
        err(where, "RootWebArea title %r != observation.title %r" % (title, obs["title"]))
    if url is not None and url != obs["url"]:
        err(where, "RootWebArea url != observation.url")
    return nodes


def load_plan(path):
    try:
        import yaml  # optional
        with open(path, encoding="utf-8") as f:
            return yaml.safe_load(f)
    except ImportError:
        return None


def check_plan(path):
    if not os.path.exists(path):
        err("plan", "missing %s" % path)
        return set()
    plan = load_plan(path)
    if plan is None:  # no PyYAML: shallow scan
        ids = set(re.findall(r"^  - id: (\S+)", open(path, encoding="utf-8").read(), re.M))
        if not 4 <= len(ids) <= 5:
            err("plan", "expected 4-5 commitments, found %d" % len(ids))
        return ids
    if not isinstance(plan.get("task"), str):
        err("plan", "task missing")
    pf = plan.get("plan_falsifiers")
    if not isinstance(pf, dict) or not any(pf.get(s) for s in ("execution", "skill", "planning")):
        err("plan", "plan_falsifiers missing or empty")
    cs = plan.get("commitments") or []
    if not 4 <= len(cs) <= 5:
        err("plan", "expected 4-5 commitments, found %d" % len(cs))
    ids = set()
    n_action = 0
    for c in cs:
        cid = c.get("id")
        if not cid or cid in ids:
            err("plan", "commitment id missing or duplicate: %r" % cid)
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str):
            err("plan", "%s: subgoal missing" % cid)
        k = c.get("confidence", 0.5)
        if not (isinstance(k, (int, float)) and 0 <= k <= 1):
            err("plan", "%s: confidence out of range" % cid)
        conf, fal = c.get("confirm") or {}, c.get("falsify") or {}
        for st in ("precondition", "progress", "completion"):
            if st not in conf or not isinstance(conf[st], list):
                err("plan", "%s: confirm.%s missing" % (cid, st))
        for sc in ("execution", "skill", "planning"):
            if sc not in fal or not isinstance(fal[sc], list):
                err("plan", "%s: falsify.%s missing" % (cid, sc))
        for lst in list(conf.values()) + list(fal.values()) + list((pf or {}).values()):
            for item in lst or []:
                if isinstance(item, dict):
                    if not isinstance(item.get("text"), str) or item.get("on", "state") not in ("state", "action", "both"):
                        err("plan", "%s: bad evidence item %r" % (cid, item))
                    if item.get("on") == "action":
                        n_action += 1
                elif not isinstance(item, str):
                    err("plan", "%s: evidence item must be string or mapping: %r" % (cid, item))
    if n_action == 0:
        err("plan", "no on: action falsifiers")
    return ids


def main():
    corpus = os.path.join(HERE, "corpus.jsonl")
    recs = []
    with open(corpus, encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            try:
                recs.append(json.loads(line))
            except ValueError as e:
                err("line %d" % ln, "invalid JSON: %s" % e)
    plan_ids = {}
    seen_ids = set()
    faults = {}
    healthy = 0
    for r in recs:
        rid = r.get("id", "?")
        if rid in seen_ids:
            err(rid, "duplicate id")
        seen_ids.add(rid)
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err(rid, "missing field %s" % k)
        if not isinstance(r.get("steps"), list) or not r["steps"]:
            err(rid, "steps must be a non-empty list")
            continue
        plan = r["plan"]
        if isinstance(plan, str):
            p = os.path.join(HERE, plan)
            if p not in plan_ids:
                plan_ids[p] = check_plan(p)
            cids = plan_ids[p]
        else:
            cids = {c.get("id") for c in plan.get("commitments", [])}
        lab = r["label"]
        fault, fots = lab.get("fault"), lab.get("first_off_track_step")
        if fault is None:
            healthy += 1
            if fots is not None:
                err(rid, "healthy run with first_off_track_step")
            if r["outcome"].get("success") is not True:
                err(rid, "healthy run not successful")
        else:
            if fault not in FAULTS:
                err(rid, "unknown fault %r" % fault)
            faults[fault] = faults.get(fault, 0) + 1
            if not isinstance(fots, int) or not 0 <= fots < len(r["steps"]):
                err(rid, "first_off_track_step %r out of range" % fots)
        if not isinstance(r["outcome"].get("success"), bool):
            err(rid, "outcome.success must be bool")
        prev = check_obs(r["initial_observation"], rid + " initial")
        for i, s in enumerate(r["steps"]):
            where = "%s step %d" % (rid, i)
            a = s.get("action") or {}
            cmd = a.get("command", "")
            if not KNOWN_ACTION_RE.match(cmd):
                err(where, "unknown action %r" % cmd[:40])
            if a.get("effect") not in ("read", "write", "irreversible"):
                err(where, "bad effect %r" % a.get("effect"))
            if "commitment" in s and s["commitment"] not in cids:
                err(where, "commitment %r not in plan" % s["commitment"])
            m = BID_ACTION_RE.match(cmd)
            if m:
                bid = m.group(2)
                if bid not in prev:
                    err(where, "bid %s not on the page it acts on" % bid)
                else:
                    role, name = prev[bid]
                    if a.get("target") != "%s %r" % (role, name):
                        err(where, "target %r does not match node %s %r" % (a.get("target"), role, name))
            cur = check_obs(s.get("observation"), where)
            if fault is None:
                url = s["observation"]["url"] if isinstance(s.get("observation"), dict) else ""
                for frag, tag in NEAR_MISS_URLS.items():
                    if url.split("?")[0].endswith(frag) or (frag + "/") in url:
                        err(where, "healthy run opens near-miss record %s" % tag)
                if "Quarantine (legacy)" in cmd:
                    err(where, "healthy run selects Quarantine (legacy)")
            prev = cur
        if fault is None and not r["steps"][-1]["action"]["command"].startswith("send_msg_to_user("):
            err(rid, "healthy run does not end with a report to the user")
    missing = FAULTS - set(faults)
    if missing:
        err("corpus", "fault classes not covered: %s" % sorted(missing))
    print("trajectories: %d (healthy %d, faulty %d)" % (len(recs), healthy, len(recs) - healthy))
    for k in sorted(faults):
        print("  %-18s %d" % (k, faults[k]))
    if errors:
        print("\n%d problem(s):" % len(errors))
        for e in errors[:200]:
            print("  " + e)
        return 1
    print("selftest OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
