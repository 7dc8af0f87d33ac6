"""A falsifier saying a thing the step needed is absent stops counting once the step's completion
evidence holds (the control is gone because it was used); before that it is drift. Two apps."""

from __future__ import annotations

import pytest

from fcpkit import Commitment, Evidence, LexicalMatcher, Observation, Plan
from fcpkit.core.bundles import PlanBundles
from fcpkit.core.router import Route
from fcpkit.core.testers import StateTester

CASES = [
    # (record page url, title, id, control, status line before, status line after)
    ("http://127.0.0.1:8000/expenses/EXP-1180", "Expense report EXP-1180 · Expenses", "EXP-1180", "Approve",
     "Status: Submitted", "Status: Approved"),
    ("https://hr.test/leave/LR-2207", "Leave request LR-2207 · PeopleDesk", "LR-2207", "Approve",
     "State: Pending", "State: Approved"),
]


def _page(url: str, title: str, rid: str, status: str, button: str | None) -> Observation:
    lines = [f"RootWebArea '{title}', focused", "\t[10] main ''", f"\t\t[12] heading '{title.split(' · ')[0]}'",
             f"\t\t[13] StaticText '{status}'"]
    if button:
        lines.append(f"\t\t[14] button '{button}'")
    return Observation(url, title, "\n".join(lines))


def _plan(title: str, rid: str, control: str, done: str) -> Plan:
    kind = title.split(" · ")[0].rsplit(" ", 1)[0]
    label = done.split(":")[0]
    return Plan(f"Approve {kind.lower()} {rid}.", [Commitment(
        "approve", f"Approve {rid}", confidence=0.8,
        confirm={"completion": [f"{label}: Approved"]},
        falsify={"execution": [Evidence(f"{control} button is not available on {kind.lower()} {rid} detail")]})])


@pytest.mark.parametrize("url,title,rid,control,before,after", CASES)
def test_the_missing_control_is_no_drift_once_the_step_is_done(url, title, rid, control, before, after):
    plan = _plan(title, rid, control, after)
    tester = StateTester(LexicalMatcher())
    c = plan.commitments[0]
    done = tester.test(plan, c, _page(url, title, rid, after, None))
    assert done.alpha_comp == 1.0 and done.alpha_minus == 0.0 and done.route is Route.COMPLETE


@pytest.mark.parametrize("url,title,rid,control,before,after", CASES)
def test_the_missing_control_is_drift_while_the_step_is_not_done(url, title, rid, control, before, after):
    plan = _plan(title, rid, control, after)
    tester = StateTester(LexicalMatcher())
    c = plan.commitments[0]
    missing = tester.test(plan, c, _page(url, title, rid, before, None))
    assert missing.alpha_minus == 1.0 and missing.route is Route.RISK
    present = tester.test(plan, c, _page(url, title, rid, before, control))
    assert present.alpha_minus == 0.0


def test_only_the_absence_of_a_control_is_set_aside_when_done():
    plan = Plan("Open expense report EXP-1193.", [Commitment(
        "find", "Find EXP-1193", confidence=0.8, confirm={"completion": ["Search results for EXP-1193"]},
        falsify={"execution": ["EXP-1193 is not listed in search results", "Search box is not available on expense reports",
                               "No Approve button on expense report EXP-1193 detail"]})])
    b = PlanBundles(LexicalMatcher(), "state").get(plan, plan.commitments[0])
    assert {b.statements[i] for i in b.absences} == {"Search box is not available on expense reports",
                                                      "No Approve button on expense report EXP-1193 detail"}


# -- an absence that names no place is read on the step's own page ------------------------------

UNPLACED = [
    # (the step's page, a page elsewhere in the app, the absence, the control, the step's progress)
    ("https://maps.test/place/quayside", "Quayside Market · Lodestar Maps", "https://maps.test/", "Home · Lodestar Maps",
     "No way to open directions: the Directions button is missing", "Directions", "Quayside Market place page"),
    ("https://lib.test/loans/L-3318", "L-3318 The Dispossessed · Quillstack Library", "https://lib.test/", "Catalogue · Quillstack Library",
     "No way to renew: the Renew loan button is missing", "Renew loan", "L-3318 The Dispossessed loan page"),
]


def _screen(url: str, title: str, button: str | None, say: str | None = None) -> Observation:
    lines = [f"RootWebArea '{title}', focused", "\t[10] main ''", f"\t\t[12] heading '{title.split(' · ')[0]}'"]
    if button:
        lines.append(f"\t\t[14] button '{button}'")
    if say:
        lines.append(f"\t\t[15] StaticText '{say}'")
    return Observation(url, title, "\n".join(lines))


@pytest.mark.parametrize("url,title,other,other_title,absence,control,progress", UNPLACED)
def test_an_absence_naming_no_place_counts_on_the_steps_page_not_elsewhere(url, title, other, other_title, absence,
                                                                           control, progress):
    plan = Plan("Use the control.", [Commitment("use", f"Click {control}", confidence=0.7,
                                                 confirm={"progress": [progress], "completion": ["Done and saved"]},
                                                 falsify={"execution": [absence]})])
    c = plan.commitments[0]
    b = PlanBundles(LexicalMatcher(), "state").get(plan, c)
    assert {b.statements[i] for i in b.unplaced} == {absence}
    tester = StateTester(LexicalMatcher())
    elsewhere = tester.test(plan, c, _screen(other, other_title, None))
    assert elsewhere.alpha_minus == 0.0 and elsewhere.route is Route.CONTINUE  # not where the control would be
    on_step = tester.test(plan, c, _screen(url, title, None))
    assert on_step.alpha_plus > 0 and on_step.alpha_minus >= 0.5 and on_step.route is Route.VERIFY
    assert tester.test(plan, c, _screen(url, title, control)).alpha_minus < 0.5
    said = tester.test(plan, c, _screen(other, other_title, None, say=absence))  # the page says it: wherever
    assert said.alpha_minus == 1.0
