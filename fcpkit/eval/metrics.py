"""The one definition of every number fcpkit reports about checked runs.

A checked run's outcome against its label, the record one run yields under one configuration
(:class:`RunRecord`), and every summary over reports or records live here, so that a number
printed by ``fcpkit check``, a calibration, a benchmark table or a notebook means the same thing
everywhere. Other modules bind these functions (``TrajectoryReport.detected`` is
:func:`detected`), they never restate them; a test fails if a second definition appears.

Definitions:

``detection``
    the first check whose decision is *repair*; ``detected``: the run has one. On a healthy run a
    detection is a false alarm; on an unlabelled run it is a finding.
``premature`` (an *early alarm*)
    a faulty run detected before its labelled ``first_off_track_step``; ``on_time``: detected at or
    after it.
``caught`` / ``timely``
    a repair (not necessarily the first) at or after the labelled off-track step / at that very
    step, before the agent's next action (the falsifier lab's reading of a run).
``steps_saved``
    actions that did not run because of the detection: ``n_steps - step`` for a ``pre``
    (action-level) detection, one fewer for a ``post`` detection, whose action already ran.
``before_write``
    the detection happened before any ``write``/``irreversible`` action executed: the run has no
    write, or the detection step precedes the first write, or it is the first write's own ``pre``
    test.
``delay``
    ``detection step - first_off_track_step`` (negative: premature).
``source``
    what made the detection (:data:`SOURCES`, :func:`detection_source`).
``escalation_share``
    checks that need a model to decide (:func:`~fcpkit.core.verify.needs_model`), over all checks;
    ``slow_route_share`` the paper's count: every route but *continue* (Equation 6).
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from fcpkit.core.falsifiers import BUILTIN_RULES
from fcpkit.core.trajectory import Trajectory
from fcpkit.core.verify import Decision, StepCheck, needs_model

if TYPE_CHECKING:  # the checker binds this module's functions: no import back at run time
    from fcpkit.eval.checker import TrajectoryReport

__all__ = [
    "ADVANCE_RULES", "SOFT_CHECK", "SOURCES", "WRITE_EFFECTS", "RunRecord", "first_detection", "detected",
    "early_alarm", "detection_source", "source_of_check", "first_write", "records_from_reports", "outcome_records",
    "run_outcome", "summarize", "summarize_outcomes", "summarize_runs", "wilson",
]

WRITE_EFFECTS = frozenset({"write", "irreversible"})
SOFT_CHECK = "unconfirmed_advance"  # the checker's check on an agent moving on unconfirmed
#: Rules of the checker's advance checks (:func:`fcpkit.core.progress.advance_check`): bookkeeping on the
#: agent's claims (not timed as fast tests: ``CheckResult.scored`` is false), the ``advance-check`` source.
ADVANCE_RULES = frozenset({SOFT_CHECK, "unconfirmed_write", "reported_unconfirmed_write", "skipped_commitment"})
SOURCES: tuple[str, ...] = ("step-falsifier", "plan-falsifier", "rule", "built-in", "advance-check", "verifier", "outcome")


# ----------------------------------------------------------------------------- one checked run


def first_detection(report: TrajectoryReport) -> StepCheck | None:
    """The run's detection: its first check decided *repair* (``TrajectoryReport.detection``)."""
    return next((c for c in report.checks if c.decision is Decision.REPAIR), None)


def detected(report: TrajectoryReport) -> bool:
    """Whether the run has a detection (``TrajectoryReport.detected``)."""
    return first_detection(report) is not None


def early_alarm(report: TrajectoryReport) -> bool:
    """A faulty run whose detection comes before its labelled first off-track step."""
    d, off = first_detection(report), report.first_off_track_step
    return report.fault is not None and d is not None and off is not None and d.step < off


def detection_source(rule: str | None, level: str | None, evidence: Any) -> str:
    """The source of a detection from the check that made it (its rule, evidence level and evidence):
    ``advance-check``, ``built-in``, ``rule``, ``plan-falsifier``, ``step-falsifier`` or ``verifier``
    (an escalation resolved with no falsifier or rule named)."""
    if rule in ADVANCE_RULES:
        return "advance-check"
    if rule in BUILTIN_RULES:
        return "built-in"
    if rule:
        return "rule"
    if level == "plan":
        return "plan-falsifier"
    return "step-falsifier" if evidence else "verifier"


def source_of_check(result: Any) -> str:
    """:func:`detection_source` of a check's result (a :class:`~fcpkit.core.testers.CheckResult`)."""
    return detection_source(result.rule, result.evidence_level, result.evidence)


def first_write(t: Trajectory) -> int | None:
    """The step of the run's first ``write`` or ``irreversible`` action."""
    return next((i for i, s in enumerate(t.steps) if s.action.effect in WRITE_EFFECTS), None)


