#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow the FORMATS.md contract.

Run after make_corpus.py.  Exits non-zero with a list of problems if anything is off.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")

FAULTS = {"wrong_record", "wrong_value", "skipped_field", "wrong_option", "premature_done", "double_submit",
          "silent_noop", "stale_page", "error_banner", "permission_denied", "dialog_cancel", "unsaved_navigation"}
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}
BID_CMD = re.compile(r"^(click|fill|select_option|press|hover|focus|clear|dblclick|check|uncheck)\('([a-z]?\d+)'")
MSG_CMD = re.compile(r"^send_msg_to_user\(")
AX_LINE = re.compile(r"^\t*(\[([a-z]?\d+)\] [A-Za-z]+ (?:'.*'|\".*\")(?:, .*)?|StaticText (?:'.*'|\".*\"))$")

problems = []


def fail(msg):
    problems.append(msg)


# --------------------------------------------------------------------------------------
# Minimal YAML reader for the block-style subset the plans use
# --------------------------------------------------------------------------------------

def _scalar(s):
    s = s.strip()
    if s == "":
        return None
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'"):
        return s[1:-1].replace("''", "'")
    if s.startswith("{") or s.startswith("["):
        return _flow(s)
    if s in ("null", "~"):
        return None
    if s in ("true", "false"):
        return s == "true"
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    return s


def _split_top(s):
    parts, depth, quote, cur = [], 0, None, ""
    for ch in s:
        if quote:
            cur += ch
            if ch == quote and not cur.endswith("\\" + quote):
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        cur += ch
    if cur.strip():
        parts.append(cur)
    return parts


def _flow(s):
    s = s.strip()
    inner = s[1:-1]
    if s.startswith("["):
        return [_scalar(p) for p in _split_top(inner)]
    out = {}
    for part in _split_top(inner):
        k, v = part.split(":", 1)
        out[k.strip()] = _scalar(v)
    return out


def _key_value(content):
    m = re.match(r"^([A-Za-z_][\w\-]*):(?:\s+(.*))?$", content)
    if not m:
        raise ValueError("not a mapping line: %r" % content)
    return m.group(1), m.group(2)


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation")
        lines.append((len(raw) - len(raw.lstrip(" ")), raw.strip()))
    value, i = _block(lines, 0, 0)
    if i != len(lines):
        raise ValueError("trailing content at line %d" % i)
    return value


def _block(lines, i, indent):
    if lines[i][1].startswith("- ") or lines[i][1] == "-":
        return _seq(lines, i, indent)
    return _map(lines, i, indent)


def _map(lines, i, indent, first=None):
    out = {}
    while i < len(lines):
        ind, content = lines[i]
        if first is not None:
            ind, content = first
            first = None
        elif ind < indent:
            break
        elif ind > indent:
            raise ValueError("bad indent: %r" % content)
        if content.startswith("- "):
            break
        k, v = _key_value(content)
        if k in out:
            raise ValueError("duplicate key %s" % k)
        i += 1
        if v is None or v == "":
            if i < len(lines) and lines[i][0] > ind:
                out[k], i = _block(lines, i, lines[i][0])
            elif i < len(lines) and lines[i][0] == ind and lines[i][1].startswith("- "):
                out[k], i = _seq(lines, i, ind)
            else:
                out[k] = None
        else:
            out[k] = _scalar(v)
    return out, i


def _seq(lines, i, indent):
    out = []
    while i < len(lines):
        ind, content = lines[i]
        if ind != indent or not content.startswith("-"):
            break
        item = content[1:].strip()
        if re.match(r"^[A-Za-z_][\w\-]*:(\s|$)", item) and not item.startswith("{"):
            inner = indent + 2
            value, i = _map(lines, i, inner, first=(inner, item))
            out.append(value)
        else:
            out.append(_scalar(item))
            i += 1
    return out, i


# --------------------------------------------------------------------------------------
# Plan checks
# --------------------------------------------------------------------------------------

