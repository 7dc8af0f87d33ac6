"""Guards around the runtime loop: what may touch the world, and when a run must stop.

The article's production shape puts three fail-closed controls around commitment testing:

* :class:`PolicyGate` classifies every action as ``read`` / ``write`` / ``irreversible`` from
  what each of its calls does to the node it targets (:mod:`fcpkit.core.effects`; unknown is a
  write) and decides whether it may run. Reads pass on their own. Writes need a commitment that the last
  test left *supported* (not falsified, not an escalation still unresolved, no repair pending).
  Irreversible actions (purchase, delete, send, approve, pay, ...) need that **and** an approval
  callback, which denies by default; only a typed :class:`Approval` approves. The evidence check runs first and the gate second, so a
  falsified commitment never reaches the question of whether a write is permitted. A command the
  gate refuses to read (BrowserGym could run other calls than it reads:
  :mod:`fcpkit.core.action_calls`) is held whatever the commitment's state.
* :class:`RepairBudget` caps repairs per task (in total and, optionally, per scope): a run that
  keeps repairing costs more than one that never checks.
* :class:`KillSwitch` parks a run for review when repairs cluster (``max_repairs`` within
  ``window`` steps), or when an operator trips it.

Every decision is written to the :class:`~fcpkit.core.log.EvidenceLog` as an ``event`` record by the
runner (``event="gate"``, ``"repair_budget"``, ``"kill_switch"``); the gate can also log itself
when given a log.
"""

from __future__ import annotations

import inspect
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Mapping

from fcpkit.core.effects import EFFECT_ORDER, CallEffect, StepEffect, effect_of, step_effect
from fcpkit.core.log import EvidenceLog
from fcpkit.core.plan import SCOPES, Commitment
from fcpkit.core.trajectory import EFFECTS, Action, Observation

__all__ = [
    "EFFECT_ORDER",
    "COMMITMENT_STATES",
    "infer_effect",
    "classify_action",
    "Approval",
    "ApprovalRequest",
    "GateDecision",
    "PolicyGate",
    "deny_all",
    "approve_all",
    "RepairBudget",
    "KillSwitch",
]

#: What the last test says about the active commitment when an action is about to run.
#: ``supported``: not contradicted (fast path continued, or the verifier said continue/advance);
#: ``unresolved``: an escalation whose answer is only a fallback (LLM down) or not yet given;
#: ``falsified``: the verifier (or fast path) decided repair.
COMMITMENT_STATES = ("supported", "unresolved", "falsified")

def infer_effect(command: str, target: str | None = None, observation: Observation | None = None) -> str:
    """An action's effect from what it does (:func:`fcpkit.core.effects.effect_of`).

    Every call of the command counts, the target node is read from ``observation`` when given
    (``target``, the executor's resolved target, stands in for the first call otherwise), and what
    cannot be resolved is a write: the gate fails closed.
    """
    return effect_of(command, observation, target)


def classify_action(action: Action, observation: Observation | None = None) -> StepEffect:
    """The effect the gate acts on: the declared effect, raised (never lowered) by what the action does.

    :class:`~fcpkit.core.trajectory.Action` defaults ``effect`` to ``read``, so a missing declaration
    and a declared read look the same; an unknown declaration is the worst case.
    """
    found = step_effect(action.command, observation, action.target)
    declared = action.effect if action.effect in EFFECTS else "irreversible"
    if EFFECT_ORDER[declared] > EFFECT_ORDER[found.effect]:
        return StepEffect(declared, found.calls + (CallEffect("declared", declared, f"declared {declared}"),),
                          found.refused)
    return found


@dataclass(frozen=True)
class Approval:
    """An approver's answer. Only ``Approval(approved=True, by=<who>, ...)`` lets an irreversible
    action run; ``True``, ``"yes"``, ``{"approved": True}`` or a coroutine are not approvals."""

    approved: bool
    by: str
    reason: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.approved, bool) or not isinstance(self.by, str) or not isinstance(self.reason, str):
            raise TypeError("Approval(approved: bool, by: str, reason: str)")


