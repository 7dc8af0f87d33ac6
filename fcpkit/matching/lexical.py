"""The fast default matcher: IDF-weighted content recall, max over chunks, hardened for real pages.

Score of a statement against a page = the largest share (by IDF weight) of the statement's
content tokens that one chunk of the page contains. Plain word overlap is fooled in four ways on
real pages, and each has a rule here:

* **Near-miss records.** A statement that names a page ("Ticket T-411 detail": it contains a page
  word such as *detail*, *page*, *screen*) is matched against the page's *identity* only: URL path,
  title and first heading. A queue that merely lists T-411 does not support it.
* **Identifiers differing by one character.** Tokens with a digit (ids, amounts) are *key tokens*:
  a chunk that lacks any key token of the statement scores 0, however many other words match.
* **Absence and negation.** "Approve button is not available [on expense detail]" is an absence
  claim: support = (1 − presence of the thing) × support of its context (the ``on …`` clause, or
  ``absence_prior`` when none is given, because absence on an unrelated page proves little). Other
  negated statements ("No tickets match") are literal: their negation word is a key token.
* **Volatile text.** Clocks, relative times and counters are stripped before tokenising.
"""

from __future__ import annotations

import math
from functools import lru_cache
import re
from collections import OrderedDict
from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np

from fcpkit.core.text import NEGATIONS, is_key_token, strip_bids, strip_volatile, tokenize

__all__ = ["LexicalMatcher", "PAGE_WORDS"]

#: Words that make a statement about *which page is open* rather than what it contains.
PAGE_WORDS = frozenset({"detail", "details", "page", "screen"})
_PAGE_STEMS = frozenset(tokenize(" ".join(PAGE_WORDS)))

_ABSENCE = re.compile(
    r"^\s*(?:the\s+)?(?P<x>.+?)\s+(?:is|are)\s+(?:not|no longer)\s+(?:available|shown|present|visible|displayed|there|listed|offered|found)"
    r"(?:\s+(?:on|in|from)\s+(?:the\s+)?(?P<ctx>.+?))?\s*\.?\s*$"
    r"|^\s*(?:the\s+)?(?P<x2>.+?)\s+(?:is|are)\s+(?:missing|absent|unavailable|hidden|gone)"
    r"(?:\s+(?:on|in|from)\s+(?:the\s+)?(?P<ctx2>.+?))?\s*\.?\s*$"
    r"|^\s*there\s+(?:is|are)\s+no\s+(?P<x3>.+?)(?:\s+(?:on|in)\s+(?:the\s+)?(?P<ctx3>.+?))?\s*\.?\s*$",
    re.IGNORECASE,
)
#: Control descriptors: "Assign button" is present when something named Assign is, whatever its role.
_ROLE_WORDS = frozenset(tokenize("button buttons link links control field box textbox searchbox checkbox dropdown menu option tab list"))
_EXCLUSION_NAME = r"(?:[a-z]*[-_]?\d[\w.-]*|[A-Z][\w-]*(?:\s+#?\d[\w.-]*)?|'[^']+'|\"[^\"]+\")"
_EXCLUSION = re.compile(
    r"\b(?:other than|different from|instead of|rather than|anything but|except|not in|not one of)\s+"
    rf"(?P<key>{_EXCLUSION_NAME}(?:\s*,\s*{_EXCLUSION_NAME})*)",
    re.IGNORECASE,
)
_NAME = re.compile(r"(?<![.!?]\s)(?<!^)(?<![.!?]\s\s)\b([A-Z][a-z]+[A-Za-z]*)\b|'([^']+)'|\"([^\"]+)\"")


_PREDICATE = re.compile(
    r"\b(?:is|are|was|were|been|be|got|gets|become|becomes)\s+(?:not\s+|no longer\s+|now\s+|still\s+)?([a-z]+)\b"
    r"|\b([a-z]{3,}ed)\b",
    re.IGNORECASE,
)


def _predicates(statement: str) -> frozenset[str]:
    """What a statement says *happened* or *holds*: "is closed", "saved", "rejected".

    A page that mentions the record but not the event does not support the event: "Ticket T-390
    is closed" is not supported by a queue that lists T-390. Same rule as key tokens.
    """
    out: set[str] = set()
    for m in _PREDICATE.finditer(statement):
        out.update(tokenize(m.group(1) or m.group(2), past="marked"))
    return frozenset(out)


