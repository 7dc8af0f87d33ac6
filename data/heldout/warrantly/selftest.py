#!/usr/bin/env python3
"""Stdlib self-test: corpus.jsonl and plans/*.yaml follow FORMATS.md.

Checks fields, step indices, fault labels, plan references, unique ids, that
every bid an action uses exists on the page the action was taken from, that
the corpus round-trips through json unchanged, and that make_corpus.py
regenerates it byte for byte.  Exit status 0 on success.

Run:  python3 selftest.py
"""
import json
import os
import re
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")

STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}
EFFECTS = {"read", "write", "irreversible"}

ERRORS = []


def err(msg):
    ERRORS.append(msg)


# ---------------------------------------------------------------------------
# A small YAML reader for the subset the plans use (block maps and lists,
# quoted/plain scalars, flow lists and flow maps, comments).
# ---------------------------------------------------------------------------

def _strip_comment(line):
    out, q = [], None
    for i, ch in enumerate(line):
        if q:
            if ch == q:
                q = None
        elif ch in "\"'":
            q = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        out.append(ch)
    return "".join(out).rstrip()


def _split_top(s, sep):
    parts, depth, q, cur = [], 0, None, []
    for ch in s:
        if q:
            cur.append(ch)
            if ch == q:
                q = None
            continue
        if ch in "\"'":
            q = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts


def _key_split(s):
    """Split 'key: value' at the first top-level ': ' (or trailing ':')."""
    q = None
    depth = 0
    for i, ch in enumerate(s):
        if q:
            if ch == q:
                q = None
            continue
        if ch in "\"'":
            q = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == ":" and depth == 0 and (i + 1 == len(s) or s[i + 1] == " "):
            return s[:i].strip(), s[i + 1:].strip()
    return None


def _scalar(s):
    s = s.strip()
    if s == "":
        return None
    if s[0] == '"':
        if not s.endswith('"') or len(s) < 2:
            raise ValueError("unterminated string: %s" % s)
        return json.loads(s)
    if s[0] == "'":
        if not s.endswith("'") or len(s) < 2:
            raise ValueError("unterminated string: %s" % s)
        return s[1:-1].replace("''", "'")
    if s[0] == "[":
        if not s.endswith("]"):
            raise ValueError("bad flow list: %s" % s)
        inner = s[1:-1].strip()
        return [] if not inner else [_scalar(p) for p in _split_top(inner, ",")]
    if s[0] == "{":
        if not s.endswith("}"):
            raise ValueError("bad flow map: %s" % s)
        inner = s[1:-1].strip()
        out = {}
        for p in ([] if not inner else _split_top(inner, ",")):
            kv = _key_split(p.strip())
            if kv is None:
                raise ValueError("bad flow map entry: %s" % p)
            out[kv[0]] = _scalar(kv[1])
        return out
    if s in ("null", "~"):
        return None
    if s in ("true", "True"):
        return True
    if s in ("false", "False"):
        return False
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    return s


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation: %r" % raw)
        c = _strip_comment(raw)
        if c.strip():
            lines.append([len(c) - len(c.lstrip()), c.strip()])

    def block(i, indent):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            return seq(i, indent)
        return mapping(i, indent)

    def mapping(i, indent):
        out = {}
        while i < len(lines) and lines[i][0] == indent and not lines[i][1].startswith("- "):
            kv = _key_split(lines[i][1])
            if kv is None:
                raise ValueError("expected 'key: value': %r" % lines[i][1])
            k, rest = kv
            if k in out:
                raise ValueError("duplicate key %r" % k)
            i += 1
            if rest == "":
                if i < len(lines) and (lines[i][0] > indent or
                                       (lines[i][0] == indent and lines[i][1].startswith("- "))):
                    out[k], i = block(i, lines[i][0])
                else:
                    out[k] = None
            else:
                out[k] = _scalar(rest)
        if i < len(lines) and lines[i][0] > indent:
            raise ValueError("bad indentation at %r" % lines[i][1])
        return out, i

    def seq(i, indent):
        out = []
        while i < len(lines) and lines[i][0] == indent and (lines[i][1].startswith("- ") or lines[i][1] == "-"):
            rest = lines[i][1][1:].strip()
            if rest == "":
                i += 1
                val, i = block(i, lines[i][0])
                out.append(val)
            elif rest[0] not in "\"'[{" and _key_split(rest) is not None:
                lines[i] = [indent + 2, rest]
                val, i = mapping(i, indent + 2)
                out.append(val)
            else:
                out.append(_scalar(rest))
                i += 1
        return out, i

    if not lines:
        return None
    val, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError("trailing content at %r" % lines[i][1])
    return val


