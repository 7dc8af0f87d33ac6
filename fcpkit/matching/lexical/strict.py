"""Reading a falsifier: a statement is drift only where all of it holds.

A confirming statement may be read generously: partial support is progress, and the completion
gate decides. A falsifier may not: a falsifier past its gate stops a healthy run or sends it into
repair, so what fires it must be the statement, not a part of it. Plain word recall is fooled
three ways on pages it was not written for, and each has a rule here:

* **An entity alone does not carry a statement.** "A duplicate opportunity was created" is not
  supported by a record page saying "Opportunity · Created By": its head word *duplicate* is
  nowhere. Every content word must hold in one place (a chunk of lines, or the page's identity);
  words of presentation and discourse ("is shown", "instead", "still") are not required, and a
  disjunction needs one of its alternatives ("a driving **or** cycling route").
* **A name is a phrase.** "Quayside Market Car Park" is not on a page that holds *Quayside
  Market*, the travel mode *Car* and *Brindle Park*; "Kestrel Logistics AG" is not
  "Kestrel Logistics GmbH". A name of several words (a run of capitalised words, with ``&`` and a
  trailing number) must stand whole, in order, on one line; a run that opens the statement may
  lose its first word (the record's kind: "Event Quarterly Business Review").
* **A mention is not the record in view.** What a list item, a table row or an option says is
  about the record it lists (:attr:`Page.mentions <fcpkit.core.page.Page.mentions>`): a falsifier is
  read on the page's own content and identity, and only a statement that names a record by id
  ("LR-2207 Dana Whitfield Pending") may be read in the one row that lists that record.

Four more readings keep a statement to what it says: a statement that comes down to one common
word once stopwords are dropped ("view only") holds only where it stands as written; a word of
discourse the page itself uses in a short label ("Due now") is part of a statement that quotes the
label; a word that only a button's name says ("Send to repair") is offered, not so; and a line of
counts or one that denies the statement holds nothing of it.

What does not hold completely is partial support: it scores at most :data:`PARTIAL`, which a
model verifier may look at (the ``verify`` band) but the fast path never takes for drift.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fcpkit.core.caches import page_cache
from fcpkit.core.page import record_ids
from fcpkit.core.phrases import phrase
from fcpkit.core.page.nodes import CONTROL_ROLES
from fcpkit.core.text import NEGATIONS, PAST, tokenize, words as text_words
from fcpkit.matching.lexical import grammar as g
from fcpkit.matching.lexical.entities import ADDRESS
from fcpkit.matching.lexical.negation import BLOCKING, INABILITY, NOT_YET, SENTENCE_END, negating_sentence_words
from fcpkit.matching.lexical.page_index import line_tokens

__all__ = ["PARTIAL", "Requirement", "requirement", "DISCOURSE_WORDS", "HANDLE", "pair_chunks", "says_as_written"]

#: The most a falsifier that does not hold completely scores: the top of the band a model
#: verifier is asked about, below every drift gate the router applies with a confidence >= 0.
PARTIAL = 0.5

#: Words of presentation and discourse: how a statement is said, not what it says. "A driving
#: route is shown" holds on a page showing a driving route, which never says "shown".
DISCOURSE_WORDS = frozenset(tokenize(
    "shown showing displayed displaying visible appears appear appearing present presented instead still already yet "
    "again also even just only anymore any such so then rather really actually currently now here", past="both"))

_CAP = r"(?:[A-Z][\w'’./-]*|\d[\w.,/-]*|&)"
#: A name: capitalised words (and all-capital ones: AG, GmbH, USB), joined by spaces, ``&`` or a
#: dash, and a number that ends it ("Fleet Telematics Renewal 2024").
_RUN = re.compile(r"(?<![\w'’])[A-Z][\w'’./-]*(?:(?:\s+|\s*[&—–]\s*)(?:[A-Z][\w'’./-]*|&))*(?:\s+\d[\w.,/-]*)?")
HANDLE = re.compile(r"(?<!\w)(?:u|r|@)/?[a-z0-9][\w.-]*_[\w.-]+|@[\w.-]+")
_QUOTED = re.compile(r"'([^']{3,})'|\"([^\"]{3,})\"|“([^”]{3,})”")
_OR = re.compile(r"\s*,?\s+(?:or|nor)\s+|\s*/\s*(?=\w)", re.IGNORECASE)


@dataclass(frozen=True)
class Alternative:
    """One side of a disjunction: its tokens, and the phrase it must hold as (``()``: none)."""

    tokens: frozenset[str]
    phrase: tuple[str, ...] = ()


@dataclass(frozen=True)
class Requirement:
    """What a falsifier needs to hold completely (see module docstring)."""

    required: frozenset[str]  # content tokens outside any disjunction
    groups: tuple[tuple[Alternative, ...], ...]  # each: one of its alternatives must hold
    phrases: tuple[tuple[tuple[str, ...], ...], ...]  # each: one of its forms must stand on one line
    explicit: bool  # names a record by a strong id: the row listing that record may hold it
    negated: tuple[tuple[str, str], ...] = ()  # (negation, the word it denies): both on one line
    affirms: bool = False  # says something is so (no negation, no word of a state's end): a line denying it holds nothing
    singular: bool = False  # counts nothing (no number): a tally's words ("2 checked in") do not say it
    said: tuple[str, ...] = ()  # the statement's words in order, when it says a word of discourse (a label may quote it)
    wording: tuple[str, ...] = ()  # all its words, when they come down to one common word ("view only"): see holds
    validation: bool = False  # a form's answer to a value ("Effective date must be ..."): said only by a line so worded
    failed: bool = False  # says an act could not be done ("could not be processed"): a line saying it is not done yet denies nothing

    def describe(self) -> list[str]:
        out = []
        if self.required:
            out.append("all of: " + ", ".join(sorted(self.required)))
        for g in self.groups:
            out.append("one of: " + " | ".join(" ".join(sorted(a.tokens)) for a in g))
        for forms in self.phrases:
            out.append("phrase: " + " ".join(forms[0]))
        for neg, word in self.negated:
            out.append(f"on one line: {neg} {word}")
        return out


def _phrase_tokens(text: str) -> tuple[str, ...]:
    return tuple(t for t in tokenize(text, past="stem"))


def _runs(statement: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of each name of two words or more, each handle, each quoted string, each
    email address or domain name, and each count out of a total ("0 of 3 certificates revoked" is not "0 active" beside "3 revoked")."""
    out = []
    for m in _RUN.finditer(statement):
        words = [w for w in re.split(r"\s+|\s*[&—–]\s*", m.group(0)) if w]
        if len(words) >= 2:
            out.append((m.start(), m.end(), m.group(0)))
    for m in HANDLE.finditer(statement):
        out.append((m.start(), m.end(), m.group(0)))
    for m in _QUOTED.finditer(statement):
        out.append((m.start(), m.end(), next(g for g in m.groups() if g)))
    for m in _COUNT.finditer(statement):
        out.append((m.start(), m.end(), m.group(0)))
    for m in ADDRESS.finditer(statement):  # an email address or a domain: one identifier
        out.append((m.start(), m.end(), m.group(0)))
    return out


