"""The detection benchmark: how often, how early and how cheaply the checker catches off-track runs.

One module answers the article's measurement questions over any number of labelled corpora
(docs/formats.md), with nothing specific to one corpus:

* **arms** - named configurations of the same :class:`~fcpkit.eval.checker.Checker` (:data:`ARMS`):
  ``outcome`` (the end-of-run outcome check: catches every faulty run, after its last step),
  ``confirming-only`` (the paper's ablation), ``step-falsifiers``, ``+plan-falsifiers``, ``+rules``
  (the anomaly rules) and ``+built-in`` (the built-in task-level falsifiers of
  :mod:`fcpkit.core.falsifiers`: the full configuration); each with every requested matcher that loads here and
  under both verifier bounds (``lower`` keep-going, ``upper`` oracle);
* **metrics** (:func:`summarize_runs`), overall, per fault class and per workflow;
* a **threshold sweep** (tau gates shifted together, delta margins scaled together);
* **per-falsifier telemetry** (which evidence statements fire, on which runs), with one row per
  built-in falsifier (:mod:`fcpkit.eval.builtin_telemetry`): its fire rate on healthy and faulty runs;
* a **leave-one-workflow-out** protocol: thresholds chosen on the other workflows only;
* CSV tables under ``out_dir`` and plotly figures under ``fig_dir``.

Definitions (one place, so a number means the same thing in every table):

``detected``
    the checker decided *repair* somewhere in the run (as :mod:`fcpkit.cli.report`); on a healthy run
    that is a false alarm. ``premature`` counts faulty runs flagged *before* their labelled
    ``first_off_track_step`` (an alarm that happened to land on a faulty run); ``on_time`` the rest.
``steps_saved``
    actions that did not run because of the detection: ``n_steps - detection_step`` for a
    ``pre`` (action-level) detection, one fewer for a ``post`` detection, whose action already ran.
    (This makes a post-phase catch on the last step worth exactly what the outcome check is
    worth: 0.) ``steps_saved_share`` = saved steps / all steps of the faulty runs.
``before_write``
    the detection happened before any ``write``/``irreversible`` action executed: the run has no
    write, or the detection step precedes the first write, or it is the first write's own
    ``pre`` test. Shares are over detected faulty runs.
``pre_action_share``
    detections made by the action-level test (phase ``pre``), over detected faulty runs.
``delay``
    ``detection_step - first_off_track_step`` (negative = premature).
``by_<source>``
    detected faulty runs by what caught them (:attr:`RunRecord.source`).
``escalation_share``
    checks that need a model to decide (:func:`~fcpkit.core.verify.needs_model`: the ambiguous
    *verify* route, unless a hard rule decided it), over all checks. This is the article's
    escalation ("only the verify route calls a model") and what :class:`~fcpkit.core.verify.SplitVerifier`
    sends to an LLM. ``slow_route_share`` is the paper's count: every route but *continue*
    (Equation 6 also sends *complete* and *risk* cues to the verifier).
``check_ms``
    wall time of one fast test (rules, scoring, routing), measured after one warm-up pass over the
    corpus so every arm sees the same cache state; median and p95.

Matchers are fitted (IDF and the like) on the pages of each corpus: unsupervised, no labels.
"""

from __future__ import annotations

import math
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

import numpy as np

from fcpkit.eval.builtin_telemetry import builtin_telemetry
from fcpkit.eval.checker import Checker, TrajectoryReport
from fcpkit.core.falsifiers import BUILTIN_RULES
from fcpkit.core.plan import SCOPES, Plan
from fcpkit.eval.metrics import wilson
from fcpkit.core.router import Route, Thresholds
from fcpkit.core.rules import action_text
from fcpkit.core.trajectory import Trajectory, load_corpus, serialize_observation

__all__ = [
    "ARMS",
    "ARM_ORDER",
    "BOUNDS",
    "DEFAULT_TAU_SHIFTS",
    "DEFAULT_DELTA_SCALES",
    "RunRecord",
    "DetectionResults",
    "MemoMatcher",
    "run_detection",
    "print_detection",
    "records_from_reports",
    "outcome_records",
    "summarize_runs",
    "sweep_thresholds",
    "choose_thresholds",
    "leave_one_workflow_out",
    "falsifier_telemetry",
    "write_figures",
]

