"""The page model: an observation's text parsed once into nodes, identity, regions and fields.

Every consumer of a page (the matcher, the explain view, the linter, the rules) used to read the
serialized accessibility tree with its own regular expressions. :class:`Page` parses it once:

* **nodes** — one per line, with role, name, value, the states that hold (``checked``,
  ``selected``, ``disabled``...), depth and the line's text without its element id;
* **identity** — what says *which page is open*: the URL path, the title, the root node's name
  and the first heading;
* **regions** — the main region, live regions (``status``, ``alert``, ``log``... and
  ``live=`` nodes: announcements, not state), dialogs (with their modal flag);
* **fields** — label/value pairs bound to one node: a form control with its value, a
  description-list term with its definition, a ``Label: value`` text line;
* **record ids** — identifiers named by the page's identity (``T-390``, ``INC0012345``, ``#12345``).

Consumers keep what they derive from a page in :attr:`Page.cache` (keyed by their own name), so
the per-page state lives and dies with the page object instead of in module-level caches.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from fcpkit.core.caches import page_cache
from fcpkit.core.trajectory import Observation, serialize_observation

__all__ = ["Node", "Field", "Page", "RECORD_ID", "record_ids"]

_HEADER = re.compile(r"^(url|title|tab):\s*(.*)$")
_NODE = re.compile(r"^(?P<role>[A-Za-z][\w-]*)\s+'(?P<name>(?:[^'\\]|\\.)*)'(?P<rest>.*)$")
_VALUE = re.compile(r"\bvalue=(?:'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\")")
_LIVE_ATTR = re.compile(r"live='(?:polite|assertive)'")
_URL_PATH = re.compile(r"^[a-z]+://[^/]*(?P<path>/[^?#]*)?", re.IGNORECASE)
#: Roles of ARIA live regions and message nodes: what they say is an announcement, not state.
LIVE_ROLES = frozenset({"status", "alert", "log", "marquee", "timer", "alertdialog"})
DIALOG_ROLES = frozenset({"dialog", "alertdialog"})
#: Roles whose ``value`` is what a person entered or chose: a field's value.
CONTROL_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton", "slider", "listbox", "textarea"})
_LABEL_VALUE = re.compile(r"^\s*(?P<label>[A-Za-z][\w .()/&'-]{0,40}?)\s*:\s+(?P<value>\S.*?)\s*$")

#: Record identifiers of the shapes the web uses: a letter prefix and digits with or without a
#: separator (``T-390``, ``ORD-55012``, ``INC0012345``, ``PO 4471-A`` is matched as ``4471-A``),
#: a hash number (``#12345``), or a long bare number (``100234``). Dates, times and amounts are not ids.
RECORD_ID = re.compile(
    r"(?<![\w$€£.-])(?:"
    r"[A-Z]{1,6}[-_]?\d{2,}(?:[-_][A-Z0-9]+)*"  # T-390, ORD-55012, INC0012345, SKU-2045-B
    r"|#\d{2,}"  # #12345
    r"|\d{2,}-[A-Z]{1,3}\b"  # 4471-A
    r"|\d{5,}"  # 100234
    r")(?![\w-]*\d{0,2}:\d)(?!\.\d)",
)


def record_ids(text: str) -> tuple[str, ...]:
    """The record identifiers in ``text``, upper-cased, in order of appearance, each once."""
    return tuple(dict.fromkeys(m.group(0).upper() for m in RECORD_ID.finditer(text)))


@dataclass(frozen=True)
class Node:
    """One accessibility-tree line: role, name, value and the states that hold (lower-case)."""

    index: int  # line number in the page text (headers included)
    depth: int
    role: str  # "" for a line that is no ``role 'name'`` node (plain text)
    name: str
    value: str | None
    states: frozenset[str]
    line: str  # the line without indentation and element id

    @property
    def live(self) -> bool:
        return self.role.lower() in LIVE_ROLES or bool(_LIVE_ATTR.search(self.line))

    @classmethod
    def _make(cls, index: int, depth: int, role: str, name: str, value: str | None, states: frozenset[str],
              line: str) -> "Node":
        """A node built without the frozen dataclass's ``__init__`` (one ``object.__setattr__`` per
        field: 3 µs, most of the cost of parsing a page of a hundred lines); the same object."""
        node = _new(cls)
        _set(node, "__dict__", {"index": index, "depth": depth, "role": role, "name": name, "value": value,
                                "states": states, "line": line})
        return node


_new = object.__new__
_set = object.__setattr__


@dataclass(frozen=True)
class Field:
    """A label bound to its value on one node (a control, a term/definition pair, a ``Label: value`` line)."""

    label: str
    value: str
    node: int  # index into :attr:`Page.nodes`


_STATE_KEYS = frozenset("checked selected expanded pressed disabled required invalid readonly multiselectable modal focused hidden".split())
_BARE_STATES = frozenset({"focused", "disabled", "required", "readonly", "hidden"})


def _states(rest: str) -> frozenset[str]:
    """The states that hold, from a node's attributes (``checked='true'``, ``modal=True``, ``focused``)."""
    out = []
    for part in rest.split(","):
        part = part.strip()
        k, eq, v = part.partition("=")
        if eq:
            if k in _STATE_KEYS and v.strip("'\"").lower() in ("true", "mixed"):
                out.append(k)
        elif part in _BARE_STATES:
            out.append(part)
    return frozenset(out)


