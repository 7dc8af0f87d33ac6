"""What the built-in falsifiers read off one page, or off a pair of pages, derived once from the page model.

Every state test runs the built-ins (:mod:`fcpkit.core.falsifiers`); what they read (where
a page says what it is, which of those names refuse, say the session ended or say the page is
missing, the record ids of its identity, whether it is a sign-in form, whether it lists records,
the messages it added to the page before it) is derived here from the
:class:`~fcpkit.core.page.Page`, the first time a rule asks, and kept in the page's cache: a rule
that never runs on a page costs it nothing, and the facts live and die with the page.
"""

from __future__ import annotations

import re
from functools import cached_property

from fcpkit.core.actions import parse_action
from fcpkit.core.page import Page, RecordId, record_ids
from fcpkit.core.phrases import phrase
from fcpkit.core.text import words
from fcpkit.core.trajectory import Action

#: A URL's query parameters that carry a search's terms (``q=``, ``search=``): what the list or
#: page was asked to look for, not a view of it.
SEARCH_PARAMS = re.compile(r"^(?:q|query|search|s|term|terms|keywords?|text|find)$", re.IGNORECASE)

__all__ = ["SEARCH_PARAMS", "PageFacts", "MessageFacts", "page_facts", "message_facts", "as_page", "target_place", "answers_a_value", "FIELD_ROLES",
           "LOGIN_PATH"]

LOGIN_PATH = re.compile(r"/(?:log-?in|sign-?in|signon|sso|auth(?:enticate)?|session/new)(?:/|$|\.)", re.IGNORECASE)
FIELD_ROLES = frozenset({"textbox", "searchbox"})
_MESSAGE_ROLES = frozenset({"alert", "status", "log", "alertdialog"})
_RECORD_ITEMS = frozenset({"row", "listitem", "article", "treeitem"})


def as_page(obs) -> Page:
    """``obs`` as a :class:`~fcpkit.core.page.Page` (an observation's, kept with it)."""
    return obs if isinstance(obs, Page) else Page.of(obs)


