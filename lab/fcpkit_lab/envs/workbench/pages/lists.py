"""The list pages: one search box, filters and tabs per workflow, from one specification each.

:data:`LIST_SPECS` says what each workflow's list shows (table, key, columns, filters, tabs) and
which filter a previous session left behind (what the ``stale_filter`` fault keeps on). The
``wrong_record`` fault acts here too: the stale search index links the target's row to its
near-miss record.
"""

from __future__ import annotations

from typing import Any, Callable
from urllib.parse import urlencode

from starlette.requests import Request

from fcpkit_lab.envs.workbench.data import EXPENSE_STATUSES, TEAMS, TICKET_STATUSES, format_money
from fcpkit_lab.envs.workbench.faults import sticky_filter

__all__ = ["LIST_SPECS", "ListPages"]

def _ticket_cells(row, ago):
    return [row["subject"], row["customer"], row["status"], row["team"], ago(row)]


def _expense_cells(row, ago):
    return [row["employee"], format_money(row["amount_cents"]), row["category"],
            row["policy_result"], row["status"], ago(row)]


def _product_cells(row, ago):
    return [row["name"], row["category"], format_money(row["price_cents"]), str(row["stock"]),
            ago(row)]


def _order_cells(row, ago):
    return [row["customer"], row["placed"], format_money(row["total_cents"]), row["status"],
            ago(row)]


LIST_SPECS: dict[str, dict[str, Any]] = {
    "support": {
        "table": "tickets", "key": "id", "title": "Support queue", "noun": ("ticket", "tickets"),
        "search_label": "Search tickets", "search_cols": ["id", "subject", "customer"],
        "filters": [("status", "Status", TICKET_STATUSES), ("team", "Team", TEAMS)],
        "headers": ["Ticket", "Subject", "Customer", "Status", "Team", "Updated"],
        "cells": _ticket_cells,
        "tabs": [("Open", {"status": "Open"}), ("Pending", {"status": "Pending"}),
                 ("Unassigned", {"team": "Unassigned"})],
        # the filter a previous session left behind (used by the stale_filter fault)
        "stale": {"q": "refund", "status": "Open"},
    },
    "expenses": {
        "table": "expenses", "key": "id", "title": "Expense reports",
        "noun": ("expense report", "expense reports"),
        "search_label": "Search expense reports",
        "search_cols": ["id", "employee", "merchant", "category"],
        "filters": [("status", "Status", EXPENSE_STATUSES),
                    ("category", "Category", ["Travel", "Lodging", "Meals", "Software",
                                              "Training", "Office supplies", "Equipment"])],
        "headers": ["Report", "Employee", "Amount", "Category", "Policy check", "Status",
                    "Updated"],
        "cells": _expense_cells,
        "tabs": [("Awaiting approval", {"status": "Submitted"}),
                 ("Approved", {"status": "Approved"}), ("Rejected", {"status": "Rejected"})],
        "stale": {"status": "Rejected"},
    },
    "catalogue": {
        "table": "products", "key": "sku", "title": "Product catalogue",
        "noun": ("product", "products"),
        "search_label": "Search products", "search_cols": ["sku", "name"],
        "filters": [("category", "Category", ["Lighting", "Seating", "Desks", "Accessories",
                                              "Electronics"])],
        "headers": ["SKU", "Name", "Category", "Price", "Stock", "Updated"],
        "cells": _product_cells,
        "tabs": [("Seating", {"category": "Seating"}), ("Desks", {"category": "Desks"}),
                 ("Electronics", {"category": "Electronics"})],
        "stale": {"q": "lamp"},
    },
    "orders": {
        "table": "orders", "key": "id", "title": "Orders", "noun": ("order", "orders"),
        "search_label": "Search orders", "search_cols": ["id", "customer"],
        "filters": [("status", "Order status", ["Processing", "Shipped", "Delivered",
                                                "Returned", "Cancelled"])],
        "headers": ["Order", "Customer", "Placed", "Total", "Status", "Updated"],
        "cells": _order_cells,
        "tabs": [("Returned", {"status": "Returned"}), ("Delivered", {"status": "Delivered"}),
                 ("Cancelled", {"status": "Cancelled"})],
        "stale": {"q": "ORD-54"},
    },
}


