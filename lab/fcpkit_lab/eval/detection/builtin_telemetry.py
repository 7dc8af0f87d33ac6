"""Fire rates of the built-in task-level falsifiers (:mod:`fcpkit.core.falsifiers`) over checked corpora.

The article's kill criterion for a falsifier: keep it only if it fires on faulty runs and stays
silent on healthy ones. The checker reports only the *first* rule that fires at a check, so this
module re-runs every built-in on every page the checker tested (with the commitment that was
active there), independently of the others: a rule shadowed by another at every check still gets
its own rate. One row per (corpus, built-in rule), in the falsifier-telemetry table's columns
(``level`` is ``built-in``, ``text`` the rule's name).
"""

from __future__ import annotations

from typing import Any, Sequence

from fcpkit.core.falsifiers import BUILTIN_RULES, RULE_SCOPES, Builtins, TaskContext, builtin_hits, commitment_text
from fcpkit.core.trajectory import Trajectory
from fcpkit.eval.checker import TrajectoryReport

__all__ = ["builtin_telemetry"]


def builtin_telemetry(
    trajs: Sequence[Trajectory], reports: Sequence[TrajectoryReport], *, corpus: str, matcher_name: str, bound: str,
    settings: Builtins = Builtins(),
) -> list[dict[str, Any]]:
    """Fires of each built-in over ``trajs`` (``reports``: the full arm's, same order).

    A rule is *tested* at every state check (``post``, and the start page) and *fires* when it holds
    there; ``detections`` counts the runs whose first detection it made. Status as for plan
    falsifiers: ``over-broad`` (fired on a healthy run), ``decorative`` (never fired), ``ok``.
    """
    stats = {name: {"tested": 0, "fired": 0, "faulty": set(), "healthy": set(), "early": set(), "detections": 0}
             for name in settings.enabled}
    contexts: dict[int, tuple[Any, TaskContext]] = {}
    for t, rep in zip(trajs, reports):
        hit = contexts.get(id(t.plan))
        ctx = hit[1] if hit is not None and hit[0] is t.plan else TaskContext.from_plan(t.plan)
        contexts[id(t.plan)] = (t.plan, ctx)
        d = rep.detection
        first = t.label.first_off_track_step
        tested_steps: dict[int, str] = {}
        for chk in rep.checks:
            if chk.result.phase == "post" and chk.step not in tested_steps:
                tested_steps[chk.step] = chk.result.commitment
        points = [(-1, t.plan.commitments[0].id)] if t.steps else []
        points += sorted(tested_steps.items())
        for step, cid in points:
            c = t.plan.commitments[t.plan.index(cid)]
            if step < 0:
                fired = {h.rule for h in builtin_hits(ctx, t.initial_observation, settings=settings, start=True)}
            else:
                before = t.initial_observation if step == 0 else t.steps[step - 1].observation
                fired = {h.rule for h in builtin_hits(ctx, t.steps[step].observation, before=before,
                                                      action=t.steps[step].action, commitment_text=commitment_text(c),
                                                      settings=settings, step=t.plan.index(cid))}
            for name, st in stats.items():
                st["tested"] += 1
                if name not in fired:
                    continue
                st["fired"] += 1
                if t.label.fault is None:
                    st["healthy"].add(t.id)
                else:
                    st["faulty"].add(t.id)
                    if first is not None and max(step, 0) < first:
                        st["early"].add(t.id)
        if d is not None and d.result.rule in stats:
            stats[d.result.rule]["detections"] += 1
    rows = []
    for name in BUILTIN_RULES:
        if name not in stats:
            continue
        st = stats[name]
        status = ("untested" if st["tested"] == 0 else "over-broad" if st["healthy"]
                  else "decorative" if st["fired"] == 0 else "ok")
        rows.append({
            "corpus": corpus, "matcher": matcher_name, "bound": bound, "plan": "(every plan)", "level": "built-in",
            "commitment": "", "scope": RULE_SCOPES[name], "on": "state", "text": name,
            "tested_checks": st["tested"], "fired_checks": st["fired"],
            "fires_per_1000_checks": 1000.0 * st["fired"] / st["tested"] if st["tested"] else None,
            "fires_faulty_runs": len(st["faulty"]), "fires_healthy_runs": len(st["healthy"]),
            "fires_faulty_before_fault": len(st["early"]), "risk_diagnoses": 0, "detections": st["detections"],
            "status": status,
        })
    return rows
