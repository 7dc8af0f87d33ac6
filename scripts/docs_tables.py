"""Write the results tables of the README and the docs site from ``data/results/``, never by hand.

A page holds prose, and between two markers a generated block::

    <!-- generated: detection-headline -->
    ... whatever this script wrote last time ...
    <!-- /generated -->

Each block name is a function below that reads result files and returns Markdown. Run

    python scripts/docs_tables.py            # rewrite every block in README.md and docs/**/*.md
    python scripts/docs_tables.py --check    # exit 1, naming each stale page, if a rewrite would change one

``tests/test_docs.py`` runs ``--check``, so a result file that changes without the pages being
regenerated fails the test command. Why a script and not a mkdocs hook: the README is read on
GitHub and PyPI, where no hook runs, and a committed page can be reviewed in a diff.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import re
import statistics
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

import yaml

from fcpkit.eval.metrics import wilson

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "data" / "results"
PAGES = ("README.md", "docs")
MARK = re.compile(r"(<!-- generated: ([a-z0-9-]+) -->\n)(.*?)(<!-- /generated -->)", re.S)


class TablesError(Exception):
    """A result file or a marker is wrong; the message names it and the fix."""


@dataclass(frozen=True)
class Block:
    name: str
    sources: tuple[str, ...]  # result files, relative to data/results/
    render: Callable[[], str]


BLOCKS: dict[str, Block] = {}


def block(name: str, *sources: str) -> Callable[[Callable[[], str]], Callable[[], str]]:
    def add(fn: Callable[[], str]) -> Callable[[], str]:
        BLOCKS[name] = Block(name, sources, fn)
        return fn
    return add


# -- reading ------------------------------------------------------------------------------------

def _path(rel: str) -> Path:
    p = RESULTS / rel
    if not p.is_file():
        raise TablesError(f"data/results/{rel}: missing; fix: regenerate it with the benchmark that writes it, "
                          "or drop the block that reads it")
    return p


def rows(rel: str) -> list[dict[str, str]]:
    with _path(rel).open(newline="") as f:
        return list(csv.DictReader(f))


def jsonl(rel: str) -> list[dict]:
    out = []
    for i, line in enumerate(_path(rel).read_text().splitlines(), 1):
        if line.strip():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as e:
                raise TablesError(f"data/results/{rel}:{i}: not JSON ({e.msg}); fix: repair or regenerate the file")
    return out


def one(table: Iterable[dict[str, str]], rel: str, **where: str) -> dict[str, str]:
    hit = [r for r in table if all(r.get(k) == v for k, v in where.items())]
    if len(hit) != 1:
        raise TablesError(f"data/results/{rel}: {len(hit)} rows where {where} (expected 1); "
                          "fix: regenerate the file or update the block in scripts/docs_tables.py")
    return hit[0]


# -- formatting ---------------------------------------------------------------------------------

def md(header: Sequence[str], body: Iterable[Sequence[object]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in body]
    return "\n".join(lines) + "\n"


def pct(x: str | float | None, digits: int = 1) -> str:
    return "" if x in (None, "") else f"{100 * float(x):.{digits}f}%"


def frac(k: str | int, n: str | int) -> str:
    return f"{int(float(k))}/{int(float(n))}"


def num(x: str | float | None, digits: int = 1) -> str:
    return "-" if x in (None, "", "-") else f"{float(x):,.{digits}f}"


CORPUS = {"examples/corpus": "example (hand-written)", "workbench/corpus": "workbench (recorded, real Chromium)",
          "miniwob/corpus": "MiniWoB++ (recorded)", "all": "all three", "heldout/workbench": "held-out workbench",
          "heldout/miniwob": "held-out MiniWoB++", "workbench": "workbench"}


# -- detection ----------------------------------------------------------------------------------

ARMS = "detection_arms.csv"
HELD = "heldout/detection_arms.csv"


ARM_ORDER = ("outcome", "confirming-only", "step-falsifiers", "+plan-falsifiers", "+rules", "+built-in")


def _full(table: list[dict[str, str]], rel: str, corpus: str, bound: str = "lower", matcher: str = "lexical",
          arm: str | None = None) -> dict[str, str]:
    """The row of ``arm``; by default of the fullest arm the file has (an older file may predate the
    last arm: its label then says which arm it is, see :func:`_label`)."""
    if arm is None:
        have = {r["arm"] for r in table if r["corpus"] == corpus}
        arm = next((a for a in reversed(ARM_ORDER) if a in have), "+built-in")
    return one(table, rel, corpus=corpus, arm=arm, matcher=matcher, bound=bound)


def _label(label: str, r: dict[str, str]) -> str:
    return label if r["arm"] == "+built-in" else f"{label}; arm `{r['arm']}`, recorded before the built-in falsifiers"


@block("detection-headline", ARMS, HELD, "verifier_quoted/verifier_detection.csv")
def detection_headline() -> str:
    a, h = rows(ARMS), rows(HELD)
    body = []
    for rel, table, corpus, label in [(ARMS, a, "examples/corpus", "example (hand-written)"),
                                      (ARMS, a, "workbench/corpus", "workbench (recorded in real Chromium)"),
                                      (ARMS, a, "miniwob/corpus", "MiniWoB++ (recorded)"),
                                      (HELD, h, "workbench/corpus", "held-out workbench (other seeds)"),
                                      (HELD, h, "miniwob/corpus", "held-out MiniWoB++ (other task seeds)")]:
        r = _full(table, rel, corpus)
        body.append([_label(label, r), f"**{frac(r['on_time'], r['faulty'])}**", r["premature"],
                     frac(r["false_alarms"], r["healthy"]), pct(r["escalation_share"])])
    ext = one(rows("verifier_quoted/verifier_detection.csv"), "verifier_quoted/verifier_detection.csv",
              corpus="external-hr-leave", verifier="lower")
    det, faulty = ext["detected"].split("/")
    body.append(["external HR leave (another author's site and plans)",
                 f"**{int(det) - int(ext['early'])}/{faulty}**", ext["early"], ext["false_alarms"], ""])
    return md(["corpus", "faulty runs caught on time", "flagged early", "healthy runs flagged",
               "checks needing a model"], body)


@block("detection-bounds", ARMS, HELD, "detection_lowo.csv")
def detection_bounds() -> str:
    a, h = rows(ARMS), rows(HELD)
    body = []
    for corpus in ("workbench/corpus", "miniwob/corpus", "examples/corpus"):
        for bound in ("lower", "upper"):
            r = _full(a, ARMS, corpus, bound)
            body.append([CORPUS[corpus], bound, f"{frac(r['detected'], r['faulty'])} ({r['premature']})",
                         frac(r["false_alarms"], r["healthy"]), pct(r["escalation_share"]),
                         num(r["check_ms_median"], 3)])
    lowo = one(rows("detection_lowo.csv"), "detection_lowo.csv", held_out="(pooled)", arm="+built-in",
               matcher="lexical", bound="lower")
    body.append(["all three, leave one workflow out (thresholds chosen without it)", "lower",
                 f"{frac(lowo['detected'], lowo['faulty'])} ({pct(lowo['detection_rate'], 0)})",
                 frac(lowo["false_alarms"], lowo["healthy"]), "", ""])
    for corpus in ("workbench/corpus", "miniwob/corpus"):
        r = _full(h, HELD, corpus)
        body.append([_label(f"held-out {CORPUS[corpus].split(' (')[0]}", r), "lower",
                     f"{frac(r['detected'], r['faulty'])} ({r['premature']})", frac(r["false_alarms"], r["healthy"]),
                     pct(r["escalation_share"]), num(r["check_ms_median"], 3)])
    return md(["corpus", "bound", "faulty runs detected (early)", "false alarms (healthy)", "checks needing a model",
               "median ms / check"], body)


@block("detection-ablations", ARMS)
def detection_ablations() -> str:
    a = rows(ARMS)
    body = []
    for arm in ("outcome", "confirming-only", "step-falsifiers", "+plan-falsifiers", "+rules", "+built-in"):
        r = _full(a, ARMS, "all", arm=arm)
        body.append([f"`{arm}`", frac(r["detected"], r["faulty"]), r["premature"], frac(r["false_alarms"], r["healthy"]),
                     pct(r["before_write_share"], 0), pct(r["steps_saved_share"], 0), pct(r["escalation_share"])])
    return md(["arm (all three corpora, lexical, lower bound)", "faulty runs detected", "early", "false alarms",
               "caught before the first write", "steps saved", "checks needing a model"], body)


@block("detection-embedding", ARMS)
def detection_embedding() -> str:
    a = rows(ARMS)
    body = []
    for matcher in ("lexical", "embedding"):
        for bound in ("lower", "upper"):
            r = _full(a, ARMS, "all", bound, matcher)
            body.append([matcher, bound, frac(r["detected"], r["faulty"]), r["premature"],
                         frac(r["false_alarms"], r["healthy"]), pct(r["escalation_share"]), pct(r["slow_route_share"])])
    return md(["matcher", "bound", "faulty runs detected", "early", "false alarms (healthy)", "checks needing a model",
               "routed to the verifier (paper's count)"], body)


@block("detection-per-fault", "detection_per_fault.csv")
def detection_per_fault() -> str:
    t = rows("detection_per_fault.csv")
    body = []
    for r in t:
        if r["arm"] == "+built-in" and r["matcher"] == "lexical" and r["bound"] == "lower" and r["corpus"] != "all" \
                and int(r["faulty"] or 0):
            body.append([CORPUS[r["corpus"]].split(" (")[0], f"`{r['fault']}`", frac(r["detected"], r["faulty"]),
                         r["on_time"], r["premature"], pct(r["before_write_share"], 0)])
    return md(["corpus", "fault", "detected", "on time", "early", "before the first write"], body)


@block("builtin-telemetry", "detection_telemetry.csv")
def builtin_telemetry() -> str:
    t = [r for r in rows("detection_telemetry.csv") if r["level"] == "built-in" and r["matcher"] == "lexical"
         and r["bound"] == "lower"]
    agg: dict[tuple[str, str], Counter] = defaultdict(Counter)
    for r in t:
        c = agg[(r["corpus"], r["text"])]
        for k in ("tested_checks", "fired_checks", "fires_faulty_runs", "fires_healthy_runs", "fires_faulty_before_fault",
                  "detections"):
            c[k] += int(float(r[k] or 0))
    body = [[CORPUS[corpus].split(" (")[0], f"`{name}`", c["fired_checks"], c["fires_faulty_runs"], c["fires_healthy_runs"],
             c["fires_faulty_before_fault"], c["detections"]]
            for (corpus, name), c in sorted(agg.items()) if c["fired_checks"]]
    silent = sorted({name for (_, name), c in agg.items()} - {row[1].strip("`") for row in body})
    note = f"\nNever fired on these corpora: {', '.join(f'`{s}`' for s in silent)}.\n" if silent else ""
    return md(["corpus", "built-in", "checks fired", "faulty runs fired in", "healthy runs fired in",
               "faulty runs fired before the fault", "first detections"], body) + note


@block("detection-lowo", "detection_lowo.csv")
def detection_lowo() -> str:
    t = [r for r in rows("detection_lowo.csv") if r["arm"] == "+built-in" and r["matcher"] == "lexical"
         and r["bound"] == "lower"]
    body = [[r["held_out"], f"{num(r['tau_shift'], 2)} / {num(r['delta_scale'], 2)}", r["chosen_is_paper"],
             frac(r["detected"], r["faulty"]), frac(r["false_alarms"], r["healthy"]), r["premature"],
             pct(r["paper_detection_rate"], 0)] for r in t]
    return md(["held-out workflow", "chosen τ shift / δ scale", "chose the paper's", "detected", "false alarms", "early",
               "detection at the paper's constants"], body)


# -- verifier -----------------------------------------------------------------------------------

def _summary(rel: str, prompt_col: bool = True) -> str:
    body = [[f"`{r['verifier']}`", r["prompt"], r["hint"], "on" if r["prefix_cache"] == "True" else "off", r["cases"],
             r["off_track"], r["healthy"], r["escalated_off_track"], r["escalated_healthy"], r["scope"], r["json_valid"],
             r["prompt_tokens_median"], num(r["s_per_call_median"]), num(r["s_per_call_max"])] for r in rows(rel)]
    return md(["verifier", "prompt", "hint", "prefix cache", "cases", "off-track: repaired", "healthy: not repaired",
               "escalated off-track", "escalated healthy", "scope right", "JSON valid", "prompt tokens (median)",
               "s / call (median)", "s / call (max)"], body)


def _detection(rel: str) -> str:
    body = [[r["corpus"], f"`{r['verifier']}`", r["hint"], r["detected"], r["early"], r["false_alarms"], r["model_checks"],
             r["llm_calls"], num(r["wall_s"])] for r in rows(rel)]
    return md(["corpus", "verifier", "hint", "faulty runs detected", "early", "false alarms (healthy)",
               "checks needing a model", "model calls", "wall s"], body)


@block("verifier-summary", "verifier_summary.csv")
def verifier_summary() -> str:
    return _summary("verifier_summary.csv")


@block("verifier-detection", "verifier_detection.csv")
def verifier_detection() -> str:
    return _detection("verifier_detection.csv")


@block("verifier-idle-summary", "verifier_idle/verifier_summary.csv")
def verifier_idle_summary() -> str:
    return _summary("verifier_idle/verifier_summary.csv")


@block("verifier-idle-detection", "verifier_idle/verifier_detection.csv")
def verifier_idle_detection() -> str:
    return _detection("verifier_idle/verifier_detection.csv")


@block("verifier-quoted-summary", "verifier_quoted/verifier_summary.csv")
def verifier_quoted_summary() -> str:
    return _summary("verifier_quoted/verifier_summary.csv")


@block("verifier-quoted-detection", "verifier_quoted/verifier_detection.csv")
def verifier_quoted_detection() -> str:
    return _detection("verifier_quoted/verifier_detection.csv")


@block("verifier-prefix-cache", "verifier_prefix_cache.csv", "verifier_quoted/verifier_prefix_cache.csv")
def verifier_prefix_cache() -> str:
    body = [[f"`{r['verifier']}`", r["prompt"], "on" if r["prefix_cache"] == "True" else "off", r["calls_logged"],
             f"{int(r['prompt_tokens_reused']):,}", f"{int(r['prompt_tokens_evaluated']):,}", f"{float(r['reuse_pct']):.1f}%"]
            for rel in ("verifier_prefix_cache.csv", "verifier_quoted/verifier_prefix_cache.csv") for r in rows(rel)]
    return md(["verifier", "prompt", "prefix cache", "calls logged", "prompt tokens reused", "prompt tokens evaluated",
               "reused"], body)


@block("verifier-result-cache", "verifier_result_cache.csv")
def verifier_result_cache() -> str:
    body = [[r["pass"], r["checks"], r["verifier_calls"], r["cache_hits"], r["same_decision_as_pass_1"],
             num(r["s_per_check_median"], 4), num(r["total_s"])] for r in rows("verifier_result_cache.csv")]
    return md(["pass", "checks", "model calls", "answered by the cache", "same decision as pass 1",
               "s / check (median)", "total s"], body)


@block("check-memory", "check_memory.csv")
def check_memory() -> str:
    body = [[f"{int(r['runs']):,}", r["mode"], num(r["peak_rss_mb"]), num(r["wall_s"]), r["note"]]
            for r in rows("check_memory.csv")]
    return md(["runs", "output", "peak MB", "wall s", "note"], body)


# -- study --------------------------------------------------------------------------------------

STUDY = "study/workbench.jsonl"
STUDY_ARMS = ("full", "no_falsifiable_plan", "no_testing", "no_repair", "no_falsifying", "no_confirming",
              "no_action_test", "no_state_test", "no_local_repair", "no_replan", "slow_only")


def _study_module():
    from fcpkit_lab.eval import study  # the study's metrics have one home: the lab's study module
    return study


def _study():
    return _study_module(), jsonl(STUDY)


@block("study-arms", STUDY)
def study_arms() -> str:
    study, r = _study()
    present = [a for a in STUDY_ARMS if any(x["arm"] == a for x in r)] + \
        sorted({x["arm"] for x in r} - set(STUDY_ARMS))
    diffs = {d["arm"]: d for d in study.paired_differences(r)}
    body = []
    for t in study.arm_table(r, present):
        d = diffs.get(t["arm"])
        delta = "" if d is None else f"{d['difference']:+.1f} [{d['ci_low']:.0f}, {d['ci_high']:.0f}]"
        body.append([f"`{t['arm']}`", t["n"], num(t["success"]), f"[{t['ci_low']:.0f}, {t['ci_high']:.0f}]",
                     f"**{delta}**" if d and d["outside_ci"] else delta, f"{t['slow_calls_per_task']:.2f}",
                     f"{t['wall_s_per_task']:.1f}", f"{t['repairs_per_task']:.2f}"])
    return md(["arm", "n", "success %", "95% CI", "Δ vs full (95% Newcombe)", "slow calls / task", "wall s / task",
               "repairs / task"], body)


@block("study-runtime", STUDY)
def study_runtime() -> str:
    study, r = _study()
    t = study.runtime_table(r)
    fam = study.repair_families(r)
    body = [["commitments per task", num(t["fcus_per_task"], 2)],
            ["state checks sent to the slow verifier", f"{num(t['state_slow_call'])}%"],
            ["action checks sent to the slow verifier", f"{num(t['action_slow_call'])}%"],
            ["repairs per task", num(t["repairs_per_task"], 2)],
            ["success once repaired", f"{num(t['repair_success'])}% of {t['repaired_tasks']} tasks"]]
    body += [[f"repair family: {k}", f"{v:.1f}%"] for k, v in fam.items() if v]
    return md(["full arm (Table 9, Figure 11)", "value"], body)


@block("study-length", STUDY)
def study_length() -> str:
    study, r = _study()
    body = [[f"`{t['arm']}`", t["bucket"], t["n"], num(t["success"]), f"[{t['ci_low']:.0f}, {t['ci_high']:.0f}]"]
            for t in study.length_table(r)]
    return md(["arm", "steps (untested arm's)", "n", "success %", "95% CI"], body)


MODEL_STUDY = "study/workbench_model_smollm2.jsonl"
MODEL_RUNS = "study/workbench_model_smollm2_runs.jsonl"
MODEL_BASELINE = "study/workbench_model_smollm2_baseline.jsonl"
MODEL_BASELINE_RUNS = "study/workbench_model_smollm2_baseline_runs.jsonl"
MODEL_ARMS = ("full", "slow_only")
ARM_NAMES = {"full": "hybrid (`full`)", "slow_only": "slow-only (`slow_only`)"}


def _model_study():
    """The model study's rows, refused when a model second is not inside its module's (a table of
    misattributed seconds would be worse than none)."""
    study, r = _study_module(), jsonl(MODEL_STUDY)
    problems = study.attribution_problems(r)
    if problems:
        raise TablesError(f"data/results/{MODEL_STUDY}: model seconds not attributed: {problems[0]}; fix: rerun "
                          "the study with this code")
    return study, r


def _runs(rel: str) -> str:
    return "; then ".join(f"`{x['command']}` ({x['wall_s']:.0f} s, {x['episodes']} episodes, load {x['load_1m']} on "
                          f"{x['cores']} cores at its end)" for x in jsonl(rel))


def _model_header(study, r: list[dict]) -> str:
    card = next(x["model"] for x in r if x.get("model"))
    loads = [x["load_1m"] for x in r if x.get("load_1m") is not None]
    return (f"Model: **{card['name']}**, {card['parameters']} parameters, {card['quantization']}, "
            f"{card['gguf_mb']} MB GGUF, llama.cpp on {card['threads']} threads of a {card['cores']}-core CPU shared "
            f"with other work (load {min(loads):.1f}–{max(loads):.1f} over the episodes); the paper's: "
            f"{study.PAPER_BACKBONE}. {len({x['task'] for x in r})} tasks, {len(r)} episodes: {_runs(MODEL_RUNS)}. "
            f"The same tasks without a model: {_runs(MODEL_BASELINE_RUNS)}.\n\n")


@block("study-model", MODEL_STUDY, MODEL_RUNS, MODEL_BASELINE, MODEL_BASELINE_RUNS)
def study_model() -> str:
    """Table 5 measured: hybrid against slow-only testing with the embedded model as the slow verifier
    and the repairer, the same tasks without a model under it, the paper's values beside."""
    study, r = _model_study()
    paper = yaml.safe_load((ROOT / "data" / "paper" / "results.yaml").read_text())["table5"]["rows"]

    def lines(rows: list[dict], slow_path: str, with_paper: bool) -> tuple[list[list], dict, dict]:
        arms = {t["arm"]: t for t in study.arm_table(rows, MODEL_ARMS)}
        mods = {(t["arm"], t["module"]): t for t in study.module_table(rows, MODEL_ARMS)}
        body = []
        for arm in MODEL_ARMS:
            t, slow, tot = arms[arm], mods[(arm, "slow tester")], mods[(arm, "total")]
            per_call = slow["model_s_per_task"] / slow["model_calls_per_task"] if slow["model_calls_per_task"] else None
            body.append([ARM_NAMES[arm], slow_path, t["n"], num(t["success"]), f"[{t['ci_low']:.0f}, {t['ci_high']:.0f}]",
                         num(t["slow_calls_per_task"], 2), num(slow["model_s_per_task"]), num(per_call),
                         f"{num(tot['model_calls_per_task'], 2)} ({tot['model_failed']} failed)" if tot["model_calls"] else "0",
                         num(tot["model_s_per_task"]), num(t["wall_s_per_task"]),
                         f"{paper[arm][0]} / {paper[arm][1]} s" if with_paper else "",
                         f"{paper[arm][2]} / {paper[arm][3]} s" if with_paper else ""])
        return body, arms, mods

    body, arms, mods = lines(r, "SmolLM2-135M (verifier and repairer)", True)

    def ratio(a: float, b: float) -> str:
        return f"×{a / b:.2f}" if b else ""

    s, f = mods[("slow_only", "slow tester")], mods[("full", "slow tester")]
    so, fu = mods[("slow_only", "total")], mods[("full", "total")]
    body.append(["slow-only ÷ hybrid", "", "", "", "", ratio(arms["slow_only"]["slow_calls_per_task"], arms["full"]["slow_calls_per_task"]),
                 ratio(s["model_s_per_task"], f["model_s_per_task"]),
                 ratio(s["model_s_per_task"] / s["model_calls_per_task"], f["model_s_per_task"] / f["model_calls_per_task"]),
                 ratio(so["model_calls_per_task"], fu["model_calls_per_task"]), ratio(so["model_s_per_task"], fu["model_s_per_task"]),
                 ratio(arms["slow_only"]["wall_s_per_task"], arms["full"]["wall_s_per_task"]),
                 f"×{paper['slow_only'][1] / paper['full'][1]:.2f} (LLM s)", f"×{paper['slow_only'][3] / paper['full'][3]:.2f} (LLM s)"])
    body += lines(jsonl(MODEL_BASELINE), "none (`lower`; rule-based repair)", False)[0]
    return _model_header(study, r) + md(["arm", "model", "n", "success %", "95% CI", "slow-tester calls / task",
                                         "slow-tester model s / task", "s / slow call", "all model calls / task",
                                         "all model s / task", "wall s / task", "paper Shopping: success % / LLM s",
                                         "paper Admin: success % / LLM s"], body)


