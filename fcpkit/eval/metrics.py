"""Metrics over checker reports: detection, false alarms, escalation share, delay, timing.

The detection benchmark, calibration, the CLI and the notebooks all summarise reports through
here, so a number printed in one place means the same thing everywhere.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from typing import Any, Sequence

from fcpkit.core.verify import needs_model
from fcpkit.eval.checker import TrajectoryReport

__all__ = ["summarize", "wilson"]


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials (honest with small counts)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(reports: Sequence[TrajectoryReport]) -> dict[str, Any]:
    """Headline metrics: detection on faulty runs, false alarms on healthy, escalations, pre-action catches.

    Unlabelled runs are neither faulty nor healthy: counted apart, and what was detected in them is
    listed as ``findings``."""
    faulty = [r for r in reports if r.fault is not None]
    healthy = [r for r in reports if r.fault is None and r.labelled]
    unlabelled = [r for r in reports if r.fault is None and not r.labelled]  # neither: detections are findings
    det = [r for r in faulty if r.detected]
    fa = [r for r in healthy if r.detected]
    checks = [c for r in reports for c in r.checks]
    esc = sum(1 for r in reports for _ in range(r.escalations))
    pre = [r for r in det if r.detection.phase == "pre"]
    delays = [r.detection.step - r.first_off_track_step for r in det if r.first_off_track_step is not None]
    by_fault: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in faulty:
        by_fault[r.fault][1] += 1
        by_fault[r.fault][0] += int(r.detected)
    times = sorted(c.result.elapsed_ms for c in checks)
    return {
        "trajectories": len(reports),
        "faulty": len(faulty),
        "healthy": len(healthy),
        "unlabelled": len(unlabelled),
        "findings": [r.id for r in unlabelled if r.detected],
        "detection_rate": len(det) / len(faulty) if faulty else None,
        "detection_ci95": wilson(len(det), len(faulty)) if faulty else None,
        "false_alarm_rate": len(fa) / len(healthy) if healthy else None,
        "false_alarms": [r.id for r in fa],
        "missed": [r.id for r in faulty if not r.detected],
        "pre_action_share": len(pre) / len(det) if det else None,
        "mean_delay_steps": statistics.fmean(delays) if delays else None,
        "checks": len(checks),
        # the article's escalation: only checks the fast path cannot decide need a model
        "escalation_share": sum(1 for c in checks if needs_model(c.result)) / len(checks) if checks else None,
        # the paper's: every route but continue calls the slow verifier (Equation 6)
        "slow_route_share": esc / len(checks) if checks else None,
        "median_check_ms": statistics.median(times) if times else None,
        "by_fault": {f: {"detected": k, "of": n} for f, (k, n) in sorted(by_fault.items())},
    }
