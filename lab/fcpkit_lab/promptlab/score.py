"""One table row per plan source: prompt versions' plans, the hand-written plans, the state machine's.

Every number is the detection benchmark's own (:func:`fcpkit.eval.metrics.summarize_runs` over
:func:`~fcpkit.eval.metrics.records_from_reports`), computed as the plan-source comparison
computes it (:mod:`fcpkit_lab.engine.compare`): per corpus, the lexical matcher and the ``lower``
verifier bound (no model judges; what would need one is counted in "checks needing a model").
An LLM plan does not name the hand-written plan's commitments, so its runs are checked with the
commitment tracker alone (:func:`~fcpkit_lab.engine.llm_plans.llm_plan_corpus`); the hand-written
row is checked the same way, so the rows differ by their plans, not by the attribution. The state
machine's plans are generated and aligned as the comparison does, for the tasks its crawled
application (the workbench) can plan. The *no plan* row is what the checker catches with each task
as one commitment without evidence (a run nobody planned, as ``fcpkit import browsergym`` reads
one): the built-in falsifiers and the anomaly rules alone, so a plan's row says what it adds.

A task whose prompt got no valid plan has no runs checked: its faulty runs are not caught and its
healthy runs not flagged, which is what a user of that plan would see. So on-time and healthy-flagged
counts are shown against all the task set's faulty and healthy runs, not only the planned ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fcpkit import Checker, Plan
from fcpkit.eval.metrics import records_from_reports, summarize_runs
from fcpkit.matching import get_matcher

from fcpkit_lab.engine.compare import generated_corpus
from fcpkit_lab.engine.llm_plans import llm_plan_corpus, tracker_only
from fcpkit_lab.promptlab.answers import TaskAnswer
from fcpkit_lab.promptlab.tasks import TaskSet

__all__ = ["ScoreRow", "score_runs", "score_answers", "score_hand_written", "score_state_machine", "score_no_plan",
           "COLUMNS"]

#: The table's columns, in order, with their headers.
COLUMNS = (("source", "plans from"), ("valid", "valid plans"), ("lint", "lint warnings"),
           ("on_time", "on time"), ("early", "early"), ("healthy_flagged", "healthy flagged"),
           ("model_share", "checks needing a model"), ("seconds", "s / plan"))


@dataclass(frozen=True)
class ScoreRow:
    """One plan source on one task set. Counts are of runs (``faulty``, ``healthy``: all the task
    set's, the denominators); ``valid``/``tasks``: tasks with a plan; ``lint``: warnings over all
    plans; ``model_share``: share of checks the fast path could not decide; ``seconds``: median
    seconds to write a plan (``None`` for plans nobody generated now)."""

    source: str
    tasks: int
    valid: int
    lint: int
    runs_checked: int
    faulty: int
    healthy: int
    on_time: int
    early: int
    healthy_flagged: int
    model_share: float | None
    seconds: float | None = None
    summary: Mapping[str, Any] | None = None

    def cells(self) -> dict[str, str]:
        """The row as the table prints it."""
        share = "-" if self.model_share is None else f"{self.model_share:.0%}"
        return {"source": self.source, "valid": f"{self.valid}/{self.tasks}", "lint": str(self.lint),
                "on_time": f"{self.on_time}/{self.faulty}", "early": str(self.early),
                "healthy_flagged": f"{self.healthy_flagged}/{self.healthy}", "model_share": share,
                "seconds": "-" if self.seconds is None else f"{self.seconds:.0f}"}

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__ if k != "summary"}


def score_runs(source: str, checked: Sequence[Any], task_set: TaskSet, *, valid: int, lint: int,
               seconds: float | None = None, bound: str = "lower", matcher: str = "lexical") -> ScoreRow:
    """The row of ``checked`` (runs already carrying the source's plans) against ``task_set``."""
    corpus_of = {t.task: t.corpus for t in task_set.tasks}
    recs: list[Any] = []
    for name in task_set.corpora():
        arm = [t for t in checked if corpus_of.get(t.task) == name]
        if arm:
            checker = Checker(get_matcher(matcher), verifier=bound).fit(arm)
            recs += records_from_reports(checker.check_corpus(arm), arm, corpus=name, arm=source,
                                         matcher=matcher, bound=bound)
    s = summarize_runs(recs) if recs else {}
    faulty = sum(1 for t in task_set.runs if t.label.fault is not None)  # as RunRecord.faulty counts
    healthy = len(task_set.runs) - faulty
    return ScoreRow(source, len(task_set), valid, lint, len(recs), faulty, healthy, s.get("on_time") or 0,
                    s.get("premature") or 0, s.get("false_alarms") or 0, s.get("escalation_share"), seconds, s)


def score_answers(source: str, answers: Sequence[TaskAnswer], task_set: TaskSet, **kw: Any) -> ScoreRow:
    """A prompt version's row: its valid plans checked on their tasks' runs (tracker-only)."""
    plans: dict[str, Plan] = {a.task: a.plan for a in answers if a.plan is not None}
    checked, _ = llm_plan_corpus(list(task_set.runs), plans)
    lint = sum(len((a.record or {}).get("lint", [])) for a in answers if a.plan is not None)
    secs = sorted(float(a.record["seconds"]) for a in answers if a.record and a.record.get("seconds") is not None)
    return score_runs(source, checked, task_set, valid=len(plans), lint=lint,
                      seconds=secs[len(secs) // 2] if secs else None, **kw)


def score_hand_written(task_set: TaskSet, **kw: Any) -> ScoreRow:
    """The recorded runs' own plans, checked with the tracker alone like the LLM plans."""
    plans = {t.task: t.plan for t in task_set.runs}
    lint = sum(len(p.lint()) for p in {id(p): p for p in plans.values()}.values())
    return score_runs("hand-written", [tracker_only(t) for t in task_set.runs], task_set,
                      valid=len({t.task for t in task_set.runs}), lint=lint, **kw)


def score_state_machine(task_set: TaskSet, smg: Any, **kw: Any) -> ScoreRow:
    """Plans generated from the crawled state machine ``smg`` (aligned to the runs as the
    plan-source comparison aligns them); tasks it cannot plan have no plan."""
    generated, _ = generated_corpus(list(task_set.runs), smg)
    plans = {t.task: t.plan for t in generated}
    lint = sum(len(p.lint()) for p in {id(p): p for p in plans.values()}.values())
    return score_runs("state machine", generated, task_set, valid=len(plans), lint=lint, **kw)


def score_no_plan(task_set: TaskSet, **kw: Any) -> ScoreRow:
    """Each run with its task as one commitment without evidence (``planless``): what the built-in
    falsifiers and the anomaly rules catch with no plan at all."""
    plans = {t: Plan.from_data({"task": t, "commitments": [{"id": "goal", "subgoal": t}], "planless": True},
                               source="prompt lab: no plan") for t in {r.task for r in task_set.runs}}
    checked, _ = llm_plan_corpus(list(task_set.runs), plans)
    return score_runs("no plan (built-ins and rules)", checked, task_set, valid=0, lint=0, **kw)
