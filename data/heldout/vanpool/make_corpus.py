#!/usr/bin/env python3
"""Generate the VanCrew vanpool held-out corpus.

Writes corpus.jsonl and plans/vanpool.yaml next to this script (or into the
directory given as the first argument). Python 3 standard library only; a fixed
seed makes the output byte-for-byte reproducible.
"""
import json
import os
import random
import sys

SEED = 20260309
BASE = "http://127.0.0.1:8000/vanpool"
WORKFLOW = "vanpool"
PLAN_REL = "plans/vanpool.yaml"
TASK = ("Please move Priya Raman (rider R-7730 - careful, there is also a Priya Rahman, "
        "R-7703) from van VP-14 to VP-41 starting Monday 9 March. Keep her pickup stop at "
        "Elm & 3rd and send her the change notice.")

# The plan was written from the task text and the healthy pages, before any faulty
# run was designed, and was not changed afterwards.
PLAN_YAML = r'''
# Plan for the VanCrew rider-transfer workflow.
# Written from the task text and the healthy pages only, before any faulty run existed.
task: "Please move Priya Raman (rider R-7730 - careful, there is also a Priya Rahman, R-7703) from van VP-14 to VP-41 starting Monday 9 March. Keep her pickup stop at Elm & 3rd and send her the change notice."
plan_falsifiers:
  execution:
    - "Sign in to VanCrew"
    - "Your session has ended"
    - "Something went wrong"
    - "You don't have permission"
    - "The page has no VanCrew navigation bar"
commitments:
  - id: find-rider
    subgoal: "Find Priya Raman (R-7730) on van VP-14, via the van roster, the rider directory or search"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - "VanCrew"
      progress:
        - "Vans"
        - "Results for"
        - "Riders"
      completion:
        - "Van VP-14"
        - "Priya Raman"
        - "R-7730"
    falsify:
      execution:
        - "Van VP-114"
        - "Van VP-41 · Ridge Express"
        - "No riders match"
        - text: "VP-114"
          "on": action
      planning:
        - "R-7730 is not on the VP-14 roster"
  - id: open-transfer
    subgoal: "Open the transfer form for Priya Raman (R-7730), not Priya Rahman (R-7703)"
    skill: open_row_action
    confidence: 0.75
    confirm:
      precondition:
        - "Transfer Priya Raman"
      progress: []
      completion:
        - "Transfer rider R-7730"
        - "Current pickup stop: Elm & 3rd"
    falsify:
      execution:
        - "Transfer rider R-7703"
        - "R-7703"
        - "Priya Rahman"
        - text: "Transfer Priya Rahman"
          "on": action
        - text: "Remove Priya Raman from van"
          "on": action
      planning:
        - "Transfers are locked for this van"
  - id: choose-destination
    subgoal: "Choose VP-41 (Ridge Express) as the destination van"
    skill: fill_form_field
    confidence: 0.7
    confirm:
      precondition:
        - "Destination van"
      progress: []
      completion:
        - "Seats left on VP-41"
    falsify:
      execution:
        - "Seats left on VP-44"
        - "Seats left on VP-40"
        - "Seats left on VP-114"
        - text: "VP-44"
          "on": action
        - text: "VP-40"
          "on": action
        - text: "VP-114"
          "on": action
      planning:
        - "VP-41 is full"
        - "No seats left on VP-41"
  - id: set-effective-date
    subgoal: "Set the effective date to Monday 9 March 2026 (2026-03-09), as a permanent move"
    skill: fill_form_field
    confidence: 0.7
    confirm:
      precondition:
        - "Effective date"
      progress: []
      completion:
        - "2026-03-09"
        - "Mon 9 Mar 2026"
    falsify:
      execution:
        - "2026-09-03"
        - "2026-03-16"
        - "Effective date must be"
        - text: "Temporary"
          "on": action
      planning: []
  - id: keep-stop
    subgoal: "Keep the pickup stop at Elm & 3rd on the new van"
    skill: fill_form_field
    confidence: 0.8
    confirm:
      precondition:
        - "Pickup stop on new van"
      progress: []
      completion:
        - "Elm & 3rd"
    falsify:
      execution:
        - "Elm & 13th"
        - text: "Elm & 13th"
          "on": action
        - text: "Ridge Rd P&R"
          "on": action
      planning:
        - "Elm & 3rd is not served by VP-41"
  - id: request-notice
    subgoal: "Tick 'Send change notice to rider'"
    skill: fill_form_field
    confidence: 0.7
    confirm:
      precondition:
        - "Send change notice to rider"
      progress: []
      completion:
        - "Send change notice to rider"
        - "Draft saved"
    falsify:
      execution:
        - "No contact details on file"
      planning: []
  - id: submit-transfer
    subgoal: "Confirm the transfer and have the change notice sent"
    skill: submit_form
    confidence: 0.65
    confirm:
      precondition:
        - "Confirm transfer"
      progress:
        - "Short-notice transfer"
      completion:
        - "Transfer scheduled"
        - "Change notice sent to rider"
    falsify:
      execution:
        - "notice not sent"
        - "Could not schedule"
        - "Transfer failed"
        - "No 'Transfer scheduled' banner appears after Confirm transfer"
        - text: "Transfer only"
          "on": action
        - text: "Go back"
          "on": action
        - text: "Cancel"
          "on": action
      planning:
        - "VP-41 is full"
  - id: report
    subgoal: "Tell the user the transfer is scheduled for Mon 9 Mar 2026 and the notice was sent"
    confidence: 0.9
    confirm:
      precondition:
        - "Transfer scheduled"
        - "Change notice sent to rider"
      progress: []
      completion: []
    falsify:
      execution:
        - "The page shows no 'Transfer scheduled' banner"
        - "Confirm transfer"
      planning: []
'''.lstrip("\n")

# ----------------------------------------------------------------------------
# Application data
# ----------------------------------------------------------------------------
# id: (route, region, driver, riders, capacity, status, last updated)
VANS = {
    "VP-41": ("Ridge Express", "Ridge", "Hana Kim", 10, 12, "Active", "Today 8:12 AM"),
    "VP-33": ("Quarry Hill", "Ridge", "Omar Said", 9, 12, "Trip cancelled today", "Today 7:05 AM"),
    "VP-07": ("Mill Creek", "Ridge", "Grace Mensah", 12, 12, "Full", "Yesterday 5:48 PM"),
    "VP-114": ("Cannery Row Commuter", "Harbor", "Ivo Petrov", 10, 12, "Active", "Yesterday 4:10 PM"),
    "VP-21": ("Depot Shuttle", "Harbor", "Unassigned", 0, 8, "Maintenance hold", "Yesterday 2:31 PM"),
    "VP-44": ("Harbor Loop", "Harbor", "Lena Fischer", 7, 11, "Active", "Yesterday 11:02 AM"),
    "VP-03": ("Lakeview Shuttle", "North Shore", "Ruth Adeyemi", 8, 8, "Full", "2 Mar 2026"),
    "VP-26": ("Airport Connector", "Harbor", "Paolo Ricci", 6, 10, "Active", "2 Mar 2026"),
    "VP-09": ("Sawmill Flats", "Ridge", "Nora Byrne", 9, 12, "Insurance renewal overdue", "1 Mar 2026"),
    "VP-40": ("Orchard Link", "North Shore", "Kwame Boateng", 11, 12, "Active", "28 Feb 2026"),
    "VP-14": ("Orchard Park Express", "North Shore", "Tomas Ferreira", 11, 12, "Active", "27 Feb 2026"),
    "VP-18": ("Bayview", "North Shore", "Mei Tanaka", 10, 12, "Active", "27 Feb 2026"),
    "VP-12": ("Cedar Point", "North Shore", "Ali Hassan", 7, 8, "Active", "26 Feb 2026"),
    "VP-47": ("Ridge Night Run", "Ridge", "Jonas Berg", 5, 12, "Paused until 16 Mar", "25 Feb 2026"),
    "VP-11": ("Westgate", "Harbor", "Fatima Zahra", 12, 12, "Full", "24 Feb 2026"),
    "VP-29": ("Lighthouse", "Harbor", "Ben Carter", 8, 11, "Active", "23 Feb 2026"),
    "VP-35": ("Pine Hollow", "Ridge", "Sofia Ruiz", 9, 12, "Active", "20 Feb 2026"),
    "VP-50": ("Campus Flyer", "North Shore", "Victor Ng", 6, 8, "Driver check failed - reassign", "19 Feb 2026"),
    "VP-04": ("Old Town", "North Shore", "Amara Nwosu", 10, 12, "Active", "18 Feb 2026"),
    "VP-16": ("Riverside", "Harbor", "Karl Weber", 11, 12, "Active", "17 Feb 2026"),
    "VP-22": ("Summit", "Ridge", "Leah Cohen", 4, 8, "Active", "12 Feb 2026"),
    "VP-31": ("Marina", "Harbor", "Diego Alvarez", 8, 12, "Active", "9 Feb 2026"),
}
VAN_ORDER_UPDATED = list(VANS)


def van_num(v):
    return int(v.split("-")[1])


VAN_ORDER_ID = sorted(VANS, key=van_num)

