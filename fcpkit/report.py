"""Summaries of checker reports: detection, false alarms, escalation share, timing; rich tables.

The detection benchmark, the CLI and the notebooks all summarise reports through here, so a
number printed in one place means the same thing everywhere.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from typing import Any, Sequence

from .checker import TrajectoryReport
from .verifiers import Decision, needs_model

__all__ = ["summarize", "print_reports", "wilson"]


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
    """Headline metrics: detection on faulty runs, false alarms on healthy, escalations, pre-action catches."""
    faulty = [r for r in reports if r.fault is not None]
    healthy = [r for r in reports if r.fault is None]
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


def print_reports(reports: Sequence[TrajectoryReport], *, steps: bool = False, console=None) -> None:
    """A rich table per trajectory's checks (with ``steps``), then one summary row per trajectory."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console(width=max(Console().width, 160))
    route_style = {"continue": "dim", "complete": "green", "risk": "red", "verify": "yellow"}
    if steps:
        for r in reports:
            t = Table(title=f"{r.id}  fault={r.fault}  first_off_track={r.first_off_track_step}", title_justify="left")
            for col in ("step", "phase", "commitment", "α+", "α−", "route", "rule", "scope", "evidence", "decision"):
                t.add_column(col, overflow="fold", min_width=len(col))
            for c in r.checks:
                x = c.result
                t.add_row(str(c.step), x.phase, x.commitment, f"{x.alpha_plus:.2f}", f"{x.alpha_minus:.2f}",
                          f"[{route_style[x.route.value]}]{x.route.value}[/]", x.rule or "", x.scope or "",
                          (x.evidence or "")[:48],
                          f"[bold red]{c.decision.value}[/]" if c.decision is Decision.REPAIR else c.decision.value)
            console.print(t, crop=False)  # min_width heads: a narrow terminal wraps, nothing is cut
    t = Table(title="detections", title_justify="left")
    for col in ("id", "fault", "off-track", "detected", "step/phase", "by", "scope", "checks", "escalated",
                "slow routes"):
        t.add_column(col, overflow="fold", min_width=len(col))
    for r in reports:
        d = r.detection
        ok = (r.fault is None) != (d is not None)
        mark = ("[green]" if ok else "[bold red]") + ("yes" if d else "no") + "[/]"
        by = (d.result.rule or (d.result.evidence or "")[:40]) if d else ""
        t.add_row(r.id, r.fault or "-", "" if r.first_off_track_step is None else str(r.first_off_track_step), mark,
                  f"{d.step}/{d.phase}" if d else "", by, (d.result.scope or "") if d else "",
                  str(len(r.checks)), str(r.model_escalations), str(r.escalations))
    console.print(t, crop=False)  # min_width heads: a narrow terminal wraps, nothing is cut
