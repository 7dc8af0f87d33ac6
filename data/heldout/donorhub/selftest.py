#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow the FORMATS.md contract.

Run:  python3 selftest.py      (exit status 0 when every check passes)
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ERRORS = []


def err(msg):
    ERRORS.append(msg)


# --------------------------------------------------------------------------------------
# A small YAML reader for the subset the plans use: block mappings, block sequences
# (of scalars or of mappings), "[]", plain scalars, double-quoted scalars, numbers, comments.
# --------------------------------------------------------------------------------------

def _scalar(tok, where):
    tok = tok.strip()
    if tok == "[]":
        return []
    if tok == "{}":
        return {}
    if tok.startswith('"'):
        try:
            return json.loads(tok)
        except ValueError:
            raise ValueError("%s: bad double-quoted scalar %r" % (where, tok))
    if tok.startswith("'"):
        if not tok.endswith("'"):
            raise ValueError("%s: bad single-quoted scalar %r" % (where, tok))
        return tok[1:-1].replace("''", "'")
    if tok in ("true", "false"):
        return tok == "true"
    if tok in ("null", "~"):
        return None
    if re.fullmatch(r"-?\d+", tok):
        return int(tok)
    if re.fullmatch(r"-?\d+\.\d*", tok):
        return float(tok)
    if tok.startswith(("[", "{", "&", "*", "!", "|", ">", "%", "@", "`")):
        raise ValueError("%s: unsupported YAML construct %r" % (where, tok))
    if " #" in tok:
        tok = tok.split(" #", 1)[0].rstrip()
    return tok


def _split_key(text, where):
    m = re.match(r"^([A-Za-z_][A-Za-z0-9_\-]*):(?:\s+(.*))?$", text)
    if not m:
        return None
    return m.group(1), (m.group(2) if m.group(2) is not None else None)


def load_yaml(src, name="yaml"):
    lines = []
    for no, raw in enumerate(src.split("\n"), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("%s:%d: tab indentation" % (name, no))
        lines.append((len(raw) - len(raw.lstrip(" ")), raw.strip(), no))
    pos = [0]

    def block(ind):
        if pos[0] >= len(lines):
            return None
        i0, text, no = lines[pos[0]]
        if i0 != ind:
            raise ValueError("%s:%d: unexpected indentation" % (name, no))
        if text.startswith("- ") or text == "-":
            return seq(ind)
        return mapping(ind)

    def mapping(ind, first=None):
        out = {}
        while pos[0] < len(lines):
            i0, text, no = lines[pos[0]]
            if first is not None:
                text, i0 = first, ind
                first = None
            elif i0 < ind:
                break
            elif i0 > ind:
                raise ValueError("%s:%d: unexpected indentation" % (name, no))
            kv = _split_key(text, "%s:%d" % (name, no))
            if not kv:
                raise ValueError("%s:%d: expected 'key: value', got %r" % (name, no, text))
            k, v = kv
            if k in out:
                raise ValueError("%s:%d: duplicate key %r" % (name, no, k))
            pos[0] += 1
            if v is None:
                if pos[0] < len(lines) and lines[pos[0]][0] > ind:
                    out[k] = block(lines[pos[0]][0])
                elif pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
                    out[k] = seq(ind)
                else:
                    out[k] = None
            else:
                out[k] = _scalar(v, "%s:%d" % (name, no))
        return out

    def seq(ind):
        out = []
        while pos[0] < len(lines):
            i0, text, no = lines[pos[0]]
            if i0 < ind or not (text.startswith("- ") or text == "-"):
                break
            if i0 > ind:
                raise ValueError("%s:%d: unexpected indentation" % (name, no))
            rest = text[2:].strip()
            if _split_key(rest, "") and not rest.startswith('"'):
                # a mapping item: its keys sit at ind + 2
                out.append(mapping(ind + 2, first=rest))
            else:
                pos[0] += 1
                out.append(_scalar(rest, "%s:%d" % (name, no)))
        return out

    result = block(0)
    if pos[0] != len(lines):
        raise ValueError("%s:%d: trailing content" % (name, lines[pos[0]][2]))
    return result


# --------------------------------------------------------------------------------------
# Plan checks
# --------------------------------------------------------------------------------------

STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}


