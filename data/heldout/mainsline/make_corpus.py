#!/usr/bin/env python3
"""Generate the 'mainsline' held-out corpus (stdlib only, fixed seed).

Application: HydraTrack Field Ops, the field operations system of Kestrel Vale
Water (a made-up water utility). Signed-in user: Dana Okafor, Field Technician,
crew North-2. "Today" is Tuesday 12 March 2024.

Writes corpus.jsonl and plans/<workflow>.yaml next to this file, following
/work/shared/FORMATS.md. Run:  python3 make_corpus.py
"""
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
from plans_src import PLANS, TASKS  # noqa: E402  (plan texts, written before the runs)

SEED = 20240312
rng = random.Random(SEED)

HOST = "https://hydratrack.kvwater.example"
PRODUCT = "HydraTrack Field Ops"
ORG = "Kestrel Vale Water"
USER = "Dana Okafor"
ROLE = "Field Technician, crew North-2"
TODAY_LONG = "Tuesday 12 March 2024"
NAV = ["Dashboard", "Work orders", "Assets", "Meters", "Crews", "Map", "Reports"]


# ---------------------------------------------------------------------------
# AXTree builder (BrowserGym flattened style)
# ---------------------------------------------------------------------------
class Load:
    """One page load. A node keeps its bid for as long as the DOM lives; nodes
    that appear later (a dialog, an error) get fresh, higher bids."""

    def __init__(self):
        self.next = rng.randint(11, 48)
        self.reg = {}

    def bid(self, key):
        if key not in self.reg:
            self.reg[key] = str(self.next)
            self.next += 1
        return self.reg[key]


class Page:
    def __init__(self, load, url, title):
        self.load, self.url, self.title = load, url, title
        self.lines = [f"RootWebArea {title!r}, focused"]
        self.seen = {}
        self.index = []

    def n(self, depth, role, name="", *props, key=None):
        base = key if key is not None else (role, name)
        k = self.seen.get(base, 0)
        self.seen[base] = k + 1
        bid = self.load.bid((base, k))
        line = "\t" * depth + f"[{bid}] {role} {name!r}"
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        self.index.append((role, name, bid))
        return bid

    def t(self, depth, text):
        self.lines.append("\t" * depth + f"StaticText {text!r}")

    def find(self, role, name, nth=0):
        hits = [b for (r, nm, b) in self.index if r == role and nm == name]
        if len(hits) <= nth:
            raise KeyError(f"no {role} {name!r} on {self.title}")
        return hits[nth]

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": None}


def val(v):
    return f"value={v!r}"


def chk(b):
    return f"checked={'true' if b else 'false'!r}"


def chrome(p, nav=None, q="", notif=3):
    p.n(1, "banner", "")
    p.n(2, "link", f"{PRODUCT} home")
    p.t(3, PRODUCT)
    p.t(2, ORG)
    p.n(2, "navigation", "Primary")
    for item in NAV:
        p.n(3, "link", item, *(["current='page'"] if item == nav else []))
    p.n(2, "search", "")
    sprops = ["clickable"] + ([val(q), "focused"] if q else [])
    p.n(3, "searchbox", "Search work orders, assets, meters or addresses", *sprops)
    p.n(3, "button", "Search")
    p.n(2, "button", f"Notifications, {notif} unread", "hasPopup='menu'", "expanded=False",
        key=("button", "notifications"))
    p.n(2, "button", f"{USER}, {ROLE}", "hasPopup='menu'", "expanded=False")
    p.n(1, "main", "")


def breadcrumb(p, items):
    p.n(2, "navigation", "Breadcrumb")
    for i, it in enumerate(items):
        if i < len(items) - 1:
            p.n(3, "link", it)
            p.t(3, "›")
        else:
            p.t(3, it)


def footer(p, recent=(), toast=None, alert=None, version_note=""):
    p.n(1, "complementary", "Recently viewed")
    p.n(2, "heading", "Recently viewed")
    p.n(2, "list", "")
    for label in recent:
        p.n(3, "listitem", "")
        p.n(4, "link", label)
    p.n(1, "contentinfo", "")
    p.t(2, f"© 2024 {ORG} Authority · Network Operations")
    p.n(2, "link", "Help centre")
    p.n(2, "link", "Report a problem")
    p.n(2, "link", "Privacy and data")
    p.t(2, f"{PRODUCT} 5.8.2 · Production · Signed in as dokafor@kvwater.example · {TODAY_LONG}{version_note}")
    p.n(1, "status", "", "live='polite'", "atomic=True")
    if toast:
        p.t(2, toast)
        p.n(2, "button", "Dismiss notification")
    if alert:
        p.n(1, "alert", "", "live='assertive'", "atomic=True")
        p.t(2, alert)


def table(p, depth, name, headers, rows, links=(0,), sort=None, extra_link=None):
    """rows: list of tuples of cell strings; links: column indexes rendered as links;
    sort: (column name, 'ascending'|'descending'); extra_link: fn(row)->link name."""
    p.n(depth, "table", name)
    p.n(depth + 1, "row", " ".join(headers + ([""] if extra_link else [])))
    for h in headers:
        props = []
        if sort and sort[0] == h:
            props.append(f"sort={sort[1]!r}")
        p.n(depth + 2, "columnheader", h, *props)
        if sort is not None:
            p.n(depth + 3, "button", f"Sort by {h}")
    if extra_link:
        p.n(depth + 2, "columnheader", "Actions")
    for r in rows:
        p.n(depth + 1, "row", " ".join(r))
        for i, c in enumerate(r):
            p.n(depth + 2, "cell", c)
            if i in links:
                p.n(depth + 3, "link", c)
        if extra_link:
            p.n(depth + 2, "cell", "")
            p.n(depth + 3, "link", extra_link(r))


def kv(p, depth, name, pairs):
    p.n(depth, "table", name)
    for k, v in pairs:
        p.n(depth + 1, "row", f"{k} {v}")
        p.n(depth + 2, "rowheader", k)
        p.n(depth + 2, "cell", v)


def pagination(p, depth, page, pages, shown):
    p.n(depth, "navigation", "Pagination")
    p.t(depth + 1, shown)
    p.n(depth + 1, "link", "Previous page", *(["disabled=True"] if page == 1 else []))
    for i in range(1, pages + 1):
        p.n(depth + 1, "link", f"Page {i}", *(["current='page'"] if i == page else []))
    p.n(depth + 1, "link", "Next page", *(["disabled=True"] if page == pages else []))


def combobox(p, depth, name, value, options, required=False):
    props = [val(value), "hasPopup='menu'", "expanded=False"] + (["required"] if required else [])
    p.n(depth, "combobox", name, *props)
    for o in options:
        p.n(depth + 1, "option", o, f"selected={o == value}")


# ---------------------------------------------------------------------------
# Application data
# ---------------------------------------------------------------------------
ASSETS = {
    "SP-40217": dict(kind="Domestic service point", address="14 Wren Close, Halbury HB4 2QT",
                     status="Active", main="MN-0881 · 100 mm ductile iron, Wren Close",
                     meter="M-1043387 · 15 mm", account="30022917 · A. Lindqvist (occupier)",
                     stoptap="Boundary box in footway, left of drive", district="North · Halbury high zone",
                     wos=[("WO-56102", "Meter reading check", "Closed", "28 Nov 2023"),
                          ("WO-54877", "Stop tap replacement", "Closed", "3 Jun 2022")],
                     nearby=["SP-40216 · 12 Wren Close", "SP-40218 · 16 Wren Close",
                             "SP-40227 · 14 Wren Close (garden standpipe)"]),
}

WREN_P1 = [("SP-40201", "Service point", "2 Wren Close, Halbury", "North", "Active"),
           ("SP-40203", "Service point", "4 Wren Close, Halbury", "North", "Active"),
           ("SP-40205", "Service point", "6 Wren Close, Halbury", "North", "Active"),
           ("SP-40207", "Service point", "8 Wren Close, Halbury", "North", "Active"),
           ("SP-40208", "Service point", "8A Wren Close, Halbury", "North", "Active"),
           ("SP-40209", "Service point", "10 Wren Close, Halbury", "North", "Active"),
           ("SP-40210", "Service point", "1 Wren Close, Halbury", "North", "Active"),
           ("SP-40212", "Service point", "3 Wren Close, Halbury", "North", "Active"),
           ("SP-40214", "Service point", "5 Wren Close, Halbury", "North", "Active"),
           ("SP-40216", "Service point", "12 Wren Close, Halbury", "North", "Active")]
WREN_P2 = [("SP-40217", "Service point", "14 Wren Close, Halbury", "North", "Active"),
           ("SP-40218", "Service point", "16 Wren Close, Halbury", "North", "Active"),
           ("SP-40220", "Service point", "18 Wren Close, Halbury", "North", "Active"),
           ("SP-40227", "Service point (garden standpipe)", "14 Wren Close, Halbury", "North", "Inactive")]
ALL_ASSETS_P1 = [("SP-40101", "Service point", "1 Abbey Mead, Halbury", "North", "Active"),
                 ("SP-40102", "Service point", "3 Abbey Mead, Halbury", "North", "Active"),
                 ("SP-40104", "Service point", "7 Abbey Mead, Halbury", "North", "Active"),
                 ("SP-40106", "Service point", "2 Acre Lane, Halbury", "North", "Active"),
                 ("SP-40107", "Service point", "4 Acre Lane, Halbury", "North", "Void"),
                 ("SP-40111", "Service point", "12 Alder Street, Halbury", "North", "Active"),
                 ("SP-40113", "Service point", "16 Alder Street, Halbury", "North", "Active"),
                 ("SP-40118", "Service point", "The Old Forge, Back Lane, Halbury", "North", "Active"),
                 ("SP-40120", "Service point", "9 Barley Rise, Halbury", "North", "Active"),
                 ("SP-40121", "Service point", "11 Barley Rise, Halbury", "North", "Active")]

SEARCH = {
    "SP-40217": [("SP-40217", "Service point", "14 Wren Close, Halbury", "Active"),
                 ("SP-40271", "Service point", "14 Wren Court, Halbury", "Active"),
                 ("SP-40227", "Service point (garden standpipe)", "14 Wren Close, Halbury", "Inactive")],
    "14 Wren": [("SP-40271", "Service point", "14 Wren Court, Halbury", "Active"),
                ("WO-57002", "Leak repair — service pipe", "14 Wren Court, Halbury", "Closed"),
                ("SP-40227", "Service point (garden standpipe)", "14 Wren Close, Halbury", "Inactive"),
                ("SP-40217", "Service point", "14 Wren Close, Halbury", "Active")],
    "WO-58213": [("WO-58213", "Meter exchange", "7 Larch Row, Osterby", "Scheduled"),
                 ("WO-58231", "Meter exchange", "7 Larch Road, Halbury", "Scheduled"),
                 ("WO-58123", "Hydrant inspection", "H-2207 · Station Road, Halbury", "Closed")],
    "Larch": [("WO-58231", "Meter exchange", "7 Larch Road, Halbury", "Scheduled"),
              ("WO-58213", "Meter exchange", "7 Larch Row, Osterby", "Scheduled"),
              ("WO-58214", "Meter exchange", "9 Larch Row, Osterby", "Scheduled"),
              ("SP-31877", "Service point", "7 Larch Row, Osterby", "Active"),
              ("M-1182734", "Meter · 15 mm", "7 Larch Row, Osterby", "Installed")],
}
SEARCH_SORTED = {"14 Wren": sorted(SEARCH["14 Wren"])}

