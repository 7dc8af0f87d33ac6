"""Anomaly rules that run before any scoring (paper, appendix B.5), including a real state diff.

A rule hit routes the case to the verifier with an execution-scope hint. The rules:

* ``action_error``: the browser or action reported an error, but a click that did not land for a
  passing reason (a notification over the control, the control still moving), which the agent
  simply makes again, nor typing or choosing in a field the form keeps disabled until another of
  its choices is made (nothing changed, and what the form sends is read when it is sent);
* ``unparsable_action``: the command is not a call of BrowserGym's high-level action set;
* ``unchanged_page``: a page-changing action left the page as it was. This is the state diff the
  article found missing: a silent no-op contradicts no evidence statement, but it does leave the
  page identical. The comparison ignores what changes without meaning (clocks, relative times,
  counters, element ids, focus), so a ticking clock does not hide a no-op. Typing or choosing
  into a field the value it already holds changes nothing, and should not. A draft kept
  (*Save draft*) whose form comes back with other values than it held did not keep them either;
* ``error_page``: an HTTP error status or a browser/web error page;
* ``foreign_message``: a new status message about another record of the page's kind (a banner
  naming the wrong order);
* ``unexpected_dialog``: a modal dialog the plan never mentions covers the page (an interstitial),
  also on the start page;
* ``repeated_submit``: a control pressed again while the page says the agent's last write is still
  being worked on (:func:`presses_in_flight`): a double submission, read before it runs.

The advance rules (``skipped_commitment``, ``unconfirmed_advance``, ``unconfirmed_write``) are
decided where commitment progress is tracked, not here.
"""

from __future__ import annotations

import difflib
import re
from typing import Callable, Iterable, Sequence

from fcpkit.core.caches import page_cache
from fcpkit.core.page import Page, record_ids
from fcpkit.core.page.fingerprint import content_fingerprint as _content_fingerprint
from fcpkit.core.page.fingerprint import fingerprint
from fcpkit.core.page_facts import as_page
from fcpkit.core.actions import ACTION_NAMES, ParsedCall, action_text, parse_action
from fcpkit.core.phrases import acts_of, phrase
from fcpkit.core.dialogs import keeps, new_modal_dialogs, unexpected_dialog
from fcpkit.core.rule_hit import RuleHit
from fcpkit.core.text import caseless, dates, dates_match, strip_volatile
from fcpkit.core.trajectory import Action, Observation

__all__ = [
    "RuleHit",
    "pressed_nodes",
    "ACTION_NAMES",
    "parse_action",
    "is_page_changing",
    "acts_on_page",
    "page_fingerprint",
    "content_fingerprint",
    "same_page",
    "page_diff",
    "check_action",
    "check_transition",
    "edit_baseline",
    "is_form_edit",
    "action_text",
    "is_report",
    "is_idle",
    "new_modal_dialogs",
    "unexpected_dialog",
    "presses_in_flight",
    "presses_submit_key",
]

_NAVIGATING = frozenset({"goto", "go_back", "go_forward", "dblclick", "select_option", "upload_file", "drag_and_drop", "mouse_click", "mouse_dblclick"})
_SUBMIT_KEYS = re.compile(r"enter|return", re.IGNORECASE)
#: Clicking these only moves focus or opens a picker: the page need not change.
_INERT_TARGET_ROLES = frozenset(
    "textbox searchbox combobox spinbutton statictext paragraph heading img image generic cell row rowheader columnheader label".split()
)
_HTTP_CODE_WORDS = re.compile(
    r"\b(4\d\d|5\d\d)\b.*\b(error|not found|forbidden|unauthori[sz]ed|bad gateway|unavailable|time-?out|too many|bad request)\b"
    r"|\b(error|http)\s*(4\d\d|5\d\d)\b",
    re.IGNORECASE,
)
_PLAIN_ERROR_TITLES = re.compile(
    r"^(?:page not found|not found|forbidden|access denied|internal server error|bad gateway|service unavailable|"
    r"gateway timeout|server error|error)$",
    re.IGNORECASE,
)
_BROWSER_ERROR = re.compile(
    r"\bERR_[A-Z_]{4,}\b|this site can.t be reached|this page isn.t working|refused to connect|took too long to respond",
    re.IGNORECASE,
)