def check_evidence(items, where):
    if not isinstance(items, list):
        err("%s: evidence must be a list" % where)
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                err("%s: empty evidence string" % where)
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                err("%s: evidence mapping needs text" % where)
            if it.get("on", "state") not in ("state", "action", "both"):
                err("%s: evidence 'on' must be state|action|both" % where)
            extra = set(it) - {"text", "on"}
            if extra:
                err("%s: unknown evidence keys %s" % (where, sorted(extra)))
        else:
            err("%s: evidence item must be str or mapping" % where)


def check_plan(plan, where):
    if not isinstance(plan, dict):
        err("%s: plan must be a mapping" % where)
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        err("%s: task missing" % where)
    pf = plan.get("plan_falsifiers", {})
    if not isinstance(pf, dict) or set(pf) - SCOPES:
        err("%s: plan_falsifiers must map scopes %s" % (where, sorted(SCOPES)))
    else:
        for sc, items in pf.items():
            check_evidence(items, "%s plan_falsifiers.%s" % (where, sc))
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not cs:
        err("%s: commitments must be a non-empty list" % where)
        return set()
    ids = set()
    for c in cs:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            err("%s: commitment without id" % where)
            continue
        if cid in ids:
            err("%s: duplicate commitment id %s" % (where, cid))
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            err("%s/%s: subgoal missing" % (where, cid))
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or isinstance(k, bool) or not 0 <= k <= 1:
            err("%s/%s: confidence must be in [0, 1]" % (where, cid))
        if "skill" in c and not isinstance(c["skill"], str):
            err("%s/%s: skill must be a string" % (where, cid))
        conf = c.get("confirm", {}) or {}
        fal = c.get("falsify", {}) or {}
        if not isinstance(conf, dict) or set(conf) - STAGES:
            err("%s/%s: confirm stages must be among %s" % (where, cid, sorted(STAGES)))
        else:
            for st, items in conf.items():
                check_evidence(items, "%s/%s confirm.%s" % (where, cid, st))
        if not isinstance(fal, dict) or set(fal) - SCOPES:
            err("%s/%s: falsify scopes must be among %s" % (where, cid, sorted(SCOPES)))
        else:
            for sc, items in fal.items():
                check_evidence(items, "%s/%s falsify.%s" % (where, cid, sc))
        if not any(conf.get(st) for st in STAGES):
            err("%s/%s: no confirming evidence at all" % (where, cid))
    return ids


# --------------------------------------------------------------------------------------
# Corpus checks
# --------------------------------------------------------------------------------------

AX_LINE = re.compile(r"^\t*(\[a\d+\] [a-zA-Z]+ ('.*'|\".*\")(, .+)?|StaticText ('.*'|\".*\"))$")
BID_IN_CMD = re.compile(r"^(click|fill|select_option|press|hover|focus|clear|dblclick)\('(a\d+)'")
KNOWN_CMD = re.compile(r"^(click|fill|select_option|press|hover|focus|clear|dblclick|go_back|go_forward|goto|"
                       r"noop|send_msg_to_user|report_infeasible|scroll|keyboard_press)\(.*\)$", re.S)
EFFECTS = {"read", "write", "irreversible"}


def check_obs(o, where):
    if not isinstance(o, dict):
        err("%s: observation must be an object" % where)
        return
    for k in ("url", "title", "text", "error"):
        if k not in o:
            err("%s: observation.%s missing" % (where, k))
    if not isinstance(o.get("url"), str) or not o["url"].startswith("http"):
        err("%s: bad url" % where)
    if not isinstance(o.get("title"), str) or not o["title"]:
        err("%s: bad title" % where)
    if o.get("error") is not None and not isinstance(o["error"], str):
        err("%s: error must be str or null" % where)
    text = o.get("text")
    if not isinstance(text, str) or not text:
        err("%s: empty text" % where)
        return
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea " + repr(o["title"])):
        err("%s: first line must be the RootWebArea named by the title" % where)
    bids = set()
    for ln in lines[1:]:
        if not AX_LINE.match(ln):
            err("%s: malformed AXTree line %r" % (where, ln[:80]))
            break
        m = re.match(r"^\t*\[(a\d+)\]", ln)
        if m:
            if m.group(1) in bids:
                err("%s: duplicate bid %s" % (where, m.group(1)))
            bids.add(m.group(1))


