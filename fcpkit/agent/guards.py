"""Guards around the runtime loop: what may touch the world, and when a run must stop.

The article's production shape puts three fail-closed controls around commitment testing:

* :class:`PolicyGate` classifies every action as ``read`` / ``write`` / ``irreversible`` and
  decides whether it may run. Reads pass on their own. Writes need a commitment that the last
  test left *supported* (not falsified, not an escalation still unresolved, no repair pending).
  Irreversible actions (purchase, delete, send, approve, pay, ...) need that **and** an approval
  callback, which denies by default. The evidence check runs first and the gate second, so a
  falsified commitment never reaches the question of whether a write is permitted.
* :class:`RepairBudget` caps repairs per task (in total and, optionally, per scope): a run that
  keeps repairing costs more than one that never checks.
* :class:`KillSwitch` parks a run for review when repairs cluster (``max_repairs`` within
  ``window`` steps), or when an operator trips it.

Every decision is written to the :class:`~fcpkit.core.log.EvidenceLog` as an ``event`` record by the
runner (``event="gate"``, ``"repair_budget"``, ``"kill_switch"``); the gate can also log itself
when given a log.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Mapping

from fcpkit.core.log import EvidenceLog
from fcpkit.core.plan import SCOPES, Commitment
from fcpkit.core.rules import parse_action
from fcpkit.core.trajectory import EFFECTS, Action

__all__ = [
    "EFFECT_ORDER",
    "COMMITMENT_STATES",
    "infer_effect",
    "classify_action",
    "ApprovalRequest",
    "GateDecision",
    "PolicyGate",
    "deny_all",
    "approve_all",
    "RepairBudget",
    "KillSwitch",
]

#: Effects from least to most consequential.
EFFECT_ORDER: dict[str, int] = {"read": 0, "write": 1, "irreversible": 2}

#: What the last test says about the active commitment when an action is about to run.
#: ``supported``: not contradicted (fast path continued, or the verifier said continue/advance);
#: ``unresolved``: an escalation whose answer is only a fallback (LLM down) or not yet given;
#: ``falsified``: the verifier (or fast path) decided repair.
COMMITMENT_STATES = ("supported", "unresolved", "falsified")

# Words in a target's accessible name (or a command) that mark the action's effect.
_IRREVERSIBLE = re.compile(
    r"\b(delete|remove|destroy|erase|purge|pay|payment|purchase|buy|checkout|check out|place order|order now|"
    r"send|transfer|refund|approve|confirm|submit payment|wire|publish)\b",
    re.IGNORECASE,
)
_WRITE = re.compile(
    r"\b(save|submit|assign|update|apply|create|add|edit|post|close|merge|reject|cancel|archive|reopen|"
    r"set|change|upload|import|register|enable|disable|rename|move|mark)\b",
    re.IGNORECASE,
)
# Controls that only enter or pick a value (the write happens on the button that submits it).
_FIELD_ROLES = frozenset(
    "textbox searchbox combobox listbox option spinbutton checkbox radio slider tab tabpanel statictext heading img cell row".split()
)
_READ_CALLS = frozenset(
    {"noop", "scroll", "hover", "focus", "go_back", "go_forward", "goto", "tab_focus", "new_tab", "tab_close",
     "send_msg_to_user", "report_infeasible", "mouse_move"}
)
_FIELD_CALLS = frozenset({"fill", "select_option", "clear", "keyboard_type", "keyboard_insert_text", "press", "keyboard_press"})
_TARGET = re.compile(r"^\s*(?:\[[^\]]*\]\s*)?(?P<role>[A-Za-z]+)\s*(?:'(?P<name>.*)')?", re.DOTALL)


def _max_effect(*effects: str) -> str:
    return max(effects, key=lambda e: EFFECT_ORDER.get(e, 0))


def infer_effect(command: str, target: str | None = None) -> str:
    """Infer an action's effect from its command and target name alone.

    A click (or Enter pressed) on a control named *save / submit / assign ...* is a write; one
    named *delete / pay / send / approve / confirm ...* is irreversible. Navigation, scrolling,
    filling a field and choosing an option are reads: the write happens when the form is
    submitted. An unparsable command is a read here (the action rule rejects it anyway).
    """
    try:
        calls = parse_action(command)
    except ValueError:
        return "read"
    m = _TARGET.match(target or "")
    role = (m.group("role") or "").lower() if m else ""
    name = (m.group("name") or "") if m else ""
    effect = "read"
    for call in calls:
        if call.name in _READ_CALLS:
            continue
        if call.name in _FIELD_CALLS:
            key = call.args[-1] if call.args else call.kwargs.get("key", "")
            submits = call.name in ("press", "keyboard_press") and isinstance(key, str) and re.search(r"enter|return", key, re.I)
            if not submits or role in ("textbox", "searchbox", "combobox"):
                continue  # typing/picking a value, or Enter in a (search) box
        # a click / dblclick / drag / upload / submitting key press: judge by the target's name
        words = name if name else (target or "")
        if role in ("link", "menuitem"):
            if not _is_verb_first(words):
                continue  # a record or navigation link ('T-390 Charged twice'), not a command
        elif role in _FIELD_ROLES:
            continue
        if _IRREVERSIBLE.search(words):
            effect = _max_effect(effect, "irreversible")
        elif _WRITE.search(words) or call.name in ("upload_file", "mouse_upload_file"):
            effect = _max_effect(effect, "write")
    return effect


def _is_verb_first(name: str) -> bool:
    """'Save changes' (a verb-first command link) vs 'T-390 Charged twice' (a record link)."""
    first = name.strip().split(None, 1)
    return bool(first) and bool(_WRITE.fullmatch(first[0]) or _IRREVERSIBLE.fullmatch(first[0]))


def classify_action(action: Action) -> str:
    """The effect the gate acts on: the declared effect, raised (never lowered) by inference.

    :class:`~fcpkit.core.trajectory.Action` defaults ``effect`` to ``read``, so a missing declaration
    and a declared read look the same; failing closed, a declared read whose target looks like a
    save or delete button is treated as a write or irreversible action.
    """
    declared = action.effect if action.effect in EFFECTS else "irreversible"  # unknown: worst case
    return _max_effect(declared, infer_effect(action.command, action.target))


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


def deny_all(request: ApprovalRequest) -> bool:
    """The default approver: nobody approved it, so it does not run."""
    return False


def approve_all(request: ApprovalRequest) -> str:
    """Approve everything, as ``"auto"`` (tests and shadow runs only, never production)."""
    return "auto"


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
        approve: ``(ApprovalRequest) -> bool | str`` for irreversible actions; a truthy string
            names the approver (logged). Default :func:`deny_all`.
        allow_writes: ``False`` makes the workflow read-only (the article's first rollout step).
        log, run: where the gate logs itself when called outside a runner (optional).
    """

    def __init__(
        self,
        approve: Callable[[ApprovalRequest], bool | str] | None = None,
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
    ) -> GateDecision:
        if commitment_state not in COMMITMENT_STATES:
            commitment_state = "unresolved"  # unknown state: fail closed
        effect = classify_action(action)
        state = "falsified" if repair_pending and commitment_state == "supported" else commitment_state
        if effect == "read":
            d = GateDecision(True, effect, "read: allowed on an unfalsified commitment", state)
        elif not self.allow_writes:
            d = GateDecision(False, effect, f"{effect} blocked: this workflow is read-only", state)
        elif repair_pending:
            d = GateDecision(False, effect, f"{effect} blocked: a repair is pending", state)
        elif state != "supported":
            d = GateDecision(False, effect, f"{effect} blocked: the commitment is {state}", state)
        elif effect == "write":
            d = GateDecision(True, effect, "write: allowed on a supported commitment", state)
        else:
            req = ApprovalRequest(action, effect, commitment.id if commitment else None,
                                  commitment.subgoal if commitment else None, task, step, self.run or None)
            try:
                answer = self.approve(req)
            except Exception as exc:  # an approver that fails denies
                answer = False
                reason = f"irreversible blocked: the approver failed ({type(exc).__name__}: {exc})"
            else:
                reason = "irreversible blocked: no approval (approval is denied by default)"
            if answer:
                approver = answer if isinstance(answer, str) else "approved"
                d = GateDecision(True, effect, f"irreversible: approved by {approver}", state, approver, True)
            else:
                d = GateDecision(False, effect, reason, state, None, True)
        self.decisions.append(d)
        if self.log is not None:
            self.log.append("event", run=self.run, step=step, phase="gate", commitment=commitment.id if commitment else None,
                            event="gate", command=action.command, target=action.target, **d.to_dict())
        return d


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
