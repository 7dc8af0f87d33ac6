#!/usr/bin/env python3
"""Validate the Keyhold corpus and plan against the fcpkit format contract (stdlib only)."""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
EFFECTS = {"read", "write", "irreversible"}
LINE_RE = re.compile(r"^(\t*)(\[(\w+)\] ([a-zA-Z]+) '(.*)'(, .+)?|StaticText '(.*)')$")
CMD_BID_RE = re.compile(r"^(click|fill|select_option|press|hover|focus|check|uncheck|dblclick)\('(\w+)'")
ENV_FAULTS = {"error_ignored", "silent_noop", "unexpected_dialog", "lost_session", "stale_filter",
              "permission_denied"}

errors = []


def check(cond, msg):
    if not cond:
        errors.append(msg)
    return cond


# ------------------------------------------------------------ tiny YAML subset parser
def _scalar(s):
    s = s.strip()
    if s == "[]":
        return []
    if s == "{}":
        return {}
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'") and s.endswith("'"):
        return s[1:-1].replace("''", "'")
    if s in ("null", "~"):
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


def _split_kv(s):
    if s.startswith('"'):
        end = json.JSONDecoder().raw_decode(s)[1]
        key, rest = json.loads(s[:end]), s[end:].lstrip()
        assert rest.startswith(":"), s
        return key, rest[1:].strip()
    k, _, v = s.partition(":")
    return k.strip(), v.strip()


def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation: %r" % raw)
        lines.append((len(raw) - len(raw.lstrip(" ")), raw.strip()))

    def block(i, indent):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            out = []
            while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("-"):
                body = lines[i][1][1:].strip()
                if not body:
                    val, i = block(i + 1, lines[i + 1][0])
                    out.append(val)
                    continue
                if re.match(r'^("[^"]*"|[A-Za-z_][\w-]*)\s*:(\s|$)', body):
                    # mapping item: re-enter with the body as the first key, at indent+2
                    lines[i] = (indent + 2, body)
                    val, i = block(i, indent + 2)
                    out.append(val)
                else:
                    out.append(_scalar(body))
                    i += 1
            return out, i
        out = {}
        while i < len(lines) and lines[i][0] == indent and not lines[i][1].startswith("- "):
            k, v = _split_kv(lines[i][1])
            if k in out:
                raise ValueError("duplicate key %r" % k)
            if v == "":
                if i + 1 < len(lines) and lines[i + 1][0] > indent:
                    out[k], i = block(i + 1, lines[i + 1][0])
                elif i + 1 < len(lines) and lines[i + 1][0] == indent and lines[i + 1][1].startswith("- "):
                    out[k], i = block(i + 1, indent)
                else:
                    out[k] = None
                    i += 1
            else:
                out[k] = _scalar(v)
                i += 1
        return out, i

    val, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError("unparsed YAML from line %r" % (lines[i],))
    return val


# ------------------------------------------------------------ plan checks
def check_evidence(items, where):
    check(isinstance(items, list), "%s: evidence must be a list" % where)
    for it in items or []:
        if isinstance(it, str):
            check(it.strip() != "", "%s: empty statement" % where)
        elif isinstance(it, dict):
            check(isinstance(it.get("text"), str) and it["text"].strip(), "%s: mapping without text" % where)
            check(it.get("on", "state") in ("state", "action", "both"), "%s: bad on=%r" % (where, it.get("on")))
        else:
            check(False, "%s: bad evidence item %r" % (where, it))