#: Arm name -> Checker switches (``None``: the outcome check, no checker at all).
ARMS: dict[str, dict[str, bool] | None] = {
    "outcome": None,
    "confirming-only": dict(use_falsifiers=False, use_plan_falsifiers=False, use_rules=False),
    "step-falsifiers": dict(use_plan_falsifiers=False, use_rules=False),
    "+plan-falsifiers": dict(use_rules=False),
    "+rules": dict(use_builtins=False),
    "+built-in": dict(),
}
ARM_ORDER: tuple[str, ...] = tuple(ARMS)
FULL_ARM = "+built-in"
BOUNDS: tuple[str, ...] = ("lower", "upper")
WRITE_EFFECTS = frozenset({"write", "irreversible"})
SOFT_CHECK = "unconfirmed_advance"  # the checker's check on an agent moving on unconfirmed
#: Rules of the checker's advance checks (:func:`fcpkit.core.testers.advance_check`): bookkeeping on the
#: agent's claims (not timed as fast tests: ``CheckResult.scored`` is false), the ``advance-check`` source.
ADVANCE_RULES = frozenset({SOFT_CHECK, "unconfirmed_write", "reported_unconfirmed_write", "skipped_commitment"})

SOURCES: tuple[str, ...] = ("step-falsifier", "plan-falsifier", "rule", "built-in", "advance-check", "verifier", "outcome")

DEFAULT_TAU_SHIFTS: tuple[float, ...] = (-0.15, -0.10, -0.05, 0.0, 0.05, 0.10, 0.15)
DEFAULT_DELTA_SCALES: tuple[float, ...] = (0.5, 0.75, 1.0, 1.25, 1.5)
PAPER_POINT: tuple[float, float] = (0.0, 1.0)


# ----------------------------------------------------------------------------- records


@dataclass(frozen=True)
class RunRecord:
    """One trajectory under one configuration (corpus, arm, matcher, bound, thresholds)."""

    corpus: str
    arm: str
    matcher: str
    bound: str
    id: str
    workflow: str | None
    fault: str | None
    n_steps: int
    first_off_track_step: int | None
    first_write_step: int | None
    detected: bool
    detection_step: int | None = None
    detection_phase: str | None = None
    detection_rule: str | None = None
    detection_scope: str | None = None
    detection_evidence: str | None = None
    detection_level: str | None = None
    n_checks: int = 0
    escalations: int = 0
    tau_shift: float = 0.0
    delta_scale: float = 1.0
    check_ms: tuple[float, ...] = field(default=(), repr=False)
    model_escalations: int = 0

    @property
    def faulty(self) -> bool:
        return self.fault is not None

    @property
    def false_alarm(self) -> bool:
        return self.detected and not self.faulty

    @property
    def premature(self) -> bool:
        return (self.detected and self.faulty and self.first_off_track_step is not None
                and self.detection_step is not None and self.detection_step < self.first_off_track_step)

    @property
    def on_time(self) -> bool:
        return self.detected and self.faulty and not self.premature

    @property
    def steps_saved(self) -> int | None:
        if not self.detected or self.detection_step is None:
            return None
        ran = self.detection_step + (0 if self.detection_phase == "pre" else 1)
        return max(0, self.n_steps - ran)

    @property
    def before_write(self) -> bool | None:
        if not self.detected or self.detection_step is None:
            return None
        w = self.first_write_step
        return w is None or self.detection_step < w or (self.detection_step == w and self.detection_phase == "pre")

    @property
    def delay(self) -> int | None:
        if not self.detected or self.first_off_track_step is None or self.detection_step is None:
            return None
        return self.detection_step - self.first_off_track_step

    @property
    def source(self) -> str | None:
        """What made the detection: ``outcome``, ``advance-check`` (the checker's unconfirmed-advance
        check), ``built-in`` (a built-in task-level falsifier), ``rule``, ``plan-falsifier``, ``step-falsifier``, or ``verifier`` (an escalation the
        verifier resolved with no falsifier or rule named)."""
        if not self.detected:
            return None
        if self.detection_rule == "outcome":
            return "outcome"
        if self.detection_rule in ADVANCE_RULES:
            return "advance-check"
        if self.detection_rule in BUILTIN_RULES:
            return "built-in"
        if self.detection_rule:
            return "rule"
        if self.detection_level == "plan":
            return "plan-falsifier"
        if self.detection_evidence:
            return "step-falsifier"
        return "verifier"

    def to_row(self) -> dict[str, Any]:
        d = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "check_ms"}
        d.update(premature=self.premature, steps_saved=self.steps_saved, before_write=self.before_write,
                 delay=self.delay, source=self.source)
        return d


