"""A page's fingerprint: the page with what changes without meaning removed, for the state diff.

The unchanged-page rule (:mod:`fcpkit.core.rules`) compares the page an action started from with
the page it produced. Element ids, focus, clocks, relative times and counters change between
renders of the same page, so they are left out; so is repeated whitespace. What a control
*holds* is no such text: a time typed into a "Start time" box (``value='2:30 PM'``) is what the
action changed, and a fingerprint that read it as a clock would call a healthy edit a no-op. So a
control's value is kept as it is, and only the rest of its line is read as text.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fcpkit.core.caches import page_cache
from fcpkit.core.text import strip_volatile

if TYPE_CHECKING:
    from fcpkit.core.page.model import Page

__all__ = ["fingerprint", "content_fingerprint", "fingerprint_line", "strip_bids"]

_FOCUSED_WORD = re.compile(r"\bfocused\b", re.IGNORECASE)
_WS = re.compile(r"[ \t]+")
_BID = re.compile(r"^(\s*)\[[^\]]*\]\s*", re.MULTILINE)
KEEP_VALUES = True


def strip_bids(text: str) -> str:
    """Drop BrowserGym element ids (``[12]``) at line starts: they identify nodes, not content."""
    return _BID.sub(_indent, text)


def _indent(m: re.Match[str]) -> str:
    """The indentation before an element id (``_BID.sub(r"\\1", ...)``, without expanding a template per line)."""
    return m.group(1)

_VALUE_ATTR = re.compile(r"\bvalue=(?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")")


@page_cache(65536)
def fingerprint_line(line: str) -> str:
    """One raw line as a fingerprint holds it: no element id, focus, volatile text or repeated
    whitespace; a control's ``value=`` kept verbatim (see module docstring). None of these spans a
    line (an element id and its focus state are one node's, each volatile phrase is one node's text)."""
    value = _VALUE_ATTR.search(line) if KEEP_VALUES else None
    if value is None:
        return _squeeze(_drop_focused(strip_volatile(strip_bids(line))))
    head, tail = line[:value.start()], line[value.end():]
    return _squeeze(_drop_focused(strip_volatile(strip_bids(head))) + value.group(0) + _drop_focused(strip_volatile(tail)))


def _squeeze(line: str) -> str:
    """``_WS.sub(" ", line).strip()``: the same line when its stripped text holds no tab or double space."""
    core = line.strip()
    return core if "\t" not in core and "  " not in core else _WS.sub(" ", line).strip()


def _drop_focused(text: str) -> str:
    """``re.sub(r",?\\s*\\bfocused\\b", "", text)``, found from each *focused* word backwards instead of
    by trying the pattern at every position (``,?\\s*`` matches empty anywhere, and every tab of an
    indented tree starts a whitespace run: ten times slower over a page)."""
    out: list[str] = []
    pos = 0
    for m in _FOCUSED_WORD.finditer(text):
        start = m.start()
        while start > pos and text[start - 1].isspace():
            start -= 1
        if start > pos and text[start - 1] == ",":
            start -= 1
        out.append(text[pos:start])
        pos = m.end()
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


def _of(url: str, title: str, lines) -> str:
    return "\n".join([url.split("#", 1)[0], strip_volatile(title).strip(), *[x for x in map(fingerprint_line, lines) if x]])


def fingerprint(page: "Page") -> str:
    """The page with meaningless variation removed: ids, focus, clocks, counters, whitespace (kept in its cache)."""
    hit = page.cache.get("fingerprint")
    if hit is None:
        hit = page.cache["fingerprint"] = _of(page.url, page.title, page.body.split("\n"))
    return hit


def content_fingerprint(page: "Page") -> str:
    """:func:`fingerprint` without the live regions (status and alert messages and their text)."""
    hit = page.cache.get("content_fingerprint")
    if hit is None:
        live = page.live_nodes
        raw = page.body.split("\n")
        if not live:
            hit = fingerprint(page)
        else:
            hit = _of(page.url, page.title, (ln for ln, keep in zip((r for r in raw if r.strip()),
                                                                  (i not in live for i in range(len(page.nodes)))) if keep))
        page.cache["content_fingerprint"] = hit
    return hit
