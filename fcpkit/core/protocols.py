"""The protocols of fcpkit's pluggable parts: the :class:`Matcher` that scores evidence, the
environment an agent acts in, and the executor that proposes its actions. The runtime loop, the recorder and the notebooks only see these
protocols; the BrowserGym/Playwright environment and the scripted and LLM executors implement them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence, runtime_checkable

import numpy as np

from fcpkit.core.plan import Commitment, Plan
from fcpkit.core.trajectory import Action, Observation

__all__ = ["Environment", "Executor", "ExecutorContext", "Matcher", "Outcome"]


@dataclass(frozen=True)
class Outcome:
    """The functional verdict on an episode (a WebArena-style validator's answer)."""

    success: bool
    reason: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class Environment(Protocol):
    """A task environment: ``reset`` gives o0, ``step`` runs one action and gives the next page.

    ``step`` never raises for a failed action: the failure is the observation's ``error``, which
    is what the anomaly rules read. ``validate`` checks the task's real outcome (database state,
    reported answer). ``close`` releases the browser and leaves no process behind.
    """

    task: str

    def reset(self) -> Observation: ...

    def step(self, action: Action) -> Observation: ...

    def validate(self, answer: str | None = None) -> Outcome: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class ExecutorContext:
    """What an executor sees when proposing the next action (Algorithm 1, line 6)."""

    task: str
    plan: Plan
    commitment: Commitment
    observation: Observation
    history: Sequence[tuple[Action, Observation]] = ()
    rejected: Sequence[Action] = ()  # actions a repair rejected: do not propose them again at once
    hint: str | None = None  # a repair's instruction for the next action, if any


@runtime_checkable
class Executor(Protocol):
    """Proposes the next action with its reasoning (and effect: read / write / irreversible)."""

    name: str

    def propose(self, ctx: ExecutorContext) -> Action: ...


@runtime_checkable
class Matcher(Protocol):
    """Scores evidence statements against texts.

    ``score(statements, texts)`` returns a float array of shape ``(len(statements), len(texts))``
    with values in ``[0, 1]``: entry ``[i, j]`` is how strongly ``texts[j]`` supports
    ``statements[i]``. A text is a serialized page (see :func:`fcpkit.core.trajectory.serialize_observation`:
    ``url:``/``title:``/``tab:`` header lines, then the flattened accessibility tree, one node a
    line) or an action description. Matchers chunk long texts themselves and take the maximum over
    chunks, as the paper does.
    """

    name: str

    def score(self, statements: Sequence[str], texts: Sequence[str]) -> np.ndarray: ...
