"""Calibrate a matcher on a labelled trajectory corpus: score mapping and routing thresholds, in one file.

The paper's routing gates (appendix B.5: ``pi_low = 0.5``, ``tau+ = 0.65``, ``tau- = 0.55``, the
``delta`` margins) assume scores that behave like probabilities. A matcher's own ``[0, 1]`` map
(e.g. the embedding matcher's default ``sigmoid(10 cos - 5.5)``) need not: on the example corpus
it flags 8 of 12 healthy runs. :func:`calibrate` fits, on a *training* split of a labelled corpus,

1. a **Platt mapping** ``p = sigmoid(a * raw + b)`` of the matcher's raw score (``raw_score`` when
   it has one - the embedding cosine -, else ``score``), on pseudo-labelled evidence bags, then
2. a **threshold shift** (``tau`` gates shifted together, ``delta`` margins scaled together) chosen
   by :func:`fcpkit.eval.detection.choose_thresholds` on the training runs checked with the mapped
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

import hashlib
import json
import math
import os
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from fcpkit.eval.bags import KINDS, Bag, active_commitments, extract_bags, instance_pairs
from fcpkit.eval.checker import Checker
from fcpkit.eval.detection import (
    FULL_ARM,
    PAPER_POINT,
    RunRecord,
    _grid_thresholds,
    choose_thresholds,
    records_from_reports,
    summarize_runs,
    sweep_thresholds,
)
from fcpkit.errors import ConfigError, read_json_config
from fcpkit.matching import get_matcher
from fcpkit.matching.calibration import Calibration, fit_calibration
from fcpkit.core.router import Thresholds
from fcpkit.core.trajectory import Trajectory, load_corpus, serialize_observation

__all__ = [
    "FORMAT",
    "Bag",
    "CalibratedMatcher",
    "CalibrationReport",
    "FitResult",
    "Split",
    "DEFAULT_TAU_SHIFTS",
    "CALIBRATE_DELTA_SCALES",
    "active_commitments",
    "extract_bags",
    "instance_pairs",
    "fit_mapping",
    "fit_split",
    "make_splits",
    "choose_robust_thresholds",
    "evaluate",
    "calibrate",
    "load_report",
    "calibrated_matcher",
    "calibrated_thresholds",
]

FORMAT = "fcpkit.calibrated-matcher/1"
#: tau shifts searched (both gates move together): wider than the detection benchmark's grid,
#: since a fitted mapping moves where healthy and faulty pages fall; on the example corpus the
#: chosen shifts lie between -0.30 and -0.20
DEFAULT_TAU_SHIFTS: tuple[float, ...] = tuple(round(-0.40 + 0.05 * i, 2) for i in range(15))  # -0.40 .. +0.30
#: delta scales searched (both margins scale together). No 0: dropping the margins altogether
#: overfits (on the example corpus it bought one training catch and cost 3/3 held-out healthy runs)
CALIBRATE_DELTA_SCALES: tuple[float, ...] = (0.25, 0.5, 0.75, 1.0, 1.25, 1.5)


# ----------------------------------------------------------------------------- matcher wrapper


class CalibratedMatcher:
    """``sigmoid(a * raw + b)`` over any matcher's raw score, with a memo of raw scores.

    ``raw`` is ``inner.raw_score`` when the matcher has one, else ``inner.score``. ``calibration``
    ``None`` passes the inner matcher's own ``score`` through (the uncalibrated default).
    ``fit`` (unsupervised statistics such as IDF) is forwarded and clears the memo.
    """

    def __init__(self, inner: Any, calibration: Calibration | None = None, *, memo: dict | None = None):
        self.inner = inner
        self.calibration = calibration
        self.name = getattr(inner, "name", type(inner).__name__)
        self._raw_fn = getattr(inner, "raw_score", None) if calibration is not None else None
        if not callable(self._raw_fn):
            self._raw_fn = inner.score
        self._memo: dict = {} if memo is None else memo
        self._tag = "score" if self._raw_fn == getattr(inner, "score", None) else "raw"

    def fit(self, texts: Iterable[str]) -> "CalibratedMatcher":
        fit = getattr(self.inner, "fit", None)
        if callable(fit):
            fit(texts)
            self._memo.clear()
        return self

    def raw(self, statements: Sequence[str], text: str) -> np.ndarray:
        stmts = tuple(statements)
        key = (self._tag, stmts, text)
        col = self._memo.get(key)
        if col is None:
            col = np.asarray(self._raw_fn(list(stmts), [text]), dtype=np.float64)[:, 0] if stmts else np.zeros(0)
            self._memo[key] = col
        return col

    def score(self, statements: Sequence[str], texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(statements), len(texts)), dtype=np.float64)
        for j, text in enumerate(texts):
            col = self.raw(statements, text)
            out[:, j] = self.calibration.apply(col) if self.calibration is not None else col
        return out

    def __repr__(self) -> str:
        return f"CalibratedMatcher({self.inner!r}, {self.calibration!r})"


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


# ----------------------------------------------------------------------------- splits


@dataclass(frozen=True)
class Split:
    """One train / held-out partition of trajectory ids (``name`` names the fold)."""

    name: str
    train: tuple[str, ...]
    test: tuple[str, ...]


def _h(seed: int, key: str) -> str:
    return hashlib.sha256(f"{seed}:{key}".encode()).hexdigest()


def _count(holdout: float | int, n: int) -> int:
    if isinstance(holdout, bool):
        raise ConfigError("holdout: expected a fraction, a count, names, or 'all'")
    if isinstance(holdout, float) and 0 < holdout < 1:
        k = max(1, round(holdout * n))
    elif isinstance(holdout, (int, float)) and float(holdout).is_integer() and holdout >= 1:
        k = int(holdout)
    else:
        raise ConfigError(f"holdout: expected a fraction in (0, 1) or a whole number >= 1, got {holdout!r}")
    if k >= n:
        raise ConfigError(f"holdout: holding out {k} of {n} leaves nothing to train on")
    return k


def make_splits(trajs: Sequence[Trajectory], split: str = "workflow", *, seed: int = 0,
                holdout: float | int | str | Sequence[str] = 0.25) -> list[Split]:
    """Train / held-out partitions.

    ``split="workflow"``: whole workflows are held out. ``holdout`` is a fraction of the workflows
    (at least one), a count, workflow names (a list, or a comma-separated string), or ``"all"``:
    leave-one-workflow-out, one fold per workflow. Which workflows, when not named, is decided by
    a seeded hash. ``split="random"``: trajectories are held out by a seeded hash of their id,
    stratified (healthy and faulty runs separately); ``holdout`` is a fraction of each stratum
    (at least one run of each) or a count per stratum; ``"all"`` is not allowed.
    """
    ids = [t.id for t in trajs]
    if len(set(ids)) != len(ids):
        raise ConfigError("make_splits: trajectory ids must be unique across the corpora")
    if split == "workflow":
        wf = {t.id: (t.workflow if t.workflow is not None else "(none)") for t in trajs}
        names = sorted(set(wf.values()))
        if len(names) < 2:
            raise ConfigError(f"split='workflow' needs at least two workflows, found {names}; use split='random'")
        if isinstance(holdout, str) and holdout.strip().lower() in ("all", "lowo", "loo"):
            held_sets = [[w] for w in names]
        elif isinstance(holdout, str) or (isinstance(holdout, Sequence) and not isinstance(holdout, str)):
            chosen = [h.strip() for h in (holdout.split(",") if isinstance(holdout, str) else holdout) if h.strip()]
            unknown = sorted(set(chosen) - set(names))
            if unknown:
                raise ConfigError(f"holdout: unknown workflow(s) {unknown}; known: {names}")
            if set(chosen) == set(names):
                raise ConfigError("holdout: every workflow held out leaves nothing to train on")
            held_sets = [chosen]
        else:
            k = _count(holdout, len(names))
            held_sets = [sorted(sorted(names, key=lambda w: _h(seed, w))[:k])]
        return [Split("+".join(h), tuple(i for i in ids if wf[i] not in h), tuple(i for i in ids if wf[i] in h))
                for h in held_sets]
    if split == "random":
        if isinstance(holdout, str) or (isinstance(holdout, Sequence)):
            raise ConfigError("split='random': holdout must be a fraction or a count")
        test: set[str] = set()
        for faulty in (False, True):
            stratum = sorted((t.id for t in trajs if (t.label.fault is not None) == faulty), key=lambda i: _h(seed, i))
            if not stratum:
                continue
            k = max(1, round(holdout * len(stratum))) if isinstance(holdout, float) and holdout < 1 else int(holdout)
            if k >= len(stratum):
                raise ConfigError(f"holdout: holding out {k} of {len(stratum)} {'faulty' if faulty else 'healthy'} runs "
                                  f"leaves none to train on")
            test |= set(stratum[:k])
        return [Split(f"random(seed={seed})", tuple(i for i in ids if i not in test), tuple(i for i in ids if i in test))]
    raise ConfigError(f"split must be 'workflow' or 'random', got {split!r}")


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
    recs = records_from_reports(reps, trajs, corpus="calibrate", arm=FULL_ARM, matcher=getattr(matcher, "name", "?"),
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
    recs = sweep_thresholds(train, mapped, corpus="train", matcher_name=mapped.name, arms=(FULL_ARM,),
                            bounds=(bound,), base=base, tau_shifts=tau_shifts, delta_scales=delta_scales)
    by_point: dict[tuple[float, float], list[RunRecord]] = defaultdict(list)
    for r in recs:
        by_point[(r.tau_shift, r.delta_scale)].append(r)
    ts, ds = choose_robust_thresholds(by_point) if robust else choose_thresholds(by_point, paper=PAPER_POINT)
    th = _grid_thresholds(base, ts, ds)
    return FitResult(mapping, ts, ds, th, tuple(t.id for t in train), mapping.meta.get("bags", {}),
                     _slim(summarize_runs(by_point[(ts, ds)])))


def choose_robust_thresholds(candidates: Mapping[tuple[float, float], Sequence[RunRecord]], *,
                             paper: tuple[float, float] = PAPER_POINT) -> tuple[float, float]:
    """:func:`fcpkit.eval.detection.choose_thresholds` with a one-grid-step safety margin.

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


