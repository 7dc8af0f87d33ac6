"""The views of a page a tester scores: what confirming evidence and what falsifiers are read on.

* :func:`app_view`: the text the **application** wrote, what confirming evidence counts on: the
  page without its user-authored nodes and without the values the agent typed
  (:mod:`.provenance`). A statement that says it is about a user-authored field reads the page whole.
* :func:`evidence_view`: what **falsifiers** are read on: the application's text without the
  site's furniture (:mod:`.site`), without what the agent typed or the application echoed of
  it, and without what users wrote (its sentences; the application's metadata around them, the
  author's link and "Posted by", stays). A falsifier is drift only where the application says it
  about this page.

Each view is a :class:`~fcpkit.core.page.Page` of its own (its nodes are the page's, some with a
span removed), built once per page and settings and kept in the page's cache, so a matcher keeps
what it prepares for it there too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Iterable

from fcpkit.core.page.model import title_parts
from fcpkit.core.page.nodes import CONTROL_ROLES
from fcpkit.core.page.records import record_ids as record_ids_of
from fcpkit.core.page.provenance import DEFAULT_POLICY, ProvenancePolicy, echoes, typed_nodes, user_nodes
from fcpkit.core.page.site import SiteModel, furniture

if TYPE_CHECKING:
    from fcpkit.core.page.model import Page

__all__ = ["app_view", "evidence_view", "found_view", "record_view", "Discounted", "discounted", "Reading", "reading"]

_VALUE_ATTR = re.compile(r""",?\s*\bvalue=(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")""")


def _strip_value(page: "Page", i: int):
    n = page.nodes[i]
    return replace(n, value=None, line=_VALUE_ATTR.sub("", n.line, count=1), attrs=_VALUE_ATTR.sub("", n.attrs, count=1))




def record_view(page: "Page") -> "Page":
    """``page`` without the values its editable controls hold (the same object when none holds
    one): what the record shows rather than what its form holds. Before a step wrote, a box that
    reads "Owner: Tomás Brandt" is what the agent chose, not the record's owner yet. (The
    :func:`found_view` of a run in which the agent typed nothing.)"""
    return found_view(page, ())


def found_view(page: "Page", inputs: Iterable[str] = ()) -> "Page":
    """``page`` without the values of the editable controls that hold none of ``inputs`` (what the
    agent typed or chose in this run): the values the application put there, a form's defaults or a
    record's values as the step found them (the same object when none is left). Until the step
    saved, such a value is what the step is there to set, not a choice of the agent's."""
    inputs = tuple(inputs)
    key = ("found_view", inputs)
    hit = page.cache.get(key)
    if hit is not None:
        return hit
    wanted = {" ".join(v.split()).casefold() for v in inputs if v and v.strip()}
    boxes = [i for i, n in enumerate(page.nodes) if n.kind in CONTROL_ROLES and n.value
             and " ".join(n.value.split()).casefold() not in wanted]
    view = page.derive(range(len(page.nodes)), {i: _strip_value(page, i) for i in boxes}) if boxes else page
    page.cache[key] = view
    return view


def app_view(page: "Page", policy: ProvenancePolicy | None = DEFAULT_POLICY, typing: bool = False,
             inputs: Iterable[str] = ()) -> "Page":
    """``page`` without what users wrote (the user-authored nodes :func:`_free_text` keeps out of
    the evidence view too, so both sides of a test agree on whose voice a line is) and the values
    the agent typed (the same object when nothing is left out); ``typing``: the page of a step that
    only typed; ``inputs``: what the agent typed or chose in this run."""
    inputs = tuple(inputs)
    key = ("app_view", policy, typing, inputs)
    hit = page.cache.get(key)
    if hit is not None:
        return hit
    # what a user *wrote* (:func:`_free_text`), not the application's metadata around it: "Posted by
    # u/x" and a record's listed name say which record this is, for a step as for a falsifier
    drop = {i for i in user_nodes(page, policy) if _free_text(page.nodes[i])} if policy is not None else set()
    boxes = typed_nodes(page, typing, inputs)
    if not drop and not boxes:
        view = page
    else:
        swap = {b: _strip_value(page, b) for b, _ in boxes}
        drop.update(i for _, below in boxes for i in below)
        view = page.derive([i for i in range(len(page.nodes)) if i not in drop], swap)
    page.cache[key] = view
    return view


def evidence_view(page: "Page", policy: ProvenancePolicy | None = DEFAULT_POLICY, typing: bool = False,
                  inputs: Iterable[str] = (), site: SiteModel | None = None) -> "Page":
    """What falsifiers are read on (see module docstring)."""
    inputs = tuple(inputs)
    key = ("evidence_view", policy, typing, inputs, id(site) if site is not None else None,
           site.pages(page.host) if site is not None else 0)
    hit = page.cache.get(key)
    if hit is not None:
        return hit
    d = discounted(page, policy, typing, inputs, site)
    drop = d.furniture | frozenset(i for i in d.user if _free_text(page.nodes[i])) | d.typed_below
    swap = {b: _strip_value(page, b) for b in d.typed}
    for i, text in d.echoed.items():
        n = page.nodes[i]
        swap[i] = replace(n, name=text, line=n.line.replace(n.name, text, 1) if n.name else text) if n.role else \
            replace(n, name=text, line=text)
    site_name = page.site_name
    if site_name and page.root is not None and site_name in page.nodes[page.root].name:
        root = page.nodes[page.root]
        name = _without(root.name, site_name)
        swap[page.root] = replace(root, name=name, line=root.line.replace(root.name, name, 1))
    view = page.derive([i for i in range(len(page.nodes)) if i not in drop], swap) if drop or swap or site_name or page.mount else page
    if site_name and view is not page and "title" in view.headers:
        view.headers["title"] = _without(view.headers["title"], site_name)
        view.title = view.headers["title"]
    if page.mount and view is not page:  # the path below the application's mount point
        view.__dict__["path"] = page.path[len(page.mount):] or "/"
    # where a falsifier's *thing* is looked for (an absence): the application's text whole, its
    # chrome included (a search box in the banner is on the page)
    view.cache["application"] = app_view(page, policy, typing)
    page.cache[key] = view
    return view


