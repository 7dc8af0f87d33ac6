#!/usr/bin/env python3
"""Validate the Tidewater ClaimsDesk corpus against /work/shared/FORMATS.md (stdlib; PyYAML if present)."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FAULTS = {"wrong_record", "session_expired", "stale_filter", "missing_control", "wrong_banner", "silent_noop",
          "permission_denied", "plan_drift", "interstitial"}
NEAR_MISS = {"approve-payout": ["CLM-2025-118843", "CLM-2023-072215", "CLM-2024-090311"],
             "request-docs": ["CLM-2025-120571", "CLM-2022-044190"]}
NEAR_MISS_ACTIONS = ["Harbor Pointe Auto Body", "Initial Documents Reminder", "Rafael Nunes'", "Margit Ilves"]
EFFECTS = {"read", "write", "irreversible"}
BID_ACTIONS = re.compile(r"^(click|dblclick|hover|fill|select_option|press|focus|clear|check|uncheck)\('([^']+)'")
NODE = re.compile(r"^(\t+)\[([A-Za-z0-9]+)\] ([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
STATIC = re.compile(r"^(\t+)StaticText ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")$")
ROOT = re.compile(r"^RootWebArea ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"), focused, url=('.*')$")

errors = []


def err(msg):
    errors.append(msg)


def parse_page(text, where):
    lines = text.split("\n")
    m = ROOT.match(lines[0])
    if not m:
        err(f"{where}: first line is not a RootWebArea line: {lines[0][:80]!r}")
        return {}, None
    url = eval(m.group(2))
    nodes = {}
    prev_depth = 0
    for i, ln in enumerate(lines[1:], 2):
        mn = NODE.match(ln)
        ms = STATIC.match(ln)
        if not (mn or ms):
            err(f"{where}: line {i} malformed: {ln[:80]!r}")
            continue
        depth = len((mn or ms).group(1))
        if depth > prev_depth + 1:
            err(f"{where}: line {i} indentation jumps from {prev_depth} to {depth}")
        prev_depth = depth
        if mn:
            bid, role, name = mn.group(2), mn.group(3), eval(mn.group(4))
            if bid in nodes:
                err(f"{where}: duplicate bid {bid}")
            nodes[bid] = (role, name)
    return nodes, url


def load_plan(path):
    try:
        import yaml
    except ImportError:
        yaml = None
    text = open(path, encoding="utf-8").read()
    if path.endswith(".json"):
        return json.loads(text)
    if yaml is None:
        ids = re.findall(r"^  - id: (\S+)", text, re.M)
        return {"task": "x", "commitments": [{"id": i} for i in ids], "_light": True}
    return yaml.safe_load(text)


def check_evidence_list(items, where):
    if items is None:
        return
    if not isinstance(items, list):
        err(f"{where}: evidence must be a list")
        return
    for it in items:
        if isinstance(it, str):
            continue
        if isinstance(it, dict) and isinstance(it.get("text"), str) and it.get("on", "state") in ("state", "action", "both"):
            continue
        err(f"{where}: bad evidence item {it!r}")


def check_plan(plan, name):
    if not isinstance(plan.get("task"), str):
        err(f"{name}: task missing")
    cs = plan.get("commitments") or []
    if not 3 <= len(cs) <= 4:
        err(f"{name}: expected 3-4 commitments, got {len(cs)}")
    ids = [c.get("id") for c in cs]
    if len(set(ids)) != len(ids):
        err(f"{name}: duplicate commitment ids")
    if plan.get("_light"):
        return set(ids)
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in ("execution", "skill", "planning"):
            err(f"{name}: plan_falsifiers scope {scope}")
        check_evidence_list(items, f"{name}.plan_falsifiers.{scope}")
    n_action = 0
    for c in cs:
        conf = c.get("confidence", 0.5)
        if not (isinstance(conf, (int, float)) and 0 <= conf <= 1):
            err(f"{name}.{c.get('id')}: confidence out of range")
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in ("precondition", "progress", "completion"):
                err(f"{name}.{c['id']}: confirm stage {stage}")
            check_evidence_list(items, f"{name}.{c['id']}.confirm.{stage}")
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in ("execution", "skill", "planning"):
                err(f"{name}.{c['id']}: falsify scope {scope}")
            check_evidence_list(items, f"{name}.{c['id']}.falsify.{scope}")
            n_action += sum(1 for it in items or [] if isinstance(it, dict) and it.get("on") == "action")
    if n_action == 0:
        err(f"{name}: no `on: action` falsifiers")
    return set(ids)


def main():
    corpus = os.path.join(HERE, "corpus.jsonl")
    trajs = []
    for n, line in enumerate(open(corpus, encoding="utf-8"), 1):
        try:
            trajs.append(json.loads(line))
        except Exception as e:
            err(f"line {n}: not JSON: {e}")
    plans = {}
    seen = set()
    per_wf = {}
    faults_seen = set()
    for t in trajs:
        tid = t.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in t:
                err(f"{tid}: missing field {k}")
        if tid in seen:
            err(f"{tid}: duplicate id")
        seen.add(tid)
        wf = t["workflow"]
        per_wf.setdefault(wf, []).append(t)
        plan_path = os.path.join(HERE, t["plan"]) if isinstance(t["plan"], str) else None
        if plan_path:
            if not os.path.exists(plan_path):
                err(f"{tid}: plan {t['plan']} missing")
                continue
            if plan_path not in plans:
                plans[plan_path] = check_plan(load_plan(plan_path), t["plan"])
            cids = plans[plan_path]
        else:
            cids = check_plan(t["plan"], tid)
        lab = t["label"]
        fault, fots = lab.get("fault"), lab.get("first_off_track_step")
        steps = t["steps"]
        if fault is None:
            if fots is not None:
                err(f"{tid}: healthy run with a labelled step")
            if t["outcome"].get("success") is not True:
                err(f"{tid}: healthy run should succeed")
        else:
            faults_seen.add(fault)
            if fault not in FAULTS:
                err(f"{tid}: unknown fault {fault}")
            if not (isinstance(fots, int) and 0 <= fots < len(steps)):
                err(f"{tid}: first_off_track_step {fots} out of range 0..{len(steps) - 1}")
            if not tid.startswith(f"{wf}-{fault}-"):
                err(f"{tid}: id does not name its workflow and fault")
        pages = [t["initial_observation"]] + [s["observation"] for s in steps]
        parsed = []
        for i, ob in enumerate(pages):
            for k in ("url", "title", "text", "error"):
                if k not in ob:
                    err(f"{tid}: observation {i - 1} lacks {k}")
            nodes, url = parse_page(ob["text"], f"{tid} obs {i - 1}")
            if url is not None and url != ob["url"]:
                err(f"{tid}: obs {i - 1} url field differs from RootWebArea url")
            parsed.append(nodes)
        for i, s in enumerate(steps):
            a = s["action"]
            for k in ("command", "reasoning", "effect"):
                if k not in a:
                    err(f"{tid} step {i}: action lacks {k}")
            if a.get("effect") not in EFFECTS:
                err(f"{tid} step {i}: bad effect {a.get('effect')}")
            if s.get("commitment") is not None and s["commitment"] not in cids:
                err(f"{tid} step {i}: unknown commitment {s['commitment']}")
            m = BID_ACTIONS.match(a["command"])
            if m:
                bid = m.group(2)
                nodes = parsed[i]  # the page the action acts on
                if bid not in nodes:
                    err(f"{tid} step {i}: bid {bid} not on the page it acts on")
                else:
                    role, name = nodes[bid]
                    want = f"{role} {name!r}"
                    if a.get("target") != want:
                        err(f"{tid} step {i}: target {a.get('target')!r} != node {want!r}")
            elif a.get("target") not in (None, ""):
                err(f"{tid} step {i}: target given for a non-element action")
            if fault is None:
                for nm in NEAR_MISS[wf]:
                    if nm in s["observation"]["url"]:
                        err(f"{tid} step {i}: healthy run opens near-miss record {nm}")
                tgt = (a.get("target") or "") + " " + a["command"]
                for nm in NEAR_MISS[wf] + NEAR_MISS_ACTIONS:
                    if nm in tgt and not a["command"].startswith("send_msg_to_user"):
                        err(f"{tid} step {i}: healthy run acts on near miss {nm}")
        if fault == "wrong_record":
            u = steps[fots]["observation"]["url"]
            if not any(nm in u for nm in NEAR_MISS[wf]):
                err(f"{tid}: labelled step does not open a near-miss record")
            if fots > 0 and any(nm in steps[fots - 1]["observation"]["url"] for nm in NEAR_MISS[wf]):
                err(f"{tid}: near-miss record already open before the labelled step")
        if fault in ("session_expired", "stale_filter", "missing_control", "wrong_banner", "silent_noop",
                     "permission_denied", "interstitial") and fots is not None and 0 < fots:
            if steps[fots]["observation"]["text"] == pages[fots]["text"] and fault != "silent_noop":
                err(f"{tid}: labelled environment fault does not change the page")
    # counts
    for wf, ts in per_wf.items():
        h = sum(1 for t in ts if t["label"]["fault"] is None)
        if len(ts) != 11 or h != 5:
            err(f"{wf}: expected 11 runs with 5 healthy, got {len(ts)} / {h}")
    if len(trajs) != 22:
        err(f"expected 22 trajectories, got {len(trajs)}")
    if faults_seen != FAULTS:
        err(f"fault classes missing: {sorted(FAULTS - faults_seen)}")
    # determinism: regenerate in a temporary folder and compare byte for byte
    with tempfile.TemporaryDirectory() as d:
        shutil.copy(os.path.join(HERE, "make_corpus.py"), d)
        subprocess.run([sys.executable, os.path.join(d, "make_corpus.py")], check=True, stdout=subprocess.DEVNULL)
        for rel in ("corpus.jsonl", "plans/approve-payout.yaml", "plans/request-docs.yaml"):
            if open(os.path.join(d, rel), "rb").read() != open(os.path.join(HERE, rel), "rb").read():
                err(f"{rel}: regeneration differs (not deterministic or stale)")
    if errors:
        for e in errors:
            print("FAIL", e)
        print(f"{len(errors)} problem(s)")
        return 1
    print(f"OK: {len(trajs)} trajectories, {sum(len(t['steps']) for t in trajs)} steps, "
          f"workflows {sorted(per_wf)}, faults {sorted(faults_seen)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
