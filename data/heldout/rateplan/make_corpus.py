#!/usr/bin/env python3
"""Build the `rateplan` held-out corpus (Yieldcrest revenue management).

Python 3 standard library only, fixed seed, byte-for-byte reproducible.
Writes, next to this file:
  corpus.jsonl          20 trajectories (8 healthy, 12 faulty)
  plans/rateplan.yaml   the plan (written from the task text and healthy pages only)

Order of authorship is kept in the file: page builders, healthy runs, the plan,
then the faulty runs.  The plan text was frozen before the faulty runs existed.
"""
import copy
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 41203
BASE = "http://127.0.0.1:8412"
WORKFLOW = "rateplan"
PLAN_REL = "plans/rateplan.yaml"

TASK = ("In Yieldcrest, set a rate override for the Deluxe King (DLK) room type at "
        "Maren Quayside (MQS) for stay dates 14-17 March 2025 (2025-03-14 to 2025-03-17): "
        "EUR 189.00 per night, reason code COMP (competitor match). Leave the other room "
        "types and the closed-to-arrival restrictions alone, and save it.")

# --------------------------------------------------------------------------- data

# code, name, city, rooms, occupancy next 7 days, open alerts
PROPS = [
    ("MBV", "Maren Bayview", "Galway", 148, "74%", 1),
    ("MCG", "Maren Castlegate", "Cork", 176, "69%", 2),
    ("MDK", "Maren Docklands", "Dublin", 240, "86%", 0),
    ("MGD", "Maren Galway Docks", "Galway", 132, "71%", 0),
    ("MKL", "Maren Kilkenny Lane", "Kilkenny", 96, "62%", 1),
    ("MLR", "Maren Liffey Row", "Dublin", 188, "83%", 2),
    ("MLM", "Maren Limerick Riverside", "Limerick", 154, "58%", 0),
    ("MQE", "Maren Quay East", "Dublin", 204, "89%", 4),
    ("MQS", "Maren Quayside", "Dublin", 212, "87%", 3),
    ("MQX", "Maren Quayside Suites", "Dublin", 88, "79%", 1),
    ("MSH", "Maren Sligo Harbour", "Sligo", 110, "55%", 0),
    ("MTQ", "Maren Titanic Quarter", "Belfast", 226, "81%", 2),
    ("MWM", "Maren Waterford Mall", "Waterford", 120, "64%", 0),
    ("MWG", "Maren Westport Green", "Westport", 102, "60%", 1),
]
PROP = {p[0]: p for p in PROPS}

DATES = ["Fri 14 Mar", "Sat 15 Mar", "Sun 16 Mar", "Mon 17 Mar"]

# per property: code, name, BAR for the four dates, override column, CTA, occupancy
ROOMS = {
    "MQS": [
        ("STD", "Standard Double", [139, 149, 145, 129], "—", "—", "78%"),
        ("SPK", "Superior King", [159, 172, 168, 149], "—", "Sat 15 Mar", "84%"),
        ("DLK", "Deluxe King", [179, 194, 188, 169], "—", "Sat 15 Mar, Sun 16 Mar", "88%"),
        ("DKB", "Deluxe King Balcony", [209, 224, 219, 199], "€219.00 (14–17 Mar)", "—", "91%"),
        ("DLT", "Deluxe Twin", [174, 189, 183, 164], "—", "Sun 16 Mar", "73%"),
        ("JRS", "Junior Suite", [289, 319, 309, 279], "—", "—", "66%"),
    ],
    "MQE": [
        ("STD", "Standard Double", [129, 142, 139, 119], "—", "Sat 15 Mar", "82%"),
        ("SPK", "Superior King", [152, 166, 161, 144], "—", "—", "87%"),
        ("DLK", "Deluxe King", [172, 189, 183, 162], "€198.00 (20–22 Mar)", "Fri 14 Mar", "92%"),
        ("DKB", "Deluxe King Balcony", [199, 214, 209, 189], "—", "—", "90%"),
        ("DLT", "Deluxe Twin", [166, 179, 176, 158], "—", "—", "85%"),
        ("JRS", "Junior Suite", [269, 299, 289, 259], "—", "Sat 15 Mar", "71%"),
    ],
}

OVERRIDES = {
    "MQS": [
        ("OVR-2291", "Deluxe King Balcony", "14 Mar–17 Mar 2025", "€219.00", "EVNT", "Active", "D. Walsh"),
        ("OVR-2290", "Superior King", "01 Mar–03 Mar 2025", "€149.00", "DIST", "Expired", "A. Brennan"),
        ("OVR-2288", "Deluxe King", "20 Mar–22 Mar 2025", "€198.00", "GRPB", "Scheduled", "D. Walsh"),
        ("OVR-2287", "Deluxe Twin", "07 Mar–09 Mar 2025", "€165.00", "COMP", "Cancelled", "A. Brennan"),
        ("OVR-2279", "Junior Suite", "21 Feb–23 Feb 2025", "€259.00", "MGMT", "Failed to publish", "S. Okoro"),
    ],
    "MQE": [
        ("OVR-2296", "Deluxe King", "20 Mar–22 Mar 2025", "€198.00", "EVNT", "Scheduled", "S. Okoro"),
        ("OVR-2292", "Standard Double", "10 Mar–12 Mar 2025", "€119.00", "DIST", "Active", "D. Walsh"),
        ("OVR-2285", "Deluxe King Balcony", "28 Feb–02 Mar 2025", "€189.00", "COMP", "Expired", "A. Brennan"),
    ],
}

COMPETITORS = [
    ("Ashcourt Harbour", ["€199", "€205", "€212", "€189"]),
    ("Quayline Grand", ["€215", "€229", "€239", "€198"]),
    ("Liffeyside Lodge", ["€169", "Sold out", "€172", "€165"]),
    ("The Dock Exchange", ["€184", "€191", "€189", "€176"]),
]

FORECAST = {
    "MQS": [("Fri 14 Mar", "71%", "84%", "+6", "80%"), ("Sat 15 Mar", "79%", "93%", "+14", "88%"),
            ("Sun 16 Mar", "64%", "81%", "+3", "77%"), ("Mon 17 Mar", "58%", "76%", "+2", "70%")],
    "MQE": [("Fri 14 Mar", "76%", "88%", "+9", "83%"), ("Sat 15 Mar", "83%", "95%", "+22", "90%"),
            ("Sun 16 Mar", "69%", "84%", "+4", "79%"), ("Mon 17 Mar", "61%", "78%", "+1", "72%")],
}