def _target_role(target: str | None) -> str | None:
    if not target:
        return None
    head = target.strip().split(None, 1)
    return head[0].lower() if head else None


def _already_holds(target: str | None, call: ParsedCall) -> bool:
    """Whether the target node already shows the value a fill/select_option would put there."""
    if not target or len(call.args) < 2 or not isinstance(call.args[1], str):
        return False
    value = call.args[1]
    return f"value={value!r}" in target or f'value="{value}"' in target


def _sets_what_it_holds(action: Action, before: Page) -> bool:
    """Whether every call of ``action`` that acts types or chooses, into a field of page ``before``,
    the value that field already holds: "select 21 days" on a Loan period already at 21 days, a
    click on the radio button already checked, changes nothing, and should not, whatever the
    action's effect label says."""
    try:
        calls = [c for c in parse_action(action.command) if c.name not in _NOT_ACTING]
    except ValueError:
        return False
    if not calls:
        return False
    for c in calls:
        if c.name in ("click", "check", "uncheck") and c.args:
            node = before.node(c.bid)
            if node is None or not _chosen_already(c.name, node):
                return False
            continue
        if c.name not in ("fill", "select_option") or len(c.args) < 2:
            return False
        node, value = before.node(c.args[0]), c.args[1]
        if isinstance(value, (list, tuple)) and len(value) == 1:
            value = value[0]  # select_option('5', ['Standard'])
        held = _spoken(node.value or "") if node is not None else ""
        if not held or not isinstance(value, str):
            return False
        if _spoken(value) != held and not (c.name == "select_option" and _spoken(value) in _selected_options(before, c.args[0])):
            return False
    return True


def _selected_options(page: Page, bid: str) -> set[str]:
    """The names of the options selected under the list box or select ``bid`` (as said): a select may
    show its value shorter than its option names it ("Elm & 3rd" for "Elm & 3rd (same as now)")."""
    i = page.position(bid)
    if i is None:
        return set()
    return {_spoken(page.nodes[k].name) for k in page.subtree(i)[1:]
            if page.nodes[k].kind == "option" and "selected" in page.nodes[k].states and page.nodes[k].name}


def _chosen_already(call: str, node) -> bool:
    """Whether ``call`` on ``node`` chooses what is chosen already: a click on a checked radio button
    or a selected tab or option, a check of a checked box, an uncheck of a clear one. A click on a
    box toggles it, and changes something."""
    if call == "check":
        return "checked" in node.states
    if call == "uncheck":
        return node.kind in ("checkbox", "switch", "menuitemcheckbox") and "checked" not in node.states
    if node.kind in ("radio", "menuitemradio"):
        return "checked" in node.states
    return node.kind in ("tab", "option") and "selected" in node.states


def _resubmits(action: Action, before: Page) -> bool:
    """Whether ``action`` presses Enter in a box whose value the page ``before`` already shows the
    results of (the URL's query holds it): a list that filters as one types has run the search
    already, and submitting it again changes nothing, as it should."""
    try:
        calls = [c for c in parse_action(action.command) if c.name not in _NOT_ACTING]
    except ValueError:
        return False
    if len(calls) != 1 or calls[0].name not in ("press", "keyboard_press") or not calls[0].args:
        return False
    key = calls[0].args[-1]
    node = before.node(str(calls[0].args[0])) if len(calls[0].args) > 1 else None
    if node is None or not isinstance(key, str) or not _SUBMIT_KEYS.search(key):
        return False
    typed = _spoken(node.value or "")
    return bool(typed) and any(_spoken(v) == typed for _, v in before.query)


def _spoken(value: str) -> str:
    """A field's value as a person reads it: case and runs of spaces aside."""
    return " ".join(value.split()).casefold()


#: Calls that do not act on the page: a message to the user, waiting, scrolling, pointing.
_NOT_ACTING = frozenset({"noop", "send_msg_to_user", "report_infeasible", "scroll", "hover", "focus", "mouse_move"})


def acts_on_page(action: Action) -> bool:
    """Whether ``action`` does anything to the page. A message to the user, a ``noop``, a wait, a
    scroll or a hover does not, whatever its effect label: a corpus may label a report to a person
    ``irreversible`` (it cannot be taken back), yet it leaves the page as it was, and should."""
    return _acts_on_page(action.command)


