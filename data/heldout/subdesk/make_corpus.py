#!/usr/bin/env python3
"""Generate the 'subdesk' held-out corpus for the apply-credit workflow.

Recurra is an invented subscription-billing console. The workflow: apply a
one-time account credit to one named customer's subscription and check that it
shows on the next invoice preview.

Standard library only. Fixed seed; the output is byte-for-byte reproducible.

    python3 make_corpus.py            # writes ./corpus.jsonl and ./plans/apply_credit.yaml
    python3 make_corpus.py OUTDIR     # writes the same files under OUTDIR
"""
import json
import os
import random
import sys
import zlib

SEED = 20241028
BASE = "http://127.0.0.1:8000"
WORKFLOW = "apply_credit"
PLAN_REL = "plans/apply_credit.yaml"

TASK = ("Halvorsen Logistics AS lost route optimisation for most of Oct 22 because of our outage. "
        "Apply a one-time account credit of $45.00 with reason code SVC-OUTAGE to their active "
        "Route Planner Pro subscription SUB-20417, then check that the credit shows up on their "
        "next invoice preview.")

USER = "Priya Nandakumar"
TODAY = "Oct 28, 2024"

# --------------------------------------------------------------------------------------
# money and small helpers
# --------------------------------------------------------------------------------------


def money(cents):
    sign = "\u2212" if cents < 0 else ""
    return "%s$%s" % (sign, "{:,.2f}".format(abs(cents) / 100.0))


def q(s):
    return repr(s)


# --------------------------------------------------------------------------------------
# accessibility-tree page builder (BrowserGym flattened AXTree style)
# --------------------------------------------------------------------------------------


class Page:
    """Builds one flattened accessibility tree. Bids are stable for identical
    content: each node's gap is derived from a hash of its role and name, so the
    same page rendered twice gets the same bids."""

    def __init__(self, title, url):
        self.title = title
        self.url = url
        self.n = 1
        self.lines = ["RootWebArea %s, focused" % q(title)]
        self.keys = {}

    def node(self, depth, role, name="", key=None, **props):
        gap = zlib.crc32(("%s|%s" % (role, name)).encode("utf-8")) % 3
        self.n += gap
        bid = str(self.n)
        self.n += 1
        line = "\t" * depth + "[%s] %s %s" % (bid, role, q(name))
        for k, v in props.items():
            if v is None:
                continue
            if v is True and k in ("required", "focused"):
                line += ", %s" % k
            elif isinstance(v, str):
                line += ", %s=%s" % (k, q(v))
            else:
                line += ", %s=%s" % (k, v)
        self.lines.append(line)
        if key is not None:
            if key in self.keys:
                raise ValueError("duplicate key %s on %s" % (key, self.url))
            self.keys[key] = (bid, "%s %s" % (role, q(name)))
        return bid

    def text(self, depth, s):
        self.lines.append("\t" * depth + "StaticText %s" % q(s))

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


class Ctx:
    """Per-run ambient state: live counters tick, optional maintenance banner."""

    def __init__(self, rng, banner=None):
        self.failed = rng.randint(3, 6)
        self.finalize = rng.randint(33, 41)
        self.dunning = rng.randint(10, 14)
        self.unread = rng.randint(1, 4)
        self.banner = banner
        self.rng = rng
        self.tick = 0

    def advance(self):
        self.tick += 1
        if self.tick % 4 == 0:
            self.failed += 1
        if self.tick % 5 == 0 and self.finalize > 30:
            self.finalize -= 1


NAV = ["Dashboard", "Customers", "Subscriptions", "Invoices", "Credits & adjustments",
       "Plans & pricing", "Dunning", "Revenue reports", "Settings"]

MAINT = ("Scheduled maintenance Sunday Nov 3, 02:00\u201302:30 UTC: invoice finalization and "
         "payment retries pause during the window.")


def frame(ctx, title, url, section, crumbs, body, toast=None, dialog=None, alert=None):
    p = Page(title, url)
    p.node(1, "banner", "")
    p.node(2, "link", "Recurra home", key="home")
    p.text(3, "Recurra")
    p.node(2, "combobox", "Workspace", value="Wayfinder Fleet Software \u2014 Production",
           hasPopup="menu", expanded=False)
    p.node(2, "searchbox", "Search customers, subscriptions, invoices", key="global_search",
           value=getattr(ctx, "global_q", None) or None)
    p.node(2, "button", "Keyboard shortcuts")
    p.node(2, "button", "Notifications, %d unread" % ctx.unread)
    p.node(2, "button", "%s, Billing Operations" % USER, key="user_menu", hasPopup="menu",
           expanded=False)
    p.node(1, "navigation", "Main")
    for item in NAV:
        key = "nav_" + item.split()[0].lower()
        if item == section:
            p.node(2, "link", item, key=key, current="page")
        else:
            p.node(2, "link", item, key=key)
    p.node(2, "region", "Billing pulse")
    p.text(3, "Failed payments (24h): %d" % ctx.failed)
    p.text(3, "Invoices to finalize: %d" % ctx.finalize)
    p.text(3, "Accounts in dunning: %d overdue" % ctx.dunning)
    p.text(3, "Updated just now")
    if ctx.banner:
        p.node(1, "region", "Announcement")
        p.text(2, ctx.banner)
        p.node(2, "button", "Dismiss announcement", key="banner_dismiss")
    if crumbs:
        p.node(1, "navigation", "Breadcrumb")
        for label, link in crumbs[:-1]:
            p.node(2, "link", label, key="crumb_" + label.split()[0].lower())
        p.text(2, crumbs[-1][0])
    p.node(1, "main", "")
    if alert:
        p.node(2, "alert", "", live="assertive")
        for line in alert:
            p.text(3, line)
    body(p, 2)
    p.node(1, "contentinfo", "")
    p.text(2, "\u00a9 2024 Recurra Billing Ltd. \u00b7 Build 7.14.2 \u00b7 eu-north-1")
    p.node(2, "link", "System status: all services operational")
    p.node(2, "link", "API reference")
    p.node(2, "link", "Privacy")
    p.node(2, "link", "Terms of service")
    if toast:
        p.node(1, "status", "", live="polite")
        p.text(2, toast)
        p.node(2, "button", "Dismiss notification", key="toast_dismiss")
    if dialog:
        dialog(p, 1)
    ctx.advance()
    return p


# --------------------------------------------------------------------------------------
# data
# --------------------------------------------------------------------------------------

# (name, id, status, subscriptions, mrr cents, balance, next invoice, last updated)
CUSTOMERS = [
    ("Kestrel Haulage Ltd", "CUS-3290", "Past due", "2 active", 126000, "$1,260.00 overdue", "Nov 1, 2024", "12 minutes ago"),
    ("Halvorsen Logistik AB", "CUS-3318", "Past due", "1 active", 38000, "$412.50 overdue", "Nov 1, 2024", "47 minutes ago"),
    ("Brightwater Couriers", "CUS-3102", "Active", "3 active", 211500, "$0.00", "Nov 1, 2024", "1 hour ago"),
    ("Halverson Logistics Inc.", "CUS-3831", "Active", "2 active", 114000, "$0.00", "Nov 12, 2024", "2 hours ago"),
    ("Mosswood Dairy Co-op", "CUS-3877", "Trialing", "1 trialing", 0, "$0.00", "Nov 9, 2024", "3 hours ago"),
    ("Quayside Movers", "CUS-2954", "Cancelled", "0 active", 0, "$0.00", "\u2014", "5 hours ago"),
    ("Tamarack Cold Chain", "CUS-3415", "Active", "2 active", 94000, "$0.00", "Nov 1, 2024", "Yesterday"),
    ("Halvorsen Logistics Group Ltd", "CUS-3338", "Cancelled", "0 active", 0, "$0.00", "\u2014", "Yesterday"),
    ("Umber Lane Transport", "CUS-3066", "Paused", "1 paused", 0, "$0.00", "Dec 1, 2024", "Yesterday"),
    ("Verity Medical Couriers", "CUS-3520", "Active", "1 active", 76000, "$0.00", "Nov 15, 2024", "2 days ago"),
    ("Ostrava Parcel s.r.o.", "CUS-3471", "Active", "1 active", 38000, "$0.00", "Nov 1, 2024", "2 days ago"),
    ("Birchline Removals", "CUS-3199", "Past due", "1 active", 29000, "$580.00 overdue", "Nov 1, 2024", "3 days ago"),
    ("Halvorsen Logistics AS", "CUS-3381", "Active", "2 active", 47000, "$0.00", "Nov 1, 2024", "3 days ago"),
    ("Wexford Freightways", "CUS-3007", "Active", "4 active", 348000, "$0.00", "Nov 1, 2024", "4 days ago"),
    ("Albatross Air Cargo", "CUS-2811", "Active", "2 active", 190500, "$0.00", "Nov 20, 2024", "5 days ago"),
    ("Cobalt Courier Co.", "CUS-3144", "Active", "1 active", 38000, "$0.00", "Nov 3, 2024", "6 days ago"),
    ("Northgate Fuel Carriers", "CUS-3266", "Past due", "2 active", 102000, "$1,020.00 overdue", "Nov 1, 2024", "1 week ago"),
    ("Elmstead Fleet Hire", "CUS-3902", "Trialing", "1 trialing", 0, "$0.00", "Nov 6, 2024", "1 week ago"),
    ("Dunmore Distribution", "CUS-2990", "Active", "3 active", 264000, "$0.00", "Nov 1, 2024", "1 week ago"),
    ("Fjordline Marine Supply", "CUS-3358", "Active", "1 active", 47000, "$0.00", "Nov 1, 2024", "2 weeks ago"),
    ("Granite State Delivery", "CUS-2870", "Cancelled", "0 active", 0, "$0.00", "\u2014", "2 weeks ago"),
    ("Ironbridge Haulage", "CUS-3233", "Active", "2 active", 152000, "$0.00", "Nov 1, 2024", "3 weeks ago"),
    ("Juniper Last Mile", "CUS-3611", "Active", "1 active", 76000, "$0.00", "Nov 8, 2024", "3 weeks ago"),
    ("Lumen Pharma Logistics", "CUS-3740", "Active", "3 active", 298500, "$0.00", "Nov 1, 2024", "1 month ago"),
    ("Pellworth Grocers", "CUS-3555", "Active", "1 active", 38000, "$0.00", "Nov 14, 2024", "1 month ago"),
    ("Rosslare Ferry Freight", "CUS-3019", "Past due", "1 active", 58000, "$300.00 overdue", "Nov 1, 2024", "1 month ago"),
    ("Sable Creek Timber", "CUS-3683", "Paused", "1 paused", 0, "$0.00", "Jan 1, 2025", "2 months ago"),
    ("Yardley Office Supplies", "CUS-3127", "Active", "1 active", 29000, "$0.00", "Nov 1, 2024", "2 months ago"),
]
TOTAL_MRR = sum(c[4] for c in CUSTOMERS)
STATUSES = ["All statuses", "Active", "Trialing", "Past due", "Paused", "Cancelled"]

