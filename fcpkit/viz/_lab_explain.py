"""The falsifier lab's "why": a statement of the edited plan explained on a check of the selected
run, and the edited plan's lint warnings.

A mixin of :class:`fcpkit.viz.FalsifierLab` (like :class:`~fcpkit.viz._lab_editor.EvidenceEditor`):
each statement box of the editor has an *explain* button; the *check* dropdown picks one check of
the selected run (the page it tested: the page the action was proposed on for a ``pre`` check, the
page after it otherwise). The panel shows the matcher's ``explain`` account (compiled claim,
entities, the node or line that supported or contradicted it, the score; the same
:func:`~fcpkit.viz.page_marks.explain_html` as the step viewer's buttons), and, where the run kept
a screenshot, the matched nodes outlined on it (:func:`~fcpkit.viz._explain_panel.marked_screenshot`).
The explained statement is held by its place (commitment, group, index), so an edit of its text
re-explains the new text at once.

Lint: :meth:`fcpkit.Plan.lint` of the edited plan, with the plan's own runs as the corpus (its
healthy runs add the falsifier-holds-healthy and confirming-never-holds checks), recomputed when an
edit replaces the plan; each warning shows its fix, and a linted statement's explain button turns
orange with the warning as its tooltip.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as widgets

import fcpkit

from fcpkit.core.actions import describe_action
from fcpkit.viz._explain_panel import marked_screenshot, screenshot_bytes
from fcpkit.viz._lab_editor import PLAN_LEVEL
from fcpkit.viz._widgets import esc, fill
from fcpkit.viz.page_marks import explain_html

__all__ = ["LabExplaining", "lint_html", "statement_where"]

_PROMPT = "<i>click <b>explain</b> beside a statement: why it scores what it does on the check selected here</i>"


def statement_where(commitment_id: str, section: str, group: str, index: int) -> str:
    """A statement's place as :func:`fcpkit.matching.lint.lint_plan` names it in a warning."""
    if section == "plan_falsifiers":
        return f"plan_falsifiers.{group}[{index}]"
    return f"commitment {commitment_id}, {section}.{group}[{index}]"


def lint_html(warnings: list[Any], healthy: int) -> str:
    """The lint pane: every warning with its fix, or a line saying the plan lints clean."""
    scope = f" (checked against {healthy} healthy run{'s' if healthy != 1 else ''})" if healthy else ""
    if not warnings:
        return f"<div class='fcp-lab-lint'><b>Lint</b>: no warnings{esc(scope)}</div>"
    items = "".join(
        f"<li><code>{esc(w.where)}</code> <b style='color:#b8860b'>[{esc(w.code)}]</b> {esc(w.statement)!s}: "
        f"{esc(w.message)}.<br><span style='color:#2a7'>fix:</span> {esc(w.fix)}</li>" for w in warnings)
    return (f"<details class='fcp-lab-lint' open><summary><b>Lint</b>: {len(warnings)} warning(s){esc(scope)}"
            f"</summary><ul style='font-size:0.85em;margin:2px 0'>{items}</ul></details>")


