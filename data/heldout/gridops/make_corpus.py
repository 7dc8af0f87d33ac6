#!/usr/bin/env python3
"""Build the held-out 'gridops' corpus: LineWatch OMS (Harrowgate Valley Power),
workflow crew_etr = assign one crew to one outage incident and set its ETR.

Python 3 standard library only. Fixed seed; output is byte-for-byte reproducible.

    python3 make_corpus.py            # writes ./corpus.jsonl and ./plans/crew_etr.yaml
    python3 make_corpus.py OUTDIR     # writes into OUTDIR instead (used by selftest.py)
"""
import json
import os
import random
import sys

SEED = 40518
WORKFLOW = "crew_etr"
PLAN_REL = "plans/crew_etr.yaml"
HOST = "https://oms.hvpower.example"
TODAY = "14 May 2024"
TODAY_ISO = "2024-05-14"
TASK = ("Assign crew Bravo-7 to outage incident OUT-40518 (feeder FD-1207 Kessler Road, "
        "Millbrook South substation) and set its estimated restoration time (ETR) to 17:45 today.")

# --------------------------------------------------------------------------------------
# Application data
# --------------------------------------------------------------------------------------
# id: (status, priority, substation, feeder, customers out, started, crew, etr)
INCIDENTS = {
    "OUT-40592": ("New", "High", "Ashgrove", "FD-0415 Quarry Hill", 1022, "16:51", "—", "Not set"),
    "OUT-40588": ("Crew on site", "Critical", "Carrow Bridge", "FD-2210 Infirmary Row", 2310, "16:20", "Alpha-3", "18:00"),
    "OUT-40581": ("Unassigned", "Medium", "Millbrook North", "FD-1270 Orchard Lane", 421, "16:04", "—", "Not set"),
    "OUT-40577": ("Assessing", "High", "Pellham", "FD-0883 Tanyard", 655, "15:47", "Foxtrot-2", "Not set"),
    "OUT-40570": ("ETR overdue", "Medium", "Pellham", "FD-0881 Mill Race", 96, "15:02", "Echo-11", "16:30 (overdue)"),
    "OUT-40569": ("Cancelled", "Low", "Ashgrove", "FD-0402 Beacon Way", 0, "14:57", "—", "—"),
    "OUT-40556": ("Crew en route", "Medium", "Ashgrove", "FD-0402 Beacon Way", 188, "14:50", "Charlie-4", "17:00"),
    "OUT-40547": ("Restore failed", "High", "Carrow Bridge", "FD-2214 Lockside", 780, "14:36", "Alpha-5", "17:15"),
    "OUT-40538": ("Unassigned", "Medium", "Millbrook North", "FD-1027 Kessler Rd North", 406, "14:31", "—", "Not set"),
    "OUT-40531": ("On hold", "Low", "Pellham", "FD-0876 Glebe Farm", 12, "14:02", "—", "Not set"),
    "OUT-40527": ("Crew on site", "Medium", "Carrow Bridge", "FD-2219 Wharf Street", 143, "13:59", "Golf-1", "17:00"),
    "OUT-40524": ("Switching pending", "High", "Millbrook North", "FD-1274 Station Approach", 960, "13:55", "Bravo-12", "17:30"),
    "OUT-40519": ("Crew en route", "Low", "Millbrook South", "FD-1207 Kessler Road", 38, "13:48", "Delta-7", "17:30"),
    "OUT-40518": ("Unassigned", "Medium", "Millbrook South", "FD-1207 Kessler Road", 412, "13:41", "—", "Not set"),
    "OUT-40512": ("Assessing", "Medium", "Millbrook South", "FD-1211 Ferry Lane", 77, "13:20", "Kilo-3", "Not set"),
    "OUT-40506": ("ETR overdue", "Low", "Ashgrove", "FD-0409 Holloway", 9, "12:44", "Hotel-2", "15:00 (overdue)"),
    "OUT-40503": ("On hold", "Low", "Pellham", "FD-0876 Glebe Farm", 4, "12:31", "—", "Not set"),
    "OUT-40498": ("Crew on site", "Medium", "Carrow Bridge", "FD-2214 Lockside", 51, "12:10", "Alpha-5", "17:20"),
    "OUT-40490": ("Assessing", "Low", "Millbrook South", "FD-1209 Brook End", 6, "11:58", "Kilo-3", "18:00"),
    "OUT-40487": ("Partially restored", "High", "Ashgrove", "FD-0415 Quarry Hill", 240, "11:40", "India-6", "18:15"),
    "OUT-40463": ("Crew on site", "Critical", "Carrow Bridge", "FD-2201 Dock Road", 1530, "10:12", "Alpha-1", "17:50"),
}
PAGE1 = ["OUT-40592", "OUT-40588", "OUT-40581", "OUT-40577", "OUT-40570",
         "OUT-40569", "OUT-40556", "OUT-40547", "OUT-40538", "OUT-40531"]
PAGE2 = ["OUT-40527", "OUT-40524", "OUT-40519", "OUT-40518", "OUT-40512",
         "OUT-40506", "OUT-40503", "OUT-40498", "OUT-40490", "OUT-40487"]
PRIORITY_RANK = {"Critical": 0, "High": 1, "Medium": 2, "Low": 3}

# Detail-page data for the incidents an agent can open in this corpus.
DETAIL = {
    "OUT-40518": dict(
        cause="Tree contact — conductor reported down near 88 Kessler Road",
        device="Recloser R-1207-3", device_state="Locked out after 3 reclose attempts",
        feeder_total=1318, critical="3 (2 life-support, 1 care home)",
        related=[("OUT-40519", "FD-1207 Kessler Road · Crew en route (Delta-7)"),
                 ("OUT-40515", "FD-1207 Kessler Road · Restored 15:12"),
                 ("OUT-40538", "FD-1027 Kessler Rd North · Millbrook North · Unassigned")],
        log=[("13:41", "Incident created from AMI last-gasp cluster (412 meters)"),
             ("13:44", "Recloser R-1207-3 locked out after 3 attempts"),
             ("13:52", "Auto-dispatch failed: no crew within 20 min drive"),
             ("14:05", "Customer call-back to AC-5531207 cancelled (duplicate call)"),
             ("14:30", "Patrol note from Delta-7 (OUT-40519): tree on line near 88 Kessler Road")],
        customers=[("AC-5531207", "88 Kessler Road, Millbrook", "Residential", "Life support", "13:40"),
                   ("AC-5531212", "90 Kessler Road, Millbrook", "Residential", "—", "13:40"),
                   ("AC-5531385", "Kessler Road Surgery, 2 Kessler Road", "Commercial", "Medical priority", "13:40"),
                   ("AC-5531402", "Fernlea Care Home, 14 Hob Lane", "Commercial", "Care home", "13:41"),
                   ("AC-5531419", "3 Hob Lane, Millbrook", "Residential", "Call-back failed", "13:40")]),
    "OUT-40519": dict(
        cause="Blown fuse on pole-mounted transformer T-1207-41",
        device="Fuse F-1207-41", device_state="Blown",
        feeder_total=1318, critical="0",
        related=[("OUT-40518", "FD-1207 Kessler Road · Unassigned"),
                 ("OUT-40515", "FD-1207 Kessler Road · Restored 15:12")],
        log=[("13:48", "Incident created from 4 customer calls"),
             ("13:58", "Crew Delta-7 assigned by R. Castellanos"),
             ("14:10", "ETR set to 17:30 (crew assessment)"),
             ("14:30", "Delta-7 reports tree on line near 88 Kessler Road, passed to OUT-40518")],
        street="Kessler Road, Millbrook"),
    "OUT-40581": dict(
        cause="Underground cable fault suspected between RMU-1270-2 and RMU-1270-3",
        device="Circuit breaker CB-1270", device_state="Tripped, not reclosed",
        feeder_total=1964, critical="1 (life-support)",
        related=[("OUT-40524", "FD-1274 Station Approach · Millbrook North · Switching pending")],
        log=[("16:04", "Incident created from SCADA trip on CB-1270"),
             ("16:06", "Auto-dispatch failed: cable jointing team not rostered"),
             ("16:20", "Fault passage indicators read: RMU-1270-2 passed, RMU-1270-3 not passed")],
        street="Orchard Lane, Millbrook North"),
    "OUT-40538": dict(
        cause="Tree contact — branch across phases at Kessler Rd North / Mill Lane",
        device="Recloser R-1027-1", device_state="Locked out",
        feeder_total=902, critical="0",
        related=[("OUT-40518", "FD-1207 Kessler Road · Millbrook South · Unassigned"),
                 ("OUT-40581", "FD-1270 Orchard Lane · Millbrook North · Unassigned")],
        log=[("14:31", "Incident created from AMI last-gasp cluster (406 meters)"),
             ("14:40", "Vegetation contractor notified (ticket VM-2291)"),
             ("15:05", "Auto-dispatch failed: no crew within 20 min drive")],
        street="Kessler Rd North, Millbrook North"),
}

