"""The episode middleware: numbers the app requests, enforces sign-in, applies the request-level
faults (``session_expired``, ``slow_response``, ``interstitial``) and logs one
:class:`~fcpkit_lab.envs.workbench.episode.EpisodeEvent` per request.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlencode

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from fcpkit_lab.envs.workbench.faults import request_fault

if TYPE_CHECKING:
    from fcpkit_lab.envs.workbench.app import WorkbenchApp

__all__ = ["EpisodeMiddleware"]

_PUBLIC_PATHS = {"/signin", "/healthz"}
_UNLOGGED_PREFIXES = ("/__control", "/static", "/favicon.ico", "/healthz")


class EpisodeMiddleware:
    """Numbers app requests, enforces sign-in, applies request-level faults, logs events."""

    def __init__(self, app, wb: WorkbenchApp) -> None:
        self.app = app
        self.wb = wb

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        if path.startswith(_UNLOGGED_PREFIXES):
            await self.app(scope, receive, send)
            return
        wb = self.wb
        request = Request(scope)
        method = scope["method"]
        query = scope.get("query_string", b"").decode("latin-1")
        sid, session, had_cookie = wb.session_for(request)
        info: dict[str, Any] = {"session": session, "sid": sid, "fault": None, "write": None,
                                "detail": "", "interstitial": False}
        scope["wb"] = info
        t = 0.0
        index = -1
        response: Response | None = None
        if path not in _PUBLIC_PATHS:
            with wb._lock:
                if session is not None:  # only signed-in requests are numbered
                    index = wb._ep["requests"]
                    wb._ep["requests"] += 1
                t = time.monotonic() - wb._ep["t0"]
                episode = wb._episode
                after = episode.params.get("after_requests", 0)
                if session is None:
                    nxt = path if method == "GET" else (path.rsplit("/", 1)[0] or "/")
                    if method == "GET" and query:
                        nxt += "?" + query
                    qs = {"next": nxt}
                    if had_cookie:
                        qs["expired"] = "1"
                    response = RedirectResponse("/signin?" + urlencode(qs, quote_via=quote),
                                                status_code=303)
                else:
                    response = request_fault(wb._ep, wb._sessions, episode, index, sid, method, path, info)
            if response is None and episode.fault == "slow_response" and index >= after \
                    and wb._fires("slow_response"):
                delay = float(episode.params.get("delay_s", 0.0))
                info["fault"] = "slow_response"
                info["detail"] = f"response held for {delay:g} s"
                await wb._hold(delay)
        else:
            with wb._lock:
                t = time.monotonic() - wb._ep["t0"]

        status_holder = {"status": 0}

        async def send_wrapper(message):
            if message["type"] == "http.response.start":
                status_holder["status"] = message["status"]
            await send(message)

        episode_at_start = wb._episode
        try:
            if response is not None:
                await response(scope, receive, send_wrapper)
            else:
                await self.app(scope, receive, send_wrapper)
        finally:
            if wb._episode is episode_at_start and not path.startswith("/__control"):
                wb._log({
                    "index": index, "method": method, "path": path, "query": query,
                    "status": status_holder["status"] or 500, "t": t,
                    "fault": info.get("fault"), "write": info.get("write"),
                    "detail": info.get("detail", ""),
                })
