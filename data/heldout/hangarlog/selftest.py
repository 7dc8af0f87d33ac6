#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow the fcpkit formats
(FORMATS.md): required fields, valid step indices, consistent fault labels,
existing plans, unique ids, well-formed AXTree observations and actions, and
that make_corpus.py reproduces corpus.jsonl byte for byte.

Run:  python3 selftest.py      (exit status 0 when every check passes)
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")

STAGES = ("precondition", "progress", "completion")
SCOPES = ("execution", "skill", "planning")
EFFECTS = ("read", "write", "irreversible")
ON_VALUES = ("state", "action", "both")
FAULTS = {
    "wrong_record", "wrong_value", "skipped_required_field", "error_banner",
    "cancelled_dialog", "stale_page", "premature_done", "permission_denied",
    "silent_noop", "stale_filter", "double_submit", "unsaved_navigation",
}

failures = []


def fail(msg):
    failures.append(msg)


# ---------------------------------------------------------------------------
# A small YAML-subset reader (block maps and lists, flow maps/lists, scalars)
# ---------------------------------------------------------------------------

KEY_RE = re.compile(r"^([A-Za-z_][\w-]*):(?:\s+(.*))?$")


def strip_comment(s):
    q = None
    for i, ch in enumerate(s):
        if q:
            if ch == q:
                q = None
        elif ch in "\"'":
            q = ch
        elif ch == "#" and (i == 0 or s[i - 1] in " \t"):
            return s[:i].rstrip()
    return s.rstrip()


def split_top(s, sep=","):
    parts, depth, q, cur = [], 0, None, ""
    for ch in s:
        if q:
            cur += ch
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
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def scalar(s):
    s = s.strip()
    if s.startswith('"'):
        if not s.endswith('"') or len(s) < 2:
            raise ValueError("unterminated double-quoted scalar: %s" % s)
        return json.loads(s)
    if s.startswith("'"):
        if not s.endswith("'") or len(s) < 2:
            raise ValueError("unterminated single-quoted scalar: %s" % s)
        return s[1:-1].replace("''", "'")
    if s.startswith("{"):
        if not s.endswith("}"):
            raise ValueError("unterminated flow mapping: %s" % s)
        out = {}
        for part in split_top(s[1:-1]):
            m = KEY_RE.match(part)
            if not m:
                raise ValueError("bad flow mapping entry: %s" % part)
            out[m.group(1)] = scalar(m.group(2) or "")
        return out
    if s.startswith("["):
        if not s.endswith("]"):
            raise ValueError("unterminated flow list: %s" % s)
        return [scalar(p) for p in split_top(s[1:-1])]
    if s in ("", "~", "null", "Null", "NULL"):
        return None
    if s in ("true", "True"):
        return True
    if s in ("false", "False"):
        return False
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    if ": " in s:
        raise ValueError("plain scalar contains ': ' (quote it): %s" % s)
    return s


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab in indentation")
        body = strip_comment(raw)
        if not body.strip():
            continue
        lines.append([len(body) - len(body.lstrip(" ")), body.strip()])

    def is_item(c):
        return c == "-" or c.startswith("- ")

    def block(i, indent):
        if is_item(lines[i][1]):
            return seq(i, indent)
        return mapping(i, indent)

    def seq(i, indent):
        out = []
        while i < len(lines) and lines[i][0] == indent and is_item(lines[i][1]):
            content = lines[i][1]
            rest = content[1:].lstrip(" ")
            if not rest:
                i += 1
                if i >= len(lines) or lines[i][0] <= indent:
                    out.append(None)
                    continue
                v, i = block(i, lines[i][0])
                out.append(v)
            elif KEY_RE.match(rest) and not rest.startswith(("{", "[", '"', "'")):
                col = indent + (len(content) - len(rest))
                lines[i] = [col, rest]
                v, i = mapping(i, col)
                out.append(v)
            else:
                out.append(scalar(rest))
                i += 1
        return out, i

    def mapping(i, indent):
        out = {}
        while i < len(lines) and lines[i][0] == indent and not is_item(lines[i][1]):
            m = KEY_RE.match(lines[i][1])
            if not m:
                raise ValueError("expected 'key: value', got: %s" % lines[i][1])
            key, val = m.group(1), m.group(2)
            if key in out:
                raise ValueError("duplicate key %s" % key)
            i += 1
            if val is None or val == "":
                if i < len(lines) and (lines[i][0] > indent or
                                       (lines[i][0] == indent and is_item(lines[i][1]))):
                    out[key], i = block(i, lines[i][0])
                else:
                    out[key] = None
            else:
                out[key] = scalar(val)
        if i < len(lines) and lines[i][0] > indent:
            raise ValueError("unexpected indentation at: %s" % lines[i][1])
        return out, i

    if not lines:
        return None
    value, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError("trailing content at: %s" % lines[i][1])
    return value


