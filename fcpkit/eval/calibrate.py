"""Calibrate a matcher on a labelled trajectory corpus: score mapping and routing thresholds, in one file.

The paper's routing gates (appendix B.5: ``pi_low = 0.5``, ``tau+ = 0.65``, ``tau- = 0.55``, the
``delta`` margins) assume scores that behave like probabilities. A matcher's own ``[0, 1]`` map
(e.g. the embedding matcher's default ``sigmoid(10 cos - 5.5)``) need not: on the example corpus
it flags 8 of 12 healthy runs. :func:`calibrate` fits, on a *training* split of a labelled corpus,

1. a **Platt mapping** ``p = sigmoid(a * raw + b)`` of the matcher's raw score (``raw_score`` when
   it has one - the embedding cosine -, else ``score``), on pseudo-labelled evidence bags, then
2. a **threshold shift** (``tau`` gates shifted together, ``delta`` margins scaled together) chosen
   by :func:`fcpkit.eval.thresholds.choose_thresholds` on the training runs checked with the mapped
   matcher: fewest alarms (false alarms + premature flags), then most on-time catches, ties to
   the paper's point,

and reports detection, false alarms and escalation share on the **held-back** split next to the
uncalibrated default. The result is saved as JSON (:meth:`CalibrationReport.save`) and read back
with :func:`calibrated_matcher` / :func:`calibrated_thresholds`.

Pseudo-labels (no hand labels beyond the corpus' ``label.fault`` / ``first_off_track_step``)
-------------------------------------------------------------------------------------------------
The active commitment at each step is the trajectory's ``commitment`` field (the agent's belief);
steps without one take the commitment tracked by a :class:`~fcpkit.eval.checker.Checker` with the
lexical matcher and the oracle (upper-bound) verifier - never the matcher being calibrated.

Every example is a **bag**: a set of statements scored against one text, whose score is the bag's
maximum - exactly what the router consumes (``alpha-`` is the max over the tested falsifiers,
``alpha_comp`` the max over completion statements). Platt scaling is monotone, so calibrating the
bag maximum is calibrating every member. Labelling bags, not single statements, is the
multiple-instance reading of the labels: on a faulty page we know *some* falsifier should hold,
not which; and positives and negatives are both maxima over the same kind of set, so picking the
max does not bias positives upward relative to negatives.

``falsifier-state`` bags
    the state-testable falsifiers of the active commitment plus the plan-level ones, against the
    page after each step. Label 0 on healthy runs and on faulty runs before ``first_off_track_step``;
    label 1 at the first off-track step itself (``positive_window`` steps after it too), unless a
    matcher-independent rule explains the fault without any visible evidence (``unchanged_page``,
    ``action_error``: the silent no-op shows nothing a falsifier could match). Later faulty steps
    are left out (the page may or may not still show the fault).
``falsifier-action`` bags
    the action-testable falsifiers against the action description. Negatives only (same rule as
    above): whether a fault shows in the *action* depends on the fault class, so no positive is
    assumed.
``completion`` bags (healthy runs only)
    the completion statements of commitment ``k``. Label 1: the page after the last step the agent
    spent on ``k`` before moving on (or, for the plan's last commitment, the run's last page).
    Label 0: pages of ``k``'s own earlier steps and every page shown before the page ``k`` started
    from - excluding any page equal to the positive one up to clocks and counters
    (:func:`fcpkit.core.rules.page_fingerprint`).

Identical (kind, statements, text, label) bags are counted once.

Held-out hygiene: the mapping, the matcher's unsupervised statistics (the lexical matcher's IDF)
and the threshold sweep see only training trajectories (:func:`fit_split`); held-out runs are only
checked, with everything frozen.
"""

from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Mapping, Sequence

import numpy as np

