"""Verifier precedence: what a slow verifier may and may not overrule.

The fast path's hard findings are evidence, not cues: a hard rule that fired (an action error,
an error page, an unchanged page after a save ...) or a falsifier past its gate (the ``risk``
route) says the commitment is contradicted. A verifier (an LLM above all, which page text can
talk into anything) may lift such a finding only by naming the evidence that contradicts it and
explaining it: ``Verdict.contradicting`` must quote text the *application* shows on the page
(:mod:`fcpkit.core.page.provenance`: not a product name or a comment a user wrote, not the falsifier
itself), and ``Verdict.diagnosis`` must say why. A bare *continue* or *advance* is turned into a
*repair* at the finding's scope, and the change is said in the diagnosis.
"""

from __future__ import annotations

import re
from dataclasses import replace

from fcpkit.core.page import DEFAULT_POLICY, Page, ProvenancePolicy, app_view
from fcpkit.core.router import Route
from fcpkit.core.testers import CheckResult
from fcpkit.core.trajectory import Action, Observation
from fcpkit.core.verify import HARD_RULES, Decision, Verdict

__all__ = ["binding_finding", "uphold", "MIN_CITATION_CHARS", "MIN_EXPLANATION_WORDS"]

#: a citation shorter than this (a lone "OK", "T-390") proves nothing about the page
MIN_CITATION_CHARS = 8
#: an explanation shorter than this many words is not one
MIN_EXPLANATION_WORDS = 5


def binding_finding(result: CheckResult, hard_rules: frozenset[str] = HARD_RULES) -> str | None:
    """Why the fast path's finding binds a verifier (``None`` when it does not)."""
    if result.rule in hard_rules:
        return f"hard rule {result.rule}" + (f" ({result.rule_detail})" if result.rule_detail else "")
    if result.route is Route.RISK:
        return f"falsifier {result.evidence!r} past its gate" if result.evidence else "a falsifier past its gate"
    return None


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[\"'`]", " ", text or "").casefold().split())


def _cited(verdict: Verdict, result: CheckResult, observation: Observation | None, action: Action | None,
           policy: ProvenancePolicy) -> str | None:
    """Why the verdict's citation does not lift the finding (``None``: it does)."""
    quote = _norm(verdict.contradicting or "")
    if len(quote) < MIN_CITATION_CHARS:
        return "names no contradicting evidence"
    if result.evidence and (quote in _norm(result.evidence) or _norm(result.evidence) in quote):
        return "cites the falsifier itself"
    if len((verdict.diagnosis or "").split()) < MIN_EXPLANATION_WORDS:
        return "does not explain its evidence"
    shown = []
    if observation is not None:
        shown += [observation.url, observation.title, app_view(Page.of(observation), policy).body]
    if action is not None and result.phase == "pre":
        shown += [action.command, action.target or ""]
    if quote not in _norm("\n".join(shown)):
        return "cites text the application does not show"
    return None


def uphold(
    result: CheckResult,
    verdict: Verdict,
    *,
    observation: Observation | None = None,
    action: Action | None = None,
    hard_rules: frozenset[str] = HARD_RULES,
    policy: ProvenancePolicy = DEFAULT_POLICY,
) -> Verdict:
    """``verdict``, unless it lifts a binding finding without naming and explaining the evidence."""
    finding = binding_finding(result, hard_rules)
    if finding is None or verdict.decision is Decision.REPAIR:
        return verdict
    why = _cited(verdict, result, observation, action, policy)
    if why is None:
        note = f" [lifts {finding}: cites {verdict.contradicting!r}]"
        return replace(verdict, diagnosis=(verdict.diagnosis or "") + note)
    said = f"{verdict.decision.value}: {verdict.diagnosis}" if verdict.diagnosis else verdict.decision.value
    return Verdict(Decision.REPAIR, result.scope or "execution",
                   f"{finding} stands: the verifier's answer ({said}) {why}", f"{verdict.verifier}+precedence")
