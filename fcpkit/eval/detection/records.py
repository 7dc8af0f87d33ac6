"""What one checked run yields: the benchmark's arms, bounds and grid constants, and :class:`RunRecord`.

The definitions of ``detected``, ``premature``, ``steps_saved``, ``before_write``, ``delay`` and
``source`` are the properties of :class:`RunRecord` (see :mod:`fcpkit.eval.detection`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Sequence

from fcpkit.core.falsifiers import BUILTIN_RULES
from fcpkit.core.trajectory import Trajectory
from fcpkit.eval.checker import TrajectoryReport

#: Arm name -> Checker switches (``None``: the outcome check, no checker at all).
ARMS: dict[str, dict[str, bool] | None] = {
    "outcome": None,
    "confirming-only": dict(use_falsifiers=False, use_plan_falsifiers=False, use_rules=False),
    "step-falsifiers": dict(use_plan_falsifiers=False, use_rules=False),
    "+plan-falsifiers": dict(use_rules=False),
    "+rules": dict(use_builtins=False),
    "+built-in": dict(),
}
ARM_ORDER: tuple[str, ...] = tuple(ARMS)
FULL_ARM = "+built-in"
BOUNDS: tuple[str, ...] = ("lower", "upper")
WRITE_EFFECTS = frozenset({"write", "irreversible"})
SOFT_CHECK = "unconfirmed_advance"  # the checker's check on an agent moving on unconfirmed
#: Rules of the checker's advance checks (:func:`fcpkit.core.progress.advance_check`): bookkeeping on the
#: agent's claims (not timed as fast tests: ``CheckResult.scored`` is false), the ``advance-check`` source.
ADVANCE_RULES = frozenset({SOFT_CHECK, "unconfirmed_write", "reported_unconfirmed_write", "skipped_commitment"})

SOURCES: tuple[str, ...] = ("step-falsifier", "plan-falsifier", "rule", "built-in", "advance-check", "verifier", "outcome")

DEFAULT_TAU_SHIFTS: tuple[float, ...] = (-0.15, -0.10, -0.05, 0.0, 0.05, 0.10, 0.15)
DEFAULT_DELTA_SCALES: tuple[float, ...] = (0.5, 0.75, 1.0, 1.25, 1.5)
PAPER_POINT: tuple[float, float] = (0.0, 1.0)



def detection_source(rule: str | None, level: str | None, evidence: Any) -> str:
    """The source of a detection from the check that made it (its rule, evidence level and evidence):
    ``advance-check``, ``built-in``, ``rule``, ``plan-falsifier``, ``step-falsifier`` or ``verifier``
    (an escalation resolved with no falsifier or rule named). One definition for the detection
    benchmark and the falsifier lab."""
    if rule in ADVANCE_RULES:
        return "advance-check"
    if rule in BUILTIN_RULES:
        return "built-in"
    if rule:
        return "rule"
    if level == "plan":
        return "plan-falsifier"
    return "step-falsifier" if evidence else "verifier"


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
        """What made the detection: ``outcome``, ``advance-check`` (the checker's unconfirmed-advance
        check), ``built-in`` (a built-in task-level falsifier), ``rule``, ``plan-falsifier``, ``step-falsifier``, or ``verifier`` (an escalation the
        verifier resolved with no falsifier or rule named)."""
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


def _first_write(t: Trajectory) -> int | None:
    return next((i for i, s in enumerate(t.steps) if s.action.effect in WRITE_EFFECTS), None)


def records_from_reports(
    reports: Sequence[TrajectoryReport], trajs: Sequence[Trajectory], *, corpus: str, arm: str, matcher: str,
    bound: str, tau_shift: float = 0.0, delta_scale: float = 1.0,
) -> list[RunRecord]:
    """Turn checker reports (in the order of ``trajs``) into :class:`RunRecord` rows."""
    out = []
    for r, t in zip(reports, trajs):
        d = r.detection
        times = tuple(c.result.elapsed_ms for c in r.checks if c.result.scored)
        out.append(RunRecord(
            corpus, arm, matcher, bound, r.id, r.workflow, r.fault, r.n_steps, r.first_off_track_step,
            _first_write(t), d is not None,
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
            t.label.first_off_track_step, _first_write(t), faulty,
            last if faulty else None, "post" if faulty else None, "outcome" if faulty else None,
            tau_shift=tau_shift, delta_scale=delta_scale,
        ))
    return out
