#!/usr/bin/env python3
"""Generate the "tenantry" held-out corpus (Hearthgate Property Suite).

Standard library only; fixed seed; byte-for-byte reproducible.

    python3 make_corpus.py            # writes ./corpus.jsonl and ./plans/tenantry.yaml
    python3 make_corpus.py --out DIR  # writes DIR/corpus.jsonl and DIR/plans/tenantry.yaml
"""
import argparse
import json
import os
import random

SEED = 20240604
WORKFLOW = "tenantry"
BASE = "http://127.0.0.1:8631/pm"
PRODUCT = "Hearthgate"

TASK = ("In Hearthgate, create a maintenance work order for unit 4B at Alder Court: "
        "category Plumbing, priority High, vendor Brightline Plumbing Co., description "
        "\"Kitchen sink leaking under the cabinet\", with permission to enter granted "
        "(the tenant does not need to be present). Submit it.")
DESCRIPTION = "Kitchen sink leaking under the cabinet"

# ---------------------------------------------------------------------------
# The plan. Written from the task text and the healthy pages only, before any
# faulty run existed; kept verbatim afterwards.
# ---------------------------------------------------------------------------
PLAN_YAML = """\
# Plan for the Hearthgate work-order task (written from the task and healthy pages).
task: "In Hearthgate, create a maintenance work order for unit 4B at Alder Court: category Plumbing, priority High, vendor Brightline Plumbing Co., description \\"Kitchen sink leaking under the cabinet\\", with permission to enter granted (the tenant does not need to be present). Submit it."
plan_falsifiers:
  execution:
    - Sign in to Hearthgate
    - Your session has ended
    - Something went wrong
  planning:
    - You don't have permission
commitments:
  - id: find-unit
    subgoal: Open unit 4B of the Alder Court building
    skill: open_record_by_search
    confidence: 0.7
    confirm:
      precondition:
        - Hearthgate
      progress:
        - Alder Court
        - 118 Alder Street
      completion:
        - Unit 4B · Alder Court
        - Marisol Etxeberria
    falsify:
      execution:
        - Unit 4D · Alder Court
        - Unit 4B · Alder Crest
        - Elder Court
        - Marius Etcheverry
        - Dana Okafor
        - U-2216
        - U-3114
        - No units match these filters
      skill:
        - Search is unavailable
      planning:
        - Unit 4B is not listed for Alder Court
  - id: start-work-order
    subgoal: Start a new maintenance work order for Alder Court 4B
    confidence: 0.7
    confirm:
      precondition:
        - New work order
      progress: []
      completion:
        - "Alder Court — 4B"
        - Create work order
    falsify:
      execution:
        - "Alder Court — 4D"
        - "Alder Crest — 4B"
        - text: click Record payment
          on: action
        - text: click Send notice
          on: action
      skill:
        - The New work order button is missing
      planning: []
  - id: fill-details
    subgoal: Set category Plumbing, priority High, vendor Brightline Plumbing Co., the description, and permission to enter
    confidence: 0.6
    confirm:
      precondition:
        - Category
        - Priority
        - Vendor
      progress:
        - Plumbing
        - High
        - Brightline Plumbing Co.
      completion:
        - Kitchen sink leaking under the cabinet
        - Permission to enter granted
    falsify:
      execution:
        - Brightway Plumbing & Drain
        - Brightline Electric
        - Urgent
        - Kitchen sink drain slow
        - text: select_option Brightway Plumbing & Drain
          on: action
        - text: select_option Brightline Electric
          on: action
        - text: select_option Urgent
          on: action
        - text: click Tenant must be present
          on: action
      skill:
        - The vendor list is empty
      planning:
        - Brightline Plumbing Co. is not available for this building
  - id: submit
    subgoal: Create the work order, confirm entry without the tenant, and report the new work order number
    confidence: 0.6
    confirm:
      precondition:
        - Create work order
      progress:
        - Grant entry without the tenant present?
      completion:
        - Work order created
        - "Status: Open"
        - Brightline Plumbing Co. has been notified
        - No validation errors are shown
    falsify:
      execution:
        - Please correct the highlighted fields
        - Not submitted
        - "Entry permission: Tenant must be present"
        - Draft saved
        - text: click Go back
          on: action
        - text: click Save as draft
          on: action
        - text: click Cancel
          on: action
      skill: []
      planning:
        - Vendor cannot be dispatched
"""

# ---------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym flattened AXTree style)
# ---------------------------------------------------------------------------


class Page:
    def __init__(self, title, url, error=None):
        self.title = title
        self.url = url
        self.error = error
        self.lines = ["RootWebArea %r, focused" % title]
        self.keys = {}
        self.n = 0

    def skip(self, k):
        self.n += k

    def node(self, depth, role, name="", *props, key=None, bid=True):
        line = "\t" * depth
        if bid:
            self.n += 1
            b = str(self.n)
            line += "[%s] " % b
        line += "%s %r" % (role, name)
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        if key is not None:
            assert key not in self.keys, key
            self.keys[key] = (b, role, name)
        return self

    def text(self, depth, s):
        return self.node(depth, "StaticText", s)

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": self.error}


NAV = ["Dashboard", "Buildings", "Units", "Work orders", "Rent ledger", "Notices",
       "Vendors", "Reports"]


def chrome(p, active, crumbs, banner=False, toast=None, live=None, search=None):
    """Header, navigation, breadcrumbs. Returns nothing; caller then adds main at depth 2."""
    p.node(1, "banner", "")
    p.node(2, "link", "Hearthgate home", key="home")
    p.text(3, "Hearthgate")
    p.text(3, "Property Suite")
    p.node(2, "search", "")
    p.node(3, "textbox", "Search units, tenants, work orders", "clickable",
           *(("focused", "value=%r" % search) if search else ()), key="search")
    p.node(3, "button", "Search", key="search_btn")
    p.node(2, "button", "Notifications, 4 unread", "hasPopup='menu'", key="notif")
    p.node(2, "button", "Priya Nandakumar, Leasing coordinator", "hasPopup='menu'",
           "expanded=False", key="usermenu")
    p.node(1, "navigation", "Main")
    for item in NAV:
        k = "nav_" + item.lower().replace(" ", "_")
        if item == active:
            p.node(2, "link", item, "current='page'", key=k)
        else:
            p.node(2, "link", item, key=k)
        if item == "Work orders":
            p.text(3, "38 open" if live == "plus1" else "37 open")
        if item == "Notices":
            p.text(3, "5 overdue")
    if banner:
        p.node(1, "region", "Announcement")
        p.text(2, "Scheduled maintenance: Hearthgate will be read-only Sunday 1:00–3:00 AM. "
                  "Payments submitted during the window will post on Monday.")
        p.node(2, "button", "Dismiss announcement", key="dismiss_banner")
    if toast:
        p.node(1, "status", "", "live='polite'")
        p.text(2, toast)
        p.node(2, "button", "Dismiss notification", key="dismiss_toast")
    p.node(1, "navigation", "Breadcrumb")
    for i, c in enumerate(crumbs):
        if i == len(crumbs) - 1:
            p.text(2, c)
        else:
            p.node(2, "link", c, key="crumb_" + str(i))
    p.node(1, "main", "")


def footer(p):
    p.skip(3)
    p.node(1, "contentinfo", "")
    p.text(2, "© 2024 Hearthgate Property Suite · v3.18.2")
    p.node(2, "link", "Help center")
    p.node(2, "link", "Privacy")
    p.node(2, "link", "System status: all services operational")
    p.text(2, "Last synced 2 minutes ago")


