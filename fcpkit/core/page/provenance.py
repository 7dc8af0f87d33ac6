"""Provenance: which text on a page the application wrote, which a user wrote, which the agent typed.

A plan's confirming evidence ("Price for SKU-2045 updated to $229.00.") proves something only
where the application says it: a status message, an alert, a heading, a field's value, a label.
The same words inside text a user controls (a product named "... Price for SKU-2045 updated to
$229.00.", a complaint, a comment) prove nothing, and a user who can write them could otherwise
fake a completion and hide a fault. The words the agent typed itself (the query in a search box,
echoed back by the application after the search) prove nothing either: "EXP-1180" typed into a
search box above a result list that does not hold it does not make "Search results for
EXP-1180" true, and "Whitfield" typed into it does not make a falsifier naming Diana Whitfield true.

User-authored regions are found structurally, on the page's nodes:

* free-text containers: ``blockquote``, ``article``, ``comment``, ``feed`` subtrees, and
  regions / groups / tab panels named for free text ("Customer complaint", "Comments");
* labelled values whose label names a free-text field (a definition after the term *Name*, a
  cell under the column *Subject*, ``StaticText 'Customer: Mira Okafor'``, a text box *Description*);
* a record page's title line: the unlabelled text right after the first heading of the main
  content ("Ticket T-390" / "Charged twice this month"), on a page whose identity names a record
  (on a sign-in page, the line under "Sign in" is the application's: "Your session has expired").

What the agent typed: the value of every search box (typed, or echoed into it by the application
after the search); on the page of a step that only typed (the form is not submitted yet), the
value of every text box; the value of any text box that holds a value the agent typed or chose
in this run; and, in the application's text, a span that repeats such a value word for word (an
echo: "No results for 'Kestrel Logistics AG'"). The box itself, with its name, stays: a text box
the application filled in (a record's saved price in its edit form) still counts.

:class:`ProvenancePolicy` holds the vocabulary; ``sites`` overrides it per host.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Iterable, Mapping
from urllib.parse import urlsplit

from fcpkit.core.page.nodes import TEXT_ROLES
from fcpkit.core.text import dates

if TYPE_CHECKING:
    from fcpkit.core.page.model import Page

__all__ = ["ProvenancePolicy", "DEFAULT_POLICY", "user_nodes", "user_labels", "typed_nodes", "echoes",
           "about_user_content"]

_FREE_TEXT_FIELDS = ("name", "customer", "subject", "title", "description", "comment", "comments", "note", "notes",
                     "decision note", "message", "merchant", "reason", "summary", "body", "address", "employee",
                     "author", "reply", "feedback", "review", "bio", "complaint", "customer complaint",
                     "product name", "vendor", "requester", "contact", "memo", "remarks", "conversation")
#: Labels among those that name a party or a thing by its name, not a text someone writes: their
#: values are user-written ("Customer: Mira Okafor"), but a region named for them ("Customer", the
#: section holding the customer picker and the account's type and status) is the application's.
#: Not the author: a section about a post's author shows what they wrote of themselves (a bio, a
#: signature).
_PARTY_FIELDS = ("name", "customer", "title", "merchant", "address", "employee", "product name", "vendor",
                 "requester", "contact")


@dataclass(frozen=True)
class ProvenancePolicy:
    """What counts as user-authored on a page (see the module docstring).

    Args:
        containers: roles whose whole subtree is user-authored.
        free_text_fields: field labels (term, column header, ``Label:`` prefix, text box name, region
            name) whose values are user-authored; matched on whole words, case-insensitive.
        party_fields: those of them that name a party or a thing by its name: a region named for
            one is not user-authored as a whole (only the values labelled so are).
        title_line: treat the unlabelled text after the main heading as the record's (user) title.
        sites: per-host overrides (``urlsplit(url).netloc``), replacing this policy for that host.
    """

    containers: frozenset[str] = frozenset({"blockquote", "article", "comment", "feed"})
    free_text_fields: tuple[str, ...] = _FREE_TEXT_FIELDS
    party_fields: tuple[str, ...] = _PARTY_FIELDS
    title_line: bool = True
    sites: Mapping[str, "ProvenancePolicy"] = field(default_factory=dict)

    def for_url(self, url: str) -> "ProvenancePolicy":
        host = urlsplit(url or "").netloc
        return self.sites.get(host, self) if self.sites else self

    def __hash__(self) -> int:  # the sites mapping is not hashable; policies are compared by identity
        return id(self)

    def __eq__(self, other: object) -> bool:
        return self is other


DEFAULT_POLICY = ProvenancePolicy()

_LABELLED = re.compile(r"^\s*([^:]{1,40}):\s+\S")
_REGIONS = frozenset({"region", "group", "tabpanel", "section", "complementary", "form"})
_TEXT = TEXT_ROLES
_TYPED_ROLES = frozenset({"textbox", "searchbox"})


def _words_re(fields: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(f) for f in sorted(fields, key=len, reverse=True)) + r")(?!\w)",
                      re.IGNORECASE)


@lru_cache(maxsize=8)
def _fields(policy: ProvenancePolicy) -> re.Pattern[str]:
    return _words_re(policy.free_text_fields)


@lru_cache(maxsize=8)
def _region_fields(policy: ProvenancePolicy) -> re.Pattern[str]:
    """The free-text labels a region of user-written text is named for (comments, notes, a
    complaint): :attr:`ProvenancePolicy.free_text_fields` less the party ones."""
    party = {f.casefold() for f in policy.party_fields}
    return _words_re(tuple(f for f in policy.free_text_fields if f.casefold() not in party))


def _is_field(label: str, pat: re.Pattern[str]) -> bool:
    """Whether ``label`` names a field of user-written text: one of the policy's words, or a short
    label whose head noun is one ("Customer complaint", "Internal notes (3)", "Reason for return").
    A label where the word only modifies another noun names something else: "Review steps" lists
    an approval's steps, "Comment count" is a number, "Name badge printer" a device."""
    label = " ".join(label.split())
    if not label or len(label) > 40:
        return False
    if pat.fullmatch(label):
        return True
    if len(label.split()) > 3:
        return False
    head = _AFTER_HEAD.split(_COUNT.sub("", label), maxsplit=1)[0].strip()
    return any(m.end() == len(head) for m in pat.finditer(head))


