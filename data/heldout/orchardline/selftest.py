#!/usr/bin/env python3
"""Validate the Orchardline corpus against the fcpkit format contract (FORMATS.md).

Standard library only. Checks:
  * make_corpus.py is deterministic and the files on disk are exactly what it writes;
  * every trajectory has the required fields, labels and outcome, 8 healthy + 12 faulty;
  * observations look like flattened AX trees and their titles agree with RootWebArea;
  * every bid an action uses exists on the page it acted on (initial_observation for step 0),
    its target names that node, and select_option values are options of that select;
  * step commitments name plan commitments; the plan loads and has the contract's shape;
  * healthy runs end saved with apples 5 kg + Thursday afternoon; faulty runs do not.
"""
import filecmp
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
FAILS = []

REQUIRED_FAULTS = {"wrong_record", "wrong_field", "wrong_value", "silent_noop",
                   "unrequested_filter", "error_page", "permission_denied", "session_expired",
                   "premature_success", "skipped_step", "dialog_mishandled"}
EFFECTS = {"read", "write", "irreversible"}
BID_OPS = {"click", "dblclick", "hover", "fill", "select_option", "press", "focus", "clear",
           "check", "uncheck"}
NOBID_OPS = {"send_msg_to_user", "goto", "go_back", "go_forward", "keyboard_type",
             "keyboard_press", "noop", "scroll", "new_tab", "tab_close", "report_infeasible"}
NODE_RE = re.compile(r"^(\t*)(\[([A-Za-z0-9_-]+)\] )?([A-Za-z]+) '(.*?)'(, .*)?$")


def fail(msg):
    FAILS.append(msg)


# ---------------------------------------------------------------- minimal YAML reader
# Reads the block-style subset the plan uses: nested mappings, "- " lists (of scalars,
# flow mappings, or mappings), double-quoted or plain scalars, [] and numbers.

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
    if s.startswith("{"):
        return _flow_map(s)
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


def _flow_map(s):
    assert s.startswith("{") and s.endswith("}"), s
    body, out, i = s[1:-1], {}, 0
    while i < len(body):
        while i < len(body) and body[i] in " ,":
            i += 1
        if i >= len(body):
            break
        j = body.index(":", i)
        key = body[i:j].strip()
        i = j + 1
        while body[i] == " ":
            i += 1
        if body[i] == '"':
            dec = json.JSONDecoder()
            val, end = dec.raw_decode(body, i)
            i = end
        else:
            j = i
            while j < len(body) and body[j] != ",":
                j += 1
            val = _scalar(body[i:j])
            i = j
        out[key] = val
    return out


def _split_kv(content):
    if content.startswith('"'):
        raise ValueError("quoted keys not used in this plan: " + content)
    k, _, v = content.partition(":")
    return k.strip(), v.strip()


def load_yaml_subset(text):
    toks = []
    for raw in text.splitlines():
        stripped = raw.split(" #")[0] if not raw.lstrip().startswith('"') else raw
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        ind = len(raw) - len(raw.lstrip(" "))
        content = raw.strip()
        if content.startswith("- "):
            rest = content[2:].strip()
            if (not rest.startswith(('"', "{", "'"))) and re.match(r"^[A-Za-z_][\w-]*:( |$)", rest):
                toks.append((ind, "-"))
                toks.append((ind + 2, rest))
            else:
                toks.append((ind, "- " + rest))
        else:
            toks.append((ind, content))

    def block(i, ind):
        if toks[i][1].startswith("-"):
            out = []
            while i < len(toks) and toks[i][0] == ind and toks[i][1].startswith("-"):
                c = toks[i][1]
                if c == "-":
                    val, i = block(i + 1, ind + 2)
                    out.append(val)
                else:
                    out.append(_scalar(c[2:]))
                    i += 1
            return out, i
        out = {}
        while i < len(toks) and toks[i][0] == ind and not toks[i][1].startswith("-"):
            k, v = _split_kv(toks[i][1])
            i += 1
            if v == "":
                if i < len(toks) and toks[i][0] > ind:
                    out[k], i = block(i, toks[i][0])
                else:
                    out[k] = None
            else:
                out[k] = _scalar(v)
        return out, i

    val, i = block(0, toks[0][0])
    if i != len(toks):
        raise ValueError("unparsed YAML from line token %d: %r" % (i, toks[i]))
    return val


