#!/usr/bin/env python3
"""Validate the LoanShelf corpus against the fcpkit format contract (FORMATS.md).

Checks: required fields and types, labels, plan reference and commitment ids, that every
bid an action uses exists on the page it acted on (and names the stated target), AXTree line
shape, fault coverage, and that make_corpus.py is byte-for-byte reproducible.
Standard library only (PyYAML is used for a deeper plan check when it happens to be installed).
"""
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EFFECTS = {"read", "write", "irreversible"}
BID_ACTIONS = {"click", "dblclick", "hover", "fill", "press", "select_option", "focus", "clear"}
NO_BID_ACTIONS = {"send_msg_to_user", "noop", "go_back", "go_forward", "goto", "scroll",
                  "report_infeasible"}
LINE_RE = re.compile(r"^(\t*)(?:\[(\d+)\] [a-zA-Z]+ (?:'[^']*'|\"[^\"]*\")(?:, .+)?|"
                     r"StaticText (?:'[^']*'|\"[^\"]*\")|RootWebArea (?:'[^']*'|\"[^\"]*\"), focused)$")
EXPECTED_FAULTS = {"wrong_record", "wrong_value", "skipped_step", "unrequested_constraint",
                   "unrequested_filter", "silent_no_op", "permission_denied", "session_expired",
                   "premature_success", "dialog_mishandled"}

errors = []


def err(msg):
    errors.append(msg)


def sha(path):
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


def load_plan(path):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    ids = re.findall(r"^\s*- id: (\S+)\s*$", text, re.M)
    task = None
    try:
        import yaml  # optional
        data = yaml.safe_load(text)
        task = data.get("task")
        if not isinstance(data.get("commitments"), list) or not data["commitments"]:
            err("plan: commitments must be a non-empty list")
        for c in data["commitments"]:
            for k in ("id", "subgoal", "confirm", "falsify"):
                if k not in c:
                    err(f"plan: commitment {c.get('id')} lacks {k}")
            if not 0 <= float(c.get("confidence", 0.5)) <= 1:
                err(f"plan: confidence out of range in {c['id']}")
            if set(c.get("confirm", {})) - {"precondition", "progress", "completion"}:
                err(f"plan: bad confirm stage in {c['id']}")
            if set(c.get("falsify", {})) - {"execution", "skill", "planning"}:
                err(f"plan: bad falsify scope in {c['id']}")
            for group in list(c.get("confirm", {}).values()) + list(c.get("falsify", {}).values()):
                for item in group or []:
                    if isinstance(item, dict):
                        on = item.get("on", item.get(True))  # YAML 1.1 reads a bare `on` key as true
                        if "text" not in item or on not in ("state", "action", "both"):
                            err(f"plan: bad evidence mapping {item!r} in {c['id']}")
                    elif not isinstance(item, str):
                        err(f"plan: evidence must be a string or mapping in {c['id']}")
        if [c["id"] for c in data["commitments"]] != ids:
            err("plan: id scan disagrees with YAML parse")
        if "execution" not in (data.get("plan_falsifiers") or {}):
            err("plan: plan_falsifiers.execution missing")
    except ImportError:
        m = re.search(r'^task: "(.*)"\s*$', text, re.M)
        task = m.group(1) if m else None
    if len(ids) != len(set(ids)) or not ids:
        err("plan: commitment ids missing or not unique")
    if "Sign in to LoanShelf" not in text:
        err("plan: plan-level falsifier for the sign-in page missing")
    return set(ids), task


def check_obs(obs, where):
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            err(f"{where}: observation lacks {k}")
            return
    if not obs["text"].startswith("RootWebArea "):
        err(f"{where}: text does not start with RootWebArea")
    bids = []
    for n, line in enumerate(obs["text"].split("\n")):
        m = LINE_RE.match(line)
        if not m:
            err(f"{where}: malformed AXTree line {n}: {line!r}")
            continue
        if m.group(2):
            bids.append(m.group(2))
    if len(bids) != len(set(bids)):
        err(f"{where}: duplicate bids")


def bid_line(text, bid):
    for line in text.split("\n"):
        if line.lstrip("\t").startswith(f"[{bid}] "):
            return line.lstrip("\t")
    return None


