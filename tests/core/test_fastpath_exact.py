"""The fast path's faster forms of its text rules give exactly the results of the plain forms."""

from __future__ import annotations

import random
import re

from fcpkit.core import rules, text
from fcpkit.core.rules import content_fingerprint, page_fingerprint, same_page
from fcpkit.core.trajectory import Observation

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
        assert rules._drop_focused(s) == rules._FOCUSED.sub("", s), repr(s)


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
