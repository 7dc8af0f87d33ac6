#!/usr/bin/env python3
"""Check corpus.jsonl and plans/*.yaml against the fcpkit file-format contract (FORMATS.md).

Exit code 0 when everything passes, 1 on any problem. Standard library only (PyYAML is used as an extra
cross-check when it happens to be installed).
"""
import ast
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
BASE = "https://cvpa.pensionly.co.uk"
PROBLEMS = []


def bad(msg):
    PROBLEMS.append(msg)


# ---------------------------------------------------------------- YAML subset
def parse_yaml(text):
    """Parser for the block-style YAML subset the generator writes (mappings, sequences, JSON-quoted scalars)."""
    lines = [(len(l) - len(l.lstrip(" ")), l.strip()) for l in text.splitlines()
             if l.strip() and not l.lstrip().startswith("#")]
    pos = 0

    def scalar(s):
        if s.startswith('"'):
            return json.loads(s)
        if s == "[]":
            return []
        if s == "{}":
            return {}
        if s in ("null", "~"):
            return None
        if s in ("true", "false"):
            return s == "true"
        if re.fullmatch(r"-?\d+", s):
            return int(s)
        if re.fullmatch(r"-?\d+\.\d*", s):
            return float(s)
        return s

    def block(indent):
        if pos >= len(lines) or lines[pos][0] < indent:
            raise ValueError("empty block")
        if lines[pos][1].startswith("- "):
            return seq(lines[pos][0])
        return mapping(lines[pos][0])

    def mapping(indent):
        nonlocal pos
        d = {}
        while pos < len(lines) and lines[pos][0] == indent and not lines[pos][1].startswith("- "):
            ln = lines[pos][1]
            if ln.startswith('"'):
                end = ln.index('"', 1)
                key, colon, rest = json.loads(ln[:end + 1]), ln[end + 1:end + 2], ln[end + 2:]
            else:
                key, colon, rest = ln.partition(":")
                if key.lower() in ("on", "off", "yes", "no", "y", "n", "true", "false", "null"):
                    raise ValueError("bare key %r is read as a boolean/null by YAML 1.1 readers; quote it" % key)
            if colon != ":":
                raise ValueError("expected 'key:' at %r" % lines[pos][1])
            if key in d:
                raise ValueError("duplicate key %r" % key)
            rest = rest.strip()
            pos += 1
            if rest:
                d[key] = scalar(rest)
            else:
                if pos >= len(lines) or lines[pos][0] <= indent and not (lines[pos][0] == indent and lines[pos][1].startswith("- ")):
                    raise ValueError("key %r has no value" % key)
                d[key] = block(indent + 1)
        return d

    def seq(indent):
        nonlocal pos
        out = []
        while pos < len(lines) and lines[pos][0] == indent and lines[pos][1].startswith("- "):
            item = lines[pos][1][2:]
            if re.match(r'^(?:[A-Za-z_][\w-]*|"[^"]*"):( |$)', item):
                lines[pos] = (indent + 2, item)
                out.append(mapping(indent + 2))
            else:
                out.append(scalar(item))
                pos += 1
        return out

    result = mapping(lines[0][0])
    if pos != len(lines):
        raise ValueError("unparsed content at %r" % (lines[pos][1],))
    return result


def load_plan(path):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    if path.endswith(".json"):
        return json.loads(text)
    plan = parse_yaml(text)
    try:
        import yaml  # optional cross-check
        other = yaml.safe_load(text)
        if other != plan:
            bad("%s: PyYAML reads the plan differently from the subset parser" % path)
    except ImportError:
        pass
    return plan


EVIDENCE_ON = {"state", "action", "both"}


def check_evidence_list(where, items):
    if not isinstance(items, list):
        bad("%s: evidence must be a list" % where)
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                bad("%s: empty evidence string" % where)
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                bad("%s: evidence mapping without text" % where)
            if it.get("on", "state") not in EVIDENCE_ON:
                bad("%s: evidence 'on' must be state/action/both" % where)
            extra = set(it) - {"text", "on"}
            if extra:
                bad("%s: unexpected evidence keys %s" % (where, extra))
        else:
            bad("%s: evidence item must be str or mapping" % where)


