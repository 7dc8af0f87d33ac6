"""The fast default matcher: statements compiled into typed claims, scored over parsed pages.

Score of a statement against a page = what its claim's scorer reads (:mod:`.scorers`): for most
claims, the largest share (by IDF weight) of the statement's content tokens that one chunk of the
page contains, with every key token required. Plain word overlap is fooled in four ways on real
pages, and each has a rule:

* **Near-miss records.** A statement that names a page ("Ticket T-411 detail", "Order ORD-55012
  is open") is matched against the page's *identity* only: URL path, title and first heading.
* **Identifiers differing by one character.** Tokens with a digit (ids, amounts) are *key tokens*:
  a chunk that lacks any key token of the statement scores 0, however many other words match.
* **Absence and negation.** "Approve button is not available [on expense detail]" (or "isn't
  available", "No Approve button", "cannot be found" ...) is an absence claim: support =
  (1 − presence of the thing among node names) × support of its scope (the ``on …`` clause, or
  ``absence_prior`` when none is given). Other negated statements ("No tickets match") are
  literal: their negation word is a key token.
* **Volatile text.** Clocks, relative times and counters are stripped before tokenising.

The grammar (every phrase pattern and word list) is :mod:`.grammar`, documented in docs/claims.md.
"""

from __future__ import annotations

import json
import math
import re
from collections import OrderedDict
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Iterable, Sequence

import numpy as np

from fcpkit import data
from fcpkit.core.actions import ActionDescription
from fcpkit.core.page import Page
from fcpkit.core.text import NEGATIONS, is_key_token, strip_volatile, tokenize
from fcpkit.matching.lexical import grammar as g
from fcpkit.matching.lexical import scorers as sc
from fcpkit.matching.lexical.chunk_index import chunk_spans, token_masks
from fcpkit.matching.lexical.falsify import score_falsifiers
from fcpkit.matching.lexical.claims import AFTER_RECORD_STEMS, EXCLUSION, Claim, compile_claim, names_a_page
from fcpkit.matching.lexical.page_index import line_tokens, with_series
from fcpkit.matching.lexical.keys import named_place, names, predicates
from fcpkit.matching.lexical.recall import recall
from fcpkit.matching.lexical.scorers import Prepared, Stmt

__all__ = ["LexicalMatcher", "PAGE_WORDS", "Explanation"]

#: Words that make a statement about *which page is open* rather than what it contains.
PAGE_WORDS = g.PAGE_WORDS
_PAGE_STEMS = frozenset(tokenize(" ".join(PAGE_WORDS)))
#: Control descriptors: "Assign button" names the thing *Assign*; the role word only narrows it.
_ROLE_WORDS = frozenset(tokenize(" ".join(g.ROLE_WORDS)))
_EXCLUSION_FILLER = frozenset(tokenize("other open opened shown displayed showing selected", past="both"))
_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"")
#: The arguments of :func:`fcpkit.core.actions.action_text` that choose something (not a key or a message).
_CHOICE_ARG = re.compile(r"\b(?:value|options)\s+(?:'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\")")
#: How token weights are set: "background" (the default: the shipped background vocabulary,
#: ``fcpkit/data/lexical/background_idf.json``, the same in the checker, the benchmark and the live runner), "none"
#: (every content token weighs 1) or "fit" (IDF learnt from the pages given to
#: :meth:`LexicalMatcher.fit`; the live runner has none to learn from).
IDF_POLICIES = ("background", "none", "fit")
_BACKGROUND = data.path("lexical/background_idf.json")


@lru_cache(maxsize=1)
def background_idf() -> dict[str, float]:
    """The shipped background vocabulary (built by ``scripts/build_background_idf.py``)."""
    return dict(json.loads(_BACKGROUND.read_text(encoding="utf-8"))["idf"])


