"""Precision on sites fcpkit has never seen, as their plans are ordinarily written: a near miss named
by its id alone, a bulk control named beside the one-row control, a search's count by kind, and a
field set to what it already holds. Each on pages of two applications of our own making, worded
differently (a vets' clinic and a freight tracker; an expense desk and a mail client; a parts
catalogue and a school's records; a shipping form and a router's settings)."""

from __future__ import annotations

import pytest

from fcpkit import Action, Commitment, Evidence, LexicalMatcher, Observation, Plan
from fcpkit.core.falsifiers import TaskContext, builtin_hits
from fcpkit.core.page import Page, evidence_view
from fcpkit.core.rules import check_transition
from fcpkit.core.testers import ActionTester, StateTester
from fcpkit.matching.lexical.claims import compile_claim


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused", *lines]))


def _falsifier(statement: str, obs: Observation) -> float:
    return LexicalMatcher().score_falsifiers([statement], evidence_view(Page.of(obs)))[0]


# -- a near miss named by its id alone is that record's page, not a list that lists it -----------

CLINIC_HOME = _obs(
    "https://clinic.test/today", "Today · PetCare Desk",
    "\t[2] main ''", "\t\t[3] heading 'Today'",
    "\t\t[4] region 'Recently viewed'", "\t\t\t[5] list ''",
    "\t\t\t\t[6] listitem ''", "\t\t\t\t\t[7] link 'Biscuit (PT-4471)', url='https://clinic.test/patients/PT-4471'",
    "\t\t\t\t[8] listitem ''", "\t\t\t\t\t[9] link 'Bisque (PT-4417)', url='https://clinic.test/patients/PT-4417'")
CLINIC_WRONG = _obs(
    "https://clinic.test/patients/PT-4417", "Bisque · Patient PT-4417 · PetCare Desk",
    "\t[2] main ''", "\t\t[3] heading 'Bisque'", "\t\tStaticText 'Patient PT-4417 · Labrador · 6 y'")
FREIGHT_LIST = _obs(
    "https://freight.test/shipments?q=SH-88", "Shipments · Haulio",
    "\t[2] main ''", "\t\t[3] heading 'Shipments'", "\t\t[4] table 'Shipments'",
    "\t\t\t[5] row ''", "\t\t\t\t[6] cell 'SH-88120'", "\t\t\t\t[7] cell 'Rotterdam → Basel'",
    "\t\t\t[8] row ''", "\t\t\t\t[9] cell 'SH-88102'", "\t\t\t\t[10] cell 'Antwerp → Lyon'")
FREIGHT_WRONG = _obs(
    "https://freight.test/shipments/SH-88102", "SH-88102 · Haulio",
    "\t[2] main ''", "\t\t[3] heading 'Shipment SH-88102'", "\t\tStaticText 'Antwerp → Lyon · in transit'")


@pytest.mark.parametrize("statement", ["PT-4417", "SH-88102", "#100428", "'INV-2208'."])
def test_an_id_alone_is_an_identity_claim(statement):
    assert compile_claim(statement).type == "identity"


@pytest.mark.parametrize("listed,opened,statement", [
    (CLINIC_HOME, CLINIC_WRONG, "PT-4417"),
    (FREIGHT_LIST, FREIGHT_WRONG, "SH-88102"),
])
def test_a_near_miss_named_by_id_fires_on_its_page_not_where_it_is_listed(listed, opened, statement):
    assert _falsifier(statement, listed) < 0.5
    assert _falsifier(statement, opened) >= 0.9


def test_an_id_with_something_said_of_it_still_reads_the_row_that_lists_it():
    cancelled = _obs(
        "https://freight.test/shipments", "Shipments · Haulio", "\t[2] main ''", "\t\t[4] table 'Shipments'",
        "\t\t\t[5] row ''", "\t\t\t\t[6] link 'SH-88102 cancelled by the shipper'", "\t\t\t\t[7] cell 'Antwerp'",
        "\t\t\t[8] row ''", "\t\t\t\t[9] cell 'SH-88120'", "\t\t\t\t[10] cell 'Booked'")
    assert compile_claim("SH-88102 cancelled").type != "identity"
    assert _falsifier("SH-88102 cancelled", cancelled) >= 0.9


