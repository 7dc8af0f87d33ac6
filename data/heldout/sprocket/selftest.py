#!/usr/bin/env python3
"""Stdlib-only checks that corpus.jsonl and plans/*.yaml follow FORMATS.md.

Run after make_corpus.py:  python3 selftest.py
Also regenerates the corpus into a temporary folder and checks the output is byte-identical
(fixed seed, deterministic generator).
"""
import filecmp
import importlib
import json
import os
import re
import sys
import tempfile

sys.dont_write_bytecode = True

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")

FAULTS = {"wrong_record", "wrong_value", "required_field_skipped", "silent_noop", "stale_after_save",
          "error_banner", "permission_denied", "premature_done", "dialog_cancelled", "wrong_setting",
          "double_submit", "unsaved_navigation"}
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}

errors = []


def err(where, msg):
    errors.append("%s: %s" % (where, msg))


# ---------------------------------------------------------------- minimal YAML subset reader


def _strip_comment(line):
    out, q = [], None
    for i, ch in enumerate(line):
        if q:
            if ch == q:
                q = None
        elif ch in "'\"" and (i == 0 or line[i - 1] in " [{,:-"):
            q = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        out.append(ch)
    return "".join(out).rstrip()


def _split_key(s):
    """Split 'key: value' outside quotes/brackets; return (key, rest) or None."""
    q, depth = None, 0
    for i, ch in enumerate(s):
        if q:
            if ch == q:
                q = None
            continue
        if ch in "'\"" and (i == 0 or s[i - 1] in " [{,:"):
            q = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == ":" and depth == 0 and (i + 1 == len(s) or s[i + 1] == " "):
            return _scalar(s[:i].strip()), s[i + 1:].strip()
    return None


def _scalar(s):
    s = s.strip()
    if not s:
        return None
    if s[0] == '"':
        return json.loads(s)
    if s[0] == "'":
        assert s[-1] == "'", s
        return s[1:-1].replace("''", "'")
    if s[0] in "[{":
        val, pos = _flow(s, 0)
        assert s[pos:].strip() == "", s
        return val
    if s in ("null", "~"):
        return None
    if s in ("true", "false"):
        return s == "true"
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    return s


def _flow(s, i):
    while s[i] == " ":
        i += 1
    if s[i] in "[{":
        close = "]" if s[i] == "[" else "}"
        is_map = s[i] == "{"
        i += 1
        items = {} if is_map else []
        while True:
            while s[i] == " ":
                i += 1
            if s[i] == close:
                return items, i + 1
            if is_map:
                k, i = _flow_atom(s, i, stop=":")
                assert s[i] == ":", s
                v, i = _flow(s, i + 1)
                items[k] = v
            else:
                v, i = _flow(s, i)
                items.append(v)
            while s[i] == " ":
                i += 1
            if s[i] == ",":
                i += 1
    return _flow_atom(s, i, stop="")


