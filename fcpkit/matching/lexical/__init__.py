"""The lexical matcher as a small package: the claim grammar and its word lists (:mod:`.grammar`,
versioned, documented in docs/claims.md), statements compiled into typed claims (:mod:`.claims`),
entities (:mod:`.entities`), one scorer per claim type over the parsed page (:mod:`.scorers`),
and the matcher itself (:mod:`.matcher`)."""

from fcpkit.matching.lexical.claims import Claim, compile_claim
from fcpkit.matching.lexical.grammar import CLAIM_TYPES, GRAMMAR_VERSION
from fcpkit.matching.lexical.matcher import IDF_POLICIES, PAGE_WORDS, Explanation, LexicalMatcher

__all__ = ["LexicalMatcher", "Explanation", "Claim", "compile_claim", "CLAIM_TYPES", "GRAMMAR_VERSION", "IDF_POLICIES", "PAGE_WORDS"]
