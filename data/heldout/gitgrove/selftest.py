#!/usr/bin/env python3
"""Self-test for the Gitgrove pr-merge corpus (stdlib; uses PyYAML for the plan when installed).

Checks the corpus against FORMATS.md: every field, step indices, that bids used by actions exist
on the page the action acts on and that action targets name that node, that healthy runs never open
a near-miss record, that labels are in range and sit where the labelling rule puts them, that the
plan has the documented shape, and that the generator is deterministic.
"""
import io
import json
import os
import re
import sys
import tokenize

sys.dont_write_bytecode = True

HERE = os.path.dirname(os.path.abspath(__file__))
FAULTS = {"wrong_record", "session_expired", "stale_filter", "missing_control", "wrong_banner",
          "silent_noop", "permission_denied", "plan_drift", "interstitial"}
ENV_FAULTS = FAULTS - {"wrong_record", "plan_drift"}
EFFECTS = {"read", "write", "irreversible"}
BASE = "http://127.0.0.1:8090"
NEAR_MISS = [BASE + p for p in ("/northwind/ledger-api/pull/1147", "/northwind/ledger-api/pull/1098",
                                "/northwind/ledger-api/pull/1180", "/jdoe/ledger-api/pull/12",
                                "/northwind/ledger-worker/pull/417", "/adokafor")]
TARGET_URL = BASE + "/northwind/ledger-api/pull/1174"

errors = []


def err(msg):
    errors.append(msg)


# ------------------------------------------------------------------ AXTree parsing
LINE_RE = re.compile(r"^(\t+)(?:\[(\w+)\] )?(\S+) (.*)$")


def first_string(rest):
    toks = tokenize.generate_tokens(io.StringIO(rest).readline)
    tok = next(toks)
    if tok.type != tokenize.STRING:
        raise ValueError(f"no quoted name in {rest[:60]!r}")
    return eval(tok.string), rest[tok.end[1]:]  # noqa: S307 - a literal produced by repr()


def parse_tree(text, where):
    """Return {bid: (role, name, props_text)} and the list of lines; report format errors."""
    lines = text.split("\n")
    nodes = {}
    m = re.match(r"^RootWebArea ('.*'|\".*\"), focused, url='([^']*)'$", lines[0])
    if not m:
        err(f"{where}: bad first line {lines[0][:80]!r}")
        root_url = None
    else:
        root_url = m.group(2)
    prev_depth = 0
    for i, ln in enumerate(lines[1:], 1):
        mm = LINE_RE.match(ln)
        if not mm:
            err(f"{where}: line {i} malformed {ln[:80]!r}")
            continue
        depth = len(mm.group(1))
        if depth > prev_depth + 1:
            err(f"{where}: line {i} jumps indentation")
        prev_depth = depth
        bid, role, rest = mm.group(2), mm.group(3), mm.group(4)
        try:
            name, props = first_string(rest)
        except Exception as e:  # noqa: BLE001
            err(f"{where}: line {i}: {e}")
            continue
        if role == "StaticText":
            if bid:
                err(f"{where}: StaticText with a bid on line {i}")
            continue
        if not bid:
            err(f"{where}: element without bid on line {i}: {ln[:60]!r}")
            continue
        if bid in nodes:
            err(f"{where}: duplicate bid {bid}")
        nodes[bid] = (role, name, props)
    return nodes, root_url


def check_obs(obs, where):
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            err(f"{where}: observation lacks {k}")
    if not isinstance(obs.get("text"), str) or not obs.get("text"):
        err(f"{where}: empty text")
        return {}
    nodes, root_url = parse_tree(obs["text"], where)
    if root_url is not None and root_url != obs["url"]:
        err(f"{where}: RootWebArea url {root_url} != observation url {obs['url']}")
    if obs["text"].split("\n")[0].find(repr(obs["title"])) < 0:
        err(f"{where}: title not on the RootWebArea line")
    if obs["error"] is not None and not isinstance(obs["error"], str):
        err(f"{where}: error must be string or null")
    return nodes


def url_of(props):
    m = re.search(r"url='([^']*)'", props)
    return m.group(1) if m else None