_KEEP = ("runs", "faulty", "healthy", "detected", "detection_rate", "detection_rate_lo", "detection_rate_hi",
         "on_time", "premature", "false_alarms", "false_alarm_rate", "false_alarm_rate_lo", "false_alarm_rate_hi",
         "checks", "escalations", "escalation_share", "steps_saved_share", "before_write_share")


def _slim(s: Mapping[str, Any]) -> dict[str, Any]:
    return {k: s.get(k) for k in _KEEP}


# ----------------------------------------------------------------------------- report and file


@dataclass
class CalibrationReport:
    """A fitted mapping and thresholds with provenance and held-out metrics; saved as one JSON file.

    ``heldout`` maps a configuration to metrics on the held-back runs (pooled over folds for
    leave-one-workflow-out): ``default`` (the matcher's own scores, paper thresholds),
    ``mapped`` (fitted mapping, paper thresholds), ``calibrated`` (fitted mapping and thresholds).
    """

    matcher: str
    model: str | None
    mapping: Calibration
    thresholds: Thresholds
    tau_shift: float
    delta_scale: float
    corpora: list[str]
    split: dict[str, Any]
    bound: str
    n_bags: dict[str, dict[str, int]]
    train: dict[str, Any]
    heldout: dict[str, dict[str, Any]]
    folds: list[dict[str, Any]] = field(default_factory=list)
    created: str = ""
    path: Path | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "matcher": self.matcher, "model": self.model, "mapping": self.mapping.to_dict(),
            "thresholds": self.thresholds.to_dict(), "tau_shift": self.tau_shift, "delta_scale": self.delta_scale,
            "corpora": list(self.corpora), "split": self.split, "bound": self.bound, "bags": self.n_bags,
            "metrics": {"train": self.train, "heldout": self.heldout}, "folds": self.folds, "created": self.created,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], *, source: str = "calibration") -> "CalibrationReport":
        if not isinstance(d, Mapping) or d.get("format") != FORMAT:
            got = d.get("format") if isinstance(d, Mapping) else type(d).__name__
            raise ConfigError(f"{source}: not an fcpkit calibration file (format {got!r}, expected {FORMAT!r})")
        try:
            m = d.get("metrics") or {}
            return cls(
                matcher=str(d["matcher"]), model=d.get("model"),
                mapping=Calibration.from_dict(d["mapping"], source_name=f"{source}: mapping"),
                thresholds=Thresholds.from_dict(d["thresholds"]),
                tau_shift=float(d.get("tau_shift", 0.0)), delta_scale=float(d.get("delta_scale", 1.0)),
                corpora=list(d.get("corpora") or []), split=dict(d.get("split") or {}), bound=str(d.get("bound", "lower")),
                n_bags=dict(d.get("bags") or {}), train=dict(m.get("train") or {}), heldout=dict(m.get("heldout") or {}),
                folds=list(d.get("folds") or []), created=str(d.get("created", "")),
            )
        except KeyError as exc:
            raise ConfigError(f"{source}: missing key {exc}") from None
        except (TypeError, ValueError, AttributeError, OverflowError) as exc:  # a value of the wrong shape
            raise ConfigError(f"{source}: {exc}") from None

    def save(self, path: str | os.PathLike) -> Path:
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(self.to_dict(), indent=2, sort_keys=False, default=_json_default) + "\n",
                     encoding="utf-8")
        self.path = p
        return p


