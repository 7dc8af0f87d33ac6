"""Confirming evidence read the way pages are built: a place and what it holds, a table row as one
place, where a statement's thing is, the words of presentation, and the falsifiers of a step the
agent passes over. On pages of two applications of our own making (a vets' booking desk and an
issue tracker; an allotment forum and a seed shop), worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Commitment, LexicalMatcher, Observation, Plan
from fcpkit.core.router import Route
from fcpkit.core.testers import StateTester
from fcpkit.matching.lexical.claims import compile_claim


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused", *lines]))


def _filler(n: int, depth: int = 2) -> list[str]:
    tabs = "\t" * depth
    return [f"{tabs}StaticText 'Note {i}: reception opens at {8 + i % 3} AM'" for i in range(n)]


APPOINTMENT = _obs(
    "https://vets.test/appointments/A-118", "Appointment A-118 · Pawsome Vets",
    "\t[2] main ''", "\t\t[3] heading 'Appointment A-118'", *_filler(9),
    "\t\t[20] button 'Reschedule'", "\t\t[21] button 'Cancel appointment'")
OTHER_APPOINTMENT = _obs(
    "https://vets.test/appointments/A-181", "Appointment A-181 · Pawsome Vets",
    "\t[2] main ''", "\t\t[3] heading 'Appointment A-181'", *_filler(9), "\t\t[20] button 'Reschedule'")
ISSUE = _obs(
    "https://bugs.test/issues/BUG-42", "BUG-42 Login fails on Safari · Trackly",
    "\t[2] main ''", "\t\t[3] heading 'BUG-42 Login fails on Safari'", "\t\tStaticText 'Status: Open'",
    *_filler(8), "\t\tStaticText 'Assignee: Mei Lin'", *_filler(4), "\t\t[30] button 'Close issue'")


@pytest.mark.parametrize("page,statement", [
    (APPOINTMENT, "Appointment A-118 page with a Reschedule button"),
    (ISSUE, "BUG-42 issue page: status Open, assignee Mei Lin"),
])
def test_a_place_holds_what_it_holds_however_far_down(page, statement):
    claim = compile_claim(statement)
    assert claim.type == "place"
    assert LexicalMatcher().score_one(statement, page.serialize()) >= 0.9


def test_a_place_is_read_where_pages_name_places():
    m = LexicalMatcher()
    assert m.score_one("Appointment A-118 page with a Reschedule button", OTHER_APPOINTMENT.serialize()) < 0.5
    # the dialog is a place: a page that only offers to open it does not hold it
    assert m.score_one("Close issue dialog with a Reason field", ISSUE.serialize()) < 0.5
    dialog = _obs("https://bugs.test/issues/BUG-42", "BUG-42 Login fails on Safari · Trackly",
                  "\t[2] main ''", "\t\t[3] heading 'BUG-42 Login fails on Safari'", *_filler(8),
                  "\t[40] dialog 'Close issue', modal=True", "\t\t[41] textbox 'Reason'", "\t\t[42] button 'Close'")
    assert m.score_one("Close issue dialog with a Reason field", dialog.serialize()) >= 0.9


def test_names_sharing_one_control_word_are_each_a_control():
    claim = compile_claim("Booking form with Date, Time and Vet fields")
    assert claim.parts[1:] == ("Date field", "Time field", "Vet field")


# -- a row is one place -------------------------------------------------------------------------

def _rows(url: str, title: str, header: list[str], rows: list[list[str]]) -> Observation:
    lines = ["\t[2] main ''", f"\t\t[3] heading '{title.split(' · ')[0]}'", "\t\t[4] table ''", "\t\t\t[5] row ''"]
    lines += [f"\t\t\t\t[{6 + i}] columnheader '{h}'" for i, h in enumerate(header)]
    n = 20
    for cells in rows:
        lines.append(f"\t\t\t[{n}] row ''")
        lines.append(f"\t\t\t\t[{n + 1}] checkbox 'Select {cells[0]}', checked='false'")
        lines.append(f"\t\t\t\t[{n + 2}] link '{cells[0]}'")
        lines += [f"\t\t\t\t[{n + 3 + j}] gridcell '{c}'" for j, c in enumerate(cells[1:])]
        n += 10
    return _obs(url, title, *lines)


DIARY = _rows("https://vets.test/diary", "Diary · Pawsome Vets", ["Appointment", "When", "Vet", "Owner", "Pet", "State"],
              [["A-117", "9:00", "Dr Roe", "Kim Baker", "Biscuit", "Done · Paid"],
               ["A-118", "9:30", "Dr Roe", "Sam Ortiz", "Pepper", "Confirmed · Unpaid"]])
BACKLOG = _rows("https://bugs.test/issues", "Issues · Trackly", ["Issue", "Title", "Reporter", "Opened", "Votes", "Status"],
                [["BUG-41", "Dark mode flickers", "Ana Ruiz", "May 2", "4", "Triaged · Unassigned"],
                 ["BUG-42", "Login fails on Safari", "Mei Lin", "May 3", "12", "Reopened · Assigned"]])


@pytest.mark.parametrize("page,statement", [
    (DIARY, "A row for appointment A-118 of Sam Ortiz, confirmed and unpaid"),
    (BACKLOG, "A row or link for issue BUG-42 by Mei Lin, reopened and assigned"),
])
def test_a_row_holds_its_record_across_its_cells(page, statement):
    # every cell of the row counts; the kind word (a column header) may be missing
    assert LexicalMatcher().score_one(statement, page.serialize()) >= 0.8


@pytest.mark.parametrize("page,statement", [
    (DIARY, "Appointment A-117 of Sam Ortiz, confirmed"),  # Sam Ortiz's row is A-118's
    (BACKLOG, "Issue BUG-41 reported by Mei Lin, reopened"),
])
def test_what_one_row_says_is_not_another_rows(page, statement):
    assert LexicalMatcher().score_one(statement, page.serialize()) < 0.9


# -- which participles report an event -----------------------------------------------------------

@pytest.mark.parametrize("statement,kind", [
    ("Issue page headed Login fails on Safari", "identity"),
    ("Appointment detail page titled A-118 Pepper", "identity"),
    ("A row for order #5521 by Kim Baker, paid and unfulfilled", "presence"),
    ("Post removed by a moderator on Allotments", "event"),
    ("Thread T-4410 was unlocked", "event"),
    ("A link for invoice INV-7731 is on the page", "presence"),
    ("Sign in page", "identity"),
    ("Report R-7 linked from the dashboard or a notification", "presence"),
])
def test_what_a_statement_claims(statement, kind):
    assert compile_claim(statement).type == kind


SEEDS = _obs("https://seeds.test/board/allotments", "Allotments · Seedling Forum",
             "\t[2] main ''", "\t\t[3] heading 'Allotments'", *_filler(8), "\t\t[9] feed 'Threads'",
             "\t\t\t[10] article ''", "\t\t\t\t[11] link 'Seed swap this spring'", "\t\t\t\t[12] link 'u/mei_lin'",
             "\t\t\t\tStaticText '3 h ago · 12 replies'",
             "\t\t\t[13] article ''", "\t\t\t\t[14] link 'Slugs on the brassicas'", "\t\t\t\t[15] link 'u/kim_b'")
SHOP = _obs("https://shop.test/c/tomatoes", "Tomatoes · Seed Shop",
            "\t[2] main ''", "\t\t[3] heading 'Tomatoes'", *_filler(8), "\t\t[9] list 'Products'",
            "\t\t\t[10] listitem ''", "\t\t\t\t[11] link 'Sungold F1'", "\t\t\t\tStaticText 'by Thompson Seeds · 4.8 stars'",
            "\t\t\t[12] listitem ''", "\t\t\t\t[13] link 'Gardeners Delight'", "\t\t\t\tStaticText 'by Kings Seeds'")


@pytest.mark.parametrize("page,statement", [
    (SEEDS, "Thread Seed swap this spring posted by u/mei_lin in Allotments is listed"),
    (SHOP, "Product Sungold F1 created by Thompson Seeds in Tomatoes is listed"),
])
def test_the_named_place_a_statement_ends_on_is_the_pages_identity(page, statement):
    # the board's or the category's name stands only in the title and the heading, far above the row
    assert LexicalMatcher().score_one(statement, page.serialize()) >= 0.8


@pytest.mark.parametrize("page,statement", [
    (APPOINTMENT, "Reschedule button is visible"),
    (SEEDS, "Seed swap visible as a link"),
])
def test_words_of_presentation_are_not_required(page, statement):
    assert LexicalMatcher().score_one(statement, page.serialize()) == 1.0


@pytest.mark.parametrize("name", ["Send warning", "Book appointment"])
def test_an_enabled_control_is_one_that_is_not_disabled(name):
    m = LexicalMatcher()
    on = _obs("https://a.test/x", "X · App", "\t[2] main ''", f"\t\t[3] button '{name}'")
    off = _obs("https://a.test/x", "X · App", "\t[2] main ''", f"\t\t[3] button '{name}', disabled=True")
    assert m.score_one(f"{name} button enabled", on.serialize()) == 1.0
    assert m.score_one(f"{name} button enabled", off.serialize()) < 1.0


# -- a step passed over is held to its own falsifiers ----------------------------------------------

def _route_plan(drift: str, done: str, report: str) -> Plan:
    return Plan("Find the route and report it.", [
        Commitment("open", "Open the tool", confidence=0.8, confirm={"completion": ["Route planner panel is open"]}),
        Commitment("route", "Get the route", confidence=0.75, confirm={"completion": [done]},
                   falsify={"planning": [drift]}),
        Commitment("report", "Report the figures", confidence=0.8, confirm={"precondition": [report]}),
    ])


@pytest.mark.parametrize("drift,done,report,wrong,right", [
    ("A straight-line measurement instead of a cycling route", "Cycling route with distance and time",
     "Cycling route with its distance and time",
     ["\t\t[5] heading 'Measure distance'", "\t\tStaticText 'Straight-line measurement: 2.4 km'"],
     ["\t\t[5] heading 'Cycling route'", "\t\tStaticText '3.1 km · 14 min'"]),
    ("An estimate for the wrong postcode instead of a delivery quote", "Delivery quote for the basket",
     "Delivery quote with its price and date",
     ["\t\t[5] heading 'Estimate'", "\t\tStaticText 'An estimate for the wrong postcode: EC1 4AB'"],
     ["\t\t[5] heading 'Delivery quote'", "\t\tStaticText '£4.99 · Tuesday'"]),
])
def test_a_step_passed_over_is_drift_where_its_own_falsifier_holds(drift, done, report, wrong, right):
    plan = _route_plan(drift, done, report)
    tester = StateTester(LexicalMatcher())
    bad = tester.advance(plan, 1, 2, _obs("https://maps.test/x", "Tool · Maps", "\t[2] main ''", *wrong))
    assert bad.route is Route.RISK and bad.evidence == drift and bad.scope == "planning" and bad.commitment == "route"
    ok = tester.advance(plan, 1, 2, _obs("https://maps.test/x", "Tool · Maps", "\t[2] main ''", *right))
    assert ok.route is not Route.RISK


@pytest.mark.parametrize("drift,done,report,wrong", [
    ("A straight-line measurement instead of a cycling route", "Cycling route with distance and time",
     "Cycling route with its distance and time",
     ["\t\t[5] heading 'Measure distance'", "\t\tStaticText 'Straight-line measurement: 2.4 km'"]),
    ("An estimate for the wrong postcode instead of a delivery quote", "Delivery quote for the basket",
     "Delivery quote with its price and date",
     ["\t\t[5] heading 'Estimate'", "\t\tStaticText 'An estimate for the wrong postcode: EC1 4AB'"]),
])
def test_a_falsification_the_page_test_raised_is_not_raised_again_by_the_advance_from_that_page(
        drift, done, report, wrong):
    from fcpkit.core.tracker import CommitmentTracker

    plan = _route_plan(drift, done, report)
    tracker = CommitmentTracker(plan, StateTester(LexicalMatcher()))
    tracker.active = 1
    page = _obs("https://maps.test/x", "Tool · Maps", "\t[2] main ''", *wrong)
    assert tracker.test_page(page).route is Route.RISK  # detected (and acted on) here
    again = tracker.claim("report", page)
    assert again is not None and again.route is not Route.RISK
    moved = _obs("https://maps.test/x", "Tool · Maps", "\t[2] main ''", *wrong)  # a later page, same text
    assert tracker.claim("report", moved).route is Route.RISK


# -- a record among the things a place holds; a control naming a record by its id -----------------

_INCIDENTS = _obs("https://desk.test/incidents", "Incidents · Helpdesk", "\t[2] main ''", "\t\t[3] heading 'Incidents'",
                  "\t\t[4] table 'Open incidents'", "\t\t\t[5] row ''", "\t\t\t\t[6] link 'INC-204', clickable",
                  "\t\t\t\t[7] gridcell 'Printer offline'", "\t\t\t\t[8] gridcell 'Open'", "\t\t\t[9] row ''",
                  "\t\t\t\t[10] link 'INC-199', clickable", "\t\t\t\t[11] gridcell 'VPN drops'", "\t\t\t\t[12] gridcell 'Open'")
_HOLDS = _obs("https://library.test/holds", "Holds · Riverside Library", "\t[2] main ''", "\t\t[3] heading 'Holds'",
              "\t\t[4] list 'Active holds'", "\t\t\t[5] listitem ''", "\t\t\t\t[6] link 'H-2231', clickable",
              "\t\t\t\tStaticText 'The Overstory · active'", "\t\t\t[7] listitem ''", "\t\t\t\t[8] link 'H-2240', clickable",
              "\t\t\t\tStaticText 'Piranesi · active'")


@pytest.mark.parametrize("page,statement", [
    (_INCIDENTS, "Incidents queue listing open incidents, INC-204 among them"),
    (_HOLDS, "Holds list showing active holds, H-2231 among them"),
])
def test_a_record_among_what_a_place_lists_is_one_thing_it_holds(page, statement):
    claim = compile_claim(statement)
    assert claim.type == "place" and claim.parts[-1] in ("INC-204", "H-2231")
    assert LexicalMatcher().score_one(statement, page.serialize()) == 1.0


@pytest.mark.parametrize("page,statement", [
    (_INCIDENTS, "Incident INC-204 linked from the queue"),
    (_HOLDS, "Hold H-2231 visible as a link"),
])
def test_a_link_named_by_the_records_id_is_that_records_link(page, statement):
    assert LexicalMatcher().score_one(statement, page.serialize()) == 1.0


# -- a record by id and what it shows ----------------------------------------------------------------

_INCIDENT = _obs("https://desk.test/incidents/INC-204", "INC-204 · Incident · Helpdesk", "\t[2] main ''",
                 "\t\t[3] heading 'Incident INC-204'", "\t\tStaticText 'Summary: Printer offline'",
                 "\t\tStaticText 'Status: Resolved'", "\t\tStaticText 'Reporter: Ana Costa'")
_OTHER_INCIDENT = _obs("https://desk.test/incidents/INC-199", "INC-199 · Incident · Helpdesk", "\t[2] main ''",
                       "\t\t[3] heading 'Incident INC-199'", "\t\tStaticText 'Status: Resolved'",
                       "\t\tStaticText 'Reporter: Ana Costa'", "\t\t[4] link 'Related: INC-204 Printer offline'")
_LOAN = _obs("https://library.test/loans/L-5521", "L-5521 · Loan · Riverside Library", "\t[2] main ''",
             "\t\t[3] heading 'Loan L-5521'", "\t\tStaticText 'Borrower: Sam Ortiz'", "\t\tStaticText 'State: Returned'")


@pytest.mark.parametrize("page,statement", [
    (_INCIDENT, "INC-204 Ana Costa Resolved"),
    (_LOAN, "L-5521 Sam Ortiz Returned"),
    (_INCIDENTS, "INC-204 Printer offline Open"),  # the row that lists it
])
def test_a_record_by_id_and_what_it_shows_holds_on_its_page_or_row(page, statement):
    assert LexicalMatcher().score_one(statement, page.serialize()) == 1.0


def test_another_records_page_mentioning_it_is_not_where_it_shows():
    assert LexicalMatcher().score_one("INC-204 Ana Costa Resolved", _OTHER_INCIDENT.serialize()) < 1.0