def _flow_atom(s, i, stop):
    while s[i] == " ":
        i += 1
    if s[i] in "'\"":
        q = s[i]
        j = i + 1
        while True:
            if s[j] == "\\" and q == '"':
                j += 2
                continue
            if s[j] == q:
                if q == "'" and j + 1 < len(s) and s[j + 1] == "'":
                    j += 2
                    continue
                break
            j += 1
        return _scalar(s[i:j + 1]), j + 1
    j = i
    while j < len(s) and s[j] not in ",]}" + stop:
        j += 1
    return _scalar(s[i:j]), j


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation")
        s = _strip_comment(raw)
        if s.strip():
            lines.append([len(s) - len(s.lstrip(" ")), s.strip()])

    def block(i, indent):
        if lines[i][1].startswith("- ") or lines[i][1] == "-":
            return seq(i, indent)
        return mapping(i, indent)

    def seq(i, indent):
        out = []
        while i < len(lines) and lines[i][0] == indent and (lines[i][1].startswith("- ") or lines[i][1] == "-"):
            rest = lines[i][1][2:].strip()
            if not rest:
                val, i = block(i + 1, lines[i + 1][0])
            elif rest[0] not in "'\"[{" and _split_key(rest):
                lines[i] = [indent + 2, rest]
                val, i = mapping(i, indent + 2)
            else:
                val, i = _scalar(rest), i + 1
            out.append(val)
        return out, i

    def mapping(i, indent):
        out = {}
        while i < len(lines) and lines[i][0] == indent and not lines[i][1].startswith("- "):
            kv = _split_key(lines[i][1])
            if kv is None:
                raise ValueError("expected 'key: value' at %r" % lines[i][1])
            k, rest = kv
            if k in out:
                raise ValueError("duplicate key %r" % k)
            if rest:
                out[k], i = _scalar(rest), i + 1
            elif i + 1 < len(lines) and (lines[i + 1][0] > indent or
                                         (lines[i + 1][0] == indent and lines[i + 1][1].startswith("- "))):
                out[k], i = block(i + 1, lines[i + 1][0])
            else:
                out[k], i = None, i + 1
        return out, i

    val, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError("unparsed content at %r" % lines[i][1])
    return val


# ---------------------------------------------------------------- checks

AX_LINE = re.compile(r"^(\t*)(\[(a\d+)\] [a-zA-Z]+ (?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(?:, .+)?"
                     r"|StaticText (?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"))$")
ACTION = re.compile(r"^(click|fill|press|select_option|check|uncheck|hover|focus|clear)\('(a\d+)'(, .*)?\)$"
                    r"|^(send_msg_to_user)\(.*\)$|^noop\(\d*\)$|^(go_back|go_forward)\(\)$|^goto\('.*'\)$")


def bids_of(text):
    return set(re.findall(r"^\t*\[(a\d+)\] ", text, flags=re.M))


def check_obs(where, o):
    if not isinstance(o, dict):
        return err(where, "observation is not an object")
    for f in ("url", "title", "text", "error"):
        if f not in o:
            err(where, "observation lacks %r" % f)
    if not isinstance(o.get("url"), str) or not o["url"].startswith("http"):
        err(where, "bad url")
    if not isinstance(o.get("title"), str) or not o["title"]:
        err(where, "bad title")
    if o.get("error") is not None and not isinstance(o["error"], str):
        err(where, "error must be string or null")
    text = o.get("text")
    if not isinstance(text, str):
        return err(where, "text is not a string")
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea ") or lines[0] != "RootWebArea %r, focused" % o["title"]:
        err(where, "first AXTree line must be the RootWebArea with the page title")
    seen = set()
    prev_depth = 0
    for ln in lines[1:]:
        m = AX_LINE.match(ln)
        if not m:
            err(where, "malformed AXTree line %r" % ln)
            continue
        depth = len(m.group(1))
        if depth < 1 or depth > prev_depth + 1:
            err(where, "indentation jump at %r" % ln)
        prev_depth = depth
        if m.group(3):
            if m.group(3) in seen:
                err(where, "duplicate bid %s" % m.group(3))
            seen.add(m.group(3))


