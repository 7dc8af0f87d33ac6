"""The lexical matcher's reading of falsifiers: each claim type read where, and only where, all of
it holds (:mod:`.strict` says why; ``docs/claims.md`` documents it).

The page a falsifier is read on is the tester's *evidence view* (the application's text, without
the site's furniture and what the agent typed: :func:`fcpkit.core.page.evidence_view`). Within it:

* words (literal, presence, event claims): one chunk of the page's **own content** (its mentions,
  the items of its lists and the choices it offers, a radio button or an option not chosen
  whether grouped or not, the asides beside its main content, and a diff's insertions and
  deletions (what changed between two versions) left out; a checked radio
  button or a selected option is the form's state and stays), or, for a statement
  naming a record by id, the one row that lists that record;
* **identity** claims: the page's identity (title without the site's name, URL path, root, heading);
* **absence**: the thing is looked for on the whole page (a search box in the banner is there),
  its scope must hold whole;
* **field** claims: the page's fields (a control's value is what the form holds, typed or not);
* **message** claims: one live region, all of the message.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Sequence

from fcpkit.core.actions import REASONING_LINE, ActionDescription
from fcpkit.core.caches import page_cache
from fcpkit.core.phrases import STATUS_WORDS, acts_of
from fcpkit.core.page import Page, record_ids
from fcpkit.matching.lexical import scorers as sc
from fcpkit.matching.lexical import grammar as g
from fcpkit.matching.lexical.claims import bare_name
from fcpkit.matching.lexical.keys import predicates
from fcpkit.core.text import PAST, STOPWORDS, tokenize
from fcpkit.matching.lexical.strict import (PARTIAL, entities_hold, holds, holds_in_identity, names_in_identity, pair_chunks,
                                           phrase_chunks, requirement, says_as_written)
from fcpkit.matching.lexical.chunk_index import token_masks
from fcpkit.matching.lexical.page_index import line_tokens, live_tokens
from fcpkit.matching.lexical.recall import bound_ok, recall, sentence_with

if TYPE_CHECKING:
    from fcpkit.matching.lexical.matcher import LexicalMatcher
    from fcpkit.matching.lexical.scorers import Prepared, Stmt

__all__ = ["score_falsifiers", "Reading"]

#: A falsifier whose named things (its phrases) are not where it is read is weaker partial support:
#: below the band a verifier is asked about (the page speaks of something else).
_ELSEWHERE = 0.8 * PARTIAL


class Reading:
    """The prepared views one falsifier check reads: the evidence view, its own content (mentions
    left out), its list items one by one, the application's text whole (where an absent thing is
    looked for) and the page as it is (whose fields hold what the form holds, typed or not)."""

    __slots__ = ("view", "content", "items", "whole", "fields", "action")

    def __init__(self, matcher: "LexicalMatcher", text: "str | Page | ActionDescription"):
        self.action = text if isinstance(text, ActionDescription) else None  # the action read, as described
        self.view = matcher._prepare(text)
        page = self.view.page
        if page is None or not page.is_page:
            self.content, self.items, self.whole, self.fields = self.view, None, self.view, self.view
            return
        own = page.cache.get("own_content")
        if own is None:
            mentions = (page.mentions - page.chosen - _row_controls(page)) | page.pointers | page.asides | page.offered \
                | page.legends | page.compared
            own = page.cache["own_content"] = page.derive([i for i in range(len(page.nodes)) if i not in mentions]) \
                if mentions else False
        if own:
            self.content = matcher._prepare(own)
            self.items = _items(matcher, page)
        else:
            self.content, self.items = self.view, None
        app = page.cache.get("application")
        self.whole = matcher._prepare(app) if app is not None else self.view
        self.fields = matcher._prepare(page.source) if page.source is not page else self.view


#: Controls that hold a value the form sends (what an editable grid's cells are).
_VALUE_CONTROLS = frozenset({"textbox", "searchbox", "spinbutton", "combobox", "slider", "textarea"})


def _row_controls(page: Page) -> frozenset[int]:
    """Positions of the value controls inside the rows of an editable grid (the order lines of the
    order in view, each quantity a spin button): what they hold is the form's state, the record in
    view's own, not a mention of a record the row lists. A row that links somewhere ("Room 412")
    lists a record of its own, and its controls are that record's."""
    nodes = page.nodes
    rows = {page.items[i] for i in page.mentions if nodes[i].kind in _VALUE_CONTROLS and nodes[i].value
            and nodes[page.items[i]].kind == "row"}
    own = {r for r in rows if not any(nodes[k].kind == "link" for k in page.subtree(r))}
    return frozenset(i for i in page.mentions if page.items[i] in own and nodes[i].kind in _VALUE_CONTROLS and nodes[i].value)


