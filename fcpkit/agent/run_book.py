"""What a live run keeps and how it keeps it: the base of :class:`~fcpkit.agent.runtime.Runner`.

:class:`RunBook` holds the run's parts and state (step counter, page, trajectory, checks, repairs,
stop reason...) and does the bookkeeping every phase of the loop shares: events to listeners
(:meth:`RunBook.on`), records in the evidence log, time per module, the decision on a check
(escalation to the verifier, the precedence rules, detection counts), the policy gate's decision on
an action and one environment step (:meth:`RunBook._ask_gate`, :meth:`RunBook._step_env`: a repair's
recovery runs its actions through the same two), and the
:class:`~fcpkit.agent.run_records.RunResult` at the end. The loop itself (Algorithm 1) is the
Runner's; the repair's follow-up (:mod:`fcpkit.agent.repair.perform`) drives the same helpers.
"""

from __future__ import annotations

import time
import warnings
from collections import Counter
from dataclasses import replace
from typing import Any, Callable, Generator, Iterator, Sequence

from fcpkit.agent.guards import GateDecision
from fcpkit.agent.outcomes import classify_outcome
from fcpkit.agent.planner import FailureCase, Planner, SkillRecord
from fcpkit.agent.repair import RepairResult
from fcpkit.agent.run_records import EVENTS, RunEvent, RunResult, find_ledgers, llm_by_module
from fcpkit.agent.run_setup import RunConfig, RunParts, bind_components
from fcpkit.core.plan import Commitment, Plan
from fcpkit.core.precedence import uphold
from fcpkit.core.protocols import Environment, Executor, Outcome
from fcpkit.core.router import Route
from fcpkit.core.testers import CheckResult
from fcpkit.core.tracker import CommitmentTracker
from fcpkit.core.trajectory import Action, Observation
from fcpkit.core.verify import Decision, StepCheck, Verdict, VerifyRequest, needs_model
from fcpkit.llm.components.verifier import FALLBACK_PREFIX

__all__ = ["RunBook"]


def _setting(name: str, doc: str) -> property:
    """A read-only runner attribute that reads :class:`RunConfig` field ``name``."""
    return property(lambda self: getattr(self.config, name), doc=doc)


