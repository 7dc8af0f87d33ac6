#!/usr/bin/env python3
"""Self-test for the Pagewright held-out corpus.

Checks the corpus and plan against the fcpkit format contract (FORMATS.md):
fields and types, labels, that every action's bid exists on the page it acted on,
that the plan parses and the commitments named by steps exist, and that
make_corpus.py is byte-for-byte reproducible.  Standard library only.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")

EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}
EXPECTED_FAULTS = {"wrong_record", "stale_filter", "wrong_value", "silent_noop", "unrequested_constraint",
                   "permission_denied", "premature_success", "skipped_step", "dialog_mishandled",
                   "session_expired"}

errors = []


def err(msg):
    errors.append(msg)


# ---------------------------------------------------------------------------
# Minimal YAML reader for the subset the plan uses (block maps/lists, flow
# lists/maps, double-quoted or plain scalars, full-line comments).
# ---------------------------------------------------------------------------

class Flow:
    def __init__(self, s):
        self.s = s
        self.i = 0

    def ws(self):
        while self.i < len(self.s) and self.s[self.i] in " \t":
            self.i += 1

    def value(self):
        self.ws()
        c = self.s[self.i]
        if c == "[":
            self.i += 1
            out = []
            self.ws()
            if self.s[self.i] == "]":
                self.i += 1
                return out
            while True:
                out.append(self.value())
                self.ws()
                c = self.s[self.i]
                self.i += 1
                if c == "]":
                    return out
                if c != ",":
                    raise ValueError("bad flow list: %r" % self.s)
        if c == "{":
            self.i += 1
            out = {}
            self.ws()
            if self.s[self.i] == "}":
                self.i += 1
                return out
            while True:
                k = self.value()
                self.ws()
                if self.s[self.i] != ":":
                    raise ValueError("bad flow map: %r" % self.s)
                self.i += 1
                out[k] = self.value()
                self.ws()
                c = self.s[self.i]
                self.i += 1
                if c == "}":
                    return out
                if c != ",":
                    raise ValueError("bad flow map: %r" % self.s)
        if c == '"':
            j = self.i + 1
            while self.s[j] != '"':
                j += 2 if self.s[j] == "\\" else 1
            tok = self.s[self.i:j + 1]
            self.i = j + 1
            return json.loads(tok)
        j = self.i
        while j < len(self.s) and self.s[j] not in ",:]}":
            j += 1
        tok = self.s[self.i:j].strip()
        self.i = j
        return plain(tok)


def plain(tok):
    if re.fullmatch(r"-?\d+", tok):
        return int(tok)
    if re.fullmatch(r"-?\d+\.\d*", tok):
        return float(tok)
    if tok in ("null", "~", ""):
        return None
    if tok in ("true", "false"):
        return tok == "true"
    return tok


def scalar(text):
    text = text.strip()
    if not text:
        return None
    if text[0] in '"[{':
        f = Flow(text)
        v = f.value()
        f.ws()
        if f.i != len(text):
            raise ValueError("trailing text after %r" % text)
        return v
    return plain(text)


def load_yaml(src):
    lines = []
    for raw in src.splitlines():
        if not raw.strip() or raw.strip().startswith("#"):
            continue
        ind = len(raw) - len(raw.lstrip(" "))
        if "\t" in raw[:ind + 1]:
            raise ValueError("tab in indentation")
        lines.append([ind, raw.strip()])

    def is_key(content):
        if content[0] in '"[{':
            return False
        return re.match(r"^[A-Za-z_][\w-]*:(\s|$)", content) is not None

    def block(i, ind):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            out = []
            while i < len(lines) and lines[i][0] == ind and lines[i][1].startswith("-"):
                item = lines[i][1][1:].strip()
                if is_key(item):
                    lines[i] = [ind + 2, item]
                    v, i = block(i, ind + 2)
                else:
                    v, i = scalar(item), i + 1
                out.append(v)
            return out, i
        out = {}
        while i < len(lines) and lines[i][0] == ind and not lines[i][1].startswith("- "):
            content = lines[i][1]
            if not is_key(content):
                raise ValueError("expected key at %r" % content)
            k, rest = content.split(":", 1)
            if k in out:
                raise ValueError("duplicate key %r" % k)
            if rest.strip():
                out[k] = scalar(rest)
                i += 1
            elif i + 1 < len(lines) and lines[i + 1][0] > ind:
                out[k], i = block(i + 1, lines[i + 1][0])
            elif i + 1 < len(lines) and lines[i + 1][0] == ind and lines[i + 1][1].startswith("- "):
                out[k], i = block(i + 1, ind)
            else:
                out[k] = None
                i += 1
        return out, i

    v, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError("unparsed YAML from line %r" % lines[i][1])
    return v


# ---------------------------------------------------------------------------
# Plan checks
# ---------------------------------------------------------------------------

def check_evidence(where, items):
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
                err("%s: bad on=%r" % (where, it.get("on")))
            if set(it) - {"text", "on"}:
                err("%s: unknown evidence keys %s" % (where, set(it) - {"text", "on"}))
        else:
            err("%s: evidence item of type %s" % (where, type(it).__name__))


def check_plan(path):
    try:
        with open(path, encoding="utf-8") as f:
            plan = load_yaml(f.read())
    except Exception as e:  # noqa: BLE001
        err("plan %s does not parse: %s" % (path, e))
        return None
    if not isinstance(plan, dict):
        err("plan is not a mapping")
        return None
    if not isinstance(plan.get("task"), str):
        err("plan.task missing")
    pf = plan.get("plan_falsifiers") or {}
    for scope, items in pf.items():
        if scope not in SCOPES:
            err("plan_falsifiers: unknown scope %r" % scope)
        check_evidence("plan_falsifiers.%s" % scope, items)
    if not any("Sign in to Pagewright" in (x if isinstance(x, str) else x["text"])
               for items in pf.values() for x in (items or [])):
        err("plan_falsifiers should name the sign-in page")
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        err("plan.commitments missing")
        return plan
    ids = set()
    n_action = 0
    for c in cms:
        cid = c.get("id")
        if not isinstance(cid, str) or cid in ids:
            err("commitment id missing or duplicated: %r" % cid)
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str):
            err("%s: subgoal missing" % cid)
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            err("%s: confidence out of [0,1]" % cid)
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                err("%s: unknown confirm stage %r" % (cid, stage))
            check_evidence("%s.confirm.%s" % (cid, stage), items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                err("%s: unknown falsify scope %r" % (cid, scope))
            check_evidence("%s.falsify.%s" % (cid, scope), items)
            n_action += sum(1 for x in (items or []) if isinstance(x, dict) and x.get("on") == "action")
    if n_action == 0:
        err("plan has no on: action falsifiers")
    plan["_ids"] = ids
    return plan


# ---------------------------------------------------------------------------
# Corpus checks
# ---------------------------------------------------------------------------

LINE_RE = re.compile(r"^(\t*)(\[([A-Za-z0-9]+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
CMD_RE = re.compile(r"^(click|fill|press|select_option|hover|focus|clear|dblclick)\('([A-Za-z0-9]+)'(, .*)?\)$")
OTHER_CMD_RE = re.compile(r"^(send_msg_to_user\(.*\)|scroll\(-?\d+, -?\d+\)|goto\('.*'\)|noop\(\)|go_back\(\))$")


def parse_tree(text, where):
    bids = {}
    for n, line in enumerate(text.split("\n")):
        if n == 0:
            if not line.startswith("RootWebArea "):
                err("%s: first line is not RootWebArea" % where)
            continue
        m = LINE_RE.match(line)
        if not m:
            err("%s: malformed tree line %r" % (where, line))
            continue
        bid = m.group(3)
        if bid:
            if bid in bids:
                err("%s: duplicate bid %s" % (where, bid))
            bids[bid] = "%s %s" % (m.group(4), m.group(5))
    return bids


def check_obs(obs, where):
    if not isinstance(obs, dict):
        err("%s: observation is not an object" % where)
        return {}
    for k in ("url", "title", "text"):
        if not isinstance(obs.get(k), str) or not obs.get(k):
            err("%s: observation.%s missing" % (where, k))
    if "error" not in obs or not (obs["error"] is None or isinstance(obs["error"], str)):
        err("%s: observation.error must be null or string" % where)
    if not obs.get("url", "").startswith("http://127.0.0.1:8130/"):
        err("%s: unexpected url %r" % (where, obs.get("url")))
    bids = parse_tree(obs.get("text", ""), where)
    if obs.get("title") and not obs["text"].startswith("RootWebArea %r" % obs["title"]):
        err("%s: RootWebArea name differs from title" % where)
    return bids


def check_corpus(plan, plan_task):
    with open(CORPUS, encoding="utf-8") as f:
        raw = f.read()
    if not raw.endswith("\n"):
        err("corpus does not end with a newline")
    lines = raw.split("\n")[:-1]
    if len(lines) != 20:
        err("expected 20 runs, found %d" % len(lines))
    healthy = faulty = 0
    faults = {}
    ids = set()
    for ln, line in enumerate(lines, 1):
        try:
            t = json.loads(line)
        except ValueError as e:
            err("line %d: not JSON: %s" % (ln, e))
            continue
        tid = t.get("id")
        where = "run %s" % tid
        if not isinstance(tid, str) or tid in ids:
            err("line %d: id missing or duplicated" % ln)
        ids.add(tid)
        for k in ("workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in t:
                err("%s: missing %s" % (where, k))
        if t.get("task") != plan_task:
            err("%s: task differs from the plan's task" % where)
        if isinstance(t.get("plan"), str):
            if not os.path.exists(os.path.join(HERE, t["plan"])):
                err("%s: plan path %r does not exist" % (where, t["plan"]))
        steps = t.get("steps") or []
        if not steps:
            err("%s: no steps" % where)
        label = t.get("label") or {}
        fault = label.get("fault", "MISSING")
        first = label.get("first_off_track_step", "MISSING")
        if fault == "MISSING" or first == "MISSING":
            err("%s: label needs fault and first_off_track_step" % where)
        if fault is None:
            healthy += 1
            if first is not None:
                err("%s: healthy run with a first_off_track_step" % where)
            if t.get("outcome", {}).get("success") is not True:
                err("%s: healthy run should succeed" % where)
        else:
            faulty += 1
            faults[fault] = faults.get(fault, 0) + 1
            if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < len(steps):
                err("%s: first_off_track_step %r out of range" % (where, first))
            if t.get("outcome", {}).get("success") is not False:
                err("%s: faulty run should not succeed" % where)
        prev_bids = check_obs(t.get("initial_observation"), where + " initial")
        for i, s in enumerate(steps):
            sw = "%s step %d" % (where, i)
            a = s.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if not isinstance(a.get(k), str):
                    err("%s: action.%s missing" % (sw, k))
            if a.get("effect") not in EFFECTS:
                err("%s: bad effect %r" % (sw, a.get("effect")))
            c = s.get("commitment")
            if c is not None and plan and c not in plan["_ids"]:
                err("%s: commitment %r not in plan" % (sw, c))
            cmd = a.get("command", "")
            m = CMD_RE.match(cmd)
            if m:
                bid = m.group(2)
                if bid not in prev_bids:
                    err("%s: bid %s not on the page acted on" % (sw, bid))
                elif prev_bids[bid] != a.get("target"):
                    err("%s: target %r does not match node %r" % (sw, a.get("target"), prev_bids[bid]))
            elif not OTHER_CMD_RE.match(cmd):
                err("%s: unrecognised command %r" % (sw, cmd))
            prev_bids = check_obs(s.get("observation"), sw)
    if healthy != 8 or faulty != 12:
        err("expected 8 healthy / 12 faulty, found %d / %d" % (healthy, faulty))
    missing = EXPECTED_FAULTS - set(faults)
    if missing:
        err("fault kinds not covered: %s" % sorted(missing))
    return healthy, faulty, faults


def check_determinism():
    outs = []
    for _ in range(2):
        d = tempfile.mkdtemp(prefix="pagewright-")
        try:
            shutil.copy(os.path.join(HERE, "make_corpus.py"), d)
            subprocess.run([sys.executable, os.path.join(d, "make_corpus.py")], check=True,
                           stdout=subprocess.DEVNULL)
            got = {}
            for rel in ("corpus.jsonl", "plans/pagewright.yaml"):
                with open(os.path.join(d, rel), "rb") as f:
                    got[rel] = f.read()
            outs.append(got)
        finally:
            shutil.rmtree(d)
    if outs[0] != outs[1]:
        err("make_corpus.py is not deterministic")
    for rel, data in outs[0].items():
        with open(os.path.join(HERE, rel), "rb") as f:
            if f.read() != data:
                err("%s differs from a fresh regeneration" % rel)


def main():
    plan = check_plan(os.path.join(HERE, "plans", "pagewright.yaml"))
    h, f, faults = check_corpus(plan, plan.get("task") if plan else None)
    check_determinism()
    if errors:
        for e in errors[:50]:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        sys.exit(1)
    print("OK: %d healthy, %d faulty runs; faults: %s; plan has %d commitments; reproducible."
          % (h, f, ", ".join("%s=%d" % kv for kv in sorted(faults.items())), len(plan["_ids"])))


if __name__ == "__main__":
    main()
