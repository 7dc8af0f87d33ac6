"""Word recall: how much of a statement one place of a page holds.

A statement's tokens are read in one *chunk*: a window of lines (:mod:`.chunk_index`), or a
collection item (a table row, a list item: a row may run past a window, and what it says is about
the record it lists), or, for confirming evidence that it holds whole, a section of a record's
facts under a heading. Every key token must stand in the chunk. Two contexts hold beyond a chunk:
the page's identity holds the named place a statement ends on ("... in Urban Cycling" on the
Urban Cycling board), and an event about a record is bound to the record's page, line or row.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fcpkit.core.page import Page, record_ids
from fcpkit.matching.lexical.page_index import line_tokens, live_tokens

if TYPE_CHECKING:
    from fcpkit.matching.lexical.claims import Claim
    from fcpkit.matching.lexical.scorers import Prepared, Stmt

__all__ = ["recall", "bound_ok", "lines_with", "sentence_with", "body_labels", "identity_recall"]


def bound_ok(st: Stmt, page: Prepared, confirming: bool = True) -> bool:
    """Whether an event about a record is bound to it: the record's page, or one line naming the
    record and the event ("ORD-55012 was cancelled" is not a list holding ORD-55012 and, elsewhere,
    another order's "cancelled"); for ``confirming`` evidence, the row that lists the record too.
    A falsifier is not bound by a row: a row may be what a user wrote (a comment saying "T-390
    is closed"), and what fires drift must stand where the application says it."""
    ids, events = st.bound
    if confirming:
        return all(k in page.identity or lines_with(page, (k, *events)) or _items_with(page, (k, *events)) for k in ids)
    # a falsifier: one sentence says it ("Approve PR-7 by Friday. Runs approved later are paid
    # Monday." names PR-7 in one sentence and *approved* in another, of other runs)
    return all(k in page.identity or sentence_with(page, (k, *events)) for k in ids)


#: Where one sentence of a line ends and the next starts.
_SENTENCE = re.compile(r"(?<=[.!?;])\s+")


def sentence_with(page: Prepared, tokens) -> bool:
    """Whether one sentence of one line of ``page`` holds every one of ``tokens`` (a line without
    a page model, an action's description, is one sentence)."""
    lines = lines_with(page, tokens)
    if not lines or page.page is None or not page.page.is_page:
        return bool(lines)
    want = frozenset(tokens)
    labels = body_labels(page)
    i = 0
    while lines:
        if lines & 1 and i < len(labels) and any(want <= frozenset(line_tokens(x)) for x in _SENTENCE.split(labels[i])):
            return True
        lines >>= 1
        i += 1
    return False


def body_labels(prep: Prepared) -> list[str]:
    """The text of each body line of ``prep`` (the lines the index numbers), kept in ``prep.extra``."""
    hit = prep.extra.get("body_labels")
    if hit is None:
        hit = prep.extra["body_labels"] = [n.label or n.line for n in prep.page.nodes if line_tokens(n.line)]
    return hit


def _items_with(page: Prepared, tokens) -> int:
    """The collection items of ``page`` (a bitmask) whose lines hold every one of ``tokens``
    between them: a table row lists an order's number in one cell and its status in another,
    and what a row says is about the record it lists."""
    return _holding_all(_item_index(page)[0], tokens)


def _item_index(prep: Prepared) -> tuple[dict[str, int], int]:
    """(token -> bitmask of the page's collection items holding it, the number of items), kept in
    ``prep.extra``."""
    hit = prep.extra.get("item_tokens")
    if hit is None:
        hit = prep.extra["item_tokens"] = _item_masks(prep.page)
    return hit


def _item_masks(page: Page | None) -> tuple[dict[str, int], int]:
    """token -> bitmask of the collection items (:attr:`Page.items`) holding it, and their number."""
    out: dict[str, int] = {}
    if page is None or not page.is_page:
        return out, 0
    order: dict[int, int] = {}
    for node, item in zip(page.nodes, page.items):
        if item < 0:
            continue
        bit = 1 << order.setdefault(item, len(order))
        for t in line_tokens(node.line):
            out[t] = out.get(t, 0) | bit
    return out, len(order)


def lines_with(page: Prepared, tokens) -> int:
    """The lines of ``page`` (a bitmask) that hold every one of ``tokens``."""
    return _holding_all(page.lines, tokens)


def _holding_all(index: dict[str, int], tokens) -> int:
    """The AND of ``tokens``' bitmasks in ``index`` (0 as soon as one holds none)."""
    mask = -1
    for t in tokens:
        mask &= index.get(t, 0)
        if not mask:
            return 0
    return mask


def recall(st: Stmt, page: Prepared, confirming: bool = True) -> float:
    """IDF-weighted share of ``st``'s tokens in the best chunk (identity: in the page's identity).
    ``confirming`` (the default; falsifiers are read with it off, see :func:`bound_ok`): collection
    items count as chunks and the page's identity holds the named place the statement ends on."""
    toks, weights, total = st.tokens, st.weights, st.total
    if not toks or total <= 0:
        return 0.0
    if st.kind == "identity":
        ident = page.identity
        if not st.keys <= ident:
            return 0.0
        return sum(w for t, w in zip(toks, weights) if t in ident) / total
    if not bound_ok(st, page, confirming):
        return 0.0
    is_page = page.page is not None and page.page.is_page
    # where a statement says its thing is ("... in Urban Cycling") is the context of every chunk
    # of the page whose identity names it: the Urban Cycling board's rows do not repeat its name
    ident = st.where & page.identity if is_page and st.where and confirming else frozenset()
    best = _best_chunk(st, _in_context(page.index.get, ident, len(page.spans)))
    if best < 1.0 and is_page and confirming:
        # a collection item is a chunk too: a table row may run past a window of lines
        items, n = _item_index(page)
        best = max(best, _best_chunk(st, _in_context(items.get, ident, n)))
        if best < 1.0:
            # and so is a section under a heading, where it holds all of the statement: a record's
            # page lays its facts out one to a line ("Booked · Thu 16 May, 10:30", then Patient,
            # Dentist, Chair, Clinic), further apart than a window when each stands in a list item
            # of its own. Only whole: a section holds many words, and a share of them (a start
            # time beside the restoration time "Not set") says nothing of the statement
            sections, n = _section_index(page)
            if _best_chunk(st, _in_context(sections.get, ident, n)) >= 1.0 or _in_its_message(st, page):
                best = 1.0
    return best


def _in_its_message(st: Stmt, prep: Prepared) -> bool:
    """Whether, on the page of the record an event statement is bound to, one live message (a
    status, an alert) holds every other word of it and names no other record of that kind: what the
    application announces on a record's page is of that record ("Checkout CO-5521 created · receipt
    emailed" after *Check out* on CAM-0217's page says "Checkout created for CAM-0217"; a message
    naming CAM-0216 says nothing of CAM-0217). Only whole, and only for confirming evidence."""
    ids = st.bound[0]
    if not ids or not ids <= prep.identity or not st.tokens:
        return False
    kinds = {r.kind for r in record_ids(" ".join(ids).upper())}
    rest = frozenset(st.tokens) - ids
    for (_, text), have in zip(prep.page.live, live_tokens(prep)):
        if rest <= have and not any(r.kind in kinds and r.id.lower() not in ids for r in record_ids(text)):
            return True
    return False


#: The most nodes with text a heading's section may hold to be read as one chunk: a record's facts,
#: not a page of them (a description list's term and definition wrappers, without text, count none).
_SECTION_NODES = 40
#: Nodes that make a section something else than a record's facts: a table (its rows are chunks of
#: their own, and a form's review table labels what is still to be done: "Filed by", "Filed
#: date") and the fields of a form (what the agent set, not what the application did).
_NOT_FACTS = frozenset({"table", "grid", "treegrid", "row", "textbox", "searchbox", "combobox", "listbox", "checkbox",
                        "radio", "spinbutton", "slider", "switch", "form"})


def _section_index(prep: Prepared) -> tuple[dict[str, int], int]:
    """(token -> bitmask of the page's sections holding it, their number), kept in ``prep.extra``: a
    section is a heading and the nodes after it up to the next heading, of :data:`_SECTION_NODES`
    nodes at most, outside the site's chrome, holding no table and no form field (:data:`_NOT_FACTS`)
    and listing a record's facts (:func:`_lists_facts`). Read only for confirming evidence, whole, never to
    bind an event to a record (a section may list several)."""
    hit = prep.extra.get("section_tokens")
    if hit is None:
        hit = prep.extra["section_tokens"] = _section_masks(prep.page)
    return hit


#: A fact as a record's page lists it: a short label of words, a colon, its value ("Chair: Chair 3";
#: not a log's time, "16:58 Crew assigned").
_FACT = re.compile(r"^\s*[^:\d]{1,30}:\s*\S")


def _lists_facts(page: Page, a: int, b: int) -> bool:
    """Whether the entries between nodes ``a`` and ``b`` are, more than half of them, a record's
    facts: list items "Label: value" ("Dentist: Dr. Tomás Reyes", "Total: $2,400.00") or a
    description list's terms, each with its definition (the markup made for a record's details);
    not a log or a list of other records, whose entries say each of something else."""
    items = [k for k in range(a, b) if page.nodes[k].kind == "listitem"]
    terms = sum(1 for k in range(a, b) if page.nodes[k].kind == "term")
    facts = sum(1 for k in items if _FACT.match(" ".join(page.nodes[j].label for j in page.subtree(k) if page.nodes[j].label)))
    return bool(items or terms) and 2 * (facts + terms) > len(items) + terms


def _section_masks(page: Page | None) -> tuple[dict[str, int], int]:
    out: dict[str, int] = {}
    if page is None or not page.is_page:
        return out, 0
    nodes, zones = page.nodes, page.zones
    starts = [i for i, n in enumerate(nodes) if n.kind == "heading" and zones[i] != "chrome"]
    n = 0
    for a, b in zip(starts, [*starts[1:], len(nodes)]):
        if sum(1 for k in range(a, b) if nodes[k].label) > _SECTION_NODES or any(nodes[k].kind in _NOT_FACTS for k in range(a, b)) or not _lists_facts(page, a, b):
            continue
        bit = 1 << n
        n += 1
        for k in range(a, b):
            if zones[k] != "chrome":
                for t in line_tokens(nodes[k].line):
                    out[t] = out.get(t, 0) | bit
    return out, n


def _in_context(get, identity: frozenset[str], n: int):
    """``get`` (token -> bitmask of ``n`` chunks) with the identity's tokens in every chunk."""
    if not identity or n <= 0:
        return get
    every = (1 << n) - 1
    return lambda t, default=0: every if t in identity else get(t, default)


def _best_chunk(st: Stmt, get) -> float:
    """The best IDF-weighted share of ``st``'s tokens in one chunk of an index (``get``: token ->
    bitmask of chunks), every key token in it."""
    toks, weights, total = st.tokens, st.weights, st.total
    mask = -1
    for k in st.keys:
        mask &= get(k, 0)
        if not mask:
            return 0.0
    masks = [get(t, 0) for t in toks]
    every = -1
    cand = 0
    for m in masks:
        cand |= m
        every &= m
    if every:  # one chunk holds every token
        return 1.0
    if st.keys:
        cand &= mask
    pairs = [(m, w) for m, w in zip(masks, weights) if m & cand]
    best = 0.0
    while cand:
        low = cand & -cand
        cand ^= low
        s = 0.0
        for m, w in pairs:
            if m & low:
                s += w
        if s > best:
            best = s
    return best / total


def identity_recall(st: "Stmt", page: "Prepared", trace: list | None = None) -> float:
    """The page's identity; for a record named by id and what it shows ("LR-2207 Dana Whitfield
    Approved"), also its words on that record's page or in the row listing it."""
    s = recall(st, page)
    if s < 1.0 and st.views and _record_shown(st.claim, page):
        s = max(s, recall(st.views[0], page))
    return s


def _record_shown(claim: "Claim | None", prep: "Prepared") -> bool:
    """Whether the page shows the record a statement names by id as a record: its own page, or a
    list (a page about no record) where a row may list it; not another record's page that
    mentions it."""
    page = prep.page
    if claim is None or page is None or not page.is_page:
        return False
    ids = claim.entities.ids
    in_view = page.record_ids
    return bool(ids) and (not in_view or all(i in in_view for i in ids))
