#!/usr/bin/env python3
"""Self-test for the Cityline Desk held-out corpus.

Checks corpus.jsonl and plans/cityline_merge.yaml against the fcpkit format contract
(FORMATS.md): required fields, labels, evidence items, that every bid an action uses
exists on the page it acted on (and that the recorded target names that node), and that
make_corpus.py is byte-for-byte reproducible.  Python 3 standard library only.

    python3 selftest.py
"""
import filecmp
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")

FAULTS = {"wrong_record", "wrong_value", "silent_no_op", "unrequested_filter", "error_page",
          "permission", "session_lost", "premature_success", "skipped_step", "dialog_mishandled"}
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}
BID_CMD = re.compile(r"^(click|dblclick|hover|focus|clear|fill|press|select_option|check|uncheck)"
                     r"\('([^']+)'")
NODE = re.compile(r"^(\t*)\[(\d+)\] (\S+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(, .*)?$")
ROOT = re.compile(r"^RootWebArea ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"), focused$")

failures = []


def check(cond, msg):
    if not cond:
        failures.append(msg)
    return cond


# ---------------------------------------------------------------------------
# A small YAML-subset reader (block mappings/sequences, quoted and plain scalars,
# one-line flow mappings).  Enough for the plan this folder ships.
# ---------------------------------------------------------------------------
def _scalar(s):
    s = s.strip()
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'"):
        return s[1:-1].replace("''", "'")
    if s.startswith("{"):
        return _flow_map(s)
    if s in ("null", "~", ""):
        return None
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    return s


def _split_top(s):
    parts, cur, quote = [], "", None
    for ch in s:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
            cur += ch
        elif ch == ",":
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return parts


def _flow_map(s):
    assert s.startswith("{") and s.endswith("}"), s
    out = {}
    for part in _split_top(s[1:-1]):
        k, _, v = part.partition(":")
        out[k.strip()] = _scalar(v)
    return out


