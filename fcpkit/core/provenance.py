"""Evidence provenance: which text on a page the application wrote, and which a user did.

A plan's confirming evidence ("Price for SKU-2045 updated to $229.00.") proves something only
where the application says it: a status message, an alert, a heading, a field's value, a label.
The same words inside text a user controls (a product named "... Price for SKU-2045 updated to
$229.00.", a complaint, a comment) prove nothing, and a user who can write them could otherwise
fake a completion and hide a fault. :func:`app_view` removes the user-authored parts of a page's
accessibility tree; the state tester scores *confirming* evidence on that view and falsifying
evidence on the whole page (a falsifier may be anywhere: a false alarm costs a look, a missed
one a wrong write).

User-authored regions are found structurally, on the accessibility tree:

* free-text containers: ``blockquote``, ``article``, ``comment``, ``feed`` subtrees, and
  regions / groups / tab panels named for free text ("Customer complaint", "Comments");
* labelled values whose label names a free-text field (a definition after the term *Name*, a
  cell under the column *Subject*, ``StaticText 'Customer: Mira Okafor'``, a text box *Description*);
* a record page's title line: the unlabelled text right after the first heading of the main
  content ("Ticket T-390" / "Charged twice this month");
* what a user typed: the query in a search box (typed, or echoed back by the application after
  the search: either way the user's words, not the application's answer), and, on a page where
  the step only typed (``typing=True``: the form is not submitted yet), the value of every text
  box. The box itself, with its name, stays. "EXP-1180" typed into a search box above a result
  list that does not hold it does not make "Search results for EXP-1180" true; a text box the
  application filled in (a record's saved price in its edit form) still counts.

Everything else (live regions, headings, controls, selected options, labels, other field values,
the URL and title) stays. A confirming statement that says it is about a user-authored field by
starting with its label ("Customer complaint charged twice ...") checks what the user wrote and
is read on the whole page (:func:`about_user_content`). :class:`ProvenancePolicy` holds the vocabulary; ``sites`` overrides it
per host (``{"shop.example.com": ProvenancePolicy(...)}``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Mapping
from urllib.parse import urlsplit

from fcpkit.core.caches import page_cache
from fcpkit.core.trajectory import Observation

__all__ = ["ProvenancePolicy", "DEFAULT_POLICY", "app_view", "app_text", "user_lines", "user_labels",
           "about_user_content"]

_FREE_TEXT_FIELDS = ("name", "customer", "subject", "title", "description", "comment", "comments", "note", "notes",
                     "decision note", "message", "merchant", "reason", "summary", "body", "address", "employee",
                     "author", "reply", "feedback", "review", "bio", "complaint", "customer complaint",
                     "product name", "vendor", "requester", "contact", "memo", "remarks", "conversation")


@dataclass(frozen=True)
class ProvenancePolicy:
    """What counts as user-authored on a page (see the module docstring).

    Args:
        containers: roles whose whole subtree is user-authored.
        free_text_fields: field labels (term, column header, ``Label:`` prefix, text box name, region
            name) whose values are user-authored; matched on whole words, case-insensitive.
        title_line: treat the unlabelled text after the main heading as the record's (user) title.
        sites: per-host overrides (``urlsplit(url).netloc``), replacing this policy for that host.
    """

    containers: frozenset[str] = frozenset({"blockquote", "article", "comment", "feed"})
    free_text_fields: tuple[str, ...] = _FREE_TEXT_FIELDS
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

_LINE = re.compile(r"^(?P<indent>\t*)(?:\[[^\]\s]+\]\s+)?(?P<role>[A-Za-z][\w-]*)(?:\s+(?P<q>['\"])(?P<name>(?:\\.|(?!(?P=q)).)*)(?P=q))?")
_LABELLED = re.compile(r"^\s*([^:]{1,40}):\s+\S")
_REGIONS = frozenset({"region", "group", "tabpanel", "section", "complementary", "form"})
_TEXT = frozenset({"statictext", "paragraph", "generic", "text"})


def _words_re(fields: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(f) for f in sorted(fields, key=len, reverse=True)) + r")(?!\w)",
                      re.IGNORECASE)


@lru_cache(maxsize=8)
def _fields(policy: ProvenancePolicy) -> re.Pattern[str]:
    return _words_re(policy.free_text_fields)


def _is_field(label: str, pat: re.Pattern[str]) -> bool:
    label = " ".join(label.split())
    return bool(label) and len(label) <= 40 and bool(pat.fullmatch(label) or pat.search(label) and len(label.split()) <= 3)


def _user_lines(text: str, policy: ProvenancePolicy) -> frozenset[int]:
    """Indices of the lines of ``text`` that are user-authored under ``policy``."""
    return _scan(text, policy)[0]


@page_cache(65536)
def _line(ln: str) -> tuple[int, str, str, str | None] | None:
    """(depth, role in lower case, name, the name as written) of one line, or ``None``: read once per
    line, as most lines of a page come back on the next one and on its app-authored view."""
    m = _LINE.match(ln)
    if m is None:
        return None
    raw = m.group("name")
    return len(m.group("indent")), m.group("role").lower(), (raw or "").replace("\\'", "'"), raw


_TYPED_ROLES = frozenset({"textbox", "searchbox"})
_VALUE_ATTR = re.compile(r""",?\s*\bvalue=(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")""")
#: A box with a value: (its line, whether it is a search box, the lines below it that show the value).
_Box = tuple[int, bool, tuple[int, ...]]


