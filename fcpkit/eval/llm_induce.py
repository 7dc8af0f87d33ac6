"""LLM-based induction, as in the paper: the model writes each skill and failure analysis.

:class:`LLMInducer` keeps what must not be left to a model to the deterministic reference
(:class:`~fcpkit.eval.induce.DeterministicInducer`): which runs are successful, how they
segment into confirmed commitments, skill names, dependencies, history, and the diagnosis of each
failure. The model writes what induction is *about* - each skill's key, subgoal, steps and
evidence templates (prompt ``skill_inducer``), and each failure case's repair hint, strategy and
falsifier (prompt ``failure_inducer``) - through schema-constrained JSON on any
:class:`~fcpkit.llm.LLMClient` (the embedded server by default, any OpenAI-compatible endpoint by
environment). One prompt per skill (its first instance) and per distinct failure diagnosis.

What a model writes is checked: a template may only use the task's parameters (statements with
other ``{placeholders}``, or still naming this run's identifiers, are dropped, and an empty field
falls back to the reference's). :func:`compare` measures how far the two inducers agree.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable, Mapping, Sequence

from fcpkit.core.plan import Evidence
from fcpkit.core.trajectory import Trajectory
from fcpkit.llm import LLMError
from fcpkit.llm.schemas import FAILURE_INDUCER_SCHEMA, SKILL_INDUCER_SCHEMA
from fcpkit.core.text import tokenize

from fcpkit.eval.induce import DeterministicInducer, TaskKinds
from fcpkit.agent.memory.params import escape, instance_specific, lift
from fcpkit.agent.memory.records import FailureRecord, Skill, placeholders_of
from fcpkit.agent.memory.store import Library

__all__ = ["LLMInducer", "compare"]


def _templates(items: Iterable[Any], params: set[str], values: Mapping[str, str]) -> list[str]:
    """A model's statements made safe: this run's values lifted, unknown placeholders dropped."""
    out: list[str] = []
    for it in items or ():
        if not isinstance(it, str) or not it.strip():
            continue
        text = it.strip()
        if not placeholders_of(text):
            text = lift(text, values)
        elif not placeholders_of(text) <= params:
            continue
        if not instance_specific(text) and text not in out:
            out.append(text)
    return out


class LLMInducer:
    """Skills and failure cases written by an LLM on the deterministic segmentation (module docstring).

    Args:
        client: an :class:`~fcpkit.llm.LLMClient` (or anything with ``complete_json`` and ``messages_for``).
        reference: the deterministic inducer whose segmentation and diagnoses are used.
        max_page_chars: page text cut to this length in a prompt.
    """

    name = "llm"

    def __init__(self, client: Any, reference: DeterministicInducer | None = None, *, max_page_chars: int = 600):
        self.client = client
        self.reference = reference or DeterministicInducer()
        self.max_page_chars = max_page_chars
        self.failures_of_model: list[str] = []

    def induce(self, trajectories: Iterable[Trajectory]) -> Library:
        runs = list(trajectories)
        ref = self.reference.induce(runs)
        by_id = {t.id: t for t in runs}
        kinds = TaskKinds(runs)
        skills = tuple(self._skill(s, by_id, kinds) for s in ref.skills)
        cache: dict[tuple[Any, ...], Mapping[str, Any] | None] = {}
        failures = tuple(self._failure(f, by_id, kinds, cache) for f in ref.failures)
        return Library(skills, failures, {**dict(ref.meta), "inducer": self.name,
                                          "model_failures": len(self.failures_of_model)})

    # -- skills --------------------------------------------------------------------------------
    def _ask(self, prompt: str, variables: Mapping[str, Any], schema: dict) -> Mapping[str, Any] | None:
        try:
            return self.client.complete_json(prompt, self.client.messages_for(prompt, dict(variables)), schema=schema)
        except LLMError as err:
            self.failures_of_model.append(f"{prompt}: {err.kind}: {err}")
            return None

    def _skill(self, ref: Skill, by_id: Mapping[str, Trajectory], kinds: TaskKinds) -> Skill:
        t = by_id.get(ref.history.sources[0]) if ref.history.sources else None
        if t is None:
            return ref
        values = kinds.values(t)
        c = next((c for c in t.plan.commitments if c.id == ref.commitment_id), None)
        if c is None:
            return ref
        steps = [s for s in t.steps if s.commitment == c.id]
        pages = t.observations()
        first = t.steps.index(steps[0]) if steps else 0
        evidence = [f"{stage}: {e.text}" for stage in ("precondition", "completion") for e in c.confirm.get(stage, ())]
        evidence += [f"falsifier ({scope}): {e.text}" for scope, e in c.falsifiers()]
        ans = self._ask("skill_inducer", {
            "task": t.task, "parameters": ", ".join(f"{{{k}}} = {v}" for k, v in values.items()) or "(none)",
            "subgoal": c.subgoal, "actions": "\n".join(f"- {s.action.command}" for s in steps) or "(none)",
            "page_before": pages[first].title or pages[first].url,
            "page_after": (pages[first + len(steps)].serialize()[: self.max_page_chars]),
            "evidence": "\n".join(evidence) or "(none)",
        }, SKILL_INDUCER_SCHEMA)
        if ans is None:
            return ref
        params = set(values)
        subgoal = _templates([ans.get("subgoal")], params, values) or [ref.subgoal]
        key = ans.get("key") if isinstance(ans.get("key"), str) and ans["key"].strip() else ref.key
        pre = _templates(ans.get("preconditions"), params, values)
        comp = _templates(ans.get("completion"), params, values)
        fals = _templates(ans.get("falsifiers"), params, values)
        acts = _templates(ans.get("actions"), params, values)
        used = set().union(*(placeholders_of(x) for x in subgoal + pre + comp + fals))
        return replace(
            ref, key=escape(key) if not placeholders_of(key) else key, subgoal=subgoal[0],
            parameters=tuple(sorted(used)) or ref.parameters, actions=tuple(acts) or ref.actions,
            preconditions=tuple(Evidence(x) for x in pre) or ref.preconditions,
            confirm={**dict(ref.confirm), "completion": tuple(Evidence(x) for x in comp) or ref.confirm.get("completion", ())},
            falsify={**dict(ref.falsify), "execution": tuple(Evidence(x) for x in fals) or ref.falsify.get("execution", ())},
        )

    # -- failures ------------------------------------------------------------------------------
    def _failure(self, ref: FailureRecord, by_id: Mapping[str, Trajectory], kinds: TaskKinds,
                 cache: dict[tuple[Any, ...], Mapping[str, Any] | None]) -> FailureRecord:
        t = by_id.get(ref.source)
        if t is None:
            return ref
        values = kinds.values(t)
        sig = (ref.situation.task_template, ref.situation.commitment, ref.diagnosis.evidence, ref.diagnosis.rule)
        if sig not in cache:
            cache[sig] = self._ask("failure_inducer", {
                "task": t.task, "parameters": ", ".join(f"{{{k}}} = {v}" for k, v in values.items()) or "(none)",
                "subgoal": ref.situation.subgoal, "scope": ref.diagnosis.scope,
                "diagnosis": ref.diagnosis.evidence or ref.diagnosis.rule or "unknown",
                "page": f"{ref.situation.title} ({ref.situation.url})",
            }, FAILURE_INDUCER_SCHEMA)
        ans = cache[sig]
        if ans is None:
            return ref
        fals = _templates([ans.get("falsifier")], set(values), values)
        hint = ans.get("hint") if isinstance(ans.get("hint"), str) and ans["hint"].strip() else ref.repair.hint
        return replace(ref, repair=replace(ref.repair, hint=lift(hint, values),
                                           falsifier=fals[0] if fals else ref.repair.falsifier))


def _tokens(texts: Sequence[str]) -> set[str]:
    return {w for t in texts for w in tokenize(t)}


def compare(reference: Library, other: Library) -> dict[str, Any]:
    """How far ``other``'s skills agree with ``reference``'s: per skill, the content-word overlap
    (Jaccard) of the subgoal and of all evidence, and whether the parameters are the same."""
    rows = []
    ref = {s.name: s for s in reference.skills}
    for s in other.skills:
        r = ref.get(s.name)
        if r is None:
            continue
        ev_r, ev_o = _tokens([e.text for e in r.evidence()]), _tokens([e.text for e in s.evidence()])
        sg_r, sg_o = _tokens([r.subgoal]), _tokens([s.subgoal])
        rows.append({
            "skill": s.name,
            "subgoal_overlap": len(sg_r & sg_o) / len(sg_r | sg_o) if sg_r | sg_o else 1.0,
            "evidence_overlap": len(ev_r & ev_o) / len(ev_r | ev_o) if ev_r | ev_o else 1.0,
            "same_parameters": set(r.parameters) == set(s.parameters),
        })
    n = len(rows) or 1
    return {"skills": len(rows), "rows": rows,
            "mean_subgoal_overlap": sum(r["subgoal_overlap"] for r in rows) / n,
            "mean_evidence_overlap": sum(r["evidence_overlap"] for r in rows) / n,
            "same_parameters": sum(r["same_parameters"] for r in rows) / n}