REASONS = [
    "GOODWILL \u2014 Goodwill gesture",
    "SVC-OUTAGE \u2014 Service outage",
    "SVC-DEGRADED \u2014 Degraded performance",
    "BILLING-ERROR \u2014 Billing correction",
    "MIGRATION \u2014 Plan migration",
    "CONTRACT \u2014 Contractual discount",
]
R_DEFAULT = REASONS[0]
R_OUTAGE = REASONS[1]
R_DEGRADED = REASONS[2]

TYPE_ONE = "One-time (next invoice only)"
TYPE_REC = "Recurring (every invoice until removed)"


def sub(sid, plan, status, amount, renews, label=None):
    return {"id": sid, "plan": plan, "status": status, "amount": amount, "renews": renews,
            "label": label or "%s \u00b7 %s (monthly)" % (sid, plan)}


DETAIL = {
    "CUS-3381": {
        "name": "Halvorsen Logistics AS", "status": "Active", "since": "Mar 14, 2022",
        "contact": "ingrid.moe@halvorsen-logistics.no", "country": "Norway", "mrr": 47000,
        "balance": "$0.00",
        "subs": [
            sub("SUB-20417", "Route Planner Pro", "Active", 38000, "Renews Nov 1, 2024"),
            sub("SUB-20147", "Driver App seats", "Active", 9000, "Renews Nov 1, 2024"),
            sub("SUB-20714", "Telematics Add-on", "Cancelled", 0, "Ended Aug 31, 2024"),
        ],
        "sub_desc": {"SUB-20147": "Driver App seats (12 \u00d7 $7.50)"},
        "invoices": [
            ("INV-2024-10-3381", "Oct 1, 2024", 47000, "Paid"),
            ("INV-2024-09-3381", "Sep 1, 2024", 47000, "Paid"),
            ("INV-2024-08-3381", "Aug 1, 2024", 50500, "Paid \u00b7 1 failed attempt"),
            ("INV-2024-07-3381", "Jul 1, 2024", 41600, "Paid"),
            ("INV-2024-06-3381", "Jun 1, 2024", 47000, "Paid"),
        ],
        "invoice_count": 26,
        "credits": [
            ("CR-1098", 5400, "GOODWILL", "One-time", "SUB-20417", "Consumed on INV-2024-07-3381", "Jul 3, 2024"),
            ("CR-1042", 450, "BILLING-ERROR", "One-time", "SUB-20147", "Consumed on INV-2024-05-3381", "May 2, 2024"),
            ("CR-0987", 4500, "SVC-DEGRADED", "One-time", "SUB-20714", "Voided", "Feb 19, 2024"),
        ],
        "lines": [
            ("Route Planner Pro \u2014 monthly", "SUB-20417", "1", 38000, 38000),
            ("Route optimisation runs over allowance", "SUB-20417", "300", 15, 4500),
            ("Driver App seats \u2014 monthly", "SUB-20147", "12", 750, 9000),
        ],
        "next_invoice": "Nov 1, 2024", "due": "Nov 15, 2024", "tax": "Tax (reverse charge, 0%)",
    },
    "CUS-3318": {
        "name": "Halvorsen Logistik AB", "status": "Past due", "since": "Jan 9, 2023",
        "contact": "leverantorsreskontra@halvorsenlogistik.se", "country": "Sweden", "mrr": 38000,
        "balance": "$412.50 overdue",
        "subs": [
            sub("SUB-20471", "Route Planner Pro", "Active", 38000, "Renews Nov 1, 2024"),
        ],
        "sub_desc": {},
        "invoices": [
            ("INV-2024-10-3318", "Oct 1, 2024", 41250, "Overdue \u00b7 payment failed Oct 2"),
            ("INV-2024-09-3318", "Sep 1, 2024", 38000, "Paid"),
            ("INV-2024-08-3318", "Aug 1, 2024", 38000, "Paid"),
        ],
        "invoice_count": 22,
        "credits": [],
        "lines": [
            ("Route Planner Pro \u2014 monthly", "SUB-20471", "1", 38000, 38000),
            ("Route optimisation runs over allowance", "SUB-20471", "220", 15, 3300),
            ("Unpaid balance carried forward (INV-2024-10-3318)", "\u2014", "1", 41250, 41250),
        ],
        "next_invoice": "Nov 1, 2024", "due": "Nov 15, 2024", "tax": "Tax (reverse charge, 0%)",
        "alert": ["Payment for INV-2024-10-3318 failed on Oct 2, 2024. Balance $412.50 is overdue; dunning step 2 of 4."],
    },
    "CUS-3338": {
        "name": "Halvorsen Logistics Group Ltd", "status": "Cancelled", "since": "Jun 2, 2021",
        "contact": "finance@halvorsengroup.co.uk", "country": "United Kingdom", "mrr": 0,
        "balance": "$0.00",
        "subs": [
            sub("SUB-19417", "Route Planner Pro", "Cancelled", 0, "Ended Sep 30, 2024"),
            sub("SUB-19418", "Driver App seats", "Cancelled", 0, "Ended Sep 30, 2024"),
        ],
        "sub_desc": {},
        "invoices": [
            ("INV-2024-09-3338", "Sep 1, 2024", 52000, "Paid"),
            ("INV-2024-08-3338", "Aug 1, 2024", 52000, "Paid"),
        ],
        "invoice_count": 40,
        "credits": [
            ("CR-1150", 10400, "MIGRATION", "One-time", "SUB-19417", "Consumed on INV-2024-09-3338", "Aug 20, 2024"),
        ],
        "lines": [],
        "next_invoice": "\u2014", "due": "\u2014", "tax": "Tax",
        "alert": ["This customer was cancelled on Sep 30, 2024. New charges and credits are disabled for cancelled customers."],
        "cancelled": True,
    },
}


def new_credit(cid="CR-1207", amount=4500, reason="SVC-OUTAGE", ctype="One-time", applies="SUB-20417"):
    return {"id": cid, "amount": amount, "reason": reason, "type": ctype, "applies": applies}


def credit_toast(c):
    return ("Credit %s for %s applied to %s. It will be deducted from the next invoice."
            % (c["id"], money(c["amount"]), c["applies"]))


# --------------------------------------------------------------------------------------
# pages
# --------------------------------------------------------------------------------------


def page_dashboard(ctx):
    def body(p, d):
        p.node(d, "heading", "Billing overview", level=1)
        p.text(d, "Wayfinder Fleet Software \u00b7 figures in USD \u00b7 %s" % TODAY)
        p.node(d, "region", "Key figures")
        p.text(d + 1, "Monthly recurring revenue")
        p.text(d + 1, money(TOTAL_MRR))
        p.text(d + 1, "+2.1% vs September")
        p.text(d + 1, "Failed payments (24h)")
        p.text(d + 1, str(ctx.failed))
        p.text(d + 1, "Overdue invoices")
        p.text(d + 1, "5 \u00b7 $3,572.50")
        p.text(d + 1, "Trials ending this week")
        p.text(d + 1, "2")
        p.node(d, "heading", "Recent activity", level=2)
        p.node(d, "table", "Recent activity")
        p.node(d + 1, "row", "")
        for h in ("When", "Event", "By"):
            p.node(d + 2, "columnheader", h)
        events = [
            ("12 min ago", "Payment failed for INV-2024-10-3290 \u00b7 Kestrel Haulage Ltd", "Payment processor"),
            ("47 min ago", "Halvorsen Logistik AB moved to Past due", "Dunning"),
            ("1 hour ago", "Credit CR-1206 ($120.00, GOODWILL) applied to SUB-18830 \u00b7 Brightwater Couriers", "Marco Reyes"),
            ("2 hours ago", "Subscription SUB-24017 upgraded to Fleet Telematics Plus \u00b7 Halverson Logistics Inc.", "Self-serve"),
            ("Yesterday", "Subscription SUB-19417 cancelled \u00b7 Halvorsen Logistics Group Ltd", "Marco Reyes"),
            ("Yesterday", "Invoice INV-2024-10-3066 voided \u00b7 Umber Lane Transport", "Priya Nandakumar"),
        ]
        for i, (w, e, by) in enumerate(events):
            p.node(d + 1, "row", "")
            p.node(d + 2, "gridcell", w)
            p.node(d + 2, "gridcell", e)
            p.node(d + 3, "link", e, key="event_%d" % i)
            p.node(d + 2, "gridcell", by)
        p.node(d, "link", "View all activity")
        p.node(d, "heading", "Invoices awaiting finalization", level=2)
        p.text(d, "%d drafts for Nov 1, 2024 finalize on Oct 31 at 18:00 UTC." % ctx.finalize)
        p.node(d, "link", "Review drafts")
    return frame(ctx, "Billing overview \u00b7 Recurra", BASE + "/dashboard", "Dashboard",
                 [("Home", True), ("Dashboard", False)], body)


def list_url(qs, status, sort, page, view):
    parts = []
    if view:
        parts.append("view=churn-review")
    if qs:
        parts.append("q=" + qs.replace(" ", "+"))
    if status != "All statuses":
        parts.append("status=" + status.lower().replace(" ", "_"))
    if sort == "name":
        parts.append("sort=name")
    if page != 1:
        parts.append("page=%d" % page)
    return BASE + "/customers" + ("?" + "&".join(parts) if parts else "")


