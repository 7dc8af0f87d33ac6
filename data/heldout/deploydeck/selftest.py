#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow FORMATS.md.

Run after make_corpus.py:  python3 selftest.py   (exit status 0 = all checks passed)
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FAILS = []


def check(cond, msg):
    if not cond:
        FAILS.append(msg)
    return cond


# ------------------------------------------------------------------ minimal YAML subset
class YamlError(ValueError):
    pass


def _strip_comment(line):
    out, quote, i = [], None, 0
    while i < len(line):
        c = line[i]
        if quote:
            out.append(c)
            if c == "\\" and quote == '"' and i + 1 < len(line):
                out.append(line[i + 1])
                i += 2
                continue
            if c == quote:
                quote = None
        elif c in "\"'" and (not out or out[-1] in " [{,:-"):
            quote = c
            out.append(c)
        elif c == "#" and (not out or out[-1] in " \t"):
            break
        else:
            out.append(c)
        i += 1
    return "".join(out).rstrip()


def _scalar(tok):
    tok = tok.strip()
    if not tok:
        return None
    if tok[0] == '"':
        if not tok.endswith('"') or len(tok) < 2:
            raise YamlError("unterminated string: %s" % tok)
        return json.loads(tok)
    if tok[0] == "'":
        if not tok.endswith("'") or len(tok) < 2:
            raise YamlError("unterminated string: %s" % tok)
        return tok[1:-1].replace("''", "'")
    if tok in ("null", "~", "Null", "NULL"):
        return None
    if tok in ("true", "True"):
        return True
    if tok in ("false", "False"):
        return False
    if re.fullmatch(r"[-+]?\d+", tok):
        return int(tok)
    if re.fullmatch(r"[-+]?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?", tok):
        return float(tok)
    return tok


class _Flow:
    def __init__(self, s):
        self.s, self.i = s, 0

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
                    raise YamlError("bad flow sequence: %s" % self.s)
        if c == "{":
            self.i += 1
            out = {}
            self.ws()
            if self.s[self.i] == "}":
                self.i += 1
                return out
            while True:
                self.ws()
                k = self.token(stop=":")
                self.i += 1  # ':'
                out[k] = self.value()
                self.ws()
                c = self.s[self.i]
                self.i += 1
                if c == "}":
                    return out
                if c != ",":
                    raise YamlError("bad flow mapping: %s" % self.s)
        return self.token(stop=",]}")

    def token(self, stop):
        self.ws()
        c = self.s[self.i]
        if c in "\"'":
            j = self.i + 1
            while j < len(self.s):
                if c == '"' and self.s[j] == "\\":
                    j += 2
                    continue
                if self.s[j] == c:
                    if c == "'" and j + 1 < len(self.s) and self.s[j + 1] == "'":
                        j += 2
                        continue
                    break
                j += 1
            tok = self.s[self.i:j + 1]
            self.i = j + 1
            return _scalar(tok)
        j = self.i
        while j < len(self.s) and self.s[j] not in stop:
            if stop == ":" and self.s[j] == ":" and j + 1 < len(self.s) and self.s[j + 1] != " ":
                j += 1
                continue
            j += 1
        tok = self.s[self.i:j]
        self.i = j
        return _scalar(tok)


def _value(text):
    text = text.strip()
    if text[:1] in "[{":
        f = _Flow(text)
        v = f.value()
        f.ws()
        if f.i != len(text):
            raise YamlError("trailing text after flow value: %s" % text)
        return v
    return _scalar(text)


def _split_key(content):
    m = re.match(r"""^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^'"\[\]{}#][^:]*?)\s*:(\s+(.*))?$""", content)
    if not m:
        return None
    return _scalar(m.group(1)), (m.group(3) or "")


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        if "\t" in raw[:len(raw) - len(raw.lstrip())]:
            raise YamlError("tab indentation")
        s = _strip_comment(raw)
        if s.strip():
            lines.append([len(s) - len(s.lstrip()), s.strip()])
    pos = [0]

    def block(indent):
        if pos[0] >= len(lines):
            return None
        if lines[pos[0]][1].startswith("- ") or lines[pos[0]][1] == "-":
            return seq(indent)
        return mapping(indent)

    def seq(indent):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == indent and (
                lines[pos[0]][1].startswith("- ") or lines[pos[0]][1] == "-"):
            rest = lines[pos[0]][1][1:].strip()
            if not rest:
                pos[0] += 1
                out.append(block(lines[pos[0]][0]) if pos[0] < len(lines) and lines[pos[0]][0] > indent else None)
            elif rest[:1] not in "[{\"'" and _split_key(rest):
                lines[pos[0]] = [indent + 2, rest]
                out.append(mapping(indent + 2))
            else:
                pos[0] += 1
                out.append(_value(rest))
        return out

    def mapping(indent):
        out = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == indent and not lines[pos[0]][1].startswith("- "):
            kv = _split_key(lines[pos[0]][1])
            if kv is None:
                raise YamlError("expected 'key: value' at line: %s" % lines[pos[0]][1])
            k, v = kv
            if k in out:
                raise YamlError("duplicate key %r" % k)
            pos[0] += 1
            if v.strip():
                out[k] = _value(v)
            elif pos[0] < len(lines) and (lines[pos[0]][0] > indent or (
                    lines[pos[0]][0] == indent and lines[pos[0]][1].startswith("- "))):
                out[k] = block(lines[pos[0]][0])
            else:
                out[k] = None
        if pos[0] < len(lines) and lines[pos[0]][0] > indent:
            raise YamlError("unexpected indentation at: %s" % lines[pos[0]][1])
        return out

    doc = block(0)
    if pos[0] != len(lines):
        raise YamlError("unparsed text from: %s" % lines[pos[0]][1])
    return doc