REASONS = ["— Select a reason —", "COMP — Competitor match", "EVNT — Event demand",
           "DIST — Distressed inventory", "GRPB — Group displacement", "MGMT — Management discretion"]
CHANNELS = ["All channels", "Direct (web + voice)", "Booking.com, Expedia", "GDS only"]

NEW_ID = "OVR-2304"

# ------------------------------------------------------------------ page builder


class Page:
    def __init__(self, url, title, error=None):
        self.url, self.title, self.error = url, title, error
        self.lines = ["RootWebArea %r, focused" % title]
        self.next = 1
        self.keys = {}

    def n(self, depth, role, name="", *props, key=None):
        bid = str(self.next)
        self.next += 1
        line = "\t" * depth + "[%s] %s %r" % (bid, role, name)
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        if key is not None:
            assert key not in self.keys, key
            self.keys[key] = (bid, role, name)
        return bid

    def t(self, depth, text):
        self.lines.append("\t" * depth + "StaticText %r" % text)

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": self.error}


def header(p, rng, st):
    p.n(1, "banner", "")
    p.n(2, "link", "Yieldcrest home", key="nav:home")
    p.t(3, "Yieldcrest")
    p.t(2, "Maren Hotels · Revenue management")
    props = ["value=%r" % st["search"]] if st.get("search") else []
    p.n(2, "searchbox", "Search properties, room types, overrides", *props, key="search")
    p.n(2, "button", "Search", key="search:go")
    p.n(2, "button", "Notifications (%d)" % rng.randint(2, 9), "hasPopup='menu'", "expanded=False")
    p.n(2, "button", "Help centre")
    who = st.get("who", "Aoife Brennan, Revenue Manager")
    p.n(2, "button", "Account menu: " + who, "hasPopup='menu'", "expanded=False", key="user")
    p.n(1, "navigation", "Main")
    for item in ["Portfolio", "Rate grid", "Restrictions", "Forecasts", "Competitor rates",
                 "Groups & blocks", "Reports", "Audit log"]:
        cur = ["current='page'"] if item == st.get("nav") else []
        p.n(2, "link", item, *cur, key="nav:" + item)
    arrivals = rng.randint(1100, 1500)
    alerts = rng.randint(28, 46)
    p.n(1, "status", "", "live='polite'")
    p.t(2, "Live · {:,} arrivals today · {} pickup alerts · forecast run 06:10 "
           "(2 properties failed, retry scheduled)".format(arrivals, alerts))


def footer(p):
    p.n(1, "contentinfo", "")
    p.t(2, "© 2025 Yieldcrest for Maren Hotels · build 4.18.2")
    p.n(2, "link", "Privacy")
    p.n(2, "link", "System status: operational")
    p.n(2, "link", "Release notes")
    p.n(2, "link", "Contact revenue support")


def banners(p, st):
    for role, text in st.get("banners", []):
        p.n(2, role, "")
        p.t(3, text)
    if st.get("toast"):
        p.n(2, "status", "", "live='polite'")
        p.t(3, st["toast"])
        p.n(3, "button", "Dismiss notification")


# --- dashboard


def render_dashboard(rng, st):
    page, sort = st.get("page", 1), st.get("sort", "asc")
    q = []
    if page != 1:
        q.append("page=%d" % page)
    if sort != "asc":
        q.append("sort=name_desc")
    url = BASE + "/portfolio" + ("?" + "&".join(q) if q else "")
    p = Page(url, "Portfolio overview · Yieldcrest")
    header(p, rng, dict(st, nav="Portfolio"))
    p.n(1, "main", "")
    p.n(2, "navigation", "Breadcrumb")
    p.n(3, "link", "Home")
    p.t(3, "Portfolio overview")
    p.n(2, "heading", "Portfolio overview", "level=1")
    p.t(2, "Stay window 14 Mar – 20 Mar 2025 · all amounts in EUR · data as of 09:14")
    banners(p, st)

    p.n(2, "region", "Pinned properties")
    p.n(3, "heading", "Pinned properties", "level=2")
    p.n(3, "list", "")
    for code, adr, pa in [("MQS", "€171.40", 3), ("MQE", "€168.90", 4),
                          ("MQX", "€204.10", 1), ("MLR", "€158.25", 2)]:
        c, name, city, rooms, occ, _ = PROP[code]
        p.n(4, "listitem", "")
        p.n(5, "link", "%s (%s)" % (name, code), key="pin:" + code)
        p.t(5, "%s · Occ. %s · ADR %s · %d pickup alert%s" % (city, occ, adr, pa, "" if pa == 1 else "s"))
    p.n(3, "button", "Edit pinned properties")

    p.n(2, "region", "Pickup alerts")
    p.n(3, "heading", "Pickup alerts (last 24 h)", "level=2")
    p.n(3, "table", "Pickup alerts")
    p.n(4, "row", "")
    for h in ["Property", "Stay date", "Room type", "Pickup", "Status"]:
        p.n(5, "columnheader", h)
    for row in [("MQE", "Sat 15 Mar", "Deluxe King", "+22", "Review overdue"),
                ("MQS", "Sat 15 Mar", "Deluxe King", "+14", "New"),
                ("MQX", "Sun 16 Mar", "Quayside Studio", "+9", "Acknowledged"),
                ("MCG", "Fri 21 Mar", "Standard Double", "−6", "Group block cancelled")]:
        p.n(4, "row", "")
        for cell in row:
            p.n(5, "cell", cell)
    p.n(3, "link", "View all pickup alerts")

    p.n(2, "region", "All properties")
    p.n(3, "heading", "All properties", "level=2")
    p.n(3, "combobox", "Region", "value='All regions'", "hasPopup='listbox'", "expanded=False")
    p.n(3, "combobox", "Brand", "value='All brands'", "hasPopup='listbox'", "expanded=False")
    p.n(3, "table", "All properties")
    p.n(4, "row", "")
    p.n(5, "columnheader", "Name")
    p.n(6, "button", "Name, sorted %s" % ("ascending" if sort == "asc" else "descending"),
        key="sort:name")
    for h in ["Code", "City", "Rooms", "Occ. next 7 days", "Open alerts"]:
        p.n(5, "columnheader", h)
        p.n(6, "button", "Sort by " + h.lower())
    ordered = PROPS if sort == "asc" else list(reversed(PROPS))
    chunk = ordered[(page - 1) * 8: page * 8]
    for code, name, city, rooms, occ, al in chunk:
        p.n(4, "row", "")
        p.n(5, "cell", "")
        p.n(6, "link", name, key="prop:" + code)
        p.n(5, "cell", code)
        p.n(5, "cell", city)
        p.n(5, "cell", str(rooms))
        p.n(5, "cell", occ)
        p.n(5, "cell", str(al))
    first = (page - 1) * 8 + 1
    p.t(3, "Showing %d–%d of %d properties" % (first, first + len(chunk) - 1, len(PROPS)))
    p.n(3, "navigation", "Pagination")
    p.n(4, "button", "Previous page", *(["disabled=True"] if page == 1 else []), key="page:prev")
    p.n(4, "button", "Page 1", *(["pressed=True"] if page == 1 else []))
    p.n(4, "button", "Page 2", *(["pressed=True"] if page == 2 else []))
    p.n(4, "button", "Next page", *(["disabled=True"] if page == 2 else []), key="page:next")

    p.n(2, "region", "Recent activity")
    p.n(3, "heading", "Recent activity", "level=2")
    p.n(3, "list", "")
    for line in ["08:51 · OVR-2291 saved by D. Walsh · Deluxe King Balcony at MQS",
                 "08:40 · OVR-2289 failed to publish to channel manager at MQE · retried 08:42",
                 "Yesterday · OVR-2287 cancelled by A. Brennan · Deluxe Twin at MQS",
                 "Yesterday · CTA added for Sat 15 Mar at MQE by S. Okoro"]:
        p.n(4, "listitem", "")
        p.t(5, line)
    footer(p)
    return p


