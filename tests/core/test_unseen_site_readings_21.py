"""Readings for sites written by people who never saw fcpkit, round thirty-one: a step's completion
that opens with the label of a field of the form it fills states that field's value, whatever words
the value holds, so a draft saved from that form undoes none of it. Each on pages of two
applications of our own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, Commitment, Observation
from fcpkit.core.control_acts import act_mismatch


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused", *lines]))


# -- a field's value holds an act's participle -----------------------------------------------------------------------

_APPS = [
    # a travel-expense claim: the reason chosen reads "Flight cancelled by airline"
    dict(subgoal="Open the expense claim form and fill in category, reason and amount",
         done=["Category Rebooking fee", "Reason Flight cancelled by airline", "Amount 84.00"],
         fields=["\t\t\t[4] combobox 'Category', value='Rebooking fee', required",
                 "\t\t\t[5] combobox 'Reason', value='Flight cancelled by airline', required",
                 "\t\t\t[6] textbox 'Amount', value='84.00', required"]),
    # a library's damaged-item record: the charge decision chosen reads "Waiver declined"
    dict(subgoal="Fill in the damage report: charge decision, charge and note",
         done=["Charge decision: Waiver declined", "Replacement charge 12.50"],
         fields=["\t\t\t[4] combobox 'Charge decision', value='Waiver declined', required",
                 "\t\t\t[5] textbox 'Replacement charge', value='12.50'",
                 "\t\t\t[6] textbox 'Note', multiline=True"]),
]


def _page(fields, *, wrapped: bool) -> Observation:
    """The form with its draft and finish buttons: inside a ``form`` landmark, or (as many sites
    write it) as groups and buttons straight in the main content."""
    if wrapped:
        body = ["\t[2] main ''", "\t\t[3] form 'Details'", *fields,
                "\t\t\t[8] button 'Save draft'", "\t\t\t[9] button 'Submit'"]
    else:
        body = ["\t[2] main ''", "\t\t[3] group 'Details'", *(x.replace("\t\t\t", "\t\t\t", 1) for x in fields),
                "\t\t[8] button 'Save draft'", "\t\t[9] button 'Submit'"]
    return _obs("https://app.test/form", "Form", "\t[1] banner ''", "\t\t[10] link 'Home'", *body)


@pytest.mark.parametrize("app", _APPS, ids=["expenses", "library"])
@pytest.mark.parametrize("wrapped", [True, False], ids=["form", "groups"])
def test_a_draft_keeps_a_value_that_holds_an_acts_participle(app, wrapped):
    draft = Action("click('8')", "Keep it for later.", "button 'Save draft'", "write")
    c = Commitment("fill", app["subgoal"], confirm={"completion": app["done"]})
    assert act_mismatch(draft, c, _page(app["fields"], wrapped=wrapped)) is None
    # with no page nothing says the participle is a field's value: it reads as the act the step means
    assert act_mismatch(draft, c) is not None


@pytest.mark.parametrize("app", _APPS, ids=["expenses", "library"])
def test_a_completion_that_names_the_act_done_still_wants_it_from_a_draft(app):
    """A statement that is no field's label and value ("Claim submitted") names the form's finish:
    a draft is not it."""
    draft = Action("click('8')", "Keep it for later.", "button 'Save draft'", "write")
    c = Commitment("fill", app["subgoal"], confirm={"completion": [*app["done"], "Claim submitted"]})
    assert act_mismatch(draft, c, _page(app["fields"], wrapped=True)) is not None


@pytest.mark.parametrize("label,value", [("Status", "Approved"), ("Leave", "Cancelled")])
def test_a_label_the_form_does_not_hold_is_not_read_as_its_field(label, value):
    """A label shown only as the record's text, outside the form (no control of the form carries
    it), says the record's state, which a draft does not reach."""
    draft = Action("click('8')", "Keep it for later.", "button 'Save draft'", "write")
    c = Commitment("fill", "Fill in the leave form and send it", confirm={"completion": [f"{label} {value}"]})
    page = _obs("https://app.test/r", "Request", "\t[2] main ''", f"\t\tStaticText '{label}: Pending'",
                "\t\t[3] form 'Request'", "\t\t\t[4] textbox 'Comment', value='ok'",
                "\t\t\t[8] button 'Save draft'", "\t\t\t[9] button 'Send'")
    assert act_mismatch(draft, c, page) is not None
