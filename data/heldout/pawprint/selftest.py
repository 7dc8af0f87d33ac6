#!/usr/bin/env python3
"""Validate the Pawprint corpus and plan against the fcpkit format contract (stdlib only).

Run from anywhere: python3 selftest.py
"""
import json
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_corpus  # noqa: E402

FAILS = []


def check(cond, msg):
    if not cond:
        FAILS.append(msg)
    return cond


# ------------------------------------------------------------------ tiny YAML subset reader
def _strip_comment(line):
    out, q = [], None
    for i, ch in enumerate(line):
        if q:
            if ch == q:
                q = None
        elif ch in "\"'":
            q = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        out.append(ch)
    return "".join(out).rstrip()


def _split_top(s, sep=","):
    parts, depth, q, cur = [], 0, None, []
    for ch in s:
        if q:
            cur.append(ch)
            if ch == q:
                q = None
            continue
        if ch in "\"'":
            q = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


def _key_split(s):
    if s[0] in "\"'":
        end = s.index(s[0], 1)
        key, rest = _scalar(s[:end + 1]), s[end + 1:]
        if not rest.startswith(":"):
            raise ValueError("bad key: " + s)
        return key, rest[1:].strip()
    m = re.match(r"^([A-Za-z_][\w\-]*):(?:\s+(.*))?$", s)
    if not m:
        raise ValueError("not a mapping line: " + s)
    return m.group(1), (m.group(2) or "").strip()


def _is_key_line(s):
    return bool(re.match(r"^([A-Za-z_][\w\-]*|\"[^\"]*\"):(\s|$)", s))


