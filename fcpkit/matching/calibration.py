"""Score calibration: Platt scaling of raw matcher scores, saved as JSON, plus zero-false-alarm gates.

A :class:`Calibration` maps a raw score ``x`` (a cosine for the embedding matcher, a probability
or any other real number for other matchers) to ``sigmoid(a * x + b)``. It is fitted with
:func:`fit_calibration` (regularised logistic regression by Newton's method in plain numpy,
with Platt's target smoothing so a perfectly separated training set does not give infinite
slopes) and round-trips through JSON (:meth:`Calibration.save` / :func:`load_calibration`).

:func:`fit_calibration_from_pairs` runs any matcher over ``(statement, text, label)`` triples
(using its uncalibrated ``raw_score`` when it has one) and fits on the result;
:func:`zero_false_alarm_threshold` picks the lowest gate that no negative reaches on a training
split and reports the detection rate it keeps.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

import numpy as np

from fcpkit.errors import ConfigError, read_json_config

__all__ = [
    "Calibration",
    "ThresholdFit",
    "fit_calibration",
    "fit_calibration_from_pairs",
    "load_calibration",
    "zero_false_alarm_threshold",
]

_FORMAT = "fcpkit.calibration/1"


@dataclass(frozen=True)
class Calibration:
    """``p = sigmoid(a * x + b)``; ``input`` names what ``x`` is (e.g. ``"cosine"``).

    ``threshold`` optionally records a gate fitted alongside (on the calibrated scale), and
    ``meta`` free-form provenance (training set size, matcher, date ...).
    """

    a: float
    b: float
    input: str = "score"
    source: str = ""
    threshold: float | None = None
    meta: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("a", "b"):
            v = getattr(self, name)
            if not isinstance(v, (int, float)) or not math.isfinite(float(v)):
                raise ConfigError(f"calibration: {name} must be a finite number, got {v!r}")
        if self.threshold is not None and not (0.0 <= float(self.threshold) <= 1.0):
            raise ConfigError(f"calibration: threshold must be in [0, 1], got {self.threshold!r}")

    @property
    def midpoint(self) -> float:
        """The raw score that maps to 0.5 (``-b / a``)."""
        return -self.b / self.a if self.a else float("nan")

    def apply(self, raw: Any) -> np.ndarray:
        x = np.asarray(raw, dtype=np.float64)
        z = np.clip(self.a * x + self.b, -60.0, 60.0)
        return 1.0 / (1.0 + np.exp(-z))

    __call__ = apply

    def to_dict(self) -> dict:
        d = asdict(self)
        d["format"] = _FORMAT
        return d

    @classmethod
    def from_dict(cls, data: dict, *, source_name: str = "calibration") -> "Calibration":
        if not isinstance(data, dict):
            raise ConfigError(f"{source_name}: expected a JSON object with keys a, b")
        fmt = data.get("format", _FORMAT)
        if fmt != _FORMAT:
            raise ConfigError(f"{source_name}: unknown format {fmt!r}; expected {_FORMAT!r}")
        missing = [k for k in ("a", "b") if k not in data]
        if missing:
            raise ConfigError(f"{source_name}: missing key(s) {', '.join(missing)}; a calibration needs a and b")
        known = {"a", "b", "input", "source", "threshold", "meta"}
        unknown = sorted(set(data) - known - {"format"})
        if unknown:
            raise ConfigError(f"{source_name}: unknown key(s) {', '.join(unknown)}; allowed: {', '.join(sorted(known))}")
        try:
            return cls(
                a=float(data["a"]),
                b=float(data["b"]),
                input=str(data.get("input", "score")),
                source=str(data.get("source", "")),
                threshold=None if data.get("threshold") is None else float(data["threshold"]),
                meta=dict(data.get("meta") or {}),
            )
        except (TypeError, ValueError) as exc:
            raise ConfigError(f"{source_name}: {exc}") from None

    def save(self, path: str | os.PathLike) -> Path:
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(self.to_dict(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
        return p


def load_calibration(path: str | os.PathLike) -> Calibration:
    """Read a calibration JSON written by :meth:`Calibration.save`."""
    return Calibration.from_dict(read_json_config(path, "calibration"), source_name=str(Path(path)))


def fit_calibration(
    scores: Sequence[float] | np.ndarray,
    labels: Sequence[int | bool] | np.ndarray,
    *,
    input: str = "score",
    l2: float = 1e-3,
    max_iter: int = 100,
    tol: float = 1e-10,
    source: str = "fit_calibration",
) -> Calibration:
    """Platt scaling: fit ``P(label=1 | x) = sigmoid(a x + b)`` by regularised Newton steps.

    Targets use Platt's smoothing (``(N+ + 1)/(N+ + 2)`` and ``1/(N- + 2)``), and ``l2`` is a
    small ridge penalty on ``a`` only, so separable data still yields a finite, sensible slope.
    Needs at least one positive and one negative label.
    """
    x = np.asarray(scores, dtype=np.float64).ravel()
    y = np.asarray(labels).astype(bool).ravel()
    if x.shape != y.shape:
        raise ConfigError(f"fit_calibration: {x.size} scores but {y.size} labels")
    if not np.all(np.isfinite(x)):
        raise ConfigError("fit_calibration: scores contain NaN or infinity")
    n_pos, n_neg = int(y.sum()), int((~y).sum())
    if n_pos == 0 or n_neg == 0:
        raise ConfigError(
            f"fit_calibration: needs both positive and negative examples (got {n_pos} positive, {n_neg} negative)"
        )
    t = np.where(y, (n_pos + 1.0) / (n_pos + 2.0), 1.0 / (n_neg + 2.0))
    # initial guess: b from the prior, a = 0
    a, b = 0.0, math.log((n_pos + 1.0) / (n_neg + 1.0))
    for _ in range(max_iter):
        z = np.clip(a * x + b, -60, 60)
        p = 1.0 / (1.0 + np.exp(-z))
        w = np.maximum(p * (1.0 - p), 1e-12)
        g_a = np.sum((p - t) * x) + l2 * a
        g_b = np.sum(p - t)
        h_aa = np.sum(w * x * x) + l2
        h_ab = np.sum(w * x)
        h_bb = np.sum(w) + 1e-12
        det = h_aa * h_bb - h_ab * h_ab
        if det <= 0:
            break
        da = (h_bb * g_a - h_ab * g_b) / det
        db = (h_aa * g_b - h_ab * g_a) / det
        # damped step: halve until the loss does not increase
        loss0 = _nll(a, b, x, t, l2)
        step = 1.0
        while step > 1e-6:
            na, nb = a - step * da, b - step * db
            if _nll(na, nb, x, t, l2) <= loss0 + 1e-12:
                break
            step /= 2
        a, b = na, nb
        if abs(step * da) + abs(step * db) < tol:
            break
    meta = {"n": int(x.size), "n_pos": n_pos, "n_neg": n_neg, "l2": l2}
    return Calibration(a=float(a), b=float(b), input=input, source=source, meta=meta)


def _nll(a: float, b: float, x: np.ndarray, t: np.ndarray, l2: float) -> float:
    z = a * x + b
    # log(1+exp(z)) - t z, stably
    return float(np.sum(np.logaddexp(0.0, z) - t * z) + 0.5 * l2 * a * a)


@dataclass(frozen=True)
class ThresholdFit:
    """A gate chosen on a training split: ``score >= threshold`` fires."""

    threshold: float
    detection_rate: float
    false_alarm_rate: float
    n_pos: int
    n_neg: int


def zero_false_alarm_threshold(
    scores: Sequence[float] | np.ndarray,
    labels: Sequence[int | bool] | np.ndarray,
    *,
    margin: float = 1e-6,
) -> ThresholdFit:
    """The lowest gate no negative reaches (``max(negative) + margin``) and the detection it keeps.

    With no negatives the gate is the lowest positive score (everything detected).
    """
    x = np.asarray(scores, dtype=np.float64).ravel()
    y = np.asarray(labels).astype(bool).ravel()
    if x.shape != y.shape:
        raise ConfigError(f"zero_false_alarm_threshold: {x.size} scores but {y.size} labels")
    pos, neg = x[y], x[~y]
    if pos.size == 0:
        raise ConfigError("zero_false_alarm_threshold: needs at least one positive example")
    thr = float(neg.max() + margin) if neg.size else float(pos.min())
    det = float(np.mean(pos >= thr))
    fa = float(np.mean(neg >= thr)) if neg.size else 0.0
    return ThresholdFit(threshold=thr, detection_rate=det, false_alarm_rate=fa, n_pos=int(pos.size), n_neg=int(neg.size))


def fit_calibration_from_pairs(
    matcher: Any,
    pairs: Iterable[tuple[str, str, int | bool]],
    *,
    l2: float = 1e-3,
    with_threshold: bool = False,
) -> Calibration:
    """Score ``(statement, text, label)`` triples with ``matcher`` and Platt-fit on them.

    Uses ``matcher.raw_score`` when the matcher has one (the embedding matcher's cosines), else
    ``matcher.score``. Texts are grouped so each distinct text is scored once against all of its
    statements. With ``with_threshold`` the zero-false-alarm gate (on the calibrated scale) is
    stored in ``Calibration.threshold``.
    """
    triples = [(str(s), str(t), bool(lab)) for s, t, lab in pairs]
    if not triples:
        raise ConfigError("fit_calibration_from_pairs: no (statement, text, label) pairs given")
    fn = getattr(matcher, "raw_score", None)
    kind = "raw_score" if callable(fn) else "score"
    if not callable(fn):
        fn = matcher.score
    by_text: dict[str, list[int]] = {}
    for k, (_, t, _) in enumerate(triples):
        by_text.setdefault(t, []).append(k)
    raw = np.zeros(len(triples))
    for t, idx in by_text.items():
        stmts = list(dict.fromkeys(triples[k][0] for k in idx))
        m = np.asarray(fn(stmts, [t]))
        row = {s: i for i, s in enumerate(stmts)}
        for k in idx:
            raw[k] = m[row[triples[k][0]], 0]
    labels = np.array([lab for _, _, lab in triples])
    name = getattr(matcher, "name", type(matcher).__name__)
    cal = fit_calibration(
        raw,
        labels,
        input="cosine" if name == "embedding" and kind == "raw_score" else kind,
        l2=l2,
        source=f"fit_calibration_from_pairs({name}, n={len(triples)})",
    )
    if with_threshold:
        fit = zero_false_alarm_threshold(cal.apply(raw), labels)
        cal = Calibration(
            a=cal.a,
            b=cal.b,
            input=cal.input,
            source=cal.source,
            threshold=min(1.0, fit.threshold),
            meta={**cal.meta, "zero_fa_detection": fit.detection_rate},
        )
    return cal
