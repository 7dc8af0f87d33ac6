#!/usr/bin/env python3
"""Generate the Cityline Desk held-out corpus (workflow: cityline_merge).

Cityline Desk is an (invented) 311 service-request triage console for the city of
Port Halvard.  The workflow: merge duplicate request SR-24-081376 into the original
request SR-24-081352, keep the original's category and assignee, notify the
duplicate's reporter.

Python 3 standard library only.  Fixed seed; byte-for-byte reproducible.

    python3 make_corpus.py              # writes ./corpus.jsonl and ./plans/cityline_merge.yaml
    python3 make_corpus.py --out DIR    # writes the same files under DIR
"""
import argparse
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 3110311
WORKFLOW = "cityline_merge"
PLAN_REL = "plans/%s.yaml" % WORKFLOW
BASE = "http://127.0.0.1:8000/desk"
PRODUCT = "Cityline Desk"
USER = "Dana Whitfield"

DUP = "SR-24-081376"
ORIG = "SR-24-081352"

TASK = ("In the Ward 6 triage queue, merge duplicate request SR-24-081376 into the "
        "original request SR-24-081352. Keep the original's category and assignee, "
        "and notify the duplicate's reporter that their request was merged.")

# ---------------------------------------------------------------------------
# The plan.  Written from the task text and the healthy pages only, before any
# faulty run existed, and not edited afterwards.
# ---------------------------------------------------------------------------
PLAN_YAML = """\
# Plan for the Cityline Desk duplicate-merge workflow (cityline_merge).
# Written from the task text and the healthy runs' pages only.
task: "In the Ward 6 triage queue, merge duplicate request SR-24-081376 into the original request SR-24-081352. Keep the original's category and assignee, and notify the duplicate's reporter that their request was merged."
plan_falsifiers:
  execution:
    - "Sign in – Cityline Desk"
    - Your session has expired. Sign in again.
    - Something went wrong
    - You do not have permission to merge requests
commitments:
  - id: open-duplicate
    subgoal: Find and open duplicate request SR-24-081376 in the Ward 6 queue
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - Triage queue
      progress:
        - "Search results for SR-24-081376"
        - "Ward 6"
      completion:
        - Request SR-24-081376
        - "Reporter: Marisol Trevino"
    falsify:
      execution:
        - Request SR-24-081367
        - Request SR-24-018376
        - SR-24-081367
        - No requests match
        - "SR-24-081376 is not in the list"
      planning:
        - SR-24-081376 is already closed as Duplicate
  - id: look-up-original
    subgoal: Open the merge dialog on SR-24-081376 and look up original SR-24-081352
    skill: fill_and_lookup
    confidence: 0.7
    confirm:
      precondition:
        - Request SR-24-081376
      progress:
        - Merge SR-24-081376 into another request
      completion:
        - "Original request SR-24-081352 · Street Defect – Pothole · 1418 Alder Ave"
        - "Assignee: Crew 7 – R. Okafor"
    falsify:
      execution:
        - SR-24-081357
        - SR-24-081367
        - 1481 Alder Ave
        - 1418 Alder Ct
        - No request found with that number
        - {text: "Merge into SR-24-081357", on: action}
        - {text: "Merge into SR-24-081367", on: action}
        - {text: "fill Original request number with a number other than SR-24-081352", on: action}
      skill:
        - Merge into another request is not available
  - id: set-merge-options
    subgoal: Keep the original's category and assignee and tick notify-reporter
    confidence: 0.6
    confirm:
      precondition:
        - Category after merge
      progress:
        - "Keep original: Street Defect – Pothole is selected"
        - "Keep original: Crew 7 – R. Okafor is selected"
      completion:
        - "Notify reporter of SR-24-081376 (Marisol Trevino) by email is checked"
    falsify:
      execution:
        - {text: "Use duplicate: Sidewalk Damage", on: action}
        - {text: "Use duplicate: Crew 3 – J. Lindqvist", on: action}
        - "Use duplicate: Sidewalk Damage is selected"
        - "Use duplicate: Crew 3 – J. Lindqvist is selected"
        - {text: "click Merge requests while Notify reporter is unchecked", on: action}
  - id: confirm-merge
    subgoal: Merge, confirm only this duplicate, and check the original shows it
    confidence: 0.6
    confirm:
      precondition:
        - Merge requests
      progress:
        - Confirm merge
        - "Notify Marisol Trevino: Yes"
      completion:
        - SR-24-081376 was merged into SR-24-081352
        - Marisol Trevino was notified
        - Request SR-24-081352
    falsify:
      execution:
        - {text: "Merge all matches", on: action}
        - "Notify Marisol Trevino: No"
        - Reporter was not notified
        - Merge failed
        - No confirmation message appears after the merge
        - Request SR-24-081376 still shows status Routed after the merge
        - "Merged duplicates does not list SR-24-081376"
        - "Category: Sidewalk Damage on SR-24-081352"
        - "Assignee: Crew 3 – J. Lindqvist on SR-24-081352"
      planning:
        - SR-24-081352 is closed
  - id: report
    subgoal: Tell the user the merge is done
    confidence: 0.7
    confirm:
      completion:
        - SR-24-081376 was merged into SR-24-081352
    falsify:
      execution:
        - {text: "report success while the Confirm merge dialog is still open", on: action}
        - {text: "report success before the merged toast is shown", on: action}
"""

