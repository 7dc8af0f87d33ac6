"""The LLM planner's prompt teaches the claim grammar (docs/claims.md), and a plan written in it lints clean."""

from __future__ import annotations

import pytest

pytest.importorskip("jsonschema", reason="the llm extra: pip install 'fcpkit[llm]'")

import re

from fcpkit.agent.planner import LLMPlanner
from fcpkit.core.plan import Plan
from fcpkit.errors import LLMError
from fcpkit.llm.mock import MockClient
from fcpkit.matching.lexical.claims import compile_claim

TYPES = ("identity", "exclusion", "absence", "field", "event", "message", "presence")


def _system(planner: LLMPlanner) -> str:
    return next(m["content"] for m in planner.messages("Approve leave request LR-2207.", None) if m["role"] == "system")


def test_the_prompt_gives_every_claim_type_with_examples_that_compile_to_it():
    system = _system(LLMPlanner(MockClient({})))
    seen = set()
    lines = system.splitlines()
    for k, line in enumerate(lines):
        m = re.match(r"^- (\w+),", line)
        if not m or m.group(1) not in TYPES:
            continue
        kind = m.group(1)
        # a bullet goes on over its indented continuation lines
        end = next((j for j in range(k + 1, len(lines)) if not lines[j].startswith("  ")), len(lines))
        block = "\n".join(lines[k:end])
        examples = re.findall(r'"([^"]+)"', block)
        assert examples, kind
        for ex in examples:
            assert compile_claim(ex).type == kind, (kind, ex, compile_claim(ex).describe())
        seen.add(kind)
    assert seen == set(TYPES)


# A plan as an LLM following the prompt writes it, for two different apps.
HR = {"commitments": [
    {"id": "open-request", "subgoal": "Open leave request LR-2207", "skill": "", "confidence": 0.8,
     "confirm": {"precondition": [], "progress": ["Search results for LR-2207"], "completion": ["Leave request LR-2207 is open"]},
     "falsify": {"execution": ["A leave request other than LR-2207 is open"], "skill": [], "planning": []}},
    {"id": "approve", "subgoal": "Approve leave request LR-2207", "skill": "", "confidence": 0.8,
     "confirm": {"precondition": [], "progress": [], "completion": ["Status: Approved", "LR-2207 was approved"]},
     "falsify": {"execution": ["Approve button is not available on leave request LR-2207 detail",
                               "Status: Rejected"], "skill": [], "planning": []}},
]}
SUPPORT = {"commitments": [
    {"id": "open-ticket", "subgoal": "Open ticket T-390", "skill": "", "confidence": 0.8,
     "confirm": {"precondition": [], "progress": [], "completion": ["Ticket T-390 detail"]},
     "falsify": {"execution": ["A ticket other than T-390 is open"], "skill": [], "planning": []}},
    {"id": "assign", "subgoal": "Assign ticket T-390 to Payments", "skill": "", "confidence": 0.8,
     "confirm": {"precondition": [], "progress": ["Team Payments selected"], "completion": ["T-390 was assigned to Payments"]},
     "falsify": {"execution": ["No Assign button on ticket T-390 detail", "A banner says Assignment failed"],
                 "skill": [], "planning": []}},
]}


def test_a_plan_written_in_the_grammar_lints_clean():
    for task, answer in (("Approve leave request LR-2207.", HR), ("Assign ticket T-390 to Payments.", SUPPORT)):
        plan = LLMPlanner(MockClient({"planner": answer})).plan(task)
        assert isinstance(plan, Plan) and len(plan.commitments) == 2
        assert plan.lint() == [], [w for w in plan.lint()]


def test_the_linter_still_flags_a_plan_that_ignores_the_grammar():
    sloppy = {"commitments": [{"id": "save", "subgoal": "Save it", "skill": "", "confidence": 0.8,
                               "confirm": {"precondition": [], "progress": [], "completion": ["Saved"]},
                               "falsify": {"execution": ["Button is missing"], "skill": [], "planning": []}}]}
    plan = LLMPlanner(MockClient({"planner": sloppy})).plan("Save the form.")
    assert {w.code for w in plan.lint()} >= {"literal", "absence-no-scope"}


def _no_completion(cid: str, subgoal: str, act: str) -> dict:
    return {"id": cid, "subgoal": subgoal, "skill": "", "confidence": 0.8,
            "confirm": {"precondition": [], "progress": [act], "completion": []},
            "falsify": {"execution": [], "skill": [], "planning": []}}


def test_with_lint_rounds_the_planner_shows_the_model_its_warnings_and_keeps_the_better_plan():
    for task, subgoal, act, fixed in (("Approve leave request LR-2207.", "Approve LR-2207", "Click Approve", HR),
                                      ("Assign ticket T-390 to Payments.", "Assign T-390", "Click Assign", SUPPORT)):
        sloppy = {"commitments": [_no_completion("act", subgoal, act)]}
        client = MockClient({"planner": [sloppy, fixed]})
        planner = LLMPlanner(client, lint_rounds=1)
        plan = planner.plan(task)
        assert [c.id for c in plan.commitments] == [c["id"] for c in fixed["commitments"]]
        assert planner.last_report["lint"] == [] and planner.last_report["lint_rounds"] == 1
        shown = client.calls[1].messages[-1]["content"]
        assert "[no-completion]" in shown and "Fix:" in shown and subgoal in shown
        # a revision no better than the plan in hand is not taken, and a failed re-ask keeps the plan
        for second in (sloppy, LLMError("the model is down", module="planner", kind="timeout")):
            client = MockClient({"planner": [sloppy, second]})
            planner = LLMPlanner(client, lint_rounds=1)
            assert [c.id for c in planner.plan(task).commitments] == ["act"]
            assert planner.last_report["lint"] and len(client.calls) == 2
        # a later round can still fix it: the model sees the warnings of what it last wrote
        client = MockClient({"planner": [sloppy, sloppy, fixed]})
        planner = LLMPlanner(client, lint_rounds=2)
        assert [c.id for c in planner.plan(task).commitments] == [c["id"] for c in fixed["commitments"]]
        assert planner.last_report["lint_rounds"] == 2 and planner.last_report["lint_before"] >= 1
        assert "[no-completion]" in client.calls[2].messages[-1]["content"]
        # off by default: one call, and the plan as the model wrote it
        client = MockClient({"planner": [sloppy]})
        assert [c.id for c in LLMPlanner(client).plan(task).commitments] == ["act"] and len(client.calls) == 1
