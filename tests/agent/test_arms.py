"""Ablation arms on the fake support queue: each switch changes what the live loop does."""

from __future__ import annotations

from dataclasses import replace

import pytest
from _support.fakes import FakeSupportEnv, SupportExecutor, support_plan

from fcpkit.agent.arms import ARMS, Arm, LevelTimer, ScopeSwitch, get_arm, repair_family
from fcpkit.agent.repair import DeterministicRepairer, RepairRequest
from fcpkit.agent.runtime import Runner
from fcpkit.core.verify import KeepGoingVerifier
from fcpkit.errors import ConfigError


def run_arm(name: str):
    arm = get_arm(name)
    opts = arm.runner_options(verifier=KeepGoingVerifier())
    runner = Runner(FakeSupportEnv(), SupportExecutor(), arm.plan(support_plan()), **opts)
    return runner.run(), opts


def test_every_arm_runs_and_full_repairs_the_wrong_record():
    results = {name: run_arm(name)[0] for name in ARMS}
    assert all(r.stop_reason != "crashed" for r in results.values())
    full = results["full"]
    assert full.success and full.detections >= 1 and full.repairs_by_scope == {"execution": 1}


def test_without_repair_detections_are_counted_but_nothing_is_repaired():
    res, _ = run_arm("no_repair")
    assert res.detections >= 1 and res.repairs == []
    assert res.success is False  # the wrong ticket is edited: nothing turned the agent back


def test_without_testing_nothing_is_scored_or_detected():
    res, opts = run_arm("no_testing")
    assert res.detections == 0 and res.repairs == []
    assert not any(c.result.scored for c in res.checks)
    assert opts["pre_action"] is False


def test_level_switches_remove_their_own_checks_only():
    no_state, _ = run_arm("no_state_test")
    assert not any(c.result.phase == "post" and c.result.scored for c in no_state.checks)
    no_action, _ = run_arm("no_action_test")
    assert not any(c.result.phase == "pre" for c in no_action.checks)
    assert any(c.result.phase == "post" and c.result.scored for c in no_action.checks)


def test_slow_only_sends_every_check_to_the_verifier_and_times_it_by_level():
    full, full_opts = run_arm("full")
    slow, opts = run_arm("slow_only")
    stats = opts["verifier"].stats
    assert slow.escalations == len(slow.checks) > full.escalations
    assert stats["state"]["calls"] + stats["action"]["calls"] == len(slow.checks)
    assert stats["action"]["calls"] == sum(1 for c in slow.checks if c.result.phase == "pre")
    assert slow.success == full.success


def test_without_local_repair_an_execution_repair_becomes_a_replan():
    res, _ = run_arm("no_local_repair")
    assert res.repairs and res.repairs[0].scope == "planning" and res.repairs[0].replan
    assert repair_family(res.repairs[0]) == "replan"
    assert res.stop_reason == "replan_required"  # no planner given: the run is parked, as the runtime does


def test_without_replanning_a_planning_repair_is_made_locally():
    plan = support_plan()
    req = RepairRequest(plan, 0, "planning", "the queue is gone", "post")
    assert DeterministicRepairer().repair(req).replan
    out = ScopeSwitch(DeterministicRepairer(), replan=False).repair(req)
    assert out.scope == "execution" and not out.replan and repair_family(out) == "local"


def _empty(groups) -> bool:
    return not any(groups.values())


def test_plan_transforms():
    plan = support_plan()
    sub = get_arm("no_falsifiable_plan").plan(plan)
    assert all(_empty(c.falsify) for c in sub.commitments) and _empty(sub.plan_falsifiers)
    assert all(_empty(c.confirm) for c in sub.commitments[:-1])
    assert sub.commitments[-1].confirm.get("completion") == plan.commitments[-1].confirm.get("completion")
    assert [c.subgoal for c in sub.commitments] == [c.subgoal for c in plan.commitments]
    no_conf = get_arm("no_confirming").plan(plan)
    assert all(_empty(c.confirm) for c in no_conf.commitments)
    assert [c.falsify for c in no_conf.commitments] == [c.falsify for c in plan.commitments]
    no_fals = get_arm("no_falsifying").plan(plan)
    assert all(_empty(c.falsify) for c in no_fals.commitments) and _empty(no_fals.plan_falsifiers)
    assert get_arm("full").plan(plan) == plan


