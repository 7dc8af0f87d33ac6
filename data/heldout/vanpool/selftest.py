#!/usr/bin/env python3
"""Validate the vanpool corpus against the fcpkit format contract (FORMATS.md).

Checks: make_corpus.py is deterministic and matches the files on disk; every run has
the required fields; labels follow the labelling rule's shape; every bid an action uses
exists (once) on the page the action was taken on, and its line carries the target;
the plan parses and every step's commitment exists in it. Standard library only.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EFFECTS = {"read", "write", "irreversible"}
BID_FUNCS = {"click", "dblclick", "hover", "fill", "select_option", "press", "focus", "clear",
             "check", "uncheck", "upload_file", "drag_and_drop"}
NO_BID_FUNCS = {"send_msg_to_user", "goto", "go_back", "go_forward", "noop", "scroll",
                "new_tab", "tab_close", "tab_focus", "report_infeasible"}
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_no_op", "unrequested_constraint",
                   "permission_denied", "premature_success", "skipped_step",
                   "dialog_mishandled", "error_page", "session_expired", "stale_filter"}
LINE_RE = re.compile(r"""^\t*(\[\d+\] )?[A-Za-z]+ ('([^'\\]|\\.)*'|"([^"\\]|\\.)*")(, .+)?$""")

errors = []


def err(msg):
    errors.append(msg)


# ---------------------------------------------------------------- minimal YAML subset
def _scalar(s):
    s = s.strip()
    if s == "[]":
        return []
    if s == "{}":
        return {}
    if s.startswith('"'):
        return json.loads(s)
    if s in ("null", "~"):
        return None
    if s in ("true", "false"):
        return s == "true"
    try:
        return int(s)
    except ValueError:
        pass
    try:
        return float(s)
    except ValueError:
        pass
    return s


def _is_mapping_line(content):
    return bool(re.match(r'^([A-Za-z_][\w-]*|"[\w-]+"):( |$)', content))


def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation")
        lines.append([len(raw) - len(raw.lstrip(" ")), raw.strip()])

    def block(i, ind):
        if lines[i][1].startswith("- "):
            return seq(i, ind)
        return mapping(i, ind)

    def seq(i, ind):
        out = []
        while i < len(lines) and lines[i][0] == ind and lines[i][1].startswith("- "):
            rest = lines[i][1][2:]
            if _is_mapping_line(rest):
                lines[i] = [ind + 2, rest]
                v, i = mapping(i, ind + 2)
            else:
                v, i = _scalar(rest), i + 1
            out.append(v)
        return out, i

    def mapping(i, ind):
        out = {}
        while i < len(lines) and lines[i][0] == ind and not lines[i][1].startswith("- "):
            content = lines[i][1]
            if not _is_mapping_line(content):
                raise ValueError(f"bad line: {content!r}")
            key, _, rest = content.partition(":")
            key = key.strip('"')
            if key in out:
                raise ValueError(f"duplicate key {key}")
            if rest.strip():
                out[key] = _scalar(rest)
                i += 1
            else:
                i += 1
                if i < len(lines) and lines[i][0] > ind:
                    out[key], i = block(i, lines[i][0])
                else:
                    out[key] = None
        return out, i

    value, end = block(0, lines[0][0])
    if end != len(lines):
        raise ValueError(f"unparsed content at line {end}: {lines[end][1]!r}")
    return value


# ---------------------------------------------------------------- plan checks
def check_evidence(item, where):
    if isinstance(item, str):
        if not item.strip():
            err(f"{where}: empty evidence string")
    elif isinstance(item, dict):
        if not isinstance(item.get("text"), str) or not item["text"].strip():
            err(f"{where}: evidence mapping needs text")
        if item.get("on", "state") not in ("state", "action", "both"):
            err(f"{where}: bad 'on' {item.get('on')!r}")
        extra = set(item) - {"text", "on"}
        if extra:
            err(f"{where}: unexpected evidence keys {extra}")
    else:
        err(f"{where}: evidence must be string or mapping")


