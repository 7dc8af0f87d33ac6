#!/usr/bin/env python3
"""Generate the TillRoll held-out corpus (stdlib only, deterministic).

TillRoll Back Office is the point-of-sale back office of Harbour & Hearth Home
Stores Ltd, a three-shop homeware chain. Two workflows are covered:

  refund       issue a refund against a past sale (3-step refund wizard)
  stockadjust  post a stock-count adjustment for a shelf bay (3-step wizard)

Writes corpus.jsonl and plans/<workflow>.yaml next to this file.
Run:  python3 make_corpus.py
"""
import json
import os
import random
import re

SEED = 20241114
RNG = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "http://127.0.0.1:8000"
PRODUCT = "TillRoll Back Office"
ORG = "Harbour & Hearth Home Stores Ltd"
USER = "Morag Keddie"
ROLE = "Store Manager"
STORE = "Portobello (ST-05)"
TODAY = "Thu 14 Nov 2024"
VERSION = "4.12.3"
MINUS = "\u2212"


def money(x):
    s = f"£{abs(x):,.2f}"
    return (MINUS + s) if x < 0 else s


# ---------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym flattened AXTree style)
# ---------------------------------------------------------------------------
class _Ctx:
    def __init__(self, page):
        self.page = page

    def __enter__(self):
        self.page.depth += 1
        return self

    def __exit__(self, *exc):
        self.page.depth -= 1
        return False


FLAGS = ("clickable", "focused")


class Page:
    def __init__(self, url, title):
        self.url = url
        self.title = f"{title} · {PRODUCT}"
        self.lines = [f"RootWebArea {self.title!r}, focused"]
        self.depth = 1
        self.n = 0
        self.keys = {}

    def node(self, role, name="", key=None, **props):
        self.n += 1
        bid = f"a{self.n}"
        s = f"[{bid}] {role} {name!r}"
        for k, v in props.items():
            if v is None:
                continue
            if k in FLAGS:
                if v:
                    s += f", {k}"
            else:
                s += f", {k}={v!r}"
        self.lines.append("\t" * self.depth + s)
        if key is not None:
            if key in self.keys:
                raise KeyError(f"duplicate key {key} on {self.url}")
            self.keys[key] = (bid, role, name)
        return _Ctx(self)

    def text(self, t):
        self.lines.append("\t" * self.depth + f"StaticText {t!r}")

    def obs(self, error=None):
        return {"url": self.url, "title": self.title,
                "text": "\n".join(self.lines), "error": error}


SECTIONS = ["Dashboard", "Sales", "Refunds", "Stock", "Products", "Customers",
            "Reports", "Settings"]


def shell(url, title, section, body, crumbs=(), toast=None, alert=None,
          search_value="", side=None, dialog=None, notif=2, sync="10:31"):
    """Common page furniture around a body callback."""
    p = Page(url, title)
    with p.node("banner", ""):
        p.node("link", f"{PRODUCT} home", key="home", clickable=True)
        p.text("Harbour & Hearth")
        p.node("button", f"Store: {STORE}", key="storeswitch", clickable=True,
               hasPopup="menu", expanded=False)
        with p.node("navigation", "Main"):
            for s in SECTIONS:
                p.node("link", s, key=f"nav:{s}", clickable=True,
                       current=("page" if s == section else None))
        with p.node("search", "Site search"):
            p.node("searchbox", "Search receipts, products, customers",
                   key="search", clickable=True,
                   value=(search_value or None))
            p.node("button", "Search", key="search_go", clickable=True)
        p.node("button", f"Notifications, {notif} unread", clickable=True,
               hasPopup="dialog", expanded=False)
        p.node("button", f"{USER}, {ROLE}", key="usermenu", clickable=True,
               hasPopup="menu", expanded=False)
    with p.node("status", "", live="polite"):
        if toast:
            p.text(toast)
            p.node("button", "Dismiss notification", key="toast_dismiss",
                   clickable=True)
    with p.node("main", ""):
        if crumbs:
            with p.node("navigation", "Breadcrumb"):
                with p.node("list", ""):
                    for i, c in enumerate(crumbs):
                        with p.node("listitem", ""):
                            if i < len(crumbs) - 1:
                                p.node("link", c[0], key=f"crumb:{c[0]}",
                                       clickable=True)
                            else:
                                p.text(c[0])
        if alert:
            with p.node("alert", "", live="assertive", atomic=True):
                p.text(alert)
        body(p)
    if side:
        side(p)
    with p.node("contentinfo", ""):
        p.text(f"© 2024 {ORG}")
        p.node("link", "Help centre", clickable=True)
        p.node("link", "Report a till problem", clickable=True)
        p.node("link", "Privacy", clickable=True)
        p.text(f"{PRODUCT} {VERSION} · Tills online: 3 of 3 · Last sync {sync}")
    if dialog:
        dialog(p)
    return p


def recent_panel(items):
    def side(p):
        with p.node("complementary", "Recently viewed"):
            p.node("heading", "Recently viewed", level=2)
            with p.node("list", ""):
                for label, key in items:
                    with p.node("listitem", ""):
                        p.node("link", label, key=f"recent:{key}", clickable=True)
    return side


# ---------------------------------------------------------------------------
# Application data
# ---------------------------------------------------------------------------
NAMED = ["Alan Crerar", "Beth Muir", "Calum Reid", "Dorothy Hislop",
         "Eileen Baird", "Fiona Mackay", "Gregor Shand", "Isla Penman",
         "Kirsty Dow", "Niamh Boyle", "Ruaridh Fyfe", "Sandeep Kaur",
         "Tomasz Nowak", "Una Gilchrist"]
CASHIERS = {"Till 1": "Priya Sandhu", "Till 2": "Jamie Orr", "Till 3": "Lewis Gray"}
DAYS = [  # label, dd/mm/yyyy, first receipt, last receipt, open min, close min
    ("Fri 8 Nov 2024", "08/11/2024", 118310, 118330, 545, 1050),
    ("Sat 9 Nov 2024", "09/11/2024", 118331, 118344, 545, 1020),
    ("Sun 10 Nov 2024", "10/11/2024", 118345, 118354, 660, 990),
    ("Mon 11 Nov 2024", "11/11/2024", 118355, 118368, 545, 1050),
    ("Tue 12 Nov 2024", "12/11/2024", 118369, 118381, 545, 1050),
    ("Wed 13 Nov 2024", "13/11/2024", 118382, 118398, 545, 1050),
    ("Thu 14 Nov 2024", "14/11/2024", 118399, 118407, 545, 625),
]
SAT_TIMES = ["09:14", "09:41", "10:22", "10:48", "11:05", "11:37", "12:10",
             "12:26", "13:02", "13:40", "13:58", "14:07", "14:11", "15:26"]

FIXED_ROWS = {
    118342: dict(till="Till 2", customer="Aileen Baird", items=6, total=56.95,
                 pay="Visa ••4417", status="Completed"),
    118343: dict(till="Till 2", customer="Walk-in", items=2, total=20.00,
                 pay="Mastercard ••0932", status="Completed"),
    118324: dict(till="Till 1", customer="Aileen Baird", items=3, total=24.50,
                 pay="Visa ••4417", status="Completed"),
    118366: dict(till="Till 1", customer="Eileen Baird", items=1, total=14.50,
                 pay="Cash", status="Completed"),
}


def day_of(no):
    for d in DAYS:
        if d[2] <= no <= d[3]:
            return d
    raise ValueError(no)


def sale_row(no):
    label, dmy, lo, hi, t0, t1 = day_of(no)
    if dmy == "09/11/2024":
        hhmm = SAT_TIMES[no - lo]
    else:
        n = hi - lo + 1
        r = random.Random(f"{SEED}-t-{no}")
        m = int(t0 + (no - lo + 0.5) * (t1 - t0) / n + r.randint(-6, 6))
        hhmm = f"{m // 60:02d}:{m % 60:02d}"
    if no in FIXED_ROWS:
        d = dict(FIXED_ROWS[no])
    else:
        r = random.Random(f"{SEED}-s-{no}")
        till = r.choice(["Till 1", "Till 2", "Till 1", "Till 3"])
        cust = r.choice(NAMED) if r.random() < 0.35 else "Walk-in"
        if cust in ("Eileen Baird",):
            cust = "Walk-in"
        items = r.randint(1, 5)
        total = round(sum(r.choice([3.5, 4.95, 6.0, 7.5, 9.95, 12.5, 14.5, 18.0, 24.0, 32.0])
                          for _ in range(items)), 2)
        pay = r.choice(["Visa ••" + str(r.randint(1000, 9999)),
                        "Mastercard ••" + str(r.randint(1000, 9999)),
                        "Cash", "Visa ••" + str(r.randint(1000, 9999)),
                        "Gift card", "Amex ••" + str(r.randint(1000, 9999))])
        status = "Completed" if (r.random() < 0.93 or no >= 118382) else r.choice(["Part refunded", "Refunded"])
        d = dict(till=till, customer=cust, items=items, total=total, pay=pay, status=status)
    d.update(no=no, receipt=f"R-05-{no}", date=f"{dmy} {hhmm}", day=label, dmy=dmy)
    return d


ALL_NOS = list(range(118310, 118408))

SALE_DETAIL = {
    "R-05-118342": dict(
        when="Sat 9 Nov 2024, 14:07", till="Till 2", cashier="Jamie Orr",
        customer="Aileen Baird", loyalty="HH-7730-2291", card="Visa ••4417",
        method="Visa ••4417 (contactless)",
        lines=[(1, "40117", "Enamel Pie Dish 24cm", 2, 14.50),
               (2, "22804", "Linen Tea Towel Sage", 3, 6.00),
               (3, "31550", "Beeswax Wraps 3-pack", 1, 9.95)],
        other=[("R-05-118324", "Fri 8 Nov 2024", "£24.50"),
               ("R-05-117958", "Sat 26 Oct 2024", "£41.00")],
        log=["Sale completed on Till 2 by Jamie Orr · 9 Nov 14:07",
             "Receipt emailed to a••••••@gmail.com · 9 Nov 14:08"]),
    "R-05-118343": dict(
        when="Sat 9 Nov 2024, 14:11", till="Till 2", cashier="Jamie Orr",
        customer=None, loyalty=None, card="Mastercard ••0932",
        method="Mastercard ••0932 (chip and PIN)",
        lines=[(1, "40116", "Enamel Pie Dish 20cm", 1, 12.50),
               (2, "22931", "Oven Glove Charcoal", 1, 7.50)],
        other=[],
        log=["Sale completed on Till 2 by Jamie Orr · 9 Nov 14:11"]),
}

REFUND_REASONS = ["Choose a reason", "Damaged", "Faulty", "Changed mind",
                  "Wrong size or colour", "Price adjustment", "Other"]
DISPOSITIONS = ["Return to shelf", "Write off (damaged)", "Return to supplier"]

BAYS = ["B1 Tableware", "B2 Glassware", "B3 Bakeware", "B4 Kitchen textiles",
        "B5 Cleaning & storage", "B6 Candles & home fragrance"]
BAY_B4 = [("22801", "Linen Napkins Sage (4)", "B4-1", 12, 3.10),
          ("22803", "Linen Tea Towel Sage Set of 2", "B4-1", 8, 4.20),
          ("22804", "Linen Tea Towel Sage", "B4-2", 20, 2.40),
          ("22805", "Linen Tea Towel Ochre", "B4-2", 14, 2.40),
          ("22913", "Oven Glove Pair Charcoal", "B4-3", 5, 5.60),
          ("22931", "Oven Glove Charcoal", "B4-3", 9, 3.10),
          ("22940", "Apron Stripe Navy", "B4-4", 11, 4.75)]
SKU = {s[0]: s for s in BAY_B4}
STOCK_REASONS = ["Choose a reason", "Cycle count", "Damaged / unsellable",
                 "Theft or loss", "Supplier short delivery", "Found stock", "Other"]

