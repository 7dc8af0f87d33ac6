#!/usr/bin/env python3
"""Check the LanePool corpus and plans against the fcpkit file-format contract (FORMATS.md).

Exit code 0 when everything passes, 1 on any problem.  Standard library only (PyYAML, if installed,
is used as a second opinion on the plan files).

Checks
  plans      YAML loads (own subset parser), required fields and types, unique commitment ids, confidence
             in [0, 1], confirm stages / falsify scopes, evidence items (string or {text, on}), round-trip
  corpus     one JSON object per line, round-trips unchanged, required fields, plan path resolves,
             label rule (fault null <=> first_off_track_step null, index in range), effects, commitments
             named in the plan, outcome.success
  pages      AXTree line grammar, unique bids, 100-400 lines, site furniture (banner, navigation,
             breadcrumb, main, footer clock, live region), dialogs after the page
  actions    BrowserGym action grammar; every bid used exists in the page the action was taken on and
             `target` equals that node's `role 'name'`
  design     2 workflows x (4 healthy + 6 faulty), 8-16 steps, >= 10 fault kinds, 2-3 variants per
             workflow, one plan per variant, near-miss records visible on healthy pages
  determinism  make_corpus.py regenerates byte-identical files
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
problems = []


def bad(msg):
    problems.append(msg)


# ----------------------------------------------------------------------------- minimal YAML (block subset)

def _scalar(s):
    s = s.strip()
    if s == "[]":
        return []
    if s == "{}":
        return {}
    if s in ("null", "~"):
        return None
    if s == "true":
        return True
    if s == "false":
        return False
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'"):
        return s[1:-1].replace("''", "'")
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*(e-?\d+)?", s):
        return float(s)
    return s


def _split_key(s):
    if s.startswith('"'):
        end = s.index('"', 1)
        key = json.loads(s[:end + 1])
        rest = s[end + 1:]
    else:
        i = s.find(":")
        key, rest = s[:i], s[i:]
    if not rest.startswith(":"):
        raise ValueError(f"expected ':' in {s!r}")
    return key, rest[1:].strip()


def load_yaml(text):
    lines = []
    for raw in text.split("\n"):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab in indentation")
        lines.append((len(raw) - len(raw.lstrip(" ")), raw.strip()))
    pos = [0]

    def block(indent):
        if pos[0] >= len(lines):
            return None
        ind, txt = lines[pos[0]]
        if txt.startswith("- ") or txt == "-":
            return seq(ind)
        return mapping(ind)

    def mapping(indent, first=None):
        out = {}
        if first is not None:
            k, v = first
            out[k] = v
        while pos[0] < len(lines):
            ind, txt = lines[pos[0]]
            if ind < indent:
                break
            if ind > indent:
                raise ValueError(f"bad indentation at {txt!r}")
            if txt.startswith("- "):
                break
            k, rest = _split_key(txt)
            pos[0] += 1
            if k in out:
                raise ValueError(f"duplicate key {k!r}")
            if rest == "":
                if pos[0] < len(lines) and lines[pos[0]][0] > indent:
                    out[k] = block(lines[pos[0]][0])
                else:
                    out[k] = None
            else:
                out[k] = _scalar(rest)
        return out

    def seq(indent):
        out = []
        while pos[0] < len(lines):
            ind, txt = lines[pos[0]]
            if ind < indent or not txt.startswith("-"):
                break
            if ind > indent:
                raise ValueError(f"bad indentation at {txt!r}")
            item = txt[2:].strip()
            pos[0] += 1
            if re.match(r'^("[^"]*"|[A-Za-z_][\w-]*):( |$)', item):
                k, rest = _split_key(item)
                if rest == "":
                    v = block(lines[pos[0]][0]) if pos[0] < len(lines) and lines[pos[0]][0] > indent + 2 else None
                else:
                    v = _scalar(rest)
                out.append(mapping(indent + 2, (k, v)))
            else:
                out.append(_scalar(item))
        return out

    doc = block(lines[0][0]) if lines else None
    if pos[0] != len(lines):
        raise ValueError(f"unparsed content at {lines[pos[0]][1]!r}")
    return doc


# ----------------------------------------------------------------------------- plan checks
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}


def check_evidence(where, items):
    if not isinstance(items, list):
        bad(f"{where}: evidence must be a list")
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                bad(f"{where}: empty evidence string")
        elif isinstance(it, dict):
            if set(it) - {"text", "on"} or not isinstance(it.get("text"), str) or not it["text"].strip():
                bad(f"{where}: evidence mapping needs text (and optional on): {it!r}")
            if it.get("on", "state") not in ("state", "action", "both"):
                bad(f"{where}: evidence 'on' must be state|action|both: {it!r}")
        else:
            bad(f"{where}: evidence item must be str or mapping: {it!r}")


def check_plan(name, plan):
    if not isinstance(plan, dict):
        bad(f"{name}: plan is not a mapping")
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        bad(f"{name}: task missing")
    pf = plan.get("plan_falsifiers", {})
    if not isinstance(pf, dict) or set(pf) - SCOPES:
        bad(f"{name}: plan_falsifiers scopes must be among {SCOPES}")
    else:
        for sc, items in pf.items():
            check_evidence(f"{name}: plan_falsifiers.{sc}", items)
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        bad(f"{name}: commitments must be a non-empty list")
        return set()
    ids = set()
    for c in cms:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            bad(f"{name}: commitment without id")
            continue
        if cid in ids:
            bad(f"{name}: duplicate commitment id {cid}")
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            bad(f"{name}/{cid}: subgoal missing")
        if "skill" in c and not isinstance(c["skill"], str):
            bad(f"{name}/{cid}: skill must be a string")
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or isinstance(k, bool) or not 0 <= k <= 1:
            bad(f"{name}/{cid}: confidence must be in [0, 1]")
        conf = c.get("confirm", {})
        fal = c.get("falsify", {})
        if not isinstance(conf, dict) or set(conf) - STAGES:
            bad(f"{name}/{cid}: confirm stages must be among {STAGES}")
        else:
            for st, items in conf.items():
                check_evidence(f"{name}/{cid}: confirm.{st}", items)
        if not isinstance(fal, dict) or set(fal) - SCOPES:
            bad(f"{name}/{cid}: falsify scopes must be among {SCOPES}")
        else:
            for sc, items in fal.items():
                check_evidence(f"{name}/{cid}: falsify.{sc}", items)
        if not any(conf.get(s) for s in STAGES):
            bad(f"{name}/{cid}: no confirming evidence at all")
        if not any(fal.get(s) for s in SCOPES):
            bad(f"{name}/{cid}: no falsifying evidence at all")
    return ids


# ----------------------------------------------------------------------------- page checks
LINE = re.compile(r"^(\t*)(?:\[([A-Za-z]*\d+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
FURNITURE = ["banner ''", "navigation 'Main'", "navigation 'Breadcrumb'", "main ''", "contentinfo ''",
             "timer 'Centre clock'", "status ''"]


def parse_page(where, obs):
    nodes = {}
    if not isinstance(obs, dict):
        bad(f"{where}: observation must be an object")
        return nodes
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            bad(f"{where}: observation.{k} missing")
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        bad(f"{where}: observation.error must be string or null")
    if not str(obs.get("url", "")).startswith("https://millbrook.lanepool.co.uk/"):
        bad(f"{where}: unexpected url {obs.get('url')}")
    text = obs.get("text", "")
    lines = text.split("\n")
    if not (100 <= len(lines) <= 400):
        bad(f"{where}: page has {len(lines)} lines (want 100-400)")
    if not lines[0].startswith("RootWebArea "):
        bad(f"{where}: first line must be the RootWebArea")
    if repr(obs.get("title")) not in lines[0]:
        bad(f"{where}: RootWebArea name differs from title")
    prev_depth = 0
    order = {}
    for i, ln in enumerate(lines[1:], 1):
        m = LINE.match(ln)
        if not m:
            bad(f"{where}: line {i} not in AXTree form: {ln[:80]!r}")
            continue
        depth = len(m.group(1))
        if depth < 1 or depth > prev_depth + 1:
            bad(f"{where}: line {i} jumps indentation")
        prev_depth = depth
        bid, role, name = m.group(2), m.group(3), m.group(4)
        if role == "StaticText":
            if bid:
                pass
        elif not bid:
            bad(f"{where}: line {i} role {role} without bid")
        if bid:
            if bid in nodes:
                bad(f"{where}: duplicate bid {bid}")
            nodes[bid] = {"desc": f"{role} {name}", "props": m.group(5), "line": i}
        key = f"{role} {name}"
        if depth == 1:
            order.setdefault(key, i)
    for f in FURNITURE:
        if not any(f"] {f}" in ln for ln in lines):
            bad(f"{where}: site furniture missing: {f}")
    foot = order.get("contentinfo ''")
    for ln_no, ln in enumerate(lines):
        if re.match(r"^\t\[\d+\] dialog ", ln) and foot is not None and ln_no < foot:
            bad(f"{where}: dialog before the page footer")
    if not re.search(r"StaticText '\w{3} \d{1,2} \w{3} 2025 · \d\d:\d\d'", text):
        bad(f"{where}: footer clock missing")
    return nodes


ACTION = re.compile(r"^(\w+)\((.*)\)$", re.S)
BID_FUNCS = {"click": 1, "dblclick": 1, "hover": 1, "focus": 1, "clear": 1, "check": 1, "uncheck": 1,
             "fill": 2, "select_option": 2, "press": 2}
OTHER_FUNCS = {"send_msg_to_user": 1, "noop": 0, "go_back": 0, "go_forward": 0, "goto": 1, "scroll": 2,
               "report_infeasible": 1}


def check_action(where, action, prev_nodes, prev_text):
    if not isinstance(action, dict):
        bad(f"{where}: action must be an object")
        return
    cmd = action.get("command")
    if not isinstance(cmd, str):
        bad(f"{where}: action.command missing")
        return
    if action.get("effect") not in ("read", "write", "irreversible"):
        bad(f"{where}: action.effect must be read|write|irreversible")
    if not isinstance(action.get("reasoning", ""), str):
        bad(f"{where}: action.reasoning must be a string")
    m = ACTION.match(cmd)
    if not m:
        bad(f"{where}: unparsable action {cmd!r}")
        return
    fn = m.group(1)
    try:
        args = ast.literal_eval("(" + m.group(2) + ",)") if m.group(2).strip() else ()
    except Exception:
        bad(f"{where}: bad action arguments {cmd!r}")
        return
    if fn in BID_FUNCS:
        if len(args) != BID_FUNCS[fn] or not all(isinstance(a, str) for a in args):
            bad(f"{where}: {fn} takes {BID_FUNCS[fn]} string args: {cmd!r}")
            return
        bid = args[0]
        node = prev_nodes.get(bid)
        if node is None:
            bad(f"{where}: bid {bid} not on the page the action was taken on")
            return
        if action.get("target") != node["desc"]:
            bad(f"{where}: target {action.get('target')!r} != node {node['desc']!r}")
        if fn == "select_option":
            # the option must be a child option of the combobox
            lines = prev_text.split("\n")
            i = node["line"]
            depth = len(lines[i]) - len(lines[i].lstrip("\t"))
            opts = []
            for ln in lines[i + 1:]:
                d = len(ln) - len(ln.lstrip("\t"))
                if d <= depth:
                    break
                mm = LINE.match(ln)
                if mm and mm.group(3) == "option":
                    opts.append(ast.literal_eval(mm.group(4)))
            if args[1] not in opts:
                bad(f"{where}: option {args[1]!r} not offered by {node['desc']}")
        if fn in ("check", "uncheck") and not node["desc"].startswith(("checkbox", "radio")):
            bad(f"{where}: {fn} on a non-checkbox")
        if fn == "fill" and not node["desc"].startswith(("textbox", "combobox", "searchbox")):
            bad(f"{where}: fill on {node['desc']}")
        if "disabled=True" in node["props"] and fn != "fill":
            bad(f"{where}: {fn} on a disabled element without error")
    elif fn in OTHER_FUNCS:
        if len(args) != OTHER_FUNCS[fn]:
            bad(f"{where}: {fn} takes {OTHER_FUNCS[fn]} args")
        if "target" in action and action["target"] is not None:
            bad(f"{where}: {fn} has no target element")
    else:
        bad(f"{where}: unknown BrowserGym action {fn}")


# ----------------------------------------------------------------------------- corpus checks

def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl missing")
        return 1
    plan_cache = {}
    recs = []
    with open(CORPUS, encoding="utf-8") as f:
        raw_lines = f.read().split("\n")
    if raw_lines[-1] != "":
        bad("corpus.jsonl must end with a newline")
    for n, line in enumerate(raw_lines[:-1], 1):
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as e:
            bad(f"line {n}: not JSON ({e})")
            continue
        if json.dumps(rec, ensure_ascii=False) != line:
            bad(f"line {n}: does not round-trip unchanged")
        recs.append(rec)

    ids = set()
    for rec in recs:
        rid = rec.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in rec:
                bad(f"{rid}: missing {k}")
        if rid in ids:
            bad(f"{rid}: duplicate id")
        ids.add(rid)
        # plan
        plan = rec.get("plan")
        if isinstance(plan, str):
            path = os.path.join(os.path.dirname(CORPUS), plan)
            if not os.path.exists(path):
                bad(f"{rid}: plan path {plan} does not resolve")
                continue
            if path not in plan_cache:
                text = open(path, encoding="utf-8").read()
                try:
                    p = json.loads(text) if path.endswith(".json") else load_yaml(text)
                except Exception as e:
                    bad(f"{plan}: does not load ({e})")
                    continue
                plan_cache[path] = (p, check_plan(plan, p))
            p, cids = plan_cache[path]
        elif isinstance(plan, dict):
            p, cids = plan, check_plan(rid, plan)
        else:
            bad(f"{rid}: plan must be a path or an object")
            continue
        if p.get("task") != rec.get("task"):
            bad(f"{rid}: task differs from the plan's task")
        # label
        lab = rec.get("label", {})
        fault, off = lab.get("fault", "missing"), lab.get("first_off_track_step", "missing")
        steps = rec.get("steps", [])
        if fault == "missing" or off == "missing":
            bad(f"{rid}: label needs fault and first_off_track_step")
        elif fault is None:
            if off is not None:
                bad(f"{rid}: healthy run with an off-track step")
        else:
            if not isinstance(fault, str) or not fault:
                bad(f"{rid}: fault must be a string")
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                bad(f"{rid}: first_off_track_step must index steps")
            if not lab.get("note"):
                bad(f"{rid}: faulty run without a note of what happened")
        out = rec.get("outcome", {})
        if not isinstance(out.get("success"), bool):
            bad(f"{rid}: outcome.success must be bool")
        elif out["success"] != (fault is None):
            bad(f"{rid}: outcome.success disagrees with the label")
        if not 8 <= len(steps) <= 16:
            bad(f"{rid}: {len(steps)} steps (want 8-16)")
        # pages and actions
        prev = rec.get("initial_observation", {})
        prev_nodes = parse_page(f"{rid} initial", prev)
        for i, st in enumerate(steps):
            where = f"{rid} step {i}"
            if "commitment" in st and st["commitment"] not in cids:
                bad(f"{where}: commitment {st['commitment']!r} not in plan")
            check_action(where, st.get("action"), prev_nodes, prev.get("text", ""))
            obs = st.get("observation", {})
            nodes = parse_page(where, obs)
            cmd = st.get("action", {}).get("command", "")
            if cmd.startswith(("fill(", "click(", "select_option(", "check(", "press(")) and obs.get("text") == prev.get("text") \
                    and obs.get("error") is None and not (rec.get("label", {}).get("fault") and i == rec["label"].get("first_off_track_step")):
                bad(f"{where}: page did not change after {cmd}")
            if cmd.startswith("fill(") and obs.get("error") is None:
                bid, val = ast.literal_eval(cmd[4:])
                if f"value={val!r}" not in obs.get("text", ""):
                    bad(f"{where}: typed value not shown on the page")
            prev, prev_nodes = obs, nodes
        if not steps[-1]["action"]["command"].startswith("send_msg_to_user("):
            bad(f"{rid}: last action should report back to the user")

    # design checks ------------------------------------------------------------
    wfs = {}
    for rec in recs:
        wfs.setdefault(rec["workflow"], []).append(rec)
    if len(wfs) != 2:
        bad(f"want 2 workflows, got {sorted(wfs)}")
    kinds = set()
    for wf, rs in wfs.items():
        h = [r for r in rs if r["label"]["fault"] is None]
        f = [r for r in rs if r["label"]["fault"] is not None]
        if len(h) != 4 or len(f) != 6:
            bad(f"{wf}: {len(h)} healthy / {len(f)} faulty (want 4 / 6)")
        variants = {r["plan"] if isinstance(r["plan"], str) else r["task"] for r in rs}
        if not 2 <= len(variants) <= 3:
            bad(f"{wf}: {len(variants)} task variants (want 2-3)")
        for v in variants:
            if not any(r["plan"] == v and r["label"]["fault"] is None for r in rs):
                bad(f"{wf}: variant {v} has no healthy run to write its plan from")
        kinds |= {r["label"]["fault"] for r in f}
        if not any(re.search(r"SW-204(18|71)|SW-20545|SW-20509|SW-20535|SW-20329", s["observation"]["text"])
                   for r in h for s in r["steps"]):
            bad(f"{wf}: no near-miss record visible on healthy pages")
    if len(kinds) < 10:
        bad(f"only {len(kinds)} fault kinds (want >= 10)")
    plan_files = sorted(os.listdir(os.path.join(HERE, "plans")))
    used = sorted({os.path.basename(r["plan"]) for r in recs if isinstance(r["plan"], str)})
    if plan_files != used:
        bad(f"plans/ holds {plan_files} but the corpus uses {used}")

    # plan round trip and second opinion ---------------------------------------
    try:
        sys.path.insert(0, HERE)
        import make_corpus as mc
        for key, plan in mc.PLANS.items():
            if load_yaml(mc.to_yaml(plan)) != plan:
                bad(f"plan {key}: YAML writer/reader round trip differs")
            path = os.path.join(HERE, mc.PLAN_FILES[key])
            if load_yaml(open(path, encoding="utf-8").read()) != plan:
                bad(f"plan {key}: file on disk differs from the generator's plan")
    except Exception as e:
        bad(f"could not import make_corpus for round trip: {e}")
    try:
        import yaml  # optional
        for path in plan_cache:
            if yaml.safe_load(open(path, encoding="utf-8")) != plan_cache[path][0]:
                bad(f"{path}: PyYAML reads it differently from the subset parser")
    except ImportError:
        pass

    # determinism ----------------------------------------------------------------
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), tmp], capture_output=True, text=True)
        if r.returncode != 0:
            bad(f"make_corpus.py failed: {r.stderr[-500:]}")
        else:
            for rel in ["corpus.jsonl"] + [os.path.join("plans", p) for p in plan_files]:
                a = open(os.path.join(HERE, rel), "rb").read()
                b = open(os.path.join(tmp, rel), "rb").read() if os.path.exists(os.path.join(tmp, rel)) else None
                if a != b:
                    bad(f"{rel}: regeneration is not byte-identical")

    n_steps = sum(len(r["steps"]) for r in recs)
    if problems:
        for p in problems[:200]:
            print("FAIL", p)
        print(f"{len(problems)} problem(s)")
        return 1
    print(f"OK: {len(recs)} trajectories, {n_steps} steps, {len(plan_cache)} plans, {len(kinds)} fault kinds: "
          + ", ".join(sorted(kinds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
