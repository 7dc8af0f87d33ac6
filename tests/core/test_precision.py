"""Precision on applications fcpkit has never seen: each mechanism that keeps a healthy run from
being flagged, on pages of two applications of our own making, worded differently."""

from __future__ import annotations

from fcpkit import Action, Observation
from fcpkit.core.rules import check_transition


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
