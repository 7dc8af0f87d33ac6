#!/usr/bin/env python3
"""Generate the "stagehand" held-out corpus (stdlib only, deterministic).

Application: Cuesheet, the production-management system of the (made-up)
Harbourlight Theatre Company.  Signed-in user: Marisol Achebe, Production
Manager.  "Today" is Tuesday 14 October 2025.

Writes, next to this file:
  corpus.jsonl                      20 trajectories (8 healthy, 12 faulty)
  plans/room-booking.yaml           plan for the rehearsal-room booking workflow
  plans/timesheet-approval.yaml     plan for the timesheet approval workflow

Run:  python3 make_corpus.py
"""
import datetime
import json
import os
import random

SEED = 20251014
BASE = "http://127.0.0.1:8000"
PRODUCT = "Cuesheet"
ORG = "Harbourlight Theatre Company"
USER = "Marisol Achebe"
USER_ROLE = "Production Manager"
USER_EMAIL = "m.achebe@harbourlight.example"
HERE = os.path.dirname(os.path.abspath(__file__))

INTERACTIVE = {"link", "button", "tab", "radio", "checkbox", "combobox", "textbox",
               "searchbox", "spinbutton", "menuitem", "option"}


# --------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym flattened AXTree style)
# --------------------------------------------------------------------------
class _Nest:
    def __init__(self, page):
        self.page = page

    def __enter__(self):
        self.page.depth += 1
        return self.page

    def __exit__(self, *exc):
        self.page.depth -= 1
        return False


class Page:
    """One rendered page. Bids are assigned in document order with small,
    deterministic gaps (per page kind), as BrowserGym's DOM marking does."""

    def __init__(self, kind, title, path):
        self.kind = kind
        self.title = "%s · %s" % (title, PRODUCT)
        self.url = BASE + path
        self.rng = random.Random("%s/%s" % (SEED, kind))
        self.n = self.rng.randint(11, 40)
        self.lines = ["RootWebArea %r, focused" % self.title]
        self.depth = 1
        self.ids = {}

    def node(self, role, name="", key=None, value=None, props=()):
        self.n += self.rng.choice((1, 1, 1, 2, 2, 3, 5))
        bid = str(self.n)
        s = "[%s] %s %r" % (bid, role, name)
        if value is not None:
            s += " value=%r" % (value,)
        props = list(props)
        if role in INTERACTIVE and "clickable" not in props:
            props.insert(0, "clickable")
        for pr in props:
            s += ", " + pr
        self.lines.append("\t" * self.depth + s)
        if key is not None:
            if key in self.ids:
                raise ValueError("duplicate key %s on %s" % (key, self.kind))
            self.ids[key] = (bid, role, name)
        return _Nest(self)

    def text(self, s):
        self.lines.append("\t" * self.depth + "StaticText %r" % s)

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": None}


def heading(p, text, level=1, key=None):
    p.node("heading", text, key=key, props=["level=%d" % level])


def dl(p, pairs, name=""):
    with p.node("DescriptionList", name):
        for term, val in pairs:
            with p.node("DescriptionListTerm", ""):
                p.text(term)
            with p.node("DescriptionListDetail", ""):
                p.text(val)


def table(p, name, headers, rows, sort=None, sortable=(), cell_links=None):
    """rows: list of lists of cell texts. cell_links: {(r, c): (key, link name)}."""
    cell_links = cell_links or {}
    with p.node("table", name):
        with p.node("rowgroup", ""):
            with p.node("row", " ".join(headers)):
                for h in headers:
                    props = []
                    if h in sortable:
                        props.append("clickable")
                    if sort and sort[0] == h:
                        props.append("sort=%r" % sort[1])
                    p.node("columnheader", h, key=("col_" + h) if h in sortable else None,
                           props=props)
        with p.node("rowgroup", ""):
            for r, row in enumerate(rows):
                with p.node("row", " ".join(c for c in row if c)):
                    for c, cell in enumerate(row):
                        with p.node("cell", cell):
                            if (r, c) in cell_links:
                                k, nm = cell_links[(r, c)]
                                p.node("link", nm, key=k)


def breadcrumbs(p, items):
    with p.node("navigation", "Breadcrumb"):
        with p.node("list", ""):
            for i, (label, key) in enumerate(items):
                with p.node("listitem", ""):
                    if i == len(items) - 1:
                        p.node("link", label, key=key, props=["current='page'"])
                    else:
                        p.node("link", label, key=key)


def chrome(p, active, notifications=3, search_value=None):
    with p.node("banner", ""):
        p.node("link", "%s — %s" % (PRODUCT, ORG), key="brand")
        with p.node("navigation", "Main"):
            with p.node("list", ""):
                for label in ("Home", "Productions", "Rehearsal rooms", "Bookings",
                              "Timesheets", "Reports"):
                    props = ["current='page'"] if label == active else []
                    with p.node("listitem", ""):
                        p.node("link", label, key="nav_" + label.lower().replace(" ", "_"),
                               props=props)
        with p.node("search", "Site search"):
            p.node("searchbox", "Search productions, rooms, crew and timesheets",
                   key="search_box", value=search_value)
            p.node("button", "Search", key="search_btn")
        p.node("button", "Notifications, %d unread" % notifications, key="notifications",
               props=["hasPopup='menu'", "expanded=False"])
        p.node("button", "%s, %s" % (USER, USER_ROLE), key="user_menu",
               props=["hasPopup='menu'", "expanded=False"])


def notices(p, message=None, kind="status", dismissable=True):
    with p.node("region", "Notifications"):
        live = "'assertive'" if kind == "alert" else "'polite'"
        with p.node(kind, "", props=["live=%s" % live, "atomic=True", "relevant='additions text'"]):
            if message:
                p.text(message)
        if message and dismissable:
            p.node("button", "Dismiss notification", key="toast_dismiss")


def footer(p):
    with p.node("contentinfo", ""):
        p.text("© 2025 %s · %s 4.12.1 · Data refreshed 14 Oct 2025" % (ORG, PRODUCT))
        with p.node("list", ""):
            for label in ("Help centre", "Accessibility statement", "Privacy", "Status"):
                with p.node("listitem", ""):
                    p.node("link", label)
        p.text("Signed in as %s" % USER_EMAIL)


def fmt_date(iso):
    d = datetime.date.fromisoformat(iso)
    return "%s %d %s" % (d.strftime("%a"), d.day, d.strftime("%b %Y"))


# --------------------------------------------------------------------------
# Application data
# --------------------------------------------------------------------------
# code, title, venue, status, director, opens (iso), last updated (iso, display)
PRODUCTIONS = [
    ("P-2452", "The Crucible", "Main House", "In rehearsal", "Ruth Ashdown", "2025-11-21", "2025-10-14 09:12"),
    ("P-2409", "Hedda Gabler", "Main House", "In rehearsal", "Tomasz Wren", "2025-11-07", "2025-10-14 08:40"),
    ("P-2471", "The Glass Menagerie (Schools Tour)", "Touring", "Pre-production", "Adaeze Fall", "2026-01-12", "2025-10-13 17:05"),
    ("P-2431", "Sweeney Todd", "Main House", "Running", "Cormac Lyle", "2025-09-19", "2025-10-13 16:30"),
    ("P-2460", "A Christmas Carol", "Studio Theatre", "Pre-production", "Bea Navarro", "2025-12-04", "2025-10-13 11:18"),
    ("P-2418", "The Glass Slipper", "Main House", "Pre-production", "Gideon Marr", "2025-12-12", "2025-10-13 10:02"),
    ("P-2439", "Youth Company Showcase", "Courtyard", "Pre-production", "Ines Kaur", "2025-11-28", "2025-10-12 19:44"),
    ("P-2424", "Twelfth Night", "Courtyard", "In rehearsal", "Olu Bankole", "2025-11-14", "2025-10-12 15:20"),
    ("P-2446", "Under Milk Wood (Audio)", "Recording studio", "In production", "Rhodri Price", "2025-12-19", "2025-10-11 13:37"),
    ("P-2413", "Blood Wedding", "Studio Theatre", "Running", "Sofia Marín", "2025-10-02", "2025-10-11 09:05"),
    ("P-2448", "Late Night Cabaret", "Bar Stage", "Running", "Jules Okoro", "2025-10-09", "2025-10-10 22:10"),
    ("P-2465", "Spring Season Readings", "Studio Theatre", "Planning", "Priya Raman", "2026-03-06", "2025-10-10 16:48"),
    ("P-2417", "The Glass Menagerie", "Studio Theatre", "In rehearsal", "Adaeze Fall", "2025-10-30", "2025-10-10 15:22"),
    ("P-2427", "The Wind in the Willows", "Main House", "Planning", "Gideon Marr", "2026-04-02", "2025-10-09 12:00"),
    ("P-2403", "Our Town", "Studio Theatre", "Closed", "Ruth Ashdown", "2025-09-05", "2025-10-08 18:31"),
    ("P-2436", "Dance Lab: Tidelines", "Courtyard", "In rehearsal", "Mei Tanaka", "2025-10-24", "2025-10-08 10:15"),
    ("P-2411", "The Lady Vanishes", "Main House", "Closed", "Cormac Lyle", "2025-08-15", "2025-10-06 14:02"),
    ("P-2457", "Relaxed Panto Performance", "Main House", "Pre-production", "Gideon Marr", "2025-12-30", "2025-10-06 09:40"),
    ("P-2441", "Playwrights' Lab Week", "Studio Theatre", "Planning", "Priya Raman", "2026-02-09", "2025-10-03 11:25"),
    ("P-2420", "Macbeth (Schools Matinees)", "Main House", "Planning", "Tomasz Wren", "2026-02-23", "2025-09-30 16:00"),
    ("P-2405", "Chamber Music Sundays", "Bar Stage", "Running", "Jules Okoro", "2025-09-07", "2025-09-29 10:45"),
    ("P-2399", "Summer Courtyard Shakespeare", "Courtyard", "Closed", "Olu Bankole", "2025-07-11", "2025-09-25 08:30"),
    ("P-2467", "New Writing Festival", "Studio Theatre", "Planning", "Priya Raman", "2026-05-11", "2025-09-22 14:14"),
]
PROD = {r[0]: r for r in PRODUCTIONS}

