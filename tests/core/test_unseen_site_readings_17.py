"""Readings for sites written by people who never saw fcpkit, round twenty-six: a falsifier that
only names and describes a record (its kind, id, names, amounts) says which record is in view, and
the row of a related-records panel or a list that lists that record is a mention of it, not that
record in view; a falsifier that says something of the record ("INV-2231 overdue") is still read
on the row that lists it; a demand of the form ("You must accept the terms") holds where the form
says it, not on the ticked box whose label holds its words. Each on pages of two applications of
our own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import LexicalMatcher, Observation
from fcpkit.core.page import Page, evidence_view


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused, url='{url}'", *lines]))


def _falsifier(statement: str, obs: Observation) -> float:
    return LexicalMatcher().score_falsifiers([statement], evidence_view(Page.of(obs)))[0]


# an invoicing app: an invoice's page, with the same customer's other invoices beside it
_INVOICE = ("Invoice INV-2213", "https://books.test/invoices/INV-2213", (
    "\t[2] main ''", "\t\t[3] heading 'Invoice INV-2213', level=1", "\t\t[4] table 'Invoice details'",
    "\t\t\t[5] row ''", "\t\t\t\t[6] rowheader 'Customer'", "\t\t\t\t[7] cell 'Harlow Plumbing'",
    "\t\t\t[8] row ''", "\t\t\t\t[9] rowheader 'Total'", "\t\t\t\t[10] cell '$860.00'",
    "\t[20] complementary 'Related'", "\t\t[21] heading 'Other invoices for Harlow Plumbing'", "\t\t[22] list ''",
    "\t\t\t[23] listitem ''", "\t\t\t\t[24] link 'INV-2231'", "\t\t\t\tStaticText '$1,240.00 · Harlow Plumbing · Overdue'",
    "\t\t\t[25] listitem ''", "\t\t\t\t[26] link 'INV-2108'", "\t\t\t\tStaticText '$312.50 · Harlow Plumbing · Paid'"))
# a purchasing app: an order's page, with the orders viewed before it
_ORDER = ("Purchase order PO-5518", "https://buy.test/orders/PO-5518", (
    "\t[2] main ''", "\t\t[3] heading 'Purchase order PO-5518', level=1",
    "\t\tStaticText 'Brightline Supplies · €1,980.00 · Approved'",
    "\t[30] complementary 'Recently viewed'", "\t\t[31] list ''", "\t\t\t[32] listitem ''", "\t\t\t\t[33] link 'PO-5581'",
    "\t\t\t\tStaticText 'Brightline Supplies · €2,310.00 · Awaiting approval'",
    "\t\t\t[34] listitem ''", "\t\t\t\t[35] link 'PO-4102'", "\t\t\t\tStaticText 'Corvid Office · €96.40 · Received'"))


@pytest.mark.parametrize("page,described,said", [
    (_INVOICE, "Invoice INV-2231, $1,240.00, Harlow Plumbing", "INV-2231 overdue"),
    (_ORDER, "PO-5581 Brightline Supplies €2,310.00", "PO-5581 awaiting approval"),
])
def test_a_record_described_is_not_in_view_where_a_panel_lists_it(page, described, said):
    title, url, lines = page
    obs = _obs(url, title, *lines)
    assert _falsifier(described, obs) < 0.5  # the near miss listed beside the record in view
    assert _falsifier(said, obs) == 1.0  # what the panel says of that record stands


@pytest.mark.parametrize("rid,described,lines", [
    ("INV-2231", "Invoice INV-2231, $1,240.00, Harlow Plumbing",
     ("\t[2] main ''", "\t\t[3] heading 'Invoice INV-2231', level=1", "\t\tStaticText 'Harlow Plumbing · $1,240.00 · Overdue'")),
    ("PO-5581", "PO-5581 Brightline Supplies €2,310.00",
     ("\t[2] main ''", "\t\t[3] heading 'Purchase order PO-5581', level=1",
      "\t\tStaticText 'Brightline Supplies · €2,310.00 · Awaiting approval'")),
])
def test_the_record_described_in_view_holds_it(rid, described, lines):
    obs = _obs(f"https://app.test/{rid}", rid, *lines)
    assert _falsifier(described, obs) == 1.0


# -- what a form demands before it takes the submission ---------------------------------------------------------

def _review(url: str, title: str, demand: str | None, *controls: str) -> Observation:
    lines = ["\t[2] main ''", f"\t\t[3] heading '{title}'"]
    if demand:
        lines += ["\t\t[9] alert ''", f"\t\t\tStaticText '{demand}'"]
    return _obs(url, title, *lines, *controls)


@pytest.mark.parametrize("statement,url,title,demand,given,missing", [
    # a shop's checkout: the terms box is ticked, or the form says it must be
    ("You must agree to the Terms of Sale", "https://shop.test/checkout/review", "Review your order",
     "You must agree to the Terms of Sale before placing your order.",
     ("\t\t[4] checkbox 'I agree to the Terms of Sale', checked='true', required", "\t\t[5] button 'Place order'"),
     ("\t\t[4] checkbox 'I agree to the Terms of Sale', checked='false', required", "\t\t[5] button 'Place order'")),
    # a bank's account opening: the privacy notice is accepted, or the form asks for it
    ("You have to accept the Privacy Notice", "https://bank.test/open/consents", "Consents",
     "You have to accept the Privacy Notice to open an account.",
     ("\t\t[4] checkbox 'I have read and accept the Privacy Notice', checked='true'", "\t\t[7] button 'Next'"),
     ("\t\t[4] checkbox 'I have read and accept the Privacy Notice', checked='false'", "\t\t[7] button 'Next'")),
])
def test_a_demand_of_the_form_holds_where_the_form_says_it(statement, url, title, demand, given, missing):
    """"You must accept the terms" is what a form answers a submission with: the ticked box whose
    label holds the same words says the opposite, and only the form's message says it."""
    assert _falsifier(statement, _review(url, title, None, *given)) < 0.55
    assert _falsifier(statement, _review(url, title, demand, *missing)) == 1.0


