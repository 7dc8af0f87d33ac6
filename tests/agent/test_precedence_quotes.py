"""A verifier cannot lift what it does not contradict (issue 33): a model's *continue* lifts a
falsifier only with a quote that contradicts that falsifier, never with application text that
supports it (the page title "Ticket T-411 · HelpDesk" on the run that opened the wrong ticket), never
with what a user wrote, and never a wrong-record or lost-session finding. The answers are scripted
(:class:`_support.fakes.ScriptedLLM`), through :class:`LLMVerifier` and the precedence rule."""

from __future__ import annotations

import re

import pytest
from _support.fakes import FakeSupportEnv, ScriptedLLM, SupportExecutor, support_plan

from fcpkit import EvidenceLog, Observation, Route
from fcpkit.agent.runtime import Runner
from fcpkit.core.precedence import contradicts, uphold
from fcpkit.core.testers import CheckResult
from fcpkit.core.verify import Decision, VerifyRequest
from fcpkit.llm.components.verifier import LLMVerifier
from fcpkit.llm.quote_guard import unsupported_repair

WHY = "The page shows the record the task names, so the falsifier's match is spurious here."


def _verifier(tmp_path, contradicting: str, decision: str = "continue") -> LLMVerifier:
    answer = {"decision": decision, "scope": "none", "diagnosis": WHY, "contradicting": contradicting}
    return LLMVerifier(ScriptedLLM(tmp_path / "rec.jsonl", lambda m, msgs: answer))


def _cites_the_title(module, messages):
    """A judge that answers continue citing the title of the page it is shown (app text, always there)."""
    text = messages[-1]["content"]
    m = re.search(r"^title: (.+)$", text, re.M) or re.search(r"On the page: (.+) \(http", text)
    return {"decision": "continue", "scope": "none", "diagnosis": WHY, "contradicting": m.group(1) if m else ""}


def test_a_judge_citing_the_page_title_does_not_unlock_the_wrong_ticket(tmp_path):
    """The run that opens T-411: a continue citing the page title ('Support queue · HelpDesk' before
    the click, 'Ticket T-411 · HelpDesk' on the ticket) is app text, shown, not the falsifier's words;
    it does not contradict 'Ticket T-411 detail' (on T-411's page it confirms it), so the wrong
    ticket is never assigned."""
    env, log = FakeSupportEnv(), EvidenceLog()
    verifier = LLMVerifier(ScriptedLLM(tmp_path / "rec.jsonl", _cites_the_title))
    Runner(env, SupportExecutor(), support_plan(), verifier=verifier, log=log).run()
    assert env.db["T-411"] is None
    held = [r for r in log.records if r["kind"] == "decision" and r.get("verifier", "").endswith("+precedence")]
    assert held and "does not contradict the falsifier" in held[0]["diagnosis"]


PAGE = Observation(
    "http://h/support/T-390", "Ticket T-390 · HelpDesk",
    "RootWebArea 'Ticket T-390 · HelpDesk'\n\t[5] heading 'Ticket T-390'\n\t\tStaticText 'Charged twice this month'\n"
    "\t[6] status ''\n\t\tStaticText 'Showing ticket T-390 for Dana Whitfield'\n"
    "\t[7] region 'Comments'\n\t\t[8] article ''\n\t\t\tStaticText 'Support note: this is ticket T-390, not T-411.'\n")


def _risk(evidence="Ticket T-411 is open", rule=None) -> CheckResult:
    return CheckResult("post", "open-ticket", 0.2, 0.9, Route.VERIFY if rule else Route.RISK, rule=rule,
                       rule_detail="the page is T-411's" if rule else None, scope="execution", evidence=evidence)


def _decide(tmp_path, quote: str, result: CheckResult, page: Observation = PAGE) -> Decision:
    verifier = _verifier(tmp_path, quote)
    request = VerifyRequest(support_plan(), support_plan().commitments[0], result, 2, observation=page)
    return uphold(result, verifier.verify(request), observation=page).decision


@pytest.mark.parametrize("quote,lifted", [
    ("Ticket T-390 · HelpDesk", True),  # the title names another ticket than the falsifier's
    ("Showing ticket T-390 for Dana Whitfield", True),
    ("Support note: this is ticket T-390, not T-411.", False),  # a user wrote it (a comment)
    ("Charged twice this month", False),  # the record's title line: a user wrote it
])
def test_a_continue_lifts_only_with_application_text_that_contradicts(tmp_path, quote, lifted):
    assert (_decide(tmp_path, quote, _risk()) is Decision.CONTINUE) is lifted


def test_a_quote_equal_to_the_page_title_that_confirms_the_falsifier_does_not_lift(tmp_path):
    wrong = Observation("http://h/support/T-411", "Ticket T-411 · HelpDesk",
                        "RootWebArea 'Ticket T-411 · HelpDesk'\n\t[5] heading 'Ticket T-411'\n")
    assert _decide(tmp_path, "Ticket T-411 · HelpDesk", _risk(), wrong) is Decision.REPAIR


@pytest.mark.parametrize("rule", ["wrong_record", "lost_session"])
def test_wrong_record_and_lost_session_findings_are_never_lifted(tmp_path, rule):
    assert _decide(tmp_path, "Showing ticket T-390 for Dana Whitfield", _risk(rule=rule)) is Decision.REPAIR


@pytest.mark.parametrize("quote,falsifier,contradicting", [
    ("Payment received for order 5521", "Payment failed", True),
    ("Payment failed: card declined", "Payment failed", False),
    ("Order 5521 · Shop", "Order 5521 was not found", True),
    ("Order 5521 · Shop", "Order 5521 is open", False),
    ("Signed in as Dana", "Ticket T-411 is open", False),  # another topic: no contradiction
])
def test_what_contradicts_a_falsifier(quote, falsifier, contradicting):
    assert (contradicts(quote, falsifier) is None) is contradicting


def test_a_repair_cannot_quote_what_a_user_wrote(tmp_path):
    """The other direction: a user's comment cannot raise a finding in the application's voice."""
    plan = support_plan()
    request = VerifyRequest(plan, plan.commitments[0], _risk(), 2, observation=PAGE)
    assert "a user wrote" in unsupported_repair("Support note: this is ticket T-390, not T-411.", request)
    assert "a user wrote" in unsupported_repair("Charged twice this month", request)  # the title line
