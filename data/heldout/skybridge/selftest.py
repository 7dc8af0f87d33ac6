#!/usr/bin/env python3
"""Validate the Skybridge corpus against the fcpkit format contract (FORMATS.md).

Checks:
  * plans/rebook.yaml parses (small YAML-subset parser below, stdlib only) and has the
    plan fields: task, plan_falsifiers, commitments (unique ids, confidence in [0,1],
    confirm stages / falsify scopes from the contract, evidence items that are strings or
    {text, on: state|action|both}).
  * corpus.jsonl: exactly 20 trajectories, 8 healthy and 12 faulty; every required field;
    labels follow the contract (healthy: fault null, step null, success true; faulty: a
    fault class and a step index inside steps); commitments named by steps exist in the plan;
    action effects are read/write/irreversible.
  * every action that names a bid refers to a bid present on the page it acted on (the
    previous observation), and its `target` matches that node's role and name.
  * accessibility trees are BrowserGym-style (`[bid] role 'name'` lines, tab indented).
  * the fault kinds the brief asks for are covered, with one fault visible at step 0.
  * make_corpus.py is deterministic: run twice in scratch folders (different
    PYTHONHASHSEED), both outputs are byte-identical to the files here.
Exit status 0 when everything passes.
"""
import ast
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
OUTPUTS = ["corpus.jsonl", "plans/rebook.yaml"]

FAILURES = []


def check(cond, msg):
    if not cond:
        FAILURES.append(msg)
    return cond


# ---------------------------------------------------------------------------
# Minimal YAML subset parser: block mappings and sequences, plain / quoted scalars,
# flow sequences and flow mappings, comments.
# ---------------------------------------------------------------------------
class YamlError(ValueError):
    pass


def _strip_comment(line):
    q = None
    for i, ch in enumerate(line):
        if q:
            if ch == "\\" and q == '"':
                continue
            if ch == q:
                q = None
        elif ch in "\"'" and (i == 0 or line[i - 1] in " \t[{,:-"):
            q = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i].rstrip()
    return line.rstrip()


def _plain(s):
    s = s.strip()
    if s in ("null", "~", ""):
        return None
    if s == "true":
        return True
    if s == "false":
        return False
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    return s


class _Flow:
    def __init__(self, s):
        self.s, self.i = s, 0

    def ws(self):
        while self.i < len(self.s) and self.s[self.i] in " \t":
            self.i += 1

    def value(self, stop=",]}"):
        self.ws()
        if self.i >= len(self.s):
            raise YamlError("unexpected end in %r" % self.s)
        c = self.s[self.i]
        if c == "[":
            self.i += 1
            out = []
            self.ws()
            if self.s[self.i:self.i + 1] == "]":
                self.i += 1
                return out
            while True:
                out.append(self.value())
                self.ws()
                c = self.s[self.i:self.i + 1]
                self.i += 1
                if c == "]":
                    return out
                if c != ",":
                    raise YamlError("expected , or ] in %r" % self.s)
        if c == "{":
            self.i += 1
            out = {}
            self.ws()
            if self.s[self.i:self.i + 1] == "}":
                self.i += 1
                return out
            while True:
                self.ws()
                key = self.value(stop=":")
                self.ws()
                if self.s[self.i:self.i + 1] != ":":
                    raise YamlError("expected : in %r" % self.s)
                self.i += 1
                out[key] = self.value()
                self.ws()
                c = self.s[self.i:self.i + 1]
                self.i += 1
                if c == "}":
                    return out
                if c != ",":
                    raise YamlError("expected , or } in %r" % self.s)
        if c == '"':
            j = self.i + 1
            buf = []
            while j < len(self.s) and self.s[j] != '"':
                if self.s[j] == "\\":
                    buf.append(self.s[j:j + 2])
                    j += 2
                    continue
                buf.append(self.s[j])
                j += 1
            if j >= len(self.s):
                raise YamlError("unterminated string in %r" % self.s)
            self.i = j + 1
            return json.loads('"' + "".join(buf) + '"')
        if c == "'":
            j = self.i + 1
            buf = []
            while True:
                if j >= len(self.s):
                    raise YamlError("unterminated string in %r" % self.s)
                if self.s[j] == "'":
                    if self.s[j + 1:j + 2] == "'":
                        buf.append("'")
                        j += 2
                        continue
                    break
                buf.append(self.s[j])
                j += 1
            self.i = j + 1
            return "".join(buf)
        j = self.i
        while j < len(self.s) and self.s[j] not in stop:
            if self.s[j] == ":" and ":" not in stop and self.s[j + 1:j + 2] in (" ", ""):
                break
            j += 1
        tok = self.s[self.i:j]
        self.i = j
        return _plain(tok)


