"""How a page divides: zones, collection items, forms, and the fields that bind a label to a value.

Read by :class:`~fcpkit.core.page.Page` once per page (its ``zones``, ``items``, ``forms`` and
``fields``); see :mod:`fcpkit.core.page.model` for what each means.

* **zones**: a node is in the site's *chrome* (inside the banner or the footer, or in navigation
  outside the main content, the breadcrumb excepted), the *main* content, a *dialog*, an *aside*
  (a complementary region beside a main one: related threads, recent items, what is trending; or,
  anywhere, a group, region or list named for other records: "Recent recipients", "Related permits",
  or a text label so named that holds them: "Similar IDs:"),
  or the page's *body* (no landmark around it; a complementary region on a page without a main
  one is its content: a map's sidebar of directions);
* **items**: the list item, data row, article, option or menu item a node stands in, when its
  collection holds two of them or more (a table's header row and a two-cell label/value row are
  no items): what an item says is about the record it lists;
* **fields**: a control and its value, a term and its definition, a row header and its cell, a
  ``Label: value`` text line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fcpkit.core.page.nodes import CONTROL_ROLES, DIALOG_ROLES, TEXT_ROLES

if TYPE_CHECKING:
    from fcpkit.core.page.model import Page

__all__ = ["ZONES", "COLLECTIONS", "ITEMS", "CHOICES", "Field", "read_regions", "read_fields", "BREADCRUMB"]

#: Where a node stands (see module docstring).
ZONES = ("chrome", "main", "dialog", "aside", "body")
#: Roles of the containers whose children are items of one kind (records, choices).
COLLECTIONS = frozenset({"list", "table", "grid", "treegrid", "feed", "listbox", "menu", "menubar", "tree",
                         "rowgroup", "combobox", "radiogroup"})
#: Roles of the items of a collection (a radio button is one of the choices its group offers).
ITEMS = frozenset({"listitem", "row", "article", "option", "menuitem", "menuitemcheckbox", "menuitemradio",
                   "treeitem", "radio"})
_CHROME_LANDMARKS = frozenset({"banner", "contentinfo"})
BREADCRUMB = re.compile(r"bread\s*-?crumb|you are here", re.IGNORECASE)
_LABEL_VALUE = re.compile(r"^\s*(?P<label>[A-Za-z][\w .()/&'-]{0,40}?)\s*:\s+(?P<value>\S.*?)\s*$")


@dataclass(frozen=True)
class Field:
    """A label bound to its value on one node (a control, a term/definition pair, a ``Label: value`` line)."""

    label: str
    value: str
    node: int  # index into :attr:`Page.nodes`


def read_regions(self: "Page") -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    """(zone of each node, the collection item each node stands in or -1, the form each stands in or -1)."""
    nodes = self.nodes
    parents = self.parents
    zone: list[str] = []
    item: list[int] = []
    form: list[int] = []
    has_main = any(n.kind == "main" for n in nodes)
    for i, n in enumerate(nodes):
        p = parents[i]
        z = zone[p] if p >= 0 else "body"
        k = n.kind
        if k in DIALOG_ROLES:
            z = "dialog"
        elif k == "main":
            z = "main"
        elif z in ("body", "chrome") and (k in _CHROME_LANDMARKS or (k == "navigation" and not BREADCRUMB.search(n.name))):
            z = "chrome"
        elif z in ("body", "main") and k == "complementary" and has_main:
            z = "aside"  # beside the main content or inside it: a supporting section, not the record
        elif z != "chrome" and _ASIDE_NAME.search(n.name) and (k in _ASIDE_HOLDERS or k in _TEXT and n.name.rstrip().endswith(":")):
            z = "aside"  # "Recent test recipients", "Related permits", "Similar IDs:": other records, offered
        zone.append(z)
        it = item[p] if p >= 0 else -1
        if k in ITEMS:
            it = i
        item.append(it)
        f = form[p] if p >= 0 else -1
        if k in ("form", "search"):
            f = i
        form.append(f)
    _counted_sections(self, item)
    _described_choices(self, item)
    # an "item" of a container that holds only one of them lists nothing: no mention
    counts: dict[int, int] = {}
    for i, n in enumerate(nodes):
        if n.kind in ITEMS:
            c = _collection_of(self, i)
            counts[c] = counts.get(c, 0) + 1
    lone = {i for i, n in enumerate(nodes) if n.kind in ITEMS and counts.get(_collection_of(self, i), 0) < 2}
    lone |= {i for i in range(len(nodes)) if nodes[i].kind == "row" and _header_row(self, i)}
    if lone:
        item = [-1 if it in lone else it for it in item]
        # a lone item inside a real one still stands in the outer item
        for i in range(len(nodes)):
            if item[i] == -1:
                p = parents[i]
                while p >= 0 and item[p] == -1 and nodes[p].kind not in ITEMS:
                    p = parents[p]
                if p >= 0 and item[p] != -1:
                    item[i] = item[p]
    return tuple(zone), tuple(item), tuple(form)

#: Roles of a choice a form offers (chosen when checked or selected); its description may follow it
#: as siblings (not a checkbox's: ticking one ticks no other, text beside it is no alternative).
CHOICES = frozenset({"radio", "option", "menuitemradio"})
#: Roles that end a choice's description: a section's heading, a live message (a group's
#: validation: "Choose a load"), a control or a collection of its own.
_ENDS_DESCRIPTION = frozenset({"heading", "alert", "status", "log"}) | CONTROL_ROLES | COLLECTIONS | {"checkbox", "switch"}


def _described_choices(self: "Page", item: list[int]) -> None:
    """Give each choice of a group the nodes set after it up to the next choice (in ``item``, in
    place). A form that lists its choices as cards puts each one's description and its own buttons
    beside the radio button, not inside it ("L-0713 · Kiln B" then "Kiln full — 0 of 9 shelves
    free" then "Details for L-0713"): those lines describe that choice, whether it is made or not,
    as the text inside an option does. Only where two choices or more are children of one
    container; text before the first choice (the group's caption) stays the group's."""
    nodes = self.nodes
    kids: dict[int, list[int]] = {}
    for i, p in enumerate(self.parents):
        kids.setdefault(p, []).append(i)
    for p, children in kids.items():
        if sum(nodes[c].kind in CHOICES for c in children) < 2:
            continue
        current = -1
        for c in children:
            k = nodes[c].kind
            if k in CHOICES:
                current = c if item[c] == c else -1
            elif k in _ENDS_DESCRIPTION:
                current = -1
            elif current >= 0 and item[c] == (item[p] if p >= 0 else -1):  # in no item of its own
                for d in self.subtree(c):
                    item[d] = current


#: A heading that counts what its section lists: "Owners (2)", "Patients · 3", "12 results".
_COUNTING = re.compile(r"(?:\(\s*\d[\d,]*\s*\)|[·:|–—]\s*\d[\d,]*)\s*$|^\s*\d[\d,]*\s+[^\W\d_]", re.UNICODE)


def _counted_sections(self: "Page", item: list[int]) -> None:
    """Give the records a counting heading lists without list markup their items (in ``item``, in
    place). Under "Owners (2)" a search page may set each owner as a link and a line of text, with no
    list around them: the heading says the section lists records, and each starts where a node of
    the first one's role comes again (the next link). What such an item says is about the record it
    lists, as a list item's is; a section of one record, or of nodes already in items, is left as it is."""
    nodes = self.nodes
    parents = self.parents
    kids: dict[int, list[int]] = {}
    for i, p in enumerate(parents):
        kids.setdefault(p, []).append(i)
    for h, n in enumerate(nodes):
        if n.kind != "heading" or not _counts_at_least_two(n.name):
            continue
        level = _level(n)
        section = []
        for k in kids.get(parents[h], ())[kids[parents[h]].index(h) + 1:]:
            if nodes[k].kind == "heading" and (not level or not _level(nodes[k]) or _level(nodes[k]) <= level):
                break  # the next section of the same rank or higher
            section.append(k)
        section = [k for k in section if item[k] == -1]
        if not section:
            continue
        first = next((nodes[k].kind for k in section if nodes[k].kind == "link"), nodes[section[0]].kind)
        starts = [k for k in section if nodes[k].kind == first]
        if len(starts) < 2 or any(nodes[k].kind in COLLECTIONS for k in section):
            continue
        current = -1
        for k in section:
            if k in starts:
                current = k
            if current >= 0:
                for d in self.subtree(k):
                    item[d] = current


def _level(n) -> int:
    """A heading's level, 0 when it has none (it then ends, and is ended by, any other heading)."""
    try:
        return int(n.props.get("level", 0))
    except ValueError:
        return 0


def _counts_at_least_two(name: str) -> bool:
    m = _COUNTING.search(name)
    if m is None:
        return False
    digits = re.findall(r"\d[\d,]*", m.group(0))
    return bool(digits) and int(digits[0].replace(",", "")) >= 2


#: Containers named for records other than the one in view, wherever they stand (a dialog's recent
#: recipients, a record page's related records): what they list is offered, not the page's state.
_ASIDE_HOLDERS = frozenset({"group", "region", "list", "complementary", "section"})
#: Text that may label what follows it ("Similar IDs:" over the links it introduces): a label ends
#: with a colon.
_TEXT = TEXT_ROLES | {"labeltext", ""}
_ASIDE_NAME = re.compile(r"^\s*(?:recent(?:ly)?|related|suggest(?:ed|ions?)|similar|popular|trending|frequent(?:ly)?|"
                         r"you may also|people also|other)\b", re.IGNORECASE)


def _collection_of(self: "Page", i: int) -> int:
    """The nearest ancestor that is a collection (or the parent, when none is)."""
    for a in self.ancestors(i):
        if self.nodes[a].kind in COLLECTIONS:
            return a
    return self.parents[i]

def _header_row(self: "Page", i: int) -> bool:
    """A table's header row (its cells are column headers), or a row that is a label and a value."""
    cells = [self.nodes[k].kind for k in self.subtree(i)[1:] if self.parents[k] == i]
    return bool(cells) and (all(c == "columnheader" for c in cells) or (cells[:1] == ["rowheader"] and len(cells) <= 2))


def read_fields(self: "Page") -> tuple[Field, ...]:
    """Every label bound to a value on this page (see :class:`Field`)."""
    out: list[Field] = []
    nodes = self.nodes
    for i, n in enumerate(nodes):
        role = n.role
        if role in CONTROL_ROLES and n.value is not None and n.name:
            out.append(Field(n.name, n.value, i))
        elif role in ("checkbox", "radio", "switch") and n.name:
            out.append(Field(n.name, "checked" if "checked" in n.states else "unchecked", i))
        elif role == "radiogroup" and n.name:
            # a group of radio buttons is one field: its name the label, the checked one its value
            made = next((k for k in self.subtree(i)[1:] if nodes[k].role == "radio" and "checked" in nodes[k].states
                         and nodes[k].name), None)
            if made is not None:
                out.append(Field(n.name, nodes[made].name, made))
        elif role in ("term", "rowheader", "LabelText") and n.name:
            nxt = _next_text(self, i)
            if nxt is not None:
                out.append(Field(n.name, nodes[nxt].name, nxt))
        elif role == "term":
            # a description list's term named by the text inside it (``term ''`` over "Status"),
            # its definition's text after it ("Draft"): how a record page's <dt>/<dd> print
            pair = _term_text_and_definition(self, i)
            if pair is not None:
                out.append(Field(nodes[pair[0]].name, nodes[pair[1]].name, pair[1]))
        elif role in ("StaticText", "") or (role in ("paragraph", "listitem", "cell", "gridcell", "definition") and n.name):
            if role in ("cell", "gridcell") and _under_column_headers(self, i):
                continue  # its label is its column's header: "Unit 3 Lab: Osmosis" under "Assignment" is a name
            m = _LABEL_VALUE.match(n.name)
            if m and not m.group("label").strip().isdigit():
                out.append(Field(m.group("label").strip(), m.group("value"), i))
            elif (m := _LABEL_ALONE.match(n.name)) and not m.group("label").strip().isdigit():
                # "Linked work order:" and, beside it, the link "WO-24822": the label's value is the
                # text or link that follows it (a control has a field of its own)
                nxt = _next_text(self, i)
                if nxt is not None and nodes[nxt].role in _VALUE_ROLES:
                    out.append(Field(m.group("label").strip(), nodes[nxt].name, nxt))
    return tuple(out)

#: A label written alone on its line, its value in the node after it ("Linked work order:").
_LABEL_ALONE = re.compile(r"^\s*(?P<label>[A-Za-z][\w .()/&'-]{0,40}?)\s*:\s*$")
#: What a label's value is written as when it stands in a node of its own: text, or a link to it.
_VALUE_ROLES = frozenset({"StaticText", "link", "time", "strong", "emphasis", "generic", "paragraph"})

def _under_column_headers(self: "Page", i: int) -> bool:
    """Whether cell ``i`` stands in a table or grid whose columns have headers."""
    table = next((a for a in self.ancestors(i) if self.nodes[a].kind in ("table", "grid", "treegrid")), None)
    if table is None:
        return False
    key = ("column_headers", table)
    hit = self.cache.get(key)
    if hit is None:
        hit = self.cache[key] = any(self.nodes[k].kind == "columnheader" for k in self.subtree(table))
    return hit


def _term_text_and_definition(self: "Page", i: int) -> tuple[int, int] | None:
    """(the text inside unnamed term ``i``, the first named node of the definition after it), or
    None where the term holds no text or no definition follows it."""
    nodes = self.nodes
    sub = self.subtree(i)
    label = next((k for k in sub[1:] if nodes[k].name), None)
    if label is None:
        return None
    d = nodes[i].depth
    after = sub[-1] + 1
    if after >= len(nodes) or nodes[after].depth != d or nodes[after].role != "definition":
        return None
    value = after if nodes[after].name else next((k for k in self.subtree(after)[1:] if nodes[k].name), None)
    return None if value is None else (label, value)


def _next_text(self: "Page", i: int) -> int | None:
    """The first named node after a term: its definition (at the same depth or inside the next sibling)."""
    nodes = self.nodes
    d = nodes[i].depth
    for j in range(i + 1, min(i + 4, len(nodes))):
        n = nodes[j]
        if n.depth < d:
            return None
        if n.role in ("term", "rowheader") and j > i + 1:
            return None
        if n.name:
            return j  # a definition named for its text, or the text inside it
    return None
