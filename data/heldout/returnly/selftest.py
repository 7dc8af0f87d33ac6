#!/usr/bin/env python3
"""Self-test for the Returnly held-out corpus (standard library only).

Checks the corpus and plan against the format contract (FORMATS.md):
  * every trajectory has the required fields with the right types;
  * labels: healthy runs have fault=null / first_off_track_step=null / success=true,
    faulty runs have a fault class and a step index inside the trajectory;
  * 20 runs: 8 healthy, 12 faulty, covering the fault kinds this corpus promises;
  * every action that names an element uses a bid present (and not disabled) on the
    page it acted on, and its `target` matches that node;
  * observation text is a flattened AXTree (one node per line);
  * the plan loads (small YAML-subset reader; cross-checked with PyYAML when present),
    has the documented shape, and its commitments cover those named in the corpus;
  * make_corpus.py is deterministic: regenerating (under two hash seeds) reproduces
    corpus.jsonl and the plan byte for byte.
Exit status 0 when everything passes.
"""
import ast
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
ON = {"state", "action", "both"}
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_filter",
                   "error_page", "premature_success", "skipped_step", "dialog_mishandled",
                   "stale_filter", "session_lost"}
BID_ACTIONS = {"click", "dblclick", "hover", "fill", "clear", "select_option", "press",
               "focus", "check", "uncheck", "upload_file"}
NOBID_ACTIONS = {"send_msg_to_user", "noop", "scroll", "goto", "go_back", "go_forward",
                 "new_tab", "tab_close", "tab_focus", "report_infeasible"}
LINE_RE = re.compile(r"""^\t*(?:\[(?P<bid>[^\]]+)\] )?(?P<role>[A-Za-z]+) (?P<name>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(?P<props>, .*)?$""")

failures = []


def fail(msg):
    failures.append(msg)


# ---------------------------------------------------------------------------
# Minimal YAML-subset reader (block maps/lists, flow [..] and {..}, quoted scalars)
# ---------------------------------------------------------------------------
def _scalar(tok):
    tok = tok.strip()
    if tok.startswith('"'):
        return json.loads(tok)
    if tok.startswith("'"):
        return tok[1:-1].replace("''", "'")
    if tok in ("null", "~", ""):
        return None
    if tok in ("true", "false"):
        return tok == "true"
    if re.fullmatch(r"-?\d+", tok):
        return int(tok)
    if re.fullmatch(r"-?\d+\.\d*", tok):
        return float(tok)
    return tok


def _flow(s, i):
    """Parse a flow value starting at s[i]; return (value, next index)."""
    while s[i] == " ":
        i += 1
    if s[i] == "[":
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
    if s[i] == "{":
        out, i = {}, i + 1
        while True:
            while s[i] == " ":
                i += 1
            if s[i] == "}":
                return out, i + 1
            j = s.index(":", i)
            key = _scalar(s[i:j])
            v, i = _flow(s, j + 1)
            out[key] = v
            while s[i] == " ":
                i += 1
            if s[i] == ",":
                i += 1
    if s[i] == '"':
        j = i + 1
        while s[j] != '"':
            j += 2 if s[j] == "\\" else 1
        return json.loads(s[i:j + 1]), j + 1
    j = i
    while j < len(s) and s[j] not in ",]}":
        j += 1
    return _scalar(s[i:j]), j


def _value(text):
    text = text.strip()
    if text.startswith("[") or text.startswith("{"):
        v, i = _flow(text, 0)
        if text[i:].strip():
            raise ValueError("trailing text after flow value: " + text)
        return v
    return _scalar(text)


KEY_RE = re.compile(r"^([A-Za-z_][\w-]*):(?: (.*))?$")


