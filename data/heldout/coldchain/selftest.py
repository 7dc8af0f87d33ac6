#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow FORMATS.md (fcpkit contract).

Run after make_corpus.py:  python3 selftest.py
Checks: fields present, labels consistent, step indices valid, plans parse and exist,
commitments referenced by steps exist, ids unique, actions grounded in the page they act on,
README table matches the labels, and the generator is deterministic.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
EFFECTS = {"read", "write", "irreversible"}
CONFIRM_STAGES = {"precondition", "progress", "completion"}
FALSIFY_SCOPES = {"execution", "skill", "planning"}
ON_VALUES = {"state", "action", "both"}
ACTION_RE = re.compile(r"^(click|fill|select_option|press|check|uncheck|hover|focus|clear|goto|go_back|go_forward|"
                       r"noop|scroll|send_msg_to_user|report_infeasible|new_tab|tab_close|tab_focus)\(.*\)$", re.S)
BID_RE = re.compile(r"^(?:click|fill|select_option|press|check|uncheck|hover|focus|clear)\('([a-z]?\d+)'")
AX_LINE = re.compile(r"^\t+(\[[a-z]?\d+\] [A-Za-z]+ (?:'.*'|\".*\")|StaticText (?:'.*'|\".*\"))(?: value=.*)?(?:, .*)?$")

errors = []


def err(msg):
    errors.append(msg)


# ------------------------------------------------------------------ minimal YAML subset
class YamlError(ValueError):
    pass


def _split_flow(s):
    items, buf, q, depth = [], "", None, 0
    for ch in s:
        if q:
            buf += ch
            if ch == q and not buf.endswith("\\" + q):
                q = None
            continue
        if ch in "\"'":
            q = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == "," and depth == 0:
            items.append(buf.strip())
            buf = ""
        else:
            buf += ch
    if buf.strip():
        items.append(buf.strip())
    return items


def _scalar(s):
    s = s.strip()
    if s.startswith('"'):
        if not s.endswith('"') or len(s) < 2:
            raise YamlError("unterminated double-quoted scalar: %r" % s)
        return json.loads(s)
    if s.startswith("'"):
        if not s.endswith("'") or len(s) < 2:
            raise YamlError("unterminated single-quoted scalar: %r" % s)
        return s[1:-1].replace("''", "'")
    if s.startswith("["):
        if not s.endswith("]"):
            raise YamlError("unterminated flow sequence: %r" % s)
        return [_scalar(x) for x in _split_flow(s[1:-1])]
    if s.startswith("{"):
        if not s.endswith("}"):
            raise YamlError("unterminated flow mapping: %r" % s)
        out = {}
        for part in _split_flow(s[1:-1]):
            k, _, v = part.partition(":")
            out[k.strip()] = _scalar(v)
        return out
    if s in ("", "~", "null"):
        return None
    if s in ("true", "false"):
        return s == "true"
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    if ": " in s or s.endswith(":") or " #" in s:
        raise YamlError("plain scalar needs quoting: %r" % s)
    return s


def _is_key_line(c):
    return bool(re.match(r"^[A-Za-z_][\w\-]*:(\s|$)", c))


def yaml_load(text):
    lines = []
    for raw in text.split("\n"):
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise YamlError("tab indentation")
        c = raw.strip()
        if not c or c.startswith("#"):
            continue
        lines.append([len(raw) - len(raw.lstrip(" ")), c])

    def block(i, ind):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            return seq(i, ind)
        return mapping(i, ind)

    def value_after(i, ind, rest):
        if rest:
            return _scalar(rest), i + 1
        if i + 1 < len(lines) and lines[i + 1][0] > ind:
            return block(i + 1, lines[i + 1][0])
        return None, i + 1

    def mapping(i, ind):
        out = {}
        while i < len(lines) and lines[i][0] == ind and not lines[i][1].startswith("- "):
            c = lines[i][1]
            if not _is_key_line(c):
                raise YamlError("expected 'key:' at %r" % c)
            k, _, rest = c.partition(":")
            if k in out:
                raise YamlError("duplicate key %r" % k)
            out[k], i = value_after(i, ind, rest.strip())
        if i < len(lines) and lines[i][0] > ind:
            raise YamlError("bad indentation at %r" % lines[i][1])
        return out, i

    def seq(i, ind):
        out = []
        while i < len(lines) and lines[i][0] == ind and lines[i][1].startswith("-"):
            item = lines[i][1][1:].strip()
            if item and _is_key_line(item) and not item[0] in "\"'[{":
                lines[i] = [ind + 2, item]
                v, i = mapping(i, ind + 2)
            else:
                v, i = value_after(i, ind, item)
            out.append(v)
        return out, i

    if not lines:
        return None
    v, i = block(0, lines[0][0])
    if i != len(lines):
        raise YamlError("trailing content at %r" % lines[i][1])
    return v


