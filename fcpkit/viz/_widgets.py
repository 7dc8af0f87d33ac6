"""Small widget helpers shared by the views (HTML snippets, a figure slot that works without anywidget)."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from fcpkit.viz._data import ROUTE_COLORS

_DECISION_COLORS = {"continue": "#6c757d", "advance": "#1f77b4", "repair": "#d62728"}


def figure_widget_available() -> bool:
    """Whether plotly's FigureWidget can be built (plotly >= 6 needs ``anywidget``)."""
    try:
        go.FigureWidget()
        return True
    except Exception:  # noqa: BLE001 - ImportError or plotly's own "please install anywidget"
        return False


class FigureSlot:
    """A plotly figure inside a widget tree, updatable in place.

    Uses a live :class:`plotly.graph_objects.FigureWidget` when it can be built; otherwise a plain
    Figure rendered into an :class:`ipywidgets.Output` (re-rendered by :meth:`refresh`). Either way
    ``slot.figure`` is the object to mutate and ``slot.widget`` the thing to put in a layout.
    """

    def __init__(self, fig: go.Figure | None = None, *, live: bool | None = None):
        self.live = figure_widget_available() if live is None else live
        fig = fig if fig is not None else go.Figure()
        if self.live:
            self.figure: Any = go.FigureWidget(fig)
            self.widget: widgets.Widget = self.figure
        else:
            self.figure = go.Figure(fig)
            self.widget = widgets.Output()
            self.refresh()

    def set(self, fig: go.Figure) -> None:
        """Replace traces and layout with those of ``fig``."""
        if self.live:
            with self.figure.batch_update():
                self.figure.data = ()
                self.figure.add_traces(list(fig.data))
                self.figure.layout = fig.layout
        else:
            self.figure = go.Figure(fig)
            self.refresh()

    def refresh(self) -> None:
        if self.live:
            return
        out: widgets.Output = self.widget  # type: ignore[assignment]
        out.outputs = ()
        out.append_display_data(self.figure)


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
