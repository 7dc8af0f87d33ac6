"""fcpkit's exception tree: one flat family, so callers catch ``FcpkitError`` or one leaf.

Every error a user can cause (a malformed plan, a broken corpus, missing weights) is one of
these, carries a message that names the file, the field and the fix, and is printed by the CLI
without a traceback.
"""

from __future__ import annotations

__all__ = [
    "FcpkitError",
    "FormatError",
    "PlanError",
    "CorpusError",
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


class ModelUnavailableError(FcpkitError):
    """Model weights were asked for but cannot be loaded (missing or corrupt)."""


class ConfigError(FcpkitError):
    """A configuration object or file (thresholds, calibration, CLI option) is invalid."""
