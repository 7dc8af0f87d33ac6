"""Cross-site request forgery protection for the workbench's forms.

Every state-changing request is a form POST. A page on another origin (another port of
127.0.0.1 is same-*site*, so the ``SameSite=Lax`` session cookie travels with it) could post such
a form in a signed-in browser and reassign a ticket. Two checks close that:

* **Origin / Referer**: a POST whose ``Origin`` (or, without one, ``Referer``) names another origin
  than the one it was sent to is refused. Browsers send ``Origin`` on every cross-origin POST.
* **A per-session token**: every form carries a hidden ``csrf_token``; a signed-in POST without
  the session's token (form field, or an ``X-CSRF-Token`` header for scripts) is refused.

Refusals are ``403`` pages that say why. The control API (``/__control``) has its own bearer
token and is not a browser surface.
"""

from __future__ import annotations

import hmac
from typing import Any, Callable
from urllib.parse import parse_qs, urlsplit

from starlette.requests import Request
from starlette.responses import HTMLResponse

__all__ = ["CsrfGuard", "FIELD", "HEADER"]

FIELD = "csrf_token"
HEADER = "x-csrf-token"
_EXEMPT = ("/__control", "/static", "/healthz")
_MAX_FORM = 1 << 20


def _origin(url: str) -> str | None:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower() if parts.scheme and parts.netloc else None


def _refuse(why: str) -> HTMLResponse:
    body = (f"<!doctype html><title>Request refused</title><h1>Request refused</h1><p role='alert'>{why}</p>"
            "<p><a href='/'>Back to Workbench</a></p>")
    return HTMLResponse(body, status_code=403)


class CsrfGuard:
    """ASGI wrapper: refuses cross-origin and token-less POSTs. ``session_of(request)`` returns the
    signed-in session (a dict holding ``"csrf"``) or ``None``."""

    def __init__(self, app: Any, session_of: Callable[[Request], dict[str, Any] | None]):
        self.app = app
        self.session_of = session_of

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS") \
                or scope["path"].startswith(_EXEMPT):
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        own = f"{scope.get('scheme', 'http')}://{request.headers.get('host', '')}".lower()
        claimed = request.headers.get("origin")
        if claimed is None or claimed == "null":
            claimed = _origin(request.headers.get("referer", "")) or claimed
        if claimed is not None and claimed.lower() != own:
            await _refuse(f"This form was sent from {claimed}, not from Workbench ({own}).")(scope, receive, send)
            return
        body, more = b"", True
        while more:
            message = await receive()
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > _MAX_FORM:
                await _refuse("The form is too large.")(scope, receive, send)
                return
        session = self.session_of(request)
        if session is not None:
            sent = request.headers.get(HEADER)
            if sent is None and b"application/x-www-form-urlencoded" in request.headers.get("content-type", "").encode():
                sent = (parse_qs(body.decode("utf-8", "replace")).get(FIELD) or [None])[0]
            if not sent or not hmac.compare_digest(str(sent), str(session.get("csrf", ""))):
                await _refuse("The form's security token is missing or out of date. Reload the page and try again.")(
                    scope, receive, send)
                return
        replayed = False

        async def replay():
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)
