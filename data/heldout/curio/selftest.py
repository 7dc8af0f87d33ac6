#!/usr/bin/env python3
"""Stdlib checks that the Curio corpus and plans follow FORMATS.md.

Run from this folder:  python3 selftest.py
Exits non-zero and lists every problem found.
"""
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
ON = {"state", "action", "both"}

problems = []


def bad(where, msg):
    problems.append(f"{where}: {msg}")


# ------------------------------------------------------------------------------------------
# A small YAML-subset parser (block mappings/lists, quoted and plain scalars, comments)
# ------------------------------------------------------------------------------------------
class YamlError(ValueError):
    pass


def _strip_comment(s):
    q = None
    for k, ch in enumerate(s):
        if q:
            if ch == q:
                q = None
        elif ch in "\"'" and (k == 0 or s[k - 1] in " :-[{,"):
            q = ch
        elif ch == "#" and (k == 0 or s[k - 1] in " \t"):
            return s[:k].rstrip()
    return s.rstrip()


_KEY = re.compile(r"^([A-Za-z_][\w\-]*)\s*:(?:\s+(.*))?$")
_INT = re.compile(r"^[-+]?\d+$")
_FLOAT = re.compile(r"^[-+]?(\d+\.\d*|\.\d+)([eE][-+]?\d+)?$")


def _split_flow(s):
    items, cur, q = [], "", None
    for ch in s:
        if q:
            cur += ch
            if ch == q:
                q = None
        elif ch in "\"'":
            q = ch
            cur += ch
        elif ch == ",":
            items.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        items.append(cur.strip())
    return items


def _scalar(s, ln):
    if s.startswith('"'):
        if not s.endswith('"') or len(s) < 2:
            raise YamlError(f"line {ln}: unterminated double-quoted string")
        return json.loads(s)
    if s.startswith("'"):
        if not s.endswith("'") or len(s) < 2:
            raise YamlError(f"line {ln}: unterminated single-quoted string")
        return s[1:-1].replace("''", "'")
    if s.startswith("["):
        if not s.endswith("]"):
            raise YamlError(f"line {ln}: unterminated flow sequence")
        inner = s[1:-1].strip()
        return [_scalar(x, ln) for x in _split_flow(inner)] if inner else []
    if s == "{}":
        return {}
    if s.startswith("{"):
        raise YamlError(f"line {ln}: flow mappings are not supported by this checker")
    if s in ("null", "~", "Null", "NULL"):
        return None
    if s in ("true", "True"):
        return True
    if s in ("false", "False"):
        return False
    if _INT.match(s):
        return int(s)
    if _FLOAT.match(s):
        return float(s)
    if s[0] in "&*!|>%@`?{}[],#" or (s[0] == "-" and s[1:2] == " "):
        raise YamlError(f"line {ln}: plain scalar starts with an indicator: {s!r}")
    if ": " in s or s.endswith(":") or " #" in s:
        raise YamlError(f"line {ln}: plain scalar needs quotes: {s!r}")
    return s


def parse_yaml(text):
    lines = []
    for ln, raw in enumerate(text.splitlines(), 1):
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise YamlError(f"line {ln}: tab in indentation")
        s = _strip_comment(raw)
        if not s.strip():
            continue
        lines.append([len(s) - len(s.lstrip(" ")), s.strip(), ln])
    if not lines:
        raise YamlError("empty document")

    def is_item(t):
        return t == "-" or t.startswith("- ")

    def block(i, indent):
        return seq(i, indent) if is_item(lines[i][1]) else mapping(i, indent)

    def seq(i, indent):
        out = []
        while i < len(lines) and lines[i][0] == indent and is_item(lines[i][1]):
            content = lines[i][1][1:].strip()
            if not content:
                if i + 1 >= len(lines) or lines[i + 1][0] <= indent:
                    out.append(None)
                    i += 1
                    continue
                val, i = block(i + 1, lines[i + 1][0])
            elif _KEY.match(content):
                sub = indent + (len(lines[i][1]) - len(content))
                lines[i] = [sub, content, lines[i][2]]
                val, i = mapping(i, sub)
            else:
                val = _scalar(content, lines[i][2])
                i += 1
            out.append(val)
        return out, i

    def mapping(i, indent):
        out = {}
        while i < len(lines) and lines[i][0] == indent and not is_item(lines[i][1]):
            m = _KEY.match(lines[i][1])
            if not m:
                raise YamlError(f"line {lines[i][2]}: expected 'key: value', got {lines[i][1]!r}")
            key, rest = m.group(1), (m.group(2) or "").strip()
            if key in out:
                raise YamlError(f"line {lines[i][2]}: duplicate key {key!r}")
            if rest:
                out[key] = _scalar(rest, lines[i][2])
                i += 1
            elif i + 1 < len(lines) and (lines[i + 1][0] > indent or
                                         (lines[i + 1][0] == indent and is_item(lines[i + 1][1]))):
                out[key], i = block(i + 1, lines[i + 1][0])
            else:
                out[key] = None
                i += 1
        if i < len(lines) and lines[i][0] > indent:
            raise YamlError(f"line {lines[i][2]}: unexpected indentation")
        return out, i

    val, i = block(0, lines[0][0])
    if i != len(lines):
        raise YamlError(f"line {lines[i][2]}: could not parse from here")
    return val