# ---------------------------------------------------------------------------
# Application data
# ---------------------------------------------------------------------------
# id: (category, address, ward, reported_key, reported_text, sla_minutes or None,
#      sla_text, status, assignee)
ROWS = {
    "SR-24-081383": ("Blocked Storm Drain", "1420 Alder Ave", 6, "1014-0931", "Oct 14, 09:31", 190, "Emergency · 3h 10m left", "New", "Unassigned"),
    "SR-24-081380": ("Missed Collection", "22 Birch Row", 4, "1014-0927", "Oct 14, 09:27", 360, "Paused · 6h", "Reopened – pickup failed", "Sanitation Route 12"),
    "SR-24-081376": ("Sidewalk Damage", "1418 Alder Ave", 6, "1014-0913", "Oct 14, 09:13", 4200, "Paused · 2d 22h", "Routed", "Crew 3 – J. Lindqvist"),
    "SR-24-081371": ("Noise Complaint", "310 Quay St", 2, "1014-0902", "Oct 14, 09:02", None, "—", "Cancelled by reporter", "—"),
    "SR-24-081367": ("Street Defect – Pothole", "1418 Alder Ct", 6, "1014-0840", "Oct 14, 08:40", 2820, "Paused · 1d 23h", "Assigned", "Crew 7 – R. Okafor"),
    "SR-24-081362": ("Water Main Leak", "9 Harbor Ln", 1, "1014-0831", "Oct 14, 08:31", 100, "Emergency · 1h 40m left", "Escalated", "Water Ops On-call"),
    "SR-24-081357": ("Street Defect – Pothole", "1481 Alder Ave", 6, "1014-0805", "Oct 14, 08:05", 1800, "Paused · 1d 6h", "Assigned", "Crew 7 – R. Okafor"),
    "SR-24-081352": ("Street Defect – Pothole", "1418 Alder Ave", 6, "1014-0752", "Oct 14, 07:52", 1620, "Paused · 1d 3h", "Assigned", "Crew 7 – R. Okafor"),
    "SR-24-081349": ("Abandoned Vehicle", "77 Cannery Rd", 3, "1014-0740", "Oct 14, 07:40", 1320, "Paused · 22h", "In progress", "Parking Enf. – T. Mbeki"),
    "SR-24-081344": ("Fallen Tree", "501 Ridge Dr", 5, "1014-0712", "Oct 14, 07:12", 55, "Emergency · 55m left", "Assigned", "Crew 2 – S. Varga"),
    "SR-24-081338": ("Streetlight Out", "140 Alder Ave", 6, "1014-0648", "Oct 14, 06:48", 5820, "Paused · 4d 1h", "New", "Unassigned"),
    "SR-24-081331": ("Graffiti Removal", "12 Ferry Sq", 2, "1014-0615", "Oct 14, 06:15", 7200, "Paused · 5d", "Routed", "Graffiti Team B"),
    "SR-24-081325": ("Streetlight Out", "1418 Alder Ave", 6, "1013-2358", "Oct 13, 23:58", None, "—", "Cancelled – duplicate of SR-24-081290", "—"),
    "SR-24-081319": ("Traffic Signal Fault", "Alder Ave & 14th St", 6, "1013-2240", "Oct 13, 22:40", -415, "Overdue 6h 55m", "Escalated", "Signals On-call"),
    "SR-24-081314": ("Missed Collection", "1418 Alder Ave", 6, "1013-2105", "Oct 13, 21:05", 2220, "Paused · 1d 9h", "Assigned", "Sanitation Route 7"),
    "SR-24-081308": ("Illegal Dumping", "3 Wharf Alley", 1, "1013-2011", "Oct 13, 20:11", -75, "Overdue 1h 15m", "Assigned", "Crew 5 – L. Duarte"),
    "SR-24-081301": ("Street Defect – Pothole", "88 Spruce Ter", 5, "1013-1947", "Oct 13, 19:47", 1080, "Paused · 18h", "Assigned", "Crew 2 – S. Varga"),
    "SR-24-081296": ("Sidewalk Damage", "1614 Alder Ave", 6, "1013-1830", "Oct 13, 18:30", 3120, "Paused · 2d 4h", "Routed", "Crew 3 – J. Lindqvist"),
    "SR-24-081290": ("Streetlight Out", "1418 Alder Ave", 6, "1013-1755", "Oct 13, 17:55", 4440, "Paused · 3d 2h", "Assigned", "Electrical – K. Ito"),
    "SR-24-081284": ("Dead Animal Pickup", "45 Orchard Way", 4, "1013-1720", "Oct 13, 17:20", None, "—", "Closed – failed visit", "—"),
    "SR-24-081277": ("Blocked Storm Drain", "19 Canal St", 1, "1013-1602", "Oct 13, 16:02", -550, "Overdue 9h 10m", "Escalated", "Crew 5 – L. Duarte"),
}

DETAILS = {
    "SR-24-081376": {
        "reporter": "Marisol Trevino", "contact": "m.trevino@example.net · (555) 014-2298",
        "channel": "Mobile app", "target": "Oct 17, 07:13",
        "desc": "Deep pothole in the bike lane in front of 1418. Someone already went over it this morning and the cones are gone.",
        "activity": [
            "09:13 Created via mobile app by Marisol Trevino",
            "09:13 Auto-routed to Crew 3 – J. Lindqvist (rule: Sidewalk Damage → Crew 3)",
            "09:14 Photo upload failed (timeout), retried automatically",
            "09:14 Photo upload succeeded (2 photos)",
            "09:20 SLA clock paused: storm mode",
            "09:21 Duplicate check found 4 possible matches within 250 m",
        ],
        "dups": [("SR-24-081352", "0 m"), ("SR-24-081383", "15 m"), ("SR-24-081357", "95 m"), ("SR-24-081367", "210 m")],
    },
    "SR-24-081352": {
        "reporter": "Harold Benning", "contact": "(555) 013-7741 · no email on file",
        "channel": "Phone (agent K. Brandt)", "target": "Oct 15, 12:52",
        "desc": "Caller reports a large pothole at the curb lane outside 1418 Alder Ave, about 60 cm across. Cyclists swerving into traffic.",
        "activity": [
            "07:52 Created by phone (agent K. Brandt) for Harold Benning",
            "07:55 Category set to Street Defect – Pothole",
            "08:02 Assigned to Crew 7 – R. Okafor",
            "08:31 Crew note: cones placed, cold patch scheduled after the storm",
            "09:20 SLA clock paused: storm mode",
        ],
        "dups": [("SR-24-081376", "0 m"), ("SR-24-081383", "15 m"), ("SR-24-081357", "95 m"), ("SR-24-081367", "210 m")],
    },
    "SR-24-081367": {
        "reporter": "Teodor Haas", "contact": "teo.haas@example.org",
        "channel": "Web form", "target": "Oct 16, 08:40",
        "desc": "Pothole at the entrance to Alder Ct, near the fire hydrant. Getting bigger with the rain.",
        "activity": [
            "08:40 Created via web form by Teodor Haas",
            "08:41 Assigned to Crew 7 – R. Okafor",
            "09:20 SLA clock paused: storm mode",
        ],
        "dups": [("SR-24-081352", "210 m"), ("SR-24-081376", "210 m"), ("SR-24-081357", "240 m")],
    },
    "SR-24-081357": {
        "reporter": "Priya Raman", "contact": "priya.r@example.com",
        "channel": "Mobile app", "target": "Oct 15, 15:05",
        "desc": "Pothole opposite 1481 Alder Ave, by the bus stop.",
        "activity": [
            "08:05 Created via mobile app by Priya Raman",
            "08:09 Assigned to Crew 7 – R. Okafor",
            "09:20 SLA clock paused: storm mode",
        ],
        "dups": [("SR-24-081352", "95 m"), ("SR-24-081376", "95 m"), ("SR-24-081367", "240 m")],
    },
}

STORM_DEFAULT = ("Storm mode is on for all wards until 18:00. SLA clocks for non-emergency "
                 "categories are paused; emergency categories keep running.")
STORM_EXTENDED = ("Storm mode extended by Operations until 20:00. SLA clocks for non-emergency "
                  "categories stay paused; emergency categories keep running.")


# ---------------------------------------------------------------------------
# Accessibility-tree builder (BrowserGym-style flattened AXTree)
# ---------------------------------------------------------------------------
class Page:
    def __init__(self, url, title, first_bid):
        self.url = url
        self.title = title
        self.lines = ["RootWebArea %r, focused" % title]
        self.next = first_bid
        self.index = []  # (bid, role, name)
        self.error = None

    def n(self, depth, role, name="", *props):
        bid = str(self.next)
        self.next += 1
        line = "%s[%s] %s %r" % ("\t" * depth, bid, role, name)
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        self.index.append((bid, role, name))
        return bid

    def t(self, depth, text):
        return self.n(depth, "StaticText", text)

    def find(self, role, name, nth=0):
        hits = [b for (b, r, nm) in self.index if r == role and nm == name]
        if len(hits) <= nth:
            raise KeyError("no %s %r on page %s" % (role, name, self.title))
        return hits[nth]

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": error}


