"""Precision on applications fcpkit has never seen: each mechanism that keeps a healthy run from
being flagged, on pages of two applications of our own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, Observation
from fcpkit.core.rules import check_transition
from fcpkit.matching.lexical.claims import compile_claim


# -- the state diff: what a control holds is not volatile text ---------------------------------

CALENDAR = """RootWebArea 'Edit event · Planner'
\t[2] main ''
\t\t[3] heading 'Edit event'
\t\t[4] textbox 'Start time' value='{start}', required
\t\t[5] textbox 'End time' value='{end}'
\t\tStaticText 'Synced {clock}'
\t\t[6] button 'Save'"""
SHOP = """RootWebArea 'Cart · Corner Shop'
\t[2] main ''
\t\t[3] spinbutton 'Quantity' value='{qty}'
\t\t[4] textbox 'Deliver on' value='{day}'
\t\tStaticText 'Updated {ago} ago'"""


def test_a_typed_time_or_date_is_a_change_a_ticking_clock_is_not():
    for page, edited, same, action in (
        (CALENDAR, dict(start="2:30 PM", end="3:30 PM", clock="9:05"), dict(start="10:00 AM", end="11:00 AM", clock="9:07"),
         Action("fill('4', '2:30 PM')", target="textbox 'Start time'", effect="write")),
        (SHOP, dict(qty="3", day="Nov 30", ago="2 minutes"), dict(qty="2", day="Nov 29", ago="5 minutes"),
         Action("fill('4', 'Nov 30')", target="textbox 'Deliver on'", effect="write")),
    ):
        before = Observation("http://app.test/x", "X", page.format(**same))
        after = Observation("http://app.test/x", "X", page.format(**edited))
        assert check_transition(before, action, after) is None  # the value the action typed changed
        clock_only = dict(same, **{k: v for k, v in edited.items() if k in ("clock", "ago")})
        hit = check_transition(before, action, Observation("http://app.test/x", "X", page.format(**clock_only)))
        assert hit is not None and hit.rule == "unchanged_page"  # only the clock moved: a no-op


# -- unrequested constraints come from a list's filter machinery only ------------------------

from fcpkit import Commitment, Plan  # noqa: E402
from fcpkit.core.falsifiers import TaskContext, check_builtins, unrequested_narrowing  # noqa: E402

BOARD = """RootWebArea 'Gardening · Leafline'
\t[1] banner ''
\t\t[2] searchbox 'Search Leafline'
\t[3] main ''
\t\t[4] heading 'Gardening'
\t\t[5] combobox 'Sort posts' value='Top · All time'
\t\t[6] group 'Filter by tag'
\t\t\t[7] button 'Roses', pressed={roses}
\t\t\t[8] button 'Compost', pressed={compost}
\t\t[9] feed 'Posts'
\t\t\t[10] article ''
\t\t\t\t[11] link 'Pruning climbing roses'
\t\t\t[12] article ''
\t\t\t\t[13] link 'Hot compost in winter'"""
ORDER = """RootWebArea 'Order #5521 · Acme Store'
\t[1] main ''
\t\t[2] heading 'Order #5521'
\t\t[3] button 'Sort: newest first'
\t\tStaticText 'Total: $142.00'
\t\t[4] combobox 'Shipping method' value='Express'
\t\t[5] table 'Items'
\t\t\t[6] row ''
\t\t\t\t[7] columnheader 'Item'
\t\t\t\t[8] columnheader 'Qty'
\t\t\t[9] row ''
\t\t\t\t[10] link 'Garden hose 20 m'
\t\t\t\t[11] cell '2'
\t\t[12] group 'Related returns filters'
\t\t\t[13] button '{chip}'"""


def _ctx(task: str) -> TaskContext:
    return TaskContext.from_plan(Plan(task, [Commitment("find", task, confirm={"completion": [task]})]))


def test_sort_controls_and_a_records_fields_are_no_filters():
    ctx = _ctx("Reply to the post about pruning climbing roses.")
    board = Observation("http://leafline.test/b/gardening?sort=top", "Gardening", BOARD.format(roses="False", compost="False"))
    assert unrequested_narrowing(ctx, board) is None  # sorted by Top: nothing hidden, nothing narrowed
    order = Observation("http://store.test/orders/5521", "Order #5521", ORDER.format(chip="Returns"))
    assert unrequested_narrowing(_ctx("Refund order #5521."), order) is None  # its shipping method is the order's


def test_a_filter_the_agent_set_itself_is_its_strategy_a_filter_it_found_is_stale():
    ctx = _ctx("Reply to the post about pruning climbing roses.")
    tagged = Observation("http://leafline.test/b/gardening?tag=compost", "Gardening",
                         BOARD.format(roses="False", compost="True"))
    assert "tag=compost" in (unrequested_narrowing(ctx, tagged) or "")  # found filtered on Compost
    assert unrequested_narrowing(ctx, tagged, inputs=("Compost",)) is None  # the agent clicked the Compost tag
    before = Observation("http://leafline.test/b/gardening", "Gardening", BOARD.format(roses="False", compost="False"))
    hit = check_builtins(ctx, tagged, before=before, action=Action("click('8')", target="button 'Compost'"),
                         inputs=("Compost",))
    assert hit is None
    order = Observation("http://store.test/orders/5521", "Order #5521", ORDER.format(chip="Status is Rejected, remove filter"))
    found = unrequested_narrowing(_ctx("Refund order #5521."), order)
    assert found is not None and "Status is Rejected" in found  # a record page's list filtered by a chip


# -- a falsifier holds where all of it holds, on the application's own content ---------------

from fcpkit.core.page import Page, SiteModel, evidence_view, reading  # noqa: E402
from fcpkit.matching import LexicalMatcher  # noqa: E402
from fcpkit.matching.lexical.strict import PARTIAL  # noqa: E402

_M = LexicalMatcher()


def _falsifier(statement: str, text: str, url: str, **view) -> float:
    page = Page.of(Observation(url, "", text))
    return _M.score_falsifiers((statement,), evidence_view(page, **view))[0]


LIBRARY = """RootWebArea 'Loans · Quillstack Library'
\t[1] banner ''
\t\t[2] link 'Quillstack Library'
\t\t[3] searchbox 'Search Quillstack Library'
\t[4] main ''
\t\t[5] heading 'Loans'
\t\t[6] table 'Active loans'
\t\t\t[7] row ''
\t\t\t\t[8] cell 'L-3318 The Dispossessed'
\t\t\t\t[9] cell 'Due 12 Dec'
\t\t\t[10] row ''
\t\t\t\t[11] cell 'L-3381 The Left Hand of Darkness'
\t\t\t\t[12] cell 'Due 14 Dec'"""
GARAGE = """RootWebArea 'Work orders · Torque Garage Hub'
\t[1] banner ''
\t\t[2] link 'Torque Garage Hub'
\t\t[3] button 'Sign out of Torque Garage Hub'
\t[4] main ''
\t\t[5] heading 'Work orders'
\t\t[6] list 'Open work orders'
\t\t\t[7] listitem ''
\t\t\t\t[8] link 'WO-7730 Brake pads, Ford Transit'
\t\t\t[9] listitem ''
\t\t\t\t[10] link 'WO-7703 Oil change, Ford Fiesta'"""


def test_the_products_name_on_every_page_carries_no_sign_in_falsifier():
    assert _falsifier("Sign in to Quillstack Library", LIBRARY, "http://lib.test/loans") < 0.5
    assert _falsifier("Sign-in page of Torque Garage Hub", GARAGE, "http://garage.test/orders") < 0.5


def test_the_path_segment_the_application_is_mounted_under_is_no_evidence():
    # an application served under its own name ("/quillstack/...", "/torque-garage/...") shows it
    # in every URL: a sign-in falsifier naming the product reads none of it, the real sign-in page
    # still reads as one
    assert _falsifier("Sign in · Quillstack", LIBRARY.replace("Quillstack Library'", "Quillstack'", 1),
                      "http://lib.test/quillstack/loans") < 0.5
    assert _falsifier("Torque Garage sign-in", GARAGE, "http://garage.test/torque-garage/orders") < 0.5
    signin = ("RootWebArea 'Sign in · Quillstack'\n\t[1] main ''\n\t\t[2] heading 'Sign in to Quillstack'\n"
              "\t\t[3] textbox 'Library card number'\n\t\t[4] button 'Sign in'")
    assert _falsifier("Sign in · Quillstack", signin, "http://lib.test/quillstack/login") >= 0.5
    # a first segment that names no site is the page's own path
    assert Page.of(Observation("http://garage.test/orders/WO-7703", "", GARAGE)).mount == ""
    assert Page.of(Observation("http://garage.test/torque-garage/orders", "", GARAGE)).mount == "/torque-garage"


@pytest.mark.parametrize("statement,body", [
    ("A message says the selected time slot is no longer available", "the selected time slot is no longer available"),
    ("The banner reads: Seat 14C cannot be found", "Seat 14C cannot be found"),
    ("Confirmation that the refund is not possible", "the refund is not possible"),
])
def test_what_a_message_says_is_a_message_whatever_it_states(statement, body):
    # the body may state an absence ("no longer available", "cannot be found"): the statement is
    # still about a message, read in a live region, not an absence prior on every page
    claim = compile_claim(statement)
    assert (claim.type, claim.subject) == ("message", body)
    booking = ("RootWebArea 'Book a slot · Permitly'\n\t[1] main ''\n\t\t[2] heading 'Inspection slots'\n"
               "\t\t[3] radio 'Tue 10:00', checked\n\t\t[4] button 'Confirm slot'")
    seats = ("RootWebArea 'Seats · Curtaincall'\n\t[1] main ''\n\t\t[2] heading 'Choose seats'\n"
             "\t\t[3] button 'Seat 14C'\n\t\t[4] button 'Continue'")
    assert _falsifier(statement, booking, "http://permitly.test/slots") < 0.5
    assert _falsifier(statement, seats, "http://curtaincall.test/seats") < 0.5
    gone = booking + "\n\t\t[5] alert ''\n\t\t\tStaticText 'Sorry, the selected time slot is no longer available'"
    if "slot" in statement:
        assert _falsifier(statement, gone, "http://permitly.test/slots") >= 0.5


def test_a_record_listed_among_others_is_a_mention_not_the_record_in_view():
    # a near-miss named by id and name fires on its own page, not on the list that shows it
    assert _falsifier("L-3381 The Left Hand of Darkness", LIBRARY, "http://lib.test/loans") < 0.5
    assert _falsifier("WO-7703 Oil change, Ford Fiesta", GARAGE, "http://garage.test/orders") < 0.5
    opened = """RootWebArea 'WO-7703 Oil change · Torque Garage Hub'