def load_yaml(text):
    lines = []
    for raw in text.split("\n"):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[:len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation")
        lines.append((len(raw) - len(raw.lstrip(" ")), raw.strip()))

    def block(i, ind):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            out = []
            while i < len(lines) and lines[i][0] == ind and lines[i][1].startswith("-"):
                content = lines[i][1][1:].strip()
                if KEY_RE.match(content) and not content.startswith('"'):
                    lines[i] = (ind + 2, content)
                    v, i = block(i, ind + 2)
                else:
                    v, i = _value(content), i + 1
                out.append(v)
            return out, i
        out = {}
        while i < len(lines) and lines[i][0] == ind and not lines[i][1].startswith("- "):
            m = KEY_RE.match(lines[i][1])
            if not m:
                raise ValueError("cannot parse line: " + lines[i][1])
            key, rest = m.group(1), m.group(2)
            if rest is None or rest == "":
                if i + 1 < len(lines) and (lines[i + 1][0] > ind or
                                           (lines[i + 1][0] == ind and lines[i + 1][1].startswith("- "))):
                    v, i = block(i + 1, lines[i + 1][0])
                else:
                    v, i = None, i + 1
            else:
                v, i = _value(rest), i + 1
            out[key] = v
        return out, i

    val, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError("unparsed content at: " + lines[i][1])
    return val


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
                fail("%s: evidence mapping without text: %r" % (where, it))
            if it.get("on", "state") not in ON:
                fail("%s: bad 'on' value %r" % (where, it.get("on")))
            extra = set(it) - {"text", "on"}
            if extra:
                fail("%s: unexpected evidence keys %s" % (where, sorted(extra)))
        else:
            fail("%s: evidence item must be str or mapping: %r" % (where, it))


def check_plan(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if re.search(r"[{,]\s*on\s*:", text) or re.search(r"^\s*-?\s*on\s*:", text, re.M):
        fail("plan: unquoted 'on' key (YAML 1.1 loaders read it as boolean true); write \"on\"")
    plan = load_yaml(text)
    try:
        import yaml  # optional cross-check
        ref = yaml.safe_load(text)
        if ref != plan:
            fail("plan: YAML-subset reader and PyYAML disagree")
    except ImportError:
        pass
    if not isinstance(plan, dict):
        fail("plan: top level must be a mapping")
        return None
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        fail("plan: task missing")
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict):
        fail("plan: plan_falsifiers must be a mapping of scope -> evidence")
    else:
        for scope, items in pf.items():
            if scope not in SCOPES:
                fail("plan: unknown plan_falsifiers scope %r" % scope)
            check_evidence("plan_falsifiers.%s" % scope, items)
    comms = plan.get("commitments")
    if not isinstance(comms, list) or not comms:
        fail("plan: commitments must be a non-empty list")
        return plan
    ids = set()
    for c in comms:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            fail("plan: commitment without id")
            continue
        if cid in ids:
            fail("plan: duplicate commitment id %r" % cid)
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            fail("plan: %s has no subgoal" % cid)
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            fail("plan: %s confidence %r outside [0, 1]" % (cid, k))
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                fail("plan: %s unknown confirm stage %r" % (cid, stage))
            check_evidence("%s.confirm.%s" % (cid, stage), items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                fail("plan: %s unknown falsify scope %r" % (cid, scope))
            check_evidence("%s.falsify.%s" % (cid, scope), items)
    # round trip through JSON unchanged
    if json.loads(json.dumps(plan)) != plan:
        fail("plan: does not round-trip through JSON")
    # the plan must name the product's sign-in page at plan level
    flat = [x if isinstance(x, str) else x.get("text") for v in pf.values() for x in (v or [])]
    if not any("Sign in to Returnly" in x for x in flat):
        fail("plan: plan-level falsifier for the sign-in page missing")
    return plan


# ---------------------------------------------------------------------------
# Corpus checks
# ---------------------------------------------------------------------------
def parse_tree(text, where):
    nodes = {}
    lines = text.split("\n")
    if not lines or not lines[0].startswith("RootWebArea "):
        fail("%s: tree must start with RootWebArea" % where)
    for ln in lines:
        m = LINE_RE.match(ln)
        if not m:
            fail("%s: malformed AXTree line %r" % (where, ln))
            continue
        bid = m.group("bid")
        if bid is not None:
            if bid in nodes:
                fail("%s: duplicate bid %s" % (where, bid))
            nodes[bid] = (m.group("role"), ast.literal_eval(m.group("name")), m.group("props") or "")
    return nodes


def check_obs(o, where):
    if not isinstance(o, dict):
        fail("%s: observation must be an object" % where)
        return {}
    for k in ("url", "title", "text"):
        if not isinstance(o.get(k), str) or not o[k]:
            fail("%s: observation.%s missing" % (where, k))
    if "error" not in o or not (o["error"] is None or isinstance(o["error"], str)):
        fail("%s: observation.error must be present (null or string)" % where)
    nodes = parse_tree(o.get("text", ""), where)
    if not o.get("text", "").startswith("RootWebArea %r" % o.get("title")):
        fail("%s: root node name differs from title" % where)
    return nodes


def parse_command(cmd, where):
    m = re.fullmatch(r"([a-z_]+)\((.*)\)", cmd, re.S)
    if not m:
        fail("%s: unparseable command %r" % (where, cmd))
        return None, ()
    name, args = m.group(1), m.group(2)
    try:
        vals = ast.literal_eval("(" + args + ",)") if args.strip() else ()
    except (ValueError, SyntaxError):
        fail("%s: bad arguments in %r" % (where, cmd))
        return name, ()
    return name, vals


def check_corpus(plan):
    with open(CORPUS, encoding="utf-8") as f:
        raw = f.read()
    if not raw.endswith("\n"):
        fail("corpus: must end with a newline")
    runs = []
    for n, line in enumerate(raw.split("\n")[:-1], 1):
        try:
            runs.append(json.loads(line))
        except json.JSONDecodeError as e:
            fail("corpus line %d: %s" % (n, e))
    if len(runs) != 20:
        fail("corpus: expected 20 runs, found %d" % len(runs))
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        fail("corpus: duplicate ids")
    plan_ids = {c["id"] for c in (plan or {}).get("commitments", []) if isinstance(c, dict)}
    healthy = faulty = 0
    faults = {}
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail("%s: missing field %s" % (rid, k))
        if r.get("workflow") != "returnly":
            fail("%s: workflow must be 'returnly'" % rid)
        plan_ref = r.get("plan")
        if isinstance(plan_ref, str):
            if not os.path.exists(os.path.join(HERE, plan_ref)):
                fail("%s: plan path %s does not exist" % (rid, plan_ref))
        elif not isinstance(plan_ref, dict):
            fail("%s: plan must be a path or an inline object" % rid)
        if plan and r.get("task") != plan.get("task"):
            fail("%s: task differs from the plan's task" % rid)
        lab = r.get("label") or {}
        if set(lab) < {"fault", "first_off_track_step"}:
            fail("%s: label needs fault and first_off_track_step" % rid)
        steps = r.get("steps") or []
        if not steps:
            fail("%s: no steps" % rid)
        succ = (r.get("outcome") or {}).get("success")
        if not isinstance(succ, bool):
            fail("%s: outcome.success must be a bool" % rid)
        if lab.get("fault") is None:
            healthy += 1
            if lab.get("first_off_track_step") is not None:
                fail("%s: healthy run with a first_off_track_step" % rid)
            if succ is not True:
                fail("%s: healthy run must succeed" % rid)
        else:
            faulty += 1
            faults[lab["fault"]] = faults.get(lab["fault"], 0) + 1
            s = lab.get("first_off_track_step")
            if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < len(steps):
                fail("%s: first_off_track_step %r outside the trajectory" % (rid, s))
            if succ is not False:
                fail("%s: faulty run must not succeed" % rid)
        prev = check_obs(r.get("initial_observation"), rid + " initial")
        texts = []
        for i, st in enumerate(steps):
            where = "%s step %d" % (rid, i)
            a = st.get("action") or {}
            if not isinstance(a.get("command"), str):
                fail("%s: action.command missing" % where)
                a["command"] = ""
            if a.get("effect") not in EFFECTS:
                fail("%s: action.effect %r" % (where, a.get("effect")))
            c = st.get("commitment")
            if c is not None and c not in plan_ids:
                fail("%s: commitment %r not in plan" % (where, c))
            name, args = parse_command(a["command"], where)
            if name in BID_ACTIONS:
                bid = str(args[0]) if args else None
                if bid not in prev:
                    fail("%s: bid %r not on the page acted on" % (where, bid))
                else:
                    role, nm, props = prev[bid]
                    if "disabled=True" in props:
                        fail("%s: acted on a disabled element %s" % (where, bid))
                    if a.get("target") != "%s %r" % (role, nm):
                        fail("%s: target %r does not match node %s %r" % (where, a.get("target"), role, nm))
                if name == "select_option" and bid in prev:
                    if len(args) < 2 or not any(rl == "option" and nm == args[1]
                                                for rl, nm, _p in prev.values()):
                        fail("%s: option %r not offered on the page acted on" % (where, args[1:]))
            elif name in NOBID_ACTIONS:
                pass
            elif name is not None:
                fail("%s: unknown action %s" % (where, name))
            if name == "send_msg_to_user" and a["effect"] != "read":
                fail("%s: a message to the user changes no data" % where)
            prev = check_obs(st.get("observation"), where)
            texts.append(st.get("observation", {}).get("text", ""))
        if lab.get("fault") is None:
            alltext = "\n".join(texts)
            for must in ["Return approved for Trailhead Fleece Jacket \u2014 Size M \u00b7 Slate Blue",
                         "Refund of $115.20 issued to Visa \u2022\u2022\u2022\u2022 4417",
                         "Prepaid return label emailed to maya.okafor@example.com"]:
                if must not in alltext:
                    fail("%s: healthy run never shows %r" % (rid, must))
            if not steps[-1]["action"]["command"].startswith("send_msg_to_user("):
                fail("%s: healthy run must end by reporting to the user" % rid)
            if sum(1 for s in steps if s["action"]["effect"] == "irreversible") != 3:
                fail("%s: healthy run should make exactly 3 irreversible actions" % rid)
        if lab.get("fault") == "stale_filter" and lab.get("first_off_track_step") != 0:
            fail("%s: a fault visible on the start page is labelled 0" % rid)
    if healthy != 8 or faulty != 12:
        fail("corpus: expected 8 healthy / 12 faulty, found %d / %d" % (healthy, faulty))
    missing = REQUIRED_FAULTS - set(faults)
    if missing:
        fail("corpus: fault kinds missing: %s" % sorted(missing))
    return runs, faults


def check_determinism():
    mine = {}
    for rel in ("corpus.jsonl", os.path.join("plans", "returnly.yaml")):
        with open(os.path.join(HERE, rel), "rb") as f:
            mine[rel] = f.read()
    for seed in ("0", "12345"):
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, PYTHONHASHSEED=seed)
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", tmp],
                           check=True, env=env)
            for rel, data in mine.items():
                with open(os.path.join(tmp, rel), "rb") as f:
                    if f.read() != data:
                        fail("determinism: %s differs when regenerated (PYTHONHASHSEED=%s)" % (rel, seed))


def main():
    plan = check_plan(os.path.join(HERE, "plans", "returnly.yaml"))
    runs, faults = check_corpus(plan)
    check_determinism()
    if failures:
        for f_ in failures:
            print("FAIL:", f_)
        print("%d problem(s)" % len(failures))
        sys.exit(1)
    steps = sum(len(r["steps"]) for r in runs)
    print("ok: %d runs (%d steps), faults: %s" % (
        len(runs), steps, ", ".join("%s=%d" % kv for kv in sorted(faults.items()))))


if __name__ == "__main__":
    main()
