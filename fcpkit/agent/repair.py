"""Scope-aware repair Gamma (paper section 5.3): revise the smallest part a falsifier implicates.

The completed prefix ``(c_1 .. c_{i-1})`` is never touched. By diagnosed scope:

* ``execution`` keeps ``c_i`` and revises the immediate action or path: the offending action is
  returned as ``rejected_action`` (the executor must not propose it again at once) with a hint;
* ``skill`` keeps the subgoal ``g_i`` but switches the skill (to another retrieved skill when
  there is one) and updates its evidence: the falsifier that fired is dropped (after a redesign it
  stays true for good), the new skill's progress evidence and skill falsifiers come in;
* ``planning`` rewrites ``c_i`` and the affected suffix (:class:`LLMRepairer`) or, without a
  model, marks the plan for replanning (``replan=True``: the runner asks its planner for a new
  suffix, or parks the run when it has none).

Recovery depth is decided separately from scope: ``resume`` where the browser is, or
``backtrack`` to the last known safe state (the URL recorded when the previous commitment
advanced). Backtracking is chosen when the page itself is off track (a post-action falsifier or
an error page) and a safe URL different from the current one is known.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Protocol, Sequence, runtime_checkable

from fcpkit.core.falsifiers import OFF_PAGE_RULES
from fcpkit.core.plan import SCOPES, Commitment, Plan
from fcpkit.agent.planner import SkillRecord, render_failures, sanitize_plan_data, task_variables
from fcpkit.core.testers import CheckResult
from fcpkit.core.trajectory import Action, Observation, serialize_observation
from fcpkit.core.verify import Verdict

__all__ = [
    "DEPTHS",
    "RepairRequest",
    "RepairResult",
    "Repairer",
    "DeterministicRepairer",
    "LLMRepairer",
    "choose_depth",
]

DEPTHS = ("resume", "backtrack")
#: Rules after which the page is broken, not just unhelpful.
_PAGE_BROKEN_RULES = frozenset({"error_page", "action_error"}) | OFF_PAGE_RULES


@dataclass(frozen=True)
class RepairRequest:
    """Everything Gamma gets: the plan and active index, the diagnosis u_t, the recent
    trajectory, the current page, the offending action, retrieved skills and failure cases."""

    plan: Plan
    index: int
    scope: str
    diagnosis: str
    phase: str  # "pre": the action was rejected before it ran; "post": the page after it is off
    result: CheckResult | None = None
    verdict: Verdict | None = None
    action: Action | None = None
    observation: Observation | None = None
    history: Sequence[tuple[Action, Observation]] = ()
    skills: Sequence[SkillRecord] = ()
    failures: Sequence[Any] = ()
    safe_url: str | None = None
    step: int = 0

    @property
    def commitment(self) -> Commitment:
        return self.plan.commitments[self.index]

    @property
    def evidence(self) -> str | None:
        """The falsifying statement that fired (the diagnosis' pattern), if the fast path named one."""
        return self.result.evidence if self.result is not None else None


@dataclass(frozen=True)
class RepairResult:
    """What a repair decided. ``plan`` keeps ``plan.commitments[:index]`` unchanged."""

    scope: str
    depth: str
    plan: Plan
    index: int
    strategy: str
    reason: str
    rejected_action: Action | None = None
    hint: str | None = None
    backtrack_url: str | None = None
    replan: bool = False
    repairer: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "scope": self.scope, "depth": self.depth, "strategy": self.strategy, "reason": self.reason,
            "index": self.index, "commitment": self.plan.commitments[self.index].id if self.index < len(self.plan) else None,
            "rejected_action": self.rejected_action.command if self.rejected_action else None,
            "hint": self.hint, "backtrack_url": self.backtrack_url, "replan": self.replan,
            "repairer": self.repairer, "plan_ids": [c.id for c in self.plan.commitments], **dict(self.extra),
        }


@runtime_checkable
class Repairer(Protocol):
    name: str

    def repair(self, request: RepairRequest) -> RepairResult: ...


def choose_depth(request: RepairRequest) -> tuple[str, str | None]:
    """Recovery depth from state severity: backtrack when the page itself went off track."""
    url = request.safe_url
    here = request.observation.url if request.observation is not None else None
    if request.phase != "post" or not url or url == here:
        return "resume", None
    r = request.result
    page_off = r is not None and (
        r.rule in _PAGE_BROKEN_RULES or (r.rule is None and r.evidence is not None and r.alpha_minus >= r.alpha_plus)
    )
    if page_off or request.scope in ("skill", "planning"):
        return "backtrack", url
    return "resume", None


def _describe(action: Action | None) -> str:
    if action is None:
        return "the last action"
    return f"{action.command}" + (f" on {action.target}" if action.target else "")


def _with_commitment(plan: Plan, index: int, new: Commitment) -> Plan:
    cs = list(plan.commitments)
    cs[index] = new
    return replace(plan, commitments=tuple(cs))


