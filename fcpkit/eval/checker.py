"""Offline checking of recorded trajectories: the detection half of the plan-test-repair loop.

For each step the checker runs the action tester on the proposed action (``pre``), then the state
tester on the page it produced (``post``), sends every escalated case to a verifier, and tracks
which commitment is active *from its own decisions*: a commitment advances only on a confirmed
completion. A trajectory's ``commitment`` field is the agent's belief; when the agent moves on to
a later commitment that was never confirmed complete, the checker flags an ``unconfirmed_advance``
(a soft anomaly: the verifier decides whether to follow the agent).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from fcpkit.core.falsifiers import Builtins
from fcpkit.core.log import EvidenceLog
from fcpkit.core.protocols import Matcher
from fcpkit.matching import LexicalMatcher
from fcpkit.core.plan import Plan
from fcpkit.core.router import Route, Thresholds
from fcpkit.core.rules import edit_baseline, is_report
from fcpkit.core.testers import ActionTester, CheckResult, StateTester, attempts, done_by_action
from fcpkit.core.trajectory import Corpus, Label, Trajectory
from fcpkit.core.verify import StepCheck, Decision, KeepGoingVerifier, OracleVerifier, Verdict, Verifier, VerifyRequest, needs_model

__all__ = ["Checker", "TrajectoryReport", "StepCheck", "VERIFIER_BOUNDS"]

VERIFIER_BOUNDS: dict[str, Callable[[Label], Verifier]] = {
    "lower": lambda label: KeepGoingVerifier(),
    "lower-strict": lambda label: KeepGoingVerifier(strict_writes=True),
    "upper": lambda label: OracleVerifier(label),
}


@dataclass
class TrajectoryReport:
    """The checker's verdict on one trajectory (docs/formats.md "Checker output" plus context)."""

    id: str
    workflow: str | None
    fault: str | None
    first_off_track_step: int | None
    n_steps: int
    checks: list[StepCheck] = field(default_factory=list)
    advanced: list[str] = field(default_factory=list)

    @property
    def detection(self) -> StepCheck | None:
        return next((c for c in self.checks if c.decision is Decision.REPAIR), None)

    @property
    def detected(self) -> bool:
        return self.detection is not None

    @property
    def escalations(self) -> int:
        """Checks the paper's Equation 6 sends to the slow verifier: every route but *continue*."""
        return sum(1 for c in self.checks if c.result.route is not Route.CONTINUE)

    @property
    def model_escalations(self) -> int:
        """Checks that need a model to decide (:func:`~fcpkit.core.verify.needs_model`): the article's escalation."""
        return sum(1 for c in self.checks if needs_model(c.result))

    def to_json(self) -> dict[str, Any]:
        d = self.detection
        return {
            "id": self.id,
            "workflow": self.workflow,
            "fault": self.fault,
            "first_off_track_step": self.first_off_track_step,
            "detected": d is not None,
            "first_detection_step": d.step if d else None,
            "first_detection_phase": d.phase if d else None,
            "detection_rule": d.result.rule if d else None,
            "detection_scope": d.result.scope if d else None,
            "detection_evidence": d.result.evidence if d else None,
            "advanced": list(self.advanced),
            "n_checks": len(self.checks),
            "escalations": self.escalations,
            "model_escalations": self.model_escalations,
            "checks": [c.to_dict() for c in self.checks],
        }


