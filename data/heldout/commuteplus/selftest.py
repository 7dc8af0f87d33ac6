#!/usr/bin/env python3
"""Validate the CommutePlus corpus and plan against the fcpkit format contract.

Checks: plan shape (parsed with a small YAML-subset reader; PyYAML is used as a
cross-check only if installed), every trajectory's fields and labels, that each
bid an action names exists on the page it acted on (and that the action's target
matches that node), select_option values are real options, and that
make_corpus.py is byte-for-byte deterministic and matches the checked-in files.
Standard library only.  Exit status 0 on success.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EXPECTED_RUNS = 20
EXPECTED_HEALTHY = 8
EXPECTED_FAULTY = 12
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON_VALUES = {"state", "action", "both"}
BID_ACTIONS = r"(click|dblclick|hover|fill|clear|select_option|press|focus|check|uncheck|upload_file)"
BID_RE = re.compile(r"^" + BID_ACTIONS + r"\((['\"])([^'\"]+)\2")
SELECT_RE = re.compile(r"^select_option\((['\"])[^'\"]+\1, (.+)\)$")
NODE_RE = re.compile(r"^\t*(\[(?P<bid>[^\]]+)\] )?(?P<rest>[A-Za-z]+ .*)$")
BID_FREE = re.compile(r"^(send_msg_to_user|go_back|go_forward|goto|noop|scroll|report_infeasible|new_tab|tab_close|tab_focus)\(")

errors = []


def fail(msg):
    errors.append(msg)


# ---------------------------------------------------------------------------
# Minimal YAML reader for the subset make_corpus.py emits (block maps, block
# lists, flow lists of plain scalars, double-quoted scalars, comments).
# ---------------------------------------------------------------------------
def _scalar(s):
    s = s.strip()
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("[") and s.endswith("]"):
        inner = s[1:-1].strip()
        return [x.strip() for x in inner.split(",")] if inner else []
    if s == "{}":
        return {}
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    if s in ("true", "false"):
        return s == "true"
    if s in ("null", "~"):
        return None
    return s


def _split_key(content):
    if content.startswith('"'):
        raise ValueError("quoted keys not supported: " + content)
    if ": " in content:
        k, v = content.split(": ", 1)
        return k, v
    if content.endswith(":"):
        return content[:-1], ""
    return None, None


def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        ind = len(raw) - len(raw.lstrip(" "))
        if "\t" in raw[:ind + 1]:
            raise ValueError("tab indentation")
        lines.append((ind, raw.strip()))

    def block(i, ind):
        if lines[i][1].startswith("- "):
            return seq(i, ind)
        return mapping(i, ind)

    def mapping(i, ind):
        out = {}
        while i < len(lines) and lines[i][0] == ind and not lines[i][1].startswith("- "):
            k, v = _split_key(lines[i][1])
            if k is None:
                raise ValueError(f"expected key at line {lines[i]}")
            if k in out:
                raise ValueError(f"duplicate key {k}")
            i += 1
            if v == "":
                if i < len(lines) and lines[i][0] > ind:
                    out[k], i = block(i, lines[i][0])
                else:
                    out[k] = None
            else:
                out[k] = _scalar(v)
        if i < len(lines) and lines[i][0] > ind:
            raise ValueError(f"bad indentation at {lines[i]}")
        return out, i

    def seq(i, ind):
        out = []
        while i < len(lines) and lines[i][0] == ind and lines[i][1].startswith("- "):
            content = lines[i][1][2:]
            k, _v = (None, None) if content.startswith('"') else _split_key(content)
            if k is not None and not content.startswith("["):
                lines[i] = (ind + 2, content)
                item, i = mapping(i, ind + 2)
                out.append(item)
            else:
                out.append(_scalar(content))
                i += 1
        return out, i

    result, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError(f"trailing content at {lines[i]}")
    return result


def evidence_ok(item, where):
    if isinstance(item, str):
        if not item.strip():
            fail(f"{where}: empty evidence string")
        return
    if isinstance(item, dict):
        if set(item) - {"text", "on"}:
            fail(f"{where}: unexpected keys {sorted(set(item) - {'text', 'on'})}")
        if not isinstance(item.get("text"), str) or not item["text"].strip():
            fail(f"{where}: evidence mapping without text")
        if item.get("on", "state") not in ON_VALUES:
            fail(f"{where}: bad on={item.get('on')!r}")
        return
    fail(f"{where}: evidence must be string or mapping, got {type(item).__name__}")


def check_plan(plan, path):
    if not isinstance(plan, dict):
        fail(f"{path}: plan is not a mapping")
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        fail(f"{path}: missing task")
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in SCOPES:
            fail(f"{path}: plan_falsifiers scope {scope!r}")
        for it in items or []:
            evidence_ok(it, f"{path}: plan_falsifiers.{scope}")
    ids = set()
    commitments = plan.get("commitments")
    if not isinstance(commitments, list) or not commitments:
        fail(f"{path}: commitments must be a non-empty list")
        return ids
    for c in commitments:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            fail(f"{path}: commitment without id")
            continue
        if cid in ids:
            fail(f"{path}: duplicate commitment id {cid}")
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"]:
            fail(f"{path}: {cid} has no subgoal")
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail(f"{path}: {cid} confidence {conf!r} outside [0, 1]")
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                fail(f"{path}: {cid} confirm stage {stage!r}")
            for it in items or []:
                evidence_ok(it, f"{path}: {cid}.confirm.{stage}")
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                fail(f"{path}: {cid} falsify scope {scope!r}")
            for it in items or []:
                evidence_ok(it, f"{path}: {cid}.falsify.{scope}")
    return ids


def normalise_pyyaml(obj):
    """PyYAML (YAML 1.1) reads the key `on` as True; map it back for comparison."""
    if isinstance(obj, dict):
        return {("on" if k is True else k): normalise_pyyaml(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [normalise_pyyaml(x) for x in obj]
    return obj


# ---------------------------------------------------------------------------
# Corpus checks
# ---------------------------------------------------------------------------
def check_obs(obs, where):
    if not isinstance(obs, dict):
        fail(f"{where}: observation is not an object")
        return {}
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            fail(f"{where}: observation missing {k}")
    if not isinstance(obs.get("url"), str) or not obs["url"].startswith("http"):
        fail(f"{where}: bad url")
    if not isinstance(obs.get("title"), str) or not obs["title"]:
        fail(f"{where}: bad title")
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        fail(f"{where}: error must be string or null")
    text = obs.get("text") or ""
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        fail(f"{where}: text does not start with RootWebArea")
    elif lines[0] != f"RootWebArea {obs.get('title')!r}, focused":
        fail(f"{where}: RootWebArea name differs from title")
    nodes = {}
    for ln in lines[1:]:
        m = NODE_RE.match(ln)
        if not m:
            fail(f"{where}: malformed AXTree line {ln!r}")
            continue
        if m.group("bid"):
            bid = m.group("bid")
            if bid in nodes:
                fail(f"{where}: duplicate bid {bid}")
            nodes[bid] = m.group("rest")
    return nodes


def check_corpus(plan_ids_by_path):
    with open(CORPUS, encoding="utf-8") as f:
        raw = f.read()
    if not raw.endswith("\n"):
        fail("corpus.jsonl does not end with a newline")
    recs = []
    for n, line in enumerate(raw.splitlines(), 1):
        try:
            recs.append(json.loads(line))
        except json.JSONDecodeError as exc:
            fail(f"corpus line {n}: {exc}")
    if len(recs) != EXPECTED_RUNS:
        fail(f"expected {EXPECTED_RUNS} runs, found {len(recs)}")
    seen = set()
    healthy = faulty = 0
    for rec in recs:
        rid = rec.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in rec:
                fail(f"{rid}: missing {k}")
        if rid in seen:
            fail(f"{rid}: duplicate id")
        seen.add(rid)
        plan_ref = rec.get("plan")
        if isinstance(plan_ref, str):
            ppath = os.path.normpath(os.path.join(HERE, plan_ref))
            if ppath not in plan_ids_by_path:
                if not os.path.exists(ppath):
                    fail(f"{rid}: plan {plan_ref} not found")
                    plan_ids = set()
                else:
                    with open(ppath, encoding="utf-8") as pf:
                        plan_ids_by_path[ppath] = check_plan(parse_yaml(pf.read()), ppath)
            plan_ids = plan_ids_by_path.get(ppath, set())
        elif isinstance(plan_ref, dict):
            plan_ids = check_plan(plan_ref, rid + ":inline-plan")
        else:
            fail(f"{rid}: plan must be a path or an object")
            plan_ids = set()
        if not isinstance(rec.get("task"), str) or not rec["task"]:
            fail(f"{rid}: empty task")
        steps = rec.get("steps") or []
        if not steps:
            fail(f"{rid}: no steps")
        label = rec.get("label") or {}
        if set(label) < {"fault", "first_off_track_step"}:
            fail(f"{rid}: label must have fault and first_off_track_step")
        fault, off = label.get("fault"), label.get("first_off_track_step")
        success = (rec.get("outcome") or {}).get("success")
        if not isinstance(success, bool):
            fail(f"{rid}: outcome.success must be a bool")
        if fault is None:
            healthy += 1
            if off is not None:
                fail(f"{rid}: healthy run with first_off_track_step={off}")
            if success is not True:
                fail(f"{rid}: healthy run not successful")
        else:
            faulty += 1
            if not isinstance(fault, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", fault):
                fail(f"{rid}: bad fault class {fault!r}")
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                fail(f"{rid}: first_off_track_step {off!r} outside 0..{len(steps) - 1}")
            if success is not False:
                fail(f"{rid}: faulty run marked successful")
        prev = check_obs(rec.get("initial_observation"), f"{rid}: initial_observation")
        for i, st in enumerate(steps):
            where = f"{rid} step {i}"
            act = st.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if not isinstance(act.get(k), str):
                    fail(f"{where}: action.{k} missing")
            if act.get("effect") not in EFFECTS:
                fail(f"{where}: effect {act.get('effect')!r}")
            c = st.get("commitment")
            if c is not None and c not in plan_ids:
                fail(f"{where}: commitment {c!r} not in plan")
            cmd = act.get("command", "")
            m = BID_RE.match(cmd)
            if m:
                bid = m.group(3)
                if bid not in prev:
                    fail(f"{where}: bid {bid} not on the page acted on")
                elif not prev[bid].startswith(act.get("target", "\0")):
                    fail(f"{where}: target {act.get('target')!r} does not match node {prev[bid]!r}")
                sm = SELECT_RE.match(cmd)
                if sm:
                    try:
                        value = eval(sm.group(2), {"__builtins__": {}})  # a Python string literal
                    except Exception:  # noqa: BLE001
                        value = None
                    if not isinstance(value, str) or f"option {value!r}" not in "\n".join(prev.values()):
                        fail(f"{where}: select_option value {value!r} is not an option on the page")
            elif not BID_FREE.match(cmd):
                fail(f"{where}: unrecognised command {cmd!r}")
            prev = check_obs(st.get("observation"), f"{where}: observation")
        if steps and not steps[-1]["action"]["command"].startswith("send_msg_to_user("):
            fail(f"{rid}: last step is not a report to the user")
    if healthy != EXPECTED_HEALTHY or faulty != EXPECTED_FAULTY:
        fail(f"expected {EXPECTED_HEALTHY} healthy / {EXPECTED_FAULTY} faulty, got {healthy} / {faulty}")
    return recs


def check_determinism():
    gen = os.path.join(HERE, "make_corpus.py")
    with tempfile.TemporaryDirectory(prefix="commuteplus-") as tmp:
        outs = [os.path.join(tmp, "a"), os.path.join(tmp, "b")]
        for d in outs:
            subprocess.run([sys.executable, gen, "--out", d], check=True, stdout=subprocess.DEVNULL)
        _compare(outs)


def _compare(outs):
    for rel in ("corpus.jsonl", os.path.join("plans", "commuteplus.yaml")):
        blobs = []
        for d in outs + [HERE]:
            with open(os.path.join(d, rel), "rb") as f:
                blobs.append(f.read())
        if blobs[0] != blobs[1]:
            fail(f"make_corpus.py is not deterministic for {rel}")
        if blobs[0] != blobs[2]:
            fail(f"checked-in {rel} differs from a fresh make_corpus.py run")


def main():
    plan_path = os.path.join(HERE, "plans", "commuteplus.yaml")
    with open(plan_path, encoding="utf-8") as f:
        plan_text = f.read()
    plan = parse_yaml(plan_text)
    ids = check_plan(plan, plan_path)
    sys.path.insert(0, HERE)
    import make_corpus  # noqa: E402
    if plan != make_corpus.PLAN:
        fail("plan YAML does not parse back to make_corpus.PLAN")
    try:
        import yaml  # optional cross-check
    except ImportError:
        yaml = None
    if yaml is not None and normalise_pyyaml(yaml.safe_load(plan_text)) != make_corpus.PLAN:
        fail("PyYAML reading of the plan differs from make_corpus.PLAN")
    recs = check_corpus({os.path.normpath(plan_path): ids})
    check_determinism()
    if errors:
        for e in errors:
            print("FAIL:", e)
        print(f"{len(errors)} problem(s)")
        return 1
    faults = [(r["label"]["fault"], r["label"]["first_off_track_step"]) for r in recs if r["label"]["fault"]]
    print(f"OK: {len(recs)} runs ({len(recs) - len(faults)} healthy, {len(faults)} faulty), "
          f"plan has {len(ids)} commitments, generator deterministic")
    return 0


if __name__ == "__main__":
    sys.exit(main())
