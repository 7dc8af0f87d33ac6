"""The study's task set: every workbench workflow x variant x fault, healthy runs, and composites.

A :class:`StudyTask` is one or more workbench tasks done in one episode, one after the other in the
same browser (a *composite*: "assign ticket T-390, then approve EXP-1180, then update SKU-2045"),
so that task length spans the paper's buckets (1-5, 6-10, >= 11 steps): a single workflow takes
4-8 steps, a composite of three 12-20. A fault, when there is one, acts on the last part.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from fcpkit_lab.envs.workbench import FAULT_KINDS, TASKS, WORKFLOWS, get_task
from fcpkit.errors import ConfigError

__all__ = ["StudyTask", "task_set", "parse_task_id", "STUDY_FAULT_PARAMS"]

#: slow_response holds each response for 15 s by default: a study keeps the fault, not the wait
STUDY_FAULT_PARAMS: dict[str, dict[str, Any]] = {"slow_response": {"delay_s": 1.0}}


@dataclass(frozen=True)
class StudyTask:
    """``parts``: (workflow, variant) pairs done in order; ``fault`` acts on the last part."""

    parts: tuple[tuple[str, int], ...]
    fault: str | None = None

    def __post_init__(self) -> None:
        if not self.parts:
            raise ConfigError("StudyTask: a task needs at least one (workflow, variant) part")
        for wf, v in self.parts:
            get_task(wf, v)
        if self.fault is not None and self.fault not in FAULT_KINDS:
            raise ConfigError(f"StudyTask: unknown fault {self.fault!r}; choose from {', '.join(FAULT_KINDS)}")

    @property
    def id(self) -> str:
        body = "+".join(f"{wf}-v{v}" for wf, v in self.parts)
        return f"{body}-{self.fault or 'healthy'}"

    @property
    def composite(self) -> bool:
        return len(self.parts) > 1

    @property
    def intent(self) -> str:
        texts = [get_task(wf, v).intent for wf, v in self.parts]
        if len(texts) == 1:
            return texts[0]
        return " Then: ".join(texts)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "parts": [list(p) for p in self.parts], "fault": self.fault}


def parse_task_id(text: str) -> StudyTask:
    """The task named ``support-v0+orders-v1-wrong_record`` (what :attr:`StudyTask.id` writes)."""
    body, _, fault = text.rpartition("-")
    if not body:
        raise ConfigError(f"task id {text!r}: expected WORKFLOW-vN[+WORKFLOW-vN...]-FAULT|healthy")
    parts = []
    for p in body.split("+"):
        wf, _, v = p.rpartition("-v")
        if not wf or not v.isdigit():
            raise ConfigError(f"task id {text!r}: part {p!r} is not WORKFLOW-vN")
        parts.append((wf, int(v)))
    return StudyTask(tuple(parts), None if fault == "healthy" else fault)


def task_set(*, workflows: Sequence[str] = WORKFLOWS, variants: Sequence[int] | None = None,
             faults: Sequence[str | None] | None = None, composites: int = 8, composite_parts: Sequence[int] = (2, 3),
             sample: int | None = None, seed: int = 0) -> list[StudyTask]:
    """Singles (workflow x variant x (healthy + each fault)) and ``composites`` composite tasks.

    ``sample`` keeps that many singles, drawn evenly over workflows and faults with ``seed``
    (every fault and workflow still appears when ``sample`` allows). Composites alternate 2 and 3
    parts (``composite_parts``), healthy and faulty.
    """
    for wf in workflows:
        if wf not in WORKFLOWS:
            raise ConfigError(f"unknown workflow {wf!r}; choose from {', '.join(WORKFLOWS)}")
    conds: list[str | None] = [None, *FAULT_KINDS] if faults is None else list(faults)
    singles = [StudyTask(((wf, v),), f) for f in conds for wf in workflows
               for v in (range(len(TASKS[wf])) if variants is None else variants)]
    rng = random.Random(f"study-tasks:{seed}")
    if sample is not None and sample < len(singles):
        singles = _spread(singles, sample, rng)
    comps: list[StudyTask] = []
    for k in range(composites):
        n = composite_parts[k % len(composite_parts)]
        wfs = [workflows[(k + j) % len(workflows)] for j in range(n)]
        # a read-only lookup reports its answer: it goes last, where the report ends the run
        wfs.sort(key=lambda w: w == "orders")
        parts = tuple((wf, rng.randrange(len(TASKS[wf]))) for wf in wfs)
        fault = None if k % 2 == 0 else conds[1 + (k // 2) % max(1, len(conds) - 1)] if len(conds) > 1 else None
        comps.append(StudyTask(parts, fault))
    return singles + comps


def _spread(items: list[StudyTask], n: int, rng: random.Random) -> list[StudyTask]:
    """``n`` items taking turns over (fault, workflow) groups, so no fault or workflow is left out."""
    groups: dict[Any, list[StudyTask]] = {}
    for t in items:
        groups.setdefault((t.fault, t.parts[0][0]), []).append(t)
    for g in groups.values():
        rng.shuffle(g)
    out: list[StudyTask] = []
    keys = list(groups)
    while len(out) < n:
        for key in keys:
            if groups[key] and len(out) < n:
                out.append(groups[key].pop())
    return out


def unique(tasks: Iterable[StudyTask]) -> list[StudyTask]:
    return list(dict.fromkeys(tasks))
