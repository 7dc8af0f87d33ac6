#!/usr/bin/env python3
"""Self-test for the ClaimDesk held-out corpus (Python 3 standard library only).

Checks, against the corpus/plan format contract:
  * make_corpus.py is deterministic and the files on disk are exactly what it writes;
  * every trajectory has the required fields, a valid label and outcome;
  * the plan loads (small YAML reader below), has unique commitment ids, valid
    confidences, confirm stages, falsify scopes and evidence items;
  * every action's bid exists on the page it acted on (initial_observation for
    step 0, otherwise the previous step's observation), its target matches that
    node, and select_option values are options of that page;
  * observation texts are flattened AXTree lines with unique bids.
Exit status 0 on success; prints every failure otherwise.
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
N_HEALTHY, N_FAULTY = 8, 12
FAULT_KINDS = {"wrong_record", "wrong_value", "silent_no_op", "unrequested_filter", "stale_filter",
               "permission_denied", "session_lost", "premature_success", "skipped_step",
               "dialog_mishandled"}
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}

LINE_RE = re.compile(r"^(\t*)(?:\[([A-Za-z0-9]+)\] )?([A-Za-z]+) '([^']*)'(, .+)?$")
CMD_RE = re.compile(r"^(click|fill|select_option|press|hover|focus|clear|dblclick|check|uncheck)"
                    r"\('([^']+)'(?:, (.*))?\)$")
MSG_RE = re.compile(r"^send_msg_to_user\((.*)\)$")

failures = []


def fail(msg):
    failures.append(msg)


# ---------------------------------------------------------------------------
# Minimal YAML reader for the block subset the plan uses
# ---------------------------------------------------------------------------

def _scalar(s):
    s = s.strip()
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'") and s.endswith("'"):
        return s[1:-1].replace("''", "'")
    if s == "[]":
        return []
    if s == "{}":
        return {}
    if s.startswith("[") and s.endswith("]"):
        return [_scalar(x) for x in _split_flow(s[1:-1])]
    if s.startswith("{") and s.endswith("}"):
        out = {}
        for part in _split_flow(s[1:-1]):
            k, v = part.split(":", 1)
            out[k.strip().strip('"')] = _scalar(v)
        return out
    if s in ("null", "~", ""):
        return None
    if s in ("true", "false"):
        return s == "true"
    try:
        return int(s)
    except ValueError:
        pass
    try:
        return float(s)
    except ValueError:
        return s


def _split_flow(s):
    parts, cur, quote, depth = [], "", None, 0
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


KEY_RE = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$")


def load_yaml(text):
    lines = []
    for raw in text.split("\n"):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation: %r" % raw)
        ind = len(raw) - len(raw.lstrip(" "))
        lines.append([ind, raw.strip()])

    def block(i, ind):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            return seq(i, ind)
        return mapping(i, ind)

    def seq(i, ind):
        out = []
        while i < len(lines) and lines[i][0] == ind and lines[i][1].startswith("-"):
            item = lines[i][1][1:].strip()
            if KEY_RE.match(item) and not item.startswith(("{", '"')):
                lines[i] = [ind + 2, item]
                val, i = mapping(i, ind + 2)
            elif item == "":
                val, i = block(i + 1, lines[i + 1][0])
            else:
                val, i = _scalar(item), i + 1
            out.append(val)
        return out, i

    def mapping(i, ind):
        out = {}
        while i < len(lines) and lines[i][0] == ind and not lines[i][1].startswith("- "):
            m = KEY_RE.match(lines[i][1])
            if not m:
                raise ValueError("cannot parse line: %r" % lines[i][1])
            key, rest = m.group(1), m.group(2)
            if key in out:
                raise ValueError("duplicate key %r" % key)
            if rest is None or rest.strip() == "":
                if i + 1 < len(lines) and (lines[i + 1][0] > ind or
                                           (lines[i + 1][0] == ind and lines[i + 1][1].startswith("- "))):
                    out[key], i = block(i + 1, lines[i + 1][0])
                else:
                    out[key], i = None, i + 1
            else:
                out[key], i = _scalar(rest), i + 1
        return out, i

    val, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError("unparsed content at: %r" % lines[i][1])
    return val


# ---------------------------------------------------------------------------
# Plan checks
# ---------------------------------------------------------------------------

def check_evidence(where, items):
    if not isinstance(items, list):
        fail("%s: evidence must be a list" % where)
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                fail("%s: empty evidence string" % where)
        elif isinstance(it, dict):
            if set(it) - {"text", "on"} or not isinstance(it.get("text"), str):
                fail("%s: bad evidence mapping %r" % (where, it))
            if it.get("on", "state") not in ON:
                fail("%s: bad 'on' %r" % (where, it.get("on")))
        else:
            fail("%s: bad evidence item %r" % (where, it))


def check_plan(plan, where):
    if not isinstance(plan, dict) or not isinstance(plan.get("task"), str):
        fail("%s: plan needs a task string" % where)
        return set()
    pf = plan.get("plan_falsifiers", {}) or {}
    for scope, items in pf.items():
        if scope not in SCOPES:
            fail("%s: unknown plan_falsifiers scope %r" % (where, scope))
        check_evidence("%s plan_falsifiers.%s" % (where, scope), items)
    ids = set()
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        fail("%s: commitments must be a non-empty list" % where)
        return ids
    for c in cms:
        cid = c.get("id")
        if not isinstance(cid, str) or cid in ids:
            fail("%s: missing or duplicate commitment id %r" % (where, cid))
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str):
            fail("%s/%s: subgoal missing" % (where, cid))
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail("%s/%s: confidence out of range" % (where, cid))
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                fail("%s/%s: unknown confirm stage %r" % (where, cid, stage))
            check_evidence("%s/%s confirm.%s" % (where, cid, stage), items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                fail("%s/%s: unknown falsify scope %r" % (where, cid, scope))
            check_evidence("%s/%s falsify.%s" % (where, cid, scope), items)
    return ids


# ---------------------------------------------------------------------------
# Observation / action checks
# ---------------------------------------------------------------------------

def parse_tree(text, where):
    nodes = {}
    lines = text.split("\n")
    if not lines or not lines[0].startswith("RootWebArea '"):
        fail("%s: tree must start with RootWebArea" % where)
    for ln in lines:
        m = LINE_RE.match(ln)
        if not m:
            fail("%s: malformed AXTree line %r" % (where, ln))
            continue
        bid = m.group(2)
        if bid:
            if bid in nodes:
                fail("%s: duplicate bid %s" % (where, bid))
            nodes[bid] = (m.group(3), m.group(4), ln)
    return nodes


def check_obs(obs, where):
    if not isinstance(obs, dict):
        fail("%s: observation must be an object" % where)
        return {}
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            fail("%s: observation lacks %r" % (where, k))
    if not str(obs.get("url", "")).startswith("http"):
        fail("%s: url %r" % (where, obs.get("url")))
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        fail("%s: error must be a string or null" % where)
    nodes = parse_tree(obs.get("text", ""), where)
    first = obs.get("text", "").split("\n", 1)[0]
    if first != "RootWebArea '%s', focused" % obs.get("title"):
        fail("%s: RootWebArea name differs from title" % where)
    return nodes


def check_action(act, page_obs, nodes, where):
    if not isinstance(act, dict):
        fail("%s: action must be an object" % where)
        return
    for k in ("command", "reasoning", "target", "effect"):
        if k not in act:
            fail("%s: action lacks %r" % (where, k))
    if act.get("effect") not in EFFECTS:
        fail("%s: bad effect %r" % (where, act.get("effect")))
    cmd = act.get("command", "")
    m = CMD_RE.match(cmd)
    if m:
        verb, bid, arg = m.group(1), m.group(2), m.group(3)
        if bid not in nodes:
            fail("%s: bid %s of %s not on the page acted on" % (where, bid, cmd))
            return
        role, name, _ = nodes[bid]
        if act.get("target") != "%s '%s'" % (role, name):
            fail("%s: target %r does not match node %s '%s'" % (where, act.get("target"), role, name))
        if verb == "select_option":
            val = json.loads('"' + arg.strip("'").replace('"', '\\"') + '"')
            if ("option '%s'" % val) not in page_obs["text"]:
                fail("%s: option %r not on page" % (where, val))
            if role != "combobox":
                fail("%s: select_option on a %s" % (where, role))
        if verb == "fill" and role not in ("textbox", "searchbox", "combobox"):
            fail("%s: fill on a %s" % (where, role))
        return
    if MSG_RE.match(cmd):
        if act.get("effect") != "read":
            fail("%s: send_msg_to_user should be effect read" % where)
        return
    fail("%s: unrecognised command %r" % (where, cmd))


def check_corpus():
    if not os.path.exists(CORPUS):
        fail("corpus.jsonl missing")
        return
    runs = []
    with open(CORPUS, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            try:
                runs.append(json.loads(line))
            except ValueError as e:
                fail("line %d: invalid JSON (%s)" % (n, e))
    if len(runs) != N_HEALTHY + N_FAULTY:
        fail("expected %d runs, found %d" % (N_HEALTHY + N_FAULTY, len(runs)))
    seen, plans = set(), {}
    healthy = faulty = 0
    kinds = set()
    start_faults = 0
    for r in runs:
        rid = r.get("id")
        if rid in seen:
            fail("duplicate id %r" % rid)
        seen.add(rid)
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail("%s: missing %r" % (rid, k))
        if any(k not in r for k in ("plan", "label", "steps", "initial_observation")):
            continue
        # plan
        pref = r["plan"]
        if isinstance(pref, str):
            path = os.path.join(os.path.dirname(CORPUS), pref)
            if path not in plans:
                try:
                    with open(path, encoding="utf-8") as fh:
                        plans[path] = load_yaml(fh.read())
                except (OSError, ValueError) as e:
                    fail("%s: plan %s does not load: %s" % (rid, pref, e))
                    plans[path] = None
            plan = plans[path]
        else:
            plan = pref
        ids = check_plan(plan, "%s plan" % rid) if plan else set()
        if plan and plan.get("task") != r.get("task"):
            fail("%s: task differs from plan task" % rid)
        # label
        lab = r["label"]
        fault, first = lab.get("fault"), lab.get("first_off_track_step", "missing")
        steps = r["steps"]
        if not isinstance(steps, list) or not steps:
            fail("%s: steps must be a non-empty list" % rid)
            continue
        if fault is None:
            healthy += 1
            if first is not None:
                fail("%s: healthy run must have first_off_track_step null" % rid)
            if r["outcome"].get("success") is not True:
                fail("%s: healthy run should succeed" % rid)
        else:
            faulty += 1
            kinds.add(fault)
            if fault not in FAULT_KINDS:
                fail("%s: unknown fault %r" % (rid, fault))
            if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < len(steps):
                fail("%s: first_off_track_step %r out of range" % (rid, first))
            if first == 0:
                start_faults += 1
            if r["outcome"].get("success") is not False:
                fail("%s: faulty run should not succeed" % rid)
        if not isinstance(r["outcome"].get("success"), bool):
            fail("%s: outcome.success must be a bool" % rid)
        # pages and actions
        page = r["initial_observation"]
        nodes = check_obs(page, "%s initial" % rid)
        for i, st in enumerate(steps):
            where = "%s step %d" % (rid, i)
            if "commitment" in st and ids and st["commitment"] not in ids:
                fail("%s: unknown commitment %r" % (where, st["commitment"]))
            check_action(st.get("action"), page, nodes, where)
            page = st.get("observation")
            nodes = check_obs(page, where)
    if healthy != N_HEALTHY or faulty != N_FAULTY:
        fail("expected %d healthy / %d faulty, found %d / %d" % (N_HEALTHY, N_FAULTY, healthy, faulty))
    missing = FAULT_KINDS - kinds
    if missing:
        fail("fault kinds not covered: %s" % sorted(missing))
    if start_faults < 1:
        fail("no run is labelled at step 0")
    return plans


def check_plan_matches_source(plans):
    sys.dont_write_bytecode = True
    sys.path.insert(0, HERE)
    import make_corpus  # noqa: E402
    for path, plan in plans.items():
        if plan is not None and plan != make_corpus.PLAN:
            fail("%s does not round-trip to make_corpus.PLAN" % os.path.relpath(path, HERE))


def check_determinism():
    script = os.path.join(HERE, "make_corpus.py")
    outs = []
    for _ in range(2):
        d = tempfile.mkdtemp(prefix="claimdesk-selftest-")
        subprocess.run([sys.executable, script, d], check=True)
        files = {}
        for root, _dirs, names in os.walk(d):
            for n in names:
                p = os.path.join(root, n)
                with open(p, "rb") as fh:
                    files[os.path.relpath(p, d)] = fh.read()
        shutil.rmtree(d)
        outs.append(files)
    if outs[0] != outs[1]:
        fail("make_corpus.py is not deterministic")
    for rel, data in outs[0].items():
        p = os.path.join(HERE, rel)
        if not os.path.exists(p):
            fail("%s not present; run make_corpus.py" % rel)
            continue
        with open(p, "rb") as fh:
            if fh.read() != data:
                fail("%s differs from make_corpus.py output; regenerate" % rel)
    if sorted(outs[0]) != sorted(["corpus.jsonl", os.path.join("plans", "claim_partial_payment.yaml")]):
        fail("unexpected generated files: %s" % sorted(outs[0]))


def main():
    check_determinism()
    plans = check_corpus() or {}
    check_plan_matches_source(plans)
    if failures:
        for f in failures:
            print("FAIL:", f)
        print("%d failure(s)" % len(failures))
        return 1
    print("selftest OK: %d runs (%d healthy, %d faulty), plan loads, bids resolve, deterministic"
          % (N_HEALTHY + N_FAULTY, N_HEALTHY, N_FAULTY))
    return 0


if __name__ == "__main__":
    sys.exit(main())
