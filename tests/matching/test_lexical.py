"""The lexical matcher must not be fooled by what real pages do to word overlap."""

from __future__ import annotations

import numpy as np
import pytest

from fcpkit import LexicalMatcher, Matcher, Observation
from fcpkit.core.trajectory import serialize_observation
from fcpkit.core.text import strip_volatile, tokenize

QUEUE = serialize_observation(Observation(
    url="http://127.0.0.1:8000/support?q=T-390", title="Support queue",
    text="""RootWebArea 'Support queue', focused
\t[5] heading 'Support queue'
\t[12] textbox 'Search tickets' value='T-390'
\t[20] StaticText 'Last updated 10:42'
\t[31] link 'T-411 Refund not received'
\t[32] link 'T-390 Duplicate charge on card'
\t[33] link 'T-391 Duplicate charge on invoice'
\t[40] button 'Approve'""",
))
DETAIL_411 = serialize_observation(Observation(
    url="http://127.0.0.1:8000/support/T-411", title="Ticket T-411",
    text="""RootWebArea 'Ticket T-411', focused
\t[5] heading 'Ticket T-411'
\t[6] StaticText 'Customer reports a refund was not received'
\t[40] button 'Assign'""",
))
DETAIL_390 = DETAIL_411.replace("T-411", "T-390").replace("a refund was not received", "a duplicate charge")


@pytest.fixture()
def m() -> LexicalMatcher:
    return LexicalMatcher()


def test_protocol_and_shape(m):
    assert isinstance(m, Matcher)
    s = m.score(["Ticket T-390 detail", "Support queue", "x"], [QUEUE, DETAIL_390])
    assert s.shape == (3, 2) and s.dtype == np.float64
    assert ((0 <= s) & (s <= 1)).all()


def test_near_miss_identifier_elsewhere_on_page_is_not_the_record(m):
    # the queue lists T-411, but it is not "Ticket T-411 detail"
    assert m.score_one("Ticket T-411 detail", QUEUE) == 0.0
    assert m.score_one("Ticket T-411 detail", DETAIL_411) == 1.0
    assert m.score_one("Ticket T-390 detail", DETAIL_390) == 1.0


def test_identifiers_differing_by_one_character_do_not_match(m):
    assert m.score_one("Ticket T-391 detail", DETAIL_390) == 0.0
    assert m.score_one("Ticket T-390 detail", DETAIL_411) == 0.0
    # even when every other word matches
    assert m.score_one("T-391 customer reports a duplicate charge", DETAIL_390) == 0.0
    assert m.score_one("T-390 customer reports a duplicate charge", DETAIL_390) == 1.0


def test_amounts_are_exact_but_formatting_is_not(m):
    page = "title: Product SKU-2045\nStaticText 'Price: $1,042.50'"
    assert m.score_one("Price 1042.5", page) == 1.0
    assert m.score_one("Price 1042.05", page) == 0.0


def test_absence_is_not_supported_by_presence(m):
    assert m.score_one("Approve button is not available", QUEUE) == 0.0
    assert m.score_one("Assign button is not available on ticket detail", DETAIL_390) == 0.0


def test_absence_is_supported_in_its_context(m):
    redesigned = DETAIL_390.replace("button 'Assign'", "button 'Route to team'")
    assert m.score_one("Assign button is not available on ticket detail", redesigned) == 1.0
    # ... but not on an unrelated page: absence there proves nothing
    assert m.score_one("Assign button is not available on ticket detail", QUEUE) == 0.0
    # without a context clause, absence alone is weak evidence
    assert m.score_one("Assign button is not available", QUEUE) <= m.absence_prior


def test_stray_negation_elsewhere_does_not_make_a_negated_statement_true(m):
    # "not" appears in "Refund not received" on the same page
    assert m.score_one("Approve button is not available", QUEUE) == 0.0
    assert m.score_one("No tickets match", QUEUE) == 0.0
    empty = QUEUE + "\n\t[50] StaticText 'No tickets match your search'"
    assert m.score_one("No tickets match", empty) == 1.0


