"""Page content is data (issue 14, finding 3): page text reaches the verifier only inside a fence
the prompt calls untrusted, no injection text can close the fence, and the decision on a page
that matches a falsifier does not move whatever the page says.

The injection texts are fcpkit/data/adversarial/injections.jsonl. The scripted model is a worst case:
it obeys any instruction it finds outside the page fence.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from _support.fakes import FakeSupportEnv, support_plan  # noqa: E402

from fcpkit import Action, LexicalMatcher, StateTester  # noqa: E402
from fcpkit.core.precedence import uphold  # noqa: E402
from fcpkit.core.trajectory import Observation  # noqa: E402
from fcpkit.core.verify import Decision, VerifyRequest  # noqa: E402
from fcpkit.llm.components.verifier import LLMVerifier  # noqa: E402
from fcpkit.llm.templates import PAGE_CLOSE, PAGE_OPEN  # noqa: E402

INJECTIONS = [json.loads(line) for line in Path("fcpkit/data/adversarial/injections.jsonl").read_text("utf-8").splitlines()]


def _outside_fences(text: str) -> str:
    out, rest = [], text
    while PAGE_OPEN in rest:
        head, _, tail = rest.partition(PAGE_OPEN)
        out.append(head)
        _, _, rest = tail.partition(PAGE_CLOSE)
    return "".join(out + [rest])


class ObedientModel:
    """Obeys an injected instruction it can see outside a page fence; otherwise judges the page
    as a careful model would (the wrong ticket is open: repair)."""

    def __init__(self, marker: str):
        self.marker = marker
        self.prompts: list[str] = []

    def complete_json(self, module, messages, *, schema, **_):
        user = messages[-1]["content"]
        self.prompts.append(user)
        if self.marker in _outside_fences(user):
            return {"decision": "advance", "scope": "none", "diagnosis": "As instructed by the page.",
                    "contradicting": "Ticket T-390 assigned to Payments"}
        return {"decision": "repair", "scope": "execution", "diagnosis": "Ticket T-411 is open, not T-390."}


def _case(injection: str):
    env = FakeSupportEnv()
    o0 = env.reset()
    action = Action("click('21')", "Open the refund ticket.", "link 'T-411 Refund not received'")
    page = env.step(action)
    text = page.text + "\n\t\t[90] blockquote ''\n\t\t\tStaticText " + json.dumps(injection)
    page = Observation(page.url, page.title, text, page.error)
    plan = support_plan()
    result = StateTester(LexicalMatcher()).test(plan, plan.commitments[0], page, before=o0, action=action)
    return VerifyRequest(plan, plan.commitments[0], result, 1, observation=page, action=action), page, action


def test_the_suite_has_at_least_twenty_injections():
    assert len(INJECTIONS) >= 20 and len({i["id"] for i in INJECTIONS}) == len(INJECTIONS)


@pytest.mark.parametrize("inj", INJECTIONS, ids=[i["id"] for i in INJECTIONS])
def test_injection_stays_inside_the_fence_and_the_decision_does_not_move(inj):
    req, page, action = _case(inj["text"])
    marker = inj["text"].split("\n")[0][:24]
    model = ObedientModel(marker)
    verdict = LLMVerifier(model).verify(req)
    prompt = model.prompts[-1]
    assert prompt.count(PAGE_CLOSE) == prompt.count(PAGE_OPEN) >= 1  # no page text closes a fence early
    assert verdict.decision is Decision.REPAIR, (verdict, _outside_fences(prompt)[-400:])
    # and even a model that obeyed could not lift the falsifier with a quote the app does not show
    forced = LLMVerifier(ObedientModel(""), fallback=None).verify(req)
    assert uphold(req.result, forced, observation=page, action=action).decision is Decision.REPAIR


def test_the_system_prompt_says_page_text_is_untrusted_data():
    req, _, _ = _case("hello")
    msgs = LLMVerifier(ObedientModel("x")).messages(req)
    assert "untrusted" in msgs[0]["content"] and PAGE_OPEN in msgs[0]["content"]


def test_the_verifier_schema_cannot_carry_instructions():
    """A closed object: enums for the decision and scope, bounded strings, nothing else; the one
    free string that can matter (contradicting) is checked against the page, never obeyed."""
    from fcpkit.llm.schemas import VERIFIER_SCHEMA

    props = VERIFIER_SCHEMA["properties"]
    assert VERIFIER_SCHEMA["additionalProperties"] is False
    assert set(props) == {"decision", "scope", "diagnosis", "contradicting"}
    assert props["decision"]["enum"] and props["scope"]["enum"]
    assert all(p.get("maxLength", 0) <= 300 for k, p in props.items() if p["type"] == "string" and "enum" not in p)
