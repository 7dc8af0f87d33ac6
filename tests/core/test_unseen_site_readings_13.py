"""Readings for sites written by people who never saw fcpkit, a fifteenth round: a dialog the
agent opened for an act the plan never asks for is judged by what the agent does in it; a
control's verb may be another word for the act the plan asks for. Each on pages of two
applications of our own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, ActionTester, Commitment, Evidence, LexicalMatcher, Observation, Plan
from fcpkit.core.dialogs import asks_for, handles_dialog, unexpected_dialog
from fcpkit.core.falsifiers import TaskContext
from fcpkit.core.testers import StateTester
from fcpkit.core.tracker import CommitmentTracker


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused, url='{url}'", *lines]))


# -- a dialog the agent opened for an act the plan never asks for ---------------------------------------------

_APPS = [
    # a vet clinic's appointment page: the task moves the appointment, the agent looks at "Text owner"
    ("Move Rufus's dental appointment APT-3310 to 14 May at 10:00.", "Move the appointment to 14 May 10:00",
     "Appointment APT-3310", "Text owner", "Text Dana Whitlock",
     ("\t\t[61] textbox 'Message'", "\t\t[62] button 'Send text'", "\t\t[63] button 'Cancel'")),
    # a library's patron page: the task renews a loan, the agent opens "Email patron"
    ("Renew the loan of 'The Salt Road' for patron P-88214 by two weeks.", "Renew the loan by two weeks",
     "Patron P-88214", "Email patron", "Email patron Omar Haddad",
     ("\t\t[61] textbox 'Body'", "\t\t[62] button 'Send email'", "\t\t[63] button 'Close'")),
]


def _pages(heading, control, title, inside):
    before = _obs("https://app.test/r/1", heading, "\t[2] main ''", f"\t\t[3] heading '{heading}'",
                  f"\t\t[30] button '{control}'", "\t\t[31] button 'Edit'")
    after = _obs("https://app.test/r/1", heading, "\t[2] main ''", f"\t\t[3] heading '{heading}'",
                 f"\t\t[30] button '{control}'", "\t\t[31] button 'Edit'", f"\t[60] dialog '{title}', modal=True", *inside)
    return before, after


def _tracker(task, subgoal):
    step = Commitment("do", subgoal, confirm={"completion": [Evidence("Changes saved")]})
    return CommitmentTracker(Plan(task, [step]), StateTester(LexicalMatcher()), actions=ActionTester(LexicalMatcher()))


@pytest.mark.parametrize("task,subgoal,heading,control,title,inside", _APPS)
def test_a_dialog_the_agent_opened_for_an_unasked_act_is_judged_by_what_it_does_there(task, subgoal, heading, control,
                                                                                       title, inside):
    before, after = _pages(heading, control, title, inside)
    opened = Action("click('30')", "Look at it.", f"button '{control}'", "read")
    # looking is no act: backing out deals with it
    tr = _tracker(task, subgoal)
    assert tr.test_page(after, before=before, action=opened).rule is None
    assert tr.test_action(Action("click('63')", "Not now.", inside[2].split("] ", 1)[1], "read")).rule != "unexpected_dialog"
    # filling its form carries the unasked act on: drift, before anything is sent
    tr = _tracker(task, subgoal)
    tr.test_page(after, before=before, action=opened)
    fill = Action("fill('61', 'Hello')", "Write it.", inside[0].split("] ", 1)[1], "read")
    check = tr.test_action(fill)
    assert check.rule == "unexpected_dialog" and check.phase == "pre"
    # the same fill answers a dialog the plan's own act opened
    asked = TaskContext.from_plan(Plan(task, [Commitment("do", subgoal)])).wanted
    assert handles_dialog(fill, after, asked)
    assert not handles_dialog(fill, after, asked, backing_out=True)


# -- a control's verb that is another word for the plan's act --------------------------------------------------

@pytest.mark.parametrize("task,control,title,other", [
    ("Send the tenant in unit 4B a message that the plumber comes Tuesday.", "Reply", "Reply to Mara Quist", "Archive thread"),
    ("Assign ticket HD-7710 to the network team.", "Reassign", "Reassign HD-7710", "Close ticket"),
])
def test_a_controls_verb_may_be_another_word_for_the_plans_act(task, control, title, other):
    asked = TaskContext.from_plan(Plan(task, [Commitment("do", task)])).wanted
    assert asks_for(control.lower(), asked)
    assert not asks_for(other.split()[0].lower(), asked)
    click = Action("click('30')", "Do it.", f"button '{control}'", "read")
    assert unexpected_dialog([title], "", click, asked) is None
    offer = Action("click('31')", "Do that.", f"button '{other}'", "read")
    assert unexpected_dialog([other], "", offer, asked) is not None


# -- a link that names another record is that record's ---------------------------------------------------------

@pytest.mark.parametrize("heading,cells,falsifier", [
    # a permit office's inspection calendar: each day's cell links the booked inspection
    ("Inspections calendar", ("Tue, Jun 11", "Morning · Rough Plumbing · BP-24-01837 · 421 Alder Street · Scheduled"),
     "421 Alder Street"),
    # a dental practice's chair schedule: each chair's cell links the appointment
    ("Chair schedule", ("Chair 2", "09:30 · Crown fitting · APT-55120 · Lena Ortiz · Confirmed"), "Lena Ortiz crown fitting"),
])
def test_a_link_naming_another_record_is_no_fact_of_the_page(heading, cells, falsifier):
    from fcpkit.core.page import Page, evidence_view
    day, link = cells
    page = _obs("https://app.test/calendar", heading, "\t[2] main ''", f"\t\t[3] heading '{heading}'",
                "\t\t[10] table ''", "\t\t\t[11] row ''", "\t\t\t\t[12] columnheader 'Day'", "\t\t\t\t[13] columnheader 'Booked'",
                "\t\t\t[14] row ''", f"\t\t\t\t[15] rowheader '{day}'", "\t\t\t\t[16] cell ''", f"\t\t\t\t\t[17] link '{link}'")
    p = Page.of(page)
    assert p.position("17") in p.pointers
    m = LexicalMatcher()
    assert m.score_falsifiers([falsifier], evidence_view(p))[0] < 0.6
    # the same words as the page's own text, or in a message that links the record, hold
    said = _obs("https://app.test/calendar", heading, "\t[2] main ''", f"\t\t[3] heading '{heading}'", f"\t\t[4] StaticText '{link}'")
    assert m.score_falsifiers([falsifier], evidence_view(Page.of(said)))[0] >= 0.9
    told = _obs("https://app.test/calendar", heading, "\t[2] main ''", f"\t\t[3] heading '{heading}'", "\t\t[5] status ''",
                f"\t\t\t[6] link '{link}'")
    assert Page.of(told).position("6") not in Page.of(told).pointers


@pytest.mark.parametrize("label,near,status", [
    ("Similar IDs:", "A-2481 Biscotti", "Medical hold"),
    ("Related tickets:", "HD-7711 Printer on floor 3", "Escalated"),
])
def test_a_text_label_naming_other_records_holds_them_aside(label, near, status):
    from fcpkit.core.page import Page
    page = _obs("https://app.test/search", "Results", "\t[2] main ''", "\t\t[3] heading 'Results'",
                f"\t\t[4] StaticText '{label}'", f"\t\t\t[5] link '{near}'", f"\t\t\t[6] StaticText '{status}'")
    p = Page.of(page)
    assert {p.position("5"), 5} <= p.asides | {p.position("5")}
    assert all(i in p.asides for i in range(3, 6))
    # a label that is a sentence is no holder
    plain = _obs("https://app.test/search", "Results", "\t[2] main ''", f"\t\t[4] StaticText 'Similar records were merged'",
                 f"\t\t\t[6] StaticText '{status}'")
    assert not Page.of(plain).asides


# -- a line that says the opposite of a statement holds nothing of it ----------------------------------------------

@pytest.mark.parametrize("heading,statement,denying,affirming", [
    ("A-1 Rex", "A-1 Rex is on medical hold",
     ("Not on medical hold", "Medical: cleared (previous hold for kennel cough ended)", "Medical hold lifted 2 Jun",
      "Medical hold: none"),
     ("On medical hold since 2 Jun", "Medical hold — vet review Friday")),
    ("Invoice INV-3381", "Invoice INV-3381 payment blocked",
     ("Payment not blocked", "Payment block released 4 Mar", "Previously blocked: payment (vendor bank details)"),
     ("Payment blocked: bank details changed", "Payment blocked")),
])
def test_a_line_that_denies_a_statement_does_not_hold_it(heading, statement, denying, affirming):
    from fcpkit.core.page import Page, evidence_view
    from fcpkit.core.page.views import reading
    m = LexicalMatcher()

    def score(line):
        page = Page.of(_obs("https://app.test/r/1", heading, "\t[2] main ''", f"\t\t[3] heading '{heading}'",
                            "\t\t[4] button 'Edit'", f"\t\t[5] StaticText '{line}'"))
        assert not reading(page).left_out  # the application's own line, read
        return m.score_falsifiers([statement], evidence_view(page))[0]
    for line in denying:
        assert score(line) < 0.6, line
    for line in affirming:
        assert score(line) >= 0.9, line


@pytest.mark.parametrize("statement,line", [
    ("Draft saved", "Draft not saved yet"),
    ("Payment issued", "Payment not issued — limit exceeded"),
])
def test_a_negated_line_denies_only_what_follows_the_negation(statement, line):
    from fcpkit.matching.lexical.strict import denied_words
    from fcpkit.core.text import tokenize
    denied = denied_words(line)
    assert set(tokenize(statement, past="both")) - denied  # the subject is still said
    assert denied & set(tokenize(statement.split()[-1], past="both"))  # what happened is denied
    assert not denied_words("Limit exceeded for card 4417")


# -- a control's state is the control's ------------------------------------------------------------------------

@pytest.mark.parametrize("statement,scattered,own", [
    # a bus route's page: the AM and PM tabs, one of them selected
    ("AM and PM runs is selected", ("\t\t[10] tablist 'Runs'", "\t\t\t[11] tab 'AM stops', selected=False",
                                    "\t\t\t[12] tab 'PM stops', selected=True"),
     ("\t\t[20] radiogroup 'Runs'", "\t\t\t[21] radio 'AM and PM runs', checked='false'", "\t\t\t[22] tab 'AM and PM runs', selected=True")),
    # a customer's account: a weekly report tab beside the selected billing tab
    ("Weekly billing cycle is selected", ("\t\t[10] tablist 'Account'", "\t\t\t[11] tab 'Weekly report', selected=False",
                                          "\t\t\t[12] tab 'Billing cycle', selected=True"),
     ("\t\t[20] tablist 'Cycle'", "\t\t\t[21] tab 'Weekly billing cycle', selected=True",
      "\t\t\t[22] tab 'Monthly billing cycle', selected=False")),
])
def test_a_state_attribute_belongs_to_its_control(statement, scattered, own):
    from fcpkit.core.page import Page, evidence_view
    m = LexicalMatcher()
    head = ("\t[2] main ''", "\t\t[3] heading 'Overview'", "\t\t[4] button 'Edit'")
    apart = _obs("https://app.test/r/1", "Overview", *head, *scattered)
    assert m.score_falsifiers([statement], evidence_view(Page.of(apart)))[0] < 0.6
    together = _obs("https://app.test/r/1", "Overview", *head, *own)
    assert m.score_falsifiers([statement], evidence_view(Page.of(together)))[0] >= 0.9


# -- an id's series confirms the id the series gave ------------------------------------------------------------

@pytest.mark.parametrize("statement,title,other", [
    ("Outgoing loan OL-2025-", "Outgoing loan OL-2025-0117", "Outgoing loan OL-2024-"),
    ("Credit memo CM-2024-", "Credit memo CM-2024-0456 issued", "Credit memo CM-2023-"),
])
def test_an_ids_series_is_said_by_the_id_it_gave(statement, title, other):
    from fcpkit.core.page import Page
    page = Page.of(_obs("https://app.test/r/1", title, "\t[2] main ''", f"\t\t[3] heading '{title}'", "\t\t[4] button 'Edit'"))
    m = LexicalMatcher()
    said, not_said = m.score_text([statement, other], page)
    assert said >= 0.9 and not_said < 0.6


# -- backing out of a dialog before the step wrote anything -----------------------------------------------------

@pytest.mark.parametrize("task,subgoal,opener,title,act,back", [
    ("Accept filing EF-24-1001 into its case with the docket text 'Motion to compel'.", "Accept the filing with the docket text",
     "Accept filing", "Accept filing EF-24-1001", "Accept and docket", "Cancel"),
    ("Refund order ORD-5512 in full.", "Refund the order in full", "Refund order", "Refund ORD-5512", "Issue refund", "Go back"),
])
def test_backing_out_of_a_dialog_before_writing_abandons_nothing(task, subgoal, opener, title, act, back):
    step = Commitment("do", subgoal, confirm={"completion": [Evidence("Saved")]},
                      falsify={"execution": [Evidence(back, on="action")]})
    before = _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'", f"\t\t[30] button '{opener}'")
    dialog = _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'", f"\t\t[30] button '{opener}'",
                  f"\t[60] dialog '{title}', modal=True", "\t\t[61] textbox 'Note'", f"\t\t[62] button '{act}'",
                  f"\t\t[63] button '{back}'")
    leave = Action("click('63')", "Not yet.", f"button '{back}'", "read")

    def tracker():
        tr = CommitmentTracker(Plan(task, [step]), StateTester(LexicalMatcher()), actions=ActionTester(LexicalMatcher()))
        tr.test_page(dialog, before=before, action=Action("click('30')", "Open it.", f"button '{opener}'", "read"))
        return tr
    # a look at the dialog, closed: nothing to abandon
    assert tracker().test_action(leave).route.value == "continue"
    # after the step's own write, backing out of its confirmation abandons the act: the plan's falsifier
    tr = tracker()
    tr.record_write(Action("click('62')", "Do it.", f"button '{act}'", "irreversible"))
    assert tr.test_action(leave).route.value != "continue"


# -- choosing what is chosen already --------------------------------------------------------------------------

@pytest.mark.parametrize("node,call", [
    ("radio 'One-time (next invoice only)', checked='true'", "click('5')"),
    ("tab 'Summary', selected=True", "click('5')"),
    ("checkbox 'Courier required', checked='true'", "check('5')"),
])
def test_choosing_what_is_chosen_already_is_no_unchanged_page(node, call):
    from fcpkit.core.rules import check_transition
    page = _obs("https://app.test/f", "Form", "\t[2] main ''", "\t\t[3] heading 'Form'", f"\t\t[5] {node}", "\t\t[6] button 'Save'")
    assert check_transition(page, Action(call, "Make sure.", node.split(",")[0], "write"), page) is None
    toggled = node.replace("checked='true'", "checked='false'").replace("selected=True", "selected=False")
    other = _obs("https://app.test/f", "Form", "\t[2] main ''", "\t\t[3] heading 'Form'", f"\t\t[5] {toggled}", "\t\t[6] button 'Save'")
    hit = check_transition(other, Action(call, "Choose it.", toggled.split(",")[0], "write"), other)
    assert hit is not None and hit.rule == "unchanged_page"  # choosing something new that did not take is one


# -- typing is not committing ---------------------------------------------------------------------------------

@pytest.mark.parametrize("task,box,wrong,right,save", [
    ("Add the new Kia Niro with plate 7LIH104 to the account.", "Plate number", "7L1H104", "7LIH104", "Save vehicle"),
    ("Issue a partial payment of 1250.00 on claim CLM-2024-04817.", "Payment amount", "1520.00", "1250.00", "Review payment"),
])
def test_a_value_typed_is_judged_when_the_form_is_submitted(task, box, wrong, right, save):
    step = Commitment("enter", task, confirm={"completion": [Evidence("Saved")]},
                      falsify={"execution": [Evidence(wrong, on="action")]})
    form = _obs("https://app.test/f", "Form", "\t[2] main ''", "\t\t[3] heading 'Form'", f"\t\t[10] textbox '{box}'",
                f"\t\t[11] button '{save}'", "\t\t[12] link 'Back to account'")

    def tracker():
        tr = CommitmentTracker(Plan(task, [step]), StateTester(LexicalMatcher()), actions=ActionTester(LexicalMatcher()))
        tr.test_page(form)
        return tr

    typed_wrong = Action(f"fill('10', '{wrong}')", "Type it.", f"textbox '{box}'", "read")
    typed_right = Action(f"fill('10', '{right}')", "Retype it.", f"textbox '{box}'", "read")
    submit = Action("click('11')", "Save.", f"button '{save}'", "read")
    # retyped before the form was submitted: nothing wrong went anywhere
    tr = tracker()
    assert tr.test_action(typed_wrong).route.value == "continue"
    assert tr.test_action(typed_right).route.value == "continue"
    assert tr.test_action(submit).route.value == "continue"
    # submitted as typed: drift, before the submission runs
    tr = tracker()
    assert tr.test_action(typed_wrong).route.value == "continue"
    held = tr.test_action(submit)
    assert held.route.value == "risk" and held.phase == "pre" and held.evidence == wrong
    # left by a link: what was typed goes nowhere
    tr = tracker()
    tr.test_action(typed_wrong)
    tr.test_action(Action("click('12')", "Leave.", "link 'Back to account'", "read"))
    assert tr.test_action(submit).route.value == "continue"


# -- a submission the application answered is not silent ---------------------------------------------------------

@pytest.mark.parametrize("answer", [
    "\t\t[40] alert ''\n\t\t\t[41] StaticText 'Base rent must be a number, for example 48.50.'",
    "\t\t[40] status ''\n\t\t\t[41] StaticText 'Enter a valid date (YYYY-MM-DD).'",
    "\t\t[40] status ''\n\t\t\t[41] StaticText 'Saving ETR…'",
    "\t\t[40] progressbar 'Saving and queuing 412 notifications', valuemin=0, valuemax=100",
])
def test_a_submission_the_application_answered_is_no_silent_no_op(answer):
    from fcpkit.core.rules import check_transition
    lines = ("\t[2] main ''", "\t\t[3] heading 'Edit'", "\t\t[10] textbox 'Base rent ($)', value='48,50'", "\t\t[11] button 'Next'")
    before = _obs("https://app.test/f", "Edit", *lines)
    submit = Action("click('11')", "Go on.", "button 'Next'", "write")
    assert check_transition(before, submit, before).rule == "unchanged_page"  # nothing said, nothing changed
    answered = Observation(before.url, before.title, before.text + "\n" + answer)
    assert check_transition(before, submit, answered) is None
    other = Observation(before.url, before.title, before.text + "\n\t\t[40] status ''\n\t\t\t[41] StaticText 'Comment added.'")
    assert check_transition(before, submit, other).rule == "unchanged_page"  # a message alone changes no state


@pytest.mark.parametrize("field,statement", [
    ("textbox 'Comment (required)', required, value=''", "Comment is required"),
    ("combobox 'Reason code (Required)', value='Select a reason'", "Reason code is required"),
])
def test_a_field_marked_required_says_nothing_is_missing(field, statement):
    from fcpkit.core.page import Page, evidence_view
    m = LexicalMatcher()
    page = _obs("https://app.test/f", "Approve", "\t[2] main ''", "\t\t[3] heading 'Approve'", f"\t\t[10] {field}",
                "\t\t[11] button 'Approve'")
    assert m.score_falsifiers([statement], evidence_view(Page.of(page)))[0] < 0.6
    told = _obs("https://app.test/f", "Approve", "\t[2] main ''", "\t\t[3] heading 'Approve'", f"\t\t[10] {field}",
                "\t\t[12] alert ''", f"\t\t\t[13] StaticText '{statement}.'")
    assert m.score_falsifiers([statement], evidence_view(Page.of(told)))[0] >= 0.9


# -- a control's label names that control -----------------------------------------------------------------------

@pytest.mark.parametrize("label,other,falsifier_target", [
    ("Direct sailings only", "radio 'MV Nordic Aurelia · ETD 14 Mar · direct'", "checkbox 'Direct sailings only'"),
    ("Include archived boards", "radio 'Sprint board · include in report'", "checkbox 'Include archived boards'"),
])
def test_a_controls_label_as_an_action_falsifier_names_that_control(label, other, falsifier_target):
    task = "Book the shipment on the right sailing."
    step = Commitment("pick", task, confirm={"completion": [Evidence("Booked")]},
                      falsify={"execution": [Evidence(label, on="action")]})
    page = _obs("https://app.test/b", "Book", "\t[2] main ''", "\t\t[3] heading 'Book'", f"\t\t[10] {falsifier_target.split(' ', 1)[0]} "
                f"{falsifier_target.split(' ', 1)[1]}, checked='false'", "\t\t[11] radiogroup 'Choices'", f"\t\t\t[12] {other}, checked='false'")
    tester = ActionTester(LexicalMatcher())
    plan = Plan(task, [step])
    pick = Action("click('12')", f"Choose the sailing; {label.split()[1]} is fine.", other, "read")
    assert tester.test(plan, step, pick, page=page).route.value == "continue"
    tick = Action("click('10')", "Tick it.", falsifier_target, "read")
    assert tester.test(plan, step, tick, page=page).route.value == "risk"


# -- a line of counts says how many, not which ---------------------------------------------------------------------

@pytest.mark.parametrize("statement,tally,single", [
    ("The appointment is already checked in", "19 appointments · 2 checked in · 3 checked out", "1 appointment checked in"),
    ("The invoice is already paid", "48 invoices · 12 paid · 3 overdue", "1 invoice paid"),
])
def test_a_line_of_counts_does_not_say_a_record_is_so(statement, tally, single):
    from fcpkit.core.page import Page, evidence_view
    m = LexicalMatcher()

    def score(line):
        page = _obs("https://app.test/l", "Today", "\t[2] main ''", "\t\t[3] heading 'Today'", "\t\t[4] button 'Refresh'",
                    f"\t\t[5] StaticText '{line}'", "\t\t[6] StaticText 'Appointment and invoice'")
        return m.score_falsifiers([statement], evidence_view(Page.of(page)))[0]
    assert score(tally) < 0.6
    assert score(single) >= 0.9  # one count alone may be the application's message about the record
