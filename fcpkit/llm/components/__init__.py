"""LLM-backed components of the loop built on :mod:`fcpkit.llm`'s client: the slow verifier."""

from fcpkit.llm.components.verifier import FALLBACK_PREFIX, LLMVerifier

__all__ = ["FALLBACK_PREFIX", "LLMVerifier"]
