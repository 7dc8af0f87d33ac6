"""Runs last in this folder: no Chromium (or Playwright driver) started here outlives its environment."""

from __future__ import annotations

import os
import time

import pytest

pytestmark = pytest.mark.browser


def _ours(pid: int) -> bool:
    """Whether ``pid`` descends from this pytest process."""
    import psutil

    try:
        return any(p.pid == os.getpid() for p in psutil.Process(pid).parents())
    except psutil.Error:
        return False


def _alive(pid: int) -> bool:
    import psutil

    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def _under_baseline(pid: int, baseline) -> bool:
    """Whether ``pid`` was started by a Chromium that was already running when the live tests began.

    Such a browser belongs to another folder's fixture, and Chromium starts helper processes lazily
    (minutes in), so its children can appear after the baseline was taken without being ours.
    """
    import psutil

    try:
        return any(baseline.still_ours(a.pid) for a in psutil.Process(pid).parents())
    except psutil.Error:
        return False


def _describe(pid: int) -> str:
    """A leaked process and its ancestors' command lines, to tell which test started it."""
    import psutil

    try:
        proc = psutil.Process(pid)
        chain = [proc, *proc.parents()[:3]]
        return f"{pid}: " + " <- ".join(" ".join(p.cmdline()[:3])[:120] for p in chain)
    except psutil.Error:
        return str(pid)


def test_no_chromium_left_behind(workbench, chromium_registry):
    BASELINE, SPAWNED, pgrep_chromium = chromium_registry
    from fcpkit_lab.envs.workbench.browser_env import WorkbenchEnv
    from fcpkit_lab.envs.browser.processes import process_tree

    # a fresh environment of our own, so the check also runs when this file runs alone
    env = WorkbenchEnv(workbench, "support")
    try:
        env.reset()
        mine = {p.pid for p in process_tree(env.driver_pid)}
        assert len(mine) >= 2 and (pgrep_chromium() - BASELINE) & mine  # pgrep sees our Chromium
        SPAWNED.update(mine)
    finally:
        env.close()
    # Chromium exits asynchronously after close(); on a loaded machine its last processes can take
    # well over 10 s to go, which is slow, not leaked
    deadline = time.monotonic() + 45
    while True:
        new = pgrep_chromium() - BASELINE  # ignoring processes that existed before the session
        leaked = sorted(p for p in new if (SPAWNED.still_ours(p) or _ours(p)) and _alive(p)
                        and not _under_baseline(p, BASELINE))
        if not leaked or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert not leaked, f"Chromium processes left running: {[_describe(p) for p in leaked]}"
    assert not [p for p in SPAWNED if SPAWNED.still_ours(p) and _alive(p)]
