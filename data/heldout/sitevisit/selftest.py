#!/usr/bin/env python3
"""Stdlib self-test for the sitevisit corpus: checks corpus.jsonl and plans/*.yaml
against the FORMATS.md contract and this corpus's own design rules.

Run:  python3 selftest.py        (exit status 0 when every check passes)
"""
import importlib
import json
import os
import re
import sys

sys.dont_write_bytecode = True

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.jsonl")

EXPECTED_RUNS = 20
EXPECTED_HEALTHY = 8
EXPECTED_FAULTS = {
    "wrong_record", "wrong_value", "skipped_required", "silent_noop", "stale_page", "error_banner",
    "permission_denied", "premature_done", "dialog_cancelled", "wrong_setting", "double_submit",
    "unsaved_navigation",
}
EFFECTS = {"read", "write", "irreversible"}
STAGES = {"precondition", "progress", "completion"}
SCOPES = {"execution", "skill", "planning"}
ON = {"state", "action", "both"}

errors = []


def err(msg):
    errors.append(msg)


# ---------------------------------------------------------------------------
# Minimal YAML reader for the subset a person writes plans in: block mappings,
# block sequences (of scalars or mappings), flow sequences of scalars, folded
# (>, >-) and literal (|, |-) scalars, quoted and plain scalars, comments.
# ---------------------------------------------------------------------------


class YamlError(ValueError):
    pass


def _strip_comment(s):
    out, quote = [], None
    for i, ch in enumerate(s):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'" and (i == 0 or s[i - 1] in " [,:-"):
            quote = ch
        elif ch == "#" and (i == 0 or s[i - 1] in " \t"):
            break
        out.append(ch)
    return "".join(out).rstrip()


def _split_key(s):
    """Return (key, rest) if s is 'key: rest' / 'key:' outside quotes, else None."""
    if not s or s[0] in "\"'[{":
        if s and s[0] in "\"'":
            q = s[0]
            end = s.find(q, 1)
            if end > 0 and s[end + 1:end + 2] == ":" and (len(s) == end + 2 or s[end + 2] == " "):
                return s[1:end], s[end + 2:].strip()
        return None
    m = re.match(r"^([^:]+?):(?:\s+(.*))?$", s)
    if not m:
        return None
    return m.group(1).strip(), (m.group(2) or "").strip()


def _scalar(s):
    s = s.strip()
    if s == "":
        return None
    if s[0] == '"':
        if not s.endswith('"') or len(s) < 2:
            raise YamlError(f"unterminated string: {s}")
        return json.loads(s)
    if s[0] == "'":
        if not s.endswith("'") or len(s) < 2:
            raise YamlError(f"unterminated string: {s}")
        return s[1:-1].replace("''", "'")
    if s[0] == "[":
        if not s.endswith("]"):
            raise YamlError(f"unterminated flow sequence: {s}")
        inner = s[1:-1].strip()
        if not inner:
            return []
        items, cur, quote = [], [], None
        for ch in inner:
            if quote:
                cur.append(ch)
                if ch == quote:
                    quote = None
            elif ch in "\"'":
                quote = ch
                cur.append(ch)
            elif ch == ",":
                items.append("".join(cur))
                cur = []
            else:
                cur.append(ch)
        items.append("".join(cur))
        return [_scalar(x) for x in items]
    if s[0] == "{":
        raise YamlError("flow mappings are not supported by this reader")
    if s in ("null", "~", "Null", "NULL"):
        return None
    if s in ("true", "True", "TRUE"):
        return True
    if s in ("false", "False", "FALSE"):
        return False
    if re.fullmatch(r"[-+]?\d+", s):
        return int(s)
    if re.fullmatch(r"[-+]?(\d+\.\d*|\.\d+)([eE][-+]?\d+)?", s):
        return float(s)
    return s


