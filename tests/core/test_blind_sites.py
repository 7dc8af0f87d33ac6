"""Precision on sites written by people who never saw fcpkit, as their plans and pages ordinarily
are: a button named for the act beside the choice it leads to, an agent that narrates what it did,
a dialog that waits for a tick before its button works, "missing or disabled", day names written
short, a negation beside the word it does not deny, a filter chip that names its field, a URL that
writes two words as one, a selector that picks where one works, a note typed into a form a later
step submits, and a sentence of two clauses. Each on pages of two applications of our own making,
worded differently (a grocer's delivery slots and an airline's seats; a blog and a help desk; a
bank and a refund desk; a print shop and a garage; a dentist and a theatre; an invoicing app and a
newsroom; a shop's orders and a help desk's tickets; a code host and an order desk; a depot and a
call centre; a clinic's intake and a parcel desk)."""

from __future__ import annotations

import pytest

from fcpkit import Action, Commitment, CommitmentTracker, Decision, Evidence, LexicalMatcher, Observation, Plan
from fcpkit.core.actions import describe_action
from fcpkit.core.falsifiers import TaskContext, unrequested_narrowing
from fcpkit.core.page import Page, evidence_view
from fcpkit.core.testers import ActionTester, StateTester
from fcpkit.core.text import tokenize
from fcpkit.matching.lexical.claims import compile_claim
from fcpkit.matching.lexical.strict import PARTIAL


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused", *lines]))


def _falsifier(statement: str, obs: Observation) -> float:
    return LexicalMatcher().score_falsifiers([statement], evidence_view(Page.of(obs)))[0]


def _on_action(statement: str, command: str, target: str | None, reasoning: str = "") -> float:
    return LexicalMatcher().score_falsifiers([statement], describe_action(Action(command, reasoning, target, "read")))[0]


# -- a button named for the act is the way to the choice, not another choice -----------------------

@pytest.mark.parametrize("statement,way,field,right,wrong,other_field", [
    ("Select a delivery slot other than Morning", "button 'Choose delivery slot'", "combobox 'Delivery slot'",
     "Morning", "Evening", "textbox 'Delivery date'"),
    ("Pick a seat class other than Economy", "button 'Change seat class'", "listbox 'Seat class'",
     "Economy", "Business", "textbox 'Seat number'"),
])
def test_an_exclusion_on_an_action_needs_the_choice_it_names(statement, way, field, right, wrong, other_field):
    assert _on_action(statement, "click('40')", way) == 0.0  # the button that opens the choice
    assert _on_action(statement, "select_option('41', %r)" % right, field) == 0.0
    assert _on_action(statement, "select_option('41', %r)" % wrong, field) >= 0.6
    # a value typed into another field is no choice of this kind: a model may judge it, not the fast path
    assert _on_action(statement, "fill('42', '14B')", other_field) <= PARTIAL


# -- what the agent says already happened is no evidence that it did -----------------------------

@pytest.mark.parametrize("statement,command,target,reasoning,report", [
    ("Publish the post before the review is approved", "click('9')", "button 'Publish'",
     "Review approved; publishing now.", "send_msg_to_user('Review approved and post published.')"),
    ("Close the ticket before the refund is issued", "click('12')", "button 'Close ticket'",
     "Refund issued, so closing the ticket.", "send_msg_to_user('The refund was issued and the ticket closed.')"),
])
def test_the_agents_account_of_an_event_does_not_carry_a_falsifier(statement, command, target, reasoning, report):
    assert _on_action(statement, command, target, reasoning) <= PARTIAL
    assert _on_action(statement, report, None) <= PARTIAL
    # what the action does still counts: the words on the control it clicks
    assert _on_action("Close ticket", "click('12')", "button 'Close ticket'", "Refund issued.") >= 0.9


# -- a submit waits for its form; a disabled control there is not one that cannot be used -----------

def _transfer(ticked: bool) -> Observation:
    return _obs("https://bank.test/payments/new", "New payment · Fenbank",
                "\t[2] main ''", "\t\t[3] heading 'New payment'",
                "\t\t[4] alertdialog 'Confirm payment', modal=True",
                "\t\t\t[5] StaticText 'Pay £240.00 to Harrow Lettings'",
                f"\t\t\t[6] checkbox 'I confirm the payee details are correct', checked={ticked}",
                "\t\t\t[7] button 'Confirm payment', disabled=True")