def page_customers(ctx, qs="", status="All statuses", sort="updated", page=1, view=None, toast=None):
    rows = list(CUSTOMERS)
    if sort == "name":
        rows.sort(key=lambda r: r[0].lower())
    if status != "All statuses":
        rows = [r for r in rows if r[2] == status]
    if qs:
        ql = qs.lower()
        rows = [r for r in rows if ql in r[0].lower() or ql in r[1].lower()]
    total = len(rows)
    per = 10
    pages = max(1, (total + per - 1) // per)
    shown = rows[(page - 1) * per: page * per]

    def body(p, d):
        p.node(d, "heading", "Customers", level=1)
        p.text(d, "%d customers \u00b7 %s MRR" % (len(CUSTOMERS), money(TOTAL_MRR)))
        p.node(d, "button", "New customer")
        p.node(d, "button", "Export CSV")
        p.node(d, "combobox", "Saved view", key="saved_view",
               value=("Churn review" if view else "All customers"), hasPopup="listbox", expanded=False)
        p.node(d, "textbox", "Search this list by name or customer ID", key="q", value=qs or None)
        p.node(d, "combobox", "Status", key="status", value=status, hasPopup="listbox", expanded=False)
        for s in STATUSES:
            p.node(d + 1, "option", s, selected=(s == status))
        p.node(d, "combobox", "Plan", value="All plans", hasPopup="listbox", expanded=False)
        p.node(d, "button", "More filters")
        if status != "All statuses":
            p.text(d, "Filters:")
            p.node(d, "button", "Remove filter: Status is %s" % status, key="remove_status")
            p.node(d, "button", "Clear all filters", key="clear_filters")
        p.node(d, "table", "Customers")
        p.node(d + 1, "row", "")
        p.node(d + 2, "columnheader", "Customer", sort=("ascending" if sort == "name" else None))
        p.node(d + 3, "button", "Sort by customer name", key="sort_name")
        p.node(d + 2, "columnheader", "Customer ID")
        p.node(d + 2, "columnheader", "Status")
        p.node(d + 2, "columnheader", "Subscriptions")
        p.node(d + 2, "columnheader", "MRR")
        p.node(d + 3, "button", "Sort by MRR", key="sort_mrr")
        p.node(d + 2, "columnheader", "Balance")
        p.node(d + 2, "columnheader", "Next invoice")
        p.node(d + 2, "columnheader", "Last updated", sort=("descending" if sort == "updated" else None))
        p.node(d + 3, "button", "Sort by last updated", key="sort_updated")
        if not shown:
            p.node(d + 1, "row", "")
            if status != "All statuses" or view:
                p.node(d + 2, "gridcell", "No customers match '%s' with the current filters." % qs)
            else:
                p.node(d + 2, "gridcell", "No customers match '%s'." % qs)
        for r in shown:
            name, cid, st, subs, mrr, bal, nxt, upd = r
            p.node(d + 1, "row", "")
            p.node(d + 2, "gridcell", name)
            p.node(d + 3, "link", name, key="cust_" + cid)
            p.node(d + 2, "gridcell", cid)
            p.node(d + 2, "gridcell", st)
            p.node(d + 2, "gridcell", subs)
            p.node(d + 2, "gridcell", money(mrr))
            p.node(d + 2, "gridcell", bal)
            p.node(d + 2, "gridcell", nxt)
            p.node(d + 2, "gridcell", upd)
            p.node(d + 2, "gridcell", "")
            p.node(d + 3, "button", "More actions for %s" % name)
        if total:
            a = (page - 1) * per + 1
            p.text(d, "Showing %d\u2013%d of %d" % (a, a + len(shown) - 1, total))
        else:
            p.text(d, "Showing 0 of 0")
        p.node(d, "navigation", "Pagination")
        p.node(d + 1, "button", "Previous page", key="prev_page", disabled=(page == 1))
        for k in range(1, pages + 1):
            p.node(d + 1, "button", "Page %d" % k, key="page_%d" % k, pressed=(k == page))
        p.node(d + 1, "button", "Next page", key="next_page", disabled=(page >= pages))
        p.node(d + 1, "combobox", "Rows per page", value="10", hasPopup="listbox", expanded=False)

    title = "Customers \u00b7 Recurra"
    return frame(ctx, title, list_url(qs, status, sort, page, view), "Customers",
                 [("Home", True), ("Customers", False)], body, toast=toast)


def dialog_apply(cust, st):
    """st: dict with sub, amount, reason, ctype, note, amount_error, sub_locked"""
    def render(p, d):
        p.node(d, "dialog", "Apply credit", modal=True)
        p.node(d + 1, "heading", "Apply credit", level=2)
        p.text(d + 1, "%s \u00b7 %s" % (cust["name"], cust["cid"]))
        opts = ["Select a subscription"] + [s["label"] for s in cust["subs"] if s["status"] == "Active"] + \
               ["Account level \u2014 no subscription"]
        cur = st.get("sub") or "Select a subscription"
        p.node(d + 1, "combobox", "Subscription", key="dlg_sub", value=cur, hasPopup="listbox",
               expanded=False, disabled=(True if st.get("sub_locked") else None))
        for o in opts:
            p.node(d + 2, "option", o, selected=(o == cur))
        p.node(d + 1, "textbox", "Amount (USD)", key="dlg_amount", required=True,
               value=st.get("amount") or None)
        if st.get("amount_error"):
            p.text(d + 1, st["amount_error"])
        else:
            p.text(d + 1, "Maximum single credit: $2,000.00")
        p.node(d + 1, "combobox", "Reason code", key="dlg_reason", value=st.get("reason", R_DEFAULT),
               hasPopup="listbox", expanded=False)
        for o in REASONS:
            p.node(d + 2, "option", o, selected=(o == st.get("reason", R_DEFAULT)))
        p.node(d + 1, "radiogroup", "Credit type")
        one = st.get("ctype", "one") == "one"
        p.node(d + 2, "radio", TYPE_ONE, key="dlg_type_one", checked=("true" if one else "false"))
        p.node(d + 2, "radio", TYPE_REC, key="dlg_type_rec", checked=("false" if one else "true"))
        p.node(d + 1, "textbox", "Internal note (optional)", key="dlg_note", value=st.get("note") or None)
        p.text(d + 1, "Credits reduce the invoice subtotal before tax and cannot exceed the invoice total.")
        p.node(d + 1, "button", "Cancel", key="dlg_cancel")
        p.node(d + 1, "button", "Review credit", key="dlg_review")
    return render


def dialog_confirm(cust, st):
    amount = money(int(round(float(st["amount"]) * 100)))
    code = st.get("reason", R_DEFAULT).split(" ")[0]
    word = "one-time" if st.get("ctype", "one") == "one" else "recurring"

    def render(p, d):
        p.node(d, "alertdialog", "Confirm credit", modal=True)
        p.node(d + 1, "heading", "Confirm credit", level=2)
        p.text(d + 1, "Apply a %s credit of %s (%s) to %s for %s?"
               % (word, amount, code, st["sub"].replace(" (monthly)", ""), cust["name"]))
        p.text(d + 1, "The credit will be deducted from the next invoice on %s. It cannot be edited "
                      "once that invoice is finalized." % cust["next_invoice"])
        p.node(d + 1, "button", "Close", key="cf_close")
        p.node(d + 1, "button", "Back", key="cf_back")
        p.node(d + 1, "button", "Apply credit", key="cf_apply")
    return render


def cust_url(cid, tab):
    return BASE + "/customers/%s%s" % (cid, {"subs": "", "subscriptions": "", "invoices": "/invoices",
                                              "credits": "/credits"}[tab])


def page_customer(ctx, cid, tab="subs", dialog=None, toast=None, added=None, alert=None):
    c = dict(DETAIL[cid])
    c["cid"] = cid
    credits = list(c["credits"])
    if added:
        credits.insert(0, (added["id"], added["amount"], added["reason"], added["type"], added["applies"],
                           "Pending \u00b7 next invoice", TODAY))
    pending = sum(cr[1] for cr in credits if cr[5].startswith("Pending"))
    est = sum(l[4] for l in c["lines"]) - pending
    cancelled = c.get("cancelled")

    def body(p, d):
        p.node(d, "heading", c["name"], level=1)
        p.text(d, cid)
        p.text(d, c["status"])
        p.text(d, "Customer since %s \u00b7 %s" % (c["since"], c["country"]))
        p.text(d, "Billing contact: %s" % c["contact"])
        p.text(d, "Currency USD \u00b7 Net 14 \u00b7 Invoices sent by email")
        p.node(d, "button", "Apply credit", key="apply_credit", disabled=(True if cancelled else None))
        p.node(d, "button", "Edit customer")
        p.node(d, "button", "More actions", hasPopup="menu", expanded=False)
        p.node(d, "group", "Account summary")
        p.text(d + 1, "MRR")
        p.text(d + 1, money(c["mrr"]))
        p.text(d + 1, "Account balance")
        p.text(d + 1, c["balance"])
        p.text(d + 1, "Unapplied credit")
        p.text(d + 1, money(pending))
        p.text(d + 1, "Next invoice")
        if cancelled:
            p.text(d + 1, "\u2014")
        else:
            p.text(d + 1, "%s \u00b7 est. %s" % (c["next_invoice"], money(est)))
        p.node(d, "tablist", "Customer sections")
        names = {"subs": "Subscriptions (%d)" % len(c["subs"]),
                 "invoices": "Invoices (%d)" % c["invoice_count"],
                 "credits": "Credits (%d)" % len(credits)}
        for t in ("subs", "invoices", "credits"):
            p.node(d + 1, "tab", names[t], key="tab_" + t, selected=(t == tab))
        p.node(d + 1, "tab", "Payment methods", selected=False)
        p.node(d + 1, "tab", "Activity", selected=False)
        p.node(d, "tabpanel", names[tab])
        e = d + 1
        if tab == "subs":
            p.node(e, "table", "Subscriptions")
            p.node(e + 1, "row", "")
            for h in ("Subscription", "Plan", "Status", "Billing", "Amount", "Renews / ends", "Actions"):
                p.node(e + 2, "columnheader", h)
            for s in c["subs"]:
                p.node(e + 1, "row", "")
                p.node(e + 2, "gridcell", s["id"])
                p.node(e + 3, "link", s["id"], key="sub_" + s["id"])
                p.node(e + 2, "gridcell", c["sub_desc"].get(s["id"], s["plan"]))
                p.node(e + 2, "gridcell", s["status"])
                p.node(e + 2, "gridcell", "Monthly")
                p.node(e + 2, "gridcell", money(s["amount"]))
                p.node(e + 2, "gridcell", s["renews"])
                p.node(e + 2, "gridcell", "")
                if s["status"] == "Active":
                    p.node(e + 3, "link", "Preview next invoice for %s" % s["id"], key="sub_preview_" + s["id"])
                p.node(e + 3, "button", "Row actions for %s" % s["id"], hasPopup="menu", expanded=False)
        elif tab == "invoices":
            p.node(e, "table", "Invoices")
            p.node(e + 1, "row", "")
            for h in ("Invoice", "Date", "Total", "Status", ""):
                p.node(e + 2, "columnheader", h)
            if not cancelled:
                p.node(e + 1, "row", "")
                p.node(e + 2, "gridcell", "Upcoming (draft)")
                p.node(e + 2, "gridcell", c["next_invoice"])
                p.node(e + 2, "gridcell", "est. " + money(est))
                p.node(e + 2, "gridcell", "Draft")
                p.node(e + 2, "gridcell", "")
                p.node(e + 3, "link", "Preview", key="inv_preview")
            for inv, date, total, status in c["invoices"]:
                p.node(e + 1, "row", "")
                p.node(e + 2, "gridcell", inv)
                p.node(e + 3, "link", inv)
                p.node(e + 2, "gridcell", date)
                p.node(e + 2, "gridcell", money(total))
                p.node(e + 2, "gridcell", status)
                p.node(e + 2, "gridcell", "")
                p.node(e + 3, "button", "Download PDF for %s" % inv)
            p.text(e, "Showing 1\u2013%d of %d" % (len(c["invoices"]), c["invoice_count"]))
            p.node(e, "navigation", "Invoice pages")
            p.node(e + 1, "button", "Previous page", disabled=True)
            p.node(e + 1, "button", "Next page", key="inv_next")
        else:
            p.text(e, "Credits reduce the next invoice before tax. One-time credits are consumed by a single invoice.")
            p.node(e, "button", "Apply credit", key="tab_apply_credit", disabled=(True if cancelled else None))
            if not cancelled:
                p.node(e, "link", "Preview next invoice", key="preview_link")
            p.node(e, "table", "Credits")
            p.node(e + 1, "row", "")
            for h in ("Credit", "Amount", "Reason code", "Type", "Applies to", "Status", "Created"):
                p.node(e + 2, "columnheader", h)
            if not credits:
                p.node(e + 1, "row", "")
                p.node(e + 2, "gridcell", "No credits yet.")
            for cr in credits:
                p.node(e + 1, "row", "")
                p.node(e + 2, "gridcell", cr[0])
                p.node(e + 2, "gridcell", money(cr[1]))
                p.node(e + 2, "gridcell", cr[2])
                p.node(e + 2, "gridcell", cr[3])
                p.node(e + 2, "gridcell", cr[4])
                p.node(e + 2, "gridcell", cr[5])
                p.node(e + 2, "gridcell", cr[6])

    title = "%s \u00b7 Customers \u00b7 Recurra" % c["name"]
    dlg = None
    if dialog is not None:
        dlg = dialog_confirm(c, dialog) if dialog.get("confirm") else dialog_apply(c, dialog)
    al = alert if alert is not None else c.get("alert")
    return frame(ctx, title, cust_url(cid, tab), "Customers",
                 [("Home", True), ("Customers", True), (c["name"], False)], body,
                 toast=toast, dialog=dlg, alert=al)


def page_search(ctx, qs):
    def body(p, d):
        p.node(d, "heading", "Search results for '%s'" % qs, level=1)
        p.text(d, "4 results across subscriptions and invoices")
        p.node(d, "heading", "Subscriptions", level=2)
        p.node(d, "list", "Subscriptions")
        p.node(d + 1, "listitem", "")
        p.node(d + 2, "link", "SUB-20417 \u00b7 Route Planner Pro \u00b7 Halvorsen Logistics AS", key="hit_SUB-20417")
        p.text(d + 2, "Exact match \u00b7 Active \u00b7 $380.00 / month")
        p.node(d, "heading", "Similar subscription IDs", level=3)
        p.node(d, "list", "Similar subscription IDs")
        for sid, plan, cname, st in (("SUB-20471", "Route Planner Pro", "Halvorsen Logistik AB", "Active"),
                                     ("SUB-20147", "Driver App seats", "Halvorsen Logistics AS", "Active"),
                                     ("SUB-24017", "Fleet Telematics Plus", "Halverson Logistics Inc.", "Active")):
            p.node(d + 1, "listitem", "")
            p.node(d + 2, "link", "%s \u00b7 %s \u00b7 %s" % (sid, plan, cname), key="hit_" + sid)
            p.text(d + 2, st)
        p.node(d, "heading", "Invoices", level=2)
        p.node(d, "list", "Invoices")
        p.node(d + 1, "listitem", "")
        p.node(d + 2, "link", "INV-2024-10-3381 \u00b7 Halvorsen Logistics AS \u00b7 $470.00 \u00b7 Paid")
    return frame(ctx, "Search: %s \u00b7 Recurra" % qs, BASE + "/search?q=" + qs, None,
                 [("Home", True), ("Search", False)], body)


def page_subscription(ctx, sid, dialog=None, toast=None, added=None):
    assert sid == "SUB-20417"
    c = dict(DETAIL["CUS-3381"])
    c["cid"] = "CUS-3381"
    credits = [cr for cr in c["credits"] if cr[4] == sid]
    if added:
        credits.insert(0, (added["id"], added["amount"], added["reason"], added["type"], added["applies"],
                           "Pending \u00b7 next invoice", TODAY))

    def body(p, d):
        p.node(d, "heading", "SUB-20417 \u00b7 Route Planner Pro", level=1)
        p.text(d, "Active")
        p.text(d, "Monthly \u00b7 $380.00 \u00b7 Renews Nov 1, 2024 \u00b7 Started Mar 14, 2022")
        p.text(d, "Customer:")
        p.node(d, "link", "Halvorsen Logistics AS (CUS-3381)", key="sub_customer")
        p.node(d, "button", "Apply credit", key="apply_credit")
        p.node(d, "link", "Preview next invoice", key="preview_link")
        p.node(d, "button", "Change plan")
        p.node(d, "button", "Pause subscription")
        p.node(d, "button", "Cancel subscription")
        p.node(d, "region", "Usage this period")
        p.text(d + 1, "Route optimisation runs: 2,300 of 2,000 included (300 over allowance at $0.15)")
        p.text(d + 1, "Period Oct 1 \u2013 Oct 31, 2024")
        p.node(d, "heading", "Credits on this subscription", level=2)
        p.node(d, "table", "Credits on this subscription")
        p.node(d + 1, "row", "")
        for h in ("Credit", "Amount", "Reason code", "Type", "Status", "Created"):
            p.node(d + 2, "columnheader", h)
        for cr in credits:
            p.node(d + 1, "row", "")
            for v in (cr[0], money(cr[1]), cr[2], cr[3], cr[5], cr[6]):
                p.node(d + 2, "gridcell", v)
        p.node(d, "heading", "Recent invoices", level=2)
        p.node(d, "table", "Recent invoices")
        p.node(d + 1, "row", "")
        for h in ("Invoice", "Date", "Line total", "Status"):
            p.node(d + 2, "columnheader", h)
        for inv, date, total, status in c["invoices"][:3]:
            p.node(d + 1, "row", "")
            p.node(d + 2, "gridcell", inv)
            p.node(d + 3, "link", inv)
            p.node(d + 2, "gridcell", date)
            p.node(d + 2, "gridcell", "$425.00" if inv != "INV-2024-08-3381" else "$460.50")
            p.node(d + 2, "gridcell", status)

    dlg = None
    if dialog is not None:
        dlg = dialog_confirm(c, dialog) if dialog.get("confirm") else dialog_apply(c, dialog)
    return frame(ctx, "SUB-20417 \u00b7 Subscriptions \u00b7 Recurra", BASE + "/subscriptions/SUB-20417",
                 "Subscriptions", [("Home", True), ("Subscriptions", True), ("SUB-20417", False)], body,
                 toast=toast, dialog=dlg)


def preview_url(cid):
    return BASE + "/customers/%s/invoices/upcoming" % cid


def page_preview(ctx, cid, credit=None):
    c = DETAIL[cid]
    sub_total = sum(l[4] for l in c["lines"])
    cred = credit["amount"] if credit else 0
    total = max(0, sub_total - cred)

    def body(p, d):
        p.node(d, "heading", "Next invoice preview", level=1)
        p.text(d, "Draft \u2014 not finalized. Amounts can change until Oct 31, 2024 18:00 UTC.")
        p.text(d, "Bill to: %s (%s)" % (c["name"], cid))
        p.text(d, "Invoice date: %s \u00b7 Due: %s \u00b7 Period: Nov 1 \u2013 Nov 30, 2024"
               % (c["next_invoice"], c["due"]))
        p.node(d, "combobox", "Show lines for", value="All subscriptions", hasPopup="listbox", expanded=False)
        p.node(d, "table", "Line items")
        p.node(d + 1, "row", "")
        for h in ("Description", "Subscription", "Qty", "Unit price", "Amount"):
            p.node(d + 2, "columnheader", h)
        for desc, s, qty, unit, amt in c["lines"]:
            p.node(d + 1, "row", "")
            for v in (desc, s, qty, money(unit), money(amt)):
                p.node(d + 2, "gridcell", v)
        p.node(d, "heading", "Credits applied", level=2)
        if credit:
            p.node(d, "table", "Credits applied")
            p.node(d + 1, "row", "")
            for h in ("Description", "Subscription", "Amount"):
                p.node(d + 2, "columnheader", h)
            p.node(d + 1, "row", "")
            desc = "Account credit %s \u00b7 %s (%s)" % (credit["id"], credit["reason"], credit["type"].lower())
            for v in (desc, credit["applies"], money(-credit["amount"])):
                p.node(d + 2, "gridcell", v)
        else:
            p.text(d, "No credits will be applied to this invoice.")
        p.node(d, "group", "Totals")
        p.text(d + 1, "Subtotal")
        p.text(d + 1, money(sub_total))
        p.text(d + 1, "Credits")
        p.text(d + 1, money(-cred) if cred else "$0.00")
        p.text(d + 1, c["tax"])
        p.text(d + 1, "$0.00")
        p.text(d + 1, "Total due")
        p.text(d + 1, money(total))
        p.node(d, "button", "Download draft PDF")
        p.node(d, "link", "Back to %s" % c["name"], key="back_customer")

    return frame(ctx, "Next invoice preview \u00b7 %s \u00b7 Recurra" % c["name"], preview_url(cid),
                 "Customers", [("Home", True), ("Customers", True), (c["name"], True),
                               ("Next invoice preview", False)], body)


# --------------------------------------------------------------------------------------
# runs
# --------------------------------------------------------------------------------------


class Run:
    def __init__(self, rid, fault, start, ctx):
        self.rid = rid
        self.fault = fault
        self.page = start
        self.ctx = ctx
        self.initial = start.obs()
        self.steps = []
        self.off = None

    def _cmd(self, verb, key, arg):
        if verb in ("send_msg_to_user", "goto"):
            return "%s(%s)" % (verb, q(arg)), None
        bid, target = self.page.keys[key]
        if verb == "click":
            return "click(%s)" % q(bid), target
        return "%s(%s, %s)" % (verb, q(bid), q(arg)), target

    def step(self, commitment, verb, key, arg, reasoning, effect, nxt, off=False, error=None):
        if key is not None and key not in self.page.keys:
            raise KeyError("%s: key %r not on page %s" % (self.rid, key, self.page.url))
        command, target = self._cmd(verb, key, arg)
        if off:
            assert self.off is None, self.rid
            self.off = len(self.steps)
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": nxt.obs(error),
        })
        self.page = nxt
        return nxt

    def record(self, success, off_override=None):
        off = self.off if off_override is None else off_override
        if self.fault is None:
            assert off is None
        else:
            assert off is not None and 0 <= off < len(self.steps), self.rid
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": off},
            "initial_observation": self.initial,
            "steps": self.steps,
            "outcome": {"success": success},
        }


