"""The shipped workbench plans load, follow docs/formats.md, and are about the tasks' real records."""

from __future__ import annotations

import pytest

from fcpkit_lab.envs.workbench import WORKFLOWS, get_task, plan_path

plan_mod = pytest.importorskip("fcpkit.core.plan")


@pytest.mark.parametrize("workflow", WORKFLOWS)
def test_plan_loads_and_names_the_task_records(workflow):
    plan = plan_mod.load_plan(plan_path(workflow))
    task = get_task(workflow, 0)
    assert plan.task.split() == task.intent.split()
    assert 3 <= len(plan.commitments) <= 5
    text = plan.to_yaml()
    assert task.target in text and task.near_miss in text
    assert "Your session has expired. Please sign in again." in text
    # cross-cutting falsifiers live at plan level, not in a single commitment
    assert any("session has expired" in e.text for _, e in plan.plan_level())
    assert plan_mod.load_plan(plan_path(workflow)) == plan_mod.Plan.from_data(plan.to_data())
