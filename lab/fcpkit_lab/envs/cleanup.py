"""Leave nothing behind: temporary folders that outlive a killed process, and SIGTERM.

A process killed with SIGKILL runs no clean-up at all, and one killed with SIGTERM runs none
unless a handler turns the signal into an exit. So each temporary folder fcpkit owns records its
owner's pid (:func:`mark_owner`), the next start removes the folders whose owner is gone
(:func:`sweep_stale`), and :func:`exit_on_sigterm` makes SIGTERM an ordinary exit (``atexit`` and
``finally`` blocks run) where the process still has the default disposition.
"""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import sys
import tempfile
import threading
from pathlib import Path
from typing import Callable

__all__ = ["mark_owner", "sweep_stale", "exit_on_sigterm", "at_exit", "OWNER_FILE"]

OWNER_FILE = "owner.pid"


def mark_owner(folder: str | Path) -> None:
    """Record this process as the owner of ``folder`` (a temporary folder it will remove)."""
    Path(folder, OWNER_FILE).write_text(str(os.getpid()), encoding="ascii")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's live process
        return True
    return True


def sweep_stale(prefix: str, root: str | Path | None = None) -> list[Path]:
    """Remove ``root/prefix*`` folders whose recorded owner process no longer exists."""
    removed = []
    for d in Path(root or tempfile.gettempdir()).glob(prefix + "*"):
        try:
            pid = int((d / OWNER_FILE).read_text(encoding="ascii").strip())
        except (OSError, ValueError):
            continue  # not ours, or being created right now
        if pid != os.getpid() and not _alive(pid):
            shutil.rmtree(d, ignore_errors=True)
            removed.append(d)
    return removed


def _term(signum, frame):  # noqa: ARG001
    sys.exit(128 + signum)


def exit_on_sigterm() -> bool:
    """Turn SIGTERM into ``SystemExit`` (so clean-up runs) if nobody else handles it; True if installed."""
    if threading.current_thread() is not threading.main_thread():
        return False
    if signal.getsignal(signal.SIGTERM) not in (signal.SIG_DFL, None, _term):
        return False
    signal.signal(signal.SIGTERM, _term)
    return True


def at_exit(fn: Callable[[], None]) -> None:
    """Run ``fn`` at interpreter exit (SIGTERM included, see :func:`exit_on_sigterm`)."""
    exit_on_sigterm()
    atexit.register(fn)
