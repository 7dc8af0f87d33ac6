"""Readings for sites written by people who never saw fcpkit, a fourteenth round: typing need not
show on the page; a toggle that shows more hides nothing. Each on pages of two applications of our
own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, Commitment, Observation, Plan
from fcpkit.core.falsifiers import TaskContext, unrequested_narrowing
from fcpkit.core.rules import check_transition


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused, url='{url}'", *lines]))


@pytest.mark.parametrize("box,typed", [("Find a section by course code", "BIOL 2140"), ("Search invoices", "INV-20417")])
def test_typing_that_the_tree_does_not_show_is_no_unchanged_page(box, typed):
    page = _obs("https://app.test/list", "List", "\t[2] main ''", f"\t\t[12] textbox '{box}'", "\t\t[13] button 'Search'")
    fill = Action(f"fill('12', {typed!r})", "Type it.", f"textbox '{box}'", "read")
    assert check_transition(page, fill, page) is None  # many trees do not expose what was typed
    submit = Action("click('13')", "Search.", "button 'Search'", "write")
    hit = check_transition(page, submit, page)
    assert hit is not None and hit.rule == "unchanged_page"  # a submit that changed nothing still is one


def _list(toggle: str, url: str) -> Observation:
    lines = ["\t[2] main ''", "\t\t[3] heading 'Results'", "\t\t[4] group 'Filters'", f"\t\t\t[5] checkbox '{toggle}', checked='true'",
             "\t\t[20] table ''", "\t\t\t[21] row ''", "\t\t\t\t[22] columnheader 'Name'"]
    for k, name in enumerate(("First item", "Second item", "Third item")):
        lines += [f"\t\t\t[{30 + 3 * k}] row ''", f"\t\t\t\t[{31 + 3 * k}] cell ''", f"\t\t\t\t\t[{32 + 3 * k}] link '{name}'"]
    return _obs(url, "Results", *lines)


@pytest.mark.parametrize("task,widening,narrowing", [
    ("Move BIOL 2140-003 to Hartwell Hall 214.", "Show cancelled sections", "Only sections with open seats"),
    ("Put invoice INV-20417 on hold.", "Include paid invoices", "Overdue only"),
])
def test_a_toggle_that_shows_more_hides_nothing(task, widening, narrowing):
    ctx = TaskContext.from_plan(Plan(task, [Commitment("find", task)]))
    assert unrequested_narrowing(ctx, _list(widening, "https://app.test/list")) is None
    assert unrequested_narrowing(ctx, _list(narrowing, "https://app.test/list")) is not None