def check_evidence(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        return err(where, "evidence must be a list")
    for e in items:
        if isinstance(e, str):
            if not e.strip():
                err(where, "empty evidence string")
        elif isinstance(e, dict):
            if not isinstance(e.get("text"), str) or not e["text"].strip():
                err(where, "evidence mapping lacks text")
            if e.get("on", "state") not in ON:
                err(where, "evidence 'on' must be one of %s (got %r)" % (sorted(ON), e.get("on")))
            if set(e) - {"text", "on"}:
                err(where, "unknown evidence keys %s" % sorted(set(e) - {"text", "on"}))
        else:
            err(where, "evidence item must be string or mapping")


def check_plan(path):
    where = os.path.relpath(path, HERE)
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        plan = json.loads(text) if path.endswith(".json") else load_yaml(text)
    except Exception as e:  # noqa: BLE001
        err(where, "cannot load plan: %s" % e)
        return None
    if not isinstance(plan, dict):
        err(where, "plan is not a mapping")
        return None
    if not isinstance(plan.get("task"), str) or not plan["task"]:
        err(where, "plan lacks task")
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict) or set(pf) - SCOPES:
        err(where, "plan_falsifiers scopes must be within %s" % sorted(SCOPES))
    else:
        for sc, items in pf.items():
            check_evidence("%s plan_falsifiers.%s" % (where, sc), items)
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not cs:
        err(where, "plan needs a non-empty commitments list")
        return plan
    ids = set()
    for i, c in enumerate(cs):
        cw = "%s commitments[%d]" % (where, i)
        if not isinstance(c, dict):
            err(cw, "not a mapping")
            continue
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            err(cw, "lacks id")
        elif cid in ids:
            err(cw, "duplicate id %r" % cid)
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"]:
            err(cw, "lacks subgoal")
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or isinstance(k, bool) or not 0 <= k <= 1:
            err(cw, "confidence must be in [0, 1]")
        if "skill" in c and not isinstance(c["skill"], str):
            err(cw, "skill must be a string")
        conf = c.get("confirm") or {}
        fal = c.get("falsify") or {}
        if not isinstance(conf, dict) or set(conf) - STAGES:
            err(cw, "confirm stages must be within %s" % sorted(STAGES))
        else:
            for st, items in conf.items():
                check_evidence("%s confirm.%s" % (cw, st), items)
        if not isinstance(fal, dict) or set(fal) - SCOPES:
            err(cw, "falsify scopes must be within %s" % sorted(SCOPES))
        else:
            for sc, items in fal.items():
                check_evidence("%s falsify.%s" % (cw, sc), items)
    plan["_ids"] = ids
    return plan