def _scalar(s):
    s = s.strip()
    if s.startswith("["):
        assert s.endswith("]"), s
        return [_scalar(x) for x in _split_top(s[1:-1])]
    if s.startswith("{"):
        assert s.endswith("}"), s
        return {k: _scalar(v) for k, v in (_key_split(x) for x in _split_top(s[1:-1]))}
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'"):
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


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation")
        s = _strip_comment(raw)
        if s.strip():
            lines.append([len(s) - len(s.lstrip(" ")), s.strip()])
    pos = [0]

    def block(ind):
        if lines[pos[0]][1].startswith("-"):
            return seq(ind)
        return mapping(ind)

    def seq(ind):
        out = []
        while pos[0] < len(lines):
            li, s = lines[pos[0]]
            if li < ind or not (s == "-" or s.startswith("- ")):
                break
            if li > ind:
                raise ValueError("bad indent at %r" % s)
            content = s[1:].strip()
            pos[0] += 1
            if content and _is_key_line(content):
                lines.insert(pos[0], [ind + 2, content])
                out.append(mapping(ind + 2))
            elif not content:
                out.append(block(lines[pos[0]][0]))
            else:
                out.append(_scalar(content))
        return out

    def mapping(ind):
        out = {}
        while pos[0] < len(lines):
            li, s = lines[pos[0]]
            if li < ind:
                break
            if li > ind:
                raise ValueError("bad indent at %r" % s)
            if s.startswith("- "):
                break
            k, rest = _key_split(s)
            if k in out:
                raise ValueError("duplicate key %r" % k)
            pos[0] += 1
            if rest:
                out[k] = _scalar(rest)
            elif pos[0] < len(lines) and (lines[pos[0]][0] > ind or
                                          (lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "))):
                out[k] = block(lines[pos[0]][0])
            else:
                out[k] = None
        return out

    result = block(0)
    if pos[0] != len(lines):
        raise ValueError("trailing content at %r" % lines[pos[0]][1])
    return result


# ------------------------------------------------------------------ plan
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}


def check_evidence(items, where):
    check(isinstance(items, list), "%s: evidence must be a list" % where)
    for it in items or []:
        if isinstance(it, str):
            check(it.strip() != "", "%s: empty statement" % where)
        elif isinstance(it, dict):
            check(isinstance(it.get("text"), str) and it["text"].strip(), "%s: mapping needs text" % where)
            check(it.get("on", "state") in ("state", "action", "both"), "%s: bad on=%r" % (where, it.get("on")))
        else:
            check(False, "%s: bad evidence item %r" % (where, it))


def check_plan(plan):
    check(isinstance(plan.get("task"), str) and plan["task"], "plan: task missing")
    pf = plan.get("plan_falsifiers") or {}
    check(set(pf) <= SCOPES, "plan_falsifiers: unknown scope %s" % (set(pf) - SCOPES))
    for sc, items in pf.items():
        check_evidence(items, "plan_falsifiers.%s" % sc)
    ids = []
    check(isinstance(plan.get("commitments"), list) and plan["commitments"], "plan: commitments missing")
    for c in plan["commitments"]:
        cid = c.get("id")
        check(isinstance(cid, str) and cid, "commitment without id")
        ids.append(cid)
        check(isinstance(c.get("subgoal"), str) and c["subgoal"], "%s: subgoal missing" % cid)
        k = c.get("confidence", 0.5)
        check(isinstance(k, (int, float)) and 0 <= k <= 1, "%s: confidence out of range" % cid)
        conf, fal = c.get("confirm") or {}, c.get("falsify") or {}
        check(set(conf) <= STAGES, "%s: unknown stage %s" % (cid, set(conf) - STAGES))
        check(set(fal) <= SCOPES, "%s: unknown scope %s" % (cid, set(fal) - SCOPES))
        for st, items in conf.items():
            check_evidence(items, "%s.confirm.%s" % (cid, st))
        for sc, items in fal.items():
            check_evidence(items, "%s.falsify.%s" % (cid, sc))
    check(len(ids) == len(set(ids)), "duplicate commitment ids")
    return set(ids)


# ------------------------------------------------------------------ corpus
LINE_RE = re.compile(r"^(\t*)\[(\d+)\] ([A-Za-z]+) '(.*?)'(, .+)?$")
EFFECTS = {"read", "write", "irreversible"}
ELEMENT_CMD = re.compile(r"^(click|fill|select_option|press|hover|dblclick|focus|clear)\('(\d+)'")
OTHER_CMD = re.compile(r"^(goto|scroll|send_msg_to_user|noop|go_back|go_forward|new_tab|tab_focus)\(")


def page_nodes(obs, where):
    for k in ("url", "title", "text", "error"):
        check(k in obs, "%s: observation missing %s" % (where, k))
    check(obs.get("error") is None or isinstance(obs["error"], str), "%s: error must be str or null" % where)
    nodes, prev_depth = {}, -1
    for n, line in enumerate(obs["text"].split("\n")):
        m = LINE_RE.match(line)
        if not check(m, "%s: line %d not AXTree style: %r" % (where, n, line)):
            continue
        depth = len(m.group(1))
        check(depth <= prev_depth + 1, "%s: indentation jumps at line %d" % (where, n))
        prev_depth = depth
        bid = m.group(2)
        check(bid not in nodes, "%s: duplicate bid %s" % (where, bid))
        nodes[bid] = "%s '%s'" % (m.group(3), m.group(4))
    check(obs["text"].split("\n")[0].split("] ", 1)[-1].startswith("RootWebArea '%s'" % obs["title"]),
          "%s: root name must be the title" % where)
    return nodes


def check_corpus(path, ids):
    recs = []
    with open(path, encoding="utf-8") as f:
        raw = f.read()
    for n, line in enumerate(raw.splitlines()):
        rec = json.loads(line)
        check(json.dumps(rec, ensure_ascii=False) == line, "line %d does not round-trip" % n)
        recs.append(rec)
    seen = set()
    for rec in recs:
        rid = rec.get("id")
        check(rid not in seen, "duplicate id %s" % rid)
        seen.add(rid)
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in rec, "%s: missing %s" % (rid, k))
        plan_path = os.path.join(os.path.dirname(path), rec["plan"])
        check(os.path.exists(plan_path), "%s: plan path missing" % rid)
        check(os.path.splitext(os.path.basename(rec["plan"]))[0] == rec["workflow"], "%s: workflow/plan name" % rid)
        fault, off = rec["label"].get("fault"), rec["label"].get("first_off_track_step")
        if fault is None:
            check(off is None, "%s: healthy run with an off-track step" % rid)
            check(rec["outcome"]["success"] is True, "%s: healthy run must succeed" % rid)
        else:
            check(isinstance(fault, str) and isinstance(off, int) and 0 <= off < len(rec["steps"]),
                  "%s: bad label %r" % (rid, rec["label"]))
            check(rec["outcome"]["success"] is False, "%s: faulty run marked success" % rid)
        check(isinstance(rec["steps"], list) and rec["steps"], "%s: no steps" % rid)
        prev = page_nodes(rec["initial_observation"], rid + ":init")
        for i, st in enumerate(rec["steps"]):
            where = "%s:step%d" % (rid, i)
            act = st.get("action", {})
            for k in ("command", "reasoning", "target", "effect"):
                check(k in act, "%s: action missing %s" % (where, k))
            check(act.get("effect") in EFFECTS, "%s: bad effect %r" % (where, act.get("effect")))
            if "commitment" in st:
                check(st["commitment"] in ids, "%s: unknown commitment %r" % (where, st["commitment"]))
            m = ELEMENT_CMD.match(act["command"])
            if m:
                check(m.group(2) in prev, "%s: bid %s not on the previous page" % (where, m.group(2)))
                check(prev.get(m.group(2)) == act["target"],
                      "%s: target %r != node %r" % (where, act["target"], prev.get(m.group(2))))
            else:
                check(OTHER_CMD.match(act["command"]), "%s: unknown command %r" % (where, act["command"]))
            prev = page_nodes(st["observation"], where)
    return recs


