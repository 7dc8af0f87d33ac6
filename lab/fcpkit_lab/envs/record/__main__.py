"""``python -m fcpkit_lab.envs.record``: record the workbench or MiniWoB++ corpus (what ``fcpkit record`` does)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

from fcpkit_lab import data
from fcpkit_lab.envs.miniwob import MINIWOB_TASKS
from fcpkit_lab.envs.record.miniwob import record_miniwob
from fcpkit_lab.envs.record.recorder import RECORD_SLOW_DELAY_S, STEP_BUDGET, record_workbench, relabel_corpus, workbench_matrix


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fcpkit_lab.envs.record",
                                     description="Record trajectory corpora with the scripted executor in Chromium.")
    parser.add_argument("--source", choices=["workbench", "miniwob"], default="workbench",
                        help="what to record: the workbench app or MiniWoB++ tasks (default workbench)")
    parser.add_argument("--out", default=None, help="output folder (default: the shipped corpus, fcpkit_lab/data/<source>)")
    parser.add_argument("--seed", type=int, default=0, help="episode seed (data and task draws; default 0)")
    parser.add_argument("--budget", type=int, default=STEP_BUDGET, help="step budget per episode")
    parser.add_argument("--workflows", default=None, help="comma-separated workbench workflows (default: all)")
    parser.add_argument("--faults", default=None, help="comma-separated fault kinds (default: all nine)")
    parser.add_argument("--variants", default="0,1,2", help="comma-separated task variants (default 0,1,2)")
    parser.add_argument("--healthy-repeats", type=int, default=3, help="healthy runs per workflow and variant")
    parser.add_argument("--slow-delay", type=float, default=RECORD_SLOW_DELAY_S,
                        help="slow_response delay in seconds (the app's default is 15)")
    parser.add_argument("--port", type=int, default=8765, help="workbench port when free (0: any)")
    parser.add_argument("--screenshots", action="store_true",
                        help="keep a PNG of every page under <out>/screenshots/ (the hybrid matcher's image input)")
    parser.add_argument("--tasks", default=None, help="miniwob: comma-separated task names")
    parser.add_argument("--quiet", action="store_true", help="print no progress lines")
    parser.add_argument("--relabel", action="store_true",
                        help="record nothing: re-derive the labels of <out>/corpus.jsonl from the fault events it kept")
    args = parser.parse_args(argv)
    say = None if args.quiet else (lambda m: print(m, flush=True))
    out = Path(args.out) if args.out else data.path(args.source)
    if args.relabel:
        path, n = relabel_corpus(out / "corpus.jsonl")
        if say:
            say(f"relabelled {n} trajectories of {path}")
        return 0
    if args.source == "miniwob":
        tasks = args.tasks.split(",") if args.tasks else list(MINIWOB_TASKS)
        record_miniwob(out, seed=args.seed, tasks=tasks, progress=say, screenshots=args.screenshots)
        return 0
    specs = workbench_matrix(
        args.seed,
        workflows=args.workflows.split(",") if args.workflows else None,
        faults=args.faults.split(",") if args.faults else None,
        variants=[int(v) for v in args.variants.split(",")],
        healthy_repeats=args.healthy_repeats, slow_delay=args.slow_delay,
    )
    record_workbench(out, args.seed, specs=specs, budget=args.budget, port=args.port or None,
                     screenshots=args.screenshots, progress=say)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
