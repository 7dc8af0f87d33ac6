"""Programs on MiniWoB++ tasks: template sketches compile against the crawled SMGs; one episode runs live."""

from __future__ import annotations

import pytest

from fcpkit_lab.engine import StateMachine
from fcpkit_lab.engine.miniwob import miniwob_smg_path
from fcpkit_lab.engine.planner import PlanningFailed, plan_program
from fcpkit_lab.engine.templates import MINIWOB_TEMPLATES

INSTRUCTIONS = {
    "click-button": ('Click on the "cancel" button.', "ClickButtonOnClickButtonTaskPage(button='cancel')"),
    "click-tab": ("Click on Tab #2.", "ClickTabOnClickTabTaskPage(tab='Tab #2')"),
    "enter-text": ('Enter "Kasey" into the text field and press Submit.', "SubmitOnEnterTextTaskPage(text='Kasey')"),
    "login-user": ('Enter the username "juan" and the password "Jc" into the text fields and press login.',
                   "LoginOnLoginUserTaskPage(username='juan', password='Jc')"),
    "choose-list": ("Select Norfolk Island from the list and click Submit.",
                    "SubmitOnChooseListTaskPage(option='Norfolk Island')"),
}


@pytest.mark.parametrize("task", sorted(INSTRUCTIONS))
def test_each_miniwob_instruction_compiles_against_its_crawled_smg(task):
    smg = StateMachine.load(miniwob_smg_path(task))
    instruction, call = INSTRUCTIONS[task]
    out = plan_program(smg, instruction, smg.recognise(smg.seed), templates=MINIWOB_TEMPLATES)
    assert out.source == "template" and out.llm_calls == 0
    assert out.program.sketch.strip() == call
    with pytest.raises(PlanningFailed):  # another task's instruction: its operation is not in this SMG
        other = next(t for t in INSTRUCTIONS if t != task)
        plan_program(smg, INSTRUCTIONS[other][0], smg.recognise(smg.seed), templates=MINIWOB_TEMPLATES)


@pytest.mark.browser
def test_a_login_user_episode_is_solved_by_its_program_with_no_llm():
    from fcpkit_lab.engine.miniwob_run import run_miniwob_programs

    events = []
    (run,) = run_miniwob_programs("login-user", [123], on_event=events.append)
    assert run.success and run.detail["reward"] == 1.0, run.reason
    assert run.llm_calls == 0 and run.source == "template"
    assert [(e.kind, e.ok, e.state_before, e.state_after) for e in events] == [
        ("op", True, "LoginUserTaskPage", "LoginUserTaskPage")]


@pytest.mark.browser
def test_a_stale_selector_fails_at_its_node_and_the_episode_is_not_solved():
    from dataclasses import replace

    from fcpkit_lab.engine.miniwob_run import run_miniwob_programs
    from fcpkit_lab.engine.smg_parts import Atom

    smg = StateMachine.load(miniwob_smg_path("login-user"))
    op = smg.operation("LoginOnLoginUserTaskPage")
    smg.replace_operation(replace(op, atoms=(*op.atoms[:-1], Atom("click", "button", "Sign in"))))
    (run,) = run_miniwob_programs("login-user", [123], smg=smg)
    assert not run.success and run.detail["reward"] == 0.0
    failure = run.execution.failure
    assert failure.kind == "selector" and failure.node == "n1" and "Sign in" in failure.detail


def test_cli_compile_plans_a_miniwob_instruction_against_its_smg():
    from click.testing import CliRunner

    from fcpkit.cli import main

    res = CliRunner().invoke(main, ["compile", 'Enter "Kasey" into the text field and press Submit.',
                                    "--smg", str(miniwob_smg_path("enter-text"))])
    assert res.exit_code == 0, res.output
    assert "planned by template (0 LLM call(s)); from EnterTextTaskPage" in res.output
    assert "SubmitOnEnterTextTaskPage(text='Kasey')" in res.output
