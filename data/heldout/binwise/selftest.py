#!/usr/bin/env python3
"""Self-test for the Binwise WMS corpus against /work/shared/FORMATS.md (stdlib; PyYAML if present).

Run: python3 selftest.py   (exit status 0 when everything passes)
"""
import ast
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

FAULTS = {"wrong_record", "session_expired", "stale_filter", "missing_control", "wrong_banner",
          "silent_noop", "permission_denied", "plan_drift", "interstitial"}
EFFECTS = {"read", "write", "irreversible"}
STAGES = ("precondition", "progress", "completion")
SCOPES = ("execution", "skill", "planning")
BID_ACTIONS = {"click", "dblclick", "hover", "fill", "select_option", "press", "focus", "clear", "check",
               "uncheck", "upload_file"}
FREE_ACTIONS = {"noop", "scroll", "goto", "go_back", "go_forward", "send_msg_to_user", "new_tab", "tab_close",
                "tab_focus", "report_infeasible"}
NEAR_MISS_URL = ["/skus/40-1187-R", "/skus/40-1187-P", "/bins/A-03-3", "/purchase-orders/PO-77301",
                 "/purchase-orders/PO-76988", "bin=A-03-3", "sku=40-1187-R"]
NEAR_MISS_TARGET = ["40-1187-R", "40-1187-P", "PO-77301", "PO-76988", "A-03-3"]

ROOT_RE = re.compile(r"^RootWebArea ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"), focused, url=('(?:[^'\\]|\\.)*')$")
NODE_RE = re.compile(r"^(\t+)\[([A-Za-z0-9]+)\] ([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
TEXT_RE = re.compile(r"^(\t+)StaticText ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")$")
PROP_RE = re.compile(r"^(?: value=('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"))?((?:, [A-Za-z]+(?:=(?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|True|False|-?\d+))?)*)$")
CMD_RE = re.compile(r"^([a-z_]+)\((.*)\)$", re.S)

errors = []


def err(where, msg):
    errors.append("%s: %s" % (where, msg))


def load_yaml(path):
    try:
        import yaml
    except ImportError:
        yaml = None
    if yaml is not None:
        with open(path) as f:
            return yaml.safe_load(f)
    # Fallback: the YAML is emitted by make_corpus.to_yaml from plans_src; check it is byte-identical.
    import make_corpus
    import plans_src
    name = os.path.basename(path)
    src = {"stock-transfer.yaml": plans_src.STOCK_TRANSFER, "po-receive.yaml": plans_src.PO_RECEIVE}[name]
    with open(path) as f:
        if f.read() != make_corpus.to_yaml(src) + "\n":
            raise ValueError("%s differs from its source and PyYAML is not installed" % path)
    return src


def check_evidence(where, items):
    if not isinstance(items, list):
        err(where, "evidence list expected")
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                err(where, "empty evidence string")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                err(where, "evidence mapping without text: %r" % it)
            if it.get("on", "state") not in ("state", "action", "both"):
                err(where, "bad 'on' in %r (keys %r)" % (it, list(it)))
            extra = set(it) - {"text", "on"}
            if extra:
                err(where, "unexpected keys %s (a bare YAML on: parses as True)" % extra)
        else:
            err(where, "bad evidence item %r" % (it,))


def check_plan(path):
    where = os.path.relpath(path, HERE)
    plan = load_yaml(path)
    if not isinstance(plan, dict):
        err(where, "plan is not a mapping")
        return set(), None
    if not isinstance(plan.get("task"), str):
        err(where, "task missing")
    pf = plan.get("plan_falsifiers", {})
    if not isinstance(pf, dict) or set(pf) - set(SCOPES):
        err(where, "plan_falsifiers must map scopes %s" % (SCOPES,))
    else:
        for sc, items in pf.items():
            check_evidence(where + ":plan_falsifiers." + sc, items)
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not 3 <= len(cms) <= 4:
        err(where, "expected 3-4 commitments")
        return set(), plan
    ids = set()
    n_action = 0
    for c in cms:
        cid = c.get("id")
        w = "%s:%s" % (where, cid)
        if not cid or cid in ids:
            err(w, "missing or duplicate id")
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str):
            err(w, "subgoal missing")
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            err(w, "confidence out of range")
        conf, fals = c.get("confirm", {}), c.get("falsify", {})
        if set(conf) - set(STAGES) or set(fals) - set(SCOPES):
            err(w, "bad confirm/falsify keys")
        for st in STAGES:
            check_evidence(w + ".confirm." + st, conf.get(st, []))
        for sc in SCOPES:
            check_evidence(w + ".falsify." + sc, fals.get(sc, []))
            n_action += sum(1 for it in fals.get(sc, []) if isinstance(it, dict) and it.get("on") == "action")
        if not any(fals.get(sc) for sc in SCOPES):
            err(w, "no falsifiers at all")
    if n_action == 0:
        err(where, "no on: action falsifier")
    return ids, plan


