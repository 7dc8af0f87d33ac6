"""Readings for sites written by people who never saw fcpkit, a seventh round: a report's status
said of the thing its clause names, not of every record the message names; a report made under a
dialog that waits for the plan's own act. Each on pages of two applications of our own making,
worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, ActionTester, Commitment, Evidence, LexicalMatcher, Observation, Plan
from fcpkit.core.dialogs import awaiting_act
from fcpkit.core.falsifiers import TaskContext, builtin_hits
from fcpkit.core.testers import StateTester
from fcpkit.core.tracker import CommitmentTracker


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused, url='{url}'", *lines]))


def _report(message: str) -> Action:
    return Action(f"send_msg_to_user({message!r})", "Report.", None, "read")


def _contradicted(task: str, page: Observation, message: str) -> bool:
    ctx = TaskContext.from_plan(Plan(task, [Commitment("do", "Do it")]))
    return any(h.rule == "report_contradicted" for h in builtin_hits(ctx, page, before=page, action=_report(message)))


# -- a status is said of what its clause names ------------------------------------------------------

_CONFERENCE = _obs("https://podia.test/registrations/R-5512", "R-5512 · Registrations", "\t[2] main ''",
                   "\t\t[3] heading 'Registration R-5512'", "\t\t[4] StaticText 'Status: Paid'",
                   "\t\t[5] table 'Items'", "\t\t\t[6] row ''", "\t\t\t\t[7] cell 'Workshop: Rust in anger'",
                   "\t\t\t\t[8] cell 'Refunded'")
_GARAGE = _obs("https://torque.test/orders/WO-7730", "WO-7730 · Work orders", "\t[2] main ''",
               "\t\t[3] heading 'Work order WO-7730'", "\t\t[4] StaticText 'Status: Open'",
               "\t\t[5] StaticText 'Brake pads: cancelled'")


@pytest.mark.parametrize("task,page,other_thing,same_record", [
    ("Move R-5512 to Ana and refund her workshop.", _CONFERENCE,
     "Done: R-5512 now belongs to Ana Ruiz and the workshop add-on was refunded (EUR 180).",
     "Done: R-5512 was refunded."),
    ("On WO-7730, cancel the brake pads line and keep the order open.", _GARAGE,
     "WO-7730 is still with the bay team; the brake pads line has been cancelled.",
     "I cancelled WO-7730."),
])
def test_a_reports_status_is_said_of_the_thing_its_clause_names(task, page, other_thing, same_record):
    # the status of another thing on the record (an add-on, a line) says nothing of the record's
    assert not _contradicted(task, page, other_thing)
    # said of the record itself, by name or by the agent's own act, it is still read
    assert _contradicted(task, page, same_record)


# -- a report under a dialog that waits for the plan's act ------------------------------------------

def _dialog(title: str, *buttons: str) -> Observation:
    lines = ["\t[2] main ''", "\t\t[3] heading 'Record'", "\t\t[4] button 'Edit'", f"\t[40] alertdialog '{title}', modal=True",
             f"\t\t[41] heading '{title}'"]
    lines += [f"\t\t[{42 + k}] button '{b}'" for k, b in enumerate(buttons)]
    return _obs("https://app.test/r/1", "Record", *lines)


@pytest.mark.parametrize("task,title,act,back", [
    ("Transfer the registration to Ana.", "Confirm transfer", "Confirm transfer", "Go back"),
    ("Cancel the brake pads line on the work order.", "Cancel this line?", "Yes, cancel line", "No, keep it"),
])
def test_a_report_under_a_dialog_that_waits_for_the_plans_act_leaves_it_undone(task, title, act, back):
    asked = TaskContext.from_plan(Plan(task, [Commitment("do", task)])).wanted
    waiting = _dialog(title, back, act)
    assert awaiting_act(waiting, asked) == title
    # a dialog that only tells, or offers an act the plan never asks for, waits for nothing of the task's
    assert awaiting_act(_dialog("Transfer complete", "OK"), asked) is None
    assert awaiting_act(_dialog("What's new", "Take the tour", "Not now"), asked) is None

    plan = Plan(task, [Commitment("do", task, confirm={"completion": [Evidence("Saved")]})])
    tracker = CommitmentTracker(plan, StateTester(LexicalMatcher()), actions=ActionTester(LexicalMatcher()))
    check = tracker.report_check(_report("Done."), waiting)
    assert check is not None and check.rule == "unexpected_dialog" and check.phase == "pre"


# -- backing out of a dialog performs no act; backing out of the step's unsaved values discards them --

def _form(zone_line: str, *buttons: str, field: str = "\t\t\t[45] textbox 'Note', value='set by the agent'") -> Observation:
    lines = ["\t[2] main ''", "\t\t[3] heading 'Record'", zone_line, field]
    lines += [f"\t\t\t[{50 + k}] button '{b}'" if not b.startswith("!") else f"\t\t\t[{50 + k}] button '{b[1:]}', disabled=True"
              for k, b in enumerate(buttons)]
    return _obs("https://app.test/r/1", "Record", *lines)


@pytest.mark.parametrize("task,zone,back,save", [
    ("Reschedule Biscuit's visit to 14:00.", "\t\t[40] form 'Reschedule visit'", "Cancel", "Save changes"),
    ("Apply rate code CORP-7 to the rental.", "\t[40] dialog 'Rate codes', modal=True", "Close dialog", "Apply rate"),
])
def test_backing_out_performs_no_act_but_discards_what_the_step_set(task, zone, back, save):
    from fcpkit.core.control_acts import act_mismatch, discards_edits
    step = Commitment("do", task, confirm={"completion": [Evidence("Saved")]})
    click = Action("click('50')", "Leave it.", f"button '{back}'", "read")
    assert act_mismatch(click, step) is None  # "Cancel" cancels nothing of the application's
    assert discards_edits(click, _form(zone, back, save)) == save
    assert discards_edits(click, _form(zone, back, "!" + save)) is None  # nothing left to save
    if "dialog" in zone:  # a confirmation over the form holds none of its fields: leaving it keeps them
        assert discards_edits(click, _form(zone, back, save, field="\t\t\tStaticText 'Apply this rate?'")) is None
    step_back = Action("click('50')", "Check the form again.", "button 'Back'", "read")
    assert discards_edits(step_back, _form(zone, "Back", save)) is None  # back to the form, values kept
    named = Action("click('50')", "Cancel it.", "button 'Cancel booking'", "write")
    assert act_mismatch(named, step) is not None  # an act named with its object is that act

    plan = Plan(task, [step])
    page = _form(zone, back, save)
    fresh = CommitmentTracker(plan, StateTester(LexicalMatcher()), actions=ActionTester(LexicalMatcher()))
    fresh.test_page(page)
    assert fresh.test_action(click).rule != "act_mismatch"  # nothing set yet: an empty dialog closed
    edited = CommitmentTracker(plan, StateTester(LexicalMatcher()), actions=ActionTester(LexicalMatcher()))
    edited.record_write(Action("click('51')", "Pick it.", f"button '{save}'", "write"))
    edited.test_page(page)
    assert edited.test_action(click).rule == "act_mismatch"


# -- what a step makes is absent until the step wrote --------------------------------------------------

@pytest.mark.parametrize("subgoal,falsifier,other", [
    ("Save the amendment and confirm the summary dialog", "The agreement page shows no amendment in its activity list",
     "No agreement matches the search"),
    ("Post a credit of $75 to the tenant's ledger", "Credit is not listed on the ledger", "Tenant Priya Nair is not listed"),
])
def test_an_absence_of_what_the_step_makes_counts_once_it_wrote(subgoal, falsifier, other):
    from fcpkit.core.bundles import PlanBundles
    step = Commitment("make", subgoal, confirm={"completion": [Evidence("Saved")]},
                      falsify={"execution": [Evidence(falsifier), Evidence(other)]})
    m = LexicalMatcher()
    bundle = PlanBundles(m, "state").get(Plan("Do it.", [step]), step)
    unsaved = {bundle.statements[i] for i in bundle.unsaved}
    assert falsifier in unsaved and other not in unsaved


# -- before the step saved, a completion is read on the record, not on the form's boxes --------------

@pytest.mark.parametrize("completion,box,shown", [
    ("Owner is now Tomás Brandt", "[20] combobox 'Owner' value='Tomás Brandt'", "StaticText 'Owner: Tomás Brandt'"),
    ("Vehicle class: Intermediate SUV", "[20] textbox 'Vehicle class' value='Intermediate SUV'",
     "StaticText 'Vehicle class: Intermediate SUV'"),
])
def test_a_completion_before_the_step_saved_is_read_on_the_record_not_the_form(completion, box, shown):
    step = Commitment("set", "Set it and save", confirm={"completion": [Evidence(completion)]})
    plan = Plan("Set it.", [step])
    form = _obs("https://app.test/r/1/edit", "Edit record", "\t[2] main ''", "\t\t[3] heading 'Edit record'",
                f"\t\t{box}", "\t\t[30] button 'Save changes'")
    record = _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'", f"\t\t{shown}")
    tester = StateTester(LexicalMatcher())
    assert tester.test(plan, step, form, saved=False).alpha_comp < 0.5  # the agent's choice, unsaved
    assert tester.test(plan, step, form, saved=True).alpha_comp >= 0.5  # saved: the form shows the record
    assert tester.test(plan, step, record, saved=False).alpha_comp >= 0.5  # the record says it


def test_a_write_that_raised_a_confirmation_is_not_saved_until_it_is_answered():
    step = Commitment("owner", "Transfer ownership to Tomás and save",
                      confirm={"completion": [Evidence("Owner is now Tomás Brandt")]})
    plan = Plan("Make Tomás the owner.", [step])
    tracker = CommitmentTracker(plan, StateTester(LexicalMatcher()), actions=ActionTester(LexicalMatcher()))
    form = ["\t[2] main ''", "\t\t[3] heading 'Settings'", "\t\t[20] combobox 'Owner' value='Tomás Brandt'",
            "\t\t[30] button 'Save changes'"]
    asking = _obs("https://app.test/s", "Settings", *form, "\t[40] alertdialog 'Transfer ownership?', modal=True",
                  "\t\t[41] button 'Cancel'", "\t\t[42] button 'Transfer ownership'")
    save = Action("click('30')", "Save.", "button 'Save changes'", "write")
    tracker.record_write(save)
    # the box holds the new owner, but the save waits for its confirmation: no completion yet
    assert tracker.test_page(asking, before=_obs("https://app.test/s", "Settings", *form), action=save).alpha_comp < 0.5
    answered = _obs("https://app.test/s", "Settings", *form, "\t\t[50] status ''", "\t\t\tStaticText 'Settings saved'")
    assert tracker.test_page(answered, before=asking, action=Action("click('42')", "Confirm.", "button 'Transfer ownership'",
                                                                       "write")).alpha_comp >= 0.5


# -- a filter left at its "all" value on the URL asks the list for no view of its own ----------------

@pytest.mark.parametrize("chrome,scope,query", [
    ("\t\tcombobox 'Branch' value='Harbour Road (HR-2)'", "checkbox 'Only my branch', checked='true'",
     "status=all-statuses&sort=id-asc"),
    ("\t\tcombobox 'Warehouse' value='Dock 7'", "checkbox 'This warehouse only', checked='true'", "state=any&page=2"),
])
def test_a_list_at_the_banners_context_with_all_values_on_its_url_is_its_default_view(chrome, scope, query):
    from fcpkit.core.falsifiers import unrequested_narrowing
    ctx = TaskContext.from_plan(Plan("Extend agreement RA-7 by two days.", [Commitment("do", "Do it")]))

    def page(url: str) -> Observation:
        return _obs(url, "List", "\t[1] banner ''", chrome, "\t[2] main ''", "\t\t[3] heading 'Agreements'",
                    "\t\t[4] group 'Filters'", f"\t\t\t[5] {scope}", "\t\t[20] list ''", "\t\t\t[21] listitem ''",
                    "\t\t\t\t[22] link 'Row 1'", "\t\t\t[23] listitem ''", "\t\t\t\t[24] link 'Row 2'")
    assert unrequested_narrowing(ctx, page(f"https://app.test/list?{query}"), 0) is None
    assert unrequested_narrowing(ctx, page("https://app.test/list?status=overdue"), 0) is not None  # asked a view
    assert unrequested_narrowing(ctx, page("https://app.test/list?due=today&sort=id"), 0) is not None


# -- a diff shows what changed between two versions, not the state of the record in view -------------

@pytest.mark.parametrize("falsifier,changed,current", [
    ("staging is dead", "StaticText 'staging is dead. just push to prod'", "StaticText 'Run the smoke tests first.'"),
    ("Penalty clause removed", "StaticText 'Penalty clause removed by counsel'", "StaticText 'Penalty clause: 2% per week'"),
])
def test_a_diffs_insertions_and_deletions_are_no_state_of_the_record(falsifier, changed, current):
    from fcpkit.core.page import Page, evidence_view
    m = LexicalMatcher()

    def page(*body: str) -> Page:
        return Page.of(_obs("https://docs.test/p/7/compare", "Compare r4 … r6", "\t[2] main ''",
                            "\t\t[3] heading 'Compare revisions'", *body))
    diff = page("\t\t[10] deletion ''", f"\t\t\t{current}", "\t\t[11] insertion ''", f"\t\t\t{changed}")
    assert m.score_falsifiers((falsifier,), evidence_view(diff))[0] < 0.5
    shown = page(f"\t\t{changed}")  # the same words as the page's own text: its state
    assert m.score_falsifiers((falsifier,), evidence_view(shown))[0] >= 0.5


# -- an email address or a domain is one identifier -----------------------------------------------------

@pytest.mark.parametrize("falsifier,shown", [
    ("brightwater-analytica.com", "StaticText 'marta.kowalczyk@brightwater-analytics.com'"),
    ("Label sent to j.okafor@harbour-mail.co.uk", "StaticText 'Label sent to j.okafor@harbourmail.co.uk'"),
])
def test_an_address_is_one_identifier_whole_or_not_at_all(falsifier, shown):
    from fcpkit.core.page import Page, evidence_view
    from fcpkit.matching.lexical.entities import entities
    m = LexicalMatcher()

    def page(line: str) -> Page:
        return Page.of(_obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'", f"\t\t{line}"))
    assert entities(falsifier).quoted
    assert m.score_falsifiers((falsifier,), evidence_view(page(shown)))[0] < 0.5  # a near miss of its parts
    address = next(iter(entities(falsifier).quoted))
    assert m.score_falsifiers((falsifier,), evidence_view(page(shown.replace(shown.split("'")[1], falsifier))))[0] >= 0.5
    assert address in falsifier


# -- an action falsifier's act must be the action's ------------------------------------------------------

@pytest.mark.parametrize("falsifier,other,same", [
    ("Cancel registration", Action("click('12')", "Go to the registrations list.", "link 'Registrations'", "read"),
     Action("click('40')", "Cancel the registration as asked.", "button 'Cancel registration'", "write")),
    ("Refund entire order", Action("click('7')", "Open the order to see its lines.", "link 'Order #10452'", "read"),
     Action("click('9')", "Refund it all.", "button 'Refund entire order'", "write")),
])
def test_an_action_falsifiers_act_is_what_the_action_must_do(falsifier, other, same):
    from fcpkit.core.actions import describe_action
    m = LexicalMatcher()
    assert m.score_falsifiers((falsifier,), describe_action(other))[0] < 0.5  # only its object: no act
    assert m.score_falsifiers((falsifier,), describe_action(same))[0] >= 0.5


# -- a control that keeps things as they are deals with the dialog ----------------------------------------

@pytest.mark.parametrize("title,keep,leave", [
    ("Your session will expire soon", "Stay signed in", "Sign out"),
    ("You have been idle for 25 minutes", "Keep working", "Log out now"),
])
def test_keeping_the_session_deals_with_a_timeout_dialog(title, keep, leave):
    from fcpkit.core.dialogs import handles_dialog
    page = _dialog(title, keep, leave)
    asked = frozenset({"refund", "save"})
    assert handles_dialog(Action("click('42')", "Keep the session.", f"button '{keep}'", "read"), page, asked)
    assert not handles_dialog(Action("click('43')", "Leave.", f"button '{leave}'", "read"), page, asked)


# -- a completion with another value in its parenthesis is the choice the step changes --------------------

@pytest.mark.parametrize("completion,falsifier,unrelated", [
    ("(aisle) assigned", "(window) assigned", "Seat 7B"),
    ("Delivery: (express) selected", "Delivery: (standard) selected", "Order #4471 cancelled"),
])
def test_another_value_in_a_completions_parenthesis_counts_once_the_step_wrote(completion, falsifier, unrelated):
    from fcpkit.core.bundles import PlanBundles
    step = Commitment("pick", "Pick the option and save", confirm={"completion": [Evidence(completion)]},
                      falsify={"execution": [Evidence(falsifier), Evidence(unrelated)]})
    bundle = PlanBundles(LexicalMatcher(), "state").get(Plan("Pick it.", [step]), step)
    unsaved = {bundle.statements[i] for i in bundle.unsaved}
    assert falsifier in unsaved and unrelated not in unsaved


@pytest.mark.parametrize("task,window,outside", [
    ("Rebook her onto the 19:05 flight tonight, 14 May.", "14–15 May", "16–17 May"),
    ("Move the delivery of order 4471 to 3 March 2025.", "1 Mar 2025 – 7 Mar 2025", "10 Mar 2025 – 14 Mar 2025"),
])
def test_a_date_window_that_holds_the_tasks_dates_hides_nothing_asked(task, window, outside):
    from fcpkit.core.falsifiers import unrequested_narrowing
    ctx = TaskContext.from_plan(Plan(task, [Commitment("do", "Do it")]))

    def page(value: str) -> Observation:
        return _obs("https://app.test/options", "Options", "\t[2] main ''", "\t\t[3] heading 'Options'",
                    "\t\t[4] group 'Filters'", f"\t\t\t[5] combobox 'Dates', value='{value}'", "\t\t[20] list ''",
                    "\t\t\t[21] listitem ''", "\t\t\t\t[22] link 'Option 1'", "\t\t\t[23] listitem ''", "\t\t\t\t[24] link 'Option 2'")
    assert unrequested_narrowing(ctx, page(window), 0) is None
    assert unrequested_narrowing(ctx, page(outside), 0) is not None


# -- a label and a bare number is what a field of that label holds ----------------------------------------

@pytest.mark.parametrize("falsifier,label,typed,elsewhere", [
    ("Award amount (USD) 92000", "Award amount (USD)", "8450", "StaticText 'Requested amount: $92,000'"),
    ("Refund total 120.00", "Refund total", "95.00", "StaticText 'Order total 120.00'"),
])
def test_a_label_and_a_number_is_the_fields_value_not_a_number_nearby(falsifier, label, typed, elsewhere):
    from fcpkit.core.page import Page, evidence_view
    from fcpkit.matching.lexical.claims import compile_claim
    assert compile_claim(falsifier).type == "field"
    for phrase in ("Party of 6", "Fleet Telematics Renewal 2024", "fill amount 89.90"):
        assert compile_claim(phrase).type != "field"  # a phrase, a name, an act
    m = LexicalMatcher()

    def page(value: str) -> Page:
        return Page.of(_obs("https://app.test/r/1/edit", "Edit", "\t[2] main ''", "\t\t[3] heading 'Edit'",
                            f"\t\t{elsewhere}", f"\t\t[9] textbox '{label}', value='{value}'"))
    assert m.score_falsifiers((falsifier,), evidence_view(page(typed)))[0] < 0.5
    assert m.score_falsifiers((falsifier,), evidence_view(page(falsifier.rsplit(" ", 1)[1])))[0] >= 0.5


# -- a write that raised a dialog asking something changed the page -------------------------------------

@pytest.mark.parametrize("write,dialog,status", [
    ("button 'Assign reviewer'", ("alertdialog 'Assign Dr. Okafor?'", "button 'Choose someone else'", "button 'Assign anyway'"),
     "StaticText 'Saved'"),
    ("button 'Issue refund'", ("alertdialog 'Refund $115.20 to Visa 4417?'", "button 'Back'", "button 'Refund now'"),
     "StaticText 'Draft kept'"),
])
def test_a_write_that_raised_a_question_is_no_unchanged_page(write, dialog, status):
    from fcpkit.core.rules import check_transition
    body = ["\t[2] main ''", "\t\t[3] heading 'Record'", f"\t\t[10] {write}"]
    before = _obs("https://app.test/r/1", "Record", *body)
    asked = _obs("https://app.test/r/1", "Record", *body, f"\t[40] {dialog[0]}, modal=True",
                 *(f"\t\t[{41 + k}] {b}" for k, b in enumerate(dialog[1:])))
    said = _obs("https://app.test/r/1", "Record", *body, "\t[50] status ''", f"\t\t{status}")
    action = Action("click('10')", "Do it.", write, "write")
    assert check_transition(before, action, asked) is None
    hit = check_transition(before, action, said)
    assert hit is not None and hit.rule == "unchanged_page"  # only a status message: nothing changed


# -- what setting a field changed is the form echoing the agent ------------------------------------------

@pytest.mark.parametrize("completion,field,value,submit", [
    ("Refund of $115.20 issued", "combobox 'Restocking fee'", "10% ($12.80)", "button 'Issue refund'"),
    ("Payment of 450.00 split to Dale Harper", "textbox 'Share for Dale Harper'", "450.00", "button 'Save split'"),
])
def test_a_field_set_is_no_partial_support_for_the_steps_completion(completion, field, value, submit):
    step = Commitment("pay", "Do it and submit", confirm={"completion": [Evidence(completion)]})
    plan = Plan("Do it.", [step, Commitment("next", "Then tell the user")])
    amount = completion.split(" of ")[1].split(" ")[0]

    def page(total: str) -> Observation:
        return _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'",
                    f"\t\t[9] {field}, value='{value}'", f"\t\tStaticText '{total}'", f"\t\t[10] {submit}")
    tracker = CommitmentTracker(plan, StateTester(LexicalMatcher()), actions=ActionTester(LexicalMatcher()))
    setting = Action("select_option('9', 'x')" if "combobox" in field else "fill('9', 'x')", "Set it.", field, "write")
    tracker.record_write(setting)
    tracker.test_page(page("Draft, not submitted"), before=page("Draft"), action=setting)
    assert 0 not in tracker.partly  # the form shows what the agent set: nothing the application did
    submitting = Action("click('10')", "Submit.", submit, "write")
    tracker.record_write(submitting)
    tracker.test_page(page(f"{amount} {completion.split(' of ')[0].lower()} done"), before=page("Draft, not submitted"),
                      action=submitting)
    assert 0 in tracker.partly


# -- "Also <act>" widens the act; a scope of one record is no list of them; check() is an action ---------

@pytest.mark.parametrize("falsifier,plain,widened", [
    ("Also reverse", "button 'Reverse charge'", "checkbox 'Also reverse 3 other charges'"),
    ("Also notify", "button 'Notify charge nurse'", "checkbox 'Also notify the whole ward'"),
])
def test_also_widens_an_act_to_more_records(falsifier, plain, widened):
    from fcpkit.core.actions import describe_action
    m = LexicalMatcher()
    assert m.score_falsifiers((falsifier,), describe_action(Action("click('9')", "Do it.", plain, "write")))[0] < 0.5
    assert m.score_falsifiers((falsifier,), describe_action(Action("click('9')", "Tick it.", widened, "read")))[0] >= 0.5


@pytest.mark.parametrize("falsifier,listing,one", [
    ("CH-88213 is not listed on the account", ("Accounts", "link 'TG-40718 Dana Okafor'"),
     ("Account TG-40718 · Dana Okafor", "StaticText 'Charges'")),
    ("Bed 4W-07 is not shown on the ward", ("Wards", "link 'Ward 4 West'"), ("Ward 4 West", "StaticText 'Beds'")),
])
def test_a_scope_of_one_record_is_not_the_list_or_a_page_that_mentions_them(falsifier, listing, one):
    from fcpkit.core.page import Page, evidence_view
    m = LexicalMatcher()

    def page(title: str, line: str) -> Page:
        return Page.of(_obs("https://app.test/x", title, "\t[2] main ''", f"\t\t[3] heading '{title}'", f"\t\t[4] {line}"))
    assert m.score_falsifiers((falsifier,), evidence_view(page(*listing)))[0] < 0.5  # the list of them
    search = page("Search results for Okafor", "link 'Account TG-40718'")
    assert m.score_falsifiers((falsifier,), evidence_view(search))[0] < 0.5  # a page that mentions one


def test_check_and_uncheck_are_browsergym_actions():
    from fcpkit.core.actions import describe_action, parse_action
    from fcpkit.core.rules import check_action, sets_fields
    tick = Action("check('36')", "Turn the alert on.", "checkbox 'Low-balance alert enabled'", "read")
    assert [c.name for c in parse_action(tick.command)] == ["check"]
    assert check_action(tick) is None and sets_fields(tick)
    assert describe_action(tick).chosen == ("Low-balance alert enabled",)
    assert check_action(Action("uncheck('36')", "Off.", "checkbox 'Email me'", "read")) is None


# -- an alertdialog's text is a message: a refusal in one is a refusal ------------------------------------

@pytest.mark.parametrize("title,text,asking", [
    ("Refund not allowed", "You don't have permission to issue refunds.", "Refund €180.00 to the card on file?"),
    ("Reversal blocked", "Your role is not permitted to reverse charges.", "Reverse charge CH-88213?"),
])
def test_a_refusal_in_an_alertdialog_is_a_refusal_a_question_is_not(title, text, asking):
    ctx = TaskContext.from_plan(Plan("Refund the add-on and reverse the charge.", [Commitment("do", "Do it")]))
    before = _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'", "\t\t[10] button 'Refund'")
    act = Action("click('10')", "Refund it.", "button 'Refund'", "write")

    def dialog(name: str, body: str) -> Observation:
        return _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'", "\t\t[10] button 'Refund'",
                    f"\t[40] alertdialog '{name}', modal=True", f"\t\t[41] heading '{name}'", f'\t\tStaticText "{body}"',
                    "\t\t[42] button 'Close'")
    refused = [h.rule for h in builtin_hits(ctx, dialog(title, text), before=before, action=act)]
    assert "refused" in refused
    asked = [h.rule for h in builtin_hits(ctx, dialog("Please confirm", asking), before=before, action=act)]
    assert not asked
