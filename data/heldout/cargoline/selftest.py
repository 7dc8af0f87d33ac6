#!/usr/bin/env python3
"""Validate the Cargoline corpus and plan against the fcpkit format contract (stdlib only).

usage: python3 selftest.py      (run inside this folder; exits non-zero on failure)
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FAILS = []


def check(cond, msg):
    if not cond:
        FAILS.append(msg)
    return cond


# --------------------------------------------------------------------------- tiny YAML subset parser
# Enough YAML for hand-written plans: comments, block mappings/sequences, flow [..] and {..},
# single/double-quoted and plain scalars, numbers, booleans. Keys are strings (YAML 1.2 style:
# a bare `on` key stays the string "on").

def _scalar(s):
    s = s.strip()
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'"):
        return s[1:-1].replace("''", "'")
    if s.startswith("[") or s.startswith("{"):
        return _flow(s)
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    if s in ("true", "True"):
        return True
    if s in ("false", "False"):
        return False
    if s in ("null", "~", ""):
        return None
    return s


def _split_flow(body):
    parts, depth, cur, q = [], 0, "", None
    for ch in body:
        if q:
            cur += ch
            if ch == q:
                q = None
            continue
        if ch in "\"'" and not cur.strip():
            q = ch
            cur += ch
            continue
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return parts


def _flow(s):
    s = s.strip()
    if s.startswith("["):
        assert s.endswith("]"), f"unterminated flow sequence: {s}"
        return [_scalar(p) for p in _split_flow(s[1:-1])]
    assert s.endswith("}"), f"unterminated flow mapping: {s}"
    out = {}
    for p in _split_flow(s[1:-1]):
        k, v = p.split(":", 1)
        out[k.strip()] = _scalar(v)
    return out


def _key_value(text):
    m = re.match(r"^([A-Za-z_][\w\-]*)\s*:(\s+(.*))?$", text)
    assert m, f"not a mapping line: {text!r}"
    return m.group(1), (m.group(3) or "")


def yaml_load(src):
    lines = []
    for raw in src.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        lines.append([len(raw) - len(raw.lstrip(" ")), raw.strip()])

    def block(i, ind):
        if lines[i][1].startswith("- "):
            return seq(i, ind)
        return mapping(i, ind)

    def mapping(i, ind):
        out = {}
        while i < len(lines) and lines[i][0] == ind and not lines[i][1].startswith("- "):
            k, v = _key_value(lines[i][1])
            i += 1
            if v == "":
                if i < len(lines) and lines[i][0] > ind:
                    out[k], i = block(i, lines[i][0])
                else:
                    out[k] = None
            else:
                out[k] = _scalar(v)
        return out, i

    def seq(i, ind):
        out = []
        while i < len(lines) and lines[i][0] == ind and lines[i][1].startswith("- "):
            rest = lines[i][1][2:].strip()
            if re.match(r"^[A-Za-z_][\w\-]*\s*:(\s|$)", rest):
                lines[i] = [ind + 2, rest]
                item, i = mapping(i, ind + 2)
                out.append(item)
            else:
                out.append(_scalar(rest))
                i += 1
        return out, i

    val, i = block(0, lines[0][0])
    assert i == len(lines), f"unparsed YAML from line {i}: {lines[i]}"
    return val


# --------------------------------------------------------------------------- plan checks

STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}


def check_evidence_list(items, where):
    if not check(isinstance(items, list), f"{where}: evidence must be a list"):
        return
    for it in items:
        if isinstance(it, str):
            check(it.strip() != "", f"{where}: empty evidence string")
        elif isinstance(it, dict):
            check(isinstance(it.get("text"), str) and it["text"].strip(), f"{where}: mapping evidence needs text")
            check(it.get("on", "state") in ("state", "action", "both"), f"{where}: bad 'on' in {it}")
            check(set(it) <= {"text", "on"}, f"{where}: unexpected keys {set(it)}")
        else:
            check(False, f"{where}: evidence item of type {type(it).__name__}")


def check_plan(plan):
    check(isinstance(plan.get("task"), str) and plan["task"], "plan.task missing")
    pf = plan.get("plan_falsifiers", {})
    check(isinstance(pf, dict) and set(pf) <= SCOPES, f"plan_falsifiers scopes: {list(pf)}")
    for sc, items in pf.items():
        check_evidence_list(items, f"plan_falsifiers.{sc}")
    cs = plan.get("commitments")
    check(isinstance(cs, list) and cs, "plan.commitments missing")
    ids = [c.get("id") for c in cs]
    check(len(ids) == len(set(ids)), f"duplicate commitment ids {ids}")
    for c in cs:
        w = f"commitment {c.get('id')}"
        check(isinstance(c.get("id"), str) and c["id"], f"{w}: id")
        check(isinstance(c.get("subgoal"), str) and c["subgoal"], f"{w}: subgoal")
        k = c.get("confidence", 0.5)
        check(isinstance(k, (int, float)) and 0 <= k <= 1, f"{w}: confidence {k}")
        check("skill" not in c or isinstance(c["skill"], str), f"{w}: skill")
        conf, fal = c.get("confirm", {}), c.get("falsify", {})
        check(set(conf) <= STAGES, f"{w}: confirm stages {list(conf)}")
        check(set(fal) <= SCOPES, f"{w}: falsify scopes {list(fal)}")
        for st, items in conf.items():
            check_evidence_list(items, f"{w}.confirm.{st}")
        for sc, items in fal.items():
            check_evidence_list(items, f"{w}.falsify.{sc}")
    # the FCU features this corpus promises to exercise
    all_items = [it for sc in pf.values() for it in sc]
    for c in cs:
        all_items += [it for v in c.get("confirm", {}).values() for it in v]
        all_items += [it for v in c.get("falsify", {}).values() for it in v]
    check(any(isinstance(i, dict) and i.get("on") == "action" for i in all_items), "no action falsifiers")
    check(any(isinstance(i, str) and re.fullmatch(r"(BKG|CI)-\d+", i) for i in all_items), "no bare near-miss ids")
    check(any(isinstance(i, str) and i.endswith("· Cargoline") for i in all_items), "no page-title statements")
    check(any(isinstance(i, str) and re.search(r"\b(no|still|missing|not)\b", i, re.I) for i in all_items),
          "no absence statements")
    return ids


# --------------------------------------------------------------------------- corpus checks

LINE_RE = re.compile(r"""^\t*(\[(\d+)\] )?([A-Za-z]+) ('([^'\\]|\\.)*'|"([^"\\]|\\.)*")(, [\w\-]+(=('[^']*'|"[^"]*"|[\w.\-]+))?)*$""")
CMD_RE = re.compile(r"^(click|fill|press|goto|scroll|send_msg_to_user|select_option|hover|noop)\((.*)\)$", re.S)
EFFECTS = {"read", "write", "irreversible"}
ENV_FAULTS = {"silent_noop", "ignored_error", "unexpected_dialog", "session_expired", "stale_filter",
              "permission_refusal"}