def _on_key(x):
    """PyYAML follows YAML 1.1 and reads the bare key `on` as boolean True; map it back."""
    if isinstance(x, dict):
        return {("on" if k is True else k): _on_key(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_on_key(v) for v in x]
    return x


# ------------------------------------------------------------------ plan checks
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}


def check_evidence(items, where):
    if not check(isinstance(items, list), "%s: evidence must be a list" % where):
        return
    for it in items:
        if isinstance(it, str):
            check(it.strip() != "", "%s: empty evidence string" % where)
        elif isinstance(it, dict):
            check(isinstance(it.get("text"), str) and it["text"].strip(), "%s: mapping needs text" % where)
            check(it.get("on", "state") in ("state", "action", "both"), "%s: bad on=%r" % (where, it.get("on")))
        else:
            check(False, "%s: evidence item must be string or mapping: %r" % (where, it))


def check_plan(plan, name):
    where = "plan %s" % name
    if not check(isinstance(plan, dict), "%s: not a mapping" % where):
        return set()
    check(isinstance(plan.get("task"), str) and plan["task"], "%s: task missing" % where)
    pf = plan.get("plan_falsifiers") or {}
    check(isinstance(pf, dict), "%s: plan_falsifiers must be a mapping" % where)
    for scope, items in pf.items():
        check(scope in SCOPES, "%s: bad plan_falsifiers scope %r" % (where, scope))
        check_evidence(items, "%s plan_falsifiers.%s" % (where, scope))
    cs = plan.get("commitments")
    ids = set()
    if not check(isinstance(cs, list) and cs, "%s: commitments missing" % where):
        return ids
    for c in cs:
        cid = c.get("id")
        check(isinstance(cid, str) and cid, "%s: commitment without id" % where)
        check(cid not in ids, "%s: duplicate commitment id %r" % (where, cid))
        ids.add(cid)
        check(isinstance(c.get("subgoal"), str) and c["subgoal"], "%s/%s: subgoal missing" % (where, cid))
        conf = c.get("confidence", 0.5)
        check(isinstance(conf, (int, float)) and 0 <= conf <= 1, "%s/%s: confidence out of [0,1]" % (where, cid))
        for stage, items in (c.get("confirm") or {}).items():
            check(stage in STAGES, "%s/%s: bad confirm stage %r" % (where, cid, stage))
            check_evidence(items or [], "%s/%s confirm.%s" % (where, cid, stage))
        for scope, items in (c.get("falsify") or {}).items():
            check(scope in SCOPES, "%s/%s: bad falsify scope %r" % (where, cid, scope))
            check_evidence(items or [], "%s/%s falsify.%s" % (where, cid, scope))
    return ids


# ------------------------------------------------------------------ corpus checks
LINE_RE = re.compile(r"""^\t+(\[(a\d+)\] )?[A-Za-z]+ ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(, .+)?$""")
BID_IN_CMD = re.compile(r"""^(click|fill|select_option|press|check|uncheck|hover|focus|clear)\('(a\d+)'""")
EFFECTS = {"read", "write", "irreversible"}


def check_obs(o, where):
    if not check(isinstance(o, dict), "%s: observation not an object" % where):
        return set()
    for k in ("url", "title", "text", "error"):
        check(k in o, "%s: observation lacks %s" % (where, k))
    check(isinstance(o.get("url"), str) and o["url"].startswith("http"), "%s: bad url" % where)
    check(o.get("error") is None or isinstance(o.get("error"), str), "%s: error must be null or string" % where)
    text = o.get("text") or ""
    lines = text.split("\n")
    check(lines[0].startswith("RootWebArea "), "%s: text must start with RootWebArea" % where)
    bids = []
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not check(m, "%s: malformed AXTree line %r" % (where, ln)):
            continue
        if m.group(2):
            bids.append(m.group(2))
    check(len(bids) == len(set(bids)), "%s: duplicate bids" % where)
    return set(bids)


