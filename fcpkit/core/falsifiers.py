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
from fcpkit.core.pagetree import (
    headings, identity, live_regions, node_by_bid, nodes, query_params, record_ids, subtree_names, title_parts,
    url_path, value_of,
)
from fcpkit.core.phrases import (
    ADMITS_FAILURE, EMPTY, MISSING, NEGATIVE, PASSWORD, REFUSED, REMOVE_FILTER, SIGN_IN, SIGNED_OUT, STATUS_WORDS,
    compile_family, fold,
)
from fcpkit.core.rules import RuleHit, is_form_edit, is_page_changing, is_report, parse_action
from fcpkit.core.task_context import TaskContext, commitment_text
from fcpkit.core.text import NEGATIONS, tokenize
from fcpkit.core.trajectory import Action, Observation
from fcpkit.errors import ConfigError

__all__ = ["BUILTIN_RULES", "RULE_SCOPES", "START_RULES", "OFF_PAGE_RULES", "Builtins", "TaskContext", "builtin_hits", "check_builtins",
           "commitment_text", "unrequested_narrowing"]

#: Every built-in rule, in the order they are tried (most certain first), with its repair scope.
RULE_SCOPES: Mapping[str, str] = {
    "lost_session": "execution", "refused": "planning", "missing_page": "execution", "wrong_record": "execution",
    "unrequested_constraint": "execution", "empty_results": "execution", "negative_alert": "execution",
    "report_failure": "planning", "report_contradicted": "execution",
}
BUILTIN_RULES: tuple[str, ...] = tuple(RULE_SCOPES)
#: Rules whose hit means the page in view is the wrong place to be (another record's, a refusal, a
#: dead end, a narrowed list): a repair goes back to the last page that was on track.
OFF_PAGE_RULES = frozenset({"lost_session", "refused", "missing_page", "wrong_record", "unrequested_constraint",
                            "empty_results"})
#: Rules that can read the page a run starts on (the others need an action or a change).
START_RULES = frozenset({"lost_session", "refused", "missing_page", "wrong_record"})

#: Each phrase family, compiled once, by name (the name is what :func:`_any` caches on).
_FAMILIES: dict[str, tuple[re.Pattern[str], ...]] = {
    "sign_in": compile_family(SIGN_IN), "password": compile_family(PASSWORD), "signed_out": compile_family(SIGNED_OUT),
    "refused": compile_family(REFUSED), "missing": compile_family(MISSING), "empty": compile_family(EMPTY),
    "negative": compile_family(NEGATIVE), "admits": compile_family(ADMITS_FAILURE),
    "remove_filter": compile_family(REMOVE_FILTER),
}
_SIGN_IN, _PASSWORD, _SIGNED_OUT, _REFUSED, _MISSING, _EMPTY, _NEGATIVE, _ADMITS, _REMOVE_FILTER = (
    "sign_in", "password", "signed_out", "refused", "missing", "empty", "negative", "admits", "remove_filter")
_LOGIN_PATH = re.compile(r"/(?:log-?in|sign-?in|signon|sso|auth(?:enticate)?|session/new)(?:/|$|\.)", re.IGNORECASE)
_FIELD_ROLES = frozenset({"textbox", "searchbox"})
_FILTER_ROLES = frozenset({"combobox", "listbox"})
_SEARCH_NAME = re.compile(r"\b(?:search|filter|find|query|keyword)", re.IGNORECASE)
#: A filter control's "no filter" value (English, German, French, Spanish).
_DEFAULT_VALUE = re.compile(r"^(?:|all|any|none|everything|everyone|all [\w ]+|any [\w ]+|-+.*|select\b.*|choose\b.*|"
                            r"alle\b.*|beliebig|tous|toutes|tout|todos|todas|cualquiera)$", re.IGNORECASE)
#: Query parameters that page, sort or route a list rather than narrow it.
_NEUTRAL_PARAMS = re.compile(r"^(?:page|p|sort|sort_?by|order|order_?by|dir|direction|limit|per_?page|page_?size|offset|"
                             r"view|tab|lang|locale|next|ref|return(?:_?to)?|redirect|utm_\w+|_\w*)$", re.IGNORECASE)
