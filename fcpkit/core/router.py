"""The fast tester's router: scores, confidence and thresholds in, one of four routes out.

Equation 6 of the FCPAgent paper (appendix B.5) with its constants, made falsify-first as the
article argues: a page whose falsifying evidence clears its gate is never routed to *complete*,
whatever the confirming side says. The router is a pure function of its inputs; the only state,
the count of consecutive *continue* routes behind the periodic slow check, is passed in by the
caller, as is the count behind the no-evidence check.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from enum import Enum
from pathlib import Path
from typing import Any, Mapping

from fcpkit.errors import ConfigError, read_json_config

__all__ = ["Route", "Thresholds", "route"]


class Route(str, Enum):
    """Where the fast tester sends a case. Only ``CONTINUE`` skips the slow verifier."""

    CONTINUE = "continue"
    COMPLETE = "complete"
    RISK = "risk"
    VERIFY = "verify"

    def __str__(self) -> str:
        return self.value

    @property
    def escalates(self) -> bool:
        return self is not Route.CONTINUE


@dataclass(frozen=True)
class Thresholds:
    """Every routing constant in one serialisable object (defaults: the paper's WebArena runner).

    ``tau_plus``/``tau_minus`` are the base gates tau0; ``eta`` scales the confidence adjustment
    tau(kappa) = tau0 + eta (kappa - 0.5); ``pi_low`` is the level below which both sides are weak;
    ``delta_plus``/``delta_minus`` are the completion and drift margins; ``uncertainty`` is the band
    below a gate inside which a case verifies instead of continuing; ``periodic_check`` forces a
    verify after that many consecutive state-level continues (``0`` disables it).

    ``no_evidence_check`` (default 3; ``0`` disables it) routes *verify* when that many consecutive
    page-changing steps show no evidence of the active commitment at all (alpha+ and alpha- both
    under ``pi_low``): the agent is wandering where nothing of its step holds. The periodic check
    cannot see this, since it counts every *continue* alike and needs 8 of them. Why 3: in the
    shipped corpora a step takes one or two page changes before its first evidence shows (a list,
    then a filter or a search), so two blank page changes in a row do occur on healthy runs
    (5 of the 133 healthy runs of the shipped corpora), three rarely (1 run). At the lower bound the check only
    escalates; a model verifier, or the live gate (which holds writes while a check is
    unresolved), acts on it.

    ``progress_continues`` is fcpkit's one departure from Equation 6, on by default: a page whose
    confirming support (progress, or part of the completion evidence) stays below the completion
    gate's uncertainty band, while no falsifier is near its gate, is on track, so it continues
    instead of escalating. Whether the commitment is done is then settled by a later page that
    clears the completion gate, or at the advance (:func:`fcpkit.core.progress.advance_check`).
    Equation 6 sends such pages to the verifier (the paper reports 72-77% of state checks
    escalated); ``Thresholds.paper()`` restores that exactly.

    ``complete_falsifier`` is the second departure, on by default: a falsifier that holds
    *completely* (alpha- = 1: every word of it where it is read, :mod:`fcpkit.matching.lexical.strict`)
    is drift unless the confirming side holds completely too, whatever the margin. Confirming
    evidence is read generously (partial support is progress), so a 0.75 of it next to a whole
    falsifier ("Post removed" on the page where the step locks the post) is no counterweight;
    only a page on which both hold whole is ambiguous, and verifies.
    """

    tau_plus: float = 0.65
    tau_minus: float = 0.55
    eta: float = 0.1
    pi_low: float = 0.5
    delta_plus: float = 0.18
    delta_minus: float = 0.25
    uncertainty: float = 0.08
    periodic_check: int = 8
    no_evidence_check: int = 3
    progress_continues: bool = True
    complete_falsifier: bool = True

    @classmethod
    def paper(cls) -> "Thresholds":
        """Equation 6 exactly as published (every strong confirming signal escalates)."""
        return cls(progress_continues=False, complete_falsifier=False)

    def __post_init__(self) -> None:
        problems = []
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name in ("progress_continues", "complete_falsifier"):
                if not isinstance(v, bool):
                    problems.append(f"{f.name}: expected true or false, got {v!r}")
            elif f.name in ("periodic_check", "no_evidence_check"):
                if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                    problems.append(f"{f.name}: expected a whole number >= 0, got {v!r}")
            elif isinstance(v, bool) or not isinstance(v, (int, float)) or not 0.0 <= v <= 1.0:
                problems.append(f"{f.name}: expected a number in [0, 1], got {v!r}")
        if problems:
            raise ConfigError("invalid thresholds: " + "; ".join(problems))

    def gate_plus(self, kappa: float) -> float:
        """tau+(kappa): the completion gate. Higher confidence raises it, as in the paper."""
        return self.tau_plus + self.eta * (kappa - 0.5)

    def gate_minus(self, kappa: float) -> float:
        """tau-(kappa): the drift gate. Lower confidence lowers it, so doubtful steps escalate sooner."""
        return self.tau_minus + self.eta * (kappa - 0.5)

    def replace(self, **changes: Any) -> "Thresholds":
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Thresholds":
        if not isinstance(data, Mapping):
            raise ConfigError(f"thresholds: expected a JSON object of named thresholds, got {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = {str(k) for k in data} - known
        if unknown:
            raise ConfigError(f"unknown threshold(s) {sorted(unknown)}; known: {sorted(known)}")
        try:
            return cls(**dict(data))
        except (TypeError, ValueError, OverflowError) as exc:  # a string or a list where a number goes
            raise ConfigError(f"invalid thresholds: {exc}") from None

    def save(self, path: str | Path) -> Path:
        p = Path(path)
        p.write_text(json.dumps(self.to_dict(), indent=2) + "\n", encoding="utf-8")
        return p

    @classmethod
    def load(cls, path: str | Path) -> "Thresholds":
        return cls.from_dict(read_json_config(path, "thresholds"))


def route(
    alpha_plus: float,
    alpha_minus: float,
    kappa: float = 0.5,
    thresholds: Thresholds = Thresholds(),
    *,
    alpha_comp: float | None = None,
    consecutive_continues: int = 0,
    can_complete: bool = True,
    page_changed: bool = False,
    no_evidence_steps: int = 0,
    idle: bool = False,
) -> Route:
    """Route one test (Equation 6, falsify-first).

    ``alpha_comp`` is the completion component of the confirming evidence (defaults to
    ``alpha_plus``); ``can_complete=False`` (action-level tests) never returns ``COMPLETE``.
    ``page_changed``: the action changed the page; ``no_evidence_steps``: how many page-changing
    steps right before this one showed no evidence of the commitment (the no-evidence check).
    ``idle``: the agent has taken no action for the commitment yet (the page that completed the
    previous one, read again for this one): confirming support may complete it, but short of the
    gate it is the page the step starts from, not a question for the verifier; only falsifier
    support escalates.
    """
    t = thresholds
    comp = alpha_plus if alpha_comp is None else alpha_comp
    g_minus, g_plus = t.gate_minus(kappa), t.gate_plus(kappa)
    if alpha_minus >= g_minus and alpha_minus - alpha_plus >= t.delta_minus:
        return Route.RISK
    if t.complete_falsifier and alpha_minus >= 1.0 and alpha_plus < 1.0:
        return Route.RISK
    if (
        can_complete
        and alpha_minus < g_minus  # falsify-first: a contradicted page is never advanced
        and comp >= g_plus
        and comp - alpha_minus >= t.delta_plus
    ):
        return Route.COMPLETE
    near_gate = alpha_minus >= g_minus - t.uncertainty or (can_complete and not idle and comp >= g_plus - t.uncertainty)
    # Action tests weigh overlap with falsifiers, not lack of alignment: alpha+ alone never escalates.
    # With progress_continues, neither does confirming support below the completion band on a page.
    confirming = (0.0 if t.progress_continues or idle else alpha_plus) if can_complete else 0.0
    weak = max(confirming, alpha_minus) < t.pi_low
    if weak and not near_gate:
        if t.periodic_check and consecutive_continues >= t.periodic_check:
            return Route.VERIFY
        if (t.no_evidence_check and page_changed and max(alpha_plus, alpha_minus) < t.pi_low
                and no_evidence_steps + 1 >= t.no_evidence_check):
            return Route.VERIFY
        return Route.CONTINUE
    return Route.VERIFY
