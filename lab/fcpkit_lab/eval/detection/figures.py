"""Plotly figures of the detection benchmark: detection by arm and fault class, catches before/after
the first write, and the tau/delta sweep curve (HTML, and PNG when kaleido is installed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fcpkit.agent.arms import CHECK_ARM_ORDER, FULL_CHECK_ARM
from fcpkit.llm.components.registry import BOUNDS
from fcpkit_lab.eval.detection.tables import DetectionResults


def _main_corpus(res: DetectionResults) -> str:
    return "all" if len(res.corpora) > 1 else (res.corpora[0] if res.corpora else "")


def write_figures(res: DetectionResults, fig_dir: Path, *, png: bool = True, notes: list[str] | None = None,
                  plotlyjs: str | bool = "directory") -> list[Path]:
    """Plotly HTML figures (and PNG when kaleido is installed): detection by arm and fault class,
    catches before/after the first write, and the tau/delta sweep curve."""
    try:
        import plotly.express as px
        import plotly.graph_objects as go
    except ImportError:
        if notes is not None:
            notes.append("figures skipped: plotly is not installed")
        return []
    fig_dir.mkdir(parents=True, exist_ok=True)
    corpus = _main_corpus(res)
    figs: dict[str, Any] = {}
    for name, build in (("by_arm_fault", _by_arm_fault), ("write_timing", _write_timing),
                        ("threshold_sweep", _threshold_sweep)):
        fig = build(res, corpus, px, go)
        if fig is not None:
            figs[name] = fig
    return _save(figs, fig_dir, png=png, notes=notes, plotlyjs=plotlyjs)


def _by_arm_fault(res: DetectionResults, corpus: str, px: Any, go: Any) -> Any:
    fd = res.per_fault
    if fd.empty:
        return None
    fd = fd[fd.corpus == corpus].copy()
    fd["err_plus"] = fd.detection_rate_hi - fd.detection_rate
    fd["err_minus"] = fd.detection_rate - fd.detection_rate_lo
    fd["label"] = fd.detected.astype(str) + "/" + fd.faulty.astype(str)
    return px.bar(
        fd, x="fault", y="detection_rate", color="arm", barmode="group", facet_col="bound", facet_row="matcher",
        error_y="err_plus", error_y_minus="err_minus", hover_data=["label", "steps_saved_mean", "before_write_share"],
        category_orders={"arm": list(CHECK_ARM_ORDER), "bound": list(BOUNDS)},
        title=f"Detection rate by arm and fault class ({corpus}; Wilson 95% bars)",
    )


def _write_timing(res: DetectionResults, corpus: str, px: Any, go: Any) -> Any:
    ad = res.arms
    if ad.empty:
        return None
    import pandas as pd

    ad = ad[ad.corpus == corpus].copy()
    rows = []
    for _, r in ad.iterrows():
        for kind, n in (("before first write", r.before_write), ("after first write", r.detected - r.before_write),
                        ("missed", r.faulty - r.detected)):
            rows.append({"arm": r.arm, "matcher": r.matcher, "bound": r.bound, "catch": kind, "runs": n})
    return px.bar(
        pd.DataFrame(rows), x="arm", y="runs", color="catch", facet_col="bound", facet_row="matcher",
        category_orders={"arm": list(CHECK_ARM_ORDER), "bound": list(BOUNDS),
                         "catch": ["before first write", "after first write", "missed"]},
        color_discrete_map={"before first write": "#2a9d8f", "after first write": "#e9c46a", "missed": "#bbbbbb"},
        title=f"Faulty runs caught before vs after the browser was first modified ({corpus})",
    )


def _threshold_sweep(res: DetectionResults, corpus: str, px: Any, go: Any) -> Any:
    sd = res.sweep
    if sd.empty:
        return None
    sd = sd[(sd.corpus == corpus) & (sd.arm == FULL_CHECK_ARM)].copy()
    if sd.empty:
        return None
    sd["delta_scale"] = sd.delta_scale.map(lambda x: f"x{x:g}")
    sd["point"] = sd.is_paper.map({True: "paper constants", False: "grid"})
    fig = px.line(
        sd.sort_values("tau_shift"), x="false_alarm_rate", y="detection_rate", color="delta_scale",
        facet_col="bound", facet_row="matcher", markers=True,
        hover_data=["tau_shift", "tau_plus", "tau_minus", "delta_plus", "delta_minus", "on_time", "premature"],
        category_orders={"bound": list(BOUNDS), "matcher": list(dict.fromkeys(sd.matcher))},
        title=f"Threshold sweep, full configuration ({corpus}): tau gates shifted, delta margins scaled; "
              "star = the paper's constants",
    )
    paper = sd[sd.is_paper]
    bounds = [b for b in BOUNDS if b in set(sd.bound)] + sorted(set(sd.bound) - set(BOUNDS))
    mats = list(dict.fromkeys(sd.matcher))
    for _, r in paper.iterrows():
        fig.add_trace(go.Scatter(x=[r.false_alarm_rate], y=[r.detection_rate], mode="markers",
                                 marker=dict(symbol="star", size=16, color="black"), name="paper constants",
                                 showlegend=bool(r.bound == bounds[0] and r.matcher == mats[0])),
                      row=len(mats) - mats.index(r.matcher), col=bounds.index(r.bound) + 1)
    fig.update_xaxes(range=[-0.05, 1.05])
    fig.update_yaxes(range=[-0.05, 1.05])
    return fig


def _save(figs: dict[str, Any], fig_dir: Path, *, png: bool, notes: list[str] | None,
          plotlyjs: str | bool) -> list[Path]:
    files = []
    can_png = False
    if png:
        try:
            import kaleido  # noqa: F401

            can_png = True
        except ImportError:
            if notes is not None:
                notes.append("PNG figures skipped: kaleido is not installed (HTML written)")
    for name, fig in figs.items():
        p = fig_dir / f"detection_{name}.html"
        fig.write_html(p, include_plotlyjs=plotlyjs)
        files.append(p)
        if can_png:
            try:
                fig.write_image(fig_dir / f"detection_{name}.png", width=1400, height=800)
                files.append(fig_dir / f"detection_{name}.png")
            except Exception as exc:  # noqa: BLE001
                if notes is not None:
                    notes.append(f"PNG for {name} failed: {type(exc).__name__}: {exc}")
                can_png = False
    return files
