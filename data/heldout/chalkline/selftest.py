#!/usr/bin/env python3
"""Validate the Chalkline corpus and plan against the fcpkit format contract (stdlib only).

Run from anywhere: python3 selftest.py
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
FAILS = []


def check(cond, msg):
    if not cond:
        FAILS.append(msg)
    return cond


# --------------------------------------------------------------------------------------
# Minimal YAML subset parser (block maps/lists, flow [..] {..}, quoted and plain scalars)
# --------------------------------------------------------------------------------------
class YamlError(ValueError):
    pass


def _strip_comment(s):
    out, q = [], None
    for i, ch in enumerate(s):
        if q:
            out.append(ch)
            if ch == q and not (q == '"' and i > 0 and s[i - 1] == "\\"):
                q = None
        elif ch in "\"'":
            q = ch
            out.append(ch)
        elif ch == "#" and (i == 0 or s[i - 1] in " \t"):
            break
        else:
            out.append(ch)
    return "".join(out).rstrip()


def _plain(tok):
    t = tok.strip()
    if t in ("null", "~", ""):
        return None
    if t in ("true", "True"):
        return True
    if t in ("false", "False"):
        return False
    if re.fullmatch(r"-?\d+", t):
        return int(t)
    if re.fullmatch(r"-?\d+\.\d*", t):
        return float(t)
    return t


def _flow(s, i):
    """Parse a flow value starting at s[i]; return (value, next_index)."""
    while i < len(s) and s[i] == " ":
        i += 1
    if i >= len(s):
        raise YamlError("unexpected end of flow value")
    c = s[i]
    if c == "[":
        i += 1
        out = []
        while True:
            while s[i] == " ":
                i += 1
            if s[i] == "]":
                return out, i + 1
            v, i = _flow(s, i)
            out.append(v)
            while s[i] == " ":
                i += 1
            if s[i] == ",":
                i += 1
            elif s[i] != "]":
                raise YamlError("expected , or ] in %r" % s)
    if c == "{":
        i += 1
        out = {}
        while True:
            while s[i] == " ":
                i += 1
            if s[i] == "}":
                return out, i + 1
            m = re.match(r"([A-Za-z_][\w-]*):\s", s[i:])
            if not m:
                raise YamlError("bad flow-map key in %r" % s)
            k = m.group(1)
            i += m.end()
            v, i = _flow(s, i)
            out[k] = v
            while s[i] == " ":
                i += 1
            if s[i] == ",":
                i += 1
            elif s[i] != "}":
                raise YamlError("expected , or } in %r" % s)
    if c == '"':
        j = i + 1
        buf = []
        while s[j] != '"':
            if s[j] == "\\":
                j += 1
                buf.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(s[j], s[j]))
            else:
                buf.append(s[j])
            j += 1
        return "".join(buf), j + 1
    if c == "'":
        j = i + 1
        buf = []
        while True:
            if s[j] == "'":
                if j + 1 < len(s) and s[j + 1] == "'":
                    buf.append("'")
                    j += 2
                    continue
                return "".join(buf), j + 1
            buf.append(s[j])
            j += 1
    j = i
    while j < len(s) and s[j] not in ",]}":
        j += 1
    return _plain(s[i:j]), j


def _scalar(s):
    s = s.strip()
    if s and s[0] in "[{\"'":
        v, j = _flow(s, 0)
        if s[j:].strip():
            raise YamlError("trailing text after value: %r" % s)
        return v
    return _plain(s)


def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise YamlError("tab indentation")
        s = _strip_comment(raw)
        if s.strip():
            lines.append([len(s) - len(s.lstrip(" ")), s.strip()])

    def block(idx, ind):
        if lines[idx][1].startswith("- ") or lines[idx][1] == "-":
            out = []
            while idx < len(lines) and lines[idx][0] == ind and lines[idx][1].startswith("-"):
                rest = lines[idx][1][1:].strip()
                if re.match(r"[A-Za-z_][\w-]*:(\s|$)", rest):
                    lines[idx] = [ind + 2, rest]
                    v, idx = block(idx, ind + 2)
                elif rest == "":
                    v, idx = block(idx + 1, lines[idx + 1][0])
                else:
                    v, idx = _scalar(rest), idx + 1
                out.append(v)
            return out, idx
        out = {}
        while idx < len(lines) and lines[idx][0] == ind:
            m = re.match(r"([A-Za-z_][\w-]*):(?:\s+(.*))?$", lines[idx][1])
            if not m:
                raise YamlError("expected key at line %r" % lines[idx][1])
            k, rest = m.group(1), m.group(2)
            if k in out:
                raise YamlError("duplicate key %s" % k)
            if rest is None or rest == "":
                if idx + 1 < len(lines) and lines[idx + 1][0] > ind:
                    v, idx = block(idx + 1, lines[idx + 1][0])
                elif idx + 1 < len(lines) and lines[idx + 1][0] == ind and lines[idx + 1][1].startswith("-"):
                    v, idx = block(idx + 1, ind)
                else:
                    v, idx = None, idx + 1
            else:
                v, idx = _scalar(rest), idx + 1
            out[k] = v
        return out, idx

    val, idx = block(0, lines[0][0])
    if idx != len(lines):
        raise YamlError("unparsed content from line %r" % lines[idx][1])
    return val


def _yaml11_on(v):
    """PyYAML follows YAML 1.1, where a bare `on` key loads as boolean True; map it back."""
    if isinstance(v, dict):
        return {("on" if k is True else k): _yaml11_on(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_yaml11_on(x) for x in v]
    return v


# --------------------------------------------------------------------------------------
# Plan validation
# --------------------------------------------------------------------------------------
STAGES = ("precondition", "progress", "completion")
SCOPES = ("execution", "skill", "planning")


def check_evidence(items, where):
    check(isinstance(items, list), "%s: evidence must be a list" % where)
    for it in items or []:
        if isinstance(it, str):
            check(it.strip() != "", "%s: empty evidence string" % where)
        elif isinstance(it, dict):
            check(isinstance(it.get("text"), str) and it["text"].strip(), "%s: mapping without text" % where)
            check(it.get("on", "state") in ("state", "action", "both"), "%s: bad on=%r" % (where, it.get("on")))
        else:
            check(False, "%s: evidence item of type %s" % (where, type(it).__name__))


def check_plan(plan, name):
    check(isinstance(plan, dict), "%s: plan is not a mapping" % name)
    check(isinstance(plan.get("task"), str) and plan["task"], "%s: task missing" % name)
    pf = plan.get("plan_falsifiers", {})
    check(isinstance(pf, dict), "%s: plan_falsifiers must map scope -> list" % name)
    for sc, items in pf.items():
        check(sc in SCOPES, "%s: unknown plan_falsifier scope %s" % (name, sc))
        check_evidence(items, "%s plan_falsifiers.%s" % (name, sc))
    cms = plan.get("commitments")
    check(isinstance(cms, list) and cms, "%s: commitments missing" % name)
    ids = [c.get("id") for c in cms]
    check(len(ids) == len(set(ids)), "%s: duplicate commitment ids" % name)
    for c in cms:
        w = "%s commitment %s" % (name, c.get("id"))
        check(isinstance(c.get("id"), str) and c["id"], "%s: id" % w)
        check(isinstance(c.get("subgoal"), str) and c["subgoal"], "%s: subgoal" % w)
        conf = c.get("confidence", 0.5)
        check(isinstance(conf, (int, float)) and 0 <= conf <= 1, "%s: confidence out of [0,1]" % w)
        if "skill" in c:
            check(isinstance(c["skill"], str), "%s: skill must be a string" % w)
        for st, items in (c.get("confirm") or {}).items():
            check(st in STAGES, "%s: unknown stage %s" % (w, st))
            check_evidence(items, "%s confirm.%s" % (w, st))
        for sc, items in (c.get("falsify") or {}).items():
            check(sc in SCOPES, "%s: unknown scope %s" % (w, sc))
            check_evidence(items, "%s falsify.%s" % (w, sc))
    return ids


# --------------------------------------------------------------------------------------
# Corpus validation
# --------------------------------------------------------------------------------------
LINE_RE = re.compile(r"""^\t*\[([A-Za-z0-9_-]+)\] ([A-Za-z]+) ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(, .+)?$""")
BID_CMD = re.compile(r"""^(click|fill|select_option|press|hover|dblclick|focus|clear|check|uncheck)\('([^']+)'""")
EFFECTS = ("read", "write", "irreversible")


