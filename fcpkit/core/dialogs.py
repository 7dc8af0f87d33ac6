"""The ``unexpected_dialog`` rule: a modal dialog the plan never names covers the page (an interstitial).

Part of the anomaly rules of :mod:`fcpkit.core.rules` (which re-exports it); apart so that the
plan's statements are tokenised once per plan (a statement cache), not on every page with a dialog.

A dialog the plan does not name is not drift by itself: applications put dialogs in the way of
every task (release notes, a reason the save requires, the reply box of a thread), and a plan
cannot name them all. What the agent does with it says which it is (:func:`handles_dialog`):
dismissing it, or answering it (filling its fields, or taking an act inside it that the plan asks
for), deals with it; acting behind it (the click the modal intercepts), taking an act inside it the
plan never asks for (submitting the referral it proposes), or reporting the task done under it is
drift. The commitment tracker judges a new dialog by the agent's next action when it has the
action tester (:meth:`~fcpkit.core.tracker.CommitmentTracker.test_action`); a dialog that comes
back after the agent dismissed it blocks the step, and is drift at once.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Sequence

from fcpkit.core.actions import ParsedCall, describe_action, parse_action
from fcpkit.core.caches import page_cache
from fcpkit.core.page import Page
from fcpkit.core.page_facts import as_page
from fcpkit.core.phrases import FILTER_NAME, GENERIC_ACT, acts_of
from fcpkit.core.rule_hit import RuleHit
from fcpkit.core.text import tokenize
from fcpkit.core.trajectory import Action, Observation

__all__ = ["new_modal_dialogs", "unexpected_dialog", "opened_by", "handles_dialog", "awaiting_act", "asks_act",
           "dialog_control", "backs_out", "keeps", "only_informs", "refines_view", "leaves_dialog", "only_backs_out",
           "names_a_dialog"]

def new_modal_dialogs(before: Observation | Page | None, after: Observation | Page) -> list[str]:
    """Names of the modal dialogs on ``after`` that ``before`` did not show (all of them without ``before``)."""
    names = as_page(after).modal_dialogs
    if not names:
        return []
    old = set(as_page(before).modal_dialogs) if before is not None else set()
    return [n for n in names if n not in old]


def opened_by(action: Action | None, name: str) -> str | None:
    """The name of the control ``action`` clicked when the dialog ``name`` is the one it asked for:
    the control's name opens with the act the dialog's title opens with ("Schedule campaign" and
    "Schedule 'April Digest'?", "Delete draft" and "Delete this draft?"); else ``None``. An
    interstitial arrives uninvited ("Verify your sending domain" after a click on Schedule)."""
    if action is None:
        return None
    d = describe_action(action)
    if d.target is None or d.values or not any(c.startswith("click") for c in d.calls):
        return None
    asked, title = tokenize(d.target.name), [t for t in tokenize(name) if t not in _DIALOG_ROLE]
    return d.target.name if asked and title and asked[0] == title[0] else None


#: Words that name a dialog's role in a plan statement ("the assign dialog", "a confirmation prompt").
_DIALOG_ROLE = frozenset(tokenize("dialog modal popup pop-up prompt confirmation window overlay sheet"))


def names_a_dialog(statement: str) -> bool:
    """Whether a plan statement speaks of a dialog: a word of a dialog's role ("Delete confirmation
    dialog shown") or the question a confirmation asks ("Save treatment plan?")."""
    return "?" in statement or bool(_DIALOG_ROLE.intersection(tokenize(statement)))


