"""Small widget helpers shared by the views (HTML snippets, a figure slot whose state is one output,
rows of panes that wrap in a narrow notebook panel)."""

from __future__ import annotations

import asyncio
import html
import json
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from fcpkit.viz._data import ROUTE_COLORS

_DECISION_COLORS = {"continue": "#6c757d", "advance": "#1f77b4", "repair": "#d62728"}


class FigureSlot:
    """A plotly figure inside a widget tree, re-rendered in place.

    The figure is rendered into an :class:`ipywidgets.Output` whose ``outputs`` (one display-data
    bundle, replaced in a single state update) are the widget's whole state. A front end that
    renders the widget late, after several updates (Run All), draws the latest figure: there is no
    stream of incremental messages to miss, which is what left plotly's ``FigureWidget`` blank when
    its view was created after the kernel had already changed its traces. ``slot.figure`` is the
    object to mutate; call :meth:`refresh` after mutating it, or :meth:`set` to replace it.

    A widget holding the slot calls :meth:`redraw_after_cell` whenever it is displayed: JupyterLab's
    plotly renderer, once it has drawn a figure, stores a PNG of it in the output it drew, and every
    view of the ``Output`` shares that output, so a second view (the widget displayed again, or its
    display updated for the saved notebook's copy) showed the stored picture, not a figure: fixed
    width, no hover, no bars to measure.
    """

    def __init__(self, fig: go.Figure | None = None):
        self.figure = go.Figure(fig) if fig is not None else go.Figure()
        self.widget = widgets.Output()
        self._draws = 0  # bumped by each redraw: an output the front end has not drawn (and stored) yet
        self._redraw_pending = False
        self.refresh()

    def set(self, fig: go.Figure) -> None:
        """Replace traces and layout with those of ``fig``."""
        self.figure = go.Figure(fig)
        self.refresh()

    def refresh(self) -> None:
        self.widget.outputs = ({"output_type": "display_data", "data": plotly_bundle(self.figure),
                                "metadata": {"fcpkit": {"draw": self._draws}}},)

    def redraw_after_cell(self) -> None:
        """Once the running cell has finished (after the display messages it sent), send the figure
        again as a new output, which every view then draws as a figure. Outside IPython: nothing."""
        from IPython import get_ipython  # ipywidgets depends on IPython

        shell = get_ipython()
        if shell is None or self._redraw_pending:
            return

        def redraw(*_: Any) -> None:
            shell.events.unregister("post_run_cell", redraw)
            self._redraw_pending = False
            self._draws += 1
            self.refresh()

        self._redraw_pending = True
        shell.events.register("post_run_cell", redraw)


def plotly_bundle(fig: go.Figure) -> dict[str, Any]:
    """The figure as plotly's mimetype (what JupyterLab's plotly renderer draws), built directly so that
    no other renderer (a static PNG export, seconds each) runs on every update. ``responsive``: a
    figure without a fixed width takes its place's width and follows the window when it is resized
    (inside a widget no panel resize reaches plotly's renderer)."""
    spec = json.loads(fig.to_json())
    spec["config"] = {"displaylogo": False, "responsive": True}
    return {"application/vnd.plotly.v1+json": spec, "text/plain": f"<plotly figure: {len(fig.data)} traces>"}


def with_snapshot(bundle: dict[str, Any] | None, html_snapshot: str) -> dict[str, Any]:
    """A widget's display bundle plus a static ``text/html`` copy of what it shows now: a live front end
    draws the widget (its mimetype ranks first), a reader of the saved notebook (no kernel, no widget
    state: GitHub, an executed copy in docs/) sees the copy."""
    out = dict(bundle or {})
    out["text/html"] = html_snapshot
    return out


def row(children: Any, *, gap: str = "16px") -> widgets.HBox:
    """Panes side by side where the notebook panel has room for them, wrapped one below the other where
    it has not: with JupyterLab's file browser open on a laptop's screen a notebook's outputs are about
    850 px wide, a wide monitor's twice that. Give each pane :func:`pane`'s layout. (No width: a box in
    a column stretches to it; a width of 100% would add the widgets' margins to it.)"""
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", grid_gap=f"4px {gap}"))


def pane(basis: int, most: int | None = None, **layout: Any) -> widgets.Layout:
    """The layout of a pane of a :func:`row`: it stays beside its neighbours while it can be ``basis`` px
    wide (else it wraps below them), grows up to ``most`` px, and is never wider than the panel
    (``min_width`` 0: it shrinks where the panel is narrower than ``basis``)."""
    return widgets.Layout(flex=f"1 1 {basis}px", min_width="0", max_width=f"{most}px" if most else "100%", **layout)


def fill(most: int) -> widgets.Layout:
    """A control (a dropdown, a slider) in a column as wide as the column, up to ``most`` px (``auto``
    width: it stretches, margins included, where 100% would add its margins to the column's width)."""
    return widgets.Layout(width="auto", max_width=f"{most}px")


def pane_css(basis: int, most: int) -> str:
    """:func:`pane` as inline CSS, for the static copies saved notebooks keep (a flex row that wraps)."""
    return f"flex:1 1 {basis}px;min-width:0;max-width:{most}px"


def esc(v: Any) -> str:
    return html.escape("" if v is None else str(v))


def route_badge(route: str | None, decision: str | None = None) -> str:
    if route is None:
        return "<span style='color:#888'>no check yet</span>"
    color = ROUTE_COLORS.get(route, "#888")
    out = (f"<span class='fcp-route' data-route='{esc(route)}' style='background:{color};color:white;"
           f"padding:3px 10px;border-radius:10px;font-weight:bold;font-size:1.1em'>{esc(route).upper()}</span>")
    if decision:
        dc = _DECISION_COLORS.get(decision, "#888")
        out += (f" <span style='color:{dc};font-weight:bold;margin-left:6px'>→ {esc(decision)}</span>")
    return out


def kv_table(pairs: list[tuple[str, Any]]) -> str:
    rows = "".join(
        f"<tr><th style='text-align:left;padding-right:10px;vertical-align:top'>{esc(k)}</th>"
        f"<td style='text-align:left'>{v if isinstance(v, Raw) else esc(v if v is not None else '—')}</td></tr>"
        for k, v in pairs
    )
    return f"<table style='border-collapse:collapse'>{rows}</table>"


class Raw(str):
    """A string already escaped (kv_table leaves it alone)."""


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop when called from it (widget callbacks in Jupyter), else None: timers
    (Play, debounce) run on it, so the state they change stays in Python."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