def check_corpus():
    if not os.path.exists(CORPUS):
        err("corpus.jsonl", "missing (run make_corpus.py)")
        return
    plans = {}
    runs = []
    with open(CORPUS, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                err("corpus.jsonl:%d" % n, "blank line")
                continue
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError as e:
                err("corpus.jsonl:%d" % n, "bad JSON: %s" % e)
    ids = set()
    per_wf = {}
    for r in runs:
        rid = r.get("id", "?")
        for f in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if f not in r:
                err(rid, "missing field %r" % f)
        if rid in ids:
            err(rid, "duplicate id")
        ids.add(rid)
        wf = r.get("workflow")
        per_wf.setdefault(wf, []).append(r)
        steps = r.get("steps") or []
        if not isinstance(steps, list) or not steps:
            err(rid, "steps must be a non-empty list")
            steps = []
        lab = r.get("label") or {}
        fault, fstep = lab.get("fault", "missing"), lab.get("first_off_track_step", "missing")
        if fault is None:
            if fstep is not None:
                err(rid, "healthy run must have first_off_track_step null")
        else:
            if fault not in FAULTS:
                err(rid, "unknown fault kind %r" % fault)
            if not isinstance(fstep, int) or isinstance(fstep, bool) or not 0 <= fstep < len(steps):
                err(rid, "first_off_track_step %r is not a valid step index" % (fstep,))
        expect_id = re.fullmatch(r"%s-(healthy|[a-z_]+)-\d\d" % re.escape(str(wf)), rid)
        if not expect_id or (expect_id.group(1) != (fault or "healthy")):
            err(rid, "id does not encode workflow and label")
        out = r.get("outcome") or {}
        if not isinstance(out.get("success"), bool):
            err(rid, "outcome.success must be a bool")
        elif out["success"] != (fault is None):
            err(rid, "outcome.success disagrees with the label")
        # plan
        plan = r.get("plan")
        if isinstance(plan, str):
            ppath = os.path.normpath(os.path.join(os.path.dirname(CORPUS), plan))
            if not os.path.exists(ppath):
                err(rid, "plan file %s does not exist" % plan)
                pobj = None
            else:
                if ppath not in plans:
                    plans[ppath] = check_plan(ppath)
                pobj = plans[ppath]
            if plan != "plans/%s.yaml" % wf:
                err(rid, "plan should be plans/<workflow>.yaml")
        elif isinstance(plan, dict):
            pobj = plan
        else:
            err(rid, "plan must be a path or an inline object")
            pobj = None
        if pobj and pobj.get("task") != r.get("task"):
            err(rid, "task differs from the plan's task")
        # observations and actions
        check_obs(rid + " initial_observation", r.get("initial_observation"))
        prev = (r.get("initial_observation") or {}).get("text", "")
        for i, s in enumerate(steps):
            sw = "%s steps[%d]" % (rid, i)
            if not isinstance(s, dict) or "action" not in s or "observation" not in s:
                err(sw, "step needs action and observation")
                continue
            a = s["action"]
            if not isinstance(a, dict) or not isinstance(a.get("command"), str):
                err(sw, "action.command missing")
                continue
            for f in ("reasoning", "target", "effect"):
                if f not in a:
                    err(sw, "action lacks %r" % f)
            if a.get("effect") not in EFFECTS:
                err(sw, "effect must be one of %s" % sorted(EFFECTS))
            m = ACTION.match(a["command"])
            if not m:
                err(sw, "unrecognised command %r" % a["command"])
            elif m.group(2) and m.group(2) not in bids_of(prev):
                err(sw, "command targets bid %s that is not on the previous page" % m.group(2))
            if "commitment" in s and pobj and "_ids" in pobj and s["commitment"] not in pobj["_ids"]:
                err(sw, "commitment %r not in plan" % s["commitment"])
            check_obs(sw, s["observation"])
            prev = s["observation"].get("text", "")
    # corpus-level counts
    healthy = [r for r in runs if (r.get("label") or {}).get("fault") is None]
    if len(runs) != 20 or len(healthy) != 8:
        err("corpus", "expected 20 runs with 8 healthy, got %d/%d" % (len(runs), len(healthy)))
    if len(per_wf) != 2:
        err("corpus", "expected 2 workflows, got %s" % sorted(map(str, per_wf)))
    kinds = [r["label"]["fault"] for r in runs if r.get("label", {}).get("fault")]
    if len(set(kinds)) != len(kinds):
        err("corpus", "each fault kind should appear once")
    for wf, rs in per_wf.items():
        if not 8 <= len(rs) <= 12:
            err("corpus", "workflow %s has %d runs" % (wf, len(rs)))
        if not os.path.exists(os.path.join(HERE, "plans", "%s.yaml" % wf)):
            err("corpus", "plans/%s.yaml missing" % wf)
    return runs


def check_determinism():
    sys.path.insert(0, HERE)
    mod = importlib.import_module("make_corpus")
    with tempfile.TemporaryDirectory() as tmp:
        mod.HERE = tmp
        import contextlib
        import io
        with contextlib.redirect_stdout(io.StringIO()):
            mod.main()
        for rel in ["corpus.jsonl", "plans/repair.yaml", "plans/special_order.yaml"]:
            if not filecmp.cmp(os.path.join(tmp, rel), os.path.join(HERE, rel), shallow=False):
                err("determinism", "%s differs from a fresh regeneration" % rel)


def main():
    runs = check_corpus() or []
    check_determinism()
    if errors:
        print("selftest FAILED (%d problems)" % len(errors))
        for e in errors[:60]:
            print("  -", e)
        sys.exit(1)
    nsteps = sum(len(r["steps"]) for r in runs)
    print("selftest OK: %d trajectories, %d steps, %d plans" % (len(runs), nsteps, 2))


if __name__ == "__main__":
    main()
