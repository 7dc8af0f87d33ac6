"""Programmatic (compiled from the state-machine memory) vs reactive (an LLM per action) on workbench tasks.

    .venv/bin/python benchmarks/engine_vs_reactive.py [--variants 0] [--arms template,llm,reactive] [--out data/results/engine_vs_reactive.csv]
        [--sketch-form python,json] [--evict-prefix] [--record RECORDING.jsonl]

Arms, each in one Chromium reused across its tasks (wall time counts from the task's start page):

* ``template`` — the engine with a deterministic template sketch: no model call;
* ``llm`` — the engine planning with one LLM call (+ one repair call when the sketch does not
  compile), falling back to the reactive loop when no program compiles;
* ``reactive`` — fcpkit's Runner with the LLM executor choosing every action (step budget 12).

``--sketch-form`` runs the llm arm once per form the planner asks for (``python``: a program as
free text in ``{"sketch": ...}``; ``json``: the program as JSON under a per-task schema the server
enforces, :mod:`fcpkit_lab.engine.sketch_json`); each row says how many of the task's sketches
parsed as a program and whether one compiled, the planning calls' seconds, and how many prompt
tokens the embedded server reused from the previous prompt (its log, read by
:func:`~fcpkit_lab.llm.prefix_stats.prefix_reuse`). ``--evict-prefix`` sends an unrelated one-line
request before each task's planning, so its prompt finds nothing of its own in the server's KV
cache: the same planning calls without the prefix cache. ``--record`` keeps every answer for replay.

With no OPENAI_BASE_URL the LLM is the embedded llama.cpp server (SmolLM2-135M): call counts and
latencies are real, its plans and actions are weak. Also prints the crawl's cost and the break-even
(crawl seconds / seconds saved per task).
"""

from __future__ import annotations

import argparse
import ast
import statistics
import time
from pathlib import Path

import pandas as pd

from fcpkit_lab.envs.workbench.browser_env import WorkbenchEnv
from fcpkit_lab.engine import StateMachine
from fcpkit_lab.engine.run import run_program_task, run_reactive_task
from fcpkit_lab.envs.workbench import WORKFLOWS, start_workbench
from fcpkit_lab.llm.prefix_stats import prefix_reuse

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variants", default="0")
    ap.add_argument("--workflows", default=",".join(WORKFLOWS))
    ap.add_argument("--arms", default="template,llm,reactive")
    ap.add_argument("--smg", default=str(ROOT / "lab" / "fcpkit_lab" / "data" / "smg" / "workbench.yaml"))
    ap.add_argument("--out", default=str(ROOT / "data" / "results" / "engine_vs_reactive.csv"))
    ap.add_argument("--model", default=None, help="embedded model name (FCPKIT_LLM_MODEL), e.g. qwen2.5-coder-0.5b")
    ap.add_argument("--no-fallback", action="store_true",
                    help="the llm arm does not fall back to the reactive loop when no sketch compiles (its row then "
                         "measures the planning call alone; the reactive arm is measured on its own)")
    ap.add_argument("--timeout", type=float, default=None, help="client time-out per LLM call, s (a loaded machine needs more)")
    ap.add_argument("--sketch-form", default="json", help="the llm arm's sketch forms, comma-separated: json, python")
    ap.add_argument("--evict-prefix", action="store_true",
                    help="an unrelated request before each planning call: the llm arm without the prompt-prefix cache")
    ap.add_argument("--record", default=None, help="append every LLM answer to this JSONL recording (for replay)")
    args = ap.parse_args()
    smg = StateMachine.load(args.smg)
    tasks = [(w, int(v)) for w in args.workflows.split(",") for v in args.variants.split(",")]
    arms = args.arms.split(",")
    client = None
    if {"llm", "reactive"} & set(arms):
        from fcpkit_lab.llm import default_client

        kw = {"timeout": args.timeout} if args.timeout else {}
        if args.record:
            kw.update(mode="record", recording=args.record)
        client = default_client(args.model, **kw)
    rows = []
    forms = args.sketch_form.split(",")
    runs = [(arm, f) for arm in arms for f in (forms if arm == "llm" else ["-"])]
    with start_workbench() as wb:
        for i, (arm, form) in enumerate(runs):
            env = WorkbenchEnv(wb, tasks[0][0], tasks[0][1])
            try:
                for wf, v in tasks:
                    t0 = time.monotonic()
                    if arm == "reactive":
                        run = run_reactive_task(wb, wf, v, client=client, env=env)
                        extra = {}
                    else:
                        if arm == "llm" and args.evict_prefix:
                            _evict(client, f"{i}-{wf}-{v}")
                        sketches: list[str] = []
                        n_calls, log0 = len(client.usage.calls) if client else 0, _log_lines()
                        run = run_program_task(wb, smg, wf, v, client=client if arm == "llm" else None,
                                               use_templates=arm == "template", env=env,
                                               fallback=not args.no_fallback, sketch_form=form if arm == "llm" else "python",
                                               on_sketch=sketches.append)
                        extra = _planning_columns(client, n_calls, log0, sketches, run) if arm == "llm" else {}
                    row = {"arm": arm, "model": (args.model or "smollm2-135m") if arm != "template" else "-",
                           "sketch_form": form, **run.row(), "total_s": round(time.monotonic() - t0, 2), **extra}
                    rows.append(row)
                    print(row, flush=True)
                    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
                    pd.DataFrame(rows).to_csv(args.out, index=False)  # a stopped run keeps its rows
            finally:
                env.close()
    df = pd.DataFrame(rows)
    df["arm_form"] = df.arm + ":" + df.sketch_form
    summary = df.groupby("arm_form").agg(tasks=("task", "count"), success=("success", "sum"),
                                    llm_calls=("llm_calls", "mean"), tokens=("tokens", "mean"),
                                    seconds=("seconds", "median")).reindex([f"{a}:{f}" for a, f in runs])
    print(summary.to_string(float_format=lambda v: f"{v:.2f}"))
    crawl_s = float(smg.stats.get("seconds") or 0)
    if {"template", "reactive"} <= set(arms):
        saved = statistics.median(df[df.arm == "reactive"].seconds) - statistics.median(df[df.arm == "template"].seconds)
        if saved > 0:
            print(f"crawl {crawl_s:.0f} s, {smg.stats.get('llm_calls', 0)} LLM calls; "
                  f"break-even after {crawl_s / saved:.1f} tasks (wall time)")
    print(f"wrote {args.out}")