# What an action is (acts, changes the page, edits a form, idles, reports) depends on its command,
# effect label and target alone: each is read once per action, not once per rule that asks.
@page_cache(4096)
def _acts_on_page(command: str) -> bool:
    try:
        return not all(c.name in _NOT_ACTING for c in parse_action(command))
    except ValueError:
        return True


def is_page_changing(action: Action, calls: Iterable[ParsedCall] | None = None) -> bool:
    """Whether the page should differ after ``action`` (writes always should, unless they do not
    act on the page at all: :func:`acts_on_page`)."""
    if calls is None:
        return _changes_page(action.command, action.effect, action.target)
    return _page_changing(list(calls), action.effect, action.target)


@page_cache(4096)
def _changes_page(command: str, effect: str | None, target: str | None) -> bool:
    try:
        calls = parse_action(command)
    except ValueError:
        return effect in ("write", "irreversible")
    return _page_changing(calls, effect, target)


@page_cache(4096)
def _submit_key(command: str) -> bool:
    try:
        return any(c.key is not None and _SUBMIT_KEYS.search(c.key) for c in parse_action(command))
    except ValueError:
        return False


def presses_submit_key(action: Action) -> bool:
    """Whether ``action`` presses Enter (or Return): the key that sends the form it is pressed in."""
    return _submit_key(action.command)


def _page_changing(calls: Sequence[ParsedCall], effect: str | None, target: str | None) -> bool:
    if all(c.name in _NOT_ACTING for c in calls):
        return False
    if effect in ("write", "irreversible"):
        return True
    for c in calls:
        if c.name == "select_option" and _already_holds(target, c):
            continue  # choosing what is already chosen changes nothing, and should not
        if c.name in _NAVIGATING:
            return True
        if c.key is not None and _SUBMIT_KEYS.search(c.key):
            return True
        if c.name == "click" and _target_role(target) not in _INERT_TARGET_ROLES:
            return True
    return False


_EDITS = frozenset({"fill", "select_option", "check", "uncheck", "clear", "keyboard_type", "keyboard_insert_text", "focus",
                    "hover"})
_EDIT_TARGET_ROLES = frozenset({"checkbox", "radio", "option", "menuitemcheckbox", "menuitemradio", "switch"})


def is_form_edit(action: Action) -> bool:
    """Whether ``action`` only edits a form on the page (typing, selecting, ticking), writing nothing."""
    return _form_edit(action.command, action.effect, action.target)


def sets_fields(action: Action) -> bool:
    """Whether ``action`` only sets fields of a form (types, selects, ticks), whatever its effect
    label: a form that saves a draft as one types labels the typing a write, and what is typed
    still goes to the application with the form's submission."""
    return _form_edit(action.command, None, action.target)


@page_cache(4096)
def _form_edit(command: str, effect: str | None, target: str | None) -> bool:
    if effect in ("write", "irreversible"):
        return False
    try:
        calls = parse_action(command)
    except ValueError:
        return False
    for c in calls:
        if c.name in _EDITS:
            continue
        if c.key is not None and not _SUBMIT_KEYS.search(c.key):
            continue
        if c.name == "click" and _target_role(target) in _EDIT_TARGET_ROLES:
            continue
        return False
    return True


def edit_baseline(initial: Observation, history: Sequence[tuple[Action, Observation]]) -> Observation | None:
    """The page before the current run of form edits, or ``None`` when the last action was no edit.

    ``history`` is ``[(action, page after it), ...]`` up to the page the next action starts from.
    A write that does nothing often does not leave the page *unchanged*: the form reloads and
    drops the values just typed. Compared with the page before those edits, it is unchanged.
    """
    k = len(history)
    while k > 0 and is_form_edit(history[k - 1][0]):
        k -= 1
    if k == len(history):
        return None
    return initial if k == 0 else history[k - 1][1]


def page_fingerprint(obs: Observation | Page) -> str:
    """The page with meaningless variation removed (:func:`fcpkit.core.page.fingerprint.fingerprint`)."""
    return fingerprint(as_page(obs))


