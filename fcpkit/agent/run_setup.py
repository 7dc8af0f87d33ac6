"""How a :class:`~fcpkit.agent.runtime.Runner` is put together: its settings and its parts.

:class:`RunConfig` holds the run's fixed settings (budgets, switches, history length, which
verifiers leave a doubt unresolved, the run id), with the defaults filled in once.
:class:`RunParts` holds the components the loop calls (testers, verifier, repairer, guards, evidence
log); :meth:`RunParts.build` makes the defaults for the parts not given. Both are frozen: a
runner's settings and parts do not change during its run (the parts' own state does: a budget is
spent, a log grows).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any, Collection, Iterable

from fcpkit.agent.guards import KillSwitch, PolicyGate, RepairBudget
from fcpkit.agent.repair import DeterministicRepairer, Repairer
from fcpkit.core.log import EvidenceLog
from fcpkit.core.protocols import Matcher
from fcpkit.core.router import Thresholds
from fcpkit.core.testers import ActionTester, StateTester
from fcpkit.core.verify import KeepGoingVerifier, Verifier
from fcpkit.matching import LexicalMatcher

__all__ = ["RunConfig", "RunParts", "bind_components"]


@dataclass(frozen=True)
class RunConfig:
    """A run's settings (the :class:`~fcpkit.agent.runtime.Runner` arguments of the same names).

    Made with the runner's defaults filled in: a fresh ``run_id`` when none is given, and a
    ``proposal_budget`` of three proposals per browser step when none is given.
    """

    run_id: str | None = None
    step_budget: int = 20
    #: proposals, counting the ones rejected before they ran (``None``: ``3 * step_budget``)
    proposal_budget: int | None = None
    pre_action: bool = True
    repairs: bool = True
    history: int = 4
    unresolved_verifiers: Collection[str] = frozenset({"keep-going"})
    gate_block_limit: int = 2

    def __post_init__(self) -> None:
        steps = int(self.step_budget)
        fill = {"run_id": self.run_id or f"run-{uuid.uuid4().hex[:8]}", "step_budget": steps,
                "proposal_budget": int(self.proposal_budget) if self.proposal_budget is not None else 3 * steps,
                "unresolved_verifiers": frozenset(self.unresolved_verifiers)}
        for name, value in fill.items():
            object.__setattr__(self, name, value)  # a frozen dataclass fills its defaults this way


@dataclass(frozen=True)
class RunParts:
    """The components the loop calls, other than the environment, the executor and the planner."""

    state_tester: StateTester
    action_tester: ActionTester
    verifier: Verifier
    repairer: Repairer
    gate: PolicyGate
    budget: RepairBudget
    kill_switch: KillSwitch
    log: EvidenceLog

    @classmethod
    def build(cls, *, matcher: Matcher | None = None, thresholds: Thresholds | None = None,
              state_tester: StateTester | None = None, action_tester: ActionTester | None = None,
              verifier: Verifier | None = None, repairer: Repairer | None = None, gate: PolicyGate | None = None,
              budget: RepairBudget | None = None, kill_switch: KillSwitch | None = None,
              log: EvidenceLog | None = None) -> "RunParts":
        """The parts given, and the defaults for the others: testers on ``matcher`` (the lexical
        matcher by default) and ``thresholds``, the keep-going verifier (the lower bound), the
        deterministic repairer, a gate that denies irreversible actions, 3 repairs per task, a kill
        switch at 3 repairs within 5 steps, an in-memory log. The action tester shares the state
        tester's matcher and thresholds."""
        states = state_tester or StateTester(matcher if matcher is not None else LexicalMatcher(), thresholds)
        return cls(
            state_tester=states, action_tester=action_tester or ActionTester(states.matcher, states.thresholds),
            verifier=verifier or KeepGoingVerifier(), repairer=repairer or DeterministicRepairer(),
            gate=gate or PolicyGate(), budget=budget if budget is not None else RepairBudget(),
            kill_switch=kill_switch if kill_switch is not None else KillSwitch(),
            log=log if log is not None else EvidenceLog(),
        )


def bind_components(components: Iterable[Any], log: EvidenceLog, run: str) -> None:
    """Give each component that has a ``bind(log=, run=)`` method (an LLM verifier, a repairer
    that logs its retrievals...) the run's evidence log and id."""
    for comp in components:
        bind = getattr(comp, "bind", None)
        if callable(bind):
            bind(log=log, run=run)