COUNT_SHEETS = [  # id, bay, status, due, assigned, updated, due sort key
    ("CS-05-0414", "B6 Candles & home fragrance", "Open", "Mon 18 Nov", "Lewis Gray", "13 Nov 16:20", 18),
    ("CS-05-0413", "B5 Cleaning & storage", "Open", "Fri 15 Nov", "Morag Keddie", "13 Nov 09:02", 15),
    ("CS-05-0412", "B4 Kitchen textiles", "Open", "Thu 14 Nov", "Morag Keddie", "12 Nov 17:45", 14),
    ("CS-05-0411", "B3 Bakeware", "Posted · ADJ-05-1184", "Tue 12 Nov", "Lewis Gray", "12 Nov 15:10", 12),
    ("CS-05-0410", "B2 Glassware", "Posted · ADJ-05-1183", "Fri 8 Nov", "Priya Sandhu", "8 Nov 18:02", 8),
    ("CS-05-0409", "B1 Tableware", "Posted · ADJ-05-1181", "Tue 5 Nov", "Morag Keddie", "5 Nov 11:30", 5),
    ("CS-05-0403", "B5 Cleaning & storage", "Posted · ADJ-05-1165", "Fri 18 Oct", "Lewis Gray", "18 Oct 17:12", -13),
    ("CS-05-0402", "B4 Kitchen textiles", "Posted · ADJ-05-1162", "Thu 17 Oct", "Morag Keddie", "17 Oct 10:48", -14),
    ("CS-05-0401", "B3 Bakeware", "Posted · ADJ-05-1160", "Tue 15 Oct", "Priya Sandhu", "15 Oct 16:05", -16),
    ("CS-05-0398", "B1 Tableware", "Posted · ADJ-05-1151", "Mon 7 Oct", "Lewis Gray", "7 Oct 12:44", -24),
]


# ---------------------------------------------------------------------------
# Page types: common
# ---------------------------------------------------------------------------
def dashboard(toast=None, recent=(), sync="10:31", search_value=""):
    def body(p):
        p.node("heading", "Good morning, Morag", level=1)
        p.text(f"{TODAY} · {STORE}")
        with p.node("region", "Today at Portobello"):
            p.node("heading", "Today at Portobello", level=2)
            with p.node("list", ""):
                for t in ("Sales £612.40 from 9 transactions",
                          "Refunds 1 (£8.00)", "Open count sheets 3",
                          "Tills online 3 of 3"):
                    with p.node("listitem", ""):
                        p.text(t)
        with p.node("region", "Your tasks"):
            p.node("heading", "Your tasks", level=2)
            with p.node("list", ""):
                with p.node("listitem", ""):
                    p.node("link", "Count sheet CS-05-0412 · Bay B4 Kitchen textiles · due today",
                           key="task:CS-05-0412", clickable=True)
                with p.node("listitem", ""):
                    p.node("link", "Approve timesheets (2)", clickable=True)
                with p.node("listitem", ""):
                    p.node("link", "Delivery DN-55012 expected 13:00", clickable=True)
        with p.node("region", "Announcements"):
            p.node("heading", "Announcements", level=2)
            p.text("Black Friday price file goes live on Fri 29 Nov at 06:00. "
                   "Do not print shelf labels before then.")
    return shell(f"{BASE}/dashboard", "Dashboard", "Dashboard", body,
                 toast=toast, side=recent_panel(recent) if recent else None, sync=sync,
                 search_value=search_value)


def sales_table(p, rows, sort):
    cols = [("Receipt", "receipt"), ("Date", "date"), ("Till", None),
            ("Customer", "customer"), ("Items", None), ("Total", "total"),
            ("Payment", None), ("Status", None)]
    with p.node("table", "Sales"):
        with p.node("row", ""):
            for c, sk in cols:
                s = None
                if sk and sort[0] == sk:
                    s = "ascending" if sort[1] == "asc" else "descending"
                with p.node("columnheader", c, sort=s):
                    if sk:
                        p.node("button", f"Sort by {c}", key=f"sort:{sk}", clickable=True)
        for r in rows:
            name = (f"{r['receipt']} {r['date']} {r['till']} {r['customer']} "
                    f"{r['items']} {money(r['total'])} {r['pay']} {r['status']}")
            with p.node("row", name):
                with p.node("cell", r["receipt"]):
                    p.node("link", r["receipt"], key=f"sale:{r['receipt']}", clickable=True)
                p.node("cell", r["date"])
                p.node("cell", r["till"])
                p.node("cell", r["customer"])
                p.node("cell", str(r["items"]))
                p.node("cell", money(r["total"]))
                p.node("cell", r["pay"])
                p.node("cell", r["status"])


def pagination(p, page, pages, total, noun, per=10):
    lo = (page - 1) * per + 1
    hi = min(page * per, total)
    p.text(f"Showing {lo}–{hi} of {total} {noun}")
    with p.node("navigation", "Pagination"):
        p.node("link", "Previous page", key="page:prev", clickable=True,
               disabled=(True if page == 1 else None))
        for i in range(1, min(pages, 5) + 1):
            p.node("link", f"Page {i}", key=f"page:{i}", clickable=True,
                   current=("page" if i == page else None))
        if pages > 5:
            p.text("…")
            p.node("link", f"Page {pages}", key=f"page:{pages}", clickable=True)
        p.node("link", "Next page", key="page:next", clickable=True,
               disabled=(True if page == pages else None))


def sales_list(date=None, sort=("date", "desc"), page=1, filters_open=False,
               draft_date="", toast=None, sync="10:31"):
    if date:
        d = [x for x in DAYS if x[1] == date][0]
        nos = list(range(d[2], d[3] + 1))
        rows = [sale_row(n) for n in nos]  # till-roll order for one day
        sort = ("date", "asc")
        scope = f"{d[0]} · till roll order"
    else:
        rows = [sale_row(n) for n in ALL_NOS]
        if sort[0] == "customer":
            rows.sort(key=lambda r: (r["customer"] == "Walk-in", r["customer"], -r["no"]))
        else:
            rows.sort(key=lambda r: -r["no"])
        scope = "Last 7 days (8–14 Nov 2024)"
    total = len(rows)
    pages = (total + 9) // 10
    shown = rows[(page - 1) * 10: page * 10]
    q = []
    if date:
        q.append(f"date={date.replace('/', '-')}")
    if sort != ("date", "desc") and not date:
        q.append(f"sort={sort[0]}_{sort[1]}")
    if page > 1:
        q.append(f"page={page}")
    url = f"{BASE}/sales" + ("?" + "&".join(q) if q else "")

    def body(p):
        p.node("heading", "Sales", level=1)
        p.text(f"{STORE} · {scope}")
        with p.node("toolbar", "Sales actions"):
            p.node("button", "Filters", key="filters", clickable=True,
                   expanded=filters_open, controls="sales-filters")
            p.node("button", "Export CSV", clickable=True)
            p.node("button", "Reprint end-of-day report", clickable=True)
        if filters_open:
            with p.node("region", "Filter sales"):
                p.node("textbox", "Receipt or customer", key="f:text", clickable=True)
                p.node("textbox", "Sale date (dd/mm/yyyy)", key="f:date", clickable=True,
                       value=(draft_date or None))
                with p.node("combobox", "Store", clickable=True, value=STORE,
                            hasPopup="listbox", expanded=False):
                    pass
                with p.node("combobox", "Payment type", clickable=True, value="All payment types",
                            hasPopup="listbox", expanded=False):
                    pass
                p.node("button", "Apply filters", key="f:apply", clickable=True)
                p.node("button", "Clear all", clickable=True)
        if date:
            with p.node("list", "Active filters"):
                with p.node("listitem", ""):
                    p.node("button", f"Remove filter: Sale date {date}", clickable=True)
        sales_table(p, shown, sort)
        pagination(p, page, pages, total, "sales")
    return shell(url, "Sales", "Sales", body, crumbs=[("Sales",)], toast=toast, sync=sync)


def search_receipt(q="R-05-118342", sync="10:31"):
    def body(p):
        p.node("heading", f"Search results for “{q}”", level=1)
        with p.node("tablist", "Result types"):
            p.node("tab", "Sales (4)", clickable=True, selected=True)
            p.node("tab", "Products (0)", clickable=True, selected=False)
            p.node("tab", "Customers (0)", clickable=True, selected=False)
        with p.node("tabpanel", "Sales (4)"):
            p.node("heading", "Exact match", level=2)
            sales_table(p, [sale_row(118342)], ("", ""))
            p.node("heading", "Similar receipts", level=2)
            p.text("Receipts with a similar number, from all stores you can see.")
            near = [sale_row(118343), sale_row(118324),
                    dict(no=0, receipt="R-03-118342", date="15/10/2024 11:20",
                         till="Till 1 · Leith Walk (ST-03)", customer="Walk-in",
                         items=1, total=8.00, pay="Cash", status="Completed")]
            with p.node("table", "Similar receipts"):
                with p.node("row", ""):
                    for c in ("Receipt", "Date", "Till", "Customer", "Items", "Total", "Payment", "Status"):
                        p.node("columnheader", c)
                for r in near:
                    name = (f"{r['receipt']} {r['date']} {r['till']} {r['customer']} "
                            f"{r['items']} {money(r['total'])} {r['pay']} {r['status']}")
                    with p.node("row", name):
                        with p.node("cell", r["receipt"]):
                            p.node("link", r["receipt"], key=f"near:{r['receipt']}", clickable=True)
                        for f in ("date", "till", "customer"):
                            p.node("cell", r[f])
                        p.node("cell", str(r["items"]))
                        p.node("cell", money(r["total"]))
                        p.node("cell", r["pay"])
                        p.node("cell", r["status"])
    return shell(f"{BASE}/search?q={q}", f"Search: {q}", None, body,
                 crumbs=[("Search",)], search_value=q, sync=sync)


# ---------------------------------------------------------------------------
# Page types: refund workflow
# ---------------------------------------------------------------------------
def sale_detail(rid, refunds=(), toast=None, recent=(), sync="10:31"):
    s = SALE_DETAIL[rid]
    total = sum(q * u for _, _, _, q, u in s["lines"])
    refunded = {}
    for rf in refunds:
        refunded[rf["line"]] = refunded.get(rf["line"], 0) + rf["qty"]

    def body(p):
        p.node("heading", f"Sale {rid}", level=1)
        status = "Part refunded" if refunds else "Completed"
        with p.node("toolbar", "Sale actions"):
            p.node("button", "Start refund", key="start_refund", clickable=True)
            p.node("button", "Reprint receipt", clickable=True)
            p.node("button", "Email receipt", clickable=True)
            p.node("button", "Void sale", key="void", clickable=True, disabled=True,
                   description="Only same-day sales can be voided")
        with p.node("group", "Sale details"):
            for k, v in (("Status", status), ("Date", s["when"]), ("Store", STORE),
                         ("Till", s["till"]), ("Cashier", s["cashier"]),
                         ("Customer", s["customer"] or "Walk-in (no customer linked)"),
                         ("Payment", s["method"]), ("Total", money(total))):
                p.node("term", k)
                p.node("definition", v)
        p.node("heading", "Items", level=2)
        with p.node("table", "Items sold"):
            with p.node("row", ""):
                for c in ("Line", "SKU", "Product", "Qty", "Unit price", "Line total", "Refunded"):
                    p.node("columnheader", c)
            for ln, sku, name, q, u in s["lines"]:
                rq = refunded.get(ln, 0)
                with p.node("row", f"{ln} {sku} {name} {q} {money(u)} {money(q * u)} {rq}"):
                    p.node("cell", str(ln))
                    p.node("cell", sku)
                    with p.node("cell", name):
                        p.node("link", name, clickable=True)
                    p.node("cell", str(q))
                    p.node("cell", money(u))
                    p.node("cell", money(q * u))
                    p.node("cell", str(rq))
        p.node("heading", "Refunds on this sale", level=2)
        if refunds:
            with p.node("list", "Refunds on this sale"):
                for rf in refunds:
                    with p.node("listitem", ""):
                        p.node("link", rf["id"], clickable=True)
                        p.text(f"{money(rf['amount'])} · {rf['to']} · {rf['when']}")
        else:
            p.text("No refunds yet.")
        p.node("heading", "Activity", level=2)
        with p.node("list", "Activity"):
            for l in s["log"]:
                with p.node("listitem", ""):
                    p.text(l)

    def side(p):
        with p.node("complementary", "Customer"):
            p.node("heading", "Customer", level=2)
            if s["customer"]:
                p.node("link", s["customer"], clickable=True)
                p.text(f"Loyalty card {s['loyalty']} · 412 points")
                p.node("heading", f"Other sales for {s['customer']}", level=3)
                with p.node("list", ""):
                    for o in s["other"]:
                        with p.node("listitem", ""):
                            p.node("link", o[0], key=f"other:{o[0]}", clickable=True)
                            p.text(f"{o[1]} · {o[2]}")
            else:
                p.text("Walk-in sale — no customer linked.")
                p.node("button", "Link a customer", clickable=True)
        if recent:
            recent_panel(recent)(p)
    return shell(f"{BASE}/sales/{rid}", f"Sale {rid}", "Sales", body,
                 crumbs=[("Sales",), (rid,)], toast=toast, side=side, sync=sync)