SUB_OK = "SUB-20417 \u00b7 Route Planner Pro (monthly)"
SUB_SEATS = "SUB-20147 \u00b7 Driver App seats (monthly)"
DONE_MSG = ("Applied a one-time $45.00 credit (SVC-OUTAGE) to SUB-20417 for Halvorsen Logistics AS "
            "(credit CR-1207). The Nov 1, 2024 invoice preview now shows the credit line "
            "\u2212$45.00 and a total due of $470.00.")

F, O, E, S, V = "find-customer", "open-credit-dialog", "enter-credit", "submit-credit", "verify-preview"


def dlg(**kw):
    base = {"sub": None, "amount": "", "reason": R_DEFAULT, "ctype": "one", "note": ""}
    base.update(kw)
    return base


def fill_dialog_standard(r, cid, tab, state, order=("sub", "amount", "reason"), amount="45.00",
                         sub_label=SUB_OK, reason=R_OUTAGE, page_fn=None, offs=()):
    """Fill subscription, amount and reason in the Apply credit dialog; returns state."""
    pf = page_fn or (lambda st: page_customer(r.ctx, cid, tab, dialog=st))
    for what in order:
        if what == "sub":
            state = dict(state, sub=sub_label)
            r.step(E, "select_option", "dlg_sub", sub_label,
                   "Choose the subscription the credit is for: %s." % sub_label.split(" (")[0],
                   "read", pf(state), off=("sub" in offs))
        elif what == "amount":
            state = dict(state, amount=amount)
            r.step(E, "fill", "dlg_amount", amount, "Enter the credit amount %s." % amount,
                   "read", pf(state), off=("amount" in offs))
        elif what == "reason":
            state = dict(state, reason=reason)
            r.step(E, "select_option", "dlg_reason", reason,
                   "Set the reason code to %s as requested." % reason.split(" ")[0],
                   "read", pf(state), off=("reason" in offs))
    return state


