"""The engine on fcpkit's workbench app: crawl it, and give the executor a signed-in browser.

The crawler and the executor drive Playwright directly (semantic selectors, not bids), on the
browser's own thread (:class:`~fcpkit_lab.envs.browser.BrowserEnvironment`'s worker), so they also work
inside Jupyter. Crawling resets the workbench to a healthy episode with a frozen clock; with
``safe=False`` the crawler may submit forms because the workbench restores its database on reset.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from fcpkit_lab import data
from fcpkit_lab.envs.browser import BrowserSession, SessionConfig
from fcpkit_lab.envs.browser._worker import Worker
from fcpkit_lab.envs.workbench import start_workbench

from fcpkit_lab.engine.crawler import CrawlConfig, crawl
from fcpkit_lab.engine.smg import StateMachine

__all__ = ["DEFAULT_SMG", "DEFAULT_SAFE_SMG", "SessionPages", "crawl_workbench"]

#: The shipped SMG of the workbench (``fcpkit crawl --submit-forms`` writes it).
DEFAULT_SMG = data.path(f"{data.SMG}/workbench.yaml")
#: The shipped SMG of a safe crawl, which never submits a form (``fcpkit crawl`` writes it).
DEFAULT_SAFE_SMG = data.path(f"{data.SMG}/workbench-safe.yaml")


class SessionPages:
    """A :class:`~fcpkit_lab.engine.crawler.PageSource` over one Chromium: each page in a fresh context.

    ``login(page)`` signs a fresh page in; it must be called on the browser thread (as the crawl is).
    """

    def __init__(self, login: Callable[[Any], None], config: SessionConfig | None = None) -> None:
        self.session = BrowserSession(config or SessionConfig())
        self.login = login

    def new_page(self, signed_in: bool = True) -> Any:
        page = self.session.new_context(timeout_ms=5000)
        if signed_in:
            self.login(page)
        return page

    def close(self) -> None:
        self.session.close()


def crawl_workbench(workbench: Any = None, *, config: CrawlConfig | None = None, out: str | Path | None = None,
                    describer: Any = None, on_phase: Callable[[str], None] | None = None) -> StateMachine:
    """Crawl the workbench (a running one, or one started and stopped here); save to ``out`` if given.

    ``describer``: a :class:`~fcpkit_lab.engine.describe.Describer` (an LLM) for the enrichment phase."""
    config = config or CrawlConfig()
    own = workbench is None
    wb = workbench or start_workbench()
    worker = Worker("fcpkit-crawl")

    def reset() -> None:
        wb.reset_episode("support", 0, None, 0, frozen_clock=True)

    try:
        reset()
        pages = SessionPages(lambda page: page.goto(wb.login_url("/")))
        try:
            smg = worker.call(crawl, pages, wb.url, "/", app="workbench", config=config,
                              reset=None if config.safe else reset, describer=describer, on_phase=on_phase)
        finally:
            worker.call(pages.close)
    finally:
        worker.shutdown()
        if own:
            wb.stop()
    if out is not None:
        smg.save(out)
    return smg
