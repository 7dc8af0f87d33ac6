#!/usr/bin/env python3
"""Tollgate held-out corpus generator (Python 3 standard library only).

Writes corpus.jsonl and plans/tollgate.yaml next to this file (or into the
directory given as the first argument).  Fixed seed; byte-for-byte reproducible.

The plan (PLAN_YAML) was written from the task text and the healthy pages only,
before any faulty run was scripted, and has not been tuned since.
"""
import json
import os
import random
import sys

SEED = 40718
BASE = "http://127.0.0.1:8000"
WORKFLOW = "tollgate"
PLAN_REL = "plans/tollgate.yaml"

PLAN_YAML = r"""# Tollgate back office: reverse one misread-plate toll, move a transponder, set a low-balance alert.
# Written from the task text and the healthy pages only, before any faulty run existed.
task: "Dana Okafor (account TG-40718) was billed $6.75 at Harbor Bridge Plaza on 11 Mar 2024, charge CH-88213, because the plaza camera read someone else's plate 80KM217 (zero) as her 8OKM217 (letter O). Reverse that one charge only, reason plate misread. She has also replaced her Subaru: add her new 2024 Kia Niro, plate 7LIH104 (letter I), and move her transponder TX-5521907 from 8OKM217 to it. Then turn on her low-balance alert at $15.00."
plan_falsifiers:
  execution:
    - Sign in to Tollgate
    - Your session has ended
    - "You don't have permission"
    - Something went wrong
commitments:
  - id: open-account
    subgoal: Open customer account TG-40718 (Dana Okafor)
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - Tollgate Back Office
      progress:
        - Search results for
      completion:
        - TG-40718 Dana Okafor
        - Account summary
    falsify:
      execution:
        - TG-40781
        - Dana Okafur
        - TG-41078
        - Dane Okafor
        - No accounts match
      planning:
        - "Status: Closed"
  - id: find-charge
    subgoal: Find charge CH-88213 (Harbor Bridge Plaza, 2024-03-11, $6.75) on the account
    skill: find_row_in_table
    confidence: 0.7
    confirm:
      precondition:
        - Trips & charges
      progress:
        - Harbor Bridge Plaza
        - CH-88213
      completion:
        - Charge CH-88213
        - Plate camera (no transponder read)
    falsify:
      execution:
        - CH-88231
        - CH-82813
        - CH-88132
        - No charges match
      planning:
        - CH-88213 is not listed on the account
        - Charge CH-88213 is already reversed
  - id: reverse-charge
    subgoal: Reverse CH-88213 alone, reason Plate misread (OCR)
    skill: reverse_charge
    confidence: 0.7
    confirm:
      precondition:
        - Reverse charge
      progress:
        - Reverse charge CH-88213
        - Plate misread (OCR)
      completion:
        - Charge CH-88213 reversed
        - $6.75 credited to TG-40718
    falsify:
      execution:
        - text: Also reverse
          on: action
        - text: CH-88231
          on: action
        - Reversal failed
        - could not be reversed
      skill:
        - The Reverse charge button is not available
  - id: add-vehicle
    subgoal: Add the new vehicle, plate 7LIH104 (2024 Kia Niro), to TG-40718
    skill: fill_form_and_save
    confidence: 0.7
    confirm:
      precondition:
        - Vehicles & transponders
      progress:
        - Add vehicle
        - Plate number
      completion:
        - Vehicle 7LIH104 added to TG-40718
    falsify:
      execution:
        - 7L1H104
        - 7LIH1O4
        - text: 7L1H104
          on: action
        - Plate is already registered
  - id: move-transponder
    subgoal: Move transponder TX-5521907 from 8OKM217 to 7LIH104
    confidence: 0.6
    confirm:
      precondition:
        - TX-5521907
      progress:
        - Move transponder TX-5521907
        - Confirm transponder move
      completion:
        - Transponder TX-5521907 moved to 7LIH104
    falsify:
      execution:
        - text: TX-5521970
          on: action
        - text: Deactivate
          on: action
        - text: Keep on 8OKM217
          on: action
      planning:
        - TX-5521907 is reported lost
  - id: set-alert
    subgoal: Turn on the low-balance alert at $15.00
    confidence: 0.7
    confirm:
      precondition:
        - Low-balance alert
      progress:
        - Alert when balance falls below
      completion:
        - "Low-balance alert saved: notify below $15.00"
    falsify:
      execution:
        - $150.00
        - $1.50
        - text: "150"
          on: action
      planning:
        - No save confirmation appears after saving
"""

TASK = json.loads(next(l for l in PLAN_YAML.splitlines() if l.startswith("task: "))[6:])

rng = random.Random(SEED)

SEARCH = "Search accounts, plates, charges, transponders"
NAV = ["Dashboard", "Accounts", "Trips", "Charges", "Disputes", "Transponders", "Reports", "Settings"]
TABS = [("Overview", ""), ("Trips & charges", "/charges"), ("Vehicles & transponders", "/vehicles"),
        ("Alerts", "/alerts"), ("Notes (3)", "/notes"), ("History", "/history")]
SUFFIX = " · Tollgate Back Office"


