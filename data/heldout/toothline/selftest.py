#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow the FORMATS.md contract.

Run after make_corpus.py:  python3 selftest.py   (exit status 0 = all checks passed)
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")

FAILS = []


def check(cond, msg):
    if not cond:
        FAILS.append(msg)
    return cond


# ---------------------------------------------------------------------------
# A small YAML reader for the subset plans use (block maps and lists, flow [..] and {..},
# quoted and plain scalars, comments).  Enough to validate the plans without PyYAML.
# ---------------------------------------------------------------------------

class YamlError(ValueError):
    pass


def _strip_comment(line):
    """Drop a '#' comment that is outside quotes and starts a word."""
    out, q, i = [], None, 0
    while i < len(line):
        ch = line[i]
        if q == '"':
            if ch == "\\":
                out.append(line[i:i + 2])
                i += 2
                continue
            if ch == '"':
                q = None
        elif q == "'":
            if ch == "'":
                if line[i + 1:i + 2] == "'":
                    out.append("''")
                    i += 2
                    continue
                q = None
        elif ch in "\"'" and (i == 0 or line[i - 1] in " [{,:-"):
            q = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        out.append(ch)
        i += 1
    return "".join(out).rstrip()


def _scalar(tok):
    tok = tok.strip()
    if tok == "" or tok in ("~", "null", "Null", "NULL"):
        return None
    if tok in ("true", "True"):
        return True
    if tok in ("false", "False"):
        return False
    if re.fullmatch(r"-?\d+", tok):
        return int(tok)
    if re.fullmatch(r"-?\d+\.\d*|-?\.\d+", tok):
        return float(tok)
    return tok


class _Flow:
    def __init__(self, s):
        self.s, self.i = s, 0

    def ws(self):
        while self.i < len(self.s) and self.s[self.i] in " \t":
            self.i += 1

    def value(self, stops):
        self.ws()
        c = self.s[self.i] if self.i < len(self.s) else ""
        if c == "[":
            self.i += 1
            out = []
            self.ws()
            if self.s[self.i] == "]":
                self.i += 1
                return out
            while True:
                out.append(self.value(",]"))
                self.ws()
                c = self.s[self.i]
                self.i += 1
                if c == "]":
                    return out
                if c != ",":
                    raise YamlError("bad flow list: %r" % self.s)
        if c == "{":
            self.i += 1
            out = {}
            self.ws()
            if self.s[self.i] == "}":
                self.i += 1
                return out
            while True:
                self.ws()
                k = self.key()
                out[k] = self.value(",}")
                self.ws()
                c = self.s[self.i]
                self.i += 1
                if c == "}":
                    return out
                if c != ",":
                    raise YamlError("bad flow map: %r" % self.s)
        if c in "\"'":
            return self.quoted()
        j = self.i
        while self.i < len(self.s) and self.s[self.i] not in stops:
            self.i += 1
        return _scalar(self.s[j:self.i])

    def key(self):
        if self.s[self.i] in "\"'":
            k = self.quoted()
            self.ws()
        else:
            j = self.i
            while self.s[self.i] != ":":
                self.i += 1
            k = self.s[j:self.i].strip()
        if self.s[self.i] != ":":
            raise YamlError("expected ':' in %r" % self.s)
        self.i += 1
        return k

    def quoted(self):
        q = self.s[self.i]
        self.i += 1
        out = []
        while True:
            if self.i >= len(self.s):
                raise YamlError("unterminated string: %r" % self.s)
            c = self.s[self.i]
            if q == '"' and c == "\\":
                nxt = self.s[self.i + 1]
                out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(nxt, nxt))
                self.i += 2
                continue
            if c == q:
                if q == "'" and self.s[self.i + 1:self.i + 2] == "'":
                    out.append("'")
                    self.i += 2
                    continue
                self.i += 1
                return "".join(out)
            out.append(c)
            self.i += 1


def _inline(text):
    f = _Flow(text)
    v = f.value("")
    f.ws()
    if f.i != len(text):
        raise YamlError("trailing text in %r" % text)
    return v


def _split_key(content):
    """'key: rest' -> (key, rest) or None when content is not a mapping entry."""
    if content[:1] in "\"'[{":
        return None
    m = re.match(r"([A-Za-z_][\w\-. ]*?):(\s+(.*))?$", content)
    if not m:
        return None
    return m.group(1), (m.group(3) or "")