def _items(matcher: "LexicalMatcher", page: Page) -> "Prepared | None":
    """The page's list items as chunks, one item each (kept in the page's cache)."""
    key = ("item_chunks", matcher.window, matcher.stride)
    hit = page.cache.get(key)
    if hit is None:
        body = [line_tokens(n.line) for n in page.nodes]
        tops = [i for i, it in enumerate(page.items) if it == i and i not in page.offered]  # (a choice not made lists nothing)
        spans = tuple((i, page.ends[i]) for i in tops)
        if not spans:
            hit = False
        else:
            index, lines = token_masks(body, spans)
            hit = sc.Prepared(frozenset(), index, lines, (), page, body=body, spans=spans)
        page.cache[key] = hit
    return hit or None


_KIND_PAGE = g.PAGE_WORDS | g.PAGE_WORDS_AFTER_RECORD
_SUBJECT_NEXT = frozenset({"by", "is", "was", "were", "has", "have", "had", "been", "in", "on", "for", "of"})


def _kind(st: "Stmt", statement: str) -> str | None:
    """The record kind a statement opens with, as its subject ("Thread posted by u/x", "Report
    R-7350", "Event Quarterly Business Review ..."): a capitalised first word, followed by a name,
    an id, a participle or a preposition. The page in view is of that kind without saying so
    next to its facts (a thread page says "Posted by", not "thread posted by"), so the kind may
    stand anywhere on the page; an identity claim and an action need not say it at all (a click
    lands on "T-411 Refund not received", the record of kind ticket)."""
    if len(st.tokens) < 2 or not statement[:1].isupper():
        return None
    first = st.tokens[0]
    if any(c.isdigit() for c in first) or first.endswith(PAST):
        return None
    words = statement.split()
    if len(words) < 2 or tokenize(words[0]) != (first,):
        return None
    nxt = words[1]
    if nxt[:1].isupper() or nxt[:1] in "#\"'“" or any(c.isdigit() for c in nxt):
        return first  # a name or an id follows: "Ticket T-411", "Event Quarterly Business Review"
    if _is_identity(st) and nxt.lower().strip(",.:") in _KIND_PAGE:
        return first  # the kind's page: "Place page of ...", "Opportunity detail for ..."
    if not _is_identity(st) and (nxt.lower() in _SUBJECT_NEXT or st.tokens[1].endswith(PAST)):
        return first  # a fact about it follows: "Thread posted by u/x"
    return None  # "Sign in to Quillstack": a verb, not a kind; it stays required


def _is_identity(st: "Stmt") -> bool:
    """Whether the statement says which record or screen is in view: a page named ("Place page of
    X"), or a record by its kind and id or by its name alone ("WO-7703 Oil change, Ford Fiesta")."""
    return st.kind == "identity" or (st.claim is not None and st.claim.type == "identity")


#: Nouns of a page's structure, never a record's kind.
_NOT_RECORDS = frozenset(g.PAGE_WORDS | g.PAGE_WORDS_AFTER_RECORD | set(g.ROLE_WORDS) | g.LIST_NOUNS | g.HOLDERS)


def _named_record(statement: str) -> bool:
    """Whether a falsifier names a record by its name and its kind after it ("Murtagh Marine
    Engineering Ltd folio", "Kestrel Logistics account"): that record in view, not a list or a
    panel that names it (a guest's folio page lists the company's folio as a row and links the
    company). The kind is one lowercase noun, no verb form."""
    words = statement.strip().rstrip(".").split()
    if len(words) < 3 or not re.fullmatch(r"[a-z]{3,}", words[-1]) or words[-1].endswith(("ed", "ing", "s")):
        return False  # a kind is one noun, singular: "opens", "shows" are what a sentence says
    kind = words[-1]
    if kind in STOPWORDS or kind in _NOT_RECORDS or not tokenize(kind):
        return False  # "New Work Order form": a form, a page, a list is where a record is shown, not one
    return bare_name(" ".join(words[:-1]))