PROD_DETAIL = {
    "P-2417": {
        "facts": [("Director", "Adaeze Fall"), ("Stage manager", "Holly Brandt"),
                  ("Company", "7 cast · 6 crew"), ("First rehearsal", "Mon 22 Sep 2025"),
                  ("Tech week", "Mon 27 Oct 2025"), ("Opens", "Thu 30 Oct 2025"),
                  ("Closes", "Sat 22 Nov 2025")],
        "bookings": [("RB-5524", "Rehearsal Studio 2", "Wed 15 Oct 2025", "14:00–17:00", "Confirmed"),
                     ("RB-5528", "Rehearsal Studio 1", "Fri 17 Oct 2025", "10:00–16:00", "Provisional")],
        "related": [("P-2471", "The Glass Menagerie (Schools Tour)", "Same director and set design")],
        "company": [("Holly Brandt", "Stage manager"), ("Fern Adeyemi", "Deputy stage manager"),
                    ("Lola Fenwick", "Props supervisor")],
    },
    "P-2471": {
        "facts": [("Director", "Adaeze Fall"), ("Stage manager", "Wes Okonjo"),
                  ("Company", "4 cast · 2 crew"), ("First rehearsal", "Mon 24 Nov 2025"),
                  ("Tech week", "Not scheduled"), ("Opens", "Mon 12 Jan 2026"),
                  ("Closes", "Fri 27 Mar 2026 (tour)")],
        "bookings": [],
        "related": [("P-2417", "The Glass Menagerie", "Main-stage production this tour adapts")],
        "company": [("Wes Okonjo", "Stage manager / relights"), ("Tamsin Hale", "Education officer")],
    },
}

UPCOMING_BOOKINGS = [
    ("RB-5524", "Rehearsal Studio 2", "The Glass Menagerie", "Wed 15 Oct 2025", "14:00–17:00", "Confirmed"),
    ("RB-5526", "Rehearsal Studio 1", "Hedda Gabler", "Thu 16 Oct 2025", "09:30–12:30", "Confirmed"),
    ("RB-5525", "Main House stage", "Sweeney Todd", "Thu 16 Oct 2025", "09:00–18:00", "Confirmed"),
    ("RB-5528", "Rehearsal Studio 1", "The Glass Menagerie", "Fri 17 Oct 2025", "10:00–16:00", "Provisional"),
    ("RB-5529", "Rehearsal Studio 3 (Loft)", "Twelfth Night", "Fri 17 Oct 2025", "10:00–12:00", "Confirmed"),
    ("RB-5530", "Courtyard", "Dance Lab: Tidelines", "Sat 18 Oct 2025", "11:00–15:00", "Confirmed"),
    ("RB-5522", "Rehearsal Studio 2", "The Crucible", "Mon 20 Oct 2025", "10:00–17:00", "Confirmed"),
    ("RB-5523", "Rehearsal Studio 3 (Loft)", "A Christmas Carol", "Tue 21 Oct 2025", "14:00–18:00", "Provisional"),
]

PRODUCTION_OPTIONS = ["P-2409 · Hedda Gabler", "P-2417 · The Glass Menagerie",
                      "P-2418 · The Glass Slipper", "P-2424 · Twelfth Night",
                      "P-2436 · Dance Lab: Tidelines", "P-2452 · The Crucible",
                      "P-2460 · A Christmas Carol", "P-2471 · The Glass Menagerie (Schools Tour)"]
REHEARSAL_TYPES = ["Blocking", "Music call", "Fight call", "Run-through", "Technical rehearsal"]
EQUIPMENT = ["Upright piano", "Mirror wall uncovered", "Sound playback", "Full blackout"]
START_TIMES = ["%02d:00" % h for h in range(8, 21)]
END_TIMES = ["%02d:00" % h for h in range(9, 23)]

# room availability by date (for 10:00-13:00)
ROOMS = {
    "2025-10-16": [
        ("Studio 1", "Rehearsal Studio 1 — booked 09:30–12:30 (Hedda Gabler)", False),
        ("Studio 2", "Rehearsal Studio 2 — available · seats 20 · upright piano", True),
        ("Studio 3", "Rehearsal Studio 3 (Loft) — available · seats 12 · no piano", True),
        ("Main House", "Main House stage — unavailable (Sweeney Todd performance day)", False),
    ],
    "2025-10-17": [
        ("Studio 1", "Rehearsal Studio 1 — booked 10:00–16:00 (The Glass Menagerie)", False),
        ("Studio 2", "Rehearsal Studio 2 — available · seats 20 · upright piano", True),
        ("Studio 3", "Rehearsal Studio 3 (Loft) — booked 10:00–12:00 (Twelfth Night)", False),
        ("Main House", "Main House stage — unavailable (Hedda Gabler technical)", False),
    ],
}
ROOM_FULL = {"Studio 1": "Rehearsal Studio 1", "Studio 2": "Rehearsal Studio 2",
             "Studio 3": "Rehearsal Studio 3 (Loft)", "Main House": "Main House stage"}


# --------------------------------------------------------------------------
# Pages: shared
# --------------------------------------------------------------------------
def home_page(toast=None, search_value=None):
    p = Page("home", "Home", "/home")
    chrome(p, "Home", search_value=search_value)
    with p.node("main", ""):
        heading(p, "Good morning, Marisol")
        p.text("Tuesday 14 October 2025 · Autumn 2025 season")
        with p.node("region", "Today's rehearsals"):
            heading(p, "Today's rehearsals", 2)
            table(p, "Today's rehearsals", ["Time", "Room", "Production", "Call"], [
                ["10:00–13:00", "Rehearsal Studio 2", "The Glass Menagerie", "Blocking, Act 2 sc. 6"],
                ["10:00–17:00", "Main House stage", "Hedda Gabler", "Technical rehearsal"],
                ["14:00–17:00", "Rehearsal Studio 3 (Loft)", "Twelfth Night", "Music call"],
                ["18:30–21:30", "Courtyard", "Dance Lab: Tidelines", "Run-through"],
            ])
            p.node("link", "See all room bookings", key="all_bookings")
        with p.node("region", "Waiting for you"):
            heading(p, "Waiting for you", 2)
            with p.node("list", ""):
                for label, key in (("15 timesheets awaiting approval · week of 6 Oct", "todo_timesheets"),
                                   ("1 booking draft", "todo_drafts"),
                                   ("Budget variance flagged: Hedda Gabler wardrobe", None)):
                    with p.node("listitem", ""):
                        p.node("link", label, key=key)
        with p.node("complementary", "Recently viewed"):
            heading(p, "Recently viewed", 2)
            with p.node("list", ""):
                for label in ("P-2471 · The Glass Menagerie (Schools Tour)",
                              "TS-30718 · Jonah Reyes · 29 Sep – 5 Oct 2025",
                              "RB-5524 · Rehearsal Studio 2 · Wed 15 Oct",
                              "P-2409 · Hedda Gabler"):
                    with p.node("listitem", ""):
                        p.node("link", label)
    notices(p, toast)
    footer(p)
    return p


def search_page(q):
    p = Page("search", "Search: %s" % q, "/search?q=" + q.replace(" ", "+"))
    chrome(p, None, search_value=q)
    with p.node("main", ""):
        breadcrumbs(p, [("Home", "bc_home"), ("Search", "bc_search")])
        heading(p, "Search results for ‘%s’" % q)
        if q == "Glass Menagerie":
            groups = [
                ("Productions (3)", [
                    ("P-2417 · The Glass Menagerie", "Studio Theatre · In rehearsal · Opens Thu 30 Oct 2025", "res_P-2417"),
                    ("P-2471 · The Glass Menagerie (Schools Tour)", "Touring · Pre-production · Opens Mon 12 Jan 2026", "res_P-2471"),
                    ("P-2418 · The Glass Slipper", "Main House · Pre-production · Opens Fri 12 Dec 2025", "res_P-2418"),
                ]),
                ("Room bookings (2)", [
                    ("RB-5524 · Rehearsal Studio 2 · The Glass Menagerie", "Wed 15 Oct 2025 · 14:00–17:00 · Confirmed", None),
                    ("RB-5528 · Rehearsal Studio 1 · The Glass Menagerie", "Fri 17 Oct 2025 · 10:00–16:00 · Provisional", None),
                ]),
                ("Crew (0)", []),
            ]
        else:
            groups = [
                ("Crew (2)", [
                    ("Jonah Reyes", "C-118 · Stage crew · Hedda Gabler", "res_C-118"),
                    ("Jonah Rees", "C-131 · Lighting · The Crucible", "res_C-131"),
                ]),
                ("Timesheets (3)", [
                    ("TS-30812 · Jonah Reyes · 6–12 Oct 2025", "Stage crew · 41.5 h · Submitted", "res_TS-30812"),
                    ("TS-30718 · Jonah Reyes · 29 Sep – 5 Oct 2025", "Stage crew · 40.0 h · Approved", "res_TS-30718"),
                    ("TS-30821 · Joanna Reyes · 6–12 Oct 2025", "Wardrobe · 37.5 h · Submitted", "res_TS-30821"),
                ]),
                ("Productions (0)", []),
            ]
        total = sum(len(g[1]) for g in groups)
        with p.node("tablist", "Result types"):
            p.node("tab", "All (%d)" % total, props=["selected=True"])
            for g, _ in groups:
                p.node("tab", g, props=["selected=False"])
        p.text("%d results · sorted by relevance" % total)
        for g, items in groups:
            with p.node("region", g):
                heading(p, g, 2)
                if not items:
                    p.text("No matches in this category.")
                with p.node("list", ""):
                    for label, desc, key in items:
                        with p.node("listitem", ""):
                            p.node("link", label, key=key)
                            p.text(desc)
    notices(p)
    footer(p)
    return p


