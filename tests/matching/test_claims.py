"""Typed claims: natural phrasings compile to one claim; entities match as wholes; explain and lint."""

from __future__ import annotations


import pytest

from fcpkit import Commitment, Evidence, LexicalMatcher, Observation, Plan
from fcpkit.matching.lexical.claims import compile_claim
from fcpkit.core.text import dates
from fcpkit.matching.lexical.entities import entities, same_name


# two applications' pages: a ticket tracker and a leave-request tool (their own words, shapes)
TICKET = Observation("http://127.0.0.1:8000/support/T-390", "Ticket T-390 · HelpDesk", """RootWebArea 'Ticket T-390 · HelpDesk', focused
\t[2] navigation 'Main'
\t\t[3] link 'Assign queue'
\t[10] main ''
\t\t[12] heading 'Ticket T-390'
\t\t[13] term 'Team'
\t\t[14] definition ''
\t\t\tStaticText 'Payments'
\t\t[15] term 'Customer'
\t\t[16] definition ''
\t\t\tStaticText 'Tomas Kowalski'
\t\t[20] combobox 'Assign to team' value='Payments', hasPopup='menu', expanded=False
\t\t[22] button 'Save'""").serialize()
LEAVE = Observation("https://hr.example.com/requests/INC0012345", "Request INC0012345 - People", """RootWebArea 'Request INC0012345 - People'
\t[1] main ''
\t\t[2] alert ''
\t\t\tStaticText 'Request INC0012345 approved.'
\t\t[3] heading 'Request INC0012345'
\t\t[4] StaticText 'Status: Approved'
\t\t[5] StaticText 'Dates: 14 Jul 2025 – 18 Jul 2025'
\t\t[6] textbox 'Note' value='Approve later'
\t\t[7] button 'Withdraw'""").serialize()


@pytest.fixture(scope="module")
def m() -> LexicalMatcher:
    return LexicalMatcher()


@pytest.mark.parametrize("statement", [
    "Assign button is not available on ticket T-390 detail", "Assign button isn't available on ticket T-390",
    "The Assign button does not appear on the T-390 ticket page", "No Assign button on ticket T-390",
    "There is no Assign button on ticket T-390", "The Assign button cannot be found on ticket T-390",
])
def test_absence_paraphrases_are_one_claim_and_read_node_names_of_the_role(m, statement):
    c = compile_claim(statement)
    assert c.type == "absence" and "button" in c.roles and "T-390" in c.scope
    # "Assign queue" (a link in navigation) and "Assign to team" (a list) are no Assign button
    assert m.score_one(statement, TICKET) == 1.0
    assert m.score_one(statement, TICKET.replace("button 'Save'", "button 'Assign'")) == 0.0


def test_identity_paraphrases_and_ids_of_other_shapes(m):
    for s in ("Request INC0012345 is open", "Request INC0012345 detail", "Viewing request INC0012345", "Request INC0012345"):
        assert compile_claim(s).type == "identity", s
        assert m.score_one(s, LEAVE) == 1.0, s
        assert m.score_one(s.replace("0012345", "0012346"), LEAVE) == 0.0, s


def test_exclusion_phrasings(m):
    for s in ("A ticket that is not T-391 is open", "A ticket other than T-391", "Any ticket except T-391"):
        assert compile_claim(s).type == "exclusion"
        assert m.score_one(s, TICKET) >= 0.6
        assert m.score_one(s.replace("T-391", "T-390"), TICKET) == 0.0


def test_field_binds_label_and_value_and_another_value_contradicts(m):
    assert m.score_one("Team: Payments", TICKET) == 1.0
    assert m.score_one("Team set to Payments", TICKET) == 1.0
    assert m.score_one("Team: Billing", TICKET) == 0.0
    # the words of the value elsewhere on the page ("Approve later" typed in a note) do not help
    assert m.score_one("Status: Pending", LEAVE) == 0.0 and m.score_one("Status: Approved", LEAVE) == 1.0


