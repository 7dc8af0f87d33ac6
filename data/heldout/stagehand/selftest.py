#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow /work/shared/FORMATS.md.

Run after make_corpus.py:  python3 selftest.py
Exits non-zero with a list of problems if anything is off.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")

STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
EFFECTS = {"read", "write", "irreversible"}
ON_VALUES = {"state", "action", "both"}
AX_LINE = re.compile(r"^(\t*)(?:\[([A-Za-z0-9]+)\] )?([A-Za-z]+) (?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
BID_IN_CMD = re.compile(r"^(click|fill|select_option|press|hover|focus|clear|dblclick)\('([^']+)'")

problems = []


def fail(msg):
    problems.append(msg)


# --------------------------------------------------------------------------
# A small YAML-subset reader (block maps/lists, flow [..] and {..}, quoted
# and plain scalars, comments): enough for hand-written plan files.
# --------------------------------------------------------------------------
class YamlError(ValueError):
    pass


def _strip_comment(line):
    out, q, depth = [], None, 0
    for i, ch in enumerate(line):
        if q:
            out.append(ch)
            if ch == "\\" and q == '"':
                continue
            if ch == q:
                q = None
            continue
        if ch in "\"'" and (i == 0 or line[i - 1] in " [{,:-"):
            q = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        out.append(ch)
    return "".join(out).rstrip()


def _scalar(tok):
    tok = tok.strip()
    if tok == "":
        return None
    if tok[0] == '"':
        return json.loads(tok)
    if tok[0] == "'":
        return tok[1:-1].replace("''", "'")
    low = tok.lower()
    if low in ("true", "false"):
        return low == "true"
    if low in ("null", "~"):
        return None
    if re.fullmatch(r"[-+]?\d+", tok):
        return int(tok)
    if re.fullmatch(r"[-+]?(\d+\.\d*|\.\d+)([eE][-+]?\d+)?", tok):
        return float(tok)
    return tok


def _flow(s, i=0):
    """Parse a flow value starting at s[i]; return (value, next index)."""
    while i < len(s) and s[i] == " ":
        i += 1
    if i >= len(s):
        raise YamlError("unexpected end of flow value: %r" % s)
    ch = s[i]
    if ch == "[":
        out, i = [], i + 1
        while True:
            while i < len(s) and s[i] in " ,":
                i += 1
            if i >= len(s):
                raise YamlError("unclosed [ in %r" % s)
            if s[i] == "]":
                return out, i + 1
            v, i = _flow(s, i)
            out.append(v)
    if ch == "{":
        out, i = {}, i + 1
        while True:
            while i < len(s) and s[i] in " ,":
                i += 1
            if i >= len(s):
                raise YamlError("unclosed { in %r" % s)
            if s[i] == "}":
                return out, i + 1
            k, i = _flow(s, i)
            while i < len(s) and s[i] == " ":
                i += 1
            if i >= len(s) or s[i] != ":":
                raise YamlError("expected ':' in flow mapping %r" % s)
            v, i = _flow(s, i + 1)
            out[k] = v
    if ch in "\"'":
        j = i + 1
        while j < len(s):
            if ch == '"' and s[j] == "\\":
                j += 2
                continue
            if s[j] == ch:
                if ch == "'" and j + 1 < len(s) and s[j + 1] == "'":
                    j += 2
                    continue
                break
            j += 1
        return _scalar(s[i:j + 1]), j + 1
    j = i
    while j < len(s) and s[j] not in ",]}" and not (s[j] == ":" and (j + 1 == len(s) or s[j + 1] == " ")):
        j += 1
    return _scalar(s[i:j]), j


def _value(tok):
    tok = tok.strip()
    if tok[:1] in ("[", "{"):
        v, j = _flow(tok)
        if tok[j:].strip():
            raise YamlError("trailing text after flow value: %r" % tok)
        return v
    return _scalar(tok)


def _split_key(content):
    q = None
    for i, ch in enumerate(content):
        if q:
            if ch == q:
                q = None
            continue
        if ch in "\"'" and i == 0:
            q = ch
        elif ch == ":" and (i + 1 == len(content) or content[i + 1] == " "):
            return _scalar(content[:i]), content[i + 1:].strip()
        elif ch in "[{" and i == 0:
            return None
    return None


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        if "\t" in raw[:len(raw) - len(raw.lstrip())]:
            raise YamlError("tab indentation")
        s = _strip_comment(raw)
        if s.strip():
            lines.append((len(s) - len(s.lstrip(" ")), s.strip()))

    def block(i, ind):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            out = []
            while i < len(lines) and lines[i][0] == ind and (lines[i][1].startswith("- ") or lines[i][1] == "-"):
                item = lines[i][1][1:].strip()
                kv = _split_key(item) if item else None
                if kv is not None:
                    lines[i] = (ind + 2, item)
                    v, i = block(i, ind + 2)
                elif item:
                    v, i = _value(item), i + 1
                else:
                    v, i = block(i + 1, lines[i + 1][0])
                out.append(v)
            return out, i
        out = {}
        while i < len(lines) and lines[i][0] == ind:
            kv = _split_key(lines[i][1])
            if kv is None:
                raise YamlError("expected 'key: value', got %r" % lines[i][1])
            k, rest = kv
            if k in out:
                raise YamlError("duplicate key %r" % k)
            if rest:
                out[k], i = _value(rest), i + 1
            elif i + 1 < len(lines) and (lines[i + 1][0] > ind or
                                         (lines[i + 1][0] == ind and lines[i + 1][1].startswith("- "))):
                out[k], i = block(i + 1, lines[i + 1][0])
            else:
                out[k], i = None, i + 1
        return out, i

    if not lines:
        return None
    v, i = block(0, lines[0][0])
    if i != len(lines):
        raise YamlError("could not parse from line %r" % (lines[i][1],))
    return v


# --------------------------------------------------------------------------
# Plan checks
# --------------------------------------------------------------------------
def check_evidence(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        fail("%s: evidence must be a list" % where)
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                fail("%s: empty evidence string" % where)
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                fail("%s: evidence mapping needs non-empty text: %r" % (where, it))
            if set(it) - {"text", "on"}:
                fail("%s: unknown keys in evidence mapping %r" % (where, it))
            if it.get("on", "state") not in ON_VALUES:
                fail("%s: evidence 'on' must be state|action|both: %r" % (where, it))
        else:
            fail("%s: evidence item must be a string or a mapping: %r" % (where, it))


def check_plan(name, plan):
    if not isinstance(plan, dict):
        fail("%s: plan is not a mapping" % name)
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        fail("%s: plan needs a task" % name)
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict) or set(pf) - SCOPES:
        fail("%s: plan_falsifiers scopes must be among %s" % (name, sorted(SCOPES)))
    else:
        for sc, items in pf.items():
            check_evidence("%s plan_falsifiers.%s" % (name, sc), items)
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not cs:
        fail("%s: commitments must be a non-empty list" % name)
        return set()
    ids = set()
    for c in cs:
        cid = c.get("id") if isinstance(c, dict) else None
        if not isinstance(cid, str) or not cid:
            fail("%s: commitment without id: %r" % (name, c))
            continue
        if cid in ids:
            fail("%s: duplicate commitment id %s" % (name, cid))
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            fail("%s/%s: subgoal missing" % (name, cid))
        if "skill" in c and not isinstance(c["skill"], str):
            fail("%s/%s: skill must be a string" % (name, cid))
        conf = c.get("confidence", 0.5)
        if isinstance(conf, bool) or not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail("%s/%s: confidence must be in [0, 1]" % (name, cid))
        conf_ = c.get("confirm") or {}
        fal = c.get("falsify") or {}
        if not isinstance(conf_, dict) or set(conf_) - STAGES:
            fail("%s/%s: confirm stages must be among %s" % (name, cid, sorted(STAGES)))
        else:
            for st, items in conf_.items():
                check_evidence("%s/%s confirm.%s" % (name, cid, st), items)
        if not isinstance(fal, dict) or set(fal) - SCOPES:
            fail("%s/%s: falsify scopes must be among %s" % (name, cid, sorted(SCOPES)))
        else:
            for sc, items in fal.items():
                check_evidence("%s/%s falsify.%s" % (name, cid, sc), items)
    return ids


# --------------------------------------------------------------------------
# Corpus checks
# --------------------------------------------------------------------------
def check_observation(where, obs):
    if not isinstance(obs, dict):
        fail("%s: observation is not an object" % where)
        return set()
    for k in ("url", "title", "text"):
        if not isinstance(obs.get(k), str) or not obs[k]:
            fail("%s: observation.%s missing" % (where, k))
    if "error" not in obs or not (obs["error"] is None or isinstance(obs["error"], str)):
        fail("%s: observation.error must be present (null or string)" % where)
    text = obs.get("text") or ""
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        fail("%s: AXTree must start with RootWebArea" % where)
    bids = set()
    for ln in lines[1:]:
        m = AX_LINE.match(ln)
        if not m:
            fail("%s: malformed AXTree line %r" % (where, ln[:80]))
            continue
        if m.group(2):
            if m.group(2) in bids:
                fail("%s: duplicate bid %s" % (where, m.group(2)))
            bids.add(m.group(2))
    return bids


def main():
    # Regeneration is deterministic and matches what is on disk.
    sys.dont_write_bytecode = True
    sys.path.insert(0, HERE)
    import make_corpus  # noqa: E402  (stdlib-only generator in this folder)
    plans_txt, lines_expected, _ = make_corpus.build()

    plans = {}
    for wf, text in plans_txt.items():
        path = os.path.join(HERE, "plans", wf + ".yaml")
        if not os.path.exists(path):
            fail("missing plan file %s" % path)
            continue
        with open(path, encoding="utf-8") as f:
            disk = f.read()
        if disk != text:
            fail("plans/%s.yaml differs from a fresh generation" % wf)
        try:
            plans["plans/%s.yaml" % wf] = load_yaml(disk)
        except YamlError as e:
            fail("plans/%s.yaml: %s" % (wf, e))
    try:
        import yaml  # optional cross-check, not required
        for rel, parsed in plans.items():
            with open(os.path.join(HERE, rel), encoding="utf-8") as f:
                ref = yaml.safe_load(f)
            if ref != parsed:
                fail("%s: stdlib reader and PyYAML disagree" % rel)
    except ImportError:
        pass
    plan_ids = {rel: check_plan(rel, p) for rel, p in plans.items()}

    with open(CORPUS, encoding="utf-8") as f:
        raw = [ln.rstrip("\n") for ln in f if ln.strip()]
    if raw != lines_expected:
        fail("corpus.jsonl differs from a fresh generation (run make_corpus.py)")

    seen, n_healthy, n_fault, per_wf, kinds = set(), 0, 0, {}, set()
    for ln_no, ln in enumerate(raw, 1):
        try:
            t = json.loads(ln)
        except ValueError as e:
            fail("line %d: not JSON (%s)" % (ln_no, e))
            continue
        rid = t.get("id")
        w = "line %d (%s)" % (ln_no, rid)
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in t:
                fail("%s: missing field %s" % (w, k))
        if not isinstance(rid, str) or not rid:
            continue
        if rid in seen:
            fail("%s: duplicate id" % w)
        seen.add(rid)
        wf = t.get("workflow")
        per_wf[wf] = per_wf.get(wf, 0) + 1
        plan = t.get("plan")
        ids = set()
        if isinstance(plan, str):
            if not os.path.exists(os.path.join(os.path.dirname(CORPUS), plan)):
                fail("%s: plan file %s does not exist" % (w, plan))
            elif plan not in plans:
                fail("%s: plan %s was not checked" % (w, plan))
            else:
                ids = plan_ids[plan]
                if plans[plan].get("task") != t.get("task"):
                    fail("%s: task differs from its plan's task" % w)
            if plan != "plans/%s.yaml" % wf:
                fail("%s: plan should be plans/<workflow>.yaml" % w)
        elif isinstance(plan, dict):
            ids = check_plan(w + " inline plan", plan)
        else:
            fail("%s: plan must be a path or an inline object" % w)
        steps = t.get("steps")
        if not isinstance(steps, list) or not steps:
            fail("%s: steps must be a non-empty list" % w)
            continue
        label = t.get("label") or {}
        if "fault" not in label or "first_off_track_step" not in label:
            fail("%s: label needs fault and first_off_track_step" % w)
        fault, fs = label.get("fault"), label.get("first_off_track_step")
        success = (t.get("outcome") or {}).get("success")
        if not isinstance(success, bool):
            fail("%s: outcome.success must be a boolean" % w)
        if fault is None:
            n_healthy += 1
            if fs is not None:
                fail("%s: healthy run must have first_off_track_step null" % w)
            if success is not True:
                fail("%s: healthy run should succeed" % w)
            if not rid.startswith("%s-healthy-" % wf):
                fail("%s: healthy id should read <workflow>-healthy-NN" % w)
        else:
            n_fault += 1
            kinds.add(fault)
            if not isinstance(fault, str) or not fault:
                fail("%s: fault must be a non-empty string" % w)
            if isinstance(fs, bool) or not isinstance(fs, int) or not 0 <= fs < len(steps):
                fail("%s: first_off_track_step %r is not a valid step index" % (w, fs))
            if success is not False:
                fail("%s: faulty run should not succeed" % w)
            if label.get("cause") not in ("agent", "environment"):
                fail("%s: label.cause should be agent or environment" % w)
            if not rid.startswith("%s-%s-" % (wf, fault)):
                fail("%s: faulty id should read <workflow>-<fault>-NN" % w)
        prev_bids = check_observation(w + " initial_observation", t.get("initial_observation"))
        for i, s in enumerate(steps):
            sw = "%s step %d" % (w, i)
            a = s.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    fail("%s: action.%s missing" % (sw, k))
            if a.get("effect") not in EFFECTS:
                fail("%s: effect %r not in %s" % (sw, a.get("effect"), sorted(EFFECTS)))
            m = BID_IN_CMD.match(a.get("command") or "")
            if m and m.group(2) not in prev_bids:
                fail("%s: action bid %s is not on the page it was taken from" % (sw, m.group(2)))
            if "commitment" in s and s["commitment"] not in ids:
                fail("%s: commitment %r is not in the plan" % (sw, s["commitment"]))
            prev_bids = check_observation(sw, s.get("observation"))
    if n_healthy + n_fault != 20 or n_healthy != 8 or n_fault != 12:
        fail("expected 20 runs (8 healthy, 12 faulty), got %d healthy, %d faulty" % (n_healthy, n_fault))
    if len(per_wf) != 2:
        fail("expected 2 workflows, got %s" % per_wf)

    if problems:
        print("selftest FAILED (%d problems):" % len(problems))
        for p in problems:
            print("  - " + p)
        sys.exit(1)
    print("selftest OK: %d runs (%d healthy, %d faulty, %d fault kinds), workflows %s, %d plans"
          % (n_healthy + n_fault, n_healthy, n_fault, len(kinds),
             ", ".join("%s=%d" % kv for kv in sorted(per_wf.items())), len(plans)))


if __name__ == "__main__":
    main()