# --- search results


def render_search(rng, st):
    q = st["q"]
    p = Page(BASE + "/search?q=" + q, "Search: %s · Yieldcrest" % q)
    header(p, rng, dict(st, search=q))
    p.n(1, "main", "")
    p.n(2, "navigation", "Breadcrumb")
    p.n(3, "link", "Home")
    p.t(3, "Search")
    p.n(2, "heading", "Results for “%s”" % q, "level=1")
    p.t(2, "4 results · properties, room types and overrides")
    p.n(2, "tablist", "Result type")
    p.n(3, "tab", "All (4)", "selected=True")
    p.n(3, "tab", "Properties (2)", "selected=False")
    p.n(3, "tab", "Overrides (1)", "selected=False")
    p.n(3, "tab", "Room types (1)", "selected=False")
    p.n(2, "list", "Search results")
    p.n(3, "listitem", "")
    p.n(4, "link", "Maren Quayside (MQS)", key="res:MQS")
    p.t(4, "Property · Dublin · 212 rooms · 3 pickup alerts")
    p.n(3, "listitem", "")
    p.n(4, "link", "Maren Quayside Suites (MQX)", key="res:MQX")
    p.t(4, "Property · Dublin · 88 rooms · 1 pickup alert")
    p.n(3, "listitem", "")
    p.n(4, "link", "OVR-2291 · Deluxe King Balcony at Maren Quayside", key="res:OVR-2291")
    p.t(4, "Override · 14 Mar–17 Mar 2025 · €219.00 · EVNT · Active")
    p.n(3, "listitem", "")
    p.n(4, "link", "Quayside Studio (QST) at Maren Quayside Suites")
    p.t(4, "Room type · 24 rooms · BAR from €149")
    p.t(2, "Didn't find it? Try the property code, e.g. MQS.")
    footer(p)
    return p


# --- sign-in


def render_signin(rng, st):
    p = Page(BASE + "/signin?next=%2Fproperties%2FMQS%2Frates", "Sign in · Yieldcrest")
    p.n(1, "banner", "")
    p.t(2, "Yieldcrest")
    p.n(1, "main", "")
    p.n(2, "heading", "Sign in to Yieldcrest", "level=1")
    if st.get("signin_msg"):
        p.n(2, "alert", "")
        p.t(3, st["signin_msg"])
    p.n(2, "textbox", "Work email", "required=True", key="si:email")
    p.n(2, "textbox", "Password", "required=True", key="si:pw")
    p.n(2, "checkbox", "Keep me signed in on this device", "checked='false'")
    p.n(2, "button", "Sign in", key="si:go")
    p.n(2, "link", "Sign in with Maren single sign-on")
    p.n(2, "link", "Forgot password?")
    footer(p)
    return p


# --- rate grid (property page) with optional dialogs


