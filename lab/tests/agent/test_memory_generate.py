"""Commitment generation: a new task of a known kind gets a complete, linked plan with no LLM;
the LLM planner gets the retrieved skills and failure cases in its prompt."""

from __future__ import annotations

import pytest
from _support.memory import BagOfWordsEmbedder

from fcpkit.agent.planner import LLMPlanner, PlanningError
from fcpkit.agent.memory import ExperiencePlanner, compose, lint_plan

HELD_OUT = "Find ticket T-415 (customer reports a package that arrived damaged), confirm the complaint, assign it to team Logistics and save."


@pytest.fixture(scope="module")
def planner(workbench_library):
    return ExperiencePlanner(workbench_library, embedder=BagOfWordsEmbedder())


def test_held_out_variant_gets_the_workflow_plan_with_its_values(planner):
    plan = planner.plan(HELD_OUT)
    assert [c.id for c in plan.commitments] == ["find-ticket", "open-ticket", "assign-payments", "confirm-saved"]
    assert [c.skill for c in plan.commitments] == ["support.find-ticket", "support.open-ticket",
                                                   "support.assign-payments", "support.confirm-saved"]
    text = plan.to_yaml()
    assert "T-415" in text and "Logistics" in text and "{" not in text.replace("{text", "")
    assert "T-390" not in text and "T-402" not in text and "Payments" not in text.replace("assign-payments", "")
    exp = plan.extra["experience"]
    assert exp["values"]["record_id"] == "T-415" and exp["chain"][0] == "support.find-ticket"
    assert {"bm25_part", "embedding_part"} <= set(exp["skills"][0])
    assert plan.extra["planner"] == "experience+template"
    assert not [w for w in lint_plan(plan) if "placeholder" in w]


def test_failure_falsifiers_are_added_from_retrieved_cases(workbench_library):
    p = ExperiencePlanner(workbench_library, embedder=BagOfWordsEmbedder())
    plan = p.plan(HELD_OUT)
    added = [e.text for s, e in plan.plan_level()] + [e.text for c in plan.commitments for s, e in c.falsifiers()]
    for case in p.last_report["failures"]:
        rec = next(f for f in workbench_library.failures if f.id == case["failure"])
        if rec.falsifier:
            assert any(rec.falsifier.replace("{record_id}", "T-415") == t for t in added)
    without = ExperiencePlanner(workbench_library, use_failures=False, embedder=BagOfWordsEmbedder()).plan(HELD_OUT)
    assert without.extra["experience"]["failures"] == []


def test_compose_keeps_one_kind_and_one_way(workbench_library, planner):
    hits = planner.skill_retriever.retrieve(
        "Find expense report EXP-1301, check that the amount is $75.00 and read its policy check, then approve "
        "it if it is within policy or reject it otherwise, with a note explaining the decision.")
    chain = [s.name for s in compose(hits, workbench_library)]
    assert all(n.startswith("expenses.") for n in chain)
    assert not ({"expenses.approve-report", "expenses.reject-report"} <= set(chain))  # alternatives: one of them
    assert chain[0] == "expenses.find-report" and len(chain) == 4
    assert compose([], workbench_library) == []


def test_unknown_kind_is_a_clear_planning_error():
    from fcpkit.agent.memory import Library

    with pytest.raises(PlanningError, match="no skill in the library"):
        ExperiencePlanner(Library(), embedder=BagOfWordsEmbedder()).plan("Book a flight to Oslo")


class CapturingClient:
    """Answers the planner schema with one commitment linked to the first skill named in the prompt."""

    def __init__(self):
        self.messages = None

    def complete_json(self, module, messages, schema=None):
        self.messages = messages
        return {"commitments": [{"id": "find", "subgoal": "Search for T-415", "skill": "support.find-ticket",
                                 "confidence": 0.8, "confirm": {"precondition": [], "progress": [],
                                                                "completion": ["Search results for T-415"]},
                                 "falsify": {"execution": [], "skill": [], "planning": []}}]}


def test_llm_planner_gets_skills_and_failures_in_its_prompt(workbench_library):
    client = CapturingClient()
    p = ExperiencePlanner(workbench_library, LLMPlanner(client), embedder=BagOfWordsEmbedder())
    plan = p.plan(HELD_OUT)
    prompt = "\n".join(m["content"] for m in client.messages)
    assert "support.find-ticket" in prompt and "Search the support queue for ticket {record_id}" in prompt
    assert "diagnosis:" in prompt and "repair:" in prompt
    assert plan.commitments[0].skill == "support.find-ticket"  # a retrieved skill: the link is kept