def main():
    corpus_path = os.path.join(HERE, "corpus.jsonl")
    recs = []
    with open(corpus_path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                try:
                    recs.append(json.loads(line))
                except json.JSONDecodeError as e:
                    check(False, "corpus line %d: %s" % (n, e))
    plans = {}
    ids = set()
    for rec in recs:
        rid = rec.get("id")
        check(isinstance(rid, str) and rid, "record without id")
        check(rid not in ids, "duplicate id %s" % rid)
        ids.add(rid)
        for k in ("workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in rec, "%s: missing %s" % (rid, k))
        # plan
        pref = rec.get("plan")
        cids = set()
        if isinstance(pref, str):
            ppath = os.path.normpath(os.path.join(HERE, pref))
            if check(os.path.isfile(ppath), "%s: plan file %s missing" % (rid, pref)):
                if ppath not in plans:
                    with open(ppath, encoding="utf-8") as pf:
                        raw = pf.read()
                    try:
                        plans[ppath] = load_yaml(raw)
                    except YamlError as e:
                        check(False, "%s: %s" % (pref, e))
                        plans[ppath] = None
                    try:
                        import yaml  # optional cross-check, not required
                        check(_on_key(yaml.safe_load(raw)) == plans[ppath],
                              "%s: mini parser disagrees with PyYAML" % pref)
                    except ImportError:
                        pass
                plan = plans[ppath]
                cids = check_plan(plan, pref) if plan else set()
                if plan:
                    check(plan.get("task") == rec.get("task"), "%s: task differs from plan task" % rid)
        elif isinstance(pref, dict):
            cids = check_plan(pref, rid + "(inline)")
        else:
            check(False, "%s: plan must be a path or an object" % rid)
        # label
        lab = rec.get("label") or {}
        steps = rec.get("steps") or []
        check("fault" in lab and "first_off_track_step" in lab, "%s: label fields missing" % rid)
        fault, fs = lab.get("fault"), lab.get("first_off_track_step")
        if fault is None:
            check(fs is None, "%s: healthy run must have first_off_track_step null" % rid)
            check(rec.get("outcome", {}).get("success") is True, "%s: healthy run should succeed" % rid)
        else:
            check(isinstance(fault, str) and fault, "%s: fault must be a string" % rid)
            check(isinstance(fs, int) and 0 <= fs < len(steps), "%s: first_off_track_step out of range" % rid)
            check(rec.get("outcome", {}).get("success") is False, "%s: faulty run should not succeed" % rid)
            check(fault in rid, "%s: id does not name its fault" % rid)
        check(isinstance(rec.get("outcome", {}).get("success"), bool), "%s: outcome.success must be bool" % rid)
        # observations and actions
        prev_bids = check_obs(rec.get("initial_observation"), rid + " initial")
        check(len(steps) > 0, "%s: no steps" % rid)
        for i, s in enumerate(steps):
            where = "%s step %d" % (rid, i)
            a = s.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                check(k in a, "%s: action lacks %s" % (where, k))
            check(a.get("effect") in EFFECTS, "%s: bad effect %r" % (where, a.get("effect")))
            m = BID_IN_CMD.match(a.get("command", ""))
            if m:
                check(m.group(2) in prev_bids, "%s: bid %s not on the previous page" % (where, m.group(2)))
            if "commitment" in s and s["commitment"] is not None:
                check(s["commitment"] in cids, "%s: unknown commitment %r" % (where, s["commitment"]))
            prev_bids = check_obs(s.get("observation"), where)
    # corpus-level expectations for this held-out set
    wfs = {}
    for rec in recs:
        wfs.setdefault(rec.get("workflow"), []).append(rec)
    check(len(recs) == 20, "expected 20 runs, got %d" % len(recs))
    check(len(wfs) == 2, "expected 2 workflows, got %d" % len(wfs))
    healthy = [r for r in recs if (r.get("label") or {}).get("fault") is None]
    check(len(healthy) == 8, "expected 8 healthy runs, got %d" % len(healthy))
    kinds = [r["label"]["fault"] for r in recs if r["label"]["fault"]]
    check(len(kinds) == 12, "expected 12 faulty runs")
    for wf, rs in wfs.items():
        check(os.path.isfile(os.path.join(HERE, "plans", "%s.yaml" % wf)), "no plans/%s.yaml" % wf)
    readme = os.path.join(HERE, "README.md")
    if check(os.path.isfile(readme), "README.md missing"):
        body = open(readme, encoding="utf-8").read()
        for rec in recs:
            check(rec["id"] in body, "README does not list %s" % rec["id"])
    if FAILS:
        for m in FAILS:
            print("FAIL:", m)
        print("%d problem(s)" % len(FAILS))
        return 1
    print("ok: %d runs, %d workflows, %d healthy, %d faulty (%s), %d plans" % (
        len(recs), len(wfs), len(healthy), len(kinds), ", ".join(sorted(set(kinds))), len(plans)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