from fcpkit.agent.arms import FULL_CHECK_ARM
from fcpkit.core.router import Thresholds
from fcpkit.core.trajectory import Trajectory, load_corpus, serialize_observation
from fcpkit.errors import ConfigError
from fcpkit.eval.bags import KINDS, Bag, extract_bags
from fcpkit.eval.calibration_file import CalibratedMatcher, CalibrationReport
from fcpkit.eval.calibration_splits import make_splits
from fcpkit.eval.checker import Checker
from fcpkit.eval.metrics import RunRecord, records_from_reports, summarize_runs
from fcpkit.eval.thresholds import (
    PAPER_POINT,
    choose_robust_thresholds,
    choose_thresholds,
    grid_thresholds,
    sweep_thresholds,
)
from fcpkit.llm.components.registry import BOUNDS
from fcpkit.matching import get_matcher
from fcpkit.matching.calibration import Calibration, fit_calibration

__all__ = [
    "FitResult", "DEFAULT_TAU_SHIFTS", "CALIBRATE_DELTA_SCALES", "fit_mapping", "fit_split", "evaluate",
    "calibrate"
]

#: tau shifts searched (both gates move together): wider than the detection benchmark's grid,
#: since a fitted mapping moves where healthy and faulty pages fall; on the example corpus the
#: chosen shifts lie between -0.30 and -0.20
DEFAULT_TAU_SHIFTS: tuple[float, ...] = tuple(round(-0.40 + 0.05 * i, 2) for i in range(15))  # -0.40 .. +0.30
#: delta scales searched (both margins scale together). No 0: dropping the margins altogether
#: overfits (on the example corpus it bought one training catch and cost 3/3 held-out healthy runs)
CALIBRATE_DELTA_SCALES: tuple[float, ...] = (0.25, 0.5, 0.75, 1.0, 1.25, 1.5)


# ----------------------------------------------------------------------------- the mapping


def _bag_raw(m: CalibratedMatcher, bags: Sequence[Bag]) -> np.ndarray:
    return np.array([float(np.max(m.raw(b.statements, b.text))) for b in bags])


def fit_mapping(matcher: CalibratedMatcher, bags: Sequence[Bag], *, l2: float = 1e-3) -> Calibration:
    """Platt-fit ``P(bag label = 1 | max raw score over the bag)``.

    ``matcher`` must score raw (a :class:`CalibratedMatcher` built with a calibration, so its
    ``raw`` is ``raw_score`` where the inner matcher has one).
    """
    if not bags:
        raise ConfigError("fit_mapping: no bags to fit on")
    x = _bag_raw(matcher, bags)
    y = np.array([b.label for b in bags])
    name = matcher.name
    inp = "cosine" if name == "embedding" and matcher._tag == "raw" else matcher._tag
    cal = fit_calibration(x, y, input=inp, l2=l2, source=f"fcpkit.eval.calibrate ({name}, {len(bags)} bags)")
    by_kind = {k: {"pos": sum(1 for b in bags if b.kind == k and b.label), "neg": sum(1 for b in bags if b.kind == k
                                                                                      and not b.label)} for k in KINDS}
    return Calibration(cal.a, cal.b, input=cal.input, source=cal.source, meta={**cal.meta, "bags": by_kind})


# ----------------------------------------------------------------------------- fit and evaluate


@dataclass
class FitResult:
    """What :func:`fit_split` learned from training runs only."""

    mapping: Calibration
    tau_shift: float
    delta_scale: float
    thresholds: Thresholds
    train_ids: tuple[str, ...]
    n_bags: dict[str, dict[str, int]]
    train_metrics: dict[str, Any]


def evaluate(trajs: Sequence[Trajectory], matcher: Any, thresholds: Thresholds, *, bound: str = "lower",
             arm_switches: Mapping[str, bool] | None = None) -> tuple[dict[str, Any], list[RunRecord]]:
    """Check ``trajs`` (full configuration unless ``arm_switches``) and summarise (detection.summarize_runs)."""
    ch = Checker(matcher, thresholds, verifier=bound, **dict(arm_switches or {}))
    reps = ch.check_corpus(trajs)
    recs = records_from_reports(reps, trajs, corpus="calibrate", arm=FULL_CHECK_ARM, matcher=getattr(matcher, "name", "?"),
                                bound=bound)
    return summarize_runs(recs), recs


