#!/usr/bin/env python3
"""Self-test for the tenantry corpus: format contract, labels, bids, determinism.

Standard library only (PyYAML, when installed, is used as a cross-check of the plan parse).
Run from anywhere:  python3 selftest.py
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
BID_ACTIONS = ("click", "dblclick", "hover", "fill", "select_option", "press", "focus",
               "clear", "check", "uncheck")
EXPECTED_HEALTHY = 8
EXPECTED_FAULTY = 12

failures = []


def fail(msg):
    failures.append(msg)


# ---------------------------------------------------------------- mini YAML
def _scalar(s):
    s = s.strip()
    if s == "[]":
        return []
    if s == "{}":
        return {}
    if len(s) >= 2 and s[0] == '"' and s[-1] == '"':
        return json.loads(s)
    if len(s) >= 2 and s[0] == "'" and s[-1] == "'":
        return s[1:-1].replace("''", "'")
    if s in ("null", "~", ""):
        return None
    if s in ("true", "false"):
        return s == "true"
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    return s


def _strip_comment(line):
    out, q = [], None
    for i, ch in enumerate(line):
        if q:
            if ch == q and not (q == '"' and line[i - 1] == "\\"):
                q = None
        elif ch in "\"'" and (i == 0 or line[i - 1] in " -:["):
            q = ch
        elif ch == "#" and (i == 0 or line[i - 1] == " "):
            break
        out.append(ch)
    return "".join(out).rstrip()


def mini_yaml(text):
    """Block-style YAML subset: mappings, '- ' lists, quoted/plain scalars, [] / {}."""
    lines = []
    for raw in text.splitlines():
        ln = _strip_comment(raw)
        if ln.strip():
            lines.append((len(ln) - len(ln.lstrip(" ")), ln.strip()))
    pos = [0]

    def split_kv(s):
        m = re.match(r'^("(?:[^"\\]|\\.)*"|[^:"]+?):(?:\s+(.*))?$', s)
        if not m:
            return None
        return _scalar(m.group(1)), m.group(2)

    def block(indent):
        if pos[0] >= len(lines):
            return None
        ind, s = lines[pos[0]]
        if s.startswith("- ") or s == "-":
            return seq(ind)
        return mapping(ind)

    def mapping(ind, first=None):
        d = {}
        if first is not None:
            k, v = first
            d[k] = v
        while pos[0] < len(lines):
            i, s = lines[pos[0]]
            if i < ind or (i == ind and s.startswith("- ")):
                break
            if i > ind:
                raise ValueError("bad indentation at %r" % s)
            kv = split_kv(s)
            if kv is None:
                raise ValueError("expected key: value at %r" % s)
            pos[0] += 1
            k, v = kv
            if v is None or v == "":
                if pos[0] < len(lines) and (lines[pos[0]][0] > ind or
                                            (lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "))):
                    d[k] = block(lines[pos[0]][0])
                else:
                    d[k] = None
            else:
                d[k] = _scalar(v)
        return d

    def seq(ind):
        out = []
        while pos[0] < len(lines):
            i, s = lines[pos[0]]
            if i != ind or not s.startswith("-"):
                break
            rest = s[1:].strip()
            pos[0] += 1
            kv = split_kv(rest) if rest and rest[0] not in "\"'" else None
            if kv is not None:
                k, v = kv
                child_ind = ind + 2
                if v is None or v == "":
                    val = block(lines[pos[0]][0]) if pos[0] < len(lines) and lines[pos[0]][0] > child_ind else None
                else:
                    val = _scalar(v)
                out.append(mapping(child_ind, first=(k, val)))
            elif rest:
                out.append(_scalar(rest))
            else:
                out.append(block(lines[pos[0]][0]))
        return out

    return block(0)


# ---------------------------------------------------------------- plan checks
def check_evidence(items, where):
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
            if it.get("on", "state") not in ("state", "action", "both"):
                fail("%s: bad 'on' %r" % (where, it.get("on")))
        else:
            fail("%s: evidence item of type %s" % (where, type(it).__name__))


def _norm_on(x):
    """PyYAML follows YAML 1.1 and reads the bare key `on` as boolean True; map it back."""
    if isinstance(x, dict):
        return {("on" if k is True else k): _norm_on(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_norm_on(v) for v in x]
    return x


def check_plan(path):
    text = open(path, encoding="utf-8").read()
    plan = mini_yaml(text)
    try:
        import yaml  # optional cross-check
        other = _norm_on(yaml.safe_load(text))
        if other != plan:
            fail("plan: mini parser and PyYAML disagree")
    except ImportError:
        pass
    if not isinstance(plan, dict):
        fail("plan: not a mapping")
        return plan, set()
    if not isinstance(plan.get("task"), str):
        fail("plan: task missing")
    pf = plan.get("plan_falsifiers") or {}
    for sc, items in pf.items():
        if sc not in SCOPES:
            fail("plan_falsifiers: unknown scope %r" % sc)
        check_evidence(items, "plan_falsifiers.%s" % sc)
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
        for st, items in (c.get("confirm") or {}).items():
            if st not in STAGES:
                fail("%s: unknown confirm stage %r" % (cid, st))
            check_evidence(items, "%s.confirm.%s" % (cid, st))
        for sc, items in (c.get("falsify") or {}).items():
            if sc not in SCOPES:
                fail("%s: unknown falsify scope %r" % (cid, sc))
            check_evidence(items, "%s.falsify.%s" % (cid, sc))
    if len(ids) != len(set(ids)):
        fail("plan: duplicate commitment ids")
    if not ids:
        fail("plan: no commitments")
    sign_in = [x for x in (pf.get("execution") or []) + (pf.get("planning") or [])
               if isinstance(x, str) and "sign in" in x.lower()]
    if not sign_in:
        fail("plan: no plan-level falsifier naming the sign-in page")
    return plan, set(ids)


# ---------------------------------------------------------------- corpus checks
def check_obs(o, where):
    if not isinstance(o, dict):
        fail("%s: observation not an object" % where)
        return
    for k in ("url", "title", "text", "error"):
        if k not in o:
            fail("%s: observation missing %s" % (where, k))
    if not isinstance(o.get("url"), str) or not isinstance(o.get("title"), str):
        fail("%s: url/title must be strings" % where)
    if not isinstance(o.get("text"), str) or not o["text"].startswith("RootWebArea "):
        fail("%s: text is not a flattened AXTree" % where)
    if o.get("error") is not None and not isinstance(o["error"], str):
        fail("%s: error must be string or null" % where)
    bids = re.findall(r"^\t*\[([^\]]+)\] ", o.get("text", ""), flags=re.M)
    if len(bids) != len(set(bids)):
        fail("%s: duplicate bids on page" % where)


def page_bids(o):
    return set(re.findall(r"^\t*\[([^\]]+)\] ", o["text"], flags=re.M))


def check_corpus(plan, commitment_ids):
    rows = []
    with open(CORPUS, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            try:
                rows.append(json.loads(line))
            except ValueError as e:
                fail("line %d: bad JSON (%s)" % (n, e))
    ids = [r.get("id") for r in rows]
    if len(ids) != len(set(ids)):
        fail("duplicate run ids")
    healthy = [r for r in rows if (r.get("label") or {}).get("fault") is None]
    faulty = [r for r in rows if (r.get("label") or {}).get("fault") is not None]
    if len(rows) != EXPECTED_HEALTHY + EXPECTED_FAULTY:
        fail("expected %d runs, got %d" % (EXPECTED_HEALTHY + EXPECTED_FAULTY, len(rows)))
    if len(healthy) != EXPECTED_HEALTHY or len(faulty) != EXPECTED_FAULTY:
        fail("expected %d healthy / %d faulty, got %d / %d" %
             (EXPECTED_HEALTHY, EXPECTED_FAULTY, len(healthy), len(faulty)))
    for r in rows:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps",
                  "outcome"):
            if k not in r:
                fail("%s: missing %s" % (rid, k))
        if r.get("task") != plan.get("task"):
            fail("%s: task differs from the plan's task" % rid)
        if isinstance(r.get("plan"), str):
            if not os.path.exists(os.path.join(HERE, r["plan"])):
                fail("%s: plan path %s does not exist" % (rid, r["plan"]))
        if not r["id"].startswith(r.get("workflow", "") + "-"):
            fail("%s: id does not start with workflow" % rid)
        lab = r.get("label") or {}
        fault, off = lab.get("fault"), lab.get("first_off_track_step", "missing")
        steps = r.get("steps") or []
        if not steps:
            fail("%s: no steps" % rid)
        if fault is None:
            if off is not None:
                fail("%s: healthy run with first_off_track_step" % rid)
            if (r.get("outcome") or {}).get("success") is not True:
                fail("%s: healthy run not successful" % rid)
        else:
            if not isinstance(fault, str) or not fault:
                fail("%s: fault must be a non-empty string" % rid)
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                fail("%s: first_off_track_step %r out of range" % (rid, off))
            if (r.get("outcome") or {}).get("success") is not False:
                fail("%s: faulty run marked successful" % rid)
            if fault not in rid:
                fail("%s: id does not name its fault" % rid)
        check_obs(r.get("initial_observation"), rid + ":initial")
        prev = r.get("initial_observation")
        for i, s in enumerate(steps):
            where = "%s:step%d" % (rid, i)
            a = s.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if not isinstance(a.get(k), str):
                    fail("%s: action.%s missing" % (where, k))
            if a.get("effect") not in EFFECTS:
                fail("%s: bad effect %r" % (where, a.get("effect")))
            c = s.get("commitment")
            if c is not None and c not in commitment_ids:
                fail("%s: unknown commitment %r" % (where, c))
            m = re.match(r"^(\w+)\((.*)\)$", a.get("command", ""), flags=re.S)
            if not m:
                fail("%s: unparsable command %r" % (where, a.get("command")))
            elif m.group(1) in BID_ACTIONS:
                bm = re.match(r"^'([^']+)'", m.group(2))
                if not bm:
                    fail("%s: command without bid" % where)
                elif bm.group(1) not in page_bids(prev):
                    fail("%s: bid %s not on the page acted on" % (where, bm.group(1)))
                else:
                    # the target must name the node carrying that bid
                    line = re.search(r"^\t*\[%s\] (.*)$" % re.escape(bm.group(1)), prev["text"],
                                     flags=re.M).group(1)
                    tgt = a.get("target", "").split(" → ")[0]
                    if not line.startswith(tgt):
                        fail("%s: target %r does not match node %r" % (where, tgt, line))
            elif m.group(1) not in ("send_msg_to_user", "goto", "noop", "scroll", "go_back",
                                    "go_forward", "new_tab", "tab_focus", "tab_close"):
                fail("%s: unknown action %s" % (where, m.group(1)))
            check_obs(s.get("observation"), where)
            prev = s.get("observation") or prev
    # healthy runs must end on the created work order; step-0 faults must show on the start page
    for r in healthy:
        last = r["steps"][-1]["observation"]
        if not last["title"].startswith("Work order WO-"):
            fail("%s: healthy run does not end on a work order page" % r["id"])
    for r in faulty:
        if r["label"]["first_off_track_step"] == 0 and "Sign in" not in r["initial_observation"]["title"] \
                and r["label"]["fault"] == "session_expired":
            fail("%s: step-0 fault not visible on the start page" % r["id"])
    return rows


def check_determinism():
    with tempfile.TemporaryDirectory() as d1, tempfile.TemporaryDirectory() as d2:
        for d in (d1, d2):
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", d],
                           check=True, stdout=subprocess.DEVNULL,
                           env=dict(os.environ, PYTHONHASHSEED="random"))
        for rel in ("corpus.jsonl", os.path.join("plans", "tenantry.yaml")):
            a = open(os.path.join(d1, rel), "rb").read()
            b = open(os.path.join(d2, rel), "rb").read()
            c = open(os.path.join(HERE, rel), "rb").read()
            if a != b:
                fail("make_corpus.py is not deterministic for %s" % rel)
            if a != c:
                fail("%s in the folder is stale: rerun make_corpus.py" % rel)


def main():
    plan, cids = check_plan(os.path.join(HERE, "plans", "tenantry.yaml"))
    rows = check_corpus(plan or {}, cids)
    check_determinism()
    if failures:
        for f in failures:
            print("FAIL:", f)
        print("%d problem(s)" % len(failures))
        sys.exit(1)
    nf = {}
    for r in rows:
        f = r["label"]["fault"]
        if f:
            nf[f] = nf.get(f, 0) + 1
    print("ok: %d runs (%d healthy, %d faulty), %d commitments; faults: %s" % (
        len(rows), sum(1 for r in rows if r["label"]["fault"] is None),
        sum(1 for r in rows if r["label"]["fault"]), len(cids),
        ", ".join("%s×%d" % kv for kv in sorted(nf.items()))))


if __name__ == "__main__":
    main()
