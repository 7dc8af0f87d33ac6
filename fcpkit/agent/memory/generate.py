"""Commitment generation from experience (paper section 5.1): task -> retrieved skills and
failure cases -> planner -> Plan whose FCUs are linked to the skills they came from.

:class:`ExperiencePlanner` is a :class:`fcpkit.agent.planner.Planner`. For a task it retrieves skills
(:class:`SkillRetriever`) and failure cases (:class:`FailureRetriever`), composes the skills into
an ordered chain (:func:`compose`), binds the task's values to the skills' parameters
(:func:`~fcpkit.agent.memory.params.bind_task`), and hands everything to a base planner:

* :class:`fcpkit.agent.planner.TemplatePlanner` (the default): no model - each skill's evidence templates are
  instantiated with the task's values, and failure cases whose falsifier binds add it to the
  commitment of their skill (or plan-wide). A new task of a known kind gets a complete plan.
* :class:`fcpkit.agent.planner.LLMPlanner`: the skills and failure cases go into its prompt.

Every plan records what it was generated from in ``plan.extra["experience"]`` (the hits with
their BM25 and embedding parts) and each commitment's ``skill``. ``pop_retrievals()`` hands the
retrieval records to the :class:`fcpkit.Runner`, which logs them and emits ``retrieval`` events.
"""

from __future__ import annotations

import string
from dataclasses import replace
from typing import Any, Mapping, Sequence

from fcpkit.core.trajectory import Observation
from fcpkit.core.plan import Plan
from fcpkit.agent.planner import PlanningError, TemplatePlanner
from fcpkit.errors import PlanError

from fcpkit.agent.memory.params import bind_task
from fcpkit.agent.memory.records import FailureRecord, Skill, placeholders_of
from fcpkit.agent.memory.retrieve import FailureHit, FailureRetriever, SkillHit, SkillRetriever, situation_text
from fcpkit.agent.memory.store import Library

__all__ = ["ExperiencePlanner", "compose", "fill_template", "lint_plan"]


def fill_template(template: str, values: Mapping[str, Any]) -> str:
    """``template`` with the placeholders it has values for filled; others are left as written."""
    class _Keep(dict):
        def __missing__(self, key: str) -> str:
            return "{" + key + "}"

    try:
        return string.Formatter().vformat(template, (), _Keep(values))
    except (ValueError, IndexError):
        return template


def compose(hits: Sequence[SkillHit], library: Library, *, scores: Mapping[str, float] | None = None,
            complete: bool = True) -> list[Skill]:
    """The skills a plan is built from: one chain, in execution order.

    The best hit fixes the task kind (its task templates); skills of other kinds are left out,
    since commitments of another kind of task would contradict this one. The chain is the best
    hit's prerequisites (dependency expansion), the hit, then - one at a time - the skill of that
    kind that requires the chain's last skill, choosing among alternatives (approve / reject;
    two ways recorded for the same step) by successful uses - the better-attested way - then by
    retrieval score. Without
    ``complete`` the chain stops after the last retrieved hit; with it (the default) it runs to
    the end of the kind, so a task of a known kind is planned to its end. ``scores`` (skill name
    -> retrieval score for this task) defaults to the hits' scores."""
    if not hits:
        return []
    family = set(hits[0].skill.task_templates)
    by_name = {s.name: s for s in library.skills}
    score = {h.skill.name: h.score for h in hits}
    score.update(scores or {})
    hit_names = {h.skill.name for h in hits if h.rank is not None}
    top = hits[0].skill
    chain = [by_name[d] for d in library.dependencies(top.name) if d in by_name] + [top]
    while True:
        have = {s.name for s in chain}
        nxt = [s for s in library.skills if s.name not in have and family & set(s.task_templates)
               and chain[-1].name in s.requires]
        if not nxt:
            break
        best = max(nxt, key=lambda s: (s.history.successes, score.get(s.name, 0.0), -library.skills.index(s)))
        if not complete and not (hit_names - have):
            break
        chain.append(best)
    return chain


