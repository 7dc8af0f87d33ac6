#!/usr/bin/env python3
"""Self-test for the vetline held-out corpus (standard library only).

Checks, against the fcpkit format contract (FORMATS.md):
  * make_corpus.py is deterministic and the committed files are exactly what it writes;
  * the plan loads (small built-in YAML-subset reader; cross-checked with PyYAML if present)
    and has the required shape;
  * corpus.jsonl has 20 trajectories, 8 healthy and 12 faulty, with well-formed fields
    and labels;
  * every observation is a flattened accessibility tree ("[bid] role 'name'" lines) with
    unique bids;
  * every element action names a bid present on the page it was taken on (the previous
    observation), its `target` matches that node, and select_option values are options
    of that combobox.
"""
import ast
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
PLAN = os.path.join(HERE, "plans", "vet_checkin.yaml")
FAILS = []


def check(cond, msg):
    if not cond:
        FAILS.append(msg)
    return cond


# ---------------------------------------------------------------- tiny YAML subset reader
def _scalar(s):
    s = s.strip()
    if s == "[]":
        return []
    if s == "{}":
        return {}
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'"):
        return s[1:-1].replace("''", "'")
    if s in ("null", "~"):
        return None
    if s in ("true", "false"):
        return s == "true"
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    if s.startswith("{"):
        return _flow_map(s)
    return s


def _split_top(s, sep):
    out, cur, q = [], "", None
    for ch in s:
        if q:
            cur += ch
            if ch == q:
                q = None
        elif ch in "\"'":
            q = ch
            cur += ch
        elif ch == sep:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return out


def _keyval(s):
    """Split 'key: value' at the first top-level ': ' (or trailing ':')."""
    q = None
    for i, ch in enumerate(s):
        if q:
            if ch == q:
                q = None
        elif ch in "\"'":
            q = ch
        elif ch == ":" and (i + 1 == len(s) or s[i + 1] == " "):
            return _scalar(s[:i]), s[i + 1:].strip()
    return None


def _flow_map(s):
    assert s.startswith("{") and s.endswith("}"), s
    out = {}
    for part in _split_top(s[1:-1], ","):
        kv = _keyval(part.strip())
        assert kv, part
        out[kv[0]] = _scalar(kv[1])
    return out


def load_yaml_subset(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        ind = len(raw) - len(raw.lstrip(" "))
        lines.append((ind, raw.strip()))
    pos = [0]

    def block(ind):
        if lines[pos[0]][1].startswith("- "):
            return seq(ind)
        return mapping(ind)

    def seq(ind):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
            body = lines[pos[0]][1][2:]
            kv = _keyval(body) if not body.startswith(("{", '"', "'")) else None
            if kv:  # mapping inside a list item: its other keys sit at ind + 2
                lines[pos[0]] = (ind + 2, body)
                out.append(mapping(ind + 2))
            else:
                out.append(_scalar(body))
                pos[0] += 1
        return out

    def mapping(ind):
        out = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and not lines[pos[0]][1].startswith("- "):
            kv = _keyval(lines[pos[0]][1])
            assert kv, ("not a key: value line", lines[pos[0]])
            k, v = kv
            pos[0] += 1
            if v == "":
                nxt = lines[pos[0]][0] if pos[0] < len(lines) else -1
                out[k] = block(nxt) if nxt > ind else None
            else:
                out[k] = _scalar(v)
        return out

    res = block(0)
    assert pos[0] == len(lines), ("unparsed line", lines[pos[0]])
    return res


# ---------------------------------------------------------------- plan checks
STAGES = ("precondition", "progress", "completion")
SCOPES = ("execution", "skill", "planning")


def check_evidence(items, where):
    check(isinstance(items, list), f"{where}: evidence list expected")
    for it in items or []:
        if isinstance(it, dict):
            check(isinstance(it.get("text"), str) and it["text"], f"{where}: mapping item needs text")
            check(it.get("on", "state") in ("state", "action", "both"), f"{where}: bad on={it.get('on')!r}")
            check(set(it) <= {"text", "on"}, f"{where}: unexpected keys {sorted(it)}")
        else:
            check(isinstance(it, str) and it.strip(), f"{where}: evidence must be non-empty text")


def check_plan(plan):
    check(isinstance(plan, dict), "plan must be a mapping")
    check(isinstance(plan.get("task"), str), "plan.task missing")
    pf = plan.get("plan_falsifiers", {})
    check(isinstance(pf, dict), "plan_falsifiers must be a mapping")
    for sc, items in pf.items():
        check(sc in SCOPES, f"plan_falsifiers: unknown scope {sc}")
        check_evidence(items, f"plan_falsifiers.{sc}")
    check(any("Sign in to Vetline Desk" in (i if isinstance(i, str) else i["text"])
              for i in pf.get("execution", [])), "plan-level falsifier for the sign-in page missing")
    ids = []
    for c in plan.get("commitments", []):
        cid = c.get("id")
        check(isinstance(cid, str) and cid, "commitment without id")
        ids.append(cid)
        check(isinstance(c.get("subgoal"), str), f"{cid}: subgoal missing")
        conf = c.get("confidence", 0.5)
        check(isinstance(conf, (int, float)) and 0 <= conf <= 1, f"{cid}: confidence out of [0,1]")
        for st, items in (c.get("confirm") or {}).items():
            check(st in STAGES, f"{cid}: unknown confirm stage {st}")
            check_evidence(items, f"{cid}.confirm.{st}")
        for sc, items in (c.get("falsify") or {}).items():
            check(sc in SCOPES, f"{cid}: unknown falsify scope {sc}")
            check_evidence(items, f"{cid}.falsify.{sc}")
    check(len(ids) == len(set(ids)) and ids, "commitment ids must be unique and non-empty")
    n_action = sum(1 for c in plan["commitments"] for items in (c.get("falsify") or {}).values()
                   for i in items if isinstance(i, dict) and i.get("on") == "action")
    check(n_action >= 1, "plan should hold at least one on: action falsifier")
    return set(ids)


# ---------------------------------------------------------------- AXTree parsing
LINE = re.compile(r"^(\t*)(?:\[([A-Za-z0-9]+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")"
                  r"(?: value=('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"))?(?:, .*)?$")


