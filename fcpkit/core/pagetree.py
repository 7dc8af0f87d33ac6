"""Read structure off a flattened accessibility tree: nodes, live regions, page identity, record ids.

The built-in falsifiers (:mod:`fcpkit.core.falsifiers`) are written against page structure: a
password field, a heading, an alert region, a filter control's value, the record a detail page
is about. This module turns an :class:`~fcpkit.core.trajectory.Observation`'s text (BrowserGym's
AXTree rendering: ``[bid] role 'name', attr=value, ...`` indented by depth) into those parts,
so that a richer page model can replace it later behind the same small functions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence
from urllib.parse import parse_qsl, urlsplit

from fcpkit.core.caches import page_cache
from fcpkit.core.trajectory import Observation

__all__ = [
    "Node", "nodes", "live_regions", "headings", "title_parts", "identity", "record_ids", "url_path",
    "query_params", "node_by_bid", "value_of", "subtree_names",
]

_NODE = re.compile(
    r"""^(?P<ind>[ \t]*)(?:\[(?P<bid>[^\]]*)\]\s*)?(?P<role>[A-Za-z]+)"""
    r"""(?:\s+(?:'(?P<n1>(?:[^'\\]|\\.)*)'|"(?P<n2>(?:[^"\\]|\\.)*)"))?(?P<rest>.*)$"""
)
_VALUE = re.compile(r"""\bvalue=(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")""")
#: Roles of ARIA live regions that carry messages (status, alerts); dialogs are the interstitial rule's.
_LIVE_ROLES = frozenset({"alert", "status", "log"})
_RECORD = re.compile(r"\b([A-Za-z]{1,6})-(\d{2,})\b")
_TITLE_SPLIT = re.compile(r"\s+[·|•—–-]\s+|\s*[|·•]\s*")


@dataclass(frozen=True)
class Node:
    """One line of the tree: its depth, element id, role, accessible name and the rest (attributes)."""

    depth: int
    bid: str | None
    role: str
    name: str
    rest: str


@page_cache(4096)
def nodes(text: str) -> tuple[Node, ...]:
    """The page's nodes in document order (lines that are not ``role 'name'`` nodes are skipped)."""
    return tuple(n for n in map(_node, text.splitlines()) if n is not None)


@page_cache(65536)
def _node(line: str) -> Node | None:
    """One line's node, cached per line (most lines come back on the next page)."""
    m = _NODE.match(line)
    if not m or not line.strip():
        return None
    name = m.group("n1") if m.group("n1") is not None else (m.group("n2") or "")
    return Node(len(m.group("ind").expandtabs(1)), m.group("bid"), m.group("role"),
                name.replace("\\'", "'").strip(), m.group("rest"))


def _children_end(ns: Sequence[Node], i: int) -> int:
    j = i + 1
    while j < len(ns) and ns[j].depth > ns[i].depth:
        j += 1
    return j


def subtree_names(ns: Sequence[Node], i: int) -> list[str]:
    """The non-empty names of node ``i`` and its descendants."""
    return [n.name for n in ns[i:_children_end(ns, i)] if n.name]


@page_cache(4096)
def live_regions(text: str) -> tuple[str, ...]:
    """The text of each alert/status/log region (its own name and its descendants' names)."""
    ns = nodes(text)
    out = []
    for i, n in enumerate(ns):
        if n.role.lower() in _LIVE_ROLES or "live='assertive'" in n.rest:
            msg = " ".join(subtree_names(ns, i)).strip()
            if msg:
                out.append(msg)
    return tuple(out)


@page_cache(4096)
def headings(text: str, limit: int = 3) -> tuple[str, ...]:
    """The names of the first ``limit`` headings."""
    return tuple(n.name for n in nodes(text) if n.role.lower() == "heading" and n.name)[:limit]


def title_parts(title: str) -> list[str]:
    """A title's segments without the last one when there are several ("Not allowed · PeopleDesk")."""
    parts = [p.strip() for p in _TITLE_SPLIT.split(title or "") if p.strip()]
    return parts[:-1] if len(parts) > 1 else parts


def url_path(url: str) -> str:
    try:
        return urlsplit(url).path
    except ValueError:
        return ""


def query_params(url: str) -> list[tuple[str, str]]:
    """The URL's query as (key, value) pairs, blank values dropped (parsed once per URL)."""
    return list(_query_params(url))


@page_cache(4096)
def _query_params(url: str) -> tuple[tuple[str, str], ...]:
    try:
        return tuple(parse_qsl(urlsplit(url).query, keep_blank_values=False))
    except ValueError:
        return ()


def identity(obs: Observation) -> str:
    """What the page *is*: its URL path, title and first heading (not what it lists)."""
    return _identity(obs.url, obs.title, obs.text)


@page_cache(4096)
def _identity(url: str, title: str, text: str) -> str:
    first = headings(text, 1)
    return " ".join([url_path(url), title or "", first[0] if first else ""])


@page_cache(4096)
def record_ids(text: str) -> frozenset[tuple[str, int, str]]:
    """Record identifiers (``LR-2207``, ``ORD-55012``) as (prefix, digit count, id): the id's *kind*
    is its prefix and length, so ``LR-2217`` is a record of the same kind as ``LR-2207``."""
    return frozenset((m.group(1).upper(), len(m.group(2)), m.group(0).upper()) for m in _RECORD.finditer(text))


def node_by_bid(text: str, bid: str) -> Node | None:
    return _by_bid(text).get(bid)


@page_cache(4096)
def _by_bid(text: str) -> dict[str | None, Node]:
    """Each element id's first node (read-only: shared by every caller)."""
    out: dict[str | None, Node] = {}
    for n in nodes(text):
        out.setdefault(n.bid, n)
    return out


def value_of(node: Node) -> str | None:
    """A form control's current value (``value='...'``), if the tree shows one."""
    m = _VALUE.search(node.rest)
    if not m:
        return None
    return (m.group(1) if m.group(1) is not None else m.group(2) or "").strip()
