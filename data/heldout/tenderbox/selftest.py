#!/usr/bin/env python3
"""Validate corpus.jsonl and plans/*.yaml against the fcpkit file-format contract.

Standard library only.  Exits 1 and lists every problem found; exits 0 when all checks pass.
Usage: python3 selftest.py [corpus.jsonl]
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROBLEMS = []


def bad(where, msg):
    PROBLEMS.append(f"{where}: {msg}")


# ------------------------------------------------------------------------------------------
# Minimal YAML reader for the block subset the plans use (mappings, sequences, scalars,
# double-quoted strings, [] and {}), plus the emitter used for the round-trip check.
# ------------------------------------------------------------------------------------------

class YamlError(ValueError):
    pass


KEY_RE = re.compile(r'^([A-Za-z_][A-Za-z0-9_\-]*|"(?:[^"\\]|\\.)*"):(?:\s+(.*))?$')


def _lines(text):
    out = []
    for no, raw in enumerate(text.split("\n"), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise YamlError(f"line {no}: tab in indentation")
        ind = len(raw) - len(raw.lstrip(" "))
        out.append([ind, raw.strip(), no])
    return out


def _scalar(s, no):
    if s.startswith('"'):
        try:
            return json.loads(s)
        except ValueError as e:
            raise YamlError(f"line {no}: bad double-quoted string ({e})")
    if s.startswith("'"):
        if not s.endswith("'") or len(s) < 2:
            raise YamlError(f"line {no}: unterminated single-quoted string")
        return s[1:-1].replace("''", "'")
    if s in ("[]", "{}"):
        return [] if s == "[]" else {}
    if s.startswith("[") or s.startswith("{"):
        try:
            return json.loads(s)
        except ValueError:
            raise YamlError(f"line {no}: flow collection not supported by this reader: {s}")
    if s in ("true", "True"):
        return True
    if s in ("false", "False"):
        return False
    if s in ("null", "~", "Null"):
        return None
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*([eE][-+]?\d+)?", s):
        return float(s)
    if " #" in s:
        s = s.split(" #", 1)[0].rstrip()
    return s


def _block(L, i, ind):
    if i >= len(L) or L[i][0] != ind:
        raise YamlError(f"line {L[i][2] if i < len(L) else 'EOF'}: expected a block at indent {ind}")
    if L[i][1] == "-" or L[i][1].startswith("- "):
        return _seq(L, i, ind)
    return _map(L, i, ind)


def _seq(L, i, ind):
    out = []
    while i < len(L) and L[i][0] == ind and (L[i][1] == "-" or L[i][1].startswith("- ")):
        rest = L[i][1][1:].strip()
        no = L[i][2]
        if not rest:
            if i + 1 < len(L) and L[i + 1][0] > ind:
                val, i = _block(L, i + 1, L[i + 1][0])
                out.append(val)
                continue
            out.append(None)
            i += 1
        elif KEY_RE.match(rest) and not rest.startswith('"'):
            L[i] = [ind + 2, rest, no]
            val, i = _map(L, i, ind + 2)
            out.append(val)
        else:
            out.append(_scalar(rest, no))
            i += 1
    if i < len(L) and L[i][0] > ind:
        raise YamlError(f"line {L[i][2]}: unexpected indentation")
    return out, i


def _map(L, i, ind):
    out = {}
    while i < len(L) and L[i][0] == ind and not (L[i][1] == "-" or L[i][1].startswith("- ")):
        m = KEY_RE.match(L[i][1])
        no = L[i][2]
        if not m:
            raise YamlError(f"line {no}: expected 'key: value', got {L[i][1]!r}")
        key = json.loads(m.group(1)) if m.group(1).startswith('"') else m.group(1)
        if key in out:
            raise YamlError(f"line {no}: duplicate key {key!r}")
        rest = m.group(2)
        if rest is None or rest == "":
            if i + 1 < len(L) and L[i + 1][0] > ind:
                out[key], i = _block(L, i + 1, L[i + 1][0])
            else:
                out[key] = None
                i += 1
        else:
            out[key] = _scalar(rest, no)
            i += 1
    if i < len(L) and L[i][0] > ind:
        raise YamlError(f"line {L[i][2]}: unexpected indentation")
    return out, i


def yaml_load(text):
    L = _lines(text)
    if not L:
        raise YamlError("empty document")
    val, i = _block(L, 0, L[0][0])
    if i != len(L):
        raise YamlError(f"line {L[i][2]}: trailing content")
    return val


YAML11_WORDS = {"on", "off", "yes", "no", "y", "n", "true", "false", "null", "~"}


def _emit_scalar(x):
    if isinstance(x, bool):
        return "true" if x else "false"
    if x is None:
        return "null"
    if isinstance(x, (int, float)):
        return repr(x)
    return json.dumps(x, ensure_ascii=False)


def yaml_dump(obj, indent=0):
    pad = "  " * indent
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            # keys that YAML 1.1 readers (e.g. PyYAML) would turn into booleans are quoted
            k = json.dumps(k) if k.lower() in YAML11_WORDS else k
            if isinstance(v, (dict, list)) and v:
                out.append(f"{pad}{k}:")
                out.extend(yaml_dump(v, indent + 1))
            elif isinstance(v, (dict, list)):
                out.append(f"{pad}{k}: {'{}' if isinstance(v, dict) else '[]'}")
            else:
                out.append(f"{pad}{k}: {_emit_scalar(v)}")
    else:
        for item in obj:
            if isinstance(item, dict):
                sub = yaml_dump(item, indent + 1)
                sub[0] = f"{pad}- " + sub[0][len(pad) + 2:]
                out.extend(sub)
            else:
                out.append(f"{pad}- {_emit_scalar(item)}")
    return out


# ------------------------------------------------------------------------------------------
# Plan checks
# ------------------------------------------------------------------------------------------

STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}


def check_evidence_list(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        bad(where, f"must be a list, got {type(items).__name__}")
        return
    for k, it in enumerate(items):
        w = f"{where}[{k}]"
        if isinstance(it, str):
            if not it.strip():
                bad(w, "empty evidence string")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                bad(w, "mapping evidence needs a non-empty 'text'")
            if it.get("on", "state") not in ("state", "action", "both"):
                bad(w, f"'on' must be state|action|both, got {it.get('on')!r}")
        else:
            bad(w, f"evidence must be a string or mapping, got {type(it).__name__}")


def check_scoped(where, m, allowed):
    if m is None:
        return
    if not isinstance(m, dict):
        bad(where, "must be a mapping")
        return
    for k, v in m.items():
        if k not in allowed:
            bad(where, f"unknown key {k!r} (allowed: {sorted(allowed)})")
        check_evidence_list(f"{where}.{k}", v)


def check_plan(where, plan):
    if not isinstance(plan, dict):
        bad(where, "plan must be a mapping")
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        bad(where, "plan.task must be a non-empty string")
    check_scoped(f"{where}.plan_falsifiers", plan.get("plan_falsifiers"), SCOPES)
    cs = plan.get("commitments")
    ids = set()
    if not isinstance(cs, list) or not cs:
        bad(where, "plan.commitments must be a non-empty list")
        return ids
    for j, c in enumerate(cs):
        w = f"{where}.commitments[{j}]"
        if not isinstance(c, dict):
            bad(w, "commitment must be a mapping")
            continue
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            bad(w, "id must be a non-empty string")
        elif cid in ids:
            bad(w, f"duplicate commitment id {cid!r}")
        else:
            ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            bad(w, "subgoal must be a non-empty string")
        if "skill" in c and c["skill"] is not None and not isinstance(c["skill"], str):
            bad(w, "skill must be a string")
        if "confidence" in c:
            k = c["confidence"]
            if isinstance(k, bool) or not isinstance(k, (int, float)) or not 0 <= k <= 1:
                bad(w, f"confidence must be a number in [0, 1], got {k!r}")
        check_scoped(f"{w}.confirm", c.get("confirm"), STAGES)
        check_scoped(f"{w}.falsify", c.get("falsify"), SCOPES)
    return ids


def load_plan_file(path):
    text = open(path, encoding="utf-8").read()
    if path.endswith(".json"):
        return json.loads(text), text
    plan = yaml_load(text)
    body = "\n".join(l for l in text.split("\n") if not l.startswith("#")).strip("\n")
    if "\n".join(yaml_dump(plan)) != body:
        bad(path, "plan does not round-trip unchanged through load/dump")
    return plan, text


# ------------------------------------------------------------------------------------------
# Corpus checks
# ------------------------------------------------------------------------------------------

EFFECTS = {"read", "write", "irreversible"}
LINE_RE = re.compile(r"""^(\t*)(?:\[([A-Za-z0-9_\-]+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(, .*)?$""")
CMD_RE = re.compile(r"""^(click|dblclick|hover|focus|clear|fill|select_option|press|check|uncheck)\('([^']+)'""")
FREE_CMDS = ("send_msg_to_user(", "noop(", "goto(", "go_back(", "go_forward(", "scroll(", "report_infeasible(")


def parse_tree(where, text):
    """Returns {bid: 'role name'}; reports malformed lines."""
    bids = {}
    lines = text.split("\n")
    if not lines or not lines[0].startswith("RootWebArea "):
        bad(where, "accessibility tree must start with a RootWebArea line")
    prev_depth = 0
    for n, line in enumerate(lines[1:], 2):
        m = LINE_RE.match(line)
        if not m:
            bad(where, f"line {n} is not in '[bid] role 'name'' form: {line[:80]!r}")
            continue
        depth = len(m.group(1))
        if depth < 1 or depth > prev_depth + 1 and n > 2:
            bad(where, f"line {n}: indentation jumps from {prev_depth} to {depth}")
        prev_depth = depth
        if m.group(2):
            if m.group(2) in bids:
                bad(where, f"line {n}: duplicate bid {m.group(2)}")
            bids[m.group(2)] = f"{m.group(3)} {m.group(4)}"
        elif m.group(3) != "StaticText":
            bad(where, f"line {n}: only StaticText may lack a bid")
    return bids


def check_observation(where, o):
    if not isinstance(o, dict):
        bad(where, "observation must be an object")
        return {}
    for k in ("url", "title", "text"):
        if not isinstance(o.get(k), str) or not o[k]:
            bad(where, f"observation.{k} must be a non-empty string")
    if "error" not in o:
        bad(where, "observation.error is required (null or string)")
    elif o["error"] is not None and not isinstance(o["error"], str):
        bad(where, "observation.error must be null or a string")
    if "tabs" in o:
        if not isinstance(o["tabs"], list) or not all(isinstance(t, dict) and "url" in t and "title" in t
                                                      for t in o["tabs"]):
            bad(where, "observation.tabs must be a list of {url, title}")
    if "screenshot" in o and not isinstance(o["screenshot"], str):
        bad(where, "observation.screenshot must be a string path")
    if not isinstance(o.get("text"), str):
        return {}
    if not o["title"] or f"RootWebArea {o['title']!r}" not in o["text"].split("\n")[0]:
        bad(where, "RootWebArea name does not match observation.title")
    if not o["url"].startswith("http"):
        bad(where, "url must be absolute")
    return parse_tree(where, o["text"])


def check_corpus(path):
    base = os.path.dirname(os.path.abspath(path))
    plans = {}
    seen = set()
    per_wf = {}
    with open(path, encoding="utf-8") as f:
        raw_lines = f.read().split("\n")
    if raw_lines and raw_lines[-1] == "":
        raw_lines.pop()
    for ln, raw in enumerate(raw_lines, 1):
        where = f"{os.path.basename(path)}:{ln}"
        try:
            r = json.loads(raw)
        except ValueError as e:
            bad(where, f"not valid JSON ({e})")
            continue
        if json.dumps(r, ensure_ascii=False) != raw:
            bad(where, "line does not round-trip unchanged through json.loads/json.dumps")
        if not isinstance(r, dict):
            bad(where, "trajectory must be an object")
            continue
        rid = r.get("id")
        where = f"{where} ({rid})"
        if not isinstance(rid, str) or not rid:
            bad(where, "id must be a non-empty string")
        elif rid in seen:
            bad(where, "duplicate id")
        seen.add(rid)
        wf = r.get("workflow")
        if not isinstance(wf, str) or not wf:
            bad(where, "workflow must be a non-empty string")
        if not isinstance(r.get("task"), str) or not r["task"].strip():
            bad(where, "task must be a non-empty string")
        # plan
        plan = r.get("plan")
        ids = set()
        if isinstance(plan, str):
            ppath = os.path.join(base, plan)
            if not os.path.exists(ppath):
                bad(where, f"plan file {plan} not found")
            else:
                if ppath not in plans:
                    try:
                        p, _ = load_plan_file(ppath)
                    except (YamlError, ValueError) as e:
                        bad(plan, f"cannot load: {e}")
                        p = None
                    plans[ppath] = (p, check_plan(plan, p) if p is not None else set())
                p, ids = plans[ppath]
                if p is not None and p.get("task") != r.get("task"):
                    bad(where, f"task differs from the task in {plan}")
        elif isinstance(plan, dict):
            ids = check_plan(f"{where}.plan", plan)
        else:
            bad(where, "plan must be a path string or an inline plan object")
        # label
        lab = r.get("label")
        steps = r.get("steps")
        nsteps = len(steps) if isinstance(steps, list) else 0
        fault = None
        if not isinstance(lab, dict) or "fault" not in lab or "first_off_track_step" not in lab:
            bad(where, "label must have fault and first_off_track_step")
        else:
            fault, off = lab["fault"], lab["first_off_track_step"]
            if fault is None:
                if off is not None:
                    bad(where, "healthy trajectory must have first_off_track_step null")
            else:
                if not isinstance(fault, str) or not fault:
                    bad(where, "label.fault must be null or a non-empty string")
                if isinstance(off, bool) or not isinstance(off, int) or not 0 <= off < max(nsteps, 1):
                    bad(where, f"first_off_track_step {off!r} is not an index into steps (0..{nsteps - 1})")
        per_wf.setdefault(wf, []).append((rid, fault, r.get("outcome", {}).get("success")))
        # outcome
        out = r.get("outcome")
        if not isinstance(out, dict) or not isinstance(out.get("success"), bool):
            bad(where, "outcome.success must be a boolean")
        elif fault is None and not out["success"]:
            bad(where, "healthy trajectory should end in success")
        elif fault is not None and out["success"]:
            bad(where, "faulty trajectory in this corpus should not end in success")
        # observations and steps
        prev_bids = check_observation(f"{where}.initial_observation", r.get("initial_observation"))
        if not isinstance(steps, list) or not steps:
            bad(where, "steps must be a non-empty list")
            continue
        for i, s in enumerate(steps):
            w = f"{where}.steps[{i}]"
            if not isinstance(s, dict):
                bad(w, "step must be an object")
                continue
            if "commitment" in s and s["commitment"] is not None:
                if not isinstance(s["commitment"], str):
                    bad(w, "commitment must be a string")
                elif ids and s["commitment"] not in ids:
                    bad(w, f"commitment {s['commitment']!r} is not in the plan")
            a = s.get("action")
            if not isinstance(a, dict) or not isinstance(a.get("command"), str) or not a["command"]:
                bad(w, "action.command must be a non-empty string")
            else:
                if a.get("effect") not in EFFECTS:
                    bad(w, f"action.effect must be one of {sorted(EFFECTS)}, got {a.get('effect')!r}")
                for k in ("reasoning", "target"):
                    if k in a and a[k] is not None and not isinstance(a[k], str):
                        bad(w, f"action.{k} must be a string")
                m = CMD_RE.match(a["command"])
                if m:
                    bid = m.group(2)
                    if bid not in prev_bids:
                        bad(w, f"action refers to bid {bid} which is not on the page before the step")
                    elif a.get("target") and a["target"] != prev_bids[bid]:
                        bad(w, f"action.target {a['target']!r} does not match [{bid}] {prev_bids[bid]!r}")
                elif not a["command"].startswith(FREE_CMDS):
                    bad(w, f"unrecognised action command {a['command'][:40]!r}")
            prev_bids = check_observation(f"{w}.observation", s.get("observation"))
    # composition of this corpus: per workflow 4 healthy and 6 faulty runs of distinct kinds
    for wf, rows in per_wf.items():
        healthy = [x for x in rows if x[1] is None]
        faults = [x[1] for x in rows if x[1] is not None]
        if len(healthy) != 4:
            bad(f"workflow {wf}", f"expected 4 healthy runs, found {len(healthy)}")
        if len(faults) != 6:
            bad(f"workflow {wf}", f"expected 6 faulty runs, found {len(faults)}")
        if len(set(faults)) != len(faults):
            bad(f"workflow {wf}", f"fault kinds repeat: {sorted(faults)}")
    return seen, per_wf, plans


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "corpus.jsonl")
    if not os.path.exists(path):
        print(f"FAIL: {path} not found")
        return 1
    seen, per_wf, plans = check_corpus(path)
    # every plan file on disk must be valid, referenced or not
    pdir = os.path.join(os.path.dirname(os.path.abspath(path)), "plans")
    for fn in sorted(os.listdir(pdir)) if os.path.isdir(pdir) else []:
        fp = os.path.join(pdir, fn)
        if fp in plans or not fn.endswith((".yaml", ".yml", ".json")):
            continue
        try:
            p, _ = load_plan_file(fp)
            check_plan(f"plans/{fn}", p)
        except (YamlError, ValueError) as e:
            bad(f"plans/{fn}", f"cannot load: {e}")
        bad(f"plans/{fn}", "plan file is not referenced by any trajectory")
    if PROBLEMS:
        print(f"FAIL: {len(PROBLEMS)} problem(s)")
        for p in PROBLEMS:
            print("  -", p)
        return 1
    print(f"OK: {len(seen)} trajectories, {len(plans)} plans; "
          + ", ".join(f"{wf}: {sum(1 for x in rows if x[1] is None)} healthy + "
                      f"{sum(1 for x in rows if x[1] is not None)} faulty" for wf, rows in per_wf.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
