"""fcpkit's executors as BrowserGym agents: an LLM (the embedded model or an endpoint) driving a
BrowserGym experiment, with or without the guard around it.

:class:`ExecutorAgent` is a ``browsergym.experiments.Agent`` whose brain is an
:class:`~fcpkit.core.protocols.Executor` (default: :class:`~fcpkit_lab.envs.executors.llm.LLMExecutor`
on :func:`fcpkit_lab.llm.default_client`): each observation becomes the page the executor reads
(the importer's :func:`~fcpkit_lab.importers.browsergym.page_of`), the goal its task, and what the
guard says about a held or repaired action (``obs["fcpkit_feedback"]``) its repair hint. It knows
nothing of fcpkit's plan: the guard around it holds that, as it would around any agent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from browsergym.experiments import AbstractAgentArgs, Agent
from browsergym.utils.obs import flatten_axtree_to_str

from fcpkit.core.protocols import ExecutorContext
from fcpkit.core.trajectory import Action, Observation
from fcpkit_lab.agents.bridge import FEEDBACK_FIELD
from fcpkit_lab.envs.browser.session import make_action_set
from fcpkit_lab.envs.executors.llm import LLMExecutor
from fcpkit_lab.importers.browsergym import goal_plan, page_of
from fcpkit_lab.llm import default_client

__all__ = ["ExecutorAgent", "LLMAgentArgs"]


class ExecutorAgent(Agent):
    """A BrowserGym agent that asks an fcpkit executor for each action."""

    def __init__(self, executor: Any, *, history: int = 5) -> None:
        self.executor = executor
        self.action_set = make_action_set()
        self.history: list[tuple[Action, Observation]] = []
        self.keep = history
        self._last: Action | None = None

    def obs_preprocessor(self, obs: dict) -> dict:
        """Keep the accessibility tree (the page is its flattening) and drop the DOM, as AgentLab's agents do."""
        obs = {k: v for k, v in obs.items() if k != "dom_object"}
        obs["axtree_txt"] = flatten_axtree_to_str(obs["axtree_object"])
        return obs

    def get_action(self, obs: dict) -> tuple[str, dict[str, Any]]:
        page = page_of(obs)
        if self._last is not None:
            self.history = (self.history + [(self._last, page)])[-self.keep:]
        goal = str(obs.get("goal") or "")
        plan = goal_plan(goal)
        ctx = ExecutorContext(goal, plan, plan.commitments[0], page, tuple(self.history), (),
                              obs.get(FEEDBACK_FIELD) or None)
        action = self.executor.propose(ctx)
        self._last = action
        return action.command, {"think": action.reasoning}


@dataclass
class LLMAgentArgs(AbstractAgentArgs):
    """An :class:`ExecutorAgent` on the LLM executor: ``model`` names an embedded model (or the
    endpoint's model when ``OPENAI_BASE_URL`` is set); ``None`` is fcpkit's default."""

    model: str | None = None
    timeout_s: float | None = None
    agent_name: str = "fcpkit-LLMExecutor"

    def make_agent(self) -> ExecutorAgent:
        kwargs = {"timeout": self.timeout_s} if self.timeout_s else {}
        return ExecutorAgent(LLMExecutor(default_client(self.model, **kwargs)))
