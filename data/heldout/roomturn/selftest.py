#!/usr/bin/env python3
"""Validate the RoomTurn corpus against the fcpkit format contract (FORMATS.md).

Checks: plan loads (a small YAML-subset reader, cross-checked with PyYAML when it is
installed) and has the contract's shape; every run has the contract's fields; labels
follow the labelling rule's shape; every action's bid exists on the page it acted on
(and the recorded target is that node); make_corpus.py is byte-for-byte reproducible.

Python 3 standard library only.  Exit status 0 on success.
"""
import ast
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ONS = {"state", "action", "both"}
BID_FUNCS = {"click", "dblclick", "fill", "select_option", "check", "uncheck", "hover",
             "press", "focus", "clear", "upload_file", "drag_and_drop"}
NOBID_FUNCS = {"send_msg_to_user", "noop", "go_back", "go_forward", "goto", "scroll",
               "report_infeasible", "tab_focus", "new_tab", "tab_close"}
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_filter",
                   "error_page", "permission_denied", "premature_success", "skipped_step",
                   "dialog_mishandled", "stale_filter", "session_expired"}
NODE_RE = re.compile(r"""^\t*(?:\[([^\]\s]+)\] )?[A-Za-z]+ (?:'[^\n]*'|"[^\n]*")(?:, .*)?$""")

ERRORS = []


def fail(msg):
    ERRORS.append(msg)


# ---------------------------------------------------------------- YAML subset
def _flow(s, i):
    """Parse a flow value starting at s[i]; return (value, next index)."""
    while s[i] == " ":
        i += 1
    c = s[i]
    if c == '"':
        j = i + 1
        while s[j] != '"':
            j += 2 if s[j] == "\\" else 1
        return json.loads(s[i:j + 1]), j + 1
    if c == "[":
        out, i = [], i + 1
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
    if c == "{":
        out, i = {}, i + 1
        while True:
            while s[i] == " ":
                i += 1
            if s[i] == "}":
                return out, i + 1
            k = s.index(":", i)
            key = s[i:k].strip()
            v, i = _flow(s, k + 1)
            out[key] = v
            while s[i] == " ":
                i += 1
            if s[i] == ",":
                i += 1
    j = i
    while j < len(s) and s[j] not in ",]}":
        j += 1
    return _plain(s[i:j].strip()), j


def _plain(t):
    if t in ("null", "~", ""):
        return None
    if t in ("true", "false"):
        return t == "true"
    try:
        return int(t)
    except ValueError:
        pass
    try:
        return float(t)
    except ValueError:
        return t


def _scalar(t):
    if t[0] in '"[{':
        v, j = _flow(t, 0)
        if t[j:].strip():
            raise ValueError("trailing text after value: %r" % t)
        return v
    return _plain(t)


KEY_RE = re.compile(r"^([A-Za-z_][\w-]*):(?: (.*))?$")


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.strip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation")
        lines.append([len(raw) - len(raw.lstrip(" ")), raw.strip()])
    val, i = _block(lines, 0, lines[0][0])
    if i != len(lines):
        raise ValueError("unparsed line: %r" % lines[i][1])
    return val


def _block(lines, i, ind):
    if lines[i][1].startswith("- ") or lines[i][1] == "-":
        out = []
        while i < len(lines) and lines[i][0] == ind and lines[i][1].startswith("- "):
            content = lines[i][1][2:].strip()
            if KEY_RE.match(content) and content[0] not in '"{[':
                lines[i] = [ind + 2, content]
                v, i = _mapping(lines, i, ind + 2)
            else:
                v, i = _scalar(content), i + 1
            out.append(v)
        return out, i
    return _mapping(lines, i, ind)


def _mapping(lines, i, ind):
    out = {}
    while i < len(lines) and lines[i][0] == ind and not lines[i][1].startswith("- "):
        m = KEY_RE.match(lines[i][1])
        if not m:
            raise ValueError("not a mapping entry: %r" % lines[i][1])
        key, rest = m.group(1), m.group(2)
        if key in out:
            raise ValueError("duplicate key %r" % key)
        if rest is None or rest.strip() == "":
            if i + 1 < len(lines) and lines[i + 1][0] > ind:
                out[key], i = _block(lines, i + 1, lines[i + 1][0])
            else:
                out[key], i = None, i + 1
        else:
            out[key], i = _scalar(rest.strip()), i + 1
    return out, i