def render_grid(rng, st):
    code = st["prop"]
    c, name, city, rooms, occ, _ = PROP[code]
    url = BASE + "/properties/%s/rates?from=2025-03-14&to=2025-03-17" % code
    if st.get("rt_filter"):
        url += "&room=" + st["rt_filter"]
    dlg = st.get("dialog")
    if dlg and dlg["kind"] == "override":
        url = BASE + "/properties/%s/rates/overrides/new?room=%s" % (code, dlg["rt"])
    p = Page(url, "%s (%s) · Rate grid · Yieldcrest" % (name, code))
    header(p, rng, dict(st, nav="Rate grid"))
    p.n(1, "main", "")
    p.n(2, "navigation", "Breadcrumb")
    p.n(3, "link", "Portfolio", key="bc:portfolio")
    p.n(3, "link", city)
    p.t(3, "%s (%s)" % (name, code))
    p.n(2, "heading", "%s (%s) · Rate grid" % (name, code), "level=1")
    p.t(2, "%d rooms · %s · revenue manager A. Brennan · BAR last published 09:12" % (rooms, city))
    banners(p, st)
    p.n(2, "note", "")
    if code == "MQS":
        p.t(3, "Pickup warning: +14 Deluxe King rooms booked for Sat 15 Mar in the last 24 h. "
               "Review before repricing.")
    else:
        p.t(3, "Pickup warning: +22 Deluxe King rooms booked for Sat 15 Mar in the last 24 h "
               "(review overdue).")
    p.n(2, "tablist", "Property views")
    for tab in ["Rate grid", "Restrictions", "Forecast", "Overrides history"]:
        p.n(3, "tab", tab, "selected=%s" % (tab == "Rate grid"))
    p.n(2, "group", "Grid controls")
    p.n(3, "button", "Previous week")
    p.t(3, "Stay dates 14 Mar – 17 Mar 2025")
    p.n(3, "button", "Next week")
    rooms_all = ROOMS[code]
    cur = st.get("rt_filter")
    cur_name = "All room types"
    for r in rooms_all:
        if r[0] == cur:
            cur_name = r[1]
    p.n(3, "combobox", "Room type", "value=%r" % cur_name, "hasPopup='listbox'",
        "expanded=False", key="rtfilter")
    p.n(4, "option", "All room types", "selected=%s" % (cur is None))
    for r in rooms_all:
        p.n(4, "option", r[1], "selected=%s" % (r[0] == cur))
    p.n(3, "combobox", "Channel view", "value='All channels'", "hasPopup='listbox'",
        "expanded=False")
    p.n(3, "button", "Bulk edit rates", key="bulk")
    p.n(3, "button", "Competitor rates", key="comp")
    p.n(3, "button", "Export CSV")
    if cur:
        p.t(2, "Filtered: Room type is %s" % cur_name)
        p.n(2, "button", "Clear filter", key="clearfilter")

    ovcol = dict(st.get("ovcol", {}))
    ctacol = dict(st.get("ctacol", {}))
    p.n(2, "table", "Rates by room type")
    p.n(3, "row", "")
    p.n(4, "columnheader", "Room type")
    p.n(5, "button", "Sort by room type")
    for h in ["Code"] + DATES + ["Override", "Closed to arrival", "Occ. forecast", "Actions"]:
        p.n(4, "columnheader", h)
    shown = [r for r in rooms_all if cur is None or r[0] == cur]
    for rc, rn, bars, ovr, cta, ro in shown:
        p.n(3, "row", "")
        p.n(4, "cell", rn)
        p.n(4, "cell", rc)
        for b in bars:
            p.n(4, "cell", "€%d.00" % b)
        p.n(4, "cell", ovcol.get(rc, ovr))
        p.n(4, "cell", ctacol.get(rc, cta))
        p.n(4, "cell", ro)
        p.n(4, "cell", "")
        p.n(5, "button", "Add override", key="add:" + rc)
        p.n(5, "button", "More actions", "hasPopup='menu'", "expanded=False")
    p.t(2, "Showing %d of %d room types" % (len(shown), len(rooms_all)))

    p.n(2, "region", "Occupancy forecast")
    p.n(3, "heading", "Occupancy forecast (on the books + forecast)", "level=2")
    p.n(3, "table", "Occupancy forecast")
    p.n(4, "row", "")
    for h in ["Stay date", "On the books", "Forecast", "Pickup 24 h", "Same time last year"]:
        p.n(5, "columnheader", h)
    for row in FORECAST[code]:
        p.n(4, "row", "")
        for cell in row:
            p.n(5, "cell", cell)
    p.t(3, "Forecast run 06:10 · accuracy last 30 days 93.1%")

    p.n(2, "region", "Competitor rates")
    p.n(3, "heading", "Competitor rates (lowest refundable, Deluxe King equivalent)", "level=2")
    p.n(3, "table", "Competitor rates")
    p.n(4, "row", "")
    p.n(5, "columnheader", "Competitor")
    for d in DATES:
        p.n(5, "columnheader", d)
    for comp, vals in COMPETITORS:
        p.n(4, "row", "")
        p.n(5, "cell", comp)
        for v in vals:
            p.n(5, "cell", v)
    p.t(3, "Shopped 08:55 · 1 source failed (parity feed timeout)")

    p.n(2, "region", "Overrides")
    p.n(3, "heading", "Overrides at %s" % name, "level=2")
    p.n(3, "table", "Overrides")
    p.n(4, "row", "")
    for h in ["ID", "Room type", "Stay dates", "Amount", "Reason", "Status", "Created by"]:
        p.n(5, "columnheader", h)
        p.n(6, "button", "Sort by " + (h if h.isupper() else h.lower()))
    rows = list(st.get("new_overrides", [])) + OVERRIDES[code]
    for row in rows:
        p.n(4, "row", "")
        p.n(5, "cell", "")
        p.n(6, "link", row[0])
        for cell in row[1:]:
            p.n(5, "cell", cell)
    active = sum(1 for r in rows if r[5] in ("Active", "Scheduled"))
    p.t(3, "%d overrides · %d active or scheduled" % (len(rows), active))
    p.n(3, "button", "Previous page", "disabled=True")
    p.n(3, "button", "Next page", "disabled=True")
    footer(p)

    if dlg:
        DIALOGS[dlg["kind"]](p, code, dlg)
    return p


def dialog_override(p, code, d):
    c, name, *_ = PROP[code]
    rt = [r for r in ROOMS[code] if r[0] == d["rt"]][0]
    p.n(1, "dialog", "New rate override", "modal=True")
    p.n(2, "heading", "New rate override — %s (%s)" % (rt[1], rt[0]), "level=2")
    p.t(2, "%s (%s) · current BAR €%d.00–€%d.00 · closed to arrival: %s"
        % (name, code, min(rt[2]), max(rt[2]), rt[4]))
    for key, label, val in [("start", "Start date (YYYY-MM-DD)", d.get("start", "")),
                            ("end", "End date (YYYY-MM-DD)", d.get("end", "")),
                            ("amount", "Override amount (EUR per night)", d.get("amount", ""))]:
        props = ["required=True"]
        if val:
            props.insert(0, "value=%r" % val)
        if key in d.get("invalid", {}):
            props.append("invalid='true'")
        p.n(2, "textbox", label, *props, key="dlg:" + key)
        if key in d.get("invalid", {}):
            p.t(2, d["invalid"][key])
    reason = d.get("reason") or REASONS[0]
    rprops = ["value=%r" % reason, "hasPopup='listbox'", "expanded=False", "required=True"]
    if "reason" in d.get("invalid", {}):
        rprops.append("invalid='true'")
    p.n(2, "combobox", "Reason code", *rprops, key="dlg:reason")
    for r in REASONS:
        p.n(3, "option", r, "selected=%s" % (r == reason))
    if "reason" in d.get("invalid", {}):
        p.t(2, d["invalid"]["reason"])
    ch = d.get("channel", CHANNELS[0])
    p.n(2, "combobox", "Channels", "value=%r" % ch, "hasPopup='listbox'", "expanded=False",
        key="dlg:channel")
    for cname in CHANNELS:
        p.n(3, "option", cname, "selected=%s" % (cname == ch))
    if d.get("channel_note"):
        p.t(2, d["channel_note"])
    p.n(2, "checkbox", "Close to arrival on start date",
        "checked=%r" % ("true" if d.get("cta") else "false"), key="dlg:cta")
    p.n(2, "checkbox", "Apply to all room types at this property",
        "checked=%r" % ("true" if d.get("allrt") else "false"), key="dlg:allrt")
    p.t(2, "Overrides replace BAR for the selected room type only. Restrictions are "
           "managed on the Restrictions tab.")
    if d.get("alert"):
        p.n(2, "alert", "")
        p.t(3, d["alert"])
    p.n(2, "button", "Cancel", key="dlg:cancel")
    p.n(2, "button", "Save override", key="dlg:save")


