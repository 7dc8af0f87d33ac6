"""How far a negation reaches in a page's line, and what kind of "not" it is: the text-only half of
:func:`fcpkit.matching.lexical.strict.pair_chunks` (which reads them over a page's lines).

* A negation speaks within its sentence (:data:`SENTENCE_END`, :func:`negating_sentence_words`):
  "Submitting sends the lot for approval. It can't be edited after submission." denies editing,
  not submitting.
* A heading lends its words to the negation beside it only when it says a problem
  (:data:`BLOCKING`: "Permission required"), not when it names a step or asks to confirm an act.
* "Not done yet" is a state that waits (:data:`NOT_YET`), not an act that could not be done
  (:data:`INABILITY`): "Draft return — not yet processed" is no "Return could not be processed".
"""

from __future__ import annotations

import re

from fcpkit.core.text import NEGATIONS, tokenize
from fcpkit.matching.lexical import grammar as g
from fcpkit.matching.lexical.page_index import line_tokens

__all__ = ["SENTENCE_END", "BLOCKING", "NOT_YET", "INABILITY", "negating_sentence_words"]

#: Where one sentence of a line ends and the next begins: the end mark, space, a capital or a digit.
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"“‘'(]?[A-Z0-9])")

#: The words of a heading that says a problem: the grammar's problem words, a negation, or a
#: condition not met ("Permission required", "Approval needed", "Account locked").
BLOCKING = (frozenset(tokenize(" ".join(g.PROBLEM_WORDS), past="both")) | NEGATIONS
            | frozenset(tokenize("required needed restricted locked", past="both")))

#: A line that says something is not done yet ("not yet processed", "hasn't been sent yet").
NOT_YET = re.compile(r"(?:\bnot|n't)\s+(?:been\s+|be\s+)?yet\b|(?:\bnot|n't)\s+(?:been\s+)?\w+\s+yet\b", re.IGNORECASE)

#: A statement that an act could not be done, as against one that it is not done (yet).
INABILITY = re.compile(r"\b(?:could\s*n[o']t|couldn't|can\s*not|cannot|can't|unable to|failed to|(?:was|were) not able)\b",
                       re.IGNORECASE)


def negating_sentence_words(n) -> tuple[str, ...]:
    """The tokens of node ``n``'s sentences that hold a negation, where its line holds several
    sentences (one sentence: none, the line is read whole)."""
    parts = SENTENCE_END.split(n.label or n.line)
    if len(parts) < 2:
        return ()
    out: list[str] = []
    for part in parts:
        toks = line_tokens(part)
        if NEGATIONS.intersection(toks):
            out.extend(toks)
    return tuple(out)
