"""The lexical matcher as a small package: the claim grammar and its word lists (:mod:`.grammar`),
and the matcher that scores compiled statements over parsed pages (:mod:`.matcher`)."""

from fcpkit.matching.lexical.matcher import PAGE_WORDS, LexicalMatcher

__all__ = ["LexicalMatcher", "PAGE_WORDS"]