# -- a submitted record goes on to the status the application gives it ------------------------------------------

def _report(text: str) -> "Action":
    from fcpkit import Action
    return Action(f"send_msg_to_user({text!r})", "", None, "irreversible")


@pytest.mark.parametrize("task,rid,url,heading,report,after,before", [
    # an expense app: a claim submitted goes to its approver
    ("Submit expense claim EX-301 for the Leeds trip.", "EX-301", "https://spend.test/claims/EX-301", "Expense claim EX-301",
     "Expense claim EX-301 is submitted for approval.", "Pending", "Draft"),
    # a recall console: a recall submitted is open
    ("Submit recall RC-2024-0042 for lot L-17.", "RC-2024-0042", "https://recall.test/recalls/RC-2024-0042",
     "Recall RC-2024-0042", "Recall RC-2024-0042 has been submitted; customers are being notified.", "Open", "Draft"),
])
def test_a_record_reported_submitted_may_show_what_followed(task, rid, url, heading, report, after, before):
    """"Submitted" hands a record on: whatever status the application gives it next is what
    followed the submission, and only a status from before it (a draft) contradicts the report."""
    from fcpkit import Commitment, Plan
    from fcpkit.core.falsifiers import TaskContext, builtin_hits

    ctx = TaskContext.from_plan(Plan(task, [Commitment("submit", task, confirm={"completion": [f"{heading} submitted"]})]))

    def rules(status: str) -> list[str]:
        obs = _obs(url, heading, "\t[2] main ''", f"\t\t[3] heading '{heading}', level=1", f"\t\tStaticText 'Status: {status}'")
        return [h.rule for h in builtin_hits(ctx, obs, before=obs, action=_report(report))]

    assert rules(after) == []
    assert rules(before) == ["report_contradicted"]


# -- two participles of one subject -------------------------------------------------------------------------

