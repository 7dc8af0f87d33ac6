"""Statements compiled, once, into typed claims (the grammar is in :mod:`.grammar`, documented in
``docs/claims.md``).

A :class:`Claim` says what kind of fact a statement asserts — which page is open (*identity*),
that something is there (*presence*) or is not (*absence*), that the record is some other one
(*exclusion*), that something happened (*event*), that a field holds a value (*field*), that a
message was announced (*message*) — with its scope and the entities it hinges on. Natural
phrasings compile to the same claim as the canonical ones the README used to teach:
"Assign button isn't available", "No Assign button on the ticket page", "The Assign button
cannot be found" are one absence claim; "Order ORD-55012 is open" and "Order ORD-55012 detail"
one identity claim. ``canonical`` is the statement rewritten into the canonical phrasing, so the
word-level scorer reads every paraphrase the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from fcpkit.core.caches import page_cache
from fcpkit.core.page import record_ids
from fcpkit.core.text import NEGATIONS, STOPWORDS, tokenize
from fcpkit.matching.lexical import grammar as g
from fcpkit.matching.lexical.entities import Entities, entities

__all__ = ["Claim", "compile_claim", "normalise", "names_a_page"]

_CONTRACTIONS = [
    (re.compile(r"\b(is|are|was|were|does|do|did|has|have|had|could|would|should)n['’]t\b", re.I), r"\1 not"),
    (re.compile(r"\bcan['’]t\b", re.I), "cannot"),
    (re.compile(r"\bwon['’]t\b", re.I), "will not"),
    (re.compile(r"[“”]"), '"'),
    (re.compile(r"[‘’]"), "'"),
]
#: A name of several capitalised words ("Brindle Park Library", "Alder & Fitch", "Renewal 2024") and
#: an address after it ("14 Alder Road"), read case-sensitively inside the case-blind pattern.
_NAME_RUN = r"(?-i:[A-Z][\w'’-]*(?:\s+(?:&\s+)?[A-Z][\w'’-]*)+(?:\s+\d[\w.-]*)?)"
_ADDRESS = r"\d[\w.-]*(?:\s+(?-i:[A-Z][\w'’-]*))+"
_EXCLUSION_NAME = rf"(?:{_NAME_RUN}|{_ADDRESS}|[a-z]*[-_]?\d[\w.-]*|#\d[\w-]*|[A-Z][\w-]*(?:\s+#?\d[\w.-]*)?|'[^']+'|\"[^\"]+\")"
EXCLUSION = re.compile(
    rf"\b(?P<how>{g.EXCLUSION_WORDS})\s+(?:(?:the|a|an)\s+)?"
    rf"(?P<key>{_EXCLUSION_NAME}(?:(?:\s*,\s*(?:or\s+|and\s+)?|\s+(?:or|and|nor)\s+){_EXCLUSION_NAME})*)",
    re.IGNORECASE,
)
#: A substitution: what happened, "instead of" / "rather than" what should have.
_INSTEAD = re.compile(r"\s+(?:instead of|rather than|in place of)\s+", re.IGNORECASE)
#: The commas of a list ("refund, hold or archive"): no sentence ends there.
_LIST_COMMAS = re.compile(r",(?=\s*[\w'-]+(?:\s+[\w'-]+)?(?:\s*,|\s+(?:or|and)\s))")
_SENTENCE_INSIDE = re.compile(r"[.,;:!?](?=\s*\S)")
#: "... page for SKU-2054", "detail page of Diana Whitfield", "Opportunity detail for Fleet Telematics
#: Renewal 2024": a page word, then for/of and one word or a name (capitalised words, ids, numbers)
_NAMED = r"(?:[A-Z#\d][\w#&'’.-]*)(?:\s+(?:[A-Z#\d&][\w#&'’.-]*))*"
_PAGE_FOR = re.compile(rf"\b(?:page|screen|details?)\s+(?:for|of)\s+(?:\S+|{_NAMED}(?:(?:\s*,\s*|\s+or\s+){_NAMED})*)\s*$")
_PAGE_STEMS = frozenset(tokenize(" ".join(g.PAGE_WORDS)))
_IN_PLACE = re.compile(r"\b(?:in|on|at|inside|within)\s+(?:the\s+|this\s+|that\s+)?\w+\s*$", re.IGNORECASE)
AFTER_RECORD_STEMS = frozenset(tokenize(" ".join(g.PAGE_WORDS_AFTER_RECORD)))
#: "... on the page", "in this screen", "on the opportunity page": where the statement's facts are
#: (an article or a possessive before the page word; "Sign in page" has none)
_ON_THE_PAGE = re.compile(r"\b(?:on|in|at|inside|within|from|of)\s+(?:the|this|that|its|their|each|every|any)\s+"
                          r"(?:[\w'-]+\s+){0,2}(?:page|screen)\s*$", re.IGNORECASE)
_PLACE_NOUN_STEMS = frozenset(tokenize(" ".join(g.PLACE_NOUNS), keep_stopwords=True))
_PARTICIPLE = re.compile(r"(?:\b(?:was|were|been|is now|are now|got|gets)\s+(?:not\s+)?([a-z]{3,})\b|\b([a-z]{3,}ed)\b)(?:\s+(?:to|as|for)\s+(?P<obj>[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*))?")
#: After a light verb's participle ("was put", "placed", "kept"), the state it leaves a record in:
#: "on hold", "in quarantine", "into review", up to a joining word.
_LIGHT_VERBS = frozenset({"put", "placed", "kept", "left", "held"})
_LIGHT = re.compile(r"\s+(?P<state>(?:on|in|into|under)\s+(?!(?:or|and|instead|after|before|by)\b)[a-z][\w-]*"
                    r"(?:\s+(?!(?:or|and|instead|after|before|by)\b)[a-z][\w-]*)?)", re.IGNORECASE)
_DIALOG_WORDS = re.compile(r"\b(dialog|modal|pop-?up|window)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Claim:
    """One statement, compiled (see module docstring)."""

    type: str  # one of grammar.CLAIM_TYPES
    statement: str
    canonical: str  # the statement in the canonical phrasing the word scorer reads
    subject: str = ""  # absence: the thing; field: the label; message: the text; identity: the page phrase
    value: str = ""  # field: the value; event: the object ("assigned to Payments")
    scope: str = ""  # absence: the context clause ("ticket detail"); "dialog"; "" = the page
    exclude: tuple[str, ...] = ()  # exclusion: the names that must not be the record
    roles: frozenset[str] = frozenset()  # absence/presence of a control: the ARIA roles it may have
    literal: bool = True  # absence: whether the page may say it literally ("X is not available")
    entities: Entities = field(default_factory=Entities)
    # place: the place's phrase ("" when the statement names none but the place noun) and what it holds
    parts: tuple[str, ...] = ()
    base: "Claim | None" = None  # place: the claim the statement makes read whole (how falsifiers read it)
    grammar: str = g.GRAMMAR_VERSION

    def describe(self) -> str:
        parts = [f"{self.type}"]
        if self.subject:
            parts.append(f"subject={self.subject!r}")
        if self.value:
            parts.append(f"value={self.value!r}")
        if self.scope:
            parts.append(f"scope={self.scope!r}")
        if self.exclude:
            parts.append(f"not={list(self.exclude)!r}")
        if self.roles:
            parts.append(f"roles={sorted(self.roles)!r}")
        if self.parts:
            parts.append(f"holds={list(self.parts[1:])!r}")
        return " ".join(parts)


def normalise(statement: str) -> str:
    """Contractions spelled out, typographic quotes made plain, whitespace collapsed; a record's
    id named by its prefix ("a new TRI reference", "the PO number") is that prefix, which every
    id of the series says (:func:`~fcpkit.matching.lexical.page_index.with_series`)."""
    s = statement
    for pattern, repl in _CONTRACTIONS:
        s = pattern.sub(repl, s)
    s = _ID_BY_PREFIX.sub(r"\1 \2", s)
    if "-" in s:
        s = _ID_NOUN.sub("", _NEW_ID.sub(r"\1 ", s))
    return " ".join(s.split())


#: An id named by its prefix and a noun for an id, after an article ("a new TRI reference", "the
#: PO number", "its RMA no."): a label with its value ("NI number JT 48 21 93 B") is not one. A
#: page never calls the id it just made "new": it shows it.
#: A noun for an id right before one ("backorder number BO-2025-", "reference TRI-2025-00419"):
#: the id says it; a page writes the id without the noun.
_ID_NOUN = re.compile(r"\b(?:number|no\.|reference|ref|id|code)\s+(?=[A-Z]{1,6}-)", re.IGNORECASE)
#: "a new" before an id within two words ("a new backorder number BO-2025-"): a page never calls
#: the record it just made new; it shows its id.
_NEW_ID = re.compile(r"\b(a|an|the)\s+new\s+(?=(?:[\w-]+\s+){0,2}[A-Z]{1,6}-)", re.IGNORECASE)
_ID_BY_PREFIX = re.compile(r"\b(a|an|the|its|their)\s+(?:new\s+)?([A-Z]{2,5})\s+(?:reference|ref|number|no\.|id|code)\b")


def names_a_page(statement: str) -> bool:
    """Whether a statement names *which page is open*: a short phrase that starts or ends with a
    page word ("Ticket T-390 detail", "Sign in page", "Storefront page for SKU-2054"). A sentence
    that merely contains one ("the monitor screen is cracked") is about the page's content."""
    text = statement.strip().rstrip(".")
    if _PAGE_FOR.search(text):  # "Place page of A, B or C": a page word, then the names it may be of
        return True
    if _SENTENCE_INSIDE.search(_LIST_COMMAS.sub(" ", text)):  # "a refund, hold or archive screen": a list, no sentence
        return False
    toks = tokenize(text)
    if not toks:
        return False
    if toks[-1] in _PAGE_STEMS and _ON_THE_PAGE.search(text):
        return False  # "A link for order #100482 is on the page", "Edit button on the opportunity page": a place
    if toks[0] in _PAGE_STEMS or toks[-1] in _PAGE_STEMS or bool(_PAGE_FOR.search(text)):
        return True
    # "Order ORD-55012 view / record / form": a record id and a page noun (not "... in the form":
    # a place the statement's facts are in)
    return toks[-1] in AFTER_RECORD_STEMS and any(any(c.isdigit() for c in t) for t in toks) \
        and not _IN_PLACE.search(text)


