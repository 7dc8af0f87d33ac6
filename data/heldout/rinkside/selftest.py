#!/usr/bin/env python3
"""Validate the Rinkside corpus against the fcpkit format contract.

Checks: corpus fields and types, labels, plan structure (via a small parser for the
YAML subset the plan uses), commitments named by steps exist in the plan, the bid of
every action exists on the page it acted on (with the role and name the target claims),
AXTree line syntax, and that make_corpus.py regenerates identical bytes.
Standard library only.  Exit status 0 on success.
"""
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus.jsonl"
FAULTS = {"wrong_record", "wrong_value", "silent_noop", "unrequested_constraint",
          "stale_filter", "permission_denied", "session_expired", "premature_success",
          "dialog_mishandled", "skipped_step"}
EFFECTS = {"read", "write", "irreversible"}
SCOPES = {"execution", "skill", "planning"}
STAGES = {"precondition", "progress", "completion"}
ERRORS = []


def fail(msg):
    ERRORS.append(msg)


# ---------------------------------------------------------------------------
# Minimal YAML subset parser: block mappings, block sequences, [] flow list,
# plain / double-quoted / single-quoted scalars, numbers, comments.
# ---------------------------------------------------------------------------
def _strip_comment(line):
    out, q = [], None
    for i, ch in enumerate(line):
        if q:
            if ch == q and not (q == '"' and line[i - 1] == "\\"):
                q = None
        elif ch in "\"'" and (i == 0 or line[i - 1] in " :-[{,"):
            q = ch
        elif ch == "#" and (i == 0 or line[i - 1] == " "):
            break
        out.append(ch)
    return "".join(out).rstrip()


def _scalar(tok):
    tok = tok.strip()
    if tok == "[]":
        return []
    if tok == "{}":
        return {}
    if tok.startswith('"'):
        return json.loads(tok)
    if tok.startswith("'"):
        return tok[1:-1].replace("''", "'")
    if tok in ("null", "~"):
        return None
    if tok in ("true", "false"):
        return tok == "true"
    if re.fullmatch(r"-?\d+", tok):
        return int(tok)
    if re.fullmatch(r"-?\d+\.\d*", tok):
        return float(tok)
    return tok


def _split_key(text):
    m = re.match(r"^([A-Za-z_][\w-]*):(?:\s+(.*))?$", text)
    if not m:
        return None
    return m.group(1), (m.group(2) if m.group(2) is not None else "")


def parse_yaml(src):
    lines = []
    for raw in src.splitlines():
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation")
        s = _strip_comment(raw)
        if s.strip():
            lines.append((len(s) - len(s.lstrip(" ")), s.strip()))
    pos = [0]

    def block(indent):
        if pos[0] >= len(lines):
            return None
        ind, text = lines[pos[0]]
        if text.startswith("- ") or text == "-":
            return seq(ind)
        return mapping(ind)

    def mapping(indent, first=None):
        out = {}
        if first is not None:
            k, v = first
            out[k] = value(v, indent)
        while pos[0] < len(lines):
            ind, text = lines[pos[0]]
            if ind < indent:
                break
            if ind > indent:
                raise ValueError("bad indent at %r" % text)
            if text.startswith("- "):
                break
            kv = _split_key(text)
            if not kv:
                raise ValueError("expected key at %r" % text)
            pos[0] += 1
            if kv[0] in out:
                raise ValueError("duplicate key %s" % kv[0])
            out[kv[0]] = value(kv[1], indent)
        return out

    def value(rest, indent):
        if rest != "":
            return _scalar(rest)
        if pos[0] < len(lines) and (lines[pos[0]][0] > indent or
                                    (lines[pos[0]][0] == indent and lines[pos[0]][1].startswith("- "))):
            return block(lines[pos[0]][0])
        return None

    def seq(indent):
        out = []
        while pos[0] < len(lines):
            ind, text = lines[pos[0]]
            if ind != indent or not text.startswith("- "):
                if ind > indent:
                    raise ValueError("bad indent at %r" % text)
                break
            pos[0] += 1
            item = text[2:].strip()
            kv = _split_key(item) if not item.startswith(('"', "'")) else None
            if kv:
                out.append(mapping(indent + 2, first=kv))
            else:
                out.append(_scalar(item))
        return out

    result = block(0)
    if pos[0] != len(lines):
        raise ValueError("unparsed content at %r" % (lines[pos[0]][1],))
    return result


