"""LLM-written plans in the falsifier comparison: records written as they come and resumed,
failures recorded, tracker-only attribution, and rows that differ by the plans alone."""

from __future__ import annotations

import json

import pytest

from fcpkit import load_corpus
from fcpkit_lab import data as lab_data
from fcpkit.agent.planner import PlanningError
from fcpkit_lab.engine import StateMachine
from fcpkit_lab.engine.compare import compare_trajectories
from fcpkit_lab.engine.llm_plans import (llm_plan_corpus, load_llm_plans, plan_records_summary, tracker_only,
                                     write_llm_plans)
from fcpkit_lab.engine.workbench import DEFAULT_SMG
from fcpkit.errors import ConfigError

CORPUS = lab_data.path(lab_data.WORKBENCH)


@pytest.fixture(scope="module")
def trajs():
    runs = list(load_corpus(CORPUS))
    by_task: dict[str, list] = {}
    for t in runs:
        by_task.setdefault(t.task, []).append(t)
    # two tasks, each with a healthy and a faulty run
    out = []
    for task in list(by_task)[:2]:
        ts = by_task[task]
        out += [next(t for t in ts if not t.label.fault), next(t for t in ts if t.label.fault)]
    return out


class Scripted:
    """A planner that returns each run's recorded plan, or fails for one task (as an LLM can)."""

    def __init__(self, trajs, fail_task=None):
        self.plans = {t.task: t.plan for t in trajs}
        self.fail_task = fail_task
        self.calls = 0
        self.last_report = {}

    def plan(self, task, observation=None):
        self.calls += 1
        self.last_report = {"attempts": 1, "fixes": ["one"]}
        if task == self.fail_task:
            raise PlanningError("no usable plan", problems=["bad"], attempts=2)
        return self.plans[task]


def test_records_are_written_per_task_and_resumed(tmp_path, trajs):
    out = tmp_path / "plans.jsonl"
    tasks = list(dict.fromkeys(t.task for t in trajs))
    planner = Scripted(trajs, fail_task=tasks[1])
    recs = write_llm_plans(trajs, planner, out, model="scripted")
    assert planner.calls == 2 and [r["ok"] for r in recs] == [True, False]
    assert "no usable plan" in recs[1]["error"] and recs[0]["attempts"] == 1 and recs[0]["fixes"] == 1
    again = Scripted(trajs)
    assert len(write_llm_plans(trajs, again, out)) == 2 and again.calls == 0  # resumed: nothing asked twice
    summary = plan_records_summary(recs)
    assert summary["tasks"] == 2 and summary["parsed"] == 1
    assert summary["lint_clean"] == int(recs[0]["lint_clean"])
    plans = load_llm_plans(out)
    assert list(plans) == [tasks[0]]
    kept, skipped = llm_plan_corpus(trajs, plans)
    assert {t.task for t in kept} == {tasks[0]} and len(skipped) == 2
    assert all(s.commitment is None for t in kept for s in t.steps)


def test_a_damaged_record_file_is_named(tmp_path):
    out = tmp_path / "plans.jsonl"
    out.write_text(json.dumps({"task": "x", "ok": False}) + "\n{oops\n")
    with pytest.raises(ConfigError, match="plans.jsonl:2"):
        load_llm_plans(out)


def test_llm_rows_differ_from_hand_written_by_the_plans_alone(trajs):
    """Given the hand-written plans as 'LLM-written', both tracker-only rows must agree exactly."""
    smg = StateMachine.load(DEFAULT_SMG)
    plans = {t.task: t.plan for t in trajs}
    rows = compare_trajectories("workbench", trajs, smg, bounds=("lower",), llm_plans=plans)
    by = {r["plans"]: r for r in rows}
    assert set(by) == {"hand-written", "generated", "hand-written, tracker-only", "llm-written, tracker-only"}
    a, b = by["hand-written, tracker-only"], by["llm-written, tracker-only"]
    assert {k: v for k, v in a.items() if k != "plans"} == {k: v for k, v in b.items() if k != "plans"}
    assert a["runs"] == len(trajs) and tracker_only(trajs[0]).plan is trajs[0].plan
