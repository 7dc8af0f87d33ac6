#!/usr/bin/env python3
"""Validate the Inkwell corpus against /work/shared/FORMATS.md (stdlib; PyYAML used if present)."""
import ast
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FAULTS = {"wrong_record", "session_expired", "stale_filter", "missing_control", "wrong_banner", "silent_noop",
          "permission_denied", "plan_drift", "interstitial"}
ENV_FAULTS = FAULTS - {"wrong_record", "plan_drift"}
EFFECTS = {"read", "write", "irreversible"}
STAGES = ("precondition", "progress", "completion")
SCOPES = ("execution", "skill", "planning")
NEAR_MISS_URLS = ["/ws/harbor-arts/campaigns/48377", "/ws/harbor-arts/campaigns/48302", "/ws/harbor-youth/"]
NEAR_MISS_NAMES = ["March Members Digest (copy)", "March Member Digest – draft", "Members – active, EU (2023)",
                   "Members – lapsed, EU", "Harbor Youth Theatre", "marta.kowalski@harborarts.org",
                   "m.kowalczyk@harborarts.org", "Europe/London"]
LINE = re.compile(r"^(\t+)(?:\[([a-z]?\d+)\] )?(\S+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")

errors = []


def err(msg):
    errors.append(msg)


def load_plan(path):
    text = open(path, encoding="utf-8").read()
    try:
        import yaml  # noqa
        return yaml.safe_load(text)
    except ImportError:
        print("note: PyYAML not installed; plan checked only for presence of keys")
        return None


def on_of(it):
    """`on:` unquoted in YAML 1.1 (PyYAML) loads as the boolean key True; accept both spellings."""
    return it.get("on", it.get(True, "state"))


def check_evidence(items, where):
    if not isinstance(items, list):
        err(f"{where}: not a list")
        return
    for it in items:
        if isinstance(it, str):
            continue
        if isinstance(it, dict) and isinstance(it.get("text"), str) and on_of(it) in ("state", "action", "both"):
            continue
        err(f"{where}: bad evidence item {it!r}")


def check_plan(plan, path):
    if plan is None:
        txt = open(path, encoding="utf-8").read()
        for k in ("task:", "plan_falsifiers:", "commitments:", "confirm:", "falsify:"):
            if k not in txt:
                err(f"plan lacks {k}")
        return set()
    for k in ("task", "plan_falsifiers", "commitments"):
        if k not in plan:
            err(f"plan lacks {k}")
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in SCOPES:
            err(f"plan_falsifiers: unknown scope {scope}")
        check_evidence(items, f"plan_falsifiers.{scope}")
    cs = plan.get("commitments") or []
    if not 4 <= len(cs) <= 5:
        err(f"plan has {len(cs)} commitments (want 4-5)")
    ids = set()
    on_action = 0
    for c in cs:
        cid = c.get("id")
        if cid in ids:
            err(f"duplicate commitment id {cid}")
        ids.add(cid)
        if not c.get("subgoal"):
            err(f"{cid}: no subgoal")
        conf = c.get("confidence", 0.5)
        if not (isinstance(conf, (int, float)) and 0 <= conf <= 1):
            err(f"{cid}: confidence {conf}")
        for st in (c.get("confirm") or {}):
            if st not in STAGES:
                err(f"{cid}: unknown confirm stage {st}")
            check_evidence(c["confirm"][st], f"{cid}.confirm.{st}")
        for sc in (c.get("falsify") or {}):
            if sc not in SCOPES:
                err(f"{cid}: unknown falsify scope {sc}")
            check_evidence(c["falsify"][sc], f"{cid}.falsify.{sc}")
            on_action += sum(1 for it in c["falsify"][sc] if isinstance(it, dict) and on_of(it) == "action")
    for items in (plan.get("plan_falsifiers") or {}).values():
        on_action += sum(1 for it in items if isinstance(it, dict) and on_of(it) == "action")
    if not on_action:
        err("plan has no `on: action` falsifier")
    return ids


def parse_page(text, where):
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        err(f"{where}: first line is not RootWebArea")
    nodes = {}
    for i, ln in enumerate(lines[1:], 1):
        m = LINE.match(ln)
        if not m:
            err(f"{where}: unparsable line {i}: {ln[:80]!r}")
            continue
        tabs, bid, role, name, rest = m.groups()
        name = ast.literal_eval(name)
        if role == "StaticText":
            if bid:
                err(f"{where}: StaticText with bid")
            continue
        if not bid:
            err(f"{where}: node without bid: {ln[:80]!r}")
            continue
        if bid in nodes:
            err(f"{where}: duplicate bid {bid}")
        nodes[bid] = (role, name, rest)
    return nodes


def parse_command(cmd):
    m = re.match(r"^(\w+)\((.*)\)$", cmd, re.S)
    if not m:
        return None, ()
    verb, args = m.groups()
    try:
        vals = ast.literal_eval(f"({args},)") if args.strip() else ()
    except Exception:
        return verb, None
    return verb, vals


BID_VERBS = {"click", "fill", "hover", "press", "select_option", "focus", "clear", "dblclick", "check", "uncheck"}


