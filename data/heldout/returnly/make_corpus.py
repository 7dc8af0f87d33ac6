#!/usr/bin/env python3
"""Generate the Returnly held-out corpus.

Returnly is an invented returns back office for an online outdoor-clothing store
(Northfield Outfitters).  One workflow: a support agent approves the return of a
single line item of a multi-item order, refunds it to the original card minus the
standard restocking fee, and emails a prepaid return label.

Writes, next to this file (or into --out DIR):
  corpus.jsonl            20 trajectories (8 healthy, 12 faulty)
  plans/returnly.yaml     the plan (written from the task text and healthy pages only)

Python 3 standard library only; fixed seed; byte-for-byte reproducible.
"""
import argparse
import datetime as dt
import json
import os
import random

SEED = 20250520
HOST = "http://127.0.0.1:8040"
WORKFLOW = "returnly"
PLAN_PATH = "plans/returnly.yaml"

TASK = ("In Returnly's Requested returns queue, approve the return of the Trailhead Fleece "
        "Jacket (size M, Slate Blue) on order RT-48213 for maya.okafor@example.com \u2014 only "
        "that item. Refund it to her original payment method (the Visa ending 4417) minus the "
        "standard 10% restocking fee, then email her a prepaid return label.")

NOW = dt.datetime(2025, 5, 20, 14, 20)
DOT4 = "\u2022\u2022\u2022\u2022"          # ••••
MDASH = "\u2014"
MIDDOT = "\u00b7"
MINUS = "\u2212"


def money(x):
    return "${:,.2f}".format(x)


# ---------------------------------------------------------------------------
# Accessibility-tree builder (BrowserGym flattened AXTree style)
# ---------------------------------------------------------------------------
class Page:
    def __init__(self, url, title, base=10):
        self.url = url
        self.title = title
        self.lines = ["RootWebArea {!r}, focused".format(title)]
        self.bid = base
        self.nodes = {}       # bid -> (role, name, props)
        self.error = None

    def n(self, depth, role, name="", **props):
        ind = "\t" * depth
        if role == "StaticText":
            self.lines.append("{}StaticText {!r}".format(ind, name))
            return None
        b = str(self.bid)
        self.bid += 1
        line = "{}[{}] {} {!r}".format(ind, b, role, name)
        for k, v in props.items():
            if v is True and k in ("focused", "required", "multiselectable"):
                line += ", " + k
            elif v is False and k == "disabled":
                continue
            elif isinstance(v, str):
                line += ", {}={!r}".format(k, v)
            else:
                line += ", {}={}".format(k, v)
        self.lines.append(line)
        self.nodes[b] = (role, name, props)
        return b

    def t(self, depth, text):
        self.n(depth, "StaticText", text)

    def find(self, role, name):
        hits = [b for b, (r, nm, _p) in self.nodes.items() if r == role and nm == name]
        if len(hits) != 1:
            raise KeyError("{} {!r}: {} matches on {}".format(role, name, len(hits), self.title))
        b = hits[0]
        if self.nodes[b][2].get("disabled") is True:
            raise KeyError("{} {!r} is disabled on {}".format(role, name, self.title))
        return b

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": self.error}


def header(p, section, global_q=""):
    p.n(1, "banner", "")
    p.n(2, "link", "Returnly")
    p.t(3, "Returnly")
    p.t(2, "Northfield Outfitters " + MIDDOT + " Support back office")
    p.n(2, "navigation", "Primary")
    for item in ["Dashboard", "Return requests", "Orders", "Customers", "Refunds", "Reports"]:
        if item == section:
            p.n(3, "link", item, current="page")
        else:
            p.n(3, "link", item)
    p.n(2, "search", "")
    if global_q:
        p.n(3, "textbox", "Search orders, returns, customers", hasPopup="listbox",
            value=global_q, focused=True)
    else:
        p.n(3, "textbox", "Search orders, returns, customers", hasPopup="listbox")
    p.n(2, "button", "Notifications, 3 unread", hasPopup="menu", expanded=False)
    p.n(2, "button", "Help")
    p.n(2, "button", "Account menu: Priya Raman", hasPopup="menu", expanded=False)


def breadcrumbs(p, crumbs):
    p.n(1, "navigation", "Breadcrumb")
    for i, (label, link) in enumerate(crumbs):
        if link:
            p.n(2, "link", label)
        else:
            p.t(2, label)
        if i < len(crumbs) - 1:
            p.t(2, "/")


def footer(p):
    p.n(1, "contentinfo", "")
    p.t(2, "Returnly 4.12.3 " + MIDDOT + " Northfield Outfitters")
    p.n(2, "link", "Returns policy (internal)")
    p.n(2, "link", "Keyboard shortcuts")
    p.n(2, "link", "System status: all services operational")
    p.t(2, "Signed in as priya.raman@northfield.example " + MIDDOT + " Support, Tier 2")


def toast_region(p, toast):
    if toast:
        p.n(1, "status", "", live="polite", atomic=True)
        p.t(2, toast)
        p.n(2, "button", "Dismiss notification")


# ---------------------------------------------------------------------------
# Data: return requests
# ---------------------------------------------------------------------------
FILLER_EMAILS = [
    "jon.baptiste@example.net", "ines.carvalho@example.org", "tobias.lind@example.com",
    "keiko.arai@example.com", "rafael.mendes@example.net", "hannah.weiss@example.com",
    "oluwaseun.adeyemi@example.com", "sam.oduya@example.com", "priyanka.menon@example.org",
    "lukas.novak@example.com", "amara.nwosu@example.com", "diego.ferraz@example.net",
    "freya.holm@example.com", "marek.kowal@example.com", "yusuf.demir@example.org",
    "ana.petrova@example.com", "noah.brandt@example.com", "lea.martin@example.com",
    "omar.haddad@example.net", "grace.lindqvist@example.com", "theo.walsh@example.com",
    "nadia.rahman@example.org",
]

RECENT = [  # rma, order, email, items, status  (newest first; all after 8 May)
    (7741, "RT-48377", "jon.baptiste@example.net", 2, "Requested"),
    (7740, "RT-48362", "keiko.arai@example.com", 1, "Requested"),
    (7738, "RT-48340", "hannah.weiss@example.com", 3, "Requested"),
    (7736, "RT-48319", "tobias.lind@example.com", 1, "Cancelled"),
    (7735, "RT-48355", "amara.nwosu@example.com", 2, "Requested"),
    (7733, "RT-48296", "diego.ferraz@example.net", 1, "Approved"),
    (7731, "RT-48287", "lea.martin@example.com", 2, "Refund failed"),
    (7729, "RT-48270", "freya.holm@example.com", 1, "Label sent"),
    (7727, "RT-48218", "m.okafor@example.com", 1, "Requested"),
    (7726, "RT-48264", "sam.oduya@example.com", 4, "Requested"),
    (7724, "RT-48199", "yusuf.demir@example.org", 1, "Rejected"),
    (7722, "RT-48247", "ana.petrova@example.com", 2, "Approved"),
    (7720, "RT-48213", "maya.okafor@example.com", 2, "Requested"),
    (7718, "RT-48176", "noah.brandt@example.com", 1, "In transit"),
    (7716, "RT-48190", "rafael.mendes@example.net", 2, "Requested"),
    (7713, "RT-48152", "omar.haddad@example.net", 1, "Received"),
    (7711, "RT-48168", "ines.carvalho@example.org", 1, "Refunded"),
    (7708, "RT-48141", "grace.lindqvist@example.com", 3, "Label sent"),
    (7705, "RT-48127", "theo.walsh@example.com", 1, "Refunded"),
    (7702, "RT-48231", "maia.okafor@example.com", 1, "Requested"),
]

ANCHORS = [  # rma -> request time (piecewise linear)
    (7741, dt.datetime(2025, 5, 20, 11, 5)),
    (7727, dt.datetime(2025, 5, 15, 9, 30)),
    (7720, dt.datetime(2025, 5, 11, 16, 42)),
    (7702, dt.datetime(2025, 5, 8, 10, 15)),
    (7419, dt.datetime(2025, 3, 14, 13, 2)),
    (7360, dt.datetime(2025, 3, 3, 9, 0)),
]

NEAR_ORDERS = {"RT-48213", "RT-48231", "RT-48218", "RT-42813"}


def req_time(rma):
    for (r1, t1), (r2, t2) in zip(ANCHORS, ANCHORS[1:]):
        if r2 <= rma <= r1:
            frac = (r1 - rma) / float(r1 - r2)
            t = t1 + (t2 - t1) * frac
            return t.replace(second=0, microsecond=0)
    raise ValueError(rma)


def edit1(a, b):
    if a == b:
        return False
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    if len(a) > len(b):
        a, b = b, a
    for i in range(len(b)):
        if b[:i] + b[i + 1:] == a:
            return True
    return False


def _digits_perm(a, b):
    return sorted(a) == sorted(b)


