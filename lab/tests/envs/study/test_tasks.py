"""The study's task set: singles over workflows x variants x faults, composites, task ids."""

from __future__ import annotations

import pytest

from fcpkit_lab.envs.study import StudySpec, parse_task_id, task_set
from fcpkit_lab.envs.study.composite import composite_plan
from fcpkit_lab.envs.live import workbench_plan
from fcpkit_lab.envs.workbench import FAULT_KINDS, WORKFLOWS
from fcpkit.errors import ConfigError


def test_full_task_set_covers_every_workflow_variant_and_fault():
    tasks = task_set(composites=0)
    assert len(tasks) == len(WORKFLOWS) * 3 * (1 + len(FAULT_KINDS))
    assert {t.fault for t in tasks} == {None, *FAULT_KINDS}
    assert all(parse_task_id(t.id) == t for t in tasks)


def test_a_sample_keeps_every_workflow_and_composites_are_long():
    tasks = task_set(sample=10, composites=4)
    singles = [t for t in tasks if not t.composite]
    assert len(singles) == 10 and {t.parts[0][0] for t in singles} == set(WORKFLOWS)
    comps = [t for t in tasks if t.composite]
    assert [len(t.parts) for t in comps] == [2, 3, 2, 3]
    assert all(t.parts[-1][0] == "orders" or "orders" not in dict(t.parts) for t in comps)
    assert task_set(sample=10, composites=4) == tasks  # seeded


def test_composite_plan_prefixes_each_part():
    task = parse_task_id("support-v0+expenses-v1-wrong_record")
    plan = composite_plan(task, [workbench_plan("support", 0), workbench_plan("expenses", 1)])
    assert len(plan) == 8 and plan.commitments[0].id.startswith("p1.") and plan.commitments[-1].id.startswith("p2.")
    assert task.fault == "wrong_record" and "Then:" in plan.task


def test_bad_names_are_clear_errors():
    with pytest.raises(ConfigError, match="WORKFLOW-vN"):
        parse_task_id("support-healthy")
    with pytest.raises(ConfigError, match="unknown fault"):
        parse_task_id("support-v0-on_fire")
    with pytest.raises(ConfigError, match="unknown arm"):
        StudySpec(("bogus",), (parse_task_id("support-v0-healthy"),))