def _names(statement: str) -> frozenset[str]:
    """Tokens of names in a statement: capitalised words past a sentence start, and quoted text.

    "Team Billing selected" names *Billing*: a page about selecting a team does not support it
    unless Billing is there, however well "team" and "selected" match. Same rule as key tokens.
    """
    out: set[str] = set()
    for m in _NAME.finditer(statement.strip()):
        word = m.group(1)
        if word is not None:
            out.update(tokenize(word, past="marked"))
        else:
            out.update(tokenize(m.group(2) or m.group(3), past="marked"))
    return frozenset(out)


_PLAIN = frozenset({"literal", "identity"})  # kinds scored by recall alone
_SENTENCE_INSIDE = re.compile(r"[.,;:!?](?=\s*\S)")
_PAGE_FOR = re.compile(r"\b(?:page|screen|details?)\s+(?:for|of)\s+\S+\s*$", re.IGNORECASE)


def _names_a_page(statement: str) -> bool:
    """Whether a statement names *which page is open* ("Ticket T-390 detail", "Sign in page",
    "Storefront page for SKU-2054", "Page not found"): a short phrase that starts or ends with a
    page word. A sentence that merely contains one ("the monitor screen is cracked", "...you may
    not view refund details.") is about the page's content."""
    text = statement.strip().rstrip(".")
    if _SENTENCE_INSIDE.search(text):
        return False
    toks = tokenize(text)
    if not toks:
        return False
    return toks[0] in _PAGE_STEMS or toks[-1] in _PAGE_STEMS or bool(_PAGE_FOR.search(text))


_EXCLUSION_FILLER = frozenset(tokenize("other open opened shown displayed showing selected"))
_SHAPE = re.compile(r"\d")
@lru_cache(maxsize=65536)
def _shapes(tokens: frozenset[str]) -> frozenset[str]:
    """The shapes (digits as 9) of the key tokens among ``tokens``: T-390 and T-391 share one."""
    return frozenset(_SHAPE.sub("9", t) for t in tokens if is_key_token(t))


_RECORD_ID = re.compile(r"^(?:[a-z]+[-_])+\d[\w.-]*$|^\d[\d.]*$")
_HEADER = re.compile(r"^(url|title|tab):\s*(.*)$")
_ROOT = re.compile(r"^\s*(?:\[[^\]]*\]\s*)?RootWebArea\s+'(.*?)'", re.IGNORECASE)
_HEADING = re.compile(r"^\s*(?:\[[^\]]*\]\s*)?heading\s+'(.*?)'", re.IGNORECASE)
_URL_PATH = re.compile(r"^[a-z]+://[^/]*(?P<path>/[^?#]*)?", re.IGNORECASE)


_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"")


_AX_STATE = re.compile(r"\b(checked|selected|expanded|pressed|disabled|required|invalid|readonly|multiselectable)=(?:'(true|false|mixed)'|(True|False))", re.IGNORECASE)


def _ax_states(line: str) -> str:
    """Read the accessibility tree's state attributes as words: ``checked='true'`` says *checked*,
    ``checked='false'`` says nothing (it used to read as "checked", like the true one)."""
    if "=" not in line:
        return line
    return _AX_STATE.sub(lambda m: m.group(1) if (m.group(2) or m.group(3)).lower() in ("true", "mixed") else " ", line)


#: The arguments of :func:`fcpkit.core.rules.action_text` that choose something (not a key or a message).
_CHOICE_ARG = re.compile(r"\b(?:value|options)\s+(?:'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\")")


def _chosen_values(text: str) -> tuple[frozenset[str], ...]:
    """What an action text (:func:`fcpkit.core.rules.action_text`) chooses: the value it types or the
    options it selects, or the node a click lands on. A key press or a message chooses nothing."""
    args: list[str] = []
    target: list[str] = []
    clicks = False
    for line in text.splitlines():
        if line.startswith("target:"):
            target.extend(a or b for a, b in _QUOTED.findall(line)[:1])
        else:
            clicks = clicks or line.startswith(("click", "dblclick"))
            args.extend(a or b for a, b in _CHOICE_ARG.findall(line))
    values = [tokenize(v, past="both") for v in (args or (target if clicks else ()))]
    return tuple(frozenset(v) for v in values if v)