# ---------------------------------------------------------------------------
# Plan checks
# ---------------------------------------------------------------------------

def check_evidence(where, items):
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
            if it.get("on", "state") not in ON_VALUES:
                fail("%s: evidence 'on' must be one of %s" % (where, ON_VALUES))
            extra = set(it) - {"text", "on"}
            if extra:
                fail("%s: unknown evidence keys %s" % (where, sorted(extra)))
        else:
            fail("%s: evidence item must be a string or mapping" % where)


def check_plan(path):
    name = os.path.relpath(path, HERE)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        plan = load_yaml(text)
    except ValueError as e:
        fail("%s: YAML error: %s" % (name, e))
        return None
    try:  # cross-check with PyYAML when it happens to be installed
        import yaml
    except ImportError:
        yaml = None
    if yaml is not None:
        # YAML 1.1 readers (PyYAML) turn the unquoted key `on` into True; FORMATS.md
        # writes `on: action` unquoted, so a loader must map it back. Do the same here.
        def norm(x):
            if isinstance(x, dict):
                return {("on" if k is True else k): norm(v) for k, v in x.items()}
            if isinstance(x, list):
                return [norm(v) for v in x]
            return x
        if norm(yaml.safe_load(text)) != plan:
            fail("%s: stdlib reader and PyYAML disagree" % name)
    if not isinstance(plan, dict):
        fail("%s: plan must be a mapping" % name)
        return None
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        fail("%s: missing task" % name)
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict) or set(pf) - set(SCOPES):
        fail("%s: plan_falsifiers must map scopes %s" % (name, SCOPES))
    else:
        for scope, items in pf.items():
            check_evidence("%s plan_falsifiers.%s" % (name, scope), items)
    coms = plan.get("commitments")
    if not isinstance(coms, list) or not coms:
        fail("%s: commitments must be a non-empty list" % name)
        return None
    ids = set()
    for c in coms:
        if not isinstance(c, dict):
            fail("%s: commitment must be a mapping" % name)
            continue
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            fail("%s: commitment without id" % name)
            continue
        if cid in ids:
            fail("%s: duplicate commitment id %s" % (name, cid))
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            fail("%s/%s: missing subgoal" % (name, cid))
        if "skill" in c and not isinstance(c["skill"], str):
            fail("%s/%s: skill must be a string" % (name, cid))
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or isinstance(k, bool) or not 0 <= k <= 1:
            fail("%s/%s: confidence must be in [0, 1]" % (name, cid))
        conf = c.get("confirm") or {}
        fals = c.get("falsify") or {}
        if not isinstance(conf, dict) or set(conf) - set(STAGES):
            fail("%s/%s: confirm stages must be %s" % (name, cid, STAGES))
        else:
            for st, items in conf.items():
                check_evidence("%s/%s confirm.%s" % (name, cid, st), items)
        if not isinstance(fals, dict) or set(fals) - set(SCOPES):
            fail("%s/%s: falsify scopes must be %s" % (name, cid, SCOPES))
        else:
            for sc, items in fals.items():
                check_evidence("%s/%s falsify.%s" % (name, cid, sc), items)
    # round trip through JSON unchanged
    if json.loads(json.dumps(plan)) != plan:
        fail("%s: plan does not round-trip through JSON" % name)
    plan["_ids"] = ids
    return plan


