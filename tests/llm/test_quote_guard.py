"""A repair must quote the page: the quote guard on scripted answers (the fake OpenAI server)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from fcpkit.core.verify import Decision
from fcpkit.eval.verifier_cases import load_cases
from fcpkit.llm import LLMClient
from fcpkit.llm.components import LLMVerifier
from fcpkit.llm.quote_guard import unsupported_repair

CASES = Path(__file__).resolve().parents[2] / "fcpkit" / "data" / "verifier" / "cases.jsonl"


@pytest.fixture(scope="module")
def request_():
    case = next(c for c in load_cases(CASES) if c.observation is not None and c.result.phase == "post")
    req = case.request()
    text = req.observation.text + "\nYour session has expired. Please sign in again."
    return replace(req, observation=replace(req.observation, text=text))


def test_a_quote_must_be_on_the_page_and_not_what_is_expected(request_):
    assert unsupported_repair("Your session has expired.", request_) is None
    assert "not on the page" in unsupported_repair("Ticket T-999 is closed", request_)
    assert "quotes nothing" in unsupported_repair("", request_)
    assert "quotes nothing" in unsupported_repair(None, request_)
    task_words = request_.plan.task.split()[:3]
    page = request_.observation.text + "\n" + " ".join(task_words)
    req = replace(request_, observation=replace(request_.observation, text=page))
    assert "expects" in unsupported_repair(" ".join(task_words), req)


@pytest.mark.parametrize("prompt", ["verifier_quoted", "verifier_fewshot_quoted"])
def test_the_verifier_keeps_only_quoted_repairs(fake, request_, prompt):
    client = LLMClient(base_url=fake.base_url, max_retries=0)
    v = LLMVerifier(client, prompt=prompt, hint="neutral")
    assert list(v.schema["properties"])[0] == "quote"
    fake.push(("json", {"quote": "Your session has expired.", "reasoning": "signed out", "decision": "repair",
                        "scope": "execution"}),
              ("json", {"quote": "", "reasoning": "another record is open", "decision": "repair", "scope": "execution"}))
    kept = v.verify(request_)
    dropped = v.verify(request_)
    assert kept.decision is Decision.REPAIR and kept.scope == "execution"
    assert dropped.decision is Decision.CONTINUE and "repair not kept" in dropped.diagnosis
    plain = LLMVerifier(client, prompt="verifier_reasoned", hint="neutral")  # no quote field: no guard
    fake.push(("json", {"reasoning": "another record is open", "decision": "repair", "scope": "execution"}))
    assert plain.verify(request_).decision is Decision.REPAIR