def parse_page(text, where):
    lines = text.split("\n")
    nodes = {}
    check(lines[0].startswith("RootWebArea "), f"{where}: first line must be RootWebArea")
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not check(m, f"{where}: bad AXTree line {ln!r}"):
            continue
        if m.group(2):
            check(m.group(2) not in nodes, f"{where}: duplicate bid {m.group(2)}")
            nodes[m.group(2)] = f"{m.group(3)} {m.group(4)}"
    return nodes


def check_obs(o, where, furniture=True):
    check(isinstance(o, dict), f"{where}: observation must be an object")
    for k in ("url", "title", "text", "error"):
        check(k in o, f"{where}: observation.{k} missing")
    check(o["error"] is None or isinstance(o["error"], str), f"{where}: error type")
    check(o["text"].split("\n")[0] == f"RootWebArea {o['title']!r}, focused", f"{where}: root line/title mismatch")
    for t in o.get("tabs", []):
        check(set(t) >= {"url", "title"}, f"{where}: tab entry")
    nodes = parse_page(o["text"], where)
    if furniture and not o["title"].startswith("Sign in"):
        for needle in ["banner ''", "combobox 'Search shipments, bookings, containers…'", "navigation 'Main'",
                       "navigation 'Breadcrumb'", "contentinfo ''", "link 'Help centre'"]:
            check(needle in o["text"], f"{where}: missing furniture {needle}")
    return nodes