# -- a bulk control is named by its quantifier ------------------------------------------------------

EXPENSES = Plan("Approve expense claim EX-310 only.", [
    Commitment("approve", "Approve EX-310", confidence=0.7,
               falsify={"planning": [Evidence("Approve all", on="action")]}),
])
MAIL = Plan("Archive the message from Dana about the venue.", [
    Commitment("archive", "Archive Dana's message", confidence=0.7,
               falsify={"planning": [Evidence("Select every message", on="action")]}),
])


@pytest.mark.parametrize("plan,one,bulk", [
    (EXPENSES, "button 'Approve EX-310 Taxi to airport'", "button 'Approve all'"),
    (MAIL, "checkbox 'Select message from Dana Okafor'", "checkbox 'Select every message'"),
])
def test_a_bulk_control_falsifier_is_not_the_control_for_one(plan, one, bulk):
    tester, c = ActionTester(LexicalMatcher()), plan.commitments[0]
    single = tester.test(plan, c, Action("click('41')", "Do it for this one", one, "write"))
    assert single.alpha_minus < 0.5
    every = tester.test(plan, c, Action("click('40')", "Do it", bulk, "write"))
    assert every.alpha_minus >= 0.9


# -- a search's count by kind that found something is no empty result ---------------------------

PARTS = Plan("Order part BR-2290 (brake rotor) for bay 4.", [Commitment("find", "Find part BR-2290")])
SCHOOL = Plan("Update the guardian phone number of student ST-70412.", [Commitment("find", "Find student ST-70412")])


def _search(plan: Plan, url: str, title: str, term: str, notice: str, found: bool = True) -> list[str]:
    box = f"\t[9] searchbox 'Search' value='{term}'"
    before = _obs(url, title, box)
    row = f"\t\t\t[23] link '{term}'" if found else "\t\t\t[23] link 'BR-2209'"  # an empty search lists no match
    after = _obs(f"{url}?q={term}", title, box, f"\t[20] StaticText '{notice}'",
                 "\t[21] table 'Results'", "\t\t[22] row ''", row)
    action = Action("press('9', 'Enter')", "", "searchbox 'Search'", "read")
    return [h.rule for h in builtin_hits(TaskContext.from_plan(plan), after, before=before, action=action)]


@pytest.mark.parametrize("plan,url,title,term,found,empty", [
    (PARTS, "https://parts.test/search", "Search · PartsBin", "BR-2290", "1 part · 0 items", "No parts match your search"),
    (SCHOOL, "https://school.test/find", "Find · Classbook", "ST-70412", "2 students · 0 records", "0 records found"),
])
def test_a_count_by_kind_that_found_something_is_not_empty(plan, url, title, term, found, empty):
    assert _search(plan, url, title, term, found) == []
    assert _search(plan, url, title, term, empty, found=False) == ["empty_results"]


# -- a field set to what it holds changes nothing, and should not --------------------------------

SHIPPING = _obs("https://shop.test/checkout/shipping", "Shipping · Shop",
                "\t[2] main ''", "\t\t[5] combobox 'Delivery speed' value='Standard (3–5 days)'",
                "\t\t[6] button 'Continue'")
ROUTER = _obs("http://192.168.1.1/settings/wifi", "Wi-Fi settings",
              "\t[2] main ''", "\t\t[5] textbox 'Network name' value='Harbour Loft'", "\t\t[6] button 'Apply'")


