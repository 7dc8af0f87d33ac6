"""The home page, the health check, and the announcement's dismiss button (the interstitial's way out)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse

from fcpkit_lab.envs.workbench.session import safe_next

__all__ = ["HomePages"]


class HomePages:
    """Mixed into :class:`~fcpkit_lab.envs.workbench.app.WorkbenchApp`."""

    async def healthz(self, request: Request):
        return JSONResponse({"ok": True})

    async def home(self, request: Request):
        with self._db() as conn:
            def count(sql: str) -> int:
                return conn.execute(sql).fetchone()[0]
            open_tickets = count("SELECT COUNT(*) FROM tickets WHERE status = 'Open'")
            waiting = count("SELECT COUNT(*) FROM expenses WHERE status = 'Submitted'")
            products = count("SELECT COUNT(*) FROM products")
            refunds = count("SELECT COUNT(*) FROM orders "
                            "WHERE refund_status IN ('Pending', 'Refund requested')")
        cards = [
            ("Support queue", "/support", f"Open tickets ({open_tickets})"),
            ("Expense reports", "/expenses", f"Awaiting approval ({waiting})"),
            ("Product catalogue", "/catalogue", f"Products ({products})"),
            ("Orders", "/orders", f"Refunds pending ({refunds})"),
        ]
        return self._render(request, "home.html", title="Workbench home", cards=cards)

    async def dismiss_announcement(self, request: Request):
        form = await request.form()
        with self._lock:
            self._ep["interstitial_dismissed"] = True
        return RedirectResponse(safe_next(str(form.get("next", "")), "/"), status_code=303)
