"""Gamma on an LLM (template ``repairer``), choosing among the same named strategies as the rules.

The model proposes scope, strategy, backtrack and revised commitments. A strategy the model names
from :data:`~fcpkit.agent.repair.strategies.STRATEGY_NAMES` that acts on the page (sign in again,
dismiss, wait, clear, retry, return to the record, honest stop) is carried out by that strategy's
own code; the diagnosis still decides honest stops the model cannot overrule (a refusal, no
credentials). Revised commitments keep the completed prefix, keep the active subgoal on a
skill-scope repair and are re-validated like a planner's; the repairer falls back to the
:class:`~fcpkit.agent.repair.deterministic.DeterministicRepairer` when the model fails or its
commitments cannot be used. The model never sees a secret: the page and the trajectory it is shown
carry placeholders only.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from fcpkit.core.plan import SCOPES, Plan
from fcpkit.core.trajectory import serialize_observation
from fcpkit.errors import LLMError
from fcpkit.llm.schemas import REPAIRER_SCHEMA
from fcpkit.llm.components.base import LLMComponent
from fcpkit.llm.templates import fence_page
from fcpkit.agent.planner import render_failures, sanitize_plan_data
from fcpkit.agent.repair.base import RepairRequest, RepairResult, Repairer, choose_depth, describe_action
from fcpkit.agent.repair.deterministic import DeterministicRepairer, choose_strategy
from fcpkit.agent.repair.diagnose import diagnose
from fcpkit.agent.repair.strategies import FAMILY_OF, STRATEGY_NAMES

__all__ = ["LLMRepairer", "repairer_schema", "PAGE_STRATEGIES"]

#: strategies whose own code acts when the model picks them (no commitments needed)
PAGE_STRATEGIES = frozenset({"reauthenticate", "dismiss_dialog", "wait_and_reobserve", "clear_constraints",
                             "retry_once", "redo_write", "return_to_record", "honest_stop"})


def repairer_schema() -> dict:
    """The repairer's JSON schema with every named strategy in its ``strategy`` enum."""
    base = REPAIRER_SCHEMA["properties"]["strategy"]["enum"]
    names = list(dict.fromkeys([*STRATEGY_NAMES, *base]))
    props = dict(REPAIRER_SCHEMA["properties"], strategy={"type": "string", "enum": names})
    return dict(REPAIRER_SCHEMA, properties=props)


