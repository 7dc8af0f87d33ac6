"""Plotly figure builders: the router's regions, per-step scores, and saving figures to disk.

Every builder returns a plain :class:`plotly.graph_objects.Figure` whose traces are named, so a
test (or a user) can find "α+" or "gate τ−(κ)" by name. None fixes its width: a figure takes the
width of the output it is drawn in (a notebook panel beside JupyterLab's file browser is about
850 px), and legends sit under the plot, inside the figure. Regions are computed by calling
:func:`fcpkit.route` itself on a grid, never by re-deriving Equation 6 here: the picture cannot
drift from the router.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots

import fcpkit

from fcpkit.viz._data import ROUTE_COLORS, ROUTE_SYMBOLS, ROUTES, check_rows, first_repair

__all__ = ["router_regions_figure", "router_regions_comparison", "step_scores_figure", "save_figure", "route_grid"]

_PLUS_COLOR = "#1f77b4"
_MINUS_COLOR = "#d62728"
_GUIDE = "rgba(40,40,40,0.85)"
#: The width of a PNG written by :func:`save_figure` for a figure that takes its output's width.
PNG_WIDTH = 900


def route_grid(
    thresholds: fcpkit.Thresholds | None = None, kappa: float = 0.5, *, resolution: int = 101,
    can_complete: bool = True,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(xs, ys, z)``: ``z[j, i]`` is the index in :data:`ROUTES` of ``route(xs[i], ys[j], kappa)``.

    ``xs`` is alpha+ (with alpha_comp = alpha+), ``ys`` alpha-; the periodic check is not involved
    (zero consecutive continues).
    """
    t = thresholds or fcpkit.Thresholds()
    xs = np.linspace(0.0, 1.0, resolution)
    ys = np.linspace(0.0, 1.0, resolution)
    index = {r: i for i, r in enumerate(ROUTES)}
    z = np.empty((resolution, resolution), dtype=int)
    for j, am in enumerate(ys):
        for i, ap in enumerate(xs):
            z[j, i] = index[fcpkit.route(float(ap), float(am), kappa, t, can_complete=can_complete).value]
    return xs, ys, z


def _discrete_colorscale() -> list[list[Any]]:
    n = len(ROUTES)
    scale: list[list[Any]] = []
    for i, r in enumerate(ROUTES):
        scale += [[i / n, ROUTE_COLORS[r]], [(i + 1) / n, ROUTE_COLORS[r]]]
    return scale


def _line(name: str, x: Sequence[float], y: Sequence[float], *, dash: str = "dash", color: str = _GUIDE,
          group: str = "guides", width: float = 2, hover: str | None = None) -> go.Scatter:
    return go.Scatter(x=list(x), y=list(y), mode="lines", name=name, legendgroup=group,
                      line=dict(color=color, dash=dash, width=width),
                      hovertemplate=(hover or name) + "<extra></extra>")


def _point_hover(r: dict[str, Any]) -> str:
    parts = [f"step {r['step']} · {r.get('phase') or ''} · {r.get('commitment') or ''}",
             f"α+ {r['alpha_plus']:.2f}  α− {r['alpha_minus']:.2f}  κ {r.get('kappa', 0.5):.2f}",
             f"route <b>{r.get('route')}</b>" + (f" → {r['decision']}" if r.get("decision") else "")]
    if r.get("rule"):
        parts.append(f"rule: {r['rule']}")
    if r.get("evidence"):
        parts.append(f"evidence ({r.get('scope') or '?'}): {r['evidence']}")
    return "<br>".join(parts)