def refund_progress(p, cur):
    with p.node("list", "Refund progress"):
        for i, name in enumerate(("Select items", "Reason and method", "Review"), 1):
            state = "current" if i == cur else ("done" if i < cur else "to do")
            with p.node("listitem", "", current=("step" if i == cur else None)):
                p.text(f"Step {i} of 3: {name} ({state})")


def refund_url(rid, step, draft=None):
    if draft:
        return f"{BASE}/refunds/drafts/{draft}?step={step}"
    return f"{BASE}/sales/{rid}/refund?step={step}"


def refund_step1(rid, qty=None, draft=None, sync="10:31"):
    s = SALE_DETAIL[rid]
    qty = qty or {}
    tot = sum(qty.get(ln, 0) * u for ln, _, _, _, u in s["lines"])

    def body(p):
        p.node("heading", f"Refund sale {rid}", level=1)
        refund_progress(p, 1)
        p.node("heading", "Step 1 of 3: Select items", level=2)
        p.text("Set how many of each item the customer is returning. Leave 0 for items that are not being refunded.")
        with p.node("table", "Items to refund"):
            with p.node("row", ""):
                for c in ("Line", "Product", "Sold", "Already refunded", "Refund qty", "Amount"):
                    p.node("columnheader", c)
            for ln, sku, name, q, u in s["lines"]:
                v = qty.get(ln, 0)
                with p.node("row", f"{ln} {name} {q} 0"):
                    p.node("cell", str(ln))
                    p.node("cell", f"{name} ({sku})")
                    p.node("cell", str(q))
                    p.node("cell", "0")
                    with p.node("cell", ""):
                        p.node("spinbutton", f"Refund qty, line {ln} {name}", key=f"rq:{ln}",
                               clickable=True, value=str(v), valuemin=0, valuemax=q)
                    p.node("cell", money(v * u))
        with p.node("status", "Refund total", live="polite"):
            p.text(f"Refund total {money(tot)}")
        with p.node("group", "Wizard actions"):
            p.node("button", "Cancel refund", key="cancel_refund", clickable=True)
            p.node("button", "Next: Reason and method", key="next", clickable=True)
    return shell(refund_url(rid, 1, draft), f"Refund {rid} · Step 1 of 3", "Sales", body,
                 crumbs=[("Sales",), (rid,), ("Refund",)], sync=sync)


def refund_step2(rid, qty, reason=None, method="credit", note="", toast=None,
                 draft=None, alert=None, sync="10:31"):
    s = SALE_DETAIL[rid]
    tot = sum(qty.get(ln, 0) * u for ln, _, _, _, u in s["lines"])
    disp = "Write off (damaged)" if reason in ("Damaged", "Faulty") else "Return to shelf"

    def body(p):
        p.node("heading", f"Refund sale {rid}", level=1)
        if draft:
            p.text(f"Draft {draft} · saved {draft_time(draft)}")
        refund_progress(p, 2)
        p.node("heading", "Step 2 of 3: Reason and method", level=2)
        with p.node("combobox", "Refund reason", key="reason", clickable=True,
                    value=(reason or "Choose a reason"), required=True,
                    hasPopup="listbox", expanded=False):
            for o in REFUND_REASONS:
                p.node("option", o, selected=(o == (reason or "Choose a reason")))
        with p.node("radiogroup", "Refund to", required=True):
            p.node("radio", "Store credit (gift card)", key="m:credit", clickable=True,
                   checked=("true" if method == "credit" else "false"))
            p.node("radio", f"Original card {s['card']}", key="m:card", clickable=True,
                   checked=("true" if method == "card" else "false"))
            p.node("radio", "Cash", key="m:cash", clickable=True, checked="false",
                   disabled=True)
            p.text("Cash refunds are only available for cash sales.")
        with p.node("combobox", "Returned stock", key="disp", clickable=True, value=disp,
                    hasPopup="listbox", expanded=False):
            for o in DISPOSITIONS:
                p.node("option", o, selected=(o == disp))
        p.node("textbox", "Note (optional)", key="note", clickable=True,
               value=(note or None), multiline=True)
        with p.node("status", "Refund total", live="polite"):
            p.text(f"Refund total {money(tot)}")
        with p.node("group", "Wizard actions"):
            p.node("button", "Back", key="back", clickable=True)
            p.node("button", "Save draft", key="save_draft", clickable=True)
            p.node("button", "Next: Review", key="next", clickable=True)
    return shell(refund_url(rid, 2, draft), f"Refund {rid} · Step 2 of 3", "Sales", body,
                 crumbs=[("Sales",), (rid,), ("Refund",)], toast=toast, alert=alert, sync=sync)


def draft_time(draft):
    return {"RD-05-0193": "10:41"}.get(draft, "10:40")


def method_label(rid, method):
    return f"Original card {SALE_DETAIL[rid]['card']}" if method == "card" else "Store credit (gift card)"


def refund_step3(rid, qty, reason, method, note="", dialog=False, processing=False,
                 draft=None, sync="10:31"):
    s = SALE_DETAIL[rid]
    tot = sum(qty.get(ln, 0) * u for ln, _, _, _, u in s["lines"])
    disp = "Write off (damaged)" if reason in ("Damaged", "Faulty") else "Return to shelf"

    def body(p):
        p.node("heading", f"Refund sale {rid}", level=1)
        refund_progress(p, 3)
        p.node("heading", "Step 3 of 3: Review", level=2)
        with p.node("table", "Items being refunded"):
            with p.node("row", ""):
                for c in ("Product", "Qty", "Amount"):
                    p.node("columnheader", c)
            for ln, sku, name, q, u in s["lines"]:
                if qty.get(ln):
                    with p.node("row", f"{name} ({sku}) {qty[ln]} {money(qty[ln] * u)}"):
                        p.node("cell", f"{name} ({sku})")
                        p.node("cell", str(qty[ln]))
                        p.node("cell", money(qty[ln] * u))
        with p.node("group", "Refund summary"):
            for k, v in (("Refund reason", reason), ("Refund to", method_label(rid, method)),
                         ("Returned stock", disp), ("Note", note or "—"),
                         ("Refund total", money(tot))):
                p.node("term", k)
                p.node("definition", v)
        if processing:
            with p.node("status", "Refund progress", live="polite", busy=True):
                p.text("Processing refund with the card terminal…")
        with p.node("group", "Wizard actions"):
            p.node("button", "Back", key="back", clickable=True)
            p.node("button", "Save draft", key="save_draft", clickable=True)
            p.node("button", "Issue refund", key="issue", clickable=True)

    def dlg(p):
        to = s["card"] if method == "card" else "store credit"
        with p.node("dialog", "Issue refund?", modal=True):
            p.node("heading", "Issue refund?", level=2)
            if method == "card":
                p.text(f"Issue refund of {money(tot)} to {to}? The customer's card is usually credited within 3–5 working days.")
            else:
                p.text(f"Issue refund of {money(tot)} as store credit? A gift card will be loaded with the amount.")
            p.text("Refunds can't be reversed from the back office.")
            p.node("button", "Cancel", key="dlg:cancel", clickable=True)
            p.node("button", "Issue refund", key="dlg:ok", clickable=True, focused=True)
    return shell(refund_url(rid, 3, draft), f"Refund {rid} · Step 3 of 3", "Sales", body,
                 crumbs=[("Sales",), (rid,), ("Refund",)], dialog=(dlg if dialog else None), sync=sync)


def refund_done(rid, rf, qty, reason, method, when, others=(), sync="10:31"):
    s = SALE_DETAIL[rid]
    tot = sum(qty.get(ln, 0) * u for ln, _, _, _, u in s["lines"])
    if method == "card":
        toast = f"Refund {rf} issued. {money(tot)} will be credited to {s['card']}."
    else:
        toast = f"Refund {rf} issued as store credit. Gift card GC-5521-0098 loaded with {money(tot)}."
    disp = "Write off (damaged)" if reason in ("Damaged", "Faulty") else "Return to shelf"

    def body(p):
        p.node("heading", f"Refund {rf}", level=1)
        with p.node("group", "Refund details"):
            for k, v in (("Status", "Issued"), ("Sale", rid), ("Issued", f"{TODAY}, {when} by {USER}"),
                         ("Refund reason", reason), ("Refund to", method_label(rid, method)),
                         ("Returned stock", disp), ("Refund total", money(tot))):
                p.node("term", k)
                p.node("definition", v)
        with p.node("table", "Refunded items"):
            with p.node("row", ""):
                for c in ("Product", "Qty", "Amount"):
                    p.node("columnheader", c)
            for ln, sku, name, q, u in s["lines"]:
                if qty.get(ln):
                    with p.node("row", f"{name} ({sku}) {qty[ln]} {money(qty[ln] * u)}"):
                        p.node("cell", f"{name} ({sku})")
                        p.node("cell", str(qty[ln]))
                        p.node("cell", money(qty[ln] * u))
        if others:
            p.node("heading", "Other refunds on this sale", level=2)
            with p.node("list", ""):
                for o in others:
                    with p.node("listitem", ""):
                        p.node("link", o[0], clickable=True)
                        p.text(o[1])
        with p.node("group", "Refund actions"):
            p.node("link", f"Back to sale {rid}", key="back_to_sale", clickable=True)
            p.node("button", "Print refund slip", clickable=True)
            p.node("button", "Email refund slip", clickable=True)
    return shell(f"{BASE}/refunds/{rf}", f"Refund {rf}", "Refunds", body,
                 crumbs=[("Refunds",), (rf,)], toast=toast, sync=sync)


