"""The detection benchmark's rich tables on a console."""

from __future__ import annotations

import math
from typing import Any

from fcpkit.agent.arms import FULL_CHECK_ARM
from fcpkit_lab.eval.detection.figures import _main_corpus
from fcpkit.eval.metrics import SOURCES
from fcpkit_lab.eval.detection.tables import DetectionResults


def _f(v: Any, pct: bool = False, nd: int = 2) -> str:  # noqa: D103
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "-"
    if pct:
        return f"{100 * v:.1f}%"
    if isinstance(v, float):
        return f"{v:.{nd}f}"
    return str(v)


def _ci(rate: Any, lo: Any, hi: Any) -> str:
    if rate is None or (isinstance(rate, float) and math.isnan(rate)):
        return "-"
    return f"{100 * rate:.0f}% [{100 * lo:.0f}-{100 * hi:.0f}]"


def print_detection(res: DetectionResults, console: Any = None, *, corpus: str | None = None) -> None:
    """Rich tables: arms per matcher (both bounds), detections per fault class, sweep, LOWO, telemetry, notes."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    corpus = corpus or _main_corpus(res)
    _arms_tables(res, corpus, console, Table)
    _fault_table(res, corpus, console, Table)
    _sweep_table(res, corpus, console, Table)
    _lowo_table(res, corpus, console, Table)
    _telemetry_tables(res, corpus, console, Table)
    for n in res.notes:
        console.print(f"[yellow]note:[/] {n}")
    if res.files:
        console.print(f"[dim]wrote {len(res.files)} files: {', '.join(str(p) for p in res.files)}[/]")


def _arms_tables(res: DetectionResults, corpus: str, console: Any, Table: Any) -> None:  # noqa: N803
    """Detection by arm, one table per matcher."""
    ad = res.arms[res.arms.corpus == corpus] if not res.arms.empty else res.arms
    for m, g in ad.groupby("matcher", sort=False):
        t = Table(title=f"detection by arm — {corpus}, {m} matcher, paper thresholds", title_justify="left")
        for col in ("bound", "arm", "caught", "rate [95% CI]", "false alarms", "early", "saved mean·share",
                    "pre-write", "delay", "escalated", "ms med/p95", "by step/plan/rule/built-in/adv/verif"):
            t.add_column(col, no_wrap=True, min_width=len(col))
        for _, r in g.iterrows():
            t.add_row(
                r.bound, r.arm, f"{r.detected}/{r.faulty}", _ci(r.detection_rate, r.detection_rate_lo, r.detection_rate_hi),
                f"{r.false_alarms}/{r.healthy}", str(r.premature),
                f"{_f(r.steps_saved_mean)}·{_f(r.steps_saved_share, True)}",
                f"{_f(r.before_write_share, True)} {r.before_write}/{r.detected}",
                _f(r.delay_mean), _f(r.escalation_share, True),
                f"{_f(r.check_ms_median, nd=3)}/{_f(r.check_ms_p95, nd=3)}",
                "/".join(str(int(r[f"by_{k}"])) for k in SOURCES[:6]),
            )
        console.print(t, crop=False)  # min_width heads: a narrow terminal wraps, nothing is cut


def _fault_table(res: DetectionResults, corpus: str, console: Any, Table: Any) -> None:  # noqa: N803
    """Caught / faulty runs per fault class."""
    fd = res.per_fault[res.per_fault.corpus == corpus] if not res.per_fault.empty else res.per_fault
    if not fd.empty:
        faults = sorted(set(fd.fault))
        t = Table(title=f"caught / faulty runs per fault class — {corpus}", title_justify="left")
        for col in ("matcher", "bound", "arm", *faults):
            t.add_column(col, no_wrap=True, min_width=len(col))
        for (m, b, a), g in fd.groupby(["matcher", "bound", "arm"], sort=False):
            cells = {r.fault: f"{r.detected}/{r.faulty}" for _, r in g.iterrows()}
            t.add_row(m, b, a, *[cells.get(f, "-") for f in faults])
        console.print(t, crop=False)  # min_width heads: a narrow terminal wraps, nothing is cut


def _sweep_table(res: DetectionResults, corpus: str, console: Any, Table: Any) -> None:  # noqa: N803
    """The threshold sweep of the full configuration: fewest alarms and the best rate there."""
    if not res.sweep.empty:
        sd = res.sweep[(res.sweep.corpus == corpus) & (res.sweep.arm == FULL_CHECK_ARM)]
        t = Table(title=f"threshold sweep, {FULL_CHECK_ARM} — {corpus} (alarms = false alarms + early flags)",
                  title_justify="left")
        for col in ("matcher", "bound", "grid", "fewest alarms", "best rate there", "at (tau shift, delta scale)",
                    "paper: rate / alarms"):
            t.add_column(col, no_wrap=False, min_width=min(len(col), 14))
        for (m, b), g in sd.groupby(["matcher", "bound"], sort=False):
            alarms = g.false_alarms + g.premature
            lo = alarms.min()
            at_lo = g[alarms == lo]
            best = at_lo.detection_rate.max()
            pts = at_lo[at_lo.detection_rate == best]
            pts_s = " ".join(f"({a:+.2f},x{d:g})" for a, d in zip(pts.tau_shift, pts.delta_scale))
            if len(pts) > 4:
                pts_s = " ".join(pts_s.split(" ")[:4]) + f" +{len(pts) - 4} more"
            p = g[g.is_paper]
            paper = (f"{_f(p.detection_rate.iloc[0], True)} / {int(p.false_alarms.iloc[0] + p.premature.iloc[0])}"
                     if not p.empty else "-")
            t.add_row(m, b, str(len(g)), str(int(lo)), _f(best, True), pts_s, paper)
        console.print(t, crop=False)  # min_width heads: a narrow terminal wraps, nothing is cut


def _lowo_table(res: DetectionResults, corpus: str, console: Any, Table: Any) -> None:  # noqa: N803
    """Leave-one-workflow-out, pooled over folds."""
    if not res.lowo.empty:
        ld = res.lowo[res.lowo.held_out == "(pooled)"]
        t = Table(title="leave-one-workflow-out: thresholds chosen without the held-out workflow (pooled over folds)",
                  title_justify="left")
        for col in ("matcher", "bound", "arm", "caught", "rate [95% CI]", "false alarms", "early", "paper-point rate",
                    "folds at paper point"):
            t.add_column(col, no_wrap=True, min_width=len(col))
        for _, r in ld.iterrows():
            folds = res.lowo[(res.lowo.held_out != "(pooled)") & (res.lowo.arm == r.arm) &
                             (res.lowo.matcher == r.matcher) & (res.lowo.bound == r.bound)]
            t.add_row(r.matcher, r.bound, r.arm, f"{r.detected}/{r.faulty}",
                      _ci(r.detection_rate, r.detection_rate_lo, r.detection_rate_hi),
                      f"{r.false_alarms}/{r.healthy}", str(r.premature), _f(r.paper_detection_rate, True),
                      f"{int(folds.chosen_is_paper.sum())}/{len(folds)}")
        console.print(t, crop=False)  # min_width heads: a narrow terminal wraps, nothing is cut


def _telemetry_tables(res: DetectionResults, corpus: str, console: Any, Table: Any) -> None:  # noqa: N803
    """Falsifier statements by status, and the over-broad ones."""
    if not res.telemetry.empty:
        td = res.telemetry[res.telemetry.bound == "lower"]
        counts = td.groupby(["matcher", "status"]).size().unstack(fill_value=0)
        t = Table(title="falsifier telemetry (full configuration, lower bound): statements by status",
                  title_justify="left")
        t.add_column("matcher")
        for c in counts.columns:
            t.add_column(str(c), min_width=len(str(c)))
        for m, row in counts.iterrows():
            t.add_row(str(m), *[str(int(v)) for v in row.values])
        console.print(t, crop=False)  # min_width heads: a narrow terminal wraps, nothing is cut
        broad = td[td.status == "over-broad"].sort_values("fires_healthy_runs", ascending=False).head(8)
        if not broad.empty:
            t = Table(title="over-broad falsifiers (fire on healthy runs)", title_justify="left")
            for col in ("matcher", "plan", "commitment", "scope", "text", "healthy runs", "faulty runs"):
                t.add_column(col, overflow="fold", min_width=len(col))
            for _, r in broad.iterrows():
                t.add_row(r.matcher, r.plan, r.commitment or "(plan)", r.scope, r.text[:50],
                          str(r.fires_healthy_runs), str(r.fires_faulty_runs))
            console.print(t, crop=False)  # min_width heads: a narrow terminal wraps, nothing is cut