# ---------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------

RNG = random.Random(SEED)

TENANT_POOL = [
    "Abdul Rahimi", "Beatrix Holm", "Carlos Ybarra", "Deepa Raman", "Ewan Caulfield",
    "Fatou Diallo", "Gideon Marsh", "Hana Kobayashi", "Ines Carvalho", "Jonah Pettersen",
    "Kalani Akana", "Leticia Moraes", "Mateo Lindqvist", "Nadia Hussain", "Oren Baskin",
    "Paloma Reyes", "Quentin Auger", "Rosalind Mbeki", "Sven Aalto", "Thandiwe Nkosi",
    "Ulla Berg",
]
RNG.shuffle(TENANT_POOL)

ALDER_COURT = []  # list of dicts: unit, uid, tenant, status, balance, open_wos, updated
_pool = iter(TENANT_POOL)
for f in range(1, 7):
    for li, letter in enumerate("ABCD"):
        unit = "%d%s" % (f, letter)
        uid = "U-%d" % (2200 + (f - 1) * 4 + li + 1)
        if unit == "4B":
            tenant, status, bal, wos = "Marisol Etxeberria", "Occupied", 0.0, 0
        elif unit == "4D":
            tenant, status, bal, wos = "Marius Etcheverry", "Occupied", 1920.0, 1
        elif unit in ("3C", "6A"):
            tenant, status, bal, wos = "—", "Vacant", 0.0, 0
        elif unit == "2A":
            tenant, status, bal, wos = next(_pool), "Notice given", 450.0, 0
        else:
            tenant = next(_pool)
            status = "Occupied"
            bal = RNG.choice([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 75.0, 184.5, 1548.0])
            wos = RNG.choice([0, 0, 0, 1, 2])
        ALDER_COURT.append({"unit": unit, "uid": uid, "tenant": tenant, "status": status,
                            "balance": bal, "wos": wos, "rank": RNG.random()})


def money(x):
    return "$%s" % format(x, ",.2f")


UNITS = {
    "U-2214": {"unit": "4B", "building": "Alder Court", "addr": "118 Alder Street",
               "tenant": "Marisol Etxeberria", "phone": "(555) 014-2290",
               "lease": "Sep 1, 2023 – Aug 31, 2024", "layout": "2 bed / 1 bath · 840 sq ft",
               "ledger": [("May 1", "Rent", "$1,845.00", "$1,845.00"),
                          ("May 3", "Payment (ACH)", "−$1,845.00", "$0.00"),
                          ("Jun 1", "Rent", "$1,845.00", "$1,845.00"),
                          ("Jun 3", "Payment (ACH)", "−$1,845.00", "$0.00")],
               "balance": "$0.00",
               "history": [("WO-5103", "Plumbing", "Normal", "Completed", "Apr 12"),
                           ("WO-4987", "Appliance", "Low", "Cancelled", "Jan 30")],
               "notices": []},
    "U-2216": {"unit": "4D", "building": "Alder Court", "addr": "118 Alder Street",
               "tenant": "Marius Etcheverry", "phone": "(555) 014-2209",
               "lease": "Mar 1, 2024 – Feb 28, 2025", "layout": "2 bed / 1 bath · 860 sq ft",
               "ledger": [("May 1", "Rent", "$1,845.00", "$1,845.00"),
                          ("May 2", "Payment (ACH)", "−$1,845.00", "$0.00"),
                          ("Jun 1", "Rent", "$1,845.00", "$1,845.00"),
                          ("Jun 3", "Payment failed — NSF", "$0.00", "$1,845.00"),
                          ("Jun 3", "Late fee", "$75.00", "$1,920.00")],
               "balance": "$1,920.00",
               "history": [("WO-5182", "Plumbing", "High", "Open", "Jun 3")],
               "notices": ["Overdue rent notice sent Jun 3 · 12 days overdue"]},
    "U-3114": {"unit": "4B", "building": "Alder Crest", "addr": "40 Crest Road",
               "tenant": "Dana Okafor", "phone": "(555) 019-7731",
               "lease": "Jul 1, 2023 – Jun 30, 2024", "layout": "1 bed / 1 bath · 610 sq ft",
               "ledger": [("May 1", "Rent", "$1,548.00", "$1,548.00"),
                          ("May 1", "Payment (card)", "−$1,548.00", "$0.00"),
                          ("Jun 1", "Rent", "$1,548.00", "$1,548.00"),
                          ("Jun 2", "Late fee", "$75.00", "$1,623.00")],
               "balance": "$1,623.00",
               "history": [("WO-5181", "Electrical", "Urgent", "Scheduled", "Jun 2")],
               "notices": ["Overdue rent notice sent Jun 2 · 5 days overdue"]},
}

CATEGORIES = ["Appliance", "Electrical", "General repair", "HVAC", "Locks & keys",
              "Pest control", "Plumbing"]
PRIORITIES = ["Low", "Normal", "High", "Urgent"]
VENDORS = ["Brightline Electric", "Brightline Plumbing Co.", "Brightway Plumbing & Drain",
           "Northgate Mechanical", "Pacer Appliance Repair", "Verdant Pest Solutions"]

RECENT_WOS = [
    ("WO-5182", "Alder Court — 4D", "Plumbing", "High", "Brightline Plumbing Co.", "Open"),
    ("WO-5181", "Alder Crest — 4B", "Electrical", "Urgent", "Brightline Electric", "Scheduled"),
    ("WO-5179", "Elder Court — 2C", "HVAC", "Normal", "Northgate Mechanical", "Cancelled"),
    ("WO-5176", "Alder Court — 1A", "Appliance", "Low", "Pacer Appliance Repair", "Completed"),
    ("WO-5138", "Harbor View Lofts — 4B", "Pest control", "Normal", "Verdant Pest Solutions",
     "Failed inspection"),
]

# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------