def same_page(a: Observation | Page, b: Observation | Page, fingerprint: Callable[[Observation | Page], str] | None = None) -> bool:
    """``fingerprint(a) == fingerprint(b)`` (:func:`page_fingerprint` by default, or
    :func:`content_fingerprint`), without fingerprinting either page when their URLs (without
    fragment) or titles (without volatile text) differ: a fingerprint's first two lines are those."""
    fp = fingerprint or page_fingerprint
    a, b = as_page(a), as_page(b)
    if "\n" not in a.url and "\n" not in b.url and "\n" not in a.title and "\n" not in b.title:
        if a.url.split("#", 1)[0] != b.url.split("#", 1)[0]:
            return False
        if a.title != b.title and strip_volatile(a.title).strip() != strip_volatile(b.title).strip():
            return False
    return fp(a) == fp(b)


def page_diff(before: Observation | Page, after: Observation | Page, n: int = 0) -> list[str]:
    """The changed lines between two pages' fingerprints (unified diff, no context by default)."""
    a, b = page_fingerprint(before).splitlines(), page_fingerprint(after).splitlines()
    return [ln for ln in difflib.unified_diff(a, b, lineterm="", n=n) if not ln.startswith(("---", "+++", "@@"))]


#: Calls that leave the application as it was: waiting, scrolling, pointing.
_IDLE = frozenset({"noop", "scroll", "hover", "focus", "mouse_move"})


def is_idle(action: Action) -> bool:
    """Whether ``action`` only waits, scrolls or points (or does not parse): it does no step of a task."""
    return _idle(action.command)


@page_cache(4096)
def _idle(command: str) -> bool:
    try:
        return all(c.name in _IDLE for c in parse_action(command))
    except ValueError:
        return True


def is_report(action: Action) -> bool:
    """Whether ``action`` reports to the user (``send_msg_to_user``): the agent's claim that it is done."""
    return _report(action.command)


@page_cache(4096)
def _report(command: str) -> bool:
    try:
        return any(c.name == "send_msg_to_user" for c in parse_action(command))
    except ValueError:
        return False


def check_action(action: Action) -> RuleHit | None:
    """Pre-action rule: an action that does not parse never reaches the browser."""
    try:
        parse_action(action.command)
    except ValueError as exc:
        return RuleHit("unparsable_action", f"{action.command!r}: {exc}")
    return None


def _error_page(page: Page) -> str | None:
    status = page.extra.get("status") if page.extra else None
    if isinstance(status, int) and status >= 400:
        return f"HTTP status {status}"
    hit = page.cache.get("error_page", False)
    if hit is False:
        hit = page.cache["error_page"] = _error_page_of(page)
    return hit


def _error_page_of(page: Page) -> str | None:
    names = [page.title, *[n.name for n in page.nodes if n.kind in ("rootwebarea", "heading")][:3]]
    for name in names:
        if not name:
            continue
        if _HTTP_CODE_WORDS.search(name) or _PLAIN_ERROR_TITLES.match(name.strip()):
            return f"error page: {name!r}"
        if _BROWSER_ERROR.search(name):
            return f"browser error page: {name!r}"
    m = _browser_error(page.body[:2000])
    if m:
        return f"browser error page: {m.group(0)!r}"
    return None


def _browser_error(s: str) -> re.Match[str] | None:
    """``_BROWSER_ERROR.search(s)``, not tried on a text that holds none of its phrases' fixed words."""
    low = caseless(s)
    if not ("err_" in low or "this site can" in low or "this page isn" in low or "refused to connect" in low
            or "took too long to respond" in low):
        return None
    return _BROWSER_ERROR.search(s)


def pressed_nodes(action: Action, before: Page) -> list[int] | None:
    """The positions on ``before`` of the nodes ``action`` acts on; ``None`` when it names none or
    one that is not there (or cannot be parsed)."""
    try:
        calls = parse_action(action.command)
    except ValueError:
        return None
    at = [before.position(c.bid) for c in calls]
    return None if not at or any(i is None for i in at) else at


#: Roles of controls a press acts on ("Submit claim", a menu item); pressing a field only focuses it.
_PRESSABLE = frozenset({"button", "link", "menuitem", "tab", "option"})


