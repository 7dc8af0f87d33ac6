from __future__ import annotations

import pytest

from fcpkit import Action, Observation
from fcpkit.core.rules import check_transition, page_diff, page_fingerprint, parse_action
from fcpkit.core.rules import check_action, is_page_changing

PAGE = Observation(
    url="http://127.0.0.1:8000/expenses/EXP-1180", title="Expense EXP-1180",
    text="RootWebArea 'Expense EXP-1180', focused\n\t[5] heading 'Expense EXP-1180'\n"
         "\t[9] StaticText 'Last updated 10:42 (3 minutes ago)'\n\t[12] button 'Approve'\n\t[13] StaticText 'Inbox (4)'",
)
TICKED = Observation(
    url=PAGE.url + "#top", title=PAGE.title,
    text=PAGE.text.replace("10:42", "10:47").replace("3 minutes", "8 minutes").replace("(4)", "(5)")
    .replace("[12] button 'Approve'", "[71] button 'Approve', focused"),
)
CHANGED = Observation(url=PAGE.url, title=PAGE.title, text=PAGE.text.replace("button 'Approve'", "StaticText 'Approved'"))
APPROVE = Action("click('12')", "Approve the report", "button 'Approve'", "irreversible")


def test_parse_action():
    calls = parse_action("fill('23', 'T-390')\npress('23', 'Enter')")
    assert [c.name for c in calls] == ["fill", "press"] and calls[0].args == ("23", "T-390")
    for bad in ["", "click(", "rm('-rf')", "import os", "click(x)", "x = click('1')"]:
        with pytest.raises(ValueError):
            parse_action(bad)


def test_unparsable_action_rule():
    assert check_action(Action("clik('12')")).rule == "unparsable_action"
    assert check_action(APPROVE) is None


def test_silent_noop_is_caught_despite_ticking_clock_and_counters():
    assert page_fingerprint(PAGE) == page_fingerprint(TICKED)
    hit = check_transition(PAGE, APPROVE, TICKED)
    assert hit is not None and hit.rule == "unchanged_page" and hit.scope == "execution"


def test_a_real_change_is_not_a_noop():
    assert check_transition(PAGE, APPROVE, CHANGED) is None
    assert any("Approved" in ln for ln in page_diff(PAGE, CHANGED))


def test_unchanged_page_after_non_changing_action_is_fine():
    focus = Action("click('5')", "look at heading", "heading 'Expense EXP-1180'", "read")
    assert not is_page_changing(focus)
    assert check_transition(PAGE, focus, TICKED) is None
    assert check_transition(PAGE, Action("scroll(0, 200)"), PAGE) is None
    assert is_page_changing(Action("press('23', 'Enter')"))
    assert not is_page_changing(Action("press('23', 'Tab')"))


def test_action_error_rule_comes_first():
    err = Observation(PAGE.url, PAGE.title, PAGE.text, error="TimeoutError: locator.click: Timeout 5000ms exceeded")
    assert check_transition(PAGE, APPROVE, err).rule == "action_error"


@pytest.mark.parametrize("title, text, status", [
    ("404 Not Found", "RootWebArea '404 Not Found'", None),
    ("Server Error", "RootWebArea 'Server Error'\n\t[3] heading '500 Internal Server Error'", None),
    ("Forbidden", "RootWebArea 'Forbidden'", None),
    ("127.0.0.1", "RootWebArea '127.0.0.1'\n\tStaticText 'This site can’t be reached'\n\tStaticText 'ERR_CONNECTION_REFUSED'", None),
    ("Expense", "RootWebArea 'Expense'", 403),
])
def test_error_pages(title, text, status):
    obs = Observation("http://127.0.0.1:8000/x", title, text, extra={"status": status} if status else {})
    assert check_transition(None, None, obs).rule == "error_page"


def test_error_words_in_body_are_not_an_error_page():
    obs = Observation("http://127.0.0.1:8000/support/T-5", "Ticket T-5",
                      "RootWebArea 'Ticket T-5'\n\tStaticText 'Customer saw error 500 at checkout'")
    assert check_transition(None, None, obs) is None