def _scalar(s):
    s = s.strip()
    if s[:1] in "[{\"'":
        f = _Flow(s)
        v = f.value(stop="")
        f.ws()
        if f.i != len(s):
            raise YamlError("trailing text after value: %r" % s)
        return v
    return _plain(s)


_KEY = re.compile(r"^([A-Za-z0-9_\-]+):(?:\s+(.*))?$")


def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        if "\t" in raw[:len(raw) - len(raw.lstrip())]:
            raise YamlError("tab in indentation: %r" % raw)
        s = _strip_comment(raw)
        if s.strip():
            lines.append([len(s) - len(s.lstrip(" ")), s.strip()])
    if not lines:
        raise YamlError("empty document")
    val, i = _block(lines, 0, lines[0][0])
    if i != len(lines):
        raise YamlError("unparsed content at %r" % lines[i][1])
    return val


def _is_item(s):
    return s == "-" or s.startswith("- ")


def _block(lines, i, indent):
    if _is_item(lines[i][1]):
        return _seq(lines, i, indent)
    return _map(lines, i, indent)


def _seq(lines, i, indent):
    out = []
    while i < len(lines) and lines[i][0] == indent and _is_item(lines[i][1]):
        content = lines[i][1][1:].strip()
        if not content:
            val, i = _block(lines, i + 1, lines[i + 1][0])
        elif content[:1] not in "[{\"'" and _KEY.match(content):
            lines[i] = [indent + 2, content]
            val, i = _map(lines, i, indent + 2)
        else:
            val = _scalar(content)
            i += 1
        out.append(val)
    return out, i


def _map(lines, i, indent):
    out = {}
    while i < len(lines) and lines[i][0] == indent:
        m = _KEY.match(lines[i][1])
        if not m:
            raise YamlError("expected 'key:' at %r" % lines[i][1])
        k, v = m.group(1), m.group(2)
        if k in out:
            raise YamlError("duplicate key %r" % k)
        if v is None or v == "":
            if i + 1 < len(lines) and lines[i + 1][0] > indent:
                val, i = _block(lines, i + 1, lines[i + 1][0])
            elif i + 1 < len(lines) and lines[i + 1][0] == indent and _is_item(lines[i + 1][1]):
                val, i = _seq(lines, i + 1, indent)
            else:
                val, i = None, i + 1
        else:
            val, i = _scalar(v), i + 1
        out[k] = val
    if i < len(lines) and lines[i][0] > indent:
        raise YamlError("bad indentation at %r" % lines[i][1])
    return out, i


# ---------------------------------------------------------------------------
# Plan checks
# ---------------------------------------------------------------------------
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}


def check_evidence(items, where):
    check(isinstance(items, list), "%s: evidence must be a list" % where)
    for it in items or []:
        if isinstance(it, str):
            check(it.strip() != "", "%s: empty evidence string" % where)
        elif isinstance(it, dict):
            check(isinstance(it.get("text"), str) and it["text"].strip(), "%s: evidence mapping needs text" % where)
            check(it.get("on", "state") in ("state", "action", "both"), "%s: bad 'on' %r" % (where, it.get("on")))
            check(set(it) <= {"text", "on"}, "%s: unknown evidence keys %s" % (where, sorted(set(it))))
        else:
            check(False, "%s: evidence item must be str or mapping, got %r" % (where, it))


