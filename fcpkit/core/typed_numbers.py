"""Numbers an agent types, against the numbers its task gives: a keystroke's slip.

An agent that types "118000" where the task says "£1,180,000" has done every step the plan
describes, and every page after it looks right: a form holds a plausible amount, the save
succeeds. No plan's author writes a falsifier for each slip of each value. What the web gives us
to read it by is the task itself: a number typed into a form's field that no number of the task is,
but one keystroke away from one of them (a digit dropped, doubled, replaced, or two swapped), is
that number mistyped.

It is read where a form is *sent* holding such a number in a text field or a spin button the agent
typed it into (a slip corrected before Save is no fault), not in a search box or an autocomplete
(an agent types the start of an id to find it there), and not where the page itself shows the
number (a total the application computed and the agent copied). Numbers are compared as written
values, not as quantities: "14.50" and "14.5" are one number, "1,180,000" and "1180000" are one
number.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import TYPE_CHECKING

from fcpkit.core.control_acts import name_acts, pressed_control
from fcpkit.core.dialogs import backs_out
from fcpkit.core.phrases import SEARCH_NAME, phrase
from fcpkit.core.rules import presses_submit_key

if TYPE_CHECKING:
    from fcpkit.core.page import Page
    from fcpkit.core.trajectory import Action

__all__ = ["plain_number", "task_numbers", "slipped_from", "mistyped"]

#: A value that is a number and nothing else: a currency sign, digits with thousands separators,
#: decimals, a percent sign.
_PLAIN = re.compile(r"^\s*[£$€¥]?\s*(?P<n>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*%?\s*$")
#: A number inside a text: digits with separators, not part of an id or a date (no letter, dash,
#: slash or colon joined to it).
_IN_TEXT = re.compile(r"(?<![\w/:.-])(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\w/:-]|\.\d)")
#: Fewer digits than this are too common to call a slip (a quantity of 12 for 21).
_MIN_DIGITS = 3


def _digits(number: str) -> str | None:
    """The number's written digits, separators and trailing decimal zeros dropped ("1,180,000.00"
    -> "1180000", "14.50" -> "14.5"), or None where it is no number."""
    try:
        d = Decimal(number.replace(",", ""))
    except InvalidOperation:
        return None
    text = format(d.normalize(), "f") if d == d.to_integral_value() else format(d, "f").rstrip("0").rstrip(".")
    return text.replace(".", "")


def plain_number(value: str) -> str | None:
    """The digits of ``value`` when the whole value is a number (see :func:`_digits`), else None."""
    m = _PLAIN.match(value or "")
    return _digits(m.group("n")) if m else None


@lru_cache(maxsize=1024)
def task_numbers(text: str) -> frozenset[str]:
    """The digits of every number written in ``text`` (a task, its plan's confirming evidence),
    those inside dates, times and ids left out."""
    return frozenset(d for m in _IN_TEXT.finditer(text or "") if (d := _digits(m.group(0))))


def _one_keystroke(a: str, b: str) -> bool:
    """Whether ``a`` becomes ``b`` by one digit dropped, added or replaced, or two neighbours swapped."""
    if a == b:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
                                  and a[diff[1]] == b[diff[0]])
    if abs(len(a) - len(b)) != 1:
        return False
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def slipped_from(typed: str, wanted: frozenset[str], shown: frozenset[str] = frozenset()) -> str | None:
    """The number of ``wanted`` that ``typed`` (digits) is one keystroke from, where ``typed`` is
    none of ``wanted`` and not a value in ``shown`` (the numbers the page showed), both of at least
    :data:`_MIN_DIGITS` digits; else None."""
    if len(typed) < _MIN_DIGITS or typed in wanted or typed in shown:
        return None
    for w in sorted(wanted):
        if len(w) >= _MIN_DIGITS and _one_keystroke(typed, w):
            return w
    return None


#: Roles of a field a number is entered into as a value (a search box or an autocomplete takes
#: the start of what is looked for).
_VALUE_FIELDS = frozenset({"textbox", "spinbutton"})


def mistyped(wanted: frozenset[str], before: "Page | None", action: "Action | None", inputs: tuple[str, ...]) -> str | None:
    """The built-in ``mistyped_value`` (:mod:`fcpkit.core.falsifiers`): ``action`` sends the form
    of page ``before`` while a field holds a number the agent typed in this run (``inputs``) that
    is none of the task's numbers (``wanted``) but one keystroke from one of them. Read when the
    form is sent, not when typed: a slip the agent corrects before pressing Save is no fault."""
    if action is None or before is None or not inputs or not _sends(action):
        return None
    typed = {v: d for v in inputs if (d := plain_number(v)) is not None}
    fields = [n for n in before.nodes if n.kind in _VALUE_FIELDS and n.value in typed and not SEARCH_NAME.search(n.name)]
    if not fields:
        return None
    shown = _shown_numbers(before)
    for n in fields:
        near = slipped_from(typed[n.value], wanted, shown)
        if near:
            return f"{n.kind} {n.name!r} holds {n.value!r} as the form is sent: one keystroke from the task's {near}"
    return None


def _sends(action: "Action") -> bool:
    """Whether ``action`` presses a button that acts (saves, submits, publishes; not Cancel) or
    takes a multi-step form to its next page ("Next: Delivery", which carries what was entered
    on), or presses Enter in a field."""
    control = pressed_control(action)
    if control is None:
        return presses_submit_key(action)
    name = control[1]
    return not backs_out(name) and (bool(name_acts(name)) or bool(phrase("step_on", name)))


def _shown_numbers(page: "Page") -> frozenset[str]:
    """The numbers the page writes itself, outside its fields' values (a suggested total, a
    balance): what an agent copies rather than types from the task. A field's own text (the
    accessibility tree writes a text box's value again as its child) is its value, not the page's."""
    inside = {k for i, n in enumerate(page.nodes) if n.kind in _VALUE_FIELDS for k in page.subtree(i)}
    return task_numbers("\n".join(n.name for i, n in enumerate(page.nodes) if i not in inside and n.name))