class ExperiencePlanner:
    """A :class:`fcpkit.agent.planner.Planner` that retrieves before it plans (module docstring).

    Args:
        library: the skill and failure-repair libraries.
        planner: the base planner (default :class:`fcpkit.agent.planner.TemplatePlanner`).
        skills / failures: retrievers (defaults: K = 3 at 0.4/0.6, P = 2 at 0.5/0.5 on ``embedder``).
        use_failures: retrieve failure cases at all (off: the "without failure library" arm).
        complete: see :func:`compose`.
    """

    def __init__(self, library: Library, planner: Any = None, *, skills: SkillRetriever | None = None,
                 failures: FailureRetriever | None = None, use_failures: bool = True, complete: bool = True,
                 embedder: Any = None):
        self.library = library
        self.base = planner if planner is not None else TemplatePlanner()
        self.skill_retriever = skills or SkillRetriever(library, embedder=embedder)
        self.failure_retriever = failures or FailureRetriever(library, embedder=embedder)
        self.use_failures = use_failures
        self.complete = complete
        self.name = f"experience+{getattr(self.base, 'name', type(self.base).__name__)}"
        self.last_report: dict[str, Any] = {}
        self._pending: list[dict[str, Any]] = []

    # -- retrieval ---------------------------------------------------------------------------------
    def retrieve(self, task: str) -> tuple[list[SkillHit], list[FailureHit]]:
        hits = self.skill_retriever.retrieve(task) if self.library.skills else []
        cases = self.failure_retriever.retrieve(situation_text(task)) if self.use_failures else []
        self._pending.append({"event": "retrieval", "what": "skills", "query": task,
                              "hits": [h.to_dict() for h in hits]})
        if self.use_failures:
            self._pending.append({"event": "retrieval", "what": "failures", "query": task,
                                  "hits": [h.to_dict() for h in cases]})
        return hits, cases

    def pop_retrievals(self) -> list[dict[str, Any]]:
        """Retrieval records since the last call (the Runner logs each and emits a ``retrieval`` event)."""
        out, self._pending = self._pending, []
        return out

    # -- planning ----------------------------------------------------------------------------------
    def plan(self, task: str, observation: Observation | None = None, skills: Sequence[Any] = (),
             failures: Sequence[Any] = ()) -> Plan:
        """Retrieve, compose and plan. ``skills``/``failures`` passed in (already retrieved, or the
        runner's replanning diagnosis) are used in addition to what is retrieved here."""
        hits, cases = self.retrieve(task)
        scores = {h.skill.name: h.score for h in self.skill_retriever.rank(task)} if hits else {}
        chain = compose(hits, self.library, scores=scores, complete=self.complete)
        passed = [s for s in skills if isinstance(s, Skill) and s.name not in {c.name for c in chain}]
        chain = chain or passed
        if not chain and isinstance(self.base, TemplatePlanner):
            raise PlanningError(f"ExperiencePlanner: no skill in the library fits {task!r}; "
                                "fix: induce skills for this kind of task (fcpkit induce) or use an LLM planner")
        templates = [t for s in chain for t in s.task_templates]
        values = bind_task(task, templates)
        records: list[Any] = [h.record for h in cases] + [f for f in failures if not isinstance(f, FailureRecord)]
        usable = [f for f in records if not getattr(f, "falsifier", None)
                  or placeholders_of(f.falsifier) <= set(values)]
        try:
            if isinstance(self.base, TemplatePlanner):
                plan = self.base.plan(task, observation, skills=chain, failures=usable, variables=values)
            else:
                plan = self.base.plan(task, observation, chain, usable)
        except PlanError as exc:
            raise PlanningError(f"ExperiencePlanner: the retrieved skills do not fit {task!r}: {exc}",
                                problems=exc.problems) from exc
        report = {"skills": [h.to_dict() for h in hits], "failures": [h.to_dict() for h in cases],
                  "chain": [s.name for s in chain], "values": values}
        self.last_report = {**report, "planner": getattr(self.base, "last_report", None)}
        return replace(plan, extra={**dict(plan.extra), "planner": self.name, "experience": report})


def lint_plan(plan: Plan) -> list[str]:
    """What a generated plan should not have, as warnings (the plan itself already validated):
    placeholders left unfilled, commitments with no completion evidence (they can only be settled
    by moving on) or with no falsifier (nothing can refute them), and commitments linked to no skill."""
    out: list[str] = []
    for c in plan.commitments:
        texts = [c.subgoal] + [e.text for g in (c.confirm, c.falsify) for items in g.values() for e in items]
        left = sorted({p for t in texts for p in placeholders_of(t)})
        if left:
            out.append(f"{c.id}: unfilled placeholder(s) {', '.join('{' + p + '}' for p in left)}")
        if not c.confirm.get("completion"):
            out.append(f"{c.id}: no completion evidence; it is settled only when the agent moves on")
        if not any(c.falsify.get(s) for s in c.falsify):
            out.append(f"{c.id}: no falsifier; nothing can refute this step")
        if not c.skill:
            out.append(f"{c.id}: linked to no skill")
    return out
