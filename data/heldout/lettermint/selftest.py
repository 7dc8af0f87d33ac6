#!/usr/bin/env python3
"""Self-test for the Lettermint held-out corpus (standard library only).

Checks corpus.jsonl and the plan against the fcpkit format contract (FORMATS.md):
required fields, labels, bids of actions present on the page acted on, AXTree line
shape, plan shape, and that make_corpus.py regenerates the files byte for byte.
Exit status 0 when everything passes.
"""
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EXPECTED_HEALTHY = 8
EXPECTED_FAULTY = 12
REQUIRED_FAULTS = {"wrong_record", "near_miss", "wrong_value", "silent_no_op", "unrequested_constraint",
                   "error_page", "permission_denied", "session_expired", "premature_success", "skipped_step",
                   "dialog_mishandled"}
EFFECTS = {"read", "write", "irreversible"}
BID_ACTIONS = {"click", "dblclick", "hover", "fill", "select_option", "press", "focus", "clear", "check",
               "uncheck", "upload_file"}
OTHER_ACTIONS = {"send_msg_to_user", "scroll", "go_back", "go_forward", "goto", "noop", "report_infeasible",
                 "new_tab", "tab_close", "tab_focus", "keyboard_press", "keyboard_type"}
LINE_RE = re.compile(r"""^(\t+)(\[(?P<bid>[A-Za-z0-9]+)\] )?(?P<role>[A-Za-z]+) (?P<name>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(?P<props>, .*)?$""")

failures = []


def fail(msg):
    failures.append(msg)


# ---------------------------------------------------------------------------
# Minimal YAML reader for the subset the plan uses (block maps, block lists,
# folded '>-' scalars, double-quoted scalars, flow maps {k: v, ...}).
# ---------------------------------------------------------------------------
def _scalar(s):
    s = s.strip()
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("{") and s.endswith("}"):
        out, buf, q = {}, "", False
        parts = []
        for ch in s[1:-1]:
            if ch == '"':
                q = not q
            if ch == "," and not q:
                parts.append(buf)
                buf = ""
            else:
                buf += ch
        if buf.strip():
            parts.append(buf)
        for p in parts:
            k, v = p.split(":", 1)
            out[k.strip()] = _scalar(v)
        return out
    if s.startswith("[") and s.endswith("]"):
        inner = s[1:-1].strip()
        return [] if not inner else [_scalar(x) for x in inner.split(",")]
    if re.fullmatch(r"-?\d+(\.\d+)?", s):
        return float(s) if "." in s else int(s)
    if s in ("null", "~", ""):
        return None
    return s


def parse_yaml(text):
    lines = []
    for raw in text.split("\n"):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        lines.append((len(raw) - len(raw.lstrip(" ")), raw.strip()))
    pos = [0]

    def block(indent):
        if lines[pos[0]][1].startswith("- "):
            return seq(indent)
        return mapping(indent)

    def value_after(rest, indent):
        rest = rest.strip()
        if rest == ">-" or rest == ">":
            parts = []
            while pos[0] < len(lines) and lines[pos[0]][0] > indent:
                parts.append(lines[pos[0]][1])
                pos[0] += 1
            return " ".join(parts)
        if rest == "":
            if pos[0] < len(lines) and lines[pos[0]][0] > indent:
                return block(lines[pos[0]][0])
            return None
        return _scalar(rest)

    def mapping(indent, first=None):
        out = {}
        if first is not None:
            k, rest = first.split(":", 1)
            out[k.strip()] = value_after(rest, indent)
        while pos[0] < len(lines) and lines[pos[0]][0] == indent and not lines[pos[0]][1].startswith("- "):
            content = lines[pos[0]][1]
            pos[0] += 1
            k, rest = content.split(":", 1)
            out[k.strip()] = value_after(rest, indent)
        return out

    def seq(indent):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == indent and lines[pos[0]][1].startswith("- "):
            item = lines[pos[0]][1][2:]
            pos[0] += 1
            if re.match(r'^[A-Za-z_][\w-]*:( |$)', item):
                out.append(mapping(indent + 2, first=item))
            else:
                out.append(_scalar(item))
        return out

    result = block(0)
    if pos[0] != len(lines):
        raise ValueError("YAML: unparsed content at %r" % (lines[pos[0]],))
    return result


