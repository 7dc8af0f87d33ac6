#!/usr/bin/env python3
"""Self-test for the Wheelhouse held-out corpus (standard library only).

Checks corpus.jsonl and plans/wheelhouse.yaml against the fcpkit format contract
(/work/shared/FORMATS.md): required fields, labels, that every action's bid exists on the
page it acted on (and its target matches that node), and that make_corpus.py is
byte-for-byte reproducible.
"""
import ast
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")

N_RUNS, N_HEALTHY, N_FAULTY = 20, 8, 12
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_filter",
                   "permission_denied", "session_expired", "premature_success", "skipped_step",
                   "dialog_mishandled"}
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}
VERBS_WITH_BID = {"click", "fill", "press", "select_option", "hover", "dblclick", "focus", "clear",
                  "check", "uncheck"}
VERBS_NO_BID = {"send_msg_to_user", "go_back", "go_forward", "goto", "noop", "scroll",
                "report_infeasible"}

NODE_RE = re.compile(
    r"^(?P<ind>\t*)(?:\[(?P<bid>\d+)\] )?(?P<role>[A-Za-z]+) "
    r"(?P<name>'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(?P<props>, .+)?$")

FAILURES = []


def fail(msg):
    FAILURES.append(msg)


# ---------------------------------------------------------------------------
# A small YAML reader for the block/flow subset the plan uses.
# ---------------------------------------------------------------------------
KEY_RE = re.compile(r"^([A-Za-z_][\w-]*):(?:\s+(.*))?$")


def _split_flow(s):
    items, cur, quote, i = [], "", None, 0
    while i < len(s):
        c = s[i]
        if quote:
            cur += c
            if c == "\\" and quote == '"':
                cur += s[i + 1]
                i += 1
            elif c == quote:
                quote = None
        elif c in "\"'":
            quote = c
            cur += c
        elif c == ",":
            items.append(cur.strip())
            cur = ""
        else:
            cur += c
        i += 1
    if cur.strip():
        items.append(cur.strip())
    return items


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
            raise ValueError("unterminated flow list: %r" % s)
        inner = s[1:-1].strip()
        return [_scalar(x) for x in _split_flow(inner)] if inner else []
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
        st = raw.strip()
        if not st or st.startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation: %r" % raw)
        lines.append([len(raw) - len(raw.lstrip(" ")), st])

    def block(i, ind):
        if lines[i][1] == "-" or lines[i][1].startswith("- "):
            return seq(i, ind)
        return mapping(i, ind)

    def mapping(i, ind):
        out = {}
        while i < len(lines) and lines[i][0] == ind and not lines[i][1].startswith("- "):
            m = KEY_RE.match(lines[i][1])
            if not m:
                raise ValueError("expected 'key: value', got %r" % lines[i][1])
            key, rest = m.group(1), m.group(2)
            if key in out:
                raise ValueError("duplicate key %r" % key)
            i += 1
            if rest is None or rest == "":
                if i < len(lines) and (lines[i][0] > ind or
                                       (lines[i][0] == ind and lines[i][1].startswith("- "))):
                    out[key], i = block(i, lines[i][0])
                else:
                    out[key] = None
            else:
                out[key] = _scalar(rest)
        if i < len(lines) and lines[i][0] > ind:
            raise ValueError("bad indentation at %r" % lines[i][1])
        return out, i

    def seq(i, ind):
        out = []
        while i < len(lines) and lines[i][0] == ind and (lines[i][1] == "-" or
                                                         lines[i][1].startswith("- ")):
            content = lines[i][1][1:].strip()
            if not content:
                i += 1
                val, i = block(i, lines[i][0])
            elif KEY_RE.match(content) and not content.startswith(("'", '"', "[")):
                lines[i] = [ind + 2, content]
                val, i = mapping(i, ind + 2)
            else:
                val = _scalar(content)
                i += 1
            out.append(val)
        return out, i

    if not lines:
        return None
    val, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError("unparsed content from %r" % lines[i][1])
    return val


