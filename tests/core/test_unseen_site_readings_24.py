"""Readings for sites written by people who never saw fcpkit, round thirty-eight on: a field a form
enables only once a choice is made ("Card payment at the desk" enables "Receipt number") is typed
into out of order, not refused, while a form that disables all its controls (a view-only role)
refuses them; a form's default choice is its state when the step begins, whether or not the page
names the form; "<X> saved and the <Y> step is available" says two things, and "the <Y> step is
available" that the page offers it; a record's id named by its prefix ("a new TRI reference", "the
RMA number") is any id of that series, and a message "with" something says that too; an absence of
a record ("no transfer from <scheme> for <member>") does not hold on that record's own page; and
a text box's value, which the accessibility tree writes again as its child, is the field's, not a
number the page shows. Each on pages of two applications of our own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, Checker, Commitment, Label, Observation, Plan, Step, Trajectory
from fcpkit.core.page import Page, evidence_view
from fcpkit.core.rules import check_transition
from fcpkit.core.task_context import TaskContext
from fcpkit.matching import LexicalMatcher
from fcpkit.matching.lexical.claims import compile_claim


def _obs(url: str, title: str, *lines: str, error: str | None = None) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused", *lines]), error)


def _falsifier(statement: str, obs: Observation) -> float:
    return LexicalMatcher().score_falsifiers([statement], evidence_view(Page.of(obs)))[0]


_CHROME = ["\t[1] banner ''", "\t\t[2] link 'Home'", "\t\t[3] link 'Help'", "\t[4] main ''"]
_LOCKED = "TimeoutError: locator.fill: Timeout 500ms exceeded.\n  - element is not enabled"


# -- a field its form enables once a choice is made ---------------------------------------------------------------

_CHOICE_FORMS = [
    # a swim school's transfer: the fee is settled at the desk, which asks for the terminal's receipt
    dict(url="https://swim.test/transfers/TR-118/fees", title="Transfer · fees",
         group="How will the difference be settled?",
         choices=["Charge card on file", "Card payment taken at the desk", "Add to family account"],
         default=2, field="PDQ receipt number", value="584203",
         falsifier="Add to family account selected"),
    # a courier's redelivery form: a parcel left with a neighbour needs the neighbour's house number
    dict(url="https://parcels.test/deliveries/DL-55012/redeliver", title="Arrange redelivery",
         group="Where should we leave it?",
         choices=["Redeliver to the address", "Leave with a neighbour", "Hold at the depot"],
         default=0, field="Neighbour's house number", value="27",
         falsifier="Redeliver to the address chosen"),
]


def _choice_form(app, *, checked: int | None = None, all_disabled: bool = False, typed: str = "") -> Observation:
    checked = app["default"] if checked is None else checked
    off = ", disabled=True" if all_disabled else ""
    radios = [f"\t\t\t[{11 + k}] radio '{c}', checked='{'true' if k == checked else 'false'}'{off}"
              for k, c in enumerate(app["choices"])]
    return _obs(app["url"], app["title"], *_CHROME, f"\t\t[9] heading '{app['title']}'",
                f"\t\t[10] radiogroup '{app['group']}', required{off}", *radios,
                f"\t\t[20] textbox '{app['field']}', value='{typed}', disabled=True", "\t\t[21] button 'Confirm'")


@pytest.mark.parametrize("app", _CHOICE_FORMS, ids=lambda a: a["url"].split("/")[2])
def test_typing_into_a_field_that_waits_on_a_choice_is_out_of_order_not_refused(app):
    from fcpkit.core.falsifiers import check_builtins

    before = _choice_form(app)
    act = Action(f"fill('20', '{app['value']}')", "Type it.", f"textbox '{app['field']}'", "read")
    after = Observation(before.url, before.title, before.text, _LOCKED)
    assert Page.of(before).waits_on_choice(Page.of(before).position("20"))
    assert check_transition(before, act, after) is None
    plan = Plan("Settle it.", [Commitment("settle", "Settle it", confirm={"completion": ["Done"]})])
    assert check_builtins(TaskContext.from_plan(plan), after, before=before, action=act) is None
    # a form that disables every control (a view-only role) refuses them all
    locked = _choice_form(app, all_disabled=True)
    after = Observation(locked.url, locked.title, locked.text, _LOCKED)
    assert getattr(check_transition(locked, act, after), "rule", None) == "action_error"
    assert getattr(check_builtins(TaskContext.from_plan(plan), after, before=locked, action=act), "rule", None) == "refused"
    # a button the form keeps disabled is refused as before
    press = Action("click('21')", "Confirm.", "button 'Confirm'", "write")
    disabled_button = Observation(before.url, before.title, before.text.replace("button 'Confirm'", "button 'Confirm', disabled=True"))
    hit = check_builtins(TaskContext.from_plan(plan), disabled_button, before=disabled_button, action=press)
    assert getattr(hit, "rule", None) == "refused"


@pytest.mark.parametrize("app", _CHOICE_FORMS, ids=lambda a: a["url"].split("/")[2])
def test_a_default_choice_is_the_state_the_step_began_on_in_a_form_the_page_does_not_name(app):
    """A group of radio buttons under ``main`` holds its default before the agent chose: "<default>
    selected" is the form's state then, not the step's failure, while the agent only types or
    chooses in it. Sent with the default still chosen, it is the step's failure."""
    plan = Plan(f"{app['title']}: choose the other option.",
                [Commitment("settle", "Choose and confirm", confirm={"completion": ["Confirmed"]},
                            falsify={"execution": [app["falsifier"]]})])
    start = _choice_form(app)
    typed = Step(Action("fill('5', 'x')", "Type a note.", "textbox 'Note'", "read"), start)
    tr = Trajectory("t", plan.task, plan, start, (typed,), Label(None, None), "app")
    assert not Checker().check(tr).detected
    sent = Step(Action("click('21')", "Confirm.", "button 'Confirm'", "write"), start)
    tr = Trajectory("t", plan.task, plan, start, (typed, sent), Label(None, None), "app")
    report = Checker().check(tr)
    assert report.detected and report.detection.step == 1
    assert frozenset(range(len(Page.of(start).nodes))) > Page.of(start).form_state >= {
        i for i, n in enumerate(Page.of(start).nodes) if n.kind == "radio"}


