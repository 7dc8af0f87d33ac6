"""LLMVerifier against the real embedded llama.cpp server (SmolLM2-135M): the plumbing, not the judgement."""

from __future__ import annotations

import pytest
from _labsupport.models import embedded_gguf_or_skip
from _support.fakes import FakeSupportEnv, support_plan

from fcpkit.matching import LexicalMatcher
from fcpkit import Action, StateTester
from fcpkit.llm import LLMUsage
from fcpkit_lab.llm import default_client
from fcpkit.llm.components.verifier import LLMVerifier
from fcpkit.core.verify import Decision, Verdict, VerifyRequest

pytestmark = pytest.mark.llm


def test_llm_verifier_on_embedded_llama_cpp_returns_a_valid_verdict_and_accounts_usage():
    embedded_gguf_or_skip()
    usage = LLMUsage()
    client = default_client(usage=usage, timeout=60, max_tokens=200)
    env = FakeSupportEnv()
    o0 = env.reset()
    action = Action("click('21')", "Open the refund ticket.", "link 'T-411 Refund not received'")
    obs = env.step(action)
    plan = support_plan()
    result = StateTester(LexicalMatcher()).test(plan, plan.commitments[0], obs, before=o0, action=action)
    verifier = LLMVerifier(client, max_page_chars=1200)
    verdict = verifier.verify(VerifyRequest(plan, plan.commitments[0], result, 1, observation=obs, action=action))
    assert isinstance(verdict, Verdict) and isinstance(verdict.decision, Decision)
    assert verdict.verifier in ("llm", "llm-fallback(keep-going)")
    if verdict.decision is Decision.REPAIR:
        assert verdict.scope in ("execution", "skill", "planning")
    assert len(usage) >= 1 and usage.calls[0].module == "verifier"
    if verdict.verifier == "llm":
        call = usage.calls[-1]
        assert call.ok and call.prompt_tokens > 0 and call.completion_tokens > 0 and call.wall_s > 0
    print(f"\nembedded verifier: {verdict.decision.value}/{verdict.scope} in {usage.totals()['wall_s']:.2f}s, "
          f"{usage.totals()['total_tokens']} tokens; diagnosis: {verdict.diagnosis!r}")