# ---------------------------------------------------------------------------
# Plan checks
# ---------------------------------------------------------------------------

def check_evidence_list(where, items):
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
                err("%s: evidence mapping needs text" % where)
            if it.get("on", "state") not in ON:
                err("%s: bad 'on' %r" % (where, it.get("on")))
            extra = set(it) - {"text", "on"}
            if extra:
                err("%s: unexpected evidence keys %s" % (where, extra))
        else:
            err("%s: evidence item must be str or mapping" % where)


def check_plan(path):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    try:
        plan = load_yaml(text)
    except ValueError as e:
        err("%s: YAML parse error: %s" % (path, e))
        return None
    try:  # cross-check with PyYAML when it happens to be installed
        import yaml  # noqa

        def norm(v):  # YAML 1.1 reads a bare `on:` key as boolean True
            if isinstance(v, dict):
                return {("on" if k is True else k): norm(x) for k, x in v.items()}
            if isinstance(v, list):
                return [norm(x) for x in v]
            return v
        if norm(yaml.safe_load(text)) != plan:
            err("%s: mini YAML reader disagrees with PyYAML" % path)
    except ImportError:
        pass
    name = os.path.relpath(path, HERE)
    if not isinstance(plan, dict):
        err("%s: plan is not a mapping" % name)
        return None
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        err("%s: task missing" % name)
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict) or set(pf) - SCOPES:
        err("%s: plan_falsifiers scopes must be in %s" % (name, SCOPES))
    else:
        for sc, items in pf.items():
            check_evidence_list("%s plan_falsifiers.%s" % (name, sc), items)
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        err("%s: commitments must be a non-empty list" % name)
        return plan
    ids = set()
    for c in cms:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            err("%s: commitment without id" % name)
            continue
        if cid in ids:
            err("%s: duplicate commitment id %s" % (name, cid))
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            err("%s/%s: subgoal missing" % (name, cid))
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            err("%s/%s: confidence out of [0,1]" % (name, cid))
        if "skill" in c and not isinstance(c["skill"], str):
            err("%s/%s: skill must be a string" % (name, cid))
        conf_m = c.get("confirm") or {}
        fal_m = c.get("falsify") or {}
        if not isinstance(conf_m, dict) or set(conf_m) - STAGES:
            err("%s/%s: confirm stages must be in %s" % (name, cid, STAGES))
        else:
            for st, items in conf_m.items():
                check_evidence_list("%s/%s confirm.%s" % (name, cid, st), items)
        if not isinstance(fal_m, dict) or set(fal_m) - SCOPES:
            err("%s/%s: falsify scopes must be in %s" % (name, cid, SCOPES))
        else:
            for sc, items in fal_m.items():
                check_evidence_list("%s/%s falsify.%s" % (name, cid, sc), items)
    plan["_ids"] = ids
    return plan


# ---------------------------------------------------------------------------
# Corpus checks
# ---------------------------------------------------------------------------

LINE_RE = re.compile(r"^(\t*)(?:StaticText (?:'[^']*'|\"[^\"]*\")|\[(a\d+)\] [A-Za-z]+ (?:'[^']*'|\"[^\"]*\")(, .+)?)$")
ACTION_RE = re.compile(r"^(click|fill|select_option|press|goto|send_msg_to_user)\((.*)\)$", re.S)


