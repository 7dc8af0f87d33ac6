#!/usr/bin/env python3
"""Check corpus.jsonl and plans/*.yaml against the fcpkit file-format contract (FORMATS.md)
and against this corpus's own brief. Standard library only (PyYAML, if installed, is used
as a second opinion on the plans). Exit code 1 on any problem."""
import collections
import json
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
problems = []


def bad(msg):
    problems.append(msg)


# ---------------------------------------------------------------- YAML subset
def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        st = raw.strip()
        if not st or st.startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation: %r" % raw)
        lines.append([len(raw) - len(raw.lstrip(" ")), st])
    pos = [0]
    keyre = re.compile(r"^([A-Za-z_][\w-]*|\"[A-Za-z_][\w-]*\"):(?: (.*))?$")

    def scalar(s):
        if s.startswith('"'):
            return json.loads(s)
        if s.startswith("'"):
            return s[1:-1].replace("''", "'")
        if s == "[]":
            return []
        if s == "{}":
            return {}
        if s in ("true", "false"):
            return s == "true"
        if s in ("null", "~"):
            return None
        try:
            return int(s)
        except ValueError:
            pass
        try:
            return float(s)
        except ValueError:
            return s

    def block(indent):
        if lines[pos[0]][1].startswith("- "):
            out = []
            while pos[0] < len(lines) and lines[pos[0]][0] == indent and lines[pos[0]][1].startswith("- "):
                item = lines[pos[0]][1][2:]
                if keyre.match(item):
                    lines[pos[0]] = [indent + 2, item]
                    out.append(block(indent + 2))
                else:
                    out.append(scalar(item))
                    pos[0] += 1
            return out
        out = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == indent and not lines[pos[0]][1].startswith("- "):
            m = keyre.match(lines[pos[0]][1])
            if not m:
                raise ValueError("cannot parse line: %r" % lines[pos[0]][1])
            k, rest = m.group(1).strip('"'), (m.group(2) or "").strip()
            if k in out:
                raise ValueError("duplicate key %r" % k)
            pos[0] += 1
            if rest:
                out[k] = scalar(rest)
            elif pos[0] < len(lines) and lines[pos[0]][0] > indent:
                out[k] = block(lines[pos[0]][0])
            elif pos[0] < len(lines) and lines[pos[0]][0] == indent and lines[pos[0]][1].startswith("- "):
                out[k] = block(indent)
            else:
                out[k] = None
        return out

    res = block(lines[0][0])
    if pos[0] != len(lines):
        raise ValueError("trailing content at line %r" % lines[pos[0]][1])
    return res


# ---------------------------------------------------------------- plan checks
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}


def check_evidence(where, items):
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
            if it.get("on", "state") not in ("state", "action", "both"):
                bad("%s: evidence 'on' must be state|action|both" % where)
        else:
            bad("%s: evidence item must be string or mapping" % where)