def unexpected_dialog(names: Sequence[str], expected_text: str, action: Action | None = None,
                      asked: frozenset[str] = frozenset()) -> RuleHit | None:
    """The first modal dialog the plan does not name.

    A dialog the plan expects is a step of the task; one it never names ("Updated acceptable use
    policy") is an interstitial covering the page the agent is working on: the commitment's
    evidence can no longer be read, so the step is off track until the dialog is dealt with.
    The plan names a dialog when one of its statements (``expected_text``, one per line) says its
    purpose: the first two content words of the title, in order ("Edit price for SKU-2045" in
    "Edit price button on product SKU-2045", "Assign ticket T-390" in "Assign ticket dialog"), or
    for a one-word title, that word beside a dialog role word ("confirmation dialog"). Words
    scattered through the plan do not name it; and every identifier in the title must be one the
    plan uses. A dialog ``action`` asked for (:func:`opened_by`: the confirmation of "Schedule
    campaign", titled after the campaign) is the plan's when the act the control opens with is one
    the plan asks for (``asked``: the words of the task, the subgoals and the confirming evidence):
    the title names the record, the control the act. A dialog of an act the plan never asks for
    ("Email guests" where the step moves the meeting) is drift all the same.
    """
    statements, plan_tokens = _plan_statements(expected_text)
    for name in names:
        words = [t for t in tokenize(name) if t not in _DIALOG_ROLE]
        control = opened_by(action, name)
        if control is not None and asks_for(tokenize(control)[0], asked):
            continue
        if control is not None and _picks_for(control, asked):
            continue  # "Choose loan start date": a picker for a value the step sets, no act of its own
        if words and not _names_dialog(words, statements, plan_tokens):
            return RuleHit("unexpected_dialog", f"a modal dialog the plan does not name covers the page: {name!r}")
    return None


def asks_for(verb: str, asked: frozenset[str]) -> bool:
    """Whether the act a control's first word ``verb`` performs is one the plan asks for (``asked``:
    the words of the task, the subgoals and the confirming evidence): the word itself, or another
    verb of the same act (:data:`~fcpkit.core.phrases.ACTS`: a "Reply" where the task says to send
    a message, a "Reassign" where it says to assign). Committing a form ("Save", "Submit",
    "Apply") names no act of its own, only that of the form it commits, so it is no such kin: a
    "Submit referral" is not asked for by a task that says to save."""
    if verb in asked:
        return True
    acts = acts_of(verb) - {GENERIC_ACT}
    return bool(acts) and bool(acts & _acts_asked(asked))


@lru_cache(maxsize=256)
def _acts_asked(asked: frozenset[str]) -> frozenset[str]:
    return frozenset(a for w in asked for a in acts_of(w)) - {GENERIC_ACT}


#: Verbs of a control that opens a picker for a value ("Choose loan start date", "Pick a colour",
#: "Browse vendor directory"): it looks a value up for a field, it performs nothing.
_PICKING = frozenset(tokenize("choose pick select browse look find", keep_stopwords=True))


def _picks_for(control: str, asked: frozenset[str]) -> bool:
    """Whether ``control`` opens a picker for something the plan asks for: a picking verb, then a
    word of the task or the steps ("Choose loan start date" where the task gives the loan dates)."""
    words = tokenize(control)
    return len(words) > 1 and words[0] in _PICKING and any(w in asked for w in words[1:])


@page_cache(1024, kind="statement")
def _plan_statements(expected_text: str) -> tuple[tuple[tuple[str, ...], ...], frozenset[str]]:
    """The plan's statements (one per line) as tokens, and all their tokens: read once per plan,
    not on every page that shows a dialog."""
    statements = tuple(tokenize(line) for line in expected_text.splitlines() if line.strip())
    return statements, frozenset(t for st in statements for t in st)


def _names_dialog(words: list[str], statements: Sequence[tuple[str, ...]], plan_tokens: frozenset[str]) -> bool:
    keys = [w for w in words if any(ch.isdigit() for ch in w)]
    if any(k not in plan_tokens for k in keys):
        return False
    purpose = [w for w in words if w not in keys]
    if not purpose:
        return True  # a title of identifiers only, all of them the plan's
    if len(purpose) == 1:
        return any(purpose[0] in st and _DIALOG_ROLE & set(st) for st in statements)
    pair = tuple(purpose[:2])
    return any(st[i:i + 2] == pair for st in statements for i in range(len(st) - 1))


#: What a control that closes a dialog without acting is named ("Not now", "Got it", "Go back", "×"),
#: or keeps things as they are ("Stay signed in", "Keep editing": a session or an edit carried on).
_DISMISS = re.compile(r"^\s*(?:close|dismiss|cancel|skip|not now|later|remind me later|maybe later|no,? thanks|go back|back|no(?=\s*(?:,|$))|"
                      r"stay(?: signed in| logged in| on this page| here)?|keep (?:me )?(?:signed|logged) in|"
                      r"keep (?:working|editing)|continue (?:session|working|editing)|i'?m still here|extend (?:my )?session|"
                      r"got it|ok|okay|x|×|✕)(?=\W|$)", re.IGNORECASE)
