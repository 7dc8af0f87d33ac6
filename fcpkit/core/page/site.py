"""Site-relative evidence: what every page of a site shows is no evidence for or against a step.

A site's header, menu and footer, its product's name in every title, the parts of its pages that
never change: a statement that a page supports only through them is supported by *every* page of
the site, so it says nothing about this one. A plan-level falsifier naming the site's sign-in page
("Sign in to Threadwell") would otherwise score on every page of Threadwell from the first step.
The policy, one for every consumer:

1. **Chrome, by structure** (from one page): the nodes in the banner, the footer (contentinfo)
   and navigation outside the main content (:attr:`Page.chrome <fcpkit.core.page.Page.chrome>`),
   and the title's site segment (:attr:`Page.site_name <fcpkit.core.page.Page.site_name>`).
2. **Furniture, by repetition** (learnt without labels): a line (its role and its name, volatile
   text stripped) that stood on at least :attr:`SiteModel.share` of the pages of the same host
   seen so far, once at least :attr:`SiteModel.min_pages` pages of it were seen. A live run learns
   it from its own pages; the checker learns it per run the same way, and from the whole corpus
   being checked when asked to (``fcpkit check --site corpus``); a crawl's state-machine memory
   can seed it (:meth:`SiteModel.observe` on each state's page).

What is discounted: the *names* of chrome and furniture nodes, in what falsifiers are read on.
Never discounted: the page's identity (title without the site segment, heading, breadcrumb),
live-region messages, dialogs, and the values of controls (a combobox in the banner that shows
another store is state, not furniture). Confirming evidence is read on the application's text
whole: a plan may say "the main menu shows Orders" and be right. ``fcpkit explain`` shows what
was discounted and why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable

from fcpkit.core.text import strip_volatile

if TYPE_CHECKING:
    from fcpkit.core.page.model import Page

__all__ = ["SiteModel", "line_key", "furniture"]


def line_key(page: "Page", i: int) -> str:
    """What a node is as furniture: its role and its name (or plain text), volatile text stripped."""
    n = page.nodes[i]
    key = page.cache.get(("line_key", i))
    if key is None:
        key = page.cache[("line_key", i)] = f"{n.kind} {' '.join(strip_volatile(n.label).split())}".strip()
    return key


@dataclass
class SiteModel:
    """Furniture by repetition (see module docstring): per host, how many pages each line stood on."""

    share: float = 0.8
    min_pages: int = 4
    _pages: dict[str, int] = field(default_factory=dict)
    _lines: dict[str, dict[str, int]] = field(default_factory=dict)

    def observe(self, page: "Page") -> None:
        """Count ``page`` (once per page object) toward its host's furniture."""
        mark = ("site_observed", id(self))
        if mark in page.cache or not page.host:
            return
        page.cache[mark] = True
        host = page.host
        self._pages[host] = self._pages.get(host, 0) + 1
        counts = self._lines.setdefault(host, {})
        for key in {line_key(page, i) for i in range(len(page.nodes)) if page.nodes[i].label}:
            counts[key] = counts.get(key, 0) + 1

    def fit(self, pages: Iterable["Page"]) -> "SiteModel":
        for p in pages:
            self.observe(p)
        return self

    def pages(self, host: str) -> int:
        return self._pages.get(host, 0)

    def repeated(self, page: "Page") -> frozenset[int]:
        """Positions of the nodes of ``page`` whose line stood on at least ``share`` of its host's pages."""
        n = self._pages.get(page.host, 0)
        if n < self.min_pages:
            return frozenset()
        counts = self._lines.get(page.host, {})
        floor = self.share * n
        return frozenset(i for i in range(len(page.nodes))
                         if page.nodes[i].label and counts.get(line_key(page, i), 0) >= floor)

    def clear(self) -> None:
        self._pages.clear()
        self._lines.clear()


def furniture(page: "Page", site: SiteModel | None = None) -> frozenset[int]:
    """Positions of ``page``'s furniture: chrome by structure, and lines the site repeats on (almost)
    every page (with ``site``); never the identity's nodes, a live region's, a dialog's or a control
    with a value (see module docstring)."""
    keep = page.identity_nodes | page.live_nodes
    out = set(page.chrome)
    if site is not None:
        out |= site.repeated(page)
    nodes = page.nodes
    zones = page.zones
    return frozenset(i for i in out if i not in keep and zones[i] != "dialog" and nodes[i].value is None)