class Ctx:
    """Per-run furniture: clock, notification count, role, storm banner."""

    def __init__(self, rid, role="Triage lead", storm=STORM_DEFAULT):
        self.rng = random.Random("%d/%s" % (SEED, rid))
        self.role = role
        self.storm = storm
        self.sec = 9 * 3600 + 38 * 60 + self.rng.randint(0, 170)
        self.notif = self.rng.randint(2, 6)
        self.open_count = 214
        self.first_bid = self.rng.choice([11, 13, 17, 21, 24])

    def tick(self):
        self.sec += self.rng.randint(4, 19)
        h, rem = divmod(self.sec, 3600)
        m, s = divmod(rem, 60)
        return "%02d:%02d:%02d" % (h, m, s)

    def hhmm(self):
        h, rem = divmod(self.sec, 3600)
        return "%02d:%02d" % (h, rem // 60)


def chrome_top(p, ctx, crumbs, search_value=""):
    p.n(1, "banner", "")
    p.n(2, "link", "Cityline Desk home")
    p.t(2, "Port Halvard 311 · Service request triage")
    p.n(2, "search", "")
    if search_value:
        p.n(3, "textbox", "Search requests", "value=%r" % search_value)
    else:
        p.n(3, "textbox", "Search requests", "placeholder='Request #, address or reporter'")
    p.n(3, "button", "Search")
    p.n(2, "button", "Notifications (%d)" % ctx.notif, "hasPopup='menu'", "expanded=False")
    p.n(2, "button", "%s · %s" % (USER, ctx.role), "hasPopup='menu'", "expanded=False")
    p.n(1, "navigation", "Main")
    for item in ("Triage queue", "Map (list view)", "Crews", "Reports", "Settings"):
        p.n(2, "link", item)
    p.n(1, "region", "Storm mode")
    p.t(2, ctx.storm)
    p.n(2, "link", "Storm mode details")
    if ctx.role == "Viewer":
        p.n(1, "region", "Role notice")
        p.t(2, "You are signed in with the Viewer role. You can look at requests, but "
               "merging, assigning and closing are turned off for this account.")
        p.n(2, "link", "Request a role change")
    p.n(1, "navigation", "Breadcrumb")
    p.n(2, "link", "Home")
    for c in crumbs[:-1]:
        p.n(2, "link", c)
    p.t(2, crumbs[-1])


def chrome_bottom(p, ctx):
    p.n(1, "contentinfo", "")
    p.t(2, "Cityline Desk 4.12.3 · Port Halvard Department of Public Works")
    p.n(2, "link", "Accessibility statement")
    p.n(2, "link", "Privacy")
    p.n(2, "link", "Report a problem with this console")
    p.t(2, "Last sync %s" % ctx.tick())


def toast(p, text, dismiss=True):
    p.n(1, "status", "")
    p.t(2, text)
    if dismiss:
        p.n(2, "button", "Dismiss")


def map_list(p, depth, heading):
    p.n(depth, "region", "Map (list view)")
    p.n(depth + 1, "heading", heading)
    p.t(depth + 1, "Map tiles are off in storm mode; showing pins as a list.")
    p.n(depth + 1, "list", "")
    pins = [
        "Pin A · Alder Ave 1400 block · SR-24-081383, SR-24-081376, SR-24-081352, SR-24-081314, SR-24-081290",
        "Pin B · Alder Ave 1480 block · SR-24-081357",
        "Pin C · Alder Ct · SR-24-081367",
        "Pin D · Alder Ave & 14th St · SR-24-081319 (overdue)",
        "Pin E · 140 Alder Ave · SR-24-081338",
    ]
    for pin in pins:
        p.n(depth + 2, "listitem", pin)
    p.n(depth + 1, "link", "Open full map")


# ---------------------------------------------------------------------------
# Queue page
# ---------------------------------------------------------------------------
CATEGORIES = ["All categories", "Blocked Storm Drain", "Sidewalk Damage", "Street Defect – Pothole",
              "Streetlight Out", "Missed Collection", "Traffic Signal Fault"]
WARDS = ["All wards"] + ["Ward %d" % i for i in range(1, 8)]
STATUSES = ["All statuses", "New", "Routed", "Assigned", "Escalated", "Overdue"]


def sorted_ids(sort):
    ids = list(ROWS)
    if sort == "reported_desc":
        ids.sort(key=lambda i: ROWS[i][3], reverse=True)
    elif sort == "sla_asc":
        ids.sort(key=lambda i: (ROWS[i][5] is None, ROWS[i][5] if ROWS[i][5] is not None else 0, i))
    elif sort == "number_desc":
        ids.sort(reverse=True)
    return ids


def page_queue(ctx, sort="reported_desc", page=1, ward="All wards", cat="All categories",
               shown_ward=None, shown_cat=None, toast_text=None):
    qs = "sort=%s&page=%d" % (sort, page)
    if ward != "All wards":
        qs += "&ward=%s" % ward.split()[-1]
    if cat != "All categories":
        qs += "&category=%s" % cat.split()[-1].lower()
    p = Page("%s/queue?%s" % (BASE, qs), "Triage queue – Cityline Desk", ctx.first_bid)
    chrome_top(p, ctx, ["Triage queue"])
    p.n(1, "main", "")
    p.n(2, "heading", "Triage queue")
    p.n(2, "region", "Live counters")
    p.t(3, "Open %d" % ctx.open_count)
    p.t(3, "Overdue 17")
    p.t(3, "Unassigned 9")
    p.t(3, "Auto-routing failed 3")
    p.t(3, "Paused by storm mode 128")
    p.n(2, "group", "Filters")
    sw = shown_ward or ward
    sc = shown_cat or cat
    p.n(3, "combobox", "Ward", "hasPopup='listbox'", "expanded=False", "value=%r" % sw)
    for w in WARDS:
        if w == sw:
            p.n(4, "option", w, "selected=True")
        else:
            p.n(4, "option", w, "selected=False")
    p.n(3, "combobox", "Category", "hasPopup='listbox'", "expanded=False", "value=%r" % sc)
    for c in CATEGORIES:
        p.n(4, "option", c, "selected=%s" % (c == sc))
    p.n(3, "combobox", "Status", "hasPopup='listbox'", "expanded=False", "value='All statuses'")
    for s in STATUSES:
        p.n(4, "option", s, "selected=%s" % (s == "All statuses"))
    p.n(3, "checkbox", "Show closed and cancelled", "checked='true'")
    p.n(3, "button", "Apply filters")
    p.n(3, "button", "Clear filters")
    p.n(3, "button", "Save as my default view")

    ids = sorted_ids(sort)
    if ward != "All wards":
        wn = int(ward.split()[-1])
        ids = [i for i in ids if ROWS[i][2] == wn]
    if cat != "All categories":
        ids = [i for i in ids if ROWS[i][0] == cat]
    if ward == "All wards" and cat == "All categories":
        total = ctx.open_count
    elif cat == "All categories":
        total = 38
    else:
        total = len(ids)
    pages = max(1, (total + 9) // 10)
    shown = ids[(page - 1) * 10: page * 10]

    p.n(2, "table", "Service requests")
    p.n(3, "rowgroup", "")
    p.n(4, "row", "")
    cols = [("Request #", "number_desc"), ("Category", None), ("Address", None), ("Ward", None),
            ("Reported", "reported_desc"), ("SLA", "sla_asc"), ("Status", None), ("Assignee", None)]
    for col, key in cols:
        props = []
        if key == sort:
            props = ["sort='ascending'" if key == "sla_asc" else "sort='descending'"]
        p.n(5, "columnheader", col, *props)
        if col in ("Request #", "Category", "Reported", "SLA", "Status"):
            p.n(6, "button", "Sort by %s" % col)
    p.n(3, "rowgroup", "")
    for rid in shown:
        r = ROWS[rid]
        p.n(4, "row", "")
        p.n(5, "cell", "")
        p.n(6, "link", rid)
        p.n(5, "cell", r[0])
        p.n(5, "cell", r[1])
        p.n(5, "cell", str(r[2]))
        p.n(5, "cell", r[4])
        p.n(5, "cell", r[6])
        p.n(5, "cell", r[7])
        p.n(5, "cell", r[8])
    if not shown:
        p.n(4, "row", "")
        p.n(5, "cell", "No requests match these filters.")
    lo = (page - 1) * 10 + 1 if shown else 0
    hi = (page - 1) * 10 + len(shown)
    p.t(2, "Showing %d–%d of %d" % (lo, hi, total))
    p.n(2, "navigation", "Pagination")
    if page == 1:
        p.n(3, "button", "Previous page", "disabled=True")
    else:
        p.n(3, "button", "Previous page")
    for k in range(1, min(pages, 3) + 1):
        if k == page:
            p.n(3, "link", "Page %d" % k, "current='page'")
        else:
            p.n(3, "link", "Page %d" % k)
    if pages > 3:
        p.t(3, "…")
        p.n(3, "link", "Page %d" % pages)
    if page >= pages:
        p.n(3, "button", "Next page", "disabled=True")
    else:
        p.n(3, "button", "Next page")
    p.n(2, "combobox", "Rows per page", "value='10'")
    map_list(p, 2, "Ward 6 hotspots")
    chrome_bottom(p, ctx)
    if toast_text:
        toast(p, toast_text)
    return p


# ---------------------------------------------------------------------------
# Search results page
# ---------------------------------------------------------------------------
def page_search(ctx, query):
    p = Page("%s/search?q=%s" % (BASE, query.replace(" ", "+")),
             "Search: %s – Cityline Desk" % query, ctx.first_bid)
    chrome_top(p, ctx, ["Triage queue", "Search"], search_value=query)
    p.n(1, "main", "")
    p.n(2, "heading", "Search results for %s" % query)
    if query == DUP:
        exact = [DUP]
        similar = [("SR-24-081367", "Street Defect – Pothole", "1418 Alder Ct", "Assigned"),
                   ("SR-24-018376", "Graffiti Removal", "1418 Alder Ave", "Closed – completed Feb 2")]
    else:
        exact = []
        similar = []
    p.n(2, "region", "Exact match")
    p.n(3, "heading", "Exact match (%d)" % len(exact))
    p.n(3, "table", "Exact match")
    for rid in exact:
        r = ROWS[rid]
        p.n(4, "row", "")
        p.n(5, "cell", "")
        p.n(6, "link", rid)
        p.n(5, "cell", r[0])
        p.n(5, "cell", r[1])
        p.n(5, "cell", "Ward %d" % r[2])
        p.n(5, "cell", r[7])
        p.n(5, "cell", r[6])
    p.n(2, "region", "Similar request numbers")
    p.n(3, "heading", "Similar request numbers (%d)" % len(similar))
    p.n(3, "list", "")
    for rid, cat, addr, st in similar:
        p.n(4, "listitem", "")
        p.n(5, "link", rid)
        p.t(5, "%s · %s · %s" % (cat, addr, st))
    p.t(2, "Tip: search by address, e.g. \u201c1418 Alder\u201d, to see every request at a location.")
    chrome_bottom(p, ctx)
    return p


# ---------------------------------------------------------------------------
# Request detail page (+ merge dialog, confirmation dialog, toasts)
# ---------------------------------------------------------------------------
def reporter_of(rid):
    return DETAILS[rid]["reporter"]


def page_detail(ctx, rid, dialog=None, confirm=False, toast_text=None, merged=(),
                over=None, status=None, merge_disabled=False, extra_activity=(),
                storm_toast=None):
    r = ROWS[rid]
    d = DETAILS[rid]
    over = over or {}
    category = over.get("category", r[0])
    assignee = over.get("assignee", r[8])
    status = status or r[7]
    p = Page("%s/requests/%s" % (BASE, rid), "%s · %s – Cityline Desk" % (rid, category),
             ctx.first_bid)
    chrome_top(p, ctx, ["Triage queue", rid])
    p.n(1, "main", "")
    p.n(2, "heading", "Request %s" % rid)
    p.t(2, "%s · Ward %d · %s" % (category, r[2], status))
    p.n(2, "group", "Request actions")
    p.n(3, "button", "Assign…")
    p.n(3, "button", "Change category…")
    if merge_disabled:
        p.n(3, "button", "Merge into another request…", "disabled=True")
    else:
        p.n(3, "button", "Merge into another request…")
    p.n(3, "button", "Add internal note…")
    p.n(3, "button", "Close request…")
    p.n(3, "link", "Back to triage queue")
    p.n(2, "region", "Details")
    p.n(3, "DescriptionList", "")
    for term, val in (("Category", category), ("Address", "%s (Ward %d)" % (r[1], r[2])),
                      ("Reporter", d["reporter"]), ("Contact", d["contact"]),
                      ("Channel", d["channel"]), ("Assignee", assignee), ("Status", status),
                      ("Reported", r[4]), ("Description", d["desc"])):
        p.n(4, "term", term)
        p.n(4, "definition", val)
    p.n(2, "region", "SLA clock")
    if r[5] is not None and r[5] > 0:
        p.t(3, "Paused (storm mode) · %s remaining · target %s" % (r[6].split("· ")[-1], d["target"]))
    else:
        p.t(3, r[6])
    p.n(3, "progressbar", "SLA used", "valuemin=0", "valuemax=100",
        "valuenow=%d" % (15 + int(rid[-3:]) % 50))
    p.n(2, "region", "Attachments")
    p.n(3, "link", "photo-1.jpg (1.8 MB)")
    p.n(3, "link", "photo-2.jpg (2.1 MB)")
    p.n(2, "region", "Possible duplicates")
    p.n(3, "heading", "Possible duplicates")
    p.t(3, "Matched by distance (250 m) and time window (24 h). Review before merging.")
    p.n(3, "table", "Possible duplicates")
    p.n(4, "row", "")
    for col in ("Request #", "Category", "Address", "Distance", "Status", "Assignee", ""):
        p.n(5, "columnheader", col)
    for other, dist in d["dups"]:
        if any(m[0] == other for m in merged):
            continue
        o = ROWS[other]
        p.n(4, "row", "")
        p.n(5, "cell", "")
        p.n(6, "link", other)
        p.n(5, "cell", o[0])
        p.n(5, "cell", o[1])
        p.n(5, "cell", dist)
        p.n(5, "cell", o[7])
        p.n(5, "cell", o[8])
        p.n(5, "cell", "")
        if merge_disabled:
            p.n(6, "button", "Merge into %s" % other, "disabled=True")
        else:
            p.n(6, "button", "Merge into %s" % other)
    p.n(2, "region", "Merged duplicates")
    p.n(3, "heading", "Merged duplicates (%d)" % len(merged))
    if not merged:
        p.t(3, "No requests have been merged into this one.")
    else:
        p.n(3, "list", "")
        for dup_id, rep, notified, when in merged:
            p.n(4, "listitem", "%s · %s · merged %s · %s" % (
                dup_id, rep, when, "reporter notified by email" if notified else "reporter not notified"))
    p.n(2, "region", "Activity")
    p.n(3, "heading", "Activity")
    p.n(3, "list", "")
    for a in list(d["activity"]) + list(extra_activity):
        p.n(4, "listitem", a)
    p.n(3, "textbox", "Add a comment for the crew")
    p.n(3, "button", "Post comment", "disabled=True")
    map_list(p, 2, "Nearby requests")
    chrome_bottom(p, ctx)
    if storm_toast:
        toast(p, storm_toast)
    if toast_text:
        toast(p, toast_text)
    if dialog:
        merge_dialog(p, rid, dialog)
    if confirm:
        confirm_dialog(p, rid, dialog)
    return p


def merge_dialog(p, dup, st):
    """st: value, looked (None / orig id / 'notfound'), cat, asg, notify."""
    dr = ROWS[dup]
    p.n(1, "dialog", "Merge %s into another request" % dup, "modal=True")
    p.n(2, "heading", "Merge %s into another request" % dup)
    p.t(2, "The duplicate is closed as Duplicate. Its photos, notes and reporter move to the "
           "original request. Merges cannot be undone.")
    if st.get("value"):
        p.n(2, "textbox", "Original request number", "required", "value=%r" % st["value"])
    else:
        p.n(2, "textbox", "Original request number", "required", "focused")
    p.n(2, "button", "Look up")
    looked = st.get("looked")
    if looked == "notfound":
        p.t(2, "No request found with that number.")
    elif looked:
        o = ROWS[looked]
        od = DETAILS[looked]
        p.n(2, "region", "Original request")
        p.t(3, "Original request %s · %s · %s" % (looked, o[0], o[1]))
        p.t(3, "Assignee: %s · Status: %s · SLA %s" % (o[8], o[7], o[6]))
        p.t(3, "Reporter: %s · reported %s" % (od["reporter"], o[4]))
        p.n(2, "radiogroup", "Category after merge")
        p.n(3, "radio", "Keep original: %s" % o[0], "checked='%s'" % str(st["cat"] == "orig").lower())
        p.n(3, "radio", "Use duplicate: %s" % dr[0], "checked='%s'" % str(st["cat"] == "dup").lower())
        p.n(2, "radiogroup", "Assignee after merge")
        p.n(3, "radio", "Keep original: %s" % o[8], "checked='%s'" % str(st["asg"] == "orig").lower())
        p.n(3, "radio", "Use duplicate: %s" % dr[8], "checked='%s'" % str(st["asg"] == "dup").lower())
        p.n(2, "checkbox", "Notify reporter of %s (%s) by email" % (dup, reporter_of(dup)),
            "checked='%s'" % str(bool(st["notify"])).lower())
        p.n(2, "combobox", "Message template", "hasPopup='listbox'", "expanded=False",
            "value='Merged as duplicate (standard)'")
        p.t(2, "The original reporter (%s) is not contacted." % od["reporter"])
    p.n(2, "button", "Cancel")
    if looked and looked != "notfound":
        p.n(2, "button", "Merge requests")
    else:
        p.n(2, "button", "Merge requests", "disabled=True")


def confirm_dialog(p, dup, st):
    orig = st["looked"]
    o = ROWS[orig]
    dr = ROWS[dup]
    cat = o[0] if st["cat"] == "orig" else dr[0]
    asg = o[8] if st["asg"] == "orig" else dr[8]
    others = [x for x in ("SR-24-081357", "SR-24-081367", "SR-24-081352") if x not in (dup, orig)][:2]
    p.n(1, "alertdialog", "Confirm merge", "modal=True")
    p.n(2, "heading", "Confirm merge")
    p.t(2, "Merge %s into %s? %s will be closed as Duplicate. This cannot be undone." % (dup, orig, dup))
    p.t(2, "After merge: Category %s · Assignee %s" % (cat, asg))
    p.t(2, "Notify %s: %s" % (reporter_of(dup), "Yes (Merged as duplicate – standard)" if st["notify"] else "No"))
    p.t(2, "%d other open requests are within 250 m: %s." % (len(others), ", ".join(others)))
    p.n(2, "button", "Go back")
    p.n(2, "button", "Merge all matches (%d)" % (len(others) + 1))
    p.n(2, "button", "Merge %s only" % dup)


def merged_original(ctx, dup, orig, st, when, notified=None, extra=()):
    """The original's page after a successful merge."""
    o = ROWS[orig]
    dr = ROWS[dup]
    notified = st["notify"] if notified is None else notified
    over = {}
    acts = ["%s %s merged in by %s" % (when, dup, USER)]
    if st["cat"] == "dup":
        over["category"] = dr[0]
        acts.append("%s Category changed to %s (from merge)" % (when, dr[0]))
    if st["asg"] == "dup":
        over["assignee"] = dr[8]
        acts.append("%s Assignee changed to %s (from merge)" % (when, dr[8]))
    if notified:
        acts.append("%s Email sent to %s: Merged as duplicate (standard)" % (when, reporter_of(dup)))
    merged = [(dup, reporter_of(dup), notified, when)] + list(extra)
    for other in extra:
        acts.append("%s %s merged in by %s (merge all matches)" % (when, other[0], USER))
    if extra:
        msg = "%d requests were merged into %s (%s). %s was notified by email." % (
            len(merged), orig, ", ".join(m[0] for m in merged), reporter_of(dup))
    elif notified:
        msg = "%s was merged into %s. %s was notified by email." % (dup, orig, reporter_of(dup))
    else:
        msg = "%s was merged into %s. Reporter was not notified." % (dup, orig)
    return page_detail(ctx, orig, toast_text=msg, merged=merged, over=over, extra_activity=acts)


# ---------------------------------------------------------------------------
# Other pages
# ---------------------------------------------------------------------------
def page_signin(ctx, back):
    p = Page("%s/signin?next=%s" % (BASE, back), "Sign in – Cityline Desk", ctx.first_bid)
    p.n(1, "banner", "")
    p.n(2, "link", "Cityline Desk home")
    p.n(1, "main", "")
    p.n(2, "heading", "Sign in to Cityline Desk")
    p.t(2, "Your session timed out after 30 minutes without activity. Sign in again to continue. "
           "Unsaved changes were not kept.")
    p.n(2, "textbox", "City email", "required")
    p.n(2, "textbox", "Password", "required")
    p.n(2, "checkbox", "Keep me signed in on this device", "checked='false'")
    p.n(2, "button", "Sign in")
    p.n(2, "link", "Use Port Halvard single sign-on")
    p.n(2, "link", "Forgot password?")
    p.n(1, "contentinfo", "")
    p.t(2, "Cityline Desk 4.12.3 · Port Halvard Department of Public Works")
    return p


def page_error(ctx, url):
    p = Page(url, "Error 502 – Cityline Desk", ctx.first_bid)
    p.n(1, "banner", "")
    p.n(2, "link", "Cityline Desk home")
    p.n(1, "main", "")
    p.n(2, "heading", "Something went wrong")
    p.t(2, "The merge service did not answer in time (502 Bad Gateway). Nothing was changed.")
    p.t(2, "Reference: mrg-7f3c91 · %s" % ctx.tick())
    p.n(2, "link", "Back to request %s" % DUP)
    p.n(2, "link", "Status page")
    p.n(1, "contentinfo", "")
    p.t(2, "Cityline Desk 4.12.3 · Port Halvard Department of Public Works")
    return p


# ---------------------------------------------------------------------------
# Run recorder
# ---------------------------------------------------------------------------
class Run:
    def __init__(self, rid, fault, start, ctx, off=None, success=None):
        self.rid = rid
        self.fault = fault
        self.off = off
        self.ctx = ctx
        self.start = start
        self.cur = start
        self.steps = []
        self.success = (fault is None) if success is None else success

    def _step(self, commitment, command, target, reasoning, effect, nxt, error=None):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target,
                       "effect": effect},
            "observation": nxt.obs(error),
        })
        self.cur = nxt

    def click(self, commitment, role, name, reasoning, nxt, effect="read", nth=0, error=None):
        bid = self.cur.find(role, name, nth)
        self._step(commitment, "click(%r)" % bid, "%s %r" % (role, name), reasoning, effect,
                   nxt, error)

    def fill(self, commitment, role, name, value, reasoning, nxt, nth=0):
        bid = self.cur.find(role, name, nth)
        self._step(commitment, "fill(%r, %r)" % (bid, value), "%s %r" % (role, name), reasoning,
                   "read", nxt)

    def press(self, commitment, role, name, key, reasoning, nxt):
        bid = self.cur.find(role, name)
        self._step(commitment, "press(%r, %r)" % (bid, key), "%s %r" % (role, name), reasoning,
                   "read", nxt)

    def select(self, commitment, role, name, value, reasoning, nxt):
        bid = self.cur.find(role, name)
        self._step(commitment, "select_option(%r, %r)" % (bid, value), "%s %r" % (role, name),
                   reasoning, "read", nxt)

    def say(self, commitment, msg, reasoning):
        self._step(commitment, "send_msg_to_user(%r)" % msg, "chat", reasoning, "read", self.cur)

    def record(self):
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": self.success},
        }