def parse_page(where, obs):
    """Return {bid: (role, name)} for the page; report format errors."""
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            err(where, "observation lacks %s" % k)
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        err(where, "error must be a string or null")
    lines = obs.get("text", "").split("\n")
    m = ROOT_RE.match(lines[0])
    if not m:
        err(where, "first line is not a RootWebArea line: %r" % lines[0][:80])
    else:
        if ast.literal_eval(m.group(1)) != obs.get("title"):
            err(where, "root name != title")
        if ast.literal_eval(m.group(2)) != obs.get("url"):
            err(where, "root url != observation url")
    bids = {}
    depth = 0
    for ln in lines[1:]:
        nm = NODE_RE.match(ln)
        tm = TEXT_RE.match(ln)
        if nm:
            d = len(nm.group(1))
            bid, role, name = nm.group(2), nm.group(3), ast.literal_eval(nm.group(4))
            if bid in bids:
                err(where, "duplicate bid %s" % bid)
            bids[bid] = (role, name)
            if not PROP_RE.match(nm.group(5)):
                err(where, "bad property tail %r" % nm.group(5))
        elif tm:
            d = len(tm.group(1))
        else:
            err(where, "unparseable line %r" % ln[:80])
            continue
        if d > depth + 1:
            err(where, "indent jumps on %r" % ln[:60])
        depth = d
    # bids in document order
    nums = [int(b) for b in bids if b.isdigit()]
    if nums != sorted(nums):
        err(where, "bids not in document order")
    return bids


def parse_cmd(cmd):
    m = CMD_RE.match(cmd)
    if not m:
        return None, None
    try:
        args = ast.literal_eval("(" + m.group(2) + ",)") if m.group(2).strip() else ()
    except Exception:
        return m.group(1), None
    return m.group(1), args


