"""The live loop's phases: Algorithm 1 as functions over one run's books.

Each phase is a function of a :class:`~fcpkit.agent.run_book.RunBook` (``run``): it reads the
run's settings from ``run.config`` (:class:`~fcpkit.agent.run_setup.RunConfig`), calls its parts
through ``run.parts`` (:class:`~fcpkit.agent.run_setup.RunParts`: testers, verifier, repairer,
guards, log) and the environment, executor and planner the book holds, and writes its state,
``run.state`` (:class:`~fcpkit.agent.run_state.RunState`), directly or through the book's
bookkeeping (events, log records, timing, the decision on a check, the gate, an environment
step, a backtrack, a replan, the result). No phase keeps state of its own, so the run's state
has one home and the order of the phases is all there is to read here.

A phase that a guard or a check can end early is a generator: it yields the
:class:`~fcpkit.agent.run_records.RunEvent` of everything it did, and returns what the next phase
needs (the proposed action, the commitment's standing, the gate's decision...), ``None`` or
``False`` when the run went another way. :func:`loop` runs them in order;
:class:`~fcpkit.agent.runtime.Runner`, the public face, drives it.

A repair does not drive the loop: :func:`repair` asks the repairer, which answers with a
:class:`~fcpkit.agent.repair.base.RepairResult`, and :func:`follow_repair` carries out that
answer's instructions (:mod:`fcpkit.agent.repair.instructions`: stop, replan, backtrack, recover
with actions) itself.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Generator, Iterator

from fcpkit.agent.guards import GateDecision
from fcpkit.agent.repair import DeterministicRepairer, RepairRequest
from fcpkit.agent.repair.instructions import (
    UNREPAIRABLE_STOP, Backtrack, Instruction, Recover, Replan, Stop, arrived, instructions, is_wait, page_before,
)
from fcpkit.agent.repair.strategies import REPORTS, rebind
from fcpkit.agent.run_book import RunBook
from fcpkit.agent.run_records import RunEvent
from fcpkit.core.protocols import ExecutorContext
from fcpkit.core.router import Route
from fcpkit.core.rules import edit_baseline, page_fingerprint, parse_action
from fcpkit.core.testers import CheckResult
from fcpkit.core.tracker import CommitmentTracker, Move
from fcpkit.core.trajectory import Action, Observation
from fcpkit.core.verify import Decision, Verdict
from fcpkit.errors import FcpkitError

__all__ = [
    "LOOP_LIMIT", "loop", "begin", "step", "propose", "follow_claim", "action_test", "admit", "act", "page_test",
    "pre_check", "settled_by_evidence", "advance", "repair", "follow_repair", "recover",
]

#: the same action proposed on the same page this many times means the agent is going round in circles
LOOP_LIMIT = 3
_REPORT_CALLS = {"send_msg_to_user": "reported", "report_infeasible": "infeasible"}


# -- the outer loop ---------------------------------------------------------------------------
def loop(run: RunBook) -> Iterator[RunEvent]:
    """Algorithm 1's outer loop: begin, then one proposal at a time until a stop, the plan's
    end or the step budget; the result is made however the run ended, so every run has one."""
    s = run.state
    t_start = time.perf_counter()
    ledgers = run.ledgers()
    marks = {id(u): len(u.calls) for u in ledgers}
    if (yield from begin(run)):
        assert s.plan is not None
        while s.stop_reason is None and s.index < len(s.plan) and s.t < run.config.step_budget:
            yield from step(run)
        if s.stop_reason is None:
            if s.index >= len(s.plan):
                yield run.stop("plan_complete")
            else:
                yield run.stop("step_budget", f"{s.t} steps")
    yield from run.finish(t_start, ledgers, marks)


def begin(run: RunBook) -> Generator[RunEvent, None, bool]:
    """Reset the environment, make the plan if none was given, and test the start page.
    ``False`` when the run cannot start (the reason is already the stop reason)."""
    s, parts = run.state, run.parts
    parts.budget.reset()
    parts.kill_switch.reset()
    try:
        obs = run.timed("env", run.env.reset)
    except Exception as exc:  # noqa: BLE001
        yield run.stop("env_error", f"reset failed: {type(exc).__name__}: {exc}")
        return False
    s.observation = s.initial_observation = obs
    s.safe_url = obs.url or None
    yield run.emit("run_start", task=s.task, observation=obs)
    plan = s.given_plan
    if plan is None:
        assert run.planner is not None
        try:
            plan = run.timed("planner", run.planner.plan, s.task, obs, run.skills, run.failures)
        except FcpkitError as exc:
            yield run.stop("planning_failed", str(exc))
            return False
        yield from run.retrievals(run.planner)
    # a live run keeps its completed prefix fixed: an executor naming an earlier step is not followed
    s.tracker = CommitmentTracker(plan, parts.state_tester, actions=parts.action_tester,
                                  track_attempts=run.config.pre_action, follow_back=False)
    s.task = s.task or plan.task
    run.event("plan", plan=plan.to_data(), planner=getattr(run.planner, "name", None),
              report=getattr(run.planner, "last_report", None) if run.planner else None)
    yield run.emit("plan", plan=plan)
    # the start page itself: an error page or an interstitial before the first action
    opening = parts.state_tester.start(plan, plan.commitments[0], obs) if len(plan) else None
    if opening is not None:
        verdict = run.decide(opening, action=None, observation=obs)
        yield run.emit("post_test", phase="pre", result=opening, verdict=verdict, observation=obs)
        if verdict.decision is Decision.REPAIR:
            yield from repair(run, opening, verdict, None, "pre")
    return True


# -- one proposal -----------------------------------------------------------------------------
def step(run: RunBook) -> Iterator[RunEvent]:
    """One proposal: propose, follow the executor's claim, test the action, gate it, run it and
    test the page. Returns early when a guard stops the run or a check repairs before it ran."""
    s, kill_switch = run.state, run.parts.kill_switch
    if kill_switch.tripped:
        yield run.stop("killed", kill_switch.why)
        return
    if s.proposals >= run.config.proposal_budget:
        yield run.stop("proposal_budget", f"{s.proposals} proposals")
        return
    action = yield from propose(run)
    if action is None or not (yield from follow_claim(run, action)):
        return
    standing = yield from action_test(run, action)
    if standing is None:
        return
    gd = yield from admit(run, action, standing)
    if gd is not None:
        yield from act(run, action, gd)


def propose(run: RunBook) -> Generator[RunEvent, None, Action | None]:
    """Ask the executor for the next action; ``None`` when the run stops (executor error, looping)."""
    s = run.state
    assert s.tracker is not None and s.observation is not None
    obs = s.observation
    ctx = ExecutorContext(s.task, s.tracker.plan, s.tracker.commitment, obs, tuple(s.trajectory),
                          tuple(s.rejected), s.hint)
    try:
        action = run.timed("executor", run.executor.propose, ctx)
    except Exception as exc:  # noqa: BLE001
        yield run.stop("executor_error", f"{type(exc).__name__}: {exc}")
        return None
    s.proposals += 1
    seen = (page_fingerprint(obs), action.command)
    s.proposed[seen] += 1
    if s.proposed[seen] >= LOOP_LIMIT:
        run.event("looping", command=action.command, times=s.proposed[seen])
        yield run.stop("looping", f"{action.command} proposed {s.proposed[seen]} times on the same page")
        return None
    yield run.emit("propose", phase="pre", action=action)
    return action


def follow_claim(run: RunBook, action: Action) -> Generator[RunEvent, None, bool]:
    """The executor's belief about the active commitment (``action.extra["commitment"]``),
    checked against ours by the tracker, as the Checker does. ``False`` when the advance
    check was repaired (the action does not run)."""
    s = run.state
    tracker = s.tracker
    assert tracker is not None and s.observation is not None
    claimed = (action.extra or {}).get("commitment")
    if not isinstance(claimed, str):
        return True
    obs = s.observation
    check = tracker.claim(claimed, obs, action)
    if check is not None and (yield from pre_check(run, check, action, obs)).decision is Decision.REPAIR:
        return False
    move = tracker.follow(claimed, check)
    if move is None:
        return True
    s.rejected, s.hint = [], None
    if move.kind == "unconfirmed":
        skipped = [tracker.plan.commitments[k].id for k in move.skipped]
        run.event("advance", at=move.origin, unconfirmed=True, skipped=skipped, to=claimed)
        # the standing is kept: skipping a doubtful commitment does not make the next one safe
        yield run.emit("advance", phase="pre", commitment=claimed, unconfirmed=True, skipped=skipped)
    else:
        settled_by_evidence(run, move)
        yield run.emit("advance", phase="pre", commitment=claimed, unconfirmed=False, skipped=[])
        # the doubt the last page left was about a commitment now settled: as after a
        # completion, the gate's standing is this page's test against the one now active
        tracker.stand("supported")
        result = tracker.retest(obs)
        verdict = run.decide(result, action=None, observation=obs)
        if result.route is not Route.CONTINUE:
            tracker.stand(run.standing_of(result, verdict))
        yield run.emit("post_test", phase="post", result=result, verdict=verdict, observation=obs)
        if verdict.decision is Decision.REPAIR:
            yield from repair(run, result, verdict, None, "post")
            return False
    return True


def action_test(run: RunBook, action: Action) -> Generator[RunEvent, None, str | None]:
    """The pre-action test (Algorithm 1, lines 7-14) and, for a report, the check that every
    commitment left was done. Returns the commitment's standing for the gate, or ``None``
    when a check was repaired before the action ran."""
    s = run.state
    tracker = s.tracker
    assert tracker is not None and s.observation is not None
    if not run.config.pre_action:
        return "supported"
    obs = s.observation
    pre = tracker.test_action(action)
    verdict = yield from pre_check(run, pre, action, obs)
    if verdict.decision is Decision.REPAIR:
        return None
    tracker.action_tested(action, pre, verdict.decision)
    # the agent is about to say the task is done: every commitment left must be done
    claim = tracker.report_check(action, obs)
    if claim is not None and (yield from pre_check(run, claim, action, obs)).decision is Decision.REPAIR:
        return None
    return run.standing_of(pre, verdict)


def admit(run: RunBook, action: Action, standing: str) -> Generator[RunEvent, None, GateDecision | None]:
    """The policy gate's admission of ``action``. The commitment's standing is the worse of this action's test and the
    last page's, so a write cannot follow a falsified or unresolved page just because the
    proposed action itself looks harmless. Returns the gate decision, or ``None`` if blocked."""
    s = run.state
    assert s.tracker is not None
    gd = yield from run.ask_gate(action, s.tracker.gate_standing(standing))
    if gd.allowed:
        return gd
    s.gate_blocks += 1
    s.rejected.append(action)
    s.hint = f"{action.command} was blocked by policy ({gd.reason})."
    if gd.needs_approval:
        yield run.stop("approval_required", gd.reason)
    elif s.gate_blocks >= run.config.gate_block_limit:
        yield run.stop("blocked_by_policy", f"{s.gate_blocks} blocked action(s); last: {gd.reason}")
    return None


def act(run: RunBook, action: Action, gd: GateDecision) -> Iterator[RunEvent]:
    """Run the action (line 15), then test the page it produced; a report ends the run."""
    s = run.state
    assert s.tracker is not None and s.observation is not None
    before = s.observation
    if (yield from run.step_env(action, write=gd.effect in ("write", "irreversible"))) is None:
        return
    report = None
    try:
        calls = parse_action(action.command)
        report = next((_REPORT_CALLS[k.name] for k in calls if k.name in _REPORT_CALLS), None)
        if report:
            msg = next(k for k in calls if k.name in _REPORT_CALLS)
            s.answer = str(msg.args[0]) if msg.args else str(msg.kwargs.get("text", ""))
    except ValueError:
        pass
    yield from page_test(run, action, before)
    if report and s.stop_reason is None:
        yield run.stop(report, s.answer)


# -- the tests and their decisions ------------------------------------------------------------
def page_test(run: RunBook, action: Action, before: Observation) -> Iterator[RunEvent]:
    """The post-state test (lines 16-25) of the page ``action`` produced, and its decision."""
    s = run.state
    tracker = s.tracker
    assert tracker is not None and s.observation is not None
    obs = s.observation
    post = tracker.test_page(obs, before=before, action=action,
                             baseline=edit_baseline(s.initial_observation, s.trajectory[:-1]))
    verdict = run.decide(post, action=action, observation=obs)
    if post.route is not Route.CONTINUE:  # a page with no signal neither clears nor adds a doubt
        tracker.stand(run.standing_of(post, verdict))
    yield run.emit("post_test", phase="post", action=action, result=post, verdict=verdict, observation=obs)
    if verdict.decision is Decision.REPAIR:
        yield from repair(run, post, verdict, action, "post")
    elif verdict.decision is Decision.ADVANCE:
        yield from advance(run, post)


def pre_check(run: RunBook, result: CheckResult, action: Action,
              obs: Observation) -> Generator[RunEvent, None, Verdict]:
    """Decide a test made before ``action`` runs, report it, and repair on the spot if it says so."""
    verdict = run.decide(result, action=action, observation=obs)
    yield run.emit("pre_test", phase="pre", action=action, result=result, verdict=verdict)
    if verdict.decision is Decision.REPAIR:
        yield from repair(run, result, verdict, action, "pre")
    return verdict


def settled_by_evidence(run: RunBook, move: Move) -> None:
    """The tracker moved on from ``move.origin``, settled before any page showed its completion:
    by the action its completion evidence names, or by the next precondition."""
    s = run.state
    assert s.tracker is not None
    why = ("by its completing action" if move.by_action else "already confirmed") if move.kind == "confirmed" \
        else "the next commitment's precondition holds"
    c = s.tracker.plan.commitments[move.origin]
    summary = (f"[{c.id}] {c.subgoal}: done at step {s.t} ({why}); "
               + ", ".join(a.command for a, _ in s.stage_history[-3:]))
    s.summaries.append(summary)
    s.stage_history = []
    s.proposed.clear()
    run.event("advance", at=move.origin, summary=summary, advanced=c.id, by=why)


def advance(run: RunBook, result: CheckResult) -> Iterator[RunEvent]:
    """A page completed the active commitment: summarise the stage, move on, and re-test the
    same page against the next commitment (one page can complete several)."""
    s = run.state
    tracker = s.tracker
    assert tracker is not None and s.observation is not None
    obs = s.observation
    decision = Decision.ADVANCE
    while decision is Decision.ADVANCE and not tracker.finished:
        c = tracker.commitment
        n = len(s.stage_history)
        summary = (f"[{c.id}] {c.subgoal}: done at step {s.t} on {obs.title or obs.url}"
                   + (f" (confirmed by {result.confirming!r})" if result.confirming else "")
                   + f"; {n} action(s): " + ", ".join(a.command for a, _ in s.stage_history[-3:]))
        s.summaries.append(summary)
        s.proposed.clear()
        s.safe_url = obs.url or s.safe_url
        s.rejected, s.hint, s.stage_history = [], None, []
        run.event("advance", summary=summary, safe_url=s.safe_url, advanced=c.id)
        more = tracker.complete()
        tracker.stand("supported")
        yield run.emit("advance", phase="post", commitment=c.id, summary=summary, safe_url=s.safe_url)
        if not more:
            break
        result = tracker.retest(obs)
        verdict = run.decide(result, action=None, observation=obs)
        if result.route is not Route.CONTINUE:  # the gate's standing follows every re-test
            tracker.stand(run.standing_of(result, verdict))
        yield run.emit("post_test", phase="post", result=result, verdict=verdict, observation=obs)
        decision = verdict.decision
        if decision is Decision.REPAIR:
            yield from repair(run, result, verdict, None, "post")


# -- repair -----------------------------------------------------------------------------------
def repair(run: RunBook, result: CheckResult, verdict: Verdict, action: Action | None,
           phase: str) -> Iterator[RunEvent]:
    """A check decided *repair*: spend the scope's budget, ask the repairer (falling back to the
    deterministic one when it fails or rewrites the completed prefix), record the repair, then
    carry out what it asks. The repairer only answers; the loop alone changes the run."""
    s, parts, cfg = run.state, run.parts, run.config
    assert s.plan is not None and s.observation is not None
    scope = verdict.scope or result.scope or "execution"
    if not parts.budget.allows(scope):
        run.event("repair_budget", phase=phase, scope=scope, **parts.budget.to_dict())
        yield run.stop("repair_budget", f"no repair budget left for a {scope} repair ({parts.budget.to_dict()})")
        return
    parts.budget.spend(scope)
    req = RepairRequest(s.plan, s.index, scope, verdict.diagnosis or (result.evidence or result.rule or ""),
                        phase, result, verdict, action, s.observation, tuple(s.trajectory[-cfg.history:]),
                        run.skills, run.failures, s.safe_url, s.t, previous=tuple(s.repairs))
    try:
        res = run.timed("repairer", parts.repairer.repair, req)
    except Exception as exc:  # noqa: BLE001 - a custom repairer's bug must not lose the run's log
        res = DeterministicRepairer().repair(req)
        res = replace(res, repairer=f"deterministic (after {type(exc).__name__}: {exc})")
    yield from run.retrievals(parts.repairer)
    if tuple(res.plan.commitments[: s.index]) != tuple(s.plan.commitments[: s.index]):
        res = replace(DeterministicRepairer().repair(req), repairer=f"deterministic ({res.repairer} changed the completed prefix)")
    assert s.tracker is not None
    s.tracker.repaired(res.plan)
    s.repairs.append(res)
    if res.rejected_action is not None and res.rejected_action not in s.rejected:
        s.rejected.append(res.rejected_action)
    s.hint = res.hint
    s.proposed.clear()  # a repair changes the plan or the path: repeats after it are the budget's business
    rec = res.to_dict()
    rec["repaired_commitment"] = rec.pop("commitment")
    parts.log.append("repair", run=cfg.run_id, step=s.t, phase=phase, commitment=result.commitment, **rec)
    yield run.emit("repair", phase=phase, repair=res, result=result, verdict=verdict)

    yield from follow_repair(run, instructions(res), phase, action)


def follow_repair(run: RunBook, todo: tuple[Instruction, ...], phase: str, action: Action | None) -> Iterator[RunEvent]:
    """Carry out a repair's instructions in order: a stop, a replan or a backtrack that ends
    the run ends it here; the kill switch then counts the repair (a guard: a run repaired
    too often in a short span is parked whatever the repair said); a recovery runs last.
    ``action`` is the action the repair was about (``None`` for the start page or a re-test)."""
    s, kill_switch = run.state, run.parts.kill_switch
    for ins in todo:
        if isinstance(ins, Stop):
            run.event("honest_stop", phase=phase, cause=ins.cause, evidence=ins.evidence, strategy=ins.strategy)
            yield run.stop(ins.reason, ins.message)
            return
        if isinstance(ins, Replan):
            yield from run.replan(ins)
            if s.stop_reason is not None:
                return
        elif isinstance(ins, Backtrack) and not (yield from run.backtrack(ins, phase)):
            return
    if kill_switch.record_repair(s.t):
        run.event("kill_switch", **kill_switch.to_dict())
        yield run.stop("killed", kill_switch.why)
        return
    for ins in todo:
        if isinstance(ins, Recover):
            yield from recover(run, ins, phase, action)


def recover(run: RunBook, ins: Recover, phase: str, intended: Action | None) -> Iterator[RunEvent]:
    """Run the recovery's actions through the gate, then test the page they led to.

    The page is tested as the outcome of the action the repair was about (``intended``, from the
    page it ran on): the recovery completes what that action set out to do (the sign-in lands on
    the page it asked for, the dismissed dialog uncovers it), so the commitment's evidence reads
    it as it would have read a page that never failed.
    """
    s = run.state
    assert s.tracker is not None and s.observation is not None
    start = s.observation
    origin = page_before(s.trajectory, s.initial_observation, intended) if intended is not None else None
    last: Action | None = None
    for action in ins.actions:
        if s.stop_reason is not None or s.t >= run.config.step_budget:
            return
        if is_wait(action) and last is not None and is_wait(last) and arrived(start, s.observation):
            break  # backoff: the page arrived, no longer wait
        action = rebind(action, s.observation)
        # the repair chose this action for the falsified page: the gate judges its own effect
        gd = yield from run.ask_gate(action, "supported", recovery=ins.strategy)
        if not gd.allowed:
            yield run.stop(UNREPAIRABLE_STOP, f"the repair {ins.strategy!r} needs {action.command}, which the "
                                              f"policy gate refuses ({gd.reason}). Evidence: {ins.evidence}")
            return
        if (yield from run.step_env(action)) is None:
            return
        last = action
    if last is None:
        return
    run.event("recovery", phase=phase, strategy=ins.strategy, actions=[a.command for a in ins.actions])
    # the falsified page was replaced: the page the recovery led to decides the standing now
    s.tracker.stand("supported")
    if origin is not None and intended is not None and not intended.command.startswith(REPORTS):
        yield from page_test(run, intended, origin)
    else:
        yield from page_test(run, last, start)
