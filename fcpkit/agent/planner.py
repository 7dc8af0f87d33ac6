"""Commitment generation (paper section 5.1): task + page + skills + failure cases -> Plan.

* :class:`Planner` — the protocol: ``plan(task, observation, skills=(), failures=()) -> Plan``.
* :class:`LLMPlanner` — prompts an LLM (template ``planner``) with the retrieved skills and
  failure cases, gets schema-validated FCUs, and builds a :class:`~fcpkit.core.plan.Plan` through
  :meth:`Plan.from_data`. What a model gets slightly wrong is repaired (invalid items dropped,
  confidence clamped, ids slugged and de-duplicated, unknown stages/scopes dropped); what cannot
  be repaired is fed back to the model once more; after that a :class:`PlanningError` says why.
* :class:`TemplatePlanner` — no LLM: instantiates commitments from :class:`SkillRecord` templates
  (``{placeholders}`` filled from task variables).
* :class:`SkillRecord` / :class:`FailureCase` — the library records of appendix B.3/B.4.
"""

from __future__ import annotations

import copy
import re
import string
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Protocol, Sequence, runtime_checkable

from fcpkit.core.page import record_ids
from fcpkit.core.plan import SCOPES, STAGES, TEST_POINTS, Commitment, Plan
from fcpkit.core.trajectory import Observation, serialize_observation
from fcpkit.errors import FcpkitError, LLMError, PlanError
from fcpkit.agent.planner_lint import revise_for_lint
from fcpkit.llm.components.base import LLMComponent
from fcpkit.llm.schemas import PLANNER_SCHEMA
from fcpkit.llm.templates import fence_page

__all__ = [
    "Planner",
    "LLMPlanner",
    "TemplatePlanner",
    "SkillRecord",
    "FailureCase",
    "PlanningError",
    "sanitize_plan_data",
    "task_variables",
    "render_skills",
    "render_failures",
    "PLAN_MAX_TOKENS",
    "planning_schema",
]


class PlanningError(FcpkitError):
    """A planner could not produce a valid plan; ``reason`` says why (and ``problems`` lists them)."""

    def __init__(self, message: str, *, problems: Sequence[str] = (), attempts: int = 0):
        self.problems = list(problems)
        self.attempts = attempts
        super().__init__(message)


@runtime_checkable
class Planner(Protocol):
    def plan(
        self,
        task: str,
        observation: Observation | None,
        skills: Sequence["SkillRecord"] = (),
        failures: Sequence["FailureCase"] = (),
    ) -> Plan: ...


# -- library records ------------------------------------------------------------------------

EvidenceTemplate = "str | Mapping[str, str]"


@dataclass(frozen=True)
class SkillRecord:
    """A reusable skill s = (n, k, a, p, v, h) (appendix B.3) that can also instantiate an FCU.

    ``subgoal`` and every evidence item are templates with ``{placeholders}`` filled from task
    variables (``{record_id}``, ``{team}``, ...). ``confirm`` maps stages and ``falsify`` scopes to
    lists of templates (strings or ``{text, on}`` mappings, as in a plan file).
    """

    name: str
    subgoal: str
    confirm: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    falsify: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    confidence: float = 0.7
    keywords: tuple[str, ...] = ()
    applicability: str = ""
    steps: tuple[str, ...] = ()
    success: str = ""
    precautions: tuple[str, ...] = ()
    id: str | None = None  # commitment id template; default: the skill name slugged

    def placeholders(self) -> set[str]:
        names: set[str] = set()
        for text in self._templates():
            names |= {f for _, f, _, _ in string.Formatter().parse(text) if f}
        return names

    def _templates(self) -> Iterable[str]:
        yield self.subgoal
        if self.id:
            yield self.id
        for groups in (self.confirm, self.falsify):
            for items in groups.values():
                for it in items or ():
                    yield it["text"] if isinstance(it, Mapping) else str(it)

    def instantiate(self, variables: Mapping[str, Any], *, id: str | None = None) -> Commitment:
        """The commitment this skill stands for, with its templates filled (``PlanError`` if a
        placeholder has no value)."""
        missing = sorted(self.placeholders() - set(variables))
        if missing:
            raise PlanError(
                f"skill {self.name!r}",
                [f"no value for placeholder(s) {', '.join('{' + m + '}' for m in missing)}; "
                 f"fix: pass variables={{{', '.join(repr(m) + ': ...' for m in missing)}}}"],
            )
        fill = lambda s: s.format(**variables)  # noqa: E731
        def group(g: Mapping[str, Sequence[Any]]) -> dict[str, list[Any]]:
            out: dict[str, list[Any]] = {}
            for key, items in g.items():
                out[key] = [
                    {"text": fill(it["text"]), "on": it.get("on", "state")} if isinstance(it, Mapping) else fill(str(it))
                    for it in (items or ())
                ]
            return out
        cid = id or (fill(self.id) if self.id else slug(self.name))
        return Commitment(cid, fill(self.subgoal), skill=self.name, confidence=float(self.confidence),
                          confirm=group(self.confirm), falsify=group(self.falsify))

    def describe(self) -> str:
        """One block for a prompt: name, keywords, applicability, steps, success, precautions."""
        parts = [f"- {self.name}: {self.subgoal}"]
        if self.applicability:
            parts.append(f"  applies when: {self.applicability}")
        if self.steps:
            parts.append("  steps: " + "; ".join(self.steps))
        if self.success:
            parts.append(f"  success: {self.success}")
        if self.precautions:
            parts.append("  precautions: " + "; ".join(self.precautions))
        return "\n".join(parts)

    def to_data(self) -> dict[str, Any]:
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.__dict__.items()}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> "SkillRecord":
        d = dict(data)
        for k in ("keywords", "steps", "precautions"):
            if k in d and d[k] is not None:
                d[k] = tuple(d[k])
        return cls(**d)


