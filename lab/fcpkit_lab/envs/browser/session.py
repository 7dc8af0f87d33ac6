"""One Chromium, driven by Playwright, with BrowserGym's action set and observation extraction.

:class:`BrowserSession` is the thread-bound core that :class:`~fcpkit_lab.envs.browser.BrowserEnvironment`
marshals every call to. It reuses BrowserGym's pieces (``HighLevelActionSet.to_python_code`` and
``execute_python_code`` to run actions; ``_pre_extract`` / ``extract_merged_axtree`` /
``flatten_axtree_to_str`` to mark elements with bids and serialise the accessibility tree; the
active-page tracking script) but launches exactly one browser: BrowserGym's ``BrowserEnv`` opens
a second Chromium for its chat window that ignores ``pw_chromium_kwargs``, so the chat here is an
in-memory list of messages with the same shape (``role``, ``message``, ``timestamp``).

It also follows what a page load really did: the HTTP status of the main document (including
redirects) and navigations still in flight after an action (a slow server), which the session
waits for up to ``nav_timeout`` seconds before it reads the page.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Sequence
import re as _re
from fcpkit_lab.envs.browser.processes import driver_pid
from fcpkit_lab.envs.browser.processes import kill_tree, process_tree

__all__ = [
    "CHROMIUM_PATH",
    "CHROMIUM_ARGS",
    "ACTION_SUBSETS",
    "SessionConfig",
    "BrowserSession",
    "make_action_set",
]

log = logging.getLogger(__name__)

CHROMIUM_PATH = "/usr/bin/chromium"
CHROMIUM_ARGS: tuple[str, ...] = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
#: BrowserGym high-level action subsets the environments accept.
ACTION_SUBSETS: tuple[str, ...] = ("chat", "infeas", "bid", "nav", "tab")

# BrowserGym's active-page tracking (env.py): the page that last saw user input is the active one.
_ACTIVATION_SCRIPT = r"""
window.browsergym_page_activated();
for (const ev of ["focus", "focusin", "load", "pageshow", "mousemove", "mouseup", "mousedown",
                  "wheel", "keyup", "keydown", "input", "touchstart", "touchend"]) {
  window.addEventListener(ev, () => {window.browsergym_page_activated();}, {capture: true});
}
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") { window.browsergym_page_activated(); }
}, {capture: true});
"""

_RETRYABLE = (
    "Frame was detached",
    "Frame with the given frameId is not found",
    "Execution context was destroyed",
    "Frame has been detached",
    "Cannot mark a child frame without a bid",
    "Cannot read properties of undefined",
    "Target page, context or browser has been closed",
)


def make_action_set(subsets: Sequence[str] = ACTION_SUBSETS, **kwargs: Any):
    """BrowserGym's ``HighLevelActionSet`` (``strict=False``, multi-action) for ``subsets``."""
    from browsergym.core.action.highlevel import HighLevelActionSet

    kwargs.setdefault("multiaction", True)
    kwargs.setdefault("strict", False)
    return HighLevelActionSet(subsets=list(subsets), **kwargs)


@dataclass(frozen=True)
class SessionConfig:
    """How the browser is launched and how long the session waits for pages.

    ``timeout_ms`` / ``slow_mo`` / ``viewport`` override the task's values when not ``None``
    (``slow_mo=0`` by default: BrowserGym tasks default to a 1 s Playwright slow-motion).
    ``pre_observation_delay`` is BrowserGym's wait before reading the page (0.5 s there).
    ``action_timeout_ms``: how long one element action (click, fill, select ...) waits for its
    element and for the navigation it starts; BrowserGym hard-codes 500 ms, which a loaded
    2-core machine misses now and then (``None`` keeps BrowserGym's value).
    ``ignored_roles``: accessibility roles left out of the flattened tree (``InlineTextBox``
    repeats its parent's text one layout line at a time).
    """

    executable_path: str | None = CHROMIUM_PATH
    args: tuple[str, ...] = CHROMIUM_ARGS
    headless: bool = True
    viewport: dict[str, int] | None = None
    timeout_ms: int | None = None
    slow_mo: int | None = 0
    locale: str | None = None
    timezone_id: str | None = None
    pre_observation_delay: float = 0.05
    nav_timeout: float = 10.0
    tags_to_mark: str = "standard_html"
    action_timeout_ms: int | None = 1500
    ignored_roles: tuple[str, ...] = ("LineBreak", "InlineTextBox")
    action_subsets: tuple[str, ...] = ACTION_SUBSETS
    flatten_kwargs: dict[str, Any] = field(default_factory=dict)