def check_plan(plan, where):
    check(isinstance(plan.get("task"), str) and plan["task"], "%s: task missing" % where)
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        check(scope in SCOPES, "%s: plan_falsifiers scope %r" % (where, scope))
        check_evidence(items, "%s plan_falsifiers.%s" % (where, scope))
    cs = plan.get("commitments")
    check(isinstance(cs, list) and cs, "%s: commitments missing" % where)
    ids = [c.get("id") for c in cs]
    check(len(ids) == len(set(ids)) and all(ids), "%s: commitment ids not unique" % where)
    for c in cs:
        w = "%s commitment %s" % (where, c.get("id"))
        check(isinstance(c.get("subgoal"), str) and c["subgoal"], w + ": subgoal missing")
        conf = c.get("confidence", 0.5)
        check(isinstance(conf, (int, float)) and 0 <= conf <= 1, w + ": confidence out of range")
        for st, items in (c.get("confirm") or {}).items():
            check(st in STAGES, w + ": stage %r" % st)
            check_evidence(items, w + " confirm." + st)
        for sc, items in (c.get("falsify") or {}).items():
            check(sc in SCOPES, w + ": scope %r" % sc)
            check_evidence(items, w + " falsify." + sc)
    return set(ids)


# ------------------------------------------------------------ corpus checks
def check_obs(o, where, app_page=True):
    if not check(isinstance(o, dict), where + ": observation not an object"):
        return set()
    for k in ("url", "title", "text", "error"):
        check(k in o, "%s: observation missing %s" % (where, k))
    check(o.get("error") is None or isinstance(o["error"], str), where + ": error must be str or null")
    lines = o.get("text", "").split("\n")
    check(lines[0].startswith("RootWebArea '"), where + ": first line must be RootWebArea")
    bids = set()
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if check(m is not None, "%s: bad AXTree line %r" % (where, ln)) and m.group(3):
            check(m.group(3) not in bids, "%s: duplicate bid %s" % (where, m.group(3)))
            bids.add(m.group(3))
    if app_page and "/login" not in o.get("url", ""):
        for needle in ("banner ''", "searchbox 'Search tenants, units, work orders'", "navigation 'Main'",
                       "navigation 'Breadcrumb'", "contentinfo ''", "Harborline Residential LLC"):
            check(needle in o["text"], "%s: page furniture missing %r" % (where, needle))
    return bids