# ---------------------------------------------------------------------------
def check_evidence(where, items):
    if not isinstance(items, list):
        fail("%s: evidence must be a list" % where)
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                fail("%s: empty evidence string" % where)
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                fail("%s: evidence mapping needs text" % where)
            if it.get("on", "state") not in ("state", "action", "both"):
                fail("%s: bad on=%r" % (where, it.get("on")))
            if set(it) - {"text", "on"}:
                fail("%s: unexpected keys %s" % (where, set(it) - {"text", "on"}))
        else:
            fail("%s: evidence item of type %s" % (where, type(it).__name__))


def check_plan(plan, where):
    if not isinstance(plan, dict):
        fail("%s: plan is not a mapping" % where)
        return set()
    if not isinstance(plan.get("task"), str):
        fail("%s: plan.task missing" % where)
    pf = plan.get("plan_falsifiers", {})
    if not isinstance(pf, dict) or set(pf) - SCOPES:
        fail("%s: plan_falsifiers scopes %r" % (where, pf))
    else:
        for sc, items in pf.items():
            check_evidence("%s plan_falsifiers.%s" % (where, sc), items)
        if not any("sign-in" in (i if isinstance(i, str) else i["text"]).lower()
                   for i in pf.get("execution", [])):
            fail("%s: no plan-level falsifier names the sign-in page" % where)
    ids = set()
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        fail("%s: commitments missing" % where)
        return ids
    n_action = 0
    for c in cms:
        cid = c.get("id")
        if not isinstance(cid, str) or cid in ids:
            fail("%s: commitment id %r missing or duplicate" % (where, cid))
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str):
            fail("%s: %s has no subgoal" % (where, cid))
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail("%s: %s confidence %r" % (where, cid, conf))
        conf_ = c.get("confirm", {}) or {}
        fal = c.get("falsify", {}) or {}
        if set(conf_) - STAGES:
            fail("%s: %s confirm stages %s" % (where, cid, set(conf_)))
        if set(fal) - SCOPES:
            fail("%s: %s falsify scopes %s" % (where, cid, set(fal)))
        for st, items in conf_.items():
            check_evidence("%s %s.confirm.%s" % (where, cid, st), items if items is not None else [])
        for sc, items in fal.items():
            items = items if items is not None else []
            check_evidence("%s %s.falsify.%s" % (where, cid, sc), items)
            n_action += sum(1 for i in items if isinstance(i, dict) and i.get("on") in ("action", "both"))
    if n_action == 0:
        fail("%s: no action falsifiers (on: action)" % where)
    return ids


LINE_RE = re.compile(r"^(\t*)(?:\[(?P<bid>[^\]\s]+)\] )?(?P<role>[A-Za-z]+) '(?P<name>.*?)'(?:, .+)?$")
BID_CMD = re.compile(r"^(click|dblclick|hover|fill|select_option|check|uncheck|clear|focus|press)"
                     r"\('(?P<bid>[^']+)'")


def index_tree(text, where):
    bids = {}
    lines = text.split("\n")
    if not lines[0].startswith("RootWebArea '"):
        fail("%s: first line is not RootWebArea" % where)
    for ln in lines[1:]:
        m = LINE_RE.match(ln)
        if not m:
            fail("%s: malformed AXTree line %r" % (where, ln[:80]))
            continue
        if m.group("bid"):
            if m.group("bid") in bids:
                fail("%s: duplicate bid %s" % (where, m.group("bid")))
            bids[m.group("bid")] = "%s '%s'" % (m.group("role"), m.group("name"))
        elif m.group("role") != "StaticText":
            fail("%s: node without bid %r" % (where, ln[:80]))
    return bids


def check_obs(obs, where):
    if not isinstance(obs, dict):
        fail("%s: observation not an object" % where)
        return {}
    for k in ("url", "title", "text"):
        if not isinstance(obs.get(k), str) or not obs[k]:
            fail("%s: observation.%s missing" % (where, k))
    if "error" not in obs or not (obs["error"] is None or isinstance(obs["error"], str)):
        fail("%s: observation.error must be null or string" % where)
    return index_tree(obs.get("text", ""), where)


