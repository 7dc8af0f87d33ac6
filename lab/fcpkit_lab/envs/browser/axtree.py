"""Reading BrowserGym's flattened accessibility tree back into nodes (for scripted executors).

A line of ``flatten_axtree_to_str`` output is ``<tabs>[bid] role 'name', prop=value, ...``
(the bid is missing on nodes without one). :func:`parse_axtree` gives :class:`AXNode` objects
with their depth, so a solver can find "the searchbox named X", "the link named T-390 inside
the results table", "the text after the heading Policy check".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterator

from fcpkit.core.page import Page

__all__ = ["AXNode", "AXTree", "parse_axtree", "strip_origin"]

_ORIGIN = re.compile(r"(url=['\"])(?:https?|file)://[^/'\"]*")


def strip_origin(text: str) -> str:
    """Drop ``scheme://host:port`` from ``url=`` properties (targets stay stable across ports)."""
    return _ORIGIN.sub(r"\1", text)


@dataclass(frozen=True)
class AXNode:
    index: int
    depth: int
    bid: str | None
    role: str
    name: str
    props: dict[str, str] = field(default_factory=dict)
    line: str = ""

    @property
    def value(self) -> str | None:
        return self.props.get("value")

    def describe(self) -> str:
        """The node line without its bid and indentation, with URL origins removed."""
        return strip_origin(self.line.lstrip("\t ").split("] ", 1)[-1] if self.bid else self.line.lstrip("\t "))


class AXTree:
    """Parsed nodes of one flattened tree, with small search helpers."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.nodes = parse_axtree(text)

    def __iter__(self) -> Iterator[AXNode]:
        return iter(self.nodes)

    def find_all(self, role: str | tuple[str, ...] | None = None, name: str | None = None, *,
                 name_re: str | None = None, contains: str | None = None,
                 with_bid: bool = False) -> list[AXNode]:
        roles = (role,) if isinstance(role, str) else role
        rx = re.compile(name_re) if name_re else None
        out = []
        for n in self.nodes:
            if roles and n.role not in roles:
                continue
            if name is not None and n.name != name:
                continue
            if rx is not None and not rx.search(n.name):
                continue
            if contains is not None and contains.lower() not in n.name.lower():
                continue
            if with_bid and not n.bid:
                continue
            out.append(n)
        return out

    def find(self, role=None, name=None, **kw) -> AXNode | None:
        found = self.find_all(role, name, **kw)
        return found[0] if found else None

    def children(self, node: AXNode) -> list[AXNode]:
        """All descendants of ``node`` (in document order)."""
        out = []
        for n in self.nodes[node.index + 1:]:
            if n.depth <= node.depth:
                break
            out.append(n)
        return out

    def texts_after(self, node: AXNode, limit: int = 6) -> list[str]:
        """Names of the next ``limit`` named nodes after ``node`` (its siblings' text)."""
        out = []
        for n in self.nodes[node.index + 1:]:
            if n.name:
                out.append(n.name)
            if len(out) >= limit:
                break
        return out

    def headings(self) -> list[str]:
        return [n.name for n in self.nodes if n.role == "heading"]


def parse_axtree(text: str) -> list[AXNode]:
    """The named nodes of a flattened tree, as the page model reads them (:class:`fcpkit.core.page.Page`)."""
    page = Page.parse(text)
    raw = [ln for ln in page.body.split("\n") if ln.strip()]
    nodes: list[AXNode] = []
    for n, line in zip(page.nodes, raw):
        if not n.role or n.line[len(n.role):].lstrip()[:1] not in ("'", '"'):
            continue
        nodes.append(AXNode(len(nodes), n.depth, n.bid, n.role, n.name, dict(n.props), line))
    return nodes
