"""Browser environments: BrowserGym tasks in one real Chromium, behind :class:`fcpkit.core.protocols.Environment`.

* :class:`BrowserEnvironment`: any ``browsergym.core.task.AbstractBrowserTask`` (MiniWoB, yours);
* :class:`fcpkit_lab.envs.workbench.WorkbenchEnv`: the fcpkit workbench's workflows x faults;
* :mod:`fcpkit_lab.envs.miniwob`: offline MiniWoB++ tasks with scripted solvers and corruptions.

Chromium is Debian's (``/usr/bin/chromium``) launched through Playwright with the flags in
:data:`CHROMIUM_ARGS`; each environment runs every Playwright call on its own worker thread (so it
works inside a running asyncio loop, e.g. Jupyter) and ``close()`` leaves no process behind.
Needs the ``[browser]`` extra.
"""

from fcpkit_lab.envs.browser.environment import BrowserEnvironment, to_observation
from fcpkit_lab.envs.browser.processes import chromium_pids, tree_memory, tree_rss
from fcpkit_lab.envs.browser.session import ACTION_SUBSETS, CHROMIUM_ARGS, CHROMIUM_PATH, BrowserSession, SessionConfig, make_action_set
__all__ = [
    "BrowserEnvironment",
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
]
