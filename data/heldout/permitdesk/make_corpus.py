#!/usr/bin/env python3
"""Build the PermitDesk held-out corpus.

PermitDesk is the contractor portal of the (fictional) City of Brennan Falls Building
Services. Workflow: schedule one named inspection for one permit on a stated date in the
morning window, where near-miss permits have similar numbers and addresses on the same street.

Python 3 standard library only; fixed seed; byte-for-byte reproducible.

    python3 make_corpus.py            # writes corpus.jsonl and plans/ next to this script
    python3 make_corpus.py --out DIR  # writes them under DIR instead (used by selftest.py)
"""
import argparse
import datetime
import json
import os
import random

SEED = 20240610
BASE = "http://127.0.0.1:8000"
WORKFLOW = "permitdesk_inspection"
PLAN_REL = "plans/permitdesk_inspection.yaml"
TASK = ("Schedule a Rough Electrical inspection for permit BP-24-01873 at 412 Alder Street "
        "on Thursday, June 13, 2024, in the morning window (8:00 AM – 12:00 PM). "
        "Tell me once it is booked.")
TARGET = "BP-24-01873"

# --------------------------------------------------------------------------------------
# The plan. Written from the task text and the healthy pages only, before any faulty run.
# --------------------------------------------------------------------------------------
PLAN_YAML = """\
# PermitDesk: book one inspection for one permit.
# Written from the task text and the healthy runs only.
task: "Schedule a Rough Electrical inspection for permit BP-24-01873 at 412 Alder Street on Thursday, June 13, 2024, in the morning window (8:00 AM – 12:00 PM). Tell me once it is booked."
plan_falsifiers:
  execution:
    - Sign in to PermitDesk
    - Your session has ended
    - Something went wrong
    - You do not have permission to schedule inspections
commitments:
  - id: find-permit
    subgoal: Open permit BP-24-01873 (412 Alder Street, two-story rear addition)
    skill: open_record_by_id
    confidence: 0.75
    confirm:
      precondition:
        - PermitDesk
      progress:
        - BP-24-01873
        - 412 Alder Street
      completion:
        - Permit BP-24-01873 · 412 Alder Street
        - Two-story rear addition, 640 sq ft
    falsify:
      execution:
        - BP-24-01837
        - BP-24-01878
        - BP-23-01873
        - 421 Alder Street
        - 418 Alder Street
        - 1412 Alder Street
        - No permits match
        - {text: "open permit BP-24-01837", on: action}
        - {text: "open permit BP-23-01873", on: action}
      skill:
        - Search returned no results
      planning:
        - Permit BP-24-01873 has expired
        - Permit BP-24-01873 is cancelled
  - id: open-scheduler
    subgoal: Open the Schedule an inspection dialog for BP-24-01873
    skill: open_dialog
    confidence: 0.7
    confirm:
      precondition:
        - Permit BP-24-01873
      progress:
        - Inspections · Permit BP-24-01873
        - Request inspection
        - Rough Electrical — not yet requested
      completion:
        - Schedule an inspection
        - Permit BP-24-01873 · 412 Alder Street
    falsify:
      execution:
        - Inspections · Permit BP-24-01837
        - Inspections · Permit BP-23-01873
      skill:
        - The Request inspection button is missing or disabled
      planning:
        - Rough Electrical is not a required inspection for this permit
  - id: fill-request
    subgoal: "Choose Rough Electrical, the date 2024-06-13 and the Morning (8:00 AM – 12:00 PM) window"
    skill: fill_form
    confidence: 0.6
    confirm:
      precondition:
        - Schedule an inspection
      progress:
        - Rough Electrical
        - "2024-06-13"
        - Time window for Thu, Jun 13, 2024
      completion:
        - Morning (8:00 AM – 12:00 PM)
    falsify:
      execution:
        - Final Electrical
        - Rough Plumbing
        - Afternoon (12:00 PM – 4:00 PM)
        - Fri, Jun 14, 2024
        - Wed, Jun 12, 2024
        - {text: "select Final Electrical as the inspection type", on: action}
        - {text: "choose the Afternoon (12:00 PM – 4:00 PM) window", on: action}
        - {text: "Discard request", on: action}
      planning:
        - The morning window on Thu, Jun 13, 2024 is full
        - No open windows on this date
  - id: book
    subgoal: Book the inspection and see PermitDesk confirm it
    confidence: 0.7
    confirm:
      precondition:
        - Book inspection
      progress:
        - "Inspections this week: 4"
      completion:
        - "Inspection scheduled: Rough Electrical on Thu, Jun 13, 2024, Morning (8:00 AM – 12:00 PM)"
        - Rough Electrical — scheduled Thu, Jun 13, 2024
    falsify:
      execution:
        - Could not book the inspection
        - That window is no longer available
        - The new inspection does not appear in the inspection history
        - {text: "Cancel Rough Plumbing inspection", on: action}
  - id: report
    subgoal: Tell the user the inspection is booked, with the confirmation number
    confidence: 0.8
    confirm:
      precondition:
        - Inspection scheduled
      progress: []
      completion: []
    falsify:
      execution:
        - {text: "tell the user it is booked before the Inspection scheduled notice appears", on: action}
        - {text: "report a date other than Thu, Jun 13, 2024", on: action}
"""

# --------------------------------------------------------------------------------------
# Application data
# --------------------------------------------------------------------------------------
# (permit, address, work description, type, status, latest inspection, expires)
# Listed in the portal's default order: last updated, newest first.
PERMITS = [
    ("BP-24-02210", "77 Quarry Road", "New single-family dwelling, 2,350 sq ft", "Building", "Issued", "Footing — cancelled by inspector Jun 12", "Nov 28, 2024"),
    ("BP-24-01837", "421 Alder Street", "Kitchen remodel, new circuits and relocated sink", "Building", "Issued", "Rough Plumbing — scheduled Jun 11", "Dec 9, 2024"),
    ("BP-24-01878", "418 Alder Street", "Detached accessory dwelling unit, 480 sq ft", "Building", "Issued", "Framing — failed Jun 6", "Dec 12, 2024"),
    ("EP-24-00692", "415 Alder Street", "Service upgrade, 100 A to 200 A", "Electrical", "Issued", "Rough Electrical — passed May 30", "Nov 30, 2024"),
    ("PP-24-00418", "9 Quarry Road", "Water heater replacement", "Plumbing", "Issued — fee overdue", "None yet", "Sep 4, 2024"),
    ("BP-24-01655", "240 Harbor View Drive", "Tenant improvement, Suite 110 (dental office)", "Building", "On hold — corrections required", "Framing — partial Jun 4", "Oct 21, 2024"),
    ("BP-24-01973", "1412 Alder Street", "Deck replacement, 320 sq ft", "Building", "Under review", "None yet", "Not issued"),
    ("MP-24-00231", "58 Juniper Court", "Furnace and duct replacement", "Mechanical", "Issued", "Final Mechanical — failed Jun 5", "Aug 30, 2024"),
    ("BP-24-02301", "19 Kestrel Lane", "In-ground swimming pool with barrier fence", "Building", "Under review", "None yet", "Not issued"),
    ("SP-24-00144", "3300 Mill Pond Lane", "Rooftop solar PV, 7.2 kW", "Solar", "Finaled", "Final Electrical — passed May 21", "Closed"),
    ("BP-24-01873", "412 Alder Street", "Two-story rear addition, 640 sq ft", "Building", "Issued", "Framing — passed Jun 3", "Dec 2, 2024"),
    ("BP-23-01873", "412 Alder Street", "Attic conversion and re-roof (extended)", "Building", "Issued (extended)", "Sheathing — passed Oct 18, 2023", "Jul 31, 2024"),
    ("BP-24-01120", "58 Juniper Court", "Basement finish, 900 sq ft", "Building", "Issued", "Insulation — passed May 24", "Nov 1, 2024"),
    ("EP-24-00603", "240 Harbor View Drive", "Lighting retrofit, three floors", "Electrical", "Issued", "Rough Electrical — scheduled Jun 14", "Oct 2, 2024"),
    ("EP-24-00711", "702 Canal Street", "Illuminated wall sign", "Electrical", "Under review", "None yet", "Not issued"),
    ("PP-24-00377", "421 Alder Street", "Sewer lateral replacement", "Plumbing", "Finaled", "Final Plumbing — passed Apr 18", "Closed"),
    ("BP-24-01329", "16 Ferris Avenue", "Bathroom remodel", "Building", "Issued", "Rough Plumbing — passed Apr 30", "Oct 15, 2024"),
    ("BP-24-00988", "702 Canal Street", "Storefront facade renovation", "Building", "Expired", "Framing — passed Jan 12", "Expired May 31, 2024"),
    ("BP-24-01501", "5 Larkspur Way", "Retaining wall, 4 ft", "Building", "Issued", "Footing — passed May 15", "Nov 14, 2024"),
    ("BP-24-00412", "12 Alder Street", "Fence over 7 ft", "Building", "Withdrawn", "None", "Closed"),
    ("BP-24-00761", "2290 Orchard Hill Road", "Garage conversion", "Building", "Cancelled", "None", "Closed"),
    ("BP-23-02044", "88 Tamarack Road", "New duplex", "Building", "Finaled", "Final Building — passed Feb 27", "Closed"),
    ("BP-23-01577", "61 Beacon Street", "Window replacement, 14 units", "Building", "Expired", "None", "Expired Mar 1, 2024"),
]
PERMIT = {p[0]: p for p in PERMITS}

