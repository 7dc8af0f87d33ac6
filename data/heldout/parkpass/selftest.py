#!/usr/bin/env python3
"""Validate the ParkPass corpus against the fcpkit format contract (FORMATS.md).

Checks: make_corpus.py is deterministic and matches the files on disk; the plan loads and has
the required shape; every trajectory has the required fields and a valid label; every action
that names a bid acts on an element present on the page it was taken from, and its `target`
matches that element; observations are well-formed flattened AXTree text.

Python 3 standard library only (PyYAML, if installed, is used as an extra cross-check).
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
EXPECTED_RUNS = 20
EXPECTED_HEALTHY = 8
EXPECTED_FAULTY = 12
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_no_op", "unrequested_filter",
                   "unrequested_constraint", "error_page", "permission_denied", "session_expired",
                   "premature_success", "skipped_step", "dialog_mishandled"}
EFFECTS = {"read", "write", "irreversible"}
BID_ACTIONS = {"click", "dblclick", "fill", "press", "select_option", "hover", "focus", "clear",
               "check", "uncheck", "upload_file"}
FREE_ACTIONS = {"send_msg_to_user", "goto", "go_back", "go_forward", "noop", "report_infeasible",
                "scroll", "new_tab", "tab_close", "tab_focus", "keyboard_press"}
LINE_RE = re.compile(r"^(\t*)(?:\[([A-Za-z0-9]+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")

failures = []


def fail(msg):
    failures.append(msg)


# ---------------------------------------------------------------------------
# Minimal YAML reader for the subset the plan uses (block maps, block lists,
# flow maps {k: v}, [] and quoted/plain scalars). Comments are whole-line only.
# ---------------------------------------------------------------------------

def _scalar(tok):
    tok = tok.strip()
    if tok == "[]":
        return []
    if tok == "{}":
        return {}
    if tok.startswith('"'):
        return json.loads(tok)
    if tok.startswith("'"):
        return tok[1:-1].replace("''", "'")
    if tok.startswith("{"):
        return _flow_map(tok)
    if re.fullmatch(r"-?\d+", tok):
        return int(tok)
    if re.fullmatch(r"-?\d+\.\d*", tok):
        return float(tok)
    if tok in ("true", "false"):
        return tok == "true"
    if tok in ("null", "~", ""):
        return None
    return tok


def _split_flow(body):
    parts, depth, cur, quote = [], 0, "", None
    for ch in body:
        if quote:
            cur += ch
            if ch == quote and not cur.endswith("\\" + quote):
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        cur += ch
    if cur.strip():
        parts.append(cur)
    return parts


def _flow_map(tok):
    assert tok.startswith("{") and tok.endswith("}"), tok
    out = {}
    for part in _split_flow(tok[1:-1]):
        k, _, v = part.partition(":")
        out[k.strip()] = _scalar(v)
    return out


def load_yaml(text):
    lines = []
    for no, raw in enumerate(text.splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[:len(raw) - len(raw.lstrip())]:
            raise ValueError("line %d: tab indentation" % no)
        lines.append([len(raw) - len(raw.lstrip(" ")), raw.strip(), no])

    def block(i, indent):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            return seq(i, indent)
        return mapping(i, indent)

    def split_key(content, no):
        m = re.match(r"^([A-Za-z_][\w-]*):(?:\s+(.*))?$", content)
        if not m:
            raise ValueError("line %d: expected 'key: value', got %r" % (no, content))
        return m.group(1), m.group(2)

    def mapping(i, indent):
        out = {}
        while i < len(lines) and lines[i][0] == indent and not lines[i][1].startswith("- "):
            key, rest = split_key(lines[i][1], lines[i][2])
            if key in out:
                raise ValueError("line %d: duplicate key %r" % (lines[i][2], key))
            i += 1
            if rest is None:
                if i < len(lines) and lines[i][0] > indent:
                    out[key], i = block(i, lines[i][0])
                elif i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("- "):
                    out[key], i = seq(i, indent)
                else:
                    out[key] = None
            else:
                out[key] = _scalar(rest)
        if i < len(lines) and lines[i][0] > indent:
            raise ValueError("line %d: unexpected indentation" % lines[i][2])
        return out, i

    def seq(i, indent):
        out = []
        while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("- "):
            content = lines[i][1][2:].strip()
            if re.match(r"^[A-Za-z_][\w-]*:(\s|$)", content):
                lines[i] = [indent + 2, content, lines[i][2]]
                item, i = mapping(i, indent + 2)
                out.append(item)
            else:
                out.append(_scalar(content))
                i += 1
        return out, i

    if not lines:
        return None
    value, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError("line %d: trailing content" % lines[i][2])
    return value


# ---------------------------------------------------------------------------

def check_determinism():
    here_corpus = open(CORPUS, "rb").read()
    here_plan = open(os.path.join(HERE, "plans", "parkpass.yaml"), "rb").read()
    outs = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in (1, 2):
            d = os.path.join(tmp, "run%d" % n)
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", d],
                           check=True, stdout=subprocess.DEVNULL)
            outs.append((open(os.path.join(d, "corpus.jsonl"), "rb").read(),
                         open(os.path.join(d, "plans", "parkpass.yaml"), "rb").read()))
    if outs[0] != outs[1]:
        fail("make_corpus.py is not deterministic across two runs")
    if outs[0] != (here_corpus, here_plan):
        fail("corpus.jsonl / plans/parkpass.yaml on disk differ from a fresh make_corpus.py run")
    src = open(os.path.join(HERE, "make_corpus.py"), encoding="utf-8").read()
    allowed = {"argparse", "datetime", "json", "os", "random"}
    for mod in re.findall(r"^(?:import|from) (\w+)", src, re.M):
        if mod not in allowed:
            fail("make_corpus.py imports non-stdlib-whitelisted module %r" % mod)


def check_evidence(item, where):
    if isinstance(item, str):
        if not item.strip():
            fail("%s: empty evidence string" % where)
        return
    if isinstance(item, dict):
        keys = set(item)
        on = item.get("on", "state")
        if "text" not in keys or not isinstance(item["text"], str) or not keys <= {"text", "on"}:
            fail("%s: evidence mapping must be {text, on}: %r" % (where, item))
        if on not in ("state", "action", "both"):
            fail("%s: bad 'on' value %r" % (where, on))
        return
    fail("%s: evidence must be string or mapping, got %r" % (where, item))


def check_plan(path):
    text = open(path, encoding="utf-8").read()
    try:
        plan = load_yaml(text)
    except ValueError as e:
        fail("plan %s does not load: %s" % (path, e))
        return None
    try:
        import yaml  # optional cross-check
        other = yaml.safe_load(text)

        def norm(o):
            if isinstance(o, dict):
                return {("on" if k is True else k): norm(v) for k, v in o.items()}
            if isinstance(o, list):
                return [norm(v) for v in o]
            return o
        if norm(other) != plan:
            fail("plan: PyYAML reads the plan differently from the minimal reader")
    except ImportError:
        pass
    if not isinstance(plan, dict) or not isinstance(plan.get("task"), str):
        fail("plan: missing task")
        return None
    pf = plan.get("plan_falsifiers", {})
    if not isinstance(pf, dict):
        fail("plan: plan_falsifiers must be a mapping of scope -> list")
    else:
        for scope, items in pf.items():
            for it in items or []:
                check_evidence(it, "plan_falsifiers.%s" % scope)
    ids = set()
    comms = plan.get("commitments")
    if not isinstance(comms, list) or not comms:
        fail("plan: commitments must be a non-empty list")
        return plan
    for c in comms:
        cid = c.get("id")
        if not isinstance(cid, str) or cid in ids:
            fail("plan: commitment id missing or duplicate: %r" % cid)
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str):
            fail("plan: commitment %s lacks subgoal" % cid)
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail("plan: commitment %s confidence out of [0,1]" % cid)
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in ("precondition", "progress", "completion"):
                fail("plan: commitment %s has unknown confirm stage %r" % (cid, stage))
            for it in items or []:
                check_evidence(it, "%s.confirm.%s" % (cid, stage))
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in ("execution", "skill", "planning"):
                fail("plan: commitment %s has unknown falsify scope %r" % (cid, scope))
            for it in items or []:
                check_evidence(it, "%s.falsify.%s" % (cid, scope))
    plan["_ids"] = ids
    return plan


def parse_page(text, where):
    nodes = {}
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        fail("%s: first line must be the RootWebArea" % where)
    prev_depth = 0
    for n, line in enumerate(lines[1:], 2):
        m = LINE_RE.match(line)
        if not m:
            fail("%s line %d: not a flattened AXTree node: %r" % (where, n, line))
            continue
        depth = len(m.group(1))
        if depth < 1 or depth > prev_depth + 1:
            fail("%s line %d: bad indentation" % (where, n))
        prev_depth = depth
        bid, role = m.group(2), m.group(3)
        name = ast.literal_eval(m.group(4))
        if bid:
            if bid in nodes:
                fail("%s: duplicate bid %s" % (where, bid))
            nodes[bid] = "%s %r" % (role, name)
        elif role != "StaticText":
            fail("%s line %d: only StaticText may lack a bid" % (where, n))
    return nodes


def check_obs(obs, where):
    if not isinstance(obs, dict):
        fail("%s: observation must be an object" % where)
        return {}
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            fail("%s: observation lacks %r" % (where, k))
    if not str(obs.get("url", "")).startswith("http"):
        fail("%s: url must be absolute" % where)
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        fail("%s: error must be string or null" % where)
    text = obs.get("text", "")
    if not text.startswith("RootWebArea %r" % obs.get("title")):
        fail("%s: RootWebArea name must equal the title" % where)
    return parse_page(text, where)


def check_corpus():
    raw = open(CORPUS, encoding="utf-8").read()
    if not raw.endswith("\n"):
        fail("corpus.jsonl must end with a newline")
    rows = []
    for n, line in enumerate(raw.splitlines(), 1):
        try:
            rows.append(json.loads(line))
        except ValueError as e:
            fail("corpus line %d is not JSON: %s" % (n, e))
    if len(rows) != EXPECTED_RUNS:
        fail("expected %d runs, found %d" % (EXPECTED_RUNS, len(rows)))
    plans = {}
    seen = set()
    healthy = faulty = 0
    faults = set()
    for r in rows:
        rid = r.get("id")
        where = str(rid)
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail("%s: missing field %r" % (where, k))
        if rid in seen:
            fail("duplicate id %s" % rid)
        seen.add(rid)
        if isinstance(r.get("plan"), str):
            ppath = os.path.join(os.path.dirname(CORPUS), r["plan"])
            if not os.path.exists(ppath):
                fail("%s: plan %s not found" % (where, r["plan"]))
                continue
            if ppath not in plans:
                plans[ppath] = check_plan(ppath)
            plan = plans[ppath]
            if os.path.splitext(os.path.basename(ppath))[0] != r.get("workflow"):
                fail("%s: plan file should be plans/<workflow>.yaml" % where)
        else:
            plan = r.get("plan")
        if plan and plan.get("task") != r.get("task"):
            fail("%s: task differs from the plan's task" % where)
        ids = plan.get("_ids", set()) if plan else set()

        label = r.get("label", {})
        if set(label) != {"fault", "first_off_track_step"}:
            fail("%s: label must have exactly fault and first_off_track_step" % where)
        steps = r.get("steps", [])
        if not steps:
            fail("%s: no steps" % where)
        fault, off = label.get("fault"), label.get("first_off_track_step")
        success = r.get("outcome", {}).get("success")
        if not isinstance(success, bool):
            fail("%s: outcome.success must be a bool" % where)
        if fault is None:
            healthy += 1
            if off is not None:
                fail("%s: healthy run must have first_off_track_step null" % where)
            if success is not True:
                fail("%s: healthy run must succeed" % where)
            if not rid.startswith("parkpass-healthy-"):
                fail("%s: healthy id should start parkpass-healthy-" % where)
        else:
            faulty += 1
            faults.add(fault)
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                fail("%s: first_off_track_step must index into steps" % where)
            if success is not False:
                fail("%s: faulty run must not succeed" % where)
            if not rid.startswith("parkpass-%s-" % fault):
                fail("%s: id should start with parkpass-<fault>-" % where)

        page = check_obs(r.get("initial_observation"), where + " initial")
        for i, s in enumerate(steps):
            sw = "%s step %d" % (where, i)
            act = s.get("action", {})
            for k in ("command", "reasoning", "target", "effect"):
                if not isinstance(act.get(k), str) or not act.get(k):
                    fail("%s: action.%s missing" % (sw, k))
            if act.get("effect") not in EFFECTS:
                fail("%s: effect %r not in %s" % (sw, act.get("effect"), sorted(EFFECTS)))
            if "commitment" in s and s["commitment"] not in ids:
                fail("%s: commitment %r not in plan" % (sw, s["commitment"]))
            try:
                call = ast.parse(act.get("command", ""), mode="eval").body
                fname = call.func.id
                args = [ast.literal_eval(a) for a in call.args]
            except Exception as e:  # noqa: BLE001
                fail("%s: command does not parse: %s" % (sw, e))
                fname, args = None, []
            if fname in BID_ACTIONS:
                bid = args[0] if args else None
                if bid not in page:
                    fail("%s: bid %r not on the page acted on" % (sw, bid))
                elif page[bid] != act.get("target"):
                    fail("%s: target %r does not match node %r" % (sw, act.get("target"), page[bid]))
            elif fname not in FREE_ACTIONS:
                fail("%s: unknown action %r" % (sw, fname))
            if fname == "send_msg_to_user" and act.get("effect") != "read":
                fail("%s: a message to the user is a read" % sw)
            page = check_obs(s.get("observation"), sw)
        last = steps[-1]["action"]["command"] if steps else ""
        if not last.startswith("send_msg_to_user("):
            fail("%s: every run ends with a message to the user" % where)

        # labelling sanity specific to this corpus
        texts = [r["initial_observation"]["text"]] + [s["observation"]["text"] for s in steps]
        bad_pages = ("Sign in to ParkPass", "Something went wrong", "You don't have permission")
        if fault is None:
            for t in texts:
                for b in bad_pages:
                    if b in t:
                        fail("%s: healthy run shows %r" % (where, b))
            if "Entry date changed for WP-24817" not in texts[-1]:
                fail("%s: healthy run must end on the confirmation toast" % where)
            if not any("irreversible" == s["action"]["effect"] for s in steps):
                fail("%s: healthy run must contain the irreversible confirm" % where)
        else:
            first_bad = next((k for k, t in enumerate(texts) if any(b in t for b in bad_pages)), None)
            if first_bad is not None:
                expect = max(first_bad - 1, 0)
                if off != expect:
                    fail("%s: environment fault first visible after step %d but labelled %r" % (where, expect, off))
            if fault == "session_expired" and off != 0:
                fail("%s: a fault visible on the start page is labelled 0" % where)
            if fault == "session_expired" and "Sign in to ParkPass" not in texts[0]:
                fail("%s: start page should show the sign-in page" % where)

    if healthy != EXPECTED_HEALTHY or faulty != EXPECTED_FAULTY:
        fail("expected %d healthy / %d faulty, found %d / %d" % (EXPECTED_HEALTHY, EXPECTED_FAULTY, healthy, faulty))
    missing = REQUIRED_FAULTS - faults
    if missing:
        fail("fault kinds not covered: %s" % sorted(missing))

    # realism: near misses and alarming-but-ordinary words appear on healthy pages too
    healthy_text = "\n".join(
        t for r in rows if r["label"]["fault"] is None
        for t in [r["initial_observation"]["text"]] + [s["observation"]["text"] for s in r["steps"]])
    for needle in ("WP-24871", "WP-24818", "WP-24187", "Marisela Okafor", "Marisol O'Connor",
                   "Lost Creek North", "Lost Lake", "overdue", "failed", "Cancelled", "Quota full"):
        if needle not in healthy_text:
            fail("healthy pages never show %r" % needle)
    for plan in plans.values():
        if plan and "Sign in to ParkPass" not in plan.get("plan_falsifiers", {}).get("execution", []):
            fail("plan must name the sign-in page as a plan-level falsifier")


def main():
    check_determinism()
    check_corpus()
    if failures:
        for f in failures:
            print("FAIL:", f)
        print("%d problem(s)" % len(failures))
        sys.exit(1)
    print("selftest OK: %d runs, plan loads, bids resolve, deterministic" % EXPECTED_RUNS)


if __name__ == "__main__":
    main()
