"""The slow path: what happens to a case the fast tester escalated.

The paper's verifier Omega reads the task, the active commitment, the recent trajectory and the
fast tester's route, and returns continue / advance / repair with a diagnosis. Offline, the two
bounds of the article bracket any real verifier:

* :class:`KeepGoingVerifier` (lower bound): an escalation resolves as "keep going" unless the fast
  path already saw drift: ``risk`` and hard rule hits repair, ``complete`` advances, ``verify``
  continues.
* :class:`OracleVerifier` (upper bound): resolves escalations correctly from a trajectory's labels.

The LLM verifier implements the same :class:`Verifier` protocol.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol, Sequence, runtime_checkable

from fcpkit.core.falsifiers import BUILTIN_RULES
from fcpkit.core.plan import Commitment, Plan
from fcpkit.core.router import Route
from fcpkit.core.testers import CheckResult
from fcpkit.core.trajectory import Action, Label, Observation

__all__ = [
    "Decision",
    "StepCheck",
    "Verdict",
    "VerifyRequest",
    "Verifier",
    "KeepGoingVerifier",
    "OracleVerifier",
    "HARD_RULES",
    "STRICT_WRITE_RULES",
    "SplitVerifier",
    "needs_model",
]


class Decision(str, Enum):
    CONTINUE = "continue"
    ADVANCE = "advance"
    REPAIR = "repair"

    def __str__(self) -> str:
        return self.value


#: Rules whose hit is itself evidence of drift; softer rules only ask for a look.
#: "Never confirmed" at the lower bound: a step that wrote and never showed its completion is
#: drift when the agent reports the task done over it (``reported_unconfirmed_write``); when the
#: agent only moves on (``unconfirmed_write``) the verifier decides.
HARD_RULES = frozenset({"action_error", "unparsable_action", "act_mismatch", "unchanged_page", "error_page", "skipped_commitment",
                        "unexpected_dialog", "foreign_message", "reported_unconfirmed_write", "repeated_submit",
                        "left_unsaved", *BUILTIN_RULES})
#: With ``strict_writes``: a write whose confirmation never showed is drift as soon as the agent moves
#: on. It catches wrong success banners earlier, but also flags a healthy save whose banner the
#: matcher cannot read (a paraphrase: one healthy run of fcpkit/data/examples with the lexical matcher).
STRICT_WRITE_RULES = HARD_RULES | {"unconfirmed_write"}


def needs_model(result: CheckResult, hard_rules: frozenset[str] = HARD_RULES) -> bool:
    """Whether a check needs the slow (model) verifier: the ambiguous ``verify`` route, unless a
    hard rule already decided it. ``risk`` and ``complete`` are clear cues the fast path settles
    (the article's production shape, :class:`SplitVerifier`); this is what escalation shares count.
    """
    return result.route is Route.VERIFY and result.rule not in hard_rules


@dataclass(frozen=True)
class Verdict:
    """A verifier's answer. ``contradicting`` quotes the page text that contradicts a hard finding
    when the verdict lifts one (:mod:`fcpkit.core.precedence`); without it a hard rule or a
    falsifier past its gate stands."""

    decision: Decision
    scope: str | None = None
    diagnosis: str | None = None
    verifier: str = ""
    contradicting: str | None = None


@dataclass(frozen=True)
class VerifyRequest:
    """Everything the paper gives Omega: task, commitment, recent trajectory, current case."""

    plan: Plan
    commitment: Commitment
    result: CheckResult
    step: int
    observation: Observation | None = None
    action: Action | None = None
    history: Sequence[tuple[Action, Observation]] = ()
    extra: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class Verifier(Protocol):
    name: str

    def verify(self, request: VerifyRequest) -> Verdict: ...


class KeepGoingVerifier:
    """Lower bound: no slow judgement at all, only what the fast path already decided."""

    name = "keep-going"

    def __init__(self, hard_rules: frozenset[str] = HARD_RULES, *, strict_writes: bool = False):
        self.hard_rules = (hard_rules | {"unconfirmed_write"}) if strict_writes else hard_rules

    def verify(self, request: VerifyRequest) -> Verdict:
        r = request.result
        if r.rule in self.hard_rules:
            return Verdict(Decision.REPAIR, r.scope or "execution", f"rule {r.rule}: {r.rule_detail}", self.name)
        if r.route is Route.RISK:
            return Verdict(Decision.REPAIR, r.scope, f"falsified by {r.evidence!r}", self.name)
        if r.route is Route.COMPLETE:
            return Verdict(Decision.ADVANCE, None, f"completed: {r.confirming!r}", self.name)
        return Verdict(Decision.CONTINUE, None, "kept going", self.name)


class OracleVerifier:
    """Upper bound: an escalation at or after the first off-track step of a faulty run repairs.

    Before that (and on healthy runs) a completion cue advances and everything else continues.
    It can only resolve what was escalated: a fault the fast tester routed to ``continue`` stays
    missed, which is what makes it the ceiling of *this* fast tester rather than of any checker.
    """

    name = "oracle"

    def __init__(self, label: Label):
        self.label = label

    def verify(self, request: VerifyRequest) -> Verdict:
        r = request.result
        first = self.label.first_off_track_step
        if self.label.fault is not None and first is not None and request.step >= first:
            return Verdict(Decision.REPAIR, r.scope, f"off track since step {first} ({self.label.fault})", self.name)
        if r.route is Route.COMPLETE:
            return Verdict(Decision.ADVANCE, None, "completion confirmed", self.name)
        return Verdict(Decision.CONTINUE, None, "on track", self.name)


class SplitVerifier:
    """The article's production shape: the fast path decides clear cues, a slow verifier the rest.

    ``risk``, ``complete`` and hard rule hits are decided by ``fast`` (default: the keep-going
    lower bound); only the ambiguous cases (``verify`` routes and soft rule hits) go to ``slow``,
    e.g. an :class:`~fcpkit.llm.components.verifier.LLMVerifier`. This is what keeps model calls to the cases
    where the two evidence scores are too close to separate.
    """

    def __init__(self, slow: Verifier, fast: Verifier | None = None, hard_rules: frozenset[str] = HARD_RULES):
        self.slow = slow
        self.fast = fast or KeepGoingVerifier(hard_rules)
        self.hard_rules = hard_rules
        self.name = f"{self.fast.name}+{self.slow.name}"

    def verify(self, request: VerifyRequest) -> Verdict:
        return (self.slow if needs_model(request.result, self.hard_rules) else self.fast).verify(request)


@dataclass(frozen=True)
class StepCheck:
    """One test in a trajectory with the decision taken on it."""

    step: int
    result: CheckResult
    decision: Decision
    verifier: str | None = None
    diagnosis: str | None = None

    @property
    def phase(self) -> str:
        return self.result.phase

    def to_dict(self) -> dict[str, Any]:
        r = self.result
        return {
            "step": self.step, "phase": r.phase, "commitment": r.commitment,
            "alpha_plus": round(r.alpha_plus, 4), "alpha_comp": None if r.alpha_comp is None else round(r.alpha_comp, 4),
            "alpha_minus": round(r.alpha_minus, 4), "route": r.route.value, "rule": r.rule, "scope": r.scope,
            "evidence": r.evidence, "evidence_level": r.evidence_level, "decision": self.decision.value,
            "verifier": self.verifier, "elapsed_ms": round(r.elapsed_ms, 4),
        }