def _first_write(t: Trajectory) -> int | None:
    return next((i for i, s in enumerate(t.steps) if s.action.effect in WRITE_EFFECTS), None)


def records_from_reports(
    reports: Sequence[TrajectoryReport], trajs: Sequence[Trajectory], *, corpus: str, arm: str, matcher: str,
    bound: str, tau_shift: float = 0.0, delta_scale: float = 1.0,
) -> list[RunRecord]:
    """Turn checker reports (in the order of ``trajs``) into :class:`RunRecord` rows."""
    out = []
    for r, t in zip(reports, trajs):
        d = r.detection
        times = tuple(c.result.elapsed_ms for c in r.checks if c.result.scored)
        out.append(RunRecord(
            corpus, arm, matcher, bound, r.id, r.workflow, r.fault, r.n_steps, r.first_off_track_step,
            _first_write(t), d is not None,
            d.step if d else None, d.phase if d else None, d.result.rule if d else None,
            d.result.scope if d else None, d.result.evidence if d else None, d.result.evidence_level if d else None,
            len(r.checks), r.escalations, tau_shift, delta_scale, times, r.model_escalations,
        ))
    return out


def outcome_records(trajs: Sequence[Trajectory], *, corpus: str, matcher: str = "-", bound: str = "-",
                    tau_shift: float = 0.0, delta_scale: float = 1.0) -> list[RunRecord]:
    """The outcome check: every faulty run flagged after its last step (post phase), no healthy one."""
    out = []
    for t in trajs:
        faulty = t.label.fault is not None
        last = max(len(t.steps) - 1, 0)
        out.append(RunRecord(
            corpus, "outcome", matcher, bound, t.id, t.workflow, t.label.fault, len(t.steps),
            t.label.first_off_track_step, _first_write(t), faulty,
            last if faulty else None, "post" if faulty else None, "outcome" if faulty else None,
            tau_shift=tau_shift, delta_scale=delta_scale,
        ))
    return out


# ----------------------------------------------------------------------------- metrics


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


# ----------------------------------------------------------------------------- matchers


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


def _resolve_matchers(names: Sequence[str], notes: list[str]) -> list[tuple[str, Callable[[], Any]]]:
    """``(name, factory)`` for each requested matcher that can run here; the rest become notes."""
    from fcpkit.matching.lexical import LexicalMatcher

    wanted = list(dict.fromkeys(n.strip().lower() for n in names if n.strip()))
    try:
        from fcpkit.matching import registry
    except ImportError as exc:  # semantic matchers not written / importable yet
        registry = None
        notes.append(f"matcher registry not importable ({exc}); only the lexical matcher runs")
    if registry is not None and any(n in ("all", "available") for n in wanted):
        wanted = [n for n in wanted if n not in ("all", "available")] + [
            n for n in registry.matcher_names() if n not in wanted]
    elif registry is None:
        wanted = [n for n in wanted if n not in ("all", "available")] or ["lexical"]
    out: list[tuple[str, Callable[[], Any]]] = []
    for name in wanted:
        if name == "lexical":
            out.append((name, LexicalMatcher))
            continue
        if registry is None:
            notes.append(f"matcher {name!r} skipped: no registry")
            continue
        try:
            avail = registry.available_matchers(names=[name]).get(name)
        except Exception as exc:  # noqa: BLE001 - a benchmark skips, never crashes, on a missing model
            notes.append(f"matcher {name!r} skipped: {type(exc).__name__}: {exc}")
            continue
        if avail is None or not avail:
            notes.append(f"matcher {name!r} skipped: {avail.detail if avail is not None else 'unknown matcher'}")
            continue
        out.append((name, lambda name=name: registry.get_matcher(name)))
    return out


