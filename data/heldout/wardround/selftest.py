#!/usr/bin/env python3
"""selftest.py -- stdlib checks that the WardRound corpus and plans follow FORMATS.md.

Run after make_corpus.py:  python3 selftest.py   (exit status 0 = all checks passed)
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}
LINE = re.compile(r"^\t*(\[[A-Za-z0-9]+\] )?[A-Za-z]+ (?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(, .*)?$")
BID_IN_CMD = re.compile(r"^(?:click|fill|select_option|press|hover|focus|clear|dblclick)\('([^']+)'")
EXPECTED_HEALTHY, EXPECTED_FAULTY = 8, 12

errors = []


def err(msg):
    errors.append(msg)


# ---------------------------------------------------------------------------
# A small YAML reader for the subset used by plans (block maps and sequences,
# plain and double-quoted scalars, comments).  Stdlib only.
# ---------------------------------------------------------------------------
def _scalar(s):
    s = s.strip()
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'"):
        return s[1:-1].replace("''", "'")
    if " #" in s:
        s = s.split(" #", 1)[0].rstrip()
    if s in ("null", "~", ""):
        return None
    if s in ("true", "false"):
        return s == "true"
    if s == "[]":
        return []
    if s == "{}":
        return {}
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    return s


KEY = re.compile(r"^([A-Za-z_][\w-]*|\"[^\"]+\"):(?: (.*))?$")


def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation: %r" % raw)
        lines.append([len(raw) - len(raw.lstrip(" ")), raw.strip()])

    def block(i, ind):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            return seq(i, ind)
        return mapping(i, ind)

    def seq(i, ind):
        out = []
        while i < len(lines) and lines[i][0] == ind and (lines[i][1].startswith("- ") or lines[i][1] == "-"):
            rest = lines[i][1][2:].strip() if lines[i][1] != "-" else ""
            if not rest:
                val, i = block(i + 1, lines[i + 1][0])
            elif KEY.match(rest):
                lines[i] = [ind + 2, rest]
                val, i = mapping(i, ind + 2)
            else:
                val, i = _scalar(rest), i + 1
            out.append(val)
        return out, i

    def mapping(i, ind):
        out = {}
        while i < len(lines) and lines[i][0] == ind and not lines[i][1].startswith("- "):
            m = KEY.match(lines[i][1])
            if not m:
                raise ValueError("cannot parse line: %r" % lines[i][1])
            key = m.group(1).strip('"')
            if key in out:
                raise ValueError("duplicate key %r" % key)
            rest = m.group(2)
            if rest is None or rest.strip() == "":
                nxt = lines[i + 1] if i + 1 < len(lines) else None
                if nxt and (nxt[0] > ind or (nxt[0] == ind and nxt[1].startswith("- "))):
                    out[key], i = block(i + 1, nxt[0])
                else:
                    out[key], i = None, i + 1
            else:
                out[key], i = _scalar(rest), i + 1
        return out, i

    val, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError("unparsed content from line: %r" % lines[i][1])
    return val


# ---------------------------------------------------------------------------
def check_evidence(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        err("%s: evidence must be a list" % where)
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                err("%s: empty evidence string" % where)
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                err("%s: evidence mapping without text" % where)
            if it.get("on", "state") not in ON:
                err("%s: evidence 'on' must be one of %s, got %r" % (where, sorted(ON), it.get("on")))
        else:
            err("%s: evidence item must be string or mapping" % where)


def check_plan(path, plan):
    ids = []
    if not isinstance(plan, dict):
        err("%s: plan is not a mapping" % path)
        return ids
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        err("%s: missing task" % path)
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict) or set(pf) - SCOPES:
        err("%s: plan_falsifiers must map scopes %s" % (path, sorted(SCOPES)))
    else:
        for sc, items in pf.items():
            check_evidence("%s plan_falsifiers.%s" % (path, sc), items)
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not cs:
        err("%s: commitments must be a non-empty list" % path)
        return ids
    for c in cs:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            err("%s: commitment without id" % path)
            continue
        if cid in ids:
            err("%s: duplicate commitment id %s" % (path, cid))
        ids.append(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            err("%s/%s: missing subgoal" % (path, cid))
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            err("%s/%s: confidence out of [0, 1]" % (path, cid))
        if "skill" in c and not isinstance(c["skill"], str):
            err("%s/%s: skill must be a string" % (path, cid))
        conf = c.get("confirm") or {}
        fal = c.get("falsify") or {}
        if not isinstance(conf, dict) or set(conf) - STAGES:
            err("%s/%s: confirm stages must be among %s" % (path, cid, sorted(STAGES)))
        else:
            for st, items in conf.items():
                check_evidence("%s/%s confirm.%s" % (path, cid, st), items)
        if not isinstance(fal, dict) or set(fal) - SCOPES:
            err("%s/%s: falsify scopes must be among %s" % (path, cid, sorted(SCOPES)))
        else:
            for sc, items in fal.items():
                check_evidence("%s/%s falsify.%s" % (path, cid, sc), items)
    return ids


def check_obs(where, o):
    if not isinstance(o, dict):
        err("%s: observation is not an object" % where)
        return
    for f in ("url", "title", "text", "error"):
        if f not in o:
            err("%s: observation missing %s" % (where, f))
    if not isinstance(o.get("url"), str) or not o["url"].startswith("http"):
        err("%s: bad url" % where)
    if not isinstance(o.get("title"), str) or not o["title"]:
        err("%s: empty title" % where)
    if o.get("error") is not None and not isinstance(o["error"], str):
        err("%s: error must be string or null" % where)
    text = o.get("text") or ""
    if not text.startswith("RootWebArea "):
        err("%s: text does not start with RootWebArea" % where)
    for ln in text.split("\n"):
        if not LINE.match(ln):
            err("%s: malformed AXTree line %r" % (where, ln[:80]))
            break


def bids(text):
    return set(re.findall(r"^\t*\[([A-Za-z0-9]+)\] ", text, re.M))


def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl missing; run make_corpus.py first")
        return 1
    plans, plan_ids = {}, {}
    runs = []
    with open(CORPUS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                err("line %d: blank line" % n)
                continue
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError as e:
                err("line %d: invalid JSON (%s)" % (n, e))
    seen = set()
    workflows = {}
    healthy = faulty = 0
    for r in runs:
        rid = r.get("id", "?")
        for fld in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if fld not in r:
                err("%s: missing field %s" % (rid, fld))
        if rid in seen:
            err("duplicate id %s" % rid)
        seen.add(rid)
        wf = r.get("workflow")
        workflows.setdefault(wf, []).append(rid)
        # plan
        pref = r.get("plan")
        if isinstance(pref, str):
            ppath = os.path.join(HERE, pref)
            if pref != "plans/%s.yaml" % wf:
                err("%s: plan %s is not plans/<workflow>.yaml" % (rid, pref))
            if not os.path.exists(ppath):
                err("%s: plan file %s does not exist" % (rid, pref))
                continue
            if pref not in plans:
                try:
                    with open(ppath, encoding="utf-8") as pf:
                        plans[pref] = parse_yaml(pf.read())
                except ValueError as e:
                    err("%s: cannot parse: %s" % (pref, e))
                    continue
                plan_ids[pref] = check_plan(pref, plans[pref])
            plan, ids = plans[pref], plan_ids[pref]
        elif isinstance(pref, dict):
            plan, ids = pref, check_plan(rid + " inline plan", pref)
        else:
            err("%s: plan must be a path or an object" % rid)
            continue
        if plan.get("task") != r.get("task"):
            err("%s: task differs from its plan's task" % rid)
        # steps and observations
        steps = r.get("steps") or []
        if not isinstance(steps, list) or not steps:
            err("%s: steps must be a non-empty list" % rid)
            continue
        check_obs(rid + " initial_observation", r["initial_observation"])
        prev = r["initial_observation"].get("text", "")
        for i, s in enumerate(steps):
            w = "%s step %d" % (rid, i)
            a = s.get("action")
            if not isinstance(a, dict) or not isinstance(a.get("command"), str) or not a["command"]:
                err("%s: action.command missing" % w)
                continue
            if a.get("effect") not in EFFECTS:
                err("%s: effect %r not in %s" % (w, a.get("effect"), sorted(EFFECTS)))
            if "commitment" in s and s["commitment"] not in ids:
                err("%s: commitment %r not in plan" % (w, s["commitment"]))
            m = BID_IN_CMD.match(a["command"])
            if m and m.group(1) not in bids(prev):
                err("%s: bid %s not on the page the agent saw" % (w, m.group(1)))
            check_obs(w, s.get("observation"))
            prev = (s.get("observation") or {}).get("text", "")
        # label
        lab = r.get("label") or {}
        if "fault" not in lab or "first_off_track_step" not in lab:
            err("%s: label needs fault and first_off_track_step" % rid)
            continue
        fault, k = lab["fault"], lab["first_off_track_step"]
        succ = (r.get("outcome") or {}).get("success")
        if not isinstance(succ, bool):
            err("%s: outcome.success must be a bool" % rid)
        if fault is None:
            healthy += 1
            if k is not None:
                err("%s: healthy run with a first_off_track_step" % rid)
            if succ is not True:
                err("%s: healthy run should succeed" % rid)
            if "-healthy-" not in rid:
                err("%s: healthy run id should say healthy" % rid)
        else:
            faulty += 1
            if not isinstance(fault, str) or not fault:
                err("%s: fault must be a non-empty string" % rid)
            if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < len(steps):
                err("%s: first_off_track_step %r outside 0..%d" % (rid, k, len(steps) - 1))
            if succ is not False:
                err("%s: faulty run should not succeed" % rid)
            if "-%s-" % fault not in rid:
                err("%s: id does not name its fault %s" % (rid, fault))
        last = steps[-1]["action"]["command"]
        if not last.startswith("send_msg_to_user("):
            err("%s: run should end with a report to the user" % rid)
    # corpus-level
    if healthy != EXPECTED_HEALTHY or faulty != EXPECTED_FAULTY:
        err("expected %d healthy / %d faulty runs, found %d / %d" % (EXPECTED_HEALTHY, EXPECTED_FAULTY, healthy, faulty))
    if len(workflows) != 2:
        err("expected 2 workflows, found %s" % sorted(workflows))
    for wf in workflows:
        if not os.path.exists(os.path.join(HERE, "plans", "%s.yaml" % wf)):
            err("workflow %s has no plans/%s.yaml" % (wf, wf))
    kinds = [r["label"]["fault"] for r in runs if r.get("label", {}).get("fault")]
    if len(set(kinds)) != len(kinds):
        err("fault kinds repeat: %s" % sorted(kinds))
    # README table lists every run with its label
    readme = os.path.join(HERE, "README.md")
    if os.path.exists(readme):
        text = open(readme, encoding="utf-8").read()
        for r in runs:
            lab = r["label"]
            row = re.search(r"^\|\s*`?%s`?\s*\|([^\n]*)$" % re.escape(r["id"]), text, re.M)
            if not row:
                err("README.md: no table row for %s" % r["id"])
                continue
            cells = [c.strip().strip("`") for c in row.group(1).split("|")]
            want_fault = lab["fault"] or "healthy"
            want_step = "-" if lab["first_off_track_step"] is None else str(lab["first_off_track_step"])
            if len(cells) < 2 or cells[0] != want_fault or cells[1] != want_step:
                err("README.md: row for %s says %s, corpus says %s / %s" % (r["id"], cells[:2], want_fault, want_step))
    else:
        err("README.md missing")
    if errors:
        for e in errors:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        return 1
    print("selftest OK: %d runs (%d healthy, %d faulty), %d workflows, plans: %s"
          % (len(runs), healthy, faulty, len(workflows), ", ".join(sorted(plans))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