def _refund(reason: str) -> Observation:
    box = f"\t\t\t[6] textbox 'Reason', required, value='{reason}'" if reason else "\t\t\t[6] textbox 'Reason', required"
    return _obs("https://desk.test/orders/5521/refund", "Refund order 5521 · Helpdesk",
                "\t[2] main ''", "\t\t[3] heading 'Refund order 5521'", "\t\t[4] form 'Refund'", box,
                "\t\t\t[7] button 'Submit refund', disabled=True")


@pytest.mark.parametrize("statement,waiting,filled", [
    ("Confirm payment button is disabled", _transfer(False), _transfer(True)),
    ("Submit refund is greyed out", _refund(""), _refund("Item arrived damaged")),
])
def test_a_submit_disabled_while_its_form_waits_for_input_is_not_drift(statement, waiting, filled):
    assert _falsifier(statement, waiting) < 0.5
    assert _falsifier(statement, filled) >= 0.9  # filled in, and still it cannot be used


# -- "missing or disabled": either state, each read as its own claim -----------------------------

PRINT_FORM = ("https://print.test/jobs/77", "Job 77 · Printery", "\t[2] main ''", "\t\t[3] heading 'Job 77'")
GARAGE_FORM = ("https://garage.test/bookings/3", "Booking 3 · Garagely", "\t[2] main ''", "\t\t[3] heading 'Booking 3'")


@pytest.mark.parametrize("statement,frame,control", [
    ("The Send to printer button is missing or disabled.", PRINT_FORM, "button 'Send to printer'"),
    ("Confirm booking is greyed out or not available", GARAGE_FORM, "button 'Confirm booking'"),
])
def test_missing_or_disabled_holds_where_either_does(statement, frame, control):
    claim = compile_claim(statement)
    assert claim.type == "either"
    url, title, *lines = frame
    gone = _obs(url, title, *lines)
    assert _falsifier(statement, gone) == _falsifier(claim.parts[0], gone) > 0.0  # read as the absence it says
    assert _falsifier(statement, _obs(url, title, *lines, f"\t\t[9] {control}, disabled=True")) >= 0.9
    assert _falsifier(statement, _obs(url, title, *lines, f"\t\t[9] {control}")) < 0.5  # there and usable
    # the word "disabled" on another control's state is not this control disabled
    assert _falsifier(statement, _obs(url, title, *lines, f"\t\t[9] {control}", "\t\t[10] button 'Cancel', disabled=True")) < 0.5


# -- days and months as pages write them; a confirmation that says something ----------------------

@pytest.mark.parametrize("statement,status", [
    ("A confirmation says the cleaning is booked for Thursday, September 4",
     "Cleaning booked for Thu, Sep 4 at 10:30."),
    ("A confirmation says the tickets are reserved for Saturday, July 19",
     "Tickets reserved for Sat 19 Jul, 7:30 pm."),
])
def test_day_and_month_names_meet_their_short_forms(statement, status):
    assert tokenize("Thursday September July Saturday") == tokenize("Thu Sep Jul Sat")
    assert compile_claim(statement).type == "message"
    page = _obs("https://app.test/done", "Done", "\t[2] main ''", "\t\t[3] status ''", f"\t\t\t[4] StaticText '{status}'")
    assert LexicalMatcher().score_text([statement], Page.of(page))[0] >= 0.9


# -- a negation denies the word after it, on one line or said beside it --------------------------

@pytest.mark.parametrize("statement,beside,said", [
    ("Could not save the invoice", "\t\t[5] button 'Save invoice'", "\t\t[5] alert ''\n\t\t\t[6] StaticText 'The invoice could not be saved.'"),
    ("You do not have permission to publish", "\t\t[5] checkbox 'Publish to the front page'",
     "\t\t[5] heading 'Permission required'\n\t\t[6] StaticText \"You can't publish this story.\""),
])
def test_a_negation_is_bound_to_the_word_it_denies(statement, beside, said):
    head = ("https://app.test/edit", "Edit", "\t[2] main ''", "\t\t[3] heading 'Editor'")
    stray = _obs(*head, "\t\t[4] status ''", "\t\t\t[8] StaticText 'Not synced yet'", beside)
    assert _falsifier(statement, stray) < 0.5
    assert _falsifier(statement, _obs(*head, said)) >= 0.9


