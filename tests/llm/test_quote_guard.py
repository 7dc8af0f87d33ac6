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


def _guard_request(task: str, subgoal: str, title: str, url: str, text: str, completion: str):
    from fcpkit import Plan
    from fcpkit.core.checks import sample_case
    from fcpkit.core.trajectory import Observation

    plan = Plan.from_data({"task": task, "commitments": [
        {"id": "c1", "subgoal": subgoal, "confirm": {"completion": [completion]}, "falsify": {}}]})
    _, template = sample_case()
    base = next(c for c in load_cases(CASES) if c.observation is not None)
    req = base.request()
    obs = Observation(url=url, title=title, text=text)
    return replace(req, plan=plan, commitment=plan.commitments[0], observation=obs, action=None)


# Two apps: a help desk and a library catalogue, each with the record the task names open.
HELPDESK = ("Assign ticket T-390 to the Payments team.", "Open ticket T-390",
            "Ticket T-390 · HelpDesk", "http://127.0.0.1:8000/support/T-390",
            "heading 'Ticket T-390: refund delayed'\nStaticText 'Team: Unassigned'", "Team: Payments")
LIBRARY = ("Renew loan L-3318 for one week.", "Open loan L-3318",
           "Loan L-3318 · City Library", "http://127.0.0.1:9000/loans/L-3318",
           "heading 'Loan L-3318 · Dune'\nbutton 'Renew'\nStaticText 'Renewal is not allowed: the item is reserved'",
           "Loan renewed")


@pytest.mark.parametrize("app", [HELPDESK, LIBRARY], ids=["helpdesk", "library"])
def test_a_quote_naming_only_the_tasks_record_is_no_contradiction(app):
    req = _guard_request(*app)
    title_line = f"{req.observation.title} ({req.observation.url})"  # the prompt shows the page this way
    why = unsupported_repair(title_line, req)
    assert why is not None and "names no record but the task" in why
    heading = req.observation.text.splitlines()[0].split("'")[1]
    assert "names no record but the task" in unsupported_repair(heading, req)


def test_a_quote_about_the_right_record_that_says_something_went_wrong_is_kept():
    req = _guard_request(*LIBRARY)
    assert unsupported_repair("Renewal is not allowed: the item is reserved", req) is None
    page = req.observation.text + "\nStaticText 'Loan L-3318 could not be renewed'"
    req = replace(req, observation=replace(req.observation, text=page))
    assert unsupported_repair("Loan L-3318 could not be renewed", req) is None


def test_a_quote_naming_another_record_is_kept():
    req = _guard_request(*HELPDESK)
    page = req.observation.text + "\nlink 'T-411 Refund delayed'"
    req = replace(req, observation=replace(req.observation, text=page))
    assert unsupported_repair("T-411 Refund delayed", req) is None


def test_split_quoted_is_the_split_verifier_with_the_quoted_few_shot_judge(fake, request_):
    from fcpkit.core.verify import SplitVerifier
    from fcpkit.errors import ConfigError
    from fcpkit.llm.components.registry import get_verifier

    v = get_verifier("split-quoted", client=LLMClient(base_url=fake.base_url, max_retries=0))
    assert isinstance(v, SplitVerifier) and v.slow.prompt == "verifier_fewshot_quoted" and v.slow.hint == "neutral"
    assert "quote" in v.slow.schema["properties"]
    with pytest.raises(ConfigError, match="needs client"):
        get_verifier("split-quoted")


@pytest.mark.parametrize("title,url", [("Expense reports · Workbench", "http://127.0.0.1:8000/expenses"),
                                       ("My loans · City Library", "http://127.0.0.1:9000/loans")],
                         ids=["expenses-list", "library-list"])
def test_a_list_pages_title_is_no_contradiction(title, url):
    """The page the step searches, named by its title: no record, no failure, no message."""
    req = _guard_request(*HELPDESK)
    req = replace(req, observation=replace(req.observation, title=title, url=url))
    assert "names no record but the task" in unsupported_repair(title, req)


def test_an_application_message_is_a_contradiction_and_a_title_case_label_is_not():
    req = _guard_request(*HELPDESK)
    page = req.observation.text + ("\nstatus ''\n  StaticText 'Priority set to Low'\nheading 'My Open Tickets'"
                                   "\nStaticText 'Requester: Tomas Kowalski'")
    req = replace(req, observation=replace(req.observation, text=page))
    assert unsupported_repair("Priority set to Low", req) is None  # a message about a different change
    assert "names no record but the task" in unsupported_repair("My Open Tickets", req)  # a label, not a name
    # a person's name is not read off capitals (labels are Title Case too): the fast path's entities judge it
    assert "names no record but the task" in unsupported_repair("Requester: Tomas Kowalski", req)


def test_the_agents_own_message_naming_the_tasks_record_is_no_contradiction():
    """A report quoted from the proposed action: its quoted sentence is not a name of another thing."""
    from fcpkit import Action

    req = _guard_request(*LIBRARY)
    act = Action("send_msg_to_user('Renewed loan L-3318 for one week as asked.')")
    req = replace(req, action=act)
    assert "names no record but the task" in unsupported_repair(act.describe(), req)