# ------------------------------------------------------------------------------------------
# Plan checks
# ------------------------------------------------------------------------------------------
def check_evidence_list(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        bad(where, "evidence must be a list")
        return
    for k, it in enumerate(items):
        if isinstance(it, str):
            if not it.strip():
                bad(f"{where}[{k}]", "empty evidence string")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                bad(f"{where}[{k}]", "evidence mapping needs a non-empty 'text'")
            if it.get("on", "state") not in ON:
                bad(f"{where}[{k}]", f"'on' must be one of {sorted(ON)}")
            extra = set(it) - {"text", "on"}
            if extra:
                bad(f"{where}[{k}]", f"unknown evidence keys {sorted(extra)}")
        else:
            bad(f"{where}[{k}]", "evidence item must be a string or a {text, on} mapping")


def check_plan(where, plan):
    if not isinstance(plan, dict):
        bad(where, "plan must be a mapping")
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        bad(where, "plan needs a non-empty 'task'")
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict):
        bad(where, "plan_falsifiers must be a mapping of scope -> evidence list")
    else:
        for sc, items in pf.items():
            if sc not in SCOPES:
                bad(where, f"unknown plan_falsifiers scope {sc!r}")
            check_evidence_list(f"{where}.plan_falsifiers.{sc}", items)
    cms = plan.get("commitments")
    ids = set()
    if not isinstance(cms, list) or not cms:
        bad(where, "plan needs a non-empty 'commitments' list")
        return ids
    for k, c in enumerate(cms):
        w = f"{where}.commitments[{k}]"
        if not isinstance(c, dict):
            bad(w, "commitment must be a mapping")
            continue
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            bad(w, "commitment needs a string id")
        elif cid in ids:
            bad(w, f"duplicate commitment id {cid!r}")
        else:
            ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            bad(w, "commitment needs a subgoal")
        if "skill" in c and not isinstance(c["skill"], str):
            bad(w, "skill must be a string")
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or isinstance(conf, bool) or not 0 <= conf <= 1:
            bad(w, "confidence must be a number in [0, 1]")
        for sect, allowed in (("confirm", STAGES), ("falsify", SCOPES)):
            d = c.get(sect) or {}
            if not isinstance(d, dict):
                bad(w, f"{sect} must be a mapping")
                continue
            for key, items in d.items():
                if key not in allowed:
                    bad(w, f"unknown {sect} key {key!r}")
                check_evidence_list(f"{w}.{sect}.{key}", items)
    return ids