class Checker:
    """Run the fast testers and a verifier bound over trajectories.

    ``verifier``: ``"lower"`` (keep going), ``"upper"`` (oracle from labels), or a callable
    ``label -> Verifier`` (e.g. an LLM verifier that ignores the label). The ``use_*`` switches
    make the benchmark's arms: confirming evidence only, step falsifiers, plan-level falsifiers,
    anomaly rules, the built-in task-level falsifiers (``use_builtins``: all, none, or a
    :class:`~fcpkit.core.falsifiers.Builtins` record; they run with the anomaly rules), and the
    pre-action test.
    """

    def __init__(
        self,
        matcher: Matcher | None = None,
        thresholds: Thresholds | None = None,
        *,
        verifier: str | Callable[[Label], Verifier] = "lower",
        use_confirming: bool = True,
        use_falsifiers: bool = True,
        use_plan_falsifiers: bool = True,
        use_rules: bool = True,
        use_builtins: bool | Builtins = True,
        pre_action: bool = True,
        log: EvidenceLog | None = None,
    ):
        kw = dict(use_confirming=use_confirming, use_falsifiers=use_falsifiers,
                  use_plan_falsifiers=use_plan_falsifiers, use_rules=use_rules)
        self.state = StateTester(matcher if matcher is not None else LexicalMatcher(), thresholds, **kw,
                                 builtins=use_builtins if use_rules else False)
        self.matcher = self.state.matcher
        self.action = ActionTester(self.matcher, thresholds, **kw)
        self.thresholds = self.state.thresholds
        if isinstance(verifier, str):
            if verifier not in VERIFIER_BOUNDS:
                raise ValueError(f"verifier must be one of {sorted(VERIFIER_BOUNDS)} or a callable, got {verifier!r}")
            verifier = VERIFIER_BOUNDS[verifier]
        self.make_verifier = verifier
        self.use_rules = use_rules
        self.pre_action = pre_action
        self.log = log

    # ------------------------------------------------------------------------------------
    def fit(self, corpus: Iterable[Trajectory]) -> "Checker":
        """Fit the matcher's unsupervised statistics (IDF) on the corpus pages, if it has any."""
        fit = getattr(self.matcher, "fit", None)
        if callable(fit):
            fit(o.serialize() for t in corpus for o in t.observations())
        return self

    def check_corpus(self, corpus: Corpus | Sequence[Trajectory], plan: Plan | None = None) -> list[TrajectoryReport]:
        return [self.check(t, plan) for t in corpus]

    def check(self, traj: Trajectory, plan: Plan | None = None) -> TrajectoryReport:
        plan = plan or traj.plan
        verifier = self.make_verifier(traj.label)
        rep = TrajectoryReport(traj.id, traj.workflow, traj.label.fault, traj.label.first_off_track_step, len(traj.steps))
        n = len(plan.commitments)
        active = 0
        confirmed: set[int] = set()
        wrote: set[int] = set()  # commitments during which the agent wrote to the application
        attempted: set[int] = set()  # commitments some proposed action aligned with (action test)
        continues = 0
        before = traj.initial_observation
        history: list = []

        def decide(step: int, result: CheckResult, **req: Any) -> Decision:
            verdict = Verdict(Decision.CONTINUE, verifier="fast")
            if result.route is not Route.CONTINUE:
                verdict = verifier.verify(VerifyRequest(plan, plan.commitments[active], result, step,
                                                        history=tuple(history[-4:]), **req))
            rep.checks.append(StepCheck(step, result, verdict.decision, verdict.verifier, verdict.diagnosis))
            if self.log is not None:
                self.log.append("test", run=traj.id, step=step, phase=result.phase, commitment=result.commitment,
                                **{k: v for k, v in result.to_dict().items() if k not in ("phase", "commitment")})
                if verdict.verifier != "fast":
                    self.log.append("decision", run=traj.id, step=step, phase=result.phase,
                                    commitment=result.commitment, decision=verdict.decision.value,
                                    verifier=verdict.verifier, scope=verdict.scope, diagnosis=verdict.diagnosis)
            return verdict.decision

        opening = self.state.start(plan, plan.commitments[0], before) if traj.steps else None
        if opening is not None:
            decide(0, opening, observation=before)
        for t, step in enumerate(traj.steps):
            # The agent's belief about the active commitment, checked against ours.
            if step.commitment is not None:
                j = plan.index(step.commitment)
                if j > active and not all(k in confirmed for k in range(active, j)) and not self.use_rules:
                    active = j  # without the anomaly rules, follow the agent silently
                elif j > active and not all(k in confirmed for k in range(active, j)):
                    flag = self.state.advance(plan, active, j, before, wrote - confirmed,
                                              attempted if self.pre_action else None)
                    if decide(t, flag, action=step.action, observation=before) is not Decision.REPAIR:
                        if flag.route is Route.CONTINUE and j == active + 1:
                            confirmed.add(active)  # settled by the next commitment's precondition
                            rep.advanced.append(plan.commitments[active].id)
                        active = j  # keep going: follow the agent
                elif j != active:
                    active = j
            c = plan.commitments[active]
            if step.action.effect in ("write", "irreversible"):
                wrote.add(active)
            if self.pre_action:
                pre = self.action.test(plan, c, step.action)
                if decide(t, pre, action=step.action, observation=before) is Decision.CONTINUE:
                    if attempts(step.action, c, pre, self.thresholds):
                        attempted.add(active)
                    if done_by_action(pre, self.thresholds) and active not in confirmed:
                        confirmed.add(active)  # the action its completion evidence names was taken
                        rep.advanced.append(c.id)
                if self.use_rules and is_report(step.action) and not all(k in confirmed for k in range(active, n)):
                    # the agent says the task is done: every commitment left must have been done
                    decide(t, self.state.advance(plan, active, None, before, wrote - confirmed, attempted),
                           action=step.action, observation=before)
            post = self.state.test(plan, c, step.observation, before=before, action=step.action,
                                   baseline=edit_baseline(traj.initial_observation, history),
                                   consecutive_continues=continues)
            d = decide(t, post, action=step.action, observation=step.observation)
            continues = continues + 1 if post.route is Route.CONTINUE else 0
            # A page can complete several commitments at once (the detail page that confirms the
            # record also shows the complaint): re-test it against each next commitment.
            while d is Decision.ADVANCE:
                if active not in confirmed:
                    confirmed.add(active)
                    rep.advanced.append(plan.commitments[active].id)
                if active + 1 >= n:
                    break
                active += 1
                again = self.state.test(plan, plan.commitments[active], step.observation)
                d = decide(t, again, observation=step.observation)
            history.append((step.action, step.observation))
            before = step.observation
        return rep
