"""Offline checking of recorded trajectories: the detection half of the plan-test-repair loop.

For each step the checker runs the action tester on the proposed action (``pre``), then the state
tester on the page it produced (``post``), sends every escalated case to a verifier, and tracks
which commitment is active *from its own decisions* (through the same
:class:`~fcpkit.core.tracker.CommitmentTracker` the live runner drives): a commitment advances only
on a confirmed completion. A trajectory's ``commitment`` field is the agent's belief; when the agent moves on to
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
from fcpkit.core.rules import edit_baseline
from fcpkit.core.testers import ActionTester, CheckResult, StateTester
from fcpkit.core.tracker import CommitmentTracker
from fcpkit.core.trajectory import Corpus, Label, Trajectory
from fcpkit.eval import metrics
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
    #: False for a run without a fault label: its detection is a finding, not a catch or a false alarm
    labelled: bool = True
    #: the check ended at the run's first detection (``Checker(stop_at_detection=True)``)
    stopped: bool = False

    detection = property(metrics.first_detection)
    detected = property(metrics.detected)

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
            "labelled": self.labelled,
            "detected": d is not None,
            "first_detection_step": d.step if d else None,
            "first_detection_phase": d.phase if d else None,
            "detection_rule": d.result.rule if d else None,
            "detection_scope": d.result.scope if d else None,
            "detection_evidence": d.result.evidence if d else None,
            "advanced": list(self.advanced),
            "stopped_at_detection": self.stopped,
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

    ``stop_at_detection`` ends a run's check at its first detection, where a guard stops the agent
    (live, repair takes over and what follows is another run): the rest of a recorded run is what
    the agent did unguarded, and its checks cost nothing a guarded run would spend. Off (the
    default), every step is checked, which the benchmarks' later-repair outcomes (``caught``) read.
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
        stop_at_detection: bool = False,
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
        self.stop_at_detection = stop_at_detection

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
        """Replay ``traj`` through a :class:`~fcpkit.core.tracker.CommitmentTracker`, deciding each
        check with the verifier bound; the report lists every check (up to the first detection with
        ``stop_at_detection``) and what was confirmed."""
        plan = plan or traj.plan
        rep = TrajectoryReport(traj.id, traj.workflow, traj.label.fault, traj.label.first_off_track_step, len(traj.steps),
                               labelled=traj.label.labelled)
        tracker = CommitmentTracker(plan, self.state, actions=self.action, rules=self.use_rules,
                                    track_attempts=self.pre_action)
        decide = _Decider(self, traj, plan, tracker, rep)
        try:
            self._replay(traj, plan, tracker, decide)
        except _Stopped:
            rep.stopped = True
        rep.advanced.extend(tracker.advanced)
        return rep

    def _replay(self, traj: Trajectory, plan: Plan, tracker: CommitmentTracker, decide: "_Decider") -> None:
        before = traj.initial_observation
        opening = self.state.start(plan, plan.commitments[0], before) if traj.steps else None
        if opening is not None and not tracker.defer_dialog(opening, before):  # a dialog waits for step 0's action
            decide(0, opening, observation=before)
        for t, step in enumerate(traj.steps):
            if step.commitment is not None:  # the agent's belief about the active commitment, checked against ours
                flag = tracker.claim(step.commitment, before, step.action)
                if flag is None or decide(t, flag, action=step.action, observation=before) is not Decision.REPAIR:
                    tracker.follow(step.commitment, flag)  # keep going: follow the agent
            if step.action.effect in ("write", "irreversible"):
                tracker.record_write(step.action)  # a replayed action ran: its write counts from its own step on
            if self.pre_action:
                pre = tracker.test_action(step.action)
                tracker.action_tested(step.action, pre, decide(t, pre, action=step.action, observation=before))
                claim = tracker.report_check(step.action, before)  # the agent says the task is done
                if claim is not None:
                    decide(t, claim, action=step.action, observation=before)
            post = tracker.test_page(step.observation, before=before, action=step.action,
                                     baseline=edit_baseline(traj.initial_observation, decide.history))
            d = decide(t, post, action=step.action, observation=step.observation)
            # A page can complete several commitments at once (the detail page that confirms the
            # record also shows the complaint): re-test it against each next commitment.
            while d is Decision.ADVANCE and tracker.complete():
                d = decide(t, tracker.retest(step.observation), observation=step.observation)
            decide.history.append((step.action, step.observation))
            before = step.observation


class _Stopped(Exception):
    """Raised by :class:`_Decider` at a run's first detection when the checker stops there."""


class _Decider:
    """Decide one check of a replay: the verifier for every escalated route, recorded in the
    report and the evidence log."""

    def __init__(self, checker: Checker, traj: Trajectory, plan: Plan, tracker: CommitmentTracker,
                 rep: TrajectoryReport):
        self.verifier = checker.make_verifier(traj.label)
        self.log, self.run = checker.log, traj.id
        self.plan, self.tracker, self.rep = plan, tracker, rep
        self.history: list = []
        self.stop = checker.stop_at_detection

    def __call__(self, step: int, result: CheckResult, **req: Any) -> Decision:
        verdict = Verdict(Decision.CONTINUE, verifier="fast")
        if result.route is not Route.CONTINUE:
            verdict = self.verifier.verify(VerifyRequest(self.plan, self.tracker.commitment, result, step,
                                                         history=tuple(self.history[-4:]), **req))
        self.rep.checks.append(StepCheck(step, result, verdict.decision, verdict.verifier, verdict.diagnosis))
        if self.log is not None:
            self.log.append("test", run=self.run, step=step, phase=result.phase, commitment=result.commitment,
                            **{k: v for k, v in result.to_dict().items() if k not in ("phase", "commitment")})
            if verdict.verifier != "fast":
                self.log.append("decision", run=self.run, step=step, phase=result.phase,
                                commitment=result.commitment, decision=verdict.decision.value,
                                verifier=verdict.verifier, scope=verdict.scope, diagnosis=verdict.diagnosis)
        if self.stop and verdict.decision is Decision.REPAIR:
            raise _Stopped
        return verdict.decision