def fit_split(train: Sequence[Trajectory], inner: Any, *, bound: str = "lower", base: Thresholds | None = None,
              tau_shifts: Sequence[float] = DEFAULT_TAU_SHIFTS, delta_scales: Sequence[float] = CALIBRATE_DELTA_SCALES,
              positive_window: int = 0, memo: dict | None = None, l2: float = 1e-3, robust: bool = False) -> FitResult:
    """Fit the mapping and the threshold shift on ``train`` only (the only place labels are read)."""
    base = base or Thresholds()
    memo = {} if memo is None else memo
    raw = CalibratedMatcher(inner, Calibration(1.0, 0.0), memo=memo)
    if callable(getattr(inner, "fit", None)):
        raw.fit(serialize_observation(o) for t in train for o in t.observations())  # unsupervised, train pages only
    bags = extract_bags(train, positive_window=positive_window)
    mapping = fit_mapping(raw, bags, l2=l2)
    mapped = CalibratedMatcher(inner, mapping, memo=memo)
    recs = sweep_thresholds(train, mapped, corpus="train", matcher_name=mapped.name, arms=(FULL_CHECK_ARM,),
                            bounds=(bound,), base=base, tau_shifts=tau_shifts, delta_scales=delta_scales)
    by_point: dict[tuple[float, float], list[RunRecord]] = defaultdict(list)
    for r in recs:
        by_point[(r.tau_shift, r.delta_scale)].append(r)
    ts, ds = choose_robust_thresholds(by_point) if robust else choose_thresholds(by_point, paper=PAPER_POINT)
    th = grid_thresholds(base, ts, ds)
    return FitResult(mapping, ts, ds, th, tuple(t.id for t in train), mapping.meta.get("bags", {}),
                     _slim(summarize_runs(by_point[(ts, ds)])))


_KEEP = ("runs", "faulty", "healthy", "detected", "detection_rate", "detection_rate_lo", "detection_rate_hi",
         "on_time", "premature", "false_alarms", "false_alarm_rate", "false_alarm_rate_lo", "false_alarm_rate_hi",
         "checks", "escalations", "escalation_share", "steps_saved_share", "before_write_share")


def _slim(s: Mapping[str, Any]) -> dict[str, Any]:
    return {k: s.get(k) for k in _KEEP}


# ----------------------------------------------------------------------------- the CLI entry point


def _default_mapping(name: str, inner: Any) -> Calibration | None:
    return getattr(inner, "calibration", None) if name == "embedding" else None


def _trajectories(corpus_paths: Sequence[str | os.PathLike] | str | os.PathLike,
                  given: Sequence[Trajectory] | None) -> tuple[list[str], list[Trajectory]]:
    if isinstance(corpus_paths, (str, os.PathLike)):
        corpus_paths = [corpus_paths]
    paths = [str(p) for p in corpus_paths]
    trajs = list(given) if given is not None else [t for p in paths for t in load_corpus(p)]
    if not trajs:
        raise ConfigError("calibrate: no trajectories")
    return paths, trajs


def _matcher(matcher: str | Any, kwargs: Mapping[str, Any] | None) -> tuple[Any, str]:
    if isinstance(matcher, str):
        name = matcher.strip().lower()
        inner = get_matcher(name, **dict(kwargs or {}))
    else:
        inner, name = matcher, getattr(matcher, "name", type(matcher).__name__)
    if callable(getattr(inner, "load", None)):
        inner.load()
    return inner, name


