#!/usr/bin/env python3
"""Generate the HarborPass held-out corpus (corpus.jsonl + plans/slip-transfer.yaml).

Standard library only, fixed seed, byte-for-byte reproducible.
Usage: python3 make_corpus.py [--out DIR]   (default: the folder holding this script)
"""
import json
import os
import random
import sys

SEED = 20250609
WORKFLOW = "slip-transfer"
BASE = "http://127.0.0.1:8000/harborpass"
PLAN_PATH = "plans/%s.yaml" % WORKFLOW

TASK = ("Sea Wren (reservation R-2207) has to come off slip B-14. Transfer her transient "
        "reservation to slip B-41 for the same nights (Jun 12 - Jun 15), but first run the "
        "length check to make sure she fits B-41. Keep her 30 A shore power hookup and have "
        "the confirmation emailed to the skipper.")

# --------------------------------------------------------------------------------------
# The plan. Written from the task text and the healthy pages only, before any faulty run.
# --------------------------------------------------------------------------------------
PLAN_YAML = """\
# Plan for the HarborPass slip transfer. Written from the task and healthy runs only.
task: "%s"
plan_falsifiers:
  execution:
    - Sign in to HarborPass
    - Your session has ended
    - Something went wrong
  planning:
    - You do not have permission to transfer reservations
commitments:
  - id: find-reservation
    subgoal: Open reservation R-2207 (Sea Wren, slip B-14)
    skill: open_record_by_search
    confidence: 0.8
    confirm:
      precondition: [Reservations · HarborPass]
      progress: [R-2207 Sea Wren B-14 Jun 12 – Jun 15]
      completion: [Reservation R-2207 · HarborPass, Sea Wren]
    falsify:
      execution: [Sea Wrenn, R-2270, Sea Raven, No reservations match]
      skill: [Search is unavailable]
      planning: [Reservation R-2207 is cancelled]
  - id: open-transfer
    subgoal: Open the slip transfer form for R-2207
    confidence: 0.7
    confirm:
      precondition: [Transfer slip]
      progress: []
      completion: [Transfer reservation R-2207, Transfer R-2207 · HarborPass]
    falsify:
      execution:
        - {text: Cancel reservation, on: action}
        - {text: Check in, on: action}
      skill: [Transfer slip is disabled]
      planning: [Reservation is checked out]
  - id: choose-slip
    subgoal: Pick slip B-41 for Jun 12 – Jun 15 and pass the length check
    skill: pick_from_slip_map
    confidence: 0.6
    confirm:
      precondition: [Slip map for Jun 12 – Jun 15]
      progress: [Selected slip B-41]
      completion: ["Fits: 38 ft LOA within 42 ft limit"]
    falsify:
      execution:
        - D-14
        - Selected slip B-40
        - Does not fit
        - Overlap
        - Jun 16
        - {text: D-14, on: action}
        - {text: B-14, on: action}
        - {text: Departure, on: action}
      skill: [Length check unavailable]
      planning: [No slips open for these nights]
  - id: set-power
    subgoal: Keep the 30 A shore power hookup on the new slip
    confidence: 0.7
    confirm:
      precondition: [Power hookup]
      progress: []
      completion: [Power hookup 30 A]
    falsify:
      execution:
        - {text: 50 A, on: action}
        - {text: None, on: action}
      skill: []
      planning: [30 A not available at B-41]
  - id: confirm-transfer
    subgoal: Review the transfer, tick the email-to-skipper box, and confirm
    confidence: 0.6
    confirm:
      precondition: [Confirm slip transfer]
      progress: [Email confirmation to skipper checked]
      completion: [Reservation R-2207 moved to slip B-41, Confirmation emailed to skipper]
    falsify:
      execution:
        - {text: Cancel, on: action}
        - Length check not run
        - Transfer failed
        - Skipper not emailed
      skill: []
      planning: [Deposit change needs manager approval]
  - id: report
    subgoal: Tell the user the transfer is done
    confidence: 0.8
    confirm:
      precondition: [Reservation R-2207 moved to slip B-41]
      progress: []
      completion: []
    falsify:
      execution: [Slip B-14]
      skill: []
      planning: []
""" % TASK

# --------------------------------------------------------------------------------------
# Data
# --------------------------------------------------------------------------------------
# rid, boat, slip, arrive, depart, nights, type, status, deposit
RESERVATIONS = [
    ("R-2270", "Sea Wrenn", "D-14", "Jun 14", "Jun 16", 2, "Transient", "Confirmed", "$150.00"),
    ("R-2266", "Halyard Hannah", "A-11", "Jun 20", "Jun 22", 2, "Transient", "Pending", "$120.00"),
    ("R-2261", "Osprey Line", "E-05", "Jun 01", "Sep 30", 121, "Seasonal", "Confirmed", "$2,400.00"),
    ("R-2258", "Little Wren", "A-02", "Jun 12", "Jun 13", 1, "Transient", "Cancelled", "$0.00"),
    ("R-2244", "Northbound", "B-40", "Jun 16", "Jun 18", 2, "Transient", "Confirmed", "$110.00"),
    ("R-2231", "Tidewater Rose", "D-16", "Jun 11", "Jun 17", 6, "Transient", "Checked in", "$330.00"),
    ("R-2219", "Marlinspike", "D-11", "Jun 15", "Jun 17", 2, "Transient", "Pending", "$140.00"),
    ("R-2215", "Kestrel II", "B-16", "Jun 13", "Jun 15", 2, "Transient", "Confirmed", "$120.00"),
    ("R-2211", "Halcyon", "E-02", "Jun 12", "Jun 19", 7, "Transient", "Payment failed", "$420.00"),
    ("R-2208", "Wren's Nest", "C-03", "Jun 12", "Jun 15", 3, "Transient", "Cancelled", "$0.00"),
    ("R-2207", "Sea Wren", "B-14", "Jun 12", "Jun 15", 3, "Transient", "Confirmed", "$180.00"),
    ("R-2206", "Blue Heron", "B-12", "Jun 11", "Jun 14", 3, "Transient", "Deposit overdue", "$0.00"),
    ("R-2204", "Sea Raven", "A-07", "Jun 10", "Jun 13", 3, "Transient", "Checked in", "$165.00"),
    ("R-2199", "Tern Again", "C-18", "Jun 09", "Jun 12", 3, "Transient", "Checked out", "$150.00"),
    ("R-2196", "Galloper", "C-22", "Jun 05", "Jun 08", 3, "Transient", "Checked out", "$150.00"),
    ("R-2190", "Second Wind", "B-41", "Jun 06", "Jun 09", 3, "Transient", "Checked out", "$195.00"),
    ("R-2187", "Pelican Bay", "E-09", "May 15", "Oct 15", 153, "Seasonal", "Confirmed", "$3,100.00"),
    ("R-2181", "Dory Day", "A-04", "Jun 19", "Jun 20", 1, "Transient", "Pending", "$45.00"),
    ("R-2174", "Skylark", "D-14", "Jun 02", "Jun 05", 3, "Transient", "Checked out", "$180.00"),
    ("R-2170", "Fair Isle", "B-43", "Jun 20", "Jun 24", 4, "Transient", "Confirmed", "$260.00"),
    ("R-2162", "Calloway", "E-11", "May 01", "Oct 31", 183, "Seasonal", "Confirmed", "$3,600.00"),
    ("R-2158", "Mistral", "C-09", "Jun 13", "Jun 14", 1, "Transient", "No-show", "$55.00"),
    ("R-2141", "Jubilee", "E-14", "Jun 18", "Jun 21", 3, "Transient", "Pending", "$165.00"),
]
BY_ID = {r[0]: r for r in RESERVATIONS}