def parse_tree(text, where):
    nodes = {}
    order = []
    lines = text.split("\n")
    check(lines[0].startswith("RootWebArea "), f"{where}: first line must be RootWebArea")
    for ln in lines[1:]:
        m = LINE.match(ln)
        if not check(m, f"{where}: malformed AXTree line {ln!r}"):
            continue
        depth, bid, role, name = len(m.group(1)), m.group(2), m.group(3), ast.literal_eval(m.group(4))
        if role != "StaticText":
            check(bid is not None, f"{where}: {role} node without bid")
        if bid:
            check(bid not in nodes, f"{where}: duplicate bid {bid}")
            nodes[bid] = (depth, role, name, len(order))
        order.append((depth, bid, role, name))
    return nodes, order


CMD = re.compile(r"^(click|dblclick|hover|focus|clear|fill|select_option|press)\('([^']+)'(?:, '(.*)')?\)$")
MSG = re.compile(r"^send_msg_to_user\('([^']*)'\)$")


def check_action(step, page, where):
    a = step["action"]
    nodes, order = page
    cmd = a["command"]
    m = CMD.match(cmd)
    if m:
        verb, bid, val = m.groups()
        if not check(bid in nodes, f"{where}: bid {bid} not on the page acted on"):
            return
        depth, role, name, idx = nodes[bid]
        check(a["target"] == f"{role} {name!r}", f"{where}: target {a['target']!r} != {role} {name!r}")
        if verb in ("fill", "press", "select_option"):
            check(val is not None, f"{where}: {verb} needs a value")
        if verb == "fill":
            check(role in ("textbox", "combobox", "searchbox"), f"{where}: fill on {role}")
        if verb == "select_option":
            opts = []
            for d, b, r, n in order[idx + 1:]:
                if d <= depth:
                    break
                if r == "option":
                    opts.append(n)
            check(val in opts, f"{where}: option {val!r} not offered by {bid}")
        if verb == "click":
            check(role in ("button", "link", "tab", "checkbox", "radio", "option", "menuitem"),
                  f"{where}: click on non-interactive {role}")
        return
    check(MSG.match(cmd), f"{where}: unrecognised command {cmd!r}")


# ---------------------------------------------------------------- corpus checks
FAULT_KINDS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_filter", "stale_filter",
               "permission_denied", "session_expired", "premature_success", "skipped_step",
               "dialog_mishandled"}


def check_obs(o, where):
    if not check(isinstance(o, dict), f"{where}: observation must be an object"):
        return None
    for k in ("url", "title", "text", "error"):
        check(k in o, f"{where}: observation.{k} missing")
    check(isinstance(o.get("url"), str) and o["url"].startswith("http://127.0.0.1:8710/"), f"{where}: url")
    check(isinstance(o.get("title"), str) and o["title"], f"{where}: title")
    check(o.get("error") is None or isinstance(o["error"], str), f"{where}: error must be str or null")
    check(o["text"].split("\n")[0] == f"RootWebArea {o['title']!r}, focused", f"{where}: root/title mismatch")
    return parse_tree(o.get("text", ""), where)