@block("study-model-modules", MODEL_STUDY)
def study_model_modules() -> str:
    """Figure 10 measured: seconds per task by module, the model's part of each, beside the paper's shares."""
    study, r = _model_study()
    shares = yaml.safe_load((ROOT / "data" / "paper" / "results.yaml").read_text())["figure10"]["shares"]
    t = {(x["arm"], x["module"]): x for x in study.module_table(r, MODEL_ARMS)}
    own = {arm: study.module_shares(r, arm, browser=False) for arm in MODEL_ARMS}
    body = []
    for name in [m for m, _, _ in study.MODULES] + ["other", "total"]:
        row = [name]
        for arm in MODEL_ARMS:
            x = t[(arm, name)]
            model = (f"{num(x['model_s_per_task'])} ({num(x['model_calls_per_task'], 2)} calls; "
                     f"{x['model_failed']} of {x['model_calls']} failed)") if x["model_calls"] else ""
            row += [num(x["s_per_task"], 2), model, f"{own[arm][name]:.1f}%" if name in own[arm] else ""]
        row.append(f"{shares[name]}%" if name in shares else "")
        body.append(row)
    return md(["module", "hybrid s / task", "of which model s (calls / task; failed)", "hybrid share",
               "slow-only s / task", "of which model s (calls / task; failed)", "slow-only share",
               "paper share (Figure 10)"], body)


