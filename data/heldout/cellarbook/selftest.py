#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow FORMATS.md.

Run after make_corpus.py:   python3 selftest.py
Exits non-zero with a list of problems if anything is off.
"""
import ast
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")

FAULTS = {"wrong_record", "wrong_value", "skipped_required_field", "silent_noop", "stale_page",
          "error_banner", "permission_denied", "premature_done", "dialog_cancelled",
          "wrong_filter", "double_submit", "unsaved_navigation"}
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}

problems = []


def bad(msg):
    problems.append(msg)


# --------------------------------------------------------------------------
# Minimal YAML reader for the block subset used by plans (mappings, block
# lists, plain / single- / double-quoted scalars, numbers, comments).
# --------------------------------------------------------------------------
def _strip_comment(line):
    out, q = [], None
    for i, ch in enumerate(line):
        if q:
            if ch == q and not (q == '"' and i and line[i - 1] == "\\"):
                q = None
        elif ch in "'\"" and (i == 0 or line[i - 1] in " :-[{,"):
            q = ch
        elif ch == "#" and (i == 0 or line[i - 1] == " "):
            break
        out.append(ch)
    return "".join(out)


def _scalar(s):
    s = s.strip()
    if s.startswith('"'):
        assert s.endswith('"'), s
        return json.loads(s)
    if s.startswith("'"):
        assert s.endswith("'"), s
        return s[1:-1].replace("''", "'")
    if s in ("null", "~", ""):
        return None
    if s in ("true", "false"):
        return s == "true"
    if s.startswith(("[", "{", "&", "*", "!", "|", ">")):
        raise ValueError(f"unsupported YAML construct: {s}")
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    return s


_KEY = re.compile(r"^([A-Za-z_][\w\- ]*?):(\s+|$)(.*)$")


def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        s = _strip_comment(raw).rstrip()
        if s.strip():
            if "\t" in s[: len(s) - len(s.lstrip())]:
                raise ValueError("tab indentation")
            lines.append([len(s) - len(s.lstrip(" ")), s.strip()])
    pos = [0]

    def block(ind):
        if lines[pos[0]][1].startswith("- ") or lines[pos[0]][1] == "-":
            return seq(ind)
        return mapping(ind)

    def mapping(ind):
        d = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and not lines[pos[0]][1].startswith("- "):
            m = _KEY.match(lines[pos[0]][1])
            if not m:
                raise ValueError(f"expected key at line: {lines[pos[0]][1]!r}")
            key, rest = m.group(1), m.group(3)
            if key in d:
                raise ValueError(f"duplicate key {key}")
            pos[0] += 1
            if rest.strip() == "":
                if pos[0] < len(lines) and (lines[pos[0]][0] > ind or
                                            (lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "))):
                    d[key] = block(lines[pos[0]][0])
                else:
                    d[key] = None
            else:
                d[key] = _scalar(rest)
        if pos[0] < len(lines) and lines[pos[0]][0] > ind:
            raise ValueError(f"bad indentation at: {lines[pos[0]][1]!r}")
        return d

    def seq(ind):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
            item = lines[pos[0]][1][2:].strip()
            if _KEY.match(item) and not item.startswith(("'", '"')):
                lines[pos[0]] = [ind + 2, item]
                out.append(mapping(ind + 2))
            else:
                pos[0] += 1
                out.append(_scalar(item))
        return out

    doc = block(lines[0][0])
    if pos[0] != len(lines):
        raise ValueError(f"trailing content at: {lines[pos[0]][1]!r}")
    return doc


def _norm_on(x):
    """YAML 1.1 loaders (PyYAML) read the bare key `on` as boolean True; map it back."""
    if isinstance(x, dict):
        return {("on" if k is True else k): _norm_on(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_norm_on(v) for v in x]
    return x


# --------------------------------------------------------------------------
def check_evidence_list(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        bad(f"{where}: evidence must be a list")
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                bad(f"{where}: empty evidence string")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                bad(f"{where}: evidence mapping needs 'text'")
            if it.get("on", "state") not in ON:
                bad(f"{where}: evidence 'on' must be one of {sorted(ON)}")
            extra = set(it) - {"text", "on"}
            if extra:
                bad(f"{where}: unexpected evidence keys {sorted(extra)} (a plain string with ': ' ?)")
        else:
            bad(f"{where}: evidence item must be a string or mapping, got {type(it).__name__}")


def check_plan(path, plan):
    ids = set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        bad(f"{path}: missing task")
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict) or set(pf) - SCOPES:
        bad(f"{path}: plan_falsifiers scopes must be among {sorted(SCOPES)}")
    else:
        for sc, items in pf.items():
            check_evidence_list(f"{path}: plan_falsifiers.{sc}", items)
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not cs:
        bad(f"{path}: commitments must be a non-empty list")
        return ids
    for c in cs:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            bad(f"{path}: commitment without id")
            continue
        if cid in ids:
            bad(f"{path}: duplicate commitment id {cid}")
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            bad(f"{path}:{cid}: missing subgoal")
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            bad(f"{path}:{cid}: confidence must be in [0, 1]")
        if "skill" in c and not isinstance(c["skill"], str):
            bad(f"{path}:{cid}: skill must be a string")
        conf = c.get("confirm") or {}
        fal = c.get("falsify") or {}
        if not isinstance(conf, dict) or set(conf) - STAGES:
            bad(f"{path}:{cid}: confirm stages must be among {sorted(STAGES)}")
        else:
            for st, items in conf.items():
                check_evidence_list(f"{path}:{cid}.confirm.{st}", items)
        if not isinstance(fal, dict) or set(fal) - SCOPES:
            bad(f"{path}:{cid}: falsify scopes must be among {sorted(SCOPES)}")
        else:
            for sc, items in fal.items():
                check_evidence_list(f"{path}:{cid}.falsify.{sc}", items)
    return ids


LINE_RE = re.compile(r"^\t*(\[(?P<bid>[A-Za-z0-9]+)\] )?(?P<role>[A-Za-z]+) "
                     r"(?P<name>'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(?P<rest>.*)$")


def parse_axtree(text):
    """Return {bid: (role, name)} and check the line syntax."""
    lines = text.split("\n")
    out = {}
    if not lines[0].startswith("RootWebArea "):
        raise ValueError("first line must be RootWebArea")
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not m:
            raise ValueError(f"malformed AXTree line: {ln!r}")
        bid = m.group("bid")
        if bid:
            if bid in out:
                raise ValueError(f"duplicate bid {bid}")
            out[bid] = (m.group("role"), ast.literal_eval(m.group("name")))  # repr() literal
        elif m.group("role") != "StaticText":
            raise ValueError(f"non-text node without bid: {ln!r}")
    return out


def check_obs(where, o):
    if not isinstance(o, dict):
        bad(f"{where}: observation must be an object")
        return {}
    for k in ("url", "title", "text"):
        if not isinstance(o.get(k), str) or not o[k]:
            bad(f"{where}: observation.{k} missing")
    if "error" not in o or not (o["error"] is None or isinstance(o["error"], str)):
        bad(f"{where}: observation.error must be present (null or string)")
    try:
        return parse_axtree(o.get("text", ""))
    except Exception as e:  # noqa
        bad(f"{where}: {e}")
        return {}


CMD_RE = re.compile(r"^(click|fill|select_option|press|check|uncheck|hover|focus|clear|dblclick)\('([^']+)'")


def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl missing: run make_corpus.py first")
        return 1
    plans = {}
    runs = []
    with open(CORPUS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                t = json.loads(line)
            except json.JSONDecodeError as e:
                bad(f"line {n}: not JSON ({e})")
                continue
            if json.loads(json.dumps(t, ensure_ascii=False)) != t:
                bad(f"line {n}: does not round-trip")
            runs.append(t)

    seen = set()
    for t in runs:
        rid = t.get("id")
        w = f"run {rid}"
        if not isinstance(rid, str) or not rid:
            bad("run without id")
            continue
        if rid in seen:
            bad(f"{w}: duplicate id")
        seen.add(rid)
        for k in ("workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in t:
                bad(f"{w}: missing field {k}")
        if set(t) - {"id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome", "app"}:
            pass  # extra fields are allowed by the contract
        # plan
        plan_ref = t.get("plan")
        if isinstance(plan_ref, str):
            ppath = os.path.normpath(os.path.join(os.path.dirname(CORPUS), plan_ref))
            if plan_ref != f"plans/{t.get('workflow')}.yaml":
                bad(f"{w}: plan path should be plans/<workflow>.yaml")
            if not os.path.exists(ppath):
                bad(f"{w}: plan {plan_ref} does not exist")
                continue
            if ppath not in plans:
                with open(ppath, encoding="utf-8") as pf:
                    txt = pf.read()
                try:
                    plans[ppath] = parse_yaml(txt)
                except Exception as e:  # noqa
                    bad(f"{plan_ref}: YAML parse error: {e}")
                    continue
                try:
                    import yaml  # optional cross-check
                    if _norm_on(yaml.safe_load(txt)) != plans[ppath]:
                        bad(f"{plan_ref}: mini parser and PyYAML disagree")
                except ImportError:
                    pass
            plan = plans[ppath]
        elif isinstance(plan_ref, dict):
            plan = plan_ref
        else:
            bad(f"{w}: plan must be a path or an object")
            continue
        cids = check_plan(plan_ref if isinstance(plan_ref, str) else f"{w}:inline", plan)
        if plan.get("task") != t.get("task"):
            bad(f"{w}: task differs from its plan's task")
        # label
        lab = t.get("label") or {}
        fault, off = lab.get("fault", "MISSING"), lab.get("first_off_track_step", "MISSING")
        steps = t.get("steps") or []
        if not isinstance(steps, list) or not steps:
            bad(f"{w}: steps must be a non-empty list")
            continue
        if fault is None:
            if off is not None:
                bad(f"{w}: healthy run must have first_off_track_step null")
            if t.get("outcome", {}).get("success") is not True:
                bad(f"{w}: healthy run should have outcome.success true")
        else:
            if fault not in FAULTS:
                bad(f"{w}: unknown fault {fault!r}")
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                bad(f"{w}: first_off_track_step {off!r} not a valid step index")
            if t.get("outcome", {}).get("success") is not False:
                bad(f"{w}: faulty run should have outcome.success false")
            if fault not in rid:
                bad(f"{w}: id should name its fault")
        if not isinstance(t.get("outcome", {}).get("success"), bool):
            bad(f"{w}: outcome.success must be a bool")
        # observations and actions
        prev = check_obs(f"{w} initial_observation", t.get("initial_observation"))
        for i, s in enumerate(steps):
            ws = f"{w} step {i}"
            a = s.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    bad(f"{ws}: action.{k} missing")
            if a.get("effect") not in EFFECTS:
                bad(f"{ws}: effect {a.get('effect')!r} not in {sorted(EFFECTS)}")
            c = s.get("commitment")
            if c is not None and c not in cids:
                bad(f"{ws}: commitment {c!r} not in plan")
            m = CMD_RE.match(a.get("command", ""))
            if m:
                bid = m.group(2)
                if bid not in prev:
                    bad(f"{ws}: command uses bid {bid} not on the previous page")
                else:
                    role, name = prev[bid]
                    if a.get("target") != f"{role} {name!r}":
                        bad(f"{ws}: target {a.get('target')!r} does not match [{bid}] {role} {name!r}")
            elif not re.match(r"^(send_msg_to_user|report_infeasible|go_back|go_forward|goto|noop|scroll)\(",
                              a.get("command", "")):
                bad(f"{ws}: unrecognised command {a.get('command')!r}")
            prev = check_obs(ws, s.get("observation"))

    # corpus-level expectations of this held-out set
    wfs = {t.get("workflow") for t in runs}
    healthy = [t for t in runs if (t.get("label") or {}).get("fault") is None]
    faulty = [t for t in runs if (t.get("label") or {}).get("fault") is not None]
    if len(runs) != 20 or len(healthy) != 8 or len(faulty) != 12 or len(wfs) != 2:
        bad(f"expected 20 runs / 8 healthy / 12 faulty / 2 workflows, got "
            f"{len(runs)}/{len(healthy)}/{len(faulty)}/{len(wfs)}")
    kinds = [t["label"]["fault"] for t in faulty]
    if len(set(kinds)) != len(kinds):
        bad("each fault kind should be used once")
    for wf in wfs:
        if f"plans/{wf}.yaml" not in {t.get("plan") for t in runs if t.get("workflow") == wf}:
            bad(f"workflow {wf}: no plan file used")

    # README table agrees with the labels
    readme = os.path.join(HERE, "README.md")
    if os.path.exists(readme):
        table = {}
        for ln in open(readme, encoding="utf-8"):
            m = re.match(r"^\|\s*`([\w\-]+)`\s*\|\s*(\w+)\s*\|\s*([\w\-—]+)\s*\|", ln)
            if m:
                table[m.group(1)] = (m.group(2), m.group(3))
        for t in runs:
            lab = t["label"]
            want = (lab["fault"] or "healthy", "—" if lab["first_off_track_step"] is None
                    else str(lab["first_off_track_step"]))
            if table.get(t["id"]) != want:
                bad(f"README table row for {t['id']} is {table.get(t['id'])}, expected {want}")
        if set(table) != {t["id"] for t in runs}:
            bad("README table lists runs not in the corpus")
    else:
        bad("README.md missing")

    # the committed plans are exactly the ones written before the faulty runs
    sys.path.insert(0, HERE)
    from plan_texts import PLANS
    for wf, (task, text) in PLANS.items():
        p = os.path.join(HERE, "plans", f"{wf}.yaml")
        if not os.path.exists(p) or open(p, encoding="utf-8").read() != text:
            bad(f"plans/{wf}.yaml differs from plan_texts.py")

    if problems:
        print(f"selftest: {len(problems)} problem(s)")
        for p in problems:
            print("  -", p)
        return 1
    print(f"selftest: OK — {len(runs)} runs ({len(healthy)} healthy, {len(faulty)} faulty), "
          f"{len(plans)} plans, {sum(len(t['steps']) for t in runs)} steps")
    return 0


if __name__ == "__main__":
    sys.exit(main())
