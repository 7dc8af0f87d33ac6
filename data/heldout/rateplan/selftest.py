#!/usr/bin/env python3
"""Validate the rateplan corpus against the fcpkit format contract (FORMATS.md).

Checks: required fields and types, labels (healthy/faulty counts, step index in range),
observation shape (BrowserGym-style flattened AXTree), that every bid an action names exists
on the page the action was taken on (the previous observation) with the role/name the
target claims, commitments named by steps exist in the plan, the plan's own shape, and
that make_corpus.py reproduces corpus.jsonl and the plan byte for byte.
Standard library only (PyYAML is used for the plan when installed).
"""
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EFFECTS = {"read", "write", "irreversible"}
FAULTS = {"wrong_record", "wrong_value", "unrequested_constraint", "stale_filter",
          "permission_denied", "silent_noop", "premature_success", "skipped_step",
          "dialog_mishandled", "session_expired"}
LINE_RE = re.compile(r"^\t*(\[(?P<bid>[^\]]+)\] )?(?P<role>[A-Za-z]+) (?P<name>'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(?P<props>, .*)?$")
BID_ACTION_RE = re.compile(r"^(click|dblclick|hover|focus|clear|fill|select_option|press)\('([^']+)'")
OTHER_ACTION_RE = re.compile(r"^(send_msg_to_user|report_infeasible|noop|go_back|go_forward|goto|scroll)\(")

errors = []


def err(msg):
    errors.append(msg)


def sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def parse_page(text, where):
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        err("%s: first line is not RootWebArea" % where)
    bids = {}
    for i, line in enumerate(lines[1:], 1):
        m = LINE_RE.match(line)
        if not m:
            err("%s: line %d not in AXTree form: %r" % (where, i, line[:80]))
            continue
        if m.group("bid"):
            if m.group("bid") in bids:
                err("%s: duplicate bid %s" % (where, m.group("bid")))
            bids[m.group("bid")] = (m.group("role"), eval(m.group("name")))  # repr-quoted
        elif m.group("role") != "StaticText":
            err("%s: non-text node without bid: %r" % (where, line[:80]))
    return bids


def check_obs(obs, where):
    if not isinstance(obs, dict):
        err("%s: observation is not an object" % where)
        return {}
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            err("%s: observation lacks %s" % (where, k))
    if not str(obs.get("url", "")).startswith("http"):
        err("%s: bad url" % where)
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        err("%s: error must be null or string" % where)
    if not obs.get("title"):
        err("%s: empty title" % where)
    return parse_page(obs.get("text", ""), where)


def load_plan(path):
    with open(path, encoding="utf-8") as f:
        raw = f.read()
    try:
        import yaml  # optional
        plan = yaml.safe_load(raw)
    except ImportError:
        plan = None
    ids = re.findall(r"^  - id: (\S+)\s*$", raw, re.M)
    if plan is not None:
        if not isinstance(plan.get("task"), str):
            err("plan: task missing")
        ids2 = [c["id"] for c in plan.get("commitments", [])]
        if ids2 != ids:
            err("plan: regex and YAML disagree on commitment ids")
        for c in plan["commitments"]:
            k = c.get("confidence", 0.5)
            if not (0 <= k <= 1):
                err("plan: confidence out of range in %s" % c["id"])
            for stage in (c.get("confirm") or {}):
                if stage not in ("precondition", "progress", "completion"):
                    err("plan: unknown confirm stage %s" % stage)
            for scope, items in (c.get("falsify") or {}).items():
                if scope not in ("execution", "skill", "planning"):
                    err("plan: unknown falsify scope %s" % scope)
                for it in items or []:
                    if isinstance(it, dict) and it.get("on", "state") not in ("state", "action", "both"):
                        err("plan: bad 'on' in %s" % c["id"])
        for scope in (plan.get("plan_falsifiers") or {}):
            if scope not in ("execution", "skill", "planning"):
                err("plan: unknown plan_falsifiers scope %s" % scope)
    if len(set(ids)) != len(ids) or not ids:
        err("plan: commitment ids missing or not unique")
    return set(ids)