def yaml_load(text):
    lines = []
    for raw in text.splitlines():
        if "\t" in raw[:len(raw) - len(raw.lstrip())]:
            raise YamlError("tab indentation")
        s = _strip_comment(raw)
        if s.strip():
            lines.append([len(s) - len(s.lstrip()), s.strip()])

    def block(i, indent):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            return seq(i, indent)
        return mapping(i, indent)

    def mapping(i, indent):
        out = {}
        while i < len(lines) and lines[i][0] == indent and not lines[i][1].startswith("-"):
            kv = _split_key(lines[i][1])
            if kv is None:
                raise YamlError("expected 'key: value', got %r" % lines[i][1])
            k, rest = kv
            if k in out:
                raise YamlError("duplicate key %r" % k)
            if rest:
                out[k] = _inline(rest)
                i += 1
            elif i + 1 < len(lines) and (lines[i + 1][0] > indent or
                                          (lines[i + 1][0] == indent and lines[i + 1][1].startswith("-"))):
                out[k], i = block(i + 1, lines[i + 1][0])
            else:
                out[k] = None
                i += 1
        if i < len(lines) and lines[i][0] > indent:
            raise YamlError("bad indentation at %r" % lines[i][1])
        return out, i

    def seq(i, indent):
        out = []
        while i < len(lines) and lines[i][0] == indent and (lines[i][1].startswith("- ") or lines[i][1] == "-"):
            item = lines[i][1][1:].strip()
            if not item:
                v, i = block(i + 1, lines[i + 1][0])
            elif _split_key(item) is not None:
                lines[i] = [indent + 2, item]
                v, i = mapping(i, indent + 2)
            else:
                v = _inline(item)
                i += 1
            out.append(v)
        return out, i

    if not lines:
        return None
    v, i = block(0, lines[0][0])
    if i != len(lines):
        raise YamlError("unparsed content at %r" % lines[i][1])
    return v


# ---------------------------------------------------------------------------
# Plan checks
# ---------------------------------------------------------------------------

STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}


def check_evidence_list(items, where):
    if items is None:
        return
    if not check(isinstance(items, list), "%s: evidence must be a list" % where):
        return
    for j, it in enumerate(items):
        if isinstance(it, str):
            check(it.strip() != "", "%s[%d]: empty evidence string" % (where, j))
        elif isinstance(it, dict):
            check(isinstance(it.get("text"), str) and it["text"].strip(), "%s[%d]: mapping needs text" % (where, j))
            check(it.get("on", "state") in ("state", "action", "both"), "%s[%d]: bad on=%r" % (where, j, it.get("on")))
            check(set(it) <= {"text", "on"}, "%s[%d]: unknown keys %s" % (where, j, sorted(set(it) - {"text", "on"})))
        else:
            check(False, "%s[%d]: evidence must be string or mapping" % (where, j))


def check_plan(path):
    name = os.path.relpath(path, HERE)
    try:
        with open(path, encoding="utf-8") as f:
            plan = yaml_load(f.read())
    except (OSError, YamlError) as e:
        check(False, "%s: cannot load: %s" % (name, e))
        return None
    if not check(isinstance(plan, dict), "%s: plan must be a mapping" % name):
        return None
    check(isinstance(plan.get("task"), str) and plan["task"], "%s: task missing" % name)
    pf = plan.get("plan_falsifiers") or {}
    check(isinstance(pf, dict) and set(pf) <= SCOPES, "%s: plan_falsifiers scopes must be in %s" % (name, sorted(SCOPES)))
    for sc, items in (pf.items() if isinstance(pf, dict) else []):
        check_evidence_list(items, "%s plan_falsifiers.%s" % (name, sc))
    cms = plan.get("commitments")
    if not check(isinstance(cms, list) and cms, "%s: commitments must be a non-empty list" % name):
        return plan
    ids = [c.get("id") for c in cms if isinstance(c, dict)]
    check(len(ids) == len(cms), "%s: every commitment must be a mapping" % name)
    check(len(set(ids)) == len(ids), "%s: commitment ids not unique" % name)
    for c in cms:
        if not isinstance(c, dict):
            continue
        w = "%s:%s" % (name, c.get("id"))
        check(isinstance(c.get("id"), str) and c["id"], "%s: id missing" % w)
        check(isinstance(c.get("subgoal"), str) and c["subgoal"], "%s: subgoal missing" % w)
        conf = c.get("confidence", 0.5)
        check(isinstance(conf, (int, float)) and 0 <= conf <= 1, "%s: confidence out of [0,1]" % w)
        if "skill" in c:
            check(isinstance(c["skill"], str), "%s: skill must be a string" % w)
        conf_ev = c.get("confirm") or {}
        fal_ev = c.get("falsify") or {}
        check(isinstance(conf_ev, dict) and set(conf_ev) <= STAGES, "%s: confirm stages must be in %s" % (w, sorted(STAGES)))
        check(isinstance(fal_ev, dict) and set(fal_ev) <= SCOPES, "%s: falsify scopes must be in %s" % (w, sorted(SCOPES)))
        for st, items in conf_ev.items():
            check_evidence_list(items, "%s confirm.%s" % (w, st))
        for sc, items in fal_ev.items():
            check_evidence_list(items, "%s falsify.%s" % (w, sc))
        check(any(conf_ev.get(s) for s in STAGES), "%s: no confirming evidence at all" % w)
    # round trip: JSON dump of the parsed plan loads back unchanged
    check(json.loads(json.dumps(plan)) == plan, "%s: plan does not round-trip through JSON" % name)
    return plan


