#!/usr/bin/env python3
"""Self-test for the Ledgerly Payroll held-out corpus, written against /work/shared/FORMATS.md only.

Checks: required fields and types; plan loads (stdlib mini-parser, cross-checked with PyYAML when present);
AXTree line syntax; step indices; every bid an action uses exists on the page it acted on and the
action's target equals that node's role and name; labels in range and consistent with the labelling
rule; healthy runs never open or act on a near miss; effects honest; class coverage and counts.
Exit status 0 when all checks pass.
"""
import ast
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CLASSES = {"wrong_record", "session_expired", "stale_filter", "missing_control", "wrong_banner",
           "silent_noop", "permission_denied", "plan_drift", "interstitial"}
ENV_FAULTS = CLASSES - {"wrong_record", "plan_drift"}
EFFECTS = {"read", "write", "irreversible"}
ERRORS = []


def err(msg):
    ERRORS.append(msg)


# ---------------------------------------------------------------- mini YAML (subset we emit)
KEY_RE = re.compile(r'^("(?:[^"\\]|\\.)*"|[A-Za-z_][\w-]*):(?: (.*))?$')


def _scalar(s):
    s = s.strip()
    if s == "[]":
        return []
    if s.startswith('"'):
        return json.loads(s)
    if s in ("null", "~"):
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


def mini_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.strip().startswith("#"):
            continue
        ind = len(raw) - len(raw.lstrip(" "))
        lines.append([ind, raw.strip()])

    def key_of(k):
        return json.loads(k) if k.startswith('"') else k

    def block(i, ind):
        if lines[i][1].startswith("- "):
            out = []
            while i < len(lines) and lines[i][0] == ind and lines[i][1].startswith("- "):
                content = lines[i][1][2:]
                m = KEY_RE.match(content)
                if m and not content.startswith('"') or (m and content.startswith('"on"')):
                    lines[i] = [ind + 2, content]  # re-read as the first pair of a mapping
                    val, i = mapping(i, ind + 2)
                    out.append(val)
                else:
                    out.append(_scalar(content))
                    i += 1
            return out, i
        return mapping(i, ind)

    def mapping(i, ind):
        out = {}
        while i < len(lines) and lines[i][0] == ind and not lines[i][1].startswith("- "):
            m = KEY_RE.match(lines[i][1])
            if not m:
                raise ValueError("cannot parse line: %r" % lines[i][1])
            k, rest = key_of(m.group(1)), m.group(2)
            i += 1
            if rest is None or rest == "":
                if i < len(lines) and lines[i][0] > ind:
                    out[k], i = block(i, lines[i][0])
                elif i < len(lines) and lines[i][0] == ind and lines[i][1].startswith("- "):
                    out[k], i = block(i, ind)
                else:
                    out[k] = None
            else:
                out[k] = _scalar(rest)
        return out, i

    val, i = block(0, lines[0][0])
    if i != len(lines):
        raise ValueError("trailing content at line %d" % i)
    return val


def load_plan(path):
    text = open(path, encoding="utf-8").read()
    plan = mini_yaml(text)
    try:
        import yaml  # optional cross-check
        other = yaml.safe_load(text)
        if other != plan:
            err("plan: mini parser and PyYAML disagree")
    except ImportError:
        pass
    return plan


def check_evidence_list(where, lst):
    if not isinstance(lst, list):
        err("%s: not a list" % where)
        return []
    out = []
    for it in lst:
        if isinstance(it, str):
            out.append(("state", it))
        elif isinstance(it, dict):
            if set(it) - {"text", "on"} or not isinstance(it.get("text"), str):
                err("%s: bad evidence mapping %r" % (where, it))
            if it.get("on", "state") not in ("state", "action", "both"):
                err("%s: bad on %r" % (where, it.get("on")))
            out.append((it.get("on", "state"), it.get("text")))
        else:
            err("%s: bad evidence item %r" % (where, it))
    return out