@page_cache(4096)
def _boxes(text: str) -> tuple[_Box, ...]:
    """The text and search boxes of ``text`` that hold a value."""
    boxes: list[_Box] = []
    box: tuple[int, int, bool, list[int]] | None = None  # (line, depth, search box, lines below it)
    for i, ln in enumerate(text.split("\n")):
        parsed = _line(ln)
        if parsed is None:
            continue
        depth, role = parsed[0], parsed[1]
        if box is not None and depth > box[1]:
            box[3].append(i)
            continue
        if box is not None:
            boxes.append((box[0], box[2], tuple(box[3])))
            box = None
        if role in _TYPED_ROLES and _VALUE_ATTR.search(ln):
            box = (i, depth, role == "searchbox", [])
    if box is not None:
        boxes.append((box[0], box[2], tuple(box[3])))
    return tuple(boxes)


@page_cache(4096)
def _scan(text: str, policy: ProvenancePolicy) -> tuple[frozenset[int], frozenset[str]]:
    """(user-authored line indices, the labels of the user-authored fields and regions found)."""
    pat = _fields(policy)
    lines = text.split("\n")
    parsed = [_line(ln) for ln in lines]
    user: set[int] = set()
    labels: set[str] = set()
    skip_depth: int | None = None  # inside a user subtree: every line deeper than this
    header_cols: list[str] = []
    col = 0
    last_term: str | None = None
    after_heading = False
    seen_heading = False
    for i, p in enumerate(parsed):
        if p is None:
            continue
        depth, role, name, _ = p
        if skip_depth is not None:
            if depth > skip_depth:
                user.add(i)
                continue
            skip_depth = None
        if role in policy.containers or (role in _REGIONS and name and _is_field(name, pat)):
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
            last_term = name or _next_text(parsed, i, depth)
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
            if after_heading and policy.title_line and not label:
                after_heading = False
                user.add(i)
                skip_depth = depth if role != "statictext" else None
                continue
        if role not in _TEXT and role not in ("LabelText".lower(),):
            after_heading = False
    return frozenset(user), frozenset(" ".join(x.split()) for x in labels if x.strip())


def _next_text(parsed, i: int, depth: int) -> str:
    for p in parsed[i + 1:i + 3]:
        if p is None or p[0] <= depth:
            break
        if p[3]:
            return p[3]
    return ""


def user_lines(obs: Observation, policy: ProvenancePolicy = DEFAULT_POLICY) -> list[str]:
    """The user-authored lines of ``obs.text`` (for inspection and tests)."""
    pol = policy.for_url(obs.url)
    lines = obs.text.split("\n")
    return [lines[i] for i in sorted(_user_lines(obs.text, pol))]


def user_labels(obs: Observation, policy: ProvenancePolicy = DEFAULT_POLICY) -> frozenset[str]:
    """Labels of the user-authored fields and regions on the page ("Customer complaint", "Subject")."""
    return _scan(obs.text, policy.for_url(obs.url))[1]


def about_user_content(statement: str, labels: frozenset[str]) -> bool:
    """Whether ``statement`` says it is about a user-authored field ("Customer complaint charged
    twice ..."): such a statement checks what the user wrote, so it is read on the whole page."""
    s = " ".join(statement.split()).casefold()
    return any(s.startswith(label.casefold()) for label in labels if len(label) >= 4)


def app_text(text: str, url: str = "", policy: ProvenancePolicy = DEFAULT_POLICY, typing: bool = False) -> str:
    """``text`` (a flattened accessibility tree) without its user-authored lines and search queries;
    ``typing``: the page of a step that only typed, whose text boxes hold the user's own values."""
    drop = _user_lines(text, policy.for_url(url))
    typed = [b for b in _boxes(text) if b[1] or typing]
    if not drop and not typed:
        return text
    values = {b[0] for b in typed}
    drop = drop.union(i for b in typed for i in b[2])
    return "\n".join(_VALUE_ATTR.sub("", ln, count=1) if i in values else ln
                     for i, ln in enumerate(text.split("\n")) if i not in drop)


def app_view(obs: Observation, policy: ProvenancePolicy = DEFAULT_POLICY, typing: bool = False) -> Observation:
    """``obs`` with only its app-authored text (the same object when nothing is user-authored);
    ``typing`` as in :func:`app_text`."""
    text = app_text(obs.text, obs.url, policy, typing)
    return obs if text is obs.text else replace(obs, text=text)
