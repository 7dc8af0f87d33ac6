"""One scorer per claim type, over a prepared :class:`~fcpkit.core.page.Page`.

* *literal, presence, event*: IDF-weighted recall of the statement's tokens in one chunk of
  lines, every key token (ids, amounts, names, negations, the predicate) required; an event about
  a record must sit on that record's page or line;
* *identity*: recall over the page's identity (URL path, title, root name, first heading), key
  tokens required;
* *absence*: (1 − presence of the thing) × support of its scope; presence is read from node
  *names* in the main region, of a matching role when the statement names one ("Assign button"),
  so navigation, typed values and state attributes do not defeat it;
* *exclusion*: the page's (or action's) record is of the excluded one's shape and is not it;
* *field*: a node binds the label to the value; a field with the label and another value
  contradicts the claim (0), whatever words stand elsewhere on the page;
* *message*: the text inside a live region (status, alert, ...), else anywhere on the page.

Each scorer may record what it read in a ``trace`` list (for :meth:`LexicalMatcher.explain`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from fcpkit.core.caches import page_cache
from fcpkit.core.page import Field, Page, record_ids
from fcpkit.core.text import PAST, dates, dates_match, is_key_token, tokenize
from fcpkit.matching.lexical.claims import Claim
from fcpkit.matching.lexical.grammar import LIST_NOUNS
from fcpkit.matching.lexical.page_index import field_labels, list_titles, live_tokens, name_index, same_name_as
from fcpkit.matching.lexical.recall import bound_ok, identity_recall, lines_with, recall
from fcpkit.matching.lexical.strict import PARTIAL as _PARTIAL

__all__ = ["Stmt", "Prepared"]


@dataclass(frozen=True)
class Stmt:
    """A statement compiled once: its claim, tokens with weights, key tokens, and sub-statements."""

    kind: str  # "literal" | "identity" | "absence" | "exclusion" | "field" | "message" | "event" | "control" | "chosen"
    tokens: tuple[str, ...]
    keys: frozenset[str]
    thing: "Stmt | None" = None
    context: "Stmt | None" = None
    exclude: frozenset[str] = frozenset()  # "a ticket other than T-390": ids that must NOT be the page
    weights: tuple[float, ...] = ()  # IDF weight of each token, fixed at compile time
    total: float = 0.0
    # "ORD-55012 was cancelled": the event must be bound to the record, on its page or its line
    bound: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    # the same tokens read another way: absence -> (literal,); exclusion -> (identity with keys,
    # literal without keys); field -> (literal,); message -> (literal of the message text,)
    views: tuple["Stmt", ...] = ()
    claim: Claim | None = None
    # the tokens of the named place a statement ends on ("in Urban Cycling"): held by the page's identity
    where: frozenset[str] = frozenset()


@dataclass
class Prepared:
    """A page as the word scorers read it (kept in ``Page.cache``)."""

    identity: frozenset[str]
    index: dict[str, int]  # token -> bitmask of chunks holding it
    lines: dict[str, int]  # token -> bitmask of lines holding it
    # an action's chosen values (typed or selected text, else the clicked node's name)
    chosen: tuple[frozenset[str], ...] = ()
    page: Page | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    body: list[tuple[str, ...]] = field(default_factory=list)  # each line's tokens (lines without any left out)
    spans: tuple[tuple[int, int], ...] = ()  # each chunk's lines, body[start:end]

    @property
    def chunks(self) -> list[frozenset[str]]:
        """Each chunk's tokens (what IDF is fitted over): built on demand, since scoring reads
        only the bitmask indexes and a page's first sight need not pay for the sets."""
        union = frozenset().union
        return [union(*self.body[s:e]) for s, e in self.spans]


#: roles whose value a person sets (ARIA widget roles that take input)
EDITABLE_ROLES = frozenset({"textbox", "searchbox", "combobox", "listbox", "spinbutton", "slider", "checkbox",
                            "radio", "switch", "option", "menuitemcheckbox", "menuitemradio"})
_SHAPE = re.compile(r"\d")


@page_cache(65536)
def shapes(tokens: frozenset[str]) -> frozenset[str]:
    """The shapes (digits as 9) of the key tokens among ``tokens``: T-390 and T-391 share one."""
    return frozenset(_SHAPE.sub("9", t) for t in tokens if is_key_token(t))


def _is_record_token(token: str) -> bool:
    """A statement's token that names a record (an id of :mod:`fcpkit.core.page.records`) or a number."""
    return bool(record_ids(token.upper())) or bool(re.fullmatch(r"\d[\d.]*", token))