# ----------------------------------------------------------------------------- sweep


def _grid_thresholds(base: Thresholds, tau_shift: float, delta_scale: float) -> Thresholds:
    clip = lambda v: min(1.0, max(0.0, round(v, 6)))  # noqa: E731
    return base.replace(tau_plus=clip(base.tau_plus + tau_shift), tau_minus=clip(base.tau_minus + tau_shift),
                        delta_plus=clip(base.delta_plus * delta_scale), delta_minus=clip(base.delta_minus * delta_scale))


def _grid(tau_shifts: Sequence[float], delta_scales: Sequence[float]) -> list[tuple[float, float]]:
    taus = sorted({round(float(x), 6) for x in tau_shifts} | {PAPER_POINT[0]})
    deltas = sorted({round(float(x), 6) for x in delta_scales} | {PAPER_POINT[1]})
    return [(a, b) for a in taus for b in deltas]


def sweep_thresholds(
    trajs: Sequence[Trajectory], matcher: Any, *, corpus: str, matcher_name: str,
    arms: Sequence[str] = ARM_ORDER, bounds: Sequence[str] = BOUNDS, base: Thresholds | None = None,
    tau_shifts: Sequence[float] = DEFAULT_TAU_SHIFTS, delta_scales: Sequence[float] = DEFAULT_DELTA_SCALES,
) -> list[RunRecord]:
    """Per-run records at every grid point for every arm and bound (``matcher`` should be fitted).

    The outcome arm does not depend on thresholds: its records are repeated at each point so the
    grid is complete for every arm.
    """
    base = base or Thresholds()
    memo = matcher if isinstance(matcher, MemoMatcher) else MemoMatcher(matcher)
    out: list[RunRecord] = []
    for ts, ds in _grid(tau_shifts, delta_scales):
        th = _grid_thresholds(base, ts, ds)
        for arm in arms:
            switches = ARMS[arm]
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
    from dataclasses import replace

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
    workflows = sorted({_wf(r) for r in sweep})
    rows: list[dict[str, Any]] = []
    if len(workflows) < 2:
        return rows
    for (arm, matcher, bound), by_point in sorted(groups.items(), key=lambda kv: (ARM_ORDER.index(kv[0][0])
                                                                                  if kv[0][0] in ARM_ORDER else 99, kv[0])):
        pooled: list[RunRecord] = []
        pooled_paper: list[RunRecord] = []
        for w in workflows:
            train = {p: [r for r in rs if _wf(r) != w] for p, rs in by_point.items()}
            point = chooser(train, paper=paper)
            held = [r for r in by_point[point] if _wf(r) == w]
            held_paper = [r for r in by_point.get(paper, []) if _wf(r) == w]
            pooled += held
            pooled_paper += held_paper
            rows.append(_lowo_row(w, arm, matcher, bound, point, paper, train[point], held, held_paper))
        rows.append(_lowo_row("(pooled)", arm, matcher, bound, None, paper, [], pooled, pooled_paper))
    return rows


def _wf(r: RunRecord) -> str:
    return r.workflow if r.workflow is not None else "(none)"


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


# ----------------------------------------------------------------------------- telemetry


def _falsifiers(plan: Plan, commitment_id: str | None, phase: str):
    """``(level, commitment, scope, text)`` of the falsifiers tested at one test point."""
    pick = (lambda e: e.on_action) if phase == "pre" else (lambda e: e.on_state)
    out = []
    if commitment_id is not None:
        c = plan.commitments[plan.index(commitment_id)]
        out += [("commitment", c.id, s, e.text) for s, e in c.falsifiers() if pick(e)]
    out += [("plan", "", s, e.text) for s in SCOPES for e in plan.plan_falsifiers.get(s, ()) if pick(e)]
    return out