#: Calls that answer a dialog's form rather than take an act.
_ANSWERS = frozenset({"fill", "select_option", "check", "uncheck", "clear", "focus", "hover", "scroll", "noop"})


def handles_dialog(action: Action, page: Observation | Page, asked: frozenset[str] = frozenset(),
                   confirms: bool = False, backing_out: bool = False, written: str = "", leaving: bool = False) -> bool:
    """Whether ``action``, taken on ``page`` (which shows a modal dialog), deals with the dialog
    (module docstring): it presses Escape, or every call acts on a node inside the dialog and
    either fills or chooses, clicks a control that dismisses it, or clicks one whose act (its
    first word) is one the plan asks for (``asked``: the words of the task, the subgoals and the
    confirming evidence) and that does not widen it to all or every record unless the plan does.
    ``confirms``: the dialog came up on the agent's own write ("Confirm large correction" after
    Save), so a bare yes ("Continue", "Confirm", "OK") confirms the act the agent already took, and
    so does the dialog's one way forward when it names what the agent's control (``written``) named
    ("Send booking" in the dialog "Confirm booking" raised: :func:`_carries_write`).
    ``leaving``: the agent's own backing out raised the dialog ("Discard this request?" after Cancel):
    it asks whether to leave, and either answer inside it deals with it (Discard leaves, Keep editing
    stays; neither acts on the application).
    ``backing_out``: the agent's own click opened the dialog for an act the plan never asks for, so
    only leaving it deals with it (Escape, "Cancel", "Close"); filling its form carries that act on."""
    page = as_page(page)
    try:
        calls = parse_action(action.command)
    except ValueError:
        return False
    if not calls:
        return False
    for c in calls:
        if _escapes(c):
            continue
        i = page.position(c.bid)
        if i is None or page.zones[i] != "dialog":
            return False  # behind the dialog, or nowhere on the page
        name = page.nodes[i].label
        if leaving and c.name == "click" and not _BULK.intersection(tokenize(name, keep_stopwords=True)):
            continue
        if backing_out:
            if c.name not in _ANSWERS and _leaves(c, page):
                continue
            return False  # on with the act the plan never asks for
        if c.name in _ANSWERS:
            continue
        words = tokenize(name)
        if _DISMISS.match(name):
            continue
        if confirms and words and all(w in _AFFIRM for w in words):
            continue  # the agent confirms the write it just made
        if confirms and keeps(name) and asked.issuperset(words[1:]):
            continue  # "Keep 09:30": it keeps what it just wrote, the value the plan asks for
        if confirms and _carries_write(page, i, written, asked):
            continue  # "Send booking" where "Confirm booking" raised the dialog: that write, confirmed
        while len(words) > 1 and words[0] in _AFFIRM:  # "Yes, move to Onsite": the act is "move"
            words = words[1:]
        if words and asks_for(words[0], asked) and not (_BULK.intersection(tokenize(name, keep_stopwords=True)) - asked):
            continue  # the plan's act, on what the plan names (not "Move all 5 appointments")
        return False
    return True


def _carries_write(page: Page, i: int, written: str, asked: frozenset[str]) -> bool:
    """Whether the control at ``i``, in a dialog the agent's own write raised, carries that write on:
    it is the dialog's one way forward (every other control backs out), and it names what the control
    the agent wrote with named (``written``), the act aside: "Send booking to the carrier?" with *Go
    back* and *Send booking*, raised by *Confirm booking*. A dialog that offers something else
    ("Add cargo insurance?" after *Confirm booking*) or several ways on asks a question of its own."""
    words = tokenize(page.nodes[i].label)
    while len(words) > 1 and words[0] in _AFFIRM:
        words = words[1:]
    wrote = tokenize(written)
    if len(words) < 2 or len(wrote) < 2 or not set(words[1:]) & set(wrote[1:]):
        return False
    if _BULK.intersection(tokenize(page.nodes[i].label, keep_stopwords=True)) - asked:
        return False  # "Send all 5 bookings": wider than the write the agent made
    box = next((d for d, _, _ in page.dialogs if i in page.subtree(d)), None)
    if box is None:
        return False
    return all(k == i or page.nodes[k].kind not in _CONTROL_ROLES or not page.nodes[k].name or "disabled" in page.nodes[k].states
               or _DISMISS.match(page.nodes[k].label) or backs_out(page.nodes[k].label) for k in page.subtree(box)[1:])