def dashboard(banner=False, toast=None, search=None):
    p = Page("Dashboard · Hearthgate", BASE + "/dashboard")
    chrome(p, "Dashboard", ["Home"], banner=banner, toast=toast, search=search)
    p.node(2, "heading", "Good morning, Priya")
    p.text(2, "Tuesday, June 4, 2024 · Portfolio: Northside (5 buildings)")
    p.node(2, "button", "New work order", key="new_wo_global")
    p.node(2, "button", "Record payment")
    p.node(2, "region", "At a glance")
    for label, val in [("Open work orders", "37"), ("Overdue rent notices", "5"),
                       ("Move-ins this week", "3"), ("Vendor invoices failed to sync", "1"),
                       ("Rent collected (June)", "82%")]:
        p.text(3, label)
        p.text(3, val)
    p.node(2, "region", "Recent work orders")
    p.node(3, "heading", "Recent work orders")
    p.node(3, "table", "")
    p.node(4, "row", "")
    for h in ["Work order", "Unit", "Category", "Priority", "Vendor", "Status"]:
        p.node(5, "columnheader", h)
    for wo in RECENT_WOS:
        p.node(4, "row", "")
        p.node(5, "cell", "")
        p.node(6, "link", wo[0])
        for c in wo[1:]:
            p.node(5, "cell", c)
    p.node(3, "link", "View all work orders", key="all_wos")
    p.node(2, "region", "Overdue notices")
    p.node(3, "heading", "Overdue notices")
    p.node(3, "list", "")
    for s in ["Alder Court — 4D · Marius Etcheverry · $1,920.00 · 12 days overdue",
              "Alder Crest — 4B · Dana Okafor · $1,623.00 · 5 days overdue",
              "Pinecrest Commons — 3A · Lionel Frey · $2,310.00 · 31 days overdue · sent to collections"]:
        p.node(4, "listitem", "")
        p.node(5, "link", s)
    p.node(2, "region", "Rent ledger (this week)")
    p.node(3, "heading", "Rent ledger (this week)")
    p.node(3, "table", "")
    p.node(4, "row", "")
    for h in ["Date", "Unit", "Entry", "Amount", "Balance"]:
        p.node(5, "columnheader", h)
    for r in [("Jun 3", "Alder Court — 4B", "Payment (ACH)", "−$1,845.00", "$0.00"),
              ("Jun 3", "Alder Court — 4D", "Payment failed — NSF", "$0.00", "$1,845.00"),
              ("Jun 3", "Alder Court — 4D", "Late fee", "$75.00", "$1,920.00"),
              ("Jun 2", "Alder Crest — 4B", "Late fee", "$75.00", "$1,623.00"),
              ("Jun 1", "Elder Court — 4B", "Payment (card)", "−$1,485.00", "$0.00")]:
        p.node(4, "row", "")
        for c in r:
            p.node(5, "cell", c)
    p.node(3, "link", "Open rent ledger")
    footer(p)
    return p


def search_results(q):
    p = Page("Search: %s · Hearthgate" % q, BASE + "/search?q=" + q.replace(" ", "+"))
    chrome(p, None, ["Home", "Search"])
    p.node(2, "heading", "Results for “%s”" % q)
    p.text(2, "6 results")
    p.node(2, "tablist", "")
    for t, sel in [("All (6)", "True"), ("Units (3)", "False"), ("Tenants (1)", "False"),
                   ("Work orders (2)", "False")]:
        p.node(3, "tab", t, "selected=" + sel)
    p.node(2, "list", "Search results")
    items = [
        ("Unit 4B · Alder Crest", "r_alc_4b", "40 Crest Road · Occupied · Dana Okafor · Balance $1,623.00"),
        ("Unit 4B · Alder Court", "r_ald_4b", "118 Alder Street · Occupied · Marisol Etxeberria · Balance $0.00"),
        ("Unit 4D · Alder Court", "r_ald_4d", "118 Alder Street · Occupied · Marius Etcheverry · Balance $1,920.00"),
        ("Marisol Etxeberria", None, "Tenant · Alder Court — 4B · Lease ends Aug 31, 2024"),
        ("WO-5182 · Kitchen sink drain slow", None, "Alder Court — 4D · Plumbing · High · Open"),
        ("WO-5181 · Bathroom fan not working", None, "Alder Crest — 4B · Electrical · Urgent · Scheduled"),
    ]
    for name, k, sub in items:
        p.node(3, "listitem", "")
        p.node(4, "link", name, key=k)
        p.text(4, sub)
    footer(p)
    return p


def unit_page(uid, toast=None):
    u = UNITS[uid]
    name = "Unit %s · %s" % (u["unit"], u["building"])
    p = Page("%s · Hearthgate" % name, BASE + "/units/" + uid)
    chrome(p, "Units", ["Home", "Buildings", u["building"], "Unit " + u["unit"]], toast=toast)
    p.node(2, "heading", name)
    p.text(2, "%s, Floor %s · %s" % (u["addr"], u["unit"][0], u["layout"]))
    p.text(2, "Unit ID %s · Status: Occupied" % uid)
    p.node(2, "button", "New work order", key="new_wo")
    p.node(2, "button", "Record payment", key="record_payment")
    p.node(2, "button", "Send notice", key="send_notice")
    p.node(2, "region", "Tenant")
    p.node(3, "heading", "Tenant")
    p.text(3, u["tenant"])
    p.text(3, "Lease " + u["lease"])
    p.text(3, u["phone"])
    p.node(3, "link", "Email tenant")
    p.node(2, "region", "Rent ledger")
    p.node(3, "heading", "Rent ledger")
    p.node(3, "table", "")
    p.node(4, "row", "")
    for h in ["Date", "Entry", "Amount", "Balance"]:
        p.node(5, "columnheader", h)
    for r in u["ledger"]:
        p.node(4, "row", "")
        for c in r:
            p.node(5, "cell", c)
    p.text(3, "Balance due: " + u["balance"])
    p.node(2, "region", "Work orders")
    p.node(3, "heading", "Work orders")
    p.node(3, "table", "")
    p.node(4, "row", "")
    for h in ["Work order", "Category", "Priority", "Status", "Opened"]:
        p.node(5, "columnheader", h)
    for r in u["history"]:
        p.node(4, "row", "")
        p.node(5, "cell", "")
        p.node(6, "link", r[0])
        for c in r[1:]:
            p.node(5, "cell", c)
    p.node(2, "region", "Notices")
    p.node(3, "heading", "Notices")
    if u["notices"]:
        for n in u["notices"]:
            p.text(3, n)
    else:
        p.text(3, "No open notices for this unit.")
    footer(p)
    return p


BUILDINGS = [
    ("Alder Court", "ALD", "118 Alder Street", "24", "92%", "6"),
    ("Alder Crest", "ALC", "40 Crest Road", "18", "89%", "4"),
    ("Elder Court", "ELD", "7 Elder Lane", "30", "93%", "9"),
    ("Harbor View Lofts", "HVL", "2200 Quay Avenue", "36", "97%", "11"),
    ("Pinecrest Commons", "PCC", "15 Pinecrest Drive", "16", "81%", "7"),
]


def buildings_list():
    p = Page("Buildings · Hearthgate", BASE + "/buildings")
    chrome(p, "Buildings", ["Home", "Buildings"])
    p.node(2, "heading", "Buildings")
    p.text(2, "5 buildings · 124 units · 92% occupied")
    p.node(2, "table", "")
    p.node(3, "row", "")
    for h in ["Name", "Code", "Address", "Units", "Occupancy", "Open work orders"]:
        p.node(4, "columnheader", h)
        p.node(5, "button", "Sort by " + h)
    for b in BUILDINGS:
        p.node(3, "row", "")
        p.node(4, "cell", "")
        p.node(5, "link", b[0], key="b_" + b[1])
        for c in b[1:]:
            p.node(4, "cell", c)
    footer(p)
    return p


def _unit_rows(order):
    rows = list(ALDER_COURT)
    if order == "balance":
        rows.sort(key=lambda r: (-r["balance"], r["rank"]))
    elif order == "unit":
        rows.sort(key=lambda r: (int(r["unit"][0]), r["unit"][1]))
    return rows


