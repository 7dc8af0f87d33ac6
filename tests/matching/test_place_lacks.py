"""'<A place> has no <thing>': an absence read inside the place it names. On pages of two
applications of our own making (a vets' booking desk and a library's loans), worded differently."""

from __future__ import annotations

import pytest

from fcpkit import LexicalMatcher, Observation
from fcpkit.core.page import Page, record_ids
from fcpkit.matching.lexical.claims import compile_claim


def _obs(url: str, title: str, *lines: str) -> Page:
    return Page.of(Observation(url, title, "\n".join([f"RootWebArea '{title}', focused", *lines])))


def _booking(*dialog: str) -> Page:
    return _obs("https://vets.test/appointments/A-118", "Appointment A-118 · Pawsome Vets",
                "\t[2] main ''", "\t\t[3] heading 'Appointment A-118'", "\t\tStaticText 'Reminder sent by text'",
                "\t\t[4] button 'Reschedule'", "\t[9] dialog 'Cancel appointment A-118', modal=True",
                "\t\t[10] heading 'Cancel appointment A-118'",
                "\t\t[11] combobox 'Reason' value='Choose one'", "\t\t\t[12] option 'Owner asked', selected=False",
                "\t\t\t[13] option 'Vet unavailable', selected=False", *dialog, "\t\t[20] button 'Confirm'")


def _renewal(*panel: str) -> Page:
    return _obs("https://library.test/loans/L-5521", "Loan L-5521 · Riverside Library",
                "\t[2] main ''", "\t\t[3] heading 'Loan L-5521'", "\t\tStaticText 'Due date: 14 March'",
                "\t\t[7] region 'Renewal'", "\t\t\t[8] heading 'Renewal'",
                "\t\t\t[9] combobox 'Extend by' value='2 weeks'", *panel, "\t\t\t[15] button 'Renew'")


CASES = [  # statement, the page lacking the thing in the place, the page holding it
    ("The cancel dialog has no option to notify the owner",
     _booking(), _booking("\t\t[14] checkbox 'Notify the owner by email', checked='true'")),
    ("The renewal panel has no field for a new due date",
     _renewal(), _renewal("\t\t\t[10] textbox 'New due date' value=''")),
]


@pytest.mark.parametrize("statement,lacking,holding", CASES)
def test_a_place_that_lacks_the_thing_falsifies_and_one_that_holds_it_does_not(statement, lacking, holding):
    m = LexicalMatcher()
    claim = compile_claim(statement)
    assert claim.type == "absence" and claim.scope
    assert m.score_falsifiers((statement,), lacking) == [1.0]
    assert m.score_falsifiers((statement,), holding) == [0.0]


def test_the_thing_counts_only_inside_the_place_named():
    """'Reminder' is on the appointment page but not in the dialog: the dialog still lacks it."""
    m = LexicalMatcher()
    assert m.score_falsifiers(("The cancel dialog has no option to send a reminder",), _booking()) == [1.0]


@pytest.mark.parametrize("statement,page", [
    ("The cancel dialog has no option to notify the owner",  # no dialog open: nothing said of one
     _obs("https://vets.test/appointments", "Appointments · Pawsome Vets", "\t[2] main ''",
          "\t\t[3] heading 'Appointments'", "\t\t[4] link 'Cancel appointment A-118'")),
    ("The loans list offers no search box or filters",  # a dashboard card of loans is not the loans list
     _obs("https://library.test/home", "Home · Riverside Library", "\t[2] main ''",
          "\t\t[3] heading 'Welcome back'", "\t\t[4] region 'Loans due soon'", "\t\t\t[5] heading 'Loans due soon'",
          "\t\t\t[6] list ''", "\t\t\t\t[7] listitem ''", "\t\t\t\t\t[8] link 'L-5521'")),
])
def test_a_place_not_in_view_says_nothing(statement, page):
    assert LexicalMatcher().score_falsifiers((statement,), page)[0] < 0.5


def test_a_control_word_before_its_purpose_names_no_role():
    assert compile_claim("The cancel dialog has no option to notify the owner").roles == frozenset()
    assert "option" in compile_claim("The travel selector has no walking option").roles


def test_a_record_that_has_no_thing_is_not_a_place_claim():
    assert compile_claim("Acme Ltd has no opportunity named Renewal 2025").type != "absence"


# -- a falsifier stating a problem is about the problem ---------------------------------------------