def main():
    with open(CORPUS, encoding="utf-8") as f:
        raw_lines = [ln for ln in f.read().split("\n") if ln.strip()]
    recs = []
    for n, ln in enumerate(raw_lines):
        rec = json.loads(ln)
        check(json.dumps(rec, ensure_ascii=False) == ln, "line %d does not round-trip" % n)
        recs.append(rec)
    check(len(recs) == 20, "expected 20 trajectories, got %d" % len(recs))
    healthy = [r for r in recs if r["label"]["fault"] is None]
    faulty = [r for r in recs if r["label"]["fault"] is not None]
    check(len(healthy) == 8 and len(faulty) == 12, "expected 8 healthy / 12 faulty")
    check(len({r["id"] for r in recs}) == len(recs), "ids not unique")
    check(len({r["label"]["fault"] for r in faulty}) >= 10, "fault classes not varied enough")

    plans = {}
    for r in recs:
        w = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in r, "%s: missing %s" % (w, k))
        p = r["plan"]
        if isinstance(p, str):
            path = os.path.join(HERE, p)
            if path not in plans:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                plan = parse_yaml(text)
                try:  # optional cross-check with PyYAML when it happens to be installed
                    import yaml  # noqa
                    # YAML 1.1 loaders read a bare `on:` key as boolean True; map it back to "on".
                    def norm(x):
                        if isinstance(x, dict):
                            return {("on" if k is True else k): norm(v) for k, v in x.items()}
                        if isinstance(x, list):
                            return [norm(v) for v in x]
                        return x
                    check(norm(yaml.safe_load(text)) == plan, "mini YAML parser disagrees with PyYAML")
                except ImportError:
                    pass
                plans[path] = (plan, check_plan(plan, p))
            plan, cids = plans[path]
        else:
            plan, cids = p, check_plan(p, w + " inline plan")
        check(plan["task"] == r["task"], w + ": task differs from plan task")
        lab = r["label"]
        steps = r["steps"]
        check(isinstance(steps, list) and steps, w + ": no steps")
        if lab["fault"] is None:
            check(lab["first_off_track_step"] is None, w + ": healthy run with off-track step")
            check(r["outcome"].get("success") is True, w + ": healthy run not successful")
        else:
            off = lab["first_off_track_step"]
            check(isinstance(off, int) and 0 <= off < len(steps), w + ": off-track step out of range")
            check(r["outcome"].get("success") is False, w + ": faulty run marked successful")
        prev = r["initial_observation"]
        prev_bids = check_obs(prev, w + " initial")
        for i, s in enumerate(steps):
            sw = "%s step %d" % (w, i)
            a = s.get("action", {})
            for k in ("command", "reasoning", "target", "effect"):
                check(k in a, "%s: action missing %s" % (sw, k))
            check(a.get("effect") in EFFECTS, sw + ": bad effect")
            if "commitment" in s:
                check(s["commitment"] in cids, "%s: unknown commitment %r" % (sw, s["commitment"]))
            m = CMD_BID_RE.match(a.get("command", ""))
            if m:
                check(m.group(2) in prev_bids, "%s: bid %s not on the previous page" % (sw, m.group(2)))
                bid_line = [ln for ln in prev["text"].split("\n") if ("[%s] " % m.group(2)) in ln][0]
                check(a["target"] in bid_line, "%s: target %r does not match %r" % (sw, a["target"], bid_line))
            else:
                check(re.match(r"^(goto|send_msg_to_user|go_back|scroll|noop)\(", a.get("command", "")) is not None,
                      sw + ": unknown command " + a.get("command", ""))
            prev = s["observation"]
            prev_bids = check_obs(prev, sw)
        # fault-specific sanity of the labelled step
        f, off = lab["fault"], lab["first_off_track_step"]
        if f == "stale_filter":
            check(off == 0 and "Building: Birchwood Terrace" in r["initial_observation"]["text"],
                  w + ": stale filter must be visible on the start page and labelled 0")
        if f in ENV_FAULTS - {"stale_filter"}:
            shown = steps[off]["observation"]["text"]
            before = steps[off - 1]["observation"]["text"] if off else r["initial_observation"]["text"]
            check(shown != before, w + ": labelled observation shows nothing new")
        if f == "lost_session":
            check(steps[off]["observation"]["title"].startswith("Sign in"), w + ": session loss not at label")
        if f == "permission_denied":
            check("don't have permission" in steps[off]["observation"]["text"], w + ": refusal not at label")
        if f == "silent_noop":
            check("Vendor: Unassigned" in steps[off]["observation"]["text"], w + ": no-op not at label")

    # near misses also appear on healthy pages
    htext = "\n".join(s["observation"]["text"] for r in healthy for s in r["steps"])
    for nm in ("WO-20418", "WO-20416", "Unit 4D", "Priya Nair — Birchwood Terrace 2A", "Brightwater Plumbing & Drain",
               "overdue", "eviction notice", "Cancelled", "no access", "Past due", "dialog '"):
        check(nm in htext, "near miss / alarming text %r missing from healthy pages" % nm)

    # determinism: regenerate and compare bytes
    with tempfile.TemporaryDirectory() as d:
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), d], check=True,
                       stdout=subprocess.DEVNULL)
        for rel in ["corpus.jsonl"] + ["plans/" + x for x in os.listdir(os.path.join(HERE, "plans"))]:
            with open(os.path.join(HERE, rel), "rb") as a, open(os.path.join(d, rel), "rb") as b:
                check(a.read() == b.read(), "%s is not reproduced by make_corpus.py" % rel)

    if errors:
        for e in errors[:50]:
            print("FAIL:", e)
        print("%d problem(s)" % len(errors))
        return 1
    nsteps = sum(len(r["steps"]) for r in recs)
    print("OK: %d trajectories (%d healthy, %d faulty, %d fault classes), %d steps, plan %s with %d commitments"
          % (len(recs), len(healthy), len(faulty), len({r["label"]["fault"] for r in faulty}), nsteps,
             ", ".join(os.path.relpath(p, HERE) for p in plans), len(list(plans.values())[0][0]["commitments"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
