#!/usr/bin/env python3
"""Validate the Bedboard held-out corpus against the fcpkit format contract.

Standard library only.  Checks:
  * corpus.jsonl: 20 runs, required fields and types, unique ids, one workflow, one task;
  * labels: healthy = fault null / step null / success true; faulty = fault string, step an index
    into steps, success false; 8 healthy and 12 faulty; the fault kinds the corpus promises;
  * observations: url/title/text/error present, text is a flattened AX tree (one node per line,
    "[bid] role 'name'"), bids unique within a page;
  * actions: command/effect present, effect in {read, write, irreversible}; every bid an action
    names exists on the page it acted on (initial_observation for step 0, otherwise the previous
    step's observation) and the recorded target matches that node;
  * plan: the referenced file parses (a small YAML-subset reader), ids unique, confidence in [0, 1],
    evidence items well formed, task identical to the corpus task, step commitments exist;
  * determinism: make_corpus.py run twice into temporary folders, with different hash seeds,
    yields files byte-identical to the ones on disk.
"""
import ast
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EFFECTS = {"read", "write", "irreversible"}
EXPECTED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_constraint", "error_page",
                   "permission_denied", "session_expired", "premature_success", "skipped_step",
                   "dialog_mishandled", "stale_filter"}
BID_ACTIONS = {"click", "dblclick", "hover", "fill", "select_option", "press", "focus", "clear", "check",
               "uncheck", "upload_file"}
NO_BID_ACTIONS = {"send_msg_to_user", "noop", "goto", "go_back", "go_forward", "scroll", "report_infeasible"}
LINE_RE = re.compile(r"^(\t*)\[([A-Za-z0-9]+)\] ([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(, .+)?$")
ROOT_RE = re.compile(r"^RootWebArea ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(, .+)?$")

errors = []


def err(msg):
    errors.append(msg)


# ----------------------------------------------------------------------------- YAML subset

def _scalar(tok, where):
    tok = tok.strip()
    if tok == "[]":
        return []
    if tok == "{}":
        return {}
    if tok.startswith('"'):
        return json.loads(tok)
    if tok.startswith("{"):
        m = re.match(r'^\{\s*text:\s*("(?:[^"\\]|\\.)*")\s*,\s*on:\s*([a-z]+)\s*\}$', tok)
        if not m:
            raise ValueError(f"{where}: unsupported flow mapping {tok!r}")
        return {"text": json.loads(m.group(1)), "on": m.group(2)}
    if re.fullmatch(r"-?\d+(\.\d+)?", tok):
        return float(tok) if "." in tok else int(tok)
    if tok in ("null", "~"):
        return None
    return tok


