"""Catalogue price update: the product page, its price form and the price save."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse

from fcpkit_lab.envs.workbench.data import format_money

__all__ = ["CataloguePages"]

def _parse_price(text: str) -> int | None:
    t = text.strip().replace("$", "").replace(",", "").strip()
    try:
        value = float(t)
    except ValueError:
        return None
    if not value > 0 or value > 1_000_000:
        return None
    return int(round(value * 100))


class CataloguePages:
    """Mixed into :class:`~fcpkit_lab.envs.workbench.app.WorkbenchApp`."""

    async def product_detail(self, request: Request):
        key, p = self._require(request, "products", "sku", "Product")
        self._note_wrong_record_detail(request, "catalogue", key)
        return self._render(request, "product.html", title=f"Product {key}",
                            section="catalogue", p=p, updated=self._ago(p))

    async def product_edit(self, request: Request):
        key, p = self._require(request, "products", "sku", "Product")
        renamed = self._fault_here("catalogue") == "control_missing"
        if renamed:
            self._mark(request, "control_missing",
                       "Save price control replaced by Submit for approval")
        return self._render(request, "product_edit.html", title=f"Edit price for {key}",
                            section="catalogue", p=p, renamed=renamed, error=None,
                            value=f"{p['price_cents'] / 100:.2f}",
                            extra_notice="New layout: we have simplified this page." if renamed else None)

    async def product_save_price(self, request: Request):
        key, p = self._require(request, "products", "sku", "Product")
        back = f"/catalogue/{key}"
        edit = f"/catalogue/{key}/edit"
        form = await self._write_form(request, edit)
        raw = str(form.get("price", ""))
        cents = _parse_price(raw)
        fault = self._fault_here("catalogue")
        faulty = self._key_control_fault(request, "catalogue", fault, what=f"price {raw!r} for {key}",
                                         back=back, noop_to=edit, banner=f"Stock level for {key} updated.")
        if faulty is not None:
            return faulty
        if cents is None:
            return self._render(request, "product_edit.html", title=f"Edit price for {key}",
                                section="catalogue", p=p,
                                renamed=fault == "control_missing",
                                error="Enter a price such as 229.00.", value=raw)
        if fault == "control_missing":
            self._mark(request, "control_missing",
                       f"renamed control stored {format_money(cents)} as a pending request")
            with self._lock, self._db() as conn:
                conn.execute("UPDATE products SET pending_price_cents = ?, updated_offset_min = ? "
                             "WHERE sku = ?", (cents, self._now_offset(), key))
                self._audit(conn, request, "request_price", key,
                            f"pending price {format_money(cents)}")
            self._flash(request, "success",
                        f"Price change for {key} submitted for approval.")
            return RedirectResponse(back, status_code=303)
        with self._lock, self._db() as conn:
            conn.execute("UPDATE products SET price_cents = ?, pending_price_cents = NULL, "
                         "updated_offset_min = ? WHERE sku = ?",
                         (cents, self._now_offset(), key))
            self._audit(conn, request, "price", key,
                        f"{format_money(p['price_cents'])} -> {format_money(cents)}")
        self._flash(request, "success", f"Price for {key} updated to {format_money(cents)}.")
        return RedirectResponse(back, status_code=303)
