#!/usr/bin/env python3
"""Validate the Grantwell corpus against the fcpkit format contract (standard library only).

Checks: make_corpus.py is byte-for-byte reproducible; the plan parses and is well formed;
every trajectory has the contract's fields and a consistent label; every action's bid exists on
the page it acted on (and its target matches that node); the accessibility trees are well formed.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EFFECTS = {"read", "write", "irreversible"}
STAGES = ("precondition", "progress", "completion")
SCOPES = ("execution", "skill", "planning")
EXPECTED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "stale_filter", "unrequested_filter",
                   "unrequested_constraint", "permission_denied", "session_expired", "premature_success",
                   "skipped_step", "dialog_mishandled"}
NODE_RE = re.compile(r"^(\t*)\[([A-Za-z0-9]+)\] (\S+) '([^']*)'(, .*)?$")
TEXT_RE = re.compile(r"^(\t*)StaticText '([^']*)'$")
ROOT_RE = re.compile(r"^RootWebArea '([^']*)'(, .*)?$")
CMD_RE = re.compile(r"^(click|fill|select_option|press|hover|check|uncheck|focus|clear|dblclick)\('([^']+)'")

errors = []


def err(msg):
    errors.append(msg)


# ----------------------------------------------------------------------------- tiny YAML subset
def _strip_comment(line):
    out, q = [], None
    for i, ch in enumerate(line):
        if q:
            if ch == "\\" and q == '"':
                out.append(ch)
                continue
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
    i = 0
    while i < len(s):
        ch = s[i]
        if q:
            cur.append(ch)
            if ch == "\\" and q == '"' and i + 1 < len(s):
                cur.append(s[i + 1])
                i += 2
                continue
            if ch == q:
                q = None
        elif ch in "\"'":
            q = ch
            cur.append(ch)
        elif ch in "[{":
            depth += 1
            cur.append(ch)
        elif ch in "]}":
            depth -= 1
            cur.append(ch)
        elif ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
        i += 1
    parts.append("".join(cur))
    return parts


def _key_split(s):
    """Split 'key: value' at the first top-level ': ' (or trailing ':'). Returns (key, rest) or None."""
    q = None
    for i, ch in enumerate(s):
        if q:
            if ch == q:
                q = None
            continue
        if ch in "\"'":
            if i == 0:
                q = ch
            continue
        if ch in "[{" and i == 0:
            return None
        if ch == ":" and (i + 1 == len(s) or s[i + 1] == " "):
            key = s[:i].strip()
            if key.startswith('"'):
                key = json.loads(key)
            return key, s[i + 1:].strip()
    return None


def _scalar(s):
    s = s.strip()
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'"):
        return s[1:-1].replace("''", "'")
    if s.startswith("["):
        inner = s[1:-1].strip()
        return [] if not inner else [_scalar(x) for x in _split_top(inner, ",")]
    if s.startswith("{"):
        inner = s[1:-1].strip()
        d = {}
        for part in (_split_top(inner, ",") if inner else []):
            kv = _key_split(part.strip())
            if kv is None:
                raise ValueError("bad flow mapping item: %r" % part)
            d[kv[0]] = _scalar(kv[1])
        return d
    if s in ("null", "~", ""):
        return None
    if s in ("true", "false"):
        return s == "true"
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    return s


def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        s = _strip_comment(raw)
        if s.strip():
            lines.append([len(s) - len(s.lstrip(" ")), s.strip()])

    def block(i, ind):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            return seq(i, ind)
        return mapping(i, ind)

    def mapping(i, ind):
        d = {}
        while i < len(lines) and lines[i][0] == ind and not lines[i][1].startswith("- "):
            kv = _key_split(lines[i][1])
            if kv is None:
                raise ValueError("expected 'key: value' at %r" % lines[i][1])
            key, rest = kv
            i += 1
            if rest == "":
                if i < len(lines) and lines[i][0] > ind:
                    v, i = block(i, lines[i][0])
                elif i < len(lines) and lines[i][0] == ind and lines[i][1].startswith("- "):
                    v, i = seq(i, ind)
                else:
                    v = None
            else:
                v = _scalar(rest)
            if key in d:
                raise ValueError("duplicate key %r" % key)
            d[key] = v
        return d, i

    def seq(i, ind):
        out = []
        while i < len(lines) and lines[i][0] == ind and (lines[i][1].startswith("- ") or lines[i][1] == "-"):
            rest = lines[i][1][1:].strip()
            if rest == "":
                i += 1
                v, i = block(i, lines[i][0])
            elif rest[0] not in "[{\"'" and _key_split(rest) is not None:
                lines[i] = [ind + 2, rest]
                v, i = mapping(i, ind + 2)
            else:
                v = _scalar(rest)
                i += 1
            out.append(v)
        return out, i

    val, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError("unparsed YAML from line %r" % lines[i][1])
    return val


# ----------------------------------------------------------------------------- plan checks
def check_evidence(item, where):
    if isinstance(item, str):
        if not item.strip():
            err("%s: empty evidence string" % where)
    elif isinstance(item, dict):
        if not isinstance(item.get("text"), str) or not item["text"].strip():
            err("%s: evidence mapping without text" % where)
        if item.get("on", "state") not in ("state", "action", "both"):
            err("%s: bad 'on' %r" % (where, item.get("on")))
        extra = set(item) - {"text", "on"}
        if extra:
            err("%s: unexpected evidence keys %s" % (where, sorted(extra)))
    else:
        err("%s: evidence must be a string or mapping, got %r" % (where, item))


def check_plan(path):
    with open(path, encoding="utf-8") as fh:
        plan = parse_yaml(fh.read())
    if not isinstance(plan.get("task"), str) or not plan["task"]:
        err("plan: missing task")
    pf = plan.get("plan_falsifiers") or {}
    for scope, items in pf.items():
        if scope not in SCOPES:
            err("plan_falsifiers: unknown scope %r" % scope)
        for it in items or []:
            check_evidence(it, "plan_falsifiers.%s" % scope)
    if not any("Sign in to Grantwell" in (x if isinstance(x, str) else x.get("text", ""))
               for x in pf.get("execution") or []):
        err("plan: no plan-level falsifier naming the sign-in page")
    ids = []
    action_items = 0
    for c in plan.get("commitments") or []:
        cid = c.get("id")
        if not isinstance(cid, str):
            err("commitment without id: %r" % c)
            continue
        ids.append(cid)
        if not isinstance(c.get("subgoal"), str):
            err("%s: subgoal missing" % cid)
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            err("%s: confidence out of range" % cid)
        for st, items in (c.get("confirm") or {}).items():
            if st not in STAGES:
                err("%s: unknown confirm stage %r" % (cid, st))
            for it in items or []:
                check_evidence(it, "%s.confirm.%s" % (cid, st))
        for sc, items in (c.get("falsify") or {}).items():
            if sc not in SCOPES:
                err("%s: unknown falsify scope %r" % (cid, sc))
            for it in items or []:
                check_evidence(it, "%s.falsify.%s" % (cid, sc))
                action_items += isinstance(it, dict) and it.get("on") == "action"
    if len(ids) != len(set(ids)):
        err("plan: duplicate commitment ids")
    if not action_items:
        err("plan: no action falsifiers")
    return plan, set(ids)


# ----------------------------------------------------------------------------- corpus checks
def parse_tree(text, where):
    lines = text.split("\n")
    nodes = {}
    if not ROOT_RE.match(lines[0]):
        err("%s: first line is not a RootWebArea" % where)
    prev_depth = 0
    for ln in lines[1:]:
        m = NODE_RE.match(ln)
        t = TEXT_RE.match(ln)
        if m:
            depth = len(m.group(1))
            bid = m.group(2)
            if bid in nodes:
                err("%s: duplicate bid %s" % (where, bid))
            nodes[bid] = "%s '%s'" % (m.group(3), m.group(4))
        elif t:
            depth = len(t.group(1))
        else:
            err("%s: malformed tree line %r" % (where, ln))
            continue
        if depth < 1 or depth > prev_depth + 1:
            err("%s: bad indentation at %r" % (where, ln))
        prev_depth = depth
    return nodes


def check_obs(o, where):
    if not isinstance(o, dict):
        err("%s: observation is not an object" % where)
        return {}
    for k in ("url", "title", "text", "error"):
        if k not in o:
            err("%s: observation lacks %s" % (where, k))
    if not str(o.get("url", "")).startswith("http"):
        err("%s: bad url" % where)
    if o.get("error") is not None and not isinstance(o["error"], str):
        err("%s: error must be a string or null" % where)
    root = ROOT_RE.match(o.get("text", "").split("\n")[0])
    if not root or root.group(1) != o.get("title"):
        err("%s: RootWebArea name differs from the title" % where)
    return parse_tree(o.get("text", ""), where)


def check_corpus(plan_ids):
    with open(CORPUS, encoding="utf-8") as fh:
        raw = fh.read()
    if not raw.endswith("\n"):
        err("corpus: missing final newline")
    recs = [json.loads(l) for l in raw.splitlines()]
    if len(recs) != 20:
        err("corpus: expected 20 runs, found %d" % len(recs))
    ids = [r.get("id") for r in recs]
    if len(set(ids)) != len(ids):
        err("corpus: duplicate ids")
    healthy = [r for r in recs if r.get("label", {}).get("fault") is None]
    faulty = [r for r in recs if r.get("label", {}).get("fault") is not None]
    if len(healthy) != 8 or len(faulty) != 12:
        err("corpus: want 8 healthy + 12 faulty, got %d + %d" % (len(healthy), len(faulty)))
    kinds = {r["label"]["fault"] for r in faulty}
    if kinds != EXPECTED_FAULTS:
        err("corpus: fault kinds differ: missing %s, extra %s"
            % (sorted(EXPECTED_FAULTS - kinds), sorted(kinds - EXPECTED_FAULTS)))
    for r in recs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err("%s: missing %s" % (rid, k))
        if r.get("workflow") != "grantwell":
            err("%s: workflow" % rid)
        plan = r.get("plan")
        if isinstance(plan, str) and not os.path.exists(os.path.join(HERE, plan)):
            err("%s: plan path %s does not exist" % (rid, plan))
        lab = r.get("label", {})
        steps = r.get("steps") or []
        if not steps:
            err("%s: no steps" % rid)
        if set(lab) < {"fault", "first_off_track_step"}:
            err("%s: label lacks fields" % rid)
        if lab.get("fault") is None:
            if lab.get("first_off_track_step") is not None:
                err("%s: healthy run with an off-track step" % rid)
            if r.get("outcome", {}).get("success") is not True:
                err("%s: healthy run must succeed" % rid)
        else:
            s = lab.get("first_off_track_step")
            if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < len(steps):
                err("%s: first_off_track_step %r out of range" % (rid, s))
            if r.get("outcome", {}).get("success") is not False:
                err("%s: faulty run must not succeed" % rid)
        if not isinstance(r.get("outcome", {}).get("success"), bool):
            err("%s: outcome.success must be bool" % rid)
        prev_nodes = check_obs(r.get("initial_observation"), "%s initial" % rid)
        for i, st in enumerate(steps):
            where = "%s step %d" % (rid, i)
            a = st.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if not isinstance(a.get(k), str):
                    err("%s: action.%s missing" % (where, k))
            if a.get("effect") not in EFFECTS:
                err("%s: bad effect %r" % (where, a.get("effect")))
            cmt = st.get("commitment")
            if cmt is not None and cmt not in plan_ids:
                err("%s: commitment %r not in plan" % (where, cmt))
            cmd = a.get("command", "")
            m = CMD_RE.match(cmd)
            if m:
                bid = m.group(2)
                if bid not in prev_nodes:
                    err("%s: bid %s not on the page acted on" % (where, bid))
                elif prev_nodes[bid] != a.get("target"):
                    err("%s: target %r != node %r" % (where, a.get("target"), prev_nodes[bid]))
            elif not cmd.startswith(("send_msg_to_user(", "goto(", "go_back(", "scroll(", "noop(")):
                err("%s: unrecognised command %r" % (where, cmd))
            prev_nodes = check_obs(st.get("observation"), where)
    return recs


def check_determinism():
    with tempfile.TemporaryDirectory() as d1, tempfile.TemporaryDirectory() as d2:
        for d in (d1, d2):
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", d], check=True,
                           stdout=subprocess.DEVNULL)
        for rel in ("corpus.jsonl", os.path.join("plans", "grantwell.yaml")):
            blobs = []
            for d in (HERE, d1, d2):
                with open(os.path.join(d, rel), "rb") as fh:
                    blobs.append(fh.read())
            if not blobs[0] == blobs[1] == blobs[2]:
                err("determinism: %s differs between generations" % rel)


def main():
    check_determinism()
    plan, plan_ids = check_plan(os.path.join(HERE, "plans", "grantwell.yaml"))
    recs = check_corpus(plan_ids)
    if errors:
        for e in errors[:50]:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        sys.exit(1)
    by = {}
    for r in recs:
        lab = r["label"]
        if lab["fault"]:
            by.setdefault(lab["first_off_track_step"], []).append(lab["fault"])
    print("OK: %d runs (%d healthy, %d faulty), %d commitments, deterministic"
          % (len(recs), sum(r["label"]["fault"] is None for r in recs),
             sum(r["label"]["fault"] is not None for r in recs), len(plan_ids)))
    for s in sorted(by):
        print("  step %2d: %s" % (s, ", ".join(by[s])))


if __name__ == "__main__":
    main()
