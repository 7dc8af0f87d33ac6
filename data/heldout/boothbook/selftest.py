#!/usr/bin/env python3
"""Stdlib checks that the BoothBook corpus and plans follow /work/shared/FORMATS.md.

Run after make_corpus.py:  python3 selftest.py
Exits non-zero and lists every problem found.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
README = os.path.join(HERE, "README.md")

EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}
OBS_KEYS = {"url", "title", "text", "error"}
LINE_RE = re.compile(r"^\t*(\[a\d+\] )?[A-Za-z]+ (?:'.*'|\".*\")(, .+)?$")
BID_RE = re.compile(r"^\t*\[(a\d+)\] ")
CMD_RE = re.compile(r"^(click|fill|select_option|check|uncheck|press|hover|focus|clear)"
                    r"\('(a\d+)'(, .*)?\)$")
OTHER_CMD_RE = re.compile(r"^(goto\(.+\)|go_back\(\)|go_forward\(\)|noop\(.*\)|"
                          r"scroll\(.+\)|send_msg_to_user\(.+\))$", re.S)

problems = []


def bad(msg):
    problems.append(msg)


# ---------------------------------------------------------------------------------------
# A small YAML reader for the subset plans use (block maps and lists, flow lists and maps,
# quoted and plain scalars, folded block scalars, comments).  Cross-checked against PyYAML
# when that happens to be installed.
# ---------------------------------------------------------------------------------------

def _strip_comment(line):
    q = None
    for i, ch in enumerate(line):
        if q:
            if ch == q and not (q == '"' and line[i - 1] == "\\"):
                q = None
        elif ch in "\"'" and (i == 0 or line[i - 1] in " [{,:-"):
            q = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i].rstrip()
    return line.rstrip()


def _split_top(s, sep=","):
    parts, depth, q, cur = [], 0, None, ""
    for i, ch in enumerate(s):
        if q:
            cur += ch
            if ch == q and not (q == '"' and s[i - 1] == "\\"):
                q = None
            continue
        if ch in "\"'" and cur.strip() == "":
            q = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return [p.strip() for p in parts]


def _split_key(s):
    q = None
    for i, ch in enumerate(s):
        if q:
            if ch == q:
                q = None
        elif ch in "\"'" and i == 0:
            q = ch
        elif ch == ":" and (i + 1 == len(s) or s[i + 1] == " "):
            return _scalar(s[:i].strip()), s[i + 1:].strip()
    raise ValueError("not a key: value line: %r" % s)


def _scalar(s):
    s = s.strip()
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'"):
        return s[1:-1].replace("''", "'")
    if s.startswith("["):
        assert s.endswith("]"), s
        return [_scalar(p) for p in _split_top(s[1:-1])]
    if s.startswith("{"):
        assert s.endswith("}"), s
        out = {}
        for p in _split_top(s[1:-1]):
            k, v = _split_key(p)
            out[k] = _scalar(v)
        return out
    if s in ("null", "~", ""):
        return None
    if s in ("true", "True"):
        return True
    if s in ("false", "False"):
        return False
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    return s


_MAP_ITEM = re.compile(r"^[A-Za-z_][\w-]*:(\s|$)")


class _Yaml:
    def __init__(self, text):
        self.lines = []
        for raw in text.splitlines():
            if "\t" in raw[: len(raw) - len(raw.lstrip())]:
                raise ValueError("tab indentation")
            s = _strip_comment(raw)
            if not s.strip():
                continue
            self.lines.append([len(s) - len(s.lstrip(" ")), s.strip()])
        self.i = 0

    def peek(self):
        return self.lines[self.i] if self.i < len(self.lines) else None

    def parse(self):
        if not self.lines:
            return None
        v = self.block(self.lines[0][0])
        if self.peek():
            raise ValueError("unparsed line: %r" % self.peek()[1])
        return v

    def block(self, indent):
        t = self.peek()
        if t[1] == "-" or t[1].startswith("- "):
            return self.seq(indent)
        return self.map(indent)

    def map(self, indent):
        out = {}
        while True:
            t = self.peek()
            if not t or t[0] != indent or t[1].startswith("- "):
                break
            if t[0] > indent:
                raise ValueError("bad indentation: %r" % t[1])
            k, rest = _split_key(t[1])
            self.i += 1
            if k in out:
                raise ValueError("duplicate key %r" % k)
            out[k] = self.after_key(rest, indent)
        t = self.peek()
        if t and t[0] > indent:
            raise ValueError("bad indentation: %r" % t[1])
        return out

    def after_key(self, rest, indent):
        if rest in (">", ">-", "|", "|-"):
            parts = []
            while self.peek() and self.peek()[0] > indent:
                parts.append(self.peek()[1])
                self.i += 1
            body = (" " if rest.startswith(">") else "\n").join(parts)
            return body if rest.endswith("-") else body + "\n"
        if rest == "":
            t = self.peek()
            if t and (t[0] > indent or (t[0] == indent and t[1].startswith("- "))):
                return self.block(t[0])
            return None
        return _scalar(rest)

    def seq(self, indent):
        out = []
        while True:
            t = self.peek()
            if not t or t[0] != indent or not (t[1] == "-" or t[1].startswith("- ")):
                break
            item = t[1][1:].strip()
            if _MAP_ITEM.match(item):
                self.lines[self.i] = [indent + 2, item]
                out.append(self.map(indent + 2))
            elif item == "":
                self.i += 1
                out.append(self.block(self.peek()[0]))
            else:
                self.i += 1
                out.append(_scalar(item))
        return out


def load_plan(path):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    if path.endswith(".json"):
        return json.loads(text)
    plan = _Yaml(text).parse()
    try:
        import yaml  # optional cross-check only
    except ImportError:
        return plan
    other = yaml.safe_load(text)
    if other != plan:
        bad("%s: the stdlib YAML reader and PyYAML disagree" % os.path.basename(path))
    return plan


# ---------------------------------------------------------------------------------------
# Plan checks
# ---------------------------------------------------------------------------------------

def check_evidence(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        bad("%s: evidence must be a list" % where)
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                bad("%s: empty evidence string" % where)
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                bad("%s: evidence mapping without text" % where)
            if it.get("on", "state") not in ON:
                bad("%s: evidence 'on' must be one of %s" % (where, sorted(ON)))
            extra = set(it) - {"text", "on"}
            if extra:
                bad("%s: unexpected evidence keys %s" % (where, sorted(extra)))
        else:
            bad("%s: evidence item must be a string or mapping" % where)


def check_plan(name, plan):
    if not isinstance(plan, dict):
        bad("%s: plan is not a mapping" % name)
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        bad("%s: plan needs a task" % name)
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict) or set(pf) - SCOPES:
        bad("%s: plan_falsifiers scopes must be among %s" % (name, sorted(SCOPES)))
    else:
        for sc, items in pf.items():
            check_evidence("%s plan_falsifiers.%s" % (name, sc), items)
    cs = plan.get("commitments")
    ids = set()
    if not isinstance(cs, list) or not cs:
        bad("%s: plan needs a non-empty commitments list" % name)
        return ids
    for c in cs:
        cid = c.get("id") if isinstance(c, dict) else None
        if not isinstance(cid, str) or not cid:
            bad("%s: commitment without id" % name)
            continue
        if cid in ids:
            bad("%s: duplicate commitment id %s" % (name, cid))
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            bad("%s/%s: subgoal missing" % (name, cid))
        kappa = c.get("confidence", 0.5)
        if not isinstance(kappa, (int, float)) or not 0 <= kappa <= 1:
            bad("%s/%s: confidence must be in [0, 1]" % (name, cid))
        if "skill" in c and not isinstance(c["skill"], str):
            bad("%s/%s: skill must be a string" % (name, cid))
        conf = c.get("confirm") or {}
        fals = c.get("falsify") or {}
        if not isinstance(conf, dict) or set(conf) - STAGES:
            bad("%s/%s: confirm stages must be among %s" % (name, cid, sorted(STAGES)))
        else:
            for st, items in conf.items():
                check_evidence("%s/%s confirm.%s" % (name, cid, st), items)
        if not isinstance(fals, dict) or set(fals) - SCOPES:
            bad("%s/%s: falsify scopes must be among %s" % (name, cid, sorted(SCOPES)))
        else:
            for sc, items in fals.items():
                check_evidence("%s/%s falsify.%s" % (name, cid, sc), items)
        extra = set(c) - {"id", "subgoal", "skill", "confidence", "confirm", "falsify"}
        if extra:
            bad("%s/%s: unexpected keys %s" % (name, cid, sorted(extra)))
    return ids


# ---------------------------------------------------------------------------------------
# Corpus checks
# ---------------------------------------------------------------------------------------

def check_obs(where, obs):
    if not isinstance(obs, dict) or not OBS_KEYS <= set(obs):
        bad("%s: observation needs %s" % (where, sorted(OBS_KEYS)))
        return set()
    for k in ("url", "title", "text"):
        if not isinstance(obs[k], str) or not obs[k]:
            bad("%s: observation.%s must be a non-empty string" % (where, k))
            return set()
    if obs["error"] is not None and not isinstance(obs["error"], str):
        bad("%s: observation.error must be a string or null" % where)
    lines = obs["text"].split("\n")
    if not lines[0].startswith("RootWebArea "):
        bad("%s: AXTree text must start with RootWebArea" % where)
    bids = []
    for ln in lines[1:]:
        if not LINE_RE.match(ln):
            bad("%s: malformed AXTree line %r" % (where, ln[:80]))
        m = BID_RE.match(ln)
        if m:
            bids.append(m.group(1))
    if len(bids) != len(set(bids)):
        bad("%s: duplicate bids in one observation" % where)
    return set(bids)


def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl missing; run make_corpus.py first")
        return 1
    with open(CORPUS, encoding="utf-8") as fh:
        raw_lines = [ln.rstrip("\n") for ln in fh if ln.strip()]
    runs = []
    for n, ln in enumerate(raw_lines, 1):
        try:
            d = json.loads(ln)
        except ValueError as e:
            bad("line %d: not JSON (%s)" % (n, e))
            continue
        if json.dumps(d, ensure_ascii=False) != ln:
            bad("line %d: does not round-trip unchanged through json" % n)
        runs.append(d)

    plans = {}
    seen = set()
    kinds = {}
    for d in runs:
        rid = d.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps",
                  "outcome"):
            if k not in d:
                bad("%s: missing field %s" % (rid, k))
        if rid in seen:
            bad("duplicate run id %s" % rid)
        seen.add(rid)
        # plan
        plan_ids = set()
        p = d.get("plan")
        if isinstance(p, str):
            path = os.path.normpath(os.path.join(os.path.dirname(CORPUS), p))
            if not os.path.exists(path):
                bad("%s: plan %s does not exist" % (rid, p))
            else:
                if path not in plans:
                    plan = load_plan(path)
                    plans[path] = (plan, check_plan(p, plan))
                plan, plan_ids = plans[path]
                if isinstance(plan, dict) and plan.get("task") != d.get("task"):
                    bad("%s: task differs from the plan's task" % rid)
                if os.path.basename(p) != "%s.yaml" % d.get("workflow"):
                    bad("%s: plan file is not plans/<workflow>.yaml" % rid)
        elif isinstance(p, dict):
            plan_ids = check_plan(rid + " (inline plan)", p)
        else:
            bad("%s: plan must be a path or an object" % rid)
        # steps and observations
        steps = d.get("steps") or []
        if not isinstance(steps, list) or not steps:
            bad("%s: steps must be a non-empty list" % rid)
            steps = []
        prev_bids = check_obs(rid + " initial", d.get("initial_observation"))
        for i, s in enumerate(steps):
            where = "%s step %d" % (rid, i)
            a = s.get("action") if isinstance(s, dict) else None
            if not isinstance(a, dict):
                bad("%s: action missing" % where)
                continue
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    bad("%s: action.%s missing" % (where, k))
            if a.get("effect") not in EFFECTS:
                bad("%s: effect must be one of %s" % (where, sorted(EFFECTS)))
            if a.get("target") is not None and not isinstance(a.get("target"), str):
                bad("%s: target must be a string or null" % where)
            cmd = a.get("command", "")
            m = CMD_RE.match(cmd)
            if m:
                if m.group(2) not in prev_bids:
                    bad("%s: %s acts on a bid absent from the page before it" % (where, cmd))
            elif not OTHER_CMD_RE.match(cmd):
                bad("%s: unrecognised command %r" % (where, cmd[:60]))
            if "commitment" in s and s["commitment"] not in plan_ids:
                bad("%s: commitment %r is not in the plan" % (where, s["commitment"]))
            prev_bids = check_obs(where, s.get("observation"))
        # label
        lab = d.get("label") or {}
        if "fault" not in lab or "first_off_track_step" not in lab:
            bad("%s: label needs fault and first_off_track_step" % rid)
            continue
        fault, fs = lab["fault"], lab["first_off_track_step"]
        if fault is None:
            if fs is not None:
                bad("%s: healthy run with a first_off_track_step" % rid)
            if (d.get("outcome") or {}).get("success") is not True:
                bad("%s: healthy run should succeed" % rid)
        else:
            if not isinstance(fault, str) or not fault:
                bad("%s: fault must be a non-empty string" % rid)
            if not isinstance(fs, int) or isinstance(fs, bool) or not 0 <= fs < len(steps):
                bad("%s: first_off_track_step %r is not a valid step index" % (rid, fs))
            if (d.get("outcome") or {}).get("success") is not False:
                bad("%s: faulty run should not succeed" % rid)
            kinds[fault] = kinds.get(fault, 0) + 1
        if not isinstance((d.get("outcome") or {}).get("success"), bool):
            bad("%s: outcome.success must be a boolean" % rid)

    # corpus shape asked for by the brief
    wf = {}
    for d in runs:
        wf.setdefault(d.get("workflow"), []).append(d)
    healthy = sum(1 for d in runs if (d.get("label") or {}).get("fault") is None)
    if len(runs) != 20:
        bad("expected 20 runs, found %d" % len(runs))
    if len(wf) != 2:
        bad("expected 2 workflows, found %d" % len(wf))
    if healthy != 8:
        bad("expected 8 healthy runs, found %d" % healthy)
    if len(kinds) != 12:
        bad("expected 12 distinct fault kinds, found %d" % len(kinds))
    for w, rs in wf.items():
        if not 8 <= len(rs) <= 12:
            bad("workflow %s has %d runs" % (w, len(rs)))
        tasks = {d["task"] for d in rs}
        if len(tasks) != 1:
            bad("workflow %s has several tasks but one plan" % w)

    # README label table agrees with the corpus
    if os.path.exists(README):
        table = {}
        with open(README, encoding="utf-8") as fh:
            for ln in fh:
                m = re.match(r"^\|\s*`?(boothbook-[\w-]+)`?\s*\|([^|]*)\|([^|]*)\|([^|]*)\|", ln)
                if m:
                    table[m.group(1)] = (m.group(3).strip(), m.group(4).strip())
        for d in runs:
            row = table.get(d["id"])
            if row is None:
                bad("README: no table row for %s" % d["id"])
                continue
            lab = d["label"]
            want = ("healthy", "—") if lab["fault"] is None else (
                lab["fault"], str(lab["first_off_track_step"]))
            if row != want:
                bad("README: row for %s says %s, corpus says %s" % (d["id"], row, want))
    else:
        bad("README.md missing")

    if problems:
        for p in problems:
            print("FAIL:", p)
        print("%d problem(s)" % len(problems))
        return 1
    print("ok: %d runs (%d healthy, %d faulty, %d fault kinds) over %d workflows; "
          "%d plans valid" % (len(runs), healthy, len(runs) - healthy, len(kinds), len(wf),
                              len(plans)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
