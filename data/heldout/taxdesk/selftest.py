#!/usr/bin/env python3
"""Validate the TaxDesk corpus and plan against the fcpkit format contract.

Python 3 standard library only.  Checks:
  * make_corpus.py is deterministic (two fresh runs into temp folders are byte-identical
    to each other and to the files in this folder);
  * the plan parses (a small YAML-subset reader, enough for the file we write) and has the
    contract's fields, scopes, stages and evidence shapes;
  * every corpus line has the contract's fields; labels follow the rules; 8 healthy and
    12 faulty runs; every action that names a bid names one present on the page it acted on,
    and its recorded target matches that node; commitments exist in the plan.
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
ERRORS = []


def err(msg):
    ERRORS.append(msg)


# --------------------------------------------------------------------------
# Minimal YAML reader (block mappings, block lists, quoted/plain scalars, [])
# --------------------------------------------------------------------------
def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation: %r" % raw)
        ind = len(raw) - len(raw.lstrip(" "))
        lines.append([ind, raw.strip()])
    pos = [0]

    def scalar(v):
        v = v.strip()
        if v == "[]":
            return []
        if v == "{}":
            return {}
        if v.startswith('"'):
            return json.loads(v)
        if v.startswith("'"):
            return v[1:-1].replace("''", "'")
        if v in ("null", "~"):
            return None
        if v in ("true", "false"):
            return v == "true"
        try:
            return int(v)
        except ValueError:
            pass
        try:
            return float(v)
        except ValueError:
            return v

    def block(ind):
        if lines[pos[0]][1].startswith("- "):
            return seq(ind)
        return mapping(ind)

    def mapping(ind):
        out = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and not lines[pos[0]][1].startswith("- "):
            key, sep, rest = lines[pos[0]][1].partition(":")
            if not sep:
                raise ValueError("expected key: value, got %r" % lines[pos[0]][1])
            key = key.strip()
            if key in out:
                raise ValueError("duplicate key %r" % key)
            pos[0] += 1
            rest = rest.strip()
            if rest:
                out[key] = scalar(rest)
            elif pos[0] < len(lines) and lines[pos[0]][0] > ind:
                out[key] = block(lines[pos[0]][0])
            else:
                out[key] = None
        if pos[0] < len(lines) and lines[pos[0]][0] > ind:
            raise ValueError("bad indentation at %r" % lines[pos[0]][1])
        return out

    def seq(ind):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
            content = lines[pos[0]][1][2:]
            if re.match(r"^[A-Za-z_][\w-]*:(\s|$)", content):
                lines[pos[0]] = [ind + 2, content]
                out.append(mapping(ind + 2))
            else:
                pos[0] += 1
                out.append(scalar(content))
        return out

    result = block(0)
    if pos[0] != len(lines):
        raise ValueError("trailing content at %r" % lines[pos[0]][1])
    return result


# --------------------------------------------------------------------------
def check_determinism():
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        for d in (a, b):
            subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", d],
                           check=True, stdout=subprocess.DEVNULL)
        for rel in ("corpus.jsonl", os.path.join("plans", "taxdesk.yaml")):
            blobs = []
            for d in (a, b, HERE):
                p = os.path.join(d, rel)
                if not os.path.exists(p):
                    err("missing %s in %s" % (rel, d))
                    blobs.append(None)
                    continue
                with open(p, "rb") as f:
                    blobs.append(f.read())
            if blobs[0] != blobs[1]:
                err("make_corpus.py is not deterministic for %s" % rel)
            if blobs[0] != blobs[2]:
                err("%s in this folder differs from a fresh make_corpus.py run" % rel)


STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}


def check_evidence_list(where, items):
    if not isinstance(items, list):
        err("%s: evidence must be a list" % where)
        return []
    texts = []
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                err("%s: empty evidence string" % where)
            texts.append(("state", it))
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                err("%s: evidence mapping without text: %r" % (where, it))
            on = it.get("on", "state")
            if on not in ("state", "action", "both"):
                err("%s: bad on=%r" % (where, on))
            extra = set(it) - {"text", "on"}
            if extra:
                err("%s: unexpected evidence keys %s" % (where, extra))
            texts.append((on, it.get("text", "")))
        else:
            err("%s: evidence item must be str or mapping: %r" % (where, it))
    return texts


def check_plan(path):
    with open(path, encoding="utf-8") as f:
        plan = parse_yaml(f.read())
    if not isinstance(plan.get("task"), str):
        err("plan: task missing")
    pf = plan.get("plan_falsifiers") or {}
    plan_level = []
    for scope, items in pf.items():
        if scope not in SCOPES:
            err("plan_falsifiers: bad scope %r" % scope)
        plan_level += check_evidence_list("plan_falsifiers.%s" % scope, items)
    ids = []
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        err("plan: commitments must be a non-empty list")
        cms = []
    for c in cms:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            err("commitment without id: %r" % c)
        ids.append(cid)
        if not isinstance(c.get("subgoal"), str):
            err("%s: subgoal missing" % cid)
        k = c.get("confidence", 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            err("%s: confidence out of [0,1]" % cid)
        for stage, items in (c.get("confirm") or {}).items():
            if stage not in STAGES:
                err("%s: bad confirm stage %r" % (cid, stage))
            check_evidence_list("%s.confirm.%s" % (cid, stage), items)
        for scope, items in (c.get("falsify") or {}).items():
            if scope not in SCOPES:
                err("%s: bad falsify scope %r" % (cid, scope))
            check_evidence_list("%s.falsify.%s" % (cid, scope), items)
    if len(set(ids)) != len(ids):
        err("plan: duplicate commitment ids")
    return plan, set(ids), plan_level


BID_FUNCS = {"click", "dblclick", "hover", "fill", "clear", "select_option", "press", "focus",
             "check", "uncheck", "upload_file"}
NOBID_FUNCS = {"send_msg_to_user", "report_infeasible", "goto", "go_back", "go_forward", "noop",
               "scroll", "new_tab", "tab_close", "tab_focus"}


def node_line(text, bid):
    for line in text.split("\n"):
        s = line.strip()
        if s.startswith("[%s] " % bid):
            return s
    return None


def check_obs(where, o):
    if not isinstance(o, dict):
        err("%s: observation must be an object" % where)
        return
    for k in ("url", "title", "text", "error"):
        if k not in o:
            err("%s: observation lacks %s" % (where, k))
    if not isinstance(o.get("text"), str) or not o.get("text"):
        err("%s: empty observation text" % where)
        return
    bids = re.findall(r"^\s*\[([^\]]+)\] ", o["text"], flags=re.M)
    if len(bids) != len(set(bids)):
        err("%s: duplicate bids on page" % where)
    for line in o["text"].split("\n"):
        s = line.strip()
        if not re.match(r"^(\[[^\]]+\] \S+ '.*'(, .*)?|StaticText '.*'|RootWebArea '.*'.*)$", s):
            err("%s: malformed AXTree line %r" % (where, s))
            break


def check_corpus(plan_ids, plan_level):
    runs = []
    with open(CORPUS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError as e:
                err("corpus line %d: %s" % (n, e))
    if len(runs) != 20:
        err("expected 20 runs, got %d" % len(runs))
    ids = [r.get("id") for r in runs]
    if len(set(ids)) != len(ids):
        err("duplicate run ids")
    healthy = [r for r in runs if r.get("label", {}).get("fault") is None]
    faulty = [r for r in runs if r.get("label", {}).get("fault") is not None]
    if len(healthy) != 8 or len(faulty) != 12:
        err("expected 8 healthy / 12 faulty, got %d / %d" % (len(healthy), len(faulty)))
    for r in runs:
        rid = r.get("id", "?")
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if k not in r:
                err("%s: missing field %s" % (rid, k))
        if r.get("workflow") != "taxdesk":
            err("%s: workflow %r" % (rid, r.get("workflow")))
        plan_ref = r.get("plan")
        if isinstance(plan_ref, str) and not os.path.exists(os.path.join(HERE, plan_ref)):
            err("%s: plan path %s does not exist" % (rid, plan_ref))
        lab = r.get("label", {})
        fault, off = lab.get("fault"), lab.get("first_off_track_step")
        steps = r.get("steps", [])
        if not steps:
            err("%s: no steps" % rid)
        if fault is None:
            if off is not None:
                err("%s: healthy run with first_off_track_step" % rid)
            if r.get("outcome", {}).get("success") is not True:
                err("%s: healthy run should succeed" % rid)
        else:
            if not isinstance(fault, str):
                err("%s: fault must be a string" % rid)
            if not isinstance(off, int) or isinstance(off, bool) or not 0 <= off < len(steps):
                err("%s: first_off_track_step %r out of range" % (rid, off))
            if r.get("outcome", {}).get("success") is not False:
                err("%s: faulty run should not succeed" % rid)
        if not isinstance(r.get("outcome", {}).get("success"), bool):
            err("%s: outcome.success must be bool" % rid)
        check_obs("%s initial" % rid, r.get("initial_observation"))
        prev = r.get("initial_observation", {})
        for i, s in enumerate(steps):
            where = "%s step %d" % (rid, i)
            a = s.get("action", {})
            for k in ("command", "reasoning", "effect"):
                if k not in a:
                    err("%s: action lacks %s" % (where, k))
            if a.get("effect") not in ("read", "write", "irreversible"):
                err("%s: bad effect %r" % (where, a.get("effect")))
            cm = s.get("commitment")
            if cm is not None and cm not in plan_ids:
                err("%s: unknown commitment %r" % (where, cm))
            m = re.match(r"^(\w+)\((.*)\)$", a.get("command", ""), flags=re.S)
            if not m:
                err("%s: unparsable command %r" % (where, a.get("command")))
            else:
                fn = m.group(1)
                if fn in BID_FUNCS:
                    bm = re.match(r"^'([^']+)'", m.group(2))
                    if not bm:
                        err("%s: no bid in %r" % (where, a["command"]))
                    else:
                        line = node_line(prev.get("text", ""), bm.group(1))
                        if line is None:
                            err("%s: bid %s not on the page acted on" % (where, bm.group(1)))
                        elif a.get("target") and not line.startswith("[%s] %s" % (bm.group(1), a["target"])):
                            err("%s: target %r does not match node %r" % (where, a["target"], line))
                elif fn not in NOBID_FUNCS:
                    err("%s: unknown action %s" % (where, fn))
            check_obs(where, s.get("observation"))
            prev = s.get("observation", {})
    # the product's sign-in page and other plan-level falsifiers never show on healthy pages
    for r in healthy:
        pages = [r["initial_observation"]] + [s["observation"] for s in r["steps"]]
        for on, txt in plan_level:
            if on == "action":
                continue
            for p in pages:
                if txt.lower() in (p["title"] + "\n" + p["text"]).lower():
                    err("%s: plan-level falsifier %r appears on a healthy page" % (r["id"], txt))
                    break
    return runs


def main():
    check_determinism()
    plan, plan_ids, plan_level = check_plan(os.path.join(HERE, "plans", "taxdesk.yaml"))
    runs = check_corpus(plan_ids, plan_level)
    if ERRORS:
        for e in ERRORS:
            print("FAIL:", e)
        print("%d problem(s)" % len(ERRORS))
        return 1
    by = {}
    for r in runs:
        lab = r["label"]
        if lab["fault"] is not None:
            by.setdefault(lab["fault"], []).append(lab["first_off_track_step"])
    print("ok: %d runs (%d healthy, %d faulty), plan with %d commitments"
          % (len(runs), sum(1 for r in runs if r["label"]["fault"] is None),
             sum(1 for r in runs if r["label"]["fault"] is not None), len(plan_ids)))
    for k in sorted(by):
        print("  %-20s steps %s" % (k, by[k]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