_CONTROL = re.compile(
    rf"^(?:the\s+|an?\s+)?(?P<name>(?:[\w#'\"-]+\s+){{1,4}}?)(?P<role>{g._ROLE_ALT})\s*\.?$"
    rf"|^(?P<role2>{g._ROLE_ALT})\s+(?P<q>['\"]).+(?P=q)\s*\.?$",
    re.IGNORECASE,
)


def control_roles(phrase: str) -> frozenset[str]:
    """The roles of a phrase that names one control ("Assign button", "Button 'Ok'"), else none:
    a longer statement that merely ends in a role word is about more than the control."""
    m = _CONTROL.match(phrase.strip())
    if m is None:
        return frozenset()
    name = (m.group("name") or "").lower().split()
    if STOPWORDS.intersection(name) or NEGATIONS.intersection(name):
        return frozenset()
    return g.ROLE_WORDS.get((m.group("role") or m.group("role2")).lower(), frozenset())


def _roles(thing: str) -> frozenset[str]:
    """The ARIA roles a thing named by its control word may have ("Assign button", "checkbox
    Restock"). A control word followed by its purpose ("an option to restock the items", "a
    button for export") is the plain noun: any control may do it."""
    toks = thing.lower().split()
    roles: set[str] = set()
    purpose = len(toks) > 1 and toks[1] in _PURPOSE
    for t in toks[-1:] + ([] if purpose else toks[:1]):
        roles |= g.ROLE_WORDS.get(t, frozenset())
    return frozenset(roles)


