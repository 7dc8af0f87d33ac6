"""Does the embedded model write a plan? The planning call before and after its own budget and schema.

    .venv/bin/python benchmarks/planner_budget.py [--tasks 6] [--model smollm2-135m] [--out data/results/planner_budget_smollm2.jsonl]

Issue #31: tried as a new user would, SmolLM2's plan was cut off at the client's 512 tokens three
times in a row. For the first ``--tasks`` tasks of the prompt lab's task set (one per corpus in
turn, each from its first run's start page, packaged prompt, no skills) the embedded model is asked
for a plan twice: as ``LLMPlanner`` asked before (the client's 512-token budget, PLANNER_SCHEMA with
confidence in [0, 1], which llama.cpp's grammar does not enforce) and as it asks now
(``PLAN_MAX_TOKENS``, :func:`fcpkit.agent.planner.planning_schema`). One JSON line per call: whether
a plan came back, the client's attempts, completion tokens, seconds, and the error if none.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from pathlib import Path

from fcpkit.agent import LLMPlanner
from fcpkit.errors import FcpkitError
from fcpkit.llm.schemas import PLANNER_SCHEMA

from fcpkit_lab.llm.server import default_client, stop_shared
from fcpkit_lab.promptlab.tasks import load_task_set

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tasks", type=int, default=6)
    ap.add_argument("--model", default="smollm2-135m")
    ap.add_argument("--out", default=str(ROOT / "data" / "results" / "planner_budget_smollm2.jsonl"))
    args = ap.parse_args()
    by_corpus: dict[str, list] = {}
    for t in load_task_set().tasks:
        by_corpus.setdefault(t.corpus, []).append(t)
    tasks = [t for group in itertools.zip_longest(*by_corpus.values()) for t in group if t is not None][: args.tasks]
    client = default_client(args.model)
    rows = []
    try:
        for setting in ("before: 512 tokens, confidence bounded", "now: planning budget and schema"):
            for t in tasks:
                if setting.startswith("before"):
                    planner = LLMPlanner(client, max_tokens=0)  # 0: the client's own budget (512)
                    planner.schema = PLANNER_SCHEMA
                else:
                    planner = LLMPlanner(client)
                n, t0, error = len(client.usage.calls), time.perf_counter(), ""
                try:
                    planner.plan(t.task, t.initial_observation)
                except FcpkitError as err:
                    error = str(err)[:300]
                calls = client.usage.calls[n:]
                rows.append({"setting": setting, "model": args.model, "task": t.task, "corpus": t.corpus,
                             "plan": not error, "attempts": sum(c.attempts for c in calls),
                             "completion_tokens": sum(c.completion_tokens for c in calls),
                             "seconds": round(time.perf_counter() - t0, 1), "error": error})
                print(json.dumps(rows[-1])[:200], flush=True)
    finally:
        stop_shared()
    Path(args.out).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