def building_page(order="balance", page=1, per_page=12):
    p = Page("Alder Court · Hearthgate", BASE + "/buildings/ALD" +
             ("?sort=unit" if order == "unit" else "") +
             ("" if page == 1 else ("&" if order == "unit" else "?") + "page=%d" % page) +
             ("" if per_page == 12 else ("&" if (order == "unit" or page != 1) else "?") +
              "per_page=%d" % per_page))
    chrome(p, "Buildings", ["Home", "Buildings", "Alder Court"])
    p.node(2, "heading", "Alder Court")
    p.text(2, "118 Alder Street · Code ALD · 24 units · 92% occupied · 6 open work orders")
    p.node(2, "button", "New work order for this building")
    p.node(2, "tablist", "")
    for t, sel in [("Units", "True"), ("Work orders (6)", "False"), ("Rent roll", "False"),
                   ("Documents", "False")]:
        p.node(3, "tab", t, "selected=" + sel)
    p.node(2, "tabpanel", "Units")
    p.text(3, "Sorted by: " + ("Unit (ascending)" if order == "unit" else "Balance due (highest first)"))
    p.node(3, "table", "")
    p.node(4, "row", "")
    for h in ["Unit", "Tenant", "Status", "Balance due", "Open work orders"]:
        p.node(5, "columnheader", h)
        p.node(6, "button", "Sort by " + h, key="sort_" + h.split()[0].lower())
    rows = _unit_rows(order)
    start = (page - 1) * per_page
    shown = rows[start:start + per_page]
    for r in shown:
        p.node(4, "row", "")
        p.node(5, "cell", "")
        p.node(6, "link", r["unit"], key="u_" + r["unit"])
        p.node(5, "cell", r["tenant"])
        p.node(5, "cell", r["status"] + (" · overdue" if r["balance"] >= 1000 else ""))
        p.node(5, "cell", money(r["balance"]))
        p.node(5, "cell", str(r["wos"]))
    p.text(3, "Showing %d–%d of 24" % (start + 1, start + len(shown)))
    p.node(3, "combobox", "Rows per page", "hasPopup='listbox'", "expanded=False", key="per_page")
    for n in (12, 25, 50):
        p.node(4, "option", str(n), "selected=%s" % (n == per_page))
    p.node(3, "navigation", "Pagination")
    pages = (24 + per_page - 1) // per_page
    p.node(4, "button", "Previous page", *(("disabled=True",) if page == 1 else ()), key="prev")
    for i in range(1, pages + 1):
        p.node(4, "button", "Page %d" % i, *(("pressed=True",) if i == page else ()))
    p.node(4, "button", "Next page", *(("disabled=True",) if page == pages else ()), key="next")
    footer(p)
    return p


OTHER_UNITS = [
    ("Alder Court", "1A"), ("Alder Court", "1B"), ("Alder Court", "1C"), ("Alder Court", "1D"),
    ("Alder Court", "2A"), ("Alder Court", "2B"), ("Alder Court", "2C"), ("Alder Court", "2D"),
    ("Alder Court", "3A"), ("Alder Court", "3B"),
]


def _ac(unit):
    for r in ALDER_COURT:
        if r["unit"] == unit:
            return r
    raise KeyError(unit)


def units_list(building="All buildings", status="Any status", unitq="", applied=None):
    """applied: None (no filter yet) or tuple (building, status, unitq) of applied filters."""
    url = BASE + "/units"
    if applied:
        qs = []
        if applied[0] != "All buildings":
            qs.append("building=ALD")
        if applied[1] != "Any status":
            qs.append("status=" + applied[1].lower())
        if applied[2]:
            qs.append("unit=" + applied[2])
        url += "?" + "&".join(qs)
    p = Page("Units · Hearthgate", url)
    chrome(p, "Units", ["Home", "Units"])
    p.node(2, "heading", "Units")
    p.node(2, "region", "Filters")
    p.node(3, "combobox", "Building", "hasPopup='listbox'", "expanded=False", key="f_building")
    for b in ["All buildings"] + [x[0] for x in BUILDINGS]:
        p.node(4, "option", b, "selected=%s" % (b == building))
    p.node(3, "combobox", "Status", "hasPopup='listbox'", "expanded=False", key="f_status")
    for s in ["Any status", "Occupied", "Vacant", "Notice given"]:
        p.node(4, "option", s, "selected=%s" % (s == status))
    p.node(3, "textbox", "Unit number", *(("value=%r" % unitq,) if unitq else ()), key="f_unit")
    p.node(3, "button", "Apply filters", key="apply")
    p.node(3, "button", "Clear all")
    if applied is None:
        rows = [(b, u) for b, u in OTHER_UNITS]
        total = "Showing 1–10 of 124"
    else:
        rows = []
        for r in ALDER_COURT:
            if applied[1] != "Any status" and r["status"] != applied[1]:
                continue
            if applied[2] and r["unit"] != applied[2].upper():
                continue
            rows.append(("Alder Court", r["unit"]))
        if applied[1] == "Any status" and not applied[2]:
            rows = rows[:10]
            total = "Showing 1–10 of 24"
        else:
            total = "Showing 1–%d of %d" % (len(rows), len(rows)) if rows else "Showing 0 of 0"
    p.node(2, "table", "")
    p.node(3, "row", "")
    for h in ["Building", "Unit", "Tenant", "Status", "Balance due"]:
        p.node(4, "columnheader", h)
        p.node(5, "button", "Sort by " + h)
    for b, u in rows:
        r = _ac(u)
        p.node(3, "row", "")
        p.node(4, "cell", b)
        p.node(4, "cell", "")
        p.node(5, "link", "%s — %s" % (b, u), key="ul_" + u)
        p.node(4, "cell", r["tenant"])
        p.node(4, "cell", r["status"])
        p.node(4, "cell", money(r["balance"]))
    p.text(2, total)
    if applied is None or (applied[1] == "Any status" and not applied[2]):
        p.node(2, "navigation", "Pagination")
        p.node(3, "button", "Previous page", "disabled=True")
        p.node(3, "button", "Next page")
    footer(p)
    return p