#: A count out of a total ("0 of 3", "2 out of 5", "4/10"): its two numbers say one thing, together.
_COUNT = re.compile(r"(?<![\w.,])\d[\d,.]*\s*(?:of|out of|/)\s*\d[\d,.]*(?![\w.,])")


_WORD = re.compile(r"[\w'’&#./-]+")
#: Words that end a label after the word "or" ("Remove post instead of ...", "Bicycle on the map").
_LABEL_STOP = frozenset("""instead rather than on in to for at with of from the a an and or nor so that which who is are
    was were be been shown displayed opens opened appears""".split())


def _label_spans(statement: str, at: int, forward: bool, runs: list[tuple[int, int, str]]) -> list[tuple[int, int]]:
    """The alternative on one side of an "or" at ``at``: a name (a run of capitalised words), else a
    label (a capitalised word and the lowercase words that follow it: "Lock thread", "Remove post"),
    else one word; before the "or", also the comma-separated ones before it ("Refund, Hold, Archive")."""
    words = [(m.start(), m.end(), m.group(0)) for m in _WORD.finditer(statement)]
    if forward:
        run = next((r for r in runs if r[0] == at), None)
        if run is not None:
            return [(run[0], run[1])]
        after = [w for w in words if w[0] >= at]
        if not after:
            return []
        span = [after[0]]
        if after[0][2][:1].isupper():
            for w in after[1:3]:
                between = statement[span[-1][1]:w[0]]
                if between.strip() or w[2][:1].isupper() or w[2].lower() in _LABEL_STOP:
                    break
                span.append(w)
        return [(span[0][0], span[-1][1])]
    out: list[tuple[int, int]] = []
    end = at
    while True:
        run = next((r for r in runs if r[1] <= end and statement[r[1]:end].strip(" ,") == ""), None)
        before = [w for w in words if w[1] <= end]
        if run is not None:
            span = (run[0], run[1])
        elif before:
            tail = before[-3:]
            caps = [i for i, w in enumerate(tail) if w[2][:1].isupper()
                    and not statement[w[1]:tail[-1][1]].count(",")]
            first = tail[caps[-1]] if caps and all(x[2].lower() not in _LABEL_STOP for x in tail[caps[-1]:]) else before[-1]
            span = (first[0], before[-1][1])
        else:
            break
        out.insert(0, span)
        k = span[0]
        if not out or statement[:k].rstrip().endswith(",") is False or len(out) > 8:
            break
        end = statement[:k].rstrip()[:-1].rstrip().__len__()  # before the comma: the previous alternative
        if end <= 0:
            break
    return out