@dataclass(frozen=True)
class _Stmt:
    """A statement compiled once: tokens with weights, key tokens, and how to score it."""

    kind: str  # "literal" | "identity" | "absence" | "exclusion"
    tokens: tuple[str, ...]
    keys: frozenset[str]
    thing: "_Stmt | None" = None
    context: "_Stmt | None" = None
    exclude: frozenset[str] = frozenset()  # "a ticket other than T-390": ids that must NOT be the page
    weights: tuple[float, ...] = ()  # IDF weight of each token, fixed at compile time
    total: float = 0.0
    # "ORD-55012 was cancelled": the event must be bound to the record, on its page or its line
    bound: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    # the same tokens read another way, built once: absence -> (its literal reading,);
    # exclusion -> (identity reading with keys, literal reading without keys)
    views: tuple["_Stmt", ...] = ()

    def with_views(self) -> "_Stmt":
        if self.kind == "absence":
            views: tuple[_Stmt, ...] = (_Stmt("literal", self.tokens, self.keys, weights=self.weights, total=self.total),)
        elif self.kind == "exclusion":
            views = (_Stmt("identity", self.tokens, self.keys, weights=self.weights, total=self.total),
                     _Stmt("literal", self.tokens, frozenset(), weights=self.weights, total=self.total))
        else:
            return self
        return _Stmt(self.kind, self.tokens, self.keys, self.thing, self.context, self.exclude, self.weights,
                     self.total, self.bound, views)


@dataclass
class _Page:
    identity: frozenset[str]
    chunks: list[frozenset[str]]
    index: dict[str, int]  # token -> bitmask of chunks holding it
    lines: dict[str, int]  # token -> bitmask of lines holding it
    # an action text's chosen values (typed or selected text, else the clicked node's name)
    chosen: tuple[frozenset[str], ...] = ()


