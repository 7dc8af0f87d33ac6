#!/usr/bin/env python3
"""Generate the Orchardline held-out corpus (standard library only, fixed seed).

Writes, next to this file (or into the directory given as the first argument):
  corpus.jsonl                   20 trajectories (8 healthy, 12 faulty)
  plans/standing_order.yaml      the plan, written from the task and healthy pages

The output is byte-for-byte reproducible: no clocks, no environment, one seeded RNG.
"""
import json
import os
import random
import sys

SEED = 2218
BASE = "http://127.0.0.1:8731"
PRODUCT = "Orchardline Member Portal"
WORKFLOW = "standing_order"
PLAN_PATH = "plans/standing_order.yaml"
TASK = ("Open member M-2218's standing order, change the apples line from 3 kg to 5 kg, "
        "pick the Thursday afternoon delivery window, and save.")

RNG = random.Random(SEED)

# --------------------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym-style flattened AXTree)
# --------------------------------------------------------------------------------------

FLAGS = {"focused", "required", "disabled", "clickable", "readonly"}


class Page:
    def __init__(self, path, title, error=None):
        self.url = BASE + path
        self.title = title
        self.error = error
        self.nodes = []          # (depth, role, name, props, bid)
        self.keys = {}           # key -> index in nodes
        self.next_bid = 12

    def n(self, depth, role, name="", key=None, **props):
        bid = None
        if role != "StaticText":
            bid = str(self.next_bid)
            self.next_bid += 1
        self.nodes.append((depth, role, name, props, bid))
        if key is not None:
            if key in self.keys:
                raise ValueError("duplicate key %r on %s" % (key, self.url))
            self.keys[key] = len(self.nodes) - 1
        return bid

    def t(self, depth, text):
        self.n(depth, "StaticText", text)

    def bid(self, key):
        return self.nodes[self.keys[key]][4]

    def target(self, key):
        d, role, name, props, bid = self.nodes[self.keys[key]]
        return "%s '%s'" % (role, name)

    def text(self):
        out = ["RootWebArea '%s', focused" % self.title]
        for depth, role, name, props, bid in self.nodes:
            s = "\t" * depth
            if bid is not None:
                s += "[%s] " % bid
            s += "%s '%s'" % (role, name)
            for k, v in props.items():
                if v is True and k in FLAGS:
                    s += ", " + k
                elif isinstance(v, bool):
                    s += ", %s=%s" % (k, v)
                elif isinstance(v, (int, float)):
                    s += ", %s=%s" % (k, v)
                else:
                    s += ", %s='%s'" % (k, v)
            out.append(s)
        return "\n".join(out)

    def obs(self):
        return {"url": self.url, "title": self.title, "text": self.text(), "error": self.error}


# Live counters tick once per observation within a run.
CLOCK = {"tick": 0, "user": ("Dana Okafor", "Packing shed coordinator")}


def reset_clock(start=0):
    CLOCK["tick"] = start


NAV = ["Dashboard", "Members", "Standing orders", "Harvest calendar", "Delivery routes",
       "Invoices", "Reports"]