def check_obs(o, where):
    if not check(isinstance(o, dict), "%s: observation not an object" % where):
        return {}
    for k in ("url", "title", "text"):
        check(isinstance(o.get(k), str) and o[k], "%s: %s missing" % (where, k))
    check("error" in o and (o["error"] is None or isinstance(o["error"], str)), "%s: error must be null or str" % where)
    bids = {}
    for ln in o.get("text", "").split("\n"):
        m = LINE_RE.match(ln)
        if check(m, "%s: AXTree line not in [bid] role 'name' form: %r" % (where, ln[:80])):
            check(m.group(1) not in bids, "%s: duplicate bid %s" % (where, m.group(1)))
            bids[m.group(1)] = ln.strip()
    return bids


def main():
    # determinism: regenerate into a temp dir and compare bytes
    with tempfile.TemporaryDirectory() as td:
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), td], check=True,
                       stdout=subprocess.DEVNULL)
        for rel in ("corpus.jsonl", "plans/excuse-regrade-notify.yaml"):
            a = open(os.path.join(HERE, rel), "rb").read()
            b = open(os.path.join(td, rel), "rb").read()
            check(a == b, "%s differs from a fresh regeneration (not deterministic or stale)" % rel)

    plans, recs = {}, []
    with open(CORPUS, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            line = line.rstrip("\n")
            rec = json.loads(line)
            check(json.dumps(rec, ensure_ascii=False) == line, "line %d does not round-trip" % n)
            recs.append(rec)
    check(len(recs) == 20, "expected 20 trajectories, got %d" % len(recs))
    ids = [r.get("id") for r in recs]
    check(len(set(ids)) == len(ids), "duplicate trajectory ids")

    healthy = faulty = 0
    faults = set()
    for r in recs:
        w = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in r, "%s: missing %s" % (w, k))
        plan_ref = r["plan"]
        if isinstance(plan_ref, str):
            path = os.path.join(os.path.dirname(CORPUS), plan_ref)
            if check(os.path.exists(path), "%s: plan file %s missing" % (w, plan_ref)):
                if path not in plans:
                    text = open(path, encoding="utf-8").read()
                    plan = parse_yaml(text)
                    try:
                        import yaml  # optional cross-check only
                        check(_yaml11_on(yaml.safe_load(text)) == plan,
                              "mini YAML parser disagrees with PyYAML")
                    except ImportError:
                        pass
                    plans[path] = (plan, check_plan(plan, plan_ref))
                plan, cids = plans[path]
        else:
            plan, cids = plan_ref, check_plan(plan_ref, w + " inline plan")
        check(r["task"] == plan["task"], "%s: task differs from plan task" % w)
        lab = r["label"]
        steps = r["steps"]
        check(isinstance(steps, list) and steps, "%s: no steps" % w)
        if lab.get("fault") is None:
            healthy += 1
            check(lab.get("first_off_track_step") is None, "%s: healthy run with off-track step" % w)
            check(r["outcome"].get("success") is True, "%s: healthy run not successful" % w)
        else:
            faulty += 1
            faults.add(lab["fault"])
            s = lab.get("first_off_track_step")
            check(isinstance(s, int) and 0 <= s < len(steps), "%s: first_off_track_step %r out of range" % (w, s))
            check(r["outcome"].get("success") is False, "%s: faulty run marked successful" % w)
        prev = check_obs(r["initial_observation"], w + " initial")
        for i, st in enumerate(steps):
            sw = "%s step %d" % (w, i)
            a = st.get("action", {})
            check(isinstance(a.get("command"), str) and a["command"], "%s: command missing" % sw)
            check(a.get("effect") in EFFECTS, "%s: effect %r" % (sw, a.get("effect")))
            if "commitment" in st:
                check(st["commitment"] in cids, "%s: unknown commitment %s" % (sw, st["commitment"]))
            m = BID_CMD.match(a.get("command", ""))
            if m:
                bid = m.group(2)
                if check(bid in prev, "%s: bid %s not on the previous page" % (sw, bid)):
                    if "target" in a:
                        check(prev[bid].split("] ", 1)[1].startswith(a["target"]),
                              "%s: target %r does not match node %r" % (sw, a["target"], prev[bid]))
            prev = check_obs(st.get("observation"), sw)

    check(healthy == 8 and faulty == 12, "expected 8 healthy / 12 faulty, got %d / %d" % (healthy, faulty))
    check(len(faults) >= 8, "expected a spread of fault classes, got %s" % sorted(faults))

    # healthy pages carry near misses and alarming-but-ordinary wording
    htext = "\n".join(s["observation"]["text"] for r in recs if r["label"]["fault"] is None for s in r["steps"])
    for needle in ("Maya Okonkwo", "Okonkwo, Maya", "Malik Okafor", "S-20418", "Gabriel Okafor",
                   "Ngozi Okonkwo", "Mon, Oct 14, 2024 Absent — Unexcused", "Period 5 Biology",
                   "Missing", "Failing", "Late", "Not submitted", "unexcused", "absent"):
        check(needle in htext, "healthy pages never show %r" % needle)
    # informational: plan confirm evidence that literally appears on healthy pages
    plan = list(plans.values())[0][0]
    conf = [e if isinstance(e, str) else e["text"] for c in plan["commitments"]
            for items in (c.get("confirm") or {}).values() for e in items]
    lit = sum(1 for e in conf if e in htext)

    if FAILS:
        print("SELFTEST FAILED (%d problems):" % len(FAILS))
        for f in FAILS[:40]:
            print("  -", f)
        return 1
    nsteps = sum(len(r["steps"]) for r in recs)
    print("selftest OK: %d trajectories (%d healthy, %d faulty), %d steps, %d fault classes: %s"
          % (len(recs), healthy, faulty, nsteps, len(faults), ", ".join(sorted(faults))))
    print("plan: %d commitments; %d/%d confirm items appear verbatim on healthy pages (informational)"
          % (len(plan["commitments"]), lit, len(conf)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
