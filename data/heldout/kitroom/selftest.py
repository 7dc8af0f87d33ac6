#!/usr/bin/env python3
"""Self-test for the KitRoom held-out corpus.

Checks the corpus and plan against the fcpkit format contract (FORMATS.md):
fields, labels, observation text shape, that every bid an action uses exists on
the page it was acted on, and that make_corpus.py is byte-for-byte reproducible.

    python3 selftest.py         # exits 0 when everything passes
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
N_RUNS, N_HEALTHY, N_FAULTY = 20, 8, 12
EFFECTS = {"read", "write", "irreversible"}
ON = {"state", "action", "both"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
REQUIRED_FAULTS = {"wrong_record", "wrong_value", "silent_no_op", "unrequested_filter", "premature_success",
                   "skipped_step", "dialog_mishandled"}
ONE_OF_FAULTS = [{"permission_denied", "error_page"}, {"session_expired", "stale_filter"}]
BID_VERBS = {"click", "dblclick", "fill", "select_option", "press", "hover", "focus", "clear", "check",
             "uncheck", "upload_file", "drag_and_drop"}
NO_BID_VERBS = {"send_msg_to_user", "noop", "go_back", "go_forward", "goto", "scroll", "report_infeasible",
                "new_tab", "tab_close", "tab_focus", "keyboard_press", "keyboard_type", "mouse_click"}
LINE_RE = re.compile(
    r"^(RootWebArea ('[^\n]*'|\"[^\n]*\")(, [^\n]+)?"
    r"|\t+\[\d+\] [a-zA-Z]+ ('[^\n]*'|\"[^\n]*\")(, [^\n]+)?"
    r"|\t+StaticText ('[^\n]*'|\"[^\n]*\"))$")
BID_RE = re.compile(r"^\t*\[(\d+)\] ", re.M)

failures = []


def check(cond, msg):
    if not cond:
        failures.append(msg)
    return cond


# ---------------------------------------------------------------------------
# YAML: PyYAML when installed, else a small parser for the subset the plan uses
# ---------------------------------------------------------------------------
def _split_flow(s):
    out, depth, cur, quote = [], 0, "", None
    for ch in s:
        if quote:
            cur += ch
            if ch == quote and not cur.endswith("\\" + quote):
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _scalar(s):
    s = s.strip()
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'"):
        return s[1:-1].replace("''", "'")
    if s.startswith("["):
        return [_scalar(x) for x in _split_flow(s[1:-1])]
    if s.startswith("{"):
        d = {}
        for part in _split_flow(s[1:-1]):
            k, v = part.split(":", 1)
            d[k.strip()] = _scalar(v)
        return d
    if s in ("null", "~", ""):
        return None
    if s in ("true", "false"):
        return s == "true"
    try:
        return int(s)
    except ValueError:
        pass
    try:
        return float(s)
    except ValueError:
        return s


def _key_split(s):
    """'key: rest' -> (key, rest) when s starts with a plain mapping key, else None."""
    m = re.match(r"^([A-Za-z_][\w-]*):(\s+(.*))?$", s)
    if not m:
        return None
    return m.group(1), (m.group(3) or "")


def mini_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        lines.append((len(raw) - len(raw.lstrip(" ")), raw.strip()))

    def block(i, indent):
        if lines[i][1].startswith("- "):
            return seq(i, indent)
        return mapping(i, indent)

    def mapping(i, indent, first=None):
        d = {}
        if first is not None:
            k, rest = first
            if rest:
                d[k] = _scalar(rest)
            elif i < len(lines) and lines[i][0] > indent:
                d[k], i = block(i, lines[i][0])
            else:
                d[k] = None
        while i < len(lines) and lines[i][0] == indent and not lines[i][1].startswith("- "):
            k, rest = _key_split(lines[i][1])
            i += 1
            if rest:
                d[k] = _scalar(rest)
            elif i < len(lines) and lines[i][0] > indent:
                d[k], i = block(i, lines[i][0])
            else:
                d[k] = None
        return d, i

    def seq(i, indent):
        out = []
        while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("- "):
            body = lines[i][1][2:].strip()
            ks = _key_split(body) if not body.startswith(("{", "[", '"', "'")) else None
            if ks:
                item, i = mapping(i + 1, indent + 2, first=ks)
            else:
                item, i = _scalar(body), i + 1
            out.append(item)
        return out, i

    value, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError(f"mini_yaml: unparsed line {lines[i]}")
    return value


def load_yaml(text):
    try:
        import yaml  # noqa: F401
    except ImportError:
        return mini_yaml(text)
    import yaml
    a = _on_key(yaml.safe_load(text))
    check(a == mini_yaml(text), "plan: PyYAML and the fallback parser disagree")
    return a


def _on_key(x):
    """YAML 1.1 (PyYAML) reads a bare `on:` key as the boolean True; the contract's key is "on"."""
    if isinstance(x, dict):
        return {("on" if k is True else k): _on_key(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_on_key(v) for v in x]
    return x


# ---------------------------------------------------------------------------
def check_evidence(items, where):
    check(isinstance(items, list), f"{where}: not a list")
    for it in items or []:
        if isinstance(it, str):
            check(it.strip() != "", f"{where}: empty evidence string")
        elif isinstance(it, dict):
            check(isinstance(it.get("text"), str) and it["text"].strip(), f"{where}: mapping item without text")
            check(it.get("on", "state") in ON, f"{where}: bad on: {it.get('on')}")
        else:
            check(False, f"{where}: evidence item is {type(it).__name__}")


def check_plan(path):
    with open(path, encoding="utf-8") as f:
        plan = load_yaml(f.read())
    check(isinstance(plan.get("task"), str) and plan["task"], "plan: task missing")
    pf = plan.get("plan_falsifiers", {})
    check(isinstance(pf, dict), "plan: plan_falsifiers not a mapping")
    for scope, items in pf.items():
        check(scope in SCOPES, f"plan: plan_falsifiers scope {scope}")
        check_evidence(items, f"plan_falsifiers.{scope}")
    texts = [x if isinstance(x, str) else x["text"] for v in pf.values() for x in v]
    check(any("Sign in to KitRoom" in t for t in texts), "plan: no plan-level falsifier naming the sign-in page")
    ids = []
    n_action = 0
    for c in plan.get("commitments", []):
        cid = c.get("id")
        check(isinstance(cid, str) and cid, "plan: commitment without id")
        ids.append(cid)
        check(isinstance(c.get("subgoal"), str) and c["subgoal"], f"plan: {cid} without subgoal")
        conf = c.get("confidence", 0.5)
        check(isinstance(conf, (int, float)) and 0 <= conf <= 1, f"plan: {cid} confidence {conf}")
        for stage, items in (c.get("confirm") or {}).items():
            check(stage in STAGES, f"plan: {cid} confirm stage {stage}")
            check_evidence(items, f"{cid}.confirm.{stage}")
        for scope, items in (c.get("falsify") or {}).items():
            check(scope in SCOPES, f"plan: {cid} falsify scope {scope}")
            check_evidence(items, f"{cid}.falsify.{scope}")
            n_action += sum(1 for x in items if isinstance(x, dict) and x.get("on") in ("action", "both"))
    check(len(ids) == len(set(ids)) and ids, "plan: commitment ids missing or not unique")
    check(n_action > 0, "plan: no action falsifiers (on: action)")
    return plan, ids


def bid_of(command):
    m = re.match(r"^(\w+)\((.*)\)$", command, re.S)
    if not m:
        return None, None
    verb, args = m.group(1), m.group(2)
    if verb in BID_VERBS:
        b = re.match(r"^\s*['\"]([^'\"]+)['\"]", args)
        return verb, (b.group(1) if b else "")
    return verb, None


def check_obs(o, where):
    if not check(isinstance(o, dict), f"{where}: observation not an object"):
        return set()
    for k in ("url", "title", "text"):
        check(isinstance(o.get(k), str) and o[k], f"{where}: observation.{k} missing")
    check("error" in o and (o["error"] is None or isinstance(o["error"], str)), f"{where}: observation.error")
    text = o.get("text", "")
    lines = text.split("\n")
    check(lines[0].startswith("RootWebArea "), f"{where}: text does not start with RootWebArea")
    for ln in lines:
        if not LINE_RE.match(ln):
            check(False, f"{where}: bad AXTree line {ln!r}")
            break
    bids = BID_RE.findall(text)
    check(len(bids) == len(set(bids)), f"{where}: duplicate bids on one page")
    check(o.get("title") and o["title"] in lines[0], f"{where}: title not in RootWebArea line")
    return set(bids)


def check_corpus(plan, ids):
    with open(CORPUS, encoding="utf-8") as f:
        raw = f.read()
    check(raw.endswith("\n"), "corpus: no trailing newline")
    rows = [json.loads(x) for x in raw.splitlines() if x.strip()]
    check(len(rows) == N_RUNS, f"corpus: {len(rows)} runs, want {N_RUNS}")
    seen = set()
    healthy = faulty = 0
    faults = set()
    for r in rows:
        rid = r.get("id")
        check(isinstance(rid, str) and rid not in seen, f"corpus: bad or duplicate id {rid}")
        seen.add(rid)
        for k in ("workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in r, f"{rid}: missing {k}")
        check(r.get("task") == plan["task"], f"{rid}: task differs from the plan's task")
        if isinstance(r.get("plan"), str):
            check(os.path.exists(os.path.join(HERE, r["plan"])), f"{rid}: plan path {r['plan']} missing")
        steps = r.get("steps", [])
        check(isinstance(steps, list) and steps, f"{rid}: no steps")
        lab = r.get("label", {})
        fault, first = lab.get("fault"), lab.get("first_off_track_step")
        succ = r.get("outcome", {}).get("success")
        check(isinstance(succ, bool), f"{rid}: outcome.success not a bool")
        if fault is None:
            healthy += 1
            check(first is None, f"{rid}: healthy run with first_off_track_step {first}")
            check(succ is True, f"{rid}: healthy run not successful")
        else:
            faulty += 1
            faults.add(fault)
            check(isinstance(fault, str) and fault, f"{rid}: fault not a string")
            check(isinstance(first, int) and not isinstance(first, bool) and 0 <= first < len(steps),
                  f"{rid}: first_off_track_step {first} outside 0..{len(steps) - 1}")
            check(succ is False, f"{rid}: faulty run marked successful")
        page_bids = check_obs(r.get("initial_observation"), f"{rid} initial")
        for i, s in enumerate(steps):
            where = f"{rid} step {i}"
            a = s.get("action", {})
            for k in ("command", "reasoning", "effect"):
                check(isinstance(a.get(k), str) and a[k], f"{where}: action.{k} missing")
            check("target" in a, f"{where}: action.target missing")
            check(a.get("effect") in EFFECTS, f"{where}: effect {a.get('effect')}")
            if "commitment" in s:
                check(s["commitment"] in ids, f"{where}: unknown commitment {s['commitment']}")
            verb, bid = bid_of(a.get("command", ""))
            check(verb in BID_VERBS | NO_BID_VERBS, f"{where}: unknown action {a.get('command')!r}")
            if verb in BID_VERBS:
                check(bid in page_bids, f"{where}: bid {bid!r} not on the page acted on")
            page_bids = check_obs(s.get("observation"), where)
        if fault == "stale_filter":
            check(first == 0, f"{rid}: start-page fault not labelled 0")
    check(healthy == N_HEALTHY, f"corpus: {healthy} healthy runs, want {N_HEALTHY}")
    check(faulty == N_FAULTY, f"corpus: {faulty} faulty runs, want {N_FAULTY}")
    missing = REQUIRED_FAULTS - faults
    check(not missing, f"corpus: fault kinds missing: {sorted(missing)}")
    for group in ONE_OF_FAULTS:
        check(faults & group, f"corpus: none of {sorted(group)} present")
    # near misses must also live on healthy pages (otherwise bare ids are trivial falsifiers)
    htext = "\n".join(s["observation"]["text"] for r in rows if r["label"]["fault"] is None for s in r["steps"])
    for nm in ("KR-LT-0411", "KR-LT-0418", "KR-LT-0447", "KR-LT-0471", "PF3KX7Q7", "Dana Whitford",
               "Diana Whitfield", "overdue", "failed", "cancelled"):
        check(nm.lower() in htext.lower(), f"corpus: {nm!r} never appears on a healthy page")
    return rows


def check_determinism():
    with open(CORPUS, "rb") as f:
        want_c = f.read()
    with open(os.path.join(HERE, "plans", "kitroom_checkout.yaml"), "rb") as f:
        want_p = f.read()
    outs = []
    for _ in range(2):
        d = tempfile.mkdtemp(prefix="kitroom-")
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", d], check=True,
                       stdout=subprocess.DEVNULL, env=dict(os.environ, PYTHONHASHSEED="random"))
        with open(os.path.join(d, "corpus.jsonl"), "rb") as f:
            c = f.read()
        with open(os.path.join(d, "plans", "kitroom_checkout.yaml"), "rb") as f:
            p = f.read()
        outs.append((c, p))
    check(outs[0] == outs[1], "determinism: two fresh generations differ")
    check(outs[0][0] == want_c, "determinism: corpus.jsonl differs from a fresh generation")
    check(outs[0][1] == want_p, "determinism: plan differs from a fresh generation")


def main():
    plan, ids = check_plan(os.path.join(HERE, "plans", "kitroom_checkout.yaml"))
    rows = check_corpus(plan, ids)
    check_determinism()
    if failures:
        for f in failures:
            print("FAIL:", f)
        print(f"{len(failures)} check(s) failed")
        return 1
    h = sum(1 for r in rows if r["label"]["fault"] is None)
    print(f"ok: {len(rows)} runs ({h} healthy, {len(rows) - h} faulty), plan with {len(ids)} commitments, "
          f"generation reproducible")
    return 0


if __name__ == "__main__":
    sys.exit(main())