# -- experience ---------------------------------------------------------------------------------

@block("experience-scaling", "experience_scaling.csv", "experience_scaling_meta.json")
def experience_scaling() -> str:
    meta = json.loads(_path("experience_scaling_meta.json").read_text())
    body = [["yes" if r["failure_library"] == "True" else "no", pct(r["fraction"], 0),
             f"{float(r['handled']):.2f}" + (f" ± {float(r['handled_sd']):.2f}" if r["handled_sd"] else ""),
             f"{float(r['healthy_completed']):.2f}", f"{float(r['faulty_handled']):.2f}", num(r["skills"]),
             num(r["failure_cases"]), r["repetitions"]] for r in rows("experience_scaling.csv")]
    return (f"Trained on {meta['training_runs']} recorded workbench runs, checked on the "
            f"{meta['held_back_runs']} runs of held-back variant {meta['held_back_variant']} "
            f"(`{meta['command']}`, {meta['wall_s']} s).\n\n"
            + md(["failure library", "share of training runs", "runs handled", "healthy completed", "faults handled",
                  "skills", "failure cases", "samples"], body))


@block("experience-live", "experience_scaling_live.csv", "experience_scaling_live_meta.json")
def experience_live() -> str:
    meta = json.loads(_path("experience_scaling_live_meta.json").read_text())
    body = [["yes" if r["failure_library"] == "True" else "no", pct(r["fraction"], 0), f"{float(r['handled']):.2f}",
             f"{float(r['healthy_completed']):.2f}", f"{float(r['faulty_handled']):.2f}", num(r["skills"], 0),
             num(r["failure_cases"], 0)] for r in rows("experience_scaling_live.csv")]
    faults = meta.get("faults", [])
    faults = ", ".join(f"`{f}`" for f in faults) if isinstance(faults, list) else f"`{faults}`"
    return (f"Live in Chromium: {meta['held_back_runs']} held-back tasks of variant {meta['held_back_variant']}, "
            f"faults {faults}, {meta['wall_s']} s (`{meta['command']} --live`).\n\n"
            + md(["failure library", "share of training runs", "runs handled", "healthy completed", "faults handled",
                  "skills", "failure cases"], body))


