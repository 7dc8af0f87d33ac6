"""HTML views of the falsifier lab: the selected run's checks, the counts against their baseline, every run."""

from __future__ import annotations

from typing import Any

import pandas as pd

import fcpkit

from fcpkit.viz._data import ROUTE_COLORS, check_rows
from fcpkit.viz._widgets import esc


def checks_frame(report: fcpkit.TrajectoryReport):
    rows = check_rows(report)
    cols = ["step", "phase", "commitment", "alpha_plus", "alpha_comp", "alpha_minus", "gate_plus", "gate_minus",
            "route", "decision", "rule", "scope", "evidence"]
    return pd.DataFrame([{k: r.get(k) for k in cols} for r in rows], columns=cols)


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.3f}"
    return esc(v if v is not None else "")


def table_html(df: Any) -> str:
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


def summary_html(r: dict[str, Any], base_plan: dict[str, Any], base_corpus: dict[str, Any]) -> str:
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


def runs_html(outcomes: list[dict[str, Any]]) -> str:
    cols = ["id", "fault", "first_off_track_step", "first_detection_step", "first_detection_phase", "caught",
            "timely", "false_alarm", "detection_evidence"]
    head = "".join(f"<th style='padding:2px 6px'>{esc(c)}</th>" for c in cols)
    body = "".join("<tr>" + "".join(f"<td style='padding:2px 6px'>{_fmt(o.get(c))}</td>" for c in cols) + "</tr>"
                   for o in outcomes)
    return f"<table style='font-size:0.85em;border-collapse:collapse'><tr>{head}</tr>{body}</table>"