def presses_in_flight(action: Action, here: Observation | Page, wrote: Action, before: Observation | Page,
                      opened_by: str = "") -> str | None:
    """Why ``action``, taken on ``here``, presses a control while the application is still working
    on ``wrote``, the write the agent made from ``before``; ``None`` when it does not.

    An application that took a submission and has not finished it says so: it marks the control
    busy (``aria-busy``), shows a new message of work under way ("Submitting…", "Recording…":
    :data:`~fcpkit.core.phrases.PENDING`), a new progress bar or a live region newly marked busy. Pressing a busy control, or
    pressing again over such a sign the written control or, for a write confirmed in a dialog, the
    control that opened the dialog (``opened_by``: "Confirm allocation" behind its dialog's
    "Confirm"), sends the submission a second time: the first one was not lost, it is being done
    (two pledges, two badges). The agent's next move there is to wait. A press again with no sign
    of work under way is a retry of a silent no-op, which the page test reads (``unchanged_page``),
    not a double submission."""
    page, origin = as_page(here), as_page(before)
    at = pressed_nodes(action, page)
    if at is None or sets_fields(action):
        return None
    nodes = [page.nodes[i] for i in at]
    if not all(n.kind in _PRESSABLE for n in nodes):
        return None
    busy = next((n for n in nodes if "busy" in n.states), None)
    if busy is not None:
        return f"{action.command} presses {busy.label!r}, which the page marks busy after {wrote.command}"
    try:
        earlier = {c.bid for c in parse_action(wrote.command) if c.bid is not None}
    except ValueError:
        return None
    labels = {caseless(n.label) for b in earlier if (n := origin.node(b)) is not None and n.label}
    at_write = pressed_nodes(wrote, origin)
    if opened_by and at_write is not None and all(origin.zones[i] == "dialog" for i in at_write):
        labels.add(caseless(opened_by))
    if not any(n.bid in earlier or caseless(n.label) in labels for n in nodes):
        return None
    seen = {n.name for n in origin.nodes}
    working = next((n.name for n in page.nodes if n.name and n.name not in seen and phrase("pending", n.name)), None)
    bars = {n.name for n in origin.nodes if n.kind == "progressbar"}
    working = working or next((n.name or "a progress bar" for n in page.nodes
                               if n.kind == "progressbar" and n.name not in bars), None)
    was_busy = {n.name for n in origin.nodes if "busy" in n.states}
    working = working or next((n.name or "a busy region" for i, n in enumerate(page.nodes)
                               if "busy" in n.states and i in page.live_nodes and n.name not in was_busy), None)
    if working is None:
        return None
    return f"{action.command} presses {nodes[0].label!r} again while the page says {working!r} after {wrote.command}"


def _keeps(action: Action, before: Page) -> bool:
    """Whether ``action`` clicks, inside a modal dialog of ``before``, an answer that keeps things as
    they are ("Keep 09:30", "Leave as is": :func:`~fcpkit.core.dialogs.keeps`): it asks for no change."""
    at = pressed_nodes(action, before)
    return at is not None and all(before.zones[i] == "dialog" and keeps(before.nodes[i].label) for i in at)


def _keeps_draft(action: Action, before: Page, after: Page, origin: Page) -> bool:
    """Whether ``action`` pressed a control that keeps the form as a draft
    (:data:`~fcpkit.core.phrases.DRAFT`) and ``after`` carries a message ``origin`` did not: a draft
    changes no content of the page, and the message is its answer (a silent no-op says nothing)."""
    at = pressed_nodes(action, before)
    if at is None or not all(phrase("draft", before.nodes[i].label) for i in at):
        return False
    old = set(origin.messages)
    return any(m not in old for m in after.messages)


#: Roles of a form's fields whose value the page shows (a search box is no part of the form).
_VALUED = frozenset({"textbox", "combobox", "spinbutton", "listbox", "textarea"})


def _field_values(page: Page) -> dict[str, str]:
    """Each form field's label and the value it shows (the first field of a label), from the
    page's fields (:attr:`Page.fields`, read once per page)."""
    out: dict[str, str] = {}
    for f in page.fields:
        if page.nodes[f.node].kind in _VALUED and f.label not in out:
            out[f.label] = f.value
    return out


def _same_value(a: str, b: str) -> bool:
    """Whether two renderings of a field's value are one value: the same letters and digits
    ("29750.00", "29,750.00"), or the same dates however written."""
    if re.sub(r"[\W_]+", "", a.casefold()) == re.sub(r"[\W_]+", "", b.casefold()):
        return True
    da, db = dates(a), dates(b)
    return bool(da) and bool(db) and dates_match(da, db)