def main():
    raw = CORPUS.read_bytes()
    if not raw.endswith(b"\n"):
        fail("corpus.jsonl must end with a newline")
    runs = [json.loads(l) for l in raw.decode("utf-8").splitlines() if l.strip()]
    if len(runs) != 20:
        fail("expected 20 runs, found %d" % len(runs))
    plans = {}
    seen = set()
    healthy = faulty = 0
    kinds = set()
    step0 = 0
    for r in runs:
        rid = r.get("id")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail("%s: missing field %s" % (rid, k))
        if rid in seen:
            fail("duplicate id %s" % rid)
        seen.add(rid)
        plan_ref = r.get("plan")
        if isinstance(plan_ref, str):
            if plan_ref not in plans:
                path = HERE / plan_ref
                if not path.exists():
                    fail("%s: plan file %s missing" % (rid, plan_ref))
                    plans[plan_ref] = (None, set())
                else:
                    try:
                        pl = parse_yaml(path.read_text(encoding="utf-8"))
                    except ValueError as e:
                        fail("%s: plan does not parse: %s" % (plan_ref, e))
                        pl = None
                    plans[plan_ref] = (pl, check_plan(pl, plan_ref) if pl else set())
            plan, ids = plans[plan_ref]
        else:
            plan, ids = plan_ref, check_plan(plan_ref, rid)
        if plan and plan.get("task") != r.get("task"):
            fail("%s: task differs from plan task" % rid)
        if plan_ref != "plans/%s.yaml" % r.get("workflow"):
            fail("%s: plan path should be plans/<workflow>.yaml" % rid)
        label = r.get("label", {})
        fault, off = label.get("fault"), label.get("first_off_track_step")
        steps = r.get("steps", [])
        success = r.get("outcome", {}).get("success")
        if fault is None:
            healthy += 1
            if off is not None:
                fail("%s: healthy run with first_off_track_step" % rid)
            if success is not True:
                fail("%s: healthy run should succeed" % rid)
        else:
            faulty += 1
            kinds.add(fault)
            if fault not in FAULTS:
                fail("%s: unknown fault %r" % (rid, fault))
            if not isinstance(off, int) or not 0 <= off < len(steps):
                fail("%s: first_off_track_step %r out of range" % (rid, off))
            if off == 0:
                step0 += 1
            if success is not False:
                fail("%s: faulty run should not succeed" % rid)
            if not rid.startswith("rinkside-%s-" % fault):
                fail("%s: id should name its fault" % rid)
        prev = check_obs(r.get("initial_observation"), "%s initial" % rid)
        if not steps:
            fail("%s: no steps" % rid)
        for i, s in enumerate(steps):
            where = "%s step %d" % (rid, i)
            a = s.get("action", {})
            for k in ("command", "reasoning", "target", "effect"):
                if not isinstance(a.get(k), str) or not a[k]:
                    fail("%s: action.%s missing" % (where, k))
            if a.get("effect") not in EFFECTS:
                fail("%s: effect %r" % (where, a.get("effect")))
            if "commitment" in s and s["commitment"] not in ids:
                fail("%s: commitment %r not in plan" % (where, s["commitment"]))
            m = BID_CMD.match(a.get("command", ""))
            if m:
                bid = m.group("bid")
                if bid not in prev:
                    fail("%s: bid %s not on the page acted on" % (where, bid))
                elif prev[bid] != a.get("target"):
                    fail("%s: target %r but bid %s is %r" % (where, a.get("target"), bid, prev[bid]))
            elif not a.get("command", "").startswith(("send_msg_to_user(", "goto(", "go_back(", "noop(")):
                fail("%s: unrecognised command %r" % (where, a.get("command")))
            prev = check_obs(s.get("observation"), where)
        if steps and steps[-1]["action"]["effect"] == "irreversible" and fault is None:
            pass
    if healthy != 8 or faulty != 12:
        fail("expected 8 healthy / 12 faulty, found %d / %d" % (healthy, faulty))
    if step0 < 1:
        fail("no faulty run labelled at step 0")
    need = {"wrong_record", "wrong_value", "silent_noop", "unrequested_constraint",
            "premature_success", "skipped_step", "dialog_mishandled"}
    if need - kinds:
        fail("fault kinds missing: %s" % sorted(need - kinds))
    if not ({"permission_denied", "session_expired"} & kinds):
        fail("no error-page / permission run")

    # Determinism: regenerate in a scratch directory and compare bytes.
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(HERE / "make_corpus.py", Path(tmp) / "make_corpus.py")
        for attempt in (1, 2):
            subprocess.run([sys.executable, "make_corpus.py"], cwd=tmp, check=True,
                           stdout=subprocess.DEVNULL)
            for rel in ["corpus.jsonl"] + sorted(plans):
                if (Path(tmp) / rel).read_bytes() != (HERE / rel).read_bytes():
                    fail("make_corpus.py is not reproducible for %s (attempt %d)" % (rel, attempt))
    if not (HERE / "README.md").exists():
        fail("README.md missing")

    if ERRORS:
        for e in ERRORS[:50]:
            print("FAIL:", e)
        print("%d problem(s)" % len(ERRORS))
        return 1
    print("ok: %d runs (%d healthy, %d faulty), plan %s, %d commitments; regeneration byte-identical"
          % (len(runs), healthy, faulty, ", ".join(sorted(plans)),
             len(next(iter(plans.values()))[0]["commitments"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
