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
