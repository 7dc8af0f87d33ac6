"""LLM-written plans for the falsifier comparison: written once, stored, scored like the others.

The comparison of plan sources (:mod:`fcpkit_lab.engine.compare`) asks where falsifiers should come
from: written by hand, generated from the state-machine memory, or written by a model. The third
arm is the fcpkit planner (:class:`~fcpkit.agent.planner.LLMPlanner`) asked for a plan of each
distinct task of a corpus, given the task's start page, with no skill library: what a user gets
from ``fcpkit plan`` with the same model.

Writing the plans is the slow half (one or two model calls per task), so :func:`write_llm_plans`
stores each answer as a JSON Lines record (the plan, or why there is none; parse attempts,
sanitiser fixes, lint warnings, seconds) as it arrives, skipping tasks already in the file;
scoring (:func:`llm_plan_corpus`) reads that file and needs no model, so the table reproduces
from the committed records.

Steps of a recorded run name the hand-written plan's commitments, which an LLM plan does not
have, so in the scored corpus every step's claim is removed and the checker's commitment tracker
alone decides which commitment is active (it moves on when a page shows the active commitment's
completion). The same re-attribution applied to the hand-written plans is reported beside it, so
the difference between the two rows is the plans', not the attribution's.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from fcpkit import Plan
from fcpkit.agent.planner import PlanningError
from fcpkit.errors import ConfigError, FcpkitError

__all__ = ["write_llm_plans", "llm_plan_records", "load_llm_plans", "llm_plan_corpus", "tracker_only", "plan_records_summary"]


def _done(path: Path) -> dict[str, dict[str, Any]]:
    if not path.is_file():
        return {}
    out = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                rec = json.loads(line)
                out[rec["task"]] = rec
            except (ValueError, KeyError, TypeError) as err:
                raise ConfigError(f"{path}:{n}: not an LLM-plan record ({err}); delete the line to write it again") from None
    return out


def write_llm_plans(trajs: Sequence[Any], planner: Any, path: str | Path, *, model: str = "",
                    progress: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """Ask ``planner`` for a plan of every distinct task in ``trajs`` (from its first run's start
    page), append a record per task to ``path`` as it comes, and return all records (old and new)."""
    path = Path(path)
    records = _done(path)
    usage = getattr(getattr(planner, "client", None), "usage", None)
    firsts: dict[str, Any] = {}
    for t in trajs:
        firsts.setdefault(t.task, t)
    for task, t in firsts.items():
        if task in records:
            continue
        before = len(usage) if usage is not None else 0
        t0 = time.perf_counter()
        rec: dict[str, Any] = {"task": task, "workflow": t.workflow, "model": model}
        try:
            plan = planner.plan(task, t.initial_observation)
            warnings = plan.lint()
            rec.update(ok=True, plan=plan.to_data(), lint=[w.render() for w in warnings], lint_clean=not warnings)
        except (PlanningError, FcpkitError) as err:
            rec.update(ok=False, error=str(err)[:1000], lint=[], lint_clean=False)
        report = dict(getattr(planner, "last_report", {}) or {})
        calls = [usage.calls[i] for i in range(before, len(usage))] if usage is not None else []
        rec.update(attempts=report.get("attempts"), fixes=len(report.get("fixes", [])),
                   llm_calls=len(calls), tokens=sum(c.total_tokens for c in calls),
                   seconds=round(time.perf_counter() - t0, 2))
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
        records[task] = rec
        if progress is not None:
            progress(rec)
    return list(records.values())


def llm_plan_records(path: str | Path) -> dict[str, dict[str, Any]]:
    """The records in ``path`` by task (what :func:`write_llm_plans` resumes from); a line that is not
    a record is a ``ConfigError`` naming the file and the line."""
    return _done(Path(path))


def load_llm_plans(path: str | Path) -> dict[str, Plan]:
    """The plans of the records in ``path`` that have one, by task."""
    out = {}
    for task, rec in _done(Path(path)).items():
        if rec.get("ok") and rec.get("plan"):
            out[task] = Plan.from_data(rec["plan"], source=f"{path}: {task}")
    return out


def tracker_only(traj: Any, plan: Plan | None = None) -> Any:
    """``traj`` (with ``plan`` instead of its own) and no step claiming a commitment."""
    return replace(traj, plan=plan or traj.plan, steps=tuple(replace(s, commitment=None) for s in traj.steps))


def llm_plan_corpus(trajs: Sequence[Any], plans: Mapping[str, Plan]) -> tuple[list[Any], list[str]]:
    """The runs whose task has an LLM plan, re-planned with it (tracker-only attribution); and the
    ids of the runs whose task has none."""
    out, skipped = [], []
    for t in trajs:
        if t.task in plans:
            out.append(tracker_only(t, plans[t.task]))
        else:
            skipped.append(t.id)
    return out, skipped


def plan_records_summary(records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """How the writing went: tasks, plans that parsed, lint-clean plans, calls, tokens, seconds."""
    n = len(records)
    ok = [r for r in records if r.get("ok")]
    secs = sorted(float(r.get("seconds") or 0) for r in records)
    return {"tasks": n, "parsed": len(ok), "lint_clean": sum(bool(r.get("lint_clean")) for r in ok),
            "lint_warnings_median": sorted(len(r.get("lint", [])) for r in ok)[len(ok) // 2] if ok else None,
            "llm_calls": sum(int(r.get("llm_calls") or 0) for r in records),
            "tokens": sum(int(r.get("tokens") or 0) for r in records),
            "seconds_median": secs[n // 2] if n else None}