def _entity_beside_kind(st: "Stmt") -> bool:
    """Whether the statement names something besides its kind (an id, a name, a handle): only then
    is the kind the record's ("Thread posted by u/x"), not the subject that tells two facts apart
    ("Thread locked" is not "Post locked")."""
    claim = st.claim
    if claim is None:
        return False
    e = claim.entities
    return bool(e.ids or e.quoted or any(len(n.split()) >= 2 for n in e.names) or any("_" in t or "/" in t for t in st.tokens))


def _says_of_it(st: "Stmt", statement: str, kind: str | None) -> bool:
    """Whether a statement says something of the records it names: a word beside its kind, ids,
    names, amounts and dates ("T-390 assigned to Payments", "Order 1043 cancelled"). One that only
    names and describes a record ("Gift G-774109, $150.00, Library Renewal Fund") says which record
    is in view: the row of a list or a related-records panel that lists that record is a mention of
    it, which every page around the near miss shows, not the record in view."""
    claim = st.claim
    if claim is None:
        return True
    head = _ID_TITLE.match(statement)
    if head is None and (bare := _ID_THEN_TITLE.match(statement)) is not None and _titled(statement[bare.end():]):
        head = bare
    if head is None and (bare := _ID_THEN_WORDS.match(statement)) is not None and _describes(statement[bare.end():]):
        head = bare
    if head is not None and _COPULA.search(statement, head.end()):
        head = None  # "R-119 Harbour Pale Ale (Cask) is selected": the name, then what is said of it
    if head is not None and any(r.strong for r in record_ids(head.group(1))):
        return False  # "THS-2025-0418 · Tidal stream resource assessment ...": an id and its title, as lists write them
    e = claim.entities
    named = {t for text in (*e.ids, *e.names, *e.amounts, *e.quoted, *_name_links(statement))
             for t in tokenize(text, past="marked")}
    named |= {t for t in st.tokens if any(c.isdigit() for c in t)}  # dates and amounts as written
    if kind is not None:
        named.add(kind)
    return any(t not in named for t in tokenize(statement, past="marked"))


#: A record's id, then a separator and its title: how lists and links name a record ("THS-2025-0418 ·
#: Tidal stream resource assessment", "INC-2207 | Printer offline", "PR-88: Fix the build"). Either
#: may follow the record's kind, as a plan writes it ("Anomaly AN-7713 Battery voltage low").
_KIND_FIRST = r"^\s*(?:[A-Z][a-z]+\s+)?"
_ID_TITLE = re.compile(_KIND_FIRST + r"(\S*\d\S*?)\s*[·•|:–—]\s+\S")
#: A record's id and its title with no separator, the title in sentence case ("ECO-1048 Revise gate
#: location on pump housing", "PR-88 Fix the build"), as a heading or a link writes the two.
_ID_THEN_TITLE = re.compile(_KIND_FIRST + r"(\S*\d\S*?)\s+(?=[A-Z][a-z]+\s+\S+\s+\S)")


#: A record's id (after its kind, or not) and a few plain words after it: "SP-40227 garden
#: standpipe", "Batch B-2416 detail page" (:func:`_describes` says whether they describe it).
_ID_THEN_WORDS = re.compile(_KIND_FIRST + r"(\S*\d\S*?)\s+(?=[^\W\d_])")
#: Words by which a statement says something of what it named: a negation, a verb of being.
_SAYING = frozenset("not no is are was were has have".split())
#: Words that say a record's state, not what it is (beside the application's status words).
_STATE_WORDS = frozenset(tokenize("hold overdue late urgent due")) | frozenset(tokenize(" ".join(STATUS_WORDS), past="stem"))


def _describes(rest: str) -> bool:
    """Whether the words after a record's id only describe which record it is ("garden standpipe",
    "detail page", "15 mm meter"): at most six words, none a participle, a status or a state
    ("offline", "on hold", "overdue"), a negation or a verb that says something of it. A
    plan names a near miss so ("SP-40227 garden standpipe"), as a list's link does."""
    words = [w.lower() for w in rest.split()]
    if not words or len(words) > 6 or any(w.endswith("ed") or w in _SAYING for w in words):
        return False
    toks = set(tokenize(rest, past="stem"))
    return not toks & (_STATES | _STATE_WORDS) and not predicates(rest)