# ---------------------------------------------------------------------------
# Trajectory checks
# ---------------------------------------------------------------------------

LINE_RE = re.compile(r"""^(\t*)(?:\[(a\d+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(, .*)?$""")
CMD_RE = [
    (re.compile(r"^click\('(a\d+)'\)$"), True),
    (re.compile(r"^check\('(a\d+)'\)$"), True),
    (re.compile(r"^fill\('(a\d+)', (['\"]).*\2\)$"), True),
    (re.compile(r"^press\('(a\d+)', '[A-Za-z+]+'\)$"), True),
    (re.compile(r"^select_option\('(a\d+)', (['\"]).*\2\)$"), True),
    (re.compile(r"^go_back\(\)$"), False),
    (re.compile(r"^send_msg_to_user\((['\"]).*\1\)$", re.S), False),
]


def check_obs(where, obs):
    if not isinstance(obs, dict):
        fail("%s: observation must be an object" % where)
        return {}
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            fail("%s: observation missing %s" % (where, k))
    if not isinstance(obs.get("url"), str) or not obs["url"].startswith("http"):
        fail("%s: bad url" % where)
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        fail("%s: error must be a string or null" % where)
    text = obs.get("text") or ""
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        fail("%s: text must start with RootWebArea" % where)
    if "'%s'" % obs.get("title") not in lines[0] and '"%s"' % obs.get("title") not in lines[0]:
        fail("%s: RootWebArea name differs from title" % where)
    bids = {}
    prev = 0
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not m:
            fail("%s: malformed AXTree line: %r" % (where, ln[:80]))
            continue
        depth = len(m.group(1))
        if depth < 1 or depth > prev + 1:
            fail("%s: bad indentation: %r" % (where, ln[:60]))
        prev = depth
        if m.group(2):
            if m.group(2) in bids:
                fail("%s: duplicate bid %s" % (where, m.group(2)))
            bids[m.group(2)] = ln.strip()
        elif m.group(3) != "StaticText":
            fail("%s: element without bid: %r" % (where, ln[:60]))
    return bids


