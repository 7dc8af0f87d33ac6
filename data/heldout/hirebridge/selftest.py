#!/usr/bin/env python3
"""Validate the Hirebridge corpus and plan against FORMATS.md (stdlib only)."""
import filecmp
import json
import os
import re
import sys
sys.dont_write_bytecode = True
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_corpus  # noqa: E402
from plan_source import PLAN  # noqa: E402

ERRORS = []


def check(cond, msg):
    if not cond:
        ERRORS.append(msg)
    return cond


# ---------------------------------------------------------------- minimal YAML reader (block subset)
def _scalar(s):
    s = s.strip()
    if s.startswith('"'):
        return json.loads(s)
    if s in ("null", "~"):
        return None
    if s in ("true", "false"):
        return s == "true"
    if s == "[]":
        return []
    if s == "{}":
        return {}
    try:
        return int(s)
    except ValueError:
        pass
    try:
        return float(s)
    except ValueError:
        return s


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        ind = len(raw) - len(raw.lstrip(" "))
        lines.append((ind, raw.strip()))
    pos = 0

    def parse_block(indent):
        nonlocal pos
        if lines[pos][1].startswith("- "):
            out = []
            while pos < len(lines) and lines[pos][0] == indent and lines[pos][1].startswith("- "):
                body = lines[pos][1][2:]
                if re.match(r'^("[^"]*"|[A-Za-z_][\w-]*):( |$)', body):
                    # mapping item: rewrite the first line as a key line at indent+2
                    lines[pos] = (indent + 2, body)
                    out.append(parse_block(indent + 2))
                else:
                    out.append(_scalar(body))
                    pos += 1
            return out
        out = {}
        while pos < len(lines) and lines[pos][0] == indent and not lines[pos][1].startswith("- "):
            ln = lines[pos][1]
            if ln.startswith('"'):
                end = ln.index('"', 1)
                key, rest = json.loads(ln[:end + 1]), ln[end + 2:]
            else:
                key, _, rest = ln.partition(":")
            pos += 1
            if rest.strip():
                out[key] = _scalar(rest)
            else:
                nxt = lines[pos][0] if pos < len(lines) else -1
                out[key] = parse_block(nxt) if nxt > indent else None
        return out

    return parse_block(lines[0][0])


# ---------------------------------------------------------------- plan
def validate_plan(plan):
    check(isinstance(plan.get("task"), str) and plan["task"], "plan.task missing")
    scopes = {"execution", "skill", "planning"}
    stages = {"precondition", "progress", "completion"}

    def ev_ok(items, where):
        check(isinstance(items, list), f"{where}: not a list")
        for it in items or []:
            if isinstance(it, dict):
                check(isinstance(it.get("text"), str) and it["text"], f"{where}: mapping item without text")
                check(it.get("on", "state") in ("state", "action", "both"), f"{where}: bad on={it.get('on')}")
            else:
                check(isinstance(it, str) and it, f"{where}: bad evidence item {it!r}")

    pf = plan.get("plan_falsifiers", {})
    check(isinstance(pf, dict), "plan_falsifiers must be a mapping")
    for sc, items in pf.items():
        check(sc in scopes, f"plan_falsifiers: unknown scope {sc}")
        ev_ok(items, f"plan_falsifiers.{sc}")
    ids = set()
    for c in plan.get("commitments", []):
        cid = c.get("id")
        check(isinstance(cid, str) and cid and cid not in ids, f"commitment id {cid!r} missing or duplicate")
        ids.add(cid)
        check(isinstance(c.get("subgoal"), str) and c["subgoal"], f"{cid}: subgoal missing")
        conf = c.get("confidence", 0.5)
        check(isinstance(conf, (int, float)) and 0 <= conf <= 1, f"{cid}: confidence out of range")
        for st, items in c.get("confirm", {}).items():
            check(st in stages, f"{cid}: unknown confirm stage {st}")
            ev_ok(items, f"{cid}.confirm.{st}")
        for sc, items in c.get("falsify", {}).items():
            check(sc in scopes, f"{cid}: unknown falsify scope {sc}")
            ev_ok(items, f"{cid}.falsify.{sc}")
    check(len(ids) >= 2, "plan needs commitments")
    return ids


# ---------------------------------------------------------------- corpus
LINE_RE = re.compile(r"^(\t*)(\[(\d+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(, .*)?$")
EFFECTS = {"read", "write", "irreversible"}
CMD_RE = re.compile(r"^(click|fill|select_option|press|goto|send_msg_to_user|scroll|noop|hover)\((.*)\)$", re.S)