# ---------------------------------------------------------------------------
# Page types: stock adjustment workflow
# ---------------------------------------------------------------------------
def counts_list(sort="updated", status="All statuses", filters_open=False, toast=None, sync="10:31"):
    rows = list(COUNT_SHEETS)
    if status == "Open":
        rows = [r for r in rows if r[2] == "Open"]
    if sort == "bay":
        rows.sort(key=lambda r: (r[1][:2], -int(r[0][-4:])))
    q = []
    if status != "All statuses":
        q.append(f"status={status.lower()}")
    if sort != "updated":
        q.append(f"sort={sort}")
    url = f"{BASE}/stock/counts" + ("?" + "&".join(q) if q else "")
    total = 19 if status == "All statuses" else len(rows)
    shown = rows[:8]

    def body(p):
        p.node("heading", "Stock counts", level=1)
        p.text(f"{STORE} · cycle counts and stocktakes")
        with p.node("toolbar", "Stock count actions"):
            p.node("button", "New adjustment", key="new_adj", clickable=True)
            p.node("button", "Filters", key="filters", clickable=True, expanded=filters_open)
            p.node("button", "Print blank sheets", clickable=True)
        if filters_open:
            with p.node("region", "Filter count sheets"):
                with p.node("combobox", "Store", clickable=True, value=STORE,
                            hasPopup="listbox", expanded=False):
                    pass
                with p.node("combobox", "Status", key="f:status", clickable=True, value=status,
                            hasPopup="listbox", expanded=False):
                    for o in ("All statuses", "Open", "In progress", "Posted"):
                        p.node("option", o, selected=(o == status))
                with p.node("combobox", "Assigned to", clickable=True, value="Anyone",
                            hasPopup="listbox", expanded=False):
                    pass
                p.node("button", "Apply filters", key="f:apply", clickable=True)
                p.node("button", "Clear all", clickable=True)
        with p.node("table", "Count sheets"):
            with p.node("row", ""):
                for c, sk in (("Sheet", None), ("Bay", "bay"), ("Status", None), ("Due", None),
                              ("Assigned to", None), ("Last updated", "updated")):
                    srt = "ascending" if sk == sort == "bay" else ("descending" if sk == sort == "updated" else None)
                    with p.node("columnheader", c, sort=srt):
                        if sk:
                            p.node("button", f"Sort by {c}", key=f"sort:{sk}", clickable=True)
            for r in shown:
                with p.node("row", f"{r[0]} {r[1]} {r[2]} {r[3]} {r[4]} {r[5]}"):
                    with p.node("cell", r[0]):
                        p.node("link", r[0], key=f"sheet:{r[0]}", clickable=True)
                    for v in r[1:6]:
                        p.node("cell", v)
        if status == "All statuses":
            pagination(p, 1, 3, total, "count sheets", per=8)
        else:
            p.text(f"Showing 1–{len(rows)} of {len(rows)} count sheets")
    return shell(url, "Stock counts", "Stock", body, crumbs=[("Stock",), ("Stock counts",)],
                 toast=toast, sync=sync)


def count_sheet(sync="10:31"):
    def body(p):
        p.node("heading", "Count sheet CS-05-0412", level=1)
        with p.node("toolbar", "Count sheet actions"):
            p.node("button", "Enter counts", key="enter_counts", clickable=True)
            p.node("button", "Print sheet", clickable=True)
            p.node("button", "Reassign", clickable=True)
        with p.node("group", "Count sheet details"):
            for k, v in (("Store", STORE), ("Bay", "B4 Kitchen textiles"), ("Status", "Open"),
                         ("Due", TODAY), ("Assigned to", USER), ("Count type", "Cycle count (partial)"),
                         ("Last updated", "12 Nov 2024 17:45 by cycle-count schedule")):
                p.node("term", k)
                p.node("definition", v)
        with p.node("table", "Items on this sheet"):
            with p.node("row", ""):
                for c in ("SKU", "Product", "Bin", "System qty", "Counted qty"):
                    p.node("columnheader", c)
            for sku, name, binl, sysq, _ in BAY_B4:
                with p.node("row", f"{sku} {name} {binl} {sysq} —"):
                    p.node("cell", sku)
                    p.node("cell", name)
                    p.node("cell", binl)
                    p.node("cell", str(sysq))
                    p.node("cell", "—")

    def side(p):
        with p.node("complementary", "Previous counts for this bay"):
            p.node("heading", "Previous counts for this bay", level=2)
            with p.node("list", ""):
                with p.node("listitem", ""):
                    p.node("link", "CS-05-0402", key="prev:CS-05-0402", clickable=True)
                    p.text("Posted 17 Oct 2024 · ADJ-05-1162 · −2 units")
                with p.node("listitem", ""):
                    p.node("link", "CS-05-0388", clickable=True)
                    p.text("Posted 19 Sep 2024 · ADJ-05-1130 · +1 unit")
    return shell(f"{BASE}/stock/counts/CS-05-0412", "Count sheet CS-05-0412", "Stock", body,
                 crumbs=[("Stock",), ("Stock counts",), ("CS-05-0412",)], side=side, sync=sync)


PRODUCTS = {
    "22804": dict(name="Linen Tea Towel Sage", barcode="5060412228046", price=6.00, cost=2.40,
                  supplier="Loch Weave Textiles", stock=[("Leith Walk (ST-03)", 31, "B4-2"),
                                                         ("Portobello (ST-05)", 20, "B4-2"),
                                                         ("Stockbridge (ST-07)", 9, "A2-3")],
                  moves=["13 Nov · Sale R-05-118391 · −1", "9 Nov · Sale R-05-118342 · −3",
                         "5 Nov · Delivery DN-54870 · +12"],
                  related=[("22803", "Linen Tea Towel Sage Set of 2"), ("22805", "Linen Tea Towel Ochre")]),
    "22931": dict(name="Oven Glove Charcoal", barcode="5060412229319", price=7.50, cost=3.10,
                  supplier="Loch Weave Textiles", stock=[("Leith Walk (ST-03)", 4, "B4-3"),
                                                         ("Portobello (ST-05)", 9, "B4-3"),
                                                         ("Stockbridge (ST-07)", 6, "A2-4")],
                  moves=["9 Nov · Sale R-05-118343 · −1", "5 Nov · Delivery DN-54870 · +6"],
                  related=[("22913", "Oven Glove Pair Charcoal"), ("22940", "Apron Stripe Navy")]),
}


def product_page(sku, sync="10:31"):
    d = PRODUCTS[sku]

    def body(p):
        p.node("heading", d["name"], level=1)
        with p.node("group", "Product details"):
            for k, v in (("SKU", sku), ("Barcode", d["barcode"]), ("Price", money(d["price"])),
                         ("Unit cost", money(d["cost"])), ("Supplier", d["supplier"]),
                         ("Category", "Kitchen textiles")):
                p.node("term", k)
                p.node("definition", v)
        p.node("heading", "Stock by store", level=2)
        with p.node("table", "Stock by store"):
            with p.node("row", ""):
                for c in ("Store", "On hand", "Location"):
                    p.node("columnheader", c)
            for st, q, loc in d["stock"]:
                with p.node("row", f"{st} {q} {loc}"):
                    p.node("cell", st)
                    p.node("cell", str(q))
                    p.node("cell", loc)
        p.node("link", "Count bay B4 at Portobello", key="count_bay", clickable=True)
        p.node("heading", "Recent movements at Portobello", level=2)
        with p.node("list", ""):
            for m in d["moves"]:
                with p.node("listitem", ""):
                    p.text(m)

    def side(p):
        with p.node("complementary", "Related products"):
            p.node("heading", "Related products", level=2)
            with p.node("list", ""):
                for rs, rn in d["related"]:
                    with p.node("listitem", ""):
                        p.node("link", f"{rn} ({rs})", key=f"rel:{rs}", clickable=True)
    return shell(f"{BASE}/products/{sku}", f"{d['name']} ({sku})", "Products", body,
                 crumbs=[("Products",), (sku,)], side=side, sync=sync)


def search_sku(q="22804", sync="10:31"):
    def body(p):
        p.node("heading", f"Search results for “{q}”", level=1)
        with p.node("tablist", "Result types"):
            p.node("tab", "Products (4)", clickable=True, selected=True)
            p.node("tab", "Sales (12)", clickable=True, selected=False)
            p.node("tab", "Customers (0)", clickable=True, selected=False)
        with p.node("tabpanel", "Products (4)"):
            with p.node("table", "Products"):
                with p.node("row", ""):
                    for c in ("SKU", "Product", "Price", "On hand at Portobello", "Match"):
                        p.node("columnheader", c)
                for sku, name, price, oh, m in (
                        ("22804", "Linen Tea Towel Sage", 6.00, 20, "Exact SKU"),
                        ("22803", "Linen Tea Towel Sage Set of 2", 10.00, 8, "Similar SKU"),
                        ("22805", "Linen Tea Towel Ochre", 6.00, 14, "Similar SKU"),
                        ("22084", "Cotton Dishcloth White (3)", 4.50, 23, "Similar SKU")):
                    with p.node("row", f"{sku} {name} {money(price)} {oh} {m}"):
                        p.node("cell", sku)
                        with p.node("cell", name):
                            p.node("link", name, key=f"prod:{sku}", clickable=True)
                        p.node("cell", money(price))
                        p.node("cell", str(oh))
                        p.node("cell", m)
    return shell(f"{BASE}/search?q={q}", f"Search: {q}", None, body,
                 crumbs=[("Search",)], search_value=q, sync=sync)


def adj_url(step, sheet=True):
    if sheet:
        return f"{BASE}/stock/adjustments/new?sheet=CS-05-0412&step={step}"
    return f"{BASE}/stock/adjustments/new?step={step}"


def adj_context(p):
    p.text(f"{STORE} · Bay B4 Kitchen textiles · Count sheet CS-05-0412")


def adj_progress(p, cur):
    with p.node("list", "Adjustment progress"):
        for i, name in enumerate(("Location", "Counted quantities", "Reason and review"), 1):
            state = "current" if i == cur else ("done" if i < cur else "to do")
            with p.node("listitem", "", current=("step" if i == cur else None)):
                p.text(f"Step {i} of 3: {name} ({state})")


def adj_step1(bay=None, sync="10:31"):
    def body(p):
        p.node("heading", "New stock adjustment", level=1)
        adj_progress(p, 1)
        p.node("heading", "Step 1 of 3: Location", level=2)
        with p.node("combobox", "Store", clickable=True, value=STORE, required=True,
                    hasPopup="listbox", expanded=False):
            for o in ("Leith Walk (ST-03)", STORE, "Stockbridge (ST-07)"):
                p.node("option", o, selected=(o == STORE))
        with p.node("combobox", "Bay", key="bay", clickable=True, value=(bay or "Choose a bay"),
                    required=True, hasPopup="listbox", expanded=False):
            for o in ["Choose a bay"] + BAYS:
                p.node("option", o, selected=(o == (bay or "Choose a bay")))
        with p.node("combobox", "Count type", clickable=True, value="Cycle count (partial)",
                    hasPopup="listbox", expanded=False):
            for o in ("Cycle count (partial)", "Full stocktake"):
                p.node("option", o, selected=(o == "Cycle count (partial)"))
        if bay == "B4 Kitchen textiles":
            with p.node("status", "", live="polite"):
                p.text("Open count sheet CS-05-0412 (due Thu 14 Nov) will be used for this bay.")
        with p.node("group", "Wizard actions"):
            p.node("button", "Cancel", clickable=True)
            p.node("button", "Next: Counted quantities", key="next", clickable=True)
    return shell(adj_url(1, sheet=False), "New stock adjustment · Step 1 of 3", "Stock", body,
                 crumbs=[("Stock",), ("Stock counts",), ("New adjustment",)], sync=sync)


def variances(counts):
    out = []
    for sku, name, binl, sysq, cost in BAY_B4:
        if sku in counts and counts[sku] != sysq:
            out.append((sku, name, sysq, counts[sku], counts[sku] - sysq, (counts[sku] - sysq) * cost))
    return out


def signed(n):
    return f"+{n}" if n > 0 else (f"{MINUS}{abs(n)}" if n < 0 else "0")