def main():
    path = os.path.join(HERE, "corpus.jsonl")
    trajs = []
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        try:
            trajs.append(json.loads(line))
        except json.JSONDecodeError as e:
            err(f"line {n}: {e}")
    ids = set()
    counts = {}
    plan_cache = {}
    for t in trajs:
        tid = t.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in t:
                err(f"{tid}: missing {k}")
        if tid in ids:
            err(f"duplicate id {tid}")
        ids.add(tid)
        plan_ids = set()
        if isinstance(t.get("plan"), str):
            pp = os.path.join(HERE, t["plan"])
            if not os.path.exists(pp):
                err(f"{tid}: plan file {t['plan']} missing")
            else:
                if pp not in plan_cache:
                    plan_cache[pp] = check_plan(load_plan(pp), pp)
                plan_ids = plan_cache[pp]
        lab = t["label"]
        fault, lstep = lab.get("fault"), lab.get("first_off_track_step")
        counts[fault] = counts.get(fault, 0) + 1
        steps = t["steps"]
        if fault is None:
            if lstep is not None:
                err(f"{tid}: healthy with label step")
            if t["outcome"].get("success") is not True:
                err(f"{tid}: healthy but not success")
        else:
            if fault not in FAULTS:
                err(f"{tid}: unknown fault {fault}")
            if not (isinstance(lstep, int) and 0 <= lstep < len(steps)):
                err(f"{tid}: label step {lstep} out of range")
            if t["outcome"].get("success") is not False:
                err(f"{tid}: faulty but success")
        obs_list = [t["initial_observation"]] + [s.get("observation") for s in steps]
        pages = []
        for i, o in enumerate(obs_list):
            where = f"{tid} obs{i - 1 if i else ' init'}"
            for k in ("url", "title", "text", "error"):
                if k not in o:
                    err(f"{where}: observation lacks {k}")
            first = o["text"].split("\n", 1)[0]
            if f"url={o['url']!r}" not in first or f"{o['title']!r}" not in first:
                err(f"{where}: RootWebArea line disagrees with url/title")
            pages.append(parse_page(o["text"], where))
        for i, s in enumerate(steps):
            a = s.get("action") or {}
            for k in ("command", "target", "effect"):
                if k not in a:
                    err(f"{tid} step {i}: action lacks {k}")
            if a.get("effect") not in EFFECTS:
                err(f"{tid} step {i}: effect {a.get('effect')}")
            if s.get("commitment") is not None and plan_ids and s["commitment"] not in plan_ids:
                err(f"{tid} step {i}: unknown commitment {s['commitment']}")
            verb, vals = parse_command(a["command"])
            if vals is None or verb is None:
                err(f"{tid} step {i}: unparsable command {a['command']!r}")
                continue
            if verb in BID_VERBS:
                bid = vals[0]
                page = pages[i]  # the page the action acts on (observation before it)
                if bid not in page:
                    err(f"{tid} step {i}: bid {bid} not on the page it acts on")
                    continue
                role, name, _ = page[bid]
                if a["target"] != f"{role} {name!r}":
                    err(f"{tid} step {i}: target {a['target']!r} != node {role} {name!r}")
            elif a.get("target") is not None:
                err(f"{tid} step {i}: target given for non-element action")
            # healthy runs never open near-miss records
            if fault is None:
                if any(u in (s["observation"]["url"]) for u in NEAR_MISS_URLS):
                    err(f"{tid} step {i}: healthy run opened near-miss record {s['observation']['url']}")
                if verb in ("click", "fill", "select_option") and a.get("target"):
                    tgt_name = ast.literal_eval(a["target"].split(" ", 1)[1])
                    if verb == "click" and any(tgt_name == nm or tgt_name.startswith(nm + " —") for nm in NEAR_MISS_NAMES):
                        err(f"{tid} step {i}: healthy run clicks near miss {tgt_name!r}")
                    if verb == "fill" and any(nm in str(vals[1:]) for nm in NEAR_MISS_NAMES):
                        err(f"{tid} step {i}: healthy run types near miss")
        # environment faults: the labelled observation must differ from the one before it
        if fault in ENV_FAULTS and isinstance(lstep, int) and 0 <= lstep < len(steps):
            if obs_list[lstep + 1]["text"] == obs_list[lstep]["text"] and fault != "silent_noop":
                err(f"{tid}: labelled observation identical to previous (fault not visible there)")
    healthy = counts.get(None, 0)
    if healthy != 8 or len(trajs) - healthy != 12:
        err(f"want 8 healthy + 12 faulty, got {healthy} + {len(trajs) - healthy}")
    missing = FAULTS - set(counts)
    if missing:
        err(f"fault classes not covered: {sorted(missing)}")
    print(f"{len(trajs)} trajectories; counts: " + ", ".join(f"{k or 'healthy'}={v}" for k, v in sorted(counts.items(), key=lambda kv: str(kv[0]))))
    if errors:
        print(f"{len(errors)} problem(s):")
        for e in errors[:60]:
            print("  -", e)
        sys.exit(1)
    print("selftest OK")


if __name__ == "__main__":
    main()