def build_rows():
    rng = random.Random(SEED)
    rows = []
    for rma, order, email, items, status in RECENT:
        rows.append(dict(rma="RMA-%d" % rma, num=rma, order=order, email=email,
                         items=items, status=status, when=req_time(rma)))
    used = {r["order"] for r in rows}
    rma = 7702
    while True:
        rma -= rng.randint(2, 5)
        if rma < 7365:
            break
        if abs(rma - 7419) <= 1 and rma != 7419:
            continue
        when = req_time(rma)
        if rma == 7419:
            rows.append(dict(rma="RMA-7419", num=7419, order="RT-42813",
                             email="maya.okafor@example.com", items=1, status="Refunded",
                             when=req_time(7419)))
            continue
        while True:
            base = 42813 + (rma - 7419) * (48213 - 42813) / (7720 - 7419.0)
            num = int(base) + rng.randint(-90, 90)
            order = "RT-%d" % num
            if order in used or any(_digits_perm(str(num), o[3:]) or edit1(str(num), o[3:])
                                    for o in NEAR_ORDERS):
                continue
            break
        used.add(order)
        if when >= dt.datetime(2025, 5, 1):
            status = rng.choice(["Requested", "Approved", "Label sent", "In transit",
                                 "Received", "Refunded", "Refunded"])
        else:
            status = rng.choice(["Refunded"] * 6 + ["Closed", "Closed", "Rejected",
                                                    "Cancelled", "Refund failed"])
        rows.append(dict(rma="RMA-%d" % rma, num=rma, order=order,
                         email=rng.choice(FILLER_EMAILS), items=rng.randint(1, 4),
                         status=status, when=when))
    if 7419 not in {r["num"] for r in rows}:
        rows.append(dict(rma="RMA-7419", num=7419, order="RT-42813",
                         email="maya.okafor@example.com", items=1, status="Refunded",
                         when=req_time(7419)))
    rows.sort(key=lambda r: r["when"], reverse=True)
    return rows


ROWS = build_rows()


