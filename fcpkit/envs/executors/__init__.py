"""Executors: what proposes the next browser action (:class:`fcpkit.core.protocols.Executor`).

* :class:`ScriptedExecutor` (:mod:`.scripted`): reads the AXTree and solves the workbench's
  workflows; used to record trajectory corpora and in tests.
* ``LLMExecutor`` (:mod:`.llm`): an OpenAI-compatible model proposes actions (imported lazily).
"""

from __future__ import annotations

from typing import Any

from fcpkit.envs.executors.scripted import WORKFLOW_ROLES, ScriptedExecutor

__all__ = ["ScriptedExecutor", "WORKFLOW_ROLES", "LLMExecutor"]


def __getattr__(name: str) -> Any:
    if name == "LLMExecutor":
        from fcpkit.envs.executors.llm import LLMExecutor

        return LLMExecutor
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