def test_noop_write_that_reloads_the_form_is_caught_against_the_page_before_the_edits():
    from fcpkit.core.rules import edit_baseline

    detail = Observation("http://127.0.0.1:8000/support/T-390", "Ticket T-390",
                         "RootWebArea 'Ticket T-390'\n\t[51] combobox 'Team' value='Unassigned'\n\t[59] button 'Assign'")
    selected = Observation(detail.url, detail.title, detail.text.replace("Unassigned", "Payments"))
    select = Action("select_option('51', 'Payments')", "pick the team", "combobox 'Team'", "read")
    assign = Action("click('59')", "save", "button 'Assign'", "irreversible")
    history = [(Action("click('3')", target="link 'T-390'"), detail), (select, selected)]
    base = edit_baseline(detail, history)
    assert base is detail
    # the no-op reloads the form: not identical to the page it started from, identical to the one before the edit
    assert check_transition(selected, assign, detail) is None
    assert check_transition(selected, assign, detail, baseline=base).rule == "unchanged_page"
    saved = Observation(detail.url, detail.title, selected.text + "\n\t[70] alert 'Ticket T-390 assigned to Payments'")
    assert check_transition(selected, assign, saved, baseline=base) is None
    assert edit_baseline(detail, history[:1]) is None  # last action was no form edit


def test_an_episode_that_ended_is_not_a_noop():
    ended = Observation(TICKED.url, TICKED.title, TICKED.text, extra={"terminated": True})
    assert check_transition(PAGE, APPROVE, ended) is None


def test_choosing_what_is_already_chosen_is_not_expected_to_change_the_page():
    same = Action("select_option('13', 'Ertha')", target="combobox '' value='Ertha', hasPopup='menu'")
    other = Action("select_option('13', 'Aurie')", target="combobox '' value='Ertha', hasPopup='menu'")
    assert not is_page_changing(same) and is_page_changing(other)
    assert not is_page_changing(Action("fill('5', 'Myron')", target="textbox '' value='Myron'"))


@pytest.mark.parametrize("command", [
    "send_msg_to_user('Approved EXP-1180.')", "noop()", "noop(2000)", "scroll(0, 400)", "hover('12')",
])
def test_an_action_that_does_not_act_on_the_page_never_expects_a_change_whatever_its_label(command):
    # a report to a person is often labelled irreversible (it cannot be taken back): still no page change
    for effect in ("read", "write", "irreversible"):
        action = Action(command, "", None, effect)
        assert not is_page_changing(action)
        assert check_transition(PAGE, action, TICKED, baseline=PAGE) is None


def test_countdowns_and_relative_future_times_are_masked_in_the_state_diff():
    soon = Observation(PAGE.url, PAGE.title, PAGE.text + "\n\t[20] StaticText 'Approval window closes in 3 hours (2 days left)'")
    later = Observation(PAGE.url, PAGE.title, soon.text.replace("in 3 hours", "in 2 hours").replace("2 days", "1 day"))
    assert page_fingerprint(soon) == page_fingerprint(later)
    assert check_transition(soon, APPROVE, later).rule == "unchanged_page"
    tomorrow = Observation(PAGE.url, PAGE.title, PAGE.text + "\n\t[21] StaticText 'Due tomorrow, 1h 20m remaining'")
    assert page_fingerprint(tomorrow) == page_fingerprint(
        Observation(PAGE.url, PAGE.title, tomorrow.text.replace("tomorrow", "today").replace("1h 20m", "45m")))


def test_a_direct_write_is_compared_with_the_page_it_started_from():
    banner = "\n\t[70] status '', live='polite'\n\t\t[71] StaticText 'Request received.'"
    announced = Observation(PAGE.url, PAGE.title, TICKED.text + banner)
    hit = check_transition(PAGE, APPROVE, announced)  # no form edits led up to it: the origin is the page before
    assert hit is not None and hit.rule == "unchanged_page" and "it started from" in hit.detail
    assert check_transition(PAGE, APPROVE, Observation(PAGE.url, PAGE.title, CHANGED.text + banner)) is None
    # a read that only shows a message is not a write that did nothing
    assert check_transition(PAGE, Action("click('12')", "", "button 'Approve'", "read"), announced) is None
