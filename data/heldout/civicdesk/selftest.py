#!/usr/bin/env python3
"""Self-test for the CivicDesk held-out corpus (stdlib; uses PyYAML when present).

Checks corpus.jsonl and plans/permit-approve.yaml against /work/shared/FORMATS.md:
every required field and type, step indices, labels within range, effects, commitments,
AXTree shape, bids referenced by actions exist on the page they act on, action targets
match the node, healthy runs never open a near-miss record, fault coverage, determinism.
"""
import ast
import collections
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
FAULTS = {"wrong_record", "session_expired", "stale_filter", "missing_control", "wrong_banner",
          "silent_noop", "permission_denied", "plan_drift", "interstitial"}
ENV_FAULTS = {"session_expired", "stale_filter", "missing_control", "wrong_banner", "silent_noop",
              "permission_denied", "interstitial"}
EFFECTS = {"read", "write", "irreversible"}
NEAR_MISS = ["BP-2025-0471", "BP-2024-0417", "EP-2025-0388", "BP-2025-0452"]
TARGET = "BP-2025-0417"

errors = []


def err(msg):
    errors.append(msg)


# ---------------------------------------------------------------- YAML loading
def load_plan(path):
    text = open(path, encoding="utf-8").read()
    try:
        import yaml  # type: ignore
        return yaml.safe_load(text)
    except ImportError:
        return mini_yaml(text)


def mini_yaml(text):
    """Parser for the YAML subset written by make_corpus.py (block maps/lists, JSON-style scalars)."""
    lines = [l for l in text.split("\n") if l.strip() and not l.lstrip().startswith("#")]
    pos = 0

    def scalar(s):
        s = s.strip()
        if s == "[]":
            return []
        if s.startswith('"'):
            return json.loads(s)
        if s in ("true", "false"):
            return s == "true"
        try:
            return int(s)
        except ValueError:
            try:
                return float(s)
            except ValueError:
                return s

    def indent(l):
        return len(l) - len(l.lstrip(" "))

    def block(ind):
        nonlocal pos
        if lines[pos].strip().startswith("- "):
            out = []
            while pos < len(lines) and indent(lines[pos]) == ind and lines[pos].strip().startswith("- "):
                body = lines[pos].strip()[2:]
                if re.match(r'^("?)[A-Za-z_]\w*\1:( |$)', body):
                    lines[pos] = " " * (ind + 2) + body
                    out.append(block(ind + 2))
                else:
                    out.append(scalar(body))
                    pos += 1
            return out
        out = {}
        while pos < len(lines) and indent(lines[pos]) == ind and not lines[pos].strip().startswith("- "):
            k, _, v = lines[pos].strip().partition(":")
            k = json.loads(k) if k.startswith('"') else k
            pos += 1
            if v.strip():
                out[k] = scalar(v)
            else:
                out[k] = block(indent(lines[pos]))
        return out

    return block(0)


# ---------------------------------------------------------------- AXTree parsing
LINE_RE = re.compile(r"^(\t*)(?:\[([^\]]+)\] )?(\w+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")


def parse_tree(text, where):
    lines = text.split("\n")
    nodes = {}
    if not lines[0].startswith("RootWebArea "):
        err(f"{where}: first line is not RootWebArea")
    prev_depth = 0
    for i, line in enumerate(lines[1:], 1):
        m = LINE_RE.match(line)
        if not m:
            err(f"{where}: line {i} not in AXTree format: {line[:80]!r}")
            continue
        tabs, bid, role, qname, rest = m.groups()
        depth = len(tabs)
        if depth < 1 or depth > prev_depth + 1 and i > 1:
            err(f"{where}: line {i} indentation jumps from {prev_depth} to {depth}")
        prev_depth = depth
        if role == "StaticText":
            if bid:
                err(f"{where}: StaticText with bid on line {i}")
            continue
        if not bid:
            err(f"{where}: node without bid on line {i}: {line[:60]!r}")
            continue
        if bid in nodes:
            err(f"{where}: duplicate bid {bid}")
        name = ast.literal_eval(qname)
        nodes[bid] = {"label": f"{role} {name!r}", "role": role, "name": name, "rest": rest}
    return nodes


ACTION_RE = re.compile(r"^(click|dblclick|hover|fill|select_option|press|focus|clear)\('([^']+)'(.*)\)$", re.S)
NONELEM_RE = re.compile(r"^(scroll\(-?\d+, -?\d+\)|noop\(\d*\)|go_back\(\)|go_forward\(\)|goto\('.+'\)|send_msg_to_user\(.+\))$", re.S)


def check_obs(obs, where):
    if not isinstance(obs, dict):
        err(f"{where}: observation is not an object")
        return {}
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            err(f"{where}: observation missing {k}")
    for k in ("url", "title", "text"):
        if not isinstance(obs.get(k), str) or not obs.get(k):
            err(f"{where}: observation.{k} must be a non-empty string")
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        err(f"{where}: observation.error must be string or null")
    text = obs.get("text", "")
    first = text.split("\n", 1)[0]
    if f"url={obs.get('url')!r}" not in first:
        err(f"{where}: RootWebArea url does not match observation url")
    if not first.startswith(f"RootWebArea {obs.get('title')!r}"):
        err(f"{where}: RootWebArea title does not match observation title")
    return parse_tree(text, where)


