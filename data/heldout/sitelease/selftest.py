#!/usr/bin/env python3
"""Check the SiteLease corpus and plans against the fcpkit file-format contract.

Exit code 0 when everything passes, 1 on any problem (each problem is printed).
Standard library only (PyYAML, when installed, is used as a second opinion on the plans).
"""
import hashlib
import sys as _sys
_sys.dont_write_bytecode = True
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
BASE = "https://sitelease.meridiantowers.net"

STAGES = ("precondition", "progress", "completion")
SCOPES = ("execution", "skill", "planning")
ONS = ("state", "action", "both")
EFFECTS = ("read", "write", "irreversible")
LINE_RE = re.compile(r"^(\t*)(\[([A-Za-z0-9]+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
ACTION_RE = re.compile(r"^(click|fill|select_option|press|check|uncheck|hover|focus|clear|dblclick)\('([A-Za-z0-9]+)'(.*)\)$")
NOARG_RE = re.compile(r"^(go_back|go_forward|noop|scroll|goto|send_msg_to_user|report_infeasible|tab_focus|new_tab|tab_close)\((.*)\)$")

problems = []


def bad(where, msg):
    problems.append("%s: %s" % (where, msg))


# ---------------------------------------------------------------------------
# a small YAML reader for the block subset the plans use
# ---------------------------------------------------------------------------

class YamlError(ValueError):
    pass


def _scalar(tok, lineno):
    tok = tok.strip()
    if tok == "[]":
        return []
    if tok == "{}":
        return {}
    if tok.startswith('"'):
        try:
            return json.loads(tok)
        except ValueError as e:
            raise YamlError("line %d: bad quoted string (%s)" % (lineno, e))
    if tok.startswith("{") and tok.endswith("}"):
        return _flow_map(tok[1:-1], lineno)
    if tok.startswith("[") and tok.endswith("]"):
        inner = tok[1:-1].strip()
        return [_scalar(x, lineno) for x in _split_flow(inner, lineno)] if inner else []
    if re.fullmatch(r"-?\d+", tok):
        return int(tok)
    if re.fullmatch(r"-?\d+\.\d*", tok):
        return float(tok)
    if tok in ("null", "~"):
        return None
    if tok in ("true", "false"):
        return tok == "true"
    return tok


def _split_flow(s, lineno):
    parts, cur, inq, esc = [], "", False, False
    for ch in s:
        if inq:
            cur += ch
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                inq = False
        elif ch == '"':
            inq = True
            cur += ch
        elif ch == ",":
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if inq:
        raise YamlError("line %d: unterminated string" % lineno)
    if cur.strip():
        parts.append(cur.strip())
    return parts


def _split_key(s, lineno):
    """'key: rest' -> (key, rest); the key may be double-quoted."""
    s = s.strip()
    if s.startswith('"'):
        end = 1
        while end < len(s):
            if s[end] == "\\":
                end += 2
                continue
            if s[end] == '"':
                break
            end += 1
        key = json.loads(s[:end + 1])
        rest = s[end + 1:]
        if not rest.startswith(":"):
            raise YamlError("line %d: expected ':' after key" % lineno)
        return key, rest[1:].strip()
    m = re.match(r"^([A-Za-z_][A-Za-z0-9_\-]*):(\s+(.*))?$", s)
    if not m:
        raise YamlError("line %d: expected 'key: value', got %r" % (lineno, s))
    return m.group(1), (m.group(3) or "").strip()


def _flow_map(s, lineno):
    out = {}
    for part in _split_flow(s, lineno):
        k, v = _split_key(part, lineno)
        out[k] = _scalar(v, lineno)
    return out


def yaml_load(text):
    lines = []
    for i, raw in enumerate(text.splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[:len(raw) - len(raw.lstrip())]:
            raise YamlError("line %d: tab in indentation" % i)
        lines.append((i, len(raw) - len(raw.lstrip(" ")), raw.strip()))
    pos = [0]

    def block(indent):
        if pos[0] >= len(lines):
            return None
        lineno, ind, txt = lines[pos[0]]
        if ind != indent:
            raise YamlError("line %d: unexpected indentation" % lineno)
        if txt.startswith("- ") or txt == "-":
            return seq(indent)
        return mapping(indent)

    def mapping(indent, first=None):
        out = {}
        if first is not None:
            k, v = first
            out[k] = v
        while pos[0] < len(lines):
            lineno, ind, txt = lines[pos[0]]
            if ind < indent:
                break
            if ind > indent:
                raise YamlError("line %d: unexpected indentation" % lineno)
            if txt.startswith("- "):
                break
            k, rest = _split_key(txt, lineno)
            if k in out:
                raise YamlError("line %d: duplicate key %r" % (lineno, k))
            pos[0] += 1
            if rest == "":
                if pos[0] < len(lines) and lines[pos[0]][1] > indent:
                    out[k] = block(lines[pos[0]][1])
                elif pos[0] < len(lines) and lines[pos[0]][1] == indent and lines[pos[0]][2].startswith("- "):
                    out[k] = seq(indent)
                else:
                    out[k] = None
            else:
                out[k] = _scalar(rest, lineno)
        return out

    def seq(indent):
        out = []
        while pos[0] < len(lines):
            lineno, ind, txt = lines[pos[0]]
            if ind != indent or not txt.startswith("- "):
                if ind > indent:
                    raise YamlError("line %d: unexpected indentation" % lineno)
                break
            item = txt[2:].strip()
            pos[0] += 1
            if re.match(r'^("[^"]*"|[A-Za-z_][A-Za-z0-9_\-]*):(\s|$)', item) and not item.startswith("{"):
                k, rest = _split_key(item, lineno)
                child = indent + 2
                if rest == "":
                    v = block(lines[pos[0]][1]) if pos[0] < len(lines) and lines[pos[0]][1] > child else None
                else:
                    v = _scalar(rest, lineno)
                out.append(mapping(child, (k, v)) if pos[0] < len(lines) and lines[pos[0]][1] == child
                           else {k: v})
            else:
                out.append(_scalar(item, lineno))
        return out

    result = block(0) if lines else None
    if pos[0] != len(lines):
        raise YamlError("line %d: could not parse" % lines[pos[0]][0])
    return result


# ---------------------------------------------------------------------------
# plan checks
# ---------------------------------------------------------------------------

def check_evidence(where, item):
    if isinstance(item, str):
        if not item.strip():
            bad(where, "empty evidence string")
        return
    if isinstance(item, dict):
        if set(item) - {"text", "on"}:
            bad(where, "evidence mapping has unknown keys %s" % sorted(set(item) - {"text", "on"}))
        if not isinstance(item.get("text"), str) or not item["text"].strip():
            bad(where, "evidence mapping needs a non-empty text")
        if item.get("on", "state") not in ONS:
            bad(where, "evidence 'on' must be one of %s, got %r" % (ONS, item.get("on")))
        return
    bad(where, "evidence must be a string or {text, on}, got %r" % (item,))


def check_plan(path, plan):
    if not isinstance(plan, dict):
        bad(path, "plan is not a mapping")
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        bad(path, "plan.task must be a non-empty string")
    pf = plan.get("plan_falsifiers", {}) or {}
    if not isinstance(pf, dict):
        bad(path, "plan_falsifiers must be a mapping")
    else:
        for scope, items in pf.items():
            if scope not in SCOPES:
                bad(path, "plan_falsifiers scope %r not in %s" % (scope, SCOPES))
            for it in items or []:
                check_evidence("%s plan_falsifiers.%s" % (path, scope), it)
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        bad(path, "commitments must be a non-empty list")
        return set()
    ids = set()
    for i, c in enumerate(cms):
        w = "%s commitments[%d]" % (path, i)
        if not isinstance(c, dict):
            bad(w, "commitment is not a mapping")
            continue
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            bad(w, "missing id")
        elif cid in ids:
            bad(w, "duplicate id %r" % cid)
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            bad(w, "missing subgoal")
        if "skill" in c and not isinstance(c["skill"], str):
            bad(w, "skill must be a string")
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or isinstance(conf, bool) or not 0 <= conf <= 1:
            bad(w, "confidence must be a number in [0, 1], got %r" % (conf,))
        for sec, keys in (("confirm", STAGES), ("falsify", SCOPES)):
            block = c.get(sec, {}) or {}
            if not isinstance(block, dict):
                bad(w, "%s must be a mapping" % sec)
                continue
            for k, items in block.items():
                if k not in keys:
                    bad(w, "%s key %r not in %s" % (sec, k, keys))
                if not isinstance(items, list):
                    bad(w, "%s.%s must be a list" % (sec, k))
                    continue
                for it in items:
                    check_evidence("%s %s.%s" % (w, sec, k), it)
        if not any((c.get("confirm") or {}).get(k) for k in STAGES):
            bad(w, "commitment has no confirming evidence at all")
        if not any((c.get("falsify") or {}).get(k) for k in SCOPES):
            bad(w, "commitment has no falsifying evidence at all")
    return ids


# ---------------------------------------------------------------------------
# observation / trajectory checks
# ---------------------------------------------------------------------------

def parse_tree(where, text):
    """-> {bid: "role 'name'"}; reports malformed lines."""
    bids = {}
    lines = text.split("\n")
    if not lines or not lines[0].startswith("RootWebArea "):
        bad(where, "first line must be the RootWebArea")
    prev_depth = 0
    for n, line in enumerate(lines):
        m = LINE_RE.match(line)
        if not m:
            bad(where, "line %d is not '[bid] role 'name'' style: %r" % (n, line[:80]))
            continue
        depth = len(m.group(1))
        if n > 0 and depth > prev_depth + 1:
            bad(where, "line %d jumps indentation" % n)
        prev_depth = depth
        if n > 0 and depth == 0:
            bad(where, "line %d is outside the RootWebArea" % n)
        bid = m.group(3)
        if bid is not None:
            if bid in bids:
                bad(where, "duplicate bid %s" % bid)
            bids[bid] = "%s %s" % (m.group(4), m.group(5))
        elif m.group(4) not in ("StaticText", "RootWebArea", "LineBreak", "ListMarker"):
            bad(where, "line %d: element %s without a bid" % (n, m.group(4)))
    if not 100 <= len(lines) <= 400:
        bad(where, "page has %d lines (want 100-400)" % len(lines))
    return bids


def check_obs(where, obs):
    if not isinstance(obs, dict):
        bad(where, "observation is not an object")
        return {}
    for k in ("url", "title", "text"):
        if not isinstance(obs.get(k), str) or not obs[k]:
            bad(where, "observation.%s must be a non-empty string" % k)
    if "error" not in obs:
        bad(where, "observation.error is missing (use null)")
    elif obs["error"] is not None and not isinstance(obs["error"], str):
        bad(where, "observation.error must be null or a string")
    if isinstance(obs.get("url"), str) and not obs["url"].startswith(BASE):
        bad(where, "url outside the application: %s" % obs["url"])
    if isinstance(obs.get("text"), str):
        bids = parse_tree(where, obs["text"])
        first = obs["text"].split("\n", 1)[0]
        if isinstance(obs.get("title"), str) and first != "RootWebArea %r, focused" % obs["title"]:
            bad(where, "RootWebArea name does not match the title")
        return bids
    return {}


def check_action(where, action, prev_bids):
    if not isinstance(action, dict):
        bad(where, "action is not an object")
        return
    for k in ("command", "reasoning", "target", "effect"):
        if k not in action:
            bad(where, "action.%s missing" % k)
    if action.get("effect") not in EFFECTS:
        bad(where, "action.effect must be one of %s" % (EFFECTS,))
    cmd = action.get("command", "")
    m = ACTION_RE.match(cmd)
    if m:
        bid = m.group(2)
        if bid not in prev_bids:
            bad(where, "%s targets bid %s which is not on the page before the action" % (cmd[:40], bid))
        elif action.get("target") != prev_bids[bid]:
            bad(where, "target %r does not match the page's node %r" % (action.get("target"), prev_bids[bid]))
        return
    m = NOARG_RE.match(cmd)
    if not m:
        bad(where, "not a BrowserGym action string: %r" % cmd[:60])
        return
    if action.get("target") is not None:
        bad(where, "page-less action should have target null")


# fault markers: a second, independent check of the labels
def _text(o):
    return o["text"]


FAULT_CHECKS = {
    # agent faults: the labelled action itself is the wrong move
    "wrong_record": lambda t, i: "MTP-TX-04471" in (t["steps"][i]["action"]["target"] or ""),
    "wrong_value": lambda t, i: "'1785.00'" in t["steps"][i]["action"]["command"],
    "required_field_skipped": lambda t, i: (t["steps"][i]["action"]["target"] == "button 'Save installation'"
                                            and "value='None'" in _obs_before(t, i)["text"]),
    "double_submission": lambda t, i: (t["steps"][i]["action"]["target"] == "button 'Save and amend'"
                                       and "Saving…" in _obs_before(t, i)["text"]),
    "premature_success": lambda t, i: (t["steps"][i]["action"]["command"].startswith("send_msg_to_user(")
                                       and "On hold —" not in _obs_before(t, i)["text"]),
    "cancelled_dialog": lambda t, i: (t["steps"][i]["action"]["target"] == "button 'Cancel'"
                                      and "dialog 'Place payment on hold'" in _obs_before(t, i)["text"]),
    "unrequested_change": lambda t, i: t["steps"][i]["action"]["target"] == "button 'Edit payment'",
    # environment faults: the labelled observation is the first one that shows the fault
    "silent_noop": lambda t, i: (t["steps"][i]["action"]["target"] == "button 'Save and amend'"
                                 and "added to lease" not in t["steps"][i]["observation"]["text"]),
    "permission_denied": lambda t, i: _first_showing(t, "Access denied (403)") == i,
    "stale_filter": lambda t, i: _first_showing(t, "Saved view: Prewett follow-up") == i,
    "session_expired": lambda t, i: _first_showing(t, "Your session has expired") == i,
    "error_banner_ignored": lambda t, i: _first_showing(t, "Hold not applied") == i,
}


def _obs_before(t, i):
    return t["initial_observation"] if i == 0 else t["steps"][i - 1]["observation"]


def _first_showing(t, marker):
    if marker in t["initial_observation"]["text"]:
        return 0
    for i, s in enumerate(t["steps"]):
        if marker in s["observation"]["text"]:
            return i
    return None


def check_corpus():
    if not os.path.exists(CORPUS):
        bad("corpus", "corpus.jsonl not found")
        return
    raw = open(CORPUS, encoding="utf-8").read()
    if not raw.endswith("\n"):
        bad("corpus", "file should end with a newline")
    plans = {}
    seen = set()
    per_wf = {}
    faults = set()
    plan_use = {}
    variants = {}
    for n, line in enumerate(raw.splitlines(), 1):
        where = "corpus line %d" % n
        try:
            t = json.loads(line)
        except ValueError as e:
            bad(where, "not JSON: %s" % e)
            continue
        if json.dumps(t, ensure_ascii=False) != line:
            bad(where, "does not round-trip byte for byte")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in t:
                bad(where, "missing field %s" % k)
        if any(k not in t for k in ("id", "steps", "label", "plan", "initial_observation")):
            continue
        where = t["id"]
        if t["id"] in seen:
            bad(where, "duplicate id")
        seen.add(t["id"])
        # plan
        plan = t["plan"]
        if isinstance(plan, str):
            ppath = os.path.join(HERE, plan)
            if plan not in plans:
                if not os.path.exists(ppath):
                    bad(where, "plan file %s not found" % plan)
                    plans[plan] = (None, set())
                else:
                    try:
                        pobj = yaml_load(open(ppath, encoding="utf-8").read())
                    except YamlError as e:
                        bad(plan, "YAML: %s" % e)
                        pobj = None
                    plans[plan] = (pobj, check_plan(plan, pobj) if pobj is not None else set())
            pobj, cids = plans[plan]
            plan_use.setdefault(plan, []).append(t["id"])
        elif isinstance(plan, dict):
            pobj, cids = plan, check_plan(where + " inline plan", plan)
        else:
            bad(where, "plan must be a path or an object")
            pobj, cids = None, set()
        if pobj is not None and pobj.get("task") != t["task"]:
            bad(where, "task differs from the plan's task")
        variants.setdefault(t["workflow"], set()).add(t.get("variant"))
        # label
        lab = t["label"]
        if not isinstance(lab, dict) or "fault" not in lab or "first_off_track_step" not in lab:
            bad(where, "label needs fault and first_off_track_step")
            continue
        steps = t["steps"]
        if not isinstance(steps, list) or not steps:
            bad(where, "steps must be a non-empty list")
            continue
        if not 8 <= len(steps) <= 16:
            bad(where, "%d steps (want 8-16)" % len(steps))
        if lab["fault"] is None:
            if lab["first_off_track_step"] is not None:
                bad(where, "healthy run must have first_off_track_step null")
            if t["outcome"].get("success") is not True:
                bad(where, "healthy run should succeed")
        else:
            faults.add(lab["fault"])
            i = lab["first_off_track_step"]
            if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(steps):
                bad(where, "first_off_track_step %r out of range" % (i,))
            elif lab["fault"] in FAULT_CHECKS and not FAULT_CHECKS[lab["fault"]](t, i):
                bad(where, "label step %d does not show the %s fault" % (i, lab["fault"]))
            elif lab["fault"] not in FAULT_CHECKS:
                bad(where, "no label check for fault %r" % lab["fault"])
            if t["outcome"].get("success") is not False:
                bad(where, "faulty run should not succeed")
        if not isinstance(t["outcome"].get("success"), bool):
            bad(where, "outcome.success must be a bool")
        per_wf.setdefault(t["workflow"], {"healthy": 0, "faulty": 0})[
            "healthy" if lab["fault"] is None else "faulty"] += 1
        # observations and actions
        prev = check_obs(where + " initial", t["initial_observation"])
        for i, s in enumerate(steps):
            sw = "%s step %d" % (where, i)
            if not isinstance(s, dict) or "action" not in s or "observation" not in s:
                bad(sw, "step needs action and observation")
                continue
            if "commitment" in s and s["commitment"] not in cids:
                bad(sw, "commitment %r is not in the plan" % s["commitment"])
            check_action(sw, s["action"], prev)
            prev = check_obs(sw, s["observation"])
            if i > 0 and s["observation"] == steps[i - 1]["observation"] and \
                    not s["action"]["command"].startswith("send_msg_to_user("):
                bad(sw, "observation identical to the previous one")
        if not steps[-1]["action"]["command"].startswith("send_msg_to_user(") and lab["fault"] is None:
            bad(where, "healthy run should end by reporting to the user")
    # corpus-level
    if len(per_wf) != 2:
        bad("corpus", "want two workflows, found %s" % sorted(per_wf))
    for wf, c in per_wf.items():
        if c != {"healthy": 4, "faulty": 6}:
            bad("corpus", "workflow %s has %s (want 4 healthy, 6 faulty)" % (wf, c))
    for wf, vs in variants.items():
        if not 2 <= len(vs) <= 3:
            bad("corpus", "workflow %s has %d task variants (want 2-3)" % (wf, len(vs)))
    if len(faults) < 10:
        bad("corpus", "only %d fault kinds (want >= 10)" % len(faults))
    if len(seen) != 20:
        bad("corpus", "%d trajectories (want 20)" % len(seen))
    pdir = os.path.join(HERE, "plans")
    for f in sorted(os.listdir(pdir)):
        if ("plans/" + f) not in plan_use:
            bad("plans/" + f, "plan is not used by any trajectory")
    # PyYAML as a second opinion
    try:
        import yaml
    except ImportError:
        yaml = None
    if yaml is not None:
        for plan, (pobj, _) in plans.items():
            other = yaml.safe_load(open(os.path.join(HERE, plan), encoding="utf-8"))
            if other != pobj:
                bad(plan, "PyYAML reads this plan differently from the built-in reader")


def check_roundtrip_and_determinism():
    sys.path.insert(0, HERE)
    import make_corpus
    # plans: what the generator meant == what the file reads back as == what it writes again
    for k, plan in make_corpus.build_plans().items():
        path = make_corpus.V[k]["plan"]
        text = open(os.path.join(HERE, path), encoding="utf-8").read()
        try:
            got = yaml_load(text)
        except YamlError as e:
            bad(path, "YAML: %s" % e)
            continue
        if got != make_corpus.normalise_plan(plan):
            bad(path, "plan on disk differs from the generator's plan")
        header = [l[2:] for l in text.splitlines() if l.startswith("# ")]
        if make_corpus.plan_to_yaml(got, header) != text:
            bad(path, "plan does not round-trip (read, write) unchanged")
    # determinism: a fresh build in a temp folder is byte-identical
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", tmp], check=True,
                       stdout=subprocess.DEVNULL)
        for rel in ["corpus.jsonl"] + ["plans/" + f for f in sorted(os.listdir(os.path.join(tmp, "plans")))]:
            a = os.path.join(HERE, rel)
            b = os.path.join(tmp, rel)
            if not os.path.exists(a):
                bad(rel, "missing here but produced by make_corpus.py")
                continue
            ha = hashlib.sha256(open(a, "rb").read()).hexdigest()
            hb = hashlib.sha256(open(b, "rb").read()).hexdigest()
            if ha != hb:
                bad(rel, "not reproduced byte for byte by make_corpus.py (stale or non-deterministic)")


def check_readme():
    path = os.path.join(HERE, "README.md")
    if not os.path.exists(path):
        bad("README.md", "missing")
        return
    text = open(path, encoding="utf-8").read()
    for line in open(CORPUS, encoding="utf-8"):
        t = json.loads(line)
        if t["id"] not in text:
            bad("README.md", "run %s is not in the table" % t["id"])


def main():
    check_corpus()
    check_roundtrip_and_determinism()
    check_readme()
    if problems:
        for p in problems:
            print("FAIL", p)
        print("%d problem(s)" % len(problems))
        return 1
    n = sum(1 for _ in open(CORPUS, encoding="utf-8"))
    print("selftest passed: %d trajectories, %d plans" % (n, len(os.listdir(os.path.join(HERE, "plans")))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