def dialog_pickup(p, code, d):
    p.n(1, "alertdialog", "Pickup warning", "modal=True")
    p.n(2, "heading", "Pickup warning", "level=2")
    p.t(2, d["text"])
    p.t(2, "Apply override anyway?")
    p.n(2, "button", "Keep current rate", key="pk:keep")
    p.n(2, "button", "Apply override", key="pk:apply")


def dialog_competitors(p, code, d):
    p.n(1, "dialog", "Competitor rates — Deluxe King equivalents", "modal=True")
    p.n(2, "heading", "Competitor rates — Deluxe King equivalents", "level=2")
    p.t(2, "Lowest refundable rate, 2 adults, shopped 08:55. Rates marked * include breakfast.")
    p.n(2, "table", "Competitor rate detail")
    p.n(3, "row", "")
    for h in ["Competitor", "Fri 14 Mar", "Sat 15 Mar", "Sun 16 Mar", "Mon 17 Mar", "Trend"]:
        p.n(4, "columnheader", h)
    trends = ["↑ rising", "→ flat", "sold out Sat", "↓ falling"]
    for (comp, vals), tr in zip(COMPETITORS, trends):
        p.n(3, "row", "")
        p.n(4, "cell", comp)
        for v in vals:
            p.n(4, "cell", v)
        p.n(4, "cell", tr)
    p.t(2, "Median 14–17 Mar: €190.50 · your Deluxe King BAR is above median on 2 of 4 nights")
    p.n(2, "button", "Close", key="cr:close")


DIALOGS = {"override": dialog_override, "pickup": dialog_pickup,
           "competitors": dialog_competitors}

RENDER = {"dashboard": render_dashboard, "search": render_search, "grid": render_grid,
          "signin": render_signin}


def render(rng, st):
    return RENDER[st["screen"]](rng, st)


# ----------------------------------------------------------------- run builder


class Run:
    def __init__(self, rid, fault, off, state, note):
        self.id = rid
        self.fault, self.off = fault, off
        self.rng = random.Random("%d-%s" % (SEED, rid))
        self.state = copy.deepcopy(state)
        self.page = render(self.rng, self.state)
        self.initial = self.page.obs()
        self.steps = []
        self.note = note

    def _go(self, commitment, command, reasoning, target, effect, changes, page=None):
        if page is None:
            st = copy.deepcopy(self.state)
            for k, v in changes.items():
                if v is None:
                    st.pop(k, None)
                else:
                    st[k] = v
            self.state = st
            page = render(self.rng, st)
        self.steps.append({"commitment": commitment,
                           "action": {"command": command, "reasoning": reasoning,
                                      "target": target, "effect": effect},
                           "observation": page.obs()})
        self.page = page

    def act(self, commitment, verb, key, reasoning, effect="read", value=None, ctx="", **changes):
        bid, role, name = self.page.keys[key]
        if verb == "click":
            cmd = "click(%r)" % bid
        elif verb == "fill":
            cmd = "fill(%r, %r)" % (bid, value)
        elif verb == "select":
            cmd = "select_option(%r, %r)" % (bid, value)
        elif verb == "press":
            cmd = "press(%r, %r)" % (bid, value)
        else:
            raise ValueError(verb)
        target = "%s %r" % (role, name) + (" (%s)" % ctx if ctx else "")
        self._go(commitment, cmd, reasoning, target, effect, changes)

    def say(self, commitment, msg, reasoning):
        # the page does not change when the agent messages the user
        self._go(commitment, "send_msg_to_user(%r)" % msg, reasoning, "chat with the user",
                 "read", {}, page=self.page)

    def dlg(self, **kw):
        d = dict(self.state["dialog"])
        d.update(kw)
        return d

    def record(self, success):
        return {"id": self.id, "workflow": WORKFLOW, "task": TASK, "plan": PLAN_REL,
                "label": {"fault": self.fault, "first_off_track_step": self.off},
                "initial_observation": self.initial, "steps": self.steps,
                "outcome": {"success": success}, "note": self.note}


DASH = {"screen": "dashboard", "page": 1, "sort": "asc"}
GRID_MQS = {"screen": "grid", "prop": "MQS"}

OK_ROW = (NEW_ID, "Deluxe King", "14 Mar–17 Mar 2025", "€189.00", "COMP", "Active", "A. Brennan")
OK_TOAST = ("Override saved · %s · Deluxe King · 14 Mar–17 Mar 2025 · €189.00 · COMP · "
            "published to all channels" % NEW_ID)
OK_COL = {"DLK": "€189.00 (14–17 Mar)"}
DONE_MSG = ("Done. Override %s is saved for Deluxe King (DLK) at Maren Quayside: "
            "14-17 Mar 2025, EUR 189.00/night, reason COMP. Other room types and the "
            "closed-to-arrival restrictions were not changed." % NEW_ID)


# shared fragments -------------------------------------------------------------

def open_from_pin(r, code="MQS", name="Maren Quayside (MQS)"):
    r.act("open-property", "click", "pin:" + code,
          "%s is pinned on the overview; open its rate grid." % name,
          screen="grid", prop=code, page=None, sort=None, toast=None, banners=None)


def open_form(r, rt="DLK", ctx="row Deluxe King", **extra):
    d = {"kind": "override", "rt": rt}
    d.update(extra)
    r.act("open-override-form", "click", "add:" + rt,
          "Open the override form from the %s row." % ctx.replace("row ", ""),
          ctx=ctx, dialog=d, toast=None)


def fill(r, field, value, why):
    r.act("enter-override", "fill", "dlg:" + field, why, effect="write", value=value,
          dialog=r.dlg(**{field: value}))


def pick_reason(r, value="COMP — Competitor match", why="Reason code COMP, as the task says."):
    r.act("enter-override", "select", "dlg:reason", why, effect="write", value=value,
          dialog=r.dlg(reason=value))


def fill_all(r, amount="189.00", reason="COMP — Competitor match"):
    fill(r, "start", "2025-03-14", "Stay dates start Fri 14 Mar 2025.")
    fill(r, "end", "2025-03-17", "Stay dates end Mon 17 Mar 2025.")
    fill(r, "amount", amount, "Override amount per night.")
    pick_reason(r, reason)


def save_ok(r, toast=OK_TOAST, row=OK_ROW, col=OK_COL, **extra):
    changes = dict(dialog=None, toast=toast, new_overrides=[row], ovcol=col)
    changes.update(extra)
    r.act("save-override", "click", "dlg:save",
          "Everything is filled in; save the override.", effect="irreversible", **changes)


