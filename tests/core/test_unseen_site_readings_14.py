"""Readings for sites written by people who never saw fcpkit, a nineteenth round: a statement that
quotes a page's label says its value; a counting heading lists records without list markup; a form
that says how a value must be written answered the submission; the one way forward of a
confirmation the agent's own write raised carries that write on. Each on pages of two applications
of our own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, ActionTester, Commitment, Evidence, LexicalMatcher, Observation, Plan
from fcpkit.core.dialogs import handles_dialog
from fcpkit.core.falsifiers import TaskContext
from fcpkit.core.page import Page, evidence_view
from fcpkit.core.testers import StateTester
from fcpkit.core.tracker import CommitmentTracker


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused, url='{url}'", *lines]))


# -- a statement that quotes a label says its value --------------------------------------------------------------

@pytest.mark.parametrize("heading,statement,rows,message,own", [
    # a vet clinic's vaccination tab: the booster is up to date, another vaccine is "Due now", and the
    # toast that recorded the booster gives its next due date
    ("Rex · Vaccinations", "Rabies booster Due now",
     (("Rabies booster", "Up to date"), ("Leptospirosis", "Due now")),
     "Rabies booster recorded as given · next due 3 Jun 2027", "Rabies booster: Due now"),
    # a bakery chain's branch finder: this branch is closed, another one is "Open now", and the
    # banner about this branch says when it opens
    ("Branches · Crumb & Co", "Harbour Street branch Open now",
     (("Harbour Street branch", "Closed"), ("Quay Road branch", "Open now")),
     "Harbour Street branch is open from 09:00 tomorrow", "Harbour Street branch: Open now"),
])
def test_a_statement_that_quotes_a_label_says_its_value(heading, statement, rows, message, own):
    lines = ["\t[2] main ''", f"\t\t[3] heading '{heading}'", "\t\t[10] table ''", "\t\t\t[11] rowgroup ''"]
    for k, (name, status) in enumerate(rows):
        lines += [f"\t\t\t\t[{20 + k}] row ''", f"\t\t\t\t\t[{30 + k}] gridcell '{name}'", f"\t\t\t\t\t[{40 + k}] gridcell '{status}'"]
    m = LexicalMatcher()
    toast = _obs("https://app.test/r/1", heading, *lines, "\t[90] status ''", f"\t\t[91] StaticText '{message}'")
    # every word but the label's discourse word stands on the toast: the label stands elsewhere
    assert m.score_falsifiers([statement], evidence_view(Page.of(toast)))[0] < 0.6
    # the page saying it of the record in view holds it
    said = _obs("https://app.test/r/1", heading, *lines, f"\t\t[50] StaticText '{own}'")
    assert m.score_falsifiers([statement], evidence_view(Page.of(said)))[0] >= 0.9
    # with no such label on the page, the discourse word is no word the page must say
    plain = _obs("https://app.test/r/1", heading, "\t[2] main ''", f"\t\t[3] heading '{heading}'",
                 f"\t\t[50] StaticText '{own.replace('Due now', 'Due').replace('Open now', 'Open')}'")
    assert m.score_falsifiers([statement], evidence_view(Page.of(plain)))[0] >= 0.9


# -- a counting heading lists records ---------------------------------------------------------------------------

@pytest.mark.parametrize("heading,counted,entries,near", [
    # a vet desk's search page: owners set as a link and a line each, under "Owners (2)"
    ("Results for Okafor", "Owners (2)", (("Daniel Okafor", "1 pet · Biscotti"), ("Grace Okafor", "2 pets · Pepper, Biscuit")),
     "Biscotti"),
    # a bookshop's search page: authors under "Authors · 3"
    ("Search: Harrow", "Authors · 3", (("Ann Harrow", "12 titles · The Salt Road"), ("Ben Harrower", "2 titles · Saltmarsh"),
                                       ("Cy Harrow", "1 title · Tidewater")), "Saltmarsh"),
])
def test_a_counting_heading_lists_the_records_under_it(heading, counted, entries, near):
    lines = ["\t[2] main ''", f"\t\t[3] heading '{heading}', level=1", f"\t\t[4] heading '{counted}', level=2"]
    for k, (name, line) in enumerate(entries):
        lines += [f"\t\t[{10 + k}] link '{name}'", f"\t\t[{20 + k}] StaticText '{line}'"]
    lines += ["\t\t[40] heading 'Saved searches', level=2", f"\t\t[41] StaticText 'Alert me about {near}'"]
    p = Page.of(_obs("https://app.test/search", heading, *lines))
    first, second = p.position("10"), p.position("11")
    assert p.items[first] == first and p.items[p.position("20")] == first and p.items[p.position("21")] == second
    assert p.items[p.position("41")] == -1  # the next section of the same rank is the page's again
    m = LexicalMatcher()
    view = evidence_view(Page.of(_obs("https://app.test/search", heading, *lines[:-2])))
    assert m.score_falsifiers([near], view)[0] < 0.6
    # an uncounted heading over a record's own fields lists nothing
    own = Page.of(_obs("https://app.test/r/1", heading, "\t[2] main ''", f"\t\t[3] heading '{heading}', level=1",
                       "\t\t[4] heading 'Owner', level=2", f"\t\t[10] link '{entries[0][0]}'", f"\t\t[20] StaticText '{entries[0][1]}'",
                       f"\t\t[11] link '{entries[1][0]}'"))
    assert own.items[own.position("20")] == -1
    # a count of one lists one record: nothing to tell apart
    one = Page.of(_obs("https://app.test/search", heading, "\t[2] main ''", "\t\t[4] heading 'Owners (1)', level=2",
                       f"\t\t[10] link '{entries[0][0]}'", f"\t\t[20] StaticText '{entries[0][1]}'"))
    assert one.items[one.position("20")] == -1


# -- a form that says how a value must be written answered ------------------------------------------------------

@pytest.mark.parametrize("answer", [
    "Enter the weight as a number only, e.g. 12.4",
    "Type the date in the format DD/MM/YYYY",
    "Use digits only",
    "Enter a whole number of nights",
])
def test_a_form_saying_how_to_write_a_value_answered_the_submission(answer):
    from fcpkit.core.rules import check_transition
    for label, value in (("Weight (kg)", "12.4 kg"), ("Check-in date", "3rd of June")):
        lines = ("\t[2] main ''", "\t\t[3] heading 'Edit'", f"\t\t[10] textbox '{label}', value='{value}'", "\t\t[11] button 'Save'")
        before = _obs("https://app.test/f", "Edit", *lines)
        submit = Action("click('11')", "Save.", "button 'Save'", "write")
        answered = Observation(before.url, before.title, before.text + f"\n\t\t[40] alert ''\n\t\t\t[41] StaticText '{answer}'")
        assert check_transition(before, submit, answered) is None
        told = Observation(before.url, before.title, before.text + "\n\t\t[40] alert ''\n\t\t\t[41] StaticText 'Use the search to find a guest'")
        assert check_transition(before, submit, told).rule == "unchanged_page"


# -- the one way forward of a confirmation the agent's write raised ---------------------------------------------

_CONFIRMS = [
    # a freight desk: "Confirm booking" raises "Send booking to the carrier?"
    ("Book the 14 Mar sailing for shipment FWD-1180.", "Book the sailing", "Confirm booking",
     "Send booking to Nordvik Line?", "Send booking", "Go back", "Add cargo insurance?", "Add insurance"),
    # a clinic's billing: "Save invoice" raises "Issue invoice INV-51 to the owner?"
    ("Bill the owner for today's visit.", "Bill the visit", "Save invoice",
     "Issue invoice INV-51 to Grace Okafor?", "Issue invoice", "Cancel", "Set up a payment plan?", "Start plan"),
]


@pytest.mark.parametrize("task,subgoal,wrote,title,forward,back,other_title,other", _CONFIRMS)
def test_the_one_way_forward_of_a_confirmation_the_write_raised_carries_it_on(task, subgoal, wrote, title, forward, back,
                                                                               other_title, other):
    def pages(title, forward):
        before = _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'", f"\t\t[30] button '{wrote}'")
        after = Observation(before.url, before.title, before.text + f"\n\t[60] alertdialog '{title}', modal=True"
                            f"\n\t\t[61] StaticText 'This cannot be undone.'\n\t\t[62] button '{back}'\n\t\t[63] button '{forward}'")
        return before, after

    def tracker():
        step = Commitment("do", subgoal, confirm={"completion": [Evidence("Changes saved")]})
        return CommitmentTracker(Plan(task, [step]), StateTester(LexicalMatcher()), actions=ActionTester(LexicalMatcher()))

    write = Action("click('30')", "Commit it.", f"button '{wrote}'", "irreversible")
    go = Action("click('63')", "Go on.", f"button '{forward}'", "irreversible")
    before, after = pages(title, forward)
    tr = tracker()
    tr.test_page(after, before=before, action=write)
    assert tr.test_action(go).rule != "unexpected_dialog"
    # a dialog the write raised that offers something else asks a question of its own
    before, after = pages(other_title, other)
    tr = tracker()
    tr.test_page(after, before=before, action=write)
    assert tr.test_action(Action("click('63')", "Sure.", f"button '{other}'", "irreversible")).rule == "unexpected_dialog"
    # and a second way on besides the one that carries the write leaves the question open
    asked = TaskContext.from_plan(Plan(task, [Commitment("do", subgoal)])).wanted
    two = Observation(after.url, after.title, pages(title, forward)[1].text + f"\n\t\t[64] button '{forward} and notify all'")
    assert handles_dialog(go, pages(title, forward)[1], asked, confirms=True, written=wrote)
    assert not handles_dialog(go, two, asked, confirms=True, written=wrote)
    assert not handles_dialog(go, pages(title, forward)[1], asked, confirms=True, written="")


# -- a word only a button says is offered, not so ----------------------------------------------------------------

@pytest.mark.parametrize("heading,statement,button,status", [
    # an equipment lending desk: the asset page offers "Send to repair"; the asset is available
    ("KR-LT-0417 · Lenovo ThinkPad", "KR-LT-0417 is in repair", "Send to repair", "In repair"),
    # a library catalogue: the title page offers "Place hold"; the copy is on the shelf
    ("BK-20931 · The Salt Road", "BK-20931 is on hold", "Place hold", "On hold for a patron"),
])
def test_a_word_only_a_button_says_is_offered_not_so(heading, statement, button, status):
    lines = ("\t[2] main ''", f"\t\t[3] heading '{heading}'", "\t\t[4] toolbar 'Actions'", f"\t\t\t[5] button '{button}'",
             "\t\t\t[6] button 'Edit details'", "\t\t[7] StaticText 'Status'")
    m = LexicalMatcher()
    offered = _obs("https://app.test/r/1", heading, *lines, "\t\t[8] StaticText 'Available'")
    assert m.score_falsifiers([statement], evidence_view(Page.of(offered)))[0] < 0.6
    said = _obs("https://app.test/r/1", heading, *lines, f"\t\t[8] StaticText '{status}'")
    assert m.score_falsifiers([statement], evidence_view(Page.of(said)))[0] >= 0.9


# -- a step that names its control says what the control does here ------------------------------------------------

@pytest.mark.parametrize("control,naming,other", [
    # an equipment lending desk: "Check out" lends the laptop (in a shop it would pay)
    ("Check out", "Submit the checkout for laptop KR-LT-0417", "Save the loan form for laptop KR-LT-0417"),
    # a till: "Void receipt" is the correction the step makes (elsewhere it would cancel)
    ("Void receipt", "Save the void receipt correction for R-5512", "Save the correction of receipt R-5512"),
])
def test_a_step_that_names_its_control_says_what_it_does_here(control, naming, other):
    from fcpkit.core.control_acts import act_mismatch
    press = Action("click('31')", "Go on.", f"button '{control}'", "write")
    assert act_mismatch(press, Commitment("do", naming)) is None
    assert act_mismatch(press, Commitment("do", other)).rule == "act_mismatch"