#: A verb that says something of what a statement has named ("… is selected", "… was cancelled",
#: "… has been archived"): a title does not hold one.
_COPULA = re.compile(r"\s(?:is|are|was|were|has been|have been)\s+\S", re.IGNORECASE)


def _titled(rest: str) -> bool:
    """Whether the words after a record's id are its title, not a state of it: a title's first word is
    neither a participle nor a status ("ORD-5 Cancelled by the customer", "PO-12 Pending approval"
    say something of the record)."""
    first = rest.split(" ", 1)[0].casefold()
    return bool(first) and not first.endswith("ed") and first not in STATUS_WORDS


def _name_links(statement: str) -> list[str]:
    """The short lowercase words that join the capitalised words of a name as titles write it ("re",
    "the", "of" in "In re the Marriage of Lindqvist"; "of", "a", "with" in "Portrait of a Lady with
    a Fan"): a run of words of four letters at most, no participle, between a capitalised word or
    an id and a capitalised word. They name; a word after the name ("cancelled") says."""
    words = statement.split()
    out: list[str] = []
    k = 0
    while k < len(words):
        j = k
        while j < len(words) and words[j][:1].islower() and len(words[j]) <= 4 and not words[j].endswith("ed"):
            j += 1
        if j > k and k > 0 and j < len(words) and _names_start(words[k - 1]) and words[j][:1].isupper():
            out.extend(words[k:j])
        k = max(j, k + 1)
    return out


def _names_start(word: str) -> bool:
    return word[:1].isupper() or any(c.isdigit() for c in word)


class _Shape:
    """What a falsifier's reading needs of its statement alone, found once per compiled statement:
    the record kind it may open with, whether it names something beside it, whether it is an
    identity claim, its template slots, the tokens no page needs to say, and whether it says
    something of the records it names (:func:`_says_of_it`)."""

    __slots__ = ("kind", "beside", "identity", "slots", "optional", "action_optional", "says")

    def __init__(self, st: "Stmt", statement: str):
        self.beside = _entity_beside_kind(st)
        self.kind = _kind(st, statement) if self.beside else None
        self.says = _says_of_it(st, statement, self.kind)
        self.identity = _is_identity(st) or _named_record(statement)
        self.slots = _slots(statement)
        self.optional = frozenset(t for _, _, toks in self.slots for t in toks)
        self.action_optional = self.optional | _locative_tail(statement)


_SHAPES: dict[tuple[int, str], tuple["Stmt", _Shape]] = {}


def _shape(st: "Stmt", statement: str) -> _Shape:
    """The :class:`_Shape` of ``st`` read as ``statement``, kept while the compiled statement lives
    (the testers hand the same compiled statements at every check)."""
    key = (id(st), statement)
    hit = _SHAPES.get(key)
    if hit is not None and hit[0] is st:
        return hit[1]
    shape = _Shape(st, statement)
    if len(_SHAPES) > 16384:
        _SHAPES.clear()
    _SHAPES[key] = (st, shape)
    return shape


def _plain(st: "Stmt", r: Reading, statement: str, subject: frozenset[str] = frozenset()) -> float:
    """A statement read as words (see module docstring); ``subject``: the tokens of what a claim is
    about (an absent thing, a field's label), which alone are no support for what it says of it."""
    sh = _shape(st, statement)
    kind = sh.kind
    page = r.view.page
    is_page = page is not None and page.is_page
    if kind is not None and not sh.identity and is_page and not (kind in r.view.index or kind in r.view.identity):
        kind = None  # a page that never says the kind: it stays required where the rest is
    if sh.slots and not _filled(sh.slots, page):
        return min(recall(st, r.content, confirming=False), PARTIAL)  # "Reply to <member>": no value where the slot stands
    optional = sh.optional if is_page else sh.action_optional  # an action says what it acts on, not where it stood
    if kind is not None:
        optional = optional | {kind}
    req = requirement(statement, st.tokens, optional)
    if r.action is not None and not says_as_written(req, r.action.text):
        return _partial(st, req, r.content, r.content, subject)  # "Transfer only" is no click on "Confirm transfer"
    if sh.identity:
        if holds_in_identity(req, r.view) or _described_in_view(req, r, statement):
            return 1.0
        return _partial(st, req, r.view, r.content, subject, identity=True)
    # complete support stands for itself (a disjunction's names are no longer each required, as
    # the word recall's key tokens are), but an event must still be bound to its record
    if holds(req, r.content) and bound_ok(st, r.content, confirming=False) and (sh.beside or _phrase_on_a_line(req, r.content)) \
            and _counts_stand(statement, r.content):
        return 1.0
    if req.explicit and sh.says and r.items is not None and holds(req, r.items) and bound_ok(st, r.items, confirming=False):
        return 1.0
    return _partial(st, req, r.content, r.content, subject)


