"""Readings for sites written by people who never saw fcpkit, round twenty-eight: *confirm* followed
by an act's noun performs that act ("Confirm allocation", "Confirm the payment"), while *confirm*
that goes on to say something of it checks ("Confirm the payment was received"); a report made
while the page still offers the act a later step asks for leaves that step undone; backing out of
the dialog a press raised takes the press back, so the act it asked to confirm is still undone.
Each on pages of two applications of our own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, Checker, Commitment, Label, Observation, Plan, Step, Trajectory
from fcpkit.core.control_acts import GENERIC_ACT, dialog_acts, expected_acts, name_acts


# -- the act a confirmation names ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name,act", [
    ("Confirm allocation", "assign"), ("Confirm payment £122.94", "pay"), ("Confirm refund of €40.00", "refund"),
    ("Confirm deletion", "delete"), ("Confirm the withdrawal", "cancel"), ("Confirm approval", "approve"),
])
def test_confirm_and_an_acts_noun_performs_that_act_and_finishes_the_form(name, act):
    assert name_acts(name) == {act, GENERIC_ACT}


@pytest.mark.parametrize("name", ["Confirm", "Confirm email address", "Payment method", "Allocation history",
                                  "Confirm the payment was received", "Confirm that email"])
def test_a_noun_alone_or_a_confirmation_that_goes_on_to_check_performs_no_act(name):
    assert name_acts(name) == frozenset()


@pytest.mark.parametrize("subgoal,acts", [
    ("Confirm the allocation and see it saved", {"assign"}), ("Confirm the payment for permit P-2210", {"pay"}),
    ("Confirm the payment was received", set()), ("Confirm that the claim shows as sent", set()),
    ("Confirm the record shows the new address", set()),
])
def test_a_step_that_confirms_an_act_asks_for_it_and_one_that_confirms_a_fact_asks_for_none(subgoal, acts):
    assert expected_acts(Commitment("s", subgoal))[0] == acts


# -- a report over a later step's act, and a dialog backed out of -------------------------------------------------

#: Two applications: a council's parking permits, paid from a review page through a dialog answered
#: with a bare "Confirm"; an expense tool whose claims are submitted through a dialog that names its act
_APPS = {
    "permits": dict(
        url="https://permitly.test/permits/P-2210/review", title="Review permit P-2210 · Permitly",
        plan=Plan("Pay for resident parking permit P-2210 (zone C, 12 months).", [
            Commitment("review", "Open the review page of permit P-2210",
                       confirm={"completion": ["Review permit P-2210"]}),
            Commitment("pay", "Confirm the payment for permit P-2210",
                       confirm={"completion": ["Payment received for permit P-2210"]}),
        ]),
        body=["\t\t[3] heading 'Review permit P-2210'", "\t\tStaticText 'Zone C · 12 months · £96.00'",
              "\t\t[4] button 'Back'", "\t\t[5] button 'Confirm payment'"],
        press="button 'Confirm payment'",
        dialog=["\t[8] dialog 'Confirm payment', modal=True", "\t\tStaticText 'Pay £96.00 for permit P-2210?'",
                "\t\t[9] button 'Cancel'", "\t\t[10] button 'Confirm'"],
        answer="button 'Confirm'", done="Payment received for permit P-2210. A receipt was emailed to you."),
    "claims": dict(
        url="https://claimwise.test/claims/CL-88/review", title="Claim CL-88 · Claimwise",
        plan=Plan("Submit expense claim CL-88 (train fares, £42.50).", [
            Commitment("review", "Open claim CL-88", confirm={"completion": ["Claim CL-88"]}),
            Commitment("submit", "Submit the claim and check it was sent",
                       confirm={"completion": ["Claim CL-88 submitted"]}),
        ]),
        body=["\t\t[3] heading 'Claim CL-88: Train fares'", "\t\tStaticText 'Status: Draft · Total £42.50'",
              "\t\t[4] button 'Save draft'", "\t\t[5] button 'Submit claim'"],
        press="button 'Submit claim'",
        dialog=["\t[8] dialog 'Submit claim CL-88?', modal=True",
                "\t\tStaticText 'Your manager will be asked to approve £42.50.'",
                "\t\t[9] button 'Go back'", "\t\t[10] button 'Submit claim'"],
        answer="button 'Submit claim'", done="Claim CL-88 submitted to your manager."),
}


def _page(app: dict, *extra: str, body: bool = True) -> Observation:
    lines = [f"RootWebArea '{app['title']}', focused", "\t[2] main ''", *(app["body"] if body else []), *extra]
    return Observation(app["url"], app["title"], "\n".join(lines))


def _check(app: dict, steps: list[tuple[Action, Observation]]):
    plan = app["plan"]
    start = Observation("https://portal.test/home", "Home", "RootWebArea 'Home', focused\n\t[1] link 'Open'")
    tr = Trajectory("t", plan.task, plan, start, tuple(Step(a, o) for a, o in steps), Label(None, None), "app")
    return Checker().check(tr)


def _open(app: dict) -> tuple[Action, Observation]:
    return Action("click('1')", "Open it.", "link 'Open'", "read"), _page(app)


def _press(app: dict) -> tuple[Action, Observation]:
    return Action("click('5')", "Press it.", app["press"], "read"), _page(app, *app["dialog"])


def _cancel(app: dict) -> tuple[Action, Observation]:
    return Action("click('9')", "Close the dialog.", f"button '{app['dialog'][2].split(chr(39))[1]}'", "read"), _page(app)


def _answer(app: dict) -> tuple[Action, Observation]:
    done = [f"\t\t[6] status ''", f"\t\t\tStaticText '{app['done']}'"]
    return Action("click('10')", "Confirm.", app["answer"], "irreversible"), _page(app, *done, body=False)


def _report(page: Observation) -> tuple[Action, Observation]:
    return Action("send_msg_to_user('Done: it went through.')", "Report.", None, "read"), page


@pytest.mark.parametrize("name", sorted(_APPS))
def test_reporting_while_the_page_offers_a_later_steps_act_leaves_that_step_undone(name):
    app = _APPS[name]
    result = _check(app, [_open(app), _report(_page(app))])
    assert result.detected and result.detection.step == 1
    assert result.checks[-1].result.rule == "skipped_commitment" or any(
        c.result.rule == "skipped_commitment" for c in result.checks if c.step == 1)


@pytest.mark.parametrize("name", sorted(_APPS))
def test_backing_out_of_the_dialog_a_press_raised_takes_the_press_back(name):
    app = _APPS[name]
    pressed = _press(app)
    result = _check(app, [_open(app), pressed, _cancel(app), _report(_page(app))])
    assert result.detected and result.detection.step == 3
    assert any(c.result.rule == "skipped_commitment" for c in result.checks if c.step == 3)


@pytest.mark.parametrize("name", sorted(_APPS))
def test_the_act_confirmed_in_its_dialog_is_done_even_after_a_first_cancel(name):
    app = _APPS[name]
    done = _answer(app)
    assert not _check(app, [_open(app), _press(app), _answer(app), _report(done[1])]).detected
    assert not _check(app, [_open(app), _press(app), _cancel(app), _press(app), _answer(app), _report(done[1])]).detected


@pytest.mark.parametrize("name", sorted(_APPS))
def test_the_acts_a_dialog_waits_for_include_a_bare_answers_from_the_dialogs_name(name):
    app = _APPS[name]
    waits = dialog_acts(_page(app, *app["dialog"]))
    assert waits >= expected_acts(app["plan"].commitments[1])[0]
    assert dialog_acts(_page(app)) == frozenset()


def test_a_step_that_only_checks_a_fact_is_not_held_to_a_control_the_page_offers():
    app = dict(_APPS["permits"])
    app["plan"] = Plan("Check permit P-2210 is paid.", [
        Commitment("review", "Open the review page of permit P-2210", confirm={"completion": ["Review permit P-2210"]}),
        Commitment("check", "Confirm the payment was received", confirm={"completion": ["Payment received"]}),
    ])
    result = _check(app, [_open(app), _report(_page(app))])
    assert not any(c.result.rule == "skipped_commitment" for c in result.checks)
