"""Evaluation: the offline :class:`~fcpkit.eval.checker.Checker`, the detection benchmark, threshold
and matcher calibration, and the fast-path benchmark. Imports core, matching and llm.
"""

from fcpkit.eval.checker import VERIFIER_BOUNDS, Checker, TrajectoryReport

__all__ = ["Checker", "TrajectoryReport", "VERIFIER_BOUNDS"]
