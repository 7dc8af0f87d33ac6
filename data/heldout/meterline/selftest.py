#!/usr/bin/env python3
"""Validate the Meterline corpus and plan against the fcpkit format contract (stdlib only).

Run from anywhere: python3 selftest.py
"""
import json
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_corpus as mc  # noqa: E402

STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
EFFECTS = {"read", "write", "irreversible"}
LINE = re.compile(r"^(\t*)(\[[A-Za-z0-9]+\] )?[A-Za-z]+ '(?:[^'\\]|\\.)*'(, .*)?$")
ENV_FAULTS = {"lost_session", "stale_filter", "silent_noop", "permission_denied", "unexpected_dialog",
              "error_ignored"}
failures = []


def check(cond, msg):
    if not cond:
        failures.append(msg)


def check_evidence(items, where):
    check(isinstance(items, list), "%s: evidence must be a list" % where)
    for it in items or []:
        if isinstance(it, str):
            check(it.strip() != "", "%s: empty evidence string" % where)
        elif isinstance(it, dict):
            check(isinstance(it.get("text"), str) and it["text"].strip(), "%s: mapping needs text" % where)
            check(it.get("on", "state") in ("state", "action", "both"), "%s: bad 'on' %r" % (where, it.get("on")))
            check(set(it) <= {"text", "on"}, "%s: unexpected keys %r" % (where, sorted(it)))
        else:
            failures.append("%s: evidence item must be str or mapping: %r" % (where, it))


def check_plan(plan):
    check(isinstance(plan, dict), "plan must be a mapping")
    check(isinstance(plan.get("task"), str) and plan["task"], "plan.task missing")
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        check(scope in SCOPES, "plan_falsifiers: unknown scope %r" % scope)
        check_evidence(items, "plan_falsifiers.%s" % scope)
    ids = set()
    cms = plan.get("commitments")
    check(isinstance(cms, list) and cms, "plan.commitments must be a non-empty list")
    for c in cms or []:
        cid = c.get("id")
        check(isinstance(cid, str) and cid, "commitment without id")
        check(cid not in ids, "duplicate commitment id %r" % cid)
        ids.add(cid)
        check(isinstance(c.get("subgoal"), str) and c["subgoal"], "%s: subgoal missing" % cid)
        k = c.get("confidence", 0.5)
        check(isinstance(k, (int, float)) and 0 <= k <= 1, "%s: confidence out of range" % cid)
        for st, items in (c.get("confirm") or {}).items():
            check(st in STAGES, "%s: unknown confirm stage %r" % (cid, st))
            check_evidence(items, "%s.confirm.%s" % (cid, st))
        for sc, items in (c.get("falsify") or {}).items():
            check(sc in SCOPES, "%s: unknown falsify scope %r" % (cid, sc))
            check_evidence(items, "%s.falsify.%s" % (cid, sc))
    return ids


def check_obs(o, where):
    check(isinstance(o, dict), "%s: observation must be an object" % where)
    for k in ("url", "title", "text"):
        check(isinstance(o.get(k), str) and o[k], "%s: observation.%s missing" % (where, k))
    check("error" in o and (o["error"] is None or isinstance(o["error"], str)), "%s: observation.error" % where)
    lines = o["text"].split("\n")
    check(lines[0].startswith("RootWebArea "), "%s: tree must start at RootWebArea" % where)
    for ln in lines:
        if not LINE.match(ln):
            failures.append("%s: bad AXTree line %r" % (where, ln))
            break
    bids = re.findall(r"\[([A-Za-z0-9]+)\] ", o["text"])
    check(len(bids) == len(set(bids)), "%s: duplicate bids" % where)