def _described_in_view(req, r: Reading, statement: str) -> bool:
    """Whether a record described by its id, names and details ("Marjorie Okafor, MRN 40031873,
    bed 13") is the page's record: its id the record the page is about, every name of it in the
    page's identity (the heading, the title, the URL) and every other word of it in the page's own
    content (the patient banner saying "bed 13"). A page is seldom titled with all of a record's
    details; its identity says which record it is, and its content the rest."""
    page = r.view.page
    if not req.phrases or page is None or not page.is_page:
        return False
    own = {x.id for x in page.identity_records}
    return bool(own) and any(x.id in own for x in record_ids(statement)) and names_in_identity(req, r.view) \
        and holds(req, r.content)


def _partial(st: "Stmt", req, where, content, subject: frozenset[str] = frozenset(), identity: bool = False) -> float:
    """Support short of whole: the word recall, at most :data:`PARTIAL` where the statement's names
    stand and a word of what it says of them stands beside them (:func:`_said_holds`), else at
    most :data:`_ELSEWHERE`."""
    base = recall(st, content, confirming=False)
    if base <= _ELSEWHERE:
        return base
    if req.negated and not all(pair_chunks(where, p, req.failed) for p in req.negated):
        return min(base, _ELSEWHERE)  # what it denies is denied nowhere: "Not saved yet" is no "could not post"
    if entities_hold(req, where, identity=identity) and _said_holds(req, where, subject, identity):
        return min(base, PARTIAL)
    return min(base, _ELSEWHERE)


_PROBLEM = frozenset(tokenize(" ".join(g.PROBLEM_WORDS))) | frozenset(tokenize(" ".join(g.PROBLEM_WORDS), past="stem"))


def _said_holds(req, prep, subject: frozenset[str], identity: bool) -> bool:
    """Whether a word of what the statement says (a required token that is neither one of its
    names nor its ``subject``) stands where its names do: in a chunk holding every name, or in the
    page's identity. An entity alone does not carry a statement, not even partly: "Close Date field
    error: invalid date format" is not half-supported by a form with a Close Date field, nor "Global
    search box is not available" by a page showing the search box. A statement that is all names
    ("Event Quarterly Business Review prep") keeps its partial reading."""
    names = {t for forms in req.phrases for t in forms[0]}
    said = [t for t in req.required
            if (t[: -len(PAST)] if t.endswith(PAST) else t) not in names and t not in subject]
    if not said:
        return True
    # a statement of a problem is about the problem: its topic's words alone are what a healthy
    # page of the same topic shows ("leave balance" beside no "insufficient")
    problem = [t for t in said if (t[: -len(PAST)] if t.endswith(PAST) else t) in _PROBLEM]
    said = problem or said
    if identity:
        return any(t in prep.identity for t in said)
    mask = -1
    for forms in req.phrases:
        pm = 0
        for f in forms:
            pm |= phrase_chunks(prep, f)
        mask &= pm
    get = prep.index.get
    return any(get(t, 0) & mask for t in said)


#: A slot of a statement written as a template, after the one or two words it follows: "Reply to
#: <member>", "Ticket {id}", "Replying to u/..." (a literal prefix, then the value).
_SLOT = re.compile(r"(?P<anchor>(?:[\w’'-]+\s+){1,2})(?:<[^<>]{1,40}>|\{[^{}]{1,40}\}|(?P<prefix>[^\s.…()]*)(?:\.\.\.|…))")


@page_cache(4096, kind="statement")
def _slots(statement: str) -> tuple[tuple[re.Pattern[str], str, frozenset[str]], ...]:
    """Each template slot of ``statement``: the pattern its anchor and a value make, the anchor, and
    the slot's own tokens (the placeholder's words: "member"), which no page needs to say."""
    out = []
    for m in _SLOT.finditer(statement):
        anchor = m.group("anchor").split()
        prefix = m.group("prefix") or ""
        slot = m.group(0)[len(m.group("anchor")):]
        pattern = re.compile(r"\b" + r"\s+".join(re.escape(w) for w in anchor) + r"[\s'\"“”‘’:]+" + re.escape(prefix)
                             + r"[\w@#./-]*[\w@#]", re.IGNORECASE)
        out.append((pattern, " ".join(anchor), frozenset(tokenize(slot, past="marked"))))
    return tuple(out)