def exclusion(st: Stmt, page: Prepared) -> float:
    sh = shapes(st.exclude)
    if page.chosen:
        # record identifiers (T-390, SKU-2045, 42.50) name a kind of thing; "CA9b" or "Q1" are values
        keyed = all(_is_record_token(k) for k in st.exclude)
        ex = st.exclude
        texts = page.page.cache.get("chosen_target") if page.page is not None else None
        if not keyed and texts and st.claim is not None and any(len(tokenize(n)) >= 2 for n in st.claim.exclude):
            return _other_named(st, page, texts, st.claim.exclude)  # names of several words: near misses
        differ = [v for v in page.chosen if v and not (v <= ex or ex <= v)]
        if keyed:
            differ = [v for v in differ if not sh.isdisjoint(shapes(v))]
        elif st.views and st.views[1].tokens:
            # a value is what the act chose, not the control that does the act: a button named in
            # the statement's own words ("Schedule inspection" for "Select an inspection type
            # other than Framing") is the way to the choice, not another choice
            subject = frozenset(st.views[1].tokens) - ex  # "Tab #3" for "a tab other than Tab #2": values named so
            differ = [v for v in differ if v.isdisjoint(subject)]
        if not differ:
            return 0.0
        if not st.tokens:
            return 1.0
        rest = recall(st.views[1], page)
        if rest <= 0.0:
            return 0.0  # none of the statement's other words: it is about another kind of action
        score = 0.5 + 0.5 * rest
        head = None if keyed else _head(st.views[1].tokens)  # an id's shape already says its kind
        if head is not None and head not in page.index:
            # the thing the choice is of ("type" of "an inspection type") is not what the action
            # acts on: a date typed into "Inspection date" is no inspection type; a model may judge
            return min(score, _PARTIAL)
        return score
    ident = page.identity
    if any(k in ident for k in st.exclude):
        return 0.0
    if not sh:
        # on a page, which value the *agent* chose cannot be read off (a form shows defaults too)
        return 0.0
    if sh.isdisjoint(shapes(ident)):
        return 0.0
    if not st.tokens:
        return 1.0
    return 0.5 + 0.5 * recall(st.views[0], page)


_SEPARATOR_AFTER_NAME = re.compile(r"^\s*(?:[,;·|(\[–—:]|-\s|$)")


def _names_it(name: str, text: str) -> bool:
    """Whether ``text`` (what an action chose) is the thing ``name`` names: the name whole, or the
    name then a separator ("Quayside Market, 2 Wharf Street"); not a longer name that holds it
    ("Old Quayside Market", "Quayside Market Car Park"). A one-word name is the choice's when the
    choice holds the word."""
    n, t = " ".join(name.casefold().split()), " ".join(text.casefold().split())
    want = tokenize(name, past="stem")
    if len(want) == 1:  # one word ("Cancel") among names: the choice holds it or not
        return want[0] in tokenize(text, past="stem")
    if t == n or same_name_as(want, text):
        return True
    return t.startswith(n) and bool(_SEPARATOR_AFTER_NAME.match(t[len(n):]))


def _other_named(st: Stmt, page: Prepared, texts: tuple[str, ...], names: tuple[str, ...]) -> float:
    """An action clicking "a place other than A or B": it landed on something of their kind (sharing
    a word of one of their names: "Brindley Park Library" for "Brindle Park Library") that none of
    them names. A click on what shares nothing with them (a "Directions" button) is not what the
    statement is about. (A value typed or selected is held to the excluded values as it is.)"""
    words = [frozenset(tokenize(n, past="stem")) for n in names]
    for text in texts:
        if any(_names_it(n, text) for n in names):
            continue
        got = frozenset(tokenize(text, past="stem"))
        if any(got & w for w in words):
            if not st.tokens:
                return 1.0
            rest = recall(st.views[1], page)
            return 0.5 + 0.5 * rest if rest > 0.0 else 0.0
    return 0.0


def _node_names(prep: Prepared) -> list[tuple[int, str]]:
    """(node index, role) of the named nodes in the main region and the dialogs over it
    (navigation, banners and footers name other places' controls); cached per page."""
    hit = prep.extra.get("named")
    if hit is None:
        page = prep.page
        hit = []
        if page is not None:
            nodes = page.nodes
            where = sorted(set(page.main).union(*(page.subtree(i) for i, _, _ in page.dialogs))) if page.dialogs else page.main
            hit = [(i, nodes[i].role) for i in where if nodes[i].name and nodes[i].role != "RootWebArea"]
        prep.extra["named"] = hit
    return hit