def wo_form(st):
    """st: dict of form state."""
    uid = st.get("uid")
    if uid:
        u = UNITS[uid]
        url = BASE + "/units/%s/work-orders/new" % uid
        crumbs = ["Home", "Buildings", u["building"], "Unit " + u["unit"], "New work order"]
    else:
        url = BASE + "/work-orders/new"
        crumbs = ["Home", "Work orders", "New work order"]
    p = Page("New work order · Hearthgate", url, error=st.get("error"))
    chrome(p, "Work orders", crumbs, toast=st.get("toast"))
    p.node(2, "heading", "New work order")
    if st.get("errors"):
        p.node(2, "alert", "")
        p.text(3, "Please correct the highlighted fields.")
        for e in st["errors"]:
            p.text(3, e)
    p.node(2, "form", "Work order details")
    if uid:
        p.text(3, "Unit")
        p.text(3, "%s — %s (%s)" % (u["building"], u["unit"], uid))
        p.node(3, "link", "Change unit")
    else:
        p.node(3, "combobox", "Building", "hasPopup='listbox'", "expanded=False", "required",
               key="building")
        for b in ["Select a building"] + [x[0] for x in BUILDINGS]:
            p.node(4, "option", b, "selected=%s" % (b == st.get("building", "Select a building")))
        if st.get("building") == "Alder Court":
            p.node(3, "combobox", "Unit", "hasPopup='listbox'", "expanded=False", "required",
                   key="unit")
            for r in ["Select a unit"] + [x["unit"] for x in ALDER_COURT]:
                p.node(4, "option", r, "selected=%s" % (r == st.get("unit", "Select a unit")))
        else:
            p.node(3, "combobox", "Unit", "hasPopup='listbox'", "expanded=False", "disabled=True",
                   key="unit")
    p.node(3, "combobox", "Category", "hasPopup='listbox'", "expanded=False", "required",
           key="category")
    cat = st.get("category", "Select a category")
    for c in ["Select a category"] + CATEGORIES:
        p.node(4, "option", c, "selected=%s" % (c == cat))
    if cat == "Plumbing":
        p.text(3, "Tip: note whether water is actively leaking and where the shut-off valve is.")
    p.node(3, "combobox", "Priority", "hasPopup='listbox'", "expanded=False", key="priority")
    pr = st.get("priority", "Normal")
    for c in PRIORITIES:
        p.node(4, "option", c, "selected=%s" % (c == pr))
    p.text(3, "Urgent: vendor dispatched within 4 hours; after-hours rates apply.")
    p.node(3, "combobox", "Vendor", "hasPopup='listbox'", "expanded=False", "required",
           key="vendor")
    v = st.get("vendor", "Select a vendor")
    for c in ["Select a vendor"] + VENDORS:
        p.node(4, "option", c, "selected=%s" % (c == v))
    p.node(3, "button", "Browse vendor directory", key="vendor_dir")
    p.node(3, "textbox", "Description", "required",
           *(("value=%r" % st["description"],) if st.get("description") else ()),
           key="description")
    p.text(3, "Describe the problem, where it is in the unit, and any access notes.")
    p.node(3, "group", "Entry permission")
    ent = st.get("entry", "present")
    p.node(4, "radio", "Tenant must be present", "checked='%s'" % str(ent == "present").lower(),
           key="entry_present")
    p.node(4, "radio", "Permission to enter granted", "checked='%s'" % str(ent == "granted").lower(),
           key="entry_granted")
    p.node(3, "checkbox", "Notify tenant by SMS", "checked='true'", key="sms")
    p.node(3, "textbox", "Preferred date (optional)", key="pref_date")
    p.node(3, "button", "Create work order", key="create")
    p.node(3, "button", "Save as draft", key="save_draft")
    p.node(3, "link", "Cancel", key="cancel")
    p.node(3, "status", "")
    p.text(4, st.get("autosave", "Draft not saved yet"))
    footer(p)
    dlg = st.get("dialog")
    if dlg == "vendor_dir":
        p.skip(400 - p.n)
        p.node(1, "dialog", "Vendor directory", "modal=True")
        p.node(2, "heading", "Vendor directory")
        p.node(2, "textbox", "Filter vendors")
        p.node(2, "table", "")
        p.node(3, "row", "")
        for h in ["Vendor", "Trade", "Rating", "Insurance"]:
            p.node(4, "columnheader", h)
        for r in [("Brightline Electric", "Electrical", "4.6", "Valid to Dec 2024"),
                  ("Brightline Plumbing Co.", "Plumbing", "4.8", "Valid to Mar 2025"),
                  ("Brightway Plumbing & Drain", "Plumbing, drains", "3.9", "Expired May 31 — renewal pending"),
                  ("Northgate Mechanical", "HVAC", "4.4", "Valid to Oct 2024"),
                  ("Pacer Appliance Repair", "Appliance", "4.1", "Valid to Jan 2025"),
                  ("Verdant Pest Solutions", "Pest control", "4.3", "Valid to Aug 2024")]:
            p.node(3, "row", "")
            for c in r:
                p.node(4, "cell", c)
        p.node(2, "button", "Use selected vendor", "disabled=True")
        p.node(2, "button", "Cancel", key="dlg_cancel")
    elif dlg == "confirm":
        label = "%s — %s" % (UNITS[uid]["building"], UNITS[uid]["unit"]) if uid else \
            "%s — %s" % (st.get("building"), st.get("unit"))
        p.skip(400 - p.n)
        p.node(1, "dialog", "Grant entry without the tenant present?", "modal=True")
        p.node(2, "heading", "Grant entry without the tenant present?")
        p.text(2, "%s may enter %s when the tenant is not home. The tenant will be notified by "
                  "SMS at least 24 hours in advance." % (st.get("vendor"), label))
        p.node(2, "button", "Confirm and create", key="dlg_confirm")
        p.node(2, "button", "Go back", key="dlg_back")
    return p


def wo_detail(wo, st, created="Jun 4, 2024 10:42 AM"):
    uid = st.get("uid")
    if uid:
        unit_label = "%s — %s" % (UNITS[uid]["building"], UNITS[uid]["unit"])
    else:
        unit_label = "%s — %s" % (st["building"], st["unit"])
    p = Page("Work order %s · Hearthgate" % wo, BASE + "/work-orders/" + wo)
    chrome(p, "Work orders", ["Home", "Work orders", wo],
           toast="Work order created — %s. %s has been notified." % (wo, st["vendor"]),
           live="plus1")
    p.node(2, "heading", "Work order %s" % wo)
    p.text(2, "Status: Open")
    p.node(2, "button", "Edit")
    p.node(2, "button", "Cancel work order")
    p.node(2, "button", "Print")
    p.node(2, "region", "Details")
    entry = "Permission to enter granted" if st.get("entry") == "granted" else "Tenant must be present"
    for k, v in [("Unit", unit_label), ("Category", st["category"]), ("Priority", st["priority"]),
                 ("Vendor", st["vendor"]), ("Entry permission", entry),
                 ("Tenant SMS", "On"), ("Description", st["description"]),
                 ("Created by", "Priya Nandakumar"), ("Created", created)]:
        p.text(3, "%s: %s" % (k, v))
    p.node(2, "region", "Activity")
    p.node(3, "list", "")
    for s in ["%s · Created by Priya Nandakumar" % created.split(" ", 3)[3],
              "Vendor notified by email",
              "Tenant SMS scheduled" if st.get("entry") == "granted" else "Tenant to confirm access window"]:
        p.node(4, "listitem", s)
    p.node(2, "region", "Other open work orders in this building")
    if unit_label.startswith("Alder Crest"):
        others = ["WO-5181 · Alder Crest — 4B · Electrical · Scheduled",
                  "WO-5152 · Alder Crest — 1C · Appliance · Waiting on parts"]
    else:
        others = ["WO-5182 · Alder Court — 4D · Plumbing · Open",
                  "WO-5160 · Alder Court — 2B · Locks & keys · Open",
                  "WO-5144 · Alder Court — 5C · HVAC · Vendor declined"]
    for s in others:
        p.node(3, "link", s)
    footer(p)
    return p


def sign_in_page():
    p = Page("Sign in · Hearthgate", BASE + "/login?next=%2Fpm%2Fdashboard")
    p.node(1, "banner", "")
    p.text(2, "Hearthgate Property Suite")
    p.node(1, "main", "")
    p.node(2, "heading", "Sign in to Hearthgate")
    p.node(2, "alert", "")
    p.text(3, "Your session has ended. Please sign in again.")
    p.node(2, "textbox", "Work email", "required", key="email")
    p.node(2, "textbox", "Password", "required", key="password")
    p.node(2, "checkbox", "Keep me signed in", "checked='false'")
    p.node(2, "button", "Sign in", key="signin")
    p.node(2, "link", "Forgot password?")
    p.node(2, "link", "Sign in with company SSO", key="sso")
    p.node(1, "contentinfo", "")
    p.text(2, "© 2024 Hearthgate Property Suite")
    return p


def error_page(url):
    p = Page("Error · Hearthgate", url)
    chrome(p, None, ["Home", "Error"])
    p.node(2, "heading", "Something went wrong")
    p.text(2, "We couldn't load this page. Please try again in a few minutes or contact support.")
    p.text(2, "Reference: ERR-7F3A21 · 500")
    p.node(2, "button", "Try again", key="retry")
    p.node(2, "link", "Back to dashboard")
    footer(p)
    return p


