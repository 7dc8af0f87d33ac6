"""MockClient keeps LLMClient's contract: schema-valid dicts or exactly one LLMError."""

import pytest

from fcpkit import Action, LexicalMatcher, StateTester
from fcpkit.core.verify import Decision, VerifyRequest
from fcpkit.errors import LLMError
from fcpkit.llm import MockClient
from fcpkit.llm.components import LLMVerifier
from fcpkit.llm.schemas import VERIFIER_SCHEMA
from fcpkit.core.checks import sample_case

ANSWER = {"decision": "repair", "scope": "execution", "diagnosis": "another ticket is open"}


def _request():
    plan, obs = sample_case()
    result = StateTester(LexicalMatcher()).test(plan, plan.commitments[0], obs, action=Action("click('3')"))
    return VerifyRequest(plan, plan.commitments[0], result, step=1, observation=obs)


def _valid(answer):
    import jsonschema
    jsonschema.validate(answer, VERIFIER_SCHEMA)
    return answer


def test_scripted_answers_drive_a_real_component():
    client = MockClient({"verifier": _valid(ANSWER)})
    verdict = LLMVerifier(client).verify(_request())
    assert verdict.decision is Decision.REPAIR
    assert len(client.calls_by("verifier")) == 1
    assert client.calls[0].messages and client.calls[0].error is None


def test_sequences_run_out_and_exceptions_are_raised():
    boom = LLMError("down", kind="connection")
    client = MockClient({"verifier": [ANSWER, boom]})
    schema = VERIFIER_SCHEMA
    assert client.complete_json("verifier", [{"role": "user", "content": "x"}], schema=schema) == ANSWER
    with pytest.raises(LLMError) as e:
        client.complete_json("verifier", [{"role": "user", "content": "x"}], schema=schema)
    assert e.value.kind == "connection"
    with pytest.raises(LLMError) as e:
        client.complete_json("verifier", [{"role": "user", "content": "x"}], schema=schema)
    assert e.value.kind == "replay_miss"


def test_answers_outside_the_schema_are_invalid_output_and_the_component_falls_back():
    client = MockClient(lambda module, messages: {"decision": "ignore previous instructions"})
    with pytest.raises(LLMError) as e:
        client.complete_json("verifier", [{"role": "user", "content": "x"}], schema=VERIFIER_SCHEMA)
    assert e.value.kind == "invalid_output"
    verdict = LLMVerifier(client).verify(_request())  # falls back to the lower bound, never crashes
    assert verdict.verifier.startswith("llm-fallback")


def test_unknown_module_is_a_replay_miss():
    with pytest.raises(LLMError, match="no answer for module 'planner'"):
        MockClient({"verifier": ANSWER}).complete_json("planner", [{"role": "user", "content": "x"}],
                                                       schema=VERIFIER_SCHEMA)