def _alternatives(statement: str, runs: list[tuple[int, int, str]]) -> list[tuple[tuple[int, int], ...]]:
    """The disjunctions of a statement, each as the spans of its alternatives (see :func:`_label_spans`)."""
    groups = []
    for m in _OR.finditer(statement):
        right = _label_spans(statement, m.end(), True, runs)
        if right and not statement[right[0][0]:right[0][0] + 1].isupper():
            # "deleted or cancelled": a lowercase alternative is one word, and so is its partner
            w = re.search(r"([\w'’-]+)\W*$", statement[:m.start()])
            left = [(w.start(1), w.end(1))] if w else []
        else:
            left = _label_spans(statement, m.start(), False, runs)
        alts = left + right
        if len(left) >= 1 and len(right) >= 1:
            groups.append(tuple(alts))
    return groups


#: First words of a name that say what a control does, not what kind of record follows ("New
#: Work Order", "Edit Profile", "Create Post"): such a name never loses its first word.
_LABEL_VERBS = frozenset(tokenize(" ".join(g.ACTION_VERBS | {"new", "create", "start", "compose"})))
_LABEL_FIRST = frozenset((t,) for t in _LABEL_VERBS)


def _forms(text: str, at_start: bool) -> tuple[tuple[str, ...], ...]:
    """The forms a name may stand in: whole, and at the statement's start also without its first
    word (the record's kind: "Event Quarterly Business Review"), unless that word is a control's
    verb (:data:`_LABEL_VERBS`: "New Loan" is not a "Loan")."""
    toks = _phrase_tokens(text)
    if len(toks) < 2:
        return ()
    kind = at_start and toks[0] not in _LABEL_VERBS and not toks[0][:1].isdigit()  # a count loses nothing
    return (toks, toks[1:]) if kind else (toks,)


@page_cache(16384, kind="statement")
def requirement(statement: str, tokens: tuple[str, ...], optional: frozenset[str] = frozenset()) -> Requirement:
    """The :class:`Requirement` of ``statement``, whose compiled content tokens are ``tokens``
    (``optional``: tokens its claim does not need, e.g. an identity claim's kind noun)."""
    runs = _runs(statement)
    groups_spans = _alternatives(statement, runs)
    in_group: set[str] = set()
    groups: list[tuple[Alternative, ...]] = []
    for spans in groups_spans:
        alts = []
        for a, b in spans:
            text = statement[a:b]
            toks = frozenset(t for t in tokenize(text, past="marked") if t in tokens and t not in DISCOURSE_WORDS)
            if toks:
                forms = _forms(text, a == 0)
                alts.append(Alternative(toks, forms[-1] if forms else ()))
                in_group |= toks
        if len(alts) >= 2:
            groups.append(tuple(alts))
    grouped_spans = {s for spans in groups_spans for s in spans}
    phrases = []
    for a, b, text in runs:
        if (a, b) in grouped_spans:
            continue
        forms = _forms(text, statement[:a].strip() == "")
        if forms:
            phrases.append(forms)
    required = frozenset(t for t in tokens if t not in DISCOURSE_WORDS and t not in optional and t not in in_group)
    explicit = any(r.strong for r in record_ids(statement))
    affirms = not _CONTRARY.search(statement)
    singular = not any(ch.isdigit() for ch in statement)
    seq = _phrase_tokens(statement)
    said = seq if DISCOURSE_WORDS.intersection(seq) else ()
    words = tuple(w.casefold() for w in text_words(_uncontracted(statement)))
    # (a negation is no word of its own: "You do not have permission" comes down to *permission*)
    wording = words if (len(required - NEGATIONS) <= 1 and not groups and not phrases and len(words) >= 2
                        and not any(ch.isdigit() for ch in statement)) else ()
    return Requirement(required, tuple(groups), tuple(phrases), explicit, _negated(statement, required), affirms,
                       singular, said, wording, phrase("validation", statement) is not None, bool(INABILITY.search(statement)))


#: A word as a statement writes it (stopwords kept): what :attr:`Requirement.wording` holds.
#: Contractions, written out: "You don't have permission" says "you do not have permission".
_CONTRACTIONS = ((re.compile(r"\bcan[’']t\b", re.IGNORECASE), "cannot"), (re.compile(r"\bwon[’']t\b", re.IGNORECASE), "will not"),
                 (re.compile(r"n[’']t\b", re.IGNORECASE), " not"))


