#!/usr/bin/env python3
"""Validate the PermitDesk held-out corpus against the fcpkit format contract.

Checks: corpus shape and required fields; labels (8 healthy, 12 faulty, step in range);
fault kinds covered; plan loads and its commitments/evidence are well formed; every step's
commitment exists in the plan; every bid an action names exists on the page it acted on and
the recorded target is that node; observation text is a flattened AXTree with unique bids;
make_corpus.py is deterministic and reproduces the files on disk byte for byte.
Standard library only. Exit status 0 on success.
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
FAULT_KINDS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_filter", "stale_filter",
               "permission_denied", "session_expired", "premature_success", "skipped_step", "dialog_mishandled"}
BID_ACTIONS = r"(click|dblclick|hover|fill|select_option|press|focus|clear|check|uncheck)"
ALL_ACTIONS = r"(click|dblclick|hover|fill|select_option|press|focus|clear|check|uncheck|scroll|goto|go_back|go_forward|noop|send_msg_to_user|report_infeasible)"
LINE_RE = re.compile(r"^(\t+)\[([A-Za-z0-9]+)\] ([A-Za-z]+) '([^']*)'(, .+)?$")
FAILS = []


def fail(msg):
    FAILS.append(msg)


# ---------------------------------------------------------------- tiny YAML subset reader
def _scalar(s):
    s = s.strip()
    if s == "":
        return None
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'"):
        assert s.endswith("'"), s
        return s[1:-1].replace("''", "'")
    if s == "[]":
        return []
    if s == "{}":
        return {}
    if s in ("null", "~"):
        return None
    if s in ("true", "false"):
        return s == "true"
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    return s


def _split_flow(body):
    parts, cur, q = [], "", None
    for ch in body:
        if q:
            cur += ch
            if ch == q:
                q = None
        elif ch in "\"'":
            q = ch
            cur += ch
        elif ch == ",":
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return parts


def _value(s):
    s = s.strip()
    if s.startswith("{") and s.endswith("}"):
        out = {}
        for part in _split_flow(s[1:-1]):
            k, v = part.split(":", 1)
            out[k.strip()] = _scalar(v)
        return out
    if s.startswith("[") and s.endswith("]") and s != "[]":
        return [_scalar(p) for p in _split_flow(s[1:-1])]
    return _scalar(s)


def _key(line):
    m = re.match(r"^([A-Za-z_][A-Za-z0-9_-]*):(\s+(.*))?$", line)
    if not m:
        raise ValueError("not a mapping line: %r" % line)
    return m.group(1), (m.group(3) or "")


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        ind = len(raw) - len(raw.lstrip(" "))
        lines.append((ind, raw.strip()))
    pos = [0]

    def block(ind):
        if lines[pos[0]][1].startswith("- "):
            return seq(ind)
        return mapping(ind)

    def mapping(ind, first=None):
        out = {}
        if first is not None:
            k, v = _key(first)
            out[k] = nested(ind, v)
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and not lines[pos[0]][1].startswith("- "):
            _, content = lines[pos[0]]
            pos[0] += 1
            k, v = _key(content)
            if k in out:
                raise ValueError("duplicate key %s" % k)
            out[k] = nested(ind, v)
        return out

    def nested(ind, v):
        if v != "":
            return _value(v)
        if pos[0] < len(lines) and lines[pos[0]][0] > ind:
            return block(lines[pos[0]][0])
        if pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
            return seq(ind)
        return None

    def seq(ind):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
            _, content = lines[pos[0]]
            pos[0] += 1
            item = content[2:].strip()
            if re.match(r"^[A-Za-z_][A-Za-z0-9_-]*:(\s|$)", item):
                out.append(mapping(ind + 2, first=item))
            else:
                out.append(_value(item))
        return out

    result = block(lines[0][0])
    if pos[0] != len(lines):
        raise ValueError("unparsed YAML from line %r" % (lines[pos[0]],))
    return result


def _yaml11_fix(x):
    # YAML 1.1 readers (PyYAML) read the plain key `on` as boolean true; the contract means "on".
    if isinstance(x, dict):
        return {("on" if k is True else k): _yaml11_fix(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_yaml11_fix(v) for v in x]
    return x


# ---------------------------------------------------------------- plan checks
def check_evidence(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        fail("%s: evidence must be a list" % where)
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                fail("%s: empty evidence" % where)
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                fail("%s: evidence mapping without text" % where)
            if it.get("on", "state") not in ("state", "action", "both"):
                fail("%s: bad on=%r" % (where, it.get("on")))
        else:
            fail("%s: evidence item of type %s" % (where, type(it).__name__))


def check_plan(path, task):
    with open(path, encoding="utf-8") as f:
        plan = load_yaml(f.read())
    if plan.get("task") != task:
        fail("plan task differs from corpus task")
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in ("execution", "skill", "planning"):
            fail("plan_falsifiers: unknown scope %s" % scope)
        check_evidence("plan_falsifiers.%s" % scope, items)
    ids = []
    for c in plan.get("commitments") or []:
        cid = c.get("id")
        if not cid or cid in ids:
            fail("commitment id missing or duplicated: %r" % cid)
        ids.append(cid)
        if not c.get("subgoal"):
            fail("%s: no subgoal" % cid)
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail("%s: confidence %r" % (cid, conf))
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in ("precondition", "progress", "completion"):
                fail("%s: unknown confirm stage %s" % (cid, stage))
            check_evidence("%s.confirm.%s" % (cid, stage), items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in ("execution", "skill", "planning"):
                fail("%s: unknown falsify scope %s" % (cid, scope))
            check_evidence("%s.falsify.%s" % (cid, scope), items)
    if not ids:
        fail("plan has no commitments")
    try:  # cross-check the subset reader when PyYAML happens to be installed (not required)
        import yaml
        with open(path, encoding="utf-8") as f:
            if _yaml11_fix(yaml.safe_load(f)) != plan:
                fail("subset YAML reader disagrees with PyYAML")
    except ImportError:
        pass
    return plan, set(ids)


# ---------------------------------------------------------------- observation checks
def check_obs(where, obs):
    if not isinstance(obs, dict):
        fail("%s: observation not an object" % where)
        return {}
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            fail("%s: observation lacks %s" % (where, k))
    if not isinstance(obs.get("url"), str) or not obs["url"].startswith("http"):
        fail("%s: bad url" % where)
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        fail("%s: error must be string or null" % where)
    lines = obs.get("text", "").split("\n")
    if lines[0] != "RootWebArea '%s', focused" % obs.get("title"):
        fail("%s: first line is not the RootWebArea with the page title" % where)
    nodes = {}
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not m:
            fail("%s: malformed AXTree line %r" % (where, ln))
            continue
        bid = m.group(2)
        if bid in nodes:
            fail("%s: duplicate bid %s" % (where, bid))
        nodes[bid] = "%s '%s'" % (m.group(3), m.group(4))
    if len(nodes) < 15:
        fail("%s: page has only %d nodes" % (where, len(nodes)))
    return nodes


def check_run(run, plan_ids, seen):
    rid = run.get("id")
    for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
        if k not in run:
            fail("%s: missing %s" % (rid, k))
            return
    if rid in seen:
        fail("duplicate id %s" % rid)
    seen.add(rid)
    lab = run["label"]
    if set(lab) < {"fault", "first_off_track_step"}:
        fail("%s: label lacks fields" % rid)
    steps = run["steps"]
    if not steps:
        fail("%s: no steps" % rid)
    if lab["fault"] is None:
        if lab["first_off_track_step"] is not None:
            fail("%s: healthy run with an off-track step" % rid)
        if run["outcome"].get("success") is not True:
            fail("%s: healthy run should succeed" % rid)
    else:
        s = lab["first_off_track_step"]
        if not isinstance(s, int) or not 0 <= s < len(steps):
            fail("%s: first_off_track_step %r out of range" % (rid, s))
        if lab["fault"] not in FAULT_KINDS:
            fail("%s: unknown fault %s" % (rid, lab["fault"]))
        if run["outcome"].get("success") is not False:
            fail("%s: faulty run should not succeed" % rid)
    if not isinstance(run["outcome"].get("success"), bool):
        fail("%s: outcome.success must be a bool" % rid)
    prev = check_obs("%s/initial" % rid, run["initial_observation"])
    for i, st in enumerate(steps):
        where = "%s/step%d" % (rid, i)
        act = st.get("action") or {}
        cmd = act.get("command", "")
        if act.get("effect") not in EFFECTS:
            fail("%s: effect %r" % (where, act.get("effect")))
        if not re.match(r"^%s\(" % ALL_ACTIONS, cmd):
            fail("%s: unknown action %r" % (where, cmd))
        m = re.match(r"^%s\('([^']+)'" % BID_ACTIONS, cmd)
        if m:
            bid = m.group(2)
            if bid not in prev:
                fail("%s: bid %s not on the page acted on" % (where, bid))
            elif act.get("target") != prev[bid]:
                fail("%s: target %r but bid %s is %r" % (where, act.get("target"), bid, prev[bid]))
        if st.get("commitment") is not None and st["commitment"] not in plan_ids:
            fail("%s: commitment %r not in plan" % (where, st["commitment"]))
        prev = check_obs(where, st.get("observation"))


def check_determinism():
    with open(CORPUS, "rb") as f:
        on_disk = f.read()
    with open(os.path.join(HERE, "plans", "permitdesk_inspection.yaml"), "rb") as f:
        plan_disk = f.read()
    outs = []
    for _ in range(2):
        d = tempfile.mkdtemp(prefix="permitdesk-")
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", d], check=True,
                       stdout=subprocess.DEVNULL)
        with open(os.path.join(d, "corpus.jsonl"), "rb") as f:
            c = f.read()
        with open(os.path.join(d, "plans", "permitdesk_inspection.yaml"), "rb") as f:
            p = f.read()
        outs.append((c, p))
    if outs[0] != outs[1]:
        fail("make_corpus.py is not deterministic")
    if outs[0] != (on_disk, plan_disk):
        fail("files on disk differ from a fresh make_corpus.py run")


def main():
    runs = []
    with open(CORPUS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError as e:
                fail("line %d: %s" % (n, e))
    if len(runs) != 20:
        fail("expected 20 runs, found %d" % len(runs))
    tasks = {r.get("task") for r in runs}
    plans = {r.get("plan") for r in runs}
    if len(tasks) != 1 or len(plans) != 1:
        fail("runs disagree on task or plan")
    plan_path = os.path.join(HERE, plans.pop())
    plan, ids = check_plan(plan_path, tasks.pop())
    seen = set()
    for r in runs:
        check_run(r, ids, seen)
    healthy = [r for r in runs if r["label"]["fault"] is None]
    faulty = [r for r in runs if r["label"]["fault"] is not None]
    if len(healthy) != 8 or len(faulty) != 12:
        fail("expected 8 healthy and 12 faulty, got %d and %d" % (len(healthy), len(faulty)))
    missing = FAULT_KINDS - {r["label"]["fault"] for r in faulty}
    if missing:
        fail("fault kinds not covered: %s" % sorted(missing))
    if not any(r["label"]["first_off_track_step"] == 0 for r in faulty):
        fail("no fault labelled at step 0")
    check_determinism()
    if FAILS:
        for m in FAILS:
            print("FAIL:", m)
        sys.exit(1)
    by = {}
    for r in faulty:
        by.setdefault(r["label"]["fault"], []).append(r["label"]["first_off_track_step"])
    print("ok: %d runs (%d healthy, %d faulty), %d plan commitments" % (len(runs), len(healthy), len(faulty), len(ids)))
    print("faults by first off-track step:", json.dumps(by, sort_keys=True))


if __name__ == "__main__":
    main()
