"""The patcher: diagnose a failed node, repair the SMG (general app knowledge, never a task shortcut), persist.

Diagnoses, from the failure and the page the browser is on now:

* **selector changed** — an atom's element is missing (or ambiguous): the page is read again and the
  element that now plays its part is chosen: same role (a link may have become a button), in the
  same form as the operation's other controls when it has any, not already claimed by another
  operation of the state, and closest in name. The operation's atom is updated.
* **new state** — an operation landed on a page no state describes: the page becomes a new state
  (template, signature) with its navigation links, and the operation's post-state is updated.

A landing on a sign-in or error state is not stale memory but a failed step: no patch. Every patch
bumps the SMG version, is logged in ``patches`` (what, where, why) and, with a ``path``, saved.
"""

from __future__ import annotations

import difflib
from dataclasses import replace
from pathlib import Path
from typing import Any

from fcpkit_lab.engine.crawler import _link_ops
from fcpkit_lab.engine.executor import Driver, NodeFailure
from fcpkit_lab.engine.naming import state_name, url_pattern
from fcpkit_lab.engine.pages import PageInfo, page_signature, template_text
from fcpkit_lab.engine.smg import StateMachine
from fcpkit_lab.engine.smg_parts import Atom, Operation, State

__all__ = ["SMGPatcher"]

_ACTION_ROLES = {"button": ("button", "link"), "link": ("link", "button"), "combobox": ("combobox",),
                 "textbox": ("textbox", "searchbox"), "searchbox": ("searchbox", "textbox")}


def _elements(info: PageInfo) -> list[tuple[str, str, int | None]]:
    """Every actionable element on the page as (role, name, form index or None)."""
    out: list[tuple[str, str, int | None]] = [("link", link["name"], None) for link in info.data.get("links", [])]
    for i, f in enumerate(info.data.get("forms", [])):
        out += [(c["role"], c["name"], i) for c in f["controls"]]
        out += [("button", b["name"], i) for b in f["buttons"]]
    return out


class SMGPatcher:
    """Repairs stale selectors and unknown states (see the module doc); saves to ``path`` if given."""

    def __init__(self, path: str | Path | None = None, *, min_similarity: float = 0.3) -> None:
        self.path = Path(path) if path else None
        self.min_similarity = min_similarity

    def repair(self, smg: StateMachine, node: Any, failure: NodeFailure, driver: Driver) -> str | None:
        op = smg.operation(node.op)
        if failure.kind == "selector" and failure.atom_error is not None \
                and failure.atom_error.reason in ("missing", "ambiguous"):
            patch = self._selector(smg, op, failure.atom_error.atom, driver.page())
        elif failure.kind == "state" and failure.landed is None:
            patch = self._new_state(smg, op, driver.page())
        else:
            return None
        if patch is not None and self.path is not None:
            smg.save(self.path)
        return patch

    # ------------------------------------------------------------------ diagnoses
    def _selector(self, smg: StateMachine, op: Operation, atom: Atom, info: PageInfo) -> str | None:
        if "@" in atom.name:
            return None  # a data-item selector (a record's link): a missing record, not stale memory
        elements = _elements(info)
        others = {a.name for a in op.atoms if a is not atom}
        forms = {f for (_r, n, f) in elements if n in others and f is not None}
        claimed = {a.name for o in smg.operations_from(op.state) if o.id != op.id for a in o.atoms}
        roles = _ACTION_ROLES.get(atom.role, (atom.role,))
        cands = [(r, n) for (r, n, f) in elements
                 if r in roles and n and n not in claimed and n != atom.name and (not forms or f in forms)]
        if not cands:
            return None

        def score(c: tuple[str, str]) -> float:
            sim = difflib.SequenceMatcher(None, atom.name.lower(), c[1].lower()).ratio()
            return sim + (0.2 if c[0] == atom.role else 0.0) + (0.3 if forms else 0.0)

        role, name = max(cands, key=score)
        # outside the operation's own form only a close name is the same control renamed; a lone
        # unrelated button (Save note for Approve) is another operation, not a new selector
        need = self.min_similarity if forms else 0.5
        if score((role, name)) - (0.3 if forms else 0.0) - (0.2 if role == atom.role else 0.0) < need \
                and not (forms and len(cands) == 1):
            return None
        new = Atom(atom.action, role, template_text(name), atom.value, atom.within)
        smg.replace_operation(replace(op, atoms=tuple(new if a is atom else a for a in op.atoms), validated=None))
        why = f"{atom.role} '{atom.name}' is gone from {op.state}; " + (
            "the same form" if forms else "the page") + f" now has {role} '{name}'"
        smg.record_patch("selector", op.id, why, old=atom.to_data(), new=new.to_data())
        return f"selector: {why}"

    def _new_state(self, smg: StateMachine, op: Operation, info: PageInfo) -> str | None:
        kind = "error" if (info.status or 200) >= 400 else ("signin" if info.data.get("password") else "page")
        if kind != "page":
            return None
        title = template_text(info.heading)
        sid = state_name(title)
        while sid in smg.states:
            sid += "2"
        smg.add_state(State(sid, url_pattern(info.url), title, page_signature(info), "page",
                            f"The {title} page (added by the patcher after {op.id})", sample=info.path))
        by_pattern = {s.url_pattern: s.id for s in smg.states.values() if s.url_pattern != "*"}
        taken = set(smg.operations)
        base = info.url.split(info.path)[0] if info.path in info.url else info.url
        _link_ops(smg, smg.states[sid], info, by_pattern, base, taken)
        smg.replace_operation(replace(op, target=sid, observed=True))
        why = f"{op.id} now leads to a page no state described: added state {sid} ({url_pattern(info.url)})"
        smg.record_patch("state", op.id, why, state=sid)
        return f"state: {why}"