def chrome_top(p, active, search="", suggest=None):
    packed = 160 + 7 * CLOCK["tick"]
    p.n(1, "banner", "")
    p.n(2, "link", "Orchardline Co-op home", key="home")
    p.n(3, "img", "Orchardline Co-op")
    p.t(2, "Member Portal")
    p.n(2, "search", "Site search")
    p.n(3, "combobox", "Search members, orders and produce", key="search", value=search,
        autocomplete="list", hasPopup="listbox", expanded=bool(suggest))
    if suggest:
        p.n(4, "listbox", "Suggestions")
        for i, (label, key) in enumerate(suggest):
            p.n(5, "option", label, key=key, selected=False)
    p.n(3, "button", "Search", key="search_btn")
    p.n(2, "status", "Packing progress", live="polite")
    p.t(3, "Packed today: %d of 412 boxes" % packed)
    p.t(3, "Routes out: %d of 6" % (1 + CLOCK["tick"] // 4))
    p.n(2, "button", "Notifications, 4 unread", hasPopup="menu", expanded=False)
    p.n(2, "button", "Help")
    p.n(2, "button", "%s, %s" % CLOCK["user"], key="usermenu", hasPopup="menu", expanded=False)
    p.n(1, "navigation", "Main")
    for label in NAV:
        if label == active:
            p.n(2, "link", label, key="nav:" + label, current="page")
        else:
            p.n(2, "link", label, key="nav:" + label)
    p.n(1, "main", "")


def chrome_bottom(p, toast=None, toast_kind="status"):
    p.n(1, "contentinfo", "")
    p.t(2, "\u00a9 2025 Orchardline Growers Co-operative Ltd \u00b7 Registered society no. 31877R")
    p.n(2, "link", "Member handbook")
    p.n(2, "link", "Privacy notice")
    p.n(2, "link", "Accessibility")
    p.n(2, "link", "Contact the packing shed")
    p.t(2, "Portal 4.12.3 \u00b7 Last sync with packing shed %d min ago" % (2 + CLOCK["tick"] % 3))
    p.n(1, "region", "Notifications")
    if toast:
        p.n(2, toast_kind, "", live="polite")
        p.t(3, toast)
        p.n(3, "button", "Dismiss notification", key="toast_dismiss")


def breadcrumbs(p, items):
    p.n(2, "navigation", "Breadcrumb")
    for label in items[:-1]:
        p.n(3, "link", label)
    p.t(3, items[-1])


def tick():
    CLOCK["tick"] += 1


# --------------------------------------------------------------------------------------
# Application data
# --------------------------------------------------------------------------------------

WINDOWS = [
    "Tuesday morning (08:00\u201312:00)",
    "Tuesday afternoon (13:00\u201317:00)",
    "Thursday morning (08:00\u201312:00)",
    "Thursday afternoon (13:00\u201317:00)",
    "Thursday evening (17:00\u201320:00)",
    "Saturday morning (08:00\u201312:00)",
]
WINDOW_FULL = "Saturday afternoon (13:00\u201317:00) \u2014 full"
TUE_AM, TUE_PM, THU_AM, THU_PM, THU_EVE, SAT_AM = WINDOWS
FIRST_BOX = {"Tuesday": "Tue 18 Mar", "Thursday": "Thu 20 Mar", "Saturday": "Sat 22 Mar"}
DELIVERY_FEE = 2.50

MEMBERS = {
    "M-2218": {
        "name": "Hollis Brandt", "hub": "Eastfield", "so": "SO-40172", "since": "April 2019",
        "box": "Family veg + fruit", "status": "Active",
        "address": "14 Millrace Lane, Eastfield EF4 2RW", "phone": "07700 900418",
        "email": "hollis.brandt@example.org", "household": "3",
        "notes": "No mushrooms. Gate code 2218 \u2014 staff only.",
        "payment": "Direct debit \u00b7 collection on 1 Mar failed, retried successfully 4 Mar",
        "window": TUE_AM,
        "lines": [
            ("Apples", "Braeburn", "3", "kg", 2.40),
            ("Pears", "Conference", "3", "kg", 2.90),
            ("Carrots", "Chantenay", "1.5", "kg", 1.20),
            ("Potatoes", "Maris Piper", "4", "kg", 0.95),
            ("Apple juice", "Cloudy, 750 ml", "2", "bottles", 3.25),
            ("Free-range eggs", "Mixed sizes", "12", "eggs", 0.35),
        ],
        "last_saved": "3 Feb 2025 by Hollis Brandt (member app)",
        "boxes": [("Tue 4 Mar", "Delivered"),
                  ("Tue 25 Feb", "Delivery failed \u2014 no access; redelivered Wed 26 Feb"),
                  ("Tue 18 Feb", "Delivered"),
                  ("Tue 11 Feb", "Cancelled by member (holiday)")],
    },
    "M-2281": {
        "name": "Hollie Brant", "hub": "Westgate", "so": "SO-40127", "since": "September 2021",
        "box": "Small veg + fruit", "status": "Active",
        "address": "Flat 3, 81 Tanner Row, Westgate WG1 8LD", "phone": "07700 900281",
        "email": "h.brant@example.net", "household": "2",
        "notes": "Back door only. Dog is friendly.",
        "payment": "Card on file \u00b7 paid to date",
        "window": THU_AM,
        "lines": [
            ("Apples", "Cox", "3", "kg", 2.60),
            ("Leeks", "Musselburgh", "1", "kg", 2.10),
            ("Potatoes", "Charlotte", "3", "kg", 1.10),
            ("Oat milk", "Barista, 1 L", "2", "cartons", 1.85),
        ],
        "last_saved": "8:42 today by Hollie Brant (member app)",
        "boxes": [("Thu 6 Mar", "Delivered"),
                  ("Thu 27 Feb", "Skipped \u2014 holiday pause"),
                  ("Thu 20 Feb", "Skipped \u2014 holiday pause"),
                  ("Thu 13 Feb", "Delivered")],
    },
}

FIRST = ["Ada", "Bram", "Cerys", "Dev", "Elin", "Farid", "Gwen", "Hamza", "Isla", "Jonas",
         "Kemi", "Lorcan", "Maud", "Nilufar", "Otto", "Priya", "Quinn", "Rosa", "Sefa",
         "Tamsin", "Ulrich", "Vera", "Wes", "Yara", "Zofia"]
LAST = ["Abbott", "Baptiste", "Calder", "Dunmore", "Eze", "Fairclough", "Grewal", "Hartigan",
        "Iqbal", "Jaworski", "Kettle", "Lindqvist", "Mbeki", "Nash", "Okoro", "Pemberton",
        "Quayle", "Rahman", "Sutcliffe", "Thorne", "Varga", "Whitlock", "Yusuf"]
HUBS = ["Eastfield", "Westgate", "Northmoor", "Riverside", "Kiln Street"]
BOXES = ["Family veg + fruit", "Small veg + fruit", "Veg only", "Fruit only", "Salad & greens"]
DAYS = ["Tue 11 Mar", "Thu 13 Mar", "Sat 15 Mar"]
UPDATED = ["09:12", "09:05", "08:58", "08:47", "08:42", "08:31", "08:20", "08:17", "08:03",
           "07:55", "Yesterday", "Yesterday", "Yesterday", "Fri 7 Mar", "Fri 7 Mar", "Thu 6 Mar",
           "Thu 6 Mar", "Wed 5 Mar", "Wed 5 Mar", "Tue 4 Mar"]


def _filler(mid, status=None):
    return {"id": mid, "name": "%s %s" % (RNG.choice(FIRST), RNG.choice(LAST)),
            "hub": RNG.choice(HUBS), "box": RNG.choice(BOXES),
            "status": status or RNG.choice(["Active", "Active", "Active", "Active", "Paused"]),
            "next": RNG.choice(DAYS)}


def _mrow(mid):
    m = MEMBERS[mid]
    return {"id": mid, "name": m["name"], "hub": m["hub"], "box": m["box"],
            "status": m["status"], "next": "Tue 11 Mar" if mid == "M-2218" else "Thu 13 Mar"}


# Members list, default sort "Recently updated", 10 per page.
_used = {"M-2218", "M-2281", "M-2219", "M-1218", "M-2812", "M-2216"}


def _fresh_id():
    while True:
        mid = "M-%04d" % RNG.randint(1004, 3390)
        if mid not in _used and not mid.startswith("M-221") and not mid.startswith("M-228"):
            _used.add(mid)
            return mid


MEMBERS_P1 = [
    {"id": "M-2281", "name": "Hollie Brant", "hub": "Westgate", "box": "Small veg + fruit",
     "status": "Active", "next": "Thu 13 Mar"},
    _filler(_fresh_id()),
    {"id": "M-1218", "name": "Ruth Okonjo", "hub": "Northmoor", "box": "Veg only",
     "status": "Payment overdue", "next": "On hold"},
    _filler(_fresh_id()),
    {"id": "M-2219", "name": "Ines Brandt", "hub": "Eastfield", "box": "Fruit only",
     "status": "Active", "next": "Tue 11 Mar"},
    _filler(_fresh_id()),
    _filler(_fresh_id(), "Cancelled"),
    _filler(_fresh_id()),
    _filler(_fresh_id()),
    _filler(_fresh_id(), "Paused"),
]
MEMBERS_P2 = [
    _filler(_fresh_id()),
    {"id": "M-2812", "name": "Hal Brandon", "hub": "Riverside", "box": "Veg only",
     "status": "Cancelled", "next": "\u2014"},
    _filler(_fresh_id()),
    _mrow("M-2218"),
    {"id": "M-2216", "name": "Tomasz Wierzbicki", "hub": "Eastfield", "box": "Family veg + fruit",
     "status": "Active", "next": "Tue 11 Mar"},
    _filler(_fresh_id()),
    _filler(_fresh_id(), "Payment overdue"),
    _filler(_fresh_id()),
    _filler(_fresh_id()),
    _filler(_fresh_id()),
]
for i, r in enumerate(MEMBERS_P1 + MEMBERS_P2):
    r["updated"] = UPDATED[i]

# Members whose number starts with M-221, in "recently updated" order.
M221 = []
for mid in ["M-2214", "M-2219", "M-2211", "M-2218", "M-2216", "M-2210", "M-2217", "M-2213",
            "M-2215", "M-2212"]:
    if mid == "M-2218":
        M221.append(_mrow(mid))
    elif mid == "M-2219":
        M221.append(dict(MEMBERS_P1[4]))
    elif mid == "M-2216":
        M221.append(dict(MEMBERS_P2[4]))
    else:
        M221.append(_filler(mid, "Cancelled" if mid == "M-2213" else None))
for i, r in enumerate(M221):
    r["updated"] = ["08:58", "08:47", "Yesterday", "Yesterday", "Fri 7 Mar", "Thu 6 Mar",
                    "Wed 5 Mar", "Mon 3 Mar", "28 Feb", "14 Feb"][i]

# Standing orders list, default sort "Next delivery".
SO_ROWS = [
    ("SO-40173", "M-2219", "Ines Brandt", "Eastfield", TUE_AM, "\u00a318.40", "Active"),
    ("SO-40172", "M-2218", "Hollis Brandt", "Eastfield", TUE_AM, "\u00a334.70", "Active"),
    ("SO-39980", "M-1218", "Ruth Okonjo", "Northmoor", TUE_PM, "\u00a321.15", "On hold \u2014 payment overdue"),
    ("SO-40127", "M-2281", "Hollie Brant", "Westgate", THU_AM, "\u00a324.10", "Active"),
    ("SO-40211", MEMBERS_P1[1]["id"], MEMBERS_P1[1]["name"], MEMBERS_P1[1]["hub"], THU_AM, "\u00a329.60", "Active"),
    ("SO-38752", "M-2812", "Hal Brandon", "Riverside", THU_PM, "\u00a319.90", "Cancelled"),
    ("SO-40190", MEMBERS_P1[3]["id"], MEMBERS_P1[3]["name"], MEMBERS_P1[3]["hub"], THU_PM, "\u00a331.25", "Active"),
    ("SO-40102", "M-2216", "Tomasz Wierzbicki", "Eastfield", THU_EVE, "\u00a338.05", "Active"),
    ("SO-39877", MEMBERS_P1[5]["id"], MEMBERS_P1[5]["name"], MEMBERS_P1[5]["hub"], SAT_AM, "\u00a322.80", "Paused until 24 Mar"),
    ("SO-40066", MEMBERS_P2[0]["id"], MEMBERS_P2[0]["name"], MEMBERS_P2[0]["hub"], SAT_AM, "\u00a327.35", "Active"),
]


def money(x):
    return "\u00a3%.2f" % x


def weekly_total(lines, qty):
    tot = DELIVERY_FEE
    for produce, variety, q, unit, price in lines:
        v = qty.get(produce, q)
        try:
            tot += float(v) * price
        except ValueError:
            pass
    return tot


# --------------------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------------------

def dashboard(search="", suggest=None, today="Monday 10 March 2025"):
    p = Page("/portal/dashboard", "Dashboard \u00b7 " + PRODUCT)
    chrome_top(p, "Dashboard", search, suggest)
    p.n(2, "heading", "Good morning, Dana", level=1)
    p.t(2, "%s \u00b7 Week 11 \u00b7 Packing for Tue 11, Thu 13 and Sat 15 March" % today)
    p.n(2, "region", "This week")
    for label, value in [("Boxes to pack", "412"), ("Active standing orders", "1,186"),
                         ("Deliveries failed this week", "2"), ("Invoices overdue", "9"),
                         ("Members paused", "37")]:
        p.n(3, "group", label)
        p.t(4, label)
        p.t(4, value)
    p.n(2, "region", "Harvest notes")
    p.n(3, "heading", "Harvest notes", level=2)
    p.n(3, "list", "")
    for note in ["Braeburn apples: good supply until late March.",
                 "Conference pears: limited \u2014 substitutions likely on Saturday.",
                 "Frost damage: spring greens cancelled for Sat 15 Mar.",
                 "Cold store 2 temperature alarm failed its test on Fri \u2014 engineer booked."]:
        p.n(4, "listitem", "")
        p.t(5, note)
    p.n(2, "region", "Recent activity")
    p.n(3, "heading", "Recent activity", level=2)
    p.n(3, "table", "Recent activity")
    p.n(4, "row", "")
    for h in ["Time", "Member", "Event", "By"]:
        p.n(5, "columnheader", h)
    for row in [
        ("09:05", "M-1218 Ruth Okonjo", "Direct debit failed \u2014 card expired", "System"),
        ("08:42", "M-2281 Hollie Brant", "Standing order changed: Apples 3 kg \u2192 5 kg", "Hollie Brant (member app)"),
        ("08:17", "M-2812 Hal Brandon", "Membership cancelled", "Priya Grewal"),
        ("07:55", "M-2219 Ines Brandt", "Delivery window changed to Tuesday morning", "Ines Brandt (member app)"),
        ("07:31", "Route 4 Eastfield", "Driver manifest sync failed \u2014 retried OK", "System"),
    ]:
        p.n(4, "row", "")
        for c in row:
            p.n(5, "cell", c)
    p.n(3, "link", "View all activity")
    p.n(2, "region", "Quick links")
    p.n(3, "link", "Find a member", key="ql_find")
    p.n(3, "link", "Create a standing order")
    p.n(3, "link", "Print packing lists")
    chrome_bottom(p)
    return p


def search_results(q="M-2218"):
    p = Page("/portal/search?q=" + q, "Search results for %s \u00b7 %s" % (q, PRODUCT))
    chrome_top(p, None, q)
    breadcrumbs(p, ["Home", "Search"])
    p.n(2, "heading", "Results for \u201c%s\u201d" % q, level=1)
    p.t(2, "4 results \u00b7 1 exact match")
    p.n(2, "tablist", "Result types")
    p.n(3, "tab", "All (4)", selected=True)
    p.n(3, "tab", "Members (2)", selected=False)
    p.n(3, "tab", "Orders and invoices (2)", selected=False)
    p.n(2, "heading", "Members", level=2)
    p.n(2, "list", "Member results")
    p.n(3, "listitem", "")
    p.n(4, "link", "M-2218 \u00b7 Hollis Brandt", key="res:M-2218")
    p.t(4, "Exact match \u00b7 Eastfield hub \u00b7 Family veg + fruit \u00b7 Active")
    p.n(3, "listitem", "")
    p.n(4, "link", "M-2281 \u00b7 Hollie Brant", key="res:M-2281")
    p.t(4, "Similar member number \u00b7 Westgate hub \u00b7 Small veg + fruit \u00b7 Active")
    p.n(2, "heading", "Orders and invoices", level=2)
    p.n(2, "list", "Order results")
    p.n(3, "listitem", "")
    p.n(4, "link", "INV-22180 \u00b7 M-1022 Pat Ferris")
    p.t(4, "Invoice \u00b7 \u00a342.60 \u00b7 Overdue since 28 Feb")
    p.n(3, "listitem", "")
    p.n(4, "link", "SO-40172 \u00b7 Standing order for M-2218", key="res:SO-40172")
    p.t(4, "Standing order \u00b7 Weekly \u00b7 Tuesday morning")
    p.n(2, "link", "Search tips")
    chrome_bottom(p)
    return p


def _member_table(p, rows, sort=None, key_prefix="row"):
    p.n(2, "table", "Members")
    p.n(3, "row", "")
    for col, label in [("id", "Member no."), ("name", "Name"), ("hub", "Hub"), ("box", "Box"),
                       ("status", "Status"), ("next", "Next delivery"), ("updated", "Updated")]:
        p.n(4, "columnheader", label,
            sort=("ascending" if sort == col else ("descending" if sort is None and col == "updated" else "none")))
        p.n(5, "button", "Sort by %s" % label.lower().replace(" no.", " number"),
            key="sort:" + col)
    for r in rows:
        p.n(3, "row", "")
        p.n(4, "cell", "")
        p.n(5, "link", r["id"], key="%s:%s" % (key_prefix, r["id"]))
        p.n(4, "cell", r["name"])
        p.n(4, "cell", r["hub"])
        p.n(4, "cell", r["box"])
        p.n(4, "cell", r["status"])
        p.n(4, "cell", r["next"])
        p.n(4, "cell", r["updated"])


def members_list(page=1, filt="", sort=None, filt_typed=False):
    path = "/portal/members?page=%d" % page
    if filt and not filt_typed:
        path = "/portal/members?q=%s" % filt + ("&sort=member_no" if sort else "")
    p = Page(path, "Members \u00b7 " + PRODUCT)
    chrome_top(p, "Members")
    breadcrumbs(p, ["Home", "Members"])
    p.n(2, "heading", "Members", level=1)
    p.t(2, "1,412 members \u00b7 1,186 with an active standing order")
    p.n(2, "link", "Add member")
    p.n(2, "link", "Export CSV")
    p.n(2, "search", "Filter members")
    p.n(3, "textbox", "Filter by member number or name", key="mfilter", value=filt,
        **({"focused": True} if filt_typed else {}))
    p.n(3, "combobox", "Status", value="All statuses", hasPopup="menu", expanded=False)
    p.n(3, "combobox", "Hub", value="All hubs", hasPopup="menu", expanded=False)
    if filt and not filt_typed:
        rows = list(M221)
        if sort == "id":
            rows.sort(key=lambda r: r["id"])
        p.t(2, "Showing 10 members matching \u201c%s\u201d" % filt)
        p.n(2, "button", "Clear filter")
        _member_table(p, rows, sort)
    else:
        rows = MEMBERS_P1 if page == 1 else MEMBERS_P2
        _member_table(p, rows, sort)
        p.n(2, "navigation", "Pagination")
        p.t(3, "Showing %d\u2013%d of 1,412" % ((page - 1) * 10 + 1, page * 10))
        p.n(3, "button", "Previous page", key="prev", disabled=(page == 1))
        for i in [1, 2, 3]:
            if i == page:
                p.n(3, "link", str(i), key="pg:%d" % i, current="page")
            else:
                p.n(3, "link", str(i), key="pg:%d" % i)
        p.t(3, "\u2026")
        p.n(3, "link", "142")
        p.n(3, "button", "Next page", key="next")
        p.n(3, "combobox", "Rows per page", value="10", hasPopup="menu", expanded=False)
    chrome_bottom(p)
    return p


def standing_orders_list(member_filter="", day="Any day", applied=False):
    path = "/portal/standing-orders"
    if applied:
        qs = []
        if member_filter:
            qs.append("member=" + member_filter)
        if day != "Any day":
            qs.append("day=" + day.lower())
        path += "?" + "&".join(qs)
    p = Page(path, "Standing orders \u00b7 " + PRODUCT)
    chrome_top(p, "Standing orders")
    breadcrumbs(p, ["Home", "Standing orders"])
    p.n(2, "heading", "Standing orders", level=1)
    p.t(2, "1,186 active \u00b7 37 paused \u00b7 214 cancelled this season")
    p.n(2, "link", "Create a standing order")
    p.n(2, "form", "Filter standing orders")
    p.n(3, "textbox", "Member number or name", key="sofilter", value=member_filter)
    p.n(3, "combobox", "Delivery day", key="soday", value=day, hasPopup="menu", expanded=False)
    for d in ["Any day", "Tuesday", "Thursday", "Saturday"]:
        p.n(4, "option", d, selected=(d == day))
    p.n(3, "combobox", "Status", value="All statuses", hasPopup="menu", expanded=False)
    p.n(3, "button", "Apply filters", key="apply")
    p.n(3, "button", "Clear filters")
    rows = SO_ROWS
    if applied:
        rows = [r for r in SO_ROWS
                if (not member_filter or r[1] == member_filter)
                and (day == "Any day" or r[4].startswith(day))]
    if applied and not rows:
        p.n(2, "status", "")
        p.t(3, "No standing orders match these filters.")
        p.t(3, "Try removing a filter or checking the member number.")
        p.n(3, "button", "Clear filters")
    else:
        if applied:
            p.t(2, "%d standing order%s" % (len(rows), " matches" if len(rows) == 1 else "s match"))
        p.n(2, "table", "Standing orders")
        p.n(3, "row", "")
        for label in ["Order", "Member", "Hub", "Delivery window", "Weekly total", "Status", "Actions"]:
            p.n(4, "columnheader", label)
            if label != "Actions":
                p.n(5, "button", "Sort by %s" % label.lower())
        for so, mid, name, hub, win, total, status in rows:
            p.n(3, "row", "")
            p.n(4, "cell", so)
            p.n(4, "cell", "%s %s" % (mid, name))
            p.n(4, "cell", hub)
            p.n(4, "cell", win)
            p.n(4, "cell", total)
            p.n(4, "cell", status)
            p.n(4, "cell", "")
            p.n(5, "link", "Edit %s" % so, key="edit:" + so)
        p.n(2, "navigation", "Pagination")
        if applied:
            p.t(3, "Showing 1\u2013%d of %d" % (len(rows), len(rows)))
        else:
            p.t(3, "Showing 1\u201310 of 1,186")
            p.n(3, "button", "Previous page", disabled=True)
            p.n(3, "link", "1", current="page")
            p.n(3, "link", "2")
            p.n(3, "link", "3")
            p.n(3, "button", "Next page")
    chrome_bottom(p)
    return p


def _member_header(p, mid, tab):
    m = MEMBERS[mid]
    breadcrumbs(p, ["Home", "Members", "%s %s" % (mid, m["name"])])
    p.n(2, "heading", m["name"], level=1)
    p.t(2, "Member %s \u00b7 joined %s \u00b7 %s pickup hub" % (mid, m["since"], m["hub"]))
    p.n(2, "status", "Membership status")
    p.t(3, m["status"])
    p.n(2, "tablist", "Member sections")
    for t in ["Profile", "Standing order", "Order history", "Invoices", "Notes"]:
        p.n(3, "tab", t, key="tab:" + t, selected=(t == tab))
    p.n(2, "tabpanel", tab)


def member_profile(mid="M-2218"):
    m = MEMBERS[mid]
    p = Page("/portal/members/" + mid, "%s (%s) \u00b7 %s" % (m["name"], mid, PRODUCT))
    chrome_top(p, "Members")
    _member_header(p, mid, "Profile")
    p.n(3, "group", "Contact")
    for label, v in [("Email", m["email"]), ("Phone", m["phone"]), ("Delivery address", m["address"])]:
        p.t(4, label)
        p.t(4, v)
    p.n(3, "group", "Household")
    p.t(4, "People in household")
    p.t(4, m["household"])
    p.t(4, "Packing notes")
    p.t(4, m["notes"])
    p.n(3, "group", "Payment")
    p.t(4, m["payment"])
    p.n(3, "button", "Edit profile")
    p.n(3, "button", "Message member")
    p.n(3, "button", "Pause deliveries")
    chrome_bottom(p)
    return p


def standing_order(mid="M-2218", qty=None, window=None, changes=0, toast=None, dialog=None,
                   readonly=None, banner=None, saved=False, focus=None, next_only=False,
                   today_packing=False):
    m = MEMBERS[mid]
    qty = dict(qty or {})
    window = window or m["window"]
    p = Page("/portal/members/%s/standing-order" % mid,
             "Standing order %s \u00b7 %s (%s) \u00b7 %s" % (m["so"], m["name"], mid, PRODUCT))
    chrome_top(p, "Members")
    _member_header(p, mid, "Standing order")
    if readonly:
        p.n(3, "alert", "")
        p.t(4, readonly)
    if banner:
        p.n(3, "note", "")
        p.t(4, banner)
    p.n(3, "heading", "Standing order %s" % m["so"], level=2)
    day = window.split()[0]
    p.t(3, "Weekly \u00b7 %s \u00b7 Next box %s (packing list locked)" %
        (m["box"], "Tue 11 Mar" if m["window"].startswith("Tuesday") else "Thu 13 Mar"))
    p.t(3, "Last saved %s" % ("just now by Dana Okafor" if saved else m["last_saved"]))
    p.n(3, "table", "Order lines")
    p.n(4, "row", "")
    for h in ["Produce", "Variety", "Quantity", "Unit", "Price", "Line total", "Actions"]:
        p.n(5, "columnheader", h)
    for produce, variety, q, unit, price in m["lines"]:
        v = qty.get(produce, q)
        p.n(4, "row", "")
        p.n(5, "cell", produce)
        p.n(5, "cell", variety)
        p.n(5, "cell", "")
        if readonly:
            p.t(6, v)
        else:
            props = {"value": v, "valuemin": 0, "valuemax": 20}
            if focus == produce:
                props["focused"] = True
            p.n(6, "spinbutton", "%s quantity (%s)" % (produce, unit), key="qty:" + produce, **props)
        p.n(5, "cell", unit)
        p.n(5, "cell", "%s/%s" % (money(price), unit.rstrip("s") if unit != "kg" else "kg"))
        try:
            lt = money(float(v) * price)
        except ValueError:
            lt = "\u2014"
        p.n(5, "cell", lt)
        p.n(5, "cell", "")
        if not readonly:
            p.n(6, "button", "Remove %s" % produce, key="rm:" + produce)
    if not readonly:
        p.n(3, "button", "Add produce line", key="addline")
    p.n(3, "group", "Delivery")
    if readonly:
        p.t(4, "Delivery window")
        p.t(4, window)
    else:
        p.n(4, "combobox", "Delivery window", key="window", value=window, hasPopup="menu",
            expanded=False)
        for w in WINDOWS:
            p.n(5, "option", w, selected=(w == window))
        p.n(5, "option", WINDOW_FULL, disabled=True, selected=False)
        p.n(4, "checkbox", "Only change the next box", key="nextonly", checked=("true" if next_only else "false"))
    p.t(4, "Delivery address: %s" % m["address"])
    p.t(4, "Delivery fee: %s per box" % money(DELIVERY_FEE))
    p.t(4, "From %s: %s" % (FIRST_BOX[day], window))
    p.n(3, "group", "Weekly total")
    p.t(4, money(weekly_total(m["lines"], qty)))
    p.n(3, "region", "Recent boxes")
    p.n(4, "heading", "Recent boxes", level=3)
    p.n(4, "list", "")
    for d, s in m["boxes"]:
        p.n(5, "listitem", "")
        p.t(6, "%s \u2014 %s" % (d, s))
    p.n(3, "link", "View change history", key="history")
    if not readonly:
        p.n(3, "button", "Pause deliveries")
    if changes:
        p.n(2, "region", "Unsaved changes")
        p.t(3, "Unsaved changes \u00b7 %d change%s" % (changes, "" if changes == 1 else "s"))
        p.n(3, "button", "Discard", key="discard")
        p.n(3, "button", "Save changes", key="save")
    chrome_bottom(p, toast)
    if dialog == "addline":
        p.n(1, "dialog", "Add a produce line", modal=True)
        p.n(2, "heading", "Add a produce line", level=2)
        p.n(2, "combobox", "Produce", value="Choose produce", hasPopup="menu", expanded=False)
        p.n(2, "spinbutton", "Quantity", value="1", valuemin=0, valuemax=20)
        p.t(2, "Lines already in this order can be changed in the table.")
        p.n(2, "button", "Cancel", key="dlg_cancel")
        p.n(2, "button", "Add line")
    elif dialog == "confirm":
        p.n(1, "dialog", "Save changes to standing order %s?" % m["so"], modal=True)
        p.n(2, "heading", "Save changes to standing order %s?" % m["so"], level=2)
        p.t(2, "Boxes already being packed are not changed. These changes start with the box on %s." % FIRST_BOX[day])
        p.n(2, "button", "Go back", key="dlg_back")
        p.n(2, "button", "Discard changes", key="dlg_discard")
        p.n(2, "button", "Confirm and save", key="dlg_confirm")
    return p


def saved_toast(mid, window):
    m = MEMBERS[mid]
    return "Standing order %s saved. Changes start with the box on %s." % (
        m["so"], FIRST_BOX[window.split()[0]])


# --------------------------------------------------------------------------------------
# Trajectory assembly
# --------------------------------------------------------------------------------------

class Run:
    def __init__(self, rid, fault, off, start, note=""):
        self.rid = rid
        self.fault = fault
        self.off = off
        self.note = note
        self.start = start
        self.cur = start
        self.steps = []

    def act(self, commitment, cmd, key, reasoning, effect, nxt, arg=None, error=None):
        """cmd in click/fill/select_option/press/keyboard_type/send_msg_to_user/goto/go_back."""
        page = self.cur
        if key is not None:
            bid = page.bid(key)
            target = page.target(key)
            if cmd == "click":
                command = "click('%s')" % bid
            elif cmd == "fill":
                command = "fill('%s', '%s')" % (bid, arg)
            elif cmd == "select_option":
                command = "select_option('%s', '%s')" % (bid, arg)
            elif cmd == "press":
                command = "press('%s', '%s')" % (bid, arg)
            else:
                raise ValueError(cmd)
        else:
            target = None
            if cmd == "send_msg_to_user":
                command = "send_msg_to_user(%s)" % json.dumps(arg, ensure_ascii=False)
            elif cmd == "keyboard_type":
                command = "keyboard_type('%s')" % arg
            elif cmd == "goto":
                command = "goto('%s')" % (BASE + arg)
            elif cmd == "go_back":
                command = "go_back()"
            else:
                raise ValueError(cmd)
        action = {"command": command, "reasoning": reasoning}
        if target:
            action["target"] = target
        action["effect"] = effect
        step = {"action": action, "observation": nxt.obs()}
        if commitment:
            step = {"commitment": commitment, **step}
        if error:
            step["observation"]["error"] = error
        self.steps.append(step)
        self.cur = nxt
        return self

    def record(self, success):
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_PATH,
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "note": self.note,
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": success},
        }


def begin(start_fn, *a, **kw):
    """Build the start page at tick 0; every later page is built after a tick."""
    reset_clock(0)
    return start_fn(*a, **kw)


def nxt(fn, *a, **kw):
    tick()
    return fn(*a, **kw)


# --------------------------------------------------------------------------------------
# Healthy runs (written first; the plan below was written from these pages and the task)
# --------------------------------------------------------------------------------------

MID = "M-2218"
SUGG = [("M-2218 \u00b7 Hollis Brandt \u00b7 Eastfield", "sugg:M-2218"),
        ("M-2281 \u00b7 Hollie Brant \u00b7 Westgate", "sugg:M-2281"),
        ("SO-40172 \u00b7 standing order for M-2218", "sugg:SO-40172")]
DONE_MSG = ("Saved: M-2218 (Hollis Brandt), standing order SO-40172 now has apples at 5 kg and the "
            "Thursday afternoon (13:00\u201317:00) delivery window, starting with the box on Thu 20 Mar.")


def via_search(r, member=MID):
    """Header search -> results page -> member -> Standing order tab."""
    r.act("open-member", "fill", "search", "Search the portal for the member number from the task",
          "read", nxt(dashboard, "M-2218", SUGG), arg="M-2218")
    r.act("open-member", "press", "search", "Submit the search to see full results", "read",
          nxt(search_results), arg="Enter")
    r.act("open-member", "click", "res:" + member,
          "Open the member whose number matches the task exactly" if member == MID else
          "Open the member record from the results", "read", nxt(member_profile, member))
    r.act("open-standing-order", "click", "tab:Standing order",
          "The task is about the standing order, so open that tab", "read",
          nxt(standing_order, member))
    return r


def edit_and_save(r, member=MID, apples="5", window=THU_PM):
    r.act("set-apples", "fill", "qty:Apples",
          "Change the apples line quantity to %s kg" % apples, "write",
          nxt(standing_order, member, {"Apples": apples}, changes=1, focus="Apples"), arg=apples)
    r.act("set-window", "select_option", "window", "Pick the Thursday afternoon delivery window",
          "write", nxt(standing_order, member, {"Apples": apples}, window, changes=2), arg=window)
    r.act("save", "click", "save", "Both changes are made; save the standing order", "irreversible",
          nxt(standing_order, member, {"Apples": apples}, window, saved=True,
              toast=saved_toast(member, window)))
    return r


def healthy_runs():
    runs = []

    # H1: header search, full results page, profile, tab, edit, save.
    r = Run("standing_order-healthy-01-search", None, None, begin(dashboard),
            "Header search and full results page; near-miss M-2281 listed as a similar number.")
    via_search(r)
    edit_and_save(r)
    runs.append((r, True))

    # H2: browse the Members list and page forward.
    r = Run("standing_order-healthy-02-paginate", None, None, begin(dashboard),
            "Browses the Members list; M-2218 is on page 2 (page 1 holds M-2281 and M-2219).")
    r.act("open-member", "click", "nav:Members", "Open the member list to find M-2218", "read",
          nxt(members_list, 1))
    r.act("open-member", "click", "next", "M-2218 is not on the first page; go to the next page",
          "read", nxt(members_list, 2))
    r.act("open-member", "click", "row:M-2218", "M-2218 (Hollis Brandt) is on this page", "read",
          nxt(member_profile))
    r.act("open-standing-order", "click", "tab:Standing order", "Open the standing order tab",
          "read", nxt(standing_order))
    edit_and_save(r)
    r.act("save", "send_msg_to_user", None, "Report the saved result to the user", "read",
          nxt(standing_order, MID, {"Apples": "5"}, THU_PM, saved=True), arg=DONE_MSG)
    runs.append((r, True))

    # H3: filter the Members list, sort by member number, open.
    r = Run("standing_order-healthy-03-filter-sort", None, None, begin(dashboard),
            "Filters the member list by 'M-221', sorts by member number, opens M-2218.")
    r.act("open-member", "click", "nav:Members", "Go to the member list", "read",
          nxt(members_list, 1))
    r.act("open-member", "fill", "mfilter", "Narrow the list to member numbers starting M-221",
          "read", nxt(members_list, 1, "M-221", None, True), arg="M-221")
    r.act("open-member", "press", "mfilter", "Apply the filter", "read",
          nxt(members_list, 1, "M-221"), arg="Enter")
    r.act("open-member", "click", "sort:id", "Sort by member number to read the list in order",
          "read", nxt(members_list, 1, "M-221", "id"))
    r.act("open-member", "click", "row:M-2218", "Open M-2218, between M-2217 and M-2219", "read",
          nxt(member_profile))
    r.act("open-standing-order", "click", "tab:Standing order", "Open the standing order tab",
          "read", nxt(standing_order))
    edit_and_save(r)
    runs.append((r, True))

    # H4: Standing orders list filtered by member number (a filter the task implies).
    r = Run("standing_order-healthy-04-so-filter", None, None, begin(dashboard),
            "Uses the Standing orders list with a member-number filter and opens the order directly.")
    r.act("open-standing-order", "click", "nav:Standing orders", "Standing orders are listed here",
          "read", nxt(standing_orders_list))
    r.act("open-standing-order", "fill", "sofilter", "Filter to the member from the task", "read",
          nxt(standing_orders_list, "M-2218"), arg="M-2218")
    r.act("open-standing-order", "click", "apply", "Apply the member filter", "read",
          nxt(standing_orders_list, "M-2218", "Any day", True))
    r.act("open-standing-order", "click", "edit:SO-40172", "Open SO-40172, the order for M-2218",
          "read", nxt(standing_order))
    edit_and_save(r)
    runs.append((r, True))

    # H5: opens the Add produce line dialog by mistake and cancels it.
    r = Run("standing_order-healthy-05-dialog-cancel", None, None, begin(dashboard),
            "Opens 'Add produce line', reads that existing lines are edited in the table, cancels.")
    via_search(r)
    r.act("set-apples", "click", "addline", "Check whether apples must be changed through the line dialog",
          "read", nxt(standing_order, dialog="addline"))
    r.act("set-apples", "click", "dlg_cancel",
          "Existing lines are edited in the table; cancel the dialog without adding anything",
          "read", nxt(standing_order))
    edit_and_save(r)
    runs.append((r, True))

    # H6: types into the field without clearing it (35), then retypes 5.
    r = Run("standing_order-healthy-06-retype", None, None, begin(dashboard),
            "Keyboard typing appends to the old value (35); the agent notices and refills 5 before saving.")
    via_search(r)
    r.act("set-apples", "click", "qty:Apples", "Focus the apples quantity field", "read",
          nxt(standing_order, focus="Apples"))
    r.act("set-apples", "keyboard_type", None, "Type the new quantity", "write",
          nxt(standing_order, MID, {"Apples": "35"}, changes=1, focus="Apples"), arg="5")
    r.act("set-apples", "fill", "qty:Apples", "The field now reads 35; replace it with 5", "write",
          nxt(standing_order, MID, {"Apples": "5"}, changes=1, focus="Apples"), arg="5")
    r.act("set-window", "select_option", "window", "Pick the Thursday afternoon window", "write",
          nxt(standing_order, MID, {"Apples": "5"}, THU_PM, changes=2), arg=THU_PM)
    r.act("save", "click", "save", "Save the standing order", "irreversible",
          nxt(standing_order, MID, {"Apples": "5"}, THU_PM, saved=True,
              toast=saved_toast(MID, THU_PM)))
    r.act("save", "send_msg_to_user", None, "Tell the user it is done", "read",
          nxt(standing_order, MID, {"Apples": "5"}, THU_PM, saved=True), arg=DONE_MSG)
    runs.append((r, True))

    # H7: Wednesday; saving raises a confirmation dialog; the agent confirms.
    r = Run("standing_order-healthy-07-confirm-dialog", None, None,
            begin(dashboard, today="Wednesday 12 March 2025"),
            "Mid-week save raises 'Save changes to standing order SO-40172?'; agent confirms.")
    via_search(r)
    r.act("set-apples", "fill", "qty:Apples", "Set apples to 5 kg", "write",
          nxt(standing_order, MID, {"Apples": "5"}, changes=1, focus="Apples"), arg="5")
    r.act("set-window", "select_option", "window", "Pick Thursday afternoon", "write",
          nxt(standing_order, MID, {"Apples": "5"}, THU_PM, changes=2), arg=THU_PM)
    r.act("save", "click", "save", "Save the changes", "irreversible",
          nxt(standing_order, MID, {"Apples": "5"}, THU_PM, changes=2, dialog="confirm"))
    r.act("save", "click", "dlg_confirm",
          "The dialog asks me to confirm my own save; confirm it", "irreversible",
          nxt(standing_order, MID, {"Apples": "5"}, THU_PM, saved=True,
              toast=saved_toast(MID, THU_PM)))
    runs.append((r, True))

    # H8: search suggestion, window first then apples, capacity note, dismiss toast, report.
    r = Run("standing_order-healthy-08-suggest-window-first", None, None, begin(dashboard),
            "Picks the typeahead suggestion, changes the window before the apples, dismisses the toast.")
    r.act("open-member", "fill", "search", "Look up the member number", "read",
          nxt(dashboard, "M-2218", SUGG), arg="M-2218")
    r.act("open-member", "click", "sugg:M-2218", "The first suggestion is the exact member", "read",
          nxt(member_profile))
    r.act("open-standing-order", "click", "tab:Standing order", "Open the standing order", "read",
          nxt(standing_order))
    note = "Thursday afternoon route for Eastfield: 41 of 48 slots taken."
    r.act("set-window", "select_option", "window", "Set the delivery window first", "write",
          nxt(standing_order, MID, None, THU_PM, changes=1, banner=note), arg=THU_PM)
    r.act("set-apples", "fill", "qty:Apples", "Now change apples from 3 to 5 kg", "write",
          nxt(standing_order, MID, {"Apples": "5"}, THU_PM, changes=2, banner=note, focus="Apples"),
          arg="5")
    r.act("save", "click", "save", "Save", "irreversible",
          nxt(standing_order, MID, {"Apples": "5"}, THU_PM, saved=True,
              toast=saved_toast(MID, THU_PM)))
    r.act("save", "click", "toast_dismiss", "Toast read; dismiss it", "read",
          nxt(standing_order, MID, {"Apples": "5"}, THU_PM, saved=True))
    r.act("save", "send_msg_to_user", None, "Report back", "read",
          nxt(standing_order, MID, {"Apples": "5"}, THU_PM, saved=True), arg=DONE_MSG)
    runs.append((r, True))
    return runs


# --------------------------------------------------------------------------------------
# The plan: written from the task text and the healthy pages above, before any faulty
# run existed, and not tuned afterwards.
# --------------------------------------------------------------------------------------

def act(text):
    return {"text": text, "on": "action"}


PLAN = {
    "task": TASK,
    "plan_falsifiers": {
        "execution": [
            "Sign in to Orchardline",
            "Your session has ended",
            "Something went wrong",
            "Page not found",
        ],
        "planning": [
            "You don't have permission",
        ],
    },
    "commitments": [
        {
            "id": "open-member",
            "subgoal": "Open member M-2218",
            "skill": "open_record_by_id",
            "confidence": 0.8,
            "confirm": {
                "precondition": ["Orchardline Member Portal"],
                "progress": ["Results for \u201cM-2218\u201d", "M-2218 \u00b7 Hollis Brandt"],
                "completion": ["Hollis Brandt (M-2218)", "Member M-2218"],
            },
            "falsify": {
                "execution": ["M-2281", "Hollie Brant", "M-2219", "Ines Brandt", "M-2812",
                              "No members match", act("Open M-2281 \u00b7 Hollie Brant")],
                "skill": ["Search is unavailable"],
                "planning": [],
            },
        },
        {
            "id": "open-standing-order",
            "subgoal": "Open M-2218's standing order",
            "skill": "open_tab",
            "confidence": 0.8,
            "confirm": {
                "precondition": ["Member M-2218"],
                "progress": ["Standing order tab selected"],
                "completion": ["Standing order SO-40172", "Order lines"],
            },
            "falsify": {
                "execution": ["SO-40127", "SO-40173", act("Edit SO-40127")],
                "skill": [],
                "planning": ["This member has no standing order", "Standing order is cancelled"],
            },
        },
        {
            "id": "set-apples",
            "subgoal": "Change the apples line from 3 kg to 5 kg",
            "skill": "edit_inline_quantity",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["Apples quantity (kg) is 3"],
                "progress": ["Unsaved changes"],
                "completion": ["Apples quantity (kg) is 5", "Apples line total \u00a312.00"],
            },
            "falsify": {
                "execution": ["Apples quantity (kg) is 15", "Pears quantity (kg) is 5",
                              act("Pears quantity (kg)"), act("Apple juice quantity (bottles)"),
                              act("Remove Apples")],
                "skill": ["Enter a quantity between 0 and 20"],
                "planning": [],
            },
        },
        {
            "id": "set-window",
            "subgoal": "Pick the Thursday afternoon delivery window",
            "skill": "choose_select_option",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["Delivery window"],
                "progress": [],
                "completion": ["Delivery window: Thursday afternoon (13:00\u201317:00) selected",
                               "From Thu 20 Mar: Thursday afternoon (13:00\u201317:00)"],
            },
            "falsify": {
                "execution": ["Thursday morning (08:00\u201312:00) selected",
                              "Thursday evening (17:00\u201320:00) selected",
                              "Tuesday afternoon (13:00\u201317:00) selected",
                              "Only change the next box is ticked",
                              act("Thursday morning (08:00\u201312:00)"),
                              act("Thursday evening (17:00\u201320:00)"),
                              act("Only change the next box")],
                "skill": [],
                "planning": ["Thursday afternoon window is full"],
            },
        },
        {
            "id": "save",
            "subgoal": "Save the standing order",
            "skill": "save_form",
            "confidence": 0.6,
            "confirm": {
                "precondition": ["Unsaved changes \u00b7 2 changes"],
                "progress": ["Save changes to standing order SO-40172?"],
                "completion": ["Standing order SO-40172 saved",
                               "Changes start with the box on Thu 20 Mar",
                               "Last saved just now by Dana Okafor",
                               "No Unsaved changes bar on the page"],
            },
            "falsify": {
                "execution": ["Standing order SO-40127 saved",
                              "Unsaved changes bar still shown after Save changes",
                              "Could not save",
                              act("Discard"),
                              {"text": "Reporting success while Unsaved changes is still shown",
                               "on": "both"}],
                "skill": [],
                "planning": [],
            },
        },
    ],
}