_CONTROLS = frozenset({"link", "button", "heading", "menuitem", "tab", "checkbox", "radio", "switch", "img", "image"})


def _free_text(node) -> bool:
    """Whether a user-authored node is what the user *wrote* (a sentence of a post, a comment, a
    free-text field's value), not the application's metadata around it inside the same container:
    the author's link, "Posted by", "1 y ago · Winter riding", the post's buttons. A falsifier is
    read on neither the user's words (a comment saying "Your session has expired" is no expired
    session) but may be read on that metadata ("Posted by u/x" says who wrote the thread in view)."""
    if node.kind in _CONTROLS:
        return False
    if node.value:  # a field of the user's, holding what they wrote, however short
        return True
    text = node.label
    if not text:
        return False
    parts = [p for p in re.split(r"\s*[·|•]\s*", text) if p.strip()]
    return any(len(p.split()) > 3 for p in parts)


def _without(title: str, site_name: str) -> str:
    """A title without its site segment ("Home · Threadwell" -> "Home")."""
    parts = title_parts(title)
    return " · ".join(parts[:-1]) if len(parts) > 1 and parts[-1] == site_name else title


class Discounted:
    """What :func:`evidence_view` leaves out of a page, and why (for ``fcpkit explain``)."""

    __slots__ = ("furniture", "user", "typed", "typed_below", "echoed")

    def __init__(self, furniture: frozenset[int], user: frozenset[int], typed: tuple[int, ...],
                 typed_below: frozenset[int], echoed: dict[int, str]):
        self.furniture, self.user, self.typed, self.typed_below, self.echoed = furniture, user, typed, typed_below, echoed


def discounted(page: "Page", policy: ProvenancePolicy | None = DEFAULT_POLICY, typing: bool = False,
               inputs: Iterable[str] = (), site: SiteModel | None = None) -> Discounted:
    """The furniture, user-authored nodes, typed boxes and echoes of ``page`` (see :func:`evidence_view`)."""
    inputs = tuple(inputs)
    boxes = typed_nodes(page, typing, inputs)
    typed = tuple(b for b, _ in boxes)
    below = frozenset(i for _, b in boxes for i in b)
    values = [page.nodes[b].value or "" for b in typed] + list(inputs)
    user = user_nodes(page, policy) if policy is not None else frozenset()
    furn = furniture(page, site)
    echoed = echoes(page, values, skip=furn | user | below)
    return Discounted(furn, user, typed, below, echoed)


@dataclass(frozen=True)
class Reading:
    """How the page model reads one page, for a person (``fcpkit explain``): which record or screen
    is in view and what the page only mentions, and what falsifiers are *not* read on, each line
    with the reason it was left out."""

    identity: tuple[str, ...]  #: title without the site's name, heading, breadcrumb, URL path
    identity_ids: tuple[str, ...]  #: record ids the identity names: the record in view
    mentions: tuple[str, ...]  #: record ids only listed (in a list, a table row, an option, an aside)
    site_name: str  #: the title's site segment, left out of the title
    left_out: tuple[tuple[str, str], ...]  #: (why, line): chrome, site furniture, typed, echoed, user-written

    def render(self) -> str:
        out = [f"identity: {' | '.join(self.identity) or '(none)'}",
               f"  record in view: {', '.join(self.identity_ids) or '(none named)'}",
               f"  mentioned only: {', '.join(self.mentions) or '(none)'}"]
        if self.site_name:
            out.append(f"  site name (left out of the title): {self.site_name}")
        if self.left_out:
            out.append("not read for falsifiers:")
            out += [f"  {why:<13} {line}" for why, line in self.left_out]
        return "\n".join(out)


def reading(page: "Page", policy: ProvenancePolicy | None = DEFAULT_POLICY, typing: bool = False,
            inputs: Iterable[str] = (), site: SiteModel | None = None) -> Reading:
    """The :class:`Reading` of ``page`` under the same settings :func:`evidence_view` takes."""
    d = discounted(page, policy, typing, inputs, site)
    in_view = set(page.record_ids)
    listed = page.mentions | page.asides
    mentions = tuple(dict.fromkeys(r.id for i in sorted(listed) for r in record_ids_of(page.nodes[i].line)
                                   if r.id not in in_view))
    chrome = page.chrome
    why: dict[int, str] = {}
    for i in d.furniture:
        why[i] = "chrome" if i in chrome else "site furniture"
    for i in d.typed:
        why[i] = "typed value"
    for i in d.typed_below:
        why.setdefault(i, "typed value")
    for i in d.echoed:
        why.setdefault(i, "echo of typed")
    for i in d.user:
        if _free_text(page.nodes[i]):
            why.setdefault(i, "user-written")
    left = tuple((why[i], page.nodes[i].line.strip()) for i in sorted(why) if page.nodes[i].label)
    return Reading(page.identity_text, tuple(page.record_ids), mentions, page.site_name, left)