def validate_obs(o, where):
    for k in ("url", "title", "text", "error"):
        check(k in o, f"{where}: observation lacks {k}")
    check(isinstance(o.get("text"), str) and o["text"], f"{where}: empty text")
    bids = {}
    lines = o["text"].split("\n")
    check(lines[0].startswith("RootWebArea ") and o["title"] in lines[0], f"{where}: root line/title mismatch")
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not check(m, f"{where}: malformed AXTree line {ln!r}"):
            continue
        if m.group(3):
            check(m.group(3) not in bids, f"{where}: duplicate bid {m.group(3)}")
            bids[m.group(3)] = f"{m.group(4)} {m.group(5)}"
    return bids


def validate_corpus(path, commit_ids):
    recs = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            rec = json.loads(line)
            check(json.dumps(rec, ensure_ascii=False) == line, f"line {n}: does not round-trip")
            recs.append(rec)
    seen = set()
    for r in recs:
        rid = r.get("id")
        check(rid and rid not in seen, f"duplicate/missing id {rid}")
        seen.add(rid)
        for k in ("workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in r, f"{rid}: missing {k}")
        check(os.path.exists(os.path.join(os.path.dirname(path), r["plan"])), f"{rid}: plan path does not resolve")
        lab = r["label"]
        steps = r["steps"]
        if lab["fault"] is None:
            check(lab["first_off_track_step"] is None, f"{rid}: healthy with a step label")
            check(r["outcome"]["success"] is True, f"{rid}: healthy but not successful")
        else:
            fo = lab["first_off_track_step"]
            check(isinstance(fo, int) and 0 <= fo < len(steps), f"{rid}: bad first_off_track_step {fo}")
            check(r["outcome"]["success"] is False, f"{rid}: faulty but successful")
        prev = validate_obs(r["initial_observation"], f"{rid} init")
        for i, s in enumerate(steps):
            a = s["action"]
            check(a.get("effect") in EFFECTS, f"{rid}[{i}]: bad effect")
            if "commitment" in s:
                check(s["commitment"] in commit_ids, f"{rid}[{i}]: unknown commitment {s['commitment']}")
            m = CMD_RE.match(a["command"])
            if check(m, f"{rid}[{i}]: unparseable command {a['command']!r}"):
                if m.group(1) in ("click", "fill", "select_option", "press"):
                    bid = re.match(r"'(\d+)'", m.group(2)).group(1)
                    check(bid in prev, f"{rid}[{i}]: bid {bid} not on the previous page")
                    check(prev.get(bid) == a.get("target"), f"{rid}[{i}]: target {a.get('target')!r} != {prev.get(bid)!r}")
            prev = validate_obs(s["observation"], f"{rid}[{i}]")
    return recs


# ---------------------------------------------------------------- content / label checks
def obs_texts(r):
    yield r["initial_observation"]["text"]
    for s in r["steps"]:
        yield s["observation"]["text"]


def label_checks(recs):
    by = {r["id"]: r for r in recs}

    def obs(rid, i):
        r = by[rid]
        return r["initial_observation"]["text"] if i < 0 else r["steps"][i]["observation"]["text"]

    def first_showing(rid, needle):
        r = by[rid]
        if needle in r["initial_observation"]["text"]:
            return 0
        for i, s in enumerate(r["steps"]):
            if needle in s["observation"]["text"]:
                return i
        return None

    # environment faults: label == first observation that shows it (start page -> 0)
    env = {
        "hirebridge-lost_session-01": "Your session has expired",
        "hirebridge-error_ignored-01": "We couldn't save this interview",
        "hirebridge-unexpected_dialog-01": "Possible duplicate candidate",
        "hirebridge-stale_filter-01": "Remove filter: Requisition: REQ-2174",
    }
    for rid, needle in env.items():
        check(first_showing(rid, needle) == by[rid]["label"]["first_off_track_step"],
              f"{rid}: label does not match the first observation showing {needle!r}")
    check(by["hirebridge-stale_filter-01"]["label"]["first_off_track_step"] == 0, "stale filter must be 0")
    # silent no-op: the Move write whose page still says Phone Screen without a toast
    r = by["hirebridge-silent_noop-01"]
    i = r["label"]["first_off_track_step"]
    check(r["steps"][i]["action"]["target"] == "button 'Move'" and "Stage: Phone Screen" in obs(r["id"], i)
          and "Moved Priya Raman" not in obs(r["id"], i), "silent_noop label")
    # agent faults: label is the action itself
    agent = {
        "hirebridge-wrong_record-01": lambda a: a["command"].startswith("click") and "Priya Raman" in a["target"],
        "hirebridge-wrong_record-02": lambda a: "Priya Ramani" in a["target"],
        "hirebridge-wrong_value-01": lambda a: "2024-03-15" in a["command"],
        "hirebridge-wrong_value-02": lambda a: "Rejection" in a["command"],
        "hirebridge-skipped_step-01": lambda a: a["target"] == "button 'Send email'",
        "hirebridge-plan_drift-01": lambda a: "reminder" in a["target"],
        "hirebridge-false_success-01": lambda a: a["target"] == "button 'Save draft'",
    }
    for rid, pred in agent.items():
        i = by[rid]["label"]["first_off_track_step"]
        check(pred(by[rid]["steps"][i]["action"]), f"{rid}: labelled step {i} is not the off-track action")
    check("APP-58231" in obs("hirebridge-wrong_record-01", 2) and "Application APP-58231" in obs("hirebridge-wrong_record-01", 2),
          "wrong_record-01 should open APP-58231")
    check(not any("Onsite panel · " in s["observation"]["text"] for s in by["hirebridge-skipped_step-01"]["steps"]),
          "skipped_step run must never schedule")


def content_checks(recs):
    healthy = [r for r in recs if r["label"]["fault"] is None]
    faulty = [r for r in recs if r["label"]["fault"] is not None]
    check(len(recs) == 20 and len(healthy) == 8 and len(faulty) == 12, "need 20 runs: 8 healthy, 12 faulty")
    faults = {r["label"]["fault"] for r in faulty}
    check(len(faults) >= 8, f"fault spread too small: {faults}")
    htext = "\n".join(t for r in healthy for t in obs_texts(r))
    for needle in ["Priya Ramani", "Priya Rahman", "APP-58231", "REQ-2174", "REQ-2148", "Luis Mendes",
                   "Fri, Mar 15", "Northwind Labs", "Search candidates, jobs, people", "navigation 'Breadcrumb'",
                   "contentinfo", "Sort by", "Page 2", "Remove filter", "Saved views", "dialog", "alertdialog",
                   "status ''", "withdrew", "declined", "Declined", "Rejected", "overdue feedback", "not available",
                   "Moved Priya Raman to Onsite", "Email sent to Priya Raman", "Interview scheduled"]:
        check(needle in htext, f"healthy pages lack {needle!r}")
    # every healthy run touches the right record only
    for r in healthy:
        titles = [s["observation"]["title"] for s in r["steps"]]
        check(not any("REQ-2174" in t or "Ramani" in t or "Rahman" in t for t in titles), f"{r['id']}: wrong record page")
        last = r["steps"][-1]["observation"]["text"]
        check("Email sent to Priya Raman" in last and "Stage: Onsite" in last and make_corpus.IV_OK in last,
              f"{r['id']}: healthy run does not end in the done state")
    # agent style variety
    cmds = [s["action"]["command"] for r in recs for s in r["steps"]]
    for verb in ("goto(", "press(", "fill(", "select_option(", "click(", "send_msg_to_user("):
        check(any(c.startswith(verb) for c in cmds), f"no {verb} actions")
    # max rows on some table page
    check(max(t.count("row ''") for r in recs for t in obs_texts(r)) >= 20, "need a table with many rows")


def main():
    plan_path = os.path.join(HERE, "plans", "onsite_panel.yaml")
    with open(plan_path, encoding="utf-8") as f:
        plan = load_yaml(f.read())
    check(plan == PLAN, "YAML plan does not round-trip to plan_source.PLAN")
    try:
        import yaml  # optional cross-check
        with open(plan_path, encoding="utf-8") as f:
            check(yaml.safe_load(f) == PLAN, "PyYAML reads a different plan")
    except ImportError:
        pass
    ids = validate_plan(plan)
    recs = validate_corpus(os.path.join(HERE, "corpus.jsonl"), ids)
    label_checks(recs)
    content_checks(recs)
    # determinism: regenerate elsewhere and compare bytes
    with tempfile.TemporaryDirectory() as td:
        make_corpus.main(td)
        for rel in ("corpus.jsonl", os.path.join("plans", "onsite_panel.yaml")):
            check(filecmp.cmp(os.path.join(td, rel), os.path.join(HERE, rel), shallow=False),
                  f"{rel} is stale or non-deterministic (rerun make_corpus.py)")
    if ERRORS:
        for e in ERRORS:
            print("FAIL:", e)
        sys.exit(1)
    steps = sum(len(r["steps"]) for r in recs)
    faults = sorted({r["label"]["fault"] for r in recs if r["label"]["fault"]})
    print(f"OK: {len(recs)} trajectories ({steps} steps), {len(ids)} commitments, faults: {', '.join(faults)}")


if __name__ == "__main__":
    main()