def _draft_lost(action: Action, before: Page, after: Page) -> str | None:
    """What a draft the agent kept lost, or ``None``: ``action`` pressed a control that keeps the
    form as a draft (:data:`~fcpkit.core.phrases.DRAFT`), and the form it came back with shows a
    field with another value than the form held when it was pressed. A draft's whole effect is
    keeping what the form holds; a form that comes back with other values is a stale copy,
    whatever message says the draft was saved."""
    at = pressed_nodes(action, before)
    if at is None or not all(phrase("draft", before.nodes[i].label) for i in at):
        return None
    now = _field_values(after)
    for label, value in _field_values(before).items():
        if label in now and not _same_value(value, now[label]):
            return f"{label!r} shows {now[label]!r}, not {value!r}"
    return None


#: What a browser says when a click did not land for a passing reason: a notification (a toast, a
#: status or alert region) lay over the control, or the control was still moving (an animation).
_PASSING = re.compile(r"""(?:role=["'](?:status|alert|log)["']|class=["'][^"']*\b(?:toast|snackbar|notification|notice)"""
                      r"""[^"']*["'])[^\n]*intercepts pointer events|\belement is not stable\b""", re.IGNORECASE)


def _passing_error(error: str) -> bool:
    """Whether an action's error says the click did not land for a passing reason (:data:`_PASSING`),
    not that the control is missing, disabled or covered by a dialog that asks something."""
    return bool(_PASSING.search(error))


#: An action's error that says the control it typed or chose in would not take input: disabled,
#: not enabled, not editable, read-only (Playwright's wording and a browser's).
_LOCKED = re.compile(r"\b(?:not\s+enabled|disabled|not\s+editable|read-?only)\b", re.IGNORECASE)


def _out_of_order(action: Action | None, before: Page | None, error: str) -> bool:
    """Whether ``action`` typed or chose in a field that would not take input (:data:`_LOCKED`)
    because its form enables it only once another of its choices is made
    (:meth:`Page.waits_on_choice <fcpkit.core.page.Page.waits_on_choice>`)."""
    if action is None or before is None or not sets_fields(action) or not _LOCKED.search(error):
        return False
    try:
        calls = parse_action(action.command)
    except ValueError:
        return False
    at = [before.position(c.args[0]) for c in calls if c.args and isinstance(c.args[0], str)]
    return bool(at) and all(k is not None and before.waits_on_choice(k) for k in at)


def check_transition(
    before: Observation | None, action: Action | None, after: Observation, *, baseline: Observation | None = None
) -> RuleHit | None:
    """Post-action rules, in order of certainty: action error, error page, unchanged page.

    ``baseline`` (see :func:`edit_baseline`) is the page before the form edits that led up to
    ``action``: a write that lands back on it changed nothing either.
    """
    after = as_page(after)
    before = as_page(before) if before is not None else None
    baseline = as_page(baseline) if baseline is not None else None
    if after.error:
        # a notification over the control, or a control still moving: the click did not land, nothing
        # changed, and the agent's next move is the same click (the page test reads what follows)
        # so does a field that would not take a value until a choice of its form enables it: the
        # form holds what it held, nothing went to the application, and what the form sends is
        # read when it is sent
        if _passing_error(str(after.error)) or _out_of_order(action, before, str(after.error)):
            return None
        return RuleHit("action_error", str(after.error)[:300])
    if action is not None:
        hit = check_action(action)
        if hit:
            return hit
    err = _error_page(after)
    if err:
        return RuleHit("error_page", err)
    foreign = _foreign_message(after, before, acts_only=action.effect not in ("write", "irreversible")) \
        if action is not None else None
    if foreign:
        return RuleHit("foreign_message", foreign)
    if after.extra.get("terminated"):
        # the environment ended the episode on this action (BrowserGym's `terminated`): a final
        # page that stays as it was is the end of the task, not a no-op
        return None
    if before is not None and action is not None and (_sets_what_it_holds(action, before) or _resubmits(action, before)):
        return None  # a field set to what it held, a search submitted again: nothing to change
    if before is not None and action is not None and is_page_changing(action):
        if same_page(before, after):
            return RuleHit("unchanged_page", f"{action.command} left the page unchanged")
    writes = action is not None and action.effect in ("write", "irreversible") and acts_on_page(action)
    if writes and before is not None and _keeps(action, before):
        return None  # "Keep 09:30" in a dialog asks for no change: the dialog closing is all it does
    if baseline is not None and writes:
        if same_page(baseline, after):
            return RuleHit("unchanged_page", f"{action.command} left the page as it was before the form was edited")
    if writes:
        # A write that only announces something ("Comment added to ticket T-390.") over the page it
        # started from changed no state: compare the pages without their live regions, which carry
        # messages, not content. The page it started from is the one before the form edits that led
        # up to it (not the edited form itself: a successful save often re-renders it with the saved
        # values and a message), or, with no edits, the page the write was made on.
        origin, said = (baseline, "as it was before the form was edited") if baseline is not None else (before, "it started from")
        if origin is not None and set(after.modal_dialogs) - set(origin.modal_dialogs):
            return None  # the write raised a dialog that asks something (a confirmation): the application answered
        if origin is not None and _answers(after, origin):
            return None  # it refused a value ("must be a number") or took the work on ("Saving…"): not silent
        lost = _draft_lost(action, before, after) if before is not None else None
        if lost is not None:
            return RuleHit("unchanged_page", f"{action.command} kept a draft that lost what the form held: {lost}")
        if origin is not None and before is not None and _keeps_draft(action, before, after, origin):
            return None  # "Save draft": the form stays and a message says the draft was kept; that is all it does
        if origin is not None and same_page(origin, after, content_fingerprint):
            return RuleHit("unchanged_page", f"{action.command} changed nothing but a status message on the page {said}")
    return None