_PURPOSE = frozenset({"to", "for", "that", "which", "allowing", "letting"})


def _hint(words: str) -> re.Pattern[str]:
    """One cheap search that tells whether a rule's patterns can match at all."""
    return re.compile(r"\b(?:" + "|".join(words.split()) + r")", re.IGNORECASE)


# a rule's patterns are tried only when its hint words are there (compiling is per plan, but the
# first check of a plan pays for it)
_HINTS = {
    "exclusion": _hint("other differ instead rather but except apart aside exclud not besides that which who"),
    "absence": _hint("not no never missing absent unavailable hidden gone removed disappeared vanished went cannot can"),
    "message": _hint("banner alert message notification toast notice flash error warning status confirmation"),
    "field": re.compile(r"[:=]|\b(?:to|shows|reads|says|holds|contains|equals|now|selected|chosen|picked)\b|"
                        r"[A-Za-z)]\s+[$€£]?\d[\d,]*(?:\.\d+)?\s*\.?\s*$", re.IGNORECASE),
}


@page_cache(16384, kind="statement")
def compile_claim(statement: str) -> Claim:
    """The :class:`Claim` a statement asserts (first matching rule: exclusion, absence, message,
    field, identity, event, presence, literal). "X instead of Y" asserts X: what happened in place
    of what should have ("Post removed instead of locked", "Draft saved instead of posted")."""
    s = normalise(statement)
    if g.NAMED_AS.search(s) and not g.HOLDS.search(s):  # "Issue page headed Login fails": that page
        s = g.NAMED_AS.sub(r"\1 for ", s)
        return Claim("identity", statement, s, subject=s, entities=entities(s))
    sub = _INSTEAD.split(s, maxsplit=1)
    if len(sub) == 2 and len(sub[0].split()) >= 2:
        claim = compile_claim(sub[0])
        return replace(claim, statement=statement)
    ents = entities(s)
    either = _either(statement, s, ents)
    if either is not None:
        return either
    whole = _whole_claim(statement, s, ents)
    sentences = _sentences(s)
    if len(sentences) >= 2 and whole.type not in ("exclusion", "absence", "message"):
        # "Plan saved. Status: Accepted. Consent: signed on tablet.": a statement of several
        # sentences says several things, each where the page says it (a toast, a status line, the
        # consent row), read as its own claim like the clauses of one sentence (below)
        return Claim("both", statement, s, subject=s, parts=sentences, base=whole, entities=ents)
    detailed = _event_details(s)
    if detailed is not None and whole.type not in ("exclusion", "absence", "message"):
        return Claim("both", statement, s, subject=s, parts=detailed, base=whole, entities=ents)
    clauses = _CLAUSE.split(s)
    if len(clauses) == 1 and _VERB.search(s):
        clauses = _BARE_CLAUSE.split(s, maxsplit=1)
        if len(clauses) == 2 and not _VERB.search(clauses[0]) and not _HAPPENED.match(clauses[0]):
            clauses = [s]  # "the name and the address are shown": one clause with two subjects
    elliptic = _elliptic(s) if len(clauses) == 1 else None
    if elliptic is not None:
        clauses = elliptic  # ("Recall submitted": two words, its subject written out)
    if len(clauses) == 2 and (elliptic is not None or all(len(c.split()) >= 3 or _HAPPENED.match(c) for c in clauses)) \
            and whole.type not in ("exclusion", "absence"):
        # "A confirmation says the condition was added, and the conditions list shows it": two
        # statements in one sentence, each read as its own claim (the whole kept for falsifiers)
        base = whole if whole.type in ("message",) else (_place(statement, s, ents, whole) or whole)
        return Claim("both", statement, s, subject=s, parts=tuple(c.strip() for c in clauses), base=base, entities=ents)
    if whole.type in ("exclusion", "absence", "message"):
        return whole
    return _place(statement, s, ents, whole) or whole


