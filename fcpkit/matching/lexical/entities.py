"""Entities a statement hinges on: record ids, names, amounts, dates and quoted text (an email
address or a domain name counts as quoted: one identifier).

A statement is about *things*, and a page supports it only when those things are there as wholes:
``T-390`` is not ``T-391``; "Tomas Kowal" is not "Tomas Kowalski"; "14-18 July 2025" is the
same pair of dates as "14 Jul 2025 – 18 Jul 2025" and as "2025-07-14 … 2025-07-18". Ids of any
common shape are recognised (:data:`fcpkit.core.page.RECORD_ID`); dates are normalised to
(year or None, month, day) instead of being stripped as volatile text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fcpkit.core.caches import page_cache
from fcpkit.core.page import id_names, record_ids
from fcpkit.core.text import DATE, Date, dates, tokenize

__all__ = ["Entities", "entities", "names", "same_name", "ADDRESS"]

_NAME = re.compile(r"(?<![.!?]\s)(?<!^)(?<![.!?]\s\s)\b([A-Z][a-z]+[A-Za-z]*(?:\s+[A-Z][a-z]+[A-Za-z]*)*)\b")
_QUOTED = re.compile(r"'([^']+)'|\"([^\"]+)\"|“([^”]+)”")

#: An email address or a domain name: one identifier, whole or not at all ("brightwater-analytica.com"
#: is not "brightwater-analytics.com", though two of its three words are).
ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|edu|gov|io|co|"
                      r"info|biz|app|dev|ai|uk|de|fr|es|it|nl|eu|ca|au|us|jp|ch|se|no|dk|fi|pl|ie|nz|in)\b",
                      re.IGNORECASE)

_MONTH_NAMES = frozenset("january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec".split())


@dataclass(frozen=True)
class Entities:
    """The entities of one text, each kind as a tuple in order of appearance."""

    ids: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    amounts: tuple[str, ...] = ()
    dates: tuple[Date, ...] = ()
    quoted: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.ids or self.names or self.amounts or self.dates or self.quoted)

    def describe(self) -> list[str]:
        out = [f"id {i}" for i in self.ids] + [f"name {n!r}" for n in self.names]
        out += [f"amount {a}" for a in self.amounts] + [f"quoted {q!r}" for q in self.quoted]
        out += ["date " + (f"{y:04d}-" if y else "") + f"{m:02d}-{d:02d}" for y, m, d in self.dates]
        return out


@page_cache(16384, kind="statement")
def names(text: str) -> tuple[str, ...]:
    """Names: runs of capitalised words past a sentence start, and quoted text."""
    out = [m.group(1) for m in _NAME.finditer(text.strip())]
    out += [a or b or c for a, b, c in _QUOTED.findall(text)]
    return tuple(dict.fromkeys(out))


def same_name(name: str, text: str) -> bool:
    """Whether ``text`` is ``name`` as a whole: equal tokens, or ``name`` as one part of a text split
    on separators ("Payments · Tier 2"). "Tomas Kowalski" is not "Tomas Kowal"."""
    want = tokenize(name, past="stem")
    if not want:
        return False
    if tokenize(text, past="stem") == want:
        return True
    return any(tokenize(part, past="stem") == want for part in re.split(r"\s*[,;·|()\[\]–—]\s*|\s+-\s+", text) if part)


@page_cache(16384, kind="statement")
def entities(text: str) -> Entities:
    """The :class:`Entities` of a statement."""
    ids = id_names(text)
    amounts = tuple(dict.fromkeys(t for t in tokenize(re.sub(r"[A-Z]{1,6}[-_]?\d[\w-]*", " ", text)) if t[:1].isdigit()))
    ds = dates(text)
    quoted = tuple(a or b or c for a, b, c in _QUOTED.findall(text))
    quoted += tuple(a for a in dict.fromkeys(m.group(0) for m in ADDRESS.finditer(text)) if a not in quoted)
    nm = tuple(n for n in names(text) if n not in quoted and not record_ids(n) and not DATE.fullmatch(n) and n.lower().rstrip(".") not in _MONTH_NAMES)
    return Entities(ids, nm, amounts, ds, quoted)
