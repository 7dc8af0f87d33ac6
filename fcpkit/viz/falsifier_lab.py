"""FalsifierLab: edit a plan's evidence or the router's thresholds and see detection change at once.

Pick a corpus, a plan (the runs written against it) and a trajectory; edit any statement of the
selected commitment (or of the plan-level falsifiers), add or delete one, or move a threshold
slider. Every change rebuilds a modified :class:`fcpkit.Plan` from its edited ``to_data()``
(validated by :meth:`fcpkit.Plan.from_data`, so an edit that breaks the plan is reported, not
applied) and re-runs :class:`fcpkit.Checker`: the selected trajectory's alpha± and routes (figure
and table), its first detection step, and, over the corpus, detections of faulty runs and false
alarms on healthy runs, each next to its baseline (the unedited plans and thresholds).

Outcome of one run (see :func:`run_outcome`): *detected* = any repair decision; *caught* = a repair
at or after the labelled first off-track step; *timely* = caught at that very step (before the
agent's next action); *early alarm* = a repair before it. A false alarm is a detected healthy run.
"""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

import ipywidgets as widgets

import fcpkit

from fcpkit.core.actions import describe_action
from fcpkit.viz._data import ROUTE_COLORS, check_rows
from fcpkit.viz._widgets import FigureSlot, esc
from fcpkit.viz.figures import step_scores_figure

__all__ = ["FalsifierLab", "PLAN_LEVEL", "run_outcome", "summarize_outcomes", "LAB_THRESHOLDS"]

#: Selector of the plan-level (cross-cutting) falsifiers in the lab's commitment list and edit API.
PLAN_LEVEL = "(plan-level falsifiers)"
#: Thresholds that get a slider.
LAB_THRESHOLDS: tuple[str, ...] = ("tau_plus", "tau_minus", "delta_plus", "delta_minus", "pi_low")
_SLIDER_LABELS = {"tau_plus": "τ+₀", "tau_minus": "τ−₀", "delta_plus": "δ+", "delta_minus": "δ−", "pi_low": "π_low"}


def run_outcome(report: fcpkit.TrajectoryReport) -> dict[str, Any]:
    """Detection outcome of one checked run against its label (see the module docstring)."""
    repairs = [c for c in report.checks if c.decision is fcpkit.Decision.REPAIR]
    first = repairs[0] if repairs else None
    off = report.first_off_track_step
    faulty = report.fault is not None
    after = next((c for c in repairs if off is not None and c.step >= off), None) if faulty else None
    return {
        "id": report.id, "workflow": report.workflow, "fault": report.fault, "first_off_track_step": off,
        "detected": first is not None,
        "first_detection_step": first.step if first else None,
        "first_detection_phase": first.phase if first else None,
        "detection_evidence": first.result.evidence if first else None,
        "caught": after is not None,
        "caught_step": after.step if after else None,
        "timely": after is not None and after.step == off,
        "early_alarm": bool(faulty and first is not None and off is not None and first.step < off),
        "false_alarm": bool(not faulty and first is not None),
        "escalations": report.escalations,
    }