# -- "<X> saved and the <Y> step is available" -------------------------------------------------------------------------

@pytest.mark.parametrize("url,title,said,tab,statement", [
    # a self-storage move-out: the inspection saved, the wizard's next step offered
    ("https://storage.test/move-outs/MO-24-0119", "Move-out MO-24-0119 · Refund & close", "Inspection saved: Broom clean needed",
     "2 Refund & close", "Inspection saved and the Refund & close step is available"),
    # a clinic's referral: the triage saved, the booking step offered
    ("https://clinic.test/referrals/RF-2291", "Referral RF-2291 · Booking", "Triage recorded: routine, 6 weeks",
     "3 Book appointment", "Triage recorded and the Book appointment step is available"),
])
def test_an_event_and_the_step_it_makes_available_are_two_claims(url, title, said, tab, statement):
    claim = compile_claim(statement)
    assert claim.type == "both" and len(claim.parts) == 2
    page = lambda text, tab_name: Page.of(_obs(url, title, *_CHROME, f"\t\t[10] heading '{title.split(' · ')[0]}'",
                                               f"\t\t[11] tablist 'Steps'", f"\t\t\t[12] tab '1 Details', selected=False",
                                               f"\t\t\t[13] tab '{tab_name}', selected=True",
                                               f"\t\t[14] StaticText '{text}'", "\t\t[15] button 'Complete'"))
    m = LexicalMatcher()
    assert m.score_text([statement], page(said, tab))[0] >= 0.75
    assert m.score_text([statement], page("Nothing saved yet", "2 Other step"))[0] < 0.5
    # two subjects of one verb stay one clause
    assert compile_claim("the name and the address are shown").type != "both"


# -- an id named by its prefix -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("url,title,status,bare,statement", [
    # a pension scheme's transfer-in: the toast names the new transfer
    ("https://pensions.test/members/BW-204817/transfers/TRI-2025-00419", "Transfer-in TRI-2025-00419",
     "Transfer-in TRI-2025-00419 recorded for Margaret Ellison (BW-204817).", "Transfer-in recorded for Margaret Ellison.",
     "Transfer-in recorded message with a new TRI reference"),
    # a retailer's returns desk: the toast names the authorisation
    ("https://returns.test/orders/4410/returns/RMA-88213", "Return RMA-88213",
     "Return RMA-88213 authorised for order 4410.", "Return authorised for order 4410.",
     "Return authorised confirmation with the RMA number"),
])
def test_an_id_named_by_its_prefix_is_an_id_of_that_series(url, title, status, bare, statement):
    page = lambda text: Page.of(_obs(url, title, *_CHROME, f"\t\t[10] heading '{title}'", "\t\t[11] StaticText 'Details'",
                                     "\t[30] status '', live='polite'", f"\t\t[31] StaticText '{text}'"))
    m = LexicalMatcher()
    assert compile_claim(statement).type == "message"
    assert m.score_text([statement], page(status))[0] >= 0.9
    assert m.score_text([statement], page(bare))[0] < m.score_text([statement], page(status))[0]
    # a label and its value is no id named by its prefix
    from fcpkit.matching.lexical.claims import normalise
    assert normalise("NI number JT 48 21 93 B") == "NI number JT 48 21 93 B"