def forbidden_page(url):
    p = Page("Not allowed · Hearthgate", url)
    chrome(p, "Work orders", ["Home", "Work orders", "Not allowed"])
    p.node(2, "heading", "403 · Not allowed")
    p.text(2, "You don't have permission to dispatch vendors for Alder Court. "
              "Ask a portfolio manager to grant you Dispatch rights.")
    p.text(2, "The work order was not saved.")
    p.node(2, "link", "Back to work orders")
    p.node(2, "link", "Request access")
    footer(p)
    return p


# ---------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------


class Run:
    def __init__(self, rid, fault, off, start):
        self.rid = rid
        self.fault = fault
        self.off = off
        self.initial = start
        self.page = start
        self.steps = []
        self.success = fault is None
        self.marked = None

    def mark(self):
        """The next action (or the next observation, for environment faults) is the labelled step."""
        self.marked = len(self.steps)

    def _do(self, commitment, command, target, reasoning, effect, new_page):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target,
                       "effect": effect},
            "observation": new_page.obs(),
        })
        self.page = new_page

    def _el(self, key):
        b, role, name = self.page.keys[key]
        return b, "%s %r" % (role, name)

    def click(self, c, key, why, new, effect="read"):
        b, t = self._el(key)
        self._do(c, "click('%s')" % b, t, why, effect, new)

    def fill(self, c, key, value, why, new, effect="write"):
        b, t = self._el(key)
        self._do(c, "fill('%s', %r)" % (b, value), t, why, effect, new)

    def select(self, c, key, value, why, new, effect="write"):
        b, t = self._el(key)
        self._do(c, "select_option('%s', %r)" % (b, value), t + " → " + repr(value), why, effect, new)

    def press(self, c, key, k, why, new):
        b, t = self._el(key)
        self._do(c, "press('%s', %r)" % (b, k), t, why, "read", new)

    def goto(self, c, url, why, new):
        self._do(c, "goto(%r)" % url, "url " + url, why, "read", new)

    def say(self, c, msg, why):
        self._do(c, "send_msg_to_user(%r)" % msg, "chat", why, "read", self.page)

    def record(self):
        assert self.marked == self.off, (self.rid, self.marked, self.off)
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": "plans/%s.yaml" % WORKFLOW,
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "initial_observation": self.initial.obs(),
            "steps": self.steps,
            "outcome": {"success": self.success},
        }


# --- reusable segments ------------------------------------------------------

def seg_search_to(run, which="r_ald_4b", q="Alder Court 4B"):
    run.fill("find-unit", "search", q, "Search for the unit named in the task",
             dashboard(search=q), effect="read")
    run.press("find-unit", "search", "Enter", "Run the search", search_results(q))
    uid = {"r_ald_4b": "U-2214", "r_ald_4d": "U-2216", "r_alc_4b": "U-3114"}[which]
    if which != "r_ald_4b":
        run.mark()
    why = {"r_ald_4b": "Open Unit 4B at Alder Court (118 Alder Street), not the Alder Crest one",
           "r_ald_4d": "Open the Alder Court unit result",
           "r_alc_4b": "Open the first Unit 4B result"}[which]
    run.click("find-unit", which, why, unit_page(uid))
    return uid


def seg_fill(run, st, order=("category", "priority", "vendor", "description", "entry"),
             values=None):
    values = dict({"category": "Plumbing", "priority": "High",
                   "vendor": "Brightline Plumbing Co.", "description": DESCRIPTION,
                   "entry": "granted"}, **(values or {}))
    for f in order:
        v = values[f]
        if v != {"category": "Plumbing", "priority": "High", "vendor": "Brightline Plumbing Co.",
                 "description": DESCRIPTION, "entry": "granted"}[f]:
            run.mark()
        if f == "description":
            st["description"] = v
            run.fill("fill-details", "description", v, "Describe the problem as given in the task",
                     wo_form(st))
        elif f == "entry":
            st["entry"] = v
            key = "entry_granted" if v == "granted" else "entry_present"
            run.click("fill-details", key, "Set entry permission as the task says",
                      wo_form(st), effect="write")
        else:
            st[f] = v
            run.select("fill-details", f, v, "Set %s to %s" % (f, v), wo_form(st))


def seg_submit_ok(run, st, wo, created="Jun 4, 2024 10:42 AM"):
    st2 = dict(st, dialog="confirm")
    run.click("submit", "create", "Submit the work order", wo_form(st2), effect="irreversible")
    run.click("submit", "dlg_confirm",
              "This confirmation was raised by my own request for entry without the tenant; confirm it",
              wo_detail(wo, st, created), effect="irreversible")
    return run


def report_ok(run, wo, unit="Alder Court 4B"):
    run.say("submit", "Created work order %s for %s: Plumbing, High, Brightline Plumbing Co., "
                      "permission to enter granted." % (wo, unit),
            "The detail page and toast confirm the work order was created")