@block("retrieval-webarena", "retrieval_webarena.csv", "retrieval_webarena_meta.json")
def retrieval_webarena() -> str:
    meta = json.loads(_path("retrieval_webarena_meta.json").read_text())
    t = [r for r in rows("retrieval_webarena.csv") if r["site"] == "all"]
    best = max((r for r in t if r["arm"] == "hybrid"), key=lambda r: float(r["recall_at_1"]))
    pick = [("embedding only (MiniLM)", one(t, "retrieval_webarena.csv", arm="embedding only")),
            ("hybrid, the paper's 0.4 BM25 + 0.6 embedding", one(t, "retrieval_webarena.csv", arm="hybrid (paper 0.4/0.6)")),
            (f"hybrid, λ = {float(best['lambda']):.1f} (best recall@1)", best),
            ("BM25 only", one(t, "retrieval_webarena.csv", arm="BM25 only"))]
    body = [[name, f"{float(r['recall_at_1']):.3f}", f"{float(r['recall_at_3']):.3f}", f"{float(r['mrr']):.3f}"]
            for name, r in pick]
    sites = [r for r in rows("retrieval_webarena.csv") if r["arm"] == "hybrid (paper 0.4/0.6)" and r["site"] != "all"]
    per_site = ", ".join(f"{r['site']} {float(r['recall_at_1']):.3f} (n = {int(float(r['n']))})"
                         for r in sorted(sites, key=lambda r: -float(r["recall_at_1"])))
    return (f"{meta['skills']} skills, {meta['queries_per_seed']} queries per seed, seeds "
            f"{', '.join(map(str, meta['seeds']))} (mean over seeds; `{meta['command']}`).\n\n"
            + md(["arm", "recall@1", "recall@3", "MRR"], body)
            + f"\nRecall@1 per site at the paper's weights: {per_site}.\n")


