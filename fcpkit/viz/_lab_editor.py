"""The falsifier lab's evidence editor: one text box per statement, edits rebuilt into a validated plan.

A mixin of :class:`fcpkit.viz.FalsifierLab`: it reads and writes the lab's edited plan data
(``_plan_data``), its widgets (``editor``, ``commit_dd``, ``add_*``, ``status``) and calls its
:meth:`recompute`; each box gets its explain button from :class:`~fcpkit.viz._lab_explain.LabExplaining`. Every change goes through :meth:`EvidenceEditor._rebuild`, which validates the
edited data with :meth:`fcpkit.Plan.from_data` and keeps the last valid plan when it does not load.
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Mapping

import ipywidgets as widgets

import fcpkit
from fcpkit.core.plan import SCOPES, STAGES

from fcpkit.viz._widgets import esc

__all__ = ["EvidenceEditor", "PLAN_LEVEL"]

#: Selector of the plan-level (cross-cutting) falsifiers in the lab's commitment list and edit API.
PLAN_LEVEL = "(plan-level falsifiers)"


def _text_of(item: Any) -> str:
    return item["text"] if isinstance(item, Mapping) else str(item)


def _on_of(item: Any) -> str:
    return item.get("on", "state") if isinstance(item, Mapping) else "state"


class EvidenceEditor:
    """Statement editing for the falsifier lab (see the module docstring)."""

    # -- the evidence editor -------------------------------------------------------------
    def _group_lists(self, commitment: str, plan: str | None = None, create: bool = False
                     ) -> list[tuple[str, str, list[Any]]]:
        """``(section, group, items)`` for the commitment (or plan level) in the edited data."""
        data = self._plan_data[self.corpus_name][plan or self.plan_key]
        out: list[tuple[str, str, list[Any]]] = []
        if commitment == PLAN_LEVEL:
            pf = data.setdefault("plan_falsifiers", {}) if create else data.get("plan_falsifiers", {})
            for s in SCOPES:
                if create:
                    pf.setdefault(s, [])
                out.append(("plan_falsifiers", s, pf.get(s, [])))
            return out
        c = next((c for c in data["commitments"] if c.get("id") == commitment), None)
        if c is None:
            raise KeyError(f"no commitment {commitment!r}; known: {[c.get('id') for c in data['commitments']]}")
        for section, names in (("confirm", STAGES), ("falsify", SCOPES)):
            sec = c.setdefault(section, {}) if create else c.get(section, {})
            for n in names:
                if create:
                    sec.setdefault(n, [])
                out.append((section, n, sec.get(n, []) if sec.get(n) is not None else []))
        return out

    def statements(self, commitment: str | None = None, plan: str | None = None) -> list[dict[str, Any]]:
        """The (edited) statements of a commitment, or of the plan level with :data:`PLAN_LEVEL`."""
        commitment = commitment or self.commit_dd.value
        return [{"section": sec, "group": g, "index": j, "text": _text_of(it), "on": _on_of(it)}
                for sec, g, items in self._group_lists(commitment, plan) for j, it in enumerate(items)]

    def _refresh_editor(self) -> None:
        cid = self.commit_dd.value
        boxes: list[widgets.Widget] = []
        self.statement_boxes, self.explain_buttons = [], []
        for st in self.statements(cid):
            on = "" if st["on"] == "state" else f" [{st['on']}]"
            box = widgets.Text(value=st["text"], description=f"{st['section'].replace('plan_falsifiers', 'plan')}."
                               f"{st['group']}[{st['index']}]{on}", continuous_update=False,
                               style={"description_width": "200px"},  # the boxes line up
                               layout=widgets.Layout(width="auto", flex="1 1 auto", max_width="640px"))
            box.observe(self._on_box_factory(cid, st["group"], st["index"]), names="value")
            self.statement_boxes.append(box)
            boxes.append(widgets.HBox([box, self._explain_button(cid, st["section"], st["group"], st["index"])]))
        self.editor.children = boxes
        if self._ready:
            self._mark_linted()
        groups = list(SCOPES) if cid == PLAN_LEVEL else list(STAGES) + list(SCOPES)
        self.add_group.options = groups
        self.add_group.value = "execution"

    def _on_box_factory(self, cid: str, group: str, index: int) -> Callable[[dict[str, Any]], None]:
        def handler(change: dict[str, Any]) -> None:
            if self._updating:
                return
            self._apply_text(cid, group, index, change["new"], plan=None)
        return handler

    def _find(self, commitment: str, group: str, plan: str | None, create: bool = False) -> list[Any]:
        for sec, g, items in self._group_lists(commitment, plan, create=create):
            if g == group:
                return items
        raise KeyError(f"no group {group!r}; use one of {STAGES + SCOPES}")

    def _apply_text(self, commitment: str, group: str, index: int, text: str, *, plan: str | None) -> bool:
        """Set (or, with empty text, delete) one statement in the edited data, then rebuild and recheck."""
        plan = plan or self.plan_key
        data = self._plan_data[self.corpus_name][plan]
        before = copy.deepcopy(data)
        items = self._find(commitment, group, plan)
        if not 0 <= index < len(items):
            raise IndexError(f"{commitment}.{group} has {len(items)} statement(s); no index {index}")
        old = _text_of(items[index])
        if text.strip():
            items[index] = {**items[index], "text": text} if isinstance(items[index], Mapping) else text
            note = f"{plan}: {commitment}.{group}[{index}] {old!r} → {text!r}"
        else:
            del items[index]
            if plan == self.plan_key:
                self._statement_deleted(commitment, group, index, old)
            note = f"{plan}: deleted {commitment}.{group}[{index}] {old!r}"
        return self._rebuild(plan, before, note, structural=not text.strip())

    def _rebuild(self, plan: str, before: dict[str, Any], note: str, *, structural: bool) -> bool:
        data = self._plan_data[self.corpus_name][plan]
        try:
            new = fcpkit.Plan.from_data(copy.deepcopy(data), source=f"edited {plan}")
        except fcpkit.PlanError as exc:
            self._plan_data[self.corpus_name][plan] = before  # keep the last valid plan
            self.error = str(exc)
            self.status.value = f"<pre style='color:#d62728'>edit rejected: {esc(exc)}</pre>"
            if plan == self.plan_key:
                self._refresh_editor()
            return False
        self.error = None
        self._plans[self.corpus_name][plan] = new
        for flag in (False, True):  # outcomes are kept per built-ins setting
            self._outcomes.pop((self.corpus_name, plan, flag), None)
            self._reports.pop((self.corpus_name, plan, flag), None)
        if plan == self.plan_key and structural:
            self._refresh_editor()
        self.recompute(note=note, edited=plan)
        return True

    def edit_statement(self, commitment: str, group: str, index: int, text: str, *, plan: str | None = None) -> bool:
        """Replace statement ``index`` of ``commitment``'s ``group`` (a stage or a scope; use
        :data:`PLAN_LEVEL` for the plan-level falsifiers). Empty ``text`` deletes it. Returns whether
        the edited plan validated (an invalid edit is reported in :attr:`error` and not applied)."""
        if (plan in (None, self.plan_key)) and commitment == self.commit_dd.value and text.strip():
            for box, st in zip(self.statement_boxes, self.statements(commitment)):
                if st["group"] == group and st["index"] == index:
                    box.value = text  # the same path as typing in the box
                    return self.error is None
        return self._apply_text(commitment, group, index, text, plan=plan)

    def delete_statement(self, commitment: str, group: str, index: int | None = None, *, text: str | None = None,
                         plan: str | None = None) -> bool:
        """Delete a statement by index, or the first whose text contains ``text`` (case-insensitive)."""
        items = self._find(commitment, group, plan)
        if index is None:
            if text is None:
                raise ValueError("give index= or text=")
            index = next((j for j, it in enumerate(items) if text.lower() in _text_of(it).lower()), None)
            if index is None:
                raise KeyError(f"no statement containing {text!r} in {commitment}.{group}: "
                               f"{[_text_of(it) for it in items]}")
        return self._apply_text(commitment, group, index, "", plan=plan)

    def add_statement(self, commitment: str, group: str, text: str, on: str = "state", *,
                      plan: str | None = None) -> bool:
        """Append a statement to ``commitment``'s ``group`` (stage or scope)."""
        plan = plan or self.plan_key
        before = copy.deepcopy(self._plan_data[self.corpus_name][plan])
        items = self._find(commitment, group, plan, create=True)
        items.append(text if on == "state" else {"text": text, "on": on})
        return self._rebuild(plan, before, f"{plan}: added {commitment}.{group} {text!r}", structural=True)

    def _on_add(self) -> None:
        if self.add_text.value.strip():
            self.add_statement(self.commit_dd.value, self.add_group.value, self.add_text.value, self.add_on.value)
            self.add_text.value = ""

    def set_plan(self, plan: fcpkit.Plan, *, key: str | None = None) -> bool:
        """Replace the (selected) plan wholesale, e.g. with one built by ``dataclasses.replace``."""
        key = key or self.plan_key
        before = self._plan_data[self.corpus_name][key]
        self._plan_data[self.corpus_name][key] = copy.deepcopy(plan.to_data())
        return self._rebuild(key, before, f"{key}: plan replaced", structural=True)
