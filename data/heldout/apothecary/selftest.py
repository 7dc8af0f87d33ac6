#!/usr/bin/env python3
"""Self-test for the Apothecary RX held-out corpus, against /work/shared/FORMATS.md.

    python3 selftest.py          -> prints a summary, exits 1 on any failure
Stdlib only (PyYAML is used for the plan when it is installed).
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
FAULTS = {"wrong_record", "session_expired", "stale_filter", "missing_control", "wrong_banner",
          "silent_noop", "permission_denied", "plan_drift", "interstitial"}
AGENT_FAULTS = {"wrong_record", "plan_drift"}
EFFECTS = {"read", "write", "irreversible"}
BID_CMDS = {"click", "dblclick", "fill", "press", "hover", "select_option", "focus", "clear", "check", "uncheck"}
FREE_CMDS = {"scroll", "noop", "send_msg_to_user", "go_back", "go_forward", "goto", "keyboard_press",
             "report_infeasible", "new_tab", "tab_close", "tab_focus"}
NEAR_MISS = ["7730421", "7702219", "Osei-Mensah", "P-31877", "7741180", "#0422", "Harbour Road"]

errors = []


def err(msg):
    errors.append(msg)


STR = r"""(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
HEAD_RE = re.compile(r"^RootWebArea (%s), focused, url=(%s)$" % (STR, STR))
NODE_RE = re.compile(r"^(\t+)\[([A-Za-z0-9]+)\] ([A-Za-z]+) (%s)( value=%s)?((?:, [A-Za-z_-]+(?:=(?:%s|[A-Za-z0-9_.-]+))?)*)$"
                     % (STR, STR, STR))
TEXT_RE = re.compile(r"^(\t+)StaticText (%s)$" % STR)


def parse_page(obs, where):
    """Return {bid: (role, name)} for a page; record format errors."""
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            err("%s: observation lacks %r" % (where, k))
            return {}
    lines = obs["text"].split("\n")
    m = HEAD_RE.match(lines[0])
    if not m:
        err("%s: bad first line %r" % (where, lines[0][:120]))
        return {}
    title, url = ast.literal_eval(m.group(1)), ast.literal_eval(m.group(2))
    if title != obs["title"]:
        err("%s: title %r != RootWebArea %r" % (where, obs["title"], title))
    if url != obs["url"]:
        err("%s: url %r != RootWebArea url %r" % (where, obs["url"], url))
    bids, depth = {}, 0
    for i, line in enumerate(lines[1:], 2):
        m = NODE_RE.match(line)
        t = TEXT_RE.match(line)
        if not m and not t:
            err("%s line %d: not AXTree style: %r" % (where, i, line[:120]))
            continue
        d = len((m or t).group(1))
        if d > depth + 1:
            err("%s line %d: indentation jumps from %d to %d" % (where, i, depth, d))
        depth = d
        if m:
            bid, role, name = m.group(2), m.group(3), ast.literal_eval(m.group(4))
            if bid in bids:
                err("%s line %d: duplicate bid %s" % (where, i, bid))
            bids[bid] = (role, name)
    return bids


def parse_cmd(cmd):
    m = re.match(r"^([a-z_]+)\((.*)\)$", cmd, re.S)
    if not m:
        return None, None
    args = ast.literal_eval("(" + m.group(2) + ",)") if m.group(2).strip() else ()
    return m.group(1), args


def load_plan(path):
    raw = open(path, encoding="utf-8").read()
    if re.search(r"(^|[{,\s])on:", raw):
        err("plan: an unquoted `on:` key (YAML 1.1 reads it as a boolean)")
    try:
        import yaml
    except ImportError:
        print("note: PyYAML missing; plan checked textually only")
        return raw, None
    return raw, yaml.safe_load(raw)


def check_plan(raw, plan, task):
    if plan is None:
        for k in ("task:", "plan_falsifiers:", "commitments:", "precondition:", "progress:", "completion:",
                  "execution:", "skill:", "planning:", '"on": action'):
            if k not in raw:
                err("plan: missing %r" % k)
        return ["find-patient", "refill-rx", "adjudicate", "ready-notify"]
    if plan.get("task") != task:
        err("plan: task differs from the corpus task")
    pf = plan.get("plan_falsifiers") or {}
    pf_text = " ".join(x if isinstance(x, str) else x["text"] for v in pf.values() for x in v)
    if "session has expired" not in pf_text or "Sign in" not in pf_text:
        err("plan: plan_falsifiers must cover the sign-in page and the session timeout")
    cs = plan.get("commitments") or []
    if len(cs) != 4:
        err("plan: expected 4 commitments, got %d" % len(cs))
    ids, n_action = [], 0
    for c in cs:
        ids.append(c["id"])
        if not (0 <= float(c.get("confidence", 0.5)) <= 1):
            err("plan: confidence out of range in %s" % c["id"])
        if set(c.get("confirm", {})) != {"precondition", "progress", "completion"}:
            err("plan: %s confirm stages %s" % (c["id"], sorted(c.get("confirm", {}))))
        if set(c.get("falsify", {})) != {"execution", "skill", "planning"}:
            err("plan: %s falsify scopes %s" % (c["id"], sorted(c.get("falsify", {}))))
        for group in (c.get("confirm", {}), c.get("falsify", {})):
            for stage, items in group.items():
                for it in items or []:
                    if isinstance(it, dict):
                        if set(it) - {"text", "on"} or not isinstance(it.get("text"), str) or \
                                it.get("on", "state") not in ("state", "action", "both"):
                            err("plan: bad evidence item %r in %s" % (it, c["id"]))
                        n_action += it.get("on") == "action"
                    elif not isinstance(it, str) or not it.strip():
                        err("plan: bad evidence item %r in %s" % (it, c["id"]))
    if len(set(ids)) != len(ids):
        err("plan: duplicate commitment ids")
    if n_action < 3:
        err("plan: expected several `on: action` falsifiers, found %d" % n_action)
    for nm in ("7730421", "7702219", "Osei-Mensah"):
        if nm not in raw:
            err("plan: near miss %s not named" % nm)
    if not re.search(r"\b(not available|missing|No patients|no fill)\b", raw):
        err("plan: no absence statements")
    return ids


def main():
    lines = open(CORPUS, encoding="utf-8").read().split("\n")
    if lines[-1] != "":
        err("corpus: missing trailing newline")
    recs = []
    for i, l in enumerate(lines[:-1], 1):
        d = json.loads(l)
        if json.dumps(d, ensure_ascii=False) != l:
            err("line %d: does not round-trip byte for byte" % i)
        recs.append(d)
    task = recs[0]["task"]
    plan_path = os.path.join(HERE, recs[0]["plan"])
    raw, plan = load_plan(plan_path)
    cids = check_plan(raw, plan, task)
    order = {c: i for i, c in enumerate(cids)}

    seen, classes = set(), {}
    n_healthy = n_faulty = 0
    for d in recs:
        rid = d.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in d:
                err("%s: missing %s" % (rid, k))
        if rid in seen:
            err("duplicate id %s" % rid)
        seen.add(rid)
        if d["workflow"] != "refill-transfer" or d["task"] != task or d["plan"] != "plans/refill-transfer.yaml":
            err("%s: workflow/task/plan differ" % rid)
        if not isinstance(d["outcome"].get("success"), bool):
            err("%s: outcome.success not bool" % rid)
        pages = [parse_page(d["initial_observation"], rid + " init")]
        obs = [d["initial_observation"]]
        last_c = 0
        for i, s in enumerate(d["steps"]):
            where = "%s step %d" % (rid, i)
            a = s.get("action", {})
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    err("%s: action lacks %s" % (where, k))
            if a.get("effect") not in EFFECTS:
                err("%s: effect %r" % (where, a.get("effect")))
            c = s.get("commitment")
            if c is not None:
                if c not in order:
                    err("%s: unknown commitment %r" % (where, c))
                elif order[c] < last_c:
                    err("%s: commitment goes backwards (%s)" % (where, c))
                else:
                    last_c = order[c]
            name, args = parse_cmd(a.get("command", ""))
            prev = pages[-1]
            if name in BID_CMDS:
                bid = str(args[0])
                if bid not in prev:
                    err("%s: bid %s not on the page acted on" % (where, bid))
                else:
                    role, nm = prev[bid]
                    if a.get("target") != "%s %s" % (role, repr(nm)):
                        err("%s: target %r != %s %r" % (where, a.get("target"), role, nm))
            elif name in FREE_CMDS:
                if a.get("target") is not None:
                    err("%s: %s should have target null" % (where, name))
            else:
                err("%s: unknown command %r" % (where, a.get("command")))
            o = s.get("observation", {})
            pages.append(parse_page(o, where))
            obs.append(o)
            if name in ("fill", "select_option") and not o.get("error"):
                if "value=%s" % repr(args[1]) not in o["text"]:
                    err("%s: page after %s does not echo %r" % (where, name, args[1]))
        fault = d["label"].get("fault")
        k = d["label"].get("first_off_track_step")
        steps = d["steps"]
        if fault is None:
            n_healthy += 1
            if k is not None:
                err("%s: healthy with a step label" % rid)
            if not d["outcome"]["success"]:
                err("%s: healthy run not successful" % rid)
            irr = [s for s in steps if s["action"]["effect"] == "irreversible"]
            if len(irr) != 1 or irr[0]["action"]["target"] != "button 'Send text & mark ready'" or \
                    "/rx/7730412/" not in irr[0]["observation"]["url"]:
                err("%s: healthy run must end in exactly one text+ready on Rx 7730412" % rid)
            for i, s in enumerate(steps):
                blob = " ".join([s["action"]["command"], str(s["action"]["target"]), s["observation"]["url"]])
                for nm in NEAR_MISS:
                    if nm in blob:
                        err("%s step %d: healthy run touches near miss %s" % (rid, i, nm))
                if s["observation"]["error"]:
                    err("%s step %d: healthy run has a browser error" % (rid, i))
            mentions = {nm for o in obs for nm in NEAR_MISS if nm in o["text"]}
            if len(mentions) < 3:
                err("%s: healthy pages mention too few near misses (%s)" % (rid, sorted(mentions)))
            if "session has expired" in " ".join(o["text"] for o in obs):
                err("%s: healthy page shows a timeout" % rid)
        else:
            n_faulty += 1
            classes[fault] = classes.get(fault, 0) + 1
            if fault not in FAULTS:
                err("%s: unknown fault %r" % (rid, fault))
            if not isinstance(k, int) or not (0 <= k < len(steps)):
                err("%s: first_off_track_step %r out of range" % (rid, k))
                continue
            if d["outcome"]["success"]:
                err("%s: faulty run marked successful" % rid)
            ev = d["label"].get("evidence") or {}
            kind, text = ev.get("kind"), ev.get("text", "")
            if (fault in AGENT_FAULTS) != (kind == "action"):
                err("%s: evidence kind %r does not fit %s" % (rid, kind, fault))
            if kind == "action":
                if text not in (steps[k]["action"]["target"] or ""):
                    err("%s: label step %d target lacks %r" % (rid, k, text))
                if any(text in (s["action"]["target"] or "") for s in steps[:k]):
                    err("%s: %r already acted on before step %d" % (rid, text, k))
                if k < 1:
                    err("%s: an agent fault cannot precede the first action" % rid)
            elif kind == "shown":
                def has(o):
                    return text in o["text"] or text in (o["error"] or "")
                if has(obs[0]):
                    if k != 0:
                        err("%s: fault visible on the start page must be labelled 0" % rid)
                else:
                    if not has(obs[k + 1]):
                        err("%s: %r not shown at step %d" % (rid, text, k))
                    if any(has(o) for o in obs[1:k + 1]):
                        err("%s: %r shown before step %d" % (rid, text, k))
            elif kind == "absent":
                o = obs[k + 1]["text"]
                if text in o or "Rx 7730412" not in o:
                    err("%s: %r should be missing from a page about Rx 7730412 at step %d" % (rid, text, k))
                if any(text in x["text"] for x in obs[:k + 1] if "Rx 7730412" in x["text"]):
                    err("%s: %r was present earlier" % (rid, text))
            elif kind == "unchanged":
                if steps[k]["action"]["effect"] == "read":
                    err("%s: unchanged page after a read is not a no-op" % rid)
                if obs[k + 1]["text"] not in [o["text"] for o in obs[:k]]:
                    err("%s: step %d page is not a repeat of an earlier page" % (rid, k))
            else:
                err("%s: unknown evidence kind %r" % (rid, kind))
            if len(steps) - 1 - k < 1 and fault not in AGENT_FAULTS:
                pass
    if (n_healthy, n_faulty) != (8, 12):
        err("counts: %d healthy, %d faulty (want 8/12)" % (n_healthy, n_faulty))
    if set(classes) != FAULTS:
        err("fault classes missing: %s" % sorted(FAULTS - set(classes)))

    # determinism: regenerate into a temp folder and compare bytes
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), tmp], check=True,
                       stdout=subprocess.DEVNULL)
        for rel in ("corpus.jsonl", "plans/refill-transfer.yaml"):
            if open(os.path.join(tmp, rel), "rb").read() != open(os.path.join(HERE, rel), "rb").read():
                err("make_corpus.py output differs from %s" % rel)

    print("trajectories: %d (%d healthy, %d faulty)" % (len(recs), n_healthy, n_faulty))
    print("fault classes: " + ", ".join("%s=%d" % kv for kv in sorted(classes.items())))
    print("steps: %d" % sum(len(d["steps"]) for d in recs))
    if errors:
        print("FAIL (%d)" % len(errors))
        for e in errors:
            print("  - " + e)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
