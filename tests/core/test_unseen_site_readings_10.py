"""Readings for sites written by people who never saw fcpkit, a twelfth round: where a control
repeated on every row stands; a message that names the page's own record as where something
went; a date whose rest the author left open; a ticker whose counts move on every page; a
warning in a dialog that asks. Each on pages of two applications of our own making, worded
differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, ActionTester, Commitment, Evidence, LexicalMatcher, Observation, Plan
from fcpkit.core.falsifiers import TaskContext, builtin_hits
from fcpkit.core.page_facts import target_place
from fcpkit.core.rules import check_transition
from fcpkit.core.text import tokenize


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused, url='{url}'", *lines]))


# -- where a control repeated on every row stands -----------------------------------------------------

def _rows(control: str, *rows: tuple[str, str]) -> Observation:
    lines = ["\t[2] main ''", "\t\t[3] table 'Assignments'", "\t\t\t[4] row ''", "\t\t\t\t[5] columnheader 'Run'"]
    for k, (first, second) in enumerate(rows):
        b = 10 + 5 * k
        lines += [f"\t\t\t[{b}] row ''", f"\t\t\t\t[{b + 1}] cell '{first}'", f"\t\t\t\t[{b + 2}] cell '{second}'",
                  f"\t\t\t\t[{b + 3}] cell ''", f"\t\t\t\t\t[{b + 4}] button '{control}'"]
    return _obs("https://app.test/r/1", "Record", *lines)


@pytest.mark.parametrize("control,rows,falsifier,wrong,right", [
    ("Change stop", (("AM", "7:12 pickup"), ("PM", "3:44 drop-off")), "click Change stop on the AM row", "14", "19"),
    ("Edit rate", (("Weekday", "€169"), ("Weekend", "€189")), "click Edit rate in the weekend row", "19", "14"),
])
def test_a_falsifier_that_says_which_row_is_read_on_the_row_the_action_acts_in(control, rows, falsifier, wrong, right):
    page = _rows(control, *rows)
    assert target_place(Action(f"click('{wrong}')", "", f"button '{control}'", "read"), page).startswith(rows[0 if wrong == "14" else 1][0])
    step = Commitment("open", f"Open {control}", falsify={"execution": [Evidence(falsifier, on="action")]})
    plan = Plan("Do it.", [step])
    tester = ActionTester(LexicalMatcher())
    on_named_row = Action(f"click('{wrong}')", "Open it.", f"button '{control}'", "read")
    on_other_row = Action(f"click('{right}')", "Open it.", f"button '{control}'", "read")
    assert tester.test(plan, step, on_named_row, page=page).alpha_minus >= 0.5
    assert tester.test(plan, step, on_other_row, page=page).alpha_minus < 0.5
    # without the page, where it stands is unknown: the statement is read on the control alone
    assert tester.test(plan, step, on_other_row).alpha_minus >= 0.5


# -- a message that names the page's own record ----------------------------------------------------------

@pytest.mark.parametrize("own,other,message", [
    ("SR-24-081352", "SR-24-081376", "SR-24-081376 was merged into SR-24-081352. The reporter was notified."),
    ("CASE-4410", "CASE-4471", "CASE-4471 linked to CASE-4410 as a duplicate."),
])
def test_a_message_naming_the_pages_own_record_is_no_foreign_message(own, other, message):
    before = _obs(f"https://app.test/r/{other}", f"{other} · Requests", "\t[2] main ''", f"\t\t[3] heading '{other}'")
    after = _obs(f"https://app.test/r/{own}", f"{own} · Requests", "\t[2] main ''", f"\t\t[3] heading '{own}'",
                 "\t[5] status ''", f"\t\t[6] StaticText '{message}'")
    merge = Action("click('9')", "Merge.", "button 'Merge'", "irreversible")
    assert check_transition(before, merge, after) is None
    third = message.replace(own, "ZZ-99999" if own.startswith("SR") else "CASE-9999")
    after3 = _obs(f"https://app.test/r/{own}", f"{own} · Requests", "\t[2] main ''", f"\t\t[3] heading '{own}'",
                  "\t[5] status ''", f"\t\t[6] StaticText '{third}'")
    hit = check_transition(before, merge, after3)
    assert hit is not None and hit.rule == "foreign_message"  # about two other records: foreign still


# -- a date whose rest the author left open -----------------------------------------------------------------

@pytest.mark.parametrize("fragment,number", [("until 06/", "Grade 6"), ("from 2025-", "2025 intake")])
def test_an_open_date_fragment_is_no_number(fragment, number):
    assert tokenize(fragment) == tokenize(fragment.split()[0])
    assert tokenize("06/15/2026") and tokenize("T-390") == ("t-390",)
    page = _obs("https://app.test/r/1", "Record", "\t[2] main ''", f"\t\t[3] StaticText '{number}'")
    from fcpkit.core.page import Page
    assert LexicalMatcher().score_falsifiers((fragment,), Page.of(page))[0] < 0.5


# -- a ticker whose counts move on every page; a warning in a dialog that asks -------------------------------

@pytest.mark.parametrize("ticker_before,ticker_after,asking", [
    ("Live · 1,161 arrivals today · forecast run 06:10 (2 properties failed, retry scheduled)",
     "Live · 1,162 arrivals today · forecast run 06:10 (2 properties failed, retry scheduled)",
     ("Pickup warning", "18 rooms are already booked at a lower rate.", "Back", "Apply override")),
    ("Sync: 40 of 41 depots updated, 1 failed", "Sync: 41 of 42 depots updated, 1 failed",
     ("Capacity warning", "Route 14 PM will be over capacity.", "Go back", "Save anyway")),
])
def test_moving_counts_and_questions_are_no_new_failure(ticker_before, ticker_after, asking):
    ctx = TaskContext.from_plan(Plan("Do it.", [Commitment("do", "Do it")]))
    before = _obs("https://app.test/f", "Form", "\t[2] main ''", "\t[5] status ''", f"\t\t[6] StaticText '{ticker_before}'",
                  "\t\t[9] button 'Save'")
    after = _obs("https://app.test/f", "Form", "\t[2] main ''", "\t[5] status ''", f"\t\t[6] StaticText '{ticker_after}'",
                 "\t\t[9] button 'Save'")
    save = Action("click('9')", "Save.", "button 'Save'", "write")
    assert "negative_alert" not in [h.rule for h in builtin_hits(ctx, after, before=before, action=save)]
    title, text, back, go = asking
    asked = _obs("https://app.test/f", "Form", "\t[2] main ''", "\t\t[9] button 'Save'", f"\t[40] alertdialog '{title}', modal=True",
                 f"\t\t[41] StaticText '{text}'", f"\t\t[42] button '{back}'", f"\t\t[43] button '{go}'")
    assert "negative_alert" not in [h.rule for h in builtin_hits(ctx, asked, before=before, action=save)]
    told = _obs("https://app.test/f", "Form", "\t[2] main ''", "\t\t[9] button 'Save'", f"\t[40] alertdialog '{title}', modal=True",
                f"\t\t[41] StaticText '{text} Save failed.'", "\t\t[42] button 'OK'")
    assert "negative_alert" in [h.rule for h in builtin_hits(ctx, told, before=before, action=save)]