def is_near_miss(url):
    return url is not None and any(url == u or url.startswith(u + "?") or url.startswith(u + "/")
                                   or url.startswith(u + "#") for u in NEAR_MISS)


# ------------------------------------------------------------------ plan
def load_plan(path):
    with open(path, encoding="utf-8") as f:
        raw = f.read()
    try:
        import yaml  # type: ignore
    except ImportError:
        print("note: PyYAML not installed; plan checked only for commitment ids")
        ids = re.findall(r"^  - id: (\S+)$", raw, re.M)
        return {"commitments": [{"id": i} for i in ids]}, False
    return yaml.safe_load(raw), True


def on_of(it):
    """`on` of a mapping item.  YAML 1.1 loaders (PyYAML) read a bare `on:` key as boolean True."""
    if "on" in it:
        return it["on"]
    return it.get(True, "state")


def check_evidence(items, where):
    if items is None:
        return
    if not isinstance(items, list):
        err(f"{where}: must be a list")
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                err(f"{where}: empty statement")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str):
                err(f"{where}: mapping item without text")
            if on_of(it) not in ("state", "action", "both"):
                err(f"{where}: bad on={on_of(it)}")
        else:
            err(f"{where}: item {it!r} is neither string nor mapping")


def check_plan(plan, full):
    cids = [c["id"] for c in plan.get("commitments", [])]
    if not 3 <= len(cids) <= 4:
        err(f"plan: {len(cids)} commitments (want 3-4)")
    if len(set(cids)) != len(cids):
        err("plan: duplicate commitment ids")
    if not full:
        return cids
    if not isinstance(plan.get("task"), str):
        err("plan: task missing")
    pf = plan.get("plan_falsifiers", {})
    for scope, items in pf.items():
        if scope not in ("execution", "skill", "planning"):
            err(f"plan_falsifiers: bad scope {scope}")
        check_evidence(items, f"plan_falsifiers.{scope}")
    n_action = 0
    for c in plan["commitments"]:
        w = f"plan:{c['id']}"
        if not isinstance(c.get("subgoal"), str):
            err(f"{w}: subgoal missing")
        conf = c.get("confidence", 0.5)
        if not (isinstance(conf, (int, float)) and 0 <= conf <= 1):
            err(f"{w}: confidence {conf}")
        for k, v in (c.get("confirm") or {}).items():
            if k not in ("precondition", "progress", "completion"):
                err(f"{w}: bad confirm stage {k}")
            check_evidence(v, f"{w}.confirm.{k}")
        for k, v in (c.get("falsify") or {}).items():
            if k not in ("execution", "skill", "planning"):
                err(f"{w}: bad falsify scope {k}")
            check_evidence(v, f"{w}.falsify.{k}")
            n_action += sum(1 for it in v or [] if isinstance(it, dict) and on_of(it) in ("action", "both"))
    if n_action == 0:
        err("plan: no on: action falsifiers")
    return cids


# ------------------------------------------------------------------ corpus
BID_ARG = re.compile(r"^(click|fill|hover|press|select_option|dblclick|focus|clear)\('(\w+)'")
KNOWN_CMDS = ("click", "fill", "hover", "press", "select_option", "scroll", "noop", "goto", "go_back",
              "keyboard_press", "send_msg_to_user")


