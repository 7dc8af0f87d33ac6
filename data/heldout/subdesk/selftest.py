#!/usr/bin/env python3
"""Self-test for the subdesk corpus (standard library only).

Checks the corpus and plan against the fcpkit format contract (FORMATS.md):
fields and types, labels, that every bid an action uses exists on the page it acted
on (and matches the recorded target), plan structure, and that make_corpus.py is
byte-for-byte deterministic.

    python3 selftest.py
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")

N_RUNS, N_HEALTHY, N_FAULTY = 20, 8, 12
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_constraint", "stale_filter",
                   "error_page", "permission_denied", "session_expired", "premature_success", "skipped_step",
                   "dialog_mishandled"}
BID_VERBS = {"click", "dblclick", "hover", "fill", "clear", "select_option", "press", "focus", "check", "uncheck"}
FREE_VERBS = {"send_msg_to_user", "goto", "noop", "go_back", "go_forward", "scroll"}

failures = []


def fail(msg):
    failures.append(msg)


# ----------------------------------------------------------------------------------
# minimal YAML reader for the block-style subset the plan uses
# ----------------------------------------------------------------------------------

def _split_flow(s):
    parts, depth, cur, quote = [], 0, "", None
    for ch in s:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def _scalar(s):
    s = s.strip()
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'"):
        return s[1:-1].replace("''", "'")
    if s.startswith("{") and s.endswith("}"):
        out = {}
        for part in _split_flow(s[1:-1]):
            k, v = part.split(":", 1)
            out[k.strip()] = _scalar(v)
        return out
    if s.startswith("[") and s.endswith("]"):
        return [_scalar(p) for p in _split_flow(s[1:-1])]
    if " #" in s:
        s = s.split(" #", 1)[0].rstrip()
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    if s in ("null", "~", ""):
        return None
    if s in ("true", "false"):
        return s == "true"
    return s


KEY = re.compile(r"^([A-Za-z_][\w-]*):(?:\s+(.*)|\s*)$")


def parse_yaml(text):
    lines = []
    for raw in text.split("\n"):
        st = raw.strip()
        if not st or st.startswith("#"):
            continue
        lines.append([len(raw) - len(raw.lstrip(" ")), raw.strip()])

    def block(i, ind):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            return seq(i, ind)
        return mapping(i, ind)

    def seq(i, ind):
        out = []
        while i < len(lines) and lines[i][0] == ind and lines[i][1].startswith("-"):
            item = lines[i][1][1:].strip()
            if KEY.match(item) and not item.startswith(("{", "[", '"', "'")):
                lines[i] = [ind + 2, item]
                val, i = mapping(i, ind + 2)
            else:
                val, i = _scalar(item), i + 1
            out.append(val)
        return out, i

    def mapping(i, ind):
        out = {}
        while i < len(lines) and lines[i][0] == ind:
            m = KEY.match(lines[i][1])
            if not m:
                raise ValueError("bad YAML line: %r" % lines[i][1])
            k, rest = m.group(1), (m.group(2) or "").strip()
            if k in out:
                raise ValueError("duplicate key %s" % k)
            if rest in (">", ">-", "|", "|-"):
                j, parts = i + 1, []
                while j < len(lines) and lines[j][0] > ind:
                    parts.append(lines[j][1])
                    j += 1
                out[k] = (" " if rest.startswith(">") else "\n").join(parts)
                i = j
            elif rest == "":
                if i + 1 < len(lines) and lines[i + 1][0] > ind:
                    out[k], i = block(i + 1, lines[i + 1][0])
                else:
                    out[k], i = None, i + 1
            else:
                out[k], i = _scalar(rest), i + 1
        return out, i

    val, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError("unparsed YAML from line %r" % lines[i][1])
    return val


def _norm_on(x):
    """YAML 1.1 readers (PyYAML) turn a bare `on:` key into the boolean True; map it back."""
    if isinstance(x, dict):
        return {("on" if k is True else k): _norm_on(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_norm_on(v) for v in x]
    return x


def check_evidence(where, item):
    if isinstance(item, str):
        if not item.strip():
            fail("%s: empty evidence string" % where)
    elif isinstance(item, dict):
        if not isinstance(item.get("text"), str) or not item["text"].strip():
            fail("%s: evidence mapping without text" % where)
        if item.get("on", "state") not in ON:
            fail("%s: bad 'on' %r" % (where, item.get("on")))
    else:
        fail("%s: evidence item must be a string or mapping, got %r" % (where, item))


def check_plan(path):
    text = open(path, encoding="utf-8").read()
    plan = parse_yaml(text)
    try:  # cross-check with PyYAML when it happens to be installed; never required
        import yaml  # noqa
        if _norm_on(yaml.safe_load(text)) != plan:
            fail("plan: mini YAML reader and PyYAML disagree")
    except ImportError:
        pass
    if not isinstance(plan.get("task"), str):
        fail("plan: task missing")
    pf = plan.get("plan_falsifiers") or {}
    for scope, items in pf.items():
        if scope not in SCOPES:
            fail("plan_falsifiers: bad scope %s" % scope)
        for it in items or []:
            check_evidence("plan_falsifiers.%s" % scope, it)
    ids = []
    for c in plan.get("commitments") or []:
        cid = c.get("id")
        if not isinstance(cid, str):
            fail("commitment without id")
            continue
        ids.append(cid)
        if not isinstance(c.get("subgoal"), str):
            fail("%s: subgoal missing" % cid)
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail("%s: confidence out of range" % cid)
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                fail("%s: bad confirm stage %s" % (cid, stage))
            for it in items or []:
                check_evidence("%s.confirm.%s" % (cid, stage), it)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                fail("%s: bad falsify scope %s" % (cid, scope))
            for it in items or []:
                check_evidence("%s.falsify.%s" % (cid, scope), it)
    if not ids:
        fail("plan: no commitments")
    if len(set(ids)) != len(ids):
        fail("plan: duplicate commitment ids")
    if not any(isinstance(it, str) and "Sign in" in it for it in pf.get("execution", [])):
        fail("plan: no plan-level falsifier naming the sign-in page")
    return plan, ids


# ----------------------------------------------------------------------------------
# corpus
# ----------------------------------------------------------------------------------

LINE = re.compile(r"^(\t*)(?:\[([^\]\s]+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
CMD = re.compile(r"^([a-z_]+)\((.*)\)$", re.S)


def page_nodes(text, where):
    nodes = {}
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        fail("%s: text must start with RootWebArea" % where)
    for ln in lines[1:]:
        m = LINE.match(ln)
        if not m:
            fail("%s: malformed AXTree line %r" % (where, ln))
            continue
        bid = m.group(2)
        if bid is None:
            if m.group(3) != "StaticText":
                fail("%s: node without bid %r" % (where, ln))
            continue
        if bid in nodes:
            fail("%s: duplicate bid %s" % (where, bid))
        nodes[bid] = "%s %s" % (m.group(3), m.group(4))
    return nodes


def check_obs(obs, where):
    if not isinstance(obs, dict):
        fail("%s: observation must be an object" % where)
        return {}
    for k in ("url", "title", "text"):
        if not isinstance(obs.get(k), str) or not obs.get(k):
            fail("%s: observation.%s missing" % (where, k))
    if "error" not in obs or not (obs["error"] is None or isinstance(obs["error"], str)):
        fail("%s: observation.error must be null or a string" % where)
    return page_nodes(obs.get("text", ""), where)


def first_arg(argstr):
    m = re.match(r"\s*('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")", argstr)
    return eval(m.group(1)) if m else None  # a Python string literal, nothing else


def check_corpus(plan, ids):
    runs = []
    with open(CORPUS, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            try:
                runs.append(json.loads(line))
            except ValueError as e:
                fail("corpus line %d: not JSON (%s)" % (n, e))
    if len(runs) != N_RUNS:
        fail("expected %d runs, found %d" % (N_RUNS, len(runs)))
    seen, healthy, faulty, faults = set(), 0, 0, set()
    for r in runs:
        rid = r.get("id")
        if not isinstance(rid, str) or rid in seen:
            fail("bad or duplicate id %r" % rid)
        seen.add(rid)
        for k in ("workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail("%s: missing %s" % (rid, k))
        if r.get("plan") != "plans/apply_credit.yaml" or not os.path.exists(os.path.join(HERE, r["plan"])):
            fail("%s: plan path does not resolve" % rid)
        if r.get("task") != plan.get("task"):
            fail("%s: task differs from the plan's task" % rid)
        steps = r.get("steps") or []
        if not steps:
            fail("%s: no steps" % rid)
        label = r.get("label") or {}
        fault, off = label.get("fault"), label.get("first_off_track_step")
        success = (r.get("outcome") or {}).get("success")
        if not isinstance(success, bool):
            fail("%s: outcome.success must be bool" % rid)
        if fault is None:
            healthy += 1
            if off is not None:
                fail("%s: healthy run with first_off_track_step" % rid)
            if success is not True:
                fail("%s: healthy run must succeed" % rid)
        else:
            faulty += 1
            faults.add(fault)
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                fail("%s: first_off_track_step %r out of range" % (rid, off))
            if success is not False:
                fail("%s: faulty run must not succeed" % rid)
        nodes = check_obs(r.get("initial_observation"), "%s initial" % rid)
        prev_url = r.get("initial_observation", {}).get("url")
        for i, s in enumerate(steps):
            where = "%s step %d" % (rid, i)
            c = s.get("commitment")
            if c is not None and c not in ids:
                fail("%s: unknown commitment %r" % (where, c))
            a = s.get("action") or {}
            for k in ("command", "reasoning", "effect"):
                if not isinstance(a.get(k), str):
                    fail("%s: action.%s missing" % (where, k))
            if a.get("effect") not in EFFECTS:
                fail("%s: bad effect %r" % (where, a.get("effect")))
            m = CMD.match(a.get("command", ""))
            if not m:
                fail("%s: unparsable command %r" % (where, a.get("command")))
            else:
                verb = m.group(1)
                if verb in BID_VERBS:
                    bid = first_arg(m.group(2))
                    if bid not in nodes:
                        fail("%s: bid %r not on the page acted on (%s)" % (where, bid, prev_url))
                    elif a.get("target") != nodes[bid]:
                        fail("%s: target %r != node %r" % (where, a.get("target"), nodes[bid]))
                elif verb not in FREE_VERBS:
                    fail("%s: unknown action verb %s" % (where, verb))
            nodes = check_obs(s.get("observation"), where)
            prev_url = (s.get("observation") or {}).get("url")
        # run-shape sanity
        if fault is None:
            irr = [s for s in steps if s["action"]["effect"] == "irreversible"]
            if len(irr) != 1:
                fail("%s: healthy run should apply exactly one credit" % rid)
            if not steps[-1]["action"]["command"].startswith("send_msg_to_user("):
                fail("%s: healthy run should end by reporting" % rid)
            last = steps[-1]["observation"]["text"]
            if "Account credit CR-1207 \u00b7 SVC-OUTAGE (one-time)" not in last or "SUB-20417" not in last:
                fail("%s: healthy run must end on a preview showing the credit" % rid)
    if healthy != N_HEALTHY or faulty != N_FAULTY:
        fail("expected %d healthy / %d faulty, found %d / %d" % (N_HEALTHY, N_FAULTY, healthy, faulty))
    missing = REQUIRED_FAULTS - faults
    if missing:
        fail("fault kinds not covered: %s" % sorted(missing))
    zero = [r for r in runs if r["label"]["first_off_track_step"] == 0 and r["label"]["fault"]]
    if not zero:
        fail("no fault already visible on the start page (step 0)")
    for r in zero:
        if r["label"]["fault"] == "stale_filter" and "Status is Cancelled" not in r["initial_observation"]["text"]:
            fail("%s: stale filter must be visible on the start page" % r["id"])
    healthy_text = "\n".join(s["observation"]["text"] for r in runs if r["label"]["fault"] is None
                             for s in r["steps"])
    for nm in ("Halvorsen Logistik AB", "Halverson Logistics Inc.", "Halvorsen Logistics Group Ltd",
               "SUB-20471", "SUB-20147", "overdue", "failed", "Cancelled"):
        if nm not in healthy_text:
            fail("healthy pages should also show near miss / ordinary alarm word %r" % nm)
    return runs


def check_determinism():
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        for d in (a, b):
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), d], check=True)
        for rel in ("corpus.jsonl", os.path.join("plans", "apply_credit.yaml")):
            blobs = [open(os.path.join(d, rel), "rb").read() for d in (a, b, HERE)]
            if blobs[0] != blobs[1]:
                fail("make_corpus.py is not deterministic for %s" % rel)
            if blobs[0] != blobs[2]:
                fail("%s on disk differs from a fresh make_corpus.py run" % rel)


def main():
    plan, ids = check_plan(os.path.join(HERE, "plans", "apply_credit.yaml"))
    runs = check_corpus(plan, ids)
    check_determinism()
    if failures:
        for f in failures:
            print("FAIL:", f)
        print("%d problem(s)" % len(failures))
        sys.exit(1)
    print("ok: %d runs (%d healthy, %d faulty), plan with %d commitments, deterministic"
          % (len(runs), N_HEALTHY, N_FAULTY, len(ids)))


if __name__ == "__main__":
    main()