def money(c):
    return ("-$%d.%02d" % (-c // 100, -c % 100)) if c < 0 else ("$%d.%02d" % (c // 100, c % 100))


# --------------------------------------------------------------------------- data
ACCOUNTS = {
    "TG-40718": dict(name="Dana Okafor", status="Active", since="2017-06-02", balance=4210,
                     autopay="On · Visa ending 4471 · adds $35.00 when balance falls below $10.00",
                     email="d.okafor@example.net", phone="(555) 013-2208",
                     items=[("DSP-20931", "Dispute on CH-88213 · opened 2024-03-13 · awaiting agent")],
                     payments=[("2024-03-02", 3500, "Autopay", "Succeeded"),
                               ("2024-02-15", 3500, "Autopay retry", "Succeeded"),
                               ("2024-02-14", 3500, "Autopay", "Failed · card declined"),
                               ("2024-01-29", 3500, "Autopay", "Succeeded")],
                     note="2024-03-13 J. Beck: Customer says the 11 Mar Harbor Bridge toll is not hers; "
                          "photo looks like 80KM217."),
    "TG-40781": dict(name="Dana Okafur", status="Overdue", since="2021-09-14", balance=-825,
                     autopay="Off · last card payment failed 2024-03-09",
                     email="dokafur@example.org", phone="(555) 019-7731",
                     items=[("INV-55102", "Low-balance notice sent 2024-03-15 · overdue")],
                     payments=[("2024-03-09", 2500, "Card", "Failed · expired card"),
                               ("2024-02-10", 2500, "Card", "Succeeded")],
                     note="2024-03-15 System: Account moved to Overdue after failed payment."),
    "TG-41078": dict(name="D. Okafor-Reyes", status="Closed", since="2019-04-22", balance=0,
                     autopay="Off", email="dor@example.com", phone="(555) 014-0092",
                     items=[], payments=[("2024-03-20", -1240, "Refund on closure", "Issued")],
                     note="2024-03-20 M. Ruiz: Closed at customer request; refund $12.40 issued."),
}

# account list universe: id, holder, status, balance, vehicles, last activity
UNIVERSE = [
    ("TG-39120", "Marisol Ruiz-Patel", "Active", 6720, 3, "2024-03-20 09:38"),
    ("TG-40781", "Dana Okafur", "Overdue", -825, 1, "2024-03-20 09:31"),
    ("TG-37004", "Harold Vance", "Suspended", 0, 1, "2024-03-20 09:22"),
    ("TG-40166", "Ingrid Solberg", "Active", 1895, 2, "2024-03-20 09:10"),
    ("TG-41078", "D. Okafor-Reyes", "Closed", 0, 0, "2024-03-20 08:57"),
    ("TG-45230", "Ifeoma Okafor", "Active", 510, 1, "2024-03-20 08:50"),
    ("TG-30551", "Arjun Mehta", "Active", 9100, 2, "2024-03-20 08:44"),
    ("TG-28840", "Emeka Okafor", "Overdue", -240, 1, "2024-03-20 08:31"),
    ("TG-33912", "Ngozi Okafor", "Active", 2200, 1, "2024-03-20 08:20"),
    ("TG-19006", "Paul Lindqvist", "Closed", 0, 0, "2024-03-20 08:02"),
    ("TG-40187", "Dane Okafor", "Active", 3000, 1, "2024-03-20 07:55"),
    ("TG-14070", "Chidi Okafor", "Active", 10350, 2, "2024-03-20 07:41"),
    ("TG-39455", "Ada Okafor-Bell", "Suspended", 0, 1, "2024-03-20 07:12"),
    ("TG-40871", "Daniel Okafor", "Active", 1275, 1, "2024-03-20 06:48"),
    ("TG-26613", "Okafor Haulage Ltd", "Active", 41260, 9, "2024-03-20 06:15"),
    ("TG-40718", "Dana Okafor", "Active", 4210, 2, "2024-03-19 17:05"),
    ("TG-08812", "Rosa Delgado", "Closed", 0, 0, "2024-03-19 16:40"),
    ("TG-11873", "Kwame Asante", "Closed", 0, 0, "2024-03-19 15:02"),
    ("TG-22410", "Lena Fischer", "Closed", 0, 0, "2024-03-18 11:20"),
    ("TG-31177", "Omar Haddad", "Closed", 0, 0, "2024-03-17 09:05"),
    ("TG-35009", "Grace Whitfield", "Closed", 0, 0, "2024-03-15 14:44"),
    ("TG-04471", "Yusuf Demir", "Closed", 0, 0, "2024-03-12 10:10"),
    ("TG-17740", "Ana Souza", "Closed", 0, 0, "2024-03-11 08:30"),
    ("TG-21007", "Tobi Okafor", "Closed", 0, 0, "2023-11-02 12:30"),
]

HB, MR, CG = "Harbor Bridge Plaza", "Millrace Plaza", "Cedar Gap Plaza"
# id, account, date, time, plaza, plate, cents, status, ocr confidence, read method
CHARGES = [
    ("CH-88402", "TG-40718", "2024-03-19", "17:05", MR, "8OKM217", 150, "Posted", 96, "TX-5521907"),
    ("CH-88377", "TG-40718", "2024-03-18", "08:12", HB, "6WDP552", 675, "Posted", 98, "TX-5521970"),
    ("CH-88350", "TG-40718", "2024-03-16", "12:40", CG, "8OKM217", 320, "Posted", 95, "TX-5521907"),
    ("CH-88299", "TG-40718", "2024-03-14", "18:22", MR, "6WDP552", 150, "Cancelled", 97, "TX-5521970"),
    ("CH-88231", "TG-40718", "2024-03-12", "07:39", HB, "8OKM217", 675, "Posted", 97, "TX-5521907"),
    ("CH-88213", "TG-40718", "2024-03-11", "07:42", HB, "8OKM217", 675, "Disputed", 62, None),
    ("CH-88187", "TG-40718", "2024-03-10", "10:03", CG, "6WDP552", 320, "Posted", 94, "TX-5521970"),
    ("CH-88132", "TG-40718", "2024-03-08", "16:55", HB, "8OKM217", 675, "Posted", 97, "TX-5521907"),
    ("CH-88104", "TG-40718", "2024-03-07", "07:41", HB, "8OKM217", 675, "Posted", 96, "TX-5521907"),
    ("CH-88051", "TG-40718", "2024-03-05", "19:30", MR, "8OKM217", 150, "Cancelled", 93, "TX-5521907"),
    ("CH-87998", "TG-40718", "2024-03-02", "09:14", CG, "8OKM217", 320, "Posted", 97, "TX-5521907"),
    ("CH-87950", "TG-40718", "2024-03-01", "08:05", HB, "6WDP552", 675, "Posted", 98, "TX-5521970"),
    ("CH-87911", "TG-40718", "2024-02-28", "17:48", MR, "8OKM217", 150, "Posted", 95, "TX-5521907"),
    ("CH-87870", "TG-40718", "2024-02-26", "07:50", HB, "8OKM217", 675, "Reversed", 91, "TX-5521907"),
    ("CH-87822", "TG-40718", "2024-02-24", "13:31", CG, "6WDP552", 320, "Posted", 96, "TX-5521970"),
    ("CH-87790", "TG-40718", "2024-02-23", "07:44", HB, "8OKM217", 675, "Posted", 97, "TX-5521907"),
    ("CH-87741", "TG-40718", "2024-02-21", "18:10", MR, "8OKM217", 150, "Posted", 94, "TX-5521907"),
    ("CH-87702", "TG-40718", "2024-02-20", "11:26", CG, "8OKM217", 320, "Posted", 96, "TX-5521907"),
    ("CH-88415", "TG-40781", "2024-03-19", "18:02", MR, "DKF4410", 150, "Posted", 95, "TX-5530112"),
    ("CH-88312", "TG-40781", "2024-03-11", "07:58", HB, "DKF4410", 675, "Posted", 94, "TX-5530112"),
    ("CH-88288", "TG-40781", "2024-03-13", "12:17", CG, "DKF4410", 320, "Unpaid", 96, "TX-5530112"),
    ("CH-88166", "TG-40781", "2024-03-09", "08:21", HB, "DKF4410", 675, "Disputed", 71, None),
    ("CH-88021", "TG-40781", "2024-03-04", "17:36", MR, "DKF4410", 150, "Unpaid", 97, "TX-5530112"),
    ("CH-82813", "TG-30551", "2024-01-09", "15:12", MR, "5TRM088", 150, "Reversed", 88, None),
]
CH = {c[0]: dict(zip(("id", "acct", "date", "time", "plaza", "plate", "cents", "status", "conf", "tx"), c))
      for c in CHARGES}

DISPUTES = [
    ("DSP-20940", "TG-45230", "CH-88398", "Vehicle class error", "2024-03-19", "1d", "Unassigned"),
    ("DSP-20937", "TG-40781", "CH-88166", "Plate misread claimed", "2024-03-18", "2d", "Unassigned"),
    ("DSP-20935", "TG-30551", "CH-82813", "Duplicate read", "2024-03-16", "4d", "M. Ruiz"),
    ("DSP-20931", "TG-40718", "CH-88213", "Plate misread claimed", "2024-03-13", "7d", "Unassigned"),
    ("DSP-20926", "TG-37004", "CH-88077", "Transponder not read", "2024-03-11", "9d · overdue response", "J. Beck"),
    ("DSP-20919", "TG-28840", "CH-87960", "Goodwill request", "2024-03-08", "12d · escalated", "S. Iqbal"),
    ("DSP-20902", "TG-33912", "CH-87811", "Plate misread claimed", "2024-03-04", "16d · overdue response", "Unassigned"),
    ("DSP-20890", "TG-21007", "CH-87655", "Refund after cancellation", "2024-02-29", "20d · payment failed", "M. Ruiz"),
]


def new_state(**flags):
    st = {
        "tick": 0, "form": {}, "toast": None, "maint": False, "session_warn": False,
        "bal": {a: d["balance"] for a, d in ACCOUNTS.items()},
        "status": {cid: c["status"] for cid, c in CH.items()},
        "history": {cid: [] for cid in CH},
        "dispute_open": True,
        "vehicles": {
            "TG-40718": [
                dict(plate="8OKM217", state="WA", desc="2015 Subaru Outback", cls="Class 1", tx="TX-5521907",
                     status="Active", added="2017-06-02"),
                dict(plate="6WDP552", state="WA", desc="2012 Toyota Sienna", cls="Class 1", tx="TX-5521970",
                     status="Active", added="2019-10-11"),
                dict(plate="3HRT660", state="WA", desc="2009 Ford Ranger", cls="Class 1", tx="—",
                     status="Removed 2023-08-02", added="2017-06-02"),
            ],
            "TG-40781": [dict(plate="DKF4410", state="WA", desc="2019 Mazda 3", cls="Class 1", tx="TX-5530112",
                              status="Active", added="2021-09-14")],
            "TG-41078": [],
        },
        "tx": {
            "TG-40718": [
                dict(id="TX-5521907", type="Sticker tag", plate="8OKM217", status="Active",
                     last="2024-03-19 17:05 · Millrace Plaza"),
                dict(id="TX-5521970", type="Sticker tag", plate="6WDP552", status="Active",
                     last="2024-03-18 08:12 · Harbor Bridge Plaza"),
                dict(id="TX-4410288", type="Hard case", plate="—", status="Cancelled · reported lost 2022-11-30",
                     last="2022-11-27 07:40 · Cedar Gap Plaza"),
            ],
            "TG-40781": [dict(id="TX-5530112", type="Sticker tag", plate="DKF4410", status="Active",
                              last="2024-03-19 18:02 · Millrace Plaza")],
            "TG-41078": [dict(id="TX-4471820", type="Hard case", plate="—", status="Returned 2024-03-20",
                              last="2024-02-02 16:12 · Harbor Bridge Plaza")],
        },
        "alert": {a: dict(on=False, amt="") for a in ACCOUNTS},
    }
    st.update(flags)
    return st


# --------------------------------------------------------------------------- page builder
class Page:
    def __init__(self, url, title):
        self.url, self.title = url, title
        self.lines = ["RootWebArea '%s', focused" % title]
        self.nodes = []
        self.n = 1

    def add(self, depth, role, name="", **props):
        bid = str(self.n)
        self.n += 1
        ps = ""
        for k, v in props.items():
            if v is None:
                continue
            if v is True and k == "focused":
                ps += ", focused"
            elif isinstance(v, bool):
                ps += ", %s=%s" % (k, v)
            elif isinstance(v, int):
                ps += ", %s=%d" % (k, v)
            else:
                ps += ", %s='%s'" % (k, v)
        self.lines.append("\t" * depth + "[%s] %s '%s'%s" % (bid, role, name, ps))
        self.nodes.append((bid, role, name))
        return bid

    def text(self, depth, s):
        self.lines.append("\t" * depth + "StaticText '%s'" % s)

    def find(self, role, name, nth=0):
        hits = [b for b, r, n in self.nodes if r == role and n == name]
        if len(hits) <= nth:
            raise KeyError("no %s %r on %s" % (role, name, self.url))
        return hits[nth]

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": None}


def clock(st):
    s = 9 * 3600 + 41 * 60 + 7 + st["tick"] * 9
    return "%02d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)


def chrome(st, path, title, nav=None, crumbs=()):
    st["tick"] += 1
    p = Page(BASE + path, title + SUFFIX)
    p.add(1, "banner", "")
    p.add(2, "link", "Tollgate Back Office")
    p.add(2, "search", "Site search")
    v = st["form"].get(SEARCH)
    p.add(3, "textbox", SEARCH, value=v if v else None)
    p.add(3, "button", "Search")
    p.add(2, "button", "Notifications, 4 unread")
    p.add(2, "link", "Help centre")
    p.add(2, "button", "P. Venkataraman · Customer Care II", hasPopup="menu", expanded=False)
    p.add(1, "navigation", "Main")
    nd = 37 - (0 if st["dispute_open"] else 1)
    for item in NAV:
        label = "Disputes (%d)" % nd if item == "Disputes" else item
        p.add(2, "link", label, current="page" if item == nav else None)
    p.add(1, "status", "Live operations")
    calls = rng.randint(6, 19)
    p.text(2, "Calls waiting: %d" % calls)
    p.text(2, "Longest wait: %dm %02ds" % (rng.randint(1, 6), rng.randint(0, 59)))
    p.text(2, "Plaza feeds: live · last read %s" % clock(st))
    if st["maint"]:
        p.add(1, "alert", "")
        p.text(2, "Planned maintenance Sunday 24 Mar 02:00–04:00: plaza feeds will be delayed and "
                  "charges may post late.")
        p.add(2, "button", "Hide maintenance notice")
    if st["session_warn"]:
        p.add(1, "alert", "")
        p.text(2, "Your session will end in 5 minutes because of inactivity.")
        p.add(2, "button", "Stay signed in")
    if crumbs:
        p.add(1, "navigation", "Breadcrumb")
        for c in crumbs[:-1]:
            p.add(2, "link", c)
        p.text(2, crumbs[-1])
    p.add(1, "main", "")
    return p


def finish(st, p):
    if st["toast"]:
        p.add(1, "status", "")
        p.text(2, st["toast"])
        p.add(2, "button", "Dismiss notification")
        st["toast"] = None
    p.add(1, "contentinfo", "")
    p.text(2, "Tollgate Back Office 5.12.3 · East region customer operations")
    p.add(2, "link", "Privacy")
    p.add(2, "link", "Accessibility")
    p.add(2, "link", "System status")
    p.text(2, "Data refreshed %s · Cedar Gap Plaza feed delayed %d min" % (clock(st)[:5], rng.randint(1, 4)))
    return p


def table(p, d, name, headers, rows, sortable=None, sort=None):
    """rows: list of (cells, link_indexes, buttons)."""
    sortable = sortable or {}
    p.add(d, "table", name)
    p.add(d + 1, "row", " ".join(headers))
    for h in headers:
        if h in sortable:
            p.add(d + 2, "columnheader", h, sort=sort.get(h) if sort else None)
            p.add(d + 3, "button", sortable[h])
        else:
            p.add(d + 2, "columnheader", h)
    for cells, links, buttons in rows:
        p.add(d + 1, "row", " ".join(c for c in cells if c))
        for i, c in enumerate(cells):
            p.add(d + 2, "gridcell", c)
            if i in links:
                p.add(d + 3, "link", c)
        if buttons:
            p.add(d + 2, "gridcell", "")
            for b in buttons:
                p.add(d + 3, "button", b)


def options(p, d, label, opts, value):
    p.add(d, "combobox", label, value=value, hasPopup="listbox", expanded=False)
    for o in opts:
        p.add(d + 1, "option", o, selected=(o == value))


def pager(p, d, page, pages):
    p.add(d, "navigation", "Pagination")
    p.add(d + 1, "button", "Previous page", disabled=True if page <= 1 else None)
    p.text(d + 1, "Page %d of %s" % (page, "{:,}".format(pages)))
    p.add(d + 1, "button", "Next page", disabled=True if page >= pages else None)


# --------------------------------------------------------------------------- pages
def pg_dashboard(st):
    p = chrome(st, "/", "Dashboard", nav="Dashboard")
    p.add(2, "heading", "Good morning, Priya", level=1)
    p.text(2, "Wednesday 20 March 2024 · East region")
    p.add(2, "region", "Today")
    nd = 37 - (0 if st["dispute_open"] else 1)
    for label, val in (("Open disputes", str(nd)), ("Plate-read reviews pending", "118"),
                       ("Failed card payments (24h)", "9"), ("Accounts overdue", "214"),
                       ("Transponders shipped today", "112")):
        p.add(3, "group", label)
        p.text(4, label)
        p.text(4, val)
    p.add(2, "heading", "Recent activity", level=2)
    table(p, 2, "Recent activity", ["Time", "Account", "Event", "By"], [
        (["09:38", "TG-39120", "Plate 7L1H104 added", "M. Ruiz"], {1}, []),
        (["09:31", "TG-40781", "Autopay failed · card expired", "System"], {1}, []),
        (["09:22", "TG-37004", "Transponder TX-5519044 cancelled (reported lost)", "J. Beck"], {1}, []),
        (["09:10", "TG-40166", "Charge CH-88190 reversed · duplicate read", "S. Iqbal"], {1}, []),
        (["08:57", "TG-41078", "Account closed · refund $12.40 issued", "M. Ruiz"], {1}, []),
    ])
    p.add(2, "link", "View all activity")
    p.add(2, "heading", "Announcements", level=2)
    p.text(2, "Harbor Bridge Plaza lane 4 camera was recalibrated on 14 Mar. Plate-read confidence was low "
              "from 6 to 13 Mar; review O/0 and I/1 disputes from that period before reversing.")
    p.text(2, "Sticker tags TX-55xxxxx ship with a new activation letter from 18 Mar.")
    return finish(st, p)


def soundalike(s):
    return s.lower().replace("okafur", "okafor")


def pg_accounts(st, status="All statuses", page=1, saved_view=False):
    q = st["form"].get("Filter accounts", "")
    qs = "?q=%s&page=%d" % (q, page) if q else "?page=%d" % page
    if status != "All statuses":
        qs += "&status=" + status
    p = chrome(st, "/accounts" + qs, "Accounts", nav="Accounts", crumbs=("Home", "Accounts"))
    p.add(2, "heading", "Accounts", level=1)
    p.add(2, "button", "New account")
    p.add(2, "button", "Export list")
    p.add(2, "group", "Filters")
    p.add(3, "textbox", "Filter accounts", value=q if q else None, focused=True if q else None)
    p.text(3, "Matches account numbers, names and similar spellings.")
    options(p, 3, "Status", ["All statuses", "Active", "Overdue", "Suspended", "Closed"], status)
    options(p, 3, "Region", ["All regions", "East", "West", "North"], "All regions")
    p.add(3, "button", "Clear filters")
    if saved_view:
        p.text(3, "Saved view: Closed accounts clean-up (J. Beck) · last used 2024-03-19")
        p.add(3, "button", "Remove filter Status: Closed")
    rows = [r for r in UNIVERSE if status == "All statuses" or r[2] == status]
    if q:
        rows = [r for r in rows if soundalike(q) in soundalike(r[0] + " " + r[1])]
        total = len(rows)
    else:
        total = 4812 if status == "All statuses" else 1406
    pages = max(1, (total + 9) // 10)
    shown = rows[(page - 1) * 10: page * 10]
    if not shown:
        p.text(2, "No accounts match these filters.")
    else:
        p.text(2, "Showing %d–%d of %s accounts" % ((page - 1) * 10 + 1, (page - 1) * 10 + len(shown),
                                                    "{:,}".format(total)))
        trs = []
        for aid, holder, stt, bal, nv, last in shown:
            if aid in st["bal"]:
                bal = st["bal"][aid]
            trs.append(([aid, holder, stt, money(bal), str(nv), last], {0}, []))
        table(p, 2, "Accounts", ["Account", "Holder", "Status", "Balance", "Vehicles", "Last activity"], trs,
              sortable={"Account": "Sort by account", "Holder": "Sort by holder", "Balance": "Sort by balance",
                        "Last activity": "Sort by last activity"},
              sort={"Last activity": "descending"})
    pager(p, 2, page, pages)
    return finish(st, p)


def pg_search(st, q):
    p = chrome(st, "/search?q=" + q.replace(" ", "+"), "Search: " + q, crumbs=("Home", "Search"))
    p.add(2, "heading", "Search results for %s" % q, level=1)
    p.text(2, "Search ignores spaces and dashes. Similar matches include common O/0 and I/1 swaps.")

    def acc(aid):
        r = next(u for u in UNIVERSE if u[0] == aid)
        bal = st["bal"].get(aid, r[3])
        p.add(4, "listitem", "")
        p.add(5, "link", "%s %s" % (aid, r[1]))
        p.text(5, "%s · %d vehicle%s · balance %s" % (r[2], r[4], "" if r[4] == 1 else "s", money(bal)))

    def chg(cid):
        c = CH[cid]
        p.add(4, "listitem", "")
        p.add(5, "link", cid)
        p.text(5, "%s %s · %s · %s · %s · %s · %s" % (c["date"], c["time"], c["plaza"], c["plate"],
                                                     money(c["cents"]), st["status"][cid], c["acct"]))

    if q == "TG-40718":
        groups = [("Accounts (1)", ["TG-40718"], acc), ("Similar accounts (2)", ["TG-40781", "TG-40187"], acc),
                  ("Plates (0)", [], None), ("Charges (0)", [], None)]
    elif q == "Dana Okafor":
        groups = [("Accounts (4)", ["TG-40781", "TG-41078", "TG-40718", "TG-40187"], acc),
                  ("Plates (0)", [], None), ("Charges (0)", [], None)]
    elif q == "CH-88213":
        groups = [("Accounts (0)", [], None), ("Charges (1)", ["CH-88213"], chg),
                  ("Similar charges (2)", ["CH-88231", "CH-82813"], chg)]
    else:
        groups = [("Accounts (0)", [], None)]
    for head, ids, fn in groups:
        p.add(2, "region", head)
        p.add(3, "heading", head, level=2)
        if not ids:
            p.text(3, "Nothing found.")
            continue
        p.add(3, "list", "")
        for i in ids:
            fn(i)
    return finish(st, p)


def acct_header(st, p, acct, tab):
    a = ACCOUNTS[acct]
    p.add(2, "heading", "%s %s" % (acct, a["name"]), level=1)
    p.text(2, "Prepaid account · customer since %s · %s · balance %s" % (a["since"], a["status"],
                                                                     money(st["bal"][acct])))
    p.add(2, "button", "Edit contact")
    p.add(2, "button", "Add note")
    p.add(2, "tablist", "")
    for t, _ in TABS:
        p.add(3, "tab", t, selected=(t == tab))
    p.add(2, "tabpanel", tab)


def alert_summary(st, acct):
    al = st["alert"][acct]
    return "On · below $%s · email" % al["amt"] if al["on"] else "Off"


def pg_account(st, acct):
    a = ACCOUNTS[acct]
    p = chrome(st, "/accounts/" + acct, "%s %s" % (acct, a["name"]), nav="Accounts",
               crumbs=("Home", "Accounts", acct))
    acct_header(st, p, acct, "Overview")
    p.add(3, "heading", "Account summary", level=2)
    for k, v in (("Status", a["status"]), ("Prepaid balance", money(st["bal"][acct])), ("Autopay", a["autopay"]),
                 ("Low-balance alert", alert_summary(st, acct)), ("Email", a["email"]), ("Mobile", a["phone"])):
        p.text(3, k)
        p.text(3, v)
    p.add(3, "heading", "Open items", level=2)
    items = [i for i in a["items"] if not (i[0] == "DSP-20931" and not st["dispute_open"])]
    if items:
        p.add(3, "list", "")
        for k, v in items:
            p.add(4, "listitem", "")
            p.add(5, "link", k)
            p.text(5, v)
    else:
        p.text(3, "No open items.")
    p.add(3, "heading", "Recent payments", level=2)
    table(p, 3, "Recent payments", ["Date", "Amount", "Method", "Result"],
          [([d, money(c), m, r], set(), []) for d, c, m, r in a["payments"]])
    p.add(3, "heading", "Latest note", level=2)
    p.text(3, a["note"])
    return finish(st, p)


def charge_rows(st, acct, plaza, sort, page):
    rows = [c for c in CHARGES if c[1] == acct and (plaza == "All plazas" or c[4] == plaza)]
    rows.sort(key=lambda c: (c[2], c[3]), reverse=(sort == "desc"))
    return rows, len(rows)


def pg_charges(st, acct, plaza="All plazas", sort="desc", page=1):
    a = ACCOUNTS[acct]
    p = chrome(st, "/accounts/%s/charges?range=30d&plaza=%s&sort=date_%s&page=%d"
               % (acct, plaza.split()[0].lower() if plaza != "All plazas" else "all", sort, page),
               "%s Trips & charges" % acct, nav="Accounts", crumbs=("Home", "Accounts", acct, "Trips & charges"))
    acct_header(st, p, acct, "Trips & charges")
    p.add(3, "group", "Charge filters")
    options(p, 4, "Date range", ["Last 7 days", "Last 30 days", "Last 90 days", "Custom range"], "Last 30 days")
    p.add(4, "textbox", "Plate")
    options(p, 4, "Plaza", ["All plazas", HB, MR, CG], st["form"].get("Plaza", plaza))
    options(p, 4, "Status", ["All statuses", "Posted", "Disputed", "Reversed", "Cancelled", "Unpaid"],
            "All statuses")
    p.add(4, "button", "Apply")
    p.add(4, "button", "Export CSV")
    rows, total = charge_rows(st, acct, plaza, sort, page)
    if acct == "TG-41078":
        rows, total = [], 0
    shown = rows[(page - 1) * 10: page * 10]
    if not shown:
        p.text(3, "No charges match these filters.")
        pager(p, 3, 1, 1)
        return finish(st, p)
    p.text(3, "Showing %d–%d of %d charges" % ((page - 1) * 10 + 1, (page - 1) * 10 + len(shown), total))
    trs = [([c[0], "%s %s" % (c[2], c[3]), c[4], c[5], money(c[6]), st["status"][c[0]]], {0}, [])
           for c in shown]
    table(p, 3, "Charges", ["Charge", "Date and time", "Plaza", "Plate read", "Amount", "Status"], trs,
          sortable={"Date and time": "Sort by date and time", "Amount": "Sort by amount"},
          sort={"Date and time": "descending" if sort == "desc" else "ascending"})
    pager(p, 3, page, (total + 9) // 10)
    p.text(3, "Reversed and cancelled charges are not billed. Disputed charges are held until resolved.")
    return finish(st, p)


def related(cid):
    c = CH[cid]
    return [o for o in CHARGES if o[0] != cid and o[1] == c["acct"] and o[4] == c["plaza"] and o[5] == c["plate"]
            and o[2][:7] == c["date"][:7]]


def related_label(cid):
    c, n = CH[cid], len(related(cid))
    return "Also reverse %d other %s charge%s on %s this month" % (n, c["plaza"], "" if n == 1 else "s", c["plate"])


def pg_charge(st, cid, dialog=None, image=False, err=None):
    c = CH[cid]
    acct = c["acct"]
    a = ACCOUNTS[acct]
    p = chrome(st, "/accounts/%s/charges/%s" % (acct, cid), "Charge %s" % cid, nav="Accounts",
               crumbs=("Home", "Accounts", acct, "Trips & charges", cid))
    acct_header(st, p, acct, "Trips & charges")
    p.add(3, "heading", "Charge %s" % cid, level=2)
    status = st["status"][cid]
    lane = 2 + int(cid[-1]) % 4
    method = "Transponder %s read · plate camera backup" % c["tx"] if c["tx"] else \
        "Plate camera (no transponder read)"
    fields = [("Status", status), ("Posted", "%s %s:%02d" % (c["date"], c["time"], 7 + int(cid[-2:]) % 50)),
              ("Plaza", "%s · lane %d · %s" % (c["plaza"], lane, "northbound" if lane % 2 else "southbound")),
              ("Amount", "%s (Class 1, %s)" % (money(c["cents"]), "peak" if c["time"] < "10:00" else "off-peak")),
              ("Read method", method), ("Plate read (OCR)", "%s · confidence %d%%" % (c["plate"], c["conf"]))]
    veh = next((v for v in st["vehicles"][acct] if v["plate"] == c["plate"]), None)
    if veh:
        fields.append(("Matched vehicle", "%s · %s" % (veh["plate"], veh["desc"])))
    for k, v in fields:
        p.text(3, k)
        p.text(3, v)
    if cid == "CH-88213":
        p.text(3, "Dispute")
        p.add(3, "link", "DSP-20931")
        p.text(3, ("Open · " if st["dispute_open"] else "Resolved · ") +
               "customer states the vehicle was not at the plaza; photo may show 80KM217.")
    elif cid == "CH-88166":
        p.text(3, "Dispute")
        p.add(3, "link", "DSP-20937")
        p.text(3, "Open · plate misread claimed.")
    p.add(3, "button", "View plate image")
    p.add(3, "button", "Reverse charge", disabled=True if status in ("Reversed", "Cancelled") else None)
    p.add(3, "button", "Reassign to another plate")
    p.add(3, "button", "Add note")
    p.add(3, "link", "Back to charges")
    if image:
        p.add(3, "region", "Plate image")
        p.text(4, "Image IMG-%s-A · lane %d camera 2 · %s %s" % (cid[3:], lane, c["date"], c["time"]))
        if cid == "CH-88213":
            p.text(4, "First read: 8OKM217 (62%) · second read: 80KM217 (58%) · characters 2 ambiguous (O/0)")
            p.text(4, "Vehicle in image: white panel van, rear plate partly covered by a bike rack")
        else:
            p.text(4, "First read: %s (%d%%)" % (c["plate"], c["conf"]))
        p.add(4, "button", "Close image")
    p.add(3, "heading", "Charge history", level=3)
    p.add(3, "list", "")
    hist = ["%s %s Posted from plaza feed" % (c["date"], c["time"])]
    if cid == "CH-88213":
        hist.append("2024-03-13 10:05 Dispute DSP-20931 opened by J. Beck")
    if cid == "CH-87870":
        hist.append("2024-02-27 11:02 Reversed by S. Iqbal · duplicate read")
    hist += st["history"][cid]
    for h in hist:
        p.add(4, "listitem", "")
        p.text(5, h)
    if dialog == "reverse":
        f = st["form"]
        p.add(1, "dialog", "Reverse charge %s" % cid, modal=True)
        p.add(2, "heading", "Reverse charge %s" % cid, level=2)
        p.text(2, "%s will be credited to the prepaid balance of %s %s." % (money(c["cents"]), acct, a["name"]))
        options(p, 2, "Reason", ["Select a reason", "Plate misread (OCR)", "Duplicate read", "Vehicle class error",
                                 "Goodwill", "Other"], f.get("Reason", "Select a reason"))
        p.add(2, "textbox", "Note for account history", value=f.get("Note for account history"))
        p.add(2, "checkbox", related_label(cid), checked="true" if f.get(related_label(cid)) else "false")
        if err:
            p.text(2, err)
        p.add(2, "button", "Cancel")
        p.add(2, "button", "Confirm reversal")
    elif dialog == "denied":
        p.add(1, "alertdialog", "Reversal not allowed", modal=True)
        p.add(2, "heading", "Reversal not allowed", level=2)
        p.text(2, "Your role (Customer Care II) can reverse a disputed charge only within 7 days of the dispute "
                  "being opened. DSP-20931 was opened on 2024-03-13. Ask a Disputes supervisor to reverse it.")
        p.text(2, "Code 403-RV7")
        p.add(2, "button", "OK")
    return finish(st, p)


def pg_vehicles(st, acct, dialog=None, err=None):
    a = ACCOUNTS[acct]
    p = chrome(st, "/accounts/%s/vehicles" % acct, "%s Vehicles & transponders" % acct, nav="Accounts",
               crumbs=("Home", "Accounts", acct, "Vehicles & transponders"))
    acct_header(st, p, acct, "Vehicles & transponders")
    p.add(3, "heading", "Vehicles", level=2)
    p.add(3, "button", "Add vehicle")
    vs = st["vehicles"][acct]
    if vs:
        table(p, 3, "Vehicles", ["Plate", "State", "Vehicle", "Class", "Transponder", "Status", "Added"],
              [([v["plate"], v["state"], v["desc"], v["cls"], v["tx"], v["status"], v["added"]], set(), [])
               for v in vs])
    else:
        p.text(3, "No vehicles on this account.")
    p.text(3, "A vehicle without a transponder is billed by plate at pay-by-plate rates.")
    p.add(3, "heading", "Transponders", level=2)
    p.add(3, "button", "Order transponder")
    trs = []
    for t in st["tx"][acct]:
        btn = ["Move %s" % t["id"], "Deactivate %s" % t["id"]] if t["status"] == "Active" else []
        trs.append(([t["id"], t["type"], t["plate"], t["status"], t["last"]], set(), btn))
    table(p, 3, "Transponders", ["Transponder", "Type", "Assigned to", "Status", "Last read"], trs)
    if dialog and dialog[0] == "move":
        txid = dialog[1]
        t = next(x for x in st["tx"][acct] if x["id"] == txid)
        cur = next(v for v in vs if v["plate"] == t["plate"])
        opts = ["Select a vehicle"]
        for v in vs:
            if v["plate"] != t["plate"] and v["status"] == "Active":
                opts.append("%s · %s" % (v["plate"], v["desc"]) + (" (has %s)" % v["tx"] if v["tx"] != "—" else ""))
        p.add(1, "dialog", "Move transponder %s" % txid, modal=True)
        p.add(2, "heading", "Move transponder %s" % txid, level=2)
        p.text(2, "Currently on %s · %s" % (cur["plate"], cur["desc"]))
        options(p, 2, "Move to vehicle", opts, st["form"].get("Move to vehicle", "Select a vehicle"))
        if err:
            p.text(2, err)
        p.add(2, "button", "Cancel")
        p.add(2, "button", "Move")
    elif dialog and dialog[0] == "confirm":
        txid, old, new = dialog[1], dialog[2], dialog[3]
        p.add(1, "alertdialog", "Confirm transponder move", modal=True)
        p.add(2, "heading", "Confirm transponder move", level=2)
        p.text(2, "%s will stop reading for %s and start reading for %s. Tolls for %s will be billed by plate "
                  "until it is removed from the account." % (txid, old, new, old))
        p.add(2, "button", "Keep on %s" % old)
        p.add(2, "button", "Move transponder")
    return finish(st, p)


def pg_add_vehicle(st, acct):
    f = st["form"]
    p = chrome(st, "/accounts/%s/vehicles/new" % acct, "Add vehicle · %s" % acct, nav="Accounts",
               crumbs=("Home", "Accounts", acct, "Vehicles & transponders", "Add vehicle"))
    p.add(2, "heading", "Add vehicle to %s %s" % (acct, ACCOUNTS[acct]["name"]), level=1)
    p.add(2, "group", "Vehicle details")
    p.add(3, "textbox", "Plate number", value=f.get("Plate number"), required=True)
    p.text(3, "Enter the plate exactly as on the registration. Some plate series use the letters I and O, "
              "others only the digits 1 and 0.")
    options(p, 3, "State", ["WA", "OR", "ID", "BC"], f.get("State", "WA"))
    p.add(3, "textbox", "Year", value=f.get("Year"))
    p.add(3, "textbox", "Make and model", value=f.get("Make and model"))
    options(p, 3, "Vehicle class", ["Class 1 · 2-axle car or SUV", "Class 2 · 2-axle with trailer",
                                    "Class 3 · 3 axles or more"], "Class 1 · 2-axle car or SUV")
    p.add(3, "checkbox", "Temporary plate", checked="false")
    p.add(2, "button", "Cancel")
    p.add(2, "button", "Save vehicle")
    return finish(st, p)


ALERT_BOX = "Low-balance alert enabled"
ALERT_AMT = "Alert when balance falls below ($)"


def pg_alerts(st, acct):
    f = st["form"]
    al = st["alert"][acct]
    p = chrome(st, "/accounts/%s/alerts" % acct, "%s Alerts" % acct, nav="Accounts",
               crumbs=("Home", "Accounts", acct, "Alerts"))
    acct_header(st, p, acct, "Alerts")
    p.add(3, "group", "Low-balance alert")
    p.text(4, "Current setting: %s" % alert_summary(st, acct))
    p.add(4, "checkbox", ALERT_BOX, checked="true" if f.get(ALERT_BOX, al["on"]) else "false")
    p.add(4, "textbox", ALERT_AMT, value=f.get(ALERT_AMT, al["amt"]) or None)
    p.add(4, "radio", "Email", checked="true")
    p.add(4, "radio", "SMS", checked="false")
    p.add(4, "radio", "Email and SMS", checked="false")
    p.add(3, "group", "Account alerts")
    for name, on in (("Payment failed", True), ("Statement ready", True), ("Transponder not read at a plaza", False),
                     ("Autopay top-up made", True)):
        p.add(4, "checkbox", name, checked="true" if on else "false")
    p.add(3, "button", "Save alert settings")
    p.add(3, "heading", "Alerts sent (last 90 days)", level=2)
    table(p, 3, "Alerts sent", ["Sent", "Alert", "Channel", "Delivery"], [
        (["2024-03-02 06:10", "Autopay top-up made", "Email", "Delivered"], set(), []),
        (["2024-02-14 06:12", "Payment failed", "Email", "Delivered"], set(), []),
        (["2024-01-31 08:00", "Statement ready", "Email", "Bounced · retried, delivered"], set(), []),
    ])
    return finish(st, p)


def pg_disputes(st):
    p = chrome(st, "/disputes?status=open", "Disputes", nav="Disputes", crumbs=("Home", "Disputes"))
    p.add(2, "heading", "Disputes", level=1)
    p.add(2, "group", "Filters")
    options(p, 3, "Status", ["Open", "Resolved", "Rejected", "All"], "Open")
    options(p, 3, "Assigned to", ["Anyone", "Me", "Unassigned"], "Anyone")
    p.add(3, "button", "Apply")
    nd = 37 - (0 if st["dispute_open"] else 1)
    p.text(2, "Showing 1–8 of %d open disputes" % nd)
    rows = [([d, a, c, r, o, age, who], {0, 1, 2}, []) for d, a, c, r, o, age, who in DISPUTES
            if d != "DSP-20931" or st["dispute_open"]]
    table(p, 2, "Open disputes", ["Dispute", "Account", "Charge", "Reason", "Opened", "Age", "Assigned to"], rows,
          sortable={"Opened": "Sort by opened", "Age": "Sort by age"}, sort={"Opened": "descending"})
    pager(p, 2, 1, 5)
    return finish(st, p)


def pg_signin(st, nxt):
    st["tick"] += 1
    p = Page(BASE + "/signin?next=" + nxt, "Sign in · Tollgate")
    p.add(1, "banner", "")
    p.text(2, "Tollgate")
    p.add(1, "main", "")
    p.add(2, "heading", "Sign in to Tollgate", level=1)
    p.text(2, "Your session has ended. Please sign in again to continue.")
    p.add(2, "textbox", "Work email", required=True)
    p.add(2, "textbox", "Password", required=True)
    p.add(2, "checkbox", "Keep me signed in on this device", checked="false")
    p.add(2, "button", "Sign in")
    p.add(2, "link", "Sign in with company single sign-on")
    p.add(2, "link", "Forgot password?")
    p.add(1, "contentinfo", "")
    p.text(2, "Tollgate Operations · authorised staff only · activity is logged")
    return p


# --------------------------------------------------------------------------- mutations
def m_reverse(cids):
    def f(st):
        total = 0
        for cid in cids:
            st["status"][cid] = "Reversed"
            total += CH[cid]["cents"]
            st["history"][cid].append("2024-03-20 %s Reversed by P. Venkataraman · %s"
                                      % (clock(st)[:5], st["form"].get("Reason", "Other")))
            if cid == "CH-88213":
                st["dispute_open"] = False
        acct = CH[cids[0]]["acct"]
        st["bal"][acct] += total
        if len(cids) == 1:
            st["toast"] = "Charge %s reversed. %s credited to %s." % (cids[0], money(total), acct)
        else:
            st["toast"] = "Reversed %d charges (%s). %s credited to %s." % (len(cids), ", ".join(cids),
                                                                           money(total), acct)
    return f


def m_add_vehicle(acct):
    def f(st):
        fm = st["form"]
        plate = fm["Plate number"]
        st["vehicles"][acct].append(dict(plate=plate, state=fm.get("State", "WA"),
                                         desc=("%s %s" % (fm.get("Year", ""), fm.get("Make and model", ""))).strip(),
                                         cls="Class 1", tx="—", status="Active", added="2024-03-20"))
        st["toast"] = "Vehicle %s added to %s." % (plate, acct)
    return f


def m_move(acct, txid, new):
    def f(st):
        t = next(x for x in st["tx"][acct] if x["id"] == txid)
        for v in st["vehicles"][acct]:
            if v["plate"] == t["plate"]:
                v["tx"] = "—"
            if v["plate"] == new:
                v["tx"] = txid
        t["plate"] = new
        st["toast"] = "Transponder %s moved to %s." % (txid, new)
    return f


def m_alert(acct, shown=None):
    def f(st):
        amt = shown or st["form"].get(ALERT_AMT, "")
        st["alert"][acct] = dict(on=bool(st["form"].get(ALERT_BOX)), amt=amt)
        st["toast"] = "Low-balance alert saved: notify below $%s." % amt
    return f


def m_toast(msg):
    def f(st):
        st["toast"] = msg
    return f


# --------------------------------------------------------------------------- runs
class Run:
    def __init__(self, rid, fault, step_note, start, **flags):
        self.id, self.fault, self.note = rid, fault, step_note
        self.st = new_state(**flags)
        self.fn = start
        self.cur = start(self.st)
        self.obs0 = self.cur.obs()
        self.steps = []
        self.off = None
        self.message = None

    def mark(self):
        """The next step is the first one off track."""
        self.off = len(self.steps)

    def _go(self, commitment, cmd, why, target, effect, nxt, mut, keep):
        if mut:
            mut(self.st)
        if not keep:
            self.st["form"] = {}
        if nxt is not None:
            self.fn = nxt
        self.cur = self.fn(self.st)
        step = {"action": {"command": cmd, "reasoning": why, "target": target, "effect": effect},
                "observation": self.cur.obs()}
        if commitment:
            step = dict([("commitment", commitment)] + list(step.items()))
        self.steps.append(step)

    def click(self, c, role, name, why, nxt=None, effect="read", mut=None, keep=False, nth=0):
        bid = self.cur.find(role, name, nth)
        self._go(c, "click(%r)" % bid, why, "%s '%s'" % (role, name), effect, nxt, mut, keep)

    def fill(self, c, role, name, value, why, nxt=None):
        bid = self.cur.find(role, name)
        self.st["form"][name] = value
        self._go(c, "fill(%r, %r)" % (bid, value), why, "%s '%s'" % (role, name), "read", nxt, None, True)

    def select(self, c, name, value, why, nxt=None):
        bid = self.cur.find("combobox", name)
        self.st["form"][name] = value
        self._go(c, "select_option(%r, %r)" % (bid, value), why, "combobox '%s'" % name, "read", nxt, None, True)

    def check(self, c, name, why, nxt=None):
        bid = self.cur.find("checkbox", name)
        self.st["form"][name] = True
        self._go(c, "check(%r)" % bid, why, "checkbox '%s'" % name, "read", nxt, None, True)

    def press(self, c, role, name, key, why, nxt=None):
        bid = self.cur.find(role, name)
        self._go(c, "press(%r, %r)" % (bid, key), why, "%s '%s'" % (role, name), "read", nxt, None, False)

    def say(self, c, msg, success):
        self.message, self.success = msg, success
        self._go(c, "send_msg_to_user(%r)" % msg, "Report the result to the user", None, "read", None, None, True)

    def record(self):
        if self.fault is None:
            label = {"fault": None, "first_off_track_step": None, "note": self.note}
        else:
            assert self.off is not None, self.id
            label = {"fault": self.fault, "first_off_track_step": self.off, "note": self.note}
        return {"id": self.id, "workflow": WORKFLOW, "task": TASK, "plan": PLAN_REL, "label": label,
                "initial_observation": self.obs0, "steps": self.steps,
                "outcome": {"success": self.success, "final_message": self.message}}


A = "TG-40718"
NEW = "7LIH104"
NEW_OPT = "7LIH104 · 2024 Kia Niro"
NOTE = "Camera photo shows 80KM217 (zero), not the customer's 8OKM217; DSP-20931."
DONE = ("Done for TG-40718 (Dana Okafor): reversed CH-88213 ($6.75, plate misread), added 7LIH104 "
        "(2024 Kia Niro), moved transponder TX-5521907 from 8OKM217 to 7LIH104, and set the low-balance "
        "alert at $15.00.")


def dash(st):
    return pg_dashboard(st)


def acct_pg(acct=A):
    return lambda st: pg_account(st, acct)


def charges_pg(acct=A, **kw):
    return lambda st: pg_charges(st, acct, **kw)


def charge_pg(cid, **kw):
    return lambda st: pg_charge(st, cid, **kw)


def veh_pg(acct=A, dialog=None, err=None):
    return lambda st: pg_vehicles(st, acct, dialog, err)


def open_by_id(r, pick="TG-40718 Dana Okafor", enter=False):
    r.fill("open-account", "textbox", SEARCH, "TG-40718", "Look the customer up by account number")
    if enter:
        r.press("open-account", "textbox", SEARCH, "Enter", "Submit the search",
                nxt=lambda st: pg_search(st, "TG-40718"))
    else:
        r.click("open-account", "button", "Search", "Run the search",
                nxt=lambda st: pg_search(st, "TG-40718"))
    r.click("open-account", "link", pick, "Open the account from the results", nxt=acct_pg(pick.split()[0]))


def to_charge(r, cid="CH-88213", acct=A):
    r.click("find-charge", "tab", "Trips & charges", "List the account's trips and charges", nxt=charges_pg(acct))
    r.click("find-charge", "link", cid, "Open the disputed Harbor Bridge Plaza charge from 11 Mar",
            nxt=charge_pg(cid))


def reverse(r, cid="CH-88213", note=True, also=False, deny=False):
    r.click("reverse-charge", "button", "Reverse charge", "Start the reversal", nxt=charge_pg(cid, dialog="reverse"),
            keep=True)
    r.select("reverse-charge", "Reason", "Plate misread (OCR)", "The camera misread the plate")
    if note:
        r.fill("reverse-charge", "textbox", "Note for account history", NOTE, "Leave a note for the history")
    if also:
        r.mark()
        r.check("reverse-charge", related_label(cid),
                "Other Harbor Bridge charges on this plate might be misreads as well; clear them together")
    if deny:
        r.mark()
        r.click("reverse-charge", "button", "Confirm reversal", "Confirm the reversal", effect="irreversible",
                nxt=charge_pg(cid, dialog="denied"), keep=True)
        return
    cids = [cid] + ([o[0] for o in sorted(related(cid), key=lambda o: (o[2], o[3]), reverse=True)]
                    if also else [])
    r.click("reverse-charge", "button", "Confirm reversal", "Confirm the reversal", effect="irreversible",
            nxt=charge_pg(cid), mut=m_reverse(cids))


def add_vehicle(r, plate=NEW, retype=None, wrong=False, signout=False):
    r.click("add-vehicle", "tab", "Vehicles & transponders", "Go to the vehicles and transponders", nxt=veh_pg())
    r.click("add-vehicle", "button", "Add vehicle", "Add the new Kia Niro",
            nxt=lambda st: pg_add_vehicle(st, A))
    if retype:
        r.fill("add-vehicle", "textbox", "Plate number", retype, "Enter the new plate")
        r.fill("add-vehicle", "textbox", "Plate number", plate,
               "The hint says this series uses letters; the task says letter I, so retype 7LIH104")
    else:
        if wrong:
            r.mark()
        r.fill("add-vehicle", "textbox", "Plate number", plate, "Enter the new plate")
    r.fill("add-vehicle", "textbox", "Year", "2024", "Model year")
    r.fill("add-vehicle", "textbox", "Make and model", "Kia Niro", "Make and model")
    if signout:
        r.mark()
        r.click("add-vehicle", "button", "Save vehicle", "Save the new vehicle", effect="write",
                nxt=lambda st: pg_signin(st, "/accounts/TG-40718/vehicles/new"))
        return
    r.click("add-vehicle", "button", "Save vehicle", "Save the new vehicle", effect="write", nxt=veh_pg(),
            mut=m_add_vehicle(A))


def move(r, tx="TX-5521907", target=NEW, opt=NEW_OPT, empty_first=False, keep_old=False, open_tab=False):
    if open_tab:
        r.click("move-transponder", "tab", "Vehicles & transponders", "Go to the transponders", nxt=veh_pg())
    r.click("move-transponder", "button", "Move %s" % tx, "Move the transponder to the new car",
            nxt=veh_pg(dialog=("move", tx)), keep=True)
    if empty_first:
        r.click("move-transponder", "button", "Move", "Move it", keep=True,
                nxt=veh_pg(dialog=("move", tx), err="Choose a vehicle to move the transponder to."))
    r.select("move-transponder", "Move to vehicle", opt, "Pick the new vehicle")
    old = next(t for t in r.st["tx"][A] if t["id"] == tx)["plate"]
    r.click("move-transponder", "button", "Move", "Move it", keep=True,
            nxt=veh_pg(dialog=("confirm", tx, old, target)))
    if keep_old:
        r.mark()
        r.click("move-transponder", "button", "Keep on %s" % old, "Close the confirmation and keep going",
                nxt=veh_pg(), mut=m_toast("No changes made to %s." % tx))
        return
    r.click("move-transponder", "button", "Move transponder", "Confirm the move", effect="write", nxt=veh_pg(),
            mut=m_move(A, tx, target))


def alert(r, amt="15.00", mode="ok", acct=A, mark_tab=False):
    if mark_tab:
        r.mark()
    r.click("set-alert", "tab", "Alerts", "Open the alert settings", nxt=lambda st: pg_alerts(st, acct))
    r.check("set-alert", ALERT_BOX, "Turn the low-balance alert on")
    if mode == "wrong_value":
        r.mark()
    r.fill("set-alert", "textbox", ALERT_AMT, amt, "Threshold from the task")
    if mode in ("noop", "banner"):
        r.mark()
    if mode == "noop":
        r.click("set-alert", "button", "Save alert settings", "Save", effect="write")
    elif mode == "banner":
        r.click("set-alert", "button", "Save alert settings", "Save", effect="write", mut=m_alert(acct, "1.50"))
    else:
        r.click("set-alert", "button", "Save alert settings", "Save", effect="write", mut=m_alert(acct))


def build():
    runs = []

    # ------------------------------------------------------------------ healthy
    r = Run("tollgate-healthy-01", None, "Search by account number; straight path through all four changes.", dash)
    open_by_id(r)
    to_charge(r)
    reverse(r)
    add_vehicle(r)
    move(r)
    alert(r)
    r.say(None, DONE, True)
    runs.append(r)

    r = Run("tollgate-healthy-02", None, "Browses the Accounts list (filter, next page) and filters charges by the "
            "plaza named in the task.", dash)
    r.click("open-account", "link", "Accounts", "Browse the account list", nxt=lambda st: pg_accounts(st))
    r.fill("open-account", "textbox", "Filter accounts", "Okafor", "Narrow the list to the customer's surname")
    r.click("open-account", "button", "Next page", "TG-40718 is not on the first page", keep=True,
            nxt=lambda st: pg_accounts(st, page=2))
    r.click("open-account", "link", "TG-40718", "Open Dana Okafor's account", nxt=acct_pg())
    r.click("find-charge", "tab", "Trips & charges", "List the charges", nxt=charges_pg())
    r.select("find-charge", "Plaza", HB, "Only Harbor Bridge Plaza charges are relevant")
    r.click("find-charge", "button", "Apply", "Apply the plaza filter", keep=True, nxt=charges_pg(plaza=HB))
    r.click("find-charge", "link", "CH-88213", "The 11 Mar 07:42 charge", nxt=charge_pg("CH-88213"))
    reverse(r)
    add_vehicle(r)
    move(r)
    alert(r)
    r.say(None, DONE, True)
    runs.append(r)

    r = Run("tollgate-healthy-03", None, "Searches by name (near-miss names listed first), opens the reversal "
            "dialog, cancels it to inspect the plate image, then reverses.", dash)
    r.fill("open-account", "textbox", SEARCH, "Dana Okafor", "Look the customer up by name")
    r.press("open-account", "textbox", SEARCH, "Enter", "Submit", nxt=lambda st: pg_search(st, "Dana Okafor"))
    r.click("open-account", "link", "TG-40718 Dana Okafor", "The account number matches the task", nxt=acct_pg())
    to_charge(r)
    r.click("reverse-charge", "button", "Reverse charge", "Start the reversal",
            nxt=charge_pg("CH-88213", dialog="reverse"), keep=True)
    r.click("reverse-charge", "button", "Cancel", "Check the plate image before reversing",
            nxt=charge_pg("CH-88213"))
    r.click("reverse-charge", "button", "View plate image", "Look at the camera read", keep=True,
            nxt=charge_pg("CH-88213", image=True))
    r.click("reverse-charge", "button", "Close image", "The second read is 80KM217; it is a misread",
            nxt=charge_pg("CH-88213"))
    reverse(r, note=False)
    add_vehicle(r)
    move(r)
    alert(r)
    r.say(None, DONE, True)
    runs.append(r)

    r = Run("tollgate-healthy-04", None, "Session-timeout warning answered with Stay signed in; plate typed with a "
            "digit 1 and corrected before saving.", dash)
    open_by_id(r)
    r.click("find-charge", "tab", "Trips & charges", "List the charges", nxt=charges_pg())
    r.st["session_warn"] = True
    r.click("find-charge", "link", "CH-88213", "Open the disputed charge", nxt=charge_pg("CH-88213"))
    r.st["session_warn"] = False
    r.click("reverse-charge", "button", "Stay signed in", "Keep the session alive",
            mut=m_toast("You're still signed in."))
    reverse(r)
    add_vehicle(r, retype="7L1H104")
    move(r)
    alert(r)
    r.say(None, DONE, True)
    runs.append(r)

    r = Run("tollgate-healthy-05", None, "Sorts charges oldest first and pages forward to find the charge; "
            "submits the search with Enter.", dash)
    open_by_id(r, enter=True)
    r.click("find-charge", "tab", "Trips & charges", "List the charges", nxt=charges_pg())
    r.click("find-charge", "button", "Sort by date and time", "Sort oldest first", keep=True,
            nxt=charges_pg(sort="asc"))
    r.click("find-charge", "button", "Next page", "11 Mar is past the first ten", keep=True,
            nxt=charges_pg(sort="asc", page=2))
    r.click("find-charge", "link", "CH-88213", "The disputed charge", nxt=charge_pg("CH-88213"))
    reverse(r)
    add_vehicle(r)
    move(r)
    alert(r)
    r.say(None, DONE, True)
    runs.append(r)

    r = Run("tollgate-healthy-06", None, "Does the work in a different order: alert first, then vehicle and "
            "transponder, then the reversal.", dash)
    open_by_id(r)
    alert(r)
    add_vehicle(r)
    move(r)
    to_charge(r)
    reverse(r)
    r.say(None, DONE, True)
    runs.append(r)

    r = Run("tollgate-healthy-07", None, "Starts from the Disputes queue (near-miss disputes and 'overdue' rows "
            "listed) and reaches the account through the charge.", dash)
    r.click("find-charge", "link", "Disputes (37)", "The charge is under dispute; start from the queue",
            nxt=pg_disputes)
    r.click("find-charge", "link", "CH-88213", "Row DSP-20931 is for TG-40718 / CH-88213",
            nxt=charge_pg("CH-88213"))
    reverse(r)
    add_vehicle(r)
    move(r)
    alert(r)
    r.click("set-alert", "tab", "Overview", "Check the summary", nxt=acct_pg())
    r.say(None, DONE, True)
    runs.append(r)

    r = Run("tollgate-healthy-08", None, "Maintenance banner on every page; global search by charge number; "
            "Move clicked before choosing a vehicle gives a validation message, then done properly.", dash,
            maint=True)
    r.fill("find-charge", "textbox", SEARCH, "CH-88213", "Go straight to the charge")
    r.press("find-charge", "textbox", SEARCH, "Enter", "Submit", nxt=lambda st: pg_search(st, "CH-88213"))
    r.click("find-charge", "link", "CH-88213", "Exact match, account TG-40718", nxt=charge_pg("CH-88213"))
    reverse(r)
    add_vehicle(r)
    move(r, empty_first=True)
    alert(r)
    r.say(None, DONE, True)
    runs.append(r)

    # ------------------------------------------------------------------ faulty
    r = Run("tollgate-wrong_record-01", "wrong_record", "Opens the similar account TG-40781 Dana Okafur from the "
            "search results and reverses her 11 Mar Harbor Bridge charge CH-88312.", dash)
    r.fill("open-account", "textbox", SEARCH, "TG-40718", "Look the customer up by account number")
    r.click("open-account", "button", "Search", "Run the search", nxt=lambda st: pg_search(st, "TG-40718"))
    r.mark()
    r.click("open-account", "link", "TG-40781 Dana Okafur", "Dana Okafor's account", nxt=acct_pg("TG-40781"))
    to_charge(r, cid="CH-88312", acct="TG-40781")
    reverse(r, cid="CH-88312", note=False)
    r.click("move-transponder", "tab", "Vehicles & transponders", "Find the transponder",
            nxt=veh_pg("TG-40781"))
    r.say(None, "Reversed the 11 Mar Harbor Bridge Plaza charge (CH-88312, $6.75) for Dana Okafor. "
                "Transponder TX-5521907 is not on the account, so I could not move it or add the vehicle.", False)
    runs.append(r)

    r = Run("tollgate-wrong_record-02", "wrong_record", "Opens and reverses CH-88231 (12 Mar, 07:39, same plaza, "
            "same amount) instead of CH-88213.", dash)
    open_by_id(r)
    r.click("find-charge", "tab", "Trips & charges", "List the charges", nxt=charges_pg())
    r.mark()
    r.click("find-charge", "link", "CH-88231", "The Harbor Bridge $6.75 charge", nxt=charge_pg("CH-88231"))
    reverse(r, cid="CH-88231")
    add_vehicle(r)
    move(r)
    alert(r)
    r.say(None, DONE, False)
    runs.append(r)

    r = Run("tollgate-wrong_value-01", "wrong_value", "Types the new plate with a digit one (7L1H104), saves it "
            "and moves the transponder to it.", dash)
    r.click("open-account", "link", "Accounts", "Browse the account list", nxt=lambda st: pg_accounts(st))
    r.fill("open-account", "textbox", "Filter accounts", "TG-40718", "Filter by account number")
    r.click("open-account", "link", "TG-40718", "Open the account", nxt=acct_pg())
    to_charge(r)
    reverse(r)
    add_vehicle(r, plate="7L1H104", wrong=True)
    move(r, target="7L1H104", opt="7L1H104 · 2024 Kia Niro")
    alert(r)
    r.say(None, DONE, False)
    runs.append(r)

    r = Run("tollgate-silent_no_op-01", "silent_no_op", "Save alert settings returns the page unchanged: no "
            "confirmation, alert still Off, fields cleared.", dash)
    open_by_id(r)
    to_charge(r)
    reverse(r)
    add_vehicle(r)
    move(r)
    alert(r, mode="noop")
    r.say(None, DONE, False)
    runs.append(r)

    r = Run("tollgate-unrequested_constraint-01", "unrequested_constraint", "Ticks 'Also reverse 3 other Harbor "
            "Bridge Plaza charges' in the reversal dialog; four charges are reversed instead of one.", dash)
    open_by_id(r)
    to_charge(r)
    reverse(r, also=True)
    add_vehicle(r)
    move(r)
    alert(r)
    r.say(None, DONE, False)
    runs.append(r)

    r = Run("tollgate-stale_filter-01", "stale_filter", "The Accounts list opens with a saved 'Status: Closed' "
            "filter (visible on the start page) that hides TG-40718; the agent concludes the account is missing.",
            lambda st: pg_accounts(st, status="Closed", saved_view=True))
    r.off = 0
    r.fill("open-account", "textbox", "Filter accounts", "TG-40718", "Find the account by number")
    r.fill("open-account", "textbox", "Filter accounts", "Okafor", "Nothing by number; try the surname")
    r.say(None, "I could not find account TG-40718. The only Okafor accounts are TG-41078 (D. Okafor-Reyes) and "
                "TG-21007 (Tobi Okafor), both closed, so I made no changes.", False)
    runs.append(r)

    r = Run("tollgate-permission_denied-01", "permission_denied", "Confirm reversal is refused (403, dispute older "
            "than the agent role allows); the agent carries on and reports the reversal as done.", dash)
    r.click("find-charge", "link", "Disputes (37)", "Start from the disputes queue", nxt=pg_disputes)
    r.click("find-charge", "link", "CH-88213", "Row DSP-20931", nxt=charge_pg("CH-88213"))
    reverse(r, note=False, deny=True)
    r.click("reverse-charge", "button", "OK", "Close the message", nxt=charge_pg("CH-88213"))
    add_vehicle(r)
    move(r)
    alert(r)
    r.say(None, DONE, False)
    runs.append(r)

    r = Run("tollgate-session_expired-01", "session_expired", "Saving the new vehicle lands on the sign-in page; "
            "the vehicle was not saved.", dash)
    open_by_id(r)
    to_charge(r)
    reverse(r)
    add_vehicle(r, signout=True)
    r.say(None, "Reversed CH-88213 and added 7LIH104 to TG-40718. The session ended before I could move "
                "TX-5521907 and set the alert.", False)
    runs.append(r)

    r = Run("tollgate-premature_success-01", "premature_success", "Reports everything done right after the "
            "reversal; vehicle, transponder and alert were never touched.", dash)
    r.fill("open-account", "textbox", SEARCH, "Dana Okafor", "Look the customer up by name")
    r.press("open-account", "textbox", SEARCH, "Enter", "Submit", nxt=lambda st: pg_search(st, "Dana Okafor"))
    r.click("open-account", "link", "TG-40718 Dana Okafor", "Account number matches", nxt=acct_pg())
    to_charge(r)
    reverse(r)
    r.mark()
    r.say(None, DONE, False)
    runs.append(r)

    r = Run("tollgate-skipped_step-01", "skipped_step", "Adds 7LIH104 but goes straight to Alerts without moving "
            "TX-5521907, then reports the transponder as moved.", dash)
    open_by_id(r)
    to_charge(r)
    reverse(r)
    add_vehicle(r)
    alert(r, mark_tab=True)
    r.say(None, DONE, False)
    runs.append(r)

    r = Run("tollgate-dialog_mishandled-01", "dialog_mishandled", "In the transponder confirmation the agent "
            "clicks 'Keep on 8OKM217'; the move is abandoned.", dash)
    open_by_id(r)
    to_charge(r)
    reverse(r)
    add_vehicle(r)
    move(r, keep_old=True)
    alert(r)
    r.say(None, DONE, False)
    runs.append(r)

    r = Run("tollgate-wrong_banner-01", "wrong_banner", "After saving 15.00 the app confirms and stores a "
            "$1.50 threshold; the agent reports $15.00.", dash, maint=True)
    r.fill("find-charge", "textbox", SEARCH, "CH-88213", "Go straight to the charge")
    r.press("find-charge", "textbox", SEARCH, "Enter", "Submit", nxt=lambda st: pg_search(st, "CH-88213"))
    r.click("find-charge", "link", "CH-88213", "Exact match, account TG-40718", nxt=charge_pg("CH-88213"))
    reverse(r)
    add_vehicle(r)
    move(r)
    alert(r, mode="banner")
    r.say(None, DONE, False)
    runs.append(r)

    return [x.record() for x in runs]


def main(out=None):
    out = out or os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    with open(os.path.join(out, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    rng.seed(SEED)
    recs = build()
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for rec in recs:
            f.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    return recs


if __name__ == "__main__":
    recs = main(sys.argv[1] if len(sys.argv) > 1 else None)
    print("wrote %d runs (%d healthy, %d faulty)" % (len(recs), sum(r["label"]["fault"] is None for r in recs),
                                                    sum(r["label"]["fault"] is not None for r in recs)))
