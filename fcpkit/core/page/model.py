"""The page model: one observation read once into nodes, regions, identity, mentions and fields.

Every consumer of a page (the testers, the matcher, the anomaly rules, the built-in falsifiers,
effects, provenance, lint and explain) reads it through a :class:`Page`, built once per
observation (:meth:`Page.of`, kept with the observation) and holding what they derive from it.
What it says about a page:

* **nodes**: one per line, with depth, parent, element id (bid), role, name, value and states;
* **regions**: each node's zone: *chrome* (the banner, the footer, navigation outside the main
  content: what every page of the site shows around its content), *main*, *dialog*, or *body*
  (a page with no landmarks); live regions (announcements); dialogs (and whether modal); forms;
* **collections and their items**: a list, table, feed, grid, listbox, menu or tree with two
  items or more, and the item (list item, data row, article, option, menu item) each node stands
  in. What an item says is about *the record it lists*, not about the page: a **mention**;
* **identity**: which record or screen is in view, from the title (without the site's name), the
  main heading, the breadcrumb and the URL path; its record ids (:mod:`.records`);
* **fields**: labels bound to values on one node (a control and its value, a term and its
  definition, a ``Label: value`` text line).

Provenance (which text the application wrote, which the user or the agent did) and the site's
furniture are read by :mod:`.provenance` and :mod:`.site`; the views a tester scores are built
from them (:meth:`Page.view`).
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import Any, Iterable, Mapping, Sequence
from urllib.parse import parse_qsl, urlsplit

from fcpkit.core.page.nodes import CONTROL_ROLES, DIALOG_ROLES, Node, read_line
from fcpkit.core.page.records import RecordId, record_ids
from fcpkit.core.page.regions import BREADCRUMB, CHOICES, COLLECTIONS, ITEMS, ZONES, Field, read_fields, read_regions

__all__ = ["Page", "Field", "ZONES", "COLLECTIONS", "ITEMS", "title_parts"]

_HEADER = re.compile(r"^(url|title|tab):\s?(.*)$")
_URL_PATH = re.compile(r"^[a-z]+://[^/]*(?P<path>/[^?#]*)?", re.IGNORECASE)
_ROOT_URL = re.compile(r"url='([^']*)'")


def _alnum(text: str) -> str:
    return re.sub(r"[^0-9a-z]", "", text.casefold())
#: A title's separators: a spaced dash, colon or bullet, or a bar or middle dot however spaced.
_TITLE_SPLIT = re.compile(r"\s+[·|•—–:-]\s+|\s*[|·•]\s*")
_BREADCRUMB = re.compile(r"bread\s*-?crumb|you are here", re.IGNORECASE)
#: A select showing its prompt, no choice yet: "Select weighbridge", "-- Select --", "Choose a reason…".
_PROMPT = re.compile(r"^[\s(\-—–]*(?:please\s+)?(?:select|choose|pick)(?:\s+[^:]{0,40}?)?[\s)\-—–….]*$|^[\s\-—–]+$", re.IGNORECASE)
#: A box one ticks to say one read, understood or agrees to something before a dialog lets one go on.
_CONSENT = re.compile(r"^\s*I\s|\b(?:confirm|acknowledge|agree|understand|consent)", re.IGNORECASE)

def title_parts(title: str) -> list[str]:
    """A title's segments ("Report R-7305 · Home Espresso · Mod Console" -> three)."""
    return [p.strip() for p in _TITLE_SPLIT.split(title or "") if p.strip()]


#: Controls a person turns on or off: unticked, a choice not made ("Waive change fee (supervisor approval required)").
_TOGGLES = frozenset({"checkbox", "switch", "menuitemcheckbox"})
#: The controls that make a choice on a form (:meth:`Page.waits_on_choice`).
_CHOOSERS = frozenset({"radio", "checkbox", "switch", "combobox", "listbox"})
#: The legend of a form's marks: "Fields marked * are required", "* indicates a required field",
#: "Required fields are marked with an asterisk".
_MARKS_LEGEND = re.compile(r"\b(?:fields?|items?|questions?)\s+marked\s+(?:with\s+)?(?:an?\s+)?(?:\*|asterisk)"
                           r"|(?:^|\s)\*\s*(?:=|indicates|denotes|marks|means)?\s*(?:an?\s+)?(?:required|mandatory)"
                           r"|\b(?:required|mandatory) fields? (?:are|is) marked", re.IGNORECASE)
