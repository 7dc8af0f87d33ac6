"""Seconds per embedded verifier call by server thread count and OpenMP wait policy.

    .venv/bin/python benchmarks/llm_threads.py [--model smollm2-135m] [--cases 1]

For each configuration (2 threads spinning, OpenMP's default; 2 threads waiting passively; one
thread) it starts a private embedded server, asks it about the first ``--cases`` page cases of
``fcpkit/data/verifier/cases.jsonl`` with the neutral hint, and prints the wall time per call, the
tokens, the load average and the server's own prompt/generation timings. On a machine whose
cores are shared, spinning threads wait for a descheduled partner at every barrier.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from fcpkit_lab.eval.verifier_bench import open_verifier, run_cases
from fcpkit.eval.verifier_cases import load_cases

CASES = Path(__file__).resolve().parent.parent / "fcpkit" / "data" / "verifier" / "cases.jsonl"
CONFIGS = ((2, "ACTIVE"), (2, "PASSIVE"), (1, "PASSIVE"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default="smollm2-135m")
    ap.add_argument("--cases", type=int, default=1)
    args = ap.parse_args()
    cases = [c for c in load_cases(CASES) if c.result.phase == "post"][: args.cases]
    for threads, policy in CONFIGS:
        os.environ["FCPKIT_LLM_THREADS"] = str(threads)
        os.environ["OMP_WAIT_POLICY"] = policy
        handle = open_verifier(f"embedded:{args.model}", timeout=1800, max_tokens=200)
        try:
            load = os.getloadavg()[0]
            rows = run_cases(handle, cases, "neutral")
            perf = [line.split(":", 1)[1].strip() for line in open(handle.client.server.log_path)
                    if "eval time" in line]
        finally:
            handle.close()
        print(f"threads={threads} OMP_WAIT_POLICY={policy}: s/call {[round(r.wall_s, 1) for r in rows]}, "
              f"prompt tokens {[r.prompt_tokens for r in rows]}, completion {[r.completion_tokens for r in rows]}, "
              f"load {load:.1f}", *perf, sep="\n    ", flush=True)


if __name__ == "__main__":
    main()
