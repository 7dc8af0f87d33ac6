"""The gate does not guess (issue 33): a command BrowserGym could run as other calls than the gate
reads (:mod:`fcpkit.core.action_calls`) is held whatever the commitment's state, and the refusal
survives a declared effect."""

from __future__ import annotations

import pytest

from fcpkit import Action
from fcpkit.agent.guards import PolicyGate, approve_all, classify_action


@pytest.mark.parametrize("command", [
    "I will click('12')",  # BrowserGym's loose parser runs click('12') out of the prose
    "page.click('#buy')",  # ... and click('#buy') out of Playwright's page
    "press('5', **{'key_comb': 'Enter'})",
])
def test_a_refused_command_is_held_on_a_supported_commitment(command):
    for declared in ("read", "write", "irreversible"):
        d = PolicyGate(approve=approve_all).check(Action(command, "", "button 'Save'", declared),
                                                  commitment_state="supported")
        assert not d.allowed and "refused" in d.reason, (declared, d)
    assert classify_action(Action(command, effect="irreversible")).refused


def test_a_readable_write_still_passes():
    assert PolicyGate().check(Action("click('68')", "", "button 'Save'"), commitment_state="supported").allowed
