"""The lexical matcher keeps each prepared page (and each action description's) once, and forgets them on request."""

from __future__ import annotations

from fcpkit.core.actions import describe_action
from fcpkit.core.trajectory import Action
from fcpkit.matching import LexicalMatcher


def test_an_action_description_is_prepared_once_and_found_by_identity():
    m = LexicalMatcher()
    action = Action("fill('12', 'Payments')", target="combobox 'Team'")
    desc = describe_action(action)
    assert describe_action(action) is desc  # one object per distinct action
    page = m.page(desc)
    assert m.page(desc) is page and m.page(describe_action(Action("fill('12', 'Payments')", target="combobox 'Team'"))) is page
    assert m.score_text(("Team set to Payments",), desc) == m.score_text(("Team set to Payments",), desc)
    other = describe_action(Action("fill('12', 'Billing')", target="combobox 'Team'"))
    assert m.page(other) is not page and "billing" in m.page(other).text.lower()
    m.clear_pages()
    assert m.page(desc) is not page  # prepared again after the cold pass's clear
