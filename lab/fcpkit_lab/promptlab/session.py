"""The prompt lab's state: a task set, a model choice and an answer cache, scoring versions on them.

The widget, the notebook and ``fcpkit prompts score`` all go through :class:`PromptLab`, so a
version scored in one is scored the same way in the others (and its answers come from the same
cache). The plan sources that need no prompt (hand-written, state machine) are scored once per
lab and reused for every version.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

from fcpkit_lab import data as lab_data
from fcpkit_lab.engine.smg import StateMachine
from fcpkit_lab.promptlab.answers import AnswerCache, TaskAnswer, generate
from fcpkit_lab.promptlab.models import ModelChoice
from fcpkit_lab.promptlab.score import ScoreRow, score_answers, score_hand_written, score_no_plan, score_state_machine
from fcpkit_lab.promptlab.tasks import TaskSet
from fcpkit_lab.promptlab.version import PromptVersion

__all__ = ["PromptLab", "DEFAULT_DIR", "write_results"]

#: Where the lab keeps answers, recordings and prompt versions in a checkout.
DEFAULT_DIR = Path("data") / "results" / "promptlab"


class PromptLab:
    """Score prompt versions on ``task_set`` with ``model``, answers cached under ``cache_dir``.

    ``client``: one client for every live call (default: the model choice's, made on the first
    uncached task). ``planner_kwargs`` go to :class:`~fcpkit.agent.planner.LLMPlanner`."""

    def __init__(self, task_set: TaskSet, model: ModelChoice, cache_dir: str | Path = DEFAULT_DIR / "answers", *,
                 client: Any = None, smg: StateMachine | None = None, planner_kwargs: dict | None = None):
        self.task_set = task_set
        self.model = model
        self.cache = AnswerCache(cache_dir)
        self.client = client
        self._smg = smg
        self.planner_kwargs = dict(planner_kwargs or {})

    def answers(self, version: PromptVersion, progress: Callable[[TaskAnswer], None] | None = None) -> list[TaskAnswer]:
        """A plan (or why none) per task, from the cache or the model."""
        if self.client is None and any(t.task not in self.cache.records(version, self.model) for t in self.task_set.tasks):
            self.client = self.model.client()
        return generate(version, self.model, self.task_set.tasks, self.cache, client=self.client, progress=progress,
                        planner_kwargs=self.planner_kwargs)

    def row(self, version: PromptVersion, answers: Sequence[TaskAnswer] | None = None) -> ScoreRow:
        answers = self.answers(version) if answers is None else answers
        return score_answers(version.label, answers, self.task_set)

    @cached_property
    def baseline_rows(self) -> list[ScoreRow]:
        """The hand-written plans' row, the state machine's, and no plan's."""
        smg = self._smg or StateMachine.load(lab_data.path("smg/workbench.yaml"))
        return [score_hand_written(self.task_set), score_state_machine(self.task_set, smg), score_no_plan(self.task_set)]

    def table(self, versions: Sequence[PromptVersion]) -> list[ScoreRow]:
        """One row per version, then the baselines (hand-written, state machine, no plan)."""
        return [self.row(v) for v in versions] + self.baseline_rows

    def close(self) -> None:
        """Stop a server this lab's client started (the shared embedded one is stopped at exit)."""
        close = getattr(self.client, "close", None)
        if callable(close):
            close()


def write_results(path: str | Path, rows: Sequence[ScoreRow], *, model: str, task_set: TaskSet,
                  versions: Sequence[PromptVersion] = ()) -> Path:
    """``rows`` as JSON Lines (one object per row, with the model, the task set and each version's
    hash and file) for the docs to be generated from."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    by_label = {v.label: v for v in versions}
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            v = by_label.get(r.source)
            rec = {**r.to_dict(), "model": model if v else None, "prompt_hash": v.hash if v else None,
                   "prompt_name": v.name if v else None, "corpora": task_set.corpora()}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return path
