#!/usr/bin/env python3
"""Stdlib checks that the RecallHub corpus and plans follow /work/shared/FORMATS.md.

    python3 selftest.py            # checks corpus.jsonl and plans/ next to this file

Checks: required fields and types, unique ids, plan files exist and parse, run tasks match
their plan, step commitments name plan commitments, label consistency (fault <-> step index,
index inside steps, healthy <-> success), action effects, every bid an action uses is on the
page it acted on, observation shape, corpus balance, and that make_corpus.py regenerates the
same bytes.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
FAULTS = {"wrong_record", "wrong_value", "skipped_required_field", "silent_noop", "stale_page", "error_banner",
          "permission_denied", "premature_done", "dialog_cancelled", "wrong_option", "double_submit",
          "unsaved_navigation"}
# environment faults are labelled at the step whose observation first shows them
ENV_FAULTS = {"silent_noop", "stale_page", "error_banner", "permission_denied"}

errors = []


def fail(msg):
    errors.append(msg)


# --------------------------------------------------------------------------------------
# A small YAML-subset reader (block mappings/sequences, flow [..] and {..}, quoted and
# plain scalars, comments). Enough for plans written in the usual hand style. `on` is a
# string key here, as in YAML 1.2.
# --------------------------------------------------------------------------------------
class YamlError(ValueError):
    pass


def _strip_comment(line):
    out, q = [], None
    for i, ch in enumerate(line):
        if q:
            if ch == q and not (q == '"' and i and line[i - 1] == "\\"):
                q = None
        elif ch in "\"'" and (i == 0 or line[i - 1] in " \t[{,:-"):
            q = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        out.append(ch)
    return "".join(out).rstrip()


def _split_flow(body):
    parts, depth, q, cur = [], 0, None, []
    for i, ch in enumerate(body):
        if q:
            cur.append(ch)
            if ch == q and body[i - 1] != "\\":
                q = None
            continue
        if ch in "\"'" and not "".join(cur).strip():
            q = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


def _scalar(tok):
    tok = tok.strip()
    if tok == "":
        return None
    if tok.startswith("["):
        if not tok.endswith("]"):
            raise YamlError(f"unclosed flow sequence: {tok}")
        return [_scalar(p) for p in _split_flow(tok[1:-1])]
    if tok.startswith("{"):
        if not tok.endswith("}"):
            raise YamlError(f"unclosed flow mapping: {tok}")
        d = {}
        for p in _split_flow(tok[1:-1]):
            k, v = _kv(p)
            d[k] = _scalar(v)
        return d
    if tok.startswith('"'):
        return json.loads(tok)
    if tok.startswith("'"):
        return tok[1:-1].replace("''", "'")
    if re.fullmatch(r"-?\d+", tok):
        return int(tok)
    if re.fullmatch(r"-?\d*\.\d+", tok):
        return float(tok)
    if tok in ("null", "~"):
        return None
    if tok in ("true", "false"):
        return tok == "true"
    return tok


def _kv(text):
    q = None
    for i, ch in enumerate(text):
        if q:
            if ch == q:
                q = None
        elif ch in "\"'" and i == 0:
            q = ch
        elif ch == ":" and (i + 1 == len(text) or text[i + 1] == " "):
            key = text[:i].strip()
            if key[:1] in "\"'":
                key = _scalar(key)
            return key, text[i + 1:].strip()
    raise YamlError(f"expected 'key: value', got {text!r}")


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise YamlError("tab indentation")
        s = _strip_comment(raw)
        if s.strip():
            lines.append((len(s) - len(s.lstrip()), s.strip()))
    pos = [0]

    def block(indent):
        if pos[0] >= len(lines):
            return None
        if lines[pos[0]][1].startswith("- ") or lines[pos[0]][1] == "-":
            return seq(indent)
        return mapping(indent)

    def mapping(indent, first=None):
        d = {}
        if first is not None:
            k, v = _kv(first)
            d[k] = value(v, indent)
        while pos[0] < len(lines):
            ind, s = lines[pos[0]]
            if ind < indent or s.startswith("- "):
                break
            if ind > indent:
                raise YamlError(f"bad indentation at {s!r}")
            pos[0] += 1
            k, v = _kv(s)
            if k in d:
                raise YamlError(f"duplicate key {k!r}")
            d[k] = value(v, indent)
        return d

    def value(v, indent):
        if v != "":
            return _scalar(v)
        if pos[0] < len(lines) and (lines[pos[0]][0] > indent or
                                    (lines[pos[0]][0] == indent and lines[pos[0]][1].startswith("- "))):
            return block(lines[pos[0]][0])
        return None

    def seq(indent):
        out = []
        while pos[0] < len(lines):
            ind, s = lines[pos[0]]
            if ind != indent or not s.startswith("-"):
                break
            pos[0] += 1
            item = s[1:].strip()
            if item == "":
                out.append(block(lines[pos[0]][0]) if pos[0] < len(lines) else None)
            elif item[0] not in "[{\"'" and re.match(r"^[^:]+:( |$)", item):
                out.append(mapping(indent + 2, first=item))
            else:
                out.append(_scalar(item))
        return out

    result = block(0)
    if pos[0] != len(lines):
        raise YamlError(f"could not parse from line {lines[pos[0]][1]!r}")
    return result


# --------------------------------------------------------------------------------------
def check_evidence(where, items):
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
            on = it.get("on", "state")
            if on not in ("state", "action", "both"):
                fail(f"{where}: evidence 'on' must be state|action|both, got {on!r}")
        else:
            fail(f"{where}: evidence item must be a string or mapping, got {type(it).__name__}")


def check_plan(path):
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        plan = load_yaml(text)
    except (OSError, YamlError, json.JSONDecodeError) as e:
        fail(f"{path}: cannot load plan: {e}")
        return None
    name = os.path.relpath(path, HERE)
    if not isinstance(plan, dict):
        fail(f"{name}: plan is not a mapping")
        return None
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        fail(f"{name}: task missing")
    pf = plan.get("plan_falsifiers", {}) or {}
    if not isinstance(pf, dict) or set(pf) - SCOPES:
        fail(f"{name}: plan_falsifiers must map scopes {sorted(SCOPES)}")
    else:
        for sc, items in pf.items():
            check_evidence(f"{name} plan_falsifiers.{sc}", items)
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        fail(f"{name}: commitments missing")
        return plan
    seen = set()
    for c in cms:
        cid = c.get("id") if isinstance(c, dict) else None
        if not isinstance(cid, str) or not cid:
            fail(f"{name}: commitment without id")
            continue
        if cid in seen:
            fail(f"{name}: duplicate commitment id {cid}")
        seen.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            fail(f"{name}:{cid}: subgoal missing")
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            fail(f"{name}:{cid}: confidence must be in [0, 1]")
        conf = c.get("confirm", {}) or {}
        fals = c.get("falsify", {}) or {}
        if not isinstance(conf, dict) or set(conf) - STAGES:
            fail(f"{name}:{cid}: confirm stages must be {sorted(STAGES)}")
        else:
            for st, items in conf.items():
                check_evidence(f"{name}:{cid} confirm.{st}", items)
        if not isinstance(fals, dict) or set(fals) - SCOPES:
            fail(f"{name}:{cid}: falsify scopes must be {sorted(SCOPES)}")
        else:
            for sc, items in fals.items():
                check_evidence(f"{name}:{cid} falsify.{sc}", items)
    # round trip: the YAML must also read the same with PyYAML when it is installed
    try:
        import yaml  # noqa: optional, not required
    except ImportError:
        yaml = None
    if yaml is not None:
        other = yaml.safe_load(text)

        def norm(x):  # PyYAML (YAML 1.1) reads the key `on` as True
            if isinstance(x, dict):
                return {("on" if k is True else k): norm(v) for k, v in x.items()}
            if isinstance(x, list):
                return [norm(v) for v in x]
            return x
        if norm(other) != plan:
            fail(f"{name}: the stdlib reader and PyYAML disagree about this plan")
    return plan


def check_obs(where, o):
    if not isinstance(o, dict):
        fail(f"{where}: observation must be an object")
        return
    for k in ("url", "title", "text"):
        if not isinstance(o.get(k), str) or not o[k]:
            fail(f"{where}: observation.{k} missing")
    if "error" not in o or not (o["error"] is None or isinstance(o["error"], str)):
        fail(f"{where}: observation.error must be present (string or null)")
    t = o.get("text", "")
    if not t.startswith("RootWebArea "):
        fail(f"{where}: observation.text should start with the RootWebArea line")
    for line in t.split("\n")[1:]:
        s = line.strip()
        if not re.match(r"^(\[a\d+\] )?[A-Za-z]+ (['\"]).*", s):
            fail(f"{where}: malformed AXTree line {s[:60]!r}")
            break
    bids = re.findall(r"^\s*\[(a\d+)\]", t, re.M)
    if len(bids) != len(set(bids)):
        fail(f"{where}: duplicate bids on one page")


def main():
    plans = {}
    runs = []
    with open(CORPUS, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError as e:
                fail(f"corpus.jsonl:{n}: not JSON: {e}")
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        fail("run ids are not unique")
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail(f"{rid}: missing field {k}")
        if not isinstance(r.get("task"), str) or not r["task"]:
            fail(f"{rid}: task missing")
        plan = None
        if isinstance(r.get("plan"), str):
            p = os.path.normpath(os.path.join(HERE, r["plan"]))
            if not os.path.isfile(p):
                fail(f"{rid}: plan file {r['plan']} does not exist")
            else:
                if p not in plans:
                    plans[p] = check_plan(p)
                plan = plans[p]
        elif isinstance(r.get("plan"), dict):
            plan = r["plan"]
        else:
            fail(f"{rid}: plan must be a path or an inline object")
        if plan and plan.get("task") != r.get("task"):
            fail(f"{rid}: task differs from its plan's task")
        cids = {c.get("id") for c in (plan or {}).get("commitments", []) if isinstance(c, dict)}
        lab = r.get("label", {})
        if not isinstance(lab, dict) or "fault" not in lab or "first_off_track_step" not in lab:
            fail(f"{rid}: label needs fault and first_off_track_step")
            continue
        steps = r.get("steps", [])
        if not isinstance(steps, list) or not steps:
            fail(f"{rid}: steps must be a non-empty list")
            continue
        fault, idx = lab["fault"], lab["first_off_track_step"]
        if fault is None:
            if idx is not None:
                fail(f"{rid}: healthy run with a first_off_track_step")
            if r["outcome"].get("success") is not True:
                fail(f"{rid}: healthy run should succeed")
        else:
            if fault not in FAULTS:
                fail(f"{rid}: unknown fault kind {fault!r}")
            if not isinstance(idx, int) or isinstance(idx, bool) or not 0 <= idx < len(steps):
                fail(f"{rid}: first_off_track_step {idx!r} is not a valid step index")
            if r["outcome"].get("success") is not False:
                fail(f"{rid}: faulty run should not succeed")
            if fault not in rid:
                fail(f"{rid}: id does not name its fault kind")
        if not isinstance(r["outcome"].get("success"), bool):
            fail(f"{rid}: outcome.success must be a bool")
        check_obs(f"{rid} initial_observation", r["initial_observation"])
        prev = r["initial_observation"]
        for i, s in enumerate(steps):
            where = f"{rid} step {i}"
            a = s.get("action", {})
            for k in ("command", "reasoning", "target", "effect"):
                if not isinstance(a.get(k), str) or not a[k]:
                    fail(f"{where}: action.{k} missing")
            if a.get("effect") not in EFFECTS:
                fail(f"{where}: action.effect {a.get('effect')!r} not in {sorted(EFFECTS)}")
            if "commitment" in s and s["commitment"] not in cids:
                fail(f"{where}: commitment {s['commitment']!r} is not in the plan")
            m = re.match(r"^(click|fill|select_option|press)\('(a\d+)'", a.get("command", ""))
            if m:
                bid = m.group(2)
                hit = re.search(r"^\s*\[" + bid + r"\] (.*)$", prev["text"], re.M)
                if not hit:
                    fail(f"{where}: bid {bid} is not on the page the action ran on")
                elif not hit.group(1).startswith(a.get("target", "")):
                    fail(f"{where}: target {a.get('target')!r} does not match the node {hit.group(1)[:60]!r}")
            elif not a.get("command", "").startswith("send_msg_to_user("):
                fail(f"{where}: unexpected command {a.get('command')!r}")
            check_obs(where, s.get("observation"))
            prev = s.get("observation") or prev
        if fault in ENV_FAULTS and isinstance(idx, int) and 0 <= idx < len(steps):
            before = r["initial_observation"] if idx == 0 else steps[idx - 1]["observation"]
            if fault != "silent_noop" and steps[idx]["observation"]["text"] == before["text"]:
                fail(f"{rid}: environment fault step should show the fault in its observation")
            if fault == "silent_noop" and steps[idx]["observation"]["text"] != before["text"]:
                fail(f"{rid}: a silent no-op should leave the page unchanged")
    # balance
    healthy = [r for r in runs if r["label"]["fault"] is None]
    faulty = [r for r in runs if r["label"]["fault"] is not None]
    wfs = {}
    for r in runs:
        wfs[r["workflow"]] = wfs.get(r["workflow"], 0) + 1
    if (len(runs), len(healthy), len(faulty)) != (20, 8, 12):
        fail(f"expected 20 runs (8 healthy, 12 faulty), got {len(runs)} ({len(healthy)}, {len(faulty)})")
    if len(wfs) != 2 or any(not 8 <= n <= 12 for n in wfs.values()):
        fail(f"expected 2 workflows of about 10 runs, got {wfs}")
    for w in wfs:
        if not os.path.isfile(os.path.join(HERE, "plans", f"{w}.yaml")):
            fail(f"plans/{w}.yaml missing")
    # determinism: regenerate into a temp folder and compare bytes
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", tmp], check=True,
                       stdout=subprocess.DEVNULL)
        for rel in ["corpus.jsonl"] + [os.path.join("plans", f"{w}.yaml") for w in wfs]:
            with open(os.path.join(HERE, rel), "rb") as a, open(os.path.join(tmp, rel), "rb") as b:
                if a.read() != b.read():
                    fail(f"{rel} differs from a fresh generation (stale or nondeterministic)")
    if errors:
        for e in errors:
            print("FAIL", e)
        print(f"{len(errors)} problem(s)")
        return 1
    print(f"ok: {len(runs)} runs ({len(healthy)} healthy, {len(faulty)} faulty) over {sorted(wfs)}; "
          f"{len(plans)} plans parse; labels, bids and commitments consistent; generation is deterministic")
    return 0


if __name__ == "__main__":
    sys.exit(main())
