"""Readings for sites written by people who never saw fcpkit, round thirty-nine on: a semicolon
ends one claim of a statement as a full stop does; "Confirmation message quoting a new backorder
number BO-2025-" is a message, and "a new <kind> number <ID>" the id a page shows; two
participles of one subject joined by "and" are two claims whatever their form ("shown as Issued
and posted"); a search page is about its query, not the record whose id it searched for; a
message of work under way lends no words to a falsifier about what came of it; an id's prefix
may have parts of its own ("MTP-TX-04417"), while a model code ("CN-HG701") is no id; a record's
"Summary" section that lays out labelled facts is the application's, and an audit stamp ("Issued ·
14 Oct 2025 09:53 by Priya Ramsden") is a line of facts, not a title a user wrote. Each on pages of
two applications of our own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, Checker, Commitment, Label, Observation, Plan, Step, Trajectory
from fcpkit.core.page import Page, record_ids
from fcpkit.core.page.provenance import user_nodes
from fcpkit.core.task_context import TaskContext
from fcpkit.matching import LexicalMatcher
from fcpkit.matching.lexical.claims import compile_claim


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused", *lines]))


_CHROME = ["\t[1] banner ''", "\t\t[2] link 'Home'", "\t\t[3] link 'Help'", "\t[4] main ''"]


@pytest.mark.parametrize("statement,parts", [
    ("Sitting page shows room SH-A; room history has SH-B to SH-A; room changed message", 3),
    ("Refund posted to card ending 4417; order status Refunded", 2),
])
def test_a_semicolon_ends_one_claim_of_a_statement(statement, parts):
    claim = compile_claim(statement)
    assert claim.type == "both" and len(claim.parts) == parts
    # a quoted message keeps its own semicolon
    assert compile_claim("Banner reads 'Saved; sync pending'").type == "message"


@pytest.mark.parametrize("url,title,status,statement", [
    # a brewery supplier's order desk: the backorder's confirmation
    ("https://orders.test/sales-orders/SO-25-08173", "Sales order SO-25-08173",
     "Backorder BO-2025-0318 raised for SO-25-08173 line 2.", "Confirmation message quoting a new backorder number BO-2025-"),
    # a council's licensing desk: the licence's confirmation
    ("https://licences.test/applications/APP-4471", "Application APP-4471",
     "Licence LIC-2024-1187 granted to The Crown Inn.", "Success banner giving the new licence number LIC-2024-"),
])
def test_a_message_quoting_a_new_id_holds_where_the_page_says_it(url, title, status, statement):
    claim = compile_claim(statement)
    assert claim.type == "message"
    page = lambda text: Page.of(_obs(url, title, *_CHROME, f"\t\t[10] heading '{title}'",
                                     "\t[30] status '', live='polite'", f"\t\t[31] StaticText '{text}'"))
    m = LexicalMatcher()
    assert m.score_text([statement], page(status))[0] >= 0.9
    assert m.score_text([statement], page("Saved."))[0] < 0.5


@pytest.mark.parametrize("statement", [
    "Credit note CN-2025- shown as Issued and posted to the ledger",
    "Permit PT-88 set to Approved and sent to the applicant",
])
def test_two_participles_of_one_subject_are_two_claims(statement):
    claim = compile_claim(statement)
    assert claim.type == "both" and len(claim.parts) == 2
    assert all(p.startswith(statement.split()[0]) for p in claim.parts)


@pytest.mark.parametrize("app,typed,wanted,kind", [
    # a tower company's leases: a mistyped lease id searched for
    ("sitelease", "LSE-2018-0562", "LSE-2018-00562", "lease"),
    # a hospital's referrals: a referral id searched for with a digit dropped
    ("referly", "REF-2024-4471", "REF-2024-44717", "referral"),
])
def test_a_search_page_is_about_its_query_not_a_record(app, typed, wanted, kind):
    from fcpkit.core.falsifiers import check_builtins

    plan = Plan(f"Open {kind} {wanted} and update it.", [Commitment("open", f"Open {kind} {wanted}", confirm={"completion": [wanted]})])
    ctx = TaskContext.from_plan(plan)
    act = Action(f"press('9', 'Enter')", "Search.", "textbox 'Search'", "read")
    search = _obs(f"https://{app}.test/search?q={typed}", f"Search: {typed} · {app}", *_CHROME,
                  f"\t\t[10] heading \"Search results for '{typed}'\"", "\t\tStaticText '0 results'",
                  "\t\tStaticText 'Did you mean'", f"\t\t[11] link '{wanted}'")
    assert check_builtins(ctx, search, before=search, action=act) is None
    # the page of that record is another record's
    record = _obs(f"https://{app}.test/{kind}s/{typed}", f"{kind.title()} {typed} · {app}", *_CHROME,
                  f"\t\t[10] heading '{kind.title()} {typed}'")
    hit = check_builtins(ctx, record, before=search, action=Action("click('11')", "Open.", f"link '{typed}'", "read"))
    assert getattr(hit, "rule", None) == "wrong_record"


@pytest.mark.parametrize("app,draft,pending,falsifier,done", [
    # a supplier's credit notes: issuing waits for the ledger
    ("hiveworks", "Draft CN-D-05521 · not issued yet.", "Issuing credit note… waiting for the ledger to confirm.",
     "Still a draft after confirming", "Credit note CN-2025-00932 issued."),
    # a council's grants: submitting waits for the finance system
    ("grantdesk", "Draft application GA-3301 · not submitted yet.", "Submitting application… waiting for finance to confirm.",
     "Still a draft after confirming", "Application GA-3301 submitted."),
])
def test_a_message_of_work_under_way_lends_no_words_to_a_falsifier(app, draft, pending, falsifier, done):
    plan = Plan(f"{app}: confirm it.", [Commitment("issue", "Confirm it", confirm={"completion": [done]},
                                                   falsify={"execution": [falsifier]})])
    page = lambda *extra: _obs(f"https://{app}.test/drafts/1", "Review draft", *_CHROME, "\t\t[10] heading 'Review (draft)'",
                               f"\t\t[11] StaticText '{draft}'", "\t\t[12] button 'Confirm'", *extra)
    start = page()
    busy = page("\t[30] status 'Working'", f"\t\tStaticText '{pending}'")
    press = Step(Action("click('12')", "Confirm.", "button 'Confirm'", "irreversible"), busy)
    tr = Trajectory("t", plan.task, plan, start, (press,), Label(None, None), "app")
    assert not Checker().check(tr).detected
    # the same words in a message that is no work under way say what came of it
    said = page("\t[30] status ''", "\t\tStaticText 'Nothing changed: the draft is still waiting to be confirmed.'")
    tr = Trajectory("t", plan.task, plan, start, (Step(press.action, said),), Label(None, None), "app")
    assert Checker().check(tr).detected


def test_an_ids_prefix_may_have_parts_but_a_model_code_is_no_id():
    assert [r.kind for r in record_ids("Site MTP-TX-04417 Cedar Hollow")] == [("MTP-TX", 5)]
    assert [r.kind for r in record_ids("Account US-CA-20931")] == [("US-CA", 5)]
    assert record_ids("Shimano CN-HG701 11-speed chain") == ()


@pytest.mark.parametrize("url,title,facts,user,stamp", [
    # a supplier's credit note: its summary lists the application's fields, the customer's name among them
    ("https://orders.test/credit-notes/CN-2025-00934", "Credit note CN-2025-00934",
     [("Credit method", "Credit to customer account"), ("Ledger posting", "Posted to Sage 200")],
     ("Customer", "Harrow Lane Brewery"), "Issued · 14 Oct 2025 09:53 by Priya Ramsden"),
    # a council's permit: its summary lists the application's fields, the applicant among them
    ("https://permits.test/permits/PT-2024-0117", "Permit PT-2024-0117",
     [("Fee status", "Paid in full"), ("Inspection", "Booked for 3 May")],
     ("Name", "Marisol Quintero"), "Approved · 2 Apr 2024 16:10 by Dana Whitcombe"),
])
def test_a_summary_that_lays_out_fields_is_the_applications(url, title, facts, user, stamp):
    lines = [f"\t\t[10] heading '{title}'", f"\t\tStaticText '{stamp}'", "\t\t[11] region 'Summary'",
             "\t\t\t[12] heading 'Summary'", "\t\t\t[13] DescriptionList ''"]
    for k, (term, value) in enumerate([*facts, user]):
        lines += [f"\t\t\t\t[{20 + 2 * k}] term '{term}'", f"\t\t\t\t[{21 + 2 * k}] definition '{value}'"]
    page = Page.of(_obs(url, title, *_CHROME, *lines))
    written = {page.nodes[i].name for i in user_nodes(page)}
    assert written == {user[1]}  # the party's name only; the stamp and the facts are the application's
    # a "Summary" a user wrote is prose, and stays theirs
    prose = Page.of(_obs(url, title, *_CHROME, f"\t\t[10] heading '{title}'", "\t\t[11] region 'Summary'",
                         "\t\t\tStaticText 'Customer says the malt arrived wet and split.'"))
    assert "Customer says the malt arrived wet and split." in {prose.nodes[i].name for i in user_nodes(prose)}