def _read_approval(answer: Any) -> tuple[Approval | None, str]:
    """The approval in an approver's answer, or ``None`` and why it is a denial."""
    if inspect.isawaitable(answer):
        close = getattr(answer, "close", None)
        if callable(close):
            close()  # never awaited: close it so nothing runs later and no warning leaks
        return None, "the approver returned an awaitable (approvers are called synchronously)"
    if not isinstance(answer, Approval):
        return None, f"the approver returned {type(answer).__name__} {str(answer)[:60]!r}, not an Approval"
    if answer.approved is not True:
        return None, f"denied by {answer.by or 'the approver'}" + (f": {answer.reason}" if answer.reason else "")
    if not answer.by.strip():
        return None, "an Approval must name who approved (by)"
    return answer, ""


@dataclass(frozen=True)
class ApprovalRequest:
    """What an approver sees: the action, its effect, the commitment it serves, the task."""

    action: Action
    effect: str
    commitment: str | None
    subgoal: str | None
    task: str | None
    step: int | None
    run: str | None


def deny_all(request: ApprovalRequest) -> Approval:
    """The default approver: nobody approved it, so it does not run."""
    return Approval(False, "default", "irreversible actions are denied by default")


def approve_all(request: ApprovalRequest) -> Approval:
    """Approve everything, as ``"auto"`` (tests and shadow runs only, never production)."""
    return Approval(True, "auto", "approve_all")


@dataclass(frozen=True)
class GateDecision:
    allowed: bool
    effect: str
    reason: str
    commitment_state: str
    approver: str | None = None
    needs_approval: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class PolicyGate:
    """Fail-closed policy for actions about to reach the browser.

    Args:
        approve: ``(ApprovalRequest) -> Approval`` for irreversible actions. Anything but an
            :class:`Approval` with ``approved=True`` and a non-empty ``by`` denies: ``True``,
            ``"yes"``, a dict, a coroutine, an exception. Default :func:`deny_all`.
        allow_writes: ``False`` makes the workflow read-only (the article's first rollout step).
        log, run: where the gate logs itself when called outside a runner (optional).
    """

    def __init__(
        self,
        approve: Callable[[ApprovalRequest], Approval] | None = None,
        *,
        allow_writes: bool = True,
        log: EvidenceLog | None = None,
        run: str = "",
    ):
        self.approve = approve or deny_all
        self.allow_writes = allow_writes
        self.log = log
        self.run = run
        self.decisions: list[GateDecision] = []

    def check(
        self,
        action: Action,
        *,
        commitment_state: str = "supported",
        repair_pending: bool = False,
        commitment: Commitment | None = None,
        task: str | None = None,
        step: int | None = None,
        observation: Observation | None = None,
    ) -> GateDecision:
        """Decide ``action`` on the page ``observation`` it will run on (its nodes decide the effect)."""
        if commitment_state not in COMMITMENT_STATES:
            commitment_state = "unresolved"  # unknown state: fail closed
        found = classify_action(action, observation)
        effect, why = found.effect, found.reason
        state = "falsified" if repair_pending and commitment_state == "supported" else commitment_state
        if effect == "read":
            d = GateDecision(True, effect, "read: allowed on an unfalsified commitment", state)
        elif found.refused:  # BrowserGym could run other calls than the gate reads: it does not guess
            d = GateDecision(False, effect, f"{effect} blocked: the command is refused ({why})", state)
        elif not self.allow_writes:
            d = GateDecision(False, effect, f"{effect} blocked: this workflow is read-only ({why})", state)
        elif repair_pending:
            d = GateDecision(False, effect, f"{effect} blocked: a repair is pending ({why})", state)
        elif state != "supported":
            d = GateDecision(False, effect, f"{effect} blocked: the commitment is {state} ({why})", state)
        elif effect == "write":
            d = GateDecision(True, effect, f"write: allowed on a supported commitment ({why})", state)
        else:
            d = self._ask(action, state, why, commitment, task, step)
        self.decisions.append(d)
        if self.log is not None:
            self.log.append("event", run=self.run, step=step, phase="gate", commitment=commitment.id if commitment else None,
                            event="gate", command=action.command, target=action.target, **d.to_dict())
        return d

    def _ask(self, action: Action, state: str, why: str, commitment: Commitment | None, task: str | None,
             step: int | None) -> GateDecision:
        req = ApprovalRequest(action, "irreversible", commitment.id if commitment else None,
                              commitment.subgoal if commitment else None, task, step, self.run or None)
        try:
            approval, denial = _read_approval(self.approve(req))
        except Exception as exc:  # noqa: BLE001 - an approver that fails denies
            approval, denial = None, f"the approver failed ({type(exc).__name__}: {str(exc)[:120]})"
        if approval is None:
            return GateDecision(False, "irreversible", f"irreversible blocked: no approval ({denial}; {why})", state,
                                None, True)
        return GateDecision(True, "irreversible", f"irreversible: approved by {approval.by}"
                            + (f" ({approval.reason})" if approval.reason else ""), state, approval.by, True)


