"""Expense approval: the expense report page, its Approve / Reject decision and its note."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse

__all__ = ["ExpensePages"]


class ExpensePages:
    """Mixed into :class:`~fcpkit_lab.envs.workbench.app.WorkbenchApp`."""

    async def expense_detail(self, request: Request):
        key, exp = self._require(request, "expenses", "id", "Expense report")
        self._note_wrong_record_detail(request, "expenses", key)
        missing = self._fault_here("expenses") == "control_missing"
        if missing and exp["status"] == "Submitted":
            self._mark(request, "control_missing",
                       "Approve and Reject controls removed from expense report detail")
        return self._render(request, "expense.html", title=f"Expense report {key}",
                            section="expenses", e=exp, show_decision=not missing,
                            updated=self._ago(exp),
                            extra_notice="New layout: we have simplified this page." if missing else None)

    async def expense_decide(self, request: Request):
        key, exp = self._require(request, "expenses", "id", "Expense report")
        back = f"/expenses/{key}"
        form = await self._write_form(request, back)
        decision = str(form.get("decision", ""))
        note = str(form.get("note", "")).strip()
        faulty = self._key_control_fault(request, "expenses", self._fault_here("expenses"), removed=True,
                                         what=f"{decision} {key}", back=back,
                                         banner=f"Expense report {key} exported to PDF.")
        if faulty is not None:
            return faulty
        if decision not in ("approve", "reject"):
            self._flash(request, "error", "Choose Approve or Reject.")
            return RedirectResponse(back, status_code=303)
        if exp["status"] != "Submitted":
            self._flash(request, "error",
                        f"Expense report {key} was already {exp['status'].lower()}.")
            return RedirectResponse(back, status_code=303)
        if decision == "reject" and not note:
            self._flash(request, "error", "Add a note explaining why the report is rejected.")
            return RedirectResponse(back, status_code=303)
        status = "Approved" if decision == "approve" else "Rejected"
        user = request.scope["wb"]["session"]["user"]
        with self._lock, self._db() as conn:
            conn.execute(
                "UPDATE expenses SET status = ?, decision_note = ?, decided_by = ?, "
                "updated_offset_min = ? WHERE id = ?",
                (status, note, user, self._now_offset(), key),
            )
            self._audit(conn, request, decision, key, f"status -> {status}; note {note!r}")
        self._flash(request, "success", f"Expense report {key} {status.lower()}.")
        return RedirectResponse(back, status_code=303)

    async def expense_note(self, request: Request):
        key, exp = self._require(request, "expenses", "id", "Expense report")
        back = f"/expenses/{key}"
        form = await self._write_form(request, back)
        note = str(form.get("note", "")).strip()
        with self._lock, self._db() as conn:
            conn.execute("UPDATE expenses SET decision_note = ?, updated_offset_min = ? "
                         "WHERE id = ?", (note, self._now_offset(), key))
            self._audit(conn, request, "note", key, f"note {note!r}")
        self._flash(request, "success", f"Note saved on expense report {key}.")
        return RedirectResponse(back, status_code=303)