@dataclass(frozen=True)
class FailureCase:
    """A failure-repair record f = (q, rho, gamma, eta) (appendix B.4).

    ``falsifier`` (a template) and ``scope`` let a planner turn the case into a falsifier
    directly: on the commitment linked to ``skill`` when given, else plan-wide.
    """

    query: str
    pattern: str
    analysis: str = ""
    strategy: str = ""
    repair_plan: str = ""
    lessons: str = ""
    falsifier: str | None = None
    scope: str = "execution"
    skill: str | None = None

    def describe(self) -> str:
        parts = [f"- pattern: {self.pattern}"]
        if self.analysis:
            parts.append(f"  analysis: {self.analysis}")
        if self.strategy or self.repair_plan:
            parts.append(f"  repair: {self.strategy} {self.repair_plan}".rstrip())
        if self.lessons:
            parts.append(f"  lesson: {self.lessons}")
        return "\n".join(parts)


def render_skills(skills: Sequence[SkillRecord]) -> str:
    return "\n".join(s.describe() for s in skills) if skills else "(none)"


def render_failures(failures: Sequence[Any]) -> str:
    if not failures:
        return "(none)"
    return "\n".join(f.describe() if hasattr(f, "describe") else f"- {f}" for f in failures)


# -- variables ------------------------------------------------------------------------------

_QUOTED = re.compile(r"['\"“]([^'\"”]{1,60})['\"”]")
_TEAM = re.compile(r"\bteam\s+([A-Z][\w-]*)")


def task_variables(task: str) -> dict[str, str]:
    """Variables a template can use, read off the task text: ``task``, ``record_id`` (first
    strong record id, :mod:`fcpkit.core.page.records`), ``record_ids`` (all, comma-separated), ``quoted`` (first quoted string),
    ``team`` (the word after *team*). Missing ones are simply absent."""
    out: dict[str, str] = {"task": task}
    ids = [r.id for r in record_ids(task) if r.strong]
    if ids:
        out["record_id"] = ids[0]
        out["record_ids"] = ", ".join(dict.fromkeys(ids))
    q = _QUOTED.search(task)
    if q:
        out["quoted"] = q.group(1)
    t = _TEAM.search(task)
    if t:
        out["team"] = t.group(1)
    return out


def slug(text: str, fallback: str = "step") -> str:
    s = re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-")
    return s[:40].strip("-") or fallback


# -- template planner -----------------------------------------------------------------------

