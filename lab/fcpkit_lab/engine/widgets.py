"""Reading the widgets of a single-page app (MiniWoB++ tasks, in-page forms without a ``<form>``).

A multi-page app (the workbench) changes state through links and forms, and
:mod:`fcpkit_lab.engine.pages` reads those. A single-page task changes state through its widgets:
buttons, text fields, lists, tabs, checkboxes, often outside any ``<form>`` and often without an
accessible name (a ``<label>`` that is not tied to its field). :func:`read_widgets` lists every
visible control with its ARIA role, its accessible name, the text a person reads as its label when
it has no name, its options, and the group it sits in (the closest ancestor with an id or a group
role: what a person sees as one form). :func:`widget_signature` makes structural atoms of them;
which atoms are structure and which are content (a button label that changes from one visit to the
next) is decided by the crawler over several visits, not here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = ["CONTROL_ROLES", "control_name", "read_widgets", "recognise_widgets", "widget_key", "widget_signature"]

#: Roles a person fills or chooses in (as opposed to buttons, tabs and links, which a person clicks).
CONTROL_ROLES = ("textbox", "searchbox", "combobox", "listbox", "checkbox", "radio", "spinbutton")

_WIDGETS_JS = r"""
() => {
  const vis = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  const txt = (el) => (el ? (el.innerText || el.textContent || '').replace(/\s+/g, ' ').trim() : '');
  const roleOf = (el) => {
    const t = el.tagName.toLowerCase(), type = (el.getAttribute('type') || 'text').toLowerCase();
    const r = el.getAttribute('role');
    if (r && r !== 'presentation' && r !== 'none') return r;
    if (t === 'select') return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
    if (t === 'textarea') return 'textbox';
    if (t === 'button') return 'button';
    if (t === 'a' && el.hasAttribute('href')) return 'link';
    if (t === 'input') {
      if (type === 'hidden') return null;
      if (['submit', 'button', 'reset'].includes(type)) return 'button';
      if (type === 'checkbox') return 'checkbox';
      if (type === 'radio') return 'radio';
      if (type === 'search') return 'searchbox';
      if (type === 'number') return 'spinbutton';
      return 'textbox';
    }
    return null;
  };
  const nameOf = (el, role) => {
    if (el.getAttribute('aria-label')) return el.getAttribute('aria-label').trim();
    const by = el.getAttribute('aria-labelledby');
    if (by) return by.split(/\s+/).map(id => txt(document.getElementById(id))).join(' ').trim();
    if (el.id) { const l = document.querySelector(`label[for="${CSS.escape(el.id)}"]`); if (l) return txt(l); }
    const wrap = el.closest('label'); if (wrap) return txt(wrap);
    if (['button', 'link', 'tab', 'option', 'menuitem'].includes(role))
      return txt(el) || (el.value || '').trim();
    return (el.getAttribute('title') || el.getAttribute('placeholder') || '').trim();
  };
  // the text a person reads just before an unnamed control, inside its parent (an unattached label)
  const visualLabel = (el) => {
    for (let n = el.previousSibling; n; n = n.previousSibling) {
      if (n.nodeType === 3 && n.textContent.trim()) return n.textContent.replace(/\s+/g, ' ').trim();
      if (n.nodeType === 1) { if (n.matches('input,select,textarea,button')) return ''; const t = txt(n); if (t) return t; }
    }
    return '';
  };
  const groupOf = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (a.tagName === 'FORM' || a.id || ['group', 'tablist', 'radiogroup', 'toolbar', 'dialog', 'menu'].includes(a.getAttribute('role')))
        return (a.getAttribute('role') || a.tagName.toLowerCase()) + (a.id ? '#' + a.id : '');
    }
    return 'body';
  };
  const out = [];
  const sel = 'input,select,textarea,button,a[href],[role=button],[role=tab],[role=checkbox],[role=radio],[role=link],[role=menuitem]';
  for (const el of document.querySelectorAll(sel)) {
    if (!vis(el) || el.closest('[inert],[aria-hidden=true]')) continue;
    if (el.closest('[role=tab]') && el.getAttribute('role') !== 'tab') continue;  // a tab's own anchor
    const role = roleOf(el); if (!role) continue;
    const name = nameOf(el, role);
    out.push({role: role, name: name, label: name ? '' : visualLabel(el), group: groupOf(el),
              options: el.tagName === 'SELECT' ? [...el.options].map(o => o.text.trim()) : [],
              href: el.getAttribute('href') || '', password: (el.getAttribute('type') || '') === 'password'});
  }
  return {title: document.title, url: location.href, widgets: out};
}
"""


def read_widgets(page: Any) -> dict[str, Any]:
    """``{"title", "url", "widgets": [{role, name, label, group, options, href, password}...]}`` of ``page``."""
    return page.evaluate(_WIDGETS_JS)


def control_name(widget: Mapping[str, Any]) -> str:
    """The name an atom selects a widget by: its accessible name, else the label a person reads before it."""
    return widget["name"] or widget.get("label") or ""


def widget_key(widget: Mapping[str, Any]) -> str:
    """``role:name`` (``textbox:Username``; ``textbox:`` for a field with no name and no label)."""
    return f"{widget['role']}:{control_name(widget)}"


def widget_signature(read: Mapping[str, Any]) -> tuple[str, ...]:
    """Structural atoms of one visit: the page title and each widget's ``role:name`` (sorted, unique)."""
    sig = {f"title:{read.get('title', '')}"} | {widget_key(w) for w in read.get("widgets", [])}
    return tuple(sorted(sig))


def recognise_widgets(states: Iterable[Any], path: str, signature: Sequence[str]) -> str | None:
    """The state a visit is an instance of: URL pattern first, then the state whose signature the visit
    covers best (content only adds atoms; a dialog's heading makes the bigger state win). ``None``
    when no state has at least half its atoms on the page."""
    sig = set(signature)
    best, best_key = None, (0.0, 0)
    for s in states:
        if s.match_url(path) is None:
            continue
        own = set(s.signature)
        cover = len(own & sig) / len(own) if own else 1.0
        if cover >= 0.5 and (cover, len(own)) > best_key:
            best, best_key = s.id, (cover, len(own))
    return best
