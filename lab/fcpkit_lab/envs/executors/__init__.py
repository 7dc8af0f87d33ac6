"""Executors: what proposes the next browser action (:class:`fcpkit.core.protocols.Executor`).

* :class:`ScriptedExecutor` (:mod:`.scripted`): reads the AXTree and solves the workbench's
  workflows; used to record trajectory corpora and in tests.
* ``LLMExecutor`` (:mod:`.llm`): an OpenAI-compatible model proposes actions.
"""

from __future__ import annotations

from fcpkit_lab.envs.executors.llm import LLMExecutor
from fcpkit_lab.envs.executors.scripted import WORKFLOW_ROLES, ScriptedExecutor

__all__ = ["ScriptedExecutor", "WORKFLOW_ROLES", "LLMExecutor"]