def _uncontracted(text: str) -> str:
    for pattern, full in _CONTRACTIONS:
        text = pattern.sub(full, text)
    return text


def _negated(statement: str, required: frozenset[str]) -> tuple[tuple[str, str], ...]:
    """Each negation of ``statement`` and the word it denies (the next content word it requires):
    a negation is bound to what it negates. "Could not post transfer" is not said by a status "Not
    saved yet" beside a disabled "Post transfer" button: *not* must deny *post*, on one line."""
    words = tokenize(statement, keep_stopwords=True, past="marked")
    out = []
    for i, w in enumerate(words):
        if w not in NEGATIONS or w not in required:
            continue
        # the first word it requires within the next three ("do not *have* permission": the
        # light verb between is no word a page must say)
        nxt = next((x for x in words[i + 1:i + 4] if x in required and x not in NEGATIONS), None)
        if nxt is not None:
            out.append((w, nxt))
    return tuple(out)


def body_phrase_tokens(line_tokens: tuple[str, ...]) -> tuple[str, ...]:
    """A page line's tokens as a phrase is matched against them (a participle's marker dropped)."""
    return tuple(t for t in line_tokens if not t.endswith(PAST))


def has_phrase(seq: tuple[str, ...], phrase: tuple[str, ...]) -> bool:
    """Whether ``phrase`` stands whole and in order in ``seq``."""
    n = len(phrase)
    if n == 0:
        return True
    first = phrase[0]
    for i in range(len(seq) - n + 1):
        if seq[i] == first and seq[i:i + n] == phrase:
            return True
    return False


# -- holding on a prepared page ----------------------------------------------------------------

def _line_chunks(prep) -> list[int]:
    """Each body line's chunk bitmask (kept in ``prep.extra``)."""
    hit = prep.extra.get("line_chunks")
    if hit is None:
        hit = [0] * len(prep.body)
        for j, (s, e) in enumerate(prep.spans):
            bit = 1 << j
            for i in range(s, e):
                hit[i] |= bit
        prep.extra["line_chunks"] = hit
    return hit


#: Roles whose name offers an act rather than states a fact: a button "New Work Order" offers to
#: open a form, and is no sign that one opened; a menu item or a tab likewise names what it does.
OFFER_ROLES = frozenset({"button", "menuitem", "menuitemcheckbox", "menuitemradio", "tab", "switch"})


def _offer_lines(prep) -> int:
    """The bitmask of ``prep``'s body lines that are the names of :data:`OFFER_ROLES` controls, or
    of links named for what they do ("New Loan", "Edit profile"; a link named for a record is not)."""
    return lines_where(prep, "offer_lines", _offers)


def _offers(n) -> bool:
    """Whether node ``n`` is a control that offers an act (see :func:`_offer_lines`)."""
    return n.kind in OFFER_ROLES or n.kind == "link" and _phrase_tokens(n.name)[:1] in _LABEL_FIRST


#: States in which a control says something of itself: a selected tab is the view shown, a pressed
#: toggle is on.
_ON_STATES = frozenset({"selected", "pressed", "checked", "current", "expanded"})


def _idle_offer_lines(prep) -> int:
    """:func:`_offer_lines` without the controls in a state (:data:`_ON_STATES`): what a button
    offers is not so, but a selected tab or a pressed toggle says its own state."""
    return lines_where(prep, "idle_offer_lines", lambda n: not (_ON_STATES & n.states) and _offers(n))


#: Roles whose name labels a control rather than states a fact.
_CONTROL_KINDS = OFFER_ROLES | CONTROL_ROLES | frozenset({"link", "checkbox", "radio", "option", "menuitemradio"})


def _control_lines(prep) -> int:
    """The bitmask of ``prep``'s body lines that are the names of controls (buttons, links, boxes,
    options): a label to act on, not something the page says happened."""
    return lines_where(prep, "control_lines", lambda n: n.kind in _CONTROL_KINDS)


def lines_where(prep, key: str, test) -> int:
    """The bitmask of ``prep``'s body lines (the lines with tokens, in order) whose node passes
    ``test``, kept in ``prep.extra[key]``."""
    hit = prep.extra.get(key)
    if hit is None:
        hit = 0
        page = prep.page
        if page is not None and page.is_page:
            j = 0
            for n in page.nodes:
                if line_tokens(n.line):
                    if test(n):
                        hit |= 1 << j
                    j += 1
        prep.extra[key] = hit
    return hit


