"""The LLM executor is an LLM-backed component like the library's verifier and planner: its module,
prompt and schema, and the calls of its module read off a client's ledger."""

from __future__ import annotations

from types import SimpleNamespace

from fcpkit.llm import MockClient
from fcpkit.llm.components import JSONClient, LLMComponent
from fcpkit.llm.schemas import EXECUTOR_SCHEMA
from fcpkit_lab.envs.executors.llm import LLMExecutor


def test_the_executor_names_its_module_prompt_and_schema():
    client = MockClient({})
    c = LLMExecutor(client)
    assert isinstance(c, LLMComponent) and isinstance(client, JSONClient)
    assert (c.module, c.prompt, c.schema, c.client) == ("executor", "executor", EXECUTOR_SCHEMA, client)


def test_the_executor_reads_its_own_calls_off_a_client_ledger():
    ledger = [SimpleNamespace(module="executor"), SimpleNamespace(module="planner")]
    ex = LLMExecutor(SimpleNamespace(usage=ledger, complete_json=None))
    assert ex.llm_calls() == [ledger[0]]
    assert LLMExecutor(object()).llm_calls() == []
