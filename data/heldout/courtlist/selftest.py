#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow FORMATS.md.

Run after make_corpus.py:  python3 selftest.py
Exits non-zero with a list of problems if anything is off.
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
PROBLEMS = []


def bad(msg):
    PROBLEMS.append(msg)


# --------------------------------------------------------------------------- tiny YAML subset
def _strip_comment(line):
    out, quote = [], None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'" and (i == 0 or line[i - 1] in " [,:-"):
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] == " "):
            break
        out.append(ch)
    return "".join(out).rstrip()


def _split_top(s, sep):
    parts, cur, quote = [], [], None
    for ch in s:
        if quote:
            cur.append(ch)
            if ch == quote:
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        if ch == sep:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts


def _scalar(s):
    s = s.strip()
    if s.startswith('"'):
        if not s.endswith('"') or len(s) < 2:
            raise ValueError("unterminated double-quoted scalar: %r" % s)
        return json.loads(s)
    if s.startswith("'"):
        if not s.endswith("'") or len(s) < 2:
            raise ValueError("unterminated single-quoted scalar: %r" % s)
        return s[1:-1].replace("''", "'")
    if s.startswith("["):
        if not s.endswith("]"):
            raise ValueError("unterminated flow sequence: %r" % s)
        inner = s[1:-1].strip()
        items = [] if not inner else _split_top(inner, ",")
        for x in items:
            x = x.strip()
            if not x.startswith(("'", '"')) and re.search(r"(\? |: |[{}\[\]])", x):
                raise ValueError("plain flow item needs quotes: %r" % x)
        return [_scalar(x) for x in items]
    if s in ("null", "~", ""):
        return None
    if s in ("true", "false"):
        return s == "true"
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    return s


def _key_split(content):
    quote = None
    for i, ch in enumerate(content):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'" and i == 0:
            quote = ch
        elif ch == ":" and (i + 1 == len(content) or content[i + 1] == " "):
            return content[:i].strip(), content[i + 1:].strip()
    return None, None


def load_yaml_subset(text):
    lines = []
    for raw in text.splitlines():
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation")
        c = _strip_comment(raw)
        if c.strip():
            lines.append([len(c) - len(c.lstrip(" ")), c.strip()])

    def block(i, ind):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            return seq(i, ind)
        return mapping(i, ind)

    def seq(i, ind):
        out = []
        while i < len(lines) and lines[i][0] == ind and (lines[i][1].startswith("- ") or lines[i][1] == "-"):
            item = lines[i][1][1:].strip()
            if not item:
                v, i = block(i + 1, lines[i + 1][0])
                out.append(v)
                continue
            k, _ = _key_split(item)
            if k is not None and not item.startswith(("'", '"', "[")):
                lines[i] = [ind + 2, item]
                v, i = mapping(i, ind + 2)
                out.append(v)
                continue
            out.append(_scalar(item))
            i += 1
        return out, i

    def mapping(i, ind):
        out = {}
        while i < len(lines) and lines[i][0] == ind and not lines[i][1].startswith("- "):
            k, rest = _key_split(lines[i][1])
            if k is None:
                raise ValueError("expected 'key: value' at %r" % lines[i][1])
            k = _scalar(k)
            if k in out:
                raise ValueError("duplicate key %r" % k)
            if rest:
                out[k] = _scalar(rest)
                i += 1
            elif i + 1 < len(lines) and (lines[i + 1][0] > ind or
                                          (lines[i + 1][0] == ind and lines[i + 1][1].startswith("- "))):
                out[k], i = block(i + 1, lines[i + 1][0])
            else:
                out[k] = None
                i += 1
        return out, i

    if not lines:
        return None
    v, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError("could not parse from line %r" % lines[i][1])
    return v


def load_plan(path):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    if path.endswith(".json"):
        return json.loads(text)
    plan = load_yaml_subset(text)
    try:  # optional cross-check; the checks above do not depend on it
        import yaml  # noqa: F401
        try:
            other = yaml.safe_load(text)
        except yaml.YAMLError as e:
            bad("%s: PyYAML cannot load it: %s" % (path, str(e).splitlines()[0]))
            return plan
        if other != plan:
            bad("%s: stdlib YAML reader and PyYAML disagree" % path)
    except ImportError:
        pass
    return plan