DETAIL = {
    "BP-24-01873": dict(valuation="$148,500.00", issued="May 6, 2024", owner="Marisol Ybarra", parcel="0412-ALD-007", docs=7),
    "BP-23-01873": dict(valuation="$38,900.00", issued="Aug 14, 2023", owner="Marisol Ybarra", parcel="0412-ALD-007", docs=5),
    "BP-24-01837": dict(valuation="$61,200.00", issued="Apr 29, 2024", owner="Colin and Grace Adeyemi", parcel="0421-ALD-002", docs=4),
    "BP-24-01878": dict(valuation="$212,000.00", issued="Apr 2, 2024", owner="Henrik Solberg", parcel="0418-ALD-011", docs=9),
    "BP-24-01973": dict(valuation="$22,750.00", issued="Not issued", owner="Priya Raman", parcel="1412-ALD-004", docs=3),
}

# (inspection, date, window, inspector, result)
HISTORY = {
    "BP-24-01873": [
        ("Footing", "Apr 22, 2024", "Morning", "R. Castellanos", "Passed"),
        ("Foundation", "Apr 29, 2024", "Afternoon", "R. Castellanos", "Failed — correction notice issued"),
        ("Foundation re-inspection", "May 2, 2024", "Morning", "R. Castellanos", "Passed"),
        ("Framing", "Jun 3, 2024", "Morning", "T. Abernathy", "Passed"),
    ],
    "BP-23-01873": [
        ("Framing", "Oct 4, 2023", "Morning", "L. Ferrante", "Passed"),
        ("Sheathing", "Oct 18, 2023", "Morning", "L. Ferrante", "Passed"),
        ("Final Building", "Jan 9, 2024", "Afternoon", "L. Ferrante", "Cancelled by applicant"),
    ],
    "BP-24-01837": [
        ("Demolition walk-through", "May 20, 2024", "Afternoon", "T. Abernathy", "Passed"),
        ("Rough Plumbing", "Tue, Jun 11, 2024", "Morning", "Not yet assigned", "Scheduled"),
    ],
    "BP-24-01878": [
        ("Footing", "May 13, 2024", "Morning", "R. Castellanos", "Passed"),
        ("Framing", "Jun 6, 2024", "Afternoon", "T. Abernathy", "Failed — correction notice issued"),
    ],
    "BP-24-01973": [],
}
REQUIRED = {
    "BP-24-01873": [("Footing", "passed"), ("Foundation", "passed"), ("Framing", "passed"),
                    ("Rough Electrical", "not yet requested"), ("Rough Plumbing", "not yet requested"),
                    ("Rough Mechanical", "not yet requested"), ("Insulation", "not yet requested"),
                    ("Final Electrical", "not yet requested"), ("Final Building", "not yet requested")],
    "BP-23-01873": [("Framing", "passed"), ("Sheathing", "passed"), ("Rough Electrical", "not yet requested"),
                    ("Insulation", "not yet requested"), ("Final Building", "not yet requested")],
    "BP-24-01837": [("Rough Electrical", "not yet requested"), ("Rough Plumbing", "scheduled Tue, Jun 11, 2024"),
                    ("Final Electrical", "not yet requested"), ("Final Plumbing", "not yet requested"),
                    ("Final Building", "not yet requested")],
    "BP-24-01878": [("Footing", "passed"), ("Framing", "failed, re-inspection needed"),
                    ("Rough Electrical", "not yet requested"), ("Final Building", "not yet requested")],
    "BP-24-01973": [],
}

INSPECTION_TYPES = ["Footing", "Foundation", "Framing", "Rough Electrical", "Rough Plumbing",
                    "Rough Mechanical", "Insulation", "Final Electrical", "Final Plumbing",
                    "Final Mechanical", "Final Building"]
WINDOWS = {"Morning": "Morning (8:00 AM – 12:00 PM)", "Afternoon": "Afternoon (12:00 PM – 4:00 PM)"}
# open slots of 9 per window, June 2024 (absent weekdays: 9 and 9)
AVAIL = {11: (0, 2), 12: (3, 5), 13: (4, 1), 14: (2, 6), 17: (6, 7), 18: (8, 9), 20: (5, 4), 21: (7, 3)}
HOLIDAY = {19}
TODAY = datetime.date(2024, 6, 10)
DEFAULT_DATE = "2024-06-12"
NAV = ["Dashboard", "My permits", "Inspections calendar", "Applications in progress (2)",
       "Fees and payments", "Documents", "Contractor profile"]
PAGE_SIZE = 10


def short_date(iso):
    d = datetime.date.fromisoformat(iso)
    return d.strftime("%a, %b ") + str(d.day) + d.strftime(", %Y")


def long_date(d):
    return d.strftime("%A, %B ") + str(d.day) + d.strftime(", %Y")


def valid_date(iso):
    try:
        d = datetime.date.fromisoformat(iso)
    except (TypeError, ValueError):
        return None
    if len(iso) != 10:
        return None
    return d


def day_open(d):
    return d.month == 6 and d.year == 2024 and d > TODAY and d.weekday() < 5 and d.day not in HOLIDAY


# --------------------------------------------------------------------------------------
# Accessibility-tree builder (BrowserGym-style flattened AXTree)
# --------------------------------------------------------------------------------------
class Tree:
    def __init__(self, title):
        self.title = title
        self.rows = []  # (depth, bid, role, name, props)
        self.counter = 100

    def at(self, n):
        self.counter = n
        return self

    def add(self, depth, role, name="", *props, bid=None):
        assert "'" not in name, name
        if bid is None:
            bid = str(self.counter)
            self.counter += 1
        self.rows.append((depth, str(bid), role, name, tuple(props)))
        return str(bid)

    def render(self):
        lines = ["RootWebArea '%s', focused" % self.title]
        seen = set()
        for depth, bid, role, name, props in self.rows:
            assert bid not in seen, (self.title, bid, name)
            seen.add(bid)
            line = "\t" * depth + "[%s] %s '%s'" % (bid, role, name)
            if props:
                line += ", " + ", ".join(props)
            lines.append(line)
        return "\n".join(lines)


class Page:
    def __init__(self, url, tree, error=None):
        self.url = url
        self.title = tree.title
        self.rows = list(tree.rows)
        self.text = tree.render()
        self.error = error

    def find(self, role, name):
        hits = [r for r in self.rows if r[2] == role and r[3] == name]
        if len(hits) != 1:
            raise LookupError("%d nodes %s %r on %s" % (len(hits), role, name, self.url))
        return hits[0][1], "%s '%s'" % (role, name)

    def obs(self):
        return {"url": self.url, "title": self.title, "text": self.text, "error": self.error}

    def with_error(self, error):
        p = Page.__new__(Page)
        p.__dict__.update(self.__dict__)
        p.error = error
        return p


def val(v):
    assert "'" not in v
    return "value='%s'" % v


# --------------------------------------------------------------------------------------
# Furniture
# --------------------------------------------------------------------------------------
def chrome(t, ck, search="", nav=""):
    t.at(10)
    t.add(1, "banner", "")
    t.add(2, "link", "PermitDesk home")
    t.add(2, "StaticText", "PermitDesk")
    t.add(2, "StaticText", "City of Brennan Falls · Building Services")
    t.add(2, "search", "")
    t.add(3, "searchbox", "Search permits, addresses, inspections", *([val(search)] if search else []))
    t.add(3, "button", "Search")
    t.add(2, "button", "Help and contact")
    t.add(2, "button", "Notifications, 3 unread", "hasPopup='menu'", "expanded=False")
    t.add(2, "button", "Account menu, Dana Whitcomb, Keel & Plumb Builders", "hasPopup='menu'", "expanded=False")
    t.at(40)
    t.add(1, "navigation", "Main")
    for label in NAV:
        t.add(2, "link", label, *(["current='page'"] if label == nav else []))
    t.at(60)
    t.add(1, "region", "At a glance")
    t.add(2, "StaticText", "Open permits: 14")
    t.add(2, "StaticText", "Inspections this week: %d" % ck.get("week", 3))
    t.add(2, "StaticText", "Overdue items: 2")
    t.add(2, "StaticText", "Last synced 8:42 AM")
    if ck.get("banner"):
        t.at(70)
        t.add(1, "alert", "")
        t.add(2, "StaticText", "Planned maintenance: PermitDesk will be unavailable Saturday, June 15, "
                               "10:00 PM – 11:30 PM. Inspections already booked are not affected.")
        t.add(2, "button", "Hide notice")
    t.at(100)


def footer(t):
    t.at(800)
    t.add(1, "contentinfo", "")
    t.add(2, "link", "Accessibility statement")
    t.add(2, "link", "Privacy notice")
    t.add(2, "link", "Fee schedule (PDF)")
    t.add(2, "link", "Contact Building Services")
    t.add(2, "StaticText", "Permit counter: 200 Civic Plaza, Room 110 · Mon–Fri 7:30 AM – 4:00 PM")
    t.add(2, "StaticText", "Inspection line: (555) 014-2200")
    t.add(2, "StaticText", "© 2024 City of Brennan Falls · PermitDesk 5.8.2")