# --------------------------------------------------------------------------
# Pages: productions and bookings
# --------------------------------------------------------------------------
def productions_page(page=1, sort="updated"):
    if sort == "updated":
        rows = sorted(PRODUCTIONS, key=lambda r: r[6], reverse=True)
        sort_col = ("Last updated", "descending")
    else:
        rows = sorted(PRODUCTIONS, key=lambda r: r[5])
        sort_col = ("Opens", "ascending")
    per = 12
    chunk = rows[(page - 1) * per: page * per]
    path = "/productions?season=autumn-2025&sort=%s&page=%d" % (
        "-updated" if sort == "updated" else "opens", page)
    p = Page("productions", "Productions", path)
    chrome(p, "Productions")
    with p.node("main", ""):
        breadcrumbs(p, [("Home", "bc_home"), ("Productions", "bc_productions")])
        heading(p, "Productions")
        p.node("button", "New production", key="new_production")
        with p.node("region", "Filter productions"):
            with p.node("combobox", "Season", value="Autumn 2025",
                        props=["hasPopup='listbox'", "expanded=False"]):
                for o in ("Summer 2025", "Autumn 2025", "Spring 2026"):
                    p.node("option", o, props=["selected=%s" % (o == "Autumn 2025")])
            with p.node("combobox", "Venue", value="All venues",
                        props=["hasPopup='listbox'", "expanded=False"]):
                for o in ("All venues", "Main House", "Studio Theatre", "Courtyard", "Bar Stage", "Touring"):
                    p.node("option", o, props=["selected=%s" % (o == "All venues")])
            with p.node("combobox", "Status", value="All statuses",
                        props=["hasPopup='listbox'", "expanded=False"]):
                for o in ("All statuses", "Planning", "Pre-production", "In rehearsal", "Running", "Closed"):
                    p.node("option", o, props=["selected=%s" % (o == "All statuses")])
            p.node("button", "Apply", key="apply_filters")
        lo = (page - 1) * per + 1
        p.text("Showing %d–%d of %d productions · sorted by %s" % (
            lo, lo + len(chunk) - 1, len(rows),
            "last updated (newest first)" if sort == "updated" else "opening date (soonest first)"))
        links = {}
        body = []
        for i, r in enumerate(chunk):
            upd = datetime.datetime.fromisoformat(r[6])
            body.append([r[0], r[1], r[2], r[3], r[4], fmt_date(r[5]),
                         "%d %s %s" % (upd.day, upd.strftime("%b"), upd.strftime("%H:%M"))])
            links[(i, 1)] = ("prod_" + r[0], r[1])
        table(p, "Productions", ["Code", "Title", "Venue", "Status", "Director", "Opens", "Last updated"],
              body, sort=sort_col, sortable=("Code", "Title", "Status", "Opens", "Last updated"),
              cell_links=links)
        pages = (len(rows) + per - 1) // per
        with p.node("navigation", "Pagination"):
            p.node("link", "Previous page", key="prev_page",
                   props=["disabled=True"] if page == 1 else [])
            for k in range(1, pages + 1):
                p.node("link", "Page %d" % k, key="page_%d" % k,
                       props=["current='page'"] if k == page else [])
            p.node("link", "Next page", key="next_page",
                   props=["disabled=True"] if page == pages else [])
    notices(p)
    footer(p)
    return p


def production_page(code, toast=None):
    r = PROD[code]
    d = PROD_DETAIL[code]
    p = Page("production", "%s %s" % (code, r[1]), "/productions/" + code)
    chrome(p, "Productions")
    with p.node("main", ""):
        breadcrumbs(p, [("Home", "bc_home"), ("Productions", "bc_productions"), (code, "bc_record")])
        heading(p, r[1])
        p.text("%s · %s · %s" % (code, r[2], r[3]))
        with p.node("toolbar", "Production actions"):
            p.node("button", "Book rehearsal room", key="book_room")
            p.node("button", "Edit production", key="edit_production")
            p.node("button", "More actions", key="more_actions",
                   props=["hasPopup='menu'", "expanded=False"])
        with p.node("tablist", "Production sections"):
            p.node("tab", "Overview", props=["selected=True"])
            p.node("tab", "Rehearsal schedule", props=["selected=False"])
            p.node("tab", "Company", props=["selected=False"])
            p.node("tab", "Documents (12)", props=["selected=False"])
        with p.node("tabpanel", "Overview"):
            with p.node("region", "Key facts"):
                heading(p, "Key facts", 2)
                dl(p, d["facts"])
            with p.node("region", "Upcoming room bookings"):
                heading(p, "Upcoming room bookings", 2)
                if d["bookings"]:
                    table(p, "Upcoming room bookings", ["Booking", "Room", "Date", "Time", "Status"],
                          [list(b) for b in d["bookings"]],
                          cell_links={(i, 0): (None, b[0]) for i, b in enumerate(d["bookings"])})
                else:
                    p.text("No upcoming room bookings for this production.")
            with p.node("region", "Company contacts"):
                heading(p, "Company contacts", 2)
                with p.node("list", ""):
                    for nm, role in d["company"]:
                        with p.node("listitem", ""):
                            p.node("link", nm)
                            p.text(role)
        with p.node("complementary", "Related productions"):
            heading(p, "Related productions", 2)
            with p.node("list", ""):
                for rc, rt, why in d["related"]:
                    with p.node("listitem", ""):
                        p.node("link", "%s · %s" % (rc, rt), key="related_" + rc)
                        p.text(why)
        with p.node("complementary", "Recently viewed"):
            heading(p, "Recently viewed", 2)
            with p.node("list", ""):
                for label in ("P-2409 · Hedda Gabler", "RB-5524 · Rehearsal Studio 2",
                              "P-2418 · The Glass Slipper"):
                    with p.node("listitem", ""):
                        p.node("link", label)
    notices(p, toast)
    footer(p)
    return p


def bookings_page(tab="upcoming", drafts=None):
    drafts = drafts if drafts is not None else [
        ("DR-0899", "Hedda Gabler", "Rehearsal Studio 3 (Loft)", "Mon 20 Oct 2025 · 14:00–18:00", "Thu 9 Oct 2025, 16:22")]
    path = "/bookings" + ("?tab=drafts" if tab == "drafts" else "")
    p = Page("bookings", "Room bookings" if tab == "upcoming" else "My booking drafts", path)
    chrome(p, "Bookings")
    with p.node("main", ""):
        breadcrumbs(p, [("Home", "bc_home"), ("Bookings", "bc_bookings")])
        heading(p, "Room bookings")
        p.node("button", "New booking", key="new_booking")
        with p.node("tablist", "Booking views"):
            p.node("tab", "Upcoming", key="tab_upcoming", props=["selected=%s" % (tab == "upcoming")])
            p.node("tab", "My drafts (%d)" % len(drafts), key="tab_drafts",
                   props=["selected=%s" % (tab == "drafts")])
            p.node("tab", "Past", key="tab_past", props=["selected=False"])
        with p.node("tabpanel", "Upcoming" if tab == "upcoming" else "My drafts (%d)" % len(drafts)):
            if tab == "upcoming":
                with p.node("group", "Filter bookings"):
                    with p.node("combobox", "Room", value="All rooms",
                                props=["hasPopup='listbox'", "expanded=False"]):
                        for o in ("All rooms", "Rehearsal Studio 1", "Rehearsal Studio 2",
                                  "Rehearsal Studio 3 (Loft)", "Main House stage", "Courtyard"):
                            p.node("option", o, props=["selected=%s" % (o == "All rooms")])
                    p.node("textbox", "From", value="2025-10-14")
                    p.node("button", "Apply")
                p.text("Showing 1–%d of %d upcoming bookings" % (len(UPCOMING_BOOKINGS), len(UPCOMING_BOOKINGS)))
                table(p, "Upcoming bookings", ["Booking", "Room", "Production", "Date", "Time", "Status"],
                      [list(b) for b in UPCOMING_BOOKINGS],
                      sort=("Date", "ascending"), sortable=("Booking", "Room", "Date"),
                      cell_links={(i, 0): (None, b[0]) for i, b in enumerate(UPCOMING_BOOKINGS)})
            else:
                p.text("Drafts are kept for 14 days. Rooms are not held until a booking is submitted.")
                with p.node("table", "My drafts"):
                    with p.node("row", "Draft Production Room Date and time Saved Actions"):
                        for h in ("Draft", "Production", "Room", "Date and time", "Saved", "Actions"):
                            p.node("columnheader", h)
                    for did, prod, room, when, saved in drafts:
                        with p.node("row", " ".join((did, prod, room, when, saved))):
                            for c in (did, prod, room, when, saved):
                                p.node("cell", c)
                            with p.node("cell", ""):
                                p.node("button", "Resume", key="resume_" + did)
                                p.node("button", "Discard", key="discard_" + did)
    notices(p)
    footer(p)
    return p


STEP_TITLES = ["Production and purpose", "Date and time", "Room and requirements", "Review your booking"]


def new_state(production=None):
    return {"production": production, "rtype": None, "notes": "", "date": "", "start": "",
            "end": "", "repeat": False, "room": None, "attendance": "", "equipment": [],
            "draft": None}


