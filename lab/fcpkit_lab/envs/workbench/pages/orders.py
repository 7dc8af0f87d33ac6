"""Order refund lookup (read-only): the order page and its refund details page."""

from __future__ import annotations

from starlette.requests import Request

from fcpkit_lab.envs.workbench.data import format_money

__all__ = ["OrderPages"]


class OrderPages:
    """Mixed into :class:`~fcpkit_lab.envs.workbench.app.WorkbenchApp`."""

    async def order_detail(self, request: Request):
        key, o = self._require(request, "orders", "id", "Order")
        self._note_wrong_record_detail(request, "orders", key)
        missing = self._fault_here("orders") == "control_missing"
        if missing:
            self._mark(request, "control_missing", "Refund details link removed from order page")
        return self._render(request, "order.html", title=f"Order {key}", section="orders",
                            o=o, show_refund_link=not missing, updated=self._ago(o),
                            extra_notice="New layout: we have simplified this page." if missing else None)

    async def order_refund(self, request: Request):
        key, o = self._require(request, "orders", "id", "Order")
        fault = self._fault_here("orders")
        if fault == "control_missing":
            self._mark(request, "control_missing", "refund details page removed")
            return self._not_found(request, f"Refund details for {key}")
        faulty = self._key_control_fault(request, "orders", fault, what=f"refund details for {key}",
                                         back=f"/orders/{key}")
        if faulty is not None:
            return faulty
        banners = []
        if fault == "wrong_banner" and self._fires(fault):
            other_id = self.task.near_miss if key == self.task.target else self.task.target
            other = self._record("orders", "id", other_id)
            amount = format_money(other["refund_cents"] if other else 0)
            self._mark(request, "wrong_banner", f"banner for a refund on {other_id}")
            banners.append(("success", f"Refund of {amount} issued for order {other_id}."))
        return self._render(request, "refund.html", title=f"Refund details for {key}",
                            section="orders", o=o, banners=banners)