def summarize_outcomes(outcomes: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Counts over run outcomes: runs, healthy, false_alarms, faulty, detected, caught, timely, missed,
    early_alarms, and the same per fault class under ``by_fault``."""
    # rows may come back from a DataFrame, where a healthy run's fault None became NaN
    outs = [{**o, "fault": o["fault"] if isinstance(o.get("fault"), str) else None} for o in outcomes]

    def counts(rows: Sequence[Mapping[str, Any]]) -> dict[str, int]:
        faulty = [o for o in rows if o["fault"] is not None]
        healthy = [o for o in rows if o["fault"] is None]
        return {
            "runs": len(rows), "healthy": len(healthy), "false_alarms": sum(o["false_alarm"] for o in healthy),
            "faulty": len(faulty), "detected": sum(o["detected"] for o in faulty),
            "caught": sum(o["caught"] for o in faulty), "timely": sum(o["timely"] for o in faulty),
            "missed": sum(not o["caught"] for o in faulty), "early_alarms": sum(o["early_alarm"] for o in faulty),
        }

    out: dict[str, Any] = counts(outs)
    faults = sorted({o["fault"] for o in outs if o["fault"] is not None})
    out["by_fault"] = {f: counts([o for o in outs if o["fault"] == f]) for f in faults}
    return out


def _as_trajectories(obj: Any) -> list[fcpkit.Trajectory]:
    if isinstance(obj, (str, Path)):
        return list(fcpkit.load_corpus(obj))
    if isinstance(obj, fcpkit.Trajectory):
        return [obj]
    return list(obj)


def _plan_key(t: fcpkit.Trajectory) -> str:
    if t.plan_ref:
        return t.plan_ref
    digest = hashlib.sha1(json.dumps(t.plan.to_data(), sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:6]
    return f"inline: {t.plan.task[:50]} #{digest}"


def _text_of(item: Any) -> str:
    return item["text"] if isinstance(item, Mapping) else str(item)


def _on_of(item: Any) -> str:
    return item.get("on", "state") if isinstance(item, Mapping) else "state"


class FalsifierLab(widgets.VBox):
    """Edit falsifiers and thresholds; watch alpha±, routes, detections and false alarms move.

    ``corpus``: a :class:`fcpkit.Corpus`, a list of trajectories, a corpus path, or a mapping of
    names to any of those (a corpus dropdown appears). ``plans``: optional mapping of names to
    :class:`fcpkit.Plan` to offer instead of the corpus's own plans; each applies to the runs with
    the same task (or, failing that, whose plan file has that stem). ``verifier`` is passed to
    :class:`fcpkit.Checker` (``"lower"`` keep-going by default; ``"upper"`` hides false alarms).
    ``corpus_wide`` also re-checks every other plan's runs after a threshold change (whole-corpus
    counts); ``fit=False`` keeps a matcher you fitted yourself.

    Headless/programmatic use: :meth:`select`, :meth:`edit_statement`, :meth:`delete_statement`,
    :meth:`add_statement`, :meth:`set_threshold`, :meth:`reset`; read :attr:`results`,
    :attr:`table` (selected run's checks), :attr:`outcomes` (every run), :attr:`history`.
    Text boxes and sliders drive the same methods, so setting ``lab.sliders["tau_minus"].value`` or
    a statement box's ``value`` recomputes exactly as typing does.
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
        live_figure: bool | None = None,
    ):
        super().__init__()
        if isinstance(corpus, Mapping):
            self._corpora = {str(k): _as_trajectories(v) for k, v in corpus.items()}
        else:
            src = corpus if isinstance(corpus, (str, Path)) else getattr(corpus, "path", None)
            self._corpora = {Path(src).name if src else "corpus": _as_trajectories(corpus)}
        if not any(self._corpora.values()):
            raise fcpkit.ConfigError("FalsifierLab needs at least one trajectory")
        self._extra_plans = dict(plans or {})
        self.verifier = verifier
        self.corpus_wide = corpus_wide
        self.base_thresholds = thresholds or fcpkit.Thresholds()
        self.thresholds = self.base_thresholds
        self.matcher = matcher if matcher is not None else fcpkit.LexicalMatcher()
        if fit:  # the matcher's unsupervised statistics (IDF) from the corpus pages; fit=False keeps yours
            fcpkit.Checker(self.matcher).fit([t for ts in self._corpora.values() for t in ts])
        self._updating = False
        self._ready = False
        self._baseline_cache: dict[tuple[str, str], dict[str, Any]] = {}
        self.history: list[dict[str, Any]] = []
        self.error: str | None = None

        # -- widgets ---------------------------------------------------------------------
        style = {"description_width": "90px"}
        self.corpus_dd = widgets.Dropdown(options=list(self._corpora), description="corpus", style=style)
        self.plan_dd = widgets.Dropdown(description="plan", style=style, layout=widgets.Layout(width="360px"))
        self.traj_dd = widgets.Dropdown(description="trajectory", style=style, layout=widgets.Layout(width="460px"))
        self.commit_dd = widgets.Dropdown(description="commitment", style=style, layout=widgets.Layout(width="460px"))
        self.editor = widgets.VBox()
        self.statement_boxes: list[widgets.Text] = []
        self.add_group = widgets.Dropdown(options=[], layout=widgets.Layout(width="150px"))
        self.add_text = widgets.Text(placeholder="new statement", layout=widgets.Layout(width="380px"))
        self.add_on = widgets.Dropdown(options=["state", "action", "both"], value="state",
                                       layout=widgets.Layout(width="90px"))
        self.add_button = widgets.Button(description="add", layout=widgets.Layout(width="60px"))
        self.reset_button = widgets.Button(description="reset all edits", button_style="warning")
        self.sliders: dict[str, widgets.FloatSlider] = {
            name: widgets.FloatSlider(value=getattr(self.thresholds, name), min=0.0, max=1.0, step=0.01,
                                      description=_SLIDER_LABELS[name], continuous_update=False,
                                      readout_format=".2f", style={"description_width": "50px"})
            for name in LAB_THRESHOLDS
        }
        self.status = widgets.HTML()
        self.summary = widgets.HTML()
        self.table_html = widgets.HTML(layout=widgets.Layout(max_height="340px", overflow="auto"))
        self.runs_html = widgets.HTML(layout=widgets.Layout(max_height="260px", overflow="auto"))
        self._slot = FigureSlot(live=live_figure)

        # -- state -----------------------------------------------------------------------
        self._groups: dict[str, dict[str, list[fcpkit.Trajectory]]] = {}
        self._base_plans: dict[str, dict[str, fcpkit.Plan]] = {}
        self._plan_data: dict[str, dict[str, dict[str, Any]]] = {}
        self._plans: dict[str, dict[str, fcpkit.Plan]] = {}
        self._outcomes: dict[tuple[str, str], list[dict[str, Any]]] = {}
        self._reports: dict[tuple[str, str], list[fcpkit.TrajectoryReport]] = {}
        for cname in self._corpora:
            self._index_corpus(cname)
        self.baseline: dict[str, Any] = {}
        self.results: dict[str, Any] = {}
        self.outcomes: list[dict[str, Any]] = []
        self.reports: list[fcpkit.TrajectoryReport] = []
        self.report: fcpkit.TrajectoryReport | None = None
        self.table: Any = None

        # -- wiring ----------------------------------------------------------------------
        self.corpus_dd.observe(self._on_corpus, names="value")
        self.plan_dd.observe(self._on_plan, names="value")
        self.traj_dd.observe(self._on_traj, names="value")
        self.commit_dd.observe(self._on_commit, names="value")
        for name, s in self.sliders.items():
            s.observe(self._on_slider_factory(name), names="value")
        self.add_button.on_click(lambda _b: self._on_add())
        self.reset_button.on_click(lambda _b: self.reset())

        controls = widgets.VBox([
            widgets.HBox([self.corpus_dd, self.plan_dd]) if len(self._corpora) > 1 else self.plan_dd,
            self.traj_dd, self.commit_dd,
            widgets.HTML("<b>Evidence</b> <small>(edit a box and press Enter; empty it to delete the statement)</small>"),
            self.editor,
            widgets.HBox([self.add_group, self.add_text, self.add_on, self.add_button]),
        ])
        thresholds_box = widgets.VBox([widgets.HTML("<b>Thresholds</b>"), *self.sliders.values(), self.reset_button])
        self.children = [
            widgets.HBox([controls, thresholds_box]),
            self.status,
            self.summary,
            self._slot.widget,
            widgets.Accordion(children=[self.table_html, self.runs_html], titles=("checks of the selected run",
                                                                                   "all runs of the plan")),
        ]
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
                k = _plan_key(t)
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

    # -- the evidence editor -------------------------------------------------------------
    def _group_lists(self, commitment: str, plan: str | None = None, create: bool = False
                     ) -> list[tuple[str, str, list[Any]]]:
        """``(section, group, items)`` for the commitment (or plan level) in the edited data."""
        data = self._plan_data[self.corpus_name][plan or self.plan_key]
        out: list[tuple[str, str, list[Any]]] = []
        if commitment == PLAN_LEVEL:
            pf = data.setdefault("plan_falsifiers", {}) if create else data.get("plan_falsifiers", {})
            for s in fcpkit.SCOPES:
                if create:
                    pf.setdefault(s, [])
                out.append(("plan_falsifiers", s, pf.get(s, [])))
            return out
        c = next((c for c in data["commitments"] if c.get("id") == commitment), None)
        if c is None:
            raise KeyError(f"no commitment {commitment!r}; known: {[c.get('id') for c in data['commitments']]}")
        for section, names in (("confirm", fcpkit.STAGES), ("falsify", fcpkit.SCOPES)):
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
        self.statement_boxes = []
        for st in self.statements(cid):
            on = "" if st["on"] == "state" else f" [{st['on']}]"
            box = widgets.Text(value=st["text"], description=f"{st['section'].replace('plan_falsifiers', 'plan')}."
                               f"{st['group']}[{st['index']}]{on}", continuous_update=False,
                               style={"description_width": "200px"}, layout=widgets.Layout(width="640px"))
            box.observe(self._on_box_factory(cid, st["group"], st["index"]), names="value")
            self.statement_boxes.append(box)
            boxes.append(box)
        self.editor.children = boxes
        groups = list(fcpkit.SCOPES) if cid == PLAN_LEVEL else list(fcpkit.STAGES) + list(fcpkit.SCOPES)
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
        raise KeyError(f"no group {group!r}; use one of {fcpkit.STAGES + fcpkit.SCOPES}")

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
        self._outcomes.pop((self.corpus_name, plan), None)
        self._reports.pop((self.corpus_name, plan), None)
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

    # -- thresholds ----------------------------------------------------------------------
    def _on_slider_factory(self, name: str) -> Callable[[dict[str, Any]], None]:
        def handler(change: dict[str, Any]) -> None:
            if self._updating:
                return
            self._apply_threshold(name, float(change["new"]))
        return handler

    def _apply_threshold(self, name: str, value: float) -> None:
        old = getattr(self.thresholds, name)
        try:
            self.thresholds = self.thresholds.replace(**{name: value})
        except fcpkit.ConfigError as exc:
            self.error = str(exc)
            self.status.value = f"<pre style='color:#d62728'>{esc(exc)}</pre>"
            return
        self.error = None
        self._outcomes.clear()
        self._reports.clear()
        self.recompute(note=f"threshold {name}: {old:.3g} → {value:.3g}")

    def set_threshold(self, name: str, value: float) -> None:
        """Set a threshold (moves its slider when it has one) and recompute."""
        if name in self.sliders:
            if self.sliders[name].value != value:
                self.sliders[name].value = value
                if abs(getattr(self.thresholds, name) - value) > 1e-9:  # slider rounded to its step
                    self._apply_threshold(name, value)
        else:
            self._apply_threshold(name, value)

    def reset(self) -> None:
        """Undo every edit: original plans and thresholds."""
        self._updating = True
        try:
            for cname in self._corpora:
                self._plans[cname] = dict(self._base_plans[cname])
                self._plan_data[cname] = {k: copy.deepcopy(p.to_data()) for k, p in self._base_plans[cname].items()}
            self.thresholds = self.base_thresholds
            for name, s in self.sliders.items():
                s.value = getattr(self.thresholds, name)
            self._refresh_editor()
        finally:
            self._updating = False
        self._outcomes.clear()
        self._reports.clear()
        self.error = None
        self.recompute(note="reset")

    # -- checking ------------------------------------------------------------------------
    def _checker(self) -> fcpkit.Checker:
        return fcpkit.Checker(self.matcher, self.thresholds, verifier=self.verifier)

    def _check_plan(self, cname: str, key: str) -> list[dict[str, Any]]:
        hit = self._outcomes.get((cname, key))
        if hit is None:
            checker = self._checker()
            plan = self._plans[cname][key]
            reps = [checker.check(t, plan) for t in self._groups[cname][key]]
            self._reports[(cname, key)] = reps
            hit = self._outcomes[(cname, key)] = [run_outcome(r) for r in reps]
        return hit

    def _baseline_outcomes(self, cname: str, key: str) -> list[dict[str, Any]]:
        """Outcomes with the unedited plan and the base thresholds (what every change is compared to)."""
        hit = self._baseline_cache.get((cname, key))
        if hit is None:
            checker = fcpkit.Checker(self.matcher, self.base_thresholds, verifier=self.verifier)
            plan = self._base_plans[cname][key]
            hit = self._baseline_cache[(cname, key)] = [run_outcome(checker.check(t, plan))
                                                        for t in self._groups[cname][key]]
        return hit

    def _baseline_corpus(self) -> dict[str, Any]:
        return summarize_outcomes(o for k in self._groups[self.corpus_name]
                                  for o in self._baseline_outcomes(self.corpus_name, k))

    def _corpus_summary(self) -> dict[str, Any]:
        outs = [o for k in self._groups[self.corpus_name] for o in self._check_plan(self.corpus_name, k)]
        return summarize_outcomes(outs)

    def recompute(self, note: str | None = "recompute", *,
                  edited: str | None = None) -> dict[str, Any]:
        """Re-run the checker (cached per plan until an edit touches it) and refresh every view."""
        cname, key = self.corpus_name, self.plan_key
        outs = self._check_plan(cname, key)
        self.reports = self._reports[(cname, key)]
        self.outcomes = outs
        tid = self.traj_dd.value
        self.report = next(r for r in self.reports if r.id == tid)
        mine = next(o for o in outs if o["id"] == tid)
        self.table = _checks_frame(self.report)
        self.results = {
            "corpus": cname, "plan": key, "trajectory": tid, "fault": mine["fault"],
            "first_off_track_step": mine["first_off_track_step"],
            "first_detection_step": mine["first_detection_step"],
            "first_detection_phase": mine["first_detection_phase"],
            "plan_runs": summarize_outcomes(outs),
            "corpus_runs": self._corpus_summary() if self.corpus_wide else None,
            "thresholds": self.thresholds.to_dict(),
        }
        if note is not None:
            entry: dict[str, Any] = {"change": note, "plan": edited or key, "trajectory": tid,
                                     "first_detection_step": mine["first_detection_step"]}
            edited_summary = summarize_outcomes(self._check_plan(cname, edited)) if edited else self.results["plan_runs"]
            entry.update({f"plan_{k}": v for k, v in edited_summary.items() if k != "by_fault"})
            if self.results["corpus_runs"] is not None:
                entry.update({f"corpus_{k}": v for k, v in self.results["corpus_runs"].items() if k != "by_fault"})
            self.history.append(entry)
        if self._ready:
            self._render()
        return self.results

    # -- rendering -----------------------------------------------------------------------
    def _render(self) -> None:
        r = self.results
        rep = self.report
        self._slot.set(step_scores_figure(rep, thresholds=self.thresholds, title=(
            f"{rep.id}: first detection at step {r['first_detection_step']}"
            + (f" ({r['first_detection_phase']})" if r["first_detection_phase"] else "")
            + (f", off track from step {r['first_off_track_step']}" if r["first_off_track_step"] is not None else ""))))
        self.table_html.value = _table_html(self.table)
        if self.error is None:
            self.status.value = (f"<span style='color:#555'>last change: {esc(self.history[-1]['change'])}</span>"
                                 if self.history else "")
        base_plan = summarize_outcomes(self._baseline_outcomes(self.corpus_name, self.plan_key))
        base_corpus = self._baseline_corpus() if self.corpus_wide else {}
        self.baseline = base_corpus
        self.summary.value = _summary_html(r, base_plan, base_corpus)
        self.runs_html.value = _runs_html(self.outcomes)