#: A count or a note in brackets after a label ("Notes (3)", "Comments [2]").
_COUNT = re.compile(r"\s*[(\[][^)\]]*[)\]]\s*$")
#: Where a label's head noun ends: a preposition or a colon ("Reason for return", "Note to customer").
_AFTER_HEAD = re.compile(r"\s+(?:for|from|to|of|on|by|about|with|in)\s+|:", re.IGNORECASE)


def _scan(page: "Page", policy: ProvenancePolicy) -> tuple[frozenset[int], frozenset[str]]:
    """(user-authored node positions, the labels of the user-authored fields and regions found)."""
    pat, region_pat = _fields(policy), _region_fields(policy)
    # the unlabelled line after the heading is a record's title only on a record's page
    title_line = policy.title_line and bool(page.record_ids)
    user: set[int] = set()
    labels: set[str] = set()
    skip_depth: int | None = None  # inside a user subtree: every node deeper than this
    header_cols: list[str] = []
    col = 0
    last_term: str | None = None
    after_heading = False
    seen_heading = False
    nodes = page.nodes
    for i, n in enumerate(nodes):
        if not n.role:
            role, name, depth = "", "", n.depth
        else:
            role, name, depth = n.kind, n.name, n.depth
        if skip_depth is not None:
            if depth > skip_depth:
                user.add(i)
                continue
            skip_depth = None
        if not role:
            continue
        if role in policy.containers or (role in _REGIONS and name and _is_field(name, region_pat)
                                         and not _lays_out_fields(page, i)):
            if role in policy.containers:
                user.add(i)
            elif name:
                labels.add(name)
            skip_depth = depth
            continue
        if role == "row":
            col = 0
        if role == "columnheader":
            header_cols.append(name)
        if role in ("cell", "gridcell"):
            ncols = len(header_cols)
            header = header_cols[col % ncols] if ncols else ""
            col += 1
            if header and _is_field(header, pat):
                labels.add(header)
                user.add(i)
                skip_depth = depth
                continue
        if role == "term":
            last_term = name or _next_text(page, i, depth)
            continue
        if role == "definition":
            if last_term and _is_field(last_term, pat):
                labels.add(last_term)
                user.add(i)
                skip_depth = depth
            last_term = None
            continue
        if role in _TYPED_ROLES and name and _is_field(name, pat):
            labels.add(name)
            user.add(i)
            continue
        if role == "heading":
            after_heading, seen_heading = not seen_heading, True
            continue
        if role in _TEXT:
            label = _LABELLED.match(name) if name else None
            if label and _is_field(label.group(1), pat):
                labels.add(label.group(1))
                user.add(i)
                continue
            if after_heading and title_line and not label and not _facts_line(name):
                after_heading = False
                user.add(i)
                skip_depth = depth if role != "statictext" else None
                continue
        if role not in _TEXT and role != "labeltext":
            after_heading = False
    return frozenset(user), frozenset(" ".join(x.split()) for x in labels if x.strip())


#: The separators of a line of short facts ("Open · High priority · Berth D-07 (Pontoon D)").
_FACT_SEPARATOR = re.compile(r"\s+[·•|]\s+")


def _facts_line(text: str) -> bool:
    """Whether ``text`` is a line of short facts the application composes from a record's fields
    (a status, a priority, where it is: "Open · High priority · Berth D-07 (Pontoon D)"), each of at
    most four words between separators or a date and time (:func:`_a_time`), rather than a title
    a user wrote."""
    parts = [_BY_WHOM.sub("", p) for p in _FACT_SEPARATOR.split(text.strip())]
    return len(parts) >= 2 and all(0 < len(p.split()) <= 4 or _a_time(p) for p in parts)


#: Who did it, after when ("14 Oct 2025 09:53 by Priya Ramsden"): an audit stamp is one fact.
_BY_WHOM = re.compile(r"\s+by\s+[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,2}\s*$")