def breadcrumb(t, depth, trail):
    t.add(depth, "navigation", "Breadcrumb")
    for label in trail[:-1]:
        t.add(depth + 1, "link", label)
    t.add(depth + 1, "StaticText", trail[-1])


def toast(t, booking):
    if not booking:
        return
    t.at(850)
    t.add(1, "status", "", "live='polite'")
    t.add(2, "StaticText", "Inspection scheduled: %s on %s, %s. Confirmation %s." % (
        booking["itype"], short_date(booking["date"]), WINDOWS[booking["window"]], booking["conf"]))
    t.add(2, "StaticText", "Permit %s · %s. A confirmation email was sent to dana@keelplumb.example." % (
        booking["pid"], PERMIT[booking["pid"]][1]))
    t.add(2, "button", "Dismiss notification")


# --------------------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------------------
UPCOMING = [
    ("Tue, Jun 11", "BP-24-01837", "421 Alder Street", "Rough Plumbing", "Morning", "Scheduled"),
    ("Wed, Jun 12", "BP-24-02210", "77 Quarry Road", "Footing", "Afternoon", "Cancelled by inspector — rebook"),
    ("Fri, Jun 14", "EP-24-00603", "240 Harbor View Drive", "Rough Electrical", "Morning", "Scheduled"),
]


def dashboard_page(ck, search=""):
    t = Tree("Dashboard · PermitDesk")
    chrome(t, ck, search=search, nav="Dashboard")
    t.add(1, "main", "")
    t.add(2, "heading", "Good morning, Dana")
    t.add(2, "StaticText", "Monday, June 10, 2024")
    t.add(2, "region", "Upcoming inspections")
    t.add(3, "heading", "Upcoming inspections")
    t.add(3, "table", "Upcoming inspections")
    t.add(4, "row", "")
    for h in ("Date", "Permit", "Address", "Inspection", "Window", "Status"):
        t.add(5, "columnheader", h)
    for row in UPCOMING:
        t.add(4, "row", "")
        for c in row:
            t.add(5, "cell", c)
    t.add(3, "link", "Open inspections calendar")
    t.add(2, "region", "Needs attention")
    t.add(3, "heading", "Needs attention (3)")
    t.add(3, "list", "")
    t.add(4, "listitem", "")
    t.add(5, "StaticText", "Framing inspection failed on BP-24-01878 (418 Alder Street). Correction notice issued Jun 6.")
    t.add(5, "link", "View correction notice")
    t.add(4, "listitem", "")
    t.add(5, "StaticText", "Permit fee overdue on PP-24-00418 (9 Quarry Road): $96.00, due Jun 1.")
    t.add(5, "link", "Pay now")
    t.add(4, "listitem", "")
    t.add(5, "StaticText", "BP-23-01873 (412 Alder Street) expires Jul 31, 2024 unless a final inspection passes.")
    t.add(5, "link", "Request extension")
    t.add(2, "region", "Recently viewed")
    t.add(3, "heading", "Recently viewed")
    for label in ("BP-24-01837 · 421 Alder Street", "EP-24-00603 · 240 Harbor View Drive", "BP-24-01655 · 240 Harbor View Drive"):
        t.add(3, "link", label)
    footer(t)
    return Page(BASE + "/dashboard", t)


def street_key(addr):
    num, street = addr.split(" ", 1)
    return (street, int(num))


def list_rows(applied, sort):
    rows = list(PERMITS)
    q = applied.get("q", "").lower()
    if q:
        rows = [p for p in rows if q in p[0].lower() or q in p[1].lower()]
    if applied.get("status", "All statuses") != "All statuses":
        rows = [p for p in rows if p[4] == applied["status"]]
    if applied.get("ptype", "All types") != "All types":
        rows = [p for p in rows if p[3] == applied["ptype"]]
    street = applied.get("street", "").lower()
    if street:
        rows = [p for p in rows if street in p[1].lower()]
    if sort == "address":
        rows = sorted(rows, key=lambda p: street_key(p[1]))
    return rows


STATUSES = ["All statuses", "Issued", "Issued (extended)", "Under review", "On hold — corrections required",
            "Finaled", "Expired", "Withdrawn", "Cancelled"]
TYPES = ["All types", "Building", "Electrical", "Mechanical", "Plumbing", "Solar"]