METER_WOS = {
    "WO-58213": dict(addr="7 Larch Row, Osterby OS2 7LR", account="30011842 · J. Pell",
                     meter="M-1182734", size="15 mm", installed="14 May 2009",
                     last="04388", last_date="14 Nov 2023", sched="12 Mar 2024, 09:00–12:00",
                     reason="Scheduled replacement — meter over 14 years old",
                     others=[("WO-57990", "Leak repair — meter box", "7 Larch Row, Osterby", "Closed 30 Jan 2024"),
                             ("WO-58620", "Meter reading check", "7 Larch Row, Osterby", "Scheduled 26 Mar 2024")]),
    "WO-58231": dict(addr="7 Larch Road, Halbury HB3 1LD", account="30027765 · R. Osei",
                     meter="M-1187734", size="15 mm", installed="2 Sep 2010",
                     last="03977", last_date="21 Nov 2023", sched="12 Mar 2024, 13:00–16:00",
                     reason="Scheduled replacement — meter over 13 years old",
                     others=[("WO-56630", "Meter reading check", "7 Larch Road, Halbury", "Closed 21 Nov 2023")]),
}
NEW_METERS = {"M-2290415": "Aquila R160 · 15 mm · van stock VN-12 (North-2)"}

# Open meter exchanges for crew North-2: (wo, type, location, scheduled, priority, status, crew)
QUEUE = [("WO-58188", "Meter exchange", "40 Chapel Street, Halbury", "11 Mar 13:00–16:00", "P3", "In progress", "North-2"),
         ("WO-58197", "Meter exchange", "Unit 4, Tanner's Yard, Osterby", "11 Mar 13:00–16:00", "P3", "Overdue", "North-2"),
         ("WO-58209", "Meter exchange", "31 Bell Street, Halbury", "12 Mar 09:00–12:00", "P3", "In progress", "North-2"),
         ("WO-58213", "Meter exchange", "7 Larch Row, Osterby", "12 Mar 09:00–12:00", "P3", "Scheduled", "North-2"),
         ("WO-58214", "Meter exchange", "9 Larch Row, Osterby", "12 Mar 09:00–12:00", "P3", "Scheduled", "North-2"),
         ("WO-58219", "Meter exchange", "11 Pound Lane, Halbury", "12 Mar 09:00–12:00", "P3", "Scheduled", "North-2"),
         ("WO-58226", "Meter exchange", "5 Saltmarsh Lane, Osterby", "12 Mar 13:00–16:00", "P3", "Scheduled", "North-2"),
         ("WO-58230", "Meter exchange", "22 Ferry Road, Halbury", "12 Mar 13:00–16:00", "P3", "Scheduled", "North-2"),
         ("WO-58231", "Meter exchange", "7 Larch Road, Halbury", "12 Mar 13:00–16:00", "P3", "Scheduled", "North-2"),
         ("WO-58238", "Meter exchange", "2 Coopers Mews, Osterby", "13 Mar 09:00–12:00", "P3", "Scheduled", "North-2"),
         ("WO-58244", "Meter exchange", "Flat 3, 41 Orchard Street, Halbury", "13 Mar 09:00–12:00", "P3", "Scheduled", "North-2"),
         ("WO-58251", "Meter exchange", "9 Kiln Street, Osterby", "13 Mar 13:00–16:00", "P3", "Scheduled", "North-2"),
         ("WO-58260", "Meter exchange", "18 Weir Road, Halbury", "14 Mar 13:00–16:00", "P3", "Scheduled", "North-2"),
         ("WO-58262", "Meter exchange", "3 Osier Walk, Osterby", "14 Mar 09:00–12:00", "P3", "Scheduled", "North-2")]
MIXED_OPEN = [("WO-58190", "Valve exercise", "V-3310 · Mill Lane, Osterby", "12 Mar 09:00–12:00", "P3", "In progress", "North-2"),
              ("WO-58213", "Meter exchange", "7 Larch Row, Osterby", "12 Mar 09:00–12:00", "P3", "Scheduled", "North-2"),
              ("WO-58214", "Meter exchange", "9 Larch Row, Osterby", "12 Mar 09:00–12:00", "P3", "Scheduled", "North-2"),
              ("WO-58302", "Leak repair — main", "MN-0912 · Quay Street, Halbury", "12 Mar 11:00", "P1", "Dispatched", "Mains Gang A"),
              ("WO-58318", "Leak repair — service pipe", "27 Heron Way, Halbury", "12 Mar 16:30", "P2", "Dispatched", "North-2"),
              ("WO-58231", "Meter exchange", "7 Larch Road, Halbury", "12 Mar 13:00–16:00", "P3", "Scheduled", "North-2"),
              ("WO-58321", "Hydrant inspection", "H-2270 · Wren Court, Halbury", "13 Mar 09:00", "P3", "Scheduled", "North-2"),
              ("WO-58238", "Meter exchange", "2 Coopers Mews, Osterby", "13 Mar 09:00–12:00", "P3", "Scheduled", "North-2")]

TODAY_WORK = [("WO-58209", "Meter exchange", "31 Bell Street, Halbury", "09:00–12:00", "In progress"),
              ("WO-58213", "Meter exchange", "7 Larch Row, Osterby", "09:00–12:00", "Scheduled"),
              ("WO-58214", "Meter exchange", "9 Larch Row, Osterby", "09:00–12:00", "Scheduled"),
              ("WO-58231", "Meter exchange", "7 Larch Road, Halbury", "13:00–16:00", "Scheduled"),
              ("WO-58318", "Leak repair — service pipe", "27 Heron Way, Halbury", "by 16:30", "Dispatched")]

SEVERITIES = ["Low — seeping or damp ground", "Medium — steady running water", "High — flooding or loss of supply"]
SURFACES = ["Footway", "Carriageway", "Verge or open ground", "Private land"]
PRIORITIES = ["P1 – Emergency (2 hours)", "P2 – Urgent (24 hours)", "P3 – Routine (5 working days)"]
TARGETS = {PRIORITIES[0]: "12 Mar 2024, {h2}", PRIORITIES[1]: "13 Mar 2024, {hm}", PRIORITIES[2]: "19 Mar 2024, 17:00"}
CREWS = ["Unassigned (dispatch queue)", "North-1", "North-2", "South-1", "Mains Gang A"]
SOURCES = ["Service pipe", "Main", "Hydrant", "Meter box", "Unknown"]
CONDITIONS = ["Working", "Stopped", "Damaged", "Frozen", "Dial unreadable"]
SIZES = ["15 mm", "20 mm", "25 mm"]
SELECT_SEV = "Select severity"
SELECT_SURF = "Select surface"


# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------
def dashboard(load, recent, q="", toast=None, notif=3):
    p = Page(load, f"{HOST}/fieldops/dashboard", f"Dashboard · {PRODUCT}")
    chrome(p, "Dashboard", q, notif)
    p.n(2, "heading", "Good morning, Dana")
    p.t(2, f"{TODAY_LONG} · North District · Crew North-2 · Van VN-12")
    p.n(2, "region", "Today's work")
    p.n(3, "heading", "Today's work")
    table(p, 3, "Today's work", ["Work order", "Type", "Location", "Window", "Status"], TODAY_WORK)
    p.n(3, "link", "View all work orders")
    p.n(2, "region", "Network alerts")
    p.n(3, "heading", "Network alerts")
    p.n(3, "list", "")
    for a in ["Planned shutdown: MN-0881 Wren Close main, Wed 13 Mar 09:00–13:00 (WO-58277)",
              "Low pressure reports: Halbury high zone, 3 in the last 24 hours",
              "Traffic management booked: Quay Street, 12–14 Mar"]:
        p.n(4, "listitem", "")
        p.t(5, a)
    p.n(2, "region", "Quick actions")
    p.n(3, "heading", "Quick actions")
    for b in ["New work order", "Record a meter reading", "Report a hazard"]:
        p.n(3, "button", b)
    footer(p, recent, toast)
    return p


def search_page(load, q, recent, sort="Relevance", rows=None):
    rows = rows if rows is not None else SEARCH[q]
    p = Page(load, f"{HOST}/fieldops/search?q={q.replace(' ', '+')}" + ("" if sort == "Relevance" else "&sort=id"),
             f"Search: {q} · {PRODUCT}")
    chrome(p, None, q)
    breadcrumb(p, ["Dashboard", "Search"])
    p.n(2, "heading", f"Search results for '{q}'")
    na = sum(1 for r in rows if r[0].startswith("SP-"))
    nw = sum(1 for r in rows if r[0].startswith("WO-"))
    nm = sum(1 for r in rows if r[0].startswith("M-"))
    p.n(2, "tablist", "Result types")
    p.n(3, "tab", f"All ({len(rows)})", "selected=True")
    p.n(3, "tab", f"Assets ({na})", "selected=False")
    p.n(3, "tab", f"Work orders ({nw})", "selected=False")
    p.n(3, "tab", f"Meters ({nm})", "selected=False")
    combobox(p, 2, "Sort by", sort, ["Relevance", "ID", "Address", "Last updated"])
    p.t(2, f"{len(rows)} results, including similar IDs and addresses")
    table(p, 2, "Search results", ["ID", "Type", "Location", "Status"], rows)
    footer(p, recent)
    return p


def assets_page(load, recent, flt="", applied="", page=1):
    if applied:
        rows = WREN_P1 if page == 1 else WREN_P2
        pages, total = 2, 14
    else:
        rows, pages, total = ALL_ASSETS_P1, 87, 862
    start = (page - 1) * 10 + 1
    url = f"{HOST}/fieldops/assets?type=service_point&district=north"
    if applied:
        url += f"&address={applied.replace(' ', '+')}"
    url += f"&sort=id&page={page}"
    p = Page(load, url, f"Assets · {PRODUCT}")
    chrome(p, "Assets")
    breadcrumb(p, ["Dashboard", "Assets"])
    p.n(2, "heading", "Assets")
    p.n(2, "region", "Filters")
    p.n(3, "heading", "Filters")
    combobox(p, 3, "Asset type", "Service points", ["All types", "Service points", "Mains", "Hydrants", "Valves", "Meters"])
    combobox(p, 3, "District", "North", ["All districts", "North", "South", "Coastal"])
    p.n(3, "textbox", "Filter by street or address", "clickable", *([val(flt)] if flt else []))
    p.n(3, "button", "Apply filters")
    p.n(3, "button", "Clear filters")
    if applied:
        p.t(3, f"Filtered by address: {applied}")
    table(p, 2, "Assets", ["Asset ID", "Type", "Address", "District", "Status"], rows,
          sort=("Asset ID", "ascending"))
    pagination(p, 2, page, min(pages, 3) if pages > 3 else pages,
               f"Showing {start}–{start + len(rows) - 1} of {total}")
    footer(p, recent)
    return p


