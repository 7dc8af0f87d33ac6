"""fcpkit's LLM layer: schema-constrained JSON calls to any OpenAI-compatible endpoint.

* :class:`LLMClient` — ``complete_json(module, messages | prompt+variables, schema=...) -> dict``
  with validation, bounded re-asks, backoff on 429/5xx/connection errors, per-call timeout;
  raises one :class:`LLMError` when it cannot get a valid answer.
* :class:`LLMUsage` / :class:`LLMCall` — the per-call ledger (by module, to a DataFrame).
* :func:`render_prompt` / :func:`render_messages` — templates in ``fcpkit/llm/prompts``.
* record/replay (``LLMClient(mode="record"|"replay", recording=PATH)``) for deterministic tests.
* :class:`EmbeddedLLMServer` / :func:`default_client` — a local llama.cpp server with a GGUF
  shipped on PyPI when no ``OPENAI_BASE_URL`` is set.
"""

from fcpkit.llm.client import RESPONSE_FORMATS, LLMClient, parse_json_text
from fcpkit.llm.errors import ERROR_KINDS, LLMError, PromptError, ReplayMissError
from fcpkit.llm.replay import Recording, request_key
from fcpkit.llm.schemas import (
    COMMITMENT_SCHEMA,
    EXECUTOR_SCHEMA,
    MODULE_SCHEMAS,
    PLANNER_SCHEMA,
    REPAIRER_SCHEMA,
    VERIFIER_SCHEMA,
    schema_for,
)
from fcpkit.llm.server import (
    GGUF_PACKAGES,
    EmbeddedLLMServer,
    default_client,
    find_gguf,
    free_port,
    llama_cpp_available,
    selected_model_name,
    shared_server,
    stop_shared,
)
from fcpkit.llm.models import DEFAULT_MODEL, EMBEDDED_MODELS, EmbeddedModel, assemble_gguf, embedded_model
from fcpkit.llm.templates import (
    PromptLibrary,
    PromptTemplate,
    list_prompts,
    prompt_variables,
    render_messages,
    render_prompt,
)
from fcpkit.llm.usage import LLMCall, LLMUsage

__all__ = [
    "LLMClient",
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