def list_page(ck, page=1, sort=None, applied=None, draft=None, restored=False):
    applied = dict(applied or {})
    shown = dict(applied)
    shown.update(draft or {})
    rows = list_rows(applied, sort)
    total = len(rows)
    pages = max(1, (total + PAGE_SIZE - 1) // PAGE_SIZE)
    chunk = rows[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]
    t = Tree("My permits · PermitDesk")
    chrome(t, ck, nav="My permits")
    t.add(1, "main", "")
    breadcrumb(t, 2, ["Home", "My permits"])
    t.add(2, "heading", "My permits")
    t.add(2, "StaticText", "Permits where Keel & Plumb Builders is the contractor of record.")
    t.add(2, "link", "Start a new application")
    t.add(2, "group", "Filters")
    t.add(3, "textbox", "Filter by permit number or address", *([val(shown["q"])] if shown.get("q") else []))
    st = shown.get("status", "All statuses")
    t.add(3, "combobox", "Status", val(st), "hasPopup='listbox'", "expanded=False")
    for s in STATUSES:
        t.add(4, "option", s, *(["selected=True"] if s == st else ["selected=False"]))
    ty = shown.get("ptype", "All types")
    t.add(3, "combobox", "Permit type", val(ty), "hasPopup='listbox'", "expanded=False")
    for s in TYPES:
        t.add(4, "option", s, *(["selected=True"] if s == ty else ["selected=False"]))
    t.add(3, "textbox", "Street name", *([val(shown["street"])] if shown.get("street") else []))
    t.add(3, "button", "Apply filters")
    t.add(3, "button", "Clear filters")
    chips = []
    if applied.get("q"):
        chips.append("Permit or address: %s" % applied["q"])
    if applied.get("status", "All statuses") != "All statuses":
        chips.append("Status: %s" % applied["status"])
    if applied.get("ptype", "All types") != "All types":
        chips.append("Type: %s" % applied["ptype"])
    if applied.get("street"):
        chips.append("Street: %s" % applied["street"])
    if restored:
        t.add(2, "StaticText", "Showing your saved view from your last visit (Jun 7, 2024).")
    if chips:
        t.add(2, "StaticText", "Active filters:")
        for c in chips:
            t.add(2, "button", "Remove filter %s" % c)
    if total:
        t.add(2, "StaticText", "Showing %d–%d of %d permits" % ((page - 1) * PAGE_SIZE + 1, (page - 1) * PAGE_SIZE + len(chunk), total))
    else:
        t.add(2, "StaticText", "Showing 0 of 0 permits")
    t.add(2, "table", "Permits")
    t.add(3, "row", "")
    for col, sortable in (("Permit number", True), ("Address", True), ("Work description", False),
                          ("Type", False), ("Status", True), ("Latest inspection", False), ("Expires", True)):
        label = col + (", sorted ascending" if sort == "address" and col == "Address" else "")
        t.add(4, "columnheader", label)
        if sortable:
            t.add(5, "button", "Sort by %s" % col.lower())
    if not chunk:
        t.add(3, "row", "")
        t.add(4, "cell", "No permits match these filters. Clear a filter to see more permits.")
    for p in chunk:
        t.add(3, "row", "")
        t.add(4, "cell", "")
        t.add(5, "link", p[0])
        for c in p[1:]:
            t.add(4, "cell", c)
    t.add(2, "navigation", "Pagination")
    t.add(3, "button", "Previous page", *(["disabled=True"] if page == 1 else []))
    for n in range(1, pages + 1):
        t.add(3, "button", "Page %d" % n, *(["current='page'"] if n == page else []))
    t.add(3, "button", "Next page", *(["disabled=True"] if page == pages else []))
    t.add(2, "combobox", "Rows per page", val("10"), "hasPopup='listbox'", "expanded=False")
    t.add(2, "link", "Download this list (CSV)")
    footer(t)
    qs = "?page=%d" % page + ("&sort=address" if sort else "")
    for k in ("q", "status", "ptype", "street"):
        if applied.get(k) and applied[k] not in ("All statuses", "All types"):
            qs += "&%s=%s" % (k, applied[k].replace(" ", "+"))
    return Page(BASE + "/permits" + qs, t)


def search_page(ck, q):
    ql = q.lower()
    hits = [p for p in PERMITS if ql in p[0].lower() or ql in p[1].lower()]
    t = Tree("Search results for %s · PermitDesk" % q)
    chrome(t, ck, search=q)
    t.add(1, "main", "")
    breadcrumb(t, 2, ["Home", "Search"])
    t.add(2, "heading", "Search results")
    t.add(2, "StaticText", "%d permit%s found for %s" % (len(hits), "" if len(hits) == 1 else "s", q))
    t.add(2, "tablist", "Result types")
    t.add(3, "tab", "Permits (%d)" % len(hits), "selected=True")
    t.add(3, "tab", "Inspections (0)", "selected=False")
    t.add(3, "tab", "Documents (0)", "selected=False")
    t.add(2, "list", "Permit results")
    for p in hits:
        t.add(3, "listitem", "")
        t.add(4, "link", p[0])
        t.add(4, "StaticText", "%s · %s · %s" % (p[1], p[2], p[4]))
    t.add(2, "StaticText", "Tip: search by the full permit number for an exact match.")
    footer(t)
    return Page(BASE + "/search?q=" + q.replace(" ", "+"), t)


def permit_head(t, pid, tab, n_insp):
    p = PERMIT[pid]
    det = DETAIL.get(pid, dict(docs=2))
    t.add(1, "main", "")
    breadcrumb(t, 2, ["Home", "My permits", pid])
    t.add(2, "heading", "Permit %s" % pid)
    t.add(2, "StaticText", "%s, Brennan Falls" % p[1])
    t.add(2, "StaticText", "Status: %s" % p[4])
    t.add(2, "button", "Print permit card")
    t.add(2, "button", "Request extension")
    t.add(2, "tablist", "Permit sections")
    for name in ("Summary", "Inspections (%d)" % n_insp, "Documents (%d)" % det["docs"], "Fees", "Activity"):
        is_sel = name.split(" (")[0].lower() == tab
        t.add(3, "tab", name, "selected=True" if is_sel else "selected=False")


def permit_page(ck, pid, tab="summary", bookings=(), booking_toast=None, dialog=None, discard_confirm=False):
    """Permit detail. tab: 'summary' or 'inspections'. bookings: inspections booked in this run."""
    p = PERMIT[pid]
    mine = [b for b in bookings if b["pid"] == pid]
    hist = list(HISTORY.get(pid, []))
    for b in mine:
        hist.append((b["itype"], short_date(b["date"]), b["window"], "Not yet assigned", "Scheduled"))
    if tab == "summary":
        t = Tree("Permit %s · %s · PermitDesk" % (pid, p[1]))
        url = BASE + "/permits/" + pid
    else:
        t = Tree("Inspections · Permit %s · PermitDesk" % pid)
        url = BASE + "/permits/%s/inspections" % pid
    chrome(t, ck, nav="My permits")
    permit_head(t, pid, tab, len(hist))
    if tab == "summary":
        det = DETAIL[pid]
        t.add(2, "tabpanel", "Summary")
        for k, v in (("Work description", p[2]), ("Permit type", p[3] + (" — residential" if p[3] == "Building" else "")),
                     ("Valuation", det["valuation"]), ("Issued", det["issued"]), ("Expires", p[6]),
                     ("Owner", det["owner"]), ("Contractor of record", "Keel & Plumb Builders (license CB-118042)"),
                     ("Parcel", det["parcel"])):
            t.add(3, "StaticText", k)
            t.add(3, "StaticText", v)
        t.add(3, "heading", "Other permits at this parcel")
        t.add(3, "list", "")
        others = [q for q in PERMITS if q[1] == p[1] and q[0] != pid]
        if not others:
            t.add(4, "listitem", "None")
        for q in others:
            t.add(4, "listitem", "")
            t.add(5, "link", q[0])
            t.add(5, "StaticText", "%s · %s · expires %s" % (q[2], q[4], q[6]))
    else:
        t.add(2, "tabpanel", "Inspections")
        if p[4].startswith("Issued"):
            t.add(3, "button", "Request inspection")
        else:
            t.add(3, "button", "Request inspection", "disabled=True")
            t.add(3, "StaticText", "Inspections can be requested once the permit is issued.")
        t.add(3, "StaticText", "Requests for the next business day close at 3:00 PM. Same-day requests are not accepted.")
        t.add(3, "heading", "Required inspections")
        t.add(3, "list", "")
        req = list(REQUIRED.get(pid, []))
        for b in mine:
            req = [(n, ("scheduled %s" % short_date(b["date"])) if n == b["itype"] else s) for n, s in req]
        if not req:
            t.add(4, "listitem", "The inspection list is set when the permit is issued.")
        for n, s in req:
            t.add(4, "listitem", "%s — %s" % (n, s))
        t.add(3, "heading", "Inspection history")
        t.add(3, "table", "Inspection history")
        t.add(4, "row", "")
        for h in ("Inspection", "Date", "Window", "Inspector", "Result", "Actions"):
            t.add(5, "columnheader", h)
        if not hist:
            t.add(4, "row", "")
            t.add(5, "cell", "No inspections yet.")
        for row in hist:
            t.add(4, "row", "")
            for c in row:
                t.add(5, "cell", c)
            t.add(5, "cell", "")
            if row[4] == "Scheduled":
                t.add(6, "button", "Reschedule %s" % row[0])
                t.add(6, "button", "Cancel %s inspection" % row[0])
            elif row[4].startswith("Failed"):
                t.add(6, "link", "Correction notice for %s" % row[0])
            else:
                t.add(6, "link", "Report for %s" % row[0])
        t.add(3, "link", "Download inspection record (PDF)")
    footer(t)
    toast(t, booking_toast)
    if dialog:
        schedule_dialog(t, dialog)
    if discard_confirm:
        discard_dialog(t, dialog["pid"] if dialog else pid)
    return Page(url, t)


def calendar_page(ck, bookings=(), booking_toast=None, dialog=None):
    t = Tree("Inspections calendar · PermitDesk")
    chrome(t, ck, nav="Inspections calendar")
    t.add(1, "main", "")
    breadcrumb(t, 2, ["Home", "Inspections calendar"])
    t.add(2, "heading", "Inspections calendar")
    t.add(2, "button", "Request inspection")
    t.add(2, "button", "Previous week")
    t.add(2, "StaticText", "Week of June 10 – 14, 2024")
    t.add(2, "button", "Next week")
    t.add(2, "button", "Today")
    t.add(2, "combobox", "View", val("Week"), "hasPopup='listbox'", "expanded=False")
    days = {"Mon, Jun 10": [], "Tue, Jun 11": [], "Wed, Jun 12": [], "Thu, Jun 13": [], "Fri, Jun 14": []}
    for d, pid, addr, insp, win, status in UPCOMING:
        days[d].append("%s · %s · %s · %s · %s" % (win, insp, pid, addr, status))
    for b in bookings:
        key = short_date(b["date"])[:-6]
        if key in days:
            days[key].append("%s · %s · %s · %s · Scheduled" % (b["window"], b["itype"], b["pid"], PERMIT[b["pid"]][1]))
    t.add(2, "table", "Week of June 10, 2024")
    t.add(3, "row", "")
    t.add(4, "columnheader", "Day")
    t.add(4, "columnheader", "Inspections")
    for d, items in days.items():
        t.add(3, "row", "")
        t.add(4, "rowheader", d)
        t.add(4, "cell", "")
        if not items:
            t.add(5, "StaticText", "No inspections")
        for it in items:
            t.add(5, "link", it)
    t.add(2, "StaticText", "Legend: Scheduled, Passed, Failed, Cancelled. Times are inspection windows, not arrival times.")
    footer(t)
    toast(t, booking_toast)
    if dialog:
        schedule_dialog(t, dialog)
    return Page(BASE + "/inspections/calendar?week=2024-06-10", t)


def new_dialog(pid=None, **kw):
    d = dict(pid=pid, pick_permit=pid is None, itype=None, date=DEFAULT_DATE, date_error=False,
             cal_open=False, window=None, notes="", sms=False)
    d.update(kw)
    return d


def upd(d, **kw):
    e = dict(d)
    e.update(kw)
    return e


PICKABLE = [p for p in PERMITS if p[4].startswith("Issued")]


def schedule_dialog(t, d):
    t.add(1, "dialog", "Schedule an inspection", "modal=True", bid=1000)
    t.add(2, "heading", "Schedule an inspection", bid=1001)
    t.add(2, "button", "Close", bid=1002)
    if d["pick_permit"]:
        current = "%s · %s" % (d["pid"], PERMIT[d["pid"]][1]) if d["pid"] else "Select a permit"
        t.add(2, "combobox", "Permit", val(current), "required", "hasPopup='listbox'", "expanded=False", bid=1003)
        opts = ["Select a permit"] + ["%s · %s" % (p[0], p[1]) for p in PICKABLE]
        for i, o in enumerate(opts):
            t.add(3, "option", o, "selected=True" if o == current else "selected=False", bid=1100 + i)
    else:
        t.add(2, "StaticText", "Permit %s · %s" % (d["pid"], PERMIT[d["pid"]][1]), bid=1003)
    cur = d["itype"] or "Select a type"
    t.add(2, "combobox", "Inspection type", val(cur), "required", "hasPopup='listbox'", "expanded=False", bid=1010)
    for i, o in enumerate(["Select a type"] + INSPECTION_TYPES):
        t.add(3, "option", o, "selected=True" if o == cur else "selected=False", bid=1011 + i)
    t.add(2, "textbox", "Inspection date (YYYY-MM-DD)", val(d["date"]), "required", bid=1023)
    t.add(2, "button", "Open calendar", "expanded=%s" % d["cal_open"], bid=1024)
    t.add(2, "StaticText", "Earliest available: %s" % short_date(DEFAULT_DATE), bid=1025)
    date = None if d["date_error"] else valid_date(d["date"])
    if date is None or not day_open(date):
        date = None
        t.add(2, "StaticText", "Enter the date as YYYY-MM-DD, for example 2024-06-13.", bid=1026)
    if d["cal_open"]:
        t.add(2, "grid", "June 2024", bid=1030)
        t.add(3, "button", "Previous month", "disabled=True", bid=1031)
        t.add(3, "button", "Next month", bid=1032)
        t.add(3, "row", "", bid=1033)
        for i, wd in enumerate(("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")):
            t.add(4, "columnheader", wd, bid=1034 + i)
        for w in range(5):
            t.add(3, "row", "", bid=1075 + w)
            for day in range(1, 31):
                dd = datetime.date(2024, 6, day)
                week = (day + 4) // 7  # June 1, 2024 is a Saturday
                if week != w:
                    continue
                props = []
                if not day_open(dd):
                    props.append("disabled=True")
                if date == dd:
                    props.append("selected=True")
                t.add(4, "gridcell", long_date(dd), *props, bid=1040 + day)
    rg_name = "Time window for %s" % short_date(date.isoformat()) if date else "Time window"
    t.add(2, "radiogroup", rg_name, bid=1080)
    if date is None:
        t.add(3, "StaticText", "Choose a valid date to see open windows.", bid=1081)
        t.add(3, "radio", WINDOWS["Morning"], "checked='false'", "disabled=True", bid=1082)
        t.add(3, "radio", WINDOWS["Afternoon"], "checked='false'", "disabled=True", bid=1084)
    else:
        am, pm = AVAIL.get(date.day, (9, 9))
        for key, free, rb, sb in (("Morning", am, 1082, 1083), ("Afternoon", pm, 1084, 1085)):
            props = ["checked='%s'" % ("true" if d["window"] == key else "false")]
            if free == 0:
                props.append("disabled=True")
            t.add(3, "radio", WINDOWS[key], *props, bid=rb)
            t.add(3, "StaticText", "Full" if free == 0 else "%d of 9 slots open" % free, bid=sb)
    t.add(2, "textbox", "Site contact phone", val("(555) 013-4482"), bid=1086)
    t.add(2, "textbox", "Access notes for the inspector (optional)", *([val(d["notes"])] if d["notes"] else []), bid=1087)
    t.add(2, "checkbox", "Text me when the inspector is on the way", "checked='%s'" % ("true" if d["sms"] else "false"), bid=1088)
    t.add(2, "StaticText", "You can reschedule or cancel until 3:00 PM on the business day before.", bid=1089)
    t.add(2, "button", "Cancel", bid=1090)
    ready = d["pid"] and d["itype"] and d["window"] and date is not None
    t.add(2, "button", "Book inspection", *([] if ready else ["disabled=True"]), bid=1091)


def discard_dialog(t, pid):
    t.add(1, "alertdialog", "Discard this inspection request?", "modal=True", bid=1200)
    t.add(2, "heading", "Discard this inspection request?", bid=1201)
    t.add(2, "StaticText", "Your choices for %s have not been booked yet." % pid, bid=1202)
    t.add(2, "button", "Keep editing", bid=1203)
    t.add(2, "button", "Discard request", bid=1204)


def signin_page(next_path):
    t = Tree("Sign in · PermitDesk")
    t.at(10)
    t.add(1, "banner", "")
    t.add(2, "StaticText", "PermitDesk")
    t.add(2, "StaticText", "City of Brennan Falls · Building Services")
    t.at(100)
    t.add(1, "main", "")
    t.add(2, "heading", "Sign in to PermitDesk")
    t.add(2, "alert", "")
    t.add(3, "StaticText", "Your session has ended for security. Sign in again to continue.")
    t.add(2, "textbox", "Email address", "required")
    t.add(2, "textbox", "Password", "required")
    t.add(2, "checkbox", "Keep me signed in on this device", "checked='false'")
    t.add(2, "button", "Sign in")
    t.add(2, "link", "Forgot your password?")
    t.add(2, "link", "Register a contractor account")
    footer(t)
    return Page(BASE + "/signin?next=" + next_path, t)


def forbidden_page(ck, pid):
    t = Tree("Not authorized · PermitDesk")
    chrome(t, ck, nav="My permits")
    t.add(1, "main", "")
    breadcrumb(t, 2, ["Home", "My permits", pid, "Request inspection"])
    t.add(2, "heading", "403 · Not authorized")
    t.add(2, "StaticText", "You do not have permission to schedule inspections on permit %s." % pid)
    t.add(2, "StaticText", "The contractor of record for this permit changed on Jun 10, 2024. "
                           "Ask the permit holder to add Keel & Plumb Builders, or call the inspection line.")
    t.add(2, "link", "Back to permit %s" % pid)
    t.add(2, "StaticText", "Reference: AUTHZ-7F31C")
    footer(t)
    return Page(BASE + "/permits/%s/inspections/new" % pid, t)


# --------------------------------------------------------------------------------------
# Runs
# --------------------------------------------------------------------------------------
class Run:
    def __init__(self, rid, start, fault=None, step=None):
        self.rid = rid
        self.start = start
        self.page = start
        self.fault = fault
        self.first = step
        self.steps = []
        self.success = None

    def _step(self, commitment, command, target, reasoning, effect, nxt):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": nxt.obs(),
        })
        self.page = nxt
        return len(self.steps) - 1

    def click(self, c, role, name, why, nxt, effect="read"):
        bid, target = self.page.find(role, name)
        return self._step(c, "click(%r)" % bid, target, why, effect, nxt)

    def fill(self, c, role, name, text, why, nxt, effect="read"):
        bid, target = self.page.find(role, name)
        return self._step(c, "fill(%r, %r)" % (bid, text), target, why, effect, nxt)

    def select(self, c, role, name, option, why, nxt, effect="read"):
        bid, target = self.page.find(role, name)
        return self._step(c, "select_option(%r, %r)" % (bid, option), target, why, effect, nxt)

    def press(self, c, role, name, key, why, nxt):
        bid, target = self.page.find(role, name)
        return self._step(c, "press(%r, %r)" % (bid, key), target, why, "read", nxt)

    def scroll(self, c, dy, why):
        return self._step(c, "scroll(0, %d)" % dy, "page", why, "read", self.page)

    def say(self, c, msg, why):
        return self._step(c, "send_msg_to_user(%s)" % json.dumps(msg, ensure_ascii=False), "message to the user", why, "read", self.page)

    def record(self):
        assert self.success is not None
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": self.first},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": self.success},
        }


