#!/usr/bin/env python3
"""Self-test for the LabelBench held-out corpus (standard library only).

Checks the corpus and plan against the fcpkit format contract (FORMATS.md):
fields and types, labels, commitments named by steps exist in the plan, every bid an
action uses exists on the page it acted on (and select_option picks a real option of
that combobox), the plan parses, and make_corpus.py is byte-for-byte reproducible.

    python3 selftest.py        # exit 0 on success
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
N_RUNS, N_HEALTHY, N_FAULTY = 20, 8, 12
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_filter",
                   "permission_denied", "premature_success", "skipped_step", "dialog_mishandled"}

failures = []


def check(cond, msg):
    if not cond:
        failures.append(msg)
    return cond


# ------------------------------------------------------------------ tiny YAML subset reader
class YamlError(ValueError):
    pass


def _scalar(tok):
    t = tok.strip()
    if t in ("null", "~", ""):
        return None
    if t in ("true", "false"):
        return t == "true"
    if re.fullmatch(r"-?\d+", t):
        return int(t)
    if re.fullmatch(r"-?\d+\.\d*", t):
        return float(t)
    return t


def _flow(s, i):
    """Parse a flow value starting at s[i]; return (value, next index)."""
    while i < len(s) and s[i] == " ":
        i += 1
    if i >= len(s):
        raise YamlError("unexpected end of flow value: %r" % s)
    c = s[i]
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
            elif s[i] != "]":
                raise YamlError("bad flow list: %r" % s)
    if c == "{":
        out, i = {}, i + 1
        while True:
            while s[i] == " ":
                i += 1
            if s[i] == "}":
                return out, i + 1
            j = s.index(":", i)
            key = s[i:j].strip()
            v, i = _flow(s, j + 1)
            out[key] = v
            while s[i] == " ":
                i += 1
            if s[i] == ",":
                i += 1
            elif s[i] != "}":
                raise YamlError("bad flow map: %r" % s)
    if c in "\"'":
        return _quoted(s, i)
    j = i
    while j < len(s) and s[j] not in ",]}":
        j += 1
    return _scalar(s[i:j]), j


def _quoted(s, i):
    qch, j, out = s[i], i + 1, []
    while j < len(s):
        ch = s[j]
        if qch == '"' and ch == "\\":
            out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(s[j + 1], s[j + 1]))
            j += 2
            continue
        if ch == qch:
            if qch == "'" and j + 1 < len(s) and s[j + 1] == "'":
                out.append("'")
                j += 2
                continue
            return "".join(out), j + 1
        out.append(ch)
        j += 1
    raise YamlError("unterminated string: %r" % s)


def _value(text):
    t = text.strip()
    if not t:
        return None
    if t[0] in "[{\"'":
        v, j = _flow(t, 0)
        if t[j:].strip():
            raise YamlError("trailing text after value: %r" % t)
        return v
    return _scalar(t)


def _split_key(content):
    m = re.match(r"^([A-Za-z_][\w\-]*):(?: (.*))?$", content)
    if not m:
        raise YamlError("expected 'key: value', got %r" % content)
    return m.group(1), (m.group(2) or "")


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise YamlError("tab indentation")
        lines.append([len(raw) - len(raw.lstrip(" ")), raw.strip()])

    def block(i, indent):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            out = []
            while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("-"):
                rest = lines[i][1][1:].strip()
                if not rest:
                    v, i = block(i + 1, lines[i + 1][0])
                elif rest[0] not in "[{\"'" and re.match(r"^[A-Za-z_][\w\-]*:( |$)", rest):
                    lines[i] = [indent + 2, rest]          # mapping that starts on the dash line
                    v, i = block(i, indent + 2)
                else:
                    v, i = _value(rest), i + 1
                out.append(v)
            return out, i
        out = {}
        while i < len(lines) and lines[i][0] == indent:
            if lines[i][1].startswith("- "):
                raise YamlError("list item where a key was expected: %r" % lines[i][1])
            key, rest = _split_key(lines[i][1])
            if key in out:
                raise YamlError("duplicate key %r" % key)
            if rest.strip():
                out[key], i = _value(rest), i + 1
            elif i + 1 < len(lines) and lines[i + 1][0] > indent:
                out[key], i = block(i + 1, lines[i + 1][0])
            else:
                out[key], i = None, i + 1
        return out, i

    value, i = block(0, lines[0][0])
    if i != len(lines):
        raise YamlError("unparsed text from line: %r" % lines[i][1])
    return value


def _on_key(v):
    if isinstance(v, dict):
        return {("on" if k is True else k): _on_key(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_on_key(x) for x in v]
    return v


# ------------------------------------------------------------------ plan checks
def check_evidence_list(items, where):
    if items is None:
        return
    if not check(isinstance(items, list), "%s: evidence must be a list" % where):
        return
    for it in items:
        if isinstance(it, str):
            check(it.strip() != "", "%s: empty evidence string" % where)
        elif isinstance(it, dict):
            check(isinstance(it.get("text"), str) and it["text"].strip(), "%s: mapping without text" % where)
            check(it.get("on", "state") in ("state", "action", "both"), "%s: bad on= %r" % (where, it.get("on")))
            check(set(it) <= {"text", "on"}, "%s: unknown keys %s" % (where, sorted(set(it) - {"text", "on"})))
        else:
            check(False, "%s: evidence item of type %s" % (where, type(it).__name__))


def check_plan(plan, path):
    check(isinstance(plan, dict), "%s: plan is not a mapping" % path)
    check(isinstance(plan.get("task"), str) and plan["task"], "%s: task missing" % path)
    pf = plan.get("plan_falsifiers") or {}
    check(isinstance(pf, dict) and set(pf) <= SCOPES, "%s: plan_falsifiers scopes %s" % (path, list(pf)))
    for scope, items in pf.items():
        check_evidence_list(items, "%s plan_falsifiers.%s" % (path, scope))
    commitments = plan.get("commitments")
    check(isinstance(commitments, list) and commitments, "%s: commitments missing" % path)
    ids = []
    for c in commitments or []:
        cid = c.get("id")
        check(isinstance(cid, str) and cid, "%s: commitment without id" % path)
        ids.append(cid)
        check(isinstance(c.get("subgoal"), str) and c["subgoal"], "%s/%s: subgoal missing" % (path, cid))
        conf = c.get("confidence", 0.5)
        check(isinstance(conf, (int, float)) and 0 <= conf <= 1, "%s/%s: confidence %r" % (path, cid, conf))
        confirm = c.get("confirm") or {}
        falsify = c.get("falsify") or {}
        check(set(confirm) <= STAGES, "%s/%s: confirm stages %s" % (path, cid, list(confirm)))
        check(set(falsify) <= SCOPES, "%s/%s: falsify scopes %s" % (path, cid, list(falsify)))
        for st, items in confirm.items():
            check_evidence_list(items, "%s/%s confirm.%s" % (path, cid, st))
        for sc, items in falsify.items():
            check_evidence_list(items, "%s/%s falsify.%s" % (path, cid, sc))
    check(len(ids) == len(set(ids)), "%s: duplicate commitment ids" % path)
    # the plan must name the product's sign-in page as a plan-level falsifier
    flat = json.dumps(pf)
    check("Sign in to LabelBench" in flat, "%s: no plan-level sign-in falsifier" % path)
    return set(ids)


# ------------------------------------------------------------------ page / action checks
NODE_RE = re.compile(r"^\t+\[(\d+)\] (\S+) '([^']*)'(, .*)?$")
TEXT_RE = re.compile(r"^\t+StaticText '[^']*'$")
ROOT_RE = re.compile(r"^RootWebArea '[^']*'(, .*)?$")
CMD_RE = {
    "click": re.compile(r"^click\('(\d+)'\)$"),
    "fill": re.compile(r"^fill\('(\d+)', '([^']*)'\)$"),
    "select_option": re.compile(r"^select_option\('(\d+)', '([^']*)'\)$"),
    "press": re.compile(r"^press\('(\d+)', '([^']*)'\)$"),
    "send_msg_to_user": re.compile(r"^send_msg_to_user\('([^']*)'\)$"),
}


def parse_page(obs, where):
    nodes = {}
    ok = check(isinstance(obs, dict), "%s: observation not an object" % where)
    if not ok:
        return nodes, []
    for k in ("url", "title", "text", "error"):
        check(k in obs, "%s: observation lacks %s" % (where, k))
    check(isinstance(obs.get("url"), str) and obs["url"].startswith("http"), "%s: bad url" % where)
    check(isinstance(obs.get("title"), str) and obs["title"], "%s: bad title" % where)
    check(obs.get("error") is None or isinstance(obs["error"], str), "%s: bad error" % where)
    lines = (obs.get("text") or "").split("\n")
    check(bool(ROOT_RE.match(lines[0])), "%s: first line is not RootWebArea" % where)
    for ln in lines[1:]:
        m = NODE_RE.match(ln)
        if m:
            bid = m.group(1)
            check(bid not in nodes, "%s: duplicate bid %s" % (where, bid))
            nodes[bid] = (m.group(2), m.group(3), m.group(4) or "", len(ln) - len(ln.lstrip("\t")))
        else:
            check(bool(TEXT_RE.match(ln)), "%s: unparseable tree line %r" % (where, ln))
    return nodes, lines


def options_of(lines, bid):
    out, depth = [], None
    for ln in lines:
        m = NODE_RE.match(ln)
        d = len(ln) - len(ln.lstrip("\t"))
        if depth is None:
            if m and m.group(1) == bid:
                depth = d
            continue
        if d <= depth:
            break
        if m and m.group(2) == "option":
            out.append(m.group(3))
    return out


def check_action(action, page, where):
    nodes, lines = page
    for k in ("command", "effect"):
        check(k in action, "%s: action lacks %s" % (where, k))
    check(action.get("effect") in EFFECTS, "%s: effect %r" % (where, action.get("effect")))
    cmd = action.get("command", "")
    name = cmd.split("(", 1)[0]
    rx = CMD_RE.get(name)
    if not check(rx is not None and rx.match(cmd), "%s: unrecognised command %r" % (where, cmd)):
        return
    m = rx.match(cmd)
    if name == "send_msg_to_user":
        return
    bid = m.group(1)
    if not check(bid in nodes, "%s: bid %s not on the page acted on" % (where, bid)):
        return
    role, nm, props, _ = nodes[bid]
    if action.get("target") is not None:
        check(action["target"] == "%s '%s'" % (role, nm),
              "%s: target %r does not match node %s '%s'" % (where, action["target"], role, nm))
    check("disabled=True" not in props, "%s: acts on a disabled node %s" % (where, bid))
    if name == "fill":
        check(role in ("textbox", "searchbox", "spinbutton", "combobox"), "%s: fill on %s" % (where, role))
    if name == "select_option":
        check(role in ("combobox", "listbox"), "%s: select_option on %s" % (where, role))
        check(m.group(2) in options_of(lines, bid), "%s: option %r not under %s" % (where, m.group(2), bid))


# ------------------------------------------------------------------ corpus
def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl missing: run make_corpus.py first")
        return 1
    runs = []
    with open(CORPUS, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if line.strip():
                try:
                    runs.append(json.loads(line))
                except ValueError as e:
                    check(False, "line %d: not JSON (%s)" % (n, e))
    check(len(runs) == N_RUNS, "expected %d runs, got %d" % (N_RUNS, len(runs)))
    ids = [r.get("id") for r in runs]
    check(len(ids) == len(set(ids)), "duplicate run ids")

    plans = {}
    healthy = faulty = 0
    faults = {}
    healthy_text = []
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in r, "%s: missing %s" % (rid, k))
        plan_ref = r.get("plan")
        if isinstance(plan_ref, str):
            ppath = os.path.normpath(os.path.join(HERE, plan_ref))
            if ppath not in plans:
                if check(os.path.exists(ppath), "%s: plan file %s missing" % (rid, plan_ref)):
                    with open(ppath, encoding="utf-8") as fh:
                        txt = fh.read()
                    try:
                        plan = load_yaml(txt)
                    except YamlError as e:
                        check(False, "%s: plan does not parse: %s" % (plan_ref, e))
                        plan = {}
                    try:                      # cross-check with PyYAML when it happens to be installed
                        import yaml  # noqa
                        # YAML 1.1 loaders read the bare key `on` (as written in FORMATS.md) as True
                        check(_on_key(yaml.safe_load(txt)) == plan,
                              "%s: mini parser and PyYAML disagree" % plan_ref)
                    except ImportError:
                        pass
                    except Exception as e:  # yaml.YAMLError
                        check(False, "%s: PyYAML cannot load the plan: %s" % (plan_ref, str(e)[:200]))
                    plans[ppath] = (plan, check_plan(plan, plan_ref))
            plan, cids = plans.get(ppath, ({}, set()))
        else:
            check(isinstance(plan_ref, dict), "%s: plan must be a path or an object" % rid)
            plan, cids = plan_ref, check_plan(plan_ref, rid)
        check(r.get("task") == plan.get("task"), "%s: task differs from the plan's task" % rid)
        check(r.get("workflow") == "labelprint", "%s: workflow" % rid)

        steps = r.get("steps") or []
        check(isinstance(steps, list) and steps, "%s: no steps" % rid)
        label = r.get("label") or {}
        fault, off = label.get("fault"), label.get("first_off_track_step")
        outcome = r.get("outcome") or {}
        check(isinstance(outcome.get("success"), bool), "%s: outcome.success must be bool" % rid)
        if fault is None:
            healthy += 1
            check(off is None, "%s: healthy run with a first_off_track_step" % rid)
            check(outcome.get("success") is True, "%s: healthy run not successful" % rid)
        else:
            faulty += 1
            faults.setdefault(fault, []).append(off)
            check(isinstance(fault, str) and fault, "%s: fault must be a string" % rid)
            check(isinstance(off, int) and not isinstance(off, bool) and 0 <= off < len(steps),
                  "%s: first_off_track_step %r out of range" % (rid, off))
            check(outcome.get("success") is False, "%s: faulty run marked successful" % rid)
            check(rid.endswith(tuple("-%02d" % i for i in range(1, 10))) and fault in rid,
                  "%s: id does not carry its fault" % rid)

        page = parse_page(r.get("initial_observation"), "%s initial" % rid)
        if fault is None:
            healthy_text.append(r["initial_observation"]["text"])
        for i, st in enumerate(steps):
            where = "%s step %d" % (rid, i)
            check(set(st) >= {"action", "observation"}, "%s: step lacks action/observation" % where)
            if "commitment" in st:
                check(st["commitment"] in cids, "%s: unknown commitment %r" % (where, st["commitment"]))
            check_action(st.get("action") or {}, page, where)
            page = parse_page(st.get("observation"), where)
            if fault is None:
                healthy_text.append(st["observation"]["text"])
        if fault is None:
            check(steps[-1]["action"]["command"].startswith("send_msg_to_user"),
                  "%s: healthy run does not report back" % rid)
            check(any(s["action"]["effect"] == "irreversible" for s in steps), "%s: never submits" % rid)

    check(healthy == N_HEALTHY, "expected %d healthy runs, got %d" % (N_HEALTHY, healthy))
    check(faulty == N_FAULTY, "expected %d faulty runs, got %d" % (N_FAULTY, faulty))
    missing = REQUIRED_FAULTS - set(faults)
    check(not missing, "fault kinds not covered: %s" % sorted(missing))
    check(any(0 in v for v in faults.values()), "no fault visible on the start page (step 0)")

    # realism: healthy pages carry near misses and alarming-but-ordinary words
    blob = "\n".join(healthy_text)
    for word in ("B-1178", "B-1188", "Harbor Haze Pale", "Recalled", "On hold", "Offline", "overdue",
                 "Failed", "Cancelled", "'24'", "'240'", "14 Jul 2026"):
        check(word in blob, "healthy pages never show %r" % word)

    # determinism: regenerate twice in scratch folders and compare bytes with the files here
    produced = []
    for _ in range(2):
        tmp = tempfile.mkdtemp(prefix="labelprint-selftest-")
        try:
            shutil.copy(os.path.join(HERE, "make_corpus.py"), tmp)
            res = subprocess.run([sys.executable, os.path.join(tmp, "make_corpus.py"), tmp],
                                 capture_output=True, text=True, cwd=tmp)
            check(res.returncode == 0, "make_corpus.py failed: %s" % res.stderr[-500:])
            blobs = {}
            for rel in ("corpus.jsonl", "plans/labelprint.yaml"):
                with open(os.path.join(tmp, rel), "rb") as fh:
                    blobs[rel] = fh.read()
            produced.append(blobs)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    check(produced[0] == produced[1], "make_corpus.py is not deterministic")
    for rel, data in produced[0].items():
        with open(os.path.join(HERE, rel), "rb") as fh:
            check(fh.read() == data, "%s is stale: rerun make_corpus.py" % rel)

    if failures:
        print("SELFTEST FAILED (%d problems)" % len(failures))
        for f in failures[:60]:
            print("  -", f)
        return 1
    steps_total = sum(len(r["steps"]) for r in runs)
    print("selftest ok: %d runs (%d healthy, %d faulty), %d steps, faults: %s" % (
        len(runs), healthy, faulty, steps_total,
        ", ".join("%s@%s" % (k, ",".join(map(str, v))) for k, v in sorted(faults.items()))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
