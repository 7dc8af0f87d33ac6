"""Rendering helpers of the workbench's pages: templates, error pages, flash messages, marks.

Every page goes through :meth:`Rendering._render`, which adds what the base template shows on
every page (the signed-in user, the CSRF token, the clock, the flashes, the interstitial). The
``_mark`` and ``_wrote`` helpers record on the request what a fault did and what a handler wrote;
the episode middleware turns them into the request's :class:`~fcpkit_lab.envs.workbench.episode.EpisodeEvent`.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

__all__ = ["Halt", "halted", "relative_time", "Rendering"]

def relative_time(minutes: float) -> str:
    m = int(minutes)
    if m < 1:
        return "just now"
    if m < 60:
        return "1 minute ago" if m == 1 else f"{m} minutes ago"
    h = m // 60
    if h < 24:
        return "1 hour ago" if h == 1 else f"{h} hours ago"
    d = h // 24
    return "1 day ago" if d == 1 else f"{d} days ago"


class Halt(Exception):
    """Ends a handler early with a response already built (a 404 page, a refused write's redirect)."""

    def __init__(self, response: Response):
        super().__init__()
        self.response = response


def halted(request: Request, exc: Exception) -> Response:
    return exc.response  # type: ignore[attr-defined]


class Rendering:
    """Page rendering and request bookkeeping, mixed into :class:`~fcpkit_lab.envs.workbench.app.WorkbenchApp`
    (which holds the Jinja environment ``_env``, the episode, the clock and the database)."""

    def _render(self, request: Request, template: str, status_code: int = 200, **ctx: Any):
        wb = request.scope.get("wb", {})
        session = wb.get("session")
        flashes: list[tuple[str, str]] = []
        if session is not None:
            with self._lock:
                flashes, session["flash"] = session["flash"], []
        interstitial = bool(wb.get("interstitial"))
        if interstitial:
            self._mark(request, "interstitial", "announcement dialog covers the page")
        context = {
            "user": session,
            "csrf_token": session.get("csrf", "") if session is not None else "",
            "section": ctx.pop("section", None),
            "clock": self._clock(),
            "notifications": 2 + self._episode.seed % 4,
            "flashes": flashes + ctx.pop("banners", []),
            "interstitial": interstitial,
            "current_path": request.url.path + (f"?{request.url.query}" if request.url.query else ""),
            "extra_notice": ctx.pop("extra_notice", None),
        }
        context.update(ctx)
        html = self._env.get_template(template).render(**context)
        return HTMLResponse(html, status_code=status_code)

    def _error(self, request: Request, status_code: int, title: str, message: str, **ctx: Any):
        return self._render(request, "error.html", status_code=status_code, title=title,
                            message=message, **ctx)

    def _flash(self, request: Request, kind: str, text: str) -> None:
        session = request.scope.get("wb", {}).get("session")
        if session is not None:
            with self._lock:
                session["flash"].append((kind, text))

    @staticmethod
    def _mark(request: Request, fault: str, detail: str) -> None:
        wb = request.scope.setdefault("wb", {})
        if wb.get("fault") is None:
            wb["fault"] = fault
            wb["detail"] = detail
        elif detail not in wb["detail"]:
            wb["detail"] += "; " + detail

    @staticmethod
    def _wrote(request: Request, what: str) -> None:
        wb = request.scope.setdefault("wb", {})
        wb["write"] = what if not wb.get("write") else wb["write"] + "; " + what

    def _audit(self, conn: sqlite3.Connection, request: Request, action: str, record: str,
               detail: str) -> None:
        user = request.scope["wb"]["session"]["user"]
        conn.execute("INSERT INTO audit (username, action, record, detail) VALUES (?, ?, ?, ?)",
                     (user, action, record, detail))
        self._wrote(request, f"{action} {record}: {detail}")

    def _record(self, table: str, keycol: str, key: str) -> dict[str, Any] | None:
        with self._db() as conn:
            row = conn.execute(f"SELECT * FROM {table} WHERE {keycol} = ?", (key,)).fetchone()
        return dict(row) if row else None

    def _not_found(self, request: Request, what: str):
        return self._error(request, 404, "Page not found", f"{what} was not found.")

    def _require(self, request: Request, table: str, keycol: str, label: str) -> tuple[str, dict[str, Any]]:
        """The route's ``{key}`` and its record; a missing record ends the request with a 404 page."""
        key = request.path_params["key"]
        record = self._record(table, keycol, key)
        if record is None:
            raise Halt(self._not_found(request, f"{label} {key}"))
        return key, record

    async def _write_form(self, request: Request, back: str) -> Any:
        """The submitted form of a write; while the interstitial is up the write is refused (to ``back``)."""
        blocked = self._blocked_by_interstitial(request, back)
        if blocked is not None:
            raise Halt(blocked)
        return await request.form()
