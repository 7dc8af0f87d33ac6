"""The runtime loop: Algorithm 1 of the paper, live, with the article's guards around it.

Per step: the executor proposes an action -> the action tester scores it (``pre``) -> an
escalated case goes to the verifier -> a rejected action is repaired *before the browser state
changes* -> the policy gate classifies and admits it -> ``env.step`` -> the state tester scores
the new page (``post``, anomaly rules included: action error, error page, unchanged page) -> an
escalated case goes to the verifier -> ``advance`` (with a short stage summary; the same page is
re-tested against the next commitment, as the offline :class:`~fcpkit.eval.checker.Checker` does) /
``continue`` / ``repair`` (scope-aware, budgeted, with backtracking to the last safe URL). The run
ends when the plan completes, the executor reports (``send_msg_to_user`` / ``report_infeasible``),
the step budget runs out, or a guard parks it (kill switch, repair budget, policy).

Every test, decision, repair, gate decision and stop goes to the :class:`~fcpkit.core.log.EvidenceLog`
(keyed by run / step / phase / commitment). Notebooks follow a run step by step either with
callbacks (``runner.on("repair", fn)``, ``"*"`` for every event) or by iterating
``runner.steps()``, which yields a :class:`RunEvent` after each phase; ``runner.run()`` runs to the
end and returns a :class:`RunResult`.
"""

from __future__ import annotations

import time
import uuid
import warnings
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Generator, Iterator, Sequence

from fcpkit.core.protocols import Environment, Executor, ExecutorContext, Outcome
from fcpkit.errors import FcpkitError
from fcpkit.agent.guards import GateDecision, KillSwitch, PolicyGate, RepairBudget
from fcpkit.llm.components.verifier import FALLBACK_PREFIX
from fcpkit.core.log import EvidenceLog
from fcpkit.core.protocols import Matcher
from fcpkit.matching import LexicalMatcher
from fcpkit.core.plan import Commitment, Plan
from fcpkit.core.precedence import uphold
from fcpkit.agent.planner import FailureCase, Planner, SkillRecord
from fcpkit.agent.repair import DeterministicRepairer, RepairRequest, RepairResult, Repairer
from fcpkit.agent.repair.perform import carry_out
from fcpkit.agent.outcomes import classify_outcome
from fcpkit.core.router import Route, Thresholds
from fcpkit.core.rules import edit_baseline, page_fingerprint, parse_action
from fcpkit.core.testers import ActionTester, CheckResult, StateTester
from fcpkit.core.tracker import CommitmentTracker, Move
from fcpkit.core.trajectory import Action, Observation
from fcpkit.core.verify import StepCheck, Decision, KeepGoingVerifier, Verdict, Verifier, VerifyRequest, needs_model

__all__ = ["Runner", "RunEvent", "RunResult", "EVENTS", "STOP_REASONS"]

#: commitment standings from best to worst (the gate takes the worst it has seen since the last page)
_STANDING_ORDER = ("supported", "unresolved", "falsified")
#: the same action proposed on the same page this many times means the agent is going round in circles
LOOP_LIMIT = 3

#: Event names, in the order they can occur within a step.
EVENTS = ("run_start", "plan", "propose", "pre_test", "gate", "act", "post_test", "advance", "repair", "replan",
          "backtrack", "stop", "run_end", "retrieval", "experience_hit")
STOP_REASONS = ("plan_complete", "reported", "infeasible", "step_budget", "proposal_budget", "killed", "looping",
                "repair_budget", "approval_required", "blocked_by_policy", "replan_required", "planning_failed",
                "executor_error", "env_error", "interrupted", "crashed", "unrepairable")
_REPORT_CALLS = {"send_msg_to_user": "reported", "report_infeasible": "infeasible"}


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