def asset_page(load, sp, recent, extra_wos=(), toast=None):
    a = ASSETS[sp]
    p = Page(load, f"{HOST}/fieldops/assets/{sp}", f"{sp} · {a['address'].split(',')[0]} · {PRODUCT}")
    chrome(p, "Assets")
    breadcrumb(p, ["Assets", "Service points", sp])
    p.n(2, "heading", f"Service point {sp}")
    p.t(2, a["address"])
    p.n(2, "button", "Raise leak repair")
    p.n(2, "button", "Raise other work order", "hasPopup='menu'", "expanded=False")
    p.n(2, "button", "View on map")
    kv(p, 2, "Service point details", [("Type", a["kind"]), ("Status", a["status"]), ("District", a["district"]),
                                       ("Supply main", a["main"]), ("Meter", a["meter"]),
                                       ("Customer account", a["account"]), ("Stop tap", a["stoptap"])])
    p.n(2, "region", f"Work orders at {sp}")
    p.n(3, "heading", f"Work orders at {sp}")
    table(p, 3, f"Work orders at {sp}", ["Work order", "Type", "Status", "Date"], list(extra_wos) + a["wos"])
    p.n(2, "region", "Nearby assets")
    p.n(3, "heading", "Nearby assets")
    p.n(3, "list", "")
    for nb in a["nearby"]:
        p.n(4, "listitem", "")
        p.n(5, "link", nb)
    footer(p, recent, toast)
    return p


def wo_list(load, recent, mode="queue", tab="Open", page=1, sort=("Scheduled", "ascending"),
            menu_open=False, toast=None, drafts=()):
    if mode == "queue":
        rows = sorted(QUEUE, key=lambda r: (r[3][:6], r[3][7:], r[0]))
        if sort[0] == "Work order":
            rows = sorted(QUEUE, key=lambda r: r[0], reverse=(sort[1] == "descending"))
        total = len(rows)
        rows = rows[(page - 1) * 10: page * 10]
        wtype, pages = "Meter exchange", 2
    else:
        rows, total, wtype, pages = MIXED_OPEN, len(MIXED_OPEN), "All types", 1
    url = f"{HOST}/fieldops/workorders?tab={tab.lower()}&crew=north-2&status=open"
    if mode == "queue":
        url += "&type=meter_exchange"
    url += f"&sort={sort[0].lower().replace(' ', '_')}&dir={sort[1][:3]}&page={page}"
    p = Page(load, url, f"Work orders · {PRODUCT}")
    chrome(p, "Work orders")
    breadcrumb(p, ["Dashboard", "Work orders"])
    p.n(2, "heading", "Work orders")
    p.n(2, "button", "New work order", "hasPopup='menu'", f"expanded={menu_open}")
    if menu_open:
        p.n(3, "menu", "New work order", "orientation='vertical'")
        for m in ["Leak repair", "Meter exchange", "Valve exercise", "Hydrant inspection", "Other"]:
            p.n(4, "menuitem", m)
    p.n(2, "tablist", "Work order views")
    n_drafts = 1 + len(drafts)
    for tb in [f"Open ({total})", f"Drafts ({n_drafts})", "Completed today (2)"]:
        p.n(3, "tab", tb, f"selected={tb.startswith(tab)}")
    p.n(2, "region", "Filters")
    p.n(3, "heading", "Filters")
    combobox(p, 3, "Work type", wtype, ["All types", "Leak repair", "Meter exchange", "Valve exercise", "Hydrant inspection"])
    combobox(p, 3, "Status", "Open", ["Open", "Scheduled", "In progress", "Overdue", "Completed"])
    combobox(p, 3, "Crew", "North-2", ["All crews", "North-1", "North-2", "South-1", "Mains Gang A"])
    p.n(3, "button", "Apply filters")
    p.n(3, "button", "Reset filters")
    if tab == "Drafts":
        drows = list(drafts) + [("DR-1187", "Valve exercise — V-3310 · Mill Lane, Osterby", "Saved 11 Mar 2024, 15:42")]
        p.t(2, "Drafts are kept for 14 days.")
        table(p, 2, "Draft work orders", ["Draft", "Summary", "Last saved"], drows, links=(),
              extra_link=lambda r: f"Resume {r[0]}")
    else:
        table(p, 2, "Work orders", ["Work order", "Type", "Location", "Scheduled", "Priority", "Status", "Crew"],
              rows, sort=sort)
        start = (page - 1) * 10 + 1
        pagination(p, 2, page, pages, f"Showing {start}–{start + len(rows) - 1} of {total}")
    footer(p, recent, toast)
    return p


LEAK_STEPS = ["Location", "Leak details", "Priority & crew", "Review"]


def leak_state(**kw):
    st = dict(step=1, asset=None, find="", found=None, picked=None, notes="", source=None, severity=SELECT_SEV,
              surface=SELECT_SURF, flow="", traffic=False, callref="", desc="", priority=PRIORITIES[2],
              crew=CREWS[0], sms=False, draft=None, saved_at=None, dialog=False, busy=False, clock="10:14")
    st.update(kw)
    return st


def target_date(st):
    h, m = map(int, st["clock"].split(":"))
    return TARGETS[st["priority"]].format(h2=f"{h + 2:02d}:{m:02d}", hm=st["clock"])


def leak_wizard(load, st, recent, toast=None, alert=None):
    s = st["step"]
    asset = st["asset"]
    if st["draft"]:
        url = f"{HOST}/fieldops/workorders/drafts/{st['draft']}?step={s}"
    else:
        url = f"{HOST}/fieldops/workorders/new?type=leak_repair" + (f"&asset={asset}" if asset else "") + f"&step={s}"
    p = Page(load, url, f"Raise leak repair · Step {s} of 4: {LEAK_STEPS[s - 1]} · {PRODUCT}")
    chrome(p, "Work orders")
    breadcrumb(p, ["Work orders", st["draft"] or "New leak repair"])
    p.n(2, "heading", "Raise leak repair work order")
    if st["draft"]:
        p.t(2, f"Draft {st['draft']} · last saved {st['saved_at']} by {USER}")
    p.n(2, "list", "Progress")
    for i, nm in enumerate(LEAK_STEPS, 1):
        state = "completed" if i < s else ("current step" if i == s else "not started")
        p.n(3, "listitem", f"Step {i} of 4: {nm}, {state}", *(["current='step'"] if i == s else []))
    p.n(2, "heading", f"Step {s} of 4: {LEAK_STEPS[s - 1]}")
    a = ASSETS["SP-40217"]
    if s == 1:
        if asset:
            p.n(2, "group", "Selected asset")
            p.t(3, f"Selected asset: {asset} · Service point · {a['address']}")
            p.t(3, f"Supply main {a['main']} · Meter {a['meter']}")
            p.n(3, "button", "Change asset")
        else:
            p.n(2, "searchbox", "Find asset by ID or address", "clickable", *([val(st["find"])] if st["find"] else []))
            p.n(2, "button", "Find asset")
            if st["found"]:
                p.t(2, f"{len(st['found'])} matching assets")
                p.n(2, "radiogroup", "Matching assets", "required")
                for f in st["found"]:
                    p.n(3, "radio", f, chk(st["picked"] == f))
            if st["picked"]:
                p.t(2, f"Selected asset: {st['picked']}")
        p.n(2, "textbox", "Location notes (optional)", "clickable", *([val(st["notes"])] if st["notes"] else []))
        p.n(2, "button", "Cancel")
        p.n(2, "button", "Next: Leak details")
    elif s == 2:
        p.t(2, f"Asset: {asset} · {a['address']}")
        p.n(2, "radiogroup", "Leak source", "required")
        for src in SOURCES:
            p.n(3, "radio", src, chk(st["source"] == src))
        combobox(p, 2, "Severity", st["severity"], [SELECT_SEV] + SEVERITIES, required=True)
        combobox(p, 2, "Surface", st["surface"], [SELECT_SURF] + SURFACES, required=True)
        p.n(2, "textbox", "Estimated flow in litres per minute (optional)", "clickable", *([val(st["flow"])] if st["flow"] else []))
        p.n(2, "checkbox", "Traffic management required", "clickable", chk(st["traffic"]))
        p.n(2, "textbox", "Customer call reference (optional)", "clickable", *([val(st["callref"])] if st["callref"] else []))
        p.n(2, "textbox", "Description", "clickable", "multiline", "required", *([val(st["desc"])] if st["desc"] else []))
        p.t(2, "Describe what you can see: where the water is coming from and where it is going.")
        p.n(2, "button", "Back")
        p.n(2, "button", "Save draft and close")
        p.n(2, "button", "Next: Priority & crew")
    elif s == 3:
        p.t(2, f"Asset: {asset} · {a['address']} · {st['source']} leak · {st['severity'].split(' —')[0]}")
        combobox(p, 2, "Priority", st["priority"], PRIORITIES, required=True)
        p.t(2, f"Target completion: {target_date(st)}")
        combobox(p, 2, "Assign crew", st["crew"], CREWS, required=True)
        p.t(2, "Crews on shift today: North-1 (2 jobs), North-2 (4 jobs), South-1 (3 jobs), Mains Gang A (1 job)")
        p.n(2, "checkbox", "Send the customer an SMS update (optional)", "clickable", chk(st["sms"]))
        p.n(2, "button", "Back")
        p.n(2, "button", "Save draft and close")
        p.n(2, "button", "Next: Review")
    else:
        surface = st["surface"] if st["surface"] != SELECT_SURF else "Not set"
        kv(p, 2, "Work order summary", [
            ("Asset", f"{asset} · Service point"), ("Address", a["address"]),
            ("Work type", f"Leak repair — {st['source'].lower()}"), ("Leak source", st["source"]),
            ("Severity", st["severity"]), ("Surface", surface),
            ("Estimated flow", st["flow"] + " l/min" if st["flow"] else "Not given"),
            ("Traffic management", "Required" if st["traffic"] else "Not required"),
            ("Customer call reference", st["callref"] or "None"), ("Description", st["desc"]),
            ("Priority", st["priority"]), ("Target completion", target_date(st)),
            ("Crew", st["crew"]), ("Customer SMS updates", "Yes" if st["sms"] else "No")])
        p.n(2, "link", "Edit location")
        p.n(2, "link", "Edit leak details")
        p.n(2, "link", "Edit priority and crew")
        p.n(2, "button", "Back")
        p.n(2, "button", "Save draft and close")
        if st["busy"]:
            p.t(2, "Submitting work order…")
        p.n(2, "button", "Submit work order")
        if st["dialog"]:
            crew = st["crew"]
            dest = "add it to the dispatch queue" if crew == CREWS[0] else f"dispatch it to {crew}"
            p.n(1, "alertdialog", "Submit work order?", "modal=True")
            p.n(2, "heading", "Submit work order?")
            p.t(2, f"This will create a leak repair work order for {asset} ({a['address'].split(',')[0]}) and {dest}. "
                   "Once submitted, only Network Control can cancel it.")
            p.n(2, "button", "Cancel")
            p.n(2, "button", "Submit")
    footer(p, recent, toast, alert)
    return p


