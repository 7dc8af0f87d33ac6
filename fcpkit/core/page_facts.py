"""What the built-in falsifiers read off one page, or off a pair of pages, derived once into one record.

Every state test runs the nine built-ins (:mod:`fcpkit.core.falsifiers`), and each used to ask a
few per-page caches for what it needs (the page's names, a phrase family over each name, the
live-region messages the page added, the record ids of its identity, whether it is a sign-in form,
whether it lists records) and redo the glue between them: the same names were filtered for a
refusal, a not-found and a signed-out notice by three rules, the URL parsed twice, the identity's
ids read by two. :func:`page_facts` keeps one :class:`PageFacts` per page and
:func:`message_facts` one :class:`MessageFacts` per pair of pages; each fact is derived the first
time a rule asks for it (a rule that never runs on a page costs that page nothing) and is then an
attribute read. Both are per-page caches (:mod:`fcpkit.core.caches`), cleared with the others.

The phrase families and the page readings the facts are made of live here too, so that the rules
and the facts read one definition.
"""

from __future__ import annotations

import re
from functools import cached_property

from fcpkit.core.caches import page_cache
from fcpkit.core.pagetree import _identity as identity_of
from fcpkit.core.pagetree import headings, live_regions, nodes, record_ids, title_parts, url_path
from fcpkit.core.phrases import (
    ADMITS_FAILURE, EMPTY, MISSING, NEGATIVE, PASSWORD, REFUSED, REMOVE_FILTER, SIGN_IN, SIGNED_OUT, compile_family,
    fold,
)

__all__ = ["PageFacts", "MessageFacts", "page_facts", "message_facts", "phrase"]

#: Each phrase family, compiled once, by name (the name is what :func:`phrase` caches on).
FAMILIES: dict[str, tuple[re.Pattern[str], ...]] = {
    "sign_in": compile_family(SIGN_IN), "password": compile_family(PASSWORD), "signed_out": compile_family(SIGNED_OUT),
    "refused": compile_family(REFUSED), "missing": compile_family(MISSING), "empty": compile_family(EMPTY),
    "negative": compile_family(NEGATIVE), "admits": compile_family(ADMITS_FAILURE),
    "remove_filter": compile_family(REMOVE_FILTER),
}
LOGIN_PATH = re.compile(r"/(?:log-?in|sign-?in|signon|sso|auth(?:enticate)?|session/new)(?:/|$|\.)", re.IGNORECASE)
FIELD_ROLES = frozenset({"textbox", "searchbox"})


@page_cache(65536)
def phrase(family: str, text: str) -> re.Match[str] | None:
    """The first phrase of ``family`` (a :data:`FAMILIES` name) in ``text``: cached per (family,
    text), since the same names (navigation, headings) come back on every page of an app."""
    t = fold(text)
    for p in FAMILIES[family]:
        m = p.search(t)
        if m:
            return m
    return None


@page_cache(4096)
def names_of(title: str, text: str) -> tuple[str, ...]:
    """Title segments and the first headings: where a page says what it is."""
    return (*title_parts(title), *headings(text))


@page_cache(4096)
def messages_new(before: str | None, after: str) -> tuple[str, ...]:
    """The live-region messages of page ``after`` that page ``before`` did not show."""
    old = set(live_regions(before)) if before is not None else set()
    return tuple(m for m in live_regions(after) if m not in old)


@page_cache(4096)
def sign_in_form(text: str, path: str) -> bool:
    """A password field and a sign-in control, or a sign-in control on a login path."""
    ns = nodes(text)
    control = any(n.role.lower() in ("button", "heading", "link") and phrase("sign_in", n.name) for n in ns)
    if not control:  # both readings need a sign-in control: no password field is looked for without one
        return False
    password = any((n.role.lower() in FIELD_ROLES or n.role in ("StaticText", "LabelText")) and phrase("password", n.name)
                   for n in ns)
    return password or bool(LOGIN_PATH.search(path))


@page_cache(4096)
def is_list_page(text: str) -> bool:
    """A page that lists records: table rows, or list items in its main region (not its navigation)."""
    ns = nodes(text)
    main = next((i for i, n in enumerate(ns) if n.role.lower() == "main"), None)
    body = ns[main:] if main is not None else ns
    rows = sum(1 for n in body if n.role.lower() in ("row", "listitem", "article"))
    return rows >= 2


def _having(family: str, texts: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(t for t in texts if phrase(family, t))


class PageFacts:
    """One page as the built-ins read it; each fact derived on first use, then kept (see module docstring)."""

    __slots__ = ("url", "title", "text", "__dict__")

    def __init__(self, url: str, title: str, text: str):
        self.url, self.title, self.text = url, title, text

    @cached_property
    def sign_in(self) -> bool:
        """The page is a sign-in form."""
        return sign_in_form(self.text, url_path(self.url))

    @cached_property
    def names(self) -> tuple[str, ...]:
        """Title segments and the first headings (:func:`names_of`)."""
        return names_of(self.title, self.text)

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
    def ids(self) -> frozenset[tuple[str, int, str]]:
        """The record ids the page's identity names (:func:`fcpkit.core.pagetree.record_ids`)."""
        return record_ids(identity_of(self.url, self.title, self.text))

    @cached_property
    def kinds(self) -> set[tuple[str, int]]:
        """The kinds (prefix, digit count) of :attr:`ids`."""
        return {(p, n) for p, n, _ in self.ids}

    @cached_property
    def narrowable(self) -> bool:
        """A list page that is no record's page: what a filter can narrow."""
        return not self.ids and is_list_page(self.text)


@page_cache(4096)
def _facts(url: str, title: str, text: str) -> PageFacts:
    return PageFacts(url, title, text)


def page_facts(obs) -> PageFacts:
    """The :class:`PageFacts` of observation ``obs`` (one per distinct page)."""
    return _facts(obs.url, obs.title, obs.text)


class MessageFacts:
    """The live-region messages a page added to the page before it, and which of them refuse,
    say the session ended or say something failed (in order)."""

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


@page_cache(4096)
def _message_facts(before: str | None, after: str) -> MessageFacts:
    return MessageFacts(messages_new(before, after))


def message_facts(before, after) -> MessageFacts:
    """The :class:`MessageFacts` of page ``after`` reached from ``before`` (``None``: a start page)."""
    return _message_facts(before.text if before is not None else None, after.text)
