"""Episodes: which task and which fault the running application is serving, and what happened.

An episode is set without restarting the server (:meth:`WorkbenchApp.reset_episode` or
``POST /__control/episode``). Each fault is a real behaviour of the application, switched on
for the episode; the application appends one :class:`EpisodeEvent` per request it serves,
marking the requests whose response the fault changed (``fault``) and the requests that wrote
to the database (``write``), so labels can be derived from what the app actually did.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Mapping

from fcpkit.errors import ConfigError

from fcpkit_lab.envs.workbench.faults import TRANSIENT_DELAY_S, VARIANTS, persistence_of
from fcpkit_lab.envs.workbench.tasks import Task, get_task

__all__ = [
    "FAULT_KINDS",
    "FAULT_DEFAULTS",
    "SEEDED_AFTER",
    "EpisodeConfig",
    "EpisodeEvent",
    "make_episode",
]

FAULT_KINDS = (
    "wrong_record",
    "session_expired",
    "stale_filter",
    "control_missing",
    "wrong_banner",
    "silent_noop",
    "permission_denied",
    "interstitial",
    "slow_response",
)

# Parameters each fault understands, with their defaults. ``after_requests``: the fault acts
# on signed-in app requests whose episode index is >= this value (index 0 is the first page
# the agent opens after the reset). ``delay_s``: how long ``slow_response`` holds each
# response. With seed 0 an omitted ``after_requests`` takes the value below; any other seed
# draws it (deterministically) from SEEDED_AFTER, so a corpus can vary where the fault hits.
FAULT_DEFAULTS: dict[str, dict[str, Any]] = {
    "session_expired": {"after_requests": 2},
    "interstitial": {"after_requests": 1},
    "slow_response": {"after_requests": 1, "delay_s": 15.0},
}
SEEDED_AFTER: dict[str, tuple[int, ...]] = {
    "session_expired": (1, 2, 3),
    "interstitial": (0, 1, 2),
    "slow_response": (1, 2),
}


@dataclass(frozen=True)
class EpisodeConfig:
    """The task variant, fault and seed of one episode (immutable once started)."""

    task: Task
    fault: str | None = None
    seed: int = 0
    params: Mapping[str, Any] = field(default_factory=dict)
    frozen_clock: bool = False
    started_at: float = field(default_factory=time.time)

    @property
    def workflow(self) -> str:
        return self.task.workflow

    @property
    def variant(self) -> int:
        return self.task.variant

    def param(self, name: str) -> Any:
        return self.params[name]

    @property
    def persistence(self) -> str | None:
        """``persistent`` / ``transient`` (:mod:`fcpkit_lab.envs.workbench.faults`); ``None`` when healthy."""
        return persistence_of(self.fault, self.params)

    def clock_base_minutes(self) -> int:
        """Minutes after midnight shown as the episode's "Last updated" time at its start."""
        return 10 * 60 + 42 + (random.Random(self.seed).randrange(0, 300) if self.seed else 0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "task": self.task.to_dict(),
            "workflow": self.workflow,
            "variant": self.variant,
            "fault": self.fault,
            "persistence": self.persistence,
            "seed": self.seed,
            "params": dict(self.params),
            "frozen_clock": self.frozen_clock,
            "started_at": self.started_at,
        }


@dataclass(frozen=True)
class EpisodeEvent:
    """One request the application served during an episode.

    ``index`` counts the episode's app requests (pages behind sign-in; -1 for the sign-in
    pages and static files); ``fault`` names the fault when it changed this response (else
    ``None``); ``write`` describes a database write this request made (else ``None``);
    ``detail`` says what the fault or the write did.
    """

    seq: int
    index: int
    method: str
    path: str
    query: str
    status: int
    t: float
    fault: str | None = None
    write: str | None = None
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq, "index": self.index, "method": self.method, "path": self.path,
            "query": self.query, "status": self.status, "t": round(self.t, 4),
            "fault": self.fault, "write": self.write, "detail": self.detail,
        }


def make_episode(
    workflow: str,
    variant: int = 0,
    fault: str | None = None,
    seed: int = 0,
    params: Mapping[str, Any] | None = None,
    frozen_clock: bool = False,
) -> EpisodeConfig:
    """Validate the names and fill in the fault's default parameters."""
    task = get_task(workflow, variant)
    if fault is not None and fault not in FAULT_KINDS:
        raise ConfigError(
            f"unknown workbench fault {fault!r}; choose one of {', '.join(FAULT_KINDS)} or None"
        )
    merged: dict[str, Any] = dict(FAULT_DEFAULTS.get(fault or "", {}))
    if seed and fault in SEEDED_AFTER:
        merged["after_requests"] = random.Random(f"{fault}:{seed}").choice(SEEDED_AFTER[fault])
    given = dict(params or {})
    if fault == "slow_response" and given.get("persistence") == "transient" and "delay_s" not in given:
        merged["delay_s"] = TRANSIENT_DELAY_S
    for key, value in given.items():
        if key not in ("after_requests", "delay_s", "persistence"):
            raise ConfigError(f"unknown fault parameter {key!r}; known: after_requests, delay_s, persistence")
        if key == "persistence" and value is not None and value not in VARIANTS:
            raise ConfigError(f"persistence must be one of {', '.join(VARIANTS)}, got {value!r}")
        if value is not None:
            merged[key] = value
    persistence_of(fault, merged)  # a variant the kind does not have is a clear error here
    if "after_requests" in merged:
        merged["after_requests"] = int(merged["after_requests"])
        if merged["after_requests"] < 0:
            raise ConfigError("after_requests must be >= 0")
    if "delay_s" in merged:
        merged["delay_s"] = float(merged["delay_s"])
        if merged["delay_s"] < 0:
            raise ConfigError("delay_s must be >= 0")
    return EpisodeConfig(task=task, fault=fault, seed=int(seed), params=merged,
                         frozen_clock=bool(frozen_clock))