def router_regions_figure(
    thresholds: fcpkit.Thresholds | None = None,
    kappa: float = 0.5,
    points: Any = None,
    *,
    resolution: int = 101,
    can_complete: bool = True,
    title: str | None = None,
) -> go.Figure:
    """The router's four regions on the alpha+ × alpha− plane, with gates and margins marked.

    ``points`` (optional): checks to overlay, anything :func:`check_rows` reads (a report, a list of
    :class:`fcpkit.CheckResult`...). Points keep their own routes, which may differ from the region
    under them when a rule fired, alpha_comp differs from alpha+, or their kappa differs.
    ``can_complete=False`` draws the action-level router (no *complete* region).
    """
    t = thresholds or fcpkit.Thresholds()
    xs, ys, z = route_grid(t, kappa, resolution=resolution, can_complete=can_complete)
    names = np.array(ROUTES, dtype=object)[z]
    fig = go.Figure()
    fig.add_trace(go.Heatmap(
        x=xs, y=ys, z=z, name="regions", zmin=-0.5, zmax=len(ROUTES) - 0.5, colorscale=_discrete_colorscale(),
        opacity=0.55, text=names, hovertemplate="α+ %{x:.2f}, α− %{y:.2f}: <b>%{text}</b><extra></extra>",
        colorbar=dict(title="route", tickvals=list(range(len(ROUTES))), ticktext=list(ROUTES), len=0.6),
    ))
    gp, gm = t.gate_plus(kappa), t.gate_minus(kappa)
    u, pl, dp, dm = t.uncertainty, t.pi_low, t.delta_plus, t.delta_minus
    if can_complete:
        fig.add_trace(_line(f"gate τ+(κ) = {gp:.2f}", [gp, gp], [0, 1], color=_PLUS_COLOR, dash="solid"))
    fig.add_trace(_line(f"gate τ−(κ) = {gm:.2f}", [0, 1], [gm, gm], color=_MINUS_COLOR, dash="solid"))
    if u > 0:
        ux: list[float | None] = [0, 1, None]
        uy: list[float | None] = [gm - u, gm - u, None]
        if can_complete:
            ux += [gp - u, gp - u]
            uy += [0, 1]
        fig.add_trace(_line(f"uncertainty band ({u:.2f} below a gate)", ux, uy, dash="dot", width=1.5))
    if can_complete:
        fig.add_trace(_line(f"π_low = {pl:.2f} (both weak below)", [0, pl, pl], [pl, pl, 0], dash="dashdot"))
    else:
        fig.add_trace(_line(f"π_low = {pl:.2f} (α− weak below)", [0, 1], [pl, pl], dash="dashdot"))
    # drift margin: alpha- - alpha+ >= delta-, i.e. above the line alpha- = alpha+ + delta-
    fig.add_trace(_line(f"margin δ− = {dm:.2f} (α− ≥ α+ + δ−)", [0, 1 - dm], [dm, 1], color=_MINUS_COLOR))
    if can_complete:  # completion margin: alpha+ - alpha- >= delta+, right of alpha+ = alpha- + delta+
        fig.add_trace(_line(f"margin δ+ = {dp:.2f} (α+ ≥ α− + δ+)", [dp, 1], [0, 1 - dp], color=_PLUS_COLOR))
    if points is not None:
        rows = check_rows(points, thresholds=t)
        for r in ROUTES:
            sel = [row for row in rows if row.get("route") == r]
            if not sel:
                continue
            fig.add_trace(go.Scatter(
                x=[row["alpha_plus"] if row.get("alpha_comp") is None else row["alpha_comp"] for row in sel],
                y=[row["alpha_minus"] for row in sel], mode="markers+text", name=f"checks: {r}", legendgroup="checks",
                text=[f"{row['step']}{'·pre' if row.get('phase') == 'pre' else ''}" for row in sel],
                textposition="top center",
                marker=dict(color=ROUTE_COLORS[r], symbol=ROUTE_SYMBOLS[r], size=12, line=dict(color="black", width=1.5)),
                hovertext=[_point_hover(row) for row in sel], hoverinfo="text",
            ))
    which = "state level (α_comp = α+)" if can_complete else "action level (no complete)"
    fig.update_layout(
        title=title or f"Router regions at κ = {kappa:.2f}, {which}",
        xaxis=dict(title="α+ (confirming support)", range=[-0.03, 1.03], constrain="domain"),
        yaxis=dict(title="α− (falsifying support)", range=[-0.03, 1.03], scaleanchor="x", scaleratio=1),
        # no fixed width: the figure takes its output's width, the legend under the plane (beside it, a
        # narrow notebook panel would leave the plane no room)
        legend=dict(orientation="h", x=0, y=-0.14, yanchor="top"), height=720, margin=dict(l=60, r=20, t=60, b=60),
    )
    return fig