#: Query parameters that carry a search's terms.
_SEARCH_PARAMS = re.compile(r"^(?:q|query|search|s|term|terms|keywords?|text|find)$", re.IGNORECASE)
_STATUS_LINE = re.compile(r"^(?:status|state)\s*:\s*(\w+)", re.IGNORECASE)
_NEGATED = re.compile(r"\b(?:not|no longer|never|n't|no)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)
_SUBMIT = re.compile(r"enter|return", re.IGNORECASE)
_DISABLED = re.compile(r"\bdisabled=True\b")
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


@page_cache(65536)
def _any(family: str, text: str) -> re.Match[str] | None:
    """The first phrase of ``family`` (a :data:`_FAMILIES` name) in ``text``: cached per (family,
    text), since the same names (navigation, headings) come back on every page of an app."""
    t = fold(text)
    for p in _FAMILIES[family]:
        m = p.search(t)
        if m:
            return m
    return None


def _page_names(obs: Observation) -> tuple[str, ...]:
    """Title segments and the first headings: where a page says what it is."""
    return _names_of(obs.title, obs.text)


@page_cache(4096)
def _names_of(title: str, text: str) -> tuple[str, ...]:
    return (*title_parts(title), *headings(text))


def _new_messages(before: Observation | None, after: Observation) -> tuple[str, ...]:
    return _messages_new(before.text if before is not None else None, after.text)


@page_cache(4096)
def _messages_new(before: str | None, after: str) -> tuple[str, ...]:
    """The live-region messages of page ``after`` that page ``before`` did not show (read once per
    pair of pages: three rules ask)."""
    old = set(live_regions(before)) if before is not None else set()
    return tuple(m for m in live_regions(after) if m not in old)


# ----------------------------------------------------------------------------- the rules


def _sign_in_page(obs: Observation) -> bool:
    return _sign_in_form(obs.text, url_path(obs.url))


@page_cache(4096)
def _sign_in_form(text: str, path: str) -> bool:
    ns = nodes(text)
    password = any((n.role.lower() in _FIELD_ROLES or n.role in ("StaticText", "LabelText")) and _any(_PASSWORD, n.name)
                   for n in ns)
    control = any(n.role.lower() in ("button", "heading", "link") and _any(_SIGN_IN, n.name) for n in ns)
    return (password and control) or (control and bool(_LOGIN_PATH.search(path)))


def _lost_session(ctx: TaskContext, before, action, after) -> str | None:
    if not ctx.expects_sign_in and _sign_in_page(after) and (before is None or not _sign_in_page(before)):
        return f"a sign-in page ({after.title or url_path(after.url)!r}) the plan never asks for"
    for msg in [*_new_messages(before, after), *_page_names(after)]:
        if _any(_SIGNED_OUT, msg):
            return f"the session ended: {msg[:120]!r}"
    return None


def _refused(ctx: TaskContext, before, action, after) -> str | None:
    for name in _page_names(after):
        if _any(_REFUSED, name) and not ctx.announces(name):
            return f"the application refuses: {name[:120]!r}"
    for msg in _new_messages(before, after):
        if _any(_REFUSED, msg) and not ctx.announces(msg):
            return f"the application refuses: {msg[:120]!r}"
    if before is not None and action is not None:
        try:
            calls = parse_action(action.command)
        except ValueError:
            return None
        for c in calls:
            if c.name in ("click", "dblclick", "fill", "select_option") and c.args and isinstance(c.args[0], str):
                node = node_by_bid(before.text, c.args[0])
                if node is not None and _DISABLED.search(node.rest):
                    return f"{c.name} on a disabled control: {node.role} {node.name!r}"
    return None


def _missing_page(ctx: TaskContext, before, action, after) -> str | None:
    for name in _page_names(after):
        if _any(_MISSING, name) and not ctx.announces(name):
            return f"an error or not-found page: {name[:120]!r}"
    return None


def _kinds(ids) -> set[tuple[str, int]]:
    return {(p, n) for p, n, _ in ids}


def _wrong_record(ctx: TaskContext, before, action, after) -> str | None:
    if not ctx.ids:
        return None
    page = record_ids(identity(after))
    wanted = {i for _, _, i in ctx.ids}
    for kind in _kinds(page) & ctx.kinds:
        here = sorted(i for p, n, i in page if (p, n) == kind)
        if not any(i in wanted for i in here):
            task = sorted(i for p, n, i in ctx.ids if (p, n) == kind)
            return f"the page is {here[0]}'s, a record of the kind of {', '.join(task)} that the task does not name"
    return None


@page_cache(4096)
def _constraints(url: str, text: str) -> tuple[tuple[str, str], ...]:
    """(where, value) of every constraint narrowing a list page: chips, filter values, query parameters
    (read once per page)."""
    return tuple(_each_constraint(url, text))


def _each_constraint(url: str, text: str) -> Iterator[tuple[str, str]]:
    for key, value in query_params(url):
        if not _NEUTRAL_PARAMS.match(key) and value.strip():
            yield f"query parameter {key}={value}", value
    for n in nodes(text):
        role = n.role.lower()
        if role in ("button", "link") or n.role == "StaticText":
            m = _any(_REMOVE_FILTER, n.name)
            if m and m.groupdict().get("v"):
                yield f"filter {n.name!r}", m.group("v")
        elif role in _FILTER_ROLES or (role in _FIELD_ROLES and (role == "searchbox" or _SEARCH_NAME.search(n.name))):
            v = value_of(n)
            if v and not _DEFAULT_VALUE.match(v.strip()):
                yield f"{role} {n.name!r} = {v!r}", v


@page_cache(4096)
def _is_list_page(text: str) -> bool:
    """A page that lists records: table rows, or list items in its main region (not its navigation)."""
    ns = nodes(text)
    main = next((i for i, n in enumerate(ns) if n.role.lower() == "main"), None)
    body = ns[main:] if main is not None else ns
    rows = sum(1 for n in body if n.role.lower() in ("row", "listitem", "article"))
    return rows >= 2


def _unrequested_constraint(ctx: TaskContext, before, action, after, step: int | None = None) -> str | None:
    if before is None or action is None or is_form_edit(action) or not is_page_changing(action):
        return None  # a list the step *loaded*: not the start page, not a form being typed into
    return unrequested_narrowing(ctx, after, step)


def unrequested_narrowing(ctx: TaskContext, obs: Observation, step: int | None = None) -> str | None:
    """What narrows the list ``obs`` shows that the task does not ask for while step ``step`` is
    active (a filter, a chip, a query value), or ``None``; record pages and forms have none."""
    if record_ids(identity(obs)) or not _is_list_page(obs.text):
        return None  # a record's page or a form: its fields are the record's, not filters
    for where, value in _constraints(obs.url, obs.text):
        if not ctx.asks_to_narrow(value, step):
            return f"the list is narrowed by {where}, which the task does not ask for"
    return None


def _searched(before: Observation, action: Action, after: Observation) -> list[str]:
    """The terms a search submitted by ``action`` used: changed query values or a submitted box's value."""
    old = set(query_params(before.url))
    terms = [v for k, v in query_params(after.url) if (k, v) not in old and _SEARCH_PARAMS.match(k)]
    try:
        calls = parse_action(action.command)
    except ValueError:
        return terms
    for c in calls:
        key = c.args[-1] if c.args else c.kwargs.get("key", "")
        if c.name in ("press", "keyboard_press") and isinstance(key, str) and _SUBMIT.search(key) and c.args:
            node = node_by_bid(before.text, str(c.args[0]))
            if node is not None and value_of(node):
                terms.append(value_of(node) or "")
    return terms


@page_cache(4096, kind="statement")
def _expects_absence(commitment_text: str) -> bool:
    """Whether a commitment's text negates something (read once per commitment, not per page)."""
    return any(t in NEGATIONS for t in tokenize(commitment_text))


def _empty_results(ctx: TaskContext, before, action, after, commitment_text: str) -> str | None:
    if before is None or action is None or is_report(action):
        return None
    if _expects_absence(commitment_text):
        return None  # the step expects something to be absent
    terms = [t for t in _searched(before, action, after) if t.strip() and ctx.asks_for(t)]
    if not terms:
        return None
    old = {n.name for n in nodes(before.text)}
    for n in nodes(after.text):
        if n.name and n.name not in old and _any(_EMPTY, n.name):
            return f"the search for {terms[0]!r} the task asks for found nothing: {n.name[:80]!r}"
    return None


def _negative_alert(ctx: TaskContext, before, action, after) -> str | None:
    if before is None or action is None:
        return None
    for msg in _new_messages(before, after):
        if _any(_NEGATIVE, msg) and not ctx.announces(msg):
            return f"a new alert says something failed: {msg[:120]!r}"
    return None


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


def _report_failure(ctx: TaskContext, before, action, after) -> str | None:
    msg = _message(action) if action is not None else None
    m = _any(_ADMITS, msg) if msg else None
    return f"the agent reports it did not finish: {msg[:120]!r}" if m else None


def _claimed_statuses(msg: str) -> set[str]:
    """Statuses the message asserts as its predicate: its first word ("Approved leave request ..."),
    or a status word right after "I", "we", "is", "was", "has been", "now", "successfully"; not a
    negated one ("no longer pending") and not one merely mentioned ("a refund of ...")."""
    out = set()
    low = fold(msg)
    words = list(re.finditer(r"[a-z']+", low))
    for k, m in enumerate(words):
        canon = STATUS_WORDS.get(m.group(0))
        if canon and (k == 0 or words[k - 1].group(0) in _CLAIM_AFTER) and not _NEGATED.search(low[:m.start()]):
            out.add(canon)
    return out


def _statuses_on(obs: Observation, rid: str) -> set[str]:
    """Statuses the page shows for record ``rid``: a ``Status: X`` line on its own page, or the status
    words of the list row or item that names it."""
    ns = nodes(obs.text)
    out: set[str] = set()
    if rid in {i for _, _, i in record_ids(identity(obs))}:
        for n in ns:
            m = _STATUS_LINE.match(n.name)
            if m and m.group(1).lower() in STATUS_WORDS:
                out.add(STATUS_WORDS[m.group(1).lower()])
        return out
    for i, n in enumerate(ns):
        if n.role.lower() in ("row", "listitem"):
            names = subtree_names(ns, i)
            if any(rid in {x for _, _, x in record_ids(s)} for s in names):
                out |= {STATUS_WORDS[s.lower()] for s in names if s.lower() in STATUS_WORDS}
    return out


def _report_contradicted(ctx: TaskContext, before, action, after) -> str | None:
    msg = _message(action) if action is not None else None
    if not msg:
        return None
    named = record_ids(msg)
    pages = [after] if before is None or before.url == after.url and before.text == after.text else [after, before]
    for obs in pages:
        page = record_ids(identity(obs))
        for kind in _kinds(page) & _kinds(named):
            here = {i for p, n, i in page if (p, n) == kind}
            said = sorted(i for p, n, i in named if (p, n) == kind)
            if not here & set(said):
                return f"the report names {said[0]} but the page in view is {sorted(here)[0]}'s"
    claimed = _claimed_statuses(msg)
    if claimed:
        for _, _, rid in sorted(named):
            shown = _statuses_on(after, rid)
            if shown and not shown & claimed:
                return f"the report says {rid} is {'/'.join(sorted(claimed))}; the page shows {'/'.join(sorted(shown))}"
    return None


_RULES = {
    "lost_session": _lost_session, "refused": _refused, "missing_page": _missing_page, "wrong_record": _wrong_record,
    "unrequested_constraint": _unrequested_constraint, "negative_alert": _negative_alert,
    "report_failure": _report_failure, "report_contradicted": _report_contradicted,
}


def builtin_hits(
    ctx: TaskContext, after: Observation, *, before: Observation | None = None, action: Action | None = None,
    commitment_text: str = "", settings: Builtins = Builtins(), start: bool = False, step: int | None = None,
) -> Iterator[RuleHit]:
    """Every enabled built-in that fires on the page ``after`` (reached from ``before`` by ``action``),
    lazily, most certain first. ``start``: the page a run starts on (only :data:`START_RULES`).
    ``step``: the index of the active commitment in the plan (what a list may be narrowed by so far)."""
    for name in settings.enabled:
        if start and name not in START_RULES:
            continue
        if name == "empty_results":
            detail = _empty_results(ctx, before, action, after, commitment_text)
        elif name == "unrequested_constraint":
            detail = _unrequested_constraint(ctx, before, action, after, step)
        else:
            detail = _RULES[name](ctx, before, action, after)
        if detail:
            yield RuleHit(name, detail, RULE_SCOPES[name])


def check_builtins(
    ctx: TaskContext, after: Observation, *, before: Observation | None = None, action: Action | None = None,
    commitment_text: str = "", settings: Builtins = Builtins(), start: bool = False, step: int | None = None,
) -> RuleHit | None:
    """The first built-in that fires (see :func:`builtin_hits`), or ``None``."""
    return next(builtin_hits(ctx, after, before=before, action=action, commitment_text=commitment_text,
                             settings=settings, start=start, step=step), None)
