"""What a statement requires of a page: its predicate, its names, and the named place it ends on.

Key tokens are what every supporting chunk must hold (``docs/claims.md``): ids and amounts (tokens
with a digit), names (capitalised words past a sentence start, quoted text, handles such as
``u/dmitri_kovac``), negations, and the statement's predicate: what it says happened or holds
("is closed", "saved", "exceeds"). How a thing is presented or named ("is visible", "listed",
"headed") and who made it ("posted by u/x") are no predicate: pages write a record's metadata
without those verbs.
"""

from __future__ import annotations

import re

from fcpkit.core.caches import page_cache
from fcpkit.core.text import tokenize
from fcpkit.matching.lexical import grammar as g
from fcpkit.matching.lexical.strict import DISCOURSE_WORDS, HANDLE

__all__ = ["predicates", "names", "named_place"]

_NAME = re.compile(r"(?<![.!?]\s)(?<!^)(?<![.!?]\s\s)\b([A-Z][a-z]+[A-Za-z]*)\b|'([^']+)'|\"([^\"]+)\"")
_PREDICATE = re.compile(
    r"\b(?:is|are|was|were|been|be|got|gets|become|becomes)\s+(?:not\s+|no longer\s+|now\s+|still\s+)?([a-z]+)\b"
    r"|\b([a-z]{3,}ed)\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[a-z]+")

def predicates(statement: str) -> frozenset[str]:
    """What a statement says *happened* or *holds*: "is closed", "saved", "rejected".

    A page that mentions the record but not the event does not support the event: "Ticket T-390
    is closed" is not supported by a queue that lists T-390. Same rule as key tokens.
    """
    out: set[str] = set()
    for m in _PREDICATE.finditer(_AUTHORED.sub(" by", statement)):
        out.update(tokenize(m.group(1) or m.group(2), past="marked"))
    for word in _WORD.findall(statement.lower()):
        if word in g.RELATION_VERBS:
            out.update(tokenize(word, past="marked"))
    # how a thing is presented or named ("is visible", "listed", "headed") is no fact a page states
    return frozenset(out - _NOT_PREDICATES)


#: "... in Urban Cycling", "on the Home Espresso board": the named place a statement's thing is in
_IN_NAMED_PLACE = re.compile(r"\s(?:in|on|at|under|within)\s+(?:the\s+)?(?P<name>(?-i:[A-Z][\w'’&-]*)(?:\s+(?:&\s+)?(?-i:[A-Z][\w'’&-]*))*)"
                             r"(?:\s+(?:board|page|community|forum|list|queue|channel|group|space|project|workspace))?\s*\.?\s*$",
                             re.IGNORECASE)
#: "posted by u/x", "created by Dana": who made a record is its metadata ("u/x · 5 h ago", "by
#: Dana"), which lists write without the verb; the author is the fact, the verb is not
_AUTHORED = re.compile(r"\b(?:posted|written|authored|submitted|created|uploaded|shared|started|filed|placed)\s+by\b", re.I)
_NOT_PREDICATES = DISCOURSE_WORDS | frozenset(tokenize(" ".join(g.NAMING_PARTICIPLES), past="marked"))


def names(statement: str) -> frozenset[str]:
    """Tokens of names in a statement: capitalised words past a sentence start, and quoted text.

    "Team Billing selected" names *Billing*: a page about selecting a team does not support it
    unless Billing is there, however well "team" and "selected" match. Same rule as key tokens.
    """
    out: set[str] = set(t for h in HANDLE.findall(statement) for t in tokenize(h, past="marked"))  # "u/dmitri_kovac"
    for m in _NAME.finditer(statement.strip()):
        word = m.group(1)
        if word is not None:
            out.update(tokenize(word, past="marked"))
        else:
            out.update(tokenize(m.group(2) or m.group(3), past="marked"))
    return frozenset(out)


@page_cache(16384, kind="statement")
def named_place(statement: str) -> frozenset[str]:
    """The tokens of the named place a statement ends on ("Thread X by u/y in Urban Cycling" ->
    urban, cycling), which the page's identity may hold for every chunk; empty when none."""
    m = _IN_NAMED_PLACE.search(statement)
    return frozenset(tokenize(m.group("name"), past="marked")) if m else frozenset()
