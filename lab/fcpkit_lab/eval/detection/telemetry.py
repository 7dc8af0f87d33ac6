"""Per-falsifier telemetry: which evidence statements fire, on which runs, and which never do."""

from __future__ import annotations

from typing import Any, Sequence

from fcpkit.core.plan import SCOPES, Plan
from fcpkit.core.router import Route, Thresholds
from fcpkit.core.rules import action_text
from fcpkit.core.trajectory import Trajectory, serialize_observation
from fcpkit.eval.checker import TrajectoryReport
from fcpkit.eval.thresholds import MemoMatcher


def _falsifiers(plan: Plan, commitment_id: str | None, phase: str):
    """``(level, commitment, scope, text)`` of the falsifiers tested at one test point."""
    pick = (lambda e: e.on_action) if phase == "pre" else (lambda e: e.on_state)
    out = []
    if commitment_id is not None:
        c = plan.commitments[plan.index(commitment_id)]
        out += [("commitment", c.id, s, e.text) for s, e in c.falsifiers() if pick(e)]
    out += [("plan", "", s, e.text) for s in SCOPES for e in plan.plan_falsifiers.get(s, ()) if pick(e)]
    return out


def _all_falsifiers(plan: Plan):
    for c in plan.commitments:
        for s, e in c.falsifiers():
            yield "commitment", c.id, s, e.on, e.text
    for s in SCOPES:
        for e in plan.plan_falsifiers.get(s, ()):
            yield "plan", "", s, e.on, e.text


def falsifier_telemetry(
    trajs: Sequence[Trajectory], reports: Sequence[TrajectoryReport], matcher: Any, thresholds: Thresholds,
    *, corpus: str, matcher_name: str, bound: str,
) -> list[dict[str, Any]]:
    """Fires of every falsifier over a checked corpus (``reports`` from the full arm, same order).

    A statement *fires* in a check when it was the diagnosed falsifier of a check routed *risk*, or
    its own score reached its drift gate tau-(kappa). It is *tested* in every check of its
    commitment (or every check, for plan-level falsifiers) at its test point. Status:
    ``untested`` (its commitment was never active), ``decorative`` (tested, never fired),
    ``over-broad`` (fired on a healthy run), ``ok``.
    """
    memo = matcher if isinstance(matcher, MemoMatcher) else MemoMatcher(matcher)
    stats: dict[tuple, dict[str, Any]] = {}

    def plan_name(t: Trajectory) -> str:
        return t.plan_ref or f"inline:{t.workflow or t.id}"

    for t in trajs:
        for level, cid, scope, on, text in _all_falsifiers(t.plan):
            stats.setdefault((corpus, plan_name(t), level, cid, scope, text), {
                "on": on, "tested_checks": 0, "fired_checks": 0, "risk_diagnoses": 0, "detections": 0,
                "runs_faulty": set(), "runs_healthy": set(), "runs_faulty_before_fault": set(),
            })
    for t, rep in zip(trajs, reports):
        d = rep.detection
        for chk in rep.checks:
            r = chk.result
            if not r.scored:
                continue  # advance and start-page checks score no falsifier
            step = t.steps[chk.step]
            text = action_text(step.action) if r.phase == "pre" else serialize_observation(step.observation)
            fals = _falsifiers(t.plan, r.commitment, r.phase)
            if not fals:
                continue
            scores = memo.score([f[3] for f in fals], [text])[:, 0]
            gate = thresholds.gate_minus(r.kappa)
            for (level, cid, scope, ftext), s in zip(fals, scores):
                st = stats.setdefault((corpus, plan_name(t), level, cid, scope, ftext), {
                    "on": "?", "tested_checks": 0, "fired_checks": 0, "risk_diagnoses": 0, "detections": 0,
                    "runs_faulty": set(), "runs_healthy": set(), "runs_faulty_before_fault": set()})
                st["tested_checks"] += 1
                diagnosed = r.evidence == ftext and (r.evidence_level or "commitment") == level
                risk = diagnosed and r.route is Route.RISK
                if risk:
                    st["risk_diagnoses"] += 1
                if chk is d and diagnosed:
                    st["detections"] += 1
                if risk or float(s) >= gate:
                    st["fired_checks"] += 1
                    if t.label.fault is None:
                        st["runs_healthy"].add(t.id)
                    else:
                        st["runs_faulty"].add(t.id)
                        first = t.label.first_off_track_step
                        if first is not None and chk.step < first:
                            st["runs_faulty_before_fault"].add(t.id)
    rows = []
    for (corp, plan, level, cid, scope, text), st in stats.items():
        tested, fired = st["tested_checks"], st["fired_checks"]
        status = ("untested" if tested == 0 else "over-broad" if st["runs_healthy"]
                  else "decorative" if fired == 0 else "ok")
        rows.append({
            "corpus": corp, "matcher": matcher_name, "bound": bound, "plan": plan, "level": level,
            "commitment": cid, "scope": scope, "on": st["on"], "text": text,
            "tested_checks": tested, "fired_checks": fired,
            "fires_per_1000_checks": 1000.0 * fired / tested if tested else None,
            "fires_faulty_runs": len(st["runs_faulty"]), "fires_healthy_runs": len(st["runs_healthy"]),
            "fires_faulty_before_fault": len(st["runs_faulty_before_fault"]),
            "risk_diagnoses": st["risk_diagnoses"], "detections": st["detections"], "status": status,
        })
    return rows
