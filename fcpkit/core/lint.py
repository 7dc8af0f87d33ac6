"""Plan lint records, and the hook through which :meth:`fcpkit.core.plan.Plan.lint` reaches the
linter.

The linter reads statements the way the matcher will (their compiled claims), which lives in
the matching layer; the kernel imports no other layer, so the matching layer registers its
linter here when it is imported (``import fcpkit`` does), and ``Plan.lint()`` calls it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from fcpkit.errors import FcpkitError

__all__ = ["LintWarning", "register_linter", "run_linter"]


@dataclass(frozen=True)
class LintWarning:
    """One statement the matcher will read literally or can never fire, and how to fix it."""

    code: str  # e.g. "literal", "absence-no-scope", "identity-no-kind", "falsifier-in-confirming", "no-completion"
    where: str  # "commitment open-ticket, falsify.execution[1]" or "plan_falsifiers.execution[0]"
    statement: str
    message: str
    fix: str

    def render(self) -> str:
        return f"{self.where}: [{self.code}] {self.statement!r}: {self.message}. Fix: {self.fix}"


_LINTER: Callable[..., list[LintWarning]] | None = None


def register_linter(fn: Callable[..., list[LintWarning]]) -> None:
    """Install the plan linter (the matching layer does, on import)."""
    global _LINTER
    _LINTER = fn


def run_linter(plan: Any, **kwargs: Any) -> list[LintWarning]:
    if _LINTER is None:
        raise FcpkitError("no plan linter is registered: import fcpkit (or fcpkit.matching) first")
    return _LINTER(plan, **kwargs)
