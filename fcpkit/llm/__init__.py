"""fcpkit's LLM layer: schema-constrained JSON calls to any OpenAI-compatible endpoint.

* :class:`LLMClient` — ``complete_json(module, messages | prompt+variables, schema=...) -> dict``
  with validation, bounded re-asks, backoff on 429/5xx/connection errors, per-call timeout;
  raises one :class:`LLMError` when it cannot get a valid answer.
* :class:`LLMUsage` / :class:`LLMCall` — the per-call ledger (by module, to a DataFrame).
* :func:`render_prompt` / :func:`render_messages` — templates in ``fcpkit/llm/prompts``.
* :class:`MockClient` — scripted, schema-checked answers per module, for testing your own components.
* record/replay (``LLMClient(mode="record"|"replay", recording=PATH)``) for deterministic tests.
* :class:`EmbeddedLLMServer` / :func:`default_client` — a local llama.cpp server with a GGUF
  shipped on PyPI when no ``OPENAI_BASE_URL`` is set.
"""

from importlib import import_module
from typing import Any

from fcpkit.errors import ERROR_KINDS, LLMError, PromptError, ReplayMissError
from fcpkit.llm.replay import Recording, request_key
from fcpkit.llm.schemas import COMMITMENT_SCHEMA, EXECUTOR_SCHEMA, MODULE_SCHEMAS, PLANNER_SCHEMA, REPAIRER_SCHEMA, VERIFIER_SCHEMA, schema_for
from fcpkit.llm.templates import PromptLibrary, PromptTemplate, list_prompts, prompt_variables, render_messages, render_prompt
from fcpkit.llm.usage import LLMCall, LLMUsage

# The client, the mock and the embedded server import jsonschema (slow to import) and start
# processes: they load on first access, so importing the LLM-backed components stays cheap.
_LAZY = {
    "RESPONSE_FORMATS": "fcpkit.llm.client",
    "LLMClient": "fcpkit.llm.client",
    "parse_json_text": "fcpkit.llm.client",
    "MockCall": "fcpkit.llm.mock",
    "MockClient": "fcpkit.llm.mock",
    "GGUF_PACKAGES": "fcpkit.llm.server",
    "EmbeddedLLMServer": "fcpkit.llm.server",
    "default_client": "fcpkit.llm.server",
    "find_gguf": "fcpkit.llm.server",
    "free_port": "fcpkit.llm.server",
    "llama_cpp_available": "fcpkit.llm.server",
    "shared_server": "fcpkit.llm.server",
    "selected_model_name": "fcpkit.llm.server",
    "stop_shared": "fcpkit.llm.server",
    "running_shared_server": "fcpkit.llm.server",
    "DEFAULT_MODEL": "fcpkit.llm.models",
    "EMBEDDED_MODELS": "fcpkit.llm.models",
    "EmbeddedModel": "fcpkit.llm.models",
    "assemble_gguf": "fcpkit.llm.models",
    "embedded_model": "fcpkit.llm.models",
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
    "EmbeddedLLMServer",
    "default_client",
    "shared_server",
    "stop_shared",
    "selected_model_name",
    "EmbeddedModel",
    "EMBEDDED_MODELS",
    "DEFAULT_MODEL",
    "embedded_model",
    "assemble_gguf",
    "find_gguf",
    "free_port",
    "llama_cpp_available",
    "GGUF_PACKAGES",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