# name, id, stop, days, fare, last notice
ROSTERS = {
    "VP-14": [
        ("Aaron Whitfield", "R-7412", "Orchard Park P&R", "Mon-Fri", "Paid", "Delivered 2 Mar"),
        ("Beatriz Santos", "R-7588", "Elm & 3rd", "Mon-Thu", "Payment overdue", "Delivered 2 Mar"),
        ("Chen Wei", "R-7715", "Maple & 9th", "Mon-Fri", "Paid", "None yet"),
        ("Darnell Hughes", "R-7301", "Orchard Park P&R", "Tue-Fri", "Paid", "Delivered 24 Feb"),
        ("Elif Kaya", "R-7820", "Elm & 13th", "Mon-Fri", "Paid", "Delivered 2 Mar"),
        ("Marcus Lee", "R-7656", "Elm & 13th", "Mon, Wed, Fri", "Paid", "Failed - email bounced"),
        ("Priya Rahman", "R-7703", "Elm & 13th", "Mon-Fri", "Paid", "Delivered 2 Mar"),
        ("Priya Raman", "R-7730", "Elm & 3rd", "Mon-Fri", "Paid", "Delivered 2 Mar"),
        ("Rosa Delgado", "R-7744", "Maple & 9th", "Mon-Fri", "Paid", "Cancelled by coordinator"),
        ("Sam Okoro", "R-7037", "Orchard Park P&R", "Mon-Fri", "Refund pending", "Delivered 2 Mar"),
        ("Yusuf Demir", "R-7370", "Elm & 3rd", "Mon-Fri", "Paid", "Delivered 2 Mar"),
    ],
    "VP-41": [
        ("Anika Patel", "R-6031", "Ridge Rd P&R", "Mon-Fri", "Paid", "Delivered 2 Mar"),
        ("Bruno Costa", "R-6517", "Elm & 13th", "Mon-Fri", "Payment overdue", "Delivered 2 Mar"),
        ("Claire Dubois", "R-6290", "Ridge Rd P&R", "Mon-Thu", "Paid", "Delivered 16 Feb"),
        ("Deepak Iyer", "R-6844", "Elm & 3rd", "Mon-Fri", "Paid", "Delivered 2 Mar"),
        ("Farah Aziz", "R-6977", "Civic Center", "Tue-Fri", "Paid", "Delivered 2 Mar"),
        ("Gustavo Lima", "R-6402", "Elm & 13th", "Mon-Fri", "Paid", "Delivered 2 Mar"),
        ("Hannah Brooks", "R-6688", "Ridge Rd P&R", "Mon, Wed, Fri", "Paid", "None yet"),
        ("Jin Park", "R-6159", "Elm & 3rd", "Mon-Fri", "Paid", "Failed - SMS undeliverable"),
        ("Priya Natarajan", "R-6120", "Ridge Rd P&R", "Mon-Fri", "Paid", "Delivered today"),
        ("Tobias Meyer", "R-6733", "Civic Center", "Mon-Fri", "Suspended - pass expired", "Delivered 2 Mar"),
    ],
}
VAN_DETAIL = {
    "VP-14": ("6:40 AM from Orchard Park P&R", "7:35 AM at Civic Center",
              ["Orchard Park P&R", "Maple & 9th", "Elm & 13th", "Elm & 3rd", "Civic Center"]),
    "VP-41": ("6:30 AM from Ridge Rd P&R", "7:30 AM at Civic Center",
              ["Ridge Rd P&R", "Elm & 13th", "Elm & 3rd", "Civic Center"]),
}
RIDERS = {r[1]: r + ("VP-14",) for r in ROSTERS["VP-14"]}
RIDERS["R-6120"] = ROSTERS["VP-41"][8] + ("VP-41",)

# destination choices offered by the transfer form: van -> label
DEST_OPTIONS = [
    ("VP-04", "VP-04 · Old Town (2 seats left)"),
    ("VP-18", "VP-18 · Bayview (2 seats left)"),
    ("VP-40", "VP-40 · Orchard Link (1 seat left)"),
    ("VP-41", "VP-41 · Ridge Express (2 seats left)"),
    ("VP-44", "VP-44 · Harbor Loop (4 seats left)"),
    ("VP-114", "VP-114 · Cannery Row Commuter (2 seats left)"),
]
DEST_LABEL = dict(DEST_OPTIONS)
DEST_STOPS = {
    "VP-41": ["Ridge Rd P&R", "Elm & 13th", "Elm & 3rd", "Civic Center"],
    "VP-44": ["Harbor Sq", "Elm & 3rd", "Elm & 13th", "Pier 9", "Civic Center"],
    "VP-40": ["Orchard Park P&R", "Elm & 3rd", "Civic Center"],
    "VP-114": ["Cannery Row", "Elm & 3rd", "Civic Center"],
}
PICKUP_TIME = {("VP-41", "Elm & 3rd"): "6:52 AM", ("VP-41", "Elm & 13th"): "6:49 AM",
               ("VP-44", "Elm & 3rd"): "7:04 AM", ("VP-40", "Elm & 3rd"): "6:58 AM",
               ("VP-114", "Elm & 3rd"): "7:01 AM"}

DAYNAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def date_long(iso):
    """'2026-03-09' -> 'Mon 9 Mar 2026' (weekday computed, no datetime needed)."""
    y, m, d = (int(x) for x in iso.split("-"))
    # Zeller-like: Sakamoto's algorithm, 0 = Sunday
    t = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
    yy = y - 1 if m < 3 else y
    w = (yy + yy // 4 - yy // 100 + yy // 400 + t[m - 1] + d) % 7
    name = DAYNAMES[(w - 1) % 7]
    months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    return f"{name} {d} {months[m - 1]} {y}"


# ----------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym flattened AXTree style)
# ----------------------------------------------------------------------------
class Page:
    def __init__(self, url, title, start=11):
        self.url = url
        self.title = title
        self.next = start
        self.lines = [f"RootWebArea {title!r}, focused"]
        self.keys = {}

    def add(self, depth, role, name="", key=None, props=()):
        bid = str(self.next)
        self.next += 1
        line = "\t" * depth + f"[{bid}] {role} {name!r}"
        for p in props:
            line += ", " + p
        self.lines.append(line)
        if key is not None:
            assert key not in self.keys, key
            self.keys[key] = (bid, f"{role} {name!r}")
        return bid

    def t(self, depth, text):
        self.lines.append("\t" * depth + f"StaticText {text!r}")

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": error}


def val(v):
    return f"value={v!r}"


class Ctx:
    """Per-run ambient state: today's date, live counters, clock."""

    def __init__(self, rng, today):
        self.rng = rng
        self.today = today  # 'Wed 4 Mar 2026' or 'Fri 6 Mar 2026'
        self.notif = rng.choice([2, 3, 4, 5])
        self.open_seats = sum(max(c - r, 0) for (_, _, _, r, c, _, _) in VANS.values())
        self.minute = rng.randint(2, 40)
        self.hour = rng.choice([8, 9, 10])

    def clock(self):
        self.minute += self.rng.randint(0, 2)
        h, m = self.hour + self.minute // 60, self.minute % 60
        return f"{h}:{m:02d} AM" if h < 12 else f"{h - 12 or 12}:{m:02d} PM"


def chrome_top(p, ctx, active=None, query=None, crumbs=()):
    p.add(1, "banner", "")
    p.add(2, "link", "VanCrew home", key="home")
    p.t(3, "VanCrew")
    p.t(2, "Tri-County Commuter Vanpool · Coordinator console")
    props = [val(query)] if query else []
    p.add(2, "searchbox", "Search riders, vans, stops", key="search", props=props)
    p.add(2, "button", "Search", key="search_btn")
    p.t(2, f"Today: {ctx.today}")
    p.add(2, "status", f"Open seats across fleet: {ctx.open_seats}", props=["live='polite'"])
    p.add(2, "button", f"Notifications ({ctx.notif})", key="notif")
    p.add(2, "button", "Dana Okafor, account menu", key="usermenu",
          props=["hasPopup='menu'", "expanded=False"])
    p.add(1, "navigation", "Main")
    for item in ["Dashboard", "Vans", "Riders", "Stops", "Waitlist (6)", "Reports", "Settings"]:
        word = item.split()[0]
        p.add(2, "link", item, key="nav_" + word.lower(),
              props=["current='page'"] if active == word else [])
    if crumbs:
        p.add(1, "navigation", "Breadcrumb")
        for i, c in enumerate(crumbs):
            if i == len(crumbs) - 1:
                p.t(2, c)
            else:
                p.add(2, "link", c, key=f"crumb_{i}")
    p.add(1, "main", "")


def footer(p, ctx):
    p.add(1, "contentinfo", "")
    p.t(2, "VanCrew 4.12.3 · Tri-County Commuter Vanpool Program")
    p.add(2, "link", "Help centre")
    p.add(2, "link", "Accessibility")
    p.add(2, "link", "Privacy")
    p.t(2, "Service status: all systems normal")
    p.t(2, f"Last synced {ctx.clock()}")


def toast(p, text, key="toast"):
    p.add(1, "status", "", props=["live='polite'"])
    p.t(2, text)
    p.add(2, "button", "Dismiss notification", key=key + "_dismiss")


# ----------------------------------------------------------------------------
# Pages
# ----------------------------------------------------------------------------
def dashboard(ctx, query=None):
    p = Page(f"{BASE}/dashboard", "Coordinator dashboard · VanCrew")
    chrome_top(p, ctx, active="Dashboard", query=query)
    p.add(2, "heading", "Good morning, Dana")
    p.t(2, f"{ctx.today} · North Shore, Ridge and Harbor regions")
    p.add(2, "region", "Today at a glance")
    for label, value in [("Vans running today", "19 of 22"), ("Trips cancelled today", "1"),
                         ("Riders waitlisted", "6"), ("Notices failed this week", "2"),
                         ("Payments overdue", "4")]:
        p.add(3, "link", f"{label}: {value}")
    p.add(2, "region", "Needs attention")
    p.add(3, "list", "")
    for item in ["VP-33 morning trip cancelled - driver out sick",
                 "VP-09 insurance renewal overdue",
                 "Notice to Marcus Lee (R-7656) failed - email bounced",
                 "VP-50 driver check failed - reassign a driver",
                 "VP-21 on maintenance hold until 11 Mar"]:
        p.add(4, "listitem", "")
        p.add(5, "link", item)
    p.add(2, "region", "Recent activity")
    p.add(3, "table", "Recent activity")
    p.add(4, "row", "")
    for h in ["When", "What", "By"]:
        p.add(5, "columnheader", h)
    for when, what, who in [
        ("Today 8:12 AM", "VP-41 roster updated: Priya Natarajan (R-6120) pickup changed to Ridge Rd P&R", "Hana Kim"),
        ("Yesterday", "Transfer scheduled: Luis Ortega (R-7610) VP-21 to VP-26 from Mon 2 Mar 2026", "Dana Okafor"),
        ("Yesterday", "Transfer cancelled: Owen Price (R-7114) stays on VP-18", "Dana Okafor"),
        ("2 Mar 2026", "Monthly fares charged: 412 paid, 4 failed", "System"),
    ]:
        p.add(4, "row", "")
        p.add(5, "cell", when)
        p.add(5, "cell", what)
        p.add(5, "cell", who)
    p.add(2, "button", "Add rider")
    p.add(2, "button", "Post service alert")
    footer(p, ctx)
    return p


def vans_list(ctx, page_no=1, sort="updated", filt=None):
    order = VAN_ORDER_ID if sort == "id" else VAN_ORDER_UPDATED
    if filt:
        digits = "".join(ch for ch in filt if ch.isdigit())
        rows = [v for v in order if digits in v]
        shown = rows
    else:
        rows = order
        shown = rows[(page_no - 1) * 10: page_no * 10]
    q = []
    if sort == "id":
        q.append("sort=id")
    if page_no > 1:
        q.append(f"page={page_no}")
    if filt:
        q.append("q=" + filt)
    url = f"{BASE}/vans" + ("?" + "&".join(q) if q else "")
    p = Page(url, "Vans · VanCrew")
    chrome_top(p, ctx, active="Vans", crumbs=["Home", "Vans"])
    p.add(2, "heading", "Vans")
    p.add(2, "textbox", "Filter vans by ID, route or driver", key="van_filter",
          props=[val(filt)] if filt else [])
    p.add(2, "combobox", "Region", props=[val("All regions"), "hasPopup='listbox'", "expanded=False"])
    p.add(2, "button", "Add van")
    p.add(2, "table", "Vans")
    p.add(3, "row", "")
    for col, k in [("Van ID", "id"), ("Route", "route"), ("Region", "region"), ("Driver", "driver"),
                   ("Riders", "riders"), ("Seats left", "seats"), ("Status", "status"),
                   ("Last updated", "updated")]:
        p.add(4, "columnheader", col,
              props=[f"sort={'ascending' if sort == 'id' else 'descending'!r}"] if k == sort else [])
        p.add(5, "button", f"Sort by {col}", key=f"sort_{k}")
    for v in shown:
        route, region, driver, riders, cap, status, updated = VANS[v]
        p.add(3, "row", "")
        p.add(4, "cell", "")
        p.add(5, "link", v, key=f"van_{v}")
        p.add(4, "cell", route)
        p.add(4, "cell", region)
        p.add(4, "cell", driver)
        p.add(4, "cell", f"{riders} / {cap}")
        p.add(4, "cell", str(max(cap - riders, 0)))
        p.add(4, "cell", status)
        p.add(4, "cell", updated)
    if filt:
        p.t(2, f"Showing {len(shown)} of {len(VANS)} vans")
    else:
        total_pages = (len(rows) + 9) // 10
        p.t(2, f"Showing {(page_no - 1) * 10 + 1}-{(page_no - 1) * 10 + len(shown)} of {len(rows)} vans")
        p.add(2, "navigation", "Pagination")
        p.add(3, "button", "Previous page", key="prev_page",
              props=["disabled=True"] if page_no == 1 else [])
        for n in range(1, total_pages + 1):
            p.add(3, "link", f"Page {n}", key=f"page_{n}",
                  props=["current='page'"] if n == page_no else [])
        p.add(3, "button", "Next page", key="next_page",
              props=["disabled=True"] if page_no == total_pages else [])
    footer(p, ctx)
    return p


def roster(ctx, van="VP-14", stop_filter=None, text_filter=None, banner=None, moved=None,
           stale=False, incoming=None):
    route, region, driver, riders_n, cap, status, _ = VANS[van]
    q = []
    if stop_filter:
        q.append("stop=" + stop_filter.replace(" & ", "+%26+").replace(" ", "+"))
    if text_filter:
        q.append("q=" + text_filter.replace(" ", "+"))
    url = f"{BASE}/vans/{van}/roster" + ("?" + "&".join(q) if q else "")
    p = Page(url, f"Van {van} · {route} · VanCrew")
    chrome_top(p, ctx, active="Vans", crumbs=["Home", "Vans", van])
    if banner:
        p.add(2, "status", "", props=["live='polite'"])
        p.t(3, banner)
        if moved and moved.get("dest_link", True):
            p.add(3, "link", f"View {moved['dest']} roster", key="banner_dest")
        p.add(3, "button", "Dismiss", key="banner_dismiss")
    p.add(2, "heading", f"Van {van} · {route}")
    dep, arr, stops = VAN_DETAIL[van]
    p.t(2, f"Driver: {driver} · Region: {region} · Departs {dep}, arrives {arr}")
    later = ""
    if moved and moved["src"] == van:
        later = f" ({cap - riders_n + 1} from {moved['short']})"
    if incoming:
        later = f" ({cap - riders_n - 1} from {incoming['short']})"
    p.add(2, "meter", "Seats left", props=["valuemin=0", f"valuemax={cap}",
                                            f"valuetext={f'{cap - riders_n} of {cap}' + later!r}"])
    p.add(2, "tablist", "")
    for i, tab in enumerate(["Roster", "Schedule", "Stops", "Trip log", "Billing"]):
        p.add(3, "tab", tab, props=["selected=True"] if i == 0 else ["selected=False"])
    p.add(2, "tabpanel", "Roster")
    p.add(3, "textbox", "Filter riders by name or ID", key="rider_filter",
          props=[val(text_filter)] if text_filter else [])
    p.add(3, "combobox", "Filter by pickup stop", key="stop_filter",
          props=[val(stop_filter or "All stops"), "hasPopup='listbox'", "expanded=False"])
    for s in ["All stops"] + stops:
        p.add(4, "option", s, props=[f"selected={s == (stop_filter or 'All stops')}"])
    if stop_filter:
        p.add(3, "button", f"Remove filter: Pickup stop = {stop_filter}", key="clear_stop")
        if stale:
            p.t(3, "Saved view restored from your last session")
    p.add(3, "button", "Add rider")
    p.add(3, "button", "Message all riders")
    p.add(3, "button", "Export roster (CSV)")
    rows = list(ROSTERS[van])
    if incoming:
        rows.append((incoming["name"], incoming["rid"], incoming["stop"],
                     f"Mon-Fri · joins from {incoming['short']}", "Paid",
                     incoming["notice_label"]))
        rows.sort(key=lambda r: r[0])
    if stop_filter:
        rows = [r for r in rows if r[2] == stop_filter]
    if text_filter:
        tf = text_filter.lower()
        rows = [r for r in rows if tf in r[0].lower() or tf in r[1].lower()]
    p.add(3, "table", f"Riders on {van}")
    p.add(4, "row", "")
    for col in ["Rider", "Rider ID", "Pickup stop", "Days", "Fare", "Last notice", "Actions"]:
        p.add(5, "columnheader", col, props=["sort='ascending'"] if col == "Rider" else [])
        if col in ("Rider", "Rider ID", "Pickup stop"):
            p.add(6, "button", f"Sort by {col}")
    for name, rid, stop, days, fare, notice in rows:
        if moved and moved["rid"] == rid and moved["src"] == van:
            days = f"{days} · to {moved['dest']} from {moved['short']}"
            notice = moved["notice_label"]
        p.add(4, "row", "")
        p.add(5, "cell", "")
        p.add(6, "link", name, key=f"rider_{rid}")
        p.add(5, "cell", rid)
        p.add(5, "cell", stop)
        p.add(5, "cell", days)
        p.add(5, "cell", fare)
        p.add(5, "cell", notice)
        p.add(5, "cell", "")
        p.add(6, "button", f"Transfer {name}", key=f"transfer_{rid}")
        p.add(6, "button", f"More actions for {name}", props=["hasPopup='menu'", "expanded=False"])
    total = len(ROSTERS[van]) + (1 if incoming else 0)
    if not rows:
        p.t(3, "No riders match these filters")
    p.t(3, f"Showing {len(rows)} of {total} riders")
    p.add(2, "region", "Trip log (last 5 days)")
    log = ["Mon 2 Mar: ran on time", "Tue 3 Mar: trip cancelled - snow closure on Route 9",
           "Wed 4 Mar: ran 6 min late", "Thu 5 Mar: ran on time", "Fri 6 Mar: ran 3 min late"]
    for line in log[: 3 if ctx.today == WED else 5]:
        p.t(3, line)
    footer(p, ctx)
    return p


def search_results(ctx, q):
    p = Page(f"{BASE}/search?q={q.replace(' ', '+')}", f"Search: {q} · VanCrew")
    chrome_top(p, ctx, query=q, crumbs=["Home", "Search"])
    p.add(2, "heading", f"Results for '{q}'")
    ql = q.lower()
    exact = [r for r in RIDERS.values() if ql in r[0].lower() or ql == r[1].lower()]
    if not exact and ql.startswith("priya"):
        exact = [r for r in RIDERS.values() if r[0].startswith("Priya")]
    exact.sort(key=lambda r: r[0])
    p.add(2, "heading", f"Riders ({len(exact)})")
    p.add(2, "list", "Rider results")
    for name, rid, stop, days, fare, notice, van in exact:
        p.add(3, "listitem", "")
        p.add(4, "link", f"{name} · {rid}", key=f"res_{rid}")
        p.t(4, f"Van {van} · Pickup {stop} · {days} · Fare: {fare}")
    if ql.startswith("r-"):
        close = [RIDERS[x] for x in ("R-7703", "R-7370", "R-7037") if x != q.upper()]
        p.add(2, "heading", "Close matches")
        p.add(2, "list", "Close matches")
        for name, rid, stop, days, fare, notice, van in close:
            p.add(3, "listitem", "")
            p.add(4, "link", f"{name} · {rid}", key=f"close_{rid}")
            p.t(4, f"Van {van} · Pickup {stop}")
    p.add(2, "heading", "Vans (0)")
    p.add(2, "heading", "Stops (0)")
    footer(p, ctx)
    return p


def rider_profile(ctx, rid, banner=None, moved=None):
    name, _, stop, days, fare, notice, van = RIDERS[rid]
    p = Page(f"{BASE}/riders/{rid}", f"{name} ({rid}) · VanCrew")
    chrome_top(p, ctx, active="Riders", crumbs=["Home", "Riders", name])
    if banner:
        p.add(2, "status", "", props=["live='polite'"])
        p.t(3, banner)
        p.add(3, "link", f"View {moved['dest']} roster", key="banner_dest")
        p.add(3, "button", "Dismiss", key="banner_dismiss")
    p.add(2, "heading", name)
    p.t(2, f"Rider ID {rid}")
    p.add(2, "group", "Assignment")
    p.t(3, "Van")
    p.add(3, "link", f"{van} · {VANS[van][0]}", key="profile_van")
    p.t(3, f"Pickup stop: {stop}")
    p.t(3, f"Riding days: {days}")
    if moved and moved["rid"] == rid:
        p.t(3, f"Scheduled change: to {moved['dest']} from {moved['long']}, pickup {moved['stop']}")
    p.add(2, "group", "Contact and fares")
    p.t(3, "Email: p•••@mail.example")
    p.t(3, "Mobile: •••-•••-4471")
    p.t(3, f"Fare plan: Monthly pass · {fare} through 31 Mar 2026")
    p.add(2, "button", "Change van", key="change_van")
    p.add(2, "button", "Change pickup stop")
    p.add(2, "button", "Pause riding")
    p.add(2, "button", "Send message")
    p.add(2, "region", "History")
    p.add(3, "table", "History")
    p.add(4, "row", "")
    for h in ["Date", "Event"]:
        p.add(5, "columnheader", h)
    hist = [("2 Mar 2026", "Schedule notice delivered"),
            ("3 Feb 2026", "Card payment failed, retried successfully"),
            ("12 Jan 2026", "Pickup stop changed from Maple & 9th to Elm & 3rd")]
    if moved and moved["rid"] == rid:
        hist.insert(0, ("Today", moved["history"]))
    for d, e in hist:
        p.add(4, "row", "")
        p.add(5, "cell", d)
        p.add(5, "cell", e)
    p.add(2, "complementary", "Riders with similar names")
    p.add(3, "link", "Priya Rahman · R-7703 · VP-14")
    p.add(3, "link", "Priya Natarajan · R-6120 · VP-41")
    footer(p, ctx)
    return p


DIRECTORY_PAGE1 = [
    ("Abena Mensah", "R-5102", "VP-04", "Old Town Sq", "Active"),
    ("Aaron Whitfield", "R-7412", "VP-14", "Orchard Park P&R", "Active"),
    ("Adrian Cole", "R-5875", "VP-29", "Lighthouse Rd", "Waitlisted"),
    ("Agnes Moreau", "R-6250", "VP-12", "Cedar Point", "Paused"),
    ("Ahmed Farouk", "R-5520", "VP-33", "Quarry Gate", "Active"),
    ("Aiko Sato", "R-6611", "VP-18", "Bay St", "Active"),
    ("Alba Romero", "R-5038", "VP-07", "Mill Creek", "Payment overdue"),
    ("Alex Novak", "R-7006", "VP-50", "Campus North", "Active"),
    ("Amelia Grant", "R-5990", "VP-26", "Terminal B", "Left program 28 Feb"),
    ("Anika Patel", "R-6031", "VP-41", "Ridge Rd P&R", "Active"),
]


def riders_directory(ctx, filt=None):
    url = f"{BASE}/riders" + (f"?q={filt}" if filt else "")
    p = Page(url, "Riders · VanCrew")
    chrome_top(p, ctx, active="Riders", crumbs=["Home", "Riders"])
    p.add(2, "heading", "Riders")
    p.add(2, "textbox", "Filter riders by name or ID", key="dir_filter",
          props=[val(filt)] if filt else [])
    p.add(2, "combobox", "Status", props=[val("All statuses"), "hasPopup='listbox'", "expanded=False"])
    if filt:
        f = filt.lower()
        rows = [(r[0], r[1], r[6], r[2], "Active") for r in RIDERS.values()
                if f in r[0].lower() or f == r[1].lower()]
    else:
        rows = DIRECTORY_PAGE1
    p.add(2, "table", "Riders")
    p.add(3, "row", "")
    for col in ["Name", "Rider ID", "Van", "Pickup stop", "Status"]:
        p.add(4, "columnheader", col, props=["sort='ascending'"] if col == "Name" else [])
        p.add(5, "button", f"Sort by {col}")
    for name, rid, van, stop, status in rows:
        p.add(3, "row", "")
        p.add(4, "cell", "")
        p.add(5, "link", name, key=f"dir_{rid}")
        p.add(4, "cell", rid)
        p.add(4, "cell", van)
        p.add(4, "cell", stop)
        p.add(4, "cell", status)
    if filt:
        p.t(2, f"Showing {len(rows)} of 468 riders")
    else:
        p.t(2, "Showing 1-10 of 468 riders")
        p.add(2, "navigation", "Pagination")
        p.add(3, "button", "Previous page", props=["disabled=True"])
        p.t(3, "Page 1 of 47")
        p.add(3, "button", "Next page")
    footer(p, ctx)
    return p


def transfer_form(ctx, rid, origin="roster", dest=None, date=None, ttype="Permanent",
                  end=None, stop=None, notice=False, toast_text=None, dialog=None):
    name, _, cur_stop, days, fare, notice_hist, src = RIDERS[rid]
    if origin == "roster":
        url = f"{BASE}/vans/{src}/riders/{rid}/transfer"
        crumbs = ["Home", "Vans", src, f"Transfer {rid}"]
        active = "Vans"
    else:
        url = f"{BASE}/riders/{rid}/transfer"
        crumbs = ["Home", "Riders", name, "Change van"]
        active = "Riders"
    p = Page(url, f"Transfer rider {rid} · VanCrew")
    chrome_top(p, ctx, active=active, crumbs=crumbs)
    p.add(2, "heading", f"Transfer {name} ({rid})")
    p.t(2, f"Current van: {src} · {VANS[src][0]}")
    p.t(2, f"Current pickup stop: {cur_stop}")
    p.add(2, "form", "Transfer rider")
    p.add(3, "combobox", "Destination van", key="dest",
          props=[val(DEST_LABEL[dest] if dest else "Choose a van"), "hasPopup='listbox'",
                 "expanded=False", "required=True"])
    for v, label in DEST_OPTIONS:
        p.add(4, "option", label, key=f"opt_{v}", props=[f"selected={v == dest}"])
    if dest:
        _, _, _, r, c, _, _ = VANS[dest]
        p.add(3, "meter", f"Seats left on {dest}",
              props=["valuemin=0", f"valuemax={c}", f"valuetext='{c - r} of {c}'"])
        if date:
            p.t(3, f"After this transfer: {c - r - 1} of {c} from {date_long(date)}")
    else:
        p.add(3, "meter", "Seats left", props=["valuemin=0", "valuemax=0", "valuetext='Choose a van first'"])
    p.add(3, "textbox", "Effective date (YYYY-MM-DD)", key="date",
          props=([val(date)] if date else []) + ["required=True"])
    p.add(3, "button", "Open calendar", key="open_cal")
    if date:
        extra = ""
        if dest and stop and (dest, stop) in PICKUP_TIME:
            extra = f" · first pickup {PICKUP_TIME[(dest, stop)]}"
        p.t(3, f"{date_long(date)}{extra}")
    p.add(3, "radiogroup", "Transfer type")
    p.add(4, "radio", "Permanent", key="perm", props=[f"checked={str(ttype == 'Permanent').lower()!r}"])
    p.add(4, "radio", "Temporary (set end date)", key="temp",
          props=[f"checked={str(ttype != 'Permanent').lower()!r}"])
    if ttype != "Permanent":
        p.add(4, "textbox", "End date (YYYY-MM-DD)", key="end", props=[val(end)] if end else [])
        if end:
            p.t(4, f"Returns to {src} after {date_long(end)}")
    stops = DEST_STOPS.get(dest, [])
    p.add(3, "combobox", "Pickup stop on new van", key="stop",
          props=[val(stop if dest else "Choose a van first"), "hasPopup='listbox'", "expanded=False"]
          + ([] if dest else ["disabled=True"]))
    for s in stops:
        lab = s + (" (same as now)" if s == cur_stop else "")
        p.add(4, "option", lab, key=f"stopopt_{s}", props=[f"selected={s == stop}"])
    p.add(3, "checkbox", "Send change notice to rider", key="notice",
          props=[f"checked={str(notice).lower()!r}"])
    p.t(3, "The notice goes by email and SMS to the contact details on file.")
    p.add(3, "button", "Preview notice", key="preview",
          props=[] if (dest and date) else ["disabled=True"])
    p.add(3, "textbox", "Note for the driver (optional)")
    p.add(3, "button", "Confirm transfer", key="confirm",
          props=[] if (dest and date) else ["disabled=True"])
    p.add(3, "button", "Cancel", key="cancel_form")
    p.add(2, "complementary", "Current assignment")
    p.t(3, f"{src} · {VANS[src][0]} · driver {VANS[src][2]}")
    p.t(3, f"Pickup {cur_stop} · {days} · Fare: {fare}")
    p.t(3, f"Last notice: {notice_hist}")
    p.add(2, "complementary", "Recent changes for this rider")
    p.t(3, "12 Jan 2026: pickup stop changed from Maple & 9th")
    p.t(3, "3 Feb 2026: card payment failed, retried successfully")
    if toast_text:
        toast(p, toast_text)
    if dialog == "calendar":
        p.add(1, "dialog", "Choose effective date", props=["modal=True"])
        p.add(2, "heading", "March 2026")
        p.add(2, "button", "Previous month")
        p.add(2, "button", "Next month")
        p.add(2, "grid", "March 2026")
        today_day = int(ctx.today.split()[1])
        for d in range(1, 32):
            lab = date_long(f"2026-03-{d:02d}")
            props = []
            if d <= today_day or lab.startswith(("Sat", "Sun")):
                props.append("disabled=True")
            p.add(3, "gridcell", lab, key=f"cal_{d}", props=props)
        p.add(2, "button", "Cancel", key="cal_cancel")
        p.add(2, "button", "Use this date", key="cal_apply", props=["disabled=True"])
    elif dialog == "preview":
        p.add(1, "dialog", "Notice preview", props=["modal=True"])
        p.add(2, "heading", "Your vanpool is changing")
        first = name.split()[0]
        p.t(2, f"Hi {first}, starting {date_long(date)} you will ride van {dest} "
               f"({VANS[dest][0]}) instead of {src}. Your pickup stays at {stop}, "
               f"now at {PICKUP_TIME.get((dest, stop), 'the posted time')}. "
               "Your fare does not change. Questions? Reply to this message.")
        p.add(2, "button", "Close preview", key="preview_close")
    elif dialog == "short_notice":
        p.add(1, "alertdialog", "Short-notice transfer", props=["modal=True"])
        p.add(2, "heading", "Short-notice transfer")
        p.t(2, f"This change takes effect {date_long(date)}, 3 days from today. The program "
               "asks for 5 days' notice where possible. Do you want to go ahead?")
        p.add(2, "button", "Go back", key="dlg_back")
        p.add(2, "button", "Transfer only", key="dlg_only")
        p.add(2, "button", "Transfer and send notice", key="dlg_notice")
    footer(p, ctx)
    return p


def sign_in(ctx, next_path):
    p = Page(f"{BASE}/signin?next={next_path}", "Sign in · VanCrew")
    p.add(1, "banner", "")
    p.t(2, "VanCrew")
    p.t(2, "Tri-County Commuter Vanpool")
    p.add(1, "main", "")
    p.add(2, "heading", "Sign in to VanCrew")
    p.t(2, "Your session has ended. Sign in again to continue; unsaved changes were kept as a draft.")
    p.add(2, "textbox", "Work email", props=["required=True"])
    p.add(2, "textbox", "Password", props=["required=True"])
    p.add(2, "checkbox", "Keep me signed in on this device", props=["checked='false'"])
    p.add(2, "button", "Sign in")
    p.add(2, "link", "Use single sign-on")
    p.add(2, "link", "Forgot password?")
    p.add(1, "contentinfo", "")
    p.t(2, "VanCrew 4.12.3 · Tri-County Commuter Vanpool Program")
    return p


def forbidden(ctx, rid):
    p = Page(f"{BASE}/vans/VP-14/riders/{rid}/transfer", "Not allowed · VanCrew")
    chrome_top(p, ctx, active="Vans", crumbs=["Home", "Vans", "VP-14", f"Transfer {rid}"])
    p.add(2, "heading", "You don't have permission to do that")
    p.t(2, "Transferring riders on North Shore vans needs the Regional lead role. "
           "Ask your program administrator for access.")
    p.t(2, "Error 403 · request 7f3a-22c1")
    p.add(2, "link", "Back to van VP-14", key="back_van")
    footer(p, ctx)
    return p


def server_error(ctx, rid, origin_url):
    p = Page(origin_url, "Something went wrong · VanCrew")
    chrome_top(p, ctx, active="Vans", crumbs=["Home", "Vans", "VP-14", f"Transfer {rid}"])
    p.add(2, "heading", "Something went wrong")
    p.t(2, "We couldn't schedule this transfer. Nothing was changed and no notice was sent.")
    p.t(2, "Reference ERR-5C21-0309")
    p.add(2, "button", "Try again", key="retry")
    p.add(2, "link", "Back to van VP-14", key="back_van")
    footer(p, ctx)
    return p


# ----------------------------------------------------------------------------
# Run builder
# ----------------------------------------------------------------------------
class Run:
    def __init__(self, rid, fault, start):
        self.id = rid
        self.fault = fault
        self.start = start
        self.cur = start
        self.steps = []
        self.off = None

    def start_fault(self):
        """The fault is already visible on the start page."""
        self.off = 0

    def act(self, commitment, kind, key, arg, reasoning, effect, nxt=None, off=False, error=None):
        if kind == "send_msg_to_user":
            command, target = f"send_msg_to_user({arg!r})", None
        else:
            bid, target = self.cur.keys[key]
            if kind == "click":
                command = f"click({bid!r})"
            elif kind in ("fill", "select_option", "press"):
                command = f"{kind}({bid!r}, {arg!r})"
            else:
                raise ValueError(kind)
        if nxt is None:
            nxt = self.cur
        if off and self.off is None:
            self.off = len(self.steps)
        action = {"command": command, "reasoning": reasoning, "target": target, "effect": effect}
        self.steps.append({"commitment": commitment, "action": action,
                           "observation": nxt.obs(error)})
        self.cur = nxt
        return nxt

    def record(self):
        healthy = self.fault is None
        if not healthy:
            assert self.off is not None, self.id
        return {
            "id": self.id,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": None if healthy else self.off},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": healthy},
        }


