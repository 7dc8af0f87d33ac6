"""The control API: set the episode, read its events, the database and the validation, sign in.

Not linked from any page; every endpoint answers ``404`` without the control token (the
``X-Workbench-Token`` header or a ``token`` query parameter).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from fcpkit_lab.envs.workbench.session import SESSION_COOKIE, safe_next

__all__ = ["ControlEndpoints"]


class ControlEndpoints:
    """Mixed into :class:`~fcpkit_lab.envs.workbench.app.WorkbenchApp`."""

    async def control_episode(self, request: Request):
        if not self._check_control(request):
            return Response("Not Found", status_code=404)
        if request.method == "GET":
            return JSONResponse(self._episode.to_dict())
        try:
            body = await request.json()
        except ValueError:
            body = None
        if not isinstance(body, dict):
            return JSONResponse({"error": "send a JSON object"}, status_code=400)
        try:
            config = self.reset_episode(
                body.get("workflow", "support"), int(body.get("variant", 0)),
                body.get("fault"), int(body.get("seed", 0)),
                params=body.get("params") or {},
                frozen_clock=bool(body.get("frozen_clock", False)),
                keep_sessions=bool(body.get("keep_sessions", True)),
            )
        except Exception as exc:  # ConfigError and friends: report, do not crash
            return JSONResponse({"error": str(exc)}, status_code=400)
        return JSONResponse(config.to_dict())

    async def control_events(self, request: Request):
        if not self._check_control(request):
            return Response("Not Found", status_code=404)
        return JSONResponse([e.to_dict() for e in self.events()])

    async def control_state(self, request: Request):
        if not self._check_control(request):
            return Response("Not Found", status_code=404)
        return JSONResponse(self.db_state())

    async def control_validate(self, request: Request):
        if not self._check_control(request):
            return Response("Not Found", status_code=404)
        try:
            body = await request.json()
        except ValueError:
            body = {}
        answer = body.get("answer") if isinstance(body, dict) else None
        return JSONResponse(self.validate(answer).to_dict())

    async def control_login(self, request: Request):
        if not self._check_control(request):
            return Response("Not Found", status_code=404)
        cookie = self.create_session(request.query_params.get("user", "agent"))
        response = RedirectResponse(safe_next(request.query_params.get("next"), "/"),
                                    status_code=303)
        response.set_cookie(SESSION_COOKIE, cookie, httponly=True, samesite="lax", path="/")
        return response