class MiniYaml:
    def __init__(self, text):
        self.raw = text.split("\n")
        self.i = 0

    def _peek(self):
        while self.i < len(self.raw):
            line = self.raw[self.i]
            if "\t" in line[: len(line) - len(line.lstrip())]:
                raise YamlError(f"line {self.i + 1}: tab in indentation")
            content = _strip_comment(line.strip()) if line.strip() else ""
            if content == "" or line.strip().startswith("#"):
                self.i += 1
                continue
            return len(line) - len(line.lstrip(" ")), content
        return None

    def parse(self):
        pk = self._peek()
        if pk is None:
            return None
        val = self._node(pk[0])
        if self._peek() is not None:
            raise YamlError(f"line {self.i + 1}: unexpected content")
        return val

    def _node(self, ind):
        _, content = self._peek()
        if content == "-" or content.startswith("- "):
            return self._seq(ind)
        return self._map(ind)

    def _map(self, ind):
        d = {}
        while True:
            pk = self._peek()
            if pk is None or pk[0] < ind:
                return d
            if pk[0] > ind:
                raise YamlError(f"line {self.i + 1}: bad indentation")
            content = pk[1]
            if content == "-" or content.startswith("- "):
                return d
            kv = _split_key(content)
            if kv is None:
                raise YamlError(f"line {self.i + 1}: expected 'key: value', got {content!r}")
            key, rest = kv
            if key in d:
                raise YamlError(f"line {self.i + 1}: duplicate key {key!r}")
            self.i += 1
            d[key] = self._value(rest, ind)

    def _value(self, rest, ind):
        if rest in (">", ">-", "|", "|-", ">+", "|+"):
            return self._block_scalar(rest, ind)
        if rest == "":
            pk = self._peek()
            if pk is None:
                return None
            if pk[0] > ind or (pk[0] == ind and (pk[1] == "-" or pk[1].startswith("- "))):
                return self._node(pk[0])
            return None
        return _scalar(rest)

    def _block_scalar(self, style, ind):
        lines = []
        while self.i < len(self.raw):
            line = self.raw[self.i]
            if line.strip() and len(line) - len(line.lstrip(" ")) <= ind:
                break
            lines.append(line)
            self.i += 1
        while lines and not lines[-1].strip():
            lines.pop()
        body = [l.strip() for l in lines]
        if style.startswith(">"):
            paras, cur = [], []
            for l in body:
                if l:
                    cur.append(l)
                else:
                    paras.append(" ".join(cur))
                    cur = []
            paras.append(" ".join(cur))
            text = "\n".join(paras)
        else:
            text = "\n".join(body)
        return text if style.endswith("-") else text + "\n"

    def _seq(self, ind):
        out = []
        while True:
            pk = self._peek()
            if pk is None or pk[0] != ind or not (pk[1] == "-" or pk[1].startswith("- ")):
                if pk is not None and pk[0] > ind:
                    raise YamlError(f"line {self.i + 1}: bad indentation in sequence")
                return out
            item = pk[1][1:].strip()
            self.i += 1
            if item == "":
                nxt = self._peek()
                out.append(self._node(nxt[0]) if nxt and nxt[0] > ind else None)
                continue
            kv = _split_key(item)
            if kv is None:
                out.append(_scalar(item))
                continue
            child = ind + 2 + (len(pk[1][1:]) - len(pk[1][1:].lstrip(" ")) - 1)
            key, rest = kv
            d = {key: self._value(rest, child)}
            more = self._peek()
            if more is not None and more[0] == child and not more[1].startswith("- "):
                extra = self._map(child)
                for k, v in extra.items():
                    if k in d:
                        raise YamlError(f"duplicate key {k!r} in sequence item")
                    d[k] = v
            out.append(d)


def load_plan(path):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    if path.endswith(".json"):
        return json.loads(text)
    return MiniYaml(text).parse()


# ---------------------------------------------------------------------------
# Plan checks
# ---------------------------------------------------------------------------


def check_evidence_list(where, items):
    if items is None:
        return
    if not isinstance(items, list):
        err(f"{where}: evidence must be a list")
        return
    for j, it in enumerate(items):
        if isinstance(it, str):
            if not it.strip():
                err(f"{where}[{j}]: empty evidence string")
        elif isinstance(it, dict):
            if not isinstance(it.get("text"), str) or not it["text"].strip():
                err(f"{where}[{j}]: evidence mapping needs non-empty 'text'")
            if it.get("on", "state") not in ON:
                err(f"{where}[{j}]: 'on' must be one of {sorted(ON)}")
        else:
            err(f"{where}[{j}]: evidence must be a string or {{text, on}} mapping")