def check_plan(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        plan = parse_yaml(text)
    except YamlError as e:
        check(False, "plan does not parse: %s" % e)
        return None
    check(isinstance(plan.get("task"), str) and plan["task"], "plan: task missing")
    pf = plan.get("plan_falsifiers") or {}
    check(isinstance(pf, dict) and set(pf) <= SCOPES, "plan_falsifiers scopes must be among %s" % sorted(SCOPES))
    for scope, items in pf.items():
        check_evidence(items, "plan_falsifiers.%s" % scope)
    check(any("sign in" in (x if isinstance(x, str) else x["text"]).lower()
              for items in pf.values() for x in items),
          "plan-level falsifier should name the sign-in page")
    commitments = plan.get("commitments")
    check(isinstance(commitments, list) and commitments, "plan: commitments missing")
    ids = []
    for c in commitments or []:
        cid = c.get("id")
        check(isinstance(cid, str) and cid, "commitment without id")
        ids.append(cid)
        check(isinstance(c.get("subgoal"), str) and c["subgoal"], "%s: subgoal missing" % cid)
        conf = c.get("confidence", 0.5)
        check(isinstance(conf, (int, float)) and 0 <= conf <= 1, "%s: confidence out of [0,1]" % cid)
        if "skill" in c:
            check(isinstance(c["skill"], str), "%s: skill must be a string" % cid)
        confirm = c.get("confirm") or {}
        falsify = c.get("falsify") or {}
        check(set(confirm) <= STAGES, "%s: unknown confirm stages %s" % (cid, sorted(set(confirm) - STAGES)))
        check(set(falsify) <= SCOPES, "%s: unknown falsify scopes %s" % (cid, sorted(set(falsify) - SCOPES)))
        for st, items in confirm.items():
            check_evidence(items, "%s.confirm.%s" % (cid, st))
        for sc, items in falsify.items():
            check_evidence(items, "%s.falsify.%s" % (cid, sc))
    check(len(ids) == len(set(ids)), "duplicate commitment ids")
    # round trip through JSON: the parsed plan must be plain data
    check(json.loads(json.dumps(plan)) == plan, "plan does not round-trip through JSON")
    return plan


# ---------------------------------------------------------------------------
# Corpus checks
# ---------------------------------------------------------------------------
LINE_RE = re.compile(r"^(\t*)(?:\[([A-Za-z0-9]+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
BID_CMD = re.compile(r"^(click|dblclick|hover|fill|select_option|press|focus|clear|check|uncheck)\('([^']+)'")
MSG_CMD = re.compile(r"^send_msg_to_user\(")
EFFECTS = {"read", "write", "irreversible"}
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_filter", "premature_success",
                   "skipped_step", "dialog_mishandled"}
ENV_ERROR_FAULTS = {"session_lost", "permission_denied", "error_page"}


def parse_tree(text, where):
    nodes = {}
    lines = text.split("\n")
    check(lines[0].startswith("RootWebArea "), "%s: tree must start with RootWebArea" % where)
    prev_depth = 0
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not check(m is not None, "%s: malformed tree line %r" % (where, ln)):
            continue
        depth = len(m.group(1))
        check(1 <= depth <= prev_depth + 1, "%s: bad indentation at %r" % (where, ln))
        prev_depth = depth
        bid, role, name = m.group(2), m.group(3), ast.literal_eval(m.group(4))
        if role != "StaticText":
            check(bid is not None, "%s: %s node without bid" % (where, role))
        if bid is not None:
            check(bid not in nodes, "%s: duplicate bid %s" % (where, bid))
            nodes[bid] = (role, name)
    return nodes


def check_obs(obs, where):
    if not check(isinstance(obs, dict), "%s: observation must be an object" % where):
        return {}
    for k in ("url", "title", "text", "error"):
        check(k in obs, "%s: observation missing %s" % (where, k))
    check(isinstance(obs.get("url"), str) and obs["url"].startswith("http"), "%s: bad url" % where)
    check(isinstance(obs.get("title"), str) and obs["title"], "%s: empty title" % where)
    check(obs.get("error") is None or isinstance(obs.get("error"), str), "%s: error must be str or null" % where)
    text = obs.get("text") or ""
    check(text.startswith("RootWebArea %r" % obs.get("title")), "%s: RootWebArea name must equal title" % where)
    return parse_tree(text, where)


def check_corpus(plan):
    with open(CORPUS, encoding="utf-8") as f:
        raw_lines = f.read().split("\n")
    check(raw_lines[-1] == "", "corpus.jsonl must end with a newline")
    recs = []
    for n, ln in enumerate(raw_lines[:-1], 1):
        try:
            recs.append(json.loads(ln))
        except ValueError as e:
            check(False, "line %d is not JSON: %s" % (n, e))
    check(len(recs) == 20, "expected 20 trajectories, found %d" % len(recs))
    ids = [r.get("id") for r in recs]
    check(len(set(ids)) == len(ids), "trajectory ids must be unique")
    plan_ids = {c["id"] for c in (plan or {}).get("commitments", [])}
    healthy = [r for r in recs if (r.get("label") or {}).get("fault") is None]
    faulty = [r for r in recs if (r.get("label") or {}).get("fault") is not None]
    check(len(healthy) == 8, "expected 8 healthy runs, found %d" % len(healthy))
    check(len(faulty) == 12, "expected 12 faulty runs, found %d" % len(faulty))
    tasks = set()
    for r in recs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in r, "%s: missing field %s" % (rid, k))
        check(r.get("workflow") == "rebook", "%s: workflow must be 'rebook'" % rid)
        tasks.add(r.get("task"))
        plan_ref = r.get("plan")
        if isinstance(plan_ref, str):
            check(os.path.exists(os.path.join(HERE, plan_ref)), "%s: plan path %s missing" % (rid, plan_ref))
        else:
            check(isinstance(plan_ref, dict), "%s: plan must be a path or an object" % rid)
        if plan and isinstance(plan_ref, str):
            check(plan["task"] == r.get("task"), "%s: task differs from the plan's task" % rid)
        lab = r.get("label") or {}
        check(set(lab) >= {"fault", "first_off_track_step"}, "%s: label needs fault and first_off_track_step" % rid)
        steps = r.get("steps") or []
        check(len(steps) >= 1, "%s: no steps" % rid)
        succ = (r.get("outcome") or {}).get("success")
        check(isinstance(succ, bool), "%s: outcome.success must be bool" % rid)
        if lab.get("fault") is None:
            check(lab.get("first_off_track_step") is None, "%s: healthy run with a step label" % rid)
            check(succ is True, "%s: healthy run must succeed" % rid)
        else:
            k = lab.get("first_off_track_step")
            check(isinstance(k, int) and not isinstance(k, bool) and 0 <= k < len(steps),
                  "%s: first_off_track_step %r outside steps" % (rid, k))
            check(re.fullmatch(r"[a-z_]+", lab["fault"]) is not None, "%s: fault class must be snake_case" % rid)
            check(succ is False, "%s: faulty run should not succeed" % rid)
        prev = check_obs(r.get("initial_observation"), "%s initial" % rid)
        for i, st in enumerate(steps):
            where = "%s step %d" % (rid, i)
            if "commitment" in st:
                check(st["commitment"] in plan_ids, "%s: unknown commitment %r" % (where, st["commitment"]))
            a = st.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                check(isinstance(a.get(k), str) and a.get(k), "%s: action.%s missing" % (where, k))
            check(a.get("effect") in EFFECTS, "%s: effect %r" % (where, a.get("effect")))
            cmd = a.get("command", "")
            m = BID_CMD.match(cmd)
            if m:
                bid = m.group(2)
                if check(bid in prev, "%s: bid %s not on the page acted on" % (where, bid)):
                    role, name = prev[bid]
                    check(a.get("target") == "%s %r" % (role, name),
                          "%s: target %r does not match node %s %r" % (where, a.get("target"), role, name))
                # the argument list must be a valid Python call
                try:
                    call = ast.parse(cmd, mode="eval").body
                    check(isinstance(call, ast.Call) and all(isinstance(x, ast.Constant) for x in call.args),
                          "%s: command arguments must be literals" % where)
                except SyntaxError:
                    check(False, "%s: command is not a valid call: %s" % (where, cmd))
            else:
                check(MSG_CMD.match(cmd) is not None, "%s: unknown command %s" % (where, cmd))
            check(a.get("effect") != "irreversible" or m is not None, "%s: irreversible effect needs a UI action" % where)
            prev = check_obs(st.get("observation"), where)
        # an irreversible step must not come first
        check(steps and steps[0]["action"]["effect"] != "irreversible", "%s: starts with an irreversible step" % rid)
    check(len(tasks) == 1, "all trajectories must share one task text")
    kinds = {r["label"]["fault"] for r in faulty}
    check(REQUIRED_FAULTS <= kinds, "missing fault kinds: %s" % sorted(REQUIRED_FAULTS - kinds))
    check(kinds & ENV_ERROR_FAULTS, "need an error/permission/session fault")
    check(any(r["label"]["first_off_track_step"] == 0 for r in faulty), "need a fault visible at step 0")
    # healthy runs should take different paths
    paths = {tuple(s["action"]["target"] for s in r["steps"]) for r in healthy}
    check(len(paths) == len(healthy), "healthy runs must not duplicate each other's path")
    return recs


