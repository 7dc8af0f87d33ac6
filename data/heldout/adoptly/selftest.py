#!/usr/bin/env python3
"""Self-test for the Adoptly held-out corpus (standard library only).

Checks corpus.jsonl and plans/adoptly.yaml against the fcpkit format contract
(fields, labels, evidence items), that every action's bid exists on the page it was
taken on (with the recorded target), and that make_corpus.py is byte-for-byte
reproducible. Exit status 0 on success.
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
OUTPUTS = ["corpus.jsonl", os.path.join("plans", "adoptly.yaml")]

EXPECTED_HEALTHY = 8
EXPECTED_FAULTY = 12
EFFECTS = {"read", "write", "irreversible"}
ON_VALUES = {"state", "action", "both"}
STAGES = ("precondition", "progress", "completion")
SCOPES = ("execution", "skill", "planning")
FAULT_KINDS = {"wrong_record", "wrong_value", "silent_no_op", "unrequested_filter",
               "stale_filter", "permission_denied", "session_expired", "premature_success",
               "skipped_step", "dialog_mishandled"}

LINE_WITH_BID = re.compile(r"^(\t*)\[(\w+)\] (\w+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(, .*)?$")
LINE_NO_BID = re.compile(r"^(\t*)(\w+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(, .*)?$")

FAILURES = []


def fail(msg):
    FAILURES.append(msg)


# ----------------------------------------------------------------------------------
# Minimal YAML reader for the subset the plan uses (block maps, block lists, scalars)
# ----------------------------------------------------------------------------------
def _scalar(v):
    v = v.strip()
    if v.startswith('"'):
        return json.loads(v)
    if v.startswith("'"):
        assert v.endswith("'"), v
        return v[1:-1].replace("''", "'")
    if v == "[]":
        return []
    if v == "{}":
        return {}
    if v in ("null", "~"):
        return None
    if v in ("true", "True"):
        return True
    if v in ("false", "False"):
        return False
    if re.fullmatch(r"-?\d+", v):
        return int(v)
    if re.fullmatch(r"-?\d+\.\d*", v):
        return float(v)
    return v


_KEY = re.compile(r"^([A-Za-z_][\w-]*):(?: (.*))?$")


def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation: %r" % raw)
        ind = len(raw) - len(raw.lstrip(" "))
        lines.append([ind, raw.strip()])
    pos = [0]

    def block(ind):
        if lines[pos[0]][1].startswith("- ") or lines[pos[0]][1] == "-":
            return seq(ind)
        return mapping(ind)

    def mapping(ind):
        out = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and \
                not lines[pos[0]][1].startswith("-"):
            m = _KEY.match(lines[pos[0]][1])
            if not m:
                raise ValueError("bad mapping line: %r" % lines[pos[0]][1])
            key, rest = m.group(1), m.group(2)
            if key in out:
                raise ValueError("duplicate key %r" % key)
            pos[0] += 1
            if rest is None or rest.strip() == "":
                if pos[0] < len(lines) and (lines[pos[0]][0] > ind or (
                        lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("-"))):
                    out[key] = block(lines[pos[0]][0])
                else:
                    out[key] = None
            else:
                out[key] = _scalar(rest)
        if pos[0] < len(lines) and lines[pos[0]][0] > ind:
            raise ValueError("unexpected indentation: %r" % lines[pos[0]][1])
        return out

    def seq(ind):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and \
                lines[pos[0]][1].startswith("-"):
            content = lines[pos[0]][1][1:].strip()
            if content == "":
                pos[0] += 1
                out.append(block(lines[pos[0]][0]))
            elif _KEY.match(content) and not content.startswith(("'", '"')):
                lines[pos[0]] = [ind + 2, content]
                out.append(mapping(ind + 2))
            else:
                out.append(_scalar(content))
                pos[0] += 1
        return out

    result = block(lines[0][0])
    if pos[0] != len(lines):
        raise ValueError("trailing content at: %r" % lines[pos[0]][1])
    return result


# ----------------------------------------------------------------------------------
# Plan checks
# ----------------------------------------------------------------------------------
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
            if it.get("on", "state") not in ON_VALUES:
                fail("%s: bad on=%r" % (where, it.get("on")))
            extra = set(it) - {"text", "on"}
            if extra:
                fail("%s: unexpected evidence keys %s" % (where, sorted(extra)))
        else:
            fail("%s: evidence item of type %s" % (where, type(it).__name__))


def _fix_on_key(x):
    if isinstance(x, dict):
        return {("on" if k is True else k): _fix_on_key(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_fix_on_key(v) for v in x]
    return x


def check_plan(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    plan = parse_yaml(text)
    try:
        import yaml  # optional cross-check
        # YAML 1.1 loaders read a bare `on` key as the boolean True; the contract's
        # evidence key is the string "on", so map it back before comparing.
        other = _fix_on_key(yaml.safe_load(text))
        if other != plan:
            fail("plan: mini YAML reader and PyYAML disagree")
    except ImportError:
        pass
    if not isinstance(plan.get("task"), str):
        fail("plan: task missing")
    pf = plan.get("plan_falsifiers") or {}
    for scope, items in pf.items():
        if scope not in SCOPES:
            fail("plan_falsifiers: unknown scope %r" % scope)
        check_evidence("plan_falsifiers.%s" % scope, items)
    if not any("Sign in to Adoptly" in (i if isinstance(i, str) else i["text"])
               for items in pf.values() for i in (items or [])):
        fail("plan: no plan-level falsifier naming the sign-in page")
    ids = set()
    commitments = plan.get("commitments")
    if not isinstance(commitments, list) or not commitments:
        fail("plan: commitments missing")
        return plan, ids
    for c in commitments:
        cid = c.get("id")
        if not isinstance(cid, str) or cid in ids:
            fail("plan: missing or duplicate commitment id %r" % cid)
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str):
            fail("plan %s: subgoal missing" % cid)
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail("plan %s: confidence out of range" % cid)
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                fail("plan %s: unknown confirm stage %r" % (cid, stage))
            check_evidence("%s.confirm.%s" % (cid, stage), items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                fail("plan %s: unknown falsify scope %r" % (cid, scope))
            check_evidence("%s.falsify.%s" % (cid, scope), items)
    return plan, ids


# ----------------------------------------------------------------------------------
# Corpus checks
# ----------------------------------------------------------------------------------
def parse_tree(where, text):
    """Return {bid: (role, quoted_name, line)} and check the line grammar."""
    nodes = {}
    lines = text.split("\n")
    if not lines or not lines[0].startswith("RootWebArea "):
        fail("%s: tree must start with RootWebArea" % where)
    for ln in lines[1:]:
        m = LINE_WITH_BID.match(ln)
        if m:
            bid = m.group(2)
            if bid in nodes:
                fail("%s: duplicate bid %s" % (where, bid))
            nodes[bid] = (m.group(3), m.group(4), ln, len(m.group(1)))
            continue
        if not LINE_NO_BID.match(ln):
            fail("%s: line not in flattened AXTree form: %r" % (where, ln))
    return nodes, lines


def check_observation(where, obs):
    if not isinstance(obs, dict):
        fail("%s: observation must be an object" % where)
        return {}, []
    for k in ("url", "title", "text"):
        if not isinstance(obs.get(k), str) or not obs[k]:
            fail("%s: %s must be a non-empty string" % (where, k))
    if "error" not in obs or not (obs["error"] is None or isinstance(obs["error"], str)):
        fail("%s: error must be present (null or string)" % where)
    return parse_tree(where, obs.get("text", ""))


def option_children(lines, line_text, depth):
    out = []
    idx = lines.index(line_text)
    for ln in lines[idx + 1:]:
        d = len(ln) - len(ln.lstrip("\t"))
        if d <= depth:
            break
        m = LINE_WITH_BID.match(ln)
        if m and m.group(3) == "option":
            out.append(ast.literal_eval(m.group(4)))
    return out


def check_action(where, action, prev_nodes, prev_lines, prev_obs, obs):
    if not isinstance(action, dict):
        fail("%s: action must be an object" % where)
        return
    for k in ("command", "reasoning", "effect"):
        if not isinstance(action.get(k), str):
            fail("%s: action.%s missing" % (where, k))
    if action.get("effect") not in EFFECTS:
        fail("%s: bad effect %r" % (where, action.get("effect")))
    try:
        call = ast.parse(action["command"], mode="eval").body
        assert isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
        name = call.func.id
        args = [ast.literal_eval(a) for a in call.args]
    except Exception as e:  # noqa: BLE001
        fail("%s: command not parseable: %r (%s)" % (where, action.get("command"), e))
        return
    if name == "send_msg_to_user":
        if len(args) != 1 or not isinstance(args[0], str):
            fail("%s: send_msg_to_user needs one string" % where)
        if obs != prev_obs:
            fail("%s: page changed after send_msg_to_user" % where)
        return
    arity = {"click": 1, "fill": 2, "select_option": 2, "press": 2}
    if name not in arity or len(args) != arity[name]:
        fail("%s: unexpected command %r" % (where, action["command"]))
        return
    bid = str(args[0])
    if bid not in prev_nodes:
        fail("%s: bid %s not on the page acted on" % (where, bid))
        return
    role, qname, line, depth = prev_nodes[bid]
    if action.get("target") != "%s %s" % (role, qname):
        fail("%s: target %r does not match page node %r" % (where, action.get("target"),
                                                           "%s %s" % (role, qname)))
    if name == "fill" and role not in ("textbox", "searchbox", "combobox"):
        fail("%s: fill on a %s" % (where, role))
    if name == "select_option":
        if role not in ("combobox", "listbox"):
            fail("%s: select_option on a %s" % (where, role))
        elif args[1] not in option_children(prev_lines, line, depth):
            fail("%s: option %r not offered" % (where, args[1]))
    if name == "click" and "disabled=True" in line:
        fail("%s: click on a disabled control" % where)


def check_corpus(plan, plan_ids):
    with open(CORPUS, encoding="utf-8") as f:
        raw_lines = f.read().split("\n")
    if raw_lines[-1] != "":
        fail("corpus: file must end with a newline")
    rows = [json.loads(l) for l in raw_lines if l.strip()]
    if len(rows) != EXPECTED_HEALTHY + EXPECTED_FAULTY:
        fail("corpus: %d runs, expected %d" % (len(rows), EXPECTED_HEALTHY + EXPECTED_FAULTY))
    seen, healthy, faulty, kinds, step0 = set(), 0, 0, set(), 0
    for r in rows:
        rid = r.get("id")
        where = "run %s" % rid
        if not isinstance(rid, str) or rid in seen:
            fail("%s: missing or duplicate id" % where)
        seen.add(rid)
        for k in ("workflow", "task", "plan", "label", "initial_observation", "steps",
                  "outcome"):
            if k not in r:
                fail("%s: missing %s" % (where, k))
        if r.get("task") != plan.get("task"):
            fail("%s: task differs from the plan's task" % where)
        if not isinstance(r.get("plan"), str) or not os.path.isfile(
                os.path.join(HERE, r["plan"])):
            fail("%s: plan path does not resolve" % where)
        steps = r.get("steps") or []
        if not steps:
            fail("%s: no steps" % where)
        label = r.get("label") or {}
        fault, first = label.get("fault", "missing"), label.get("first_off_track_step", "x")
        success = (r.get("outcome") or {}).get("success")
        if not isinstance(success, bool):
            fail("%s: outcome.success must be a bool" % where)
        if fault is None:
            healthy += 1
            if first is not None:
                fail("%s: healthy run with first_off_track_step" % where)
            if success is not True:
                fail("%s: healthy run not successful" % where)
        else:
            faulty += 1
            kinds.add(fault)
            if fault not in FAULT_KINDS:
                fail("%s: unknown fault %r" % (where, fault))
            if not isinstance(first, int) or isinstance(first, bool) or \
                    not 0 <= first < len(steps):
                fail("%s: first_off_track_step %r out of range" % (where, first))
            if first == 0:
                step0 += 1
            if success is not False:
                fail("%s: faulty run marked successful" % where)
        prev = r.get("initial_observation")
        prev_nodes, prev_lines = check_observation(where + " initial", prev)
        for i, s in enumerate(steps):
            sw = "%s step %d" % (where, i)
            c = s.get("commitment")
            if c is not None and c not in plan_ids:
                fail("%s: commitment %r not in plan" % (sw, c))
            obs = s.get("observation")
            nodes, lines = check_observation(sw, obs)
            check_action(sw, s.get("action"), prev_nodes, prev_lines, prev, obs)
            prev, prev_nodes, prev_lines = obs, nodes, lines
        last = steps[-1]["action"]["command"] if steps else ""
        if not last.startswith("send_msg_to_user("):
            fail("%s: run should end with a report to the user" % where)
    if healthy != EXPECTED_HEALTHY or faulty != EXPECTED_FAULTY:
        fail("corpus: %d healthy / %d faulty, expected %d / %d" % (
            healthy, faulty, EXPECTED_HEALTHY, EXPECTED_FAULTY))
    missing = FAULT_KINDS - kinds
    if missing:
        fail("corpus: fault kinds not covered: %s" % sorted(missing))
    if step0 == 0:
        fail("corpus: no fault labelled at step 0")
    return rows


# ----------------------------------------------------------------------------------
# Determinism
# ----------------------------------------------------------------------------------
def check_determinism():
    originals = {}
    for rel in OUTPUTS:
        with open(os.path.join(HERE, rel), "rb") as f:
            originals[rel] = f.read()
    for attempt in range(2):
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copy(os.path.join(HERE, "make_corpus.py"), tmp)
            proc = subprocess.run([sys.executable, os.path.join(tmp, "make_corpus.py")],
                                  cwd=tmp, capture_output=True, text=True,
                                  env=dict(os.environ, PYTHONHASHSEED=str(attempt + 7)))
            if proc.returncode != 0:
                fail("determinism: make_corpus.py failed: %s" % proc.stderr.strip())
                return
            for rel in OUTPUTS:
                with open(os.path.join(tmp, rel), "rb") as f:
                    if f.read() != originals[rel]:
                        fail("determinism: %s differs on regeneration (run %d)"
                             % (rel, attempt + 1))


def main():
    plan, ids = check_plan(os.path.join(HERE, "plans", "adoptly.yaml"))
    rows = check_corpus(plan, ids)
    check_determinism()
    if FAILURES:
        for m in FAILURES:
            print("FAIL:", m)
        print("%d problem(s)" % len(FAILURES))
        return 1
    n_steps = sum(len(r["steps"]) for r in rows)
    print("OK: %d runs (%d healthy, %d faulty), %d steps; plan has %d commitments; "
          "regeneration is byte-identical" % (
              len(rows), sum(1 for r in rows if r["label"]["fault"] is None),
              sum(1 for r in rows if r["label"]["fault"]), n_steps, len(ids)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
