"""A real local web application that fails the way enterprise tools fail.

Four workflows (support triage, expense approval, catalogue price update, order refund
lookup), each with list, detail and edit pages, a sign-in, a SQLite database and a
functional validator per task, plus nine fault kinds switched on per episode without
restarting the server. See :func:`start_workbench`.

Needs the ``[browser]`` extra (starlette, uvicorn, jinja2, python-multipart, itsdangerous).
"""

from fcpkit_lab.envs.workbench.app import WorkbenchApp
from fcpkit_lab.envs.workbench.session import CONTROL_HEADER, EXPIRED_MESSAGE, SESSION_COOKIE
from fcpkit_lab.envs.workbench.data import seed_state
from fcpkit_lab.envs.workbench.episode import (
    FAULT_DEFAULTS,
    FAULT_KINDS,
    SEEDED_AFTER,
    EpisodeConfig,
    EpisodeEvent,
    make_episode,
)
from fcpkit_lab.envs.workbench.server import Workbench, serve, start_workbench
from fcpkit_lab.envs.workbench.tasks import TASKS, WORKFLOWS, Task, ValidationResult, get_task, validate
from pathlib import Path

__all__ = [
    "start_workbench",
    "serve",
    "Workbench",
    "WorkbenchApp",
    "WORKFLOWS",
    "TASKS",
    "Task",
    "get_task",
    "validate",
    "ValidationResult",
    "FAULT_KINDS",
    "FAULT_DEFAULTS",
    "SEEDED_AFTER",
    "EpisodeConfig",
    "EpisodeEvent",
    "make_episode",
    "seed_state",
    "plan_path",
    "CONTROL_HEADER",
    "SESSION_COOKIE",
    "EXPIRED_MESSAGE",
]


def plan_path(workflow: str):
    """Path of the shipped plan (YAML) for ``workflow``."""

    get_task(workflow, 0)  # validates the name
    return Path(__file__).parent / "plans" / f"{workflow}.yaml"