class LabExplaining:
    """Explain and lint for the falsifier lab (see the module docstring)."""

    def _build_why_widgets(self) -> widgets.VBox:
        """The check dropdown, the explanation (text, outlined screenshot, legend) and the lint pane."""
        self.check_dd = widgets.Dropdown(description="check", style={"description_width": "50px"},
                                         layout=fill(520))
        self.explain_output = widgets.HTML(_PROMPT)
        self.explain_shot = widgets.Image(format="png", layout=widgets.Layout(max_width="min(620px, 100%)",
                                                                               margin="2px 0", align_self="flex-start",
                                                                               display="none", border="1px solid #ccc"))
        self.explain_marks = widgets.HTML()
        self.lint_pane = widgets.HTML()
        self.explain_buttons: list[widgets.Button] = []
        self.explained: tuple[str, str, int] | None = None  # (commitment, group, index) of the explained statement
        self._explained_in: tuple[str, str] | None = None  # (corpus, plan) it belongs to
        self._explained_text = ""  # its text as last shown
        self._deleted: tuple[str, str, str] | None = None  # (commitment, group, text) of it, deleted while explained
        self.explanation: Any = None  # the matcher's Explanation shown now
        self.lint_warnings: list[Any] = []
        self._lint_of: Any = None
        self._check_run: str | None = None
        self.check_dd.observe(lambda ch: None if self._updating else self._render_explain(), names="value")
        self.explain_output.add_class("fcp-lab-explain-output")
        self.lint_pane.add_class("fcp-lab-lint-pane")
        return widgets.VBox([widgets.HTML("<b>Why</b> <small>(the selected statement on one check of the run)</small>"),
                             self.check_dd, self.explain_output, self.explain_shot, self.explain_marks])

    def _base_dir(self) -> Path | None:
        return self._base_dirs.get(self.corpus_name)

    # -- the API ---------------------------------------------------------------------------
    def explain(self, statement: str, step: int, *, action: bool = False) -> Any:
        """Why ``statement`` scores what it does on the selected run's page ``step`` (0 = the start
        page), or on the action of step ``step``: the matcher's explanation (its ``render()`` is
        what a person reads). Needs a matcher with ``explain`` (the lexical one has it)."""
        explain = getattr(self.matcher, "explain", None)
        if not callable(explain):
            raise fcpkit.FcpkitError(f"matcher {getattr(self.matcher, 'name', self.matcher)!r} cannot explain its scores")
        t = self.trajectory
        target = describe_action(t.steps[step].action) if action else t.observations()[step].serialize()
        return explain(statement, target)

    def explain_statement(self, commitment: str, group: str, index: int, *, check: int | None = None) -> str:
        """Show (and return as HTML) why statement ``index`` of ``commitment``'s ``group`` (use
        :data:`~fcpkit.viz.PLAN_LEVEL` for the plan-level falsifiers) scores what it does on check
        ``check`` of the selected run (an index into ``lab.report.checks``; default: the one selected
        in the check dropdown). What an explain button does."""
        if not any(s["group"] == group and s["index"] == index for s in self.statements(commitment)):
            raise KeyError(f"no statement {commitment}.{group}[{index}]")
        if check is not None:
            self.select_check(check, render=False)
        self.explained, self._explained_in = (commitment, group, index), (self.corpus_name, self.plan_key)
        self._deleted = None
        return self._render_explain()

    def _statement_deleted(self, commitment: str, group: str, index: int, text: str) -> None:
        """Keep the explained statement's place when a statement before it in its group is deleted;
        forget it when it is the one deleted, ``text`` (the editor calls this for the selected plan)."""
        if self.explained is None or self.explained[:2] != (commitment, group) or self.explained[2] < index:
            return
        if self.explained[2] == index:
            self.explained, self._deleted = None, (commitment, group, text)
            self.explain_output.value = f"<i>the explained statement {esc(commitment)}.{esc(group)}[{index}] was deleted</i>"
        else:
            self.explained = (commitment, group, self.explained[2] - 1)

    def _statements_restored(self) -> None:
        """After a reset (every edit undone): explain again the statement that was explained, or deleted
        while explained, found by its text in its group of the restored plan (the edits may have moved
        its place); where no statement there has that text (its own text was edited) the pane asks for
        a click again, instead of calling a restored statement deleted."""
        last = self._deleted or (self.explained and (*self.explained[:2], self._explained_text))
        self._deleted = None
        if not last or self._explained_in != (self.corpus_name, self.plan_key):
            return
        cid, group, text = last
        known = cid == PLAN_LEVEL or cid in [c.id for c in self.plan.commitments]
        j = next((s["index"] for s in self.statements(cid) if s["group"] == group and s["text"] == text), None) \
            if known else None
        self.explained = None if j is None else (cid, group, j)
        if j is None:
            self.explain_output.value = _PROMPT

    def select_check(self, index: int, *, render: bool = True) -> None:
        """Select check ``index`` of the selected run (what the check dropdown does)."""
        n = len(self.report.checks)
        if not 0 <= index < n:
            raise IndexError(f"run {self.report.id} has {n} checks; no check {index}")
        self._updating = True
        try:
            self.check_dd.value = index
        finally:
            self._updating = False
        if render:
            self._render_explain()

    @property
    def explanation_text(self) -> str:
        """The explanation shown now as plain text (``render()`` of the matcher's account), or ''."""
        return self.explanation.render() if self.explanation is not None else ""

    # -- wiring ----------------------------------------------------------------------------
    def _explain_button(self, commitment: str, section: str, group: str, index: int) -> widgets.Button:
        """The explain button of one statement box (orange, with the warning as tooltip, when linted)."""
        b = widgets.Button(description="explain", tooltip="why this statement scores what it does on the check",
                           layout=widgets.Layout(width="72px"))
        b.add_class("fcp-lab-explain")
        b.on_click(lambda _b: self.explain_statement(commitment, group, index))
        b._fcp_where = statement_where(commitment, section, group, index)  # matched against lint warnings
        self.explain_buttons.append(b)
        return b

    def _refresh_checks(self) -> None:
        """The check dropdown for the selected run's report; a new run starts at its detection (or
        its last check), the same run keeps the selected check."""
        checks = self.report.checks
        opts = [(f"step {c.step} {c.phase} · {c.result.commitment or '—'} · {c.result.route.value}"
                 + (" · REPAIR" if c.decision.value == "repair" else ""), i) for i, c in enumerate(checks)]
        keep = self.check_dd.value if self._check_run == self.report.id else None
        det = next((i for i, c in enumerate(checks) if c.decision.value == "repair"), len(checks) - 1)
        self._updating = True
        try:
            self.check_dd.options = opts
            self.check_dd.value = keep if keep is not None and keep < len(opts) else (det if opts else None)
        finally:
            self._updating = False
        self._check_run = self.report.id

    def _render_why(self) -> None:
        """After every recompute: the check list, the lint of the (possibly edited) plan, the explanation."""
        self._refresh_checks()
        if self._lint_of is not self.plan:  # an edit replaced the plan (thresholds leave lint unchanged)
            self._lint_of = self.plan
            self.lint_warnings = self.plan.lint(corpus=self.runs, matcher=self.matcher)
            self.lint_pane.value = lint_html(self.lint_warnings, sum(not t.label.faulty for t in self.runs))
        self._mark_linted()
        self._render_explain()

    def _mark_linted(self) -> None:
        by_where: dict[str, list[str]] = {}
        for w in self.lint_warnings:
            by_where.setdefault(w.where, []).append(f"[{w.code}] {w.message}. Fix: {w.fix}")
        for b in self.explain_buttons:
            notes = by_where.get(getattr(b, "_fcp_where", ""))
            b.button_style = "warning" if notes else ""
            b.tooltip = "\n".join(notes) if notes else "why this statement scores what it does on the check"

    # -- rendering -------------------------------------------------------------------------
    def _check_target(self, check: Any, on: str) -> Any:
        """The page the check tested (an Observation), or the step's action description."""
        t = self.trajectory
        if on == "action":
            return describe_action(t.steps[check.step].action) if 0 <= check.step < len(t.steps) else None
        obs = t.observations()
        i = check.step if check.phase == "pre" else check.step + 1
        return obs[i] if 0 <= i < len(obs) else None

    def _render_explain(self) -> str:
        self.explanation = None
        self.explain_shot.layout.display = "none"
        self.explain_marks.value = ""
        if (self.explained or self._deleted) and self._explained_in != (self.corpus_name, self.plan_key):
            self.explained = self._deleted = None  # another plan is selected: its statements are other ones
            self.explain_output.value = "<i>click <b>explain</b> beside a statement of this plan</i>"
        if self.explained is None:
            return self.explain_output.value
        cid, group, index = self.explained
        st = next((s for s in self.statements(cid) if s["group"] == group and s["index"] == index), None) \
            if cid == PLAN_LEVEL or cid in [c.id for c in self.plan.commitments] else None
        if st is None or self.check_dd.value is None:
            self.explain_output.value = f"<i>{esc(cid)}.{esc(group)}[{index}] is no longer in the plan</i>"
            return self.explain_output.value
        self._explained_text = st["text"]
        check = self.report.checks[self.check_dd.value]
        role = "falsifying" if st["section"] in ("falsify", "plan_falsifiers") else "confirming"
        head = (f"<div><b>{esc(st['text'])}</b> <small>({esc(statement_where(cid, st['section'], group, index))}, "
                f"{role}, tested on {esc(st['on'])})</small> on step {check.step} {esc(check.phase)}</div>")
        parts = [head]
        for on in (("state", "action") if st["on"] == "both" else (st["on"],)):
            target = self._check_target(check, on)
            what = "action" if on == "action" else "page"
            if on == "state" and target is not None:
                what = f"page <b>{esc(target.title)}</b> <code>{esc(target.url)}</code>"
                explain = getattr(self.matcher, "explain", None)
                self.explanation = explain(st["text"], target.serialize()) if callable(explain) else None
                self._render_shot(target, st["text"], role)
            elif target is not None and self.explanation is None and callable(getattr(self.matcher, "explain", None)):
                self.explanation = self.matcher.explain(st["text"], target)
            parts.append(f"<div style='font-size:0.85em'>on the {what}:</div>"
                         + explain_html(self.matcher, st["text"], target))
        self.explain_output.value = "".join(parts)
        return self.explain_output.value

    def _render_shot(self, observation: Any, statement: str, role: str) -> None:
        """The check's screenshot with the statement's matched nodes outlined, where the run has one."""
        shot = screenshot_bytes(getattr(observation, "screenshot", None), self._base_dir())
        if shot is None:
            return
        frame = {"observation": observation, ("evidence" if role == "falsifying" else "confirming"): statement}
        data, self.explain_marks.value = marked_screenshot(shot[0], shot[1], frame, self.matcher)
        self.explain_shot.format, self.explain_shot.value = shot[1], data
        self.explain_shot.layout.display = ""