def check_evidence(where, item):
    if isinstance(item, str):
        if not item.strip():
            fail("%s: empty evidence string" % where)
        return
    if isinstance(item, dict):
        if not isinstance(item.get("text"), str) or not item["text"].strip():
            fail("%s: evidence mapping needs text" % where)
        if item.get("on", "state") not in ("state", "action", "both"):
            fail("%s: bad 'on' %r" % (where, item.get("on")))
        return
    fail("%s: evidence must be str or mapping, got %r" % (where, item))


def check_plan(path):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    plan = parse_yaml(text)
    try:  # cross-check with PyYAML when present (YAML 1.1 reads the key `on` as boolean true)
        import yaml
        other = yaml.safe_load(text)

        def norm(x):
            if isinstance(x, dict):
                return {("on" if k is True else k): norm(v) for k, v in x.items()}
            if isinstance(x, list):
                return [norm(v) for v in x]
            return x
        if norm(other) != plan:
            fail("plan: mini reader and PyYAML disagree")
    except ImportError:
        pass
    if not isinstance(plan.get("task"), str):
        fail("plan: task missing")
    ids = set()
    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in ("execution", "skill", "planning"):
            fail("plan_falsifiers: bad scope %r" % scope)
        for it in items or []:
            check_evidence("plan_falsifiers.%s" % scope, it)
    for c in plan.get("commitments") or []:
        cid = c.get("id")
        if not cid or cid in ids:
            fail("plan: missing or duplicate commitment id %r" % cid)
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str):
            fail("plan: %s has no subgoal" % cid)
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail("plan: %s confidence out of range" % cid)
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in ("precondition", "progress", "completion"):
                fail("plan: %s bad confirm stage %r" % (cid, stage))
            for it in items or []:
                check_evidence("%s.confirm.%s" % (cid, stage), it)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in ("execution", "skill", "planning"):
                fail("plan: %s bad falsify scope %r" % (cid, scope))
            for it in items or []:
                check_evidence("%s.falsify.%s" % (cid, scope), it)
    if not ids:
        fail("plan: no commitments")
    return plan, ids


def check_observation(where, o):
    for k in ("url", "title", "text", "error"):
        if k not in o:
            fail("%s: observation lacks %s" % (where, k))
    if o.get("error") is not None and not isinstance(o["error"], str):
        fail("%s: error must be str or null" % where)
    lines = o.get("text", "").split("\n")
    if not lines[0].startswith("RootWebArea "):
        fail("%s: text does not start with RootWebArea" % where)
    bids = {}
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not m:
            fail("%s: bad AXTree line %r" % (where, ln))
            continue
        if m.group("bid"):
            if m.group("bid") in bids:
                fail("%s: duplicate bid %s" % (where, m.group("bid")))
            bids[m.group("bid")] = "%s %s" % (m.group("role"), m.group("name"))
    if o.get("title") and o["title"] not in lines[0]:
        fail("%s: title not in RootWebArea line" % where)
    return bids


def parse_command(cmd):
    m = re.match(r"^([a-z_]+)\((.*)\)$", cmd, re.S)
    if not m:
        return None, []
    import ast
    try:
        args = ast.literal_eval("(" + m.group(2) + ",)") if m.group(2).strip() else ()
    except (ValueError, SyntaxError):
        return m.group(1), None
    return m.group(1), list(args)