def _chosen_values(text: str) -> tuple[frozenset[str], ...]:
    """What an action *text* chooses (a text matcher's input; an
    :class:`~fcpkit.core.actions.ActionDescription` says it directly): the value it types or the
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
class Explanation:
    """Why a statement scored what it did on one page (see :meth:`LexicalMatcher.explain`)."""

    statement: str
    claim: Claim
    required: tuple[str, ...]  # the key tokens every supporting chunk must hold
    evidence: tuple[tuple[str, int | None, str, float], ...]  # (what, node index, the line or note, score)
    score: float
    grammar: str = g.GRAMMAR_VERSION

    def render(self) -> str:
        lines = [f"statement: {self.statement}", f"claim:     {self.claim.describe()}  (grammar v{self.grammar})"]
        if self.claim.canonical != self.claim.statement:
            lines.append(f"reads as:  {self.claim.canonical}")
        ents = self.claim.entities.describe()
        lines.append("entities:  " + (", ".join(ents) if ents else "(none)"))
        lines.append("required:  " + (", ".join(self.required) if self.required else "(no key token)"))
        for what, node, text, s in self.evidence:
            where = f"line {node}" if node is not None else "page"
            lines.append(f"  {what:<12} {s:4.2f}  {where}: {text}")
        lines.append(f"score:     {self.score:.2f}")
        return "\n".join(lines)


class LexicalMatcher:
    """IDF-weighted content recall (see module docstring). Implements :class:`~fcpkit.matching.Matcher`.

    Parameters: ``window``/``stride`` (lines per chunk and step), ``absence_prior`` (support of a
    context-free absence claim on a page that lacks the thing), ``cache_size`` (pages kept
    prepared). ``fit(texts)`` learns IDF weights from any collection of pages (unlabelled); until
    then every content token weighs 1.
    """

    name = "lexical"
    #: reads :class:`~fcpkit.core.page.Page` and :class:`~fcpkit.core.actions.ActionDescription` objects as well as text
    reads_structure = True

    def __init__(self, window: int = 6, stride: int = 3, absence_prior: float = 0.5, cache_size: int = 4096,
                 idf: str = "background"):
        if window < 1 or stride < 1:
            raise ValueError("window and stride must be >= 1")
        if idf not in IDF_POLICIES:
            raise ValueError(f"idf must be one of {IDF_POLICIES}, not {idf!r}")
        self.idf_policy = idf
        self.window, self.stride, self.absence_prior = window, stride, absence_prior
        self.idf: dict[str, float] = dict(background_idf()) if idf == "background" else {}
        self._default_idf = 1.0
        self._pages: OrderedDict[object, Page] = OrderedDict()
        #: action descriptions by identity: ``describe_action`` hands back one object per distinct
        #: action, and hashing a frozen description (its fields, its target node) on every test
        #: costs more than finding its page
        self._by_id: dict[int, tuple[ActionDescription, Page]] = {}
        self._stmts: dict[str, Stmt] = {}
        self._bundles: dict[tuple[str, ...], tuple[Stmt, ...]] = {}  # statement tuples, compiled
        self._scorers: dict[int, tuple[object, tuple]] = {}  # id(statement tuple) -> (it, (scorer, Stmt) pairs)
        self._cache_size = cache_size
        #: texts prepared, by identity (as many as pages are kept): a tester hands the same text
        #: object (or action description) for a page at every check of it, and finding it here
        #: costs less than the LRU's hashing and reordering
        self._last: dict[int, tuple[object, Prepared]] = {}

    # -- fitting --------------------------------------------------------------------------
    def fit(self, texts: Iterable[str]) -> "LexicalMatcher":
        """Learn IDF over the chunks of ``texts`` (smoothed, normalised so an unseen token weighs
        most) when the matcher's IDF policy is ``"fit"``. Under the other policies ``fit`` changes
        nothing, so the checker (which calls it on the corpus it scores) and the live runner
        (which has no corpus) score with the same weights."""
        if self.idf_policy != "fit":
            return self
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
        self._scorers.clear()
        return self

    @property
    def fitted(self) -> bool:
        return bool(self.idf)

    def weight(self, token: str) -> float:
        return self.idf.get(token, self._default_idf)

    # -- compilation ----------------------------------------------------------------------
    def _weighted(self, st: Stmt) -> Stmt:
        w = tuple(self.weight(t) for t in st.tokens)
        return replace(st, weights=w, total=sum(w))

    def _with_views(self, st: Stmt, claim: Claim) -> Stmt:
        """Attach the claim and the other readings its scorer needs."""
        if st.kind == "absence":
            views: tuple[Stmt, ...] = (Stmt("literal", st.tokens, st.keys, weights=st.weights, total=st.total),)
        elif st.kind == "exclusion":
            views = (Stmt("identity", st.tokens, st.keys, weights=st.weights, total=st.total),
                     Stmt("literal", st.tokens, frozenset(), weights=st.weights, total=st.total))
        else:
            views = st.views
        return replace(st, views=views, claim=claim)

    def compile(self, statement: str) -> Claim:
        """The typed :class:`~fcpkit.matching.lexical.claims.Claim` a statement compiles to."""
        return compile_claim(statement)

    def _compile(self, statement: str) -> Stmt:
        st = self._stmts.get(statement)
        if st is not None:
            return st
        st = self._from_claim(compile_claim(statement))
        self._stmts[statement] = st
        return st

    def _from_claim(self, claim: Claim) -> Stmt:
        kind = claim.type
        if kind == "place":
            # the place and each thing it holds, on their own; read whole too (``views[0]``: how
            # falsifiers read it, and the floor of the confirming score)
            base = self._from_claim(claim.base) if claim.base is not None else self._compile_plain(claim.statement)
            held = tuple(self._held(x) for x in claim.parts[1:])
            return Stmt("place", base.tokens, base.keys, thing=self._compile_plain(claim.parts[0]),
                        context=self._compile(claim.value) if claim.value else None,
                        weights=base.weights, total=base.total, views=(base, *held), claim=claim)
        if kind == "both":
            whole = self._from_claim(claim.base)
            parts = tuple(self._compile(x) for x in claim.parts)
            return replace(whole, kind="both", views=(whole, *parts), claim=claim)
        if kind == "either":
            parts = tuple(self._compile(x) for x in claim.parts)
            st = Stmt("either", parts[0].tokens, parts[0].keys, weights=parts[0].weights, total=parts[0].total,
                      views=parts)
            return replace(st, claim=claim)
        if kind == "absence":
            # Keep the literal tokens too: the page may *say* it ("Approve is not available here").
            # All of its words must then co-occur in one chunk: a stray "not" elsewhere proves nothing.
            plain = self._compile_plain(claim.statement) if claim.literal else Stmt("literal", (), frozenset())
            st = Stmt("absence", plain.tokens, frozenset(plain.tokens), thing=self._compile_thing(claim.subject),
                      context=self._compile_plain(claim.scope) if claim.scope else None,
                      weights=plain.weights, total=plain.total)
        elif kind == "field":
            # read without its verb ("holds", "set to"): what a page without the label would say
            plain = self._compile_plain(f"{claim.subject}: {claim.value}")
            st = Stmt("field", plain.tokens, plain.keys, weights=plain.weights, total=plain.total, views=(plain,))
        elif kind == "message":
            body = self._compile_plain(claim.canonical)
            st = Stmt("message", body.tokens, body.keys, weights=body.weights, total=body.total, views=(body,))
        elif kind == "presence" and claim.roles:
            # "Assign button": a node of that role named so (as absence reads it)
            plain = self._compile_plain(claim.canonical)
            st = Stmt("control", plain.tokens, plain.keys, thing=self._compile_thing(claim.subject),
                      weights=plain.weights, total=plain.total, views=(plain,))
        else:
            st = self._compile_plain(claim.canonical)
            if kind == "event" and claim.value and st.kind == "literal":
                st = Stmt("event", st.tokens, st.keys, weights=st.weights, total=st.total, bound=st.bound)
            elif st.kind == "literal" and sc.states_a_choice(st.tokens):  # "Original card selected"
                st = Stmt("chosen", st.tokens, st.keys, weights=st.weights, total=st.total, bound=st.bound)
            elif kind == "identity" and st.kind == "identity" and claim.entities.ids and not names_a_page(claim.statement):
                # "LR-2207 Dana Whitfield Approved": a record by id and what it shows; confirming
                # evidence also reads it as words on that record's page or in the row that lists it
                st = replace(st, views=(self._compile_plain(claim.statement),))
        return self._with_views(st, claim)

    def _held(self, part: str) -> Stmt:
        """A thing a place holds, as its own claim; a name alone ("assignee Mei Lin") is content
        of the place there, not the page's identity."""
        st = self._compile(part)
        return self._compile_plain(part) if st.kind == "identity" and not names_a_page(part) else st

    def compile_statements(self, statements: Sequence[str]) -> None:
        """Compile ``statements`` now, as the bundle the testers will score together: the testers
        call it once per plan (:class:`~fcpkit.core.bundles.PlanBundles`), so a plan's first check
        scores its page instead of compiling claims."""
        key = tuple(statements)
        if key not in self._bundles:
            self._bundles[key] = tuple(self._compile(s) for s in key)

    def _compile_thing(self, phrase: str) -> Stmt:
        """The thing an absence claim is about, by name: role words only when nothing else is left."""
        st = self._compile_plain(phrase)
        named = tuple(t for t in st.tokens if t not in _ROLE_WORDS)
        return self._weighted(Stmt(st.kind, named, st.keys & frozenset(named))) if named else st

    def _compile_plain(self, statement: str) -> Stmt:
        excluded = [m.group("key") for m in EXCLUSION.finditer(statement)]
        if excluded:
            # "A ticket other than T-390 is open": the page is a record of the same kind
            # (an identifier of the same shape) that is not T-390.
            ex = frozenset(t for k in excluded for t in tokenize(k))
            toks = tuple(dict.fromkeys(
                t for t in tokenize(strip_volatile(EXCLUSION.sub(" ", statement)), past="marked")
                if t not in _PAGE_STEMS and t not in _EXCLUSION_FILLER
            ))
            return self._weighted(Stmt("exclusion", toks, frozenset(t for t in toks if is_key_token(t)), exclude=ex))
        toks = tokenize(strip_volatile(statement, counts=True), past="marked")
        page_word = names_a_page(statement)
        drop = _PAGE_STEMS | (AFTER_RECORD_STEMS if page_word else frozenset())
        toks = tuple(dict.fromkeys(t for t in toks if t not in drop))
        said = predicates(statement)
        named = names(statement)
        keys = frozenset(t for t in toks if is_key_token(t) or t in NEGATIONS or t in said or t in named)
        ids = frozenset(t for t in keys if is_key_token(t) and any(c.isalpha() for c in t))
        bound = _bound(statement, ids, said) if ids and said else (frozenset(), frozenset())
        where = named_place(statement) if not page_word else frozenset()
        return self._weighted(Stmt("identity" if page_word else "literal", toks, keys, bound=bound, where=where))

    # -- page preparation -----------------------------------------------------------------
    def page(self, text: "str | Page | ActionDescription") -> Page:
        """The :class:`~fcpkit.core.page.Page` of a text (parsed once, kept in this matcher's LRU)."""
        if isinstance(text, Page):
            return text
        if isinstance(text, ActionDescription):
            hit = self._by_id.get(id(text))
            if hit is not None and hit[0] is text:
                return hit[1]
            page = self._page(text)
            self._by_id[id(text)] = (text, page)
            if len(self._by_id) > self._cache_size:
                self._by_id.pop(next(iter(self._by_id)))
            return page
        return self._page(text)

    def _page(self, text: "str | ActionDescription") -> Page:
        key = text
        page = self._pages.get(key)
        if page is not None:
            self._pages.move_to_end(key)
            return page
        if isinstance(text, ActionDescription):
            page = Page.parse(text.text)
            page.cache["chosen"] = tuple(frozenset(v) for v in (tokenize(c, past="both") for c in text.chosen) if v)
            # what a click lands on (a record, a place), not a value typed or selected among options
            page.cache["chosen_target"] = tuple(c for c in text.chosen if c.strip()) if not text.values else ()
        else:
            page = Page.parse(text)
        self._pages[key] = page
        if len(self._pages) > self._cache_size:
            self._pages.popitem(last=False)
        return page

    def _prepare(self, text: "str | Page | ActionDescription") -> Prepared:
        hit = self._last.get(id(text))
        if hit is not None and hit[0] is text:  # the page a tester scores again (its full and app views)
            return hit[1]
        page = self.page(text)
        key = ("lexical", self.window, self.stride)
        prep = page.cache.get(key)
        if prep is None:
            prep = page.cache[key] = self._build(page)
        self._last[id(text)] = (text, prep)
        if len(self._last) > self._cache_size:
            self._last.pop(next(iter(self._last)))
        return prep

    def _build(self, page: Page) -> Prepared:
        identity: list[str] = []
        if "url" in page.headers:
            identity.extend(tokenize(page.path.replace("/", " "), past="both"))
        if "title" in page.headers:
            identity.extend(tokenize(strip_volatile(page.headers["title"]), past="both"))
        for n in page.nodes:
            if n.role == "RootWebArea":
                identity.extend(tokenize(strip_volatile(n.name), past="both"))
        if page.first_heading is not None:
            identity.extend(tokenize(strip_volatile(page.nodes[page.first_heading].name), past="both"))
        identity = list(with_series(tuple(identity)))
        body = [toks for toks in (line_tokens(n.line) for n in page.nodes) if toks]
        if not identity:  # an action description or bare text: all of it is its identity
            identity = [t for line in body for t in line]
        chosen: tuple[frozenset[str], ...] = ()
        if not page.is_page:
            chosen = page.cache.get("chosen") or _chosen_values(page.text)
        spans = chunk_spans(len(body), self.window, self.stride)
        return Prepared(frozenset(identity), *token_masks(body, spans), chosen, page, body=body, spans=spans)

    # -- scoring ----------------------------------------------------------------------------
    def _score_one(self, st: Stmt, page: Prepared, trace: list | None = None) -> float:
        kind = st.kind
        if kind == "identity":
            return sc.identity(st, page, trace)
        if kind == "literal":
            return recall(st, page)
        if kind == "absence":
            return sc.absence(st, page, self.absence_prior, trace)
        if kind == "exclusion":
            return sc.exclusion(st, page)
        if kind == "field":
            return sc.field_score(st, page, trace)
        if kind == "message":
            return sc.message(st, page, trace)
        if kind == "event":
            return sc.event(st, page, trace)
        if kind == "chosen":
            return sc.chosen(st, page, trace)
        if kind == "control":
            return sc.control(st, page, trace)
        if kind == "place":
            return self._place(st, page, trace)
        if kind == "either":
            return max(self._score_one(x, page, trace) for x in st.views)
        if kind == "both":  # each clause counts, as two statements of a stage would (mean)
            parts = [self._score_one(x, page) for x in st.views[1:]]
            return max(self._score_one(st.views[0], page, trace), sum(parts) / len(parts))
        return recall(st, page)

    def _place(self, st: Stmt, page: Prepared, trace: list | None = None) -> float:
        """A place and what it holds: the least of the place's support and the mean support of its
        contents, never below the statement read whole."""
        whole = self._score_one(st.views[0], page)
        held = [self._score_one(x, page) for x in st.views[1:]]
        s = sum(held) / len(held) if held else 0.0
        # the place as a scope is read (a page's identity, a dialog's or a region's name), and
        # the record it is for ("the Edit Opportunity form for X") where records are named
        place = recall(st.thing, page) if st.thing.kind == "identity" else sc.scope(st.thing, page)
        if st.context is not None:
            place = min(place, self._score_one(st.context, page))
        s = min(s, place)
        if trace is not None and st.claim is not None:
            parts = st.claim.parts
            trace.append(("place", None, parts[0] + (f" for {st.claim.value}" if st.claim.value else ""), place))
            trace.extend(("holds", None, x, v) for x, v in zip(parts[1:], held))
            trace.append(("whole", None, "the statement read whole", whole))
        return max(whole, s)

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
        hit = self._scorers.get(id(statements))
        if hit is None or hit[0] is not statements:
            hit = self._scorers_of(statements)
        return [f(st, page) for f, st in hit[1]]

    def score_falsifiers(self, statements: Sequence[str], text: "str | Page | ActionDescription") -> list[float]:
        """Falsifiers against one text (a page's evidence view, or an action), each read where all
        of it holds (:mod:`.falsify`): the testers' reading of falsifying evidence."""
        compiled = self._bundles.get(statements) if isinstance(statements, tuple) else None
        if compiled is None:
            compiled = tuple(self._compile(s) for s in statements)
            if isinstance(statements, tuple):
                self._bundles[statements] = compiled
        return score_falsifiers(self, statements, text, compiled)

    def _scorers_of(self, statements: Sequence[str]) -> tuple[object, tuple]:
        """(scorer, compiled statement) per statement (:meth:`_score_one` without a trace), kept per
        statement tuple by identity: the testers hand the same tuple object at every check."""
        compiled = self._bundles.get(statements) if isinstance(statements, tuple) else None
        if compiled is None:
            compiled = tuple(self._compile(s) for s in statements)
            if isinstance(statements, tuple):
                self._bundles[statements] = compiled
        by_kind = {"identity": sc.identity, "absence": self._absence, "exclusion": sc.exclusion, "field": sc.field_score,
                   "message": sc.message, "event": sc.event, "control": sc.control, "place": self._place, "chosen": sc.chosen,
                   "either": self._score_one, "both": self._score_one}
        hit = (statements, tuple((by_kind.get(st.kind, recall), st) for st in compiled))
        if isinstance(statements, tuple):  # kept alive with its scorers, so its id is not reused
            self._scorers[id(statements)] = hit
            if len(self._scorers) > self._cache_size:
                self._scorers.pop(next(iter(self._scorers)))
        return hit

    def _absence(self, st: Stmt, page: Prepared) -> float:
        return sc.absence(st, page, self.absence_prior)

    def score_one(self, statement: str, text: str) -> float:
        """Convenience for notebooks: one statement against one text."""
        return self._score_one(self._compile(statement), self._prepare(text))

    def explain(self, statement: str, text: "str | Page | ActionDescription") -> Explanation:
        """Why ``statement`` scores what it does on ``text``: the compiled claim, the entities and
        key tokens it requires, which node or line supported or contradicted it, and the score."""
        st = self._compile(statement)
        prep = self._prepare(text)
        trace: list = []
        score = self._score_one(st, prep, trace)
        core = st.thing if st.kind == "absence" and st.thing is not None else (st.views[0] if st.kind in ("field", "message") else st)
        if not trace and prep.page is not None:
            trace.extend(self._support(core, prep, score))
        return Explanation(statement, st.claim or compile_claim(statement), tuple(sorted(core.keys)), tuple(trace), score)

    def _support(self, st: Stmt, prep: Prepared, score: float) -> list[tuple[str, int | None, str, float]]:
        """The lines that hold the most of the statement's tokens (identity: the page's identity)."""
        page = prep.page
        if st.kind in ("identity", "exclusion"):
            return [("identity", None, " | ".join(page.identity) if page is not None else "", score)]
        missing = [k for k in sorted(st.keys) if not prep.index.get(k)]
        out: list[tuple[str, int | None, str, float]] = []
        if missing:
            out.append(("missing", None, "key token(s) on no line: " + ", ".join(missing), 0.0))
        if page is None or not st.tokens:
            return out
        want = set(st.tokens)
        best: list[tuple[int, int]] = []
        for i, n in enumerate(page.nodes):
            have = want & set(line_tokens(n.line))
            if have:
                best.append((len(have), i))
        for k, i in sorted(best, key=lambda x: (-x[0], x[1]))[:3]:
            out.append(("supports", i, page.nodes[i].line.strip()[:120], k / len(want)))
        return out

    def clear_pages(self) -> None:
        """Forget every prepared page (compiled statements stay)."""
        self._pages.clear()
        self._by_id.clear()
        self._last.clear()

    def clear_cache(self) -> None:
        self._pages.clear()
        self._by_id.clear()
        self._last.clear()
        self._stmts.clear()
        self._bundles.clear()
        self._scorers.clear()


#: Where one clause of a statement that lists facts ends: a comma, a semicolon, a middle dot.
_CLAUSE = re.compile(r"\s*[,;·]\s+")


def _bound(statement: str, ids: frozenset[str], said: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """(the ids, the events) of ``statement`` that say an event of a record: an id and an event
    said in one clause ("ORD-55012 was cancelled"; "T-390 assigned to Payments, priority High").
    A statement that lists a record's facts, its status in one clause and the values of its fields
    in others ("Pass status Scheduled, KS-14 Tern, Svalbard SG-3"), says no event of the records
    those values name: the spacecraft is not what was scheduled."""
    clauses = [frozenset(tokenize(c, past="marked")) for c in _CLAUSE.split(statement) if c.strip()]
    if len(clauses) < 2:
        return ids, said
    both = [c for c in clauses if c & ids and c & said]  # none: the statement binds nothing
    return frozenset(t for c in both for t in c & ids), frozenset(t for c in both for t in c & said)