def leak_wo_page(load, wo, st, recent, status, activity, toast=None, others=()):
    a = ASSETS["SP-40217"]
    p = Page(load, f"{HOST}/fieldops/workorders/{wo}", f"{wo} · Leak repair · {PRODUCT}")
    chrome(p, "Work orders")
    breadcrumb(p, ["Work orders", wo])
    p.n(2, "heading", f"{wo} · Leak repair — {st['source'].lower()}")
    p.t(2, f"Status: {status}")
    for b in ["Add note", "Attach photo", "Reassign", "Request cancellation"]:
        p.n(2, "button", b)
    surface = st["surface"] if st["surface"] != SELECT_SURF else "Not set"
    kv(p, 2, "Work order details", [
        ("Status", status), ("Asset", f"{st['asset']} · Service point"), ("Address", a["address"]),
        ("Leak source", st["source"]), ("Severity", st["severity"]), ("Surface", surface),
        ("Customer call reference", st["callref"] or "None"), ("Priority", st["priority"]),
        ("Target completion", target_date(st)), ("Crew", st["crew"]),
        ("Raised", f"12 Mar 2024, {st['clock']} by {USER}"), ("Description", st["desc"])])
    p.n(2, "region", "Activity")
    p.n(3, "heading", "Activity")
    p.n(3, "list", "")
    for ev in activity:
        p.n(4, "listitem", "")
        p.t(5, ev)
    p.n(2, "region", f"Other work orders at {st['asset']}")
    p.n(3, "heading", f"Other work orders at {st['asset']}")
    table(p, 3, f"Other work orders at {st['asset']}", ["Work order", "Type", "Status", "Date"], list(others) + a["wos"])
    footer(p, recent, toast)
    return p


EX_STEPS = ["Old meter", "New meter", "Review"]


def ex_state(wo="WO-58213", **kw):
    st = dict(wo=wo, step=1, final="", method="Actual (read on site)", condition="Working", serial="",
              initial="", size="15 mm", seal="", dialog=False, clock="10:31")
    st.update(kw)
    return st


def meter_wo_page(load, wo, recent, status="Scheduled", crew="North-2", toast=None, done=None,
                  draft_saved=None, activity=None, dialog=False, history_extra=(), meter_override=None):
    w = METER_WOS[wo]
    p = Page(load, f"{HOST}/fieldops/workorders/{wo}", f"{wo} · Meter exchange · {PRODUCT}")
    chrome(p, "Work orders")
    breadcrumb(p, ["Work orders", wo])
    p.n(2, "heading", f"{wo} · Meter exchange")
    p.t(2, w["addr"])
    p.t(2, f"Status: {status}")
    if done is None and status not in ("Completed",) and not status.startswith("Completed"):
        p.n(2, "button", "Resume meter exchange" if draft_saved else "Start meter exchange")
        if draft_saved:
            p.t(2, f"Exchange draft saved at {draft_saved}: old meter final reading recorded, new meter not yet recorded.")
    if not status.startswith("Completed"):
        p.n(2, "button", "Close out work order")
    for b in ["Reassign", "Add note"]:
        p.n(2, "button", b)
    if done:
        meter = f"{done['serial']} · {done['size']} · installed 12 Mar 2024"
        last = f"{done['initial']} (initial reading, 12 Mar 2024)"
    else:
        meter = meter_override or f"{w['meter']} · {w['size']} · installed {w['installed']}"
        last = f"{w['last']} (Actual, {w['last_date']})"
    kv(p, 2, "Work order details", [
        ("Status", status), ("Location", w["addr"]), ("Customer account", w["account"]),
        ("Meter on site", meter), ("Last reading", last), ("Scheduled", w["sched"]),
        ("Crew", crew), ("Priority", "P3 – Routine"), ("Reason", w["reason"])])
    p.n(2, "region", "Meter history at this property")
    p.n(3, "heading", "Meter history at this property")
    hist = list(history_extra)
    if done:
        hist += [(done["serial"], f"Installed 12 Mar 2024, initial reading {done['initial']}"),
                 (w["meter"], f"Removed 12 Mar 2024, final reading {done['final']} ({done['method'].split(' ')[0]})")]
    hist += [(w["meter"], f"Read {w['last_date']}: {w['last']} (Actual)"),
             (w["meter"], f"Installed {w['installed']}")]
    table(p, 3, "Meter history", ["Meter", "Event"], hist)
    p.n(2, "region", "Activity")
    p.n(3, "heading", "Activity")
    p.n(3, "list", "")
    for ev in (activity or ["8 Mar 2024, 16:05 · Scheduled for North-2 by Planning (auto)"]):
        p.n(4, "listitem", "")
        p.t(5, ev)
    p.n(2, "region", f"Other work orders for account {w['account'].split(' ')[0]}")
    p.n(3, "heading", f"Other work orders for account {w['account'].split(' ')[0]}")
    table(p, 3, "Other work orders for this customer", ["Work order", "Type", "Location", "Status"], w["others"])
    if dialog:
        p.n(1, "alertdialog", "Close out work order?", "modal=True")
        p.n(2, "heading", "Close out work order?")
        p.t(2, f"{wo} will be marked completed and removed from the crew's open work.")
        combobox(p, 2, "Outcome", "Work completed", ["Work completed", "No access", "Customer refused", "Not required"])
        p.n(2, "textbox", "Close-out note (optional)", "clickable", "multiline")
        p.n(2, "button", "Cancel")
        p.n(2, "button", "Close out")
    footer(p, recent, toast)
    return p


def exchange_form(load, st, recent, toast=None):
    wo, s = st["wo"], st["step"]
    w = METER_WOS[wo]
    p = Page(load, f"{HOST}/fieldops/workorders/{wo}/exchange?step={s}",
             f"Meter exchange · {wo} · Step {s} of 3: {EX_STEPS[s - 1]} · {PRODUCT}")
    chrome(p, "Work orders")
    breadcrumb(p, ["Work orders", wo, "Meter exchange"])
    p.n(2, "heading", f"Meter exchange for {wo}")
    p.t(2, w["addr"])
    p.n(2, "list", "Progress")
    for i, nm in enumerate(EX_STEPS, 1):
        state = "completed" if i < s else ("current step" if i == s else "not started")
        p.n(3, "listitem", f"Step {i} of 3: {nm}, {state}", *(["current='step'"] if i == s else []))
    p.n(2, "heading", f"Step {s} of 3: {EX_STEPS[s - 1]}")
    if s == 1:
        kv(p, 2, "Meter on site", [("Serial", w["meter"]), ("Size", w["size"]),
                                   ("Last reading", f"{w['last']} (Actual) on {w['last_date']}")])
        p.n(2, "textbox", "Final reading (m³)", "clickable", "required", *([val(st["final"])] if st["final"] else []))
        p.n(2, "radiogroup", "Reading method", "required")
        for m in ["Actual (read on site)", "Estimated"]:
            p.n(3, "radio", m, chk(st["method"] == m))
        combobox(p, 2, "Old meter condition", st["condition"], CONDITIONS)
        p.n(2, "button", "Cancel")
        p.n(2, "button", "Save and exit")
        p.n(2, "button", "Next: New meter")
    elif s == 2:
        p.t(2, f"Old meter: {w['meter']} · final reading {st['final']} ({st['method'].split(' ')[0]})")
        p.n(2, "textbox", "New meter serial", "clickable", "required", *([val(st["serial"])] if st["serial"] else []))
        if st["serial"] in NEW_METERS:
            p.t(2, f"Found in van stock: {st['serial']} · {NEW_METERS[st['serial']]}")
            p.n(2, "link", f"View meter {st['serial']}")
        p.n(2, "textbox", "Initial reading (m³)", "clickable", "required", *([val(st["initial"])] if st["initial"] else []))
        combobox(p, 2, "Meter size", st["size"], SIZES)
        p.n(2, "textbox", "Seal number (optional)", "clickable", *([val(st["seal"])] if st["seal"] else []))
        p.n(2, "button", "Back")
        p.n(2, "button", "Save and exit")
        p.n(2, "button", "Next: Review")
    else:
        used = int(st["final"]) - int(w["last"])
        kv(p, 2, "Exchange summary", [
            ("Work order", wo), ("Location", w["addr"]),
            ("Old meter", w["meter"]), ("Final reading", f"{st['final']} m³ · {st['method']}"),
            ("Old meter condition", st["condition"]),
            ("Consumption since last reading", f"{used} m³ since {w['last_date']}"),
            ("New meter", f"{st['serial']} · {st['size']}"), ("Initial reading", f"{st['initial']} m³"),
            ("Seal number", st["seal"] or "Not recorded")])
        p.n(2, "link", "Edit old meter")
        p.n(2, "link", "Edit new meter")
        p.n(2, "button", "Back")
        p.n(2, "button", "Save and exit")
        p.n(2, "button", "Complete meter exchange")
        if st["dialog"]:
            p.n(1, "alertdialog", "Complete meter exchange?", "modal=True")
            p.n(2, "heading", "Complete meter exchange?")
            p.t(2, f"The final reading {st['final']} for {w['meter']} and the initial reading {st['initial']} for "
                   f"{st['serial']} will be sent to billing, and {wo} will be marked completed.")
            p.n(2, "button", "Cancel")
            p.n(2, "button", "Complete exchange")
    footer(p, recent, toast)
    return p


def meter_detail(load, serial, recent):
    p = Page(load, f"{HOST}/fieldops/meters/{serial}", f"Meter {serial} · {PRODUCT}")
    chrome(p, "Meters")
    breadcrumb(p, ["Meters", "Van stock VN-12", serial])
    p.n(2, "heading", f"Meter {serial}")
    kv(p, 2, "Meter details", [("Status", "In stock — van VN-12 (North-2)"), ("Model", "Aquila R160"),
                               ("Size", "15 mm"), ("Register", "5 digits, m³"), ("Received", "4 Mar 2024 from Osterby stores"),
                               ("Test certificate", "TC-771204 · passed 28 Feb 2024")])
    p.n(2, "button", "Transfer to another van")
    p.n(2, "button", "Report faulty")
    p.n(2, "region", "Other meters in van VN-12")
    p.n(3, "heading", "Other meters in van VN-12")
    table(p, 3, "Van stock", ["Meter", "Model", "Size", "Status"],
          [("M-2290416", "Aquila R160", "15 mm", "In stock"), ("M-2290451", "Aquila R160", "15 mm", "In stock"),
           ("M-2288102", "Aquila R250", "20 mm", "In stock")])
    footer(p, recent)
    return p


