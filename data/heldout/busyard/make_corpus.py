#!/usr/bin/env python3
"""Generate the BusYard held-out corpus (corpus.jsonl + plans/busyard.yaml).

Python 3 standard library only.  Fixed seed; byte-for-byte reproducible.

    python3 make_corpus.py              # writes next to this file
    python3 make_corpus.py --out DIR    # writes into DIR (used by selftest.py)
"""
import argparse
import datetime
import json
import os
import random

SEED = 41407
BASE = "http://127.0.0.1:8000"
WORKFLOW = "busyard"
PLAN_PATH = "plans/busyard.yaml"
TODAY = datetime.date(2026, 3, 2)
START_YEAR = "08/18/2025"

TASK = ("In BusYard, move Mireya Okonkwo-Hale (student ID 4471203) on Route 14 to the "
        "Birchmont Ave & Dell St stop for the afternoon (PM) run only, starting 03/09/2026. "
        "Leave her morning (AM) stop as it is, and save the change.")

# --------------------------------------------------------------------------------------
# The plan.  Written from the task text and the healthy pages only, before any faulty run
# was written; not edited afterwards.
# --------------------------------------------------------------------------------------
PLAN_YAML = """\
# BusYard: move one rider to a new PM stop (afternoon run only), from a given date.
task: >-
  In BusYard, move Mireya Okonkwo-Hale (student ID 4471203) on Route 14 to the
  Birchmont Ave & Dell St stop for the afternoon (PM) run only, starting 03/09/2026.
  Leave her morning (AM) stop as it is, and save the change.
plan_falsifiers:
  execution:
    - Sign in to BusYard
    - Your session has expired. Sign in again to continue.
    - Something went wrong on our end
    - You don't have permission to change stop assignments
  planning:
    - Mireya Okonkwo-Hale is not assigned to Route 14
commitments:
  - id: open-rider
    subgoal: Open the rider profile of Mireya Okonkwo-Hale, student ID 4471203
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [Riders]
      progress: ["Okonkwo-Hale, Mireya 4471203"]
      completion:
        - Mireya Okonkwo-Hale (4471203) · BusYard
        - Student ID 4471203
    falsify:
      execution:
        - "4471230"
        - "4417203"
        - Maya Okonkwo-Hale (4471230) · BusYard
        - Mireya Okonkwo (4417203) · BusYard
        - No riders match
        - {text: "click the row for Okonkwo-Hale, Maya (4471230)", on: action}
        - {text: "click the row for Okonkwo, Mireya (4417203)", on: action}
      skill:
        - Search riders, stops, routes is not available
      planning:
        - Route 41
  - id: open-pm-change
    subgoal: Open Change stop on the PM row of the Route 14 assignment
    confidence: 0.7
    confirm:
      precondition: [Route assignments, "PM Route 14 Larkspur Ln & 5th St"]
      progress: []
      completion: [Change stop dialog is open, PM run only is selected]
    falsify:
      execution:
        - AM run only is selected
        - AM and PM runs is selected
        - {text: click Change stop on the AM row, on: action}
        - {text: click Cancel change in Scheduled changes, on: action}
      planning:
        - Change stop is disabled
  - id: pick-stop
    subgoal: Choose Birchmont Ave & Dell St as the new PM stop
    confidence: 0.7
    confirm:
      precondition: [New stop]
      progress: []
      completion: ["Birchmont Ave & Dell St · PM drop-off 3:52 PM"]
    falsify:
      execution:
        - Birchmont Ave & Dale St · PM drop-off
        - Birchwood Ave & Dell St
        - {text: select Birchmont Ave & Dale St, on: action}
        - {text: select Birchwood Ave & Dell St, on: action}
        - {text: click AM and PM runs, on: action}
        - {text: click AM run only, on: action}
      planning:
        - Birchmont Ave & Dell St is not a stop on Route 14
  - id: set-date
    subgoal: Set the effective date to 03/09/2026 and leave the end date empty
    confidence: 0.6
    confirm:
      precondition: [Effective date (MM/DD/YYYY)]
      progress: []
      completion: [Effective date (MM/DD/YYYY) value 03/09/2026]
    falsify:
      execution:
        - Effective date 09/03/2026
        - {text: "fill End date (optional)", on: action}
        - {text: "fill Effective date with a date other than 03/09/2026", on: action}
  - id: save-change
    subgoal: Save the change, confirm it, and check that only the PM stop is scheduled to change
    confidence: 0.6
    confirm:
      precondition: [Save change]
      progress:
        - Confirm stop change
        - AM pickup stays at Larkspur Ln & 5th St.
      completion:
        - Stop change saved
        - "PM · Route 14 · Birchmont Ave & Dell St · from 03/09/2026"
    falsify:
      execution:
        - AM pickup also changes
        - starting Monday, 03/02/2026
        - until 06/
        - Discard unsaved changes?
        - No Stop change saved toast appears after Confirm change
        - Scheduled changes still shows No scheduled changes after Confirm change
        - {text: click Go back, on: action}
        - {text: press Escape while Confirm stop change is open, on: action}
        - {text: send_msg_to_user reporting success before Confirm change was clicked, on: action}
      planning:
        - Route 14 PM is full
"""

# --------------------------------------------------------------------------------------
# Application data
# --------------------------------------------------------------------------------------
FIRST = ["Ada", "Bram", "Celeste", "Dario", "Esme", "Farid", "Greta", "Hollis", "Ines",
         "Jonah", "Kenji", "Lior", "Marisol", "Nadia", "Oren", "Priya", "Quinn", "Rafael",
         "Sunniva", "Tobiah", "Uma", "Vesna", "Wren", "Xiomara", "Yusuf", "Zora", "Ansel",
         "Brisa", "Cato", "Delphine", "Emeka", "Fenna", "Gideon", "Halima"]
LAST = ["Abernathy", "Brightwater", "Castellano", "Dunleavy", "Eskildsen", "Fairweather",
        "Galloway", "Haddad", "Iwasaki", "Jankowski", "Kowalczyk", "Lindqvist", "Marchetti",
        "Nakagawa", "Oduya", "Pemberton", "Quiroga", "Rasmussen", "Szabo", "Thibodeaux",
        "Umarov", "Vandermeer", "Whitcombe", "Yarrow", "Zielinski", "Mbeki", "Sorensen",
        "Tran", "Achterberg", "Lozano"]

R14_AM = [("Fenwick Way & Orchard Dr", "6:58 AM"), ("Birchmont Ave & Dell St", "7:03 AM"),
          ("Birchmont Ave & Dale St", "7:05 AM"), ("Larkspur Ln & 7th St", "7:09 AM"),
          ("Larkspur Ln & 5th St", "7:12 AM"), ("Quarry Rd & Elm Ct", "7:15 AM"),
          ("Alder Elementary (arrive)", "7:24 AM"), ("Brookfield Middle School (arrive)", "7:35 AM")]
R14_PM = [("Brookfield Middle School (depart)", "3:25 PM"), ("Alder Elementary (depart)", "3:33 PM"),
          ("Quarry Rd & Elm Ct", "3:40 PM"), ("Larkspur Ln & 5th St", "3:44 PM"),
          ("Larkspur Ln & 7th St", "3:47 PM"), ("Birchmont Ave & Dale St", "3:50 PM"),
          ("Birchmont Ave & Dell St", "3:52 PM"), ("Fenwick Way & Orchard Dr", "3:57 PM")]
R41_AM = [("Tamsin Ct & Brook Ln", "6:51 AM"), ("Cedar Hollow Rd & 2nd St", "6:57 AM"),
          ("Birchwood Ave & Dell St", "7:04 AM"), ("Birchmont Ave & Dell St", "7:08 AM"),
          ("Brookfield Middle School (arrive)", "7:31 AM")]
R41_PM = [("Brookfield Middle School (depart)", "3:25 PM"), ("Birchmont Ave & Dell St", "3:46 PM"),
          ("Birchwood Ave & Dell St", "3:49 PM"), ("Cedar Hollow Rd & 2nd St", "3:55 PM"),
          ("Tamsin Ct & Brook Ln", "4:02 PM")]
ROUTES = {
    "14": {"am": R14_AM, "pm": R14_PM, "driver": "Teodora Ruiz", "bus": "Bus 2207",
           "schools": "Brookfield Middle School · Alder Elementary", "cap": 52},
    "41": {"am": R41_AM, "pm": R41_PM, "driver": "Marcus Feld", "bus": "Bus 1934",
           "schools": "Brookfield Middle School", "cap": 48},
}
ROUTE14_PM_COUNTS = {"Quarry Rd & Elm Ct": 7, "Larkspur Ln & 5th St": 9, "Larkspur Ln & 7th St": 6,
                     "Birchmont Ave & Dale St": 8, "Birchmont Ave & Dell St": 9,
                     "Fenwick Way & Orchard Dr": 6}
ROUTE41_PM_COUNTS = {"Birchmont Ave & Dell St": 4, "Birchwood Ave & Dell St": 11,
                     "Cedar Hollow Rd & 2nd St": 9, "Tamsin Ct & Brook Ln": 7}


class Rider:
    def __init__(self, sid, first, last, grade, school, route, am, pm, status="Active",
                 sibling=None, guardian=None):
        self.id, self.first, self.last = sid, first, last
        self.grade, self.school, self.route = grade, school, route
        self.am, self.pm, self.status = am, pm, status
        self.sibling, self.guardian = sibling, guardian

    @property
    def full(self):
        return f"{self.first} {self.last}"

    @property
    def listname(self):
        return f"{self.last}, {self.first}"