def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl missing; run make_corpus.py")
        return 1
    raw = open(CORPUS, encoding="utf-8").read().split("\n")
    trajs = []
    for i, line in enumerate(raw):
        if not line.strip():
            continue
        try:
            trajs.append(json.loads(line))
        except json.JSONDecodeError as e:
            err(f"line {i + 1}: invalid JSON: {e}")
    if len(trajs) != 20:
        err(f"expected 20 trajectories, got {len(trajs)}")

    plans = {}
    ids = set()
    counts = collections.Counter()
    healthy = 0
    for t in trajs:
        tid = t.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in t:
                err(f"{tid}: missing field {k}")
        if tid in ids:
            err(f"{tid}: duplicate id")
        ids.add(tid)
        if t.get("workflow") != "permit-approve":
            err(f"{tid}: workflow should be permit-approve")
        plan_ref = t.get("plan")
        if isinstance(plan_ref, str):
            ppath = os.path.join(HERE, plan_ref)
            if not os.path.exists(ppath):
                err(f"{tid}: plan path {plan_ref} does not exist")
                plan = None
            else:
                plan = plans.setdefault(ppath, load_plan(ppath))
        elif isinstance(plan_ref, dict):
            plan = plan_ref
        else:
            err(f"{tid}: plan must be a path or an object")
            plan = None
        if plan and plan.get("task") != t.get("task"):
            err(f"{tid}: task differs from the plan's task")
        cids = {c["id"] for c in plan["commitments"]} if plan else set()

        label = t.get("label", {})
        fault = label.get("fault")
        fots = label.get("first_off_track_step")
        steps = t.get("steps", [])
        if not isinstance(steps, list) or not steps:
            err(f"{tid}: steps must be a non-empty list")
            steps = []
        if fault is None:
            healthy += 1
            if fots is not None:
                err(f"{tid}: healthy run must have first_off_track_step null")
            if t.get("outcome", {}).get("success") is not True:
                err(f"{tid}: healthy run should succeed")
        else:
            counts[fault] += 1
            if fault not in FAULTS:
                err(f"{tid}: unknown fault {fault}")
            if not isinstance(fots, int) or isinstance(fots, bool) or not (0 <= fots < len(steps)):
                err(f"{tid}: first_off_track_step {fots!r} out of range 0..{len(steps) - 1}")
            if t.get("outcome", {}).get("success") is not False:
                err(f"{tid}: faulty run should not succeed")
        if not isinstance(t.get("outcome", {}).get("success"), bool):
            err(f"{tid}: outcome.success must be bool")

        prev = check_obs(t.get("initial_observation", {}), f"{tid} initial")
        prev_obs = t.get("initial_observation", {})
        irreversible_seen = False
        for i, s in enumerate(steps):
            where = f"{tid} step {i}"
            a = s.get("action", {})
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    err(f"{where}: action missing {k}")
            if a.get("effect") not in EFFECTS:
                err(f"{where}: bad effect {a.get('effect')!r}")
            if "commitment" in s and s["commitment"] not in cids:
                err(f"{where}: unknown commitment {s['commitment']!r}")
            cmd = a.get("command", "")
            m = ACTION_RE.match(cmd)
            if m:
                verb, bid, args = m.groups()
                if bid not in prev:
                    err(f"{where}: bid {bid} not on the page the action acts on")
                else:
                    node = prev[bid]
                    if a.get("target") != node["label"]:
                        err(f"{where}: target {a.get('target')!r} != node {node['label']!r}")
                    if "disabled=True" in node["rest"] and verb in ("click", "fill", "select_option"):
                        err(f"{where}: acts on a disabled control")
                    if verb == "select_option":
                        if node["role"] != "combobox":
                            err(f"{where}: select_option on a {node['role']}")
                    if verb == "fill" and node["role"] not in ("textbox", "combobox", "searchbox"):
                        err(f"{where}: fill on a {node['role']}")
            elif NONELEM_RE.match(cmd):
                if a.get("target") is not None:
                    err(f"{where}: non-element action should have null target")
            else:
                err(f"{where}: unrecognised command {cmd[:60]!r}")
            if a.get("effect") == "irreversible":
                irreversible_seen = True
                if "Issue permit" not in (a.get("target") or ""):
                    err(f"{where}: irreversible effect on something other than issuing")
            obs = s.get("observation", {})
            prev = check_obs(obs, where)
            prev_obs = obs
            if fault is None:
                for nm in NEAR_MISS:
                    if f"/applications/{nm}" in obs.get("url", ""):
                        err(f"{where}: healthy run opens near-miss record {nm}")
                if obs.get("error"):
                    err(f"{where}: healthy run has an action error")
        if fault is None:
            if not irreversible_seen:
                err(f"{tid}: healthy run never issues the permit")
            last = steps[-1]["observation"] if steps else {}
            if "StaticText 'Issued'" not in last.get("text", "") or f"/applications/{TARGET}" not in last.get("url", ""):
                err(f"{tid}: healthy run does not end on the issued BP-2025-0417")
        # environment faults: labelled step's observation must differ visibly from the previous one,
        # except silent_noop, where it must be unchanged apart from timestamps.
        if fault in ENV_FAULTS and isinstance(fots, int) and 0 <= fots < len(steps):
            before = t["initial_observation"] if fots == 0 else steps[fots - 1]["observation"]
            after = t["initial_observation"] if (fault == "stale_filter" and fots == 0) else steps[fots]["observation"]
            strip = lambda x: re.sub(r"\d{1,2}:\d{2}(:\d{2})? (AM|PM)", "T", x)
            if fault == "silent_noop":
                if strip(before["text"]) != strip(after["text"]):
                    err(f"{tid}: silent_noop labelled step changes the page")
        if fault == "stale_filter" and fots == 0:
            if "Remove filter" not in t["initial_observation"]["text"]:
                err(f"{tid}: stale filter labelled 0 but not visible on the start page")

    if healthy != 8:
        err(f"expected 8 healthy runs, got {healthy}")
    if sum(counts.values()) != 12:
        err(f"expected 12 faulty runs, got {sum(counts.values())}")
    missing = FAULTS - set(counts)
    if missing:
        err(f"fault classes not covered: {sorted(missing)}")

    # plan checks
    for ppath, plan in plans.items():
        check_plan(plan, ppath)

    # determinism: regenerate into a temp copy and compare bytes
    tmp = tempfile.mkdtemp()
    try:
        shutil.copy(os.path.join(HERE, "make_corpus.py"), tmp)
        subprocess.run([sys.executable, os.path.join(tmp, "make_corpus.py")], check=True,
                       stdout=subprocess.DEVNULL)
        for rel in ("corpus.jsonl", os.path.join("plans", "permit-approve.yaml")):
            h1 = hashlib.sha256(open(os.path.join(HERE, rel), "rb").read()).hexdigest()
            h2 = hashlib.sha256(open(os.path.join(tmp, rel), "rb").read()).hexdigest()
            if h1 != h2:
                err(f"{rel}: not reproduced byte-for-byte by make_corpus.py")
    finally:
        shutil.rmtree(tmp)

    print(f"trajectories: {len(trajs)}  healthy: {healthy}  faulty: {sum(counts.values())}")
    for f in sorted(counts):
        print(f"  {f}: {counts[f]}")
    if errors:
        print(f"FAIL: {len(errors)} problem(s)")
        for e in errors[:200]:
            print("  -", e)
        return 1
    print("OK")
    return 0