# ---------------------------------------------------------------- plan checks
def check_evidence(where, items):
    if not isinstance(items, list):
        fail("%s: evidence must be a list" % where)
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                fail("%s: empty evidence string" % where)
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                fail("%s: evidence mapping needs text" % where)
            if it.get("on", "state") not in ONS:
                fail("%s: bad on=%r" % (where, it.get("on")))
        else:
            fail("%s: evidence item of type %s" % (where, type(it).__name__))


def check_plan(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    plan = load_yaml(text)
    try:
        import yaml  # optional cross-check
        # YAML 1.1 (PyYAML) reads a bare `on` key as the boolean True; the contract means
        # the string "on", so normalise that before comparing.
        def norm(v):
            if isinstance(v, dict):
                return {("on" if k is True else k): norm(x) for k, x in v.items()}
            if isinstance(v, list):
                return [norm(x) for x in v]
            return v
        if norm(yaml.safe_load(text)) != plan:
            fail("plan: mini YAML reader and PyYAML disagree")
    except ImportError:
        pass
    if not isinstance(plan.get("task"), str):
        fail("plan: task missing")
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in SCOPES:
            fail("plan_falsifiers: unknown scope %r" % scope)
        check_evidence("plan_falsifiers.%s" % scope, items)
    pf = json.dumps(plan.get("plan_falsifiers"))
    if "Sign in" not in pf:
        fail("plan_falsifiers should name the product's sign-in page")
    ids = []
    comms = plan.get("commitments")
    if not isinstance(comms, list) or not comms:
        fail("plan: commitments must be a non-empty list")
        comms = []
    n_action = 0
    for c in comms:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            fail("commitment without id")
        ids.append(cid)
        if not isinstance(c.get("subgoal"), str):
            fail("%s: subgoal missing" % cid)
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or isinstance(conf, bool) or not 0 <= conf <= 1:
            fail("%s: confidence %r not in [0, 1]" % (cid, conf))
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                fail("%s: unknown confirm stage %r" % (cid, stage))
            check_evidence("%s.confirm.%s" % (cid, stage), items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                fail("%s: unknown falsify scope %r" % (cid, scope))
            check_evidence("%s.falsify.%s" % (cid, scope), items)
            n_action += sum(1 for it in items if isinstance(it, dict) and it.get("on") == "action")
    if len(set(ids)) != len(ids):
        fail("plan: duplicate commitment ids")
    if n_action == 0:
        fail("plan: expected at least one on: action falsifier")
    return plan, set(ids)


# ---------------------------------------------------------------- corpus checks
def bids_of(text):
    out = {}
    for line in text.split("\n"):
        m = NODE_RE.match(line)
        if m and m.group(1):
            if m.group(1) in out:
                fail("duplicate bid %s on one page" % m.group(1))
            out[m.group(1)] = line.lstrip("\t")
    return out


def check_obs(where, o):
    if not isinstance(o, dict):
        fail("%s: observation must be an object" % where)
        return
    for k, t in (("url", str), ("title", str), ("text", str)):
        if not isinstance(o.get(k), t):
            fail("%s: observation.%s missing" % (where, k))
    if "error" not in o or not (o["error"] is None or isinstance(o["error"], str)):
        fail("%s: observation.error must be null or a string" % where)
    text = o.get("text") or ""
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea %r" % o.get("title")):
        fail("%s: first node should be RootWebArea named after the title" % where)
    for ln in lines:
        if not NODE_RE.match(ln):
            fail("%s: malformed AXTree line %r" % (where, ln[:80]))
            break


def parse_command(cmd):
    m = re.match(r"^([a-z_]+)\((.*)\)$", cmd, re.S)
    if not m:
        raise ValueError("unparseable command %r" % cmd)
    args = ast.literal_eval("(" + m.group(2) + ",)") if m.group(2).strip() else ()
    return m.group(1), args


def check_corpus(plan, plan_ids):
    with open(CORPUS, encoding="utf-8") as f:
        raw = f.read()
    if not raw.endswith("\n"):
        fail("corpus must end with a newline")
    rows = [json.loads(l) for l in raw.split("\n") if l.strip()]
    if len(rows) != 20:
        fail("expected exactly 20 runs, got %d" % len(rows))
    ids = [r.get("id") for r in rows]
    if len(set(ids)) != len(ids):
        fail("duplicate run ids")
    healthy = [r for r in rows if r["label"]["fault"] is None]
    faulty = [r for r in rows if r["label"]["fault"] is not None]
    if len(healthy) != 8 or len(faulty) != 12:
        fail("expected 8 healthy and 12 faulty, got %d/%d" % (len(healthy), len(faulty)))
    kinds = {r["label"]["fault"] for r in faulty}
    if not REQUIRED_FAULTS <= kinds:
        fail("fault kinds missing: %s" % sorted(REQUIRED_FAULTS - kinds))

    for r in rows:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps",
                  "outcome"):
            if k not in r:
                fail("%s: field %s missing" % (rid, k))
        if r.get("workflow") != "roomturn":
            fail("%s: workflow" % rid)
        if not os.path.isfile(os.path.join(HERE, r["plan"])):
            fail("%s: plan path %r does not resolve" % (rid, r["plan"]))
        if r["task"] != plan["task"]:
            fail("%s: task differs from the plan's task" % rid)
        lab = r["label"]
        steps = r["steps"]
        if not steps:
            fail("%s: no steps" % rid)
        if lab["fault"] is None:
            if lab["first_off_track_step"] is not None:
                fail("%s: healthy run with an off-track step" % rid)
            if r["outcome"].get("success") is not True:
                fail("%s: healthy run should succeed" % rid)
        else:
            s = lab["first_off_track_step"]
            if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < len(steps):
                fail("%s: first_off_track_step %r out of range" % (rid, s))
            if r["outcome"].get("success") is not False:
                fail("%s: faulty run should not succeed" % rid)
        check_obs(rid + " initial", r["initial_observation"])
        prev = r["initial_observation"]
        for i, st in enumerate(steps):
            where = "%s step %d" % (rid, i)
            a = st.get("action") or {}
            if not isinstance(a.get("command"), str):
                fail("%s: action.command missing" % where)
                continue
            if a.get("effect") not in EFFECTS:
                fail("%s: effect %r" % (where, a.get("effect")))
            if "commitment" in st and st["commitment"] not in plan_ids:
                fail("%s: commitment %r not in plan" % (where, st["commitment"]))
            try:
                fn, args = parse_command(a["command"])
            except (ValueError, SyntaxError) as e:
                fail("%s: %s" % (where, e))
                continue
            if fn in BID_FUNCS:
                bids = bids_of(prev["text"])
                bid = str(args[0]) if args else None
                if bid not in bids:
                    fail("%s: bid %r not on the page acted on" % (where, bid))
                elif a.get("target") and not bids[bid].startswith("[%s] %s" % (bid, a["target"])):
                    fail("%s: target %r is not node %s (%r)" % (where, a["target"], bid,
                                                                bids[bid][:80]))
            elif fn not in NOBID_FUNCS:
                fail("%s: unknown action %s" % (where, fn))
            check_obs(where, st.get("observation"))
            prev = st["observation"]
        last = steps[-1]["action"]["command"] if steps else ""
        if not last.startswith("send_msg_to_user("):
            fail("%s: run should end with a report to the user" % rid)
    return rows


def check_semantics(rows):
    """Spot checks that the labelled step really is where each run goes wrong."""
    by = {r["id"]: r for r in rows}

    def step(rid, k):
        r = by[rid]
        return r["steps"][r["label"]["first_off_track_step"] + k]

    def obs_at(rid, k):
        r = by[rid]
        s = r["label"]["first_off_track_step"] + k
        return r["initial_observation"] if s < 0 else r["steps"][s]["observation"]

    exp = [
        ("roomturn-wrong_record-01-room-421", lambda: "Room 421" in step(
            "roomturn-wrong_record-01-room-421", 0)["action"]["target"]),
        ("roomturn-stale_filter-01-floor-14", lambda: "Filters restored" in by[
            "roomturn-stale_filter-01-floor-14"]["initial_observation"]["text"]),
        ("roomturn-wrong_value-01-dana-whitlow", lambda: "Dana Whitlow " in step(
            "roomturn-wrong_value-01-dana-whitlow", 0)["action"]["target"]),
        ("roomturn-wrong_value-02-morning-field", lambda: "Morning service" in step(
            "roomturn-wrong_value-02-morning-field", 0)["action"]["target"]),
        ("roomturn-silent_noop-01-save-swallowed", lambda: "saved" not in obs_at(
            "roomturn-silent_noop-01-save-swallowed", 0)["text"] and "Unsaved changes" in obs_at(
            "roomturn-silent_noop-01-save-swallowed", -1)["text"]),
        ("roomturn-unrequested_filter-01-status-cleaning", lambda: "'Cleaning'" in step(
            "roomturn-unrequested_filter-01-status-cleaning", 0)["action"]["command"]),
        ("roomturn-error_page-01-save-502", lambda: obs_at(
            "roomturn-error_page-01-save-502", 0)["title"].startswith("Something went wrong")),
        ("roomturn-permission_denied-01-view-only", lambda: "View only" in obs_at(
            "roomturn-permission_denied-01-view-only", 0)["text"] and "View only" not in obs_at(
            "roomturn-permission_denied-01-view-only", -1)["text"]),
        ("roomturn-session_expired-01-signed-out", lambda: obs_at(
            "roomturn-session_expired-01-signed-out", 0)["title"].startswith("Sign in")),
        ("roomturn-premature_success-01-unsaved", lambda: step(
            "roomturn-premature_success-01-unsaved", 0)["action"]["command"].startswith(
            "send_msg_to_user") and "Unsaved changes" in obs_at(
            "roomturn-premature_success-01-unsaved", -1)["text"]),
        ("roomturn-skipped_step-01-no-turndown", lambda: "Save changes" in step(
            "roomturn-skipped_step-01-no-turndown", 0)["action"]["target"] and
            "Evening turndown: Unassigned" in obs_at("roomturn-skipped_step-01-no-turndown",
                                                    0)["text"]),
        ("roomturn-dialog_mishandled-01-cancel-confirm", lambda: "Cancel" in step(
            "roomturn-dialog_mishandled-01-cancel-confirm", 0)["action"]["target"] and
            "dialog 'Mark 1 room as inspected?'" in obs_at(
            "roomturn-dialog_mishandled-01-cancel-confirm", -1)["text"]),
    ]
    for rid, f in exp:
        if rid not in by:
            fail("expected run %s missing" % rid)
            continue
        try:
            ok = f()
        except (KeyError, IndexError, TypeError) as e:
            ok = False
            fail("%s: semantic check crashed: %r" % (rid, e))
        if not ok:
            fail("%s: labelled step does not show the fault" % rid)

    # Healthy runs: reach the confirmation, and carry ordinary near-misses and alarming words.
    htext = ""
    for r in rows:
        if r["label"]["fault"] is None:
            pages = [r["initial_observation"]] + [s["observation"] for s in r["steps"]]
            t = "\n".join(p["text"] for p in pages)
            htext += t
            if "Room 412 saved · Inspected · Evening turndown: Dana Whitlock" not in t:
                fail("%s: healthy run never shows the save confirmation" % r["id"])
    for w in ("Room 421", "Room 1412", "Dana Whitlow", "Diana Whitlock", "overdue", "failed",
              "cancelled", "Out of order", "Do not disturb", "Sort by status", "Next page"):
        if w not in htext:
            fail("healthy pages lack %r" % w)


# ---------------------------------------------------------------- determinism
def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def check_determinism():
    outs = []
    for _ in range(2):
        with tempfile.TemporaryDirectory(prefix="roomturn-") as d:
            outs.append(_generate(d))
    if outs[0] != outs[1]:
        fail("make_corpus.py is not deterministic")
    here = (digest(CORPUS), digest(os.path.join(HERE, "plans", "roomturn.yaml")))
    if outs[0] != here:
        fail("committed corpus/plan differ from a fresh make_corpus.py run")


def _generate(d):
    subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), d], check=True,
                   stdout=subprocess.DEVNULL, env={"PATH": os.environ.get("PATH", ""),
                                                  "PYTHONHASHSEED": "random"})
    return (digest(os.path.join(d, "corpus.jsonl")),
            digest(os.path.join(d, "plans", "roomturn.yaml")))


def main():
    plan, ids = check_plan(os.path.join(HERE, "plans", "roomturn.yaml"))
    rows = check_corpus(plan, ids)
    check_semantics(rows)
    check_determinism()
    if ERRORS:
        for e in ERRORS[:50]:
            print("FAIL:", e)
        print("%d problem(s)" % len(ERRORS))
        return 1
    h = sum(1 for r in rows if r["label"]["fault"] is None)
    print("OK: %d runs (%d healthy, %d faulty), %d steps, plan with %d commitments"
          % (len(rows), h, len(rows) - h, sum(len(r["steps"]) for r in rows), len(ids)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
