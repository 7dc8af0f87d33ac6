"""The calls the gate classifies are the calls BrowserGym runs (issue 33, "the gate sees what the
browser runs"): bound by parameter name, and a command two readers could take for different calls is
refused. The lab's differential suite (lab/tests/agents/test_gate_differential.py) holds the same
reading to the installed BrowserGym."""

from __future__ import annotations

import pytest

from fcpkit.core.action_calls import SIGNATURES, executed_calls
from fcpkit.core.effects import step_effect


def _calls(command):
    return [(c.name, c.params) for c in executed_calls(command)]


def test_keyword_and_positional_forms_are_one_call():
    assert _calls("press('5', 'Enter')") == _calls("press(bid='5', key_comb='Enter')") == \
        [("press", {"bid": "5", "key_comb": "Enter"})]
    assert _calls("click(bid='12')") == [("click", {"bid": "12", "button": "left", "modifiers": []})]
    assert _calls("fill('5', 'x\\n')  # fill('6', 'y')") == \
        [("fill", {"bid": "5", "value": "x\n", "enable_autocomplete_menu": False})]
    assert [c[0] for c in _calls("fill('5', \"click('12')\"); click('7')")] == ["fill", "click"]


@pytest.mark.parametrize("command", [
    "press('5', **{'key_comb': 'Enter'})",  # the gate used to drop ** and read a bare press
    "click(*['12'])",
    "click(('12'))",  # a string to Python, a tuple to BrowserGym's parser
    "scroll(0x10, 0)", "scroll(1e3, 0)", "scroll(1_000, 0)",
    "fill('5', r'a\\n')", "fill('5', 'a' 'b')", "fill('5', b'x')", "fill('5', f'{1}')",
    "press('5', key='Enter')",  # no such parameter: Python stops the run here
    "click('12', 'left', [], 'x')", "fill('5')", "click('5', bid='6')",
    "x = '12'\nclick(x)", "page.click('#buy')", "(lambda: click('12'))()", "[click(b) for b in ('1', '2')]",
    "submit_form('3')", "click('12') if True else None", "I will click('12')", "",
])
def test_forms_a_reader_could_take_for_other_calls_are_refused(command):
    with pytest.raises(ValueError):
        executed_calls(command)
    got = step_effect(command)
    assert got.refused and got.effect == "write"


def test_read_calls_are_not_refused():
    assert not step_effect("scroll(0, -200)").refused and step_effect("scroll(0, -200)").effect == "read"
    assert step_effect("select_option('5', ['A', 'B'])").effect == "read"


def test_every_signature_names_its_parameters_once():
    for name, params in SIGNATURES.items():
        names = [p for p, _ in params]
        assert len(names) == len(set(names)), name