def check_plan(name, plan):
    if not isinstance(plan, dict):
        bad("%s: plan is not a mapping" % name)
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        bad("%s: missing task" % name)
    pf = plan.get("plan_falsifiers", {})
    if not isinstance(pf, dict):
        bad("%s: plan_falsifiers must be a mapping" % name)
    else:
        for scope, items in pf.items():
            if scope not in ("execution", "skill", "planning"):
                bad("%s: unknown plan_falsifiers scope %r" % (name, scope))
            check_evidence_list("%s/plan_falsifiers/%s" % (name, scope), items)
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not cs:
        bad("%s: commitments must be a non-empty list" % name)
        return set()
    ids = set()
    for c in cs:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            bad("%s: commitment without id" % name)
            continue
        if cid in ids:
            bad("%s: duplicate commitment id %s" % (name, cid))
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            bad("%s/%s: missing subgoal" % (name, cid))
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or isinstance(k, bool) or not 0 <= k <= 1:
            bad("%s/%s: confidence must be in [0, 1]" % (name, cid))
        if "skill" in c and not isinstance(c["skill"], str):
            bad("%s/%s: skill must be a string" % (name, cid))
        conf, fal = c.get("confirm", {}), c.get("falsify", {})
        if not isinstance(conf, dict) or not isinstance(fal, dict):
            bad("%s/%s: confirm/falsify must be mappings" % (name, cid))
            continue
        for stage, items in conf.items():
            if stage not in ("precondition", "progress", "completion"):
                bad("%s/%s: unknown confirm stage %r" % (name, cid, stage))
            check_evidence_list("%s/%s/confirm/%s" % (name, cid, stage), items)
        for scope, items in fal.items():
            if scope not in ("execution", "skill", "planning"):
                bad("%s/%s: unknown falsify scope %r" % (name, cid, scope))
            check_evidence_list("%s/%s/falsify/%s" % (name, cid, scope), items)
        if not any(conf.values()):
            bad("%s/%s: no confirming evidence at all" % (name, cid))
        if not any(fal.values()):
            bad("%s/%s: no falsifying evidence at all" % (name, cid))
    return ids


# ---------------------------------------------------------------- observations
LINE_RE = re.compile(r"^(\t+)(?:\[(\d+)\] ([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(, .+)?"
                     r"|StaticText ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"))$")
CLOCK_RE = re.compile(r"StaticText '(\w{3} \d\d \w{3} 2025 (\d\d):(\d\d):(\d\d)) GMT'")


def parse_tree(where, text):
    """Return {bid: (role, name)} and the list of depth-1 roles in order; report format problems."""
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        bad("%s: first line must be the RootWebArea" % where)
    nodes, top = {}, []
    prev_depth = 0
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not m:
            bad("%s: malformed AXTree line %r" % (where, ln[:80]))
            continue
        depth = len(m.group(1))
        if depth > prev_depth + 1:
            bad("%s: indentation jumps at %r" % (where, ln[:60]))
        prev_depth = depth
        if m.group(2):
            bid, role, name = m.group(2), m.group(3), ast.literal_eval(m.group(4))
            if bid in nodes:
                bad("%s: duplicate bid %s" % (where, bid))
            nodes[bid] = (role, name)
            if depth == 1:
                top.append(role)
    return nodes, top, lines


def check_observation(where, obs, min_lines=100, max_lines=400):
    if not isinstance(obs, dict):
        bad("%s: observation must be an object" % where)
        return {}, None
    for k in ("url", "title", "text"):
        if not isinstance(obs.get(k), str) or not obs[k]:
            bad("%s: observation.%s missing" % (where, k))
    if "error" not in obs or not (obs["error"] is None or isinstance(obs["error"], str)):
        bad("%s: observation.error must be null or a string" % where)
    if not obs.get("url", "").startswith(BASE):
        bad("%s: url not under the app's base URL" % where)
    text = obs.get("text", "")
    nodes, top, lines = parse_tree(where, text)
    n = len(lines)
    if not (min_lines <= n <= max_lines):
        bad("%s: %d lines, want %d-%d" % (where, n, min_lines, max_lines))
    for role in ("banner", "navigation", "main", "contentinfo", "status"):
        if role not in top:
            bad("%s: page furniture %r missing at top level" % (where, role))
    if "navigation 'Breadcrumb'" not in text:
        bad("%s: breadcrumbs missing" % where)
    if "contentinfo" in top:
        ci = top.index("contentinfo")
        for i, r in enumerate(top):
            if r in ("dialog", "alertdialog") and i < ci:
                bad("%s: dialog placed before the page footer" % where)
    clocks = CLOCK_RE.findall(text)
    if len(clocks) != 1:
        bad("%s: expected exactly one footer clock" % where)
        clock = None
    else:
        clock = int(clocks[0][1]) * 3600 + int(clocks[0][2]) * 60 + int(clocks[0][3])
    if "Pensionly Member Services v" not in text:
        bad("%s: product/version missing from footer" % where)
    return nodes, clock


