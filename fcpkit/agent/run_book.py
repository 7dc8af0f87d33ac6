"""How a live run keeps its books: what the loop's phases work on, and the bookkeeping they share.

:class:`RunBook` holds what a run is made of, kept apart: its settings (:attr:`RunBook.config`,
fixed), its parts (:attr:`RunBook.parts`: testers, verifier, repairer, guards, log), the
environment, executor and planner, and its state (:attr:`RunBook.state`, a
:class:`~fcpkit.agent.run_state.RunState` only the loop writes; the state's fields also read as
the book's attributes of the same names). The loop's phases (:mod:`fcpkit.agent.phases`) are
functions over one book. Its methods are the bookkeeping every phase shares: events to listeners
(:meth:`RunBook.on`, :meth:`RunBook.emit`), records in the evidence log, time per module, the
decision on a check (escalation to the verifier, the precedence rules, detection counts), the
policy gate's decision on an action and one environment step (the loop's own actions and a
repair's recovery run through the same two), a backtrack, a replan, and the
:class:`~fcpkit.agent.run_records.RunResult` at the end. The
:class:`~fcpkit.agent.runtime.Runner` holds one book and shows :data:`FACE` of it, read-only.
"""

from __future__ import annotations

import time
import warnings
from dataclasses import replace
from typing import Any, Callable, Generator, Iterator, Sequence

from fcpkit.agent.guards import GateDecision
from fcpkit.agent.outcomes import classify_outcome
from fcpkit.agent.planner import FailureCase, Planner, SkillRecord
from fcpkit.agent.repair.instructions import Backtrack, Replan, splice
from fcpkit.agent.run_records import EVENTS, RunEvent, RunResult, find_ledgers, llm_by_module
from fcpkit.agent.run_setup import RunConfig, RunParts, bind_components
from fcpkit.agent.run_state import RunState
from fcpkit.core.plan import Commitment, Plan
from fcpkit.core.precedence import uphold
from fcpkit.core.protocols import Environment, Executor, Outcome
from fcpkit.core.router import Route
from fcpkit.core.testers import CheckResult
from fcpkit.core.trajectory import Action, Observation
from fcpkit.core.verify import Decision, StepCheck, Verdict, VerifyRequest, needs_model
from fcpkit.errors import FcpkitError
from fcpkit.llm.components.verifier import FALLBACK_PREFIX

__all__ = ["RunBook", "FACE"]


def _setting(name: str, doc: str) -> property:
    """A read-only runner attribute that reads :class:`RunConfig` field ``name``."""
    return property(lambda self: getattr(self.config, name), doc=doc)


def _state(name: str, doc: str) -> property:
    """A read-only runner attribute that reads :class:`RunState` field ``name``."""
    return property(lambda self: getattr(self.state, name), doc=doc)


#: The state's fields a notebook reads as the Runner's attributes (read-only: the loop alone writes them).
STATE_ATTRIBUTES = {
    "task": "The task, from the environment or the plan.",
    "tracker": "The run's commitment progress (``None`` until the plan is known).",
    "t": "Browser steps taken.",
    "observation": "The page now.",
    "initial_observation": "The page the environment reset to.",
    "safe_url": "The page of the last completed commitment: where a backtrack goes.",
    "rejected": "Actions refused in this stage, shown to the executor.",
    "hint": "The last repair's or refusal's hint to the executor.",
    "trajectory": "Every (action, page) step, the runner's own navigations included.",
    "stage_history": "The steps since the last commitment was completed.",
    "summaries": "One summary per completed commitment.",
    "checks": "Every decided check, in order.",
    "repairs": "Every repair, in order.",
    "escalations": "Checks sent to the verifier.",
    "model_escalations": "Checks that needed a model to decide.",
    "detections": "Checks decided *repair*.",
    "gate_blocks": "Actions the policy gate refused.",
    "proposals": "Actions the executor proposed.",
    "first_detection": "Step, phase, scope and evidence of the first detection.",
    "answer": "The executor's report to the user, if it made one.",
    "stop_reason": "Why the run stopped (``None`` while it runs).",
    "stop_detail": "The stop's detail.",
    "result": "The run's :class:`RunResult` (``None`` until it ended).",
    "plan": "The plan being followed (repairs and replanning change it from the active commitment on).",
    "index": "The active commitment's position; ``len(plan)`` once a page completed the last one.",
    "advanced": "Ids of the commitments confirmed done, in order (skipped ones are not).",
}


