"""Console tables of checker reports (rich); the metrics themselves are :mod:`fcpkit.eval.metrics`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from rich.console import Console
from rich.table import Table
from rich.text import Text

from fcpkit.core.verify import Decision
from fcpkit.eval.calibration_file import CalibrationReport
from fcpkit.eval.checker import TrajectoryReport

__all__ = ["LabelCounts", "print_reports", "print_calibration", "label_counts"]


#: The summary table's columns; its rows are printed in blocks of this many runs as they are checked.
_SUMMARY = ("id", "fault", "off-track", "detected", "step/phase", "by", "scope", "checks", "escalated", "slow routes")
_BLOCK = 200
_ROUTE_STYLE = {"continue": "dim", "complete": "green", "risk": "red", "verify": "yellow"}


@dataclass
class LabelCounts:
    """How many runs were faulty, healthy and unlabelled, counted one report at a time (a run without
    a fault label is neither, and what was detected in it is a finding)."""

    runs: int = 0
    faulty: int = 0
    unlabelled: int = 0
    found: int = 0

    def add(self, r: TrajectoryReport) -> None:
        self.runs += 1
        self.faulty += r.fault is not None
        if r.fault is None and not r.labelled:
            self.unlabelled += 1
            self.found += r.detected

    def line(self) -> str:
        n = self.runs
        line = f"{n} runs: {self.faulty} faulty, {n - self.faulty - self.unlabelled} healthy, {self.unlabelled} unlabelled"
        if self.unlabelled:
            line += f" ({self.found} with findings: no label says whether they went off track)"
        return line


def _summary_row(r: TrajectoryReport) -> tuple[tuple[str, str], ...]:
    """One run's row of the summary table as (text, style) cells: a few short strings, not the report."""
    d = r.detection
    if not r.labelled:  # no label: a detection is a finding, right or wrong nobody has said
        mark = ("finding", "yellow") if d else ("no", "")
    else:
        mark = ("yes" if d else "no", "green" if (r.fault is None) != (d is not None) else "bold red")
    by = (d.result.rule or (d.result.evidence or "")[:40]) if d else ""
    return ((r.id, ""), (r.fault or ("-" if r.labelled else "?"), ""),
            ("" if r.first_off_track_step is None else str(r.first_off_track_step), ""), mark,
            (f"{d.step}/{d.phase}" if d else "", ""), (by, ""), ((d.result.scope or "") if d else "", ""),
            (str(len(r.checks)), ""), (str(r.model_escalations), ""), (str(r.escalations), ""))


class _SummaryTable:
    """The detections table printed a block of rows at a time: the first block fixes the column
    widths (wider text folds onto a second line, nothing is cut) and carries the title and header,
    so a study of any size is printed without holding its rows."""

    def __init__(self, console: Any) -> None:
        self.console = console
        self.widths: list[int] | None = None

    def print(self, rows: list[tuple[tuple[str, str], ...]]) -> None:
        if not rows and self.widths is not None:
            return
        first = self.widths is None
        if first:
            self.widths = _fit([max([len(head)] + [len(row[i][0]) for row in rows]) for i, head in enumerate(_SUMMARY)],
                               self.console.width - 3 * len(_SUMMARY) + 1)
        t = Table(title="detections" if first else None, title_justify="left", show_header=first, show_edge=False)
        for head, w in zip(_SUMMARY, self.widths):
            t.add_column(head, overflow="fold", min_width=w, max_width=w)
        for row in rows:
            t.add_row(*(Text(text, style=style) for text, style in row))
        self.console.print(t, crop=False)  # fixed widths: a narrow terminal wraps, nothing is cut


def _fit(widths: list[int], room: int) -> list[int]:
    """Column widths that fit ``room`` characters: the evidence ("by") gives way first, then the
    other texts, the run id last; none narrower than its head (rich folds what no longer fits)."""
    widths = list(widths)
    for col in ("by", "fault", "scope", "step/phase", "id"):
        i = _SUMMARY.index(col)
        widths[i] = max(len(col), widths[i] - max(0, sum(widths) - room))
    return widths


def _steps_table(r: TrajectoryReport) -> Table:
    t = Table(title=f"{r.id}  fault={r.fault}  first_off_track={r.first_off_track_step}", title_justify="left")
    for col in ("step", "phase", "commitment", "α+", "α−", "route", "rule", "scope", "evidence", "decision"):
        t.add_column(col, overflow="fold", min_width=len(col))
    for c in r.checks:
        x = c.result
        t.add_row(str(c.step), x.phase, x.commitment, f"{x.alpha_plus:.2f}", f"{x.alpha_minus:.2f}",
                  f"[{_ROUTE_STYLE[x.route.value]}]{x.route.value}[/]", x.rule or "", x.scope or "",
                  (x.evidence or "")[:48],
                  f"[bold red]{c.decision.value}[/]" if c.decision is Decision.REPAIR else c.decision.value)
    return t