@dataclass
class RawObservation:
    """What the session read from the browser (mapped to :class:`~fcpkit.core.trajectory.Observation`)."""

    url: str
    title: str
    text: str
    error: str | None
    tabs: list[dict[str, str]]
    active_tab: int
    status: int | None
    focused_bid: str | None
    screenshot_png: bytes | None = None
    axtree: dict | None = None
    #: bid -> [x, y, width, height] in screenshot pixels (only read with a screenshot)
    boxes: dict[str, list[float]] | None = None


def _element_boxes(page: Any) -> dict[str, list[float]]:
    """Each marked element's box (BrowserGym's DOM extra properties), for outlining on a
    screenshot: visible elements only, ``[x, y, width, height]`` rounded to pixels."""
    from browsergym.core.observation import extract_dom_extra_properties, extract_dom_snapshot

    dpr = float(page.evaluate("window.devicePixelRatio") or 1.0)
    props = extract_dom_extra_properties(extract_dom_snapshot(page), scale_factor=dpr)  # CSS pixels
    return {str(bid): [round(float(v) * dpr, 1) for v in p["bbox"]] for bid, p in props.items()
            if p.get("bbox") and (p.get("visibility") or 0) > 0.1}  # screenshot pixels


class BrowserSession:
    """A Playwright + Chromium session. Not thread-safe: use it from one thread only."""

    def __init__(self, config: SessionConfig | None = None) -> None:
        self.config = config or SessionConfig()
        self.action_set = make_action_set(self.config.action_subsets)
        if self.config.action_timeout_ms is not None:

            self.action_set.python_includes = _re.sub(
                r"timeout=500\b", f"timeout={int(self.config.action_timeout_ms)}", self.action_set.python_includes)
        self._pw_manager = None
        self.playwright = None
        self.browser = None
        self.context = None
        self.page = None
        self.page_history: dict = {}
        self.driver_pid: int | None = None
        self.chat_messages: list[dict[str, Any]] = []
        self.last_action: str = ""
        self.last_action_error: str = ""
        self.infeasible: bool = False
        self._pending: dict[Any, set] = {}
        self._status: dict[Any, int] = {}

    # ------------------------------------------------------------------ lifecycle
    @property
    def started(self) -> bool:
        return self.browser is not None

    def start(self) -> None:
        if self.browser is not None:
            return
        from playwright.sync_api import sync_playwright
        from browsergym.core.constants import BROWSERGYM_ID_ATTRIBUTE


        self._pw_manager = sync_playwright()
        self.playwright = self._pw_manager.start()
        self.driver_pid = driver_pid(self.playwright) or driver_pid(self._pw_manager)
        # BrowserGym: Playwright's test-id attribute is the element's bid
        self.playwright.selectors.set_test_id_attribute(BROWSERGYM_ID_ATTRIBUTE)
        cfg = self.config
        kwargs: dict[str, Any] = {"headless": cfg.headless, "args": list(cfg.args)}
        if cfg.executable_path:
            kwargs["executable_path"] = cfg.executable_path
        self.browser = self.playwright.chromium.launch(**kwargs)

    def new_context(self, *, viewport=None, timeout_ms=None, slow_mo=None, locale=None,
                    timezone_id=None):
        """Close the current context (if any) and open a fresh one with one page."""
        self.start()
        self.close_context()
        cfg = self.config
        viewport = cfg.viewport or viewport or {"width": 1280, "height": 720}
        self.context = self.browser.new_context(
            viewport=viewport,
            locale=cfg.locale or locale,
            timezone_id=cfg.timezone_id or timezone_id,
        )
        timeout = cfg.timeout_ms if cfg.timeout_ms is not None else (timeout_ms or 5000)
        self.context.set_default_timeout(timeout)
        self.context.expose_binding(
            "browsergym_page_activated", lambda source: self._activate(source["page"])
        )
        self.context.add_init_script(_ACTIVATION_SCRIPT)
        self.context.on("page", self._watch)
        self.chat_messages = []
        self.last_action = ""
        self.last_action_error = ""
        self.infeasible = False
        self.page_history = {}
        self.page = self.context.new_page()
        self._watch(self.page)
        self._activate(self.page)
        return self.page

    def close_context(self) -> None:
        if self.context is not None:
            try:
                self.context.close()
            except Exception:  # pragma: no cover - browser already gone
                pass
        self.context = None
        self.page = None
        self.page_history = {}
        self._pending.clear()
        self._status.clear()

    def close(self) -> None:
        """Close the context, the browser and the Playwright driver; kill anything left over."""

        procs = process_tree(self.driver_pid)[1:]  # the driver's children: Chromium
        self.close_context()
        if self.browser is not None:
            try:
                self.browser.close()
            except Exception:  # pragma: no cover
                pass
            self.browser = None
        if self._pw_manager is not None:
            try:
                self._pw_manager.__exit__(None, None, None)
            except Exception:  # pragma: no cover
                pass
            self._pw_manager = None
            self.playwright = None
        procs += process_tree(self.driver_pid)
        kill_tree(procs)

    # ------------------------------------------------------------------ page tracking
    def _watch(self, page) -> None:
        if page in self._pending:
            return
        self._pending[page] = set()

        def is_main_nav(req) -> bool:
            try:
                return req.is_navigation_request() and req.frame == page.main_frame
            except Exception:
                return False

        def on_request(req):
            if is_main_nav(req):
                self._pending[page].add(req)

        def on_done(req):
            self._pending.get(page, set()).discard(req)

        def on_response(resp):
            try:
                if is_main_nav(resp.request):
                    self._status[page] = resp.status
            except Exception:
                pass

        page.on("request", on_request)
        page.on("requestfinished", on_done)
        page.on("requestfailed", on_done)
        page.on("response", on_response)

    def _activate(self, page) -> None:
        if page.context != self.context:
            return
        if page in self.page_history:
            self.page_history[page] = self.page_history.pop(page)
        else:
            self.page_history[page] = None
        self.page = page

    def _active_page_check(self) -> None:
        if len(self.context.pages) == 0:
            self.page = self.context.new_page()
            self._watch(self.page)
        while self.page_history and (self.page.is_closed() or self.page not in self.context.pages):
            self.page_history.pop(self.page, None)
            if not self.page_history:
                break
            self.page = list(self.page_history.keys())[-1]
        if self.page is None or self.page.is_closed() or self.page not in self.context.pages:
            self.page = self.context.pages[-1]

    # ------------------------------------------------------------------ actions
    def _send_message_to_user(self, text: str) -> None:
        if not isinstance(text, str):
            raise ValueError(f"Forbidden value: {text} is not a string")
        self.chat_messages.append({"role": "assistant", "timestamp": time.time(), "message": text})

    def _report_infeasible(self, reason: str) -> None:
        if not isinstance(reason, str):
            raise ValueError(f"Forbidden value: {reason} is not a string")
        self.chat_messages.append({"role": "infeasible", "timestamp": time.time(), "message": reason})
        self.infeasible = True

    def add_user_message(self, text: str) -> None:
        self.chat_messages.append({"role": "user", "timestamp": time.time(), "message": text})

    def execute(self, command: str) -> str | None:
        """Run one BrowserGym high-level action string; returns the error text or ``None``.

        Like BrowserGym's ``BrowserEnv.step``, a failing action is not raised: its error
        (``TypeName: message``, first line only) becomes the observation's ``error``.
        """
        from browsergym.core.action.base import execute_python_code

        self.last_action = command
        try:
            code = self.action_set.to_python_code(command)
            execute_python_code(code, self.page, send_message_to_user=self._send_message_to_user,
                                report_infeasible_instructions=self._report_infeasible)
            self.last_action_error = ""
        except Exception as exc:  # noqa: BLE001 - every failure is an observation
            self.last_action_error = f"{type(exc).__name__}: {exc}".split("\n")[0].strip()
        self.settle()
        return self.last_action_error or None

    def settle(self) -> None:
        """Wait for JS callbacks, for main-document navigations in flight, then for the DOM."""
        cfg = self.config
        deadline = time.monotonic() + cfg.nav_timeout
        page = self.page
        try:
            page.wait_for_timeout(max(1, int(cfg.pre_observation_delay * 1000)))
            self.context.cookies()  # flushes pending Playwright callbacks (BrowserGym's hack)
        except Exception:
            pass
        self._active_page_check()
        quiet = 0
        while time.monotonic() < deadline:
            busy = any(self._pending.get(p) for p in self.context.pages)
            quiet = 0 if busy else quiet + 1
            if quiet >= 2:  # two consecutive quiet polls: a redirect's next hop has had its chance
                break
            try:
                self.page.wait_for_timeout(25 if not busy else 50)
            except Exception:
                break
            self._active_page_check()
        for p in list(self.context.pages):
            remaining = max(0.1, deadline - time.monotonic())
            try:
                p.wait_for_load_state("domcontentloaded", timeout=remaining * 1000)
            except Exception:
                pass
        self._active_page_check()

    # ------------------------------------------------------------------ observation
    def observe(self, *, screenshot: bool = False, keep_axtree: bool = False) -> RawObservation:
        import playwright.sync_api
        from browsergym.core.constants import EXTRACT_OBS_MAX_TRIES
        from browsergym.core.observation import (
            MarkingError,
            _post_extract,
            _pre_extract,
            extract_focused_element_bid,
            extract_merged_axtree,
        )
        from browsergym.utils.obs import flatten_axtree_to_str

        self._active_page_check()
        page = self.page
        axtree, focused, boxes = None, None, None
        for retries_left in reversed(range(EXTRACT_OBS_MAX_TRIES)):
            try:
                _pre_extract(page, tags_to_mark=self.config.tags_to_mark, lenient=(retries_left == 0))
                axtree = extract_merged_axtree(page)
                focused = extract_focused_element_bid(page)
                boxes = _element_boxes(page) if screenshot else None  # while the bids are marked
            except (playwright.sync_api.Error, MarkingError) as exc:
                if retries_left > 0 and any(m in str(exc) for m in _RETRYABLE):
                    try:
                        _post_extract(page)
                    except Exception:
                        pass
                    page.wait_for_timeout(200)
                    try:
                        page.wait_for_load_state("domcontentloaded", timeout=3000)
                    except Exception:
                        pass
                    continue
                raise
            break
        try:
            _post_extract(page)
        except Exception:
            pass
        kwargs = {"ignored_roles": list(self.config.ignored_roles), **self.config.flatten_kwargs}
        text = flatten_axtree_to_str(axtree, **kwargs)
        tabs = []
        for p in self.context.pages:
            try:
                tabs.append({"url": p.url, "title": p.title()})
            except Exception:
                tabs.append({"url": p.url, "title": ""})
        png = None
        if screenshot:
            try:
                png = page.screenshot(type="png")
            except Exception:  # pragma: no cover
                png = None
        return RawObservation(
            url=page.url,
            title=tabs[self.context.pages.index(page)]["title"] if page in self.context.pages else "",
            text=text,
            error=self.last_action_error or None,
            tabs=tabs,
            active_tab=self.context.pages.index(page) if page in self.context.pages else 0,
            status=self._status.get(page),
            focused_bid=focused or None,
            screenshot_png=png,
            axtree=axtree if keep_axtree else None,
            boxes=boxes if png is not None else None,
        )