def _yaml11_on(x):
    """PyYAML follows YAML 1.1, where a bare `on` key loads as True; the contract means the key 'on'."""
    if isinstance(x, dict):
        return {("on" if k is True else k): _yaml11_on(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_yaml11_on(v) for v in x]
    return x


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
                fail("%s: evidence mapping without text" % where)
            if it.get("on", "state") not in ON:
                fail("%s: evidence 'on' must be one of %s" % (where, sorted(ON)))
        else:
            fail("%s: evidence item must be str or mapping: %r" % (where, it))


def check_plan(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        plan = load_yaml(text)
    except Exception as e:  # noqa: BLE001
        fail("%s: does not parse: %s" % (path, e))
        return None
    try:
        import yaml  # optional cross-check only
        if _yaml11_on(yaml.safe_load(text)) != plan:
            fail("%s: stdlib reader and PyYAML disagree" % path)
    except ImportError:
        pass
    if not isinstance(plan.get("task"), str) or not plan["task"]:
        fail("%s: task missing" % path)
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in SCOPES:
            fail("%s: plan_falsifiers scope %r" % (path, scope))
        check_evidence("%s plan_falsifiers.%s" % (path, scope), items)
    comms = plan.get("commitments")
    if not isinstance(comms, list) or not comms:
        fail("%s: commitments missing" % path)
        return plan
    seen = set()
    for c in comms:
        cid = c.get("id")
        if not cid or cid in seen:
            fail("%s: commitment id missing or duplicated: %r" % (path, cid))
        seen.add(cid)
        if not isinstance(c.get("subgoal"), str):
            fail("%s/%s: subgoal missing" % (path, cid))
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail("%s/%s: confidence out of [0,1]" % (path, cid))
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                fail("%s/%s: confirm stage %r" % (path, cid, stage))
            check_evidence("%s/%s confirm.%s" % (path, cid, stage), items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                fail("%s/%s: falsify scope %r" % (path, cid, scope))
            check_evidence("%s/%s falsify.%s" % (path, cid, scope), items)
    return plan


# --------------------------------------------------------------------------------------
# Corpus checks
# --------------------------------------------------------------------------------------

def check_obs(where, obs):
    if not isinstance(obs, dict):
        fail("%s: observation must be an object" % where)
        return {}
    for k in ("url", "title", "text"):
        if not isinstance(obs.get(k), str) or not obs[k]:
            fail("%s: observation.%s missing" % (where, k))
    if "error" not in obs or not (obs["error"] is None or isinstance(obs["error"], str)):
        fail("%s: observation.error must be present (null or string)" % where)
    text = obs.get("text", "")
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        fail("%s: AXTree must start with RootWebArea" % where)
    bids = {}
    for ln in lines[1:]:
        m = AX_LINE.match(ln)
        if not m:
            fail("%s: not an AXTree line: %r" % (where, ln[:80]))
            continue
        if m.group(2):
            if m.group(2) in bids:
                fail("%s: duplicate bid %s" % (where, m.group(2)))
            bids[m.group(2)] = ln.strip()
    return bids


def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl missing; run make_corpus.py first")
        return 1
    runs = []
    with open(CORPUS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                rec = json.loads(line)
            except ValueError as e:
                fail("line %d: invalid JSON: %s" % (n, e))
                continue
            if json.dumps(rec, ensure_ascii=False) + "\n" != line:
                fail("line %d: does not round-trip byte-for-byte" % n)
            runs.append(rec)

    plans = {}
    ids = set()
    for r in runs:
        rid = r.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail("%s: field %s missing" % (rid, k))
        if rid in ids:
            fail("duplicate id %s" % rid)
        ids.add(rid)
        if not str(rid).startswith(str(r.get("workflow")) + "-"):
            fail("%s: id does not start with its workflow" % rid)

        # plan
        plan_ref = r.get("plan")
        plan = None
        if isinstance(plan_ref, str):
            path = os.path.join(HERE, plan_ref)
            if not os.path.exists(path):
                fail("%s: plan %s does not exist" % (rid, plan_ref))
            else:
                if path not in plans:
                    plans[path] = check_plan(path)
                plan = plans[path]
            if plan_ref != "plans/%s.yaml" % r.get("workflow"):
                fail("%s: plan should be plans/<workflow>.yaml" % rid)
        elif isinstance(plan_ref, dict):
            plan = plan_ref
        else:
            fail("%s: plan must be a path or an object" % rid)
        if plan and plan.get("task") != r.get("task"):
            fail("%s: task differs from its plan's task" % rid)
        comm_ids = {c.get("id") for c in (plan or {}).get("commitments") or []}

        # label
        label = r.get("label") or {}
        fault, off = label.get("fault", "MISSING"), label.get("first_off_track_step", "MISSING")
        steps = r.get("steps") or []
        if fault == "MISSING" or off == "MISSING":
            fail("%s: label needs fault and first_off_track_step" % rid)
        elif fault is None:
            if off is not None:
                fail("%s: healthy run with a first_off_track_step" % rid)
            if "-healthy-" not in rid:
                fail("%s: healthy run id should say healthy" % rid)
            if r.get("outcome", {}).get("success") is not True:
                fail("%s: healthy run should succeed" % rid)
        else:
            if fault not in FAULTS:
                fail("%s: unknown fault %r" % (rid, fault))
            if "-%s-" % fault not in rid:
                fail("%s: id should name its fault" % rid)
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                fail("%s: first_off_track_step %r not a valid step index" % (rid, off))
            if r.get("outcome", {}).get("success") is not False:
                fail("%s: faulty run should not succeed" % rid)
        if not isinstance(r.get("outcome", {}).get("success"), bool):
            fail("%s: outcome.success must be a bool" % rid)

        # steps
        if not steps:
            fail("%s: no steps" % rid)
        prev_bids = check_obs("%s initial_observation" % rid, r.get("initial_observation"))
        prev_obs = r.get("initial_observation")
        for i, s in enumerate(steps):
            where = "%s step %d" % (rid, i)
            a = s.get("action") or {}
            for k in ("command", "reasoning", "effect"):
                if k not in a:
                    fail("%s: action.%s missing" % (where, k))
            if "target" not in a:
                fail("%s: action.target missing (use null when none)" % where)
            if a.get("effect") not in EFFECTS:
                fail("%s: effect %r" % (where, a.get("effect")))
            if "commitment" in s and s["commitment"] not in comm_ids:
                fail("%s: commitment %r not in the plan" % (where, s["commitment"]))
            cmd = a.get("command", "")
            m = BID_CMD.match(cmd)
            if m:
                bid = m.group(2)
                if bid not in prev_bids:
                    fail("%s: %s acts on bid %s not in the previous page" % (where, cmd, bid))
                elif a.get("target") and not prev_bids[bid].startswith("[%s] %s" % (bid, a["target"])):
                    fail("%s: target %r does not match %r" % (where, a["target"], prev_bids[bid]))
            elif MSG_CMD.match(cmd):
                if s.get("observation") != prev_obs:
                    fail("%s: a message to the user should leave the page unchanged" % where)
            else:
                fail("%s: unrecognised command %r" % (where, cmd))
            prev_bids = check_obs(where, s.get("observation"))
            prev_obs = s.get("observation")

    # corpus-level shape
    wfs = {}
    for r in runs:
        wfs.setdefault(r.get("workflow"), []).append(r)
    healthy = [r for r in runs if (r.get("label") or {}).get("fault") is None]
    faulty = [r for r in runs if (r.get("label") or {}).get("fault") is not None]
    if len(runs) != 20:
        fail("expected 20 runs, found %d" % len(runs))
    if len(wfs) != 2:
        fail("expected 2 workflows, found %s" % sorted(wfs))
    for wf, rs in wfs.items():
        if not 8 <= len(rs) <= 12:
            fail("workflow %s has %d runs (want about 10)" % (wf, len(rs)))
        if not os.path.exists(os.path.join(HERE, "plans", "%s.yaml" % wf)):
            fail("plans/%s.yaml missing" % wf)
    if len(healthy) != 8 or len(faulty) != 12:
        fail("expected 8 healthy and 12 faulty runs, found %d and %d" % (len(healthy), len(faulty)))
    kinds = {r["label"]["fault"] for r in faulty}
    if len(kinds) < 8:
        fail("too few distinct fault kinds: %s" % sorted(kinds))
    plan_files = sorted(os.listdir(os.path.join(HERE, "plans")))
    for pf in plan_files:
        full = os.path.join(HERE, "plans", pf)
        if full not in plans:
            plans[full] = check_plan(full)

    # determinism: regenerate in memory and compare
    sys.path.insert(0, HERE)
    sys.dont_write_bytecode = True
    try:
        import make_corpus as mc
        regenerated = [fn().record("plans/%s.yaml" % fn.__name__.split("_")[0]) for fn in mc.RUNS]
        if regenerated != runs:
            fail("make_corpus.py does not reproduce corpus.jsonl")
        for wf, text in mc.PLANS.items():
            with open(os.path.join(HERE, "plans", wf + ".yaml"), encoding="utf-8") as f:
                if f.read() != text:
                    fail("plans/%s.yaml differs from make_corpus.py" % wf)
    except Exception as e:  # noqa: BLE001
        fail("could not regenerate with make_corpus.py: %s" % e)

    if problems:
        print("selftest FAILED (%d problems)" % len(problems))
        for p in problems[:50]:
            print("  -", p)
        return 1
    print("selftest ok: %d runs (%d healthy, %d faulty, %d fault kinds), %d workflows, %d plans"
          % (len(runs), len(healthy), len(faulty), len(kinds), len(wfs), len(plan_files)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