def _yq(s):
    return json.dumps(s, ensure_ascii=False)


def _yitem(v):
    if isinstance(v, dict):
        return "{" + ", ".join("%s: %s" % (k, _yq(x) if k == "text" else x) for k, x in v.items()) + "}"
    return _yq(v)


def plan_yaml(plan):
    out = ["# Plan for the Orchardline standing-order change.",
           "# Written from the task text and the healthy pages only, before the faulty runs.",
           "task: " + _yq(plan["task"]),
           "plan_falsifiers:"]
    for scope, items in plan["plan_falsifiers"].items():
        out.append("  %s:" % scope)
        for it in items:
            out.append("    - " + _yitem(it))
    out.append("commitments:")
    for c in plan["commitments"]:
        out.append("  - id: " + c["id"])
        out.append("    subgoal: " + _yq(c["subgoal"]))
        out.append("    skill: " + c["skill"])
        out.append("    confidence: %s" % c["confidence"])
        for block in ("confirm", "falsify"):
            out.append("    %s:" % block)
            for stage, items in c[block].items():
                if not items:
                    out.append("      %s: []" % stage)
                    continue
                out.append("      %s:" % stage)
                for it in items:
                    out.append("        - " + _yitem(it))
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------
# Faulty runs (written after the plan; the plan was not changed for them)
# --------------------------------------------------------------------------------------