def _answers(after: Page, origin: Page) -> bool:
    """Whether ``after`` carries a new message (a live region ``origin`` did not show) by which the
    application answered a submission: a value it will not take, or work it has started
    (:data:`~fcpkit.core.phrases.VALIDATION`, :data:`~fcpkit.core.phrases.PENDING`), or a new
    progress bar ("Saving ETR and queuing 412 notifications"). A silent no-op
    says nothing; these say what happened, and the agent's next step shows whether it listened."""
    old = set(origin.messages)
    if any(m not in old and (phrase("validation", m) or phrase("pending", m)) for m in after.messages):
        return True
    bars = {n.name for n in origin.nodes if n.kind == "progressbar"}  # a progress bar that came up: work started
    return any(n.kind == "progressbar" and n.name not in bars for n in after.nodes)


def _foreign_message(after: Page, before: Page | None, acts_only: bool = False) -> str | None:
    """A new status or alert message about *another* record of the kind the page is about.

    On order ORD-55012's page, "Refund of $83.90 issued for order ORD-55021." is news about a
    different order: a banner for the wrong record, whatever the rest of the page says.
    ``acts_only`` (after a read, which changes no record): only a message that names an act of the
    application's on that record (a refund issued, an order cancelled) counts; other news about
    another record (an alarm on another trailer in the yard, a detention timer) is the
    application's, which no read of the agent's caused.
    """
    messages = [text for _, text in after.live]
    if not messages:
        return None
    page_ids = [r for r in record_ids(f"{after.url} {after.title}") if r.strong]
    if not page_ids:
        return None
    old = {text for _, text in before.live} if before is not None else set()
    own = {r.id for r in page_ids}
    kinds = {r.kind for r in page_ids}
    for msg in messages:
        if msg in old:
            continue
        named = [r for r in record_ids(msg) if r.strong]
        if any(r.id in own for r in named):
            continue  # it names the page's record, as what it is about or where something went
        ids = [r for r in named if not _destination(msg, r.id)]
        if ids and acts_only and not acts_of(msg):
            continue
        if ids:
            other = next((r.id for r in ids if r.kind in kinds), None)
            if other:
                return f"a message about {other} on the page of {sorted(own)[0]}: {msg.strip()[:120]!r}"
    return None


_TOWARD = re.compile(r"\b(?:to|into|onto)\s+(?:the\s+)?(?:[\w&'’-]+\s+){0,3}$", re.IGNORECASE)


def _destination(message: str, rid: str) -> bool:
    """Whether ``rid`` stands in ``message`` as where something went ("Check 20113 transferred to
    F-00412", "moved into Q-7"): the record the page's work was sent to, not the one the message
    is about."""
    at = message.upper().find(rid)
    return at > 0 and bool(_TOWARD.search(message[:at]))


def content_fingerprint(obs: Observation | Page) -> str:
    """:func:`page_fingerprint` without live regions (:func:`fcpkit.core.page.fingerprint.content_fingerprint`)."""
    return _content_fingerprint(as_page(obs))