TARGET = Rider("4471203", "Mireya", "Okonkwo-Hale", "6", "Brookfield Middle School", "14",
               "Larkspur Ln & 5th St", "Larkspur Ln & 5th St", sibling="4471230",
               guardian="Adaeze Okonkwo-Hale · (555) 014-2297")
SIBLING = Rider("4471230", "Maya", "Okonkwo-Hale", "3", "Alder Elementary", "14",
                "Larkspur Ln & 5th St", "Larkspur Ln & 5th St", sibling="4471203",
                guardian="Adaeze Okonkwo-Hale · (555) 014-2297")
NAMESAKE = Rider("4417203", "Mireya", "Okonkwo", "6", "Brookfield Middle School", "41",
                 "Birchwood Ave & Dell St", "Birchwood Ave & Dell St",
                 guardian="Chidi Okonkwo · (555) 019-7740")
OCAMPO = Rider("4471302", "Mireya", "Ocampo", "7", "Brookfield Middle School", "14",
               "Quarry Rd & Elm Ct", "Quarry Rd & Elm Ct", status="Transfer pending",
               guardian="Lucia Ocampo · (555) 013-6021")
RIDERS = {r.id: r for r in (TARGET, SIBLING, NAMESAKE, OCAMPO)}
SHORT_SCHOOL = {"Brookfield Middle School": "Brookfield MS", "Alder Elementary": "Alder ES",
                "Hollis Elementary": "Hollis ES", "Calder Springs High School": "Calder Springs HS"}


def build_roster(rng):
    """Route 14 roster: 47 riders (45 ride PM), in 'recently updated' order."""
    fixed = [TARGET, SIBLING, OCAMPO]
    stops_pm = []
    for stop, n in ROUTE14_PM_COUNTS.items():
        stops_pm += [stop] * n
    # the three fixed riders take three PM seats
    stops_pm.remove("Larkspur Ln & 5th St")
    stops_pm.remove("Larkspur Ln & 5th St")
    stops_pm.remove("Quarry Rd & Elm Ct")
    rng.shuffle(stops_pm)
    used_ids = set(RIDERS) | {"4471320", "4471023", "4471213"}
    used_names = {(r.first, r.last) for r in fixed} | {(NAMESAKE.first, NAMESAKE.last)}
    others = []
    statuses = ["Active"] * 12 + ["Ridership suspended", "Transfer pending", "Medical hold"]
    for i in range(44):
        while True:
            sid = str(rng.randint(4400000, 4499999))
            if sid not in used_ids:
                break
        used_ids.add(sid)
        while True:
            nm = (rng.choice(FIRST), rng.choice(LAST))
            if nm not in used_names:
                break
        used_names.add(nm)
        school = "Brookfield Middle School" if rng.random() < 0.55 else "Alder Elementary"
        grade = str(rng.randint(6, 8)) if school.startswith("Brookfield") else str(rng.randint(0, 5))
        grade = "K" if grade == "0" else grade
        if i < 2:
            pm = "—"  # AM-only riders (after-school program pickup)
            am = rng.choice(list(ROUTE14_PM_COUNTS))
        else:
            pm = stops_pm.pop()
            am = pm if rng.random() < 0.85 else rng.choice(list(ROUTE14_PM_COUNTS))
        others.append(Rider(sid, nm[0], nm[1], grade, school, "14", am, pm,
                            status=rng.choice(statuses)))
    roster = others[:9] + [OCAMPO] + others[9:12] + [TARGET] + others[12:20] + [SIBLING] + others[20:]
    assert len(roster) == 47
    return roster


def build_general(rng):
    """Page 1 of the unfiltered rider list ('Recently updated')."""
    rows = [NAMESAKE,
            Rider("4438816", "Tobiah", "Lindqvist", "10", "Calder Springs High School", "7",
                  "Gorse St & Pell Ave", "Gorse St & Pell Ave", status="Cancelled — moved out of district"),
            SIBLING,
            Rider("4402917", "Priya", "Haddad", "2", "Hollis Elementary", "9",
                  "Marten Rd & 1st St", "Hollis ES after-care", status="Active"),
            OCAMPO,
            Rider("4490035", "Wren", "Achterberg", "4", "Hollis Elementary", "22",
                  "Sable Ct & Kinney Rd", "Sable Ct & Kinney Rd", status="Ridership suspended"),
            Rider("4461174", "Emeka", "Sorensen", "8", "Brookfield Middle School", "41",
                  "Cedar Hollow Rd & 2nd St", "Cedar Hollow Rd & 2nd St", status="Active"),
            Rider("4475512", "Fenna", "Lozano", "11", "Calder Springs High School", "31",
                  "Aldous Pl & Ridge Rd", "—", status="Active"),
            Rider("4412093", "Gideon", "Tran", "1", "Alder Elementary", "14",
                  "Larkspur Ln & 7th St", "Larkspur Ln & 7th St", status="Medical hold"),
            Rider("4447720", "Halima", "Mbeki", "K", "Hollis Elementary", "9",
                  "Marten Rd & 1st St", "Marten Rd & 1st St", status="Active")]
    return rows


def route41_roster(rng):
    rows = [NAMESAKE]
    used = set(RIDERS)
    for i in range(9):
        sid = str(rng.randint(4400000, 4499999))
        while sid in used:
            sid = str(rng.randint(4400000, 4499999))
        used.add(sid)
        stop = rng.choice(list(ROUTE41_PM_COUNTS))
        rows.append(Rider(sid, rng.choice(FIRST), rng.choice(LAST), str(rng.randint(6, 8)),
                          "Brookfield Middle School", "41", stop, stop,
                          status=rng.choice(["Active", "Active", "Active", "Transfer pending"])))
    rows.sort(key=lambda r: (r.last, r.first))
    return rows


RNG = random.Random(SEED)
ROSTER14 = build_roster(RNG)
GENERAL = build_general(RNG)
ROSTER41 = route41_roster(RNG)


def usdate(d):
    return d.strftime("%m/%d/%Y")


def weekday(s):
    m, d, y = (int(x) for x in s.split("/"))
    return datetime.date(y, m, d).strftime("%A")


def stop_time(route, run, stop):
    for s, t in ROUTES[route][run.lower()]:
        if s == stop:
            return t
    return "—"


def pm_count(route, stop):
    return (ROUTE14_PM_COUNTS if route == "14" else ROUTE41_PM_COUNTS).get(stop, 0)


# --------------------------------------------------------------------------------------
# Flattened accessibility tree builder (BrowserGym style)
# --------------------------------------------------------------------------------------
def q(s):
    return repr(s)


class Page:
    def __init__(self, url, title, error=None, first_bid=11):
        self.url, self.title, self.error = url, title, error
        self.lines = [f"RootWebArea {q(title)}, focused"]
        self.n = first_bid
        self.bids, self.desc = {}, {}

    def add(self, depth, role, name="", key=None, props=None, bid=True):
        b = None
        if bid:
            b = str(self.n)
            self.n += 1
        line = "\t" * depth + (f"[{b}] " if b else "") + f"{role} {q(name)}"
        if props:
            line += ", " + props
        self.lines.append(line)
        if key is not None:
            if key in self.bids:
                raise KeyError(f"duplicate key {key} on {self.url}")
            self.bids[key] = b
            self.desc[key] = f"{role} {q(name)}"
        return b

    def text(self, depth, s):
        return self.add(depth, "StaticText", s)

    def bid(self, key):
        if key not in self.bids:
            raise KeyError(f"no element {key!r} on page {self.url}")
        return self.bids[key]

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": self.error}


DEFAULT_ALERTS = [
    "Late bus: Route 9 AM is running 12 min late to Hollis Elementary.",
    "Driver absence: Route 22 — substitute driver K. Amari is covering both runs today.",
    "Route 31 PM trip on 02/27/2026 was cancelled (ice). No make-up trip scheduled.",
]


def header(p, search="", alerts=None, clock="10:14 AM", in_service=4, late=2, absences=3):
    alerts = DEFAULT_ALERTS if alerts is None else alerts
    p.add(1, "banner", "")
    p.add(2, "link", "BusYard home", key="home")
    p.text(2, "Calder Springs Unified · Transportation Office")
    p.add(2, "searchbox", "Search riders, stops, routes", key="search",
          props=f"value={q(search)}" if search else None)
    p.add(2, "button", "Search", key="search_btn")
    p.add(2, "button", f"Notifications, {len(alerts)} unread", key="notif")
    p.add(2, "button", "Dana Whitlock · Routing clerk", key="usermenu",
          props="hasPopup='menu', expanded=False")
    p.add(1, "navigation", "Main")
    for item in ("Dashboard", "Riders", "Routes", "Stops", "Drivers", f"Alerts ({len(alerts) + 1})",
                 "Reports"):
        p.add(2, "link", item, key="nav_" + item.split(" ")[0].lower())
    p.add(1, "region", "Today at a glance")
    p.text(2, f"Buses in service: {in_service} of 61")
    p.text(2, f"Late buses today: {late}")
    p.text(2, f"Driver absences today: {absences}")
    p.text(2, f"Updated {clock}")
    if alerts:
        p.add(1, "region", "Service alerts")
        for a in alerts:
            p.text(2, a)
        p.add(2, "button", "Dismiss service alerts", key="dismiss_alerts")