def _unescape(s: str) -> str:
    return s.replace("\\'", "'").replace('\\"', '"') if "\\" in s else s


@page_cache(65536)
def _read_raw(raw: str) -> tuple[int, str, str, str | None, frozenset[str], str] | tuple[None, str, str]:
    """(depth, role, name, value, states, line) of one raw line of a page's text, or (None, kind,
    value) for a header line (``url:``, ``title:``, ``tab:``): cached per raw line, as most of a
    page's lines (navigation, labels, headings, at the same depth) come back on the next one."""
    h = _HEADER.match(raw)
    if h:
        return None, h.group(1), h.group(2)
    stripped = raw.lstrip("\t ")
    if stripped.startswith("["):
        end = stripped.find("]")
        line = stripped[end + 1:].lstrip() if end > 0 else stripped
    else:
        line = stripped
    role, name, value, states = _read_line(line)
    return len(raw) - len(stripped), role, name, value, states, line


@page_cache(65536)
def _node_at(index: int, raw: str) -> Node | None:
    """The node of raw line ``raw`` standing at line ``index`` of a page (``None``: a header line):
    one shared, frozen object per (index, line), since consecutive pages of an app, and a page's
    app-authored view, repeat most lines at the same place (3,700 distinct of 160,000 lines read
    on the workbench corpus)."""
    r = _read_raw(raw)
    return None if r[0] is None else Node._make(index, *r)


@page_cache(65536)
def _read_line(line: str) -> tuple[str, str, str | None, frozenset[str]]:
    """(role, name, value, states) of one line without indentation and element id: cached per
    line, since most lines of a page (navigation, labels, headings) come back on the next one."""
    m = _NODE.match(line)
    if m is None:
        return "", line.strip(), None, frozenset()
    rest = m.group("rest")
    value = None
    states: frozenset[str] = frozenset()
    if rest:
        if "value=" in rest:
            v = _VALUE.search(rest)
            if v:
                value = _unescape(v.group(1) if v.group(1) is not None else v.group(2))
        states = _states(rest)
    return m.group("role"), _unescape(m.group("name")), value, states