class RunBook:
    """The parts, settings and state of one run, and the bookkeeping its phases share (a
    :class:`~fcpkit.agent.runtime.Runner` makes one; the phases take it as ``run``).

    The state's fields (``t``, ``observation``, ``trajectory``, ``checks``, ``repairs``,
    ``stop_reason``, ``result``...) read :attr:`state`; the settings (``run_id``,
    ``step_budget``...) read :attr:`config`; the parts are attributes of their own names.
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
        self.env, self.executor, self.planner = env, executor, planner
        self.skills, self.failures = tuple(skills), tuple(failures)
        self.config, self.parts = config, parts
        self.state_tester, self.action_tester = parts.state_tester, parts.action_tester
        self.verifier, self.repairer, self.gate = parts.verifier, parts.repairer, parts.gate
        self.budget, self.kill_switch, self.log = parts.budget, parts.kill_switch, parts.log
        self._extra_usage = usage
        self._listeners: dict[str, list[Callable[[RunEvent], Any]]] = {}
        bind_components((self.verifier, self.repairer, self.executor, self.planner), self.log, config.run_id)
        #: what changes while the run goes on (only the loop writes it)
        self.state = RunState(getattr(env, "task", None) or (plan.task if plan is not None else ""), given_plan=plan)

    # -- observers ------------------------------------------------------------------------
    def on(self, event: str, fn: Callable[[RunEvent], Any] | None = None):
        """Subscribe ``fn(event)`` to ``event`` (one of :data:`EVENTS`, or ``"*"``). Usable as a decorator."""
        if event != "*" and event not in EVENTS:
            raise ValueError(f"unknown event {event!r}; use one of {EVENTS} or '*'")
        if fn is None:
            return lambda f: self.on(event, f)
        self._listeners.setdefault(event, []).append(fn)
        return fn

    def emit(self, name: str, *, phase: str | None = None, commitment: str | None = None, **data: Any) -> RunEvent:
        """Make the event ``name`` (keyed by the active commitment unless one is named) and give it
        to its listeners; a listener that raises is warned about, so a broken widget cannot end a run."""
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
    def timed(self, module: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``fn(*args, **kwargs)``, its time added to ``module``'s (the result's ``time_by_module``)."""
        t0 = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            self.state.times[module] += time.perf_counter() - t0

    def ledgers(self) -> list[Any]:
        """The LLM usage ledgers whose calls the result counts (the extra one and the components')."""
        return find_ledgers(self._extra_usage, (self.planner, self.executor, self.verifier, self.repairer))

    def event(self, event: str, *, phase: str | None = None, at: int | None = None, **payload: Any) -> None:
        """Log a run event, keyed by the active commitment (or the one at position ``at``)."""
        k = self.index if at is None else at
        c = self.plan.commitments[k].id if self.plan is not None and k < len(self.plan) else None
        self.log.append("event", run=self.run_id, step=self.t, phase=phase, commitment=c, event=event, **payload)

    def retrievals(self, component: Any) -> Iterator[RunEvent]:
        """Experience records a planner or repairer made (its ``pop_retrievals()``: skills and
        failure cases retrieved, a failure case followed): each is logged and emitted."""
        pop = getattr(component, "pop_retrievals", None)
        for rec in (pop() if callable(pop) else ()):
            data = dict(rec)
            name = data.pop("event", "retrieval")
            name = name if name in EVENTS else "retrieval"
            self.event(name, **data)
            yield self.emit(name, **data)

    def stop(self, reason: str, detail: str | None = None) -> RunEvent:
        """End the run with ``reason``: the state, the log's ``stop`` record, the ``stop`` event."""
        self.state.stop_reason, self.state.stop_detail = reason, detail
        self.event("stop", reason=reason, detail=detail)
        return self.emit("stop", reason=reason, detail=detail)

    # -- deciding a check -------------------------------------------------------------------
    def commitment(self, cid: str) -> Commitment:
        """The commitment ``cid`` names (the active one if a repair renamed it away)."""
        assert self.plan is not None
        try:
            return self.plan.commitments[self.plan.index(cid)]
        except KeyError:
            return self.plan.commitments[min(self.index, len(self.plan) - 1)]

    def decide(self, result: CheckResult, *, action: Action | None, observation: Observation | None) -> Verdict:
        """The decision on one fast test: escalated to the verifier unless it routes *continue*,
        held to the precedence rules, counted (checks, escalations, detections) and logged. With
        repairs off a *repair* is counted and turned into *continue*."""
        assert self.plan is not None
        s = self.state
        s.times["fast_tester"] += result.elapsed_ms / 1e3
        verdict = Verdict(Decision.CONTINUE, verifier="fast")
        if needs_model(result):
            s.model_escalations += 1
        if result.route is not Route.CONTINUE or getattr(self.verifier, "every_check", False):  # slow-only arm
            s.escalations += 1
            req = VerifyRequest(self.plan, self.commitment(result.commitment), result, self.t, observation=observation,
                                action=action, history=tuple(self.trajectory[-self.history_len:]))
            verdict = self.timed("verifier", self.verifier.verify, req)
            # a hard rule or a falsifier past its gate is lifted only by cited, explained evidence
            verdict = uphold(result, verdict, observation=observation, action=action)
            if verdict.decision is Decision.REPAIR and verdict.scope is None:
                verdict = replace(verdict, scope=result.scope or "execution")
        s.checks.append(StepCheck(self.t, result, verdict.decision, verdict.verifier, verdict.diagnosis))
        if verdict.decision is Decision.REPAIR:
            s.detections += 1
            if s.first_detection is None:
                s.first_detection = {"step": self.t, "phase": result.phase, "scope": verdict.scope,
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

    def standing_of(self, result: CheckResult, verdict: Verdict) -> str:
        """The commitment's standing a decided check leaves (:data:`~fcpkit.core.tracker.STANDINGS`):
        an escalation a fallback or a lower-bound verifier answered is not resolved."""
        if verdict.decision is Decision.REPAIR:
            return "falsified"
        if result.route is Route.CONTINUE:
            return "supported"
        if verdict.verifier.startswith(FALLBACK_PREFIX) or verdict.verifier in self.unresolved_verifiers:
            return "unresolved"
        return "supported"

    # -- the gate and the browser -----------------------------------------------------------
    def ask_gate(self, action: Action, state: str, **note: Any) -> Generator[RunEvent, None, GateDecision]:
        """The policy gate's decision on ``action`` for the active commitment standing at
        ``state``, logged (with ``note``'s fields) and emitted; acting on it is the caller's."""
        assert self.tracker is not None
        c = self.tracker.commitment
        gd = self.gate.check(action, commitment_state=state, repair_pending=False, commitment=c,
                             task=self.task, step=self.t, observation=self.observation)
        self.log.append("event", run=self.run_id, step=self.t, phase="gate", commitment=c.id, event="gate",
                        command=action.command, target=action.target, **note, **gd.to_dict())
        yield self.emit("gate", phase="pre", action=action, gate=gd)
        return gd

    def step_env(self, action: Action, *, write: bool = False) -> Generator[RunEvent, None, Observation | None]:
        """Run ``action`` in the environment and record the page it led to: the step counter,
        the trajectory and the stage's history, then the ``act`` event. ``write`` (the gate
        classed the action a write) records the write with the tracker. Returns the new page,
        or ``None`` when the environment raised (the run then stops with ``env_error``)."""
        try:
            obs = self.timed("env", self.env.step, action)
            if write:
                assert self.tracker is not None
                self.tracker.record_write(action)
        except Exception as exc:  # noqa: BLE001 - Environment.step should not raise; park if it does
            yield self.stop("env_error", f"{type(exc).__name__}: {exc}")
            return None
        self.state.record_step(action, obs)
        yield self.emit("act", phase="post", action=action, observation=obs)
        return obs

    def backtrack(self, ins: Backtrack, phase: str) -> Generator[RunEvent, None, bool]:
        """Take the browser back to the last safe page (a step of the run, not of the stage, and no
        ``act`` event), unless it is there or the step budget is spent. ``False`` when the
        navigation failed (the run then stops with ``env_error``)."""
        assert self.observation is not None
        if self.observation.url == ins.url or self.t >= self.step_budget:
            return True
        nav = Action(f"goto({ins.url!r})", ins.why, None, "read", extra={"runner": "backtrack"})
        goto = getattr(self.env, "goto", None)
        try:
            obs = self.timed("env", goto, ins.url) if callable(goto) else self.timed("env", self.env.step, nav)
        except Exception as exc:  # noqa: BLE001
            yield self.stop("env_error", f"backtrack failed: {type(exc).__name__}: {exc}")
            return False
        self.state.record_step(nav, obs, stage=False)
        self.event("backtrack", url=ins.url)
        yield self.emit("backtrack", phase=phase, url=ins.url, observation=obs)
        return True

    # -- the planner ----------------------------------------------------------------------------
    def replan(self, ins: Replan) -> Iterator[RunEvent]:
        """A planning-scope repair: the planner makes a new suffix from the active commitment on
        (told what failed); without a planner, or when it fails, the run stops for a replan."""
        if self.planner is None:
            yield self.stop("replan_required", ins.reason)
            return
        assert self.tracker is not None and self.plan is not None
        diag = FailureCase(self.task, pattern=ins.reason, strategy="replan",
                           analysis=f"commitment {self.plan.commitments[self.index].id!r} falsified at step {self.t}")
        try:
            fresh = self.timed("planner", self.planner.plan, self.task, self.observation, self.skills,
                                tuple(self.failures) + (diag,))
        except FcpkitError as exc:
            yield self.stop("replan_required", f"replanning failed: {exc}")
            return
        # the commitments from the active one on are new: nothing has been done for them yet
        self.tracker.replanned(splice(self.plan, self.index, fresh))
        self.event("replan", plan=self.plan.to_data())
        yield self.emit("replan", plan=self.plan)
        yield from self.retrievals(self.planner)

    # -- the end ----------------------------------------------------------------------------
    def finish(self, t_start: float, ledgers: list[Any], marks: dict[int, int]) -> Iterator[RunEvent]:
        """Validate the outcome, make :attr:`result`, log ``run_end`` and emit it."""
        outcome: Outcome | None
        try:
            outcome = self.timed("env", self.env.validate, self.answer)
        except Exception as exc:  # noqa: BLE001
            outcome = Outcome(False, f"validate failed: {type(exc).__name__}: {exc}")
        s = self.state
        s.result = RunResult(
            run_id=self.run_id, task=self.task, success=outcome.success if outcome else None, outcome=outcome,
            stop_reason=self.stop_reason or "unknown", stop_detail=self.stop_detail, steps=self.t,
            proposals=self.proposals, plan=self.plan, advanced=list(self.advanced), detections=self.detections,
            first_detection=self.first_detection, repairs=list(self.repairs), checks=list(self.checks),
            escalations=self.escalations, gate_blocks=self.gate_blocks, answer=self.answer,
            llm_by_module=llm_by_module(ledgers, marks), time_by_module=dict(s.times),
            wall_s=time.perf_counter() - t_start, summaries=list(self.summaries),
            trajectory=list(self.trajectory), model_escalations=self.model_escalations,
            outcome_class=classify_outcome(outcome.success if outcome else None, self.stop_reason or "unknown",
                                           len(self.repairs), (outcome.extra or {}).get("writes", ()) if outcome else ()),
        )
        self.event("run_end", **{k: v for k, v in self.result.to_dict().items() if k not in ("run_id",)})
        yield self.emit("run_end", result=self.result)

    # -- a run ended from outside its loop ----------------------------------------------------
    def interrupt(self, why: str) -> None:
        """Record that the run was cut from outside (an episode that ended, a closed agent): the
        stop reason ``interrupted`` with the Runner's own stop record, as for a Ctrl-C. Nothing
        if the run already stopped."""
        if self.stop_reason is None:
            self.stop("interrupted", why)

    def end(self, t_start: float) -> RunResult:
        """Make the :class:`RunResult` of a run whose loop was cut before its own end (its stop is
        already recorded, e.g. by :meth:`interrupt`): validate, log ``run_end`` and emit it, as the
        loop's finish does. ``t_start`` is when the run started (``time.perf_counter()``); every
        LLM call the components' ledgers hold is counted."""
        for _ in self.finish(t_start, self.ledgers(), {}):
            pass
        assert self.result is not None
        return self.result


for _name, _doc in STATE_ATTRIBUTES.items():
    setattr(RunBook, _name, _state(_name, _doc))

#: The components a book holds, which a Runner shows by name.
COMPONENTS = {
    "env": "The environment the run acts in.",
    "executor": "The executor that proposes the actions.",
    "planner": "The planner that makes the plan and replans (``None`` with a fixed plan and no planner).",
    "skills": "Retrieved skill records, shown to the planner and the repairer.",
    "failures": "Retrieved failure cases, shown to the planner and the repairer.",
    "config": "The run's settings (:class:`~fcpkit.agent.run_setup.RunConfig`).",
    "parts": "The run's parts (:class:`~fcpkit.agent.run_setup.RunParts`).",
    "state": "The run's state (:class:`~fcpkit.agent.run_state.RunState`); the loop alone writes it.",
    "state_tester": "The state (page) tester.",
    "action_tester": "The action tester.",
    "verifier": "The slow path an escalated check goes to.",
    "repairer": "The repairer a detection is repaired with.",
    "gate": "The policy gate.",
    "budget": "The repair budget.",
    "kill_switch": "The kill switch.",
    "log": "The evidence log.",
}

#: What a :class:`~fcpkit.agent.runtime.Runner` shows of its book, read-only, with each name's doc:
#: the components, the settings and the state's fields.
FACE = {**COMPONENTS, **{n: p.__doc__ for n, p in vars(RunBook).items() if isinstance(p, property)}}
