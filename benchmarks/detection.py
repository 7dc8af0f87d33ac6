"""The detection benchmark: arms x matchers x verifier bounds over labelled trajectory corpora.

Measures what the article measures (detection on faulty runs, false alarms on healthy runs, steps
saved against the outcome check, catches before the first write, delay, escalation share, time per
check), per fault class and per workflow, plus a tau/delta threshold sweep, per-falsifier
telemetry and a leave-one-workflow-out threshold protocol. Tables go to ``--out`` as CSV, figures
to ``--figures`` as plotly HTML.

    python benchmarks/detection.py                                    # the example corpus, lexical
    python benchmarks/detection.py fcpkit/data/examples/corpus.jsonl other.jsonl --matchers lexical,embedding
    python benchmarks/detection.py --matchers available --out data/results --figures figures
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fcpkit.agent.arms import CHECK_ARM_ORDER  # noqa: E402
from fcpkit_lab.eval.detection import print_detection, run_detection  # noqa: E402
from fcpkit.eval.thresholds import DEFAULT_DELTA_SCALES, DEFAULT_TAU_SHIFTS  # noqa: E402
from fcpkit.llm.components.registry import BOUNDS  # noqa: E402
from fcpkit.core.router import Thresholds  # noqa: E402


def _floats(text: str) -> list[float]:
    return [float(x) for x in text.split(",") if x.strip()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpora", nargs="*", type=Path, default=[ROOT / "fcpkit" / "data" / "examples" / "corpus.jsonl"],
                    help="trajectory corpora (JSON Lines); default: the example corpus")
    ap.add_argument("--matchers", default="lexical",
                    help="comma-separated matcher names; 'available' adds every matcher that loads here")
    ap.add_argument("--out", type=Path, default=ROOT / "data" / "results", help="CSV tables directory")
    ap.add_argument("--figures", type=Path, default=ROOT / "figures", help="plotly HTML directory")
    ap.add_argument("--arms", default=",".join(CHECK_ARM_ORDER), help=f"comma-separated arms (of {', '.join(CHECK_ARM_ORDER)})")
    ap.add_argument("--bounds", default=",".join(BOUNDS), help="verifier bounds: lower,upper")
    ap.add_argument("--thresholds", type=Path, help="base thresholds JSON (default: the paper's constants)")
    ap.add_argument("--tau-shifts", type=_floats, default=list(DEFAULT_TAU_SHIFTS),
                    help="tau shifts, comma-separated (0 is always added)")
    ap.add_argument("--delta-scales", type=_floats, default=list(DEFAULT_DELTA_SCALES),
                    help="delta scales, comma-separated (1 is always added)")
    ap.add_argument("--no-sweep", action="store_true", help="skip the threshold sweep (and with it LOWO)")
    ap.add_argument("--no-telemetry", action="store_true", help="skip per-falsifier telemetry")
    ap.add_argument("--no-figures", action="store_true", help="write no figures")
    ap.add_argument("--width", type=int, default=0, help="console width (default: terminal width, at least 150)")
    args = ap.parse_args(argv)

    from rich.console import Console

    console = Console(width=args.width or max(Console().width, 150))
    t0 = time.perf_counter()
    res = run_detection(
        args.corpora, matchers=args.matchers.split(","), out_dir=args.out,
        fig_dir=None if args.no_figures else args.figures,
        arms=[a.strip() for a in args.arms.split(",") if a.strip()],
        bounds=[b.strip() for b in args.bounds.split(",") if b.strip()],
        thresholds=Thresholds.load(args.thresholds) if args.thresholds else None,
        tau_shifts=args.tau_shifts, delta_scales=args.delta_scales,
        sweep=not args.no_sweep, telemetry=not args.no_telemetry,
        progress=lambda msg: console.print(f"[dim]{msg}[/]"),
    )
    print_detection(res, console)
    console.print(f"[dim]done in {time.perf_counter() - t0:.1f}s[/]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
