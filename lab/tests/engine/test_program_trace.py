"""A program's run recorded step by step and checked live by the falsifiers generated from the SMG."""

from __future__ import annotations

import pytest

from fcpkit_lab.engine import StateMachine
from fcpkit_lab.engine.run import run_program_task
from fcpkit_lab.engine.trace import LiveChecks, TracingDriver, checked_trajectory
from fcpkit_lab.engine.workbench import DEFAULT_SMG

pytestmark = pytest.mark.browser


def key(check):
    r = check.result
    return check.step, r.phase, r.commitment, r.route, round(r.alpha_plus, 6), round(r.alpha_minus, 6), check.decision


def traced(workbench, env, fault=None):
    smg = StateMachine.load(DEFAULT_SMG)
    pushed, parts = [], {}

    def wrap(driver, e):
        parts["live"] = LiveChecks(smg, e.task, e.last_observation, lambda c, a, o: pushed.append((c, a, o)))
        parts["driver"] = TracingDriver(driver, e.observe, on_step=parts["live"])
        return parts["driver"]

    run = run_program_task(workbench, smg, "support", 0, fault, env=env, wrap_driver=wrap,
                           on_program=lambda p: parts["live"].set_program(p))
    return smg, run, parts["live"], pushed


def test_a_healthy_program_run_is_checked_live_with_no_false_alarm(workbench, env):
    smg, run, live, pushed = traced(workbench, env)
    assert run.success, run.reason
    steps = live.trajectory.steps
    assert [s.action.target for s in steps] == ["searchbox 'Search tickets'", "button 'Search'", "link 'T-390'",
                                                "combobox 'Assign to team'", "button 'Assign'", None]
    assert steps[3].action.command.startswith("select_option(") and steps[4].action.effect == "irreversible"
    assert steps[-1].action.command.startswith("send_msg_to_user(")
    # what was pushed live is the whole report, check for check; the generated plan raised no alarm
    assert [key(c) for c, _, _ in pushed] == [key(c) for c in live.report.checks] and not live.report.detected
    assert live.report.advanced[:3] == [c.id for c in live.trajectory.plan.commitments][:3]
    again = checked_trajectory("again", live.task, run.program, smg, live.initial, live.steps)[1]
    assert [key(c) for c in again.checks] == [key(c) for c in live.report.checks]


def test_a_wrong_record_is_caught_under_the_generated_plan_before_the_write(workbench, env):
    _, run, live, _ = traced(workbench, env, "wrong_record")
    assert not run.success and live.report.detected
    assert all(s.action.effect == "read" for s in live.trajectory.steps)  # stopped before the assignment
