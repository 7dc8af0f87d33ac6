"""One dedicated worker thread per environment: every Playwright call runs on it.

Sync Playwright refuses to run in a thread that has a running asyncio loop (a Jupyter kernel's
main thread has one), and a sync Playwright instance must only be used from the thread that
started it. :class:`Worker` owns one thread for the environment's whole life and marshals each
call onto it, so an environment works the same from a script, a test, a coroutine or a notebook.
"""

from __future__ import annotations

import itertools
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, TypeVar

__all__ = ["Worker"]

T = TypeVar("T")
_ids = itertools.count()


class Worker:
    """A single-thread executor; :meth:`call` runs ``fn`` on that thread and returns its result.

    Calls made from the worker thread itself run inline (a task's ``setup`` may call back into
    the session). Exceptions propagate to the caller unchanged.
    """

    def __init__(self, name: str = "fcpkit-browser") -> None:
        self.name = f"{name}-{next(_ids)}"
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=self.name)
        self._thread: threading.Thread | None = None
        self._closed = False
        # start the thread now and remember it (for the inline re-entrancy check)
        self._thread = self._pool.submit(threading.current_thread).result()

    @property
    def thread(self) -> threading.Thread | None:
        return self._thread

    @property
    def closed(self) -> bool:
        return self._closed

    def call(self, fn: Callable[..., T], *args: Any, timeout: float | None = None, **kwargs: Any) -> T:
        if threading.current_thread() is self._thread:
            return fn(*args, **kwargs)
        if self._closed:
            raise RuntimeError(f"{self.name} is closed")
        return self._pool.submit(fn, *args, **kwargs).result(timeout)

    def shutdown(self, wait: bool = True) -> None:
        if self._closed:
            return
        self._closed = True
        if threading.current_thread() is self._thread:
            self._pool.shutdown(wait=False)
        else:
            self._pool.shutdown(wait=wait)
