"""Entities a statement hinges on: record ids, names, amounts, dates and quoted text.

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
from fcpkit.core.text import tokenize

__all__ = ["Entities", "entities", "dates", "names", "same_name", "dates_match"]

_MONTHS = {m: i for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)}
_MON = r"(?P<mon>jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DATE = re.compile(
    r"\b(?P<iy>\d{4})-(?P<im>\d{2})-(?P<id>\d{2})\b"
    rf"|\b(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?(?:\s*(?:-|–|to|until)\s*(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?)?\s+{_MON}(?:\s+(?P<y>\d{{4}}))?\b"
    rf"|\b{_MON.replace('mon>', 'mon2>')}\s+(?P<d3>\d{{1,2}})(?:st|nd|rd|th)?(?:\s*(?:-|–|to)\s*(?P<d4>\d{{1,2}}))?(?:,?\s+(?P<y2>\d{{4}}))?\b",
    re.IGNORECASE,
)
_NAME = re.compile(r"(?<![.!?]\s)(?<!^)(?<![.!?]\s\s)\b([A-Z][a-z]+[A-Za-z]*(?:\s+[A-Z][a-z]+[A-Za-z]*)*)\b")
_QUOTED = re.compile(r"'([^']+)'|\"([^\"]+)\"|“([^”]+)”")

Date = tuple  # (year | None, month, day)
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
def dates(text: str) -> tuple[Date, ...]:
    """Every date in ``text`` as (year or None, month, day); a range "14-18 July 2025" gives both ends."""
    out: list[Date] = []
    for m in _DATE.finditer(text):
        if m.group("iy"):
            out.append((int(m.group("iy")), int(m.group("im")), int(m.group("id"))))
            continue
        if m.group("d1"):
            mon, days, year = m.group("mon"), (m.group("d1"), m.group("d2")), m.group("y")
        else:
            mon, days, year = m.group("mon2"), (m.group("d3"), m.group("d4")), m.group("y2")
        month = _MONTHS[mon.lower()[:3]]
        for d in days:
            if d and 1 <= int(d) <= 31:
                out.append((int(year) if year else None, month, int(d)))
    return tuple(dict.fromkeys(out))


def dates_match(wanted: tuple[Date, ...], have: tuple[Date, ...]) -> bool:
    """Every wanted date is on the page (a wanted date without a year matches any year)."""
    for y, m, d in wanted:
        if not any(m == m2 and d == d2 and (y is None or y2 is None or y == y2) for y2, m2, d2 in have):
            return False
    return True


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
    nm = tuple(n for n in names(text) if n not in quoted and not record_ids(n) and not _DATE.fullmatch(n) and n.lower().rstrip(".") not in _MONTH_NAMES)
    return Entities(ids, nm, amounts, ds, quoted)
