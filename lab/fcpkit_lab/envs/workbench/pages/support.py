"""Support triage: the ticket page and its Assign control."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse

from fcpkit_lab.envs.workbench.data import TEAMS

__all__ = ["SupportPages"]


class SupportPages:
    """Mixed into :class:`~fcpkit_lab.envs.workbench.app.WorkbenchApp`."""

    async def ticket_detail(self, request: Request):
        key, ticket = self._require(request, "tickets", "id", "Ticket")
        self._note_wrong_record_detail(request, "support", key)
        missing = self._fault_here("support") == "control_missing"
        if missing:
            self._mark(request, "control_missing", "Assign control removed from ticket detail")
        return self._render(request, "ticket.html", title=f"Ticket {key}", section="support",
                            t=ticket, teams=TEAMS, show_assign=not missing,
                            updated=self._ago(ticket),
                            extra_notice="New layout: we have simplified this page." if missing else None)

    async def ticket_assign(self, request: Request):
        key, ticket = self._require(request, "tickets", "id", "Ticket")
        back = f"/support/{key}"
        form = await self._write_form(request, back)
        team = str(form.get("team", ""))
        faulty = self._key_control_fault(request, "support", self._fault_here("support"), removed=True,
                                         what=f"assign {key} to {team!r}", back=back,
                                         banner=f"Comment added to ticket {key}.")
        if faulty is not None:
            return faulty
        if team not in TEAMS:
            self._flash(request, "error", "Choose a team to assign the ticket to.")
            return RedirectResponse(back, status_code=303)
        with self._lock, self._db() as conn:
            conn.execute("UPDATE tickets SET team = ?, updated_offset_min = ? WHERE id = ?",
                         (team, self._now_offset(), key))
            self._audit(conn, request, "assign", key, f"team {ticket['team']} -> {team}")
        self._flash(request, "success", f"Ticket {key} assigned to {team}. Changes saved.")
        return RedirectResponse(back, status_code=303)