def ward6(ctx, **kw):
    return page_queue(ctx, ward="Ward 6", **kw)


def st0(**kw):
    s = {"value": "", "looked": None, "cat": "orig", "asg": "orig", "notify": False}
    s.update(kw)
    return s


# Shared pieces ----------------------------------------------------------------
def open_dup_by_search(r, key="button"):
    ctx = r.ctx
    q = r.cur
    r.fill("open-duplicate", "textbox", "Search requests", DUP,
           "Type the duplicate's request number into the search box", _with_search(ctx, q))
    res = page_search(ctx, DUP)
    if key == "button":
        r.click("open-duplicate", "button", "Search", "Run the search", res)
    else:
        r.press("open-duplicate", "textbox", "Search requests", "Enter",
                "Submit the search with Enter", res)
    r.click("open-duplicate", "link", DUP, "Open the exact match, not the similar numbers",
            page_detail(ctx, DUP))


def _with_search(ctx, prev):
    """Same page as prev with the search box filled (re-render with value)."""
    # The queue is the only page the runs search from.
    p = page_queue(ctx, **prev._args) if hasattr(prev, "_args") else None
    if p is None:
        raise RuntimeError("search from an unknown page")
    # patch the search box value
    for i, line in enumerate(p.lines):
        if "textbox 'Search requests'" in line:
            p.lines[i] = line.split(", placeholder")[0] + ", focused, value=%r" % DUP
            break
    return p