def main():
    plans = {}
    for name in ("stock-transfer", "po-receive"):
        p = os.path.join(HERE, "plans", name + ".yaml")
        plans["plans/%s.yaml" % name] = check_plan(p)

    recs = []
    with open(os.path.join(HERE, "corpus.jsonl")) as f:
        for n, line in enumerate(f, 1):
            try:
                recs.append(json.loads(line))
            except json.JSONDecodeError as e:
                err("corpus.jsonl:%d" % n, "bad JSON: %s" % e)
    seen = set()
    per_wf = {}
    faults_seen = set()
    for r in recs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err(rid, "missing field %s" % k)
        if rid in seen:
            err(rid, "duplicate id")
        seen.add(rid)
        plan_ids, plan = plans.get(r.get("plan"), (None, None))
        if plan_ids is None:
            err(rid, "plan path %r does not resolve" % r.get("plan"))
            plan_ids = set()
        elif plan and plan.get("task") != r.get("task"):
            err(rid, "task differs from the plan's task")
        lab = r.get("label", {})
        fault, off = lab.get("fault", "x"), lab.get("first_off_track_step", "x")
        steps = r.get("steps", [])
        wf = per_wf.setdefault(r.get("workflow"), {"healthy": 0, "faulty": 0})
        if fault is None:
            wf["healthy"] += 1
            if off is not None:
                err(rid, "healthy run with a first_off_track_step")
            if r.get("outcome", {}).get("success") is not True:
                err(rid, "healthy run must succeed")
        else:
            wf["faulty"] += 1
            faults_seen.add(fault)
            if fault not in FAULTS:
                err(rid, "unknown fault %r" % fault)
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                err(rid, "first_off_track_step %r out of range (0..%d)" % (off, len(steps) - 1))
            if r.get("outcome", {}).get("success") is not False:
                err(rid, "faulty run should not succeed")
        if not isinstance(r.get("outcome", {}).get("success"), bool):
            err(rid, "outcome.success must be bool")
        page = parse_page(rid + ":initial", r.get("initial_observation", {}))
        prev_obs = r.get("initial_observation", {})
        for i, s in enumerate(steps):
            w = "%s:step%d" % (rid, i)
            a = s.get("action", {})
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    err(w, "action lacks %s" % k)
            if a.get("effect") not in EFFECTS:
                err(w, "bad effect %r" % a.get("effect"))
            if "commitment" in s and s["commitment"] not in plan_ids:
                err(w, "unknown commitment %r" % s["commitment"])
            name, args = parse_cmd(a.get("command", ""))
            if name is None or args is None:
                err(w, "unparseable command %r" % a.get("command"))
            elif name in BID_ACTIONS:
                bid = str(args[0])
                if bid not in page:
                    err(w, "bid %s not on the page it acts on (%s)" % (bid, prev_obs.get("url")))
                else:
                    role, nm = page[bid]
                    if a.get("target") != "%s %r" % (role, nm):
                        err(w, "target %r does not match node %s %r" % (a.get("target"), role, nm))
                    if name == "fill" and role not in ("textbox", "searchbox", "spinbutton", "combobox"):
                        err(w, "fill on a %s" % role)
                    if name == "select_option" and role not in ("combobox", "listbox"):
                        err(w, "select_option on a %s" % role)
            elif name in FREE_ACTIONS:
                if a.get("target") is not None:
                    err(w, "target should be null for %s" % name)
            else:
                err(w, "unknown action %s" % name)
            if name == "send_msg_to_user" and a.get("effect") != "read":
                err(w, "send_msg_to_user changes no application data")
            if a.get("target") == "button 'Post'" and a.get("effect") != "irreversible":
                err(w, "posting must be irreversible")
            obs = s.get("observation", {})
            page = parse_page(w, obs)
            prev_obs = obs
            if fault is None:
                for nm in NEAR_MISS_URL:
                    if nm in obs.get("url", ""):
                        err(w, "healthy run opened a near-miss record (%s)" % obs.get("url"))
                for nm in NEAR_MISS_TARGET:
                    if nm in (a.get("target") or "") or (name == "goto" and nm in a.get("command", "")):
                        err(w, "healthy run acted on near-miss %s" % nm)
        if fault is None and steps:
            last = "\n".join(s["observation"]["text"] for s in steps[-2:])
            want = "Transfer posted" if r.get("workflow") == "stock-transfer" else "Receipt posted"
            if want not in last:
                err(rid, "healthy run does not end on '%s'" % want)
        # environment faults: the labelled observation should differ from the one before it
        if fault in ("session_expired", "stale_filter", "missing_control", "wrong_banner", "permission_denied",
                     "interstitial") and isinstance(off, int) and 0 <= off < len(steps):
            before = r["initial_observation"] if off == 0 else steps[off - 1]["observation"]
            if before["url"] == steps[off]["observation"]["url"] and before["title"] == steps[off]["observation"]["title"] \
                    and fault not in ("wrong_banner", "interstitial"):
                err(rid, "labelled step %d shows no change of page" % off)

    for wfn, c in per_wf.items():
        if c != {"healthy": 5, "faulty": 6}:
            err(wfn, "expected 5 healthy + 6 faulty, got %r" % c)
    if len(recs) != 22:
        err("corpus", "expected 22 trajectories, got %d" % len(recs))
    missing = FAULTS - faults_seen
    if missing:
        err("corpus", "fault classes not covered: %s" % sorted(missing))

    # determinism: regenerate in memory and compare
    import make_corpus
    regen = [b(i).record() for i, b in enumerate(make_corpus.BUILDERS)]
    if [json.loads(json.dumps(x)) for x in regen] != recs:
        err("corpus", "corpus.jsonl differs from a fresh in-memory generation (re-run make_corpus.py)")

    if errors:
        for e in errors:
            print("FAIL", e)
        print("%d problem(s)" % len(errors))
        return 1
    nsteps = sum(len(r["steps"]) for r in recs)
    print("OK: %d trajectories, %d steps, workflows %s, faults %s" % (len(recs), nsteps, per_wf, sorted(faults_seen)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