def load_yaml_subset(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        lines.append((len(raw) - len(raw.lstrip(" ")), raw.strip()))

    def block(i, indent):
        if lines[i][1].startswith("- "):
            seq = []
            while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("- "):
                body = lines[i][1][2:]
                if re.match(r"^[A-Za-z_][\w-]*:( |$)", body) and not body.startswith("{"):
                    # mapping inside a sequence item
                    lines[i] = (indent + 2, body)
                    val, i = mapping(i, indent + 2)
                    seq.append(val)
                else:
                    seq.append(_scalar(body))
                    i += 1
            return seq, i
        return mapping(i, indent)

    def mapping(i, indent):
        m = {}
        while i < len(lines) and lines[i][0] == indent and not lines[i][1].startswith("- "):
            key, _, rest = lines[i][1].partition(":")
            rest = rest.strip()
            i += 1
            if rest:
                m[key.strip()] = _scalar(rest)
            elif i < len(lines) and lines[i][0] > indent:
                m[key.strip()], i = block(i, lines[i][0])
            elif i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("- "):
                m[key.strip()], i = block(i, indent)
            else:
                m[key.strip()] = None
        return m, i

    val, i = block(0, lines[0][0])
    assert i == len(lines), "unparsed plan line %d: %r" % (i, lines[i])
    return val


def _norm_on(x):
    """PyYAML (YAML 1.1) reads the key `on` as True; map it back for comparison."""
    if isinstance(x, dict):
        return {("on" if k is True else k): _norm_on(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_norm_on(v) for v in x]
    return x


# ---------------------------------------------------------------------------
def check_evidence(item, where):
    if isinstance(item, str):
        return check(item.strip() != "", "%s: empty evidence string" % where)
    if check(isinstance(item, dict), "%s: evidence must be str or mapping: %r" % (where, item)):
        check(isinstance(item.get("text"), str) and item["text"].strip(),
              "%s: evidence mapping needs text" % where)
        check(item.get("on", "state") in ON, "%s: bad on=%r" % (where, item.get("on")))
        check(set(item) <= {"text", "on"}, "%s: unexpected keys %r" % (where, sorted(item)))


def check_plan(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    plan = load_yaml_subset(text)
    try:
        import yaml  # optional cross-check
        check(_norm_on(yaml.safe_load(text)) == plan, "plan: subset reader and PyYAML disagree")
    except ImportError:
        pass
    check(isinstance(plan.get("task"), str), "plan: task missing")
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        check(scope in SCOPES, "plan_falsifiers: unknown scope %r" % scope)
        for it in items or []:
            check_evidence(it, "plan_falsifiers.%s" % scope)
    pf = " ".join(x if isinstance(x, str) else x["text"]
                  for x in (plan.get("plan_falsifiers") or {}).get("execution", []))
    check("Sign in – Cityline Desk" in pf, "plan: no plan-level falsifier names the sign-in page")
    ids = []
    n_action = 0
    for c in plan.get("commitments") or []:
        cid = c.get("id")
        check(isinstance(cid, str) and cid, "commitment without id")
        ids.append(cid)
        check(isinstance(c.get("subgoal"), str), "%s: subgoal missing" % cid)
        conf = c.get("confidence", 0.5)
        check(isinstance(conf, (int, float)) and 0 <= conf <= 1, "%s: confidence %r" % (cid, conf))
        for stage, items in (c.get("confirm") or {}).items():
            check(stage in STAGES, "%s: unknown confirm stage %r" % (cid, stage))
            for it in items or []:
                check_evidence(it, "%s.confirm.%s" % (cid, stage))
        for scope, items in (c.get("falsify") or {}).items():
            check(scope in SCOPES, "%s: unknown falsify scope %r" % (cid, scope))
            for it in items or []:
                check_evidence(it, "%s.falsify.%s" % (cid, scope))
                if isinstance(it, dict) and it.get("on") == "action":
                    n_action += 1
    check(len(ids) == len(set(ids)), "plan: duplicate commitment ids")
    check(n_action >= 1, "plan: no action falsifiers")
    return plan, set(ids)


def page_nodes(text, where):
    lines = text.split("\n")
    check(ROOT.match(lines[0]) is not None, "%s: first line is not RootWebArea: %r" % (where, lines[0]))
    nodes = {}
    for ln in lines[1:]:
        m = NODE.match(ln)
        if not check(m is not None, "%s: malformed AXTree line %r" % (where, ln)):
            continue
        bid = m.group(2)
        check(bid not in nodes, "%s: duplicate bid %s" % (where, bid))
        nodes[bid] = "%s %s" % (m.group(3), m.group(4))
    return nodes


def check_obs(o, where):
    if not check(isinstance(o, dict), "%s: observation not an object" % where):
        return {}
    for k in ("url", "title", "text", "error"):
        check(k in o, "%s: observation lacks %s" % (where, k))
    check(isinstance(o.get("url"), str) and o["url"].startswith("http"), "%s: bad url" % where)
    check(isinstance(o.get("title"), str) and o["title"], "%s: bad title" % where)
    check(o.get("error") is None or isinstance(o["error"], str), "%s: bad error" % where)
    return page_nodes(o.get("text", ""), where)


def check_corpus(plan, commitment_ids):
    with open(CORPUS, encoding="utf-8") as f:
        raw = f.read()
    check(raw.endswith("\n"), "corpus: missing final newline")
    runs = [json.loads(line) for line in raw.splitlines()]
    check(len(runs) == 20, "corpus: expected 20 runs, found %d" % len(runs))
    ids = [r.get("id") for r in runs]
    check(len(ids) == len(set(ids)), "corpus: duplicate ids")
    healthy = [r for r in runs if r.get("label", {}).get("fault") is None]
    faulty = [r for r in runs if r.get("label", {}).get("fault") is not None]
    check(len(healthy) == 8, "corpus: expected 8 healthy runs, found %d" % len(healthy))
    check(len(faulty) == 12, "corpus: expected 12 faulty runs, found %d" % len(faulty))
    kinds = set()
    step0 = 0
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in r, "%s: missing %s" % (rid, k))
        check(r.get("workflow") == "cityline_merge", "%s: workflow" % rid)
        check(r.get("task") == plan["task"], "%s: task differs from the plan's task" % rid)
        check(isinstance(r.get("plan"), str) and os.path.exists(os.path.join(HERE, r["plan"])),
              "%s: plan path does not resolve" % rid)
        lab = r.get("label", {})
        fault, off = lab.get("fault"), lab.get("first_off_track_step")
        steps = r.get("steps", [])
        check(len(steps) >= 1, "%s: no steps" % rid)
        if fault is None:
            check(off is None, "%s: healthy run with an off-track step" % rid)
            check(r["outcome"].get("success") is True, "%s: healthy run not successful" % rid)
        else:
            kinds.add(fault)
            check(fault in FAULTS, "%s: unknown fault %r" % (rid, fault))
            check(isinstance(off, int) and 0 <= off < len(steps),
                  "%s: first_off_track_step %r out of range" % (rid, off))
            check(r["outcome"].get("success") is False, "%s: faulty run marked successful" % rid)
            step0 += off == 0
        prev = check_obs(r.get("initial_observation"), "%s/initial" % rid)
        for i, s in enumerate(steps):
            where = "%s/step%d" % (rid, i)
            a = s.get("action", {})
            for k in ("command", "reasoning", "target", "effect"):
                check(k in a, "%s: action lacks %s" % (where, k))
            check(a.get("effect") in EFFECTS, "%s: bad effect %r" % (where, a.get("effect")))
            if "commitment" in s:
                check(s["commitment"] in commitment_ids, "%s: unknown commitment %r" % (where, s["commitment"]))
            cmd = a.get("command", "")
            m = BID_CMD.match(cmd)
            if m:
                bid = m.group(2)
                if check(bid in prev, "%s: bid %s not on the page acted on" % (where, bid)):
                    check(prev[bid] == a.get("target"),
                          "%s: target %r but bid %s is %r" % (where, a.get("target"), bid, prev[bid]))
            else:
                check(cmd.startswith(("send_msg_to_user(", "noop(", "scroll(", "go_back(")),
                      "%s: unrecognised command %r" % (where, cmd))
            prev = check_obs(s.get("observation"), where)
        # healthy runs must end on the merged original with the right values
        if fault is None:
            last = steps[-1]["observation"]["text"]
            check("SR-24-081376 was merged into SR-24-081352. Marisol Trevino was notified by email." in last,
                  "%s: healthy run does not end on the merge toast" % rid)
            check("definition 'Street Defect – Pothole'" in last and "definition 'Crew 7 – R. Okafor'" in last,
                  "%s: healthy run does not keep the original's values" % rid)
            check(steps[-1]["action"]["command"].startswith("send_msg_to_user("),
                  "%s: healthy run does not report back" % rid)
            irr = [s for s in steps if s["action"]["effect"] == "irreversible"]
            check(len(irr) == 1 and "Merge SR-24-081376 only" in irr[0]["action"]["target"],
                  "%s: healthy run should have exactly one irreversible action" % rid)
    want = {"wrong_record", "wrong_value", "silent_no_op", "unrequested_filter", "error_page",
            "permission", "premature_success", "skipped_step", "dialog_mishandled", "session_lost"}
    check(want <= kinds, "corpus: fault kinds missing: %s" % sorted(want - kinds))
    check(step0 >= 1, "corpus: no fault labelled at step 0")
    # near-miss records and alarming-but-ordinary words are furniture on healthy pages
    htext = "\n".join(s["observation"]["text"] for r in healthy for s in r["steps"])
    htext += "\n".join(r["initial_observation"]["text"] for r in healthy)
    for w in ("SR-24-081367", "SR-24-081357", "SR-24-018376", "1481 Alder Ave", "1418 Alder Ct",
              "Overdue", "failed", "Cancelled", "Storm mode"):
        check(w in htext, "healthy pages lack furniture %r" % w)
    return runs


def check_determinism():
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        for d in (a, b):
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", d],
                           check=True, stdout=subprocess.DEVNULL,
                           env=dict(os.environ, PYTHONHASHSEED="random"))
        for rel in ("corpus.jsonl", os.path.join("plans", "cityline_merge.yaml")):
            check(filecmp.cmp(os.path.join(a, rel), os.path.join(b, rel), shallow=False),
                  "make_corpus.py is not deterministic for %s" % rel)
            check(filecmp.cmp(os.path.join(a, rel), os.path.join(HERE, rel), shallow=False),
                  "%s on disk differs from a fresh make_corpus.py run" % rel)


def main():
    plan, cids = check_plan(os.path.join(HERE, "plans", "cityline_merge.yaml"))
    runs = check_corpus(plan, cids)
    check_determinism()
    if failures:
        for f in failures:
            print("FAIL:", f)
        print("%d problem(s)" % len(failures))
        return 1
    by = {}
    for r in runs:
        lab = r["label"]
        if lab["fault"]:
            by.setdefault(lab["first_off_track_step"], []).append(lab["fault"])
    print("OK: %d runs (%d healthy, %d faulty), %d commitments, %d steps in all"
          % (len(runs), sum(r["label"]["fault"] is None for r in runs),
             sum(r["label"]["fault"] is not None for r in runs), len(cids),
             sum(len(r["steps"]) for r in runs)))
    for k in sorted(by):
        print("  first off-track step %d: %s" % (k, ", ".join(sorted(by[k]))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