# -- an absent record on that record's page ---------------------------------------------------------------------------

@pytest.mark.parametrize("url,title,heading,fields,statement,row", [
    # a pension scheme: the transfer's own page, under the member's Transfers tab
    ("https://pensions.test/members/BW-311562/transfers/TRI-2025-00421", "Transfer-in TRI-2025-00421", "Transfer-in TRI-2025-00421",
     [("Member", "Daniel Okafor (BW-311562)"), ("Ceding scheme", "Sterling Mutual Personal Pension"), ("Value", "£12,904.00")],
     "Transfers tab shows no transfer from Sterling Mutual for Daniel Okafor", "TRI-2019-00087 Kestrel Group Plan £6,112.40"),
    # a freight broker: the shipment's own page, under the customer's Shipments tab
    ("https://freight.test/customers/C-2207/shipments/SHP-20931", "Shipment SHP-20931", "Shipment SHP-20931",
     [("Customer", "Acme Retail (C-2207)"), ("Origin", "Hanover Mills, Leeds"), ("Pallets", "14")],
     "Shipments tab shows no shipment from Hanover Mills for Acme Retail", "SHP-19840 Bradford Depot 6 pallets"),
])
def test_an_absent_record_does_not_hold_on_that_records_own_page(url, title, heading, fields, statement, row):
    detail = [f"\t\t[{20 + k}] StaticText '{a}: {b}'" for k, (a, b) in enumerate(fields)]
    page = _obs(url, title, *_CHROME, f"\t\t[10] heading '{heading}'", *detail)
    assert _falsifier(statement, page) < 0.5
    # the list of the member's records without it: the record is absent
    kind = statement.split()[0]
    listing = _obs(url.rsplit("/", 1)[0], f"{kind} · {fields[0][1]}", *_CHROME, f"\t\t[10] heading '{fields[0][1]}'",
                   f"\t\t[11] tab '{kind}', selected=True", f"\t\t[12] heading '{kind}'", f"\t\t[13] table '{kind}'",
                   f"\t\t\t[14] row '{row}'", f"\t\t\t\t[15] cell '{row}'")
    assert _falsifier(statement, listing) >= 0.75


# -- a text box's own value is not a number the page shows --------------------------------------------------------------

@pytest.mark.parametrize("task,field,slip", [
    ("Record a transfer-in of £48,210.55 for Margaret Ellison (BW-204817) and save it.", "Transfer value (£) *", "48120.55"),
    ("Log a delivery of 1,350 kg of flour against PO-88120 and save it.", "Weight received (kg)", "1530"),
])
def test_a_text_boxs_echo_of_its_value_is_not_a_number_the_page_shows(task, field, slip):
    from fcpkit.core.falsifiers import check_builtins

    plan = Plan(task, [Commitment("enter", "Enter the value", confirm={"completion": ["Saved"]})])
    page = _obs("https://app.test/form", "Form", *_CHROME, "\t\t[10] heading 'Form'",
                f"\t\t[20] textbox '{field}', required, value='{slip}'", f"\t\t\tStaticText '{slip}'", "\t\t[21] button 'Save'")
    act = Action("click('21')", "Save.", "button 'Save'", "write")
    hit = check_builtins(TaskContext.from_plan(plan), page, before=page, action=act, inputs=(slip,))
    assert getattr(hit, "rule", None) == "mistyped_value"
    # the same number written by the page beside the field is the page's, copied
    shown = _obs("https://app.test/form", "Form", *_CHROME, "\t\t[10] heading 'Form'", f"\t\t[19] StaticText 'Suggested: {slip}'",
                 f"\t\t[20] textbox '{field}', required, value='{slip}'", f"\t\t\tStaticText '{slip}'", "\t\t[21] button 'Save'")
    assert check_builtins(TaskContext.from_plan(plan), shown, before=shown, action=act, inputs=(slip,)) is None