# ---------------------------------------------------------------------------
# Corpus checks
# ---------------------------------------------------------------------------

LINE_RE = re.compile(r"^\t+(\[(a\d+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(, [A-Za-z]+=.+)?$")
CMD_RE = re.compile(r"^(click|fill|select_option|hover|press|focus|clear)\('(a\d+)'(, .+)?\)$|"
                    r"^send_msg_to_user\(.+\)$|^(go_back|go_forward|noop)\(\)$|^goto\('.+'\)$|^scroll\(.+\)$")
EFFECTS = {"read", "write", "irreversible"}


def check_obs(o, where):
    if not check(isinstance(o, dict), "%s: observation must be an object" % where):
        return {}
    for k in ("url", "title", "text", "error"):
        check(k in o, "%s: observation.%s missing" % (where, k))
    check(isinstance(o.get("url"), str) and o["url"].startswith("http"), "%s: bad url" % where)
    check(isinstance(o.get("title"), str) and o["title"], "%s: bad title" % where)
    check(o.get("error") is None or isinstance(o.get("error"), str), "%s: error must be null or string" % where)
    text = o.get("text")
    if not check(isinstance(text, str) and text, "%s: text must be a non-empty string" % where):
        return {}
    lines = text.split("\n")
    check(lines[0] == "RootWebArea %r, focused" % o.get("title"), "%s: first line must be the RootWebArea with the title" % where)
    bids = {}
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not check(m, "%s: malformed AXTree line %r" % (where, ln)):
            continue
        if m.group(2):
            check(m.group(2) not in bids, "%s: duplicate bid %s" % (where, m.group(2)))
            bids[m.group(2)] = "%s %s" % (m.group(3), m.group(4))
    return bids


