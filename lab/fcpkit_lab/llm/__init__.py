"""The embedded model server: a local OpenAI-compatible llama.cpp server on 127.0.0.1 and the GGUF
models it serves, for when no ``OPENAI_BASE_URL`` is set.

* :class:`EmbeddedLLMServer` / :func:`default_client` - start the server (one per process with
  :func:`shared_server`) and an :class:`~fcpkit.llm.LLMClient` pointed at it (:mod:`.server`);
  :func:`model_card` - which model answers a client, and its size (what a row of seconds records);
* :data:`EMBEDDED_MODELS` / :func:`embedded_model` - the catalogue of models shipped on PyPI, and
  the assembly of a split model's parts (:mod:`.models`);
* :func:`~fcpkit_lab.llm.prefix_stats.prefix_reuse` - the prompt-prefix reuse a server's log shows.

The client itself, its schemas, prompts, replay and mock are the library's: :mod:`fcpkit.llm`.
"""

from importlib import import_module
from typing import Any

# The server module imports the client (jsonschema, slow to import) and starts processes: every
# name loads on first access.
_LAZY = {
    "GGUF_PACKAGES": "fcpkit_lab.llm.server",
    "EmbeddedLLMServer": "fcpkit_lab.llm.server",
    "default_client": "fcpkit_lab.llm.server",
    "find_gguf": "fcpkit_lab.llm.server",
    "free_port": "fcpkit_lab.llm.server",
    "llama_cpp_available": "fcpkit_lab.llm.server",
    "shared_server": "fcpkit_lab.llm.server",
    "selected_model_name": "fcpkit_lab.llm.server",
    "stop_shared": "fcpkit_lab.llm.server",
    "running_shared_server": "fcpkit_lab.llm.server",
    "model_card": "fcpkit_lab.llm.server",
    "DEFAULT_MODEL": "fcpkit_lab.llm.models",
    "EMBEDDED_MODELS": "fcpkit_lab.llm.models",
    "EmbeddedModel": "fcpkit_lab.llm.models",
    "assemble_gguf": "fcpkit_lab.llm.models",
    "embedded_model": "fcpkit_lab.llm.models",
}

__all__ = [
    "EmbeddedLLMServer",
    "default_client",
    "shared_server",
    "stop_shared",
    "running_shared_server",
    "selected_model_name",
    "model_card",
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
    if name in ("server", "models", "prefix_stats"):
        return import_module(f"fcpkit_lab.llm.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