def denied_page(load, wo, recent):
    p = Page(load, f"{HOST}/fieldops/workorders/{wo}/exchange?step=1", f"Access restricted · {PRODUCT}")
    chrome(p, "Work orders")
    breadcrumb(p, ["Work orders", wo, "Meter exchange"])
    p.n(2, "heading", "You can't record this meter exchange")
    p.t(2, f"{wo} was reassigned to crew South-1 at 09:52 by Network Control. "
           "Only the assigned crew or a Metering Officer can record an exchange on it.")
    p.t(2, "If you are on site now, ask your supervisor to reassign the work order to you.")
    p.n(2, "link", f"Back to {wo}")
    p.n(2, "link", "Go to my work orders")
    footer(p, recent)
    return p


# ---------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------
class Run:
    def __init__(self, rid, workflow, fault=None):
        self.rid, self.workflow, self.fault = rid, workflow, fault
        self.fault_step = None
        self.steps = []
        self.page = None
        self.initial = None

    def start(self, page):
        self.page = page
        self.initial = page.obs()

    def mark(self):
        """The next step is the labelled first off-track step."""
        assert self.fault and self.fault_step is None
        self.fault_step = len(self.steps)

    def do(self, commitment, kind, role, name, nxt, reasoning, effect="read", value=None, nth=0):
        bid = self.page.find(role, name, nth)
        if kind == "click":
            cmd = f"click({bid!r})"
        elif kind == "fill":
            cmd = f"fill({bid!r}, {value!r})"
        elif kind == "select":
            cmd = f"select_option({bid!r}, {value!r})"
        elif kind == "press":
            cmd = f"press({bid!r}, {value!r})"
        else:
            raise ValueError(kind)
        page = nxt() if callable(nxt) else nxt
        self.steps.append({"commitment": commitment,
                           "action": {"command": cmd, "reasoning": reasoning,
                                      "target": f"{role} {name!r}", "effect": effect},
                           "observation": page.obs()})
        self.page = page

    def say(self, commitment, msg, reasoning):
        self.steps.append({"commitment": commitment,
                           "action": {"command": f"send_msg_to_user({msg!r})", "reasoning": reasoning,
                                      "target": "message to the user", "effect": "read"},
                           "observation": self.page.obs()})

    def record(self):
        assert (self.fault is None) == (self.fault_step is None), self.rid
        return {"id": self.rid, "workflow": self.workflow, "task": TASKS[self.workflow],
                "plan": f"plans/{self.workflow}.yaml",
                "label": {"fault": self.fault, "first_off_track_step": self.fault_step},
                "initial_observation": self.initial, "steps": self.steps,
                "outcome": {"success": self.fault is None}}


# --- leak repair helpers ----------------------------------------------------
DESC = ["Customer reports water running from the service pipe along the footway outside no. 14, "
        "coming up near the boundary box.",
        "Steady flow of clean water from the footway by the boundary box outside 14 Wren Close; "
        "reported by the customer at 08:50.",
        "Water surfacing on the footway outside no. 14 near the stop tap, running into the gutter."]


def leak_open_wizard(r, st, recent):
    """From the asset page: start the wizard and move to step 2."""
    st.update(asset="SP-40217", step=1)
    L = Load()
    r.do("start-leak-order", "click", "button", "Raise leak repair", leak_wizard(L, st, recent),
         "Start a leak repair work order from the service point record")
    st["step"] = 2
    L = Load()
    r.do("start-leak-order", "click", "button", "Next: Leak details", leak_wizard(L, st, recent),
         "The asset is pre-filled as SP-40217; continue to the leak details")
    return L


def leak_details(r, L, st, recent, desc, skip_surface=False, order="normal"):
    def source():
        st["source"] = "Service pipe"
        r.do("enter-leak-details", "click", "radio", "Service pipe", leak_wizard(L, st, recent),
             "The leak is on the service pipe", effect="write")

    def severity():
        st["severity"] = SEVERITIES[1]
        r.do("enter-leak-details", "select", "combobox", "Severity", leak_wizard(L, st, recent),
             "Task says Medium severity", effect="write", value=SEVERITIES[1])

    def surface():
        st["surface"] = "Footway"
        r.do("enter-leak-details", "select", "combobox", "Surface", leak_wizard(L, st, recent),
             "The leak is on the footway", effect="write", value="Footway")

    def callref():
        st["callref"] = "CR-88231"
        r.do("enter-leak-details", "fill", "textbox", "Customer call reference (optional)", leak_wizard(L, st, recent),
             "Record the customer call reference from the task", effect="write", value="CR-88231")

    def description():
        st["desc"] = desc
        r.do("enter-leak-details", "fill", "textbox", "Description", leak_wizard(L, st, recent),
             "Description is required; summarise the reported leak", effect="write", value=desc)

    seq = [source, severity, surface, callref, description]
    if order == "desc_first":
        seq = [description, source, severity, surface, callref]
    if skip_surface:
        seq = [f for f in seq if f is not surface]
    for f in seq:
        f()


def leak_next_to_3(r, st, recent, reasoning="Leak details are complete; go on to priority and crew"):
    st["step"] = 3
    L = Load()
    r.do("enter-leak-details", "click", "button", "Next: Priority & crew", leak_wizard(L, st, recent), reasoning)
    return L


def leak_priority_crew(r, L, st, recent, set_priority=True, crew_first=False):
    def prio():
        st["priority"] = PRIORITIES[1]
        r.do("set-priority-and-crew", "select", "combobox", "Priority", leak_wizard(L, st, recent),
             "Task asks for P2 – Urgent", effect="write", value=PRIORITIES[1])

    def crew():
        st["crew"] = "North-2"
        r.do("set-priority-and-crew", "select", "combobox", "Assign crew", leak_wizard(L, st, recent),
             "Assign crew North-2 as the task says", effect="write", value="North-2")

    seq = [crew, prio] if crew_first else [prio, crew]
    if not set_priority:
        seq = [crew]
    for f in seq:
        f()


def leak_review(r, st, recent, reasoning="Priority and crew are set; review the work order"):
    st["step"] = 4
    L = Load()
    r.do("set-priority-and-crew", "click", "button", "Next: Review", leak_wizard(L, st, recent), reasoning)
    return L


def leak_submit(r, L, st, recent, wo, status=None, activity=None, others=(), toast=None):
    st["dialog"] = True
    r.do("submit-work-order", "click", "button", "Submit work order", leak_wizard(L, st, recent),
         "Everything on the review matches the task; submit")
    st["dialog"] = False
    status = status or f"Raised — dispatched to {st['crew']}"
    activity = activity or [f"12 Mar 2024, {st['clock']} · Raised by {USER}",
                            f"12 Mar 2024, {st['clock']} · Dispatched to {st['crew']} ({st['priority'].split(' (')[0]}, "
                            f"due {target_date(st)})"]
    toast = toast if toast is not None else f"Work order {wo} raised and dispatched to {st['crew']}."
    r.do("submit-work-order", "click", "button", "Submit", leak_wo_page(Load(), wo, st, recent, status, activity, toast, others),
         "Confirm the submission in the dialog", effect="irreversible")


LEAK_DONE = "Raised leak repair work order {wo} for SP-40217 (14 Wren Close): service pipe, Medium, footway, call CR-88231, P2 – Urgent, crew North-2."


def leak_healthy_01():
    r = Run("leak_repair-healthy-01", "leak_repair")
    recent = ["WO-58213 · Meter exchange, 7 Larch Row", "SP-40271 · 14 Wren Court", "M-2290451 · 15 mm meter"]
    L = Load()
    r.start(dashboard(L, recent))
    r.do("find-service-point", "fill", "searchbox", "Search work orders, assets, meters or addresses",
         dashboard(L, recent, q="SP-40217"), "Search for the service point by its id", value="SP-40217")
    r.do("find-service-point", "press", "searchbox", "Search work orders, assets, meters or addresses",
         search_page(Load(), "SP-40217", recent), "Run the search", value="Enter")
    recent2 = ["SP-40217 · 14 Wren Close"] + recent
    r.do("open-service-point", "click", "link", "SP-40217", asset_page(Load(), "SP-40217", recent2),
         "SP-40217 at 14 Wren Close is the exact match; SP-40271 is Wren Court")
    st = leak_state(clock="10:14")
    L = leak_open_wizard(r, st, recent2)
    leak_details(r, L, st, recent2, DESC[0])
    L = leak_next_to_3(r, st, recent2)
    leak_priority_crew(r, L, st, recent2)
    L = leak_review(r, st, recent2)
    leak_submit(r, L, st, recent2, "WO-58342")
    r.say("submit-work-order", LEAK_DONE.format(wo="WO-58342"), "The work order page shows it raised and dispatched")
    return r


def leak_assets_path(r, recent, toast_first):
    """Dashboard -> Assets -> filter 'Wren Close' -> page 2 -> SP-40217."""
    L = Load()
    r.start(dashboard(L, recent, toast="Sync complete: 14 work orders downloaded for North-2 at 07:58." if toast_first else None))
    if toast_first:
        r.do("find-service-point", "click", "button", "Dismiss notification", dashboard(L, recent),
             "Dismiss the sync notification")
    L = Load()
    r.do("find-service-point", "click", "link", "Assets", assets_page(L, recent), "Browse service points in the Assets list")
    r.do("find-service-point", "fill", "textbox", "Filter by street or address", assets_page(L, recent, flt="Wren Close"),
         "Narrow the list to Wren Close", value="Wren Close")
    L = Load()
    r.do("find-service-point", "click", "button", "Apply filters",
         assets_page(L, recent, flt="Wren Close", applied="Wren Close"), "Apply the address filter")
    r.do("find-service-point", "click", "link", "Next page",
         assets_page(Load(), recent, flt="Wren Close", applied="Wren Close", page=2),
         "SP-40217 sorts after SP-40216, so it is on the next page")
    recent2 = ["SP-40217 · 14 Wren Close"] + recent
    r.do("open-service-point", "click", "link", "SP-40217", asset_page(Load(), "SP-40217", recent2),
         "Open SP-40217, 14 Wren Close (not SP-40227, the garden standpipe)")
    return recent2


def leak_healthy_02():
    r = Run("leak_repair-healthy-02", "leak_repair")
    recent = ["WO-58209 · Meter exchange, 31 Bell Street", "H-2270 · Hydrant, Wren Court"]
    recent2 = leak_assets_path(r, recent, toast_first=True)
    st = leak_state(clock="10:21")
    L = leak_open_wizard(r, st, recent2)
    leak_details(r, L, st, recent2, DESC[1])
    L = leak_next_to_3(r, st, recent2)
    leak_priority_crew(r, L, st, recent2)
    L = leak_review(r, st, recent2)
    leak_submit(r, L, st, recent2, "WO-58347")
    r.say("submit-work-order", LEAK_DONE.format(wo="WO-58347"), "Raised and dispatched to North-2")
    return r