def q(ctx, **kw):
    p = page_queue(ctx, **kw)
    p._args = kw
    return p


def lookup(r, orig=ORIG, dup=DUP, commitment="look-up-original", reason=None):
    """Open the merge dialog, type the original's number, look it up."""
    ctx = r.ctx
    r.click(commitment, "button", "Merge into another request…",
            "Start the merge from the duplicate's page",
            page_detail(ctx, dup, dialog=st0()))
    r.fill(commitment, "textbox", "Original request number", orig,
           reason or "Type the original request number from the task",
           page_detail(ctx, dup, dialog=st0(value=orig)))
    r.click(commitment, "button", "Look up", "Check that the number points at the right request",
            page_detail(ctx, dup, dialog=st0(value=orig, looked=orig)))


def options_and_merge(r, dup=DUP, orig=ORIG, notify=True, cat="orig", asg="orig"):
    ctx = r.ctx
    st = st0(value=orig, looked=orig, cat=cat, asg=asg, notify=notify)
    if notify:
        r.click("set-merge-options", "checkbox",
                "Notify reporter of %s (%s) by email" % (dup, reporter_of(dup)),
                "The task asks to notify the duplicate's reporter",
                page_detail(ctx, dup, dialog=st))
    r.click("confirm-merge", "button", "Merge requests",
            "Category and assignee are kept from the original; submit",
            page_detail(ctx, dup, dialog=st, confirm=True))
    return st