def _bump(c: Commitment, key: str, value: Any) -> dict[str, Any]:
    extra = dict(c.extra)
    hist = list(extra.get(key, []))
    if value is not None and value not in hist:
        hist.append(value)
    extra[key] = hist
    return extra


def _similarity(a: str, b: str) -> float:
    from fcpkit.core.text import tokenize

    ta, tb = set(tokenize(a)), set(tokenize(b))
    return len(ta & tb) / len(ta | tb) if ta and tb else 0.0


class DeterministicRepairer:
    """Gamma without a model: the scope decides, the page decides the depth.

    ``variables`` fill skill templates on a skill switch (default: read off the task).
    """

    name = "deterministic"

    def __init__(self, variables: Mapping[str, Any] | None = None):
        self.variables = dict(variables or {})

    def repair(self, request: RepairRequest) -> RepairResult:
        scope = request.scope if request.scope in SCOPES else "execution"
        depth, url = choose_depth(request)
        if scope == "skill":
            return self._switch_skill(request, depth, url)
        if scope == "planning":
            c = request.commitment
            return RepairResult(
                "planning", depth, request.plan, request.index, "replan",
                f"planning-level falsifier on {c.id!r}: {request.diagnosis}; the commitment and its suffix need replanning",
                rejected_action=request.action, backtrack_url=url, replan=True, repairer=self.name,
                hint=f"The subgoal '{c.subgoal}' no longer holds ({request.diagnosis}).",
            )
        return self._local(request, depth, url)

    def _local(self, request: RepairRequest, depth: str, url: str | None) -> RepairResult:
        c = request.commitment
        what = _describe(request.action)
        where = "before it ran" if request.phase == "pre" else "after it ran"
        hint = (f"Do not repeat {what}: it was rejected {where} ({request.diagnosis}). "
                f"Choose a different element or path for: {c.subgoal}.")
        if depth == "backtrack":
            hint += f" The browser was taken back to {url}."
        return RepairResult(
            "execution", depth, request.plan, request.index, "backtrack" if depth == "backtrack" else "local_repair",
            f"execution-level: {request.diagnosis}", rejected_action=request.action, hint=hint,
            backtrack_url=url, repairer=self.name,
        )

    def _switch_skill(self, request: RepairRequest, depth: str, url: str | None) -> RepairResult:
        c = request.commitment
        tried = set(c.extra.get("previous_skills", [])) | ({c.skill} if c.skill else set())
        candidates = [s for s in request.skills if s.name not in tried]
        candidates.sort(key=lambda s: -_similarity(c.subgoal, f"{s.name} {s.subgoal} {' '.join(s.keywords)} {s.applicability}"))
        fired = request.evidence
        data = c.to_data()
        falsify = {s: [e for e in data.get("falsify", {}).get(s, []) if (e["text"] if isinstance(e, dict) else e) != fired]
                   for s in SCOPES}
        confirm = dict(data.get("confirm", {}))
        new_skill: str | None = None
        if candidates:
            rec = candidates[0]
            new_skill = rec.name
            vars_ = {**task_variables(request.plan.task), **self.variables}
            try:
                tmpl = rec.instantiate(vars_)
            except Exception:  # noqa: BLE001 - a template we cannot fill only loses its evidence
                tmpl = None
            if tmpl is not None:
                prog = [e.to_data() for e in tmpl.confirm.get("progress", ())]
                if prog:
                    confirm["progress"] = prog
                if not confirm.get("completion"):
                    confirm["completion"] = [e.to_data() for e in tmpl.confirm.get("completion", ())]
                falsify["skill"] = [e.to_data() for e in tmpl.falsify.get("skill", ()) if e.text != fired]
        extra = _bump(c, "previous_skills", c.skill)
        extra["repairs"] = int(c.extra.get("repairs", 0)) + 1
        new = Commitment(
            c.id, c.subgoal, skill=new_skill, confidence=max(0.0, round(float(c.confidence) - 0.1, 3)),
            confirm={k: v for k, v in confirm.items() if v}, falsify={k: v for k, v in falsify.items() if v},
            extra=extra,
        )
        if new_skill:
            hint = f"The skill {c.skill!r} does not fit this page ({request.diagnosis}); use skill {new_skill!r} for: {c.subgoal}."
            strategy = "switch_skill"
        else:
            hint = (f"The procedure {c.skill or '(unnamed)'} does not fit this page ({request.diagnosis}); "
                    f"find another way to: {c.subgoal}.")
            strategy = "drop_skill"
        return RepairResult(
            "skill", depth, _with_commitment(request.plan, request.index, new), request.index, strategy,
            f"skill-level: {request.diagnosis}", rejected_action=request.action, hint=hint, backtrack_url=url,
            repairer=self.name, extra={"new_skill": new_skill, "old_skill": c.skill},
        )


