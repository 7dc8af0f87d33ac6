#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow /work/shared/FORMATS.md.

Run after make_corpus.py:  python3 selftest.py
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
EFFECTS = {"read", "write", "irreversible"}
ON = {"state", "action", "both"}
LINE_RE = re.compile(r"^\t*(RootWebArea '.*'(, focused)?|StaticText (['\"]).*\3|\[a\d+\] [A-Za-z]+ (['\"]).*)$")
BID_RE = re.compile(r"^(?:click|fill|select_option|press|hover|focus|clear|dblclick)\('([^']+)'")
FAILS = []


def check(cond, msg):
    if not cond:
        FAILS.append(msg)
    return cond


# ---------------------------------------------------------------- minimal YAML subset reader
def parse_yaml(text):
    """Block mappings/sequences, quoted or plain scalars, full-line comments."""
    lines = []
    for raw in text.splitlines():
        s = raw.rstrip()
        if not s.strip() or s.lstrip().startswith("#"):
            continue
        if "\t" in s[: len(s) - len(s.lstrip())]:
            raise ValueError("tab indentation: %r" % raw)
        lines.append([len(s) - len(s.lstrip(" ")), s.strip()])
    pos = [0]

    def scalar(v):
        if v.startswith('"'):
            return json.loads(v)
        if v.startswith("'"):
            return v[1:-1].replace("''", "'")
        if v in ("null", "~"):
            return None
        if v in ("true", "false"):
            return v == "true"
        for cast in (int, float):
            try:
                return cast(v)
            except ValueError:
                pass
        return v

    def is_item(s):
        return s == "-" or s.startswith("- ")

    def split_key(s):
        """Return (key, rest) for 'key: rest' / '"key": rest', else None."""
        if s.startswith('"'):
            end = s.find('"', 1)
            if end < 0 or not s[end + 1:].startswith(":"):
                return None
            k, rest = s[1:end], s[end + 2:]
        else:
            k, sep, rest = s.partition(":")
            if not sep or " #" in k:
                return None
        if rest and not rest.startswith(" "):
            return None
        return k.strip(), rest.strip()

    def is_key(s):
        return split_key(s) is not None

    def block(ind):
        return seq(ind) if is_item(lines[pos[0]][1]) else mapping(ind)

    def mapping(ind):
        d = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and not is_item(lines[pos[0]][1]):
            s = lines[pos[0]][1]
            if not is_key(s):
                raise ValueError("expected 'key:' at %r" % s)
            k, v = split_key(s)
            if k in d:
                raise ValueError("duplicate key %r" % k)
            pos[0] += 1
            if v:
                d[k] = scalar(v)
            elif pos[0] < len(lines) and lines[pos[0]][0] > ind:
                d[k] = block(lines[pos[0]][0])
            elif pos[0] < len(lines) and lines[pos[0]][0] == ind and is_item(lines[pos[0]][1]):
                d[k] = seq(ind)
            else:
                d[k] = None
        if pos[0] < len(lines) and lines[pos[0]][0] > ind:
            raise ValueError("bad indentation at %r" % lines[pos[0]][1])
        return d

    def seq(ind):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and is_item(lines[pos[0]][1]):
            item = lines[pos[0]][1][1:].strip()
            if is_key(item):
                lines[pos[0]] = [ind + 2, item]
                out.append(mapping(ind + 2))
            else:
                pos[0] += 1
                out.append(scalar(item))
        return out

    result = block(lines[0][0]) if lines else None
    if pos[0] != len(lines):
        raise ValueError("unparsed content at %r" % lines[pos[0]][1])
    return result


# ---------------------------------------------------------------- plan checks
def check_evidence(items, where):
    if not check(isinstance(items, list), "%s: evidence must be a list" % where):
        return
    for it in items:
        if isinstance(it, str):
            check(it.strip() != "", "%s: empty evidence string" % where)
        elif isinstance(it, dict):
            check(isinstance(it.get("text"), str) and it["text"].strip(), "%s: evidence mapping needs text" % where)
            check(it.get("on", "state") in ON, "%s: bad 'on' %r" % (where, it.get("on")))
            check(set(it) <= {"text", "on"}, "%s: unexpected evidence keys %s" % (where, set(it)))
        else:
            check(False, "%s: evidence item must be str or mapping" % where)


