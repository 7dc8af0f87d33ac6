#!/usr/bin/env python3
"""Self-test for the Disputeline held-out corpus (stdlib only).

Checks corpus.jsonl and plans/*.yaml against the fcpkit format contract
(FORMATS.md), the labelling rules, the authoring brief (counts, spread of
faults, near misses on healthy pages, furniture) and determinism of
make_corpus.py.  Exit status 0 when everything passes.
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


# ---------------------------------------------------------------------------
# Minimal YAML reader for the subset used by the plan (block maps, block
# sequences, flow maps/lists of scalars, quoted and folded scalars, comments).
# ---------------------------------------------------------------------------
def _strip_comment(line):
    out, q, i = [], None, 0
    while i < len(line):
        ch = line[i]
        if q:
            if ch == "\\" and q == '"':
                out.append(line[i:i + 2]); i += 2; continue
            if ch == q:
                q = None
        elif ch in "\"'":
            q = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        out.append(ch); i += 1
    return "".join(out).rstrip()


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
    if re.fullmatch(r"-?\d+", tok):
        return int(tok)
    if re.fullmatch(r"-?\d+\.\d*", tok):
        return float(tok)
    return tok


def _split_flow(body):
    parts, depth, q, cur = [], 0, None, []
    i = 0
    while i < len(body):
        ch = body[i]
        if q:
            cur.append(ch)
            if ch == "\\" and q == '"':
                cur.append(body[i + 1]); i += 2; continue
            if ch == q:
                q = None
        elif ch in "\"'":
            q = ch; cur.append(ch)
        elif ch in "[{":
            depth += 1; cur.append(ch)
        elif ch in "]}":
            depth -= 1; cur.append(ch)
        elif ch == "," and depth == 0:
            parts.append("".join(cur)); cur = []
        else:
            cur.append(ch)
        i += 1
    if "".join(cur).strip():
        parts.append("".join(cur))
    return [p.strip() for p in parts]


def _key_split(s):
    """Split 'key: value' outside quotes; returns (key, rest) or None."""
    q = None
    for i, ch in enumerate(s):
        if q:
            if ch == q:
                q = None
        elif ch in "\"'":
            q = ch
        elif ch == ":" and (i + 1 == len(s) or s[i + 1] == " "):
            return _scalar(s[:i]), s[i + 1:].strip()
    return None


def _value(tok):
    tok = tok.strip()
    if tok.startswith("{"):
        d = {}
        for part in _split_flow(tok[1:-1]):
            k, v = _key_split(part)
            d[k] = _value(v)
        return d
    if tok.startswith("["):
        return [_value(p) for p in _split_flow(tok[1:-1])]
    return _scalar(tok)


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        s = _strip_comment(raw)
        if s.strip():
            lines.append((len(s) - len(s.lstrip(" ")), s.strip(), raw))
    pos = [0]

    def block(indent):
        if pos[0] >= len(lines):
            return None
        ind, s, _ = lines[pos[0]]
        if s.startswith("- ") or s == "-":
            out = []
            while pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("-"):
                item = lines[pos[0]][1][1:].strip()
                kv = _key_split(item) if not item.startswith(("{", "[", '"', "'")) else None
                if kv:
                    # mapping inside a sequence item: reinterpret as indented map
                    lines[pos[0]] = (ind + 2, item, lines[pos[0]][2])
                    out.append(mapping(ind + 2))
                else:
                    pos[0] += 1
                    out.append(_value(item))
            return out
        return mapping(ind)

    def mapping(ind):
        d = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == ind:
            s = lines[pos[0]][1]
            kv = _key_split(s)
            if not kv:
                raise ValueError("bad yaml line: %r" % s)
            k, rest = kv
            pos[0] += 1
            if rest in (">-", ">", "|", "|-"):
                parts = []
                while pos[0] < len(lines) and lines[pos[0]][0] > ind:
                    parts.append(lines[pos[0]][1]); pos[0] += 1
                d[k] = (" " if rest.startswith(">") else "\n").join(parts)
            elif rest == "":
                if pos[0] < len(lines) and (lines[pos[0]][0] > ind or
                                            (lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "))):
                    d[k] = block(lines[pos[0]][0])
                else:
                    d[k] = None
            else:
                d[k] = _value(rest)
        return d

    res = block(0)
    if pos[0] != len(lines):
        raise ValueError("trailing yaml at line %r" % lines[pos[0]][2])
    return res


# ---------------------------------------------------------------------------
# Contract checks
# ---------------------------------------------------------------------------
STAGES = ("precondition", "progress", "completion")
SCOPES = ("execution", "skill", "planning")
AX_LINE = re.compile(r"^\t*\[[A-Za-z0-9_-]+\] [A-Za-z]+ '[^']*'(, .+)?$")
CMD = re.compile(r"^(click|fill|select_option|press|goto|scroll|send_msg_to_user|noop|hover|go_back)\((.*)\)$")


def check_evidence(items, where):
    check(isinstance(items, list), "%s: evidence must be a list" % where)
    for it in items or []:
        if isinstance(it, str):
            check(it.strip() != "", "%s: empty evidence" % where)
        elif isinstance(it, dict):
            check(isinstance(it.get("text"), str) and it["text"].strip(), "%s: evidence mapping needs text" % where)
            check(it.get("on", "state") in ("state", "action", "both"), "%s: bad on=%r" % (where, it.get("on")))
            check(set(it) <= {"text", "on"}, "%s: unexpected keys %s" % (where, sorted(it)))
        else:
            check(False, "%s: evidence item of type %s" % (where, type(it).__name__))


def check_plan(plan, name):
    check(isinstance(plan, dict), "%s: plan not a mapping" % name)
    check(isinstance(plan.get("task"), str) and plan["task"], "%s: task missing" % name)
    pf = plan.get("plan_falsifiers", {})
    check(isinstance(pf, dict), "%s: plan_falsifiers must be a mapping" % name)
    for scope, items in pf.items():
        check(scope in SCOPES, "%s: plan_falsifiers scope %r" % (name, scope))
        check_evidence(items, "%s plan_falsifiers.%s" % (name, scope))
    cs = plan.get("commitments")
    check(isinstance(cs, list) and cs, "%s: commitments missing" % name)
    ids = [c.get("id") for c in cs]
    check(len(ids) == len(set(ids)) and all(ids), "%s: commitment ids not unique" % name)
    stats = {"action_items": 0, "stages": set(), "scopes": set()}
    for c in cs:
        w = "%s:%s" % (name, c.get("id"))
        check(isinstance(c.get("subgoal"), str) and c["subgoal"], w + ": subgoal")
        conf = c.get("confidence", 0.5)
        check(isinstance(conf, (int, float)) and 0 <= conf <= 1, w + ": confidence")
        for st, items in (c.get("confirm") or {}).items():
            check(st in STAGES, w + ": confirm stage %r" % st)
            check_evidence(items, w + " confirm." + st)
            stats["stages"].add(st)
        for sc, items in (c.get("falsify") or {}).items():
            check(sc in SCOPES, w + ": falsify scope %r" % sc)
            check_evidence(items, w + " falsify." + sc)
            stats["scopes"].add(sc)
            stats["action_items"] += sum(1 for i in items if isinstance(i, dict) and i.get("on") in ("action", "both"))
    check(set(STAGES) <= stats["stages"], name + ": not all confirm stages used")
    check(set(SCOPES) <= stats["scopes"], name + ": not all falsify scopes used")
    check(stats["action_items"] > 0, name + ": no action falsifiers")
    check(any(c.get("skill") for c in cs), name + ": no skill used")
    return ids


def check_obs(o, where):
    if not check(isinstance(o, dict), where + ": observation not an object"):
        return
    for k in ("url", "title", "text", "error"):
        check(k in o, "%s: observation missing %s" % (where, k))
    check(o.get("error") is None or isinstance(o.get("error"), str), where + ": error type")
    check(isinstance(o.get("text"), str) and o["text"], where + ": empty text")
    lines = o.get("text", "").split("\n")
    bad = [l for l in lines if not AX_LINE.match(l)]
    check(not bad, "%s: non-AXTree lines %r" % (where, bad[:2]))
    check(lines and lines[0].startswith("[") and "RootWebArea" in lines[0], where + ": first node not RootWebArea")
    bids = re.findall(r"^\t*\[([^\]]+)\]", o.get("text", ""), re.M)
    check(len(bids) == len(set(bids)), where + ": duplicate bids")


def bids_of(o):
    return set(re.findall(r"^\t*\[([^\]]+)\]", o["text"], re.M))


def main():
    corpus_path = os.path.join(HERE, "corpus.jsonl")
    raw_lines = open(corpus_path, encoding="utf-8").read().splitlines()
    recs = []
    for n, line in enumerate(raw_lines, 1):
        try:
            r = json.loads(line)
        except ValueError as e:
            check(False, "line %d: bad JSON: %s" % (n, e)); continue
        check(json.loads(json.dumps(r)) == r, "line %d: round trip" % n)
        check(json.dumps(r, ensure_ascii=False) == line, "line %d: not byte-stable on re-dump" % n)
        recs.append(r)

    plans = {}
    for r in recs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in r, "%s: missing %s" % (rid, k))
        plan_ref = r.get("plan")
        if isinstance(plan_ref, str):
            if plan_ref not in plans:
                p = os.path.join(HERE, plan_ref)
                check(os.path.exists(p), "%s: plan path %s missing" % (rid, plan_ref))
                text = open(p, encoding="utf-8").read()
                plan = load_yaml(text)
                try:
                    import yaml  # optional cross-check, not required
                    check(yaml.safe_load(text) == plan, "%s: mini-YAML and PyYAML disagree" % plan_ref)
                except ImportError:
                    pass
                plans[plan_ref] = (plan, check_plan(plan, plan_ref))
            plan, cids = plans[plan_ref]
        else:
            plan, cids = plan_ref, check_plan(plan_ref, rid)
        check(plan.get("task") == r.get("task"), "%s: task differs from plan task" % rid)
        lab = r.get("label", {})
        check(set(lab) >= {"fault", "first_off_track_step"}, rid + ": label keys")
        steps = r.get("steps", [])
        check(isinstance(steps, list) and steps, rid + ": no steps")
        if lab.get("fault") is None:
            check(lab.get("first_off_track_step") is None, rid + ": healthy with off-track step")
            check(r["outcome"].get("success") is True, rid + ": healthy run not successful")
        else:
            s = lab.get("first_off_track_step")
            check(isinstance(s, int) and 0 <= s < len(steps), rid + ": off-track step out of range")
            check(r["outcome"].get("success") is False, rid + ": faulty run marked success")
        check_obs(r["initial_observation"], rid + " initial")
        prev = r["initial_observation"]
        for i, st in enumerate(steps):
            w = "%s step %d" % (rid, i)
            a = st.get("action", {})
            check(isinstance(a.get("command"), str), w + ": command")
            check(a.get("effect") in ("read", "write", "irreversible"), w + ": effect")
            m = CMD.match(a.get("command", ""))
            if check(m is not None, w + ": unknown command %r" % a.get("command")):
                if m.group(1) in ("click", "fill", "select_option", "press", "hover"):
                    bid = re.match(r"'([^']+)'", m.group(2)).group(1)
                    check(bid in bids_of(prev), w + ": bid %s not on previous page" % bid)
                    node = re.search(r"^\t*\[%s\] ([A-Za-z]+ '[^']*')" % re.escape(bid), prev["text"], re.M)
                    check(node and a.get("target") == node.group(1), w + ": target does not match node")
            if "commitment" in st:
                check(st["commitment"] in cids, w + ": unknown commitment %r" % st["commitment"])
            check_obs(st.get("observation"), w)
            prev = st["observation"]

    # ----- brief-level checks ---------------------------------------------
    check(len(recs) == 20, "expected 20 trajectories, got %d" % len(recs))
    ids = [r["id"] for r in recs]
    check(len(ids) == len(set(ids)), "duplicate ids")
    healthy = [r for r in recs if r["label"]["fault"] is None]
    faulty = [r for r in recs if r["label"]["fault"] is not None]
    check(len(healthy) == 8 and len(faulty) == 12, "expected 8 healthy / 12 faulty")
    kinds = {r["label"]["fault"] for r in faulty}
    check(len(kinds) >= 9, "fault spread too narrow: %s" % sorted(kinds))
    check(any(r["label"]["first_off_track_step"] == 0 for r in faulty), "no start-page (step 0) fault")

    healthy_text = "\n".join(
        o["text"] for r in healthy for o in [r["initial_observation"]] + [s["observation"] for s in r["steps"]])
    for nm in ("TXN-55820", "Marisa Okafor", "ending 4470", "$89.90", "ending 4171", "TXN-54102", "TXN-56003"):
        check(nm in healthy_text, "near miss %r never appears on a healthy page" % nm)
    for word in ("Declined", "Reversed", "Chargeback lost", "Overdue", "fraud alert", "Fraud alert"):
        check(word in healthy_text, "alarming-but-ordinary word %r missing from healthy pages" % word)
    for furn in ("banner", "searchbox", "navigation 'Breadcrumb'", "contentinfo", "dialog", "columnheader",
                 "Sort by", "Next page", "From date", "\u00d7'", "status ''", "Showing 1"):
        check(furn in healthy_text, "furniture %r missing from healthy pages" % furn)
    check(any("modal=True" in s["observation"]["text"] for r in healthy for s in r["steps"]),
          "no healthy confirmation dialog")
    styles = set()
    for r in healthy:
        for s in r["steps"]:
            c = s["action"]["command"]
            styles.add(c.split("(")[0])
            if c.startswith("goto(") and "?" in c:
                styles.add("goto-params")
    check({"fill", "press", "goto", "goto-params", "select_option", "click", "scroll"} <= styles,
          "agent styles missing: %s" % styles)

    # ----- determinism ------------------------------------------------------
    with tempfile.TemporaryDirectory() as td:
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), td], check=True,
                       stdout=subprocess.DEVNULL)
        for rel in ["corpus.jsonl"] + list(plans):
            a = open(os.path.join(td, rel), "rb").read()
            b = open(os.path.join(HERE, rel), "rb").read()
            check(a == b, "%s is not reproduced byte-for-byte by make_corpus.py" % rel)

    if FAILS:
        for f in FAILS:
            print("FAIL:", f)
        print("%d failure(s)" % len(FAILS))
        return 1
    print("OK: %d trajectories (%d healthy, %d faulty; %d fault types), %d plan(s), %d steps total"
          % (len(recs), len(healthy), len(faulty), len(kinds), len(plans), sum(len(r["steps"]) for r in recs)))
    for r in recs:
        print("  %-36s fault=%-18s off_track=%s steps=%d" % (
            r["id"], r["label"]["fault"], r["label"]["first_off_track_step"], len(r["steps"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