# ---------------------------------------------------------------- plan checks

def check_plan(plan, where):
    if not isinstance(plan, dict):
        return fail("%s: plan is not a mapping" % where)
    if not isinstance(plan.get("task"), str) or not plan["task"]:
        fail("%s: plan.task missing" % where)
    pf = plan.get("plan_falsifiers", {})
    if not isinstance(pf, dict):
        fail("%s: plan_falsifiers must be a mapping" % where)
    else:
        for scope, items in pf.items():
            if scope not in ("execution", "skill", "planning"):
                fail("%s: unknown plan_falsifiers scope %r" % (where, scope))
            check_items(items, "%s plan_falsifiers.%s" % (where, scope))
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not cs:
        return fail("%s: commitments missing" % where)
    seen = set()
    for c in cs:
        cid = c.get("id")
        if not isinstance(cid, str) or cid in seen:
            fail("%s: commitment id %r missing or duplicated" % (where, cid))
        seen.add(cid)
        if not isinstance(c.get("subgoal"), str):
            fail("%s: %s has no subgoal" % (where, cid))
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail("%s: %s confidence %r out of [0,1]" % (where, cid, conf))
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in ("precondition", "progress", "completion"):
                fail("%s: %s unknown confirm stage %r" % (where, cid, stage))
            check_items(items, "%s %s.confirm.%s" % (where, cid, stage))
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in ("execution", "skill", "planning"):
                fail("%s: %s unknown falsify scope %r" % (where, cid, scope))
            check_items(items, "%s %s.falsify.%s" % (where, cid, scope))
    return seen


def check_items(items, where):
    if items is None:
        return
    if not isinstance(items, list):
        return fail("%s: evidence must be a list" % where)
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                fail("%s: empty evidence string" % where)
        elif isinstance(it, dict):
            on = it.get("on", it.get(True, "state"))   # YAML 1.1 loaders read `on` as True
            if not isinstance(it.get("text"), str) or on not in ("state", "action", "both"):
                fail("%s: bad evidence mapping %r" % (where, it))
        else:
            fail("%s: evidence item must be string or mapping: %r" % (where, it))


# ---------------------------------------------------------------- corpus checks

def parse_tree(text, where):
    nodes = {}
    lines = text.split("\n")
    for ln, line in enumerate(lines):
        m = NODE_RE.match(line)
        if not m:
            fail("%s: line %d is not an AX node: %r" % (where, ln, line[:80]))
            continue
        bid = m.group(3)
        if bid is not None:
            if bid in nodes:
                fail("%s: duplicate bid %s" % (where, bid))
            nodes[bid] = (len(m.group(1)), m.group(4), m.group(5), ln)
    return nodes, lines


def check_obs(obs, where):
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            fail("%s: observation lacks %r" % (where, k))
    if not str(obs.get("url", "")).startswith("http"):
        fail("%s: url %r" % (where, obs.get("url")))
    text = obs.get("text", "")
    first = text.split("\n", 1)[0]
    if first != "RootWebArea '%s', focused" % obs.get("title"):
        fail("%s: title does not match RootWebArea" % where)
    return parse_tree(text, where)


def options_under(lines, nodes, bid):
    depth, role, name, ln = nodes[bid]
    opts = []
    for line in lines[ln + 1:]:
        m = NODE_RE.match(line)
        if not m or len(m.group(1)) <= depth:
            break
        if m.group(4) == "option":
            opts.append((m.group(5), "disabled" in (m.group(6) or "")))
    return opts


CMD_RE = re.compile(r"^([a-z_]+)\((.*)\)$", re.S)


def split_args(argstr):
    args, i = [], 0
    while i < len(argstr):
        while i < len(argstr) and argstr[i] in " ,":
            i += 1
        if i >= len(argstr):
            break
        q = argstr[i]
        if q in "'\"":
            j = i + 1
            while argstr[j] != q:
                j += 2 if argstr[j] == "\\" else 1
            args.append(argstr[i + 1:j])
            i = j + 1
        else:
            j = argstr.find(",", i)
            j = len(argstr) if j < 0 else j
            args.append(argstr[i:j].strip())
            i = j
    return args


