"""Generated vs hand-written falsifiers on the detection benchmark (same corpus, same checker).

For every recorded trajectory the task is planned and compiled against the SMG (the template path:
no model), a plan is generated from the program (:func:`~fcpkit_lab.engine.falsifiers.plan_from_program`)
and the steps are attributed to its commitments (:func:`~fcpkit_lab.engine.falsifiers.align_steps`). The
full checker configuration (step + plan falsifiers + rules) then runs under both verifier bounds with
the hand-written plan the corpus was recorded with, and with the generated one; the metrics are the
detection benchmark's own (:func:`fcpkit.eval.metrics.summarize_runs`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fcpkit import Checker, Plan, load_corpus
from fcpkit.eval.metrics import records_from_reports, summarize_runs
from fcpkit.llm.components.registry import BOUNDS
from fcpkit.matching import get_matcher

from fcpkit_lab.engine.falsifiers import align_steps, plan_from_program
from fcpkit_lab.engine.llm_plans import llm_plan_corpus, tracker_only
from fcpkit_lab.engine.planner import PlanningFailed, plan_program
from fcpkit_lab.engine.smg import StateMachine

__all__ = ["COLUMNS", "compare_plans", "compare_trajectories", "generated_corpus"]

COLUMNS = ("corpus", "plans", "bound", "runs", "faulty", "detected", "detection_rate", "on_time", "false_alarms",
           "healthy", "before_write_share", "pre_action_share", "escalation_share", "steps_saved_share",
           "statements")


def generated_corpus(trajs: Sequence[Any], smg: StateMachine) -> tuple[list[Any], list[str]]:
    """The trajectories re-attributed to generated plans; and the ids that could not be planned."""
    out, skipped, cache = [], [], {}
    for t in trajs:
        start = smg.recognise(urlsplit(t.initial_observation.url).path)
        key = (t.task, start)
        if key not in cache:
            try:
                program = plan_program(smg, t.task, start).program
                cache[key] = (program, plan_from_program(program, smg))
            except PlanningFailed:
                cache[key] = None
        if cache[key] is None:
            skipped.append(t.id)
            continue
        program, plan = cache[key]
        out.append(align_steps(t, plan, program, smg))
    return out, skipped


def _statements(trajs: Sequence[Any]) -> float:
    counts = []
    for plan in {id(t.plan): t.plan for t in trajs}.values():
        n = sum(len(v) for c in plan.commitments for v in (*c.confirm.values(), *c.falsify.values()))
        counts.append(n + sum(len(v) for v in plan.plan_falsifiers.values()))
    return sum(counts) / len(counts) if counts else 0.0


def _arms(trajs: Sequence[Any], smg: StateMachine, llm_plans: Mapping[str, Plan] | None) -> list[tuple[str, list, int]]:
    """(plan source, runs, runs left out for want of a plan of that source)."""
    generated, skipped = generated_corpus(trajs, smg)
    kept = {t.id for t in generated}
    arms = [("hand-written", [t for t in trajs if t.id in kept], len(skipped)), ("generated", generated, len(skipped))]
    if llm_plans is not None:  # tracker-only attribution for both, so the rows differ by the plans alone
        llm, missing = llm_plan_corpus(trajs, llm_plans)
        with_llm = {t.id for t in llm}
        arms += [("hand-written, tracker-only", [tracker_only(t) for t in trajs if t.id in with_llm], len(missing)),
                 ("llm-written, tracker-only", llm, len(missing))]
    return arms


def compare_trajectories(name: str, trajs: Sequence[Any], smg: StateMachine, *,
                         bounds: Sequence[str] = BOUNDS, matcher: str = "lexical",
                         llm_plans: Mapping[str, Plan] | None = None) -> list[dict[str, Any]]:
    """One row per plan source x bound for one corpus's trajectories (see :data:`COLUMNS`); with
    ``llm_plans`` (by task, :mod:`fcpkit_lab.engine.llm_plans`) also the LLM-written plans' rows."""
    rows = []
    for plans, arm, skipped in _arms(trajs, smg, llm_plans):
        if not arm:
            continue
        for bound in bounds:
            checker = Checker(get_matcher(matcher), verifier=bound).fit(arm)
            recs = records_from_reports(checker.check_corpus(arm), arm, corpus=name, arm=plans, matcher=matcher,
                                        bound=bound)
            s = summarize_runs(recs)
            rows.append({"corpus": name, "plans": plans, "bound": bound,
                         **{k: s.get(k) for k in COLUMNS if k in s}, "statements": round(_statements(arm), 1),
                         "unplanned": skipped})
    return rows


def compare_plans(corpora: Sequence[str | Path], smg: StateMachine, *, bounds: Sequence[str] = BOUNDS,
                  matcher: str = "lexical", llm_plans: Mapping[str, Plan] | None = None) -> list[dict[str, Any]]:
    """:func:`compare_trajectories` for each corpus file (named ``workbench``, ``heldout/workbench``...)."""
    rows = []
    for path in corpora:
        parts = Path(path).resolve().parts
        name = parts[-2] if parts[-3] == "data" else "/".join(parts[-3:-1])  # data/heldout/workbench
        rows += compare_trajectories(name, list(load_corpus(path)), smg, bounds=bounds, matcher=matcher,
                                     llm_plans=llm_plans)
    return rows
