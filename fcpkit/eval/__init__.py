"""Evaluation: labelled verifier cases and the verifier benchmark (``fcpkit bench verifier``).

The modules here import ``pandas`` and the checker; the LLM layer only when an LLM verifier is
opened (the ``[llm]`` extra).
"""

from .verifier_bench import HINTS, BenchCall, VerifierHandle, detection_effect, merge_results, open_verifier, run_cases, summarize
from .verifier_cases import CASE_KINDS, FAULT_SCOPES, VerifierCase, build_cases, case_counts, dump_cases, load_cases, stratified_sample

__all__ = [
    "HINTS", "BenchCall", "VerifierHandle", "detection_effect", "merge_results", "open_verifier", "run_cases",
    "summarize", "CASE_KINDS", "FAULT_SCOPES", "VerifierCase", "build_cases", "case_counts", "dump_cases", "load_cases",
    "stratified_sample",
]
