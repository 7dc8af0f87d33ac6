"""The engine on MiniWoB++ tasks: crawl a task page into a state-machine memory.

Each task page is served on 127.0.0.1 (:class:`~fcpkit_lab.envs.miniwob.server.MiniWoBServer`) and
every visit is a fresh browser context on a new episode that BrowserGym's MiniWoB task sets up
with the visit's seed (its instruction hidden, as BrowserGym agents see the page), so a crawl is
deterministic: visit ``i`` is episode seed ``i``. The crawl itself is
:func:`~fcpkit_lab.engine.widget_crawl.crawl_widgets` (single-page apps whose states change through
their widgets); Playwright runs on a worker thread of its own, so this works inside Jupyter too.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from fcpkit_lab import data
from fcpkit_lab.envs.browser import BrowserSession, SessionConfig
from fcpkit_lab.envs.browser._worker import Worker
from fcpkit_lab.envs.miniwob import miniwob_task_class
from fcpkit_lab.envs.miniwob.server import MiniWoBServer

from fcpkit_lab.engine.crawler import CrawlConfig
from fcpkit_lab.engine.smg import StateMachine
from fcpkit_lab.engine.widget_crawl import crawl_widgets

__all__ = ["MINIWOB_CRAWLED", "MiniWoBPages", "crawl_miniwob", "miniwob_smg_path"]

#: The MiniWoB++ tasks whose crawled SMGs ship in ``fcpkit_lab/data/smg/miniwob/``.
MINIWOB_CRAWLED = ("click-button", "click-tab", "enter-text", "login-user", "choose-list")
#: Visits per task page in discovery (fewer miss content that changes; more cost a page each).
MINIWOB_SAMPLES = 4


def miniwob_smg_path(task: str, safe: bool = True) -> Path:
    """Where the SMG of MiniWoB++ task ``task`` ships: ``smg/miniwob/TASK-safe.yaml`` (safe crawl)
    or ``smg/miniwob/TASK.yaml`` (``--submit-forms``)."""
    return Path(data.path(data.SMG)) / "miniwob" / (f"{task}-safe.yaml" if safe else f"{task}.yaml")


class MiniWoBPages:
    """An :class:`~fcpkit_lab.engine.widget_crawl.EpisodeSource` over one Chromium: ``open(i)`` is a fresh
    context on episode seed ``i`` of ``task``. Its methods run on the browser's thread."""

    def __init__(self, task: str, server: MiniWoBServer, config: SessionConfig | None = None) -> None:
        self.task_class = miniwob_task_class(task)
        self.server = server
        self.start_path = server.task_path(task)
        self.session = BrowserSession(config or SessionConfig())

    def open(self, sample: int) -> Any:
        page = self.session.new_context(timeout_ms=5000)
        self.task_class(seed=sample, base_url=self.server.base_url).setup(page)
        return page

    def close(self) -> None:
        self.session.close()


def crawl_miniwob(task: str, *, config: CrawlConfig | None = None, out: str | Path | None = None,
                  describer: Any = None, on_phase: Callable[[str], None] | None = None) -> StateMachine:
    """Crawl MiniWoB++ task ``task`` (``enter-text``...) into an SMG; save it to ``out`` if given."""
    miniwob_task_class(task)  # an unknown task is a clear error before anything starts
    config = config or CrawlConfig(samples=MINIWOB_SAMPLES)
    worker = Worker("fcpkit-crawl")
    try:
        with MiniWoBServer() as server:
            pages = worker.call(MiniWoBPages, task, server)
            try:
                smg = worker.call(crawl_widgets, pages, app=f"miniwob.{task}", config=config, describer=describer,
                                  on_phase=on_phase)
            finally:
                worker.call(pages.close)
    finally:
        worker.shutdown()
    if out is not None:
        smg.save(out)
    return smg