def adj_step2(counts=None, toast=None, saved=None, sync="10:31"):
    counts = counts or {}

    def body(p):
        p.node("heading", "New stock adjustment", level=1)
        adj_context(p)
        if saved:
            p.text(f"Draft counts saved {saved}")
        adj_progress(p, 2)
        p.node("heading", "Step 2 of 3: Counted quantities", level=2)
        p.text("Enter what is on the shelf. Leave a field blank to keep the system quantity.")
        p.node("textbox", "Filter items in this bay", clickable=True)
        with p.node("table", "Items in bay B4"):
            with p.node("row", ""):
                for c in ("SKU", "Product", "Bin", "System qty", "Counted qty", "Variance"):
                    p.node("columnheader", c)
            for sku, name, binl, sysq, _ in BAY_B4:
                v = counts.get(sku)
                var = signed(v - sysq) if v is not None else "—"
                with p.node("row", f"{sku} {name} {binl} {sysq} {var}"):
                    p.node("cell", sku)
                    with p.node("cell", name):
                        p.node("link", name, key=f"prod:{sku}", clickable=True)
                    p.node("cell", binl)
                    p.node("cell", str(sysq))
                    with p.node("cell", ""):
                        p.node("spinbutton", f"Counted qty for {sku} {name}", key=f"cq:{sku}",
                               clickable=True, value=(str(v) if v is not None else ""), valuemin=0)
                    p.node("cell", var)
        vs = variances(counts)
        with p.node("status", "Count summary", live="polite"):
            p.text(f"Lines changed: {len(vs)} · Net variance {signed(sum(v[4] for v in vs))} units")
        with p.node("group", "Wizard actions"):
            p.node("button", "Back", key="back", clickable=True)
            p.node("button", "Save count", key="save_count", clickable=True)
            p.node("button", "Next: Reason and review", key="next", clickable=True)
    return shell(adj_url(2), "New stock adjustment · Step 2 of 3", "Stock", body,
                 crumbs=[("Stock",), ("Stock counts",), ("CS-05-0412",), ("Enter counts",)],
                 toast=toast, sync=sync)


def adj_step3(counts, reason=None, comment="", dialog=False, alert=None, invalid=False, sync="10:31"):
    vs = variances(counts)
    units = sum(v[4] for v in vs)
    value = sum(v[5] for v in vs)

    def body(p):
        p.node("heading", "New stock adjustment", level=1)
        adj_context(p)
        adj_progress(p, 3)
        p.node("heading", "Step 3 of 3: Reason and review", level=2)
        with p.node("combobox", "Reason code", key="reason", clickable=True,
                    value=(reason or "Choose a reason"), required=True,
                    invalid=("true" if invalid else None),
                    hasPopup="listbox", expanded=False):
            for o in STOCK_REASONS:
                p.node("option", o, selected=(o == (reason or "Choose a reason")))
        if invalid:
            p.text("Choose a reason code before posting.")
        p.node("textbox", "Comment (optional)", key="comment", clickable=True,
               value=(comment or None), multiline=True)
        p.node("heading", "Lines with a variance", level=3)
        if vs:
            with p.node("table", "Lines with a variance"):
                with p.node("row", ""):
                    for c in ("SKU", "Product", "System qty", "Counted qty", "Variance", "Value"):
                        p.node("columnheader", c)
                for sku, name, sysq, cq, var, val in vs:
                    with p.node("row", f"{sku} {name} {sysq} {cq} {signed(var)} {money(val)}"):
                        p.node("cell", sku)
                        p.node("cell", name)
                        p.node("cell", str(sysq))
                        p.node("cell", str(cq))
                        p.node("cell", signed(var))
                        p.node("cell", money(val))
        else:
            p.text("No counted quantities differ from the system. Posting will record the count with no stock change.")
        p.text(f"Net variance {signed(units)} units ({money(value)}) · {len(vs)} lines")
        with p.node("group", "Wizard actions"):
            p.node("button", "Back", key="back", clickable=True)
            p.node("button", "Save count", key="save_count", clickable=True)
            p.node("button", "Post adjustment", key="post", clickable=True)

    def dlg(p):
        with p.node("dialog", "Post stock adjustment?", modal=True):
            p.node("heading", "Post stock adjustment?", level=2)
            p.text(f"Post {len(vs)} lines ({signed(units)} units, {money(value)}) to the Portobello "
                   "stock ledger? Posted adjustments can't be edited.")
            p.node("button", "Cancel", key="dlg:cancel", clickable=True)
            p.node("button", "Post adjustment", key="dlg:ok", clickable=True, focused=True)
    return shell(adj_url(3), "New stock adjustment · Step 3 of 3", "Stock", body,
                 crumbs=[("Stock",), ("Stock counts",), ("CS-05-0412",), ("Enter counts",)],
                 alert=alert, dialog=(dlg if dialog else None), sync=sync)


def adj_done(counts, reason, comment, when, adj="ADJ-05-1187", sync="10:31"):
    vs = variances(counts)
    units = sum(v[4] for v in vs)
    value = sum(v[5] for v in vs)

    def body(p):
        p.node("heading", f"Stock adjustment {adj}", level=1)
        with p.node("group", "Adjustment details"):
            for k, v in (("Status", "Posted"), ("Store", STORE), ("Bay", "B4 Kitchen textiles"),
                         ("Count sheet", "CS-05-0412 (Posted)"), ("Reason code", reason),
                         ("Comment", comment or "—"), ("Posted", f"{TODAY}, {when} by {USER}"),
                         ("Net variance", f"{signed(units)} units ({money(value)})")):
                p.node("term", k)
                p.node("definition", v)
        with p.node("table", "Adjustment lines"):
            with p.node("row", ""):
                for c in ("SKU", "Product", "Before", "After", "Change"):
                    p.node("columnheader", c)
            for sku, name, sysq, cq, var, val in vs:
                with p.node("row", f"{sku} {name} {sysq} {cq} {signed(var)}"):
                    p.node("cell", sku)
                    p.node("cell", name)
                    p.node("cell", str(sysq))
                    p.node("cell", str(cq))
                    p.node("cell", signed(var))
        with p.node("group", "Adjustment actions"):
            p.node("link", "Back to stock counts", key="back_counts", clickable=True)
            p.node("button", "Print adjustment", clickable=True)
    return shell(f"{BASE}/stock/adjustments/{adj}", f"Stock adjustment {adj}", "Stock", body,
                 crumbs=[("Stock",), ("Adjustments",), (adj,)],
                 toast=f"Adjustment {adj} posted to the Portobello stock ledger.", sync=sync)


def access_denied(url, sync="10:31"):
    def body(p):
        p.node("heading", "You don't have access to stock adjustments", level=1)
        p.text("Posting stock adjustments at Portobello (ST-05) needs the "
               "'Inventory: post adjustments' permission.")
        p.text("Your role at this store: Store Manager (cover) · Inventory: view only.")
        p.text("Ask your area manager, Graeme Lowrie, to update your role. Reference 403-INV-7781.")
        p.node("link", "Back to stock counts", key="back_counts", clickable=True)
        p.node("link", "Go to dashboard", clickable=True)
    return shell(url, "Access denied", "Stock", body, crumbs=[("Stock",), ("Access denied",)], sync=sync)


# ---------------------------------------------------------------------------
# Plans (written from the task and the healthy pages, before any faulty run)
# ---------------------------------------------------------------------------
REFUND_TASK = ("Refund one damaged Enamel Pie Dish 24cm from receipt R-05-118342 "
               "(Aileen Baird, Sat 9 Nov 2024) back to the original Visa card, and issue the refund.")
STOCK_TASK = ("At Portobello (ST-05), post a stock-count adjustment for shelf bay B4 Kitchen textiles: "
              "Linen Tea Towel Sage (SKU 22804) counted 17 and Oven Glove Charcoal (SKU 22931) "
              "counted 6, reason code Cycle count. Leave the other items in the bay as they are.")

REFUND_PLAN = """\
# Refund workflow plan for TillRoll Back Office.
# Written from the task and one clean run through the refund wizard.
task: "%s"
plan_falsifiers:
  execution:
    - Sign in to TillRoll Back Office
    - "Your session has expired. Please sign in again."
    - Something went wrong on our side
    - Access denied
    - text: Void sale
      on: action
commitments:
  - id: find-sale
    subgoal: Find receipt R-05-118342 from the sales list or the search box
    skill: find_record
    confidence: 0.6
    confirm:
      precondition:
        - TillRoll Back Office dashboard or sales list
      progress:
        - Sales list for Portobello (ST-05)
        - Search results for R-05-118342
      completion:
        - R-05-118342 is listed for customer Aileen Baird
    falsify:
      execution:
        - No sales match your search
      planning: []
  - id: open-sale
    subgoal: Open sale R-05-118342
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: []
      progress: []
      completion:
        - Sale R-05-118342
        - Customer Aileen Baird, paid with Visa ••4417
        - Enamel Pie Dish 24cm, qty 2
    falsify:
      execution:
        - Sale R-05-118343 detail
        - Sale R-05-118324 detail
        - Sale R-03-118342 detail (Leith Walk)
        - Enamel Pie Dish 20cm
        - Customer Eileen Baird
      planning:
        - The sale has already been fully refunded
  - id: select-items
    subgoal: Start a refund and set refund quantity 1 on the Enamel Pie Dish 24cm line
    skill: fill_form
    confidence: 0.7
    confirm:
      precondition:
        - Start refund button on sale R-05-118342
      progress:
        - "Step 1 of 3: Select items"
      completion:
        - Refund qty 1 for Enamel Pie Dish 24cm
        - Refund total £14.50
    falsify:
      execution:
        - Both pie dishes refunded (refund total £29.00)
        - Refund quantity set on the Linen Tea Towel Sage or Beeswax Wraps line
      skill:
        - Refund quantity field is disabled
  - id: reason-method
    subgoal: Choose reason Damaged and refund to the original card, Visa ••4417
    skill: fill_form
    confidence: 0.6
    confirm:
      progress:
        - "Step 2 of 3: Reason and method"
      completion:
        - "Refund reason: Damaged"
        - Original card Visa ••4417 selected
    falsify:
      execution:
        - "Refund to: Store credit (gift card)"
        - "Refund reason: Changed mind"
      planning:
        - Refunds to card are not available for this sale
  - id: issue-refund
    subgoal: Review the refund and issue £14.50 to Visa ••4417
    skill: submit_and_confirm
    confidence: 0.7
    confirm:
      precondition:
        - "Step 3 of 3: Review"
      progress:
        - Issue refund of £14.50 to Visa ••4417?
      completion:
        - Refund issued. £14.50 will be credited to Visa ••4417
        - Refund status Issued
    falsify:
      execution:
        - Refund could not be issued
        - The card terminal declined the refund
      planning:
        - Refund needs area manager approval
""" % REFUND_TASK

STOCK_PLAN = """\
# Stock-count adjustment plan for TillRoll Back Office (bay B4, Portobello).
# Written from the task and one clean run through the adjustment wizard.
task: "%s"
plan_falsifiers:
  execution:
    - Sign in to TillRoll Back Office
    - "Your session has expired. Please sign in again."
    - Something went wrong on our side
    - Access denied
    - text: Delete count sheet
      on: action
commitments:
  - id: open-bay-count
    subgoal: Start the count for bay B4 Kitchen textiles at Portobello (ST-05)
    skill: find_record
    confidence: 0.7
    confirm:
      precondition:
        - Stock counts list or dashboard task list
      progress:
        - Count sheet CS-05-0412
        - "New stock adjustment, Step 1 of 3: Location"
      completion:
        - Bay B4 Kitchen textiles at Portobello (ST-05), count sheet CS-05-0412
    falsify:
      execution:
        - Count sheet CS-05-0402 (posted in October)
        - Bay B5 Cleaning & storage
        - Leith Walk (ST-03)
      planning:
        - Count sheet CS-05-0412 is already posted
  - id: enter-counts
    subgoal: Enter counted quantity 17 for SKU 22804 and 6 for SKU 22931
    skill: fill_form
    confidence: 0.7
    confirm:
      precondition:
        - "Step 2 of 3: Counted quantities"
      progress:
        - Counted qty 17 for 22804 Linen Tea Towel Sage
      completion:
        - Counted qty 6 for 22931 Oven Glove Charcoal
        - "Lines changed: 2"
    falsify:
      execution:
        - Counted qty entered for 22805 Linen Tea Towel Ochre
        - Counted qty entered for 22803 Linen Tea Towel Sage Set of 2
        - Counted qty entered for 22913 Oven Glove Pair Charcoal
      skill:
        - Counted qty fields are read-only
  - id: reason-review
    subgoal: Set reason code Cycle count and check the variance lines
    skill: fill_form
    confidence: 0.6
    confirm:
      precondition:
        - "Step 3 of 3: Reason and review"
      completion:
        - "Reason code: Cycle count"
        - Net variance −6 units (−£16.50) over 2 lines
    falsify:
      execution:
        - "Reason code: Theft or loss"
        - A required field is missing
  - id: post-adjustment
    subgoal: Post the adjustment to the stock ledger
    skill: submit_and_confirm
    confidence: 0.7
    confirm:
      progress:
        - Post stock adjustment?
      completion:
        - Adjustment posted to the Portobello stock ledger
        - Count sheet CS-05-0412 (Posted)
    falsify:
      execution:
        - Adjustment not posted
        - The stock ledger is unavailable
      planning:
        - Adjustments for this bay need area manager sign-off
""" % STOCK_TASK