def check_plan(plan):
    for k in ("task", "commitments"):
        if k not in plan:
            err("plan: missing %s" % k)
    ids = []
    action_items = 0
    pf = plan.get("plan_falsifiers", {})
    for scope in pf:
        if scope not in ("execution", "skill", "planning"):
            err("plan_falsifiers: bad scope %s" % scope)
        check_evidence_list("plan_falsifiers." + scope, pf[scope])
    pf_text = " ".join(x for x in pf.get("execution", []) if isinstance(x, str)).lower()
    if "sign-in" not in pf_text or "timed out" not in pf_text:
        err("plan_falsifiers must cover the sign-in page and a session timeout")
    if not 4 <= len(plan["commitments"]) <= 5:
        err("plan: expected 4-5 commitments")
    for c in plan["commitments"]:
        ids.append(c.get("id"))
        if not isinstance(c.get("subgoal"), str):
            err("commitment %s: subgoal" % c.get("id"))
        kappa = c.get("confidence", 0.5)
        if not (isinstance(kappa, (int, float)) and 0 <= kappa <= 1):
            err("commitment %s: confidence out of range" % c.get("id"))
        for stage in ("precondition", "progress", "completion"):
            ev = check_evidence_list("%s.confirm.%s" % (c["id"], stage), c.get("confirm", {}).get(stage, []))
            if not ev:
                err("%s.confirm.%s empty" % (c["id"], stage))
        for scope in ("execution", "skill", "planning"):
            ev = check_evidence_list("%s.falsify.%s" % (c["id"], scope), c.get("falsify", {}).get(scope, []))
            if not ev:
                err("%s.falsify.%s empty" % (c["id"], scope))
            action_items += sum(1 for on, _ in ev if on == "action")
    if len(set(ids)) != len(ids):
        err("plan: duplicate commitment ids")
    if action_items < 3:
        err("plan: expected several on: action falsifiers")
    return set(ids)


# ---------------------------------------------------------------- pages
LINE_RE = re.compile(r"^(\t+)\[([A-Za-z0-9]+)\] ([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")"
                     r"( value=('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"))?((?:, [A-Za-z]+(?:=\S.*?)?)*)$")
STATIC_RE = re.compile(r"^(\t+)StaticText ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")$")
ROOT_RE = re.compile(r"^RootWebArea ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"), focused, url=('(?:[^'\\]|\\.)*')$")


def parse_page(where, obs):
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            err("%s: observation lacks %s" % (where, k))
    nodes = {}
    lines = obs["text"].split("\n")
    m = ROOT_RE.match(lines[0])
    if not m:
        err("%s: bad root line %r" % (where, lines[0][:80]))
    else:
        if ast.literal_eval(m.group(1)) != obs["title"] or ast.literal_eval(m.group(2)) != obs["url"]:
            err("%s: root line disagrees with url/title" % where)
    prev_depth = 0
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if m:
            depth = len(m.group(1))
            bid, role, name = m.group(2), m.group(3), ast.literal_eval(m.group(4))
            if bid in nodes:
                err("%s: duplicate bid %s" % (where, bid))
            nodes[bid] = (role, name)
            # name quoting: repr style (double quotes only when the name holds a single quote)
            if m.group(4) != repr(name):
                err("%s: name not repr-quoted: %r" % (where, ln))
        else:
            m2 = STATIC_RE.match(ln)
            if not m2:
                err("%s: bad AXTree line %r" % (where, ln[:100]))
                continue
            depth = len(m2.group(1))
        if depth > prev_depth + 1:
            err("%s: indentation jumps at %r" % (where, ln[:60]))
        prev_depth = depth
    return nodes


BID_CMD = re.compile(r"^(click|fill|select_option|hover|press|focus|clear|dblclick|check|uncheck)\('([^']+)'")
NEAR = ["EMP-0421", "Nwachukwu-Bello", "PR-2025-11-A", "Harbourline Events", "harbourline-events",
        "Bonus – performance", "Recurring"]


