#!/usr/bin/env python3
"""Self-test for the `gallerist` held-out corpus (standard library only).

Checks, against the fcpkit format contract:
  * corpus.jsonl: 20 runs (8 healthy, 12 faulty), required fields and types, labels,
    effects, observations, BrowserGym-style AXTree lines, unique ids;
  * every action's bid exists on the page it acted on (initial_observation for step 0,
    otherwise the previous step's observation);
  * the plan loads (tiny YAML reader for the subset used; cross-checked with PyYAML when
    it happens to be installed), has the required fields, and every step's commitment names
    one of its commitments;
  * make_corpus.py is deterministic: two fresh runs into temp dirs are byte-identical to
    each other and to the checked-in files.
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
ON_VALUES = {"state", "action", "both"}
FAULT_KINDS_REQUIRED = {"wrong_record", "wrong_value", "silent_noop", "unrequested_filter",
                        "error_page", "permission_denied", "premature_success", "skipped_step",
                        "dialog_mishandled"}
LINE_RE = re.compile(r"^\t*(\[[A-Za-z0-9_-]+\] )?[A-Za-z]+ ('([^'\\]|\\.)*'|\"([^\"\\]|\\.)*\")(, .+)?$")
BID_CMD_RE = re.compile(r"^(click|fill|press|select_option|check|uncheck|hover|focus|clear|dblclick)\('([^']+)'")

failures = []


def fail(msg):
    failures.append(msg)


# ---------------------------------------------------------------------------
# Minimal YAML reader for the subset the plan uses: block mappings, block
# sequences, "- key: value" sequence items, flow mappings {k: v, ...}, flow
# sequences [a, b], double/single-quoted and plain scalars, comments.
# ---------------------------------------------------------------------------
def _scalar(tok):
    tok = tok.strip()
    if tok.startswith('"'):
        return json.loads(tok)
    if tok.startswith("'"):
        return tok[1:-1].replace("''", "'")
    if tok in ("null", "~", ""):
        return None
    if tok in ("true", "false"):
        return tok == "true"
    try:
        return int(tok)
    except ValueError:
        pass
    try:
        return float(tok)
    except ValueError:
        return tok


def _split_flow(s):
    parts, depth, cur, quote = [], 0, "", None
    i = 0
    while i < len(s):
        ch = s[i]
        if quote:
            cur += ch
            if ch == "\\" and quote == '"':
                cur += s[i + 1]
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
            cur += ch
        elif ch in "[{":
            depth += 1
            cur += ch
        elif ch in "]}":
            depth -= 1
            cur += ch
        elif ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
        i += 1
    if cur.strip():
        parts.append(cur)
    return parts


def _split_kv(s):
    """Split 'key: value' at the first ': ' (or trailing ':') outside quotes."""
    quote = None
    for i, ch in enumerate(s):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == ":" and (i + 1 == len(s) or s[i + 1] == " "):
            return s[:i].strip(), s[i + 1:].strip()
    return None


def _value(tok):
    tok = tok.strip()
    if tok.startswith("{"):
        out = {}
        for part in _split_flow(tok[1:-1]):
            k, v = _split_kv(part.strip())
            out[_scalar(k)] = _value(v)
        return out
    if tok.startswith("["):
        return [_value(p) for p in _split_flow(tok[1:-1])]
    return _scalar(tok)


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        lines.append((len(raw) - len(raw.lstrip(" ")), stripped))
    pos = [0]

    def block(indent):
        if pos[0] >= len(lines):
            return None
        ind, s = lines[pos[0]]
        if s.startswith("- ") or s == "-":
            return seq(ind)
        return mapping(ind)

    def mapping(indent, first=None):
        out = {}
        if first is not None:
            k, v = first
            out[k] = v
        while pos[0] < len(lines):
            ind, s = lines[pos[0]]
            if ind < indent or s.startswith("- "):
                break
            if ind > indent:
                raise ValueError("bad indentation at %r" % s)
            kv = _split_kv(s)
            if kv is None:
                raise ValueError("expected key: value at %r" % s)
            k, v = kv
            pos[0] += 1
            if v == "":
                if pos[0] < len(lines) and lines[pos[0]][0] > ind:
                    out[_scalar(k)] = block(lines[pos[0]][0])
                elif pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
                    out[_scalar(k)] = seq(ind)
                else:
                    out[_scalar(k)] = None
            else:
                out[_scalar(k)] = _value(v)
        return out

    def seq(indent):
        out = []
        while pos[0] < len(lines):
            ind, s = lines[pos[0]]
            if ind != indent or not s.startswith("- "):
                break
            item = s[2:].strip()
            pos[0] += 1
            kv = None if item.startswith(("{", "[", '"', "'")) else _split_kv(item)
            if kv is not None:
                k, v = kv
                sub_indent = indent + 2
                if v == "":
                    val = block(lines[pos[0]][0]) if pos[0] < len(lines) and lines[pos[0]][0] > indent else None
                else:
                    val = _value(v)
                out.append(mapping(sub_indent, first=(_scalar(k), val)))
            else:
                out.append(_value(item))
        return out

    result = block(0)
    if pos[0] != len(lines):
        raise ValueError("unparsed content at %r" % (lines[pos[0]][1],))
    return result


# ---------------------------------------------------------------------------
def _norm_yaml11(x):
    """PyYAML follows YAML 1.1, where a bare `on` key loads as True; map it back."""
    if isinstance(x, dict):
        return {("on" if k is True else k): _norm_yaml11(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_norm_yaml11(v) for v in x]
    return x


def check_evidence_list(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        fail("%s: evidence must be a list" % where)
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                fail("%s: empty evidence string" % where)
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                fail("%s: evidence mapping without text: %r" % (where, it))
            if it.get("on", "state") not in ON_VALUES:
                fail("%s: bad on: %r" % (where, it.get("on")))
        else:
            fail("%s: evidence item of type %s" % (where, type(it).__name__))


def check_plan(path, task):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    plan = load_yaml(text)
    try:
        import yaml  # optional cross-check
        other = _norm_yaml11(yaml.safe_load(text))
        if other != plan:
            fail("plan: mini YAML reader and PyYAML disagree")
    except ImportError:
        pass
    for k in ("task", "commitments"):
        if k not in plan:
            fail("plan: missing %s" % k)
    if plan.get("task") != task:
        fail("plan: task differs from the corpus task")
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict):
        fail("plan: plan_falsifiers must be a mapping of scope -> list")
    for scope, items in pf.items():
        if scope not in ("execution", "skill", "planning"):
            fail("plan: unknown plan_falsifiers scope %s" % scope)
        check_evidence_list("plan_falsifiers.%s" % scope, items)
    if not any("Sign in" in (i if isinstance(i, str) else i.get("text", ""))
               for items in pf.values() for i in (items or [])):
        fail("plan: no plan-level falsifier names the sign-in page")
    ids = []
    n_action = 0
    for c in plan.get("commitments", []):
        cid = c.get("id")
        if not cid:
            fail("plan: commitment without id")
        ids.append(cid)
        if not c.get("subgoal"):
            fail("plan: %s has no subgoal" % cid)
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            fail("plan: %s confidence out of range" % cid)
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in ("precondition", "progress", "completion"):
                fail("plan: %s unknown confirm stage %s" % (cid, stage))
            check_evidence_list("%s.confirm.%s" % (cid, stage), items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in ("execution", "skill", "planning"):
                fail("plan: %s unknown falsify scope %s" % (cid, scope))
            check_evidence_list("%s.falsify.%s" % (cid, scope), items)
            n_action += sum(1 for i in items or [] if isinstance(i, dict) and i.get("on") == "action")
    if len(ids) != len(set(ids)):
        fail("plan: duplicate commitment ids")
    if n_action == 0:
        fail("plan: no action falsifiers (on: action)")
    return set(ids)


def check_observation(where, obs):
    if not isinstance(obs, dict):
        fail("%s: observation is not an object" % where)
        return
    for k in ("url", "title", "text", "error"):
        if k not in obs:
            fail("%s: observation missing %s" % (where, k))
    if not isinstance(obs.get("text"), str) or not obs.get("text"):
        fail("%s: empty observation text" % where)
        return
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        fail("%s: error must be null or string" % where)
    lines = obs["text"].split("\n")
    if not lines[0].startswith("RootWebArea "):
        fail("%s: text does not start with RootWebArea" % where)
    for ln in lines:
        if not LINE_RE.match(ln):
            fail("%s: malformed AXTree line %r" % (where, ln))
            break
    bids = re.findall(r"^\t*\[([^\]]+)\]", obs["text"], flags=re.M)
    if len(bids) != len(set(bids)):
        fail("%s: duplicate bids on one page" % where)


def check_corpus(runs, commitment_ids, task):
    ids = [r.get("id") for r in runs]
    if len(runs) != 20:
        fail("corpus: expected 20 runs, found %d" % len(runs))
    if len(set(ids)) != len(ids):
        fail("corpus: duplicate ids")
    healthy = [r for r in runs if r.get("label", {}).get("fault") is None]
    faulty = [r for r in runs if r.get("label", {}).get("fault") is not None]
    if len(healthy) != 8 or len(faulty) != 12:
        fail("corpus: expected 8 healthy / 12 faulty, found %d / %d" % (len(healthy), len(faulty)))
    kinds = {r["label"]["fault"] for r in faulty}
    missing = FAULT_KINDS_REQUIRED - kinds
    if missing:
        fail("corpus: fault kinds not covered: %s" % sorted(missing))
    if not any(r["label"]["first_off_track_step"] == 0 for r in faulty):
        fail("corpus: no fault visible on the start page (step 0)")
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                fail("%s: missing %s" % (rid, k))
        if r.get("task") != task:
            fail("%s: task differs" % rid)
        if r.get("workflow") != "outgoing_loan":
            fail("%s: workflow" % rid)
        plan = r.get("plan")
        if isinstance(plan, str):
            if not os.path.exists(os.path.join(HERE, plan)):
                fail("%s: plan path %s does not exist" % (rid, plan))
        elif not isinstance(plan, dict):
            fail("%s: plan must be a path or an object" % rid)
        lab = r.get("label", {})
        if set(lab) < {"fault", "first_off_track_step"}:
            fail("%s: label fields" % rid)
        steps = r.get("steps", [])
        if not steps:
            fail("%s: no steps" % rid)
        fs = lab.get("first_off_track_step")
        success = r.get("outcome", {}).get("success")
        if not isinstance(success, bool):
            fail("%s: outcome.success must be bool" % rid)
        if lab.get("fault") is None:
            if fs is not None:
                fail("%s: healthy run with an off-track step" % rid)
            if success is not True:
                fail("%s: healthy run should succeed" % rid)
            if not rid.startswith("outgoing_loan-healthy-"):
                fail("%s: healthy id naming" % rid)
        else:
            if not isinstance(fs, int) or isinstance(fs, bool) or not 0 <= fs < len(steps):
                fail("%s: first_off_track_step %r out of range" % (rid, fs))
            if success is not False:
                fail("%s: faulty run should not succeed" % rid)
            if not rid.startswith("outgoing_loan-%s-" % lab["fault"]):
                fail("%s: id does not name its fault" % rid)
        check_observation("%s initial" % rid, r.get("initial_observation"))
        prev = r.get("initial_observation", {})
        for i, st in enumerate(steps):
            where = "%s step %d" % (rid, i)
            act = st.get("action", {})
            for k in ("command", "effect"):
                if k not in act:
                    fail("%s: action missing %s" % (where, k))
            if act.get("effect") not in EFFECTS:
                fail("%s: bad effect %r" % (where, act.get("effect")))
            c = st.get("commitment")
            if c is not None and c not in commitment_ids:
                fail("%s: unknown commitment %s" % (where, c))
            cmd = act.get("command", "")
            m = BID_CMD_RE.match(cmd)
            if m:
                bid = m.group(2)
                page = prev.get("text", "")
                line = re.search(r"^\t*\[%s\] (.*)$" % re.escape(bid), page, flags=re.M)
                if not line:
                    fail("%s: bid %s not on the page acted on" % (where, bid))
                elif act.get("target") and not line.group(1).startswith(act["target"]):
                    fail("%s: target %r does not match node %r" % (where, act["target"], line.group(1)))
            elif not cmd.startswith(("send_msg_to_user(", "noop(", "go_back(", "goto(", "scroll(")):
                fail("%s: unrecognised command %r" % (where, cmd))
            check_observation(where, st.get("observation"))
            prev = st.get("observation", {})
        # healthy runs must end on the saved loan page
        if lab.get("fault") is None and "Outgoing loan OL-" not in steps[-1]["observation"]["title"]:
            fail("%s: healthy run does not end on a saved loan" % rid)


def check_determinism():
    with open(CORPUS, "rb") as fh:
        corpus_bytes = fh.read()
    with open(os.path.join(HERE, "plans", "outgoing_loan.yaml"), "rb") as fh:
        plan_bytes = fh.read()
    outs = []
    for _ in range(2):
        d = tempfile.mkdtemp(prefix="gallerist-")
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), d], check=True,
                       stdout=subprocess.DEVNULL)
        with open(os.path.join(d, "corpus.jsonl"), "rb") as fh:
            c = fh.read()
        with open(os.path.join(d, "plans", "outgoing_loan.yaml"), "rb") as fh:
            p = fh.read()
        outs.append((c, p))
    if outs[0] != outs[1]:
        fail("determinism: two runs of make_corpus.py differ")
    if outs[0] != (corpus_bytes, plan_bytes):
        fail("determinism: checked-in files differ from a fresh make_corpus.py run")


def main():
    with open(CORPUS, encoding="utf-8") as fh:
        runs = [json.loads(line) for line in fh if line.strip()]
    task = runs[0]["task"] if runs else None
    ids = check_plan(os.path.join(HERE, "plans", "outgoing_loan.yaml"), task)
    check_corpus(runs, ids, task)
    check_determinism()
    if failures:
        for f in failures:
            print("FAIL:", f)
        print("%d problem(s)" % len(failures))
        return 1
    healthy = sum(1 for r in runs if r["label"]["fault"] is None)
    print("OK: %d runs (%d healthy, %d faulty), plan with %d commitments, deterministic"
          % (len(runs), healthy, len(runs) - healthy, len(ids)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
