"""WebArena tasks for the study, through BrowserGym's ``browsergym-webarena`` (where a user has it).

WebArena needs its six sites deployed and their URLs in the environment (BrowserGym reads
``WA_SHOPPING``, ``WA_SHOPPING_ADMIN``, ``WA_REDDIT``, ``WA_GITLAB``, ``WA_WIKIPEDIA``, ``WA_MAP``,
``WA_HOMEPAGE``). :func:`webarena_env` builds a :class:`~fcpkit_lab.envs.browser.environment.BrowserEnvironment`
on BrowserGym's ``GenericWebArenaTask`` for one task id, whose ``validate`` is that task's own evaluator
(the success measure). :func:`webarena_ready` says why it cannot run here, or ``None``.

Status: the task construction is built and tested; no WebArena deployment is reachable from this
project's machines, and the worker that runs study episodes drives the workbench, so a WebArena study
(an episode worker whose environment is :func:`webarena_env` and whose plan comes from a planner) is
not wired into ``fcpkit study`` yet.
"""

from __future__ import annotations

import importlib.util
import os
from typing import Any

from fcpkit_lab.envs.browser.environment import BrowserEnvironment
from fcpkit.errors import ConfigError

__all__ = ["WEBARENA_URL_VARS", "webarena_ready", "webarena_env"]

WEBARENA_URL_VARS = ("WA_SHOPPING", "WA_SHOPPING_ADMIN", "WA_REDDIT", "WA_GITLAB", "WA_WIKIPEDIA", "WA_MAP",
                     "WA_HOMEPAGE")


def webarena_ready() -> str | None:
    """Why a WebArena study cannot run here (the package or site URLs missing), or ``None``."""
    if importlib.util.find_spec("browsergym.webarena") is None:
        return ("browsergym-webarena is not installed (pip install browsergym-webarena; note that it pins "
                "transformers<5 and huggingface_hub<1 through libwebarena)")
    missing = [v for v in WEBARENA_URL_VARS if not os.environ.get(v)]
    if missing:
        return f"the WebArena site URLs are not set: {', '.join(missing)} (point them at a WebArena deployment)"
    return None


def webarena_env(task_id: int, *, seed: int = 0, **kwargs: Any) -> BrowserEnvironment:
    """The WebArena task ``task_id`` (0-811) in one Chromium; raises :class:`ConfigError` with the
    reason when :func:`webarena_ready` says it cannot run."""
    why = webarena_ready()
    if why is not None:
        raise ConfigError(f"WebArena task {task_id}: {why}")
    if not isinstance(task_id, int) or not 0 <= task_id <= 811:
        raise ConfigError(f"WebArena task ids are 0..811; got {task_id!r}")
    from browsergym.webarena.task import GenericWebArenaTask  # the optional dependency, loaded here only

    return BrowserEnvironment(GenericWebArenaTask, {"task_id": task_id}, seed=seed, **kwargs)
