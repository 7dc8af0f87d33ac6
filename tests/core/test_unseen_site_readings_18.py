"""Readings for sites written by people who never saw fcpkit, round twenty-seven: a control pressed
again while the page says the agent's last submission is still being worked on is a double
submission, read before the second press runs; a press again with no sign of work under way is a
retry and is left to the page test. Each on pages of two applications of our own making, worded
differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, Commitment, CommitmentTracker, Decision, Evidence, LexicalMatcher, Observation, Plan
from fcpkit.core.rules import presses_in_flight
from fcpkit.core.testers import ActionTester, StateTester


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused, url='{url}'", *lines]))


# -- a control pressed again while its submission is under way --------------------------------------------------

#: (app, button, what the page says while it works, completion): a library's interlibrary-loan
#: request, sent from its review page; a gym's class booking, confirmed on its summary page
_APPS = [
    ("Loanline", "Send request", "Sending request…", "Interlibrary loan request ILL-4410 sent"),
    ("Fitbook", "Confirm booking", "Processing your booking...", "Booking BK-2291 confirmed"),
]


def _form(app: str, button: str, *extra: str, busy: bool = False) -> Observation:
    state = ", busy=True" if busy else ""
    return _obs(f"https://{app.lower()}.test/review", f"Review · {app}", "\t[2] main ''", "\t\t[3] heading 'Review'",
                "\t\tStaticText 'Total: 3 items'", "\t\t[4] button 'Back'", f"\t\t[5] button '{button}'{state}", *extra)


def _run(app: str, button: str, pages: list[Observation], actions: list[Action]) -> list[str | None]:
    """The pre-action rule of each action taken on the page before it, as the checker runs a trajectory."""
    plan = Plan(f"{app}: review and press {button}.", [
        Commitment("submit", f"Press {button}", confirm={"completion": [Evidence(f"{button} done")]})])
    tester = StateTester(LexicalMatcher())
    tr = CommitmentTracker(plan, tester, actions=ActionTester(tester.matcher))
    tr.test_page(pages[0])
    rules = []
    for before, action, after in zip(pages, actions, pages[1:]):
        pre = tr.test_action(action)
        rules.append(pre.rule)
        tr.action_tested(action, pre, Decision.CONTINUE)
        if action.effect in ("write", "irreversible"):
            tr.record_write(action)
        tr.test_page(after, before=before, action=action)
    return rules


def _press(button: str, effect: str = "irreversible") -> Action:
    return Action("click('5')", "Submit.", f"button '{button}'", effect)


@pytest.mark.parametrize("app,button,working,_", _APPS)
def test_pressing_again_while_the_page_says_it_is_working_is_a_double_submission(app, button, working, _):
    form = _form(app, button)
    working_page = _form(app, button, f"\t\tStaticText '{working}'")
    rules = _run(app, button, [form, working_page, working_page], [_press(button), _press(button)])
    assert rules == [None, "repeated_submit"]


@pytest.mark.parametrize("app,button,_,__", _APPS)
def test_pressing_a_control_the_page_marks_busy_is_a_double_submission(app, button, _, __):
    """The busy control need not be the one the write pressed: the dialog's confirm sent the
    submission, and the form's own button, busy now, would open it again."""
    form = _form(app, button)
    busy = _form(app, button, busy=True)
    confirm = Action("click('9')", "Confirm.", "button 'Yes, go ahead'", "irreversible")
    asked = _form(app, button, "\t[8] dialog 'Are you sure?', modal=True", "\t\t[9] button 'Yes, go ahead'")
    rules = _run(app, button, [form, asked, busy, busy], [_press(button, "read"), confirm, _press(button, "read")])
    assert rules[-1] == "repeated_submit"


@pytest.mark.parametrize("app,button,working,completion", _APPS)
def test_a_press_with_no_sign_of_work_under_way_is_not_a_double_submission(app, button, working, completion):
    """A retry over a page that says nothing (a silent no-op), waiting until the work is done, a
    message the page showed before the first press, or pressing another control while it works:
    none is a second submission of the same write."""
    form = _form(app, button)
    assert _run(app, button, [form, form, form], [_press(button), _press(button)])[-1] is None
    done = _form(app, button, f"\t\t[7] status ''", f"\t\t\tStaticText '{completion}'")
    working_page = _form(app, button, f"\t\tStaticText '{working}'")
    wait = Action("noop(1000)", "Wait for it.", None, "read")
    assert _run(app, button, [form, working_page, done], [_press(button), wait])[-1] is None
    assert _run(app, button, [working_page, working_page, working_page], [_press(button), _press(button)])[-1] is None
    back = Action("click('4')", "Back.", "button 'Back'", "read")
    assert _run(app, button, [form, working_page, working_page], [_press(button), back])[-1] is None


@pytest.mark.parametrize("app,button,working,_", _APPS)
def test_the_rule_reads_the_page_not_the_agents_words(app, button, working, _):
    """``presses_in_flight`` on its own: what it needs is the write, the page it was made on, and
    the page the next press is taken on; typing into a field is no press."""
    form = _form(app, button)
    working_page = _form(app, button, f"\t\tStaticText '{working}'")
    assert presses_in_flight(_press(button), working_page, _press(button), form) is not None
    typed = Action("fill('5', 'x')", "Type.", f"button '{button}'", "write")
    assert presses_in_flight(typed, working_page, _press(button), form) is None