def run_outcome(report: TrajectoryReport) -> dict[str, Any]:
    """A checked run read against its label: detected, caught, timely, early alarm, false alarm
    (see the module docstring), with the first detection's step, phase, evidence, rule and source."""
    first = first_detection(report)
    off = report.first_off_track_step
    faulty = report.fault is not None
    repairs = [c for c in report.checks if c.decision is Decision.REPAIR]
    after = next((c for c in repairs if off is not None and c.step >= off), None) if faulty else None
    return {
        "id": report.id, "workflow": report.workflow, "fault": report.fault, "first_off_track_step": off,
        "detected": first is not None,
        "first_detection_step": first.step if first else None,
        "first_detection_phase": first.phase if first else None,
        "detection_evidence": first.result.evidence if first else None,
        "detection_rule": first.result.rule if first else None,
        "source": source_of_check(first.result) if first else None,
        "caught": after is not None,
        "caught_step": after.step if after else None,
        "timely": after is not None and after.step == off,
        "early_alarm": early_alarm(report),
        "false_alarm": bool(not faulty and first is not None),
        "escalations": report.model_escalations, "slow_routes": report.escalations,
    }


# ----------------------------------------------------------------------------- one run, one configuration


@dataclass(frozen=True)
class RunRecord:
    """One trajectory under one configuration (corpus, arm, matcher, bound, thresholds)."""

    corpus: str
    arm: str
    matcher: str
    bound: str
    id: str
    workflow: str | None
    fault: str | None
    n_steps: int
    first_off_track_step: int | None
    first_write_step: int | None
    detected: bool
    detection_step: int | None = None
    detection_phase: str | None = None
    detection_rule: str | None = None
    detection_scope: str | None = None
    detection_evidence: str | None = None
    detection_level: str | None = None
    n_checks: int = 0
    escalations: int = 0
    tau_shift: float = 0.0
    delta_scale: float = 1.0
    check_ms: tuple[float, ...] = field(default=(), repr=False)
    model_escalations: int = 0

    @property
    def faulty(self) -> bool:
        return self.fault is not None

    @property
    def false_alarm(self) -> bool:
        return self.detected and not self.faulty

    @property
    def premature(self) -> bool:
        return (self.detected and self.faulty and self.first_off_track_step is not None
                and self.detection_step is not None and self.detection_step < self.first_off_track_step)

    @property
    def on_time(self) -> bool:
        return self.detected and self.faulty and not self.premature

    @property
    def steps_saved(self) -> int | None:
        if not self.detected or self.detection_step is None:
            return None
        ran = self.detection_step + (0 if self.detection_phase == "pre" else 1)
        return max(0, self.n_steps - ran)

    @property
    def before_write(self) -> bool | None:
        if not self.detected or self.detection_step is None:
            return None
        w = self.first_write_step
        return w is None or self.detection_step < w or (self.detection_step == w and self.detection_phase == "pre")

    @property
    def delay(self) -> int | None:
        if not self.detected or self.first_off_track_step is None or self.detection_step is None:
            return None
        return self.detection_step - self.first_off_track_step

    @property
    def source(self) -> str | None:
        """What made the detection (:data:`SOURCES`): ``outcome`` for the outcome check, else
        :func:`detection_source` of the detecting check."""
        if not self.detected:
            return None
        if self.detection_rule == "outcome":
            return "outcome"
        return detection_source(self.detection_rule, self.detection_level, self.detection_evidence)

    def to_row(self) -> dict[str, Any]:
        d = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "check_ms"}
        d.update(premature=self.premature, steps_saved=self.steps_saved, before_write=self.before_write,
                 delay=self.delay, source=self.source)
        return d


def records_from_reports(
    reports: Sequence[TrajectoryReport], trajs: Sequence[Trajectory], *, corpus: str, arm: str, matcher: str,
    bound: str, tau_shift: float = 0.0, delta_scale: float = 1.0,
) -> list[RunRecord]:
    """Turn checker reports (in the order of ``trajs``) into :class:`RunRecord` rows."""
    out = []
    for r, t in zip(reports, trajs):
        d = first_detection(r)
        times = tuple(c.result.elapsed_ms for c in r.checks if c.result.scored)
        out.append(RunRecord(
            corpus, arm, matcher, bound, r.id, r.workflow, r.fault, r.n_steps, r.first_off_track_step,
            first_write(t), d is not None,
            d.step if d else None, d.phase if d else None, d.result.rule if d else None,
            d.result.scope if d else None, d.result.evidence if d else None, d.result.evidence_level if d else None,
            len(r.checks), r.escalations, tau_shift, delta_scale, times, r.model_escalations,
        ))
    return out


