"""Built-in task-level falsifiers: drift that needs no plan wording, tested at every step of every plan.

Most of what an agent runs into on a real site is not specific to its task: the session ends,
the application refuses, a filter from last time is still on, the page is another record's, the
agent itself says it could not finish. A plan's author rarely foresees the exact sentence, so
these are built in, each a named rule with its own switch (:class:`Builtins`) and its own fire
rate in the detection benchmark's telemetry. Each reads page structure first and a documented
phrase family second (:mod:`fcpkit.core.phrases`, per language):

* ``lost_session``: a sign-in form (a password field and a sign-in button or heading), a login
  path reached by a redirect, or a new signed-out / session-expired notice, when the plan never
  says to sign in;
* ``refused``: a 401/403-style or not-permitted title or heading, a new alert that refuses, or a
  click on a control that is disabled;
* ``missing_page``: a not-found or something-went-wrong title or heading;
* ``empty_results``: a search the step made for something the task names comes back empty;
* ``negative_alert``: a new alert/status region whose polarity is negative (error, failed,
  could not) that the plan's confirming evidence does not announce;
* ``wrong_record``: a detail page whose identity (URL path, title, first heading) names a record
  of the same kind as one the task names (``LR-2217`` for ``LR-2207``) but none the task names:
  it falsifies every step, not only the one whose statement names the record; a list that
  merely shows it does not;
* ``unrequested_constraint``: a list loaded with a filter, filter chip, pre-filled search or query
  parameter whose value the task and the plan's confirming evidence never ask for (a sticky
  filter);
* ``mistyped_value``: a form is sent while a text field holds a number the agent typed that the
  task never gives but that is one keystroke from one it does ("118000" for "£1,180,000"), and the
  page did not show it (:mod:`fcpkit.core.typed_numbers`);
* ``report_failure``: the agent's message to the user admits it did not do the task;
* ``report_contradicted``: the agent's message names a record the page in view is not, or a
  status of a record that the page shows otherwise.

They are hard rules (:data:`fcpkit.core.verify.HARD_RULES`): each is evidence of drift, and
their scopes match the plan-level falsifiers' (``execution``; ``planning`` for a refusal and an
admitted failure, which no retry of the same step fixes).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, fields, replace
from functools import cached_property
from typing import Any, Iterator, Mapping

from fcpkit.core.caches import page_cache
from fcpkit.core.page import Page, record_ids
from fcpkit.core.page_facts import FIELD_ROLES, SEARCH_PARAMS, as_page, message_facts, page_facts
from fcpkit.core.phrases import FILTER_NAME, SEARCH_NAME, STATUS_WORDS, fold, phrase
from fcpkit.core.rules import RuleHit, is_form_edit, is_page_changing, is_report, parse_action
from fcpkit.core.task_context import TaskContext, commitment_text
from fcpkit.core.text import NEGATIONS, dates, dates_match, is_key_token, tokenize
from fcpkit.core.trajectory import Action, Observation
from fcpkit.core.typed_numbers import mistyped
from fcpkit.errors import ConfigError

__all__ = ["BUILTIN_RULES", "RULE_SCOPES", "START_RULES", "OFF_PAGE_RULES", "Builtins", "TaskContext", "builtin_hits", "check_builtins",
           "commitment_text", "search_terms", "unrequested_narrowing"]

#: Every built-in rule, in the order they are tried (most certain first), with its repair scope.
RULE_SCOPES: Mapping[str, str] = {
    "lost_session": "execution", "refused": "planning", "missing_page": "execution", "wrong_record": "execution",
    "unrequested_constraint": "execution", "empty_results": "execution", "negative_alert": "execution",
    "mistyped_value": "execution", "report_failure": "planning", "report_contradicted": "execution",
}
BUILTIN_RULES: tuple[str, ...] = tuple(RULE_SCOPES)
#: Rules whose hit means the page in view is the wrong place to be (another record's, a refusal, a
#: dead end, a narrowed list): a repair goes back to the last page that was on track.
OFF_PAGE_RULES = frozenset({"lost_session", "refused", "missing_page", "wrong_record", "unrequested_constraint",
                            "empty_results"})
#: Rules that can read the page a run starts on (the others need an action or a change): a page
#: no step can start from (signed out, refused, gone). Where the run merely starts is not among
#: them: a list whose filter may be the site's default view (an approver's "Pending approval"
#: queue) or one left from an earlier session, another record's page the user left open (a
#: patient's spouse, whose household panel links the patient). Nothing has gone wrong until the
#: agent acts there; a write on that record is read on the page it leads to.
START_RULES = frozenset({"lost_session", "refused", "missing_page"})

_FILTER_ROLES = frozenset({"combobox", "listbox"})
#: What orders or lays out a list (hides nothing): sort, order, view, layout and page-size controls.
_ORDERING = re.compile(r"^\s*(?:sort(?:ed)?|order(?:ed)?)\b|\bsort\b|\b(?:list )?view\b|\blayout\b|\bgroup(?:ed)? by\b|"
                       r"\bper page\b|\bpage size\b|\bentries\b|\bdensity\b",
                       re.IGNORECASE)
_PANEL_ROLES = frozenset({"group", "region", "toolbar", "form", "search", "complementary", "navigation", "dialog"})
#: A filter control's "no filter" value (English, German, French, Spanish), a list's working set
#: ("Active": what every list of people, accounts or projects opens on, hiding only the archived and
#: the inactive; "Available only", "Only offers I can still request", "Hide sold out": what the user
#: can still act on, so a record a task acts on is among it), and a report's window in time relative
#: to today ("Last 90 days", "This month", "Today's doses"): where one looks, not which records one hides.
_DEFAULT_VALUE = re.compile(r"^(?:|all|any|none|everything|everyone|everybody|anyone|anybody|anywhere|anytime|any time|"
                            r"all [\w ]+|any [\w ]+|-+.*|select\b.*|choose\b.*|active|active only|only active|"
                            r"(?:only )?(?:available|in stock)(?: only)?|only [\w ]*\bI can (?:still )?\w+[\w ]*|"
                            r"hide (?:unavailable|sold[ -]out|out of stock|archived|inactive)\b[\w ]*|"
                            r"(?:last|past|previous|next) (?:\d+ )?(?:hours?|days?|weeks?|months?|quarters?|years?)|"
                            r"(?:(?:this (?:week|month|quarter|year)|today)(?:['’]s [\w ]+)?)|all time|year to date|"
                            r"alle\b.*|beliebig|tous|toutes|tout|todos|todas|cualquiera)$", re.IGNORECASE)
#: How many a choice holds ("All (14)", "Open · 3"): no part of which records it keeps.
_COUNTER = re.compile(r"\s*(?:\(\d[\d,]*\)|·\s*\d[\d,]*)\s*$")
#: Query parameters that page or order a list: which part of it, in what order, never which view.
_PAGING = r"page|p|sort|sort_?by|order|order_?by|dir|direction|limit|per_?page|page_?size|offset"
_PAGING_PARAMS = re.compile(rf"^(?:{_PAGING})$", re.IGNORECASE)
#: Query parameters that page, sort or route a list rather than narrow it (a wizard's ``step``, a
#: tab, a mode: where in the application one is, not which records one sees).
_NEUTRAL_PARAMS = re.compile(rf"^(?:{_PAGING}|view|tab|mode|step|display|lang|locale|next|ref|return(?:_?to)?|redirect|"
                             r"utm_\w+|_\w*|month|week|year)$", re.IGNORECASE)  # a calendar's month is where one looks, as a page is
#: Query parameters that carry a search's terms.
_STATUS_LINE = re.compile(r"^(?:status|state)\s*:\s*(\w+)", re.IGNORECASE)
_NEGATED = re.compile(r"\b(?:not|no longer|never|n't|no)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)
_SUBMIT = re.compile(r"enter|return", re.IGNORECASE)
_CLAIM_AFTER = frozenset("i we is are was were been now successfully has have".split())


@dataclass(frozen=True)
class Builtins:
    """Which built-in falsifiers run (all by default). ``Builtins.none()`` switches every one off."""

    lost_session: bool = True
    refused: bool = True
    missing_page: bool = True
    wrong_record: bool = True
    unrequested_constraint: bool = True
    empty_results: bool = True
    negative_alert: bool = True
    mistyped_value: bool = True
    report_failure: bool = True
    report_contradicted: bool = True

    def __post_init__(self) -> None:
        bad = [f.name for f in fields(self) if not isinstance(getattr(self, f.name), bool)]
        if bad:
            raise ConfigError(f"built-in falsifier switches must be true or false: {bad}")

    @classmethod
    def none(cls) -> "Builtins":
        return cls(**{name: False for name in BUILTIN_RULES})

    @cached_property
    def enabled(self) -> tuple[str, ...]:
        """The names of the rules switched on, in order (read once: a tester asks at every check)."""
        return tuple(name for name in BUILTIN_RULES if getattr(self, name))

    def replace(self, **changes: bool) -> "Builtins":
        return replace(self, **changes)

    def to_dict(self) -> dict[str, bool]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Builtins":
        unknown = set(data) - set(BUILTIN_RULES)
        if unknown:
            raise ConfigError(f"unknown built-in falsifier(s) {sorted(unknown)}; known: {list(BUILTIN_RULES)}")
        return cls(**dict(data))


# ----------------------------------------------------------------------------- the rules


def _lost_session(ctx: TaskContext, before, action, after, *_: Any) -> str | None:
    facts = page_facts(after)
    if not ctx.expects_sign_in and facts.sign_in and (before is None or not page_facts(before).sign_in):
        return f"a sign-in page ({after.title or after.path!r}) the plan never asks for"
    for msg in (*message_facts(before, after).signed_out, *facts.signed_out):
        return f"the session ended: {msg[:120]!r}"
    return None


def _refused(ctx: TaskContext, before, action, after, *_: Any) -> str | None:
    for name in page_facts(after).refused:
        if not ctx.announces(name):
            return f"the application refuses: {name[:120]!r}"
    for msg in message_facts(before, after).refused:
        if not ctx.announces(msg):
            return f"the application refuses: {msg[:120]!r}"
    if before is not None and action is not None:
        return _disabled_click(action.command, before)
    return None


def _disabled_click(command: str, before: Page) -> str | None:
    """What ``command`` clicks, fills or selects that is disabled on page ``before``."""
    try:
        calls = parse_action(command)
    except ValueError:
        return None
    for c in calls:
        if c.name in ("click", "dblclick", "fill", "select_option") and c.args and isinstance(c.args[0], str):
            at = before.position(c.args[0])
            node = before.nodes[at] if at is not None else None
            if node is None or "disabled" not in node.states:
                continue
            if c.name in ("fill", "select_option") and before.waits_on_choice(at):
                continue  # a field its form enables once a choice is made: typed in out of order
            return f"{c.name} on a disabled control: {node.role} {node.name!r}"
    return None


def _missing_page(ctx: TaskContext, before, action, after, *_: Any) -> str | None:
    for name in page_facts(after).missing:
        if not ctx.announces(name):
            return f"an error or not-found page: {name[:120]!r}"
    return None


def _wrong_record(ctx: TaskContext, before, action, after, *_: Any) -> str | None:
    if not ctx.ids:
        return None
    facts = page_facts(after)
    wanted = ctx.id_names
    for kind in facts.kinds & ctx.kinds:
        here = sorted(r.id for r in facts.records if r.kind == kind)
        if not any(i in wanted for i in here):
            task = sorted(r.id for r in ctx.ids if r.kind == kind)
            return f"the page is {here[0]}'s, a record of the kind of {', '.join(task)} that the task does not name"
    return None


def _constraints(page: Page) -> tuple[tuple[str, str, str], ...]:
    """(where, value) of every constraint narrowing a list page, read once per page (kept in its
    cache): what the list's own filter machinery says narrows it, never a record's fields nor how
    the list is ordered or laid out (:func:`_each_constraint`)."""
    hit = page.cache.get("constraints")
    if hit is None:
        hit = page.cache["constraints"] = tuple(_each_constraint(page))
    return hit


def _each_constraint(page: Page) -> Iterator[tuple[str, str, str]]:
    """A list is narrowed by its query parameters (other than paging, sorting, routing and views),
    its filter chips (a control that removes one filter, with the filter's value), and the
    controls of its filter panel (a group, region, toolbar or form named for filtering) or above
    it (outside the chrome and any form): a combobox or list box with a value other than its "all"
    one; in a filter panel, a pressed toggle button or a checked box. A search box with a value narrows it too. Sort and view controls reorder or
    re-lay the list, they hide nothing; a record's own fields are not filters. Each comes with
    where it was read: ``query``, ``chip``, ``panel``, ``selector`` (above the list) or ``search``."""
    for key, value in page.query:
        if value.strip() and not _NEUTRAL_PARAMS.match(key) and not _all_of(value):  # "status=all-statuses" hides nothing
            yield f"query parameter {key}={value}", value, "query"
    nodes, zones, forms = page.nodes, page.zones, page.forms
    panels = _filter_panels(page)
    boxed = _dialog_forms(page)
    for i, n in enumerate(nodes):
        role = n.kind
        if _ORDERING.search(n.name) or (n.value is not None and _ORDERING.search(n.value)):
            continue
        if i in boxed and i not in panels and not FILTER_NAME.search(n.name):
            continue  # a dialog's own input (the printer of a print dialog), not a list's filter
        if role in ("button", "link") or n.role == "StaticText":
            m = phrase("remove_filter", n.name)
            if m and m.groupdict().get("v"):
                yield f"filter {n.name!r}", m.group("v"), "chip"
                continue
        inside = i in panels
        # a selector above the list (outside the site's chrome and any form, whose selects are the
        # form's inputs) narrows it: "Team: Warehouse" over a table of requests
        above = zones[i] != "chrome" and forms[i] < 0
        if role in _FILTER_ROLES and (inside or above or FILTER_NAME.search(n.name)):
            v = (n.value or "").strip()
            if _picks_a_context(page, i):
                continue  # "Dock: Dock 2" over the day's deliveries, "Month: November 2025" among the filters: a context
            if v and not _DEFAULT_VALUE.match(_COUNTER.sub("", v).strip()):
                yield f"{role} {n.name!r} = {v!r}", v, "panel" if inside or FILTER_NAME.search(n.name) else "selector"
        elif role == "searchbox" or (role in FIELD_ROLES and SEARCH_NAME.search(n.name)):
            v = (n.value or "").strip()
            if v:
                yield f"{role} {n.name!r} = {v!r}", v, "search"
        elif inside and role in ("button", "switch", "checkbox", "radio") and n.name and not _WIDENS.match(n.name) and \
                ("pressed" in n.states or "checked" in n.states) and not _DEFAULT_VALUE.match(_COUNTER.sub("", n.name).strip()) \
                and not _most_ticked(page, i):
            yield f"{role} {n.name!r} on", n.name, "panel"


def _dialog_forms(page: Page) -> frozenset[int]:
    """Positions of the nodes inside a dialog that shows no list of its own: its controls are its
    form (the printer and copies of a print dialog, the reason of a cancel dialog) and narrow no
    list, neither the page's behind it nor one it does not have. A dialog that lists records (a
    picker with a search over its results) keeps its controls as that list's filters, and a dialog
    named for filtering (a "Filters" drawer) is a filter panel (:func:`_filter_panels`)."""
    out: set[int] = set()
    for d, _, _ in page.dialogs:
        span = page.subtree(d)
        if not any(page.items[k] == k and page.nodes[k].kind not in _CHOICE_ITEMS for k in span):
            out.update(span[1:])
    return frozenset(out)


#: Collection items that are choices of a control (a select's options, a menu's items), not records.
_CHOICE_ITEMS = frozenset({"option", "menuitem", "menuitemradio", "menuitemcheckbox", "radio", "tab"})


def _most_ticked(page: Page, i: int) -> bool:
    """Whether the checkbox at ``i`` is one of a group of three or more, most of them ticked: the
    list keeps most of the group's values (a work queue's open statuses, "Declined" and "Bound" left
    out), a working set it opens on, not a narrowing to the few ticked."""
    p = page.parents[i]
    around = page.subtree(p)[1:] if p >= 0 else range(len(page.nodes))  # the group's own span, not the page
    boxes = [k for k in around if page.parents[k] == p and page.nodes[k].kind == "checkbox"]
    return len(boxes) >= 3 and 2 * sum("checked" in page.nodes[k].states for k in boxes) > len(boxes)


#: A toggle that widens a list when on ("Show cancelled sections", "Include archived"): it hides nothing.
_WIDENS = re.compile(r"^\s*(?:show|include|display|also show|with)\b", re.IGNORECASE)


def _shows_what_is_asked(ctx: TaskContext, page: Page) -> bool:
    """Whether a list still lists a record the task names (by an id of any shape: "LT-04417", a
    student number "20231187"): a sticky filter is drift because it hides what the step needs, and a
    narrowing that keeps it in view hides nothing of it, unless it narrows to a near miss
    (:func:`_names_another`). A list that is empty, or shows only near misses, shows nothing asked."""
    named = ctx.all_ids
    if not named:
        return False
    listed = page.cache.get("listed_ids")
    if listed is None:
        listed = page.cache["listed_ids"] = frozenset(
            r.id for i in sorted(page.mentions) for r in record_ids(page.nodes[i].label))
    return bool(named & listed)


def _in_view(ctx: TaskContext, page: Page) -> bool:
    """Whether the page's identity names a record the task names (the student's record at
    /students/20231187?term=2258)."""
    return bool(ctx.all_ids) and any(r.id in ctx.all_ids for r in page.identity_records)


def _names_another(ctx: TaskContext, value: str) -> bool:
    """Whether a constraint narrows to a record of a kind the task names that is not one it names
    ("Bin is A-03-3" where the task moves stock out of A-03-2): a near miss, whatever else is listed."""
    return any(r.kind in ctx.all_kinds and r.id not in ctx.all_ids for r in record_ids(value.upper()))


def _default_view(page: Page, value: str) -> bool:
    """Whether a list opened as the site opens it (no query on its URL but a search's terms) is
    narrowed to the context the site's chrome shows: arrivals for the business date in the header
    ("Arrival Tue 15 Oct 2024" under "Business date Tue 15 Oct 2024"), stock of the warehouse
    selected in the banner, patients of "This store (#0418)" under "Store: #0418 Maple Street" (the
    value's words all in one chrome label or control value, a number among them: "Term 1" under
    the banner's "School year: 2024–25 · Term 1"). A list asked for otherwise (a date on the URL)
    that still shows it ignored what was asked; a search's terms, paging, sorting and a filter
    left at its "all" value on the URL ask for no context (:func:`_asks_a_view`)."""
    if any(_asks_a_view(k, v) for k, v in page.query):
        return False
    v = " ".join(value.split()).casefold()
    labels = _chrome_labels(page)
    if any(len(label) >= 6 and label in v for label in labels):
        return True
    own = set(tokenize(_chip_value(value)))
    return any(is_key_token(t) for t in own) and any(own <= set(tokenize(label)) for label in labels)


def _asks_a_view(key: str, value: str) -> bool:
    """Whether a query parameter asks the list for a view of its own (a saved view, a filter): not a
    search's terms, paging or sorting, nor a filter left at its "all" value ("status=all-statuses")."""
    return not (SEARCH_PARAMS.match(key) or _PAGING_PARAMS.match(key) or _all_of(value))


def _all_of(value: str) -> bool:
    """Whether a query value is a filter's "all" one, however the URL spells it ("all-statuses")."""
    return bool(_ALL_VALUE.match(re.sub(r"[-_+]+", " ", value).strip()))


#: A filter's value that keeps everything ("all", "any-status", "all statuses").
_ALL_VALUE = re.compile(r"^(?:all|any|everything|everyone|everybody|anyone|anybody|anywhere|anytime|all [\w ]+|any [\w ]+)$",
                        re.IGNORECASE)


def _chrome_labels(page: Page) -> tuple[str, ...]:
    hit = page.cache.get("chrome_labels")
    if hit is None:
        nodes = page.nodes  # a control's label, and the value it holds (the term, the store chosen)
        hit = page.cache["chrome_labels"] = tuple(
            " ".join(t.split()).casefold() for i in sorted(page.chrome) for t in (nodes[i].label, nodes[i].value) if t)
    return hit


def _picks_a_context(page: Page, i: int) -> bool:
    """Whether the select at ``i`` picks one of several contexts rather than filtering a list: it
    offers its options (listed below it) and none of them is an "all" one. A filter can be
    cleared ("All teams", "Any status"); a dock, a warehouse or a store to work in cannot, nor the
    month a table of passes shows, even set among the list's filters: whichever is chosen, the
    list shows one of them."""
    options = [page.nodes[k].name.strip() for k in page.subtree(i)[1:] if page.nodes[k].kind == "option"]
    return len(options) >= 2 and not any(_DEFAULT_VALUE.match(o) for o in options)


#: A chip's value after the field it filters and the operator ("Status: Ready to issue", "Bin is
#: A-03-3", "text contains “drill”"): what was chosen or typed, without what the chip says of it.
_CHIP_VALUE = re.compile(r"^[\w .#/&-]{1,30}?\s*(?::|=|\bis\b|\bequals\b|\bcontains\b|\bmatches\b|\bincludes\b|"
                         r"\bstarts with\b)\s*(?P<v>\S.*)$", re.IGNORECASE)


def _chip_value(value: str) -> str:
    m = _CHIP_VALUE.match(value.strip())
    return (m.group("v") if m else value).strip().strip("'\"“”‘’")


def _filter_panels(page: Page) -> frozenset[int]:
    """Positions of the nodes inside a panel named for filtering ("Filters", "Filter by flair",
    "Refine results")."""
    out: set[int] = set()
    for i, n in enumerate(page.nodes):
        if n.kind in _PANEL_ROLES and FILTER_NAME.search(n.name):
            out.update(page.subtree(i)[1:])
    return frozenset(out)


def _unrequested_constraint(ctx: TaskContext, before, action, after, _text: str = "",
                            step: int | None = None, inputs: tuple[str, ...] = ()) -> str | None:
    if before is None or action is None or is_form_edit(action) or not is_page_changing(action):
        return None  # a list the step *loaded*: not the start page, not a form being typed into
    return unrequested_narrowing(ctx, after, step, inputs)


def unrequested_narrowing(ctx: TaskContext, obs: Observation | Page, step: int | None = None,
                          inputs: tuple[str, ...] = ()) -> str | None:
    """What narrows the list ``obs`` shows that neither the task asks for while step ``step`` is
    active nor the agent set itself in this run (``inputs``: what it typed, chose or clicked), or
    ``None``. A form has none; on a record's page only a list's chips and filter panel count."""
    page = as_page(obs)
    facts = page_facts(page)
    if not facts.lists_records:
        return None  # a form or a record's page without lists: its fields are the record's, not filters
    shown = _shows_what_is_asked(ctx, page)
    # on a record's page only its lists' own filters (chips, a filter panel) narrow anything
    kinds = ("query", "chip", "panel", "selector", "search") if facts.narrowable else ("chip", "panel")
    mine = [frozenset(tokenize(x)) for x in inputs if x and x.strip()]
    found = _constraints(page)
    if any(kind == "chip" for _, _, kind in found):
        # the chips say in words what the URL's codes say ("Term: Fall 2025" for term=2258): read them
        kinds = tuple(k for k in kinds if k != "query")
    for where, value, kind in found:
        if kind not in kinds:
            continue
        toks = frozenset(tokenize(value))
        own = frozenset(tokenize(_chip_value(value))) if kind == "chip" else toks
        if own and any(own <= m for m in mine) or (kind == "chip" and any(_holds_typed(value, x) for x in inputs)):
            continue  # the agent narrowed the list itself: its strategy, not a stale filter
        if kind == "query":  # the control that set a coded value says it in words ("building=ALD": Alder Court)
            value = _control_choice(page, where.split(" ", 2)[-1].split("=", 1)[0]) or value
        if kind != "query" and _default_view(page, value):
            continue
        when = dates(value) or _period(value)
        if when and (any(dates_match(when, dates(x)) for x in inputs) or dates_match(when, ctx.dates)
                     or _spans(when, ctx.dates)):
            continue  # a date the agent typed or the task names, or a window holding the task's dates
        if shown and not _names_another(ctx, value):
            continue  # it lists the record the task names: this narrowing hides nothing of it
        if kind == "query" and _in_view(ctx, page):
            continue  # the task's record is the page: its URL's query says which view of it
        if not ctx.asks_to_narrow(value, step):
            return f"the list is narrowed by {where}, which the task does not ask for"
    return None


def _holds_typed(chip: str, typed: str) -> bool:
    """Whether a filter chip holds, as written, a value the agent typed that names one thing ("Sale
    date 09/11/2024" after the agent typed 09/11/2024 into the sale date field): a value with a
    digit or of two words at least, inside the chip beside the field's name the chip repeats."""
    typed = " ".join(typed.split())
    if not typed or not (any(c.isdigit() for c in typed) or len(tokenize(typed)) >= 2):
        return False
    return fold(typed) in fold(chip)


def _control_choice(page: Page, key: str) -> str | None:
    """What the page's control named as the query parameter ``key`` holds (its value, or the option
    it has selected): the words of a choice the URL carries as a code ("building=ALD" beside the
    Building select showing Alder Court). ``None`` when no control has that name."""
    want = tokenize(re.sub(r"[-_.]+", " ", key))
    if not want:
        return None
    for i, n in enumerate(page.nodes):
        if n.kind in _FILTER_ROLES and n.name and tokenize(n.name) == want:
            if (n.value or "").strip():
                return n.value.strip()
            for k in page.subtree(i)[1:]:
                o = page.nodes[k]
                if o.kind == "option" and "selected" in o.states and o.name.strip():
                    return o.name.strip()
    return None


#: A season or a quarter of a year as lists name their views ("autumn-2025", "Fall 2025", "Q4 2025"):
#: the months it covers (a winter crosses the year, and is not read).
_SEASON = re.compile(r"\b(spring|summer|autumn|fall)[\s_-]*(\d{4})\b|\bq([1-4])[\s_-]*(\d{4})\b|\b(\d{4})[\s_-]*q([1-4])\b",
                     re.IGNORECASE)
_SEASON_MONTHS = {"spring": (3, 5), "summer": (6, 8), "autumn": (9, 11), "fall": (9, 11)}
_MONTH_END = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _period(value: str) -> tuple:
    """The window of dates a season or a quarter in ``value`` names, as (first day, last day), or
    ``()``: a list opened on "autumn-2025" shows every date of that autumn."""
    m = _SEASON.search(value)
    if m is None:
        return ()
    if m.group(1):
        (a, b), year = _SEASON_MONTHS[m.group(1).lower()], int(m.group(2))
    else:
        q, year = (int(m.group(3)), int(m.group(4))) if m.group(3) else (int(m.group(6)), int(m.group(5)))
        a, b = 3 * q - 2, 3 * q
    return ((year, a, 1), (year, b, _MONTH_END[b - 1]))


def _spans(window: tuple, wanted: tuple) -> bool:
    """Whether a filter of two dates (a window, "14–15 May") holds every date the task names: it
    hides nothing the task asks for. Dates without a year compare by month and day."""
    if len(window) != 2 or not wanted:
        return False
    (y1, m1, d1), (y2, m2, d2) = window
    lo, hi = (m1, d1), (m2, d2)
    return all(lo <= (m, d) <= hi and (y is None or y1 is None or y1 <= y) and (y is None or y2 is None or y <= y2)
               for y, m, d in wanted)


def search_terms(before: Page, after: Page, command: str) -> tuple[str, ...]:
    """The terms a search submitted by ``command`` used: query values new on the URL after, or the
    value of a box the command submitted on page ``before``."""
    old = set(before.query)
    terms = [v for k, v in after.query if (k, v) not in old and SEARCH_PARAMS.match(k)]
    try:
        calls = parse_action(command)
    except ValueError:
        return tuple(terms)
    for c in calls:
        if c.key is not None and _SUBMIT.search(c.key) and c.args:
            node = before.node(str(c.args[0]))
            if node is not None and (node.value or "").strip():
                terms.append((node.value or "").strip())
    return tuple(terms)


@page_cache(4096, kind="statement")
def _expects_absence(commitment_text: str) -> bool:
    """Whether a commitment's text negates something (read once per commitment, not per page)."""
    return any(t in NEGATIONS for t in tokenize(commitment_text))


def _empty_results(ctx: TaskContext, before, action, after, commitment_text: str, *_: Any) -> str | None:
    if before is None or action is None or is_report(action):
        return None
    if _expects_absence(commitment_text):
        return None  # the step expects something to be absent
    terms = [t for t in search_terms(before, after, action.command) if t.strip() and ctx.asks_for(t)]
    if not terms:
        return None
    notice = _new_empty_notice(before, after)
    if notice is not None and not any(_lists(after, t) for t in terms):
        return f"the search for {terms[0]!r} the task asks for found nothing: {notice[:80]!r}"
    return None


#: What a search lists its findings as: a link, a row or a cell, an item of a list or of a listbox.
_FINDING_ROLES = frozenset({"link", "row", "cell", "gridcell", "listitem", "option", "article"})


def _lists(page: Page, term: str) -> bool:
    """Whether ``page`` lists something the search term names (a result link "SM-448120 · Ines
    Albuquerque"): the search found what it looked for, whatever other kinds of result say they
    found none ("No guests match." beside the reservation found)."""
    want = " ".join(term.split()).casefold()
    return bool(want) and any(n.kind in _FINDING_ROLES and want in " ".join(n.name.split()).casefold()
                              for n in page.nodes)


def _new_empty_notice(before: Page, after: Page) -> str | None:
    """The first name on page ``after``, absent from page ``before``, that says nothing was found
    (and is not a count of one kind beside a count of another that found some, see :func:`_counts_some`)."""
    old = {n.name for n in before.nodes}
    for n in after.nodes:
        if n.name and n.name not in old and phrase("empty", n.name) and not _counts_some(n.name):
            return n.name
    return None


#: A count of found things: a number above zero and the word for what it counts ("3 patrons", "12
#: results"), not the total a shown count is out of ("0 of 12 results" found nothing that shows).
_SOME = re.compile(r"(?<![\d.,])(?<!of )(?:[1-9]\d*|\d{1,3}(?:,\d{3})+)\s+[^\W\d_]{2,}")


def _counts_some(text: str) -> bool:
    """Whether ``text`` is a search's breakdown by kind that found something: "3 patrons · 0 items"
    says the search found three patrons, not that it found nothing."""
    return bool(_SOME.search(text))


def _negative_alert(ctx: TaskContext, before, action, after, *_: Any) -> str | None:
    if before is None or action is None:
        return None
    reads = action.effect not in ("write", "irreversible")
    asking = page_facts(after).questions
    for msg in message_facts(before, after).negative:
        if ctx.announces(msg) or phrase("recovering", msg) or msg in asking:  # a retry the application runs itself; a question
            continue
        if reads and not _about_the_read(msg, action):
            continue  # a read changes nothing that could fail: the failure is of something else
        return f"a new alert says something failed: {msg[:120]!r}"
    return None


def _about_the_read(msg: str, action: Action) -> bool:
    """Whether a failure announced after a read (opening a record, a search) is the read's own: it
    says the page did not load or the search failed ("Could not load order details", "Search is
    unavailable"), or it names what the agent opened. "Image sync: 2 of 14 uploads failed" on the
    object just opened, or "Rent reminder batch failed" on the unit page, is the application's
    other work, which no read of the agent's made fail."""
    if phrase("missing", msg) or phrase("read_failed", msg):
        return True
    said = frozenset(tokenize(msg)) - _PROBLEM_TOKENS
    return bool(said & frozenset(tokenize(action.target or "")))


_PROBLEM_TOKENS = frozenset(tokenize("error failed failure could not cannot unable invalid warning problem denied"))


def _message(action: Action) -> str | None:
    return _message_of(action.command)


@page_cache(4096)
def _message_of(command: str) -> str | None:
    """The text of the action's message to the user, if it sends one (read once per command)."""
    try:
        calls = parse_action(command)
    except ValueError:
        return None
    for c in calls:
        if c.name == "send_msg_to_user":
            text = c.args[0] if c.args else c.kwargs.get("text", "")
            return text if isinstance(text, str) else None
    return None


def _mistyped_value(ctx: TaskContext, before, action, after, _text: str = "", _step: int | None = None,
                    inputs: tuple[str, ...] = ()) -> str | None:
    return mistyped(ctx.numbers, before, action, inputs)


def _report_failure(ctx: TaskContext, before, action, after, *_: Any) -> str | None:
    msg = _message(action) if action is not None else None
    m = phrase("admits", msg) if msg else None
    return f"the agent reports it did not finish: {msg[:120]!r}" if m else None


#: What ends a message's opening label ("Completed: ...", "Done! ...", "Resolved - ...").
_LABEL_END = re.compile(r"\s*(?:[:!]|\s[-–—]\s)")


#: Where a message starts a new clause: a sentence's end, a semicolon, ", and"/", but", and an "and"
#: before a determiner or a record id ("... belongs to Marek and the workshop was refunded").
_CLAUSE = re.compile(r"[.;!]\s+|,\s+(?:and|but)\s+|\s+and\s+(?=(?:the|its|their|his|her|a|an)\s|[A-Z]{1,6}-?\d)",
                     re.IGNORECASE)
#: A clause's subject that stands for the record(s) the message names: the agent, a pronoun.
_SAID_OF_NAMED = frozenset("i we it this that they both all".split())


@page_cache(4096)
def _claimed_statuses(msg: str) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """Statuses the message asserts as a predicate, clause by clause, each with the records it is
    said of: those its clause names; in a clause that names none, the message's records when the
    status is the clause's first word or its subject is the agent or a pronoun ("Approved.", "I
    approved it"), none when a thing of its own is ("the workshop add-on was refunded" says nothing
    of REG-20417's status). A status is its clause's first word ("Approved leave request ...", not a
    label over the message: "Completed: dispute DSP-20417 opened ..."), or a status word right after
    "I", "we", "is", "was", "has been", "now", "successfully"; not a negated one ("no longer pending")
    and not one merely mentioned ("a refund of ...")."""
    named = frozenset(r.id for r in record_ids(msg) if r.strong)
    out = []
    for clause in _CLAUSE.split(msg):
        low = fold(clause)
        words = list(re.finditer(r"[a-z']+", low))
        claimed = set()
        lead = None
        for k, m in enumerate(words):
            canon = STATUS_WORDS.get(m.group(0))
            first = k == 0 and not _LABEL_END.match(low, m.end())  # "Completed: ..." labels the message, not a record
            if canon and (first or k and words[k - 1].group(0) in _CLAIM_AFTER) and not _NEGATED.search(low[:m.start()]):
                claimed.add(canon)
                lead = k if lead is None else lead
        if not claimed:
            continue
        ids = frozenset(r.id for r in record_ids(clause) if r.strong)
        if not ids:
            start = 1 if len(words) > 1 and _LABEL_END.match(low, words[0].end()) else 0  # past a label ("Done:")
            subject = words[start].group(0)
            ids = named if lead == start or subject in _SAID_OF_NAMED or subject in _CLAIM_AFTER else frozenset()
        if ids:
            out.append((ids, frozenset(claimed)))
    return tuple(out)


def _statuses_on(page: Page, rid: str) -> set[str]:
    """Statuses the page shows for record ``rid``: a ``Status: X`` line on its own page, or the status
    words of the list row or item that names it."""
    ns = page.nodes
    out: set[str] = set()
    if rid in page_facts(page).ids:
        for n in ns:
            m = _STATUS_LINE.match(n.name)
            if m and m.group(1).lower() in STATUS_WORDS:
                out.add(STATUS_WORDS[m.group(1).lower()])
        return out
    for i, n in enumerate(ns):
        if n.kind in ("row", "listitem"):
            names = [ns[k].name for k in page.subtree(i) if ns[k].name]
            if any(rid in {r.id for r in record_ids(x)} for x in names):
                out |= {STATUS_WORDS[x.lower()] for x in names if x.lower() in STATUS_WORDS}
    return out


#: Statuses a record is handed on by, each with the statuses that come before it: once a record is
#: submitted, any status the application gives it next (open, pending, approved, even rejected) is
#: what followed the submission; only a status from before it (a draft) says it never happened.
_HANDED_ON = {"submitted": frozenset({"draft"})}


def _followed(claimed: frozenset[str], shown: set[str]) -> bool:
    """Whether every status the report claims hands the record on and the page shows none of the
    statuses before it: "RC-42 is submitted" on RC-42's page showing *Open*."""
    return all(c in _HANDED_ON for c in claimed) and not any(shown & _HANDED_ON[c] for c in claimed)


def _report_contradicted(ctx: TaskContext, before, action, after, *_: Any) -> str | None:
    msg = _message(action) if action is not None else None
    if not msg:
        return None
    named = tuple(r for r in record_ids(msg) if r.strong)
    pages = [after] if before is None or before.url == after.url and before.body == after.body else [after, before]
    for page in pages:
        facts = page_facts(page)
        for kind in facts.kinds & {r.kind for r in named}:
            here = {r.id for r in facts.records if r.kind == kind}
            said = sorted(r.id for r in named if r.kind == kind)
            if not here & set(said):
                return f"the report names {said[0]} but the page in view is {sorted(here)[0]}'s"
    for ids, claimed in _claimed_statuses(msg):
        for rid in sorted(ids):
            shown = _statuses_on(after, rid)
            if shown and not shown & claimed and not _followed(claimed, shown):
                return f"the report says {rid} is {'/'.join(sorted(claimed))}; the page shows {'/'.join(sorted(shown))}"
    return None


_RULES = {
    "lost_session": _lost_session, "refused": _refused, "missing_page": _missing_page, "wrong_record": _wrong_record,
    "unrequested_constraint": _unrequested_constraint, "negative_alert": _negative_alert,
    "report_failure": _report_failure, "report_contradicted": _report_contradicted, "empty_results": _empty_results,
    "mistyped_value": _mistyped_value,
}


def builtin_hits(
    ctx: TaskContext, after: Page | Observation, *, before: Page | Observation | None = None,
    action: Action | None = None, commitment_text: str = "", settings: Builtins = Builtins(), start: bool = False,
    step: int | None = None, inputs: tuple[str, ...] = (),
) -> Iterator[RuleHit]:
    """Every enabled built-in that fires on the page ``after`` (reached from ``before`` by ``action``),
    lazily, most certain first. ``start``: the page a run starts on (only :data:`START_RULES`).
    ``step``: the index of the active commitment in the plan (what a list may be narrowed by so far)."""
    after = as_page(after)
    before = as_page(before) if before is not None else None
    for name in settings.enabled:
        if start and name not in START_RULES:
            continue
        detail = _RULES[name](ctx, before, action, after, commitment_text, step, inputs)
        if detail:
            yield RuleHit(name, detail, RULE_SCOPES[name])


def check_builtins(
    ctx: TaskContext, after: Page | Observation, *, before: Page | Observation | None = None,
    action: Action | None = None, commitment_text: str = "", settings: Builtins = Builtins(), start: bool = False,
    step: int | None = None, inputs: tuple[str, ...] = (),
) -> RuleHit | None:
    """The first built-in that fires (see :func:`builtin_hits`), or ``None``."""
    return next(builtin_hits(ctx, after, before=before, action=action, commitment_text=commitment_text,
                             settings=settings, start=start, step=step, inputs=inputs), None)
