#!/usr/bin/env python3
"""Validate corpus.jsonl and plans/*.yaml against the fcpkit file-format contract (stdlib only).

Exits 0 when everything passes, 1 with a list of problems otherwise.
Checks: required fields and types, step indices and labels, evidence items and scopes, plan/trajectory
agreement (task text, commitment ids), BrowserGym-style observation text, action bids present in the
previous observation, and the corpus shape asked for (per workflow: 4 healthy, 6 faulty runs, distinct faults).
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROBLEMS = []
EFFECTS = {"read", "write", "irreversible"}
CONFIRM_STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}


def bad(where, msg):
    PROBLEMS.append("%s: %s" % (where, msg))


# ---------------------------------------------------------------- tiny YAML (block subset) reader
def _scalar(s):
    s = s.strip()
    if s == "":
        return None
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'"):
        return s[1:-1].replace("''", "'")
    if s.startswith("["):
        inner = s[1:-1].strip()
        return [] if not inner else [_scalar(x) for x in _split_flow(inner)]
    if s in ("null", "~"):
        return None
    if s in ("true", "false"):
        return s == "true"
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*(e-?\d+)?", s):
        return float(s)
    return s


def _split_flow(s):
    out, cur, q = [], "", None
    for ch in s:
        if q:
            cur += ch
            if ch == q and not cur.endswith("\\" + q):
                q = None
        elif ch in "\"'":
            q = ch
            cur += ch
        elif ch == ",":
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return out


def _split_key(content, where):
    m = re.match(r"([A-Za-z_][\w-]*):(\s+(.*))?$", content)
    if not m:
        raise ValueError("%s: cannot parse %r" % (where, content))
    return m.group(1), (m.group(3) or "")


def load_yaml(text, where):
    lines = []
    for n, raw in enumerate(text.splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("%s:%d: tab indentation" % (where, n))
        lines.append([len(raw) - len(raw.lstrip(" ")), raw.strip(), n])

    def block(i, ind):
        if i >= len(lines) or lines[i][0] != ind:
            return None, i
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            seq = []
            while i < len(lines) and lines[i][0] == ind and (lines[i][1].startswith("- ") or lines[i][1] == "-"):
                content = lines[i][1][2:].strip() if lines[i][1] != "-" else ""
                if content == "":
                    val, i = block(i + 1, lines[i + 1][0] if i + 1 < len(lines) else ind + 2)
                    seq.append(val)
                elif re.match(r"[A-Za-z_][\w-]*:(\s|$)", content) and not content.startswith('"'):
                    lines[i] = [ind + 2, content, lines[i][2]]
                    val, i = block(i, ind + 2)
                    seq.append(val)
                else:
                    seq.append(_scalar(content))
                    i += 1
            return seq, i
        mp = {}
        while i < len(lines) and lines[i][0] == ind and not lines[i][1].startswith("- "):
            k, rest = _split_key(lines[i][1], "%s:%d" % (where, lines[i][2]))
            if k in mp:
                raise ValueError("%s:%d: duplicate key %s" % (where, lines[i][2], k))
            if rest.strip() == "":
                if i + 1 < len(lines) and lines[i + 1][0] > ind:
                    mp[k], i = block(i + 1, lines[i + 1][0])
                elif i + 1 < len(lines) and lines[i + 1][0] == ind and lines[i + 1][1].startswith("- "):
                    mp[k], i = block(i + 1, ind)
                else:
                    mp[k] = None
                    i += 1
            else:
                mp[k] = _scalar(rest)
                i += 1
        return mp, i

    val, i = block(0, lines[0][0] if lines else 0)
    if i != len(lines):
        raise ValueError("%s:%d: unexpected indentation" % (where, lines[i][2]))
    return val


# ---------------------------------------------------------------- plan checks
def check_evidence_list(where, items):
    if not isinstance(items, list):
        bad(where, "evidence must be a list, got %r" % type(items).__name__)
        return
    for j, it in enumerate(items):
        w = "%s[%d]" % (where, j)
        if isinstance(it, str):
            if not it.strip():
                bad(w, "empty evidence string")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                bad(w, "mapping evidence needs a non-empty text")
            if "on" in it and it["on"] not in ON:
                bad(w, "on must be one of %s" % sorted(ON))
            extra = set(it) - {"text", "on"}
            if extra:
                bad(w, "unexpected keys %s" % sorted(extra))
        else:
            bad(w, "evidence item must be a string or {text, on}")


def check_plan(where, plan):
    if not isinstance(plan, dict):
        bad(where, "plan must be a mapping")
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        bad(where, "task must be a non-empty string")
    pf = plan.get("plan_falsifiers", {})
    if not isinstance(pf, dict):
        bad(where, "plan_falsifiers must be a mapping of scope -> evidence list")
    else:
        for sc, items in pf.items():
            if sc not in SCOPES:
                bad(where, "plan_falsifiers scope %r not in %s" % (sc, sorted(SCOPES)))
            check_evidence_list("%s.plan_falsifiers.%s" % (where, sc), items)
        texts = [x if isinstance(x, str) else x.get("text", "") for v in pf.values() for x in (v or [])]
        if not any(t.startswith("Sign in to ") for t in texts):
            bad(where, "expected a plan-level 'Sign in to <Product>' falsifier")
    cs = plan.get("commitments")
    ids = set()
    if not isinstance(cs, list) or not cs:
        bad(where, "commitments must be a non-empty list")
        return ids
    for k, c in enumerate(cs):
        w = "%s.commitments[%d]" % (where, k)
        if not isinstance(c, dict):
            bad(w, "commitment must be a mapping")
            continue
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            bad(w, "id must be a non-empty string")
        elif cid in ids:
            bad(w, "duplicate id %r" % cid)
        else:
            ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            bad(w, "subgoal must be a non-empty string")
        if "skill" in c and not isinstance(c["skill"], str):
            bad(w, "skill must be a string")
        conf = c.get("confidence", 0.5)
        if isinstance(conf, bool) or not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            bad(w, "confidence must be a number in [0, 1]")
        for field, allowed in (("confirm", CONFIRM_STAGES), ("falsify", SCOPES)):
            d = c.get(field, {})
            if not isinstance(d, dict):
                bad(w, "%s must be a mapping" % field)
                continue
            for st, items in d.items():
                if st not in allowed:
                    bad(w, "%s key %r not in %s" % (field, st, sorted(allowed)))
                check_evidence_list("%s.%s.%s" % (w, field, st), items)
        if not any(c.get("confirm", {}).get(s) for s in CONFIRM_STAGES) and not any(c.get("falsify", {}).values()):
            bad(w, "commitment has no evidence at all")
    return ids


# ---------------------------------------------------------------- observation / action checks
LINE_RE = re.compile(r"^(\t*)(?:\[(\w+)\] ([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(, .*)?|"
                     r"StaticText ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"))$")
CMD_RE = re.compile(r"^(click|check|uncheck|fill|select_option|press)\('(\w+)'(?:, (.+))?\)$|"
                    r"^send_msg_to_user\((.+)\)$|^go_back\(\)$|^noop\(\)$")


def parse_tree(where, text):
    bids = {}
    lines = text.split("\n")
    if not lines or not lines[0].startswith("RootWebArea "):
        bad(where, "text must start with a RootWebArea line")
    prev_depth = 0
    for n, ln in enumerate(lines[1:], 2):
        m = LINE_RE.match(ln)
        if not m:
            bad(where, "line %d is not a flattened AXTree node: %r" % (n, ln[:80]))
            continue
        depth = len(m.group(1))
        if depth < 1 or depth > prev_depth + 1:
            bad(where, "line %d jumps indentation" % n)
        prev_depth = depth
        if m.group(2):
            if m.group(2) in bids:
                bad(where, "duplicate bid %s" % m.group(2))
            bids[m.group(2)] = "%s %s" % (m.group(3), m.group(4))
    return bids


def check_obs(where, obs, product, version):
    if not isinstance(obs, dict):
        bad(where, "observation must be an object")
        return {}
    for f in ("url", "title", "text"):
        if not isinstance(obs.get(f), str) or not obs[f]:
            bad(where, "%s must be a non-empty string" % f)
    if "error" not in obs or not (obs["error"] is None or isinstance(obs["error"], str)):
        bad(where, "error must be present and null or a string")
    for opt in ("tabs", "screenshot"):
        if opt in obs and obs[opt] is not None:
            if opt == "tabs" and not (isinstance(obs[opt], list) and all(isinstance(x, dict) and "url" in x and "title" in x for x in obs[opt])):
                bad(where, "tabs must be a list of {url, title}")
            if opt == "screenshot" and not isinstance(obs[opt], str):
                bad(where, "screenshot must be a path string")
    text = obs.get("text") or ""
    bids = parse_tree(where, text)
    for need in ("banner ''", "navigation 'Main'", "navigation 'Breadcrumb'", "contentinfo ''", "status ''",
                 "link '%s — home'" % product, "%s %s" % (product, version), "complementary 'Recently viewed'"):
        if need not in text:
            bad(where, "page furniture missing: %s" % need)
    if len(text.split("\n")) < 80:
        bad(where, "page suspiciously short (%d lines)" % len(text.split("\n")))
    return bids


def check_action(where, act, prev_bids):
    if not isinstance(act, dict):
        bad(where, "action must be an object")
        return
    for f in ("command", "reasoning", "target", "effect"):
        if not isinstance(act.get(f), str):
            bad(where, "action.%s must be a string" % f)
    if act.get("effect") not in EFFECTS:
        bad(where, "action.effect must be one of %s" % sorted(EFFECTS))
    m = CMD_RE.match(act.get("command", ""))
    if not m:
        bad(where, "unrecognised BrowserGym command %r" % act.get("command"))
        return
    if m.group(2):
        bid = m.group(2)
        if bid not in prev_bids:
            bad(where, "command refers to bid %s not present on the previous page" % bid)
        elif prev_bids[bid] != act.get("target"):
            bad(where, "target %r does not match bid %s = %r" % (act.get("target"), bid, prev_bids[bid]))


# ---------------------------------------------------------------- corpus
def main():
    corpus = os.path.join(HERE, "corpus.jsonl")
    plans = {}
    plan_dir = os.path.join(HERE, "plans")
    for fn in sorted(os.listdir(plan_dir)):
        if not fn.endswith((".yaml", ".yml", ".json")):
            continue
        path = os.path.join(plan_dir, fn)
        try:
            with open(path, encoding="utf-8") as f:
                txt = f.read()
            plan = json.loads(txt) if fn.endswith(".json") else load_yaml(txt, "plans/" + fn)
        except Exception as e:  # noqa: BLE001
            bad("plans/" + fn, "does not load: %s" % e)
            continue
        ids = check_plan("plans/" + fn, plan)
        plans["plans/" + fn] = (plan, ids)
    if not plans:
        bad("plans", "no plan files")

    product, version = "Shearline Front Desk", "4.12.3"
    seen, per_wf, used_plans = set(), {}, set()
    with open(corpus, encoding="utf-8") as f:
        raw_lines = f.read().split("\n")
    if raw_lines and raw_lines[-1] == "":
        raw_lines.pop()
    for n, line in enumerate(raw_lines, 1):
        where = "corpus.jsonl:%d" % n
        try:
            tr = json.loads(line)
        except ValueError as e:
            bad(where, "not JSON: %s" % e)
            continue
        if json.dumps(tr, ensure_ascii=False) != line:
            bad(where, "line does not round-trip through json unchanged")
        if not isinstance(tr, dict):
            bad(where, "trajectory must be an object")
            continue
        tid = tr.get("id")
        where = "%s (%s)" % (where, tid)
        if not isinstance(tid, str) or not tid:
            bad(where, "id must be a non-empty string")
        elif tid in seen:
            bad(where, "duplicate id")
        seen.add(tid)
        for fld in ("workflow", "task"):
            if not isinstance(tr.get(fld), str) or not tr[fld]:
                bad(where, "%s must be a non-empty string" % fld)
        plan_ids = set()
        p = tr.get("plan")
        if isinstance(p, str):
            if p not in plans:
                bad(where, "plan path %r does not resolve to a loaded plan file" % p)
            else:
                used_plans.add(p)
                plan, plan_ids = plans[p]
                if plan.get("task") != tr.get("task"):
                    bad(where, "task differs from the plan's task")
        elif isinstance(p, dict):
            plan_ids = check_plan(where + ".plan", p)
        else:
            bad(where, "plan must be a path or an inline plan object")
        lab = tr.get("label")
        steps = tr.get("steps")
        if not isinstance(steps, list) or not steps:
            bad(where, "steps must be a non-empty list")
            steps = []
        if not isinstance(lab, dict) or "fault" not in lab or "first_off_track_step" not in lab:
            bad(where, "label needs fault and first_off_track_step")
            lab = {"fault": None, "first_off_track_step": None}
        fault, off = lab["fault"], lab["first_off_track_step"]
        if fault is None:
            if off is not None:
                bad(where, "healthy trajectory must have first_off_track_step null")
        else:
            if not isinstance(fault, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", fault):
                bad(where, "fault must be a snake_case string")
            if isinstance(off, bool) or not isinstance(off, int) or not 0 <= off < len(steps):
                bad(where, "first_off_track_step %r is not an index into steps (0..%d)" % (off, len(steps) - 1))
            if isinstance(tid, str) and fault not in tid:
                bad(where, "id should name the fault")
        out = tr.get("outcome")
        if not isinstance(out, dict) or not isinstance(out.get("success"), bool):
            bad(where, "outcome.success must be a bool")
        elif out["success"] != (fault is None):
            bad(where, "outcome.success should be true exactly for healthy runs")
        prev = check_obs(where + ".initial_observation", tr.get("initial_observation"), product, version)
        for i, st in enumerate(steps):
            w = "%s.steps[%d]" % (where, i)
            if not isinstance(st, dict):
                bad(w, "step must be an object")
                continue
            if "commitment" in st and st["commitment"] not in plan_ids:
                bad(w, "commitment %r is not an id in the plan" % st["commitment"])
            check_action(w, st.get("action"), prev)
            prev = check_obs(w + ".observation", st.get("observation"), product, version)
        if steps and not steps[-1].get("action", {}).get("command", "").startswith("send_msg_to_user("):
            bad(where, "run should end with the agent's report to the user")
        per_wf.setdefault(tr.get("workflow"), []).append(fault)

    for p in plans:
        if p not in used_plans:
            bad(p, "plan file not used by any trajectory")
    if set(per_wf) != {"colour", "returns"}:
        bad("corpus", "expected workflows colour and returns, got %s" % sorted(map(str, per_wf)))
    for wf, faults in per_wf.items():
        healthy = [x for x in faults if x is None]
        bad_ = [x for x in faults if x is not None]
        if len(healthy) != 4 or len(bad_) != 6:
            bad("corpus", "workflow %s: %d healthy / %d faulty (want 4 / 6)" % (wf, len(healthy), len(bad_)))
        if len(set(bad_)) != len(bad_):
            bad("corpus", "workflow %s repeats a fault kind" % wf)

    if PROBLEMS:
        print("selftest: %d problem(s)" % len(PROBLEMS))
        for p in PROBLEMS[:200]:
            print("  - " + p)
        return 1
    print("selftest: OK — %d trajectories, %d plans" % (len(seen), len(plans)))
    for wf in sorted(per_wf):
        print("  %s: %d healthy, faults: %s" % (wf, per_wf[wf].count(None), ", ".join(x for x in per_wf[wf] if x)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