def confirm_only(r, st, dup=DUP, orig=ORIG):
    ctx = r.ctx
    r.click("confirm-merge", "button", "Merge %s only" % dup,
            "Merge just this duplicate, not the other nearby requests",
            merged_original(ctx, dup, orig, st, ctx.hhmm()), effect="irreversible")


def report_ok(r):
    r.say("report", "Done: %s was merged into %s. The original's category (Street Defect – Pothole) "
                    "and assignee (Crew 7 – R. Okafor) were kept and Marisol Trevino was notified by email."
          % (DUP, ORIG), "The toast and the merged-duplicates list confirm the merge")


# ---------------------------------------------------------------------------
# Healthy runs (written first; the plan above was written from these pages)
# ---------------------------------------------------------------------------
def healthy_runs():
    runs = []

    # H1: search by number from the Ward 6 queue, click the Search button.
    ctx = Ctx("h1")
    start = q(ctx, ward="Ward 6")
    r = Run("cityline-healthy-search-01", None, start, ctx)
    open_dup_by_search(r, key="button")
    lookup(r)
    st = options_and_merge(r)
    confirm_only(r, st)
    report_ok(r)
    runs.append(r)

    # H2: choose the Ward 6 filter the task names, apply it, open the row from the list.
    ctx = Ctx("h2")
    start = q(ctx)
    r = Run("cityline-healthy-ward-filter-02", None, start, ctx)
    r.select("open-duplicate", "combobox", "Ward", "Ward 6",
             "The task is about the Ward 6 queue", q(ctx, shown_ward="Ward 6"))
    r.click("open-duplicate", "button", "Apply filters", "Apply the ward filter",
            q(ctx, ward="Ward 6", toast_text="Filters applied · 38 requests in Ward 6"))
    r.click("open-duplicate", "link", DUP, "SR-24-081376 is the second row",
            page_detail(ctx, DUP))
    lookup(r)
    st = options_and_merge(r)
    confirm_only(r, st)
    report_ok(r)
    runs.append(r)

    # H3: saved view sorted by SLA; duplicate is on page 2, so paginate.
    ctx = Ctx("h3")
    start = q(ctx, sort="sla_asc")
    r = Run("cityline-healthy-pagination-03", None, start, ctx)
    r.click("open-duplicate", "button", "Next page", "SR-24-081376 is not on page 1 of this sort",
            q(ctx, sort="sla_asc", page=2))
    r.click("open-duplicate", "link", DUP, "Found it on page 2", page_detail(ctx, DUP))
    lookup(r)
    st = options_and_merge(r)
    confirm_only(r, st)
    report_ok(r)
    runs.append(r)

    # H4: re-sort the list newest first instead of paging.
    ctx = Ctx("h4")
    start = q(ctx, sort="sla_asc")
    r = Run("cityline-healthy-sort-04", None, start, ctx)
    r.click("open-duplicate", "button", "Sort by Reported",
            "Sort newest first; the duplicate was reported this morning",
            q(ctx, sort="reported_desc"))
    r.click("open-duplicate", "link", DUP, "Open the duplicate", page_detail(ctx, DUP))
    lookup(r)
    st = options_and_merge(r)
    confirm_only(r, st)
    report_ok(r)
    runs.append(r)

    # H5: open the merge dialog, cancel it, then use the Possible duplicates shortcut.
    ctx = Ctx("h5")
    start = q(ctx, ward="Ward 6")
    r = Run("cityline-healthy-cancel-dialog-05", None, start, ctx)
    open_dup_by_search(r, key="enter")
    r.click("look-up-original", "button", "Merge into another request…",
            "Open the merge dialog", page_detail(ctx, DUP, dialog=st0()))
    r.click("look-up-original", "button", "Cancel",
            "The Possible duplicates panel has a direct merge button for SR-24-081352; use that instead",
            page_detail(ctx, DUP))
    r.click("look-up-original", "button", "Merge into %s" % ORIG,
            "Merge into the original from the Possible duplicates row (0 m away, same address)",
            page_detail(ctx, DUP, dialog=st0(value=ORIG, looked=ORIG)))
    st = options_and_merge(r)
    confirm_only(r, st)
    report_ok(r)
    runs.append(r)

    # H6: mistypes the original number, notices before looking up, and retypes it.
    ctx = Ctx("h6")
    start = q(ctx, ward="Ward 6")
    r = Run("cityline-healthy-retype-06", None, start, ctx)
    r.click("open-duplicate", "link", DUP, "SR-24-081376 is visible in the Ward 6 list",
            page_detail(ctx, DUP))
    r.click("look-up-original", "button", "Merge into another request…",
            "Start the merge", page_detail(ctx, DUP, dialog=st0()))
    r.fill("look-up-original", "textbox", "Original request number", "SR-24-08135",
           "Type the original's number", page_detail(ctx, DUP, dialog=st0(value="SR-24-08135")))
    r.fill("look-up-original", "textbox", "Original request number", ORIG,
           "The number is missing a digit; clear the field and type SR-24-081352 again",
           page_detail(ctx, DUP, dialog=st0(value=ORIG)))
    r.click("look-up-original", "button", "Look up", "Check the original",
            page_detail(ctx, DUP, dialog=st0(value=ORIG, looked=ORIG)))
    st = options_and_merge(r)
    confirm_only(r, st)
    report_ok(r)
    runs.append(r)

    # H7: a storm-mode toast and an extended storm banner appear mid-run; dismiss and carry on.
    ctx = Ctx("h7")
    start = q(ctx, ward="Ward 6")
    r = Run("cityline-healthy-toast-banner-07", None, start, ctx)
    r.click("open-duplicate", "link", DUP, "Open the duplicate from the Ward 6 list",
            page_detail(ctx, DUP, storm_toast="4 new requests arrived in Ward 6 since 09:30 · 1 overdue"))
    ctx.storm = STORM_EXTENDED
    r.click("open-duplicate", "button", "Dismiss", "Clear the new-requests toast; it is unrelated",
            page_detail(ctx, DUP))
    lookup(r)
    st = options_and_merge(r)
    confirm_only(r, st)
    report_ok(r)
    runs.append(r)

    # H8: confirmation dialog: go back once to double-check, then confirm only this duplicate.
    ctx = Ctx("h8")
    start = q(ctx, ward="Ward 6")
    r = Run("cityline-healthy-go-back-08", None, start, ctx)
    open_dup_by_search(r, key="button")
    lookup(r)
    st = options_and_merge(r)
    r.click("confirm-merge", "button", "Go back",
            "The confirmation mentions other nearby requests; go back and re-read the options",
            page_detail(ctx, DUP, dialog=st))
    r.click("confirm-merge", "button", "Merge requests",
            "Options are right: keep original category and assignee, notify reporter",
            page_detail(ctx, DUP, dialog=st, confirm=True))
    confirm_only(r, st)
    report_ok(r)
    runs.append(r)
    return runs