def check_corpus(plan_ids, plan_task):
    with open(CORPUS, encoding="utf-8") as fh:
        lines = [l for l in fh.read().split("\n") if l]
    if len(lines) != 20:
        err(f"corpus: expected 20 runs, found {len(lines)}")
    runs = [json.loads(l) for l in lines]
    seen = set()
    healthy = faulty = 0
    faults = set()
    step0 = 0
    for run in runs:
        rid = run.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in run:
                err(f"{rid}: missing {k}")
        if rid in seen:
            err(f"{rid}: duplicate id")
        seen.add(rid)
        if run["plan"] != "plans/loanshelf_hold.yaml" or not os.path.exists(os.path.join(HERE, run["plan"])):
            err(f"{rid}: plan path does not resolve")
        if plan_task is not None and run["task"] != plan_task:
            err(f"{rid}: task text differs from the plan's task")
        lab = run["label"]
        if set(lab) != {"fault", "first_off_track_step"}:
            err(f"{rid}: label keys {sorted(lab)}")
        steps = run["steps"]
        if not steps:
            err(f"{rid}: no steps")
        if not isinstance(run["outcome"].get("success"), bool):
            err(f"{rid}: outcome.success not bool")
        if lab["fault"] is None:
            healthy += 1
            if lab["first_off_track_step"] is not None:
                err(f"{rid}: healthy run has an off-track step")
            if run["outcome"]["success"] is not True:
                err(f"{rid}: healthy run not successful")
            last = steps[-1]
            m = re.search(r"Request number (HR-\d{5})", steps[-2]["observation"]["text"])
            if not m or m.group(1) not in last["action"]["command"]:
                err(f"{rid}: healthy run does not report the confirmation's request number")
        else:
            faulty += 1
            faults.add(lab["fault"])
            off = lab["first_off_track_step"]
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                err(f"{rid}: first_off_track_step {off!r} out of range")
            if off == 0:
                step0 += 1
            if run["outcome"]["success"] is not False:
                err(f"{rid}: faulty run marked successful")
        check_obs(run["initial_observation"], f"{rid} initial")
        prev = run["initial_observation"]
        for i, st in enumerate(steps):
            where = f"{rid} step {i}"
            act = st.get("action", {})
            for k in ("command", "reasoning", "target", "effect"):
                if k not in act:
                    err(f"{where}: action lacks {k}")
            if act.get("effect") not in EFFECTS:
                err(f"{where}: bad effect {act.get('effect')!r}")
            if "commitment" in st and st["commitment"] not in plan_ids:
                err(f"{where}: commitment {st['commitment']!r} not in plan")
            m = re.match(r"^([a-z_]+)\((.*)\)$", act.get("command", ""), re.S)
            if not m:
                err(f"{where}: unparseable command")
            else:
                name = m.group(1)
                if name in BID_ACTIONS:
                    bm = re.match(r"^'([^']+)'", m.group(2))
                    line = bid_line(prev["text"], bm.group(1)) if bm else None
                    if line is None:
                        err(f"{where}: bid of {act['command']!r} not on the page acted on")
                    elif act["target"] not in line:
                        err(f"{where}: target {act['target']!r} does not match {line!r}")
                    elif "disabled=True" in line:
                        err(f"{where}: action on a disabled element")
                elif name not in NO_BID_ACTIONS:
                    err(f"{where}: unknown action {name}")
            check_obs(st.get("observation", {}), where)
            prev = st["observation"]
    if healthy != 8 or faulty != 12:
        err(f"corpus: expected 8 healthy / 12 faulty, found {healthy} / {faulty}")
    missing = EXPECTED_FAULTS - faults
    if missing:
        err(f"corpus: fault kinds not covered: {sorted(missing)}")
    if step0 < 1:
        err("corpus: no fault visible on the start page (step 0)")
    return runs


def check_determinism():
    gen = os.path.join(HERE, "make_corpus.py")
    digests = []
    for seed in ("0", "12345"):
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, PYTHONHASHSEED=seed)
            subprocess.run([sys.executable, gen, "--out", tmp], check=True, env=env)
            digests.append((sha(os.path.join(tmp, "corpus.jsonl")),
                            sha(os.path.join(tmp, "plans", "loanshelf_hold.yaml"))))
    here = (sha(CORPUS), sha(os.path.join(HERE, "plans", "loanshelf_hold.yaml")))
    if digests[0] != digests[1]:
        err("determinism: two generations differ")
    if digests[0] != here:
        err("determinism: checked-in files differ from a fresh generation (rerun make_corpus.py)")


def main():
    plan_ids, plan_task = load_plan(os.path.join(HERE, "plans", "loanshelf_hold.yaml"))
    runs = check_corpus(plan_ids, plan_task)
    check_determinism()
    if errors:
        for e in errors[:60]:
            print("FAIL:", e)
        print(f"{len(errors)} problem(s)")
        sys.exit(1)
    n_steps = sum(len(r["steps"]) for r in runs)
    print(f"OK: {len(runs)} runs ({n_steps} steps), plan with {len(plan_ids)} commitments, "
          f"bids resolve, output reproducible")


if __name__ == "__main__":
    main()