def sla(row):
    if row["status"] == "Requested":
        hours = int((NOW - row["when"]).total_seconds() // 3600)
        if hours > 48:
            return "Overdue %d d" % ((hours - 48) // 24 + 1) if hours - 48 >= 24 else \
                "Overdue %d h" % (hours - 48)
        return "Due in %d h" % (48 - hours)
    if row["status"] == "Refund failed":
        return "Action needed"
    if row["status"] in ("Approved", "Label sent"):
        return "Awaiting parcel"
    return MDASH


def fmt_date(t):
    return "{} {} {}".format(t.day, t.strftime("%b"), t.year)


def search_rows(rows, q):
    ql = q.strip().lower()
    exact = [r for r in rows if ql in r["rma"].lower() or ql in r["order"].lower()
             or ql in r["email"].lower()]
    similar = []
    kind = None
    if ql.startswith("rt-") and len(ql) == 8:
        similar = [r for r in rows if r not in exact and (_digits_perm(r["order"][3:], ql[3:])
                                                           or edit1(r["order"][3:], ql[3:]))]
        kind = "order numbers"
    elif "@" in ql:
        loc, _, dom = ql.partition("@")
        similar = [r for r in rows if r not in exact and r["email"].endswith("@" + dom)
                   and edit1(r["email"].split("@")[0], loc)]
        kind = "email addresses"
    return exact + similar, (kind if similar else None)


def queue_counts():
    open_n = sum(1 for r in ROWS if r["status"] in ("Requested", "Approved", "Label sent",
                                                     "In transit", "Received",
                                                     "Refund failed"))
    awaiting = sum(1 for r in ROWS if r["status"] in ("Received", "Refund failed"))
    overdue = sum(1 for r in ROWS if sla(r).startswith("Overdue"))
    return open_n, awaiting, overdue


# ---------------------------------------------------------------------------
# Page: return requests queue
# ---------------------------------------------------------------------------
STATUS_OPTIONS = ["All statuses", "Requested", "Approved", "Label sent", "In transit",
                  "Received", "Refunded", "Refund failed", "Rejected", "Cancelled", "Closed"]
DATE_OPTIONS = ["Any time", "Last 7 days", "Last 30 days", "Last 90 days"]
STORE_OPTIONS = ["All stores", "Northfield Online", "Northfield Outlet"]


def queue_page(status="All statuses", date="Any time", q="", page=1, sort=("requested", "desc"),
               banner=None, toast=None, restored=False, new_arrivals=False, global_q=""):
    rows = list(ROWS)
    if status != "All statuses":
        rows = [r for r in rows if r["status"] == status]
    if date == "Last 7 days":
        rows = [r for r in rows if r["when"] >= NOW - dt.timedelta(days=7)]
    elif date == "Last 30 days":
        rows = [r for r in rows if r["when"] >= NOW - dt.timedelta(days=30)]
    key, direction = sort
    if key == "order":
        rows.sort(key=lambda r: r["order"], reverse=(direction == "desc"))
    elif key == "rma":
        rows.sort(key=lambda r: r["num"], reverse=(direction == "desc"))
    else:
        rows.sort(key=lambda r: r["when"], reverse=(direction == "desc"))
    similar_kind = None
    if q:
        rows, similar_kind = search_rows(rows, q)
    total = len(rows)
    pages = max(1, (total + 9) // 10)
    shown = rows[(page - 1) * 10: page * 10]

    params = []
    if status != "All statuses":
        params.append("status=" + status.lower().replace(" ", "-"))
    if date != "Any time":
        params.append("requested=" + date.lower().replace(" ", "-"))
    if q:
        params.append("q=" + q.replace("@", "%40"))
    if sort != ("requested", "desc"):
        params.append("sort=%s-%s" % sort)
    if page > 1:
        params.append("page=%d" % page)
    url = HOST + "/returns" + ("?" + "&".join(params) if params else "")
    p = Page(url, "Return requests " + MIDDOT + " Returnly")
    header(p, "Return requests", global_q)
    breadcrumbs(p, [("Returns", True), ("Return requests", False)])
    p.n(1, "main", "")
    p.n(2, "heading", "Return requests", level=1)
    open_n, awaiting, overdue = queue_counts()
    if new_arrivals:
        open_n += 2
    p.t(2, "Open {} {} Awaiting refund {} {} Overdue {} {} Updated just now".format(
        open_n, MIDDOT, awaiting, MIDDOT, overdue, MIDDOT))
    if banner:
        p.n(2, "alert", "")
        p.t(3, banner)
        p.n(3, "button", "Dismiss banner")
    p.n(2, "button", "Export CSV")
    p.n(2, "button", "Saved views", hasPopup="menu", expanded=False)
    p.n(2, "group", "Filters")
    if q:
        p.n(3, "textbox", "Search return requests", value=q)
    else:
        p.n(3, "textbox", "Search return requests")
    for label, opts, cur in [("Status", STATUS_OPTIONS, status), ("Requested", DATE_OPTIONS, date),
                             ("Store", STORE_OPTIONS, "All stores")]:
        p.n(3, "combobox", label, value=cur, hasPopup="listbox", expanded=False)
        for o in opts:
            if o == cur:
                p.n(4, "option", o, selected=True)
            else:
                p.n(4, "option", o, selected=False)
    p.n(3, "button", "Clear filters")
    if restored:
        p.t(3, "Filters restored from your last visit")
    chips = []
    if status != "All statuses":
        chips.append("Status: " + status)
    if date != "Any time":
        chips.append("Requested: " + date)
    if chips:
        p.n(3, "list", "Active filters")
        for c in chips:
            p.n(4, "listitem", "")
            p.t(5, c)
            p.n(5, "button", "Remove filter " + c)
    if q:
        p.t(2, "Showing {} result{} for \u201c{}\u201d".format(total, "" if total == 1 else "s", q))
        if similar_kind:
            p.t(2, "Includes similar " + similar_kind)
    if total == 0:
        p.t(2, "No return requests match these filters.")
    else:
        p.t(2, "Showing {}\u2013{} of {}".format((page - 1) * 10 + 1, (page - 1) * 10 + len(shown),
                                                total))
        p.n(2, "table", "Return requests")
        p.n(3, "row", "")
        cols = [("RMA", "rma"), ("Order", "order"), ("Customer", None), ("Items", None),
                ("Requested", "requested"), ("Status", None), ("SLA", None)]
        for label, skey in cols:
            if skey:
                if skey == key:
                    p.n(4, "columnheader", label,
                        sort="descending" if direction == "desc" else "ascending")
                else:
                    p.n(4, "columnheader", label)
                p.n(5, "button", "Sort by " + label)
            else:
                p.n(4, "columnheader", label)
        for r in shown:
            p.n(3, "row", "")
            p.n(4, "gridcell", "")
            p.n(5, "link", r["rma"])
            p.n(4, "gridcell", r["order"])
            p.n(4, "gridcell", r["email"])
            p.n(4, "gridcell", str(r["items"]))
            p.n(4, "gridcell", fmt_date(r["when"]))
            p.n(4, "gridcell", r["status"])
            p.n(4, "gridcell", sla(r))
        p.n(2, "navigation", "Pagination")
        p.n(3, "button", "Previous page", disabled=(page == 1))
        show = sorted({1, 2, 3, page, pages} & set(range(1, pages + 1)))
        last = 0
        for k in show:
            if k - last > 1:
                p.t(3, "\u2026")
            if k == page:
                p.n(3, "button", "Page %d" % k, pressed="true")
            else:
                p.n(3, "button", "Page %d" % k)
            last = k
        p.n(3, "button", "Next page", disabled=(page == pages))
        p.n(3, "combobox", "Rows per page", value="10", hasPopup="listbox", expanded=False)
    p.n(2, "complementary", "Recent activity")
    p.n(3, "heading", "Recent activity", level=2)
    p.n(3, "list", "")
    for item in ["Refund failed for RMA-7731 " + MDASH + " card expired, retry scheduled 18:00",
                 "RMA-7736 cancelled by customer",
                 "Prepaid label for RMA-7729 emailed to freya.holm@example.com",
                 "RMA-7716 overdue " + MDASH + " no response in 52 h",
                 "Warehouse received parcel for RMA-7713"]:
        p.n(4, "listitem", "")
        p.t(5, item)
    toast_region(p, toast)
    footer(p)
    return p


# ---------------------------------------------------------------------------
# Page: global search results
# ---------------------------------------------------------------------------
ORDERS = {
    "RT-48213": ("Maya Okafor", "$318.00", "Delivered 6 May 2025"),
    "RT-48231": ("Maia Okafor", "$162.00", "Delivered 5 May 2025"),
    "RT-48218": ("Michael Okafor", "$89.00", "Delivered 9 May 2025"),
    "RT-42813": ("Maya Okafor", "$96.00", "Returned 19 Mar 2025"),
}


def global_search_page(q):
    p = Page(HOST + "/search?q=" + q, "Search: {} {} Returnly".format(q, MIDDOT))
    header(p, None)
    breadcrumbs(p, [("Dashboard", True), ("Search", False)])
    p.n(1, "main", "")
    p.n(2, "heading", "Results for \u201c{}\u201d".format(q), level=1)
    p.t(2, "Exact matches first, then similar numbers")
    p.n(2, "region", "Orders")
    p.n(3, "heading", "Orders (4)", level=2)
    p.n(3, "list", "")
    for o in ["RT-48213", "RT-48231", "RT-48218", "RT-42813"]:
        nm, tot, st = ORDERS[o]
        p.n(4, "listitem", "")
        p.n(5, "link", "Order {} {} {} {} {} {} {}".format(o, MIDDOT, nm, MIDDOT, tot, MIDDOT, st))
    p.n(2, "region", "Returns")
    p.n(3, "heading", "Returns (4)", level=2)
    p.n(3, "list", "")
    for o in ["RT-48213", "RT-48231", "RT-48218", "RT-42813"]:
        r = [x for x in ROWS if x["order"] == o][0]
        p.n(4, "listitem", "")
        p.n(5, "link", "{} {} {} {} {}".format(r["rma"], MIDDOT, o, MIDDOT, r["status"]))
    p.n(2, "region", "Customers")
    p.n(3, "heading", "Customers (2)", level=2)
    p.n(3, "list", "")
    for c in ["Maya Okafor " + MIDDOT + " maya.okafor@example.com",
              "Maia Okafor " + MIDDOT + " maia.okafor@example.com"]:
        p.n(4, "listitem", "")
        p.n(5, "link", c)
    p.n(2, "button", "Show more results")
    footer(p)
    return p


# ---------------------------------------------------------------------------
# Page: return request detail (with dialogs)
# ---------------------------------------------------------------------------
def line(key, product, variant, sku, price, status):
    return dict(key=key, product=product, variant=variant, sku=sku, price=price, status=status)


def line_label(ln):
    return "{} {} {}".format(ln["product"], MDASH, ln["variant"])


RECORDS = {
    "RMA-7720": dict(
        rma="RMA-7720", order="RT-48213", name="Maya Okafor", email="maya.okafor@example.com",
        card="Visa " + DOT4 + " 4417", placed="2 May 2025", delivered="6 May 2025",
        requested="11 May 2025, 16:42", window="5 Jun 2025", total="$318.00",
        profile="Customer since 2021 " + MIDDOT + " 9 orders " + MIDDOT + " 1 previous return",
        prev=["RMA-7419 (order RT-42813, refunded)"],
        note="Ordered two sizes to compare \u2014 keeping the L. The socks were a gift and didn't fit.",
        lines=[line("jacket-m", "Trailhead Fleece Jacket", "Size M " + MIDDOT + " Slate Blue",
                    "TFJ-SLB-M", 128.00, "Return requested"),
               line("jacket-l", "Trailhead Fleece Jacket", "Size L " + MIDDOT + " Slate Blue",
                    "TFJ-SLB-L", 128.00, "Kept"),
               line("beanie", "Ridgeline Merino Beanie", "One size " + MIDDOT + " Charcoal",
                    "RMB-CHR-OS", 34.00, "Kept"),
               line("socks-m", "Switchback Trail Socks (2-pack)", "Size M " + MIDDOT + " Slate Blue",
                    "STS-SLB-M", 28.00, "Return requested")],
        activity=["11 May 2025 16:42 " + MIDDOT + " Return requested by customer (2 items)",
                  "11 May 2025 16:42 " + MIDDOT + " Automatic check passed: delivered 6 May 2025, within 30-day window",
                  "12 May 2025 08:05 " + MIDDOT + " Warehouse notification failed to send (retried, delivered 08:09)",
                  "14 May 2025 10:31 " + MIDDOT + " SLA reminder sent to Support, Tier 2"],
        refunds=[], label=None, fixed_status=None, refund_id="RF-30917",
        tracking="1Z 84F 2A0 03 5521 7730"),
    "RMA-7702": dict(
        rma="RMA-7702", order="RT-48231", name="Maia Okafor", email="maia.okafor@example.com",
        card="Mastercard " + DOT4 + " 4471", placed="1 May 2025", delivered="5 May 2025",
        requested="8 May 2025, 10:15", window="4 Jun 2025", total="$162.00",
        profile="Customer since 2024 " + MIDDOT + " 2 orders " + MIDDOT + " no previous returns",
        prev=[],
        note="Too warm for where I live, sorry!",
        lines=[line("jacket-m", "Trailhead Fleece Jacket", "Size M " + MIDDOT + " Slate Blue",
                    "TFJ-SLB-M", 128.00, "Return requested"),
               line("beanie", "Ridgeline Merino Beanie", "One size " + MIDDOT + " Slate Blue",
                    "RMB-SLB-OS", 34.00, "Kept")],
        activity=["8 May 2025 10:15 " + MIDDOT + " Return requested by customer (1 item)",
                  "8 May 2025 10:15 " + MIDDOT + " Automatic check passed: delivered 5 May 2025, within 30-day window"],
        refunds=[], label=None, fixed_status=None, refund_id="RF-30918",
        tracking="1Z 84F 2A0 03 5521 7731"),
    "RMA-7419": dict(
        rma="RMA-7419", order="RT-42813", name="Maya Okafor", email="maya.okafor@example.com",
        card="Visa " + DOT4 + " 4417", placed="2 Mar 2025", delivered="6 Mar 2025",
        requested="14 Mar 2025, 13:02", window="5 Apr 2025 (closed)", total="$96.00",
        profile="Customer since 2021 " + MIDDOT + " 9 orders " + MIDDOT + " 1 previous return",
        prev=[],
        note="Sleeves too short.",
        lines=[line("shell-m", "Canyon Rain Shell", "Size M " + MIDDOT + " Ember", "CRS-EMB-M",
                    96.00, "Refunded")],
        activity=["14 Mar 2025 13:02 " + MIDDOT + " Return requested by customer (1 item)",
                  "14 Mar 2025 15:40 " + MIDDOT + " Approved by Priya Raman",
                  "19 Mar 2025 11:12 " + MIDDOT + " Parcel received at warehouse",
                  "21 Mar 2025 09:03 " + MIDDOT + " Refund RF-27705 completed"],
        refunds=["RF-27705 " + MIDDOT + " $86.40 to Visa " + DOT4 + " 4417 " + MIDDOT +
                 " restocking fee $9.60 " + MIDDOT + " Completed 21 Mar 2025"],
        label="UPS Ground (prepaid) " + MIDDOT + " delivered to warehouse 19 Mar 2025",
        fixed_status="Refunded", refund_id=None, tracking=None),
}

FEE_NONE, FEE_10, FEE_15, FEE_CUSTOM = "No fee", "10", "15", "custom"


class Detail:
    """Mutable state of a return-request detail page."""

    def __init__(self, rma):
        self.rec = RECORDS[rma]
        self.approved = set()
        self.refunds = list(self.rec["refunds"])
        self.refunded_items = set()
        self.label = self.rec["label"]
        self.toast = None
        self.dialog = None            # None | dict(kind=...)
        self.activity = list(self.rec["activity"])
        self.label_attempted = False

    # --- derived --------------------------------------------------------
    def line_status(self, ln):
        if ln["key"] in self.refunded_items and ln["key"] in self.approved:
            return "Approved " + MIDDOT + " refunded"
        if ln["key"] in self.refunded_items:
            return "Refunded before approval"
        if ln["key"] in self.approved:
            return "Approved"
        return ln["status"]

    def status(self):
        if self.rec["fixed_status"]:
            return self.rec["fixed_status"]
        req = [ln["key"] for ln in self.rec["lines"] if ln["status"] == "Return requested"]
        if not self.approved:
            return "Requested"
        if all(k in self.approved for k in req):
            return "Approved"
        return "Partially approved"

    def lines_by_key(self):
        return {ln["key"]: ln for ln in self.rec["lines"]}

    # --- refund form ----------------------------------------------------
    def open_refund(self):
        pre = {k for k in self.approved if k not in self.refunded_items}
        self.dialog = dict(kind="refund", items=pre, method="store", fee=FEE_NONE, custom="")

    def totals(self, d):
        lines = self.lines_by_key()
        sub = round(sum(lines[k]["price"] for k in d["items"]), 2)
        if d["fee"] == FEE_10:
            fee = round(sub * 0.10 + 1e-9, 2)
        elif d["fee"] == FEE_15:
            fee = round(sub * 0.15 + 1e-9, 2)
        elif d["fee"] == FEE_CUSTOM:
            try:
                fee = round(float(d["custom"]), 2)
            except ValueError:
                fee = 0.0
        else:
            fee = 0.0
        return sub, fee, round(sub - fee, 2)

    def fee_options(self, d):
        sub = self.totals(dict(d, fee=FEE_NONE))[0]
        return [(FEE_NONE, "No fee"),
                (FEE_10, "10% standard ({})".format(money(round(sub * 0.10 + 1e-9, 2)))),
                (FEE_15, "15% opened or worn ({})".format(money(round(sub * 0.15 + 1e-9, 2)))),
                (FEE_CUSTOM, "Custom amount")]

    def method_label(self, m):
        return {"store": "Store credit",
                "original": "Original payment method ({})".format(self.rec["card"]),
                "gift": "New gift card"}[m]

    def dest(self, m):
        return self.rec["card"] if m == "original" else (
            self.rec["email"] if m == "store" else "a new gift card")

    def issue_refund(self):
        d = self.dialog
        sub, fee, tot = self.totals(d)
        names = ", ".join(line_label(self.lines_by_key()[k]) for k in sorted(d["items"]))
        if d["method"] == "original":
            entry = "{} {} {} to {} {} restocking fee {} {} Processing, 3\u20135 business days".format(
                self.rec["refund_id"], MIDDOT, money(tot), self.rec["card"], MIDDOT, money(fee), MIDDOT)
            self.toast = "Refund of {} issued to {}.".format(money(tot), self.rec["card"])
        elif d["method"] == "store":
            entry = "{} {} {} store credit to {} {} restocking fee {} {} Available now".format(
                self.rec["refund_id"], MIDDOT, money(tot), self.rec["email"], MIDDOT, money(fee), MIDDOT)
            self.toast = "Store credit of {} issued to {}.".format(money(tot), self.rec["email"])
        else:
            entry = "{} {} {} gift card {} Emailed".format(self.rec["refund_id"], MIDDOT, money(tot), MIDDOT)
            self.toast = "Gift card of {} issued.".format(money(tot))
        self.refunds.append(entry)
        self.refunded_items |= set(d["items"])
        self.activity.append("20 May 2025 14:27 " + MIDDOT + " Refund {} of {} ({}) issued by Priya Raman".format(
            self.rec["refund_id"], money(tot), names))
        self.dialog = None

    def approve(self, keys):
        self.approved |= set(keys)
        lines = self.lines_by_key()
        names = [line_label(lines[k]) for k in sorted(keys)]
        if len(names) == 1:
            self.toast = "Return approved for {}. {} has been notified.".format(names[0], self.rec["name"])
        else:
            self.toast = "Return approved for {} items. {} has been notified.".format(len(names), self.rec["name"])
        self.activity.append("20 May 2025 14:24 " + MIDDOT + " Approved by Priya Raman: " + "; ".join(names))
        self.dialog = None

    def open_label(self):
        self.dialog = dict(kind="label", carrier="UPS Ground (prepaid)", email=self.rec["email"],
                           instructions=True)

    def send_label(self):
        d = self.dialog
        self.label = "{} {} tracking {} {} emailed to {}, 20 May 2025 14:29".format(
            d["carrier"], MIDDOT, self.rec["tracking"], MIDDOT, d["email"])
        self.toast = "Prepaid return label emailed to {}.".format(d["email"])
        self.activity.append("20 May 2025 14:29 " + MIDDOT + " Prepaid return label emailed to " + d["email"])
        self.dialog = None

    # --- rendering ------------------------------------------------------
    def page(self):
        r = self.rec
        p = Page(HOST + "/returns/" + r["rma"], "{} {} Order {} {} Returnly".format(
            r["rma"], MIDDOT, r["order"], MIDDOT))
        header(p, "Return requests")
        breadcrumbs(p, [("Returns", True), ("Return requests", True), (r["rma"], False)])
        p.n(1, "main", "")
        p.n(2, "heading", "Return " + r["rma"], level=1)
        p.n(2, "link", "Order " + r["order"])
        p.t(2, "Placed {} {} delivered {}".format(r["placed"], MIDDOT, r["delivered"]))
        p.t(2, "Status: " + self.status())
        p.t(2, "Requested {} {} return window closes {}".format(r["requested"], MIDDOT, r["window"]))
        if self.status() == "Requested" and r["rma"] == "RMA-7720":
            p.t(2, "Response SLA: overdue by 7 days")
        elif self.status() == "Requested":
            p.t(2, "Response SLA: overdue by 10 days")
        p.n(2, "button", "Previous request")
        p.n(2, "button", "Next request")
        # customer
        p.n(2, "region", "Customer")
        p.n(3, "heading", "Customer", level=2)
        p.t(3, r["name"])
        p.n(3, "link", r["email"])
        p.t(3, r["profile"])
        for pr in r["prev"]:
            p.n(3, "link", pr)
        # payment
        p.n(2, "region", "Payment")
        p.n(3, "heading", "Payment", level=2)
        p.t(3, "Paid with " + r["card"])
        p.t(3, "Order total {} {} captured {}".format(r["total"], MIDDOT, r["placed"]))
        # note
        p.n(2, "region", "Customer note")
        p.n(3, "heading", "Customer note", level=2)
        p.t(3, "\u201c" + r["note"] + "\u201d")
        # items
        p.n(2, "heading", "Line items", level=2)
        p.n(2, "table", "Line items")
        p.n(3, "row", "")
        for c in ["Item", "Variant", "SKU", "Qty", "Price", "Return status", "Actions"]:
            p.n(4, "columnheader", c)
        for ln in r["lines"]:
            p.n(3, "row", "")
            p.n(4, "gridcell", ln["product"])
            p.n(4, "gridcell", ln["variant"])
            p.n(4, "gridcell", ln["sku"])
            p.n(4, "gridcell", "1")
            p.n(4, "gridcell", money(ln["price"]))
            p.n(4, "gridcell", self.line_status(ln))
            p.n(4, "gridcell", "")
            if ln["status"] == "Return requested" and ln["key"] not in self.approved:
                lbl = "{}, {}".format(ln["product"], ln["variant"])
                p.n(5, "button", "Approve return for " + lbl)
                p.n(5, "button", "Reject return for " + lbl)
        # actions
        p.n(2, "group", "Return actions")
        pending = [ln for ln in r["lines"] if ln["status"] == "Return requested"
                   and ln["key"] not in self.approved]
        if len(pending) > 1:
            p.n(3, "button", "Approve all requested items")
        if r["fixed_status"] is None:
            p.n(3, "button", "Issue refund")
            if self.approved:
                p.n(3, "button", "Send return label")
            else:
                p.n(3, "button", "Send return label", disabled=True,
                    describedby="Approve at least one item to create a label")
        p.n(3, "button", "More actions", hasPopup="menu", expanded=False)
        # refunds
        p.n(2, "region", "Refunds")
        p.n(3, "heading", "Refunds", level=2)
        if self.refunds:
            p.n(3, "list", "")
            for e in self.refunds:
                p.n(4, "listitem", "")
                p.t(5, e)
        else:
            p.t(3, "No refunds yet for this return.")
        # label
        p.n(2, "region", "Return label")
        p.n(3, "heading", "Return label", level=2)
        if self.label:
            p.t(3, self.label)
        else:
            p.t(3, "No label has been created.")
        # internal notes
        p.n(2, "region", "Internal notes")
        p.n(3, "heading", "Internal notes", level=2)
        p.n(3, "textbox", "Add an internal note")
        p.n(3, "button", "Save note", disabled=True)
        # activity
        p.n(2, "region", "Activity")
        p.n(3, "heading", "Activity", level=2)
        p.n(3, "list", "")
        for a in reversed(self.activity):
            p.n(4, "listitem", "")
            p.t(5, a)
        toast_region(p, self.toast)
        self.toast = None          # toasts fade before the next observation
        footer(p)
        if self.dialog:
            self.render_dialog(p)
        return p

    def render_dialog(self, p):
        d = self.dialog
        lines = self.lines_by_key()
        if d["kind"] == "approve":
            names = [line_label(lines[k]) for k in sorted(d["keys"])]
            tot = sum(lines[k]["price"] for k in d["keys"])
            p.n(1, "dialog", "Approve return?", modal=True)
            p.n(2, "heading", "Approve return?", level=2)
            if len(names) == 1:
                p.t(2, "Approve 1 item: {} ({}).".format(names[0], money(tot)))
            else:
                p.t(2, "Approve {} items: {} ({} in total).".format(len(names), "; ".join(names), money(tot)))
            p.t(2, "{} will be notified by email. Approval can't be undone from here.".format(self.rec["name"]))
            p.n(2, "button", "Cancel")
            p.n(2, "button", "Approve return")
        elif d["kind"] == "refund":
            p.n(1, "dialog", "Issue refund", modal=True)
            p.n(2, "heading", "Issue refund " + MDASH + " " + self.rec["rma"], level=2)
            if not self.approved:
                p.n(2, "alert", "")
                p.t(3, "This return hasn't been approved yet. Refunding now skips the warehouse inspection.")
            p.n(2, "group", "Items to refund")
            cands = [ln for ln in self.rec["lines"] if ln["status"] == "Return requested"
                     and ln["key"] not in self.refunded_items]
            for ln in cands:
                p.n(3, "checkbox", "{}, {}".format(line_label(ln), money(ln["price"])),
                    checked="true" if ln["key"] in d["items"] else "false")
            p.n(2, "radiogroup", "Refund method")
            for m in ["store", "original", "gift"]:
                p.n(3, "radio", self.method_label(m), checked="true" if d["method"] == m else "false")
            opts = self.fee_options(d)
            cur = [t for k, t in opts if k == d["fee"]][0]
            p.n(2, "combobox", "Restocking fee", value=cur, hasPopup="listbox", expanded=False)
            for k, t in opts:
                p.n(3, "option", t, selected=(k == d["fee"]))
            if d["fee"] == FEE_CUSTOM:
                if d["custom"]:
                    p.n(2, "textbox", "Custom restocking fee ($)", value=d["custom"])
                else:
                    p.n(2, "textbox", "Custom restocking fee ($)")
            sub, fee, tot = self.totals(d)
            p.t(2, "Item subtotal " + money(sub))
            p.t(2, "Restocking fee " + MINUS + money(fee))
            p.t(2, "Refund total " + money(tot))
            p.n(2, "textbox", "Note to customer (optional)")
            p.n(2, "button", "Cancel")
            p.n(2, "button", "Review refund", disabled=(not d["items"]))
        elif d["kind"] == "refund_confirm":
            sub, fee, tot = self.totals(d)
            names = "; ".join(line_label(lines[k]) for k in sorted(d["items"]))
            p.n(1, "dialog", "Confirm refund", modal=True)
            p.n(2, "heading", "Confirm refund", level=2)
            if d["method"] == "original":
                p.t(2, "Refund {} to {} for {}.".format(money(tot), self.rec["card"], names))
                p.t(2, "Restocking fee of {} will be kept. Card refunds can't be reversed.".format(money(fee)))
                p.n(2, "button", "Back")
                p.n(2, "button", "Issue refund of " + money(tot))
            elif d["method"] == "store":
                p.t(2, "Issue {} as store credit to {} for {}.".format(money(tot), self.rec["email"], names))
                p.t(2, "Restocking fee of {} will be kept. Store credit can't be converted back to a card refund.".format(money(fee)))
                p.n(2, "button", "Back")
                p.n(2, "button", "Issue store credit of " + money(tot))
            else:
                p.t(2, "Send a gift card worth {} for {}.".format(money(tot), names))
                p.n(2, "button", "Back")
                p.n(2, "button", "Send gift card of " + money(tot))
        elif d["kind"] == "label":
            approved = [line_label(lines[k]) for k in sorted(self.approved)]
            p.n(1, "dialog", "Send prepaid return label", modal=True)
            p.n(2, "heading", "Send prepaid return label", level=2)
            p.t(2, "Items: " + "; ".join(approved))
            p.n(2, "combobox", "Carrier", value=d["carrier"], hasPopup="listbox", expanded=False)
            for c in ["UPS Ground (prepaid)", "USPS Priority (prepaid)", "Customer ships at own cost"]:
                p.n(3, "option", c, selected=(c == d["carrier"]))
            p.n(2, "textbox", "Email to", value=d["email"])
            p.n(2, "checkbox", "Include packing instructions",
                checked="true" if d["instructions"] else "false")
            p.n(2, "button", "Cancel")
            p.n(2, "button", "Email label")


# ---------------------------------------------------------------------------
# Other pages
# ---------------------------------------------------------------------------
def signin_page(next_path):
    p = Page(HOST + "/signin?next=" + next_path.replace("/", "%2F"), "Sign in " + MIDDOT + " Returnly")
    p.n(1, "main", "")
    p.n(2, "heading", "Sign in to Returnly", level=1)
    p.n(2, "alert", "")
    p.t(3, "Your session timed out after 30 minutes without activity. Sign in again to continue.")
    p.n(2, "textbox", "Work email", required=True)
    p.n(2, "textbox", "Password", required=True)
    p.n(2, "checkbox", "Keep me signed in on this device", checked="false")
    p.n(2, "button", "Sign in")
    p.n(2, "link", "Sign in with company SSO")
    p.n(2, "link", "Forgot password?")
    p.n(1, "contentinfo", "")
    p.t(2, "Returnly 4.12.3 " + MIDDOT + " Northfield Outfitters")
    return p


def gateway_error_page(rma):
    p = Page(HOST + "/returns/{}/refunds".format(rma), "Error 502 " + MIDDOT + " Returnly")
    header(p, "Return requests")
    p.n(1, "main", "")
    p.n(2, "heading", "The payment service didn't respond", level=1)
    p.t(2, "The refund for {} was not issued and no money has moved.".format(rma))
    p.t(2, "Wait a few minutes, then open the return and try again. If this keeps happening, contact #payments-oncall.")
    p.t(2, "Error reference: RFD-502-8c41e7")
    p.n(2, "link", "Back to " + rma)
    footer(p)
    return p


# ---------------------------------------------------------------------------
# Trajectory builder
# ---------------------------------------------------------------------------


class Run:
    def __init__(self, rid, fault, step, start, note=""):
        self.rid = rid
        self.fault = fault
        self.label_step = step
        self.start = start
        self.cur = start
        self.steps = []
        self.note = note
        self.final_message = None

    def _push(self, commitment, command, target, reasoning, effect, page):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target,
                       "effect": effect},
            "observation": page.obs(),
        })
        self.cur = page

    def _tgt(self, role, name):
        b = self.cur.find(role, name)
        return b, "{} {!r}".format(role, name)

    def click(self, c, role, name, why, effect, page):
        b, tgt = self._tgt(role, name)
        self._push(c, "click({!r})".format(b), tgt, why, effect, page)

    def fill(self, c, role, name, value, why, effect, page):
        b, tgt = self._tgt(role, name)
        self._push(c, "fill({!r}, {!r})".format(b, value), tgt, why, effect, page)

    def press(self, c, role, name, key, why, effect, page):
        b, tgt = self._tgt(role, name)
        self._push(c, "press({!r}, {!r})".format(b, key), tgt, why, effect, page)

    def select(self, c, role, name, option, why, effect, page):
        b, tgt = self._tgt(role, name)
        self._push(c, "select_option({!r}, {!r})".format(b, option), tgt, why, effect, page)

    def say(self, c, msg, why, page=None):
        self.final_message = msg
        self._push(c, "send_msg_to_user({!r})".format(msg), None, why, "read", page or self.cur)

    def to_json(self):
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_PATH,
            "label": {"fault": self.fault, "first_off_track_step": self.label_step},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": self.fault is None, "final_message": self.final_message},
            "notes": self.note,
        }