def test_volatile_text_neither_supports_nor_refutes(m):
    assert strip_volatile("Last updated 10:42 · 5 minutes ago · Open (12)").split() == ["Last", "updated", "·", "·", "Open"]
    assert m.score_one("Updated 5 minutes ago", QUEUE) == m.score_one("Updated", QUEUE)  # a relative time: nothing


def test_a_time_of_day_or_a_count_a_statement_names_is_part_of_it(m):
    # the matcher keeps what a statement names (a page's fingerprint still drops them)
    assert strip_volatile("Open (12) at 10:42 PM", counts=True).split() == ["Open", "count-12", "at", "clock-1042"]
    assert m.score_one("Updated 10:42", QUEUE) > m.score_one("Updated 11:15", QUEUE)


def test_tokenizer_keeps_identifiers_and_negations():
    assert tokenize("Ticket T-390 isn't assigned") == ("ticket", "t-390", "not", "assign")
    assert tokenize("Sign-in page") == ("sign", "in", "page") or tokenize("Sign-in page")[0] == "sign"
    assert tokenize("$42.50") == ("42.5",)


def test_action_descriptions_are_their_own_identity(m):
    act = "click('31')\ntarget: link 'T-411 Refund not received'\nreasoning: Open the matching ticket"
    assert m.score_one("Ticket T-411 detail", act) == 1.0
    assert m.score_one("Ticket T-390 detail", act) == 0.0


def test_idf_fit_downweights_ubiquitous_words(m):
    pages = [QUEUE, DETAIL_390, DETAIL_411]
    before = m.score_one("Support queue button", DETAIL_390)
    m.fit(pages)
    assert m.fitted
    assert m.weight("button") < m.weight("queue") or m.weight("button") <= 1.0
    assert m.score_one("Support queue button", DETAIL_390) <= before


def test_cache_returns_same_scores(m):
    a = m.score(["Ticket T-390 detail"], [DETAIL_390])
    b = m.score(["Ticket T-390 detail"], [DETAIL_390])
    assert (a == b).all()


def test_other_than_means_a_different_record_of_the_same_kind(m):
    s = "A ticket other than T-390 is open"
    assert m.score_one(s, DETAIL_390) == 0.0
    assert m.score_one(s, DETAIL_411) >= 0.75
    assert m.score_one(s, QUEUE) == 0.0  # the queue is not a ticket page
    assert m.score_one("An order other than ORD-55012 is open", DETAIL_411) == 0.0  # different id shape


def test_an_event_needs_the_event_not_just_its_verb(m):
    page = "title: Order ORD-55012\nRootWebArea 'Order ORD-55012'\n\tStaticText 'Note: I placed the same order twice. Please cancel one and refund it.'"
    assert m.score_one("Order ORD-55012 was cancelled", page) == 0.0
    cancelled = page + "\n\tStaticText 'Status: Canceled'"
    assert m.score_one("Order ORD-55012 was cancelled", cancelled) == 1.0
    button = "title: Expense EXP-1180\nRootWebArea 'Expense EXP-1180'\n\t[4] button 'Approve'"
    assert m.score_one("Expense EXP-1180 is approved", button) == 0.0
    assert m.score_one("Expense EXP-1180 is approved", button + "\n\tStaticText 'Status: Approved'") == 1.0


def test_an_event_is_bound_to_its_record(m):
    results = ("title: Orders\nRootWebArea 'Orders'\n\t[26] heading 'Orders'\n\t[33] link 'Cancelled'\n"
               "\t[37] searchbox 'Search orders' value='ORD-55012'\n\t[64] cell 'ORD-55012'\n\t[69] cell 'Returned'")
    assert m.score_one("Order ORD-55012 was cancelled", results) == 0.0  # the filter link is not about ORD-55012
    row = results.replace("[64] cell 'ORD-55012'", "[64] row 'ORD-55012 Cancelled'")
    assert m.score_one("Order ORD-55012 was cancelled", row) == 1.0
