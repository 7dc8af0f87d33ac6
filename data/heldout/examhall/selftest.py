#!/usr/bin/env python3
"""Check the ExamHall corpus and plans against the fcpkit file-format contract.

Exit code 0 when everything passes, 1 on any problem (each problem is printed).
Standard library only; PyYAML is used as a cross-check when it happens to be installed.

Checks:
  plans       parse (own YAML-subset reader), schema of the plan contract, unique commitment ids,
              confidence in [0, 1], evidence items are strings or {text, on: state|action|both}
  corpus      one JSON object a line, required fields and types, unique ids, plan paths resolve,
              label rules (fault null <=> first_off_track_step null; index inside steps),
              4 healthy + 6 faulty runs per workflow, >= 10 fault kinds, 2-3 variants per workflow,
              8-16 steps, outcome.success true for healthy and false for faulty runs
  observations  url/title/text/error present, 100-400 lines, BrowserGym flattened-AXTree line syntax,
              unique bids per page, RootWebArea title = title, site furniture (banner, navigation,
              main, contentinfo with product version and clock, live status region), dialogs after the
              page, clock never goes backwards
  actions     BrowserGym action syntax, effect in {read, write, irreversible}, the bid exists on the page
              the action was taken on and matches the recorded target, commitment names a plan commitment,
              fills/selects/checkbox clicks show up on the next page, runs end with send_msg_to_user
  realism     near-miss records of every variant appear on healthy pages
  determinism make_corpus.py run again into a temporary folder gives byte-identical files
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROBLEMS = []


def problem(msg):
    PROBLEMS.append(msg)


# ---------------------------------------------------------------------------
# A reader for the YAML subset the plans use (block mappings and sequences,
# double-quoted or plain scalars, numbers, booleans, null, [] and {}).
# ---------------------------------------------------------------------------
class YamlError(ValueError):
    pass


_KEY = re.compile(r'^("(?:[^"\\]|\\.)*"|[A-Za-z_][\w-]*)\s*:(\s|$)')


def _scalar(s):
    if s.startswith('"'):
        v, end = json.JSONDecoder().raw_decode(s)
        if s[end:].strip():
            raise YamlError(f"trailing text after string: {s!r}")
        return v
    if s.startswith("'"):
        if not s.endswith("'"):
            raise YamlError(f"unterminated string: {s!r}")
        return s[1:-1].replace("''", "'")
    if s == "[]":
        return []
    if s == "{}":
        return {}
    if s in ("true", "false"):
        return s == "true"
    if s in ("null", "~"):
        return None
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*([eE][-+]?\d+)?", s):
        return float(s)
    if s[:1] in "[{&*!|>%@`":
        raise YamlError(f"unsupported YAML construct: {s!r}")
    return s


def _split_key(s):
    m = _KEY.match(s)
    if not m:
        raise YamlError(f"expected 'key: value', got {s!r}")
    k = m.group(1)
    if k.startswith('"'):
        k = json.loads(k)
    return k, s[m.end():].strip()


def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise YamlError("tab in indentation")
        lines.append([len(raw) - len(raw.lstrip(" ")), raw.strip()])
    pos = 0

    def block(indent):
        if lines[pos][1].startswith("- ") or lines[pos][1] == "-":
            return seq(indent)
        return mapping(indent)

    def mapping(indent):
        nonlocal pos
        d = {}
        while pos < len(lines) and lines[pos][0] == indent and not lines[pos][1].startswith("- "):
            k, v = _split_key(lines[pos][1])
            if k in d:
                raise YamlError(f"duplicate key {k!r}")
            pos += 1
            if v == "":
                if pos < len(lines) and lines[pos][0] > indent:
                    d[k] = block(lines[pos][0])
                elif pos < len(lines) and lines[pos][0] == indent and lines[pos][1].startswith("- "):
                    d[k] = seq(indent)
                else:
                    d[k] = None
            else:
                d[k] = _scalar(v)
        if pos < len(lines) and lines[pos][0] > indent:
            raise YamlError(f"bad indentation at {lines[pos][1]!r}")
        return d

    def seq(indent):
        nonlocal pos
        out = []
        while pos < len(lines) and lines[pos][0] == indent and lines[pos][1].startswith("- "):
            item = lines[pos][1][2:].strip()
            if _KEY.match(item):
                lines[pos] = [indent + 2, item]
                out.append(mapping(indent + 2))
            else:
                out.append(_scalar(item))
                pos += 1
        return out

    if not lines:
        return None
    result = block(lines[0][0])
    if pos != len(lines):
        raise YamlError(f"could not parse from line {lines[pos][1]!r}")
    return result


# ---------------------------------------------------------------------------
# Plans
# ---------------------------------------------------------------------------
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}


def check_evidence(where, items):
    if not isinstance(items, list):
        problem(f"{where}: evidence must be a list")
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                problem(f"{where}: empty evidence string")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                problem(f"{where}: evidence mapping without text: {it}")
            if it.get("on", "state") not in ("state", "action", "both"):
                problem(f"{where}: evidence 'on' must be state, action or both: {it}")
            extra = set(it) - {"text", "on"}
            if extra:
                problem(f"{where}: unexpected evidence keys {extra}")
        else:
            problem(f"{where}: evidence item must be a string or mapping: {it!r}")


def check_plan(path, plan):
    if not isinstance(plan, dict):
        problem(f"{path}: plan is not a mapping")
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        problem(f"{path}: task missing")
    pf = plan.get("plan_falsifiers", {})
    if not isinstance(pf, dict):
        problem(f"{path}: plan_falsifiers must be a mapping")
    else:
        for scope, items in pf.items():
            if scope not in SCOPES:
                problem(f"{path}: plan_falsifiers scope {scope!r}")
            check_evidence(f"{path} plan_falsifiers.{scope}", items)
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not cs:
        problem(f"{path}: commitments must be a non-empty list")
        return set()
    ids = set()
    for c in cs:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            problem(f"{path}: commitment without id")
            continue
        if cid in ids:
            problem(f"{path}: duplicate commitment id {cid}")
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            problem(f"{path} {cid}: subgoal missing")
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or isinstance(conf, bool) or not 0 <= conf <= 1:
            problem(f"{path} {cid}: confidence must be in [0, 1]")
        if "skill" in c and not isinstance(c["skill"], str):
            problem(f"{path} {cid}: skill must be a string")
        for key, allowed in (("confirm", STAGES), ("falsify", SCOPES)):
            block = c.get(key, {})
            if not isinstance(block, dict):
                problem(f"{path} {cid}: {key} must be a mapping")
                continue
            for k, items in block.items():
                if k not in allowed:
                    problem(f"{path} {cid}: {key} has unknown key {k!r}")
                check_evidence(f"{path} {cid} {key}.{k}", items)
        if not c.get("confirm", {}).get("completion"):
            problem(f"{path} {cid}: no completion evidence")
        if not any(c.get("falsify", {}).values()):
            problem(f"{path} {cid}: no falsifying evidence")
    return ids


def load_plans():
    plans = {}
    pdir = os.path.join(HERE, "plans")
    files = sorted(f for f in os.listdir(pdir) if f.endswith((".yaml", ".yml", ".json")))
    if not files:
        problem("no plans found")
    try:
        import yaml  # optional cross-check
    except ImportError:
        yaml = None
    for fn in files:
        path = os.path.join(pdir, fn)
        text = open(path, encoding="utf-8").read()
        try:
            plan = json.loads(text) if fn.endswith(".json") else parse_yaml(text)
        except (YamlError, ValueError) as e:
            problem(f"plans/{fn}: does not parse: {e}")
            continue
        if yaml is not None and not fn.endswith(".json"):
            other = yaml.safe_load(text)
            if json.dumps(other, sort_keys=True) != json.dumps(plan, sort_keys=True):
                problem(f"plans/{fn}: PyYAML reads it differently from the subset reader")
        # round trip through JSON must be lossless
        if json.loads(json.dumps(plan)) != plan:
            problem(f"plans/{fn}: does not round-trip through JSON")
        ids = check_plan(f"plans/{fn}", plan)
        plans["plans/" + fn] = (plan, ids)
    return plans


# ---------------------------------------------------------------------------
# Observations and actions
# ---------------------------------------------------------------------------
STR = r"""(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
LINE = re.compile(r"^(\t+)(?:\[(\w+)\] )?([A-Za-z]+) (" + STR + r")((?:, .*)?)$")
ROOT = re.compile(r"^RootWebArea (" + STR + r"), focused$")
CLOCK = re.compile(r"StaticText '(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\d+) May 2026, (\d\d):(\d\d) BST'")
PRODUCT = re.compile(r"StaticText 'ExamHall \d+\.\d+\.\d+ \(build [\w.-]+\)'")
ACTIONS = {
    "click": re.compile(r"^click\('(\w+)'\)$"),
    "fill": re.compile(r"^fill\('(\w+)', (" + STR + r")\)$"),
    "select_option": re.compile(r"^select_option\('(\w+)', (" + STR + r")\)$"),
    "press": re.compile(r"^press\('(\w+)', (" + STR + r")\)$"),
    "check": re.compile(r"^check\('(\w+)'\)$"),
    "send_msg_to_user": re.compile(r"^send_msg_to_user\((" + STR + r")\)$"),
}


def lit(s):
    import ast
    return ast.literal_eval(s)


def parse_tree(where, text):
    lines = text.split("\n")
    nodes = {}
    m = ROOT.match(lines[0])
    if not m:
        problem(f"{where}: first line is not RootWebArea: {lines[0][:80]!r}")
        return None, nodes
    title = lit(m.group(1))
    prev_depth = 0
    order = []
    for i, ln in enumerate(lines[1:], 1):
        mm = LINE.match(ln)
        if not mm:
            problem(f"{where}: line {i} is not in AXTree syntax: {ln[:100]!r}")
            continue
        depth = len(mm.group(1))
        if depth > prev_depth + 1:
            problem(f"{where}: line {i} indents by more than one level")
        prev_depth = depth
        bid, role, name, props = mm.group(2), mm.group(3), lit(mm.group(4)), mm.group(5)
        if role == "StaticText" and bid:
            problem(f"{where}: StaticText with a bid on line {i}")
        if role != "StaticText" and not bid:
            problem(f"{where}: {role} without a bid on line {i}")
        if bid:
            if bid in nodes:
                problem(f"{where}: duplicate bid {bid}")
            nodes[bid] = {"role": role, "name": name, "props": props, "depth": depth, "line": i, "text": ln}
        order.append((depth, role, name))
    # site furniture
    top = [(r, n) for d, r, n in order if d == 1]
    roles = [r for r, n in top]
    login = any(n == "Sign in to ExamHall" for d, r, n in order)
    need = ["banner", "main", "contentinfo", "status"] + ([] if login else ["navigation", "complementary"])
    for r in need:
        if r not in roles:
            problem(f"{where}: no top-level {r}")
    if "contentinfo" in roles and "main" in roles and roles.index("contentinfo") < roles.index("main"):
        problem(f"{where}: footer before main")
    if "status" in roles:
        s_idx = roles.index("status")
        for j, r in enumerate(roles):
            if r in ("dialog", "alertdialog") and j < s_idx:
                problem(f"{where}: dialog placed before the end of the page")
    if not PRODUCT.search(text):
        problem(f"{where}: footer lacks the product name and version")
    if not re.search(r"\] timer 'Current time'", text):
        problem(f"{where}: footer lacks the clock")
    if not re.search(r"\] status '', live='polite'", text):
        problem(f"{where}: no live region for toasts")
    return title, nodes


def clock_of(text):
    m = CLOCK.search(text)
    if not m:
        return None
    return int(m.group(2)) * 1440 + int(m.group(3)) * 60 + int(m.group(4))


def check_obs(where, obs, base):
    if not isinstance(obs, dict):
        problem(f"{where}: observation is not an object")
        return None
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            problem(f"{where}: observation lacks {k}")
    if not isinstance(obs.get("text"), str):
        return None
    if not str(obs.get("url", "")).startswith(base):
        problem(f"{where}: url {obs.get('url')!r} is outside {base}")
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        problem(f"{where}: error must be a string or null")
    n = len(obs["text"].split("\n"))
    if not 100 <= n <= 400:
        problem(f"{where}: {n} lines (want 100-400)")
    title, nodes = parse_tree(where, obs["text"])
    if title is not None and title != obs.get("title"):
        problem(f"{where}: RootWebArea title {title!r} differs from title {obs.get('title')!r}")
    return nodes


def check_action(where, step, prev_nodes, next_nodes, plan_ids):
    a = step.get("action")
    if not isinstance(a, dict) or not isinstance(a.get("command"), str):
        problem(f"{where}: action.command missing")
        return None
    cmd = a["command"]
    if a.get("effect") not in ("read", "write", "irreversible"):
        problem(f"{where}: effect {a.get('effect')!r}")
    if not isinstance(a.get("reasoning"), str) or not a["reasoning"].strip():
        problem(f"{where}: reasoning missing")
    c = step.get("commitment")
    if c is not None and c not in plan_ids:
        problem(f"{where}: commitment {c!r} is not in the plan")
    kind = None
    for k, rx in ACTIONS.items():
        m = rx.match(cmd)
        if m:
            kind = k
            break
    if kind is None:
        problem(f"{where}: not a BrowserGym action: {cmd[:80]!r}")
        return None
    if kind == "send_msg_to_user":
        return kind
    bid = m.group(1)
    node = prev_nodes.get(bid) if prev_nodes else None
    if node is None:
        problem(f"{where}: bid {bid} is not on the page the action was taken on")
        return kind
    target = a.get("target")
    if target != f"{node['role']} {node['name']!r}":
        problem(f"{where}: target {target!r} does not match bid {bid} ({node['role']} {node['name']!r})")
    failed = step.get("observation", {}).get("error") is not None
    if "disabled=True" in node["props"] and not failed:
        problem(f"{where}: action on a disabled element {bid} did not fail")
    if next_nodes is not None and not failed:
        same = next_nodes.get(bid)
        if kind == "fill":
            val = lit(m.group(2))
            if node["role"] in ("textbox", "spinbutton") and (same is None or f"value={val!r}" not in same["props"]):
                problem(f"{where}: the filled value does not show on the next page")
        if kind == "select_option":
            val = lit(m.group(2))
            if same is None or f"value={val!r}" not in same["props"]:
                problem(f"{where}: the selected option does not show on the next page")
        if kind == "click" and node["role"] == "checkbox" and same is not None:
            if ("checked='true'" in node["props"]) == ("checked='true'" in same["props"]):
                problem(f"{where}: checkbox state did not change")
    return kind


# ---------------------------------------------------------------------------
# Corpus
# ---------------------------------------------------------------------------
def check_corpus(plans):
    path = os.path.join(HERE, "corpus.jsonl")
    base = "https://examhall.northmoor.ac.uk"
    runs = []
    with open(path, encoding="utf-8") as fh:
        for i, line in enumerate(fh, 1):
            try:
                runs.append(json.loads(line))
            except ValueError as e:
                problem(f"corpus.jsonl line {i}: not JSON: {e}")
    ids = set()
    per_wf = {}
    kinds = set()
    variants = {}
    plans_used = set()
    for r in runs:
        rid = r.get("id")
        if not isinstance(rid, str) or rid in ids:
            problem(f"bad or duplicate id {rid!r}")
        ids.add(rid)
        for k in ("workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                problem(f"{rid}: missing {k}")
        if any(k not in r for k in ("plan", "label", "steps", "initial_observation")):
            continue
        plan_ref = r["plan"]
        if isinstance(plan_ref, str):
            if not os.path.exists(os.path.join(HERE, plan_ref)):
                problem(f"{rid}: plan {plan_ref} does not exist")
                continue
            plan, plan_ids = plans.get(plan_ref, (None, set()))
            plans_used.add(plan_ref)
            if plan and plan.get("task") != r.get("task"):
                problem(f"{rid}: task differs from its plan's task")
        elif isinstance(plan_ref, dict):
            plan_ids = check_plan(rid + " inline plan", plan_ref)
        else:
            problem(f"{rid}: plan must be a path or an object")
            continue
        lab = r["label"]
        fault, off = lab.get("fault"), lab.get("first_off_track_step")
        steps = r["steps"]
        if not isinstance(steps, list) or not 8 <= len(steps) <= 16:
            problem(f"{rid}: {len(steps) if isinstance(steps, list) else '?'} steps (want 8-16)")
        if (fault is None) != (off is None):
            problem(f"{rid}: fault and first_off_track_step must both be null or both set")
        if off is not None and (not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps)):
            problem(f"{rid}: first_off_track_step {off!r} outside the steps")
        if fault is not None and not isinstance(fault, str):
            problem(f"{rid}: fault must be a string")
        success = r.get("outcome", {}).get("success")
        if fault is None and success is not True:
            problem(f"{rid}: healthy run without outcome.success true")
        if fault is not None and success is not False:
            problem(f"{rid}: faulty run without outcome.success false")
        wf = r.get("workflow")
        per_wf.setdefault(wf, {"healthy": 0, "faulty": 0})
        per_wf[wf]["faulty" if fault else "healthy"] += 1
        if fault:
            kinds.add(fault)
        variants.setdefault(wf, set()).add(r.get("variant") or plan_ref)
        # observations and actions
        prev = check_obs(f"{rid} initial", r["initial_observation"], base)
        clock = clock_of(r["initial_observation"].get("text", ""))
        for i, st in enumerate(steps):
            nxt = check_obs(f"{rid} step {i}", st.get("observation"), base)
            kind = check_action(f"{rid} step {i}", st, prev, nxt, plan_ids)
            c2 = clock_of(st.get("observation", {}).get("text", ""))
            if clock is not None and c2 is not None and c2 < clock:
                problem(f"{rid} step {i}: the clock went backwards")
            clock = c2 if c2 is not None else clock
            prev = nxt
            if i == len(steps) - 1 and kind != "send_msg_to_user":
                problem(f"{rid}: last action is not send_msg_to_user")
    for wf, n in per_wf.items():
        if n != {"healthy": 4, "faulty": 6}:
            problem(f"workflow {wf}: {n} (want 4 healthy, 6 faulty)")
    if len(per_wf) != 2:
        problem(f"{len(per_wf)} workflows (want 2)")
    for wf, v in variants.items():
        if not 2 <= len(v) <= 3:
            problem(f"workflow {wf}: {len(v)} task variants (want 2-3)")
    if len(kinds) < 10:
        problem(f"only {len(kinds)} fault kinds (want >= 10)")
    for p in plans:
        if p not in plans_used:
            problem(f"{p} is used by no trajectory")
    return runs


NEAR_MISSES = {  # near-miss records of each variant that healthy pages should show
    "A1": ["S2301874", "SIT-26S-0421"], "A2": ["S2207351", "SIT-26S-0583"], "A3": ["S2410526", "SIT-26S-0616"],
    "B1": ["SIT-26S-0474", "MC-3.20"], "B2": ["SIT-26S-0592", "SH-B"], "B3": ["SIT-26S-0630", "MC-3.20"],
}


def check_near_misses(runs):
    for var, needles in NEAR_MISSES.items():
        pages = [s["observation"]["text"] for r in runs if r.get("variant") == var and not r["label"]["fault"]
                 for s in r["steps"]]
        if not pages:
            continue
        for nd in needles:
            if not any(nd in p for p in pages):
                problem(f"variant {var}: near-miss {nd} never appears on a healthy page")


def check_determinism():
    with tempfile.TemporaryDirectory() as tmp:
        res = subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", tmp],
                             capture_output=True, text=True)
        if res.returncode != 0:
            problem(f"make_corpus.py failed: {res.stderr[-500:]}")
            return
        for rel in ["corpus.jsonl"] + ["plans/" + f for f in sorted(os.listdir(os.path.join(tmp, "plans")))]:
            a = os.path.join(HERE, rel)
            b = os.path.join(tmp, rel)
            if not os.path.exists(a):
                problem(f"{rel} is produced by make_corpus.py but missing here")
            elif open(a, "rb").read() != open(b, "rb").read():
                problem(f"{rel} differs from a fresh make_corpus.py run (not deterministic or stale)")


def main():
    plans = load_plans()
    runs = check_corpus(plans)
    check_near_misses(runs)
    check_determinism()
    if PROBLEMS:
        for p in PROBLEMS:
            print("PROBLEM:", p)
        print(f"selftest: {len(PROBLEMS)} problem(s)")
        return 1
    n_steps = sum(len(r["steps"]) for r in runs)
    kinds = sorted({r["label"]["fault"] for r in runs if r["label"]["fault"]})
    print(f"selftest: OK — {len(runs)} trajectories, {n_steps} steps, {len(plans)} plans, "
          f"{len(kinds)} fault kinds: {', '.join(kinds)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