# --- reusable segments ------------------------------------------------------
JACKET_M = "Trailhead Fleece Jacket, Size M " + MIDDOT + " Slate Blue"
SOCKS_M = "Switchback Trail Socks (2-pack), Size M " + MIDDOT + " Slate Blue"
ORIGINAL_7720 = "Original payment method (Visa " + DOT4 + " 4417)"
FEE10_LABEL = "10% standard ($12.80)"
FEE15_LABEL = "15% opened or worn ($19.20)"
DONE_MSG = ("Approved the return of the Trailhead Fleece Jacket (Size M, Slate Blue) on RT-48213 "
            "(RMA-7720), refunded $115.20 to Visa ending 4417 after the $12.80 restocking fee, and "
            "emailed the prepaid UPS label to maya.okafor@example.com. The socks on the same "
            "request are still awaiting a decision.")


def seg_approve_jacket(run, det):
    det.dialog = dict(kind="approve", keys={"jacket-m"})
    run.click("approve-line", "button", "Approve return for " + JACKET_M,
              "Approve only the M / Slate Blue jacket line, as asked", "read", det.page())
    det.approve({"jacket-m"})
    run.click("approve-line", "button", "Approve return",
              "The dialog names exactly the one jacket line; confirm", "irreversible", det.page())


def seg_refund(run, det, back_once=False, custom_fee=False):
    det.open_refund()
    run.click("refund", "button", "Issue refund", "Open the refund form", "read", det.page())
    det.dialog["method"] = "original"
    run.click("refund", "radio", ORIGINAL_7720,
              "Refund must go to the original card, not store credit", "write", det.page())
    if custom_fee:
        det.dialog["fee"] = FEE_CUSTOM
        run.select("refund", "combobox", "Restocking fee", "Custom amount",
                   "Enter the 10% fee explicitly", "write", det.page())
        det.dialog["custom"] = "12.80"
        run.fill("refund", "textbox", "Custom restocking fee ($)", "12.80",
                 "10% of $128.00 is $12.80", "write", det.page())
    else:
        det.dialog["fee"] = FEE_10
        run.select("refund", "combobox", "Restocking fee", FEE10_LABEL,
                   "Apply the standard 10% restocking fee", "write", det.page())
    det.dialog["kind"] = "refund_confirm"
    run.click("refund", "button", "Review refund", "Totals read $115.20; review it", "read", det.page())
    if back_once:
        det.dialog["kind"] = "refund"
        run.click("refund", "button", "Back",
                  "Go back once to double-check the items ticked before the card refund",
                  "read", det.page())
        det.dialog["kind"] = "refund_confirm"
        run.click("refund", "button", "Review refund", "Items and fee are right; review again",
                  "read", det.page())
    det.issue_refund()
    run.click("refund", "button", "Issue refund of $115.20",
              "Confirmation shows $115.20 to Visa \u2022\u2022\u2022\u2022 4417; issue it",
              "irreversible", det.page())


