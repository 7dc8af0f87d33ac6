"""Accounting of LLM calls: one :class:`LLMCall` per ``complete_json`` call, kept in an
:class:`LLMUsage` ledger that can be summarised by module and turned into a DataFrame.

One call = one logical request from a module (planner/verifier/repairer/executor/...). Its
``attempts`` counts every HTTP request made for it (transport retries and invalid-output
re-asks), and its token counts add up over all attempts: they are what the call cost.
"""

from __future__ import annotations

import json
import threading
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Iterable, Iterator

__all__ = ["LLMCall", "LLMUsage"]


@dataclass(frozen=True)
class LLMCall:
    """One logical LLM call, successful or not."""

    module: str
    model: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    wall_s: float = 0.0
    attempts: int = 0
    ok: bool = True
    error: str | None = None
    error_kind: str | None = None
    started_at: float = 0.0  # time.time() when the call started
    source: str = "live"  # live | record | replay
    request_key: str = ""  # stable hash of (module, messages, schema); see fcpkit.llm.replay
    response_format: str = ""  # the response_format mode that was used
    retries: tuple[str, ...] = field(default_factory=tuple)  # one line per failed attempt

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    @property
    def tokens_per_s(self) -> float:
        """Completion tokens per second of wall time (0 when unknown)."""
        return self.completion_tokens / self.wall_s if self.wall_s > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["retries"] = list(self.retries)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "LLMCall":
        names = {f.name for f in fields(cls)}
        kw = {k: v for k, v in d.items() if k in names}
        kw["retries"] = tuple(kw.get("retries", ()))
        return cls(**kw)


_COLUMNS = [f.name for f in fields(LLMCall)] + ["total_tokens"]


class LLMUsage:
    """A thread-safe, append-only ledger of :class:`LLMCall` records.

    Share one ledger between clients (``LLMClient(usage=ledger)``) to account a whole run.
    """

    def __init__(self, calls: Iterable[LLMCall] = ()):
        self._lock = threading.Lock()
        self._calls: list[LLMCall] = list(calls)

    # -- writing -----------------------------------------------------------------------
    def add(self, call: LLMCall) -> LLMCall:
        with self._lock:
            self._calls.append(call)
        return call

    def clear(self) -> None:
        with self._lock:
            self._calls.clear()

    # -- reading -----------------------------------------------------------------------
    @property
    def calls(self) -> list[LLMCall]:
        with self._lock:
            return list(self._calls)

    def __len__(self) -> int:
        with self._lock:
            return len(self._calls)

    def __iter__(self) -> Iterator[LLMCall]:
        return iter(self.calls)

    def totals(self) -> dict[str, Any]:
        """Totals over every call (same keys as one row of :meth:`summary`)."""
        return _aggregate(self.calls)

    def summary(self, by: str = "module") -> dict[str, dict[str, Any]]:
        """Aggregate per value of ``by`` (an :class:`LLMCall` field, default ``module``).

        Each value maps to ``calls, ok, failed, attempts, prompt_tokens, completion_tokens,
        total_tokens, wall_s, mean_wall_s, max_wall_s``.
        """
        if by not in _COLUMNS:
            raise ValueError(f"summary(by={by!r}): not a field of LLMCall; use one of {_COLUMNS}")
        groups: dict[str, list[LLMCall]] = {}
        for c in self.calls:
            groups.setdefault(str(getattr(c, by)), []).append(c)
        return {k: _aggregate(v) for k, v in sorted(groups.items())}

    def to_dataframe(self):  # -> pandas.DataFrame
        """One row per call, columns = :class:`LLMCall` fields plus ``total_tokens``."""
        import pandas as pd

        rows = []
        for c in self.calls:
            d = c.to_dict()
            d["total_tokens"] = c.total_tokens
            rows.append(d)
        return pd.DataFrame(rows, columns=_COLUMNS)

    def summary_dataframe(self, by: str = "module"):  # -> pandas.DataFrame
        import pandas as pd

        s = self.summary(by)
        df = pd.DataFrame.from_dict(s, orient="index")
        df.index.name = by
        return df

    # -- persistence -------------------------------------------------------------------
    def to_jsonl(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="utf-8") as fh:
            for c in self.calls:
                fh.write(json.dumps(c.to_dict(), sort_keys=True) + "\n")
        return path

    @classmethod
    def from_jsonl(cls, path: str | Path) -> "LLMUsage":
        with Path(path).open(encoding="utf-8") as fh:
            return cls(LLMCall.from_dict(json.loads(line)) for line in fh if line.strip())

    def __repr__(self) -> str:
        t = self.totals()
        return f"LLMUsage(calls={t['calls']}, failed={t['failed']}, tokens={t['total_tokens']}, wall_s={t['wall_s']:.2f})"


def _aggregate(calls: list[LLMCall]) -> dict[str, Any]:
    n = len(calls)
    wall = sum(c.wall_s for c in calls)
    return {
        "calls": n,
        "ok": sum(c.ok for c in calls),
        "failed": sum(not c.ok for c in calls),
        "attempts": sum(c.attempts for c in calls),
        "prompt_tokens": sum(c.prompt_tokens for c in calls),
        "completion_tokens": sum(c.completion_tokens for c in calls),
        "total_tokens": sum(c.total_tokens for c in calls),
        "wall_s": wall,
        "mean_wall_s": wall / n if n else 0.0,
        "max_wall_s": max((c.wall_s for c in calls), default=0.0),
    }
