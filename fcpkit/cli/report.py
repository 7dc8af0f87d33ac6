"""Console tables of checker reports (rich); the metrics themselves are :mod:`fcpkit.eval.metrics`."""

from __future__ import annotations

from typing import Any, Sequence

from rich.console import Console
from rich.table import Table

from fcpkit.core.verify import Decision
from fcpkit.eval.calibration_file import CalibrationReport
from fcpkit.eval.checker import TrajectoryReport

__all__ = ["print_reports", "print_calibration", "label_counts"]


def print_reports(reports: Sequence[TrajectoryReport], *, steps: bool = False, console=None) -> None:
    """A rich table per trajectory's checks (with ``steps``), then one summary row per trajectory."""
    console = console or Console(width=max(Console().width, 160))
    route_style = {"continue": "dim", "complete": "green", "risk": "red", "verify": "yellow"}
    if steps:
        for r in reports:
            t = Table(title=f"{r.id}  fault={r.fault}  first_off_track={r.first_off_track_step}", title_justify="left")
            for col in ("step", "phase", "commitment", "α+", "α−", "route", "rule", "scope", "evidence", "decision"):
                t.add_column(col, overflow="fold", min_width=len(col))
            for c in r.checks:
                x = c.result
                t.add_row(str(c.step), x.phase, x.commitment, f"{x.alpha_plus:.2f}", f"{x.alpha_minus:.2f}",
                          f"[{route_style[x.route.value]}]{x.route.value}[/]", x.rule or "", x.scope or "",
                          (x.evidence or "")[:48],
                          f"[bold red]{c.decision.value}[/]" if c.decision is Decision.REPAIR else c.decision.value)
            console.print(t, crop=False)  # min_width heads: a narrow terminal wraps, nothing is cut
    t = Table(title="detections", title_justify="left")
    for col in ("id", "fault", "off-track", "detected", "step/phase", "by", "scope", "checks", "escalated",
                "slow routes"):
        t.add_column(col, overflow="fold", min_width=len(col))
    for r in reports:
        d = r.detection
        ok = (r.fault is None) != (d is not None)
        if not r.labelled:  # no label: a detection is a finding, right or wrong nobody has said
            mark = "[yellow]finding[/]" if d else "no"
        else:
            mark = ("[green]" if ok else "[bold red]") + ("yes" if d else "no") + "[/]"
        by = (d.result.rule or (d.result.evidence or "")[:40]) if d else ""
        t.add_row(r.id, r.fault or ("-" if r.labelled else "?"), "" if r.first_off_track_step is None else str(r.first_off_track_step), mark,
                  f"{d.step}/{d.phase}" if d else "", by, (d.result.scope or "") if d else "",
                  str(len(r.checks)), str(r.model_escalations), str(r.escalations))
    console.print(t, crop=False)  # min_width heads: a narrow terminal wraps, nothing is cut
    console.print(label_counts(reports))


def label_counts(reports: Sequence[TrajectoryReport]) -> str:
    """One line: how many runs were faulty, healthy and unlabelled (a run without a fault label is
    neither, and what was detected in it is a finding)."""
    n = len(reports)
    faulty = sum(1 for r in reports if r.fault is not None)
    unlabelled = sum(1 for r in reports if r.fault is None and not r.labelled)
    found = sum(1 for r in reports if r.fault is None and not r.labelled and r.detected)
    line = f"{n} runs: {faulty} faulty, {n - faulty - unlabelled} healthy, {unlabelled} unlabelled"
    if unlabelled:
        line += f" ({found} with findings: no label says whether they went off track)"
    return line


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