# --------------------------------------------------------------------------- plan checks
def check_evidence(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        bad("%s: evidence must be a list" % where)
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                bad("%s: empty evidence string" % where)
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                bad("%s: evidence mapping needs text" % where)
            if it.get("on", "state") not in ON:
                bad("%s: evidence 'on' must be one of %s" % (where, sorted(ON)))
        else:
            bad("%s: evidence item must be a string or mapping" % where)


def check_plan(name, plan):
    if not isinstance(plan, dict):
        bad("%s: plan is not a mapping" % name)
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        bad("%s: plan needs a task" % name)
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict):
        bad("%s: plan_falsifiers must map scope -> list" % name)
        pf = {}
    for scope, items in pf.items():
        if scope not in SCOPES:
            bad("%s: unknown plan_falsifiers scope %r" % (name, scope))
        check_evidence("%s plan_falsifiers.%s" % (name, scope), items)
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not cs:
        bad("%s: plan needs a non-empty commitments list" % name)
        return set()
    ids = set()
    for c in cs:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            bad("%s: commitment without id" % name)
            continue
        if cid in ids:
            bad("%s: duplicate commitment id %s" % (name, cid))
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            bad("%s/%s: subgoal missing" % (name, cid))
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            bad("%s/%s: confidence must be in [0, 1]" % (name, cid))
        for st, items in (c.get("confirm") or {}).items():
            if st not in STAGES:
                bad("%s/%s: unknown confirm stage %r" % (name, cid, st))
            check_evidence("%s/%s confirm.%s" % (name, cid, st), items)
        for sc, items in (c.get("falsify") or {}).items():
            if sc not in SCOPES:
                bad("%s/%s: unknown falsify scope %r" % (name, cid, sc))
            check_evidence("%s/%s falsify.%s" % (name, cid, sc), items)
        extra = set(c) - {"id", "subgoal", "skill", "confidence", "confirm", "falsify"}
        if extra:
            bad("%s/%s: unexpected commitment fields %s" % (name, cid, sorted(extra)))
    return ids


# --------------------------------------------------------------------------- corpus checks
LINE_RE = re.compile(r"^\t*(\[a\d+\] [A-Za-z]+ (\'.*\'|\".*\")( value=(\'.*\'|\".*\"))?(, .*)?"
                     r"|StaticText (\'.*\'|\".*\")|RootWebArea (\'.*\'|\".*\"), focused)$")
BID_RE = re.compile(r"^(?:click|fill|select_option|press|hover|check|uncheck|focus|clear|dblclick)"
                    r"\('(a\d+)'")


def check_obs(where, o):
    if not isinstance(o, dict):
        bad("%s: observation must be an object" % where)
        return
    for k in ("url", "title", "text", "error"):
        if k not in o:
            bad("%s: observation lacks %s" % (where, k))
    if not isinstance(o.get("text"), str) or not o["text"].startswith("RootWebArea "):
        bad("%s: observation text is not an AXTree" % where)
        return
    seen = set()
    for ln in o["text"].split("\n"):
        if not LINE_RE.match(ln):
            bad("%s: malformed AXTree line %r" % (where, ln[:80]))
            break
        m = re.match(r"^\t*\[(a\d+)\]", ln)
        if m:
            if m.group(1) in seen:
                bad("%s: duplicate bid %s" % (where, m.group(1)))
            seen.add(m.group(1))
    if o.get("error") is not None and not isinstance(o["error"], str):
        bad("%s: error must be a string or null" % where)