LEADS = {"Bravo-7": "T. Adeyemi", "Bravo-17": "S. Brannigan", "Charlie-7": "P. Lindqvist",
         "Delta-7": "M. Osei", "Bravo-2": "K. Farrow", "Echo-11": "D. Marsh"}
# name, type, status, distance km (None = unknown), shift ends, selectable
CREWS = [
    ("Bravo-2", "Line crew (2)", "Off shift", None, "—", False),
    ("Bravo-7", "Line crew (3)", "Available", 4.2, "22:00", True),
    ("Bravo-17", "Line crew (2)", "Available", 9.8, "19:00", True),
    ("Charlie-7", "Tree crew (4)", "Available", 6.5, "18:30", True),
    ("Delta-7", "Line crew (3)", "On job — OUT-40519", 1.1, "21:00", True),
    ("Echo-11", "Line crew (3)", "Rest-time limit reached", 3.0, "—", False),
]


def fmt_int(n):
    return f"{n:,}"


def q(s):
    return repr(s)


# --------------------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym flattened style)
# --------------------------------------------------------------------------------------
class Page:
    def __init__(self, url, title, start=11):
        self.url, self.title = url, title
        self.nodes = []
        self.depth = 1
        self.n = start
        self.keys = {}

    def add(self, role, name="", key=None, props=(), value=None, bid=True):
        b = None
        if bid:
            b = str(self.n)
            self.n += 1
        self.nodes.append((self.depth, b, role, name, value, tuple(props)))
        if key is not None:
            if key in self.keys:
                raise ValueError(f"duplicate key {key!r} on {self.url}")
            if b is None:
                raise ValueError("keyed node needs a bid")
            self.keys[key] = b
        return b

    def open(self, role, name="", key=None, props=(), value=None):
        b = self.add(role, name, key, props, value)
        self.depth += 1
        return b

    def close(self):
        self.depth -= 1

    def text(self, s):
        self.add("StaticText", s, bid=False)

    def node_str(self, node):
        _, b, role, name, value, props = node
        s = f"{role} {q(name)}"
        if value is not None:
            s += f" value={q(value)}"
        if props:
            s += ", " + ", ".join(props)
        return s

    def render(self):
        lines = [f"RootWebArea {q(self.title)}, focused"]
        for node in self.nodes:
            depth, b = node[0], node[1]
            lines.append("\t" * depth + (f"[{b}] " if b else "") + self.node_str(node))
        return "\n".join(lines)

    def target(self, key):
        b = self.keys[key]
        for node in self.nodes:
            if node[1] == b:
                _, _, role, name, _, _ = node
                return f"{role} {q(name)}"
        raise KeyError(key)

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": self.render(), "error": error}


class Ctx:
    """Per-run live state: clock, counters, signed-in user."""

    def __init__(self, rng, user="R. Castellanos", role="Duty Dispatcher", start=(16, 57, 12),
                 storm=False, readonly=False):
        self.rng = rng
        self.user, self.role = user, role
        self.t = start[0] * 3600 + start[1] * 60 + start[2] + rng.randint(0, 40)
        self.open_inc = 37
        self.cust_out = rng.randint(6390, 6560)
        self.crews_field = 14
        self.notif = rng.randint(2, 7)
        self.storm = storm
        self.readonly = readonly

    def tick(self):
        self.t += self.rng.randint(4, 23)
        self.cust_out += self.rng.choice([-12, -3, 0, 0, 4, 9, 21])

    def clock(self):
        return f"{self.t // 3600:02d}:{self.t % 3600 // 60:02d}:{self.t % 60:02d}"

    def hm(self):
        return self.clock()[:5]


def header(p, ctx, search="", active="Incidents", suggestions=None):
    p.open("banner", "")
    p.add("link", "LineWatch OMS — Harrowgate Valley Power", "home", ["clickable"])
    p.open("search", "Site search")
    p.add("textbox", "Search incidents, feeders, addresses", "search", ["clickable"],
          value=search if search else None)
    if suggestions:
        p.open("listbox", "Suggestions")
        for i, s in enumerate(suggestions):
            p.add("option", s, f"sugg_{i}", ["clickable", "selected=False"])
        p.close()
    p.add("button", "Search", "search_btn", ["clickable"])
    p.close()
    p.add("status", f"Live: {ctx.open_inc} open incidents · {fmt_int(ctx.cust_out)} customers out · "
                    f"{ctx.crews_field} crews in field", props=["live='polite'"])
    p.add("button", f"Notifications ({ctx.notif})", "notif", ["clickable"])
    p.add("button", f"User menu: {ctx.user} ({ctx.role})", "usermenu", ["clickable", "expanded=False"])
    p.close()
    p.open("navigation", "Primary")
    for name in ["Dashboard", "Incidents", "Crews", "Outage map", "Switching orders",
                 "Customer calls", "Reports"]:
        props = ["clickable"]
        if name == active:
            props.append("current='page'")
        p.add("link", name, "nav_" + name.lower().replace(" ", "_"), props)
    p.close()
    if ctx.storm:
        p.open("region", "Operations banner")
        p.text("Storm mode active for Millbrook and Pellham districts since 12:30 — response targets "
               "relaxed; mutual-aid crews arrive 18:00.")
        p.add("link", "Storm plan SP-24-07", "storm_plan", ["clickable"])
        p.close()
    if ctx.readonly:
        p.open("region", "Access notice")
        p.text("View-only access: your role (Field Observer) can view incidents but cannot dispatch "
               "crews or change ETRs.")
        p.add("link", "Request dispatcher access", "req_access", ["clickable"])
        p.close()


def footer(p, ctx):
    p.open("contentinfo", "")
    p.text("© 2024 Harrowgate Valley Power · LineWatch OMS 7.3.2")
    p.add("link", "System status", "f_status", ["clickable"])
    p.add("link", "Dispatcher handbook", "f_handbook", ["clickable"])
    p.add("link", "Privacy", "f_privacy", ["clickable"])
    p.text(f"Last sync {ctx.clock()} · Control room: Millbrook")
    p.close()


COLS = ["Incident", "Status", "Priority", "Substation", "Feeder", "Customers out", "Started", "Crew", "ETR"]


def incident_row_cells(i):
    st, pr, sub, fdr, cust, started, crew, etr = INCIDENTS[i]
    return [i, st, pr, sub, fdr, fmt_int(cust), started, crew, etr]


def incident_table(p, ids, sort=("Started", "descending")):
    p.open("table", "Incidents")
    p.open("rowgroup", "")
    p.open("row", " ".join(COLS))
    for c in COLS:
        props = []
        if sort and c == sort[0]:
            props.append(f"sort='{sort[1]}'")
        p.open("columnheader", c, props=props)
        p.add("button", f"Sort by {c}", "sort_" + c.lower().replace(" ", "_"), ["clickable"])
        p.close()
    p.close()
    p.close()
    p.open("rowgroup", "")
    for i in ids:
        cells = incident_row_cells(i)
        p.open("row", " ".join(cells))
        p.open("cell", cells[0])
        p.add("link", i, "link_" + i, ["clickable"])
        p.close()
        for c in cells[1:]:
            p.add("cell", c)
        p.close()
    p.close()
    p.close()