def _json_default(v: Any) -> Any:
    if isinstance(v, (np.floating, np.integer)):
        return v.item()
    if isinstance(v, float) and not math.isfinite(v):
        return None
    raise TypeError(f"not JSON serialisable: {type(v).__name__}")


def load_report(path: str | os.PathLike) -> CalibrationReport:
    """Read a file written by :meth:`CalibrationReport.save` (``fcpkit calibrate --out``)."""
    p = Path(path)
    rep = CalibrationReport.from_dict(read_json_config(p, "calibration"), source=str(p))
    rep.path = p
    return rep


def calibrated_matcher(path: str | os.PathLike | CalibrationReport, **matcher_kwargs: Any) -> Any:
    """The matcher named in the file with its fitted mapping applied (a ``Matcher``).

    The embedding matcher is built natively (``EmbeddingMatcher(model=..., calibration=mapping)``);
    any other matcher is wrapped in :class:`CalibratedMatcher`. Unsupervised statistics (the lexical
    matcher's IDF) are not in the file: ``Checker.fit`` refits them on the corpus being checked,
    as ``fcpkit check`` does.
    """

    rep = path if isinstance(path, CalibrationReport) else load_report(path)
    kw = dict(matcher_kwargs)
    if rep.model is not None:
        kw.setdefault("model", rep.model)
    if rep.matcher == "embedding":
        return get_matcher("embedding", calibration=rep.mapping, **kw)
    return CalibratedMatcher(get_matcher(rep.matcher, **kw), rep.mapping)


def calibrated_thresholds(path: str | os.PathLike | CalibrationReport) -> Thresholds:
    """The routing thresholds fitted alongside the mapping."""
    rep = path if isinstance(path, CalibrationReport) else load_report(path)
    return rep.thresholds


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
    if bound not in ("lower", "upper"):
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
