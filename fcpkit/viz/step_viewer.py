"""StepViewer: step through one run check by check, or watch a live run stream in.

For the current check (a step and a phase: ``pre`` = the proposed action before it ran, ``post`` =
the page after it) the viewer shows alpha+, alpha_comp and alpha− as bars against the gates and
margins, the route as a coloured badge with the decision taken, the rule that fired, the diagnosed
scope and best falsifier, the action, the page (AXTree text, and the screenshot when there is
one), and the plan with the active commitment highlighted.
"""

from __future__ import annotations

from contextlib import contextmanager
import base64
from pathlib import Path
from typing import Any, Iterator, Sequence

import ipywidgets as widgets
import plotly.graph_objects as go

import fcpkit
from fcpkit.core.plan import SCOPES, STAGES

from fcpkit.viz._data import ROUTE_COLORS, check_rows, infer_steps, runs_in_log
from fcpkit.viz._explain_panel import ExplainPanel, marked_screenshot, screenshot_bytes
from fcpkit.viz._widgets import (FigureSlot, Raw, esc, kv_table, pane, pane_css, route_badge, row, running_loop,
                                 with_snapshot)

__all__ = ["StepViewer", "plan_html"]

_BARS = ("α+", "α_comp", "α−")
_BAR_COLORS = ("#1f77b4", "#6baed6", "#d62728")


def plan_html(plan: fcpkit.Plan | None, active: str | None = None, *, evidence: str | None = None,
              confirming: str | None = None) -> str:
    """The plan as HTML: plan-level falsifiers, then commitments with ``active`` highlighted and its
    statements listed (the best falsifier in red, the best confirming statement in green)."""
    if plan is None:
        return "<i>no plan</i>"

    def stmt(e: fcpkit.Evidence) -> str:
        on = "" if e.on == "state" else f" <small style='color:#888'>[on {esc(e.on)}]</small>"
        if evidence is not None and e.text == evidence:
            return (f"<li class='fcp-best-falsifier' style='color:#d62728;font-weight:bold'>{esc(e.text)}{on}"
                    " ◀ best falsifier</li>")
        if confirming is not None and e.text == confirming:
            return (f"<li class='fcp-best-confirming' style='color:#2ca02c;font-weight:bold'>{esc(e.text)}{on}"
                    " ◀ best confirming</li>")
        return f"<li>{esc(e.text)}{on}</li>"

    def groups(prefix: str, mapping: Any, names: Sequence[str]) -> str:
        parts = []
        for n in names:
            items = mapping.get(n, ())
            if items:
                parts.append(f"<div><b>{prefix}.{esc(n)}</b><ul style='margin:0 0 0 1em'>"
                             + "".join(stmt(e) for e in items) + "</ul></div>")
        return "".join(parts)

    out = [f"<div style='font-size:0.9em'><div><b>task:</b> {esc(plan.task)}</div>"]
    pf = groups("plan_falsifiers", plan.plan_falsifiers, SCOPES)
    if pf:
        out.append(f"<div style='margin:4px 0;padding:4px;border:1px dashed #aaa'>{pf}</div>")
    out.append("<ol style='padding-left:1.4em;margin:4px 0'>")
    for c in plan.commitments:
        if c.id == active:
            body = groups("confirm", c.confirm, STAGES) + groups("falsify", c.falsify, SCOPES)
            out.append(f"<li class='fcp-active' data-commitment='{esc(c.id)}' style='background:#fff3bf;"
                       f"border-left:4px solid #f0ad4e;padding:4px'><b>{esc(c.id)}</b> (κ {c.confidence:.2f}): "
                       f"{esc(c.subgoal)}{body}</li>")
        else:
            out.append(f"<li style='color:#555'><b>{esc(c.id)}</b>: {esc(c.subgoal)}</li>")
    out.append("</ol></div>")
    return "".join(out)