class TemplatePlanner:
    """Plans without an LLM: one commitment per skill record, in order, templates filled.

    ``plan(task, observation, skills=...)`` uses the skills passed in (retrieved for this task)
    or, when none are, the ones given at construction. Variables come from
    :func:`task_variables` of the task, updated with ``variables``. Failure cases that carry a
    ``falsifier`` add it to the commitment of their ``skill`` (or plan-wide).
    """

    name = "template"

    def __init__(
        self,
        skills: Sequence[SkillRecord] = (),
        *,
        variables: Mapping[str, Any] | None = None,
        plan_falsifiers: Mapping[str, Sequence[Any]] | None = None,
    ):
        self.skills = tuple(skills)
        self.variables = dict(variables or {})
        self.plan_falsifiers = dict(plan_falsifiers or {})

    def plan(
        self,
        task: str,
        observation: Observation | None = None,
        skills: Sequence[SkillRecord] = (),
        failures: Sequence[FailureCase] = (),
        *,
        variables: Mapping[str, Any] | None = None,
    ) -> Plan:
        records = tuple(skills) or self.skills
        if not records:
            raise PlanningError("TemplatePlanner: no skill records to instantiate; pass skills=[SkillRecord(...), ...]")
        vars_ = {**task_variables(task), **self.variables, **(variables or {})}
        commitments: list[Commitment] = []
        seen: set[str] = set()
        for rec in records:
            c = rec.instantiate(vars_)
            cid = _unique(c.id, seen)
            data = c.to_data()
            data["id"] = cid
            commitments.append(Commitment.from_data(data))
        pf: dict[str, list[Any]] = {s: list(v) for s, v in self.plan_falsifiers.items()}
        for f in failures:
            if not getattr(f, "falsifier", None):
                continue
            text = f.falsifier.format(**vars_) if "{" in f.falsifier else f.falsifier
            scope = f.scope if f.scope in SCOPES else "execution"
            idx = next((i for i, c in enumerate(commitments) if f.skill and c.skill == f.skill), None)
            if idx is None:
                pf.setdefault(scope, []).append(text)
            else:
                data = commitments[idx].to_data()
                data.setdefault("falsify", {}).setdefault(scope, []).append(text)
                commitments[idx] = Commitment.from_data(data)
        return Plan(task, tuple(commitments), plan_falsifiers=pf, extra={"planner": self.name})


def _unique(cid: str, seen: set[str]) -> str:
    out, n = cid, 2
    while out in seen:
        out = f"{cid}-{n}"
        n += 1
    seen.add(out)
    return out


# -- sanitising an LLM's answer -------------------------------------------------------------

def _evidence_items(raw: Any, path: str, fixes: list[str]) -> list[Any]:
    if raw is None:
        return []
    if isinstance(raw, (str, Mapping)):
        raw = [raw]
    if not isinstance(raw, (list, tuple)):
        fixes.append(f"{path}: dropped (not a list)")
        return []
    out: list[Any] = []
    for j, it in enumerate(raw):
        if isinstance(it, str):
            if it.strip():
                if it.strip() not in out:
                    out.append(it.strip())
            else:
                fixes.append(f"{path}[{j}]: dropped an empty statement")
        elif isinstance(it, Mapping) and isinstance(it.get("text"), str) and it["text"].strip():
            on = it.get("on", "state")
            out.append({"text": it["text"].strip(), "on": on if on in TEST_POINTS else "state"})
        else:
            fixes.append(f"{path}[{j}]: dropped an invalid evidence item")
    return out