@pytest.mark.parametrize("statement,page", [
    ("Unknown customer", _obs("https://crm.test/new", "New deal", "\t[2] main ''", "\t\t[3] combobox 'Customer'")),
    ("Unrecognised barcode", _obs("https://depot.test/scan", "Scan", "\t[2] main ''", "\t\t[3] textbox 'Barcode'")),
])
def test_a_problem_statement_needs_its_problem_word(statement, page):
    assert _falsifier(statement, page) < 0.5


# -- a chip names its field; the value is what the agent chose ------------------------------------

def _chip_list(url: str, title: str, chip: str) -> Observation:
    return _obs(url, title, "\t[2] main ''", f"\t\t[3] heading '{title}'", f"\t\t[4] button 'Remove filter {chip}'",
                "\t\t[5] table 'Items'", "\t\t\t[6] row ''", "\t\t\t\t[7] cell 'A-1'", "\t\t\t[8] row ''", "\t\t\t\t[9] cell 'A-2'")


@pytest.mark.parametrize("task,url,title,clicked,own,stale", [
    ("Refund the customer of order 5521.", "https://shop.test/orders?status=shipped", "Orders",
     "Shipped", "Status: Shipped", "Status: Cancelled"),
    ("Answer ticket T-88 from Dana.", "https://desk.test/tickets?priority=high", "Tickets",
     "High", "Priority is High", "Assignee is Lee"),
])
def test_a_chip_for_what_the_agent_clicked_is_its_own_narrowing(task, url, title, clicked, own, stale):
    ctx = TaskContext.from_plan(Plan(task, [Commitment("open", "Open the record")]))
    assert unrequested_narrowing(ctx, _chip_list(url, title, own), 0, (clicked,)) is None
    assert unrequested_narrowing(ctx, _chip_list(url, title, stale), 0, (clicked,)) is not None


# -- a URL writes two words as one ------------------------------------------------------------------

@pytest.mark.parametrize("task,value,other", [
    ("Merge pull request #12 in acme/api.", "pullrequests", "issues"),
    ("Correct the line items of order 7781.", "lineitems", "payments"),
])
def test_a_query_value_joining_two_asked_words_is_asked_for(task, value, other):
    ctx = TaskContext.from_plan(Plan(task, [Commitment("do", "Do it")]))
    assert ctx.asks_to_narrow(value, 0)
    assert not ctx.asks_to_narrow(other, 0)


# -- a selector that picks where one works is no filter ------------------------------------------

def _selector(url: str, title: str, name: str, value: str, options: list[str]) -> Observation:
    opts = [f"\t\t\t[{10 + k}] option '{o}'" + (", selected=True" if o == value else "") for k, o in enumerate(options)]
    return _obs(url, title, "\t[2] main ''", f"\t\t[3] heading '{title}'", f"\t\t[4] combobox '{name}' value='{value}'",
                *opts, "\t\t[20] table 'Today'", "\t\t\t[21] row ''", "\t\t\t\t[22] link 'PO-1'", "\t\t\t[23] row ''",
                "\t\t\t\t[24] link 'PO-2'")


@pytest.mark.parametrize("url,title,context,filter_", [
    ("https://depot.test/inbound", "Inbound", ("Dock", "Dock 2", ["Dock 1", "Dock 2", "Dock 3"]),
     ("Status", "Late", ["All statuses", "On time", "Late"])),
    ("https://calls.test/queue", "Call queue", ("Site", "Leeds", ["Leeds", "Cork"]),
     ("Team", "Billing", ["All teams", "Billing", "Sales"])),
])
def test_a_selector_without_an_all_option_picks_a_context(url, title, context, filter_):
    ctx = TaskContext.from_plan(Plan("Call back customer C-17 about order PO-2.", [Commitment("find", "Find PO-2")]))
    assert unrequested_narrowing(ctx, _selector(url, title, *context), 0) is None
    assert unrequested_narrowing(ctx, _selector(url, title, *filter_), 0) is not None