# ---------------------------------------------------------------------------
# Minimal YAML reader for the subset the plans use (block maps/lists, scalars)
# ---------------------------------------------------------------------------
def _scalar(s):
    s = s.strip()
    if s == "[]":
        return []
    if s == "{}":
        return {}
    if s.startswith('"'):
        return json.loads(s)
    if s in ("null", "~", ""):
        return None
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    return s


def parse_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.strip().startswith("#"):
            continue
        ind = len(raw) - len(raw.lstrip(" "))
        lines.append((ind, raw.strip()))
    pos = [0]

    def block(ind):
        if pos[0] >= len(lines):
            return None
        if lines[pos[0]][1].startswith("- ") or lines[pos[0]][1] == "-":
            return seq(ind)
        return mapping(ind)

    def mapping(ind, first=None):
        out = {}
        if first is not None:
            k, v = first
            kv(out, k, v, ind)
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and not lines[pos[0]][1].startswith("- "):
            line = lines[pos[0]][1]
            pos[0] += 1
            k, _, v = line.partition(":")
            kv(out, k.strip(), v, ind)
        return out

    def kv(out, k, v, ind):
        if k in out:
            raise ValueError(f"duplicate key {k}")
        if v.strip():
            out[k] = _scalar(v)
        elif pos[0] < len(lines) and lines[pos[0]][0] > ind:
            out[k] = block(lines[pos[0]][0])
        elif pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
            out[k] = seq(ind)
        else:
            out[k] = None

    def seq(ind):
        out = []
        while pos[0] < len(lines) and lines[pos[0]][0] == ind and lines[pos[0]][1].startswith("- "):
            item = lines[pos[0]][1][2:]
            pos[0] += 1
            m = re.match(r'^([A-Za-z_][\w-]*):(\s|$)(.*)$', item)
            if m and not item.startswith('"'):
                out.append(mapping(ind + 2, first=(m.group(1), m.group(3))))
            else:
                out.append(_scalar(item))
        return out

    result = block(lines[0][0]) if lines else {}
    if pos[0] != len(lines):
        raise ValueError(f"unparsed YAML from line: {lines[pos[0]][1]!r}")
    return result


# ---------------------------------------------------------------------------
# Trajectory builder
# ---------------------------------------------------------------------------
class Run:
    def __init__(self, rid, workflow, start, note):
        self.id = rid
        self.workflow = workflow
        self.start = start
        self.cur = start
        self.steps = []
        self.fault = None
        self.fault_step = None
        self.note = note
        self.final_message = None

    def mark(self, fault):
        """The next recorded step is the first off-track step."""
        assert self.fault is None
        self.fault = fault
        self.fault_step = len(self.steps)

    def _t(self, key):
        if key not in self.cur.keys:
            raise KeyError(f"{self.id}: key {key!r} not on page {self.cur.url}")
        bid, role, name = self.cur.keys[key]
        return bid, f"{role} {name!r}"

    def _add(self, c, command, why, target, effect, page, error=None):
        self.steps.append({
            "commitment": c,
            "action": {"command": command, "reasoning": why, "target": target, "effect": effect},
            "observation": page.obs(error),
        })
        self.cur = page

    def click(self, c, key, page, why, effect="read"):
        bid, tgt = self._t(key)
        self._add(c, f"click({bid!r})", why, tgt, effect, page)

    def fill(self, c, key, value, page, why, effect="write"):
        bid, tgt = self._t(key)
        self._add(c, f"fill({bid!r}, {value!r})", why, tgt, effect, page)

    def select(self, c, key, option, page, why, effect="write"):
        bid, tgt = self._t(key)
        self._add(c, f"select_option({bid!r}, {option!r})", why, tgt, effect, page)

    def press(self, c, key, k, page, why, effect="read"):
        bid, tgt = self._t(key)
        self._add(c, f"press({bid!r}, {k!r})", why, tgt, effect, page)

    def goto(self, c, url, page, why):
        self._add(c, f"goto({url!r})", why, f"url {url}", "read", page)

    def back(self, c, page, why):
        self._add(c, "go_back()", why, "browser history", "read", page)

    def say(self, c, msg, why="Report the result to the user"):
        self.final_message = msg
        self._add(c, f"send_msg_to_user({msg!r})", why, "chat", "read", self.cur)

    def record(self, task, success):
        return {
            "id": self.id,
            "workflow": self.workflow,
            "task": task,
            "plan": f"plans/{self.workflow}.yaml",
            "label": {"fault": self.fault, "first_off_track_step": self.fault_step},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": success, "final_message": self.final_message},
            "meta": {"app": PRODUCT, "organisation": ORG, "user": f"{USER} ({ROLE}, {STORE})",
                     "today": "2024-11-14", "note": self.note},
        }


# ---------------------------------------------------------------------------
# Refund runs
# ---------------------------------------------------------------------------
R = "R-05-118342"
RECENT = [("Sale R-05-118342 · Aileen Baird · £56.95", R),
          ("Sale R-05-118324 · Aileen Baird · £24.50", "R-05-118324"),
          ("Linen Tea Towel Ochre (22805)", "22805"),
          ("Count sheet CS-05-0411 · Bay B3", "CS-05-0411")]
PIE1 = {1: 1}


def refund_tail(r, rid=R, qty=PIE1, method_click=True, note="", sync="10:31",
                rf="RF-05-00872", when="10:36", fault_hooks=None):
    """Steps from the open sale page to the end of the wizard (healthy by default)."""
    h = fault_hooks or {}
    r.click("select-items", "start_refund", refund_step1(rid, sync=sync),
            "Start the refund from the sale page")
    q = h.get("qty", qty)
    if "qty" in h:
        r.mark("wrong_value")
    ln = list(q)[0]
    r.fill("select-items", f"rq:{ln}", str(q[ln]), refund_step1(rid, q, sync=sync),
           "Customer returns the damaged pie dish; set its refund quantity")
    r.click("select-items", "next", refund_step2(rid, q, sync=sync),
            "Only the pie dish line has a quantity; continue to reason and method")
    r.select("reason-method", "reason", "Damaged", refund_step2(rid, q, "Damaged", sync=sync),
             "The dish was damaged")
    method = "credit"
    if method_click:
        method = "card"
        r.click("reason-method", "m:card", refund_step2(rid, q, "Damaged", "card", sync=sync),
                "Task says refund back to the original card", effect="write")
    if note:
        r.fill("reason-method", "note", note, refund_step2(rid, q, "Damaged", method, note, sync=sync),
               "Record what the customer said at the counter")
    if h.get("skip_method"):
        r.mark("wrong_setting")
    r.click("issue-refund", "next", refund_step3(rid, q, "Damaged", method, note, sync=sync),
            "Reason and refund method are set; go to the review")
    if h.get("premature"):
        r.mark("premature_done")
        r.say("issue-refund", "Refund issued: 1 × Enamel Pie Dish 24cm, £14.50 back to Visa ••4417 on receipt R-05-118342.",
              "The review shows the right item, reason and card, so the refund is done")
        return False
    r.click("issue-refund", "issue", refund_step3(rid, q, "Damaged", method, note, dialog=True, sync=sync),
            "Everything on the review matches the task; issue the refund")
    if h.get("cancel"):
        r.mark("dialog_cancelled")
        r.click("issue-refund", "dlg:cancel", refund_step3(rid, q, "Damaged", method, note, sync=sync),
                "Close the confirmation box")
        r.say("issue-refund", "Done — the £14.50 refund for the damaged pie dish on R-05-118342 has been put through to Visa ••4417.")
        return False
    if h.get("double"):
        r.click("issue-refund", "dlg:ok",
                refund_step3(rid, q, "Damaged", method, note, processing=True, sync=sync),
                "Confirm the refund", effect="irreversible")
        r.mark("double_submit")
        r.click("issue-refund", "issue",
                refund_step3(rid, q, "Damaged", method, note, dialog=True, sync=sync),
                "The page still shows the Issue refund button; the click may not have registered, try again")
        amount = sum(q[k] * SALE_DETAIL[rid]["lines"][k - 1][4] for k in q)
        r.click("issue-refund", "dlg:ok",
                refund_done(rid, "RF-05-00873", q, "Damaged", method, "10:37",
                            others=[("RF-05-00872", f"{money(amount)} · Visa ••4417 · {TODAY}, 10:36")],
                            sync=sync),
                "Confirm the refund", effect="irreversible")
        r.say("issue-refund", "Refund RF-05-00873 issued: £14.50 back to Visa ••4417 for the damaged Enamel Pie Dish 24cm.")
        return False
    r.click("issue-refund", "dlg:ok", refund_done(rid, rf, q, "Damaged", method, when, sync=sync),
            "Confirm the refund", effect="irreversible")
    s = SALE_DETAIL[rid]
    amount = sum(q[k] * s["lines"][k - 1][4] for k in q)
    if method == "card":
        msg = (f"Refund {rf} issued: {money(amount)} back to {s['card']} for the damaged "
               f"{s['lines'][ln - 1][2]} on receipt {rid}.")
    else:
        msg = f"Refund {rf} issued: {money(amount)} for the damaged {s['lines'][ln - 1][2]} on receipt {rid}."
    r.say("issue-refund", msg)
    return True