#: Words that answer a confirmation before naming the act confirmed ("Yes, move to Onsite").
_AFFIRM = frozenset(tokenize("yes confirm continue proceed sure ok okay", keep_stopwords=True))
#: The verb of an answer that leaves what the agent wrote as it is ("Keep 09:30", "Keep Europe/Berlin")
#: against one that changes it ("Convert to 16:30"): asked of a dialog the agent's own write raised.
_KEEP = frozenset(tokenize("keep leave retain", keep_stopwords=True))
#: Words by which a control acts on many records at once ("Move all 5 appointments", "Apply to every
#: event in the series"): a dialog's offer to widen the act the plan asks for to records it never names.
_BULK = frozenset(tokenize("all every each both entire whole", keep_stopwords=True))


_CONTROL_ROLES = frozenset({"button", "link", "menuitem"})


def awaiting_act(page: Observation | Page, asked: frozenset[str], done: frozenset[str] = frozenset()) -> str | None:
    """The name of a modal dialog on ``page`` that waits for an act the plan asks for: it offers a
    control whose act is one of ``asked`` ("Confirm transfer", "Yes, refund €180.00") beside one
    that backs out of it ("Cancel", "Close"); else ``None``. Reporting the task done under it leaves
    that act undone, whether or not the plan names the dialog. A dialog that only tells ("Transfer
    complete" with an OK) or offers an act the plan never asks for ("Take the tour") waits for
    nothing of the task's. ``done``: the dialogs whose act already ran (the agent pressed its
    button and the application confirmed what it did): one left open after it, or still in the
    page while it closes, waits for nothing, whatever else it offers ("Details for L-0713")."""
    page = as_page(page)
    if not page.modal_dialogs:
        return None
    act = out = False
    for i, n in enumerate(page.nodes):
        if page.zones[i] != "dialog" or n.kind not in _CONTROL_ROLES or "disabled" in n.states:
            continue
        name = n.label
        if _DISMISS.match(name):
            out = True
            continue
        act = act or (asks_act(name, asked) and _dialog_of(page, i) not in done)
    return page.modal_dialogs[0] if act and out else None


def asks_act(label: str, asked: frozenset[str]) -> bool:
    """Whether a control named ``label`` performs one of the acts ``asked`` (its first word, past
    an affirmation: "Yes, refund €180.00" refunds)."""
    words = tokenize(label)
    while len(words) > 1 and words[0] in _AFFIRM:
        words = words[1:]
    return bool(words and words[0] in asked)


def dialog_control(action: Action, page: Observation | Page) -> tuple[str, str] | None:
    """(the modal dialog's name, the button's name) when ``action`` presses a button or a link
    inside a modal dialog of ``page``; else ``None``. (Ticking a box or choosing a radio button in
    it sets the form the dialog sends; a button sends it.)"""
    page = as_page(page)
    try:
        calls = [c for c in parse_action(action.command) if c.name == "click"]
    except ValueError:
        return None
    at = page.by_bid.get(str(calls[0].bid)) if len(calls) == 1 and calls[0].bid is not None else None
    if at is None or page.zones[at] != "dialog" or page.nodes[at].kind not in ("button", "link"):
        return None
    name = _dialog_of(page, at)
    return (name, page.nodes[at].label) if name is not None else None


def _dialog_of(page: Page, i: int) -> str | None:
    """The name of the modal dialog node ``i`` stands in, or ``None``."""
    return next((title for d, title, modal in reversed(page.dialogs) if modal and d <= i < page.ends[d]), None)


