"""What the claim scorers read off one prepared page, built once per page and kept in its ``extra``.

The word scorer (:func:`.scorers.recall`) reads a page through its chunk and line indexes; the
structural scorers read node names, field labels and live regions. They used to tokenise those
on every claim they scored (a presence claim walked every named node of the main region and
summed its tokens' weights node by node, a field claim tokenised every label of the page). The
page does not change between claims, so each of those readings is built here once per page, as a
bitmask index like the chunk index: a claim then touches only the nodes that hold its words.
Everything here depends on the page alone; no score is kept.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fcpkit.core.caches import page_cache
from fcpkit.core.page.nodes import states_as_words
from fcpkit.core.text import strip_volatile, tokenize

if TYPE_CHECKING:  # the scorers import this module; their Prepared is only a type here
    from fcpkit.matching.lexical.scorers import Prepared

__all__ = ["line_tokens", "with_series", "NameIndex", "name_index", "field_labels", "live_tokens", "list_titles", "name_forms", "same_name_as"]

@page_cache(65536)
def line_tokens(line: str) -> tuple[str, ...]:
    """A page line's tokens (volatile text stripped, states read as words), cached per line: most
    lines of a page come back on the next page, and on the same page's views. An id of a series
    ("OL-2025-0117") also says its series ("ol-2025"), which a plan writes as "OL-2025-" for the
    number it could not know (:mod:`fcpkit.core.page.records`)."""
    return with_series(tokenize(states_as_words(strip_volatile(line, counts=True)), past="both"))


def with_series(toks: tuple[str, ...]) -> tuple[str, ...]:
    """``toks`` and the series of each id of three parts among them ("ol-2025-0117" says "ol-2025"),
    and the prefix of each id written with one ("tri-2025-00419" says "tri", as "a new TRI
    reference" names it: :func:`~fcpkit.matching.lexical.claims.normalise`)."""
    if not any("-" in t for t in toks):
        return toks
    series = [m.group(1) for t in toks if "-" in t and (m := _SERIES.match(t))]
    series += [_prefix_token(m.group(1)) for t in toks if "-" in t and (m := _PREFIX.match(t))]
    return toks + tuple(x for x in series if x) if series else toks


#: An id of three parts, letters then numbers ("ol-2025-0117", "inv-2024-3381"): its first two are its series.
_SERIES = re.compile(r"^([a-z]{1,6}-\d{2,4})-\d{2,}$")
#: An id of letters, a dash, then digits ("tri-2025-00419", "po-88120"): its letters are its prefix.
_PREFIX = re.compile(r"^([a-z]{2,5})-\d")


@page_cache(4096)
def _prefix_token(prefix: str) -> str:
    """A prefix as a statement's tokeniser reads it ("TRI" -> its stem)."""
    got = tokenize(prefix)
    return got[0] if len(got) == 1 else ""


_PARTS = re.compile(r"\s*[,;·|()\[\]–—]\s*|\s+-\s+")


class NameIndex:
    """Named nodes of a page (in document order), with the bitmask of the nodes (by position in
    :attr:`nodes`) whose name holds each token."""

    __slots__ = ("nodes", "tokens")

    def __init__(self, nodes: list[tuple[int, str]], names: list[frozenset[str]]):
        self.nodes = nodes
        self.tokens: dict[str, int] = {}
        for k, toks in enumerate(names):
            bit = 1 << k
            for t in toks:
                self.tokens[t] = self.tokens.get(t, 0) | bit


def name_index(prep: "Prepared", nodes: list[tuple[int, str]], key: object) -> NameIndex:
    """The :class:`NameIndex` of ``nodes`` ((node index, role) pairs of ``prep``'s page), kept in
    ``prep.extra`` under ``("name_index", key)``."""
    hit = prep.extra.get(("name_index", key))
    if hit is None:
        page = prep.page
        names = [frozenset(tokenize(page.nodes[i].name, past="both")) for i, _ in nodes] if page is not None else []
        hit = prep.extra[("name_index", key)] = NameIndex(nodes, names)
    return hit


def field_labels(prep: "Prepared") -> list[frozenset[str]]:
    """Each field's label as tokens, in the order of ``page.fields``."""
    hit = prep.extra.get("field_labels")
    if hit is None:
        page = prep.page
        hit = prep.extra["field_labels"] = [frozenset(tokenize(f.label)) or frozenset(tokenize(f.label, keep_stopwords=True))
                                            for f in page.fields] if page is not None else []
    return hit


def live_tokens(prep: "Prepared") -> list[frozenset[str]]:
    """Each live region's text as tokens, in the order of ``page.live`` (an id's series and
    prefix among them, as on every line: :func:`with_series`)."""
    hit = prep.extra.get("live_tokens")
    if hit is None:
        page = prep.page
        hit = prep.extra["live_tokens"] = [frozenset(with_series(tokenize(text, past="both"))) for _, text in page.live] if page is not None else []
    return hit


@page_cache(65536)
def name_forms(text: str) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """A text's tokens, and the tokens of each part of it split on separators ("Payments · Tier 2"):
    what :func:`same_name_as` compares a name with (read once per text, e.g. a field's value)."""
    return tokenize(text, past="stem"), tuple(tokenize(part, past="stem") for part in _PARTS.split(text) if part)


def same_name_as(want: tuple[str, ...], text: str) -> bool:
    """:func:`.entities.same_name` with the name already tokenised (``want``): ``text`` is the name as a
    whole, or one separated part of it is."""
    if not want:
        return False
    whole, parts = name_forms(text)
    return whole == want or want in parts


_LISTS = frozenset({"list", "table", "grid", "treegrid", "feed", "listbox"})


def list_titles(prep: "Prepared") -> frozenset[str]:
    """The words a page titles its lists with (empty when it has none): its identity (title, root,
    heading, URL path), the lists' own names, its headings and column headers."""
    hit = prep.extra.get("list_titles")
    if hit is None:
        toks: set[str] = set(prep.identity)
        found = False
        for n in prep.page.nodes if prep.page is not None else ():
            if n.kind in _LISTS:
                found = True
            if n.name and (n.kind in _LISTS or n.kind in ("heading", "columnheader")):
                toks.update(tokenize(n.name, past="both"))
        hit = prep.extra["list_titles"] = frozenset(toks) if found else frozenset()
    return hit
