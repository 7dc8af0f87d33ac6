"""Reading a live page's structure and acting on it by semantic selectors (Playwright, sync API).

Shared by the crawler (what is on this page, which template is it), the executor (run an atom,
read an output) and the patcher (what is on the page now that the memory's selector failed).

Why templates: text that names a record (``Ticket T-390``, ``Refund details for ORD-55012``) is
content, not structure; :func:`template_text` replaces such tokens by ``{key}`` so two instances of
one page have the same signature.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from fcpkit.errors import FcpkitError

from fcpkit_lab.engine.smg_parts import Atom, Operation, fill_params
from fcpkit_lab.engine.widgets import CONTROL_ROLES

__all__ = [
    "KEY_TOKEN",
    "AtomError",
    "PageInfo",
    "locate",
    "page_signature",
    "page_state",
    "read_page",
    "run_atom",
    "run_operation",
    "template_text",
]

#: A record identifier: letters, a dash, digits (T-390, EXP-1180, SKU-2045, ORD-55012).
KEY_TOKEN = re.compile(r"\b[A-Z][A-Za-z]*-\d+\b")
_COUNT = re.compile(r"\s*\(\d+\)\s*$")
_EMPTY_NAME = re.compile(r"^$")

_EXTRACT_JS = r"""
() => {
  const vis = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  const txt = (el) => (el ? (el.innerText || el.textContent || '').replace(/\s+/g, ' ').trim() : '');
  const labelOf = (el) => {
    if (el.getAttribute('aria-label')) return el.getAttribute('aria-label');
    if (el.id) { const l = document.querySelector(`label[for="${el.id}"]`); if (l) return txt(l); }
    const l = el.closest('label'); return l ? txt(l) : (el.getAttribute('name') || '');
  };
  const roleOf = (el) => {
    const t = el.tagName.toLowerCase(), type = (el.getAttribute('type') || '').toLowerCase();
    if (el.getAttribute('role')) return el.getAttribute('role');
    if (t === 'select') return 'combobox';
    if (t === 'textarea') return 'textbox';
    if (t === 'button') return 'button';
    if (t === 'input') {
      if (type === 'search') return 'searchbox';
      if (['submit', 'button', 'reset'].includes(type)) return 'button';
      if (type === 'checkbox') return 'checkbox';
      if (type === 'radio') return 'radio';
      if (type === 'hidden') return null;
      return 'textbox';
    }
    return t;
  };
  const headingBefore = (el) => {
    const hs = [...document.querySelectorAll('h1,h2,h3')];
    let best = null;
    for (const h of hs) { if (h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) best = h; }
    return best ? txt(best) : '';
  };
  const root = document.querySelector('[role=dialog][aria-modal=true]') || document.body;
  const out = {title: document.title, headings: [], links: [], forms: [], tables: [], fields: [],
               messages: [], dialog: root !== document.body ? txt(root.querySelector('h1,h2,h3')) : null,
               regions: [], password: !!document.querySelector('input[type=password]')};
  for (const h of document.querySelectorAll('h1,h2,h3')) if (vis(h)) out.headings.push([h.tagName.toLowerCase(), txt(h)]);
  for (const s of document.querySelectorAll('section[aria-labelledby], nav[aria-label], [role=search]')) {
    const id = s.getAttribute('aria-labelledby');
    out.regions.push(id ? txt(document.getElementById(id)) : (s.getAttribute('aria-label') || s.getAttribute('role')));
  }
  for (const a of root.querySelectorAll('a[href]')) {
    if (!vis(a) || a.closest('[inert]')) continue;
    const nav = a.closest('nav, header') !== null, inList = a.closest('ul[aria-label]');
    const navEl = a.closest('nav[aria-label]');
    out.links.push({name: txt(a), href: a.getAttribute('href'), nav: nav,
                    navlabel: navEl ? navEl.getAttribute('aria-label') : '',
                    group: inList ? inList.getAttribute('aria-label') : (a.closest('table') ? 'table' : '')});
  }
  for (const f of root.querySelectorAll('form')) {
    if (f.closest('[inert]')) continue;
    const controls = [], buttons = [];
    for (const el of f.querySelectorAll('input,select,textarea,button')) {
      const role = roleOf(el); if (!role || !vis(el)) continue;
      if (role === 'button') { buttons.push({name: txt(el) || el.value || '', value: el.value || ''}); continue; }
      controls.push({role: role, name: labelOf(el), field: el.getAttribute('name') || '',
                     options: el.tagName === 'SELECT' ? [...el.options].map(o => o.text.trim()) : [],
                     value: el.value || '', inputmode: el.getAttribute('inputmode') || ''});
    }
    out.forms.push({method: (f.getAttribute('method') || 'get').toLowerCase(), action: f.getAttribute('action') || '',
                    global: f.closest('header, nav') !== null,
                    search: f.getAttribute('role') === 'search', region: headingBefore(f),
                    controls: controls, buttons: buttons});
  }
  for (const t of root.querySelectorAll('table')) {
    const cap = t.querySelector('caption');
    out.tables.push({name: cap ? txt(cap) : headingBefore(t),
                     columns: [...t.querySelectorAll('thead th')].map(txt), rows: t.querySelectorAll('tbody tr').length});
  }
  for (const dl of root.querySelectorAll('dl')) {
    out.fields.push({name: headingBefore(dl), terms: [...dl.querySelectorAll('dt')].map(txt)});
  }
  for (const m of root.querySelectorAll('[role=status],[role=alert]')) if (vis(m)) out.messages.push(txt(m));
  return out;
}
"""

_READ_FIELDS_JS = r"""
(name) => {
  const txt = (el) => (el.innerText || el.textContent || '').replace(/\s+/g, ' ').trim();
  const hs = [...document.querySelectorAll('h1,h2,h3')];
  for (const dl of document.querySelectorAll('dl')) {
    let best = null;
    for (const h of hs) { if (h.compareDocumentPosition(dl) & Node.DOCUMENT_POSITION_FOLLOWING) best = h; }
    if (!best || txt(best) !== name) continue;
    const out = {}; let term = null;
    for (const el of dl.children) {
      if (el.tagName === 'DT') term = txt(el);
      else if (el.tagName === 'DD' && term !== null) { out[term] = txt(el); term = null; }
    }
    return out;
  }
  return null;
}
"""

_READ_TABLE_JS = r"""
(name) => {
  const txt = (el) => (el.innerText || el.textContent || '').replace(/\s+/g, ' ').trim();
  for (const t of document.querySelectorAll('table')) {
    const cap = t.querySelector('caption');
    if (name && (!cap || txt(cap) !== name)) continue;
    const cols = [...t.querySelectorAll('thead th')].map(txt);
    return [...t.querySelectorAll('tbody tr')].map(tr => {
      const row = {}; [...tr.children].forEach((td, i) => { row[cols[i] || String(i)] = txt(td); }); return row; });
  }
  return null;
}
"""

_READ_MESSAGES_JS = r"""
() => [...document.querySelectorAll('[role=status],[role=alert]')]
  .filter(el => el.offsetWidth || el.offsetHeight || el.getClientRects().length)
  .map(el => (el.innerText || el.textContent || '').replace(/\s+/g, ' ').trim()).filter(Boolean)