def refund_runs():
    runs = []

    # healthy 1: sales list -> date filter -> page 2 -> sale
    r = Run("tillroll-refund-healthy-01", "refund", sales_list(sync="10:24"),
            "Sales list, filter by sale date, page 2 of the till roll")
    r.click("find-sale", "filters", sales_list(filters_open=True, sync="10:24"),
            "Open the filters to narrow the list to the sale date")
    r.fill("find-sale", "f:date", "09/11/2024", sales_list(filters_open=True, draft_date="09/11/2024", sync="10:24"),
           "The receipt is from Sat 9 Nov 2024", effect="read")
    r.click("find-sale", "f:apply", sales_list(date="09/11/2024", sync="10:24"),
            "Apply the date filter")
    r.click("find-sale", "page:next", sales_list(date="09/11/2024", page=2, sync="10:24"),
            "Page 1 ends at R-05-118340; the receipt should be on the next page")
    r.click("open-sale", f"sale:{R}", sale_detail(R, sync="10:24"),
            "Open R-05-118342 (Aileen Baird, £56.95)")
    ok = refund_tail(r, sync="10:24", when="10:29")
    runs.append((r, ok))

    # healthy 2: dashboard toast dismissed, global search
    r = Run("tillroll-refund-healthy-02", "refund",
            dashboard(toast="End-of-day report for Wed 13 Nov is ready to download.", sync="10:31"),
            "Dashboard, dismiss a toast, global search by receipt number")
    r.click("find-sale", "toast_dismiss", dashboard(sync="10:31"), "Dismiss the notification")
    r.fill("find-sale", "search", R, dashboard(sync="10:31", search_value=R), "Search for the receipt number", effect="read")
    r.press("find-sale", "search", "Enter", search_receipt(sync="10:31"), "Run the search")
    r.click("open-sale", f"sale:{R}", sale_detail(R, sync="10:31"),
            "The exact match is R-05-118342 for Aileen Baird")
    ok = refund_tail(r, sync="10:31", when="10:35")
    runs.append((r, ok))

    # healthy 3: sales list re-sorted by customer
    r = Run("tillroll-refund-healthy-03", "refund", sales_list(sync="10:44"),
            "Sales list re-sorted by customer name; optional note left empty")
    r.click("find-sale", "sort:customer", sales_list(sort=("customer", "asc"), sync="10:44"),
            "Sort by customer so Aileen Baird's sales come together")
    r.click("open-sale", f"sale:{R}", sale_detail(R, sync="10:44"),
            "Two sales for Aileen Baird; R-05-118342 is the 9 Nov one for £56.95")
    ok = refund_tail(r, sync="10:44", when="10:48")
    runs.append((r, ok))

    # healthy 4: recently viewed, note, save draft and reload
    r = Run("tillroll-refund-healthy-04", "refund", dashboard(recent=RECENT, sync="10:38"),
            "Recently viewed link, optional note filled, draft saved and reloaded")
    r.click("open-sale", f"recent:{R}", sale_detail(R, recent=RECENT, sync="10:38"),
            "R-05-118342 is in the recently viewed list")
    r.click("select-items", "start_refund", refund_step1(R, sync="10:38"), "Start the refund")
    r.fill("select-items", "rq:1", "1", refund_step1(R, PIE1, sync="10:38"), "One of the two pie dishes is damaged")
    r.click("select-items", "next", refund_step2(R, PIE1, sync="10:38"), "Continue")
    r.select("reason-method", "reason", "Damaged", refund_step2(R, PIE1, "Damaged", sync="10:38"), "Reason: damaged")
    r.click("reason-method", "m:card", refund_step2(R, PIE1, "Damaged", "card", sync="10:38"),
            "Refund to the original Visa card", effect="write")
    note = "Chipped rim, customer brought it back in store"
    r.fill("reason-method", "note", note, refund_step2(R, PIE1, "Damaged", "card", note, sync="10:38"),
           "Add the customer's description")
    r.click("reason-method", "save_draft",
            refund_step2(R, PIE1, "Damaged", "card", note, draft="RD-05-0193",
                         toast="Draft RD-05-0193 saved at 10:41. Resume it from Refunds › Drafts.", sync="10:38"),
            "Save a draft before the customer's card details are checked", effect="write")
    url = refund_url(R, 2, "RD-05-0193")
    r.goto("reason-method", url, refund_step2(R, PIE1, "Damaged", "card", note, draft="RD-05-0193", sync="10:38"),
           "Reload the draft to make sure the saved values stuck")
    r.click("issue-refund", "next", refund_step3(R, PIE1, "Damaged", "card", note, draft="RD-05-0193", sync="10:38"),
            "Values are intact; go to the review")
    r.click("issue-refund", "issue", refund_step3(R, PIE1, "Damaged", "card", note, dialog=True, draft="RD-05-0193", sync="10:38"),
            "Issue the refund")
    r.click("issue-refund", "dlg:ok", refund_done(R, "RF-05-00872", PIE1, "Damaged", "card", "10:42", sync="10:38"),
            "Confirm", effect="irreversible")
    r.say("issue-refund", "Refund RF-05-00872 issued: £14.50 back to Visa ••4417 for one damaged Enamel Pie Dish 24cm (R-05-118342).")
    runs.append((r, True))

    # ---- faulty runs (written after the plans above) ----
    # wrong record: near-miss receipt one digit apart from the search page
    r = Run("tillroll-refund-wrong_record-01", "refund", dashboard(sync="10:52"),
            "Opens R-05-118343 (similar receipt) instead of R-05-118342")
    r.fill("find-sale", "search", R, dashboard(sync="10:52", search_value=R), "Search for the receipt", effect="read")
    r.press("find-sale", "search", "Enter", search_receipt(sync="10:52"), "Run the search")
    r.mark("wrong_record")
    r.click("open-sale", "near:R-05-118343", sale_detail("R-05-118343", sync="10:52"),
            "Open R-05-118343, the 9 Nov Portobello receipt")
    r.click("select-items", "start_refund", refund_step1("R-05-118343", sync="10:52"), "Start the refund")
    r.fill("select-items", "rq:1", "1", refund_step1("R-05-118343", PIE1, sync="10:52"), "Refund one pie dish")
    r.click("select-items", "next", refund_step2("R-05-118343", PIE1, sync="10:52"), "Continue")
    r.select("reason-method", "reason", "Damaged", refund_step2("R-05-118343", PIE1, "Damaged", sync="10:52"), "Damaged")
    r.click("reason-method", "m:card", refund_step2("R-05-118343", PIE1, "Damaged", "card", sync="10:52"),
            "Back to the original card", effect="write")
    r.click("issue-refund", "next", refund_step3("R-05-118343", PIE1, "Damaged", "card", sync="10:52"), "Review")
    r.click("issue-refund", "issue", refund_step3("R-05-118343", PIE1, "Damaged", "card", dialog=True, sync="10:52"), "Issue it")
    r.click("issue-refund", "dlg:ok", refund_done("R-05-118343", "RF-05-00872", PIE1, "Damaged", "card", "10:56", sync="10:52"),
            "Confirm", effect="irreversible")
    r.say("issue-refund", "Refund RF-05-00872 issued for the damaged Enamel Pie Dish — £12.50 back to the original card.")
    runs.append((r, False))

    # wrong value: refunds both dishes
    r = Run("tillroll-refund-wrong_value-01", "refund", dashboard(recent=RECENT, sync="11:02"),
            "Types refund qty 2 (both dishes) instead of 1")
    r.click("open-sale", f"recent:{R}", sale_detail(R, recent=RECENT, sync="11:02"), "Open R-05-118342 from recently viewed")
    refund_tail(r, sync="11:02", when="11:05", fault_hooks={"qty": {1: 2}})
    runs.append((r, False))

    # wrong setting: refund method left at default store credit
    r = Run("tillroll-refund-wrong_setting-01", "refund", sales_list(sync="11:09"),
            "Leaves 'Refund to' at the default Store credit")
    r.click("find-sale", "sort:customer", sales_list(sort=("customer", "asc"), sync="11:09"), "Sort by customer")
    r.click("open-sale", f"sale:{R}", sale_detail(R, sync="11:09"), "Open the 9 Nov sale for Aileen Baird")
    refund_tail(r, sync="11:09", when="11:13", method_click=False, fault_hooks={"skip_method": True})
    runs.append((r, False))

    # dialog cancelled: clicks Cancel in the confirm dialog, then reports done
    r = Run("tillroll-refund-dialog_cancelled-01", "refund", dashboard(sync="11:18"),
            "Confirmation dialog closed with Cancel; reports success")
    r.fill("find-sale", "search", R, dashboard(sync="11:18", search_value=R), "Search for the receipt", effect="read")
    r.press("find-sale", "search", "Enter", search_receipt(sync="11:18"), "Run the search")
    r.click("open-sale", f"sale:{R}", sale_detail(R, sync="11:18"), "Open the exact match")
    refund_tail(r, sync="11:18", fault_hooks={"cancel": True})
    runs.append((r, False))

    # premature done: reports success from the review step
    r = Run("tillroll-refund-premature_done-01", "refund", sales_list(sync="11:25"),
            "Reports the refund as issued from the review step")
    r.click("find-sale", "filters", sales_list(filters_open=True, sync="11:25"), "Open the filters")
    r.fill("find-sale", "f:date", "09/11/2024", sales_list(filters_open=True, draft_date="09/11/2024", sync="11:25"),
           "Sale date 9 Nov", effect="read")
    r.click("find-sale", "f:apply", sales_list(date="09/11/2024", sync="11:25"), "Apply")
    r.click("find-sale", "page:2", sales_list(date="09/11/2024", page=2, sync="11:25"), "Go to page 2 of the till roll")
    r.click("open-sale", f"sale:{R}", sale_detail(R, sync="11:25"), "Open R-05-118342")
    refund_tail(r, sync="11:25", fault_hooks={"premature": True})
    runs.append((r, False))

    # double submit: clicks Issue refund again while the first one is processing
    r = Run("tillroll-refund-double_submit-01", "refund",
            dashboard(toast="Till 3 printer is low on paper.", recent=RECENT, sync="11:33"),
            "Issues the refund a second time while the first is processing")
    r.click("find-sale", "toast_dismiss", dashboard(recent=RECENT, sync="11:33"), "Dismiss the notification")
    r.click("open-sale", f"recent:{R}", sale_detail(R, recent=RECENT, sync="11:33"), "Open R-05-118342")
    refund_tail(r, sync="11:33", fault_hooks={"double": True})
    runs.append((r, False))
    return runs


# ---------------------------------------------------------------------------
# Stock adjustment runs
# ---------------------------------------------------------------------------
GOOD = {"22804": 17, "22931": 6}
HALF = {"22804": 17}


def stock_entry(r, sync, save_reload=False):
    r.fill("enter-counts", "cq:22804", "17", adj_step2(HALF, sync=sync),
           "Shelf has 17 Linen Tea Towel Sage")
    r.fill("enter-counts", "cq:22931", "6", adj_step2(GOOD, sync=sync),
           "Shelf has 6 Oven Glove Charcoal")
    if save_reload:
        r.click("enter-counts", "save_count",
                adj_step2(GOOD, toast="Counts saved to CS-05-0412 at 10:18.", saved="10:18", sync=sync),
                "Save the counts before moving on", effect="write")
        r.goto("enter-counts", adj_url(2), adj_step2(GOOD, saved="10:18", sync=sync),
               "Reload to check the saved counts")


def stock_finish(r, sync, comment="", when="10:22", hooks=None):
    h = hooks or {}
    r.click("reason-review", "next", adj_step3(GOOD, sync=sync),
            "Two lines changed; go to reason and review")
    if h.get("skip_reason"):
        comment = "Weekly cycle count, bay B4"
        r.fill("reason-review", "comment", comment, adj_step3(GOOD, comment=comment, sync=sync),
               "Add a comment for the area manager")
        r.mark("skipped_required_field")
        r.click("post-adjustment", "post", adj_step3(GOOD, comment=comment, invalid=True, sync=sync),
                "Variances look right; post it")
        r.say("post-adjustment", "Posted the bay B4 count: 22804 now 17 and 22931 now 6 (−6 units, −£16.50).")
        return False
    r.select("reason-review", "reason", "Cycle count", adj_step3(GOOD, "Cycle count", sync=sync),
             "Reason code from the task")
    if comment:
        r.fill("reason-review", "comment", comment, adj_step3(GOOD, "Cycle count", comment, sync=sync),
               "Note what the count was")
    if h.get("noop"):
        r.mark("silent_noop")
        r.click("post-adjustment", "post", adj_step3(GOOD, "Cycle count", comment, sync=sync),
                "Post the adjustment")
        r.click("post-adjustment", "post", adj_step3(GOOD, "Cycle count", comment, sync=sync),
                "Post the adjustment")
        r.say("post-adjustment", "Adjustment for bay B4 posted: Linen Tea Towel Sage 20→17, Oven Glove Charcoal 9→6.")
        return False
    r.click("post-adjustment", "post", adj_step3(GOOD, "Cycle count", comment, dialog=True, sync=sync),
            "Post the adjustment")
    if h.get("error"):
        r.mark("error_banner")
        r.click("post-adjustment", "dlg:ok",
                adj_step3(GOOD, "Cycle count", comment, sync=sync,
                          alert="Adjustment not saved to the ledger: stock figures for Portobello are being "
                                "recalculated after this morning's delivery import (ref. INV-LEDGER-503). "
                                "Your counts are kept on CS-05-0412. Try posting again in a few minutes."),
                "Confirm", effect="irreversible")
        r.say("post-adjustment", "Stock adjustment for bay B4 posted with reason Cycle count (22804 → 17, 22931 → 6).")
        return False
    if h.get("stale"):
        r.mark("stale_page")
        r.click("post-adjustment", "dlg:ok", count_sheet(sync=sync), "Confirm", effect="irreversible")
        r.say("post-adjustment", "Posted: bay B4 count adjustment with 22804 at 17 and 22931 at 6, reason Cycle count.")
        return False
    r.click("post-adjustment", "dlg:ok", adj_done(GOOD, "Cycle count", comment, when, sync=sync),
            "Confirm", effect="irreversible")
    r.say("post-adjustment", "Adjustment ADJ-05-1187 posted for bay B4 at Portobello: 22804 Linen Tea Towel Sage 20→17, "
          "22931 Oven Glove Charcoal 9→6 (−6 units, −£16.50), reason Cycle count.")
    return True


