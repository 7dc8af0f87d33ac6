"""fcpkit's LLM layer: schema-constrained JSON calls to any OpenAI-compatible endpoint.

* :class:`LLMClient` — ``complete_json(module, messages | prompt+variables, schema=...) -> dict``
  with validation, bounded re-asks, backoff on 429/5xx/connection errors, per-call timeout;
  raises one :class:`LLMError` when it cannot get a valid answer.
* :class:`LLMUsage` / :class:`LLMCall` — the per-call ledger (by module, to a DataFrame).
* :func:`render_prompt` / :func:`render_messages` — templates in ``fcpkit/llm/prompts``.
* :class:`MockClient` — scripted, schema-checked answers per module, for testing your own components.
* record/replay (``LLMClient(mode="record"|"replay", recording=PATH)``) for deterministic tests.

The embedded llama.cpp server (``EmbeddedLLMServer``, ``default_client``) and the GGUF models it
serves belong to the lab: :mod:`fcpkit_lab.llm`.
"""

from importlib import import_module
from typing import Any

from fcpkit.errors import ERROR_KINDS, LLMError, PromptError, ReplayMissError
from fcpkit.llm.replay import Recording, request_key
from fcpkit.llm.schemas import COMMITMENT_SCHEMA, EXECUTOR_SCHEMA, MODULE_SCHEMAS, PLANNER_SCHEMA, REPAIRER_SCHEMA, VERIFIER_SCHEMA, schema_for
from fcpkit.llm.templates import PromptLibrary, PromptTemplate, list_prompts, prompt_variables, render_messages, render_prompt
from fcpkit.llm.usage import LLMCall, LLMUsage

# The client and the mock import jsonschema (slow to import): they load on first access, so
# importing the LLM-backed components stays cheap.
_LAZY = {
    "RESPONSE_FORMATS": "fcpkit.llm.client",
    "LLMClient": "fcpkit.llm.client",
    "parse_json_text": "fcpkit.llm.client",
    "MockCall": "fcpkit.llm.mock",
    "MockClient": "fcpkit.llm.mock",
}

__all__ = [
    "LLMClient",
    "MockClient",
    "MockCall",
    "RESPONSE_FORMATS",
    "parse_json_text",
    "LLMError",
    "ReplayMissError",
    "PromptError",
    "ERROR_KINDS",
    "LLMCall",
    "LLMUsage",
    "Recording",
    "request_key",
    "PromptLibrary",
    "PromptTemplate",
    "render_prompt",
    "render_messages",
    "prompt_variables",
    "list_prompts",
    "COMMITMENT_SCHEMA",
    "PLANNER_SCHEMA",
    "VERIFIER_SCHEMA",
    "REPAIRER_SCHEMA",
    "EXECUTOR_SCHEMA",
    "MODULE_SCHEMAS",
    "schema_for",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