WED = "Wed 4 Mar 2026"
FRI = "Fri 6 Mar 2026"
GOOD_DATE = "2026-03-09"
DEST_OK = DEST_LABEL["VP-41"]


def moved_info(rid, dest="VP-41", date=GOOD_DATE, stop=None, notice="sent", until=None):
    name, _, cur_stop, *_rest, src = RIDERS[rid]
    stop = stop or cur_stop
    lg = date_long(date)
    short = " ".join(lg.split()[1:3])
    text = f"Transfer scheduled: {name} ({rid}) moves from {src} to {dest} on {lg}"
    if until:
        text += f" until {date_long(until)}, then returns to {src}"
    text += f" · pickup {stop}."
    if notice == "sent":
        text += " Change notice sent to rider."
        label = "Change notice sent today"
    elif notice == "declined":
        text += " Change notice not sent."
        label = "Not sent for this change"
    else:
        text += " No change notice was sent (not requested)."
        label = "Not requested"
    return text, {"rid": rid, "src": src, "dest": dest, "short": short, "long": lg, "stop": stop,
                  "notice_label": label,
                  "history": f"Transfer scheduled to {dest} from {lg}"}


def report_ok(run, extra=""):
    msg = ("Done. Priya Raman (R-7730) is scheduled to move from VP-14 to VP-41 on Mon 9 Mar 2026, "
           "keeping her pickup at Elm & 3rd, and the change notice was sent." + extra)
    run.act("report", "send_msg_to_user", None, msg, "Report the confirmed result to the user", "read")