#: A line that opens with a term and defines it: "Urgent: ...", "Bonus – performance: ...".
_LEGEND = re.compile(r"\s*:|\s+[—–-]\s")


class Page:
    """An observation read once (see module docstring).

    Build it with :meth:`of` (an observation, cached with it) or :meth:`parse` (serialized text:
    ``url:``/``title:``/``tab:`` header lines, then the tree). A text without headers and without a
    root node is no page (``is_page`` is False): an action description or a bare statement.
    """

    __slots__ = ("url", "title", "body", "tabs", "extra", "error", "nodes", "headers", "source", "positions", "__dict__")

    def __init__(self, body: str, url: str = "", title: str = "", *, tabs: Sequence[Mapping[str, str]] = (),
                 extra: Mapping[str, Any] | None = None, error: str | None = None,
                 nodes: Sequence[Node] | None = None, headers: Mapping[str, str] | None = None):
        self.body = body
        self.url = url
        self.title = title
        self.tabs = tuple(tabs or ())
        self.extra = extra or {}
        self.error = error
        self.headers: dict[str, str] = dict(headers) if headers is not None else (
            {k: v for k, v in (("url", url), ("title", title)) if v})
        if nodes is None:
            nodes = tuple(read_line(raw) for raw in body.split("\n") if raw.strip())
        self.nodes: tuple[Node, ...] = tuple(nodes)
        #: the page this one is a view of (itself for a page read from an observation or a text)
        self.source: Page = self
        #: each node's position on :attr:`source` (``None``: the same positions)
        self.positions: tuple[int, ...] | None = None

    # -- building -------------------------------------------------------------------------
    @classmethod
    def of(cls, obs: Any) -> "Page":
        """The page of observation ``obs``, read once and kept with it (an observation is frozen:
        its page never goes stale)."""
        d = getattr(obs, "__dict__", None)
        page = d.get("_page") if d is not None else None
        if page is None:
            page = cls(obs.text or "", obs.url or "", obs.title or "", tabs=obs.tabs or (), extra=obs.extra,
                       error=obs.error)
            if d is not None:
                object.__setattr__(obs, "_page", page)
        return page

    @staticmethod
    def forget(obs: Any) -> None:
        """Drop the page kept with ``obs`` (a benchmark's cold pass reads every page afresh)."""
        d = getattr(obs, "__dict__", None)
        if d is not None:
            d.pop("_page", None)

    @classmethod
    def parse(cls, text: str) -> "Page":
        """The page of a serialized text (:func:`~fcpkit.core.trajectory.serialize_observation`): its
        header lines, then the tree."""
        lines = text.split("\n")
        headers: dict[str, str] = {}
        tabs: list[dict[str, str]] = []
        k = 0
        while k < len(lines):
            h = _HEADER.match(lines[k])
            if h is None:
                break
            if h.group(1) == "tab":
                t, _, u = h.group(2).partition(" | ")
                tabs.append({"title": t, "url": u})
            else:
                headers.setdefault(h.group(1), h.group(2))
            k += 1
        body = "\n".join(lines[k:]) if k else text
        page = cls(body, headers.get("url", ""), headers.get("title", ""), tabs=tabs, headers=headers)
        page.__dict__["text"] = text
        return page

    def derive(self, keep: Iterable[int], nodes: Mapping[int, Node] | None = None) -> "Page":
        """A view of this page: the nodes at ``keep`` (positions, in order), some replaced by
        ``nodes`` (a node with part of its text removed), same URL, title and headers."""
        swap = nodes or {}
        keep = list(keep)
        kept = [swap.get(i, self.nodes[i]) for i in keep]
        body = "\n".join(("\t" * n.depth) + (f"[{n.bid}] " if n.bid else "") + n.line for n in kept)
        view = Page(body, self.url, self.title, tabs=self.tabs, extra=self.extra, error=self.error, nodes=kept,
                    headers=self.headers)
        view.source = self.source
        if "path" in self.__dict__:  # a view's path (below the site's mount point) carries over
            view.__dict__["path"] = self.path
        view.positions = tuple(self.positions[i] for i in keep) if self.positions is not None else tuple(keep)
        return view

    def __repr__(self) -> str:
        return f"Page({self.url or self.title or self.body[:40]!r}, {len(self.nodes)} nodes)"

    @cached_property
    def text(self) -> str:
        """The serialized text (headers, then the tree): what a text-only matcher reads."""
        lines = []
        if self.url:
            lines.append(f"url: {self.url}")
        if self.title:
            lines.append(f"title: {self.title}")
        for tab in self.tabs:
            if tab.get("url") != self.url:
                lines.append(f"tab: {tab.get('title', '')} | {tab.get('url', '')}")
        if not lines:
            return self.body
        lines.append(self.body)
        return "\n".join(lines)

    @cached_property
    def cache(self) -> dict[Any, Any]:
        """What a consumer derives from this page, under a key of its own: per-page state lives
        and dies with the page instead of in module-level caches."""
        return {}

    # -- structure ------------------------------------------------------------------------
    @cached_property
    def parents(self) -> tuple[int, ...]:
        """Each node's parent position (-1 at the top)."""
        out: list[int] = []
        stack: list[int] = []
        nodes = self.nodes
        for i, n in enumerate(nodes):
            d = n.depth
            while stack and nodes[stack[-1]].depth >= d:
                stack.pop()
            out.append(stack[-1] if stack else -1)
            stack.append(i)
        return tuple(out)

    @cached_property
    def ends(self) -> tuple[int, ...]:
        """Each node's subtree end (exclusive): the node and its descendants are ``range(i, ends[i])``."""
        nodes = self.nodes
        n = len(nodes)
        out = [n] * n
        stack: list[int] = []
        for i, node in enumerate(nodes):
            d = node.depth
            while stack and nodes[stack[-1]].depth >= d:
                out[stack.pop()] = i
            stack.append(i)
        return tuple(out)

    def subtree(self, i: int) -> range:
        """Positions of node ``i`` and every node below it."""
        return range(i, self.ends[i])

    def subtree_text(self, i: int) -> str:
        """The names (or plain text) of node ``i`` and its descendants, joined."""
        return " ".join(t for t in (self.nodes[k].label for k in self.subtree(i)) if t)

    def ancestors(self, i: int) -> Iterable[int]:
        p = self.parents[i]
        while p >= 0:
            yield p
            p = self.parents[p]

    @cached_property
    def by_bid(self) -> dict[str, int]:
        """Each element id's first node position (read-only: shared by every caller)."""
        out: dict[str, int] = {}
        for i, n in enumerate(self.nodes):
            if n.bid is not None:
                out.setdefault(n.bid, i)
        return out

    def position(self, bid: Any) -> int | None:
        """The position of the node with element id ``bid`` (``None`` when the page has none)."""
        return self.by_bid.get(str(bid)) if bid is not None else None

    def node(self, bid: Any) -> Node | None:
        """The node with element id ``bid`` (``None`` when the page has none)."""
        i = self.position(bid)
        return self.nodes[i] if i is not None else None

    @cached_property
    def lines(self) -> list[str]:
        """The body lines without element ids, one per node."""
        return [n.line for n in self.nodes]

    # -- regions --------------------------------------------------------------------------
    @cached_property
    def _regions(self) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
        return read_regions(self)

    @cached_property
    def zones(self) -> tuple[str, ...]:
        """Each node's zone: ``chrome``, ``main``, ``dialog`` or ``body`` (see module docstring)."""
        return self._regions[0]

    @cached_property
    def items(self) -> tuple[int, ...]:
        """Each node's collection item (the position of the list item, data row, article, option or
        menu item it stands in, in a collection of two or more), or -1."""
        return self._regions[1]

    @cached_property
    def forms(self) -> tuple[int, ...]:
        """Each node's form (position of the ``form`` or ``search`` landmark it stands in), or -1."""
        return self._regions[2]

    @cached_property
    def chrome(self) -> frozenset[int]:
        """Positions of the nodes in the site's chrome: banner, footer, navigation around the content."""
        return frozenset(i for i, z in enumerate(self.zones) if z == "chrome")

    @cached_property
    def mentions(self) -> frozenset[int]:
        """Positions of the nodes inside a collection item (a list or search result, a table row,
        an option): what they say is about the record they list."""
        return frozenset(i for i, it in enumerate(self.items) if it >= 0)

    @cached_property
    def chosen(self) -> frozenset[int]:
        """Positions of the nodes inside a chosen item (a checked radio button, a selected option):
        a choice offered says nothing of the form, the one made is its state."""
        made = {i for i, n in enumerate(self.nodes) if self.items[i] == i and ("checked" in n.states or "selected" in n.states)}
        return frozenset(k for k, it in enumerate(self.items) if it in made)

    @cached_property
    def offered(self) -> frozenset[int]:
        """Positions of the nodes inside a choice not made: a radio button or an option that is not
        checked or selected, in a group or on its own, or a box or switch left off. A choice offered
        says what the form allows, not what it holds."""
        off = {i for i, n in enumerate(self.nodes) if n.kind in CHOICES | _TOGGLES
               and not ({"checked", "selected", "pressed"} & n.states)}
        return frozenset(k for i in off for k in self.subtree(i)) | {k for k, it in enumerate(self.items) if it in off}

    @cached_property
    def form_state(self) -> frozenset[int]:
        """Positions of the nodes that hold a form's state: everything inside a ``form`` or
        ``search`` landmark, and, wherever they stand, the controls (boxes, lists, choices, toggles)
        with the choices made and offered in them. Pages seldom name their forms, so a group of
        radio buttons under ``main`` is as much a form's state as one inside a named form."""
        controls = {i for i, n in enumerate(self.nodes) if n.kind in CONTROL_ROLES | CHOICES | _TOGGLES}
        return frozenset(i for i, f in enumerate(self.forms) if f >= 0) | self.chosen | self.offered \
            | {k for i in controls for k in self.subtree(i)}

    @cached_property
    def legends(self) -> frozenset[int]:
        """Positions of the text lines that define a form's choices: beside a control (a list box, a
        group of radio buttons), a line that opens with one of its choices' labels and a colon or a
        spaced dash ("Urgent: vendor dispatched within 4 hours", "Bonus – performance: linked to
        annual review"). A legend says what each choice means, whichever is chosen; the form's
        state is the choice made. So does the legend of a form's marks ("Fields marked * are
        required"): how the form works, not a field missing its value."""
        out: set[int] = {i for i, n in enumerate(self.nodes) if n.kind in ("statictext", "") and _MARKS_LEGEND.search(n.name or n.line)}
        parents = self.parents
        siblings: dict[int, list[int]] = {}
        for i, par in enumerate(parents):
            siblings.setdefault(par, []).append(i)
        for par, kids in siblings.items():
            labels = {self.nodes[k].name.casefold() for c in kids for k in self.subtree(c)
                      if self.nodes[k].kind in CHOICES and self.nodes[k].name.strip()}
            if not labels:
                continue
            for c in kids:
                n = self.nodes[c]
                if n.kind not in ("statictext", "") or self.items[c] >= 0:
                    continue
                text = (n.name or n.line).lstrip().casefold()
                if any(text.startswith(label) and _LEGEND.match(text, len(label)) for label in labels):
                    out.add(c)
        return frozenset(out)

    @cached_property
    def asides(self) -> frozenset[int]:
        """Positions of the nodes in a complementary region beside the main content: related records,
        recent items, what is trending; about other things than the record in view."""
        return frozenset(i for i, z in enumerate(self.zones) if z == "aside")

    @cached_property
    def compared(self) -> frozenset[int]:
        """Positions of the nodes inside a diff's insertions and deletions (``insertion``,
        ``deletion``): what changed between two versions, not a state of the record in view."""
        return frozenset(k for i, n in enumerate(self.nodes) if n.kind in ("insertion", "deletion")
                         for k in self.subtree(i))

    @cached_property
    def pointers(self) -> frozenset[int]:
        """Positions of the links that name a record by its id, other than the record in view, outside
        the page's messages (a calendar cell's "Morning · Rough Plumbing · BP-24-01837 · 421 Alder
        Street", a "Similar IDs" link "A-2481 Biscotti"): a link says where it leads, and what it
        names is that record's, as a list's row is. A message that links a record says what
        happened to it, and stays the page's."""
        own = set(self.record_ids)
        live = self.live_nodes
        out: set[int] = set()
        for i, n in enumerate(self.nodes):
            if n.kind != "link" or i in live:
                continue
            ids = record_ids(n.name)
            if ids and not any(r.id in own for r in ids):
                out.update(self.subtree(i))
        return frozenset(out)

    @cached_property
    def main(self) -> range:
        """The main region (``main`` landmark), or the whole page when it has none."""
        for i, n in enumerate(self.nodes):
            if n.kind == "main":
                return self.subtree(i)
        return range(len(self.nodes))

    @cached_property
    def live(self) -> tuple[tuple[int, str], ...]:
        """Live regions (status, alert, ...): (node position, the text inside), outermost only."""
        out: list[tuple[int, str]] = []
        end = -1
        for i, n in enumerate(self.nodes):
            if i < end or not n.live:
                continue
            end = self.ends[i]
            out.append((i, " ".join(self.nodes[k].line.strip() for k in range(i, end))))
        return tuple(out)

    @cached_property
    def live_nodes(self) -> frozenset[int]:
        """Positions of every node inside a live region."""
        return frozenset(k for i, _ in self.live for k in self.subtree(i))

    @cached_property
    def messages(self) -> tuple[str, ...]:
        """The text of each live region, as a person reads it (names and plain text, no roles)."""
        return tuple(m for m in (self.message_at(i) for i, _ in self.live) if m)

    def message_at(self, i: int) -> str:
        """The text of the live region at position ``i``, as :attr:`messages` reads it."""
        return " ".join(t for t in (self.nodes[k].label for k in self.subtree(i)) if t).strip()

    @cached_property
    def dialogs(self) -> tuple[tuple[int, str, bool], ...]:
        """Dialogs: (node position, name, modal)."""
        return tuple((i, n.name, n.kind == "alertdialog" or "modal" in n.states)
                     for i, n in enumerate(self.nodes) if n.kind in DIALOG_ROLES)

    @cached_property
    def awaiting_input(self) -> frozenset[int]:
        """Positions of the nodes in a form or dialog that still waits for input: it holds a
        required field left empty or unticked, or, in a dialog, an empty text box or an unticked
        box that asks for consent ("I understand ...", "I have verified ..."); and the section around
        a group of radio buttons none of which is checked. A form disables its
        submit button until it is filled: a disabled button there says the form is not filled yet,
        not that the control cannot be used."""
        out: set[int] = set()
        holders = {f for f in self.forms if f >= 0} | {i for i, _, _ in self.dialogs}
        for h in holders:
            span = self.subtree(h)
            dialog = self.nodes[h].kind in DIALOG_ROLES
            if any(self._unset(k, dialog) for k in span):
                out.update(span)
        # a choice to make first (a group of radio buttons, none checked), in or out of a form: the
        # section that holds it waits for it ("Template: ACK-01 / PCN-02 ..." above "Send letter")
        for i, n in enumerate(self.nodes):
            if n.kind == "radiogroup" and not any("checked" in self.nodes[k].states for k in self.subtree(i)):
                out.update(self.subtree(self.parents[i] if self.parents[i] >= 0 else i))
        return frozenset(out)

    def _unset(self, k: int, dialog: bool) -> bool:
        n = self.nodes[k]
        required = "required" in n.states
        if n.kind in ("checkbox", "switch"):
            return "checked" not in n.states and (required or dialog and bool(_CONSENT.search(n.name)))
        if n.kind in ("textbox", "searchbox", "spinbutton", "combobox"):
            value = (n.value or "").strip()
            unset = not value or n.kind == "combobox" and bool(_PROMPT.match(value))
            return unset and (required or dialog)
        return False

    def waits_for_input(self, i: int) -> bool:
        """Whether node ``i`` stands in a form or dialog that still waits for input
        (:attr:`awaiting_input`), read on the page this one is a view of: a view may have left out
        the values the agent typed, which the form holds all the same."""
        k = self.positions[i] if self.positions is not None else i
        return k in self.source.awaiting_input

    def waits_on_choice(self, i: int) -> bool:
        """Whether the field at ``i`` waits on a choice of its form: the form (or, on a page that
        names none, the section the field stands in) offers another choice the agent can still make
        (a radio button, a box, a list to choose from, not disabled). A form enables a field when a
        choice calls for it ("Card payment taken at the desk" enables "Receipt number"), so typing
        there first is out of order, not refused; a page that disables every control of a form (a
        view-only role) refuses them all."""
        holder = self.forms[i] if self.forms[i] >= 0 else self.parents[i]
        span = self.subtree(holder) if holder >= 0 else range(len(self.nodes))
        return any(k != i and self.nodes[k].kind in _CHOOSERS and "disabled" not in self.nodes[k].states for k in span)

    @cached_property
    def modal_dialogs(self) -> tuple[str, ...]:
        """The names of the modal dialogs (an ``alertdialog``, or a ``dialog`` marked ``modal``)."""
        return tuple(name.strip() for _, name, modal in self.dialogs if modal)

    @cached_property
    def focused(self) -> int | None:
        """The position of the focused node (the innermost, not the root), or ``None``."""
        hits = [i for i, n in enumerate(self.nodes) if "focused" in n.states and n.kind not in ("rootwebarea", "webarea", "document")]
        return hits[-1] if hits else None

    def at(self, x: float, y: float) -> int | None:
        """The smallest node whose box holds the point (``extra["boxes"]``: ``{bid: [x, y, w, h]}``), or ``None``."""
        boxes = self.extra.get("boxes") if isinstance(self.extra.get("boxes"), Mapping) else None
        if not boxes:
            return None
        best, area = None, None
        for bid, box in boxes.items():
            try:
                bx, by, bw, bh = (float(v) for v in box)
            except (TypeError, ValueError):
                continue
            if bx <= x <= bx + bw and by <= y <= by + bh and (area is None or bw * bh < area):
                best, area = bid, bw * bh
        return self.by_bid.get(str(best)) if best is not None else None

    def box(self, i: int) -> tuple[float, float, float, float] | None:
        """Node ``i``'s box (x, y, width, height) when the observation carries boxes."""
        boxes = self.extra.get("boxes") if isinstance(self.extra.get("boxes"), Mapping) else None
        bid = self.nodes[i].bid
        if not boxes or bid is None or bid not in boxes:
            return None
        try:
            x, y, w, h = (float(v) for v in boxes[bid])
        except (TypeError, ValueError):
            return None
        return x, y, w, h

    # -- identity -------------------------------------------------------------------------
    @cached_property
    def is_page(self) -> bool:
        """Whether the text is a page (headers or a root node), not an action description or bare text."""
        return bool(self.headers) or any(n.kind == "rootwebarea" for n in self.nodes)

    @cached_property
    def path(self) -> str:
        u = _URL_PATH.match(self.url_or_root)
        return (u.group("path") or "") if u else self.url_or_root

    @cached_property
    def url_or_root(self) -> str:
        """The URL, or the root node's ``url=`` attribute when the observation gives none."""
        if self.url:
            return self.url
        root = self.root
        if root is not None:
            m = _ROOT_URL.search(self.nodes[root].line)
            return m.group(1) if m else ""
        return ""

    @cached_property
    def query(self) -> tuple[tuple[str, str], ...]:
        """The URL's query as (key, value) pairs, blank values dropped."""
        try:
            return tuple(parse_qsl(urlsplit(self.url_or_root).query, keep_blank_values=False))
        except ValueError:
            return ()

    @cached_property
    def host(self) -> str:
        try:
            return urlsplit(self.url_or_root).netloc.lower()
        except ValueError:
            return ""

    @cached_property
    def root(self) -> int | None:
        return next((i for i, n in enumerate(self.nodes) if n.kind == "rootwebarea"), None)

    @cached_property
    def heading(self) -> int | None:
        """The position of the page's own heading: the first heading of a modal dialog over the
        page, else of the main content, else of the page."""
        nodes = self.nodes
        for i, name, modal in self.dialogs:
            if modal:
                for k in self.subtree(i):
                    if nodes[k].kind == "heading" and nodes[k].name:
                        return k
        main = self.main
        for k in main:
            if nodes[k].kind == "heading" and nodes[k].name and self.zones[k] != "chrome":
                return k
        return next((k for k, n in enumerate(nodes) if n.kind == "heading" and n.name), None)

    @cached_property
    def headings(self) -> tuple[str, ...]:
        """The names of the headings, in order."""
        return tuple(n.name for n in self.nodes if n.kind == "heading" and n.name)

    @cached_property
    def breadcrumb(self) -> tuple[int, ...]:
        """Positions of the named nodes of the breadcrumb trail (a navigation named *Breadcrumb*)."""
        for i, n in enumerate(self.nodes):
            if n.kind == "navigation" and BREADCRUMB.search(n.name):
                return tuple(k for k in self.subtree(i)[1:] if self.nodes[k].label and self.nodes[k].kind != "list")
        return ()

    @cached_property
    def title_segments(self) -> tuple[str, ...]:
        """The title's segments; without a title header, the root's name (an AXTree's document
        title) stands for it."""
        title = self.title or (self.nodes[self.root].name if self.root is not None else "")
        return tuple(title_parts(title))

    @cached_property
    def site_name(self) -> str:
        """The title's site segment: the last of several segments ("Directions | Lodestar Maps"),
        when the page's chrome or root names it too; else "" (see :mod:`.site` for what a run learns)."""
        parts = self.title_segments
        if len(parts) < 2:
            return ""
        last = parts[-1].casefold()
        for i in self.chrome:
            if last in self.nodes[i].name.casefold():
                return parts[-1]
        return parts[-1] if self.nodes and any(last in self.nodes[i].name.casefold() for i in range(min(4, len(self.nodes)))
                                               if self.nodes[i].kind in ("link", "heading")) else ""

    @cached_property
    def mount(self) -> str:
        """The URL path's leading segment when it names the site ("/assaylab" of
        "/assaylab/batches/B-0731" on a page titled "… · AssayLab"): where the application is
        mounted, on every page of it, so no evidence about any one page (like the title's site
        segment). The site is named by the title's site segment or by the first named node of the
        chrome (the product's logo link); a segment matches a name or its first words ("torque-garage"
        of "Torque Garage Hub"), case and punctuation ignored. "" when the first segment names no site."""
        path = self.path
        first = path.split("/")[1] if path.startswith("/") and path.count("/") >= 2 else ""
        seg = _alnum(first)
        if len(seg) < 3:
            return ""
        names = [self.site_name] if self.site_name else []
        logo = next((self.nodes[i].name for i in sorted(self.chrome) if self.nodes[i].name), "")
        if logo:
            names.append(logo)
        for name in names:
            words = name.split()
            if any(seg == _alnum(" ".join(words[:k])) for k in range(1, len(words) + 1)):
                return "/" + first
        return ""

    @cached_property
    def identity(self) -> tuple[str, ...]:
        """URL path, title, root name and the page's heading: the strings that say which page is open."""
        out: list[str] = []
        if "url" in self.headers:
            out.append(self.path)
        if "title" in self.headers:
            out.append(self.headers["title"])
        if self.root is not None:
            out.append(self.nodes[self.root].name)
        h = self.first_heading
        if h is not None:
            out.append(self.nodes[h].name)
        return tuple(out)

    @cached_property
    def first_heading(self) -> int | None:
        """The position of the first heading in document order (banner and dialogs included): the
        heading a reader of the bare tree takes for the page's name."""
        return next((k for k, n in enumerate(self.nodes) if n.kind == "heading"), None)

    @cached_property
    def identity_nodes(self) -> frozenset[int]:
        """Positions of the nodes that say which record or screen is in view: the root, the page's
        heading and the breadcrumb trail."""
        out = set(self.breadcrumb)
        if self.root is not None:
            out.add(self.root)
        if self.heading is not None:
            out.add(self.heading)
        return frozenset(out)

    @cached_property
    def identity_text(self) -> tuple[str, ...]:
        """What says which record or screen is in view, as text: the title without the site's
        name, the page's heading, the breadcrumb trail, the URL path."""
        out: list[str] = []
        parts = list(self.title_segments)
        if self.site_name and parts and parts[-1] == self.site_name:
            parts = parts[:-1]
        if parts:
            out.append(" · ".join(parts))
        if self.heading is not None:
            out.append(self.nodes[self.heading].name)
        if self.breadcrumb:
            out.append(" › ".join(self.nodes[k].label for k in self.breadcrumb))
        if self.path:
            out.append(self.path)
        return tuple(out)

    @cached_property
    def record_ids(self) -> tuple[str, ...]:
        """Record identifiers the page's identity names (the record this page is about)."""
        return tuple(dict.fromkeys(r.id for r in self.identity_records))

    @cached_property
    def identity_records(self) -> tuple[RecordId, ...]:
        """The :class:`~fcpkit.core.page.records.RecordId` s of the identity (URL path, title, heading)."""
        return record_ids(" ".join(self.identity))

    # -- fields ---------------------------------------------------------------------------
    @cached_property
    def fields(self) -> tuple[Field, ...]:
        """Every label bound to a value on this page (see :class:`~fcpkit.core.page.regions.Field`)."""
        return read_fields(self)
