"""The crawl's enrichment by an LLM: one line per state and operation, through fcpkit's LLM client.

:class:`LLMDescriber` asks any OpenAI-compatible endpoint (fcpkit's embedded llama.cpp server, or
``OPENAI_BASE_URL``) with the ``engine_describer`` prompt template for ``{"description": "..."}``;
the facts it is given were read from the app's pages and are fenced as untrusted page text. An
answer the client cannot get (time-out, no valid JSON after its re-asks) is returned as a failed
:class:`~fcpkit_lab.engine.describe.Description`, never raised, so
:func:`~fcpkit_lab.engine.describe.describe_all` keeps the template line and counts the failure.
"""

from __future__ import annotations

from typing import Any

from fcpkit.errors import ConfigError, LLMError
from fcpkit.llm import LLMClient
from fcpkit_lab.llm import DEFAULT_MODEL, default_client, selected_model_name
from fcpkit.llm.templates import fence_page

from fcpkit_lab.engine.describe import MAX_LINE, Description

__all__ = ["DESCRIBE_SCHEMA", "DESCRIBERS", "LLMDescriber", "open_describer"]

#: What the model must answer: one string (its length is checked again by ``check_line``).
DESCRIBE_SCHEMA = {"type": "object", "properties": {"description": {"type": "string", "minLength": 1,
                                                                     "maxLength": MAX_LINE}},
                   "required": ["description"], "additionalProperties": False}
#: The ``--describer`` choices: the template lines, the embedded model (``embedded:MODEL`` names
#: one), or the endpoint ``OPENAI_BASE_URL`` / ``FCPKIT_LLM_MODEL`` name.
DESCRIBERS = ("template", "embedded", "embedded:MODEL", "endpoint")


class LLMDescriber:
    """A :class:`~fcpkit_lab.engine.describe.Describer` over an :class:`~fcpkit.llm.LLMClient` (any
    object with ``complete_json`` and a ``usage`` ledger)."""

    def __init__(self, client: Any, *, name: str | None = None, prompt: str = "engine_describer",
                 max_tokens: int = 96) -> None:
        self.client, self.prompt, self.max_tokens = client, prompt, max_tokens
        self.name = name or f"llm:{getattr(client, 'model', None) or 'model'}"

    def _tokens_since(self, before: int) -> int:
        calls = list(getattr(getattr(self.client, "usage", None), "calls", []) or [])
        return sum(c.total_tokens for c in calls[before:])

    def describe(self, kind: str, item_id: str, facts: str) -> Description:
        usage = getattr(self.client, "usage", None)
        before = len(usage.calls) if usage is not None else 0
        try:
            answer = self.client.complete_json("engine-describer", prompt=self.prompt,
                                               variables={"kind": kind, "facts": fence_page(facts)},
                                               schema=DESCRIBE_SCHEMA, max_tokens=self.max_tokens)
        except LLMError as exc:
            return Description(None, self._tokens_since(before), f"{exc.kind}: {str(exc)[:200]}")
        return Description(str(answer.get("description", "")), self._tokens_since(before))

    def close(self) -> None:
        close = getattr(self.client, "close", None)
        if close is not None:
            close()


def open_describer(spec: str, **client_kwargs: Any) -> LLMDescriber | None:
    """The describer ``spec`` names (:data:`DESCRIBERS`); ``None`` for ``template``. The caller closes it
    (an embedded server is stopped then)."""
    client_kwargs.setdefault("max_retries", 1)
    if spec == "template":
        return None
    if spec == "embedded" or spec.startswith("embedded:"):
        model = spec.split(":", 1)[1] if ":" in spec else None
        client = default_client(model, shared=False, **client_kwargs)
        return LLMDescriber(client, name=f"embedded:{model or selected_model_name() or DEFAULT_MODEL}")
    if spec == "endpoint":
        client = LLMClient(**client_kwargs)
        return LLMDescriber(client, name=f"endpoint:{client.model or client.base_url}")
    raise ConfigError(f"unknown describer {spec!r}; use template, embedded, embedded:MODEL or endpoint")