def calibrate(
    corpus_paths: Sequence[str | os.PathLike] | str | os.PathLike,
    matcher: str | Any = "embedding",
    out: str | os.PathLike | None = None,
    split: str = "workflow",
    seed: int = 0,
    holdout: float | int | str | Sequence[str] = 0.25,
    *,
    bound: str = "lower",
    base: Thresholds | None = None,
    tau_shifts: Sequence[float] = DEFAULT_TAU_SHIFTS,
    delta_scales: Sequence[float] = CALIBRATE_DELTA_SCALES,
    positive_window: int = 0,
    matcher_kwargs: Mapping[str, Any] | None = None,
    robust: bool = False,
    trajectories: Sequence[Trajectory] | None = None,
) -> CalibrationReport:
    """Fit a matcher's score mapping and routing thresholds on a labelled corpus; report held-out; save.

    ``matcher``: a registry name (``"embedding"``, ``"lexical"``, ...) or a matcher instance.
    ``split``/``seed``/``holdout``: see :func:`make_splits`. With one split the saved mapping and
    thresholds are those fitted on its training part, and ``heldout`` scores exactly that artifact.
    With ``holdout="all"`` (leave-one-workflow-out) each fold is fitted without its workflow and
    ``heldout`` pools the folds (a cross-validated estimate); the saved artifact is then refitted
    on every trajectory. ``out``: where to write the JSON (nothing is written when ``None``).
    ``trajectories`` (tests, notebooks): use these instead of loading ``corpus_paths``.
    """
    paths, trajs = _trajectories(corpus_paths, trajectories)
    if bound not in BOUNDS:
        raise ConfigError(f"calibrate: bound must be 'lower' or 'upper', got {bound!r}")
    base = base or Thresholds()
    inner, name = _matcher(matcher, matcher_kwargs)
    model = getattr(inner, "model_name", None)
    splits = make_splits(trajs, split, seed=seed, holdout=holdout)
    by_id = {t.id: t for t in trajs}
    memo: dict = {}
    kw = dict(bound=bound, base=base, tau_shifts=tau_shifts, delta_scales=delta_scales,
              positive_window=positive_window, memo=memo, robust=robust)

    held: dict[str, list[RunRecord]] = {"default": [], "mapped": [], "calibrated": []}
    folds: list[dict[str, Any]] = []
    fit: FitResult | None = None
    for sp in splits:
        train = [by_id[i] for i in sp.train]
        test = [by_id[i] for i in sp.test]
        fit = fit_split(train, inner, **kw)
        default = CalibratedMatcher(inner, _default_mapping(name, inner), memo=memo)
        mapped = CalibratedMatcher(inner, fit.mapping, memo=memo)
        fold = {"name": sp.name, "train": len(train), "test": list(sp.test), "a": fit.mapping.a, "b": fit.mapping.b,
                "tau_shift": fit.tau_shift, "delta_scale": fit.delta_scale, "train_metrics": fit.train_metrics}
        for key, m, th in (("default", default, base), ("mapped", mapped, base), ("calibrated", mapped, fit.thresholds)):
            s, recs = evaluate(test, m, th, bound=bound)
            held[key] += recs
            fold[key] = _slim(s)
        folds.append(fold)
    assert fit is not None
    heldout = {k: _slim(summarize_runs(v)) for k, v in held.items()}
    split_info: dict[str, Any] = {
        "kind": split, "seed": seed, "holdout": holdout if isinstance(holdout, (int, float, str)) else list(holdout),
        "folds": [sp.name for sp in splits],
    }
    if len(splits) == 1:
        split_info.update(train=list(splits[0].train), test=list(splits[0].test))
        final = fit
    else:  # cross-validated estimate above; the saved artifact uses every run
        final = fit_split(trajs, inner, **kw)
        split_info.update(train=[t.id for t in trajs], test=[], note="leave-one-workflow-out estimate; "
                          "the saved mapping and thresholds are refitted on every trajectory")
    rep = CalibrationReport(
        matcher=name, model=model, mapping=final.mapping, thresholds=final.thresholds, tau_shift=final.tau_shift,
        delta_scale=final.delta_scale, corpora=paths, split=split_info, bound=bound, n_bags=final.n_bags,
        train=final.train_metrics, heldout=heldout, folds=folds,
        created=datetime.now(timezone.utc).isoformat(timespec="seconds"),
    )
    if out is not None:
        rep.save(out)
    return rep
