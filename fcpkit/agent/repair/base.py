"""The records of scope-aware repair Gamma (paper section 5.3): what a repairer is asked, what it decides.

Gamma revises the smallest part a falsifier implicates.

The completed prefix ``(c_1 .. c_{i-1})`` is never touched. By diagnosed scope:

* ``execution`` keeps ``c_i`` and revises the immediate action or path: the offending action is
  returned as ``rejected_action`` (the executor must not propose it again at once) with a hint;
* ``skill`` keeps the subgoal ``g_i`` but switches the skill (to another retrieved skill when
  there is one) and updates its evidence: the falsifier that fired is dropped (after a redesign it
  stays true for good), the new skill's progress evidence and skill falsifiers come in;
* ``planning`` rewrites ``c_i`` and the affected suffix (:class:`LLMRepairer`) or, without a
  model, marks the plan for replanning (``replan=True``: the runner asks its planner for a new
  suffix, or parks the run when it has none).

Recovery depth is decided separately from scope: ``resume`` where the browser is, or
``backtrack`` to the last known safe state (the URL recorded when the previous commitment
advanced). Backtracking is chosen when the page itself is off track (a post-action falsifier or
an error page) and a safe URL different from the current one is known.

A repair names its *strategy* (:mod:`fcpkit.agent.repair.strategies`) and that strategy's
*family* (the paper's Figure 11: ``local``, ``skill``, ``replan``, ``backtrack``; ``stop`` for an
honest stop). A strategy may ask the runner to carry out a short ``recovery`` itself (sign in
again, dismiss a dialog, clear a filter, wait, retry once) and then re-test the page, or to
``stop`` the run with a message naming the cause and the evidence.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Protocol, Sequence, runtime_checkable

from fcpkit.core.falsifiers import OFF_PAGE_RULES
from fcpkit.core.text import tokenize
from fcpkit.core.plan import SCOPES, Commitment, Plan
from fcpkit.core.testers import CheckResult
from fcpkit.core.trajectory import Action, Observation, serialize_observation
from fcpkit.core.verify import Verdict

__all__ = ["DEPTHS", "FAMILIES", "RepairRequest", "RepairResult", "Repairer", "choose_depth", "describe_action", "with_commitment", "bump_history", "similarity"]

DEPTHS = ("resume", "backtrack")
#: Figure 11's repair families, plus ``stop`` for an honest stop (no repair attempted).
FAMILIES = ("local", "skill", "replan", "backtrack", "stop")
#: Rules after which the page is broken, not just unhelpful.
_PAGE_BROKEN_RULES = frozenset({"error_page", "action_error"}) | OFF_PAGE_RULES


@dataclass(frozen=True)
class RepairRequest:
    """Everything Gamma gets: the plan and active index, the diagnosis u_t, the recent
    trajectory, the current page, the offending action, retrieved skills and failure cases."""

    plan: Plan
    index: int
    scope: str
    diagnosis: str
    phase: str  # "pre": the action was rejected before it ran; "post": the page after it is off
    result: CheckResult | None = None
    verdict: Verdict | None = None
    action: Action | None = None
    observation: Observation | None = None
    history: Sequence[tuple[Action, Observation]] = ()
    skills: Sequence[Any] = ()
    failures: Sequence[Any] = ()
    safe_url: str | None = None
    step: int = 0
    #: the repairs already made in this run, oldest first (a strategy tried once is not tried again)
    previous: Sequence["RepairResult"] = ()

    @property
    def commitment(self) -> Commitment:
        return self.plan.commitments[self.index]

    @property
    def evidence(self) -> str | None:
        """The falsifying statement that fired (the diagnosis' pattern), if the fast path named one."""
        return self.result.evidence if self.result is not None else None


@dataclass(frozen=True)
class RepairResult:
    """What a repair decided. ``plan`` keeps ``plan.commitments[:index]`` unchanged."""

    scope: str
    depth: str
    plan: Plan
    index: int
    strategy: str
    reason: str
    rejected_action: Action | None = None
    hint: str | None = None
    backtrack_url: str | None = None
    replan: bool = False
    repairer: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)
    #: Figure 11 family of ``strategy`` (FAMILIES)
    family: str = "local"
    #: the diagnosed cause (fcpkit.agent.repair.diagnose.CAUSES) and the evidence it was read from
    cause: str | None = None
    evidence: str | None = None
    #: actions the runner carries out itself before the executor proposes again (``wait`` actions
    #: are re-observed with backoff); a secret is written as a placeholder, never in clear
    recovery: tuple[Action, ...] = ()
    #: an honest stop: the run ends at once with stop reason ``unrepairable`` and this message
    stop: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "scope": self.scope, "depth": self.depth, "strategy": self.strategy, "family": self.family,
            "cause": self.cause, "evidence": self.evidence, "stop": self.stop,
            "recovery": [a.command for a in self.recovery], "reason": self.reason,
            "index": self.index, "commitment": self.plan.commitments[self.index].id if self.index < len(self.plan) else None,
            "rejected_action": self.rejected_action.command if self.rejected_action else None,
            "hint": self.hint, "backtrack_url": self.backtrack_url, "replan": self.replan,
            "repairer": self.repairer, "plan_ids": [c.id for c in self.plan.commitments], **dict(self.extra),
        }


@runtime_checkable
class Repairer(Protocol):
    name: str

    def repair(self, request: RepairRequest) -> RepairResult: ...


def choose_depth(request: RepairRequest) -> tuple[str, str | None]:
    """Recovery depth from state severity: backtrack when the page itself went off track."""
    url = request.safe_url
    here = request.observation.url if request.observation is not None else None
    if request.phase != "post" or not url or url == here:
        return "resume", None
    r = request.result
    page_off = r is not None and (
        r.rule in _PAGE_BROKEN_RULES or (r.rule is None and r.evidence is not None and r.alpha_minus >= r.alpha_plus)
    )
    if page_off or request.scope in ("skill", "planning"):
        return "backtrack", url
    return "resume", None


def describe_action(action: Action | None) -> str:
    if action is None:
        return "the last action"
    return f"{action.command}" + (f" on {action.target}" if action.target else "")


def with_commitment(plan: Plan, index: int, new: Commitment) -> Plan:
    cs = list(plan.commitments)
    cs[index] = new
    return replace(plan, commitments=tuple(cs))


def bump_history(c: Commitment, key: str, value: Any) -> dict[str, Any]:
    extra = dict(c.extra)
    hist = list(extra.get(key, []))
    if value is not None and value not in hist:
        hist.append(value)
    extra[key] = hist
    return extra


def similarity(a: str, b: str) -> float:
    ta, tb = set(tokenize(a)), set(tokenize(b))
    return len(ta & tb) / len(ta | tb) if ta and tb else 0.0