def footer(p, sync="10:13 AM"):
    p.add(1, "contentinfo", "")
    p.text(2, "© 2026 Calder Springs Unified School District · Transportation Office")
    p.add(2, "link", "Help center", key="help")
    p.add(2, "link", "Accessibility statement", key="a11y")
    p.add(2, "link", "Report a data problem", key="report_problem")
    p.text(2, f"BusYard 4.12.0 · Roster sync {sync}")


def ctx(**kw):
    base = {"alerts": None, "clock": "10:14 AM", "in_service": 4, "late": 2, "absences": 3,
            "sync": "10:13 AM"}
    base.update(kw)
    return base


def rider_row_cells(p, r, key_prefix=""):
    p.add(4, "cell", r.id)
    p.add(4, "cell", "")
    p.add(5, "link", r.listname, key=f"{key_prefix}row_{r.id}")
    p.add(4, "cell", r.grade)
    p.add(4, "cell", SHORT_SCHOOL.get(r.school, r.school))
    p.add(4, "cell", f"Route {r.route}")
    p.add(4, "cell", r.am)
    p.add(4, "cell", r.pm)
    p.add(4, "cell", r.status)


def riders_list(c, route="All routes", run="AM and PM", school="All schools", page=1,
                sort="Recently updated", search="", restored=False, toast=None, ui_route=None, ui_run=None):
    """Rider list; filtered lists come from the roster, unfiltered page 1 from GENERAL.
    ui_route / ui_run: what the filter comboboxes show before Apply filters is clicked."""
    if route == "Route 14":
        rows = [r for r in ROSTER14 if run != "PM only" or r.pm != "—"]
    elif route == "Route 41":
        rows = list(ROSTER41)
    else:
        rows = None
    if rows is not None:
        if sort == "Name (A–Z)":
            rows = sorted(rows, key=lambda r: (r.last, r.first))
        elif sort == "Name (Z–A)":
            rows = sorted(rows, key=lambda r: (r.last, r.first), reverse=True)
        total = len(rows)
        shown = rows[(page - 1) * 10: page * 10]
    else:
        total = 1284
        shown = GENERAL
    pages = (total + 9) // 10
    params = []
    if route != "All routes":
        params.append("route=" + route.split()[-1])
    if run != "AM and PM":
        params.append("run=pm")
    if sort != "Recently updated":
        params.append("sort=" + ("name" if "A–Z" in sort else "-name"))
    if page > 1:
        params.append(f"page={page}")
    url = f"{BASE}/riders" + ("?" + "&".join(params) if params else "")
    p = Page(url, "Riders · BusYard")
    header(p, search, c["alerts"], c["clock"], c["in_service"], c["late"], c["absences"])
    p.add(1, "main", "")
    p.add(2, "navigation", "Breadcrumb")
    p.add(3, "link", "Home", key="bc_home")
    p.text(3, "Riders")
    p.add(2, "heading", "Riders")
    p.add(2, "link", "Add rider", key="add_rider")
    p.add(2, "link", "Export CSV", key="export")
    if restored:
        p.add(2, "note", "")
        p.text(3, "Filters from your last visit were restored.")
    p.add(2, "group", "Filters")
    uroute, urun = ui_route or route, ui_run or run
    p.add(3, "combobox", "Route", key="f_route", props=f"hasPopup='menu', expanded=False, value={q(uroute)}")
    for opt in ("All routes", "Route 7", "Route 9", "Route 14", "Route 14X", "Route 22", "Route 31",
                "Route 41"):
        p.add(4, "option", opt, key=f"f_route_{opt}", props=f"selected={opt == uroute}")
    p.add(3, "combobox", "Run", key="f_run", props=f"hasPopup='menu', expanded=False, value={q(urun)}")
    for opt in ("AM and PM", "AM only", "PM only"):
        p.add(4, "option", opt, props=f"selected={opt == urun}")
    p.add(3, "combobox", "School", key="f_school", props=f"hasPopup='menu', expanded=False, value={q(school)}")
    for opt in ("All schools", "Alder Elementary", "Brookfield Middle School", "Hollis Elementary",
                "Calder Springs High School"):
        p.add(4, "option", opt, props=f"selected={opt == school}")
    p.add(3, "button", "Apply filters", key="apply")
    p.add(3, "button", "Clear filters", key="clear")
    chips = [x for x in (route, run, school) if x not in ("All routes", "AM and PM", "All schools")]
    if chips:
        p.add(3, "list", "Active filters")
        for ch in chips:
            p.add(4, "listitem", "")
            p.text(5, ch)
            p.add(5, "button", f"Remove filter {ch}", key=f"chip_{ch}")
    lo, hi = (page - 1) * 10 + 1, min(page * 10, total)
    p.add(2, "status", "")
    p.text(3, f"Showing {lo}–{hi} of {total:,} riders · Sorted by {sort}")
    p.add(2, "table", "Riders")
    p.add(3, "row", "")
    p.add(4, "columnheader", "Student ID")
    p.add(5, "button", "Sort by Student ID", key="sort_id")
    nm_sort = {"Name (A–Z)": "ascending", "Name (Z–A)": "descending"}.get(sort)
    p.add(4, "columnheader", "Name", props=f"sort={q(nm_sort)}" if nm_sort else None)
    p.add(5, "button", "Sort by Name", key="sort_name")
    for col in ("Grade", "School", "Route", "AM stop", "PM stop", "Status"):
        p.add(4, "columnheader", col)
    for r in shown:
        p.add(3, "row", "")
        rider_row_cells(p, r)
    p.add(2, "navigation", "Pagination")
    p.add(3, "button", "Previous page", key="prev", props="disabled=True" if page == 1 else None)
    for i in range(1, min(pages, 5) + 1):
        p.add(3, "link", f"Page {i}", key=f"page_{i}", props="current='page'" if i == page else None)
    if pages > 5:
        p.text(3, "…")
        p.add(3, "link", f"Page {pages}", key=f"page_{pages}")
    p.add(3, "button", "Next page", key="next", props="disabled=True" if page == pages else None)
    if toast:
        p.add(1, "status", "")
        p.text(2, toast)
        p.add(2, "button", "Dismiss notification", key="toast_x")
    footer(p, c["sync"])
    return p


def search_results(c, query, rows, note=None, filters=None):
    p = Page(f"{BASE}/riders/search?q={query.replace(' ', '+')}", f"Search: {query} · BusYard")
    header(p, query, c["alerts"], c["clock"], c["in_service"], c["late"], c["absences"])
    p.add(1, "main", "")
    p.add(2, "navigation", "Breadcrumb")
    p.add(3, "link", "Home", key="bc_home")
    p.add(3, "link", "Riders", key="bc_riders")
    p.text(3, "Search")
    p.add(2, "heading", f"Results for “{query}”")
    if filters:
        p.add(2, "list", "Active filters")
        for ch in filters:
            p.add(3, "listitem", "")
            p.text(4, ch)
            p.add(4, "button", f"Remove filter {ch}", key=f"chip_{ch}")
    if not rows:
        p.text(2, "No riders match your search.")
    else:
        p.add(2, "status", "")
        p.text(3, note or f"{len(rows)} riders found")
        p.add(2, "tablist", "Result type")
        p.add(3, "tab", f"Riders ({len(rows)})", props="selected=True")
        p.add(3, "tab", "Stops (0)", key="tab_stops")
        p.add(3, "tab", "Routes (0)", key="tab_routes")
        p.add(2, "table", "Matching riders")
        p.add(3, "row", "")
        for col in ("Student ID", "Name", "Grade", "School", "Route", "AM stop", "PM stop", "Status"):
            p.add(4, "columnheader", col)
        for r in rows:
            p.add(3, "row", "")
            rider_row_cells(p, r)
    footer(p, c["sync"])
    return p


def fresh_dialog(run="PM", r=TARGET):
    return {"rider": r, "opened_from": run, "scope": run, "stop": None, "eff": usdate(TODAY),
            "end": "", "notify": True, "eff_error": None, "alert": None}


