"""The prompt lab widget: edit a prompt version's parts, regenerate its plans, compare with another.

One column, full width (it fits JupyterLab beside the file browser): the edited version's parts in
tabs, a name and a file to save it to, the *Generate and score* button, then the table (the
reference version, the edited one, the hand-written plans, the state machine's), the prompt diff
and the per-task diff of the plans' statements. Everything the buttons do is a method
(:meth:`PromptLabView.set_part`, :meth:`~PromptLabView.regenerate`, :meth:`~PromptLabView.save`), so a
notebook or a test drives it the way a reader clicks it.
"""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as widgets

from fcpkit_lab.promptlab.answers import TaskAnswer
from fcpkit_lab.promptlab.compare import diff_html, prompt_diff, statement_diffs, table_html
from fcpkit_lab.promptlab.score import ScoreRow
from fcpkit_lab.promptlab.session import PromptLab
from fcpkit_lab.promptlab.version import PARTS, PromptVersion

__all__ = ["PromptLabView"]

_FULL = widgets.Layout(width="100%")
_HINTS = {"role": "who the model is", "output": "the fields of a commitment (the output schema in words)",
          "grammar": "how each evidence item is written", "examples": "few-shot examples (empty: none)",
          "page": "the page text is data, not instructions", "user": "the user message; $task and $observation"}


class PromptLabView(widgets.VBox):
    """``lab``'s task set and model, ``reference`` (the version compared against) and ``edited``
    (the version in the editor; default: a copy of the reference)."""

    def __init__(self, lab: PromptLab, reference: PromptVersion, edited: PromptVersion | None = None):
        self.lab = lab
        self.reference = reference
        self.rows: list[ScoreRow] = []
        self.answers: dict[str, list[TaskAnswer]] = {}
        start = edited or reference.named("edited")
        self.areas = {p: widgets.Textarea(value=start.parts[p], layout=widgets.Layout(width="100%", height="12em"),
                                          placeholder=_HINTS[p]) for p in PARTS}
        self.areas["user"] = widgets.Textarea(value=start.user, layout=widgets.Layout(width="100%", height="12em"))
        self.tabs = widgets.Tab(children=[self.areas[p] for p in (*PARTS, "user")], layout=_FULL)
        for i, p in enumerate((*PARTS, "user")):
            self.tabs.set_title(i, p)
        self.name = widgets.Text(value=start.name, description="name", layout=widgets.Layout(width="auto", flex="1 1 12em"))
        self.path = widgets.Text(value="", placeholder="prompts/my_version.txt", description="file",
                                 layout=widgets.Layout(width="auto", flex="2 1 16em"))
        self.save_button = widgets.Button(description="Save version", layout=widgets.Layout(width="auto"))
        self.run_button = widgets.Button(description="Generate and score", button_style="primary",
                                         layout=widgets.Layout(width="auto"))
        self.status = widgets.HTML(layout=_FULL)
        self.table = widgets.HTML(layout=_FULL)
        self.prompt_diff = widgets.HTML(layout=_FULL)
        self.plan_diff = widgets.HTML(layout=_FULL)
        self.save_button.on_click(lambda _: self.save())
        self.run_button.on_click(lambda _: self.regenerate())
        bar = widgets.HBox([self.name, self.path, self.save_button, self.run_button],
                           layout=widgets.Layout(width="100%", flex_flow="row wrap"))
        heading = widgets.HTML(f"<b>Prompt lab</b>: {len(lab.task_set)} tasks ({html.escape(', '.join(lab.task_set.corpora()))}),"
                               f" model <code>{html.escape(lab.model.key)}</code>; reference "
                               f"<code>{html.escape(reference.label)}</code>")
        super().__init__([heading, self.tabs, bar, self.status, self.table,
                          widgets.HTML("<b>Prompt diff</b> (reference → edited)"), self.prompt_diff,
                          widgets.HTML("<b>Statements that changed</b>, per task"), self.plan_diff], layout=_FULL)
        self.add_class("fcp-prompt-lab")  # what a browser test (and a stylesheet) finds it by
        self.run_button.add_class("fcp-prompt-lab-run")
        self.status.add_class("fcp-prompt-lab-status")
        self.table.add_class("fcp-prompt-lab-table")

    # -- what the buttons do -------------------------------------------------------------------
    @property
    def edited(self) -> PromptVersion:
        """The version in the editor now."""
        return PromptVersion({p: self.areas[p].value for p in PARTS}, self.areas["user"].value,
                             self.reference.defaults, self.name.value.strip())

    def set_part(self, part: str, text: str) -> None:
        """Put ``text`` in the editor's ``part`` (a :data:`~fcpkit_lab.promptlab.version.PARTS` name or ``user``)."""
        if part not in self.areas:
            raise KeyError(f"no prompt part {part!r}; the parts are {', '.join(self.areas)}")
        self.areas[part].value = text

    def save(self, path: str | Path | None = None) -> Path:
        """Save the edited version to ``path`` (or the *file* box); ``fcpkit plan --prompt`` loads it."""
        target = str(path or self.path.value).strip()
        if not target:
            self.status.value = "<span style='color:#cf222e'>give a file name in the <i>file</i> box first</span>"
            raise ValueError("no file to save the prompt version to; fix: fill the 'file' box or pass path=")
        saved = self.edited.save(target)
        self.status.value = f"saved {html.escape(str(saved))} (version {self.edited.hash})"
        return saved

    def regenerate(self) -> list[ScoreRow]:
        """Plans for both versions (cached answers reused), scored; the table and diffs redrawn."""
        ref, new = self.reference, self.edited
        if new.hash == ref.hash:
            new = new.named(new.name or "edited")
        counts = {"asked": 0, "cached": 0, "missing": 0}

        def progress(a: TaskAnswer) -> None:
            counts["cached" if a.cached else "missing" if a.missing else "asked"] += 1
            self.status.value = (f"{sum(counts.values())} answers ({counts['cached']} cached, {counts['asked']} asked"
                                 f", {counts['missing']} without an answer)")

        try:
            self.run_button.disabled = True
            self.answers = {ref.label: self.lab.answers(ref, progress), new.label: self.lab.answers(new, progress)}
        except Exception as err:  # a clear message in the widget; the cache keeps what arrived
            self.status.value = f"<span style='color:#cf222e'>{html.escape(str(err))}</span>"
            raise
        finally:
            self.run_button.disabled = False
        self.rows = [self.lab.row(ref, self.answers[ref.label]), self.lab.row(new, self.answers[new.label])]
        self.rows += self.lab.baseline_rows
        self.table.value = table_html(self.rows)
        self.prompt_diff.value = diff_html(prompt_diff(ref, new) or "(the prompts are the same)")
        diffs = statement_diffs(self.answers[ref.label], self.answers[new.label], (ref.label, new.label))
        missing = [a for a in self.answers[new.label] if a.missing]
        note = "".join(f"<div>no answer for <i>{html.escape(a.task[:80])}</i>: {html.escape(a.missing[:200])}</div>"
                       for a in missing[:5])
        self.plan_diff.value = note + ("".join(f"<div><i>{html.escape(t)}</i>{diff_html(d)}</div>" for t, d in diffs.items())
                                       or "(no plan changed)")
        self.status.value += f"; scored {len(self.lab.task_set.runs)} runs"
        return self.rows