class Page:
    """An observation's serialized text, parsed once (see module docstring).

    Build it with :meth:`of` (an :class:`~fcpkit.core.trajectory.Observation`) or :meth:`parse`
    (serialized text, or any text: a text without ``url:``/``title:`` headers and without a root
    node is no page — ``is_page`` is False and every line is its identity).
    """

    __slots__ = ("text", "headers", "__dict__")

    def __init__(self, text: str):
        self.text = text
        self.headers: dict[str, str] = {}

    @classmethod
    def parse(cls, text: str) -> "Page":
        return cls(text)

    @classmethod
    def of(cls, obs: Observation) -> "Page":
        return cls(serialize_observation(obs))

    def __repr__(self) -> str:
        return f"Page({self.url or self.title or self.text[:40]!r}, {len(self.nodes)} nodes)"

    # -- parsing --------------------------------------------------------------------------
    @cached_property
    def cache(self) -> dict[Any, Any]:
        """Whatever a consumer derives from this page, under a key of its own (see module docstring)."""
        return {}

    @cached_property
    def nodes(self) -> tuple[Node, ...]:
        out: list[Node] = []
        headers = self.headers
        for i, raw in enumerate(self.text.splitlines()):
            node = _node_at(i, raw)
            if node is None:
                r = _read_raw(raw)
                if r[1] != "tab":
                    headers.setdefault(r[1], r[2])
                continue
            out.append(node)
        return tuple(out)

    @property
    def lines(self) -> list[str]:
        """The body lines without element ids (header lines excluded), one per node."""
        return [n.line for n in self.nodes]

    # -- identity -------------------------------------------------------------------------
    @cached_property
    def url(self) -> str:
        self.nodes  # noqa: B018 - fills headers
        url = self.headers.get("url", "")
        if not url and self.nodes and self.nodes[0].role == "RootWebArea":
            m = re.search(r"url='([^']*)'", self.nodes[0].line)
            url = m.group(1) if m else ""
        return url

    @cached_property
    def title(self) -> str:
        self.nodes  # noqa: B018
        return self.headers.get("title", "")

    @cached_property
    def path(self) -> str:
        u = _URL_PATH.match(self.url)
        return (u.group("path") or "") if u else self.url

    @cached_property
    def root(self) -> Node | None:
        return next((n for n in self.nodes if n.role == "RootWebArea"), None)

    @cached_property
    def heading(self) -> Node | None:
        """The first heading (the page's own name, as the person reads it)."""
        return next((n for n in self.nodes if n.role == "heading"), None)

    @cached_property
    def is_page(self) -> bool:
        """Whether the text is a page (headers or a root node), not an action description or bare text."""
        self.nodes  # noqa: B018
        return bool(self.headers) or any(n.role == "RootWebArea" for n in self.nodes)

    @cached_property
    def identity(self) -> tuple[str, ...]:
        """URL path, title, root name and first heading: the strings that say which page is open."""
        self.nodes  # noqa: B018
        out: list[str] = []
        if "url" in self.headers:
            out.append(self.path)
        if "title" in self.headers:
            out.append(self.headers["title"])
        if self.root is not None:
            out.append(self.root.name)
        if self.heading is not None:
            out.append(self.heading.name)
        return tuple(out)

    @cached_property
    def record_ids(self) -> tuple[str, ...]:
        """Record identifiers the page's identity names (the record this page is about)."""
        return record_ids(" ".join(self.identity))

    # -- regions --------------------------------------------------------------------------
    def subtree(self, i: int) -> range:
        """Indices of node ``i`` and every node below it (deeper, until the depth returns)."""
        nodes = self.nodes
        d = nodes[i].depth
        j = i + 1
        while j < len(nodes) and (nodes[j].depth > d or not nodes[j].line.strip()):
            j += 1
        return range(i, j)

    def subtree_text(self, i: int) -> str:
        return " ".join(self.nodes[k].name or self.nodes[k].line for k in self.subtree(i) if self.nodes[k].line.strip())

    @cached_property
    def main(self) -> range:
        """The main region (``main`` landmark), or the whole page when it has none."""
        for i, n in enumerate(self.nodes):
            if n.role == "main":
                return self.subtree(i)
        return range(len(self.nodes))

    @cached_property
    def live(self) -> tuple[tuple[int, str], ...]:
        """Live regions (status, alert, ...): (node index, the text inside), outermost only."""
        out: list[tuple[int, str]] = []
        end = -1
        for i, n in enumerate(self.nodes):
            if i < end or not n.live:
                continue
            r = self.subtree(i)
            end = r.stop
            out.append((i, " ".join(self.nodes[k].line.strip() for k in r)))
        return tuple(out)

    @cached_property
    def dialogs(self) -> tuple[tuple[int, str, bool], ...]:
        """Dialogs: (node index, name, modal)."""
        return tuple((i, n.name, n.role == "alertdialog" or "modal" in n.states)
                     for i, n in enumerate(self.nodes) if n.role in DIALOG_ROLES)

    @cached_property
    def fields(self) -> tuple[Field, ...]:
        """Every label bound to a value on this page (see :class:`Field`)."""
        out: list[Field] = []
        nodes = self.nodes
        for i, n in enumerate(nodes):
            role = n.role
            if role in CONTROL_ROLES and n.value is not None and n.name:
                out.append(Field(n.name, n.value, i))
            elif role in ("checkbox", "radio", "switch") and n.name:
                out.append(Field(n.name, "checked" if "checked" in n.states else "unchecked", i))
            elif role in ("term", "rowheader", "LabelText") and n.name:
                nxt = self._next_text(i)
                if nxt is not None:
                    out.append(Field(n.name, nodes[nxt].name, nxt))
            elif role in ("StaticText", "") or (role in ("paragraph", "listitem", "cell", "definition") and n.name):
                m = _LABEL_VALUE.match(n.name)
                if m and not m.group("label").strip().isdigit():
                    out.append(Field(m.group("label").strip(), m.group("value"), i))
        return tuple(out)

    def _next_text(self, i: int) -> int | None:
        """The first named node after a term: its definition (at the same depth or inside the next sibling)."""
        nodes = self.nodes
        d = nodes[i].depth
        for j in range(i + 1, min(i + 4, len(nodes))):
            n = nodes[j]
            if n.depth < d:
                return None
            if n.role in ("term", "rowheader") and j > i + 1:
                return None
            if n.name and n.role not in ("definition",):
                return j
        return None
