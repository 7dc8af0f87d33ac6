"""Readings for sites written by people who never saw fcpkit, an eleventh round: an id's prefix
written for a number not yet given; a failure announced after a read that the read did not cause;
a picker for the step's value opened by the agent; a dialog the agent opened that only shows
something. Each on pages of two applications of our own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, ActionTester, Commitment, Evidence, LexicalMatcher, Observation, Plan
from fcpkit.core.dialogs import only_informs, unexpected_dialog
from fcpkit.core.falsifiers import TaskContext, builtin_hits
from fcpkit.core.page import record_ids
from fcpkit.core.testers import StateTester
from fcpkit.core.tracker import CommitmentTracker


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused, url='{url}'", *lines]))


# -- an id's prefix stands for the number the record will get ------------------------------------------

@pytest.mark.parametrize("series,given,task,page_title", [
    ("Outgoing loan OL-2025-", "OL-2025-0117", "Record the outgoing loan of object 1987.214.3.", "Outgoing loan OL-2025-0117"),
    ("Invoice INV-2024-… issued", "INV-2024-3381", "Invoice the Harbour Cafe order ORD-5512.", "Invoice INV-2024-3381"),
])
def test_an_ids_prefix_is_no_record_and_the_record_it_stands_for_is_not_another(series, given, task, page_title):
    assert record_ids(series) == ()
    assert [r.id for r in record_ids(f"{page_title} saved")] == [given]
    plan = Plan(task, [Commitment("save", "Save it", confirm={"completion": [Evidence(series)]})])
    ctx = TaskContext.from_plan(plan)
    before = _obs("https://app.test/new", "New", "\t[2] main ''", "\t\t[3] heading 'New'", "\t\t[9] button 'Save'")
    saved = _obs(f"https://app.test/r/{given}", page_title, "\t[2] main ''", f"\t\t[3] heading '{page_title}'",
                 "\t\t[4] StaticText 'Status: Draft'")
    save = Action("click('9')", "Save.", "button 'Save'", "irreversible")
    assert "wrong_record" not in [h.rule for h in builtin_hits(ctx, saved, before=before, action=save)]


# -- a failure announced after a read that the read did not cause ----------------------------------------

@pytest.mark.parametrize("target,other_work,the_read", [
    ("link '1987.214.3'", "Image sync finished: 2 of 14 uploads failed for this object. Retry from the Images tab.",
     "Could not load the object record."),
    ("link 'Unit 4B · Alder Court'", "Rent reminder batch failed for 2 tenants.", "Unit 4B could not be opened: error 503."),
])
def test_a_failure_after_a_read_counts_only_when_it_is_the_reads(target, other_work, the_read):
    ctx = TaskContext.from_plan(Plan("Do it.", [Commitment("do", "Do it")]))
    before = _obs("https://app.test/list", "List", "\t[2] main ''", "\t\t[3] heading 'List'")
    click = Action("click('9')", "Open it.", target, "read")
    write = Action("click('9')", "Save it.", "button 'Save'", "write")

    def alert(msg, action):
        after = _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'",
                     "\t[5] status ''", f"\t\t[6] StaticText '{msg}'")
        return "negative_alert" in [h.rule for h in builtin_hits(ctx, after, before=before, action=action)]

    assert not alert(other_work, click)  # the application's other work, no read of the agent's made it fail
    assert alert(the_read, click)  # the page did not load: the read's own failure
    assert alert(other_work, write)  # after a write, any failure may be the write's


# -- a picker for the step's value, opened by the agent ---------------------------------------------------

@pytest.mark.parametrize("task,control,other", [
    ("Set up the loan for 1987.214.3 with loan dates 2025-03-14 to 2025-07-20.", "Choose loan start date", "Email borrower"),
    ("Create a work order for unit 4B and send it to vendor Brightline Plumbing.", "Browse vendor directory", "Archive unit"),
])
def test_a_picker_for_a_value_the_plan_asks_for_is_no_unasked_act(task, control, other):
    asked = TaskContext.from_plan(Plan(task, [Commitment("do", task)])).wanted
    picker = Action("click('30')", "Pick it.", f"button '{control}'", "read")
    assert unexpected_dialog([control], "", picker, asked) is None
    offer = Action("click('31')", "Do it.", f"button '{other}'", "read")
    assert unexpected_dialog([other], "", offer, asked) is not None


# -- a dialog the agent opened that only shows something ----------------------------------------------------

def _shown(title: str, *inside: str) -> Observation:
    return _obs("https://app.test/w", "Wizard", "\t[2] main ''", "\t\t[3] heading 'Choose a plan'",
                f"\t\t[37] button '{title}'", "\t\t[38] button 'Next'", f"\t[40] dialog '{title}', modal=True",
                f"\t\t[41] heading '{title}'", *inside)


@pytest.mark.parametrize("title,shows,acts", [
    ("Compare plans", ("\t\t[42] table 'Plan comparison'", "\t\t\t[43] row ''", "\t\t\t\t[44] cell 'Fibre 500'",
                       "\t\t[92] button 'Close'"), "\t\t[93] button 'Switch to Fibre 900'"),
    ("Rate card", ("\t\tStaticText 'Weekday 09:00–18:00: standard rate'", "\t\t[92] button 'Got it'"),
     "\t\t[93] textbox 'Override rate'"),
])
def test_a_dialog_that_only_shows_something_is_held_not_drift(title, shows, acts):
    page = _shown(title, *shows)
    assert only_informs(page, title)
    assert not only_informs(_shown(title, *shows, acts), title)

    step = Commitment("choose", "Select Fibre Flex 500 and continue", confirm={"completion": [Evidence("Plan selected")]})
    plan = Plan("Move the customer to Fibre Flex 500.", [step])
    tracker = CommitmentTracker(plan, StateTester(LexicalMatcher()), actions=ActionTester(LexicalMatcher()))
    before = _obs("https://app.test/w", "Wizard", "\t[2] main ''", "\t\t[3] heading 'Choose a plan'",
                  f"\t\t[37] button '{title}'", "\t\t[38] button 'Next'")
    opened = tracker.test_page(page, before=before, action=Action("click('37')", "Look.", f"button '{title}'", "read"))
    assert opened.rule != "unexpected_dialog"
    tracker2 = CommitmentTracker(plan, StateTester(LexicalMatcher()), actions=ActionTester(LexicalMatcher()))
    acting = tracker2.test_page(_shown(title, *shows, acts), before=before,
                                action=Action("click('37')", "Look.", f"button '{title}'", "read"))
    assert acting.rule is None  # it offers an act the plan never asks for: held, the agent's next action decides
    inside = Action("click('93')", "Go on.", acts.strip().split("] ", 1)[1], "write")
    assert tracker2.test_action(inside).rule == "unexpected_dialog"
