#!/usr/bin/env python3
"""Self-test for the BusYard held-out corpus (standard library only).

Checks corpus.jsonl and plans/busyard.yaml against the fcpkit format contract
(shared/FORMATS.md) and checks that make_corpus.py is byte-for-byte reproducible.
Exit status 0 when everything passes.
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
EXPECTED_FAULTS = {"wrong_record", "wrong_value", "wrong_scope", "unrequested_constraint",
                   "silent_noop", "error_page", "permission_denied", "session_expired",
                   "premature_success", "skipped_step", "dialog_mishandled", "stale_filter"}
LINE_RE = re.compile(r"""^(\t*)(?:\[(\d+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(, .*)?$""")
BID_CMD_RE = re.compile(r"""^(click|dblclick|hover|fill|select_option|press|focus|clear|check|uncheck)\('([^']+)'""")
KNOWN_CMD_RE = re.compile(r"^(click|dblclick|hover|fill|select_option|press|focus|clear|check|uncheck|"
                          r"keyboard_press|send_msg_to_user|go_back|go_forward|goto|scroll|noop)\(")

failures = []


def fail(msg):
    failures.append(msg)


# ------------------------------------------------------------------ tiny YAML subset reader
def _scalar(tok):
    tok = tok.strip()
    if tok == "":
        return None
    if tok[0] in "\"'":
        q = tok[0]
        if not tok.endswith(q) or len(tok) < 2:
            raise ValueError(f"unterminated quoted scalar: {tok}")
        body = tok[1:-1]
        return json.loads('"' + body + '"') if q == '"' else body.replace("''", "'")
    if re.fullmatch(r"-?\d+", tok):
        return int(tok)
    if re.fullmatch(r"-?\d+\.\d*", tok):
        return float(tok)
    if tok in ("true", "false"):
        return tok == "true"
    if tok in ("null", "~"):
        return None
    return tok


def _split_flow(body):
    parts, depth, cur, quote = [], 0, "", None
    for ch in body:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
            continue
        if ch in "\"'" and (cur.strip() == "" or cur.rstrip()[-1] in ":[{"):
            quote = ch
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


def _value(tok):
    tok = tok.strip()
    if tok.startswith("[") and tok.endswith("]"):
        return [_value(p) for p in _split_flow(tok[1:-1])]
    if tok.startswith("{") and tok.endswith("}"):
        out = {}
        for p in _split_flow(tok[1:-1]):
            k, _, v = p.partition(":")
            out[k.strip()] = _value(v)
        return out
    return _scalar(tok)


def _strip_comment(line):
    out, quote = "", None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'" and (i == 0 or line[i - 1] in " [{,:-"):
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] == " "):
            break
        out += ch
    return out.rstrip()


def load_yaml(text):
    lines = []
    raw = text.split("\n")
    i = 0
    while i < len(raw):
        ln = _strip_comment(raw[i])
        if ln.strip():
            m = re.match(r"^( *)(.*)$", ln)
            ind, body = len(m.group(1)), m.group(2)
            if body.endswith(">-") or body.endswith("|"):  # block scalar
                block = []
                j = i + 1
                while j < len(raw) and (not raw[j].strip() or len(raw[j]) - len(raw[j].lstrip()) > ind):
                    block.append(raw[j].strip())
                    j += 1
                joined = " ".join(b for b in block if b) if body.endswith(">-") else "\n".join(block)
                lines.append((ind, body[:-2 if body.endswith(">-") else -1] + json.dumps(joined)))
                i = j
                continue
            lines.append((ind, body))
        i += 1
    pos = [0]

    def parse_block(ind):
        if pos[0] >= len(lines):
            return None
        if lines[pos[0]][1].startswith("- "):
            return parse_list(ind)
        return parse_map(ind)

    def parse_map(ind):
        out = {}
        while pos[0] < len(lines):
            li, body = lines[pos[0]]
            if li < ind:
                break
            if li > ind:
                raise ValueError(f"bad indentation at: {body}")
            if body.startswith("- "):
                break
            k, sep, v = body.partition(":")
            if not sep:
                raise ValueError(f"expected key: value, got: {body}")
            k = k.strip()
            if k in out:
                raise ValueError(f"duplicate key {k}")
            pos[0] += 1
            if v.strip():
                out[k] = _value(v)
            elif pos[0] < len(lines) and lines[pos[0]][0] > ind:
                out[k] = parse_block(lines[pos[0]][0])
            elif pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
                out[k] = parse_list(ind)
            else:
                out[k] = None
        return out

    def parse_list(ind):
        out = []
        while pos[0] < len(lines):
            li, body = lines[pos[0]]
            if li != ind or not body.startswith("- "):
                break
            item = body[2:]
            if re.match(r"^[A-Za-z_][\w-]*:( |$)", item) and not item.startswith("{"):
                # mapping item: re-insert as a map at ind + 2
                lines[pos[0]] = (ind + 2, item)
                out.append(parse_map(ind + 2))
            else:
                pos[0] += 1
                out.append(_value(item))
        return out

    return parse_block(0)