def leak_menu_path(r, recent, clock):
    """Work orders -> New work order -> Leak repair -> find asset inside the wizard."""
    L = Load()
    r.start(wo_list(L, recent, mode="mixed"))
    r.do("start-leak-order", "click", "button", "New work order", wo_list(L, recent, mode="mixed", menu_open=True),
         "Open the New work order menu")
    st = leak_state(clock=clock)
    L = Load()
    r.do("start-leak-order", "click", "menuitem", "Leak repair", leak_wizard(L, st, recent),
         "Start a leak repair; the asset is chosen in step 1")
    st["find"] = "14 Wren"
    r.do("find-service-point", "fill", "searchbox", "Find asset by ID or address", leak_wizard(L, st, recent),
         "Find the service point at 14 Wren Close", value="14 Wren")
    st["found"] = ["SP-40271 · Service point · 14 Wren Court, Halbury",
                   "SP-40217 · Service point · 14 Wren Close, Halbury",
                   "SP-40227 · Service point (garden standpipe) · 14 Wren Close, Halbury"]
    r.do("find-service-point", "click", "button", "Find asset", leak_wizard(L, st, recent), "Search for matching assets")
    pick = st["found"][1]
    st["picked"] = pick
    r.do("open-service-point", "click", "radio", pick, leak_wizard(L, st, recent),
         "Pick SP-40217 at 14 Wren Close; SP-40271 is Wren Court and SP-40227 is a garden standpipe", effect="write")
    st.update(step=2, asset="SP-40217")
    L = Load()
    r.do("start-leak-order", "click", "button", "Next: Leak details", leak_wizard(L, st, recent),
         "Asset selected; continue to the leak details")
    return st, L


def leak_healthy_03():
    r = Run("leak_repair-healthy-03", "leak_repair")
    recent = ["WO-58190 · Valve exercise, Mill Lane", "SP-40271 · 14 Wren Court", "WO-58318 · Leak repair, 27 Heron Way"]
    st, L = leak_menu_path(r, recent, "10:09")
    leak_details(r, L, st, recent, DESC[2])
    st.update(draft="DR-1193", saved_at="10:06")
    drafts = [("DR-1193", "Leak repair — SP-40217 · 14 Wren Close, Halbury", "Saved 12 Mar 2024, 10:06")]
    r.do("enter-leak-details", "click", "button", "Save draft and close",
         wo_list(Load(), recent, mode="mixed", tab="Drafts", drafts=drafts,
                 toast="Draft DR-1193 saved. You can resume it from Drafts."),
         "Save the leak details as a draft before choosing the crew", effect="write")
    r.do("enter-leak-details", "click", "link", "Resume DR-1193", leak_wizard(Load(), st, recent),
         "Resume the saved draft")
    L = leak_next_to_3(r, st, recent, "Draft reloaded with the leak details intact; go on to priority and crew")
    leak_priority_crew(r, L, st, recent)
    L = leak_review(r, st, recent)
    leak_submit(r, L, st, recent, "WO-58339",
                activity=[f"12 Mar 2024, 10:06 · Draft DR-1193 saved by {USER}",
                          f"12 Mar 2024, 10:09 · Raised from draft DR-1193 by {USER}",
                          f"12 Mar 2024, 10:09 · Dispatched to North-2 (P2 – Urgent, due 13 Mar 2024, 10:09)"])
    r.say("submit-work-order", LEAK_DONE.format(wo="WO-58339"), "Submitted from the draft; dispatched to North-2")
    return r


def leak_sorted_search_path(r, recent):
    L = Load()
    r.start(dashboard(L, recent, notif=5))
    r.do("find-service-point", "fill", "searchbox", "Search work orders, assets, meters or addresses",
         dashboard(L, recent, q="14 Wren", notif=5), "Search by the address", value="14 Wren")
    L = Load()
    r.do("find-service-point", "press", "searchbox", "Search work orders, assets, meters or addresses",
         search_page(L, "14 Wren", recent), "Run the search", value="Enter")
    r.do("find-service-point", "select", "combobox", "Sort by",
         search_page(Load(), "14 Wren", recent, sort="ID", rows=SEARCH_SORTED["14 Wren"]),
         "Several similar addresses; sort by ID to find SP-40217", value="ID")
    recent2 = ["SP-40217 · 14 Wren Close"] + recent
    r.do("open-service-point", "click", "link", "SP-40217", asset_page(Load(), "SP-40217", recent2),
         "Open SP-40217 at 14 Wren Close")
    return recent2


def leak_healthy_04():
    r = Run("leak_repair-healthy-04", "leak_repair")
    recent = ["WO-58231 · Meter exchange, 7 Larch Road", "SP-40218 · 16 Wren Close"]
    recent2 = leak_sorted_search_path(r, recent)
    st = leak_state(clock="10:26")
    L = leak_open_wizard(r, st, recent2)
    leak_details(r, L, st, recent2, DESC[1], order="desc_first")
    L = leak_next_to_3(r, st, recent2, "Estimated flow and traffic management are optional and not given; continue")
    leak_priority_crew(r, L, st, recent2, crew_first=True)
    L = leak_review(r, st, recent2, "Customer SMS is optional and not requested; review")
    leak_submit(r, L, st, recent2, "WO-58351")
    r.say("submit-work-order", LEAK_DONE.format(wo="WO-58351"), "The work order is raised and dispatched")
    return r


# faulty leak runs ------------------------------------------------------------
def leak_wrong_option():
    """Priority left at the default P3 – Routine; the task asked for P2 – Urgent."""
    r = Run("leak_repair-wrong_option-01", "leak_repair", "wrong_option")
    recent = ["WO-58213 · Meter exchange, 7 Larch Row", "SP-40271 · 14 Wren Court", "M-2290451 · 15 mm meter"]
    L = Load()
    r.start(dashboard(L, recent))
    r.do("find-service-point", "fill", "searchbox", "Search work orders, assets, meters or addresses",
         dashboard(L, recent, q="SP-40217"), "Search for the service point by its id", value="SP-40217")
    r.do("find-service-point", "press", "searchbox", "Search work orders, assets, meters or addresses",
         search_page(Load(), "SP-40217", recent), "Run the search", value="Enter")
    recent2 = ["SP-40217 · 14 Wren Close"] + recent
    r.do("open-service-point", "click", "link", "SP-40217", asset_page(Load(), "SP-40217", recent2),
         "Open the exact match SP-40217")
    st = leak_state(clock="10:17")
    L = leak_open_wizard(r, st, recent2)
    leak_details(r, L, st, recent2, DESC[0])
    L = leak_next_to_3(r, st, recent2)
    leak_priority_crew(r, L, st, recent2, set_priority=False)
    r.mark()
    L = leak_review(r, st, recent2, "Crew assigned; review the work order")
    leak_submit(r, L, st, recent2, "WO-58344")
    r.say("submit-work-order", LEAK_DONE.format(wo="WO-58344"), "Work order raised and dispatched to North-2")
    return r


def leak_skipped_required():
    """Surface (required) never set; the work order is held for triage instead of dispatched."""
    r = Run("leak_repair-skipped_required-01", "leak_repair", "skipped_required")
    recent = ["SP-40217 · 14 Wren Close", "WO-58190 · Valve exercise, Mill Lane", "SP-40218 · 16 Wren Close"]
    L = Load()
    r.start(wo_list(L, recent, mode="mixed"))
    r.do("open-service-point", "click", "link", "SP-40217 · 14 Wren Close", asset_page(Load(), "SP-40217", recent),
         "SP-40217 is in Recently viewed; open it directly")
    st = leak_state(clock="10:19")
    L = leak_open_wizard(r, st, recent)
    leak_details(r, L, st, recent, DESC[0], skip_surface=True)
    r.mark()
    L = leak_next_to_3(r, st, recent)
    leak_priority_crew(r, L, st, recent)
    L = leak_review(r, st, recent)
    leak_submit(r, L, st, recent, "WO-58346", status="Raised — awaiting triage",
                activity=[f"12 Mar 2024, 10:19 · Raised by {USER}",
                          "12 Mar 2024, 10:19 · Held for triage by Network Control before dispatch to North-2"],
                toast="Work order WO-58346 raised.")
    r.say("submit-work-order", LEAK_DONE.format(wo="WO-58346"), "The work order was raised")
    return r


def leak_error_banner():
    """Dispatch service times out on submit; the work order stays a draft."""
    r = Run("leak_repair-error_banner-01", "leak_repair", "error_banner")
    recent = ["WO-58190 · Valve exercise, Mill Lane", "SP-40271 · 14 Wren Court", "WO-58318 · Leak repair, 27 Heron Way"]
    st, L = leak_menu_path(r, recent, "10:24")
    leak_details(r, L, st, recent, DESC[2])
    L = leak_next_to_3(r, st, recent)
    leak_priority_crew(r, L, st, recent)
    L = leak_review(r, st, recent)
    st["dialog"] = True
    r.do("submit-work-order", "click", "button", "Submit work order", leak_wizard(L, st, recent),
         "Review matches the task; submit")
    st.update(dialog=False, draft="DR-1201", saved_at="10:24")
    r.mark()
    r.do("submit-work-order", "click", "button", "Submit",
         leak_wizard(Load(), st, recent,
                     alert="We couldn't submit this work order: the dispatch service didn't respond (DSP-504). "
                           "It has been kept as draft DR-1201. Try again in a few minutes."),
         "Confirm the submission", effect="irreversible")
    r.say("submit-work-order", "Submitted the leak repair work order for SP-40217 (14 Wren Close), P2 – Urgent, crew North-2.",
          "Submission confirmed in the dialog")
    return r


def leak_dialog_cancel():
    """Agent presses Cancel in the confirmation dialog, then reports success."""
    r = Run("leak_repair-dialog_cancel-01", "leak_repair", "dialog_cancel")
    recent = ["WO-58209 · Meter exchange, 31 Bell Street", "H-2270 · Hydrant, Wren Court"]
    recent2 = leak_assets_path(r, recent, toast_first=False)
    st = leak_state(clock="10:28")
    L = leak_open_wizard(r, st, recent2)
    leak_details(r, L, st, recent2, DESC[1])
    L = leak_next_to_3(r, st, recent2)
    leak_priority_crew(r, L, st, recent2)
    L = leak_review(r, st, recent2)
    st["dialog"] = True
    r.do("submit-work-order", "click", "button", "Submit work order", leak_wizard(L, st, recent2),
         "Review matches the task; submit")
    st["dialog"] = False
    r.mark()
    r.do("submit-work-order", "click", "button", "Cancel", leak_wizard(L, st, recent2),
         "Close the dialog to finish")
    r.say("submit-work-order", "Leak repair work order for SP-40217 is done: P2 – Urgent, crew North-2.",
          "The work order details are all entered")
    return r


