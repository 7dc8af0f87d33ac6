#!/usr/bin/env python3
"""Stdlib checks that the Skiff corpus and plans follow /work/shared/FORMATS.md.

Run:  python3 selftest.py     (exit status 0 when every check passes)
"""
import json
import os
import re
import sys

sys.dont_write_bytecode = True

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
ERRORS = []


def err(msg):
    ERRORS.append(msg)


# --------------------------------------------------------------------------------------
# A small YAML-subset reader (block mappings/sequences, flow [..] and {..}, quoted and
# plain scalars, comments) - enough for hand-written plans like the ones in plans/.
# --------------------------------------------------------------------------------------
class YamlError(ValueError):
    pass


def _strip_comment(line):
    out, quote = [], None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'" and (i == 0 or line[i - 1] in " [{,:-"):
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        out.append(ch)
    return "".join(out).rstrip()


def _scalar(tok):
    tok = tok.strip()
    if tok.startswith('"'):
        if not tok.endswith('"') or len(tok) < 2:
            raise YamlError("unterminated string: %s" % tok)
        return json.loads(tok)
    if tok.startswith("'"):
        if not tok.endswith("'") or len(tok) < 2:
            raise YamlError("unterminated string: %s" % tok)
        return tok[1:-1].replace("''", "'")
    if tok in ("", "~", "null", "Null", "NULL"):
        return None
    if tok in ("true", "True"):
        return True
    if tok in ("false", "False"):
        return False
    if re.fullmatch(r"[-+]?\d+", tok):
        return int(tok)
    if re.fullmatch(r"[-+]?(\d+\.\d*|\.\d+)([eE][-+]?\d+)?", tok):
        return float(tok)
    if tok[0] in "&*!|>%@`":
        raise YamlError("unsupported YAML construct: %s" % tok)
    return tok


def _split_key(text):
    """Return (key, rest) if text is 'key: rest' / 'key:' outside quotes, else None."""
    quote, depth = None, 0
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
            continue
        if ch in "\"'" and i == 0:
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == ":" and depth == 0 and (i + 1 == len(text) or text[i + 1] == " "):
            key = text[:i].strip()
            if text[0] in "[{":
                return None
            return _scalar(key), text[i + 1:].strip()
    return None


def _flow(text):
    pos = [0]

    def ws():
        while pos[0] < len(text) and text[pos[0]] == " ":
            pos[0] += 1

    def item(stop):
        ws()
        ch = text[pos[0]]
        if ch == "[":
            return seq()
        if ch == "{":
            return mapping()
        start = pos[0]
        if ch in "\"'":
            pos[0] += 1
            while True:
                if pos[0] >= len(text):
                    raise YamlError("unterminated string in %s" % text)
                if text[pos[0]] == ch:
                    if ch == "'" and text[pos[0] + 1:pos[0] + 2] == "'":
                        pos[0] += 2
                        continue
                    if ch == '"' and text[pos[0] - 1] == "\\":
                        pos[0] += 1
                        continue
                    pos[0] += 1
                    break
                pos[0] += 1
            return _scalar(text[start:pos[0]])
        while pos[0] < len(text) and text[pos[0]] not in stop:
            if text[pos[0]] == ":" and ":" in stop and text[pos[0] + 1:pos[0] + 2] in (" ", ""):
                break
            pos[0] += 1
        return _scalar(text[start:pos[0]])

    def seq():
        pos[0] += 1
        out = []
        ws()
        if text[pos[0]] == "]":
            pos[0] += 1
            return out
        while True:
            out.append(item(",]"))
            ws()
            c = text[pos[0]]
            pos[0] += 1
            if c == "]":
                return out
            if c != ",":
                raise YamlError("bad flow sequence: %s" % text)

    def mapping():
        pos[0] += 1
        out = {}
        ws()
        if text[pos[0]] == "}":
            pos[0] += 1
            return out
        while True:
            k = item(":,}")
            ws()
            if text[pos[0]] != ":":
                raise YamlError("bad flow mapping: %s" % text)
            pos[0] += 1
            out[k] = item(",}")
            ws()
            c = text[pos[0]]
            pos[0] += 1
            if c == "}":
                return out
            if c != ",":
                raise YamlError("bad flow mapping: %s" % text)

    try:
        v = item("")
        ws()
    except IndexError:
        raise YamlError("unterminated flow collection: %s" % text)
    if pos[0] != len(text):
        raise YamlError("trailing text in flow collection: %s" % text)
    return v