def sanitize_plan_data(
    task: str,
    data: Any,
    *,
    known_skills: Iterable[str] | None = None,
    plan_falsifiers: Mapping[str, Sequence[Any]] | None = None,
) -> tuple[dict[str, Any], list[str]]:
    """Turn a model's ``{"commitments": [...]}`` into plan data :meth:`Plan.from_data` accepts.

    Repairs what can be repaired and says what it did (the second value): drops items that are
    not mappings or have no subgoal; slugs, fills and de-duplicates ids; clamps confidence into
    [0, 1] (non-numbers become 0.5); turns ``""``/``"none"`` skills into no skill (and unknown
    skill names too when ``known_skills`` is given); keeps only known stages and scopes.
    """
    fixes: list[str] = []
    raw = data.get("commitments") if isinstance(data, Mapping) else data
    if not isinstance(raw, list):
        raw = []
        fixes.append("commitments: not a list")
    known = set(known_skills) if known_skills is not None else None
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        path = f"commitments[{i}]"
        if not isinstance(item, Mapping):
            fixes.append(f"{path}: dropped (not a mapping)")
            continue
        subgoal = item.get("subgoal")
        if not isinstance(subgoal, str) or not subgoal.strip():
            fixes.append(f"{path}: dropped (no subgoal)")
            continue
        raw_id = item.get("id")
        cid = slug(raw_id) if isinstance(raw_id, str) and raw_id.strip() else slug(subgoal)
        if cid != raw_id:
            fixes.append(f"{path}.id: {raw_id!r} -> {cid!r}")
        uid = _unique(cid, seen)
        if uid != cid:
            fixes.append(f"{path}.id: duplicate {cid!r} -> {uid!r}")
        k = item.get("confidence", 0.5)
        if isinstance(k, bool) or not isinstance(k, (int, float)) or k != k:
            fixes.append(f"{path}.confidence: {k!r} -> 0.5")
            k = 0.5
        elif not 0.0 <= k <= 1.0:
            nk = min(1.0, max(0.0, float(k)))
            fixes.append(f"{path}.confidence: {k} clamped to {nk}")
            k = nk
        skill = item.get("skill")
        if not isinstance(skill, str) or skill.strip().lower() in ("", "none", "null", "n/a"):
            skill = None
        elif known is not None and skill not in known:
            fixes.append(f"{path}.skill: {skill!r} is not a retrieved skill; unlinked")
            skill = None
        confirm_raw = item.get("confirm") if isinstance(item.get("confirm"), Mapping) else {}
        falsify_raw = item.get("falsify") if isinstance(item.get("falsify"), Mapping) else {}
        confirm = {s: _evidence_items(confirm_raw.get(s), f"{path}.confirm.{s}", fixes) for s in STAGES}
        falsify = {s: _evidence_items(falsify_raw.get(s), f"{path}.falsify.{s}", fixes) for s in SCOPES}
        for key in set(confirm_raw) - set(STAGES):
            fixes.append(f"{path}.confirm.{key}: unknown stage dropped")
        for key in set(falsify_raw) - set(SCOPES):
            fixes.append(f"{path}.falsify.{key}: unknown scope dropped")
        c: dict[str, Any] = {"id": uid, "subgoal": subgoal.strip()}
        if skill:
            c["skill"] = skill
        c["confidence"] = float(k)
        c["confirm"] = {s: v for s, v in confirm.items() if v}
        c["falsify"] = {s: v for s, v in falsify.items() if v}
        out.append(c)
    plan: dict[str, Any] = {"task": task}
    if plan_falsifiers:
        plan["plan_falsifiers"] = {s: list(v) for s, v in plan_falsifiers.items()}
    plan["commitments"] = out
    return plan, fixes


# -- LLM planner ----------------------------------------------------------------------------

#: The planning call's output budget in tokens. A five-commitment plan in the schema's JSON is
#: 900-1,400 tokens with SmolLM2's and Qwen2.5's tokenizers; at the client's default 512 it was
#: cut off every time (issue #31). 1,800 leaves room for a longer plan and, with a 4,096-token
#: context, for the prompt and a 3,000-character page.
PLAN_MAX_TOKENS = 1800


def planning_schema(max_commitments: int = 5) -> dict:
    """The schema a planning call asks for: :data:`~fcpkit.llm.schemas.PLANNER_SCHEMA` with at most
    ``max_commitments`` commitments (a grammar-constrained model, llama.cpp, stops where the prompt
    asks it to instead of writing eight and running out of tokens) and confidence any number.

    llama.cpp's grammar does not enforce a number's range, so SmolLM2 wrote ``"confidence": 4.67``
    and the client rejected the whole plan three times (40 s) over a value :func:`sanitize_plan_data`
    clamps into [0, 1] anyway; what the sanitiser repairs is not worth a re-ask."""
    schema = copy.deepcopy(PLANNER_SCHEMA)
    schema["properties"]["commitments"]["maxItems"] = max(1, min(int(max_commitments), 8))
    confidence = schema["properties"]["commitments"]["items"]["properties"]["confidence"]
    confidence.pop("minimum", None)
    confidence.pop("maximum", None)
    return schema