def _filled(slots, page: Page | None) -> bool:
    """Whether every slot's anchor stands on the text followed by a value."""
    if page is None:
        return False
    flat = page.cache.get("flat_labels")
    if flat is None:
        flat = page.cache["flat_labels"] = " ".join(n.label for n in page.nodes) if page.is_page else \
            " ".join(l for l in page.body.splitlines() if not l.startswith(REASONING_LINE))  # what it acts on, not why
    return all(p.search(flat) for p, _, _ in slots)


#: Where an action's target stands, after it: "click Reply to <member> *on one of the replies*".
_LOCATIVE_TAIL = re.compile(r"\s(?:on|in|inside|within|under|below|above|beside|next to)\s+(?:one of\s+|any of\s+)?"
                            r"(?:the|a|an|this|that|its|their|his|her)\s+[^,;]+$", re.IGNORECASE)


@page_cache(4096, kind="statement")
def _locative_tail(statement: str) -> frozenset[str]:
    """The tokens of an action statement's trailing place phrase: an action's description says what
    was clicked, typed or chosen, not where on the page it stood."""
    m = _LOCATIVE_TAIL.search(statement)
    head = statement[: m.start()] if m else statement
    if m is None or len(tokenize(head)) < 2:
        return frozenset()
    return frozenset(tokenize(m.group(0), past="marked")) - frozenset(tokenize(head, past="marked"))


def _phrase_on_a_line(req, prep) -> bool:
    """A short statement of what happened to a kind of thing, or of the state it is in, naming
    none ("Thread locked", "Post removed", "Search is unavailable"): the thing and the event or
    state on one line, as a page says them ("Post locked." beside a thread's title says nothing of
    the thread, nor a maintenance notice "ThesisDesk will be unavailable on Saturday" under the
    search box of the search). Longer statements, and those naming a record or a person (bound to
    it by :func:`~fcpkit.matching.lexical.scorers.bound_ok`), are read over a chunk."""
    toks = req.required
    if not 2 <= len(toks) <= 3 or not any(t.endswith(PAST) or t in _STATES for t in toks):
        return True
    # one sentence of the line: "CHEM 214-02 added for Fall 2025. Waitlist entry removed." has
    # *added* and *waitlist*, but no sentence says "added to waitlist"
    return sentence_with(prep, toks)


#: The states a thing is said to be in without an event ("Search is unavailable", "Checkout
#: offline"): read like an event, on one line with the thing.
_STATES = frozenset(tokenize("unavailable offline disabled missing empty closed expired invalid blocked suspended "
                             "inactive broken down"))


#: "2 nights", "6 guests", "3 more items": a count, then what it counts in lowercase (not a time's
#: "09:00 BST", nor a date's month).
_COUNT = re.compile(r"(?<![\w:.,/-])(\d+)\s+(?!(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)([a-z]{3,})\b")


def _counts_stand(statement: str, prep) -> bool:
    """Whether each count the statement gives ("2 nights") stands on a line of the page with what
    it counts right after it: "Step 2 of 4" and "3 nights" on another line say nothing of two
    nights. A statement that counts nothing passes."""
    pairs = []
    for n, unit in _COUNT.findall(statement):
        a, b = tokenize(n), tokenize(unit)
        if a and b:
            pairs.append((a[0], b[0]))
    return all(any(line[i] == n and u in line[i + 1:i + 3] for line in prep.body for i in range(len(line)))
               for n, u in pairs)


def _statement(st: "Stmt") -> str:
    """The text a claim's requirement is read from: what it asserts ("Post removed" of "Post removed
    instead of locked"), as written."""
    if st.claim is None:
        return ""
    return st.claim.statement if st.claim.type == "absence" else st.claim.canonical