def booking(rng, pid, itype, date, window):
    conf = "IR-%s-%04d" % (date[5:7] + date[8:10], rng.randint(1000, 9999))
    return dict(pid=pid, itype=itype, date=date, window=window, conf=conf)


def done_msg(b):
    return ("Booked: %s inspection for permit %s (%s) on %s, %s window. Confirmation %s." % (
        b["itype"], b["pid"], PERMIT[b["pid"]][1], short_date(b["date"]), WINDOWS[b["window"]], b["conf"]))


def fill_and_book(r, rng, ck, pid, how_date="type", page_fn=None, itype="Rough Electrical",
                  date="2024-06-13", window="Morning", first_dialog=None, why=None):
    """Common tail: the dialog is open on r.page; choose type, date, window; book.
    Returns the booking. page_fn(ck, dialog=..., bookings=..., booking_toast=...) renders the page."""
    why = dict({"type": "Choose the inspection type named in the task",
                "window": "Pick the morning window the task asks for"}, **(why or {}))
    d = first_dialog or new_dialog(pid)
    d = upd(d, itype=itype)
    r.select("fill-request", "combobox", "Inspection type", itype, why["type"],
             page_fn(ck, dialog=d))
    if how_date == "type":
        d = upd(d, date=date)
        r.fill("fill-request", "textbox", "Inspection date (YYYY-MM-DD)", date, "Replace the default date with the requested date",
               page_fn(ck, dialog=d))
    elif how_date == "calendar":
        d = upd(d, cal_open=True)
        r.click("fill-request", "button", "Open calendar", "Open the date picker", page_fn(ck, dialog=d))
        d = upd(d, cal_open=False, date=date)
        r.click("fill-request", "gridcell", long_date(datetime.date.fromisoformat(date)), "Pick the requested day",
                page_fn(ck, dialog=d))
    d = upd(d, window=window)
    r.click("fill-request", "radio", WINDOWS[window], why["window"],
            page_fn(ck, dialog=d))
    b = booking(rng, d["pid"], d["itype"], d["date"], d["window"])
    ck2 = dict(ck, week=ck.get("week", 3) + 1)
    r.click("book", "button", "Book inspection", "All fields match the task; book it",
            page_fn(ck2, bookings=[b], booking_toast=b), effect="irreversible")
    return b, ck2


def insp_fn(pid):
    return lambda ck, **kw: permit_page(ck, pid, tab="inspections", **kw)