def healthy_runs(rng):
    runs = []

    # H1: search the list, open from the Subscriptions tab, preview from the Credits tab
    ctx = Ctx(rng)
    r = Run("apply_credit-healthy-01", None, page_customers(ctx), ctx)
    r.step(F, "fill", "q", "Halvorsen", "Narrow the customer list to names containing Halvorsen.", "read",
           page_customers(ctx, qs="Halvorsen"))
    r.step(F, "click", "cust_CUS-3381", None,
           "Halvorsen Logistics AS (CUS-3381) is the exact name; Logistik AB and Logistics Group Ltd are other customers.",
           "read", page_customer(ctx, "CUS-3381"))
    st = dlg()
    r.step(O, "click", "apply_credit", None, "SUB-20417 Route Planner Pro is listed and active; open Apply credit.",
           "read", page_customer(ctx, "CUS-3381", dialog=st))
    st = fill_dialog_standard(r, "CUS-3381", "subs", st)
    r.step(E, "click", "dlg_review", None, "All fields set; review before applying.", "read",
           page_customer(ctx, "CUS-3381", dialog=dict(st, confirm=True)))
    cr = new_credit()
    r.step(S, "click", "cf_apply", None,
           "The summary reads one-time $45.00 SVC-OUTAGE on SUB-20417 for Halvorsen Logistics AS; apply it.",
           "irreversible", page_customer(ctx, "CUS-3381", "credits", toast=credit_toast(cr), added=cr))
    r.step(V, "click", "preview_link", None, "Credit CR-1207 is pending; open the next invoice preview.", "read",
           page_preview(ctx, "CUS-3381", credit=cr))
    r.step(V, "send_msg_to_user", None, DONE_MSG, "The preview lists the credit; report back.", "read",
           page_preview(ctx, "CUS-3381", credit=cr))
    runs.append(r.record(True))

    # H2: start at the dashboard, browse to page 2 of the list, apply from the Credits tab
    ctx = Ctx(rng)
    r = Run("apply_credit-healthy-02", None, page_dashboard(ctx), ctx)
    r.step(F, "click", "nav_customers", None, "Go to the customer list.", "read", page_customers(ctx))
    r.step(F, "click", "next_page", None,
           "Halvorsen Logistics AS is not on page 1 (only Logistik AB and Logistics Group Ltd); try page 2.",
           "read", page_customers(ctx, page=2))
    r.step(F, "click", "cust_CUS-3381", None, "Open Halvorsen Logistics AS, CUS-3381.", "read",
           page_customer(ctx, "CUS-3381"))
    r.step(O, "click", "tab_credits", None, "Check existing credits before adding one.", "read",
           page_customer(ctx, "CUS-3381", "credits"))
    st = dlg()
    r.step(O, "click", "tab_apply_credit", None, "No pending credit for SUB-20417; open Apply credit.", "read",
           page_customer(ctx, "CUS-3381", "credits", dialog=st))
    st = fill_dialog_standard(r, "CUS-3381", "credits", st)
    r.step(E, "click", "dlg_review", None, "Review the credit.", "read",
           page_customer(ctx, "CUS-3381", "credits", dialog=dict(st, confirm=True)))
    cr = new_credit()
    r.step(S, "click", "cf_apply", None, "Confirmation matches the request; apply.", "irreversible",
           page_customer(ctx, "CUS-3381", "credits", toast=credit_toast(cr), added=cr))
    r.step(V, "click", "tab_subs", None, "Go back to subscriptions to preview the invoice from SUB-20417.", "read",
           page_customer(ctx, "CUS-3381", "subs", added=cr))
    r.step(V, "click", "sub_preview_SUB-20417", None, "Open the next invoice preview.", "read",
           page_preview(ctx, "CUS-3381", credit=cr))
    r.step(V, "send_msg_to_user", None, DONE_MSG, "Credit line present on the preview.", "read",
           page_preview(ctx, "CUS-3381", credit=cr))
    runs.append(r.record(True))

    # H3: sort the list by name, fill the amount first
    ctx = Ctx(rng)
    r = Run("apply_credit-healthy-03", None, page_customers(ctx), ctx)
    r.step(F, "click", "sort_name", None, "Sort by customer name to find Halvorsen alphabetically.", "read",
           page_customers(ctx, sort="name"))
    r.step(F, "click", "cust_CUS-3381", None,
           "Row 10 is Halvorsen Logistics AS (CUS-3381), just below Halverson Logistics Inc.", "read",
           page_customer(ctx, "CUS-3381"))
    st = dlg()
    r.step(O, "click", "apply_credit", None, "Open the Apply credit dialog.", "read",
           page_customer(ctx, "CUS-3381", dialog=st))
    st = fill_dialog_standard(r, "CUS-3381", "subs", st, order=("amount", "sub", "reason"))
    r.step(E, "click", "dlg_review", None, "Review.", "read",
           page_customer(ctx, "CUS-3381", dialog=dict(st, confirm=True)))
    cr = new_credit()
    r.step(S, "click", "cf_apply", None, "Apply the confirmed credit.", "irreversible",
           page_customer(ctx, "CUS-3381", "credits", toast=credit_toast(cr), added=cr))
    r.step(V, "click", "preview_link", None, "Check the next invoice preview.", "read",
           page_preview(ctx, "CUS-3381", credit=cr))
    r.step(V, "send_msg_to_user", None, DONE_MSG, "Verified on the preview.", "read",
           page_preview(ctx, "CUS-3381", credit=cr))
    runs.append(r.record(True))

    # H4: opens the dialog, cancels to double-check the subscription, reopens
    ctx = Ctx(rng)
    r = Run("apply_credit-healthy-04", None, page_customers(ctx), ctx)
    r.step(F, "fill", "q", "Halvorsen Logistics", "Search for the customer by name.", "read",
           page_customers(ctx, qs="Halvorsen Logistics"))
    r.step(F, "click", "cust_CUS-3381", None, "Open Halvorsen Logistics AS, not the cancelled Group Ltd.", "read",
           page_customer(ctx, "CUS-3381"))
    r.step(O, "click", "tab_credits", None, "Go to the Credits tab.", "read",
           page_customer(ctx, "CUS-3381", "credits"))
    st = dlg()
    r.step(O, "click", "tab_apply_credit", None, "Open Apply credit.", "read",
           page_customer(ctx, "CUS-3381", "credits", dialog=st))
    r.step(O, "click", "dlg_cancel", None,
           "The dialog offers SUB-20417 and SUB-20147; close it and confirm on the Subscriptions tab which one is Route Planner Pro.",
           "read", page_customer(ctx, "CUS-3381", "credits"))
    r.step(O, "click", "tab_subs", None, "Look at the subscriptions.", "read", page_customer(ctx, "CUS-3381", "subs"))
    st = dlg()
    r.step(O, "click", "apply_credit", None, "SUB-20417 is Route Planner Pro, active. Reopen Apply credit.", "read",
           page_customer(ctx, "CUS-3381", "subs", dialog=st))
    st = fill_dialog_standard(r, "CUS-3381", "subs", st)
    r.step(E, "click", "dlg_review", None, "Review.", "read",
           page_customer(ctx, "CUS-3381", "subs", dialog=dict(st, confirm=True)))
    cr = new_credit()
    r.step(S, "click", "cf_apply", None, "Apply.", "irreversible",
           page_customer(ctx, "CUS-3381", "credits", toast=credit_toast(cr), added=cr))
    r.step(V, "click", "preview_link", None, "Open the preview.", "read", page_preview(ctx, "CUS-3381", credit=cr))
    r.step(V, "send_msg_to_user", None, DONE_MSG, "Done and verified.", "read",
           page_preview(ctx, "CUS-3381", credit=cr))
    runs.append(r.record(True))

    # H5: search by customer id, retype the amount after a format hint
    ctx = Ctx(rng)
    r = Run("apply_credit-healthy-05", None, page_customers(ctx), ctx)
    r.step(F, "fill", "q", "CUS-3381", "Search the list by customer ID.", "read", page_customers(ctx, qs="CUS-3381"))
    r.step(F, "click", "cust_CUS-3381", None, "Single match: Halvorsen Logistics AS.", "read",
           page_customer(ctx, "CUS-3381"))
    st = dlg()
    r.step(O, "click", "apply_credit", None, "Open Apply credit.", "read", page_customer(ctx, "CUS-3381", dialog=st))
    st = fill_dialog_standard(r, "CUS-3381", "subs", st, order=("sub",))
    st = dict(st, amount="45", amount_error="Enter the amount with cents, for example 45.00.")
    r.step(E, "fill", "dlg_amount", "45", "Enter the amount.", "read", page_customer(ctx, "CUS-3381", dialog=st))
    st = dict(st, amount="45.00", amount_error=None)
    r.step(E, "fill", "dlg_amount", "45.00", "The field wants cents; retype as 45.00.", "read",
           page_customer(ctx, "CUS-3381", dialog=st))
    st = fill_dialog_standard(r, "CUS-3381", "subs", st, order=("reason",))
    r.step(E, "click", "dlg_review", None, "Review.", "read",
           page_customer(ctx, "CUS-3381", dialog=dict(st, confirm=True)))
    cr = new_credit()
    r.step(S, "click", "cf_apply", None, "Confirmation is correct; apply.", "irreversible",
           page_customer(ctx, "CUS-3381", "credits", toast=credit_toast(cr), added=cr))
    r.step(V, "click", "preview_link", None, "Open the preview.", "read", page_preview(ctx, "CUS-3381", credit=cr))
    r.step(V, "send_msg_to_user", None, DONE_MSG, "Verified.", "read", page_preview(ctx, "CUS-3381", credit=cr))
    runs.append(r.record(True))

    # H6: status filter Active (the task says the customer is active), explicit one-time radio click
    ctx = Ctx(rng)
    r = Run("apply_credit-healthy-06", None, page_customers(ctx), ctx)
    r.step(F, "select_option", "status", "Active", "The customer is active; show active customers only.", "read",
           page_customers(ctx, status="Active"))
    r.step(F, "click", "cust_CUS-3381", None, "Halvorsen Logistics AS is on this page; open it.", "read",
           page_customer(ctx, "CUS-3381"))
    st = dlg()
    r.step(O, "click", "apply_credit", None, "Open Apply credit.", "read", page_customer(ctx, "CUS-3381", dialog=st))
    st = fill_dialog_standard(r, "CUS-3381", "subs", st)
    r.step(E, "click", "dlg_type_one", None, "Make sure the credit is one-time.", "read",
           page_customer(ctx, "CUS-3381", dialog=st))
    r.step(E, "click", "dlg_review", None, "Review.", "read",
           page_customer(ctx, "CUS-3381", dialog=dict(st, confirm=True)))
    cr = new_credit()
    r.step(S, "click", "cf_apply", None, "Apply.", "irreversible",
           page_customer(ctx, "CUS-3381", "credits", toast=credit_toast(cr), added=cr))
    r.step(V, "click", "preview_link", None, "Check the preview.", "read", page_preview(ctx, "CUS-3381", credit=cr))
    r.step(V, "send_msg_to_user", None, DONE_MSG, "Verified.", "read", page_preview(ctx, "CUS-3381", credit=cr))
    runs.append(r.record(True))

    # H7: global search by subscription id, apply from the subscription page
    ctx = Ctx(rng)
    r = Run("apply_credit-healthy-07", None, page_dashboard(ctx), ctx)
    ctx.global_q = "SUB-20417"
    r.step(F, "fill", "global_search", "SUB-20417", "Search for the subscription id directly.", "read",
           page_dashboard(ctx))
    r.step(F, "press", "global_search", "Enter", "Run the search.", "read", page_search(ctx, "SUB-20417"))
    ctx.global_q = None
    r.step(F, "click", "hit_SUB-20417", None,
           "Exact match SUB-20417 belongs to Halvorsen Logistics AS; SUB-20471 and SUB-20147 are similar ids.",
           "read", page_subscription(ctx, "SUB-20417"))
    st = dlg(sub=SUB_OK, sub_locked=True)
    r.step(O, "click", "apply_credit", None, "Open Apply credit from the subscription page.", "read",
           page_subscription(ctx, "SUB-20417", dialog=st))
    pf = (lambda s: page_subscription(ctx, "SUB-20417", dialog=s))
    st = fill_dialog_standard(r, "CUS-3381", None, st, order=("amount", "reason"), page_fn=pf)
    r.step(E, "click", "dlg_review", None, "Review.", "read", pf(dict(st, confirm=True)))
    cr = new_credit()
    r.step(S, "click", "cf_apply", None, "Apply.", "irreversible",
           page_subscription(ctx, "SUB-20417", toast=credit_toast(cr), added=cr))
    r.step(V, "click", "preview_link", None, "Open the next invoice preview.", "read",
           page_preview(ctx, "CUS-3381", credit=cr))
    r.step(V, "send_msg_to_user", None, DONE_MSG, "Verified.", "read", page_preview(ctx, "CUS-3381", credit=cr))
    runs.append(r.record(True))

    # H8: maintenance banner, an unrelated toast, Back from the confirmation to add a note,
    # preview reached through the Invoices tab
    ctx = Ctx(rng, banner=MAINT)
    r = Run("apply_credit-healthy-08", None, page_customers(ctx), ctx)
    r.step(F, "fill", "q", "Halvorsen", "Filter by name.", "read", page_customers(ctx, qs="Halvorsen"))
    r.step(F, "click", "cust_CUS-3381", None, "Open Halvorsen Logistics AS (CUS-3381).", "read",
           page_customer(ctx, "CUS-3381",
                         toast="Your export 'October revenue by plan' is ready. Find it under Revenue reports."))
    r.step(O, "click", "toast_dismiss", None, "Dismiss the unrelated export notice.", "read",
           page_customer(ctx, "CUS-3381"))
    st = dlg()
    r.step(O, "click", "apply_credit", None, "Open Apply credit.", "read", page_customer(ctx, "CUS-3381", dialog=st))
    st = fill_dialog_standard(r, "CUS-3381", "subs", st, order=("sub", "reason", "amount"))
    r.step(E, "click", "dlg_review", None, "Review.", "read",
           page_customer(ctx, "CUS-3381", dialog=dict(st, confirm=True)))
    r.step(E, "click", "cf_back", None, "Go back to add an internal note referencing the outage.", "read",
           page_customer(ctx, "CUS-3381", dialog=st))
    st = dict(st, note="Oct 22 routing outage")
    r.step(E, "fill", "dlg_note", "Oct 22 routing outage", "Add a note for the audit trail.", "read",
           page_customer(ctx, "CUS-3381", dialog=st))
    r.step(E, "click", "dlg_review", None, "Review again.", "read",
           page_customer(ctx, "CUS-3381", dialog=dict(st, confirm=True)))
    cr = new_credit()
    r.step(S, "click", "cf_apply", None, "Apply.", "irreversible",
           page_customer(ctx, "CUS-3381", "credits", toast=credit_toast(cr), added=cr))
    r.step(V, "click", "tab_invoices", None, "Find the upcoming invoice under Invoices.", "read",
           page_customer(ctx, "CUS-3381", "invoices", added=cr))
    r.step(V, "click", "inv_preview", None, "Open the draft preview.", "read", page_preview(ctx, "CUS-3381", credit=cr))
    r.step(V, "send_msg_to_user", None, DONE_MSG, "Verified.", "read", page_preview(ctx, "CUS-3381", credit=cr))
    runs.append(r.record(True))
    return runs