def _absence(st: "Stmt", r: Reading, prior: float) -> float:
    thing = frozenset(st.thing.tokens) if st.thing is not None else frozenset()
    literal = _plain(st.views[0], r, _statement(st), thing) if st.views and st.views[0].tokens else 0.0
    if st.context is not None:
        context = sc.scope_place(st.context, r.view, st.claim.scope if st.claim is not None else "")
        if context is None:  # not a place the page could be: its words, all of them, in the page's own content
            context = _plain(st.context, r, st.claim.scope if st.claim is not None else "")
    else:
        context = prior
    if context <= literal:
        return literal
    within = sc.named_region(st.context, r.whole) if st.context is not None and context >= 1.0 else None
    p = sc.presence(st.thing, st.claim, r.whole, within=within) if st.thing is not None else 0.0
    if p < 1.0 and st.thing is not None and within is None and _record_in_view(st.thing.tokens, r):
        p = 1.0
    return max(literal, (1.0 - p) * context)


def _record_in_view(thing: tuple[str, ...], r: Reading) -> bool:
    """Whether the thing an absence names is the record the page is about: the page's heading
    names a record of its kind by id ("Transfer-in TRI-2025-00421" for "no transfer from Sterling
    Mutual for Daniel Okafor"), and every other word of it stands on the page (the record's fields,
    those a user filled in included: "Customer: Acme Retail"). A record's page shows it in its
    fields, not in one node's name, as a list's row does."""
    page = r.view.page
    if len(thing) < 2 or page is None or not page.is_page or page.heading is None:
        return False
    heading = page.nodes[page.heading].name
    ids = record_ids(heading)
    if not ids:
        return False
    at = heading.upper().find(ids[0].id)
    kind = frozenset(tokenize(heading[:at])) if at > 0 else frozenset()
    get = r.fields.index.get
    return thing[0] in kind and all(get(t, 0) for t in thing[1:])


def _field(st: "Stmt", r: Reading) -> float:
    claim = st.claim
    page = r.fields.page
    if claim is not None and page is not None and page.is_page and sc.has_label(claim.subject, r.fields):
        return sc.field_score(st, r.fields)
    # no field of that label on the page: the field the statement is about is not here to hold anything
    label = frozenset(tokenize(claim.subject, past="marked")) if claim is not None else frozenset()
    return min(_plain(st.views[0], r, _statement(st), label), PARTIAL)


def _message(st: "Stmt", r: Reading) -> float:
    page = r.view.page
    body = st.views[0]
    if page is not None and page.is_page and page.live and body.tokens:
        want = frozenset(body.tokens)
        for have in live_tokens(r.view):
            if want <= have:
                return 1.0
    return _plain(body, r, st.claim.subject if st.claim is not None else "")


def _control(st: "Stmt", r: Reading) -> float:
    page = r.whole.page
    if page is None or not page.is_page or st.thing is None:
        return _plain(st.views[0], r, _statement(st))
    p = sc.presence(st.thing, st.claim, r.whole)
    return p if p >= 1.0 else min(p, PARTIAL)


def _event(st: "Stmt", r: Reading) -> float:
    s = _plain(st, r, _statement(st))
    if s >= 1.0:
        return s
    via_field = sc.event(st, r.whole, confirming=False)  # on the record's page, a field holding the event's result
    return 1.0 if via_field >= 1.0 and recall(st, r.whole, confirming=False) < 1.0 else s


#: Words that say how many things a control acts on ("Renew all", "Select every row", "Delete both",
#: "Also reverse 3 other charges"). Pages and plans drop them as stopwords, but a bulk control differs
#: from the control beside it by that word alone ("Renew all" beside each row's "Renew <title>").
_QUANTIFIERS = frozenset(tokenize("all every each both entire whole also", keep_stopwords=True))


#: The particle of a phrasal verb: dropped as a stopword, yet "Check out" is not "check" (a
#: restaurant's check 20113 is no check-out), nor "Sign out" "sign".
_PARTICLES = frozenset(tokenize("out in up off down over back away", keep_stopwords=True))


#: When a control acts: "Send now" beside "Send later" and the "Send date" box, "Pay now", "Publish
#: immediately". Words of discourse in a sentence ("is still shown now"), the whole difference in a
#: control's label.
_WHEN = frozenset(tokenize("now later immediately today tomorrow", keep_stopwords=True))