# ---- shared healthy form sequence ----------------------------------------------
def form_steps(run, ctx, rid="R-7730", origin="roster", order=("dest", "date", "notice"),
               draft_toast=True):
    """Fill the transfer form the ordinary way; returns the state dict."""
    st = {"dest": None, "date": None, "stop": None, "notice": False}

    def page(**kw):
        s = dict(st)
        s.update(kw)
        return transfer_form(ctx, rid, origin=origin, dest=s["dest"], date=s["date"],
                             stop=s["stop"], notice=s["notice"], toast_text=kw.get("toast_text"))

    for item in order:
        if item == "dest":
            st["dest"], st["stop"] = "VP-41", RIDERS[rid][2]
            run.act("choose-destination", "select_option", "dest", DEST_OK,
                    "Pick VP-41 Ridge Express as the destination van", "write", page())
        elif item == "date":
            st["date"] = GOOD_DATE
            run.act("set-effective-date", "fill", "date", GOOD_DATE,
                    "Monday 9 March 2026 is the requested start date", "write", page())
        elif item == "notice":
            st["notice"] = True
            tt = f"Draft saved {ctx.clock()}" if draft_toast else None
            run.act("request-notice", "click", "notice", None,
                    "Tick the box so the rider gets the change notice", "write",
                    page(toast_text=tt))
    return st