def _having(family: str, texts: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(t for t in texts if phrase(family, t))


class PageFacts:
    """One page as the built-ins read it; each fact derived on first use, then kept (see module docstring)."""

    __slots__ = ("page", "__dict__")

    def __init__(self, page: Page):
        self.page = page

    @cached_property
    def sign_in(self) -> bool:
        """A password field and a sign-in control, or a sign-in control on a login path."""
        ns = self.page.nodes
        if not any(n.kind in ("button", "heading", "link") and phrase("sign_in", n.name) for n in ns):
            return False  # both readings need a sign-in control: no password field is looked for without one
        password = any((n.kind in FIELD_ROLES or n.role in ("StaticText", "LabelText")) and phrase("password", n.name)
                       for n in ns)
        return password or bool(LOGIN_PATH.search(self.page.path))

    @cached_property
    def names(self) -> tuple[str, ...]:
        """Where a page says what it is: the title's segments (without the last, the site's, when
        there are several) and the first three headings."""
        parts = list(self.page.title_segments)
        if len(parts) > 1:
            parts = parts[:-1]
        return (*parts, *self.page.headings[:3])

    @cached_property
    def signed_out(self) -> tuple[str, ...]:
        """The names that say the session ended, in order."""
        return _having("signed_out", self.names)

    @cached_property
    def refused(self) -> tuple[str, ...]:
        """The names that refuse (401/403, not permitted), in order."""
        return _having("refused", self.names)

    @cached_property
    def missing(self) -> tuple[str, ...]:
        """The names of a not-found or error page, in order."""
        return _having("missing", self.names)

    @cached_property
    def records(self) -> tuple[RecordId, ...]:
        """The strong record ids of the page's identity: URL path, title and first heading (the
        record the page is about; :mod:`fcpkit.core.page.records`). An id the page's URL searches
        for ("/search?q=LSE-2018-0562", titled "Search: LSE-2018-0562") is what was looked for, not
        a record in view: a search page is about its query."""
        p = self.page
        first = p.headings[0] if p.headings else ""
        searched = {r.id for k, v in p.query if SEARCH_PARAMS.match(k) for r in record_ids(v)}
        return tuple(r for r in record_ids(" ".join([p.path.upper(), p.title, first])) if r.strong and r.id not in searched)

    @cached_property
    def ids(self) -> frozenset[str]:
        return frozenset(r.id for r in self.records)

    @cached_property
    def kinds(self) -> frozenset[tuple[str, int]]:
        """The kinds (prefix, digit count) of :attr:`records`."""
        return frozenset(r.kind for r in self.records)

    @cached_property
    def lists_records(self) -> bool:
        """A page that lists records, outside its chrome and its asides: a data table (column
        headers), a list, feed or grid whose items link to what they list, or a filter chip (a list
        filtered down to nothing still shows its filters). A table of turn-by-turn steps or a list
        of plain text lists no records, and neither does a navigation landmark (a breadcrumb trail's
        links are pages) nor a panel beside the content ("Recently viewed", "Related records"): a
        form or a wizard's step with such a panel is still a form, its selects its inputs."""
        p = self.page
        zones, nodes = p.zones, p.nodes
        nav = {k for i, n in enumerate(nodes) if n.kind == "navigation" for k in p.subtree(i)}
        for i, n in enumerate(nodes):
            if zones[i] in ("chrome", "aside") or i in nav:
                continue
            if n.kind == "columnheader":
                return True
            if n.kind in _RECORD_ITEMS and any(nodes[k].kind == "link" for k in p.subtree(i)[1:]):
                return True
            if n.kind in ("button", "link") and phrase("remove_filter", n.name):
                return True
        return False

    @cached_property
    def questions(self) -> frozenset[str]:
        """The messages (as :attr:`messages` gives them) of alert dialogs that ask the user to choose
        ("Pickup warning: 18 rooms already booked … [Back] [Apply override]"): a warning there is
        a question about an act not yet taken, not a failure."""
        p = self.page
        out = set()
        for i, _ in p.live:
            if p.nodes[i].kind == "alertdialog" and _asks(p, i):
                out.add(_text_of(p, i))
        return frozenset(out)

    @cached_property
    def narrowable(self) -> bool:
        """A list page that is no record's page: what a filter can narrow."""
        return not self.records and self.lists_records

    @cached_property
    def messages(self) -> tuple[str, ...]:
        """The text of each message region (alert, status, log, an assertive live region)."""
        p = self.page
        out = []
        for i, _ in p.live:
            n = p.nodes[i]
            if n.kind in _MESSAGE_ROLES or "live='assertive'" in n.attrs:
                msg = _text_of(p, i)
                if msg:
                    out.append(msg)
        return tuple(out)


def _text_of(page: Page, i: int) -> str:
    """A message region's text: the names of its nodes, joined (how :attr:`PageFacts.messages` reads it)."""
    return " ".join(t for t in (page.nodes[k].name for k in page.subtree(i)) if t).strip()


def _asks(page: Page, i: int) -> bool:
    """Whether the alert dialog at ``i`` asks the user to choose: two controls or more (confirm or
    go back), where a message that only tells has one (OK, Close)."""
    return sum(1 for k in page.subtree(i)[1:] if page.nodes[k].kind in ("button", "link") and page.nodes[k].name) >= 2


def page_facts(obs) -> PageFacts:
    """The :class:`PageFacts` of a page (or an observation's page), kept in the page's cache."""
    page = as_page(obs)
    hit = page.cache.get("facts")
    if hit is None:
        hit = page.cache["facts"] = PageFacts(page)
    return hit


class MessageFacts:
    """The messages a page added to the page before it, and which of them refuse, say the
    session ended or say something failed (in order)."""

    __slots__ = ("messages", "__dict__")

    def __init__(self, messages: tuple[str, ...]):
        self.messages = messages

    @cached_property
    def signed_out(self) -> tuple[str, ...]:
        return _having("signed_out", self.messages)

    @cached_property
    def refused(self) -> tuple[str, ...]:
        return _having("refused", self.messages)

    @cached_property
    def negative(self) -> tuple[str, ...]:
        return _having("negative", self.messages)


def message_facts(before, after) -> MessageFacts:
    """The :class:`MessageFacts` of page ``after`` reached from ``before`` (``None``: a start page),
    kept in ``after``'s cache for that ``before``."""
    page = as_page(after)
    prev = as_page(before) if before is not None else None
    key = ("message_facts", id(prev) if prev is not None else None)
    hit = page.cache.get(key)
    if hit is None or hit[0] is not prev:
        old = {_counted(m) for m in page_facts(prev).messages} if prev is not None else set()
        hit = page.cache[key] = (prev, MessageFacts(tuple(m for m in page_facts(page).messages if _counted(m) not in old)))
    return hit[1]


_NUMBER = re.compile(r"(?<![\w#-])\d+(?:[.,:]\d+)*")  # not a record id's digits (T-390, #1042, INC0012)


def _counted(message: str) -> str:
    """A message with its numbers masked: a live ticker or a sync line whose counts and times move
    on every page ("1,162 arrivals today · forecast run 06:10", "Last synced 2 minutes ago") is the
    same message, not a new one. A record id's digits stay: "T-391 failed" after "T-390 failed" is new."""
    return _NUMBER.sub("#", message)


def target_place(action: Action, obs) -> str:
    """The text of the table row or list item that holds the node ``action`` acts on, on the page
    it is taken on ("PM Route 14 Larkspur Ln & 5th St 3:44 PM drop-off ... Change stop"), or ""
    when its target stands in none: where a control repeated on every row acts."""
    page = as_page(obs)
    try:
        calls = parse_action(action.command)
    except ValueError:
        return ""
    for c in calls:
        i = page.position(c.bid)
        if i is not None and page.items[i] >= 0:
            return page.subtree_text(page.items[i])
    return ""


def answers_a_value(obs, statement: str) -> bool:
    """Whether a line of the page's own content (not its chrome) that holds every word of
    ``statement`` is a form's answer to a value (:data:`~fcpkit.core.phrases.VALIDATION`): "No
    approved command load CL-932 for KS-14 Tern. Use the format CL-NNNN." under the box the agent
    typed CL-932 into answers that value, though a plan's falsifier says only its first words ("No
    approved command load")."""
    said = set(words(statement))
    if not said:
        return False
    page = as_page(obs)
    return any(n.label and page.zones[i] != "chrome" and said <= set(words(n.label))
               and phrase("validation", n.label) for i, n in enumerate(page.nodes))