def healthy_runs(rng):
    runs = []
    T = TARGET

    # H1: header search by permit number, type the date.
    ck = dict(week=3)
    r = Run(WORKFLOW + "-healthy-01", dashboard_page(ck))
    r.fill("find-permit", "searchbox", "Search permits, addresses, inspections", T, "Search for the permit number from the task",
           dashboard_page(ck, search=T))
    r.click("find-permit", "button", "Search", "Run the search", search_page(ck, T))
    r.click("find-permit", "link", T, "Open the only result, 412 Alder Street", permit_page(ck, T))
    r.click("open-scheduler", "tab", "Inspections (4)", "Inspections are scheduled from this tab", permit_page(ck, T, tab="inspections"))
    r.click("open-scheduler", "button", "Request inspection", "Open the scheduling dialog",
            permit_page(ck, T, tab="inspections", dialog=new_dialog(T)))
    b, ck2 = fill_and_book(r, rng, ck, T, page_fn=insp_fn(T))
    r.say("report", done_msg(b), "The toast confirms the booking")
    r.success = True
    runs.append(r)

    # H2: browse the list, paginate to page 2, calendar picker.
    ck = dict(week=3)
    r = Run(WORKFLOW + "-healthy-02", list_page(ck))
    r.click("find-permit", "button", "Next page", "BP-24-01873 is not on the first page; look at the next one", list_page(ck, page=2))
    r.click("find-permit", "link", T, "This row is BP-24-01873 at 412 Alder Street (the 2023 permit below it is a different one)",
            permit_page(ck, T))
    r.click("open-scheduler", "tab", "Inspections (4)", "Go to the inspections tab", permit_page(ck, T, tab="inspections"))
    r.click("open-scheduler", "button", "Request inspection", "Open the scheduling dialog",
            permit_page(ck, T, tab="inspections", dialog=new_dialog(T)))
    b, ck2 = fill_and_book(r, rng, ck, T, how_date="calendar", page_fn=insp_fn(T))
    r.say("report", done_msg(b), "Booking confirmed by the notification")
    r.success = True
    runs.append(r)

    # H3: street filter taken from the task's address.
    ck = dict(week=3)
    r = Run(WORKFLOW + "-healthy-03", list_page(ck))
    r.fill("find-permit", "textbox", "Street name", "Alder Street", "Narrow the list to the street in the task",
           list_page(ck, draft={"street": "Alder Street"}))
    r.click("find-permit", "button", "Apply filters", "Apply the street filter", list_page(ck, applied={"street": "Alder Street"}))
    r.click("find-permit", "link", T, "412 Alder Street, permit BP-24-01873, rear addition",
            permit_page(ck, T))
    r.click("open-scheduler", "tab", "Inspections (4)", "Open inspections", permit_page(ck, T, tab="inspections"))
    r.click("open-scheduler", "button", "Request inspection", "Open the scheduling dialog",
            permit_page(ck, T, tab="inspections", dialog=new_dialog(T)))
    b, ck2 = fill_and_book(r, rng, ck, T, page_fn=insp_fn(T))
    r.say("report", done_msg(b), "Confirmed")
    r.success = True
    runs.append(r)

    # H4: address search with near misses in the results; opens the dialog, cancels, reads, reopens.
    ck = dict(week=3)
    r = Run(WORKFLOW + "-healthy-04", dashboard_page(ck))
    r.fill("find-permit", "searchbox", "Search permits, addresses, inspections", "412 Alder", "Search by the address",
           dashboard_page(ck, search="412 Alder"))
    r.press("find-permit", "searchbox", "Search permits, addresses, inspections", "Enter", "Submit the search",
            search_page(ck, "412 Alder"))
    r.click("find-permit", "link", T, "BP-24-01873 is the 2024 permit at 412 Alder Street; BP-23-01873 and 1412 Alder are different",
            permit_page(ck, T))
    r.click("open-scheduler", "tab", "Inspections (4)", "Open inspections", permit_page(ck, T, tab="inspections"))
    r.click("open-scheduler", "button", "Request inspection", "Open the scheduling dialog",
            permit_page(ck, T, tab="inspections", dialog=new_dialog(T)))
    r.click("open-scheduler", "button", "Cancel", "Close it for now; first check that Rough Electrical is still outstanding",
            permit_page(ck, T, tab="inspections"))
    r.scroll("open-scheduler", 400, "Read the required inspections list")
    r.click("open-scheduler", "button", "Request inspection", "Rough Electrical is not yet requested; reopen the dialog",
            permit_page(ck, T, tab="inspections", dialog=new_dialog(T)))
    b, ck2 = fill_and_book(r, rng, ck, T, page_fn=insp_fn(T))
    r.say("report", done_msg(b), "Booked and confirmed")
    r.success = True
    runs.append(r)

    # H5: sort the list by address so the Alder Street permits line up.
    ck = dict(week=3)
    r = Run(WORKFLOW + "-healthy-05", list_page(ck))
    r.click("find-permit", "button", "Sort by address", "Sort by address to bring Alder Street together", list_page(ck, sort="address"))
    r.click("find-permit", "link", T, "BP-24-01873, 412 Alder Street, rear addition", permit_page(ck, T))
    r.click("open-scheduler", "tab", "Inspections (4)", "Open inspections", permit_page(ck, T, tab="inspections"))
    r.click("open-scheduler", "button", "Request inspection", "Open the scheduling dialog",
            permit_page(ck, T, tab="inspections", dialog=new_dialog(T)))
    b, ck2 = fill_and_book(r, rng, ck, T, how_date="calendar", page_fn=insp_fn(T))
    r.say("report", done_msg(b), "Confirmed by the notification")
    r.success = True
    runs.append(r)

    # H6: maintenance banner; list filter by permit number; date retyped after a format error.
    ck = dict(week=3, banner=True)
    r = Run(WORKFLOW + "-healthy-06", dashboard_page(ck))
    r.click("find-permit", "link", "My permits", "Go to the permit list", list_page(ck))
    r.fill("find-permit", "textbox", "Filter by permit number or address", T, "Filter the list by the permit number",
           list_page(ck, draft={"q": T}))
    r.click("find-permit", "button", "Apply filters", "Apply it", list_page(ck, applied={"q": T}))
    r.click("find-permit", "link", T, "Only one row: BP-24-01873 at 412 Alder Street", permit_page(ck, T))
    r.click("open-scheduler", "tab", "Inspections (4)", "Open inspections", permit_page(ck, T, tab="inspections"))
    d = new_dialog(T)
    r.click("open-scheduler", "button", "Request inspection", "Open the scheduling dialog",
            permit_page(ck, T, tab="inspections", dialog=d))
    d = upd(d, itype="Rough Electrical")
    r.select("fill-request", "combobox", "Inspection type", "Rough Electrical", "Choose the type from the task",
             permit_page(ck, T, tab="inspections", dialog=d))
    d = upd(d, date="06/13/2024")
    r.fill("fill-request", "textbox", "Inspection date (YYYY-MM-DD)", "06/13/2024", "Enter the requested date",
           permit_page(ck, T, tab="inspections", dialog=d))
    d = upd(d, date="2024-06-13")
    r.fill("fill-request", "textbox", "Inspection date (YYYY-MM-DD)", "2024-06-13", "The field wants YYYY-MM-DD; retype it",
           permit_page(ck, T, tab="inspections", dialog=d))
    d = upd(d, window="Morning")
    r.click("fill-request", "radio", WINDOWS["Morning"], "Morning window, 4 slots open",
            permit_page(ck, T, tab="inspections", dialog=d))
    b = booking(rng, T, "Rough Electrical", "2024-06-13", "Morning")
    ck2 = dict(ck, week=4)
    r.click("book", "button", "Book inspection", "Everything matches; book it",
            permit_page(ck2, T, tab="inspections", bookings=[b], booking_toast=b), effect="irreversible")
    r.say("report", done_msg(b), "Booked")
    r.success = True
    runs.append(r)

    # H7: starts on the permit page; Escape raises the discard confirmation, agent keeps editing;
    # dismisses the toast before reporting.
    ck = dict(week=3)
    r = Run(WORKFLOW + "-healthy-07", permit_page(ck, T))
    fn = insp_fn(T)
    r.click("open-scheduler", "tab", "Inspections (4)", "Already on BP-24-01873; open inspections", fn(ck))
    d = new_dialog(T)
    r.click("open-scheduler", "button", "Request inspection", "Open the scheduling dialog", fn(ck, dialog=d))
    d = upd(d, itype="Rough Electrical")
    r.select("fill-request", "combobox", "Inspection type", "Rough Electrical", "Choose the type", fn(ck, dialog=d))
    d = upd(d, cal_open=True)
    r.click("fill-request", "button", "Open calendar", "Look at the calendar", fn(ck, dialog=d))
    r.press("fill-request", "gridcell", "Thursday, June 13, 2024", "Escape", "Close the calendar popup with Escape",
            fn(ck, dialog=d, discard_confirm=True))
    d = upd(d, cal_open=False)
    r.click("fill-request", "button", "Keep editing", "I do not want to lose the request; keep editing", fn(ck, dialog=d))
    d = upd(d, date="2024-06-13")
    r.fill("fill-request", "textbox", "Inspection date (YYYY-MM-DD)", "2024-06-13", "Type the date instead", fn(ck, dialog=d))
    d = upd(d, window="Morning")
    r.click("fill-request", "radio", WINDOWS["Morning"], "Morning window", fn(ck, dialog=d))
    b = booking(rng, T, "Rough Electrical", "2024-06-13", "Morning")
    ck2 = dict(ck, week=4)
    r.click("book", "button", "Book inspection", "Book it", fn(ck2, bookings=[b], booking_toast=b), effect="irreversible")
    r.click("book", "button", "Dismiss notification", "Note the confirmation number and clear the notice", fn(ck2, bookings=[b]))
    r.say("report", done_msg(b), "The new row shows Scheduled for Jun 13, morning")
    r.success = True
    runs.append(r)

    # H8: from the dashboard via the inspections calendar; the permit is picked inside the dialog.
    ck = dict(week=3, banner=True)
    r = Run(WORKFLOW + "-healthy-08", dashboard_page(ck))
    cal = lambda ck, **kw: calendar_page(ck, **kw)
    r.click("open-scheduler", "link", "Inspections calendar", "Inspections can be requested from the calendar", cal(ck))
    d = new_dialog(None)
    r.click("open-scheduler", "button", "Request inspection", "Open the scheduling dialog", cal(ck, dialog=d))
    d = upd(d, pid=T)
    r.select("find-permit", "combobox", "Permit", "BP-24-01873 · 412 Alder Street",
             "Pick the permit: BP-24-01873 at 412 Alder Street, not BP-23-01873 at the same address", cal(ck, dialog=d))
    b, ck2 = fill_and_book(r, rng, ck, T, page_fn=cal, first_dialog=d)
    r.say("report", done_msg(b), "The calendar shows it on Thursday morning and the toast confirms it")
    r.success = True
    runs.append(r)
    return runs


