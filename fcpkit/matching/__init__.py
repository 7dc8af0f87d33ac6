"""Evidence matchers: how strongly a page or action description supports a statement.

``LexicalMatcher`` is the fast default; semantic matchers (NLI, sentence embeddings, image-text,
and the paper's hybrid) live beside it behind the same :class:`Matcher` protocol.
"""

from .lexical import PAGE_WORDS, LexicalMatcher
from .protocol import Matcher

__all__ = ["Matcher", "LexicalMatcher", "PAGE_WORDS"]
