"""MiniWoB++ offline: BrowserGym's MiniWoB tasks in one Chromium, scripted solvers and corruptions.

Needs the ``[browser]`` extra; recording lives in :mod:`fcpkit_lab.envs.record.miniwob`.
"""

from fcpkit_lab.envs.miniwob.environment import (
    CORRUPTIONS,
    MINIWOB_TASKS,
    PLAN_TEMPLATES,
    MiniWoBEnv,
    MiniWoBExecutor,
    MiniWoBSolver,
    applicable,
    miniwob_task_class,
    miniwob_url,
    plan_for,
)
from fcpkit_lab.envs.miniwob.server import MiniWoBServer

__all__ = [
    "MINIWOB_TASKS", "CORRUPTIONS", "PLAN_TEMPLATES", "miniwob_url", "miniwob_task_class", "MiniWoBEnv",
    "MiniWoBSolver", "MiniWoBExecutor", "MiniWoBServer", "plan_for", "applicable",
]