class LLMPlanner(LLMComponent):
    """The planner Pi of Algorithm 1 on an :class:`~fcpkit.llm.LLMClient`.

    Args:
        client: anything with ``complete_json(module, messages, schema=...)`` (an ``LLMClient``).
        max_commitments: the prompt's limit (the schema allows 8).
        retries: extra attempts with the plan's problems fed back when sanitising cannot save it.
        plan_falsifiers: cross-cutting falsifiers attached to every plan (session loss, ...).
        max_observation_chars: the page is cut to this many characters in the prompt.
        link_unknown_skills: keep skill names the model invents (default: unlink them).
        lint_rounds: re-asks showing the model the lint warnings about its statements, each with
            its fix (:mod:`fcpkit.agent.planner_lint`); each is another planning call (default 0).
        prompt: the template: a name (``planner``, looked up as :mod:`fcpkit.llm.templates` says)
            or the path of a template file (a prompt version the prompt lab saved); a file edited
            on disk is read again on the next plan.
        max_tokens: the planning call's output budget (:data:`PLAN_MAX_TOKENS`), given to clients
            that have a default budget of their own (an ``LLMClient``'s 512 cuts a five-commitment
            plan off); ``None`` keeps the client's.

    The answer's schema is :func:`planning_schema`: at most ``max_commitments`` commitments, and
    no range on confidence (the sanitiser clamps it).

    ``last_report`` holds what the last call did: attempts, fixes applied, problems fed back.
    """

    name = "llm"
    module = "planner"
    schema = PLANNER_SCHEMA

    def __init__(
        self,
        client: Any,
        *,
        max_commitments: int = 5,
        retries: int = 1,
        plan_falsifiers: Mapping[str, Sequence[Any]] | None = None,
        max_observation_chars: int = 3000,
        link_unknown_skills: bool = False,
        prompt: str = "planner",
        lint_rounds: int = 0,
        max_tokens: int | None = None,
    ):
        super().__init__(client, prompt=str(prompt) if prompt else prompt)
        self.lint_rounds = lint_rounds
        self.max_tokens = PLAN_MAX_TOKENS if max_tokens is None else max_tokens
        self.schema = planning_schema(max_commitments)
        self.max_commitments = max_commitments
        self.retries = retries
        self.plan_falsifiers = dict(plan_falsifiers or {})
        self.max_observation_chars = max_observation_chars
        self.link_unknown_skills = link_unknown_skills
        self.last_report: dict[str, Any] = {}

    def ask(self, messages: list[dict[str, str]], *, schema: dict | None = None) -> dict:
        """One schema-valid plan answer; the planner's output budget goes to a client that has a
        default budget (``max_tokens`` attribute) of its own, other clients are called as before."""
        if self.max_tokens and hasattr(self.client, "max_tokens"):
            return self.client.complete_json(self.module, messages, schema=self.schema if schema is None else schema,
                                             max_tokens=self.max_tokens)
        return super().ask(messages, schema=schema)

    def messages(self, task: str, observation: Observation | None, skills: Sequence[SkillRecord] = (),
                 failures: Sequence[Any] = ()) -> list[dict[str, str]]:
        page = fence_page(serialize_observation(observation)[: self.max_observation_chars] if observation is not None else "(not loaded)")

        return self.render(
            task=task, observation=page, skills=render_skills(skills),
            failure_cases=render_failures(failures), max_commitments=self.max_commitments,
        )

    def plan(
        self,
        task: str,
        observation: Observation | None = None,
        skills: Sequence[SkillRecord] = (),
        failures: Sequence[Any] = (),
    ) -> Plan:
        messages = self.messages(task, observation, skills, failures)
        known = None if self.link_unknown_skills else [s.name for s in skills]
        report: dict[str, Any] = {"attempts": 0, "fixes": [], "problems": []}
        self.last_report = report
        problems: list[str] = []
        for attempt in range(self.retries + 1):
            report["attempts"] = attempt + 1
            try:
                answer = self.ask(messages)
            except LLMError as err:
                raise PlanningError(
                    f"LLMPlanner: the planner LLM gave no usable answer ({err.kind}): {err}",
                    problems=[str(err)], attempts=attempt + 1,
                ) from err
            try:
                plan, fixes = self._parse(task, answer, known)
            except PlanError as err:
                problems = list(err.problems)
                report["problems"].append(problems)
                messages = self.reask(
                    messages, answer, "That plan was rejected: " + "; ".join(problems)
                    + ". Reply again with the corrected JSON object {\"commitments\": [...]}, "
                    "each commitment with a non-empty id and subgoal.")
                continue
            report["fixes"].extend(fixes)
            return revise_for_lint(self, plan, messages, answer, lambda a: self._parse(task, a, known), report,
                                   self.lint_rounds)
        raise PlanningError(
            f"LLMPlanner: no valid plan after {self.retries + 1} attempt(s): " + "; ".join(problems),
            problems=problems, attempts=self.retries + 1,
        )

    def _parse(self, task: str, answer: dict, known: list[str] | None) -> tuple[Plan, list]:
        """The model's answer, sanitised and cut to ``max_commitments``, as a plan (raises ``PlanError``)."""
        data, fixes = sanitize_plan_data(task, answer, known_skills=known, plan_falsifiers=self.plan_falsifiers)
        data["commitments"] = data["commitments"][: max(self.max_commitments, 1)]
        return Plan.from_data(data, source="llm-planner"), fixes