def sign_in_page(next_path="/portal/dashboard"):
    p = Page("/signin?next=" + next_path, "Sign in \u00b7 " + PRODUCT)
    p.n(1, "banner", "")
    p.n(2, "link", "Orchardline Co-op home")
    p.n(3, "img", "Orchardline Co-op")
    p.n(1, "main", "")
    p.n(2, "heading", "Sign in to Orchardline", level=1)
    p.n(2, "alert", "")
    p.t(3, "For your security you were signed out after 30 minutes without activity.")
    p.n(2, "form", "Sign in")
    p.n(3, "textbox", "Email or member number", required=True, value="")
    p.n(3, "textbox", "Password", required=True, value="")
    p.n(3, "checkbox", "Keep me signed in on this device", checked="false")
    p.n(3, "button", "Sign in")
    p.n(2, "link", "Forgot your password?")
    p.n(2, "link", "Not a member yet? Join the co-op")
    p.n(1, "contentinfo", "")
    p.t(2, "\u00a9 2025 Orchardline Growers Co-operative Ltd")
    p.n(2, "link", "Privacy notice")
    p.n(2, "link", "Accessibility")
    return p


def save_error_page(mid="M-2218"):
    m = MEMBERS[mid]
    p = Page("/portal/members/%s/standing-order/save" % mid,
             "Could not save \u00b7 " + PRODUCT)
    chrome_top(p, "Members")
    breadcrumbs(p, ["Home", "Members", "%s %s" % (mid, m["name"]), "Save"])
    p.n(2, "heading", "We couldn\u2019t save standing order %s" % m["so"], level=1)
    p.t(2, "The ordering service didn\u2019t answer in time (HTTP 502). Your changes have not been saved.")
    p.t(2, "Reference: 7Q4K9D \u00b7 10 Mar 2025 09:31")
    p.n(2, "link", "Back to the standing order")
    p.n(2, "link", "Service status")
    chrome_bottom(p)
    return p


