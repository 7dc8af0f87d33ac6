#!/usr/bin/env python3
"""Self-test for the fieldday held-out corpus (Python 3 standard library only).

Checks the corpus and plan against the fcpkit format contract (FORMATS.md):
  * make_corpus.py is deterministic and the checked-in files match its output byte for byte;
  * the plan loads (small YAML reader below; cross-checked with PyYAML when it happens to be installed);
  * every trajectory has the required fields, a valid label, valid effects, known commitments;
  * every action that names a bid acts on an element present on the page it was issued on
    (initial_observation for step 0, else the previous step's observation), with a matching target;
  * select_option values are options of that combobox; bids are unique within each page.
Exit status 0 when everything passes.
"""
import ast
import json
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
N_RUNS, N_HEALTHY, N_FAULTY = 20, 8, 12
EFFECTS = {"read", "write", "irreversible"}
FAULT_KINDS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_filter", "error_page",
               "permission_denied", "session_expired", "premature_success", "skipped_step", "dialog_mishandled"}
LINE_RE = re.compile(r"""^(\t*)(?:\[(\d+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(, .*)?$""")

failures = []


def fail(msg):
    failures.append(msg)


# ------------------------------------------------------------------------------------------
# Minimal YAML reader for the block subset make_corpus.py writes
# ------------------------------------------------------------------------------------------
KEY_RE = re.compile(r'^([A-Za-z_][\w-]*|"[A-Za-z_][\w-]*"):(?: (.*))?$')


def _scalar(s):
    s = s.strip()
    if s.startswith('"'):
        return json.loads(s)
    if s == "null" or s == "~":
        return None
    if s == "true":
        return True
    if s == "false":
        return False
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
        pass
    return s


