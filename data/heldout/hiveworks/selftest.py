#!/usr/bin/env python3
"""Check corpus.jsonl and plans/*.yaml against the fcpkit file-format contract
(FORMATS.md) and against the corpus design brief. Exit code 0 when everything
passes, 1 on any problem (each problem is printed).

Standard library only. If PyYAML happens to be installed, plans are also
cross-checked with yaml.safe_load.
"""

import ast
import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")

problems = []


def bad(where, msg):
    problems.append("%s: %s" % (where, msg))


# ---------------------------------------------------------------------------
# Minimal YAML reader for the block subset the plans use (block mappings,
# block sequences, '- key: value' items, JSON/flow scalars, plain scalars).
# ---------------------------------------------------------------------------

class YamlError(Exception):
    pass


NUM = re.compile(r"^-?\d+(\.\d+)?([eE][-+]?\d+)?$")


def scalar(text, where):
    t = text.strip()
    if t == "":
        return None
    if t[0] in "\"[{":
        try:
            return json.loads(t)
        except ValueError as e:
            raise YamlError("%s: bad flow/quoted value %r (%s)" % (where, t, e))
    if t[0] == "'":
        if not t.endswith("'"):
            raise YamlError("%s: unterminated single-quoted value" % where)
        return t[1:-1].replace("''", "'")
    if t in ("null", "~"):
        return None
    if t in ("true", "false"):
        return t == "true"
    if NUM.match(t):
        return float(t) if ("." in t or "e" in t.lower()) else int(t)
    if t.startswith(("&", "*", "!", "|", ">", "%", "@", "`")):
        raise YamlError("%s: unsupported YAML construct %r" % (where, t))
    if ": " in t or t.endswith(":") or " #" in t:
        raise YamlError("%s: ambiguous plain scalar %r" % (where, t))
    return t


