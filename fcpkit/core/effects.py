"""What an action does to the world: ``read``, ``write`` or ``irreversible``, from the page.

The policy gate must not take a command's first word for its effect. BrowserGym runs every call
of a step (``select_option('51', 'Payments')\\nclick('59')`` assigns a ticket), Enter in a form
field submits the form, a click at coordinates lands on whatever is under the pointer, and
buttons say "OK", "Place your order", "Löschen" or show only a trash-can icon. So every call is
classified on its own, from the node it acts on as the page (the accessibility tree in
:attr:`Observation.text`) describes it:

* the node's role (a link navigates, a text box takes a value, a button or menu item acts),
  its accessible name, or for an icon-only control the names of its images and text;
* its place in the page: inside a ``form`` a button or Enter submits it (a ``search`` landmark
  is a GET form by convention, and ``method='get'`` is honoured when the page states it);
* the key, as Playwright reads it: Enter (alone, with a modifier, or written ``'\\n'`` / ``'\\r'``)
  submits or presses what has the focus; Space (``' '`` or ``'Space'``) presses a focused button;
  a typed text holding a newline presses Enter. The focus is followed through the step: after
  ``focus('13')`` (or a click, a fill, a press on it) a bare ``keyboard_press('Enter')`` lands on 13;
* a link navigates (GET) unless its name opens with an act (a GET that deletes or pays), and a
  box with a click handler (``clickable``) whose words are unknown is a write;
* coordinates: resolved to the smallest node whose box holds the point when the observation
  carries boxes (``extra["boxes"]``: ``{bid: [x, y, width, height]}``); otherwise unknown.

Anything the page cannot resolve (a bid not on the page, coordinates without boxes, an unknown
role, a command it refuses) is a **write**: the gate fails closed. The calls are read as BrowserGym
will run them (:mod:`fcpkit.core.action_calls`: parameters bound by name, defaults filled in), and
a command that another reader could take for other calls is refused (``StepEffect.refused``). A
step is as strong as its strongest call. A control's name is read as it renders, in several
languages (:mod:`fcpkit.core.control_names`: look-alike letters, invisible characters, full-width
forms and pictographs undone); a button whose words are unknown is a write, never a read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from fcpkit.core.action_calls import SIGNATURES, BoundCall, executed_calls
from fcpkit.core.control_names import canonical_name, folded_name, leading_effect, name_effect
from fcpkit.core.page import Page, read_line
from fcpkit.core.trajectory import Observation

__all__ = [
    "EFFECT_ORDER",
    "PageNode",
    "CallEffect",
    "StepEffect",
    "step_effect",
    "effect_of",
    "page_nodes",
]

#: Effects from least to most consequential.
EFFECT_ORDER: dict[str, int] = {"read": 0, "write": 1, "irreversible": 2}

# -- words: what a control's name says it does (fcpkit.core.control_names) ---------------------
# A link navigates (GET); one that starts with these verbs still only opens a page.
_NAV_VERBS = frozenset("edit view open show go see browse read new create details back clear".split())
# ... and one that names a page ("Refund details", "Payment history") is a noun phrase, not a command.
_NAV_NOUNS = frozenset("details detail history policy policies status info information list page help settings "
                       "overview log summary options faq terms".split())


# -- the page -----------------------------------------------------------------------------------
_INTERACTIVE = frozenset("button link menuitem menuitemcheckbox menuitemradio tab checkbox radio switch option "
                         "textbox searchbox combobox listbox spinbutton slider treeitem".split())
_VALUE_ROLES = frozenset("textbox searchbox combobox listbox option spinbutton checkbox radio slider tab treeitem "
                         "menuitemcheckbox menuitemradio".split())
_INERT = frozenset("statictext img image generic paragraph labeltext label none presentation cell gridcell row "
                   "rowheader columnheader heading listitem list group region main article section figure "
                   "blockquote strong emphasis time text table rowgroup separator banner contentinfo navigation "
                   "complementary note status alert log marquee term definition caption svgroot "
                   "graphics-symbol math superscript subscript code insertion deletion mark "
                   "rootwebarea document webarea".split())


@dataclass(frozen=True)
class PageNode:
    """One node of the accessibility tree: its bid, role, name, attributes and place (parent index)."""

    index: int
    bid: str | None
    role: str
    name: str
    attrs: str
    depth: int
    parent: int | None

    @property
    def focused(self) -> bool:
        return bool(re.search(r"(?:^|,)\s*focused\b", self.attrs))


def page_nodes(page: Page | str) -> tuple[PageNode, ...]:
    """The page's nodes with their place (parent position), as the classifier reads them (kept in its cache)."""
    if isinstance(page, str):
        page = Page.parse(page)
    hit = page.cache.get("effect_nodes")
    if hit is None:
        parents = page.parents
        hit = page.cache["effect_nodes"] = tuple(
            PageNode(i, n.bid, n.kind or (n.line.split(None, 1)[0].lower() if n.line else ""), n.name, n.attrs, n.depth,
                     parents[i] if parents[i] >= 0 else None)
            for i, n in enumerate(page.nodes))
    return hit