def filters_group(p, filters):
    f = {"status": "All open", "priority": "Any", "substation": "All substations", "crew": "Any"}
    f.update(filters or {})
    opts = {
        "status": ["All open", "Unassigned", "Assessing", "Crew en route", "Crew on site", "On hold",
                   "ETR overdue"],
        "priority": ["Any", "Critical", "High", "Medium", "Low"],
        "substation": ["All substations", "Ashgrove", "Carrow Bridge", "Millbrook North",
                       "Millbrook South", "Pellham"],
        "crew": ["Any", "Assigned", "Unassigned"],
    }
    labels = {"status": "Status", "priority": "Priority", "substation": "Substation", "crew": "Crew"}
    p.open("group", "Filters")
    for k in ["status", "priority", "substation", "crew"]:
        p.open("combobox", labels[k], "flt_" + k, ["clickable", "hasPopup='menu'", "expanded=False"],
               value=f[k])
        for o in opts[k]:
            p.add("option", o, props=[f"selected={o == f[k]}"])
        p.close()
    p.add("checkbox", "Include restored (last 24 h)", "flt_restored", ["clickable", "checked='false'"])
    p.add("button", "Clear filters", "flt_clear", ["clickable"])
    p.close()


def side_widgets(p):
    p.open("complementary", "Recently restored")
    p.add("heading", "Recently restored (last 2 h)")
    p.open("list", "")
    for iid, txt in [("OUT-40544", "FD-2219 Wharf Street · restored 16:02"),
                     ("OUT-40515", "FD-1207 Kessler Road · restored 15:12"),
                     ("OUT-40493", "FD-0409 Holloway · restored 14:47"),
                     ("OUT-40533", "FD-0881 Mill Race · restore failed, reopened as OUT-40570")]:
        p.open("listitem", "")
        p.add("link", iid, "rr_" + iid, ["clickable"])
        p.text(txt)
        p.close()
    p.close()
    p.close()
    p.open("complementary", "Crew status")
    p.add("heading", "Crews")
    p.text("14 in field · 4 available · 1 off shift · 1 at rest-time limit")
    p.add("link", "Open crew board", "crew_board", ["clickable"])
    p.close()


def list_page(ctx, ids, *, url=None, search="", suggestions=None, filters=None, sort=("Started", "descending"),
              showing="Showing 1–10 of 37 open incidents", page_no=1, pages=4, title=None,
              heading="Active incidents", empty=None):
    ctx.tick()
    p = Page(url or f"{HOST}/incidents", title or "Active incidents · LineWatch OMS")
    header(p, ctx, search=search, suggestions=suggestions)
    p.open("main", "")
    p.open("navigation", "Breadcrumb")
    p.add("link", "Home", "bc_home", ["clickable"])
    p.text("Incidents")
    p.close()
    p.add("heading", heading, "h1")
    filters_group(p, filters)
    p.open("toolbar", "List actions")
    p.add("button", "Export CSV", "export", ["clickable"])
    p.add("button", "Refresh", "refresh", ["clickable"])
    p.add("checkbox", "Auto-refresh every 30 s", "autorefresh", ["clickable", "checked='true'"])
    p.close()
    p.text(showing)
    if ids:
        incident_table(p, ids, sort)
    if empty:
        p.open("region", "No results")
        p.text(empty)
        p.add("button", "Clear filters and search again", "empty_clear", ["clickable"])
        p.close()
    p.open("navigation", "Pagination")
    p.add("button", "Previous page", "page_prev", ["clickable"] + (["disabled=True"] if page_no == 1 else []))
    for n in range(1, pages + 1):
        p.add("button", f"Page {n}", f"page_{n}", ["clickable"] + (["pressed=True"] if n == page_no else []))
    p.add("button", "Next page", "page_next", ["clickable"] + (["disabled=True"] if page_no == pages else []))
    p.add("combobox", "Rows per page", "rows_pp", ["clickable", "hasPopup='menu'", "expanded=False"], value="10")
    p.close()
    side_widgets(p)
    p.close()
    footer(p, ctx)
    return p


SEARCH_HITS = {
    "OUT-40518": ["OUT-40518"],
    "FD-1207": ["OUT-40519", "OUT-40518"],
    "Kessler Road": ["OUT-40538", "OUT-40519", "OUT-40518"],
}
SEARCH_OTHER = {
    "OUT-40518": ["Customer calls: 27 calls linked to OUT-40518",
                  "Switching orders: SW-1207-118 (FD-1207, planned 15 May 2024 09:00)"],
    "FD-1207": ["Feeder FD-1207 Kessler Road — Millbrook South, 1,318 customers",
                "Switching orders: SW-1207-118 (FD-1207, planned 15 May 2024 09:00)",
                "Restored today: OUT-40515 (FD-1207, restored 15:12)"],
    "Kessler Road": ["Feeder FD-1207 Kessler Road — Millbrook South",
                     "Feeder FD-1027 Kessler Rd North — Millbrook North",
                     "Customer calls: 41 calls mention Kessler Road"],
}


def suggestions_for(query):
    return [f"{i} · {INCIDENTS[i][3]} · {INCIDENTS[i][2]}" for i in SEARCH_HITS.get(query, [])]


def search_page(ctx, query, filters=None):
    ctx.tick()
    hits = SEARCH_HITS.get(query, [])
    if filters:
        hits = [i for i in hits if all(INCIDENTS[i][{"priority": 1, "substation": 2}[k]] == v
                                       for k, v in filters.items())]
    p = Page(f"{HOST}/incidents/search?q={query.replace(' ', '+')}",
             f"Search results for {query} · LineWatch OMS")
    header(p, ctx, search=query)
    p.open("main", "")
    p.open("navigation", "Breadcrumb")
    p.add("link", "Home", "bc_home", ["clickable"])
    p.add("link", "Incidents", "bc_incidents", ["clickable"])
    p.text("Search")
    p.close()
    p.add("heading", f"Search results for “{query}”", "h1")
    filters_group(p, filters)
    if hits:
        n = len(hits)
        p.text(f"{n} open incident{'s' if n != 1 else ''} match{'es' if n == 1 else ''} “{query}”")
        incident_table(p, hits, ("Started", "descending"))
    else:
        fl = ", ".join(f"{k.capitalize()}: {v}" for k, v in (filters or {}).items())
        p.open("region", "No results")
        p.text(f"No incidents match “{query}” with the current filters ({fl}).")
        p.add("button", "Clear filters and search again", "empty_clear", ["clickable"])
        p.close()
    p.open("region", "Other matches")
    p.add("heading", "Other matches")
    p.open("list", "")
    for s in SEARCH_OTHER.get(query, []):
        p.open("listitem", "")
        p.text(s)
        p.close()
    p.close()
    p.close()
    p.close()
    footer(p, ctx)
    return p


# --------------------------------------------------------------------------------------
# Incident detail page, crew panel, Update ETR dialog
# --------------------------------------------------------------------------------------
def new_state(inc):
    st, pr, sub, fdr, cust, started, crew, etr = INCIDENTS[inc]
    return {"inc": inc, "status": st, "crews": [] if crew == "—" else [crew],
            "etr": None if etr == "Not set" else etr, "log": []}


def customers_for(inc):
    d = DETAIL[inc]
    if "customers" in d:
        return d["customers"]
    rng = random.Random(SEED * 1000 + int(inc[4:]))
    started = INCIDENTS[inc][5]
    h, m = int(started[:2]), int(started[3:])
    base = rng.randint(5530000, 5590000)
    rows = []
    acct = base
    for _ in range(5):
        acct += rng.randint(3, 17)
        typ = rng.choice(["Residential", "Residential", "Residential", "Commercial"])
        flag = rng.choice(["—", "—", "—", "Life support", "Call-back failed", "Medical priority"])
        mm = max(0, m - rng.randint(0, 1))
        rows.append((f"AC-{acct}", f"{rng.randint(1, 140)} {d['street']}", typ, flag, f"{h:02d}:{mm:02d}"))
    return rows


def crew_cell_text(st):
    if not st["crews"]:
        return "None"
    return "; ".join(f"{c} (lead {LEADS.get(c, 'on file')})" for c in st["crews"])


