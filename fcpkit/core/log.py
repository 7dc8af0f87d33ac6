"""The evidence log: an append-only JSON Lines record of every test, decision and repair.

Each record is one line written and flushed on its own, so a crash or kill loses nothing already
recorded (``durable=True`` also fsyncs, for power loss). An interrupted append can leave a torn
final line; the next writer ends it before appending (so its first record starts on a line of its
own) and records that it did. The reader skips corrupt lines, names them by line number, and
returns every other record (``strict=True`` raises instead). Records are keyed by run / step / phase / commitment and
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

__all__ = ["EvidenceLog", "read_log", "KINDS", "LogCorruption"]

KINDS = ("test", "decision", "repair", "event")


class EvidenceLog:
    """Append records to ``path`` (created with its folders). Thread-safe; usable as a context manager.

    ``path=None`` keeps records in memory only (notebooks, tests), same API. ``keep=False`` keeps
    none in memory (``records`` stays empty, ``len`` still counts them): a log of a study of
    thousands of runs then costs the memory of one record, and is read back from its file.
    """

    def __init__(self, path: str | Path | None = None, *, durable: bool = False, keep: bool = True):
        if path is None and not keep:
            raise ValueError("EvidenceLog: keep=False needs a path (the records would go nowhere)")
        self.path = Path(path) if path is not None else None
        self.durable = durable
        self.keep = keep
        self.count = 0
        self.records: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._fh = None
        self.repaired_line: int | None = None
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.repaired_line = _end_torn_tail(self.path)
            self._fh = self.path.open("a", encoding="utf-8")
            if self.repaired_line is not None:
                self.append("event", run="", event="torn_tail_repaired", line=self.repaired_line)

    def append(self, kind: str, *, run: str, step: int | None = None, phase: str | None = None,
               commitment: str | None = None, **payload: Any) -> dict[str, Any]:
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
        rec = {"ts": time.time(), "kind": kind, "run": run, "step": step, "phase": phase,
               "commitment": commitment, **payload}
        line = json.dumps(rec, ensure_ascii=False, default=_jsonable)
        with self._lock:
            self.count += 1
            if self.keep:
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
        return self.count

    def to_frame(self):
        if not self.keep:
            return read_log(self.path)
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


class LogCorruption(ValueError):
    """A log line that is not a JSON record (``strict=True`` reads raise it)."""


def _end_torn_tail(path: Path) -> int | None:
    """If ``path`` ends inside a line (a torn append), end that line; return its line number."""
    try:
        with path.open("rb") as fh:
            fh.seek(0, os.SEEK_END)
            size = fh.tell()
            if size == 0:
                return None
            fh.seek(size - 1)
            if fh.read(1) == b"\n":
                return None
            fh.seek(0)
            lines = sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b""))
    except FileNotFoundError:
        return None
    with path.open("ab") as fh:
        fh.write(b"\n")
    return lines + 1


def _iter_records(path: Path, strict: bool = False) -> Iterator[dict[str, Any]]:
    bad: list[int] = []
    with path.open("r", encoding="utf-8", errors="replace", newline="\n") as f:
        for i, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except (json.JSONDecodeError, RecursionError):
                rec = None
            if not isinstance(rec, dict):
                if strict:
                    raise LogCorruption(f"{path}: line {i} is not a JSON record") from None
                bad.append(i)
                continue
            yield rec
    if bad:
        shown = ", ".join(map(str, bad[:10])) + (f" and {len(bad) - 10} more" if len(bad) > 10 else "")
        warnings.warn(f"{path}: skipped {len(bad)} corrupt line(s) (line {shown}); every other record was read",
                      stacklevel=3)


def read_log(path: str | Path, *, frame: bool = True, kinds: Iterable[str] | None = None, strict: bool = False):
    """Read an evidence log; a DataFrame by default, else a list of dicts.

    A corrupt line (a torn append, a stray write) is skipped with a warning naming its line
    number; ``strict=True`` raises :class:`LogCorruption` instead.
    """
    keep = set(kinds) if kinds else None
    recs = [r for r in _iter_records(Path(path), strict) if keep is None or r.get("kind") in keep]
    if not frame:
        return recs
    import pandas as pd

    return pd.DataFrame(recs)


def records_of(log: EvidenceLog | str | Path | Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Records from a live log, a log file, or an iterable of records."""
    if isinstance(log, EvidenceLog):
        return list(log.records) if log.keep or log.path is None else read_log(log.path, frame=False)
    if isinstance(log, (str, Path)):
        return read_log(log, frame=False)
    return [dict(r) for r in log]