class _Page:
    def __init__(self, observation: Observation | None):
        page = Page.of(observation) if observation is not None else None
        self.page = page
        self.nodes = page_nodes(page) if page is not None else ()
        self.by_bid = {n.bid: n for n in self.nodes if n.bid}

    def ancestors(self, node: PageNode):
        p = node.parent
        while p is not None:
            yield self.nodes[p]
            p = self.nodes[p].parent

    def descendants(self, node: PageNode):
        for n in self.nodes[node.index + 1:]:
            if n.depth <= node.depth:
                break
            yield n

    def focused(self) -> PageNode | None:
        hits = [n for n in self.nodes if n.focused and n.role not in ("rootwebarea", "webarea", "document")]
        return hits[-1] if hits else None

    def at(self, x: float, y: float) -> PageNode | None:
        i = self.page.at(x, y) if self.page is not None else None
        return self.nodes[i] if i is not None else None


def _target_node(target: str | None) -> PageNode | None:
    """The executor's resolved target (``"button 'Assign'"``) as a node without a place."""
    if not target or not target.strip():
        return None
    n = read_line(target.strip().split("\n", 1)[0])
    if not n.role:
        return None
    return PageNode(0, n.bid, n.kind, n.name, n.attrs, 0, None)


# -- effects ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CallEffect:
    """One call of a step: what it is, the effect, and why (the node and the rule that decided)."""

    call: str
    effect: str
    reason: str


@dataclass(frozen=True)
class StepEffect:
    """A step's effect (its strongest call's) and each call's. ``refused``: the command is not one
    every reader takes for the same calls (:func:`fcpkit.core.action_calls.executed_calls`), so the
    gate did not guess at it and holds it as a write."""

    effect: str
    calls: tuple[CallEffect, ...]
    refused: bool = False

    @property
    def reason(self) -> str:
        strongest = [c for c in self.calls if c.effect == self.effect]
        return "; ".join(f"{c.call}: {c.reason}" for c in strongest[:3])


def _describe(node: PageNode) -> str:
    return f"{node.role} {node.name!r}" + (f" [{node.bid}]" if node.bid else "")


_CLICKABLE = re.compile(r"(?:^|,)\s*clickable\b")
#: Roles that Space presses when they hold the focus (a link takes Enter only, as a click).
_SPACE_PRESSES = frozenset("button link menuitem switch checkbox radio menuitemcheckbox menuitemradio tab option".split())
_ENTER_KEYS = frozenset({"enter", "return", "numpadenter", "\n", "\r", "\r\n"})
_SPACE_KEYS = frozenset({" ", "space"})
#: Calls that move the keyboard focus to the node they act on (Playwright focuses it first).
_FOCUSING = frozenset("focus click dblclick fill clear select_option press check uncheck".split())
#: Calls after which the focus is nowhere the page before says (another page, another tab).
_UNFOCUSING = frozenset("goto go_back go_forward new_tab tab_focus tab_close".split())


def _key_of(key: str) -> str:
    """The key a chord ends with ('Control+Enter' -> 'enter', 'Shift++' -> '+'), case-folded; '\\n'
    and '\\r' stay what Playwright reads them as (Enter). The gate reads 'enter' as Enter, though
    Playwright rejects it: reading more than runs only holds a step that would fail anyway."""
    if key in _ENTER_KEYS or len(key) <= 1:
        return key.casefold()
    last = key.rpartition("+")[2]
    return last.casefold() if last else "+"


