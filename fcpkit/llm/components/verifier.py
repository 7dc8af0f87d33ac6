"""The slow verifier Omega on an LLM (paper section 5.2, "LLM-based diagnostic verification").

:class:`LLMVerifier` implements :class:`fcpkit.core.verify.Verifier`. For an escalated case it
shows the model the task, the active commitment, the recent trajectory, what is being checked
(the proposed action before it runs, or the page after it) and the fast tester's route and
scores, and returns continue / advance / repair with a diagnosis (the falsifying pattern and its
scope). The fast scores are routing cues, not decisions, with two guard rails:

* an action is never *advanced* (completion is judged on pages): ``advance`` at ``pre`` is
  ``continue``;
* falsify-first: a page the fast path routed ``risk`` is never advanced on the model's word:
  ``advance`` there becomes ``continue`` (and the disagreement is noted in the diagnosis).

The prompt puts what is fixed first (instructions and schema), then what is fixed for a run
(task, commitment), then what changes with every call (trajectory, signal, and last the page,
fenced as untrusted data): llama.cpp's prompt cache then reuses the prefix's computation.
``hint="neutral"`` replaces the fast tester's signal by a neutral line (the verifier benchmark
runs both: a judge must read the page, not echo the hint).

A broken LLM (``LLMError`` after the client's retries) never crashes a run: the verdict falls
back to the lower bound (:class:`~fcpkit.core.verify.KeepGoingVerifier`), its ``verifier`` name
says so (``llm-fallback(keep-going)``), and the fallback is logged (``event="verifier_fallback"``)
when the verifier is bound to an evidence log.
"""

from __future__ import annotations

import json
from typing import Any

from fcpkit.core.log import EvidenceLog
from fcpkit.core.router import Route
from fcpkit.core.trajectory import Observation, serialize_observation
from fcpkit.core.verify import Decision, KeepGoingVerifier, Verdict, Verifier, VerifyRequest
from fcpkit.errors import ConfigError, FcpkitError, LLMError
from fcpkit.llm.components.base import LLMComponent
from fcpkit.llm.quote_guard import unsupported_repair
from fcpkit.llm.schemas import PROMPT_SCHEMAS, VERIFIER_SCHEMA
from fcpkit.llm.templates import fence_page

__all__ = ["LLMVerifier", "FALLBACK_PREFIX", "NEUTRAL_HINT"]

FALLBACK_PREFIX = "llm-fallback"
#: What the verifier is told instead of the fast tester's route and scores with ``hint="neutral"``.
NEUTRAL_HINT = "the fast tester could not decide this case; judge it from the page and the action alone"


def _summarize_commitment(req: VerifyRequest) -> str:
    c = req.commitment
    data = c.to_data()
    data.pop("previous_skills", None)
    return json.dumps(data, ensure_ascii=False, indent=1)


def _route_signal(req: VerifyRequest) -> str:
    r = req.result
    parts = [f"{r.route.value} (alpha+={r.alpha_plus:.2f}"]
    if r.alpha_comp is not None:
        parts.append(f", completion={r.alpha_comp:.2f}")
    parts.append(f", alpha-={r.alpha_minus:.2f})")
    s = "".join(parts)
    if r.rule:
        s += f"; anomaly rule {r.rule}: {r.rule_detail}"
    if r.evidence:
        s += f"; best falsifier [{r.scope or '?'}]: {r.evidence!r}"
    if r.confirming:
        s += f"; best confirming: {r.confirming!r}"
    return s


def _prompt_schema(prompt: str) -> dict:
    """The schema a verifier prompt template asks for (the plain verifier schema if unknown)."""
    return PROMPT_SCHEMAS.get(prompt, VERIFIER_SCHEMA)