def _quantity_missing(statement: str, action: ActionDescription) -> bool:
    """Whether an action falsifier says how many the control it names acts on ("Renew all"), or
    is a control's label of a phrasal verb or of when it acts ("Check out", "Sign out", "Send
    now": three words at most), and what the action acts on (its target, the values it types or
    chooses) does not say it."""
    words = tokenize(statement, keep_stopwords=True)
    want = _QUANTIFIERS.intersection(words)
    if len(statement.split()) <= 3:
        want |= (_PARTICLES | _WHEN).intersection(words)
    return bool(want) and not want.issubset(tokenize(" ".join((action.target_text, *action.values)), keep_stopwords=True))


def _act_missing(statement: str, said: frozenset[str]) -> bool:
    """Whether an action falsifier opens with an act ("Cancel registration", "Refund entire order")
    that the action neither performs nor means: its verb is not among ``said``, the tokens of the
    action's target, values and words of intent. What it would act on alone ("Registrations", the
    list the agent opens) is no part of the act."""
    words = statement.split()
    if not words or not acts_of(words[0]):
        return False
    verb = tokenize(words[0], past="stem")
    return bool(verb) and not said.issuperset(verb)


def score_falsifiers(matcher: "LexicalMatcher", statements: Sequence[str], text: "str | Page | ActionDescription",
                     compiled: Sequence["Stmt"]) -> list[float]:
    """Each falsifier's score on ``text`` (see module docstring); an action's on what it does."""
    if isinstance(text, ActionDescription):
        text = text.deed
    out = _score_all(Reading(matcher, text), compiled, matcher)
    if isinstance(text, ActionDescription):
        said = frozenset(tokenize(" ".join((text.target_text, *text.values, text.context)), past="stem"))
        out = [min(s, _ELSEWHERE) if _quantity_missing(statement, text) or (text.tells and not _TELLING.match(statement))
               or _act_missing(statement, said) or _elsewhere(statement, text) else s for s, statement in zip(out, statements)]
    return out


#: Words of a place phrase that name the kind of place, not which one ("on the AM *row*", "in the
#: first *card*"): which row it is, is the rest.
_PLACE_NOUNS = frozenset(tokenize("row rows line lines item items entry entries card cards tile section panel list table "
                                  "column tab grid group first second third last one top bottom", keep_stopwords=True))


def _elsewhere(statement: str, action: ActionDescription) -> bool:
    """Whether an action falsifier says where the control it names stands ("click Change stop on
    the AM row") and the row or list item the action's target stands in (``action.place``, known
    when the action was tested on its page) does not say it: the same control on another row."""
    if not action.place:
        return False
    tail = _locative_tail(statement) - _PLACE_NOUNS
    return bool(tail) and not tail <= frozenset(tokenize(action.place, past="marked"))


#: An action falsifier about what the agent tells the user ("Report the refund as done", "Tell the
#: user the order shipped"): the only kind a message to the user can fulfil. One about an act on
#: the application ("Send tickets for F12, F13", "Wipe LT-04471") is not done by a message that
#: names the same things.
_TELLING = re.compile(r"^\s*(?:report|tell|answer|say|claim|reply to the user|message the user|inform the user)\b"
                      r"|.*\b(?:the user|send_msg_to_user|final (?:answer|message|report))\b", re.IGNORECASE)


def _score_all(r: Reading, compiled: Sequence["Stmt"], matcher: "LexicalMatcher") -> list[float]:
    out = []
    for st in compiled:
        if st.kind in ("place", "both"):  # a falsifier is read whole: all of it where it is read
            st = st.views[0]
        kind = st.kind
        if kind == "either":  # either state of the thing: each read as its own falsifier
            out.append(max(_score_all(r, st.views, matcher)))
        elif kind == "exclusion":
            out.append(sc.exclusion(st, r.view))
        elif kind == "absence":
            out.append(_absence(st, r, matcher.absence_prior))
        elif kind == "field":
            out.append(_field(st, r))
        elif kind == "message":
            out.append(_message(st, r))
        elif kind == "control":
            out.append(_control(st, r))
        elif kind == "event":
            out.append(_event(st, r))
        elif kind == "chosen" and (made := sc.choice_made(st, r.view.page)) is not None:
            # "R-119 Harbour Pale Ale (Cask) is selected": the choice it names carries its state
            out.append(1.0 if made else min(_plain(st, r, _statement(st)), PARTIAL))
        elif kind == "literal" and sc.field_denies(_statement(st), r.fields):
            out.append(0.0)  # "Units 2" where the Units box holds 3: the field says otherwise
        else:
            out.append(_plain(st, r, _statement(st)))
    return out
