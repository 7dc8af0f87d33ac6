"""Sign-in sessions: the signed session cookie, the sign-in and sign-out pages, the control token.

Sessions live in memory on the application (``_sessions``: sid -> user, display name, flash
messages, remembered list filters, CSRF token, when it was made and last used); the browser
holds only the signed sid. Sessions expire and sign-in is throttled
(:mod:`~fcpkit_lab.envs.workbench.access`). The
control API (``/__control``) is reached with the control token instead of a session.
"""

from __future__ import annotations

import hmac
import math
import secrets
from typing import Any

from itsdangerous import BadSignature
from starlette.requests import Request
from starlette.responses import RedirectResponse

from fcpkit_lab.envs.workbench.data import hash_password

__all__ = ["SESSION_COOKIE", "CONTROL_HEADER", "EXPIRED_MESSAGE", "safe_next", "Sessions"]

SESSION_COOKIE = "wb_session"
CONTROL_HEADER = "X-Workbench-Token"
EXPIRED_MESSAGE = "Your session has expired. Please sign in again."


def safe_next(target: str | None, default: str = "/") -> str:
    """Where to go after signing in: a path on this site only (never ``//other-host``), else ``default``."""
    if not target or not target.startswith("/") or target.startswith("//"):
        return default
    return target


class Sessions:
    """Session handling and the sign-in pages, mixed into :class:`~fcpkit_lab.envs.workbench.app.WorkbenchApp`
    (which holds ``_sessions``, ``_serializer``, ``_lock``, ``control_token``, ``session_policy`` and
    ``signin_throttle``)."""

    def create_session(self, username: str = "agent") -> str:
        """Sign ``username`` in without the form; returns the signed session cookie value."""
        with self._db() as conn:
            user = conn.execute("SELECT * FROM users WHERE username = ?", (username,)).fetchone()
        if user is None:
            raise KeyError(f"no workbench user {username!r}")
        sid = secrets.token_urlsafe(18)
        session = {"user": username, "display_name": user["display_name"],
                   "flash": [], "filters": {}, "csrf": secrets.token_urlsafe(24)}
        self.session_policy.stamp(session, new=True)
        with self._lock:
            self._sessions[sid] = session
        return self._serializer.dumps({"sid": sid})

    def session_for(self, request: Request) -> tuple[str | None, dict[str, Any] | None, bool]:
        """(sid, session, had_cookie) for the request's session cookie. A session past its idle
        time or lifetime (:class:`~fcpkit_lab.envs.workbench.access.SessionPolicy`) ends here: the
        request is one without a session, from a browser that had one (sent to sign in again)."""
        raw = request.cookies.get(SESSION_COOKIE)
        if not raw:
            return None, None, False
        try:
            sid = self._serializer.loads(raw)["sid"]
        except (BadSignature, KeyError, TypeError):
            return None, None, True
        with self._lock:
            session = self._sessions.get(sid)
            if session is not None and self.session_policy.expired(session):
                del self._sessions[sid]
                session = None
            elif session is not None:
                self.session_policy.stamp(session)
            return sid, session, True

    def _check_control(self, request: Request) -> bool:
        given = request.headers.get(CONTROL_HEADER) or request.query_params.get("token") or ""
        return hmac.compare_digest(given, self.control_token)

    # ---- sign-in

    async def signin_page(self, request: Request):
        banners = []
        if request.query_params.get("expired"):
            banners.append(("error", EXPIRED_MESSAGE))
        if request.query_params.get("signed_out"):
            banners.append(("success", "You have signed out."))
        return self._render(request, "signin.html", title="Sign in", banners=banners,
                            next=safe_next(request.query_params.get("next"), "/"),
                            username="")

    async def signin_submit(self, request: Request):
        form = await request.form()
        username = str(form.get("username", "")).strip()
        password = str(form.get("password", ""))
        nxt = safe_next(str(form.get("next", "")), "/")
        address = request.client.host if request.client else ""
        wait = self.signin_throttle.wait_s(address, username)
        if wait > 0:  # refused before the password is even compared
            response = self._render(request, "signin.html", status_code=429, title="Sign in",
                                    banners=[("error", f"Too many failed sign-in attempts. Try again in "
                                                       f"{math.ceil(wait)} seconds.")],
                                    next=nxt, username=username)
            response.headers["Retry-After"] = str(math.ceil(wait))
            return response
        with self._db() as conn:
            user = conn.execute("SELECT * FROM users WHERE username = ?", (username,)).fetchone()
        if user is None or not hmac.compare_digest(user["password_hash"], hash_password(password)):
            self.signin_throttle.failed(address, username)
            return self._render(request, "signin.html", status_code=200, title="Sign in",
                                banners=[("error", "Incorrect username or password.")],
                                next=nxt, username=username)
        self.signin_throttle.succeeded(address, username)
        cookie = self.create_session(username)
        response = RedirectResponse(nxt, status_code=303)
        response.set_cookie(SESSION_COOKIE, cookie, httponly=True, samesite="lax", path="/")
        return response

    async def signout(self, request: Request):
        sid, _, _ = self.session_for(request)
        with self._lock:
            self._sessions.pop(sid, None)
        response = RedirectResponse("/signin?signed_out=1", status_code=303)
        response.delete_cookie(SESSION_COOKIE, path="/")
        return response