def main():
    corpus_path = os.path.join(HERE, "corpus.jsonl")
    trajs = []
    with open(corpus_path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                trajs.append(json.loads(line))
            except ValueError as e:
                err("line %d: bad JSON (%s)" % (n, e))
    plans = {}
    ids = set()
    counts = {"healthy": 0, "faulty": 0}
    classes = {}
    for t in trajs:
        tid = t.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in t:
                err("%s: missing %s" % (tid, k))
        if tid in ids:
            err("duplicate id %s" % tid)
        ids.add(tid)
        ppath = os.path.join(os.path.dirname(corpus_path), t["plan"])
        if ppath not in plans:
            plan = load_plan(ppath)
            plans[ppath] = (plan, check_plan(plan))
        plan, cids = plans[ppath]
        if plan["task"] != t["task"]:
            err("%s: task differs from plan task" % tid)
        label = t["label"]
        fault, fot = label.get("fault"), label.get("first_off_track_step")
        steps = t["steps"]
        if not steps:
            err("%s: no steps" % tid)
        if fault is None:
            counts["healthy"] += 1
            if fot is not None:
                err("%s: healthy run with first_off_track_step" % tid)
            if t["outcome"].get("success") is not True:
                err("%s: healthy run not successful" % tid)
        else:
            counts["faulty"] += 1
            classes[fault] = classes.get(fault, 0) + 1
            if fault not in CLASSES:
                err("%s: unknown fault %s" % (tid, fault))
            if not (isinstance(fot, int) and 0 <= fot < len(steps)):
                err("%s: first_off_track_step %r out of range" % (tid, fot))
            if t["outcome"].get("success") is not False:
                err("%s: faulty run marked successful" % tid)
        pages = [parse_page("%s/initial" % tid, t["initial_observation"])]
        order = [c["id"] for c in plan["commitments"]]
        last_ci = 0
        for i, s in enumerate(steps):
            a = s.get("action", {})
            for k in ("command", "reasoning", "effect"):
                if k not in a:
                    err("%s/%d: action lacks %s" % (tid, i, k))
            if a.get("effect") not in EFFECTS:
                err("%s/%d: bad effect %r" % (tid, i, a.get("effect")))
            c = s.get("commitment")
            if c is not None:
                if c not in cids:
                    err("%s/%d: unknown commitment %s" % (tid, i, c))
                else:
                    ci = order.index(c)
                    if fault is None and ci < last_ci:
                        err("%s/%d: healthy run moves back to an earlier commitment" % (tid, i))
                    last_ci = max(last_ci, ci)
            m = BID_CMD.match(a.get("command", ""))
            if m:
                bid = m.group(2)
                nodes = pages[-1]
                if bid not in nodes:
                    err("%s/%d: bid %s not on the page acted on" % (tid, i, bid))
                else:
                    role, name = nodes[bid]
                    if a.get("target") != "%s %s" % (role, repr(name)):
                        err("%s/%d: target %r != node %s %r" % (tid, i, a.get("target"), role, name))
            elif "target" in a:
                err("%s/%d: target given for an action without a bid" % (tid, i))
            # effect honesty
            cmd = a.get("command", "")
            tgt = a.get("target", "")
            if a.get("effect") == "irreversible" and "Approve and schedule payment" not in tgt:
                err("%s/%d: irreversible effect on a non-approval action" % (tid, i))
            if "Approve and schedule payment" in tgt and a.get("effect") != "irreversible":
                err("%s/%d: approval not marked irreversible" % (tid, i))
            if cmd.split("(")[0] in ("fill", "select_option", "hover", "scroll", "noop", "goto", "go_back",
                                     "send_msg_to_user") and a.get("effect") != "read":
                err("%s/%d: %s should be read" % (tid, i, cmd.split("(")[0]))
            if cmd.startswith("click(") and any(x in tgt for x in ("Save line", "Re-calculate")) \
                    and a.get("effect") != "write" \
                    and not s["observation"].get("error"):
                err("%s/%d: save/re-calculate should be write" % (tid, i))
            pages.append(parse_page("%s/%d" % (tid, i), s["observation"]))
            if fault is None:
                o = s["observation"]
                blob = cmd + " " + tgt
                if any(x in blob for x in NEAR):
                    err("%s/%d: healthy run acts on a near miss: %s" % (tid, i, blob[:120]))
                if "PR-2025-11-A" in o["url"] or "harbourline-events" in o["url"]:
                    err("%s/%d: healthy run opens a near miss page %s" % (tid, i, o["url"]))
                if "Edit pay line — Amara Nwachukwu-Bello" in o["text"] or "Company: Harbourline Events" in o["text"]:
                    err("%s/%d: healthy run shows a near-miss record as open" % (tid, i))
                if o.get("error"):
                    err("%s/%d: healthy run has an action error" % (tid, i))
        if fault is None:
            if order[-1] not in [s.get("commitment") for s in steps]:
                err("%s: healthy run never reaches the last commitment" % tid)
            if not any(s["action"]["effect"] == "irreversible" for s in steps):
                err("%s: healthy run never approves" % tid)
            if "Status: Approved" not in steps[-1]["observation"]["text"]:
                err("%s: healthy run does not end on the approved run" % tid)
        else:
            check_label(t)
    if counts != {"healthy": 8, "faulty": 12}:
        err("counts %r" % counts)
    if set(classes) != CLASSES:
        err("classes not all covered: missing %s" % (CLASSES - set(classes)))
    if ERRORS:
        print("\n".join("FAIL " + e for e in ERRORS))
        print("%d problem(s)" % len(ERRORS))
        sys.exit(1)
    print("OK: %d trajectories (%d healthy, %d faulty), classes: %s" % (
        len(trajs), counts["healthy"], counts["faulty"],
        ", ".join("%s×%d" % (k, v) for k, v in sorted(classes.items()))))


# ---------------------------------------------------------------- label rule
def sig(fault):
    """Predicate on an observation: does it show this environment fault?"""
    return {
        "session_expired": lambda o: "/signin" in o["url"] and "session has timed out" in o["text"],
        "stale_filter": lambda o: "Remove filter Status: Draft" in o["text"] and "\t\t\t\t[" in o["text"]
        and re.search(r"cell 'Paid'", o["text"]) is not None and "/payruns/" not in o["url"],
        "missing_control": lambda o: "/payruns/PR-2025-11-B" in o["url"] and "button 'Re-calculate'" not in o["text"]
        and "Status: Draft" in o["text"],
        "wrong_banner": lambda o: "Re-calculation failed" in o["text"],
        "permission_denied": lambda o: "do not have permission" in o["text"],
        "interstitial": lambda o: "dialog 'Action required" in o["text"],
    }.get(fault)


def check_label(t):
    tid, fault, fot = t["id"], t["label"]["fault"], t["label"]["first_off_track_step"]
    steps = t["steps"]
    p = sig(fault)
    if p is not None:
        if p(t["initial_observation"]):
            expect = 0
        else:
            hits = [i for i, s in enumerate(steps) if p(s["observation"])]
            expect = hits[0] if hits else None
        if expect != fot:
            err("%s: label %r but the fault first shows at step %r" % (tid, fot, expect))
    elif fault == "silent_noop":
        s = steps[fot]
        if s["action"]["effect"] != "write" or "Pay line saved" in s["observation"]["text"]:
            err("%s: labelled step is not a write that silently did nothing" % tid)
        if any(s2["action"]["effect"] == "write" and "Save line" in s2["action"].get("target", "")
               for s2 in steps[:fot]):
            err("%s: an earlier save exists" % tid)
    else:  # agent-caused: the labelled action is the first one touching a near miss
        first = None
        for i, s in enumerate(steps):
            blob = s["action"]["command"] + " " + s["action"].get("target", "")
            if any(x in blob for x in NEAR):
                first = i
                break
        if first != fot:
            err("%s: label %r but the first near-miss action is step %r" % (tid, fot, first))


if __name__ == "__main__":
    main()