def _all_controls(prep: Prepared) -> list[tuple[int, str]]:
    """(node index, role) of every named node of the page, banner and navigation included."""
    hit = prep.extra.get("controls")
    if hit is None:
        page = prep.page
        hit = [(i, n.role) for i, n in enumerate(page.nodes) if n.name and n.role != "RootWebArea"] if page else []
        prep.extra["controls"] = hit
    return hit


def presence(st: Stmt, claim: Claim | None, prep: Prepared, trace: list | None = None,
             within: range | None = None) -> float:
    """How present the thing of an absence claim is: the best share of its tokens in one node's
    name (of a matching role when the claim names one); on a text that is no page, chunk recall.
    ``within``: the positions of the region the claim names ("the cancel dialog has no ..."), the
    only nodes that count."""
    if prep.page is None or not prep.page.is_page or claim is None:
        return recall(st, prep)
    roles = claim.roles
    toks, weights, total = st.tokens, st.weights, st.total
    kind = kind_of(claim.subject)
    if kind and kind in toks:  # "Report R-7305 link": a link named R-7305 is that report's
        total -= sum(w for t, w in zip(toks, weights) if t == kind)
    if not toks or total <= 0:
        return 0.0
    best, where = 0.0, None
    # a control of the named role counts wherever it is (a search box in the page's banner is
    # on the page); a thing named without a role only in the main region and dialogs. Only the
    # nodes whose name holds one of the thing's words (and every key word) can score above 0.
    usable = claim.scope == "enabled"  # "Send warning button enabled": a control one can use now
    disabled = claim.scope == "disabled"  # "Resize is disabled": that control, by its whole name, cannot be used
    key = (roles, usable, toks if disabled else None)
    index = prep.extra.get(("name_index", key))
    if index is None:
        nodes = [(i, r) for i, r in _all_controls(prep) if r in roles] if roles else _node_names(prep)
        if usable or disabled:
            nodes = [(i, r) for i, r in nodes if ("disabled" in prep.page.nodes[i].states) == disabled
                     and (not disabled or frozenset(tokenize(prep.page.nodes[i].name)) <= frozenset(toks)
                          and not prep.page.waits_for_input(i))]  # a form not filled yet disables its submit
        index = name_index(prep, nodes, key)
    get = index.tokens.get
    purpose = purpose_of(claim.subject)

    def named(t: str) -> int:  # the act the control is for, as controls name it ("New payment")
        if t not in purpose:
            return get(t, 0)
        alt = 0
        for a in _SAME_ACT.get(t, (t,)):
            alt |= get(a, 0)
        return alt

    masks = [named(t) for t in toks]
    cand = 0
    for m in masks:
        cand |= m
    for k in st.keys | purpose:
        cand &= named(k)
    while cand:
        low = cand & -cand
        cand ^= low
        if within is not None and index.nodes[low.bit_length() - 1][0] not in within:
            continue
        s = min(1.0, sum([w for t, m, w in zip(toks, masks, weights) if m & low and t != kind]) / total)
        if s > best:
            best, where = s, index.nodes[low.bit_length() - 1][0]
            if s >= 1.0:
                break
    if trace is not None and where is not None:
        trace.append(("presence", where, prep.page.nodes[where].line.strip(), best))
    return best


@page_cache(4096, kind="statement")
def kind_of(thing: str) -> str:
    """The record kind a thing names before its id ("Report" in "Report R-7305 link"), as a token:
    a control naming the record by its id alone names the same record."""
    words = thing.split()
    at = next((i for i, w in enumerate(words) if i and record_ids(w)), None)
    if at is None or len(words[at - 1]) < 3 or not words[at - 1].isalpha():
        return ""
    got = tokenize(words[at - 1], past="both")
    return got[0] if got else ""


@page_cache(4096, kind="statement")
def purpose_of(thing: str) -> frozenset[str]:
    """The verb of a thing named by what it does ("an option to restock the items"): a control
    that does it names it; one naming only the items ("Items unavailable") is some other control."""
    m = _PURPOSE.search(thing)
    return frozenset(tokenize(m.group(1), past="both")) if m else frozenset()