# -- engine -------------------------------------------------------------------------------------

@block("engine-falsifiers", "engine_falsifiers.csv")
def engine_falsifiers() -> str:
    body = [[CORPUS.get(r["corpus"], r["corpus"]), r["plans"], r["bound"], frac(r["detected"], r["faulty"]),
             frac(r["false_alarms"], r["healthy"]), pct(r["before_write_share"], 0), pct(r["escalation_share"]),
             num(r["statements"], 0)] for r in rows("engine_falsifiers.csv")]
    return md(["corpus", "plans", "bound", "faulty runs detected", "false alarms (healthy)",
               "caught before the first write", "checks needing a model", "statements per plan"], body)


@block("engine-llm-plans", "engine_llm_plans_qwen05.jsonl")
def engine_llm_plans() -> str:
    r = jsonl("engine_llm_plans_qwen05.jsonl")
    kind = re.compile(r"\[([a-z_-]+)\]")  # lint's one-line warnings carry their kind in brackets
    warnings = Counter((kind.search(str(w)) or re.match("(.*)", "other")).group(1) for x in r for w in x.get("lint") or [])
    body = [["model", ", ".join(sorted({x["model"] for x in r}))],
            ["tasks planned", len(r)],
            ["plans parsed", sum(1 for x in r if x["ok"])],
            ["plans linted clean", sum(1 for x in r if x.get("lint_clean"))],
            ["lint warnings", ", ".join(f"{k}: {v}" for k, v in warnings.most_common()) or "none"],
            ["LLM calls", sum(x["llm_calls"] for x in r)],
            ["seconds per plan (median)", num(statistics.median(x["seconds"] for x in r), 0)],
            ["commitments per plan (median)", num(statistics.median(len(x["plan"].get("commitments", []))
                                                                  for x in r if x["ok"]), 0)]]
    return md(["LLM-written plans", "value"], body)