def load_yaml(text, name):
    lines = []
    for n, raw in enumerate(text.split("\n"), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[:len(raw) - len(raw.lstrip())]:
            raise YamlError("%s:%d: tab in indentation" % (name, n))
        ind = len(raw) - len(raw.lstrip(" "))
        lines.append((n, ind, raw.strip()))

    def split_key(s, where):
        m = re.match(r"^([A-Za-z_][A-Za-z0-9_\-]*):(?:\s+(.*))?$", s)
        if not m:
            raise YamlError("%s: expected 'key: value', got %r" % (where, s))
        return m.group(1), m.group(2)

    def parse_block(i, indent):
        if i >= len(lines):
            raise YamlError("%s: unexpected end of document" % name)
        n, ind, s = lines[i]
        if ind != indent:
            raise YamlError("%s:%d: bad indentation" % (name, n))
        if s.startswith("- ") or s == "-":
            return parse_seq(i, indent)
        return parse_map(i, indent)

    def parse_map(i, indent, first=None):
        out = {}
        while i < len(lines):
            n, ind, s = lines[i]
            if first is not None:
                s, first = first, None
            elif ind < indent:
                break
            elif ind > indent:
                raise YamlError("%s:%d: unexpected indentation" % (name, n))
            elif s.startswith("- "):
                break
            where = "%s:%d" % (name, n)
            k, v = split_key(s, where)
            if k in out:
                raise YamlError("%s: duplicate key %r" % (where, k))
            if v is None or v == "":
                if i + 1 < len(lines) and lines[i + 1][1] > indent:
                    out[k], i = parse_block(i + 1, lines[i + 1][1])
                    continue
                out[k] = None
                i += 1
            else:
                out[k] = scalar(v, where)
                i += 1
        return out, i

    def parse_seq(i, indent):
        out = []
        while i < len(lines):
            n, ind, s = lines[i]
            if ind < indent:
                break
            if ind > indent or not (s.startswith("- ") or s == "-"):
                raise YamlError("%s:%d: expected a sequence item" % (name, n))
            body = s[2:].strip()
            where = "%s:%d" % (name, n)
            if re.match(r"^[A-Za-z_][A-Za-z0-9_\-]*:(\s|$)", body):
                # mapping inside a sequence item: its keys sit at indent + 2
                obj, j = parse_map(i, indent + 2, first=body)
                out.append(obj)
                i = j
            else:
                out.append(scalar(body, where))
                i += 1
        return out, i

    if not lines:
        raise YamlError("%s: empty document" % name)
    obj, i = parse_block(0, lines[0][1])
    if i != len(lines):
        raise YamlError("%s:%d: trailing content" % (name, lines[i][0]))
    return obj


# ---------------------------------------------------------------------------
# Plan checks
# ---------------------------------------------------------------------------

CONFIRM_STAGES = {"precondition", "progress", "completion"}
FALSIFY_SCOPES = {"execution", "skill", "planning"}


def check_evidence_list(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        bad(where, "evidence must be a list")
        return
    for k, it in enumerate(items):
        w = "%s[%d]" % (where, k)
        if isinstance(it, str):
            if not it.strip():
                bad(w, "empty evidence string")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                bad(w, "evidence mapping needs a non-empty 'text'")
            if "on" in it and it["on"] not in ("state", "action", "both"):
                bad(w, "'on' must be state, action or both")
        else:
            bad(w, "evidence item must be a string or a mapping")


def check_plan(path, plan):
    where = os.path.relpath(path, HERE)
    if not isinstance(plan, dict):
        bad(where, "plan must be a mapping")
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        bad(where, "missing task")
    pf = plan.get("plan_falsifiers", {})
    if pf is not None:
        if not isinstance(pf, dict):
            bad(where, "plan_falsifiers must be a mapping of scope -> evidence")
        else:
            for scope, items in pf.items():
                if scope not in FALSIFY_SCOPES:
                    bad(where, "unknown plan_falsifiers scope %r" % scope)
                check_evidence_list("%s plan_falsifiers.%s" % (where, scope), items)
    cs = plan.get("commitments")
    ids = set()
    if not isinstance(cs, list) or not cs:
        bad(where, "commitments must be a non-empty list")
        return ids
    for k, c in enumerate(cs):
        w = "%s commitments[%d]" % (where, k)
        if not isinstance(c, dict):
            bad(w, "commitment must be a mapping")
            continue
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            bad(w, "missing id")
        elif cid in ids:
            bad(w, "duplicate id %r" % cid)
        else:
            ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            bad(w, "missing subgoal")
        if "skill" in c and c["skill"] is not None and not isinstance(c["skill"], str):
            bad(w, "skill must be a string")
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or isinstance(conf, bool) or not (0 <= conf <= 1):
            bad(w, "confidence must be a number in [0, 1]")
        for key, allowed in (("confirm", CONFIRM_STAGES), ("falsify", FALSIFY_SCOPES)):
            block = c.get(key, {})
            if block is None:
                continue
            if not isinstance(block, dict):
                bad(w, "%s must be a mapping" % key)
                continue
            for stage, items in block.items():
                if stage not in allowed:
                    bad(w, "unknown %s key %r" % (key, stage))
                check_evidence_list("%s %s.%s" % (w, key, stage), items)
    return ids


# ---------------------------------------------------------------------------
# Observation and action checks
# ---------------------------------------------------------------------------

LINE_RE = re.compile(r"^(\t+)(?:\[([A-Za-z0-9]+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
ROOT_RE = re.compile(r"^RootWebArea ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(, focused)?$")
CLOCK_RE = re.compile(r"Server time: \w{3} (\d+) \w{3} \d{4}, (\d\d):(\d\d) BST")


def parse_tree(text, where):
    """Return {bid: (role, name, line_no, depth)} and the list of parsed lines."""
    lines = text.split("\n")
    nodes = {}
    parsed = []
    if not ROOT_RE.match(lines[0]):
        bad(where, "first line must be the RootWebArea, got %r" % lines[0][:80])
    prev_depth = 0
    for n, line in enumerate(lines[1:], 1):
        m = LINE_RE.match(line)
        if not m:
            bad(where, "line %d is not a '[bid] role 'name'' node: %r" % (n, line[:100]))
            continue
        depth = len(m.group(1))
        if depth > prev_depth + 1:
            bad(where, "line %d jumps in depth" % n)
        prev_depth = depth
        bid, role, qname = m.group(2), m.group(3), m.group(4)
        try:
            name = ast.literal_eval(qname)
        except (ValueError, SyntaxError):
            bad(where, "line %d: name is not a quoted string" % n)
            name = qname
        if role == "StaticText" and bid:
            bad(where, "line %d: StaticText should carry no bid" % n)
        if role != "StaticText" and not bid:
            bad(where, "line %d: element %s without a bid" % (n, role))
        if bid:
            if bid in nodes:
                bad(where, "duplicate bid %s" % bid)
            nodes[bid] = (role, name, n, depth)
        parsed.append((depth, bid, role, name, m.group(5)))
    return nodes, parsed


def options_of(parsed, bid):
    out = []
    for k, (depth, b, role, name, rest) in enumerate(parsed):
        if b == bid:
            for d2, b2, r2, n2, _ in parsed[k + 1:]:
                if d2 <= depth:
                    break
                if r2 == "option":
                    out.append(n2)
            break
    return out


def check_observation(where, obs):
    if not isinstance(obs, dict):
        bad(where, "observation must be an object")
        return None, None
    for key in ("url", "title", "text"):
        if not isinstance(obs.get(key), str) or not obs[key]:
            bad(where, "observation.%s must be a non-empty string" % key)
    if "error" not in obs:
        bad(where, "observation.error missing (use null)")
    elif obs["error"] is not None and not isinstance(obs["error"], str):
        bad(where, "observation.error must be a string or null")
    if "tabs" in obs:
        if not isinstance(obs["tabs"], list) or not all(isinstance(t, dict) and "url" in t and "title" in t for t in obs["tabs"]):
            bad(where, "tabs must be a list of {url, title}")
    if "screenshot" in obs and not os.path.exists(os.path.join(HERE, obs["screenshot"])):
        bad(where, "screenshot file missing")
    text = obs.get("text") or ""
    n = text.count("\n") + 1
    if not (100 <= n <= 400):
        bad(where, "page has %d lines (want 100-400)" % n)
    if not obs.get("url", "").startswith("https://hiveworks.kettleandgrain.co.uk/"):
        bad(where, "url outside the application: %r" % obs.get("url"))
    if "title" in obs and not text.startswith("RootWebArea " + repr(obs["title"])):
        bad(where, "RootWebArea name differs from the title")
    for furniture in ("banner ''", "contentinfo ''", "status ''"):
        if furniture not in text:
            bad(where, "page lacks site furniture %r" % furniture)
    m = CLOCK_RE.search(text)
    clock = (int(m.group(2)) * 60 + int(m.group(3))) if m else None
    if clock is None:
        bad(where, "footer clock missing")
    nodes, parsed = parse_tree(text, where)
    return (nodes, parsed), clock


def parse_command(cmd, where):
    try:
        tree = ast.parse(cmd, mode="eval")
    except SyntaxError:
        bad(where, "action command is not a Python call: %r" % cmd)
        return None, []
    call = tree.body
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name) or call.keywords:
        bad(where, "action command must be a plain call: %r" % cmd)
        return None, []
    args = []
    for a in call.args:
        if not isinstance(a, ast.Constant):
            bad(where, "action arguments must be literals: %r" % cmd)
            return None, []
        args.append(a.value)
    return call.func.id, args


ACTION_ARITY = {"click": 1, "dblclick": 1, "hover": 1, "focus": 1, "clear": 1, "check": 1, "uncheck": 1,
                "fill": 2, "select_option": 2, "press": 2, "send_msg_to_user": 1, "noop": 0, "go_back": 0,
                "go_forward": 0, "goto": 1, "scroll": 2, "report_infeasible": 1}


def check_action(where, action, prev_tree, obs_error):
    if not isinstance(action, dict):
        bad(where, "action must be an object")
        return
    cmd = action.get("command")
    if not isinstance(cmd, str) or not cmd:
        bad(where, "action.command missing")
        return
    if action.get("effect") not in ("read", "write", "irreversible"):
        bad(where, "action.effect must be read, write or irreversible")
    for key in ("reasoning", "target"):
        if key not in action:
            bad(where, "action.%s missing" % key)
    fn, args = parse_command(cmd, where)
    if fn is None:
        return
    if fn not in ACTION_ARITY:
        bad(where, "unknown BrowserGym action %r" % fn)
        return
    if len(args) != ACTION_ARITY[fn]:
        bad(where, "%s takes %d arguments" % (fn, ACTION_ARITY[fn]))
        return
    if fn in ("click", "dblclick", "hover", "focus", "clear", "check", "uncheck", "fill", "select_option", "press"):
        bid = args[0]
        nodes, parsed = prev_tree
        if bid not in nodes:
            bad(where, "bid %r is not on the page the action was taken on" % bid)
            return
        role, name, _, _ = nodes[bid]
        tgt = action.get("target")
        if tgt != "%s %r" % (role, name):
            bad(where, "target %r does not describe bid %s (%s %r)" % (tgt, bid, role, name))
        if fn == "fill" and role not in ("textbox", "spinbutton", "combobox", "searchbox"):
            bad(where, "fill on a %s" % role)
        if fn == "select_option":
            if role not in ("combobox", "listbox"):
                bad(where, "select_option on a %s" % role)
            elif args[1] not in options_of(parsed, bid):
                bad(where, "option %r is not offered by %s" % (args[1], bid))
        if fn in ("click",) and role in ("StaticText",):
            bad(where, "click on static text")
        line_props = [p for p in parsed if p[1] == bid][0][4]
        if "disabled=True" in line_props and not obs_error:
            bad(where, "acted on a disabled element without an action error")
    else:
        if action.get("target") not in (None, ""):
            bad(where, "%s has no target element" % fn)


# ---------------------------------------------------------------------------
# Corpus checks
# ---------------------------------------------------------------------------

def main():
    plans = {}
    plan_ids = {}
    try:
        import yaml  # optional cross-check
    except ImportError:
        yaml = None
    sys.path.insert(0, HERE)
    try:
        import make_corpus
    except Exception as e:  # noqa
        make_corpus = None
        bad("make_corpus.py", "cannot be imported: %s" % e)

    plan_files = sorted(glob.glob(os.path.join(HERE, "plans", "*.yaml")))
    if not plan_files:
        bad("plans", "no plan files")
    for path in plan_files:
        rel = os.path.relpath(path, HERE)
        text = open(path, encoding="utf-8").read()
        try:
            plan = load_yaml(text, rel)
        except YamlError as e:
            bad(rel, str(e))
            continue
        if yaml is not None:
            try:
                if yaml.safe_load(text) != plan:
                    bad(rel, "PyYAML reads the plan differently from the subset reader")
            except yaml.YAMLError as e:
                bad(rel, "PyYAML cannot read the plan: %s" % e)
        if make_corpus is not None:
            again = load_yaml(make_corpus.to_yaml(plan, ["round trip"]), rel + " (round trip)")
            if again != plan:
                bad(rel, "plan does not round-trip through the emitter unchanged")
        plans[rel] = plan
        plan_ids[rel] = check_plan(path, plan)

    if not os.path.exists(CORPUS):
        bad("corpus.jsonl", "missing")
        return report()
    raw_lines = open(CORPUS, encoding="utf-8").read().split("\n")
    if raw_lines and raw_lines[-1] == "":
        raw_lines = raw_lines[:-1]
    records = []
    for n, line in enumerate(raw_lines, 1):
        try:
            rec = json.loads(line)
        except ValueError as e:
            bad("corpus.jsonl:%d" % n, "not JSON (%s)" % e)
            continue
        if json.dumps(rec, ensure_ascii=False) != line:
            bad("corpus.jsonl:%d" % n, "line does not round-trip unchanged through json")
        records.append(rec)

    seen = set()
    by_wf = {}
    faults = set()
    for rec in records:
        rid = rec.get("id")
        where = str(rid)
        if not isinstance(rid, str) or not rid:
            bad(where, "missing id")
        elif rid in seen:
            bad(where, "duplicate id")
        seen.add(rid)
        for key in ("workflow", "task"):
            if not isinstance(rec.get(key), str) or not rec[key]:
                bad(where, "missing %s" % key)
        plan_ref = rec.get("plan")
        plan = None
        if isinstance(plan_ref, str):
            if not os.path.exists(os.path.join(HERE, plan_ref)):
                bad(where, "plan file %r missing" % plan_ref)
            plan = plans.get(os.path.normpath(plan_ref))
        elif isinstance(plan_ref, dict):
            plan = plan_ref
            plan_ids[where] = check_plan(where + " (inline plan)", plan_ref)
        else:
            bad(where, "plan must be a path or an inline object")
        if plan is not None and plan.get("task") != rec.get("task"):
            bad(where, "trajectory task differs from its plan's task")
        ids = plan_ids.get(os.path.normpath(plan_ref) if isinstance(plan_ref, str) else where, set())
        label = rec.get("label")
        steps = rec.get("steps")
        if not isinstance(steps, list) or not steps:
            bad(where, "steps must be a non-empty list")
            continue
        if not (8 <= len(steps) <= 16):
            bad(where, "%d steps (want 8-16)" % len(steps))
        if not isinstance(label, dict) or "fault" not in label or "first_off_track_step" not in label:
            bad(where, "label needs fault and first_off_track_step")
            continue
        fault, off = label["fault"], label["first_off_track_step"]
        if fault is None:
            if off is not None:
                bad(where, "healthy run with an off-track step")
        else:
            if not isinstance(fault, str) or not fault:
                bad(where, "fault must be a string or null")
            if not isinstance(off, int) or isinstance(off, bool) or not (0 <= off < len(steps)):
                bad(where, "first_off_track_step must index into steps")
            if label.get("cause") not in ("agent", "environment"):
                bad(where, "faulty run should say whether the agent or the environment caused it")
            faults.add(fault)
        outcome = rec.get("outcome")
        if not isinstance(outcome, dict) or not isinstance(outcome.get("success"), bool):
            bad(where, "outcome.success must be a boolean")
        elif outcome["success"] != (fault is None):
            bad(where, "healthy runs succeed and faulty runs fail in this corpus")
        by_wf.setdefault(rec.get("workflow"), []).append(rec)

        tree, clock = check_observation(where + " initial", rec.get("initial_observation"))
        last_clock = clock
        for i, st in enumerate(steps):
            w = "%s step %d" % (where, i)
            if not isinstance(st, dict):
                bad(w, "step must be an object")
                continue
            if "commitment" in st and st["commitment"] is not None and st["commitment"] not in ids:
                bad(w, "commitment %r is not in the plan" % st["commitment"])
            obs = st.get("observation")
            if tree is not None:
                check_action(w, st.get("action"), tree, (obs or {}).get("error"))
            tree, clock = check_observation(w, obs)
            if clock is not None and last_clock is not None and clock < last_clock:
                bad(w, "footer clock goes backwards")
            last_clock = clock if clock is not None else last_clock
        final = steps[-1].get("action", {}).get("command", "")
        if not final.startswith("send_msg_to_user("):
            bad(where, "every run ends with the agent's report to the user")

    # design brief: two workflows, 4 healthy + 6 faulty each, >= 10 fault kinds
    if len(by_wf) != 2:
        bad("corpus", "expected 2 workflows, found %d" % len(by_wf))
    for wf, recs in sorted(by_wf.items()):
        h = [r for r in recs if r["label"]["fault"] is None]
        f = [r for r in recs if r["label"]["fault"] is not None]
        if len(h) != 4 or len(f) != 6:
            bad("workflow %s" % wf, "%d healthy / %d faulty (want 4 / 6)" % (len(h), len(f)))
        variants = set(r.get("variant") for r in recs)
        if not (2 <= len(variants) <= 3):
            bad("workflow %s" % wf, "want 2-3 task variants, found %d" % len(variants))
        plans_used = set(r.get("plan") for r in recs)
        if len(plans_used) != len(variants):
            bad("workflow %s" % wf, "want one plan per task variant")
    if len(faults) < 10:
        bad("corpus", "only %d fault kinds (want >= 10)" % len(faults))
    used_plans = set(os.path.normpath(r.get("plan")) for r in records if isinstance(r.get("plan"), str))
    for rel in plans:
        if rel not in used_plans:
            bad(rel, "plan not used by any trajectory")

    # determinism: regenerate in memory and compare with the file
    if make_corpus is not None:
        try:
            regen = [json.dumps(fn(), ensure_ascii=False) for fn in make_corpus.RUNS]
            if regen != raw_lines:
                bad("corpus.jsonl", "differs from what make_corpus.py generates (stale or non-deterministic)")
            for v in ("a", "b", "c"):
                for wf, fn in (("backorder", make_corpus.bo_plan), ("credit", make_corpus.cr_plan)):
                    rel = os.path.join("plans", "%s-%s.yaml" % (wf, v))
                    if rel in plans and load_yaml(make_corpus.to_yaml(fn(v), ["x"]), rel) != plans[rel]:
                        bad(rel, "differs from what make_corpus.py generates")
        except Exception as e:  # noqa
            bad("make_corpus.py", "regeneration failed: %r" % e)
    return report(len(records), len(plans), len(faults))


def report(n_traj=0, n_plans=0, n_faults=0):
    if problems:
        for p in problems[:200]:
            print("FAIL", p)
        if len(problems) > 200:
            print("... and %d more" % (len(problems) - 200))
        print("selftest: %d problem(s)" % len(problems))
        return 1
    print("selftest: OK (%d trajectories, %d plans, %d fault kinds)" % (n_traj, n_plans, n_faults))
    return 0


if __name__ == "__main__":
    sys.exit(main())