def router_regions_comparison(
    left: fcpkit.Thresholds,
    right: fcpkit.Thresholds,
    kappa: float = 0.5,
    *,
    names: tuple[str, str] = ("left", "right"),
    resolution: int = 101,
) -> go.Figure:
    """Two threshold sets' regions side by side at one κ, with the cells where they differ outlined.

    Each panel is :func:`router_regions_figure`'s heatmap and guides; the black contour in both
    panels encloses the points the two sets route differently. Grid counts of every
    (left route, right route) pair are in ``fig.layout.meta["differences"]``.
    """
    panels = [router_regions_figure(t, kappa, resolution=resolution) for t in (left, right)]
    xs, ys, z_left = route_grid(left, kappa, resolution=resolution)
    _, _, z_right = route_grid(right, kappa, resolution=resolution)
    differ = (z_left != z_right).astype(int)
    fig = make_subplots(rows=1, cols=2, subplot_titles=[f"{n} (κ = {kappa:.2f})" for n in names],
                        horizontal_spacing=0.08)
    for col, panel in enumerate(panels, start=1):
        for trace in panel.data:
            trace = go.Figure(trace).data[0]
            if isinstance(trace, go.Heatmap):
                trace.update(showscale=col == 1, colorbar=dict(title="route", x=1.02, len=0.6))
            trace.update(showlegend=col == 1 and not isinstance(trace, go.Heatmap))
            fig.add_trace(trace, row=1, col=col)
        if differ.any():
            fig.add_trace(go.Contour(x=xs, y=ys, z=differ, name=f"{names[0]} ≠ {names[1]}", showscale=False,
                                     contours=dict(start=0.5, end=0.5, size=1, coloring="none"),
                                     line=dict(color="black", width=3), hoverinfo="skip",
                                     showlegend=col == 1), row=1, col=col)
        fig.update_xaxes(title="α+ (confirming support)", range=[-0.03, 1.03], row=1, col=col)
        fig.update_yaxes(title="α− (falsifying support)" if col == 1 else None, range=[-0.03, 1.03], row=1, col=col)
    pairs: dict[str, int] = {}
    for a, b in zip(z_left[differ == 1].tolist(), z_right[differ == 1].tolist()):
        key = f"{ROUTES[a]} → {ROUTES[b]}"
        pairs[key] = pairs.get(key, 0) + 1
    fig.update_layout(title=f"Router regions: {names[0]} vs {names[1]} (outlined: routed differently)",
                      height=560, legend=dict(orientation="h", y=-0.18),  # as wide as its output
                      margin=dict(l=60, r=60, t=80, b=60), meta={"differences": pairs, "cells": int(differ.size)})
    return fig


def _labels(rows: Sequence[dict[str, Any]]) -> list[str]:
    out, seen = [], set()
    for r in rows:
        lab = f"{r['step']}·{r.get('phase') or '?'}"
        while lab in seen:  # a re-test of the same page after an advance
            lab += "′"
        seen.add(lab)
        out.append(lab)
    return out


