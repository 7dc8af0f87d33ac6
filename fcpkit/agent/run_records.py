"""What a live run reports: the events a notebook follows and the result it ends with.

:class:`RunEvent` is one phase of a run as listeners and ``Runner.steps()`` see it (its ``name``
is one of :data:`EVENTS`); :class:`RunResult` is what the run did and cost, with the stop reason
(one of :data:`STOP_REASONS`) and its outcome class. :func:`llm_by_module` sums the LLM calls a
run made, per module, from the usage ledgers its components' clients keep.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from fcpkit.agent.repair import RepairResult
from fcpkit.core.plan import Plan
from fcpkit.core.protocols import Outcome
from fcpkit.core.trajectory import Action, Observation
from fcpkit.core.verify import StepCheck

__all__ = ["RunEvent", "RunResult", "EVENTS", "STOP_REASONS", "find_ledgers", "llm_by_module"]

#: Event names, in the order they can occur within a step.
EVENTS = ("run_start", "plan", "propose", "pre_test", "gate", "act", "post_test", "advance", "repair", "replan",
          "backtrack", "stop", "run_end", "retrieval", "experience_hit")
STOP_REASONS = ("plan_complete", "reported", "infeasible", "step_budget", "proposal_budget", "killed", "looping",
                "repair_budget", "approval_required", "blocked_by_policy", "replan_required", "planning_failed",
                "executor_error", "env_error", "interrupted", "crashed", "unrepairable")


@dataclass(frozen=True)
class RunEvent:
    """One phase of a run, as a notebook sees it. ``data`` holds the phase's payload
    (``action``, ``result`` (CheckResult), ``verdict``, ``gate``, ``repair``, ``observation``...)."""

    name: str
    run: str
    step: int
    phase: str | None = None
    commitment: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]


@dataclass
class RunResult:
    """What a run did and cost. ``success`` is the environment's validator (``env.validate``)."""

    run_id: str
    task: str
    success: bool | None
    outcome: Outcome | None
    stop_reason: str
    stop_detail: str | None
    steps: int
    proposals: int
    plan: Plan | None
    advanced: list[str]
    detections: int
    first_detection: dict[str, Any] | None
    repairs: list[RepairResult]
    checks: list[StepCheck]
    escalations: int
    gate_blocks: int
    answer: str | None
    llm_by_module: dict[str, dict[str, Any]]
    time_by_module: dict[str, float]
    wall_s: float
    summaries: list[str] = field(default_factory=list)
    trajectory: list[tuple[Action, Observation]] = field(default_factory=list)
    model_escalations: int = 0  # checks that needed a model (verifiers.needs_model): the article's count
    outcome_class: str = ""  # fcpkit.agent.outcomes.OUTCOME_CLASSES: recovered, honest_stop, unsafe, wasted, ...

    @property
    def n_checks(self) -> int:
        return len(self.checks)

    @property
    def escalation_fraction(self) -> float:
        """Share of checks sent to the verifier object (every route but continue: the paper's count)."""
        return self.escalations / len(self.checks) if self.checks else 0.0

    @property
    def model_escalation_fraction(self) -> float:
        """Share of checks that needed a model to decide: what a split verifier sends to an LLM."""
        return self.model_escalations / len(self.checks) if self.checks else 0.0

    @property
    def repairs_by_scope(self) -> dict[str, int]:
        return dict(Counter(r.scope for r in self.repairs))

    @property
    def repairs_by_depth(self) -> dict[str, int]:
        return dict(Counter(r.depth for r in self.repairs))

    @property
    def completed(self) -> bool:
        return self.plan is not None and len(self.advanced) >= len(self.plan)

    @property
    def llm_calls(self) -> int:
        return sum(v["calls"] for v in self.llm_by_module.values())

    @property
    def llm_wall_s(self) -> float:
        return sum(v["wall_s"] for v in self.llm_by_module.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "run_id": self.run_id, "task": self.task, "success": self.success,
            "outcome_reason": self.outcome.reason if self.outcome else None,
            "stop_reason": self.stop_reason, "stop_detail": self.stop_detail, "steps": self.steps,
            "proposals": self.proposals, "completed": self.completed, "advanced": list(self.advanced),
            "n_commitments": len(self.plan) if self.plan is not None else 0,
            "detections": self.detections, "first_detection": self.first_detection,
            "repairs": len(self.repairs), "repairs_by_scope": self.repairs_by_scope,
            "repairs_by_depth": self.repairs_by_depth, "checks": self.n_checks, "escalations": self.escalations,
            "escalation_fraction": round(self.escalation_fraction, 4), "model_escalations": self.model_escalations,
            "model_escalation_fraction": round(self.model_escalation_fraction, 4), "gate_blocks": self.gate_blocks,
            "answer": self.answer, "llm_calls": self.llm_calls, "llm_wall_s": round(self.llm_wall_s, 4),
            "llm_by_module": self.llm_by_module, "time_by_module": {k: round(v, 4) for k, v in self.time_by_module.items()},
            "wall_s": round(self.wall_s, 4), "summaries": list(self.summaries), "outcome_class": self.outcome_class,
            "repair_strategies": [(r.strategy, r.family) for r in self.repairs],
        }


def find_ledgers(extra: Any, components: Iterable[Any]) -> list[Any]:
    """The distinct usage ledgers to account: ``extra`` and each component's ``client.usage``
    (anything with a ``calls`` list), in that order, each once."""
    found, seen = [], set()
    for u in [extra] + [getattr(getattr(c, "client", None), "usage", None) for c in components]:
        if u is not None and hasattr(u, "calls") and id(u) not in seen:
            seen.add(id(u))
            found.append(u)
    return found


def llm_by_module(ledgers: Iterable[Any], marks: Mapping[int, int]) -> dict[str, dict[str, Any]]:
    """Calls, failures, wall time and tokens per module, over the calls each ledger recorded
    after its mark (``marks[id(ledger)]``: how many calls it held when the run started)."""
    llm: dict[str, dict[str, Any]] = {}
    for u in ledgers:
        for call in u.calls[marks.get(id(u), 0):]:
            row = llm.setdefault(call.module, {"calls": 0, "failed": 0, "wall_s": 0.0, "prompt_tokens": 0,
                                               "completion_tokens": 0})
            row["calls"] += 1
            row["failed"] += 0 if call.ok else 1
            row["wall_s"] += call.wall_s
            row["prompt_tokens"] += call.prompt_tokens
            row["completion_tokens"] += call.completion_tokens
    return llm
