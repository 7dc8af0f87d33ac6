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

This module holds the Runner, the loop's public face: it puts a run together (settings,
parts, state: :mod:`fcpkit.agent.run_setup`, :class:`~fcpkit.agent.run_state.RunState`) in a
:class:`~fcpkit.agent.run_book.RunBook`, drives the loop's phases over it
(:mod:`fcpkit.agent.phases`, where the order of the phases and the carrying out of a repair's
instructions are) and shows the run's settings, parts and state as read-only attributes.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Sequence

from fcpkit.agent import phases
from fcpkit.agent.guards import KillSwitch, PolicyGate, RepairBudget
from fcpkit.agent.planner import FailureCase, Planner, SkillRecord
from fcpkit.agent.repair import Repairer
from fcpkit.agent.run_book import FACE, RunBook
from fcpkit.agent.run_records import RunEvent, RunResult
from fcpkit.agent.run_setup import RunConfig, RunParts
from fcpkit.core.log import EvidenceLog
from fcpkit.core.plan import Plan
from fcpkit.core.protocols import Environment, Executor, Matcher
from fcpkit.core.router import Thresholds
from fcpkit.core.testers import ActionTester, StateTester
from fcpkit.core.verify import Verifier
from fcpkit.errors import FcpkitError

__all__ = ["Runner"]


class Runner:
    """Wire a plan (or a planner), an executor, an environment, testers, a verifier, a repairer
    and the guards into Algorithm 1.

    The run's components, settings and state read as the Runner's attributes of the same names
    (read-only, :data:`~fcpkit.agent.run_book.FACE`); the loop's phases
    (:mod:`fcpkit.agent.phases`) alone change them.

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
        #: the run's settings, parts and state, and the bookkeeping the phases share
        self._book = RunBook(env, executor, plan, planner=planner, skills=skills, failures=failures, config=config,
                             parts=parts, usage=usage)
        self._started = False

    # -- public entry points --------------------------------------------------------------
    def steps(self) -> Iterator[RunEvent]:
        """Run, yielding a :class:`RunEvent` after each phase; ``self.result`` is set at the end."""
        if self._started:
            raise FcpkitError("Runner: a runner runs once; make a new Runner for another run")
        self._started = True
        book = self._book
        try:
            yield from phases.loop(book)
        except BaseException as exc:  # closed generator, Ctrl-C, SIGTERM as SystemExit, a crash
            s = book.state
            if s.stop_reason is None:  # every exit path leaves a stop record in the log
                s.stop_reason = "interrupted" if isinstance(exc, (GeneratorExit, KeyboardInterrupt, SystemExit)) \
                    else "crashed"
                s.stop_detail = f"{type(exc).__name__}: {exc}"[:300]
                book.event("stop", reason=s.stop_reason, detail=s.stop_detail)
            raise

    def run(self) -> RunResult:
        """Run to the end and return the :class:`RunResult` (listeners still see every event)."""
        for _ in self.steps():
            pass
        assert self.result is not None
        return self.result

    def on(self, event: str, fn: Callable[[RunEvent], Any] | None = None):
        """Subscribe ``fn(event)`` to ``event`` (one of :data:`~fcpkit.agent.run_records.EVENTS`, or
        ``"*"``). Usable as a decorator."""
        return self._book.on(event, fn)

    # -- a run ended from outside its loop ----------------------------------------------------
    def interrupt(self, why: str) -> None:
        """Record that the run was cut from outside (an episode that ended, a closed agent): the
        stop reason ``interrupted`` with the Runner's own stop record, as for a Ctrl-C. Nothing
        if the run already stopped."""
        self._book.interrupt(why)

    def end(self, t_start: float) -> RunResult:
        """Make the :class:`RunResult` of a run whose loop was cut before its own end (its stop is
        already recorded, e.g. by :meth:`interrupt`): validate, log ``run_end`` and emit it, as the
        loop's finish does. ``t_start`` is when the run started (``time.perf_counter()``); every
        LLM call the components' ledgers hold is counted."""
        return self._book.end(t_start)


def _reader(name: str, doc: str) -> property:
    """A read-only Runner attribute that reads its book's attribute ``name``."""
    return property(lambda self: getattr(self._book, name), doc=doc)


for _name, _doc in FACE.items():
    setattr(Runner, _name, _reader(_name, _doc))
