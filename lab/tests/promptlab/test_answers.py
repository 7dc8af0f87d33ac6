"""The answer cache: a plan per (prompt hash, model, task), reused on a rerun; failures kept apart."""

from __future__ import annotations

import pytest

from fcpkit import Observation
from fcpkit.errors import ConfigError, LLMError
from fcpkit.llm import MockClient

from fcpkit_lab.promptlab.answers import AnswerCache, generate
from fcpkit_lab.promptlab.models import ModelChoice
from fcpkit_lab.promptlab.tasks import LabTask
from fcpkit_lab.promptlab.version import PromptVersion

TASKS = [LabTask(f"Open ticket T-{n}", "support", "test", Observation(url="http://x/queue", text="Queue"), (f"r{n}",))
         for n in (390, 411, 415)]
MODEL = ModelChoice("endpoint", "fake", "http://127.0.0.1:9/v1")


def plan_for(task: str) -> dict:
    rid = task.split()[-1]
    return {"commitments": [{"id": "open", "subgoal": task, "skill": "", "confidence": 0.8,
                             "confirm": {"precondition": [], "progress": [], "completion": [f"Ticket {rid} detail"]},
                             "falsify": {"execution": [f"A ticket other than {rid} is open"], "skill": [], "planning": []}}]}


def answer(module, messages):
    task = messages[1]["content"].split("Task: ", 1)[1].split("\n", 1)[0]
    if "T-411" in task:
        bad = plan_for(task)
        bad["commitments"][0]["subgoal"] = " "  # valid JSON, no plan: the planner's re-ask gets the same
        return bad
    if "T-415" in task:
        return LLMError("connection refused", kind="connection")
    return plan_for(task)


def test_answers_are_cached_by_prompt_and_model_and_a_rerun_asks_nothing(tmp_path):
    cache = AnswerCache(tmp_path)
    v = PromptVersion.default()
    client = MockClient({"planner": answer})
    first = generate(v, MODEL, TASKS, cache, client=client)
    ok, not_a_plan, no_answer = first
    assert ok.plan is not None and ok.record["lint"] == [] and not ok.cached
    assert not_a_plan.plan is None and not_a_plan.record["ok"] is False and "no valid plan" in not_a_plan.record["error"]
    assert no_answer.record is None and no_answer.missing.startswith("connection")  # not cached: asked again
    assert cache.path(v, MODEL).name == f"{v.hash}.jsonl" and cache.path(v, MODEL).with_suffix(".txt").is_file()
    calls = len(client.calls)
    again = generate(v, MODEL, TASKS, cache, client=client)
    assert [a.cached for a in again] == [True, True, False] and len(client.calls) == calls + 1
    other = generate(v.with_part("examples", "An example."), MODEL, TASKS[:1], cache, client=client)
    assert not other[0].cached  # another prompt: its own answers
    assert not generate(v, ModelChoice("endpoint", "other", "http://127.0.0.1:9/v1"), TASKS[:1], cache,
                        client=client)[0].cached  # another model too


def test_a_corrupt_cache_line_names_the_file_and_line_and_keeps_the_rest(tmp_path):
    cache = AnswerCache(tmp_path)
    v = PromptVersion.default()
    generate(v, MODEL, TASKS[:1], cache, client=MockClient({"planner": answer}))
    with open(cache.path(v, MODEL), "a") as f:
        f.write("{truncated\n")
    with pytest.raises(ConfigError, match=rf"{v.hash}\.jsonl:2: not an LLM-plan record.*delete the line"):
        generate(v, MODEL, TASKS[:1], cache, client=MockClient({}))


def test_an_interrupted_round_keeps_every_answer_it_got(tmp_path):
    cache = AnswerCache(tmp_path)
    v = PromptVersion.default()

    def interrupt(module, messages):
        if "T-411" in messages[1]["content"]:
            raise KeyboardInterrupt
        return answer(module, messages)

    with pytest.raises(KeyboardInterrupt):
        generate(v, MODEL, TASKS, cache, client=MockClient({"planner": interrupt}))
    assert list(cache.records(v, MODEL)) == [TASKS[0].task]