def phrase_chunks(prep, phrase: tuple[str, ...]) -> int:
    """The chunks of ``prep`` with a line holding ``phrase`` whole (kept in ``prep.extra``). A
    name that stands only as a button's label (:data:`OFFER_ROLES`) is an act on offer, not a
    thing the page shows: "A New Work Order form opens" is not held by a "New Work Order" button."""
    key = ("phrase", phrase)
    hit = prep.extra.get(key)
    if hit is None:
        lines = prep.lines.get(phrase[0], 0) if phrase else 0
        for t in phrase[1:]:
            lines &= prep.lines.get(t, 0)
        if lines:
            lines &= ~_offer_lines(prep)
        hit = 0
        if lines:
            chunks = _line_chunks(prep)
            i = 0
            while lines:
                if lines & 1 and has_phrase(body_phrase_tokens(prep.body[i]), phrase):
                    hit |= chunks[i]
                lines >>= 1
                i += 1
        prep.extra[key] = hit
    return hit


def holds(req: Requirement, prep) -> int:
    """The chunks of ``prep`` in which ``req`` holds completely (0: none)."""
    if not req.required and not req.groups and not req.phrases:
        return 0
    get = prep.index.get
    mask = -1
    for t in req.required:
        mask &= get(t, 0)
        if not mask:
            return 0
    for group in req.groups:
        gm = 0
        for alt in group:
            am = mask
            for t in alt.tokens:
                am &= get(t, 0)
            if am and alt.phrase:
                am &= phrase_chunks(prep, alt.phrase)
            gm |= am
        mask &= gm
        if not mask:
            return 0
    for forms in req.phrases:
        pm = 0
        for f in forms:
            pm |= phrase_chunks(prep, f)
        mask &= pm
        if not mask:
            return 0
    for pair in req.negated:
        mask &= pair_chunks(prep, pair, req.failed)
        if not mask:
            return 0
    if _STATE_WORDS.intersection(req.required):
        states = _attribute_states(prep)
        for t in _STATE_WORDS.intersection(req.required):
            attr = states.get(t, 0)
            if attr and t not in prep.identity:
                on = prep.lines.get(t, 0)
                own = on & attr
                others = [o for o in req.required if o != t]
                for o in others:  # a state is its node's: its subject on the same line
                    own &= prep.lines.get(o, 0)
                mask &= _chunks_of(prep, (on & ~attr) | own)
                if not mask:
                    return 0
    if req.validation and prep.page is not None and prep.page.is_page:
        # "Effective date must be" says what a form answered; a field labelled "Effective date"
        # says none of it: the words that make it an answer ("must be") are stopwords
        mask &= _chunks_of(prep, lines_where(prep, ("validation",), lambda n: phrase("validation", n.label or n.line) is not None))
        if not mask:
            return 0
    if req.wording and prep.page is not None and prep.page.is_page:
        mask &= _chunks_of(prep, _worded_lines(prep, req.wording))
        if not mask:
            return 0
    if req.said:
        for label in _quoted_labels(req.said, prep):
            mask &= phrase_chunks(prep, label)
            if not mask:
                return 0
    offers = _idle_offer_lines(prep)
    if offers:  # a word only a button says is offered, not so: "Send to repair" does not say it is in repair
        mask = _said_elsewhere(prep, mask, req.required, {t: offers for t in req.required})
        if not mask:
            return 0
    if req.singular:
        mask = _said_elsewhere(prep, mask, req.required, _tallied(prep))
    if req.affirms and mask:
        mask = _said_elsewhere(prep, mask, req.required, _denied(prep))
    return mask


def _said_elsewhere(prep, mask: int, tokens, lines_of: dict[str, int]) -> int:
    """``mask`` without the chunks where one of ``tokens`` stands only on the lines ``lines_of`` gives
    for it (token -> bitmask of body lines that do not say it: a tally, a denial), unless the page's
    identity says it."""
    for t in tokens:
        d = lines_of.get(t)
        if d and t not in prep.identity:
            on = prep.lines.get(t, 0)
            mask &= ~(_chunks_of(prep, on & d) & ~_chunks_of(prep, on & ~d))
            if not mask:
                return 0
    return mask


def _line_words(prep, key: str, words_of) -> dict[str, int]:
    """token -> bitmask of ``prep``'s body lines (the lines with tokens, in order) whose node gives
    that token by ``words_of(node)``, kept in ``prep.extra[key]`` (as :func:`lines_where` keeps a
    bitmask of lines)."""
    hit = prep.extra.get(key)
    if hit is None:
        hit = {}
        page = prep.page
        if page is not None and page.is_page:
            j = 0
            for n in page.nodes:
                if line_tokens(n.line):
                    for t in words_of(n):
                        hit[t] = hit.get(t, 0) | (1 << j)
                    j += 1
        prep.extra[key] = hit
    return hit


# -- a statement of one common word ----------------------------------------------------------------

