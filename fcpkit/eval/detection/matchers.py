"""The matchers a benchmark runs: resolved by name (unavailable ones become notes) and memoised for sweeps."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

import numpy as np

from fcpkit.matching import registry
from fcpkit.matching.lexical import LexicalMatcher


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
    wanted = list(dict.fromkeys(n.strip().lower() for n in names if n.strip()))
    if any(n in ("all", "available") for n in wanted):
        wanted = [n for n in wanted if n not in ("all", "available")] + [
            n for n in registry.matcher_names() if n not in wanted]
    out: list[tuple[str, Callable[[], Any]]] = []
    for name in wanted:
        if name == "lexical":
            out.append((name, LexicalMatcher))
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
