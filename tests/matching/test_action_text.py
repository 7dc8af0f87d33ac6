"""What the action-level tester reads: the command's facts, the reasoning's context, chosen values."""

from __future__ import annotations

import pytest

from fcpkit import Action, LexicalMatcher
from fcpkit.core.rules import action_text
from fcpkit.core.text import canon_roles, tokenize


def text(command: str, target: str | None = None, reasoning: str = "") -> str:
    return action_text(Action(command, reasoning, target))


def test_action_text_drops_element_ids_and_target_state_and_names_parameters():
    t = text("select_option('13', 'Ertha')", "combobox '' value='Merridie', hasPopup='menu'", "Choose Ertha.")
    assert t.splitlines()[:2] == ["select option options 'Ertha'", "target: combobox ''"]
    assert "13" not in t and "Merridie" not in t


def test_reasoning_keeps_context_words_but_loses_its_facts():
    t = text("fill('14', 'Myrn')", "textbox ''", 'Type "Myron" into the text field for ticket T-390 of Dana.')
    assert "Myron" not in t and "T-390" not in t and "Dana" not in t
    assert "reasoning: Type into the text field for ticket of" in t


@pytest.mark.parametrize(
    ("statement", "command", "target", "fires"),
    [
        ("Click a button other than no", "click('15')", "button 'Ok'", True),
        ("Click a button other than no", "click('13')", "button 'no'", False),
        ("Click a tab other than Tab #2", "click('23')", "link 'Tab #3'", True),
        ("Click a tab other than Tab #2", "click('21')", "link 'Tab #2'", False),
        ("Tick a checkbox not in Jc, s6WcI, XMHY", "click('9')", "checkbox 'Ne'", True),
        ("Tick a checkbox not in Jc, s6WcI, XMHY", "click('9')", "checkbox 'XMHY'", False),
        ("A value other than Q1 is typed", "fill('4', 'Q')", "textbox ''", True),
        ("A value other than Q1 is typed", "fill('4', 'Q1')", "textbox ''", False),
        # a key press or a search button chooses no record: no claim about "another product"
        ("A product other than SKU-2045 is open", "press('4', 'Enter')", "searchbox 'Search products'", False),
        ("A product other than SKU-2045 is open", "click('5')", "button 'Search'", False),
        ("A product other than SKU-2045 is open", "click('7')", "link 'SKU-2054'", True),
        ("A product other than SKU-2045 is open", "click('7')", "link 'SKU-2045'", False),
    ],
)
def test_exclusion_reads_the_value_an_action_chooses(statement, command, target, fires):
    m = LexicalMatcher()
    score = m.score_one(statement, text(command, target, "Open the product or do the step."))
    assert (score >= 0.6) is fires, score


def test_a_mistyped_value_is_not_confirmed_by_its_reasoning():
    m = LexicalMatcher()
    t = text("fill('14', 'Myrn')", "textbox ''", 'Type "Myron" into the text field.')
    assert m.score_one('Fill the text field with "Myron"', t) == 0.0
    assert m.score_one('Fill the text field with "Myron"', text("fill('14', 'Myron')", "textbox ''")) == 1.0


def test_page_exclusion_by_name_still_claims_nothing():
    # a form shows its defaults too: which value the agent chose cannot be read off a page
    page = "url: http://x/form\ntitle: Form\nRootWebArea 'Form'\n\t[3] combobox 'Team' value='Unassigned'"
    assert LexicalMatcher().score_one("A team other than Payments is selected", page) == 0.0


def test_role_phrases_meet_aria_role_names():
    assert canon_roles("the text field and two check boxes in a drop-down list") == "the textbox and two checkbox in a combobox"
    assert "textbox" in tokenize("The username field")
    m = LexicalMatcher()
    page = "url: http://x/enter\ntitle: Enter text\nRootWebArea 'Enter text'\n\t[14] textbox '' value='Myron'"
    assert m.score_one('text field value "Myron"', page) == 1.0


def test_false_accessibility_states_do_not_read_as_words():
    m = LexicalMatcher()
    page = ("url: http://x/options\ntitle: Options\nRootWebArea 'Options'\n\t[18] radio '11LO', checked='false'\n"
            "\t[21] radio 'QWS1FL', checked='false'\n\t[24] radio 'eNb', checked='true'")
    assert m.score_one("radio QWS1FL checked", page) == 0.0
    assert m.score_one("radio eNb checked", page) == 1.0