class LLMRepairer(LLMComponent):
    """Gamma on an LLM (module docstring), on the shared :class:`~fcpkit.llm.components.base.LLMComponent`:
    its calls are accounted under ``repairer`` and validated against :func:`repairer_schema`; the
    client's own retries and re-asks on malformed answers apply, and an :class:`~fcpkit.errors.LLMError`
    after them falls back to ``fallback`` (recorded in :attr:`fallbacks`).

    Args:
        client: anything with ``complete_json(module, messages, schema=...)`` (an ``LLMClient``).
        fallback: the repairer used when the model fails or its commitments cannot be used
            (default: the deterministic one; when it is a ``DeterministicRepairer``, its
            credentials also decide the honest stops the model cannot overrule).
        history: trajectory steps shown to the model.
        max_observation_chars: the page is cut to this many characters in the prompt.
        trust_scope: ``False`` keeps the verifier's diagnosed scope over the model's.
        prompt: the prompt template's name.
    """

    name = "llm"
    module = "repairer"
    schema = repairer_schema()

    def __init__(self, client: Any, *, fallback: Repairer | None = None, history: int = 4,
                 max_observation_chars: int = 2500, trust_scope: bool = True, prompt: str = "repairer"):
        super().__init__(client, prompt=prompt)
        self.fallback = fallback or DeterministicRepairer()
        self.history = history
        self.max_observation_chars = max_observation_chars
        self.trust_scope = trust_scope
        self.fallbacks: list[str] = []

    def messages(self, request: RepairRequest) -> list[dict[str, str]]:
        done = [c.id for c in request.plan.commitments[: request.index]]
        traj = "\n".join(
            f"- {a.command}" + (f" [{a.target}]" if a.target else "") + f" -> {o.title or o.url}"
            for a, o in list(request.history)[-self.history:]
        ) or "(none)"
        if request.action is not None:
            traj += f"\nOffending action ({'rejected before it ran' if request.phase == 'pre' else 'already ran'}): {describe_action(request.action)}"
        d = diagnose(request)
        traj += f"\nDiagnosed cause: {d.cause}. Strategies you may name: {', '.join(STRATEGY_NAMES)}."
        page = serialize_observation(request.observation)[: self.max_observation_chars] if request.observation else "(unknown)"
        page = fence_page(page)
        plan = {"completed": done, "commitments": [c.to_data() for c in request.plan.commitments]}
        return self.render(
            task=request.plan.task, plan=json.dumps(plan, ensure_ascii=False, indent=1),
            active_commitment=request.commitment.id, scope=request.scope, diagnosis=request.diagnosis,
            trajectory=traj, observation=page, failure_cases=render_failures(request.failures),
        )

    def _deterministic(self) -> DeterministicRepairer:
        return self.fallback if isinstance(self.fallback, DeterministicRepairer) else DeterministicRepairer()

    def repair(self, request: RepairRequest) -> RepairResult:
        det = self._deterministic()
        d = diagnose(request)
        rule_pick, why = choose_strategy(request, d, has_credentials=det.has_credentials(request), can_rewrite=True)
        if rule_pick == "honest_stop":  # what the diagnosis says cannot be repaired, no model overrules
            return replace(det.repair(request), repairer=self.name)
        try:
            ans = self.ask(self.messages(request))
        except LLMError as err:
            return self._fallback(request, f"repairer LLM failed ({err.kind}): {err}")
        strategy = ans.get("strategy", "local_repair")
        if strategy in PAGE_STRATEGIES:
            res = det.apply(strategy, request)
            return replace(res, repairer=self.name, hint=ans.get("guidance") or res.hint)
        scope = ans["scope"] if self.trust_scope else (request.scope if request.scope in SCOPES else ans["scope"])
        req = replace(request, scope=scope)
        depth, url = choose_depth(req)
        if (ans.get("backtrack") or strategy == "backtrack") and request.safe_url:
            depth, url = "backtrack", request.safe_url
        guidance = ans.get("guidance") or None
        if scope == "execution" or not ans.get("commitments"):
            if scope != "execution":
                base = self.fallback.repair(req)
                return replace(base, hint=guidance or base.hint, repairer=self.name,
                               extra={**dict(base.extra), "llm_strategy": strategy, "note": "no commitments from the model"})
            name = strategy if strategy in FAMILY_OF else "local_repair"
            base = det.apply("local_repair", req)
            return replace(base, depth=depth, backtrack_url=url, hint=guidance or base.hint, strategy=name,
                           family=FAMILY_OF[name], repairer=self.name)
        return self._revise(request, ans, scope, depth, url, guidance, strategy, d)

    def _revise(self, request: RepairRequest, ans: dict, scope: str, depth: str, url: str | None,
                guidance: str | None, strategy: str, d: Any) -> RepairResult:
        c = request.commitment
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
            cid, n = item["id"], 2
            while cid in taken:
                cid, n = f"{item['id']}-{n}", n + 1
            taken.add(cid)
            rebuilt.append(dict(item, id=cid))
        try:
            plan = Plan.from_data({**request.plan.to_data(), "commitments": [x.to_data() for x in prefix] + rebuilt},
                                  source="llm-repairer")
        except Exception as err:  # noqa: BLE001 - PlanError: fall back rather than crash the run
            return self._fallback(request, f"the model's revision is not a valid plan: {err}")
        name = strategy if strategy in ("rewrite_commitment", "switch_skill", "replan") else \
            ("replan" if scope == "planning" else "switch_skill")
        return RepairResult(
            scope, depth, plan, request.index, name, f"{scope}-level: {request.diagnosis}",
            rejected_action=request.action, hint=guidance, backtrack_url=url, repairer=self.name,
            extra={"fixes": fixes} if fixes else {}, family=FAMILY_OF.get(name, "replan"), cause=d.cause,
            evidence=d.evidence,
        )

    def _fallback(self, request: RepairRequest, why: str) -> RepairResult:
        self.fallbacks.append(why)
        base = self.fallback.repair(request)
        return replace(base, repairer=f"{self.name}-fallback({base.repairer})", extra={**dict(base.extra), "fallback": why})
