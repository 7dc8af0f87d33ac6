"""Record identifiers: the one definition every part of fcpkit reads ids with.

A record id is what tells the right record from its near miss (``T-390`` from ``T-391``,
``#100482`` from ``#100428``), so the matcher, the wrong-record built-in, the foreign-message rule,
the quote guard and the task's context must agree on what one is. Shapes the web uses:

* a letter prefix and digits, with or without a separator: ``T-390``, ``ORD-55012``,
  ``INC0012345``, ``SKU-2045-B``, ``R-7305``; a prefix may have up to three parts, each set off
  by a separator, as a region or a state inside it is (``MTP-TX-04417``: its kind is ``("MTP-TX",
  5)``), while a model code whose letters run into its digits (``CN-HG701``) is a product's name;
* a hash number: ``#12345``;
* digits with a letter suffix: ``4471-A``; groups of digits with one: ``40-1187-B`` (a part number
  and its variant, strong: no year, zip code or count is written so);
* a long bare number: ``100234`` (five digits or more).

An id's prefix with its separator and nothing after it ("OL-2025-", "INV-2024-…") is no id: it
stands for the numbers a series will give, which the one who wrote it could not know.

Dates, times, amounts and version numbers are not ids (``2025-03-28``, ``10:42``, ``$1,250.00``,
``4.12.0``). Each id has a **kind**: its prefix and digit count (``("LR", 4)`` for ``LR-2207``,
``("#", 6)`` for ``#100482``), so ``LR-2217`` is a record of the same kind as ``LR-2207``. A
**strong** id has a letter prefix or a hash: it names a record wherever it stands. A bare number
is an id to match exactly (a statement naming ``100234`` needs ``100234``), but a page is not
*another record's* just because its title holds a different bare number (a year, a zip code, a
count), so the rules that say "this page is another record" read strong ids only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fcpkit.core.caches import page_cache

__all__ = ["RECORD_ID", "RecordId", "record_ids", "id_names"]

RECORD_ID = re.compile(
    r"(?<![\w$€£.-])(?:"
    r"(?P<pre>[A-Z]{1,6}(?:[-_][A-Z]{1,6}(?=[-_])){0,2})[-_]?(?P<digits>\d{2,})(?:[-_][A-Z0-9]+)*"  # T-390, ORD-55012, INC0012345, SKU-2045-B, MTP-TX-04417
    r"|(?P<hash>#)(?P<hdigits>\d{2,})"  # #12345
    r"|(?P<gdigits>\d{2,}(?:-\d{2,})+)-(?P<suffix>[A-Z]{1,3})\b"  # 40-1187-B (a part number and its variant)
    r"|(?P<sdigits>\d{2,})-[A-Z]{1,3}\b"  # 4471-A
    r"|(?P<bare>\d{5,})"  # 100234
    r")(?![\w-]*\d{0,2}:\d)(?!\.\d)",
)


@dataclass(frozen=True)
class RecordId:
    """One identifier: as written (upper-cased), its kind (prefix, digit count) and whether it is strong."""

    id: str
    kind: tuple[str, int]
    strong: bool

    def __str__(self) -> str:
        return self.id


def _of(m: re.Match[str]) -> RecordId:
    text = m.group(0).upper()
    if m.group("pre"):
        return RecordId(text, (m.group("pre").upper(), len(m.group("digits"))), True)
    if m.group("hash"):
        return RecordId(text, ("#", len(m.group("hdigits"))), True)
    if m.group("gdigits"):  # its digit groups say the kind: 40-1187-B and 40-1187-R are two of one kind
        groups = m.group("gdigits").split("-")
        return RecordId(text, ("-".join(str(len(g)) for g in groups), sum(map(len, groups))), True)
    if m.group("sdigits"):
        return RecordId(text, ("", len(m.group("sdigits"))), False)
    return RecordId(text, ("", len(m.group("bare"))), False)


def _opens_a_series(text: str, end: int) -> bool:
    """Whether the id that ends at ``end`` is followed by a separator and nothing more of it
    ("Outgoing loan OL-2025-", "INV-2024-…"): the prefix of the ids a series will take, written by
    one who cannot know the number the record will get, not a record."""
    return end < len(text) and text[end] in "-_/" and (end + 1 == len(text) or not text[end + 1].isalnum())


@page_cache(65536)
def record_ids(text: str) -> tuple[RecordId, ...]:
    """The record identifiers in ``text``, in order of appearance, each once (cached per text:
    statements, titles and messages come back on every check)."""
    out: dict[str, RecordId] = {}
    for m in RECORD_ID.finditer(text):
        if _opens_a_series(text, m.end()):
            continue
        r = _of(m)
        out.setdefault(r.id, r)
    return tuple(out.values())


def id_names(text: str) -> tuple[str, ...]:
    """The ids of :func:`record_ids` as strings (upper-cased)."""
    return tuple(r.id for r in record_ids(text))