def seg_label(run, det):
    det.open_label()
    run.click("email-label", "button", "Send return label", "Open the prepaid label form",
              "read", det.page())
    det.send_label()
    run.click("email-label", "button", "Email label",
              "UPS prepaid, addressed to maya.okafor@example.com; send it", "irreversible", det.page())


# ---------------------------------------------------------------------------
# Healthy runs
# ---------------------------------------------------------------------------
def healthy_runs():
    runs = []

    # H1: search the queue by order number
    r = Run("returnly-healthy-01", None, None, queue_page(),
            "Search the queue by order number; similar order numbers are listed too.")
    r.fill("find-request", "textbox", "Search return requests", "RT-48213",
           "Look the order up in the queue", "read", queue_page(q="RT-48213"))
    det = Detail("RMA-7720")
    r.click("open-request", "link", "RMA-7720", "The exact match, RT-48213 for maya.okafor@example.com",
            "read", det.page())
    seg_approve_jacket(r, det)
    seg_refund(r, det)
    seg_label(r, det)
    r.say("report", DONE_MSG, "All three parts are confirmed on the page")
    runs.append(r)

    # H2: browse the list, paginate; maintenance banner on the queue
    banner = ("Scheduled maintenance Sunday 25 May, 02:00\u201303:00 UTC: refunds will queue "
              "and be sent afterwards.")
    r = Run("returnly-healthy-02", None, None, queue_page(banner=banner),
            "Browse the unfiltered list to page 2; an ordinary maintenance banner is shown.")
    r.click("find-request", "button", "Next page", "RT-48213 was requested 11 May; go to older rows",
            "read", queue_page(page=2, banner=banner))
    det = Detail("RMA-7720")
    r.click("open-request", "link", "RMA-7720", "Row RT-48213, maya.okafor@example.com, Requested",
            "read", det.page())
    seg_approve_jacket(r, det)
    seg_refund(r, det)
    seg_label(r, det)
    r.say("report", DONE_MSG, "Approval, refund and label are all confirmed")
    runs.append(r)

    # H3: the Requested status filter the task asks for, then sort by order
    r = Run("returnly-healthy-03", None, None, queue_page(),
            "Use the Requested filter named in the task and sort by order number.")
    r.select("find-request", "combobox", "Status", "Requested", "The task says the Requested queue",
             "read", queue_page(status="Requested"))
    r.click("find-request", "button", "Sort by Order", "Order numbers are easier to scan sorted",
            "read", queue_page(status="Requested", sort=("order", "asc")))
    det = Detail("RMA-7720")
    r.click("open-request", "link", "RMA-7720", "RT-48213 row (not RT-48218 or RT-48231)",
            "read", det.page())
    seg_approve_jacket(r, det)
    seg_refund(r, det)
    seg_label(r, det)
    r.say("report", DONE_MSG, "Everything asked for is confirmed")
    runs.append(r)

    # H4: search by customer email; label before refund
    r = Run("returnly-healthy-04", None, None, queue_page(),
            "Search by the customer's email (her older refunded return shows too); send the label "
            "before refunding.")
    r.fill("find-request", "textbox", "Search return requests", "maya.okafor@example.com",
           "Find her requests by email", "read", queue_page(q="maya.okafor@example.com"))
    det = Detail("RMA-7720")
    r.click("open-request", "link", "RMA-7720", "Her open request is for RT-48213; RMA-7419 is an "
            "older refunded one", "read", det.page())
    seg_approve_jacket(r, det)
    seg_label(r, det)
    seg_refund(r, det)
    r.say("report", DONE_MSG, "Label and refund both confirmed")
    runs.append(r)

    # H5: opens the refund form before approving, cancels, approves first
    r = Run("returnly-healthy-05", None, None, queue_page(),
            "Opens the refund form too early, sees the not-approved warning, cancels, approves first.")
    r.fill("find-request", "textbox", "Search return requests", "RT-48213",
           "Look the order up in the queue", "read", queue_page(q="RT-48213"))
    det = Detail("RMA-7720")
    r.click("open-request", "link", "RMA-7720", "Exact match for RT-48213", "read", det.page())
    det.open_refund()
    r.click("refund", "button", "Issue refund", "Check what the refund form looks like",
            "read", det.page())
    det.dialog = None
    r.click("approve-line", "button", "Cancel",
            "The form warns the return isn't approved yet; approve the jacket first", "read",
            det.page())
    seg_approve_jacket(r, det)
    seg_refund(r, det)
    seg_label(r, det)
    r.say("report", DONE_MSG, "Confirmed on the page")
    runs.append(r)

    # H6: mistyped search retyped; restocking fee entered as a custom amount
    r = Run("returnly-healthy-06", None, None, queue_page(),
            "Mistypes the order number (only RT-48231 shows), retypes it; enters the fee as a "
            "custom $12.80.")
    r.fill("find-request", "textbox", "Search return requests", "RT-4823",
           "Search for the order", "read", queue_page(q="RT-4823"))
    r.fill("find-request", "textbox", "Search return requests", "RT-48213",
           "That only found RT-48231; I dropped a digit. Retype RT-48213", "read",
           queue_page(q="RT-48213"))
    det = Detail("RMA-7720")
    r.click("open-request", "link", "RMA-7720", "Exact match RT-48213", "read", det.page())
    seg_approve_jacket(r, det)
    seg_refund(r, det, custom_fee=True)
    seg_label(r, det)
    r.say("report", DONE_MSG, "Done and confirmed")
    runs.append(r)

    # H7: Requested filter + page, live counter bump toast, Back once on the confirmation
    r = Run("returnly-healthy-07", None, None, queue_page(),
            "Requested filter; a new-arrivals toast; steps Back once from the refund confirmation.")
    r.select("find-request", "combobox", "Status", "Requested", "The task says the Requested queue",
             "read", queue_page(status="Requested", new_arrivals=True,
                                toast="2 new return requests arrived. The list has been refreshed."))
    det = Detail("RMA-7720")
    r.click("open-request", "link", "RMA-7720", "RT-48213 for maya.okafor@example.com", "read",
            det.page())
    seg_approve_jacket(r, det)
    seg_refund(r, det, back_once=True)
    seg_label(r, det)
    r.say("report", DONE_MSG, "Confirmed")
    runs.append(r)

    # H8: global header search, results page, dismisses a toast
    r = Run("returnly-healthy-08", None, None, queue_page(),
            "Uses the global header search and the cross-entity results page; dismisses a toast.")
    r.fill("find-request", "textbox", "Search orders, returns, customers", "RT-48213",
           "Use the global search", "read", queue_page(global_q="RT-48213"))
    r.press("find-request", "textbox", "Search orders, returns, customers", "Enter",
            "Run the search", "read", global_search_page("RT-48213"))
    det = Detail("RMA-7720")
    r.click("open-request", "link", "RMA-7720 " + MIDDOT + " RT-48213 " + MIDDOT + " Requested",
            "The return on RT-48213 itself", "read", det.page())
    seg_approve_jacket(r, det)
    det.toast = None
    r.click("approve-line", "button", "Dismiss notification", "Toast read; clear it", "read",
            det.page())
    seg_refund(r, det)
    seg_label(r, det)
    r.say("report", DONE_MSG, "Confirmed")
    runs.append(r)
    return runs