def wizard_page(st, step, error=None, status=None, dialog=False, submitting=False):
    code = st["production"].split(" · ")[0] if st["production"] else None
    if st["draft"]:
        path = "/bookings/drafts/%s?step=%d" % (st["draft"], step)
    elif code and st.get("from_production"):
        path = "/productions/%s/book-room?step=%d" % (code, step)
    else:
        path = "/bookings/new?step=%d" % step
    p = Page("wizard%d" % step, "Book a rehearsal room – Step %d of 4" % step, path)
    chrome(p, "Bookings")
    with p.node("main", ""):
        breadcrumbs(p, [("Home", "bc_home"), ("Bookings", "bc_bookings"),
                        ("New booking" if not st["draft"] else "Draft %s" % st["draft"], "bc_here")])
        heading(p, "Book a rehearsal room")
        if st["draft"]:
            p.text("Draft %s · last saved 14 Oct 2025, 10:41" % st["draft"])
        with p.node("navigation", "Booking steps"):
            with p.node("list", ""):
                for i, t in enumerate(STEP_TITLES, 1):
                    with p.node("listitem", ""):
                        if i < step:
                            p.node("link", "Step %d: %s, completed" % (i, t), key="goto_step%d" % i)
                        elif i == step:
                            p.text("Step %d: %s, current step" % (i, t))
                        else:
                            p.text("Step %d: %s, not started" % (i, t))
        if error:
            with p.node("alert", "There is a problem", props=["live='assertive'", "atomic=True"]):
                p.text("There is a problem")
                p.node("link", error, key="error_link")
        heading(p, "Step %d of 4: %s" % (step, STEP_TITLES[step - 1]), 2)
        with p.node("form", "Book a rehearsal room"):
            if step == 1:
                with p.node("combobox", "Production", key="production",
                            value=st["production"] or "Choose a production",
                            props=["hasPopup='listbox'", "expanded=False", "required"]):
                    for o in ["Choose a production"] + PRODUCTION_OPTIONS:
                        p.node("option", o, props=["selected=%s" % (o == (st["production"] or "Choose a production"))])
                with p.node("radiogroup", "Rehearsal type", props=["required"]):
                    for t in REHEARSAL_TYPES:
                        p.node("radio", t, key="rtype_" + t,
                               props=["checked=%r" % ("true" if st["rtype"] == t else "false")])
                p.node("textbox", "Notes for the room steward (optional)", key="notes",
                       value=st["notes"] or None, props=["multiline"])
            elif step == 2:
                p.node("textbox", "Rehearsal date", key="date", value=st["date"] or None,
                       props=["required", "describedby='For example, 2025-10-16'"])
                p.text("For example, 2025-10-16")
                for fld, label, opts in (("start", "Start time", START_TIMES), ("end", "End time", END_TIMES)):
                    cur = st[fld] or "Select"
                    with p.node("combobox", label, key=fld, value=cur,
                                props=["hasPopup='listbox'", "expanded=False", "required"]):
                        for o in ["Select"] + opts:
                            p.node("option", o, props=["selected=%s" % (o == cur)])
                p.node("checkbox", "Repeat weekly", key="repeat",
                       props=["checked=%r" % ("true" if st["repeat"] else "false")])
                with p.node("region", "Room availability"):
                    if st["date"] in ROOMS:
                        heading(p, "Availability on %s" % fmt_date(st["date"]), 3)
                        with p.node("list", ""):
                            for _, label, ok in ROOMS[st["date"]]:
                                with p.node("listitem", ""):
                                    p.text(label)
                    else:
                        heading(p, "Room availability", 3)
                        p.text("Choose a date to see which rooms are free.")
            elif step == 3:
                when = "%s, %s–%s" % (fmt_date(st["date"]), st["start"], st["end"])
                p.text("Rooms for %s" % when)
                with p.node("radiogroup", "Room", props=["required"]):
                    for rk, label, ok in ROOMS[st["date"]]:
                        props = ["checked=%r" % ("true" if st["room"] == rk else "false")]
                        if not ok:
                            props.append("disabled=True")
                        p.node("radio", label, key="room_" + rk, props=props)
                att_props = ["required", "valuemin=1", "valuemax=20"]
                if error:
                    att_props.append("invalid='true'")
                p.node("spinbutton", "Expected attendance", key="attendance",
                       value=st["attendance"] or None, props=att_props)
                if error:
                    p.text("Enter the expected attendance (1–20)")
                else:
                    p.text("Include cast, crew and creatives")
                with p.node("group", "Equipment and setup"):
                    for e in EQUIPMENT:
                        p.node("checkbox", e, key="equip_" + e,
                               props=["checked=%r" % ("true" if e in st["equipment"] else "false")])
            else:
                dl(p, [("Production", st["production"]),
                       ("Rehearsal type", st["rtype"]),
                       ("Notes for the room steward", st["notes"] or "None"),
                       ("Date", fmt_date(st["date"])),
                       ("Time", "%s–%s" % (st["start"], st["end"])),
                       ("Room", ROOM_FULL[st["room"]]),
                       ("Expected attendance", st["attendance"]),
                       ("Equipment and setup", ", ".join(st["equipment"]) or "None")],
                   name="Booking summary")
                for i in (1, 2, 3):
                    p.node("link", "Change %s" % STEP_TITLES[i - 1].lower(), key="change_%d" % i)
                p.text("Not submitted yet. The room is only held once you submit the booking.")
            with p.node("group", "Form actions"):
                if step > 1:
                    p.node("button", "Back", key="back")
                p.node("button", "Save draft", key="save_draft")
                if step < 4:
                    p.node("button", "Continue", key="continue")
                else:
                    p.node("button", "Submit booking", key="submit")
        with p.node("complementary", "Booking help"):
            heading(p, "Booking help", 2)
            p.text("Rehearsal rooms can be booked up to 8 weeks ahead. Studio bookings over 6 hours need the Head of Production's approval.")
            p.node("link", "Room specifications and floor plans")
    if submitting:
        notices(p, "Submitting your booking…", dismissable=False)
    else:
        notices(p, status)
    footer(p)
    if dialog:
        with p.node("dialog", "Submit booking request?", props=["modal=True"]):
            heading(p, "Submit booking request?", 2)
            p.text("%s will be held for %s on %s, %s–%s. The room steward will be notified." % (
                ROOM_FULL[st["room"]], st["production"].split(" · ", 1)[1],
                fmt_date(st["date"]), st["start"], st["end"]))
            p.node("button", "Cancel", key="dlg_cancel")
            p.node("button", "Submit booking", key="dlg_submit", props=["focused"])
    return p


def confirmation_page(st, rb, others=()):
    code, title = st["production"].split(" · ", 1)
    p = Page("booking", "Booking %s" % rb, "/bookings/" + rb)
    chrome(p, "Bookings")
    with p.node("main", ""):
        breadcrumbs(p, [("Home", "bc_home"), ("Bookings", "bc_bookings"), (rb, "bc_here")])
        heading(p, "Booking %s confirmed" % rb)
        p.text("Status: Confirmed · Requested by %s on 14 Oct 2025" % USER)
        dl(p, [("Production", "%s · %s" % (code, title)),
               ("Room", ROOM_FULL[st["room"]]),
               ("Date", fmt_date(st["date"])),
               ("Time", "%s–%s" % (st["start"], st["end"])),
               ("Rehearsal type", st["rtype"]),
               ("Expected attendance", st["attendance"]),
               ("Equipment and setup", ", ".join(st["equipment"]) or "None"),
               ("Room steward", "Pat Doyle (ext. 2207)")], name="Booking details")
        with p.node("toolbar", "Booking actions"):
            p.node("button", "Add to calendar", key="add_calendar")
            p.node("button", "Edit booking", key="edit_booking")
            p.node("button", "Cancel this booking", key="cancel_booking")
        p.node("link", "Back to %s (%s)" % (title, code), key="back_to_production")
        p.node("link", "Book another room", key="book_another")
        with p.node("complementary", "Other bookings for %s" % title):
            heading(p, "Other bookings for %s" % title, 2)
            rows = [list(o) for o in others] + [
                [b[0], b[1], b[2], b[3], b[4]] for b in PROD_DETAIL[code]["bookings"]]
            if rows:
                table(p, "Other bookings", ["Booking", "Room", "Date", "Time", "Status"], rows)
            else:
                p.text("No other bookings for this production.")
    notices(p, "Booking %s submitted. The room steward has been notified." % rb)
    footer(p)
    return p


# --------------------------------------------------------------------------
# Pages: timesheets
# --------------------------------------------------------------------------
# id, crew member, department, production, hours, overtime, submitted (iso)
TIMESHEETS = [
    ("TS-30829", "Nia Thorne", "Lighting", "Hedda Gabler", "40.0", "0.0", "2025-10-14 08:20"),
    ("TS-30826", "Marek Novak", "Stage crew", "Hedda Gabler", "41.0", "1.0", "2025-10-13 19:02"),
    ("TS-30824", "Lola Fenwick", "Props", "The Glass Menagerie", "40.0", "0.0", "2025-10-13 18:40"),
    ("TS-30822", "Kit Morrow", "Stage crew", "The Crucible", "35.0", "0.0", "2025-10-13 17:15"),
    ("TS-30821", "Joanna Reyes", "Wardrobe", "Hedda Gabler", "37.5", "0.0", "2025-10-13 16:58"),
    ("TS-30819", "Ivo Brennan", "Sound", "Sweeney Todd", "40.0", "0.0", "2025-10-13 15:31"),
    ("TS-30818", "Hana Sato", "Stage crew", "Hedda Gabler", "40.0", "0.0", "2025-10-13 14:07"),
    ("TS-30816", "Gus Lindqvist", "Stage crew", "Sweeney Todd", "46.5", "6.5", "2025-10-13 12:44"),
    ("TS-30815", "Fern Adeyemi", "Stage management", "The Glass Menagerie", "42.0", "2.0", "2025-10-13 11:26"),
    ("TS-30813", "Jonah Rees", "Lighting", "The Crucible", "39.0", "0.0", "2025-10-13 10:12"),
    ("TS-30812", "Jonah Reyes", "Stage crew", "Hedda Gabler", "41.5", "0.0", "2025-10-13 08:55"),
    ("TS-30810", "Carys Pugh", "Wardrobe", "The Glass Menagerie", "40.0", "0.0", "2025-10-12 21:03"),
    ("TS-30809", "Ben Castellano", "Sound", "Hedda Gabler", "38.0", "0.0", "2025-10-12 18:47"),
    ("TS-30807", "Amara Osei", "Lighting", "Sweeney Todd", "44.0", "4.0", "2025-10-12 17:30"),
    ("TS-30805", "Dara Quinlan", "Stage crew", "The Crucible", "40.0", "0.0", "2025-10-12 16:12"),
]
DEPARTMENTS = ["All departments", "Lighting", "Props", "Sound", "Stage crew", "Stage management", "Wardrobe"]
WEEKS = ["Week of 29 Sep 2025", "Week of 6 Oct 2025", "Week of 13 Oct 2025"]
RATES = ["Time and a half (1.5×)", "Double time (2.0×)", "Single time (1.0×)"]