def check_action(action, page, where):
    nodes, lines = page
    for k in ("command", "effect"):
        if k not in action:
            fail("%s: action lacks %r" % (where, k))
    if action.get("effect") not in EFFECTS:
        fail("%s: effect %r" % (where, action.get("effect")))
    m = CMD_RE.match(action.get("command", ""))
    if not m:
        return fail("%s: unparseable command %r" % (where, action.get("command")))
    op, argstr = m.group(1), m.group(2)
    if op in NOBID_OPS:
        if op == "send_msg_to_user":
            json.loads(argstr)
        return
    if op not in BID_OPS:
        return fail("%s: unknown op %r" % (where, op))
    args = split_args(argstr)
    bid = args[0]
    if bid not in nodes:
        return fail("%s: bid %s not on the page acted on" % (where, bid))
    depth, role, name, ln = nodes[bid]
    tgt = action.get("target")
    if tgt is not None and tgt != "%s '%s'" % (role, name):
        fail("%s: target %r but bid %s is %s '%s'" % (where, tgt, bid, role, name))
    if op == "fill" and role not in ("textbox", "combobox", "spinbutton", "searchbox"):
        fail("%s: fill on a %s" % (where, role))
    if op == "select_option":
        opts = options_under(lines, nodes, bid)
        if (args[1], False) not in opts:
            fail("%s: %r is not an enabled option of %s" % (where, args[1], bid))
    if "disabled" in lines[ln].split("'")[-1]:
        fail("%s: acted on a disabled control %s" % (where, bid))


def final_state(text):
    apples = re.search(r"spinbutton 'Apples quantity \(kg\)', value='([^']*)'", text)
    window = re.search(r"combobox 'Delivery window', value='([^']*)'", text)
    return (apples.group(1) if apples else None, window.group(1) if window else None)


def check_corpus(plans_seen):
    with open(CORPUS, encoding="utf-8") as f:
        raw = f.read()
    rows = [json.loads(l) for l in raw.splitlines() if l.strip()]
    if len(rows) != 20:
        fail("expected 20 trajectories, found %d" % len(rows))
    ids, healthy, faulty, faults, step0 = set(), 0, 0, set(), 0
    for t in rows:
        rid = t.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in t:
                fail("%s: lacks %r" % (rid, k))
        if rid in ids:
            fail("duplicate id %s" % rid)
        ids.add(rid)
        plan_ref = t["plan"]
        if isinstance(plan_ref, str):
            path = os.path.join(os.path.dirname(CORPUS), plan_ref)
            if path not in plans_seen:
                with open(path, encoding="utf-8") as f:
                    plan = load_yaml_subset(f.read())
                plans_seen[path] = (plan, check_plan(plan, plan_ref))
            plan, cids = plans_seen[path]
        else:
            plan, cids = t["plan"], check_plan(t["plan"], rid + " inline plan")
        if plan.get("task") != t["task"]:
            fail("%s: task differs from the plan's task" % rid)
        lab, steps = t["label"], t["steps"]
        if set(lab) < {"fault", "first_off_track_step"}:
            fail("%s: label fields" % rid)
        if not isinstance(t["outcome"].get("success"), bool):
            fail("%s: outcome.success must be bool" % rid)
        if not steps:
            fail("%s: no steps" % rid)
        if lab["fault"] is None:
            healthy += 1
            if lab["first_off_track_step"] is not None or t["outcome"]["success"] is not True:
                fail("%s: healthy run must have null step and success true" % rid)
        else:
            faulty += 1
            faults.add(lab["fault"])
            s = lab["first_off_track_step"]
            if not isinstance(s, int) or not 0 <= s < len(steps) or t["outcome"]["success"]:
                fail("%s: faulty label step %r / outcome" % (rid, s))
            step0 += s == 0
        page = check_obs(t["initial_observation"], rid + " initial")
        saw_saved = False
        for i, st in enumerate(steps):
            where = "%s step %d" % (rid, i)
            if "commitment" in st and st["commitment"] is not None and st["commitment"] not in cids:
                fail("%s: unknown commitment %r" % (where, st["commitment"]))
            check_action(st.get("action", {}), page, where)
            page = check_obs(st.get("observation", {}), where)
            if "Standing order SO-40172 saved." in st["observation"]["text"]:
                saw_saved = True
        end = final_state(steps[-1]["observation"]["text"])
        on_target = "(M-2218)" in steps[-1]["observation"]["title"]
        good_end = (saw_saved and on_target and end == ("5", "Thursday afternoon (13:00\u201317:00)")
                    and "Unsaved changes" not in steps[-1]["observation"]["text"])
        if lab["fault"] is None and not good_end:
            fail("%s: healthy run does not end saved with apples 5 kg and Thursday afternoon" % rid)
        if lab["fault"] is not None and good_end:
            fail("%s: faulty run ends in the requested state" % rid)
    if (healthy, faulty) != (8, 12):
        fail("expected 8 healthy + 12 faulty, found %d + %d" % (healthy, faulty))
    missing = REQUIRED_FAULTS - faults
    if missing:
        fail("fault kinds missing: %s" % sorted(missing))
    if step0 < 1:
        fail("no fault visible on the start page (step 0)")
    if not raw.endswith("\n") or "\r" in raw:
        fail("corpus.jsonl must be LF-terminated JSON Lines")
    return rows


