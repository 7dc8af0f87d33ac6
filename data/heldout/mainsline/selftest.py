#!/usr/bin/env python3
"""Stdlib checks that corpus.jsonl and plans/*.yaml follow /work/shared/FORMATS.md.

Run after make_corpus.py:  python3 selftest.py   (exit status 0 = all checks pass)
The plans are parsed by a small parser for the YAML subset they use (block mappings
and sequences, flow lists of quoted strings, comments). If PyYAML happens to be
installed, the result is also compared with yaml.safe_load (which reads the unquoted
key `on` as the boolean True, YAML 1.1; that difference is tolerated and reported).
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ERRORS = []


def err(msg):
    ERRORS.append(msg)


# ---------------------------------------------------------------------------
# minimal YAML-subset parser
# ---------------------------------------------------------------------------
def _scalar(tok):
    tok = tok.strip()
    if tok == "":
        return None
    if tok.startswith('"'):
        return json.loads(tok)
    if tok.startswith("'") and tok.endswith("'"):
        return tok[1:-1].replace("''", "'")
    if tok.startswith("["):
        inner = tok[1:-1].strip()
        if not inner:
            return []
        items, cur, q = [], "", False
        i = 0
        while i < len(inner):
            c = inner[i]
            if c == '"' and (i == 0 or inner[i - 1] != "\\"):
                q = not q
            if c == "," and not q:
                items.append(cur)
                cur = ""
            else:
                cur += c
            i += 1
        items.append(cur)
        return [_scalar(x) for x in items]
    if re.fullmatch(r"-?\d+", tok):
        return int(tok)
    if re.fullmatch(r"-?\d+\.\d*", tok):
        return float(tok)
    if tok in ("true", "false"):
        return tok == "true"
    if tok in ("null", "~"):
        return None
    return tok


def _strip_comment(line):
    out, q = "", False
    for i, c in enumerate(line):
        if c == '"' and (i == 0 or line[i - 1] != "\\"):
            q = not q
        if c == "#" and not q and (i == 0 or line[i - 1] in " \t"):
            break
        out += c
    return out.rstrip()


def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        s = _strip_comment(raw)
        if s.strip():
            lines.append((len(s) - len(s.lstrip(" ")), s.strip()))
    pos = [0]

    def block(indent):
        ind, s = lines[pos[0]]
        if s.startswith("- "):
            return seq(ind)
        return mapping(ind)

    def kv_into(d, ind, s):
        m = re.match(r"([A-Za-z_][\w-]*):(?:\s+(.*))?$", s)
        if not m:
            raise ValueError(f"bad line: {s!r}")
        key, rest = m.group(1), m.group(2)
        pos[0] += 1
        if rest is None or rest == "":
            if pos[0] < len(lines) and lines[pos[0]][0] > ind:
                d[key] = block(lines[pos[0]][0])
            elif pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
                d[key] = seq(ind)
            else:
                d[key] = None
        else:
            d[key] = _scalar(rest)

    def mapping(ind):
        d = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and not lines[pos[0]][1].startswith("- "):
            kv_into(d, ind, lines[pos[0]][1])
        return d

    def seq(ind):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
            s = lines[pos[0]][1][2:].strip()
            if re.match(r"[A-Za-z_][\w-]*:(\s|$)", s):
                # mapping item: first key on the dash line, rest indented by ind+2
                d = {}
                lines[pos[0]] = (ind + 2, s)
                while pos[0] < len(lines) and lines[pos[0]][0] == ind + 2 and not lines[pos[0]][1].startswith("- "):
                    kv_into(d, ind + 2, lines[pos[0]][1])
                out.append(d)
            else:
                out.append(_scalar(s))
                pos[0] += 1
        return out

    result = block(0)
    if pos[0] != len(lines):
        raise ValueError(f"unparsed content at line: {lines[pos[0]][1]!r}")
    return result


# ---------------------------------------------------------------------------
# plan checks
# ---------------------------------------------------------------------------
STAGES = ("precondition", "progress", "completion")
SCOPES = ("execution", "skill", "planning")


def check_evidence(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        err(f"{where}: evidence must be a list")
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                err(f"{where}: empty evidence string")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                err(f"{where}: evidence mapping without text")
            if it.get("on", "state") not in ("state", "action", "both"):
                err(f"{where}: bad 'on' value {it.get('on')!r}")
            extra = set(it) - {"text", "on"}
            if extra:
                err(f"{where}: unexpected keys {sorted(extra)}")
        else:
            err(f"{where}: evidence item must be a string or mapping: {it!r}")


def check_plan(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        plan = parse_yaml(text)
    except Exception as e:  # noqa: BLE001
        err(f"{path}: does not parse: {e}")
        return None
    if not isinstance(plan, dict):
        err(f"{path}: top level must be a mapping")
        return None
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        err(f"{path}: missing task")
    pf = plan.get("plan_falsifiers") or {}
    if not isinstance(pf, dict):
        err(f"{path}: plan_falsifiers must be a mapping")
    else:
        for k, v in pf.items():
            if k not in SCOPES:
                err(f"{path}: plan_falsifiers scope {k!r} unknown")
            check_evidence(f"{path}:plan_falsifiers.{k}", v)
    cs = plan.get("commitments")
    if not isinstance(cs, list) or not cs:
        err(f"{path}: commitments must be a non-empty list")
        return plan
    ids = set()
    for c in cs:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            err(f"{path}: commitment without id")
            continue
        if cid in ids:
            err(f"{path}: duplicate commitment id {cid}")
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            err(f"{path}:{cid}: missing subgoal")
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            err(f"{path}:{cid}: confidence must be in [0, 1]")
        for key, allowed in (("confirm", STAGES), ("falsify", SCOPES)):
            blk = c.get(key) or {}
            if not isinstance(blk, dict):
                err(f"{path}:{cid}: {key} must be a mapping")
                continue
            for st, items in blk.items():
                if st not in allowed:
                    err(f"{path}:{cid}: {key} stage/scope {st!r} unknown")
                check_evidence(f"{path}:{cid}.{key}.{st}", items)
        unknown = set(c) - {"id", "subgoal", "skill", "confidence", "confirm", "falsify"}
        if unknown:
            err(f"{path}:{cid}: unexpected keys {sorted(unknown)}")
    try:  # optional cross-check with PyYAML
        import yaml  # type: ignore
        ref = yaml.safe_load(text)

        def norm(x):
            if isinstance(x, dict):
                return {("on" if k is True else k): norm(v) for k, v in x.items()}
            if isinstance(x, list):
                return [norm(v) for v in x]
            return x
        if norm(ref) != plan:
            err(f"{path}: subset parser and PyYAML disagree")
    except ImportError:
        pass
    return plan


# ---------------------------------------------------------------------------
# corpus checks
# ---------------------------------------------------------------------------
BID_LINE = re.compile(r"^\t*\[(\w+)\] (\w+) ")
EFFECTS = {"read", "write", "irreversible"}
KNOWN_FAULTS = {"wrong_record", "wrong_value", "wrong_option", "skipped_required", "silent_noop", "stale_page",
                "error_banner", "permission_denied", "premature_done", "dialog_cancel", "double_submit",
                "unsaved_navigation"}


def check_obs(where, o):
    if not isinstance(o, dict):
        err(f"{where}: observation must be an object")
        return set()
    for k in ("url", "title", "text", "error"):
        if k not in o:
            err(f"{where}: observation missing {k}")
    if not isinstance(o.get("text"), str) or not o.get("text"):
        err(f"{where}: empty observation text")
        return set()
    if o.get("error") is not None and not isinstance(o["error"], str):
        err(f"{where}: error must be null or a string")
    lines = o["text"].split("\n")
    if not lines[0].startswith("RootWebArea "):
        err(f"{where}: text does not start with RootWebArea")
    bids = []
    for ln in lines[1:]:
        m = BID_LINE.match(ln)
        if m:
            bids.append(m.group(1))
        elif not ln.lstrip("\t").startswith("StaticText "):
            err(f"{where}: malformed AXTree line {ln!r}")
    if len(bids) != len(set(bids)):
        err(f"{where}: duplicate bids in one observation")
    return set(bids)


def main():
    plans = {}
    plan_dir = os.path.join(HERE, "plans")
    for fn in sorted(os.listdir(plan_dir)):
        if fn.endswith((".yaml", ".yml", ".json")):
            plans[f"plans/{fn}"] = check_plan(os.path.join(plan_dir, fn))
    runs = []
    with open(os.path.join(HERE, "corpus.jsonl"), encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"corpus.jsonl:{ln}: bad JSON: {e}")
    ids = set()
    counts = {}
    for r in runs:
        rid = r.get("id")
        w = f"run {rid}"
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err(f"{w}: missing {k}")
        if rid in ids:
            err(f"{w}: duplicate id")
        ids.add(rid)
        plan_ref = r.get("plan")
        plan = None
        if isinstance(plan_ref, str):
            if not os.path.exists(os.path.join(HERE, plan_ref)):
                err(f"{w}: plan file {plan_ref} does not exist")
            plan = plans.get(plan_ref)
            if plan_ref != f"plans/{r.get('workflow')}.yaml":
                err(f"{w}: plan is not the workflow's plan")
        elif isinstance(plan_ref, dict):
            plan = plan_ref
        else:
            err(f"{w}: plan must be a path or an object")
        if plan and plan.get("task") != r.get("task"):
            err(f"{w}: task differs from the plan's task")
        cids = {c["id"] for c in (plan or {}).get("commitments", [])}
        steps = r.get("steps") or []
        if not steps:
            err(f"{w}: no steps")
        label = r.get("label") or {}
        fault, fstep = label.get("fault"), label.get("first_off_track_step", "missing")
        if fstep == "missing":
            err(f"{w}: label.first_off_track_step missing")
        if fault is None:
            if fstep is not None:
                err(f"{w}: healthy run with a fault step")
            if r.get("outcome", {}).get("success") is not True:
                err(f"{w}: healthy run should succeed")
            if not rid.split("-", 1)[1].startswith("healthy"):
                err(f"{w}: healthy id should say healthy")
        else:
            if fault not in KNOWN_FAULTS:
                err(f"{w}: unknown fault {fault!r}")
            if not isinstance(fstep, int) or isinstance(fstep, bool) or not 0 <= fstep < len(steps):
                err(f"{w}: first_off_track_step {fstep!r} not a valid step index")
            if fault not in rid:
                err(f"{w}: id does not name its fault")
            if r.get("outcome", {}).get("success") is not False:
                err(f"{w}: faulty run should not succeed")
        counts[(r.get("workflow"), fault is None)] = counts.get((r.get("workflow"), fault is None), 0) + 1
        prev_bids = check_obs(f"{w} initial", r.get("initial_observation"))
        for i, s in enumerate(steps):
            sw = f"{w} step {i}"
            a = s.get("action") or {}
            for k in ("command", "reasoning", "target", "effect"):
                if k not in a:
                    err(f"{sw}: action missing {k}")
            if a.get("effect") not in EFFECTS:
                err(f"{sw}: bad effect {a.get('effect')!r}")
            if "commitment" in s and s["commitment"] not in cids:
                err(f"{sw}: commitment {s['commitment']!r} not in plan")
            m = re.match(r"(click|fill|select_option|press)\('(\w+)'", a.get("command", ""))
            if m and m.group(2) not in prev_bids:
                err(f"{sw}: bid {m.group(2)} not on the page the action was taken from")
            if not m and not a.get("command", "").startswith("send_msg_to_user("):
                err(f"{sw}: unexpected command {a.get('command')!r}")
            prev_bids = check_obs(sw, s.get("observation"))
    for wf in sorted({r.get("workflow") for r in runs}):
        if f"plans/{wf}.yaml" not in plans:
            err(f"workflow {wf}: no plan")
    nh = sum(v for (wf, h), v in counts.items() if h)
    nf = sum(v for (wf, h), v in counts.items() if not h)
    if (nh, nf) != (8, 12):
        err(f"expected 8 healthy and 12 faulty runs, found {nh} and {nf}")
    # the corpus must round-trip unchanged
    with open(os.path.join(HERE, "corpus.jsonl"), encoding="utf-8") as f:
        for line, r in zip([ln for ln in f if ln.strip()], runs):
            if json.dumps(r, ensure_ascii=False) + "\n" != line:
                err(f"run {r.get('id')}: does not round-trip")
    if ERRORS:
        for e in ERRORS:
            print("FAIL:", e)
        print(f"{len(ERRORS)} problem(s)")
        return 1
    print(f"ok: {len(runs)} runs ({nh} healthy, {nf} faulty), {len(plans)} plans, "
          f"{sum(len(r['steps']) for r in runs)} steps")
    return 0


if __name__ == "__main__":
    sys.exit(main())