def detail_page(ctx, st, *, toast=None, alert=None, panel=None, dialog=None, confirm=None, url_suffix=""):
    ctx.tick()
    inc = st["inc"]
    d = DETAIL[inc]
    status, pr, sub, fdr, cust, started, _, _ = INCIDENTS[inc]
    p = Page(f"{HOST}/incidents/{inc}{url_suffix}", f"{inc} · Incident detail · LineWatch OMS")
    header(p, ctx)
    if toast or alert:
        p.open("region", "Notifications")
        if toast:
            p.add("status", toast, "toast", ["live='polite'"])
            p.add("button", "Dismiss", "toast_dismiss", ["clickable"])
        if alert:
            p.add("alert", alert, "alert", ["live='assertive'"])
        p.close()
    p.open("main", "")
    p.open("navigation", "Breadcrumb")
    p.add("link", "Incidents", "bc_incidents", ["clickable"])
    p.add("link", sub, "bc_sub", ["clickable"])
    p.text(inc)
    p.close()
    p.add("heading", f"Incident {inc}", "h1")
    p.text(f"Status: {st['status']}")
    p.text(f"Priority: {pr}")
    p.open("toolbar", "Incident actions")
    dis = ["disabled=True"] if ctx.readonly else []
    p.add("button", "Assign crew", "assign", ["clickable"] + dis)
    p.add("button", "Update ETR", "etr", ["clickable"] + dis)
    p.add("button", "Add note", "note", ["clickable"])
    p.add("button", "Escalate", "escalate", ["clickable"] + dis)
    p.add("button", "Close incident", "close_inc", ["clickable", "disabled=True"])
    p.close()
    p.open("region", "Summary")
    p.add("heading", "Summary")
    p.open("list", "")
    etr_text = "Not set" if st["etr"] is None else (st["etr"] if "May" in st["etr"] or "overdue" in st["etr"]
                                                      else f"{TODAY} {st['etr']}")
    for k, v in [("Suspected cause", d["cause"]),
                 ("Started", f"{TODAY} {started}"),
                 ("Assigned crew", crew_cell_text(st)),
                 ("Estimated restoration (ETR)", etr_text),
                 ("Customers out", f"{fmt_int(cust)} of {fmt_int(d['feeder_total'])} on feeder"),
                 ("Critical customers", d["critical"])]:
        p.open("listitem", "")
        p.text(k)
        p.text(v)
        p.close()
    p.close()
    p.close()

    p.add("heading", "Affected feeders")
    p.open("table", "Affected feeders")
    hdr = ["Feeder", "Substation", "Protective device", "State", "Customers out"]
    p.open("row", " ".join(hdr))
    for h in hdr:
        p.add("columnheader", h)
    p.close()
    cells = [fdr, sub, d["device"], d["device_state"], fmt_int(cust)]
    p.open("row", " ".join(cells))
    p.open("cell", fdr)
    p.add("link", fdr, "feeder_link", ["clickable"])
    p.close()
    for c in cells[1:]:
        p.add("cell", c)
    p.close()
    p.close()

    p.add("heading", f"Affected customers ({fmt_int(cust)})")
    p.add("textbox", "Filter customers by account or address", "cust_filter", ["clickable"])
    p.open("table", "Affected customers")
    hdr = ["Account", "Address", "Type", "Flag", "Last gasp"]
    p.open("row", " ".join(hdr))
    for h in hdr:
        p.open("columnheader", h)
        p.add("button", f"Sort customers by {h}", "csort_" + h.lower().replace(" ", "_"), ["clickable"])
        p.close()
    p.close()
    for row in customers_for(inc):
        p.open("row", " ".join(row))
        for c in row:
            p.add("cell", c)
        p.close()
    p.close()
    p.open("navigation", "Customer pages")
    p.text(f"1–5 of {fmt_int(cust)}")
    p.add("button", "Previous customers", "cust_prev", ["clickable", "disabled=True"])
    p.add("button", "Next customers", "cust_next", ["clickable"])
    p.close()

    p.add("heading", "Related incidents")
    p.open("list", "Related incidents")
    for rid, txt in d["related"]:
        p.open("listitem", "")
        p.add("link", rid, "rel_" + rid, ["clickable"])
        p.text(txt)
        p.close()
    p.close()

    p.add("heading", "Activity log")
    p.open("list", "Activity log")
    for t, txt in list(reversed(st["log"])) + list(reversed(d["log"])):
        p.open("listitem", "")
        p.text(f"{t} {txt}")
        p.close()
    p.close()
    p.close()  # main

    if panel is not None:
        crew_panel(p, st, panel)
    footer(p, ctx)
    if dialog is not None:
        etr_dialog(p, st, dialog)
    if confirm is not None:
        confirm_dialog(p, st, confirm)
    return p


def crew_panel(p, st, panel):
    inc = st["inc"]
    _, _, sub, fdr, cust, _, _, _ = INCIDENTS[inc]
    p.open("complementary", f"Assign crew to {inc}")
    p.add("heading", f"Assign crew to {inc}")
    p.add("button", "Close panel", "panel_close", ["clickable"])
    p.text(f"{fdr} · {sub} · {fmt_int(cust)} customers out")
    p.add("textbox", "Search crews", "crew_search", ["clickable"],
          value=panel.get("search") or None)
    rows = list(CREWS)
    if panel.get("search"):
        s = panel["search"].lower()
        rows = [r for r in rows if s in r[0].lower()]
    if panel.get("sort") == "distance":
        rows.sort(key=lambda r: (r[3] is None, r[3] or 0))
        p.text(f"{len(rows)} of {len(CREWS)} crews · sorted by distance")
    else:
        p.text(f"{len(rows)} of {len(CREWS)} crews · sorted by crew name")
    p.open("table", "Crews")
    hdr = ["Select", "Crew", "Type", "Status", "Distance", "Shift ends"]
    p.open("row", " ".join(hdr))
    for h in hdr:
        props = []
        if (panel.get("sort") == "distance" and h == "Distance") or (panel.get("sort") != "distance" and h == "Crew"):
            props.append("sort='ascending'")
        p.open("columnheader", h, props=props)
        if h in ("Crew", "Distance", "Shift ends"):
            p.add("button", f"Sort by {h.lower()}", "csort_" + h.lower().replace(" ", "_"), ["clickable"])
        p.close()
    p.close()
    for name, typ, status, dist, ends, ok in rows:
        dtxt = "—" if dist is None else f"{dist} km"
        cells = [name, typ, status, dtxt, ends]
        p.open("row", " ".join(cells))
        p.open("cell", "")
        props = ["clickable", f"checked='{'true' if panel.get('selected') == name else 'false'}'"]
        if not ok:
            props.append("disabled=True")
        p.add("radio", f"Select {name}", "radio_" + name, props)
        p.close()
        for c in cells:
            p.add("cell", c)
        p.close()
    p.close()
    sel = panel.get("selected")
    if sel:
        p.text(f"Selected: {sel} (lead {LEADS[sel]})")
    else:
        p.text("Selected: none")
    p.add("checkbox", "Notify crew lead by SMS", "crew_sms", ["clickable", "checked='true'"])
    p.add("button", "Cancel", "panel_cancel", ["clickable"])
    p.add("button", "Confirm assignment", "confirm_assign", ["clickable"] + ([] if sel else ["disabled=True"]))
    p.close()


def etr_dialog(p, st, dlg):
    inc = st["inc"]
    cust = INCIDENTS[inc][4]
    cur = "Not set" if st["etr"] is None else st["etr"]
    p.open("dialog", f"Update ETR — {inc}", "etr_dialog", ["modal=True"])
    p.add("heading", "Update estimated restoration time")
    p.text(f"Current ETR: {cur}")
    p.text(f"Outage started {TODAY} {INCIDENTS[inc][5]} · {fmt_int(cust)} customers out")
    p.add("textbox", "ETR date (YYYY-MM-DD)", "etr_date", ["clickable"], value=dlg.get("date", TODAY_ISO))
    props = ["clickable", "required"]
    if dlg.get("error"):
        props.append("invalid='true'")
    p.add("textbox", "ETR time (24h, HH:MM)", "etr_time", props, value=dlg.get("time") or None)
    if dlg.get("error"):
        p.text(dlg["error"])
    p.open("combobox", "Reason for change", "etr_reason", ["clickable", "hasPopup='menu'", "expanded=False"],
           value="Initial estimate")
    for o in ["Initial estimate", "Crew assessment", "Storm escalation", "Switching delay", "Access problem"]:
        p.add("option", o, props=[f"selected={o == 'Initial estimate'}"])
    p.close()
    p.add("checkbox", f"Notify affected customers ({fmt_int(cust)})", "etr_notify", ["clickable", "checked='true'"])
    p.text("Customers receive an SMS and IVR update when the ETR changes.")
    p.add("button", "Cancel", "etr_cancel", ["clickable"])
    p.add("button", "Save ETR", "etr_save", ["clickable"])
    p.close()


