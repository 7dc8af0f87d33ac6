"""Threshold sweeps and the choice of thresholds: the one home of both.

The router's gates move on a grid (tau gates shifted together, delta margins scaled together:
:func:`grid_thresholds`); :func:`sweep_thresholds` checks a corpus at every grid point and arm;
:func:`choose_thresholds` and :func:`choose_robust_thresholds` pick a point from training runs
only (fewest alarms, then most on-time catches, then the paper's constants), and
:func:`leave_one_workflow_out` scores each workflow with thresholds chosen without it. The
calibration of a matcher (:mod:`fcpkit.eval.calibrate`) and the detection benchmark both choose
through here. (A matcher's own score gate on a calibrated scale, picked when the mapping is fitted,
is :func:`fcpkit.matching.calibration.zero_false_alarm_threshold`: a gate on one matcher's scores,
not the router's thresholds.)
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Any, Callable, Iterable, Mapping, Sequence

import numpy as np

from fcpkit.agent.arms import CHECK_ARM_ORDER, CHECK_ARMS
from fcpkit.core.router import Thresholds
from fcpkit.core.trajectory import Trajectory
from fcpkit.eval.checker import Checker
from fcpkit.eval.metrics import RunRecord, outcome_records, records_from_reports, summarize_runs
from fcpkit.llm.components.registry import BOUNDS

__all__ = [
    "DEFAULT_TAU_SHIFTS", "DEFAULT_DELTA_SCALES", "PAPER_POINT", "MemoMatcher", "grid_thresholds", "grid_points",
    "sweep_thresholds", "choose_thresholds", "choose_robust_thresholds", "leave_one_workflow_out", "workflow_of",
]

DEFAULT_TAU_SHIFTS: tuple[float, ...] = (-0.15, -0.10, -0.05, 0.0, 0.05, 0.10, 0.15)
DEFAULT_DELTA_SCALES: tuple[float, ...] = (0.5, 0.75, 1.0, 1.25, 1.5)
#: the paper's constants on the grid: no shift, no scaling
PAPER_POINT: tuple[float, float] = (0.0, 1.0)


def workflow_of(r: RunRecord) -> str:
    """The workflow a run is pooled under (``(none)`` for a run without one)."""
    return r.workflow if r.workflow is not None else "(none)"


class MemoMatcher:
    """Memoises ``score(statements, [text])`` per (statements, text): sweeps re-score the same pairs.

    Only for runs whose timings are not reported (sweep, telemetry). ``fit`` forwards and clears.
    """

    def __init__(self, inner: Any):
        self.inner = inner
        self.name = getattr(inner, "name", type(inner).__name__)
        self._memo: dict[tuple[tuple[str, ...], str], np.ndarray] = {}

    def fit(self, texts: Iterable[str]) -> "MemoMatcher":
        fit = getattr(self.inner, "fit", None)
        if callable(fit):
            fit(texts)
        self._memo.clear()
        return self

    def score(self, statements: Sequence[str], texts: Sequence[str]) -> np.ndarray:
        stmts = tuple(statements)
        out = np.zeros((len(stmts), len(texts)), dtype=float)
        for j, text in enumerate(texts):
            key = (stmts, text)
            col = self._memo.get(key)
            if col is None:
                col = np.asarray(self.inner.score(list(stmts), [text]), dtype=float)[:, 0] if stmts else np.zeros(0)
                self._memo[key] = col
            out[:, j] = col
        return out



def grid_thresholds(base: Thresholds, tau_shift: float, delta_scale: float) -> Thresholds:
    """``base`` at one grid point: both tau gates shifted by ``tau_shift``, both delta margins scaled
    by ``delta_scale`` (clipped to [0, 1])."""
    clip = lambda v: min(1.0, max(0.0, round(v, 6)))  # noqa: E731
    return base.replace(tau_plus=clip(base.tau_plus + tau_shift), tau_minus=clip(base.tau_minus + tau_shift),
                        delta_plus=clip(base.delta_plus * delta_scale), delta_minus=clip(base.delta_minus * delta_scale))


def grid_points(tau_shifts: Sequence[float], delta_scales: Sequence[float]) -> list[tuple[float, float]]:
    taus = sorted({round(float(x), 6) for x in tau_shifts} | {PAPER_POINT[0]})
    deltas = sorted({round(float(x), 6) for x in delta_scales} | {PAPER_POINT[1]})
    return [(a, b) for a in taus for b in deltas]


def sweep_thresholds(
    trajs: Sequence[Trajectory], matcher: Any, *, corpus: str, matcher_name: str,
    arms: Sequence[str] = CHECK_ARM_ORDER, bounds: Sequence[str] = BOUNDS, base: Thresholds | None = None,
    tau_shifts: Sequence[float] = DEFAULT_TAU_SHIFTS, delta_scales: Sequence[float] = DEFAULT_DELTA_SCALES,
) -> list[RunRecord]:
    """Per-run records at every grid point for every arm and bound (``matcher`` should be fitted).

    The outcome arm does not depend on thresholds: its records are repeated at each point so the
    grid is complete for every arm.
    """
    base = base or Thresholds()
    memo = matcher if isinstance(matcher, MemoMatcher) else MemoMatcher(matcher)
    out: list[RunRecord] = []
    for ts, ds in grid_points(tau_shifts, delta_scales):
        th = grid_thresholds(base, ts, ds)
        for arm in arms:
            switches = CHECK_ARMS[arm].checker_options()
            for bound in bounds:
                if switches is None:
                    out += outcome_records(trajs, corpus=corpus, matcher=matcher_name, bound=bound,
                                           tau_shift=ts, delta_scale=ds)
                    continue
                ch = Checker(memo, th, verifier=bound, **switches)
                reps = ch.check_corpus(trajs)
                recs = records_from_reports(reps, trajs, corpus=corpus, arm=arm, matcher=matcher_name, bound=bound,
                                            tau_shift=ts, delta_scale=ds)
                out += [_drop_times(r) for r in recs]
    return out


def _drop_times(r: RunRecord) -> RunRecord:
    return replace(r, check_ms=())


# ----------------------------------------------------------------------------- LOWO


def _objective(records: Sequence[RunRecord]) -> tuple[int, int]:
    """(alarms, on-time catches): alarms = flagged healthy runs + faulty runs flagged before their fault."""
    alarms = sum(1 for r in records if r.false_alarm or r.premature)
    return alarms, sum(1 for r in records if r.on_time)


def choose_thresholds(
    candidates: Mapping[tuple[float, float], Sequence[RunRecord]], *, paper: tuple[float, float] = PAPER_POINT,
) -> tuple[float, float]:
    """Pick ``(tau_shift, delta_scale)``: fewest alarms (zero if any point has zero), then most on-time
    detections, ties to the point closest to the paper's constants (in grid steps), then the smaller
    shift. ``candidates`` maps each grid point to the *training* runs evaluated there.
    """
    if not candidates:
        raise ValueError("choose_thresholds: no candidate grid points")
    taus = sorted({p[0] for p in candidates} | {paper[0]})
    deltas = sorted({p[1] for p in candidates} | {paper[1]})
    i0, j0 = taus.index(paper[0]), deltas.index(paper[1])

    def key(p: tuple[float, float]):
        alarms, caught = _objective(candidates[p])
        dist = abs(taus.index(p[0]) - i0) + abs(deltas.index(p[1]) - j0)
        return (alarms, -caught, dist, abs(p[0] - paper[0]), abs(p[1] - paper[1]), p)

    return min(candidates, key=key)


def choose_robust_thresholds(candidates: Mapping[tuple[float, float], Sequence[RunRecord]], *,
                             paper: tuple[float, float] = PAPER_POINT) -> tuple[float, float]:
    """:func:`choose_thresholds` with a one-grid-step safety margin.

    A point's alarms (false alarms + premature flags on training runs) are the most at it or at
    any neighbouring grid point (one step in tau and/or delta), so the choice sits inside the
    zero-alarm region instead of on its edge, where a few training runs are a poor guide. Then
    most on-time catches, then closeness to the paper's point.
    """
    if not candidates:
        raise ValueError("choose_robust_thresholds: no candidate grid points")
    taus = sorted({p[0] for p in candidates} | {paper[0]})
    deltas = sorted({p[1] for p in candidates} | {paper[1]})
    i0, j0 = taus.index(paper[0]), deltas.index(paper[1])
    alarms = {p: sum(1 for r in rs if r.false_alarm or r.premature) for p, rs in candidates.items()}

    def key(p: tuple[float, float]):
        i, j = taus.index(p[0]), deltas.index(p[1])
        near = [(taus[a], deltas[b]) for a in range(max(0, i - 1), min(len(taus), i + 2))
                for b in range(max(0, j - 1), min(len(deltas), j + 2))]
        worst = max(alarms[q] for q in near if q in alarms)
        caught = sum(1 for r in candidates[p] if r.on_time)
        return (worst, -caught, abs(i - i0) + abs(j - j0), abs(p[0] - paper[0]), abs(p[1] - paper[1]), p)

    return min(candidates, key=key)



def leave_one_workflow_out(
    sweep: Sequence[RunRecord], *, chooser: Callable[..., tuple[float, float]] = choose_thresholds,
    paper: tuple[float, float] = PAPER_POINT,
) -> list[dict[str, Any]]:
    """For each workflow, choose thresholds on the other workflows' runs only and score it.

    Workflows are pooled by name across corpora (holding out ``support`` holds it out of every
    corpus). One row per (held-out workflow, arm, matcher, bound), plus a ``(pooled)`` row per
    (arm, matcher, bound) scoring every run with the thresholds chosen without its workflow.
    """
    groups: dict[tuple[str, str, str], dict[tuple[float, float], list[RunRecord]]] = defaultdict(lambda: defaultdict(list))
    for r in sweep:
        groups[(r.arm, r.matcher, r.bound)][(r.tau_shift, r.delta_scale)].append(r)
    workflows = sorted({workflow_of(r) for r in sweep})
    rows: list[dict[str, Any]] = []
    if len(workflows) < 2:
        return rows
    for (arm, matcher, bound), by_point in sorted(groups.items(), key=lambda kv: (CHECK_ARM_ORDER.index(kv[0][0])
                                                                                  if kv[0][0] in CHECK_ARM_ORDER else 99, kv[0])):
        pooled: list[RunRecord] = []
        pooled_paper: list[RunRecord] = []
        for w in workflows:
            train = {p: [r for r in rs if workflow_of(r) != w] for p, rs in by_point.items()}
            point = chooser(train, paper=paper)
            held = [r for r in by_point[point] if workflow_of(r) == w]
            held_paper = [r for r in by_point.get(paper, []) if workflow_of(r) == w]
            pooled += held
            pooled_paper += held_paper
            rows.append(_lowo_row(w, arm, matcher, bound, point, paper, train[point], held, held_paper))
        rows.append(_lowo_row("(pooled)", arm, matcher, bound, None, paper, [], pooled, pooled_paper))
    return rows


def _lowo_row(w, arm, matcher, bound, point, paper, train, held, held_paper) -> dict[str, Any]:
    s = summarize_runs(held)
    sp = summarize_runs(held_paper) if held_paper else {}
    st = summarize_runs(train) if train else {}
    return {
        "held_out": w, "arm": arm, "matcher": matcher, "bound": bound,
        "tau_shift": point[0] if point else None, "delta_scale": point[1] if point else None,
        "chosen_is_paper": (point == paper) if point else None,
        "train_detection_rate": st.get("detection_rate"), "train_false_alarms": st.get("false_alarms"),
        "train_premature": st.get("premature"),
        "faulty": s["faulty"], "healthy": s["healthy"], "detected": s["detected"],
        "detection_rate": s["detection_rate"], "detection_rate_lo": s["detection_rate_lo"],
        "detection_rate_hi": s["detection_rate_hi"], "on_time": s["on_time"], "premature": s["premature"],
        "false_alarms": s["false_alarms"], "false_alarm_rate": s["false_alarm_rate"],
        "steps_saved_share": s["steps_saved_share"], "before_write_share": s["before_write_share"],
        "paper_detection_rate": sp.get("detection_rate"), "paper_false_alarms": sp.get("false_alarms"),
    }