def check_corpus():
    with open(CORPUS, encoding="utf-8") as fh:
        raw = fh.read()
    if not raw.endswith("\n"):
        fail("corpus: missing final newline")
    runs = [json.loads(line) for line in raw.split("\n") if line.strip()]
    seen = set()
    n_healthy = n_faulty = 0
    faults = set()
    step0 = 0
    plans = {}
    for r in runs:
        rid = r.get("id")
        w = "run %s" % rid
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail("%s: missing %s" % (w, k))
        if rid in seen:
            fail("%s: duplicate id" % w)
        seen.add(rid)
        if isinstance(r["plan"], str):
            ppath = os.path.join(os.path.dirname(CORPUS), r["plan"])
            if not os.path.exists(ppath):
                fail("%s: plan %s not found" % (w, r["plan"]))
                continue
            if ppath not in plans:
                plans[ppath] = check_plan(ppath)
            plan, cids = plans[ppath]
        else:
            plan, cids = r["plan"], {c["id"] for c in r["plan"]["commitments"]}
        if " ".join(plan["task"].split()) != " ".join(r["task"].split()):
            fail("%s: task differs from plan task" % w)
        if not os.path.basename(r["plan"]).startswith(r["workflow"]):
            fail("%s: plan file not named after workflow" % w)
        lab = r["label"]
        if set(lab) < {"fault", "first_off_track_step"}:
            fail("%s: label fields" % w)
        steps = r["steps"]
        if not steps:
            fail("%s: no steps" % w)
        if lab["fault"] is None:
            n_healthy += 1
            if lab["first_off_track_step"] is not None:
                fail("%s: healthy run with a step label" % w)
            if r["outcome"].get("success") is not True:
                fail("%s: healthy run not successful" % w)
        else:
            n_faulty += 1
            faults.add(lab["fault"])
            s = lab["first_off_track_step"]
            if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < len(steps):
                fail("%s: first_off_track_step %r out of range" % (w, s))
            if s == 0:
                step0 += 1
            if r["outcome"].get("success") is not False:
                fail("%s: faulty run marked successful" % w)
            if not r["id"].startswith("lettermint-%s-" % lab["fault"]):
                fail("%s: id does not carry the fault name" % w)
        if not isinstance(r["outcome"].get("success"), bool):
            fail("%s: outcome.success must be bool" % w)
        prev = check_observation("%s initial" % w, r["initial_observation"])
        for i, st in enumerate(steps):
            sw = "%s step %d" % (w, i)
            a = st.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    fail("%s: action lacks %s" % (sw, k))
            if a.get("effect") not in EFFECTS:
                fail("%s: bad effect %r" % (sw, a.get("effect")))
            if "commitment" in st and st["commitment"] not in cids:
                fail("%s: unknown commitment %r" % (sw, st["commitment"]))
            name, args = parse_command(a.get("command", ""))
            if name in BID_ACTIONS:
                if not args or str(args[0]) not in prev:
                    fail("%s: bid of %r not on the page acted on" % (sw, a.get("command")))
                elif prev[str(args[0])] != a["target"]:
                    fail("%s: target %r != page node %r" % (sw, a["target"], prev[str(args[0])]))
            elif name not in OTHER_ACTIONS:
                fail("%s: unknown action %r" % (sw, a.get("command")))
            if "Send now" in a.get("target", "") and lab["fault"] is None:
                fail("%s: healthy run presses Send now" % sw)
            prev = check_observation(sw, st["observation"])
        if lab["fault"] is None:
            if not any(s["action"]["effect"] == "irreversible" and "Schedule campaign" in s["action"]["target"]
                       for s in steps):
                fail("%s: healthy run never confirms the schedule" % w)
    if n_healthy != EXPECTED_HEALTHY or n_faulty != EXPECTED_FAULTY:
        fail("corpus: %d healthy / %d faulty, want %d / %d" % (n_healthy, n_faulty, EXPECTED_HEALTHY,
                                                               EXPECTED_FAULTY))
    missing = REQUIRED_FAULTS - faults
    if missing:
        fail("corpus: fault kinds missing: %s" % sorted(missing))
    if step0 < 1:
        fail("corpus: no fault visible on the start page (step 0)")
    return runs


def digest(path):
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


def check_determinism():
    outs = []
    for _ in range(2):
        d = tempfile.mkdtemp(prefix="lettermint-")
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", d], check=True,
                       stdout=subprocess.DEVNULL)
        outs.append(d)
    for rel in ("corpus.jsonl", os.path.join("plans", "lettermint_schedule.yaml")):
        h = [digest(os.path.join(d, rel)) for d in outs] + [digest(os.path.join(HERE, rel))]
        if len(set(h)) != 1:
            fail("determinism: %s differs between runs or from the checked-in copy" % rel)


def main():
    runs = check_corpus()
    check_determinism()
    if failures:
        for f in failures:
            print("FAIL:", f)
        print("%d failure(s)" % len(failures))
        return 1
    print("OK: %d runs (%d healthy, %d faulty), plan valid, bids resolve, output reproducible"
          % (len(runs), sum(r["label"]["fault"] is None for r in runs),
             sum(r["label"]["fault"] is not None for r in runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
