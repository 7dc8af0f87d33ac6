"""The fast path's faster forms of its text rules give exactly the results of the plain forms."""

from __future__ import annotations

import random
import re

from fcpkit.core import text
from fcpkit.core.page import Page
from fcpkit.core.page import fingerprint as fp
from fcpkit.core.rules import content_fingerprint, page_fingerprint, same_page
from fcpkit.core.trajectory import Observation

_FOCUSED = re.compile(r",?\s*\bfocused\b", re.IGNORECASE)

#: the volatile-text pattern as first written: a look-ahead, then every alternative in order
_PLAIN_VOLATILE = re.compile(
    "(?=[\\d(aofitjymsnd])(?:" + "|".join([*text._VOLATILE_AT_WORD[:-1], r"\(\d+\)", text._VOLATILE_AT_WORD[-1]]) + ")",
    re.IGNORECASE,
)


def _strings(pieces: list[str], n: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    return ["".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 12))) for _ in range(n)]


def test_dropping_focused_matches_the_pattern_everywhere():
    pieces = ["focused", "Focused", "FOCUSED", "unfocused", "focusedx", "_focused", ",", " ", "\t", "\n", "a",
              "\u00a0", "\u2028", "focu\u017fed", "(", "'", "=True", "[12] button 'Save'"]
    for s in _strings(pieces, 3000, 1) + ["button 'Save', focused", "\t\t[3] textbox 'Name' ,  focused, required"]:
        assert fp._drop_focused(s) == _FOCUSED.sub("", s), repr(s)


def test_volatile_text_is_stripped_as_by_the_plain_pattern():
    pieces = ["3", "12", "10:42", " ", "\n", "pm", "a.m.", "ago", "minutes", "min", "in", "about ", "left", "(", ")",
              "(12)", "today", "just now", "2026-11-29", "T10:00Z", "Nov", "29", "th", ", ", "2026", "unread", "new",
              "x", "h", "d", "one", "few", "an", "\u017f", "_", "Tomorrow"]
    for s in _strings(pieces, 5000, 2) + ["Updated 5 minutes ago · Open (12) · Nov 29, 2026 at 10:42 pm"]:
        assert text._VOLATILE.sub(" ", s) == _PLAIN_VOLATILE.sub(" ", s), repr(s)


def test_same_page_agrees_with_comparing_fingerprints():
    urls = ["http://a.test/x", "http://a.test/x#top", "http://a.test/y", "", "http://a.test/x\n"]
    titles = ["Ticket T-390", "Ticket T-390 · 10:42", "Ticket T-391", "", "a\nb"]
    bodies = ["RootWebArea 'Ticket T-390', focused\n\t[3] heading 'Ticket T-390'",
              "RootWebArea 'Ticket T-390'\n\t[7] heading 'Ticket T-390'", "RootWebArea 'Queue'",
              "RootWebArea 'Ticket T-390'\n\t[2] status ''\n\t\tStaticText 'Saved.'\n\t[7] heading 'Ticket T-390'"]
    pages = [Observation(u, t, b) for u in urls for t in titles for b in bodies]
    for a in pages[::3]:
        for b in pages:
            for fp in (page_fingerprint, content_fingerprint):
                assert same_page(a, b, fp) == (fp(a) == fp(b)), (a, b, fp)


def _whole_text_fingerprint(url: str, title: str, body: str) -> str:
    """The page fingerprint as first written: every pattern over the whole text, then split."""
    body = fp._drop_focused(text.strip_volatile(fp.strip_bids(body)))
    lines = [fp._squeeze(ln) for ln in body.splitlines()]
    return "\n".join([url.split("#", 1)[0], text.strip_volatile(title).strip(), *[ln for ln in lines if ln]])


def test_the_fingerprint_read_line_by_line_is_the_whole_text_reading():
    # node lines of two apps (a help desk and a shop), with element ids, focus, clocks, counters,
    # dates and runs of whitespace; pages are random sequences of them
    lines = ["RootWebArea 'Ticket T-390 · HelpDesk', focused", "\t[12] heading 'Ticket T-390'",
             "\t\t[13] StaticText 'Updated 5 minutes ago'", "\t[14] button 'Assign',  focused", "",
             "\t[15] link 'Inbox (12)'", "\t\t\tStaticText 'Due Nov 29, 2026 at 10:42 pm'", "\t[16] status ''",
             "\t\tStaticText 'Saved.   Just now'", "RootWebArea 'Order ORD-55012 | Shop'",
             "\t[201] textbox 'Quantity' value='2', focused, required", "\t[202] StaticText '3 unread'",
             "\t\t[203] cell 'Ships in 2 days'", "\t[204] button 'Checkout'\t", "  [205] row '2026-07-14  $1,250.00'"]
    rnd = random.Random(3)
    for _ in range(400):
        body = "\n".join(rnd.choice(lines) for _ in range(rnd.randint(0, 14)))
        title = rnd.choice(["Ticket T-390 · 10:42", "Order ORD-55012", ""])
        assert fp.fingerprint(Page(body, "http://a.test/x#t", title)) == _whole_text_fingerprint("http://a.test/x#t", title, body)