# ============================================================================
# HEALTHY RUNS
# ============================================================================
def healthy_runs(rng):
    runs = []

    # H1: browse the van list, paginate to page 2, open VP-14, transfer.
    ctx = Ctx(random.Random(rng.randrange(2 ** 32)), WED)
    r = Run("vanpool-healthy-01", None, dashboard(ctx))
    r.act("find-rider", "click", "nav_vans", None, "Open the list of vans", "read", vans_list(ctx))
    r.act("find-rider", "click", "next_page", None, "VP-14 is not on the first page; go to the next page",
          "read", vans_list(ctx, page_no=2))
    r.act("find-rider", "click", "van_VP-14", None, "Open the VP-14 roster", "read", roster(ctx))
    r.act("open-transfer", "click", "transfer_R-7730", None,
          "Open the transfer form for Priya Raman, R-7730 (not Priya Rahman R-7703)", "read",
          transfer_form(ctx, "R-7730"))
    form_steps(r, ctx)
    text, mv = moved_info("R-7730")
    r.act("submit-transfer", "click", "confirm", None, "All fields set; confirm the transfer",
          "irreversible", roster(ctx, banner=text, moved=mv))
    report_ok(r)
    runs.append(r)

    # H2: search by rider ID from the header, open profile, Change van, short-notice dialog.
    ctx = Ctx(random.Random(rng.randrange(2 ** 32)), FRI)
    start = dashboard(ctx)
    r = Run("vanpool-healthy-02", None, start)
    r.act("find-rider", "fill", "search", "R-7730", "Search for the rider by ID", "read",
          dashboard(ctx, query="R-7730"))
    r.act("find-rider", "press", "search", "Enter", "Run the search", "read",
          search_results(ctx, "R-7730"))
    r.act("find-rider", "click", "res_R-7730", None, "Open Priya Raman's profile (R-7730)", "read",
          rider_profile(ctx, "R-7730"))
    r.act("open-transfer", "click", "change_van", None, "Start the van change from her profile", "read",
          transfer_form(ctx, "R-7730", origin="profile"))
    st = form_steps(r, ctx, origin="profile", draft_toast=False)
    r.act("submit-transfer", "click", "confirm", None, "Confirm the transfer", "irreversible",
          transfer_form(ctx, "R-7730", origin="profile", dest="VP-41", date=GOOD_DATE,
                        stop="Elm & 3rd", notice=True, dialog="short_notice"))
    text, mv = moved_info("R-7730")
    r.act("submit-transfer", "click", "dlg_notice", None,
          "The short-notice warning is expected for a Monday start; go ahead and send the notice",
          "irreversible", rider_profile(ctx, "R-7730", banner=text, moved=mv))
    report_ok(r)
    runs.append(r)

    # H3: start on the van list, sort by Van ID, open VP-14; notice ticked before the date.
    ctx = Ctx(random.Random(rng.randrange(2 ** 32)), WED)
    r = Run("vanpool-healthy-03", None, vans_list(ctx))
    r.act("find-rider", "click", "sort_id", None, "Sort by Van ID to find VP-14 quickly", "read",
          vans_list(ctx, sort="id"))
    r.act("find-rider", "click", "van_VP-14", None, "Open VP-14", "read", roster(ctx))
    r.act("open-transfer", "click", "transfer_R-7730", None, "Transfer Priya Raman (R-7730)", "read",
          transfer_form(ctx, "R-7730"))
    form_steps(r, ctx, order=("dest", "notice", "date"))
    text, mv = moved_info("R-7730")
    r.act("submit-transfer", "click", "confirm", None, "Confirm the transfer", "irreversible",
          roster(ctx, banner=text, moved=mv))
    report_ok(r)
    runs.append(r)

    # H4: start on the VP-14 roster, filter by the pickup stop named in the task.
    ctx = Ctx(random.Random(rng.randrange(2 ** 32)), WED)
    r = Run("vanpool-healthy-04", None, roster(ctx))
    r.act("find-rider", "select_option", "stop_filter", "Elm & 3rd",
          "Narrow the roster to riders picked up at Elm & 3rd", "read",
          roster(ctx, stop_filter="Elm & 3rd"))
    r.act("open-transfer", "click", "transfer_R-7730", None, "Transfer Priya Raman (R-7730)", "read",
          transfer_form(ctx, "R-7730"))
    form_steps(r, ctx)
    text, mv = moved_info("R-7730")
    r.act("submit-transfer", "click", "confirm", None, "Confirm the transfer", "irreversible",
          roster(ctx, banner=text, moved=mv))
    report_ok(r)
    runs.append(r)

    # H5: search by name (both Priyas listed), calendar dialog opened and cancelled, short notice.
    ctx = Ctx(random.Random(rng.randrange(2 ** 32)), FRI)
    r = Run("vanpool-healthy-05", None, dashboard(ctx))
    r.act("find-rider", "fill", "search", "Priya Raman", "Search by the rider's name", "read",
          dashboard(ctx, query="Priya Raman"))
    r.act("find-rider", "click", "search_btn", None, "Run the search", "read",
          search_results(ctx, "Priya Raman"))
    r.act("find-rider", "click", "res_R-7730", None,
          "Two similar names; open the one with ID R-7730", "read", rider_profile(ctx, "R-7730"))
    r.act("open-transfer", "click", "change_van", None, "Start the van change", "read",
          transfer_form(ctx, "R-7730", origin="profile"))
    form_steps(r, ctx, origin="profile", order=("dest",))
    kw = dict(origin="profile", dest="VP-41", stop="Elm & 3rd")
    r.act("set-effective-date", "click", "open_cal", None, "Check the calendar for Monday 9 March",
          "read", transfer_form(ctx, "R-7730", dialog="calendar", **kw))
    r.act("set-effective-date", "click", "cal_cancel", None,
          "Typing the date is simpler; close the calendar", "read",
          transfer_form(ctx, "R-7730", **kw))
    r.act("set-effective-date", "fill", "date", GOOD_DATE, "Type the start date", "write",
          transfer_form(ctx, "R-7730", date=GOOD_DATE, **kw))
    r.act("request-notice", "click", "notice", None, "Send the rider the change notice", "write",
          transfer_form(ctx, "R-7730", date=GOOD_DATE, notice=True,
                        toast_text=f"Draft saved {ctx.clock()}", **kw))
    r.act("submit-transfer", "click", "confirm", None, "Confirm the transfer", "irreversible",
          transfer_form(ctx, "R-7730", date=GOOD_DATE, notice=True, dialog="short_notice", **kw))
    text, mv = moved_info("R-7730")
    r.act("submit-transfer", "click", "dlg_notice", None,
          "Proceed with the transfer and send the notice", "irreversible",
          rider_profile(ctx, "R-7730", banner=text, moved=mv))
    report_ok(r)
    runs.append(r)

    # H6: retype the date after noticing a typo (Sunday), preview the notice and close it.
    ctx = Ctx(random.Random(rng.randrange(2 ** 32)), WED)
    r = Run("vanpool-healthy-06", None, roster(ctx))
    r.act("open-transfer", "click", "transfer_R-7730", None, "Transfer Priya Raman (R-7730)", "read",
          transfer_form(ctx, "R-7730"))
    form_steps(r, ctx, order=("dest",))
    kw = dict(dest="VP-41", stop="Elm & 3rd")
    r.act("set-effective-date", "fill", "date", "2026-03-08", "Enter the start date", "write",
          transfer_form(ctx, "R-7730", date="2026-03-08", **kw))
    r.act("set-effective-date", "fill", "date", GOOD_DATE,
          "The helper reads Sun 8 Mar; I mistyped. Retype as 2026-03-09", "write",
          transfer_form(ctx, "R-7730", date=GOOD_DATE, **kw))
    r.act("request-notice", "click", "notice", None, "Tick the change notice", "write",
          transfer_form(ctx, "R-7730", date=GOOD_DATE, notice=True, **kw))
    r.act("request-notice", "click", "preview", None, "Check what the rider will receive", "read",
          transfer_form(ctx, "R-7730", date=GOOD_DATE, notice=True, dialog="preview", **kw))
    r.act("request-notice", "click", "preview_close", None, "Notice reads correctly; close it", "read",
          transfer_form(ctx, "R-7730", date=GOOD_DATE, notice=True, **kw))
    text, mv = moved_info("R-7730")
    r.act("submit-transfer", "click", "confirm", None, "Confirm the transfer", "irreversible",
          roster(ctx, banner=text, moved=mv))
    report_ok(r)
    runs.append(r)

    # H7: rider directory, filter by ID, profile, Change van, short-notice dialog.
    ctx = Ctx(random.Random(rng.randrange(2 ** 32)), FRI)
    r = Run("vanpool-healthy-07", None, dashboard(ctx))
    r.act("find-rider", "click", "nav_riders", None, "Open the rider directory", "read",
          riders_directory(ctx))
    r.act("find-rider", "fill", "dir_filter", "R-7730", "Filter the directory by rider ID", "read",
          riders_directory(ctx, filt="R-7730"))
    r.act("find-rider", "click", "dir_R-7730", None, "Open Priya Raman", "read",
          rider_profile(ctx, "R-7730"))
    r.act("open-transfer", "click", "change_van", None, "Start the van change", "read",
          transfer_form(ctx, "R-7730", origin="profile"))
    form_steps(r, ctx, origin="profile")
    r.act("submit-transfer", "click", "confirm", None, "Confirm the transfer", "irreversible",
          transfer_form(ctx, "R-7730", origin="profile", dest="VP-41", date=GOOD_DATE,
                        stop="Elm & 3rd", notice=True, dialog="short_notice"))
    text, mv = moved_info("R-7730")
    r.act("submit-transfer", "click", "dlg_notice", None, "Go ahead and send the notice", "irreversible",
          rider_profile(ctx, "R-7730", banner=text, moved=mv))
    report_ok(r)
    runs.append(r)

    # H8: filter the van list (VP-14 and VP-114 both show), re-affirm the stop, verify on VP-41.
    ctx = Ctx(random.Random(rng.randrange(2 ** 32)), WED)
    r = Run("vanpool-healthy-08", None, dashboard(ctx))
    r.act("find-rider", "click", "nav_vans", None, "Open the list of vans", "read", vans_list(ctx))
    r.act("find-rider", "fill", "van_filter", "VP-14", "Filter for VP-14", "read",
          vans_list(ctx, filt="VP-14"))
    r.act("find-rider", "click", "van_VP-14", None, "Open VP-14, not VP-114", "read", roster(ctx))
    r.act("open-transfer", "click", "transfer_R-7730", None, "Transfer Priya Raman (R-7730)", "read",
          transfer_form(ctx, "R-7730"))
    form_steps(r, ctx, order=("dest", "date"))
    kw = dict(dest="VP-41", date=GOOD_DATE)
    r.act("keep-stop", "select_option", "stop", "Elm & 3rd (same as now)",
          "Make sure the pickup stop stays Elm & 3rd", "write",
          transfer_form(ctx, "R-7730", stop="Elm & 3rd", **kw))
    r.act("request-notice", "click", "notice", None, "Tick the change notice", "write",
          transfer_form(ctx, "R-7730", stop="Elm & 3rd", notice=True,
                        toast_text=f"Draft saved {ctx.clock()}", **kw))
    text, mv = moved_info("R-7730")
    r.act("submit-transfer", "click", "confirm", None, "Confirm the transfer", "irreversible",
          roster(ctx, banner=text, moved=mv))
    inc = {"name": "Priya Raman", "rid": "R-7730", "stop": "Elm & 3rd", "short": "9 Mar",
           "notice_label": "Change notice sent today"}
    r.act("report", "click", "banner_dest", None, "Double-check that she appears on VP-41", "read",
          roster(ctx, van="VP-41", incoming=inc))
    report_ok(r, " She is listed on the VP-41 roster from 9 Mar.")
    runs.append(r)
    return runs