def check_plan(path, plan):
    if not isinstance(plan, dict):
        bad("%s: plan is not a mapping" % path)
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        bad("%s: missing task" % path)
    pf = plan.get("plan_falsifiers", {})
    if not isinstance(pf, dict):
        bad("%s: plan_falsifiers must be a mapping" % path)
    else:
        for sc, items in pf.items():
            if sc not in SCOPES:
                bad("%s: unknown plan_falsifiers scope %r" % (path, sc))
            check_evidence("%s plan_falsifiers.%s" % (path, sc), items)
    coms = plan.get("commitments")
    ids = set()
    if not isinstance(coms, list) or not coms:
        bad("%s: commitments must be a non-empty list" % path)
        return ids
    for c in coms:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            bad("%s: commitment without id" % path)
            continue
        if cid in ids:
            bad("%s: duplicate commitment id %s" % (path, cid))
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            bad("%s/%s: missing subgoal" % (path, cid))
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or isinstance(k, bool) or not 0 <= k <= 1:
            bad("%s/%s: confidence must be in [0,1]" % (path, cid))
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                bad("%s/%s: unknown confirm stage %r" % (path, cid, stage))
            check_evidence("%s/%s confirm.%s" % (path, cid, stage), items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                bad("%s/%s: unknown falsify scope %r" % (path, cid, scope))
            check_evidence("%s/%s falsify.%s" % (path, cid, scope), items)
        if not (c.get("confirm") or {}).get("completion"):
            bad("%s/%s: no completion evidence" % (path, cid))
    return ids


# ---------------------------------------------------------------- corpus checks
LINE_RE = re.compile(r"^(\t*)\[([A-Za-z0-9]+)\] ([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(, .+)?$")
ROOT_RE = re.compile(r"^RootWebArea ('.*'|\".*\"), focused$")
ACT_RE = re.compile(r"^(click|fill|select_option|press|hover|focus|clear|dblclick)\('([A-Za-z0-9]+)'(?:, (.+))?\)$")
MSG_RE = re.compile(r"^send_msg_to_user\((.+)\)$")
EFFECTS = {"read", "write", "irreversible"}


def parse_tree(where, text):
    nodes = {}
    lines = text.split("\n")
    if not ROOT_RE.match(lines[0]):
        bad("%s: first line must be the RootWebArea" % where)
    prev_depth = 0
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not m:
            bad("%s: malformed tree line %r" % (where, ln[:80]))
            continue
        depth = len(m.group(1))
        if depth < 1 or depth > prev_depth + 1:
            bad("%s: bad indentation at %r" % (where, ln[:60]))
        prev_depth = depth
        bid = m.group(2)
        if bid in nodes:
            bad("%s: duplicate bid %s" % (where, bid))
        import ast
        nodes[bid] = (m.group(3), ast.literal_eval(m.group(4)), m.group(5) or "")
    return nodes, lines


def check_observation(where, obs):
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            bad("%s: observation missing %s" % (where, k))
            return {}
    if not obs["url"].startswith("http://127.0.0.1:8000/"):
        bad("%s: unexpected base URL %s" % (where, obs["url"]))
    if obs["error"] is not None and not isinstance(obs["error"], str):
        bad("%s: error must be string or null" % where)
    nodes, lines = parse_tree(where, obs["text"])
    n = len(lines)
    if not 100 <= n <= 400:
        bad("%s: %d lines (want 100-400)" % (where, n))
    roles = collections.Counter(r for r, _, _ in nodes.values())
    for need in ("banner", "main", "contentinfo", "status", "timer"):
        if need not in roles:
            bad("%s: page lacks %s" % (where, need))
    if "RigRental Branch Console 4.12.3" not in obs["text"]:
        bad("%s: footer version missing" % where)
    # dialogs come after the page furniture
    text_lines = obs["text"].split("\n")
    for i, ln in enumerate(text_lines):
        if re.match(r"^\t\[\w+\] dialog ", ln):
            if not any(re.match(r"^\t\[\w+\] contentinfo ", x) for x in text_lines[:i]):
                bad("%s: dialog before the footer" % where)
    return nodes


def main():
    corpus_path = os.path.join(HERE, "corpus.jsonl")
    plans = {}
    plan_ids = {}
    for fn in sorted(os.listdir(os.path.join(HERE, "plans"))):
        if not fn.endswith(".yaml"):
            continue
        rel = "plans/" + fn
        txt = open(os.path.join(HERE, rel), encoding="utf-8").read()
        try:
            pl = parse_yaml(txt)
        except Exception as e:  # noqa
            bad("%s: does not parse: %s" % (rel, e))
            continue
        try:
            import yaml  # optional second opinion
            if yaml.safe_load(txt) != pl:
                bad("%s: PyYAML reads it differently" % rel)
        except ImportError:
            pass
        # round trip: JSON form of the plan survives unchanged
        if json.loads(json.dumps(pl)) != pl:
            bad("%s: plan does not round-trip" % rel)
        plans[rel] = pl
        plan_ids[rel] = check_plan(rel, pl)

    runs = []
    with open(corpus_path, encoding="utf-8") as f:
        for i, line in enumerate(f):
            line = line.rstrip("\n")
            try:
                r = json.loads(line)
            except ValueError as e:
                bad("corpus line %d: not JSON (%s)" % (i + 1, e))
                continue
            if json.dumps(r, ensure_ascii=False) != line:
                bad("corpus line %d: does not round-trip byte for byte" % (i + 1))
            runs.append(r)

    ids = set()
    per_wf = collections.defaultdict(lambda: collections.Counter())
    variants = collections.defaultdict(set)
    faults = set()
    for r in runs:
        rid = r.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                bad("%s: missing %s" % (rid, k))
        if rid in ids:
            bad("duplicate id %s" % rid)
        ids.add(rid)
        plan = r.get("plan")
        if isinstance(plan, str):
            if not os.path.exists(os.path.join(HERE, plan)):
                bad("%s: plan file %s missing" % (rid, plan))
                continue
            pl = plans.get(plan)
            cids = plan_ids.get(plan, set())
        else:
            pl = plan
            cids = check_plan(rid + "(inline)", plan)
        if pl and pl.get("task") != r.get("task"):
            bad("%s: task differs from its plan's task" % rid)
        variants[r["workflow"]].add(plan)
        lab = r["label"]
        steps = r["steps"]
        if not 8 <= len(steps) <= 16:
            bad("%s: %d steps (want 8-16)" % (rid, len(steps)))
        if lab.get("fault") is None:
            per_wf[r["workflow"]]["healthy"] += 1
            if lab.get("first_off_track_step") is not None:
                bad("%s: healthy run with an off-track step" % rid)
            if r["outcome"].get("success") is not True:
                bad("%s: healthy run must succeed" % rid)
        else:
            per_wf[r["workflow"]]["faulty"] += 1
            faults.add(lab["fault"])
            s = lab.get("first_off_track_step")
            if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < len(steps):
                bad("%s: first_off_track_step %r out of range" % (rid, s))
            if r["outcome"].get("success") is not False:
                bad("%s: faulty run must not succeed" % rid)
        prev = check_observation(rid + " initial", r["initial_observation"])
        prev_obs = r["initial_observation"]
        for i, st in enumerate(steps):
            where = "%s step %d" % (rid, i)
            a = st.get("action", {})
            if "command" not in a:
                bad("%s: action without command" % where)
                continue
            if a.get("effect") not in EFFECTS:
                bad("%s: effect %r" % (where, a.get("effect")))
            if st.get("commitment") is not None and st["commitment"] not in cids:
                bad("%s: commitment %r not in plan" % (where, st["commitment"]))
            cmd = a["command"]
            m = ACT_RE.match(cmd)
            if m:
                bid = m.group(2)
                if bid not in prev:
                    bad("%s: bid %s not on the page before the action" % (where, bid))
                else:
                    role, name, _ = prev[bid]
                    if a.get("target") != "%s %r" % (role, name):
                        bad("%s: target %r does not match node %s %r" % (where, a.get("target"), role, name))
                    if m.group(1) == "fill" and role not in ("textbox", "searchbox", "combobox"):
                        bad("%s: fill on a %s" % (where, role))
                    if m.group(1) == "select_option" and role not in ("combobox", "listbox"):
                        bad("%s: select_option on a %s" % (where, role))
                if m.group(1) in ("fill", "select_option"):
                    import ast
                    value = ast.literal_eval(m.group(3))
                    if repr(value) not in st["observation"]["text"]:
                        bad("%s: typed/selected value %r not visible on the next page" % (where, value))
            elif MSG_RE.match(cmd):
                if i != len(steps) - 1:
                    bad("%s: send_msg_to_user before the last step" % where)
            else:
                bad("%s: unrecognised command %r" % (where, cmd))
            prev = check_observation(where, st.get("observation", {}))
            # the page must change after an action (clock, value, toast...) unless it was a message
            if not MSG_RE.match(cmd) and st["observation"]["text"] == prev_obs["text"]:
                bad("%s: page identical to the previous one" % where)
            prev_obs = st["observation"]
        if not MSG_RE.match(steps[-1]["action"]["command"]):
            bad("%s: run does not end with a report to the user" % rid)
        last = steps[-2]["observation"]["text"] if len(steps) > 1 else ""
        if lab.get("fault") is None:
            if r["workflow"] == "checkout" and "'On rent'" not in last:
                bad("%s: healthy checkout does not end on an On rent contract" % rid)
            if r["workflow"] == "checkin" and "Returned · damage charges pending" not in last:
                bad("%s: healthy check-in does not end returned with charges pending" % rid)

    for wf, cnt in per_wf.items():
        if cnt["healthy"] != 4 or cnt["faulty"] != 6:
            bad("workflow %s: %d healthy / %d faulty (want 4/6)" % (wf, cnt["healthy"], cnt["faulty"]))
        if not 2 <= len(variants[wf]) <= 3:
            bad("workflow %s: %d task variants (want 2-3)" % (wf, len(variants[wf])))
    if len(per_wf) != 2:
        bad("want exactly 2 workflows, got %d" % len(per_wf))
    if len(faults) < 10:
        bad("only %d fault kinds (want >= 10)" % len(faults))
    used_plans = set(p for v in variants.values() for p in v)
    if used_plans != set(plans):
        bad("plans and variants differ: %s vs %s" % (sorted(plans), sorted(used_plans)))

    # determinism: regenerate into a temp dir and compare bytes
    sys.path.insert(0, HERE)
    import make_corpus
    with tempfile.TemporaryDirectory() as td:
        make_corpus.main(td)
        for rel in ["corpus.jsonl"] + sorted(plans):
            if open(os.path.join(td, rel), "rb").read() != open(os.path.join(HERE, rel), "rb").read():
                bad("%s: regenerating gives different bytes" % rel)

    if problems:
        for p in problems[:200]:
            print("PROBLEM:", p)
        print("%d problem(s)" % len(problems))
        return 1
    print("selftest OK: %d runs, %d plans, %d fault kinds: %s" % (len(runs), len(plans), len(faults), ", ".join(sorted(faults))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