#: Where one sentence of a statement ends and the next starts: a full stop, a question or an
#: exclamation mark after a word of two lowercase letters or digits at least (not "Dr." or "U.S."),
#: then a capital.
_SENTENCE_END = re.compile(r"(?<=[a-z0-9%)]{2}[.!?])\s+(?=[A-Z])")
#: A semicolon between two clauses (not inside quotes: a quoted message keeps its own).
_SEMICOLON = re.compile(r";\s+(?=(?:[^'\"]*['\"][^'\"]*['\"])*[^'\"]*$)")
#: Abbreviations that end in a full stop inside a sentence ("Mrs. Okafor", "approx. 3 days").
_ABBREVIATIONS = frozenset("mrs mr ms dr prof st no nos vs etc approx incl excl dept est fig inc ltd co corp jr sr".split())


def _sentences(s: str) -> tuple[str, ...]:
    """The sentences of ``s`` of two words at least each, or ``(s,)`` when it has one. A semicolon
    ends one as a full stop does: "Sitting page shows room SH-A; room history has SH-B to SH-A"
    says two things, each where the page says it."""
    parts, start = [], 0
    for m in _SENTENCE_END.finditer(s):
        last = s[start:m.start()].rstrip(".!?").split()[-1:] or [""]
        if last[0].lower() in _ABBREVIATIONS:
            continue
        parts.append(s[start:m.start()])
        start = m.end()
    parts.append(s[start:])
    parts = [q for p in parts for q in _SEMICOLON.split(p)]
    parts = [p.strip().rstrip(".!?").strip() for p in parts]
    if len(parts) < 2 or any(len(p.split()) < 2 for p in parts):
        return (s,)
    return tuple(parts)


#: Where a sentence joins a second clause with its own subject: ", and the ...", ", and it ...".
_CLAUSE = re.compile(r",\s+and\s+(?=(?:the|a|an|it|its|this|that|they|there|their)\s)", re.IGNORECASE)
#: ... and without the comma, where both sides have a verb of their own: "The policy is shown as in
#: force and the coverage verification is recorded" (the second clause's verb within four words
#: of its determiner, so "the name and the address are shown" stays one clause: its first side
#: has no verb)
_VERB = re.compile(r"\b(?:is|are|was|were|has|have|had|shows?|showed|shown|reads?|lists?|says?|displays?)\b",
                   re.IGNORECASE)
_BARE_CLAUSE = re.compile(r"\s+and\s+(?=(?:the|its|this|that|their)\s+(?:[\w&-]+\s+){0,4}(?:is|are|was|were|has|have)\s)",
                          re.IGNORECASE)
#: A clause that says what happened to its subject in two to four words, the participle last
#: ("Inspection saved", "Payment received"): a clause of its own before "and the ... is ...",
#: though it has no verb of being ("Inspection saved and the Refund & close step is available").
_HAPPENED = re.compile(r"^\s*(?:[\w'’#/.-]+\s+){1,3}[a-z]+ed\s*$")


#: Two participles of one subject joined by "and", the second subject left out: "Recall submitted
#: and shown as Open", "Ticket reopened and assigned to Tier 2", "Payment received and applied to
#: INV-1". English drops the repeated subject; the page says each in its own place (a toast says
#: the recall was submitted, the status line that it is open).
_PARTICIPLE_WORD = r"(?:[a-z]+ed|shown|set|sent|paid|made|held|kept|done|given|written|taken|put)\b"
_ELLIPSIS = re.compile(r"^(?P<subject>(?:[\w'’#/.-]+\s+){0,3}?[\w'’#/.-]+)\s+(?P<first>" + _PARTICIPLE_WORD + r".*?)\s+and\s+"
                       r"(?P<second>" + _PARTICIPLE_WORD + r".*)$")


def _elliptic(s: str) -> list[str] | None:
    """The two clauses of a statement that joins two participles of one subject (:data:`_ELLIPSIS`),
    the subject written out in the second; None for any other statement. The subject must be a
    noun phrase (no verb of its own, no participle), or the sentence is something else ("The
    page is shown and updated")."""
    m = _ELLIPSIS.match(s)
    if m is None:
        return None
    subject = m.group("subject")
    if _VERB.search(subject) or any(w.endswith("ed") for w in subject.split()):
        return None
    return [f"{subject} {m.group('first')}", f"{subject} {m.group('second')}"]


#: "<what happened>: <its details>, listed": a head of three words or more, then a list after a colon.
_DETAILS = re.compile(r"^(?P<head>[^:]+?)\s*:\s+(?P<rest>[^:]*,[^:]*?)\s*\.?$")


