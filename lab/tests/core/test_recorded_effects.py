"""Effects on the recorded workbench pages (fcpkit-lab's recordings): reads stay reads, and a
multi-action write logged as a read is blocked."""

from __future__ import annotations

from fcpkit import Action, load_corpus
from fcpkit.agent.guards import PolicyGate
from fcpkit.core.effects import step_effect
from fcpkit_lab import data as lab_data

CORPUS = lab_data.path(lab_data.WORKBENCH)


def test_recorded_reads_stay_reads_on_the_live_pages():
    """Every step the workbench recorder declared a read is still a read on its recorded page
    (links to records, search, filters, tabs), so fail-closed does not park healthy runs."""
    wrong = []
    for t in load_corpus(CORPUS):
        pages = t.observations()
        for i, s in enumerate(t.steps):
            if s.action.effect == "read":
                e = step_effect(s.action.command, pages[i], s.action.target)
                if e.effect != "read":
                    wrong.append((t.id, s.action.command, e.reason))
    assert not wrong, wrong[:5]


def test_finding1_multi_action_write_is_blocked_when_writes_are_off():
    """The reported bypass: select_option + click('59') on the real ticket page, logged as a read."""
    t = next(t for t in load_corpus(CORPUS) if t.workflow == "support")
    i = next(i for i, s in enumerate(t.steps) if s.action.command.startswith("select_option"))
    page = t.observations()[i]
    step = Action("select_option('51', 'Payments')\nclick('59')", target=t.steps[i].action.target)
    d = PolicyGate(allow_writes=False).check(step, observation=page)
    assert not d.allowed and d.effect != "read"
    for cmd in ("press('51', 'Enter')", "keyboard_type('x\\n')", "mouse_click(200, 300)", "keyboard_press('Enter')"):
        d = PolicyGate().check(Action(cmd), commitment_state="falsified", observation=page)
        assert not d.allowed and d.effect != "read", (cmd, d)