\t[1] main ''
\t\t[2] heading 'WO-7703 Oil change, Ford Fiesta'
\t\t[3] button 'Close work order'"""
    assert _falsifier("WO-7703 Oil change, Ford Fiesta", opened, "http://garage.test/orders/WO-7703") == 1.0


def test_what_the_agent_typed_supports_no_falsifier():
    for text, typed, statement in (
        ("RootWebArea 'Search · Quillstack Library'\n\t[1] main ''\n\t\t[2] searchbox 'Search' value='Kindred Butler'\n"
         "\t\t[3] heading 'Results'\n\t\t[4] link 'L-3318 The Dispossessed'", "Kindred Butler",
         "No results for Kindred Butler"),
        ("RootWebArea 'New work order · Torque Garage Hub'\n\t[1] main ''\n\t\t[2] textbox 'Customer' value='Ines Moreau'\n"
         "\t\tStaticText 'Customer: Ines Moreau'\n\t\t[3] button 'Create'", "Ines Moreau",
         "Customer Ines Moreau not found"),
    ):
        assert _falsifier(statement, text, "http://app.test/x", inputs=(typed,)) < 0.5


def test_what_every_page_of_a_site_shows_is_learnt_and_discounted():
    site = SiteModel(min_pages=3)
    pages = []
    for k, record in enumerate(("L-3318", "L-3381", "L-3402", "L-3417")):
        text = (f"RootWebArea '{record} · Quillstack Library'\n\t[1] banner ''\n\t\t[9] link 'Quillstack Library'\n"
                f"\t[4] main ''\n\t\t[2] heading 'Loan {record}'\n"
                "\t\tStaticText 'Renewals are not possible for reference books'\n\t\t[3] button 'Renew'")
        page = Page.of(Observation(f"http://lib.test/loans/{record}", "", text))
        site.observe(page)
        pages.append(page)
    last = pages[-1]
    assert _M.score_falsifiers(("Renewals are not possible",), evidence_view(last, site=site))[0] < 0.5
    r = reading(last, site=site)
    assert ("site furniture", "StaticText 'Renewals are not possible for reference books'") in r.left_out
    assert r.identity_ids == ("L-3417",) and r.site_name == "Quillstack Library"


def test_a_substitution_asserts_what_happened():
    post = ("RootWebArea 'Thread · Fernhollow'\n\t[1] main ''\n\t\t[2] heading 'Winter tyres'\n"
            "\t\t[3] status ''\n\t\t\tStaticText 'Post removed'")
    assert _falsifier("Post removed instead of locked", post, "http://forum.test/t/9") == 1.0
    draft = ("RootWebArea 'Compose · Torque Garage Hub'\n\t[1] main ''\n\t\t[2] heading 'Message to customer'\n"
             "\t\t[3] status ''\n\t\t\tStaticText 'Draft saved'")
    assert _falsifier("Draft saved instead of sent", draft, "http://garage.test/compose") == 1.0
    assert _falsifier("Message sent instead of saved as a draft", draft, "http://garage.test/compose") <= PARTIAL


def test_a_reading_names_the_record_in_view_and_the_records_only_listed():
    r = reading(Page.of(Observation("http://lib.test/loans", "", LIBRARY)))
    assert r.identity_ids == () and set(r.mentions) == {"L-3318", "L-3381"}
    g = reading(Page.of(Observation("http://garage.test/orders", "", GARAGE)))
    assert set(g.mentions) == {"WO-7730", "WO-7703"}
    assert ("chrome", "button 'Sign out of Torque Garage Hub'") in g.left_out
    assert all(line.split(" ", 1)[1].strip("'") for _, line in g.left_out)  # no nameless container is listed


# -- a template's slot needs a value where it stands; where a target stood is not in an action --

from fcpkit.core.actions import describe_action  # noqa: E402


def _on_action(statement: str, target: str, reasoning: str = "") -> float:
    action = Action("click('12')", reasoning=reasoning, target=target, effect="read")
    return _M.score_falsifiers((statement,), describe_action(action))[0]


def test_a_slot_holds_a_value_and_a_trailing_place_is_not_required_of_an_action():
    forum = "click Reply to <member> on one of the comments"
    assert _on_action(forum, "button 'Reply to ines_duarte'") == 1.0
    assert _on_action(forum, "button 'Reply'", reasoning="The thread is right; reply to it.") <= PARTIAL
    garage = "click Assign to {mechanic} in the crew panel"
    assert _on_action(garage, "button 'Assign to Jonas Berg'") == 1.0
    assert _on_action(garage, "button 'Assign'", reasoning="Assign to the next free one.") <= PARTIAL


def test_a_slots_literal_prefix_is_part_of_what_the_page_must_show():
    page = ("RootWebArea 'Winter tyres · Fernhollow'\n\t[1] main ''\n\t\t[2] heading 'Winter tyres'\n"
            "\t\t[3] region 'Reply composer'\n\t\t\tStaticText 'Replying to'\n\t\t\tStaticText '{whom}'\n"
            "\t\t\t[4] textbox 'Write your reply'")
    statement = "The composer is replying to u/..."
    assert _falsifier(statement, page.format(whom="u/hana_sato"), "http://forum.test/t/9") == 1.0
    assert _falsifier(statement, page.format(whom="Winter tyres"), "http://forum.test/t/9") <= PARTIAL


# -- a falsifier that holds whole is drift; a state the step found is no drift once it acted --

from fcpkit import Checker, Evidence, Label, Step, Trajectory  # noqa: E402
from fcpkit.core.router import Route, Thresholds, route  # noqa: E402


def test_a_whole_falsifier_outweighs_partial_confirming_evidence():
    assert route(0.8, 1.0, 0.8, Thresholds()) is Route.RISK
    assert route(1.0, 1.0, 0.8, Thresholds()) is Route.VERIFY  # both whole: ambiguous
    assert route(0.8, 1.0, 0.8, Thresholds.paper()) is not Route.RISK  # Equation 6 as published: the margin


def _run(plan: Plan, url: str, start: str, steps: list[tuple[Action, str]]) -> Trajectory:
    obs = lambda text: Observation(url, text.split("'")[1], text)  # noqa: E731
    return Trajectory("t", plan.task, plan, obs(start), tuple(Step(a, obs(t), plan.commitments[0].id) for a, t in steps),
                      Label(None, None), "app")


FORUM = Plan("Lock the post 'Heated discussion'.", [
    Commitment("lock-post", "Lock the post", confidence=0.8,
               confirm={"precondition": ["Post page with a Lock post button"], "completion": ["Post locked, replies and edits turned off"]},
               falsify={"execution": ["Post is already locked", "Thread locked instead of the post",
                                      "Post removed instead of locked"]}),
])
POST = ("RootWebArea 'Heated discussion · Fernhollow'\n\t[1] main ''\n\t\t[2] heading 'Heated discussion'\n"
        "\t\tStaticText 'Thread: Winter tyres'\n\t\t{status}\t\t[5] button '{control}'")
GARAGE_PLAN = Plan("Close work order WO-7730.", [
    Commitment("close-order", "Close the work order", confidence=0.8,
               confirm={"precondition": ["Work order page with a Close button"], "completion": ["Work order closed and invoiced"]},
               falsify={"execution": ["Work order is already closed", "Vehicle released instead of the work order closed",
                                      "Work order deleted instead of closed"]}),
])
WORK_ORDER = ("RootWebArea 'WO-7730 · Torque Garage Hub'\n\t[1] main ''\n\t\t[2] heading 'WO-7730 Brake pads'\n"
         "\t\tStaticText 'Vehicle: Ford Transit, ready for pick-up'\n\t\t{status}\t\t[5] button '{control}'")
LOCK = Action("click('5')", "Lock the post.", "button 'Lock post'", effect="write")
CLOSE = Action("click('5')", "Close the work order.", "button 'Close work order'", effect="write")


def _status(text: str) -> str:
    return f"[3] status ''\n\t\t\tStaticText '{text}'\n" if text else ""


def test_the_steps_own_result_is_not_the_state_it_found_and_an_event_is_said_of_its_thing():
    for plan, url, page, act, before, after, done, wrong in (
        (FORUM, "http://forum.test/p/9", POST, LOCK, "Lock post", "Unlock post", "Post locked. Members can no longer reply.",
         "Post removed."),
        (GARAGE_PLAN, "http://garage.test/wo/WO-7730", WORK_ORDER, CLOSE, "Close work order", "Reopen work order",
         "Work order closed. Parts released from stock.", "Work order deleted."),
    ):
        checker = Checker()
        start = page.format(status="", control=before)
        healthy = checker.check(_run(plan, url, start, [(act, page.format(status=_status(done), control=after))]))
        assert not healthy.detected, healthy.detection  # "already closed", "Vehicle released ... instead": not here
        faulty = checker.check(_run(plan, url, start, [(act, page.format(status=_status(wrong), control=after))]))
        assert faulty.detected and faulty.detection.step == 0


def test_a_suggestion_is_an_option_so_choosing_another_one_is_the_action_a_falsifier_names():
    for statement, wrong, right in (
        ("pick a suggestion other than Quillstack Central Library, 2 Mill Street",
         "option 'Quillstack Central Library Annex, Dock Road'", "option 'Quillstack Central Library, 2 Mill Street'"),
        ("choose a suggestion other than Ford Transit Custom, 2019",
         "option 'Ford Transit Connect, 2021'", "option 'Ford Transit Custom, 2019'"),
    ):
        assert _on_action(statement, wrong) > 0.55  # past the falsifier gate
        assert _on_action(statement, right) == 0.0


# -- confirming evidence reads the application's metadata around what users wrote --------------

THREAD = """RootWebArea 'Pruning climbing roses · Leafline'
\t[1] main ''
\t\t[2] article ''
\t\t\t[3] heading 'Pruning climbing roses'
\t\t\tStaticText 'Posted by'
\t\t\t[4] link 'u/fern_gardener'
\t\t\tStaticText 'My climbers have gone wild this year and I am not sure where to cut them back.'
\t\t\t[5] button 'Reply'"""
TICKET = """RootWebArea 'T-5120 · HelpDesk'
\t[1] main ''
\t\t[2] heading 'T-5120 Printer offline'
\t\t[3] region 'Customer message'
\t\t\tStaticText 'From dana_whitfield'
\t\t\tStaticText 'The printer on floor two has been offline since Monday morning, please help.'
\t\t[4] textbox 'Reply to customer' value='On it'
\t\t[5] button 'Assign'"""


def test_a_steps_evidence_reads_who_posted_not_what_they_wrote():
    from fcpkit.core.page import app_view
    for text, meta, written in ((THREAD, "Posted by u/fern_gardener", "climbers have gone wild"),
                                (TICKET, "Message from dana_whitfield", "printer offline since Monday")):
        view = app_view(Page.of(Observation("http://app.test/x", "", text)))
        assert _M.score_text((meta,), view)[0] == 1.0  # the application's voice: who wrote it
        assert _M.score_text((written,), view)[0] < 0.5  # the user's words are no evidence
    # a field inside the user's container holds the user's words, however short
    view = app_view(Page.of(Observation("http://app.test/x", "", TICKET)))
    assert "On it" not in view.body


# -- partial support needs what the statement says of its names, not the names alone ----------

LOAN = """RootWebArea 'L-3318 The Dispossessed · Quillstack Library'
\t[1] main ''
\t\t[2] heading 'L-3318 The Dispossessed'
\t\tStaticText 'Due 12 Dec'
\t\t[3] button 'Renew'"""
WORK_ORDER_PAGE = """RootWebArea 'WO-7730 Brake Pads Ford Transit · Torque Garage Hub'
\t[1] main ''
\t\t[2] heading 'WO-7730 Brake Pads Ford Transit'
\t\tStaticText 'Status: Open'
\t\t[3] button 'Close work order'"""


def test_names_alone_are_below_the_verify_band_what_is_said_of_them_reaches_it():
    from fcpkit.matching.lexical.falsify import _ELSEWHERE
    assert _falsifier("Loan L-3318 The Dispossessed lost", LOAN, "http://lib.test/loans/L-3318") <= _ELSEWHERE
    assert _falsifier("WO-7730 Brake Pads Ford Transit warranty claim", WORK_ORDER_PAGE,
                      "http://garage.test/orders/WO-7730") <= _ELSEWHERE
    # one word of what is said beside the names: partial support, for a verifier
    assert _falsifier("Loan L-3318 The Dispossessed due for return", LOAN, "http://lib.test/loans/L-3318") == PARTIAL
    assert _falsifier("WO-7730 Brake Pads Ford Transit status overdue", WORK_ORDER_PAGE,
                      "http://garage.test/orders/WO-7730") == PARTIAL


# -- a button's or an action link's name offers an act; it is no sign the act happened --------

RENEWAL = """RootWebArea 'Renew loan L-3318 · Quillstack Library'
\t[4] main ''
\t\t[5] heading 'Renew loan: The Dispossessed'
\t\t[6] link 'New Loan'
\t\t[8] form 'Renewal'
\t\t\t[9] textbox 'Return Date' value='12/14/2024'
\t\t\t[7] button 'Renew'"""
EDIT_ORDER = """RootWebArea 'Edit WO-7730 · Torque Garage Hub'
\t[4] main ''
\t\t[5] heading 'Edit work order WO-7730'
\t\t[6] button 'New Work Order'
\t\t[8] form 'Work order'
\t\t\t[9] textbox 'Labour Hours' value='2.5'
\t\t\t[7] button 'Save work order'"""


def test_a_new_x_button_is_no_new_x_form():
    assert _falsifier("A New Loan form opens instead of the renewal form", RENEWAL, "http://lib.test/renew") < PARTIAL
    assert _falsifier("A New Work Order form opens instead of the edit form", EDIT_ORDER, "http://garage.test/edit") < PARTIAL
    opened = EDIT_ORDER.replace("heading 'Edit work order WO-7730'", "heading 'New Work Order'")
    assert _falsifier("A New Work Order form opens instead of the edit form", opened, "http://garage.test/new") == 1.0


# -- a list is titled by its page, seldom named itself ---------------------------------------

def test_a_list_named_by_what_it_lists_is_found_under_its_pages_title():
    board = BOARD.format(roses="false", compost="false")
    unnamed = LIBRARY.replace("table 'Active loans'", "table ''")
    for text, statement, url in ((board, "Gardening board post list", "http://leafline.test/b/gardening"),
                                 (unnamed, "Library loans list", "http://lib.test/loans")):
        page = Page.of(Observation(url, "", text))
        assert _M.score_text((statement,), page)[0] >= 0.6  # progress: the list the step works on
    # another board's list is not this one: the name must stand in the page's titles
    assert _M.score_text(("Compost board post list",), Page.of(Observation("http://leafline.test/b/gardening", "", board)))[0] < 0.5
