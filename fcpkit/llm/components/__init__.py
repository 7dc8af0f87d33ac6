"""LLM-backed components of the loop built on :mod:`fcpkit.llm`'s client: the base class they share
(:class:`LLMComponent`: client, prompt, schema, re-asks, usage) and the slow verifier."""

from fcpkit.llm.components.base import JSONClient, LLMComponent
from fcpkit.llm.components.verifier import FALLBACK_PREFIX, LLMVerifier

__all__ = ["FALLBACK_PREFIX", "JSONClient", "LLMComponent", "LLMVerifier"]