def confirm_dialog(p, st, c):
    inc = st["inc"]
    _, _, sub, fdr, cust, _, _, _ = INCIDENTS[inc]
    title = f"Send ETR update to {fmt_int(cust)} customers?"
    p.open("alertdialog", title, "confirm_dialog", ["modal=True"])
    p.add("heading", title)
    p.text(f"Customers on {fdr} will be told power is expected back by {c['time']} on {TODAY}.")
    p.text("Messages cannot be recalled once sent.")
    busy = ["disabled=True"] if c.get("saving") else []
    if c.get("saving"):
        p.add("progressbar", f"Saving ETR and queuing {fmt_int(cust)} notifications", "saving_bar",
              ["valuemin=0", "valuemax=100"], value="35")
    p.add("button", "Back", "confirm_back", ["clickable"] + busy)
    p.add("button", "Save without notifying", "save_quiet", ["clickable"] + busy)
    p.add("button", "Save and notify", "save_notify", ["clickable"] + busy)
    p.close()


def signin_page(ctx, nxt):
    ctx.tick()
    p = Page(f"{HOST}/login?next={nxt}", "Sign in · LineWatch OMS")
    p.open("banner", "")
    p.add("link", "LineWatch OMS — Harrowgate Valley Power", "home", ["clickable"])
    p.close()
    p.open("main", "")
    p.add("heading", "Sign in to LineWatch OMS", "h1")
    p.text("Your session has ended. Sign in again to continue — unsaved changes were not kept.")
    p.add("textbox", "Staff ID", "staff_id", ["clickable", "required"])
    p.add("textbox", "Password", "password", ["clickable", "required"])
    p.add("checkbox", "Keep me signed in on this device", "keep", ["clickable", "checked='false'"])
    p.add("button", "Sign in", "signin", ["clickable"])
    p.add("link", "Forgot password?", "forgot", ["clickable"])
    p.add("link", "Use a smart card", "smartcard", ["clickable"])
    p.close()
    p.open("contentinfo", "")
    p.text("© 2024 Harrowgate Valley Power · Authorised staff only. Activity is logged.")
    p.close()
    return p


def error_page(ctx, inc):
    ctx.tick()
    p = Page(f"{HOST}/incidents/{inc}/assign", "Error 502 · LineWatch OMS")
    header(p, ctx)
    p.open("main", "")
    p.add("heading", "Something went wrong", "h1")
    p.text("The dispatch service did not respond in time (reference DSP-502-7F3A).")
    p.text("The crew assignment was not saved. Check the incident before trying again.")
    p.add("link", f"Back to incident {inc}", "back_inc", ["clickable"])
    p.add("link", "Check system status", "sys_status", ["clickable"])
    p.close()
    footer(p, ctx)
    return p


# --------------------------------------------------------------------------------------
# Run assembly
# --------------------------------------------------------------------------------------
def make_action(page, kind, key, value, reasoning, effect):
    b = page.keys[key]
    if kind == "click":
        cmd = f"click({q(b)})"
    elif kind == "fill":
        cmd = f"fill({q(b)}, {q(value)})"
    elif kind == "press":
        cmd = f"press({q(b)}, {q(value)})"
    elif kind == "select":
        cmd = f"select_option({q(b)}, {q(value)})"
    else:
        raise ValueError(kind)
    return {"command": cmd, "reasoning": reasoning, "target": page.target(key), "effect": effect}


class Run:
    def __init__(self, rid, fault, off, ctx, initial):
        self.rid, self.fault, self.off, self.ctx = rid, fault, off, ctx
        self.initial = initial
        self.cur = initial
        self.steps = []

    def do(self, commitment, kind, key, after, reasoning, effect="read", value=None, error=None):
        act = make_action(self.cur, kind, key, value, reasoning, effect)
        self.steps.append({"commitment": commitment, "action": act, "observation": after.obs(error)})
        self.cur = after

    def say(self, commitment, msg, after, reasoning):
        act = {"command": f"send_msg_to_user({q(msg)})", "reasoning": reasoning, "target": None,
               "effect": "read"}
        self.steps.append({"commitment": commitment, "action": act, "observation": after.obs()})
        self.cur = after

    def to_json(self, success):
        return {
            "id": self.rid, "workflow": WORKFLOW, "task": TASK, "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "initial_observation": self.initial.obs(),
            "steps": self.steps,
            "outcome": {"success": success},
        }


# ---- reusable legs -------------------------------------------------------------------
def leg_search(r, query="OUT-40518", via="enter", why=None):
    ctx = r.ctx
    r.do("find-incident", "fill", "search",
         list_page(ctx, PAGE1, search=query, suggestions=suggestions_for(query)),
         why or f"Type {query} into the incident search box.", "read", value=query)
    res = search_page(ctx, query)
    if via == "enter":
        r.do("find-incident", "press", "search", res, "Submit the search.", "read", value="Enter")
    else:
        r.do("find-incident", "click", "search_btn", res, "Run the search.", "read")


def leg_open(r, st, why=None):
    inc = st["inc"]
    r.do("open-incident", "click", "link_" + inc, detail_page(r.ctx, st),
         why or f"Open {inc} from the results.", "read")


def leg_assign(r, st, crew="Bravo-7", panel_extra=None, why_pick=None):
    ctx, inc = r.ctx, st["inc"]
    panel = {}
    r.do("assign-crew", "click", "assign", detail_page(ctx, st, panel=dict(panel)),
         "Open the crew assignment panel.", "read")
    for kind, key, val, upd, why in (panel_extra or []):
        panel.update(upd)
        r.do("assign-crew", kind, key, detail_page(ctx, st, panel=dict(panel)), why, "read", value=val)
    panel["selected"] = crew
    r.do("assign-crew", "click", "radio_" + crew, detail_page(ctx, st, panel=dict(panel)),
         why_pick or f"Select crew {crew}.", "write")
    finish_assign(r, st, crew)


def finish_assign(r, st, crew):
    ctx, inc = r.ctx, st["inc"]
    second = bool(st["crews"])
    st["crews"].append(crew)
    st["status"] = "Dispatched" if not second else st["status"]
    st["log"].append((ctx.hm(), f"Crew {crew} assigned by {ctx.user}; lead {LEADS[crew]} notified by SMS"))
    if second:
        toast = f"Crew {crew} added to {inc} — {len(st['crews'])} crews now assigned. Crew lead notified."
    else:
        toast = f"Crew {crew} assigned to {inc}. Crew lead {LEADS[crew]} notified by SMS."
    r.do("assign-crew", "click", "confirm_assign", detail_page(ctx, st, toast=toast),
         "Confirm the assignment.", "irreversible")


def leg_etr_open(r, st, why="Open the Update ETR dialog."):
    r.do("set-etr", "click", "etr", detail_page(r.ctx, st, dialog={}), why, "read")


def leg_etr_rest(r, st, time="17:45", why_fill=None):
    ctx = r.ctx
    r.do("set-etr", "fill", "etr_time", detail_page(ctx, st, dialog={"time": time}),
         why_fill or f"Enter {time} as the ETR time; the date already shows today.", "write", value=time)
    r.do("set-etr", "click", "etr_save", detail_page(ctx, st, confirm={"time": time}),
         "Save the ETR.", "irreversible")
    finish_etr(r, st, time)


def finish_etr(r, st, time):
    ctx, inc = r.ctx, st["inc"]
    cust = INCIDENTS[inc][4]
    st["etr"] = time
    st["log"].append((ctx.hm(), f"ETR set to {TODAY} {time} (Initial estimate); {fmt_int(cust)} customers notified"))
    toast = f"ETR for {inc} set to {TODAY} {time}. {fmt_int(cust)} customers notified."
    r.do("set-etr", "click", "save_notify", detail_page(ctx, st, toast=toast),
         "Confirm saving the ETR and sending the customer update.", "irreversible")
    return toast


DONE_MSG = "Done: crew Bravo-7 is assigned to OUT-40518 and its ETR is set to 17:45 today (14 May 2024)."


def leg_report(r, st, msg=DONE_MSG, toast=None, why="Both changes are confirmed on the incident page."):
    r.say("report", msg, detail_page(r.ctx, st, toast=toast), why)