def _all_falsifiers(plan: Plan):
    for c in plan.commitments:
        for s, e in c.falsifiers():
            yield "commitment", c.id, s, e.on, e.text
    for s in SCOPES:
        for e in plan.plan_falsifiers.get(s, ()):
            yield "plan", "", s, e.on, e.text


def falsifier_telemetry(
    trajs: Sequence[Trajectory], reports: Sequence[TrajectoryReport], matcher: Any, thresholds: Thresholds,
    *, corpus: str, matcher_name: str, bound: str,
) -> list[dict[str, Any]]:
    """Fires of every falsifier over a checked corpus (``reports`` from the full arm, same order).

    A statement *fires* in a check when it was the diagnosed falsifier of a check routed *risk*, or
    its own score reached its drift gate tau-(kappa). It is *tested* in every check of its
    commitment (or every check, for plan-level falsifiers) at its test point. Status:
    ``untested`` (its commitment was never active), ``decorative`` (tested, never fired),
    ``over-broad`` (fired on a healthy run), ``ok``.
    """
    memo = matcher if isinstance(matcher, MemoMatcher) else MemoMatcher(matcher)
    stats: dict[tuple, dict[str, Any]] = {}

    def plan_name(t: Trajectory) -> str:
        return t.plan_ref or f"inline:{t.workflow or t.id}"

    for t in trajs:
        for level, cid, scope, on, text in _all_falsifiers(t.plan):
            stats.setdefault((corpus, plan_name(t), level, cid, scope, text), {
                "on": on, "tested_checks": 0, "fired_checks": 0, "risk_diagnoses": 0, "detections": 0,
                "runs_faulty": set(), "runs_healthy": set(), "runs_faulty_before_fault": set(),
            })
    for t, rep in zip(trajs, reports):
        d = rep.detection
        for chk in rep.checks:
            r = chk.result
            if not r.scored:
                continue  # advance and start-page checks score no falsifier
            step = t.steps[chk.step]
            text = action_text(step.action) if r.phase == "pre" else serialize_observation(step.observation)
            fals = _falsifiers(t.plan, r.commitment, r.phase)
            if not fals:
                continue
            scores = memo.score([f[3] for f in fals], [text])[:, 0]
            gate = thresholds.gate_minus(r.kappa)
            for (level, cid, scope, ftext), s in zip(fals, scores):
                st = stats.setdefault((corpus, plan_name(t), level, cid, scope, ftext), {
                    "on": "?", "tested_checks": 0, "fired_checks": 0, "risk_diagnoses": 0, "detections": 0,
                    "runs_faulty": set(), "runs_healthy": set(), "runs_faulty_before_fault": set()})
                st["tested_checks"] += 1
                diagnosed = r.evidence == ftext and (r.evidence_level or "commitment") == level
                risk = diagnosed and r.route is Route.RISK
                if risk:
                    st["risk_diagnoses"] += 1
                if chk is d and diagnosed:
                    st["detections"] += 1
                if risk or float(s) >= gate:
                    st["fired_checks"] += 1
                    if t.label.fault is None:
                        st["runs_healthy"].add(t.id)
                    else:
                        st["runs_faulty"].add(t.id)
                        first = t.label.first_off_track_step
                        if first is not None and chk.step < first:
                            st["runs_faulty_before_fault"].add(t.id)
    rows = []
    for (corp, plan, level, cid, scope, text), st in stats.items():
        tested, fired = st["tested_checks"], st["fired_checks"]
        status = ("untested" if tested == 0 else "over-broad" if st["runs_healthy"]
                  else "decorative" if fired == 0 else "ok")
        rows.append({
            "corpus": corp, "matcher": matcher_name, "bound": bound, "plan": plan, "level": level,
            "commitment": cid, "scope": scope, "on": st["on"], "text": text,
            "tested_checks": tested, "fired_checks": fired,
            "fires_per_1000_checks": 1000.0 * fired / tested if tested else None,
            "fires_faulty_runs": len(st["runs_faulty"]), "fires_healthy_runs": len(st["runs_healthy"]),
            "fires_faulty_before_fault": len(st["runs_faulty_before_fault"]),
            "risk_diagnoses": st["risk_diagnoses"], "detections": st["detections"], "status": status,
        })
    return rows


