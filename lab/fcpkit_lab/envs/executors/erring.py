"""An executor that errs the way an LLM agent errs, at seeded rates, around the scripted one.

:class:`ScriptedExecutor` solves the workbench's tasks; a model does not always. :class:`ErringExecutor`
asks the scripted executor for its action and, with the probabilities in :class:`ErrorRates`, turns
it into one of the mistakes web agents are known to make:

* ``wrong_record`` — types or opens the near-miss record (``T-411`` for ``T-390``);
* ``skipped_step`` — leaves a form field unset and presses the form's submit button at once;
* ``mistyped_value`` — types a value with two characters swapped (a price, a note, a search);
* ``wrong_control`` — clicks another button of the page than the one the step needs;
* ``premature_report`` — reports the task done before it is.

Each error is drawn from ``random.Random((seed, step))``, so a study is reproducible; every error
made is kept in :attr:`ErringExecutor.errors` (step, kind, intended and erred command): the labels
that Table 10's confusion matrix is scored against. A repair hint or a rejected action makes the
next proposal the scripted one again (an agent that is told what went wrong mostly corrects it).
"""

from __future__ import annotations

import random
import re
from dataclasses import asdict, dataclass, fields
from typing import Any

from fcpkit.core.protocols import ExecutorContext
from fcpkit.core.trajectory import Action
from fcpkit_lab.envs.browser.axtree import AXTree
from fcpkit_lab.envs.executors.scripted import ScriptedExecutor
from fcpkit_lab.envs.workbench import get_task
from fcpkit.errors import ConfigError

__all__ = ["ErrorRates", "ErringExecutor", "ERROR_KINDS"]

ERROR_KINDS = ("wrong_record", "skipped_step", "mistyped_value", "wrong_control", "premature_report")
_SUBMIT = re.compile(r"^(save|assign|approve|reject|submit|update|apply)", re.I)
_SKIP_BUTTONS = {"Sign out", "Search", "Cancel"}


@dataclass(frozen=True)
class ErrorRates:
    """Per-action probability of each error kind (checked in :data:`ERROR_KINDS` order)."""

    wrong_record: float = 0.0
    skipped_step: float = 0.0
    mistyped_value: float = 0.0
    wrong_control: float = 0.0
    premature_report: float = 0.0

    def __post_init__(self) -> None:
        bad = [f.name for f in fields(self) if not 0.0 <= getattr(self, f.name) <= 1.0]
        if bad:
            raise ConfigError(f"ErrorRates: {', '.join(bad)} must be probabilities in [0, 1]")

    @classmethod
    def uniform(cls, rate: float) -> "ErrorRates":
        """The same rate for every kind (``--error-rate``)."""
        return cls(*(float(rate),) * len(ERROR_KINDS))

    @property
    def any(self) -> bool:
        return any(getattr(self, k) > 0 for k in ERROR_KINDS)

    def to_dict(self) -> dict[str, float]:
        return asdict(self)


@dataclass(frozen=True)
class InjectedError:
    step: int
    kind: str
    intended: str
    erred: str


class ErringExecutor:
    """:class:`ScriptedExecutor` with seeded LLM-like errors (see the module docstring)."""

    name = "erring"

    def __init__(self, workflow: str, variant: int = 0, seed: int = 0, rates: ErrorRates | None = None,
                 inner: Any = None) -> None:
        self.inner = inner if inner is not None else ScriptedExecutor(workflow, variant, seed)
        self.spec = get_task(workflow, variant)
        self.seed, self.rates = seed, rates or ErrorRates()
        self.errors: list[InjectedError] = []
        self._calls = 0

    def propose(self, ctx: ExecutorContext) -> Action:
        action = self.inner.propose(ctx)
        self._calls += 1
        if ctx.hint:  # told what went wrong: follow the scripted (corrected) proposal
            return action
        rng = random.Random(f"erring:{self.seed}:{self.spec.id}:{self._calls}")
        for kind in ERROR_KINDS:
            if rng.random() >= getattr(self.rates, kind):
                continue
            erred = getattr(self, f"_{kind}")(action, AXTree(ctx.observation.text), rng, len(ctx.history))
            if erred is not None and erred.command != action.command:
                self.errors.append(InjectedError(len(ctx.history), kind, action.command, erred.command))
                return erred
        return action

    @property
    def error_records(self) -> list[dict[str, Any]]:
        return [asdict(e) for e in self.errors]

    # -- the errors (None: this action offers no way to make that mistake) -----------------
    def _wrong_record(self, a: Action, tree: AXTree, rng: random.Random, step: int) -> Action | None:
        target, near = self.spec.target, self.spec.near_miss
        if a.command.startswith("fill(") and target in a.command:
            return _with(a, a.command.replace(target, near), f"Searching for {near}.")
        if a.command.startswith("click(") and a.target and target in a.target:
            link = next(iter(tree.find_all("link", contains=near, with_bid=True)), None)
            if link is not None:
                return _with(a, f"click('{link.bid}')", f"Open {near}.", link.describe())
        return None

    def _skipped_step(self, a: Action, tree: AXTree, rng: random.Random, step: int) -> Action | None:
        if not a.command.startswith(("fill(", "select_option(")):
            return None
        buttons = [n for n in tree.find_all("button", with_bid=True) if _SUBMIT.match(n.name)]
        if not buttons:
            return None
        b = buttons[0]
        return _with(a, f"click('{b.bid}')", f"Press '{b.name}'.", b.describe(), effect="write")

    def _mistyped_value(self, a: Action, tree: AXTree, rng: random.Random, step: int) -> Action | None:
        m = re.match(r"^fill\((['\"])(.+?)\1,\s*(['\"])(.*)\3\)$", a.command, re.S)
        if not m or len(m.group(4)) < 2:
            return None
        value = m.group(4)
        digits = [i for i in range(len(value) - 1) if value[i].isdigit() and value[i + 1].isdigit()
                  and value[i] != value[i + 1]]
        pool = digits or [i for i in range(len(value) - 1) if value[i] != value[i + 1]]
        if not pool:
            return None
        i = rng.choice(pool)
        typo = value[:i] + value[i + 1] + value[i] + value[i + 2:]
        q = m.group(3)
        return _with(a, f"fill({m.group(1)}{m.group(2)}{m.group(1)}, {q}{typo}{q})", f"Type {typo!r}.")

    def _wrong_control(self, a: Action, tree: AXTree, rng: random.Random, step: int) -> Action | None:
        if not a.command.startswith("click("):
            return None
        others = [n for n in tree.find_all("button", with_bid=True)
                  if n.name not in _SKIP_BUTTONS and f"'{n.bid}'" not in a.command]
        if not others:
            return None
        b = rng.choice(others)
        return _with(a, f"click('{b.bid}')", f"Press '{b.name}'.", b.describe(), effect="write")

    def _premature_report(self, a: Action, tree: AXTree, rng: random.Random, step: int) -> Action | None:
        if step < 1 or a.command.startswith(("send_msg_to_user", "report_infeasible")):
            return None
        return _with(a, "send_msg_to_user('Done: the task is complete.')",
                     "The task looks complete; report it.", None, effect="read")


def _with(a: Action, command: str, reasoning: str, target: str | None | type = ..., effect: str | None = None) -> Action:
    return Action(command, reasoning, a.target if target is ... else target, effect or a.effect, dict(a.extra or {}))