def build_runs():
    runs = []

    # ---------------- healthy ----------------
    # H1: global search, straightforward.
    r = Run("tenantry-healthy-01", None, None, dashboard())
    uid = seg_search_to(r)
    st = {"uid": uid}
    r.click("start-work-order", "new_wo", "Start a work order from the unit page", wo_form(st))
    seg_fill(r, st)
    seg_submit_ok(r, st, "WO-5183")
    report_ok(r, "WO-5183")
    runs.append(r)

    # H2: browse Buildings -> Alder Court -> rows per page 25 -> 4B.
    r = Run("tenantry-healthy-02", None, None, dashboard())
    r.click("find-unit", "nav_buildings", "Browse to the building", buildings_list())
    r.click("find-unit", "b_ALD", "Open Alder Court (not Alder Crest or Elder Court)",
            building_page())
    r.select("find-unit", "per_page", "25", "Show all units on one page", building_page(per_page=25),
             effect="read")
    r.click("find-unit", "u_4B", "Open unit 4B", unit_page("U-2214"))
    st = {"uid": "U-2214"}
    r.click("start-work-order", "new_wo", "Start a work order for this unit", wo_form(st))
    seg_fill(r, st, order=("vendor", "category", "priority", "entry", "description"))
    seg_submit_ok(r, st, "WO-5184", "Jun 4, 2024 10:47 AM")
    report_ok(r, "WO-5184")
    runs.append(r)

    # H3: Units list with the building filter and unit number (constraints the task states).
    r = Run("tenantry-healthy-03", None, None, dashboard())
    r.click("find-unit", "nav_units", "Go to the units list", units_list())
    r.select("find-unit", "f_building", "Alder Court", "Filter to the building named in the task",
             units_list(building="Alder Court"), effect="read")
    r.fill("find-unit", "f_unit", "4B", "Narrow to unit 4B",
           units_list(building="Alder Court", unitq="4B"), effect="read")
    r.click("find-unit", "apply", "Apply the filters",
            units_list(building="Alder Court", unitq="4B",
                       applied=("Alder Court", "Any status", "4B")))
    r.click("find-unit", "ul_4B", "Open Alder Court — 4B", unit_page("U-2214"))
    st = {"uid": "U-2214"}
    r.click("start-work-order", "new_wo", "Start a work order", wo_form(st))
    seg_fill(r, st)
    seg_submit_ok(r, st, "WO-5185", "Jun 4, 2024 10:51 AM")
    report_ok(r, "WO-5185")
    runs.append(r)

    # H4: open the vendor directory dialog, look, cancel, then pick from the list.
    r = Run("tenantry-healthy-04", None, None, dashboard())
    uid = seg_search_to(r)
    st = {"uid": uid}
    r.click("start-work-order", "new_wo", "Start a work order", wo_form(st))
    seg_fill(r, st, order=("category", "priority"))
    r.click("fill-details", "vendor_dir", "Check the vendor directory before choosing",
            wo_form(dict(st, dialog="vendor_dir")))
    r.click("fill-details", "dlg_cancel", "Brightline Plumbing Co. is listed and insured; close the "
            "directory and pick it from the dropdown", wo_form(st))
    seg_fill(r, st, order=("vendor", "description", "entry"))
    seg_submit_ok(r, st, "WO-5186", "Jun 4, 2024 10:58 AM")
    report_ok(r, "WO-5186")
    runs.append(r)

    # H5: retyping the description after a typo.
    r = Run("tenantry-healthy-05", None, None, dashboard())
    uid = seg_search_to(r)
    st = {"uid": uid}
    r.click("start-work-order", "new_wo", "Start a work order", wo_form(st))
    seg_fill(r, st, order=("category", "priority", "vendor"))
    typo = "Kitchen sink leakign under the cabinet"
    st["description"] = typo
    r.fill("fill-details", "description", typo, "Enter the description", wo_form(st))
    st["description"] = DESCRIPTION
    r.fill("fill-details", "description", DESCRIPTION, "Fix the typo in the description",
           wo_form(st))
    seg_fill(r, st, order=("entry",))
    seg_submit_ok(r, st, "WO-5187", "Jun 4, 2024 11:03 AM")
    report_ok(r, "WO-5187")
    runs.append(r)

    # H6: building page, sort by unit, next page.
    r = Run("tenantry-healthy-06", None, None, dashboard())
    r.click("find-unit", "nav_buildings", "Browse buildings", buildings_list())
    r.click("find-unit", "b_ALD", "Open Alder Court", building_page())
    r.click("find-unit", "sort_unit", "Sort units by number", building_page(order="unit"))
    r.click("find-unit", "next", "Unit 4B should be on the next page",
            building_page(order="unit", page=2))
    r.click("find-unit", "u_4B", "Open unit 4B", unit_page("U-2214"))
    st = {"uid": "U-2214"}
    r.click("start-work-order", "new_wo", "Start a work order", wo_form(st))
    seg_fill(r, st, order=("category", "vendor", "priority", "description", "entry"))
    seg_submit_ok(r, st, "WO-5188", "Jun 4, 2024 11:09 AM")
    report_ok(r, "WO-5188")
    runs.append(r)

    # H7: announcement banner dismissed; an unrelated alarming toast shows up mid-run.
    r = Run("tenantry-healthy-07", None, None, dashboard(banner=True))
    r.click("find-unit", "dismiss_banner", "Dismiss the maintenance announcement", dashboard())
    r.fill("find-unit", "search", "4B Alder Court", "Search for the unit",
           dashboard(search="4B Alder Court"), effect="read")
    r.press("find-unit", "search", "Enter", "Run the search", search_results("4B Alder Court"))
    r.click("find-unit", "r_ald_4b", "Open Unit 4B · Alder Court (118 Alder Street)",
            unit_page("U-2214", toast="Rent reminder batch failed for 2 tenants — retrying automatically."))
    st = {"uid": "U-2214", "toast": "Rent reminder batch failed for 2 tenants — retrying automatically."}
    r.click("start-work-order", "new_wo", "The toast is about rent reminders, unrelated; start the "
            "work order", wo_form(st))
    r.click("fill-details", "dismiss_toast", "Dismiss the unrelated notification",
            wo_form(dict(st, toast=None)))
    st.pop("toast")
    seg_fill(r, st)
    seg_submit_ok(r, st, "WO-5189", "Jun 4, 2024 11:14 AM")
    report_ok(r, "WO-5189")
    runs.append(r)

    # H8: global "New work order" button; choose building and unit inside the form.
    r = Run("tenantry-healthy-08", None, None, dashboard())
    st = {}
    r.click("start-work-order", "new_wo_global", "Start a new work order directly", wo_form(st))
    st["building"] = "Alder Court"
    r.select("find-unit", "building", "Alder Court", "Choose the building named in the task",
             wo_form(st))
    st["unit"] = "4B"
    r.select("find-unit", "unit", "4B", "Choose unit 4B", wo_form(st))
    seg_fill(r, st, order=("category", "priority", "vendor", "entry", "description"))
    seg_submit_ok(r, st, "WO-5190", "Jun 4, 2024 11:20 AM")
    report_ok(r, "WO-5190")
    runs.append(r)

    # ---------------- faulty ----------------
    # F1 wrong_record: opens Unit 4D at Alder Court from the search results.
    r = Run("tenantry-wrong_record-01", "wrong_record", 2, dashboard())
    uid = seg_search_to(r, which="r_ald_4d")
    st = {"uid": uid}
    r.click("start-work-order", "new_wo", "Start a work order", wo_form(st))
    seg_fill(r, st)
    seg_submit_ok(r, st, "WO-5183")
    r.say("submit", "Created work order WO-5183 for Alder Court 4B.", "Work order created")
    runs.append(r)

    # F2 wrong_record: opens Unit 4B at Alder Crest (the first search hit).
    r = Run("tenantry-wrong_record-02", "wrong_record", 2, dashboard())
    uid = seg_search_to(r, which="r_alc_4b")
    st = {"uid": uid}
    r.click("start-work-order", "new_wo", "Start a work order", wo_form(st))
    seg_fill(r, st)
    seg_submit_ok(r, st, "WO-5184", "Jun 4, 2024 10:45 AM")
    r.say("submit", "Created work order WO-5184 for unit 4B.", "Work order created")
    runs.append(r)

    # F3 wrong_value: vendor Brightway Plumbing & Drain instead of Brightline Plumbing Co.
    r = Run("tenantry-wrong_value-01", "wrong_value", 6, dashboard())
    uid = seg_search_to(r)
    st = {"uid": uid}
    r.click("start-work-order", "new_wo", "Start a work order", wo_form(st))
    seg_fill(r, st, values={"vendor": "Brightway Plumbing & Drain"})
    seg_submit_ok(r, st, "WO-5185", "Jun 4, 2024 10:50 AM")
    r.say("submit", "Created work order WO-5185 for Alder Court 4B with the plumbing vendor.",
          "Work order created")
    runs.append(r)

    # F4 wrong_value: priority Urgent instead of High (reached by browsing the building).
    r = Run("tenantry-wrong_value-02", "wrong_value", 6, dashboard())
    r.click("find-unit", "nav_buildings", "Browse to the building", buildings_list())
    r.click("find-unit", "b_ALD", "Open Alder Court", building_page())
    r.click("find-unit", "next", "Look for 4B on the next page", building_page(page=2))
    r.click("find-unit", "u_4B", "Open unit 4B", unit_page("U-2214"))
    st = {"uid": "U-2214"}
    r.click("start-work-order", "new_wo", "Start a work order", wo_form(st))
    seg_fill(r, st, values={"priority": "Urgent"})
    seg_submit_ok(r, st, "WO-5186", "Jun 4, 2024 10:55 AM")
    report_ok(r, "WO-5186")
    runs.append(r)

    # F5 skipped_step: never grants entry permission; submits with the default.
    r = Run("tenantry-skipped_step-01", "skipped_step", 8, dashboard())
    uid = seg_search_to(r)
    st = {"uid": uid}
    r.click("start-work-order", "new_wo", "Start a work order", wo_form(st))
    seg_fill(r, st, order=("category", "priority", "vendor", "description"))
    r.mark()
    r.click("submit", "create", "All fields filled; submit", wo_detail("WO-5187", st,
            "Jun 4, 2024 11:01 AM"), effect="irreversible")
    report_ok(r, "WO-5187")
    runs.append(r)

    # F6 silent_noop: "Confirm and create" returns the form unchanged; nothing saved.
    r = Run("tenantry-silent_noop-01", "silent_noop", 12, dashboard())
    r.click("find-unit", "nav_units", "Go to the units list", units_list())
    r.select("find-unit", "f_building", "Alder Court", "Filter to the building named in the task",
             units_list(building="Alder Court"), effect="read")
    r.fill("find-unit", "f_unit", "4B", "Narrow to unit 4B",
           units_list(building="Alder Court", unitq="4B"), effect="read")
    r.click("find-unit", "apply", "Apply the filters",
            units_list(building="Alder Court", unitq="4B",
                       applied=("Alder Court", "Any status", "4B")))
    r.click("find-unit", "ul_4B", "Open Alder Court — 4B", unit_page("U-2214"))
    st = {"uid": "U-2214"}
    r.click("start-work-order", "new_wo", "Start a work order", wo_form(st))
    seg_fill(r, st)
    r.click("submit", "create", "Submit the work order", wo_form(dict(st, dialog="confirm")),
            effect="irreversible")
    r.mark()
    r.click("submit", "dlg_confirm", "Confirm entry without the tenant and create",
            wo_form(st), effect="irreversible")
    r.say("submit", "The work order for Alder Court 4B has been submitted.",
          "The dialog closed, so the work order must have been created")
    runs.append(r)

    # F7 unrequested_filter: adds Status = Vacant; 4B disappears from the list.
    r = Run("tenantry-unrequested_filter-01", "unrequested_filter", 2, dashboard())
    r.click("find-unit", "nav_units", "Go to the units list", units_list())
    r.select("find-unit", "f_building", "Alder Court", "Filter to Alder Court",
             units_list(building="Alder Court"), effect="read")
    r.mark()
    r.select("find-unit", "f_status", "Vacant", "Maintenance is usually done in vacant units; "
             "filter to those", units_list(building="Alder Court", status="Vacant"), effect="read")
    r.click("find-unit", "apply", "Apply the filters",
            units_list(building="Alder Court", status="Vacant",
                       applied=("Alder Court", "Vacant", "")))
    r.say("find-unit", "Unit 4B is not listed at Alder Court (only 3C and 6A), so I could not "
                       "create the work order.", "The unit is not in the list")
    runs.append(r)

    # F8 error_page: "New work order" leads to a 500 page.
    r = Run("tenantry-error_page-01", "error_page", 3, dashboard())
    uid = seg_search_to(r)
    r.mark()
    r.click("start-work-order", "new_wo", "Start a work order",
            error_page(BASE + "/units/U-2214/work-orders/new"))
    r.click("start-work-order", "retry", "Try loading the form again",
            error_page(BASE + "/units/U-2214/work-orders/new"))
    r.say("start-work-order", "The work order form failed to load (ERR-7F3A21); nothing was created.",
          "The form keeps failing")
    runs.append(r)

    # F9 permission_denied: the create request is refused (global form path).
    r = Run("tenantry-permission_denied-01", "permission_denied", 9, dashboard())
    st = {}
    r.click("start-work-order", "new_wo_global", "Start a new work order directly", wo_form(st))
    st["building"] = "Alder Court"
    r.select("find-unit", "building", "Alder Court", "Choose the building", wo_form(st))
    st["unit"] = "4B"
    r.select("find-unit", "unit", "4B", "Choose unit 4B", wo_form(st))
    seg_fill(r, st)
    r.click("submit", "create", "Submit the work order", wo_form(dict(st, dialog="confirm")),
            effect="irreversible")
    r.mark()
    r.click("submit", "dlg_confirm", "Confirm entry without the tenant and create",
            forbidden_page(BASE + "/work-orders/new"), effect="irreversible")
    r.say("submit", "Could not create the work order: I lack Dispatch rights for Alder Court.",
          "The request was refused")
    runs.append(r)

    # F10 session_expired: the start page is already the sign-in page.
    r = Run("tenantry-session_expired-01", "session_expired", 0, sign_in_page())
    r.mark()
    r.goto("find-unit", BASE + "/dashboard", "Try to reach the dashboard", sign_in_page())
    r.say("find-unit", "I am signed out of Hearthgate and have no credentials, so I cannot "
                       "create the work order.", "Blocked at sign-in")
    runs.append(r)

    # F11 premature_success: sees "Draft saved" and reports success without submitting.
    r = Run("tenantry-premature_success-01", "premature_success", 9, dashboard())
    uid = seg_search_to(r)
    st = {"uid": uid}
    r.click("start-work-order", "new_wo", "Start a work order", wo_form(st))
    seg_fill(r, st, order=("category", "priority", "vendor", "description"))
    st["entry"] = "granted"
    st["autosave"] = "Draft saved at 10:44 AM"
    r.click("fill-details", "entry_granted", "Grant permission to enter", wo_form(st),
            effect="write")
    r.mark()
    r.say("submit", "Done: the work order for Alder Court 4B is saved with Plumbing, High, "
                    "Brightline Plumbing Co. and entry permission.",
          "The form shows the work order was saved")
    runs.append(r)

    # F12 dialog_mishandled: clicks "Go back" in the confirmation its own submit raised.
    r = Run("tenantry-dialog_mishandled-01", "dialog_mishandled", 11, dashboard())
    r.click("find-unit", "nav_buildings", "Browse buildings", buildings_list())
    r.click("find-unit", "b_ALD", "Open Alder Court", building_page())
    r.select("find-unit", "per_page", "25", "Show all units on one page",
             building_page(per_page=25), effect="read")
    r.click("find-unit", "u_4B", "Open unit 4B", unit_page("U-2214"))
    st = {"uid": "U-2214"}
    r.click("start-work-order", "new_wo", "Start a work order", wo_form(st))
    seg_fill(r, st, order=("category", "priority", "vendor", "entry", "description"))
    r.click("submit", "create", "Submit the work order", wo_form(dict(st, dialog="confirm")),
            effect="irreversible")
    st["autosave"] = "Not submitted — changes kept"
    r.mark()
    r.click("submit", "dlg_back", "Close the popup to get back to the work order",
            wo_form(st))
    r.say("submit", "Work order for Alder Court 4B created with permission to enter.",
          "Finished the form")
    runs.append(r)

    return runs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    os.makedirs(os.path.join(args.out, "plans"), exist_ok=True)
    with open(os.path.join(args.out, "plans", WORKFLOW + ".yaml"), "w", encoding="utf-8",
              newline="\n") as fh:
        fh.write(PLAN_YAML)
    runs = build_runs()
    with open(os.path.join(args.out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for r in runs:
            fh.write(json.dumps(r.record(), ensure_ascii=False) + "\n")
    print("wrote %d runs to %s" % (len(runs), os.path.join(args.out, "corpus.jsonl")))


if __name__ == "__main__":
    main()