def check_plan(plan, where):
    if not isinstance(plan, dict):
        err(f"{where}: plan is not a mapping")
        return
    if not isinstance(plan.get("task"), str):
        err(f"{where}: task missing")
    commits = plan.get("commitments")
    if not isinstance(commits, list) or len(commits) != 4:
        err(f"{where}: expected 4 commitments")
        return
    seen = set()
    on_action = 0

    def items(lst, w):
        nonlocal on_action
        if not isinstance(lst, list):
            err(f"{w}: must be a list")
            return
        for it in lst:
            if isinstance(it, str):
                if not it.strip():
                    err(f"{w}: empty evidence")
            elif isinstance(it, dict):
                if not isinstance(it.get("text"), str) or it.get("on", "state") not in ("state", "action", "both"):
                    err(f"{w}: bad evidence mapping {it}")
                if it.get("on") == "action":
                    on_action += 1
            else:
                err(f"{w}: bad evidence item {it!r}")

    for c in commits:
        cid = c.get("id")
        if not cid or cid in seen:
            err(f"{where}: missing or duplicate commitment id {cid!r}")
        seen.add(cid)
        if not isinstance(c.get("subgoal"), str):
            err(f"{where}/{cid}: subgoal missing")
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            err(f"{where}/{cid}: confidence out of range")
        for stage in ("precondition", "progress", "completion"):
            v = c.get("confirm", {}).get(stage)
            if not v:
                err(f"{where}/{cid}: confirm.{stage} empty")
            items(v or [], f"{where}/{cid}/confirm.{stage}")
        for scope in ("execution", "skill", "planning"):
            v = c.get("falsify", {}).get(scope)
            if not v:
                err(f"{where}/{cid}: falsify.{scope} empty")
            items(v or [], f"{where}/{cid}/falsify.{scope}")
    pf = plan.get("plan_falsifiers", {})
    allpf = []
    for scope, v in pf.items():
        if scope not in ("execution", "skill", "planning"):
            err(f"{where}: unknown plan_falsifiers scope {scope}")
        items(v, f"{where}/plan_falsifiers.{scope}")
        allpf += [x if isinstance(x, str) else x["text"] for x in v]
    joined = " ".join(allpf).lower()
    if "sign-in" not in joined and "sign in" not in joined:
        err(f"{where}: no plan falsifier about the sign-in page")
    if "session" not in joined or "expired" not in joined:
        err(f"{where}: no plan falsifier about session expiry")
    if on_action < 2:
        err(f"{where}: expected some on: action falsifiers")


if __name__ == "__main__":
    sys.exit(main())