_PURPOSE = re.compile(r"^\s*(?:an?\s+|the\s+)?\w+\s+to\s+([A-Za-z]+)\b")
#: A control that makes a thing is named for making it in one of a few ways ("Create payment",
#: "New payment", "Add payment"): the act of "a control to create a new payment".
_MAKING = tuple(tokenize("create new add"))
_SAME_ACT = {t: _MAKING for t in _MAKING}
_REGION_WORDS = frozenset(tokenize("dialog modal popup panel section tab form sidebar menu region drawer"))
_LIST_NOUNS = frozenset(tokenize(" ".join(LIST_NOUNS)))  # (grammar.LIST_NOUNS, as tokens)
_PLACE_NOUNS = _LIST_NOUNS | frozenset(tokenize("dialog modal popup panel section tab form sidebar menu region drawer"))
_OVERLAY_WORDS = frozenset(tokenize("dialog modal popup drawer"))
_REGION_ROLES = frozenset({"dialog", "alertdialog", "region", "tabpanel", "form", "complementary", "group", "navigation", "menu"})


def _scope_names(prep: Prepared, regions: bool) -> list[frozenset[str]]:
    """Token sets of what a scope can name: each identity string (path, title, root, first
    heading) on its own, and with ``regions`` the names of dialogs, regions, panels and forms."""
    key = ("scopes", regions)
    hit = prep.extra.get(key)
    if hit is None:
        page = prep.page
        if page is None or not page.is_page:
            hit = [prep.identity]
        else:
            # the URL path only when the page has no title or heading: "/support/T-390" lies
            # under the support queue, but is not it
            parts = page.identity[1:] if len(page.identity) > 1 and "url" in page.headers else page.identity
            hit = [frozenset(tokenize(x.replace("/", " "), past="both")) for x in parts]
            if regions:
                hit += [frozenset(tokenize(n.name, past="both")) for n in page.nodes if n.role in _REGION_ROLES and n.name]
        prep.extra[key] = hit
    return hit


@page_cache(16384, kind="statement")
def _scope_words(tokens: tuple[str, ...]) -> tuple[frozenset[str], bool, frozenset[str], bool, bool]:
    """A scope's words; whether it names a region; its words without place nouns ("list", "dialog":
    they may or may not be written in the place's name); whether it names a record; whether it
    names a list of records."""
    want = frozenset(tokens)
    core = (want - _PLACE_NOUNS) or want
    names_record = any(is_key_token(t) and any(c.isalpha() for c in t) for t in want)
    return want, not _REGION_WORDS.isdisjoint(want), core, names_record, not _LIST_NOUNS.isdisjoint(want)


def scope(st: Stmt, prep: Prepared) -> float:
    """Whether the page is the scope an absence claim names ("on ticket T-390 detail", "in the
    assign dialog"): all of the scope's words in one identity string (or region name). A scope
    is a place: a page either is it or is not, so partial overlap with its name counts as not;
    a scope that is no page's name ("in search results") is read from the page's words."""
    place = scope_place(st, prep)
    return recall(st, prep) if place is None else place


def scope_place(st: Stmt, prep: Prepared, said: str = "") -> float | None:
    """:func:`scope` when the scope is a place the page is or is not (1 or 0); ``None`` when the
    scope names no place the page could be, and its words decide. ``said``: the scope as written
    ("account"): one of a kind, where the page's identity names them all ("Accounts") is the list
    of them, not it."""
    want, regions, core, names_record, names_list = _scope_words(st.tokens)
    if not want:
        return 0.0
    page = prep.page
    if said and len(want) == 1 and not regions and page is not None and page.is_page and _lists_them(said, page):
        return 0.0
    # a list's name without its place noun ("Leave requests") is also the kind in one of its
    # records' titles: on a record's page only the whole name counts
    loose = not (names_list and not names_record and page is not None and page.is_page and page.record_ids)
    for names in _scope_names(prep, regions):
        if want <= names or (loose and core <= names):
            return 1.0
    if not _OVERLAY_WORDS.isdisjoint(want) or names_list:
        # a dialog is open or it is not, and a list of records ("the orders list") is the page
        # that lists them: another place's words (a card of orders on the dashboard) do not make it one
        return 0.0
    if names_record:
        return 0.0  # a scope naming a record ("on ticket T-390") is that record's page, or a region named so
    if page is not None and page.is_page and page.record_ids:
        # a record's page is not a place named without its id ("product catalogue", "support
        # queue"): those are the lists the record sits in
        return 0.0
    if len(want) == 1 and not regions and page is not None and page.is_page:
        # one noun and no place word ("on the account", "in the order"): the page that says so
        # where it says which page it is (above); a page that only mentions accounts (a search's
        # results) is not it
        return 0.0
    return None  # a part of a page ("search results"): its words on the page