#: A control's whole name when all it does is back out ("Cancel", "Close dialog", "Go back", "No,
#: keep it"): the web's word for leaving a dialog or a form unsaved, not the act of cancelling a
#: record ("Cancel registration" names what it cancels).
_BACK_OUT = re.compile(r"^\s*(?:cancel|close|dismiss|go back|back|not now|never mind|no|x|×|✕)"
                       r"(?:\s+(?:dialog|window|panel|popup|this|it))?\s*[.!]?\s*$|^\s*no,\s", re.IGNORECASE)


#: Roles of a dialog's node the agent could act with: a control, a field, a choice.
_ACTING_ROLES = frozenset({"button", "link", "menuitem", "textbox", "searchbox", "combobox", "listbox", "checkbox",
                           "radio", "switch", "spinbutton", "slider", "option", "gridcell", "tab", "treeitem"})


def only_informs(page: Observation | Page, name: str) -> bool:
    """Whether the modal dialog ``name`` on ``page`` only shows something: every control in it
    closes it ("Compare plans": a table and a Close). It asks nothing and performs nothing, whatever
    opened it; a picker (its grid of dates), a form or an offer does."""
    page = as_page(page)
    for i, title, modal in page.dialogs:
        if title != name or not modal:
            continue
        return all(not (page.nodes[k].kind in _ACTING_ROLES and page.nodes[k].name) or _DISMISS.match(page.nodes[k].label)
                   or backs_out(page.nodes[k].label) for k in page.subtree(i)[1:])
    return False


def refines_view(name: str) -> bool:
    """Whether a modal dialog named ``name`` sets how the list behind it is shown ("Filter cases",
    "Refine results", "Sort and filter"): what is chosen in it narrows or orders what the page lists
    and changes no record, so the agent's own click that opened it asks for no act, and setting
    its fields deals with it (an unrequested narrowing is the built-in's to judge)."""
    return bool(FILTER_NAME.search(name) or _SORT.search(name))


_SORT = re.compile(r"\bsort\b", re.IGNORECASE)


def leaves_dialog(action: Action, page: Observation | Page) -> bool:
    """Whether ``action`` only backs out of a modal dialog on ``page``: Escape, or a click on a control
    inside the dialog that closes it without acting ("Cancel", "Close", "Go back", "Not now")."""
    return _every_call(action, page, _closes)


def only_backs_out(action: Action, page: Observation | Page) -> bool:
    """Whether ``action`` only backs out of a modal dialog on ``page``, by Escape or a control whose
    whole name says so (:func:`backs_out`: "Cancel", "Close", "Go back"; not "Cancel order", which
    cancels an order): it performs nothing."""
    return _every_call(action, page, backs_out)


def _every_call(action: Action, page: Observation | Page, leaves) -> bool:
    """Whether ``page`` shows a modal dialog and every call of ``action`` presses Escape or clicks a
    control inside a dialog whose name ``leaves`` says closes it."""
    page = as_page(page)
    if not page.modal_dialogs:
        return False
    try:
        calls = parse_action(action.command)
    except ValueError:
        return False
    return bool(calls) and all(_escapes(c) or (c.name == "click" and _leaves(c, page, leaves)) for c in calls)


def _escapes(c: ParsedCall) -> bool:
    """Whether call ``c`` presses Escape."""
    return (c.key or "").strip().lower() in ("escape", "esc")


def _closes(name: str) -> bool:
    """Whether a control named ``name`` closes a dialog without acting: a dismissal or a backing out."""
    return bool(_DISMISS.match(name) or backs_out(name))


def _leaves(c: ParsedCall, page: Page, leaves=_closes) -> bool:
    """Whether call ``c`` only backs out of a dialog on ``page``: Escape, or a control inside the
    dialog whose name ``leaves`` says closes it without acting."""
    if _escapes(c):
        return True
    i = page.position(c.bid)
    if i is None or page.zones[i] != "dialog":
        return False
    return leaves(page.nodes[i].label)


def keeps(name: str) -> bool:
    """Whether a control named ``name`` answers by keeping things as they are ("Keep 09:30", "Leave
    as is", "Keep current plan"): two words at least, the first a verb of :data:`_KEEP`."""
    words = tokenize(name)
    return len(words) > 1 and words[0] in _KEEP


def backs_out(name: str) -> bool:
    """Whether a control named ``name`` only backs out of a dialog or a form (:data:`_BACK_OUT`)."""
    return bool(_BACK_OUT.match(name))
