#!/usr/bin/env python3
"""Validate corpus.jsonl and plans/*.yaml against the fcpkit file-format contract.

Standard library only.  Exits 0 when everything passes, 1 otherwise, listing
every problem found.  Usage:  python3 selftest.py [corpus.jsonl]
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EFFECTS = {"read", "write", "irreversible"}
CONFIRM_STAGES = {"precondition", "progress", "completion"}
FALSIFY_SCOPES = {"execution", "skill", "planning"}
ON_VALUES = {"state", "action", "both"}
AX_LINE = re.compile(r"^(\t*)(?:\[([A-Za-z0-9_-]+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")"
                     r"( value=('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"))?(, .*)?$")
BID_IN_CMD = re.compile(r"^(click|fill|press|select_option|hover|dblclick|focus|clear|check|uncheck)\('([^']+)'")

problems = []


def bad(where, msg):
    problems.append("%s: %s" % (where, msg))


# ---------------------------------------------------------------- mini YAML
class YamlError(ValueError):
    pass


def _scalar(tok, where):
    tok = tok.strip()
    if tok == "":
        return None
    if tok[0] in "\"[{":
        if tok[0] == "{" and not tok.startswith('{"'):
            # flow mapping with plain keys: {text: "x", "on": action}
            inner = tok[1:-1]
            out = {}
            for part in _split_flow(inner):
                k, _, v = part.partition(":")
                out[_scalar(k, where)] = _scalar(v, where)
            return out
        try:
            return json.loads(tok)
        except ValueError as e:
            raise YamlError("%s: cannot read %r (%s)" % (where, tok, e))
    if tok in ("null", "~"):
        return None
    if tok in ("true", "false"):
        return tok == "true"
    if re.fullmatch(r"-?\d+", tok):
        return int(tok)
    if re.fullmatch(r"-?\d+\.\d*", tok):
        return float(tok)
    if tok[0] == "'" and tok[-1] == "'":
        return tok[1:-1].replace("''", "'")
    return tok


def _split_flow(s):
    parts, depth, cur, inq = [], 0, "", False
    i = 0
    while i < len(s):
        c = s[i]
        if inq:
            cur += c
            if c == "\\":
                cur += s[i + 1]
                i += 1
            elif c == '"':
                inq = False
        elif c == '"':
            inq = True
            cur += c
        elif c == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += c
        i += 1
    if cur.strip():
        parts.append(cur)
    return parts


def _split_key(content, where):
    if content.startswith('"'):
        m = re.match(r'^("(?:[^"\\]|\\.)*")\s*:(.*)$', content)
        if not m:
            raise YamlError("%s: bad key in %r" % (where, content))
        return json.loads(m.group(1)), m.group(2)
    k, sep, rest = content.partition(":")
    if not sep:
        raise YamlError("%s: expected 'key: value' in %r" % (where, content))
    return k.strip(), rest


def load_yaml(text, where):
    lines = []
    for n, raw in enumerate(text.splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[:len(raw) - len(raw.lstrip())]:
            raise YamlError("%s:%d: tab in indentation" % (where, n))
        lines.append((len(raw) - len(raw.lstrip(" ")), raw.strip(), n))
    pos = [0]

    def block(indent):
        if pos[0] >= len(lines):
            return None
        ind, content, n = lines[pos[0]]
        if content.startswith("- ") or content == "-":
            return seq(ind)
        return mapping(ind)

    def seq(ind):
        out = []
        while pos[0] < len(lines):
            i, content, n = lines[pos[0]]
            if i < ind:
                break
            if i > ind or not content.startswith("-"):
                raise YamlError("%s:%d: unexpected indentation" % (where, n))
            item = content[1:].strip()
            if item and not item.startswith(("{", '"', "[")) and re.match(r'^[A-Za-z_][\w-]*\s*:', item) \
                    or item.startswith('"') and re.match(r'^"(?:[^"\\]|\\.)*"\s*:', item):
                # "- key: value" starts a mapping whose further keys sit at ind + 2
                lines[pos[0]] = (ind + 2, item, n)
                out.append(mapping(ind + 2))
            else:
                pos[0] += 1
                out.append(_scalar(item, "%s:%d" % (where, n)))
        return out

    def mapping(ind):
        out = {}
        while pos[0] < len(lines):
            i, content, n = lines[pos[0]]
            if i < ind:
                break
            if i > ind:
                raise YamlError("%s:%d: unexpected indentation" % (where, n))
            if content.startswith("- "):
                break
            k, rest = _split_key(content, "%s:%d" % (where, n))
            if k in out:
                raise YamlError("%s:%d: duplicate key %r" % (where, n, k))
            pos[0] += 1
            if rest.strip():
                out[k] = _scalar(rest, "%s:%d" % (where, n))
            elif pos[0] < len(lines) and lines[pos[0]][0] > ind:
                out[k] = block(lines[pos[0]][0])
            elif pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
                out[k] = seq(ind)
            else:
                out[k] = None
        return out

    doc = block(0)
    if pos[0] != len(lines):
        raise YamlError("%s:%d: trailing content" % (where, lines[pos[0]][2]))
    return doc


# ---------------------------------------------------------------- plans
def check_evidence_list(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        bad(where, "evidence must be a list, got %s" % type(items).__name__)
        return
    for j, it in enumerate(items):
        w = "%s[%d]" % (where, j)
        if isinstance(it, str):
            if not it.strip():
                bad(w, "empty evidence string")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                bad(w, "evidence mapping needs a non-empty 'text'")
            if "on" in it and it["on"] not in ON_VALUES:
                bad(w, "'on' must be one of %s, got %r" % (sorted(ON_VALUES), it["on"]))
            if True in it or False in it:
                bad(w, "boolean key (unquoted YAML 'on'?)")
        else:
            bad(w, "evidence must be a string or a {text, on} mapping")


def check_plan(where, plan):
    if not isinstance(plan, dict):
        bad(where, "plan is not a mapping")
        return None
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        bad(where, "plan.task must be a non-empty string")
    pf = plan.get("plan_falsifiers", {})
    if pf is not None:
        if not isinstance(pf, dict):
            bad(where, "plan_falsifiers must be a mapping of scope -> evidence list")
        else:
            for sc, items in pf.items():
                if sc not in FALSIFY_SCOPES:
                    bad(where, "plan_falsifiers: unknown scope %r" % sc)
                check_evidence_list("%s.plan_falsifiers.%s" % (where, sc), items)
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not cs:
        bad(where, "commitments must be a non-empty list")
        return set()
    ids = set()
    for i, c in enumerate(cs):
        w = "%s.commitments[%d]" % (where, i)
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
        if "skill" in c and c["skill"] is not None and not isinstance(c["skill"], str):
            bad(w, "skill must be a string")
        conf = c.get("confidence", 0.5)
        if isinstance(conf, bool) or not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            bad(w, "confidence must be a number in [0, 1], got %r" % (conf,))
        for sect, allowed in (("confirm", CONFIRM_STAGES), ("falsify", FALSIFY_SCOPES)):
            d = c.get(sect, {})
            if d is None:
                continue
            if not isinstance(d, dict):
                bad(w, "%s must be a mapping" % sect)
                continue
            for k, items in d.items():
                if k not in allowed:
                    bad(w, "%s: unknown key %r" % (sect, k))
                check_evidence_list("%s.%s.%s" % (w, sect, k), items)
    return ids


def load_plan_file(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".json"):
        return json.loads(text)
    return load_yaml(text, os.path.relpath(path, HERE))


# ---------------------------------------------------------------- corpus
def check_observation(where, o):
    if not isinstance(o, dict):
        bad(where, "observation must be an object")
        return set()
    for k in ("url", "title", "text"):
        if not isinstance(o.get(k), str):
            bad(where, "%s must be a string" % k)
    if "error" not in o:
        bad(where, "error key missing")
    elif o["error"] is not None and not isinstance(o["error"], str):
        bad(where, "error must be null or a string")
    if "tabs" in o:
        if not isinstance(o["tabs"], list) or not all(isinstance(t, dict) and isinstance(t.get("url"), str)
                                                      and isinstance(t.get("title"), str) for t in o["tabs"]):
            bad(where, "tabs must be a list of {url, title}")
    if "screenshot" in o and not isinstance(o["screenshot"], str):
        bad(where, "screenshot must be a path string")
    bids = set()
    text = o.get("text") or ""
    ls = text.split("\n")
    if not ls or not ls[0].startswith("RootWebArea "):
        bad(where, "text should start with a RootWebArea node")
    for n, ln in enumerate(ls[1:], 2):
        m = AX_LINE.match(ln)
        if not m:
            bad(where, "text line %d is not an AXTree node: %r" % (n, ln[:80]))
            continue
        if m.group(2):
            if m.group(2) in bids:
                bad(where, "duplicate bid %s" % m.group(2))
            bids.add(m.group(2))
    if len(ls) < 60:
        bad(where, "page is suspiciously short (%d nodes)" % len(ls))
    return bids


def main():
    corpus = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "corpus.jsonl")
    base = os.path.dirname(os.path.abspath(corpus))
    plans = {}
    # every plan file under plans/ must parse, whether referenced or not
    for fn in sorted(os.listdir(os.path.join(base, "plans"))):
        p = os.path.join(base, "plans", fn)
        try:
            plans["plans/" + fn] = load_plan_file(p)
        except (YamlError, ValueError) as e:
            bad("plans/" + fn, "does not parse: %s" % e)
            continue
        check_plan("plans/" + fn, plans["plans/" + fn])
    seen, per_wf = set(), {}
    with open(corpus, encoding="utf-8") as f:
        raw_lines = f.read().split("\n")
    if raw_lines and raw_lines[-1] == "":
        raw_lines.pop()
    for ln_no, raw in enumerate(raw_lines, 1):
        where = "corpus.jsonl:%d" % ln_no
        try:
            r = json.loads(raw)
        except ValueError as e:
            bad(where, "invalid JSON: %s" % e)
            continue
        if json.dumps(r, ensure_ascii=False) != raw:
            bad(where, "line does not round-trip through json unchanged")
        if not isinstance(r, dict):
            bad(where, "trajectory must be an object")
            continue
        rid = r.get("id")
        where = "%s (%s)" % (where, rid)
        if not isinstance(rid, str) or not rid:
            bad(where, "id must be a non-empty string")
        elif rid in seen:
            bad(where, "duplicate id")
        seen.add(rid)
        for k in ("workflow", "task"):
            if not isinstance(r.get(k), str) or not r[k].strip():
                bad(where, "%s must be a non-empty string" % k)
        # plan
        plan = r.get("plan")
        cids = set()
        if isinstance(plan, str):
            if plan not in plans:
                if os.path.exists(os.path.join(base, plan)):
                    plans[plan] = load_plan_file(os.path.join(base, plan))
                else:
                    bad(where, "plan file %r not found" % plan)
            pobj = plans.get(plan)
        elif isinstance(plan, dict):
            pobj = plan
        else:
            bad(where, "plan must be a path or an inline object")
            pobj = None
        if pobj is not None:
            cids = check_plan(where + ".plan", pobj) or set()
            if isinstance(pobj, dict) and pobj.get("task") != r.get("task"):
                bad(where, "plan.task differs from the trajectory's task")
        # label
        lab = r.get("label")
        steps = r.get("steps")
        if not isinstance(steps, list) or not steps:
            bad(where, "steps must be a non-empty list")
            steps = []
        if not isinstance(lab, dict) or "fault" not in lab or "first_off_track_step" not in lab:
            bad(where, "label needs fault and first_off_track_step")
            lab = {"fault": None, "first_off_track_step": None}
        fault, off = lab["fault"], lab["first_off_track_step"]
        if fault is None:
            if off is not None:
                bad(where, "healthy run must have first_off_track_step null")
        else:
            if not isinstance(fault, str) or not fault:
                bad(where, "fault must be null or a non-empty string")
            if isinstance(off, bool) or not isinstance(off, int) or not 0 <= off < len(steps):
                bad(where, "first_off_track_step %r is not a step index (0..%d)" % (off, len(steps) - 1))
        wf = per_wf.setdefault(r.get("workflow"), {"healthy": 0, "faults": []})
        if fault is None:
            wf["healthy"] += 1
        else:
            wf["faults"].append(fault)
        # observations and actions
        prev_bids = check_observation(where + ".initial_observation", r.get("initial_observation"))
        for i, s in enumerate(steps):
            w = "%s.steps[%d]" % (where, i)
            if not isinstance(s, dict):
                bad(w, "step must be an object")
                continue
            a = s.get("action")
            if not isinstance(a, dict):
                bad(w, "action must be an object")
            else:
                if not isinstance(a.get("command"), str) or not a["command"]:
                    bad(w, "action.command must be a non-empty string")
                else:
                    m = BID_IN_CMD.match(a["command"])
                    if m and m.group(2) not in prev_bids:
                        bad(w, "action targets bid %s, absent from the page it was taken on" % m.group(2))
                for k in ("reasoning",):
                    if not isinstance(a.get(k), str):
                        bad(w, "action.%s must be a string" % k)
                if a.get("target") is not None and not isinstance(a["target"], str):
                    bad(w, "action.target must be a string or null")
                if a.get("effect") not in EFFECTS:
                    bad(w, "action.effect must be one of %s" % sorted(EFFECTS))
            if "commitment" in s and s["commitment"] is not None:
                if cids and s["commitment"] not in cids:
                    bad(w, "commitment %r is not in the plan" % s["commitment"])
            prev_bids = check_observation(w + ".observation", s.get("observation"))
        out = r.get("outcome")
        if not isinstance(out, dict) or not isinstance(out.get("success"), bool):
            bad(where, "outcome.success must be a boolean")
        elif fault is None and not out["success"]:
            bad(where, "healthy run with outcome.success false")
        elif fault is not None and out["success"]:
            bad(where, "faulty run with outcome.success true")
        # plan honesty on healthy runs: literal falsifiers must not be on the healthy pages
        if fault is None and isinstance(pobj, dict):
            check_healthy_against_plan(where, r, pobj)
    for wf, c in per_wf.items():
        if c["healthy"] != 4:
            bad("workflow %s" % wf, "expected 4 healthy runs, found %d" % c["healthy"])
        if len(c["faults"]) != 6:
            bad("workflow %s" % wf, "expected 6 faulty runs, found %d" % len(c["faults"]))
        if len(set(c["faults"])) != len(c["faults"]):
            bad("workflow %s" % wf, "fault kinds repeat: %s" % c["faults"])
    if problems:
        print("selftest FAILED: %d problem(s)" % len(problems))
        for p in problems:
            print("  - " + p)
        return 1
    print("selftest passed: %d trajectories, %d plan files, workflows: %s" %
          (len(seen), len(plans), ", ".join("%s (%d healthy, %d faulty)" % (k, v["healthy"], len(v["faults"]))
                                            for k, v in sorted(per_wf.items()))))
    return 0


def _texts(items, on):
    out = []
    for it in items or []:
        if isinstance(it, str) and on == "state":
            out.append(it)
        elif isinstance(it, dict) and it.get("on", "state") in (on, "both"):
            out.append(it["text"])
    return out


def check_healthy_against_plan(where, r, plan):
    cmap = {c["id"]: c for c in plan.get("commitments", []) if isinstance(c, dict)}
    plan_f = [x for v in (plan.get("plan_falsifiers") or {}).values() for x in (v or [])]
    for i, s in enumerate(r["steps"]):
        c = cmap.get(s.get("commitment"), {})
        fals = [x for v in (c.get("falsify") or {}).values() for x in (v or [])] + plan_f
        page = s["observation"]["text"]
        act = "%s %s" % (s["action"].get("command", ""), s["action"].get("target") or "")
        for t in _texts(fals, "state"):
            if t in page:
                bad("%s.steps[%d]" % (where, i), "healthy page contains falsifier %r" % t)
        for t in _texts(fals, "action"):
            if t in act:
                bad("%s.steps[%d]" % (where, i), "healthy action matches action falsifier %r" % t)
    # every commitment a healthy run pursues shows at least one completion item literally
    for cid, c in cmap.items():
        obs = [s["observation"]["text"] for s in r["steps"] if s.get("commitment") == cid]
        if not obs:
            continue
        comp = _texts((c.get("confirm") or {}).get("completion"), "state")
        if comp and not any(t in o for t in comp for o in obs):
            bad(where, "no completion evidence of %r appears on its healthy pages" % cid)


if __name__ == "__main__":
    sys.exit(main())