def _worded_lines(prep, words: tuple[str, ...]) -> int:
    """The bitmask of ``prep``'s body lines that say ``words`` in order, as the statement wrote them.
    A statement whose words come down to one common word once stopwords and words of discourse are
    dropped ("view only": *view*) says nothing that word alone says: a "View" menu, a "View all
    alerts" link. It holds only where it stands as written ("Front desk role: view only")."""
    pattern = _worded(words)
    return lines_where(prep, ("worded", words), lambda n: bool(pattern.search(_uncontracted(n.label or n.line))))


def says_as_written(req: Requirement, text: str) -> bool:
    """Whether ``text`` (an action as described) says a statement of one common word as written
    (:attr:`Requirement.wording`): the action falsifier "Transfer only" is not a click on "Confirm
    transfer". A statement with more to it: always."""
    return not req.wording or bool(_worded(req.wording).search(_uncontracted(text)))


def _worded(words: tuple[str, ...]) -> "re.Pattern[str]":
    return re.compile(r"(?<![^\W_])" + r"[\W_]+".join(map(re.escape, words)) + r"(?![^\W_])", re.IGNORECASE)


# -- a label the statement quotes ------------------------------------------------------------------

#: The longest label (in words) a statement is read as quoting: a cell's or a badge's value ("Due now",
#: "Still pending"), not a sentence.
_LABEL_WORDS = 4


def _labels(page) -> frozenset[tuple[str, ...]]:
    """The short labels of ``page`` that say a word of discourse: a node's whole name of two to
    :data:`_LABEL_WORDS` words ("Due now" in a status cell, a badge "Already paid"); kept in its cache."""
    hit = page.cache.get("discourse_labels")
    if hit is None:
        found = set()
        for n in page.nodes:
            words = _phrase_tokens(n.name) if n.name else ()
            if 2 <= len(words) <= _LABEL_WORDS and DISCOURSE_WORDS.intersection(words):
                found.add(words)
        hit = page.cache["discourse_labels"] = frozenset(found)
    return hit


def _quoted_labels(said: tuple[str, ...], prep) -> list[tuple[str, ...]]:
    """The labels of the page (:func:`_labels`, read on the whole page: a row's cells included) that
    the statement whose words are ``said`` quotes whole. A word of discourse is no word a page must
    say ("a driving route is now shown"), except where the page itself uses it in a label: then a
    statement that says the label says its value ("DHPP booster Due now" quotes the status "Due
    now" of another row), and holds only where the label stands as a phrase, not on a toast that
    says "next due 14 May 2026"."""
    page = prep.page
    if page is None or not page.is_page:
        return []
    return [label for label in _labels(page.source) if has_phrase(said, label)]


# -- a control's state is the control's ---------------------------------------------------------

#: The states an accessibility tree writes as attributes (``selected=True``, ``checked='true'``),
#: as a statement's tokens: "AM and PM runs is selected" is the state of the control so named.
_STATE_WORDS = frozenset(tokenize("selected checked expanded pressed disabled", past="marked"))


def _attribute_states(prep) -> dict[str, int]:
    """state token -> bitmask of ``prep``'s body lines that say it only as a node's state attribute
    (a tab ``'PM stops', selected=True`` is selected; "AM" on the tab beside it is not), kept in
    ``prep.extra``. A state so said belongs to its node: a statement that gives it to a subject holds
    only where the subject's words stand on that node's line, not on the tabs and meters around it."""
    return _line_words(prep, "attribute_states", _attribute_words)


def _attribute_words(n) -> tuple[str, ...]:
    if not n.states:
        return ()
    said = set(tokenize(n.label or n.name, past="marked"))
    return tuple(t for t in tokenize(" ".join(sorted(n.states)), past="marked") if t in _STATE_WORDS and t not in said)


# -- a line that says the opposite ---------------------------------------------------------------

#: A negation, or a word by which a line says a state is over or was once so ("Hold lifted", "previous
#: hold for kennel cough ended", "formerly on hold"): in a statement, it makes the statement no
#: plain affirmation; on a page line, it denies the words of its clause.
_NEGATING = r"\b(?:not|no|never|cannot|without|none|unable)\b|n't\b"
_OVER = r"\b(?:ended|lifted|released|cleared|expired|removed|resolved|previous(?:ly)?|former(?:ly)?)\b"
_CONTRARY = re.compile(f"{_NEGATING}|{_OVER}", re.IGNORECASE)
_NEGATION_AT = re.compile(_NEGATING, re.IGNORECASE)
_OVER_AT = re.compile(_OVER, re.IGNORECASE)
#: Where a clause of a page line ends: punctuation, a dash, a separator dot, a bracket.
_CLAUSE = re.compile(r"\s*[,;:.!?·|()\[\]–—]\s*|\s+-\s+")
#: "Medical hold: none", "Restrictions: n/a": a label whose value says there is none of it.
_NONE_VALUE = re.compile(r"^\s*(?P<label>[^:]{2,60}):\s*(?:none|no|n/?a|nil|—|-)\s*\.?\s*$", re.IGNORECASE)