@pytest.mark.parametrize("statement,parts,lines", [
    # a help desk: a toast says the ticket was reopened; its fields say where it went
    ("Ticket reopened and assigned to Tier 2", ("Ticket reopened", "Ticket assigned to Tier 2"),
     ("\t[2] main ''", "\t\t[3] heading 'Ticket T-88 · Printer offline'", "\t\tStaticText 'Assigned to: Tier 2'",
      "\t\tStaticText 'Opened 2 Mar by Sam Ortiz'", "\t\t[4] list 'History'", "\t\t\t[5] listitem 'Comment added by Sam Ortiz'",
      "\t\t\t[6] listitem 'Priority set to Normal'", "\t\t\t[7] listitem 'Category set to Hardware'",
      "\t\t\t[8] listitem 'Watcher Lee Park added'", "\t[20] status ''", "\t\tStaticText 'Ticket T-88 reopened.'")),
    # a web shop: a toast says the order was placed; the order's panel says it is paid
    ("Order placed and marked as paid", ("Order placed", "Order marked as paid"),
     ("\t[2] main ''", "\t\t[3] heading 'Order 5512'", "\t\tStaticText 'Payment: marked as paid'",
      "\t\t[4] table 'Items'", "\t\t\t[5] row 'Desk lamp 1 £24.00'", "\t\t\t[6] row 'Bulb 2 £7.00'",
      "\t\t\t[7] row 'Cable 1 £3.50'", "\t\t\t[8] row 'Delivery £4.95'", "\t[20] status ''",
      "\t\tStaticText 'Order 5512 placed. A receipt is on its way.'")),
])
def test_two_participles_of_one_subject_are_two_claims(statement, parts, lines):
    """English leaves out the second subject ("Recall submitted and shown as Open"); the page says
    each part in its own place (a toast, a status line), so each part is read as a claim of its own."""
    from fcpkit.matching.lexical.claims import compile_claim

    claim = compile_claim(statement)
    assert claim.type == "both" and claim.parts == parts
    page = Page.of(_obs("https://app.test/r", "Record", *lines))
    assert LexicalMatcher().score([statement], [page])[0][0] >= 0.9
    # a sentence whose first side has a verb, or no participle, is not split
    assert compile_claim("The page is shown and updated").type != "both"
    assert compile_claim("Name and address entered").type != "both"


# -- an attempt reported as failed, whatever it tried ------------------------------------------------------------

@pytest.mark.parametrize("task,url,heading,failed,rule_text", [
    # a library desk: renewing a loan the application refuses
    ("Renew the loan of The Hobbit for member M-77.", "https://lib.test/members/M-77", "Member M-77",
     "We couldn't renew this loan: the item is reserved by another member.",
     "Renewed loans cannot be renewed again within 7 days."),
    # a hotel's front desk: extending a stay into a booked night
    ("Extend the stay of booking BK-5120 by one night.", "https://hotel.test/bookings/BK-5120", "Booking BK-5120",
     "Unable to extend the stay: room 412 is booked from 15 May.",
     "A checked-out booking cannot be reopened."),
])
def test_an_attempt_reported_as_failed_is_a_negative_alert(task, url, heading, failed, rule_text):
    from fcpkit import Action, Commitment, Plan
    from fcpkit.core.falsifiers import TaskContext, builtin_hits

    ctx = TaskContext.from_plan(Plan(task, [Commitment("do", task, confirm={"completion": [f"{heading} updated"]})]))
    save = Action("click('40')", "", "button 'Save'", "write")

    def page(alert: str | None) -> Observation:
        lines = ["\t[2] main ''", f"\t\t[3] heading '{heading}', level=1", f"\t\tStaticText '{rule_text}'",
                 "\t\t[40] button 'Save'"]
        if alert:
            lines += ["\t[50] alert '', live='assertive'", f"\t\tStaticText {alert!r}"]  # (quoted as the tree quotes it)
        return _obs(url, heading, *lines)

    assert [h.rule for h in builtin_hits(ctx, page(failed), before=page(None), action=save)] == ["negative_alert"]
    assert list(builtin_hits(ctx, page(None), before=page(None), action=save)) == []  # what a rule forbids is no failure


# -- what a dialog says will happen has not happened ------------------------------------------------------------

@pytest.mark.parametrize("statement,dialog,done", [
    # a bank's transfer: the confirmation dialog says what will be transferred; the receipt says it was
    ("£250.00 transferred to J. Okafor", "£250.00 will be transferred to J. Okafor on 3 June from Everyday Account.",
     "£250.00 transferred to J. Okafor."),
    # a newsroom's editor: the schedule dialog says when the article will be published
    ("Article published on the front page", "This article will be published on the front page at 09:00.",
     "Article published on the front page at 09:00."),
])
def test_what_a_dialog_says_will_happen_has_not_happened(statement, dialog, done):
    def score(text: str) -> float:
        obs = _obs("https://app.test/x", "Confirm", "\t[2] main ''", "\t\t[3] heading 'Confirm'", f"\t\tStaticText {text!r}")
        return LexicalMatcher().score([statement], [Page.of(obs)])[0][0]

    assert score(dialog) < 0.6
    assert score(done) == 1.0