def page_login(next_path):
    p = Page("Sign in \u00b7 Recurra", BASE + "/login?next=" + next_path.replace("/", "%2F") + "&reason=timeout")
    p.node(1, "img", "Recurra")
    p.node(1, "main", "")
    p.node(2, "heading", "Sign in to Recurra", level=1)
    p.text(2, "Your session timed out after 30 minutes without activity. Sign in again to continue.")
    p.node(2, "textbox", "Work email", key="login_email", required=True,
           value="priya.nandakumar@wayfinderfleet.com")
    p.node(2, "textbox", "Password", key="login_password", required=True)
    p.node(2, "checkbox", "Keep me signed in on this device", checked="false")
    p.node(2, "button", "Sign in", key="login_submit")
    p.node(2, "link", "Sign in with SSO")
    p.node(2, "link", "Forgot your password?")
    p.node(1, "contentinfo", "")
    p.text(2, "\u00a9 2024 Recurra Billing Ltd.")
    p.node(2, "link", "Privacy")
    return p


def page_preview_error(ctx, cid):
    name = DETAIL[cid]["name"]
    req = "req_%012x" % ctx.rng.getrandbits(48)

    def body(p, d):
        p.node(d, "heading", "This page could not be loaded", level=1)
        p.text(d, "The invoice preview service returned 502 Bad Gateway. Nothing was changed on this account.")
        p.text(d, "Try again in a few minutes. If it keeps happening, contact support with the request ID.")
        p.text(d, "Request ID: " + req)
        p.node(d, "button", "Try again", key="retry")
        p.node(d, "link", "Back to %s" % name, key="back_customer")
    return frame(ctx, "Error \u00b7 Recurra", preview_url(cid), "Customers",
                 [("Home", True), ("Customers", True), (name, True), ("Next invoice preview", False)], body)


NO_PERMISSION = ["You don't have permission to apply credits on this account.",
                 "Applying credits needs the Billing Admin role. Ask a workspace administrator for access."]