def denied_words(line: str) -> frozenset[str]:
    """The tokens a page line denies: in each clause, the words after a negation ("Not on medical
    hold", "Payment not issued": *issued*, not *payment*), every word of a clause that says its
    state is over ("previous hold for kennel cough ended", "Hold lifted 2 Jun"), and a label whose
    value is none ("Medical hold: none"). What a line denies it does not say: a falsifier that
    affirms it ("A-2418 is on medical hold") does not hold there."""
    out: set[str] = set()
    m = _NONE_VALUE.match(line)
    if m:
        out.update(tokenize(m.group("label"), past="both"))
    for clause in _CLAUSE.split(line):
        if _OVER_AT.search(clause):
            out.update(tokenize(clause, past="both"))
            continue
        n = _NEGATION_AT.search(clause)
        if n:
            out.update(tokenize(clause[n.end():], past="both"))
    out.difference_update(NEGATIONS)
    return frozenset(out)


#: A clause that counts: a number, then what it counts ("2 checked in", "3 cancelled", "12 overdue").
_TALLY = re.compile(r"^\s*\d[\d,]*\s+(?=[^\W\d_])")


def _tallied(prep) -> dict[str, int]:
    """token -> bitmask of ``prep``'s body lines where it stands in a clause that counts, on a line of
    two counts or more ("19 appointments · 2 checked in · 3 checked out"): a tally of the records a
    list holds says how many are so, not that the one a statement speaks of is. Kept in ``prep.extra``."""
    return _line_words(prep, "tallied", _tally_words)


def _tally_words(n) -> tuple[str, ...]:
    text = n.label or n.line
    if not any(ch.isdigit() for ch in text):
        return ()
    counts = [c for c in _CLAUSE.split(text) if _TALLY.match(c)]
    if len(counts) < 2:  # one count alone may be a message ("1 payment failed")
        return ()
    return tuple(t for clause in counts for t in tokenize(clause, past="both") if not t[:1].isdigit())


def _denied(prep) -> dict[str, int]:
    """token -> bitmask of ``prep``'s body lines that deny it (:func:`denied_words`), kept in ``prep.extra``."""
    return _line_words(prep, "denied", lambda n: denied_words(text) if _CONTRARY.search(text := n.label or n.line) else ())


def pair_chunks(prep, pair: tuple[str, str], failed: bool = False) -> int:
    """The chunks of ``prep`` where a negation denies its word (``pair``): both on one line, or the
    word said beside it (a heading saying a problem, "Permission required", over "You can't resize
    ..."), in one sentence where the line holds several (:func:`_negating_sentences`), never a
    negation under a condition ("not saved until you select Save" is how the form works), not only
    a control's name (a "Post transfer" button or a "Print label on post" box beside "Not saved
    yet" says nothing of posting). A negation that denies a word of its own line ("candidate is
    not rejected") speaks of that word: only a heading beside it lends it another ("Moved to Phone
    Screen" beside it says nothing that could not move). ``failed``: the statement says the act
    could not be done, which a line saying it is not done yet does not ("Draft return — not yet
    processed" is no "Return could not be processed"). Kept in ``prep.extra``."""
    key = ("pair", pair, failed)
    hit = prep.extra.get(key)
    if hit is None:
        neg, word = prep.lines.get(pair[0], 0) & ~_conditional_lines(prep), prep.lines.get(pair[1], 0)
        if failed:
            neg &= ~_pending_lines(prep)
        said = word & ~_control_lines(prep)
        together = neg & word
        apart = together & _sentences_lines(prep)
        if apart:  # on a line of sentences, the word must stand in a sentence that negates
            together = (together & ~apart) | (apart & _negating_sentences(prep).get(pair[1], 0))
        hit = (_chunks_of(prep, together) | (_chunks_of(prep, neg & ~_denying_lines(prep)) & _chunks_of(prep, said))
               | (_chunks_of(prep, neg) & _chunks_of(prep, said & _problem_heading_lines(prep))))
        prep.extra[key] = hit
    return hit


def _sentences_lines(prep) -> int:
    """The bitmask of ``prep``'s body lines of more than one sentence."""
    return lines_where(prep, "sentences_lines", lambda n: len(SENTENCE_END.split(n.label or n.line)) > 1)


