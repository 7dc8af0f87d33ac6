"""What an agent's action does to a form, read from the action alone: the fields it sets, whether it
sends the form on (a submission, a step to the form's next page, a draft kept), whether it leaves
the page, and what it puts on the page by the agent's own hand (the values a page may echo, which
are the agent's words, not the application's). The tracker reads every action through these."""

from __future__ import annotations

from fcpkit.core.actions import describe_action, parse_action
from fcpkit.core.dialogs import backs_out
from fcpkit.core.phrases import phrase
from fcpkit.core.rules import is_report
from fcpkit.core.trajectory import Action

__all__ = ["agent_inputs", "add_inputs", "target_name", "edited_fields", "submits", "moves_form_on", "navigates"]


def agent_inputs(action: Action) -> tuple[str, ...]:
    """What ``action`` puts on the page by the agent's own hand: the values it types or selects,
    and the name of what it clicks (a filter chip, a suggestion). A message to the user puts nothing."""
    if is_report(action):
        return ()
    d = describe_action(action)
    return tuple(v for v in d.chosen if v and v.strip())


def target_name(action: Action) -> str:
    """The name of the control ``action`` acts on ("" when unknown)."""
    d = describe_action(action)
    return d.target.name if d.target is not None else ""


def edited_fields(action: Action) -> tuple[str, ...]:
    """The element ids of the fields ``action`` types into or chooses in, when that is all it does
    (``fill``, ``select_option``, ``clear``); ``()`` otherwise."""
    try:
        calls = parse_action(action.command)
    except ValueError:
        return ()
    if not calls or any(c.name not in ("fill", "select_option", "clear") or c.bid is None for c in calls):
        return ()
    return tuple(str(c.bid) for c in calls)


def submits(action: Action) -> bool:
    """Whether ``action`` sends a form's values on: a write (by its effect), a press of Enter, or a
    click on a button that does not only back out ("Submit", "Log in", "Review credit": what the
    form holds goes with it)."""
    if action.effect in ("write", "irreversible"):
        return not is_report(action)
    try:
        calls = parse_action(action.command)
    except ValueError:
        return False
    if any((c.key or "").strip().lower() in ("enter", "return") for c in calls):
        return True
    role, _, name = (action.target or "").strip().partition(" ")
    return role in ("button", "menuitem") and any(c.name == "click" for c in calls) and not backs_out(name.strip("'\""))


def moves_form_on(action: Action) -> bool:
    """Whether ``action`` presses a button that takes a multi-step form to its next page
    (:data:`~fcpkit.core.phrases.STEP_ON`: "Next: assessment", "Continue to review") or keeps it as
    a draft (:data:`~fcpkit.core.phrases.DRAFT`: "Save draft") with what was entered: neither hands
    it to the application; the form's own submission, later, sends it all. What was typed before
    it is confirmed with that submission (:meth:`CommitmentTracker._carried`), as typing before a
    Submit on one page is."""
    name = target_name(action)
    return bool(name) and (action.target or "").lstrip().lower().startswith("button") \
        and bool(phrase("step_on", name) or phrase("draft", name))


def navigates(action: Action) -> bool:
    """Whether ``action`` leaves the page it was taken on: a link followed, an address opened, the
    browser's history moved."""
    try:
        calls = parse_action(action.command)
    except ValueError:
        return False
    return any(c.name in ("goto", "go_back", "go_forward") for c in calls) or \
        (action.target or "").lstrip().lower().startswith("link ")


def add_inputs(inputs: list[str], action: Action) -> list[str]:
    """Append to a run's ``inputs`` what ``action`` puts on the page (:func:`agent_inputs`), each
    value once, in the order first seen; returns ``inputs``."""
    inputs.extend(x for x in agent_inputs(action) if x not in inputs)
    return inputs
