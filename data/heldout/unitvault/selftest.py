#!/usr/bin/env python3
"""Check corpus.jsonl and plans/*.yaml against the fcpkit file-format contract
(FORMATS.md) plus the corpus-design rules of this package. Exit code 1 on any problem.

Standard library only (PyYAML, when installed, is used as a second opinion on the plans).
"""
import ast
import collections
import datetime
import importlib.util
import json
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
BASE = "https://harborpine.unitvault.app/b/RVS-04"

problems = []


def bad(where, msg):
    problems.append("%s: %s" % (where, msg))


# ---------------------------------------------------------------- mini YAML
def _scalar(s):
    s = s.strip()
    if s == "":
        return None
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'") and s.endswith("'"):
        return s[1:-1].replace("''", "'")
    if s == "[]":
        return []
    if s == "{}":
        return {}
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
        return s


def _split_kv(s):
    """'key: value' -> (key, value-or-''); None when the line is not a mapping entry."""
    m = re.match(r'^([A-Za-z_][\w-]*):(?:\s+(.*))?$', s)
    if not m:
        return None
    return m.group(1), (m.group(2) or "")


def yaml_load(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[:len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation: %r" % raw)
        lines.append((len(raw) - len(raw.lstrip(" ")), raw.strip()))
    pos = [0]

    def block(ind):
        if pos[0] >= len(lines):
            return None
        i0, s0 = lines[pos[0]]
        if s0.startswith("- ") or s0 == "-":
            out = []
            while pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("-"):
                s = lines[pos[0]][1][1:].strip()
                kv = _split_kv(s) if not s.startswith('"') else None
                if kv:
                    # a mapping item: rewrite the current line as the first key at ind+2
                    lines[pos[0]] = (ind + 2, s)
                    out.append(mapping(ind + 2))
                else:
                    pos[0] += 1
                    out.append(_scalar(s))
            return out
        return mapping(ind)

    def mapping(ind):
        out = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and not lines[pos[0]][1].startswith("- "):
            kv = _split_kv(lines[pos[0]][1])
            if not kv:
                raise ValueError("cannot parse line: %r" % lines[pos[0]][1])
            k, v = kv
            if k in out:
                raise ValueError("duplicate key %r" % k)
            pos[0] += 1
            if v == "":
                if pos[0] < len(lines) and lines[pos[0]][0] > ind:
                    out[k] = block(lines[pos[0]][0])
                elif pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
                    out[k] = block(ind)
                else:
                    out[k] = None
            else:
                out[k] = _scalar(v)
        return out

    res = block(lines[0][0]) if lines else None
    if pos[0] != len(lines):
        raise ValueError("unparsed content from line %r" % (lines[pos[0]][1],))
    return res


# ---------------------------------------------------------------- plans
EVIDENCE_ON = {"state", "action", "both"}
CONFIRM_STAGES = {"precondition", "progress", "completion"}
FALSIFY_SCOPES = {"execution", "skill", "planning"}


def check_evidence_list(where, lst):
    if lst is None:
        return
    if not isinstance(lst, list):
        bad(where, "evidence must be a list")
        return
    for i, e in enumerate(lst):
        if isinstance(e, str):
            if not e.strip():
                bad(where, "empty evidence string #%d" % i)
        elif isinstance(e, dict):
            if not isinstance(e.get("text"), str) or not e["text"].strip():
                bad(where, "evidence mapping #%d lacks text" % i)
            if "on" in e and e["on"] not in EVIDENCE_ON:
                bad(where, "evidence #%d has on=%r" % (i, e["on"]))
        else:
            bad(where, "evidence #%d is neither string nor mapping" % i)


def check_plan(where, plan):
    if not isinstance(plan, dict):
        bad(where, "plan is not a mapping")
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        bad(where, "plan.task missing")
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict):
        bad(where, "plan_falsifiers must be a mapping")
    else:
        for sc, lst in pf.items():
            if sc not in FALSIFY_SCOPES:
                bad(where, "plan_falsifiers scope %r" % sc)
            check_evidence_list(where + ".plan_falsifiers." + sc, lst)
    cs = plan.get("commitments")
    ids = set()
    if not isinstance(cs, list) or not cs:
        bad(where, "commitments must be a non-empty list")
        return ids
    for i, c in enumerate(cs):
        w = "%s.commitments[%d]" % (where, i)
        if not isinstance(c, dict):
            bad(w, "not a mapping")
            continue
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            bad(w, "id missing")
        elif cid in ids:
            bad(w, "duplicate id %r" % cid)
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            bad(w, "subgoal missing")
        if "skill" in c and not isinstance(c["skill"], str):
            bad(w, "skill must be a string")
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or isinstance(k, bool) or not 0 <= k <= 1:
            bad(w, "confidence %r not in [0,1]" % (k,))
        for name, allowed in (("confirm", CONFIRM_STAGES), ("falsify", FALSIFY_SCOPES)):
            blk = c.get(name) or {}
            if not isinstance(blk, dict):
                bad(w, "%s must be a mapping" % name)
                continue
            for st, lst in blk.items():
                if st not in allowed:
                    bad(w, "%s key %r" % (name, st))
                check_evidence_list("%s.%s.%s" % (w, name, st), lst)
    return ids


# ---------------------------------------------------------------- observations
LINE_RE = re.compile(r"^(\t*)(?:\[([A-Za-z0-9]+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
CMD_RE = re.compile(r"^(click|fill|press|select_option|send_msg_to_user|report_infeasible|noop|go_back|hover|focus|clear)\((.*)\)$")


def parse_tree(where, text):
    """Return ({bid: (role, name, rest)}, lines) and record format problems."""
    nodes = {}
    lines = text.split("\n")
    if not lines or not lines[0].startswith("RootWebArea "):
        bad(where, "first line must be the RootWebArea")
    prev_depth = 0
    for n, line in enumerate(lines):
        m = LINE_RE.match(line)
        if not m:
            bad(where, "line %d not in AXTree format: %r" % (n, line[:80]))
            continue
        depth = len(m.group(1))
        if depth > prev_depth + 1:
            bad(where, "line %d jumps indentation" % n)
        prev_depth = depth
        bid, role, name, rest = m.group(2), m.group(3), ast.literal_eval(m.group(4)), m.group(5)
        if bid:
            if bid in nodes:
                bad(where, "duplicate bid %s" % bid)
            nodes[bid] = (role, name, rest, depth)
        elif role not in ("StaticText", "RootWebArea", "LineBreak"):
            bad(where, "line %d: %s without bid" % (n, role))
    return nodes, lines


def check_observation(where, obs, corpus_dir):
    if not isinstance(obs, dict):
        bad(where, "observation is not an object")
        return {}, []
    for k in ("url", "title", "text"):
        if not isinstance(obs.get(k), str) or not obs[k]:
            bad(where, "observation.%s missing" % k)
    if "error" not in obs or not (obs["error"] is None or isinstance(obs["error"], str)):
        bad(where, "observation.error must be present (string or null)")
    if not obs.get("url", "").startswith(BASE):
        bad(where, "url outside the app: %r" % obs.get("url"))
    if "tabs" in obs:
        if not isinstance(obs["tabs"], list) or not all(isinstance(t, dict) and "url" in t and "title" in t for t in obs["tabs"]):
            bad(where, "tabs must be a list of {url, title}")
    if "screenshot" in obs and not os.path.exists(os.path.join(corpus_dir, obs["screenshot"])):
        bad(where, "screenshot file missing")
    text = obs.get("text", "")
    nodes, lines = parse_tree(where, text)
    if not 100 <= len(lines) <= 400:
        bad(where, "page has %d lines (want 100-400)" % len(lines))
    if not lines[0].startswith("RootWebArea '%s'" % obs.get("title", "").replace("'", "\\'")) and \
            not lines[0].startswith('RootWebArea "%s"' % obs.get("title", "")):
        bad(where, "root name does not match the title")
    # site furniture
    for needle in ("banner ''", "navigation 'Primary'", "navigation 'Breadcrumb'", "main ''", "contentinfo ''",
                   "timer 'Branch time ", "status '', live='polite'", "UnitVault Branch Console 7.4.2"):
        if needle not in text:
            bad(where, "furniture missing: %s" % needle)
    # dialogs come after the page
    di = [i for i, l in enumerate(lines) if re.match(r"^\t*\[\w+\] dialog ", l)]
    ci = [i for i, l in enumerate(lines) if re.match(r"^\t*\[\w+\] contentinfo ", l)]
    if di and ci and min(di) < ci[0]:
        bad(where, "dialog placed before the page footer")
    return nodes, lines


def parse_args(argstr):
    if not argstr.strip():
        return []
    v = ast.literal_eval("(" + argstr + ",)")
    return list(v)


def clock_of(text):
    m = re.search(r"timer 'Branch time \w+, (\w+ \d+, \d+) \u00b7 (\d+:\d+ [AP]M) PDT'", text)
    if not m:
        return None
    return datetime.datetime.strptime(m.group(1) + " " + m.group(2), "%b %d, %Y %I:%M %p")


# ---------------------------------------------------------------- corpus
def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl not found")
        return 1
    corpus_dir = HERE
    recs = []
    with open(CORPUS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                bad("line %d" % n, "blank line")
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as e:
                bad("line %d" % n, "invalid JSON: %s" % e)
                continue
            if json.loads(json.dumps(rec, ensure_ascii=False)) != rec:
                bad("line %d" % n, "does not round-trip")
            recs.append(rec)

    plan_cache = {}
    ids = set()
    by_wf = collections.defaultdict(lambda: {"healthy": 0, "faulty": 0, "variants": set(), "kinds": set()})
    kinds = set()
    plans_used = set()

    for rec in recs:
        rid = rec.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in rec:
                bad(rid, "missing field %s" % k)
        if rid in ids:
            bad(rid, "duplicate id")
        ids.add(rid)
        # plan
        plan = rec.get("plan")
        if isinstance(plan, str):
            path = os.path.join(corpus_dir, plan)
            plans_used.add(plan)
            if plan not in plan_cache:
                if not os.path.exists(path):
                    bad(rid, "plan file %s missing" % plan)
                    plan_cache[plan] = None
                else:
                    txt = open(path, encoding="utf-8").read()
                    try:
                        obj = yaml_load(txt) if plan.endswith((".yaml", ".yml")) else json.loads(txt)
                    except Exception as e:  # noqa
                        bad(plan, "does not parse: %s" % e)
                        obj = None
                    try:
                        import yaml  # second opinion when available
                        if plan.endswith((".yaml", ".yml")) and yaml.safe_load(txt) != obj:
                            bad(plan, "mini parser and PyYAML disagree")
                    except ImportError:
                        pass
                    plan_cache[plan] = (obj, check_plan(plan, obj) if obj is not None else set())
            entry = plan_cache[plan]
        elif isinstance(plan, dict):
            entry = (plan, check_plan(rid + ".plan", plan))
        else:
            bad(rid, "plan must be a path or an object")
            entry = None
        cids = entry[1] if entry else set()
        if entry and entry[0] and entry[0].get("task") != rec.get("task"):
            bad(rid, "task differs from the plan's task")
        # label
        lab = rec.get("label") or {}
        fault, off = lab.get("fault", "MISSING"), lab.get("first_off_track_step", "MISSING")
        steps = rec.get("steps") or []
        if fault == "MISSING" or off == "MISSING":
            bad(rid, "label needs fault and first_off_track_step")
        elif fault is None:
            if off is not None:
                bad(rid, "healthy run with an off-track step")
        else:
            if not isinstance(fault, str) or not fault:
                bad(rid, "fault must be a string")
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                bad(rid, "first_off_track_step %r out of range" % (off,))
            kinds.add(fault)
        out = rec.get("outcome") or {}
        if not isinstance(out.get("success"), bool):
            bad(rid, "outcome.success must be a bool")
        elif (fault is None) != out["success"]:
            bad(rid, "healthy runs must succeed and faulty runs must not")
        wf = by_wf[rec.get("workflow")]
        wf["healthy" if fault is None else "faulty"] += 1
        wf["variants"].add(rec.get("plan") if isinstance(rec.get("plan"), str) else rec.get("variant"))
        if fault:
            wf["kinds"].add(fault)
        if not 8 <= len(steps) <= 16:
            bad(rid, "%d steps (want 8-16)" % len(steps))
        # observations and actions
        prev_nodes, prev_lines = check_observation(rid + ".initial", rec.get("initial_observation"), corpus_dir)
        prev_obs = rec.get("initial_observation") or {}
        prev_clock = clock_of(prev_obs.get("text", ""))
        for i, st in enumerate(steps):
            w = "%s.steps[%d]" % (rid, i)
            if "commitment" in st and st["commitment"] not in cids:
                bad(w, "commitment %r not in plan" % st["commitment"])
            a = st.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    bad(w, "action.%s missing" % k)
            if a.get("effect") not in ("read", "write", "irreversible"):
                bad(w, "effect %r" % a.get("effect"))
            m = CMD_RE.match(a.get("command", ""))
            args = []
            if not m:
                bad(w, "not a BrowserGym action: %r" % a.get("command"))
            else:
                try:
                    args = parse_args(m.group(2))
                except Exception:  # noqa
                    bad(w, "unparsable arguments: %r" % a.get("command"))
                fn = m.group(1)
                if fn in ("click", "fill", "press", "select_option", "hover", "focus", "clear"):
                    bid = args[0] if args else None
                    if bid not in prev_nodes:
                        bad(w, "bid %r not on the page the action was taken on" % bid)
                    else:
                        role, name, rest, _ = prev_nodes[bid]
                        if a.get("target") != "%s %s" % (role, repr(name)):
                            bad(w, "target %r does not match node %s %r" % (a.get("target"), role, name))
                        if "disabled=True" in rest and fn == "click":
                            bad(w, "clicks a disabled control")
                        if fn == "fill" and role not in ("textbox", "combobox", "searchbox", "spinbutton"):
                            bad(w, "fill on a %s" % role)
                        if fn == "select_option":
                            if role not in ("combobox", "listbox"):
                                bad(w, "select_option on a %s" % role)
                            opts = [l for l in prev_lines if re.match(r"^\t*\[\w+\] option %s" % re.escape(repr(args[1])), l)]
                            if not opts:
                                bad(w, "option %r not offered" % args[1])
                else:
                    if a.get("target") not in (None, ""):
                        bad(w, "non-element action with a target")
            obs = st.get("observation")
            nodes, lines = check_observation(w, obs, corpus_dir)
            # the page reacts to the action
            if m and m.group(1) == "fill" and args:
                ln = [l for l in lines if re.match(r"^\t*\[%s\] " % re.escape(str(args[0])), l)]
                if not ln or ("value=%s" % repr(args[1])) not in ln[0]:
                    bad(w, "typed value not shown in the field after fill")
            if m and m.group(1) == "select_option" and len(args) > 1:
                ln = [l for l in lines if re.match(r"^\t*\[%s\] " % re.escape(str(args[0])), l)]
                if not ln or ("value=%s" % repr(args[1])) not in ln[0]:
                    bad(w, "selected option not shown after select_option")
            if m and m.group(1) == "click" and args and args[0] in prev_nodes and prev_nodes[args[0]][0] in ("checkbox", "radio"):
                ln = [l for l in lines if re.match(r"^\t*\[%s\] " % re.escape(str(args[0])), l)]
                before = re.search(r"checked='(true|false)'", prev_nodes[args[0]][2])
                after = re.search(r"checked='(true|false)'", ln[0]) if ln else None
                if not after:
                    bad(w, "checkbox/radio state not shown after click")
                elif prev_nodes[args[0]][0] == "checkbox" and before and before.group(1) == after.group(1):
                    bad(w, "checkbox did not toggle")
                elif prev_nodes[args[0]][0] == "radio" and after.group(1) != "true":
                    bad(w, "radio not selected after click")
            unchanged = obs and obs.get("text") == prev_obs.get("text") and obs.get("url") == prev_obs.get("url")
            passive = m and m.group(1) in ("send_msg_to_user", "report_infeasible", "noop")
            if unchanged and not passive and not (fault == "silent_noop" and off == i):
                bad(w, "page unchanged after the action")
            c = clock_of(obs.get("text", "")) if obs else None
            if c and prev_clock and c < prev_clock:
                bad(w, "clock went backwards")
            prev_clock = c or prev_clock
            prev_nodes, prev_lines, prev_obs = nodes, lines, obs or {}

    # corpus design rules
    if set(by_wf) != {"rent", "moveout"}:
        bad("corpus", "expected workflows rent and moveout, got %s" % sorted(by_wf))
    for name, wf in by_wf.items():
        if wf["healthy"] != 4 or wf["faulty"] != 6:
            bad("workflow " + str(name), "%d healthy / %d faulty (want 4/6)" % (wf["healthy"], wf["faulty"]))
        if not 2 <= len(wf["variants"]) <= 3:
            bad("workflow " + str(name), "%d task variants (want 2-3)" % len(wf["variants"]))
    if len(kinds) < 10:
        bad("corpus", "only %d fault kinds (want >= 10)" % len(kinds))
    for p in sorted(os.listdir(os.path.join(HERE, "plans"))):
        if "plans/" + p not in plans_used:
            bad("plans/" + p, "plan not used by any run")
    # every variant has healthy runs
    healthy_plans = {r["plan"] for r in recs if r["label"]["fault"] is None}
    for p in plans_used:
        if p not in healthy_plans:
            bad(p, "no healthy run for this variant")
    # near misses appear on healthy pages
    near = {"rent": ["C-241", "B-170", "E-019", "E-090", "Marisol Reyna", "Theodora Nguyen", "Okonkwo Building Supply"],
            "moveout": ["D-381", "D-319", "LA-2023-0481", "LA-2022-1178", "Priya Ramanathan", "Jerome Whitfeld"]}
    for r in recs:
        if r["label"]["fault"] is None:
            texts = [r["initial_observation"]["text"]] + [s["observation"]["text"] for s in r["steps"]]
            hits = {n for n in near[r["workflow"]] for t in texts if n in t}
            if len(hits) < 2:
                bad(r["id"], "healthy run shows too few near-miss records (%s)" % sorted(hits))

    # plans round-trip through the generator's emitter; corpus is deterministic
    spec = importlib.util.spec_from_file_location("make_corpus", os.path.join(HERE, "make_corpus.py"))
    mc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mc)
    for p in sorted(plans_used):
        txt = open(os.path.join(HERE, p), encoding="utf-8").read()
        body = "\n".join(l for l in txt.splitlines() if not l.startswith("#"))
        obj = yaml_load(txt)
        if mc.to_yaml(obj) != body:
            bad(p, "plan does not round-trip through load/emit")
    with tempfile.TemporaryDirectory() as td:
        mc.main(td)
        for rel in ["corpus.jsonl"] + sorted(plans_used):
            a = open(os.path.join(td, rel), "rb").read()
            b = open(os.path.join(HERE, rel), "rb").read()
            if a != b:
                bad(rel, "regenerating gives different bytes (not deterministic or stale)")

    # README lists every run
    readme = os.path.join(HERE, "README.md")
    if not os.path.exists(readme):
        bad("README.md", "missing")
    else:
        rt = open(readme, encoding="utf-8").read()
        for r in recs:
            if "`%s`" % r["id"] not in rt:
                bad("README.md", "run %s not in the table" % r["id"])

    if problems:
        for p in problems:
            print("FAIL", p)
        print("%d problem(s)" % len(problems))
        return 1
    print("OK: %d trajectories, %d workflows, %d fault kinds, %d plans" % (
        len(recs), len(by_wf), len(kinds), len(plans_used)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
