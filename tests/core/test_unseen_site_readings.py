"""Readings for sites written by people who never saw fcpkit, a third round: what a write changed on
the page, read for the values its commitment was to write (:func:`fcpkit.core.progress.write_shows`);
a completion sentence that joins two clauses without a comma; the context the banner shows; a
cell named by its column; what happened to whom as a sentence; a dialog judged by what the agent
does with it; a control's count. Each on pages of two applications of our own making, worded
differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, Commitment, Evidence, LexicalMatcher, Observation, Plan
from fcpkit.core.progress import write_shows
from fcpkit.core.text import tokenize
from fcpkit.core.testers import StateTester
from fcpkit.core.tracker import CommitmentTracker
from fcpkit.matching.lexical.claims import compile_claim


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused, url='{url}'", *lines]))


def _step(completion: str) -> Commitment:
    return Commitment("save", "Save it", confirm={"completion": [Evidence(completion)]})


# -- a clinic's invoice lines: the saved line's row shows the new amount ---------------------------

_CLINIC_ROWS = ("\t\t[10] table 'Invoice lines'",
                "\t\t\t[11] row ''", "\t\t\t\t[12] columnheader 'Code'", "\t\t\t\t[13] columnheader 'Notes'",
                "\t\t\t[20] row ''", "\t\t\t\t[21] cell 'VX-204'", "\t\t\t\t[22] cell '{a}'",
                "\t\t\t[30] row ''", "\t\t\t\t[31] cell 'VX-205'", "\t\t\t\t[32] cell 'Rabies booster $38.00'")


def _clinic(notes: str, *extra: str) -> Observation:
    rows = [ln.replace("{a}", notes) for ln in _CLINIC_ROWS]
    return _obs("https://pawprint.test/invoices/INV-88", "INV-88 · Invoices", "\t[2] main ''",
                "\t\t[3] heading 'Invoice INV-88'", *rows, *extra)


# -- a parcel desk: the status line says the weight in its own words --------------------------------

def _parcel(status: str | None, weight: str = "9.0") -> Observation:
    lines = ["\t[2] main ''", "\t\t[3] heading 'Parcel P-7781'", f"\t\t[4] StaticText 'Weight: {weight} kg'"]
    if status:
        lines += ["\t\t[5] status ''", f"\t\t\t[6] StaticText '{status}'"]
    return _obs("https://cargoline.test/parcels/P-7781", "P-7781 · Parcels", *lines)


@pytest.mark.parametrize("completion,before,after", [
    ("Invoice line VX-204 saved with a dental scale charge of $145.00, and the total is updated.",
     _clinic(""), _clinic("Dental scale $145.00")),
    ("Parcel P-7781 re-weighed at 14.2 kg and the change has been saved.",
     _parcel(None), _parcel("Re-weigh recorded: now 14.2 kg.", weight="14.2")),
])
def test_a_write_whose_change_carries_the_steps_values_shows_it(completion, before, after):
    assert write_shows(_step(completion), before, after)


@pytest.mark.parametrize("completion,before,after,why", [
    # the row that changed is another record's
    ("Invoice line VX-204 saved with a dental scale charge of $145.00.",
     _clinic(""), _clinic("", "\t\t[40] StaticText 'VX-209 saved: $145.00'"), "another record"),
    # a value the statement names nowhere in what changed
    ("Parcel P-7781 re-weighed at 14.2 kg.", _parcel(None), _parcel("Saved.", weight="9.0"), "another value"),
    # nothing with a digit to look for: a diff cannot say "approved"
    ("Status: Approved", _parcel(None), _parcel("Approved by Lee"), "no value"),
    # the value stands only in the text box the agent typed it into: the form, not the save
    ("Parcel P-7781 re-weighed at 14.2 kg.", _parcel(None),
     _obs("https://cargoline.test/parcels/P-7781", "P-7781 · Parcels", "\t[2] main ''", "\t\t[3] heading 'Parcel P-7781'",
          "\t\t[4] textbox 'Weight (kg)' value='14.2'"), "typed box"),
])
def test_a_write_whose_change_lacks_the_steps_values_does_not(completion, before, after, why):
    typed = ["14.2"] if why == "typed box" else []
    assert not write_shows(_step(completion), before, after, typed), why


@pytest.mark.parametrize("completion,before,after", [
    ("Invoice line VX-204 now lists the dental scale charge of $145.00 and its entry is confirmed.",
     _clinic(""), _clinic("Dental scale $145.00")),
    ("Parcel P-7781 shows 14.2 kg and the change is confirmed.", _parcel(None), _parcel("Now 14.2 kg.", weight="14.2")),
])
def test_a_report_over_a_write_that_showed_its_values_is_the_verifiers_call(completion, before, after):
    plan = Plan("Do it", [_step(completion), Commitment("tell", "Report back",
                                                        confirm={"completion": [Evidence("Report sent")]})])
    save = Action("click('9')", "Save.", "button 'Save'", "write")
    done = Action("send_msg_to_user('Done')", "Report.", None, "irreversible")
    for page, rule in ((before, "reported_unconfirmed_write"), (after, "unconfirmed_write")):
        tr = CommitmentTracker(plan, StateTester(LexicalMatcher()))
        tr.attempted.add(0)
        tr.record_write(save)
        tr.test_page(page, before=before, action=save)
        check = tr.report_check(done, page)
        assert check is not None and check.rule == rule, (page.title, check)


@pytest.mark.parametrize("statement,parts", [
    ("The policy is shown as in force and the coverage check is recorded against the claim.",
     ("The policy is shown as in force", "the coverage check is recorded against the claim.")),
    ("The parcel shows 14.2 kg and the change is confirmed.", ("The parcel shows 14.2 kg", "the change is confirmed.")),
])
def test_two_clauses_joined_without_a_comma_are_two_claims(statement, parts):
    claim = compile_claim(statement)
    assert claim.type == "both" and claim.parts == parts


@pytest.mark.parametrize("statement", [
    "The name and the address are shown on the label.",
    "Invoice total and the tax line are updated.",
])
def test_two_subjects_of_one_verb_stay_one_claim(statement):
    assert compile_claim(statement).type != "both"


# -- the context the banner shows, named by its number or held in a control's value ---------------

@pytest.mark.parametrize("chrome,chip", [
    ("\t\tbutton 'Store: #0418 Maple Street'", "combobox 'Store' value='This store (#0418)'"),
    ("\t\tcombobox 'School year' value='2024–25 · Term 1'", "button 'Filter: Term 1 ×'"),
])
def test_a_list_narrowed_to_the_context_the_banner_shows_is_its_default_view(chrome, chip):
    from fcpkit.core.falsifiers import TaskContext, unrequested_narrowing
    ctx = TaskContext.from_plan(Plan("Excuse the absence of Maya Lee.", [Commitment("do", "Do it")]))

    def page(url: str, other: str = chrome) -> Observation:
        return _obs(url, "List", "\t[1] banner ''", other, "\t[2] main ''", "\t\t[3] heading 'List'",
                    "\t\t[4] group 'Active filters'", f"\t\t\t[5] {chip}", "\t\t[20] list ''", "\t\t\t[21] listitem ''",
                    "\t\t\t\t[22] link 'Row 1'", "\t\t\t[23] listitem ''", "\t\t\t\t[24] link 'Row 2'")
    assert unrequested_narrowing(ctx, page("https://app.test/list"), 0) is None
    assert unrequested_narrowing(ctx, page("https://app.test/search?q=maya+lee"), 0) is None  # a search asks no context
    assert unrequested_narrowing(ctx, page("https://app.test/list?store=0422&term=2"), 0) is not None  # asked otherwise
    elsewhere = page("https://app.test/list", "\t\tbutton 'Store: #0422 Harbour Road'\n\t\tStaticText 'Term 2'")
    assert unrequested_narrowing(ctx, elsewhere, 0) is not None  # the banner shows another context


# -- a cell under a column header is named by its column, whatever colon its text has --------------

@pytest.mark.parametrize("cell,column,other", [
    ("Unit 3 Lab: Osmosis", "Assignment", "Unit 3 Quiz: Cell Transport"),
    ("Phase 2: Foundations", "Milestone", "Phase 3: Framing"),
])
def test_a_cell_under_a_column_header_is_no_label_and_value(cell, column, other):
    from fcpkit import LexicalMatcher
    from fcpkit.core.page import Page, evidence_view
    page = Page.of(_obs("https://app.test/rec/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'",
                        "\t\t[10] table 'Items'", "\t\t\t[11] row ''", f"\t\t\t\t[12] columnheader '{column}'",
                        "\t\t\t\t[13] columnheader 'Score'", f"\t\t\t[20] row '{cell}'", f"\t\t\t\t[21] cell '{cell}'",
                        "\t\t\t\t[22] cell '21 / 25'", f"\t\t\t[30] row '{other}'", f"\t\t\t\t[31] cell '{other}'",
                        "\t\t\t\t[32] cell '13 / 20'", "\t\tStaticText 'Owner: Dana Lee'"))
    labels = {f.label for f in page.fields}
    assert cell.split(":")[0] not in labels and "Owner" in labels
    # a falsifier naming a listed item does not hold as if the page were that item's
    assert LexicalMatcher().score_falsifiers([cell], evidence_view(page))[0] < 0.6


# -- what happened to whom is a sentence, not a name ------------------------------------------------

@pytest.mark.parametrize("statement,name", [
    ("Message sent to Grace Okafor", "Grace Okafor"),
    ("Refund issued to Mira Lee", "Mira Lee"),
])
def test_a_participle_and_its_object_is_no_bare_name(statement, name):
    from fcpkit.matching.lexical.claims import bare_name
    assert not bare_name(statement) and compile_claim(statement).type != "identity"
    assert bare_name(f"Account {name}")


# -- a statement that names only the record in view: the changed line holds its other words ---------

@pytest.mark.parametrize("completion,title,shown,typed_echo", [
    ("Claim paid (approved) for Rx 7730412, copay shown", "Rx 7730412 · Lisinopril",
     "Claim paid — copay $4.50 (approved)", "Note: claim paid copay approved"),
    ("Permit BP-2231 issued with the inspection fee collected", "BP-2231 · Permits",
     "Permit issued · inspection fee collected", "Memo: permit issued fee collected"),
])
def test_a_write_on_the_records_page_shows_its_words_in_what_changed(completion, title, shown, typed_echo):
    def page(*lines: str) -> Observation:
        return _obs("https://app.test/r/1", title, "\t[2] main ''", f"\t\t[3] heading '{title.split(' · ')[0]}'",
                    "\t\t[4] StaticText 'Opened 3 Jun'", *lines)
    before = page()
    assert write_shows(_step(completion), before, page(f"\t\t[5] StaticText '{shown}'"))
    # the same words only where the agent's own typing is echoed back: not the application's
    typed = typed_echo.split(": ", 1)[1]
    assert not write_shows(_step(completion), before, page(f"\t\t[5] StaticText '{typed_echo}'"), [typed])
    assert not write_shows(_step(completion), before, page("\t\t[5] StaticText 'Saved'"))


# -- a dialog in the way is judged by what the agent does with it -----------------------------------

def _with_dialog(title: str, *inside: str) -> Observation:
    return _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'",
                "\t\t[4] button 'Save record'", f"\t[40] dialog '{title}', modal=True", *inside)


@pytest.mark.parametrize("title,inside,answer,behind", [
    ("What’s new in Chalkboard 9", ("\t\t[41] StaticText 'Faster grading'", "\t\t[42] button 'Got it'"),
     "click('42')", "click('4')"),
    ("Reason required — Dana Lee, 7 Oct", ("\t\t[41] textbox 'Reason'", "\t\t[42] button 'Save'"),
     "fill('41', 'Doctor note')", "click('4')"),
])
def test_the_agent_deals_with_a_dialog_by_dismissing_or_answering_it(title, inside, answer, behind):
    from fcpkit.core.dialogs import handles_dialog
    page = _with_dialog(title, *inside)
    assert handles_dialog(Action(answer, "Deal with it.", None, "read"), page, frozenset({"save"}))
    assert handles_dialog(Action("keyboard_press('Escape')", "Close it.", None, "read"), page)
    assert not handles_dialog(Action(behind, "Carry on.", "button 'Save record'", "write"), page, frozenset({"save"}))
    assert not handles_dialog(Action("send_msg_to_user('done')", "Report.", None, "read"), page)


@pytest.mark.parametrize("title,accept", [
    ("Attendance referral required", "Submit attendance referral"),
    ("Upgrade to keep drafting", "Upgrade now"),
])
def test_an_act_inside_a_dialog_the_plan_never_asks_for_does_not_deal_with_it(title, accept):
    from fcpkit.core.dialogs import handles_dialog
    page = _with_dialog(title, f"\t\t[41] button '{accept}'", "\t\t[42] button 'Not now'")
    asked = frozenset({"excus", "save", "send"})
    assert not handles_dialog(Action("click('41')", "Accept.", f"button '{accept}'", "write"), page, asked)
    assert handles_dialog(Action("click('42')", "Dismiss.", "button 'Not now'", "read"), page, asked)


def _tracker(task: str):
    from fcpkit import ActionTester
    plan = Plan(task, [Commitment("save", "Save the record", confirm={"completion": [Evidence("Record saved")]})])
    return CommitmentTracker(plan, StateTester(LexicalMatcher()), actions=ActionTester(LexicalMatcher()))


@pytest.mark.parametrize("title,inside,dismiss", [
    ("What’s new in Chalkboard 9", "\t\t[42] button 'Got it'", "click('42')"),
    ("Your trial ends in 3 days", "\t\t[42] button 'Remind me later'", "click('42')"),
])
def test_a_tracker_holds_a_new_dialog_for_the_next_action(title, inside, dismiss):
    before = _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'", "\t\t[4] button 'Save record'",
                  "\t\t[5] textbox 'Note'")
    after = _with_dialog(title, inside)
    typed = Action("fill('5', 'ok')", "Type the note.", "textbox 'Note'", "read")
    # dismissed: nothing to flag
    tr = _tracker("Save the record.")
    assert tr.test_page(after, before=before, action=typed).rule is None
    assert tr.test_action(Action(dismiss, "Dismiss it.", None, "read")).rule != "unexpected_dialog"
    # back again after it was dismissed: it blocks the step at once
    assert tr.test_page(after, before=before, action=typed).rule == "unexpected_dialog"
    # ignored: the next action, behind the dialog, is drift
    tr = _tracker("Save the record.")
    tr.test_page(after, before=before, action=typed)
    check = tr.test_action(Action("click('4')", "Save.", "button 'Save record'", "write"))
    assert check.rule == "unexpected_dialog" and check.phase == "pre"


# -- a counter a statement writes is part of what it says ------------------------------------------

@pytest.mark.parametrize("control,said,other", [
    ("Refund selected", "(1)", "(3)"),
    ("Approve selected", "(2)", "(5)"),
])
def test_a_controls_count_tells_two_of_its_states_apart(control, said, other):
    from fcpkit.core.page import Page, evidence_view
    from fcpkit.core.rules import same_page
    page = _obs("https://app.test/o/1", "Order", "\t[2] main ''", "\t\t[3] heading 'Order'",
                f"\t\t[4] button '{control} {said}'", "\t\t[5] button 'Inbox (4)'")
    m = LexicalMatcher()
    assert m.score_falsifiers([f"{control} {other}"], evidence_view(Page.of(page)))[0] < 0.6
    assert m.score_text([f"{control} {said}"], Page.of(page))[0] >= 0.9
    # a badge that counts up is still the same page to the no-op rules
    later = Observation(page.url, page.title, page.text.replace("Inbox (4)", "Inbox (5)"))
    assert same_page(page, later)


@pytest.mark.parametrize("title,bulk,one", [
    ("Reassign Dr. Reyes’s other appointments?", "Move all 5 appointments", "Keep them"),
    ("Apply to the whole series?", "Update every event in the series", "Only this event"),
])
def test_a_dialogs_offer_to_widen_the_act_to_every_record_does_not_deal_with_it(title, bulk, one):
    from fcpkit.core.dialogs import handles_dialog
    page = _with_dialog(title, f"\t\t[41] button '{bulk}'", f"\t\t[42] button '{one}'")
    asked = frozenset({"move", "updat", "keep", "onli"})
    assert not handles_dialog(Action("click('41')", "Accept.", f"button '{bulk}'", "write"), page, asked)


# -- a step that says what to do otherwise: its planning falsifiers are the other branch -----------

@pytest.mark.parametrize("subgoal,condition,page_line", [
    ("If the last check-in is over 24 h, wipe LT-04417; else no wipe, report", "Last check-in: 1 h ago",
     "Last check-in: 1 h ago"),
    ("Refund the deposit unless the booking is within 48 hours", "Booking starts within 48 hours",
     "Booking starts within 48 hours"),
])
def test_the_condition_of_a_steps_other_branch_asks_the_verifier(subgoal, condition, page_line):
    from fcpkit.core.router import Route
    plan = Plan("Do it.", [Commitment("step", subgoal, falsify={"planning": [Evidence(condition)]})])
    page = _obs("https://app.test/d/1", "Device", "\t[2] main ''", "\t\t[3] heading 'Device'",
                f"\t\t[4] StaticText '{page_line}'")
    r = StateTester(LexicalMatcher()).test(plan, plan.commitments[0], page)
    assert r.route is Route.VERIFY and r.evidence == condition
    plain = Plan("Do it.", [Commitment("step", subgoal.split(";")[0].replace("If", "Once").replace("unless", "and"),
                                       falsify={"planning": [Evidence(condition)]})])
    assert StateTester(LexicalMatcher()).test(plain, plain.commitments[0], page).route is Route.RISK


# -- a falsifier's event and its record in one sentence ---------------------------------------------

@pytest.mark.parametrize("falsifier,line,said", [
    ("Pay run PR-7 has already been approved", "Approve PR-7 by Friday. Runs approved later are paid Monday.",
     "Pay run PR-7 approved by Dana Lee. Paid Monday."),
    ("Invoice INV-31 was cancelled", "Send INV-31 today. Invoices cancelled after noon are voided.",
     "Invoice INV-31 cancelled by Dana Lee. No refund due."),
])
def test_a_falsifiers_record_and_event_stand_in_one_sentence(falsifier, line, said):
    from fcpkit.core.page import Page, evidence_view
    def score(text: str) -> float:
        page = _obs("https://app.test/home", "Home", "\t[2] main ''", "\t\t[3] heading 'Home'", f"\t\t[4] StaticText '{text}'")
        return LexicalMatcher().score_falsifiers([falsifier], evidence_view(Page.of(page)))[0]
    assert score(line) < 0.6
    assert score(said) >= 0.6  # one sentence that says it


# -- a message to the user does not do what an action falsifier names -------------------------------

@pytest.mark.parametrize("falsifier,message,about_telling", [
    ("send tickets for F12, F13", "Done: exchanged F12-F13 for G12-G13 and sent the new tickets.",
     "Report the exchange of F12, F13 as done"),
    ("Wipe LT-04471", "LT-04417 locked; LT-04471 was not touched.", "Tell the user LT-04471 is wiped"),
])
def test_a_message_to_the_user_does_no_act_on_the_application(falsifier, message, about_telling):
    from fcpkit.core.actions import describe_action
    report = Action(f"send_msg_to_user('{message}')", "Report back.", None, "read")
    m = LexicalMatcher()
    assert m.score_falsifiers([falsifier], describe_action(report))[0] < 0.6
    act = Action("click('9')", "Do it.", f"button '{falsifier}'", "write")
    assert m.score_falsifiers([falsifier], describe_action(act))[0] >= 0.6


# -- a state that outlasts the step is no drift before the step wrote ------------------------------

@pytest.mark.parametrize("falsifier,line", [
    ("The price of SKU-2045 is still $199.00", "SKU-2045 price $199.00"),
    ("After confirming, the status of BP-17 is still Ready to issue", "Status: Ready to issue · BP-17"),
])
def test_a_state_that_outlasts_the_step_counts_once_the_step_wrote(falsifier, line):
    plan = Plan("Do it.", [Commitment("step", "Change it", confirm={"completion": [Evidence("Changes saved")]},
                                      falsify={"execution": [Evidence(falsifier)]})])
    page = _obs("https://app.test/c/1", "Campaign", "\t[2] main ''", "\t\t[3] heading 'Campaign'",
                f"\t\t[4] StaticText '{line}'")
    tester = StateTester(LexicalMatcher())
    before = tester.test(plan, plan.commitments[0], page, saved=False)
    after = tester.test(plan, plan.commitments[0], page, saved=True)
    assert before.alpha_minus == 0.0 < after.alpha_minus


# -- a negation that denies a word of its own line lends nothing to the line beside it --------------

@pytest.mark.parametrize("falsifier,beside,negated,said", [
    ("Could not move candidate", "Moved to Phone Screen by Jordan Lee",
     "Auto-reject skipped: candidate is not rejected", "Could not move candidate to Onsite"),
    ("Could not post transfer", "Transfer posted to ledger by Sam",
     "Nightly sync: batch is not delayed", "Could not post transfer TR-9: ledger locked"),
])
def test_a_negation_denies_the_word_of_its_own_line(falsifier, beside, negated, said):
    from fcpkit.core.page import Page, evidence_view
    def score(*lines: str) -> float:
        page = _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'", *lines)
        return LexicalMatcher().score_falsifiers([falsifier], evidence_view(Page.of(page)))[0]
    assert score(f"\t\t[4] StaticText '{beside}'", f"\t\t[5] StaticText '{negated}'") < 0.6
    assert score(f"\t\t[4] StaticText '{beside}'", f"\t\t[5] StaticText '{said}'") >= 0.6


# -- a choice offered is no state; a choice still to make holds the section's submit ----------------

@pytest.mark.parametrize("choice,others,submit", [
    ("RES-04 Resolution in cardholder’s favour", ("ACK-01 Acknowledgement", "DEN-05 Denied"), "Send letter"),
    ("EXP-2 Express shipping", ("STD-1 Standard shipping", "PCK-3 Pickup"), "Place order"),
])
def test_a_choice_not_made_is_no_state_and_its_section_waits_for_it(choice, others, submit):
    from fcpkit.core.page import Page, evidence_view
    radios = [f"\t\t\t\t[{20 + k}] radio '{x}', checked='false'" for k, x in enumerate((*others, choice))]
    page = _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'",
                "\t\t[10] group 'Actions'", "\t\t\t[11] radiogroup 'Template'", *radios,
                f"\t\t\t[30] button '{submit}', disabled=True")
    m = LexicalMatcher()
    view = evidence_view(Page.of(page))
    assert m.score_falsifiers([choice], view)[0] < 0.6
    assert m.score_falsifiers([f"{submit} button is disabled"], view)[0] < 0.6
    chosen = Observation(page.url, page.title, page.text.replace(f"'{choice}', checked='false'", f"'{choice}', checked='true'"))
    view = evidence_view(Page.of(chosen))
    assert m.score_falsifiers([choice], view)[0] >= 0.6  # the choice made is the form's state
    assert m.score_falsifiers([f"{submit} button is disabled"], view)[0] >= 0.6  # chosen, and still disabled


@pytest.mark.parametrize("title,answer", [
    ("Confirm stage change", "Yes, move to Onsite"),
    ("Confirm refund", "Yes, refund £46.20"),
])
def test_a_confirmation_answered_with_the_plans_act_deals_with_it(title, answer):
    from fcpkit.core.dialogs import handles_dialog
    page = _with_dialog(title, f"\t\t[41] button '{answer}'", "\t\t[42] button 'Go back'")
    assert handles_dialog(Action("click('41')", "Confirm.", f"button '{answer}'", "write"), page, frozenset(tokenize("move refund")))
    assert not handles_dialog(Action("click('41')", "Confirm.", f"button '{answer}'", "write"), page, frozenset(tokenize("archive")))


@pytest.mark.parametrize("pressed", ["All (14)", "Any status · 32"])
def test_a_filter_that_keeps_everything_keeps_it_whatever_it_counts(pressed):
    from fcpkit.core.falsifiers import TaskContext, unrequested_narrowing
    ctx = TaskContext.from_plan(Plan("Re-run the lead test on S-20418.", [Commitment("do", "Do it")]))
    page = _obs("https://app.test/batches/B-7?sort=id", "Batch", "\t[2] main ''", "\t\t[3] heading 'Batch'",
                "\t\t[4] group 'Filters'", f"\t\t\t[5] button '{pressed}', pressed=True", "\t\t\t[6] button 'Failed (3)'",
                "\t\t[20] list ''", "\t\t\t[21] listitem ''", "\t\t\t\t[22] link 'S-20417'",
                "\t\t\t[23] listitem ''", "\t\t\t\t[24] link 'S-20419'")
    assert unrequested_narrowing(ctx, page, 0) is None
    narrowed = Observation(page.url, page.title, page.text.replace(f"'{pressed}', pressed=True", f"'{pressed}'")
                           .replace("'Failed (3)'", "'Failed (3)', pressed=True"))
    assert unrequested_narrowing(ctx, narrowed, 0) is not None


@pytest.mark.parametrize("message,record,status", [
    ("Completed: dispute DSP-20417 opened, credit posted and letter sent.", "DSP-20417", "Open"),
    ("Done! Ticket T-390 assigned to Payments.", "T-390", "Open"),
])
def test_a_label_over_the_message_is_no_status_of_its_record(message, record, status):
    from fcpkit.core.falsifiers import TaskContext, builtin_hits
    ctx = TaskContext.from_plan(Plan(f"Handle {record}.", [Commitment("do", "Do it")]))
    page = _obs(f"https://app.test/r/{record}", record, "\t[2] main ''", f"\t\t[3] heading '{record}'",
                f"\t\t[4] StaticText 'Status: {status}'")
    report = Action(f"send_msg_to_user({message!r})", "Report.", None, "read")
    assert not [h for h in builtin_hits(ctx, page, before=page, action=report) if h.rule == "report_contradicted"]
    claim = Action(f"send_msg_to_user('Closed {record} as asked.')", "Report.", None, "read")
    assert [h for h in builtin_hits(ctx, page, before=page, action=claim) if h.rule == "report_contradicted"]


# -- "removed from <not a place>" is what happened to a record, not a page without it ---------------

@pytest.mark.parametrize("statement,place", [
    ("Meter M-58213 is removed from service", "The Export button is removed from the toolbar"),
    ("Card 4417 is removed from the wallet account", "Item SKU-9 is removed from the cart"),
])
def test_removed_from_a_place_is_an_absence_and_from_anything_else_an_event(statement, place):
    assert compile_claim(statement).type != "absence"
    assert compile_claim(place).type == "absence"


# -- a falsifier saying the completion's values before the step changes them ------------------------

@pytest.mark.parametrize("old,new", [
    ("7:00 PM · Party of 4", "8:30 PM · Party of 6 · Table T21"),
    ("Installments: 3 of $24.07", "Installments: 6 of $12.04"),
])
def test_the_values_a_step_changes_count_once_it_wrote(old, new):
    plan = Plan("Do it.", [Commitment("step", "Change it", confirm={"completion": [Evidence(new)]},
                                      falsify={"execution": [Evidence(old)]})])
    page = _obs("https://app.test/b/1", "Booking", "\t[2] main ''", "\t\t[3] heading 'Booking'",
                f"\t\t[4] StaticText '{old}'")
    tester = StateTester(LexicalMatcher())
    before = tester.test(plan, plan.commitments[0], page, saved=False)
    after = tester.test(plan, plan.commitments[0], page, saved=True)
    assert before.alpha_minus == 0.0 < after.alpha_minus
    from fcpkit.core.bundles import _old_values, _value_shape
    # another record's id is no old value: drift before any write
    assert not _old_values("Ticket T-411 detail", [_value_shape("Ticket T-390 detail")])


# -- a navigation landmark lists pages, not records --------------------------------------------------

@pytest.mark.parametrize("crumbs,select", [
    (("Home", "Accounts", "4407-2291-06", "New payment plan"), "combobox 'Number of installments' value='6'"),
    (("Home", "Reservations", "R-20417", "Edit"), "combobox 'Seating area' value='Patio'"),
])
def test_a_form_under_a_breadcrumb_trail_has_no_list_to_narrow(crumbs, select):
    from fcpkit.core.falsifiers import TaskContext, unrequested_narrowing
    items = [ln for k, c in enumerate(crumbs) for ln in (f"\t\t\t[{20 + 2 * k}] listitem ''", f"\t\t\t\t[{21 + 2 * k}] link '{c}'")]
    page = _obs("https://app.test/x/new", "New", "\t[2] navigation 'Breadcrumb'", "\t\t[3] list ''", *items,
                "\t[4] main ''", "\t\t[5] heading 'New'", f"\t\t[6] {select}", "\t\t[7] button 'Create'")
    ctx = TaskContext.from_plan(Plan("Set up a plan for the account.", [Commitment("do", "Do it")]))
    assert unrequested_narrowing(ctx, page, 0) is None


# -- a confirmation the agent's own write raised, answered with a bare yes ---------------------------

@pytest.mark.parametrize("title,yes", [("Confirm large correction", "Continue"), ("Save changes?", "Yes")])
def test_a_bare_yes_to_a_confirmation_of_the_agents_own_write_deals_with_it(title, yes):
    from fcpkit.core.dialogs import handles_dialog
    page = _with_dialog(title, f"\t\t[41] button '{yes}'", "\t\t[42] button 'Go back'")
    click = Action("click('41')", "Confirm.", f"button '{yes}'", "write")
    assert handles_dialog(click, page, frozenset(), confirms=True)
    assert not handles_dialog(click, page, frozenset(), confirms=False)  # an interstitial's yes accepts its offer


# -- a time a statement writes is part of what it says ------------------------------------------------

@pytest.mark.parametrize("falsifier,line,same", [
    ("8:30 PM is fully booked", "8:00 PM fully booked · 9:45 PM last seating", "20:30 fully booked"),
    ("Pickup at 10:15 AM is cancelled", "Pickup at 10:45 AM is cancelled", "Pickup at 10:15 is cancelled"),
])
def test_a_time_of_day_tells_two_statements_apart(falsifier, line, same):
    from fcpkit.core.page import Page, evidence_view
    def score(text: str) -> float:
        page = _obs("https://app.test/d", "Day", "\t[2] main ''", "\t\t[3] heading 'Day'", f"\t\t[4] StaticText '{text}'")
        return LexicalMatcher().score_falsifiers([falsifier], evidence_view(Page.of(page)))[0]
    assert score(line) < 0.6 and score(same) >= 0.6