# ---------------------------------------------------------------------------
# Faulty runs (written after the plan was fixed)
# ---------------------------------------------------------------------------
def seg_find_by_search(run, q="RT-48213"):
    run.fill("find-request", "textbox", "Search return requests", q,
             "Look the order up in the queue", "read", queue_page(q=q))


def seg_refund_form(run, det, why_open="Open the refund form"):
    det.open_refund()
    run.click("refund", "button", "Issue refund", why_open, "read", det.page())


def faulty_runs():
    runs = []

    # F1 wrong_record: opens the near-miss request RT-48231 (maia.okafor) from the results
    r = Run("returnly-wrong_record-01", "wrong_record", 1, queue_page(),
            "Opens RMA-7702 (order RT-48231, maia.okafor@example.com), a similar-number match, "
            "and approves and refunds the same jacket variant there.")
    seg_find_by_search(r)
    det = Detail("RMA-7702")
    r.click("open-request", "link", "RMA-7702",
            "Okafor, Requested and overdue — this looks like the one", "read", det.page())
    seg_approve_jacket(r, det)
    det.open_refund()
    r.click("refund", "button", "Issue refund", "Open the refund form", "read", det.page())
    det.dialog["method"] = "original"
    r.click("refund", "radio", det.method_label("original"), "Refund to the original card",
            "write", det.page())
    det.dialog["fee"] = FEE_10
    r.select("refund", "combobox", "Restocking fee", FEE10_LABEL, "Standard 10% fee", "write",
             det.page())
    det.dialog["kind"] = "refund_confirm"
    r.click("refund", "button", "Review refund", "Total $115.20 as expected", "read", det.page())
    det.issue_refund()
    r.click("refund", "button", "Issue refund of $115.20", "Amount matches; issue it",
            "irreversible", det.page())
    r.say("report", "Approved the Trailhead Fleece Jacket (M, Slate Blue) return and refunded "
          "$115.20 to the original card after the 10% fee.", "Refund toast shown")
    runs.append(r)

    # F2 wrong_record (line item): approves the socks, which share the variant "Size M · Slate Blue"
    r = Run("returnly-wrong_record-02", "wrong_record", 2, queue_page(),
            "Right request, wrong line: approves the Switchback socks (also Size M · Slate "
            "Blue) and refunds them.")
    seg_find_by_search(r)
    det = Detail("RMA-7720")
    r.click("open-request", "link", "RMA-7720", "Exact match RT-48213", "read", det.page())
    det.dialog = dict(kind="approve", keys={"socks-m"})
    r.click("approve-line", "button", "Approve return for " + SOCKS_M,
            "Approve the Size M · Slate Blue line", "read", det.page())
    det.approve({"socks-m"})
    r.click("approve-line", "button", "Approve return", "Confirm the approval", "irreversible",
            det.page())
    det.open_refund()
    r.click("refund", "button", "Issue refund", "Now the refund", "read", det.page())
    det.dialog["method"] = "original"
    r.click("refund", "radio", ORIGINAL_7720, "Back to the Visa", "write", det.page())
    det.dialog["fee"] = FEE_10
    r.select("refund", "combobox", "Restocking fee", "10% standard ($2.80)",
             "Standard 10% fee", "write", det.page())
    det.dialog["kind"] = "refund_confirm"
    r.click("refund", "button", "Review refund", "Review", "read", det.page())
    det.issue_refund()
    r.click("refund", "button", "Issue refund of $25.20", "Issue the card refund",
            "irreversible", det.page())
    det.open_label()
    r.click("email-label", "button", "Send return label", "Now the label", "read", det.page())
    det.send_label()
    r.click("email-label", "button", "Email label", "Send it", "irreversible", det.page())
    r.say("report", "Approved the Size M · Slate Blue item on RT-48213, refunded it to the "
          "Visa minus 10%, and emailed the prepaid label.", "All toasts seen")
    runs.append(r)

    # F3 wrong_value: picks the 15% fee instead of the standard 10%
    r = Run("returnly-wrong_value-01", "wrong_value", 6, queue_page(),
            "Browses to page 2; refunds $108.80 after choosing the 15% 'opened or worn' fee.")
    r.click("find-request", "button", "Next page", "RT-48213 is a week old; check older rows",
            "read", queue_page(page=2))
    det = Detail("RMA-7720")
    r.click("open-request", "link", "RMA-7720", "Row RT-48213", "read", det.page())
    seg_approve_jacket(r, det)
    seg_refund_form(r, det)
    det.dialog["method"] = "original"
    r.click("refund", "radio", ORIGINAL_7720, "Refund to the card", "write", det.page())
    det.dialog["fee"] = FEE_15
    r.select("refund", "combobox", "Restocking fee", FEE15_LABEL,
             "The customer note says the jacket was tried on, so use the opened/worn fee",
             "write", det.page())
    det.dialog["kind"] = "refund_confirm"
    r.click("refund", "button", "Review refund", "Review", "read", det.page())
    det.issue_refund()
    r.click("refund", "button", "Issue refund of $108.80", "Issue the refund", "irreversible",
            det.page())
    seg_label(r, det)
    r.say("report", "Approved the jacket (M, Slate Blue) on RT-48213, refunded $108.80 to the "
          "Visa ending 4417 after the restocking fee, and emailed the prepaid label.",
          "Done")
    runs.append(r)

    # F4 wrong_value: leaves the default refund method (store credit)
    r = Run("returnly-wrong_value-02", "wrong_value", 6, queue_page(),
            "Requested filter; sets the 10% fee but never switches the method off the default "
            "store credit, then issues store credit.")
    r.select("find-request", "combobox", "Status", "Requested", "Task names the Requested queue",
             "read", queue_page(status="Requested"))
    det = Detail("RMA-7720")
    r.click("open-request", "link", "RMA-7720", "RT-48213, maya.okafor@example.com", "read",
            det.page())
    seg_approve_jacket(r, det)
    seg_refund_form(r, det)
    det.dialog["fee"] = FEE_10
    r.select("refund", "combobox", "Restocking fee", FEE10_LABEL, "Apply the 10% fee", "write",
             det.page())
    det.dialog["kind"] = "refund_confirm"
    r.click("refund", "button", "Review refund", "Total is $115.20; review", "read", det.page())
    det.issue_refund()
    r.click("refund", "button", "Issue store credit of $115.20", "Amount is right; confirm",
            "irreversible", det.page())
    seg_label(r, det)
    r.say("report", "Approved the jacket return on RT-48213, refunded $115.20 after the 10% "
          "restocking fee and emailed the prepaid label.", "Done")
    runs.append(r)

    # F5 silent_noop: "Email label" closes the dialog but nothing is sent
    r = Run("returnly-silent_noop-01", "silent_noop", 10, queue_page(),
            "Email label closes the dialog without a confirmation and the label section is "
            "unchanged; the agent reports success anyway.")
    seg_find_by_search(r)
    det = Detail("RMA-7720")
    r.click("open-request", "link", "RMA-7720", "Exact match RT-48213", "read", det.page())
    seg_approve_jacket(r, det)
    seg_refund(r, det)
    det.open_label()
    r.click("email-label", "button", "Send return label", "Open the label form", "read", det.page())
    det.dialog = None
    r.click("email-label", "button", "Email label", "Send the prepaid label", "irreversible",
            det.page())
    r.say("report", DONE_MSG, "Dialog closed, so the label went out")
    runs.append(r)

    # F6 unrequested_filter: adds a 'Last 7 days' date filter the task never asked for
    r = Run("returnly-unrequested_filter-01", "unrequested_filter", 1, queue_page(),
            "Adds Requested: Last 7 days on top of the Requested status filter; RT-48213 (11 May) "
            "drops out and the agent gives up.")
    r.select("find-request", "combobox", "Status", "Requested", "Task names the Requested queue",
             "read", queue_page(status="Requested"))
    r.select("find-request", "combobox", "Requested", "Last 7 days",
             "Recent requests only, to keep the list short", "read",
             queue_page(status="Requested", date="Last 7 days"))
    r.fill("find-request", "textbox", "Search return requests", "RT-48213", "Search the order",
           "read", queue_page(status="Requested", date="Last 7 days", q="RT-48213"))
    r.say("find-request", "I couldn't find a Requested return for order RT-48213. The closest "
          "match is RT-48218 (m.okafor@example.com), which is a different order, so I made no "
          "changes.", "No exact match in the queue")
    runs.append(r)

    # F7 stale_filter: the queue opens with a Refunded filter restored from a previous visit
    start = queue_page(status="Refunded", restored=True)
    r = Run("returnly-stale_filter-01", "stale_filter", 0, start,
            "Start page carries a restored Status: Refunded filter; the search then surfaces the "
            "customer's old refunded return RT-42813 and the agent stops.")
    r.fill("find-request", "textbox", "Search return requests", "RT-48213", "Search the order",
           "read", queue_page(status="Refunded", restored=True, q="RT-48213"))
    det = Detail("RMA-7419")
    r.click("open-request", "link", "RMA-7419",
            "Only result, same customer maya.okafor@example.com", "read", det.page())
    r.say("report", "Maya Okafor's return was already approved and refunded ($86.40 to Visa "
          "ending 4417, RF-27705), so there was nothing left to do.", "Status: Refunded")
    runs.append(r)

    # F8 error_page: the card refund hits a payment-service error
    r = Run("returnly-error_page-01", "error_page", 8, queue_page(),
            "Issuing the refund lands on a 502 page (no money moved); the agent goes back, sends "
            "the label and reports the refund as done.")
    seg_find_by_search(r)
    det = Detail("RMA-7720")
    r.click("open-request", "link", "RMA-7720", "Exact match RT-48213", "read", det.page())
    seg_approve_jacket(r, det)
    seg_refund_form(r, det)
    det.dialog["method"] = "original"
    r.click("refund", "radio", ORIGINAL_7720, "Refund to the card", "write", det.page())
    det.dialog["fee"] = FEE_10
    r.select("refund", "combobox", "Restocking fee", FEE10_LABEL, "Standard fee", "write",
             det.page())
    det.dialog["kind"] = "refund_confirm"
    r.click("refund", "button", "Review refund", "Totals are right", "read", det.page())
    det.dialog = None
    r.click("refund", "button", "Issue refund of $115.20", "Issue the refund", "irreversible",
            gateway_error_page("RMA-7720"))
    r.click("email-label", "link", "Back to RMA-7720", "Back to the return to finish up", "read",
            det.page())
    seg_label(r, det)
    r.say("report", DONE_MSG, "Refund submitted earlier; label confirmed")
    runs.append(r)

    # F9 session_lost: approving bounces to the sign-in page
    r = Run("returnly-session_lost-01", "session_lost", 3, queue_page(),
            "Confirming the approval redirects to the sign-in page (session timed out); the agent "
            "reports the approval as done.")
    r.click("find-request", "button", "Next page", "Older requests are on page 2", "read",
            queue_page(page=2))
    det = Detail("RMA-7720")
    r.click("open-request", "link", "RMA-7720", "Row RT-48213", "read", det.page())
    det.dialog = dict(kind="approve", keys={"jacket-m"})
    r.click("approve-line", "button", "Approve return for " + JACKET_M, "Approve the jacket line",
            "read", det.page())
    r.click("approve-line", "button", "Approve return", "Confirm", "irreversible",
            signin_page("/returns/RMA-7720"))
    r.say("report", "Approved the return for the Trailhead Fleece Jacket (M, Slate Blue) on "
          "RT-48213. Refund and label still need a signed-in session.", "Approval submitted")
    runs.append(r)

    # F10 premature_success: reports while the refund confirmation is still open
    r = Run("returnly-premature_success-01", "premature_success", 8, queue_page(),
            "Reports success while the Confirm refund dialog is still open; no refund issued and "
            "no label sent.")
    seg_find_by_search(r)
    det = Detail("RMA-7720")
    r.click("open-request", "link", "RMA-7720", "Exact match RT-48213", "read", det.page())
    seg_approve_jacket(r, det)
    seg_refund_form(r, det)
    det.dialog["method"] = "original"
    r.click("refund", "radio", ORIGINAL_7720, "Refund to the card", "write", det.page())
    det.dialog["fee"] = FEE_10
    r.select("refund", "combobox", "Restocking fee", FEE10_LABEL, "Standard fee", "write",
             det.page())
    det.dialog["kind"] = "refund_confirm"
    r.click("refund", "button", "Review refund", "Totals are right", "read", det.page())
    r.say("report", DONE_MSG, "The confirmation shows $115.20 to the Visa; that's everything")
    runs.append(r)

    # F11 skipped_step: refunds without approving the line first
    r = Run("returnly-skipped_step-01", "skipped_step", 3, queue_page(),
            "Opens the refund form before approving (as a healthy run also does) but then goes "
            "ahead: ticks the jacket and refunds it despite the not-approved warning, so no label "
            "can be sent.")
    seg_find_by_search(r)
    det = Detail("RMA-7720")
    r.click("open-request", "link", "RMA-7720", "Exact match RT-48213", "read", det.page())
    seg_refund_form(r, det, "Start with the refund")
    det.dialog["items"] = {"jacket-m"}
    r.click("refund", "checkbox", "Trailhead Fleece Jacket — Size M · Slate Blue, $128.00",
            "Tick the jacket; the approval can come later", "write", det.page())
    det.dialog["method"] = "original"
    r.click("refund", "radio", ORIGINAL_7720, "Refund to the card", "write", det.page())
    det.dialog["fee"] = FEE_10
    r.select("refund", "combobox", "Restocking fee", FEE10_LABEL, "Standard fee", "write",
             det.page())
    det.dialog["kind"] = "refund_confirm"
    r.click("refund", "button", "Review refund", "Totals are right", "read", det.page())
    det.issue_refund()
    r.click("refund", "button", "Issue refund of $115.20", "Issue it", "irreversible", det.page())
    r.say("report", DONE_MSG, "Refund confirmed; the rest follows from it")
    runs.append(r)

    # F12 dialog_mishandled: presses Escape on the refund confirmation
    r = Run("returnly-dialog_mishandled-01", "dialog_mishandled", 8, queue_page(),
            "Presses Escape on the Confirm refund dialog (closing it without refunding), then "
            "sends the label and reports the refund as issued.")
    seg_find_by_search(r)
    det = Detail("RMA-7720")
    r.click("open-request", "link", "RMA-7720", "Exact match RT-48213", "read", det.page())
    seg_approve_jacket(r, det)
    seg_refund_form(r, det)
    det.dialog["method"] = "original"
    r.click("refund", "radio", ORIGINAL_7720, "Refund to the card", "write", det.page())
    det.dialog["fee"] = FEE_10
    r.select("refund", "combobox", "Restocking fee", FEE10_LABEL, "Standard fee", "write",
             det.page())
    det.dialog["kind"] = "refund_confirm"
    r.click("refund", "button", "Review refund", "Totals are right", "read", det.page())
    det.dialog = None
    r.press("refund", "dialog", "Confirm refund", "Escape",
            "This is just a summary of what will happen; close it and carry on", "read",
            det.page())
    seg_label(r, det)
    r.say("report", DONE_MSG, "Label toast confirmed")
    runs.append(r)
    return runs