class ListPages:
    """The list handlers, mixed into :class:`~fcpkit_lab.envs.workbench.app.WorkbenchApp`."""

    def list_page(self, workflow: str) -> Callable:
        spec = LIST_SPECS[workflow]

        async def handler(request: Request):
            return self._list(request, workflow, spec)

        handler.__name__ = f"{workflow}_list"
        return handler

    def _list(self, request: Request, workflow: str, spec: dict[str, Any]):
        fields = ["q"] + [f[0] for f in spec["filters"]]
        qp = request.query_params
        submitted = {f: qp.get(f, "").strip() for f in fields}
        was_submitted = any(f in qp for f in fields)
        session = request.scope["wb"]["session"]
        task = self.task
        fault = self._fault() if workflow == task.workflow else None

        if fault == "stale_filter" and self._episode.persistence == "transient":
            with self._lock:
                effective, detail = sticky_filter(session["filters"], workflow, spec["stale"], submitted, was_submitted)
            if detail:
                self._mark(request, "stale_filter", detail)
        elif fault == "stale_filter":
            effective = {f: spec["stale"].get(f, "") for f in fields}
            asked = submitted if was_submitted else {f: "" for f in fields}
            detail = ("list kept the previous filter "
                      + ", ".join(f"{k}={v!r}" for k, v in effective.items() if v))
            if asked != effective:
                detail += " instead of " + (
                    ", ".join(f"{k}={v!r}" for k, v in asked.items() if v) or "no filter")
            self._mark(request, "stale_filter", detail)
        else:
            with self._lock:
                saved = session["filters"]
                if was_submitted:
                    saved[workflow] = submitted
                effective = saved.get(workflow, {f: "" for f in fields})

        key = spec["key"]
        with self._db() as conn:
            rows = [dict(r) for r in conn.execute(f"SELECT * FROM {spec['table']} ORDER BY {key}")]
            tab_counts = []
            for label, flt in spec["tabs"]:
                where = " AND ".join(f"{k} = ?" for k in flt)
                n = conn.execute(f"SELECT COUNT(*) FROM {spec['table']} WHERE {where}",
                                 tuple(flt.values())).fetchone()[0]
                tab_counts.append((f"{label} ({n})", "/" + workflow + "?" + urlencode(flt)))

        q = effective.get("q", "").lower()
        results = [
            r for r in rows
            if (not q or any(q in str(r[c]).lower() for c in spec["search_cols"]))
            and all(not effective.get(f) or r[f] == effective[f] for f, _, _ in spec["filters"])
        ]
        hrefs = {r[key]: f"/{workflow}/{r[key]}" for r in rows}

        if fault == "wrong_record":
            ids = [r[key] for r in results]
            if task.target in ids:
                # the stale search index points the target's row at the near-miss record, and
                # ranks the near-miss first when the search names the target
                hrefs[task.target] = f"/{workflow}/{task.near_miss}"
                detail = f"row {task.target} links to /{workflow}/{task.near_miss}"
                if q:
                    near = next(r for r in rows if r[key] == task.near_miss)
                    results = [near] + [r for r in results if r[key] != task.near_miss]
                    detail = f"search ranked {task.near_miss} above {task.target}; " + detail
                self._mark(request, "wrong_record", detail)

        table_rows = [
            {"key": r[key], "href": hrefs[r[key]], "cells": spec["cells"](r, self._ago)}
            for r in results
        ]
        singular, plural = spec["noun"]
        active = [(label, effective.get(name, "")) for name, label, _ in spec["filters"]
                  if effective.get(name)]
        return self._render(
            request, "list.html", title=spec["title"], section=workflow, workflow=workflow,
            spec=spec, query=effective.get("q", ""), effective=effective, active=active,
            rows=table_rows, tabs=tab_counts, searched=any(effective.values()),
            count_text=(f"No {plural} match" if not table_rows else
                        f"1 {singular} matches" if len(table_rows) == 1 else
                        f"{len(table_rows)} {plural} match"),
        )