def check_corpus(runs, plan, ids):
    check(len(runs) == 20, f"expected 20 runs, got {len(runs)}")
    seen = set()
    healthy = [r for r in runs if r["label"]["fault"] is None]
    faulty = [r for r in runs if r["label"]["fault"] is not None]
    check(len(healthy) == 8, f"expected 8 healthy runs, got {len(healthy)}")
    check(len(faulty) == 12, f"expected 12 faulty runs, got {len(faulty)}")
    check({r["label"]["fault"] for r in faulty} == FAULT_KINDS,
          f"fault kinds differ: {sorted({r['label']['fault'] for r in faulty})}")
    for r in runs:
        rid = r.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in r, f"{rid}: field {k} missing")
        check(rid not in seen, f"{rid}: duplicate id")
        seen.add(rid)
        check(r["workflow"] == "vet_checkin", f"{rid}: workflow")
        check(r["task"] == plan["task"], f"{rid}: task differs from plan task")
        check(isinstance(r["plan"], str) and os.path.exists(os.path.join(HERE, r["plan"])), f"{rid}: plan path")
        lab = r["label"]
        check(set(lab) >= {"fault", "first_off_track_step"}, f"{rid}: label fields")
        steps = r["steps"]
        check(isinstance(steps, list) and steps, f"{rid}: steps must be a non-empty list")
        if lab["fault"] is None:
            check(lab["first_off_track_step"] is None, f"{rid}: healthy run with a step label")
            check(r["outcome"].get("success") is True, f"{rid}: healthy run must succeed")
            check(rid.startswith("vetline-healthy-"), f"{rid}: id naming")
            check(all(s["observation"]["error"] is None for s in steps), f"{rid}: healthy run with error")
            check(steps[-1]["action"]["command"].startswith("send_msg_to_user("), f"{rid}: healthy run must report")
        else:
            fs = lab["first_off_track_step"]
            check(isinstance(fs, int) and not isinstance(fs, bool) and 0 <= fs < len(steps),
                  f"{rid}: first_off_track_step {fs!r} out of range")
            check(r["outcome"].get("success") is False, f"{rid}: faulty run must fail")
            check(rid.startswith(f"vetline-{lab['fault']}-"), f"{rid}: id should name the fault")
        prev = check_obs(r["initial_observation"], f"{rid}/initial")
        for i, s in enumerate(steps):
            where = f"{rid}/step{i}"
            check(set(s) >= {"action", "observation"}, f"{where}: step fields")
            if "commitment" in s:
                check(s["commitment"] in ids, f"{where}: unknown commitment {s['commitment']!r}")
            a = s["action"]
            for k in ("command", "reasoning", "target", "effect"):
                check(isinstance(a.get(k), str) and a[k], f"{where}: action.{k} missing")
            check(a.get("effect") in ("read", "write", "irreversible"), f"{where}: effect {a.get('effect')!r}")
            if prev:
                check_action(s, prev, where)
            prev = check_obs(s["observation"], where)


def check_determinism():
    mk = os.path.join(HERE, "make_corpus.py")
    outs = []
    for _ in range(2):
        d = tempfile.mkdtemp(prefix="vetline-")
        subprocess.run([sys.executable, mk, "--out", d], check=True, capture_output=True,
                       env={"PATH": os.environ.get("PATH", ""), "PYTHONHASHSEED": "random"})
        blobs = []
        for rel in ("corpus.jsonl", os.path.join("plans", "vet_checkin.yaml")):
            with open(os.path.join(d, rel), "rb") as f:
                blobs.append(f.read())
        outs.append(blobs)
    check(outs[0] == outs[1], "make_corpus.py is not deterministic across two runs")
    for rel, blob in zip(("corpus.jsonl", os.path.join("plans", "vet_checkin.yaml")), outs[0]):
        with open(os.path.join(HERE, rel), "rb") as f:
            check(f.read() == blob, f"{rel} differs from what make_corpus.py writes (regenerate)")


def main():
    check_determinism()
    with open(PLAN, encoding="utf-8") as f:
        plan_text = f.read()
    plan = load_yaml_subset(plan_text)
    try:
        import yaml  # optional cross-check only
        check(yaml.safe_load(plan_text) == plan, "built-in YAML reader and PyYAML disagree on the plan")
    except ImportError:
        pass
    ids = check_plan(plan)
    with open(CORPUS, encoding="utf-8") as f:
        raw = f.read()
    check(raw.endswith("\n"), "corpus.jsonl should end with a newline")
    runs = [json.loads(line) for line in raw.splitlines() if line.strip()]
    check_corpus(runs, plan, ids)
    # round-trip: each line is exactly the compact JSON of its object
    for line, r in zip(raw.splitlines(), runs):
        check(json.dumps(r, ensure_ascii=False) == line, f"{r['id']}: JSON line does not round-trip")
    if FAILS:
        for m in FAILS[:50]:
            print("FAIL:", m)
        print(f"{len(FAILS)} problem(s)")
        sys.exit(1)
    n_steps = sum(len(r["steps"]) for r in runs)
    print(f"ok: {len(runs)} runs ({sum(r['label']['fault'] is None for r in runs)} healthy), "
          f"{n_steps} steps, plan with {len(ids)} commitments")


if __name__ == "__main__":
    main()