_STOCK = _obs("https://vets.test/pharmacy/rabies", "Rabies vaccine · Pawsome Vets", "\t[2] main ''",
              "\t\t[3] heading 'Rabies vaccine'", "\t\tStaticText 'Vaccine stock: 12 doses'")
_PARCEL = _obs("https://parcels.test/P-778", "Parcel P-778 · Swiftbox", "\t[2] main ''",
               "\t\t[3] heading 'Parcel P-778'", "\t\t[4] button 'Schedule the delivery'",
               "\t\tStaticText 'Delivery window: 9-12'", "\t\tStaticText 'Delivery address: 4 Elm Row'")


@pytest.mark.parametrize("statement,page", [
    ("Insufficient vaccine stock", _STOCK),
    ("Could not schedule the delivery, try again", _PARCEL),
    ("Delivery address rejected by the courier", _PARCEL),
])
def test_the_topic_without_the_problem_is_below_the_verifiers_band(statement, page):
    """The healthy page shares the falsifier's topic (the stock, the delivery): without the word
    that says what went wrong it is no partial support either."""
    assert LexicalMatcher().score_falsifiers((statement,), page)[0] < 0.5


@pytest.mark.parametrize("statement,page,line", [
    ("Insufficient vaccine stock", _STOCK, "\t\tStaticText 'Insufficient stock for this booking'"),
    ("Delivery address rejected by the courier", _PARCEL, "\t\tStaticText 'Address rejected: no such street'"),
])
def test_the_problem_said_in_other_words_is_still_partial_support(statement, page, line):
    text = page.text + "\n" + line
    worse = Page.of(Observation(page.url, page.title, text))
    assert LexicalMatcher().score_falsifiers((statement,), worse)[0] >= 0.5


# -- an absence stated as what was done to a place -------------------------------------------------

def _queue(*rows: str) -> Page:
    return _obs("https://bugs.test/issues", "Issues · Trackly", "\t[2] main ''", "\t\t[3] heading 'Issues'",
                "\t\t[4] button 'Filter: Status Closed'", "\t\t[5] table ''", *rows)


def _shelf(*rows: str) -> Page:
    return _obs("https://library.test/holds", "Holds · Riverside Library", "\t[2] main ''", "\t\t[3] heading 'Holds'",
                "\t\t[4] combobox 'Sort' value='Oldest first'", "\t\t[5] list ''", *rows)


@pytest.mark.parametrize("statement,make,row", [
    ("Issues list filtered so BUG-42 is not listed", _queue, "\t\t\t[6] row 'BUG-42 Login fails on Safari'"),
    ("Holds list sorted by date, so H-2231 is not shown", _shelf, "\t\t\t[6] listitem 'H-2231 The Overstory'"),
])
def test_the_record_a_changed_place_no_longer_shows_is_the_absence(statement, make, row):
    m = LexicalMatcher()
    claim = compile_claim(statement)
    assert claim.type == "absence" and record_ids(claim.subject) and claim.scope
    assert m.score_falsifiers((statement,), make("\t\t\t[6] row 'BUG-7 Crash on start'")) == [1.0]
    assert m.score_falsifiers((statement,), make(row)) == [0.0]


def test_a_description_after_so_is_not_looked_for():
    assert compile_claim("Issue list sorted by votes so the new issue is hidden").subject != "new issue"


# -- a light verb's state ----------------------------------------------------------------------------

@pytest.mark.parametrize("statement,url,title,state,other", [
    ("Parcel P-778 was put on hold or returned instead of delivered", "https://parcels.test/P-778",
     "Parcel P-778 · Swiftbox", "Status: On hold", "Status: Delivered"),
    ("Book B-1207 was placed in quarantine", "https://library.test/items/B-1207", "Book B-1207 · Riverside Library",
     "Condition: In quarantine", "Condition: On shelf"),
])
def test_a_record_put_on_hold_is_a_record_whose_field_says_on_hold(statement, url, title, state, other):
    m = LexicalMatcher()
    head = title.split(" · ")[0]
    page = lambda field: _obs(url, title, "\t[2] main ''", f"\t\t[3] heading '{head}'", f"\t\tStaticText '{field}'")  # noqa: E731
    assert compile_claim(statement).type == "event" and compile_claim(statement).value
    assert m.score_falsifiers((statement,), page(state)) == [1.0]
    assert m.score_falsifiers((statement,), page(other)) == [0.0]