# -- a note typed into a form goes with the form's confirmed submission ----------------------------

@pytest.mark.parametrize("app,note,submit,confirmation", [
    ("Intake", "Allergic to penicillin", "Save intake", "Intake saved"),
    ("Parcels", "Leave with the neighbour at 14", "Book collection", "Collection booked"),
])
def test_fields_typed_for_a_step_are_confirmed_by_the_submission_that_carries_them(app, note, submit, confirmation):
    plan = Plan(f"{app}: type the note and submit.", [
        Commitment("note", "Type the note", confirm={"completion": [note]}),
        Commitment("submit", f"Press {submit}", confirm={"completion": [confirmation]}),
    ])
    form = _obs(f"https://{app.lower()}.test/form", app, "\t[2] main ''", "\t\t[3] form ''",
                f"\t\t\t[4] textbox 'Notes' value='{note}'", f"\t\t\t[5] button '{submit}'")
    done = _obs(f"https://{app.lower()}.test/form", app, "\t[2] main ''", f"\t\t[3] status ''",
                f"\t\t\t[4] StaticText '{confirmation}.'")
    fill = Action(f"fill('4', {note!r})", "Type the note.", "textbox 'Notes'", "write")  # the form saves drafts
    press = Action("click('5')", "Submit.", f"button '{submit}'", "irreversible")
    report = Action("send_msg_to_user('Done.')", "Report.")

    def run(confirmed: bool):
        tester = StateTester(LexicalMatcher())
        tr = CommitmentTracker(plan, tester, actions=ActionTester(tester.matcher))
        tr.action_tested(fill, tr.test_action(fill), Decision.CONTINUE)
        tr.record_write(fill)
        tr.follow("submit", tr.claim("submit", form))  # the note is the agent's typing: unconfirmed
        tr.action_tested(press, tr.test_action(press), Decision.CONTINUE)
        tr.record_write(press)
        if confirmed:
            tr.test_page(done, before=form, action=press)
            tr.complete()
        tr.attempted.add(1)
        return tr.report_check(report, done if confirmed else form)

    assert run(True) is None
    flagged = run(False)
    assert flagged is not None and flagged.rule == "reported_unconfirmed_write"


# -- two clauses are two statements ----------------------------------------------------------------

_FILLER = tuple(f"\t\t[{30 + k}] StaticText '{w}'" for k, w in enumerate("Mon Tue Wed Thu Fri Sat Sun Notes".split()))


@pytest.mark.parametrize("statement,page", [
    ("A confirmation says the appointment was booked, and the diary for Dr Osei shows the 9:30 slot taken.",
     _obs("https://dentist.test/diary", "Diary", "\t[2] main ''", "\t\t[3] status ''",
          "\t\t\t[4] StaticText 'Appointment booked.'", *_FILLER, "\t\t[5] heading 'Dr Osei'",
          "\t\t[11] table 'Slots'", "\t\t\t[12] row ''", "\t\t\t\t[13] cell '9:30 taken'")),
    ("The order was marked as paid, and the invoice list shows INV-3310 as settled.",
     _obs("https://shop.test/orders/71", "Order 71", "\t[2] main ''", "\t\t[3] StaticText 'Order marked as paid'",
          *_FILLER, "\t\t[9] list 'Invoices'", "\t\t\t[10] listitem ''", "\t\t\t\t[11] StaticText 'INV-3310 settled'")),
])
def test_a_sentence_of_two_clauses_is_confirmed_clause_by_clause(statement, page):
    claim = compile_claim(statement)
    assert claim.type == "both" and len(claim.parts) == 2
    m = LexicalMatcher()
    assert m.score_text([statement], Page.of(page))[0] >= 0.65  # each clause where it stands
    # a falsifier is still read whole: all of it in one chunk of lines, and the clauses stand apart here
    assert m.score_falsifiers([statement], evidence_view(Page.of(page)))[0] <= PARTIAL