# ---------------------------------------------------------------------------
# Faulty runs (written after the plan; the plan was not changed for them)
# ---------------------------------------------------------------------------
def faulty_runs():
    runs = []

    # F1 wrong_record: opens SR-24-081367 (transposed digits, 1418 Alder Ct) from the list.
    ctx = Ctx("f1")
    start = q(ctx, ward="Ward 6")
    r = Run("cityline-wrong_record-dup-01", "wrong_record", start, ctx, off=0)
    bad = "SR-24-081367"
    r.click("open-duplicate", "link", bad, "Open the pothole report at 1418 Alder",
            page_detail(ctx, bad))
    r.click("look-up-original", "button", "Merge into another request…", "Start the merge",
            page_detail(ctx, bad, dialog=st0()))
    r.fill("look-up-original", "textbox", "Original request number", ORIG, "Original from the task",
           page_detail(ctx, bad, dialog=st0(value=ORIG)))
    r.click("look-up-original", "button", "Look up", "Check the original",
            page_detail(ctx, bad, dialog=st0(value=ORIG, looked=ORIG)))
    st = st0(value=ORIG, looked=ORIG, notify=True)
    r.click("set-merge-options", "checkbox", "Notify reporter of %s (Teodor Haas) by email" % bad,
            "Notify the duplicate's reporter", page_detail(ctx, bad, dialog=st))
    r.click("confirm-merge", "button", "Merge requests", "Submit",
            page_detail(ctx, bad, dialog=st, confirm=True))
    r.click("confirm-merge", "button", "Merge %s only" % bad, "Merge just this one",
            merged_original(ctx, bad, ORIG, st, ctx.hhmm()), effect="irreversible")
    r.say("report", "Merged the duplicate into SR-24-081352 and notified the reporter.",
          "Toast shows the merge")
    runs.append(r)

    # F2 wrong_record: types the near-miss original SR-24-081357 (1481 Alder Ave).
    ctx = Ctx("f2")
    start = q(ctx, ward="Ward 6")
    r = Run("cityline-wrong_record-orig-02", "wrong_record", start, ctx, off=4)
    open_dup_by_search(r)
    bad = "SR-24-081357"
    r.click("look-up-original", "button", "Merge into another request…", "Start the merge",
            page_detail(ctx, DUP, dialog=st0()))
    r.fill("look-up-original", "textbox", "Original request number", bad,
           "Original pothole request on Alder Ave", page_detail(ctx, DUP, dialog=st0(value=bad)))
    r.click("look-up-original", "button", "Look up", "Look it up",
            page_detail(ctx, DUP, dialog=st0(value=bad, looked=bad)))
    st = st0(value=bad, looked=bad, notify=True)
    r.click("set-merge-options", "checkbox", "Notify reporter of %s (Marisol Trevino) by email" % DUP,
            "Notify the reporter", page_detail(ctx, DUP, dialog=st))
    r.click("confirm-merge", "button", "Merge requests", "Pothole, Crew 7: looks right",
            page_detail(ctx, DUP, dialog=st, confirm=True))
    r.click("confirm-merge", "button", "Merge %s only" % DUP, "Confirm",
            merged_original(ctx, DUP, bad, st, ctx.hhmm()), effect="irreversible")
    r.say("report", "SR-24-081376 has been merged into the original pothole request; reporter notified.",
          "Merge toast shown")
    runs.append(r)

    # F3 wrong_value: picks the duplicate's assignee.
    ctx = Ctx("f3")
    start = q(ctx, ward="Ward 6")
    r = Run("cityline-wrong_value-assignee-03", "wrong_value", start, ctx, off=4)
    r.click("open-duplicate", "link", DUP, "Open the duplicate", page_detail(ctx, DUP))
    lookup(r)
    st = st0(value=ORIG, looked=ORIG, asg="dup")
    r.click("set-merge-options", "radio", "Use duplicate: Crew 3 – J. Lindqvist",
            "Crew 3 already has this request routed to them",
            page_detail(ctx, DUP, dialog=st))
    st = dict(st, notify=True)
    r.click("set-merge-options", "checkbox", "Notify reporter of %s (Marisol Trevino) by email" % DUP,
            "Notify the reporter", page_detail(ctx, DUP, dialog=st))
    r.click("confirm-merge", "button", "Merge requests", "Submit",
            page_detail(ctx, DUP, dialog=st, confirm=True))
    confirm_only(r, st)
    r.say("report", "Merged SR-24-081376 into SR-24-081352 and notified Marisol Trevino.",
          "Toast confirms")
    runs.append(r)

    # F4 wrong_value: picks the duplicate's category.
    ctx = Ctx("f4")
    start = q(ctx, ward="Ward 6")
    r = Run("cityline-wrong_value-category-04", "wrong_value", start, ctx)
    open_dup_by_search(r)
    lookup(r)
    r.off = len(r.steps)
    st = st0(value=ORIG, looked=ORIG, cat="dup")
    r.click("set-merge-options", "radio", "Use duplicate: Sidewalk Damage",
            "The reporter filed it as sidewalk damage; keep the newer category",
            page_detail(ctx, DUP, dialog=st))
    st = dict(st, notify=True)
    r.click("set-merge-options", "checkbox", "Notify reporter of %s (Marisol Trevino) by email" % DUP,
            "Notify the reporter", page_detail(ctx, DUP, dialog=st))
    r.click("confirm-merge", "button", "Merge requests", "Submit",
            page_detail(ctx, DUP, dialog=st, confirm=True))
    confirm_only(r, st)
    r.say("report", "Merged SR-24-081376 into SR-24-081352; reporter notified.", "Toast confirms")
    runs.append(r)

    # F5 skipped_step: never ticks the notify box.
    ctx = Ctx("f5")
    start = q(ctx, ward="Ward 6")
    r = Run("cityline-skipped_step-notify-05", "skipped_step", start, ctx)
    r.click("open-duplicate", "link", DUP, "Open the duplicate", page_detail(ctx, DUP))
    lookup(r)
    r.off = len(r.steps)
    st = options_and_merge(r, notify=False)
    confirm_only(r, st)
    r.say("report", "SR-24-081376 merged into SR-24-081352 with the original category and assignee.",
          "Merge done")
    runs.append(r)

    # F6 silent_no_op: the final confirm closes the dialogs but nothing is merged.
    ctx = Ctx("f6")
    start = q(ctx, ward="Ward 6")
    r = Run("cityline-silent_no_op-06", "silent_no_op", start, ctx)
    open_dup_by_search(r)
    lookup(r)
    st = options_and_merge(r)
    r.off = len(r.steps)
    r.click("confirm-merge", "button", "Merge %s only" % DUP, "Confirm the merge",
            page_detail(ctx, DUP), effect="irreversible")
    r.say("report", "Merged SR-24-081376 into SR-24-081352 and notified Marisol Trevino.",
          "The dialog closed, so the merge went through")
    runs.append(r)

    # F7 error_page: the merge service answers 502.
    ctx = Ctx("f7")
    start = q(ctx, ward="Ward 6")
    r = Run("cityline-error_page-07", "error_page", start, ctx)
    r.click("open-duplicate", "link", DUP, "Open the duplicate", page_detail(ctx, DUP))
    lookup(r)
    st = options_and_merge(r)
    r.off = len(r.steps)
    r.click("confirm-merge", "button", "Merge %s only" % DUP, "Confirm the merge",
            page_error(ctx, "%s/requests/%s/merge" % (BASE, DUP)), effect="irreversible")
    r.say("report", "The merge of SR-24-081376 into SR-24-081352 has been submitted.",
          "Submitted the merge")
    runs.append(r)

    # F8 permission: signed in as Viewer (visible on the start page); merge is disabled.
    ctx = Ctx("f8", role="Viewer")
    start = q(ctx, ward="Ward 6")
    r = Run("cityline-permission-viewer-08", "permission", start, ctx, off=0)
    open_dup_by_search(r)
    r.cur = page_detail(ctx, DUP, merge_disabled=True)
    r.steps[-1]["observation"] = r.cur.obs()
    bid = r.cur.find("button", "Merge into another request…")
    r._step("look-up-original", "click(%r)" % bid, "button 'Merge into another request…'",
            "Start the merge", "read", page_detail(ctx, DUP, merge_disabled=True),
            error="TimeoutError: locator.click: element is not enabled (button 'Merge into another request…')")
    r.say("report", "I could not start the merge: the Merge button on SR-24-081376 is disabled.",
          "The button does not respond")
    runs.append(r)

    # F9 session_lost: the look-up lands on the sign-in page.
    ctx = Ctx("f9")
    start = q(ctx, ward="Ward 6")
    r = Run("cityline-session_lost-09", "session_lost", start, ctx)
    r.click("open-duplicate", "link", DUP, "Open the duplicate", page_detail(ctx, DUP))
    r.click("look-up-original", "button", "Merge into another request…", "Start the merge",
            page_detail(ctx, DUP, dialog=st0()))
    r.fill("look-up-original", "textbox", "Original request number", ORIG, "Original from the task",
           page_detail(ctx, DUP, dialog=st0(value=ORIG)))
    r.off = len(r.steps)
    r.click("look-up-original", "button", "Look up", "Check the original",
            page_signin(ctx, "/desk/requests/%s" % DUP))
    r.say("report", "Looked up SR-24-081352; continuing with the merge.", "Lookup submitted")
    runs.append(r)

    # F10 premature_success: reports success with the confirmation dialog still open.
    ctx = Ctx("f10")
    start = q(ctx, ward="Ward 6")
    r = Run("cityline-premature_success-10", "premature_success", start, ctx)
    r.click("open-duplicate", "link", DUP, "Open the duplicate", page_detail(ctx, DUP))
    lookup(r)
    st = options_and_merge(r)
    r.off = len(r.steps)
    r.say("report", "Done: SR-24-081376 merged into SR-24-081352, reporter notified.",
          "Clicked Merge requests, so the merge is done")
    runs.append(r)

    # F11 dialog_mishandled: picks 'Merge all matches (3)' in the confirmation dialog.
    ctx = Ctx("f11")
    start = q(ctx, ward="Ward 6")
    r = Run("cityline-dialog_mishandled-11", "dialog_mishandled", start, ctx)
    open_dup_by_search(r)
    lookup(r)
    st = options_and_merge(r)
    r.off = len(r.steps)
    when = ctx.hhmm()
    extra = [("SR-24-081357", "Priya Raman", False, when), ("SR-24-081367", "Teodor Haas", False, when)]
    r.click("confirm-merge", "button", "Merge all matches (3)",
            "Merge all the matching requests so nothing is left behind",
            merged_original(ctx, DUP, ORIG, st, when, extra=extra), effect="irreversible")
    r.say("report", "Merged SR-24-081376 (and the other matches) into SR-24-081352.",
          "Toast confirms")
    runs.append(r)

    # F12 unrequested_filter: adds a Pothole category filter; the duplicate (filed as
    # Sidewalk Damage) disappears and the agent gives up.
    ctx = Ctx("f12")
    start = q(ctx, ward="Ward 6")
    r = Run("cityline-unrequested_filter-12", "unrequested_filter", start, ctx, off=0)
    r.select("open-duplicate", "combobox", "Category", "Street Defect – Pothole",
             "Narrow the list to potholes", q(ctx, ward="Ward 6", shown_cat="Street Defect – Pothole"))
    r.click("open-duplicate", "button", "Apply filters", "Apply",
            q(ctx, ward="Ward 6", cat="Street Defect – Pothole",
              toast_text="Filters applied · 3 requests"))
    r.say("report", "SR-24-081376 is not in the Ward 6 pothole queue; it may already have been merged.",
          "Only SR-24-081367, SR-24-081357 and SR-24-081352 are listed")
    runs.append(r)
    return runs


def build(out_dir):
    runs = healthy_runs() + faulty_runs()
    os.makedirs(os.path.join(out_dir, "plans"), exist_ok=True)
    with open(os.path.join(out_dir, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    with open(os.path.join(out_dir, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in runs:
            f.write(json.dumps(r.record(), ensure_ascii=False) + "\n")
    return runs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=HERE, help="output folder (default: next to this script)")
    args = ap.parse_args()
    runs = build(args.out)
    print("wrote %d runs to %s" % (len(runs), os.path.join(args.out, "corpus.jsonl")))


if __name__ == "__main__":
    main()