def _yaml11_on(x):
    """PyYAML follows YAML 1.1, where a bare `on` key reads as boolean true. The plan spells
    the contract's key `on` (as FORMATS.md does); map it back before comparing."""
    if isinstance(x, dict):
        return {("on" if k is True else k): _yaml11_on(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_yaml11_on(v) for v in x]
    return x


# ---------------------------------------------------------------------------
# Plan checks
# ---------------------------------------------------------------------------
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
                fail("%s: evidence mapping needs text" % where)
            if it.get("on", "state") not in ON:
                fail("%s: bad on=%r" % (where, it.get("on")))
            extra = set(it) - {"text", "on"}
            if extra:
                fail("%s: unexpected keys %s" % (where, sorted(extra)))
        else:
            fail("%s: evidence item must be str or mapping, got %r" % (where, it))


def check_plan(plan, path):
    if not isinstance(plan, dict):
        fail("%s: plan is not a mapping" % path)
        return set()
    if not isinstance(plan.get("task"), str):
        fail("%s: task missing" % path)
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in SCOPES:
            fail("%s: plan_falsifiers scope %r" % (path, scope))
        check_evidence("%s plan_falsifiers.%s" % (path, scope), items)
    ids = set()
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not cs:
        fail("%s: commitments missing" % path)
        return ids
    for c in cs:
        cid = c.get("id")
        if not isinstance(cid, str) or cid in ids:
            fail("%s: commitment id missing or duplicated: %r" % (path, cid))
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str):
            fail("%s: %s has no subgoal" % (path, cid))
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            fail("%s: %s confidence %r outside [0, 1]" % (path, cid, k))
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                fail("%s: %s confirm stage %r" % (path, cid, stage))
            check_evidence("%s %s.confirm.%s" % (path, cid, stage), items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                fail("%s: %s falsify scope %r" % (path, cid, scope))
            check_evidence("%s %s.falsify.%s" % (path, cid, scope), items)
    return ids


# ---------------------------------------------------------------------------
# Corpus checks
# ---------------------------------------------------------------------------
def parse_page(obs, where):
    nodes = {}
    if not isinstance(obs, dict):
        fail("%s: observation is not an object" % where)
        return nodes
    for k in ("url", "title", "text"):
        if not isinstance(obs.get(k), str):
            fail("%s: observation.%s must be a string" % (where, k))
            return nodes
    if "error" not in obs or not (obs["error"] is None or isinstance(obs["error"], str)):
        fail("%s: observation.error must be null or a string" % where)
    if not obs["url"].startswith("http"):
        fail("%s: url %r" % (where, obs["url"]))
    lines = obs["text"].split("\n")
    if lines[0] != "RootWebArea %r, focused" % obs["title"]:
        fail("%s: first line must be the RootWebArea named after the title" % where)
    for ln in lines[1:]:
        m = NODE_RE.match(ln)
        if not m:
            fail("%s: malformed AXTree line %r" % (where, ln))
            continue
        bid = m.group("bid")
        if bid is None:
            if m.group("role") != "StaticText":
                fail("%s: only StaticText may lack a bid: %r" % (where, ln))
            continue
        if bid in nodes:
            fail("%s: duplicate bid %s" % (where, bid))
        nodes[bid] = ("%s %s" % (m.group("role"), m.group("name")), m.group("props") or "", ln)
    return nodes


def parse_command(cmd):
    m = re.fullmatch(r"([a-z_]+)\((.*)\)", cmd, re.S)
    if not m:
        raise ValueError("not a call: %r" % cmd)
    args = ast.literal_eval("(" + m.group(2) + ",)") if m.group(2).strip() else ()
    return m.group(1), args


def check_corpus(path):
    with open(path, encoding="utf-8") as f:
        raw = f.read()
    if not raw.endswith("\n"):
        fail("corpus.jsonl must end with a newline")
    rows = []
    for n, line in enumerate(raw.splitlines(), 1):
        try:
            rows.append(json.loads(line))
        except ValueError as e:
            fail("line %d: invalid JSON: %s" % (n, e))
    if len(rows) != N_RUNS:
        fail("expected %d runs, found %d" % (N_RUNS, len(rows)))

    plans, seen = {}, set()
    healthy = faulty = 0
    faults = {}
    for r in rows:
        rid = r.get("id")
        where = str(rid)
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps",
                  "outcome"):
            if k not in r:
                fail("%s: missing field %r" % (where, k))
        if rid in seen:
            fail("%s: duplicate id" % where)
        seen.add(rid)
        # plan
        plan_ref = r.get("plan")
        if isinstance(plan_ref, str):
            ppath = os.path.join(os.path.dirname(path), plan_ref)
            if ppath not in plans:
                if not os.path.exists(ppath):
                    fail("%s: plan %s does not exist" % (where, plan_ref))
                    plans[ppath] = (None, set())
                else:
                    with open(ppath, encoding="utf-8") as f:
                        txt = f.read()
                    try:
                        pl = parse_yaml(txt)
                    except ValueError as e:
                        fail("%s: plan does not parse: %s" % (plan_ref, e))
                        pl = None
                    try:  # cross-check against PyYAML where it happens to be installed
                        import yaml
                        if pl is not None and _yaml11_on(yaml.safe_load(txt)) != pl:
                            fail("%s: mini YAML reader and PyYAML disagree" % plan_ref)
                    except ImportError:
                        pass
                    plans[ppath] = (pl, check_plan(pl, plan_ref) if pl is not None else set())
            plan, cids = plans[ppath]
        elif isinstance(plan_ref, dict):
            plan, cids = plan_ref, check_plan(plan_ref, where + " inline plan")
        else:
            fail("%s: plan must be a path or an object" % where)
            plan, cids = None, set()
        if plan is not None and plan.get("task") != r.get("task"):
            fail("%s: task differs from the plan's task" % where)
        if r.get("workflow") and isinstance(plan_ref, str) and \
                plan_ref != "plans/%s.yaml" % r["workflow"]:
            fail("%s: plan path should be plans/<workflow>.yaml" % where)

        steps = r.get("steps") or []
        if not isinstance(steps, list) or not steps:
            fail("%s: steps must be a non-empty list" % where)
            continue
        # label / outcome
        label = r.get("label") or {}
        fault, off = label.get("fault", "MISSING"), label.get("first_off_track_step", "MISSING")
        success = (r.get("outcome") or {}).get("success")
        if not isinstance(success, bool):
            fail("%s: outcome.success must be a bool" % where)
        if fault is None:
            healthy += 1
            if off is not None:
                fail("%s: healthy run must have first_off_track_step null" % where)
            if success is not True:
                fail("%s: healthy run should succeed" % where)
        elif isinstance(fault, str) and fault:
            faulty += 1
            faults.setdefault(fault, []).append(off)
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                fail("%s: first_off_track_step %r not an index into steps" % (where, off))
            if success is not False:
                fail("%s: faulty run should not succeed" % where)
            if not rid.startswith("wheelhouse-%s-" % fault):
                fail("%s: id should name the fault" % where)
        else:
            fail("%s: label.fault must be null or a non-empty string" % where)

        # pages and actions
        prev = parse_page(r.get("initial_observation"), where + " initial_observation")
        for i, s in enumerate(steps):
            w = "%s step %d" % (where, i)
            act = s.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if k not in act:
                    fail("%s: action.%s missing" % (w, k))
            if act.get("effect") not in EFFECTS:
                fail("%s: effect %r" % (w, act.get("effect")))
            if "commitment" in s and s["commitment"] not in cids:
                fail("%s: commitment %r not in plan" % (w, s["commitment"]))
            try:
                verb, args = parse_command(act.get("command", ""))
            except (ValueError, SyntaxError) as e:
                fail("%s: %s" % (w, e))
                verb, args = None, ()
            if verb in VERBS_WITH_BID:
                bid = args[0] if args else None
                if not isinstance(bid, str) or bid not in prev:
                    fail("%s: bid %r is not on the page acted on" % (w, bid))
                else:
                    node, props, ln = prev[bid]
                    if act.get("target") != node:
                        fail("%s: target %r does not match node %r" % (w, act.get("target"), node))
                    if "disabled=True" in props:
                        fail("%s: acts on a disabled node %r" % (w, ln))
                    if verb in ("fill", "press", "select_option") and len(args) < 2:
                        fail("%s: %s needs a value" % (w, verb))
                    if verb == "select_option":
                        ok = any(p[0] == "option %r" % args[1] for p in prev.values())
                        if not ok:
                            fail("%s: no option %r on the page" % (w, args[1]))
            elif verb in VERBS_NO_BID:
                if act.get("target") is not None:
                    fail("%s: %s has no element target" % (w, verb))
            elif verb is not None:
                fail("%s: unknown action verb %r" % (w, verb))
            prev = parse_page(s.get("observation"), w + " observation")

    if healthy != N_HEALTHY or faulty != N_FAULTY:
        fail("expected %d healthy and %d faulty runs, found %d and %d"
             % (N_HEALTHY, N_FAULTY, healthy, faulty))
    missing = REQUIRED_FAULTS - set(faults)
    if missing:
        fail("fault kinds not covered: %s" % sorted(missing))
    if not any(0 in v for v in faults.values()):
        fail("no fault labelled at step 0")
    return rows, plans, faults


