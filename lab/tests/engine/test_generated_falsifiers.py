"""Falsifiers generated from the SMG: what a generated plan says, how steps are attributed, what it catches."""

from __future__ import annotations

import pytest

from fcpkit import Checker, Plan, load_corpus
from fcpkit_lab import data as lab_data
from fcpkit_lab.engine import StateMachine
from fcpkit_lab.engine.compare import generated_corpus
from fcpkit_lab.engine.falsifiers import plan_from_program
from fcpkit_lab.engine.planner import plan_program
from fcpkit_lab.engine.workbench import DEFAULT_SMG
from fcpkit.matching import get_matcher
from fcpkit.core.plan import yaml_load
from fcpkit_lab.envs.workbench import get_task

CORPUS = lab_data.path(lab_data.WORKBENCH)


@pytest.fixture(scope="module")
def smg():
    return StateMachine.load(DEFAULT_SMG)


def _texts(items):
    return [getattr(e, "text", e) for e in items]


def test_a_generated_plan_states_what_the_smg_knows(smg):
    task = get_task("support", 0)
    program = plan_program(smg, task.intent, "SupportQueuePage").program
    plan = plan_from_program(program, smg)
    assert [c.id for c in plan.commitments] == ["c1-search-support-queue-page", "c2-open-ticket-page",
                                                "c3-assign-on-ticket-page"]
    search, open_, assign = plan.commitments
    assert "Search results for T-390" in _texts(search.confirm["completion"])
    assert "T-390 is not listed in search results" in _texts(search.falsify["execution"])
    assert "Ticket T-390 page" in _texts(open_.confirm["completion"])
    assert "A ticket other than T-390 is open" in _texts(open_.falsify["execution"])
    # the write: its observed outcome confirms; the other options of its list falsify, on the action
    assert _texts(assign.confirm["completion"]) == ["Ticket T-390 assigned to Payments. Changes saved."]
    wrong = [e for e in assign.falsify["execution"] if getattr(e, "on", "") == "action"]
    assert "Select Billing in Assign to team" in _texts(wrong) and "Select Payments in Assign to team" not in _texts(wrong)
    assert "Assign button is not available on Ticket T-390 page" in _texts(assign.falsify["skill"])
    assert "Assign button" in _texts(assign.confirm["precondition"])
    # the states other operations of the ticket page lead to falsify it
    assert {"Orders page", "Support queue page"} <= set(_texts(assign.falsify["execution"]))
    assert set(_texts(plan.plan_falsifiers["execution"])) == {"Sign in page", "Page not found"}
    # a valid plan that round-trips through the plan format
    again = Plan.from_data(yaml_load(plan.to_yaml()))
    assert again.to_data() == plan.to_data()


def test_an_either_or_decision_is_one_commitment_with_shared_expectations(smg):
    task = get_task("expenses", 0)
    plan = plan_from_program(plan_program(smg, task.intent, "ExpenseReportsPage").program, smg)
    decide = plan.commitments[-1]
    assert {"Click button Approve", "Click button Reject"} <= set(_texts(decide.confirm["progress"]))
    assert decide.falsify["skill"] == () or not decide.falsify["skill"]
    assert "Decision note box" in _texts(decide.confirm["precondition"])
    # a neighbouring state whose name overlaps the expected one is no falsifier: "Expense reports
    # page" would half-hold on "Expense report EXP-1180" (a false alarm on every healthy run)
    assert "Expense reports page" not in _texts(decide.falsify["execution"])
    assert "Orders page" in _texts(decide.falsify["execution"])


@pytest.fixture(scope="module")
def sample():
    keep = {"support-v0-healthy-s1", "support-v0-wrong_record-s101", "expenses-v0-healthy-s1",
            "catalogue-v0-healthy-s1", "orders-v0-session_expired-s201", "support-v1-stale_filter-s302"}
    return [t for t in load_corpus(CORPUS) if t.id in keep]


def test_steps_are_attributed_by_the_element_each_action_targets(smg, sample):
    gen, skipped = generated_corpus(sample, smg)
    assert not skipped
    healthy = next(t for t in gen if t.id == "support-v0-healthy-s1")
    assert [s.commitment for s in healthy.steps] == [
        "c1-search-support-queue-page", "c1-search-support-queue-page", "c2-open-ticket-page",
        "c3-assign-on-ticket-page", "c3-assign-on-ticket-page", "c3-assign-on-ticket-page"]
    # a search done again after clearing the filters is attributed to the search again
    stale = next(t for t in gen if t.id == "support-v1-stale_filter-s302")
    assert [s.commitment for s in stale.steps][3:5] == ["c1-search-support-queue-page"] * 2


def test_generated_plans_catch_faults_without_alarming_healthy_runs(smg, sample):
    gen, _ = generated_corpus(sample, smg)
    checker = Checker(get_matcher("lexical"), verifier="lower").fit(sample)
    detected = {t.id: checker.check(t).detected for t in gen}
    assert detected == {"support-v0-healthy-s1": False, "expenses-v0-healthy-s1": False,
                        "catalogue-v0-healthy-s1": False, "support-v0-wrong_record-s101": True,
                        "orders-v0-session_expired-s201": True, "support-v1-stale_filter-s302": True}
