"""Where the episode's fault acts inside the page handlers.

The request-level faults (``session_expired``, ``slow_response``, ``interstitial``) act in the
episode middleware (:mod:`fcpkit_lab.envs.workbench.middleware`); the others act here, in the
handlers of the workflow the task belongs to: a key control's refusal, no-op or wrong banner
(:meth:`FaultHooks._key_control_fault`), the near-miss record served by a stale link, and the
interstitial refusing writes until it is acknowledged. Whether a transient variant still acts is
counted per episode (:class:`~fcpkit_lab.envs.workbench.faults.FaultCounter`).
"""

from __future__ import annotations

import asyncio
import time

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

__all__ = ["DENIED", "FaultHooks"]

DENIED = {
    "support": "You do not have permission to assign tickets. Ask a workspace administrator "
               "for the Support lead role.",
    "expenses": "You do not have permission to approve or reject expense reports. Ask a "
                "workspace administrator for the Finance approver role.",
    "catalogue": "You do not have permission to change product prices. Ask a workspace "
                 "administrator for the Pricing editor role.",
    "orders": "You do not have permission to view refund details. Ask a workspace "
              "administrator for the Refunds viewer role.",
}


class FaultHooks:
    """The fault checks the handlers call, mixed into :class:`~fcpkit_lab.envs.workbench.app.WorkbenchApp`."""

    def _fault(self) -> str | None:
        return self._episode.fault

    def _fires(self, kind: str) -> bool:
        """Whether ``kind`` acts on this request (a transient variant acts once per episode)."""
        with self._lock:
            return self._ep["faults"].fires(kind, self._episode.persistence)

    def _fault_here(self, workflow: str) -> str | None:
        return self._fault() if self.task.workflow == workflow else None

    def _blocked_by_interstitial(self, request: Request, back: str) -> Response | None:
        if request.scope.get("wb", {}).get("interstitial"):
            self._mark(request, "interstitial",
                       "write refused: the announcement has not been acknowledged")
            return RedirectResponse(back, status_code=303)
        return None

    def _note_wrong_record_detail(self, request: Request, workflow: str, key: str) -> None:
        task = self.task
        if self._fault() == "wrong_record" and task.workflow == workflow and key == task.near_miss:
            self._mark(request, "wrong_record", f"served {key} (near-miss of {task.target})")

    def _key_control_fault(self, request: Request, workflow: str, fault: str | None, *, what: str,
                           back: str, noop_to: str | None = None, banner: str | None = None,
                           removed: bool = False):
        """The faults that act on a workflow's key control, shared by its write handlers.

        Returns the faulty response, or ``None`` when the request should go through.
        """
        if removed and fault == "control_missing":
            self._mark(request, fault, f"{what}: endpoint removed")
            return self._error(request, 410, "Action unavailable", "This action is no longer available on this page.")
        if fault == "permission_denied":
            self._mark(request, fault, f"{what} refused with 403")
            return self._error(request, 403, "Permission denied", DENIED[workflow])
        if fault == "silent_noop" and self._fires(fault):
            self._mark(request, fault, f"{what} ignored")
            return RedirectResponse(noop_to or back, status_code=303)
        if fault == "wrong_banner" and banner is not None and self._fires(fault):
            self._mark(request, fault, f"{what} not saved; banner {banner!r} shown instead")
            self._flash(request, "success", banner)
            return RedirectResponse(back, status_code=303)
        return None

    async def _hold(self, seconds: float) -> None:
        """Sleep for ``slow_response``, cut short when the server is shutting down."""
        deadline = time.monotonic() + seconds
        while not self.closing:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            await asyncio.sleep(min(0.05, remaining))
