"""FalsifierLab: edit a plan's evidence or the router's thresholds and see detection change at once.

Pick a corpus, a plan (the runs written against it) and a trajectory; edit any statement of the
selected commitment (or of the plan-level falsifiers), add or delete one, or move a threshold
slider. Every change rebuilds a modified :class:`fcpkit.Plan` from its edited ``to_data()``
(validated by :meth:`fcpkit.Plan.from_data`, so an edit that breaks the plan is reported, not
applied) and re-runs :class:`fcpkit.Checker`: the selected trajectory's alpha± and routes (figure
and table), its first detection step, and, over the corpus, detections of faulty runs and false
alarms on healthy runs, each next to its baseline (the unedited plans and thresholds). Each
statement has an *explain* button: why it scores what it does on a chosen check of the run, and the
edited plan's lint warnings (with their fixes) update with every edit (:mod:`fcpkit.viz._lab_explain`).

Detection is shown twice, by the plan's falsifiers alone and with the built-in task-level
falsifiers (:mod:`fcpkit.core.falsifiers`), and each run's first detection is attributed to its
source (step falsifier, plan falsifier, built-in, rule, ...): a built-in defers to the plan's own
falsifier past its gate, so an edit of a plan's falsifier shows in the plan-alone counts and in
the sources even where a built-in still catches the fault.

Outcome of one run (see :func:`fcpkit.eval.metrics.run_outcome`): *detected* = any repair decision; *caught* = a repair
at or after the labelled first off-track step; *timely* = caught at that very step (before the
agent's next action); *early alarm* = a repair before it. A false alarm is a detected healthy run.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable, Mapping

import ipywidgets as widgets

import fcpkit

from fcpkit.viz._lab_editor import PLAN_LEVEL, EvidenceEditor
from fcpkit.viz._lab_html import checks_frame, runs_html, summary_html, table_html
from fcpkit.viz._lab_checks import LabChecking, as_trajectories, plan_key
from fcpkit.viz._lab_explain import LabExplaining
from fcpkit.viz._lab_sources import sources_html
from fcpkit.viz._widgets import FigureSlot, esc, fill, pane, row, running_loop, with_snapshot
from fcpkit.viz.figures import step_scores_figure
from fcpkit.eval.metrics import run_outcome, summarize_outcomes

__all__ = ["FalsifierLab", "LAB_THRESHOLDS"]

#: Thresholds that get a slider.
LAB_THRESHOLDS: tuple[str, ...] = ("tau_plus", "tau_minus", "delta_plus", "delta_minus", "pi_low")
_SLIDER_LABELS = {"tau_plus": "τ+₀", "tau_minus": "τ−₀", "delta_plus": "δ+", "delta_minus": "δ−", "pi_low": "π_low"}


class FalsifierLab(LabChecking, LabExplaining, EvidenceEditor, widgets.VBox):
    """Edit falsifiers and thresholds; watch alpha±, routes, detections and false alarms move.

    ``corpus``: a :class:`fcpkit.Corpus`, a list of trajectories, a corpus path, or a mapping of
    names to any of those (a corpus dropdown appears). ``plans``: optional mapping of names to
    :class:`fcpkit.Plan` to offer instead of the corpus's own plans; each applies to the runs with
    the same task (or, failing that, whose plan file has that stem). ``verifier`` is passed to
    :class:`fcpkit.Checker` (``"lower"`` keep-going by default; ``"upper"`` hides false alarms).
    ``corpus_wide`` also re-checks every other plan's runs after a threshold change (whole-corpus
    counts); ``fit=False`` keeps a matcher you fitted yourself. ``builtins`` (also a checkbox) says
    whether the selected run's checks, figure and main counts include the built-in falsifiers; the
    counts of the other setting are shown beside them either way.

    Headless/programmatic use: :meth:`select`, :meth:`edit_statement`, :meth:`delete_statement`,
    :meth:`add_statement`, :meth:`set_threshold`, :meth:`reset`, :meth:`explain_statement` (what a
    statement's *explain* button does), :meth:`select_check`; read :attr:`results`, :attr:`table`
    (selected run's checks), :attr:`outcomes` (every run), :attr:`history`, :attr:`lint_warnings`
    (the edited plan's lint, shown under the editor), :attr:`explanation`.
    Text boxes and sliders drive the same methods, so setting a statement box's ``value`` recomputes
    exactly as typing does. Slider moves are debounced inside a kernel: a drag or a held arrow key
    recomputes once, ``debounce_s`` after the last tick (outside a running event loop they apply at
    once); :meth:`set_threshold` always applies at once.
    """

    def __init__(
        self,
        corpus: Any,
        plans: Mapping[str, fcpkit.Plan] | None = None,
        *,
        thresholds: fcpkit.Thresholds | None = None,
        matcher: Any = None,
        verifier: str | Callable[..., Any] = "lower",
        plan: str | None = None,
        trajectory: str | None = None,
        corpus_wide: bool = True,
        fit: bool = True,
        debounce_s: float = 0.35,
        builtins: bool = True,
    ):
        super().__init__()
        items = corpus.items() if isinstance(corpus, Mapping) else [(None, corpus)]
        self._corpora, self._base_dirs = {}, {}  # base dir: where a corpus file's screenshot paths start
        for k, v in items:
            src = v if isinstance(v, (str, Path)) else getattr(v, "path", None)
            name = str(k) if k is not None else (Path(src).name if src else "corpus")
            self._corpora[name], self._base_dirs[name] = as_trajectories(v), Path(src).parent if src else None
        if not any(self._corpora.values()):
            raise fcpkit.ConfigError("FalsifierLab needs at least one trajectory")
        self._extra_plans = dict(plans or {})
        self.verifier = verifier
        self.builtins = self._base_builtins = bool(builtins)
        self.corpus_wide = corpus_wide
        self.base_thresholds = thresholds or fcpkit.Thresholds()
        self.thresholds = self.base_thresholds
        self.matcher = matcher if matcher is not None else fcpkit.LexicalMatcher()
        if fit:  # the matcher's unsupervised statistics (IDF) from the corpus pages; fit=False keeps yours
            fcpkit.Checker(self.matcher).fit([t for ts in self._corpora.values() for t in ts])
        self._updating = False
        self._ready = False
        self.debounce_s = debounce_s
        self._pending: dict[str, float] = {}
        self._timer: Any = None
        self._baseline_cache: dict[tuple[str, str, bool], list[dict[str, Any]]] = {}
        self.history: list[dict[str, Any]] = []
        self.error: str | None = None

        self._build_widgets()
        # -- state -----------------------------------------------------------------------
        self._groups: dict[str, dict[str, list[fcpkit.Trajectory]]] = {}
        self._base_plans: dict[str, dict[str, fcpkit.Plan]] = {}
        self._plan_data: dict[str, dict[str, dict[str, Any]]] = {}
        self._plans: dict[str, dict[str, fcpkit.Plan]] = {}
        self._outcomes: dict[tuple[str, str, bool], list[dict[str, Any]]] = {}
        self._reports: dict[tuple[str, str, bool], list[fcpkit.TrajectoryReport]] = {}
        for cname in self._corpora:
            self._index_corpus(cname)
        self.baseline: dict[str, Any] = {}
        self.results: dict[str, Any] = {}
        self.outcomes: list[dict[str, Any]] = []
        self.reports: list[fcpkit.TrajectoryReport] = []
        self.report: fcpkit.TrajectoryReport | None = None
        self.table: Any = None

        self._wire_and_lay_out()
        # baseline first (unedited plans, base thresholds), then the initial selection
        self._updating = True
        self.corpus_dd.value = next(iter(self._corpora))
        self._refresh_plan_options()
        if plan is not None:
            self.plan_dd.value = plan
        self._refresh_traj_options()
        if trajectory is not None:
            self.traj_dd.value = trajectory
        self._refresh_editor()
        self._updating = False
        self.recompute(note=None)
        self.baseline = self._baseline_corpus() if corpus_wide else {}
        self._ready = True
        self._render()

    def _build_widgets(self) -> None:
        """The lab's controls, sliders and output panes (not wired yet). Widths are limits, not sizes:
        each control takes the width its pane has, up to what it needs, so that the lab fits a notebook
        panel beside JupyterLab's file browser."""
        style = {"description_width": "90px"}
        self.corpus_dd = widgets.Dropdown(options=list(self._corpora), description="corpus", style=style)
        self.plan_dd = widgets.Dropdown(description="plan", style=style, layout=fill(360))
        self.traj_dd = widgets.Dropdown(description="trajectory", style=style, layout=fill(460))
        self.commit_dd = widgets.Dropdown(description="commitment", style=style, layout=fill(460))
        self.editor = widgets.VBox()
        self.statement_boxes: list[widgets.Text] = []
        self.add_group = widgets.Dropdown(options=[], layout=widgets.Layout(width="150px"))
        self.add_text = widgets.Text(placeholder="new statement", layout=pane(200, 380, width="auto"))
        self.add_on = widgets.Dropdown(options=["state", "action", "both"], value="state",
                                       layout=widgets.Layout(width="90px"))
        self.add_button = widgets.Button(description="add", layout=widgets.Layout(width="60px"))
        self.reset_button = widgets.Button(description="reset all edits", button_style="warning")
        self.builtins_box = widgets.Checkbox(value=self.builtins, description="built-in falsifiers", indent=False)
        # each slider shows its value (readout): the track shrinks with the pane, the value stays
        self.sliders: dict[str, widgets.FloatSlider] = {
            name: widgets.FloatSlider(value=getattr(self.thresholds, name), min=0.0, max=1.0, step=0.01,
                                      description=_SLIDER_LABELS[name], continuous_update=False, readout=True,
                                      readout_format=".2f", style={"description_width": "initial"},
                                      layout=widgets.Layout(width="auto"))
            for name in LAB_THRESHOLDS
        }
        self.status = widgets.HTML()
        self.summary = widgets.HTML()
        self.sources = widgets.HTML()
        self.table_html = widgets.HTML(layout=widgets.Layout(max_height="340px", overflow="auto"))
        self.runs_html = widgets.HTML(layout=widgets.Layout(max_height="260px", overflow="auto"))
        self._slot = FigureSlot()
        self.why = self._build_why_widgets()
        self.add_class("fcp-falsifier-lab")
        self.status.add_class("fcp-lab-status")
        self.summary.add_class("fcp-lab-summary")
        self.sources.add_class("fcp-lab-sources")

    def _wire_and_lay_out(self) -> None:
        """Connect the controls to their handlers and arrange the panes."""
        self.corpus_dd.observe(self._on_corpus, names="value")
        self.plan_dd.observe(self._on_plan, names="value")
        self.traj_dd.observe(self._on_traj, names="value")
        self.commit_dd.observe(self._on_commit, names="value")
        for name, s in self.sliders.items():
            s.observe(self._on_slider_factory(name), names="value")
        self.add_button.on_click(lambda _b: self._on_add())
        self.reset_button.on_click(lambda _b: self.reset())
        self.builtins_box.observe(lambda ch: None if self._updating else self.set_builtins(ch["new"]), names="value")

        controls = widgets.VBox([
            row([self.corpus_dd, self.plan_dd], gap="8px") if len(self._corpora) > 1 else self.plan_dd,
            self.traj_dd, self.commit_dd,
            widgets.HTML("<b>Evidence</b> <small>(edit a box and press Enter; empty it to delete the statement)</small>"),
            self.editor,
            row([self.add_group, self.add_text, self.add_on, self.add_button], gap="4px"),
            self.lint_pane,
        ], layout=pane(480, 900))
        thresholds_box = widgets.VBox([widgets.HTML("<b>Thresholds</b>"), *self.sliders.values(), self.builtins_box,
                                       self.reset_button], layout=pane(260, 360))
        self.children = [
            row([controls, thresholds_box]),
            self.status,
            self.why,
            self.summary,
            self.sources,
            self._slot.widget,
            widgets.Accordion(children=[self.table_html, self.runs_html], titles=("checks of the selected run",
                                                                                   "all runs of the plan")),
        ]

    # -- indexing ------------------------------------------------------------------------
    def _index_corpus(self, cname: str) -> None:
        groups: dict[str, list[fcpkit.Trajectory]] = {}
        plans: dict[str, fcpkit.Plan] = {}
        trajs = self._corpora[cname]
        if self._extra_plans:
            for pname, p in self._extra_plans.items():
                runs = [t for t in trajs if t.task == p.task] or [
                    t for t in trajs if t.plan_ref and Path(t.plan_ref).stem == pname]
                if runs:
                    groups[pname], plans[pname] = runs, p
        else:
            for t in trajs:
                k = plan_key(t)
                groups.setdefault(k, []).append(t)
                plans.setdefault(k, t.plan)
        if not groups:
            raise fcpkit.ConfigError(f"no trajectory of corpus {cname!r} matches the given plans")
        self._groups[cname] = groups
        self._base_plans[cname] = plans
        self._plan_data[cname] = {k: copy.deepcopy(p.to_data()) for k, p in plans.items()}
        self._plans[cname] = dict(plans)

    # -- selection -----------------------------------------------------------------------
    @property
    def corpus_name(self) -> str:
        return self.corpus_dd.value

    @property
    def plan_key(self) -> str:
        return self.plan_dd.value

    @property
    def plan_keys(self) -> list[str]:
        return list(self._groups[self.corpus_name])

    @property
    def plan(self) -> fcpkit.Plan:
        """The selected plan with every edit applied."""
        return self._plans[self.corpus_name][self.plan_key]

    @property
    def trajectory(self) -> fcpkit.Trajectory:
        return next(t for t in self._groups[self.corpus_name][self.plan_key] if t.id == self.traj_dd.value)

    @property
    def runs(self) -> list[fcpkit.Trajectory]:
        """The runs of the selected plan."""
        return list(self._groups[self.corpus_name][self.plan_key])

    def select(self, *, corpus: str | None = None, plan: str | None = None, trajectory: str | None = None,
               commitment: str | None = None) -> "FalsifierLab":
        """Select by name; a trajectory id also selects its plan."""
        if corpus is not None:
            self.corpus_dd.value = corpus
        if trajectory is not None and plan is None:
            plan = next((k for k, ts in self._groups[self.corpus_name].items() if any(t.id == trajectory for t in ts)),
                        None)
            if plan is None:
                raise KeyError(f"no trajectory {trajectory!r} in corpus {self.corpus_name!r}")
        if plan is not None:
            self.plan_dd.value = plan
        if trajectory is not None:
            self.traj_dd.value = trajectory
        if commitment is not None:
            self.commit_dd.value = commitment
        return self

    def _refresh_plan_options(self) -> None:
        keys = self.plan_keys
        self.plan_dd.options = [(f"{k} ({len(self._groups[self.corpus_name][k])} runs)", k) for k in keys]
        if self.plan_dd.value not in keys:
            self.plan_dd.value = keys[0]

    def _refresh_traj_options(self) -> None:
        runs = self.runs
        self.traj_dd.options = [(f"{t.id} ({t.label.fault or 'healthy'})", t.id) for t in runs]
        if self.traj_dd.value not in [t.id for t in runs]:
            self.traj_dd.value = runs[0].id
        ids = [PLAN_LEVEL] + [c.id for c in self.plan.commitments]
        old = self.commit_dd.value
        self.commit_dd.options = ids
        self.commit_dd.value = old if old in ids else (ids[1] if len(ids) > 1 else ids[0])

    def _on_corpus(self, change: dict[str, Any]) -> None:
        if self._updating:
            return
        self._updating = True
        try:
            self._refresh_plan_options()
            self._refresh_traj_options()
            self._refresh_editor()
        finally:
            self._updating = False
        self.recompute(note=None)

    def _on_plan(self, change: dict[str, Any]) -> None:
        if self._updating:
            return
        self._updating = True
        try:
            self._refresh_traj_options()
            self._refresh_editor()
        finally:
            self._updating = False
        self.recompute(note=None)

    def _on_traj(self, change: dict[str, Any]) -> None:
        if self._updating:
            return
        self.recompute(note=None)

    def _on_commit(self, change: dict[str, Any]) -> None:
        if self._updating:
            return
        self._refresh_editor()

    # -- thresholds ----------------------------------------------------------------------
    def _on_slider_factory(self, name: str) -> Callable[[dict[str, Any]], None]:
        def handler(change: dict[str, Any]) -> None:
            if self._updating:
                return
            self._pending[name] = float(change["new"])
            loop = running_loop()
            if loop is None or self.debounce_s <= 0:  # no kernel loop (a script, a test): apply now
                self._flush_sliders()
                return
            if self._timer is not None:  # a drag or held arrow key: recompute once it settles
                self._timer.cancel()
            self._timer = loop.call_later(self.debounce_s, self._flush_sliders)
        return handler

    def _flush_sliders(self) -> None:
        """Apply every slider moved since the last recompute, then recompute once."""
        self._timer = None
        pending, self._pending = self._pending, {}
        if pending:
            self._apply_thresholds(pending)

    def _apply_thresholds(self, values: Mapping[str, float]) -> None:
        old = self.thresholds
        try:
            self.thresholds = self.thresholds.replace(**values)
        except fcpkit.ConfigError as exc:
            self.error = str(exc)
            self.status.value = f"<pre style='color:#d62728'>{esc(exc)}</pre>"
            return
        self.error = None
        self._outcomes.clear()
        self._reports.clear()
        self.recompute(note="; ".join(f"threshold {n}: {getattr(old, n):.3g} → {v:.3g}" for n, v in values.items()))

    def set_threshold(self, name: str, value: float) -> None:
        """Set a threshold (moves its slider when it has one) and recompute at once (no debounce)."""
        if name in self.sliders:
            self._updating = True
            try:
                self.sliders[name].value = value
            finally:
                self._updating = False
        self._pending.pop(name, None)
        self._apply_thresholds({name: value})

    def reset(self) -> None:
        """Undo every edit: original plans, thresholds and built-ins setting."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._pending.clear()
        self._updating = True
        try:
            for cname in self._corpora:
                self._plans[cname] = dict(self._base_plans[cname])
                self._plan_data[cname] = {k: copy.deepcopy(p.to_data()) for k, p in self._base_plans[cname].items()}
            self.thresholds, self.builtins = self.base_thresholds, self._base_builtins
            self.builtins_box.value = self.builtins
            for name, s in self.sliders.items():
                s.value = getattr(self.thresholds, name)
            self._refresh_editor()
            self._statements_restored()
        finally:
            self._updating = False
        self._outcomes.clear()
        self._reports.clear()
        self.error = None
        self.recompute(note="reset")

    # -- checking ------------------------------------------------------------------------
    def set_builtins(self, on: bool) -> None:
        """Switch the built-in falsifiers on or off for the selected run's view and main counts."""
        self.builtins = bool(on)
        self._updating = True
        try:
            self.builtins_box.value = self.builtins
        finally:
            self._updating = False
        self.recompute(note=f"built-in falsifiers {'on' if self.builtins else 'off'}")

    def recompute(self, note: str | None = "recompute", *,
                  edited: str | None = None) -> dict[str, Any]:
        """Re-run the checker (cached per plan until an edit touches it) and refresh every view."""
        cname, key = self.corpus_name, self.plan_key
        outs = self._check_plan(cname, key)
        self.reports = self._reports[(cname, key, self.builtins)]
        self.outcomes = outs
        tid = self.traj_dd.value
        self.report = next(r for r in self.reports if r.id == tid)
        mine = next(o for o in outs if o["id"] == tid)
        self.table = checks_frame(self.report)
        self.results = {
            "corpus": cname, "plan": key, "trajectory": tid, "fault": mine["fault"],
            "first_off_track_step": mine["first_off_track_step"],
            "first_detection_step": mine["first_detection_step"],
            "first_detection_phase": mine["first_detection_phase"],
            "plan_runs": summarize_outcomes(outs),
            "corpus_runs": self._corpus_summary() if self.corpus_wide else None,
            "thresholds": self.thresholds.to_dict(),
            "builtins": self.builtins, "source": mine["source"], "detection_rule": mine["detection_rule"],
            "plan_sources": self._by_source(False, self._check_plan),
            "corpus_sources": self._by_source(True, self._check_plan) if self.corpus_wide else None,
        }
        if note is not None:
            entry: dict[str, Any] = {"change": note, "plan": edited or key, "trajectory": tid,
                                     "first_detection_step": mine["first_detection_step"]}
            edited_summary = summarize_outcomes(self._check_plan(cname, edited)) if edited else self.results["plan_runs"]
            entry.update({f"plan_{k}": v for k, v in edited_summary.items() if k != "by_fault"})
            srcs = self.results["corpus_sources"] or self.results["plan_sources"]
            entry.update({f"alone_{k}": srcs["without_builtins"][k] for k in ("caught", "timely", "false_alarms")})
            entry.update({f"by_{k}": v for k, v in srcs["sources"].items()})
            if self.results["corpus_runs"] is not None:
                entry.update({f"corpus_{k}": v for k, v in self.results["corpus_runs"].items() if k != "by_fault"})
            self.history.append(entry)
        if self._ready:
            self._render()
        return self.results

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        self._slot.redraw_after_cell()  # a new view draws the figure, not the picture of an earlier one
        return with_snapshot(super()._repr_mimebundle_(**kwargs), self.snapshot_html())

    def snapshot_html(self) -> str:
        """The lab's counts and the selected run's checks as static HTML (for saved notebooks)."""
        th = ", ".join(f"{_SLIDER_LABELS[n]} {getattr(self.thresholds, n):.2f}" for n in LAB_THRESHOLDS)
        return (f"<div class='fcp-falsifier-lab-static'><div><b>plan</b> {esc(self.plan_key)} · <b>thresholds</b> "
                f"{esc(th)}</div>{self.status.value}{self.lint_pane.value}{self.summary.value}{self.sources.value}"
                f"<details><summary>checks of the selected run</summary>{self.table_html.value}</details></div>")

    # -- rendering -----------------------------------------------------------------------
    def _render(self) -> None:
        r = self.results
        rep = self.report
        self._slot.set(step_scores_figure(rep, thresholds=self.thresholds, title=(
            f"{rep.id}: first detection at step {r['first_detection_step']}"
            + (f" ({r['first_detection_phase']})" if r["first_detection_phase"] else "")
            + (f", off track from step {r['first_off_track_step']}" if r["first_off_track_step"] is not None else ""))))
        self.table_html.value = table_html(self.table)
        if self.error is None:
            self.status.value = (f"<span style='color:#555'>last change: {esc(self.history[-1]['change'])}</span>"
                                 if self.history else "")
        base_plan = summarize_outcomes(self._baseline_outcomes(self.corpus_name, self.plan_key))
        base_corpus = self._baseline_corpus() if self.corpus_wide else {}
        self.baseline = base_corpus
        self.summary.value = summary_html(r, base_plan, base_corpus)
        corpus = bool(self.corpus_wide)
        self.sources.value = sources_html(r["corpus_sources"] if corpus else r["plan_sources"],
                                          self._by_source(corpus, self._baseline_outcomes),
                                          scope="whole corpus" if corpus else "this plan's runs", builtins=self.builtins)
        self.runs_html.value = runs_html(self.outcomes)
        self._render_why()