def main():
    plan_path = os.path.join(HERE, "plans", mc.WORKFLOW + ".yaml")
    corpus_path = os.path.join(HERE, "corpus.jsonl")
    with open(plan_path, encoding="utf-8") as f:
        plan_text = f.read()
    plan = mc.load_yaml(plan_text)
    ids = check_plan(plan)
    check(plan_text == mc.PLAN_YAML, "plan file differs from the plan in make_corpus.py")
    try:  # optional cross-check with a real YAML parser when one happens to be installed
        import yaml

        def norm(x):  # YAML 1.1 reads the bare key `on` as boolean True; the contract means "on"
            if isinstance(x, dict):
                return {("on" if k is True else k): norm(v) for k, v in x.items()}
            if isinstance(x, list):
                return [norm(v) for v in x]
            return x
        check(norm(yaml.safe_load(plan_text)) == plan, "mini YAML reader disagrees with PyYAML")
    except ImportError:
        pass
    # the plan must carry every FCU feature the contract allows
    allev = []
    for c in plan["commitments"]:
        for d in (c.get("confirm") or {}, c.get("falsify") or {}):
            for v in d.values():
                allev += v or []
    check(any(isinstance(e, dict) and e.get("on") == "action" for e in allev), "plan has no action falsifier")
    check(any(isinstance(e, dict) and e.get("on") == "both" for e in allev), "plan has no on: both item")
    check(plan.get("plan_falsifiers"), "plan has no plan-level falsifiers")
    check(any(c.get("skill") for c in plan["commitments"]), "plan has no skill reference")

    with open(corpus_path, encoding="utf-8") as f:
        raw_lines = f.read().splitlines()
    recs = [json.loads(l) for l in raw_lines]
    check(len(recs) == 20, "expected 20 trajectories, got %d" % len(recs))
    for l, r in zip(raw_lines, recs):
        check(json.dumps(r, ensure_ascii=False) == l, "%s: JSON does not round-trip byte for byte" % r.get("id"))
    rids = [r["id"] for r in recs]
    check(len(set(rids)) == len(rids), "duplicate trajectory ids")
    healthy = [r for r in recs if r["label"]["fault"] is None]
    faulty = [r for r in recs if r["label"]["fault"] is not None]
    check(len(healthy) == 8 and len(faulty) == 12, "expected 8 healthy / 12 faulty")
    check(len({r["label"]["fault"] for r in faulty}) >= 9, "fault classes not varied enough")
    for r in recs:
        rid = r["id"]
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in r, "%s: missing %s" % (rid, k))
        check(r["task"] == plan["task"], "%s: task differs from plan task" % rid)
        check(os.path.exists(os.path.join(HERE, r["plan"])), "%s: plan path does not resolve" % rid)
        lab = r["label"]
        fos = lab["first_off_track_step"]
        if lab["fault"] is None:
            check(fos is None, "%s: healthy run with off-track step" % rid)
            check(r["outcome"]["success"] is True, "%s: healthy run must succeed" % rid)
        else:
            check(isinstance(fos, int) and 0 <= fos < len(r["steps"]), "%s: bad first_off_track_step" % rid)
            check(r["outcome"]["success"] is False, "%s: faulty run must fail" % rid)
        check_obs(r["initial_observation"], rid + ":initial")
        prev = r["initial_observation"]
        for i, s in enumerate(r["steps"]):
            where = "%s:step%d" % (rid, i)
            a = s["action"]
            check(a.get("effect") in EFFECTS, where + ": bad effect")
            for k in ("command", "reasoning", "target"):
                check(isinstance(a.get(k), str) and a[k], where + ": action.%s" % k)
            check(s.get("commitment") in ids, where + ": unknown commitment %r" % s.get("commitment"))
            m = re.match(r"^(click|fill|select_option|press)\('([A-Za-z0-9]+)'", a["command"])
            if m:  # the element acted on must be on the page the agent saw, with the stated target
                line = [ln for ln in prev["text"].split("\n") if ln.lstrip("\t").startswith("[%s] " % m.group(2))]
                check(len(line) == 1, where + ": bid %s not on previous page" % m.group(2))
                if line:
                    check(line[0].lstrip("\t")[len(m.group(2)) + 3:].startswith(a["target"]),
                          where + ": target %r does not match %r" % (a["target"], line[0]))
            else:
                check(re.match(r"^(goto|send_msg_to_user)\(", a["command"]), where + ": unknown command")
            check_obs(s["observation"], where)
            prev = s["observation"]
        check(r["steps"][-1]["action"]["command"].startswith("send_msg_to_user"), rid + ": must end with a message")

    # labelling spot checks per fault
    by = {r["id"]: r for r in recs}

    def obs_at(rid, i):
        r = by[rid]
        return r["initial_observation"] if i is None else r["steps"][i]["observation"]
    sig = {
        "meterline-stale_filter-search-01": (None, "Territory: Ridgeway ×"),
        "meterline-lost_session-plan-01": ("fos", "Your session has expired"),
        "meterline-permission_denied-plan-01": ("fos", "Permission denied"),
        "meterline-unexpected_dialog-rebill-01": ("fos", "Account locked for editing"),
        "meterline-error_ignored-rebill-01": ("fos", "Rebill failed"),
    }
    for rid, (which, text) in sig.items():
        r = by[rid]
        fos = r["label"]["first_off_track_step"]
        o = obs_at(rid, None if which is None else fos)
        check(text in o["text"], "%s: signature %r not at labelled step" % (rid, text))
        if which == "fos" and fos > 0:
            check(text not in r["steps"][fos - 1]["observation"]["text"], "%s: signature visible earlier" % rid)
    check(by["meterline-stale_filter-search-01"]["label"]["first_off_track_step"] == 0, "start-page rule")
    # silent no-op: save clicked, table still estimated, no toast
    r = by["meterline-silent_noop-read-01"]
    s = r["steps"][r["label"]["first_off_track_step"]]
    check("Save correction" in s["action"]["target"] and "Read corrected" not in s["observation"]["text"]
          and "'12,180'" in s["observation"]["text"], "silent_noop labelling")
    # agent-caused faults: the labelled action is the wrong one
    check("4407-2291-08" in by["meterline-wrong_record-account-01"]["steps"][2]["action"]["target"], "wrong acct")
    r = by["meterline-wrong_record-meter-01"]
    check("M-58231" in r["steps"][r["label"]["first_off_track_step"]]["action"]["target"], "wrong meter label")
    r = by["meterline-wrong_value-read-01"]
    check("12566" in r["steps"][r["label"]["first_off_track_step"]]["action"]["command"], "wrong value label")
    r = by["meterline-false_success-plan-01"]
    check(not any("Create plan" in s["action"]["target"] for s in r["steps"]), "false_success created a plan")

    # realism: near misses and alarming-but-ordinary wording on healthy pages
    htext = "\n".join(s["observation"]["text"] for r in healthy for s in r["steps"]).lower()
    for w in ("4407-2291-08", "4407-2219-06", "m-58231", "b-769880", "past due", "disconnection notice",
              "estimated", "failed payment", "high usage", "reason for adjustment", "sort by", "next page",
              "billing period", "×"):
        check(w in htext, "healthy pages lack %r" % w)
    check(all(any(s["action"]["effect"] == "irreversible" for s in r["steps"]) for r in healthy),
          "healthy runs should contain irreversible saves")

    # determinism: regenerating gives identical bytes
    with tempfile.TemporaryDirectory() as d:
        import contextlib
        import io
        with contextlib.redirect_stdout(io.StringIO()):
            mc.main(["make_corpus.py", d])
        for rel in ("corpus.jsonl", os.path.join("plans", mc.WORKFLOW + ".yaml")):
            with open(os.path.join(d, rel), "rb") as a, open(os.path.join(HERE, rel), "rb") as b:
                check(a.read() == b.read(), "regenerated %s differs (not deterministic or stale)" % rel)

    if failures:
        for f in failures[:50]:
            print("FAIL", f)
        print("%d problem(s)" % len(failures))
        return 1
    nsteps = sum(len(r["steps"]) for r in recs)
    print("OK: %d trajectories (%d healthy, %d faulty, %d fault classes), %d steps, plan with %d commitments"
          % (len(recs), len(healthy), len(faulty), len({r['label']['fault'] for r in faulty}), nsteps,
             len(plan["commitments"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