def timesheets_page(dept="All departments", page=1, dept_pending=None, toast=None):
    rows = [r for r in TIMESHEETS if dept == "All departments" or r[2] == dept]
    per = 10
    chunk = rows[(page - 1) * per: page * per]
    q = "week=2025-10-06&status=submitted"
    if dept != "All departments":
        q += "&dept=" + dept.lower().replace(" ", "-")
    if page > 1:
        q += "&page=%d" % page
    p = Page("timesheets", "Timesheets", "/timesheets?" + q)
    chrome(p, "Timesheets")
    shown_dept = dept_pending or dept
    with p.node("main", ""):
        breadcrumbs(p, [("Home", "bc_home"), ("Timesheets", "bc_timesheets")])
        heading(p, "Timesheets awaiting approval")
        p.text("Payroll cut-off: Wed 15 Oct 2025, 12:00")
        p.node("button", "Filters", key="filters_toggle", props=["expanded=True"])
        with p.node("region", "Filters"):
            with p.node("combobox", "Week", key="week", value="Week of 6 Oct 2025",
                        props=["hasPopup='listbox'", "expanded=False"]):
                for o in WEEKS:
                    p.node("option", o, props=["selected=%s" % (o == "Week of 6 Oct 2025")])
            with p.node("combobox", "Department", key="department", value=shown_dept,
                        props=["hasPopup='listbox'", "expanded=False"]):
                for o in DEPARTMENTS:
                    p.node("option", o, props=["selected=%s" % (o == shown_dept)])
            with p.node("group", "Status"):
                for s in ("Submitted", "Returned", "Approved", "Draft"):
                    p.node("checkbox", s, props=["checked=%r" % ("true" if s == "Submitted" else "false")])
            p.node("button", "Apply filters", key="apply_filters")
            p.node("button", "Clear filters", key="clear_filters")
        lo = (page - 1) * per + 1
        p.text("Week of 6 Oct 2025 · %s · Showing %d–%d of %d" % (
            dept, lo, lo + len(chunk) - 1, len(rows)))
        with p.node("toolbar", "Bulk actions"):
            p.node("checkbox", "Select all on this page", props=["checked='false'"])
            p.node("button", "Approve selected", props=["disabled=True"])
            p.node("button", "Export CSV")
        body, links = [], {}
        for i, r in enumerate(chunk):
            sub = datetime.datetime.fromisoformat(r[6])
            body.append([r[0], r[1], r[2], r[3], r[4] + " h", r[5] + " h",
                         "%s %s" % (fmt_date(r[6][:10])[:-5], sub.strftime("%H:%M")), ""])
            links[(i, 0)] = ("ts_" + r[0], r[0])
            links[(i, 7)] = ("review_" + r[0], "Review")
        table(p, "Submitted timesheets", ["Timesheet", "Crew member", "Department", "Production",
                                          "Hours", "Overtime", "Submitted", "Actions"],
              body, sort=("Submitted", "descending"),
              sortable=("Timesheet", "Crew member", "Department", "Hours", "Submitted"),
              cell_links=links)
        pages = max(1, (len(rows) + per - 1) // per)
        with p.node("navigation", "Pagination"):
            p.node("link", "Previous page", key="prev_page", props=["disabled=True"] if page == 1 else [])
            for k in range(1, pages + 1):
                p.node("link", "Page %d" % k, key="page_%d" % k,
                       props=["current='page'"] if k == page else [])
            p.node("link", "Next page", key="next_page", props=["disabled=True"] if page == pages else [])
    notices(p, toast)
    footer(p)
    return p


DAYS = [
    ("Mon 6 Oct", "09:00", "17:30", "0:30", "8.0", "Hedda Gabler rehearsal, Main House"),
    ("Tue 7 Oct", "09:00", "17:30", "0:30", "8.0", "Hedda Gabler rehearsal, Main House"),
    ("Wed 8 Oct", "10:00", "18:30", "0:30", "8.0", "Fit-up, Main House"),
    ("Thu 9 Oct", "—", "—", "—", "0.0", "Rest day"),
    ("Fri 10 Oct", "09:00", "17:30", "0:30", "8.0", "Fit-up, Main House"),
    ("Sat 11 Oct", "12:00", "18:30", "0:30", "6.0", "Sweeney Todd matinee cover"),
    ("Sun 12 Oct", "14:00", "17:30", "0:00", "3.5", "Get-out, Sweeney Todd set store"),
]


def ts_state():
    return {"hours": "", "rate": RATES[0], "reason": "", "note": "", "saved": None,
            "status": "Submitted", "approved_at": None}


def adj_text(saved):
    h, rate = saved["hours"], saved["rate"]
    mult = float(rate.split("(")[1].rstrip("×)"))
    return "+%s h at %s · %.1f paid hours" % (h, rate, float(h) * mult)


def timesheet_page(st, alert=None, status=None, dialog=False, toast=None):
    p = Page("timesheet", "Timesheet TS-30812 · Jonah Reyes", "/timesheets/TS-30812")
    chrome(p, "Timesheets")
    approved = st["status"] == "Approved"
    with p.node("main", ""):
        breadcrumbs(p, [("Home", "bc_home"), ("Timesheets", "bc_timesheets"),
                        ("Week of 6 Oct 2025", "bc_week"), ("TS-30812", "bc_here")])
        if alert:
            with p.node("alert", "", props=["live='assertive'", "atomic=True"]):
                p.text(alert)
                p.node("button", "Reload timesheet", key="alert_reload")
        heading(p, "Timesheet TS-30812")
        p.text("Jonah Reyes · Stage crew · Hedda Gabler (P-2409)")
        p.text("Status: %s" % st["status"])
        if approved:
            p.text("Approved by %s, %s" % (USER, st["approved_at"]))
        else:
            p.text("Submitted Mon 13 Oct 2025, 08:55")
        with p.node("toolbar", "Timesheet actions"):
            if not approved:
                p.node("button", "Approve timesheet", key="approve")
                p.node("button", "Return to crew member", key="return")
            else:
                p.node("button", "Reopen timesheet", key="reopen", props=["disabled=True"])
            p.node("button", "Download PDF", key="pdf")
        with p.node("region", "Week summary"):
            heading(p, "Week summary", 2)
            dl(p, [("Week", "Mon 6 Oct – Sun 12 Oct 2025"),
                   ("Total hours", "41.5 h"),
                   ("Contracted hours", "40.0 h"),
                   ("Overtime recorded", "0.0 h"),
                   ("Overtime adjustment", adj_text(st["saved"]) if st["saved"] else "None")])
        with p.node("region", "Daily hours"):
            heading(p, "Daily hours", 2)
            table(p, "Daily hours", ["Day", "Call", "Finish", "Break", "Hours", "Work"],
                  [list(d) for d in DAYS] + [["Total", "", "", "", "41.5", ""]])
        with p.node("region", "Overtime adjustment"):
            heading(p, "Overtime adjustment", 2)
            if st["saved"]:
                s = st["saved"]
                p.text("Adjustment: " + adj_text(s))
                p.text("Reason: " + s["reason"])
                p.text("Added by %s, 14 Oct 2025 10:18" % USER)
                p.node("button", "Edit adjustment", key="edit_adj",
                       props=["disabled=True"] if approved else [])
                p.node("button", "Remove adjustment", key="remove_adj",
                       props=["disabled=True"] if approved else [])
            else:
                p.text("Use an adjustment for hours the crew member could not record, such as a late get-out.")
                with p.node("form", "Overtime adjustment"):
                    p.node("spinbutton", "Adjustment hours", key="adj_hours",
                           value=st["hours"] or None,
                           props=["valuemin=0.5", "valuemax=24", "step=0.5"] + (["disabled=True"] if approved else []))
                    with p.node("combobox", "Overtime rate", key="adj_rate", value=st["rate"],
                                props=["hasPopup='listbox'", "expanded=False"] + (["disabled=True"] if approved else [])):
                        for o in RATES:
                            p.node("option", o, props=["selected=%s" % (o == st["rate"])])
                    p.node("textbox", "Reason", key="adj_reason", value=st["reason"] or None,
                           props=["required"] + (["disabled=True"] if approved else []))
                    p.node("textbox", "Note to crew member (optional)", key="adj_note",
                           value=st["note"] or None, props=["multiline"] + (["disabled=True"] if approved else []))
                    p.node("button", "Save adjustment", key="save_adj",
                           props=["disabled=True"] if approved else [])
        with p.node("complementary", "Crew member"):
            heading(p, "Crew member", 2)
            p.node("link", "Jonah Reyes (C-118)", key="crew_link")
            p.text("Casual contract · 40 h a week · Head of department: Dev Malhotra")
        with p.node("complementary", "Other timesheets for Jonah Reyes"):
            heading(p, "Other timesheets for Jonah Reyes", 2)
            with p.node("list", ""):
                for label, key in (("TS-30718 · 29 Sep – 5 Oct 2025 · Approved", "other_TS-30718"),
                                   ("TS-30604 · 22–28 Sep 2025 · Approved", "other_TS-30604")):
                    with p.node("listitem", ""):
                        p.node("link", label, key=key)
        with p.node("region", "Activity"):
            heading(p, "Activity", 2)
            with p.node("list", ""):
                items = ["13 Oct 2025 08:55 · Submitted by Jonah Reyes",
                         "13 Oct 2025 09:02 · Reminder sent to approvers"]
                if st["saved"]:
                    items.append("14 Oct 2025 10:18 · Overtime adjustment added by %s" % USER)
                if approved:
                    items.append("%s · Approved by %s" % (st["approved_at"], USER))
                for it in items:
                    with p.node("listitem", ""):
                        p.text(it)
    notices(p, status or toast)
    footer(p)
    if dialog:
        with p.node("dialog", "Approve timesheet TS-30812?", props=["modal=True"]):
            heading(p, "Approve timesheet TS-30812?", 2)
            p.text("Jonah Reyes · Week of 6 Oct 2025 · 41.5 h worked")
            p.text("Overtime adjustment: " + (adj_text(st["saved"]) if st["saved"] else "none"))
            p.text("Approved timesheets go to payroll on Wed 15 Oct and can't be edited afterwards.")
            p.node("button", "Cancel", key="dlg_cancel")
            p.node("button", "Approve", key="dlg_approve", props=["focused"])
    return p


def crew_page():
    p = Page("crew", "Jonah Reyes", "/crew/C-118")
    chrome(p, None)
    with p.node("main", ""):
        breadcrumbs(p, [("Home", "bc_home"), ("Crew", "bc_crew"), ("Jonah Reyes", "bc_here")])
        heading(p, "Jonah Reyes")
        p.text("C-118 · Stage crew · Casual contract, 40 h a week")
        dl(p, [("Email", "j.reyes@harbourlight.example"), ("Phone", "07700 900418"),
               ("Head of department", "Dev Malhotra (Head of Stage)"),
               ("Current assignment", "Hedda Gabler (P-2409) · Main House crew"),
               ("Next call", "Wed 15 Oct 2025, 09:00 · Main House")])
        with p.node("region", "Timesheets"):
            heading(p, "Timesheets", 2)
            rows = [["TS-30812", "6–12 Oct 2025", "41.5 h", "Submitted"],
                    ["TS-30718", "29 Sep – 5 Oct 2025", "40.0 h", "Approved"],
                    ["TS-30604", "22–28 Sep 2025", "38.5 h", "Approved"],
                    ["TS-30497", "15–21 Sep 2025", "44.0 h", "Approved"]]
            table(p, "Timesheets", ["Timesheet", "Week", "Hours", "Status"], rows,
                  sort=("Week", "descending"),
                  cell_links={(i, 0): ("ts_" + r[0], r[0]) for i, r in enumerate(rows)})
        with p.node("complementary", "Similar names"):
            heading(p, "Similar names", 2)
            with p.node("list", ""):
                with p.node("listitem", ""):
                    p.node("link", "Jonah Rees (C-131) · Lighting")
                with p.node("listitem", ""):
                    p.node("link", "Joanna Reyes (C-140) · Wardrobe")
    notices(p)
    footer(p)
    return p


def access_denied_page():
    p = Page("denied", "Access denied", "/timesheets/TS-30812/approve")
    chrome(p, "Timesheets")
    with p.node("main", ""):
        breadcrumbs(p, [("Home", "bc_home"), ("Timesheets", "bc_timesheets"), ("TS-30812", "bc_ts")])
        heading(p, "You don't have permission to do that")
        p.text("Approving Stage crew timesheets needs the Department approver role. Your role: %s." % USER_ROLE)
        p.text("Ask Dev Malhotra (Head of Stage) to approve TS-30812, or request the role from your administrator.")
        p.node("link", "Back to timesheet TS-30812", key="back_ts")
        p.node("link", "Request access", key="request_access")
        p.text("Reference: 403-7f2c91")
    notices(p)
    footer(p)
    return p


# --------------------------------------------------------------------------
# Plans (written from the task and the healthy pages only, before any
# faulty run was written; not tuned afterwards)
# --------------------------------------------------------------------------
BOOKING_TASK = ("Book Rehearsal Studio 2 for The Glass Menagerie (P-2417) on Thursday 16 October 2025 "
                "from 10:00 to 13:00 as a blocking rehearsal for 12 people with the upright piano, "
                "and submit the booking.")
TIMESHEET_TASK = ("Approve Jonah Reyes's Stage crew timesheet TS-30812 for the week of 6 October 2025, "
                  "after adding an overtime adjustment of 3.5 hours at double time (2.0×) with the "
                  "reason 'Sunday get-out overran'.")

PLAN_BOOKING = '''\
# Cuesheet: book a rehearsal room for The Glass Menagerie.
# Written by hand from the task and a clean walk-through of the booking wizard.
task: "%s"

plan_falsifiers:
  execution:
    - Sign in to Cuesheet
    - Your session has expired
    - Something went wrong
    - Page not found
  planning:
    - You don't have permission to book rooms

commitments:
  - id: open-production
    subgoal: Open the production record for P-2417 The Glass Menagerie
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [Productions]
      progress: [Search results for Glass Menagerie, Showing productions]
      completion: [The Glass Menagerie P-2417 Studio Theatre In rehearsal, Book rehearsal room]
    falsify:
      execution:
        - P-2471 The Glass Menagerie (Schools Tour)
        - P-2418 The Glass Slipper
        - No productions match
        - {text: "Open The Glass Menagerie (Schools Tour)", "on": action}
      planning: [This production is closed]

  - id: start-booking
    subgoal: Start a room booking for the production and pick Blocking as the rehearsal type
    confidence: 0.7
    confirm:
      precondition: [Book rehearsal room]
      progress: ["Step 1 of 4: Production and purpose"]
      completion: [Production P-2417 The Glass Menagerie, Blocking is selected]
    falsify:
      execution: [Production P-2471 selected, Select a rehearsal type]
      skill: [Book rehearsal room button is disabled]

  - id: set-date-time
    subgoal: Set the rehearsal date to 2025-10-16, from 10:00 to 13:00
    confirm:
      progress: ["Step 2 of 4: Date and time"]
      completion: [Rehearsal date 2025-10-16, Start time 10:00, End time 13:00, Availability on Thu 16 Oct 2025]
    falsify:
      execution: [Enter a date in the future, End time must be after the start time]

  - id: choose-room
    subgoal: Choose Rehearsal Studio 2 for 12 people with the upright piano
    confirm:
      progress: ["Step 3 of 4: Room and requirements"]
      completion: [Rehearsal Studio 2 checked, Expected attendance 12, Upright piano checked]
    falsify:
      execution:
        - Rehearsal Studio 2 is unavailable
        - Rehearsal Studio 1 checked
        - Rehearsal Studio 3 (Loft) checked

  - id: submit-booking
    subgoal: Check the review page, submit the booking and confirm the dialog
    confidence: 0.7
    confirm:
      precondition: ["Step 4 of 4: Review your booking"]
      progress: ["Submit booking request?"]
      completion: [Booking confirmed, Booking submitted. The room steward has been notified.]
    falsify:
      execution: [There is a problem with your booking, The room is no longer available]
      planning: [Booking needs approval from the Head of Production]
''' % BOOKING_TASK

PLAN_TIMESHEET = '''\
# Cuesheet: approve Jonah Reyes's timesheet with an overtime adjustment.
# Written by hand from the task and a clean walk-through of the approval screens.
task: "%s"

plan_falsifiers:
  execution:
    - Sign in to Cuesheet
    - Your session has expired
    - Something went wrong
    - Access denied

commitments:
  - id: find-timesheet
    subgoal: Find and open Jonah Reyes's timesheet TS-30812 for the week of 6 Oct 2025
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [Timesheets]
      progress: [Timesheets awaiting approval, Week of 6 Oct 2025, Jonah Reyes]
      completion: [Timesheet TS-30812, Jonah Reyes Stage crew Hedda Gabler, "Status: Submitted"]
    falsify:
      execution:
        - TS-30821 Joanna Reyes
        - TS-30813 Jonah Rees
        - Timesheet TS-30718
        - No timesheets match these filters
      planning: [Timesheet TS-30812 has already been approved]

  - id: add-overtime
    subgoal: "Add a 3.5 h overtime adjustment at Double time (2.0×), reason 'Sunday get-out overran', and save it"
    confidence: 0.6
    confirm:
      precondition: [Overtime adjustment]
      progress: [Adjustment hours 3.5, Double time (2.0×), Sunday get-out overran]
      completion: ["Adjustment saved: +3.5 h at Double time (2.0×)"]
    falsify:
      execution: [Enter a reason for the adjustment, Adjustment hours must be between 0.5 and 24]
      skill: [Overtime adjustments are locked]

  - id: approve-timesheet
    subgoal: Approve the timesheet and confirm in the dialog
    confidence: 0.7
    confirm:
      precondition: [Approve timesheet]
      progress: ["Approve timesheet TS-30812?"]
      completion: [Timesheet TS-30812 approved and sent to payroll, "Status: Approved"]
    falsify:
      execution:
        - Timesheet could not be approved
        - {text: "Return to crew member", "on": action}
      planning: [Timesheet was returned to the crew member]
''' % TIMESHEET_TASK

PLANS = {"room-booking": PLAN_BOOKING, "timesheet-approval": PLAN_TIMESHEET}


# --------------------------------------------------------------------------
# Trajectory builder
# --------------------------------------------------------------------------
class Run:
    def __init__(self, rid, workflow, task, start, fault=None, cause=None, note=None):
        self.rid, self.workflow, self.task = rid, workflow, task
        self.start = start.obs()
        self.cur = start
        self.steps = []
        self.fault, self.cause, self.note = fault, cause, note
        self.fault_step = None

    def act(self, commitment, verb, key=None, arg=None, why="", effect="read", nxt=None,
            error=None, fault=False):
        target = None
        bid = None
        if key is not None:
            bid, role, name = self.cur.ids[key]
            target = "%s %r" % (role, name)
        if verb == "click":
            cmd = "click(%r)" % bid
        elif verb == "fill":
            cmd = "fill(%r, %r)" % (bid, arg)
        elif verb == "select":
            cmd = "select_option(%r, %r)" % (bid, arg)
        elif verb == "press":
            cmd = "press(%r, %r)" % (bid, arg)
        elif verb == "msg":
            cmd = "send_msg_to_user(%r)" % arg
        elif verb == "goto":
            cmd = "goto(%r)" % arg
        else:
            raise ValueError(verb)
        nxt = nxt if nxt is not None else self.cur
        obs = nxt.obs()
        if error:
            obs["error"] = error
        action = {"command": cmd, "reasoning": why, "target": target, "effect": effect}
        if fault:
            assert self.fault_step is None, self.rid
            self.fault_step = len(self.steps)
        self.steps.append({"commitment": commitment, "action": action, "observation": obs})
        self.cur = nxt
        return self

    def record(self, success):
        if self.fault:
            assert self.fault_step is not None, self.rid
        else:
            assert self.fault_step is None, self.rid
        label = {"fault": self.fault, "first_off_track_step": self.fault_step}
        if self.fault:
            label["cause"] = self.cause
            label["note"] = self.note
        return {"id": self.rid, "workflow": self.workflow, "task": self.task,
                "plan": "plans/%s.yaml" % self.workflow, "label": label,
                "application": "%s (%s)" % (PRODUCT, ORG),
                "initial_observation": self.start, "steps": self.steps,
                "outcome": {"success": success}}


# --------------------------------------------------------------------------
# Booking workflow
# --------------------------------------------------------------------------
TOAST_TIP = "New: room bookings can include an access requirements note for the steward."
INTERCEPT_ERR = ("TimeoutError: locator.click: Timeout 500ms exceeded.\nCall log:\n"
                 "  - waiting for element to be visible, enabled and stable\n"
                 "  - <div role=\"status\" class=\"cs-toast\">…</div> intercepts pointer events")


def booking_run(rid, entry, fault=None, cause=None, note=None, code="P-2417", date="2025-10-16",
                skip_attendance=False, ending="submit", draft=False):
    """entry: 'nav_paginate' | 'search' | 'bookings_new' | 'resort'."""
    W, T = "room-booking", BOOKING_TASK
    prod_opt = [o for o in PRODUCTION_OPTIONS if o.startswith(code)][0]
    title = PROD[code][1]
    if entry == "nav_paginate":
        r = Run(rid, W, T, home_page(), fault, cause, note)
        r.act("open-production", "click", "nav_productions", why="Go to the productions list to find The Glass Menagerie.",
              nxt=productions_page(1))
        r.act("open-production", "click", "next_page", why="P-2417 is not on the first page; go to page 2.",
              nxt=productions_page(2))
        r.act("open-production", "click", "prod_" + code, why="Open The Glass Menagerie (P-2417).",
              nxt=production_page(code))
        st = new_state(prod_opt)
        st["from_production"] = True
        r.act("start-booking", "click", "book_room", why="Start a rehearsal room booking from the production.",
              nxt=wizard_page(st, 1))
    elif entry == "search":
        r = Run(rid, W, T, home_page(), fault, cause, note)
        r.act("open-production", "fill", "search_box", "Glass Menagerie", why="Search for the production by title.",
              effect="read", nxt=home_page(search_value="Glass Menagerie"))
        r.act("open-production", "press", "search_box", "Enter", why="Run the search.",
              nxt=search_page("Glass Menagerie"))
        wrong = code != "P-2417"
        toast = None if wrong else TOAST_TIP
        r.act("open-production", "click", "res_" + code,
              why="Open the result for The Glass Menagerie." if not wrong else
              "Open the Glass Menagerie production from the results.",
              nxt=production_page(code, toast=toast), fault=wrong)
        st = new_state(prod_opt)
        st["from_production"] = True
        if toast:
            r.act("start-booking", "click", "book_room", why="Start the booking.", error=INTERCEPT_ERR)
            r.act("start-booking", "click", "toast_dismiss", why="A notification is covering the button; dismiss it.",
                  nxt=production_page(code))
        r.act("start-booking", "click", "book_room", why="Start a rehearsal room booking.",
              nxt=wizard_page(st, 1))
    elif entry == "bookings_new":
        r = Run(rid, W, T, bookings_page(), fault, cause, note)
        st = new_state(None)
        r.act("start-booking", "click", "new_booking", why="Start a new room booking from the Bookings page.",
              nxt=wizard_page(st, 1))
        st = dict(st, production=prod_opt)
        r.act("start-booking", "select", "production", prod_opt,
              why="Choose P-2417 The Glass Menagerie as the production.", effect="write",
              nxt=wizard_page(st, 1))
    elif entry == "resort":
        r = Run(rid, W, T, productions_page(1), fault, cause, note)
        r.act("open-production", "click", "col_Opens", why="Sort by opening date; the production opens soon.",
              nxt=productions_page(1, sort="opens"))
        r.act("open-production", "click", "prod_" + code, why="Open The Glass Menagerie (P-2417).",
              nxt=production_page(code))
        st = new_state(prod_opt)
        st["from_production"] = True
        r.act("start-booking", "click", "book_room", why="Start a rehearsal room booking.",
              nxt=wizard_page(st, 1))
    else:
        raise ValueError(entry)

    # Step 1: rehearsal type
    st = dict(st, rtype="Blocking")
    r.act("start-booking", "click", "rtype_Blocking", why="This is a blocking rehearsal.", effect="write",
          nxt=wizard_page(st, 1))
    r.act("start-booking", "click", "continue", why="Production and purpose are set; continue.",
          nxt=wizard_page(st, 2))
    # Step 2: date and time
    st = dict(st, date=date)
    r.act("set-date-time", "fill", "date", date, why="Enter the rehearsal date, Thursday 16 October 2025.",
          effect="write", nxt=wizard_page(st, 2), fault=(date != "2025-10-16"))
    st = dict(st, start="10:00")
    r.act("set-date-time", "select", "start", "10:00", why="Start at 10:00.", effect="write", nxt=wizard_page(st, 2))
    st = dict(st, end="13:00")
    r.act("set-date-time", "select", "end", "13:00", why="Finish at 13:00.", effect="write", nxt=wizard_page(st, 2))
    if draft:
        st = dict(st, draft="DR-0907")
        r.act("set-date-time", "click", "save_draft", why="Save a draft before choosing the room.", effect="write",
              nxt=wizard_page(st, 2, status="Draft DR-0907 saved. Resume it any time from Bookings › My drafts."))
        drafts = [("DR-0907", title, "Not chosen", "Thu 16 Oct 2025 · 10:00–13:00", "Tue 14 Oct 2025, 10:41"),
                  ("DR-0899", "Hedda Gabler", "Rehearsal Studio 3 (Loft)", "Mon 20 Oct 2025 · 14:00–18:00",
                   "Thu 9 Oct 2025, 16:22")]
        r.act("set-date-time", "click", "nav_bookings", why="Check that the draft is listed under Bookings.",
              nxt=bookings_page("upcoming", drafts))
        r.act("set-date-time", "click", "tab_drafts", why="Open My drafts.", nxt=bookings_page("drafts", drafts))
        r.act("set-date-time", "click", "resume_DR-0907", why="Resume draft DR-0907 for The Glass Menagerie.",
              nxt=wizard_page(st, 2))
    r.act("set-date-time", "click", "continue", why="Date and time are set; continue to rooms.",
          nxt=wizard_page(st, 3))
    # Step 3: room and requirements
    st = dict(st, room="Studio 2")
    r.act("choose-room", "click", "room_Studio 2", why="Rehearsal Studio 2 is free and has the upright piano.",
          effect="write", nxt=wizard_page(st, 3))
    if not skip_attendance:
        st = dict(st, attendance="12")
        r.act("choose-room", "fill", "attendance", "12", why="12 people are called.", effect="write",
              nxt=wizard_page(st, 3))
    st = dict(st, equipment=["Upright piano"])
    r.act("choose-room", "click", "equip_Upright piano", why="The rehearsal needs the upright piano.",
          effect="write", nxt=wizard_page(st, 3))
    if skip_attendance:
        err = "Enter the expected attendance (1–20)"
        r.act("choose-room", "click", "continue", why="Room and equipment chosen; continue to review.",
              nxt=wizard_page(st, 3, error=err), fault=True)
        r.act("choose-room", "click", "continue", why="Continue to the review step.",
              nxt=wizard_page(st, 3, error=err))
        st = dict(st, draft="DR-0907")
        r.act("submit-booking", "click", "save_draft", why="Save the booking.", effect="write",
              nxt=wizard_page(st, 3, error=err,
                              status="Draft DR-0907 saved. Resume it any time from Bookings › My drafts."))
        r.act("submit-booking", "msg", arg="I've saved the Studio 2 booking for The Glass Menagerie on "
              "Thu 16 Oct, 10:00–13:00 with the upright piano.", why="Report back.")
        return r.record(False)
    r.act("choose-room", "click", "continue", why="Room and requirements are set; continue to review.",
          nxt=wizard_page(st, 4))
    # Step 4: review and submit
    when = "%s, 10:00–13:00" % fmt_date(date)
    if ending == "premature":
        r.act("submit-booking", "msg", arg="Done: Rehearsal Studio 2 is booked for %s on %s for 12 people "
              "with the upright piano." % (title, when), why="The review shows everything as requested.",
              fault=True)
        return r.record(False)
    r.act("submit-booking", "click", "submit", why="Everything on the review page matches; submit.",
          nxt=wizard_page(st, 4, dialog=True))
    if ending == "cancel":
        r.act("submit-booking", "click", "dlg_cancel", why="Close the dialog.", nxt=wizard_page(st, 4), fault=True)
        r.act("submit-booking", "msg", arg="Booked Rehearsal Studio 2 for %s on %s." % (title, when),
              why="Report back.")
        return r.record(False)
    if ending == "double":
        r.act("submit-booking", "click", "dlg_submit", why="Confirm the booking.", effect="irreversible",
              nxt=wizard_page(st, 4, submitting=True))
        r.act("submit-booking", "click", "submit", why="The page still shows the review step; submit again.",
              nxt=wizard_page(st, 4, dialog=True), fault=True)
        r.act("submit-booking", "click", "dlg_submit", why="Confirm the booking.", effect="irreversible",
              nxt=confirmation_page(st, "RB-5532", others=[
                  ("RB-5531", "Rehearsal Studio 2", fmt_date(date), "10:00–13:00", "Confirmed")]))
        r.act("submit-booking", "msg", arg="Booking RB-5532 confirmed: Rehearsal Studio 2, %s." % when,
              why="Report back.")
        return r.record(False)
    r.act("submit-booking", "click", "dlg_submit", why="Confirm the booking request.", effect="irreversible",
          nxt=confirmation_page(st, "RB-5531"))
    r.act("submit-booking", "msg", arg="Booking RB-5531 confirmed: Rehearsal Studio 2 for %s, %s, "
          "12 people, upright piano." % (title, when), why="Report the confirmation.")
    return r.record(fault is None)


# --------------------------------------------------------------------------
# Timesheet workflow
# --------------------------------------------------------------------------
TOAST_CUTOFF = "Payroll cut-off is Wed 15 Oct at 12:00. 15 timesheets are waiting for your approval."


def timesheet_run(rid, entry, fault=None, cause=None, note=None, skip_rate=False, save="ok",
                  leave_unsaved=False, reload_after_save=False, approve="ok"):
    """entry: 'list_dept' | 'search_crew' | 'filter' | 'paginate'."""
    W, T = "timesheet-approval", TIMESHEET_TASK
    st = ts_state()
    if entry == "list_dept":
        r = Run(rid, W, T, timesheets_page("Stage crew"), fault, cause, note)
        r.act("find-timesheet", "click", "ts_TS-30812", why="Open TS-30812 for Jonah Reyes.",
              nxt=timesheet_page(st))
    elif entry == "search_crew":
        r = Run(rid, W, T, home_page(toast=TOAST_CUTOFF), fault, cause, note)
        r.act("find-timesheet", "click", "toast_dismiss", why="Dismiss the payroll reminder.", nxt=home_page())
        r.act("find-timesheet", "fill", "search_box", "Jonah Reyes", why="Search for the crew member.",
              nxt=home_page(search_value="Jonah Reyes"))
        r.act("find-timesheet", "press", "search_box", "Enter", why="Run the search.", nxt=search_page("Jonah Reyes"))
        r.act("find-timesheet", "click", "res_C-118", why="Open Jonah Reyes (Stage crew, C-118).", nxt=crew_page())
        r.act("find-timesheet", "click", "ts_TS-30812", why="Open his timesheet for 6–12 Oct, TS-30812.",
              nxt=timesheet_page(st))
    elif entry == "filter":
        r = Run(rid, W, T, timesheets_page(), fault, cause, note)
        r.act("find-timesheet", "select", "department", "Stage crew", why="Narrow the list to Stage crew.",
              nxt=timesheets_page(dept_pending="Stage crew"))
        r.act("find-timesheet", "click", "apply_filters", why="Apply the department filter.",
              nxt=timesheets_page("Stage crew"))
        r.act("find-timesheet", "click", "review_TS-30812", why="Review Jonah Reyes's timesheet TS-30812.",
              nxt=timesheet_page(st))
    elif entry == "paginate":
        r = Run(rid, W, T, timesheets_page(), fault, cause, note)
        r.act("find-timesheet", "click", "next_page", why="Jonah Reyes is not on page 1; go to page 2.",
              nxt=timesheets_page(page=2))
        r.act("find-timesheet", "click", "ts_TS-30812", why="Open TS-30812 for Jonah Reyes.",
              nxt=timesheet_page(st))
    else:
        raise ValueError(entry)

    st = dict(st, hours="3.5")
    r.act("add-overtime", "fill", "adj_hours", "3.5", why="Enter the 3.5 hours of overtime.", effect="write",
          nxt=timesheet_page(st))
    if not skip_rate:
        st = dict(st, rate="Double time (2.0×)")
        r.act("add-overtime", "select", "adj_rate", "Double time (2.0×)", why="Sunday overtime is at double time.",
              effect="write", nxt=timesheet_page(st))
    st = dict(st, reason="Sunday get-out overran")
    r.act("add-overtime", "fill", "adj_reason", "Sunday get-out overran", why="Give the reason.",
          effect="write", nxt=timesheet_page(st))
    if leave_unsaved:
        r.act("add-overtime", "click", "crew_link", why="Check Jonah's contracted hours on his crew record first.",
              nxt=crew_page(), fault=True)
        st = ts_state()
        r.act("add-overtime", "click", "ts_TS-30812", why="Back to TS-30812.", nxt=timesheet_page(st))
    else:
        saved = dict(st, saved={"hours": st["hours"], "rate": st["rate"], "reason": st["reason"]})
        if save == "ok":
            st = saved
            r.act("add-overtime", "click", "save_adj", why="Save the adjustment.", effect="write",
                  nxt=timesheet_page(st, status="Adjustment saved: +3.5 h at %s." % st["rate"]),
                  fault=skip_rate)
        elif save == "noop":
            r.act("add-overtime", "click", "save_adj", why="Save the adjustment.", effect="write",
                  nxt=timesheet_page(st), fault=True)
        elif save == "error":
            r.act("add-overtime", "click", "save_adj", why="Save the adjustment.", effect="write",
                  nxt=timesheet_page(st, alert="We couldn't save the adjustment. TS-30812 was changed by "
                                             "Dev Malhotra at 10:14 — reload the timesheet and try again."),
                  fault=True)
        if reload_after_save:
            r.act("add-overtime", "goto", arg=BASE + "/timesheets/TS-30812",
                  why="Reload to make sure the adjustment was stored.", nxt=timesheet_page(st))
    # approve
    r.act("approve-timesheet", "click", "approve", why="Approve the timesheet.",
          nxt=timesheet_page(st, dialog=True))
    if approve == "ok":
        done = dict(st, status="Approved", approved_at="14 Oct 2025 10:21")
        if not st["saved"]:  # unsaved form input does not survive the approval round-trip
            done.update(hours="", rate=RATES[0], reason="", note="")
        r.act("approve-timesheet", "click", "dlg_approve", why="Confirm the approval.", effect="irreversible",
              nxt=timesheet_page(done, status="Timesheet TS-30812 approved and sent to payroll."))
    elif approve == "stale":
        r.act("approve-timesheet", "click", "dlg_approve", why="Confirm the approval.", effect="irreversible",
              nxt=timesheet_page(st), fault=True)
    elif approve == "denied":
        r.act("approve-timesheet", "click", "dlg_approve", why="Confirm the approval.", effect="irreversible",
              nxt=access_denied_page(), fault=True)
    r.act("approve-timesheet", "msg",
          arg="Approved TS-30812 for Jonah Reyes (week of 6 Oct) with a 3.5 h overtime adjustment at double time.",
          why="Report back.")
    return r.record(fault is None)


# --------------------------------------------------------------------------
# The corpus
# --------------------------------------------------------------------------
def healthy_runs():
    return [
        booking_run("room-booking-healthy-01", "nav_paginate"),
        booking_run("room-booking-healthy-02", "search"),
        booking_run("room-booking-healthy-03", "bookings_new"),
        booking_run("room-booking-healthy-04", "resort", draft=True),
        timesheet_run("timesheet-approval-healthy-01", "list_dept"),
        timesheet_run("timesheet-approval-healthy-02", "search_crew"),
        timesheet_run("timesheet-approval-healthy-03", "filter"),
        timesheet_run("timesheet-approval-healthy-04", "paginate", reload_after_save=True),
    ]


def faulty_runs():
    A, E = "agent", "environment"
    return [
        booking_run("room-booking-wrong_record-01", "search", "wrong_record", A,
                    "Opened P-2471 The Glass Menagerie (Schools Tour), a near miss of P-2417, and booked for it.",
                    code="P-2471"),
        booking_run("room-booking-wrong_value-02", "nav_paginate", "wrong_value", A,
                    "Typed 2025-10-17 (Friday) instead of 2025-10-16; the rest of the booking is consistent with that date.",
                    date="2025-10-17"),
        booking_run("room-booking-skipped_required_field-03", "bookings_new", "skipped_required_field", A,
                    "Continued without the required expected attendance; the wizard stayed on step 3 and only a draft was saved.",
                    skip_attendance=True),
        booking_run("room-booking-premature_done-04", "search", "premature_done", A,
                    "Reported the booking as done from the review page without submitting it.",
                    ending="premature"),
        booking_run("room-booking-dialog_cancelled-05", "resort", "dialog_cancelled", A,
                    "Clicked Cancel in the 'Submit booking request?' dialog, then reported success.",
                    ending="cancel", draft=True),
        booking_run("room-booking-double_submit-06", "nav_paginate", "double_submit", A,
                    "Submitted again while the first submission was in flight; two bookings (RB-5531, RB-5532) exist.",
                    ending="double"),
        timesheet_run("timesheet-approval-wrong_setting-01", "list_dept", "wrong_setting", A,
                      "Left the overtime rate at the default Time and a half (1.5×) and saved the adjustment.",
                      skip_rate=True),
        timesheet_run("timesheet-approval-silent_noop-02", "search_crew", "silent_noop", E,
                      "Save adjustment did nothing (no message, summary unchanged); the timesheet was approved without the adjustment.",
                      save="noop"),
        timesheet_run("timesheet-approval-stale_page-03", "filter", "stale_page", E,
                      "After confirming approval the page still shows Status: Submitted with no confirmation; the agent reported success.",
                      approve="stale"),
        timesheet_run("timesheet-approval-error_banner-04", "paginate", "error_banner", E,
                      "Saving the adjustment raised a conflict banner; the agent approved without the adjustment.",
                      save="error"),
        timesheet_run("timesheet-approval-permission_denied-05", "list_dept", "permission_denied", E,
                      "Confirming the approval led to an access-denied page; the agent reported success.",
                      approve="denied"),
        timesheet_run("timesheet-approval-unsaved_navigation-06", "search_crew", "unsaved_navigation", A,
                      "Left the timesheet for the crew record before saving the adjustment; it was lost and the timesheet was approved without it.",
                      leave_unsaved=True),
    ]


def build():
    """Return (plans {workflow: yaml text}, corpus lines) exactly as written to disk."""
    runs = healthy_runs() + faulty_runs()
    order = {"room-booking": 0, "timesheet-approval": 1}
    runs.sort(key=lambda t: (order[t["workflow"]], t["label"]["fault"] is not None, t["id"]))
    return dict(PLANS), [json.dumps(t, ensure_ascii=False) for t in runs], runs


def main():
    plans, lines, runs = build()
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for wf, text in plans.items():
        with open(os.path.join(HERE, "plans", wf + ".yaml"), "w", encoding="utf-8") as f:
            f.write(text)
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for line in lines:
            f.write(line + "\n")
    n_f = sum(1 for t in runs if t["label"]["fault"])
    print("wrote %d trajectories (%d healthy, %d faulty), %d plans" % (
        len(runs), len(runs) - n_f, n_f, len(PLANS)))


if __name__ == "__main__":
    main()