def check_confirm_evidence_is_real(rows, plans):
    """Every confirming string in the plan occurs on some healthy page (the plan was written
    from the healthy pages)."""
    healthy_text = "\n".join(
        "\n".join([r["initial_observation"]["text"]] + [s["observation"]["text"] for s in r["steps"]])
        for r in rows if r["label"]["fault"] is None)
    for plan, _ in plans.values():
        if not plan:
            continue
        for c in plan["commitments"]:
            for stage, items in (c.get("confirm") or {}).items():
                for it in items or []:
                    t = it if isinstance(it, str) else it["text"]
                    if t not in healthy_text:
                        fail("plan %s.confirm.%s: %r never appears on a healthy page"
                             % (c["id"], stage, t))


def digest(folder):
    h = {}
    for rel in ("corpus.jsonl", os.path.join("plans", "wheelhouse.yaml")):
        with open(os.path.join(folder, rel), "rb") as f:
            h[rel] = hashlib.sha256(f.read()).hexdigest()
    return h


def check_determinism():
    script = os.path.join(HERE, "make_corpus.py")
    got = []
    for _ in range(2):
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, PYTHONHASHSEED="random")
            p = subprocess.run([sys.executable, script, tmp], capture_output=True, text=True, env=env)
            if p.returncode != 0:
                fail("make_corpus.py failed: %s" % p.stderr.strip()[-500:])
                return
            got.append(digest(tmp))
    if got[0] != got[1]:
        fail("make_corpus.py is not deterministic")
    if got[0] != digest(HERE):
        fail("checked-in corpus/plan differ from a fresh make_corpus.py run")


def main():
    rows, plans, faults = check_corpus(CORPUS)
    if not FAILURES:
        check_confirm_evidence_is_real(rows, plans)
    check_determinism()
    if FAILURES:
        for m in FAILURES:
            print("FAIL:", m)
        print("%d problem(s)" % len(FAILURES))
        return 1
    print("OK: %d runs (%d healthy, %d faulty); faults: %s" % (
        len(rows), sum(1 for r in rows if r["label"]["fault"] is None),
        sum(1 for r in rows if r["label"]["fault"] is not None),
        ", ".join("%s@%s" % (k, ",".join(map(str, v))) for k, v in sorted(faults.items()))))
    print("make_corpus.py is byte-for-byte reproducible")
    return 0


if __name__ == "__main__":
    sys.exit(main())
