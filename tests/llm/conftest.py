"""The ``fake`` fixture: a scriptable fake OpenAI-compatible server (:mod:`_support.fake_openai`)."""

from __future__ import annotations

import pytest
from _support.fake_openai import FakeOpenAIServer


@pytest.fixture
def fake():
    srv = FakeOpenAIServer().start()
    try:
        yield srv
    finally:
        srv.stop()
