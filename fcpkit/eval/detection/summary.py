"""Every benchmark metric over a set of :class:`~fcpkit.eval.detection.records.RunRecord` rows, and
the grouping that turns records into one summary row per (corpus, arm, matcher, bound, ...)."""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from dataclasses import replace
from typing import Any, Sequence

from fcpkit.eval.detection.records import SOURCES, RunRecord
from fcpkit.eval.metrics import wilson


def _pct(values: Sequence[float], q: float) -> float | None:
    if not values:
        return None
    v = sorted(values)
    return v[min(len(v) - 1, int(math.ceil(q * len(v))) - 1)] if q > 0 else v[0]


def summarize_runs(records: Sequence[RunRecord]) -> dict[str, Any]:
    """Every benchmark metric over a set of runs (see the module docstring for definitions).

    Rates come with Wilson 95% intervals (``*_lo``/``*_hi``); a rate with no denominator is ``None``.
    """
    faulty = [r for r in records if r.faulty]
    healthy = [r for r in records if not r.faulty]
    det = [r for r in faulty if r.detected]
    fa = [r for r in healthy if r.detected]
    on_time = [r for r in det if r.on_time]
    saved = [r.steps_saved for r in det]
    bw = [r for r in det if r.before_write]
    delays = [r.delay for r in det if r.delay is not None]
    times = [ms for r in records for ms in r.check_ms]
    n_checks = sum(r.n_checks for r in records)
    esc = sum(r.model_escalations for r in records)
    slow = sum(r.escalations for r in records)
    steps_faulty = sum(r.n_steps for r in faulty)

    def rate(k: int, n: int, name: str) -> dict[str, Any]:
        lo, hi = wilson(k, n) if n else (None, None)
        return {name: k / n if n else None, f"{name}_lo": lo, f"{name}_hi": hi}

    out: dict[str, Any] = {
        "runs": len(records), "faulty": len(faulty), "healthy": len(healthy),
        "detected": len(det), **rate(len(det), len(faulty), "detection_rate"),
        "on_time": len(on_time), **rate(len(on_time), len(faulty), "on_time_rate"),
        "premature": len(det) - len(on_time),
        "false_alarms": len(fa), **rate(len(fa), len(healthy), "false_alarm_rate"),
        "steps_saved_mean": statistics.fmean(saved) if saved else None,
        "steps_saved_median": statistics.median(saved) if saved else None,
        "steps_saved_share": (sum(saved) / steps_faulty) if steps_faulty else None,
        "before_write": len(bw), **rate(len(bw), len(det), "before_write_share"),
        "pre_action_share": (sum(1 for r in det if r.detection_phase == "pre") / len(det)) if det else None,
        "delay_mean": statistics.fmean(delays) if delays else None,
        "delay_median": statistics.median(delays) if delays else None,
        **{f"by_{k}": sum(1 for r in det if r.source == k) for k in SOURCES},
        "checks": n_checks, "escalations": esc,
        "escalation_share": esc / n_checks if n_checks else None,
        "slow_routes": slow, "slow_route_share": slow / n_checks if n_checks else None,
        "check_ms_median": statistics.median(times) if times else None,
        "check_ms_p95": _pct(times, 0.95),
    }
    return out



def _wf(r: RunRecord) -> str:
    return r.workflow if r.workflow is not None else "(none)"


def _grouped(records: Sequence[RunRecord], keys: Sequence[str], *, faulty_only: bool = False) -> list[dict[str, Any]]:
    groups: dict[tuple, list[RunRecord]] = defaultdict(list)
    for r in records:
        if faulty_only and not r.faulty:
            continue
        groups[tuple(getattr(r, k) if k != "workflow" else _wf(r) for k in keys)].append(r)
    rows = []
    for k, rs in groups.items():
        row = dict(zip(keys, k))
        row.update(summarize_runs(rs))
        rows.append(row)
    return rows


def _with_all(records: list[RunRecord], corpora: list[str]) -> list[RunRecord]:
    """Records plus, when there are several corpora, a copy of each under corpus ``all``."""
    if len(corpora) < 2:
        return records
    return records + [replace(r, corpus="all") for r in records]
