"""One live benchmark call on the embedded SmolLM2 server: the real path (model by name, private
server, prompt cache, schema grammar, accounting), not the judgement."""

from __future__ import annotations

from pathlib import Path

import pytest

from fcpkit.errors import ModelUnavailableError
from fcpkit_lab.eval.verifier_bench import open_verifier, run_cases
from fcpkit.eval.verifier_cases import load_cases
from fcpkit_lab.llm import embedded_model, find_gguf, llama_cpp_available

pytestmark = pytest.mark.llm
CASES = Path(__file__).resolve().parents[3] / "fcpkit" / "data" / "verifier" / "cases.jsonl"


def test_embedded_smollm2_answers_a_case_with_valid_json(monkeypatch):
    if not llama_cpp_available():
        pytest.skip("llama_cpp is not importable")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.delenv("FCPKIT_LLM_GGUF", raising=False)
    try:
        find_gguf(model="smollm2-135m")
    except ModelUnavailableError as e:
        pytest.skip(f"no packaged GGUF: {e}")
    case = next(c for c in load_cases(CASES) if c.kind == "escalated" and c.result.phase == "post")
    handle = open_verifier("embedded:smollm2-135m", max_tokens=120, max_page_chars=800)
    try:
        assert handle.client.timeout == embedded_model("smollm2-135m").timeout_s
        (row,) = run_cases(handle, [case], "neutral")
    finally:
        handle.close()
    assert handle.client.server is None  # the private server was stopped
    assert row.decision in ("continue", "advance", "repair") and row.prompt_tokens > 100 and row.wall_s > 0
    assert row.json_valid is not None and not row.fallback