def check_corpus(path, cids):
    recs = []
    with open(path, encoding="utf-8") as f:
        for ln_no, ln in enumerate(f, 1):
            try:
                recs.append(json.loads(ln))
            except json.JSONDecodeError as e:
                err(f"corpus line {ln_no}: {e}")
    ids = [r.get("id") for r in recs]
    if len(set(ids)) != len(ids):
        err("duplicate trajectory ids")
    counts = {}
    for r in recs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err(f"{rid}: missing {k}")
        if r.get("workflow") != "pr-merge":
            err(f"{rid}: workflow {r.get('workflow')}")
        plan = r.get("plan")
        if isinstance(plan, str) and not os.path.exists(os.path.join(os.path.dirname(path), plan)):
            err(f"{rid}: plan path {plan} missing")
        lab = r.get("label", {})
        fault, off = lab.get("fault"), lab.get("first_off_track_step")
        steps = r.get("steps", [])
        counts[fault] = counts.get(fault, 0) + 1
        if fault is None:
            if off is not None:
                err(f"{rid}: healthy but first_off_track_step={off}")
            if r["outcome"].get("success") is not True:
                err(f"{rid}: healthy but not successful")
        else:
            if fault not in FAULTS:
                err(f"{rid}: unknown fault {fault}")
            if not (isinstance(off, int) and 0 <= off < len(steps)):
                err(f"{rid}: first_off_track_step {off} out of range 0..{len(steps) - 1}")
            if r["outcome"].get("success") is not False:
                err(f"{rid}: faulty but successful")
        if not isinstance(r["outcome"].get("success"), bool):
            err(f"{rid}: outcome.success not bool")

        pages = [check_obs(r["initial_observation"], f"{rid}:init")]
        obs_list = [r["initial_observation"]]
        for i, s in enumerate(steps):
            w = f"{rid}:step{i}"
            a = s.get("action", {})
            for k in ("command", "effect"):
                if k not in a:
                    err(f"{w}: action lacks {k}")
            if a.get("effect") not in EFFECTS:
                err(f"{w}: effect {a.get('effect')}")
            if s.get("commitment") is not None and s["commitment"] not in cids:
                err(f"{w}: commitment {s['commitment']} not in plan")
            cmd = a.get("command", "")
            if not cmd.startswith(KNOWN_CMDS):
                err(f"{w}: unknown command {cmd[:40]}")
            m = BID_ARG.match(cmd)
            before = pages[-1]
            if m:
                bid = m.group(2)
                if bid not in before:
                    err(f"{w}: bid {bid} not on the page the action acts on")
                else:
                    role, name, props = before[bid]
                    want = f"{role} {name!r}"
                    if a.get("target") != want:
                        err(f"{w}: target {a.get('target')!r} != node {want!r}")
                    # effects: ticking boxes is a write, confirming a merge is irreversible
                    if role in ("checkbox", "menuitemcheckbox") and a["effect"] != "write":
                        err(f"{w}: toggling {want} should be a write")
                    if name.startswith("Confirm ") and name.endswith("merge") and a["effect"] != "irreversible":
                        err(f"{w}: {want} should be irreversible")
                    if fault is None and role == "link" and is_near_miss(url_of(props)):
                        err(f"{w}: healthy run clicks near-miss link {url_of(props)}")
            elif a.get("target") not in (None, ""):
                err(f"{w}: target given for an action without a bid")
            if a.get("effect") in ("write", "irreversible") and not m:
                err(f"{w}: {a['effect']} action without an element")
            pages.append(check_obs(s["observation"], w))
            obs_list.append(s["observation"])
            if fault is None and is_near_miss(s["observation"]["url"]):
                err(f"{w}: healthy run opened near-miss {s['observation']['url']}")
        if fault is None:
            last = obs_list[-1]["text"]
            if "Pull request successfully merged and closed" not in last or "regression" not in last:
                err(f"{rid}: healthy run does not end merged and labelled")
            if "Awaiting requested review from aokafor" not in last:
                err(f"{rid}: healthy run does not end with the review requested")
            if not steps[-1]["action"]["command"].startswith("send_msg_to_user"):
                err(f"{rid}: healthy run does not end with a report")
        else:
            check_label_position(r, obs_list)
    return recs, counts


def texts(obs_list):
    return [o["text"] for o in obs_list]


def first_index(obs_list, pred):
    """Index into steps (0-based) of the first observation satisfying pred; initial counts as 0."""
    for j, o in enumerate(obs_list):
        if pred(o):
            return max(j - 1, 0) if j > 0 else 0
    return None