def print_reports(reports: Iterable[TrajectoryReport], *, steps: bool = False, console=None) -> LabelCounts:
    """A rich table per trajectory's checks (with ``steps``), then one summary row per trajectory and
    the label counts. ``reports`` may be a stream: without ``steps`` the summary is printed a block
    at a time as the reports come, and no report is kept once its row is made (with ``steps`` the
    rows, a few short strings each, wait until every step table is out)."""
    console = console or Console(width=max(Console().width, 160))
    table = _SummaryTable(console)
    counts = LabelCounts()
    rows: list[tuple[tuple[str, str], ...]] = []
    for r in reports:
        if steps:
            console.print(_steps_table(r), crop=False)  # min_width heads: a narrow terminal wraps, nothing is cut
        rows.append(_summary_row(r))
        counts.add(r)
        if not steps and len(rows) >= _BLOCK:
            table.print(rows)
            rows = []
    for i in range(0, max(len(rows), 1), _BLOCK):
        table.print(rows[i:i + _BLOCK])
    console.print(counts.line())
    return counts


def label_counts(reports: Iterable[TrajectoryReport]) -> str:
    """One line: how many runs were faulty, healthy and unlabelled (see :class:`LabelCounts`)."""
    counts = LabelCounts()
    for r in reports:
        counts.add(r)
    return counts.line()


def _pct(v: Any) -> str:
    return "-" if v is None else f"{100 * v:.0f}%"


def print_calibration(report: CalibrationReport, console: Any = None) -> None:
    """Rich summary: the fitted mapping and thresholds, then held-out metrics before/after."""
    console = console or Console()
    r = report
    m = r.mapping
    console.print(f"[bold]calibration[/] — {r.matcher} matcher"
                  + (f" ({r.model})" if r.model else "") + f", {r.bound} verifier bound")
    console.print(f"mapping  p = sigmoid({m.a:.3f}·{m.input} {'+' if m.b >= 0 else '-'} {abs(m.b):.3f})"
                  f"   (0.5 at {m.input} {m.midpoint:.3f})")
    th = r.thresholds
    console.print(f"thresholds  tau+ {th.tau_plus:.2f}  tau- {th.tau_minus:.2f}  delta+ {th.delta_plus:.3f}  "
                  f"delta- {th.delta_minus:.3f}  (tau shift {r.tau_shift:+.2f}, delta x{r.delta_scale:g})")
    bags = ", ".join(f"{k} {v.get('pos', 0)}+/{v.get('neg', 0)}-" for k, v in r.n_bags.items())
    console.print(f"training bags: {bags}")
    sp = r.split
    desc = f"split {sp.get('kind')} (seed {sp.get('seed')}, holdout {sp.get('holdout')}): held out {', '.join(sp.get('folds', []))}"
    console.print(desc)
    t = Table(title="held-out runs" + (" (pooled over folds)" if len(r.folds) > 1 else ""), title_justify="left")
    for col in ("configuration", "flagged", "on time", "rate [95% CI]", "premature", "false alarms", "escalated"):
        t.add_column(col, no_wrap=True, min_width=len(col))
    labels = {"default": "default (own scores, paper thresholds)", "mapped": "fitted mapping, paper thresholds",
              "calibrated": "fitted mapping + thresholds"}
    for key, lab in labels.items():
        s = r.heldout.get(key)
        if not s:
            continue
        ci = ("-" if s.get("detection_rate") is None else
              f"{_pct(s['detection_rate'])} [{_pct(s['detection_rate_lo'])}-{_pct(s['detection_rate_hi'])}]")
        t.add_row(lab, f"{s['detected']}/{s['faulty']}", f"{s['on_time']}/{s['faulty']}", ci, str(s["premature"]), f"{s['false_alarms']}/{s['healthy']}",
                  _pct(s.get("escalation_share")))
    console.print(t, crop=False)  # min_width heads: a narrow terminal wraps, nothing is cut
    tr = r.train
    if tr:
        console.print(f"[dim]training runs at the chosen point: {tr['detected']}/{tr['faulty']} caught, "
                      f"{tr['premature']} premature, {tr['false_alarms']}/{tr['healthy']} false alarms, "
                      f"{_pct(tr.get('escalation_share'))} escalated[/]")
    if r.path is not None:
        console.print(f"[dim]saved to {r.path}[/]")
