"""One line of a flattened accessibility tree, read into a :class:`Node`.

BrowserGym renders the tree one node per line, indented by depth (tabs), each line
``[bid] role 'name', attr=value, ...``: ``\\t\\t[47] searchbox 'Search Threadwell' value='winter tyres',
clickable, focused``. A line that is no ``role 'name'`` node (plain text) is a node with an empty role.
Reading a line depends on the line alone, so it is done once per distinct line: consecutive pages
of one site repeat most of their lines (navigation, labels, headings), and the page's views share
its node objects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from fcpkit.core.caches import page_cache

__all__ = ["Node", "read_line", "states_as_words", "LIVE_ROLES", "DIALOG_ROLES", "CONTROL_ROLES", "TEXT_ROLES", "LANDMARKS"]

_NODE = re.compile(r"^(?P<role>[A-Za-z][\w-]*)(?:\s+(?:'(?P<n1>(?:[^'\\]|\\.)*)'|\"(?P<n2>(?:[^\"\\]|\\.)*)\"))?(?P<rest>.*)$")
_VALUE = re.compile(r"\bvalue=(?:'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\")")
_PROP = re.compile(r"(?:^\s+|,\s*)(?P<key>[A-Za-z_]+)(?:=(?P<val>'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|[^,]+))?")
_LIVE_ATTR = re.compile(r"\blive=['\"]?(?:polite|assertive)")
#: Roles of ARIA live regions and message nodes: what they say is an announcement, not state.
LIVE_ROLES = frozenset({"status", "alert", "log", "marquee", "timer", "alertdialog"})
DIALOG_ROLES = frozenset({"dialog", "alertdialog"})
#: Roles whose ``value`` is what a person entered or chose: a field's value.
CONTROL_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton", "slider", "listbox", "textarea"})
#: Roles of plain text: what a page says, not a control or a landmark.
TEXT_ROLES = frozenset({"statictext", "paragraph", "generic", "text"})
#: ARIA landmarks (and the HTML sections the tree names so) that split a page into regions.
LANDMARKS = frozenset({"banner", "navigation", "contentinfo", "main", "complementary", "search", "form", "region"})
_STATE_KEYS = frozenset("checked selected expanded pressed disabled required invalid readonly multiselectable modal "
                        "focused hidden current busy".split())
_BARE_STATES = frozenset({"focused", "disabled", "required", "readonly", "hidden", "clickable"})


@dataclass(frozen=True)
class Node:
    """One accessibility-tree line (see module docstring). Its place in a page (position, parent,
    region) is the page's to say: the same line is the same node on every page it stands on."""

    depth: int
    bid: str | None
    role: str  # as the tree writes it ("StaticText", "button"); "" for a plain-text line
    kind: str  # the role in lower case
    name: str
    value: str | None
    states: frozenset[str]  # the states that hold: "checked", "selected", "disabled", "focused", "current" ...
    attrs: str  # the line after the name (", clickable, expanded=False")
    line: str  # the line without its indentation and element id

    @property
    def live(self) -> bool:
        """An announcement: a live-region role, or a ``live=polite|assertive`` attribute."""
        return self.kind in LIVE_ROLES or "live=" in self.attrs and bool(_LIVE_ATTR.search(self.attrs))

    @cached_property
    def props(self) -> dict[str, str]:
        """The attributes after the name as written (``{"value": "Jo", "clickable": "True"}``): a bare
        attribute reads ``"True"``, a quoted value without its quotes. Read-only: shared by every page."""
        out: dict[str, str] = {}
        for pm in _PROP.finditer(self.attrs):
            val = pm.group("val")
            if val is None:
                out[pm.group("key")] = "True"
                continue
            val = val.strip()
            if val[:1] in "'\"":
                val = _unescape(val[1:-1])
            out[pm.group("key")] = val
        return out

    @property
    def label(self) -> str:
        """What a person reads on the node: its name, else the line (plain text)."""
        return self.name or (self.line if not self.role else "")


def _unescape(s: str) -> str:
    return s.replace("\\'", "'").replace('\\"', '"') if "\\" in s else s


def _states(rest: str) -> frozenset[str]:
    out = []
    for part in rest.split(","):
        part = part.strip()
        k, eq, v = part.partition("=")
        if eq:
            if k in _STATE_KEYS and v.strip("'\"").lower() not in ("false", "", "none", "0"):
                out.append(k)
        elif part in _BARE_STATES:
            out.append(part)
    return frozenset(out)


@page_cache(65536)
def read_line(raw: str) -> Node:
    """The :class:`Node` of one raw line of a page's text (see module docstring)."""
    stripped = raw.lstrip("\t ")
    depth = len(raw) - len(stripped)
    bid = None
    if stripped.startswith("["):
        end = stripped.find("]")
        if end > 0:
            bid = stripped[1:end].strip() or None
            stripped = stripped[end + 1:].lstrip()
    line = stripped.rstrip()
    m = _NODE.match(line)
    if m is None or (m.group("n1") is None and m.group("n2") is None and m.group("rest").strip()[:1] not in ("", ",")):
        # plain text (no quoted name after the role word): the whole line is its text
        return Node(depth, bid, "", "", line.strip(), None, frozenset(), "", line)
    name = m.group("n1") if m.group("n1") is not None else (m.group("n2") or "")
    rest = m.group("rest")
    value = None
    states: frozenset[str] = frozenset()
    if rest:
        if "value=" in rest:
            v = _VALUE.search(rest)
            if v:
                value = _unescape(v.group(1) if v.group(1) is not None else v.group(2))
        states = _states(rest)
    role = m.group("role")
    return Node(depth, bid, role, role.lower(), _unescape(name).strip(), value, states, rest, line)


_AX_STATE = re.compile(r"\b(checked|selected|expanded|pressed|disabled|required|invalid|readonly|multiselectable)="
                       r"(?:'(true|false|mixed)'|(True|False))", re.IGNORECASE)


def states_as_words(text: str) -> str:
    """A line with its state attributes read as words: ``checked='true'`` says *checked*,
    ``checked='false'`` says nothing (it would read as "checked", like the true one)."""
    if "equired" in text:  # a field's constraint, not its state: "Severity *, required" is not "Severity is required"
        text = _REQUIRED_FLAG.sub(" ", _REQUIRED_MARK.sub(" ", text))
    if "=" not in text:
        return text
    return _AX_STATE.sub(lambda m: m.group(1) if (m.group(2) or m.group(3)).lower() in ("true", "mixed") else " ", text)


#: A field's name marked required ("Comment (required)"): how the form marks it, as the flag does.
_REQUIRED_MARK = re.compile(r"\s*\(required\)", re.IGNORECASE)
#: The ``required`` flag of a field, bare or with a value: that the form needs it filled.
_REQUIRED_FLAG = re.compile(r",\s*required(?:=(?:'(?:true|false)'|True|False))?(?=\s*(?:,|$))", re.IGNORECASE)
