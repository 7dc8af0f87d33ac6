"""Fixtures for the loop tests."""

from __future__ import annotations

import socket

import pytest


@pytest.fixture
def dead_url():
    """A base URL on which nothing listens (a port that was just free)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return f"http://127.0.0.1:{port}/v1"


@pytest.fixture(autouse=True)
def _no_llm_env(monkeypatch):
    for var in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "FCPKIT_LLM_MODEL", "FCPKIT_PROMPT_DIR", "FCPKIT_LLM_GGUF"):
        monkeypatch.delenv(var, raising=False)
