"""The LLM-backed components share one base: client, prompt, schema, re-asks and per-module usage."""

from __future__ import annotations

import json
from types import SimpleNamespace

from fcpkit.agent.planner import LLMPlanner, planning_schema
from fcpkit.llm import MockClient
from fcpkit.llm.components import JSONClient, LLMComponent, LLMVerifier
from fcpkit.llm.schemas import PLANNER_SCHEMA, VERIFIER_SCHEMA


def _commitment(cid: str, subgoal: str) -> dict:
    return {"id": cid, "subgoal": subgoal, "skill": "", "confidence": 0.7,
            "confirm": {"precondition": [], "progress": [], "completion": []},
            "falsify": {"execution": [], "skill": [], "planning": []}}


def test_each_component_names_its_module_prompt_and_schema():
    client = MockClient({})
    # the planner's: PLANNER_SCHEMA bounded by its max_commitments, confidence left to the sanitiser
    for cls, module, schema in ((LLMVerifier, "verifier", VERIFIER_SCHEMA), (LLMPlanner, "planner", planning_schema(5))):
        c = cls(client)
        assert isinstance(c, LLMComponent) and isinstance(client, JSONClient)
        assert (c.module, c.prompt, c.schema, c.client) == (module, module, schema, client)
    assert planning_schema(8)["properties"]["commitments"]["maxItems"] == PLANNER_SCHEMA["properties"]["commitments"]["maxItems"]
    assert LLMPlanner(client, prompt="planner").render(task="t", observation="o", skills="", failure_cases="",
                                                       max_commitments=3)[-1]["role"] == "user"


def test_a_rejected_answer_is_shown_back_with_the_problem_and_calls_are_counted_by_module():
    answers = iter([{"commitments": [_commitment("a", " ")]}, {"commitments": [_commitment("open", "Open T-390")]}])
    client = MockClient({"planner": lambda module, messages: next(answers)})
    planner = LLMPlanner(client, retries=1)
    plan = planner.plan("Open ticket T-390")
    assert [c.id for c in plan.commitments] == ["open"]
    second = client.calls[1].messages
    assert second[-2]["role"] == "assistant" and json.loads(second[-2]["content"])["commitments"][0]["id"] == "a"
    assert second[-1]["role"] == "user" and second[-1]["content"].startswith("That plan was rejected")
    assert len(planner.llm_calls()) == 2 and LLMVerifier(client).llm_calls() == []


def test_reask_keeps_the_conversation_and_usage_reads_an_llm_client_ledger():
    msgs = [{"role": "user", "content": "q"}]
    out = LLMComponent.reask(msgs, {"b": 1, "a": "é"}, "wrong")
    assert msgs == [{"role": "user", "content": "q"}] and out[0] == msgs[0]
    assert out[1:] == [{"role": "assistant", "content": '{"a": "é", "b": 1}'}, {"role": "user", "content": "wrong"}]
    ledger = [SimpleNamespace(module="verifier"), SimpleNamespace(module="planner")]
    v = LLMVerifier(SimpleNamespace(usage=ledger, complete_json=None))
    assert v.llm_calls() == [ledger[0]]
    assert LLMVerifier(object()).llm_calls() == []