# ---------------------------------------------------------------------------
# Determinism
# ---------------------------------------------------------------------------
def check_determinism():
    outs = []
    for seed in ("0", "12345"):
        tmp = tempfile.mkdtemp(prefix="skybridge-")
        try:
            shutil.copy(os.path.join(HERE, "make_corpus.py"), tmp)
            env = dict(os.environ, PYTHONHASHSEED=seed)
            p = subprocess.run([sys.executable, "make_corpus.py"], cwd=tmp, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if not check(p.returncode == 0, "make_corpus.py failed: %s" % p.stderr.decode()):
                return
            got = {}
            for rel in OUTPUTS:
                with open(os.path.join(tmp, rel), "rb") as f:
                    got[rel] = f.read()
            outs.append(got)
        finally:
            shutil.rmtree(tmp)
    for rel in OUTPUTS:
        with open(os.path.join(HERE, rel), "rb") as f:
            here = f.read()
        check(outs[0][rel] == outs[1][rel], "%s differs between two generator runs" % rel)
        check(outs[0][rel] == here, "%s in the folder is not what make_corpus.py produces" % rel)


def main():
    plan = check_plan(os.path.join(HERE, "plans", "rebook.yaml"))
    recs = check_corpus(plan)
    check_determinism()
    if FAILURES:
        for f in FAILURES:
            print("FAIL:", f)
        print("%d problem(s)" % len(FAILURES))
        return 1
    steps = sum(len(r["steps"]) for r in recs)
    faults = {}
    for r in recs:
        fl = r["label"]["fault"]
        if fl:
            faults.setdefault(fl, []).append(r["label"]["first_off_track_step"])
    print("OK: %d trajectories (%d steps), plan with %d commitments" % (len(recs), steps, len(plan["commitments"])))
    for k in sorted(faults):
        print("  %-20s steps %s" % (k, faults[k]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