# ----------------------------------------------------------------------------- the benchmark


@dataclass
class DetectionResults:
    """Everything :func:`run_detection` measured, as pandas DataFrames, plus notes and written files."""

    runs: Any  # one row per (corpus, arm, matcher, bound, trajectory) at the paper's thresholds
    arms: Any
    per_fault: Any
    per_workflow: Any
    sweep: Any
    telemetry: Any
    lowo: Any
    notes: list[str] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    matchers: list[str] = field(default_factory=list)
    corpora: list[str] = field(default_factory=list)
    records: list[RunRecord] = field(default_factory=list, repr=False)
    sweep_records: list[RunRecord] = field(default_factory=list, repr=False)

    def table(self, name: str):
        return getattr(self, name)


def _corpus_name(path: Path, taken: set[str]) -> str:
    name = f"{path.parent.name}/{path.stem}" if path.parent.name else path.stem
    base, i = name, 2
    while name in taken:
        name, i = f"{base}#{i}", i + 1
    taken.add(name)
    return name


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
    from dataclasses import replace

    return records + [replace(r, corpus="all") for r in records]


def _sort(df, cols, matchers: Sequence[str] = ()):
    if df.empty:
        return df
    arm_i = {a: i for i, a in enumerate(ARM_ORDER)}
    m_i = {m: i for i, m in enumerate(matchers)}
    key = {"arm": lambda s: s.map(lambda a: arm_i.get(a, 99)),
           "bound": lambda s: s.map(lambda b: (BOUNDS.index(b) if b in BOUNDS else 99)),
           "matcher": lambda s: s.map(lambda m: m_i.get(m, 99)),
           "corpus": lambda s: s.map(lambda c: "\uffff" if c == "all" else c)}
    by = [c for c in cols if c in df.columns]
    return df.sort_values(by=by, key=lambda s: key[s.name](s) if s.name in key else s,
                          kind="stable").reset_index(drop=True)