@block("planner-budget", "planner_budget_smollm2.jsonl")
def planner_budget() -> str:
    """``benchmarks/planner_budget.py``: the embedded model's planning call before and after its own budget."""
    r = jsonl("planner_budget_smollm2.jsonl")
    body = []
    for setting in dict.fromkeys(x["setting"] for x in r):
        xs = [x for x in r if x["setting"] == setting]
        body.append([setting, ", ".join(sorted({x["model"] for x in xs})), frac(sum(x["plan"] for x in xs), len(xs)),
                     sum(x["attempts"] for x in xs), num(statistics.median(x["completion_tokens"] for x in xs), 0),
                     num(statistics.median(x["seconds"] for x in xs), 0)])
    return md(["planning call", "model", "plans", "client attempts", "completion tokens (median)",
               "seconds (median)"], body)


@block("prompt-lab", "promptlab_scores.jsonl")
def prompt_lab() -> str:
    """``fcpkit prompts score``'s table: each prompt version's plans beside the hand-written and generated.

    The winning version (bold) has the most faulty runs caught on time, then the fewest healthy runs
    flagged, then the fewest early alarms."""
    r = jsonl("promptlab_scores.jsonl")
    versions = [x for x in r if x.get("prompt_hash")]
    best = min(versions, key=lambda x: (-x["on_time"], x["healthy_flagged"], x["early"]), default=None)

    def name(x: dict) -> str:
        label = x["source"] + (f" ({x['model']})" if x.get("model") else "")
        return f"**{label}** (winner)" if x is best else label

    body = [[name(x), frac(x["valid"], x["tasks"]), x["lint"], frac(x["on_time"], x["faulty"]), x["early"],
             frac(x["healthy_flagged"], x["healthy"]), pct(x["model_share"]),
             num(x["seconds"], 0) if x.get("seconds") is not None else ""] for x in r]
    return md(["plans from", "valid plans", "lint warnings", "faulty runs caught on time", "flagged early",
               "healthy runs flagged", "checks needing a model", "s / plan (median)"], body)


def _engine_vs(rel: str) -> str:
    body = [[r["arm"], r.get("model", ""), r["task"], "yes" if r["success"] == "True" else "no", r["llm_calls"],
             f"{int(r['tokens']):,}", num(r["seconds"]), r["reason"][:90]] for r in rows(rel)]
    return md(["arm", "model", "task", "success", "LLM calls", "tokens", "wall s", "what happened"], body)


@block("engine-vs-reactive", "engine_vs_reactive.csv")
def engine_vs_reactive() -> str:
    return _engine_vs("engine_vs_reactive.csv")


@block("engine-vs-reactive-qwen15", "engine_vs_reactive_qwen15_strict_json.csv")
def engine_vs_reactive_qwen15() -> str:
    return _engine_vs("engine_vs_reactive_qwen15_strict_json.csv")


SKETCH = "engine_sketch_form.csv"
SKETCH_EVICTED = "engine_sketch_form_evicted.csv"
SKETCH_REACTIVE = "engine_sketch_form_reactive.csv"
SKETCH_QWEN05 = "engine_sketch_form_qwen05.csv"


def _llm_rows(rel: str, form: str) -> list[dict[str, str]]:
    return [r for r in rows(rel) if r["arm"] == "llm" and r["sketch_form"] == form]


def _forms(rel: str) -> list[str]:
    return sorted({r["sketch_form"] for r in rows(rel) if r["arm"] == "llm"})


def _isum(rs: list[dict[str, str]], col: str) -> int:
    return sum(int(float(r[col])) for r in rs)


def _med(rs: list[dict[str, str]], col: str) -> str:
    return num(statistics.median(float(r[col]) for r in rs)) if rs else "-"