class _Classifier:
    def __init__(self, page: _Page, target: PageNode | None):
        self.page = page
        self.target = target
        self.focus = page.focused()  # where the keyboard is, followed from call to call of the step

    def node(self, bid: Any, first: bool) -> PageNode | None:
        node = self.page.by_bid.get(str(bid)) if bid is not None else None
        if node is None and first and self.target is not None and (self.target.bid in (None, str(bid))):
            return self.target  # no page: the executor's resolved target stands in for the first call
        return node

    def form_of(self, node: PageNode) -> PageNode | None:
        for a in self.page.ancestors(node):
            if a.role in ("form", "search"):
                return a
        return None

    def _inert(self, node: PageNode) -> tuple[str, str]:
        """A node that is no control: text, an image, a generic box (maybe with a click handler)."""
        clickable = bool(_CLICKABLE.search(node.attrs))
        name = node.name
        if not name and clickable:  # a box with a handler is named by its text
            name = " ".join(d.name for d in self.page.descendants(node) if d.name)
        named = name_effect(name)
        if named in ("write", "irreversible"):  # an image or text with a handler, named for an act
            return named, f"{_describe(node)} is named for an act"
        if clickable and named != "read":
            return "write", f"{_describe(node)} has a click handler and unknown words (fail closed)"
        return "read", f"{_describe(node)} is not a control"

    def _link(self, name: str, what: str) -> tuple[str, str]:
        """A link navigates (GET), unless its name opens with an act: a GET that deletes or pays."""
        words = [w.casefold() for w in re.findall(r"\w+", folded_name(name))]
        lead = None if _NAV_NOUNS.intersection(words) else leading_effect(name, _NAV_VERBS)
        if lead is not None:
            return lead, f"{what}: a link named for a {lead} act"
        return "read", f"{what} navigates"

    def click(self, node: PageNode | None) -> tuple[str, str]:
        if node is None:
            return "write", "target not on the page (unknown: fail closed)"
        if node.role in _INERT:
            owner = next((a for a in self.page.ancestors(node) if a.role in _INTERACTIVE), None)
            if owner is None:
                return self._inert(node)
            inner = node.name
            node = owner
            if not node.name:
                node = PageNode(node.index, node.bid, node.role, inner, node.attrs, node.depth, node.parent)
        role = node.role
        name = node.name or " ".join(d.name for d in self.page.descendants(node) if d.name)
        by_name = name_effect(name)
        what = _describe(PageNode(node.index, node.bid, role, canonical_name(name), node.attrs, node.depth, node.parent))
        if role == "switch":
            return _max(by_name or "write", "write"), f"{what} toggles a setting"
        if role in _VALUE_ROLES:
            return "read", f"{what} takes a value (the write is the submit)"
        if role == "link":
            return self._link(name, what)
        if role in ("button", "menuitem"):
            form = self.form_of(node)
            if by_name in ("irreversible", "write"):
                return by_name, f"{what} by its name"
            if form is not None and form.role == "form" and "method='get'" not in form.attrs.lower() \
                    and "type='button'" not in node.attrs:
                return "write", f"{what} submits its form"
            if by_name == "read":
                return "read", f"{what} only looks" + (" (search form)" if form is not None else "")
            return "write", f"{what}: unknown words (fail closed)"
        return "write", f"{what}: unknown role (fail closed)"

    def enter(self, node: PageNode | None, key: str) -> tuple[str, str]:
        if node is None:
            return "write", f"{key!r} with no known focus (fail closed)"
        if node.role in ("button", "link", "menuitem"):
            eff, why = self.click(node)
            return eff, f"{key!r} presses it: {why}"
        if node.role == "textbox" and "multiline" in node.attrs and not re.search(r"control|meta", key, re.I):
            return "read", f"{key!r} in a multi-line box adds a line"
        form = self.form_of(node)
        if form is not None and form.role == "search":
            return "read", f"{key!r} in {_describe(node)} submits a search"
        if form is not None:
            if "method='get'" in form.attrs.lower():
                return "read", f"{key!r} submits a GET form"
            default = next((d for d in self.page.descendants(form) if d.role == "button"), None)
            if default is not None:
                eff, why = self.click(default)
                return _max(eff, "write"), f"{key!r} in {_describe(node)} submits its form ({why})"
            return "write", f"{key!r} in {_describe(node)} submits its form"
        if node.role == "searchbox":
            return "read", f"{key!r} in a search box"
        return "write", f"{key!r} in {_describe(node)} outside a form (page script unknown: fail closed)"

    def _key(self, node: PageNode | None, key: str, bid_given: bool = False) -> tuple[str, str]:
        last = _key_of(key)
        if last in _ENTER_KEYS:
            return self.enter(node, key)
        if last in _SPACE_KEYS:
            if node is None and bid_given:
                return "write", f"{key!r} on a target not on the page (fail closed)"
            if node is not None and node.role in _SPACE_PRESSES:
                eff, why = self.click(node)
                return eff, f"{key!r} presses it: {why}"
        if last == "tab":
            self.focus = None  # the focus moves on, to a node the page does not say
        return "read", f"key {key!r}"

    def call(self, call: BoundCall, first: bool) -> tuple[str, str]:
        n = call.name
        if n in _FOCUSING:
            node = self.node(call.get("bid"), first)
            eff, why = self._on_node(call, node)
            self.focus = node
            return eff, why
        if n in _UNFOCUSING:
            self.focus = None
        if n in _READ_CALLS:
            if n == "goto" and str(call.get("url", "")).strip().lower().startswith("javascript:"):
                return "write", "a javascript: URL runs code"
            return "read", "does not act on the page"
        if n in ("keyboard_press", "keyboard_down"):
            return self._key(self.focus, str(call.get("key", "")))
        if n in ("keyboard_type", "keyboard_insert_text"):
            text = str(call.get("text", ""))
            if "\n" in text or "\r" in text:
                return self.enter(self.focus, "a typed newline")
            if " " in text and self.focus is not None and self.focus.role in _SPACE_PRESSES - {"link"}:
                eff, why = self.click(self.focus)
                return eff, f"a typed space presses it: {why}"
            return "read", "types text"
        if n in ("mouse_click", "mouse_dblclick", "mouse_up"):
            try:
                x, y = float(call.get("x")), float(call.get("y"))
            except (TypeError, ValueError):
                return "write", "coordinates unreadable (fail closed)"
            node = self.focus = self.page.at(x, y)
            if node is None:
                return "write", f"nothing known at ({x:g}, {y:g}) (fail closed)"
            eff, why = self.click(node)
            return eff, f"at ({x:g}, {y:g}): {why}"
        if n in ("mouse_down", "keyboard_up", "mouse_move"):
            return "read", "half a gesture"
        return "write", f"{n} changes the page (fail closed)"

    def _on_node(self, call: BoundCall, node: PageNode | None) -> tuple[str, str]:
        n = call.name
        if n in ("focus", "hover"):
            return "read", "does not act on the page"
        if n in ("fill", "select_option", "clear"):
            return "read", "enters a value (the write is the submit)"
        if n == "press":
            return self._key(node, str(call.get("key_comb", "")), bid_given=True)
        return self.click(node)  # click, dblclick, check, uncheck