def profile(c, r=TARGET, tab="assignments", show="all", scheduled=None, dialog=None,
            confirm=False, discard=False, toast=None, extra_alert=None, search=""):
    scheduled = scheduled or []
    title = f"{r.full} ({r.id}) · BusYard"
    url = f"{BASE}/riders/{r.id}" + ("/history" if tab == "history" else "")
    p = Page(url, title)
    alerts = list(DEFAULT_ALERTS if c["alerts"] is None else c["alerts"])
    if extra_alert:
        alerts.append(extra_alert)
    header(p, search, alerts, c["clock"], c["in_service"], c["late"], c["absences"])
    p.add(1, "main", "")
    p.add(2, "navigation", "Breadcrumb")
    p.add(3, "link", "Home", key="bc_home")
    p.add(3, "link", "Riders", key="bc_riders")
    p.text(3, r.full)
    p.add(2, "heading", r.full)
    p.text(2, f"Student ID {r.id}")
    p.text(2, f"Grade {r.grade} · {r.school}")
    p.text(2, f"Rider status: {r.status}")
    if r.sibling:
        sib = RIDERS[r.sibling]
        p.add(2, "link", f"Sibling: {sib.full} ({sib.id})", key="sibling")
    p.text(2, f"Guardian: {r.guardian}")
    p.add(2, "button", "Print rider card", key="print")
    p.add(2, "tablist", "Rider sections")
    for t, label in (("assignments", "Assignments"), ("history", "Schedule history"),
                     ("contacts", "Contacts"), ("notes", "Notes (2)")):
        p.add(3, "tab", label, key=f"tab_{t}", props=f"selected={t == tab}")
    route = ROUTES[r.route]
    if tab == "assignments":
        p.add(2, "tabpanel", "Assignments")
        p.add(3, "group", "Show runs")
        for k, label in (("all", "All runs"), ("AM", "AM only"), ("PM", "PM only")):
            p.add(4, "button", label, key=f"show_{k}", props=f"pressed={show == k}")
        p.add(3, "table", "Route assignments")
        p.add(4, "row", "")
        for col in ("Run", "Route", "Stop", "Time", "In effect since", "Upcoming", "Actions"):
            p.add(5, "columnheader", col)
        for run in ("AM", "PM"):
            if show not in ("all", run):
                continue
            stop = r.am if run == "AM" else r.pm
            kind = "pickup" if run == "AM" else "drop-off"
            up = [s for s in scheduled if s["status"] in ("Scheduled", "Starts today") and run in s["runs"]]
            p.add(4, "row", "")
            p.add(5, "cell", run)
            p.add(5, "cell", "")
            p.add(6, "link", f"Route {r.route}", key=f"route_link_{run}")
            p.add(5, "cell", stop)
            p.add(5, "cell", f"{stop_time(r.route, run, stop)} {kind}")
            p.add(5, "cell", START_YEAR)
            p.add(5, "cell", f"{up[0]['stop']} from {up[0]['eff']}" if up else "—")
            p.add(5, "cell", "")
            p.add(6, "button", "Change stop", key=f"change_{run}")
        loads = {"14": (47, 45), "41": (39, 31)}[r.route]
        p.add(3, "meter", f"Route {r.route} AM load", props=f"valuetext='{loads[0]} of {route['cap']} seats'")
        p.add(3, "meter", f"Route {r.route} PM load", props=f"valuetext='{loads[1]} of {route['cap']} seats'")
        p.add(3, "heading", "Scheduled changes")
        if not scheduled:
            p.text(3, "No scheduled changes.")
        else:
            p.add(3, "table", "Scheduled changes")
            p.add(4, "row", "")
            for col in ("Run", "Route", "New stop", "From", "Until", "Status", "Actions"):
                p.add(5, "columnheader", col)
            for i, s in enumerate(scheduled):
                p.add(4, "row", "")
                p.add(5, "cell", s["runs"])
                p.add(5, "cell", f"Route {r.route}")
                p.add(5, "cell", s["stop"])
                p.add(5, "cell", s["eff"])
                p.add(5, "cell", s["end"] or "—")
                p.add(5, "cell", s["status"])
                p.add(5, "cell", "")
                p.add(6, "button", "Cancel change", key=f"cancel_sched_{i}")
            for s in scheduled:
                p.text(3, f"{s['runs']} · Route {r.route} · {s['stop']} · from {s['eff']}"
                          + (f" until {s['end']}" if s["end"] else ""))
    elif tab == "history":
        p.add(2, "tabpanel", "Schedule history")
        p.add(3, "table", "Schedule history")
        p.add(4, "row", "")
        for col in ("Changed on", "Run", "Change", "From", "Result", "By"):
            p.add(5, "columnheader", col)
        hist = []
        for s in scheduled:
            hist.append((usdate(TODAY), s["runs"], f"{r.pm if s['runs'] == 'PM' else r.am} → {s['stop']}",
                         s["eff"], s["status"], "Dana Whitlock"))
        hist += [("01/06/2026", "AM", "Snow route: Quarry Rd & Elm Ct → Larkspur Ln & 5th St", "01/07/2026",
                  "Cancelled", "R. Castellanos"),
                 ("11/17/2025", "PM", "Larkspur Ln & 5th St → Larkspur Ln & 7th St (temporary)", "11/17/2025",
                  "Failed to sync — retried, ended 11/21/2025", "R. Castellanos"),
                 ("08/11/2025", "AM and PM", "New assignment: Larkspur Ln & 5th St", START_YEAR,
                  "Applied", "System import")]
        for h in hist:
            p.add(4, "row", "")
            for cell in h:
                p.add(5, "cell", cell)
    p.add(2, "region", "Recent activity")
    p.text(3, "02/27/2026 · Guardian phone verified by R. Castellanos")
    p.text(3, "02/19/2026 · Late-bus text sent (Route 14 PM, 9 min late)")
    footer(p, c["sync"])
    if dialog:
        d = dialog
        dr = d["rider"]
        p.add(1, "dialog", f"Change stop — {dr.full}", props="modal=True")
        p.add(2, "heading", "Change stop")
        p.text(2, f"{dr.full} · {dr.id} · Route {dr.route}")
        p.text(2, f"Opened from the {d['opened_from']} row. Current AM stop: {dr.am} · Current PM stop: {dr.pm}")
        p.add(2, "radiogroup", "Apply to")
        for k, label in (("AM", "AM run only"), ("PM", "PM run only"), ("BOTH", "AM and PM runs")):
            p.add(3, "radio", label, key=f"scope_{k}", props=f"checked={q(str(d['scope'] == k).lower())}")
        val = d["stop"] or "Choose a stop"
        p.add(2, "combobox", "New stop", key="stop_select",
              props=f"hasPopup='menu', expanded=False, value={q(val)}")
        opts = ["Choose a stop"] + sorted({s for s, _ in route["pm"] + route["am"]
                                             if "(" not in s})
        if dr.route == "14":
            opts.append("Birchwood Ave & Dell St — Route 41 (needs route transfer)")
        for o in opts:
            props = f"selected={o == val}"
            if "needs route transfer" in o:
                props += ", disabled=True"
            p.add(3, "option", o, key=f"opt_{o}", props=props)
        if d["stop"]:
            run_lbl = "PM" if d["scope"] != "AM" else "AM"
            kind = "drop-off" if run_lbl == "PM" else "pickup"
            p.text(2, f"{d['stop']} · {run_lbl} {kind} {stop_time(dr.route, run_lbl, d['stop'])} · "
                      f"{pm_count(dr.route, d['stop'])} riders at this stop")
        p.add(2, "textbox", "Effective date (MM/DD/YYYY)", key="eff",
              props=f"value={q(d['eff'])}" + (", invalid='true'" if d["eff_error"] else ""))
        if d["eff_error"]:
            p.text(2, d["eff_error"])
        p.add(2, "textbox", "End date (optional)", key="end", props=f"value={q(d['end'])}" if d["end"] else None)
        p.text(2, "Leave the end date empty for a permanent change.")
        p.add(2, "checkbox", "Text guardians about this change", key="notify",
              props=f"checked={q(str(d['notify']).lower())}")
        if d["alert"]:
            p.add(2, "alert", "")
            p.text(3, d["alert"])
        p.add(2, "button", "Cancel", key="dlg_cancel")
        p.add(2, "button", "Save change", key="dlg_save")
        if confirm:
            eff = d["eff"]
            runs = {"PM": "PM run", "AM": "AM run", "BOTH": "AM and PM runs"}[d["scope"]]
            p.add(1, "alertdialog", "Confirm stop change", props="modal=True")
            p.add(2, "heading", "Confirm stop change")
            until = f" until {d['end']}" if d["end"] else ""
            p.text(2, f"{dr.full} ({dr.id}) will use {d['stop']} for the Route {dr.route} {runs} "
                      f"starting {weekday(eff)}, {eff}{until}.")
            if d["scope"] == "PM":
                p.text(2, f"AM pickup stays at {dr.am}.")
            elif d["scope"] == "AM":
                p.text(2, f"PM drop-off stays at {dr.pm}.")
            else:
                p.text(2, f"AM pickup also changes to {d['stop']}.")
            if d["notify"]:
                p.text(2, "Guardians get a text message tonight at 6:00 PM.")
            p.add(2, "button", "Go back", key="cf_back")
            p.add(2, "button", "Confirm change", key="cf_ok")
        if discard:
            p.add(1, "alertdialog", "Discard unsaved changes?", props="modal=True")
            p.text(2, "You picked a new stop but haven't saved it.")
            p.add(2, "button", "Keep editing", key="dc_keep")
            p.add(2, "button", "Discard", key="dc_discard")
    if toast:
        p.add(1, "status", "")
        p.text(2, toast)
        p.add(2, "button", "Undo", key="toast_undo")
        p.add(2, "button", "Dismiss notification", key="toast_x")
    return p