class StepViewer(widgets.VBox):
    """Step through a run's checks with a slider and a Play button; ``push`` streams a live run in.

    ``source`` is a :class:`fcpkit.TrajectoryReport` (pass its ``trajectory`` too, for actions, pages
    and the plan), an evidence log (DataFrame from :func:`fcpkit.read_log`, :class:`fcpkit.EvidenceLog`
    or a log path; ``run`` picks the run, default the trajectory's id or the first run), a list of
    checks, or ``None`` for a live run fed by :meth:`push`. ``base_dir`` resolves screenshot paths
    (the corpus file's folder).

    ``start``: the check shown first (an index, or ``"last"``). The page is shown beside the
    scores: the screenshot when the check's observation has one (a path, resolved against
    ``base_dir``, or PNG bytes), else the accessibility-tree text.

    The displayed check belongs to the viewer (``viewer.index``); the slider and the Play toggle are
    inputs, and Play's clock is a timer on the kernel's event loop. Headless use:
    ``viewer.slider.value = i`` or :meth:`show` change it, :meth:`tick` is one step of Play;
    ``viewer.current`` is the displayed check as a dict.
    """

    def __init__(
        self,
        source: Any = None,
        trajectory: fcpkit.Trajectory | None = None,
        *,
        plan: fcpkit.Plan | None = None,
        run: str | None = None,
        thresholds: fcpkit.Thresholds | None = None,
        base_dir: str | Path | None = None,
        interval_ms: int = 800,
        start: int | str = 0,
        matcher: Any = None,
    ):
        super().__init__()
        self.matcher = matcher if matcher is not None else fcpkit.LexicalMatcher()  # for explain and outlines
        self.trajectory = trajectory
        self.plan = plan or (trajectory.plan if trajectory is not None else None)
        self.thresholds = thresholds or fcpkit.Thresholds()
        if base_dir is None and isinstance(source, (str, Path)):
            base_dir = Path(source).parent  # a log's screenshots are stored relative to it
        self.base_dir = Path(base_dir) if base_dir is not None else None
        self.frames: list[dict[str, Any]] = []
        self.index: int | None = None
        self.first_off_track_step = None
        if isinstance(source, fcpkit.TrajectoryReport):
            self.first_off_track_step = source.first_off_track_step
            self.run = source.id
        else:
            if run is None and trajectory is not None and source is not None and not isinstance(source, (list, tuple)):
                try:
                    runs = runs_in_log(source)
                except Exception:  # noqa: BLE001 - not a log: check_rows will say what it is
                    runs = []
                run = trajectory.id if trajectory.id in runs else None
            self.run = run
            if trajectory is not None:
                self.first_off_track_step = trajectory.label.first_off_track_step
        for row in check_rows(source, run=run, thresholds=self.thresholds) if source is not None else []:
            self.frames.append(self._attach(row))

        self._build_widgets(interval_ms)
        if self.frames:
            self.show(len(self.frames) - 1 if start == "last" else int(start))
        else:
            self._render_empty()

    def _build_widgets(self, interval_ms: int) -> None:
        # The displayed check is owned here, in Python (``self.index``). The slider is an input to
        # :meth:`show`, which moves it; Play is a toggle whose ticks are a timer on the kernel's loop.
        # Nothing runs in the front end: a jslink next to these observers echoed stale values back after
        # a live run, and ipywidgets' own Play (a timer in the browser) stalls when its view is drawn
        # twice; both snapped the viewer back to an early check.
        self._syncing = False
        self._timer: Any = None
        self.interval_ms = interval_ms
        last = max(len(self.frames) - 1, 0)
        self.play = widgets.ToggleButton(value=False, description="Play", icon="play", tooltip="step through the checks",
                                         layout=widgets.Layout(width="90px", flex="0 0 auto"))
        # no readout: the position beside it says "check i/n", counted from 1 as a person counts
        self.slider = widgets.IntSlider(value=0, min=0, max=last, step=1, description="check", readout=False,
                                        continuous_update=True, layout=pane(240, 420, width="auto"))
        self.play.observe(self._on_play, names="value")
        self.slider.observe(self._on_control, names="value")
        self.position = widgets.HTML()
        self.badge = widgets.HTML()
        self.details = widgets.HTML()
        self.action_html = widgets.HTML()
        self.page_caption = widgets.HTML()
        self.page = widgets.HTML()
        # the screenshot scales down to its pane (never up: not stretched across a wide one; no side
        # margins, which max-width 100% would not count)
        self.screenshot = widgets.Image(format="png", layout=widgets.Layout(max_width="100%", height="auto",
                                                                            margin="2px 0", align_self="flex-start",
                                                                            display="none", border="1px solid #ccc"))
        self.plan_view = widgets.HTML(layout=widgets.Layout(max_height="420px", overflow="auto"))
        self.marks, self.explainer = widgets.HTML(), ExplainPanel(self.matcher)
        self._slot = FigureSlot(self._bars_figure())

        self.add_class("fcp-step-viewer")
        self.play.add_class("fcp-play")
        self.position.add_class("fcp-position")
        self.screenshot.add_class("fcp-screenshot")
        # rows of panes that wrap where the notebook panel is narrow (the file browser open on a laptop)
        self.children = [
            row([self.play, self.slider, self.position], gap="8px"),
            row([widgets.VBox([self._slot.widget, self.badge], layout=pane(360, 560)),
                 widgets.VBox([self.page_caption, self.screenshot, self.marks, self.page], layout=pane(400, 640))]),
            row([widgets.VBox([self.details, self.explainer, self.action_html], layout=pane(360, 560)),
                 widgets.VBox([widgets.HTML("<b>Plan</b>"), self.plan_view], layout=pane(360, 640))]),
        ]

    # -- building frames ---------------------------------------------------------------------
    def _attach(self, row: dict[str, Any], action: Any = None, observation: Any = None,
                before: Any = None) -> dict[str, Any]:
        """Add the action and the page shown for this check (the page before a ``pre`` check)."""
        step = row.get("step")
        t = self.trajectory
        if t is not None and isinstance(step, int) and 0 <= step < len(t.steps):
            s = t.steps[step]
            action = action if action is not None else s.action
            prev = t.initial_observation if step == 0 else t.steps[step - 1].observation
            if row.get("phase") == "pre":
                observation = observation if observation is not None else prev
            else:
                observation = observation if observation is not None else s.observation
                before = before if before is not None else prev
        logged = row.get("page")
        if observation is None and isinstance(logged, dict):  # a live run's log: url, title, screenshot
            observation = fcpkit.Observation(logged.get("url") or "", logged.get("title") or "",
                                             logged.get("text") or "", screenshot=logged.get("screenshot"),
                                             extra={"boxes": logged["boxes"]} if logged.get("boxes") else {})
        row = dict(row)
        row["action"] = action
        row["observation"] = observation
        row["before"] = before
        return row

    @property
    def current(self) -> dict[str, Any] | None:
        """The displayed check (a row of :func:`fcpkit.viz.check_rows` plus action and observation)."""
        return None if self.index is None else self.frames[self.index]

    def push(self, check: Any, action: Any = None, observation: Any = None, *, step: int | None = None,
             decision: str | None = None, follow: bool = True) -> dict[str, Any]:
        """Append one check of a live run and (with ``follow``) show it.

        ``check``: a :class:`fcpkit.CheckResult`, :class:`fcpkit.StepCheck` or a check dict.
        ``observation``: the page for this check (for ``pre``, the page the action was proposed on;
        when omitted, the last page seen is reused). ``step`` is inferred when not given: a ``pre``
        opens a new step, a ``post`` after a ``pre`` closes it, a ``post`` after a ``post`` opens
        the next one.
        """
        rows = check_rows([check], thresholds=self.thresholds)
        row = rows[0]
        if step is not None:
            row["step"] = step
        elif not isinstance(check, fcpkit.StepCheck) and self.frames:
            tmp = [{"step": self.frames[-1]["step"], "phase": self.frames[-1].get("phase")},
                   {"step": None, "phase": row.get("phase")}]
            infer_steps(tmp)
            row["step"] = tmp[1]["step"]
        if decision is not None:
            row["decision"] = getattr(decision, "value", decision)
        elif row.get("decision") is None and row.get("route") == "continue":
            row["decision"] = "continue"
        if observation is None and self.frames:
            observation = self.frames[-1].get("observation")
        if action is None and self.frames and self.frames[-1]["step"] == row["step"]:
            action = self.frames[-1].get("action")
        frame = self._attach(row, action, observation)
        was_at_end = self.index is None or self.index == len(self.frames) - 1
        self.frames.append(frame)
        last = len(self.frames) - 1
        with self._sync():
            self.slider.max = last
        if follow and was_at_end:
            self.show(last)
        else:
            self._render_position()
        return frame

    # -- a static copy for saved notebooks -------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        self._slot.redraw_after_cell()  # a new view draws the figure, not the picture of an earlier one
        return with_snapshot(super()._repr_mimebundle_(**kwargs), self.snapshot_html())

    def snapshot_html(self) -> str:
        """What the viewer shows now as static HTML (scores as bars, the page's screenshot or text, the
        plan): the copy a saved notebook keeps for readers without a kernel."""
        f = self.current
        if f is None:
            return f"<div class='fcp-step-viewer-static'>{self.position.value}</div>"
        t = self.thresholds
        bars = "".join(
            f"<tr><th style='text-align:left;padding-right:8px'>{name}</th><td style='width:60%'>"
            f"<div style='background:{color};width:{max(0.0, min(1.0, v or 0.0)) * 100:.0f}%;height:14px'></div></td>"
            f"<td style='padding-left:6px'>{'n/a' if v is None else f'{v:.2f}'}</td></tr>"
            for name, v, color in zip(_BARS, (f["alpha_plus"], f.get("alpha_comp"), f["alpha_minus"]), _BAR_COLORS))
        gp, gm = f.get("gate_plus"), f.get("gate_minus")
        gates = (f"τ+(κ) {'n/a' if gp is None else f'{gp:.2f}'} · τ−(κ) {'n/a' if gm is None else f'{gm:.2f}'} · "
                 f"π_low {t.pi_low:.2f}")
        shot = self._screenshot_bytes(getattr(f.get("observation"), "screenshot", None))
        page = (f"<img style='max-width:100%;border:1px solid #ccc' src='data:image/{shot[1]};base64,"
                f"{base64.b64encode(shot[0]).decode()}'/>" if shot else self.page.value)
        return ("<div class='fcp-step-viewer-static' style='display:flex;flex-wrap:wrap;gap:16px'>"
                f"<div style='{pane_css(360, 560)}'><div>{self.position.value}</div><div style='margin:6px 0'>"
                f"{self.badge.value}</div><table style='width:100%'>{bars}</table>"
                f"<div style='font-size:0.85em;color:#555'>{gates}</div>{self.details.value}{self.action_html.value}</div>"
                f"<div style='{pane_css(400, 640)}'>{self.page_caption.value}{page}</div>"
                f"<div style='{pane_css(360, 640)}'><b>Plan</b>{self.plan_view.value}</div></div>")

    # -- events ------------------------------------------------------------------------------
    def _on_control(self, change: dict[str, Any]) -> None:
        if not self._syncing and self.frames:
            self.show(int(change["new"]))

    def _on_play(self, change: dict[str, Any]) -> None:
        """Play from the displayed check (from the first when at the end), one check per ``interval_ms``."""
        self.play.icon, self.play.description = ("pause", "Pause") if change["new"] else ("play", "Play")
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if not change["new"]:
            return
        if not self.frames:
            self.play.value = False
            return
        if self.index is None or self.index >= len(self.frames) - 1:
            self.show(0)
        self._schedule()

    def _schedule(self) -> None:
        loop = running_loop()
        if loop is not None:  # without a running loop (a script) Play has no clock: call tick() yourself
            self._timer = loop.call_later(self.interval_ms / 1000, self.tick)

    def tick(self) -> None:
        """One step of Play: show the next check; stop at the last."""
        self._timer = None
        if not self.play.value or self.index is None:
            return
        if self.index < len(self.frames) - 1:
            self.show(self.index + 1)
        if self.index >= len(self.frames) - 1:
            self.play.value = False
        else:
            self._schedule()

    @contextmanager
    def _sync(self) -> Iterator[None]:
        """Move the controls without their observers re-entering :meth:`show`."""
        self._syncing = True
        try:
            yield
        finally:
            self._syncing = False

    # -- rendering ---------------------------------------------------------------------------
    def _bars_figure(self) -> go.Figure:
        fig = go.Figure(go.Bar(x=list(_BARS), y=[0, 0, 0], marker_color=list(_BAR_COLORS), name="scores",
                               text=["", "", ""], textposition="outside"))
        fig.update_layout(yaxis=dict(range=[0, 1.1], title="score"), height=300,  # as wide as its pane
                          margin=dict(l=50, r=10, t=40, b=30), showlegend=False, title="")
        return fig

    def _render_empty(self) -> None:
        self.index = None
        self.position.value = "<i>no checks yet</i>"
        self.badge.value = route_badge(None)
        self.details.value = ""
        self.action_html.value = ""
        self.page_caption.value = "<b>Page</b>"
        self.page.value = ""
        self.screenshot.layout.display = "none"
        self.plan_view.value = plan_html(self.plan)

    def _render_position(self) -> None:
        if self.index is None:
            return
        f = self.frames[self.index]
        off = ""
        if self.first_off_track_step is not None and f["step"] >= self.first_off_track_step:
            off = " <span style='color:#d62728'>(off track per label)</span>"
        self.position.value = (f"check {self.index + 1}/{len(self.frames)} · step <b>{f['step']}</b> · "
                               f"phase <b>{esc(f.get('phase'))}</b>{off}")

    def show(self, i: int) -> None:
        """Display check ``i`` (also moves the slider)."""
        if not self.frames:
            self._render_empty()
            return
        i = max(0, min(int(i), len(self.frames) - 1))
        self.index = i
        with self._sync():
            self.slider.value = i
        f = self.frames[i]
        t = self.thresholds
        self._render_position()
        self.badge.value = route_badge(f.get("route"), f.get("decision"))
        self._render_bars(f)
        # details; an α− the checker left unnamed is put to the statement behind it where the matcher finds it
        gp, gm = f.get("gate_plus"), f.get("gate_minus")
        unnamed = self._unnamed_falsifier(f)
        shown = f if unnamed is None else {**f, "evidence": unnamed}
        if f.get("evidence"):
            falsifier = f"{f['evidence']} ({f.get('evidence_level') or 'commitment'}-level)"
        elif unnamed is not None:
            falsifier = (f"{unnamed} (scores α− {f['alpha_minus']:.2f} on this page; the checker names a falsifier from "
                         f"π_low {t.pi_low:.2f} on)")
        else:
            falsifier = None
        rule = f.get("rule")
        rule_txt = Raw(f"<b style='color:#d62728'>{esc(rule)}</b>: {esc(f.get('rule_detail'))}") if rule else None
        self.details.value = kv_table([
            ("rule fired", rule_txt),
            ("scope", f.get("scope")),
            ("best falsifier", falsifier),
            ("best confirming", f.get("confirming")),
            ("κ / gates", f"κ {f.get('kappa', 0.5):.2f} · τ+ {'n/a' if gp is None else f'{gp:.2f}'} · "
                          f"τ− {'n/a' if gm is None else f'{gm:.2f}'}"),
            ("decision", " · ".join(str(x) for x in (f.get("decision"), f.get("verifier"), f.get("diagnosis")) if x)
             or None),
        ])
        a = f.get("action")
        if a is not None:
            eff = getattr(a, "effect", "read")
            eff_html = f"<b style='color:#d62728'>{esc(eff)}</b>" if eff == "irreversible" else esc(eff)
            self.action_html.value = "<b>Action</b>" + kv_table([
                ("command", Raw(f"<code>{esc(getattr(a, 'command', a))}</code>")),
                ("target", getattr(a, "target", None)), ("reasoning", getattr(a, "reasoning", None)),
                ("effect", Raw(eff_html)),
            ])
        else:
            self.action_html.value = "<b>Action</b> <i>not recorded</i>"
        self._render_page(shown)
        self.explainer.update(shown)
        self.plan_view.value = plan_html(self.plan, f.get("commitment"), evidence=shown.get("evidence"),
                                         confirming=f.get("confirming"))

    def _render_bars(self, f: dict[str, Any]) -> None:
        """α+, α_comp and α− as bars against their gates and margins, on the route's tint."""
        t = self.thresholds
        ap, am = float(f["alpha_plus"]), float(f["alpha_minus"])
        ac = f.get("alpha_comp")
        gp, gm = f.get("gate_plus"), f.get("gate_minus")
        fig = self._slot.figure
        shapes: list[dict[str, Any]] = []
        notes: list[dict[str, Any]] = []

        def hline(name: str, y: float, x0: float, x1: float, color: str, dash: str, label: str,
                  layer: str = "above") -> None:
            shapes.append(dict(type="line", name=name, xref="x", yref="y", x0=x0, x1=x1, y0=y, y1=y, layer=layer,
                               line=dict(color=color, dash=dash, width=2.5)))
            notes.append(dict(x=x1, y=y, xref="x", yref="y", text=label, showarrow=False, xanchor="right",
                              yshift=8, font=dict(size=10, color=color), bgcolor="rgba(255,255,255,0.7)"))

        if gp is not None:
            hline("gate_plus", gp, -0.45, 1.45, "#1f77b4", "dash", f"τ+ {gp:.2f}")
        if gm is not None:
            hline("gate_minus", gm, 1.55, 2.45, "#d62728", "dash", f"τ− {gm:.2f}")
        if ac is not None:
            hline("margin_plus", min(am + t.delta_plus, 1.05), 0.55, 1.45, "#1f77b4", "dot", "α−+δ+")
        hline("margin_minus", min(ap + t.delta_minus, 1.05), 1.55, 2.45, "#d62728", "dot", "α++δ−")
        hline("pi_low", t.pi_low, -0.5, 2.5, "#888", "dashdot", f"π_low {t.pi_low:.2f}", layer="below")
        ys = [ap, ac if ac is not None else 0.0, am]
        with fig.batch_update():
            fig.data[0].y = ys
            fig.data[0].text = [f"{ap:.2f}", "n/a" if ac is None else f"{ac:.2f}", f"{am:.2f}"]
            fig.layout.shapes = shapes
            fig.layout.annotations = notes
            fig.layout.title = dict(text=f"{f.get('commitment') or ''} · step {f['step']} {f.get('phase') or ''}",
                                    font=dict(size=13))
            fig.layout.plot_bgcolor = _tint(ROUTE_COLORS.get(f.get("route"), "#888888"))
        self._slot.refresh()

    def _unnamed_falsifier(self, f: dict[str, Any]) -> str | None:
        """The falsifier behind an α− the checker scored but did not name: it names one on a *risk* or
        *verify* route or from π_low on, so a page that continues or completes with α− 0.39 showed a score
        with no statement (and *explain α−* disabled). Of the active commitment's and the plan's
        falsifiers read on the page, the one the matcher scores at α− on the check's page; ``None``
        where none does (the checker read a view of the page the matcher alone does not reproduce), on
        an action's check, or where the checker named one."""
        am, o, plan = float(f.get("alpha_minus") or 0.0), f.get("observation"), self.plan
        if f.get("evidence") or am <= 0 or f.get("phase") == "pre" or o is None or plan is None:
            return None
        c = next((c for c in plan.commitments if c.id == f.get("commitment")), None)
        texts = [e.text for _, e in (*(c.falsifiers() if c else ()), *plan.plan_level()) if e.on != "action"]
        if not texts:
            return None
        scores = [float(row[0]) for row in self.matcher.score(texts, [o.serialize()])]
        best = max(range(len(texts)), key=scores.__getitem__)
        return texts[best] if abs(scores[best] - am) < 0.005 else None

    def _render_page(self, f: dict[str, Any]) -> None:
        """The page beside the scores: its screenshot when there is one, else its accessibility tree."""
        o = f.get("observation")
        if o is None:
            self.page_caption.value = "<b>Page</b> <i>not recorded</i>"
            self.page.value = ""
            self.screenshot.layout.display = "none"
            return
        which = "page the action was proposed on" if f.get("phase") == "pre" else "page after the action"
        err = f" · <b style='color:#d62728'>error: {esc(o.error)}</b>" if getattr(o, "error", None) else ""
        shot = self._screenshot_bytes(getattr(o, "screenshot", None))
        self.page_caption.value = (f"<div class='fcp-page-caption' style='font-size:0.85em;color:#555'><b>Page</b> · "
                                   f"{which}: <b>{esc(o.title)}</b> · <code>{esc(o.url)}</code>{err}"
                                   f"{'' if shot else ' · <i>no screenshot: accessibility tree</i>'}</div>")
        self.marks.value = ""
        if shot is not None:
            data, fmt = shot
            data, self.marks.value = marked_screenshot(data, fmt, f, self.matcher)
            self.screenshot.format = fmt
            self.screenshot.value = data
            self.screenshot.layout.display = ""
            self.page.value = (f"<details><summary style='font-size:0.8em;color:#555'>accessibility tree</summary>"
                               f"{_axtree_html(o.text, 200)}</details>") if o.text else ""
        else:
            self.screenshot.layout.display = "none"
            self.page.value = _axtree_html(o.text, 420) if o.text else "<i>no page text recorded</i>"

    def _screenshot_bytes(self, shot: Any) -> tuple[bytes, str] | None:
        return screenshot_bytes(shot, self.base_dir)


def _tint(hex_color: str, alpha: float = 0.08) -> str:
    h = hex_color.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
    return f"rgba({r},{g},{b},{alpha})"


def _axtree_html(text: str, max_height: int) -> str:
    return (f"<pre class='fcp-page' style='max-height:{max_height}px;overflow:auto;font-size:0.8em;"
            f"background:#f8f8f8;padding:6px;box-sizing:border-box;width:100%;margin:2px 0'>{esc(text)}</pre>")