def check_plan(path):
    name = os.path.relpath(path, HERE)
    try:
        with open(path, encoding="utf-8") as f:
            plan = parse_yaml(f.read())
    except (OSError, ValueError) as e:
        check(False, "%s: cannot load: %s" % (name, e))
        return None
    check(isinstance(plan, dict), "%s: plan must be a mapping" % name)
    check(isinstance(plan.get("task"), str) and plan["task"], "%s: task missing" % name)
    pf = plan.get("plan_falsifiers") or {}
    check(isinstance(pf, dict) and set(pf) <= SCOPES, "%s: plan_falsifiers scopes %s" % (name, set(pf)))
    for scope, items in pf.items():
        check_evidence(items, "%s plan_falsifiers.%s" % (name, scope))
    cms = plan.get("commitments")
    if not check(isinstance(cms, list) and cms, "%s: commitments missing" % name):
        return plan
    ids = [c.get("id") for c in cms]
    check(len(ids) == len(set(ids)) and all(ids), "%s: commitment ids missing or not unique" % name)
    for c in cms:
        where = "%s[%s]" % (name, c.get("id"))
        check(isinstance(c.get("subgoal"), str) and c["subgoal"], "%s: subgoal missing" % where)
        conf = c.get("confidence", 0.5)
        check(isinstance(conf, (int, float)) and 0 <= conf <= 1, "%s: confidence out of [0,1]" % where)
        check("skill" not in c or isinstance(c["skill"], str), "%s: skill must be a string" % where)
        confirm, falsify = c.get("confirm") or {}, c.get("falsify") or {}
        check(set(confirm) <= STAGES, "%s: confirm stages %s" % (where, set(confirm)))
        check(set(falsify) <= SCOPES, "%s: falsify scopes %s" % (where, set(falsify)))
        for k, v in confirm.items():
            check_evidence(v or [], "%s confirm.%s" % (where, k))
        for k, v in falsify.items():
            check_evidence(v or [], "%s falsify.%s" % (where, k))
    return plan


# ---------------------------------------------------------------- corpus checks
def check_obs(obs, where):
    if not check(isinstance(obs, dict), "%s: observation must be an object" % where):
        return ""
    for k in ("url", "title", "text", "error"):
        check(k in obs, "%s: observation.%s missing" % (where, k))
    check(isinstance(obs.get("url"), str) and obs["url"].startswith("http"), "%s: bad url" % where)
    check(isinstance(obs.get("title"), str) and obs["title"], "%s: bad title" % where)
    check(obs.get("error") is None or isinstance(obs["error"], str), "%s: bad error" % where)
    text = obs.get("text") or ""
    lines = text.split("\n")
    check(lines[0].startswith("RootWebArea"), "%s: tree must start with RootWebArea" % where)
    bids = []
    for ln in lines:
        if not LINE_RE.match(ln):
            check(False, "%s: not an AXTree line: %r" % (where, ln[:80]))
            break
        m = re.match(r"^\t*\[(a\d+)\]", ln)
        if m:
            bids.append(m.group(1))
    check(len(bids) == len(set(bids)), "%s: duplicate bids in one page" % where)
    return text


