"""LLM-written plans for the workbench tasks (the third arm of benchmarks/engine_falsifiers.py).

    .venv/bin/python benchmarks/engine_llm_plans.py --model qwen2.5-coder-1.5b [--timeout 900]
        [--out data/results/engine_llm_plans.jsonl] [CORPUS ...]

The fcpkit planner (LLMPlanner, the shipped planner prompt, no skill library) writes one plan per
distinct task of the corpora, from the task's start page; every answer is appended to --out as it
comes (a stopped run resumes where it stopped). Prints how many plans parsed and linted clean.
Score them with `benchmarks/engine_falsifiers.py --llm-plans OUT`.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from fcpkit import load_corpus
from fcpkit.agent.planner import LLMPlanner
from fcpkit_lab.engine.llm_plans import plan_records_summary, write_llm_plans

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default=None, help="embedded model (FCPKIT_LLM_MODEL), e.g. qwen2.5-coder-1.5b")
    ap.add_argument("--timeout", type=float, default=None, help="client time-out per call, s")
    ap.add_argument("--out", default=str(ROOT / "data" / "results" / "engine_llm_plans.jsonl"))
    ap.add_argument("corpora", nargs="*", default=[str(ROOT / "lab" / "fcpkit_lab" / "data" / "workbench" / "corpus.jsonl")])
    args = ap.parse_args()
    from fcpkit_lab.llm import default_client

    client = default_client(args.model, **({"timeout": args.timeout} if args.timeout else {}))
    trajs = [t for p in args.corpora for t in load_corpus(p)]
    try:
        recs = write_llm_plans(trajs, LLMPlanner(client), args.out, model=args.model or "smollm2-135m",
                               progress=lambda r: print({k: r.get(k) for k in ("task", "ok", "lint_clean", "attempts",
                                                                              "llm_calls", "tokens", "seconds")}, flush=True))
    finally:
        client.close()
    print(plan_records_summary(recs))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
