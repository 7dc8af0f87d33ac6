"""Fixtures for the engine tests: the browser tests here drive the real Chromium on 127.0.0.1."""

from __future__ import annotations

import pytest
from _labsupport.browser import browser_missing


def pytest_collection_modifyitems(config, items):
    why = browser_missing()
    if why is None:
        return
    skip = pytest.mark.skip(reason=why)
    for item in items:
        if "engine" in str(item.fspath) and "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="module")
def workbench():
    from fcpkit_lab.envs.workbench import start_workbench

    wb = start_workbench()
    yield wb
    wb.stop()


@pytest.fixture(scope="module")
def env(workbench):
    """One workbench environment (one Chromium, on the support workflow) per test file."""
    from fcpkit_lab.envs.workbench.browser_env import WorkbenchEnv

    e = WorkbenchEnv(workbench, "support")
    yield e
    e.close()