"""


class AtomError(FcpkitError):
    """An atom could not run: its element is missing, ambiguous, or the action failed.

    ``reason`` is ``missing`` / ``ambiguous`` / ``failed`` / ``no_data``: what the patcher diagnoses.
    """

    def __init__(self, atom: Atom, reason: str, detail: str):
        self.atom, self.reason, self.detail = atom, reason, detail
        super().__init__(f"{atom.action} {atom.role} {atom.name!r}: {reason} ({detail})")


@dataclass(frozen=True)
class PageInfo:
    """What a page offers: headings, links, forms, tables, field lists, messages (see ``_EXTRACT_JS``)."""

    url: str
    path: str
    status: int | None
    data: Mapping[str, Any] = field(default_factory=dict)

    @property
    def heading(self) -> str:
        hs = self.data.get("headings") or []
        return hs[0][1] if hs else self.data.get("title", "")


def template_text(text: str) -> str:
    """``Ticket T-390`` -> ``Ticket {key}``; ``Open (12)`` -> ``Open``: content out, template in."""
    return _COUNT.sub("", KEY_TOKEN.sub("{key}", text)).strip()


def read_page(page: Any, status: int | None = None) -> PageInfo:
    """Read the structure of the page open in Playwright ``page``."""
    data = page.evaluate(_EXTRACT_JS)
    return PageInfo(page.url, urlsplit(page.url).path or "/", status, data)


def page_signature(info: PageInfo) -> tuple[str, ...]:
    """Structural atoms of a page: templated headings, named regions, form controls, tables, field lists.

    Links and messages are left out: which records a list shows, and which banner a save left, are
    content. A modal dialog contributes its own heading, so a page under a dialog is another state.
    """
    sig: set[str] = set()
    d = info.data
    for tag, text in d.get("headings", []):
        if not re.search(r"\d", KEY_TOKEN.sub("", text)):
            sig.add(f"{tag}:{template_text(text)}")
    for r in d.get("regions", []):
        if r:
            sig.add(f"region:{template_text(r)}")
    for f in d.get("forms", []):
        for c in f["controls"]:
            sig.add(f"{c['role']}:{template_text(c['name'])}")
        for b in f["buttons"]:
            sig.add(f"button:{template_text(b['name'])}")
    for t in d.get("tables", []):
        sig.add(f"table:{template_text(t['name'])}")
    for fl in d.get("fields", []):
        sig.add(f"fields:{template_text(fl['name'])}")
    if d.get("dialog"):
        sig.add(f"dialog:{d['dialog']}")
    if d.get("password"):
        sig.add("password")
    return tuple(sorted(sig))


def locate(page: Any, atom: Atom, args: Mapping[str, Any]):
    """The Playwright locator of ``atom``'s element: role + exact accessible name (+ region)."""
    name = fill_params(atom.name, args)
    scope = page
    if atom.within:  # "Main navigation" region by name, or "navigation:Main" with its role
        role, _, region = atom.within.rpartition(":") if ":" in atom.within else ("region", "", atom.within)
        scope = page.get_by_role(role, name=fill_params(region, args), exact=True)
    if not name:  # a control with no accessible name and no label before it (MiniWoB's lone text field)
        return scope.get_by_role(atom.role, name=_EMPTY_NAME)
    loc = scope.get_by_role(atom.role, name=name, exact=True)
    if atom.role in CONTROL_ROLES and loc.count() == 0:
        # the label a person reads is not tied to the field (``<label>Username</label><input>``):
        # the first control after an element whose own text is the name
        lit = _xpath_literal(name)
        return scope.locator(f"xpath=//*[normalize-space(text())={lit}]/following::*[self::input[not(@type='hidden')]"
                             f" or self::select or self::textarea][1]")
    return loc