# ------------------------------------------------------------------ checks
def check_plan(path):
    with open(path, encoding="utf-8") as fh:
        plan = load_yaml(fh.read())
    if not isinstance(plan, dict):
        fail("plan is not a mapping")
        return set()
    for k in ("task", "commitments"):
        if k not in plan:
            fail(f"plan lacks {k}")
    ids = set()

    def check_items(where, items):
        if items is None:
            return
        if not isinstance(items, list):
            fail(f"{where}: not a list")
            return
        for it in items:
            if isinstance(it, str):
                continue
            if isinstance(it, dict) and isinstance(it.get("text"), str) and \
                    it.get("on", "state") in ("state", "action", "both") and set(it) <= {"text", "on"}:
                continue
            fail(f"{where}: bad evidence item {it!r}")

    for scope, items in (plan.get("plan_falsifiers") or {}).items():
        if scope not in ("execution", "skill", "planning"):
            fail(f"plan_falsifiers: unknown scope {scope}")
        check_items(f"plan_falsifiers.{scope}", items)
    for c in plan.get("commitments") or []:
        cid = c.get("id")
        if not cid or cid in ids:
            fail(f"commitment id missing or duplicated: {cid}")
        ids.add(cid)
        if not c.get("subgoal"):
            fail(f"{cid}: no subgoal")
        kappa = c.get("confidence", 0.5)
        if not isinstance(kappa, (int, float)) or not 0 <= kappa <= 1:
            fail(f"{cid}: confidence out of range")
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in ("precondition", "progress", "completion"):
                fail(f"{cid}: unknown confirm stage {stage}")
            check_items(f"{cid}.confirm.{stage}", items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in ("execution", "skill", "planning"):
                fail(f"{cid}: unknown falsify scope {scope}")
            check_items(f"{cid}.falsify.{scope}", items)
    return ids


def check_obs(where, obs):
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            fail(f"{where}: observation lacks {k}")
            return {}
    if not obs["url"].startswith("http"):
        fail(f"{where}: url {obs['url']!r}")
    lines = obs["text"].split("\n")
    if lines[0] != f"RootWebArea {obs['title']!r}, focused":
        fail(f"{where}: first line does not name the title: {lines[0]!r}")
    bids = {}
    prev_depth = 0
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not m:
            fail(f"{where}: malformed AXTree line {ln!r}")
            continue
        depth = len(m.group(1))
        if depth < 1 or depth > prev_depth + 1:
            fail(f"{where}: bad nesting at {ln!r}")
        prev_depth = depth
        if m.group(2):
            if m.group(2) in bids:
                fail(f"{where}: duplicate bid {m.group(2)}")
            bids[m.group(2)] = ln.strip()
    return bids


def check_corpus(plan_ids):
    with open(CORPUS, encoding="utf-8") as fh:
        raw = [ln for ln in fh.read().split("\n") if ln]
    runs = [json.loads(ln) for ln in raw]
    if len(runs) != 20:
        fail(f"expected 20 runs, got {len(runs)}")
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        fail("duplicate run ids")
    healthy = [r for r in runs if r["label"]["fault"] is None]
    faulty = [r for r in runs if r["label"]["fault"] is not None]
    if len(healthy) != 8 or len(faulty) != 12:
        fail(f"expected 8 healthy / 12 faulty, got {len(healthy)} / {len(faulty)}")
    kinds = {r["label"]["fault"] for r in faulty}
    if kinds != EXPECTED_FAULTS:
        fail(f"fault kinds differ: {sorted(kinds ^ EXPECTED_FAULTS)}")
    if not any(r["label"]["first_off_track_step"] == 0 for r in faulty):
        fail("no fault visible on the start page (step 0)")
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail(f"{rid}: missing {k}")
        if r["workflow"] != "busyard":
            fail(f"{rid}: workflow {r['workflow']}")
        if isinstance(r["plan"], str) and not os.path.exists(os.path.join(HERE, r["plan"])):
            fail(f"{rid}: plan path {r['plan']} does not resolve")
        lab = r["label"]
        if set(lab) < {"fault", "first_off_track_step"}:
            fail(f"{rid}: label fields")
        step = lab["first_off_track_step"]
        if lab["fault"] is None:
            if step is not None:
                fail(f"{rid}: healthy run with an off-track step")
            if r["outcome"].get("success") is not True:
                fail(f"{rid}: healthy run not successful")
        else:
            if not isinstance(step, int) or not 0 <= step < len(r["steps"]):
                fail(f"{rid}: first_off_track_step {step} out of range")
            if r["outcome"].get("success") is not False:
                fail(f"{rid}: faulty run marked successful")
        if not isinstance(r["outcome"].get("success"), bool):
            fail(f"{rid}: outcome.success not bool")
        prev_bids = check_obs(f"{rid} initial", r["initial_observation"])
        if not r["steps"]:
            fail(f"{rid}: no steps")
        for i, s in enumerate(r["steps"]):
            a = s.get("action", {})
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    fail(f"{rid} step {i}: action lacks {k}")
            if a.get("effect") not in EFFECTS:
                fail(f"{rid} step {i}: effect {a.get('effect')!r}")
            if "commitment" in s and s["commitment"] not in plan_ids:
                fail(f"{rid} step {i}: unknown commitment {s['commitment']}")
            cmd = a.get("command", "")
            if not KNOWN_CMD_RE.match(cmd):
                fail(f"{rid} step {i}: unknown command {cmd!r}")
            m = BID_CMD_RE.match(cmd)
            if m:
                bid = m.group(2)
                if bid not in prev_bids:
                    fail(f"{rid} step {i}: bid {bid} not on the page acted on")
                else:
                    node = prev_bids[bid].split("] ", 1)[1]
                    if not node.startswith(a["target"]):
                        fail(f"{rid} step {i}: target {a['target']!r} != node {node!r}")
            prev_bids = check_obs(f"{rid} step {i}", s.get("observation", {}))
        if r["steps"][-1]["action"]["command"].startswith("send_msg_to_user") is False:
            fail(f"{rid}: last action is not a report to the user")
    return runs


def check_determinism():
    with tempfile.TemporaryDirectory() as d1, tempfile.TemporaryDirectory() as d2:
        for d in (d1, d2):
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", d],
                           check=True, stdout=subprocess.DEVNULL)
        for rel in ("corpus.jsonl", os.path.join("plans", "busyard.yaml")):
            blobs = []
            for base in (d1, d2, HERE):
                with open(os.path.join(base, rel), "rb") as fh:
                    blobs.append(fh.read())
            if blobs[0] != blobs[1]:
                fail(f"make_corpus.py is not deterministic for {rel}")
            if blobs[0] != blobs[2]:
                fail(f"checked-in {rel} differs from a fresh make_corpus.py run")


def main():
    plan_ids = check_plan(os.path.join(HERE, "plans", "busyard.yaml"))
    runs = check_corpus(plan_ids)
    check_determinism()
    if failures:
        for f in failures:
            print("FAIL:", f)
        print(f"{len(failures)} failure(s)")
        return 1
    n_h = sum(r["label"]["fault"] is None for r in runs)
    print(f"ok: {len(runs)} runs ({n_h} healthy, {len(runs) - n_h} faulty), "
          f"{len(plan_ids)} commitments, deterministic")
    return 0


if __name__ == "__main__":
    sys.exit(main())
