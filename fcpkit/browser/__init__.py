"""Browser environments: BrowserGym tasks in one real Chromium, behind :class:`fcpkit.env.Environment`.

* :class:`BrowserEnvironment`: any ``browsergym.core.task.AbstractBrowserTask`` (MiniWoB, yours);
* :class:`WorkbenchEnv`: the fcpkit workbench's workflows x faults (tasks in :mod:`.workbench`);
* :mod:`fcpkit.browser.miniwob`: offline MiniWoB++ tasks with scripted solvers and corruptions.

Chromium is Debian's (``/usr/bin/chromium``) launched through Playwright with the flags in
:data:`CHROMIUM_ARGS`; each environment runs every Playwright call on its own worker thread (so it
works inside a running asyncio loop, e.g. Jupyter) and ``close()`` leaves no process behind.
Needs the ``[browser]`` extra.
"""

from .environment import BrowserEnvironment, to_observation
from .miniwob import MINIWOB_TASKS, MiniWoBEnv, MiniWoBExecutor, record_miniwob
from .processes import chromium_pids, tree_memory, tree_rss
from .session import ACTION_SUBSETS, CHROMIUM_ARGS, CHROMIUM_PATH, BrowserSession, SessionConfig, make_action_set
from .workbench import (
    WORKBENCH_TASK_CLASSES,
    RemoteWorkbench,
    WorkbenchEnv,
    WorkbenchTask,
    register_browsergym_tasks,
    workbench_task_class,
)

__all__ = [
    "BrowserEnvironment",
    "WorkbenchEnv",
    "WorkbenchTask",
    "WORKBENCH_TASK_CLASSES",
    "workbench_task_class",
    "register_browsergym_tasks",
    "RemoteWorkbench",
    "BrowserSession",
    "SessionConfig",
    "CHROMIUM_PATH",
    "CHROMIUM_ARGS",
    "ACTION_SUBSETS",
    "make_action_set",
    "to_observation",
    "chromium_pids",
    "tree_rss",
    "tree_memory",
    "MiniWoBEnv",
    "MiniWoBExecutor",
    "MINIWOB_TASKS",
    "record_miniwob",
]
