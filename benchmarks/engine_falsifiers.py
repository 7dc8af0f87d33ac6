"""Generated vs hand-written falsifiers on the detection benchmark (the workbench corpora).

    .venv/bin/python benchmarks/engine_falsifiers.py [--smg lab/fcpkit_lab/data/smg/workbench.yaml] [--out data/results/engine_falsifiers.csv]

For every recorded run the task is compiled against the state-machine memory (template sketch, no
model), a plan is generated from the program (fcpkit_lab.engine.falsifiers) and the run's steps are
attributed to its commitments; the full checker (step + plan falsifiers + rules, lexical matcher,
paper constants) then runs under both verifier bounds with the hand-written plan the corpus was
recorded with and with the generated one. Prints one table and writes it as CSV.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import pandas as pd

from fcpkit_lab.engine import StateMachine
from fcpkit_lab.engine.compare import compare_plans
from fcpkit_lab.engine.llm_plans import load_llm_plans

ROOT = Path(__file__).resolve().parent.parent
CORPORA = [ROOT / "lab" / "fcpkit_lab" / "data" / "workbench" / "corpus.jsonl", ROOT / "data" / "heldout" / "workbench" / "corpus.jsonl"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--smg", default=str(ROOT / "lab" / "fcpkit_lab" / "data" / "smg" / "workbench.yaml"))
    ap.add_argument("--out", default=str(ROOT / "data" / "results" / "engine_falsifiers.csv"))
    ap.add_argument("--llm-plans", default=None, help="LLM-written plans (benchmarks/engine_llm_plans.py's output): "
                    "adds their rows and the hand-written plans' with the same tracker-only attribution")
    ap.add_argument("corpora", nargs="*", default=[str(p) for p in CORPORA if p.exists()])
    args = ap.parse_args()
    t0 = time.monotonic()
    llm_plans = load_llm_plans(args.llm_plans) if args.llm_plans else None
    rows = compare_plans(args.corpora, StateMachine.load(args.smg), llm_plans=llm_plans)
    df = pd.DataFrame(rows)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(args.out, index=False, float_format="%.4f")
    cols = ["corpus", "plans", "bound", "detected", "faulty", "false_alarms", "healthy", "before_write_share",
            "pre_action_share", "escalation_share", "statements", "unplanned"]
    print(df[cols].to_string(index=False, float_format=lambda v: f"{v:.3f}"))
    print(f"wrote {args.out} ({time.monotonic() - t0:.0f} s)")


if __name__ == "__main__":
    main()
