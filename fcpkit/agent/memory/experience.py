"""Experience at run time: repair that consults the failure-repair library, and failure cases
recorded from live runs that repaired.

:class:`ExperienceRepairer` wraps any :class:`fcpkit.agent.repair.Repairer` (default the deterministic one).
On a detection it retrieves failure cases for the situation (task kind, active subgoal, the
diagnosis). A case **applies** when its diagnosis is the same as this one (the same anomaly rule,
or a falsifying statement that, with this task's values, says the same thing); then its repair
is followed - its scope (a past case may have learned that a symptom is a planning problem, not an
execution one), its hint - and the result names the case. Otherwise the base repairer decides
alone ("falling back"). For a skill-scope repair the request carries alternative skills retrieved
for the commitment's subgoal, so the skill switch can pick a retrieved one.

``pop_retrievals()`` hands the retrieval and hit records to the :class:`fcpkit.Runner`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fcpkit.agent.repair import DeterministicRepairer, RepairResult
from fcpkit.agent.repair import RepairRequest
from fcpkit.core.text import tokenize

from fcpkit.agent.memory.generate import fill_template
from fcpkit.agent.memory.params import bind_task, is_identifier
from fcpkit.agent.memory.records import Diagnosis, FailureRecord, RepairAction, RepairOutcome, Situation
from fcpkit.agent.memory.retrieve import FailureRetriever, SkillRetriever, situation_text
from fcpkit.agent.memory.store import Library

__all__ = ["ExperienceRepairer", "same_diagnosis", "failures_from_run"]


def _jaccard(a: str, b: str) -> float:
    """Content-word overlap with identifiers masked: "Ticket T-411 detail" and "Ticket T-420
    detail" are the same diagnosis (a near-miss record is open), whichever record it was."""
    ta, tb = ({"<id>" if is_identifier(w) else w for w in tokenize(x)} for x in (a, b))
    return len(ta & tb) / len(ta | tb) if ta and tb else 0.0


def same_diagnosis(case: FailureRecord, request: RepairRequest, values: dict[str, str], *, min_overlap: float = 0.6) -> bool:
    """Whether ``case`` diagnosed what ``request`` diagnoses: the same rule, or a falsifying
    statement that held in the case (its strongest or any other that held with it) whose content
    words overlap this one's by at least ``min_overlap``, identifiers masked, once the case's
    template is filled with this task's values."""
    r = request.result
    rule = r.rule if r is not None else None
    if rule or case.diagnosis.rule:
        return bool(rule) and rule == case.diagnosis.rule
    evidence = request.evidence or request.diagnosis
    said = [x for x in (case.diagnosis.evidence, *case.diagnosis.held) if x]
    if not evidence or not said:
        return False
    return max(_jaccard(fill_template(x, values), evidence) for x in said) >= min_overlap


class ExperienceRepairer:
    """A :class:`fcpkit.agent.repair.Repairer` that consults the failure library first (module docstring).

    Args:
        library: where the failure cases (and alternative skills) come from.
        base: the repairer that carries out the repair (default :class:`fcpkit.agent.repair.DeterministicRepairer`).
        failures / skills: retrievers (defaults: P = 2 at 0.5/0.5; K = 3 at 0.4/0.6).
    """

    def __init__(self, library: Library, base: Any = None, *, failures: FailureRetriever | None = None,
                 skills: SkillRetriever | None = None, embedder: Any = None):
        self.library = library
        self.base = base if base is not None else DeterministicRepairer()
        self.failures = failures or FailureRetriever(library, embedder=embedder)
        self.skills = skills or (SkillRetriever(library, embedder=embedder) if library.skills else None)
        self.name = f"experience+{getattr(self.base, 'name', type(self.base).__name__)}"
        self.hits: list[dict[str, Any]] = []
        self._pending: list[dict[str, Any]] = []

    def bind(self, **kw: Any) -> None:
        bind = getattr(self.base, "bind", None)
        if callable(bind):
            bind(**kw)

    def pop_retrievals(self) -> list[dict[str, Any]]:
        out, self._pending = self._pending, []
        return out

    def _alternatives(self, request: RepairRequest) -> tuple[Any, ...]:
        if request.scope != "skill" or self.skills is None:
            return tuple(request.skills)
        c = request.commitment
        hits = self.skills.retrieve(f"{c.subgoal} (task: {request.plan.task})")
        alt = tuple(h.skill for h in hits if h.skill.name != c.skill)
        self._pending.append({"event": "retrieval", "what": "alternative_skills", "query": c.subgoal,
                              "hits": [h.to_dict() for h in hits]})
        return tuple(request.skills) + tuple(s for s in alt if s not in request.skills)

    def repair(self, request: RepairRequest) -> RepairResult:
        c = request.commitment
        values = bind_task(request.plan.task, [t for s in self.library.skills for t in s.task_templates])
        query = situation_text(request.plan.task, c.subgoal, request.scope, request.evidence or request.diagnosis)
        hits = self.failures.retrieve(query)
        self._pending.append({"event": "retrieval", "what": "failures", "query": query,
                              "hits": [h.to_dict() for h in hits]})
        request = replace(request, skills=self._alternatives(request),
                          failures=tuple(request.failures) + tuple(h.record for h in hits))
        case = next((h for h in hits if same_diagnosis(h.record, request, values)), None)
        if case is None:
            res = self.base.repair(request)
            return replace(res, extra={**dict(res.extra), "failure_case": None})
        rec = case.record
        scope = rec.repair.scope if rec.repair.scope in ("execution", "skill", "planning") else request.scope
        res = self.base.repair(replace(request, scope=scope))
        hint = fill_template(rec.repair.hint, values) if rec.repair.hint else ""
        hint = " ".join(x for x in (f"A past case ({rec.id}) matched: {hint}" if hint else "", res.hint or "") if x)
        hit = {"event": "experience_hit", "failure": rec.id, "score": round(case.score, 4), "scope": scope,
               "strategy": rec.repair.strategy, "diagnosis": rec.diagnosis.describe()}
        self.hits.append(hit)
        self._pending.append(hit)
        return replace(res, hint=hint or res.hint, repairer=self.name,
                       extra={**dict(res.extra), "failure_case": rec.id, "failure_score": round(case.score, 4)})


def failures_from_run(runner: Any, *, site: str = "", task_template: str = "") -> list[FailureRecord]:
    """Failure cases from a finished live :class:`fcpkit.Runner` run: one per repair it made, with
    the outcome the run reached after it (``recovered`` when the run then succeeded)."""
    result = runner.result
    success = None if result is None else result.success
    out: list[FailureRecord] = []
    for n, rep in enumerate(runner.repairs):
        c = rep.plan.commitments[rep.index] if rep.index < len(rep.plan) else None
        check = next((ch for ch in reversed(runner.checks) if ch.decision.value == "repair"
                      and (c is None or ch.result.commitment == c.id)), None)
        r = check.result if check is not None else None
        out.append(FailureRecord(
            id=f"{runner.run_id}#{n}",
            situation=Situation(runner.task, task_template, site, "", "", c.id if c else "", c.subgoal if c else "",
                                c.skill if c else None),
            diagnosis=Diagnosis(rep.scope, r.evidence if r else None, r.rule if r else None,
                                r.phase if r else "post", check.step if check else None, None),
            repair=RepairAction(rep.strategy, rep.scope, rep.depth, rep.hint or "",
                                r.evidence if r is not None and r.rule is None else None),
            outcome=RepairOutcome("recovered" if success else "failed", success,
                                  (result.stop_reason if result is not None else "") or ""),
            source=runner.run_id,
        ))
    return out