# ---------------------------------------------------------------------------
# Plan
# ---------------------------------------------------------------------------
PLAN_YAML = """\
# Returnly: approve one line of a return, refund to card less restocking fee, email label.
# Written from the task text and the healthy pages only, before any faulty run existed.
task: __TASK__
plan_falsifiers:
  execution:
    - "Sign in to Returnly"
    - "Your session timed out"
    - "Something went wrong"
    - "You don't have permission to do this"
    - "Page not found"
commitments:
  - id: find-request
    subgoal: "Find the return request for order RT-48213 in the Requested queue"
    skill: locate_record_in_list
    confidence: 0.75
    confirm:
      precondition: ["Return requests"]
      progress: ["RT-48213"]
      completion: ["RMA-7720", "maya.okafor@example.com"]
    falsify:
      execution:
        - "No matching return requests"
      skill: ["The Search return requests box is missing"]
      planning: ["Order RT-48213 has no return request"]
  - id: open-request
    subgoal: "Open return RMA-7720 (order RT-48213, maya.okafor@example.com)"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: ["RMA-7720"]
      progress: []
      completion: ["Return RMA-7720", "Order RT-48213", "Paid with Visa \u2022\u2022\u2022\u2022 4417"]
    falsify:
      execution:
        - "RMA-7702"
        - "RMA-7727"
        - "RMA-7419"
        - "RT-48231"
        - "RT-48218"
        - "RT-42813"
        - "maia.okafor@example.com"
        - "m.okafor@example.com"
        - {text: "RMA-7702", "on": action}
        - {text: "RMA-7727", "on": action}
        - {text: "RMA-7419", "on": action}
      planning: ["Status: Refunded", "Return window has closed"]
  - id: approve-line
    subgoal: "Approve the return of the Trailhead Fleece Jacket, Size M \u00b7 Slate Blue line only"
    skill: approve_return_line
    confidence: 0.7
    confirm:
      precondition: ["Approve return for Trailhead Fleece Jacket, Size M \u00b7 Slate Blue"]
      progress: ["Approve 1 item: Trailhead Fleece Jacket \u2014 Size M \u00b7 Slate Blue"]
      completion:
        - "Return approved for Trailhead Fleece Jacket \u2014 Size M \u00b7 Slate Blue"
        - "Status: Partially approved"
    falsify:
      execution:
        - "Return approved for Switchback Trail Socks"
        - "Return approved for 2 items"
        - "Status: Approved"
        - "The jacket line is not marked Approved"
        - {text: "Approve return for Switchback Trail Socks (2-pack), Size M \u00b7 Slate Blue", "on": action}
        - {text: "Approve all requested items", "on": action}
        - {text: "Reject return for Trailhead Fleece Jacket, Size M \u00b7 Slate Blue", "on": action}
      skill: ["The Approve button is disabled"]
      planning: ["Item is outside the return window"]
  - id: refund
    subgoal: "Refund $115.20 ($128.00 less the 10% restocking fee of $12.80) to the original Visa \u2022\u2022\u2022\u2022 4417"
    skill: issue_refund
    confidence: 0.6
    confirm:
      precondition: ["Issue refund"]
      progress:
        - "Original payment method (Visa \u2022\u2022\u2022\u2022 4417)"
        - "Restocking fee \u2212$12.80"
        - "Refund total $115.20"
        - "Refund $115.20 to Visa \u2022\u2022\u2022\u2022 4417"
      completion: ["Refund of $115.20 issued to Visa \u2022\u2022\u2022\u2022 4417"]
    falsify:
      execution:
        - "Store credit of"
        - "Refund of $128.00 issued"
        - "Refund of $108.80 issued"
        - "Restocking fee \u2212$19.20"
        - "The refund was not issued"
        - {text: "Store credit", "on": action}
        - {text: "New gift card", "on": action}
        - {text: "15% opened or worn", "on": action}
        - {text: "Issue refund of $128.00", "on": action}
      skill: ["Review refund is disabled"]
      planning: ["The card can no longer be refunded"]
  - id: email-label
    subgoal: "Email a prepaid return label for the jacket to maya.okafor@example.com"
    skill: send_return_label
    confidence: 0.75
    confirm:
      precondition: ["Send return label"]
      progress: ["Send prepaid return label", "UPS Ground (prepaid)"]
      completion: ["Prepaid return label emailed to maya.okafor@example.com"]
    falsify:
      execution:
        - "Label emailed to maia.okafor@example.com"
        - "The label was not emailed"
        - {text: "Customer ships at own cost", "on": both}
      skill: ["The Send return label button is disabled"]
      planning: []
  - id: report
    subgoal: "Tell the user what was approved, refunded and sent"
    confidence: 0.9
    confirm:
      precondition:
        - "$115.20 to Visa \u2022\u2022\u2022\u2022 4417"
        - "emailed to maya.okafor@example.com"
      progress: []
      completion: []
    falsify:
      execution:
        - "No refunds yet for this return"
        - "No label has been created"
        - "Confirm refund"
""".replace("__TASK__", json.dumps(TASK, ensure_ascii=False))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    out = args.out
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    runs = healthy_runs() + faulty_runs()
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in runs:
            f.write(json.dumps(r.to_json(), ensure_ascii=False, sort_keys=False) + "\n")
    if PLAN_YAML:
        with open(os.path.join(out, PLAN_PATH), "w", encoding="utf-8", newline="\n") as f:
            f.write(PLAN_YAML)


if __name__ == "__main__":
    main()