def step_scores_figure(
    report_or_checks: Any,
    *,
    thresholds: fcpkit.Thresholds | None = None,
    run: str | None = None,
    title: str | None = None,
    first_off_track_step: int | None = None,
) -> go.Figure:
    """alpha+ and alpha− for every check (step and phase) against the confidence-adjusted gates.

    Route is shown as coloured markers along the top and as the colour of the alpha− markers; the
    first *repair* decision (the detection) and the labelled first off-track step are marked.
    Accepts anything :func:`check_rows` reads; ``run`` picks a run of an evidence log.
    """
    rows = check_rows(report_or_checks, run=run, thresholds=thresholds)
    if first_off_track_step is None and isinstance(report_or_checks, fcpkit.TrajectoryReport):
        first_off_track_step = report_or_checks.first_off_track_step
    x = list(range(len(rows)))
    labels = _labels(rows)
    custom = [[r.get("commitment") or "", r.get("route") or "", r.get("rule") or "", r.get("scope") or "",
               r.get("evidence") or "", r.get("decision") or ""] for r in rows]
    hover = ("%{text}<br>%{fullData.name} %{y:.3f}<br>commitment %{customdata[0]}<br>route %{customdata[1]}"
             " → %{customdata[5]}<br>rule %{customdata[2]}<br>evidence (%{customdata[3]}): %{customdata[4]}<extra></extra>")
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=x, y=[r["alpha_plus"] for r in rows], name="α+", mode="lines+markers",
                             line=dict(color=_PLUS_COLOR), marker=dict(size=8), text=labels,
                             customdata=custom, hovertemplate=hover))
    fig.add_trace(go.Scatter(
        x=x, y=[r["alpha_minus"] for r in rows], name="α−", mode="lines+markers", line=dict(color=_MINUS_COLOR),
        marker=dict(size=11, color=[ROUTE_COLORS.get(r.get("route"), "grey") for r in rows],
                    symbol=[ROUTE_SYMBOLS.get(r.get("route"), "circle") for r in rows],
                    line=dict(color=_MINUS_COLOR, width=2)),
        text=labels, customdata=custom, hovertemplate=hover))
    # gates: a tick per check (action-level checks have no tau+), joined by a dashed line
    gate_marker = dict(symbol="line-ew-open", size=22, line=dict(width=2))
    fig.add_trace(go.Scatter(x=x, y=[r.get("gate_plus") for r in rows], name="gate τ+(κ)", mode="lines+markers",
                             line=dict(color=_PLUS_COLOR, dash="dash", width=1), connectgaps=True,
                             marker=dict(color=_PLUS_COLOR, **gate_marker),
                             hovertemplate="gate τ+(κ) %{y:.2f}<extra></extra>"))
    fig.add_trace(go.Scatter(x=x, y=[r.get("gate_minus") for r in rows], name="gate τ−(κ)", mode="lines+markers",
                             line=dict(color=_MINUS_COLOR, dash="dash", width=1), connectgaps=True,
                             marker=dict(color=_MINUS_COLOR, **gate_marker),
                             hovertemplate="gate τ−(κ) %{y:.2f}<extra></extra>"))
    for route_name in ROUTES:
        idx = [i for i, r in enumerate(rows) if r.get("route") == route_name]
        if not idx:
            continue
        fig.add_trace(go.Scatter(
            x=idx, y=[1.1] * len(idx), mode="markers", name=f"route: {route_name}", legendgroup="routes",
            marker=dict(color=ROUTE_COLORS[route_name], symbol=ROUTE_SYMBOLS[route_name], size=13,
                        line=dict(color="black", width=1)),
            text=[labels[i] for i in idx], customdata=[custom[i] for i in idx], hovertemplate=hover))
    det = first_repair(rows)
    if det is not None:
        fig.add_vline(x=det, line=dict(color="black", width=2), annotation_text=f"detected ({labels[det]})",
                      annotation_position="top right")
    if first_off_track_step is not None:
        off = next((i for i, r in enumerate(rows) if r["step"] >= first_off_track_step), None)
        if off is not None:
            fig.add_vrect(x0=off - 0.5, x1=len(rows) - 0.5, fillcolor="rgba(214,39,40,0.07)", line_width=0,
                          annotation_text=f"off track from step {first_off_track_step}",
                          annotation_position="bottom left")
    if title is None:
        rid = getattr(report_or_checks, "id", None) or run or (rows[0].get("run") if rows else None)
        title = "Scores per check" + (f": {rid}" if rid else "")
    fig.update_layout(
        title=title, xaxis=dict(title="step · phase", tickmode="array", tickvals=x, ticktext=labels),
        yaxis=dict(title="score", range=[-0.03, 1.25], tickvals=[0, 0.2, 0.4, 0.6, 0.8, 1.0]), height=420, margin=dict(l=60, r=20, t=60, b=60),
        hovermode="closest", legend=dict(orientation="h", y=-0.25),
    )
    return fig


def save_figure(fig: go.Figure, name: str, out_dir: str | Path = "figures", *,
                include_plotlyjs: bool | str = True, png: bool = True) -> dict[str, Any]:
    """Write ``<out_dir>/<name>.html`` always and ``<name>.png`` when static export works.

    PNG export needs ``kaleido`` (and, for kaleido 1.x, a Chrome/Chromium it can find); when it is
    unavailable the HTML is still written and the reason is returned as ``note``. Returns
    ``{"html": Path, "png": Path | None, "note": str | None}``. ``include_plotlyjs=True`` makes the
    HTML self-contained (viewable offline); pass ``"cdn"`` for small files. The HTML takes the width of
    the window it is opened in; a figure without a width of its own is written to PNG
    :data:`PNG_WIDTH` px wide (kaleido's own default, 700 px, crowds a figure of two panels).
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    html = out / f"{name}.html"
    fig.write_html(str(html), include_plotlyjs=include_plotlyjs)
    result: dict[str, Any] = {"html": html, "png": None, "note": None}
    if png:
        path = out / f"{name}.png"
        try:
            fig.write_image(str(path), width=fig.layout.width or PNG_WIDTH)
            result["png"] = path
        except Exception as exc:  # noqa: BLE001 - kaleido missing, no browser, ...: HTML is enough
            msg = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            result["note"] = f"PNG not written ({type(exc).__name__}: {msg}); install kaleido for static export"
    return result