def check_plan(plan, path):
    if not isinstance(plan, dict):
        err(f"{path}: plan is not a mapping")
        return set()
    if not isinstance(plan.get("task"), str):
        err(f"{path}: missing task")
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in ("execution", "skill", "planning"):
            err(f"{path}: plan_falsifiers scope {scope}")
        for it in items or []:
            check_evidence(it, f"{path}:plan_falsifiers.{scope}")
    ids = set()
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        err(f"{path}: commitments must be a non-empty list")
        return ids
    for c in cms:
        cid = c.get("id")
        if not isinstance(cid, str) or cid in ids:
            err(f"{path}: commitment id missing or duplicate: {cid!r}")
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str):
            err(f"{path}:{cid}: missing subgoal")
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            err(f"{path}:{cid}: confidence out of range")
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in ("precondition", "progress", "completion"):
                err(f"{path}:{cid}: confirm stage {stage}")
            for it in items or []:
                check_evidence(it, f"{path}:{cid}:confirm.{stage}")
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in ("execution", "skill", "planning"):
                err(f"{path}:{cid}: falsify scope {scope}")
            for it in items or []:
                check_evidence(it, f"{path}:{cid}:falsify.{scope}")
    return ids


# ---------------------------------------------------------------- corpus checks
def parse_command(cmd):
    m = re.match(r"^(\w+)\((.*)\)$", cmd, re.S)
    if not m:
        return None, None
    func, args = m.group(1), m.group(2)
    first = re.match(r"""^\s*(['"])(.*?)\1""", args, re.S)
    return func, (first.group(2) if first else None)


def check_observation(obs, where):
    if not isinstance(obs, dict):
        err(f"{where}: observation not an object")
        return
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            err(f"{where}: observation missing {k}")
    if not isinstance(obs.get("text"), str) or not obs.get("text"):
        err(f"{where}: empty text")
        return
    lines = obs["text"].split("\n")
    if not lines[0].startswith("RootWebArea "):
        err(f"{where}: first line should be RootWebArea")
    bids = []
    for ln in lines:
        if not LINE_RE.match(ln):
            err(f"{where}: malformed AXTree line {ln!r}")
        m = re.match(r"^\t*\[(\d+)\]", ln)
        if m:
            bids.append(m.group(1))
    if len(bids) != len(set(bids)):
        err(f"{where}: duplicate bids on page")


def find_bid_line(text, bid):
    hits = [ln for ln in text.split("\n") if re.match(r"^\t*\[" + re.escape(bid) + r"\] ", ln)]
    return hits


def check_run(run, plan_ids_by_path, n):
    _check_run(run, plan_ids_by_path, n)
    return (run.get("label") or {}).get("fault")


def _check_run(run, plan_ids_by_path, n):
    rid = run.get("id", f"line {n}")
    for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
        if k not in run:
            err(f"{rid}: missing {k}")
            return
    if run["workflow"] != "vanpool":
        err(f"{rid}: workflow should be vanpool")
    plan_path = run["plan"]
    if isinstance(plan_path, str):
        full = os.path.normpath(os.path.join(os.path.dirname(CORPUS), plan_path))
        if full not in plan_ids_by_path:
            if not os.path.exists(full):
                err(f"{rid}: plan {plan_path} not found")
                return
            with open(full, encoding="utf-8") as f:
                ptxt = f.read()
            try:
                plan = parse_yaml(ptxt)
            except Exception as e:  # noqa: BLE001
                err(f"{rid}: plan does not parse: {e}")
                return
            try:  # cross-check with PyYAML when it happens to be installed
                import yaml  # type: ignore
                if yaml.safe_load(ptxt) != plan:
                    err(f"{plan_path}: subset parser and PyYAML disagree")
            except ImportError:
                pass
            plan_ids_by_path[full] = (check_plan(plan, plan_path), plan)
        ids, plan = plan_ids_by_path[full]
    else:
        plan = run["plan"]
        ids = check_plan(plan, f"{rid}:inline")
    if plan.get("task") != run["task"]:
        err(f"{rid}: task differs from the plan's task")

    label = run["label"]
    if set(label) < {"fault", "first_off_track_step"}:
        err(f"{rid}: label needs fault and first_off_track_step")
        return
    steps = run["steps"]
    if not isinstance(steps, list) or not steps:
        err(f"{rid}: steps must be a non-empty list")
        return
    fault, off = label["fault"], label["first_off_track_step"]
    success = run["outcome"].get("success")
    if not isinstance(success, bool):
        err(f"{rid}: outcome.success must be bool")
    if fault is None:
        if off is not None:
            err(f"{rid}: healthy run must have first_off_track_step null")
        if success is not True:
            err(f"{rid}: healthy run must succeed")
        if not rid.startswith("vanpool-healthy-"):
            err(f"{rid}: healthy id pattern")
    else:
        if not isinstance(fault, str) or not fault:
            err(f"{rid}: fault must be a non-empty string")
        if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
            err(f"{rid}: first_off_track_step {off!r} out of range")
        if success is not False:
            err(f"{rid}: faulty run must not succeed")
        if not rid.startswith(f"vanpool-{fault}-"):
            err(f"{rid}: id should carry the fault class")

    check_observation(run["initial_observation"], f"{rid}:initial")
    prev = run["initial_observation"]
    for i, st in enumerate(steps):
        where = f"{rid}:step{i}"
        if "action" not in st or "observation" not in st:
            err(f"{where}: needs action and observation")
            continue
        a = st["action"]
        for k in ("command", "reasoning", "target", "effect"):
            if k not in a:
                err(f"{where}: action missing {k}")
        if a.get("effect") not in EFFECTS:
            err(f"{where}: effect {a.get('effect')!r}")
        if "commitment" in st and st["commitment"] not in ids:
            err(f"{where}: commitment {st['commitment']!r} not in plan")
        func, bid = parse_command(a.get("command", ""))
        if func in BID_FUNCS:
            hits = find_bid_line(prev.get("text", ""), bid or "")
            if len(hits) != 1:
                err(f"{where}: bid {bid!r} found {len(hits)} times on the page acted on")
            elif not a.get("target") or a["target"] not in hits[0]:
                err(f"{where}: target {a.get('target')!r} not on bid line {hits[0].strip()!r}")
            if func == "select_option":
                opt = re.findall(r",\s*'(.*)'\)$", a["command"])
                if not opt or f"option '{opt[0]}'" not in prev.get("text", ""):
                    err(f"{where}: option {opt} not offered on the page")
        elif func in NO_BID_FUNCS:
            pass
        else:
            err(f"{where}: unknown command {a.get('command')!r}")
        check_observation(st["observation"], where)
        prev = st["observation"]