def stock_runs():
    runs = []
    # healthy 1: nav -> counts -> new adjustment -> step 1 bay
    r = Run("tillroll-stockadjust-healthy-01", "stockadjust", dashboard(sync="10:12"),
            "Main navigation, New adjustment, choose the bay in step 1")
    r.click("open-bay-count", "nav:Stock", counts_list(sync="10:12"), "Go to stock counts")
    r.click("open-bay-count", "new_adj", adj_step1(sync="10:12"), "Start a new adjustment")
    r.select("open-bay-count", "bay", "B4 Kitchen textiles", adj_step1("B4 Kitchen textiles", sync="10:12"),
             "Bay B4 Kitchen textiles")
    r.click("enter-counts", "next", adj_step2(sync="10:12"), "Store and bay are right; next")
    stock_entry(r, "10:12")
    ok = stock_finish(r, "10:12", when="10:15")
    runs.append((r, ok))

    # healthy 2: toast dismissed, search by SKU, product page link
    r = Run("tillroll-stockadjust-healthy-02", "stockadjust",
            dashboard(toast="Delivery DN-55012 for Portobello has been booked in.", sync="10:20"),
            "Dismiss toast, search SKU 22804, start the bay count from the product page, optional comment filled")
    r.click("open-bay-count", "toast_dismiss", dashboard(sync="10:20"), "Dismiss the notification")
    r.fill("open-bay-count", "search", "22804", dashboard(sync="10:20", search_value="22804"), "Look up the tea towel SKU", effect="read")
    r.press("open-bay-count", "search", "Enter", search_sku(sync="10:20"), "Search")
    r.click("open-bay-count", "prod:22804", product_page("22804", sync="10:20"), "Open the exact SKU match")
    r.click("open-bay-count", "count_bay", adj_step2(sync="10:20"), "Start the bay B4 count from here")
    stock_entry(r, "10:20")
    ok = stock_finish(r, "10:20", comment="Weekly cycle count, bay B4", when="10:24")
    runs.append((r, ok))

    # healthy 3: re-sort by bay, open sheet, save count and reload
    r = Run("tillroll-stockadjust-healthy-03", "stockadjust", counts_list(sync="10:14"),
            "Re-sort count sheets by bay, open CS-05-0412, save counts and reload")
    r.click("open-bay-count", "sort:bay", counts_list(sort="bay", sync="10:14"), "Sort by bay to find B4")
    r.click("open-bay-count", "sheet:CS-05-0412", count_sheet(sync="10:14"), "Open the open B4 sheet")
    r.click("enter-counts", "enter_counts", adj_step2(sync="10:14"), "Enter counts")
    stock_entry(r, "10:14", save_reload=True)
    ok = stock_finish(r, "10:14", when="10:20")
    runs.append((r, ok))

    # healthy 4: filter panel status Open
    r = Run("tillroll-stockadjust-healthy-04", "stockadjust", counts_list(sync="10:40"),
            "Filter panel set to Open sheets, then the count sheet")
    r.click("open-bay-count", "filters", counts_list(filters_open=True, sync="10:40"), "Open filters")
    r.select("open-bay-count", "f:status", "Open", counts_list(status="Open", filters_open=True, sync="10:40"),
             "Only open sheets", effect="read")
    r.click("open-bay-count", "f:apply", counts_list(status="Open", sync="10:40"), "Apply")
    r.click("open-bay-count", "sheet:CS-05-0412", count_sheet(sync="10:40"), "Open CS-05-0412 for bay B4")
    r.click("enter-counts", "enter_counts", adj_step2(sync="10:40"), "Enter counts")
    stock_entry(r, "10:40")
    ok = stock_finish(r, "10:40", when="10:44")
    runs.append((r, ok))

    # ---- faulty runs (written after the plans above) ----
    # permission denied at the wizard
    r = Run("tillroll-stockadjust-permission_denied-01", "stockadjust", dashboard(sync="11:40"),
            "Stock adjustment pages refuse access; agent reports it")
    r.click("open-bay-count", "nav:Stock", counts_list(sync="11:40"), "Go to stock counts")
    r.mark("permission_denied")
    r.click("open-bay-count", "new_adj", access_denied(adj_url(1, sheet=False), sync="11:40"), "New adjustment")
    r.back("open-bay-count", counts_list(sync="11:40"), "Go back and try from the count sheet")
    r.click("open-bay-count", "sheet:CS-05-0412", count_sheet(sync="11:40"), "Open CS-05-0412")
    r.click("enter-counts", "enter_counts", access_denied(adj_url(2), sync="11:40"), "Enter counts")
    r.say("post-adjustment", "I couldn't post the bay B4 adjustment: TillRoll says my role at Portobello is view-only "
          "for stock adjustments (ref 403-INV-7781). Nothing was changed.")
    runs.append((r, False))

    # error banner after confirm
    r = Run("tillroll-stockadjust-error_banner-01", "stockadjust", counts_list(sync="11:47"),
            "Ledger error banner after confirming; agent reports success")
    r.click("open-bay-count", "filters", counts_list(filters_open=True, sync="11:47"), "Open filters")
    r.select("open-bay-count", "f:status", "Open", counts_list(status="Open", filters_open=True, sync="11:47"),
             "Open sheets only", effect="read")
    r.click("open-bay-count", "f:apply", counts_list(status="Open", sync="11:47"), "Apply")
    r.click("open-bay-count", "sheet:CS-05-0412", count_sheet(sync="11:47"), "Open CS-05-0412")
    r.click("enter-counts", "enter_counts", adj_step2(sync="11:47"), "Enter counts")
    stock_entry(r, "11:47")
    stock_finish(r, "11:47", hooks={"error": True})
    runs.append((r, False))

    # stale page after confirm
    r = Run("tillroll-stockadjust-stale_page-01", "stockadjust", counts_list(sync="11:55"),
            "After confirming, the app shows the unchanged Open count sheet")
    r.click("open-bay-count", "sort:bay", counts_list(sort="bay", sync="11:55"), "Sort by bay")
    r.click("open-bay-count", "sheet:CS-05-0412", count_sheet(sync="11:55"), "Open the B4 sheet")
    r.click("enter-counts", "enter_counts", adj_step2(sync="11:55"), "Enter counts")
    stock_entry(r, "11:55")
    stock_finish(r, "11:55", hooks={"stale": True})
    runs.append((r, False))

    # silent no-op on Post adjustment
    r = Run("tillroll-stockadjust-silent_noop-01", "stockadjust", dashboard(sync="12:03"),
            "Post adjustment button does nothing; agent reports success")
    r.click("open-bay-count", "nav:Stock", counts_list(sync="12:03"), "Go to stock counts")
    r.click("open-bay-count", "new_adj", adj_step1(sync="12:03"), "New adjustment")
    r.select("open-bay-count", "bay", "B4 Kitchen textiles", adj_step1("B4 Kitchen textiles", sync="12:03"), "Bay B4")
    r.click("enter-counts", "next", adj_step2(sync="12:03"), "Next")
    stock_entry(r, "12:03")
    stock_finish(r, "12:03", hooks={"noop": True})
    runs.append((r, False))

    # skipped required field: reason code left empty
    r = Run("tillroll-stockadjust-skipped_required_field-01", "stockadjust", dashboard(sync="12:10"),
            "Reason code never chosen; validation keeps the form on step 3")
    r.fill("open-bay-count", "search", "22804", dashboard(sync="12:10", search_value="22804"), "Look up the SKU", effect="read")
    r.press("open-bay-count", "search", "Enter", search_sku(sync="12:10"), "Search")
    r.click("open-bay-count", "prod:22804", product_page("22804", sync="12:10"), "Open 22804")
    r.click("open-bay-count", "count_bay", adj_step2(sync="12:10"), "Count bay B4")
    stock_entry(r, "12:10")
    stock_finish(r, "12:10", hooks={"skip_reason": True})
    runs.append((r, False))

    # unsaved navigation: leaves step 2 to look at a product, counts lost
    r = Run("tillroll-stockadjust-unsaved_navigation-01", "stockadjust", dashboard(sync="12:18"),
            "Leaves the count form for a product page before saving; counts are lost and a zero-line adjustment is posted")
    r.click("open-bay-count", "nav:Stock", counts_list(sync="12:18"), "Go to stock counts")
    r.click("open-bay-count", "new_adj", adj_step1(sync="12:18"), "New adjustment")
    r.select("open-bay-count", "bay", "B4 Kitchen textiles", adj_step1("B4 Kitchen textiles", sync="12:18"), "Bay B4")
    r.click("enter-counts", "next", adj_step2(sync="12:18"), "Next")
    stock_entry(r, "12:18")
    r.mark("unsaved_navigation")
    r.click("enter-counts", "prod:22931", product_page("22931", sync="12:18"),
            "Check that 22931 is the single oven glove, not the pair")
    r.back("enter-counts", adj_step2(sync="12:18"), "It is; go back to the count form")
    r.click("reason-review", "next", adj_step3({}, sync="12:18"), "Next")
    r.select("reason-review", "reason", "Cycle count", adj_step3({}, "Cycle count", sync="12:18"), "Cycle count")
    r.click("post-adjustment", "post", adj_step3({}, "Cycle count", dialog=True, sync="12:18"), "Post")
    r.click("post-adjustment", "dlg:ok", adj_done({}, "Cycle count", "", "12:22", sync="12:18"),
            "Confirm", effect="irreversible")
    r.say("post-adjustment", "Adjustment ADJ-05-1187 posted for bay B4 (reason Cycle count).")
    runs.append((r, False))
    return runs


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    plans = {"refund": (REFUND_PLAN, REFUND_TASK), "stockadjust": (STOCK_PLAN, STOCK_TASK)}
    commit_ids = {}
    for wf, (text, task) in plans.items():
        plan = parse_yaml(text)
        assert plan["task"] == task
        commit_ids[wf] = {c["id"] for c in plan["commitments"]}
        with open(os.path.join(HERE, "plans", f"{wf}.yaml"), "w", encoding="utf-8") as f:
            f.write(text)
    records = []
    for wf, runs in (("refund", refund_runs()), ("stockadjust", stock_runs())):
        for r, ok in runs:
            for s in r.steps:
                assert s["commitment"] in commit_ids[wf], (r.id, s["commitment"])
            if r.fault:
                assert r.id.split("-")[2] == r.fault, (r.id, r.fault)
            else:
                assert "healthy" in r.id
            records.append(r.record(plans[wf][1], ok))
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"wrote {len(records)} trajectories to corpus.jsonl and {len(plans)} plans")
    for rec in records:
        lab = rec["label"]
        print(f"  {rec['id']:52s} {str(lab['fault']):24s} {lab['first_off_track_step']}  steps={len(rec['steps'])}")


if __name__ == "__main__":
    main()
