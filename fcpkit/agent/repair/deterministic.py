"""Gamma without a model: the cause picks the strategy, what was already tried decides when to stop.

:func:`choose_strategy` is the whole policy, so a study can read it in one place:

* a cause with a page-level fix gets that fix **once** (sign in again, dismiss the dialog, wait,
  clear the filter, retry the lost click, go back to the task's record); when the same cause
  comes back after its fix, the fault is persistent and the run stops honestly, naming the cause
  and the evidence. A wait is spent per step: a slow response on a later step, after the wait
  let the run move on, is waited out again (twice in a run at most);
* a refusal, or a control that is gone with no other skill to switch to, stops at once;
* no credentials for a sign-in stops at once;
* a failure case from the experience library whose strategy is one of ours, and whose pattern
  matches the diagnosis, is followed (once) before the built-in choice;
* anything else keeps the scope's classic repair: switch skill, replan, or a local repair with
  backtracking when the page itself is off track.
"""

from __future__ import annotations

from typing import Any, Mapping

from fcpkit.core.plan import SCOPES

from fcpkit.agent.repair.base import RepairRequest, RepairResult, similarity
from fcpkit.agent.repair.credentials import CredentialsProvider
from fcpkit.agent.repair.diagnose import Diagnosis, diagnose
from fcpkit.agent.repair.strategies import REPORTS, STRATEGIES, StrategyContext, honest_stop

__all__ = ["DeterministicRepairer", "choose_strategy", "FIX_FOR", "STOP_AFTER_FIX"]

#: The page-level fix for each cause that has one.
FIX_FOR: Mapping[str, str] = {
    "signed_out": "reauthenticate", "dialog": "dismiss_dialog", "slow": "wait_and_reobserve",
    "constraint": "clear_constraints", "noop": "retry_once", "wrong_record": "return_to_record",
    "foreign_message": "return_to_record", "unconfirmed_write": "redo_write",
}
#: What an honest stop says when a cause comes back after its fix.
STOP_AFTER_FIX: Mapping[str, str] = {
    "signed_out": "signed out again after signing in: the session does not hold",
    "dialog": "the dialog comes back after it was dismissed",
    "slow": "the application still does not respond after waiting",
    "constraint": "the list keeps a filter the task did not ask for, even after clearing it",
    "noop": "the action still has no effect after a retry",
    "wrong_record": "the task's record cannot be reached: another record opens again",
    "foreign_message": "the page keeps reporting another record",
    "unconfirmed_write": "the write still shows no effect after it was redone",
}
#: A cause may be fixed this many times before the fault counts as persistent.
_FIX_LIMIT = {"wrong_record": 2}
#: Causes whose fix is spent per step: a wait after which the run moved on to a later commitment worked,
#: so a slow response further on is a new one (a loaded machine misses a browser wait now and then),
#: fixed again up to this many times in a run. A second slow response on the same step is persistence.
_PER_STEP_LIMIT = {"slow": 2}
_STOP_AFTER_LIMIT = {"slow": "the application keeps answering only after the browser stopped waiting, step after step"}


def _persistent(request: RepairRequest, cause: str, fix: str) -> str | None:
    """The honest stop's message when ``fix`` was already spent on ``cause``, else ``None``."""
    if cause in _PER_STEP_LIMIT:
        tried = [p for p in request.previous if p.strategy == fix]
        if any(p.index == request.index for p in tried):
            return STOP_AFTER_FIX[cause]
        return _STOP_AFTER_LIMIT[cause] if len(tried) >= _PER_STEP_LIMIT[cause] else None
    return STOP_AFTER_FIX[cause] if _tried(request, fix) >= _FIX_LIMIT.get(cause, 1) else None


def _tried(request: RepairRequest, strategy: str) -> int:
    return sum(1 for p in request.previous if p.strategy == strategy)


def _from_library(request: RepairRequest, d: Diagnosis) -> str | None:
    """A failure case's strategy when it is one of ours, not yet tried, and its pattern fits."""
    for case in request.failures:
        name = getattr(case, "strategy", "") or ""
        if name not in STRATEGIES or name == "honest_stop" or _tried(request, name):
            continue
        pattern = f"{getattr(case, 'pattern', '')} {getattr(case, 'analysis', '')}"
        if d.cause.replace("_", " ") in pattern.lower() or similarity(pattern, f"{request.diagnosis} {d.evidence}") >= 0.3:
            return name
    return None


def choose_strategy(request: RepairRequest, d: Diagnosis, *, has_credentials: bool,
                    can_rewrite: bool = False) -> tuple[str, str | None]:
    """(strategy name, stop message or None) for ``request`` diagnosed as ``d``.

    ``can_rewrite``: the repairer can write new commitments itself (a model), so a control that is
    gone is a reason to rewrite the step, not yet to stop.
    """
    if d.cause in ("refused",):
        return "honest_stop", None
    if d.cause == "control_gone":
        if any(s.name != request.commitment.skill for s in request.skills) or (can_rewrite and request.scope == "skill"):
            return "switch_skill", None
        if request.scope == "planning":
            return "replan", None  # a planner may find another way; without one the run stops (replan_required)
        return "honest_stop", None
    if d.cause == "signed_out" and not has_credentials:
        return "honest_stop", "signed out and no credentials are available to sign in again"
    fix = FIX_FOR.get(d.cause)
    if fix == "retry_once" and (request.action is None or request.action.command.startswith(REPORTS)
                                or not request.action.command.startswith(("click(", "press(", "select_option("))):
        fix = None  # a read that changed nothing is a path problem, not a lost click
    if fix is not None:
        spent = _persistent(request, d.cause, fix)
        return ("honest_stop", spent) if spent else (fix, None)
    learned = _from_library(request, d)
    if learned is not None:
        return learned, None
    scope = request.scope if request.scope in SCOPES else "execution"
    if scope == "skill":
        return "switch_skill", None
    if scope == "planning":
        return "replan", None
    return "local_repair", None


class DeterministicRepairer:
    """Gamma without a model (module docstring).

    Args:
        variables: fill skill templates on a skill switch (default: read off the task).
        credentials: a :class:`~fcpkit.agent.repair.credentials.CredentialsProvider` for
            re-authentication; without one a sign-out ends in an honest stop.
    """

    name = "deterministic"

    def __init__(self, variables: Mapping[str, Any] | None = None, *, credentials: CredentialsProvider | None = None):
        self.variables = dict(variables or {})
        self.credentials = credentials

    def context(self) -> StrategyContext:
        return StrategyContext(self.credentials, self.variables, self.name)

    def has_credentials(self, request: RepairRequest) -> bool:
        url = request.observation.url if request.observation is not None else ""
        return self.credentials is not None and self.credentials.credentials(url) is not None

    def repair(self, request: RepairRequest) -> RepairResult:
        d = diagnose(request)
        name, why = choose_strategy(request, d, has_credentials=self.has_credentials(request))
        if name == "honest_stop":
            return honest_stop(request, d, self.context(), why)
        return STRATEGIES[name].run(request, d, self.context())

    def apply(self, name: str, request: RepairRequest) -> RepairResult:
        """Run the strategy ``name`` on ``request`` (what the LLM repairer does with the model's pick)."""
        return STRATEGIES[name].run(request, diagnose(request), self.context())
