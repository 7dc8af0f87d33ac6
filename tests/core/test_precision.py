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
