"""Plans per task for a prompt version, cached on disk by (prompt hash, model, task).

Generating is the slow half of trying a prompt (a SmolLM2 plan takes about half a minute on two
cores), so each answer is kept as soon as it arrives, in ``<cache>/<model key>/<prompt hash>.jsonl``:
one :func:`~fcpkit_lab.engine.llm_plans.write_llm_plans` record per task (the plan, or why the
model's answer is not one; lint warnings, attempts, seconds). A rerun reads the file and asks
nothing; an edited prompt has another hash, so only its own answers are reused.

What is cached is what the model said. When there is no answer to cache - the server is not up,
a call timed out, a replayed recording has no answer to this prompt - the task is reported
(:attr:`TaskAnswer.missing`) and nothing is written, so the next run asks again. Each record is
appended as it comes, so an interrupted round keeps every answer it got.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fcpkit import Plan
from fcpkit.agent.planner import LLMPlanner, PlanningError
from fcpkit.errors import LLMError

from fcpkit_lab.engine.llm_plans import llm_plan_records, write_llm_plans
from fcpkit_lab.promptlab.models import ModelChoice
from fcpkit_lab.promptlab.tasks import LabTask
from fcpkit_lab.promptlab.version import PromptVersion

__all__ = ["TaskAnswer", "AnswerCache", "generate", "NO_ANSWER_KINDS"]

#: LLM error kinds that mean "no answer came", not "the answer is not a plan": never cached.
NO_ANSWER_KINDS = frozenset({"timeout", "rate_limited", "server_error", "connection", "bad_request",
                             "client_error", "replay_miss", "server_start"})


@dataclass(frozen=True)
class TaskAnswer:
    """One task's outcome for a (prompt, model): the cached record, or why there is none."""

    task: str
    record: dict | None = None
    missing: str = ""
    cached: bool = False

    @property
    def plan(self) -> Plan | None:
        if self.record and self.record.get("ok") and self.record.get("plan"):
            return Plan.from_data(self.record["plan"], source=f"prompt lab: {self.task}")
        return None


class _NoAnswer(Exception):
    """Raised through write_llm_plans (which records only FcpkitErrors) so nothing is written."""

    def __init__(self, err: LLMError):
        super().__init__(str(err))
        self.err = err


class _Planner:
    """An LLMPlanner whose calls that got no answer escape :func:`write_llm_plans` uncached."""

    def __init__(self, planner: LLMPlanner):
        self.planner = planner
        self.client = planner.client

    @property
    def last_report(self) -> dict:
        return self.planner.last_report

    def plan(self, task: str, observation: Any) -> Plan:
        try:
            return self.planner.plan(task, observation)
        except PlanningError as err:
            cause = err.__cause__
            if isinstance(cause, LLMError) and cause.kind in NO_ANSWER_KINDS:
                raise _NoAnswer(cause) from err
            raise


class AnswerCache:
    """The answer files under ``root`` (one per model key and prompt hash)."""

    def __init__(self, root: str | Path):
        self.root = Path(root)

    def path(self, version: PromptVersion, model: ModelChoice | str) -> Path:
        key = model.key if isinstance(model, ModelChoice) else model
        return self.root / key / f"{version.hash}.jsonl"

    def records(self, version: PromptVersion, model: ModelChoice | str) -> dict[str, dict]:
        """The cached records by task (a malformed line is a ``ConfigError`` naming file and line)."""
        return llm_plan_records(self.path(version, model))


def generate(version: PromptVersion, model: ModelChoice, tasks: Sequence[LabTask], cache: AnswerCache, *,
             client: Any = None, progress: Callable[[TaskAnswer], None] | None = None,
             planner_kwargs: dict | None = None) -> list[TaskAnswer]:
    """A plan per task for ``version`` from ``model``: from the cache, else asked and cached.

    ``client``: reuse a client (else :meth:`ModelChoice.client` makes one, only if a task is not
    cached, so a fully cached rerun starts no server). The prompt is the version's own template
    file, written beside the answers (``<hash>.txt``) and loaded by the planner as any prompt file."""
    path = cache.path(version, model)
    done = cache.records(version, model)
    out: list[TaskAnswer] = []
    planner = None
    for t in tasks:
        if t.task in done:
            ans = TaskAnswer(t.task, done[t.task], cached=True)
        else:
            if planner is None:
                prompt_file = version.save(path.with_suffix(".txt"))
                client = client if client is not None else model.client()
                planner = _Planner(LLMPlanner(client, prompt=str(prompt_file), **(planner_kwargs or {})))
            t0 = time.perf_counter()
            try:
                records = write_llm_plans([t], planner, path, model=model.key)
                ans = TaskAnswer(t.task, next(r for r in records if r["task"] == t.task))
            except _NoAnswer as e:
                ans = TaskAnswer(t.task, missing=f"{e.err.kind}: {str(e.err)[:300]} ({time.perf_counter() - t0:.0f} s)")
        out.append(ans)
        if progress is not None:
            progress(ans)
    return out