def _value(text):
    text = text.strip()
    if text[:1] in "[{":
        return _flow(text)
    return _scalar(text)


def load_yaml(src):
    lines = []
    for raw in src.splitlines():
        if "\t" in raw[:len(raw) - len(raw.lstrip())]:
            raise YamlError("tab indentation")
        s = _strip_comment(raw)
        if s.strip() and s.strip() != "---":
            lines.append([len(s) - len(s.lstrip(" ")), s.strip()])
    pos = [0]

    def block(indent):
        if lines[pos[0]][1].startswith("- ") or lines[pos[0]][1] == "-":
            return seq(indent)
        return mapping(indent)

    def child(parent_indent):
        if pos[0] < len(lines) and (lines[pos[0]][0] > parent_indent or (
                lines[pos[0]][0] == parent_indent and lines[pos[0]][1].startswith("- "))):
            return block(lines[pos[0]][0])
        return None

    def mapping(indent):
        out = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == indent and not lines[pos[0]][1].startswith("- "):
            kv = _split_key(lines[pos[0]][1])
            if kv is None:
                raise YamlError("expected 'key: value': %s" % lines[pos[0]][1])
            k, rest = kv
            if k in out:
                raise YamlError("duplicate key %r" % k)
            pos[0] += 1
            out[k] = _value(rest) if rest else child(indent)
        if pos[0] < len(lines) and lines[pos[0]][0] > indent:
            raise YamlError("bad indentation: %s" % lines[pos[0]][1])
        return out

    def seq(indent):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == indent and (
                lines[pos[0]][1].startswith("- ") or lines[pos[0]][1] == "-"):
            rest = lines[pos[0]][1][2:].strip()
            if not rest:
                pos[0] += 1
                out.append(child(indent))
            elif rest[:1] not in "[{\"'" and _split_key(rest):
                lines[pos[0]] = [indent + 2, rest]
                out.append(mapping(indent + 2))
            else:
                pos[0] += 1
                out.append(_value(rest))
        return out

    if not lines:
        return None
    v = block(lines[0][0])
    if pos[0] != len(lines):
        raise YamlError("unparsed line: %s" % lines[pos[0]][1])
    return v


# --------------------------------------------------------------------------------------
# Plan checks
# --------------------------------------------------------------------------------------
STAGES = ("precondition", "progress", "completion")
SCOPES = ("execution", "skill", "planning")


def check_evidence(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        err("%s: evidence must be a list" % where)
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                err("%s: empty evidence string" % where)
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                err("%s: evidence mapping needs text" % where)
            if it.get("on", "state") not in ("state", "action", "both"):
                err("%s: evidence 'on' must be state|action|both, got %r" % (where, it.get("on")))
            if set(it) - {"text", "on"}:
                err("%s: unexpected evidence keys %s" % (where, sorted(set(it) - {"text", "on"})))
        else:
            err("%s: evidence item must be string or mapping: %r" % (where, it))


def check_plan(path):
    try:
        with open(path, encoding="utf-8") as f:
            src = f.read()
        plan = load_yaml(src)
    except (OSError, YamlError, ValueError) as e:
        err("%s: cannot load: %s" % (path, e))
        return None
    try:
        import yaml  # optional cross-check, not required
        other = yaml.safe_load(src)
        if other != plan:
            err("%s: PyYAML reads this plan differently from the stdlib reader" % path)
    except ImportError:
        pass
    name = os.path.relpath(path, HERE)
    if not isinstance(plan, dict):
        err("%s: plan must be a mapping" % name)
        return None
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        err("%s: missing task" % name)
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict):
        err("%s: plan_falsifiers must be a mapping of scope -> list" % name)
    else:
        for scope, items in pf.items():
            if scope not in SCOPES:
                err("%s: unknown plan_falsifiers scope %r" % (name, scope))
            check_evidence("%s plan_falsifiers.%s" % (name, scope), items)
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        err("%s: commitments must be a non-empty list" % name)
        return plan
    ids = set()
    for c in cms:
        cid = c.get("id") if isinstance(c, dict) else None
        if not isinstance(cid, str) or not cid:
            err("%s: commitment without id" % name)
            continue
        if cid in ids:
            err("%s: duplicate commitment id %s" % (name, cid))
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            err("%s/%s: missing subgoal" % (name, cid))
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or isinstance(k, bool) or not 0 <= k <= 1:
            err("%s/%s: confidence must be in [0, 1]" % (name, cid))
        if "skill" in c and not isinstance(c["skill"], str):
            err("%s/%s: skill must be a string" % (name, cid))
        conf = c.get("confirm") or {}
        fal = c.get("falsify") or {}
        if not isinstance(conf, dict) or not isinstance(fal, dict):
            err("%s/%s: confirm and falsify must be mappings" % (name, cid))
            continue
        for st, items in conf.items():
            if st not in STAGES:
                err("%s/%s: unknown confirm stage %r" % (name, cid, st))
            check_evidence("%s/%s confirm.%s" % (name, cid, st), items)
        for sc, items in fal.items():
            if sc not in SCOPES:
                err("%s/%s: unknown falsify scope %r" % (name, cid, sc))
            check_evidence("%s/%s falsify.%s" % (name, cid, sc), items)
        if not any(conf.get(s) for s in STAGES):
            err("%s/%s: no confirming evidence at all" % (name, cid))
    plan["_ids"] = ids
    return plan