def check_determinism():
    script = os.path.join(HERE, "make_corpus.py")
    outs = []
    for _ in range(2):
        d = tempfile.mkdtemp(prefix="vanpool-")
        subprocess.run([sys.executable, script, d], check=True)
        outs.append(d)
    for rel in ("corpus.jsonl", os.path.join("plans", "vanpool.yaml")):
        blobs = []
        for d in outs + [HERE]:
            with open(os.path.join(d, rel), "rb") as f:
                blobs.append(f.read())
        if not (blobs[0] == blobs[1] == blobs[2]):
            err(f"make_corpus.py is not byte-for-byte reproducible for {rel}")


def main():
    check_determinism()
    runs = []
    with open(CORPUS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                err(f"line {n}: blank line")
                continue
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"line {n}: invalid JSON: {e}")
    if len(runs) != 20:
        err(f"expected 20 runs, found {len(runs)}")
    ids = [r.get("id") for r in runs]
    if len(ids) != len(set(ids)):
        err("duplicate run ids")
    cache = {}
    faults = [check_run(r, cache, n) for n, r in enumerate(runs, 1)]
    healthy = sum(1 for f in faults if f is None)
    if healthy != 8 or len(runs) - healthy != 12:
        err(f"expected 8 healthy and 12 faulty, found {healthy} and {len(runs) - healthy}")
    missing = REQUIRED_FAULTS - set(faults)
    if missing:
        err(f"fault kinds not covered: {sorted(missing)}")
    # healthy runs must actually reach the goal state and finish with a report
    for r in runs:
        if r["label"]["fault"] is None:
            last_pages = [s["observation"]["text"] for s in r["steps"]]
            if not any("Transfer scheduled: Priya Raman (R-7730) moves from VP-14 to VP-41 on "
                       "Mon 9 Mar 2026 · pickup Elm & 3rd. Change notice sent to rider." in t
                       for t in last_pages):
                err(f"{r['id']}: healthy run never shows the success banner")
            if not r["steps"][-1]["action"]["command"].startswith("send_msg_to_user("):
                err(f"{r['id']}: healthy run should end with a report to the user")
            if any(s["observation"]["error"] for s in r["steps"]):
                err(f"{r['id']}: healthy run has an action error")
    # the near-miss rider must appear on healthy pages too
    if not any("R-7703" in s["observation"]["text"] for r in runs if r["label"]["fault"] is None
               for s in r["steps"]):
        err("near-miss R-7703 never appears on a healthy page")
    if errors:
        for e in errors:
            print("FAIL:", e)
        sys.exit(1)
    by_step = {}
    for r in runs:
        if r["label"]["fault"]:
            by_step.setdefault(r["label"]["first_off_track_step"], []).append(r["label"]["fault"])
    print(f"OK: {len(runs)} runs ({healthy} healthy, {len(runs) - healthy} faulty); deterministic")
    for k in sorted(by_step):
        print(f"  step {k}: {', '.join(by_step[k])}")


if __name__ == "__main__":
    main()
