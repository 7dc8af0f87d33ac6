"""Readings for sites written by people who never saw fcpkit, an eighth round: a legend of a form's
choices is no state of the form; a box the agent never set holds what the application put there;
a control's label that says when it acts; an answer that keeps what the agent wrote; a URL's coded
filter said in words by the control that set it; a failure the application retries by itself; an
agent that says it could not create what it was asked to. Each on pages of two applications of our
own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, Commitment, Evidence, LexicalMatcher, Observation, Plan
from fcpkit.core.actions import describe_action
from fcpkit.core.dialogs import handles_dialog, keeps
from fcpkit.core.falsifiers import TaskContext, builtin_hits, unrequested_narrowing
from fcpkit.core.page import Page, found_view
from fcpkit.core.rules import check_transition
from fcpkit.core.testers import StateTester


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused, url='{url}'", *lines]))


# -- a legend of a form's choices says what each means, not which one the form holds ----------------

_WORK_ORDER = ("\t[27] main ''", "\t\t[28] heading 'New work order'", "\t\t[29] form 'Work order details'",
               "\t\t\t[43] combobox 'Priority', hasPopup='listbox', expanded=False",
               "\t\t\t\t[44] option 'Normal', selected=False", "\t\t\t\t[46] option 'High', selected=True",
               "\t\t\t\t[47] option 'Urgent', selected=False",
               "\t\t\tStaticText 'Urgent: vendor dispatched within 4 hours; after-hours rates apply.'",
               "\t\t\t[65] button 'Create work order'")
_PAYSLIP = ("\t[2] main ''", "\t\t[3] heading 'Pay line'", "\t\t[31] group 'One-off payments'",
            "\t\t\t[32] combobox 'Payment type' value='Bonus – discretionary', required",
            "\t\t\t\t[33] option 'Bonus – discretionary', selected=True",
            "\t\t\t\t[34] option 'Bonus – performance', selected=False",
            "\t\t\tStaticText 'Bonus – discretionary: taxed as earnings. Bonus – performance: linked to annual review.'",
            "\t\t\t[41] button 'Save line'")


@pytest.mark.parametrize("lines,falsifier,legend_start", [
    (_WORK_ORDER, "Urgent", "Urgent: vendor"),
    (_PAYSLIP, "Bonus – performance", "Bonus – discretionary:"),
])
def test_a_legend_of_a_forms_choices_is_no_state_of_the_form(lines, falsifier, legend_start):
    page = Page.of(_obs("https://app.test/form", "Form", *lines))
    legends = [page.nodes[i].name for i in page.legends]
    assert len(legends) == 1 and legends[0].startswith(legend_start)
    m = LexicalMatcher()
    assert m.score_falsifiers((falsifier,), page)[0] < 1.0  # the legend and a choice not made: not whole
    # the same line with no control whose choices it defines beside it is the page's own text
    alone = [ln for ln in lines if "option" not in ln and "combobox" not in ln]
    plain = Page.of(_obs("https://app.test/form", "Form", *alone))
    assert not plain.legends and m.score_falsifiers((falsifier,), plain)[0] >= 1.0


def test_a_line_that_only_mentions_a_choice_is_no_legend():
    page = Page.of(_obs("https://app.test/form", "Form", "\t[2] main ''", "\t\t[3] combobox 'Priority'",
                        "\t\t\t[4] option 'Urgent', selected=False", "\t\t\t[5] option 'High', selected=True",
                        "\t\tStaticText 'Set to Urgent by the dispatcher: vendor notified.'"))
    assert not page.legends


# -- a box the agent never set holds what the application put there --------------------------------

@pytest.mark.parametrize("box,falsifier,chosen", [
    ("combobox 'Time zone', value='(UTC−05:00) America/Chicago — workspace default'", "America/Chicago — workspace default",
     "(UTC−05:00) America/Chicago — workspace default"),
    ("combobox 'Pickup branch', value='Airport terminal (default)'", "Airport terminal (default)", "Airport terminal (default)"),
])
def test_a_box_the_agent_never_set_is_no_drift_before_the_step_saved(box, falsifier, chosen):
    step = Commitment("set", "Set the send time and the zone",
                      confirm={"completion": [Evidence("Send time saved")]},
                      falsify={"execution": [Evidence(falsifier)]})
    plan = Plan("Set it.", [step])
    form = _obs("https://app.test/c/1/schedule", "Schedule", "\t[2] main ''", "\t\t[3] heading 'Schedule'",
                f"\t\t[36] {box}", "\t\t[43] button 'Review'")
    page = Page.of(form)
    assert found_view(page, ()) is not page and found_view(page, (chosen,)) is page
    tester = StateTester(LexicalMatcher())
    # the application's default, before the step set it or saved: what the step is there to change
    assert tester.test(plan, step, form, acted=True, saved=False).alpha_minus < 0.5
    # chosen by the agent, it is the agent's value
    assert tester.test(plan, step, form, acted=True, saved=False, inputs=(chosen,)).alpha_minus >= 0.5
    # once the step saved, the form shows the record
    assert tester.test(plan, step, form, acted=True, saved=True).alpha_minus >= 0.5


# -- a control's label that says when it acts ----------------------------------------------------------

@pytest.mark.parametrize("falsifier,near,same", [
    ("Send now", Action("fill('34', '2025-05-14')", "Enter the send date.", "textbox 'Send date'", "write"),
     Action("click('50')", "Send it.", "button 'Send now'", "irreversible")),
    ("Pay now", Action("click('12')", "Open the payment history.", "link 'Pay history'", "read"),
     Action("click('13')", "Pay the invoice.", "button 'Pay now'", "irreversible")),
])
def test_when_a_control_acts_is_part_of_its_label(falsifier, near, same):
    m = LexicalMatcher()
    assert m.score_falsifiers((falsifier,), describe_action(near))[0] < 0.5
    assert m.score_falsifiers((falsifier,), describe_action(same))[0] >= 0.5


# -- an answer that keeps what the agent wrote --------------------------------------------------------

def _asking(title: str, keep: str, change: str) -> Observation:
    return _obs("https://app.test/c/1/schedule", "Schedule", "\t[2] main ''", "\t\t[3] heading 'Schedule'",
                "\t\t[35] textbox 'Send time' value='09:30'", "\t\t[36] combobox 'Time zone' value='Europe/Berlin'",
                f"\t[45] alertdialog '{title}', modal=True", f"\t\t[46] heading '{title}'",
                f"\t\t[47] button '{keep}'", f"\t\t[48] button '{change}'")


@pytest.mark.parametrize("task,title,keep,change", [
    ("Schedule the campaign for 14 May at 09:30 Berlin time.", "Change time zone?", "Keep 09:30", "Convert to 16:30"),
    ("Book the van for pickup at 07:45 at the harbour branch.", "Branch closes at 18:00", "Keep 07:45", "Move to 08:00"),
])
def test_keeping_what_the_agent_wrote_answers_the_dialog_its_edit_raised(task, title, keep, change):
    asked = TaskContext.from_plan(Plan(task, [Commitment("do", task)])).wanted
    page = _asking(title, keep, change)
    assert keeps(keep) and not keeps(change) and not keeps("Keep")
    assert handles_dialog(Action("click('47')", "Keep it.", f"button '{keep}'", "write"), page, asked, confirms=True)
    assert not handles_dialog(Action("click('48')", "Change it.", f"button '{change}'", "write"), page, asked, confirms=True)
    # the answer asks for no change: the dialog closing is all it does, no unchanged page
    closed = _obs("https://app.test/c/1/schedule", "Schedule", "\t[2] main ''", "\t\t[3] heading 'Schedule'",
                  "\t\t[35] textbox 'Send time' value='09:30'", "\t\t[36] combobox 'Time zone' value='Europe/Berlin'")
    assert check_transition(page, Action("click('47')", "Keep it.", f"button '{keep}'", "write"), closed) is None


# -- a URL's coded filter is said in words by the control that set it -----------------------------------

@pytest.mark.parametrize("task,control,options,query,other", [
    ("Create a work order for unit 4B at Alder Court.", "Building", ("All buildings", "Alder Court", "Elder Court"),
     "building=ALD", "status=VAC"),
    ("Renew the loan of Hana Kim at the Riverside branch.", "Branch", ("Any branch", "Riverside", "Hillcrest"),
     "branch=3", "format=dvd"),
])
def test_a_coded_query_value_is_read_in_the_words_of_its_control(task, control, options, query, other):
    ctx = TaskContext.from_plan(Plan(task, [Commitment("find", task)]))
    chosen = options[1]
    lines = ["\t[2] main ''", "\t\t[3] heading 'Results'", "\t\t[4] region 'Filters'", f"\t\t\t[10] combobox '{control}'"]
    lines += [f"\t\t\t\t[{11 + k}] option '{o}', selected={o == chosen}" for k, o in enumerate(options)]
    lines += ["\t\t\t[19] button 'Apply filters'", "\t\t[20] table ''", "\t\t\t[21] row ''",
              "\t\t\t\t[22] columnheader 'Name'", "\t\t\t\t[23] columnheader 'Status'"]
    for k, (name, status) in enumerate((("Item 2A", "Occupied"), ("Item 3C", "Vacant"), ("Item 6A", "Vacant"))):
        lines += [f"\t\t\t[{30 + 4 * k}] row ''", f"\t\t\t\t[{31 + 4 * k}] cell ''",
                  f"\t\t\t\t\t[{32 + 4 * k}] link '{name}'", f"\t\t\t\t[{33 + 4 * k}] cell '{status}'"]
    lines += ["\t\tStaticText 'Showing 1–3 of 3'"]
    asked = _obs(f"https://app.test/list?{query}", "Results", *lines)
    assert unrequested_narrowing(ctx, asked) is None  # the code stands for the place the task names
    more = _obs(f"https://app.test/list?{query}&{other}", "Results", *lines)
    assert unrequested_narrowing(ctx, more) is not None  # a filter no control says, and no task asks for


# -- a failure the application retries by itself --------------------------------------------------------

@pytest.mark.parametrize("background,own", [
    ("Rent reminder batch failed for 2 tenants — retrying automatically.", "Work order could not be saved."),
    ("Sync with the payment provider failed. We’ll try again in 5 minutes.", "Refund failed: card declined."),
])
def test_a_failure_the_application_retries_itself_is_no_alert_about_the_step(background, own):
    ctx = TaskContext.from_plan(Plan("Do it.", [Commitment("do", "Do it")]))
    before = _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'")
    click = Action("click('9')", "Save it.", "button 'Save'", "write")

    def alerts(msg):
        after = _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'",
                     "\t[5] status '', live='polite'", f"\t\t[6] StaticText '{msg}'")
        return [h.rule for h in builtin_hits(ctx, after, before=before, action=click)]

    assert "negative_alert" not in alerts(background)
    assert "negative_alert" in alerts(own)


# -- an agent that says it could not create what it was asked to ----------------------------------------

@pytest.mark.parametrize("message", [
    "Unit 4B is not listed at Alder Court, so I could not create the work order.",
    "We couldn't schedule the campaign: the segment is empty.",
])
def test_saying_it_could_not_make_the_thing_admits_the_task_undone(message):
    ctx = TaskContext.from_plan(Plan("Do it.", [Commitment("do", "Do it")]))
    page = _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'")
    report = Action(f"send_msg_to_user({message!r})", "Report.", None, "read")
    assert "report_failure" in [h.rule for h in builtin_hits(ctx, page, before=page, action=report)]
