"""The evidence log: an append-only JSON Lines record of every test, decision and repair.

Each record is one line written and flushed on its own, so a crash or kill loses nothing already
recorded (``durable=True`` also fsyncs, for power loss). Reading tolerates a torn final line, the
only damage an interrupted append can do. Records are keyed by run / step / phase / commitment and
read back as a pandas DataFrame for the widgets, figures and benchmarks.
"""

from __future__ import annotations

import json
import os
import threading
import time
import warnings
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

__all__ = ["EvidenceLog", "read_log", "KINDS"]

KINDS = ("test", "decision", "repair", "event")


class EvidenceLog:
    """Append records to ``path`` (created with its folders). Thread-safe; usable as a context manager.

    ``path=None`` keeps records in memory only (notebooks, tests), same API.
    """

    def __init__(self, path: str | Path | None = None, *, durable: bool = False):
        self.path = Path(path) if path is not None else None
        self.durable = durable
        self.records: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._fh = None
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fh = self.path.open("a", encoding="utf-8")

    def append(self, kind: str, *, run: str, step: int | None = None, phase: str | None = None,
               commitment: str | None = None, **payload: Any) -> dict[str, Any]:
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
        rec = {"ts": time.time(), "kind": kind, "run": run, "step": step, "phase": phase,
               "commitment": commitment, **payload}
        line = json.dumps(rec, ensure_ascii=False, default=_jsonable)
        with self._lock:
            self.records.append(rec)
            if self._fh is not None:
                self._fh.write(line + "\n")
                self._fh.flush()
                if self.durable:
                    os.fsync(self._fh.fileno())
        return rec

    def close(self) -> None:
        with self._lock:
            if self._fh is not None:
                self._fh.close()
                self._fh = None

    def __enter__(self) -> "EvidenceLog":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __len__(self) -> int:
        return len(self.records)

    def to_frame(self):
        import pandas as pd

        return pd.DataFrame(self.records)


def _jsonable(o: Any) -> Any:
    if hasattr(o, "to_dict"):
        return o.to_dict()
    if hasattr(o, "value"):
        return o.value
    if isinstance(o, (set, frozenset, tuple)):
        return list(o)
    return str(o)


def _iter_records(path: Path) -> Iterator[dict[str, Any]]:
    with path.open("r", encoding="utf-8") as f:
        lines = f.readlines()
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            yield json.loads(line)
        except json.JSONDecodeError:
            if i == len(lines) - 1:  # a torn last append: everything before it is intact
                warnings.warn(f"{path}: ignoring a truncated final record (line {i + 1})", stacklevel=3)
            else:
                raise ValueError(f"{path}: line {i + 1} is not a JSON record") from None


def read_log(path: str | Path, *, frame: bool = True, kinds: Iterable[str] | None = None):
    """Read an evidence log; a DataFrame by default, else a list of dicts."""
    keep = set(kinds) if kinds else None
    recs = [r for r in _iter_records(Path(path)) if keep is None or r.get("kind") in keep]
    if not frame:
        return recs
    import pandas as pd

    return pd.DataFrame(recs)


def records_of(log: EvidenceLog | str | Path | Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Records from a live log, a log file, or an iterable of records."""
    if isinstance(log, EvidenceLog):
        return list(log.records)
    if isinstance(log, (str, Path)):
        return read_log(log, frame=False)
    return [dict(r) for r in log]
