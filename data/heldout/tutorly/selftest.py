#!/usr/bin/env python3
"""Self-test for the Tutorly held-out corpus.

Checks corpus.jsonl and plans/*.yaml against the fcpkit format contract (FORMATS.md):
fields and types, labels, that every action's bid exists on the page it acted on, that the
plan loads and is well formed, and that make_corpus.py is deterministic and matches the files
on disk.  Standard library only (PyYAML is used as a cross-check when it is installed).
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")

FAULTS = {"wrong_record", "wrong_value", "dialog_mishandled", "skipped_step", "unrequested_constraint",
          "silent_noop", "error_page", "permission_denied", "session_expired", "premature_success"}
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}

LINE_RE = re.compile(r"^(\t*)(?:\[([^\]\s]+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
CMD_RE = re.compile(r"^(click|fill|select_option|press|hover|focus|clear|dblclick|check|uncheck)\('([^']+)'(.*)\)$")
MSG_RE = re.compile(r"^(send_msg_to_user|report_infeasible)\((.*)\)$", re.S)

errors = []


def fail(msg):
    errors.append(msg)


# ------------------------------------------------------------------ minimal YAML (subset) reader
def _strip_comment(line):
    out, q = [], None
    for i, ch in enumerate(line):
        if q:
            if ch == q:
                q = None
        elif ch in "\"'" and (i == 0 or line[i - 1] in " \t[{,:-"):
            q = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        out.append(ch)
    return "".join(out).rstrip()


def _split_top(s, sep):
    parts, depth, q, cur = [], 0, None, []
    for ch in s:
        if q:
            cur.append(ch)
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
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts


def _key_split(s):
    """Split 'key: value' at the first top-level ': ' (or trailing ':'); None if not a mapping entry."""
    q = None
    for i, ch in enumerate(s):
        if q:
            if ch == q:
                q = None
            continue
        if ch in "\"'" and i == 0:
            q = ch
            continue
        if ch == ":" and (i + 1 == len(s) or s[i + 1] == " "):
            return s[:i].strip().strip("\"'"), s[i + 1:].strip()
        if ch in "{[" and i == 0:
            return None
    return None


def _scalar(s):
    s = s.strip()
    if s == "" or s in ("~", "null"):
        return None
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'"):
        return s[1:-1].replace("''", "'")
    if s.startswith("["):
        inner = s[1:-1].strip()
        return [] if not inner else [_scalar(x) for x in _split_top(inner, ",")]
    if s.startswith("{"):
        inner = s[1:-1].strip()
        d = {}
        for part in _split_top(inner, ","):
            k, v = _key_split(part.strip())
            d[k] = _scalar(v)
        return d
    if s in ("true", "True"):
        return True
    if s in ("false", "False"):
        return False
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    return s


def mini_yaml(text):
    lines = []
    for raw in text.splitlines():
        s = _strip_comment(raw)
        if s.strip():
            lines.append([len(s) - len(s.lstrip(" ")), s.strip()])
    pos = [0]

    def block(ind):
        if lines[pos[0]][1].startswith("- ") or lines[pos[0]][1] == "-":
            return seq(ind)
        return mapping(ind)

    def value_after(ind, rest):
        if rest in (">-", ">", "|", "|-"):
            parts = []
            while pos[0] < len(lines) and lines[pos[0]][0] > ind:
                parts.append(lines[pos[0]][1])
                pos[0] += 1
            return (" " if rest.startswith(">") else "\n").join(parts)
        if rest == "":
            if pos[0] < len(lines) and (lines[pos[0]][0] > ind or
                                        (lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "))):
                return block(lines[pos[0]][0])
            return None
        return _scalar(rest)

    def mapping(ind):
        d = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and not lines[pos[0]][1].startswith("- "):
            kv = _key_split(lines[pos[0]][1])
            if kv is None:
                raise ValueError(f"bad mapping line: {lines[pos[0]][1]!r}")
            pos[0] += 1
            d[kv[0]] = value_after(ind, kv[1])
        return d

    def seq(ind):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("-"):
            content = lines[pos[0]][1][1:].strip()
            if content == "":
                pos[0] += 1
                out.append(block(lines[pos[0]][0]))
            elif _key_split(content) is not None:
                lines[pos[0]] = [ind + 2, content]
                out.append(mapping(ind + 2))
            else:
                out.append(_scalar(content))
                pos[0] += 1
        return out

    result = block(lines[0][0])
    if pos[0] != len(lines):
        raise ValueError(f"unparsed YAML from line {pos[0]}: {lines[pos[0]][1]!r}")
    return result


def load_plan(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".json"):
        return json.loads(text)
    plan = mini_yaml(text)
    try:
        import yaml  # optional cross-check
    except ImportError:
        return plan
    ref = yaml.safe_load(text)
    if ref != plan:
        fail(f"{path}: built-in YAML reader and PyYAML disagree")
    return ref


def check_evidence(where, item):
    if isinstance(item, str):
        if not item.strip():
            fail(f"{where}: empty evidence string")
    elif isinstance(item, dict):
        if not isinstance(item.get("text"), str) or not item["text"].strip():
            fail(f"{where}: evidence mapping without text")
        if item.get("on", "state") not in ON:
            fail(f"{where}: bad 'on' {item.get('on')!r}")
        extra = set(item) - {"text", "on"}
        if extra:
            fail(f"{where}: unexpected evidence keys {sorted(extra)}")
    else:
        fail(f"{where}: evidence must be a string or mapping")


def check_plan(plan, where):
    if not isinstance(plan, dict):
        fail(f"{where}: plan is not a mapping")
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        fail(f"{where}: plan.task missing")
    pf = plan.get("plan_falsifiers") or {}
    for scope, items in pf.items():
        if scope not in SCOPES:
            fail(f"{where}: plan_falsifiers scope {scope!r}")
        for it in items or []:
            check_evidence(f"{where}: plan_falsifiers.{scope}", it)
    if not any("Sign in · Tutorly" in (it if isinstance(it, str) else it["text"])
               for items in pf.values() for it in items or []):
        fail(f"{where}: plan-level falsifier for the sign-in page missing")
    ids = set()
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        fail(f"{where}: commitments missing")
        return ids
    for c in cms:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            fail(f"{where}: commitment without id")
            continue
        if cid in ids:
            fail(f"{where}: duplicate commitment id {cid}")
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str):
            fail(f"{where}: {cid}: subgoal missing")
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail(f"{where}: {cid}: confidence {conf!r} not in [0, 1]")
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                fail(f"{where}: {cid}: confirm stage {stage!r}")
            for it in items or []:
                check_evidence(f"{where}: {cid}.confirm.{stage}", it)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                fail(f"{where}: {cid}: falsify scope {scope!r}")
            for it in items or []:
                check_evidence(f"{where}: {cid}.falsify.{scope}", it)
    return ids


# ------------------------------------------------------------------ pages and actions
def parse_page(where, obs):
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            fail(f"{where}: observation lacks {k!r}")
            return {}
    if not isinstance(obs["text"], str) or not isinstance(obs["url"], str) or not isinstance(obs["title"], str):
        fail(f"{where}: url/title/text must be strings")
        return {}
    if obs["error"] is not None and not isinstance(obs["error"], str):
        fail(f"{where}: error must be a string or null")
    lines = obs["text"].split("\n")
    if not lines[0].startswith("RootWebArea "):
        fail(f"{where}: first line is not the RootWebArea")
    bids = {}
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not m:
            fail(f"{where}: malformed AXTree line {ln!r}")
            continue
        bid = m.group(2)
        if bid is not None:
            if bid in bids:
                fail(f"{where}: duplicate bid {bid}")
            bids[bid] = f"{m.group(3)} {m.group(4)}"
    return bids


def check_corpus(plan_ids_by_path):
    with open(CORPUS, encoding="utf-8") as f:
        raw = f.read()
    if not raw.endswith("\n"):
        fail("corpus.jsonl: missing final newline")
    rows = [json.loads(line) for line in raw.splitlines() if line.strip()]
    if len(rows) != 20:
        fail(f"corpus.jsonl: {len(rows)} runs, expected 20")
    seen = set()
    healthy = faulty = 0
    faults = set()
    step0 = 0
    for r in rows:
        rid = r.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail(f"{rid}: missing field {k!r}")
        if rid in seen:
            fail(f"{rid}: duplicate id")
        seen.add(rid)
        plan_ref = r.get("plan")
        if isinstance(plan_ref, str):
            ppath = os.path.normpath(os.path.join(HERE, plan_ref))
            if ppath not in plan_ids_by_path:
                plan = load_plan(ppath) if os.path.exists(ppath) else None
                if plan is None:
                    fail(f"{rid}: plan {plan_ref} not found")
                    plan_ids_by_path[ppath] = (set(), None)
                else:
                    plan_ids_by_path[ppath] = (check_plan(plan, plan_ref), plan)
            ids, plan = plan_ids_by_path[ppath]
        else:
            ids, plan = check_plan(plan_ref, f"{rid}: inline plan"), plan_ref
        if plan and " ".join(plan["task"].split()) != " ".join(r["task"].split()):
            fail(f"{rid}: task differs from the plan's task")
        label = r["label"]
        fault, off = label.get("fault"), label.get("first_off_track_step")
        steps = r["steps"]
        if fault is None:
            healthy += 1
            if off is not None:
                fail(f"{rid}: healthy run with first_off_track_step {off}")
            if r["outcome"].get("success") is not True:
                fail(f"{rid}: healthy run not successful")
        else:
            faulty += 1
            faults.add(fault)
            if fault not in FAULTS:
                fail(f"{rid}: unknown fault {fault!r}")
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                fail(f"{rid}: first_off_track_step {off!r} out of range")
            if off == 0:
                step0 += 1
            if r["outcome"].get("success") is not False:
                fail(f"{rid}: faulty run marked successful")
            if not rid.startswith(f"tutorly-{fault}-"):
                fail(f"{rid}: id does not name its fault")
        if not isinstance(r["outcome"].get("success"), bool):
            fail(f"{rid}: outcome.success must be a bool")
        prev = parse_page(f"{rid} initial", r["initial_observation"])
        if not steps:
            fail(f"{rid}: no steps")
        for i, s in enumerate(steps):
            w = f"{rid} step {i}"
            a = s.get("action") or {}
            for k in ("command", "reasoning", "effect"):
                if k not in a:
                    fail(f"{w}: action lacks {k!r}")
            if a.get("effect") not in EFFECTS:
                fail(f"{w}: effect {a.get('effect')!r}")
            c = s.get("commitment")
            if c is not None and c not in ids:
                fail(f"{w}: commitment {c!r} not in plan")
            cmd = a.get("command", "")
            m = CMD_RE.match(cmd)
            if m:
                bid = m.group(2)
                if bid not in prev:
                    fail(f"{w}: bid {bid} of {cmd!r} is not on the page acted on")
                elif a.get("target") and a["target"] != prev[bid]:
                    fail(f"{w}: target {a['target']!r} does not match node {prev[bid]!r}")
            elif not MSG_RE.match(cmd) and cmd not in ("noop()",) and not cmd.startswith(("goto(", "go_back(", "scroll(")):
                fail(f"{w}: unrecognised command {cmd!r}")
            if a.get("effect") == "irreversible" and not m:
                fail(f"{w}: irreversible effect without a page action")
            prev = parse_page(w, s.get("observation") or {})
        if steps and not MSG_RE.match(steps[-1]["action"]["command"]):
            fail(f"{rid}: last step is not a message to the user")
    if (healthy, faulty) != (8, 12):
        fail(f"healthy/faulty = {healthy}/{faulty}, expected 8/12")
    missing = FAULTS - faults
    if missing:
        fail(f"fault kinds not covered: {sorted(missing)}")
    if step0 < 1:
        fail("no run labelled at step 0")
    return rows


def check_determinism():
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        for d in (a, b):
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), d], check=True,
                           stdout=subprocess.DEVNULL)
        for rel in ("corpus.jsonl", os.path.join("plans", "reassign_series.yaml")):
            with open(os.path.join(a, rel), "rb") as f1, open(os.path.join(b, rel), "rb") as f2, \
                    open(os.path.join(HERE, rel), "rb") as f3:
                x, y, z = f1.read(), f2.read(), f3.read()
            if x != y:
                fail(f"make_corpus.py is not deterministic for {rel}")
            if x != z:
                fail(f"{rel} on disk differs from a fresh make_corpus.py run")


def main():
    check_determinism()
    rows = check_corpus({})
    if errors:
        for e in errors:
            print("FAIL:", e)
        print(f"{len(errors)} problem(s)")
        sys.exit(1)
    n_steps = sum(len(r["steps"]) for r in rows)
    print(f"OK: {len(rows)} runs ({n_steps} steps), plan valid, bids resolved, make_corpus.py deterministic")


if __name__ == "__main__":
    main()