def route_page(c, route="14", tab="pm"):
    rt = ROUTES[route]
    p = Page(f"{BASE}/routes/{route}?tab={tab}", f"Route {route} · BusYard")
    header(p, "", c["alerts"], c["clock"], c["in_service"], c["late"], c["absences"])
    p.add(1, "main", "")
    p.add(2, "navigation", "Breadcrumb")
    p.add(3, "link", "Home", key="bc_home")
    p.add(3, "link", "Routes", key="bc_routes")
    p.text(3, f"Route {route}")
    p.add(2, "heading", f"Route {route}")
    p.text(2, rt["schools"])
    p.text(2, f"Driver: {rt['driver']} · {rt['bus']} · Radio channel 4")
    p.add(2, "meter", f"Route {route} AM load", props="valuetext='47 of 52 seats'")
    p.add(2, "meter", f"Route {route} PM load", props="valuetext='45 of 52 seats'")
    p.add(2, "link", "Open route map", key="map")
    p.add(2, "tablist", "Runs")
    p.add(3, "tab", "AM stops", key="tab_am", props=f"selected={tab == 'am'}")
    p.add(3, "tab", "PM stops", key="tab_pm", props=f"selected={tab == 'pm'}")
    p.add(3, "tab", "Riders (47)", key="tab_riders", props="selected=False")
    p.add(2, "table", f"{tab.upper()} stops")
    p.add(3, "row", "")
    for col in ("#", "Stop", "Time", "Riders", "Notes"):
        p.add(4, "columnheader", col)
    notes = {"Larkspur Ln & 7th St": "Crossing guard absent 03/03 — coverage cancelled",
             "Quarry Rd & Elm Ct": "Snow route stop",
             "Birchmont Ave & Dale St": "Shelter repair overdue (work order 5512)"}
    for i, (s, t) in enumerate(rt[tab], 1):
        p.add(3, "row", "")
        p.add(4, "cell", str(i))
        p.add(4, "cell", s)
        p.add(4, "cell", t)
        p.add(4, "cell", str(pm_count(route, s)) if "(" not in s else "—")
        p.add(4, "cell", notes.get(s, ""))
    footer(p, c["sync"])
    return p


def signin_page(next_path):
    p = Page(f"{BASE}/login?next={next_path}", "Sign in · BusYard")
    p.add(1, "main", "")
    p.add(2, "heading", "Sign in to BusYard")
    p.text(2, "Calder Springs Unified · Transportation Office")
    p.add(2, "alert", "")
    p.text(3, "You were signed out after 30 minutes without activity. Anything you hadn't saved was not kept.")
    p.add(2, "textbox", "District email", key="email")
    p.add(2, "textbox", "Password", key="password")
    p.add(2, "checkbox", "Keep me signed in on this device", props="checked='false'")
    p.add(2, "button", "Sign in", key="signin")
    p.add(2, "link", "Use district single sign-on", key="sso")
    p.add(2, "link", "Forgot password?", key="forgot")
    p.add(1, "contentinfo", "")
    p.text(2, "© 2026 Calder Springs Unified School District")
    return p


def server_error_page(c, ref):
    p = Page(f"{BASE}/riders/4471203/stop-changes", "Problem saving · BusYard")
    header(p, "", c["alerts"], c["clock"], c["in_service"], c["late"], c["absences"])
    p.add(1, "main", "")
    p.add(2, "heading", "We hit a snag saving this change")
    p.text(2, f"BusYard couldn't finish the request (HTTP 502, reference {ref}).")
    p.text(2, "The stop change may not have been recorded. Check the rider's Scheduled changes before trying again.")
    p.add(2, "link", "Back to rider profile", key="back_profile")
    p.add(2, "link", "Status page", key="status_page")
    footer(p, c["sync"])
    return p


# --------------------------------------------------------------------------------------
# Run recorder
# --------------------------------------------------------------------------------------
class Run:
    def __init__(self, rid, start, fault=None, note=""):
        self.id = rid
        self.fault = fault
        self.note = note
        self.start = start
        self.cur = start
        self.steps = []
        self.off_step = None

    def off(self):
        """Mark the next step as the first off-track step."""
        assert self.off_step is None
        self.off_step = len(self.steps)

    def off_at(self, i):
        assert self.off_step is None
        self.off_step = i

    def _rec(self, commitment, command, target, reasoning, effect, nxt, error=None):
        obs = nxt.obs()
        if error:
            obs["error"] = error
        step = {"action": {"command": command, "reasoning": reasoning, "target": target,
                           "effect": effect},
                "observation": obs}
        if commitment:
            step = {"commitment": commitment, **step}
        self.steps.append(step)
        self.cur = nxt

    def click(self, cm, key, why, nxt, effect="read"):
        self._rec(cm, f"click({q(self.cur.bid(key))})", self.cur.desc[key], why, effect, nxt)

    def fill(self, cm, key, value, why, nxt, effect="write"):
        self._rec(cm, f"fill({q(self.cur.bid(key))}, {q(value)})", self.cur.desc[key], why, effect, nxt)

    def select(self, cm, key, value, why, nxt, effect="write"):
        self._rec(cm, f"select_option({q(self.cur.bid(key))}, {q(value)})", self.cur.desc[key], why,
                  effect, nxt)

    def press(self, cm, key, combo, why, nxt, effect="read"):
        self._rec(cm, f"press({q(self.cur.bid(key))}, {q(combo)})", self.cur.desc[key], why, effect, nxt)

    def keyboard(self, cm, combo, why, nxt, effect="read"):
        self._rec(cm, f"keyboard_press({q(combo)})", "page", why, effect, nxt)

    def back(self, cm, why, nxt):
        self._rec(cm, "go_back()", "browser history", why, "read", nxt)

    def say(self, cm, msg, why):
        self._rec(cm, f"send_msg_to_user({q(msg)})", "chat with user", why, "read", self.cur)

    def record(self, success):
        healthy = self.fault is None
        assert healthy == (self.off_step is None), self.id
        return {"id": self.id, "workflow": WORKFLOW, "task": TASK, "plan": PLAN_PATH,
                "label": {"fault": self.fault, "first_off_track_step": self.off_step},
                "initial_observation": self.start.obs(),
                "steps": self.steps,
                "outcome": {"success": success},
                "notes": self.note}


def sched(stop="Birchmont Ave & Dell St", eff="03/09/2026", runs="PM", end="", status="Scheduled"):
    return {"runs": runs, "stop": stop, "eff": eff, "end": end, "status": status}


def saved_toast(r=TARGET, runs="PM", stop="Birchmont Ave & Dell St", eff="03/09/2026", end=""):
    label = {"PM": "PM run", "AM": "AM run", "BOTH": "AM and PM runs"}[runs]
    return (f"Stop change saved — {r.full}, {label}, {stop}, from {eff}"
            + (f" until {end}" if end else "") + ".")


DONE_MSG = ("Done: Mireya Okonkwo-Hale (4471203) will be dropped at Birchmont Ave & Dell St on the "
            "Route 14 PM run starting 03/09/2026. Her AM pickup stays at Larkspur Ln & 5th St.")


def tail(run, c, r=TARGET, dlg=None, show="all", profile_kw=None, stop="Birchmont Ave & Dell St",
         eff="03/09/2026", open_key="change_PM", report=DONE_MSG):
    """The common healthy tail from an open rider profile: open PM change, pick stop, set date,
    save, confirm, report."""
    kw = dict(profile_kw or {})
    kw.setdefault("show", show)
    d = dlg or fresh_dialog("PM", r)
    run.click("open-pm-change", open_key, "Open Change stop on the PM row of the Route 14 assignment.",
              profile(c, r, dialog=d, **kw))
    d = dict(d, stop=stop)
    run.select("pick-stop", "stop_select", stop, f"Pick {stop} as the new PM stop.", profile(c, r, dialog=d, **kw))
    d = dict(d, eff=eff)
    run.fill("set-date", "eff", eff, "Set the effective date to 03/09/2026.", profile(c, r, dialog=d, **kw))
    run.click("save-change", "dlg_save", "Save the change.", profile(c, r, dialog=d, confirm=True, **kw),
              effect="write")
    s = sched(stop=stop, eff=eff, runs="PM")
    run.click("save-change", "cf_ok", "The summary says PM run from 03/09/2026 and the AM pickup stays; confirm.",
              profile(c, r, scheduled=[s], toast=saved_toast(r, "PM", stop, eff), **kw), effect="irreversible")
    if report:
        run.say("save-change", report, "The toast and Scheduled changes show the PM change from 03/09/2026.")
    return d


# --------------------------------------------------------------------------------------
# Healthy runs
# --------------------------------------------------------------------------------------
def h_search_id():
    c = ctx()
    run = Run("busyard-healthy-search_id-01", riders_list(c),
              note="Search by student ID; fuzzy results also list 4471230 and 4417203.")
    rows = [TARGET, SIBLING, NAMESAKE]
    run.fill("open-rider", "search", "4471203", "Search for the student ID from the task.",
             riders_list(c, search="4471203"), effect="read")
    run.press("open-rider", "search", "Enter", "Run the search.",
              search_results(c, "4471203", rows, note="3 riders found (exact and similar IDs)"))
    run.click("open-rider", "row_4471203", "Open the exact match 4471203, Okonkwo-Hale, Mireya.", profile(c))
    tail(run, c)
    return run.record(True)


def h_browse_filter_page():
    c = ctx(clock="10:31 AM", sync="10:30 AM", in_service=3)
    run = Run("busyard-healthy-filter_paginate-02", riders_list(c),
              note="Filter the list by Route 14 and the PM run, page forward, open the rider.")
    run.select("open-rider", "f_route", "Route 14", "Narrow the list to Route 14.",
               riders_list(c, ui_route="Route 14"), effect="read")
    run.select("open-rider", "f_run", "PM only", "The change is for the PM run; show PM riders.",
               riders_list(c, ui_route="Route 14", ui_run="PM only"), effect="read")
    run.click("open-rider", "apply", "Apply the Route 14 / PM only filters.",
              riders_list(c, route="Route 14", run="PM only"))
    pm_rows = [r for r in ROSTER14 if r.pm != "—"]
    page_of = pm_rows.index(TARGET) // 10 + 1
    assert page_of >= 2
    for pg in range(2, page_of + 1):
        run.click("open-rider", "next", "Okonkwo-Hale, Mireya is not on this page; go to the next page.",
                  riders_list(c, route="Route 14", run="PM only", page=pg))
    run.click("open-rider", "row_4471203", "Open Okonkwo-Hale, Mireya (4471203).", profile(c))
    tail(run, c)
    return run.record(True)