def _lists_them(said: str, page: Page) -> bool:
    """Whether a page's identity names the kind ``said`` (one word, singular: "account") only in the
    plural ("Accounts"): the list of them."""
    word = said.strip().casefold()
    if not word.isalpha() or word.endswith("s"):
        return False
    ident = " ".join(page.identity_text).casefold()
    return bool(re.search(rf"\b{re.escape(word)}s\b", ident)) and not re.search(rf"\b{re.escape(word)}\b", ident)


def absence(st: Stmt, prep: Prepared, prior: float, trace: list | None = None) -> float:
    literal = recall(st.views[0], prep)
    context = scope(st.context, prep) if st.context is not None else prior
    if trace is not None:
        trace.append(("literal", None, "the page says it in words", literal))
        trace.append(("scope", None, st.claim.scope if st.claim and st.claim.scope else "(no scope: prior)", context))
    if context <= literal:  # (1 - presence) * context cannot beat the literal reading
        return literal
    within = named_region(st.context, prep) if st.context is not None and context >= 1.0 else None
    p = presence(st.thing, st.claim, prep, trace, within) if st.thing is not None else 0.0
    return max(literal, (1.0 - p) * context)


def named_region(st: Stmt, prep: Prepared) -> range | None:
    """The positions of the dialog, panel or form an absence's scope names, when it names one the
    page has by that name ("the cancel dialog"); ``None`` when the scope is the page itself."""
    want, regions, core, _, _ = _scope_words(st.tokens)
    page = prep.page
    if not regions or page is None or not page.is_page:
        return None
    for i, n in enumerate(page.nodes):
        if n.role in _REGION_ROLES and n.name:
            names = frozenset(tokenize(n.name, past="both"))
            if want <= names or core <= names:
                return page.subtree(i)
    return None


def control(st: Stmt, prep: Prepared, trace: list | None = None) -> float:
    """A control named in a presence claim ("Assign button"): a node of its role with its name;
    on a text that is no page (an action), the statement's words."""
    if prep.page is None or not prep.page.is_page or st.thing is None:
        return recall(st.views[0], prep)
    p = presence(st.thing, st.claim, prep, trace)
    if p < 1.0 and st.claim is not None and "list" in st.claim.roles:
        p = max(p, _titled_list(st.thing, prep))
    return p


def _titled_list(st: Stmt, prep: Prepared) -> float:
    """A list named by what it lists ("Urban Cycling board thread list"): pages seldom name a list
    node; they title it (:func:`.page_index.list_titles`). The share of the thing's words among
    those titles, every key word among them."""
    titles = list_titles(prep)
    if not titles or not st.keys <= titles or st.total <= 0:
        return 0.0
    return sum(w for t, w in zip(st.tokens, st.weights) if t in titles) / st.total


_VALUE_ALTERNATIVES = re.compile(r"\s+or\s+", re.IGNORECASE)


def _value_matches(value: str, have: str) -> bool:
    """Whether a field holding ``have`` holds ``value`` ("184500 or 184,500.00": one of them)."""
    alts = _VALUE_ALTERNATIVES.split(value) if " or " in value.lower() else ()
    if len(alts) > 1:
        return any(_one_value_matches(a.strip(), have) for a in alts if a.strip())
    return _one_value_matches(value, have)


def _one_value_matches(value: str, have: str) -> bool:
    want_dates = dates(value)
    if want_dates:
        return dates_match(want_dates, dates(have))
    if same_name_as(tokenize(value, past="stem"), have):
        return True
    # "Approved" in "Approved by Jordan Lee": the value, then words that qualify it
    if have.lower().startswith(value.lower()):
        rest = have[len(value):]
        return not rest or (rest[0] in " ,.;(" and not re.match(r"\s+[A-Z]", rest))
    if "," in value:
        # a list of details ("Oxycodone MR 10 mg at 18:00, witnessed by T. Nowak") held by a field's
        # longer list ("Oxycodone MR 10 mg, oral at 18:00, given by P. Raman, witnessed by T. Nowak"):
        # a statement abbreviates what a confirmation spells out; one word of it missing is another value
        want = frozenset(tokenize(value, past="stem"))
        return bool(want) and want <= frozenset(tokenize(have, past="stem"))
    return False


#: Words that say what kind of control a label names ("Price box", "Team dropdown"): not part of the label.
_CONTROL_WORDS = frozenset(tokenize("box field textbox searchbox dropdown combobox input list menu selector picker"))


@page_cache(16384, kind="statement")
def _label_tokens(label: str) -> frozenset[str]:
    """A field label's words without the control word ("Price box" is the field labelled Price); a
    label of short words only ("To", "From") is those words."""
    toks = frozenset(tokenize(label)) or frozenset(tokenize(label, keep_stopwords=True))
    return (toks - _CONTROL_WORDS) or toks