def main():
    if not os.path.exists(CORPUS):
        print("FAIL: corpus.jsonl missing; run make_corpus.py first")
        return 1
    plans = {}
    for fn in sorted(os.listdir(os.path.join(HERE, "plans"))):
        if fn.endswith((".yaml", ".yml", ".json")):
            plans["plans/" + fn] = check_plan(os.path.join(HERE, "plans", fn))

    runs = []
    with open(CORPUS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            try:
                r = json.loads(line)
            except ValueError as e:
                check(False, "line %d: not JSON: %s" % (n, e))
                continue
            check(json.dumps(r, ensure_ascii=False) == line, "line %d: does not round-trip unchanged" % n)
            runs.append(r)

    ids = [r.get("id") for r in runs]
    check(len(ids) == len(set(ids)), "trajectory ids are not unique")
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in r, "%s: field %s missing" % (rid, k))
        lab = r.get("label") or {}
        fault, off = lab.get("fault"), lab.get("first_off_track_step")
        steps = r.get("steps") or []
        check(isinstance(steps, list) and steps, "%s: steps must be a non-empty list" % rid)
        if fault is None:
            check(off is None, "%s: healthy run must have first_off_track_step null" % rid)
            check(r.get("outcome", {}).get("success") is True, "%s: healthy run should succeed" % rid)
        else:
            check(isinstance(fault, str) and fault, "%s: fault must be a string" % rid)
            check(isinstance(off, int) and not isinstance(off, bool) and 0 <= off < len(steps),
                  "%s: first_off_track_step %r not a valid step index" % (rid, off))
            check(r.get("outcome", {}).get("success") is False, "%s: faulty run should not succeed" % rid)
            check(fault in rid, "%s: id should name its fault" % rid)
        check(isinstance(r.get("outcome", {}).get("success"), bool), "%s: outcome.success must be a bool" % rid)
        # plan
        plan_ref = r.get("plan")
        plan = None
        if isinstance(plan_ref, str):
            check(os.path.exists(os.path.join(HERE, plan_ref)), "%s: plan %s does not exist" % (rid, plan_ref))
            plan = plans.get(plan_ref)
            check(plan_ref == "plans/%s.yaml" % r.get("workflow"), "%s: plan should be plans/<workflow>.yaml" % rid)
        elif isinstance(plan_ref, dict):
            plan = plan_ref
        else:
            check(False, "%s: plan must be a path or an object" % rid)
        cids = set()
        if plan:
            check(plan.get("task") == r.get("task"), "%s: task differs from its plan's task" % rid)
            cids = {c.get("id") for c in plan.get("commitments", []) if isinstance(c, dict)}
        # observations and actions
        prev_bids = check_obs(r.get("initial_observation"), "%s initial" % rid)
        for i, s in enumerate(steps):
            w = "%s step %d" % (rid, i)
            a = s.get("action") or {}
            check(isinstance(a.get("command"), str), "%s: action.command missing" % w)
            cmd = a.get("command", "")
            m = CMD_RE.match(cmd)
            check(m, "%s: unrecognised command %r" % (w, cmd))
            check(a.get("effect") in EFFECTS, "%s: effect %r not in %s" % (w, a.get("effect"), sorted(EFFECTS)))
            check(isinstance(a.get("reasoning", ""), str), "%s: reasoning must be a string" % w)
            if m and m.group(2):
                bid = m.group(2)
                if check(bid in prev_bids, "%s: bid %s not on the page the action was taken on" % (w, bid)):
                    check(a.get("target") == prev_bids[bid], "%s: target %r does not match bid line %r" %
                          (w, a.get("target"), prev_bids[bid]))
            if "commitment" in s and s["commitment"] is not None:
                check(s["commitment"] in cids, "%s: commitment %r not in plan" % (w, s["commitment"]))
            check("observation" in s, "%s: observation missing" % w)
            prev_bids = check_obs(s.get("observation"), w)
        if fault is not None and isinstance(off, int) and 0 <= off < len(steps):
            check(off == 0 or steps[off - 1].get("observation") is not None, "%s: bad off-track step" % rid)

    # corpus shape asked for by the brief
    wfs = {}
    for r in runs:
        wfs.setdefault(r.get("workflow"), []).append(r)
    check(len(runs) == 20, "expected 20 trajectories, found %d" % len(runs))
    check(len(wfs) == 2, "expected 2 workflows, found %s" % sorted(wfs))
    healthy = [r for r in runs if (r.get("label") or {}).get("fault") is None]
    faulty = [r for r in runs if (r.get("label") or {}).get("fault") is not None]
    check(len(healthy) == 8, "expected 8 healthy runs, found %d" % len(healthy))
    check(len(faulty) == 12, "expected 12 faulty runs, found %d" % len(faulty))
    kinds = [r["label"]["fault"] for r in faulty]
    check(len(set(kinds)) == len(kinds), "fault kinds repeat: %s" % kinds)
    for wf, rs in wfs.items():
        check("plans/%s.yaml" % wf in plans, "workflow %s has no plan file" % wf)
        check(len({r["task"] for r in rs}) == 1, "workflow %s: runs disagree on the task" % wf)

    # README table matches the labels
    readme = os.path.join(HERE, "README.md")
    if check(os.path.exists(readme), "README.md missing"):
        text = open(readme, encoding="utf-8").read()
        for r in runs:
            lab = r["label"]
            want = "| `%s` | %s | %s |" % (r["id"], lab["fault"] or "healthy",
                                           "—" if lab["first_off_track_step"] is None else lab["first_off_track_step"])
            check(want in text, "README table row missing or wrong for %s (want %s)" % (r["id"], want))

    if FAILS:
        for m in FAILS:
            print("FAIL:", m)
        print("%d check(s) failed" % len(FAILS))
        return 1
    print("OK: %d trajectories (%d healthy, %d faulty) over %d workflows; %d plans; all checks passed" % (
        len(runs), len(healthy), len(faulty), len(wfs), len(plans)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