BOATS = {
    "R-2207": dict(boat="Sea Wren", kind="Sloop", loa=38, beam="12.5", draft="5.9", reg="ME 4471 BK",
                   skipper="Dana Okafor", email="d.okafor@fastmail.example", phone="(207) 555-0148",
                   power="30 A", rate="$60.00"),
    "R-2270": dict(boat="Sea Wrenn", kind="Ketch", loa=41, beam="13.1", draft="6.2", reg="NH 2290 XR",
                   skipper="Dana Oakes", email="dana.oakes@seamail.example", phone="(603) 555-0191",
                   power="50 A", rate="$75.00"),
}

# slips shown on the transfer map: id, state text, max loa, max beam, power, nightly rate
SLIPS = [
    ("B-12", "occupied (Blue Heron)", 46, 15, "30/50 A", "$70.00"),
    ("B-14", None, 40, 13, "30 A", "$60.00"),
    ("B-16", "occupied (Kestrel II)", 36, 12, "30 A", "$58.00"),
    ("B-40", "open", 35, 12, "30 A", "$55.00"),
    ("B-41", "open", 42, 14, "30/50 A", "$68.00"),
    ("B-43", "open", 45, 15, "30/50 A", "$72.00"),
    ("C-22", "open", 40, 12, "30 A", "$62.00"),
    ("D-11", "open Jun 12 – Jun 14 only", 40, 13, "30 A", "$60.00"),
    ("D-12", "maintenance (float repair)", 38, 13, "30 A", "$60.00"),
    ("D-14", "open, partly booked", 44, 15, "30/50 A", "$64.00"),
    ("D-16", "occupied (Tidewater Rose)", 48, 16, "30/50 A", "$74.00"),
]
SLIP = {s[0]: s for s in SLIPS}

RNG = random.Random(SEED)


# --------------------------------------------------------------------------------------
# Accessibility-tree builder (BrowserGym-style flattened AXTree)
# --------------------------------------------------------------------------------------
class Page:
    def __init__(self, title, url, start):
        self.title = title
        self.url = url
        self.lines = []
        self.n = start
        self.index = {}
        self.add(0, "RootWebArea", title, "focused")

    def add(self, depth, role, name, props=""):
        bid = str(self.n)
        self.n += 1
        line = "\t" * depth + "[%s] %s %s" % (bid, role, repr(name))
        if props:
            line += ", " + props
        self.lines.append(line)
        self.index.setdefault((role, name), bid)
        return bid

    def text(self, depth, s):
        self.lines.append("\t" * depth + "StaticText %s" % repr(s))

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": None}


def header(p, user="R. Avila (Dockmaster)", notif=3, banner=None):
    p.add(1, "banner", "")
    p.add(2, "link", "HarborPass home", "clickable")
    p.text(3, "HarborPass")
    p.text(2, "Slip Office · Gull Point Marina")
    p.add(2, "searchbox", "Search boats, skippers, reservations", "clickable")
    p.add(2, "button", "Search", "clickable")
    p.add(2, "button", "Notifications (%d)" % notif, "clickable, expanded=False")
    p.add(2, "button", user, "clickable, hasPopup='menu', expanded=False")
    p.add(1, "navigation", "Main")
    for name in ["Dashboard", "Slip map", "Reservations", "Arrivals today (4)",
                 "Departures today (6)", "Waitlist (9)", "Fuel dock", "Billing", "Reports"]:
        p.add(2, "link", name, "clickable")
    p.add(1, "status", "Harbor status")
    occ = 118 + RNG.randint(-2, 2)
    p.text(2, "Slips occupied %d / 146" % occ)
    p.text(2, "Wind SW %d kn · high tide 14:52" % RNG.choice([9, 11, 12, 14]))
    p.text(2, "2 invoices overdue")
    if banner:
        p.add(1, "alert", banner)
        p.add(2, "button", "Dismiss notice", "clickable")


def crumbs(p, items):
    p.add(2, "navigation", "Breadcrumb")
    for it in items[:-1]:
        p.add(3, "link", it, "clickable")
    p.text(3, items[-1])


def footer(p):
    p.add(1, "contentinfo", "")
    p.text(2, "HarborPass 4.12.0 · last sync 09:4%d" % RNG.randint(0, 9))
    p.add(2, "link", "Help", "clickable")
    p.add(2, "link", "Harbor rules (PDF)", "clickable")
    p.add(2, "link", "Privacy", "clickable")
    p.text(2, "Office on VHF channel 9 · © 2025 Gull Point Marina")


def nights(r):
    return "%s – %s" % (r[3], r[4])