ACTIONS = {"click": 1, "fill": 2, "press": 2, "select_option": 2, "check": 1, "uncheck": 1,
           "send_msg_to_user": 1, "hover": 1, "focus": 1, "clear": 1, "goto": 1, "go_back": 0, "noop": 0}
ROLES_FOR = {"fill": {"textbox", "combobox", "searchbox", "spinbutton"}, "select_option": {"combobox", "listbox"},
             "check": {"checkbox", "radio", "switch"}, "uncheck": {"checkbox", "switch"}}


def check_action(where, action, prev_nodes):
    if not isinstance(action, dict):
        bad("%s: action must be an object" % where)
        return None
    cmd = action.get("command")
    if not isinstance(cmd, str):
        bad("%s: action.command missing" % where)
        return None
    if action.get("effect") not in ("read", "write", "irreversible"):
        bad("%s: action.effect must be read/write/irreversible" % where)
    for k in ("reasoning", "target"):
        if k in action and not isinstance(action[k], str):
            bad("%s: action.%s must be a string" % (where, k))
    try:
        call = ast.parse(cmd, mode="eval").body
        assert isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
        fn = call.func.id
        args = [ast.literal_eval(a) for a in call.args]
    except Exception:
        bad("%s: command is not a BrowserGym action call: %r" % (where, cmd))
        return None
    if fn not in ACTIONS or len(args) != ACTIONS[fn] or not all(isinstance(a, str) for a in args):
        bad("%s: unsupported or malformed action %r" % (where, cmd))
        return None
    if fn in ("click", "fill", "press", "select_option", "check", "uncheck", "hover", "focus", "clear"):
        bid = args[0]
        if bid not in prev_nodes:
            bad("%s: bid %s is not on the page the action was taken on" % (where, bid))
            return fn
        role, name = prev_nodes[bid]
        if action.get("target") != "%s %r" % (role, name):
            bad("%s: target %r does not match element [%s] %s %r" % (where, action.get("target"), bid, role, name))
        if fn in ROLES_FOR and role not in ROLES_FOR[fn]:
            bad("%s: %s on a %s" % (where, fn, role))
        if fn in ("fill", "select_option") and action.get("effect") == "irreversible":
            bad("%s: typing cannot be irreversible" % where)
    return fn


def strip_clock(text):
    return CLOCK_RE.sub("", text)


# ---------------------------------------------------------------- corpus
def near_miss_ids(mid):
    out = set()
    digits = mid[3:]
    for i in range(len(digits) - 1):
        s = list(digits)
        s[i], s[i + 1] = s[i + 1], s[i]
        out.add("BW-" + "".join(s))
    for i in range(len(digits)):
        for d in "0123456789":
            out.add("BW-" + digits[:i] + d + digits[i + 1:])
    out.discard(mid)
    return out


