"""fcpkit's exception tree: one flat family, so callers catch ``FcpkitError`` or one leaf.

Every error a user can cause (a malformed plan, a broken corpus, missing weights) is one of
these, carries a message that names the file, the field and the fix, and is printed by the CLI
without a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = [
    "read_json_config",
    "FcpkitError",
    "FormatError",
    "PlanError",
    "CorpusError",
    "LibraryError",
    "ModelUnavailableError",
    "ConfigError",
]


class FcpkitError(Exception):
    """Base class of every error fcpkit raises on purpose."""


class FormatError(FcpkitError):
    """A file does not follow FORMATS.md.

    ``problems`` lists every problem found (``path: what is wrong; fix``), so one run of the
    validator reports them all instead of one per edit-and-retry cycle.
    """

    def __init__(self, source: str, problems: list[str]):
        self.source = source
        self.problems = list(problems)
        head = f"{source}: {len(self.problems)} problem(s)" if len(self.problems) > 1 else f"{source}"
        if len(self.problems) == 1:
            message = f"{source}: {self.problems[0]}"
        else:
            message = head + "\n" + "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(message)


class PlanError(FormatError):
    """A plan (YAML/JSON or Python-built) violates the plan contract."""


class CorpusError(FormatError):
    """A trajectory corpus violates the trajectory contract."""


class LibraryError(FormatError):
    """A skill or failure-repair library file violates the library contract (docs/formats.md)."""


class ModelUnavailableError(FcpkitError):
    """Model weights were asked for but cannot be loaded (missing or corrupt)."""


class ConfigError(FcpkitError):
    """A configuration object or file (thresholds, calibration, CLI option) is invalid."""


def read_json_config(path: str | Path, what: str) -> Any:
    """A JSON settings file (thresholds, a calibration): a missing or unreadable one is a
    :class:`ConfigError` naming the file and what it should have held."""
    p = Path(path)
    try:
        return json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{p}: {what} file not found") from None
    except (OSError, ValueError) as exc:
        raise ConfigError(f"{p}: not a readable {what} JSON ({exc})") from None