def _sketch_form_rows(rel: str) -> list[list[object]]:
    body = []
    for form in _forms(rel):
        rs = _llm_rows(rel, form)
        n = len(rs)
        body.append([f"engine, {form} sketch", rs[0]["model"], n, frac(_isum(rs, "answers_valid"), _isum(rs, "planner_calls")),
                     frac(_isum(rs, "parsed"), _isum(rs, "sketches")), frac(_isum(rs, "compiled"), n),
                     frac(sum(r["success"] == "True" for r in rs), n), num(_isum(rs, "llm_calls") / n, 2),
                     _med(rs, "plan_s"), _med(rs, "seconds")])
    return body


@block("engine-sketch-form", SKETCH, SKETCH_REACTIVE, SKETCH_QWEN05)
def engine_sketch_form() -> str:
    body = _sketch_form_rows(SKETCH) + _sketch_form_rows(SKETCH_QWEN05)
    rs = [r for r in rows(SKETCH_REACTIVE) if r["arm"] == "reactive"]
    if rs:
        n = len(rs)
        body.append(["reactive loop", rs[0]["model"], n, "-", "-", "-", frac(sum(r["success"] == "True" for r in rs), n),
                     num(_isum(rs, "llm_calls") / n, 2), "-", _med(rs, "seconds")])
    return md(["arm", "model", "tasks", "answers that met the schema", "sketches that parse", "tasks compiled",
               "tasks succeeded", "model calls per task", "planning s (median)", "wall s (median)"], body)


@block("engine-sketch-form-tasks", SKETCH, SKETCH_QWEN05)
def engine_sketch_form_tasks() -> str:
    body = [[r["model"], r["task"], r["sketch_form"], frac(r["parsed"], r["sketches"]),
             "yes" if r["compiled"] == "1" else "no", "yes" if r["success"] == "True" else "no", r["llm_calls"],
             num(r["plan_s"]), r["reason"][:80]]
            for rel in (SKETCH, SKETCH_QWEN05) for r in rows(rel) if r["arm"] == "llm"]
    return md(["model", "task", "form", "sketches that parse", "compiled", "succeeded", "model calls", "planning s",
               "what happened"], body)


@block("engine-prefix-cache", SKETCH, SKETCH_EVICTED)
def engine_prefix_cache() -> str:
    body = []
    for form in _forms(SKETCH):
        for label, rel in (("kept (consecutive tasks)", SKETCH), ("evicted before each task", SKETCH_EVICTED)):
            rs = _llm_rows(rel, form)
            if not rs:
                continue
            hit, ev = _isum(rs, "prompt_tokens_reused"), _isum(rs, "prompt_tokens_evaluated")
            body.append([form, label, _isum(rs, "planner_calls"), _isum(rs, "prefix_lines"), f"{hit:,}", f"{ev:,}",
                         pct(hit / (hit + ev)) if hit + ev else "-", num(sum(float(r["plan_s"]) for r in rs)),
                         _med(rs, "plan_s")])
    return md(["form", "prompt cache", "planning calls", "calls logged", "prompt tokens reused",
               "prompt tokens evaluated", "reuse", "planning s (all tasks)", "planning s (median task)"], body)


#: the committed runs of ``fcpkit bench agent`` (the small-model agent, guarded and not), one per model
AGENT_RUNS = ("agent_miniwob_smollm2.csv", "agent_miniwob_qwen05.csv")


def _agent_rows() -> list[dict[str, str]]:
    return [r for rel in AGENT_RUNS for r in rows(rel)]