def main():
    corpus = os.path.join(HERE, "corpus.jsonl")
    plans, runs = {}, []
    with open(corpus, encoding="utf-8") as f:
        raw_lines = [ln.rstrip("\n") for ln in f if ln.strip()]
    for i, ln in enumerate(raw_lines):
        try:
            run = json.loads(ln)
        except ValueError as e:
            check(False, "line %d: invalid JSON: %s" % (i + 1, e))
            continue
        check(json.dumps(run, ensure_ascii=False) == ln, "line %d: does not round-trip byte-for-byte" % (i + 1))
        runs.append(run)

    ids = [r.get("id") for r in runs]
    check(len(ids) == len(set(ids)), "run ids not unique")
    for run in runs:
        rid = run.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in run, "%s: field %s missing" % (rid, k))
        wf = run.get("workflow")
        check(rid.startswith("%s-" % wf), "%s: id should start with the workflow" % rid)
        ppath = run.get("plan")
        if isinstance(ppath, str):
            full = os.path.join(HERE, ppath)
            if check(os.path.isfile(full), "%s: plan %s does not exist" % (rid, ppath)):
                if full not in plans:
                    plans[full] = check_plan(full)
                plan = plans[full]
        else:
            plan = ppath
        if isinstance(plan, dict):
            check(plan.get("task") == run.get("task"), "%s: task differs from its plan's task" % rid)
            cids = {c.get("id") for c in plan.get("commitments") or []}
        else:
            cids = set()

        steps = run.get("steps") or []
        check(isinstance(steps, list) and steps, "%s: steps missing" % rid)
        label = run.get("label") or {}
        check(set(label) >= {"fault", "first_off_track_step"}, "%s: label fields missing" % rid)
        fault, fs = label.get("fault"), label.get("first_off_track_step")
        success = (run.get("outcome") or {}).get("success")
        check(isinstance(success, bool), "%s: outcome.success must be bool" % rid)
        if fault is None:
            check(fs is None, "%s: healthy run with a fault step" % rid)
            check("-healthy-" in rid, "%s: healthy run id should say healthy" % rid)
            check(success is True, "%s: healthy run should succeed" % rid)
        else:
            check(isinstance(fault, str) and re.match(r"^[a-z_]+$", fault), "%s: bad fault kind" % rid)
            check(isinstance(fs, int) and not isinstance(fs, bool) and 0 <= fs < len(steps),
                  "%s: first_off_track_step %r out of range" % (rid, fs))
            check("-%s-" % fault in rid, "%s: id does not name its fault %s" % (rid, fault))
            check(success is False, "%s: faulty run should not succeed" % rid)

        prev = check_obs(run.get("initial_observation"), "%s initial" % rid)
        for j, st in enumerate(steps):
            where = "%s step %d" % (rid, j)
            act = st.get("action") or {}
            check(isinstance(act.get("command"), str) and act["command"], "%s: action.command missing" % where)
            check(act.get("effect") in EFFECTS, "%s: bad effect %r" % (where, act.get("effect")))
            if "commitment" in st:
                check(st["commitment"] in cids, "%s: unknown commitment %r" % (where, st["commitment"]))
            m = BID_RE.match(act.get("command", ""))
            if m:
                check("[%s] " % m.group(1) in prev, "%s: bid %s not on the previous page" % (where, m.group(1)))
                tgt = act.get("target", "")
                check(any(ln.strip().startswith("[%s] %s" % (m.group(1), tgt)) for ln in prev.split("\n")),
                      "%s: target %r does not match bid %s" % (where, tgt, m.group(1)))
            prev = check_obs(st.get("observation"), where)
        if fault is not None and isinstance(fs, int) and 0 <= fs < len(steps):
            # the run must end with the agent's report, so the fault stays quiet up to the end
            check(steps[-1]["action"]["command"].startswith("send_msg_to_user("), "%s: last step should be a report" % rid)

    # corpus shape required by the brief
    healthy = [r for r in runs if (r.get("label") or {}).get("fault") is None]
    faulty = [r for r in runs if (r.get("label") or {}).get("fault") is not None]
    check(len(runs) == 20, "expected 20 runs, got %d" % len(runs))
    check(len(healthy) == 8 and len(faulty) == 12, "expected 8 healthy / 12 faulty")
    wfs = {}
    for r in runs:
        wfs[r.get("workflow")] = wfs.get(r.get("workflow"), 0) + 1
    check(len(wfs) == 2 and all(8 <= n <= 12 for n in wfs.values()), "workflow split %s" % wfs)
    kinds = [r["label"]["fault"] for r in faulty]
    check(len(set(kinds)) == len(kinds), "fault kinds repeat: %s" % kinds)
    for wf in wfs:
        check(os.path.isfile(os.path.join(HERE, "plans", "%s.yaml" % wf)), "plans/%s.yaml missing" % wf)

    # README label table agrees with the corpus
    readme = os.path.join(HERE, "README.md")
    if check(os.path.isfile(readme), "README.md missing"):
        rows = {}
        for ln in open(readme, encoding="utf-8"):
            m = re.match(r"^\|\s*`?([a-z]+-[a-z_]+-\d\d)`?\s*\|\s*([a-z_]+)\s*\|\s*([0-9]+|—|-)\s*\|", ln)
            if m:
                rows[m.group(1)] = (m.group(2), m.group(3))
        for r in runs:
            want = ("healthy", "—") if r["label"]["fault"] is None else (r["label"]["fault"], str(r["label"]["first_off_track_step"]))
            got = rows.get(r["id"])
            check(got is not None and (got[0], got[1].replace("-", "—")) == want,
                  "README row for %s is %r, corpus says %r" % (r["id"], got, want))
        check(set(rows) == set(ids), "README lists runs not in the corpus: %s" % (set(rows) - set(ids)))

    if FAILS:
        for msg in FAILS:
            print("FAIL:", msg)
        print("%d problem(s)" % len(FAILS))
        return 1
    print("ok: %d runs (%d healthy, %d faulty), %d plans, workflows %s"
          % (len(runs), len(healthy), len(faulty), len(plans), dict(sorted(wfs.items()))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