def has_label(label: str, prep: Prepared) -> bool:
    """Whether a field of the page is labelled ``label`` (see :func:`field_score`)."""
    want = _label_tokens(label)
    page = prep.page
    return bool(want) and page is not None and any(want <= have for have in field_labels(prep))


#: A word written as a value: a capital, a digit or a currency sign first ("Paid", "3", "$304.00", "€12").
_VALUE_WORD = re.compile(r"^[A-Z0-9$€£¥#]")


def field_denies(statement: str, prep: Prepared) -> bool:
    """Whether the page's fields deny a statement written as a field's label followed by a value
    ("Units 2", "Line charge $304.00"): its first words are the whole label of a field of the page
    and every field so labelled holds another value. A form whose Units box holds 3 does not say
    "Units 2", whatever other line says "2" ("Correct claim line 2"). The value is a short run of
    words written as values are, each opening with a capital, a digit or a currency sign ("Paid",
    "$304.00"): "Candidate archived" and "Score cells are read-only" say something of a candidate
    or of cells, no value. The fields read are the page's own (a form's controls, its "Label:
    value" lines), not a table's cells: each row is another record's. A statement whose first
    words name no field, or a field holding that value, is read as words."""
    page = prep.page
    if page is None or not page.is_page or not page.fields:
        return False
    words = statement.split()
    labels = field_labels(prep)
    mentions = page.mentions
    for k in range(max(1, len(words) - 3), min(len(words), 5)):
        label, value = frozenset(tokenize(" ".join(words[:k]))), " ".join(words[k:])
        if not label or not all(_VALUE_WORD.match(w) for w in words[k:]):
            continue
        held = [f.value for f, have in zip(page.fields, labels) if have == label and f.node not in mentions]
        if held:  # (a value may repeat its label: the Route select holding "Route 41")
            return not any(_value_matches(value, have) or _value_matches(statement, have) for have in held)
    return False


def field_score(st: Stmt, prep: Prepared, trace: list | None = None) -> float:
    """A node binds the label to the value (1); the label with another value only (0); no such
    label on the page: the statement's words anywhere (recall)."""
    claim = st.claim
    page = prep.page
    if claim is None or page is None or not page.is_page:
        return recall(st.views[0], prep)
    label = _label_tokens(claim.subject)
    seen = None
    for f, have in zip(page.fields, field_labels(prep)) if label else ():
        if not label <= have:
            continue
        if _value_matches(claim.value, f.value):
            if trace is not None:
                trace.append(("field", f.node, f"{f.label} = {f.value}", 1.0))
            return 1.0
        seen = seen or f
    if seen is not None:
        if trace is not None:
            trace.append(("contradicts", seen.node, f"{seen.label} = {seen.value}", 0.0))
        return 0.0
    s = recall(st.views[0], prep)
    if trace is not None:
        trace.append(("literal", None, f"no field labelled {claim.subject!r}: the words anywhere", s))
    return s


def identity(st: Stmt, prep: Prepared, trace: list | None = None) -> float:
    """The page's identity (:func:`~.recall.identity_recall`); a statement read as a bare name that
    is a field's label and then its value ("Status Registered", "Fault category Display") also holds
    where the page's own content binds that label to that value. Plans write a completion as the
    label and the value a record page shows; no record's name begins with one of its page's field
    labels followed by that field's value, so a name keeps its identity reading."""
    s = identity_recall(st, prep)
    if s >= 1.0 or st.claim is None:
        return s
    hit = labelled_value(st.claim.statement, prep) or record_value(st.claim.statement, prep)
    if hit is not None:
        if trace is not None:
            trace.append(("field", hit.node, f"{hit.label} = {hit.value}", 1.0))
        return 1.0
    line = written_line(st.claim.statement, prep)
    if line is not None:
        if trace is not None:
            trace.append(("line", line, prep.page.nodes[line].name, 1.0))
        return 1.0
    return s


#: Roles of a line of text a page writes (not a control's name, not a list's row).
_TEXT_LINES = frozenset({"statictext", "heading", "paragraph"})


def written_line(statement: str, prep: Prepared) -> int | None:
    """The node of the page's own content (not chrome, not a mention of another record) whose
    text is ``statement`` word for word, or None: a plan that writes the line a page shows ("Root
    tint with Nina Kowalczyk", the summary line of a confirmation dialog) expects that line, not a
    page named so."""
    page = prep.page
    if page is None or not page.is_page or not statement.strip():
        return None
    lines = prep.extra.get("written_lines")
    if lines is None:  # the page's own text lines by their words, read once per page
        chrome, listed = page.chrome, page.mentions
        lines = prep.extra["written_lines"] = {}
        for i, n in enumerate(page.nodes):
            if n.kind in _TEXT_LINES and i not in chrome and i not in listed:
                lines.setdefault(_as_written(n.name).rstrip("."), i)
    return lines.get(_as_written(statement).rstrip("."))