def line_for_bid(text, bid):
    for ln in text.split("\n"):
        s = ln.lstrip("\t")
        if s.startswith("[%s] " % bid):
            return s[len(bid) + 3:]
    return None


def check_run(r, plans, where):
    for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
        if k not in r:
            err("%s: field %s missing" % (where, k))
            return
    plan = r["plan"]
    if isinstance(plan, str):
        if plan not in plans:
            err("%s: plan file %s not found" % (where, plan))
            return
        plan_obj, cids = plans[plan]
    else:
        plan_obj, cids = plan, check_plan(plan, where + " inline plan")
    if plan_obj.get("task") != r["task"]:
        err("%s: task differs from its plan's task" % where)
    if plan != "plans/%s.yaml" % r["workflow"]:
        err("%s: plan should be plans/<workflow>.yaml" % where)
    lab = r["label"]
    if set(lab) < {"fault", "first_off_track_step"}:
        err("%s: label needs fault and first_off_track_step" % where)
        return
    n = len(r["steps"])
    if n == 0:
        err("%s: no steps" % where)
    if lab["fault"] is None:
        if lab["first_off_track_step"] is not None:
            err("%s: healthy run with first_off_track_step" % where)
        if r["outcome"].get("success") is not True:
            err("%s: healthy run should succeed" % where)
    else:
        st = lab["first_off_track_step"]
        if not isinstance(lab["fault"], str) or not re.fullmatch(r"[a-z_]+", lab["fault"]):
            err("%s: fault must be a snake_case string" % where)
        if not isinstance(st, int) or isinstance(st, bool) or not 0 <= st < n:
            err("%s: first_off_track_step %r not a valid step index (0..%d)" % (where, st, n - 1))
        if r["outcome"].get("success") is not False:
            err("%s: faulty run should not succeed" % where)
        if "-%s-" % lab["fault"] not in r["id"]:
            err("%s: id should name its fault" % where)
    if not isinstance(r["outcome"].get("success"), bool):
        err("%s: outcome.success must be a bool" % where)
    check_obs(r["initial_observation"], where + " initial_observation")
    prev = r["initial_observation"]
    for i, s in enumerate(r["steps"]):
        w = "%s step %d" % (where, i)
        if "action" not in s or "observation" not in s:
            err("%s: action/observation missing" % w)
            continue
        a = s["action"]
        for k in ("command", "reasoning", "effect"):
            if k not in a:
                err("%s: action.%s missing" % (w, k))
        if a.get("effect") not in EFFECTS:
            err("%s: effect %r not in %s" % (w, a.get("effect"), sorted(EFFECTS)))
        cmd = a.get("command", "")
        if not KNOWN_CMD.match(cmd):
            err("%s: unknown action command %r" % (w, cmd[:60]))
        m = BID_IN_CMD.match(cmd)
        if m:
            line = line_for_bid(prev["text"], m.group(2))
            if line is None:
                err("%s: bid %s not on the page before the action" % (w, m.group(2)))
            elif a.get("target") and not line.startswith(a["target"]):
                err("%s: target %r does not match page line %r" % (w, a["target"], line[:60]))
        if "commitment" in s and s["commitment"] is not None and s["commitment"] not in cids:
            err("%s: commitment %r not in plan" % (w, s["commitment"]))
        check_obs(s["observation"], w)
        prev = s["observation"]