def faulty_runs(rng):
    runs = []
    T = TARGET

    def label(r, fault, step, expected):
        assert step == expected, (r.rid, step, expected)
        r.fault, r.first = fault, step

    # F1 wrong_record: address search, opens BP-24-01837 (421 Alder Street).
    ck = dict(week=3)
    N = "BP-24-01837"
    r = Run(WORKFLOW + "-wrong_record-01", dashboard_page(ck))
    r.fill("find-permit", "searchbox", "Search permits, addresses, inspections", "Alder Street", "Search for the street",
           dashboard_page(ck, search="Alder Street"))
    r.press("find-permit", "searchbox", "Search permits, addresses, inspections", "Enter", "Submit the search",
            search_page(ck, "Alder Street"))
    s = r.click("find-permit", "link", N, "First Alder Street result with new circuits; this looks like the permit",
                permit_page(ck, N))
    label(r, "wrong_record", s, 2)
    r.click("open-scheduler", "tab", "Inspections (2)", "Open inspections", permit_page(ck, N, tab="inspections"))
    r.click("open-scheduler", "button", "Request inspection", "Open the scheduling dialog",
            permit_page(ck, N, tab="inspections", dialog=new_dialog(N)))
    b, _ = fill_and_book(r, rng, ck, N, page_fn=insp_fn(N))
    r.say("report", done_msg(b), "The toast confirms the booking")
    r.success = False
    runs.append(r)

    # F2 wrong_record: browses to page 2 and opens BP-23-01873 (same address, last year's permit).
    ck = dict(week=3)
    N = "BP-23-01873"
    r = Run(WORKFLOW + "-wrong_record-02", list_page(ck))
    r.click("find-permit", "button", "Next page", "Look on the next page", list_page(ck, page=2))
    s = r.click("find-permit", "link", N, "412 Alder Street, permit number ending 01873", permit_page(ck, N))
    label(r, "wrong_record", s, 1)
    r.click("open-scheduler", "tab", "Inspections (3)", "Open inspections", permit_page(ck, N, tab="inspections"))
    r.click("open-scheduler", "button", "Request inspection", "Open the scheduling dialog",
            permit_page(ck, N, tab="inspections", dialog=new_dialog(N)))
    b, _ = fill_and_book(r, rng, ck, N, how_date="calendar", page_fn=insp_fn(N))
    r.say("report", done_msg(b), "Booked")
    r.success = False
    runs.append(r)

    # F3 wrong_value: right permit, but Final Electrical instead of Rough Electrical.
    ck = dict(week=3)
    r = Run(WORKFLOW + "-wrong_value-01", dashboard_page(ck))
    r.fill("find-permit", "searchbox", "Search permits, addresses, inspections", T, "Search for the permit number",
           dashboard_page(ck, search=T))
    r.click("find-permit", "button", "Search", "Run the search", search_page(ck, T))
    r.click("find-permit", "link", T, "Open the result", permit_page(ck, T))
    r.click("open-scheduler", "tab", "Inspections (4)", "Open inspections", permit_page(ck, T, tab="inspections"))
    r.click("open-scheduler", "button", "Request inspection", "Open the scheduling dialog",
            permit_page(ck, T, tab="inspections", dialog=new_dialog(T)))
    b, _ = fill_and_book(r, rng, ck, T, page_fn=insp_fn(T), itype="Final Electrical",
                         why={"type": "The task wants an electrical inspection; pick Final Electrical"})
    label(r, "wrong_value", 5, 5)
    assert r.steps[5]["action"]["command"].startswith("select_option")
    r.say("report", done_msg(b), "Booked")
    r.success = False
    runs.append(r)

    # F4 wrong_value: right permit, type and day, but the afternoon window.
    ck = dict(week=3)
    r = Run(WORKFLOW + "-wrong_value-02", list_page(ck))
    r.fill("find-permit", "textbox", "Filter by permit number or address", T, "Filter by the permit number",
           list_page(ck, draft={"q": T}))
    r.click("find-permit", "button", "Apply filters", "Apply it", list_page(ck, applied={"q": T}))
    r.click("find-permit", "link", T, "Open the permit", permit_page(ck, T))
    r.click("open-scheduler", "tab", "Inspections (4)", "Open inspections", permit_page(ck, T, tab="inspections"))
    r.click("open-scheduler", "button", "Request inspection", "Open the scheduling dialog",
            permit_page(ck, T, tab="inspections", dialog=new_dialog(T)))
    b, _ = fill_and_book(r, rng, ck, T, how_date="calendar", page_fn=insp_fn(T), window="Afternoon",
                         why={"window": "Pick the window for the 13th"})
    label(r, "wrong_value", 8, 8)
    assert r.steps[8]["action"]["target"] == "radio 'Afternoon (12:00 PM – 4:00 PM)'"
    r.say("report", done_msg(b), "Booked")
    r.success = False
    runs.append(r)

    # F5 silent_noop: Book inspection closes the dialog and nothing is saved; agent reports success.
    ck = dict(week=3)
    r = Run(WORKFLOW + "-silent_noop-01", dashboard_page(ck))
    fn = insp_fn(T)
    r.click("find-permit", "link", "My permits", "Go to the permit list", list_page(ck))
    r.click("find-permit", "button", "Next page", "Not on page 1", list_page(ck, page=2))
    r.click("find-permit", "link", T, "BP-24-01873 at 412 Alder Street", permit_page(ck, T))
    r.click("open-scheduler", "tab", "Inspections (4)", "Open inspections", fn(ck))
    d = new_dialog(T)
    r.click("open-scheduler", "button", "Request inspection", "Open the scheduling dialog", fn(ck, dialog=d))
    d = upd(d, itype="Rough Electrical")
    r.select("fill-request", "combobox", "Inspection type", "Rough Electrical", "Choose the type", fn(ck, dialog=d))
    d = upd(d, date="2024-06-13")
    r.fill("fill-request", "textbox", "Inspection date (YYYY-MM-DD)", "2024-06-13", "Requested date", fn(ck, dialog=d))
    d = upd(d, window="Morning")
    r.click("fill-request", "radio", WINDOWS["Morning"], "Morning window", fn(ck, dialog=d))
    s = r.click("book", "button", "Book inspection", "Book it", fn(ck), effect="irreversible")
    label(r, "silent_noop", s, 8)
    r.say("report", "Booked: Rough Electrical inspection for permit BP-24-01873 (412 Alder Street) on Thu, Jun 13, 2024, "
                    "morning window (8:00 AM – 12:00 PM).", "The dialog closed, so the booking went through")
    r.success = False
    runs.append(r)

    # F6 unrequested_filter: agent narrows the list to Electrical permits; the target is a Building permit.
    ck = dict(week=3)
    r = Run(WORKFLOW + "-unrequested_filter-01", list_page(ck))
    s = r.select("find-permit", "combobox", "Permit type", "Electrical", "It is an electrical inspection, so show electrical permits",
                 list_page(ck, draft={"ptype": "Electrical"}))
    label(r, "unrequested_filter", s, 0)
    r.click("find-permit", "button", "Apply filters", "Apply the type filter", list_page(ck, applied={"ptype": "Electrical"}))
    r.fill("find-permit", "textbox", "Filter by permit number or address", "412 Alder", "Not listed; narrow by the address",
           list_page(ck, applied={"ptype": "Electrical"}, draft={"q": "412 Alder"}))
    r.click("find-permit", "button", "Apply filters", "Apply", list_page(ck, applied={"ptype": "Electrical", "q": "412 Alder"}))
    r.say("report", "I could not find permit BP-24-01873 at 412 Alder Street among your permits, so no inspection was booked.",
          "No permits match")
    r.success = False
    runs.append(r)

    # F7 stale_filter: the list opens with a saved Status = Under review filter (visible on the start page).
    ck = dict(week=3)
    N = "BP-24-01973"
    r = Run(WORKFLOW + "-stale_filter-01", list_page(ck, applied={"status": "Under review"}, restored=True))
    r.click("find-permit", "link", N, "The only Alder Street permit listed; check whether it is the one",
            permit_page(ck, N))
    label(r, "stale_filter", 0, 0)
    r.click("open-scheduler", "tab", "Inspections (0)", "Open inspections", permit_page(ck, N, tab="inspections"))
    r.say("report", "I could not book the inspection: the Alder Street permit is still under review, and PermitDesk only "
                    "accepts inspection requests once a permit is issued.", "Request inspection is disabled")
    r.success = False
    runs.append(r)

    # F8 permission_denied: Request inspection leads to a 403 page, twice.
    ck = dict(week=3)
    fn = insp_fn(T)
    r = Run(WORKFLOW + "-permission_denied-01", permit_page(ck, T))
    r.click("open-scheduler", "tab", "Inspections (4)", "Open inspections", fn(ck))
    s = r.click("open-scheduler", "button", "Request inspection", "Open the scheduling dialog", forbidden_page(ck, T))
    label(r, "permission_denied", s, 1)
    r.click("open-scheduler", "link", "Back to permit " + T, "Go back and try once more", fn(ck))
    r.click("open-scheduler", "button", "Request inspection", "Retry", forbidden_page(ck, T))
    r.say("report", "I could not book it: PermitDesk says Keel & Plumb Builders no longer has permission to schedule "
                    "inspections on BP-24-01873 (the contractor of record changed today).", "Blocked by a 403 page")
    r.success = False
    runs.append(r)

    # F9 session_expired: the sign-in page appears when booking.
    ck = dict(week=3)
    fn = insp_fn(T)
    r = Run(WORKFLOW + "-session_expired-01", dashboard_page(ck))
    r.fill("find-permit", "searchbox", "Search permits, addresses, inspections", T, "Search for the permit",
           dashboard_page(ck, search=T))
    r.press("find-permit", "searchbox", "Search permits, addresses, inspections", "Enter", "Submit", search_page(ck, T))
    r.click("find-permit", "link", T, "Open the result", permit_page(ck, T))
    r.click("open-scheduler", "tab", "Inspections (4)", "Open inspections", fn(ck))
    d = new_dialog(T)
    r.click("open-scheduler", "button", "Request inspection", "Open the scheduling dialog", fn(ck, dialog=d))
    d = upd(d, itype="Rough Electrical")
    r.select("fill-request", "combobox", "Inspection type", "Rough Electrical", "Choose the type", fn(ck, dialog=d))
    d = upd(d, date="2024-06-13")
    r.fill("fill-request", "textbox", "Inspection date (YYYY-MM-DD)", "2024-06-13", "Requested date", fn(ck, dialog=d))
    d = upd(d, window="Morning")
    r.click("fill-request", "radio", WINDOWS["Morning"], "Morning window", fn(ck, dialog=d))
    s = r.click("book", "button", "Book inspection", "Book it", signin_page("/permits/%s/inspections" % T), effect="irreversible")
    label(r, "session_expired", s, 8)
    r.say("report", "I pressed Book inspection but PermitDesk signed me out; the Rough Electrical inspection for "
                    "BP-24-01873 is probably booked for Thu, Jun 13, morning.", "The form was complete when I pressed Book")
    r.success = False
    runs.append(r)

    # F10 premature_success: reports before pressing Book inspection.
    ck = dict(week=3)
    fn = insp_fn(T)
    r = Run(WORKFLOW + "-premature_success-01", list_page(ck))
    r.click("find-permit", "button", "Sort by address", "Sort by address", list_page(ck, sort="address"))
    r.click("find-permit", "link", T, "BP-24-01873 at 412 Alder Street", permit_page(ck, T))
    r.click("open-scheduler", "tab", "Inspections (4)", "Open inspections", fn(ck))
    d = new_dialog(T)
    r.click("open-scheduler", "button", "Request inspection", "Open the scheduling dialog", fn(ck, dialog=d))
    d = upd(d, itype="Rough Electrical")
    r.select("fill-request", "combobox", "Inspection type", "Rough Electrical", "Choose the type", fn(ck, dialog=d))
    d = upd(d, date="2024-06-13")
    r.fill("fill-request", "textbox", "Inspection date (YYYY-MM-DD)", "2024-06-13", "Requested date", fn(ck, dialog=d))
    d = upd(d, window="Morning")
    r.click("fill-request", "radio", WINDOWS["Morning"], "Morning window", fn(ck, dialog=d))
    s = r.say("report", "Done: Rough Electrical inspection for BP-24-01873 (412 Alder Street) is set for Thu, Jun 13, 2024, "
                        "morning window (8:00 AM – 12:00 PM).", "Everything is filled in as requested")
    label(r, "premature_success", s, 7)
    r.success = False
    runs.append(r)

    # F11 skipped_step: never sets the date; books the default (Wed, Jun 12) and reports Jun 13.
    ck = dict(week=3, banner=True)
    fn = insp_fn(T)
    r = Run(WORKFLOW + "-skipped_step-01", dashboard_page(ck))
    r.click("find-permit", "link", "My permits", "Go to the permit list", list_page(ck))
    r.fill("find-permit", "textbox", "Street name", "Alder Street", "Narrow to the street",
           list_page(ck, draft={"street": "Alder Street"}))
    r.click("find-permit", "button", "Apply filters", "Apply", list_page(ck, applied={"street": "Alder Street"}))
    r.click("find-permit", "link", T, "412 Alder Street, BP-24-01873", permit_page(ck, T))
    r.click("open-scheduler", "tab", "Inspections (4)", "Open inspections", fn(ck))
    d = new_dialog(T)
    r.click("open-scheduler", "button", "Request inspection", "Open the scheduling dialog", fn(ck, dialog=d))
    d = upd(d, itype="Rough Electrical")
    r.select("fill-request", "combobox", "Inspection type", "Rough Electrical", "Choose the type", fn(ck, dialog=d))
    d = upd(d, window="Morning")
    r.click("fill-request", "radio", WINDOWS["Morning"], "Morning window", fn(ck, dialog=d))
    b = booking(rng, T, "Rough Electrical", DEFAULT_DATE, "Morning")
    ck2 = dict(ck, week=4)
    s = r.click("book", "button", "Book inspection", "Type and window are set; book it",
                fn(ck2, bookings=[b], booking_toast=b), effect="irreversible")
    label(r, "skipped_step", s, 8)
    r.say("report", "Booked: Rough Electrical inspection for BP-24-01873 (412 Alder Street) on Thu, Jun 13, 2024, morning "
                    "window. Confirmation %s." % b["conf"], "The toast confirms the booking")
    r.success = False
    runs.append(r)

    # F12 dialog_mishandled: Escape raises the discard confirmation; agent discards, then reports success.
    ck = dict(week=3)
    fn = insp_fn(T)
    r = Run(WORKFLOW + "-dialog_mishandled-01", dashboard_page(ck))
    r.fill("find-permit", "searchbox", "Search permits, addresses, inspections", "412 Alder", "Search by address",
           dashboard_page(ck, search="412 Alder"))
    r.click("find-permit", "button", "Search", "Run the search", search_page(ck, "412 Alder"))
    r.click("find-permit", "link", T, "The 2024 permit at 412 Alder Street", permit_page(ck, T))
    r.click("open-scheduler", "tab", "Inspections (4)", "Open inspections", fn(ck))
    d = new_dialog(T)
    r.click("open-scheduler", "button", "Request inspection", "Open the scheduling dialog", fn(ck, dialog=d))
    d = upd(d, itype="Rough Electrical")
    r.select("fill-request", "combobox", "Inspection type", "Rough Electrical", "Choose the type", fn(ck, dialog=d))
    d = upd(d, cal_open=True)
    r.click("fill-request", "button", "Open calendar", "Open the date picker", fn(ck, dialog=d))
    r.press("fill-request", "gridcell", "Thursday, June 13, 2024", "Escape", "Close the calendar popup",
            fn(ck, dialog=d, discard_confirm=True))
    s = r.click("fill-request", "button", "Discard request", "Dismiss this popup to get back to the form", fn(ck))
    label(r, "dialog_mishandled", s, 8)
    r.say("report", "Booked: Rough Electrical inspection for BP-24-01873 (412 Alder Street) on Thu, Jun 13, 2024, "
                    "morning window.", "Scheduling is finished")
    r.success = False
    runs.append(r)
    return runs


def build(out_dir):
    rng = random.Random(SEED)
    runs = healthy_runs(rng) + faulty_runs(rng)
    os.makedirs(os.path.join(out_dir, "plans"), exist_ok=True)
    with open(os.path.join(out_dir, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    with open(os.path.join(out_dir, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in runs:
            f.write(json.dumps(r.record(), ensure_ascii=False, sort_keys=False) + "\n")
    return runs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    runs = build(args.out)
    print("wrote %d runs to %s" % (len(runs), os.path.join(args.out, "corpus.jsonl")))


if __name__ == "__main__":
    main()