def _event_details(s: str) -> tuple[str, ...] | None:
    """The event a confirmation announces and each detail it lists, as the statement's parts:
    "Work order raised for Berth D-07: Electrical, High, assigned to Harbour Electrical Team" is
    the event and three details, which the page says where it will (a toast says the work order
    was raised, the record's fields its category and assignee). Only a head that tells of an event
    (a participle after its first word: "raised", "given") is one; a label's colon ("Status: Open,
    Urgent") or a place's ("Review page: ...") is read as a field or a place. None otherwise."""
    m = _DETAILS.match(s)
    if m is None:
        return None
    head, rest = m.group("head").strip(), m.group("rest")
    words = head.split()
    if len(words) < 3 or not any(_participle(w.strip(",;")) for w in words[1:]):
        return None
    items = tuple(x.strip() for x in _LIST_SPLIT.split(rest) if x.strip())
    return (head, *items) if len(items) >= 2 else None


def _either(statement: str, s: str, ents: Entities) -> Claim | None:
    """ "X is missing or disabled": an absence of X or X disabled (:data:`grammar.EITHER_STATE`),
    each its own claim (``parts``), the statement holding where either does."""
    m = g.EITHER_STATE.match(s)
    if m is None:
        return None
    x = m.group("x").strip()
    gone, off = m.group("gone") or m.group("gone2"), m.group("off") or m.group("off2")
    return Claim("either", statement, s, subject=x, parts=(f"{x} is {gone}", f"{x} is {off}"), entities=ents)


def _whole_claim(statement: str, s: str, ents: Entities) -> Claim:
    """The claim of the statement read as one fact (the place rule aside)."""
    opened = _message(statement, s, ents, g.MESSAGE_OPENERS)  # "A message says the slot is gone": a message
    if opened is not None:
        return opened
    for name, rule in (("exclusion", _exclusion), ("absence", _absence), ("message", _message), ("field", _field),
                       ("identity", _identity), ("event", _event)):
        hint = _HINTS.get(name)
        if hint is not None and not hint.search(s):
            continue
        claim = rule(statement, s, ents)
        if claim is not None:
            return claim
    roles = control_roles(s)
    kind = "presence" if ents.ids or ents.names or ents.quoted or roles else "literal"
    return Claim(kind, statement, s, subject=s, roles=roles, entities=ents)


#: What a place holds, listed: items split at a comma or an "and" before an article
#: ("From and To fields, a Travel mode selector and a Get directions button").
_HELD_SPLIT = re.compile(r"\s*,\s*(?:and\s+)?(?=(?:an?|the|its|their)\s|[A-Z]{1,6}-?\d|#\d)|\s+and\s+(?=(?:an?|the|its|their)\s)", re.IGNORECASE)
#: "R-7305 among them": where a held thing stands among the others, which the place already says.
_AMONG = re.compile(r"\s+(?:is\s+|are\s+)?(?:among|amongst|amid|between)\s+(?:them|those|these|the\s+\w+)\s*$", re.IGNORECASE)
_LIST_SPLIT = re.compile(r"\s*[,;]\s*(?:and\s+)?|\s+and\s+", re.IGNORECASE)
_ARTICLE = re.compile(r"^(?:an?|the|its|their)\s+", re.IGNORECASE)
#: "Stage, Close Date and Amount fields": names sharing one plural control word.
_SHARED_ROLE = re.compile(r"^(?P<names>.+?(?:,|\band\b|\bor\b).+?)\s+(?P<noun>fields|buttons|links|tabs|options|checkboxes|boxes|menus)$",
                          re.IGNORECASE)
_NAME_LIST = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", re.IGNORECASE)


def _place(statement: str, s: str, ents: Entities, whole: Claim) -> Claim | None:
    """ "<place> with <what it holds>": the place named (a page by its identity, a panel or a list by
    its name) and each thing it holds on its own; read whole, such a statement needs the place's
    name and its contents within a few lines of each other, which a page seldom puts them."""
    m = g.HOLDS.search(s)
    if m is None:
        return None
    head, rest = s[: m.start()].strip(), s[m.end():].strip().rstrip(".")
    words = head.split()
    stems = [(tokenize(w, keep_stopwords=True) or ("",))[0] for w in words]
    # a place noun's own word, not a participle that stems like it ("Administration recorded:", "Items
    # listed:" announce an event and list its values; "Record", "Activity feed" name places)
    at = next((i for i in range(len(words) - 1, -1, -1)
               if stems[i] in _PLACE_NOUN_STEMS and not _participle_of(words[i], stems[i])), None)
    if not rest or at is None or (at < len(words) - 1 and stems[at + 1] not in ("for", "of")):
        return None  # the head names no place ("A row ... with account X": a record's attributes)
    # "Order #100482 page", "Directions panel", "the Edit Opportunity form for X": the place, and
    # the record it is for
    place, of = _ARTICLE.sub("", " ".join(words[: at + 1])), " ".join(words[at + 2:])
    if names_a_page(head) and not of:
        place = _ARTICLE.sub("", head)
    split = _LIST_SPLIT if m.group("colon") else _HELD_SPLIT  # after a colon, a plain list of what shows
    held = tuple(x for item in split.split(rest) for x in _held(_ARTICLE.sub("", item.strip())) if x)
    if not held:
        return None
    return Claim("place", statement, s, subject=place, value=of, parts=(place, *held), entities=ents, base=whole)


def _participle_of(word: str, stem: str) -> bool:
    """Whether ``word`` is the past participle of the word ``stem`` stems from ("recorded" of
    "record"), not a word whose own form ends in -ed ("feed")."""
    w = word.lower().strip(":;,.")
    return w.endswith("ed") and not stem.endswith("ed")


