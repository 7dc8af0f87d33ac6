"""The browser's processes: find them, measure them, and make sure none outlive the environment."""

from __future__ import annotations

import os
import time
from typing import Iterable

__all__ = ["driver_pid", "process_tree", "tree_rss", "tree_memory", "kill_tree", "chromium_pids", "wait_gone"]


def driver_pid(playwright_obj) -> int | None:
    """The pid of the Playwright driver (node) process that owns the browser, if it can be found."""
    for path in (("_impl_obj", "_connection", "_transport", "_proc", "pid"),
                 ("_connection", "_transport", "_proc", "pid")):
        obj = playwright_obj
        try:
            for attr in path:
                obj = getattr(obj, attr)
        except AttributeError:
            continue
        if isinstance(obj, int):
            return obj
    return None


def process_tree(pid: int | None) -> list:
    """``psutil.Process`` objects for ``pid`` and all its descendants (empty if it is gone)."""
    if pid is None:
        return []
    import psutil

    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.Error:
        return []


def tree_rss(pid: int | None) -> int:
    """Resident memory (bytes) of a process tree: the driver plus every Chromium process."""
    import psutil

    total = 0
    for p in process_tree(pid):
        try:
            total += p.memory_info().rss
        except psutil.Error:
            pass
    return total


def tree_memory(pid: int | None) -> dict[str, int]:
    """``rss`` (summed, counts shared pages once per process), ``pss`` and ``uss`` of a process tree.

    PSS (proportional set size) shares each shared page among the processes that map it, so
    it is the honest "memory this browser costs"; summed RSS overstates it.
    """
    import psutil

    out = {"rss": 0, "pss": 0, "uss": 0, "processes": 0}
    for p in process_tree(pid):
        try:
            info = p.memory_full_info()
        except psutil.Error:
            continue
        out["rss"] += info.rss
        out["pss"] += getattr(info, "pss", 0)
        out["uss"] += getattr(info, "uss", 0)
        out["processes"] += 1
    return out


def kill_tree(procs: Iterable, timeout: float = 3.0) -> int:
    """Terminate then kill the given processes; returns how many were still alive."""
    import psutil

    alive = []
    for p in procs:
        try:
            if p.is_running() and p.pid != os.getpid():
                alive.append(p)
        except psutil.Error:
            pass
    for p in alive:
        try:
            p.terminate()
        except psutil.Error:
            pass
    _, still = psutil.wait_procs(alive, timeout=timeout)
    for p in still:
        try:
            p.kill()
        except psutil.Error:
            pass
    if still:
        psutil.wait_procs(still, timeout=timeout)
    return len(alive)


def chromium_pids() -> list[int]:
    """Pids of every running Chromium process on this machine (what ``pgrep -f chromium`` sees)."""
    import psutil

    out = []
    for p in psutil.process_iter(["pid", "name", "cmdline"]):
        try:
            cmd = " ".join(p.info.get("cmdline") or []) or (p.info.get("name") or "")
        except psutil.Error:
            continue
        if "chromium" in cmd.lower() or "chrome" in (p.info.get("name") or "").lower():
            out.append(p.info["pid"])
    return out


def wait_gone(pids: Iterable[int], timeout: float = 5.0) -> list[int]:
    """Wait until the given pids have exited; returns those still running."""
    import psutil

    deadline = time.monotonic() + timeout
    left = list(pids)
    while left and time.monotonic() < deadline:
        left = [p for p in left if psutil.pid_exists(p) and _not_zombie(p)]
        if left:
            time.sleep(0.05)
    return left


def _not_zombie(pid: int) -> bool:
    import psutil

    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False