def _server_log() -> Path | None:
    """The log of the embedded server the benchmark's client talks to (none with OPENAI_BASE_URL)."""
    from fcpkit_lab.llm import running_shared_server

    srv = running_shared_server()
    path = getattr(srv, "log_path", None)
    return Path(path) if path and Path(path).is_file() else None


def _log_lines() -> str:
    log = _server_log()
    return log.read_text(errors="replace") if log else ""


def _evict(client, tag: str) -> None:
    """An unrelated short request, so that the next prompt shares only the chat template's first
    tokens with the one in the server's KV cache (the run without the prefix cache)."""
    client.complete_json("cache-evict", [{"role": "user", "content": f"Say ok ({tag})."}],
                         schema={"type": "object", "properties": {"ok": {"type": "string", "maxLength": 4}},
                                 "required": ["ok"]}, max_tokens=12)


def _parses(sketch: str) -> bool:
    try:
        ast.parse(sketch)
        return True
    except SyntaxError:
        return False


def _planning_columns(client, n_calls: int, log0: str, sketches: list[str], run) -> dict:
    """What the planning calls of one task gave: sketches, how many parsed, whether one compiled,
    planner answers that met the schema, planning seconds, prompt tokens reused/evaluated."""
    calls = [c for c in client.usage.calls[n_calls:] if c.module == "engine-planner"]
    log = _log_lines()
    reuse = prefix_reuse(log[len(log0):]) if log.startswith(log0[:200]) else prefix_reuse("")
    return {"planner_calls": len(calls), "answers_valid": sum(c.ok for c in calls), "sketches": len(sketches),
            "parsed": sum(_parses(s) for s in sketches), "compiled": int(run.source == "llm"),
            "plan_s": round(sum(c.wall_s for c in calls), 2), "prompt_tokens": sum(c.prompt_tokens for c in calls),
            "prompt_tokens_reused": reuse.hit, "prompt_tokens_evaluated": reuse.evaluated,
            "prefix_lines": reuse.calls}


if __name__ == "__main__":
    main()