def yaml_load(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        ind = len(raw) - len(raw.lstrip(" "))
        lines.append([ind, raw.strip()])

    def block(i, ind):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            out = []
            while i < len(lines) and lines[i][0] == ind and lines[i][1].startswith("-"):
                rest = lines[i][1][2:]
                if KEY_RE.match(rest):
                    lines[i] = [ind + 2, rest]
                    val, i = block(i, ind + 2)
                else:
                    val, i = _scalar(rest), i + 1
                out.append(val)
            return out, i
        out = {}
        while i < len(lines) and lines[i][0] == ind and not lines[i][1].startswith("- "):
            m = KEY_RE.match(lines[i][1])
            if not m:
                raise ValueError(f"cannot read YAML line: {lines[i][1]!r}")
            key, val = m.group(1).strip('"'), m.group(2)
            if key in out:
                raise ValueError(f"duplicate key {key!r}")
            if val is None or val == "":
                i += 1
                if i < len(lines) and lines[i][0] > ind:
                    out[key], i = block(i, lines[i][0])
                else:
                    out[key] = None
            else:
                out[key], i = _scalar(val), i + 1
        return out, i

    data, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError(f"trailing YAML content at line {i}: {lines[i]}")
    return data


# ------------------------------------------------------------------------------------------
def check_determinism():
    outs = []
    for _ in range(2):
        with tempfile.TemporaryDirectory(prefix="fieldday-") as d:
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", d], check=True)
            files = {}
            for rel in ("corpus.jsonl", "plans/fieldday.yaml"):
                with open(os.path.join(d, rel), "rb") as f:
                    files[rel] = f.read()
            outs.append(files)
    if outs[0] != outs[1]:
        fail("make_corpus.py is not deterministic across two runs")
    for rel, data in outs[0].items():
        p = os.path.join(HERE, rel)
        if not os.path.exists(p):
            fail(f"{rel} missing; run make_corpus.py")
            continue
        with open(p, "rb") as f:
            if f.read() != data:
                fail(f"{rel} differs from a fresh make_corpus.py run")


def check_evidence(item, where):
    if isinstance(item, str):
        if not item.strip():
            fail(f"{where}: empty evidence string")
    elif isinstance(item, dict):
        if not isinstance(item.get("text"), str) or not item["text"].strip():
            fail(f"{where}: evidence mapping without text")
        if item.get("on", "state") not in ("state", "action", "both"):
            fail(f"{where}: bad 'on' {item.get('on')!r}")
        extra = set(item) - {"text", "on"}
        if extra:
            fail(f"{where}: unexpected evidence keys {sorted(extra)}")
    else:
        fail(f"{where}: evidence must be a string or mapping, got {type(item).__name__}")


def check_plan(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    plan = yaml_load(text)
    try:
        import yaml  # optional cross-check only
        if yaml.safe_load(text) != plan:
            fail("plan: PyYAML reads the plan differently from the built-in reader")
    except ImportError:
        pass
    if not isinstance(plan.get("task"), str):
        fail("plan: task missing")
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in ("execution", "skill", "planning"):
            fail(f"plan_falsifiers: unknown scope {scope}")
        for it in items:
            check_evidence(it, f"plan_falsifiers.{scope}")
    ids = []
    for c in plan.get("commitments") or []:
        for k in ("id", "subgoal"):
            if not isinstance(c.get(k), str) or not c[k]:
                fail(f"commitment missing {k}: {c}")
        ids.append(c.get("id"))
        kappa = c.get("confidence", 0.5)
        if not isinstance(kappa, (int, float)) or not 0 <= kappa <= 1:
            fail(f"commitment {c.get('id')}: confidence {kappa!r} out of [0, 1]")
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in ("precondition", "progress", "completion"):
                fail(f"commitment {c['id']}: unknown confirm stage {stage}")
            for it in items or []:
                check_evidence(it, f"{c['id']}.confirm.{stage}")
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in ("execution", "skill", "planning"):
                fail(f"commitment {c['id']}: unknown falsify scope {scope}")
            for it in items or []:
                check_evidence(it, f"{c['id']}.falsify.{scope}")
    if not ids:
        fail("plan: no commitments")
    if len(ids) != len(set(ids)):
        fail("plan: duplicate commitment ids")
    # round trip: the plan text is exactly what make_corpus.py emits for this data
    sys.path.insert(0, HERE)
    import make_corpus
    if make_corpus.PLAN != plan:
        fail("plan: file content differs from make_corpus.PLAN")
    if make_corpus.plan_yaml() != text:
        fail("plan: does not round-trip through the emitter")
    return plan, set(ids)


def parse_page(text, where):
    lines = text.split("\n")
    if not lines or not lines[0].startswith("RootWebArea "):
        fail(f"{where}: first line must be RootWebArea")
    nodes = {}
    parsed = []
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not m:
            fail(f"{where}: malformed AXTree line {ln!r}")
            continue
        depth, bid, role, name, props = len(m.group(1)), m.group(2), m.group(3), ast.literal_eval(m.group(4)), m.group(5)
        if bid is not None:
            if bid in nodes:
                fail(f"{where}: duplicate bid {bid}")
            nodes[bid] = (len(parsed), depth, role, name, props or "")
        elif role != "StaticText":
            fail(f"{where}: non-text node without bid: {ln!r}")
        parsed.append((depth, bid, role, name))
    return nodes, parsed


def options_under(parsed, idx, depth):
    out = []
    for d, _bid, role, name in parsed[idx + 1:]:
        if d <= depth:
            break
        if role == "option":
            out.append(name)
    return out


def check_obs(obs, where):
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            fail(f"{where}: observation missing {k}")
    if not str(obs.get("url", "")).startswith("http"):
        fail(f"{where}: url should be absolute")
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        fail(f"{where}: error must be null or a string")
    return parse_page(obs.get("text", ""), where)


def check_corpus(plan_ids):
    with open(CORPUS, encoding="utf-8") as f:
        raw = [ln for ln in f.read().split("\n") if ln.strip()]
    runs = [json.loads(ln) for ln in raw]
    if len(runs) != N_RUNS:
        fail(f"expected {N_RUNS} runs, found {len(runs)}")
    seen = set()
    healthy = faulty = 0
    kinds = set()
    for r in runs:
        rid = r.get("id")
        if rid in seen:
            fail(f"duplicate id {rid}")
        seen.add(rid)
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail(f"{rid}: missing {k}")
        if r.get("workflow") != "fieldday":
            fail(f"{rid}: workflow must be fieldday")
        plan_path = os.path.join(os.path.dirname(CORPUS), r["plan"]) if isinstance(r.get("plan"), str) else None
        if plan_path is None or not os.path.exists(plan_path):
            fail(f"{rid}: plan path {r.get('plan')!r} does not resolve next to the corpus")
        lab = r.get("label") or {}
        fault, step = lab.get("fault"), lab.get("first_off_track_step")
        steps = r.get("steps") or []
        success = (r.get("outcome") or {}).get("success")
        if fault is None:
            healthy += 1
            if step is not None:
                fail(f"{rid}: healthy run must have first_off_track_step null")
            if success is not True:
                fail(f"{rid}: healthy run should succeed")
        else:
            faulty += 1
            kinds.add(fault)
            if fault not in FAULT_KINDS:
                fail(f"{rid}: unknown fault class {fault!r}")
            if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < len(steps):
                fail(f"{rid}: first_off_track_step {step!r} is not an index into steps")
            if success is not False:
                fail(f"{rid}: faulty run should not succeed")
        if not steps:
            fail(f"{rid}: no steps")
        page, parsed = check_obs(r["initial_observation"], f"{rid}/initial")
        for i, s in enumerate(steps):
            where = f"{rid}/step{i}"
            a = s.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    fail(f"{where}: action missing {k}")
            if a.get("effect") not in EFFECTS:
                fail(f"{where}: bad effect {a.get('effect')!r}")
            if "commitment" in s and s["commitment"] not in plan_ids:
                fail(f"{where}: unknown commitment {s['commitment']!r}")
            m = re.match(r"^(\w+)\((.*)\)$", a.get("command", ""), re.S)
            if not m:
                fail(f"{where}: unparseable command {a.get('command')!r}")
            else:
                fn = m.group(1)
                try:
                    args = ast.literal_eval("(" + m.group(2) + ",)") if m.group(2).strip() else ()
                except (ValueError, SyntaxError):
                    fail(f"{where}: unparseable arguments in {a['command']!r}")
                    args = ()
                if fn in ("click", "fill", "press", "select_option", "hover", "focus", "dblclick"):
                    bid = str(args[0]) if args else None
                    if bid not in page:
                        fail(f"{where}: bid {bid!r} not on the page acted on")
                    else:
                        idx, depth, role, name, _props = page[bid]
                        want = f"{role} {name!r}"
                        if a.get("target") != want:
                            fail(f"{where}: target {a.get('target')!r} != element {want!r}")
                        if fn == "fill" and role not in ("textbox", "searchbox", "combobox"):
                            fail(f"{where}: fill on a {role}")
                        if fn == "select_option":
                            opts = options_under(parsed, idx, depth)
                            if len(args) < 2 or args[1] not in opts:
                                fail(f"{where}: option {args[1:]!r} not offered by {want}")
                elif fn == "send_msg_to_user":
                    if len(args) != 1 or not isinstance(args[0], str):
                        fail(f"{where}: send_msg_to_user takes one string")
                elif fn not in ("go_back", "go_forward", "noop", "scroll"):
                    fail(f"{where}: unexpected command {fn}")
            page, parsed = check_obs(s.get("observation") or {}, where)
    if healthy != N_HEALTHY or faulty != N_FAULTY:
        fail(f"expected {N_HEALTHY} healthy / {N_FAULTY} faulty, found {healthy} / {faulty}")
    missing = FAULT_KINDS - kinds
    if missing:
        fail(f"fault kinds not covered: {sorted(missing)}")
    # realism: near misses and alarming words occur on healthy pages too
    htext = " ".join(r["initial_observation"]["text"] + " ".join(s["observation"]["text"] for s in r["steps"])
                     for r in runs if r["label"]["fault"] is None)
    for w in ("AP-20471", "AP-21417", "Dmitri Halverson", "Dimitri Halvorsen", "Overdue", "failed", "Cancelled",
              "Overtime", "Travel-time warning", "SLA"):
        if w not in htext:
            fail(f"healthy pages never mention {w!r}")
    return runs


def main():
    check_determinism()
    _plan, ids = check_plan(os.path.join(HERE, "plans", "fieldday.yaml"))
    runs = check_corpus(ids)
    if failures:
        for f_ in failures:
            print("FAIL:", f_)
        print(f"{len(failures)} problem(s)")
        return 1
    by_step = {}
    for r in runs:
        if r["label"]["fault"]:
            by_step.setdefault(r["label"]["first_off_track_step"], []).append(r["label"]["fault"])
    print(f"ok: {len(runs)} runs ({N_HEALTHY} healthy, {N_FAULTY} faulty); plan has {len(ids)} commitments")
    for k in sorted(by_step):
        print(f"  step {k}: {', '.join(by_step[k])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
