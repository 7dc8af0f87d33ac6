"""The scripted executor solves every workflow when healthy, and goes off track under faults."""

from __future__ import annotations

import pytest

from fcpkit_lab.envs.executors import ScriptedExecutor
from fcpkit.core.plan import load_plan
from fcpkit_lab.envs.record.recorder import derive_label, run_episode, variant_plan_text
from fcpkit_lab.envs.workbench import WORKFLOWS, plan_path

pytestmark = pytest.mark.browser


def _run(env, workflow, fault=None, variant=0, seed=0, params=None):
    if variant == 0:
        plan = load_plan(plan_path(workflow))
    else:
        from fcpkit.core.plan import Plan, yaml_load

        plan = Plan.from_data(yaml_load(variant_plan_text(workflow, variant)))
    executor = ScriptedExecutor(workflow, variant, seed=seed)

    def reset():
        return env.reset(seed, workflow=workflow, variant=variant, fault=fault, params=params or {})

    ep = run_episode(env, executor, plan, reset=reset, workflow=workflow,
                     label_fn=lambda steps: derive_label(fault, steps, env.reset_events, env.step_events))
    return ep, plan


@pytest.mark.parametrize("workflow", WORKFLOWS)
def test_healthy_workflow_passes_the_validator(wb_env, workflow):
    ep, plan = _run(wb_env, workflow)
    traj = ep.trajectory
    assert ep.outcome.success, (ep.outcome.reason, [s.action.command for s in traj.steps])
    assert traj.label.fault is None and traj.label.first_off_track_step is None
    ids = [c.id for c in plan.commitments]
    assert [s.commitment for s in traj.steps][0] == ids[0]
    assert traj.steps[-1].commitment == ids[-1]
    assert all(s.commitment in ids for s in traj.steps)
    assert all(s.action.target for s in traj.steps[:-1])  # every page action names its target
    assert traj.steps[-1].action.command.startswith("send_msg_to_user(")
    if workflow != "orders":
        assert any(s.action.effect == "irreversible" for s in traj.steps)


def test_healthy_variant_with_a_generated_plan(wb_env):
    ep, plan = _run(wb_env, "expenses", variant=1, seed=3)  # a rejection
    assert ep.outcome.success, ep.outcome.reason
    assert [c.id for c in plan.commitments][2] == "reject-report"
    assert "Reject" in ep.trajectory.steps[-2].action.target


@pytest.mark.parametrize("workflow,fault,step,rule", [
    ("support", "wrong_record", 2, "near-miss"),
    ("support", "silent_noop", 4, "first step"),
    ("support", "session_expired", 2, "first step"),
    ("catalogue", "control_missing", 3, "first step"),
])
def test_faults_fail_the_validator_with_derived_labels(wb_env, workflow, fault, step, rule):
    ep, _ = _run(wb_env, workflow, fault)
    traj = ep.trajectory
    assert not ep.outcome.success
    assert traj.label.fault == fault
    assert traj.label.first_off_track_step == step
    assert rule in traj.label.extra["rule"]
    assert traj.label.extra["fault_events"]


def test_wrong_record_opens_the_near_miss(wb_env):
    ep, _ = _run(wb_env, "support", "wrong_record")
    steps = ep.trajectory.steps
    assert "T-411" in steps[2].action.target  # the T-390 link points at T-411 (url in the AXTree)
    assert steps[2].observation.url.endswith("/support/T-411")
    assert "T-411" in ep.outcome.reason or "T-390" in ep.outcome.reason


def test_rejected_action_takes_another_path(wb_env, workbench):
    from fcpkit.core.protocols import ExecutorContext

    plan = load_plan(plan_path("support"))
    obs = wb_env.reset(workflow="support", fault=None)
    ex = ScriptedExecutor("support", 0)
    first = ex.propose(ExecutorContext(plan.task, plan, plan.commitments[0], obs))
    again = ex.propose(ExecutorContext(plan.task, plan, plan.commitments[0], obs, rejected=(first,)))
    assert again.command != first.command
    hinted = ex.propose(ExecutorContext(plan.task, plan, plan.commitments[0], obs,
                                        hint="Go back to the list and search again"))
    assert hinted.command.startswith("goto(") and "/support" in hinted.command
    assert "repair hint" in hinted.reasoning