def fresh(rid, fault, off, rng, **kw):
    ctx = Ctx(rng, **kw)
    return Run(rid, fault, off, ctx, list_page(ctx, PAGE1))


# --------------------------------------------------------------------------------------
# Healthy runs
# --------------------------------------------------------------------------------------
def healthy_runs(rng):
    runs = []

    # H1: search by id, press Enter, straight through.
    r = fresh(f"{WORKFLOW}-healthy-01-search", None, None, rng)
    st = new_state("OUT-40518")
    leg_search(r, why="The task names the incident id, so search for OUT-40518 directly.")
    leg_open(r, st, "The single match is OUT-40518 on FD-1207 Kessler Road, Millbrook South.")
    leg_assign(r, st, why_pick="Bravo-7 is available, 4.2 km away; select it (not Bravo-17).")
    leg_etr_open(r, st)
    t = leg_etr_rest(r, st)
    leg_report(r, st, toast=t)
    runs.append(r.to_json(True))

    # H2: browse the list, paginate to page 2.
    r = fresh(f"{WORKFLOW}-healthy-02-paginate", None, None, rng)
    ctx = r.ctx
    st = new_state("OUT-40518")
    r.do("find-incident", "click", "page_next",
         list_page(ctx, PAGE2, url=f"{HOST}/incidents?page=2", page_no=2,
                   showing="Showing 11–20 of 37 open incidents"),
         "Page 1 (newest first) runs back to 14:02; OUT-40518 started earlier, so go to page 2.", "read")
    leg_open(r, st, "Row OUT-40518: Unassigned, FD-1207 Kessler Road, 412 customers. Open it.")
    leg_assign(r, st)
    leg_etr_open(r, st)
    t = leg_etr_rest(r, st)
    leg_report(r, st, toast=t)
    runs.append(r.to_json(True))

    # H3: filter by the substation the task names.
    r = fresh(f"{WORKFLOW}-healthy-03-substation-filter", None, None, rng)
    ctx = r.ctx
    st = new_state("OUT-40518")
    ms = [i for i in PAGE1 + PAGE2 if INCIDENTS[i][2] == "Millbrook South"]
    r.do("find-incident", "select", "flt_substation",
         list_page(ctx, ms, url=f"{HOST}/incidents?substation=millbrook-south",
                   filters={"substation": "Millbrook South"}, pages=1,
                   showing=f"Showing {len(ms)} of {len(ms)} open incidents · Substation: Millbrook South"),
         "The task says the incident is at Millbrook South; narrow the list to that substation.",
         "read", value="Millbrook South")
    leg_open(r, st, "OUT-40518 is the unassigned Kessler Road outage (412 customers), not OUT-40519.")
    leg_assign(r, st)
    leg_etr_open(r, st)
    t = leg_etr_rest(r, st)
    leg_report(r, st, toast=t)
    runs.append(r.to_json(True))

    # H4: storm banner, sort by customers out, a live toast appears and is dismissed.
    r = fresh(f"{WORKFLOW}-healthy-04-sort-live-toast", None, None, rng, storm=True)
    ctx = r.ctx
    st = new_state("OUT-40518")
    by_cust = sorted(INCIDENTS, key=lambda i: -INCIDENTS[i][4])[:10]
    r.do("find-incident", "click", "sort_customers_out",
         list_page(ctx, by_cust, url=f"{HOST}/incidents?sort=customers_out&dir=desc",
                   sort=("Customers out", "descending")),
         "Sort by customers out; a 412-customer outage should rise to page 1.", "read")
    ctx.open_inc = 39
    r.do("open-incident", "click", "link_OUT-40518",
         detail_page(ctx, st, toast="2 new incidents reported in Pellham: OUT-40595, OUT-40597."),
         "OUT-40518 (412) sits between OUT-40581 (421) and OUT-40538 (406); open OUT-40518.", "read")
    r.do("open-incident", "click", "toast_dismiss", detail_page(ctx, st),
         "That toast is about other incidents; dismiss it.", "read")
    leg_assign(r, st)
    leg_etr_open(r, st)
    t = leg_etr_rest(r, st)
    leg_report(r, st, toast=t)
    runs.append(r.to_json(True))

    # H5: opens Update ETR first, cancels, assigns crew, then sets ETR.
    r = fresh(f"{WORKFLOW}-healthy-05-cancel-dialog", None, None, rng)
    ctx = r.ctx
    st = new_state("OUT-40518")
    leg_search(r)
    leg_open(r, st)
    r.do("set-etr", "click", "etr", detail_page(ctx, st, dialog={}),
         "Open Update ETR.", "read")
    r.do("set-etr", "click", "etr_cancel", detail_page(ctx, st),
         "Better to dispatch the crew before publishing an ETR; cancel this dialog for now.", "read")
    leg_assign(r, st)
    leg_etr_open(r, st)
    t = leg_etr_rest(r, st)
    leg_report(r, st, toast=t)
    runs.append(r.to_json(True))

    # H6: ETR typed without colon, validation message, retyped.
    r = fresh(f"{WORKFLOW}-healthy-06-retype-etr", None, None, rng)
    ctx = r.ctx
    st = new_state("OUT-40518")
    leg_search(r, via="button")
    leg_open(r, st)
    leg_assign(r, st)
    leg_etr_open(r, st)
    r.do("set-etr", "fill", "etr_time", detail_page(ctx, st, dialog={"time": "1745"}),
         "Enter the ETR time 17:45.", "write", value="1745")
    r.do("set-etr", "click", "etr_save",
         detail_page(ctx, st, dialog={"time": "1745", "error": "Enter the time as HH:MM, for example 09:30."}),
         "Save the ETR.", "irreversible")
    r.do("set-etr", "fill", "etr_time", detail_page(ctx, st, dialog={"time": "17:45"}),
         "The field wants HH:MM; retype it as 17:45.", "write", value="17:45")
    r.do("set-etr", "click", "etr_save", detail_page(ctx, st, confirm={"time": "17:45"}),
         "Save again.", "irreversible")
    t = finish_etr(r, st, "17:45")
    leg_report(r, st, toast=t)
    runs.append(r.to_json(True))

    # H7: search crews in the panel, sort by distance.
    r = fresh(f"{WORKFLOW}-healthy-07-crew-search", None, None, rng)
    st = new_state("OUT-40518")
    leg_search(r)
    leg_open(r, st)
    leg_assign(r, st, panel_extra=[
        ("fill", "crew_search", "Bravo-7", {"search": "Bravo-7"}, "Filter the crew list to Bravo-7."),
        ("click", "csort_distance", None, {"sort": "distance"},
         "Two crews match (Bravo-7 and Bravo-17); sort by distance to check which is which."),
    ], why_pick="Select Bravo-7 exactly; Bravo-17 is a different crew.")
    leg_etr_open(r, st)
    t = leg_etr_rest(r, st)
    leg_report(r, st, toast=t)
    runs.append(r.to_json(True))

    # H8: set the ETR first, then assign the crew.
    r = fresh(f"{WORKFLOW}-healthy-08-etr-first", None, None, rng)
    st = new_state("OUT-40518")
    leg_search(r)
    leg_open(r, st)
    leg_etr_open(r, st, why="Customers have been out since 13:41; publish the ETR first.")
    leg_etr_rest(r, st)
    leg_assign(r, st)
    leg_report(r, st, toast=None, why="The activity log shows both the ETR and the Bravo-7 assignment.")
    runs.append(r.to_json(True))

    return runs


