"""Verifier precedence: what a slow verifier may and may not overrule.

The fast path's hard findings are evidence, not cues: a hard rule that fired (an action error,
an error page, an unchanged page after a save ...) or a falsifier past its gate (the ``risk``
route) says the commitment is contradicted. A verifier (an LLM above all, which page text can
talk into anything) may lift such a finding only by naming the evidence that contradicts it and
explaining it: ``Verdict.contradicting`` must quote text the *application* shows on the page
(:mod:`fcpkit.core.page.provenance`: not a product name or a comment a user wrote, not the falsifier
itself), and ``Verdict.diagnosis`` must say why. A bare *continue* or *advance* is turned into a
*repair* at the finding's scope, and the change is said in the diagnosis.

Application text is not enough: the quote must **contradict the falsifier** it lifts
(:func:`contradicts`). It names another record of the kind the falsifier names ("Showing ticket
T-390" against "Ticket T-411 is open"), or it speaks of the falsifier's topic with the opposite
polarity ("Payment received" against "Payment failed"). A quote that names the falsifier's record
as the falsifier does supports it: the page title "Ticket T-411 · Workbench" on a run that opened
the wrong ticket confirms "Ticket T-411 is open", however confidently a model cites it. And some
findings no quote lifts (:data:`NEVER_LIFTED`): another record's page (``wrong_record``) and a
lost session (``lost_session``) are what the page *is*, read from its identity, and a line of the
same page cannot make it another page.
"""

from __future__ import annotations

import re
from dataclasses import replace

from fcpkit.core.page import DEFAULT_POLICY, Page, ProvenancePolicy, app_view, record_ids
from fcpkit.core.phrases import contrary
from fcpkit.core.router import Route
from fcpkit.core.testers import CheckResult
from fcpkit.core.trajectory import Action, Observation
from fcpkit.core.verify import HARD_RULES, Decision, Verdict

__all__ = ["binding_finding", "uphold", "contradicts", "MIN_CITATION_CHARS", "MIN_EXPLANATION_WORDS", "NEVER_LIFTED"]

#: a citation shorter than this (a lone "OK", "T-390") proves nothing about the page
MIN_CITATION_CHARS = 8
#: an explanation shorter than this many words is not one
MIN_EXPLANATION_WORDS = 5
#: findings about what the page is (another record's, a signed-out page), which no quote of it lifts
NEVER_LIFTED = frozenset({"wrong_record", "lost_session"})
#: words too common to make two lines speak of one topic
_COMMON = frozenset("the and for with this that from your you are was has have been page shows shown here there "
                    "will can its any all one per into onto out off".split())


def binding_finding(result: CheckResult, hard_rules: frozenset[str] = HARD_RULES) -> str | None:
    """Why the fast path's finding binds a verifier (``None`` when it does not)."""
    if result.rule in hard_rules:
        return f"hard rule {result.rule}" + (f" ({result.rule_detail})" if result.rule_detail else "")
    if result.route is Route.RISK:
        return f"falsifier {result.evidence!r} past its gate" if result.evidence else "a falsifier past its gate"
    return None


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[\"'`]", " ", text or "").casefold().split())


def _topic(text: str) -> frozenset[str]:
    return frozenset(w for w in re.findall(r"[^\W\d_]{3,}", text.casefold()) if w not in _COMMON)


def contradicts(quote: str, falsifier: str) -> str | None:
    """Why ``quote`` does not contradict ``falsifier`` (``None``: it does; module docstring)."""
    named = record_ids(falsifier)
    ids = {r.id for r in named}
    kinds = {r.kind for r in named}
    quoted = record_ids(quote)
    polarity_differs = contrary(quote) != contrary(falsifier)
    same = sorted(ids & {r.id for r in quoted})
    if same and not polarity_differs:
        return f"supports the falsifier: it names {', '.join(same)} as the falsifier does"
    if any(r.kind in kinds and r.id not in ids for r in quoted):
        return None  # another record of the falsifier's kind
    if polarity_differs and _topic(quote) & _topic(falsifier):
        return None  # the falsifier's topic, the other way round
    return "does not contradict the falsifier"


def _cited(verdict: Verdict, result: CheckResult, observation: Observation | None, action: Action | None,
           policy: ProvenancePolicy) -> str | None:
    """Why the verdict's citation does not lift the finding (``None``: it does)."""
    if result.rule in NEVER_LIFTED:
        return f"cannot lift it: a {result.rule} finding is what the page is, and no line of it says otherwise"
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
    if result.evidence:
        why = contradicts(verdict.contradicting or "", result.evidence)
        if why:
            return f"cites {verdict.contradicting!r}, which {why}"
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