def record_value(statement: str, prep: Prepared) -> Field | None:
    """The field of the page's own content whose whole value is ``statement``, where the statement
    names a record by id ("Jorge Villanueva (CUS-10517)" as a quote's Customer): a plan writes a
    completion as the value a record page links, and a record this page's record is bound to by a
    field of its own is no mention among others. Only a confirming reading: a falsifier's record is
    the one in view (:mod:`.falsify`)."""
    page = prep.page
    if page is None or not page.is_page or not page.fields or not any(r.strong for r in record_ids(statement)):
        return None
    want = _as_written(statement)
    chrome, listed = page.chrome, page.mentions
    return next((f for f in page.fields if f.node not in chrome and f.node not in listed and _as_written(f.value) == want), None)


def _as_written(text: str) -> str:
    """``text`` as a plan and a page may both write it: spaces collapsed, case folded."""
    return " ".join(text.split()).casefold()


def labelled_value(statement: str, prep: Prepared) -> Field | None:
    """The field of the page's own content (not chrome, not an item that lists another record)
    whose label is the first words of ``statement`` and whose value is the rest, or None."""
    page = prep.page
    heads = _label_value_splits(statement)
    if page is None or not page.is_page or not page.fields or not heads:
        return None
    chrome, listed = page.chrome, page.mentions
    for f, have in zip(page.fields, field_labels(prep)):
        if f.node in chrome or f.node in listed or not f.value:
            continue
        for label, rest in heads:
            if label == have and _value_matches(rest, f.value):
                return f
    return None


@page_cache(16384, kind="statement")
def _label_value_splits(statement: str) -> tuple[tuple[frozenset[str], str], ...]:
    """Each way ``statement`` reads as a label of one to three words and then a value: (the
    label's tokens, the value). It depends on the statement alone, so it is worked out once."""
    words = statement.split()
    out = []
    for k in range(1, min(len(words), 4)):
        rest = " ".join(words[k:]).strip(" .:·—-")
        label = frozenset(tokenize(" ".join(words[:k])))
        if label and rest:
            out.append((label, rest))
    return tuple(out)


def message(st: Stmt, prep: Prepared, trace: list | None = None) -> float:
    """The message's words inside one live region; a page without live regions: anywhere."""
    page = prep.page
    body = st.views[0]
    if page is not None and page.is_page and page.live:
        toks = body.tokens
        best, where = 0.0, None
        for (i, _), have in zip(page.live, live_tokens(prep)):
            if body.keys and not body.keys <= have:
                continue
            s = sum(w for t, w in zip(toks, body.weights) if t in have) / body.total if body.total else 0.0
            if s > best:
                best, where = s, i
        if trace is not None and where is not None:
            trace.append(("live region", where, page.nodes[where].line.strip(), best))
        if best > 0:
            return best
    s = recall(body, prep)
    if trace is not None:
        trace.append(("literal", None, "no live region says it: the words anywhere", s))
    return s


def _for_whom(claim: Claim) -> bool:
    """Whether an event's value is whom it was done for ("Pledge created for Priya Raman"), not the
    state it left the record in ("assigned to Payments", "marked as paid"): a field holding the
    beneficiary (the donor on the form that creates the pledge) is there before the event too."""
    return re.search(r"\bfor\s+" + re.escape(claim.value) + r"\s*$", claim.statement.strip().rstrip(".")) is not None


def _thing_in_view(claim: Claim, prep: Prepared) -> bool:
    """Whether what an event without an id happened to is the page's record: the words before its
    verb ("Ticket" of "Ticket assigned to Payments") name the page's identity (its title, heading
    or path), or there are none ("Assigned to Payments"). A field is the result of the event only
    on that record's page: "Credit of $75.00 posted to Priya Nair" is not said by a work order's
    "Tenant: Priya Nair", whom nothing was posted to yet."""
    text = claim.statement
    at = re.search(r"\b" + re.escape(claim.subject) + r"\b", text, re.IGNORECASE) if claim.subject else None
    thing = tokenize(text[: at.start()] if at else "")  # (articles are stopwords: "The credit" is *credit*)
    return not thing or any(t in prep.identity for t in thing)


