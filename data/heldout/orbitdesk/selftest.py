#!/usr/bin/env python3
"""Stdlib checks that the OrbitDesk corpus and plans follow FORMATS.md.

Run after make_corpus.py:  python3 selftest.py   (exit status 0 when everything holds)
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")

KNOWN_FAULTS = {"wrong_record", "wrong_value", "required_field_skipped", "silent_noop", "stale_page",
                "error_banner", "permission_denied", "premature_done", "dialog_cancelled", "wrong_filter",
                "double_submit", "unsaved_navigation"}
EFFECTS = {"read", "write", "irreversible"}
CONFIRM_STAGES = {"precondition", "progress", "completion"}
FALSIFY_SCOPES = {"execution", "skill", "planning"}

errors = []


def fail(msg):
    errors.append(msg)


# ------------------------------------------------------------------ tiny YAML-subset parser
def _strip_comment(line):
    out, q = [], None
    for i, ch in enumerate(line):
        if q:
            out.append(ch)
            if ch == "\\" and q == '"':
                continue
            if ch == q and not (q == '"' and i > 0 and line[i - 1] == "\\"):
                q = None
        elif ch in "\"'":
            q = ch
            out.append(ch)
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        else:
            out.append(ch)
    return "".join(out).rstrip()


def _scalar(tok):
    tok = tok.strip()
    if tok == "":
        return None
    if tok.startswith('"'):
        return json.loads(tok)
    if tok.startswith("'"):
        return tok[1:-1].replace("''", "'")
    if tok.startswith("["):
        return _flow_seq(tok)
    if tok in ("null", "~"):
        return None
    if tok in ("true", "false"):
        return tok == "true"
    if re.fullmatch(r"-?\d+", tok):
        return int(tok)
    if re.fullmatch(r"-?\d+\.\d*", tok):
        return float(tok)
    return tok


def _flow_seq(tok):
    assert tok.startswith("[") and tok.endswith("]"), f"bad flow sequence {tok!r}"
    body, items, cur, q = tok[1:-1], [], "", None
    for ch in body:
        if q:
            cur += ch
            if ch == q and not cur.endswith("\\" + q):
                q = None
        elif ch in "\"'":
            q = ch
            cur += ch
        elif ch == ",":
            items.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        items.append(cur)
    return [_scalar(i) for i in items if i.strip()]


def _split_key(content):
    m = re.match(r"^(?:([A-Za-z_][\w\-]*)|\"([A-Za-z_][\w\-]*)\"|'([A-Za-z_][\w\-]*)'):(?:\s+(.*))?$", content)
    if not m:
        return None
    return (m.group(1) or m.group(2) or m.group(3)), (m.group(4) or "")


def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        s = _strip_comment(raw)
        if s.strip():
            lines.append((len(s) - len(s.lstrip(" ")), s.strip()))
    pos = [0]

    def block(indent):
        if pos[0] >= len(lines):
            return None
        ind, content = lines[pos[0]]
        if content.startswith("- "):
            return seq(ind)
        return mapping(ind)

    def mapping(indent, first=None):
        out = {}
        if first is not None:
            k, v = first
            out[k] = value_after(v, indent)
        while pos[0] < len(lines):
            ind, content = lines[pos[0]]
            if ind < indent:
                break
            if ind > indent:
                raise ValueError(f"unexpected indent at {content!r}")
            kv = _split_key(content)
            if kv is None:
                raise ValueError(f"expected key at {content!r}")
            pos[0] += 1
            if kv[0] in out:
                raise ValueError(f"duplicate key {kv[0]}")
            out[kv[0]] = value_after(kv[1], indent)
        return out

    def value_after(v, indent):
        if v.strip() != "":
            return _scalar(v)
        if pos[0] < len(lines) and (lines[pos[0]][0] > indent or
                                    (lines[pos[0]][0] == indent and lines[pos[0]][1].startswith("- "))):
            return block(lines[pos[0]][0])
        return None

    def seq(indent):
        out = []
        while pos[0] < len(lines):
            ind, content = lines[pos[0]]
            if ind != indent or not content.startswith("- "):
                break
            item = content[2:].strip()
            pos[0] += 1
            kv = _split_key(item)
            if kv is not None and (not item.startswith(('"', "'", "[")) or re.match(r"^[\"'][\w\-]+[\"']:", item)):
                out.append(mapping(indent + 2, first=kv))
            else:
                out.append(_scalar(item))
        return out

    result = mapping(0)
    if pos[0] != len(lines):
        raise ValueError(f"trailing content at {lines[pos[0]][1]!r}")
    return result


# ------------------------------------------------------------------ plan checks
def check_evidence_list(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        fail(f"{where}: evidence must be a list")
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                fail(f"{where}: empty evidence string")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                fail(f"{where}: evidence mapping without text")
            if it.get("on", "state") not in ("state", "action", "both"):
                fail(f"{where}: bad 'on' value {it.get('on')!r}")
            extra = set(it) - {"text", "on"}
            if extra:
                fail(f"{where}: unknown evidence keys {sorted(extra)}")
        else:
            fail(f"{where}: evidence item must be string or mapping")


def check_plan(path):
    try:
        with open(path, encoding="utf-8") as fh:
            plan = parse_yaml(fh.read())
    except Exception as e:  # noqa: BLE001
        fail(f"{path}: cannot parse: {e}")
        return None
    name = os.path.basename(path)
    if not isinstance(plan.get("task"), str) or not plan["task"]:
        fail(f"{name}: missing task")
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict):
        fail(f"{name}: plan_falsifiers must be a mapping")
    else:
        for scope, items in pf.items():
            if scope not in FALSIFY_SCOPES:
                fail(f"{name}: unknown plan_falsifiers scope {scope}")
            check_evidence_list(f"{name}:plan_falsifiers.{scope}", items)
    coms = plan.get("commitments")
    if not isinstance(coms, list) or not coms:
        fail(f"{name}: commitments must be a non-empty list")
        return plan
    ids = set()
    for c in coms:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            fail(f"{name}: commitment without id")
            continue
        if cid in ids:
            fail(f"{name}: duplicate commitment id {cid}")
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"]:
            fail(f"{name}:{cid}: missing subgoal")
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail(f"{name}:{cid}: confidence out of [0,1]")
        for key, allowed in (("confirm", CONFIRM_STAGES), ("falsify", FALSIFY_SCOPES)):
            sec = c.get(key) or {}
            if not isinstance(sec, dict):
                fail(f"{name}:{cid}: {key} must be a mapping")
                continue
            for stage, items in sec.items():
                if stage not in allowed:
                    fail(f"{name}:{cid}: unknown {key} key {stage}")
                check_evidence_list(f"{name}:{cid}.{key}.{stage}", items)
        unknown = set(c) - {"id", "subgoal", "skill", "confidence", "confirm", "falsify"}
        if unknown:
            fail(f"{name}:{cid}: unknown keys {sorted(unknown)}")
    plan["_ids"] = ids
    return plan


# ------------------------------------------------------------------ corpus checks
BID_RE = re.compile(r"^(?:click|fill|select_option|press|hover|focus|clear|dblclick)\('([^']+)'")


def check_observation(where, obs):
    if not isinstance(obs, dict):
        fail(f"{where}: observation must be an object")
        return
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            fail(f"{where}: observation missing {k}")
    if not isinstance(obs.get("text"), str) or not obs["text"].startswith("RootWebArea"):
        fail(f"{where}: observation text is not an AXTree")
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        fail(f"{where}: error must be string or null")
    for line in obs.get("text", "").splitlines()[1:]:
        s = line.strip()
        if not (re.match(r"^\[a\d+\] \S+ ('.*'|\".*\")", s) or re.match(r"^StaticText ('.*'|\".*\")$", s)):
            fail(f"{where}: malformed AXTree line {s!r}")
            break
    bids = re.findall(r"^\s*\[(a\d+)\]", obs.get("text", ""), flags=re.M)
    if len(bids) != len(set(bids)):
        fail(f"{where}: duplicate bids in one observation")


def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl missing; run make_corpus.py first")
        return 1
    plans = {}
    runs = []
    with open(CORPUS, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError as e:
                fail(f"line {n}: invalid JSON: {e}")
    seen = set()
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail(f"{rid}: missing field {k}")
        if rid in seen:
            fail(f"duplicate id {rid}")
        seen.add(rid)
        # plan
        plan_ref = r.get("plan")
        plan = None
        if isinstance(plan_ref, str):
            p = os.path.normpath(os.path.join(HERE, plan_ref))
            if not os.path.exists(p):
                fail(f"{rid}: plan file {plan_ref} does not exist")
            else:
                if p not in plans:
                    plans[p] = check_plan(p)
                plan = plans[p]
            if not plan_ref.startswith("plans/") or os.path.basename(plan_ref) != f"{r.get('workflow')}.yaml":
                fail(f"{rid}: plan should be plans/<workflow>.yaml")
        else:
            fail(f"{rid}: plan must be a path here")
        if plan and plan.get("task") != r.get("task"):
            fail(f"{rid}: task differs from its plan's task")
        # label
        lab = r.get("label") or {}
        fault, step = lab.get("fault", "MISSING"), lab.get("first_off_track_step", "MISSING")
        steps = r.get("steps") or []
        if fault == "MISSING" or step == "MISSING":
            fail(f"{rid}: label needs fault and first_off_track_step")
        elif fault is None:
            if step is not None:
                fail(f"{rid}: healthy run with a fault step")
            if not r.get("outcome", {}).get("success"):
                fail(f"{rid}: healthy run should succeed")
        else:
            if fault not in KNOWN_FAULTS:
                fail(f"{rid}: unknown fault {fault}")
            if not isinstance(step, int) or not 0 <= step < len(steps):
                fail(f"{rid}: first_off_track_step {step} outside 0..{len(steps) - 1}")
            if r.get("outcome", {}).get("success") is not False:
                fail(f"{rid}: faulty run should not succeed")
            if fault not in rid:
                fail(f"{rid}: id should name its fault")
        if not isinstance(r.get("outcome", {}).get("success"), bool):
            fail(f"{rid}: outcome.success must be bool")
        # observations and steps
        check_observation(f"{rid}:initial", r.get("initial_observation"))
        prev = r.get("initial_observation") or {}
        if not steps:
            fail(f"{rid}: no steps")
        for i, s in enumerate(steps):
            where = f"{rid}:step{i}"
            a = s.get("action")
            if not isinstance(a, dict):
                fail(f"{where}: missing action")
                continue
            for k in ("command", "reasoning", "target", "effect"):
                if not isinstance(a.get(k), str) or not a[k]:
                    fail(f"{where}: action.{k} missing")
            if a.get("effect") not in EFFECTS:
                fail(f"{where}: bad effect {a.get('effect')!r}")
            if "observation" not in s:
                fail(f"{where}: missing observation")
            check_observation(where, s.get("observation"))
            com = s.get("commitment")
            if com is not None and plan and com not in plan.get("_ids", set()):
                fail(f"{where}: commitment {com!r} not in plan")
            m = BID_RE.match(a.get("command", ""))
            if m and not re.search(r"^\s*\[" + re.escape(m.group(1)) + r"\]", prev.get("text", ""), flags=re.M):
                fail(f"{where}: action bid {m.group(1)} not on the page it acted on")
            if m:
                tgt = a.get("target", "")
                line = re.search(r"^\s*\[" + re.escape(m.group(1)) + r"\] (.*)$", prev.get("text", ""), flags=re.M)
                if line and not line.group(1).startswith(tgt):
                    fail(f"{where}: target {tgt!r} does not match node {line.group(1)!r}")
            prev = s.get("observation") or {}
        if steps and not steps[-1]["action"]["command"].startswith("send_msg_to_user("):
            fail(f"{rid}: last step should report to the user")
    # corpus-level expectations of the brief
    n_h = sum(1 for r in runs if (r.get("label") or {}).get("fault") is None)
    wfs = {r.get("workflow") for r in runs}
    if len(runs) != 20:
        fail(f"expected 20 runs, found {len(runs)}")
    if n_h != 8:
        fail(f"expected 8 healthy runs, found {n_h}")
    if len(wfs) != 2:
        fail(f"expected 2 workflows, found {sorted(wfs)}")
    kinds = [(r.get("label") or {}).get("fault") for r in runs if (r.get("label") or {}).get("fault")]
    if len(set(kinds)) != len(kinds):
        fail("each fault kind is meant to appear once")
    for wf in wfs:
        if not os.path.exists(os.path.join(HERE, "plans", f"{wf}.yaml")):
            fail(f"missing plan for workflow {wf}")
    # the plan text must be YAML we can round-trip through our parser consistently
    for p, plan in plans.items():
        if plan is None:
            continue
        with open(p, encoding="utf-8") as fh:
            again = parse_yaml(fh.read())
        again["_ids"] = plan["_ids"]
        if again != plan:
            fail(f"{p}: parser is not deterministic")

    if errors:
        for e in errors:
            print("FAIL", e)
        print(f"{len(errors)} problem(s)")
        return 1
    print(f"ok: {len(runs)} runs ({n_h} healthy, {len(runs) - n_h} faulty) over {len(wfs)} workflows; "
          f"{len(plans)} plans parsed; all action bids resolve on the page they acted on")
    return 0


if __name__ == "__main__":
    sys.exit(main())
