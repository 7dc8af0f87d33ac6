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

This module holds the loop: its phases and the order they follow each other, and how a
repair's instructions (:mod:`fcpkit.agent.repair.instructions`) are carried out. The run's
settings and parts are made in :mod:`fcpkit.agent.run_setup`, its state is one
:class:`~fcpkit.agent.run_state.RunState`, and each dealing with one part (events, log, timing,
deciding a check, the gate, an environment step, a backtrack, a replan, the result) is
:class:`~fcpkit.agent.run_book.RunBook`'s, the Runner's base.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any, Generator, Iterator, Sequence

from fcpkit.agent.guards import GateDecision, KillSwitch, PolicyGate, RepairBudget
from fcpkit.agent.planner import FailureCase, Planner, SkillRecord
from fcpkit.agent.repair import DeterministicRepairer, RepairRequest, Repairer
from fcpkit.agent.repair.instructions import (
    UNREPAIRABLE_STOP, Backtrack, Instruction, Recover, Replan, Stop, arrived, instructions, is_wait, page_before,
)
from fcpkit.agent.repair.strategies import REPORTS, rebind
from fcpkit.agent.run_book import RunBook
from fcpkit.agent.run_records import RunEvent, RunResult
from fcpkit.agent.run_setup import RunConfig, RunParts
from fcpkit.core.log import EvidenceLog
from fcpkit.core.plan import Plan
from fcpkit.core.protocols import Environment, Executor, ExecutorContext, Matcher
from fcpkit.core.router import Route, Thresholds
from fcpkit.core.rules import edit_baseline, page_fingerprint, parse_action
from fcpkit.core.testers import ActionTester, CheckResult, StateTester
from fcpkit.core.tracker import CommitmentTracker, Move
from fcpkit.core.trajectory import Action, Observation
from fcpkit.core.verify import Decision, Verdict, Verifier
from fcpkit.errors import FcpkitError

__all__ = ["Runner"]

#: the same action proposed on the same page this many times means the agent is going round in circles
LOOP_LIMIT = 3
_REPORT_CALLS = {"send_msg_to_user": "reported", "report_infeasible": "infeasible"}


