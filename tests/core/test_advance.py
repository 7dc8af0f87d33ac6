"""Moving on without confirmation, claiming done, start-page and dialog rules, message-only saves."""

from __future__ import annotations

from fcpkit.matching import LexicalMatcher
from fcpkit import Action, Checker, Commitment, Evidence, Label, Observation, Plan, Route, Step, Trajectory
from fcpkit.core.rules import check_transition, is_idle, is_report, new_modal_dialogs, unexpected_dialog
from fcpkit.core.testers import StateTester, acts, advance_check

FORM_PLAN = Plan(
    'Enter "Myron" and press Submit',
    [
        Commitment("enter", 'Type "Myron" into the text field', confidence=0.8,
                   confirm={"precondition": ["text field"],
                            "progress": [Evidence('Fill the text field with "Myron"', "action")],
                            "completion": ['text field value "Myron"']},
                   falsify={"execution": [Evidence("The text field holds a value other than Myron", "both")]}),
        Commitment("submit", "Press Submit", confidence=0.7,
                   confirm={"precondition": ['text field value "Myron"', "Submit button"],
                            "progress": [Evidence("Click Submit", "action")]}),
    ],
)


def form(value: str = "", end: bool = False) -> Observation:
    v = f" value='{value}'" if value else ""
    return Observation("file:///enter-text.html", "Enter Text Task",
                       f"RootWebArea 'Enter Text Task', focused\n\t[14] textbox ''{v}\n\t[15] button 'Submit'",
                       extra={"terminated": True} if end else {})


def run(steps, fault=None, first=None, plan=FORM_PLAN, start=None):
    return Trajectory("t", plan.task, plan, start or form(), tuple(Step(a, o, c) for a, o, c in steps),
                      Label(fault, first), "form")


FILL = Action("fill('14', 'Myron')", 'Type "Myron" into the text field.', "textbox ''")
WAIT = Action("noop(100)", 'Type "Myron" into the text field.', "textbox ''")
SUBMIT = Action("click('15')", "Press Submit to finish.", "button 'Submit'")
DONE = Action("send_msg_to_user('I have done every step of the task.')", "Every step has been taken.")


def test_acts_and_idle_and_report():
    assert acts(FORM_PLAN.commitments[0]) and acts(FORM_PLAN.commitments[1])
    assert not acts(Commitment("look", "Confirm it shows", confirm={"completion": ["Team: Payments"]}))
    assert is_idle(WAIT) and is_idle(Action("scroll(0, 200)")) and not is_idle(FILL) and not is_idle(DONE)
    assert is_report(DONE) and not is_report(SUBMIT)


def test_healthy_form_run_raises_nothing():
    rep = Checker().check(run([(FILL, form("Myron"), "enter"), (SUBMIT, form("Myron", end=True), "submit")]))
    assert not rep.detected and rep.advanced[:1] == ["enter"]


def test_a_skipped_step_is_caught_when_the_agent_moves_on():
    rep = Checker().check(run([(WAIT, form(), "enter"), (SUBMIT, form(), "submit")], "noop", 0))
    d = rep.detection
    assert d is not None and d.result.rule == "skipped_commitment" and (d.step, d.phase) == (1, "pre")


def test_a_skipped_step_is_caught_when_the_agent_reports_done():
    rep = Checker().check(run([(WAIT, form(), "enter"), (DONE, form(), "enter")], "noop", 0))
    d = rep.detection
    assert d is not None and d.result.rule == "skipped_commitment" and d.step == 1
    # the lower bound needs the pre-action test to know what was attempted; without it, no claim
    assert not Checker(pre_action=False).check(run([(WAIT, form(), "enter"), (DONE, form(), "enter")])).detected


def test_the_precondition_of_the_next_commitment_settles_an_unconfirmed_advance():
    t = StateTester(LexicalMatcher())
    # completion of "enter" never showed as such, but the page shows what "submit" needs
    r = t.advance(FORM_PLAN, 0, 1, form("Myron"), attempted={0})
    assert r.route is Route.CONTINUE and r.rule is None and r.alpha_plus == 1.0
    r = t.advance(FORM_PLAN, 0, 1, form(), attempted={0})
    assert r.route is Route.VERIFY and r.rule == "unconfirmed_advance"
    # a write that never showed its result: the verifier's call (hard only with strict_writes)
    assert advance_check(FORM_PLAN, 0, 1, {0}, attempted={0}).rule == "unconfirmed_write"
    # skipping outranks a precondition that happens to hold
    assert advance_check(FORM_PLAN, 0, 1, attempted=set(), precondition=1.0, gate=0.68).rule == "skipped_commitment"


def test_a_mistyped_value_is_caught_before_it_is_submitted():
    # typing is not committing: the agent may still correct it; the submission sends it
    typo = Action("fill('14', 'Myrn')", 'Type "Myron" into the text field.', "textbox ''")
    rep = Checker().check(run([(typo, form("Myrn"), "enter"), (SUBMIT, form("Myrn"), "submit")], "wrong_value", 0))
    d = rep.detection
    assert d is not None and (d.step, d.phase) == (1, "pre") and d.result.route is Route.RISK