def _xpath_literal(text: str) -> str:
    """``text`` as an XPath 1.0 string literal (``concat`` when it holds both kinds of quote)."""
    if "'" not in text:
        return f"'{text}'"
    if '"' not in text:
        return f'"{text}"'
    return "concat(" + ", \"'\", ".join(f"'{part}'" for part in text.split("'")) + ")"


def run_atom(page: Any, atom: Atom, args: Mapping[str, Any], timeout_ms: int = 3000) -> Any:
    """Run one atom; returns what a read atom reads (``None`` for actions). Raises :class:`AtomError`."""
    if atom.action == "read_fields":
        out = page.evaluate(_READ_FIELDS_JS, fill_params(atom.name, args))
        if out is None:
            raise AtomError(atom, "missing", "no term/definition list under that heading")
        return out
    if atom.action == "read_table":
        out = page.evaluate(_READ_TABLE_JS, fill_params(atom.name, args))
        return [] if out is None else out
    if atom.action == "read_text" and atom.role == "message":
        return page.evaluate(_READ_MESSAGES_JS)
    if atom.action == "read_text":
        loc = locate(page, atom, args)
        if loc.count() != 1:
            raise AtomError(atom, "missing" if loc.count() == 0 else "ambiguous", f"on {page.url}")
        return " ".join(loc.inner_text().split())
    loc = locate(page, atom, args)
    n = loc.count()
    if n == 0:
        try:  # the page may still be loading
            loc.first.wait_for(state="attached", timeout=timeout_ms)
            n = loc.count()
        except Exception:  # noqa: BLE001 - Playwright's timeout: the element is not there
            n = 0
    if n == 0:
        raise AtomError(atom, "missing", f"no {atom.role} named {fill_params(atom.name, args)!r} on {page.url}")
    if n > 1:
        raise AtomError(atom, "ambiguous", f"{n} elements match on {page.url}")
    value = fill_params(atom.value, args) if atom.value is not None else None
    try:
        if atom.action == "click":
            loc.click(timeout=timeout_ms)
        elif atom.action == "fill":
            loc.fill(value or "", timeout=timeout_ms)
        elif atom.action == "select":
            loc.select_option(label=value, timeout=timeout_ms)
        elif atom.action == "press":
            loc.press(value or "Enter", timeout=timeout_ms)
    except Exception as exc:  # noqa: BLE001 - a Playwright error is the atom's failure
        raise AtomError(atom, "failed", str(exc).split("\n")[0]) from None
    return None


def run_operation(page: Any, op: Operation, args: Mapping[str, Any], url_fields: Mapping[str, str] | None = None,
                  timeout_ms: int = 3000) -> Any:
    """Run an operation's atoms in order; returns what its last read atom read (``None`` if none).

    Inputs missing from ``args`` are taken from the current page's address (``url_fields``, e.g.
    the ``key`` of ``/support/{key}``); an atom whose optional input is still unbound is skipped
    (a search filter left at its default); a required one unbound is an :class:`AtomError`.
    """
    bound = {**(url_fields or {}), **{k: v for k, v in args.items() if v is not None}}
    optional = {p.name for p in op.inputs if not p.required}
    out = None
    for atom in op.atoms:
        missing = atom.params() - bound.keys()
        if missing:
            if missing <= optional:
                continue
            raise AtomError(atom, "unbound", f"no value for {', '.join('@' + m for m in sorted(missing))}")
        result = run_atom(page, atom, bound, timeout_ms)
        if atom.action.startswith("read"):
            out = result
        elif atom.action in ("click", "press"):
            try:
                page.wait_for_load_state("domcontentloaded", timeout=timeout_ms * 3)
            except Exception:  # noqa: BLE001 - no navigation started: nothing to wait for
                pass
    return out


def page_state(smg: Any, page: Any, status: int | None = None) -> tuple[str | None, PageInfo]:
    """The SMG state the open page is an instance of (``None``: unknown), and what it offers."""
    info = read_page(page, status)
    return smg.recognise(info.path, page_signature(info)), info
