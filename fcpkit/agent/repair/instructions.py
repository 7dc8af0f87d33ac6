"""What a repair asks the live loop to do next, as data.

A repairer decides (:class:`~fcpkit.agent.repair.base.RepairResult`); the loop
(:func:`fcpkit.agent.phases.follow_repair`) acts. Between the two sits :func:`instructions`, a pure
translation of the decision into the loop's instructions, in the order the loop carries them out:

* :class:`Stop` — an honest stop: the run ends at once (stop reason ``unrepairable``), the message
  naming the cause and the evidence;
* :class:`Replan` — the planner makes a new suffix from the active commitment on;
* :class:`Backtrack` — the browser goes back to the last safe URL;
* :class:`Recover` — actions the loop runs itself, through the policy gate, before the executor
  proposes again; the page they lead to is tested again, so a recovery that did not work is
  diagnosed again and a fix that fails twice ends in an honest stop rather than in a loop.

Keeping the repair's answer as data, instead of letting the repair call back into the runner,
means the run's state has one writer (the loop) and a repair cannot re-enter the loop. The pure
helpers the loop needs to carry an instruction out (:func:`splice`, :func:`is_wait`,
:func:`arrived`, :func:`page_before`) live here with the instructions they serve.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence, Union

from fcpkit.agent.repair.base import RepairResult
from fcpkit.core.plan import Plan
from fcpkit.core.rules import page_fingerprint
from fcpkit.core.trajectory import Action, Observation

__all__ = ["Stop", "Replan", "Backtrack", "Recover", "Instruction", "instructions", "UNREPAIRABLE_STOP",
           "splice", "is_wait", "arrived", "page_before"]

#: the stop reason of an honest stop
UNREPAIRABLE_STOP = "unrepairable"


@dataclass(frozen=True)
class Stop:
    """End the run now with ``reason`` and ``message``; ``cause``, ``evidence`` and ``strategy``
    go to the log's ``honest_stop`` record, so the stop names why the repair gave up."""

    reason: str
    message: str
    cause: str | None = None
    evidence: str | None = None
    strategy: str = ""


@dataclass(frozen=True)
class Replan:
    """Ask the planner for a new suffix; ``reason`` is the failure it is told about."""

    reason: str


@dataclass(frozen=True)
class Backtrack:
    """Take the browser to ``url`` (the last safe page); ``why`` is the navigation's reasoning."""

    url: str
    why: str


@dataclass(frozen=True)
class Recover:
    """Run ``actions`` (waits re-observed with backoff) before the executor proposes again.
    ``strategy`` and ``evidence`` name the repair in the gate's log and in a refusal's stop."""

    actions: tuple[Action, ...]
    strategy: str
    evidence: str | None = None


Instruction = Union[Stop, Replan, Backtrack, Recover]


def instructions(res: RepairResult) -> tuple[Instruction, ...]:
    """What ``res`` asks of the loop, in order: a stop alone, or a replan, a backtrack and a
    recovery, each when asked for. (The loop counts the repair with the kill switch between the
    backtrack and the recovery: that is a guard's business, not the repair's.)"""
    if res.stop is not None:
        return (Stop(UNREPAIRABLE_STOP, res.stop, res.cause, res.evidence, res.strategy),)
    out: list[Instruction] = []
    if res.replan:
        out.append(Replan(res.reason))
    if res.depth == "backtrack" and res.backtrack_url:
        out.append(Backtrack(res.backtrack_url, f"backtrack after repair: {res.reason}"))
    if res.recovery:
        out.append(Recover(tuple(res.recovery), res.strategy, res.evidence))
    return tuple(out)


def splice(plan: Plan, index: int, fresh: Plan) -> Plan:
    """``plan`` with its commitments from ``index`` on replaced by ``fresh``'s (an id already
    taken gets a ``-2``, ``-3``... suffix) and the two plans' falsifiers merged."""
    prefix = list(plan.commitments[:index])
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
    return replace(plan, commitments=tuple(prefix + suffix), plan_falsifiers=pf)


def is_wait(action: Action) -> bool:
    """A recovery's wait (``noop(...)``): repeated waits stop once the page arrived."""
    return action.command.startswith("noop(")


def arrived(before: Observation, now: Observation) -> bool:
    """The page after a wait differs from the one that was still loading, and shows no error."""
    return not now.error and (now.url != before.url or page_fingerprint(now) != page_fingerprint(before))


def page_before(trajectory: Sequence[tuple[Action, Observation]], initial: Observation | None,
                action: Action) -> Observation | None:
    """The page ``action`` ran on (from the trajectory), if it ran."""
    for k in range(len(trajectory) - 1, -1, -1):
        if trajectory[k][0] is action:
            return trajectory[k - 1][1] if k else initial
    return None