def check_corpus():
    with open(CORPUS, encoding="utf-8") as f:
        lines = [l for l in f.read().split("\n") if l]
    runs = [json.loads(l) for l in lines]
    if len(runs) != 20:
        err("expected 20 runs, found %d" % len(runs))
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        err("run ids not unique")
    plans = {}
    healthy = faulty = 0
    kinds = set()
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err("%s: missing %s" % (rid, k))
        if r.get("workflow") != "rateplan":
            err("%s: workflow must be rateplan" % rid)
        plan_path = os.path.join(HERE, r["plan"]) if isinstance(r["plan"], str) else None
        if plan_path is None or not os.path.exists(plan_path):
            err("%s: plan path missing" % rid)
            continue
        if plan_path not in plans:
            plans[plan_path] = load_plan(plan_path)
        cids = plans[plan_path]
        lab = r["label"]
        if set(lab) < {"fault", "first_off_track_step"}:
            err("%s: label fields" % rid)
        steps = r["steps"]
        if not steps:
            err("%s: no steps" % rid)
        if lab["fault"] is None:
            healthy += 1
            if lab["first_off_track_step"] is not None:
                err("%s: healthy run with an off-track step" % rid)
            if r["outcome"].get("success") is not True:
                err("%s: healthy run must succeed" % rid)
        else:
            faulty += 1
            kinds.add(lab["fault"])
            if lab["fault"] not in FAULTS:
                err("%s: unknown fault %s" % (rid, lab["fault"]))
            k = lab["first_off_track_step"]
            if not isinstance(k, int) or isinstance(k, bool) or not (0 <= k < len(steps)):
                err("%s: first_off_track_step out of range" % rid)
            if r["outcome"].get("success") is not False:
                err("%s: faulty run must not succeed" % rid)
        if not isinstance(r["outcome"].get("success"), bool):
            err("%s: outcome.success must be a bool" % rid)
        prev = check_obs(r["initial_observation"], rid + "/initial")
        for i, s in enumerate(steps):
            where = "%s/step%d" % (rid, i)
            a = s.get("action", {})
            for k in ("command", "reasoning", "target", "effect"):
                if not isinstance(a.get(k), str) or not a.get(k):
                    err("%s: action.%s missing" % (where, k))
            if a.get("effect") not in EFFECTS:
                err("%s: bad effect %r" % (where, a.get("effect")))
            if "commitment" in s and s["commitment"] not in cids:
                err("%s: commitment %r not in plan" % (where, s["commitment"]))
            cmd = a.get("command", "")
            m = BID_ACTION_RE.match(cmd)
            if m:
                bid = m.group(2)
                if bid not in prev:
                    err("%s: bid %s not on the page acted on" % (where, bid))
                else:
                    role, name = prev[bid]
                    if not a["target"].startswith("%s %r" % (role, name)):
                        err("%s: target %r does not match [%s] %s %r"
                            % (where, a["target"], bid, role, name))
            elif not OTHER_ACTION_RE.match(cmd):
                err("%s: unrecognised command %r" % (where, cmd))
            prev = check_obs(s.get("observation"), where)
        # every run ends with a message to the user
        if not steps[-1]["action"]["command"].startswith("send_msg_to_user("):
            err("%s: last action should report to the user" % rid)
    if healthy != 8 or faulty != 12:
        err("expected 8 healthy and 12 faulty, got %d and %d" % (healthy, faulty))
    need = {"wrong_record", "wrong_value", "silent_noop", "unrequested_constraint",
            "permission_denied", "premature_success", "skipped_step", "dialog_mishandled"}
    if not need <= kinds:
        err("missing fault kinds: %s" % sorted(need - kinds))
    return runs


def check_determinism():
    targets = ["corpus.jsonl", os.path.join("plans", "rateplan.yaml")]
    here = {t: sha(os.path.join(HERE, t)) for t in targets}
    for attempt in range(2):
        tmp = tempfile.mkdtemp(prefix="rateplan-selftest-")
        try:
            shutil.copy(os.path.join(HERE, "make_corpus.py"), tmp)
            env = dict(os.environ, PYTHONHASHSEED=str(attempt * 7 + 1))
            subprocess.run([sys.executable, "make_corpus.py"], cwd=tmp, check=True,
                           stdout=subprocess.DEVNULL, env=env)
            for t in targets:
                if sha(os.path.join(tmp, t)) != here[t]:
                    err("determinism: %s differs on regeneration (attempt %d)" % (t, attempt))
        finally:
            shutil.rmtree(tmp)


def main():
    runs = check_corpus()
    check_determinism()
    if errors:
        for e in errors:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        sys.exit(1)
    by = {}
    for r in runs:
        if r["label"]["fault"]:
            by.setdefault(r["label"]["first_off_track_step"], []).append(r["label"]["fault"])
    print("OK: %d runs (%d healthy), faults by step: %s"
          % (len(runs), sum(1 for r in runs if r["label"]["fault"] is None),
             "; ".join("%d: %s" % (k, ", ".join(v)) for k, v in sorted(by.items()))))


if __name__ == "__main__":
    main()