def check_determinism():
    gen = os.path.join(HERE, "make_corpus.py")
    outs = []
    for _ in range(2):
        d = tempfile.mkdtemp(prefix="orchardline-")
        shutil.copy(gen, d)
        subprocess.run([sys.executable, os.path.join(d, "make_corpus.py"), d], check=True,
                       stdout=subprocess.DEVNULL, env={"PATH": os.environ.get("PATH", ""),
                                                       "PYTHONHASHSEED": "random"})
        outs.append(d)
    for rel in ("corpus.jsonl", os.path.join("plans", "standing_order.yaml")):
        a, b, here = (os.path.join(outs[0], rel), os.path.join(outs[1], rel), os.path.join(HERE, rel))
        if not filecmp.cmp(a, b, shallow=False):
            fail("make_corpus.py is not deterministic for %s" % rel)
        if not filecmp.cmp(a, here, shallow=False):
            fail("%s on disk differs from a fresh make_corpus.py run" % rel)
    for d in outs:
        shutil.rmtree(d)
    # standard library only
    src = open(gen, encoding="utf-8").read()
    for mod in re.findall(r"^\s*(?:import|from)\s+([A-Za-z_][\w.]*)", src, re.M):
        if mod.split(".")[0] not in {"json", "os", "random", "sys"}:
            fail("make_corpus.py imports non-stdlib or unexpected module %s" % mod)


def main():
    check_determinism()
    plans = {}
    rows = check_corpus(plans)
    for path, (plan, _) in plans.items():
        try:                       # optional cross-check with a full YAML loader
            import yaml
            full = yaml.safe_load(open(path, encoding="utf-8"))

            def norm(x):
                if isinstance(x, dict):
                    return {("on" if k is True else k): norm(v) for k, v in x.items()}
                if isinstance(x, list):
                    return [norm(v) for v in x]
                return x
            if norm(full) != plan:
                fail("%s: minimal reader and PyYAML disagree" % path)
        except ImportError:
            pass
    if FAILS:
        for f in FAILS:
            print("FAIL:", f)
        print("%d problem(s)" % len(FAILS))
        return 1
    by_step = {}
    for t in rows:
        if t["label"]["fault"]:
            by_step.setdefault(t["label"]["first_off_track_step"], []).append(t["label"]["fault"])
    print("OK: %d trajectories (%d healthy, %d faulty), plan %s" % (
        len(rows), sum(1 for t in rows if t["label"]["fault"] is None),
        sum(1 for t in rows if t["label"]["fault"]), ", ".join(sorted(os.path.relpath(p, HERE) for p in plans))))
    for s in sorted(by_step):
        print("  first_off_track_step %d: %s" % (s, ", ".join(by_step[s])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
