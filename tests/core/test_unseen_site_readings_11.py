"""Readings for sites written by people who never saw fcpkit, a thirteenth round: how a step is
carried out does not exist before it acted; news about another record after a read; the legend
of a form's marks and a field's required flag. Each on pages of two applications of our own
making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, Commitment, Evidence, LexicalMatcher, Observation, Plan
from fcpkit.core.page import Page
from fcpkit.core.rules import check_transition
from fcpkit.core.testers import StateTester


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused, url='{url}'", *lines]))


# -- how a step is carried out does not exist before it acted ------------------------------------------

@pytest.mark.parametrize("subgoal,falsifier,summary", [
    ("Mark the appointment as a live unload", "Summary: D-14 North · 14:00–15:00 · Drop trailer",
     "Summary: D-14 North · 14:00–15:00 · Drop trailer"),
    ("Turn on gift wrapping for the order", "Gift wrap: off", "Gift wrap: off · Delivery: standard"),
])
def test_an_execution_falsifier_counts_once_the_step_acted(subgoal, falsifier, summary):
    step = Commitment("mark", subgoal, confirm={"completion": [Evidence("Saved")]},
                      falsify={"execution": [Evidence(falsifier)], "planning": [Evidence(summary)]})
    plan = Plan("Do it.", [step])
    form = _obs("https://app.test/f", "Form", "\t[2] main ''", "\t\t[3] heading 'Form'", f"\t\t[4] StaticText '{summary}'",
                "\t\t[9] button 'Save'")
    tester = StateTester(LexicalMatcher())
    found = tester.test(plan, step, form, acted=False)
    assert found.alpha_minus_by_scope.get("execution", 0.0) < 0.5  # the state the step is there to change
    assert found.alpha_minus_by_scope.get("planning", 0.0) >= 0.5  # what the plan says of the situation still counts
    assert tester.test(plan, step, form, acted=True).alpha_minus_by_scope["execution"] >= 0.5  # now it is the step's doing


# -- news about another record after a read --------------------------------------------------------------

@pytest.mark.parametrize("own,news,act", [
    ("TRL-48213", "Reefer alarm: TRL-48231 return air 41.8 °F, check the unit.", False),
    ("TRL-48213", "Detention started: TRL-48231 passed free time at Y-15.", False),
    ("ORD-55012", "Refund of $83.90 issued for order ORD-55021.", True),
    ("ORD-55012", "Order ORD-55021 was cancelled by the customer.", True),
])
def test_news_of_another_record_after_a_read_is_the_wrong_records_banner_only_when_it_reports_an_act(own, news, act):
    before = _obs("https://app.test/list", "List", "\t[2] main ''", "\t\t[3] heading 'List'")
    after = _obs(f"https://app.test/r/{own}", f"{own} · Records", "\t[2] main ''", f"\t\t[3] heading '{own}'",
                 "\t[5] alert ''", f"\t\t[6] StaticText '{news}'")
    opened = Action("click('9')", "Open it.", f"link '{own}'", "read")
    hit = check_transition(before, opened, after)
    # a read changes no record: an alarm or a timer on another one is the application's news; a
    # refund issued or an order cancelled on another one is the wrong record's banner
    assert (hit is not None and hit.rule == "foreign_message") is act
    wrote = Action("click('9')", "Refund it.", "button 'Issue refund'", "irreversible")
    hit = check_transition(before, wrote, after)
    assert hit is not None and hit.rule == "foreign_message"  # after a write, any news of another record
    assert check_transition(None, None, after) is None  # a page with no action (a re-test) has no transition


# -- the legend of a form's marks and a field's required flag ------------------------------------------------

@pytest.mark.parametrize("legend,field", [
    ("Fields marked * are required. A saved deviation is visible to the sponsor.",
     "combobox 'Severity *', value='Minor', hasPopup='menu', expanded=False, required"),
    ("* indicates a required field", "textbox 'Contact email *', value='ana@example.test', required=True"),
])
def test_the_forms_marks_and_required_flags_say_no_field_is_missing(legend, field):
    page = Page.of(_obs("https://app.test/f", "Form", "\t[2] main ''", "\t\t[3] form 'Details'",
                        f"\t\t\tStaticText '{legend}'", f"\t\t\t[4] {field}", "\t\t\t[9] button 'Save'"))
    assert len(page.legends) == 1
    m = LexicalMatcher()
    assert m.score_falsifiers(("is required",), page)[0] < 0.5
    error = Page.of(_obs("https://app.test/f", "Form", "\t[2] main ''", "\t\t[3] form 'Details'", f"\t\t\t[4] {field}",
                         "\t\t\t[5] StaticText 'Severity is required'", "\t\t\t[9] button 'Save'"))
    assert m.score_falsifiers(("is required",), error)[0] >= 0.5