def h_search_name_banner():
    c = ctx(clock="10:47 AM", sync="10:46 AM", late=3)
    c2 = ctx(clock="10:52 AM", sync="10:51 AM", late=3,
             alerts=DEFAULT_ALERTS + ["Route 9 AM arrived at Hollis Elementary 14 min late. Attendance office notified."])
    run = Run("busyard-healthy-search_name-03", riders_list(c),
              note="Search by last name; a driver-absence alert for Route 14 PM and a late-bus alert appear mid-run.")
    rows = [SIBLING, TARGET, NAMESAKE]
    run.fill("open-rider", "search", "Okonkwo-Hale", "Search by the student's last name.",
             riders_list(c, search="Okonkwo-Hale"), effect="read")
    run.click("open-rider", "search_btn", "Run the search.",
              search_results(c, "Okonkwo-Hale", rows, note="3 riders found (including similar names)"))
    absence = "Driver absence: Route 14 PM — substitute driver L. Brandt today; times may run 5–10 min late."
    run.click("open-rider", "row_4471203", "Okonkwo-Hale, Mireya with ID 4471203 is the student in the task.",
              profile(c, extra_alert=absence))
    tail(run, c2, profile_kw={"extra_alert": absence})
    return run.record(True)


def h_cancel_detour():
    c = ctx(clock="11:05 AM", sync="11:04 AM")
    run = Run("busyard-healthy-cancel_detour-04", riders_list(c),
              note="Opens the dialog, cancels to check the route's PM stop order, comes back, finishes.")
    run.fill("open-rider", "search", "4471203", "Search for the student ID.",
             riders_list(c, search="4471203"), effect="read")
    run.press("open-rider", "search", "Enter", "Run the search.",
              search_results(c, "4471203", [TARGET, SIBLING, NAMESAKE], note="3 riders found (exact and similar IDs)"))
    run.click("open-rider", "row_4471203", "Open 4471203, Okonkwo-Hale, Mireya.", profile(c))
    d = fresh_dialog("PM")
    run.click("open-pm-change", "change_PM", "Open Change stop on the PM row.", profile(c, dialog=d))
    run.click("open-pm-change", "dlg_cancel",
              "The stop list has no times; cancel and check the Route 14 PM stop order first.", profile(c))
    run.click("open-pm-change", "route_link_PM", "Open Route 14 to see its PM stops.", route_page(c))
    run.back("open-pm-change", "Birchmont Ave & Dell St is PM stop 7 at 3:52 PM; go back to the rider.", profile(c))
    tail(run, c)
    return run.record(True)


def h_retype_date():
    c = ctx(clock="11:20 AM", sync="11:19 AM", in_service=5)
    run = Run("busyard-healthy-retype_date-05", riders_list(c),
              note="Types the date in a short format, gets a validation message, retypes it.")
    run.fill("open-rider", "search", "4471203", "Search for the student ID.",
             riders_list(c, search="4471203"), effect="read")
    run.press("open-rider", "search", "Enter", "Run the search.",
              search_results(c, "4471203", [TARGET, SIBLING, NAMESAKE], note="3 riders found (exact and similar IDs)"))
    run.click("open-rider", "row_4471203", "Open 4471203, Okonkwo-Hale, Mireya.", profile(c))
    d = fresh_dialog("PM")
    run.click("open-pm-change", "change_PM", "Open Change stop on the PM row.", profile(c, dialog=d))
    d = dict(d, stop="Birchmont Ave & Dell St")
    run.select("pick-stop", "stop_select", "Birchmont Ave & Dell St", "Pick the new PM stop.", profile(c, dialog=d))
    d = dict(d, eff="3/9/26", eff_error="Enter the date as MM/DD/YYYY.")
    run.fill("set-date", "eff", "3/9/26", "Set the start date.", profile(c, dialog=d))
    d = dict(d, eff="03/09/2026", eff_error=None)
    run.fill("set-date", "eff", "03/09/2026", "The field wants MM/DD/YYYY; retype it.", profile(c, dialog=d))
    run.click("save-change", "dlg_save", "Save the change.", profile(c, dialog=d, confirm=True), effect="write")
    run.click("save-change", "cf_ok", "Summary matches: PM run from 03/09/2026, AM stays. Confirm.",
              profile(c, scheduled=[sched()], toast=saved_toast()), effect="irreversible")
    run.say("save-change", DONE_MSG, "Saved; Scheduled changes lists the PM change.")
    return run.record(True)


def h_sort():
    c = ctx(clock="11:42 AM", sync="11:41 AM")
    run = Run("busyard-healthy-sort_name-06", riders_list(c),
              note="Filter by route, sort by name, jump to the right page, open the rider.")
    run.select("open-rider", "f_route", "Route 14", "Show Route 14 riders.", riders_list(c, ui_route="Route 14"),
               effect="read")
    run.click("open-rider", "apply", "Apply the route filter.", riders_list(c, route="Route 14"))
    run.click("open-rider", "sort_name", "Sort by name to find Okonkwo-Hale quickly.",
              riders_list(c, route="Route 14", sort="Name (A–Z)"))
    srt = sorted(ROSTER14, key=lambda r: (r.last, r.first))
    pg = srt.index(TARGET) // 10 + 1
    if pg > 1:
        run.click("open-rider", f"page_{pg}", f"Okonkwo-Hale should be on page {pg}.",
                  riders_list(c, route="Route 14", sort="Name (A–Z)", page=pg))
    run.click("open-rider", "row_4471203", "Open Okonkwo-Hale, Mireya (4471203), not Maya (4471230).", profile(c))
    tail(run, c)
    return run.record(True)


def h_verify_history():
    c = ctx(clock="1:08 PM", sync="1:07 PM", in_service=2, late=3)
    run = Run("busyard-healthy-verify_history-07", riders_list(c),
              note="After saving, dismisses the toast and checks the Schedule history tab (older rows say Cancelled / Failed).")
    run.fill("open-rider", "search", "Okonkwo-Hale", "Search by last name.",
             riders_list(c, search="Okonkwo-Hale"), effect="read")
    run.press("open-rider", "search", "Enter", "Run the search.",
              search_results(c, "Okonkwo-Hale", [SIBLING, TARGET, NAMESAKE],
                             note="3 riders found (including similar names)"))
    run.click("open-rider", "row_4471203", "Open the row with ID 4471203.", profile(c))
    tail(run, c, report=None)
    run.click("save-change", "toast_x", "Dismiss the toast.", profile(c, scheduled=[sched()]))
    run.click("save-change", "tab_history", "Check the Schedule history for the new entry.",
              profile(c, tab="history", scheduled=[sched()]))
    run.say("save-change", DONE_MSG, "History shows the PM change from 03/09/2026 as Scheduled.")
    return run.record(True)


def h_pm_filter_toast():
    c = ctx(clock="2:15 PM", sync="2:14 PM", in_service=9, late=4,
            alerts=DEFAULT_ALERTS + ["Late bus: Route 14 PM may leave Brookfield Middle School 6 min late (bus swap)."])
    run = Run("busyard-healthy-pm_filter-08", riders_list(c),
              note="Uses the rider profile's PM-only run filter before opening Change stop; a late-bus alert for Route 14 PM is showing.")
    run.fill("open-rider", "search", "4471203", "Search for the student ID.",
             riders_list(c, search="4471203"), effect="read")
    run.press("open-rider", "search", "Enter", "Run the search.",
              search_results(c, "4471203", [TARGET, SIBLING, NAMESAKE], note="3 riders found (exact and similar IDs)"))
    run.click("open-rider", "row_4471203", "Open 4471203.", profile(c))
    run.click("open-pm-change", "show_PM", "Show only the PM run so I edit the right row.", profile(c, show="PM"))
    tail(run, c, show="PM")
    return run.record(True)


# --------------------------------------------------------------------------------------
# Faulty runs (written after the plan above)
# --------------------------------------------------------------------------------------
def f_wrong_record_sibling():
    c = ctx(clock="9:02 AM", sync="9:01 AM", in_service=0)
    run = Run("busyard-wrong_record-sibling-01", riders_list(c), fault="wrong_record",
              note="Opens Maya Okonkwo-Hale (4471230), the sibling listed first, and changes her PM stop.")
    run.fill("open-rider", "search", "Okonkwo-Hale", "Search by last name.",
             riders_list(c, search="Okonkwo-Hale"), effect="read")
    run.press("open-rider", "search", "Enter", "Run the search.",
              search_results(c, "Okonkwo-Hale", [SIBLING, TARGET, NAMESAKE],
                             note="3 riders found (including similar names)"))
    run.off()
    run.click("open-rider", "row_4471230", "Open Okonkwo-Hale — first match, Route 14.", profile(c, SIBLING))
    tail(run, c, r=SIBLING, report=("Done: the Okonkwo-Hale rider on Route 14 now gets the Birchmont Ave & Dell St "
                                     "PM stop from 03/09/2026; AM unchanged."))
    return run.record(False)