@pytest.mark.parametrize("page,command,other", [
    (SHIPPING, "select_option('5', 'Standard (3–5 days)')", "select_option('5', 'Express (1 day)')"),
    (ROUTER, "fill('5', 'Harbour  Loft')", "fill('5', 'Harbour Loft 5G')"),
])
def test_setting_a_field_to_what_it_holds_is_no_silent_no_op(page, command, other):
    same = Action(command, "Make sure it is set", "combobox", "write")
    assert check_transition(page, same, page) is None
    changed = Action(other, "Set it", "combobox", "write")
    hit = check_transition(page, changed, page)
    assert hit is not None and hit.rule == "unchanged_page"


# -- a choice offered is no state of the form; the choice made is ------------------------------------

def _choices(url: str, title: str, group: str, options: list[str], checked: str) -> Observation:
    lines = ["\t[2] main ''", f"\t\t[3] heading '{title}'", f"\t\t[4] radiogroup '{group}'"]
    lines += [f"\t\t\t[{10 + k}] radio '{o}', checked='{'true' if o == checked else 'false'}'" for k, o in enumerate(options)]
    return _obs(url, title, *lines, "\t\t[30] button 'Continue'")


@pytest.mark.parametrize("url,title,group,options,wanted,wrong", [
    ("https://pizza.test/order/7/size", "Choose a size", "Size", ["Small 25 cm", "Medium 30 cm", "Family 40 cm"],
     "Medium 30 cm", "Family 40 cm"),
    ("https://fly.test/booking/QX-221/cabin", "Cabin", "Cabin class", ["Economy", "Premium economy", "Business"],
     "Economy", "Business"),
])
def test_a_falsifier_naming_a_choice_holds_where_it_is_chosen_not_where_it_is_offered(url, title, group, options, wanted, wrong):
    offered = _choices(url, title, group, options, wanted)
    chosen = _choices(url, title, group, options, wrong)
    assert _falsifier(wrong, offered) < 0.5
    assert _falsifier(wrong, chosen) >= 0.9


# -- a control that cannot be used is named by its whole name; a form's submit waits for the step ---

CART = _obs("https://shop.test/cart", "Cart · Grocer", "\t[2] main ''", "\t\t[3] heading 'Your cart'",
            "\t\t[8] button 'Proceed to checkout', disabled=True", "\t\t[9] button 'Checkout'")
CART_LOCKED = _obs("https://shop.test/cart", "Cart · Grocer", "\t[2] main ''", "\t\t[3] heading 'Your cart'",
                   "\t\t[9] button 'Checkout', disabled=True")
CMS = _obs("https://cms.test/posts/88/edit", "Edit post · Inkwell", "\t[2] main ''", "\t\t[3] heading 'Edit post'",
           "\t\t[8] button 'Publish later', disabled=True", "\t\t[9] button 'Publish'")
CMS_LOCKED = _obs("https://cms.test/posts/88/edit", "Edit post · Inkwell", "\t[2] main ''", "\t\t[3] heading 'Edit post'",
                  "\t\t[9] button 'Publish', disabled=True")


@pytest.mark.parametrize("statement,other,locked", [
    ("Checkout is disabled", CART, CART_LOCKED),
    ("Publish button greyed out", CMS, CMS_LOCKED),
])
def test_a_disabled_control_is_the_control_of_that_whole_name(statement, other, locked):
    claim = compile_claim(statement)
    assert claim.type == "presence" and claim.scope == "disabled"
    assert _falsifier(statement, other) < 0.5  # another control holding the word is disabled
    assert _falsifier(statement, locked) >= 0.9


@pytest.mark.parametrize("page,statement", [(CART_LOCKED, "Checkout button is disabled"), (CMS_LOCKED, "Publish is disabled")])
def test_a_submit_disabled_before_the_step_acted_is_not_yet_drift(page, statement):
    step = Commitment("submit", "Fill the form and submit it", confidence=0.7, falsify={"skill": [statement]})
    plan = Plan("Submit the form.", [step])
    tester = StateTester(LexicalMatcher())
    assert tester.test(plan, step, page, acted=False).alpha_minus < 0.5  # forms disable submit until filled
    assert tester.test(plan, step, page, acted=True).alpha_minus >= 0.9