def leak_premature_done():
    """Agent reports the work order raised while still on the Review step."""
    r = Run("leak_repair-premature_done-01", "leak_repair", "premature_done")
    recent = ["WO-58231 · Meter exchange, 7 Larch Road", "SP-40218 · 16 Wren Close"]
    recent2 = leak_sorted_search_path(r, recent)
    st = leak_state(clock="10:30")
    L = leak_open_wizard(r, st, recent2)
    leak_details(r, L, st, recent2, DESC[0])
    L = leak_next_to_3(r, st, recent2)
    leak_priority_crew(r, L, st, recent2)
    leak_review(r, st, recent2)
    r.mark()
    r.say("submit-work-order", "Leak repair work order raised for SP-40217 (14 Wren Close): Medium, footway, "
          "call CR-88231, P2 – Urgent, crew North-2.", "The review shows every value from the task")
    return r


def leak_double_submit():
    """Submit looks slow; the agent submits again and two work orders are raised."""
    r = Run("leak_repair-double_submit-01", "leak_repair", "double_submit")
    recent = ["WO-58213 · Meter exchange, 7 Larch Row", "SP-40271 · 14 Wren Court", "M-2290451 · 15 mm meter"]
    L = Load()
    r.start(dashboard(L, recent))
    r.do("find-service-point", "fill", "searchbox", "Search work orders, assets, meters or addresses",
         dashboard(L, recent, q="SP-40217"), "Search for the service point by its id", value="SP-40217")
    r.do("find-service-point", "press", "searchbox", "Search work orders, assets, meters or addresses",
         search_page(Load(), "SP-40217", recent), "Run the search", value="Enter")
    recent2 = ["SP-40217 · 14 Wren Close"] + recent
    r.do("open-service-point", "click", "link", "SP-40217", asset_page(Load(), "SP-40217", recent2),
         "Open the exact match SP-40217")
    st = leak_state(clock="10:22")
    L = leak_open_wizard(r, st, recent2)
    leak_details(r, L, st, recent2, DESC[0])
    L = leak_next_to_3(r, st, recent2)
    leak_priority_crew(r, L, st, recent2)
    L = leak_review(r, st, recent2)
    st["dialog"] = True
    r.do("submit-work-order", "click", "button", "Submit work order", leak_wizard(L, st, recent2),
         "Review matches the task; submit")
    st.update(dialog=False, busy=True)
    r.do("submit-work-order", "click", "button", "Submit", leak_wizard(L, st, recent2),
         "Confirm the submission", effect="irreversible")
    st.update(busy=False, dialog=True)
    r.mark()
    r.do("submit-work-order", "click", "button", "Submit work order", leak_wizard(L, st, recent2),
         "Still on the review page; the submit did not seem to go through, so submit again")
    st["dialog"] = False
    st2 = dict(st, clock="10:23")
    r.do("submit-work-order", "click", "button", "Submit",
         leak_wo_page(Load(), "WO-58350", st2, recent2, "Raised — dispatched to North-2",
                      [f"12 Mar 2024, 10:23 · Raised by {USER}",
                       "12 Mar 2024, 10:23 · Dispatched to North-2 (P2 – Urgent, due 13 Mar 2024, 10:23)"],
                      "Work order WO-58350 raised and dispatched to North-2.",
                      others=[("WO-58349", "Leak repair — service pipe", "Dispatched", "12 Mar 2024")]),
         "Confirm", effect="irreversible")
    r.say("submit-work-order", LEAK_DONE.format(wo="WO-58350"), "Work order raised and dispatched")
    return r


# --- meter exchange helpers -------------------------------------------------
def ex_start(r, wo, recent, st):
    L = Load()
    r.do("start-exchange", "click", "button", "Start meter exchange", exchange_form(L, st, recent),
         "Start the meter exchange form")
    return L


def ex_final(r, L, st, recent, value="04512"):
    st["final"] = value
    r.do("record-final-reading", "fill", "textbox", "Final reading (m³)", exchange_form(L, st, recent),
         "Record the old meter's final reading", effect="write", value=value)


def ex_to_step2(r, st, recent):
    st["step"] = 2
    L = Load()
    r.do("record-final-reading", "click", "button", "Next: New meter", exchange_form(L, st, recent),
         "Final reading entered with method Actual; go on to the new meter")
    return L


def ex_new_meter(r, L, st, recent, serial_only=False):
    st["serial"] = "M-2290415"
    r.do("record-new-meter", "fill", "textbox", "New meter serial", exchange_form(L, st, recent),
         "Enter the new meter's serial", effect="write", value="M-2290415")
    if serial_only:
        return
    st["initial"] = "00003"
    r.do("record-new-meter", "fill", "textbox", "Initial reading (m³)", exchange_form(L, st, recent),
         "Enter the new meter's initial reading", effect="write", value="00003")


def ex_review(r, st, recent):
    st["step"] = 3
    L = Load()
    r.do("record-new-meter", "click", "button", "Next: Review", exchange_form(L, st, recent),
         "New meter found in van stock; review the exchange")
    return L


def ex_complete(r, L, st, recent, result):
    st["dialog"] = True
    r.do("complete-exchange", "click", "button", "Complete meter exchange", exchange_form(L, st, recent),
         "The summary matches the task; complete the exchange")
    st["dialog"] = False
    r.do("complete-exchange", "click", "button", "Complete exchange", result,
         "Confirm in the dialog", effect="irreversible")


def ex_done_page(st, recent, wo="WO-58213"):
    done = dict(serial=st["serial"], size=st["size"], initial=st["initial"], final=st["final"], method=st["method"])
    return meter_wo_page(Load(), wo, recent, status=f"Completed 12 Mar 2024, {st['clock']}", done=done,
                         toast=f"Meter exchange recorded. {wo} completed.",
                         activity=["8 Mar 2024, 16:05 · Scheduled for North-2 by Planning (auto)",
                                   f"12 Mar 2024, {st['clock']} · Meter exchange recorded by {USER}",
                                   f"12 Mar 2024, {st['clock']} · Readings sent to billing"])


METER_DONE = "{wo} completed: final reading {final} on M-1182734, new meter M-2290415 installed with initial reading 00003."
METER_RECENT = ["SP-40217 · 14 Wren Close", "WO-58231 · Meter exchange, 7 Larch Road", "M-2290451 · 15 mm meter"]


def meter_healthy_01():
    r = Run("meter_exchange-healthy-01", "meter_exchange")
    recent = METER_RECENT
    r.start(wo_list(Load(), recent))
    recent2 = ["WO-58213 · Meter exchange, 7 Larch Row"] + recent
    r.do("open-work-order", "click", "link", "WO-58213", meter_wo_page(Load(), "WO-58213", recent2),
         "WO-58213 at 7 Larch Row is in today's queue")
    st = ex_state(clock="10:31")
    L = ex_start(r, "WO-58213", recent2, st)
    ex_final(r, L, st, recent2)
    L = ex_to_step2(r, st, recent2)
    ex_new_meter(r, L, st, recent2)
    L = ex_review(r, st, recent2)
    ex_complete(r, L, st, recent2, ex_done_page(st, recent2))
    r.say("complete-exchange", METER_DONE.format(wo="WO-58213", final="04512"), "The work order shows Completed")
    return r


def meter_search_path(r, recent, toast_first):
    L = Load()
    r.start(dashboard(L, recent, toast="Sync complete: 14 work orders downloaded for North-2 at 07:58." if toast_first else None))
    if toast_first:
        r.do("find-work-order", "click", "button", "Dismiss notification", dashboard(L, recent),
             "Dismiss the sync notification")
    r.do("find-work-order", "fill", "searchbox", "Search work orders, assets, meters or addresses",
         dashboard(L, recent, q="WO-58213"), "Search for the work order", value="WO-58213")
    r.do("find-work-order", "press", "searchbox", "Search work orders, assets, meters or addresses",
         search_page(Load(), "WO-58213", recent), "Run the search", value="Enter")
    recent2 = ["WO-58213 · Meter exchange, 7 Larch Row"] + recent
    r.do("open-work-order", "click", "link", "WO-58213", meter_wo_page(Load(), "WO-58213", recent2),
         "Open WO-58213 at 7 Larch Row, not the similar WO-58231")
    return recent2


def meter_healthy_02():
    r = Run("meter_exchange-healthy-02", "meter_exchange")
    recent2 = meter_search_path(r, METER_RECENT, toast_first=True)
    st = ex_state(clock="10:36")
    L = ex_start(r, "WO-58213", recent2, st)
    ex_final(r, L, st, recent2)
    L = ex_to_step2(r, st, recent2)
    ex_new_meter(r, L, st, recent2)
    L = ex_review(r, st, recent2)
    ex_complete(r, L, st, recent2, ex_done_page(st, recent2))
    r.say("complete-exchange", METER_DONE.format(wo="WO-58213", final="04512"), "Exchange recorded and WO completed")
    return r


def meter_page2_path(r, recent):
    L = Load()
    r.start(wo_list(L, recent, sort=("Work order", "descending")))
    r.do("find-work-order", "click", "link", "Next page", wo_list(Load(), recent, sort=("Work order", "descending"), page=2),
         "Sorted newest first, WO-58213 is not on page 1; go to page 2")
    recent2 = ["WO-58213 · Meter exchange, 7 Larch Row"] + recent
    r.do("open-work-order", "click", "link", "WO-58213", meter_wo_page(Load(), "WO-58213", recent2),
         "Open WO-58213 (WO-58214 next to it is 9 Larch Row)")
    return recent2


def meter_healthy_03():
    r = Run("meter_exchange-healthy-03", "meter_exchange")
    recent2 = meter_page2_path(r, ["WO-58190 · Valve exercise, Mill Lane", "SP-31877 · 7 Larch Row"])
    st = ex_state(clock="10:44")
    L = ex_start(r, "WO-58213", recent2, st)
    ex_final(r, L, st, recent2)
    L = ex_to_step2(r, st, recent2)
    ex_new_meter(r, L, st, recent2)
    L = ex_review(r, st, recent2)
    ex_complete(r, L, st, recent2, ex_done_page(st, recent2))
    r.say("complete-exchange", METER_DONE.format(wo="WO-58213", final="04512"),
          "Completed; seal number is optional and was not given")
    return r


def meter_healthy_04():
    r = Run("meter_exchange-healthy-04", "meter_exchange")
    recent = ["WO-58209 · Meter exchange, 31 Bell Street", "WO-58214 · Meter exchange, 9 Larch Row"]
    L = Load()
    r.start(dashboard(L, recent, notif=2))
    recent2 = ["WO-58213 · Meter exchange, 7 Larch Row"] + recent
    r.do("open-work-order", "click", "link", "WO-58213", meter_wo_page(Load(), "WO-58213", recent2),
         "WO-58213 is in Today's work")
    st = ex_state(clock="10:52")
    L = ex_start(r, "WO-58213", recent2, st)
    ex_final(r, L, st, recent2)
    r.do("record-final-reading", "click", "button", "Save and exit",
         meter_wo_page(Load(), "WO-58213", recent2, status="In progress", draft_saved="10:18",
                       toast="Exchange draft saved for WO-58213.",
                       activity=["8 Mar 2024, 16:05 · Scheduled for North-2 by Planning (auto)",
                                 f"12 Mar 2024, 10:18 · Meter exchange started by {USER}",
                                 f"12 Mar 2024, 10:18 · Exchange draft saved (final reading 04512)"]),
         "Save the final reading before fetching the new meter from the van", effect="write")
    st["step"] = 2
    L = Load()
    r.do("record-final-reading", "click", "button", "Resume meter exchange", exchange_form(L, st, recent2),
         "Back with the new meter; resume the saved exchange")
    ex_new_meter(r, L, st, recent2)
    L = ex_review(r, st, recent2)
    ex_complete(r, L, st, recent2, ex_done_page(st, recent2))
    r.say("complete-exchange", METER_DONE.format(wo="WO-58213", final="04512"), "Resumed draft completed")
    return r