# -- a page named "Access restricted" refuses ------------------------------------------------------------------

@pytest.mark.parametrize("task,url,title,body", [
    # a clinic's records: a chart the user's role may not open
    ("Add an allergy to patient P-4410's chart.", "https://clinic.test/patients/P-4410/allergies/new",
     "Access restricted · CareChart", "Charts of patients in the oncology unit are kept by its own staff."),
    # a payroll app: a pay run the user's team does not own
    ("Approve pay run PR-2025-03.", "https://pay.test/runs/PR-2025-03/approve",
     "Access is restricted | Paystead", "Ask a payroll administrator to approve this run."),
])
def test_a_page_named_access_restricted_refuses(task, url, title, body):
    from fcpkit import Action, Commitment, Plan
    from fcpkit.core.falsifiers import TaskContext, builtin_hits

    ctx = TaskContext.from_plan(Plan(task, [Commitment("do", task, confirm={"completion": ["Saved"]})]))
    heading = title.split(" · ")[0].split(" | ")[0]
    before = _obs(url.rsplit("/", 2)[0], "Record", "\t[2] main ''", "\t\t[3] heading 'Record'", "\t\t[4] link 'Open'")
    after = _obs(url, title, "\t[2] main ''", f"\t\t[3] heading '{heading}'", f"\t\tStaticText '{body}'")
    click = Action("click('4')", "", "link 'Open'", "read")
    assert [h.rule for h in builtin_hits(ctx, after, before=before, action=click)] == ["refused"]


# -- a confirmation dialog's values are no partial result of the write ------------------------------------------

@pytest.mark.parametrize("app,field,value,save,completion,question", [
    # a utility's customer desk: a new address, confirmed in a dialog
    ("Meterdesk", "Address", "12 Elm Road", "Save address", "Address 12 Elm Road saved for customer C-88",
     "The address of customer C-88 will be changed to 12 Elm Road."),
    # a school office: a pupil's new class, confirmed in a dialog
    ("Schoolbase", "Class", "Year 5 Rowan", "Move pupil", "Pupil P-301 moved to Year 5 Rowan",
     "Pupil P-301 will be moved to Year 5 Rowan from Monday."),
])
def test_a_report_after_the_confirmation_was_cancelled_is_drift(app, field, value, save, completion, question):
    """The dialog a save raises repeats the values it asks about; they are what the write *will*
    do, and the Cancel that follows leaves nothing written. The report over it is drift, not a
    question for the verifier on words the plan did not use."""
    from fcpkit import Action, Commitment, CommitmentTracker, Decision, Evidence, Plan
    from fcpkit.core.testers import ActionTester, StateTester

    plan = Plan(f"{app}: set {field} to {value} and save.", [
        Commitment("save", f"Set {field} to {value} and press {save}, confirming the dialog",
                   confirm={"completion": [Evidence(completion)]}),
    ])
    url = f"https://{app.lower()}.test/edit"
    form_lines = ("\t[2] main ''", "\t\t[3] form ''", f"\t\t\t[4] textbox '{field}' value='{value}'", f"\t\t\t[5] button '{save}'")
    form = _obs(url, app, *form_lines)
    asked = _obs(url, app, *form_lines, f"\t[20] dialog '{save}?', modal=True", f"\t\tStaticText '{question}'",
                 "\t\t[21] button 'Cancel'", f"\t\t[22] button '{save}'")
    press = Action("click('5')", "Save.", f"button '{save}'", "write")
    cancel = Action("click('21')", "Close the dialog.", "button 'Cancel'", "read")
    report = Action("send_msg_to_user('Done.')", "Report.")
    tester = StateTester(LexicalMatcher())
    tr = CommitmentTracker(plan, tester, actions=ActionTester(tester.matcher))
    tr.action_tested(press, tr.test_action(press), Decision.CONTINUE)
    tr.record_write(press)
    tr.test_page(asked, before=form, action=press)  # the question repeats the values the write carries
    tr.test_page(form, before=asked, action=cancel)
    tr.attempted.add(0)
    flagged = tr.report_check(report, form)
    assert flagged is not None and flagged.rule == "reported_unconfirmed_write"


