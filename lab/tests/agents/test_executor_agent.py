"""The LLM executor as a BrowserGym agent (no browser, no model server): what it counts as done, what
as held, and the arguments that pick its form and its client's mode."""

from __future__ import annotations

import pytest

from fcpkit.core.trajectory import Action
from fcpkit.errors import ConfigError
from fcpkit_lab.agents.bridge import FEEDBACK_FIELD
from fcpkit_lab.agents.executor_agent import ExecutorAgent, LLMAgentArgs
from fcpkit_lab.envs.executors.choice import ChoiceExecutor
from fcpkit_lab.envs.executors.llm import LLMExecutor

PAGE = "RootWebArea 'Enter Text Task', focused\n\t[14] textbox ''\n\t[15] button 'Submit'"


class Scripted:
    """An executor that answers from a list and keeps every context it was given."""

    def __init__(self, commands):
        self.commands = list(commands)
        self.seen = []

    def propose(self, ctx):
        self.seen.append(ctx)
        return Action(self.commands.pop(0), "")


def _obs(last_action: str = "", feedback: str | None = None) -> dict:
    obs = {"goal": 'Enter "Lima" into the text field and press Submit.', "axtree_txt": PAGE, "url": "file:///x",
           "last_action": last_action, "last_action_error": ""}
    if feedback:
        obs[FEEDBACK_FIELD] = feedback
    return obs


def test_an_action_that_ran_is_history_and_one_the_guard_held_is_rejected():
    ex = Scripted(["click('15')", "fill('14', 'Lima')", "click('15')", "noop()"])
    agent = ExecutorAgent(ex)
    assert agent.get_action(_obs())[0] == "click('15')"
    # the guard held the click: same page, BrowserGym's last action is still the one before, feedback given
    assert agent.get_action(_obs("", feedback="fcpkit: write blocked"))[0] == "fill('14', 'Lima')"
    held = ex.seen[1]
    assert [a.command for a in held.rejected] == ["click('15')"] and held.history == ()
    assert held.hint == "fcpkit: write blocked"
    # the fill ran: it is history, and what was held before it is no longer rejected
    assert agent.get_action(_obs("fill('14', 'Lima')"))[0] == "click('15')"
    ran = ex.seen[2]
    assert [a.command for a, _ in ran.history] == ["fill('14', 'Lima')"] and ran.rejected == ()
    assert ran.hint is None


def test_the_arguments_pick_the_form_and_refuse_an_unknown_one(tmp_path):
    rec = tmp_path / "answers.jsonl"
    rec.write_text("")
    choice = LLMAgentArgs(model="smollm2-135m", form="choice", mode="replay", recording=str(rec)).make_agent()
    assert isinstance(choice.executor, ChoiceExecutor) and choice.executor.client.mode == "replay"
    free = LLMAgentArgs(model="smollm2-135m", mode="replay", recording=str(rec)).make_agent()
    assert isinstance(free.executor, LLMExecutor)
    with pytest.raises(ConfigError, match="form 'menu'"):
        LLMAgentArgs(form="menu")
