"""The record of one anomaly rule hit (re-exported by :mod:`fcpkit.core.rules`), apart so that the rule
modules (:mod:`fcpkit.core.rules`, :mod:`fcpkit.core.dialogs`) can share it without importing each other."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["RuleHit"]


@dataclass(frozen=True)
class RuleHit:
    """One anomaly: the rule's name, what it saw, and the falsifier scope it hints at."""

    rule: str
    detail: str
    scope: str = "execution"
