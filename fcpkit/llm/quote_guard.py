"""A repair must quote the page: the check that keeps a small judge from inventing contradictions.

Measured on the verifier benchmark, small embedded judges lean to *repair*: on healthy pages they
answer that "another record is open" while naming the very record the task asks for. The
``verifier_quoted`` prompt asks, before the decision, for ``quote``: the exact text on the page
(or in the proposed action) that contradicts the commitment. :func:`unsupported_repair` then
checks the quote deterministically; a repair whose quote is

* empty,
* not on the page nor in the action (the model made it up or copied it from elsewhere), or
* wholly contained in the task or in the commitment's own confirming statements (what the plan
  expects to see cannot be what contradicts it)

is not kept (the verifier reads it as *continue* and says why). What a repair can still not
quote is an absence (a control that is not there); those are the fast path's to catch (its
missing-control falsifiers and rules), and the judge's repair on them is lost with this guard.
"""

from __future__ import annotations

import re

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


def _expected(request: VerifyRequest) -> list[str]:
    texts = [request.plan.task]
    for items in request.commitment.confirm.values():
        texts += [getattr(e, "text", e) for e in items]
    return [_norm(str(t)) for t in texts]


def unsupported_repair(quote: object, request: VerifyRequest) -> str | None:
    """Why a repair citing ``quote`` is not kept (None: the quote supports a repair)."""
    q = _norm(quote if isinstance(quote, str) else "")
    if len(q) < 3:
        return "it quotes nothing from the page"
    seen = _norm(serialize_observation(request.observation)) if request.observation is not None else ""
    if request.action is not None:
        seen += " " + _norm(request.action.describe())
    if q not in seen:
        return f"its quote {quote!r} is not on the page"
    if any(q in t for t in _expected(request)):
        return f"its quote {quote!r} is what the task or the commitment expects"
    return None