# ============================================================================
# FAULTY RUNS (designed after the plan was frozen)
# ============================================================================
def new_ctx(rng, today):
    return Ctx(random.Random(rng.randrange(2 ** 32)), today)


def faulty_runs(rng):
    runs = []

    # F1 wrong_record: near-miss rider Priya Rahman (R-7703) transferred instead.
    ctx = new_ctx(rng, WED)
    r = Run("vanpool-wrong_record-01", "wrong_record", roster(ctx))
    r.act("open-transfer", "click", "transfer_R-7703", None, "Transfer Priya's row on VP-14", "read",
          transfer_form(ctx, "R-7703"), off=True)
    form_steps(r, ctx, rid="R-7703")
    text, mv = moved_info("R-7703")
    r.act("submit-transfer", "click", "confirm", None, "Confirm the transfer", "irreversible",
          roster(ctx, banner=text, moved=mv))
    report_ok(r)
    runs.append(r)

    # F2 wrong_record: near-miss destination van VP-44 picked from the list.
    ctx = new_ctx(rng, WED)
    r = Run("vanpool-wrong_record-02", "wrong_record", dashboard(ctx))
    r.act("find-rider", "fill", "search", "R-7730", "Search for the rider by ID", "read",
          dashboard(ctx, query="R-7730"))
    r.act("find-rider", "press", "search", "Enter", "Run the search", "read",
          search_results(ctx, "R-7730"))
    r.act("find-rider", "click", "res_R-7730", None, "Open Priya Raman (R-7730)", "read",
          rider_profile(ctx, "R-7730"))
    r.act("open-transfer", "click", "change_van", None, "Start the van change", "read",
          transfer_form(ctx, "R-7730", origin="profile"))
    kw = dict(origin="profile", dest="VP-44", stop="Elm & 3rd")
    r.act("choose-destination", "select_option", "dest", DEST_LABEL["VP-44"],
          "Pick the destination van with free seats", "write",
          transfer_form(ctx, "R-7730", **kw), off=True)
    r.act("set-effective-date", "fill", "date", GOOD_DATE, "Start Monday 9 March", "write",
          transfer_form(ctx, "R-7730", date=GOOD_DATE, **kw))
    r.act("request-notice", "click", "notice", None, "Send the change notice", "write",
          transfer_form(ctx, "R-7730", date=GOOD_DATE, notice=True,
                        toast_text=f"Draft saved {ctx.clock()}", **kw))
    text, mv = moved_info("R-7730", dest="VP-44")
    r.act("submit-transfer", "click", "confirm", None, "Confirm the transfer", "irreversible",
          rider_profile(ctx, "R-7730", banner=text, moved=mv))
    report_ok(r)
    runs.append(r)

    # F3 wrong_value: day and month swapped (9/3 read as 3 September).
    ctx = new_ctx(rng, WED)
    r = Run("vanpool-wrong_value-01", "wrong_value", roster(ctx))
    r.act("open-transfer", "click", "transfer_R-7730", None, "Transfer Priya Raman (R-7730)", "read",
          transfer_form(ctx, "R-7730"))
    form_steps(r, ctx, order=("dest",))
    kw = dict(dest="VP-41", stop="Elm & 3rd")
    bad = "2026-09-03"
    r.act("set-effective-date", "fill", "date", bad, "Effective date 09/03", "write",
          transfer_form(ctx, "R-7730", date=bad, **kw), off=True)
    r.act("request-notice", "click", "notice", None, "Send the change notice", "write",
          transfer_form(ctx, "R-7730", date=bad, notice=True, **kw))
    text, mv = moved_info("R-7730", date=bad)
    r.act("submit-transfer", "click", "confirm", None, "Confirm the transfer", "irreversible",
          roster(ctx, banner=text, moved=mv))
    report_ok(r)
    runs.append(r)

    # F4 unrequested_constraint: makes the move temporary with an end date nobody asked for.
    ctx = new_ctx(rng, WED)
    r = Run("vanpool-unrequested_constraint-01", "unrequested_constraint", roster(ctx))
    r.act("open-transfer", "click", "transfer_R-7730", None, "Transfer Priya Raman (R-7730)", "read",
          transfer_form(ctx, "R-7730"))
    form_steps(r, ctx, order=("dest", "date"))
    kw = dict(dest="VP-41", stop="Elm & 3rd", date=GOOD_DATE)
    r.act("set-effective-date", "click", "temp", None,
          "Limit the move to the first week so it can be reviewed", "write",
          transfer_form(ctx, "R-7730", ttype="Temporary", **kw), off=True)
    r.act("set-effective-date", "fill", "end", "2026-03-13", "End the trial on Friday 13 March", "write",
          transfer_form(ctx, "R-7730", ttype="Temporary", end="2026-03-13", **kw))
    r.act("request-notice", "click", "notice", None, "Send the change notice", "write",
          transfer_form(ctx, "R-7730", ttype="Temporary", end="2026-03-13", notice=True,
                        toast_text=f"Draft saved {ctx.clock()}", **kw))
    text, mv = moved_info("R-7730", until="2026-03-13")
    r.act("submit-transfer", "click", "confirm", None, "Confirm the transfer", "irreversible",
          roster(ctx, banner=text, moved=mv))
    report_ok(r)
    runs.append(r)

    # F5 stale_filter: the roster opens with a saved stop filter (Elm & 13th) that hides
    # R-7730; the agent filters for 'Priya' inside it and takes Priya Rahman. Visible at start.
    ctx = new_ctx(rng, WED)
    r = Run("vanpool-stale_filter-01", "stale_filter",
            roster(ctx, stop_filter="Elm & 13th", stale=True))
    r.start_fault()
    r.act("find-rider", "fill", "rider_filter", "Priya", "Find Priya on this roster", "read",
          roster(ctx, stop_filter="Elm & 13th", text_filter="Priya", stale=True))
    r.act("open-transfer", "click", "transfer_R-7703", None, "Only one Priya on VP-14; transfer her",
          "read", transfer_form(ctx, "R-7703"))
    form_steps(r, ctx, rid="R-7703")
    text, mv = moved_info("R-7703")
    r.act("submit-transfer", "click", "confirm", None, "Confirm the transfer", "irreversible",
          roster(ctx, banner=text, moved=mv))
    report_ok(r)
    runs.append(r)

    # F6 permission_denied: the transfer form is refused for this coordinator.
    ctx = new_ctx(rng, WED)
    r = Run("vanpool-permission_denied-01", "permission_denied", dashboard(ctx))
    r.act("find-rider", "click", "nav_vans", None, "Open the list of vans", "read", vans_list(ctx))
    r.act("find-rider", "fill", "van_filter", "VP-14", "Filter for VP-14", "read",
          vans_list(ctx, filt="VP-14"))
    r.act("find-rider", "click", "van_VP-14", None, "Open VP-14", "read", roster(ctx))
    r.act("open-transfer", "click", "transfer_R-7730", None, "Transfer Priya Raman (R-7730)", "read",
          forbidden(ctx, "R-7730"), off=True)
    r.act("report", "send_msg_to_user", None,
          "I could not move Priya Raman: VanCrew says transferring riders on North Shore vans "
          "needs the Regional lead role. Nothing was changed.",
          "Tell the user about the refusal", "read")
    runs.append(r)

    # F7 session_expired: the draft autosave bounces to the sign-in page mid-form.
    ctx = new_ctx(rng, FRI)
    r = Run("vanpool-session_expired-01", "session_expired", roster(ctx))
    r.act("open-transfer", "click", "transfer_R-7730", None, "Transfer Priya Raman (R-7730)", "read",
          transfer_form(ctx, "R-7730"))
    form_steps(r, ctx, order=("dest",))
    r.act("set-effective-date", "fill", "date", GOOD_DATE, "Start Monday 9 March", "write",
          sign_in(ctx, "/vanpool/vans/VP-14/riders/R-7730/transfer"), off=True)
    r.act("report", "send_msg_to_user", None,
          "Priya Raman's move to VP-41 from Mon 9 Mar is set up with her Elm & 3rd stop.",
          "The form was filled in; report back", "read")
    runs.append(r)

    # F8 silent_no_op: Confirm transfer returns the same form, no banner, nothing saved.
    ctx = new_ctx(rng, WED)
    r = Run("vanpool-silent_no_op-01", "silent_no_op", roster(ctx))
    r.act("open-transfer", "click", "transfer_R-7730", None, "Transfer Priya Raman (R-7730)", "read",
          transfer_form(ctx, "R-7730"))
    form_steps(r, ctx, draft_toast=False)
    same = transfer_form(ctx, "R-7730", dest="VP-41", date=GOOD_DATE, stop="Elm & 3rd", notice=True)
    r.act("submit-transfer", "click", "confirm", None, "Confirm the transfer", "irreversible",
          same, off=True)
    report_ok(r)
    runs.append(r)

    # F9 premature_success: reports completion with the form filled but never submitted.
    ctx = new_ctx(rng, WED)
    r = Run("vanpool-premature_success-01", "premature_success", vans_list(ctx))
    r.act("find-rider", "click", "sort_id", None, "Sort by Van ID", "read", vans_list(ctx, sort="id"))
    r.act("find-rider", "click", "van_VP-14", None, "Open VP-14", "read", roster(ctx))
    r.act("open-transfer", "click", "transfer_R-7730", None, "Transfer Priya Raman (R-7730)", "read",
          transfer_form(ctx, "R-7730"))
    form_steps(r, ctx)
    r.act("report", "send_msg_to_user", None,
          "Done. Priya Raman (R-7730) moves from VP-14 to VP-41 on Mon 9 Mar 2026, pickup stays "
          "Elm & 3rd, and she will get the change notice.",
          "Everything is entered; report back", "read", off=True)
    runs.append(r)

    # F10 skipped_step: never ticks the notice box, submits, claims the notice was sent.
    ctx = new_ctx(rng, WED)
    r = Run("vanpool-skipped_step-01", "skipped_step", dashboard(ctx))
    r.act("find-rider", "fill", "search", "Priya Raman", "Search by name", "read",
          dashboard(ctx, query="Priya Raman"))
    r.act("find-rider", "press", "search", "Enter", "Run the search", "read",
          search_results(ctx, "Priya Raman"))
    r.act("find-rider", "click", "res_R-7730", None, "Open Priya Raman (R-7730)", "read",
          rider_profile(ctx, "R-7730"))
    r.act("open-transfer", "click", "change_van", None, "Start the van change", "read",
          transfer_form(ctx, "R-7730", origin="profile"))
    form_steps(r, ctx, origin="profile", order=("dest", "date"))
    text, mv = moved_info("R-7730", notice="none")
    r.act("submit-transfer", "click", "confirm", None, "Confirm the transfer", "irreversible",
          rider_profile(ctx, "R-7730", banner=text, moved=mv), off=True)
    report_ok(r)
    runs.append(r)

    # F11 dialog_mishandled: in the short-notice dialog the agent picks 'Transfer only'.
    ctx = new_ctx(rng, FRI)
    r = Run("vanpool-dialog_mishandled-01", "dialog_mishandled", roster(ctx))
    r.act("open-transfer", "click", "transfer_R-7730", None, "Transfer Priya Raman (R-7730)", "read",
          transfer_form(ctx, "R-7730"))
    form_steps(r, ctx)
    r.act("submit-transfer", "click", "confirm", None, "Confirm the transfer", "irreversible",
          transfer_form(ctx, "R-7730", dest="VP-41", date=GOOD_DATE, stop="Elm & 3rd", notice=True,
                        dialog="short_notice"))
    text, mv = moved_info("R-7730", notice="declined")
    r.act("submit-transfer", "click", "dlg_only", None,
          "Short notice warning; just do the transfer", "irreversible",
          roster(ctx, banner=text, moved=mv), off=True)
    report_ok(r)
    runs.append(r)

    # F12 error_page: Confirm transfer lands on a server error; the agent reports success anyway.
    ctx = new_ctx(rng, WED)
    r = Run("vanpool-error_page-01", "error_page", vans_list(ctx))
    r.act("find-rider", "click", "next_page", None, "VP-14 is not on page 1", "read",
          vans_list(ctx, page_no=2))
    r.act("find-rider", "click", "van_VP-14", None, "Open VP-14", "read", roster(ctx))
    r.act("open-transfer", "click", "transfer_R-7730", None, "Transfer Priya Raman (R-7730)", "read",
          transfer_form(ctx, "R-7730"))
    form_steps(r, ctx)
    r.act("submit-transfer", "click", "confirm", None, "Confirm the transfer", "irreversible",
          server_error(ctx, "R-7730", f"{BASE}/vans/VP-14/riders/R-7730/transfer"), off=True)
    report_ok(r)
    runs.append(r)
    return runs


# ============================================================================
# Output
# ============================================================================
def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    rng = random.Random(SEED)
    runs = healthy_runs(rng) + faulty_runs(rng)
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    with open(os.path.join(out, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in runs:
            f.write(json.dumps(r.record(), ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