def _held(item: str) -> tuple[str, ...]:
    """One thing a place holds, or several sharing one control word ("Stage and Amount fields")."""
    item = _AMONG.sub("", item)
    m = _SHARED_ROLE.match(item)
    if m is None:
        return (item,)
    role = m.group("noun").lower()
    one = role[:-2] if role.endswith("xes") else role[:-1]
    return tuple(f"{n.strip()} {one}" for n in _NAME_LIST.split(m.group("names")) if n.strip())


def _exclusion(statement: str, s: str, ents: Entities) -> Claim | None:
    keys = [m.group("key") for m in EXCLUSION.finditer(s)]
    if not keys:
        return None
    # names are split at "or", "and", "nor" and at commas, but an address after a name stays with it
    names = tuple(n.strip().strip("'\"") for k in keys
                  for n in re.split(r"\s*(?:,(?!\s*\d+\s+[A-Z])|\bor\b|\band\b|\bnor\b)\s*", k) if n.strip())
    rest = " ".join(EXCLUSION.sub(" ", s).split())
    # the exclusion phrase rewritten in place: "a ticket that is not T-390" -> "a ticket other than T-390"
    canonical = EXCLUSION.sub(lambda m: "other than " + m.group("key"), s)
    return Claim("exclusion", statement, canonical, subject=rest, exclude=names, entities=ents)


#: "... removed from <where>": gone from a place only when that is a place a page shows.
_REMOVED_FROM = re.compile(r"\bremoved\s+from\b", re.IGNORECASE)
_A_PLACE = re.compile(r"\b(?:page|screen|view|list|table|grid|cart|basket|queue|panel|dialog|modal|menu|section|tab|"
                      r"toolbar|sidebar|form|dashboard|header|footer|navigation|results|inbox|board|feed|region|"
                      r"widget|card|row|column|field|dropdown|picker)s?\b", re.IGNORECASE)


def _absence(statement: str, s: str, ents: Entities) -> Claim | None:
    for i, pattern in enumerate(g.ABSENCE):
        m = pattern.match(s)
        if m is None:
            continue
        thing = m.group("x").strip()
        if ": " in thing:  # "No way to open directions: the Directions button is missing": a gloss, then the thing
            thing = thing.rsplit(": ", 1)[1].strip()
        if re.match(r"(?:the\s+)?(?:page|screen|view|form)$", thing, re.I):
            continue
        thing = re.sub(r"^(?:an?|the|any)\s+", "", thing, flags=re.I)
        ctx = (m.group("ctx") or "").strip()
        if ctx and _REMOVED_FROM.search(s) and not _A_PLACE.search(ctx):
            return None  # "Meter M-58213 is removed from service": what happened to it, not a page without it
        thing, ctx = _consequence(thing, ctx)
        literal = i not in g.ABSENCE_NOT_LITERAL
        canonical = f"{thing} is not available" + (f" on {ctx}" if ctx else "")
        return Claim("absence", statement, canonical if not literal else s, subject=thing, scope=ctx,
                     roles=_roles(thing), literal=literal, entities=ents)
    return None


#: "Reports queue filtered so R-7305": a place, what was done to it, then what is missing from it
_SO = re.compile(r"^(?:the\s+)?(?P<place>.+?)\s+(?:is\s+|are\s+|was\s+|were\s+)?\w+(?:ed|en)\b.*?(?:,\s*|\s+)so(?:\s+that)?\s+"
                 r"(?:the\s+)?(?P<x>.+)$", re.I)


def _consequence(thing: str, ctx: str) -> tuple[str, str]:
    """An absence stated as the consequence of what was done to a place ("Reports queue filtered so
    R-7305 is not listed"): the record missing, from that place. Only a record named by id is
    looked for so; a description ("so the recent thread is hidden") names nothing a page shows."""
    m = _SO.match(thing)
    if m is None or not record_ids(m.group("x")):
        return thing, ctx
    return m.group("x").strip(), ctx or m.group("place").strip()


def _message(statement: str, s: str, ents: Entities, patterns=g.MESSAGE) -> Claim | None:
    for pattern in patterns:
        m = pattern.match(s)
        if m:
            body = m.group("body").strip().lstrip(":").strip().strip("'\"")  # "reads: X" says X
            if "with" in m.groupdict() and m.group("with"):
                body = f"{body} {m.group('with')}"
            return Claim("message", statement, body, subject=body, scope="live", entities=ents)
    return None


def _field(statement: str, s: str, ents: Entities) -> Claim | None:
    for pattern in g.FIELD:
        m = pattern.match(s)
        if m is None:
            continue
        label, value = m.group("label").strip(), m.group("value").strip().strip("'\"")
        label = _LABEL_ADVERB.sub("", label).strip() or label  # "From still holds ...": the label is From
        if label.lower() in g.NOT_FIELD_LABELS or len(label.split()) > 5 or not value or _SENTENCE_INSIDE.search(label):
            continue
        words = label.split()
        if pattern is g.FIELD[-1] and (words[-1].lower() in STOPWORDS or words[0].lower() in g.TYPING_VERBS
                                       or not any(w[:1].islower() for w in words[1:])):
            # "Party of 6": a phrase; "(open) Fleet Telematics Renewal 2024": a name; "fill amount
            # 89.90": an act; none is a label and the number its field holds
            continue
        if re.match(r"^(?:https?|url|title)$", label, re.I) or record_ids(label):
            continue  # "Ticket T-390 is now assigned ...": a record, not a label
        return Claim("field", statement, s, subject=label, value=value, entities=ents)
    return None