def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl missing: run make_corpus.py first")
        return 2
    plans, plan_ids = {}, {}
    runs, ids = [], set()
    with open(CORPUS, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                r = json.loads(line)
            except ValueError as e:
                bad("line %d: not JSON (%s)" % (n, e))
                continue
            if json.dumps(r, ensure_ascii=False) != line.rstrip("\n"):
                bad("line %d: does not round-trip unchanged" % n)
            runs.append(r)
    for r in runs:
        rid = r.get("id")
        where = rid or "?"
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                bad("%s: missing field %s" % (where, k))
        if rid in ids:
            bad("%s: duplicate id" % where)
        ids.add(rid)
        # plan
        p = r.get("plan")
        if isinstance(p, str):
            path = os.path.normpath(os.path.join(HERE, p))
            if not os.path.exists(path):
                bad("%s: plan file %s does not exist" % (where, p))
                continue
            if path not in plans:
                try:
                    plans[path] = load_plan(path)
                except ValueError as e:
                    bad("%s: plan %s does not load: %s" % (where, p, e))
                    plans[path] = None
                plan_ids[path] = check_plan(p, plans[path]) if plans[path] is not None else set()
            plan, cids = plans[path], plan_ids[path]
        elif isinstance(p, dict):
            plan, cids = p, check_plan(where + " (inline plan)", p)
        else:
            bad("%s: plan must be a path or an object" % where)
            continue
        if plan and plan.get("task") != r.get("task"):
            bad("%s: task differs from its plan's task" % where)
        if isinstance(p, str) and not p.startswith("plans/%s." % r.get("workflow")):
            bad("%s: plan %s is not plans/<workflow>.yaml" % (where, p))
        # label
        lab = r.get("label") or {}
        fault, fstep = lab.get("fault", "MISSING"), lab.get("first_off_track_step", "MISSING")
        steps = r.get("steps") or []
        if fault == "MISSING" or fstep == "MISSING":
            bad("%s: label needs fault and first_off_track_step" % where)
        elif fault is None:
            if fstep is not None:
                bad("%s: healthy run with a fault step" % where)
            if not (r.get("outcome") or {}).get("success"):
                bad("%s: healthy run should succeed" % where)
        else:
            if not isinstance(fault, str) or not fault:
                bad("%s: fault must be a non-empty string" % where)
            if not isinstance(fstep, int) or not 0 <= fstep < len(steps):
                bad("%s: first_off_track_step %r out of range (0..%d)" % (where, fstep, len(steps) - 1))
            if (r.get("outcome") or {}).get("success") is not False:
                bad("%s: faulty run should not succeed" % where)
        if not isinstance((r.get("outcome") or {}).get("success"), bool):
            bad("%s: outcome.success must be a bool" % where)
        # steps
        if not steps:
            bad("%s: no steps" % where)
        check_obs(where + " initial", r.get("initial_observation"))
        prev = (r.get("initial_observation") or {}).get("text", "")
        for i, s in enumerate(steps):
            w = "%s step %d" % (where, i)
            a = s.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    bad("%s: action lacks %s" % (w, k))
            if a.get("effect") not in EFFECTS:
                bad("%s: effect %r not in %s" % (w, a.get("effect"), sorted(EFFECTS)))
            c = s.get("commitment")
            if c is not None and c not in cids:
                bad("%s: commitment %r is not in the plan" % (w, c))
            m = BID_RE.match(a.get("command", ""))
            if m:
                hit = [ln for ln in prev.split("\n") if ln.lstrip("\t").startswith("[%s] " % m.group(1))]
                if not hit:
                    bad("%s: %s acts on a bid absent from the page before it" % (w, a["command"][:40]))
                elif a.get("target") and not hit[0].lstrip("\t")[len(m.group(1)) + 3:].startswith(a["target"]):
                    bad("%s: target %r does not match the page line %r" % (w, a["target"], hit[0].strip()))
            check_obs(w, s.get("observation"))
            prev = (s.get("observation") or {}).get("text", "")
    # corpus shape asked for by the brief
    healthy = [r for r in runs if (r.get("label") or {}).get("fault") is None]
    faulty = [r for r in runs if (r.get("label") or {}).get("fault") is not None]
    wfs = {}
    for r in runs:
        wfs[r.get("workflow")] = wfs.get(r.get("workflow"), 0) + 1
    if len(runs) != 20 or len(healthy) != 8 or len(faulty) != 12:
        bad("expected 20 runs (8 healthy, 12 faulty), got %d (%d, %d)" % (len(runs), len(healthy), len(faulty)))
    if len(wfs) != 2 or min(wfs.values()) < 8:
        bad("expected 2 workflows of about 10 runs each, got %s" % wfs)
    kinds = {r["label"]["fault"] for r in faulty}
    if len(kinds) < 8:
        bad("fault kinds are not varied enough: %s" % sorted(kinds))
    for wf in wfs:
        if not os.path.exists(os.path.join(HERE, "plans", wf + ".yaml")):
            bad("plans/%s.yaml missing" % wf)
    # README table agrees with the labels
    readme = os.path.join(HERE, "README.md")
    if os.path.exists(readme):
        text = open(readme, encoding="utf-8").read()
        for r in runs:
            lab = r["label"]
            row = [ln for ln in text.splitlines() if ln.startswith("| `%s`" % r["id"])]
            if len(row) != 1:
                bad("README: no single table row for %s" % r["id"])
                continue
            cells = [c.strip().strip("`") for c in row[0].strip("|").split("|")]
            want_kind = "healthy" if lab["fault"] is None else lab["fault"]
            want_step = "-" if lab["first_off_track_step"] is None else str(lab["first_off_track_step"])
            if cells[1] != want_kind or cells[2] != want_step:
                bad("README: row for %s says %s/%s, label says %s/%s" % (r["id"], cells[1], cells[2],
                                                                       want_kind, want_step))
    else:
        bad("README.md missing")

    if PROBLEMS:
        print("selftest FAILED (%d problems):" % len(PROBLEMS))
        for p in PROBLEMS[:60]:
            print("  - " + p)
        return 1
    print("selftest ok: %d runs (%d healthy, %d faulty), workflows %s, %d plans, %d fault kinds"
          % (len(runs), len(healthy), len(faulty), dict(sorted(wfs.items())), len(plans), len(kinds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
