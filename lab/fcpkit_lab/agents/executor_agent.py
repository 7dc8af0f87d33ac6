"""fcpkit's executors as BrowserGym agents: an LLM (the embedded model or an endpoint) driving a
BrowserGym experiment, with or without the guard around it.

:class:`ExecutorAgent` is a ``browsergym.experiments.Agent`` whose brain is an
:class:`~fcpkit.core.protocols.Executor` (default: :class:`~fcpkit_lab.envs.executors.llm.LLMExecutor`
on :func:`fcpkit_lab.llm.default_client`): each observation becomes the page the executor reads
(the importer's :func:`~fcpkit_lab.importers.browsergym.page_of`), the goal its task, and what the
guard says about a held or repaired action (``obs["fcpkit_feedback"]``) its repair hint. It knows
nothing of fcpkit's plan: the guard around it holds that, as it would around any agent.

Its history is the actions that ran (BrowserGym's ``last_action``): a proposal the guard held never
reached the page, so it is passed back as rejected, not as done. ``form="choice"`` is the executor
made for a small model (:class:`~fcpkit_lab.envs.executors.choice.ChoiceExecutor`: the page's
elements as the answer's schema). Inside an experiment the agent writes its model calls and seconds
so far to ``fcpkit_model_usage.json`` in the experiment folder (what a benchmark reads per episode).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from browsergym.experiments import AbstractAgentArgs, Agent
from browsergym.utils.obs import flatten_axtree_to_str

from fcpkit.core.protocols import ExecutorContext
from fcpkit.core.trajectory import Action, Observation
from fcpkit.errors import ConfigError
from fcpkit_lab.agents.bridge import FEEDBACK_FIELD
from fcpkit_lab.agents.guarded import experiment_dir
from fcpkit_lab.envs.browser.session import make_action_set
from fcpkit_lab.envs.executors.choice import ChoiceExecutor
from fcpkit_lab.envs.executors.llm import LLMExecutor
from fcpkit_lab.importers.browsergym import goal_plan, page_of
from fcpkit_lab.llm import default_client

__all__ = ["ExecutorAgent", "LLMAgentArgs", "USAGE_NAME", "FORMS"]

#: the agent's model usage in the experiment folder
USAGE_NAME = "fcpkit_model_usage.json"
#: the executor's answer form: a BrowserGym call written by the model, or a choice among the page's elements
FORMS = ("free", "choice")


class ExecutorAgent(Agent):
    """A BrowserGym agent that asks an fcpkit executor for each action."""

    def __init__(self, executor: Any, *, history: int = 5) -> None:
        self.executor = executor
        self.action_set = make_action_set()
        self.history: list[tuple[Action, Observation]] = []
        self.keep = history
        self._last: Action | None = None
        self._held: list[Action] = []
        self._usage = experiment_dir()

    def obs_preprocessor(self, obs: dict) -> dict:
        """Keep the accessibility tree (the page is its flattening) and drop the DOM, as AgentLab's agents do."""
        obs = {k: v for k, v in obs.items() if k != "dom_object"}
        obs["axtree_txt"] = flatten_axtree_to_str(obs["axtree_object"])
        return obs

    def get_action(self, obs: dict) -> tuple[str, dict[str, Any]]:
        page = page_of(obs)
        if self._last is not None:
            if str(obs.get("last_action") or "").strip() == self._last.command.strip():
                self.history = (self.history + [(self._last, page)])[-self.keep:]
                self._held = []
            elif obs.get(FEEDBACK_FIELD):  # the guard held it: it never ran
                self._held.append(self._last)
        goal = str(obs.get("goal") or "")
        plan = goal_plan(goal)
        ctx = ExecutorContext(goal, plan, plan.commitments[0], page, tuple(self.history), tuple(self._held),
                              obs.get(FEEDBACK_FIELD) or None)
        action = self.executor.propose(ctx)
        self._last = action
        self._write_usage()
        return action.command, {"think": action.reasoning}

    def _write_usage(self) -> None:
        """The model calls of this episode so far, beside the experiment's summary (rewritten each step,
        so a run the guard ends early still leaves its count)."""
        if self._usage is None:
            return
        calls = list(getattr(getattr(self.executor, "client", None), "usage", None) or [])
        row = {"model": next((c.model for c in calls if c.model), None), "calls": len(calls),
               "ok": sum(c.ok for c in calls), "attempts": sum(c.attempts for c in calls),
               "seconds": round(sum(c.wall_s for c in calls), 3),
               "prompt_tokens": sum(c.prompt_tokens for c in calls),
               "completion_tokens": sum(c.completion_tokens for c in calls),
               "reasks": getattr(self.executor, "reasks", 0), "no_action": len(getattr(self.executor, "errors", []))}
        (self._usage / USAGE_NAME).write_text(json.dumps(row))


@dataclass
class LLMAgentArgs(AbstractAgentArgs):
    """An :class:`ExecutorAgent` on the LLM executor: ``model`` names an embedded model (or the
    endpoint's model when ``OPENAI_BASE_URL`` is set); ``None`` is fcpkit's default."""

    model: str | None = None
    timeout_s: float | None = None
    agent_name: str = "fcpkit-LLMExecutor"
    #: ``"free"`` (:class:`LLMExecutor`) or ``"choice"`` (:class:`ChoiceExecutor`, for a small model)
    form: str = "free"
    #: the client's mode (``live``, ``record``, ``replay``) and its recording of model answers
    mode: str = "live"
    recording: str | None = None

    def __post_init__(self) -> None:
        if self.form not in FORMS:
            raise ConfigError(f"LLMAgentArgs: form {self.form!r} is not one of {', '.join(FORMS)}")

    def make_agent(self) -> ExecutorAgent:
        kwargs: dict[str, Any] = {"timeout": self.timeout_s} if self.timeout_s else {}
        if self.mode != "live":
            kwargs.update(mode=self.mode, recording=self.recording)
        client = default_client(self.model, **kwargs)
        if self.form == "choice":
            return ExecutorAgent(ChoiceExecutor(client))
        return ExecutorAgent(LLMExecutor(client))