def check_plan(name, plan):
    if not isinstance(plan, dict):
        err(f"{name}: plan is not a mapping")
        return set()
    if not isinstance(plan.get("task"), str) or not plan["task"].strip():
        err(f"{name}: missing task")
    pf = plan.get("plan_falsifiers", {}) or {}
    if not isinstance(pf, dict):
        err(f"{name}: plan_falsifiers must be a mapping of scope -> evidence")
    else:
        for scope, items in pf.items():
            if scope not in SCOPES:
                err(f"{name}: plan_falsifiers scope {scope!r} unknown")
            check_evidence_list(f"{name}.plan_falsifiers.{scope}", items)
    cms = plan.get("commitments")
    if not isinstance(cms, list) or not cms:
        err(f"{name}: commitments must be a non-empty list")
        return set()
    ids = set()
    for k, c in enumerate(cms):
        w = f"{name}.commitments[{k}]"
        if not isinstance(c, dict):
            err(f"{w}: not a mapping")
            continue
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            err(f"{w}: missing id")
        elif cid in ids:
            err(f"{w}: duplicate id {cid!r}")
        ids.add(cid)
        if not isinstance(c.get("subgoal"), str) or not c["subgoal"].strip():
            err(f"{w}: missing subgoal")
        conf = c.get("confidence", 0.5)
        if not isinstance(conf, (int, float)) or isinstance(conf, bool) or not 0 <= conf <= 1:
            err(f"{w}: confidence must be in [0, 1]")
        if "skill" in c and not isinstance(c["skill"], str):
            err(f"{w}: skill must be a string")
        for sect, allowed in (("confirm", STAGES), ("falsify", SCOPES)):
            block = c.get(sect, {}) or {}
            if not isinstance(block, dict):
                err(f"{w}.{sect}: must be a mapping")
                continue
            for key, items in block.items():
                if key not in allowed:
                    err(f"{w}.{sect}: unknown key {key!r}")
                check_evidence_list(f"{w}.{sect}.{key}", items)
    return ids


# ---------------------------------------------------------------------------
# Observation / action checks
# ---------------------------------------------------------------------------

LINE_RE = re.compile(r"^(\t*)(?:\[(a\d+)\] )?([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(, .*)?$")
CMD_RE = re.compile(r"^(click|fill|select_option|press|goto|send_msg_to_user|noop|scroll)\((.*)\)$", re.S)


def check_obs(where, obs):
    if not isinstance(obs, dict):
        err(f"{where}: observation must be an object")
        return {}
    for f in ("url", "title", "text", "error"):
        if f not in obs:
            err(f"{where}: observation missing {f!r}")
    if not isinstance(obs.get("url"), str) or not obs["url"].startswith("http"):
        err(f"{where}: bad url")
    if obs.get("error") is not None and not isinstance(obs["error"], str):
        err(f"{where}: error must be a string or null")
    text = obs.get("text") or ""
    lines = text.split("\n")
    first = lines[0]
    if not first.startswith("RootWebArea "):
        err(f"{where}: text must start with RootWebArea")
    elif f"RootWebArea {obs.get('title')!r}" not in first:
        err(f"{where}: RootWebArea name does not match title")
    bids = {}
    prev_depth = 0
    for n, line in enumerate(lines[1:], 2):
        m = LINE_RE.match(line)
        if not m:
            err(f"{where}: line {n} is not an AXTree node: {line!r}")
            continue
        depth = len(m.group(1))
        if depth < 1 or depth > prev_depth + 1 and n > 2:
            err(f"{where}: line {n} jumps indentation")
        prev_depth = depth
        role, bid = m.group(3), m.group(2)
        if role != "StaticText" and not bid:
            err(f"{where}: line {n}: node without bid")
        if bid:
            if bid in bids:
                err(f"{where}: duplicate bid {bid}")
            bids[bid] = f"{role} {m.group(4)}"
    return bids