# --------------------------------------------------------------------------------------
# Corpus checks
# --------------------------------------------------------------------------------------
OBS_KEYS = ("url", "title", "text", "error")
ACTION_KEYS = ("command", "reasoning", "target", "effect")
EFFECTS = ("read", "write", "irreversible")
AX_LINE = re.compile(r"^(\t*)(?:\[(a\d+)\] )?([A-Za-z]+) (?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(?:, .+)?$")
BID_IN_CMD = re.compile(r"^(click|fill|select_option|press|hover|check|uncheck|focus|clear|dblclick)\('(a\d+)'")


def check_obs(where, obs):
    if not isinstance(obs, dict):
        err("%s: observation must be an object" % where)
        return set()
    for k in OBS_KEYS:
        if k not in obs:
            err("%s: observation missing %s" % (where, k))
    if not isinstance(obs.get("url"), str) or not obs.get("url", "").startswith("http"):
        err("%s: bad url" % where)
    if not isinstance(obs.get("title"), str) or not obs.get("title"):
        err("%s: bad title" % where)
    if obs.get("error") is not None and not isinstance(obs.get("error"), str):
        err("%s: error must be string or null" % where)
    text = obs.get("text")
    if not isinstance(text, str) or not text:
        err("%s: empty text" % where)
        return set()
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea "):
        err("%s: AXTree must start with RootWebArea" % where)
    bids = set()
    prev_depth = 0
    for ln in lines[1:]:
        m = AX_LINE.match(ln)
        if not m:
            err("%s: malformed AXTree line %r" % (where, ln))
            continue
        depth = len(m.group(1))
        if depth < 1 or depth > prev_depth + 1:
            err("%s: bad indentation at %r" % (where, ln))
        prev_depth = depth
        if m.group(2):
            if m.group(2) in bids:
                err("%s: duplicate bid %s" % (where, m.group(2)))
            bids.add(m.group(2))
    return bids