class RunBook:
    """The parts, settings and state of one run, and the bookkeeping its phases share.

    The state attributes are public for notebooks and read-only by convention; the settings
    (``run_id``, ``step_budget``...) read :attr:`config`.
    """

    run_id = _setting("run_id", "The run's id: every event and log record carries it.")
    step_budget = _setting("step_budget", "Browser steps the run may take.")
    proposal_budget = _setting("proposal_budget", "Proposals the run may ask for, rejected ones included.")
    pre_action = _setting("pre_action", "Whether an action is tested before it runs.")
    repairs_on = _setting("repairs", "Whether a detection is repaired (``False``: counted only).")
    history_len = _setting("history", "Steps of trajectory a verifier or repairer is shown.")
    unresolved_verifiers = _setting("unresolved_verifiers", "Verifiers whose answer leaves an escalation unresolved.")
    gate_block_limit = _setting("gate_block_limit", "Gate refusals after which the run is parked.")

    def __init__(self, env: Environment, executor: Executor, plan: Plan | None, *, planner: Planner | None,
                 skills: Sequence[SkillRecord], failures: Sequence[FailureCase], config: RunConfig, parts: RunParts,
                 usage: Any = None):
        self.env, self.executor, self.planner, self._plan = env, executor, planner, plan
        self.skills, self.failures = tuple(skills), tuple(failures)
        self.config = config
        self.state_tester, self.action_tester = parts.state_tester, parts.action_tester
        self.verifier, self.repairer, self.gate = parts.verifier, parts.repairer, parts.gate
        self.budget, self.kill_switch, self.log = parts.budget, parts.kill_switch, parts.log
        self._extra_usage = usage
        self._listeners: dict[str, list[Callable[[RunEvent], Any]]] = {}
        bind_components((self.verifier, self.repairer, self.executor, self.planner), self.log, config.run_id)
        #: the run's commitment progress (made once the plan is known; the plan lives on it)
        self.tracker: CommitmentTracker | None = None
        self.task: str = getattr(env, "task", None) or (plan.task if plan is not None else "")
        self.t = 0
        self.observation: Observation | None = None
        self.initial_observation: Observation | None = None
        self.safe_url: str | None = None
        self.rejected: list[Action] = []
        self.hint: str | None = None
        self.trajectory: list[tuple[Action, Observation]] = []
        self.stage_history: list[tuple[Action, Observation]] = []
        self.summaries: list[str] = []
        self.checks: list[StepCheck] = []
        self.repairs: list[RepairResult] = []
        self.escalations = self.model_escalations = self.detections = self.gate_blocks = self.proposals = 0
        self.first_detection: dict[str, Any] | None = None
        self.answer: str | None = None
        self.stop_reason: str | None = None
        self.stop_detail: str | None = None
        self.result: RunResult | None = None
        self._times: Counter = Counter()
        self._standing = "supported"
        self._proposed: Counter = Counter()  # (page fingerprint, command) -> times proposed

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

    # -- log, time, stop --------------------------------------------------------------------
    def _timed(self, module: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            self._times[module] += time.perf_counter() - t0

    def _ledgers(self) -> list[Any]:
        return find_ledgers(self._extra_usage, (self.planner, self.executor, self.verifier, self.repairer))

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

    # -- deciding a check -------------------------------------------------------------------
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

    # -- the gate and the browser -----------------------------------------------------------
    def _ask_gate(self, action: Action, state: str, **note: Any) -> Generator[RunEvent, None, GateDecision]:
        """The policy gate's decision on ``action`` for the active commitment standing at
        ``state``, logged (with ``note``'s fields) and emitted; acting on it is the caller's."""
        assert self.tracker is not None
        c = self.tracker.commitment
        gd = self.gate.check(action, commitment_state=state, repair_pending=False, commitment=c,
                             task=self.task, step=self.t, observation=self.observation)
        self.log.append("event", run=self.run_id, step=self.t, phase="gate", commitment=c.id, event="gate",
                        command=action.command, target=action.target, **note, **gd.to_dict())
        yield self._emit("gate", phase="pre", action=action, gate=gd)
        return gd

    def _step_env(self, action: Action, *, write: bool = False) -> Generator[RunEvent, None, Observation | None]:
        """Run ``action`` in the environment and record the page it led to: the step counter,
        the trajectory and the stage's history, then the ``act`` event. ``write`` (the gate
        classed the action a write) records the write with the tracker. Returns the new page,
        or ``None`` when the environment raised (the run then stops with ``env_error``)."""
        try:
            obs = self._timed("env", self.env.step, action)
            if write:
                assert self.tracker is not None
                self.tracker.record_write(action)
        except Exception as exc:  # noqa: BLE001 - Environment.step should not raise; park if it does
            yield self._stop("env_error", f"{type(exc).__name__}: {exc}")
            return None
        self.t += 1
        self.observation = obs
        self.trajectory.append((action, obs))
        self.stage_history.append((action, obs))
        yield self._emit("act", phase="post", action=action, observation=obs)
        return obs

    def _navigate(self, url: str, why: str) -> Observation:
        nav = Action(f"goto({url!r})", why, None, "read", extra={"runner": "backtrack"})
        goto = getattr(self.env, "goto", None)
        obs = self._timed("env", goto, url) if callable(goto) else self._timed("env", self.env.step, nav)
        self.t += 1
        self.trajectory.append((nav, obs))
        return obs

    # -- the end ----------------------------------------------------------------------------
    def _finish(self, t_start: float, ledgers: list[Any], marks: dict[int, int]) -> Iterator[RunEvent]:
        """Validate the outcome, make :attr:`result`, log ``run_end`` and emit it."""
        outcome: Outcome | None
        try:
            outcome = self._timed("env", self.env.validate, self.answer)
        except Exception as exc:  # noqa: BLE001
            outcome = Outcome(False, f"validate failed: {type(exc).__name__}: {exc}")
        self.result = RunResult(
            run_id=self.run_id, task=self.task, success=outcome.success if outcome else None, outcome=outcome,
            stop_reason=self.stop_reason or "unknown", stop_detail=self.stop_detail, steps=self.t,
            proposals=self.proposals, plan=self.plan, advanced=list(self.advanced), detections=self.detections,
            first_detection=self.first_detection, repairs=list(self.repairs), checks=list(self.checks),
            escalations=self.escalations, gate_blocks=self.gate_blocks, answer=self.answer,
            llm_by_module=llm_by_module(ledgers, marks), time_by_module=dict(self._times),
            wall_s=time.perf_counter() - t_start, summaries=list(self.summaries),
            trajectory=list(self.trajectory), model_escalations=self.model_escalations,
            outcome_class=classify_outcome(outcome.success if outcome else None, self.stop_reason or "unknown",
                                           len(self.repairs), (outcome.extra or {}).get("writes", ()) if outcome else ()),
        )
        self._event("run_end", **{k: v for k, v in self.result.to_dict().items() if k not in ("run_id",)})
        yield self._emit("run_end", result=self.result)