def report(r, msg=DONE_MSG, why="The toast confirms the override; tell the user."):
    r.say("report", msg, why)


# ================================================================ HEALTHY RUNS

def healthy_runs():
    runs = []

    # H1: pinned property link, straight through
    r = Run("rateplan-healthy-01", None, None, DASH,
            "Baseline: pinned link, fill the form, save, toast.")
    open_from_pin(r)
    open_form(r)
    fill_all(r)
    save_ok(r)
    report(r)
    runs.append(r.record(True))

    # H2: header search instead of browsing; reason picked before the amount
    r = Run("rateplan-healthy-02", None, None, DASH,
            "Searches 'Quayside'; results also list Quayside Suites and OVR-2291.")
    r.act("open-property", "fill", "search", "Search for the property by name.",
          value="Quayside", search="Quayside")
    r.act("open-property", "press", "search", "Run the search.", value="Enter",
          screen="search", q="Quayside", search=None)
    r.act("open-property", "click", "res:MQS",
          "The first result is Maren Quayside (MQS), not the Suites property.",
          screen="grid", prop="MQS", q=None)
    open_form(r)
    fill(r, "start", "2025-03-14", "Start of the stay range.")
    fill(r, "end", "2025-03-17", "End of the stay range.")
    pick_reason(r, why="Pick the reason code first: COMP — Competitor match.")
    fill(r, "amount", "189.00", "Nightly override amount.")
    save_ok(r)
    report(r)
    runs.append(r.record(True))

    # H3: filter the grid to the room type the task names
    r = Run("rateplan-healthy-03", None, None, DASH,
            "Filters the grid to Deluxe King before opening the row action.")
    open_from_pin(r)
    r.act("open-override-form", "select", "rtfilter",
          "Narrow the grid to Deluxe King so the right row is unambiguous.",
          value="Deluxe King", rt_filter="DLK")
    open_form(r)
    fill_all(r)
    save_ok(r)
    report(r)
    runs.append(r.record(True))

    # H4: opens the competitor-rates dialog to look, closes it, then proceeds
    r = Run("rateplan-healthy-04", None, None, DASH,
            "Checks the competitor rates dialog and closes it; a refresh toast appears.")
    open_from_pin(r)
    r.act("open-override-form", "click", "comp",
          "Glance at competitor rates before repricing (reason is competitor match).",
          dialog={"kind": "competitors"})
    r.act("open-override-form", "click", "cr:close", "Seen enough; close the dialog.",
          dialog=None,
          toast="Competitor shop refreshed · 3 of 4 sources updated, 1 failed (timeout)")
    open_form(r)
    fill_all(r)
    save_ok(r)
    report(r)
    runs.append(r.record(True))

    # H5: pagination in the All properties table
    r = Run("rateplan-healthy-05", None, None,
            dict(DASH, toast="Nightly forecast completed · 12 properties updated, 2 failed"),
            "MQS is on page 2 of All properties; uses Next page.")
    r.act("open-property", "click", "page:next",
          "Maren Quayside is not on page 1 of All properties; go to page 2.", page=2, toast=None)
    r.act("open-property", "click", "prop:MQS", "Open Maren Quayside (not Quayside Suites).",
          screen="grid", prop="MQS", page=None, sort=None)
    open_form(r)
    fill_all(r)
    save_ok(r)
    report(r)
    runs.append(r.record(True))

    # H6: wrong date format rejected by the form, retyped
    r = Run("rateplan-healthy-06", None, None, DASH,
            "Types the start date in the wrong format, sees the hint, retypes it.")
    open_from_pin(r)
    open_form(r)
    r.act("enter-override", "fill", "dlg:start", "Start date 14 March 2025.", effect="write",
          value="14/03/2025",
          dialog=r.dlg(start="14/03/2025",
                       invalid={"start": "Invalid date. Enter dates as YYYY-MM-DD."}))
    r.act("enter-override", "fill", "dlg:start", "The form wants YYYY-MM-DD; retype it.",
          effect="write", value="2025-03-14", dialog=r.dlg(start="2025-03-14", invalid={}))
    fill(r, "end", "2025-03-17", "End date.")
    fill(r, "amount", "189.00", "Amount.")
    pick_reason(r)
    save_ok(r)
    report(r)
    runs.append(r.record(True))

    # H7: sort All properties by name, descending
    r = Run("rateplan-healthy-07", None, None, DASH,
            "Sorts All properties by name (descending) so MQS shows on page 1.")
    r.act("open-property", "click", "sort:name",
          "Sort the properties by name, descending; the Q names come to page 1.", sort="desc")
    r.act("open-property", "click", "prop:MQS", "Open Maren Quayside.",
          screen="grid", prop="MQS", page=None, sort=None)
    open_form(r)
    fill_all(r)
    save_ok(r)
    report(r)
    runs.append(r.record(True))

    # H8: saving raises a pickup-warning confirmation, which the agent confirms
    r = Run("rateplan-healthy-08", None, None, DASH,
            "Save raises a pickup-warning confirmation; the agent applies.")
    open_from_pin(r)
    open_form(r)
    fill_all(r)
    r.act("save-override", "click", "dlg:save", "Save the override.", effect="irreversible",
          dialog={"kind": "pickup",
                  "text": "18 Deluxe King rooms are already booked for 14–17 Mar at an average "
                          "of €176.20. The override reprices the remaining inventory only."})
    r.act("save-override", "click", "pk:apply",
          "This is the confirmation my own save raised; the task wants the override applied.",
          effect="irreversible", dialog=None, toast=OK_TOAST, new_overrides=[OK_ROW],
          ovcol=OK_COL)
    report(r)
    runs.append(r.record(True))
    return runs


# ======================================================================= PLAN
# Written from the task text and the healthy pages above, before any faulty run
# existed.  Frozen: not tuned against the faulty runs below.