def main():
    plan_path = os.path.join(HERE, make_corpus.PLAN_REL)
    with open(plan_path, encoding="utf-8") as f:
        text = f.read()
    plan = load_yaml(text)
    try:
        import yaml  # optional cross-check only
        check(yaml.safe_load(text) == plan, "mini YAML reader disagrees with PyYAML")
    except ImportError:
        pass
    ids = check_plan(plan)
    recs = check_corpus(os.path.join(HERE, "corpus.jsonl"), ids)

    # corpus-level expectations
    healthy = [r for r in recs if r["label"]["fault"] is None]
    faulty = [r for r in recs if r["label"]["fault"] is not None]
    check(len(recs) == 20 and len(healthy) == 8 and len(faulty) == 12, "expected 20 = 8 healthy + 12 faulty")
    check(len({r["label"]["fault"] for r in faulty}) >= 8, "fault classes not varied enough")
    check(all(r["task"] == plan["task"] for r in recs), "task differs from plan task")
    check(any(r["label"]["first_off_track_step"] == 0 for r in faulty), "no start-page fault labelled 0")
    for r in healthy:
        check(r["steps"][-1]["action"]["command"].startswith("send_msg_to_user"), "%s: no final report" % r["id"])
    healthy_text = "\n".join(s["observation"]["text"] for r in healthy for s in r["steps"])
    for near in ("Biscotti Okafor", "Biscuit Okoro", "A-88421", "A-88417", "P-20418", "P-20471", "Chidi Okafor",
                 "Dr. Sofia Lindgren", "14:30", "overdue", "allergic", "declined", "not available", "Cancelled"):
        check(near.lower() in healthy_text.lower(), "near miss / alarming wording %r not on a healthy page" % near)
    # the start-page fault must actually be visible on the start page
    for r in faulty:
        if r["label"]["first_off_track_step"] == 0 and r["label"]["fault"] == "read_only":
            check("Read-only mode" in r["initial_observation"]["text"], "read-only banner not on start page")

    # determinism: regenerate into a temp dir and compare bytes
    with tempfile.TemporaryDirectory() as tmp:
        make_corpus.build(tmp)
        for rel in ("corpus.jsonl", make_corpus.PLAN_REL):
            with open(os.path.join(tmp, rel), "rb") as a, open(os.path.join(HERE, rel), "rb") as b:
                check(a.read() == b.read(), "%s is not reproducible from make_corpus.py" % rel)

    # README mentions every run
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    for r in recs:
        check(r["id"] in readme, "README does not mention %s" % r["id"])

    if FAILS:
        for m in FAILS[:50]:
            print("FAIL:", m)
        print("%d failure(s)" % len(FAILS))
        sys.exit(1)
    steps = sum(len(r["steps"]) for r in recs)
    print("OK: %d trajectories (%d healthy, %d faulty, %d fault classes), %d steps, %d commitments"
          % (len(recs), len(healthy), len(faulty), len({r['label']['fault'] for r in faulty}), steps, len(ids)))


if __name__ == "__main__":
    main()
