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