# --------------------------------------------------------------------------------------
# The plan: written from the task text and the healthy pages above, before any faulty run.
# --------------------------------------------------------------------------------------
PLAN_YAML = '''\
# Plan for workflow crew_etr (LineWatch OMS, Harrowgate Valley Power).
# Written from the task text and the healthy pages only.
task: "Assign crew Bravo-7 to outage incident OUT-40518 (feeder FD-1207 Kessler Road, Millbrook South substation) and set its estimated restoration time (ETR) to 17:45 today."
plan_falsifiers:
  execution:
    - "Sign in to LineWatch OMS"
    - "Your session has expired"
    - "Something went wrong"
    - "You do not have permission to do this"
    - "Service unavailable"
  planning:
    - "Incident OUT-40518 has already been restored"
commitments:
  - id: find-incident
    subgoal: "Find incident OUT-40518 among the active incidents (search by id, browse the pages, or filter to Millbrook South)"
    skill: find_record_in_list
    confidence: 0.8
    confirm:
      precondition: ["Active incidents"]
      progress: ["Search results for", "Substation: Millbrook South", "Showing 11–20 of 37"]
      completion: ["link 'OUT-40518'", "FD-1207 Kessler Road"]
    falsify:
      execution:
        - "No incidents match"
        - "OUT-40581"
        - "OUT-40538"
        - "Millbrook North"
        - text: "apply a Status, Priority or Crew filter that the task did not ask for"
          on: action
        - text: "filter to substation Millbrook North"
          on: action
      skill:
        - "The incident search box is missing"
      planning:
        - "OUT-40518 is not among the open incidents"
  - id: open-incident
    subgoal: "Open the detail page of incident OUT-40518"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: ["link 'OUT-40518'"]
      progress: []
      completion: ["Incident OUT-40518", "OUT-40518 · Incident detail", "412 of 1,318 on feeder"]
    falsify:
      execution:
        - "Incident OUT-40581"
        - "Incident OUT-40519"
        - "Incident OUT-40538"
        - "Incident OUT-40515"
        - "FD-1027 Kessler Rd North"
        - text: "click link 'OUT-40581'"
          on: action
        - text: "click link 'OUT-40519'"
          on: action
        - text: "click link 'OUT-40538'"
          on: action
      planning:
        - "Incident OUT-40518 is closed or restored"
  - id: assign-crew
    subgoal: "Assign crew Bravo-7 to OUT-40518 in the crew assignment panel and confirm"
    skill: assign_from_panel
    confidence: 0.7
    confirm:
      precondition: ["button 'Assign crew'"]
      progress: ["Assign crew to OUT-40518", "Selected: Bravo-7"]
      completion: ["Crew Bravo-7 assigned to OUT-40518", "Bravo-7 (lead T. Adeyemi)"]
    falsify:
      execution:
        - "Bravo-17"
        - "Delta-7"
        - "Charlie-7"
        - "Assigned crew still shows None after Confirm assignment"
        - text: "select crew Bravo-17, Delta-7 or Charlie-7"
          on: action
        - text: "close the crew panel or move on without clicking Confirm assignment"
          on: action
      skill:
        - "Confirm assignment is disabled after a crew is selected"
      planning:
        - "Bravo-7 is off shift"
        - "Bravo-7 has reached its rest-time limit"
  - id: set-etr
    subgoal: "Open Update ETR, enter 17:45 for today (2024-05-14), save, and confirm the customer notification"
    skill: edit_dialog_and_save
    confidence: 0.7
    confirm:
      precondition: ["button 'Update ETR'"]
      progress: ["Update estimated restoration time", "ETR time (24h, HH:MM)' value='17:45'", "Send ETR update to 412 customers?"]
      completion: ["ETR for OUT-40518 set to 14 May 2024 17:45", "412 customers notified"]
    falsify:
      execution:
        - "17:54"
        - "07:45"
        - "19:45"
        - "2024-05-15"
        - "ETR still shows Not set after saving"
        - text: "fill the ETR time with anything other than 17:45"
          on: action
        - text: "dismiss the customer-notification confirmation without saving"
          on: action
        - text: "click Cancel in Update ETR after typing the time"
          on: action
      skill:
        - "Enter the time as HH:MM"
      planning:
        - "The ETR cannot be earlier than the current time"
  - id: report
    subgoal: "Tell the user that Bravo-7 is assigned to OUT-40518 and the ETR is 17:45 today"
    confidence: 0.6
    confirm:
      precondition: ["Crew Bravo-7 assigned to OUT-40518", "ETR for OUT-40518 set to 14 May 2024 17:45"]
      progress: []
      completion: []
    falsify:
      execution:
        - text: "report success before the page confirms both the crew assignment and the ETR for OUT-40518"
          on: action
        - text: "report success while Assigned crew is None or the ETR is Not set"
          on: action
'''


