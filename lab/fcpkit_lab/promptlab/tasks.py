"""The task set: every distinct task that has recorded runs, with its start page and its runs.

A prompt is judged on plans for tasks whose runs were recorded, since only there can a plan's
falsifiers be checked against pages that went wrong (and healthy pages they must not flag). The
sources are the workbench's corpus (fcpkit-lab), the examples corpus (fcpkit) and, when the
folder exists, the external development corpora under ``/work/shared/corpora/`` (or
``$FCPKIT_DEV_CORPORA``): applications written by other people, so a prompt that only suits the
workbench shows it. A task's start page is its first run's first page, as the LLM-plan arm of the
plan-source comparison uses (:func:`fcpkit_lab.engine.llm_plans.write_llm_plans`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from fcpkit import data as library_data
from fcpkit import load_corpus
from fcpkit.errors import ConfigError

from fcpkit_lab import data as lab_data

__all__ = ["LabTask", "TaskSet", "default_corpora", "load_task_set", "DEV_CORPORA"]

#: Where the external development corpora are (one ``NAME/corpus.jsonl`` each), when present.
DEV_CORPORA = Path(os.environ.get("FCPKIT_DEV_CORPORA", "/work/shared/corpora"))


@dataclass(frozen=True)
class LabTask:
    """One distinct task: its text, workflow, corpus, start page and the ids of its recorded runs.

    It has the attributes :func:`~fcpkit_lab.engine.llm_plans.write_llm_plans` reads of a run
    (``task``, ``workflow``, ``initial_observation``), so the plans are written by that function."""

    task: str
    workflow: str
    corpus: str
    initial_observation: Any
    runs: tuple[str, ...]


@dataclass(frozen=True)
class TaskSet:
    """The tasks and all their runs (what the plans are scored on)."""

    tasks: tuple[LabTask, ...]
    runs: tuple[Any, ...]

    def __len__(self) -> int:
        return len(self.tasks)

    def corpora(self) -> list[str]:
        return list(dict.fromkeys(t.corpus for t in self.tasks))

    def only(self, corpora: Sequence[str] = (), limit: int | None = None) -> "TaskSet":
        """The tasks of the named corpora (all when none are named), the first ``limit`` of them,
        and their runs."""
        known = self.corpora()
        unknown = [c for c in corpora if c not in known]
        if unknown:
            raise ConfigError(f"no corpus {unknown[0]!r} in the task set; known: {', '.join(known)}")
        tasks = [t for t in self.tasks if not corpora or t.corpus in corpora][:limit]
        keep = {t.task for t in tasks}
        return TaskSet(tuple(tasks), tuple(r for r in self.runs if r.task in keep))


def default_corpora() -> dict[str, Path]:
    """The corpora with recorded runs, by name: workbench, examples, and each dev corpus present."""
    out = {"workbench": lab_data.path(lab_data.WORKBENCH), "examples": library_data.path(library_data.EXAMPLES)}
    if DEV_CORPORA.is_dir():
        for p in sorted(DEV_CORPORA.glob("*/corpus.jsonl")):
            out[p.parent.name] = p
    return out


def load_task_set(corpora: dict[str, Path] | Sequence[str] | None = None) -> TaskSet:
    """The task set of ``corpora`` (a name-to-path mapping, names of :func:`default_corpora`, or
    ``None`` for all of them). A task met in two corpora is kept once, with the first's start page
    and both corpora's runs."""
    known = default_corpora()
    if corpora is None:
        chosen = known
    elif isinstance(corpora, dict):
        chosen = {k: Path(v) for k, v in corpora.items()}
    else:
        missing = [c for c in corpora if c not in known]
        if missing:
            raise ConfigError(f"no corpus named {missing[0]!r}; known: {', '.join(known)}")
        chosen = {c: known[c] for c in corpora}
    firsts: dict[str, tuple[str, Any]] = {}
    runs_of: dict[str, list[str]] = {}
    runs: list[Any] = []
    for name, path in chosen.items():
        for t in load_corpus(path):
            runs.append(t)
            firsts.setdefault(t.task, (name, t))
            runs_of.setdefault(t.task, []).append(t.id)
    tasks = tuple(LabTask(task, t.workflow, name, t.initial_observation, tuple(runs_of[task]))
                  for task, (name, t) in firsts.items())
    return TaskSet(tasks, tuple(runs))