def check_readme(runs):
    path = os.path.join(HERE, "README.md")
    if not os.path.exists(path):
        err("README.md missing")
        return
    rows = {}
    for ln in open(path, encoding="utf-8"):
        m = re.match(r"^\|\s*`?([a-z0-9_\-]+)`?\s*\|\s*`?([a-z_]+)`?\s*\|\s*([0-9]+|—|-)\s*\|", ln)
        if m and m.group(1) not in ("run",):
            rows[m.group(1)] = (m.group(2), m.group(3))
    for r in runs:
        if r["id"] not in rows:
            err("README.md: run %s missing from the label table" % r["id"])
            continue
        kind, step = rows[r["id"]]
        fault = r["label"]["fault"]
        if (fault or "healthy") != kind:
            err("README.md: %s labelled %s, corpus says %s" % (r["id"], kind, fault or "healthy"))
        want = "—" if r["label"]["first_off_track_step"] is None else str(r["label"]["first_off_track_step"])
        if step.replace("-", "—") != want:
            err("README.md: %s fault step %s, corpus says %s" % (r["id"], step, want))


def main():
    plans = {}
    plan_dir = os.path.join(HERE, "plans")
    for fn in sorted(os.listdir(plan_dir)):
        if not fn.endswith(".yaml"):
            continue
        src = open(os.path.join(plan_dir, fn), encoding="utf-8").read()
        try:
            p = load_yaml(src, fn)
        except ValueError as e:
            err(str(e))
            continue
        try:  # cross-check with PyYAML when it happens to be installed
            import yaml  # noqa
            def norm(x):  # YAML 1.1 readers turn the key `on` into True
                if isinstance(x, dict):
                    return {("on" if k is True else k): norm(v) for k, v in x.items()}
                if isinstance(x, list):
                    return [norm(v) for v in x]
                return x
            if norm(yaml.safe_load(src)) != p:
                err("%s: mini-parser and PyYAML disagree" % fn)
        except ImportError:
            pass
        rel = "plans/" + fn
        plans[rel] = (p, check_plan(p, rel))

    runs = []
    with open(os.path.join(HERE, "corpus.jsonl"), encoding="utf-8") as fh:
        for no, line in enumerate(fh, 1):
            if not line.strip():
                err("corpus.jsonl:%d: blank line" % no)
                continue
            try:
                r = json.loads(line)
            except ValueError as e:
                err("corpus.jsonl:%d: %s" % (no, e))
                continue
            # round trip: re-serialising gives the same line
            if json.dumps(r, ensure_ascii=False) + "\n" != line:
                err("corpus.jsonl:%d: does not round-trip" % no)
            runs.append(r)
            check_run(r, plans, "corpus.jsonl:%d (%s)" % (no, r.get("id")))

    ids = [r.get("id") for r in runs]
    if len(ids) != len(set(ids)):
        err("run ids are not unique")
    healthy = [r for r in runs if r["label"]["fault"] is None]
    faulty = [r for r in runs if r["label"]["fault"] is not None]
    if (len(runs), len(healthy), len(faulty)) != (20, 8, 12):
        err("expected 20 runs (8 healthy, 12 faulty), got %d (%d, %d)" % (len(runs), len(healthy), len(faulty)))
    wfs = {r["workflow"] for r in runs}
    if len(wfs) != 2:
        err("expected 2 workflows, got %s" % sorted(wfs))
    for wf in wfs:
        if "plans/%s.yaml" % wf not in plans:
            err("no plan for workflow %s" % wf)
        nh = sum(1 for r in healthy if r["workflow"] == wf)
        if nh < 2:
            err("workflow %s has fewer than 2 healthy runs" % wf)
    kinds = [r["label"]["fault"] for r in faulty]
    if len(set(kinds)) != len(kinds):
        err("fault kinds repeat: %s" % kinds)
    # healthy runs of one workflow take different paths
    for wf in wfs:
        paths = [tuple(s["action"]["target"] for s in r["steps"]) for r in healthy if r["workflow"] == wf]
        if len(set(paths)) != len(paths):
            err("workflow %s: two healthy runs take the same path" % wf)
    check_readme(runs)

    if ERRORS:
        for e in ERRORS:
            print("FAIL:", e)
        print("%d problem(s)" % len(ERRORS))
        return 1
    print("ok: %d runs (%d healthy, %d faulty), %d plans, %d steps" % (
        len(runs), len(healthy), len(faulty), len(plans), sum(len(r["steps"]) for r in runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