# --------------------------------------------------------------------------------------
# Faulty runs (written after the plan; the plan was not changed afterwards)
# --------------------------------------------------------------------------------------
def faulty_runs(rng):
    runs = []

    # F1 wrong_record (agent): sorted by customers, opened OUT-40581 (421, transposed id,
    # neighbouring substation Millbrook North) instead of OUT-40518 (412).
    r = fresh(f"{WORKFLOW}-wrong_record-01-transposed-id", "wrong_record", 1, rng)
    ctx = r.ctx
    by_cust = sorted(INCIDENTS, key=lambda i: -INCIDENTS[i][4])[:10]
    r.do("find-incident", "click", "sort_customers_out",
         list_page(ctx, by_cust, url=f"{HOST}/incidents?sort=customers_out&dir=desc",
                   sort=("Customers out", "descending")),
         "Sort by customers out to bring the big unassigned outages to the top.", "read")
    st = new_state("OUT-40581")
    r.do("open-incident", "click", "link_OUT-40581", detail_page(ctx, st),
         "OUT-40581 is unassigned with about 400 customers out; that is the incident from the task.", "read")
    leg_assign(r, st)
    leg_etr_open(r, st)
    t = leg_etr_rest(r, st)
    leg_report(r, st, toast=t)
    runs.append(r.to_json(False))

    # F2 wrong_record (agent): searched the feeder, opened OUT-40519 (same feeder FD-1207).
    r = fresh(f"{WORKFLOW}-wrong_record-02-same-feeder", "wrong_record", 2, rng)
    ctx = r.ctx
    leg_search(r, query="FD-1207", why="Search by the feeder named in the task.")
    st = new_state("OUT-40519")
    r.do("open-incident", "click", "link_OUT-40519", detail_page(ctx, st),
         "The first FD-1207 Kessler Road result is the incident to work on.", "read")
    leg_assign(r, st)
    leg_etr_open(r, st)
    t = leg_etr_rest(r, st)
    leg_report(r, st, toast=t)
    runs.append(r.to_json(False))

    # F3 wrong_record (agent): searched the street name, opened OUT-40538 at the
    # neighbouring substation (Millbrook North, FD-1027 Kessler Rd North).
    r = fresh(f"{WORKFLOW}-wrong_record-03-neighbour-substation", "wrong_record", 2, rng)
    ctx = r.ctx
    leg_search(r, query="Kessler Road", why="Search for the Kessler Road outage.")
    st = new_state("OUT-40538")
    r.do("open-incident", "click", "link_OUT-40538", detail_page(ctx, st),
         "OUT-40538 is the unassigned Kessler outage at Millbrook with ~400 customers; open it.", "read")
    leg_assign(r, st)
    leg_etr_open(r, st)
    t = leg_etr_rest(r, st)
    leg_report(r, st, toast=t)
    runs.append(r.to_json(False))

    # F4 wrong_value (agent): ETR typed as 17:54.
    r = fresh(f"{WORKFLOW}-wrong_value-04-etr-time", "wrong_value", 7, rng)
    st = new_state("OUT-40518")
    leg_search(r)
    leg_open(r, st)
    leg_assign(r, st)
    leg_etr_open(r, st)
    t = leg_etr_rest(r, st, time="17:54", why_fill="Enter the requested restoration time, 17:54.")
    leg_report(r, st, toast=t)
    runs.append(r.to_json(False))

    # F5 silent_noop (environment): 'Save and notify' closes the dialog, nothing saved.
    r = fresh(f"{WORKFLOW}-silent_noop-05-etr-save", "silent_noop", 9, rng)
    ctx = r.ctx
    st = new_state("OUT-40518")
    leg_search(r)
    leg_open(r, st)
    leg_assign(r, st)
    leg_etr_open(r, st)
    r.do("set-etr", "fill", "etr_time", detail_page(ctx, st, dialog={"time": "17:45"}),
         "Enter 17:45.", "write", value="17:45")
    r.do("set-etr", "click", "etr_save", detail_page(ctx, st, confirm={"time": "17:45"}),
         "Save the ETR.", "irreversible")
    r.do("set-etr", "click", "save_notify", detail_page(ctx, st),
         "Confirm saving the ETR and sending the customer update.", "irreversible")
    leg_report(r, st, why="The dialog closed after saving, so the ETR is in.")
    runs.append(r.to_json(False))

    # F6 unrequested_filter (agent): adds Priority = Critical, then cannot find the incident.
    r = fresh(f"{WORKFLOW}-unrequested_filter-06-priority", "unrequested_filter", 1, rng)
    ctx = r.ctx
    by_pri = sorted(INCIDENTS, key=lambda i: (PRIORITY_RANK[INCIDENTS[i][1]], -int(INCIDENTS[i][5].replace(":", ""))))[:10]
    r.do("find-incident", "click", "sort_priority",
         list_page(ctx, by_pri, url=f"{HOST}/incidents?sort=priority", sort=("Priority", "ascending")),
         "Sort by priority.", "read")
    crit = [i for i in INCIDENTS if INCIDENTS[i][1] == "Critical"]
    crit.sort(key=lambda i: -int(INCIDENTS[i][5].replace(":", "")))
    r.do("find-incident", "select", "flt_priority",
         list_page(ctx, crit, url=f"{HOST}/incidents?priority=critical&sort=priority",
                   filters={"priority": "Critical"}, sort=("Priority", "ascending"), pages=1,
                   showing=f"Showing {len(crit)} of {len(crit)} open incidents · Priority: Critical"),
         "A feeder lockout with life-support customers will be Critical; show only Critical incidents.",
         "read", value="Critical")
    r.do("find-incident", "fill", "search",
         list_page(ctx, crit, url=f"{HOST}/incidents?priority=critical&sort=priority",
                   filters={"priority": "Critical"}, sort=("Priority", "ascending"), pages=1, search="OUT-40518",
                   showing=f"Showing {len(crit)} of {len(crit)} open incidents · Priority: Critical"),
         "Search for OUT-40518.", "read", value="OUT-40518")
    r.do("find-incident", "press", "search", search_page(ctx, "OUT-40518", filters={"priority": "Critical"}),
         "Submit the search.", "read", value="Enter")
    r.say("report", "I could not find incident OUT-40518 among the active incidents, so no crew was "
                    "assigned and no ETR was set. It may already have been restored.",
          r.cur, "The search returned no incident.")
    runs.append(r.to_json(False))

    # F7 permission_denied (environment, visible on the start page): view-only role.
    rng_ctx = Ctx(rng, user="J. Whitcombe", role="Field Observer", readonly=True)
    r = Run(f"{WORKFLOW}-permission_denied-07-view-only", "permission_denied", 0, rng_ctx,
            list_page(rng_ctx, PAGE1))
    ctx = r.ctx
    st = new_state("OUT-40518")
    leg_search(r)
    leg_open(r, st)
    r.do("assign-crew", "click", "assign", detail_page(ctx, st),
         "Open the crew assignment panel.", "read",
         error=("TimeoutError: Locator.click: Timeout 500ms exceeded.\nCall log:\n"
                f"  - waiting for get_by_test_id(\"{r.cur.keys['assign']}\")\n"
                "  -   - element is not enabled"))
    r.say("report", "I could not assign the crew: the Assign crew button is disabled for this account, "
                    "so OUT-40518 still has no crew and no ETR.", detail_page(ctx, st),
          "The button will not respond.")
    runs.append(r.to_json(False))

    # F8 error_page (environment): Confirm assignment returns a 502 page.
    r = fresh(f"{WORKFLOW}-error_page-08-assign-502", "error_page", 5, rng)
    ctx = r.ctx
    st = new_state("OUT-40518")
    leg_search(r)
    leg_open(r, st)
    r.do("assign-crew", "click", "assign", detail_page(ctx, st, panel={}),
         "Open the crew assignment panel.", "read")
    r.do("assign-crew", "click", "radio_Bravo-7", detail_page(ctx, st, panel={"selected": "Bravo-7"}),
         "Select crew Bravo-7.", "write")
    r.do("assign-crew", "click", "confirm_assign", error_page(ctx, "OUT-40518"),
         "Confirm the assignment.", "irreversible")
    r.do("assign-crew", "click", "back_inc", detail_page(ctx, st),
         "Go back to the incident to see whether the crew was assigned.", "read")
    r.say("report", "The dispatch service failed when I confirmed the assignment; OUT-40518 still shows no "
                    "crew and I did not set the ETR.", detail_page(ctx, st),
          "Assigned crew still shows None.")
    runs.append(r.to_json(False))

    # F9 session_expired (environment): opening Update ETR lands on the sign-in page.
    r = fresh(f"{WORKFLOW}-session_expired-09-signin", "session_expired", 6, rng)
    ctx = r.ctx
    st = new_state("OUT-40518")
    leg_search(r)
    leg_open(r, st)
    leg_assign(r, st)
    r.do("set-etr", "click", "etr", signin_page(ctx, "/incidents/OUT-40518"),
         "Open the Update ETR dialog.", "read")
    r.say("report", "Bravo-7 was assigned to OUT-40518, but my session ended before I could set the ETR.",
          r.cur, "I was sent to the sign-in page.")
    runs.append(r.to_json(False))

    # F10 premature_success (agent): reports while the save is still in flight; it then fails.
    r = fresh(f"{WORKFLOW}-premature_success-10-saving", "premature_success", 10, rng)
    ctx = r.ctx
    st = new_state("OUT-40518")
    leg_search(r)
    leg_open(r, st)
    leg_assign(r, st)
    leg_etr_open(r, st)
    r.do("set-etr", "fill", "etr_time", detail_page(ctx, st, dialog={"time": "17:45"}),
         "Enter 17:45.", "write", value="17:45")
    r.do("set-etr", "click", "etr_save", detail_page(ctx, st, confirm={"time": "17:45"}),
         "Save the ETR.", "irreversible")
    r.do("set-etr", "click", "save_notify", detail_page(ctx, st, confirm={"time": "17:45", "saving": True}),
         "Confirm saving the ETR and sending the customer update.", "irreversible")
    r.say("report", DONE_MSG,
          detail_page(ctx, st, alert="ETR not saved for OUT-40518: the customer notification service timed "
                                     "out. Nothing was sent. Try again."),
          "Saving has started, so the task is complete.")
    runs.append(r.to_json(False))

    # F11 skipped_step (agent): selects Bravo-7 but never clicks Confirm assignment.
    r = fresh(f"{WORKFLOW}-skipped_step-11-no-confirm", "skipped_step", 5, rng)
    ctx = r.ctx
    st = new_state("OUT-40518")
    leg_search(r)
    leg_open(r, st)
    r.do("assign-crew", "click", "assign", detail_page(ctx, st, panel={}),
         "Open the crew assignment panel.", "read")
    r.do("assign-crew", "click", "radio_Bravo-7", detail_page(ctx, st, panel={"selected": "Bravo-7"}),
         "Select crew Bravo-7.", "write")
    r.do("set-etr", "click", "etr", detail_page(ctx, st, dialog={}),
         "Bravo-7 is selected; now open Update ETR.", "read")
    t = leg_etr_rest(r, st)
    leg_report(r, st, toast=t)
    runs.append(r.to_json(False))

    # F12 dialog_mishandled (agent): presses Escape on the notification confirmation.
    r = fresh(f"{WORKFLOW}-dialog_mishandled-12-escape", "dialog_mishandled", 9, rng)
    ctx = r.ctx
    st = new_state("OUT-40518")
    leg_search(r)
    leg_open(r, st)
    leg_assign(r, st)
    leg_etr_open(r, st)
    r.do("set-etr", "fill", "etr_time", detail_page(ctx, st, dialog={"time": "17:45"}),
         "Enter 17:45.", "write", value="17:45")
    r.do("set-etr", "click", "etr_save", detail_page(ctx, st, confirm={"time": "17:45"}),
         "Save the ETR.", "irreversible")
    r.do("set-etr", "press", "confirm_dialog",
         detail_page(ctx, st, toast="ETR update cancelled — no changes saved."),
         "The ETR is saved; close this customer-message pop-up.", "read", value="Escape")
    leg_report(r, st, why="The pop-up is closed and Bravo-7 is assigned.")
    runs.append(r.to_json(False))

    return runs


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    rng = random.Random(SEED)
    runs = healthy_runs(rng) + faulty_runs(rng)
    with open(os.path.join(out, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for run in runs:
            f.write(json.dumps(run, ensure_ascii=False, sort_keys=False) + "\n")
    print(f"wrote {len(runs)} runs to {os.path.join(out, 'corpus.jsonl')} and {PLAN_REL}")


if __name__ == "__main__":
    main()
