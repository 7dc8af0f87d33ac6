"""Programmatic (compiled from the state-machine memory) vs reactive (an LLM per action) on workbench tasks.

    .venv/bin/python benchmarks/engine_vs_reactive.py [--variants 0] [--arms template,llm,reactive] [--out data/results/engine_vs_reactive.csv]

Arms, each in one Chromium reused across its tasks (wall time counts from the task's start page):

* ``template`` — the engine with a deterministic template sketch: no model call;
* ``llm`` — the engine planning with one LLM call (+ one repair call when the sketch does not
  compile), falling back to the reactive loop when no program compiles;
* ``reactive`` — fcpkit's Runner with the LLM executor choosing every action (step budget 12).

With no OPENAI_BASE_URL the LLM is the embedded llama.cpp server (SmolLM2-135M): call counts and
latencies are real, its plans and actions are weak. Also prints the crawl's cost and the break-even
(crawl seconds / seconds saved per task).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import pandas as pd

from fcpkit_lab.envs.workbench.browser_env import WorkbenchEnv
from fcpkit_lab.engine import StateMachine
from fcpkit_lab.engine.run import run_program_task, run_reactive_task
from fcpkit_lab.envs.workbench import WORKFLOWS, start_workbench

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
    args = ap.parse_args()
    smg = StateMachine.load(args.smg)
    tasks = [(w, int(v)) for w in args.workflows.split(",") for v in args.variants.split(",")]
    arms = args.arms.split(",")
    client = None
    if {"llm", "reactive"} & set(arms):
        from fcpkit_lab.llm import default_client

        client = default_client(args.model, **({"timeout": args.timeout} if args.timeout else {}))
    rows = []
    with start_workbench() as wb:
        for arm in arms:
            env = WorkbenchEnv(wb, tasks[0][0], tasks[0][1])
            try:
                for wf, v in tasks:
                    t0 = time.monotonic()
                    if arm == "reactive":
                        run = run_reactive_task(wb, wf, v, client=client, env=env)
                    else:
                        run = run_program_task(wb, smg, wf, v, client=client if arm == "llm" else None,
                                               use_templates=arm == "template", env=env,
                                               fallback=not args.no_fallback)
                    row = {"arm": arm, "model": (args.model or "smollm2-135m") if arm != "template" else "-",
                           **run.row(), "total_s": round(time.monotonic() - t0, 2)}
                    rows.append(row)
                    print(row, flush=True)
            finally:
                env.close()
    df = pd.DataFrame(rows)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(args.out, index=False)
    summary = df.groupby("arm").agg(tasks=("task", "count"), success=("success", "sum"),
                                    llm_calls=("llm_calls", "mean"), tokens=("tokens", "mean"),
                                    seconds=("seconds", "median")).reindex([a for a in arms])
    print(summary.to_string(float_format=lambda v: f"{v:.2f}"))
    crawl_s = float(smg.stats.get("seconds") or 0)
    if {"template", "reactive"} <= set(arms):
        saved = statistics.median(df[df.arm == "reactive"].seconds) - statistics.median(df[df.arm == "template"].seconds)
        if saved > 0:
            print(f"crawl {crawl_s:.0f} s, {smg.stats.get('llm_calls', 0)} LLM calls; "
                  f"break-even after {crawl_s / saved:.1f} tasks (wall time)")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
