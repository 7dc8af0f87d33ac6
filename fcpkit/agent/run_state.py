"""What changes while a live run goes on, in one record.

A run has three kinds of things: its settings (:class:`~fcpkit.agent.run_setup.RunConfig`, fixed),
its parts (:class:`~fcpkit.agent.run_setup.RunParts`: testers, verifier, repairer, guards, log; they
keep their own state) and its state, :class:`RunState`: where it is (step, page, commitment
tracker), what it did (trajectory, checks, repairs, counts) and how it ended (stop reason, answer,
result). Only the loop writes it (the phases of :mod:`fcpkit.agent.phases`, over the run's
:class:`~fcpkit.agent.run_book.RunBook`); notebooks read it through the
:class:`~fcpkit.agent.runtime.Runner`'s properties of the same names. The commitment's standing
for the policy gate is the tracker's (:attr:`~fcpkit.core.tracker.CommitmentTracker.standing`),
with the rest of the commitments' progress.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from fcpkit.agent.repair import RepairResult
from fcpkit.agent.run_records import RunResult
from fcpkit.core.plan import Plan
from fcpkit.core.tracker import CommitmentTracker
from fcpkit.core.trajectory import Action, Observation
from fcpkit.core.verify import StepCheck

__all__ = ["RunState"]


@dataclass(eq=False)
class RunState:
    """The mutable state of one live run.

    ``given_plan`` is the plan the run was given (``None`` when a planner makes it); once the run
    started, the plan being followed is the tracker's (:attr:`plan`).
    """

    task: str
    given_plan: Plan | None = None
    #: the run's commitment progress (made once the plan is known; the plan lives on it)
    tracker: CommitmentTracker | None = None
    #: browser steps taken
    t: int = 0
    observation: Observation | None = None
    initial_observation: Observation | None = None
    #: the page of the last completed commitment: where a backtrack goes
    safe_url: str | None = None
    #: actions refused in this stage (by a test, the gate or a repair), shown to the executor
    rejected: list[Action] = field(default_factory=list)
    #: the last repair's or refusal's hint to the executor
    hint: str | None = None
    trajectory: list[tuple[Action, Observation]] = field(default_factory=list)
    #: the steps since the last commitment was completed
    stage_history: list[tuple[Action, Observation]] = field(default_factory=list)
    summaries: list[str] = field(default_factory=list)
    checks: list[StepCheck] = field(default_factory=list)
    repairs: list[RepairResult] = field(default_factory=list)
    escalations: int = 0
    model_escalations: int = 0
    detections: int = 0
    gate_blocks: int = 0
    proposals: int = 0
    first_detection: dict[str, Any] | None = None
    answer: str | None = None
    stop_reason: str | None = None
    stop_detail: str | None = None
    result: RunResult | None = None
    #: seconds spent per module
    times: Counter = field(default_factory=Counter)
    #: (page fingerprint, command) -> times proposed in this stage
    proposed: Counter = field(default_factory=Counter)

    @property
    def plan(self) -> Plan | None:
        """The plan being followed (repairs and replanning change it from the active commitment on)."""
        return self.tracker.plan if self.tracker is not None else self.given_plan

    @property
    def index(self) -> int:
        """The active commitment's position; ``len(plan)`` once a page completed the last one."""
        return self.tracker.position if self.tracker is not None else 0

    @property
    def advanced(self) -> list[str]:
        """Ids of the commitments confirmed done, in order (skipped ones are not)."""
        return self.tracker.advanced if self.tracker is not None else []

    def record_step(self, action: Action, observation: Observation, *, stage: bool = True) -> None:
        """One browser step taken: the counter, the page and the trajectory (and the stage's
        history, unless the step is the runner's own navigation)."""
        self.t += 1
        self.observation = observation
        self.trajectory.append((action, observation))
        if stage:
            self.stage_history.append((action, observation))