def test_names_match_as_wholes_and_dates_are_normalised(m):
    assert m.score_one("Customer: Tomas Kowalski", TICKET) == 1.0
    assert m.score_one("Customer: Tomas Kowal", TICKET) == 0.0
    assert not same_name("Tomas Kowal", "Tomas Kowalski") and same_name("Payments", "Payments · Tier 2")
    assert dates("14-18 July 2025") == dates("2025-07-14 and 2025-07-18") == ((2025, 7, 14), (2025, 7, 18))
    for s in ("Dates: 14-18 July 2025", "Dates: Jul 14 - Jul 18, 2025", "Dates: 2025-07-14 to 2025-07-18"):
        assert m.score_one(s, LEAVE) == 1.0, s
    assert m.score_one("Dates: 14-19 July 2025", LEAVE) == 0.0
    assert entities("Refund PO 4471-A and #12345 for INC0012345").ids == ("4471-A", "#12345", "INC0012345")


def test_events_bind_to_the_record_and_read_their_result(m):
    assert compile_claim("T-390 was assigned to Payments").type == "event"
    assert m.score_one("Ticket T-390 assigned to Payments", TICKET) == 1.0  # Team = Payments on T-390's page
    assert m.score_one("Ticket T-390 assigned to Billing", TICKET) < 0.6
    assert m.score_one("Request INC0012345 was approved", LEAVE) == 1.0


def test_messages_are_read_in_live_regions(m):
    for s in ("A banner says Request INC0012345 approved", "Alert: INC0012345 approved"):
        assert compile_claim(s).type == "message" and m.score_one(s, LEAVE) == 1.0
    assert m.score_one("A banner says Request INC0012345 withdrawn", LEAVE) < 0.6


def test_explain_names_the_claim_the_node_and_the_score(m):
    e = m.explain("Status: Pending", LEAVE)
    assert e.claim.type == "field" and e.score == 0.0
    assert any(what == "contradicts" and "Approved" in text for what, _, text, _ in e.evidence)
    assert "Status = Approved" in e.render()


def test_plan_lint_warns_with_the_fix():
    plan = Plan("t", [Commitment("a", "Open T-390", confirm={"completion": ["Leave requests", "T-390 detail"]},
                                 falsify={"skill": ["Assign button is not available"],
                                          "execution": ["Ticket T-390 detail", Evidence("Leave requests", "state")]})])
    codes = {(w.code, w.statement) for w in plan.lint()}
    assert ("literal", "Leave requests") in codes
    assert ("absence-no-scope", "Assign button is not available") in codes
    assert ("identity-no-kind", "T-390 detail") in codes
    assert ("falsifier-in-confirming", "Leave requests") in codes
    assert all(w.fix for w in plan.lint())


def test_lint_fix_names_the_page_the_step_starts_on_in_the_plans_own_words():
    for list_page, record_page, control in (("Tickets list", "Ticket T-390 detail", "Assign button"),
                                            ("Orders table", "Order ORD-55012 detail", "Refund button")):
        plan = Plan("t", [
            Commitment("open", "Open the record", confirm={"precondition": [list_page], "completion": [record_page]},
                       falsify={"skill": ["Search box is missing"]}),
            Commitment("act", "Act on it", confirm={"completion": ["Status: Done"]},
                       falsify={"skill": [f"{control} is not available"]}),
        ], plan_falsifiers={"execution": ["Sign in button is missing"]})
        fixes = {w.statement: w.fix for w in plan.lint() if w.code == "absence-no-scope"}
        assert fixes["Search box is missing"].endswith(f"on {list_page}'")  # where the opening step starts
        assert fixes[f"{control} is not available"].endswith(f"on {record_page}'")  # where the last step ended
        assert "<the page" in fixes["Sign in button is missing"]  # a plan-level falsifier has no one page


def test_lint_warns_about_a_step_no_page_can_confirm():
    for app, act, shown in (("help desk", "Click Assign", "Ticket T-390 was assigned to Payments"),
                            ("library", "Click Renew", "Loan L-3318 renewed until 2 August")):
        plan = Plan(app, [
            Commitment("acts", "Do it", confirm={"progress": [Evidence(act, "action")]}),  # only its act
            Commitment("nothing", "Look around", confirm={"precondition": ["Dashboard page"]}),  # neither
            Commitment("page", "Do it and see", confirm={"progress": [Evidence(act, "action")], "completion": [shown]}),
            Commitment("by-action", "Close the form", confirm={"completion": [Evidence(act, "action")]}),
        ])
        found = {w.where.split(",")[0].split()[-1]: w for w in plan.lint() if w.code == "no-completion"}
        assert set(found) == {"acts", "nothing"}, (app, sorted(found))
        assert "only its act" in found["acts"].message and "nothing can confirm it" in found["nothing"].message
        assert "on: action" in found["acts"].fix and found["acts"].statement == "Do it"