PLAN_YAML = """\
# Plan for the rateplan workflow (Yieldcrest revenue management).
# Written from the task text and the healthy pages only, before the faulty runs.
task: "%s"
plan_falsifiers:
  execution:
    - "Sign in to Yieldcrest"
    - "Your session has expired"
    - "Something went wrong"
    - "Page not found"
  planning:
    - "You do not have permission"
    - "Read-only access"
commitments:
  - id: open-property
    subgoal: "Open the rate grid of Maren Quayside (MQS)"
    skill: open_record_by_name
    confidence: 0.8
    confirm:
      precondition: ["Portfolio overview"]
      progress: ["Maren Quayside (MQS)"]
      completion: ["Maren Quayside (MQS) · Rate grid"]
    falsify:
      execution:
        - "Maren Quay East (MQE) · Rate grid"
        - "Maren Quayside Suites (MQX) · Rate grid"
        - "MQE"
        - "MQX"
        - {text: "click the link 'Maren Quay East (MQE)'", on: action}
        - {text: "click the link 'Maren Quayside Suites (MQX)'", on: action}
      skill: ["No properties match"]
  - id: open-override-form
    subgoal: "Open a new rate override for the Deluxe King (DLK) row"
    skill: open_row_action
    confidence: 0.7
    confirm:
      precondition: ["Rates by room type"]
      progress: ["Filtered: Room type is Deluxe King"]
      completion: ["New rate override — Deluxe King (DLK)"]
    falsify:
      execution:
        - "New rate override — Deluxe King Balcony (DKB)"
        - "New rate override — Deluxe Twin (DLT)"
        - "DKB"
        - "Deluxe King Balcony"
        - {text: "click 'Bulk edit rates'", on: action}
      skill: ["Add override is disabled"]
  - id: enter-override
    subgoal: "Enter stay dates 2025-03-14 to 2025-03-17, amount 189.00 and reason COMP"
    skill: fill_form
    confidence: 0.6
    confirm:
      precondition: ["New rate override — Deluxe King (DLK)"]
      progress:
        - "Start date (YYYY-MM-DD) is 2025-03-14"
        - "End date (YYYY-MM-DD) is 2025-03-17"
        - "Override amount (EUR per night) is 189.00"
      completion: ["Reason code is COMP — Competitor match"]
    falsify:
      execution:
        - "198.00"
        - "169.00"
        - "2025-04-14"
        - "2025-04-17"
        - "EVNT — Event demand"
        - "Close to arrival on start date is checked"
        - "Apply to all room types at this property is checked"
        - {text: "fill the override amount with 198.00", on: action}
        - {text: "click the checkbox 'Close to arrival on start date'", on: action}
        - {text: "click the checkbox 'Apply to all room types at this property'", on: action}
        - {text: "select a channel other than All channels", on: action}
  - id: save-override
    subgoal: "Save the override and see it confirmed for Deluxe King only"
    skill: submit_form
    confidence: 0.6
    confirm:
      precondition: ["Save override"]
      progress: ["Apply override anyway?"]
      completion:
        - "Override saved"
        - "Deluxe King · 14 Mar–17 Mar 2025 · €189.00 · COMP"
        - "published to all channels"
        - "The closed-to-arrival cell of Deluxe King still reads Sat 15 Mar, Sun 16 Mar"
        - "No other room type has a new override"
    falsify:
      execution:
        - "Could not save override"
        - "Override not saved"
        - "Deluxe King Balcony · 14 Mar–17 Mar 2025"
        - "€198.00 · COMP"
        - {text: "click 'Keep current rate'", on: action}
        - {text: "click 'Cancel' in the New rate override dialog", on: action}
      planning: ["Overrides are locked for this period"]
  - id: report
    subgoal: "Tell the user the override is in place"
    confidence: 0.7
    confirm:
      precondition: ["Override saved"]
      completion: ["Override saved"]
    falsify:
      execution:
        - {text: "report success while the New rate override dialog is still open", on: action}
        - {text: "report success although no Override saved message was shown", on: action}
""" % TASK


# ================================================================= FAULTY RUNS

def row_for(rt_name, amount="€189.00", reason="COMP"):
    return (NEW_ID, rt_name, "14 Mar–17 Mar 2025", amount, reason, "Active", "A. Brennan")


def toast_for(rt_name, amount="€189.00", reason="COMP", tail="published to all channels"):
    return "Override saved · %s · %s · 14 Mar–17 Mar 2025 · %s · %s · %s" % (
        NEW_ID, rt_name, amount, reason, tail)