def page_bids(text, where):
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        err("%s: text must start with RootWebArea" % where)
    bids = {}
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not m:
            err("%s: malformed AXTree line %r" % (where, ln[:80]))
            continue
        if m.group(2):
            if m.group(2) in bids:
                err("%s: duplicate bid %s" % (where, m.group(2)))
            bids[m.group(2)] = ln.strip()
    return bids


def check_obs(o, where):
    if not isinstance(o, dict):
        err("%s: observation must be an object" % where)
        return {}
    for k in ("url", "title", "text", "error"):
        if k not in o:
            err("%s: observation missing %s" % (where, k))
    if not str(o.get("url", "")).startswith("http"):
        err("%s: bad url" % where)
    bids = page_bids(o.get("text", ""), where)
    if o.get("title") and ("RootWebArea %r" % o["title"]) not in o.get("text", "").split("\n")[0]:
        err("%s: title does not match RootWebArea" % where)
    return bids


def check_corpus(plans):
    runs = []
    with open(CORPUS, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            line = line.rstrip("\n")
            try:
                run = json.loads(line)
            except ValueError as e:
                err("line %d: not JSON: %s" % (n, e))
                continue
            if json.dumps(run, ensure_ascii=False) != line:
                err("line %d: does not round-trip through json unchanged" % n)
            runs.append(run)
    ids = set()
    for run in runs:
        rid = run.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in run:
                err("%s: missing %s" % (rid, k))
        if rid in ids:
            err("duplicate run id %s" % rid)
        ids.add(rid)
        plan_path = os.path.join(HERE, run.get("plan", ""))
        if not isinstance(run.get("plan"), str) or not os.path.isfile(plan_path):
            err("%s: plan file %r does not exist" % (rid, run.get("plan")))
            continue
        plan = plans.get(os.path.normpath(plan_path))
        if plan is None:
            err("%s: plan %s failed to load" % (rid, run["plan"]))
            continue
        if plan.get("task") != run.get("task"):
            err("%s: task differs from the plan's task" % rid)
        if run["plan"] != "plans/%s.yaml" % run["workflow"]:
            err("%s: plan path should be plans/<workflow>.yaml" % rid)
        steps = run.get("steps") or []
        if not steps:
            err("%s: no steps" % rid)
        label = run.get("label") or {}
        if set(label) < {"fault", "first_off_track_step"}:
            err("%s: label needs fault and first_off_track_step" % rid)
        fault, fstep = label.get("fault"), label.get("first_off_track_step")
        success = (run.get("outcome") or {}).get("success")
        if fault is None:
            if fstep is not None:
                err("%s: healthy run with a fault step" % rid)
            if success is not True:
                err("%s: healthy run should succeed" % rid)
        else:
            if not isinstance(fault, str) or not fault:
                err("%s: fault must be a non-empty string" % rid)
            if not isinstance(fstep, int) or isinstance(fstep, bool) or not 0 <= fstep < len(steps):
                err("%s: first_off_track_step %r out of range 0..%d" % (rid, fstep, len(steps) - 1))
            if success is not False:
                err("%s: faulty run should not succeed" % rid)
            if fault not in rid:
                err("%s: run id should name its fault kind %s" % (rid, fault))
        prev_bids = check_obs(run.get("initial_observation"), "%s initial" % rid)
        for i, st in enumerate(steps):
            where = "%s step %d" % (rid, i)
            a = st.get("action") or {}
            for k in ("command", "reasoning", "effect"):
                if k not in a:
                    err("%s: action missing %s" % (where, k))
            if a.get("effect") not in EFFECTS:
                err("%s: effect %r not in %s" % (where, a.get("effect"), EFFECTS))
            if "commitment" in st and st["commitment"] not in plan["_ids"]:
                err("%s: commitment %r not in plan" % (where, st["commitment"]))
            m = ACTION_RE.match(a.get("command", ""))
            if not m:
                err("%s: unrecognised command %r" % (where, a.get("command")))
            elif m.group(1) in ("click", "fill", "select_option", "press"):
                bm = re.match(r"'(a\d+)'", m.group(2))
                if not bm or bm.group(1) not in prev_bids:
                    err("%s: command %s uses a bid not on the previous page" % (where, a["command"]))
                elif a.get("target") and not prev_bids[bm.group(1)].split("] ", 1)[1].startswith(a["target"]):
                    err("%s: target %r does not match %r" % (where, a["target"], prev_bids[bm.group(1)]))
            prev_bids = check_obs(st.get("observation"), where)
    return runs


def check_regenerates(runs):
    sys.path.insert(0, HERE)
    import make_corpus  # noqa: fresh import re-seeds its RNG
    fresh = make_corpus.register_runs() + make_corpus.authorise_runs()
    if [json.dumps(r, ensure_ascii=False) for r in fresh] != [json.dumps(r, ensure_ascii=False) for r in runs]:
        err("make_corpus.py does not regenerate corpus.jsonl exactly")
    for wf, text in make_corpus.PLANS.items():
        with open(os.path.join(HERE, "plans", "%s.yaml" % wf), encoding="utf-8") as fh:
            if fh.read() != text:
                err("plans/%s.yaml differs from make_corpus.py" % wf)


def main():
    plans = {}
    pdir = os.path.join(HERE, "plans")
    for fn in sorted(os.listdir(pdir)):
        if fn.endswith((".yaml", ".yml", ".json")):
            p = os.path.normpath(os.path.join(pdir, fn))
            plan = check_plan(p)
            if plan is not None:
                plans[p] = plan
    runs = check_corpus(plans)
    workflows = sorted({r.get("workflow") for r in runs})
    healthy = [r for r in runs if (r.get("label") or {}).get("fault") is None]
    faulty = [r for r in runs if (r.get("label") or {}).get("fault") is not None]
    if len(runs) != 20:
        err("expected 20 runs, found %d" % len(runs))
    if len(workflows) != 2:
        err("expected 2 workflows, found %s" % workflows)
    if len(healthy) != 8 or len(faulty) != 12:
        err("expected 8 healthy and 12 faulty runs, found %d/%d" % (len(healthy), len(faulty)))
    for wf in workflows:
        n = sum(1 for r in runs if r.get("workflow") == wf)
        h = sum(1 for r in healthy if r.get("workflow") == wf)
        if not 8 <= n <= 12 or h < 2:
            err("workflow %s: %d runs (%d healthy), expected about 10 with some healthy" % (wf, n, h))
    kinds = [r["label"]["fault"] for r in faulty]
    if len(set(kinds)) != len(kinds):
        err("fault kinds repeat: %s" % kinds)
    readme = os.path.join(HERE, "README.md")
    if os.path.isfile(readme):
        with open(readme, encoding="utf-8") as fh:
            rt = fh.read()
        for r in runs:
            if r.get("id") not in rt:
                err("README.md does not list run %s" % r.get("id"))
            lab = r.get("label") or {}
            if lab.get("fault") is not None:
                row = [ln for ln in rt.splitlines() if ln.startswith("|") and "`%s`" % r["id"] in ln]
                if not row or "| %s |" % lab["first_off_track_step"] not in row[0] or lab["fault"] not in row[0]:
                    err("README.md row for %s does not match its label" % r["id"])
    else:
        err("README.md missing")
    if not ERRORS:
        check_regenerates(runs)
    if ERRORS:
        for e in ERRORS:
            print("FAIL:", e)
        print("%d problem(s)" % len(ERRORS))
        return 1
    print("OK: %d runs (%d healthy, %d faulty) over %d workflows; %d plans; fault kinds: %s"
          % (len(runs), len(healthy), len(faulty), len(workflows), len(plans), ", ".join(kinds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