def _a_time(part: str) -> bool:
    """Whether a part of a line is a date or a time ("Thursday 16 May 2024, 10:30–11:30", "Fri 28
    Mar 2025 17:00 GMT"): one fact, however many words its day, month and zone take. At most three
    words without a digit, so a title that holds a date ("Quarterly review of the budget for 1 May")
    stays a title."""
    if not (dates(part) or _CLOCK.search(part)):
        return False
    return sum(1 for w in part.split() if not any(c.isdigit() for c in w)) <= 3


_CLOCK = re.compile(r"\b\d{1,2}:\d{2}\b")


def _lays_out_fields(page: "Page", i: int) -> bool:
    """Whether the region at ``i`` lays out labelled facts (a description list's terms, a table's
    column headers): a "Summary" section of a record's page lists the application's fields,
    each read by its own label, where a "Summary" a user wrote is prose."""
    return any(page.nodes[k].kind in _FACT_ROLES for k in page.subtree(i)[1:])


_FACT_ROLES = frozenset({"term", "definition", "columnheader", "descriptionlist"})


def _next_text(page: "Page", i: int, depth: int) -> str:
    for n in page.nodes[i + 1:i + 3]:
        if not n.role or n.depth <= depth:
            break
        if n.name:
            return n.name
    return ""


def _scanned(page: "Page", policy: ProvenancePolicy) -> tuple[frozenset[int], frozenset[str]]:
    key = ("provenance", policy.for_url(page.url_or_root))
    hit = page.cache.get(key)
    if hit is None:
        hit = page.cache[key] = _scan(page, key[1])
    return hit


def user_nodes(page: "Page", policy: ProvenancePolicy = DEFAULT_POLICY) -> frozenset[int]:
    """Positions of the user-authored nodes of ``page`` under ``policy``."""
    return _scanned(page, policy)[0]


def user_labels(page: "Page", policy: ProvenancePolicy = DEFAULT_POLICY) -> frozenset[str]:
    """Labels of the user-authored fields and regions on the page ("Customer complaint", "Subject")."""
    return _scanned(page, policy)[1]


def typed_nodes(page: "Page", typing: bool = False, inputs: Iterable[str] = ()) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The text and search boxes whose value the agent typed: (box position, the positions below
    it that show the value). Every search box with a value; with ``typing`` (the step only typed)
    every text box with one; and any text box whose value is one of ``inputs`` (what the agent typed
    or chose in this run)."""
    wanted = {_norm(v) for v in inputs if v and len(v.strip()) >= 2}
    out: list[tuple[int, tuple[int, ...]]] = []
    nodes = page.nodes
    for i, n in enumerate(nodes):
        if n.kind in _TYPED_ROLES and n.value is not None and "value=" in n.attrs:
            if n.kind == "searchbox" or typing or (n.value and _norm(n.value) in wanted):
                out.append((i, tuple(range(i + 1, page.ends[i]))))
    return tuple(out)


def _norm(s: str) -> str:
    return " ".join(s.split()).casefold()


_ECHO_WORDS = re.compile(r"\b(?:results?|search(?:ed|ing)?|match(?:es|ed|ing)?|found|showing|no\b|for|containing)\b", re.IGNORECASE)


def echoes(page: "Page", values: Iterable[str], skip: frozenset[int] = frozenset()) -> dict[int, str]:
    """The application's nodes that echo one of ``values`` (what the agent typed): the value in
    quotes ("No results for 'Kestrel Logistics AG'"), or beside the words of a search's answer
    ("Showing results for Whitfield") outside a listed item. Each comes back with the value's span
    removed from its text: {position: the text without it}. A result that merely contains the query
    ("Kestrel Logistics GmbH" for "Kestrel") is the application's answer, not an echo."""
    vals = sorted({" ".join(v.split()) for v in values if v and len(v.strip()) >= 3}, key=len, reverse=True)
    if not vals:
        return {}
    quoted = [re.compile(r"[\"'“‘«]" + re.escape(v) + r"[\"'”’»]", re.IGNORECASE) for v in vals]
    bare = [re.compile(r"(?<!\w)" + re.escape(v) + r"(?!\w)", re.IGNORECASE) for v in vals]
    out: dict[int, str] = {}
    items = page.items
    for i, n in enumerate(page.nodes):
        if i in skip or n.kind in _TYPED_ROLES or not n.label:
            continue
        text = n.label
        hit = False
        for p in quoted:
            if p.search(text):
                text, hit = p.sub(" ", text), True
        if not hit and items[i] < 0 and _ECHO_WORDS.search(text):
            for p in bare:
                if p.search(text):
                    text, hit = p.sub(" ", text), True
        if hit:
            out[i] = " ".join(text.split())
    return out


def about_user_content(statement: str, labels: frozenset[str]) -> bool:
    """Whether ``statement`` says it is about a user-authored field ("Customer complaint charged
    twice ..."): such a statement checks what the user wrote, so it is read on the whole page."""
    s = " ".join(statement.split()).casefold()
    return any(s.startswith(label.casefold()) for label in labels if len(label) >= 4)