def faulty_runs(rng):
    runs = []

    # F1 wrong_record: opens the near-miss customer Halvorsen Logistik AB (agent, step 1)
    ctx = Ctx(rng)
    r = Run("apply_credit-wrong_record-01", "wrong_record", page_customers(ctx), ctx)
    r.step(F, "fill", "q", "Halvorsen", "Narrow the list to Halvorsen.", "read", page_customers(ctx, qs="Halvorsen"))
    r.step(F, "click", "cust_CUS-3318", None,
           "Halvorsen Logistik AB is the Scandinavian spelling of the customer and it has Route Planner Pro; open it.",
           "read", page_customer(ctx, "CUS-3318"), off=True)
    st = dlg()
    r.step(O, "click", "apply_credit", None, "Open Apply credit.", "read", page_customer(ctx, "CUS-3318", dialog=st))
    lab = "SUB-20471 \u00b7 Route Planner Pro (monthly)"
    st = fill_dialog_standard(r, "CUS-3318", "subs", st, sub_label=lab)
    r.step(E, "click", "dlg_review", None, "Review.", "read",
           page_customer(ctx, "CUS-3318", dialog=dict(st, confirm=True)))
    cr = new_credit(applies="SUB-20471")
    r.step(S, "click", "cf_apply", None, "Apply the credit.", "irreversible",
           page_customer(ctx, "CUS-3318", "credits", toast=credit_toast(cr), added=cr))
    r.step(V, "click", "preview_link", None, "Check the next invoice preview.", "read",
           page_preview(ctx, "CUS-3318", credit=cr))
    r.step(V, "send_msg_to_user", None,
           "Applied a one-time $45.00 credit (SVC-OUTAGE) to the Route Planner Pro subscription SUB-20471 of "
           "Halvorsen Logistik AB; the Nov 1 invoice preview shows the \u2212$45.00 credit.",
           "Credit visible on the preview; report.", "read", page_preview(ctx, "CUS-3318", credit=cr))
    runs.append(r.record(False))

    # F2 wrong_record: right customer, near-miss subscription SUB-20147 chosen in the dialog (agent, step 3)
    ctx = Ctx(rng)
    r = Run("apply_credit-wrong_record-02", "wrong_record", page_customers(ctx), ctx)
    r.step(F, "fill", "q", "Halvorsen Logistics AS", "Search for the exact customer name.", "read",
           page_customers(ctx, qs="Halvorsen Logistics AS"))
    r.step(F, "click", "cust_CUS-3381", None, "One match; open it.", "read", page_customer(ctx, "CUS-3381"))
    st = dlg()
    r.step(O, "click", "apply_credit", None, "Open Apply credit.", "read", page_customer(ctx, "CUS-3381", dialog=st))
    st = dict(st, sub=SUB_SEATS)
    r.step(E, "select_option", "dlg_sub", SUB_SEATS, "Pick SUB-20147, the subscription id from the request.",
           "read", page_customer(ctx, "CUS-3381", dialog=st), off=True)
    st = fill_dialog_standard(r, "CUS-3381", "subs", st, order=("amount", "reason"))
    r.step(E, "click", "dlg_review", None, "Review.", "read",
           page_customer(ctx, "CUS-3381", dialog=dict(st, confirm=True)))
    cr = new_credit(applies="SUB-20147")
    r.step(S, "click", "cf_apply", None, "Apply.", "irreversible",
           page_customer(ctx, "CUS-3381", "credits", toast=credit_toast(cr), added=cr))
    r.step(V, "click", "preview_link", None, "Open the preview.", "read", page_preview(ctx, "CUS-3381", credit=cr))
    r.step(V, "send_msg_to_user", None,
           "Applied a one-time $45.00 SVC-OUTAGE credit to SUB-20147 for Halvorsen Logistics AS; it appears "
           "on the Nov 1 invoice preview as \u2212$45.00.", "Done.", "read",
           page_preview(ctx, "CUS-3381", credit=cr))
    runs.append(r.record(False))

    # F3 wrong_value: types 450.00 instead of 45.00 (agent, step 4)
    ctx = Ctx(rng)
    r = Run("apply_credit-wrong_value-01", "wrong_value", page_customers(ctx), ctx)
    r.step(F, "click", "sort_name", None, "Sort by name.", "read", page_customers(ctx, sort="name"))
    r.step(F, "click", "cust_CUS-3381", None, "Open Halvorsen Logistics AS.", "read", page_customer(ctx, "CUS-3381"))
    st = dlg()
    r.step(O, "click", "apply_credit", None, "Open Apply credit.", "read", page_customer(ctx, "CUS-3381", dialog=st))
    st = fill_dialog_standard(r, "CUS-3381", "subs", st, order=("sub",))
    st = fill_dialog_standard(r, "CUS-3381", "subs", st, order=("amount",), amount="450.00", offs=("amount",))
    st = fill_dialog_standard(r, "CUS-3381", "subs", st, order=("reason",))
    r.step(E, "click", "dlg_review", None, "Review.", "read",
           page_customer(ctx, "CUS-3381", dialog=dict(st, confirm=True)))
    cr = new_credit(amount=45000)
    r.step(S, "click", "cf_apply", None, "Apply the SVC-OUTAGE credit.", "irreversible",
           page_customer(ctx, "CUS-3381", "credits", toast=credit_toast(cr), added=cr))
    r.step(V, "click", "preview_link", None, "Check the preview.", "read", page_preview(ctx, "CUS-3381", credit=cr))
    r.step(V, "send_msg_to_user", None,
           "Applied the one-time SVC-OUTAGE credit to SUB-20417 for Halvorsen Logistics AS; it shows on the "
           "Nov 1, 2024 invoice preview.", "Credit line is on the preview.", "read",
           page_preview(ctx, "CUS-3381", credit=cr))
    runs.append(r.record(False))

    # F4 silent_noop: confirming closes the dialog but nothing is created (environment, step 7)
    ctx = Ctx(rng)
    r = Run("apply_credit-silent_noop-01", "silent_noop", page_customers(ctx), ctx)
    r.step(F, "fill", "q", "Halvorsen", "Narrow the list.", "read", page_customers(ctx, qs="Halvorsen"))
    r.step(F, "click", "cust_CUS-3381", None, "Open Halvorsen Logistics AS (CUS-3381).", "read",
           page_customer(ctx, "CUS-3381"))
    st = dlg()
    r.step(O, "click", "apply_credit", None, "Open Apply credit.", "read", page_customer(ctx, "CUS-3381", dialog=st))
    st = fill_dialog_standard(r, "CUS-3381", "subs", st)
    r.step(E, "click", "dlg_review", None, "Review.", "read",
           page_customer(ctx, "CUS-3381", dialog=dict(st, confirm=True)))
    r.step(S, "click", "cf_apply", None, "Apply the confirmed credit.", "irreversible",
           page_customer(ctx, "CUS-3381", "credits"), off=True)
    r.step(V, "click", "preview_link", None, "Dialog closed; check the preview.", "read",
           page_preview(ctx, "CUS-3381"))
    r.step(V, "send_msg_to_user", None, DONE_MSG, "The preview lists $45.00; report.", "read",
           page_preview(ctx, "CUS-3381"))
    runs.append(r.record(False))

    # F5 unrequested_constraint: adds a Past due status filter nobody asked for (agent, step 1)
    ctx = Ctx(rng)
    r = Run("apply_credit-unrequested_constraint-01", "unrequested_constraint", page_dashboard(ctx), ctx)
    r.step(F, "click", "nav_customers", None, "Go to Customers.", "read", page_customers(ctx))
    r.step(F, "select_option", "status", "Past due",
           "An outage credit usually goes to an account with an open billing issue; show Past due customers.",
           "read", page_customers(ctx, status="Past due"), off=True)
    r.step(F, "fill", "q", "Halvorsen Logistics", "Search within the list.", "read",
           page_customers(ctx, qs="Halvorsen Logistics", status="Past due"))
    r.step(F, "send_msg_to_user", None,
           "I could not find a customer called Halvorsen Logistics AS in Recurra, so no credit was applied.",
           "No matching customer.", "read", page_customers(ctx, qs="Halvorsen Logistics", status="Past due"))
    runs.append(r.record(False))

    # F6 stale_filter: the list opens on a saved 'Churn review' view filtered to Cancelled (environment, step 0)
    ctx = Ctx(rng)
    r = Run("apply_credit-stale_filter-01", "stale_filter", page_customers(ctx, status="Cancelled", view=True), ctx)
    r.step(F, "fill", "q", "Halvorsen Logistics", "Search for the customer.", "read",
           page_customers(ctx, qs="Halvorsen Logistics", status="Cancelled", view=True))
    r.step(F, "click", "cust_CUS-3338", None,
           "Only Halvorsen Logistics Group Ltd matches; that must be the customer's full legal name.", "read",
           page_customer(ctx, "CUS-3338"))
    r.step(F, "send_msg_to_user", None,
           "Halvorsen Logistics was cancelled on Sep 30, 2024 and credits are disabled for cancelled customers, "
           "so I could not apply the $45.00 credit.", "Apply credit is disabled here.", "read",
           page_customer(ctx, "CUS-3338"))
    runs.append(r.record(False, off_override=0))

    # F7 error_page: the invoice preview fails with a 502 and success is reported anyway (environment, step 9)
    ctx = Ctx(rng)
    r = Run("apply_credit-error_page-01", "error_page", page_customers(ctx), ctx)
    r.step(F, "fill", "q", "Halvorsen", "Narrow the list.", "read", page_customers(ctx, qs="Halvorsen"))
    r.step(F, "click", "cust_CUS-3381", None, "Open Halvorsen Logistics AS.", "read", page_customer(ctx, "CUS-3381"))
    r.step(O, "click", "tab_credits", None, "Go to Credits.", "read", page_customer(ctx, "CUS-3381", "credits"))
    st = dlg()
    r.step(O, "click", "tab_apply_credit", None, "Open Apply credit.", "read",
           page_customer(ctx, "CUS-3381", "credits", dialog=st))
    st = fill_dialog_standard(r, "CUS-3381", "credits", st)
    r.step(E, "click", "dlg_review", None, "Review.", "read",
           page_customer(ctx, "CUS-3381", "credits", dialog=dict(st, confirm=True)))
    cr = new_credit()
    r.step(S, "click", "cf_apply", None, "Apply.", "irreversible",
           page_customer(ctx, "CUS-3381", "credits", toast=credit_toast(cr), added=cr))
    r.step(V, "click", "preview_link", None, "Open the preview.", "read", page_preview_error(ctx, "CUS-3381"),
           off=True)
    r.step(V, "send_msg_to_user", None,
           "Applied a one-time $45.00 credit (SVC-OUTAGE) to SUB-20417 for Halvorsen Logistics AS (CR-1207). "
           "It will be deducted on the Nov 1, 2024 invoice.",
           "The credit was created; the preview is only a confirmation.", "read",
           page_preview_error(ctx, "CUS-3381"))
    runs.append(r.record(False))

    # F8 permission_denied: Apply credit refused for this role (environment, step 2)
    ctx = Ctx(rng)
    r = Run("apply_credit-permission_denied-01", "permission_denied", page_customers(ctx), ctx)
    r.step(F, "fill", "q", "Halvorsen Logistics", "Search by name.", "read",
           page_customers(ctx, qs="Halvorsen Logistics"))
    r.step(F, "click", "cust_CUS-3381", None, "Open Halvorsen Logistics AS.", "read", page_customer(ctx, "CUS-3381"))
    r.step(O, "click", "apply_credit", None, "Open Apply credit.", "read",
           page_customer(ctx, "CUS-3381", alert=NO_PERMISSION), off=True)
    r.step(O, "click", "apply_credit", None, "Try once more in case the click was lost.", "read",
           page_customer(ctx, "CUS-3381", alert=NO_PERMISSION))
    r.step(O, "send_msg_to_user", None,
           "I could not apply the credit: my account is missing the Billing Admin role needed to apply credits.",
           "Blocked by permissions.", "read", page_customer(ctx, "CUS-3381", alert=NO_PERMISSION))
    runs.append(r.record(False))

    # F9 session_expired: confirming lands on the sign-in page (environment, step 9)
    ctx = Ctx(rng)
    r = Run("apply_credit-session_expired-01", "session_expired", page_dashboard(ctx), ctx)
    r.step(F, "click", "nav_customers", None, "Go to Customers.", "read", page_customers(ctx))
    r.step(F, "fill", "q", "Halvorsen", "Narrow the list.", "read", page_customers(ctx, qs="Halvorsen"))
    r.step(F, "click", "cust_CUS-3381", None, "Open Halvorsen Logistics AS.", "read", page_customer(ctx, "CUS-3381"))
    r.step(O, "click", "tab_credits", None, "Go to Credits.", "read", page_customer(ctx, "CUS-3381", "credits"))
    st = dlg()
    r.step(O, "click", "tab_apply_credit", None, "Open Apply credit.", "read",
           page_customer(ctx, "CUS-3381", "credits", dialog=st))
    st = fill_dialog_standard(r, "CUS-3381", "credits", st)
    r.step(E, "click", "dlg_review", None, "Review.", "read",
           page_customer(ctx, "CUS-3381", "credits", dialog=dict(st, confirm=True)))
    r.step(S, "click", "cf_apply", None, "Apply.", "irreversible",
           page_login("/customers/CUS-3381/credits"), off=True)
    r.step(V, "goto", None, preview_url("CUS-3381"), "Go straight to the invoice preview.", "read",
           page_login("/customers/CUS-3381/invoices/upcoming"))
    r.step(V, "send_msg_to_user", None, DONE_MSG, "The credit was submitted before the redirect.", "read",
           page_login("/customers/CUS-3381/invoices/upcoming"))
    runs.append(r.record(False))

    # F10 premature_success: reports while the Confirm credit dialog is still open (agent, step 7)
    ctx = Ctx(rng)
    r = Run("apply_credit-premature_success-01", "premature_success", page_customers(ctx), ctx)
    r.step(F, "select_option", "status", "Active", "The customer is active; filter to Active.", "read",
           page_customers(ctx, status="Active"))
    r.step(F, "click", "cust_CUS-3381", None, "Open Halvorsen Logistics AS.", "read", page_customer(ctx, "CUS-3381"))
    st = dlg()
    r.step(O, "click", "apply_credit", None, "Open Apply credit.", "read", page_customer(ctx, "CUS-3381", dialog=st))
    st = fill_dialog_standard(r, "CUS-3381", "subs", st)
    confirm = page_customer(ctx, "CUS-3381", dialog=dict(st, confirm=True))
    r.step(E, "click", "dlg_review", None, "Review.", "read", confirm)
    r.step(S, "send_msg_to_user", None, DONE_MSG,
           "The confirmation shows exactly the requested credit, so it is done.", "read",
           page_customer(ctx, "CUS-3381", dialog=dict(st, confirm=True)), off=True)
    runs.append(r.record(False))

    # F11 skipped_step: never sets the reason code, so the default GOODWILL goes through (agent, step 5)
    ctx = Ctx(rng)
    r = Run("apply_credit-skipped_step-01", "skipped_step", page_customers(ctx), ctx)
    r.step(F, "fill", "q", "Halvorsen", "Narrow the list.", "read", page_customers(ctx, qs="Halvorsen"))
    r.step(F, "click", "cust_CUS-3381", None, "Open Halvorsen Logistics AS.", "read", page_customer(ctx, "CUS-3381"))
    st = dlg()
    r.step(O, "click", "apply_credit", None, "Open Apply credit.", "read", page_customer(ctx, "CUS-3381", dialog=st))
    st = fill_dialog_standard(r, "CUS-3381", "subs", st, order=("sub", "amount"))
    r.step(E, "click", "dlg_review", None, "Subscription and amount are set; review.", "read",
           page_customer(ctx, "CUS-3381", dialog=dict(st, confirm=True)), off=True)
    cr = new_credit(reason="GOODWILL")
    r.step(S, "click", "cf_apply", None, "Apply the $45.00 credit on SUB-20417.", "irreversible",
           page_customer(ctx, "CUS-3381", "credits", toast=credit_toast(cr), added=cr))
    r.step(V, "click", "preview_link", None, "Check the preview.", "read", page_preview(ctx, "CUS-3381", credit=cr))
    r.step(V, "send_msg_to_user", None, DONE_MSG, "The \u2212$45.00 credit is on the preview.", "read",
           page_preview(ctx, "CUS-3381", credit=cr))
    runs.append(r.record(False))

    # F12 dialog_mishandled: closes the Confirm credit dialog instead of applying (agent, step 8)
    ctx = Ctx(rng)
    r = Run("apply_credit-dialog_mishandled-01", "dialog_mishandled", page_customers(ctx), ctx)
    r.step(F, "fill", "q", "CUS-3381", "Search by customer ID.", "read", page_customers(ctx, qs="CUS-3381"))
    r.step(F, "click", "cust_CUS-3381", None, "Open Halvorsen Logistics AS.", "read", page_customer(ctx, "CUS-3381"))
    r.step(O, "click", "tab_credits", None, "Go to Credits.", "read", page_customer(ctx, "CUS-3381", "credits"))
    st = dlg()
    r.step(O, "click", "tab_apply_credit", None, "Open Apply credit.", "read",
           page_customer(ctx, "CUS-3381", "credits", dialog=st))
    st = fill_dialog_standard(r, "CUS-3381", "credits", st)
    r.step(E, "click", "dlg_review", None, "Submit the form.", "read",
           page_customer(ctx, "CUS-3381", "credits", dialog=dict(st, confirm=True)))
    r.step(S, "click", "cf_close", None, "The credit is recorded; close this summary popup.", "read",
           page_customer(ctx, "CUS-3381", "credits"), off=True)
    r.step(V, "click", "preview_link", None, "Check the preview.", "read", page_preview(ctx, "CUS-3381"))
    r.step(V, "send_msg_to_user", None, DONE_MSG, "Preview shows $45.00; done.", "read",
           page_preview(ctx, "CUS-3381"))
    runs.append(r.record(False))
    return runs