def check_corpus(plans):
    runs = []
    with open(CORPUS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError as e:
                fail("corpus.jsonl line %d: %s" % (n, e))
    ids = set()
    counts = {}
    for r in runs:
        rid = r.get("id")
        where = str(rid)
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps",
                  "outcome"):
            if k not in r:
                fail("%s: missing field %s" % (where, k))
        if rid in ids:
            fail("duplicate run id %s" % rid)
        ids.add(rid)
        wf = r.get("workflow")
        counts.setdefault(wf, [0, 0])
        plan_ref = r.get("plan")
        plan = None
        if isinstance(plan_ref, str):
            p = os.path.normpath(os.path.join(HERE, plan_ref))
            if not os.path.isfile(p):
                fail("%s: plan file %s does not exist" % (where, plan_ref))
            else:
                plan = plans.get(p)
        elif isinstance(plan_ref, dict):
            fail("%s: inline plans are not used in this corpus" % where)
        else:
            fail("%s: plan must be a path or an object" % where)
        if plan and plan.get("task") != r.get("task"):
            fail("%s: task differs from the plan's task" % where)
        steps = r.get("steps") or []
        if not isinstance(steps, list) or not steps:
            fail("%s: steps must be a non-empty list" % where)
            steps = []
        label = r.get("label") or {}
        fault = label.get("fault", "MISSING")
        idx = label.get("first_off_track_step", "MISSING")
        if fault == "MISSING" or idx == "MISSING":
            fail("%s: label needs fault and first_off_track_step" % where)
        elif fault is None:
            counts[wf][0] += 1
            if idx is not None:
                fail("%s: healthy run must have first_off_track_step null" % where)
            if r.get("outcome", {}).get("success") is not True:
                fail("%s: healthy run should succeed" % where)
            if rid != "%s-healthy-%s" % (wf, rid.rsplit("-", 1)[-1]):
                fail("%s: healthy id should be <workflow>-healthy-NN" % where)
        else:
            counts[wf][1] += 1
            if fault not in FAULTS:
                fail("%s: unknown fault kind %s" % (where, fault))
            if not isinstance(idx, int) or isinstance(idx, bool) or not 0 <= idx < len(steps):
                fail("%s: first_off_track_step %r not a valid step index" % (where, idx))
            if r.get("outcome", {}).get("success") is not False:
                fail("%s: faulty run should not succeed" % where)
            if not rid.startswith("%s-%s-" % (wf, fault)):
                fail("%s: id should name workflow and fault" % where)
        if not isinstance(r.get("outcome", {}).get("success"), bool):
            fail("%s: outcome.success must be a bool" % where)
        prev_bids = check_obs(where + " initial", r.get("initial_observation"))
        for i, s in enumerate(steps):
            sw = "%s step %d" % (where, i)
            act = s.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if not isinstance(act.get(k), str):
                    fail("%s: action.%s missing" % (sw, k))
            if act.get("effect") not in EFFECTS:
                fail("%s: effect must be one of %s" % (sw, EFFECTS))
            com = s.get("commitment")
            if com is not None and plan and com not in plan["_ids"]:
                fail("%s: commitment %s is not in the plan" % (sw, com))
            cmd = act.get("command", "")
            matched = False
            for rx, has_bid in CMD_RE:
                m = rx.match(cmd)
                if m:
                    matched = True
                    if has_bid:
                        bid = m.group(1)
                        if bid not in prev_bids:
                            fail("%s: %s not on the previous page" % (sw, bid))
                        elif not prev_bids[bid].startswith("[%s] %s" % (bid, act.get("target"))):
                            fail("%s: target %r does not match %s" % (sw, act.get("target"), bid))
                    break
            if not matched:
                fail("%s: unrecognised command %r" % (sw, cmd))
            prev_bids = check_obs(sw, s.get("observation"))
        if steps and not steps[-1]["action"]["command"].startswith("send_msg_to_user("):
            fail("%s: run should end with a report to the user" % where)
    if len(runs) != 20:
        fail("expected 20 runs, found %d" % len(runs))
    nh = sum(c[0] for c in counts.values())
    nf = sum(c[1] for c in counts.values())
    if (nh, nf) != (8, 12):
        fail("expected 8 healthy and 12 faulty runs, found %d and %d" % (nh, nf))
    if len(counts) != 2:
        fail("expected 2 workflows, found %s" % sorted(counts))
    kinds = [r["label"]["fault"] for r in runs if r.get("label", {}).get("fault")]
    if len(set(kinds)) != len(kinds):
        fail("each fault kind should appear once")
    return runs, counts


def check_regenerates():
    sys.dont_write_bytecode = True
    sys.path.insert(0, HERE)
    import make_corpus
    rng = make_corpus.random.Random(make_corpus.SEED)
    runs = make_corpus.signoff_runs(rng) + make_corpus.defer_runs(rng)
    fresh = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in runs)
    with open(CORPUS, encoding="utf-8") as f:
        if f.read() != fresh:
            fail("corpus.jsonl differs from what make_corpus.py generates")
    for wf, text in make_corpus.PLANS.items():
        with open(os.path.join(HERE, "plans", wf + ".yaml"), encoding="utf-8") as f:
            if f.read() != text:
                fail("plans/%s.yaml differs from make_corpus.py" % wf)


def main():
    plans = {}
    pdir = os.path.join(HERE, "plans")
    for fn in sorted(os.listdir(pdir)):
        if fn.endswith((".yaml", ".yml", ".json")):
            p = os.path.join(pdir, fn)
            plans[os.path.normpath(p)] = check_plan(p)
    runs, counts = check_corpus(plans)
    check_regenerates()
    if failures:
        for f in failures:
            print("FAIL:", f)
        print("%d problem(s)" % len(failures))
        return 1
    print("ok: %d runs, %d plans; %s" % (
        len(runs), len(plans),
        ", ".join("%s %d healthy + %d faulty" % (wf, c[0], c[1]) for wf, c in sorted(counts.items()))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
