#!/usr/bin/env python3
"""Self-test for the AssayLab held-out corpus (stdlib only).

Checks the files against the corpus/plan format contract (FORMATS.md), that the generator is
deterministic and the checked-in files are current, the labelling rule, and the realism
requirements (furniture, near misses on healthy pages, healthy dialogs).
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")
PLAN = os.path.join(HERE, "plans", "assaylab.yaml")

FAILS = []


def check(cond, msg):
    if not cond:
        FAILS.append(msg)
    return cond


# ---------------------------------------------------------------------------
# Minimal YAML subset parser (block maps/lists, flow lists/maps, quoted scalars)
# ---------------------------------------------------------------------------
def _strip_comment(line):
    out, quote = [], None
    for i, ch in enumerate(line):
        if quote:
            out.append(ch)
            if ch == "\\" and quote == '"':
                continue
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
            out.append(ch)
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        else:
            out.append(ch)
    return "".join(out)


def _split_top(s, sep=","):
    parts, depth, quote, cur = [], 0, None, ""
    for ch in s:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def _scalar(s):
    s = s.strip()
    if s.startswith('"'):
        return json.loads(s)
    if s.startswith("'"):
        assert s.endswith("'"), s
        return s[1:-1].replace("''", "'")
    if s.startswith("["):
        assert s.endswith("]"), s
        return [_scalar(x) for x in _split_top(s[1:-1])]
    if s.startswith("{"):
        assert s.endswith("}"), s
        d = {}
        for part in _split_top(s[1:-1]):
            k, v = part.split(":", 1)
            d[k.strip()] = _scalar(v)
        return d
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    if s in ("true", "false"):
        return s == "true"
    if s in ("null", "~", ""):
        return None
    return s


KEY_RE = re.compile(r"^([A-Za-z_][\w-]*):(?:\s+(.*))?$")


def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        line = _strip_comment(raw).rstrip()
        if line.strip():
            assert "\t" not in line[: len(line) - len(line.lstrip())], "tab indentation"
            lines.append([len(line) - len(line.lstrip(" ")), line.strip()])
    val, i = _block(lines, 0, lines[0][0])
    assert i == len(lines), "trailing content at line %d: %r" % (i, lines[i][1])
    return val


def _block(lines, i, indent):
    if lines[i][1].startswith("- "):
        return _list(lines, i, indent)
    return _map(lines, i, indent)


def _map(lines, i, indent):
    d = {}
    while i < len(lines) and lines[i][0] == indent and not lines[i][1].startswith("- "):
        m = KEY_RE.match(lines[i][1])
        assert m, "not a mapping entry: %r" % lines[i][1]
        key, rest = m.group(1), (m.group(2) or "").strip()
        assert key not in d, "duplicate key " + key
        i += 1
        if rest:
            d[key] = _scalar(rest)
        elif i < len(lines) and (lines[i][0] > indent or (lines[i][0] == indent and lines[i][1].startswith("- "))):
            d[key], i = _block(lines, i, lines[i][0])
        else:
            d[key] = None
    return d, i


def _list(lines, i, indent):
    out = []
    while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("- "):
        content = lines[i][1][2:].strip()
        if KEY_RE.match(content) and not content.startswith(("{", "[", '"')):
            lines[i] = [indent + 2, content]
            val, i = _map(lines, i, indent + 2)
        else:
            val = _scalar(content)
            i += 1
        out.append(val)
    return out, i


# ---------------------------------------------------------------------------
# Plan checks
# ---------------------------------------------------------------------------
SCOPES = {"execution", "skill", "planning"}
STAGES = {"precondition", "progress", "completion"}


def evidence_ok(item, where):
    if isinstance(item, str):
        return check(item.strip() != "", "empty evidence at " + where)
    if isinstance(item, dict):
        ok = check(isinstance(item.get("text"), str) and bool(item["text"].strip()), "evidence without text at " + where)
        ok &= check(item.get("on", "state") in ("state", "action", "both"), "bad 'on' at " + where)
        ok &= check(set(item) <= {"text", "on"}, "unknown evidence keys at " + where)
        return ok
    return check(False, "evidence must be str or mapping at " + where)


def check_plan(plan):
    check(isinstance(plan, dict), "plan is not a mapping")
    check(isinstance(plan.get("task"), str) and plan["task"], "plan.task missing")
    pf = plan.get("plan_falsifiers") or {}
    check(set(pf) <= SCOPES, "plan_falsifiers scopes: %s" % sorted(pf))
    for sc, items in pf.items():
        for k, it in enumerate(items or []):
            evidence_ok(it, "plan_falsifiers.%s[%d]" % (sc, k))
    cs = plan.get("commitments")
    check(isinstance(cs, list) and len(cs) >= 2, "commitments must be a list")
    ids = [c.get("id") for c in cs]
    check(len(set(ids)) == len(ids) and all(ids), "commitment ids must be unique and non-empty")
    used_stages, used_scopes, n_action, n_absence = set(), set(), 0, 0
    for c in cs:
        check(isinstance(c.get("subgoal"), str) and c["subgoal"], "subgoal missing in %s" % c.get("id"))
        kappa = c.get("confidence", 0.5)
        check(isinstance(kappa, (int, float)) and 0 <= kappa <= 1, "confidence out of range in " + c["id"])
        conf = c.get("confirm") or {}
        fal = c.get("falsify") or {}
        check(set(conf) <= STAGES, "confirm stages in " + c["id"])
        check(set(fal) <= SCOPES, "falsify scopes in " + c["id"])
        for st, items in conf.items():
            used_stages.add(st)
            for k, it in enumerate(items or []):
                evidence_ok(it, "%s.confirm.%s[%d]" % (c["id"], st, k))
        for sc, items in fal.items():
            used_scopes.add(sc)
            for k, it in enumerate(items or []):
                evidence_ok(it, "%s.falsify.%s[%d]" % (c["id"], sc, k))
                if isinstance(it, dict) and it.get("on") in ("action", "both"):
                    n_action += 1
                t = it if isinstance(it, str) else it.get("text", "")
                if t.startswith("No ") or " not " in t or "disabled" in t or "unavailable" in t:
                    n_absence += 1
    check(used_stages == STAGES, "plan should use every confirm stage")
    check(used_scopes == SCOPES, "plan should use every falsify scope")
    check(n_action >= 2, "plan should have action falsifiers")
    check(n_absence >= 2, "plan should have absence statements")
    check(bool(pf.get("execution")), "plan should have plan-level falsifiers")
    # round trip through JSON unchanged
    check(json.loads(json.dumps(plan)) == plan, "plan does not round-trip")
    return set(ids)


# ---------------------------------------------------------------------------
# Corpus checks
# ---------------------------------------------------------------------------
LINE_RE = re.compile(r"^\t*\[(\d+)\] [A-Za-z]+ '[^']*'(, [A-Za-z]+(='[^']*')?)*$")
BID_CMD = re.compile(r"^(click|fill|select_option|press|hover|focus|clear)\('(\d+)'")
CMD_RE = re.compile(r"^(click|fill|select_option|press|goto|scroll|send_msg_to_user|hover|noop)\(")
ENV_FAULTS = {"stale_filter", "silent_noop", "ignored_error", "unexpected_dialog", "lost_session"}

# What the labelled observation must show for environment faults (labelling rule).
ENV_MARKERS = {
    "assaylab-stale_filter-01": "Status: Released ×",
    "assaylab-silent_noop-01": None,  # checked structurally below
    "assaylab-ignored_error-01": "Result could not be saved",
    "assaylab-unexpected_dialog-01": "dialog 'Client portal maintenance'",
    "assaylab-lost_session-01": "Your session has expired",
}
# For agent faults: a substring of the labelled action's command/target/value.
AGENT_MARKERS = {
    "assaylab-wrong_record-01": "link 'S-20481'",
    "assaylab-wrong_record-02": "button 'Re-run test'",
    "assaylab-wrong_record-03": "link 'R-5502 v2'",
    "assaylab-plan_drift-01": "Re-run all QC-failed tests",
    "assaylab-skipped_step-01": "button 'Edit result'",
    "assaylab-wrong_value-01": "0.021",
    "assaylab-false_success-01": "send_msg_to_user",
}


def check_obs(o, where):
    ok = check(isinstance(o, dict) and set(o) >= {"url", "title", "text", "error"}, "observation fields at " + where)
    if not ok:
        return
    check(o["url"].startswith("http://127.0.0.1:8000/assaylab"), "url at " + where)
    check(o["error"] is None or isinstance(o["error"], str), "error field at " + where)
    bids = []
    for ln in o["text"].split("\n"):
        m = LINE_RE.match(ln)
        if check(m, "bad AXTree line at %s: %r" % (where, ln)):
            bids.append(m.group(1))
    check(len(bids) == len(set(bids)), "duplicate bids at " + where)
    check(o["text"].split("\n")[0].endswith("RootWebArea '%s', focused" % o["title"]), "root/title at " + where)


def bids_of(o):
    return {m.group(1) for m in (LINE_RE.match(l) for l in o["text"].split("\n")) if m}


def line_of(o, bid):
    for l in o["text"].split("\n"):
        if l.lstrip("\t").startswith("[%s] " % bid):
            return l.strip()
    return None


def check_corpus(plan_ids, plan):
    raw = open(CORPUS, encoding="utf-8").read().splitlines()
    check(len(raw) == 20, "expected 20 trajectories, got %d" % len(raw))
    trajs = []
    for n, line in enumerate(raw):
        t = json.loads(line)
        check(json.dumps(t, ensure_ascii=False) == line, "line %d does not round-trip" % n)
        trajs.append(t)
    ids = [t["id"] for t in trajs]
    check(len(set(ids)) == len(ids), "duplicate ids")
    healthy = [t for t in trajs if t["label"]["fault"] is None]
    faulty = [t for t in trajs if t["label"]["fault"] is not None]
    check(len(healthy) == 8 and len(faulty) == 12, "need 8 healthy / 12 faulty")
    check(len({t["label"]["fault"] for t in faulty}) >= 9, "need a spread of fault classes")
    for t in trajs:
        w = t["id"]
        for k in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            check(k in t, "%s missing %s" % (w, k))
        check(t["workflow"] == "assaylab", w + " workflow")
        check(t["task"] == plan["task"], w + " task differs from plan task")
        check(os.path.exists(os.path.join(HERE, t["plan"])), w + " plan path")
        lab = t["label"]
        check(set(lab) >= {"fault", "first_off_track_step"}, w + " label fields")
        check((lab["fault"] is None) == (lab["first_off_track_step"] is None), w + " label null consistency")
        check(isinstance(t["outcome"].get("success"), bool), w + " outcome.success")
        if lab["fault"] is None:
            check(t["outcome"]["success"] is True, w + " healthy runs succeed")
        else:
            check(t["outcome"]["success"] is False, w + " faulty runs fail")
            f = lab["first_off_track_step"]
            check(isinstance(f, int) and 0 <= f < len(t["steps"]), w + " first_off_track_step range")
        check_obs(t["initial_observation"], w + " initial")
        prev = t["initial_observation"]
        for i, s in enumerate(t["steps"]):
            where = "%s step %d" % (w, i)
            a = s["action"]
            check(set(a) >= {"command", "reasoning", "target", "effect"}, where + " action fields")
            check(a["effect"] in ("read", "write", "irreversible"), where + " effect")
            check(CMD_RE.match(a["command"]), where + " command " + a["command"])
            if "commitment" in s:
                check(s["commitment"] in plan_ids, where + " unknown commitment")
            m = BID_CMD.match(a["command"])
            if m:
                check(m.group(1 + 1) in bids_of(prev), where + " bid not in previous observation")
                ln = line_of(prev, m.group(2))
                check(ln is not None and a["target"] in ln, where + " target does not match bid")
            check_obs(s["observation"], where)
            prev = s["observation"]
        check(t["steps"][-1]["action"]["command"].startswith("send_msg_to_user("), w + " ends with a message")
    return trajs


def check_labels(trajs):
    by = {t["id"]: t for t in trajs}
    for tid, marker in ENV_MARKERS.items():
        t = by[tid]
        f = t["label"]["first_off_track_step"]
        check(t["label"]["fault"] in ENV_FAULTS, tid + " should be an environment fault")
        obs = [t["initial_observation"]] + [s["observation"] for s in t["steps"]]
        if marker is None:  # silent no-op: the save click leaves the re-run row pending with no toast
            s = t["steps"][f]
            check("dlg_save_reason" not in s["action"]["command"] and "Save with reason" in s["action"]["target"],
                  tid + " label on the save click")
            txt = s["observation"]["text"]
            check("Pending result" in txt and "Result saved" not in txt and "status ''" not in txt,
                  tid + " no-op visible at labelled step")
            continue
        first_seen = next(k for k, o in enumerate(obs) if marker in o["text"])
        # obs[0] is the start page: a fault visible there is labelled 0
        expected = 0 if first_seen == 0 else first_seen - 1
        check(f == expected, "%s labelled %s, marker first seen at step %s" % (tid, f, expected))
    for tid, marker in AGENT_MARKERS.items():
        t = by[tid]
        f = t["label"]["first_off_track_step"]
        a = t["steps"][f]["action"]
        check(marker in a["command"] + " " + (a["target"] or ""), "%s labelled action lacks %r" % (tid, marker))
        # every earlier step matches what a healthy run would do (no earlier marker)
        for k in range(f):
            b = t["steps"][k]["action"]
            check(marker not in b["command"] + " " + (b["target"] or "") or marker == "button 'Re-run test'",
                  "%s marker appears before label" % tid)
    check(set(ENV_MARKERS) | set(AGENT_MARKERS) == {t["id"] for t in trajs if t["label"]["fault"]},
          "every faulty run needs a label check")
    # wrong_record-02: labelled re-run button is the duplicate's row
    t = by["assaylab-wrong_record-02"]
    f = t["label"]["first_off_track_step"]
    check("S-20418-D1" in t["steps"][f]["observation"]["text"].split("dialog '")[-1],
          "wrong_record-02 dialog should name the duplicate")


def check_realism(trajs):
    healthy = [t for t in trajs if t["label"]["fault"] is None]
    pages = []
    for t in healthy:
        pages.append(t["initial_observation"]["text"])
        pages += [s["observation"]["text"] for s in t["steps"]]
    blob = "\n".join(pages)
    for nm in ["S-20481", "S-20419", "S-20418-D1", "B-0737", "B-0713", "B-0729", "R-5502",
               "Harbor Water Authority", "Cedar Falls Utility"]:
        check(nm in blob, "near miss %s not on any healthy page" % nm)
    check(blob.count("gridcell 'PB-ICP'") >= 2, "duplicate test codes on healthy pages")
    for w in ["QC failed", "out of range", "Rejected", "expired", "On hold", "Out of range"]:
        check(w in blob, "alarming-but-ordinary wording %r missing" % w)
    for furn in ["banner ''", "searchbox 'Search samples, batches, orders'", "navigation 'Main'",
                 "navigation 'Breadcrumb'", "contentinfo ''", "status ''", "dialog '", "button 'Sort by",
                 "navigation 'Pagination'", "pressed='true'", "Showing 1–"]:
        check(furn in blob, "furniture missing on healthy pages: " + furn)
    for d in ["dialog 'Electronic signature required'", "dialog 'Reason for change'",
              "dialog 'Session timeout warning'"]:
        check(d in blob, "healthy dialog missing: " + d)
    grid_rows = max(p.count("\t\t\t[") for p in pages)
    check(grid_rows >= 10, "need grids with many rows")
    styles = set()
    for t in healthy:
        cmds = " ".join(s["action"]["command"] for s in t["steps"])
        if "goto(" in cmds:
            styles.add("url")
        if "press(" in cmds or "Search" in " ".join(str(s["action"]["target"]) for s in t["steps"]):
            styles.add("search")
        if any("chip" in s["action"]["reasoning"].lower() or "Sort" in str(s["action"]["target"]) for s in t["steps"]):
            styles.add("filter_sort")
    check(styles >= {"url", "search", "filter_sort"}, "healthy styles: %s" % styles)
    msgs = [len(t["steps"][-1]["action"]["command"]) for t in healthy]
    check(max(msgs) > 3 * min(msgs), "vary the completion message length")


def check_determinism():
    with tempfile.TemporaryDirectory() as d:
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), d], check=True,
                       stdout=subprocess.DEVNULL)
        for rel in ("corpus.jsonl", os.path.join("plans", "assaylab.yaml")):
            a = open(os.path.join(d, rel), "rb").read()
            b = open(os.path.join(HERE, rel), "rb").read()
            check(a == b, rel + " is stale or non-deterministic; rerun make_corpus.py")


def check_readme(trajs):
    p = os.path.join(HERE, "README.md")
    if check(os.path.exists(p), "README.md missing"):
        txt = open(p, encoding="utf-8").read()
        for t in trajs:
            check(t["id"] in txt, "README does not describe " + t["id"])


def main():
    plan = parse_yaml(open(PLAN, encoding="utf-8").read())
    plan_ids = check_plan(plan)
    trajs = check_corpus(plan_ids, plan)
    if not FAILS:
        check_labels(trajs)
        check_realism(trajs)
    check_determinism()
    check_readme(trajs)
    if FAILS:
        print("FAIL (%d)" % len(FAILS))
        for f in FAILS:
            print("  - " + f)
        sys.exit(1)
    nh = sum(1 for t in trajs if t["label"]["fault"] is None)
    steps = sum(len(t["steps"]) for t in trajs)
    print("OK: %d trajectories (%d healthy, %d faulty), %d steps, %d commitments, faults: %s"
          % (len(trajs), nh, len(trajs) - nh, steps, len(plan_ids),
             ", ".join(sorted({t["label"]["fault"] for t in trajs if t["label"]["fault"]}))))


if __name__ == "__main__":
    main()
