"""A calibrated matcher and its file: :class:`CalibratedMatcher` (a Platt mapping over any matcher's
raw score), :class:`CalibrationReport` (mapping, thresholds, provenance and held-out metrics, saved
as one JSON file) and the readers ``fcpkit check --calibration`` uses."""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from fcpkit.core.router import Thresholds
from fcpkit.errors import ConfigError, read_json_config
from fcpkit.matching import get_matcher
from fcpkit.matching.calibration import Calibration

__all__ = ["FORMAT", "CalibratedMatcher", "CalibrationReport", "load_report", "calibrated_matcher",
           "calibrated_thresholds"]

FORMAT = "fcpkit.calibrated-matcher/1"


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