@dataclass
class RepairBudget:
    """At most ``max_repairs`` repairs per task, and optionally at most ``per_scope[scope]`` of a scope."""

    max_repairs: int = 3
    per_scope: Mapping[str, int] = field(default_factory=dict)
    spent: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.max_repairs < 0 or any(s not in SCOPES or n < 0 for s, n in self.per_scope.items()):
            raise ValueError(f"RepairBudget: max_repairs >= 0 and per_scope over {SCOPES} with counts >= 0")

    @property
    def total(self) -> int:
        return sum(self.spent.values())

    @property
    def remaining(self) -> int:
        return max(0, self.max_repairs - self.total)

    def allows(self, scope: str | None = None) -> bool:
        if self.total >= self.max_repairs:
            return False
        if scope is not None and scope in self.per_scope and self.spent.get(scope, 0) >= self.per_scope[scope]:
            return False
        return True

    def spend(self, scope: str) -> None:
        self.spent[scope] = self.spent.get(scope, 0) + 1

    def reset(self) -> None:
        self.spent = {}

    def to_dict(self) -> dict[str, Any]:
        return {"max_repairs": self.max_repairs, "per_scope": dict(self.per_scope), "spent": dict(self.spent),
                "remaining": self.remaining}


class KillSwitch:
    """Parks a run when ``max_repairs`` repairs fall within ``window`` consecutive steps.

    ``trip(reason)`` parks it by hand (an operator, an alert); a manual trip survives
    :meth:`reset`, a clustering trip does not (each run starts with a clean window).
    """

    def __init__(self, max_repairs: int = 3, window: int = 5):
        if max_repairs < 1 or window < 1:
            raise ValueError("KillSwitch: max_repairs and window must be >= 1")
        self.max_repairs = max_repairs
        self.window = window
        self.repair_steps: list[int] = []
        self.reason: str | None = None
        self._manual: str | None = None

    @property
    def tripped(self) -> bool:
        return self.reason is not None or self._manual is not None

    def record_repair(self, step: int) -> bool:
        """Count a repair at ``step``; returns whether the switch is (now) tripped."""
        self.repair_steps.append(step)
        recent = [s for s in self.repair_steps if s > step - self.window]
        if len(recent) >= self.max_repairs and self.reason is None:
            self.reason = f"{len(recent)} repairs within {self.window} steps (steps {recent})"
        return self.tripped

    def trip(self, reason: str = "tripped by operator") -> None:
        self._manual = reason

    def reset(self) -> None:
        self.repair_steps = []
        self.reason = None

    @property
    def why(self) -> str | None:
        return self._manual or self.reason

    def to_dict(self) -> dict[str, Any]:
        return {"max_repairs": self.max_repairs, "window": self.window, "repair_steps": list(self.repair_steps),
                "tripped": self.tripped, "reason": self.why}