def _negating_sentences(prep) -> dict[str, int]:
    """token -> bitmask of ``prep``'s body lines of several sentences where it stands in a sentence
    holding a negation. A negation speaks within its sentence: a form's note "Submitting sends the
    lot for approval. It can't be edited after submission." denies editing, not submitting, so it
    holds no "Could not submit the lot", while "The lot could not be submitted. Try again." still
    does. Kept in ``prep.extra``."""
    return _line_words(prep, "negating_sentences", negating_sentence_words)


#: A negation followed by the word it denies on its own line ("not rejected", "can't resize", "out
#: of date": what :func:`~fcpkit.core.text.tokenize` reads as a negation).
_DENIES = re.compile(r"(?:\b(?:not|no|never|cannot|out of)|n't)\s+(?:been\s+|be\s+|yet\s+)?[^\W\d_]{3,}", re.IGNORECASE)


def _denying_lines(prep) -> int:
    """The bitmask of ``prep``'s body lines whose negation denies a word of its own."""
    return lines_where(prep, "denying_lines", lambda n: bool(_DENIES.search(n.label or n.line)))


def _problem_heading_lines(prep) -> int:
    """The bitmask of ``prep``'s body lines that are headings saying a problem ("Permission
    required", "Access denied", "Upload failed"): such a heading lends its words to the negation
    beside it ("You can't publish this story"). A heading that names a step or asks to confirm an
    act ("Check and publish", "Submit dye lot for approval?") says what the page offers, and the
    negation beside it tells what follows ("It can't be withdrawn after publication"), not that the
    act could not be done."""
    return lines_where(prep, "problem_heading_lines",
                       lambda n: n.kind == "heading" and bool(BLOCKING.intersection(line_tokens(n.label or n.line))))


def _pending_lines(prep) -> int:
    """The bitmask of ``prep``'s body lines that say something is not done yet ("not yet
    processed", "hasn't been sent yet"): a state that waits, not an act that failed."""
    return lines_where(prep, "pending_lines", lambda n: bool(NOT_YET.search(n.label or n.line)))


#: A negation with its condition: how the application works, not what happened ("Changes are not
#: saved until you select Save", "not shipped unless paid").
_CONDITION = re.compile(r"\b(?:not|n't|cannot|no)\b.*\b(?:until|unless|before you|once you|if you)\b", re.IGNORECASE)


def _conditional_lines(prep) -> int:
    """The bitmask of ``prep``'s body lines whose negation is under a condition (:data:`_CONDITION`)."""
    return lines_where(prep, "conditional_lines", lambda n: bool(_CONDITION.search(n.label or n.line)))


def _chunks_of(prep, lines: int) -> int:
    """The chunks holding any of ``lines`` (a bitmask of body lines)."""
    hit = 0
    if lines:
        chunks = _line_chunks(prep)
        i = 0
        while lines:
            if lines & 1:
                hit |= chunks[i]
            lines >>= 1
            i += 1
    return hit


def _identity_seqs(prep) -> list[tuple[str, ...]]:
    hit = prep.extra.get("identity_seqs")
    if hit is None:
        page = prep.page
        if page is None or not page.is_page:  # an action or bare text: all of it is its identity
            hit = [body_phrase_tokens(line) for line in prep.body]
        else:
            hit = [_phrase_tokens(x.replace("/", " ")) for x in page.identity]
        prep.extra["identity_seqs"] = hit
    return hit


def holds_in_identity(req: Requirement, prep) -> bool:
    """Whether ``req`` holds completely in the page's identity (URL path, title, root, heading)."""
    ident = prep.identity
    if not req.required and not req.groups and not req.phrases:
        return False
    if not req.required <= ident:
        return False
    seqs = _identity_seqs(prep)
    for group in req.groups:
        if not any(alt.tokens <= ident and (not alt.phrase or any(has_phrase(s, alt.phrase) for s in seqs))
                   for alt in group):
            return False
    return all(any(has_phrase(s, f) for s in seqs for f in forms) for forms in req.phrases)


def names_in_identity(req: Requirement, prep) -> bool:
    """Whether every name of ``req`` stands in the page's identity, an id also without the kind
    word a statement puts before it ("MRN 40031873" by the 40031873 of /patients/40031873)."""
    ident, seqs = prep.identity, _identity_seqs(prep)
    return all(any(has_phrase(s, f) for s in seqs for f in forms)
               or any(len(f) > 1 and any(c.isdigit() for c in f[-1]) and f[-1] in ident for f in forms)
               for forms in req.phrases)


def entities_hold(req: Requirement, prep, identity: bool = False) -> bool:
    """Whether every phrase of ``req`` (the names it hinges on) stands somewhere it is read."""
    if identity:
        seqs = _identity_seqs(prep)
        return all(any(has_phrase(s, f) for s in seqs for f in forms) for forms in req.phrases)
    return all(any(phrase_chunks(prep, f) for f in forms) for forms in req.phrases)