class LexicalMatcher:
    """IDF-weighted content recall (see module docstring). Implements :class:`~fcpkit.matching.Matcher`.

    Parameters: ``window``/``stride`` (lines per chunk and step), ``absence_prior`` (support of a
    context-free absence claim on a page that lacks the thing), ``cache_size`` (pages kept
    prepared). ``fit(texts)`` learns IDF weights from any collection of pages (unlabelled); until
    then every content token weighs 1.
    """

    name = "lexical"

    def __init__(self, window: int = 6, stride: int = 3, absence_prior: float = 0.5, cache_size: int = 4096):
        if window < 1 or stride < 1:
            raise ValueError("window and stride must be >= 1")
        self.window, self.stride, self.absence_prior = window, stride, absence_prior
        self.idf: dict[str, float] = {}
        self._default_idf = 1.0
        self._pages: OrderedDict[str, _Page] = OrderedDict()
        self._stmts: dict[str, _Stmt] = {}
        self._bundles: dict[tuple[str, ...], tuple[_Stmt, ...]] = {}  # statement tuples, compiled
        self._cache_size = cache_size

    # -- fitting --------------------------------------------------------------------------
    def fit(self, texts: Iterable[str]) -> "LexicalMatcher":
        """Learn IDF over the chunks of ``texts`` (smoothed, normalised so an unseen token weighs most)."""
        df: dict[str, int] = {}
        n = 0
        for text in texts:
            for chunk in self._prepare(text).chunks:
                n += 1
                for tok in chunk:
                    df[tok] = df.get(tok, 0) + 1
        if n == 0:
            return self
        top = math.log(n + 1) + 1.0
        self.idf = {t: (math.log((n + 1) / (c + 1)) + 1.0) / top for t, c in df.items()}
        self._default_idf = 1.0
        self._stmts.clear()  # compiled statements carry weights
        self._bundles.clear()
        return self

    @property
    def fitted(self) -> bool:
        return bool(self.idf)

    def weight(self, token: str) -> float:
        return self.idf.get(token, self._default_idf)

    # -- compilation ----------------------------------------------------------------------
    def _weighted(self, st: _Stmt) -> _Stmt:
        w = tuple(self.weight(t) for t in st.tokens)
        return _Stmt(st.kind, st.tokens, st.keys, st.thing, st.context, st.exclude, w, sum(w), st.bound).with_views()

    def _compile(self, statement: str) -> _Stmt:
        st = self._stmts.get(statement)
        if st is not None:
            return st
        m = _ABSENCE.match(statement)
        if m:
            thing = m.group("x") or m.group("x2") or m.group("x3")
            ctx = m.group("ctx") or m.group("ctx2") or m.group("ctx3")
            # Keep the literal tokens too: the page may *say* it ("Approve is not available here").
            # All of its words must then co-occur in one chunk: a stray "not" elsewhere proves nothing.
            plain = self._compile_plain(statement)
            if m.group("x3"):  # "There is no X": pages do not say that of themselves; no literal reading
                plain = _Stmt("literal", (), frozenset())
            st = _Stmt(
                "absence", plain.tokens, frozenset(plain.tokens),
                thing=self._compile_thing(thing),
                context=self._compile_plain(ctx) if ctx else None,
                weights=plain.weights, total=plain.total,
            ).with_views()
        else:
            st = self._compile_plain(statement)
        self._stmts[statement] = st
        return st

    def _compile_thing(self, phrase: str) -> _Stmt:
        """The thing an absence claim is about, by name: role words only when nothing else is left."""
        st = self._compile_plain(phrase)
        named = tuple(t for t in st.tokens if t not in _ROLE_WORDS)
        return self._weighted(_Stmt(st.kind, named, st.keys)) if named else st

    def _compile_plain(self, statement: str) -> _Stmt:
        excluded = [m.group("key") for m in _EXCLUSION.finditer(statement)]
        if excluded:
            # "A ticket other than T-390 is open": the page is a record of the same kind
            # (an identifier of the same shape) that is not T-390.
            ex = frozenset(t for k in excluded for t in tokenize(k))
            toks = tuple(dict.fromkeys(
                t for t in tokenize(strip_volatile(_EXCLUSION.sub(" ", statement)), past="marked")
                if t not in _PAGE_STEMS and t not in _EXCLUSION_FILLER
            ))
            return self._weighted(_Stmt("exclusion", toks, frozenset(t for t in toks if is_key_token(t)), exclude=ex))
        toks = tokenize(strip_volatile(statement), past="marked")
        page_word = _names_a_page(statement)
        toks = tuple(dict.fromkeys(t for t in toks if t not in _PAGE_STEMS))
        predicates = _predicates(statement)
        keys = frozenset(t for t in toks if is_key_token(t) or t in NEGATIONS or t in predicates or t in _names(statement))
        ids = frozenset(t for t in keys if is_key_token(t) and any(c.isalpha() for c in t))
        bound = (ids, frozenset(t for t in toks if t in predicates)) if ids and predicates else (frozenset(), frozenset())
        return self._weighted(_Stmt("identity" if page_word else "literal", toks, keys, bound=bound))

    # -- page preparation -----------------------------------------------------------------
    def _prepare(self, text: str) -> _Page:
        page = self._pages.get(text)
        if page is not None:
            self._pages.move_to_end(text)
            return page
        identity: list[str] = []
        body: list[tuple[str, ...]] = []
        first_heading = True
        is_page = False  # saw a url/title header or a root node: a page, not an action description
        for line in text.splitlines():
            h = _HEADER.match(line)
            if h:
                is_page = True
                kind, value = h.groups()
                if kind == "url":
                    u = _URL_PATH.match(value)
                    path = (u.group("path") or "") if u else value
                    identity.extend(tokenize(path.replace("/", " "), past="both"))
                elif kind == "title":
                    identity.extend(tokenize(strip_volatile(value), past="both"))
                continue
            r = _ROOT.match(line)
            if r:
                is_page = True
                identity.extend(tokenize(strip_volatile(r.group(1)), past="both"))
            elif first_heading:
                hd = _HEADING.match(line)
                if hd:
                    identity.extend(tokenize(strip_volatile(hd.group(1)), past="both"))
                    first_heading = False
            toks = tokenize(_ax_states(strip_volatile(strip_bids(line))), past="both")
            if toks:
                body.append(toks)
        chosen: tuple[frozenset[str], ...] = ()
        if not identity:  # an action description or bare text: all of it is its identity
            identity = [t for line in body for t in line]
        if not is_page:
            chosen = _chosen_values(text)
        chunks: list[frozenset[str]] = []
        if body:
            last_start = max(len(body) - self.window, 0)
            starts = list(range(0, last_start + 1, self.stride))
            if starts[-1] != last_start:
                starts.append(last_start)
            for s in starts:
                chunks.append(frozenset(t for line in body[s : s + self.window] for t in line))
        index: dict[str, int] = {}
        for i, chunk in enumerate(chunks):
            bit = 1 << i
            for t in chunk:
                index[t] = index.get(t, 0) | bit
        lines: dict[str, int] = {}
        for i, line_toks in enumerate(body):
            bit = 1 << i
            for t in line_toks:
                lines[t] = lines.get(t, 0) | bit
        page = _Page(frozenset(identity), chunks, index, lines, chosen)
        self._pages[text] = page
        if len(self._pages) > self._cache_size:
            self._pages.popitem(last=False)
        return page

    # -- scoring ----------------------------------------------------------------------------
    def _recall(self, st: _Stmt, page: _Page) -> float:
        toks, weights, total = st.tokens, st.weights, st.total
        if not toks or total <= 0:
            return 0.0
        if st.kind == "identity":
            ident = page.identity
            if not st.keys <= ident:
                return 0.0
            return sum(w for t, w in zip(toks, weights) if t in ident) / total
        ids, events = st.bound
        for k in ids:
            if k in page.identity:
                continue
            on_line = page.lines.get(k, 0)
            for e in events:
                on_line &= page.lines.get(e, 0)
            if not on_line:
                return 0.0
        get = page.index.get
        mask = -1
        for k in st.keys:
            mask &= get(k, 0)
            if not mask:
                return 0.0
        # chunk bitmasks of the statement's tokens; candidates hold every key token and one token
        masks = [get(t, 0) for t in toks]
        every = -1
        cand = 0
        for m in masks:
            cand |= m
            every &= m
        if every:  # one chunk holds every token
            return 1.0
        if st.keys:
            cand &= mask
        pairs = [(m, w) for m, w in zip(masks, weights) if m & cand]
        best = 0.0
        while cand:
            low = cand & -cand
            cand ^= low
            s = 0.0
            for m, w in pairs:
                if m & low:
                    s += w
            if s > best:
                best = s
        return best / total

    def _exclusion(self, st: _Stmt, page: _Page) -> float:
        shapes = _shapes(st.exclude)
        if page.chosen:
            # record identifiers (T-390, SKU-2045, 42.50) name a kind of thing; "CA9b" or "Q1" are
            # just values, like a name
            keyed = all(_RECORD_ID.match(k) for k in st.exclude)
            # An action says what it chooses (its typed or selected text, or the node it clicks):
            # "a value other than Q1" holds when it chooses something else, of the same shape
            # when the excluded value is an identifier.
            ex = st.exclude
            differ = [v for v in page.chosen if v and not (v <= ex or ex <= v)]
            if keyed:
                differ = [v for v in differ if not shapes.isdisjoint(_shapes(v))]
            if not differ:
                return 0.0
            if not st.tokens:
                return 1.0
            rest = self._recall(st.views[1], page)
            # none of the statement's other words: it is about another kind of action (a click on
            # Submit chooses "Submit", which is no value "other than Myron" for a text field)
            return 0.5 + 0.5 * rest if rest > 0.0 else 0.0
        ident = page.identity
        if any(k in ident for k in st.exclude):
            return 0.0
        if not shapes:
            # "an option other than Ertha": on a page, which value the *agent* chose cannot be read
            # off (a form shows its defaults too); claim nothing rather than the opposite
            return 0.0
        if shapes.isdisjoint(_shapes(ident)):
            return 0.0
        if not st.tokens:
            return 1.0
        return 0.5 + 0.5 * self._recall(st.views[0], page)

    def _score_one(self, st: _Stmt, page: _Page) -> float:
        if st.kind == "exclusion":
            return self._exclusion(st, page)
        if st.kind != "absence":
            return self._recall(st, page)
        literal = self._recall(st.views[0], page)
        context = self._recall(st.context, page) if st.context is not None else self.absence_prior
        if context <= literal:  # (1 - presence) * context cannot beat the literal reading
            return literal
        presence = self._recall(st.thing, page) if st.thing is not None else 0.0
        return max(literal, (1.0 - presence) * context)

    def score(self, statements: Sequence[str], texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(statements), len(texts)), dtype=np.float64)
        compiled = [self._compile(s) for s in statements]
        for j, text in enumerate(texts):
            page = self._prepare(text)
            for i, st in enumerate(compiled):
                out[i, j] = self._score_one(st, page)
        return out

    def score_text(self, statements: Sequence[str], text: str) -> list[float]:
        """One text against many statements, as plain floats: the testers' hot path."""
        page = self._prepare(text)
        compiled = self._bundles.get(statements) if isinstance(statements, tuple) else None
        if compiled is None:
            compiled = tuple(self._compile(s) for s in statements)
            if isinstance(statements, tuple):
                self._bundles[statements] = compiled
        one, recall = self._score_one, self._recall
        return [recall(st, page) if st.kind in _PLAIN else one(st, page) for st in compiled]

    def score_one(self, statement: str, text: str) -> float:
        """Convenience for notebooks: one statement against one text."""
        return self._score_one(self._compile(statement), self._prepare(text))

    def clear_cache(self) -> None:
        self._pages.clear()
        self._stmts.clear()
        self._bundles.clear()