# ------------------------------------------------------------------------------------------
# Trajectory checks
# ------------------------------------------------------------------------------------------
LINE = re.compile(r"^(\t*)(?:\[([A-Za-z0-9]+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
CMD = re.compile(r"^(click|fill|select_option|press|hover|focus|clear|dblclick|check|uncheck)\('([A-Za-z0-9]+)'(.*)\)$")
OTHER_CMD = re.compile(r"^(send_msg_to_user|goto|go_back|go_forward|noop|scroll|report_infeasible)\(.*\)$", re.S)


def check_observation(where, obs):
    if not isinstance(obs, dict):
        bad(where, "observation must be an object")
        return {}
    for k in ("url", "title", "text"):
        if not isinstance(obs.get(k), str):
            bad(where, f"observation.{k} must be a string")
    if "error" not in obs:
        bad(where, "observation.error is missing (use null)")
    elif obs["error"] is not None and not isinstance(obs["error"], str):
        bad(where, "observation.error must be a string or null")
    text = obs.get("text") or ""
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        bad(where, "observation.text should start with a RootWebArea line")
    bids = {}
    for n, line in enumerate(lines[1:], 2):
        m = LINE.match(line)
        if not m:
            bad(where, f"text line {n} is not an AXTree node line: {line[:60]!r}")
            continue
        if m.group(2):
            if m.group(2) in bids:
                bad(where, f"bid {m.group(2)} appears twice")
            bids[m.group(2)] = line.lstrip("\t")
    if obs.get("title") and f"RootWebArea {obs['title']!r}" not in lines[0]:
        bad(where, "RootWebArea name differs from observation.title")
    return bids


def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl is missing: run make_corpus.py first")
        return 1
    plans = {}
    records = []
    with open(CORPUS, encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as e:
                bad(f"corpus.jsonl:{ln}", f"invalid JSON: {e}")
    seen = set()
    for rec in records:
        rid = rec.get("id")
        w = f"run {rid}"
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in rec:
                bad(w, f"missing field {k!r}")
        if not isinstance(rid, str) or not rid:
            bad(w, "id must be a non-empty string")
        elif rid in seen:
            bad(w, "duplicate id")
        seen.add(rid)
        # plan
        plan_ids = set()
        p = rec.get("plan")
        plan = None
        if isinstance(p, str):
            path = os.path.join(os.path.dirname(CORPUS), p)
            if not os.path.exists(path):
                bad(w, f"plan file {p} does not exist")
            else:
                if path not in plans:
                    try:
                        with open(path, encoding="utf-8") as pf:
                            text = pf.read()
                        plans[path] = json.loads(text) if path.endswith(".json") else parse_yaml(text)
                    except (YamlError, ValueError) as e:
                        bad(p, f"does not parse: {e}")
                        plans[path] = None
                plan = plans[path]
        elif isinstance(p, dict):
            plan = p
        else:
            bad(w, "plan must be a path or an inline plan object")
        if plan is not None:
            plan_ids = check_plan(f"plan of {rid}", plan)
            if isinstance(plan, dict) and plan.get("task") != rec.get("task"):
                bad(w, "task differs from the plan's task")
        # label / outcome
        lab = rec.get("label") or {}
        steps = rec.get("steps") or []
        if not isinstance(steps, list) or not steps:
            bad(w, "steps must be a non-empty list")
            steps = []
        fault, fst = lab.get("fault", "MISSING"), lab.get("first_off_track_step", "MISSING")
        if fault == "MISSING" or fst == "MISSING":
            bad(w, "label needs 'fault' and 'first_off_track_step'")
        elif fault is None:
            if fst is not None:
                bad(w, "healthy run must have first_off_track_step null")
        else:
            if not isinstance(fault, str) or not fault:
                bad(w, "fault must be a non-empty string or null")
            if not isinstance(fst, int) or isinstance(fst, bool) or not 0 <= fst < len(steps):
                bad(w, f"first_off_track_step {fst!r} is not a valid step index (0..{len(steps) - 1})")
        out = rec.get("outcome") or {}
        if not isinstance(out.get("success"), bool):
            bad(w, "outcome.success must be a boolean")
        elif fault is None and out["success"] is not True:
            bad(w, "healthy run should succeed")
        elif fault not in (None, "MISSING") and out["success"] is not False:
            bad(w, "faulty run should not succeed")
        # observations and actions
        prev = check_observation(f"{w} initial_observation", rec.get("initial_observation"))
        for i, st in enumerate(steps):
            ws = f"{w} step {i}"
            if not isinstance(st, dict):
                bad(ws, "step must be an object")
                continue
            act = st.get("action")
            if not isinstance(act, dict):
                bad(ws, "action must be an object")
                act = {}
            cmd = act.get("command")
            if not isinstance(cmd, str):
                bad(ws, "action.command must be a string")
                cmd = ""
            if not isinstance(act.get("reasoning"), str):
                bad(ws, "action.reasoning must be a string")
            if act.get("effect") not in EFFECTS:
                bad(ws, f"action.effect must be one of {sorted(EFFECTS)}")
            tgt = act.get("target")
            if tgt is not None and not isinstance(tgt, str):
                bad(ws, "action.target must be a string or null")
            m = CMD.match(cmd)
            if m:
                bid = m.group(2)
                if bid not in prev:
                    bad(ws, f"{cmd} refers to bid {bid} that is not on the previous page")
                elif tgt and not prev[bid].startswith(f"[{bid}] {tgt}"):
                    bad(ws, f"target {tgt!r} does not match the node {prev[bid][:60]!r}")
            elif not OTHER_CMD.match(cmd):
                bad(ws, f"unrecognised command {cmd[:40]!r}")
            cm = st.get("commitment")
            if cm is not None and plan_ids and cm not in plan_ids:
                bad(ws, f"commitment {cm!r} is not in the plan")
            prev = check_observation(ws, st.get("observation"))
        if fault not in (None, "MISSING") and steps and steps[-1].get("action", {}).get("effect") is None:
            bad(w, "last step has no effect")
    # corpus-level expectations for this held-out set
    n = len(records)
    healthy = [r for r in records if (r.get("label") or {}).get("fault") is None]
    faulty = [r for r in records if (r.get("label") or {}).get("fault")]
    kinds = {r["label"]["fault"] for r in faulty}
    wfs = {}
    for r in records:
        wfs.setdefault(r.get("workflow"), []).append(r)
    if n != 20:
        bad("corpus", f"expected 20 runs, found {n}")
    if len(healthy) != 8 or len(faulty) != 12:
        bad("corpus", f"expected 8 healthy / 12 faulty, found {len(healthy)} / {len(faulty)}")
    if len(kinds) < 10:
        bad("corpus", f"expected a variety of fault kinds, found {sorted(kinds)}")
    if len(wfs) != 2:
        bad("corpus", f"expected 2 workflows, found {sorted(map(str, wfs))}")
    for wf, rs in wfs.items():
        if {r.get("plan") for r in rs} != {f"plans/{wf}.yaml"}:
            bad("corpus", f"workflow {wf} should use plans/{wf}.yaml")
        if not any(r["label"]["fault"] is None for r in rs):
            bad("corpus", f"workflow {wf} has no healthy run")
    # the README's table agrees with the labels
    readme = os.path.join(HERE, "README.md")
    if not os.path.exists(readme):
        bad("README.md", "missing")
    else:
        rows = {}
        for line in open(readme, encoding="utf-8"):
            m = re.match(r"^\|\s*`?(curio-[a-z]+-\d+)`?\s*\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|", line)
            if m:
                rows[m.group(1)] = (m.group(2).strip("` "), m.group(3).strip("` "))
        for r in records:
            got = rows.get(r["id"])
            want = ("healthy" if r["label"]["fault"] is None else r["label"]["fault"],
                    "—" if r["label"]["first_off_track_step"] is None else str(r["label"]["first_off_track_step"]))
            if got is None:
                bad("README.md", f"no table row for {r['id']}")
            elif got != want:
                bad("README.md", f"row for {r['id']} says {got}, corpus says {want}")
    # regeneration is deterministic and matches the files on disk
    with tempfile.TemporaryDirectory() as tmp:
        res = subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), tmp],
                             capture_output=True, text=True)
        if res.returncode != 0:
            bad("make_corpus.py", f"regeneration failed: {res.stderr[-300:]}")
        else:
            for rel in ["corpus.jsonl"] + sorted(os.listdir(os.path.join(tmp, "plans"))):
                rel = rel if rel == "corpus.jsonl" else os.path.join("plans", rel)
                a, b = os.path.join(tmp, rel), os.path.join(HERE, rel)
                if not os.path.exists(b) or open(a, "rb").read() != open(b, "rb").read():
                    bad(rel, "differs from a fresh regeneration (not deterministic or stale)")
    if problems:
        print(f"selftest: {len(problems)} problem(s)")
        for p in problems:
            print("  -", p)
        return 1
    print(f"selftest: OK — {n} runs ({len(healthy)} healthy, {len(faulty)} faulty, {len(kinds)} fault kinds), "
          f"{len(plans)} plans, workflows {sorted(wfs)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