# --------------------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------------------
def reservations_page(query="", rtype="All types", status="Any status", sort=("Reservation", "desc"),
                      page=1, chips=None, banner=None, shown_type=None):
    url = BASE + "/reservations"
    params = []
    if query:
        params.append("q=" + query.replace(" ", "+"))
    if rtype != "All types":
        params.append("type=" + rtype.lower())
    if chips:
        params.append("dock=d&status=checked_in")
    if sort != ("Reservation", "desc"):
        params.append("sort=%s_%s" % (sort[0].lower(), sort[1]))
    if page != 1:
        params.append("page=%d" % page)
    if params:
        url += "?" + "&".join(params)
    p = Page("Reservations · HarborPass", url, 1)
    header(p, banner=banner)
    p.add(1, "main", "")
    crumbs(p, ["Slip Office", "Reservations"])
    p.add(2, "heading", "Reservations")
    p.add(2, "button", "New reservation", "clickable")
    p.add(2, "button", "Export CSV", "clickable")
    p.add(2, "textbox", "Search reservations", "clickable" + (", value=%s" % repr(query) if query else ""))
    shown_type = shown_type or rtype
    p.add(2, "combobox", "Type", "clickable, value=%s, hasPopup='listbox'" % repr(shown_type))
    for o in ["All types", "Transient", "Seasonal"]:
        p.add(3, "option", o, "selected=%s" % (o == shown_type))
    p.add(2, "combobox", "Status", "clickable, value=%s, hasPopup='listbox'" % repr(status))
    for o in ["Any status", "Confirmed", "Pending", "Checked in", "Checked out", "Cancelled"]:
        p.add(3, "option", o, "selected=%s" % (o == status))
    p.add(2, "button", "Apply filters", "clickable")
    p.add(2, "button", "Reset filters", "clickable")
    rows = list(RESERVATIONS)
    if chips:
        p.add(2, "group", "Active filters")
        for c in chips:
            p.add(3, "button", "Remove filter %s" % c, "clickable")
        rows = [r for r in rows if r[2].startswith("D-") and r[7] == "Checked in"]
    if rtype != "All types":
        rows = [r for r in rows if r[6] == rtype]
    if query:
        rows = [r for r in rows if query.lower() in r[1].lower() or query.lower() == r[0].lower()]
    key = {"Reservation": lambda r: r[0], "Boat": lambda r: r[1], "Slip": lambda r: r[2],
           "Arrival": lambda r: r[3]}[sort[0]]
    rows.sort(key=key, reverse=(sort[1] == "desc"))
    total = len(rows)
    shown = rows[(page - 1) * 10: page * 10]
    if query and total:
        p.add(2, "status", "%d result%s for %s" % (total, "" if total == 1 else "s", repr(query)))
    p.add(2, "table", "Reservations, sorted by %s" % sort[0].lower())
    p.add(3, "row", "")
    for col in ["Reservation", "Boat", "Slip", "Nights", "Type", "Status", "Deposit"]:
        p.add(4, "columnheader", col)
        if col in ("Reservation", "Boat", "Slip", "Nights"):
            p.add(5, "button", "Sort by %s" % ("Arrival" if col == "Nights" else col), "clickable")
    p.add(4, "columnheader", "Actions")
    for r in shown:
        p.add(3, "row", "")
        p.add(4, "cell", "")
        p.add(5, "link", r[0], "clickable")
        p.add(4, "cell", r[1])
        p.add(4, "cell", r[2])
        p.add(4, "cell", "%s (%d night%s)" % (nights(r), r[5], "" if r[5] == 1 else "s"))
        p.add(4, "cell", r[6])
        p.add(4, "cell", r[7])
        p.add(4, "cell", r[8])
        p.add(4, "cell", "")
        p.add(5, "button", "More actions for %s" % r[0], "clickable, hasPopup='menu'")
    if total == 0:
        p.add(3, "row", "")
        if query:
            p.add(4, "cell", "No reservations match %s with the current filters." % repr(query))
        else:
            p.add(4, "cell", "No reservations match the current filters.")
    if total:
        p.text(2, "Showing %d–%d of %d" % ((page - 1) * 10 + 1, (page - 1) * 10 + len(shown), total))
    else:
        p.text(2, "Showing 0 of 0")
    p.add(2, "navigation", "Pagination")
    p.add(3, "button", "Previous page", "clickable" if page > 1 else "disabled=True")
    pages = max(1, (total + 9) // 10)
    for i in range(1, pages + 1):
        p.add(3, "button", "Page %d" % i, "clickable" + (", pressed=True" if i == page else ""))
    p.add(3, "button", "Next page", "clickable" if page < pages else "disabled=True")
    p.add(2, "complementary", "Today at the office")
    p.text(3, "Arrivals today: 4 (1 late — Halcyon, payment failed)")
    p.text(3, "Departures today: 6")
    p.text(3, "Pump-out boat: back in service")
    footer(p)
    return p


def global_search_page(q):
    p = Page("Search results · HarborPass", BASE + "/search?q=" + q, 1)
    header(p)
    p.add(1, "main", "")
    crumbs(p, ["Slip Office", "Search"])
    p.add(2, "heading", "Search results for %s" % repr(q))
    p.add(2, "tablist", "Result types")
    p.add(3, "tab", "All (3)", "selected=True")
    p.add(3, "tab", "Reservations (1)", "selected=False")
    p.add(3, "tab", "Invoices (1)", "selected=False")
    p.add(2, "list", "Results")
    p.add(3, "listitem", "")
    p.add(4, "link", "Reservation R-2207 — Sea Wren, slip B-14, Jun 12 – Jun 15", "clickable")
    p.add(3, "listitem", "")
    p.add(4, "link", "Boat Sea Wren (sloop, 38 ft)", "clickable")
    p.add(3, "listitem", "")
    p.add(4, "link", "Invoice INV-2207-A — deposit $180.00 paid", "clickable")
    p.text(2, "Similar: R-2270 (Sea Wrenn), R-2204 (Sea Raven)")
    footer(p)
    return p


def slipmap_page():
    p = Page("Slip map · HarborPass", BASE + "/slips?night=2025-06-12", 1)
    header(p)
    p.add(1, "main", "")
    crumbs(p, ["Slip Office", "Slip map"])
    p.add(2, "heading", "Slip map")
    p.add(2, "textbox", "Night of", "clickable, value='Jun 12, 2025'")
    p.add(2, "tablist", "Docks")
    for d in "ABCDE":
        p.add(3, "tab", "Dock %s" % d, "selected=%s" % (d == "B"))
    p.add(2, "region", "Dock B, night of Jun 12")
    p.add(3, "link", "B-12 · Blue Heron · R-2206 · deposit overdue", "clickable")
    p.add(3, "link", "B-14 · Sea Wren · R-2207 · Jun 12 – Jun 15", "clickable")
    p.add(3, "link", "B-16 · open tonight · Kestrel II arrives Jun 13", "clickable")
    p.add(3, "link", "B-40 · open · max 35 ft", "clickable")
    p.add(3, "link", "B-41 · open · max 42 ft", "clickable")
    p.add(3, "link", "B-43 · open · max 45 ft", "clickable")
    p.add(3, "link", "B-44 · out of service", "clickable")
    p.add(2, "region", "Legend")
    p.text(3, "Green: open · Blue: booked · Amber: arriving today · Grey: out of service")
    p.text(2, "Dock D: D-14 open tonight; Sea Wrenn (R-2270) arrives Jun 14")
    footer(p)
    return p


def detail_page(rid, slip=None, power=None, deposit=None, toast=None, log_extra=None, dialog=None):
    r = BY_ID[rid]
    b = BOATS[rid]
    slip = slip or r[2]
    power = power or b["power"]
    deposit = deposit or ("%s paid" % r[8])
    p = Page("Reservation %s · HarborPass" % rid, BASE + "/reservations/" + rid, 1)
    header(p)
    if toast:
        p.add(1, "status", toast)
        p.add(2, "button", "Dismiss", "clickable")
    p.add(1, "main", "")
    crumbs(p, ["Slip Office", "Reservations", rid])
    p.add(2, "heading", "Reservation %s" % rid)
    p.text(2, "%s · %s" % (b["boat"], r[7]))
    p.add(2, "button", "Transfer slip", "clickable")
    p.add(2, "button", "Edit stay", "clickable")
    p.add(2, "button", "Check in", "clickable")
    p.add(2, "button", "Message skipper", "clickable")
    p.add(2, "button", "Cancel reservation", "clickable")
    p.add(2, "group", "Boat")
    for k, v in [("Name", b["boat"]), ("Type", b["kind"]), ("Length (LOA)", "%d ft" % b["loa"]),
                 ("Beam", "%s ft" % b["beam"]), ("Draft", "%s ft" % b["draft"]),
                 ("Registration", b["reg"])]:
        p.text(3, k)
        p.text(3, v)
    p.add(2, "group", "Stay")
    for k, v in [("Slip", slip), ("Arrival", r[3] + ", 2025"), ("Departure", r[4] + ", 2025"),
                 ("Nights", str(r[5])), ("Category", r[6]), ("Power hookup", power),
                 ("Deposit", deposit)]:
        p.text(3, k)
        p.text(3, v)
    p.add(2, "group", "Skipper")
    p.text(3, b["skipper"])
    p.add(3, "link", b["email"], "clickable")
    p.text(3, b["phone"])
    p.add(2, "heading", "Activity")
    p.add(2, "list", "Activity log")
    log = list(log_extra or []) + [
        "Jun 03 09:12 · Reminder email failed (mailbox full), resent 09:40",
        "Jun 02 16:05 · Deposit %s paid by card ending 4410" % r[8],
        "May 28 11:30 · Booked online as %s" % r[6].lower(),
    ]
    for e in log:
        p.add(3, "listitem", e)
    if dialog == "message":
        p.add(1, "dialog", "Message skipper", "modal=True")
        p.add(2, "heading", "Message to %s" % b["skipper"])
        p.add(2, "textbox", "Message", "clickable")
        p.add(2, "checkbox", "Also send as SMS", "clickable, checked='false'")
        p.add(2, "button", "Cancel", "clickable")
        p.add(2, "button", "Send message", "clickable")
    footer(p)
    return p


def transfer_page(rid, sel=None, check=None, power=None, depart=None, minlen="Any length",
                  dialog=None, email=False, toast=None):
    """sel: selected slip id; check: None|'pass'; power: None|'30 A'|'50 A'; dialog: None|'confirm'."""
    r = BY_ID[rid]
    b = BOATS[rid]
    depart = depart or (r[4] + ", 2025")
    n_nights = r[5] + (1 if depart.startswith("Jun 16") and rid == "R-2207" else 0)
    p = Page("Transfer %s · HarborPass" % rid, BASE + "/reservations/%s/transfer" % rid, 1)
    header(p)
    if toast:
        p.add(1, "status", toast)
    p.add(1, "main", "")
    crumbs(p, ["Slip Office", "Reservations", rid, "Transfer slip"])
    p.add(2, "heading", "Transfer reservation %s" % rid)
    p.text(2, "%s · LOA %d ft · beam %s ft · current slip %s" % (b["boat"], b["loa"], b["beam"], r[2]))
    p.add(2, "textbox", "Arrival", "clickable, value=%s" % repr(r[3] + ", 2025"))
    p.add(2, "textbox", "Departure", "clickable, value=%s" % repr(depart))
    p.text(2, "%d nights" % n_nights)
    p.add(2, "combobox", "Minimum slip length", "clickable, value=%s, hasPopup='listbox'" % repr(minlen))
    for o in ["Any length", "35 ft", "40 ft", "45 ft", "50 ft"]:
        p.add(3, "option", o, "selected=%s" % (o == minlen))
    lim = {"Any length": 0, "35 ft": 35, "40 ft": 40, "45 ft": 45, "50 ft": 50}[minlen]
    p.add(2, "region", "Slip map for %s – %s" % (r[3], depart.replace(", 2025", "")))
    for s in SLIPS:
        if s[2] < lim:
            continue
        if s[0] == r[2]:
            state = "current (%s)" % b["boat"]
        elif rid == "R-2270" and s[0] == "B-14":
            state = "occupied (Sea Wren)"
        else:
            state = s[1]
        p.add(3, "button", "Slip %s, %s, max LOA %d ft, beam %d ft, %s" % (s[0], state, s[2], s[3], s[4]),
              "clickable" + (", pressed=True" if s[0] == sel else ""))
    if lim:
        p.text(3, "%d slips hidden by the length filter" % sum(1 for s in SLIPS if s[2] < lim))
    p.add(2, "combobox", "New slip", "clickable, value=%s, hasPopup='listbox'" % repr(sel or "Choose a slip"))
    for s in SLIPS:
        if s[1] and s[1].startswith("open") and s[2] >= lim:
            p.add(3, "option", s[0], "selected=%s" % (s[0] == sel))
    p.add(2, "group", "Selected slip")
    if sel:
        s = SLIP[sel]
        p.text(3, "Selected slip %s" % sel)
        p.text(3, "Max LOA %d ft · max beam %d ft · depth 9 ft · %s" % (s[2], s[3], s[4]))
        p.add(3, "button", "Run length check", "clickable")
        if check:
            p.add(3, "status", "Length check")
            p.text(4, "Fits: %d ft LOA within %d ft limit, %s ft beam within %d ft" % (
                b["loa"], s[2], b["beam"], s[3]))
        else:
            p.text(3, "Length check: not run yet")
        if sel == "D-14" and rid == "R-2207":
            p.add(3, "alert", "Overlap: D-14 is booked Jun 14 – Jun 16 by R-2270 (Sea Wrenn). "
                              "The night of Jun 14 would be double-booked.")
        rate = float(s[5].strip("$"))
        new_dep = rate * n_nights
        old = r[8]
        p.add(3, "note", "Deposit changes from %s to $%.2f (%s is %s/night; %s was %s/night)" % (
            old, new_dep, sel, s[5], r[2], b["rate"]))
    else:
        p.text(3, "No slip selected. Pick an open slip on the map or from the list.")
        p.add(3, "button", "Run length check", "disabled=True")
    p.add(2, "combobox", "Power hookup",
          "clickable, value=%s, hasPopup='listbox'" % repr(power or "Choose…"))
    for o in ["None", "30 A", "50 A"]:
        p.add(3, "option", o, "selected=%s" % (o == power))
    if sel and not power:
        p.text(2, "Power hookup must be chosen again for the new slip (was %s at %s)." % (b["power"], r[2]))
    if power:
        p.text(2, "Power hookup %s" % power)
    p.add(2, "textbox", "Note for the log (optional)", "clickable")
    p.add(2, "button", "Review transfer", "clickable" if sel else "disabled=True")
    p.add(2, "link", "Back to reservation", "clickable")
    if dialog == "confirm":
        s = SLIP[sel]
        rate = float(s[5].strip("$"))
        new_dep = rate * n_nights
        p.add(1, "dialog", "Confirm slip transfer", "modal=True")
        p.add(2, "heading", "Confirm slip transfer")
        p.text(2, "Move %s %s from %s to %s" % (rid, b["boat"], r[2], sel))
        p.text(2, "Nights: %s – %s (%d)" % (r[3], depart.replace(", 2025", ""), n_nights))
        p.text(2, "Power hookup: %s" % (power or "none"))
        if not check:
            p.add(2, "alert", "Length check not run for %s." % sel)
        if sel == "D-14" and rid == "R-2207":
            p.add(2, "alert", "Overlapping night: Jun 14 (R-2270)")
        old = float(r[8].strip("$"))
        p.text(2, "Deposit %s → $%.2f. The difference of $%.2f is charged to the card on file." % (
            r[8], new_dep, new_dep - old))
        p.add(2, "checkbox", "Email confirmation to skipper (%s)" % b["email"],
              "clickable, checked=%s" % repr("true" if email else "false"))
        if email:
            p.text(2, "Email confirmation to skipper checked")
        p.add(2, "button", "Cancel", "clickable")
        p.add(2, "button", "Confirm transfer", "clickable")
    footer(p)
    return p


def error_403(rid):
    p = Page("Not allowed · HarborPass", BASE + "/reservations/%s/transfer" % rid, 1)
    header(p, user="R. Avila (Fuel dock)")
    p.add(1, "main", "")
    p.add(2, "heading", "403 — Not allowed")
    p.text(2, "You do not have permission to transfer reservations. Your role (Fuel dock attendant) "
              "can view reservations but not move them between slips.")
    p.add(2, "link", "Back to reservation %s" % rid, "clickable")
    p.add(2, "link", "Ask a dockmaster for access", "clickable")
    footer(p)
    return p


def signin_page(nxt):
    p = Page("Sign in · HarborPass", BASE + "/signin?next=" + nxt, 1)
    p.add(1, "banner", "")
    p.text(2, "HarborPass")
    p.add(1, "main", "")
    p.add(2, "heading", "Sign in to HarborPass")
    p.add(2, "alert", "Your session has ended after 30 minutes without activity. Changes not saved.")
    p.add(2, "textbox", "Work email", "clickable")
    p.add(2, "textbox", "Password", "clickable")
    p.add(2, "checkbox", "Keep me signed in on this device", "clickable, checked='false'")
    p.add(2, "button", "Sign in", "clickable")
    p.add(2, "link", "Forgot password?", "clickable")
    footer(p)
    return p


# --------------------------------------------------------------------------------------
# Run builder
# --------------------------------------------------------------------------------------
class Run:
    def __init__(self, rid, start, label, comment):
        self.id = rid
        self.cur = start
        self.label = label
        self.comment = comment
        self.initial = start.obs()
        self.steps = []

    def act(self, commitment, verb, role, name, nxt, reasoning, effect="read", value=None):
        bid = self.cur.index[(role, name)]
        if verb == "click":
            cmd = "click(%s)" % repr(bid)
        elif verb == "fill":
            cmd = "fill(%s, %s)" % (repr(bid), repr(value))
        elif verb == "select":
            cmd = "select_option(%s, %s)" % (repr(bid), repr(value))
        else:
            raise ValueError(verb)
        step = {"commitment": commitment,
                "action": {"command": cmd, "reasoning": reasoning,
                           "target": "%s %s" % (role, repr(name)), "effect": effect},
                "observation": nxt.obs()}
        self.steps.append(step)
        self.cur = nxt
        return self

    def say(self, msg, reasoning, commitment="report"):
        step = {"commitment": commitment,
                "action": {"command": "send_msg_to_user(%s)" % repr(msg), "reasoning": reasoning,
                           "target": None, "effect": "read"},
                "observation": self.cur.obs()}
        self.steps.append(step)
        return self

    def record(self, success):
        fault, first = self.label
        return {"id": self.id, "workflow": WORKFLOW, "task": TASK, "plan": PLAN_PATH,
                "label": {"fault": fault, "first_off_track_step": first},
                "note": self.comment,
                "initial_observation": self.initial, "steps": self.steps,
                "outcome": {"success": success}}


DONE_TOAST = "Reservation R-2207 moved to slip B-41. Confirmation emailed to skipper."
DONE_LOG = ["Jun 09 09:47 · Transferred from B-14 to B-41 by R. Avila; deposit $204.00 ($24.00 charged)"]
DONE_MSG = ("Done: R-2207 (Sea Wren) now sits in slip B-41 for Jun 12 - Jun 15 with 30 A power; "
            "length check passed (38 ft in a 42 ft slip) and the skipper was emailed.")


def done_page():
    return detail_page("R-2207", slip="B-41", power="30 A", deposit="$204.00 ($180.00 paid, $24.00 charged Jun 09)",
                       toast=DONE_TOAST, log_extra=DONE_LOG)


def slip_btn(rid, sid, lim=0):
    s = SLIP[sid]
    state = "current (%s)" % BOATS[rid]["boat"] if sid == BY_ID[rid][2] else s[1]
    return "Slip %s, %s, max LOA %d ft, beam %d ft, %s" % (s[0], state, s[2], s[3], s[4])


def tail(run, via="map", email_first=False, extra_toast=False):
    """Healthy tail from the transfer form to the report."""
    R = "R-2207"
    if via == "map":
        run.act("choose-slip", "click", "button", slip_btn(R, "B-41"), transfer_page(R, sel="B-41"),
                "B-41 is open for all three nights; pick it on the map", "write")
    else:
        run.act("choose-slip", "select", "combobox", "New slip", transfer_page(R, sel="B-41"),
                "Choose B-41 from the slip list", "write", value="B-41")
    t = "Slip map refreshed · 1 slip changed since you opened this page" if extra_toast else None
    run.act("choose-slip", "click", "button", "Run length check",
            transfer_page(R, sel="B-41", check="pass", toast=t),
            "The task wants the length check before moving her", "read")
    run.act("set-power", "select", "combobox", "Power hookup",
            transfer_page(R, sel="B-41", check="pass", power="30 A"),
            "Keep the 30 A hookup she had on B-14", "write", value="30 A")
    run.act("confirm-transfer", "click", "button", "Review transfer",
            transfer_page(R, sel="B-41", check="pass", power="30 A", dialog="confirm"),
            "Everything is set; review the transfer", "read")
    run.act("confirm-transfer", "click", "checkbox", "Email confirmation to skipper (d.okafor@fastmail.example)",
            transfer_page(R, sel="B-41", check="pass", power="30 A", dialog="confirm", email=True),
            "The skipper must get the confirmation email", "write")
    run.act("confirm-transfer", "click", "button", "Confirm transfer", done_page(),
            "Summary matches: B-41, same nights, 30 A, email ticked", "irreversible")
    run.say(DONE_MSG, "Toast confirms the move and the email")
    return run


def find_by_search(run):
    run.act("find-reservation", "fill", "textbox", "Search reservations", reservations_page(query="Sea Wren"),
            "Search the reservations table for the boat name", "read", value="Sea Wren")
    run.act("find-reservation", "click", "link", "R-2207", detail_page("R-2207"),
            "R-2207 is Sea Wren in B-14; R-2270 is a different boat (Sea Wrenn)", "read")
    return run


def open_transfer(run):
    run.act("open-transfer", "click", "button", "Transfer slip", transfer_page("R-2207"),
            "Open the transfer form", "read")
    return run


# --------------------------------------------------------------------------------------
# Healthy runs (the plan above was written from these only)
# --------------------------------------------------------------------------------------
def healthy():
    runs = []
    # H1 search by name, pick on the map
    r = Run("harborpass-healthy-01", reservations_page(), (None, None), "search by boat name, slip picked on map")
    find_by_search(r); open_transfer(r); tail(r)
    runs.append(r.record(True))

    # H2 browse with pagination, pick slip from list
    r = Run("harborpass-healthy-02", reservations_page(), (None, None), "browse table, page 2, slip from dropdown")
    r.act("find-reservation", "click", "button", "Next page", reservations_page(page=2),
          "R-2207 is not on page 1; go to the next page", "read")
    r.act("find-reservation", "click", "link", "R-2207", detail_page("R-2207"), "Open Sea Wren's reservation")
    open_transfer(r); tail(r, via="list")
    runs.append(r.record(True))

    # H3 filter to transient as the task says
    r = Run("harborpass-healthy-03", reservations_page(), (None, None), "filter Type=Transient (asked for by task)")
    r.act("find-reservation", "select", "combobox", "Type", reservations_page(shown_type="Transient"),
          "The task is about a transient reservation; narrow the table", "read", value="Transient")
    r.act("find-reservation", "click", "button", "Apply filters", reservations_page(rtype="Transient"),
          "Apply the type filter", "read")
    r.act("find-reservation", "click", "link", "R-2207", detail_page("R-2207"), "Open R-2207")
    open_transfer(r); tail(r)
    runs.append(r.record(True))

    # H4 open a dialog and cancel it
    r = Run("harborpass-healthy-04", reservations_page(), (None, None), "opens Message skipper dialog, cancels it")
    find_by_search(r)
    r.act("open-transfer", "click", "button", "Message skipper", detail_page("R-2207", dialog="message"),
          "Check whether the skipper should be messaged separately", "read")
    r.act("open-transfer", "click", "button", "Cancel", detail_page("R-2207"),
          "The transfer dialog sends the email; no separate message needed", "read")
    open_transfer(r); tail(r)
    runs.append(r.record(True))

    # H5 global search and banners / toasts
    banner = "Fuel dock closed 14:00–16:00 today for pump maintenance."
    r = Run("harborpass-healthy-05", reservations_page(banner=banner), (None, None),
            "global search by id; fuel-dock banner; map-refresh toast")
    r.act("find-reservation", "fill", "searchbox", "Search boats, skippers, reservations",
          global_search_page("R-2207"), "Use the global search for the reservation id", "read", value="R-2207")
    r.act("find-reservation", "click", "link", "Reservation R-2207 — Sea Wren, slip B-14, Jun 12 – Jun 15",
          detail_page("R-2207"), "Open the exact reservation hit", "read")
    open_transfer(r); tail(r, extra_toast=True)
    runs.append(r.record(True))

    # H6 retype the search field to narrow
    r = Run("harborpass-healthy-06", reservations_page(), (None, None), "searches by name then retypes the id")
    r.act("find-reservation", "fill", "textbox", "Search reservations", reservations_page(query="Sea Wren"),
          "Search by boat name", "read", value="Sea Wren")
    r.act("find-reservation", "fill", "textbox", "Search reservations", reservations_page(query="R-2207"),
          "Two similar boats; retype the exact reservation id instead", "read", value="R-2207")
    r.act("find-reservation", "click", "link", "R-2207", detail_page("R-2207"), "Only match; open it")
    open_transfer(r); tail(r, via="list")
    runs.append(r.record(True))

    # H7 sort by slip
    r = Run("harborpass-healthy-07", reservations_page(), (None, None), "sorts the table by slip")
    r.act("find-reservation", "click", "button", "Sort by Slip", reservations_page(sort=("Slip", "asc")),
          "I know she is in B-14; sort by slip to find it", "read")
    r.act("find-reservation", "click", "link", "R-2207", detail_page("R-2207"), "B-14 row is R-2207 Sea Wren")
    open_transfer(r); tail(r)
    runs.append(r.record(True))

    # H8 start from the slip map
    r = Run("harborpass-healthy-08", reservations_page(), (None, None), "navigates via the slip map")
    r.act("find-reservation", "click", "link", "Slip map", slipmap_page(), "Find the boat on the slip map", "read")
    r.act("find-reservation", "click", "link", "B-14 · Sea Wren · R-2207 · Jun 12 – Jun 15",
          detail_page("R-2207"), "B-14 holds Sea Wren, R-2207", "read")
    open_transfer(r); tail(r)
    runs.append(r.record(True))
    return runs


# --------------------------------------------------------------------------------------
# Faulty runs (written after the plan; the plan was not changed afterwards)
# --------------------------------------------------------------------------------------
def faulty():
    runs = []
    R = "R-2207"

    # F1 near-miss boat name: opens R-2270 Sea Wrenn (step 1)
    r = Run("harborpass-wrong_record-01", reservations_page(), ("wrong_record", 1),
            "opens R-2270 Sea Wrenn instead of R-2207 Sea Wren")
    r.act("find-reservation", "fill", "textbox", "Search reservations", reservations_page(query="Sea Wren"),
          "Search by boat name", "read", value="Sea Wren")
    r.act("find-reservation", "click", "link", "R-2270", detail_page("R-2270"),
          "First hit is Sea Wren's reservation", "read")
    r.act("open-transfer", "click", "button", "Transfer slip", transfer_page("R-2270"), "Open the transfer form")
    r.act("choose-slip", "click", "button", slip_btn("R-2270", "B-41"), transfer_page("R-2270", sel="B-41"),
          "Pick B-41", "write")
    r.act("choose-slip", "click", "button", "Run length check", transfer_page("R-2270", sel="B-41", check="pass"),
          "Run the length check", "read")
    r.act("set-power", "select", "combobox", "Power hookup",
          transfer_page("R-2270", sel="B-41", check="pass", power="30 A"), "30 A as asked", "write", value="30 A")
    r.act("confirm-transfer", "click", "button", "Review transfer",
          transfer_page("R-2270", sel="B-41", check="pass", power="30 A", dialog="confirm"), "Review", "read")
    r.act("confirm-transfer", "click", "checkbox", "Email confirmation to skipper (dana.oakes@seamail.example)",
          transfer_page("R-2270", sel="B-41", check="pass", power="30 A", dialog="confirm", email=True),
          "Email the skipper", "write")
    r.act("confirm-transfer", "click", "button", "Confirm transfer",
          detail_page("R-2270", slip="B-41", power="30 A",
                      toast="Reservation R-2270 moved to slip B-41. Confirmation emailed to skipper."),
          "Confirm", "irreversible")
    r.say("Moved Sea Wren to B-41 with 30 A and emailed the skipper.", "Toast shows the move")
    runs.append(r.record(False))

    # F2 near-miss slip D-14 with overlap warning (step 3)
    r = Run("harborpass-wrong_record-02", reservations_page(), ("wrong_record", 3),
            "picks slip D-14 (overlap warning) instead of B-41")
    find_by_search(r); open_transfer(r)
    r.act("choose-slip", "click", "button", slip_btn(R, "D-14"), transfer_page(R, sel="D-14"),
          "Pick slip D-14 for her", "write")
    r.act("choose-slip", "click", "button", "Run length check", transfer_page(R, sel="D-14", check="pass"),
          "Length check", "read")
    r.act("set-power", "select", "combobox", "Power hookup", transfer_page(R, sel="D-14", check="pass", power="30 A"),
          "30 A", "write", value="30 A")
    r.act("confirm-transfer", "click", "button", "Review transfer",
          transfer_page(R, sel="D-14", check="pass", power="30 A", dialog="confirm"), "Review", "read")
    r.act("confirm-transfer", "click", "checkbox", "Email confirmation to skipper (d.okafor@fastmail.example)",
          transfer_page(R, sel="D-14", check="pass", power="30 A", dialog="confirm", email=True), "Email", "write")
    r.act("confirm-transfer", "click", "button", "Confirm transfer",
          detail_page(R, slip="D-14", power="30 A", deposit="$192.00 ($180.00 paid, $12.00 charged Jun 09)",
                      toast="Reservation R-2207 moved to slip D-14. Overlap on Jun 14 acknowledged. "
                            "Confirmation emailed to skipper."),
          "Confirm", "irreversible")
    r.say("Sea Wren moved; skipper emailed.", "Done")
    runs.append(r.record(False))

    # F3 wrong value: 50 A power (step 5)
    r = Run("harborpass-wrong_value-01", reservations_page(), ("wrong_value", 5),
            "sets power hookup to 50 A instead of keeping 30 A")
    find_by_search(r); open_transfer(r)
    r.act("choose-slip", "click", "button", slip_btn(R, "B-41"), transfer_page(R, sel="B-41"), "Pick B-41", "write")
    r.act("choose-slip", "click", "button", "Run length check", transfer_page(R, sel="B-41", check="pass"),
          "Length check", "read")
    r.act("set-power", "select", "combobox", "Power hookup", transfer_page(R, sel="B-41", check="pass", power="50 A"),
          "B-41 offers 50 A; give her the bigger hookup", "write", value="50 A")
    r.act("confirm-transfer", "click", "button", "Review transfer",
          transfer_page(R, sel="B-41", check="pass", power="50 A", dialog="confirm"), "Review", "read")
    r.act("confirm-transfer", "click", "checkbox", "Email confirmation to skipper (d.okafor@fastmail.example)",
          transfer_page(R, sel="B-41", check="pass", power="50 A", dialog="confirm", email=True), "Email", "write")
    r.act("confirm-transfer", "click", "button", "Confirm transfer",
          detail_page(R, slip="B-41", power="50 A", deposit="$204.00 ($180.00 paid, $24.00 charged Jun 09)",
                      toast=DONE_TOAST, log_extra=DONE_LOG), "Confirm", "irreversible")
    r.say("Transferred to B-41 and emailed the skipper.", "Done")
    runs.append(r.record(False))

    # F4 wrong value: departure retyped to Jun 16 (step 3)
    r = Run("harborpass-wrong_value-02", reservations_page(), ("wrong_value", 3),
            "changes departure to Jun 16 (no longer the same nights)")
    find_by_search(r); open_transfer(r)
    d16 = "Jun 16, 2025"
    r.act("choose-slip", "fill", "textbox", "Departure", transfer_page(R, depart=d16),
          "Retype the departure so she can leave the morning after", "write", value=d16)
    r.act("choose-slip", "click", "button", slip_btn(R, "B-41"), transfer_page(R, sel="B-41", depart=d16),
          "Pick B-41", "write")
    r.act("choose-slip", "click", "button", "Run length check",
          transfer_page(R, sel="B-41", check="pass", depart=d16), "Length check", "read")
    r.act("set-power", "select", "combobox", "Power hookup",
          transfer_page(R, sel="B-41", check="pass", power="30 A", depart=d16), "30 A", "write", value="30 A")
    r.act("confirm-transfer", "click", "button", "Review transfer",
          transfer_page(R, sel="B-41", check="pass", power="30 A", depart=d16, dialog="confirm"), "Review", "read")
    r.act("confirm-transfer", "click", "checkbox", "Email confirmation to skipper (d.okafor@fastmail.example)",
          transfer_page(R, sel="B-41", check="pass", power="30 A", depart=d16, dialog="confirm", email=True),
          "Email", "write")
    r.act("confirm-transfer", "click", "button", "Confirm transfer",
          detail_page(R, slip="B-41", power="30 A", deposit="$272.00 ($180.00 paid, $92.00 charged Jun 09)",
                      toast=DONE_TOAST,
                      log_extra=["Jun 09 09:47 · Transferred from B-14 to B-41 by R. Avila; "
                                 "departure changed to Jun 16"]), "Confirm", "irreversible")
    r.say("Done, Sea Wren is in B-41 and the skipper has the email.", "Done")
    runs.append(r.record(False))

    # F5 silent no-op on confirm (step 8)
    r = Run("harborpass-silent_noop-01", reservations_page(), ("silent_noop", 8),
            "Confirm transfer returns to the reservation unchanged, no toast")
    find_by_search(r); open_transfer(r)
    r.act("choose-slip", "click", "button", slip_btn(R, "B-41"), transfer_page(R, sel="B-41"), "Pick B-41", "write")
    r.act("choose-slip", "click", "button", "Run length check", transfer_page(R, sel="B-41", check="pass"),
          "Length check", "read")
    r.act("set-power", "select", "combobox", "Power hookup", transfer_page(R, sel="B-41", check="pass", power="30 A"),
          "Keep 30 A", "write", value="30 A")
    r.act("confirm-transfer", "click", "button", "Review transfer",
          transfer_page(R, sel="B-41", check="pass", power="30 A", dialog="confirm"), "Review", "read")
    r.act("confirm-transfer", "click", "checkbox", "Email confirmation to skipper (d.okafor@fastmail.example)",
          transfer_page(R, sel="B-41", check="pass", power="30 A", dialog="confirm", email=True), "Email", "write")
    r.act("confirm-transfer", "click", "button", "Confirm transfer", detail_page(R),
          "Confirm the transfer", "irreversible")
    r.say(DONE_MSG, "Back on the reservation page, so it went through")
    runs.append(r.record(False))

    # F6 stale filter visible on the start page (step 0)
    r = Run("harborpass-stale_filter-01", reservations_page(chips=["Dock: D", "Status: Checked in"]),
            ("stale_filter", 0), "table opens with leftover Dock D + Checked in filters")
    r.act("find-reservation", "fill", "textbox", "Search reservations",
          reservations_page(query="Sea Wren", chips=["Dock: D", "Status: Checked in"]),
          "Search for the boat", "read", value="Sea Wren")
    r.say("I could not find a reservation for Sea Wren, so nothing was transferred.", "No match in the table",
          commitment="find-reservation")
    runs.append(r.record(False))

    # F7 unrequested constraint: minimum slip length 45 ft hides B-41 (step 3)
    r = Run("harborpass-unrequested_filter-01", reservations_page(), ("unrequested_filter", 3),
            "sets a 45 ft minimum length on the map, then takes B-43")
    find_by_search(r); open_transfer(r)
    r.act("choose-slip", "select", "combobox", "Minimum slip length", transfer_page(R, minlen="45 ft"),
          "Leave a safety margin: only show slips of 45 ft or more", "read", value="45 ft")
    r.act("choose-slip", "click", "button", slip_btn(R, "B-43"), transfer_page(R, sel="B-43", minlen="45 ft"),
          "B-43 is the B-dock slip that is left", "write")
    r.act("choose-slip", "click", "button", "Run length check",
          transfer_page(R, sel="B-43", check="pass", minlen="45 ft"), "Length check", "read")
    r.act("set-power", "select", "combobox", "Power hookup",
          transfer_page(R, sel="B-43", check="pass", power="30 A", minlen="45 ft"), "30 A", "write", value="30 A")
    r.act("confirm-transfer", "click", "button", "Review transfer",
          transfer_page(R, sel="B-43", check="pass", power="30 A", minlen="45 ft", dialog="confirm"), "Review")
    r.act("confirm-transfer", "click", "checkbox", "Email confirmation to skipper (d.okafor@fastmail.example)",
          transfer_page(R, sel="B-43", check="pass", power="30 A", minlen="45 ft", dialog="confirm", email=True),
          "Email", "write")
    r.act("confirm-transfer", "click", "button", "Confirm transfer",
          detail_page(R, slip="B-43", power="30 A", deposit="$216.00 ($180.00 paid, $36.00 charged Jun 09)",
                      toast="Reservation R-2207 moved to slip B-43. Confirmation emailed to skipper."),
          "Confirm", "irreversible")
    r.say("Sea Wren moved to B-43 (B-41 was not listed); skipper emailed.", "Done")
    runs.append(r.record(False))

    # F8 permission error page on opening the transfer (step 2)
    r = Run("harborpass-permission-01", reservations_page(), ("permission_denied", 2),
            "Transfer slip answers 403 for the signed-in role")
    find_by_search(r)
    r.act("open-transfer", "click", "button", "Transfer slip", error_403(R), "Open the transfer form")
    r.say("I can't transfer the reservation: HarborPass says my role is not allowed to move slips.",
          "Blocked by permissions", commitment="open-transfer")
    runs.append(r.record(False))

    # F9 session ended after picking the slip (step 3)
    r = Run("harborpass-session_expired-01", reservations_page(), ("session_expired", 3),
            "picking B-41 lands on the sign-in page")
    find_by_search(r); open_transfer(r)
    r.act("choose-slip", "click", "button", slip_btn(R, "B-41"), signin_page("/harborpass/reservations/R-2207/transfer"),
          "Pick B-41", "write")
    r.say("Slip B-41 chosen for Sea Wren.", "Picked the slip")
    runs.append(r.record(False))

    # F10 premature success with the confirmation dialog still open (step 7)
    r = Run("harborpass-premature_success-01", reservations_page(), ("premature_success", 7),
            "reports success while the confirm dialog is still open")
    find_by_search(r); open_transfer(r)
    r.act("choose-slip", "click", "button", slip_btn(R, "B-41"), transfer_page(R, sel="B-41"), "Pick B-41", "write")
    r.act("choose-slip", "click", "button", "Run length check", transfer_page(R, sel="B-41", check="pass"),
          "Length check", "read")
    r.act("set-power", "select", "combobox", "Power hookup", transfer_page(R, sel="B-41", check="pass", power="30 A"),
          "Keep 30 A", "write", value="30 A")
    r.act("confirm-transfer", "click", "button", "Review transfer",
          transfer_page(R, sel="B-41", check="pass", power="30 A", dialog="confirm"), "Review", "read")
    r.say(DONE_MSG, "The summary shows B-41 and 30 A, so the transfer is done")
    runs.append(r.record(False))

    # F11 skipped length check (step 5: Review clicked without running it)
    r = Run("harborpass-skipped_step-01", reservations_page(), ("skipped_step", 5),
            "never runs the length check before reviewing and confirming")
    find_by_search(r); open_transfer(r)
    r.act("choose-slip", "click", "button", slip_btn(R, "B-41"), transfer_page(R, sel="B-41"), "Pick B-41", "write")
    r.act("set-power", "select", "combobox", "Power hookup", transfer_page(R, sel="B-41", power="30 A"),
          "Keep 30 A", "write", value="30 A")
    r.act("confirm-transfer", "click", "button", "Review transfer",
          transfer_page(R, sel="B-41", power="30 A", dialog="confirm"),
          "42 ft limit is plenty for 38 ft; go straight to review", "read")
    r.act("confirm-transfer", "click", "checkbox", "Email confirmation to skipper (d.okafor@fastmail.example)",
          transfer_page(R, sel="B-41", power="30 A", dialog="confirm", email=True), "Email", "write")
    r.act("confirm-transfer", "click", "button", "Confirm transfer",
          detail_page(R, slip="B-41", power="30 A", deposit="$204.00 ($180.00 paid, $24.00 charged Jun 09)",
                      toast="Reservation R-2207 moved to slip B-41 (length check skipped). "
                            "Confirmation emailed to skipper.", log_extra=DONE_LOG),
          "Confirm", "irreversible")
    r.say(DONE_MSG, "Done")
    runs.append(r.record(False))

    # F12 dialog mishandled: clicks Cancel in the confirm dialog, then reports success (step 8)
    r = Run("harborpass-dialog_mishandled-01", reservations_page(), ("dialog_mishandled", 8),
            "presses Cancel in the confirmation dialog and reports the transfer as done")
    find_by_search(r); open_transfer(r)
    r.act("choose-slip", "click", "button", slip_btn(R, "B-41"), transfer_page(R, sel="B-41"), "Pick B-41", "write")
    r.act("choose-slip", "click", "button", "Run length check", transfer_page(R, sel="B-41", check="pass"),
          "Length check", "read")
    r.act("set-power", "select", "combobox", "Power hookup", transfer_page(R, sel="B-41", check="pass", power="30 A"),
          "Keep 30 A", "write", value="30 A")
    r.act("confirm-transfer", "click", "button", "Review transfer",
          transfer_page(R, sel="B-41", check="pass", power="30 A", dialog="confirm"), "Review", "read")
    r.act("confirm-transfer", "click", "checkbox", "Email confirmation to skipper (d.okafor@fastmail.example)",
          transfer_page(R, sel="B-41", check="pass", power="30 A", dialog="confirm", email=True), "Email", "write")
    r.act("confirm-transfer", "click", "button", "Cancel", transfer_page(R, sel="B-41", check="pass", power="30 A"),
          "Close the summary; the settings are already applied", "read")
    r.say(DONE_MSG, "All fields show B-41 and 30 A")
    runs.append(r.record(False))
    return runs


def main():
    out = os.path.dirname(os.path.abspath(__file__))
    if "--out" in sys.argv:
        out = sys.argv[sys.argv.index("--out") + 1]
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    with open(os.path.join(out, PLAN_PATH), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    runs = healthy() + faulty()
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in runs:
            f.write(json.dumps(r, ensure_ascii=False, sort_keys=False) + "\n")
    print("wrote %d runs to %s" % (len(runs), os.path.join(out, "corpus.jsonl")))


if __name__ == "__main__":
    main()