class Runner:
    """Wire a plan (or a planner), an executor, an environment, testers, a verifier, a repairer
    and the guards into Algorithm 1.

    Args:
        env: an :class:`~fcpkit.core.protocols.Environment` (``reset/step/validate``; ``goto(url)`` is used
            for backtracking when it has one, else ``step(goto('url'))``).
        executor: an :class:`~fcpkit.core.protocols.Executor`.
        plan: a fixed plan; or ``planner`` (plus retrieved ``skills`` and ``failures``) makes one
            from the first page. A planner is also what a planning-scope repair replans with.
        matcher, thresholds: build the default testers; or pass ``state_tester``/``action_tester``.
        verifier: the slow path (default: the lower bound, :class:`KeepGoingVerifier`).
        repairer: Gamma (default :class:`~fcpkit.agent.repair.DeterministicRepairer`).
        gate, budget, kill_switch: the guards (defaults: deny-irreversible gate, 3 repairs per task,
            3 repairs within 5 steps parks the run).
        log: the evidence log (default: in memory).
        step_budget: browser steps (paper: 20). ``proposal_budget`` bounds proposals including the
            ones rejected before they ran (default ``3 * step_budget``).
        pre_action: run the action-level test. ``repairs=False`` counts detections but repairs nothing.
        unresolved_verifiers: verifier names whose answer to an escalation does not *resolve* it
            for the gate (default: the keep-going lower bound); fallbacks never resolve one.
        gate_block_limit: gate refusals after which the run is parked (``blocked_by_policy``).
        usage: an extra LLM usage ledger to account (the components' clients' ledgers are found
            automatically).
    """

    def __init__(
        self,
        env: Environment,
        executor: Executor,
        plan: Plan | None = None,
        *,
        planner: Planner | None = None,
        skills: Sequence[SkillRecord] = (),
        failures: Sequence[FailureCase] = (),
        matcher: Matcher | None = None,
        thresholds: Thresholds | None = None,
        state_tester: StateTester | None = None,
        action_tester: ActionTester | None = None,
        verifier: Verifier | None = None,
        repairer: Repairer | None = None,
        gate: PolicyGate | None = None,
        budget: RepairBudget | None = None,
        kill_switch: KillSwitch | None = None,
        log: EvidenceLog | None = None,
        step_budget: int = 20,
        proposal_budget: int | None = None,
        pre_action: bool = True, repairs: bool = True,
        history: int = 4,
        unresolved_verifiers: Sequence[str] = ("keep-going",),
        gate_block_limit: int = 2,
        run_id: str | None = None,
        usage: Any = None,
    ):
        if plan is None and planner is None:
            raise FcpkitError("Runner: pass a plan or a planner")
        self.env = env
        self.executor = executor
        #: the run's commitment progress (made once the plan is known; the plan lives on it)
        self.tracker: CommitmentTracker | None = None
        self._plan = plan
        self.planner = planner
        self.skills = tuple(skills)
        self.failures = tuple(failures)
        self.state_tester = state_tester or StateTester(matcher if matcher is not None else LexicalMatcher(), thresholds)
        self.action_tester = action_tester or ActionTester(self.state_tester.matcher, self.state_tester.thresholds)
        self.verifier = verifier or KeepGoingVerifier()
        self.repairer = repairer or DeterministicRepairer()
        self.gate = gate or PolicyGate()
        self.budget = budget if budget is not None else RepairBudget()
        self.kill_switch = kill_switch if kill_switch is not None else KillSwitch()
        self.log = log if log is not None else EvidenceLog()
        self.step_budget = int(step_budget)
        self.proposal_budget = int(proposal_budget) if proposal_budget is not None else 3 * self.step_budget
        self.pre_action, self.repairs_on = pre_action, repairs
        self.history_len, self.unresolved_verifiers = history, frozenset(unresolved_verifiers)
        self.gate_block_limit = gate_block_limit
        self.run_id = run_id or f"run-{uuid.uuid4().hex[:8]}"
        self._extra_usage = usage
        self._listeners: dict[str, list[Callable[[RunEvent], Any]]] = {}
        for comp in (self.verifier, self.repairer, self.executor, self.planner):
            bind = getattr(comp, "bind", None)
            if callable(bind):
                bind(log=self.log, run=self.run_id)
        # run state (public for notebooks; read-only by convention)
        self.task: str = getattr(env, "task", None) or (plan.task if plan is not None else "")
        self.t = 0
        self.observation: Observation | None = None
        self.safe_url: str | None = None
        self.rejected: list[Action] = []
        self.hint: str | None = None
        self.trajectory: list[tuple[Action, Observation]] = []
        self.stage_history: list[tuple[Action, Observation]] = []
        self.summaries: list[str] = []
        self.checks: list[StepCheck] = []
        self.repairs: list[RepairResult] = []
        self.escalations = self.model_escalations = 0
        self.detections = 0
        self.first_detection: dict[str, Any] | None = None
        self.gate_blocks = 0
        self.proposals = 0
        self.answer: str | None = None
        self.stop_reason: str | None = None
        self.stop_detail: str | None = None
        self.result: RunResult | None = None
        self._times: Counter = Counter()
        self._standing = "supported"
        self._proposed: Counter = Counter()  # (page fingerprint, command) -> times proposed
        self._started = False

    # -- run state kept by the tracker ------------------------------------------------------
    @property
    def plan(self) -> Plan | None:
        """The plan being followed (repairs and replanning change it from the active commitment on)."""
        return self.tracker.plan if self.tracker is not None else self._plan

    @property
    def index(self) -> int:
        """The active commitment's position; ``len(plan)`` once a page completed the last one."""
        return self.tracker.position if self.tracker is not None else 0

    @property
    def advanced(self) -> list[str]:
        """Ids of the commitments confirmed done, in order (skipped ones are not)."""
        return self.tracker.advanced if self.tracker is not None else []

    # -- observers ------------------------------------------------------------------------
    def on(self, event: str, fn: Callable[[RunEvent], Any] | None = None):
        """Subscribe ``fn(event)`` to ``event`` (one of :data:`EVENTS`, or ``"*"``). Usable as a decorator."""
        if event != "*" and event not in EVENTS:
            raise ValueError(f"unknown event {event!r}; use one of {EVENTS} or '*'")
        if fn is None:
            return lambda f: self.on(event, f)
        self._listeners.setdefault(event, []).append(fn)
        return fn

    def _emit(self, name: str, *, phase: str | None = None, commitment: str | None = None, **data: Any) -> RunEvent:
        if commitment is None and self.plan is not None and self.index < len(self.plan):
            commitment = self.plan.commitments[self.index].id
        ev = RunEvent(name, self.run_id, self.t, phase, commitment, data)
        for fn in self._listeners.get(name, []) + self._listeners.get("*", []):
            try:
                fn(ev)
            except Exception as exc:  # noqa: BLE001 - a broken widget must not break the run
                warnings.warn(f"Runner listener for {name!r} failed: {type(exc).__name__}: {exc}", stacklevel=2)
        return ev

    # -- public entry points --------------------------------------------------------------
    def steps(self) -> Iterator[RunEvent]:
        """Run, yielding a :class:`RunEvent` after each phase; ``self.result`` is set at the end."""
        if self._started:
            raise FcpkitError("Runner: a runner runs once; make a new Runner for another run")
        self._started = True
        try:
            yield from self._loop()
        except BaseException as exc:  # closed generator, Ctrl-C, SIGTERM as SystemExit, a crash
            if self.stop_reason is None:  # every exit path leaves a stop record in the log
                self.stop_reason = "interrupted" if isinstance(exc, (GeneratorExit, KeyboardInterrupt, SystemExit)) \
                    else "crashed"
                self.stop_detail = f"{type(exc).__name__}: {exc}"[:300]
                self._event("stop", reason=self.stop_reason, detail=self.stop_detail)
            raise

    def run(self) -> RunResult:
        for _ in self.steps():
            pass
        assert self.result is not None
        return self.result

    # -- helpers ----------------------------------------------------------------------------
    def _timed(self, module: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            self._times[module] += time.perf_counter() - t0

    def _ledgers(self) -> list[Any]:
        found, seen = [], set()
        cands = [self._extra_usage] + [getattr(getattr(c, "client", None), "usage", None)
                                       for c in (self.planner, self.executor, self.verifier, self.repairer)]
        for u in cands:
            if u is not None and hasattr(u, "calls") and id(u) not in seen:
                seen.add(id(u))
                found.append(u)
        return found

    def _event(self, event: str, *, phase: str | None = None, at: int | None = None, **payload: Any) -> None:
        """Log a run event, keyed by the active commitment (or the one at position ``at``)."""
        k = self.index if at is None else at
        c = self.plan.commitments[k].id if self.plan is not None and k < len(self.plan) else None
        self.log.append("event", run=self.run_id, step=self.t, phase=phase, commitment=c, event=event, **payload)

    def _retrievals(self, component: Any) -> Iterator[RunEvent]:
        """Experience records a planner or repairer made (its ``pop_retrievals()``: skills and
        failure cases retrieved, a failure case followed): each is logged and emitted."""
        pop = getattr(component, "pop_retrievals", None)
        for rec in (pop() if callable(pop) else ()):
            data = dict(rec)
            name = data.pop("event", "retrieval")
            name = name if name in EVENTS else "retrieval"
            self._event(name, **data)
            yield self._emit(name, **data)

    def _stop(self, reason: str, detail: str | None = None) -> RunEvent:
        self.stop_reason, self.stop_detail = reason, detail
        self._event("stop", reason=reason, detail=detail)
        return self._emit("stop", reason=reason, detail=detail)

    def _commitment(self, cid: str) -> Commitment:
        assert self.plan is not None
        try:
            return self.plan.commitments[self.plan.index(cid)]
        except KeyError:
            return self.plan.commitments[min(self.index, len(self.plan) - 1)]

    def _decide(self, result: CheckResult, *, action: Action | None, observation: Observation | None) -> Verdict:
        assert self.plan is not None
        self._times["fast_tester"] += result.elapsed_ms / 1e3
        verdict = Verdict(Decision.CONTINUE, verifier="fast")
        if needs_model(result):
            self.model_escalations += 1
        if result.route is not Route.CONTINUE or getattr(self.verifier, "every_check", False):  # slow-only arm
            self.escalations += 1
            req = VerifyRequest(self.plan, self._commitment(result.commitment), result, self.t, observation=observation,
                                action=action, history=tuple(self.trajectory[-self.history_len:]))
            verdict = self._timed("verifier", self.verifier.verify, req)
            # a hard rule or a falsifier past its gate is lifted only by cited, explained evidence
            verdict = uphold(result, verdict, observation=observation, action=action)
            if verdict.decision is Decision.REPAIR and verdict.scope is None:
                verdict = replace(verdict, scope=result.scope or "execution")
        self.checks.append(StepCheck(self.t, result, verdict.decision, verdict.verifier, verdict.diagnosis))
        if verdict.decision is Decision.REPAIR:
            self.detections += 1
            if self.first_detection is None:
                self.first_detection = {"step": self.t, "phase": result.phase, "scope": verdict.scope,
                                        "evidence": result.evidence, "rule": result.rule}
            if not self.repairs_on:  # the ablation without commitment repair: detected, not acted on
                verdict = replace(verdict, decision=Decision.CONTINUE, diagnosis=f"(repair off) {verdict.diagnosis}")
        self.log.append("test", run=self.run_id, step=self.t, phase=result.phase, commitment=result.commitment,
                        **{k: v for k, v in result.to_dict().items() if k not in ("phase", "commitment")})
        if verdict.verifier != "fast":
            self.log.append("decision", run=self.run_id, step=self.t, phase=result.phase, commitment=result.commitment,
                            decision=verdict.decision.value, verifier=verdict.verifier, scope=verdict.scope,
                            diagnosis=verdict.diagnosis)
        return verdict

    def _state_of(self, result: CheckResult, verdict: Verdict) -> str:
        if verdict.decision is Decision.REPAIR:
            return "falsified"
        if result.route is Route.CONTINUE:
            return "supported"
        if verdict.verifier.startswith(FALLBACK_PREFIX) or verdict.verifier in self.unresolved_verifiers:
            return "unresolved"
        return "supported"

    def _navigate(self, url: str, why: str) -> Observation:
        nav = Action(f"goto({url!r})", why, None, "read", extra={"runner": "backtrack"})
        goto = getattr(self.env, "goto", None)
        obs = self._timed("env", goto, url) if callable(goto) else self._timed("env", self.env.step, nav)
        self.t += 1
        self.trajectory.append((nav, obs))
        return obs

    # -- the loop --------------------------------------------------------------------------
    def _loop(self) -> Iterator[RunEvent]:
        t_start = time.perf_counter()
        ledgers = self._ledgers()
        marks = {id(u): len(u.calls) for u in ledgers}
        if (yield from self._begin()):
            assert self.plan is not None
            while self.stop_reason is None and self.index < len(self.plan) and self.t < self.step_budget:
                yield from self._step()
            if self.stop_reason is None:
                if self.index >= len(self.plan):
                    yield self._stop("plan_complete")
                else:
                    yield self._stop("step_budget", f"{self.t} steps")
        yield from self._finish(t_start, ledgers, marks)

    def _begin(self) -> Generator[RunEvent, None, bool]:
        """Reset the environment, make the plan if none was given, and test the start page.
        ``False`` when the run cannot start (the reason is already the stop reason)."""
        self.budget.reset()
        self.kill_switch.reset()
        try:
            obs = self._timed("env", self.env.reset)
        except Exception as exc:  # noqa: BLE001
            yield self._stop("env_error", f"reset failed: {type(exc).__name__}: {exc}")
            return False
        self.observation = obs
        self.initial_observation = obs
        self.safe_url = obs.url or None
        yield self._emit("run_start", task=self.task, observation=obs)
        plan = self._plan
        if plan is None:
            assert self.planner is not None
            try:
                plan = self._timed("planner", self.planner.plan, self.task, obs, self.skills, self.failures)
            except FcpkitError as exc:
                yield self._stop("planning_failed", str(exc))
                return False
            yield from self._retrievals(self.planner)
        # a live run keeps its completed prefix fixed: an executor naming an earlier step is not followed
        self.tracker = CommitmentTracker(plan, self.state_tester, actions=self.action_tester,
                                         track_attempts=self.pre_action, follow_back=False)
        self.task = self.task or plan.task
        self._event("plan", plan=plan.to_data(), planner=getattr(self.planner, "name", None),
                    report=getattr(self.planner, "last_report", None) if self.planner else None)
        yield self._emit("plan", plan=plan)
        # the start page itself: an error page or an interstitial before the first action
        opening = self.state_tester.start(plan, plan.commitments[0], obs) if len(plan) else None
        if opening is not None:
            verdict = self._decide(opening, action=None, observation=obs)
            yield self._emit("post_test", phase="pre", result=opening, verdict=verdict, observation=obs)
            if verdict.decision is Decision.REPAIR:
                yield from self._repair(opening, verdict, None, "pre")
        return True

    def _step(self) -> Iterator[RunEvent]:
        """One proposal: propose, follow the executor's claim, test the action, gate it, run it and
        test the page. Returns early when a guard stops the run or a check repairs before it ran."""
        if self.kill_switch.tripped:
            yield self._stop("killed", self.kill_switch.why)
            return
        if self.proposals >= self.proposal_budget:
            yield self._stop("proposal_budget", f"{self.proposals} proposals")
            return
        action = yield from self._propose()
        if action is None or not (yield from self._follow_claim(action)):
            return
        state = yield from self._test_action(action)
        if state is None:
            return
        gd = yield from self._gate(action, state)
        if gd is not None:
            yield from self._act(action, gd)

    def _propose(self) -> Generator[RunEvent, None, Action | None]:
        """Ask the executor for the next action; ``None`` when the run stops (executor error, looping)."""
        assert self.tracker is not None and self.observation is not None
        obs = self.observation
        ctx = ExecutorContext(self.task, self.tracker.plan, self.tracker.commitment, obs, tuple(self.trajectory),
                              tuple(self.rejected), self.hint)
        try:
            action = self._timed("executor", self.executor.propose, ctx)
        except Exception as exc:  # noqa: BLE001
            yield self._stop("executor_error", f"{type(exc).__name__}: {exc}")
            return None
        self.proposals += 1
        seen = (page_fingerprint(obs), action.command)
        self._proposed[seen] += 1
        if self._proposed[seen] >= LOOP_LIMIT:
            self._event("looping", command=action.command, times=self._proposed[seen])
            yield self._stop("looping", f"{action.command} proposed {self._proposed[seen]} times on the same page")
            return None
        yield self._emit("propose", phase="pre", action=action)
        return action

    def _follow_claim(self, action: Action) -> Generator[RunEvent, None, bool]:
        """The executor's belief about the active commitment (``action.extra["commitment"]``),
        checked against ours by the tracker, as the Checker does. ``False`` when the advance
        check was repaired (the action does not run)."""
        assert self.tracker is not None and self.observation is not None
        claimed = (action.extra or {}).get("commitment")
        if not isinstance(claimed, str):
            return True
        obs = self.observation
        check = self.tracker.claim(claimed, obs)
        if check is not None and (yield from self._pre_check(check, action, obs)).decision is Decision.REPAIR:
            return False
        move = self.tracker.follow(claimed, check)
        if move is None:
            return True
        self.rejected, self.hint = [], None
        if move.kind == "unconfirmed":
            skipped = [self.tracker.plan.commitments[k].id for k in move.skipped]
            self._event("advance", at=move.origin, unconfirmed=True, skipped=skipped, to=claimed)
            # the standing is kept: skipping a doubtful commitment does not make the next one safe
            yield self._emit("advance", phase="pre", commitment=claimed, unconfirmed=True, skipped=skipped)
        else:
            self._settled_by_evidence(move)
            yield self._emit("advance", phase="pre", commitment=claimed, unconfirmed=False, skipped=[])
            # the doubt the last page left was about a commitment now settled: as after a
            # completion, the gate's standing is this page's test against the one now active
            self._standing = "supported"
            result = self.tracker.retest(obs)
            verdict = self._decide(result, action=None, observation=obs)
            if result.route is not Route.CONTINUE:
                self._standing = self._state_of(result, verdict)
            yield self._emit("post_test", phase="post", result=result, verdict=verdict, observation=obs)
            if verdict.decision is Decision.REPAIR:
                yield from self._repair(result, verdict, None, "post")
                return False
        return True

    def _test_action(self, action: Action) -> Generator[RunEvent, None, str | None]:
        """The pre-action test (Algorithm 1, lines 7-14) and, for a report, the check that every
        commitment left was done. Returns the commitment's standing for the gate, or ``None``
        when a check was repaired before the action ran."""
        assert self.tracker is not None and self.observation is not None
        if not self.pre_action:
            return "supported"
        obs = self.observation
        pre = self.tracker.test_action(action)
        verdict = yield from self._pre_check(pre, action, obs)
        if verdict.decision is Decision.REPAIR:
            return None
        self.tracker.action_tested(action, pre, verdict.decision)
        # the agent is about to say the task is done: every commitment left must be done
        claim = self.tracker.report_check(action, obs)
        if claim is not None and (yield from self._pre_check(claim, action, obs)).decision is Decision.REPAIR:
            return None
        return self._state_of(pre, verdict)

    def _gate(self, action: Action, state: str) -> Generator[RunEvent, None, GateDecision | None]:
        """The policy gate. The commitment's standing is the worse of this action's test and the
        last page's, so a write cannot follow a falsified or unresolved page just because the
        proposed action itself looks harmless. Returns the gate decision, or ``None`` if blocked."""
        assert self.tracker is not None
        c = self.tracker.commitment
        state = max(state, self._standing, key=_STANDING_ORDER.index)
        gd = self.gate.check(action, commitment_state=state, repair_pending=False, commitment=c,
                             task=self.task, step=self.t, observation=self.observation)
        self.log.append("event", run=self.run_id, step=self.t, phase="gate", commitment=c.id, event="gate",
                        command=action.command, target=action.target, **gd.to_dict())
        yield self._emit("gate", phase="pre", action=action, gate=gd)
        if gd.allowed:
            return gd
        self.gate_blocks += 1
        self.rejected.append(action)
        self.hint = f"{action.command} was blocked by policy ({gd.reason})."
        if gd.needs_approval:
            yield self._stop("approval_required", gd.reason)
        elif self.gate_blocks >= self.gate_block_limit:
            yield self._stop("blocked_by_policy", f"{self.gate_blocks} blocked action(s); last: {gd.reason}")
        return None

    def _act(self, action: Action, gd: GateDecision) -> Iterator[RunEvent]:
        """Run the action (line 15), then test the page it produced; a report ends the run."""
        assert self.tracker is not None and self.observation is not None
        before = self.observation
        try:
            obs = self._timed("env", self.env.step, action)
            if gd.effect in ("write", "irreversible"):
                self.tracker.record_write(action)
        except Exception as exc:  # noqa: BLE001 - Environment.step should not raise; park if it does
            yield self._stop("env_error", f"{type(exc).__name__}: {exc}")
            return
        self.t += 1
        self.observation = obs
        self.trajectory.append((action, obs))
        self.stage_history.append((action, obs))
        yield self._emit("act", phase="post", action=action, observation=obs)
        report = None
        try:
            calls = parse_action(action.command)
            report = next((_REPORT_CALLS[k.name] for k in calls if k.name in _REPORT_CALLS), None)
            if report:
                msg = next(k for k in calls if k.name in _REPORT_CALLS)
                self.answer = str(msg.args[0]) if msg.args else str(msg.kwargs.get("text", ""))
        except ValueError:
            pass
        yield from self._test_page(action, before)
        if report and self.stop_reason is None:
            yield self._stop(report, self.answer)

    def _test_page(self, action: Action, before: Observation) -> Iterator[RunEvent]:
        """The post-state test (lines 16-25) of the page ``action`` produced, and its decision."""
        assert self.tracker is not None and self.observation is not None
        obs = self.observation
        post = self.tracker.test_page(obs, before=before, action=action,
                                      baseline=edit_baseline(self.initial_observation, self.trajectory[:-1]))
        verdict = self._decide(post, action=action, observation=obs)
        if post.route is not Route.CONTINUE:  # a page with no signal neither clears nor adds a doubt
            self._standing = self._state_of(post, verdict)
        yield self._emit("post_test", phase="post", action=action, result=post, verdict=verdict, observation=obs)
        if verdict.decision is Decision.REPAIR:
            yield from self._repair(post, verdict, action, "post")
        elif verdict.decision is Decision.ADVANCE:
            yield from self._advance(post)

    def _pre_check(self, result: CheckResult, action: Action, obs: Observation) -> Generator[RunEvent, None, Verdict]:
        """Decide a test made before ``action`` runs, report it, and repair on the spot if it says so."""
        verdict = self._decide(result, action=action, observation=obs)
        yield self._emit("pre_test", phase="pre", action=action, result=result, verdict=verdict)
        if verdict.decision is Decision.REPAIR:
            yield from self._repair(result, verdict, action, "pre")
        return verdict

    def _settled_by_evidence(self, move: Move) -> None:
        """The tracker moved on from ``move.origin``, settled before any page showed its completion:
        by the action its completion evidence names, or by the next precondition."""
        assert self.tracker is not None
        why = ("by its completing action" if move.by_action else "already confirmed") if move.kind == "confirmed" \
            else "the next commitment's precondition holds"
        c = self.tracker.plan.commitments[move.origin]
        summary = (f"[{c.id}] {c.subgoal}: done at step {self.t} ({why}); "
                   + ", ".join(a.command for a, _ in self.stage_history[-3:]))
        self.summaries.append(summary)
        self.stage_history = []
        self._proposed.clear()
        self._event("advance", at=move.origin, summary=summary, advanced=c.id, by=why)

    def _advance(self, result: CheckResult) -> Iterator[RunEvent]:
        """A page completed the active commitment: summarise the stage, move on, and re-test the
        same page against the next commitment (one page can complete several)."""
        assert self.tracker is not None and self.observation is not None
        obs = self.observation
        decision = Decision.ADVANCE
        while decision is Decision.ADVANCE and not self.tracker.finished:
            c = self.tracker.commitment
            n = len(self.stage_history)
            summary = (f"[{c.id}] {c.subgoal}: done at step {self.t} on {obs.title or obs.url}"
                       + (f" (confirmed by {result.confirming!r})" if result.confirming else "")
                       + f"; {n} action(s): " + ", ".join(a.command for a, _ in self.stage_history[-3:]))
            self.summaries.append(summary)
            self._proposed.clear()
            self.safe_url = obs.url or self.safe_url
            self.rejected, self.hint, self.stage_history = [], None, []
            self._event("advance", summary=summary, safe_url=self.safe_url, advanced=c.id)
            more = self.tracker.complete()
            self._standing = "supported"
            yield self._emit("advance", phase="post", commitment=c.id, summary=summary, safe_url=self.safe_url)
            if not more:
                break
            result = self.tracker.retest(obs)
            verdict = self._decide(result, action=None, observation=obs)
            if result.route is not Route.CONTINUE:  # the gate's standing follows every re-test
                self._standing = self._state_of(result, verdict)
            yield self._emit("post_test", phase="post", result=result, verdict=verdict, observation=obs)
            decision = verdict.decision
            if decision is Decision.REPAIR:
                yield from self._repair(result, verdict, None, "post")

    def _repair(self, result: CheckResult, verdict: Verdict, action: Action | None, phase: str) -> Iterator[RunEvent]:
        assert self.plan is not None and self.observation is not None
        scope = verdict.scope or result.scope or "execution"
        if not self.budget.allows(scope):
            self._event("repair_budget", phase=phase, scope=scope, **self.budget.to_dict())
            yield self._stop("repair_budget", f"no repair budget left for a {scope} repair ({self.budget.to_dict()})")
            return
        self.budget.spend(scope)
        req = RepairRequest(self.plan, self.index, scope, verdict.diagnosis or (result.evidence or result.rule or ""),
                            phase, result, verdict, action, self.observation, tuple(self.trajectory[-self.history_len:]),
                            self.skills, self.failures, self.safe_url, self.t, previous=tuple(self.repairs))
        try:
            res = self._timed("repairer", self.repairer.repair, req)
        except Exception as exc:  # noqa: BLE001 - a custom repairer's bug must not lose the run's log
            res = DeterministicRepairer().repair(req)
            res = replace(res, repairer=f"deterministic (after {type(exc).__name__}: {exc})")
        yield from self._retrievals(self.repairer)
        if tuple(res.plan.commitments[: self.index]) != tuple(self.plan.commitments[: self.index]):
            res = replace(DeterministicRepairer().repair(req), repairer=f"deterministic ({res.repairer} changed the completed prefix)")
        assert self.tracker is not None
        self.tracker.repaired(res.plan)
        self.repairs.append(res)
        if res.rejected_action is not None and res.rejected_action not in self.rejected:
            self.rejected.append(res.rejected_action)
        self.hint = res.hint
        self._proposed.clear()  # a repair changes the plan or the path: repeats after it are the budget's business
        rec = res.to_dict()
        rec["repaired_commitment"] = rec.pop("commitment")
        self.log.append("repair", run=self.run_id, step=self.t, phase=phase, commitment=result.commitment, **rec)
        yield self._emit("repair", phase=phase, repair=res, result=result, verdict=verdict)

        yield from carry_out(self, res, phase, action)

    def _finish(self, t_start: float, ledgers: list[Any], marks: dict[int, int]) -> Iterator[RunEvent]:
        outcome: Outcome | None
        try:
            outcome = self._timed("env", self.env.validate, self.answer)
        except Exception as exc:  # noqa: BLE001
            outcome = Outcome(False, f"validate failed: {type(exc).__name__}: {exc}")
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
        self.result = RunResult(
            run_id=self.run_id, task=self.task, success=outcome.success if outcome else None, outcome=outcome,
            stop_reason=self.stop_reason or "unknown", stop_detail=self.stop_detail, steps=self.t,
            proposals=self.proposals, plan=self.plan, advanced=list(self.advanced), detections=self.detections,
            first_detection=self.first_detection, repairs=list(self.repairs), checks=list(self.checks),
            escalations=self.escalations, gate_blocks=self.gate_blocks, answer=self.answer, llm_by_module=llm,
            time_by_module=dict(self._times), wall_s=time.perf_counter() - t_start, summaries=list(self.summaries),
            trajectory=list(self.trajectory), model_escalations=self.model_escalations,
            outcome_class=classify_outcome(outcome.success if outcome else None, self.stop_reason or "unknown",
                                           len(self.repairs), (outcome.extra or {}).get("writes", ()) if outcome else ()),
        )
        self._event("run_end", **{k: v for k, v in self.result.to_dict().items() if k not in ("run_id",)})
        yield self._emit("run_end", result=self.result)