# faulty meter runs -----------------------------------------------------------
def meter_wrong_record():
    """Opens WO-58231 (7 Larch Road) from the search results instead of WO-58213."""
    r = Run("meter_exchange-wrong_record-01", "meter_exchange", "wrong_record")
    recent = ["SP-40217 · 14 Wren Close", "M-2290451 · 15 mm meter"]
    L = Load()
    r.start(dashboard(L, recent))
    r.do("find-work-order", "fill", "searchbox", "Search work orders, assets, meters or addresses",
         dashboard(L, recent, q="Larch"), "Search by the street name", value="Larch")
    r.do("find-work-order", "press", "searchbox", "Search work orders, assets, meters or addresses",
         search_page(Load(), "Larch", recent), "Run the search", value="Enter")
    recent2 = ["WO-58231 · Meter exchange, 7 Larch Road"] + recent
    r.mark()
    r.do("open-work-order", "click", "link", "WO-58231", meter_wo_page(Load(), "WO-58231", recent2),
         "Top result is the meter exchange at 7 Larch")
    st = ex_state(wo="WO-58231", clock="10:40")
    L = ex_start(r, "WO-58231", recent2, st)
    ex_final(r, L, st, recent2)
    L = ex_to_step2(r, st, recent2)
    ex_new_meter(r, L, st, recent2)
    L = ex_review(r, st, recent2)
    ex_complete(r, L, st, recent2, ex_done_page(st, recent2, wo="WO-58231"))
    r.say("complete-exchange", METER_DONE.format(wo="WO-58213", final="04512"), "The work order shows Completed")
    return r


def meter_wrong_value():
    """Final reading typed as 04521 (digits transposed) instead of 04512."""
    r = Run("meter_exchange-wrong_value-01", "meter_exchange", "wrong_value")
    recent = METER_RECENT
    r.start(wo_list(Load(), recent))
    recent2 = ["WO-58213 · Meter exchange, 7 Larch Row"] + recent
    r.do("open-work-order", "click", "link", "WO-58213", meter_wo_page(Load(), "WO-58213", recent2),
         "WO-58213 at 7 Larch Row is in the queue")
    st = ex_state(clock="10:33")
    L = ex_start(r, "WO-58213", recent2, st)
    r.mark()
    ex_final(r, L, st, recent2, value="04521")
    L = ex_to_step2(r, st, recent2)
    ex_new_meter(r, L, st, recent2)
    L = ex_review(r, st, recent2)
    ex_complete(r, L, st, recent2, ex_done_page(st, recent2))
    r.say("complete-exchange", METER_DONE.format(wo="WO-58213", final="04512"), "Exchange recorded")
    return r


def meter_silent_noop():
    """'Complete exchange' closes the dialog and nothing else happens."""
    r = Run("meter_exchange-silent_noop-01", "meter_exchange", "silent_noop")
    recent2 = meter_page2_path(r, ["WO-58190 · Valve exercise, Mill Lane", "SP-31877 · 7 Larch Row"])
    st = ex_state(clock="10:47")
    L = ex_start(r, "WO-58213", recent2, st)
    ex_final(r, L, st, recent2)
    L = ex_to_step2(r, st, recent2)
    ex_new_meter(r, L, st, recent2)
    L = ex_review(r, st, recent2)
    st["dialog"] = True
    r.do("complete-exchange", "click", "button", "Complete meter exchange", exchange_form(L, st, recent2),
         "The summary matches the task; complete the exchange")
    st["dialog"] = False
    r.mark()
    r.do("complete-exchange", "click", "button", "Complete exchange", exchange_form(L, st, recent2),
         "Confirm in the dialog", effect="irreversible")
    r.say("complete-exchange", METER_DONE.format(wo="WO-58213", final="04512"), "Confirmed the exchange")
    return r


def meter_stale_page():
    """After confirming, the work order page still shows the pre-exchange record."""
    r = Run("meter_exchange-stale_page-01", "meter_exchange", "stale_page")
    recent = ["WO-58209 · Meter exchange, 31 Bell Street", "WO-58214 · Meter exchange, 9 Larch Row"]
    L = Load()
    r.start(dashboard(L, recent, notif=4))
    recent2 = ["WO-58213 · Meter exchange, 7 Larch Row"] + recent
    r.do("open-work-order", "click", "link", "WO-58213", meter_wo_page(Load(), "WO-58213", recent2),
         "WO-58213 is in Today's work")
    st = ex_state(clock="10:38")
    L = ex_start(r, "WO-58213", recent2, st)
    ex_final(r, L, st, recent2)
    L = ex_to_step2(r, st, recent2)
    ex_new_meter(r, L, st, recent2)
    L = ex_review(r, st, recent2)
    st["dialog"] = True
    r.do("complete-exchange", "click", "button", "Complete meter exchange", exchange_form(L, st, recent2),
         "The summary matches the task; complete the exchange")
    st["dialog"] = False
    r.mark()
    r.do("complete-exchange", "click", "button", "Complete exchange",
         meter_wo_page(Load(), "WO-58213", recent2, status="In progress",
                       activity=["8 Mar 2024, 16:05 · Scheduled for North-2 by Planning (auto)",
                                 f"12 Mar 2024, 10:35 · Meter exchange started by {USER}"]),
         "Confirm in the dialog", effect="irreversible")
    r.say("complete-exchange", METER_DONE.format(wo="WO-58213", final="04512"), "Back on the work order after confirming")
    return r


def meter_permission_denied():
    """WO-58213 was reassigned to South-1; starting the exchange is refused."""
    r = Run("meter_exchange-permission_denied-01", "meter_exchange", "permission_denied")
    recent = METER_RECENT
    r.start(wo_list(Load(), recent))
    recent2 = ["WO-58213 · Meter exchange, 7 Larch Row"] + recent
    r.do("open-work-order", "click", "link", "WO-58213", meter_wo_page(Load(), "WO-58213", recent2),
         "WO-58213 at 7 Larch Row is in the queue")
    r.mark()
    r.do("start-exchange", "click", "button", "Start meter exchange", denied_page(Load(), "WO-58213", recent2),
         "Start the meter exchange form")
    r.do("start-exchange", "click", "link", "Back to WO-58213",
         meter_wo_page(Load(), "WO-58213", recent2, crew="South-1",
                       activity=["8 Mar 2024, 16:05 · Scheduled for North-2 by Planning (auto)",
                                 "12 Mar 2024, 09:52 · Reassigned to South-1 by Network Control"]),
         "Go back to the work order")
    r.say("complete-exchange", "I could not complete WO-58213: it was reassigned to crew South-1 and I can't record the exchange.",
          "The exchange is restricted to the assigned crew")
    return r


def meter_unsaved_navigation():
    """Leaves the exchange form mid-way to look at the new meter; the form data is lost and
    the work order is then closed out without an exchange being recorded."""
    r = Run("meter_exchange-unsaved_navigation-01", "meter_exchange", "unsaved_navigation")
    recent = METER_RECENT
    r.start(wo_list(Load(), recent))
    recent2 = ["WO-58213 · Meter exchange, 7 Larch Row"] + recent
    r.do("open-work-order", "click", "link", "WO-58213", meter_wo_page(Load(), "WO-58213", recent2),
         "WO-58213 at 7 Larch Row is in the queue")
    st = ex_state(clock="10:41")
    L = ex_start(r, "WO-58213", recent2, st)
    ex_final(r, L, st, recent2)
    L = ex_to_step2(r, st, recent2)
    ex_new_meter(r, L, st, recent2, serial_only=True)
    recent3 = ["M-2290415 · 15 mm meter"] + recent2
    r.mark()
    r.do("record-new-meter", "click", "link", "View meter M-2290415", meter_detail(Load(), "M-2290415", recent3),
         "Check the new meter's details before installing it")
    r.do("record-new-meter", "click", "link", "WO-58213 · Meter exchange, 7 Larch Row",
         meter_wo_page(Load(), "WO-58213", recent3, status="In progress",
                       activity=["8 Mar 2024, 16:05 · Scheduled for North-2 by Planning (auto)",
                                 f"12 Mar 2024, 10:39 · Meter exchange started by {USER}"]),
         "Meter is in van stock; go back to the work order")
    L = Load()
    r.do("complete-exchange", "click", "button", "Close out work order",
         meter_wo_page(L, "WO-58213", recent3, status="In progress", dialog=True,
                       activity=["8 Mar 2024, 16:05 · Scheduled for North-2 by Planning (auto)",
                                 f"12 Mar 2024, 10:39 · Meter exchange started by {USER}"]),
         "Finish the work order")
    r.do("complete-exchange", "click", "button", "Close out",
         meter_wo_page(Load(), "WO-58213", recent3, status="Completed 12 Mar 2024, 10:43",
                       toast="WO-58213 closed out.",
                       activity=["8 Mar 2024, 16:05 · Scheduled for North-2 by Planning (auto)",
                                 f"12 Mar 2024, 10:39 · Meter exchange started by {USER}",
                                 f"12 Mar 2024, 10:43 · Closed out by {USER}: Work completed"]),
         "Confirm the close-out", effect="irreversible")
    r.say("complete-exchange", METER_DONE.format(wo="WO-58213", final="04512"), "The work order is completed")
    return r


RUNS = [leak_healthy_01, leak_healthy_02, leak_healthy_03, leak_healthy_04,
        leak_wrong_option, leak_skipped_required, leak_error_banner, leak_dialog_cancel,
        leak_premature_done, leak_double_submit,
        meter_healthy_01, meter_healthy_02, meter_healthy_03, meter_healthy_04,
        meter_wrong_record, meter_wrong_value, meter_silent_noop, meter_stale_page,
        meter_permission_denied, meter_unsaved_navigation]


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for wf, text in PLANS.items():
        with open(os.path.join(HERE, "plans", f"{wf}.yaml"), "w", encoding="utf-8") as f:
            f.write(text)
    records = [fn().record() for fn in RUNS]
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    nf = sum(1 for r in records if r["label"]["fault"])
    print(f"wrote {len(records)} runs ({len(records) - nf} healthy, {nf} faulty) and {len(PLANS)} plans")


if __name__ == "__main__":
    main()