def check_action(where, action, prev_bids):
    for f in ("command", "reasoning", "target", "effect"):
        if f not in action:
            err(f"{where}: action missing {f!r}")
    if action.get("effect") not in EFFECTS:
        err(f"{where}: effect {action.get('effect')!r} not in {sorted(EFFECTS)}")
    cmd = action.get("command", "")
    m = CMD_RE.match(cmd)
    if not m:
        err(f"{where}: command {cmd!r} is not a BrowserGym action")
        return None
    verb = m.group(1)
    bm = re.match(r"^'(a\d+)'", m.group(2))
    if verb in ("click", "fill", "select_option", "press"):
        if not bm:
            err(f"{where}: {verb} without a bid")
        elif bm.group(1) not in prev_bids:
            err(f"{where}: bid {bm.group(1)} not on the previous page")
        elif action.get("target") != prev_bids[bm.group(1)]:
            err(f"{where}: target {action.get('target')!r} != node {prev_bids[bm.group(1)]!r}")
    elif action.get("target") is not None:
        err(f"{where}: {verb} should have a null target")
    return verb


# ---------------------------------------------------------------------------
# Corpus checks
# ---------------------------------------------------------------------------


def main():
    if not os.path.exists(CORPUS):
        print("corpus.jsonl missing: run make_corpus.py first")
        return 1
    runs = []
    with open(CORPUS, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                err(f"corpus line {n}: blank line")
                continue
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"corpus line {n}: {e}")

    plans = {}
    plan_ids = {}
    plans_dir = os.path.join(HERE, "plans")
    for fname in sorted(os.listdir(plans_dir)):
        path = os.path.join(plans_dir, fname)
        try:
            plans[fname] = load_plan(path)
        except (YamlError, ValueError) as e:
            err(f"plans/{fname}: {e}")
            continue
        plan_ids[fname] = check_plan(f"plans/{fname}", plans[fname])
        # round trip through JSON must be lossless
        if json.loads(json.dumps(plans[fname])) != plans[fname]:
            err(f"plans/{fname}: not JSON round-trippable")

    seen = set()
    workflows = {}
    faults = []
    for k, r in enumerate(runs):
        rid = r.get("id", f"<run {k}>")
        for f in ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome"):
            if f not in r:
                err(f"{rid}: missing {f!r}")
        if rid in seen:
            err(f"{rid}: duplicate id")
        seen.add(rid)
        wf = r.get("workflow")
        workflows.setdefault(wf, []).append(r)
        label = r.get("label") or {}
        fault, fstep = label.get("fault", "MISSING"), label.get("first_off_track_step", "MISSING")
        steps = r.get("steps") or []
        if fault is None:
            if fstep is not None:
                err(f"{rid}: healthy run must have first_off_track_step null")
            if not rid.startswith(f"{wf}-healthy-"):
                err(f"{rid}: healthy id should be {wf}-healthy-NN")
            if r.get("outcome", {}).get("success") is not True:
                err(f"{rid}: healthy run must succeed")
        else:
            faults.append(fault)
            if not isinstance(fault, str) or fault not in EXPECTED_FAULTS:
                err(f"{rid}: unknown fault {fault!r}")
            if not isinstance(fstep, int) or isinstance(fstep, bool) or not 0 <= fstep < len(steps):
                err(f"{rid}: first_off_track_step {fstep!r} out of range 0..{len(steps) - 1}")
            if not rid.startswith(f"{wf}-{fault}-"):
                err(f"{rid}: faulty id should be {wf}-{fault}-NN")
            if r.get("outcome", {}).get("success") is not False:
                err(f"{rid}: faulty run must not succeed")

        # plan
        plan_ref = r.get("plan")
        if isinstance(plan_ref, str):
            ppath = os.path.normpath(os.path.join(HERE, plan_ref))
            if not os.path.exists(ppath):
                err(f"{rid}: plan {plan_ref} does not exist")
                pids, plan = set(), None
            else:
                if plan_ref != f"plans/{wf}.yaml":
                    err(f"{rid}: plan should be plans/{wf}.yaml")
                plan = plans.get(os.path.basename(ppath))
                pids = plan_ids.get(os.path.basename(ppath), set())
        elif isinstance(plan_ref, dict):
            plan, pids = plan_ref, check_plan(f"{rid}.plan", plan_ref)
        else:
            err(f"{rid}: plan must be a path or an object")
            plan, pids = None, set()
        if plan and plan.get("task") != r.get("task"):
            err(f"{rid}: task differs from its plan's task")

        # observations and actions
        bids = check_obs(f"{rid}.initial_observation", r.get("initial_observation"))
        if not steps:
            err(f"{rid}: no steps")
        last_verb = None
        for i, s in enumerate(steps):
            w = f"{rid}.steps[{i}]"
            if "action" not in s or "observation" not in s:
                err(f"{w}: needs action and observation")
                continue
            if "commitment" in s and s["commitment"] not in pids:
                err(f"{w}: commitment {s['commitment']!r} not in plan")
            last_verb = check_action(w, s["action"], bids)
            bids = check_obs(w, s["observation"])
            if last_verb == "send_msg_to_user" and i != len(steps) - 1:
                err(f"{w}: report to the user must be the last step")
        if last_verb != "send_msg_to_user":
            err(f"{rid}: last step should report to the user")

    # corpus-level design rules
    if len(runs) != EXPECTED_RUNS:
        err(f"expected {EXPECTED_RUNS} runs, found {len(runs)}")
    n_healthy = sum(1 for r in runs if (r.get("label") or {}).get("fault") is None)
    if n_healthy != EXPECTED_HEALTHY:
        err(f"expected {EXPECTED_HEALTHY} healthy runs, found {n_healthy}")
    if set(faults) != EXPECTED_FAULTS or len(faults) != len(EXPECTED_FAULTS):
        err(f"fault kinds should be one each of {sorted(EXPECTED_FAULTS)}, found {sorted(faults)}")
    if len(workflows) != 2:
        err(f"expected 2 workflows, found {sorted(map(str, workflows))}")
    for wf, rs in workflows.items():
        if f"{wf}.yaml" not in plans:
            err(f"workflow {wf}: plans/{wf}.yaml missing")
        if not any((x.get("label") or {}).get("fault") is None for x in rs):
            err(f"workflow {wf}: no healthy run")
    extra = set(plans) - {f"{wf}.yaml" for wf in workflows}
    if extra:
        err(f"plans without a workflow: {sorted(extra)}")

    # README label table agrees with the corpus
    readme = os.path.join(HERE, "README.md")
    if not os.path.exists(readme):
        err("README.md missing")
    else:
        table = {}
        for line in open(readme, encoding="utf-8"):
            m = re.match(r"^\|\s*`([^`]+)`\s*\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|", line)
            if m:
                table[m.group(1)] = (m.group(2), m.group(3))
        for r in runs:
            lab = r["label"]
            want = ("healthy" if lab["fault"] is None else lab["fault"],
                    "-" if lab["first_off_track_step"] is None else str(lab["first_off_track_step"]))
            got = table.get(r["id"])
            if got is None:
                err(f"README: no row for {r['id']}")
            elif (got[0].strip("`"), got[1]) != want:
                err(f"README: row for {r['id']} says {got}, corpus says {want}")
        if set(table) - {r["id"] for r in runs}:
            err(f"README: rows for unknown runs {sorted(set(table) - {r['id'] for r in runs})}")

    # the generator is deterministic and the files on disk are its output
    sys.path.insert(0, HERE)
    try:
        gen = importlib.import_module("make_corpus")
        fresh = gen.build()
        if [json.dumps(x, ensure_ascii=False) for x in fresh] != [json.dumps(x, ensure_ascii=False) for x in runs]:
            err("corpus.jsonl differs from a fresh make_corpus.build(); regenerate it")
        for wf, text in gen.PLANS.items():
            with open(os.path.join(plans_dir, f"{wf}.yaml"), encoding="utf-8") as fh:
                if fh.read() != text:
                    err(f"plans/{wf}.yaml differs from make_corpus.PLANS")
    finally:
        sys.path.pop(0)

    if errors:
        for e in errors:
            print("FAIL:", e)
        print(f"{len(errors)} problem(s)")
        return 1
    print(f"ok: {len(runs)} runs ({n_healthy} healthy, {len(runs) - n_healthy} faulty) over "
          f"{len(workflows)} workflows; plans {', '.join(sorted(plans))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