class LLMRepairer:
    """Gamma on an LLM (template ``repairer``), grounded by the same rules as the deterministic one.

    The model proposes scope, strategy, backtrack and revised commitments; the result keeps the
    completed prefix, keeps the active subgoal on a skill-scope repair, re-validates commitments
    (sanitised like a planner's), and falls back to :class:`DeterministicRepairer` when the
    model fails (``LLMError``) or its commitments cannot be used. ``trust_scope=False`` keeps the
    verifier's diagnosed scope instead of the model's.
    """

    name = "llm"
    module = "repairer"

    def __init__(self, client: Any, *, fallback: Repairer | None = None, history: int = 4,
                 max_observation_chars: int = 2500, trust_scope: bool = True, prompt: str = "repairer"):
        self.client = client
        self.fallback = fallback or DeterministicRepairer()
        self.history = history
        self.max_observation_chars = max_observation_chars
        self.trust_scope = trust_scope
        self.prompt = prompt
        self.fallbacks: list[str] = []

    def messages(self, request: RepairRequest) -> list[dict[str, str]]:
        from fcpkit.llm.templates import default_library, fence_page

        done = [c.id for c in request.plan.commitments[: request.index]]
        traj = "\n".join(
            f"- {a.command}" + (f" [{a.target}]" if a.target else "") + f" -> {o.title or o.url}"
            for a, o in list(request.history)[-self.history:]
        ) or "(none)"
        if request.action is not None:
            traj += f"\nOffending action ({'rejected before it ran' if request.phase == 'pre' else 'already ran'}): {_describe(request.action)}"
        page = serialize_observation(request.observation)[: self.max_observation_chars] if request.observation else "(unknown)"
        page = fence_page(page)
        plan = {"completed": done, "commitments": [c.to_data() for c in request.plan.commitments]}
        return default_library().messages(
            self.prompt, task=request.plan.task, plan=json.dumps(plan, ensure_ascii=False, indent=1),
            active_commitment=request.commitment.id, scope=request.scope, diagnosis=request.diagnosis,
            trajectory=traj, observation=page, failure_cases=render_failures(request.failures),
        )

    def repair(self, request: RepairRequest) -> RepairResult:
        from fcpkit.errors import LLMError
        from fcpkit.llm.schemas import REPAIRER_SCHEMA

        try:
            ans = self.client.complete_json(self.module, self.messages(request), schema=REPAIRER_SCHEMA)
        except LLMError as err:
            return self._fallback(request, f"repairer LLM failed ({err.kind}): {err}")
        scope = ans["scope"] if self.trust_scope else (request.scope if request.scope in SCOPES else ans["scope"])
        req = replace(request, scope=scope)
        depth, url = choose_depth(req)
        if (ans.get("backtrack") or ans.get("strategy") == "backtrack") and request.safe_url:
            depth, url = "backtrack", request.safe_url
        guidance = ans.get("guidance") or None
        c = request.commitment
        if scope == "execution" or not ans.get("commitments"):
            if scope != "execution":
                # a skill/planning repair without commitments: let the deterministic rules do it
                base = self.fallback.repair(req)
                return replace(base, hint=guidance or base.hint, repairer=self.name,
                               extra={**dict(base.extra), "llm_strategy": ans.get("strategy"), "note": "no commitments from the model"})
            hint = guidance or DeterministicRepairer()._local(req, depth, url).hint
            return RepairResult("execution", depth, request.plan, request.index, ans.get("strategy", "local_repair"),
                                f"execution-level: {request.diagnosis}", rejected_action=request.action, hint=hint,
                                backtrack_url=url, repairer=self.name)
        data, fixes = sanitize_plan_data(request.plan.task, {"commitments": ans["commitments"]})
        new = data["commitments"]
        if not new:
            return self._fallback(request, "the model's commitments were all invalid: " + "; ".join(fixes))
        prefix = list(request.plan.commitments[: request.index])
        if scope == "skill":
            new = [dict(new[0], id=c.id, subgoal=c.subgoal)]  # the subgoal stays; only skill/evidence change
            suffix = [x.to_data() for x in request.plan.commitments[request.index + 1:]]
        else:
            suffix = []
        taken = {x.id for x in prefix}
        rebuilt = []
        for item in new + suffix:
            cid = item["id"]
            n = 2
            while cid in taken:
                cid = f"{item['id']}-{n}"
                n += 1
            taken.add(cid)
            rebuilt.append(dict(item, id=cid))
        try:
            plan = Plan.from_data({**request.plan.to_data(), "commitments": [x.to_data() for x in prefix] + rebuilt},
                                  source="llm-repairer")
        except Exception as err:  # noqa: BLE001 - PlanError: fall back rather than crash the run
            return self._fallback(request, f"the model's revision is not a valid plan: {err}")
        return RepairResult(
            scope, depth, plan, request.index, ans.get("strategy", "rewrite_commitment" if scope == "planning" else "switch_skill"),
            f"{scope}-level: {request.diagnosis}", rejected_action=request.action, hint=guidance,
            backtrack_url=url, repairer=self.name, extra={"fixes": fixes} if fixes else {},
        )

    def _fallback(self, request: RepairRequest, why: str) -> RepairResult:
        self.fallbacks.append(why)
        base = self.fallback.repair(request)
        return replace(base, repairer=f"{self.name}-fallback({base.repairer})", extra={**dict(base.extra), "fallback": why})
