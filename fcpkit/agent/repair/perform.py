"""How the runner carries out a repair once the repairer decided it.

In order: an honest stop ends the run at once (stop reason ``unrepairable``, the message names the
cause and the evidence); a replan asks the runner's planner for a new suffix; a backtrack takes the
browser to the last safe URL; the kill switch counts the repair; a ``recovery`` runs its actions
through the policy gate (waits with backoff stop as soon as the page arrived) and the page they
lead to is tested again, so a recovery that did not work is diagnosed again, and a fix that
fails twice ends in an honest stop rather than in a loop.

These functions drive a :class:`~fcpkit.agent.runtime.Runner` from outside its module, through the
same helpers its own phases use (``_stop``, ``_event``, ``_emit``, ``_ask_gate``, ``_step_env``, ``_test_page``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator

from fcpkit.core.rules import page_fingerprint
from fcpkit.core.trajectory import Action, Observation
from fcpkit.errors import FcpkitError
from fcpkit.agent.planner import FailureCase
from fcpkit.agent.repair.base import RepairResult
from fcpkit.agent.repair.strategies import REPORTS, rebind

__all__ = ["carry_out", "UNREPAIRABLE_STOP"]

#: the stop reason of an honest stop
UNREPAIRABLE_STOP = "unrepairable"


def carry_out(runner: Any, res: RepairResult, phase: str, action: Action | None = None) -> Iterator[Any]:
    """Everything after the repair is logged: stop, replan, backtrack, kill switch, recovery.
    ``action`` is the action the repair was about (``None`` for the start page or a re-test)."""
    if res.stop is not None:
        runner._event("honest_stop", phase=phase, cause=res.cause, evidence=res.evidence, strategy=res.strategy)
        yield runner._stop(UNREPAIRABLE_STOP, res.stop)
        return
    if res.replan:
        yield from _replan(runner, res)
        if runner.stop_reason is not None:
            return
    if res.depth == "backtrack" and res.backtrack_url and runner.observation.url != res.backtrack_url \
            and runner.t < runner.step_budget:
        try:
            runner.observation = runner._navigate(res.backtrack_url, f"backtrack after repair: {res.reason}")
        except Exception as exc:  # noqa: BLE001
            yield runner._stop("env_error", f"backtrack failed: {type(exc).__name__}: {exc}")
            return
        runner._event("backtrack", url=res.backtrack_url)
        yield runner._emit("backtrack", phase=phase, url=res.backtrack_url, observation=runner.observation)
    if runner.kill_switch.record_repair(runner.t):
        runner._event("kill_switch", **runner.kill_switch.to_dict())
        yield runner._stop("killed", runner.kill_switch.why)
        return
    if res.recovery:
        yield from _recover(runner, res, phase, action)


def _replan(runner: Any, res: RepairResult) -> Iterator[Any]:
    if runner.planner is None:
        yield runner._stop("replan_required", res.reason)
        return
    plan = runner.plan
    diag = FailureCase(runner.task, pattern=res.reason, strategy="replan",
                       analysis=f"commitment {plan.commitments[runner.index].id!r} falsified at step {runner.t}")
    try:
        fresh = runner._timed("planner", runner.planner.plan, runner.task, runner.observation, runner.skills,
                              tuple(runner.failures) + (diag,))
    except FcpkitError as exc:
        yield runner._stop("replan_required", f"replanning failed: {exc}")
        return
    prefix = list(plan.commitments[: runner.index])
    taken = {c.id for c in prefix}
    suffix = []
    for c in fresh.commitments:
        cid, n = c.id, 2
        while cid in taken:
            cid, n = f"{c.id}-{n}", n + 1
        taken.add(cid)
        suffix.append(c if cid == c.id else replace(c, id=cid))
    pf = {s: tuple(dict.fromkeys(plan.plan_falsifiers.get(s, ()) + fresh.plan_falsifiers.get(s, ())))
          for s in set(plan.plan_falsifiers) | set(fresh.plan_falsifiers)}
    # the commitments from the active one on are new: nothing has been done for them yet
    runner.tracker.replanned(replace(plan, commitments=tuple(prefix + suffix), plan_falsifiers=pf))
    runner._event("replan", plan=runner.plan.to_data())
    yield runner._emit("replan", plan=runner.plan)
    yield from runner._retrievals(runner.planner)


def _is_wait(action: Action) -> bool:
    return action.command.startswith("noop(")


def _arrived(before: Observation, now: Observation) -> bool:
    """The page after a wait differs from the one that was still loading, and shows no error."""
    return not now.error and (now.url != before.url or page_fingerprint(now) != page_fingerprint(before))


def _before(runner: Any, action: Action | None) -> Observation | None:
    """The page ``action`` ran on (from the trajectory), if it ran."""
    for k in range(len(runner.trajectory) - 1, -1, -1):
        if runner.trajectory[k][0] is action:
            return runner.trajectory[k - 1][1] if k else runner.initial_observation
    return None


def _recover(runner: Any, res: RepairResult, phase: str, intended: Action | None) -> Iterator[Any]:
    """Run the recovery's actions through the gate, then test the page they led to.

    The page is tested as the outcome of the action the repair was about (``intended``, from the
    page it ran on): the recovery completes what that action set out to do (the sign-in lands on
    the page it asked for, the dismissed dialog uncovers it), so the commitment's evidence reads
    it as it would have read a page that never failed.
    """
    start = runner.observation
    origin = _before(runner, intended) if intended is not None else None
    last: Action | None = None
    for action in res.recovery:
        if runner.stop_reason is not None or runner.t >= runner.step_budget:
            return
        if _is_wait(action) and last is not None and _is_wait(last) and _arrived(start, runner.observation):
            break  # backoff: the page arrived, no longer wait
        action = rebind(action, runner.observation)
        # the repair chose this action for the falsified page: the gate judges its own effect
        gd = yield from runner._ask_gate(action, "supported", recovery=res.strategy)
        if not gd.allowed:
            yield runner._stop(UNREPAIRABLE_STOP, f"the repair {res.strategy!r} needs {action.command}, which the policy "
                                                  f"gate refuses ({gd.reason}). Evidence: {res.evidence}")
            return
        if (yield from runner._step_env(action)) is None:
            return
        last = action
    if last is None:
        return
    runner._event("recovery", phase=phase, strategy=res.strategy, actions=[a.command for a in res.recovery])
    # the falsified page was replaced: the page the recovery led to decides the standing now
    runner._standing = "supported"
    if origin is not None and intended is not None and not intended.command.startswith(REPORTS):
        yield from runner._test_page(intended, origin)
    else:
        yield from runner._test_page(last, start)