def _said_after(claim: Claim) -> bool:
    """Whether the statement says more after the event's object ("booked for Marguerite Okafor
    *with Dr. Reyes, Chair 3 Quayside, 16 May*"): a field holding the object is then one part of
    it, and the rest must hold as words (recall) wherever the page says them. (An event naming its
    record by id is bound to the page by the id, and what follows its object is read as before.)"""
    at = claim.statement.rfind(claim.value)
    return at >= 0 and bool(tokenize(claim.statement[at + len(claim.value):]))


def event(st: Stmt, prep: Prepared, trace: list | None = None, confirming: bool = True) -> float:
    """Recall with the event bound to its record; "T-390 assigned to Payments" also holds on
    T-390's page when a field there holds *Payments* (the event's result). ``confirming``: as
    :func:`~fcpkit.matching.lexical.recall.recall` reads it."""
    s = recall(st, prep, confirming)
    claim = st.claim
    page = prep.page
    if s >= 1.0 or claim is None or not claim.value or page is None or not page.is_page or _for_whom(claim):
        return s
    ids = claim.entities.ids
    if ids and not all(i in page.record_ids for i in ids):
        return s
    if not ids and (not _thing_in_view(claim, prep) or _said_after(claim)):
        return s  # no id binds it to the page's record: the field stands for it only read whole
    want = tokenize(claim.value, past="stem")
    for f in page.fields:
        # an input's value is what someone chose, not what the application did: a drop-down set
        # to Payments before Save is no event; a displayed field (term/definition, a label line) is
        if page.nodes[f.node].role in EDITABLE_ROLES:
            continue
        if same_name_as(want, f.value):
            if trace is not None:
                trace.append(("result field", f.node, f"{f.label} = {f.value}", 1.0))
            return 1.0
    return s


#: The participles by which a statement says a choice is made ("Original card selected", "Gift wrap
#: ticked"): a state of the choice itself, which a form shows on the choice's own node.
_CHOICE_STATES = frozenset(f"{v}{PAST}" for v in ("select", "check", "tick", "choos", "chose")) | {"chosen"}
_CHOICE_ROLES = frozenset({"radio", "checkbox", "option", "menuitemradio", "menuitemcheckbox", "switch", "treeitem", "tab"})
#: Support left to a choice said to be made when the page shows it named and not made.
_NOT_CHOSEN = 0.3


def chosen(st: Stmt, prep: Prepared, trace: list | None = None) -> float:
    """Recall, held to the choice the statement names: "Original card Visa ••4417 selected" is
    not said by a page that shows that choice unchecked and another one selected beside it, and is
    said by one that shows it checked, though no word of the page says "selected" (a radio button
    carries its state, not a word)."""
    s = recall(st, prep)
    page = prep.page
    if page is None or not page.is_page:
        return s
    made = choice_made(st, page)
    if s > _NOT_CHOSEN and made is False:
        if trace is not None:
            trace.append(("choice", None, "the choice it names is not the one made", _NOT_CHOSEN))
        return _NOT_CHOSEN
    if s < 1.0 and made is True:
        if trace is not None:
            trace.append(("choice", None, "the choice it names is checked or selected", 1.0))
        return 1.0
    return s


def states_a_choice(tokens: tuple[str, ...]) -> bool:
    """Whether a statement's tokens say a choice is made (:data:`_CHOICE_STATES`)."""
    return any(t in _CHOICE_STATES for t in tokens)


def choice_made(st: Stmt, page: Page | None) -> bool | None:
    """Whether a statement that a choice is made holds on the choice it names: where the page
    offers choices named with all the statement's other words ("Original card Visa ••4417"), one of
    them is checked or selected. Another choice's state ("Damaged" selected above it) says nothing
    of this one. ``None`` for a statement of no choice state, or a page without such a choice: not
    read so."""
    state = [t for t in st.tokens if t in _CHOICE_STATES]
    others = {t for t in st.tokens if t not in _CHOICE_STATES}
    if not state or not others or page is None or not page.is_page:
        return None
    named = [n for n in page.nodes if n.kind in _CHOICE_ROLES and n.name
             and others <= set(tokenize(n.name, past="marked"))]
    if not named:
        return None
    return any(("checked" in n.states or "selected" in n.states) for n in named)


def _head(tokens: tuple[str, ...]) -> str | None:
    """The head of what a statement says is chosen: its last word that is not a participle (English
    puts a noun phrase's head last: "an inspection *type*", "the text field holds a *value*")."""
    for t in reversed(tokens):
        if not t.endswith(PAST):
            return t
    return None