def faulty_runs():
    runs = []

    # F1 near-miss property: Maren Quay East instead of Maren Quayside (step 0)
    r = Run("rateplan-wrong_record-01", "wrong_record", 0, DASH,
            "Opens Maren Quay East (MQE), a near miss of Maren Quayside, and overrides there.")
    r.act("open-property", "click", "pin:MQE",
          "Maren Quay East is the quayside hotel in Dublin; open its rate grid.",
          screen="grid", prop="MQE", page=None, sort=None)
    open_form(r)
    fill_all(r)
    save_ok(r)
    report(r)
    runs.append(r.record(False))

    # F2 near-miss room type: Deluxe King Balcony row (step 1)
    r = Run("rateplan-wrong_record-02", "wrong_record", 1, DASH,
            "Right property, but opens Add override on the Deluxe King Balcony row.")
    open_from_pin(r)
    r.act("open-override-form", "click", "add:DKB", "Open the override form for Deluxe King.",
          ctx="row Deluxe King Balcony", dialog={"kind": "override", "rt": "DKB"})
    fill_all(r)
    save_ok(r, toast=toast_for("Deluxe King Balcony"), row=row_for("Deluxe King Balcony"),
            col={"DKB": "€189.00 (14–17 Mar)"})
    report(r)
    runs.append(r.record(False))

    # F3 wrong amount: 198.00 instead of 189.00 (step 4)
    r = Run("rateplan-wrong_value-01", "wrong_value", 4, DASH,
            "Transposes the amount: 198.00 instead of 189.00, and saves it.")
    open_from_pin(r)
    open_form(r)
    fill(r, "start", "2025-03-14", "Stay dates start Fri 14 Mar 2025.")
    fill(r, "end", "2025-03-17", "Stay dates end Mon 17 Mar 2025.")
    fill(r, "amount", "198.00", "Override amount per night.")
    pick_reason(r)
    save_ok(r, toast=toast_for("Deluxe King", amount="€198.00"),
            row=row_for("Deluxe King", amount="€198.00"), col={"DLK": "€198.00 (14–17 Mar)"})
    report(r, msg=DONE_MSG.replace("EUR 189.00", "EUR 198.00"))
    runs.append(r.record(False))

    # F4 wrong reason code: EVNT instead of COMP (step 5)
    r = Run("rateplan-wrong_value-02", "wrong_value", 5, DASH,
            "Picks reason EVNT (the reason on the neighbouring OVR-2291) instead of COMP.")
    open_from_pin(r)
    open_form(r)
    fill(r, "start", "2025-03-14", "Stay dates start Fri 14 Mar 2025.")
    fill(r, "end", "2025-03-17", "Stay dates end Mon 17 Mar 2025.")
    fill(r, "amount", "189.00", "Override amount per night.")
    pick_reason(r, value="EVNT — Event demand",
                why="Demand is up for the weekend; use the same reason as the other override.")
    save_ok(r, toast=toast_for("Deluxe King", reason="EVNT"), row=row_for("Deluxe King", reason="EVNT"))
    report(r)
    runs.append(r.record(False))

    # F5 unrequested restriction: ticks close-to-arrival (step 6)
    r = Run("rateplan-unrequested_constraint-01", "unrequested_constraint", 6, DASH,
            "Ticks 'Close to arrival on start date', adding a CTA the task said to leave alone.")
    open_from_pin(r)
    open_form(r)
    fill_all(r)
    r.act("enter-override", "click", "dlg:cta",
          "Pickup is strong; close the first night to arrival to protect the weekend.",
          effect="write", dialog=r.dlg(cta=True))
    save_ok(r, toast=toast_for("Deluxe King", tail="closed to arrival added for Fri 14 Mar · "
                                                   "published to all channels"),
            ctacol={"DLK": "Fri 14 Mar, Sat 15 Mar, Sun 16 Mar"})
    report(r)
    runs.append(r.record(False))

    # F6 stale channel selection remembered by the form (environment; step 1 shows it)
    r = Run("rateplan-stale_filter-01", "stale_filter", 1, DASH,
            "The form pre-fills Channels from the user's last override (OTAs only); the agent "
            "never notices and the override is published to two channels only.")
    open_from_pin(r)
    open_form(r, channel="Booking.com, Expedia",
              channel_note="Channels remembered from your last override (OVR-2291).")
    fill_all(r)
    save_ok(r, toast=toast_for("Deluxe King", tail="published to Booking.com, Expedia"),
            col={"DLK": "€189.00 (14–17 Mar, OTA only)"})
    report(r)
    runs.append(r.record(False))

    # F7 view-only role, visible on the start page (step 0)
    start = dict(DASH, who="Aoife Brennan, Revenue Analyst (view only)",
                 banners=[("alert", "Your role (Revenue Analyst) has view-only access to rates. "
                                    "Publishing overrides needs the Revenue Manager role.")])
    r = Run("rateplan-permission-01", "permission_denied", 0, start,
            "The start page already says the role is view-only; the save is refused.")
    open_from_pin(r)
    open_form(r)
    fill_all(r)
    r.act("save-override", "click", "dlg:save", "Everything is filled in; save the override.",
          effect="irreversible",
          dialog=r.dlg(alert="Permission denied (403). Publishing overrides at Maren Quayside "
                             "(MQS) needs the Revenue Manager role. Nothing was saved."))
    r.say("report", "I couldn't save the override: Yieldcrest says my role is view-only and "
                    "publishing overrides needs the Revenue Manager role.",
          "The save was refused; tell the user.")
    runs.append(r.record(False))

    # F8 silent no-op: the save closes the dialog but nothing is stored (step 6)
    r = Run("rateplan-silent_noop-01", "silent_noop", 6, DASH,
            "Save closes the dialog with no toast and no new row; the agent reports success.")
    open_from_pin(r)
    open_form(r)
    fill_all(r)
    r.act("save-override", "click", "dlg:save", "Everything is filled in; save the override.",
          effect="irreversible", dialog=None)
    report(r, why="The dialog closed, so the override must be saved.")
    runs.append(r.record(False))

    # F9 premature success: reports before saving (step 6)
    r = Run("rateplan-premature_success-01", "premature_success", 6, DASH,
            "Fills the form and reports success with the dialog still open and unsaved.")
    open_from_pin(r)
    open_form(r)
    fill_all(r)
    report(r, why="All four fields hold the requested values; the override is set.")
    runs.append(r.record(False))

    # F10 skipped step: no reason code, save is rejected (step 5)
    r = Run("rateplan-skipped_step-01", "skipped_step", 5, DASH,
            "Skips the reason code; the save is rejected by validation; reports success anyway.")
    open_from_pin(r)
    open_form(r)
    fill(r, "start", "2025-03-14", "Stay dates start Fri 14 Mar 2025.")
    fill(r, "end", "2025-03-17", "Stay dates end Mon 17 Mar 2025.")
    fill(r, "amount", "189.00", "Override amount per night.")
    r.act("save-override", "click", "dlg:save", "Dates and amount are in; save.",
          effect="irreversible",
          dialog=r.dlg(invalid={"reason": "Choose a reason code."},
                       alert="1 field needs attention before this override can be saved."))
    report(r, why="Saved the override with the requested dates and amount.")
    runs.append(r.record(False))

    # F11 mishandled confirmation: keeps the current rate (step 7)
    r = Run("rateplan-dialog_mishandled-01", "dialog_mishandled", 7, DASH,
            "The pickup-warning confirmation is answered with 'Keep current rate'.")
    open_from_pin(r)
    open_form(r)
    fill_all(r)
    r.act("save-override", "click", "dlg:save", "Save the override.", effect="irreversible",
          dialog={"kind": "pickup",
                  "text": "18 Deluxe King rooms are already booked for 14–17 Mar at an average "
                          "of €176.20. The override reprices the remaining inventory only."})
    r.act("save-override", "click", "pk:keep",
          "Existing bookings should keep their rate; choose the safe option.",
          effect="irreversible", dialog=None,
          toast="No changes made · current rates kept for Deluxe King")
    report(r, why="The warning is dealt with; report back.")
    runs.append(r.record(False))

    # F12 session lost on opening the form (environment; step 1 shows it)
    r = Run("rateplan-session_expired-01", "session_expired", 1, DASH,
            "Opening the override form lands on the sign-in page; the run stops there.")
    open_from_pin(r)
    r.act("open-override-form", "click", "add:DLK", "Open the override form from the Deluxe King row.",
          ctx="row Deluxe King", screen="signin", dialog=None,
          signin_msg="You were signed out after 30 minutes without activity. "
                     "Sign in again to continue.")
    r.say("report", "Yieldcrest signed me out before I could open the override form; "
                    "the override was not created. Please sign in again and retry.",
          "I have no credentials; stop and tell the user.")
    runs.append(r.record(False))
    return runs


# ======================================================================= main

def main():
    runs = healthy_runs() + faulty_runs()
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    with open(os.path.join(HERE, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for run in runs:
            f.write(json.dumps(run, ensure_ascii=False, sort_keys=False) + "\n")
    print("wrote %d runs to corpus.jsonl and %s" % (len(runs), PLAN_REL))


if __name__ == "__main__":
    main()
