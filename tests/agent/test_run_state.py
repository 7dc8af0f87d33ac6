"""One run state: the loop alone writes it, a repair answers with instructions instead of
driving the Runner, and the tracker owns the commitment's standing."""

from __future__ import annotations

from pathlib import Path

import pytest
from _support.fakes import BASE, FakeSupportEnv, SupportExecutor, support_plan
from _support.layout import private_uses

import fcpkit
from fcpkit import Action, LexicalMatcher, StateTester
from fcpkit.agent.repair import DeterministicRepairer, RepairResult
from fcpkit.agent.repair.instructions import (
    UNREPAIRABLE_STOP, Backtrack, Recover, Replan, Stop, instructions, page_before, splice,
)
from fcpkit.agent import phases
from fcpkit.agent.run_book import RunBook
from fcpkit.agent.run_setup import RunConfig, RunParts
from fcpkit.agent.run_state import RunState
from fcpkit.agent.runtime import Runner
from fcpkit.core.plan import Commitment, Plan
from fcpkit.core.tracker import STANDINGS, CommitmentTracker

PACKAGE = Path(fcpkit.__file__).resolve().parent
#: the loop's own modules: the Runner, its book and the phases over the book
LOOP = {"agent/runtime.py", "agent/run_book.py", "agent/phases.py"}
#: the loop's phases, once the Runner's private methods
PHASES = {"loop", "begin", "step", "propose", "follow_claim", "action_test", "admit", "act", "page_test", "pre_check",
          "settled_by_evidence", "advance", "repair", "follow_repair", "recover"}


def _privates(cls, obj) -> set[str]:
    names = {n for n in dir(cls) if n.startswith("_") and not n.startswith("__")}
    return names | {n for n in vars(obj) if n.startswith("_") and not n.startswith("__")}


def _book() -> RunBook:
    return RunBook(FakeSupportEnv(), SupportExecutor(), support_plan(), planner=None, skills=(), failures=(),
                   config=RunConfig(), parts=RunParts.build())


def test_no_module_outside_the_loop_touches_the_runners_or_its_books_private_members():
    runner = Runner(FakeSupportEnv(), SupportExecutor(), support_plan())
    names = _privates(Runner, runner) | _privates(RunBook, _book())
    assert {"_book", "_started", "_listeners", "_extra_usage"} <= names
    assert private_uses(PACKAGE, names, LOOP) == []
    text = [f"{p.relative_to(PACKAGE)}" for p in PACKAGE.rglob("*.py")
            if str(p.relative_to(PACKAGE)) not in LOOP and "runner._" in p.read_text(encoding="utf-8")]
    assert text == []


def test_the_phases_are_functions_over_a_book_not_members_of_the_runner():
    assert PHASES <= set(vars(phases)) and all(callable(getattr(phases, n)) for n in PHASES)
    members = {n.lstrip("_") for n in dir(Runner)} | {n.lstrip("_") for n in dir(RunBook)}
    assert members & PHASES == set()
    # the phases reach the run only through the book's public face: no phase touches a private member
    assert private_uses(PACKAGE, _privates(RunBook, _book()), {"agent/run_book.py"}) == []


def test_the_runners_attributes_read_its_state():
    runner, res = _ran()
    s = runner.state
    assert isinstance(s, RunState)
    assert (runner.t, runner.observation, runner.trajectory, runner.checks, runner.repairs, runner.result) \
        == (s.t, s.observation, s.trajectory, s.checks, s.repairs, s.result)
    assert runner.stop_reason == res.stop_reason == s.stop_reason and runner.plan is s.plan is s.tracker.plan
    assert res.steps == s.t == len(s.trajectory)
    with pytest.raises(AttributeError):
        runner.t = 3  # the loop alone writes the state


def _ran():
    runner = Runner(FakeSupportEnv(), SupportExecutor(), support_plan())
    return runner, runner.run()


def _result(**kw) -> RepairResult:
    plan = support_plan()
    return RepairResult(**{"scope": "execution", "depth": "resume", "plan": plan, "index": 0, "strategy": "retry",
                           "reason": "wrong record", **kw})


def test_a_repair_is_translated_into_instructions_in_the_order_the_loop_carries_them_out():
    wait = Action("noop(500)", "wait", None, "read")
    assert instructions(_result()) == ()
    assert instructions(_result(stop="No way out", cause="signed_out", evidence="Sign in", replan=True)) == (
        Stop(UNREPAIRABLE_STOP, "No way out", "signed_out", "Sign in", "retry"),)
    both = instructions(_result(replan=True, depth="backtrack", backtrack_url=f"{BASE}/queue", recovery=(wait,),
                                evidence="Loading"))
    assert both == (Replan("wrong record"), Backtrack(f"{BASE}/queue", "backtrack after repair: wrong record"),
                    Recover((wait,), "retry", "Loading"))
    assert instructions(_result(depth="backtrack")) == ()  # no URL to go back to
    with pytest.raises(AttributeError):
        both[0].reason = "other"  # frozen: an instruction is data


def test_splice_keeps_the_prefix_and_renames_a_taken_id():
    plan = support_plan()
    first = plan.commitments[0]
    fresh = Plan(plan.task, [Commitment(first.id, "Open it again", confidence=0.5)],
                 plan_falsifiers={"execution": ["Session expired"]})
    out = splice(plan, 1, fresh)
    assert [c.id for c in out.commitments] == [first.id, f"{first.id}-2"]
    assert [e.text for e in out.plan_falsifiers["execution"]][-1] == "Session expired"


def test_page_before_reads_the_trajectory():
    a, b = Action("click('1')", "", None, "read"), Action("click('2')", "", None, "read")
    o0, o1, o2 = (fcpkit.Observation(url=f"{BASE}/{k}") for k in range(3))
    assert page_before([(a, o1), (b, o2)], o0, b) is o1
    assert page_before([(a, o1), (b, o2)], o0, a) is o0
    assert page_before([(a, o1)], o0, b) is None


def test_the_tracker_owns_the_commitments_standing():
    tracker = CommitmentTracker(support_plan(), StateTester(LexicalMatcher()))
    assert tracker.standing == "supported" and STANDINGS[0] == "supported"
    tracker.stand("unresolved")
    assert tracker.gate_standing("supported") == "unresolved"
    assert tracker.gate_standing("falsified") == "falsified"
    with pytest.raises(ValueError):
        tracker.stand("doubtful")