class LLMVerifier(LLMComponent):
    """Omega on an ``LLMClient`` (``module="verifier"``, template ``verifier``, ``VERIFIER_SCHEMA``).

    Args:
        client: an :class:`~fcpkit.llm.LLMClient` (or anything with its ``complete_json``).
        fallback: the verifier used when the LLM fails (default: the lower bound).
        history: how many recent (action, page) pairs to show.
        max_page_chars: the page is cut to this many characters.
        log, run: evidence log to record fallbacks in (the runner binds its own via :meth:`bind`).
    """

    name = "llm"
    module = "verifier"
    schema = VERIFIER_SCHEMA

    def __init__(
        self,
        client: Any,
        *,
        fallback: Verifier | None = None,
        history: int = 4,
        max_page_chars: int = 2500,
        log: EvidenceLog | None = None,
        run: str = "",
        prompt: str = "verifier",
        hint: str = "fast",
        schema: dict | None = None,
    ):
        if hint not in ("fast", "neutral"):
            raise ConfigError(f"LLMVerifier(hint={hint!r}): use 'fast' (the fast tester's route and scores) or 'neutral'")
        super().__init__(client, prompt=prompt)
        self.fallback = fallback or KeepGoingVerifier()
        self.history = history
        self.max_page_chars = max_page_chars
        self.log = log
        self.run = run
        self.hint = hint
        self.schema = schema if schema is not None else _prompt_schema(prompt)
        self.calls = 0
        self.fallbacks: list[dict[str, Any]] = []

    def bind(self, log: EvidenceLog | None = None, run: str | None = None) -> None:
        """Attach an evidence log and run id (the runner calls this)."""
        if log is not None:
            self.log = log
        if run is not None:
            self.run = run

    # ----------------------------------------------------------------------------------
    def variables(self, req: VerifyRequest) -> dict[str, Any]:
        hist = list(req.history)[-self.history:]
        traj = "\n".join(
            f"{i + 1}. {a.command}" + (f" [{a.target}]" if a.target else "") + f" -> {o.title or o.url}"
            + (f" (error: {o.error})" if o.error else "")
            for i, (a, o) in enumerate(hist)
        )
        traj = fence_page(traj) if traj else "(no actions yet)"
        if req.result.phase == "pre" and req.action is not None:
            phase = "a proposed action, before it runs"
            here = req.observation
            evidence = "Proposed action:\n" + req.action.describe()
            if here is not None:
                evidence += f"\n\nOn the page: {here.title or ''} ({here.url})"
            evidence = fence_page(evidence)
        else:
            phase = "the page after the last action"
            obs: Observation | None = req.observation
            evidence = fence_page(serialize_observation(obs)[: self.max_page_chars]) if obs is not None else "(no page)"
            if req.action is not None:
                evidence = fence_page(f"Last action: {req.action.command}" + (f" [{req.action.target}]" if req.action.target else "")) \
                    + "\n\n" + evidence
        return {
            "task": req.plan.task,
            "commitment": _summarize_commitment(req),
            "trajectory": traj,
            "phase": phase,
            "evidence": evidence,
            "route": _route_signal(req) if self.hint == "fast" else NEUTRAL_HINT,
            "schema": json.dumps(self.schema, separators=(",", ":")),
        }

    def messages(self, req: VerifyRequest) -> list[dict[str, str]]:
        return self.render(**self.variables(req))

    def verify(self, request: VerifyRequest) -> Verdict:
        self.calls += 1
        try:
            ans = self.ask(self.messages(request))
        except (LLMError, FcpkitError) as err:  # PromptError/ConfigError too: never crash the run
            return self._fallback(request, err)
        decision = Decision(ans["decision"])
        scope = None if ans.get("scope") in (None, "none") else ans["scope"]
        diagnosis = str(ans.get("diagnosis") or ans.get("reasoning") or "").strip()
        r = request.result
        if decision is Decision.ADVANCE and r.phase == "pre":
            decision, diagnosis = Decision.CONTINUE, diagnosis + " [advance on an action read as continue]"
        elif decision is Decision.ADVANCE and r.route is Route.RISK:
            decision, diagnosis = Decision.CONTINUE, diagnosis + f" [not advanced: the page matches falsifier {r.evidence!r}]"
        if decision is Decision.REPAIR and "quote" in self.schema.get("properties", {}):
            why = unsupported_repair(ans.get("quote"), request)  # a repair must quote the page (quote_guard)
            if why:
                decision, diagnosis = Decision.CONTINUE, f"{diagnosis} [repair not kept: {why}]"
        if decision is Decision.REPAIR:
            scope = scope or r.scope or "execution"
            if r.evidence and r.evidence not in diagnosis:
                diagnosis = f"{diagnosis} (falsifier: {r.evidence!r})".strip()
        else:
            scope = None
        cited = ans.get("contradicting")
        return Verdict(decision, scope, diagnosis or None, self.name,
                       contradicting=cited.strip() if isinstance(cited, str) and cited.strip() else None)

    def _fallback(self, request: VerifyRequest, err: Exception) -> Verdict:
        base = self.fallback.verify(request)
        kind = getattr(err, "kind", type(err).__name__)
        rec = {"step": request.step, "phase": request.result.phase, "error_kind": kind, "error": str(err)[:500],
               "fallback": base.verifier, "decision": base.decision.value}
        self.fallbacks.append(rec)
        if self.log is not None:
            self.log.append("event", run=self.run, step=request.step, phase=request.result.phase,
                            commitment=request.commitment.id, event="verifier_fallback", **{k: v for k, v in rec.items() if k not in ("step", "phase")})
        return Verdict(base.decision, base.scope,
                       f"LLM verifier unavailable ({kind}); lower-bound decision: {base.diagnosis}",
                       f"{FALLBACK_PREFIX}({base.verifier})")