def _wilson(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{frac(k, n)} ({lo:.2f}–{hi:.2f})"


@block("agent-guarded", *AGENT_RUNS)
def agent_guarded() -> str:
    body = []
    rs_all = _agent_rows()
    for key in dict.fromkeys((r["model"], r["arm"]) for r in rs_all):
        rs = [r for r in rs_all if (r["model"], r["arm"]) == key]
        n = len(rs)
        caught = [_isum([r], "caught_before") + _isum([r], "held") for r in rs]
        body.append([key[0], key[1], len({r["task"] for r in rs}), n, _wilson(sum(r["success"] == "True" for r in rs), n),
                     _isum(rs, "caught_before"), _isum(rs, "held"), sum(c > 0 for c in caught), _isum(rs, "repairs"),
                     num(_isum(rs, "steps") / n, 2), num(_isum(rs, "model_calls") / n, 2),
                     num(sum(float(r["model_s"]) for r in rs) / n), _isum(rs, "no_action")])
    return md(["model", "arm", "tasks", "episodes", "succeeded (Wilson 95%)", "caught before running", "held by the gate",
               "episodes with a catch", "repairs logged", "actions per episode", "model calls per episode",
               "model s per episode", "proposals with no valid action"], body)


@block("agent-guarded-tasks", *AGENT_RUNS)
def agent_guarded_tasks() -> str:
    body = []
    rs_all = _agent_rows()
    for model, task in dict.fromkeys((r["model"], r["task"]) for r in rs_all):
        cells: list[object] = [model, task]
        for arm in ("unguarded", "guarded"):
            rs = [r for r in rs_all if (r["model"], r["task"], r["arm"]) == (model, task, arm)]
            cells.append(frac(sum(r["success"] == "True" for r in rs), len(rs)))
        g = [r for r in rs_all if (r["model"], r["task"], r["arm"]) == (model, task, "guarded")]
        bare = {r["seed"]: r["success"] == "True" for r in rs_all
                if (r["model"], r["task"], r["arm"]) == (model, task, "unguarded")}
        rescued = [r["seed"] for r in g if r["success"] == "True" and bare.get(r["seed"]) is False]
        lost = [r["seed"] for r in g if r["success"] != "True" and bare.get(r["seed"]) is True]
        stops = Counter(r["stop"] for r in g if r["stop"])
        cells += [_isum(g, "caught_before"), _isum(g, "held"), ", ".join(rescued) or "-", ", ".join(lost) or "-",
                  ", ".join(f"{k} {v}" for k, v in sorted(stops.items()))]
        body.append(cells)
    return md(["model", "task", "unguarded succeeded", "guarded succeeded", "caught before running", "held by the gate",
               "seeds the guard rescued", "seeds lost under the guard", "how the guarded runs ended (stop: episodes)"],
              body)


AGENT_WORKBENCH = "study/workbench_agent_smollm2.jsonl"


@block("agent-workbench", AGENT_WORKBENCH)
def agent_workbench() -> str:
    rs_all = [r for r in jsonl(AGENT_WORKBENCH) if not r.get("error")]
    body = []
    for arm in dict.fromkeys(r["arm"] for r in rs_all):
        rs = [r for r in rs_all if r["arm"] == arm]
        n = len(rs)
        stops = Counter(r["stop_reason"] for r in rs)
        body.append([f"{'guarded' if arm == 'full' else 'unguarded'} (`{arm}`)", rs[0]["model"]["name"], n,
                     _wilson(sum(bool(r["success"]) for r in rs), n), num(sum(r["steps"] for r in rs) / n, 2),
                     sum(r["detections"] for r in rs), sum(r["repairs"] for r in rs),
                     num(sum(r["llm_calls"] for r in rs) / n, 2), num(sum(r["llm_s"] for r in rs) / n),
                     ", ".join(f"{k} {v}" for k, v in sorted(stops.items()))])
    return md(["arm", "model", "tasks", "succeeded (Wilson 95%)", "actions per task", "detections", "repairs",
               "model calls per task", "model s per task", "how the runs ended (stop: tasks)"], body)


# -- provenance ---------------------------------------------------------------------------------

# -- your own runs ------------------------------------------------------------------------------

@block("browsergym-times", "browsergym_import.json")
def browsergym_times() -> str:
    r = json.loads(_path("browsergym_import.json").read_text())
    body = [["import (`fcpkit import browsergym`)", num(r["import_ms_per_exp"]), "ms"],
            ["check of the imported corpus (`fcpkit check corpus.jsonl`, no plan)", num(r["check_ms_per_exp"]), "ms"],
            ["import + check read straight from the folder (`fcpkit check STUDY`)", num(r["folder_ms_per_exp"]), "ms"]]
    if "guarded_s_per_exp" in r:
        body += [["`ExpArgs.run()`, scripted agent", num(r["plain_s_per_exp"], 2), "s"],
                 ["`ExpArgs.run()`, the same agent guarded (`GuardedAgentArgs`)", num(r["guarded_s_per_exp"], 2), "s"]]
    head = (f"{r['experiments']} MiniWoB experiments ({r['steps']} steps) recorded by `ExpArgs.run()`, median of "
            f"{r['repeat']} passes, peak {r['peak_mb']} MB, on {r['machine']}"
            + (f"; {r['guard_experiments']} experiments run plain and guarded (mean reward "
               f"{r['plain_reward']:.2f} and {r['guarded_reward']:.2f})" if "guarded_s_per_exp" in r else "")
            + " (`benchmarks/browsergym_import.py`).\n\n")
    return head + md(["per experiment", "median", "unit"], body)


@block("results-sources")
def results_sources() -> str:
    """Which result file feeds which block, with a digest of its bytes: the page changes when a file does."""
    used: dict[str, list[str]] = defaultdict(list)
    for b in BLOCKS.values():
        for s in b.sources:
            used[s].append(b.name)
    body = [[f"`data/results/{s}`", hashlib.sha256(_path(s).read_bytes()).hexdigest()[:12],
             ", ".join(f"`{n}`" for n in names)] for s, names in sorted(used.items())]
    unused = sorted(str(p.relative_to(RESULTS)) for p in RESULTS.rglob("*") if p.is_file()
                    and str(p.relative_to(RESULTS)) not in used and p.name != "README.md")
    tail = ("\nIn `data/results/` but shown in no table (raw rows and recorded answers the tables above summarise, "
            "or inputs of a replay): " + ", ".join(f"`{u}`" for u in unused) + ".\n") if unused else ""
    return md(["result file", "sha256 (first 12)", "blocks"], body) + tail


# -- pages --------------------------------------------------------------------------------------

def pages() -> list[Path]:
    out = []
    for name in PAGES:
        p = ROOT / name
        out += sorted(p.rglob("*.md")) if p.is_dir() else [p]
    return out


def render(text: str, where: str) -> str:
    def sub(m: re.Match) -> str:
        name = m.group(2)
        if name not in BLOCKS:
            raise TablesError(f"{where}: unknown generated block {name!r}; fix: one of {', '.join(sorted(BLOCKS))}")
        return m.group(1) + BLOCKS[name].render().rstrip("\n") + "\n" + m.group(4)

    opened = text.count("<!-- generated:")
    if opened != text.count("<!-- /generated -->"):
        raise TablesError(f"{where}: {opened} '<!-- generated: NAME -->' markers but "
                          f"{text.count('<!-- /generated -->')} '<!-- /generated -->'; fix: close every block")
    return MARK.sub(sub, text)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if a page is stale")
    args = ap.parse_args(argv)
    stale = []
    try:
        for p in pages():
            old = p.read_text()
            new = render(old, str(p.relative_to(ROOT)))
            if new != old:
                stale.append(str(p.relative_to(ROOT)))
                if not args.check:
                    p.write_text(new)
    except TablesError as e:
        print(f"docs_tables: {e}", file=sys.stderr)
        return 2
    if args.check and stale:
        print(f"docs_tables: stale generated tables in {', '.join(stale)}; fix: python scripts/docs_tables.py",
              file=sys.stderr)
        return 1
    for s in stale:
        print(f"rewrote {s}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