#: Adverbs a field statement puts after its label ("From still holds", "Status now reads").
_LABEL_ADVERB = re.compile(r"\s+(?:still|now|currently|already|again|yet)$", re.IGNORECASE)
_BARE_RECORD = re.compile(r"^\s*(?:the\s+)?(?P<kind>[A-Za-z][A-Za-z-]*(?:\s+[A-Za-z][A-Za-z-]*){0,2})\s+(?P<id>\S+?)\s*\.?\s*$")


_COPULAS = frozenset({"is", "are", "was", "were", "has", "have", "had", "be", "been"})
_NAME_PART = re.compile(r"^(?:[A-Z][\w'’./-]*|[a-z]{1,2}[A-Z][\w'’./-]*|\d[\w.,/-]*|[&—–·:-]|#\d[\w-]*)$")  # "iPhone", "eBay"


#: A parenthesis that ends a name or an id and says which record it is ("(copy)", "(cancelled)").
_PARENTHESIS = re.compile(r"\s*\([^()]{1,30}\)\s*$")
_QUALIFIER = re.compile(_PARENTHESIS.pattern + r"|\s+[–—-]\s+[a-z][a-z]+(?:\s+[a-z]+){0,2}\s*$")


#: Past participles that do not end in -ed (what a confirmation says was done).
_IRREGULAR_PARTICIPLES = frozenset("sent paid made done given taken shown written held set put sold bought built "
                                   "kept brought left won lost read spent split cut shut".split())


def _participle(word: str) -> bool:
    w = word.lower()
    return w in _IRREGULAR_PARTICIPLES or (len(w) > 4 and w.endswith("ed"))


def bare_name(statement: str) -> bool:
    """Whether a statement is only a name (after an optional kind word or record id): capitalised
    words, numbers, ``&`` and dashes, at most two short lowercase words among them ("Quarterly
    Business Review prep — Alder & Finch"; after an id, two of any length: "WO-7703 Oil change,
    Ford Fiesta"; after an id and a colon, four, ending on any word: "Bid BID-77311: Cleaning of
    municipal depots"), ending on a name word, no negation. Such a statement says which record is in view."""
    # a parenthesis or a dash qualifies the name it follows ("March Digest (copy)", "Drill 18V (bare
    # tool)", "March Digest – draft")
    trimmed = _QUALIFIER.sub("", statement).strip()
    raw = trimmed.rstrip(".").split()
    words = [w.rstrip(",;:") for w in raw]  # "Oil change, Ford Fiesta", "BID-77311: ..."
    words = [w for w in words if w]
    if len(words) < 2:
        return False
    titled = len(words) > 2 and any(r.strong for r in record_ids(words[0]))  # "WO-7703 Oil change, Ford Fiesta"
    # "Bid BID-77311: Cleaning of municipal depots": an id and a colon, first or after its kind word,
    # then the record's title, whatever its words (what is said of a record has no colon before it)
    headed = len(words) > 2 and any(w.endswith(":") and any(r.strong for r in record_ids(w[:-1])) for w in raw[:2])
    titled = titled or headed
    if words[0][:1].isalpha() and len(words) > 2 and _NAME_PART.match(words[1]) and words[1][:1].isupper():
        words = words[1:]  # a kind word ("Event", "Account") or the record's id before the name
    lower = [w for w in words if not _NAME_PART.match(w)]
    if not words or not (headed or _NAME_PART.match(words[-1])) or not words[0][:1].isupper():
        return False  # (a title after an id may end on any word: "Cleaning of municipal depots")
    if _COPULAS.intersection(w.lower() for w in lower):
        return False  # "Current stage is Proposal/Price Quote": a sentence about a value, not a name
    if len(words) > 1 and words[0].lower().endswith("ed") and words[1].lower() in STOPWORDS:
        return False  # "Related to Alder & Finch Outfitters": a participle and its object
    if any(_participle(a) and b.lower() in STOPWORDS and a == a.lower() for a, b in zip(words[1:], words[2:])):
        return False  # "Message sent to Grace Okafor", "Refund issued to Mira Lee": what happened, to whom
    longest = 12 if titled else 5  # after an id, a title's lowercase words may be any word
    if len(lower) > (4 if headed else 2) or any(not w.isalpha() or len(w) > longest or w.lower() in NEGATIONS for w in lower):
        return False
    return sum(1 for w in words if w[:1].isupper() or w[1:3] != w[1:3].lower()) >= 2  # "iPhone" is a name