_READ_CALLS = frozenset({"noop", "scroll", "scroll_at", "hover", "focus", "go_back", "go_forward", "goto", "tab_focus",
                         "new_tab", "tab_close", "send_msg_to_user", "report_infeasible"})


def _max(*effects: str) -> str:
    return max(effects, key=lambda e: EFFECT_ORDER.get(e, 1))


def _render(call: BoundCall) -> str:
    """The call as the gate explains it: its name and the values it was given (defaults left out)."""
    given = [v for (p, default), v in zip(SIGNATURES[call.name], call.params.values()) if v != default]
    return f"{call.name}({', '.join(repr(x) for x in given)[:60]})"


def step_effect(command: str, observation: Observation | None = None, target: str | None = None) -> StepEffect:
    """Classify every call of ``command`` on ``observation`` (the page it will run on).

    ``target`` (the executor's resolved target) stands in for the first call's node when the page
    is not given or does not hold its bid. A command that BrowserGym could run as other calls than
    it reads (:func:`fcpkit.core.action_calls.executed_calls`) is refused: a write, ``refused``.
    Unresolvable nodes are writes.
    """
    try:
        calls = executed_calls(command)
    except ValueError as exc:
        return StepEffect("write", (CallEffect(str(command)[:80], "write", f"refused ({exc}): fail closed"),), refused=True)
    cls = _Classifier(_Page(observation), _target_node(target))
    out = []
    for i, call in enumerate(calls):
        eff, why = cls.call(call, i == 0)
        out.append(CallEffect(_render(call), eff, why))
    return StepEffect(_max(*(c.effect for c in out)), tuple(out))


def effect_of(command: str, observation: Observation | None = None, target: str | None = None) -> str:
    """The step's effect alone (see :func:`step_effect`)."""
    return step_effect(command, observation, target).effect
