#!/usr/bin/env python3
"""Validate the Boxoffice Pro corpus against /work/shared/FORMATS.md (stdlib only).

Checks: required fields and types, plan files, step indices and labels, bids referenced by
actions exist on the page acted on, action targets match that node, AXTree line syntax,
healthy runs never open near-miss records, per-fault markers at the labelled step, counts,
and that make_corpus.py regenerates corpus.jsonl byte for byte.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

CLASSES = {"wrong_record", "session_expired", "stale_filter", "missing_control", "wrong_banner",
           "silent_noop", "permission_denied", "plan_drift", "interstitial"}
AGENT_FAULTS = {"wrong_record", "plan_drift"}
EFFECTS = {"read", "write", "irreversible"}
NEAR_MISS = {
    "exchange-seats": ["BX-55871", "C-11937", "P-3312", "P-3314", "P-3390", "BX-54990", "kolmail", "Tomas Lindgren"],
    "partial-refund": ["BX-61240", "C-20651", "P-3420", "P-3425", "BX-61199", "Margaret Okafor"],
}
# evidence of the environment fault that must first appear at the labelled step
ENV_MARKERS = {
    "session_expired": "Your session has expired",
    "interstitial": "What's new in Boxoffice Pro 8.4",
    "stale_filter": "Remove filter: Performance: Fri 14 Nov 2025 14:30",
    "permission_denied": "403 — You don't have permission",
    "wrong_banner": "card issuer declined the refund",
    "missing_control": "If no method is chosen, refunds go to store credit.",
}
OFF_PLAN_TARGETS = ["Refund…", "Refund whole order", "Gift voucher", "Store credit", "Cancel order"]

LINE_RE = re.compile(r"^(\t+)(?:\[(\w+)\] ([a-zA-Z]+) ('[^']*'|\"[^\"]*\")(?: value=('[^']*'|\"[^\"]*\"))?((?:, .+)?)"
                     r"|StaticText ('[^']*'|\"[^\"]*\"))$")
ROOT_RE = re.compile(r"^RootWebArea ('[^']*'|\"[^\"]*\"), focused, url='([^']*)'$")
CMD_RE = re.compile(r"^(click|hover|fill|select_option|press)\('(\w+)'")

errors = []


def err(where, msg):
    errors.append("%s: %s" % (where, msg))


def parse_page(where, obs):
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            err(where, "observation lacks %s" % k)
            return {}
    lines = obs["text"].split("\n")
    m = ROOT_RE.match(lines[0])
    if not m:
        err(where, "bad root line %r" % lines[0])
        return {}
    if m.group(1)[1:-1] != obs["title"]:
        err(where, "root title differs from observation title")
    if m.group(2) != obs["url"]:
        err(where, "root url differs from observation url")
    nodes = {}
    depth = 0
    for i, line in enumerate(lines[1:], 1):
        lm = LINE_RE.match(line)
        if not lm:
            err(where, "bad AXTree line %d: %r" % (i, line))
            continue
        d = len(lm.group(1))
        if d > depth + 1:
            err(where, "indentation jumps at line %d" % i)
        depth = d
        if lm.group(2):
            bid = lm.group(2)
            if bid in nodes:
                err(where, "duplicate bid %s" % bid)
            nodes[bid] = "%s %s" % (lm.group(3), lm.group(4)), line
    return nodes


def check_evidence(where, item):
    if isinstance(item, str):
        return
    if isinstance(item, dict) and isinstance(item.get("text"), str) and item.get("on", "state") in ("state", "action", "both"):
        return
    err(where, "bad evidence item %r" % (item,))


def load_plan(path):
    where = os.path.relpath(path, HERE)
    plan = json.load(open(path, encoding="utf-8"))
    for k in ("task", "commitments"):
        if k not in plan:
            err(where, "plan lacks %s" % k)
    for scope, items in plan.get("plan_falsifiers", {}).items():
        if scope not in ("execution", "skill", "planning"):
            err(where, "bad plan_falsifiers scope %s" % scope)
        for it in items:
            check_evidence(where, it)
    ids = set()
    n_action = 0
    for c in plan["commitments"]:
        if c["id"] in ids:
            err(where, "duplicate commitment %s" % c["id"])
        ids.add(c["id"])
        if not 0 <= c.get("confidence", 0.5) <= 1:
            err(where, "confidence out of range")
        for stage in c.get("confirm", {}):
            if stage not in ("precondition", "progress", "completion"):
                err(where, "bad confirm stage %s" % stage)
            for it in c["confirm"][stage]:
                check_evidence(where, it)
        for scope in c.get("falsify", {}):
            if scope not in ("execution", "skill", "planning"):
                err(where, "bad falsify scope %s" % scope)
            for it in c["falsify"][scope]:
                check_evidence(where, it)
                n_action += isinstance(it, dict) and it.get("on") == "action"
    if not 3 <= len(plan["commitments"]) <= 4:
        err(where, "expected 3-4 commitments")
    if n_action == 0:
        err(where, "no on: action falsifiers")
    return plan, ids


def main():
    corpus = os.path.join(HERE, "corpus.jsonl")
    raw = open(corpus, encoding="utf-8").read().splitlines()
    runs = [json.loads(l) for l in raw]
    seen = set()
    plans = {}
    counts = {}
    classes = set()
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err(rid, "missing %s" % k)
        if rid in seen:
            err(rid, "duplicate id")
        seen.add(rid)
        ppath = os.path.join(HERE, r["plan"])
        if ppath not in plans:
            plans[ppath] = load_plan(ppath)
        plan, cids = plans[ppath]
        if plan["task"] != r["task"]:
            err(rid, "task differs from plan task")
        fault = r["label"]["fault"]
        first = r["label"]["first_off_track_step"]
        steps = r["steps"]
        wf = r["workflow"]
        counts.setdefault(wf, [0, 0])
        if fault is None:
            counts[wf][0] += 1
            if first is not None:
                err(rid, "healthy run with first_off_track_step")
            if r["outcome"].get("success") is not True:
                err(rid, "healthy run not successful")
            if not steps[-1]["action"]["command"].startswith("send_msg_to_user"):
                err(rid, "healthy run does not end with send_msg_to_user")
        else:
            counts[wf][1] += 1
            classes.add(fault)
            if fault not in CLASSES:
                err(rid, "unknown fault %s" % fault)
            if not isinstance(first, int) or not 0 <= first < len(steps):
                err(rid, "first_off_track_step out of range")
            if r["outcome"].get("success") is not False:
                err(rid, "faulty run marked successful")
        pages = [r["initial_observation"]] + [s["observation"] for s in steps]
        parsed = [parse_page("%s obs %d" % (rid, i - 1), p) for i, p in enumerate(pages)]
        for i, s in enumerate(steps):
            where = "%s step %d" % (rid, i)
            a = s.get("action", {})
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    err(where, "action lacks %s" % k)
            if a.get("effect") not in EFFECTS:
                err(where, "bad effect %r" % a.get("effect"))
            if s.get("commitment") is not None and s["commitment"] not in cids:
                err(where, "unknown commitment %s" % s["commitment"])
            m = CMD_RE.match(a["command"])
            before = parsed[i]
            if m:
                bid = m.group(2)
                if bid not in before:
                    err(where, "bid %s not on the page acted on" % bid)
                elif before[bid][0] != a["target"]:
                    err(where, "target %r != node %r" % (a["target"], before[bid][0]))
                elif "disabled=True" in before[bid][1] and pages[i + 1].get("error") is None and m.group(1) == "click":
                    err(where, "clicked a disabled control without an error")
            elif not re.match(r"^(scroll\(|goto\('|noop\(|send_msg_to_user\()", a["command"]):
                err(where, "unknown command %s" % a["command"])
            elif a["target"] is not None:
                err(where, "target given for a command without bid")
            if fault is None:
                hay = a["command"] + " " + pages[i + 1]["url"]
                for nm in NEAR_MISS[wf]:
                    if nm in hay:
                        err(where, "healthy run opens near miss %s" % nm)
            if "Send tickets" in (a["target"] or "") or "Issue refund" in (a["target"] or ""):
                if a["effect"] != "irreversible":
                    err(where, "send/issue should be irreversible")
        # fault markers at the labelled step
        if fault in ENV_MARKERS:
            mk = ENV_MARKERS[fault]
            idx = [i for i, p in enumerate(pages) if mk in p["text"]]
            if not idx:
                err(rid, "marker %r never shown" % mk)
            else:
                want = max(idx[0] - 1, 0)
                if want != first:
                    err(rid, "marker first shown at step %d, label %d" % (want, first))
        elif fault == "silent_noop":
            if pages[first + 1]["text"] != pages[first]["text"] or steps[first]["action"]["effect"] == "read":
                err(rid, "silent_noop step must be a write whose page does not change")
            for i in range(first):
                if steps[i]["action"]["effect"] != "read" and pages[i + 1]["text"] == pages[i]["text"]:
                    err(rid, "earlier silent no-op at step %d" % i)
        elif fault == "wrong_record":
            tgt = steps[first]["action"]["target"] or ""
            if not any(nm in tgt for nm in NEAR_MISS[wf]):
                err(rid, "wrong_record step does not open a near miss")
            for i in range(first):
                if any(nm in (steps[i]["action"]["target"] or "") for nm in NEAR_MISS[wf]):
                    err(rid, "near miss opened before labelled step")
        elif fault == "plan_drift":
            tgt = steps[first]["action"]["target"] or ""
            if not any(t in tgt for t in OFF_PLAN_TARGETS):
                err(rid, "plan_drift step does not use an off-plan control")
    for wf, (h, f) in counts.items():
        if (h, f) != (4, 6):
            err(wf, "expected 4 healthy + 6 faulty, got %d + %d" % (h, f))
    if classes != CLASSES:
        err("corpus", "classes missing: %s" % sorted(CLASSES - classes))
    # determinism: regenerate in memory and compare
    import make_corpus
    regen = [json.dumps(r, ensure_ascii=False) for r in make_corpus.exchange_runs() + make_corpus.refund_runs()]
    if regen != raw:
        err("corpus", "make_corpus.py does not reproduce corpus.jsonl")
    for name, plan in (("exchange-seats", make_corpus.EXCHANGE_PLAN), ("partial-refund", make_corpus.REFUND_PLAN)):
        if json.load(open(os.path.join(HERE, "plans", name + ".json"), encoding="utf-8")) != plan:
            err(name, "plan file differs from make_corpus.py")
    if errors:
        print("\n".join(errors))
        print("FAIL: %d problems" % len(errors))
        sys.exit(1)
    print("OK: %d trajectories, %s, classes %d/9" % (len(runs), counts, len(classes)))


if __name__ == "__main__":
    main()
