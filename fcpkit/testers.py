"""The fast testers: score the active commitment against a page (state) or a proposed action.

Both return one :class:`CheckResult` with the scores, the route, the rule that fired, the
diagnosed falsifier scope and the best-matching falsifier, and the time the test took. The
state tester follows appendix B.5: rules first, then alpha+ over progress and completion evidence,
alpha_comp over completion alone, alpha- per scope (the commitment's falsifiers plus the plan's
cross-cutting ones), routed by :func:`fcpkit.router.route`. The action tester scores the action
description (command, resolved target, reasoning) against action-testable evidence only.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol, Sequence

from .matching.lexical import LexicalMatcher
from .matching.protocol import Matcher
from .plan import SCOPES, Commitment, Evidence, Plan
from .router import Route, Thresholds, route
from .rules import RuleHit, action_text, check_action, check_transition
from .trajectory import Action, Observation, serialize_observation

__all__ = ["CheckResult", "Tester", "StateTester", "ActionTester", "advance_check"]


@dataclass(frozen=True)
class CheckResult:
    """One fast test. ``phase`` is ``pre`` (action, before it runs) or ``post`` (page after it)."""

    phase: str
    commitment: str
    alpha_plus: float
    alpha_minus: float
    route: Route
    alpha_comp: float | None = None
    alpha_minus_by_scope: dict[str, float] = field(default_factory=dict)
    rule: str | None = None
    rule_detail: str | None = None
    scope: str | None = None
    evidence: str | None = None
    evidence_level: str | None = None  # "commitment" or "plan" (cross-cutting falsifier)
    confirming: str | None = None  # best confirming statement
    kappa: float = 0.5
    gate_plus: float | None = None
    gate_minus: float | None = None
    elapsed_ms: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["route"] = self.route.value
        return d


def advance_check(plan: Plan, active: int, claimed: int, wrote: set[int] | frozenset[int] = frozenset()) -> CheckResult:
    """The agent moved on to commitment ``claimed`` while ``active`` was never confirmed complete.

    A soft anomaly (``unconfirmed_advance``: the verifier decides whether to follow the agent),
    unless the skipped commitment already wrote to the application (``unconfirmed_write``, a hard
    one): a save whose confirmation never showed is exactly how a wrong success banner, a silent
    failure or a redirect away from the form looks from the page.
    """
    start = time.perf_counter()
    c = plan.commitments[active]
    to = plan.commitments[claimed].id
    skipped = range(active, claimed)
    if any(k in wrote for k in skipped):
        rule, detail = "unconfirmed_write", f"moved to {to!r} after writing in {c.id!r}, which was never confirmed complete"
    else:
        rule, detail = "unconfirmed_advance", f"moved to {to!r} but {c.id!r} was never confirmed complete"
    return CheckResult("pre", c.id, 0.0, 0.0, Route.VERIFY, rule=rule, rule_detail=detail, scope="execution",
                       kappa=float(c.confidence), elapsed_ms=(time.perf_counter() - start) * 1e3)


class Tester(Protocol):
    """Anything that turns (plan, commitment, evidence source) into a :class:`CheckResult`."""

    def test(self, plan: Plan, commitment: Commitment, *args: Any, **kwargs: Any) -> CheckResult: ...


@dataclass(frozen=True)
class _Bundle:
    """The statements one test scores, compiled once per (commitment, test point)."""

    statements: tuple[str, ...]
    n_plus: int  # statements[:n_plus] are confirming
    comp: tuple[int, ...]  # indices of completion statements
    falsifiers: tuple[tuple[int, str, str], ...]  # (index, scope, level)


class _Base:
    def __init__(
        self,
        matcher: Matcher | None = None,
        thresholds: Thresholds | None = None,
        *,
        use_confirming: bool = True,
        use_falsifiers: bool = True,
        use_plan_falsifiers: bool = True,
        use_rules: bool = True,
    ):
        self.matcher: Matcher = matcher if matcher is not None else LexicalMatcher()
        self.thresholds = thresholds or Thresholds()
        self.use_confirming = use_confirming
        self.use_falsifiers = use_falsifiers
        self.use_plan_falsifiers = use_plan_falsifiers
        self.use_rules = use_rules
        self._bundles: dict[tuple[int, int], tuple[Plan, Commitment, _Bundle]] = {}
        self._fast = getattr(self.matcher, "score_text", None)

    def _bundle(self, plan: Plan, c: Commitment, point: str) -> _Bundle:
        key = (id(plan), id(c))
        hit = self._bundles.get(key)
        if hit is not None and hit[0] is plan and hit[1] is c:  # ids can be reused after GC
            return hit[2]
        pick = (lambda e: e.on_action) if point == "action" else (lambda e: e.on_state)
        stmts: list[str] = []
        comp: list[int] = []
        if self.use_confirming:
            if point == "action":
                stmts.append(c.subgoal)  # alignment with the subgoal, as the paper's action tester
            for stage in ("progress", "completion"):
                for e in c.confirm.get(stage, ()):
                    if pick(e) and e.text not in stmts:
                        if stage == "completion":
                            comp.append(len(stmts))
                        stmts.append(e.text)
        n_plus = len(stmts)
        fals: list[tuple[int, str, str]] = []
        groups: list[tuple[str, str, Sequence[Evidence]]] = []
        if self.use_falsifiers:
            groups += [(s, "commitment", c.falsify.get(s, ())) for s in SCOPES]
        if self.use_plan_falsifiers:
            groups += [(s, "plan", plan.plan_falsifiers.get(s, ())) for s in SCOPES]
        for scope, level, items in groups:
            for e in items:
                if pick(e):
                    fals.append((len(stmts), scope, level))
                    stmts.append(e.text)
        b = _Bundle(tuple(stmts), n_plus, tuple(comp), tuple(fals))
        self._bundles[key] = (plan, c, b)
        return b

    def _result(
        self, phase: str, c: Commitment, b: _Bundle, text: str, hit: RuleHit | None,
        start: float, consecutive_continues: int, can_complete: bool,
    ) -> CheckResult:
        if not b.statements:
            scores: Sequence[float] = ()
        elif self._fast is not None:  # optional Matcher extension: one text, plain floats
            scores = self._fast(b.statements, text)
        else:
            scores = [float(x) for x in self.matcher.score(b.statements, [text])[:, 0]]
        a_plus, plus_i = 0.0, None
        for i in range(b.n_plus):
            if scores[i] > a_plus:
                a_plus, plus_i = scores[i], i
        a_comp = max((scores[i] for i in b.comp), default=0.0) if can_complete else None
        by_scope: dict[str, float] = {}
        a_minus, best = 0.0, None
        for i, scope, level in b.falsifiers:
            s = scores[i]
            if s > by_scope.get(scope, -1.0):
                by_scope[scope] = s
            if s > a_minus:
                a_minus, best = s, (i, scope, level)
        t = self.thresholds
        kappa = float(c.confidence)
        if hit is not None:
            r = Route.VERIFY
        else:
            r = route(a_plus, a_minus, kappa, t, alpha_comp=a_comp,
                      consecutive_continues=consecutive_continues, can_complete=can_complete)
        scope = evidence = level = None
        if hit is not None:
            scope = hit.scope
        if best is not None and (r in (Route.RISK, Route.VERIFY) or a_minus >= t.pi_low):
            evidence, level = b.statements[best[0]], best[2]
            scope = scope or best[1]
        return CheckResult(
            phase=phase, commitment=c.id, alpha_plus=a_plus, alpha_minus=a_minus, route=r,
            alpha_comp=a_comp, alpha_minus_by_scope=by_scope,
            rule=hit.rule if hit else None, rule_detail=hit.detail if hit else None,
            scope=scope, evidence=evidence, evidence_level=level,
            confirming=b.statements[plus_i] if plus_i is not None else None,
            kappa=kappa, gate_plus=t.gate_plus(kappa) if can_complete else None, gate_minus=t.gate_minus(kappa),
            elapsed_ms=(time.perf_counter() - start) * 1e3,
        )


class StateTester(_Base):
    """Post-action test of the page against the active commitment (and plan-level falsifiers)."""

    def test(
        self,
        plan: Plan,
        commitment: Commitment,
        observation: Observation,
        *,
        before: Observation | None = None,
        action: Action | None = None,
        baseline: Observation | None = None,
        consecutive_continues: int = 0,
    ) -> CheckResult:
        """``before`` is the page the action started from; ``baseline`` the page before the form
        edits that led up to it (:func:`fcpkit.rules.edit_baseline`), for no-op writes."""
        start = time.perf_counter()
        hit = check_transition(before, action, observation, baseline=baseline) if self.use_rules else None
        b = self._bundle(plan, commitment, "state")
        return self._result("post", commitment, b, serialize_observation(observation), hit, start,
                            consecutive_continues, can_complete=True)


class ActionTester(_Base):
    """Pre-action test of a proposed action against action-testable evidence (``on: action|both``).

    The action is scored as :func:`~fcpkit.rules.action_text` renders it: what it does, not what
    the executor says it does.
    """

    def test(self, plan: Plan, commitment: Commitment, action: Action) -> CheckResult:
        start = time.perf_counter()
        hit = check_action(action) if self.use_rules else None
        b = self._bundle(plan, commitment, "action")
        return self._result("pre", commitment, b, action_text(action), hit, start, 0, can_complete=False)
