#!/usr/bin/env python3
"""Stdlib self-test: corpus.jsonl and plans/*.yaml follow FORMATS.md.

Run after make_corpus.py:  python3 selftest.py   (exit status 0 = all checks passed)
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")

STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
EFFECTS = {"read", "write", "irreversible"}
EXPECTED_FAULTS = {
    "wrong_record", "wrong_value", "required_field_skipped", "dialog_cancelled", "wrong_option",
    "duplicate_submit", "silent_noop", "stale_after_save", "error_banner", "permission_denied",
    "premature_done", "unsaved_navigation",
}
LINE_RE = re.compile(r"^(\t*)(\[(a\d+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
BID_IN_CMD = re.compile(r"^\w+\('(a\d+)'")

errors = []


def err(msg):
    errors.append(msg)


# ------------------------------------------------------------------ minimal YAML (subset) reader
def _strip_comment(s):
    out, q = [], None
    for i, ch in enumerate(s):
        if q:
            out.append(ch)
            if ch == q:
                q = None
        elif ch in "\"'":
            q = ch
            out.append(ch)
        elif ch == "#" and (i == 0 or s[i - 1] in " \t"):
            break
        else:
            out.append(ch)
    return "".join(out).rstrip()


def _split_flow(s):
    items, cur, q = [], [], None
    for ch in s:
        if q:
            cur.append(ch)
            if ch == q:
                q = None
        elif ch in "\"'":
            q = ch
            cur.append(ch)
        elif ch == ",":
            items.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        items.append("".join(cur).strip())
    return items


def _scalar(s):
    s = s.strip()
    if s.startswith('"'):
        if not s.endswith('"') or len(s) < 2:
            raise ValueError("unterminated double-quoted string: %s" % s)
        return json.loads(s)
    if s.startswith("'"):
        if not s.endswith("'") or len(s) < 2:
            raise ValueError("unterminated single-quoted string: %s" % s)
        return s[1:-1].replace("''", "'")
    if s.startswith("[") and s.endswith("]"):
        return [_scalar(x) for x in _split_flow(s[1:-1])]
    if s in ("", "null", "~"):
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


def _key_split(content):
    q = None
    for i, ch in enumerate(content):
        if q:
            if ch == q:
                q = None
        elif ch in "\"'":
            q = ch
        elif ch == ":" and (i + 1 == len(content) or content[i + 1] == " "):
            return content[:i].strip(), content[i + 1:].strip()
    return None, None


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation not allowed")
        c = _strip_comment(raw)
        if c.strip():
            lines.append([len(c) - len(c.lstrip(" ")), c.strip()])

    def block(i, ind):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            return seq(i, ind)
        return mapping(i, ind)

    def seq(i, ind):
        out = []
        while i < len(lines) and lines[i][0] == ind and (lines[i][1].startswith("- ") or lines[i][1] == "-"):
            rest = lines[i][1][2:].strip()
            k, _v = _key_split(rest) if rest and rest[0] not in "\"'[" else (None, None)
            if k is not None:
                lines[i] = [ind + 2, rest]
                val, i = mapping(i, ind + 2)
                out.append(val)
            else:
                out.append(_scalar(rest))
                i += 1
        return out, i

    def mapping(i, ind):
        out = {}
        while i < len(lines) and lines[i][0] == ind and not lines[i][1].startswith("- "):
            k, v = _key_split(lines[i][1])
            if k is None:
                raise ValueError("expected 'key: value' at: %s" % lines[i][1])
            if k in out:
                raise ValueError("duplicate key %s" % k)
            i += 1
            if v == "":
                if i < len(lines) and (lines[i][0] > ind or (lines[i][0] == ind and lines[i][1].startswith("- "))):
                    out[k], i = block(i, lines[i][0])
                else:
                    out[k] = None
            else:
                out[k] = _scalar(v)
        return out, i

    if not lines:
        return None
    val, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError("unparsed content at: %s" % lines[i][1])
    return val


# ------------------------------------------------------------------ plan checks
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
            if it.get("on", "state") not in ("state", "action", "both"):
                err("%s: bad 'on' %r" % (where, it.get("on")))
            extra = set(it) - {"text", "on"}
            if extra:
                err("%s: unknown evidence keys %s" % (where, extra))
        else:
            err("%s: evidence item must be str or mapping" % where)


def check_plan(path):
    try:
        with open(path, encoding="utf-8") as f:
            plan = load_yaml(f.read())
    except Exception as e:  # noqa
        err("%s: cannot parse: %s" % (path, e))
        return None
    if not isinstance(plan, dict):
        err("%s: plan is not a mapping" % path)
        return None
    if not isinstance(plan.get("task"), str) or not plan["task"]:
        err("%s: task missing" % path)
    pf = plan.get("plan_falsifiers") or {}
    for scope, items in pf.items():
        if scope not in SCOPES:
            err("%s: plan_falsifiers scope %s" % (path, scope))
        check_evidence("%s plan_falsifiers.%s" % (path, scope), items)
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        err("%s: commitments missing" % path)
        return plan
    seen = set()
    for c in cms:
        cid = c.get("id")
        if not cid or cid in seen:
            err("%s: commitment id missing or duplicate: %r" % (path, cid))
        seen.add(cid)
        if not isinstance(c.get("subgoal"), str):
            err("%s: %s has no subgoal" % (path, cid))
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            err("%s: %s confidence out of range" % (path, cid))
        for st, items in (c.get("confirm") or {}).items():
            if st not in STAGES:
                err("%s: %s confirm stage %s" % (path, cid, st))
            check_evidence("%s %s confirm.%s" % (path, cid, st), items)
        for sc, items in (c.get("falsify") or {}).items():
            if sc not in SCOPES:
                err("%s: %s falsify scope %s" % (path, cid, sc))
            check_evidence("%s %s falsify.%s" % (path, cid, sc), items)
        extra = set(c) - {"id", "subgoal", "skill", "confidence", "confirm", "falsify"}
        if extra:
            err("%s: %s unknown keys %s" % (path, cid, extra))
    return plan


# ------------------------------------------------------------------ corpus checks
def check_obs(where, o):
    if not isinstance(o, dict):
        err("%s: observation not an object" % where)
        return set()
    for k in ("url", "title", "text", "error"):
        if k not in o:
            err("%s: observation lacks %s" % (where, k))
    if not str(o.get("url", "")).startswith("http"):
        err("%s: bad url" % where)
    bids = set()
    text = o.get("text") or ""
    if not text.startswith("RootWebArea "):
        err("%s: text does not start with RootWebArea" % where)
    for ln in text.split("\n"):
        m = LINE_RE.match(ln)
        if not m:
            err("%s: malformed AXTree line %r" % (where, ln))
            continue
        if m.group(3):
            if m.group(3) in bids:
                err("%s: duplicate bid %s" % (where, m.group(3)))
            bids.add(m.group(3))
    if o.get("title") and ("RootWebArea %r" % o["title"]) not in text.split("\n")[0]:
        err("%s: title differs from RootWebArea name" % where)
    return bids


def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl missing: run make_corpus.py first")
        return 1
    runs = []
    with open(CORPUS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                runs.append(json.loads(line))
            except ValueError as e:
                err("line %d: bad JSON: %s" % (n, e))
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        err("run ids not unique")
    plans = {}
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err("%s: missing %s" % (rid, k))
        plan_ref = r.get("plan")
        if isinstance(plan_ref, str):
            path = os.path.normpath(os.path.join(HERE, plan_ref))
            if not os.path.exists(path):
                err("%s: plan file %s not found" % (rid, plan_ref))
                plan = None
            else:
                if path not in plans:
                    plans[path] = check_plan(path)
                plan = plans[path]
            if not os.path.basename(plan_ref).startswith(r.get("workflow", "")):
                err("%s: plan %s does not match workflow %s" % (rid, plan_ref, r.get("workflow")))
        else:
            plan = plan_ref
        cids = {c["id"] for c in (plan or {}).get("commitments", []) if isinstance(c, dict) and "id" in c}
        if plan and plan.get("task") != r.get("task"):
            err("%s: task differs from plan task" % rid)
        steps = r.get("steps") or []
        if not steps:
            err("%s: no steps" % rid)
        lab = r.get("label") or {}
        if "fault" not in lab or "first_off_track_step" not in lab:
            err("%s: label needs fault and first_off_track_step" % rid)
        fault, fs = lab.get("fault"), lab.get("first_off_track_step")
        if fault is None:
            if fs is not None:
                err("%s: healthy run has first_off_track_step" % rid)
            if not (r.get("outcome") or {}).get("success"):
                err("%s: healthy run not successful" % rid)
        else:
            if fault not in EXPECTED_FAULTS:
                err("%s: unexpected fault kind %s" % (rid, fault))
            if not isinstance(fs, int) or isinstance(fs, bool) or not 0 <= fs < len(steps):
                err("%s: first_off_track_step %r out of range" % (rid, fs))
            if (r.get("outcome") or {}).get("success"):
                err("%s: faulty run marked successful" % rid)
            if not rid.startswith("%s-%s-" % (r.get("workflow"), fault)):
                err("%s: id does not carry workflow and fault" % rid)
        prev_bids = check_obs("%s initial" % rid, r.get("initial_observation"))
        for i, s in enumerate(steps):
            where = "%s step %d" % (rid, i)
            a = s.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    err("%s: action lacks %s" % (where, k))
            if a.get("effect") not in EFFECTS:
                err("%s: bad effect %r" % (where, a.get("effect")))
            m = BID_IN_CMD.match(a.get("command", ""))
            if m and m.group(1) not in prev_bids:
                err("%s: command targets %s, absent from the page it acted on" % (where, m.group(1)))
            if "commitment" in s and s["commitment"] is not None and cids and s["commitment"] not in cids:
                err("%s: commitment %s not in plan" % (where, s["commitment"]))
            prev_bids = check_obs(where, s.get("observation"))
    # corpus shape required by the brief
    healthy = [r for r in runs if (r.get("label") or {}).get("fault") is None]
    faulty = [r for r in runs if (r.get("label") or {}).get("fault") is not None]
    if len(runs) != 20 or len(healthy) != 8 or len(faulty) != 12:
        err("expected 20 runs (8 healthy, 12 faulty), got %d (%d, %d)" % (len(runs), len(healthy), len(faulty)))
    if len({r["label"]["fault"] for r in faulty}) != 12:
        err("fault kinds should all differ")
    if len({r.get("workflow") for r in runs}) != 2:
        err("expected 2 workflows")
    # README table agrees with labels
    readme = os.path.join(HERE, "README.md")
    if os.path.exists(readme):
        table = {}
        for ln in open(readme, encoding="utf-8"):
            cells = [c.strip().strip("`") for c in ln.strip().strip("|").split("|")]
            if len(cells) >= 3 and cells[0] in ids:
                table[cells[0]] = (cells[1], cells[2])
        for r in runs:
            want = (r["label"]["fault"] or "healthy",
                    "\u2014" if r["label"]["first_off_track_step"] is None else str(r["label"]["first_off_track_step"]))
            if table.get(r["id"]) != want:
                err("README row for %s is %r, corpus says %r" % (r["id"], table.get(r["id"]), want))
    else:
        err("README.md missing")
    if errors:
        for e in errors[:50]:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        return 1
    print("selftest OK: %d runs (%d healthy, %d faulty), %d plans" % (len(runs), len(healthy), len(faulty), len(plans)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