def test_repair_family_prefers_the_records_own_family():
    res = DeterministicRepairer().repair(RepairRequest(support_plan(), 0, "execution", "x", "pre"))
    assert repair_family(res) == "local"
    assert repair_family(replace(res, family="skill")) == "skill_switch"  # the repair package's name, as Figure 11 has it
    assert repair_family(replace(res, family="backtrack")) == "backtrack"
    assert repair_family({"strategy": "backtrack", "scope": "execution"}) == "backtrack"
    assert repair_family({"strategy": "x", "scope": "skill", "family": "restart"}) == "restart"


def test_bad_names_are_clear_errors():
    with pytest.raises(ConfigError, match="unknown arm"):
        get_arm("nope")
    with pytest.raises(ConfigError, match="plan_mode"):
        Arm("x", "x", plan_mode="flat")
    assert isinstance(LevelTimer(KeepGoingVerifier()).name, str)


def test_one_arm_record_configures_the_checker_and_the_runner():
    from fcpkit.agent.arms import CHECK_ARMS

    # the checker's ablation: each arm adds one kind of evidence to the one before
    assert CHECK_ARMS["outcome"].checker_options() is None
    assert CHECK_ARMS["confirming-only"].checker_options() == dict(
        use_falsifiers=False, use_plan_falsifiers=False, use_rules=False)
    assert CHECK_ARMS["step-falsifiers"].checker_options() == dict(use_plan_falsifiers=False, use_rules=False)
    assert CHECK_ARMS["+plan-falsifiers"].checker_options() == dict(use_rules=False)
    assert CHECK_ARMS["+rules"].checker_options() == dict(use_builtins=False)
    assert CHECK_ARMS["+built-in"].checker_options() == {}
    # a live arm read by the checker: its evidence and action-test switches
    assert ARMS["full"].checker_options() == {}
    assert ARMS["no_action_test"].checker_options() == {"pre_action": False}
    assert ARMS["no_falsifying"].checker_options() == dict(use_falsifiers=False, use_plan_falsifiers=False)
    # and a checker arm read by the runner: its page tester takes the same switches
    tester = CHECK_ARMS["+rules"].runner_options(verifier=KeepGoingVerifier())["state_tester"].inner
    assert tester.use_rules and not tester.builtins.enabled
    tester = CHECK_ARMS["step-falsifiers"].runner_options(verifier=KeepGoingVerifier())["state_tester"].inner
    assert not tester.use_rules and not tester.use_plan_falsifiers and not tester.builtins.enabled
    full = ARMS["full"].runner_options(verifier=KeepGoingVerifier())["state_tester"].inner
    assert full.use_rules and full.use_plan_falsifiers and full.builtins.enabled


def test_an_agent_moving_on_under_a_tester_switched_off_meets_no_check():
    """The tracker asks a switched-off tester for the advance check of an agent that moves on (with
    the action it moves on with) and gets none: nothing to decide, nothing held."""
    from fcpkit import Action, ActionTester, LexicalMatcher, Observation
    from fcpkit.agent.arms import TesterSwitch
    from fcpkit.core.testers import StateTester
    from fcpkit.core.tracker import CommitmentTracker

    plan = support_plan()
    off = TesterSwitch(StateTester(LexicalMatcher()), "off")
    tracker = CommitmentTracker(plan, off, actions=ActionTester(LexicalMatcher()))
    page = Observation("https://app.test/tickets", "Tickets", "RootWebArea 'Tickets', focused\n\t[2] main ''")
    action = Action("fill('5', 'T-390')", "Search.", "textbox 'Search'", "read")
    assert tracker.claim(plan.commitments[-1].id, page, action) is None
