"""Fixtures for the browser tests: one workbench server and one shared workbench environment.

Every test here drives the real Debian Chromium (``/usr/bin/chromium``) on 127.0.0.1.
"""

from __future__ import annotations

import pytest
from _support.browser import browser_missing


def pytest_collection_modifyitems(config, items):
    why = browser_missing()
    if why is None:
        return
    skip = pytest.mark.skip(reason=why)
    for item in items:
        if "browser" in str(item.fspath):
            item.add_marker(skip)


@pytest.fixture(scope="session")
def workbench():
    from fcpkit.envs.workbench import start_workbench

    wb = start_workbench()
    yield wb
    wb.stop()


@pytest.fixture(scope="session")
def wb_env(workbench):
    """One WorkbenchEnv (one Chromium) reused by the workflow tests via ``reset(workflow=...)``."""
    from fcpkit.envs.workbench.browser_env import WorkbenchEnv

    env = WorkbenchEnv(workbench, "support")
    yield env
    env.close()