def run_detection(
    corpora: Sequence[str | Path],
    matchers: Sequence[str] = ("lexical",),
    out_dir: str | Path | None = Path("data/results"),
    *,
    fig_dir: str | Path | None = Path("figures"),
    arms: Sequence[str] = ARM_ORDER,
    bounds: Sequence[str] = BOUNDS,
    thresholds: Thresholds | None = None,
    tau_shifts: Sequence[float] = DEFAULT_TAU_SHIFTS,
    delta_scales: Sequence[float] = DEFAULT_DELTA_SCALES,
    sweep: bool = True,
    telemetry: bool = True,
    png: bool = True,
    plotlyjs: str | bool = "directory",
    progress: Callable[[str], None] | None = None,
) -> DetectionResults:
    """Run the detection benchmark over ``corpora`` and write its tables and figures.

    ``matchers``: names (``"available"`` adds every registered matcher that loads here); unavailable
    ones are skipped with a note. ``out_dir``/``fig_dir``: ``None`` writes nothing there.
    ``sweep=False`` skips the threshold sweep and hence LOWO. ``plotlyjs``: how the HTML figures get
    plotly.js (``"directory"``: one shared ``plotly.min.js`` beside them, works offline; ``"cdn"``:
    tiny files that need the network; ``True``: embedded in each file). Returns :class:`DetectionResults`.
    """
    import pandas as pd

    unknown = [a for a in arms if a not in ARMS]
    if unknown:
        raise ValueError(f"unknown arm(s) {unknown}; known: {list(ARMS)}")
    bad = [b for b in bounds if b not in BOUNDS]
    if bad:
        raise ValueError(f"unknown bound(s) {bad}; known: {list(BOUNDS)}")
    say = progress or (lambda msg: None)
    base = thresholds or Thresholds()
    notes: list[str] = []
    factories = _resolve_matchers(matchers, notes)
    if not factories:
        raise ValueError(f"none of the matchers {list(matchers)} can run here: {'; '.join(notes)}")
    taken: set[str] = set()
    loaded = []
    for p in corpora:
        p = Path(p)
        loaded.append((_corpus_name(p, taken), load_corpus(p)))
    names = [n for n, _ in loaded]

    records: list[RunRecord] = []
    sweep_recs: list[RunRecord] = []
    tele_rows: list[dict[str, Any]] = []
    for cname, corpus in loaded:
        trajs = list(corpus)
        for mname, factory in factories:
            t0 = time.perf_counter()
            try:
                matcher = factory()
                Checker(matcher, base).fit(trajs)
                # warm-up: one full pass so every arm's timings see the same (warm) caches
                Checker(matcher, base, verifier="lower").check_corpus(trajs)
            except Exception as exc:  # noqa: BLE001 - a matcher that fails to load is skipped
                notes.append(f"matcher {mname!r} failed on {cname}: {type(exc).__name__}: {exc}")
                continue
            say(f"{cname}: {mname} loaded and warmed in {time.perf_counter() - t0:.1f}s")
            for arm in arms:
                for bound in bounds:
                    sw = ARMS[arm]
                    if sw is None:
                        records += outcome_records(trajs, corpus=cname, matcher=mname, bound=bound)
                        continue
                    reps = Checker(matcher, base, verifier=bound, **sw).check_corpus(trajs)
                    records += records_from_reports(reps, trajs, corpus=cname, arm=arm, matcher=mname, bound=bound)
                    if telemetry and arm == FULL_ARM:
                        tele_rows += falsifier_telemetry(trajs, reps, matcher, base, corpus=cname,
                                                         matcher_name=mname, bound=bound)
                        tele_rows += builtin_telemetry(trajs, reps, corpus=cname, matcher_name=mname, bound=bound)
            if sweep:
                t0 = time.perf_counter()
                sweep_recs += sweep_thresholds(trajs, matcher, corpus=cname, matcher_name=mname, arms=arms,
                                               bounds=bounds, base=base, tau_shifts=tau_shifts,
                                               delta_scales=delta_scales)
                say(f"{cname}: {mname} sweep in {time.perf_counter() - t0:.1f}s")
    used = list(dict.fromkeys(r.matcher for r in records))
    recs_all = _with_all(records, names)
    runs_df = pd.DataFrame([r.to_row() for r in records])
    arms_df = _sort(pd.DataFrame(_grouped(recs_all, ["corpus", "arm", "matcher", "bound"])),
                    ["corpus", "matcher", "bound", "arm"], used)
    fault_df = _sort(pd.DataFrame(_grouped(recs_all, ["corpus", "arm", "matcher", "bound", "fault"], faulty_only=True)),
                     ["corpus", "matcher", "bound", "arm", "fault"], used)
    wf_df = _sort(pd.DataFrame(_grouped(recs_all, ["corpus", "arm", "matcher", "bound", "workflow"])),
                  ["corpus", "matcher", "bound", "arm", "workflow"], used)
    sweep_all = _with_all(sweep_recs, names)
    sweep_df = pd.DataFrame(_grouped(sweep_all, ["corpus", "arm", "matcher", "bound", "tau_shift", "delta_scale"]))
    if not sweep_df.empty:
        sweep_df.insert(6, "is_paper", (sweep_df.tau_shift == PAPER_POINT[0]) & (sweep_df.delta_scale == PAPER_POINT[1]))
        th = [_grid_thresholds(base, a, b) for a, b in zip(sweep_df.tau_shift, sweep_df.delta_scale)]
        for col in ("tau_plus", "tau_minus", "delta_plus", "delta_minus"):
            sweep_df[col] = [getattr(x, col) for x in th]
        sweep_df = _sort(sweep_df, ["corpus", "matcher", "bound", "arm", "tau_shift", "delta_scale"], used)
    lowo_df = pd.DataFrame(leave_one_workflow_out(sweep_recs)) if sweep_recs else pd.DataFrame()
    if not lowo_df.empty:
        lowo_df = _sort(lowo_df, ["matcher", "bound", "arm"], used)
    if sweep and sweep_recs and lowo_df.empty:
        notes.append("LOWO skipped: fewer than two workflows")
    tele_df = pd.DataFrame(tele_rows)
    res = DetectionResults(runs_df, arms_df, fault_df, wf_df, sweep_df, tele_df, lowo_df, notes,
                           matchers=used, corpora=names, records=records, sweep_records=sweep_recs)
    if out_dir is not None:
        res.files += _write_tables(res, Path(out_dir), base, tau_shifts, delta_scales)
    if fig_dir is not None:
        res.files += write_figures(res, Path(fig_dir), png=png, notes=res.notes, plotlyjs=plotlyjs)
    return res


