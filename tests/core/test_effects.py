"""Effects from what an action does (issue 14, finding 1): every call of a step, the node it acts
on, the key, the coordinates; unknown is a write; a step is as strong as its strongest call."""

from __future__ import annotations

import pytest

from fcpkit import Observation
from fcpkit.core.control_names import name_effect
from fcpkit.core.effects import effect_of, page_nodes, step_effect

PAGE = """RootWebArea 'Ticket T-390 · Workbench', url='http://127.0.0.1:8765/support/T-390'
\t[2] banner ''
\t\t[3] link 'Workbench', url='http://127.0.0.1:8765/'
\t\t[4] form ''
\t\t\t[5] button 'Sign out'
\t[6] main ''
\t\t[7] search ''
\t\t\t[8] searchbox 'Search tickets'
\t\t\t[9] button 'Search'
\t\t[10] heading 'Ticket T-390'
\t\t[11] link 'T-390 Charged twice this month', url='/support/T-390'
\t\t[12] link 'Refund details', url='/orders/1/refund'
\t\t[13] link 'Unsubscribe', url='/u?token=1'
\t\t[14] form ''
\t\t\t[15] combobox 'Assign to team' value='Unassigned'
\t\t\t\t[16] option 'Payments', selected=False
\t\t\t[17] textbox 'Internal note', multiline
\t\t\t[18] textbox 'Reference'
\t\t\t[19] button 'Assign'
\t\t[20] form '', method='get'
\t\t\t[21] textbox 'Filter by customer'
\t\t\t[22] button 'Apply'
\t\t[23] button ''
\t\t\t[24] img 'Delete'
\t\t[25] button ''
\t\t\t[26] img 'icon-42'
\t\t[27] checkbox 'Notify customer', checked='false'
\t\t[28] switch 'Auto-close'
\t\t[29] paragraph ''
\t\t\tStaticText 'I was charged twice.'
\t\t[30] tab 'Conversation (2)'
\t\t[31] button 'Show more'
\t\t[40] button 'OK'
\t\t[41] button 'Yes'
\t\t[42] button 'Place your order'
\t\t[43] button 'Deny'
\t\t[44] button 'Unsubscribe'
\t\t[45] button 'Löschen'
\t\t[46] button 'Supprimer'
\t\t[47] button 'Eliminar'
\t\t[48] button '删除'
\t\t[49] button '購入する'
\t\t[50] button 'Удалить'
\t\t[51] button 'Jetzt kaufen'
\t\t[52] button 'Speichern'
\t\t[53] button 'Enregistrer'
\t\t[54] button 'Confirm'
\t\t[55] button 'Approve'
\t\t[56] button 'Pay now'
\t\t[57] button 'Bestätigen'
\t\t[58] button 'Zahlungspflichtig bestellen'
\t\t[59] button 'Continue'
\t\t[60] button '✓'
\t\t[61] menuitem 'Archive'
\t\t[62] menuitem 'Help'
\t\t[63] button 'Save price'
\t\t[64] button 'Usuń'
"""


def obs(text: str = PAGE, **extra) -> Observation:
    return Observation("http://127.0.0.1:8765/support/T-390", "Ticket T-390", text, extra=extra)


GRAMMAR = [
    # (command, expected effect, why)
    ("noop()", "read", "does nothing"),
    ("scroll(0, 200)", "read", "scrolls"),
    ("goto('http://127.0.0.1:8765/support')", "read", "navigates"),
    ("goto('javascript:document.forms[0].submit()')", "write", "runs code"),
    ("send_msg_to_user('done')", "read", "talks"),
    ("fill('18', 'R-1')", "read", "a value; the write is the submit"),
    ("select_option('15', 'Payments')", "read", "a value"),
    ("click('9')", "read", "Search in a search landmark"),
    ("click('11')", "read", "a record link"),
    ("click('12')", "read", "a page link whose first word is a verb-looking noun"),
    ("click('13')", "irreversible", "an Unsubscribe link"),
    ("click('19')", "write", "Assign"),
    ("click('22')", "write", "Apply (a write word)"),
    ("click('27')", "read", "a checkbox takes a value"),
    ("click('28')", "write", "a switch toggles a setting"),
    ("click('29')", "read", "plain text"),
    ("click('30')", "read", "a tab"),
    ("click('31')", "read", "Show more outside a form"),
    ("click('5')", "write", "Sign out submits its form"),
    ("click('999')", "write", "not on the page: unknown"),
    ("dblclick('19')", "write", "a double click on Assign"),
    ("hover('19')", "read", "hover"),
    ("select_option('15', 'Payments')\nclick('19')", "write", "multi-action: the second call submits"),
    ("fill('8', 'T-390')\nclick('9')\nclick('23')", "irreversible", "the strongest call wins"),
    ("press('8', 'Enter')", "read", "Enter in a search box"),
    ("press('18', 'Enter')", "write", "Enter in a form field submits the form (its default button: Assign)"),
    ("press('17', 'Enter')", "read", "Enter in a multi-line box adds a line"),
    ("press('17', 'Control+Enter')", "write", "Ctrl+Enter submits"),
    ("press('21', 'Enter')", "read", "Enter in a form that says method=get"),
    ("press('19', 'Space')", "write", "Space on a button clicks it"),
    ("press('18', 'Tab')", "read", "Tab moves focus"),
    ("keyboard_press('Enter')", "write", "Enter with no known focus"),
    ("keyboard_type('hello')", "read", "typing"),
    ("keyboard_type('hello\\n')", "write", "a typed newline is Enter"),
    ("mouse_click(100, 200)", "write", "coordinates with no boxes: unknown"),
    ("mouse_move(100, 200)", "read", "moving the pointer"),
    ("upload_file('18', '/tmp/x.pdf')", "write", "upload"),
    ("drag_and_drop('11', '19')", "write", "drag and drop"),
    ("click(", "write", "unparsable: fail closed"),
    ("rm -rf /", "write", "unparsable"),
    ("click('23')", "irreversible", "icon-only button with img 'Delete'"),
    ("click('24')", "irreversible", "the icon itself, inside its button"),
    ("click('25')", "write", "icon-only button with an unknown icon"),
    ("click('61')", "write", "Archive menu item"),
    ("click('62')", "read", "Help menu item"),
]


