"""Fixtures for the browser tests: one workbench server and one shared workbench environment; for
the notebook tests one JupyterLab server and one Chromium per test file.

Every test here drives the real Debian Chromium (``/usr/bin/chromium``) on 127.0.0.1.
"""

from __future__ import annotations

import pytest
from _labsupport.browser import browser_missing


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
    from fcpkit_lab.envs.workbench import start_workbench

    wb = start_workbench()
    yield wb
    wb.stop()


@pytest.fixture(scope="module")
def wb_env(workbench):
    """One WorkbenchEnv (one Chromium) per test file, reused by its tests via ``reset(workflow=...)``.

    Per module, not per session: a Chromium kept open to the end of the session is still running
    while later folders check that their own browsers are gone, and Chromium starts helper processes
    lazily (an on-device-model utility, minutes in), which would then look like a leak of theirs.
    """
    from fcpkit_lab.envs.workbench.browser_env import WorkbenchEnv

    env = WorkbenchEnv(workbench, "support")
    yield env
    env.close()


@pytest.fixture(scope="module")
def lab():
    """One ``jupyter lab`` per test file (its notebooks share the server); it must leave no process."""
    from fcpkit_lab.envs.jupyterlab import JupyterLab

    server = JupyterLab().start()
    try:
        yield server
    finally:
        leftovers = server.stop()
        server.cleanup()
        assert not leftovers, f"processes left by jupyter lab had to be ended: {leftovers}"


@pytest.fixture(scope="module")
def chromium():
    """One headless Debian Chromium per test file (Playwright's sync API)."""
    from playwright.sync_api import sync_playwright

    from fcpkit_lab.envs.jupyterlab import launch_chromium

    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        yield browser
        browser.close()