def f_wrong_stop_near():
    c = ctx(clock="9:15 AM", sync="9:14 AM", in_service=0)
    run = Run("busyard-wrong_value-dale_st-02", riders_list(c), fault="wrong_value",
              note="Selects Birchmont Ave & Dale St instead of Birchmont Ave & Dell St.")
    run.fill("open-rider", "search", "4471203", "Search for the ID.", riders_list(c, search="4471203"), effect="read")
    run.press("open-rider", "search", "Enter", "Run the search.",
              search_results(c, "4471203", [TARGET, SIBLING, NAMESAKE], note="3 riders found (exact and similar IDs)"))
    run.click("open-rider", "row_4471203", "Open 4471203.", profile(c))
    d = fresh_dialog("PM")
    run.click("open-pm-change", "change_PM", "Open Change stop on the PM row.", profile(c, dialog=d))
    stop = "Birchmont Ave & Dale St"
    d = dict(d, stop=stop)
    run.off()
    run.select("pick-stop", "stop_select", stop, "Pick the Birchmont Ave stop.", profile(c, dialog=d))
    d = dict(d, eff="03/09/2026")
    run.fill("set-date", "eff", "03/09/2026", "Set the effective date.", profile(c, dialog=d))
    run.click("save-change", "dlg_save", "Save.", profile(c, dialog=d, confirm=True), effect="write")
    run.click("save-change", "cf_ok", "Confirm.", profile(c, scheduled=[sched(stop=stop)],
                                                          toast=saved_toast(stop=stop)), effect="irreversible")
    run.say("save-change", DONE_MSG, "Saved.")
    return run.record(False)


def f_both_runs():
    c = ctx(clock="9:40 AM", sync="9:39 AM", in_service=1)
    run = Run("busyard-wrong_scope-both_runs-03", riders_list(c), fault="wrong_scope",
              note="Switches Apply to from PM run only to AM and PM runs; the AM stop changes too.")
    run.fill("open-rider", "search", "4471203", "Search for the ID.", riders_list(c, search="4471203"), effect="read")
    run.press("open-rider", "search", "Enter", "Run the search.",
              search_results(c, "4471203", [TARGET, SIBLING, NAMESAKE], note="3 riders found (exact and similar IDs)"))
    run.click("open-rider", "row_4471203", "Open 4471203.", profile(c))
    d = fresh_dialog("PM")
    run.click("open-pm-change", "change_PM", "Open Change stop.", profile(c, dialog=d))
    d = dict(d, scope="BOTH")
    run.off()
    run.click("open-pm-change", "scope_BOTH", "Make sure the new stop applies to her route assignment.",
              profile(c, dialog=d), effect="write")
    d = dict(d, stop="Birchmont Ave & Dell St")
    run.select("pick-stop", "stop_select", "Birchmont Ave & Dell St", "Pick the new stop.", profile(c, dialog=d))
    d = dict(d, eff="03/09/2026")
    run.fill("set-date", "eff", "03/09/2026", "Set the effective date.", profile(c, dialog=d))
    run.click("save-change", "dlg_save", "Save.", profile(c, dialog=d, confirm=True), effect="write")
    run.click("save-change", "cf_ok", "Confirm.",
              profile(c, scheduled=[sched(runs="AM and PM")], toast=saved_toast(runs="BOTH")),
              effect="irreversible")
    run.say("save-change", DONE_MSG, "Saved.")
    return run.record(False)


def f_end_date():
    c = ctx(clock="10:02 AM", sync="10:01 AM")
    run = Run("busyard-unrequested_constraint-end_date-04", riders_list(c), fault="unrequested_constraint",
              note="Adds an end date (06/12/2026, last day of school) nobody asked for, making the change temporary.")
    run.fill("open-rider", "search", "4471203", "Search for the ID.", riders_list(c, search="4471203"), effect="read")
    run.press("open-rider", "search", "Enter", "Run the search.",
              search_results(c, "4471203", [TARGET, SIBLING, NAMESAKE], note="3 riders found (exact and similar IDs)"))
    run.click("open-rider", "row_4471203", "Open 4471203.", profile(c))
    d = fresh_dialog("PM")
    run.click("open-pm-change", "change_PM", "Open Change stop on the PM row.", profile(c, dialog=d))
    d = dict(d, stop="Birchmont Ave & Dell St")
    run.select("pick-stop", "stop_select", "Birchmont Ave & Dell St", "Pick the new stop.", profile(c, dialog=d))
    d = dict(d, eff="03/09/2026")
    run.fill("set-date", "eff", "03/09/2026", "Set the effective date.", profile(c, dialog=d))
    d = dict(d, end="06/12/2026")
    run.off()
    run.fill("set-date", "end", "06/12/2026", "Bound the change to the end of the school year to be safe.",
             profile(c, dialog=d))
    run.click("save-change", "dlg_save", "Save.", profile(c, dialog=d, confirm=True), effect="write")
    run.click("save-change", "cf_ok", "Confirm.",
              profile(c, scheduled=[sched(end="06/12/2026")], toast=saved_toast(end="06/12/2026")),
              effect="irreversible")
    run.say("save-change", DONE_MSG, "Saved.")
    return run.record(False)


def f_silent_noop():
    c = ctx(clock="10:20 AM", sync="10:19 AM")
    run = Run("busyard-silent_noop-confirm-05", riders_list(c), fault="silent_noop",
              note="Confirm change closes the dialogs but nothing is saved: no toast, Scheduled changes still empty. Agent reports success.")
    run.fill("open-rider", "search", "4471203", "Search for the ID.", riders_list(c, search="4471203"), effect="read")
    run.press("open-rider", "search", "Enter", "Run the search.",
              search_results(c, "4471203", [TARGET, SIBLING, NAMESAKE], note="3 riders found (exact and similar IDs)"))
    run.click("open-rider", "row_4471203", "Open 4471203.", profile(c))
    d = fresh_dialog("PM")
    run.click("open-pm-change", "change_PM", "Open Change stop on the PM row.", profile(c, dialog=d))
    d = dict(d, stop="Birchmont Ave & Dell St")
    run.select("pick-stop", "stop_select", "Birchmont Ave & Dell St", "Pick the new stop.", profile(c, dialog=d))
    d = dict(d, eff="03/09/2026")
    run.fill("set-date", "eff", "03/09/2026", "Set the effective date.", profile(c, dialog=d))
    run.click("save-change", "dlg_save", "Save.", profile(c, dialog=d, confirm=True), effect="write")
    run.off()
    run.click("save-change", "cf_ok", "Confirm.", profile(c), effect="irreversible")
    run.say("save-change", DONE_MSG, "The dialog closed, so it saved.")
    return run.record(False)


def f_server_error():
    c = ctx(clock="10:36 AM", sync="10:35 AM")
    run = Run("busyard-error_page-502-06", riders_list(c), fault="error_page",
              note="Confirm change lands on a 502 error page.")
    run.select("open-rider", "f_route", "Route 14", "Show Route 14 riders.", riders_list(c, ui_route="Route 14"),
               effect="read")
    run.click("open-rider", "apply", "Apply the filter.", riders_list(c, route="Route 14"))
    pg = ROSTER14.index(TARGET) // 10 + 1
    run.click("open-rider", f"page_{pg}", "Go to the page with Okonkwo-Hale.",
              riders_list(c, route="Route 14", page=pg))
    run.click("open-rider", "row_4471203", "Open Okonkwo-Hale, Mireya (4471203).", profile(c))
    d = fresh_dialog("PM")
    run.click("open-pm-change", "change_PM", "Open Change stop on the PM row.", profile(c, dialog=d))
    d = dict(d, stop="Birchmont Ave & Dell St")
    run.select("pick-stop", "stop_select", "Birchmont Ave & Dell St", "Pick the new stop.", profile(c, dialog=d))
    d = dict(d, eff="03/09/2026")
    run.fill("set-date", "eff", "03/09/2026", "Set the effective date.", profile(c, dialog=d))
    run.click("save-change", "dlg_save", "Save.", profile(c, dialog=d, confirm=True), effect="write")
    run.off()
    run.click("save-change", "cf_ok", "Confirm.", server_error_page(c, "BY-7F3C19A2"), effect="irreversible")
    run.say("save-change", "I tried to save the PM stop change but BusYard returned an error page (502). "
                           "It may not have been recorded.", "The save failed.")
    return run.record(False)


def f_permission():
    c = ctx(clock="10:58 AM", sync="10:57 AM")
    run = Run("busyard-permission-zone_lock-07", riders_list(c), fault="permission_denied",
              note="Confirm change is refused: the clerk's zone can't edit Route 14. Agent reports success anyway.")
    run.fill("open-rider", "search", "Okonkwo-Hale", "Search by last name.",
             riders_list(c, search="Okonkwo-Hale"), effect="read")
    run.press("open-rider", "search", "Enter", "Run the search.",
              search_results(c, "Okonkwo-Hale", [SIBLING, TARGET, NAMESAKE],
                             note="3 riders found (including similar names)"))
    run.click("open-rider", "row_4471203", "Open Okonkwo-Hale, Mireya 4471203.", profile(c))
    d = fresh_dialog("PM")
    run.click("open-pm-change", "change_PM", "Open Change stop on the PM row.", profile(c, dialog=d))
    d = dict(d, stop="Birchmont Ave & Dell St")
    run.select("pick-stop", "stop_select", "Birchmont Ave & Dell St", "Pick the new stop.", profile(c, dialog=d))
    d = dict(d, eff="03/09/2026")
    run.fill("set-date", "eff", "03/09/2026", "Set the effective date.", profile(c, dialog=d))
    run.click("save-change", "dlg_save", "Save.", profile(c, dialog=d, confirm=True), effect="write")
    d = dict(d, alert=("Not saved. Route 14 belongs to the North zone office; your account (South zone) "
                       "can view it but can't change its stops. Ask a North zone supervisor."))
    run.off()
    run.click("save-change", "cf_ok", "Confirm.", profile(c, dialog=d), effect="irreversible")
    run.say("save-change", DONE_MSG, "Confirmed the change.")
    return run.record(False)