# ------------------------------------------------------------------ plan checks
def check_evidence_list(where, items):
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
            if it.get("on", "state") not in ON_VALUES:
                err("%s: bad on=%r" % (where, it.get("on")))
        else:
            err("%s: evidence item must be str or mapping" % where)


def check_plan(path):
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        plan = yaml_load(text)
    except (OSError, YamlError, ValueError) as e:
        err("%s: cannot load plan: %s" % (path, e))
        return None
    try:  # optional cross-check with a real YAML parser when one is installed
        import yaml  # noqa

        def norm(x):  # YAML 1.1 loaders read the bare key `on` as boolean True
            if isinstance(x, dict):
                return {("on" if k is True else k): norm(v) for k, v in x.items()}
            if isinstance(x, list):
                return [norm(v) for v in x]
            return x
        if norm(yaml.safe_load(text)) != plan:
            err("%s: mini parser and PyYAML disagree" % path)
    except ImportError:
        pass
    if not isinstance(plan, dict) or not isinstance(plan.get("task"), str) or not plan["task"].strip():
        err("%s: plan needs a task" % path)
        return None
    pf = plan.get("plan_falsifiers", {})
    if not isinstance(pf, dict):
        err("%s: plan_falsifiers must be a mapping" % path)
    else:
        for scope, items in pf.items():
            if scope not in FALSIFY_SCOPES:
                err("%s: unknown plan_falsifiers scope %r" % (path, scope))
            check_evidence_list("%s plan_falsifiers.%s" % (path, scope), items)
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        err("%s: commitments must be a non-empty list" % path)
        return None
    ids = set()
    for c in cms:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            err("%s: commitment without id" % path)
            continue
        if cid in ids:
            err("%s: duplicate commitment id %s" % (path, cid))
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str):
            err("%s/%s: subgoal missing" % (path, cid))
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            err("%s/%s: confidence out of [0,1]" % (path, cid))
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in CONFIRM_STAGES:
                err("%s/%s: unknown confirm stage %r" % (path, cid, stage))
            check_evidence_list("%s/%s confirm.%s" % (path, cid, stage), items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in FALSIFY_SCOPES:
                err("%s/%s: unknown falsify scope %r" % (path, cid, scope))
            check_evidence_list("%s/%s falsify.%s" % (path, cid, scope), items)
        if not c.get("confirm"):
            err("%s/%s: no confirming evidence" % (path, cid))
    plan["_ids"] = ids
    return plan


# ------------------------------------------------------------------ corpus checks
def check_obs(where, o):
    if not isinstance(o, dict):
        err("%s: observation must be an object" % where)
        return
    for k in ("url", "title", "text", "error"):
        if k not in o:
            err("%s: observation missing %s" % (where, k))
    if not str(o.get("url", "")).startswith("http"):
        err("%s: bad url" % where)
    if o.get("error") is not None and not isinstance(o["error"], str):
        err("%s: error must be null or str" % where)
    t = o.get("text", "")
    lines = t.split("\n")
    if not lines[0].startswith("RootWebArea "):
        err("%s: text must start with RootWebArea" % where)
    for ln in lines[1:]:
        if not AX_LINE.match(ln):
            err("%s: malformed AXTree line %r" % (where, ln[:80]))
            break
    bids = re.findall(r"^\t+\[([a-z]?\d+)\]", t, re.M)
    if len(bids) != len(set(bids)):
        err("%s: duplicate bids in one page" % where)


def main():
    corpus = os.path.join(HERE, "corpus.jsonl")
    plans, runs, ids = {}, [], set()
    with open(corpus, encoding="utf-8") as fh:
        raw_lines = fh.read().split("\n")
    if raw_lines[-1] != "":
        err("corpus.jsonl must end with a newline")
    for n, line in enumerate(raw_lines[:-1], 1):
        try:
            r = json.loads(line)
        except ValueError as e:
            err("line %d: invalid JSON: %s" % (n, e))
            continue
        if json.dumps(r, ensure_ascii=False) != line:
            err("line %d: does not round-trip unchanged" % n)
        runs.append(r)
    for r in runs:
        rid = r.get("id")
        w = "run %s" % rid
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err("%s: missing %s" % (w, k))
        if rid in ids:
            err("%s: duplicate id" % w)
        ids.add(rid)
        plan = r.get("plan")
        if isinstance(plan, str):
            p = os.path.normpath(os.path.join(HERE, plan))
            if not os.path.exists(p):
                err("%s: plan file %s missing" % (w, plan))
                continue
            if p not in plans:
                plans[p] = check_plan(p)
            plan = plans[p]
            if os.path.basename(p) != "%s.yaml" % r.get("workflow"):
                err("%s: plan file does not match workflow" % w)
        else:
            err("%s: this corpus keeps plans in plans/<workflow>.yaml" % w)
            continue
        if plan is None:
            continue
        if plan["task"] != r.get("task"):
            err("%s: task differs from its plan's task" % w)
        lab = r.get("label") or {}
        fault, fs = lab.get("fault", "MISSING"), lab.get("first_off_track_step", "MISSING")
        steps = r.get("steps") or []
        if fault == "MISSING" or fs == "MISSING":
            err("%s: label needs fault and first_off_track_step" % w)
        elif fault is None:
            if fs is not None:
                err("%s: healthy run with a fault step" % w)
            if r.get("outcome", {}).get("success") is not True:
                err("%s: healthy run must succeed" % w)
        else:
            if not isinstance(fault, str) or not fault:
                err("%s: fault must be a non-empty string" % w)
            if not isinstance(fs, int) or isinstance(fs, bool) or not 0 <= fs < len(steps):
                err("%s: first_off_track_step %r out of range" % (w, fs))
            if r.get("outcome", {}).get("success") is not False:
                err("%s: faulty run must not succeed" % w)
        if not isinstance(r.get("outcome", {}).get("success"), bool):
            err("%s: outcome.success must be bool" % w)
        if not steps:
            err("%s: no steps" % w)
        check_obs("%s initial" % w, r.get("initial_observation"))
        prev = r.get("initial_observation") or {}
        for i, s in enumerate(steps):
            sw = "%s step %d" % (w, i)
            a = s.get("action")
            if not isinstance(a, dict) or not isinstance(a.get("command"), str):
                err("%s: action.command missing" % sw)
                continue
            if not ACTION_RE.match(a["command"]):
                err("%s: unknown action %r" % (sw, a["command"][:40]))
            if a.get("effect") not in EFFECTS:
                err("%s: bad effect %r" % (sw, a.get("effect")))
            if not isinstance(a.get("reasoning", ""), str):
                err("%s: reasoning must be str" % sw)
            m = BID_RE.match(a["command"])
            if m:
                bid = m.group(1)
                hit = re.search(r"^\t+\[%s\] (.*)$" % re.escape(bid), prev.get("text", ""), re.M)
                if not hit:
                    err("%s: bid %s not on the page it acts on" % (sw, bid))
                elif a.get("target") and not hit.group(1).startswith(a["target"]):
                    err("%s: target %r does not match node %r" % (sw, a["target"], hit.group(1)[:60]))
            c = s.get("commitment")
            if c is not None and c not in plan["_ids"]:
                err("%s: commitment %r not in plan" % (sw, c))
            check_obs(sw, s.get("observation"))
            prev = s.get("observation") or {}
    # corpus shape asked for by the brief
    healthy = [r for r in runs if (r.get("label") or {}).get("fault") is None]
    faulty = [r for r in runs if (r.get("label") or {}).get("fault") is not None]
    wfs = sorted({r.get("workflow") for r in runs})
    if len(runs) != 20 or len(healthy) != 8 or len(faulty) != 12 or len(wfs) != 2:
        err("expected 20 runs (8 healthy, 12 faulty) over 2 workflows, got %d/%d/%d over %s"
            % (len(runs), len(healthy), len(faulty), wfs))
    for wf in wfs:
        if not any(r["workflow"] == wf for r in healthy):
            err("workflow %s has no healthy run" % wf)
    # README table
    try:
        with open(os.path.join(HERE, "README.md"), encoding="utf-8") as fh:
            readme = fh.read()
        for r in runs:
            m = re.search(r"^\|\s*`?%s`?\s*\|([^|]*)\|([^|]*)\|" % re.escape(r["id"]), readme, re.M)
            if not m:
                err("README: no table row for %s" % r["id"])
                continue
            f, st = m.group(1).strip().strip("`"), m.group(2).strip()
            want_f = r["label"]["fault"] or "healthy"
            want_s = "—" if r["label"]["first_off_track_step"] is None else str(r["label"]["first_off_track_step"])
            if f != want_f or st != want_s:
                err("README: row for %s says %s/%s, corpus says %s/%s" % (r["id"], f, st, want_f, want_s))
    except OSError:
        err("README.md missing")
    # determinism of the generator
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", tmp], check=True,
                       stdout=subprocess.DEVNULL)
        for rel in ["corpus.jsonl"] + ["plans/%s.yaml" % wf for wf in wfs]:
            with open(os.path.join(tmp, rel), "rb") as a, open(os.path.join(HERE, rel), "rb") as b:
                if a.read() != b.read():
                    err("generator is not deterministic for %s (or files were edited by hand)" % rel)
    if errors:
        for e in errors:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        return 1
    print("ok: %d runs (%d healthy, %d faulty) over %s; %d plans; %d steps"
          % (len(runs), len(healthy), len(faulty), ", ".join(wfs), len(plans), sum(len(r["steps"]) for r in runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