def _checks_frame(report: fcpkit.TrajectoryReport):
    import pandas as pd

    rows = check_rows(report)
    cols = ["step", "phase", "commitment", "alpha_plus", "alpha_comp", "alpha_minus", "gate_plus", "gate_minus",
            "route", "decision", "rule", "scope", "evidence"]
    return pd.DataFrame([{k: r.get(k) for k in cols} for r in rows], columns=cols)


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.3f}"
    return esc(v if v is not None else "")


def _table_html(df: Any) -> str:
    head = "".join(f"<th style='padding:2px 6px'>{esc(c)}</th>" for c in df.columns)
    body = []
    for rec in df.to_dict("records"):
        cells = []
        for c, v in rec.items():
            style = "padding:2px 6px"
            if c == "route":
                style += f";background:{ROUTE_COLORS.get(v, '#fff')};color:white;font-weight:bold"
            elif c == "decision" and v == "repair":
                style += ";color:#d62728;font-weight:bold"
            if isinstance(v, float) and v != v:
                v = None
            cells.append(f"<td style='{style}'>{_fmt(v)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table style='font-size:0.85em;border-collapse:collapse'><tr>{head}</tr>{''.join(body)}</table>"


def _delta(now: Any, base: Any) -> str:
    if base is None or base == {} or now == base:
        return f"<b>{esc(now)}</b>"
    return f"<b>{esc(now)}</b> <span style='color:#888'>(was {esc(base)})</span>"


def _summary_html(r: dict[str, Any], base_plan: dict[str, Any], base_corpus: dict[str, Any]) -> str:
    p = r["plan_runs"]
    det = r["first_detection_step"]
    lines = [
        f"<b>{esc(r['trajectory'])}</b> ({esc(r['fault'] or 'healthy')}): first detection at step "
        f"<b>{'none' if det is None else det}</b>"
        + (f" ({esc(r['first_detection_phase'])})" if r["first_detection_phase"] else "")
        + (f"; labelled off track at step {r['first_off_track_step']}" if r["first_off_track_step"] is not None else ""),
        f"this plan's runs: false alarms on healthy runs {_delta(p['false_alarms'], base_plan.get('false_alarms'))}"
        f"/{p['healthy']} · faulty caught {_delta(p['caught'], base_plan.get('caught'))}/{p['faulty']}"
        f" · timely {_delta(p['timely'], base_plan.get('timely'))}"
        f" · early alarms {_delta(p['early_alarms'], base_plan.get('early_alarms'))}",
    ]
    c = r.get("corpus_runs")
    if c:
        lines.append(
            f"whole corpus: false alarms {_delta(c['false_alarms'], base_corpus.get('false_alarms'))}/{c['healthy']}"
            f" · caught {_delta(c['caught'], base_corpus.get('caught'))}/{c['faulty']}"
            f" · timely {_delta(c['timely'], base_corpus.get('timely'))}")
        rows = "".join(
            f"<tr><td>{esc(f)}</td><td>{v['runs']}</td><td>{_delta(v['caught'], base_corpus.get('by_fault', {}).get(f, {}).get('caught'))}</td>"
            f"<td>{_delta(v['timely'], base_corpus.get('by_fault', {}).get(f, {}).get('timely'))}</td></tr>"
            for f, v in c["by_fault"].items())
        lines.append("<table style='font-size:0.85em'><tr><th>fault</th><th>runs</th><th>caught</th><th>timely</th></tr>"
                     f"{rows}</table>")
    return "<div>" + "<br>".join(lines) + "</div>"


def _runs_html(outcomes: list[dict[str, Any]]) -> str:
    cols = ["id", "fault", "first_off_track_step", "first_detection_step", "first_detection_phase", "caught",
            "timely", "false_alarm", "detection_evidence"]
    head = "".join(f"<th style='padding:2px 6px'>{esc(c)}</th>" for c in cols)
    body = "".join("<tr>" + "".join(f"<td style='padding:2px 6px'>{_fmt(o.get(c))}</td>" for c in cols) + "</tr>"
                   for o in outcomes)
    return f"<table style='font-size:0.85em;border-collapse:collapse'><tr>{head}</tr>{body}</table>"