# -- a report while the page still offers the step's act ---------------------------------------------------------

@pytest.mark.parametrize("app,subgoal,button,completion", [
    # a stationery shop's checkout: the review page's own button submits the order
    ("Quillshop", "Check the summary and submit the order", "Submit order", "Order placed"),
    # a council's planning portal: the last page's button sends the application
    ("Planwise", "Read the declaration and send the application", "Send application", "Application received"),
])
def test_a_report_while_the_page_still_offers_the_steps_act_is_drift(app, subgoal, button, completion):
    """The agent reports the task done from the page whose own button does the step's act, which
    no action of its pressed: the act was never done. Pressing it, or a key press that may have
    submitted the form, or the same act offered only in the site's banner, is not this."""
    from fcpkit import Action, Commitment, CommitmentTracker, Decision, Evidence, Plan
    from fcpkit.core.testers import ActionTester, StateTester

    plan = Plan(f"{app}: {subgoal}.", [Commitment("last", subgoal, confirm={"completion": [Evidence(completion)]})])
    url = f"https://{app.lower()}.test/review"
    review = _obs(url, "Review", "\t[2] main ''", "\t\t[3] heading 'Review'", "\t\tStaticText 'Total: 42.00'",
                  "\t\t[4] button 'Back'", f"\t\t[5] button '{button}'")
    banner_only = _obs(url, "Review", f"\t[1] banner ''", f"\t\t[9] button '{button}'", "\t[2] main ''",
                       "\t\t[3] heading 'Review'", "\t\tStaticText 'Total: 42.00'")
    report = Action("send_msg_to_user('All done.')", "Report.")

    def after(*actions: Action, page: Observation = review):
        tester = StateTester(LexicalMatcher())
        tr = CommitmentTracker(plan, tester, actions=ActionTester(tester.matcher))
        for a in actions:
            tr.action_tested(a, tr.test_action(a), Decision.CONTINUE)
        check = tr.report_check(report, page)
        return check.rule if check is not None else None

    assert after() == "skipped_commitment"
    assert after(Action("click('5')", "Go.", f"button '{button}'", "irreversible")) != "skipped_commitment"
    assert after(Action("press('4', 'Enter')", "Go.", "button 'Back'", "read")) != "skipped_commitment"
    assert after(page=banner_only) != "skipped_commitment"


# -- whom an event was done for is not its result ----------------------------------------------------------------

@pytest.mark.parametrize("statement,field,result", [
    # an alumni office: the pledge form names its donor before anything is created
    ("Recurring pledge created for Priya Raman", "Donor: Priya Raman (D-204817)", ("Team: Payments", "Ticket T-390 assigned to Payments")),
    # a clinic: the referral form names its patient before the referral is sent
    ("Referral submitted for Tomasz Wojcik", "Patient: Tomasz Wojcik (NHS 943 476 5919)", ("Status: Closed", "Case C-77 marked as Closed")),
])
def test_whom_an_event_was_done_for_is_not_its_result(statement, field, result):
    """A field that holds the event's result on the record's page ("Team: Payments" for "assigned
    to Payments") says the event happened; a field that holds whom it was done for (the donor on
    the form that creates the pledge) is there before the event too."""
    def score(text: str, line: str) -> float:
        obs = _obs("https://app.test/r", "Record", "\t[2] main ''", "\t\t[3] heading 'New record'", f"\t\tStaticText '{line}'")
        return LexicalMatcher().score([text], [Page.of(obs)])[0][0]

    assert score(statement, field) < 0.6
    held, said = result
    rid = said.split()[1]
    obs = _obs(f"https://app.test/{rid}", rid, "\t[2] main ''", f"\t\t[3] heading '{rid}'", f"\t\tStaticText '{held}'")
    assert LexicalMatcher().score([said], [Page.of(obs)])[0][0] == 1.0
