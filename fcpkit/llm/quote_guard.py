"""A repair must quote the page: the check that keeps a small judge from inventing contradictions.

Measured on the verifier benchmark, small embedded judges lean to *repair*: on healthy pages they
answer that "another record is open" while naming the very record the task asks for. The
``verifier_quoted`` prompt asks, before the decision, for ``quote``: the exact text on the page
(or in the proposed action) that contradicts the commitment. :func:`unsupported_repair` then
checks the quote deterministically; a repair whose quote is

* empty,
* not on the page nor in the action (the model made it up or copied it from elsewhere), or
* on the page only in what a user wrote (a comment, a complaint, a record's title line:
  :mod:`fcpkit.core.page.provenance`): a user's words never raise a finding in the application's
  voice, or
* wholly contained in the task or in the commitment's own confirming statements (what the plan
  expects to see cannot be what contradicts it), or
* not a contradiction of a kind the prompt names. A quote contradicts when it names a record the
  task and the commitment do not (an id of any common shape), says something went wrong (a
  negation, or a phrase of the built-in falsifiers' refusal, error, sign-in, missing-record or
  empty-list families, :data:`fcpkit.core.page_facts.FAMILIES`), or is a message the application
  shows (the text of a status or alert region: "a message about a different change"). A page
  title such as "Ticket T-390 · HelpDesk" quoted against a task about T-390, or "Expense reports ·
  Workbench" on the list the step is meant to search, says the agent is where it should be.
  Capitalised words are not read as another person's or thing's name: web pages write their
  labels in Title Case ("My Leave Requests"), so a name would let any label through; a wrong name
  is the fast path's to catch (whole-name entities, :mod:`fcpkit.matching.lexical.entities`)

is not kept (the verifier reads it as *continue* and says why). What a repair can still not
quote is an absence (a control that is not there); those are the fast path's to catch (its
missing-control falsifiers and rules), and the judge's repair on them is lost with this guard.
"""

from __future__ import annotations

import re

from fcpkit.core.page import Page, app_view, id_names
from fcpkit.core.page_facts import page_facts
from fcpkit.core.phrases import contrary
from fcpkit.core.trajectory import serialize_observation
from fcpkit.core.verify import VerifyRequest

__all__ = ["VERIFIER_QUOTED_SCHEMA", "unsupported_repair"]

#: The quote first (what the page says), then the decision: llama.cpp's grammar keeps this order.
VERIFIER_QUOTED_SCHEMA: dict = {
    "type": "object",
    "properties": {
        "quote": {"type": "string", "maxLength": 160},
        "reasoning": {"type": "string", "maxLength": 200},
        "decision": {"type": "string", "enum": ["continue", "advance", "repair"]},
        "scope": {"type": "string", "enum": ["none", "execution", "skill", "planning"]},
    },
    "required": ["quote", "reasoning", "decision", "scope"],
    "additionalProperties": False,
}

_WS = re.compile(r"\s+")
_EDGE = re.compile(r"^[\s\"'`.,:;!?()\[\]]+|[\s\"'`.,:;!?()\[\]]+$")


def _norm(text: str) -> str:
    return _WS.sub(" ", _EDGE.sub("", text or "")).strip().casefold()


def _expected_raw(request: VerifyRequest) -> list[str]:
    texts = [request.plan.task]
    for items in request.commitment.confirm.values():
        texts += [getattr(e, "text", e) for e in items]
    return [str(t) for t in texts]


def _expected(request: VerifyRequest) -> list[str]:
    return [_norm(t) for t in _expected_raw(request)]


def _contradicts(raw: str, request: VerifyRequest) -> bool:
    """Whether ``raw`` (on the page, not what the plan expects) is a contradiction of a named kind."""
    if contrary(raw):  # a negation, or a phrase of the built-in falsifiers' families
        return True
    expected = " ".join([*_expected_raw(request), request.commitment.subgoal])
    if set(id_names(raw)) - set(id_names(expected)):
        return True
    q, obs = _norm(raw), request.observation
    return obs is not None and any(q in m or m in q for m in map(_norm, page_facts(obs).messages) if len(m) > 2)


def _shown(request: VerifyRequest) -> str:
    """The page as the prompt shows it: the serialised page, the action, and the "title (url)" line."""
    obs = request.observation
    seen = ""
    if obs is not None:
        seen = serialize_observation(obs) + f"\n{obs.title or ''} ({obs.url})"
    if request.action is not None:
        seen += "\n" + request.action.describe()
    return _norm(seen)


def _app_shown(request: VerifyRequest) -> str:
    """What the application shows of it (:func:`fcpkit.core.page.app_view`: without what users wrote),
    with the "title (url)" line and the action."""
    obs = request.observation
    seen = ""
    if obs is not None:
        seen = app_view(Page.of(obs)).body + f"\n{obs.title or ''} ({obs.url})"
    if request.action is not None:
        seen += "\n" + request.action.describe()
    return _norm(seen)


def unsupported_repair(quote: object, request: VerifyRequest) -> str | None:
    """Why a repair citing ``quote`` is not kept (None: the quote supports a repair)."""
    raw = quote if isinstance(quote, str) else ""
    q = _norm(raw)
    if len(q) < 3:
        return "it quotes nothing from the page"
    if q not in _shown(request):
        return f"its quote {quote!r} is not on the page"
    if q not in _app_shown(request):
        return f"its quote {quote!r} is what a user wrote, not what the application says"
    if any(q in t for t in _expected(request)):
        return f"its quote {quote!r} is what the task or the commitment expects"
    if not _contradicts(raw, request):
        return (f"its quote {quote!r} names no record but the task's, nothing that goes wrong, and no message "
                "of the application")
    return None
