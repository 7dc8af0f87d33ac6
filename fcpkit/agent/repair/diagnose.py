"""What went wrong, in terms a repair strategy acts on: the *cause* of a falsification.

The testers say *that* a commitment is falsified and by which rule or statement; a strategy needs
to know *why*: signed out, a dialog in the way, a page that has not arrived, a filter nobody asked
for, another record, a click without effect, a refusal, a control that is gone (or replaced by one that does another
act, :mod:`fcpkit.core.control_acts`). :func:`diagnose`
reads the rule first (the built-in rules of :mod:`fcpkit.core.falsifiers` and the anomaly rules),
then the page itself (a sign-in form, a modal dialog, a list narrowed by a filter the task does not
ask for: when the plan's own falsifier fired, the built-in that saw the filter deferred to it), then the wording of the evidence (the
multilingual phrase families of :mod:`fcpkit.core.phrases`), so a plan's own falsifier ("Your
session has expired") and the built-in rule reach the same cause.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fcpkit.core.control_acts import expected_acts, offers_act
from fcpkit.core.falsifiers import TaskContext, unrequested_narrowing
from fcpkit.core.page import Page
from fcpkit.core.phrases import MISSING, PASSWORD, REFUSED, SIGN_IN, SIGNED_OUT, compile_family
from fcpkit.core.trajectory import Observation
from fcpkit.agent.repair.base import RepairRequest

__all__ = ["CAUSES", "UNREPAIRABLE", "Diagnosis", "diagnose", "sign_in_form", "modal_dialog"]

#: Every cause a diagnosis can name.
CAUSES = ("signed_out", "dialog", "slow", "constraint", "wrong_record", "foreign_message", "noop", "unconfirmed_write",
          "refused",
          "control_gone", "skill_mismatch", "plan_broken", "other")
#: Causes no retry can fix on its own: the run stops honestly unless a skill or path switch exists.
UNREPAIRABLE = frozenset({"refused", "control_gone"})

_SIGN_IN = compile_family(SIGN_IN)
_PASSWORD = compile_family(PASSWORD)
_SIGNED_OUT = compile_family(SIGNED_OUT)
_REFUSED = compile_family(REFUSED)
_MISSING = compile_family(MISSING)
_GONE = re.compile(r"\b(?:is|are) (?:not|no longer) available\b|\bno longer available\b|\b410\b|\baction unavailable\b",
                   re.IGNORECASE)
_TIMEOUT = re.compile(r"\btime(?:d)?\s?out\b|\btimeout\b|\bnet::ERR_|\bstill loading\b", re.IGNORECASE)
_RULE_CAUSE = {
    "lost_session": "signed_out", "unexpected_dialog": "dialog", "unrequested_constraint": "constraint",
    "wrong_record": "wrong_record", "foreign_message": "foreign_message", "report_contradicted": "foreign_message",
    "refused": "refused", "missing_page": "control_gone", "unchanged_page": "noop",
    "reported_unconfirmed_write": "unconfirmed_write", "unconfirmed_write": "unconfirmed_write",
    "repeated_submit": "slow",  # the application is still working on the first press: wait for it
    "left_unsaved": "noop",  # what the agent set was never sent: the step is still to be done
    "mistyped_value": "noop",  # the number typed is not the task's: the step is still to be done
}


@dataclass(frozen=True)
class Diagnosis:
    """The cause and the evidence it was read from (a rule's detail, a statement, a page element)."""

    cause: str
    evidence: str

    def to_dict(self) -> dict[str, str]:
        return {"cause": self.cause, "evidence": self.evidence}


def _any(patterns, text: str) -> bool:
    return any(p.search(text) for p in patterns)


def sign_in_form(obs: Observation | None) -> bool:
    """A sign-in form on the page: a password field and a sign-in heading or button."""
    if obs is None:
        return False
    ns = Page.of(obs).nodes
    has_pw = any(n.role == "textbox" and _any(_PASSWORD, n.name) for n in ns)
    return has_pw and any(n.role in ("heading", "button") and _any(_SIGN_IN, n.name) for n in ns)


def modal_dialog(obs: Observation | None) -> str | None:
    """The name of a modal dialog covering the page, if one does."""
    if obs is None:
        return None
    for n in Page.of(obs).nodes:
        if n.role in ("dialog", "alertdialog"):
            return n.name or "dialog"
    return None


def diagnose(request: RepairRequest) -> Diagnosis:
    """The cause of ``request``'s falsification, and the evidence that names it."""
    r = request.result
    rule = r.rule if r is not None else None
    evidence = (r.evidence if r is not None else None) or request.diagnosis or (rule or "")
    text = " ".join(x for x in (request.diagnosis, r.evidence if r is not None else None) if x)
    obs = request.observation
    if rule == "lost_session" or sign_in_form(obs) or _any(_SIGNED_OUT, text):
        return Diagnosis("signed_out", evidence)
    dialog = modal_dialog(obs)
    if rule == "unexpected_dialog" or (dialog and (request.phase == "post" or rule == "act_mismatch")):
        return Diagnosis("dialog", f"a dialog covers the page: {dialog or evidence!r}")
    if rule == "act_mismatch":  # the pressed control does another act: is there one that does the step's?
        other = offers_act(obs, expected_acts(request.commitment)[0])
        if other is None:
            return Diagnosis("control_gone", f"no control on the page performs this step's act: {evidence}")
        return Diagnosis("other", f"{evidence}; the page offers {other!r}")
    narrowed = unrequested_narrowing(TaskContext.from_plan(request.plan), obs, request.index) \
        if rule is None and obs is not None and request.phase == "post" else None
    if narrowed:
        return Diagnosis("constraint", f"{evidence}: {narrowed}")
    if rule == "action_error" and _TIMEOUT.search(text):
        return Diagnosis("slow", evidence)
    if rule in _RULE_CAUSE and rule not in ("unchanged_page", "missing_page"):
        return Diagnosis(_RULE_CAUSE[rule], evidence)
    if rule == "error_page":
        if _any(_REFUSED, text):
            return Diagnosis("refused", evidence)
        return Diagnosis("control_gone", evidence)
    if rule == "missing_page" or _GONE.search(text) or (rule is None and _any(_MISSING, text)):
        return Diagnosis("control_gone", evidence)
    if _any(_REFUSED, text):
        return Diagnosis("refused", evidence)
    if rule == "unchanged_page":
        return Diagnosis("noop", evidence)
    if request.scope == "skill":
        return Diagnosis("skill_mismatch", evidence)
    if request.scope == "planning":
        return Diagnosis("plan_broken", evidence)
    return Diagnosis("other", evidence)