class Runner(RunBook):
    """Wire a plan (or a planner), an executor, an environment, testers, a verifier, a repairer
    and the guards into Algorithm 1.

    Args:
        env: an :class:`~fcpkit.core.protocols.Environment` (``reset/step/validate``; ``goto(url)`` is used
            for backtracking when it has one, else ``step(goto('url'))``).
        executor: an :class:`~fcpkit.core.protocols.Executor`.
        plan: a fixed plan; or ``planner`` (plus retrieved ``skills`` and ``failures``) makes one
            from the first page. A planner is also what a planning-scope repair replans with.
        matcher, thresholds: build the default testers; or pass ``state_tester``/``action_tester``.
        verifier: the slow path (default: the lower bound, :class:`~fcpkit.core.verify.KeepGoingVerifier`).
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
        matcher: Matcher | None = None, thresholds: Thresholds | None = None,
        state_tester: StateTester | None = None, action_tester: ActionTester | None = None,
        verifier: Verifier | None = None, repairer: Repairer | None = None,
        gate: PolicyGate | None = None, budget: RepairBudget | None = None, kill_switch: KillSwitch | None = None,
        log: EvidenceLog | None = None,
        step_budget: int = 20, proposal_budget: int | None = None,
        pre_action: bool = True, repairs: bool = True,
        history: int = 4, unresolved_verifiers: Sequence[str] = ("keep-going",), gate_block_limit: int = 2,
        run_id: str | None = None, usage: Any = None,
    ):
        if plan is None and planner is None:
            raise FcpkitError("Runner: pass a plan or a planner")
        config = RunConfig(step_budget=step_budget, proposal_budget=proposal_budget, pre_action=pre_action,
                           repairs=repairs, history=history, unresolved_verifiers=unresolved_verifiers,
                           gate_block_limit=gate_block_limit, run_id=run_id)
        parts = RunParts.build(matcher=matcher, thresholds=thresholds, state_tester=state_tester,
                               action_tester=action_tester, verifier=verifier, repairer=repairer, gate=gate,
                               budget=budget, kill_switch=kill_switch, log=log)
        super().__init__(env, executor, plan, planner=planner, skills=skills, failures=failures, config=config,
                         parts=parts, usage=usage)
        self._started = False

    # -- public entry points --------------------------------------------------------------
    def steps(self) -> Iterator[RunEvent]:
        """Run, yielding a :class:`RunEvent` after each phase; ``self.result`` is set at the end."""
        if self._started:
            raise FcpkitError("Runner: a runner runs once; make a new Runner for another run")
        self._started = True
        try:
            yield from self._loop()
        except BaseException as exc:  # closed generator, Ctrl-C, SIGTERM as SystemExit, a crash
            s = self.state
            if s.stop_reason is None:  # every exit path leaves a stop record in the log
                s.stop_reason = "interrupted" if isinstance(exc, (GeneratorExit, KeyboardInterrupt, SystemExit)) \
                    else "crashed"
                s.stop_detail = f"{type(exc).__name__}: {exc}"[:300]
                self._event("stop", reason=s.stop_reason, detail=s.stop_detail)
            raise

    def run(self) -> RunResult:
        """Run to the end and return the :class:`RunResult` (listeners still see every event)."""
        for _ in self.steps():
            pass
        assert self.result is not None
        return self.result

    # -- the loop --------------------------------------------------------------------------
    def _loop(self) -> Iterator[RunEvent]:
        """Algorithm 1's outer loop: begin, then one proposal at a time until a stop, the plan's
        end or the step budget; the result is made however the run ended, so every run has one."""
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
        s = self.state
        s.observation = s.initial_observation = obs
        s.safe_url = obs.url or None
        yield self._emit("run_start", task=self.task, observation=obs)
        plan = s.given_plan
        if plan is None:
            assert self.planner is not None
            try:
                plan = self._timed("planner", self.planner.plan, self.task, obs, self.skills, self.failures)
            except FcpkitError as exc:
                yield self._stop("planning_failed", str(exc))
                return False
            yield from self._retrievals(self.planner)
        # a live run keeps its completed prefix fixed: an executor naming an earlier step is not followed
        s.tracker = CommitmentTracker(plan, self.state_tester, actions=self.action_tester,
                                      track_attempts=self.pre_action, follow_back=False)
        s.task = s.task or plan.task
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
        s = self.state
        s.proposals += 1
        seen = (page_fingerprint(obs), action.command)
        s.proposed[seen] += 1
        if s.proposed[seen] >= LOOP_LIMIT:
            self._event("looping", command=action.command, times=s.proposed[seen])
            yield self._stop("looping", f"{action.command} proposed {s.proposed[seen]} times on the same page")
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
        self.state.rejected, self.state.hint = [], None
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
            self.tracker.stand("supported")
            result = self.tracker.retest(obs)
            verdict = self._decide(result, action=None, observation=obs)
            if result.route is not Route.CONTINUE:
                self.tracker.stand(self._state_of(result, verdict))
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
        gd = yield from self._ask_gate(action, self.tracker.gate_standing(state))
        if gd.allowed:
            return gd
        s = self.state
        s.gate_blocks += 1
        s.rejected.append(action)
        s.hint = f"{action.command} was blocked by policy ({gd.reason})."
        if gd.needs_approval:
            yield self._stop("approval_required", gd.reason)
        elif s.gate_blocks >= self.gate_block_limit:
            yield self._stop("blocked_by_policy", f"{s.gate_blocks} blocked action(s); last: {gd.reason}")
        return None

    def _act(self, action: Action, gd: GateDecision) -> Iterator[RunEvent]:
        """Run the action (line 15), then test the page it produced; a report ends the run."""
        assert self.tracker is not None and self.observation is not None
        before = self.observation
        if (yield from self._step_env(action, write=gd.effect in ("write", "irreversible"))) is None:
            return
        report = None
        try:
            calls = parse_action(action.command)
            report = next((_REPORT_CALLS[k.name] for k in calls if k.name in _REPORT_CALLS), None)
            if report:
                msg = next(k for k in calls if k.name in _REPORT_CALLS)
                self.state.answer = str(msg.args[0]) if msg.args else str(msg.kwargs.get("text", ""))
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
            self.tracker.stand(self._state_of(post, verdict))
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
        s = self.state
        s.summaries.append(summary)
        s.stage_history = []
        s.proposed.clear()
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
            s = self.state
            s.summaries.append(summary)
            s.proposed.clear()
            s.safe_url = obs.url or s.safe_url
            s.rejected, s.hint, s.stage_history = [], None, []
            self._event("advance", summary=summary, safe_url=s.safe_url, advanced=c.id)
            more = self.tracker.complete()
            self.tracker.stand("supported")
            yield self._emit("advance", phase="post", commitment=c.id, summary=summary, safe_url=self.safe_url)
            if not more:
                break
            result = self.tracker.retest(obs)
            verdict = self._decide(result, action=None, observation=obs)
            if result.route is not Route.CONTINUE:  # the gate's standing follows every re-test
                self.tracker.stand(self._state_of(result, verdict))
            yield self._emit("post_test", phase="post", result=result, verdict=verdict, observation=obs)
            decision = verdict.decision
            if decision is Decision.REPAIR:
                yield from self._repair(result, verdict, None, "post")

    def _repair(self, result: CheckResult, verdict: Verdict, action: Action | None, phase: str) -> Iterator[RunEvent]:
        """A check decided *repair*: spend the scope's budget, ask the repairer (falling back to the
        deterministic one when it fails or rewrites the completed prefix), record the repair, then
        carry out what it asks. The repairer only answers; the loop alone changes the run."""
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
        s = self.state
        s.repairs.append(res)
        if res.rejected_action is not None and res.rejected_action not in s.rejected:
            s.rejected.append(res.rejected_action)
        s.hint = res.hint
        s.proposed.clear()  # a repair changes the plan or the path: repeats after it are the budget's business
        rec = res.to_dict()
        rec["repaired_commitment"] = rec.pop("commitment")
        self.log.append("repair", run=self.run_id, step=self.t, phase=phase, commitment=result.commitment, **rec)
        yield self._emit("repair", phase=phase, repair=res, result=result, verdict=verdict)

        yield from self._follow_repair(instructions(res), phase, action)

    # -- carrying out a repair's instructions ------------------------------------------------
    def _follow_repair(self, todo: tuple[Instruction, ...], phase: str, action: Action | None) -> Iterator[RunEvent]:
        """Carry out a repair's instructions in order: a stop, a replan or a backtrack that ends
        the run ends it here; the kill switch then counts the repair (a guard: a run repaired
        too often in a short span is parked whatever the repair said); a recovery runs last.
        ``action`` is the action the repair was about (``None`` for the start page or a re-test)."""
        for ins in todo:
            if isinstance(ins, Stop):
                self._event("honest_stop", phase=phase, cause=ins.cause, evidence=ins.evidence, strategy=ins.strategy)
                yield self._stop(ins.reason, ins.message)
                return
            if isinstance(ins, Replan):
                yield from self._replan(ins)
                if self.stop_reason is not None:
                    return
            elif isinstance(ins, Backtrack) and not (yield from self._backtrack(ins, phase)):
                return
        if self.kill_switch.record_repair(self.t):
            self._event("kill_switch", **self.kill_switch.to_dict())
            yield self._stop("killed", self.kill_switch.why)
            return
        for ins in todo:
            if isinstance(ins, Recover):
                yield from self._recover(ins, phase, action)

    def _recover(self, ins: Recover, phase: str, intended: Action | None) -> Iterator[RunEvent]:
        """Run the recovery's actions through the gate, then test the page they led to.

        The page is tested as the outcome of the action the repair was about (``intended``, from the
        page it ran on): the recovery completes what that action set out to do (the sign-in lands on
        the page it asked for, the dismissed dialog uncovers it), so the commitment's evidence reads
        it as it would have read a page that never failed.
        """
        assert self.tracker is not None and self.observation is not None
        start = self.observation
        origin = page_before(self.trajectory, self.initial_observation, intended) if intended is not None else None
        last: Action | None = None
        for action in ins.actions:
            if self.stop_reason is not None or self.t >= self.step_budget:
                return
            if is_wait(action) and last is not None and is_wait(last) and arrived(start, self.observation):
                break  # backoff: the page arrived, no longer wait
            action = rebind(action, self.observation)
            # the repair chose this action for the falsified page: the gate judges its own effect
            gd = yield from self._ask_gate(action, "supported", recovery=ins.strategy)
            if not gd.allowed:
                yield self._stop(UNREPAIRABLE_STOP, f"the repair {ins.strategy!r} needs {action.command}, which the "
                                                    f"policy gate refuses ({gd.reason}). Evidence: {ins.evidence}")
                return
            if (yield from self._step_env(action)) is None:
                return
            last = action
        if last is None:
            return
        self._event("recovery", phase=phase, strategy=ins.strategy, actions=[a.command for a in ins.actions])
        # the falsified page was replaced: the page the recovery led to decides the standing now
        self.tracker.stand("supported")
        if origin is not None and intended is not None and not intended.command.startswith(REPORTS):
            yield from self._test_page(intended, origin)
        else:
            yield from self._test_page(last, start)
