"""Detection outcome of a checked run against its label, and counts over many runs.

*detected* = any repair decision; *caught* = a repair at or after the labelled first off-track
step; *timely* = caught at that very step (before the agent's next action); *early alarm* = a
repair before it. A false alarm is a detected healthy run.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

import fcpkit
from fcpkit.eval.detection import detection_source as source_of

__all__ = ["detection_source", "run_outcome", "summarize_outcomes"]


def detection_source(result: Any) -> str:
    """What made a detection (the first repair's check result), named as the detection benchmark
    names it (:func:`fcpkit.eval.detection.detection_source`)."""
    return source_of(result.rule, result.evidence_level, result.evidence)


def run_outcome(report: fcpkit.TrajectoryReport) -> dict[str, Any]:
    """Detection outcome of one checked run against its label (see the module docstring)."""
    repairs = [c for c in report.checks if c.decision is fcpkit.Decision.REPAIR]
    first = repairs[0] if repairs else None
    off = report.first_off_track_step
    faulty = report.fault is not None
    after = next((c for c in repairs if off is not None and c.step >= off), None) if faulty else None
    return {
        "id": report.id, "workflow": report.workflow, "fault": report.fault, "first_off_track_step": off,
        "detected": first is not None,
        "first_detection_step": first.step if first else None,
        "first_detection_phase": first.phase if first else None,
        "detection_evidence": first.result.evidence if first else None,
        "detection_rule": first.result.rule if first else None,
        "source": detection_source(first.result) if first else None,
        "caught": after is not None,
        "caught_step": after.step if after else None,
        "timely": after is not None and after.step == off,
        "early_alarm": bool(faulty and first is not None and off is not None and first.step < off),
        "false_alarm": bool(not faulty and first is not None),
        "escalations": report.model_escalations, "slow_routes": report.escalations,
    }


def summarize_outcomes(outcomes: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Counts over run outcomes: runs, healthy, false_alarms, faulty, detected, caught, timely, missed,
    early_alarms, and the same per fault class under ``by_fault``."""
    # rows may come back from a DataFrame, where a healthy run's fault None became NaN
    outs = [{**o, "fault": o["fault"] if isinstance(o.get("fault"), str) else None} for o in outcomes]

    def counts(rows: Sequence[Mapping[str, Any]]) -> dict[str, int]:
        faulty = [o for o in rows if o["fault"] is not None]
        healthy = [o for o in rows if o["fault"] is None]
        return {
            "runs": len(rows), "healthy": len(healthy), "false_alarms": sum(o["false_alarm"] for o in healthy),
            "faulty": len(faulty), "detected": sum(o["detected"] for o in faulty),
            "caught": sum(o["caught"] for o in faulty), "timely": sum(o["timely"] for o in faulty),
            "missed": sum(not o["caught"] for o in faulty), "early_alarms": sum(o["early_alarm"] for o in faulty),
        }

    out: dict[str, Any] = counts(outs)
    faults = sorted({o["fault"] for o in outs if o["fault"] is not None})
    out["by_fault"] = {f: counts([o for o in outs if o["fault"] == f]) for f in faults}
    return out
