"""Evaluation of your own runs: the offline :class:`~fcpkit.eval.checker.Checker`, the one definition
of every number (:mod:`fcpkit.eval.metrics`), the threshold sweep and choice
(:mod:`fcpkit.eval.thresholds`), matcher calibration (:mod:`fcpkit.eval.calibrate`) and experience
induction. The benchmarks built on them are the lab's (:mod:`fcpkit_lab.eval`). Imports core,
matching, llm and agent.
"""

from fcpkit.eval.checker import VERIFIER_BOUNDS, Checker, TrajectoryReport
from fcpkit.eval.metrics import RunRecord, run_outcome, summarize, summarize_runs
from fcpkit.eval.thresholds import choose_thresholds, sweep_thresholds

__all__ = ["Checker", "TrajectoryReport", "VERIFIER_BOUNDS", "RunRecord", "run_outcome", "summarize",
           "summarize_runs", "choose_thresholds", "sweep_thresholds"]
