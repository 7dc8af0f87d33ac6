"""The record of one fast test: what the testers return and the tracker, verifier and checker read.

It lives apart from the testers (:mod:`fcpkit.core.testers`) so that the progress decisions
(:mod:`fcpkit.core.progress`) and the verifiers can read it without importing the scoring code.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from fcpkit.core.router import Route

__all__ = ["CheckResult"]


@dataclass
class CheckResult:
    """One fast test. ``phase`` is ``pre`` (action, before it runs) or ``post`` (page after it).

    Treat it as read-only (use :func:`dataclasses.replace`); it is not ``frozen`` only because a
    frozen dataclass costs 3 µs to build, a tenth of a whole state check (``fcpkit bench checks``).
    The testers build it with positional arguments (keywords cost 1.5 µs more): its field order is
    part of it, append new fields at the end.
    """

    phase: str
    commitment: str
    alpha_plus: float
    alpha_minus: float
    route: Route
    alpha_comp: float | None = None
    alpha_minus_by_scope: dict[str, float] = field(default_factory=dict)
    rule: str | None = None
    rule_detail: str | None = None
    scope: str | None = None
    evidence: str | None = None
    evidence_level: str | None = None  # "commitment" or "plan" (cross-cutting falsifier)
    confirming: str | None = None  # best confirming statement
    kappa: float = 0.5
    gate_plus: float | None = None
    gate_minus: float | None = None
    elapsed_ms: float = 0.0
    scored: bool = True  # False for the checker's bookkeeping checks (advances, the start page)
    comp_best: float = 0.0  # the best-supported single completion statement (alpha_comp is their mean)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["route"] = self.route.value
        return d