def _identity(statement: str, s: str, ents: Entities) -> Claim | None:
    if names_a_page(s):
        return Claim("identity", statement, s, subject=s, entities=ents)
    if _only_an_id(s):
        # "P-20481", "#100428": a record named by its id alone, nothing said of it, is its page
        # (as a bare name is): a list that lists it says only that it exists
        named = _PARENTHESIS.sub("", s).strip(" .")  # the record; what the parenthesis says of it aside
        return Claim("identity", statement, f"{named} page", subject=s, entities=ents)
    bare = _BARE_RECORD.match(s)
    kind = bare.group("kind").lower().split() if bare else []
    if bare and record_ids(bare.group("id")) and kind[0] not in g.ACTION_VERBS and not (STOPWORDS | NEGATIONS).intersection(kind):
        # "Leave request LR-2207": a record named by its kind and id is its page
        return Claim("identity", statement, f"{s.rstrip('. ')} page", subject=s, entities=ents)
    if bare_name(s):
        # "Event Quarterly Business Review — Alder & Fitch", "Kestrel Logistics AG": a record named
        # (by its kind and) its name is its page
        return Claim("identity", statement, f"{s.rstrip('. ')} page", subject=s, entities=ents)
    m = g.AS_CONTROL.match(s)
    if m is not None and (m.group("linked") or (m.group("as_role") or "").lower() in g.ROLE_WORDS):
        x = f"{_bare(m.group('x'))} {(m.group('as_role') or 'link').lower()}"
        roles = control_roles(x)
        if roles:
            return Claim("presence", statement, x, subject=x, roles=roles, entities=ents)
    m = g.ON_PAGE.match(s)
    if m is not None:  # "R-7305 link is visible", "Thread X by u/y is listed": there, nothing happened to it
        x = _bare(m.group("x"))
        return Claim("presence", statement, x, subject=x, roles=control_roles(x), entities=ents)
    m = g.ENABLED.match(s)
    if m is not None:  # "Send warning button enabled": usable now
        x = _bare(m.group("x"))
        roles = control_roles(x)
        if roles:
            return Claim("presence", statement, x, subject=x, roles=roles, scope="enabled", entities=ents)
    m = g.DISABLED.match(s)
    if m is not None and len(_bare(m.group("x")).split()) <= 5:
        # "Resize is disabled": the control of that name (of the role it names, else any) is there
        # and cannot be used; "Review resize" disabled beside it is another control
        x = _bare(m.group("x"))
        return Claim("presence", statement, x, subject=x, roles=control_roles(x) or _ANY_CONTROL, scope="disabled",
                     entities=ents)
    m = g.IDENTITY_VERBS.match(s)
    if m is None:
        return None
    x = (m.group("x") or m.group("x2") or m.group("x3")).strip()
    x = re.sub(r"^(?:the|a|an)\s+", "", x, flags=re.I)
    if _DIALOG_WORDS.search(x):  # "Assign dialog is open": the dialog is there
        return Claim("presence", statement, x, subject=x, scope="dialog", entities=ents)
    if control_roles(x):  # "The Quick approve LR-2207 button is shown": a control, not a page
        return Claim("presence", statement, x, subject=x, roles=control_roles(x), entities=ents)
    if ents.ids or names_a_page(x):
        phrase = x if names_a_page(x) else f"{x} page"
        return Claim("identity", statement, phrase, subject=x, entities=ents)
    # "Leave requests list is shown": the list is there (pages do not say "shown")
    return Claim("presence", statement, x, subject=x, entities=ents)


#: The roles a control named without its role word may have.
_ANY_CONTROL = frozenset().union(*g.ROLE_WORDS.values())


def _only_an_id(s: str) -> bool:
    """Whether ``s`` is one record id and nothing else (quotes, a full stop and a parenthesis that
    says which record it is aside: "SM-429860 (cancelled)" is that record, named so)."""
    s = _PARENTHESIS.sub("", s)
    ids = record_ids(s)
    return len(ids) == 1 and s.strip(" .'\"“”‘’").upper() == ids[0].id


def _bare(phrase: str) -> str:
    """``phrase`` without its leading article."""
    return re.sub(r"^(?:the|a|an)\s+", "", phrase.strip(), flags=re.I)


def reports_event(participle: str, bare: bool = True) -> bool:
    """Whether a past participle says something happened ("cancelled", "assigned"), not how a thing
    stands or is named ("headed", "listed", "disabled": :data:`grammar.DESCRIPTIVE_PARTICIPLES`).
    Without an auxiliary, a participle with a negative prefix is a state ("paid and unfulfilled",
    "unread"); "was unlocked" still reports an event."""
    w = participle.lower()
    return w not in g.DESCRIPTIVE_PARTICIPLES and not (bare and w.startswith("un") and len(w) > 6)


def _event(statement: str, s: str, ents: Entities) -> Claim | None:
    if not (ents.ids or ents.names):
        return None
    m = next((m for m in _PARTICIPLE.finditer(s) if reports_event(m.group(1) or m.group(2), m.group(1) is None)), None)
    if m is None:
        return None
    obj = (m.group("obj") or "").strip()
    verb = (m.group(1) or m.group(2)).lower()
    if not obj and verb in _LIGHT_VERBS:  # "put on hold", "placed in quarantine": the state it leaves the record in
        light = _LIGHT.match(s, m.end(1) if m.group(1) else m.end(2))
        obj = light.group("state").strip() if light else ""
    return Claim("event", statement, s, subject=m.group(1) or m.group(2), value=obj, entities=ents)
