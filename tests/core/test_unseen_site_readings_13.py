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