def outcome_records(trajs: Sequence[Trajectory], *, corpus: str, matcher: str = "-", bound: str = "-",
                    tau_shift: float = 0.0, delta_scale: float = 1.0) -> list[RunRecord]:
    """The outcome check: every faulty run flagged after its last step (post phase), no healthy one."""
    out = []
    for t in trajs:
        faulty = t.label.fault is not None
        last = max(len(t.steps) - 1, 0)
        out.append(RunRecord(
            corpus, "outcome", matcher, bound, t.id, t.workflow, t.label.fault, len(t.steps),
            t.label.first_off_track_step, first_write(t), faulty,
            last if faulty else None, "post" if faulty else None, "outcome" if faulty else None,
            tau_shift=tau_shift, delta_scale=delta_scale,
        ))
    return out


# ----------------------------------------------------------------------------- summaries


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
    det = [r for r in faulty if detected(r)]
    fa = [r for r in healthy if detected(r)]
    checks = [c for r in reports for c in r.checks]
    esc = sum(1 for r in reports for _ in range(r.escalations))
    pre = [r for r in det if first_detection(r).phase == "pre"]
    delays = [first_detection(r).step - r.first_off_track_step for r in det if r.first_off_track_step is not None]
    by_fault: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in faulty:
        by_fault[r.fault][1] += 1
        by_fault[r.fault][0] += int(detected(r))
    times = sorted(c.result.elapsed_ms for c in checks)
    return {
        "trajectories": len(reports),
        "faulty": len(faulty),
        "healthy": len(healthy),
        "unlabelled": len(unlabelled),
        "findings": [r.id for r in unlabelled if detected(r)],
        "detection_rate": len(det) / len(faulty) if faulty else None,
        "detection_ci95": wilson(len(det), len(faulty)) if faulty else None,
        "false_alarm_rate": len(fa) / len(healthy) if healthy else None,
        "false_alarms": [r.id for r in fa],
        "missed": [r.id for r in faulty if not detected(r)],
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


def _pct(values: Sequence[float], q: float) -> float | None:
    if not values:
        return None
    v = sorted(values)
    return v[min(len(v) - 1, int(math.ceil(q * len(v))) - 1)] if q > 0 else v[0]


def summarize_runs(records: Sequence[RunRecord]) -> dict[str, Any]:
    """Every benchmark metric over a set of runs (see the module docstring for definitions).

    Rates come with Wilson 95% intervals (``*_lo``/``*_hi``); a rate with no denominator is ``None``.
    """
    faulty = [r for r in records if r.faulty]
    healthy = [r for r in records if not r.faulty]
    det = [r for r in faulty if r.detected]
    fa = [r for r in healthy if r.detected]
    on_time = [r for r in det if r.on_time]
    saved = [r.steps_saved for r in det]
    bw = [r for r in det if r.before_write]
    delays = [r.delay for r in det if r.delay is not None]
    times = [ms for r in records for ms in r.check_ms]
    n_checks = sum(r.n_checks for r in records)
    esc = sum(r.model_escalations for r in records)
    slow = sum(r.escalations for r in records)
    steps_faulty = sum(r.n_steps for r in faulty)

    def rate(k: int, n: int, name: str) -> dict[str, Any]:
        lo, hi = wilson(k, n) if n else (None, None)
        return {name: k / n if n else None, f"{name}_lo": lo, f"{name}_hi": hi}

    return {
        "runs": len(records), "faulty": len(faulty), "healthy": len(healthy),
        "detected": len(det), **rate(len(det), len(faulty), "detection_rate"),
        "on_time": len(on_time), **rate(len(on_time), len(faulty), "on_time_rate"),
        "premature": len(det) - len(on_time),
        "false_alarms": len(fa), **rate(len(fa), len(healthy), "false_alarm_rate"),
        "steps_saved_mean": statistics.fmean(saved) if saved else None,
        "steps_saved_median": statistics.median(saved) if saved else None,
        "steps_saved_share": (sum(saved) / steps_faulty) if steps_faulty else None,
        "before_write": len(bw), **rate(len(bw), len(det), "before_write_share"),
        "pre_action_share": (sum(1 for r in det if r.detection_phase == "pre") / len(det)) if det else None,
        "delay_mean": statistics.fmean(delays) if delays else None,
        "delay_median": statistics.median(delays) if delays else None,
        **{f"by_{k}": sum(1 for r in det if r.source == k) for k in SOURCES},
        "checks": n_checks, "escalations": esc,
        "escalation_share": esc / n_checks if n_checks else None,
        "slow_routes": slow, "slow_route_share": slow / n_checks if n_checks else None,
        "check_ms_median": statistics.median(times) if times else None,
        "check_ms_p95": _pct(times, 0.95),
    }


def summarize_outcomes(outcomes: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Counts over :func:`run_outcome` rows: runs, healthy, false_alarms, faulty, detected, caught,
    timely, missed, early_alarms, and the same per fault class under ``by_fault``."""
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
