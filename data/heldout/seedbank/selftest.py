#!/usr/bin/env python3
"""Validate the SeedBank corpus against the fcpkit format contract (FORMATS.md).

    python3 selftest.py

Standard library only (PyYAML, when installed, is used as a second opinion on the plan).
Exits non-zero with a list of problems on failure.
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
PROBLEMS = []

EXPECTED_RUNS = 20
EXPECTED_HEALTHY = 8
EXPECTED_FAULTY = 12
REQUIRED_FAULT_KINDS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_filter", "refusal",
                        "lost_session", "premature_success", "skipped_step", "dialog_mishandled",
                        "blocking_modal"}
HEALTHY_TOAST = ("Thanks! Return recorded for Odalys Ferreira — Brandywine Pink BWP-23-114, "
                 "germination 90 %.")
EFFECTS = {"read", "write", "irreversible"}
CONFIRM_STAGES = {"precondition", "progress", "completion"}
FALSIFY_SCOPES = {"execution", "skill", "planning"}
BID_ACTIONS = {"click", "dblclick", "hover", "fill", "clear", "focus", "press", "select_option",
               "check", "uncheck", "upload_file"}
NO_BID_ACTIONS = {"send_msg_to_user", "noop", "go_back", "go_forward", "goto", "scroll",
                  "report_infeasible", "new_tab", "tab_close", "tab_focus"}


def problem(msg):
    PROBLEMS.append(msg)


# ---------------------------------------------------------------------------
# A small YAML reader for the subset used by plans (block maps/lists, flow
# lists/maps of plain or quoted scalars, folded block scalars, comments).
# ---------------------------------------------------------------------------

def _split_top(s, sep=","):
    out, depth, cur, quote = [], 0, "", None
    for ch in s:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
            continue
        if ch in "'\"":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == sep and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur)
    return [x.strip() for x in out]


def _key_split(s):
    """Return (key, rest) if s is 'key: rest' or 'key:', else None."""
    if not s or s[0] in "[{'\"":
        return None
    if s.endswith(":") and ": " not in s:
        return s[:-1].strip(), ""
    i = s.find(": ")
    if i <= 0:
        return None
    return s[:i].strip(), s[i + 2:].strip()


def _scalar(s):
    s = s.strip()
    if s.startswith("[") and s.endswith("]"):
        return [_scalar(x) for x in _split_top(s[1:-1])]
    if s.startswith("{") and s.endswith("}"):
        d = {}
        for part in _split_top(s[1:-1]):
            kv = _key_split(part)
            if kv is None:
                raise ValueError("bad flow mapping entry %r" % part)
            d[kv[0]] = _scalar(kv[1])
        return d
    if s.startswith('"') and s.endswith('"') and len(s) >= 2:
        return json.loads(s)
    if s.startswith("'") and s.endswith("'") and len(s) >= 2:
        return s[1:-1].replace("''", "'")
    if s in ("null", "~", ""):
        return None
    if s in ("true", "false"):
        return s == "true"
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    if " #" in s:
        s = s.split(" #", 1)[0].rstrip()
    return s


def load_yaml_subset(text):
    raw = text.splitlines()
    lines = []
    for r in raw:
        if not r.strip() or r.lstrip().startswith("#"):
            lines.append(None)
            continue
        if "\t" in r[: len(r) - len(r.lstrip())]:
            raise ValueError("tab indentation: %r" % r)
        lines.append((len(r) - len(r.lstrip(" ")), r.strip()))
    items = [(i, l) for i, l in enumerate(lines) if l is not None]

    pos = [0]

    def peek():
        return items[pos[0]][1] if pos[0] < len(items) else None

    def block(indent):
        nxt = peek()
        if nxt is None:
            return None
        if nxt[1].startswith("- ") or nxt[1] == "-":
            return seq(indent)
        return mapping(indent)

    def seq(indent):
        out = []
        while True:
            nxt = peek()
            if nxt is None or nxt[0] != indent or not (nxt[1].startswith("- ") or nxt[1] == "-"):
                return out
            body = nxt[1][2:].strip() if nxt[1] != "-" else ""
            if body == "":
                pos[0] += 1
                out.append(block(peek()[0]))
            elif _key_split(body) is not None:
                # mapping inside a list item: reparse its first line at indent + 2
                idx = items[pos[0]][0]
                items[pos[0]] = (idx, (indent + 2, body))
                out.append(mapping(indent + 2))
            else:
                pos[0] += 1
                out.append(_scalar(body))

    def mapping(indent):
        out = {}
        while True:
            nxt = peek()
            if nxt is None or nxt[0] != indent or nxt[1].startswith("- "):
                return out
            kv = _key_split(nxt[1])
            if kv is None:
                raise ValueError("expected 'key: value' at %r" % (nxt[1],))
            key, rest = kv
            if key in out:
                raise ValueError("duplicate key %r" % key)
            line_no = items[pos[0]][0]
            pos[0] += 1
            if rest in (">", ">-", "|", "|-"):
                parts = []
                while pos[0] < len(items) and items[pos[0]][1][0] > indent:
                    parts.append(items[pos[0]][1][1])
                    pos[0] += 1
                val = (" " if rest.startswith(">") else "\n").join(parts)
                if not rest.endswith("-"):
                    val += "\n"
                out[key] = val
            elif rest == "":
                child = peek()
                if child is None or child[0] <= indent:
                    out[key] = None
                else:
                    out[key] = block(child[0])
            else:
                out[key] = _scalar(rest)
            del line_no

    result = block(0)
    if pos[0] != len(items):
        raise ValueError("unparsed content near %r" % (peek(),))
    return result


# ---------------------------------------------------------------------------
# Plan checks
# ---------------------------------------------------------------------------

def check_evidence_list(where, lst):
    if lst is None:
        return
    if not isinstance(lst, list):
        problem("%s: evidence must be a list" % where)
        return
    for it in lst:
        if isinstance(it, str):
            if not it.strip():
                problem("%s: empty evidence string" % where)
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                problem("%s: evidence mapping without text: %r" % (where, it))
            if it.get("on", "state") not in ("state", "action", "both"):
                problem("%s: bad 'on' in %r" % (where, it))
            extra = set(it) - {"text", "on"}
            if extra:
                problem("%s: unexpected keys %s in evidence" % (where, sorted(extra)))
        else:
            problem("%s: evidence item must be str or mapping: %r" % (where, it))


def check_plan(plan, task):
    if not isinstance(plan, dict):
        problem("plan is not a mapping")
        return set()
    if plan.get("task") != task:
        problem("plan task differs from corpus task:\n  %r\n  %r" % (plan.get("task"), task))
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict):
        problem("plan_falsifiers must be a mapping of scope -> list")
    else:
        for scope, lst in pf.items():
            if scope not in FALSIFY_SCOPES:
                problem("plan_falsifiers: unknown scope %r" % scope)
            check_evidence_list("plan_falsifiers.%s" % scope, lst)
        if not any("Sign in to SeedBank" == (x if isinstance(x, str) else x.get("text"))
                   for x in pf.get("execution", []) or []):
            problem("plan_falsifiers should name the product's sign-in page")
    ids = []
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        problem("plan has no commitments")
        return set()
    for c in cms:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            problem("commitment without id: %r" % c)
            continue
        ids.append(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            problem("commitment %s: missing subgoal" % cid)
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            problem("commitment %s: confidence out of [0,1]" % cid)
        if "skill" in c and not isinstance(c["skill"], str):
            problem("commitment %s: skill must be a string" % cid)
        for part, allowed in (("confirm", CONFIRM_STAGES), ("falsify", FALSIFY_SCOPES)):
            block = c.get(part) or {}
            if not isinstance(block, dict):
                problem("commitment %s: %s must be a mapping" % (cid, part))
                continue
            for k, lst in block.items():
                if k not in allowed:
                    problem("commitment %s: unknown %s key %r" % (cid, part, k))
                check_evidence_list("%s.%s.%s" % (cid, part, k), lst)
    if len(ids) != len(set(ids)):
        problem("duplicate commitment ids: %r" % ids)
    return set(ids)


# ---------------------------------------------------------------------------
# Corpus checks
# ---------------------------------------------------------------------------

NODE_RE = re.compile(r"""^(\t*)(?:\[([^\]\s]+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(, .*)?$""")
CMD_RE = re.compile(r"^([a-z_]+)\((.*)\)$", re.S)


def check_tree(where, obs):
    text = obs.get("text")
    if not isinstance(text, str) or not text:
        problem("%s: observation.text empty" % where)
        return {}
    bids = {}
    prev_depth = -1
    for n, line in enumerate(text.split("\n")):
        m = NODE_RE.match(line)
        if not m:
            problem("%s: line %d is not an AXTree node: %r" % (where, n, line))
            continue
        depth = len(m.group(1))
        if n == 0:
            if depth != 0 or m.group(3) != "RootWebArea":
                problem("%s: first line must be the RootWebArea" % where)
            if ast.literal_eval(m.group(4)) != obs.get("title"):
                problem("%s: RootWebArea name %s != title %r" % (where, m.group(4), obs.get("title")))
        elif depth < 1 or depth > prev_depth + 1:
            problem("%s: line %d jumps indentation" % (where, n))
        prev_depth = depth
        if m.group(2):
            if m.group(2) in bids:
                problem("%s: duplicate bid %s" % (where, m.group(2)))
            bids[m.group(2)] = line.lstrip("\t")
    return bids


def check_obs_fields(where, obs):
    if not isinstance(obs, dict):
        problem("%s: observation not an object" % where)
        return False
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            problem("%s: observation missing %r" % (where, k))
    if not str(obs.get("url", "")).startswith("http"):
        problem("%s: bad url %r" % (where, obs.get("url")))
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        problem("%s: error must be a string or null" % where)
    return True


def check_action(where, act, page_bids):
    if not isinstance(act, dict):
        problem("%s: action not an object" % where)
        return
    for k in ("command", "reasoning", "target", "effect"):
        if k not in act:
            problem("%s: action missing %r" % (where, k))
    if act.get("effect") not in EFFECTS:
        problem("%s: effect %r not in %s" % (where, act.get("effect"), sorted(EFFECTS)))
    m = CMD_RE.match(act.get("command", ""))
    if not m:
        problem("%s: unparseable command %r" % (where, act.get("command")))
        return
    name, args = m.group(1), m.group(2)
    try:
        argv = ast.literal_eval("(" + args + ",)") if args.strip() else ()
    except (ValueError, SyntaxError):
        problem("%s: bad arguments in %r" % (where, act["command"]))
        return
    if name in BID_ACTIONS:
        bid = str(argv[0]) if argv else None
        if bid not in page_bids:
            problem("%s: bid %r of %s is not on the page acted on" % (where, bid, act["command"]))
            return
        node = page_bids[bid]
        tgt = act.get("target", "")
        if not (node == "[%s] %s" % (bid, tgt) or node.startswith("[%s] %s, " % (bid, tgt))):
            problem("%s: target %r does not match node %r" % (where, tgt, node))
        if name == "select_option":
            # option must exist as a child option of that combobox on the page
            opt = argv[1] if len(argv) > 1 else None
            if not any(v == "%s '%s'" % ("option", opt) or v.startswith("option %r," % opt)
                       for v in (l.split("] ", 1)[1] for l in page_bids.values())):
                problem("%s: option %r not on page" % (where, opt))
    elif name in NO_BID_ACTIONS:
        if name == "send_msg_to_user" and (not argv or not isinstance(argv[0], str)):
            problem("%s: send_msg_to_user needs a message" % where)
    else:
        problem("%s: unknown action %r" % (where, name))


def action_bid(command):
    m = CMD_RE.match(command)
    if not m or m.group(1) not in BID_ACTIONS:
        return None
    try:
        argv = ast.literal_eval("(" + m.group(2) + ",)")
    except (ValueError, SyntaxError):
        return None
    return str(argv[0]) if argv else None


def check_corpus(plans_cache):
    runs = []
    with open(CORPUS, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                problem("corpus line %d is blank" % n)
                continue
            try:
                runs.append(json.loads(line))
            except ValueError as e:
                problem("corpus line %d: %s" % (n, e))
    if len(runs) != EXPECTED_RUNS:
        problem("expected %d runs, found %d" % (EXPECTED_RUNS, len(runs)))
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        problem("duplicate run ids")
    healthy = faulty = 0
    kinds = {}
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                problem("%s: missing %r" % (rid, k))
        if r.get("workflow") != "seedbank":
            problem("%s: workflow %r" % (rid, r.get("workflow")))
        plan = r.get("plan")
        if isinstance(plan, str):
            ppath = os.path.join(os.path.dirname(CORPUS), plan)
            if not os.path.isfile(ppath):
                problem("%s: plan path %s does not exist" % (rid, plan))
                continue
            if ppath not in plans_cache:
                with open(ppath, encoding="utf-8") as fh:
                    plans_cache[ppath] = load_yaml_subset(fh.read())
            plan_obj = plans_cache[ppath]
        elif isinstance(plan, dict):
            plan_obj = plan
        else:
            problem("%s: plan must be a path or an object" % rid)
            continue
        cids = check_plan(plan_obj, r.get("task"))
        label = r.get("label") or {}
        fault, off = label.get("fault", "MISSING"), label.get("first_off_track_step", "MISSING")
        steps = r.get("steps") or []
        if not steps:
            problem("%s: no steps" % rid)
        if fault is None:
            healthy += 1
            if off is not None:
                problem("%s: healthy run must have first_off_track_step null" % rid)
            if r.get("outcome", {}).get("success") is not True:
                problem("%s: healthy run must succeed" % rid)
        else:
            faulty += 1
            kinds[fault] = kinds.get(fault, 0) + 1
            if not isinstance(fault, str) or not re.fullmatch(r"[a-z_]+", fault):
                problem("%s: bad fault name %r" % (rid, fault))
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                problem("%s: first_off_track_step %r out of range" % (rid, off))
            if r.get("outcome", {}).get("success") is not False:
                problem("%s: faulty run must not succeed" % rid)
        if not isinstance(r.get("outcome", {}).get("success"), bool):
            problem("%s: outcome.success must be bool" % rid)
        init = r.get("initial_observation")
        if not check_obs_fields("%s initial" % rid, init):
            continue
        page_bids = check_tree("%s initial" % rid, init)
        for i, s in enumerate(steps):
            where = "%s step %d" % (rid, i)
            if "commitment" in s and s["commitment"] not in cids:
                problem("%s: commitment %r not in plan" % (where, s["commitment"]))
            check_action(where, s.get("action"), page_bids)
            obs = s.get("observation")
            if not check_obs_fields(where, obs):
                break
            node = page_bids.get(action_bid(s.get("action", {}).get("command", "")) or "")
            if node and "disabled=True" in node and not obs.get("error"):
                problem("%s: acted on a disabled control but no error was recorded" % where)
            page_bids = check_tree(where, obs)
        # semantic sanity: only healthy runs show the exact success toast
        texts = [s["observation"]["text"] for s in steps]
        shows = any(HEALTHY_TOAST in t for t in texts)
        if fault is None and not shows:
            problem("%s: healthy run never shows the thank-you toast" % rid)
        if fault is not None and shows:
            problem("%s: faulty run shows the exact healthy toast" % rid)
        if fault is None and not any(s["action"]["effect"] == "irreversible" for s in steps):
            problem("%s: healthy run never commits the return" % rid)
    if healthy != EXPECTED_HEALTHY or faulty != EXPECTED_FAULTY:
        problem("expected %d healthy / %d faulty, found %d / %d"
                % (EXPECTED_HEALTHY, EXPECTED_FAULTY, healthy, faulty))
    missing = REQUIRED_FAULT_KINDS - set(kinds)
    if missing:
        problem("fault kinds not covered: %s" % sorted(missing))
    return runs, kinds


def check_determinism():
    script = os.path.join(HERE, "make_corpus.py")
    outs = []
    for seed in ("0", "12345"):
        d = tempfile.mkdtemp(prefix="seedbank-")
        env = dict(os.environ, PYTHONHASHSEED=seed)
        subprocess.run([sys.executable, script, d], check=True, env=env, stdout=subprocess.DEVNULL)
        files = {}
        for rel in ("corpus.jsonl", os.path.join("plans", "seedbank.yaml")):
            with open(os.path.join(d, rel), "rb") as fh:
                files[rel] = fh.read()
        outs.append(files)
    if outs[0] != outs[1]:
        problem("make_corpus.py is not deterministic across runs")
    for rel, data in outs[0].items():
        with open(os.path.join(HERE, rel), "rb") as fh:
            if fh.read() != data:
                problem("%s in this folder differs from a fresh make_corpus.py run" % rel)
    # stdlib only
    with open(script, encoding="utf-8") as fh:
        src = fh.read()
    stdlib = {"datetime", "json", "os", "random", "sys"}
    for m in re.finditer(r"^(?:import|from)\s+([A-Za-z_][\w.]*)", src, re.M):
        if m.group(1).split(".")[0] not in stdlib:
            problem("make_corpus.py imports non-stdlib module %s" % m.group(1))


def main():
    plans_cache = {}
    check_determinism()
    runs, kinds = check_corpus(plans_cache)
    try:
        import yaml  # optional second opinion
    except ImportError:
        yaml = None
    if yaml is not None:
        def norm(x):
            # YAML 1.1 loaders (PyYAML) read the bare key `on` as boolean True.
            if isinstance(x, dict):
                return {("on" if k is True else k): norm(v) for k, v in x.items()}
            if isinstance(x, list):
                return [norm(v) for v in x]
            return x
        for p, obj in plans_cache.items():
            with open(p, encoding="utf-8") as fh:
                if norm(yaml.safe_load(fh)) != obj:
                    problem("built-in YAML reader and PyYAML disagree on %s" % p)
    if PROBLEMS:
        print("selftest FAILED (%d problems):" % len(PROBLEMS))
        for p in PROBLEMS:
            print("  -", p)
        sys.exit(1)
    by_step = {}
    for r in runs:
        if r["label"]["fault"]:
            by_step.setdefault(r["label"]["first_off_track_step"], []).append(r["label"]["fault"])
    print("selftest OK: %d runs (%d healthy, %d faulty); faults %s"
          % (len(runs), sum(1 for r in runs if r["label"]["fault"] is None),
             sum(1 for r in runs if r["label"]["fault"]), dict(sorted(kinds.items()))))
    for k in sorted(by_step):
        print("  first_off_track_step %d: %s" % (k, ", ".join(sorted(by_step[k]))))


if __name__ == "__main__":
    main()