POLICY = ("\t[61] dialog 'Updated acceptable use policy', modal=True\n\t\t[62] heading 'Updated acceptable use policy'\n"
          "\t\t[66] button 'Accept and continue'")


def test_unexpected_modal_dialog_is_drift_and_an_expected_one_is_not():
    page = Observation("http://x/support/T-390", "Ticket T-390", "RootWebArea 'Ticket T-390'\n" + POLICY)
    assert new_modal_dialogs(None, page) == ["Updated acceptable use policy"]
    assert new_modal_dialogs(page, page) == []
    hit = unexpected_dialog(["Updated acceptable use policy"], "Open ticket T-390 and assign it to Payments")
    assert hit is not None and hit.rule == "unexpected_dialog"
    plan = "Assign ticket T-390 to Payments\nAssign ticket dialog with Team list"
    assert unexpected_dialog(["Assign ticket T-390"], plan) is None
    assert unexpected_dialog(["Assign ticket T-411"], plan) is not None  # another record's dialog
    # a one-word title needs a dialog role word beside it in the statement
    assert unexpected_dialog(["Confirm"], "Confirm the complaint") is not None
    assert unexpected_dialog(["Confirm"], "Confirm dialog asks to save") is None


def test_an_interstitial_is_not_expected_because_its_words_are_scattered_through_the_plan():
    plan = "Approve the new leave request\nOpen the request in PeopleDesk\nAdd the note"
    hit = unexpected_dialog(["New in PeopleDesk"], plan)
    assert hit is not None and "does not name" in hit.detail
    assert unexpected_dialog(["New in PeopleDesk"], plan + "\nDismiss the New in PeopleDesk announcement") is None


def test_interstitial_on_the_start_page_is_caught_before_the_first_action():
    start = Observation(form().url, form().title, form().text + "\n" + POLICY)
    accept = Action("click('66')", "Accept to continue.", "button 'Accept and continue'")
    rep = Checker().check(run([(accept, form(), "enter"), (FILL, form("Myron"), "enter")], "interstitial", 0, start=start))
    d = rep.detection
    assert d is not None and d.result.rule == "unexpected_dialog" and (d.step, d.phase) == (0, "pre")


def test_a_save_that_only_announces_something_changed_nothing():
    base = Observation("http://x/t/1", "Ticket 1", "RootWebArea 'Ticket 1'\n\t[51] combobox 'Team' value='Unassigned'\n\t[59] button 'Assign'")
    edited = Observation(base.url, base.title, base.text.replace("Unassigned", "Payments"))
    banner = "\n\t[70] status '', live='polite', atomic\n\t\t[71] StaticText 'Comment added to ticket 1.'"
    save = Action("click('59')", "save", "button 'Assign'", "irreversible")
    hit = check_transition(edited, save, Observation(base.url, base.title, base.text + banner), baseline=base)
    assert hit is not None and hit.rule == "unchanged_page" and "status message" in hit.detail
    # the save that did something: the form keeps the new value (and says so)
    assert check_transition(edited, save, Observation(base.url, base.title, edited.text + banner), baseline=base) is None


def test_a_message_about_another_record_of_the_same_kind_is_drift():
    page = ("RootWebArea 'Refund details for ORD-55012'\n\t[3] heading 'Refund details for ORD-55012'\n"
            "\t[9] status '', live='polite', atomic\n\t\t[10] StaticText 'Refund of $83.90 issued for order ORD-55021.'\n"
            "\t[11] StaticText 'Refund amount $38.90'")
    after = Observation("http://x/orders/ORD-55012/refund", "Refund details for ORD-55012", page)
    hit = check_transition(None, Action("click('4')", target="link 'Refund details'"), after)
    assert hit is not None and hit.rule == "foreign_message" and "ORD-55021" in hit.detail
    own = Observation(after.url, after.title, page.replace("ORD-55021", "ORD-55012"))
    assert check_transition(None, Action("click('4')", target="link 'Refund details'"), own) is None
    # another kind of record (a ticket id on an order page) is not "another order"
    other_kind = Observation(after.url, after.title, page.replace("ORD-55021", "T-390"))
    assert check_transition(None, Action("click('4')", target="link 'Refund details'"), other_kind) is None
    # an old message already on the page before the action is not news
    assert check_transition(after, Action("scroll(0, 100)"), after) is None


def test_a_step_the_page_already_shows_done_is_not_skipped():
    t = StateTester(LexicalMatcher())
    # nobody typed, but the field already holds the value: enter's completion holds on the page
    assert t.advance(FORM_PLAN, 0, 1, form("Myron"), attempted=set()).rule != "skipped_commitment"
    assert t.advance(FORM_PLAN, 0, 1, form(), attempted=set()).rule == "skipped_commitment"