def main():
    corpus_path = os.path.join(HERE, "corpus.jsonl")
    plan_path = os.path.join(HERE, "plans", "cargoline.yaml")

    # 1. determinism: regenerate into a temp dir and compare bytes
    with tempfile.TemporaryDirectory() as td:
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), td], check=True,
                       stdout=subprocess.DEVNULL)
        for rel in ("corpus.jsonl", "plans/cargoline.yaml"):
            with open(os.path.join(td, rel), "rb") as a, open(os.path.join(HERE, rel), "rb") as b:
                check(a.read() == b.read(), f"{rel}: regenerated output differs (not deterministic or stale)")

    # 2. plan
    src = open(plan_path, encoding="utf-8").read()
    plan = yaml_load(src)
    cids = check_plan(plan)
    try:  # optional cross-check with PyYAML (YAML 1.1 reads a bare `on` key as True)
        import yaml  # noqa
        def fix(x):
            if isinstance(x, dict):
                return {("on" if k is True else k): fix(v) for k, v in x.items()}
            if isinstance(x, list):
                return [fix(v) for v in x]
            return x
        check(fix(yaml.safe_load(src)) == plan, "plan: PyYAML and the subset parser disagree")
    except ImportError:
        pass
    check(json.loads(json.dumps(plan)) == plan, "plan does not round-trip through JSON")

    # 3. corpus
    raw = open(corpus_path, encoding="utf-8").read().split("\n")
    check(raw[-1] == "", "corpus must end with a newline")
    rows = [json.loads(l) for l in raw if l]
    for l in raw:
        if l:
            check(json.dumps(json.loads(l), ensure_ascii=False) == l, "corpus line does not round-trip")
    check(len(rows) == 20, f"expected 20 trajectories, got {len(rows)}")
    ids = [r["id"] for r in rows]
    check(len(ids) == len(set(ids)), "duplicate trajectory ids")
    healthy = [r for r in rows if r["label"]["fault"] is None]
    faulty = [r for r in rows if r["label"]["fault"] is not None]
    check(len(healthy) == 8 and len(faulty) == 12, f"healthy/faulty = {len(healthy)}/{len(faulty)}")
    faults = {r["label"]["fault"] for r in faulty}
    check(len(faults) >= 8, f"only {len(faults)} fault classes")

    for r in rows:
        w = r["id"]
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in r, f"{w}: missing {k}")
        check(r["workflow"] == "cargoline", f"{w}: workflow")
        check(r["task"] == plan["task"], f"{w}: task differs from plan.task")
        check(isinstance(r["plan"], str) and os.path.exists(os.path.join(HERE, r["plan"])), f"{w}: plan path")
        lab = r["label"]
        k = lab["first_off_track_step"]
        if lab["fault"] is None:
            check(k is None, f"{w}: healthy with off-track step")
            check(r["outcome"]["success"] is True, f"{w}: healthy must succeed")
        else:
            check(isinstance(k, int) and 0 <= k < len(r["steps"]), f"{w}: bad first_off_track_step {k}")
            check(r["outcome"]["success"] is False, f"{w}: faulty must fail")
        prev = check_obs(r["initial_observation"], f"{w} initial")
        for i, st in enumerate(r["steps"]):
            sw = f"{w} step {i}"
            a = st["action"]
            check(a.get("effect") in EFFECTS, f"{sw}: effect {a.get('effect')}")
            check(isinstance(a.get("reasoning"), str) and a["reasoning"], f"{sw}: reasoning")
            check("commitment" not in st or st["commitment"] in cids, f"{sw}: unknown commitment")
            m = CMD_RE.match(a["command"])
            if check(m, f"{sw}: unparseable command {a['command']}"):
                if m.group(1) in ("click", "fill", "press"):
                    bid = re.match(r"'(\d+)'", m.group(2)).group(1)
                    check(bid in prev, f"{sw}: bid {bid} not on the page the action ran on")
                    check(prev.get(bid) == a["target"], f"{sw}: target {a['target']!r} != node {prev.get(bid)!r}")
            prev = check_obs(st["observation"], sw)
        # commitments advance in plan order and never go backwards
        order = [cids.index(s["commitment"]) for s in r["steps"]]
        check(order[0] == 0, f"{w}: first step not on the first commitment")
        check(order == sorted(order), f"{w}: commitment order goes backwards {order}")

    # 4. label rule checks, one marker per faulty run
    def obs_at(r, i):
        return r["initial_observation"] if i < 0 else r["steps"][i]["observation"]

    def first_obs(r, pred):
        allobs = [r["initial_observation"]] + [s["observation"] for s in r["steps"]]
        for j, o in enumerate(allobs):
            if pred(o):
                return 0 if j == 0 else j - 1
        return None

    def first_act(r, pred):
        for j, s in enumerate(r["steps"]):
            if pred(s["action"]):
                return j
        return None

    byid = {r["id"]: r for r in rows}
    expect = {
        "cargoline-wrong_record-01": first_act(byid["cargoline-wrong_record-01"], lambda a: "BKG-48231" in a["target"]),
        "cargoline-wrong_record-02": first_act(byid["cargoline-wrong_record-02"], lambda a: "CI-7713" in a["target"]),
        "cargoline-wrong_value-01": first_act(byid["cargoline-wrong_value-01"], lambda a: a["command"].endswith("'4')")),
        "cargoline-skipped_step-01": first_act(byid["cargoline-skipped_step-01"],
                                               lambda a: "Customs documents" in a["target"]),
        "cargoline-plan_drift-01": first_act(byid["cargoline-plan_drift-01"], lambda a: "Change carrier" in a["target"]),
        "cargoline-false_success-01": first_act(byid["cargoline-false_success-01"],
                                                lambda a: a["command"].startswith("send_msg")),
        "cargoline-silent_noop-01": next(
            (j for j, s in enumerate(byid["cargoline-silent_noop-01"]["steps"])
             if "Save amendment" in s["action"]["target"] and "Amendment saved" not in s["observation"]["text"]
             and "cell \"2 × 40' HC\"" in s["observation"]["text"]), None),
        "cargoline-ignored_error-01": first_obs(byid["cargoline-ignored_error-01"], lambda o: "Submission failed" in o["text"]),
        "cargoline-unexpected_dialog-01": first_obs(byid["cargoline-unexpected_dialog-01"],
                                                    lambda o: "dialog \"No 40' HC space" in o["text"]),
        "cargoline-session_expired-01": first_obs(byid["cargoline-session_expired-01"],
                                                  lambda o: "Your session has expired" in o["text"]),
        "cargoline-stale_filter-01": first_obs(byid["cargoline-stale_filter-01"],
                                               lambda o: "Customer: Halvorsen Marine Services, remove filter" in o["text"]),
        "cargoline-permission_refusal-01": first_obs(byid["cargoline-permission_refusal-01"],
                                                     lambda o: "You don't have permission" in o["text"]),
    }
    for rid, exp in expect.items():
        got = byid[rid]["label"]["first_off_track_step"]
        check(exp is not None and got == exp, f"{rid}: labelled step {got}, marker says {exp}")
    # the session/refusal/error markers must not appear in any healthy run
    for r in healthy:
        for s in r["steps"]:
            t = s["observation"]["text"]
            for bad in ["Submission failed", "Your session has expired", "You don't have permission", "No 40' HC space",
                        "CI-7713 attached", "BKG-48231 now has", "Change carrier —"]:
                check(bad not in t, f"{r['id']}: healthy page contains fault marker {bad!r}")
        last = r["steps"][-1]
        check(last["action"]["command"].startswith("send_msg_to_user"), f"{r['id']}: healthy run should end with a report")
        t = r["steps"][-2]["observation"]["text"]
        check("submitted to Nordlys Line" in t and "Status: Submitted to carrier" in t and "cell \"3 × 40' HC\"" in t,
              f"{r['id']}: healthy end state not reached")

    # 5. near misses and alarming-but-ordinary wording on healthy pages
    htext = "\n".join(s["observation"]["text"] for r in healthy for s in r["steps"])
    for nm in ["BKG-48231", "BKG-48212", "BKG-48214", "CI-7713", "CI-7730", "Halvorsen Marine Services",
               "NLLU 4821350", "Q-90412", "PO 7731"]:
        check(nm in htext, f"near miss {nm!r} never shown on a healthy page")
    for word in ["Delayed", "On hold", "Rejected", "missing", "failed", "Customs hold", "Expired"]:
        check(word in htext, f"alarming word {word!r} absent from healthy pages")
    styles = set()
    for r in healthy:
        c0 = r["steps"][0]["action"]["command"]
        styles.add(c0.split("(")[0] + ("-url-q" if "?q=" in c0 else ""))
    check(len(styles) >= 3, f"healthy navigation styles not varied: {styles}")

    n_steps = sum(len(r["steps"]) for r in rows)
    if FAILS:
        print("SELFTEST FAILED")
        for f in FAILS:
            print(" -", f)
        return 1
    print(f"selftest OK: {len(rows)} trajectories ({len(healthy)} healthy, {len(faulty)} faulty, "
          f"{len(faults)} fault classes), {n_steps} steps, plan with {len(cids)} commitments")
    return 0


if __name__ == "__main__":
    sys.exit(main())