def _write_tables(res: DetectionResults, out: Path, base: Thresholds, taus, deltas) -> list[Path]:
    import json

    out.mkdir(parents=True, exist_ok=True)
    files = []
    for name in ("arms", "per_fault", "per_workflow", "sweep", "telemetry", "lowo", "runs"):
        df = getattr(res, name)
        p = out / f"detection_{name}.csv"
        df.to_csv(p, index=False, float_format="%.6g")
        files.append(p)
    meta = {
        "corpora": res.corpora, "matchers": res.matchers, "notes": res.notes,
        "thresholds": base.to_dict(), "tau_shifts": sorted({*map(float, taus), PAPER_POINT[0]}),
        "delta_scales": sorted({*map(float, deltas), PAPER_POINT[1]}), "arms": {k: v for k, v in ARMS.items()},
    }
    p = out / "detection_meta.json"
    p.write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    files.append(p)
    return files


# ----------------------------------------------------------------------------- figures


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
    fd = res.per_fault
    if not fd.empty:
        fd = fd[fd.corpus == corpus].copy()
        fd["err_plus"] = fd.detection_rate_hi - fd.detection_rate
        fd["err_minus"] = fd.detection_rate - fd.detection_rate_lo
        fd["label"] = fd.detected.astype(str) + "/" + fd.faulty.astype(str)
        figs["by_arm_fault"] = px.bar(
            fd, x="fault", y="detection_rate", color="arm", barmode="group", facet_col="bound", facet_row="matcher",
            error_y="err_plus", error_y_minus="err_minus", hover_data=["label", "steps_saved_mean", "before_write_share"],
            category_orders={"arm": list(ARM_ORDER), "bound": list(BOUNDS)},
            title=f"Detection rate by arm and fault class ({corpus}; Wilson 95% bars)",
        )
    ad = res.arms
    if not ad.empty:
        ad = ad[ad.corpus == corpus].copy()
        rows = []
        for _, r in ad.iterrows():
            for kind, n in (("before first write", r.before_write), ("after first write", r.detected - r.before_write),
                            ("missed", r.faulty - r.detected)):
                rows.append({"arm": r.arm, "matcher": r.matcher, "bound": r.bound, "catch": kind, "runs": n})
        import pandas as pd

        figs["write_timing"] = px.bar(
            pd.DataFrame(rows), x="arm", y="runs", color="catch", facet_col="bound", facet_row="matcher",
            category_orders={"arm": list(ARM_ORDER), "bound": list(BOUNDS),
                             "catch": ["before first write", "after first write", "missed"]},
            color_discrete_map={"before first write": "#2a9d8f", "after first write": "#e9c46a", "missed": "#bbbbbb"},
            title=f"Faulty runs caught before vs after the browser was first modified ({corpus})",
        )
    sd = res.sweep
    if not sd.empty:
        sd = sd[(sd.corpus == corpus) & (sd.arm == FULL_ARM)].copy()
        if not sd.empty:
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
            figs["threshold_sweep"] = fig
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


# ----------------------------------------------------------------------------- printing


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
    if not res.sweep.empty:
        sd = res.sweep[(res.sweep.corpus == corpus) & (res.sweep.arm == FULL_ARM)]
        t = Table(title=f"threshold sweep, {FULL_ARM} — {corpus} (alarms = false alarms + early flags)",
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
    for n in res.notes:
        console.print(f"[yellow]note:[/] {n}")
    if res.files:
        console.print(f"[dim]wrote {len(res.files)} files: {', '.join(str(p) for p in res.files)}[/]")