def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl missing")
        return 1
    # determinism: regenerate into a temporary folder and compare byte for byte
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), tmp], check=True,
                       stdout=subprocess.DEVNULL)
        for rel in ["corpus.jsonl"] + [os.path.relpath(p, HERE) for p in glob.glob(os.path.join(HERE, "plans", "*"))]:
            a = os.path.join(HERE, rel)
            b = os.path.join(tmp, rel)
            if not os.path.exists(b) or open(a, "rb").read() != open(b, "rb").read():
                bad("%s: not reproduced byte-for-byte by make_corpus.py" % rel)
        gen = sorted(os.path.relpath(p, tmp) for p in glob.glob(os.path.join(tmp, "plans", "*")))
        have = sorted(os.path.relpath(p, HERE) for p in glob.glob(os.path.join(HERE, "plans", "*")))
        if gen != have:
            bad("plans folder differs from what make_corpus.py writes")

    plans, plan_ids = {}, {}
    for path in sorted(glob.glob(os.path.join(HERE, "plans", "*.yaml"))):
        rel = os.path.relpath(path, HERE)
        try:
            plans[rel] = load_plan(path)
        except Exception as e:
            bad("%s: does not load: %s" % (rel, e))
            continue
        plan_ids[rel] = check_plan(rel, plans[rel])

    runs = []
    with open(CORPUS, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            line = line.rstrip("\n")
            try:
                rec = json.loads(line)
            except Exception as e:
                bad("corpus line %d: not JSON (%s)" % (n, e))
                continue
            if json.dumps(rec, ensure_ascii=False) != line:
                bad("corpus line %d: does not round-trip unchanged" % n)
            runs.append(rec)

    seen, used_plans = set(), set()
    by_wf = {}
    kinds = set()
    for rec in runs:
        rid = rec.get("id")
        w = str(rid)
        if not isinstance(rid, str) or rid in seen:
            bad("%s: id missing or duplicated" % w)
        seen.add(rid)
        for k in ("workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in rec:
                bad("%s: missing %s" % (w, k))
        if any(k not in rec for k in ("plan", "label", "steps", "initial_observation")):
            continue
        plan = rec["plan"]
        if isinstance(plan, str):
            if plan not in plans:
                bad("%s: plan %s not found next to the corpus" % (w, plan))
                continue
            used_plans.add(plan)
            pobj, pids = plans[plan], plan_ids[plan]
        else:
            pobj, pids = plan, check_plan(w + "/inline-plan", plan)
        if pobj.get("task") != rec.get("task"):
            bad("%s: task differs from the plan's task" % w)
        label = rec["label"]
        fault, off = label.get("fault", "MISSING"), label.get("first_off_track_step", "MISSING")
        steps = rec["steps"]
        if not isinstance(steps, list) or not (8 <= len(steps) <= 16):
            bad("%s: want 8-16 steps, got %s" % (w, len(steps) if isinstance(steps, list) else steps))
        success = rec["outcome"].get("success") if isinstance(rec["outcome"], dict) else None
        if not isinstance(success, bool):
            bad("%s: outcome.success must be a bool" % w)
        if fault is None:
            if off is not None:
                bad("%s: healthy run must have first_off_track_step null" % w)
            if success is not True:
                bad("%s: healthy run should succeed" % w)
        else:
            if not isinstance(fault, str) or not fault:
                bad("%s: fault must be null or a non-empty string" % w)
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                bad("%s: first_off_track_step must index into steps" % w)
            if success is not False:
                bad("%s: faulty run should not succeed" % w)
            kinds.add(fault)
        by_wf.setdefault(rec["workflow"], []).append(rec)

        prev_nodes, clock = check_observation(w + "/initial", rec["initial_observation"])
        prev_text = rec["initial_observation"].get("text", "")
        for i, st in enumerate(steps):
            sw = "%s/step%d" % (w, i)
            if not isinstance(st, dict) or "action" not in st or "observation" not in st:
                bad("%s: step needs action and observation" % sw)
                continue
            c = st.get("commitment")
            if c is not None and c not in pids:
                bad("%s: commitment %r not in plan" % (sw, c))
            fn = check_action(sw, st["action"], prev_nodes)
            nodes, clk = check_observation(sw, st["observation"])
            if clock is not None and clk is not None and clk < clock:
                bad("%s: clock went backwards" % sw)
            if fn and fn != "send_msg_to_user" and strip_clock(st["observation"]["text"]) == strip_clock(prev_text):
                bad("%s: page did not change after %s" % (sw, fn))
            prev_nodes, clock, prev_text = nodes, clk, st["observation"]["text"]
        last = steps[-1]["action"]["command"] if steps else ""
        if not last.startswith("send_msg_to_user("):
            bad("%s: run should end by reporting to the user" % w)

    # corpus-level shape
    if len(by_wf) != 2:
        bad("want exactly 2 workflows, got %s" % sorted(by_wf))
    for wf, recs in by_wf.items():
        h = [r for r in recs if r["label"]["fault"] is None]
        f = [r for r in recs if r["label"]["fault"] is not None]
        if len(h) != 4 or len(f) != 6:
            bad("%s: want 4 healthy and 6 faulty runs, got %d and %d" % (wf, len(h), len(f)))
        variants = {r["plan"] for r in recs}
        if not 2 <= len(variants) <= 3:
            bad("%s: want 2-3 task variants, got %d" % (wf, len(variants)))
        for v in variants:
            if not any(r["plan"] == v for r in h):
                bad("%s: variant %s has no healthy run" % (wf, v))
        # near misses must also appear on healthy pages
        for r in h:
            mid = re.search(r"BW-\d{6}", r["task"]).group(0)
            nm = near_miss_ids(mid)
            pages = [r["initial_observation"]["text"]] + [s["observation"]["text"] for s in r["steps"]]
            if not any(x in p for p in pages for x in nm):
                bad("%s: no near-miss record shown on any healthy page" % r["id"])
    if len(kinds) < 10:
        bad("want at least 10 fault kinds, got %d: %s" % (len(kinds), sorted(kinds)))
    for p in plans:
        if p not in used_plans:
            bad("%s: plan not used by any trajectory" % p)

    if PROBLEMS:
        for p in PROBLEMS:
            print("FAIL:", p)
        print("%d problem(s)" % len(PROBLEMS))
        return 1
    print("selftest OK: %d trajectories, %d plans, %d workflows, %d fault kinds" %
          (len(runs), len(plans), len(by_wf), len(kinds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