def f_session():
    c = ctx(clock="12:41 PM", sync="12:10 PM")
    run = Run("busyard-session_lost-signin-08", riders_list(c), fault="session_expired",
              note="Save change bounces to the sign-in page; the edit is lost.")
    run.fill("open-rider", "search", "4471203", "Search for the ID.", riders_list(c, search="4471203"), effect="read")
    run.press("open-rider", "search", "Enter", "Run the search.",
              search_results(c, "4471203", [TARGET, SIBLING, NAMESAKE], note="3 riders found (exact and similar IDs)"))
    run.click("open-rider", "row_4471203", "Open 4471203.", profile(c))
    d = fresh_dialog("PM")
    run.click("open-pm-change", "change_PM", "Open Change stop on the PM row.", profile(c, dialog=d))
    d = dict(d, stop="Birchmont Ave & Dell St")
    run.select("pick-stop", "stop_select", "Birchmont Ave & Dell St", "Pick the new stop.", profile(c, dialog=d))
    d = dict(d, eff="03/09/2026")
    run.fill("set-date", "eff", "03/09/2026", "Set the effective date.", profile(c, dialog=d))
    run.off()
    run.click("save-change", "dlg_save", "Save.", signin_page("/riders/4471203"), effect="write")
    run.say("save-change", "BusYard signed me out before the change was saved; the PM stop change was not made.",
            "Sign-in page; nothing saved.")
    return run.record(False)


def f_premature():
    c = ctx(clock="1:22 PM", sync="1:21 PM", in_service=2)
    run = Run("busyard-premature_success-unsaved-09", riders_list(c), fault="premature_success",
              note="Fills the dialog and reports success without clicking Save change.")
    run.fill("open-rider", "search", "4471203", "Search for the ID.", riders_list(c, search="4471203"), effect="read")
    run.press("open-rider", "search", "Enter", "Run the search.",
              search_results(c, "4471203", [TARGET, SIBLING, NAMESAKE], note="3 riders found (exact and similar IDs)"))
    run.click("open-rider", "row_4471203", "Open 4471203.", profile(c))
    d = fresh_dialog("PM")
    run.click("open-pm-change", "change_PM", "Open Change stop on the PM row.", profile(c, dialog=d))
    d = dict(d, stop="Birchmont Ave & Dell St")
    run.select("pick-stop", "stop_select", "Birchmont Ave & Dell St", "Pick the new stop.", profile(c, dialog=d))
    d = dict(d, eff="03/09/2026")
    run.fill("set-date", "eff", "03/09/2026", "Set the effective date.", profile(c, dialog=d))
    run.off()
    run.say("save-change", DONE_MSG, "Stop and date are set for the PM run; that's the change.")
    return run.record(False)


def f_skip_date():
    c = ctx(clock="1:37 PM", sync="1:36 PM", in_service=2)
    run = Run("busyard-skipped_step-no_date-10", riders_list(c), fault="skipped_step",
              note="Never sets the effective date; the change starts today (03/02/2026).")
    run.fill("open-rider", "search", "Okonkwo-Hale", "Search by last name.",
             riders_list(c, search="Okonkwo-Hale"), effect="read")
    run.press("open-rider", "search", "Enter", "Run the search.",
              search_results(c, "Okonkwo-Hale", [SIBLING, TARGET, NAMESAKE],
                             note="3 riders found (including similar names)"))
    run.click("open-rider", "row_4471203", "Open 4471203.", profile(c))
    d = fresh_dialog("PM")
    run.click("open-pm-change", "change_PM", "Open Change stop on the PM row.", profile(c, dialog=d))
    d = dict(d, stop="Birchmont Ave & Dell St")
    run.select("pick-stop", "stop_select", "Birchmont Ave & Dell St", "Pick the new stop.", profile(c, dialog=d))
    run.off()
    run.click("save-change", "dlg_save", "Save.", profile(c, dialog=d, confirm=True), effect="write")
    today = usdate(TODAY)
    run.click("save-change", "cf_ok", "Confirm.",
              profile(c, scheduled=[sched(eff=today, status="Starts today")], toast=saved_toast(eff=today)),
              effect="irreversible")
    run.say("save-change", DONE_MSG, "Saved.")
    return run.record(False)


def f_escape_confirm():
    c = ctx(clock="2:03 PM", sync="2:02 PM", in_service=6)
    run = Run("busyard-dialog_mishandled-escape-11", riders_list(c), fault="dialog_mishandled",
              note="Presses Escape on the Confirm stop change dialog; both dialogs close, nothing is saved; reports success.")
    run.fill("open-rider", "search", "4471203", "Search for the ID.", riders_list(c, search="4471203"), effect="read")
    run.press("open-rider", "search", "Enter", "Run the search.",
              search_results(c, "4471203", [TARGET, SIBLING, NAMESAKE], note="3 riders found (exact and similar IDs)"))
    run.click("open-rider", "row_4471203", "Open 4471203.", profile(c))
    d = fresh_dialog("PM")
    run.click("open-pm-change", "change_PM", "Open Change stop on the PM row.", profile(c, dialog=d))
    d = dict(d, stop="Birchmont Ave & Dell St")
    run.select("pick-stop", "stop_select", "Birchmont Ave & Dell St", "Pick the new stop.", profile(c, dialog=d))
    d = dict(d, eff="03/09/2026")
    run.fill("set-date", "eff", "03/09/2026", "Set the effective date.", profile(c, dialog=d))
    run.click("save-change", "dlg_save", "Save.", profile(c, dialog=d, confirm=True), effect="write")
    run.off()
    run.keyboard("save-change", "Escape", "Close the summary popup; the change is submitted.", profile(c))
    run.say("save-change", DONE_MSG, "Back on the profile.")
    return run.record(False)


def f_stale_filter():
    c = ctx(clock="8:12 AM", sync="8:11 AM", in_service=38, late=1, absences=3)
    start = riders_list(c, route="Route 41", run="PM only", sort="Name (A–Z)", restored=True)
    run = Run("busyard-stale_filter-route41-12", start, fault="stale_filter",
              note="The list opens with Route 41 / PM only filters restored from an earlier visit; the ID search runs inside them and only the look-alike 4417203 comes back.")
    run.off_at(0)
    run.fill("open-rider", "search", "4471203", "Search for the ID.",
             riders_list(c, route="Route 41", run="PM only", sort="Name (A–Z)", restored=True, search="4471203"),
             effect="read")
    run.press("open-rider", "search", "Enter", "Run the search.",
              search_results(c, "4471203", [NAMESAKE], note="1 rider found within your filters (similar IDs)",
                             filters=["Route 41", "PM only"]))
    run.click("open-rider", "row_4417203", "Open the only match, Okonkwo, Mireya.", profile(c, NAMESAKE))
    d = fresh_dialog("PM", NAMESAKE)
    run.click("open-pm-change", "change_PM", "Open Change stop on the PM row.", profile(c, NAMESAKE, dialog=d))
    d = dict(d, stop="Birchmont Ave & Dell St")
    run.select("pick-stop", "stop_select", "Birchmont Ave & Dell St", "Pick the new stop.",
               profile(c, NAMESAKE, dialog=d))
    d = dict(d, eff="03/09/2026")
    run.fill("set-date", "eff", "03/09/2026", "Set the effective date.", profile(c, NAMESAKE, dialog=d))
    run.click("save-change", "dlg_save", "Save.", profile(c, NAMESAKE, dialog=d, confirm=True), effect="write")
    run.click("save-change", "cf_ok", "Confirm.",
              profile(c, NAMESAKE, scheduled=[sched()], toast=saved_toast(NAMESAKE)), effect="irreversible")
    run.say("save-change", DONE_MSG, "Saved.")
    return run.record(False)


HEALTHY = [h_search_id, h_browse_filter_page, h_search_name_banner, h_cancel_detour, h_retype_date,
           h_sort, h_verify_history, h_pm_filter_toast]
FAULTY = [f_wrong_record_sibling, f_wrong_stop_near, f_both_runs, f_end_date, f_silent_noop,
          f_server_error, f_permission, f_session, f_premature, f_skip_date, f_escape_confirm,
          f_stale_filter]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    runs = [f() for f in HEALTHY] + [f() for f in FAULTY]
    os.makedirs(os.path.join(args.out, "plans"), exist_ok=True)
    with open(os.path.join(args.out, PLAN_PATH), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(PLAN_YAML)
    with open(os.path.join(args.out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for r in runs:
            fh.write(json.dumps(r, ensure_ascii=False, sort_keys=False) + "\n")
    print(f"wrote {len(runs)} runs to {os.path.join(args.out, 'corpus.jsonl')}")


if __name__ == "__main__":
    main()