def check_corpus():
    runs = []
    with open(CORPUS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError as e:
                err("corpus line %d: bad JSON: %s" % (n, e))
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        err("run ids are not unique")
    plans = {}
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err("%s: missing %s" % (rid, k))
        if not isinstance(r.get("steps"), list) or not r.get("steps"):
            err("%s: steps must be a non-empty list" % rid)
            continue
        plan_ref = r.get("plan")
        plan = None
        if isinstance(plan_ref, str):
            ppath = os.path.normpath(os.path.join(HERE, plan_ref))
            if not os.path.isfile(ppath):
                err("%s: plan file %s does not exist" % (rid, plan_ref))
            else:
                if ppath not in plans:
                    plans[ppath] = check_plan(ppath)
                plan = plans[ppath]
        elif isinstance(plan_ref, dict):
            plan = plan_ref
        else:
            err("%s: plan must be a path or an object" % rid)
        if plan and plan.get("task") != r.get("task"):
            err("%s: run task differs from its plan's task" % rid)
        lab = r.get("label") or {}
        if "fault" not in lab or "first_off_track_step" not in lab:
            err("%s: label needs fault and first_off_track_step" % rid)
        fault, fstep = lab.get("fault"), lab.get("first_off_track_step")
        if fault is None:
            if fstep is not None:
                err("%s: healthy run with a first_off_track_step" % rid)
        else:
            if not isinstance(fault, str) or not re.fullmatch(r"[a-z_]+", fault):
                err("%s: fault class must be a snake_case string" % rid)
            if not isinstance(fstep, int) or isinstance(fstep, bool) or not 0 <= fstep < len(r["steps"]):
                err("%s: first_off_track_step %r is not a valid step index" % (rid, fstep))
            if not rid.startswith("%s-%s-" % (r.get("workflow"), fault)):
                err("%s: id does not name its fault class" % rid)
        if not isinstance(r.get("outcome"), dict) or not isinstance(r["outcome"].get("success"), bool):
            err("%s: outcome.success must be a bool" % rid)
        elif r["outcome"]["success"] != (fault is None):
            err("%s: outcome.success disagrees with the label" % rid)
        bids = check_obs("%s initial_observation" % rid, r.get("initial_observation"))
        for i, s in enumerate(r["steps"]):
            where = "%s step %d" % (rid, i)
            a = s.get("action")
            if not isinstance(a, dict):
                err("%s: missing action" % where)
                continue
            for k in ACTION_KEYS:
                if k not in a:
                    err("%s: action missing %s" % (where, k))
            if a.get("effect") not in EFFECTS:
                err("%s: effect %r not in %s" % (where, a.get("effect"), EFFECTS))
            m = BID_IN_CMD.match(a.get("command", ""))
            if m and m.group(2) not in bids:
                err("%s: action uses bid %s that is not on the page before it" % (where, m.group(2)))
            if m and not isinstance(a.get("target"), str):
                err("%s: element action without target" % where)
            if "commitment" in s and s["commitment"] is not None and plan and "_ids" in plan:
                if s["commitment"] not in plan["_ids"]:
                    err("%s: commitment %r not in plan" % (where, s["commitment"]))
            bids = check_obs(where, s.get("observation"))
    return runs


def check_readme(runs):
    path = os.path.join(HERE, "README.md")
    if not os.path.isfile(path):
        err("README.md missing")
        return
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for r in runs:
        lab = r["label"]
        cell = "-" if lab["first_off_track_step"] is None else str(lab["first_off_track_step"])
        row = "| `%s` | %s | %s |" % (r["id"], lab["fault"] or "healthy", cell)
        if row not in text:
            err("README.md: no table row for %s as %s" % (r["id"], row))


def check_regeneration():
    sys.path.insert(0, HERE)
    try:
        import make_corpus
    except Exception as e:  # noqa: BLE001
        err("cannot import make_corpus: %s" % e)
        return
    a = [json.dumps(r, ensure_ascii=False) for r in make_corpus.build()]
    b = [json.dumps(r, ensure_ascii=False) for r in make_corpus.build()]
    with open(CORPUS, encoding="utf-8") as f:
        disk = [ln.rstrip("\n") for ln in f if ln.strip()]
    if a != b:
        err("make_corpus.build() is not deterministic")
    if a != disk:
        err("corpus.jsonl differs from what make_corpus.py generates now (regenerate it)")
    for wf, text in make_corpus.PLANS.items():
        p = os.path.join(HERE, "plans", wf + ".yaml")
        with open(p, encoding="utf-8") as f:
            if f.read() != text:
                err("plans/%s.yaml differs from plans_src.py" % wf)


def main():
    runs = check_corpus()
    if len(runs) != 20:
        err("expected 20 runs, found %d" % len(runs))
    healthy = [r for r in runs if r.get("label", {}).get("fault") is None]
    if len(healthy) != 8:
        err("expected 8 healthy runs, found %d" % len(healthy))
    wfs = {}
    for r in runs:
        wfs.setdefault(r.get("workflow"), []).append(r)
    if len(wfs) != 2:
        err("expected 2 workflows, found %s" % sorted(wfs))
    for wf, rs in wfs.items():
        if not os.path.isfile(os.path.join(HERE, "plans", "%s.yaml" % wf)):
            err("no plans/%s.yaml" % wf)
    faults = sorted(r["label"]["fault"] for r in runs if r["label"]["fault"])
    if len(set(faults)) != len(faults):
        err("fault classes repeat: %s" % faults)
    check_readme(runs)
    check_regeneration()
    if ERRORS:
        for e in ERRORS:
            print("FAIL:", e)
        print("%d problem(s)" % len(ERRORS))
        return 1
    steps = sum(len(r["steps"]) for r in runs)
    print("ok: %d runs (%d healthy, %d faulty: %s), %d steps, workflows %s" % (
        len(runs), len(healthy), len(runs) - len(healthy), ", ".join(faults), steps, ", ".join(sorted(wfs))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
