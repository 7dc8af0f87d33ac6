"""Record / replay of LLM calls for deterministic tests and re-runs.

A recording is a JSON Lines file, one object per successful call::

    {"key": "...", "module": "verifier", "model": "...", "messages": [...], "schema": {...},
     "response": {...}, "raw": "...", "prompt_tokens": 12, "completion_tokens": 30,
     "wall_s": 0.41, "recorded_at": 1730000000.0}

``key`` is :func:`request_key` of (module, messages, schema): the model, the sampling settings
and the endpoint are deliberately left out, so a recording made against one server replays
under any configuration. Identical requests recorded several times are served back in
recording order; once exhausted the last one keeps being served.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from pathlib import Path
from typing import Any

from fcpkit.errors import ConfigError
from fcpkit.errors import ReplayMissError

__all__ = ["request_key", "Recording"]


def _normalize_messages(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for m in messages:
        item = {"role": m.get("role"), "content": m.get("content")}
        if m.get("name"):
            item["name"] = m["name"]
        out.append(item)
    return out


def request_key(module: str, messages: list[dict[str, Any]], schema: dict | None) -> str:
    """Stable hash (hex, 32 chars) of the canonical JSON of (module, messages, schema)."""
    payload = {"module": module, "messages": _normalize_messages(messages), "schema": schema}
    blob = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:32]


class Recording:
    """A JSONL file of request→response pairs, opened for ``record`` or ``replay``.

    ``record`` appends (creating the file and its folder); ``replay`` loads it once and
    serves :meth:`lookup` from memory, raising :class:`ReplayMissError` for unknown requests.
    """

    def __init__(self, path: str | Path, mode: str = "replay"):
        if mode not in ("record", "replay"):
            raise ConfigError(f"Recording mode {mode!r}: use 'record' or 'replay'")
        self.path = Path(path)
        self.mode = mode
        self._lock = threading.Lock()
        self._entries: dict[str, list[dict[str, Any]]] = {}
        self._served: dict[str, int] = {}
        if mode == "replay":
            self._load()

    def _load(self) -> None:
        if not self.path.is_file():
            raise ConfigError(
                f"replay recording {self.path} does not exist; record it first with "
                f"LLMClient(mode='record', recording='{self.path}')"
            )
        with self.path.open(encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    entry = json.loads(line)
                    key = entry["key"]
                    entry["response"]
                except (json.JSONDecodeError, KeyError, TypeError) as e:
                    raise ConfigError(
                        f"{self.path}:{lineno}: not a recording line ({e}); each line needs 'key' and 'response'"
                    ) from None
                self._entries.setdefault(key, []).append(entry)

    def __len__(self) -> int:
        return sum(len(v) for v in self._entries.values())

    def keys(self) -> list[str]:
        return list(self._entries)

    def models(self) -> list[str]:
        """The model names the recorded answers came from (sorted): what a replayed result names as
        its model, since a replay has no model of its own."""
        return sorted({str(e["model"]) for v in self._entries.values() for e in v if e.get("model")})

    def lookup(self, key: str, module: str = "") -> dict[str, Any]:
        """The recorded entry for ``key``; :class:`ReplayMissError` if there is none."""
        with self._lock:
            entries = self._entries.get(key)
            if not entries:
                modules = sorted({e.get("module", "?") for v in self._entries.values() for e in v})
                raise ReplayMissError(
                    f"replay: no recording for {module or 'this'} request (key {key}) in {self.path} "
                    f"({len(self)} recorded call(s), modules: {', '.join(modules) or 'none'}); "
                    "the prompt, messages or schema changed since recording: re-record with mode='record'",
                    module=module,
                    key=key,
                    path=str(self.path),
                )
            i = self._served.get(key, 0)
            self._served[key] = i + 1
            return entries[min(i, len(entries) - 1)]

    def append(self, entry: dict[str, Any]) -> None:
        if self.mode != "record":
            raise ConfigError(f"recording {self.path} is open for {self.mode}, not record")
        entry = {"recorded_at": time.time(), **entry}
        line = json.dumps(entry, sort_keys=True, ensure_ascii=False, default=str)
        with self._lock:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as fh:
                fh.write(line + "\n")
            self._entries.setdefault(entry["key"], []).append(entry)