def load_yaml_subset(text):
    """Block mappings and sequences, JSON-quoted or plain scalars, `{text: .., on: ..}` flow maps."""
    lines = []
    for no, raw in enumerate(text.split("\n"), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError(f"line {no}: tab indentation")
        lines.append([len(raw) - len(raw.lstrip(" ")), raw.strip(), no])

    def block(i, indent):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            return seq(i, indent)
        return mapping(i, indent)

    def seq(i, indent):
        out = []
        while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("-"):
            rest = lines[i][1][1:].strip()
            no = lines[i][2]
            if re.match(r'^[A-Za-z_][\w-]*:(\s|$)', rest):
                lines[i] = [indent + 2, rest, no]
                val, i = mapping(i, indent + 2)
            else:
                val, i = _scalar(rest, f"line {no}"), i + 1
            out.append(val)
        return out, i

    def mapping(i, indent):
        out = {}
        while i < len(lines) and lines[i][0] == indent and not lines[i][1].startswith("- "):
            content, no = lines[i][1], lines[i][2]
            m = re.match(r'^([A-Za-z_][\w-]*):(.*)$', content)
            if not m:
                raise ValueError(f"line {no}: expected 'key: value', got {content!r}")
            key, rest = m.group(1), m.group(2).strip()
            if key in out:
                raise ValueError(f"line {no}: duplicate key {key}")
            i += 1
            if rest:
                out[key] = _scalar(rest, f"line {no}")
            elif i < len(lines) and lines[i][0] > indent:
                out[key], i = block(i, lines[i][0])
            elif i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("- "):
                out[key], i = seq(i, indent)
            else:
                out[key] = None
        return out, i

    val, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError(f"line {lines[i][2]}: unexpected content {lines[i][1]!r}")
    return val


# ----------------------------------------------------------------------------- checks

def check_evidence_list(items, where):
    if not isinstance(items, list):
        err(f"{where}: evidence must be a list")
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                err(f"{where}: empty evidence string")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                err(f"{where}: evidence mapping without text")
            if it.get("on", "state") not in ("state", "action", "both"):
                err(f"{where}: bad 'on' {it.get('on')!r}")
        else:
            err(f"{where}: evidence item of type {type(it).__name__}")


def check_plan(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    plan = load_yaml_subset(text)
    for k in ("task", "commitments"):
        if k not in plan:
            err(f"plan: missing {k}")
    if not isinstance(plan.get("task"), str):
        err("plan: task must be a string")
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in ("execution", "skill", "planning"):
            err(f"plan_falsifiers: unknown scope {scope}")
        check_evidence_list(items, f"plan_falsifiers.{scope}")
    ids = []
    for c in plan.get("commitments") or []:
        cid = c.get("id")
        ids.append(cid)
        if not isinstance(cid, str) or not cid:
            err("plan: commitment without id")
        if not isinstance(c.get("subgoal"), str):
            err(f"plan {cid}: subgoal missing")
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            err(f"plan {cid}: confidence {conf!r} outside [0, 1]")
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in ("precondition", "progress", "completion"):
                err(f"plan {cid}: unknown confirm stage {stage}")
            check_evidence_list(items, f"plan {cid}.confirm.{stage}")
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in ("execution", "skill", "planning"):
                err(f"plan {cid}: unknown falsify scope {scope}")
            check_evidence_list(items, f"plan {cid}.falsify.{scope}")
    if len(ids) != len(set(ids)):
        err("plan: duplicate commitment ids")
    try:  # cross-check with PyYAML when it happens to be installed (optional)
        import yaml
    except ImportError:
        yaml = None
    if yaml is not None:
        # YAML 1.1 loaders read a bare `on` key as the boolean True; the plan writes `on: action`
        # exactly as the contract's example does, so map that key back before comparing.
        def norm(x):
            if isinstance(x, dict):
                return {("on" if k is True else k): norm(v) for k, v in x.items()}
            if isinstance(x, list):
                return [norm(v) for v in x]
            return x
        if norm(yaml.safe_load(text)) != plan:
            err("plan: subset reader and PyYAML disagree")
    return plan


def parse_tree(text, where):
    nodes = {}
    lines = text.split("\n")
    if not lines or not ROOT_RE.match(lines[0]):
        err(f"{where}: first line is not a RootWebArea node")
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not m:
            err(f"{where}: malformed AX line {ln!r}")
            continue
        bid, role, name = m.group(2), m.group(3), ast.literal_eval(m.group(4))
        if bid in nodes:
            err(f"{where}: duplicate bid {bid}")
        nodes[bid] = (role, name)
    return nodes


def check_obs(o, where):
    if not isinstance(o, dict):
        err(f"{where}: observation not an object")
        return {}
    for k in ("url", "title", "text"):
        if not isinstance(o.get(k), str) or not o[k]:
            err(f"{where}: observation.{k} missing")
    if "error" not in o or not (o["error"] is None or isinstance(o["error"], str)):
        err(f"{where}: observation.error must be null or a string")
    return parse_tree(o.get("text", ""), where)


def parse_command(cmd, where):
    try:
        call = ast.parse(cmd, mode="eval").body
    except SyntaxError:
        err(f"{where}: command is not a call: {cmd!r}")
        return None, []
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
        err(f"{where}: command is not a simple call: {cmd!r}")
        return None, []
    args = []
    for a in call.args:
        try:
            args.append(ast.literal_eval(a))
        except ValueError:
            err(f"{where}: non-literal argument in {cmd!r}")
    return call.func.id, args


def check_corpus(plan_cache):
    runs = []
    with open(CORPUS, encoding="utf-8") as f:
        for no, line in enumerate(f, 1):
            if not line.strip():
                err(f"corpus line {no}: blank line")
                continue
            runs.append(json.loads(line))
    if len(runs) != 20:
        err(f"expected 20 runs, found {len(runs)}")
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        err("duplicate run ids")
    healthy = faulty = 0
    kinds = set()
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err(f"{rid}: missing {k}")
        plan_ref = r.get("plan")
        if isinstance(plan_ref, str):
            ppath = os.path.join(HERE, plan_ref)
            if ppath not in plan_cache:
                plan_cache[ppath] = check_plan(ppath)
            plan = plan_cache[ppath]
        elif isinstance(plan_ref, dict):
            plan = plan_ref
        else:
            err(f"{rid}: plan must be a path or an object")
            plan = {}
        if plan.get("task") != r.get("task"):
            err(f"{rid}: task differs from the plan's task")
        cids = {c["id"] for c in plan.get("commitments", [])}
        label = r.get("label") or {}
        steps = r.get("steps") or []
        success = (r.get("outcome") or {}).get("success")
        if not isinstance(success, bool):
            err(f"{rid}: outcome.success must be a bool")
        if "fault" not in label or "first_off_track_step" not in label:
            err(f"{rid}: label needs fault and first_off_track_step")
        if label.get("fault") is None:
            healthy += 1
            if label.get("first_off_track_step") is not None:
                err(f"{rid}: healthy run with first_off_track_step")
            if success is not True:
                err(f"{rid}: healthy run should succeed")
        else:
            faulty += 1
            kinds.add(label["fault"])
            s = label.get("first_off_track_step")
            if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < len(steps):
                err(f"{rid}: first_off_track_step {s!r} is not an index into steps")
            if success is not False:
                err(f"{rid}: faulty run should not succeed")
        if not steps:
            err(f"{rid}: no steps")
        prev_nodes = check_obs(r.get("initial_observation"), f"{rid} initial")
        for i, st in enumerate(steps):
            where = f"{rid} step {i}"
            act = st.get("action") or {}
            if not isinstance(act.get("command"), str):
                err(f"{where}: action.command missing")
                continue
            if act.get("effect") not in EFFECTS:
                err(f"{where}: effect {act.get('effect')!r}")
            if "commitment" in st and st["commitment"] not in cids:
                err(f"{where}: unknown commitment {st['commitment']!r}")
            fn, args = parse_command(act["command"], where)
            if fn in BID_ACTIONS:
                if not args or not isinstance(args[0], str):
                    err(f"{where}: {fn} without a bid")
                elif args[0] not in prev_nodes:
                    err(f"{where}: bid {args[0]} not on the page acted on")
                else:
                    role, name = prev_nodes[args[0]]
                    if act.get("target") and act["target"] != f"{role} {name!r}":
                        err(f"{where}: target {act['target']!r} != node {role} {name!r}")
                    if fn == "select_option":
                        # the option must be one of the page's options under that combobox
                        if len(args) < 2 or f"option {args[1]!r}" not in r_text(steps, i, r):
                            err(f"{where}: option {args[1:]!r} not offered on the page")
            elif fn not in NO_BID_ACTIONS:
                err(f"{where}: unknown action {fn!r}")
            prev_nodes = check_obs(st.get("observation"), where)
    if healthy != 8 or faulty != 12:
        err(f"expected 8 healthy / 12 faulty, found {healthy} / {faulty}")
    missing = EXPECTED_FAULTS - kinds
    if missing:
        err(f"fault kinds missing: {sorted(missing)}")
    if len({r.get('workflow') for r in runs}) != 1:
        err("more than one workflow in the corpus")
    return runs


def r_text(steps, i, run):
    return (run["initial_observation"] if i == 0 else steps[i - 1]["observation"])["text"]


def check_determinism():
    files = ["corpus.jsonl", os.path.join("plans", "ed-to-ward-transfer.yaml")]
    on_disk = {}
    for fn in files:
        with open(os.path.join(HERE, fn), "rb") as f:
            on_disk[fn] = f.read()
    for hashseed in ("0", "12345"):
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, PYTHONHASHSEED=hashseed)
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", tmp],
                           check=True, env=env, stdout=subprocess.DEVNULL)
            for fn in files:
                with open(os.path.join(tmp, fn), "rb") as f:
                    if f.read() != on_disk[fn]:
                        err(f"determinism: {fn} differs on regeneration (PYTHONHASHSEED={hashseed})")


def main():
    plan_cache = {}
    runs = check_corpus(plan_cache)
    check_determinism()
    if errors:
        for e in errors:
            print("FAIL:", e)
        print(f"selftest: {len(errors)} problem(s)")
        return 1
    nsteps = sum(len(r["steps"]) for r in runs)
    print(f"selftest: OK — {len(runs)} runs, {nsteps} steps, plan(s): {', '.join(os.path.relpath(p, HERE) for p in plan_cache)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