def check_label_position(r, obs_list):
    """Independent check that the labelled step is where FORMATS.md's rule puts it."""
    rid, fault, off = r["id"], r["label"]["fault"], r["label"]["first_off_track_step"]
    steps = r["steps"]
    if fault in ENV_FAULTS:
        markers = {
            "session_expired": lambda o: "Your session has expired" in o["text"],
            "wrong_banner": lambda o: "\t[" in o["text"] and re.search(r"\] alert ''", o["text"]) is not None,
            "permission_denied": lambda o: "not authorized to merge" in o["text"],
            "interstitial": lambda o: "dialog 'Confirm access'" in o["text"],
            "stale_filter": lambda o: "value='is:pr is:closed" in o["text"],
            "missing_control": lambda o: "group 'Squash and merge'" in o["text"] and "textbox 'Commit message'" not in o["text"],
        }
        if fault in markers:
            j = next((k for k, o in enumerate(obs_list) if markers[fault](o)), None)
            if j is None:
                err(f"{rid}: fault {fault} never visible")
            else:
                want = 0 if j == 0 else j - 1
                if want != off:
                    err(f"{rid}: {fault} first visible at step {want}, labelled {off}")
        elif fault == "silent_noop":
            a = steps[off]["action"]
            if a["effect"] != "write":
                err(f"{rid}: silent no-op step is not a write")

            def skel(t):
                return [ln for ln in t.split("\n") if "StaticText" not in ln]
            if skel(obs_list[off]["text"]) != skel(obs_list[off + 1]["text"]):
                err(f"{rid}: the no-op step changed the page")
            for k in range(off):
                if steps[k]["action"]["effect"] == "write" and \
                        skel(obs_list[k]["text"]) == skel(obs_list[k + 1]["text"]):
                    err(f"{rid}: earlier write at step {k} is already a no-op")
    elif fault == "wrong_record":
        j = next((k for k, s in enumerate(steps) if is_near_miss(s["observation"]["url"])), None)
        if j != off:
            err(f"{rid}: near-miss first opened at step {j}, labelled {off}")
    elif fault == "plan_drift":
        # everything before the labelled step is on plan: only reads, or the label/reviewer writes
        for k in range(off):
            if steps[k]["action"]["effect"] == "irreversible":
                err(f"{rid}: irreversible step {k} before the drift")
        a = steps[off]["action"]
        rebase = "Rebase" in a.get("target", "")
        reviewer_before = any(s["action"].get("target", "").startswith("menuitemcheckbox 'aokafor")
                              for s in steps[:off])
        skipped = not reviewer_before and a.get("target", "") == "button 'Squash and merge'"
        if not (rebase or skipped):
            err(f"{rid}: labelled drift step {off} is neither the rebase choice nor the merge that skips the reviewer")


def check_determinism(path):
    sys.path.insert(0, HERE)
    import make_corpus  # noqa: E402
    recs = [fn() for fn in make_corpus.HEALTHY + make_corpus.FAULTY]
    fresh = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in recs)
    with open(path, encoding="utf-8") as f:
        if f.read() != fresh:
            err("corpus.jsonl differs from a fresh generator run (stale file or nondeterminism)")
    with open(os.path.join(HERE, "plans", "pr-merge.yaml"), encoding="utf-8") as f:
        if f.read() != make_corpus.PLAN_YAML:
            err("plans/pr-merge.yaml differs from the generator's plan")


def main():
    plan, full = load_plan(os.path.join(HERE, "plans", "pr-merge.yaml"))
    cids = check_plan(plan, full)
    path = os.path.join(HERE, "corpus.jsonl")
    recs, counts = check_corpus(path, cids)
    check_determinism(path)
    healthy = counts.get(None, 0)
    faulty = len(recs) - healthy
    if len(recs) != 20 or healthy != 8 or faulty != 12:
        err(f"want 20 runs (8 healthy, 12 faulty); got {len(recs)} ({healthy}, {faulty})")
    missing = FAULTS - set(counts)
    if missing:
        err(f"fault classes not covered: {sorted(missing)}")
    print(f"{len(recs)} trajectories: {healthy} healthy, {faulty} faulty")
    for k in sorted((k for k in counts if k), key=str):
        print(f"  {k:18s} {counts[k]}")
    if errors:
        print(f"FAIL: {len(errors)} problem(s)")
        for e in errors:
            print("  -", e)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