@pytest.mark.parametrize("command,expected,why", GRAMMAR, ids=[g[2] for g in GRAMMAR])
def test_action_grammar(command, expected, why):
    got = step_effect(command, obs())
    assert got.effect == expected, f"{command!r}: {got.reason} ({why})"


BUTTONS = [
    ("40", "write"), ("41", "write"), ("42", "irreversible"), ("43", "irreversible"), ("44", "irreversible"),
    ("45", "irreversible"), ("46", "irreversible"), ("47", "irreversible"), ("48", "irreversible"),
    ("49", "irreversible"), ("50", "irreversible"), ("51", "irreversible"), ("52", "write"), ("53", "write"),
    ("54", "irreversible"), ("55", "irreversible"), ("56", "irreversible"), ("57", "irreversible"),
    ("58", "irreversible"), ("59", "write"), ("60", "write"), ("63", "write"), ("64", "irreversible"),
]


@pytest.mark.parametrize("bid,expected", BUTTONS)
def test_buttons_in_several_languages_and_unknown_words(bid, expected):
    node = next(n for n in page_nodes(PAGE) if n.bid == bid)
    got = step_effect(f"click('{bid}')", obs())
    assert got.effect == expected, f"button {node.name!r}: {got.reason}"
    assert got.effect != "read"  # no button outside a search is a read unless it says it only looks


def test_focus_decides_a_bare_enter():
    search = obs(PAGE.replace("[8] searchbox 'Search tickets'", "[8] searchbox 'Search tickets', focused"))
    field = obs(PAGE.replace("[18] textbox 'Reference'", "[18] textbox 'Reference', focused"))
    assert effect_of("keyboard_press('Enter')", search) == "read"
    assert effect_of("keyboard_press('Enter')", field) == "write"
    assert effect_of("keyboard_type('R-1\\n')", field) == "write"
    assert effect_of("keyboard_press('Escape')", field) == "read"


def test_coordinates_resolve_to_the_node_under_them_when_the_page_gives_boxes():
    boxes = {"6": [0, 0, 1000, 1000], "19": [100, 200, 80, 30], "9": [500, 40, 60, 30], "23": [10, 10, 20, 20]}
    page = obs(boxes=boxes)
    assert effect_of("mouse_click(120, 210)", page) == "write"  # Assign
    assert effect_of("mouse_click(520, 50)", page) == "read"  # Search
    assert effect_of("mouse_click(15, 15)", page) == "irreversible"  # the delete icon
    assert effect_of("mouse_click(900, 900)", page) == "read"  # the main region: not a control
    assert effect_of("mouse_click(5000, 5000)", page) == "write"  # nothing there


def test_target_stands_in_for_the_first_call_without_a_page():
    assert effect_of("click('7')", None, "button 'Assign'") == "write"
    assert effect_of("click('7')", None, "img 'Delete'") == "irreversible"
    assert effect_of("click('7')", None, "link 'T-390'") == "read"
    # only for the first call: a second bid without a page is unknown
    assert effect_of("click('7')\nclick('8')", None, "link 'T-390'") == "write"


def test_name_effect_words():
    assert name_effect("Place your order") == "irreversible"
    assert name_effect("Cancel subscription") == "irreversible"
    assert name_effect("Search") == "read"
    assert name_effect("Frobnicate") is None
    assert name_effect("") is None


