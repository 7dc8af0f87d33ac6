"""The LLM inducer on the OpenAI-compatible client: against the fake server (record), then replayed
without any server; model output is sanitised, and a dead endpoint falls back to the reference."""

from __future__ import annotations

from pathlib import Path

import pytest

from fcpkit import load_corpus
from fcpkit.eval.induce import DeterministicInducer, Inducer
from fcpkit.eval.llm_induce import LLMInducer, compare
from fcpkit.agent.memory.params import instance_specific
from fcpkit.llm import LLMClient

CORPUS = Path(__file__).resolve().parents[2] / "fcpkit" / "data" / "examples" / "corpus.jsonl"

SKILL = {"key": "Open a support ticket by its id", "subgoal": "Open ticket {record_id}",
         "actions": ["click(link '{record_id}')"], "preconditions": ["Search results for {record_id}"],
         "completion": ["Ticket {record_id} detail", "Ticket T-390 detail", "{bogus} is shown"],
         "falsifiers": ["Ticket T-411 detail", "A ticket other than {record_id} is open"]}
FAILURE = {"analysis": "the near-miss record was opened", "strategy": "backtrack",
           "hint": "Go back to the queue and open T-390 itself", "falsifier": "A ticket other than T-390 is open"}


@pytest.fixture(scope="module")
def runs():
    return [t for t in load_corpus(CORPUS) if t.workflow == "support"]


@pytest.fixture(scope="module")
def reference(runs):
    return DeterministicInducer().induce(runs)


def test_record_against_the_server_then_replay_without_it(tmp_path, fake, runs, reference):
    fake.push(*[("json", SKILL)] * len(reference.skills))
    fake.default = ("json", FAILURE)
    path = tmp_path / "inducer.jsonl"
    ind = LLMInducer(LLMClient(base_url=fake.base_url, model="fake-model", mode="record", recording=path))
    assert isinstance(ind, Inducer)
    lib = ind.induce(runs)
    prompts = [m["content"] for r in fake.requests for m in r["messages"] if m["role"] == "user"]
    assert any("Task parameters (placeholder = value in this run): {record_id} = T-390" in p for p in prompts)
    sigs = {(f.situation.commitment, f.diagnosis.evidence, f.diagnosis.rule) for f in reference.failures}
    assert len(fake.requests) == len(reference.skills) + len(sigs)  # one prompt per skill and per diagnosis

    s = lib.skills[0]
    assert s.name == reference.skills[0].name and s.requires == reference.skills[0].requires  # structure kept
    assert s.key == "Open a support ticket by its id" and s.subgoal == "Open ticket {record_id}"
    completion = [e.text for e in s.confirm["completion"]]
    assert completion == ["Ticket {record_id} detail"]  # the literal id lifted (a repeat); {bogus} dropped
    assert [e.text for e in s.falsify["execution"]] == ["A ticket other than {record_id} is open"]
    for sk in lib.skills:
        assert not any(instance_specific(e.text) for e in sk.evidence())
    f = lib.failures[0]
    assert f.repair.hint == "Go back to the queue and open {record_id} itself"
    assert f.repair.falsifier == "A ticket other than {record_id} is open"
    assert f.diagnosis == reference.failures[0].diagnosis  # the diagnosis is the checker's, not the model's

    agreement = compare(reference, lib)
    assert agreement["skills"] == len(reference.skills) and 0 < agreement["mean_evidence_overlap"] <= 1

    n = len(fake.requests)
    replayed = LLMInducer(LLMClient(mode="replay", recording=path)).induce(runs)
    assert replayed.skills == lib.skills and replayed.failures == lib.failures and len(fake.requests) == n


def test_dead_endpoint_falls_back_to_the_reference(dead_url, runs, reference):
    client = LLMClient(base_url=dead_url, model="m", max_retries=0, timeout=2)
    ind = LLMInducer(client)
    lib = ind.induce(runs)
    assert lib.skills == reference.skills and lib.failures == reference.failures
    assert lib.meta["model_failures"] == len(ind.failures_of_model) > 0