# The plan was written from the task text and the healthy pages, before any faulty run,
# and is emitted verbatim.
PLAN_YAML = '''# Plan: one-time SVC-OUTAGE credit of $45.00 on Halvorsen Logistics AS / SUB-20417,
# then check the next invoice preview. Written from the task text and the healthy pages.
task: >-
  Halvorsen Logistics AS lost route optimisation for most of Oct 22 because of our outage.
  Apply a one-time account credit of $45.00 with reason code SVC-OUTAGE to their active
  Route Planner Pro subscription SUB-20417, then check that the credit shows up on their
  next invoice preview.
plan_falsifiers:
  execution:
    - Sign in to Recurra
    - Your session has expired
  planning:
    - You don't have permission to apply credits
commitments:
  - id: find-customer
    subgoal: Open the customer record of Halvorsen Logistics AS (CUS-3381), the owner of SUB-20417
    skill: open_record_by_name
    confidence: 0.7
    confirm:
      precondition:
        - Customers · Recurra
      progress:
        - Halvorsen Logistics AS
      completion:
        - Halvorsen Logistics AS · Customers · Recurra
        - CUS-3381
    falsify:
      execution:
        - Halvorsen Logistik AB
        - CUS-3318
        - Halverson Logistics Inc.
        - CUS-3831
        - Halvorsen Logistics Group Ltd
        - CUS-3338
        - No customers match
      planning:
        - Halvorsen Logistics AS is cancelled
  - id: open-credit-dialog
    subgoal: Open the Apply credit dialog for that customer
    skill: open_dialog
    confidence: 0.8
    confirm:
      precondition:
        - Apply credit
      completion:
        - dialog 'Apply credit'
        - Amount (USD)
        - Reason code
    falsify:
      execution:
        - SUB-20471
      skill:
        - Apply credit button is disabled
  - id: enter-credit
    subgoal: "Fill the dialog: subscription SUB-20417, amount 45.00, reason SVC-OUTAGE, one-time; then review"
    skill: fill_form
    confidence: 0.6
    confirm:
      progress:
        - SUB-20417 · Route Planner Pro (monthly)
        - SVC-OUTAGE — Service outage
        - One-time (next invoice only)
      completion:
        - Confirm credit
        - Apply a one-time credit of $45.00 (SVC-OUTAGE) to SUB-20417 · Route Planner Pro for Halvorsen Logistics AS?
    falsify:
      execution:
        - {text: "select SUB-20147 · Driver App seats (monthly)", on: action}
        - {text: "select Account level — no subscription", on: action}
        - {text: "select SVC-DEGRADED — Degraded performance", on: action}
        - {text: "click Recurring (every invoice until removed)", on: action}
        - {text: "fill Amount (USD) with 54.00", on: action}
        - SUB-20471
        - GOODWILL — Goodwill gesture selected as reason code
        - Apply a recurring credit
  - id: submit-credit
    subgoal: Apply the credit from the Confirm credit dialog
    skill: confirm_dialog
    confidence: 0.7
    confirm:
      precondition:
        - Confirm credit
      completion:
        - $45.00 applied to SUB-20417. It will be deducted from the next invoice.
        - Pending · next invoice
    falsify:
      execution:
        - {text: "click Close", on: action}
        - {text: "click Cancel", on: action}
        - Credit could not be applied
        - The dialog closed but no credit confirmation appeared
  - id: verify-preview
    subgoal: Open the next invoice preview and see the credit line before reporting back
    skill: verify_record
    confidence: 0.7
    confirm:
      precondition:
        - Pending · next invoice
      completion:
        - Next invoice preview · Halvorsen Logistics AS · Recurra
        - Account credit CR-1207 · SVC-OUTAGE (one-time)
        - −$45.00
    falsify:
      execution:
        - No credits will be applied to this invoice.
        - "Bill to: Halvorsen Logistik AB"
        - The preview does not list a credit on SUB-20417
      planning:
        - {text: "send_msg_to_user before the invoice preview shows the credit", on: action}
'''


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    rng = random.Random(SEED)
    runs = healthy_runs(rng) + faulty_runs(rng)
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for r in runs:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(out, PLAN_REL), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(PLAN_YAML)


if __name__ == "__main__":
    main()
