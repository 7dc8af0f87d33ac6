"""Turn whatever a user holds (a report, checks, an evidence log) into one flat list of check rows.

Every figure and widget in :mod:`fcpkit.viz` reads rows with the same keys (:data:`COLUMNS`), so a
:class:`fcpkit.TrajectoryReport`, a list of :class:`fcpkit.StepCheck` or :class:`fcpkit.CheckResult`,
the checker's ``--json`` ``checks`` dicts, and an evidence-log DataFrame all plot the same way.
Only the public API is used.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Iterable, Mapping

import fcpkit

ROUTES: tuple[str, ...] = ("continue", "complete", "risk", "verify")
ROUTE_COLORS: dict[str, str] = {
    "continue": "#2ca02c",  # green: nothing to look at
    "complete": "#1f77b4",  # blue: the commitment looks done
    "risk": "#d62728",  # red: falsified
    "verify": "#ff7f0e",  # orange: ask the slow path
}
ROUTE_SYMBOLS: dict[str, str] = {"continue": "circle", "complete": "star", "risk": "x", "verify": "diamond"}

COLUMNS: tuple[str, ...] = (
    "step", "phase", "commitment", "alpha_plus", "alpha_minus", "alpha_comp", "route", "rule", "rule_detail",
    "scope", "evidence", "evidence_level", "confirming", "kappa", "gate_plus", "gate_minus", "decision",
    "verifier", "diagnosis", "elapsed_ms",
)

_CHECK_KEYS = ("alpha_plus", "alpha_minus")


def _clean(v: Any) -> Any:
    """NaN (pandas' missing value) -> None; enums -> their value."""
    if isinstance(v, float) and math.isnan(v):
        return None
    if v is not None and hasattr(v, "value") and not isinstance(v, (int, float, str)):
        return v.value
    if isinstance(v, (fcpkit.Route, fcpkit.Decision)):
        return v.value
    try:  # numpy scalars
        import numpy as np

        if isinstance(v, np.generic):
            v = v.item()
            if isinstance(v, float) and math.isnan(v):
                return None
    except ImportError:  # pragma: no cover
        pass
    return v


def _row_from_result(r: Any, **extra: Any) -> dict[str, Any]:
    d = r.to_dict()
    row = {k: _clean(d.get(k)) for k in COLUMNS}
    row.update({k: _clean(v) for k, v in extra.items()})
    return row


def _row_from_mapping(m: Mapping[str, Any]) -> dict[str, Any]:
    row = {k: _clean(m.get(k)) for k in COLUMNS}
    if isinstance(row.get("step"), float) and row["step"].is_integer():  # pandas upcasts ints next to NaN
        row["step"] = int(row["step"])
    for k in ("run", "id", "kind"):
        if k in m:
            row[k] = _clean(m[k])
    return row


def _is_frame(obj: Any) -> bool:
    return hasattr(obj, "to_dict") and hasattr(obj, "columns") and hasattr(obj, "iloc")


def log_records(obj: Any) -> list[dict[str, Any]]:
    """Records of an evidence log: a DataFrame from :func:`fcpkit.read_log`, an :class:`fcpkit.EvidenceLog`,
    a path to a log file, or an iterable of record dicts."""
    if isinstance(obj, fcpkit.EvidenceLog):
        return [dict(r) for r in obj.records]
    if isinstance(obj, (str, Path)):
        return list(fcpkit.read_log(obj, frame=False))
    if _is_frame(obj):
        return [{k: _clean(v) for k, v in r.items()} for r in obj.to_dict("records")]
    return [dict(r) for r in obj]


def runs_in_log(obj: Any) -> list[str]:
    """The run ids of an evidence log, in order of first appearance."""
    seen: list[str] = []
    for r in log_records(obj):
        run = r.get("run")
        if r.get("kind", "test") == "test" and run is not None and run not in seen:
            seen.append(run)
    return seen


#: The event a live run logs for each page it sees (:func:`fcpkit_lab.envs.live.log_pages`).
PAGE_EVENT = "page"
PAGE_KEYS = ("url", "title", "screenshot", "text", "boxes")


def _rows_from_log(records: list[dict[str, Any]], run: str | None) -> list[dict[str, Any]]:
    """Test records of one run, each with the decision the slow path took on it (if logged) and,
    under ``page``, the last page the run logged before it (url, title, screenshot)."""
    if run is None:
        runs = [r.get("run") for r in records if r.get("kind", "test") == "test"]
        run = runs[0] if runs else None
    rows: list[dict[str, Any]] = []
    key_of = lambda r: (r.get("step"), r.get("phase"), r.get("commitment"))  # noqa: E731
    page: dict[str, Any] | None = None
    for rec in records:
        if run is not None and rec.get("run") != run:
            continue
        kind = rec.get("kind", "test")
        if kind == "event" and rec.get("event") == PAGE_EVENT:
            page = {k: _clean(rec.get(k)) for k in PAGE_KEYS}
        elif kind == "test" and all(k in rec for k in _CHECK_KEYS):
            row = _row_from_mapping(rec)
            row["run"] = rec.get("run")
            if page is not None:
                row["page"] = page
            if row.get("decision") is None and row.get("route") == "continue":
                row["decision"] = "continue"  # the fast path let it through: no decision record
            rows.append(row)
        elif kind == "decision" and rows and key_of(rows[-1]) == key_of(rec):
            for k in ("decision", "verifier", "diagnosis"):
                if rec.get(k) is not None:
                    rows[-1][k] = rec[k]
            if rec.get("scope") is not None and rows[-1].get("scope") is None:
                rows[-1]["scope"] = rec["scope"]
    return rows


def infer_steps(rows: list[dict[str, Any]]) -> None:
    """Fill missing ``step`` fields in place: a ``pre`` check opens a step, a ``post`` after a ``pre``
    closes it, a ``post`` after a ``post`` opens the next one (no pre-action test)."""
    last_step, last_phase = None, None
    for row in rows:
        if row.get("step") is None:
            if last_step is None:
                row["step"] = 0
            elif row.get("phase") == "post" and last_phase == "pre":
                row["step"] = last_step
            else:
                row["step"] = last_step + 1
        last_step, last_phase = row["step"], row.get("phase")


def check_rows(obj: Any, *, run: str | None = None, thresholds: Any = None) -> list[dict[str, Any]]:
    """Flatten checks into rows with the keys in :data:`COLUMNS` (plus ``run`` for log rows).

    Accepts a :class:`fcpkit.TrajectoryReport`, one or a list of :class:`fcpkit.StepCheck` /
    :class:`fcpkit.CheckResult`, checker-output dicts (``report.to_json()`` or its ``checks``), or an
    evidence log (DataFrame, :class:`fcpkit.EvidenceLog`, path); ``run`` picks a run of a log (default:
    the first). Missing gates are filled from ``kappa`` and ``thresholds`` (default the paper's).
    """
    t = thresholds or fcpkit.Thresholds()
    rows: list[dict[str, Any]]
    if obj is None:
        rows = []
    elif isinstance(obj, fcpkit.TrajectoryReport):
        rows = [_row_from_result(c.result, step=c.step, decision=c.decision, verifier=c.verifier,
                                 diagnosis=c.diagnosis) for c in obj.checks]
    elif isinstance(obj, Mapping) and "checks" in obj:  # report.to_json()
        rows = [_row_from_mapping(c) for c in obj["checks"]]
    elif isinstance(obj, (fcpkit.StepCheck, fcpkit.CheckResult)) or isinstance(obj, Mapping):
        return check_rows([obj], run=run, thresholds=thresholds)
    elif isinstance(obj, (str, Path, fcpkit.EvidenceLog)) or _is_frame(obj):
        rows = _rows_from_log(log_records(obj), run)
    else:
        items = list(obj)
        if items and all(isinstance(i, Mapping) and "kind" in i for i in items):
            rows = _rows_from_log([dict(i) for i in items], run)
        else:
            rows = []
            for item in items:
                if isinstance(item, fcpkit.StepCheck):
                    rows.append(_row_from_result(item.result, step=item.step, decision=item.decision,
                                                 verifier=item.verifier, diagnosis=item.diagnosis))
                elif isinstance(item, fcpkit.CheckResult):
                    rows.append(_row_from_result(item))
                elif isinstance(item, Mapping):
                    rows.append(_row_from_mapping(item))
                else:
                    raise TypeError(f"cannot read a check from {type(item).__name__}; expected StepCheck, "
                                    "CheckResult or a check dict")
    infer_steps(rows)
    for row in rows:
        kappa = row.get("kappa")
        if kappa is None:
            kappa = row["kappa"] = 0.5
        if row.get("gate_minus") is None:
            row["gate_minus"] = t.gate_minus(kappa)
        if row.get("gate_plus") is None and row.get("phase") != "pre":
            row["gate_plus"] = t.gate_plus(kappa)
        for k in ("alpha_plus", "alpha_minus"):
            if row.get(k) is None:
                row[k] = 0.0
    return rows


def first_repair(rows: Iterable[Mapping[str, Any]]) -> int | None:
    """Index of the first row whose decision is ``repair`` (the detection), or None."""
    for i, r in enumerate(rows):
        if r.get("decision") == "repair":
            return i
    return None