def faulty_runs():
    runs = []

    # F01 wrong_record: opens the similar member number from the search results.
    r = Run("standing_order-wrong_record-01", "wrong_record", 2, begin(dashboard),
            "Opens M-2281 Hollie Brant (similar number, also 3 kg apples) and edits her order.")
    r.act("open-member", "fill", "search", "Search for the member", "read",
          nxt(dashboard, "M-2218", SUGG), arg="M-2218")
    r.act("open-member", "press", "search", "Show all results", "read", nxt(search_results),
          arg="Enter")
    r.act("open-member", "click", "res:M-2281", "Open the member record", "read",
          nxt(member_profile, "M-2281"))
    r.act("open-standing-order", "click", "tab:Standing order", "Open the standing order", "read",
          nxt(standing_order, "M-2281"))
    edit_and_save(r, "M-2281")
    runs.append((r, False))

    # F02 wrong_field: edits the Pears line (also 3 kg) instead of Apples.
    r = Run("standing_order-wrong_line-02", "wrong_field", 4, begin(dashboard),
            "Right member, wrong line: Pears 3 kg -> 5 kg; apples stay at 3 kg.")
    r.act("open-member", "click", "nav:Members", "Open the member list", "read",
          nxt(members_list, 1))
    r.act("open-member", "click", "next", "Not on page 1; next page", "read", nxt(members_list, 2))
    r.act("open-member", "click", "row:M-2218", "Open M-2218", "read", nxt(member_profile))
    r.act("open-standing-order", "click", "tab:Standing order", "Open the standing order", "read",
          nxt(standing_order))
    r.act("set-apples", "fill", "qty:Pears", "Change the 3 kg fruit line to 5 kg", "write",
          nxt(standing_order, MID, {"Pears": "5"}, changes=1, focus="Pears"), arg="5")
    r.act("set-window", "select_option", "window", "Pick Thursday afternoon", "write",
          nxt(standing_order, MID, {"Pears": "5"}, THU_PM, changes=2), arg=THU_PM)
    r.act("save", "click", "save", "Save", "irreversible",
          nxt(standing_order, MID, {"Pears": "5"}, THU_PM, saved=True, toast=saved_toast(MID, THU_PM)))
    r.act("save", "send_msg_to_user", None, "Report", "read",
          nxt(standing_order, MID, {"Pears": "5"}, THU_PM, saved=True), arg=DONE_MSG)
    runs.append((r, False))

    # F03 wrong_value: 15 kg instead of 5 kg.
    r = Run("standing_order-wrong_value-03", "wrong_value", 4, begin(dashboard),
            "Via the Standing orders list; types 15 into the apples quantity.")
    r.act("open-standing-order", "click", "nav:Standing orders", "Go to standing orders", "read",
          nxt(standing_orders_list))
    r.act("open-standing-order", "fill", "sofilter", "Filter by member", "read",
          nxt(standing_orders_list, "M-2218"), arg="M-2218")
    r.act("open-standing-order", "click", "apply", "Apply", "read",
          nxt(standing_orders_list, "M-2218", "Any day", True))
    r.act("open-standing-order", "click", "edit:SO-40172", "Open the order", "read",
          nxt(standing_order))
    edit_and_save(r, MID, apples="15")
    runs.append((r, False))

    # F04 wrong_value: Thursday morning picked instead of Thursday afternoon.
    r = Run("standing_order-wrong_window-04", "wrong_value", 4, begin(dashboard),
            "Typeahead path; selects Thursday morning (08:00-12:00).")
    r.act("open-member", "fill", "search", "Look up the member", "read",
          nxt(dashboard, "M-2218", SUGG), arg="M-2218")
    r.act("open-member", "click", "sugg:M-2218", "Pick the exact match", "read", nxt(member_profile))
    r.act("open-standing-order", "click", "tab:Standing order", "Open the standing order", "read",
          nxt(standing_order))
    r.act("set-apples", "fill", "qty:Apples", "Apples to 5 kg", "write",
          nxt(standing_order, MID, {"Apples": "5"}, changes=1, focus="Apples"), arg="5")
    r.act("set-window", "select_option", "window", "Pick the Thursday window", "write",
          nxt(standing_order, MID, {"Apples": "5"}, THU_AM, changes=2), arg=THU_AM)
    r.act("save", "click", "save", "Save", "irreversible",
          nxt(standing_order, MID, {"Apples": "5"}, THU_AM, saved=True, toast=saved_toast(MID, THU_AM)))
    runs.append((r, False))

    # F05 silent_noop: the window select does not take; the agent saves anyway.
    r = Run("standing_order-silent_noop-05", "silent_noop", 5, begin(dashboard),
            "select_option returns without error but the window stays Tuesday morning; "
            "the change counter stays at 1; the save keeps Tuesday.")
    via_search(r)
    r.act("set-apples", "fill", "qty:Apples", "Apples to 5 kg", "write",
          nxt(standing_order, MID, {"Apples": "5"}, changes=1, focus="Apples"), arg="5")
    r.act("set-window", "select_option", "window", "Pick Thursday afternoon", "write",
          nxt(standing_order, MID, {"Apples": "5"}, changes=1), arg=THU_PM)
    r.act("save", "click", "save", "Save", "irreversible",
          nxt(standing_order, MID, {"Apples": "5"}, saved=True, toast=saved_toast(MID, TUE_AM)))
    r.act("save", "send_msg_to_user", None, "Report", "read",
          nxt(standing_order, MID, {"Apples": "5"}, saved=True), arg=DONE_MSG)
    runs.append((r, False))

    # F06 unrequested_filter: adds a Delivery day = Thursday filter; the order is hidden.
    r = Run("standing_order-unrequested_filter-06", "unrequested_filter", 2, begin(dashboard),
            "Adds 'Delivery day: Thursday' to the list filter (the order is on Tuesday today), "
            "gets an empty list and gives up.")
    r.act("open-standing-order", "click", "nav:Standing orders", "Go to standing orders", "read",
          nxt(standing_orders_list))
    r.act("open-standing-order", "fill", "sofilter", "Filter by member", "read",
          nxt(standing_orders_list, "M-2218"), arg="M-2218")
    r.act("open-standing-order", "select_option", "soday", "The task mentions Thursday; narrow to it",
          "read", nxt(standing_orders_list, "M-2218", "Thursday"), arg="Thursday")
    r.act("open-standing-order", "click", "apply", "Apply the filters", "read",
          nxt(standing_orders_list, "M-2218", "Thursday", True))
    r.act(None, "send_msg_to_user", None, "Nothing matched", "read",
          nxt(standing_orders_list, "M-2218", "Thursday", True),
          arg="I couldn't find a standing order for M-2218, so nothing was changed.")
    runs.append((r, False))

    # F07 error_page: the save returns a 502 page.
    r = Run("standing_order-error_page-07", "error_page", 8, begin(dashboard),
            "Filter-and-sort path; Save lands on a 502 error page; nothing is saved.")
    r.act("open-member", "click", "nav:Members", "Go to the member list", "read",
          nxt(members_list, 1))
    r.act("open-member", "fill", "mfilter", "Filter to M-221", "read",
          nxt(members_list, 1, "M-221", None, True), arg="M-221")
    r.act("open-member", "press", "mfilter", "Apply the filter", "read",
          nxt(members_list, 1, "M-221"), arg="Enter")
    r.act("open-member", "click", "sort:id", "Sort by number", "read",
          nxt(members_list, 1, "M-221", "id"))
    r.act("open-member", "click", "row:M-2218", "Open M-2218", "read", nxt(member_profile))
    r.act("open-standing-order", "click", "tab:Standing order", "Open the standing order", "read",
          nxt(standing_order))
    r.act("set-apples", "fill", "qty:Apples", "Apples to 5 kg", "write",
          nxt(standing_order, MID, {"Apples": "5"}, changes=1, focus="Apples"), arg="5")
    r.act("set-window", "select_option", "window", "Thursday afternoon", "write",
          nxt(standing_order, MID, {"Apples": "5"}, THU_PM, changes=2), arg=THU_PM)
    r.act("save", "click", "save", "Save", "irreversible", nxt(save_error_page))
    r.act("save", "go_back", None, "Return to the order", "read", nxt(standing_order))
    r.act("save", "send_msg_to_user", None, "Report", "read", nxt(standing_order),
          arg="The save failed with a server error; the standing order still shows 3 kg and Tuesday morning.")
    runs.append((r, False))

    # F08 permission: the standing order opens read-only for this coordinator.
    r = Run("standing_order-permission-08", "permission_denied", 2, begin(dashboard),
            "The order opens read-only: editing Eastfield orders needs an Eastfield coordinator.")
    r.act("open-member", "fill", "search", "Look up the member", "read",
          nxt(dashboard, "M-2218", SUGG), arg="M-2218")
    r.act("open-member", "click", "sugg:M-2218", "Exact match", "read", nxt(member_profile))
    r.act("open-standing-order", "click", "tab:Standing order", "Open the standing order", "read",
          nxt(standing_order, readonly=(
              "Read only. Standing orders for Eastfield hub can only be changed by Eastfield "
              "coordinators. Your role covers Westgate and Northmoor.")))
    r.act(None, "send_msg_to_user", None, "Cannot edit", "read",
          nxt(standing_order, readonly=(
              "Read only. Standing orders for Eastfield hub can only be changed by Eastfield "
              "coordinators. Your role covers Westgate and Northmoor.")),
          arg="I can see M-2218's standing order but the portal won't let me edit it.")
    runs.append((r, False))

    # F09 session_expired: the run starts on the sign-in page.
    r = Run("standing_order-session_expired-09", "session_expired", 0,
            begin(sign_in_page, "/portal/dashboard"),
            "Signed out before the run started; visible on the start page.")
    r.act("open-member", "goto", None, "Try the standing order URL directly", "read",
          nxt(sign_in_page, "/portal/members/M-2218/standing-order"),
          arg="/portal/members/M-2218/standing-order")
    r.act(None, "send_msg_to_user", None, "Blocked", "read",
          nxt(sign_in_page, "/portal/members/M-2218/standing-order"),
          arg="The portal keeps asking me to sign in; I have no credentials, so I stopped.")
    runs.append((r, False))

    # F10 premature_success: reports done without clicking Save.
    r = Run("standing_order-premature_success-10", "premature_success", 6, begin(dashboard),
            "Both edits made, 'Unsaved changes' still showing, agent reports success.")
    via_search(r)
    r.act("set-apples", "fill", "qty:Apples", "Apples to 5 kg", "write",
          nxt(standing_order, MID, {"Apples": "5"}, changes=1, focus="Apples"), arg="5")
    r.act("set-window", "select_option", "window", "Thursday afternoon", "write",
          nxt(standing_order, MID, {"Apples": "5"}, THU_PM, changes=2), arg=THU_PM)
    r.act("save", "send_msg_to_user", None, "Both fields now show the requested values", "read",
          nxt(standing_order, MID, {"Apples": "5"}, THU_PM, changes=2), arg=DONE_MSG)
    runs.append((r, False))

    # F11 skipped_step: saves before choosing the window; window never changed.
    r = Run("standing_order-skipped_step-11", "skipped_step", 5, begin(dashboard),
            "Saves after the apples edit only; the window stays Tuesday morning; reports both.")
    r.act("open-standing-order", "click", "nav:Standing orders", "Go to standing orders", "read",
          nxt(standing_orders_list))
    r.act("open-standing-order", "fill", "sofilter", "Filter by member", "read",
          nxt(standing_orders_list, "M-2218"), arg="M-2218")
    r.act("open-standing-order", "click", "apply", "Apply", "read",
          nxt(standing_orders_list, "M-2218", "Any day", True))
    r.act("open-standing-order", "click", "edit:SO-40172", "Open the order", "read",
          nxt(standing_order))
    r.act("set-apples", "fill", "qty:Apples", "Apples to 5 kg", "write",
          nxt(standing_order, MID, {"Apples": "5"}, changes=1, focus="Apples"), arg="5")
    r.act("save", "click", "save", "Save the order", "irreversible",
          nxt(standing_order, MID, {"Apples": "5"}, saved=True, toast=saved_toast(MID, TUE_AM)))
    r.act("save", "send_msg_to_user", None, "Report", "read",
          nxt(standing_order, MID, {"Apples": "5"}, saved=True), arg=DONE_MSG)
    runs.append((r, False))

    # F12 dialog_mishandled: the save confirmation is answered with 'Discard changes'.
    r = Run("standing_order-dialog_mishandled-12", "dialog_mishandled", 7,
            begin(dashboard, today="Wednesday 12 March 2025"),
            "Mid-week save asks for confirmation; agent clicks 'Discard changes' and then reports success.")
    via_search(r)
    r.act("set-apples", "fill", "qty:Apples", "Apples to 5 kg", "write",
          nxt(standing_order, MID, {"Apples": "5"}, changes=1, focus="Apples"), arg="5")
    r.act("set-window", "select_option", "window", "Thursday afternoon", "write",
          nxt(standing_order, MID, {"Apples": "5"}, THU_PM, changes=2), arg=THU_PM)
    r.act("save", "click", "save", "Save", "irreversible",
          nxt(standing_order, MID, {"Apples": "5"}, THU_PM, changes=2, dialog="confirm"))
    r.act("save", "click", "dlg_discard", "Close the dialog", "read",
          nxt(standing_order, toast="Changes discarded. Standing order SO-40172 has not been changed."))
    r.act("save", "send_msg_to_user", None, "Report", "read", nxt(standing_order), arg=DONE_MSG)
    runs.append((r, False))
    return runs


# --------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------

def build():
    records = []
    for r, ok in healthy_runs() + faulty_runs():
        records.append(r.record(ok))
    return records


def main(argv):
    out_dir = argv[1] if len(argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.path.join(out_dir, "plans"), exist_ok=True)
    records = build()
    with open(os.path.join(out_dir, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False, separators=(", ", ": ")) + "\n")
    with open(os.path.join(out_dir, PLAN_PATH), "w", encoding="utf-8", newline="\n") as f:
        f.write(plan_yaml(PLAN))
    print("wrote %d trajectories to %s" % (len(records), os.path.join(out_dir, "corpus.jsonl")))


if __name__ == "__main__":
    main(sys.argv)
