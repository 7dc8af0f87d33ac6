#!/usr/bin/env python3
"""Generate the KitRoom held-out corpus (IT equipment lending desk).

Standard library only, fixed seed, byte-for-byte reproducible.

    python3 make_corpus.py              # writes corpus.jsonl and plans/ next to this file
    python3 make_corpus.py --out DIR    # writes them under DIR instead

Layout of this file, in the order it was written:
  1. the task and the plan (written from the task text and the healthy pages only)
  2. the world: assets, employees, histories
  3. the page builders (flattened accessibility trees)
  4. the healthy runs
  5. the faulty runs (written after the plan was frozen; the plan was not touched)
"""
import argparse
import datetime as dt
import json
import os
import random

SEED = 41702
BASE = "http://127.0.0.1:8000/kitroom"
WORKFLOW = "kitroom_checkout"
PLAN_REL = "plans/kitroom_checkout.yaml"
TODAY = dt.date(2025, 2, 28)
NOW = dt.datetime(2025, 2, 28, 9, 51)
PER_PAGE = 15

TARGET = "KR-LT-0417"
TARGET_SERIAL = "PF3KX7Q2"
TARGET_EMP = "EMP-3082"
TARGET_DUE = "2025-03-14"

TASK = ("Dana Whitfield in Finance needs a loaner. Please check out laptop KR-LT-0417 "
        "(serial PF3KX7Q2) to her, due back 2025-03-14. It should be one of the available "
        "laptops. Afterwards make sure the loan shows up in the asset's history.")

# ---------------------------------------------------------------------------
# 1. The plan. Written from the task text and the healthy pages, before any
#    faulty run existed, and left as written.
# ---------------------------------------------------------------------------
PLAN_YAML = """\
# KitRoom: check out one laptop to one employee with a due-back date.
# Written from the task text and the healthy pages only.
task: "Dana Whitfield in Finance needs a loaner. Please check out laptop KR-LT-0417 (serial PF3KX7Q2) to her, due back 2025-03-14. It should be one of the available laptops. Afterwards make sure the loan shows up in the asset's history."
plan_falsifiers:
  execution:
    - "Sign in to KitRoom"
    - "Your session has expired. Please sign in again to continue."
    - "Something went wrong"
  planning:
    - "You don't have permission to check out this asset"
commitments:
  - id: find-asset
    subgoal: "Find the available laptop KR-LT-0417 (serial PF3KX7Q2) and open its asset page"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: ["Assets · KitRoom"]
      progress: ["KR-LT-0417 PF3KX7Q2 Lenovo ThinkPad T14 Gen 4 Available"]
      completion: ["KR-LT-0417 · Lenovo ThinkPad T14 Gen 4", "Serial number PF3KX7Q2", "Status Available"]
    falsify:
      execution:
        - "KR-LT-0411"
        - "KR-LT-0418"
        - "KR-LT-0447"
        - "KR-LT-0471"
        - "PF3KX7Q7"
        - "PF3KY7Q2"
        - "No assets match"
        - {text: "KR-LT-0447", on: action}
        - {text: "KR-LT-0411", on: action}
      skill:
        - "The assets search box is not shown"
      planning:
        - "KR-LT-0417 is on loan"
        - "KR-LT-0417 is in repair"
        - "KR-LT-0417 is retired"
  - id: open-checkout
    subgoal: "Open the checkout panel for KR-LT-0417"
    confidence: 0.8
    confirm:
      precondition: ["KR-LT-0417 · Lenovo ThinkPad T14 Gen 4", "Check out"]
      progress: []
      completion: ["Check out KR-LT-0417", "Lenovo ThinkPad T14 Gen 4 · Serial PF3KX7Q2"]
    falsify:
      execution:
        - "Check out KR-LT-0447"
        - "Check out KR-LT-0411"
        - {text: "Retire asset", on: action}
        - {text: "Send to repair", on: action}
      skill:
        - "There is no Check out button on the asset page"
      planning:
        - "Check out is disabled for this asset"
  - id: fill-checkout
    subgoal: "Choose Dana Whitfield (Finance, EMP-3082) as borrower and set Due back to 2025-03-14"
    confidence: 0.7
    confirm:
      precondition: ["Check out KR-LT-0417", "Employee"]
      progress: ["Dana Whitfield · Finance · EMP-3082"]
      completion: ["Selected: Dana Whitfield · Finance · EMP-3082", "Due back (YYYY-MM-DD) 2025-03-14"]
    falsify:
      execution:
        - "Dana Whitford"
        - "Diana Whitfield"
        - "EMP-3028"
        - "EMP-3802"
        - {text: "Dana Whitford", on: action}
        - {text: "Diana Whitfield", on: action}
        - {text: "2025-04-14", on: both}
        - {text: "2025-03-04", on: both}
      skill:
        - "No employees found"
        - "Enter a date as YYYY-MM-DD"
      planning:
        - "Dana Whitfield has reached the loan limit"
  - id: confirm-checkout
    subgoal: "Submit the checkout and confirm it in the dialog"
    confidence: 0.7
    confirm:
      precondition: ["Confirm checkout"]
      progress: ["Check out KR-LT-0417 (PF3KX7Q2) to Dana Whitfield (EMP-3082, Finance), due back 2025-03-14?"]
      completion: ["KR-LT-0417 checked out to Dana Whitfield · due back 2025-03-14", "Status On loan"]
    falsify:
      execution:
        - "Checkout cancelled"
        - "Checkout could not be completed"
        - {text: "Close", on: action}
        - {text: "Cancel", on: action}
      skill:
        - "The Confirm checkout button is not shown"
      planning:
        - "Dana Whitfield already has the maximum number of loans"
  - id: verify-history
    subgoal: "Open the History tab and check the new loan is recorded"
    confidence: 0.8
    confirm:
      precondition: ["Status On loan"]
      progress: ["Asset history"]
      completion: ["Checked out to Dana Whitfield (EMP-3082), due 2025-03-14"]
    falsify:
      execution:
        - "Checked out to Dana Whitford"
        - "Checked out to Diana Whitfield"
      planning:
        - "No history has been recorded for this asset"
"""

# ---------------------------------------------------------------------------
# 2. The world
# ---------------------------------------------------------------------------
DIRECTORY = [
    # id, name, department, active loans (before this task)
    ("EMP-3082", "Dana Whitfield", "Finance", 0),
    ("EMP-3028", "Dana Whitford", "Facilities", 1),
    ("EMP-3802", "Diana Whitfield", "Legal", 1),
    ("EMP-3091", "Daniel Whitfield", "Sales", 0),
    ("EMP-2291", "Marcus Oyelaran", "Procurement", 0),
    ("EMP-2104", "Ingrid Solberg", "Engineering", 1),
    ("EMP-2377", "Tomasz Wrona", "Engineering", 1),
    ("EMP-2450", "Aaliyah Brooks", "Marketing", 1),
    ("EMP-2518", "Kenji Matsuda", "Finance", 1),
    ("EMP-2602", "Rosa Delgado", "People Team", 1),
    ("EMP-2689", "Femi Adeyemi", "Engineering", 1),
    ("EMP-2733", "Hannah Kowalczyk", "Legal", 1),
    ("EMP-2815", "Luis Ferreira", "Sales", 1),
    ("EMP-2866", "Grace Okafor", "Finance", 1),
    ("EMP-2940", "Nikhil Bhatt", "Data", 1),
    ("EMP-2977", "Sofia Lindqvist", "Design", 1),
    ("EMP-3013", "Owen Price", "Facilities", 1),
    ("EMP-3140", "Mei Chen", "Data", 1),
    ("EMP-3176", "Jakob Huber", "Engineering", 1),
    ("EMP-3233", "Chloe Martin", "Marketing", 1),
    ("EMP-3297", "Samir Haddad", "Customer Care", 1),
    ("EMP-3350", "Erin Walsh", "Customer Care", 1),
]
EMP = {e[0]: e for e in DIRECTORY}
FILLER_PEOPLE = [e[0] for e in DIRECTORY[5:]]


def email_of(emp_id):
    name = EMP[emp_id][1].lower().split()
    return f"{name[0]}.{name[-1]}@northwind-works.example"


MODELS = {
    "LT": ["Lenovo ThinkPad T14 Gen 4", "Lenovo ThinkPad X1 Carbon Gen 11", "Dell Latitude 7440",
           "HP EliteBook 840 G10", "Apple MacBook Air 13 M2", "Dell Precision 3581"],
    "MN": ["Dell UltraSharp U2723QE", "LG 27UP850-W", "Lenovo ThinkVision T24i"],
    "DK": ["Lenovo ThinkPad Universal USB-C Dock", "Dell WD19S Dock", "CalDigit TS4"],
    "PH": ["Google Pixel 8", "Apple iPhone 14", "Samsung Galaxy A54"],
}
LOCATIONS = ["Storeroom A1", "Storeroom B2", "HQ Floor 3 locker"]
SERIAL_ALPHA = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def lev(a, b):
    a, b = a.lower(), b.lower()
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def d(s):
    return dt.date.fromisoformat(s)


def build_world():
    """Return (assets in 'last updated' order, histories). Deterministic."""
    rng = random.Random(SEED)
    fixed = {
        "KR-LT-0417": dict(serial="PF3KX7Q2", model="Lenovo ThinkPad T14 Gen 4", status="Available",
                           who=None, due=None, loc="Storeroom B2"),
        "KR-LT-0411": dict(serial="PF3KY7Q2", model="Lenovo ThinkPad T14 Gen 4", status="On loan",
                           who="EMP-3028", due="2025-02-21", loc="With employee"),
        "KR-LT-0418": dict(serial="PF3KX7Q8", model="Lenovo ThinkPad T14 Gen 4", status="In repair",
                           who=None, due=None, loc="Repair bench"),
        "KR-LT-0447": dict(serial="PF3KX7Q7", model="Lenovo ThinkPad T14 Gen 4", status="Available",
                           who=None, due=None, loc="HQ Floor 3 locker"),
        "KR-LT-0471": dict(serial="PF3XK7Q2", model="Lenovo ThinkPad T14 Gen 3", status="Retired",
                           who=None, due=None, loc="Disposal cage"),
        "KR-MN-0417": dict(serial="CN0R7TQ4", model="Dell UltraSharp U2723QE", status="On loan",
                           who="EMP-3802", due="2025-03-14", loc="With employee"),
    }
    used_tags = set(fixed)
    used_serials = {v["serial"] for v in fixed.values()}
    fillers = []
    counts = [("LT", 34), ("MN", 12), ("DK", 9), ("PH", 8)]
    for prefix, n in counts:
        for _ in range(n):
            while True:
                num = f"{rng.randint(102, 988):04d}"
                tag = f"KR-{prefix}-{num}"
                near = sum(x != y for x, y in zip(num, "0417")) < 2
                if tag not in used_tags and not near:
                    break
            while True:
                serial = "".join(rng.choice(SERIAL_ALPHA) for _ in range(8))
                if serial not in used_serials and lev(serial, TARGET_SERIAL) > 2 \
                        and not serial.startswith("PF3"):
                    break
            used_tags.add(tag)
            used_serials.add(serial)
            status = rng.choices(["Available", "On loan", "In repair", "Retired"],
                                 weights=[34, 46, 8, 12])[0]
            who = due = None
            if status == "On loan":
                who = rng.choice(FILLER_PEOPLE)
                due = (TODAY + dt.timedelta(days=rng.randint(-7, 27))).isoformat()
                loc = "With employee"
            elif status == "In repair":
                loc = "Repair bench"
            elif status == "Retired":
                loc = "Disposal cage"
            else:
                loc = rng.choice(LOCATIONS)
            fillers.append(dict(tag=tag, serial=serial, model=rng.choice(MODELS[prefix]),
                                status=status, who=who, due=due, loc=loc))
    # make sure a couple of loans are due today and a few are overdue (dashboard furniture)
    loans = [a for a in fillers if a["status"] == "On loan"]
    for a in loans[:3]:
        a["due"] = TODAY.isoformat()
    rng.shuffle(fillers)
    order = list(fillers)
    # near misses near the top of the default ("last updated") view
    for pos, tag in [(1, "KR-LT-0411"), (4, "KR-LT-0447"), (7, "KR-LT-0418"),
                     (10, "KR-MN-0417"), (13, "KR-LT-0471")]:
        order.insert(pos, dict(tag=tag, **fixed[tag]))
    # the target sits after the 16th available asset: page 2 of the "Available" view
    seen = 0
    for i, a in enumerate(order):
        if a["status"] == "Available":
            seen += 1
            if seen == 16:
                order.insert(i + 1, dict(tag=TARGET, **fixed[TARGET]))
                break
    t = dt.datetime(2025, 2, 28, 9, 40)
    for a in order:
        a["updated"] = t
        t -= dt.timedelta(minutes=rng.randint(9, 170))
    hist = {}
    for a in order:
        hist[a["tag"]] = default_history(a, rng)
    hist[TARGET] = [
        ("2025-02-10 14:22", "Returned", "Returned by Marcus Oyelaran, 2 days overdue, condition Good", "Priya Raman"),
        ("2025-01-27 09:05", "Checked out", "Checked out to Marcus Oyelaran (EMP-2291), due 2025-02-08", "Joel Ankrah"),
        ("2025-01-20 16:40", "Repair completed", "Keyboard replaced under warranty", "Repair bench"),
        ("2025-01-13 11:02", "Sent to repair", "Keyboard failed self-test", "Joel Ankrah"),
        ("2024-12-02 10:15", "Checkout cancelled", "Request withdrawn by requester", "Priya Raman"),
        ("2024-09-16 08:30", "Received", "Purchase order PO-88213, imaged with Finance build 24.3", "Asset intake"),
    ]
    hist["KR-LT-0447"] = [
        ("2025-02-27 17:05", "Returned", "Returned by Samir Haddad, condition Good", "Joel Ankrah"),
        ("2025-02-03 10:12", "Checked out", "Checked out to Samir Haddad (EMP-3297), due 2025-02-28", "Priya Raman"),
        ("2024-09-16 08:31", "Received", "Purchase order PO-88213", "Asset intake"),
    ]
    return order, hist


def default_history(a, rng):
    rows = []
    if a["status"] == "On loan":
        out = (d(a["due"]) - dt.timedelta(days=14)).isoformat()
        rows.append((f"{out} {rng.randint(8, 16):02d}:{rng.randint(0, 59):02d}", "Checked out",
                     f"Checked out to {EMP[a['who']][1]} ({a['who']}), due {a['due']}", "Joel Ankrah"))
    elif a["status"] == "In repair":
        rows.append(("2025-02-19 13:30", "Sent to repair", "Battery failed diagnostics", "Priya Raman"))
    elif a["status"] == "Retired":
        rows.append(("2025-01-31 15:00", "Retired", "End of life, data wiped and certificate filed", "Asset intake"))
    rows.append(("2023-11-06 08:45", "Received", f"Purchase order PO-{rng.randint(70000, 89999)}", "Asset intake"))
    return rows


def fresh_state():
    order, hist = build_world()
    return {"order": order, "by_tag": {a["tag"]: a for a in order}, "hist": hist,
            "loans": {e[0]: e[3] for e in DIRECTORY}}


def checkout(S, tag, emp_id, due, when="2025-02-28 09:51"):
    a = S["by_tag"][tag]
    a.update(status="On loan", who=emp_id, due=due, loc="With employee", updated=NOW)
    S["hist"][tag].insert(0, (when, "Checked out",
                              f"Checked out to {EMP[emp_id][1]} ({emp_id}), due {due}", "Priya Raman"))
    S["loans"][emp_id] += 1


# ---------------------------------------------------------------------------
# 3. Page builders
# ---------------------------------------------------------------------------
class Registry:
    """Stable browsergym-style ids: the same element keeps its id across pages of a run."""

    def __init__(self, start=12):
        self.map, self.next = {}, start

    def bid(self, key):
        if key not in self.map:
            self.map[key] = str(self.next)
            self.next += 1
        return self.map[key]


class Page:
    def __init__(self, reg, url, title):
        self.reg, self.url, self.title = reg, url, title
        self.lines = [f"RootWebArea {title!r}, focused"]
        self.keys, self.desc, self.seen = {}, {}, {}

    def n(self, depth, role, name="", key=None, props=()):
        if key is None:
            base = f"{role}|{name}"
            c = self.seen.get(base, 0)
            self.seen[base] = c + 1
            key = base if c == 0 else f"{base}#{c}"
        if key in self.keys:
            raise ValueError(f"duplicate key {key} on {self.url}")
        b = self.reg.bid(key)
        self.keys[key] = b
        self.desc[key] = f"{role} {name!r}"
        self.lines.append("\t" * depth + f"[{b}] {role} {name!r}" + "".join(", " + p for p in props))
        return key

    def t(self, depth, text):
        self.lines.append("\t" * depth + f"StaticText {text!r}")

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": None}


NAV = ["Dashboard", "Assets", "Loans", "Employees", "Reports"]


def chrome(p, S, active, crumbs, banner=None, gq=None):
    p.n(1, "banner", "", key="hdr")
    p.n(2, "link", "KitRoom lending desk, home", key="nav.home")
    p.n(2, "navigation", "Primary", key="nav")
    for item in NAV:
        p.n(3, "link", item, key="nav." + item.lower(),
            props=("current='page'",) if item == active else ())
    p.n(2, "search", "", key="hdr.search")
    p.n(3, "searchbox", "Search assets, serials or people", key="global.search",
        props=(f"value={gq!r}",) if gq else ())
    due_today = sum(1 for a in S["order"] if a["status"] == "On loan" and a["due"] == TODAY.isoformat())
    p.n(2, "button", f"Due back today: {due_today}", key="hdr.duetoday")
    p.n(2, "button", "Notifications, 4 unread", key="hdr.notif")
    p.n(2, "button", "Priya Raman, Service desk technician", key="hdr.user",
        props=("hasPopup='menu'", "expanded=False"))
    if banner:
        p.n(1, "region", "Announcement", key="banner")
        p.t(2, banner)
        p.n(2, "button", "Dismiss announcement", key="banner.dismiss")
    p.n(1, "navigation", "Breadcrumb", key="crumbs")
    for i, label in enumerate(crumbs):
        if i < len(crumbs) - 1:
            p.n(2, "link", label, key="crumb." + label)
        else:
            p.t(2, label)
    p.n(1, "main", "", key="main")


def footer(p, toast=None, toast_role="status"):
    if toast:
        p.n(1, toast_role, "", key="toast")
        p.t(2, toast)
        p.n(2, "button", "Dismiss notification", key="toast.dismiss")
    p.n(1, "contentinfo", "", key="footer")
    p.t(2, "KitRoom 4.12.3 · IT Service Desk, Building A, ext. 4400")
    p.n(2, "link", "Lending policy", key="ft.policy")
    p.n(2, "link", "Service status", key="ft.status")
    p.n(2, "link", "Privacy notice", key="ft.privacy")
    p.t(2, "Data synced 09:42 · 2 label prints failed today")


def counts_line(S):
    c = {"Available": 0, "On loan": 0, "In repair": 0, "Retired": 0}
    overdue = 0
    for a in S["order"]:
        c[a["status"]] += 1
        if a["status"] == "On loan" and d(a["due"]) < TODAY:
            overdue += 1
    return (f"Available {c['Available']} · On loan {c['On loan']} · Overdue {overdue} · "
            f"In repair {c['In repair']} · Retired {c['Retired']}")


def due_cell(a):
    if not a["due"]:
        return "—"
    if a["status"] == "On loan" and d(a["due"]) < TODAY:
        return f"{a['due']} · Overdue {(TODAY - d(a['due'])).days} days"
    if a["status"] == "On loan" and d(a["due"]) == TODAY:
        return f"{a['due']} · Due today"
    return a["due"]


def fmt_updated(t):
    return t.strftime("%d %b %H:%M").lstrip("0")


COLUMNS = [("Asset tag", "tag"), ("Serial number", None), ("Model", None), ("Status", "status"),
           ("Assigned to", None), ("Due back", "due"), ("Location", None), ("Updated", "updated")]


def asset_rows(p, depth, rows, table_key, with_sort=None):
    p.n(depth, "table", table_key, key="tbl." + table_key)
    p.n(depth + 1, "row", "", key=f"tbl.{table_key}.head")
    for label, sk in COLUMNS:
        props = ()
        if with_sort and sk == with_sort[0]:
            props = ("sort='ascending'",) if with_sort[1] == "asc" else ("sort='descending'",)
        p.n(depth + 2, "columnheader", label, key=f"tbl.{table_key}.col.{label}", props=props)
        if with_sort and sk:
            p.n(depth + 3, "button", f"Sort by {label.lower()}", key=f"sort.{sk}")
    for a in rows:
        tag = a["tag"]
        p.n(depth + 1, "row", "", key=f"tbl.{table_key}.row.{tag}")
        p.n(depth + 2, "cell", "", key=f"tbl.{table_key}.c0.{tag}")
        p.n(depth + 3, "link", tag, key=f"row.{tag}")
        p.n(depth + 2, "cell", a["serial"], key=f"tbl.{table_key}.c1.{tag}")
        p.n(depth + 2, "cell", a["model"], key=f"tbl.{table_key}.c2.{tag}")
        p.n(depth + 2, "cell", a["status"], key=f"tbl.{table_key}.c3.{tag}")
        p.n(depth + 2, "cell", EMP[a["who"]][1] if a["who"] else "—", key=f"tbl.{table_key}.c4.{tag}")
        p.n(depth + 2, "cell", due_cell(a), key=f"tbl.{table_key}.c5.{tag}")
        p.n(depth + 2, "cell", a["loc"], key=f"tbl.{table_key}.c6.{tag}")
        p.n(depth + 2, "cell", fmt_updated(a["updated"]), key=f"tbl.{table_key}.c7.{tag}")


def select(p, depth, label, key, options, value):
    p.n(depth, "combobox", label, key=key, props=("hasPopup='menu'", "expanded=False"))
    for o in options:
        p.n(depth + 1, "option", o, key=f"{key}.opt.{o}", props=(f"selected={o == value}",))


STATUS_OPTS = ["All statuses", "Available", "On loan", "In repair", "Retired"]
CATEGORY_OPTS = ["All categories", "Laptops", "Monitors", "Docks", "Phones"]
LOCATION_OPTS = ["All locations", "Storeroom A1", "Storeroom B2", "HQ Floor 3 locker", "Repair bench",
                 "Disposal cage", "With employee"]


def list_view(S, V):
    rows = list(S["order"])
    base = [a for a in rows
            if (V.get("status") in (None, "All statuses") or a["status"] == V["status"])
            and (V.get("location") in (None, "All locations") or a["loc"] == V["location"])]
    q = (V.get("q") or "").strip()
    close = []
    if q:
        ql = q.lower()
        hits = [a for a in base if ql in a["tag"].lower() or ql in a["serial"].lower()
                or ql in a["model"].lower() or (a["who"] and ql in EMP[a["who"]][1].lower())]
        close = [a for a in base if a not in hits and
                 (lev(q, a["tag"]) == 1 or lev(q, a["serial"]) == 1)]
    else:
        hits = base
    sk, sd = V.get("sort", ("updated", "desc"))
    if sk == "tag":
        hits = sorted(hits, key=lambda a: a["tag"], reverse=(sd == "desc"))
    elif sk == "status":
        hits = sorted(hits, key=lambda a: a["status"], reverse=(sd == "desc"))
    elif sk == "due":
        hits = sorted(hits, key=lambda a: a["due"] or "9999", reverse=(sd == "desc"))
    else:
        hits = sorted(hits, key=lambda a: a["updated"], reverse=(sd == "desc"))
    return hits, close


def page_of(S, V, tag):
    hits, _ = list_view(S, V)
    idx = [a["tag"] for a in hits].index(tag)
    return idx // PER_PAGE + 1


def page_assets(reg, S, V, banner=None, toast=None):
    hits, close = list_view(S, V)
    q = (V.get("q") or "").strip()
    pg = V.get("page", 1)
    params = []
    if q:
        params.append("q=" + q)
    if V.get("status") not in (None, "All statuses"):
        params.append("status=" + V["status"].lower().replace(" ", "_"))
    if V.get("location") not in (None, "All locations"):
        params.append("location=" + V["location"].lower().replace(" ", "_"))
    sk, sd = V.get("sort", ("updated", "desc"))
    if (sk, sd) != ("updated", "desc"):
        params.append(f"sort={sk}&dir={sd}")
    if pg > 1:
        params.append(f"page={pg}")
    url = BASE + "/assets" + ("?" + "&".join(params) if params else "")
    p = Page(reg, url, "Assets · KitRoom")
    chrome(p, S, "Assets", ["Home", "Assets"], banner=banner, gq=V.get("gq"))
    p.n(2, "heading", "Assets", key="h.assets")
    p.n(2, "status", "Live counts", key="counts")
    p.t(3, counts_line(S))
    p.n(2, "toolbar", "Asset filters", key="filters")
    qv = V.get("pending_q") or q
    p.n(3, "searchbox", "Filter by tag, serial, model or person", key="list.search",
        props=(f"value={qv!r}",) if qv else ())
    p.n(3, "button", "Search", key="list.searchbtn")
    select(p, 3, "Status", "f.status", STATUS_OPTS, V.get("status") or "All statuses")
    select(p, 3, "Category", "f.category", CATEGORY_OPTS, "All categories")
    select(p, 3, "Location", "f.location", LOCATION_OPTS, V.get("location") or "All locations")
    p.n(3, "button", "Clear filters", key="f.clear")
    p.n(3, "button", "Save view", key="f.save")
    p.n(3, "button", "Export CSV", key="f.export")
    p.n(3, "button", "Add asset", key="f.add")
    chips = []
    if V.get("status") not in (None, "All statuses"):
        chips.append(f"Status is {V['status']}")
    if V.get("location") not in (None, "All locations"):
        chips.append(f"Location is {V['location']}")
    if chips:
        p.n(2, "group", "Active filters", key="chips")
        for c in chips:
            p.n(3, "button", f"Remove filter: {c}", key="chip." + c)
    if V.get("saved_view"):
        p.t(2, V["saved_view"])
    if q:
        p.n(2, "heading", f"Results for '{q}'", key="h.results")
        p.t(2, f"{len(hits)} asset{'s' if len(hits) != 1 else ''} match" + ("es" if len(hits) == 1 else ""))
    shown = hits[(pg - 1) * PER_PAGE: pg * PER_PAGE]
    asset_rows(p, 2, shown, "Assets", with_sort=(sk, sd))
    if not hits:
        if chips:
            p.t(2, f"No assets match '{q}' in this view. Check the filters above.")
        else:
            p.t(2, f"No assets match '{q}'.")
    total = len(hits)
    lo = (pg - 1) * PER_PAGE + 1 if total else 0
    p.t(2, f"Showing {lo}–{min(pg * PER_PAGE, total)} of {total}")
    pages = max(1, -(-total // PER_PAGE))
    p.n(2, "navigation", "Pagination", key="pag")
    p.n(3, "button", "Previous page", key="pag.prev", props=("disabled=True",) if pg == 1 else ())
    for i in range(1, pages + 1):
        p.n(3, "button", str(i), key=f"pag.{i}", props=("pressed=True",) if i == pg else ())
    p.n(3, "button", "Next page", key="pag.next", props=("disabled=True",) if pg == pages else ())
    p.n(3, "combobox", "Rows per page", key="pag.size", props=("hasPopup='menu'", "expanded=False"))
    p.t(4, str(PER_PAGE))
    if q and close:
        p.n(2, "heading", "Close matches", key="h.close")
        p.t(2, "Tags or serial numbers one character away from your search")
        asset_rows(p, 2, close, "Close matches")
    footer(p, toast)
    return p


def page_dashboard(reg, S, banner=None):
    p = Page(reg, BASE + "/", "Dashboard · KitRoom")
    chrome(p, S, "Dashboard", ["Home"], banner=banner)
    p.n(2, "heading", "Good morning, Priya", key="h.dash")
    p.n(2, "status", "Live counts", key="counts")
    p.t(3, counts_line(S))
    p.n(2, "region", "Due back today", key="r.due")
    p.n(3, "heading", "Due back today", key="h.due")
    today = [a for a in S["order"] if a["due"] == TODAY.isoformat() and a["status"] == "On loan"]
    asset_rows(p, 3, today, "Due back today")
    p.n(2, "region", "Overdue loans", key="r.overdue")
    over = [a for a in S["order"] if a["status"] == "On loan" and d(a["due"]) < TODAY]
    p.n(3, "link", f"View {len(over)} overdue loans", key="l.overdue")
    p.n(2, "region", "Recent activity", key="r.act")
    p.n(3, "list", "", key="act.list")
    for i, line in enumerate([
        "09:38 KR-LT-0411 is 7 days overdue (Dana Whitford), reminder email sent",
        "09:20 Label print failed for KR-PH-0561, printer offline",
        "09:02 Checkout cancelled for KR-LT-0290, request withdrawn",
        "Yesterday 17:05 KR-LT-0447 returned by Samir Haddad",
        "Yesterday 15:44 KR-LT-0418 sent to repair, battery failed diagnostics",
    ]):
        p.n(4, "listitem", "", key=f"act.{i}")
        p.t(5, line)
    p.n(2, "link", "Go to assets", key="l.assets")
    footer(p)
    return p


def page_signin(reg, nxt):
    p = Page(reg, BASE + "/login?next=" + nxt, "Sign in · KitRoom")
    p.n(1, "banner", "", key="hdr")
    p.n(2, "link", "KitRoom lending desk", key="nav.home")
    p.n(1, "main", "", key="main")
    p.n(2, "heading", "Sign in to KitRoom", key="h.signin")
    p.t(2, "Your session has expired. Please sign in again to continue.")
    p.n(2, "textbox", "Work email", key="si.email", props=("required",))
    p.n(2, "textbox", "Password", key="si.pw", props=("required",))
    p.n(2, "checkbox", "Keep me signed in on this device", key="si.keep", props=("checked='false'",))
    p.n(2, "button", "Sign in", key="si.go")
    p.n(2, "link", "Sign in with company single sign-on", key="si.sso")
    p.n(2, "link", "Forgot password?", key="si.forgot")
    p.n(1, "contentinfo", "", key="footer")
    p.t(2, "KitRoom 4.12.3 · IT Service Desk, Building A, ext. 4400")
    return p


def emp_label(emp_id):
    e = EMP[emp_id]
    return f"{e[1]} · {e[2]} · {e[0]}"


def suggest(query):
    toks = query.lower().split()
    out = []
    for e in DIRECTORY:
        names = e[1].lower().split()
        score = 0
        ok = True
        for qt in toks:
            if any(nt.startswith(qt) for nt in names):
                score += 2
            elif len(qt) >= 4 and any(lev(qt, nt) <= 1 for nt in names):
                score += 1
            else:
                ok = False
        if ok and toks:
            out.append((-score, e[0]))
    out.sort(key=lambda x: x[0])  # stable: directory order within equal scores
    return [e for _, e in out]


def page_asset(reg, S, tag, tab="Overview", panel=None, dialog=None, toast=None, alert=None,
               banner=None, toast_role="status"):
    a = S["by_tag"][tag]
    url = f"{BASE}/assets/{tag}" + ("/history" if tab == "History" else "")
    p = Page(reg, url, f"{tag} · Assets · KitRoom")
    chrome(p, S, "Assets", ["Home", "Assets", tag], banner=banner)
    p.n(2, "heading", f"{tag} · {a['model']}", key="h.asset")
    p.t(2, a["status"])
    p.n(2, "toolbar", "Asset actions", key="actions")
    if a["status"] == "Available":
        p.n(3, "button", "Check out", key="detail.checkout")
    elif a["status"] == "On loan":
        p.n(3, "button", "Check in", key="detail.checkin")
        p.n(3, "button", "Extend loan", key="detail.extend")
    p.n(3, "button", "Send to repair", key="detail.repair")
    p.n(3, "button", "Retire asset", key="detail.retire")
    p.n(3, "button", "Edit details", key="detail.edit")
    p.n(3, "button", "Print label", key="detail.print")
    if alert:
        p.n(2, "alert", "", key="alert")
        p.t(3, alert)
    p.n(2, "tablist", "Asset sections", key="tabs")
    for name in ["Overview", "History", "Attachments (2)"]:
        p.n(3, "tab", name, key="tab." + name.split()[0], props=(f"selected={name == tab}",))
    p.n(2, "tabpanel", tab, key="tabpanel." + tab)
    if tab == "Overview":
        fields = [("Asset tag", tag), ("Serial number", a["serial"]), ("Model", a["model"]),
                  ("Status", a["status"]),
                  ("Assigned to", f"{EMP[a['who']][1]} ({a['who']})" if a["who"] else "—"),
                  ("Due back", a["due"] or "—"), ("Location", a["loc"]), ("Lending pool", "General lending"),
                  ("Purchased", "2024-09-16"), ("Warranty until", "2027-09-15"), ("Condition", "Good")]
        for k, v in fields:
            p.t(3, k)
            p.t(3, v)
        p.n(3, "heading", "Recent activity", key="h.recent")
        p.n(3, "list", "", key="recent")
        for i, (when, ev, det, by) in enumerate(S["hist"][tag][:3]):
            p.n(4, "listitem", "", key=f"recent.{i}")
            p.t(5, f"{when} · {ev} · {det}")
        p.n(3, "link", "View full history", key="l.history")
    else:
        rows = S["hist"][tag]
        p.n(3, "table", "Asset history", key="tbl.hist")
        p.n(4, "row", "", key="tbl.hist.head")
        for c in ["When", "Event", "Details", "By"]:
            p.n(5, "columnheader", c, key="tbl.hist.col." + c)
        for i, (when, ev, det, by) in enumerate(rows):
            p.n(4, "row", "", key=f"tbl.hist.row.{i}")
            for j, v in enumerate([when, ev, det, by]):
                p.n(5, "cell", v, key=f"tbl.hist.{i}.{j}")
        p.t(3, f"Showing all {len(rows)} events")
    if panel:
        render_panel(p, S, tag, panel)
    if dialog:
        render_dialog(p, S, tag, dialog)
    footer(p, toast, toast_role)
    return p


def render_panel(p, S, tag, P):
    a = S["by_tag"][tag]
    p.n(1, "complementary", "Check out asset", key="panel")
    p.n(2, "heading", f"Check out {tag}", key="panel.h")
    p.n(2, "button", "Close panel", key="panel.close")
    p.t(2, f"{a['model']} · Serial {a['serial']}")
    props = ["hasPopup='listbox'", f"expanded={P.get('options') is not None}", "autocomplete='list'"]
    if P.get("emp_query"):
        props.append(f"value={P['emp_query']!r}")
    p.n(2, "combobox", "Employee", key="panel.emp", props=tuple(props))
    if P.get("options") is not None:
        if P["options"]:
            p.n(3, "listbox", "Employee suggestions", key="panel.sugg")
            for e in P["options"]:
                p.n(4, "option", emp_label(e), key="opt." + e, props=("selected=False",))
        else:
            p.t(3, "No employees found")
    if P.get("selected"):
        e = P["selected"]
        p.t(2, f"Selected: {emp_label(e)}")
        p.n(2, "button", "Clear employee", key="panel.clearemp")
        p.t(2, f"Active loans: {S['loans'][e]} of 2 allowed")
    p.n(2, "textbox", "Due back (YYYY-MM-DD)", key="panel.due",
        props=(f"value={P['due']!r}",) if P.get("due") else ())
    if P.get("due_error"):
        p.t(2, "Enter a date as YYYY-MM-DD.")
    p.t(2, "Loans can run up to 30 days. Leave empty for the standard 7-day loan.")
    p.n(2, "combobox", "Condition at checkout", key="panel.cond", props=("hasPopup='menu'", "expanded=False"))
    p.t(3, "Good")
    p.n(2, "textbox", "Notes (optional)", key="panel.notes")
    p.n(2, "checkbox", "Email the loan agreement to the employee", key="panel.mail", props=("checked='true'",))
    p.n(2, "button", "Check out", key="panel.submit")
    p.n(2, "button", "Cancel", key="panel.cancel")


def effective_due(P):
    return P.get("due") or (TODAY + dt.timedelta(days=7)).isoformat()


def render_dialog(p, S, tag, P):
    a = S["by_tag"][tag]
    e = EMP[P["selected"]]
    p.n(1, "dialog", "Confirm checkout", key="dlg", props=("modal=True",))
    p.n(2, "heading", "Confirm checkout", key="dlg.h")
    p.n(2, "button", "Close", key="dlg.close")
    due = effective_due(P)
    p.t(2, f"Check out {tag} ({a['serial']}) to {e[1]} ({e[0]}, {e[2]}), due back {due}?")
    if not P.get("due"):
        p.t(2, "No due-back date was entered, so the standard 7-day loan applies.")
    p.t(2, f"A loan agreement will be emailed to {email_of(e[0])}.")
    p.n(2, "button", "Back to form", key="dlg.back")
    p.n(2, "button", "Confirm checkout", key="dlg.confirm")


# ---------------------------------------------------------------------------
# Run machinery
# ---------------------------------------------------------------------------
class Run:
    def __init__(self, rid, fault=None, note=None, banner=None):
        self.rid, self.fault, self.note, self.banner = rid, fault, note, banner
        self.reg = Registry()
        self.S = fresh_state()
        self.view = None
        self.steps = []
        self.cur = None
        self.initial = None
        self.first = None
        self.msg = None

    # views ------------------------------------------------------------------
    def render(self):
        v = self.view
        k = v["kind"]
        if k == "assets":
            return page_assets(self.reg, self.S, v, banner=self.banner, toast=v.get("toast"))
        if k == "dashboard":
            return page_dashboard(self.reg, self.S, banner=self.banner)
        if k == "asset":
            return page_asset(self.reg, self.S, v["tag"], tab=v.get("tab", "Overview"), panel=v.get("panel"),
                              dialog=v.get("dialog"), toast=v.get("toast"), alert=v.get("alert"),
                              banner=self.banner, toast_role=v.get("toast_role", "status"))
        if k == "signin":
            return page_signin(self.reg, v["next"])
        raise ValueError(k)

    def start(self, **view):
        self.view = view
        self.cur = self.render()
        self.initial = self.cur.obs()

    def off_track_here(self):
        """Mark the next step as the first off-track step."""
        assert self.first is None, self.rid
        self.first = len(self.steps)

    def step(self, commitment, verb, key, arg, reasoning, effect, mutate=None, off=False):
        if off:
            self.off_track_here()
        page = self.cur
        if verb == "msg":
            command, target = f"send_msg_to_user({arg!r})", None
            self.msg = arg
        else:
            if key not in page.keys:
                raise KeyError(f"{self.rid}: {key} not on {page.url}")
            bid, target = page.keys[key], page.desc[key]
            command = {
                "click": f"click({bid!r})",
                "fill": f"fill({bid!r}, {arg!r})",
                "select": f"select_option({bid!r}, {arg!r})",
                "press": f"press({bid!r}, {arg!r})",
            }[verb]
        if mutate:
            mutate(self)
        self.cur = self.render()
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": self.cur.obs(),
        })

    def record(self, success):
        if self.fault is None:
            assert self.first is None
        else:
            assert self.first is not None and 0 <= self.first < len(self.steps), self.rid
        label = {"fault": self.fault, "first_off_track_step": self.first}
        if self.note:
            label["note"] = self.note
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": label,
            "initial_observation": self.initial,
            "steps": self.steps,
            "outcome": {"success": success, "final_message": self.msg},
        }


# small mutators ------------------------------------------------------------
def set_view(**kw):
    def f(r):
        r.view.update(kw)
    return f


def new_view(**kw):
    def f(r):
        r.view = dict(kw)
    return f


def seq(*fs):
    def f(r):
        for g in fs:
            g(r)
    return f


def panel_set(**kw):
    def f(r):
        r.view["panel"].update(kw)
    return f


# reusable step groups --------------------------------------------------------
def search_list(r, query, press=True, off=False):
    r.step("find-asset", "fill", "list.search", query,
           f"Type {query} into the assets filter box", "read", set_view(pending_q=query), off=off)
    if press:
        r.step("find-asset", "press", "list.search", "Enter", "Run the search",
               "read", set_view(q=query, page=1))
    else:
        r.step("find-asset", "click", "list.searchbtn", None, "Run the search",
               "read", set_view(q=query, page=1))


def open_asset(r, tag, reasoning=None, off=False, commitment="find-asset"):
    r.step(commitment, "click", "row." + tag, None,
           reasoning or f"Open {tag}, the row whose tag and serial match the task",
           "read", new_view(kind="asset", tag=tag), off=off)


def open_panel(r, off=False):
    r.step("open-checkout", "click", "detail.checkout", None,
           "The asset is Available; open the checkout panel", "read",
           set_view(panel={"emp_query": None, "options": None, "selected": None, "due": None}, toast=None),
           off=off)


def type_employee(r, query):
    r.step("fill-checkout", "fill", "panel.emp", query, f"Search the directory for {query}", "write",
           panel_set(emp_query=query, options=suggest(query), selected=None))


def pick_employee(r, emp_id, reasoning=None, off=False):
    r.step("fill-checkout", "click", "opt." + emp_id, None,
           reasoning or f"Pick {emp_label(emp_id)}, the Finance employee named in the task",
           "write", panel_set(selected=emp_id, options=None, emp_query=EMP[emp_id][1]), off=off)


def fill_due(r, value, reasoning=None, off=False, error=False):
    r.step("fill-checkout", "fill", "panel.due", value, reasoning or f"Set Due back to {value}", "write",
           panel_set(due=value, due_error=error), off=off)


def submit_panel(r, reasoning=None, off=False):
    r.step("confirm-checkout", "click", "panel.submit", None,
           reasoning or "Form is complete; submit the checkout", "read",
           set_view(dialog=dict(r.view["panel"])), off=off)


def do_confirm(r, emp_id, due, reasoning=None, off=False):
    tag = r.view["tag"]

    def f(rr):
        checkout(rr.S, tag, emp_id, due)
        rr.view.update(panel=None, dialog=None,
                       toast=f"{tag} checked out to {EMP[emp_id][1]} · due back {due}")
    r.step("confirm-checkout", "click", "dlg.confirm", None,
           reasoning or "The summary matches the task; confirm the checkout", "irreversible", f, off=off)


def open_history(r, reasoning=None):
    r.step("verify-history", "click", "tab.History", None,
           reasoning or "Check the History tab for the new loan entry", "read", set_view(tab="History"))


def report(r, text, off=False, commitment="verify-history"):
    r.step(commitment, "msg", None, text, "Report the result to the user", "read", off=off)


def tail(r, emp_query="Dana Whit", due=TARGET_DUE):
    """The healthy second half: panel, employee, date, submit, confirm, history, report."""
    open_panel(r)
    type_employee(r, emp_query)
    pick_employee(r, TARGET_EMP)
    fill_due(r, due)
    submit_panel(r)
    do_confirm(r, TARGET_EMP, due)
    open_history(r)
    report(r, f"Done: {r.view['tag']} (serial {r.S['by_tag'][r.view['tag']]['serial']}) is checked out to "
              f"Dana Whitfield (EMP-3082, Finance), due back {due}; the History tab shows the loan.")


# ---------------------------------------------------------------------------
# 4. Healthy runs
# ---------------------------------------------------------------------------
def healthy_runs():
    runs = []

    # H1: filter box search by asset tag, straight through.
    r = Run("kitroom-healthy-01")
    r.start(kind="assets")
    search_list(r, TARGET)
    open_asset(r, TARGET)
    tail(r, emp_query="Dana Whitfield")
    runs.append(r.record(True))

    # H2: the task asks for an available laptop: Status filter, then page 2.
    r = Run("kitroom-healthy-02")
    r.start(kind="assets")
    r.step("find-asset", "select", "f.status", "Available",
           "The task says it is one of the available laptops; filter Status to Available", "read",
           set_view(status="Available", page=1))
    pg = page_of(r.S, r.view, TARGET)
    assert pg == 2, pg
    r.step("find-asset", "click", f"pag.{pg}", None, "KR-LT-0417 is not on page 1; go to page 2", "read",
           set_view(page=pg))
    open_asset(r, TARGET)
    tail(r, emp_query="Dana Whit")
    runs.append(r.record(True))

    # H3: sort by asset tag, then jump to the page that holds KR-LT-04xx.
    r = Run("kitroom-healthy-03")
    r.start(kind="assets")
    r.step("find-asset", "click", "sort.tag", None, "Sort the table by asset tag to browse to KR-LT-0417",
           "read", set_view(sort=("tag", "asc"), page=1))
    pg = page_of(r.S, r.view, TARGET)
    assert pg > 1
    r.step("find-asset", "click", f"pag.{pg}", None, f"Tags starting KR-LT-04 are on page {pg}", "read",
           set_view(page=pg))
    open_asset(r, TARGET, reasoning="KR-LT-0417 with serial PF3KX7Q2 is Available; open it")
    tail(r, emp_query="Whitfield")
    runs.append(r.record(True))

    # H4: header search by serial number; close matches shown below the single hit.
    r = Run("kitroom-healthy-04")
    r.start(kind="assets")
    r.step("find-asset", "fill", "global.search", TARGET_SERIAL, "Search by the serial number from the task",
           "read", set_view(gq=TARGET_SERIAL))
    r.step("find-asset", "press", "global.search", "Enter", "Run the search", "read",
           set_view(q=TARGET_SERIAL, page=1))
    open_asset(r, TARGET, reasoning="The only exact hit for PF3KX7Q2 is KR-LT-0417; open it")
    tail(r, emp_query="Dana")
    runs.append(r.record(True))

    # H5: the confirmation dialog is opened, the agent goes back to the form, then confirms.
    r = Run("kitroom-healthy-05")
    r.start(kind="assets")
    search_list(r, TARGET, press=False)
    open_asset(r, TARGET)
    open_panel(r)
    type_employee(r, "Dana Whit")
    pick_employee(r, TARGET_EMP)
    fill_due(r, TARGET_DUE)
    submit_panel(r)
    r.step("confirm-checkout", "click", "dlg.back", None,
           "Go back to the form to double-check the condition field before confirming", "read",
           set_view(dialog=None))
    submit_panel(r, reasoning="Form is unchanged and correct; submit again")
    do_confirm(r, TARGET_EMP, TARGET_DUE)
    open_history(r)
    report(r, "KR-LT-0417 (PF3KX7Q2) is now on loan to Dana Whitfield, Finance, due back 2025-03-14. "
              "The loan is listed in the asset history.")
    runs.append(r.record(True))

    # H6: due date typed in the wrong format, validation message, retyped.
    r = Run("kitroom-healthy-06")
    r.start(kind="assets")
    search_list(r, TARGET)
    open_asset(r, TARGET)
    open_panel(r)
    type_employee(r, "Dana Whit")
    pick_employee(r, TARGET_EMP)
    fill_due(r, "14/03/2025", reasoning="Enter the due-back date", error=True)
    fill_due(r, TARGET_DUE, reasoning="The field wants YYYY-MM-DD; retype the date as 2025-03-14")
    submit_panel(r)
    do_confirm(r, TARGET_EMP, TARGET_DUE)
    open_history(r)
    report(r, "Checked out KR-LT-0417 to Dana Whitfield (EMP-3082), due 2025-03-14. History shows the entry.")
    runs.append(r.record(True))

    # H7: starts on the dashboard under a maintenance banner; dismisses the success toast.
    r = Run("kitroom-healthy-07",
            banner="KitRoom will be read-only on Saturday 1 March, 02:00–04:00, for scheduled maintenance.")
    r.start(kind="dashboard")
    r.step("find-asset", "click", "nav.assets", None, "Go to the Assets list", "read", new_view(kind="assets"))
    search_list(r, TARGET, press=False)
    open_asset(r, TARGET)
    open_panel(r)
    type_employee(r, "Dana Whitfield")
    pick_employee(r, TARGET_EMP)
    fill_due(r, TARGET_DUE)
    submit_panel(r)
    do_confirm(r, TARGET_EMP, TARGET_DUE)
    r.step("verify-history", "click", "toast.dismiss", None, "Dismiss the success notification", "read",
           set_view(toast=None))
    open_history(r)
    report(r, "Done. KR-LT-0417 is on loan to Dana Whitfield until 2025-03-14 and the loan is in its history.")
    runs.append(r.record(True))

    # H8: partial serial search returns three near-identical laptops; agent picks by full serial.
    r = Run("kitroom-healthy-08")
    r.start(kind="assets")
    search_list(r, "PF3KX7")
    r.step("find-asset", "click", "sort.tag", None, "Sort the three hits by tag to compare them", "read",
           set_view(sort=("tag", "asc")))
    open_asset(r, TARGET, reasoning="Of KR-LT-0417, KR-LT-0418 and KR-LT-0447 only KR-LT-0417 has serial "
                                    "PF3KX7Q2; open it")
    tail(r, emp_query="Dana")
    runs.append(r.record(True))
    return runs


# ---------------------------------------------------------------------------
# 5. Faulty runs (written after the plan above was frozen)
# ---------------------------------------------------------------------------
def faulty_runs():
    runs = []

    # F1: agent opens the close match KR-LT-0447 instead of KR-LT-0417.
    r = Run("kitroom-wrong_record-01", "wrong_record",
            "opens near-miss KR-LT-0447 (serial PF3KX7Q7) from Close matches and checks it out")
    r.start(kind="assets")
    search_list(r, TARGET)
    open_asset(r, "KR-LT-0447", reasoning="KR-LT-0447 is an available T14 Gen 4 like the one requested; open it",
               off=True)
    tail(r, emp_query="Dana Whitfield")
    runs.append(r.record(False))

    # F2: agent mistypes the serial in the header search and follows the hit.
    r = Run("kitroom-wrong_record-02", "wrong_record",
            "searches serial PF3KX7Q7 (one character off) and checks out KR-LT-0447")
    r.start(kind="assets")
    r.step("find-asset", "fill", "global.search", "PF3KX7Q7", "Search by the serial number from the task",
           "read", set_view(gq="PF3KX7Q7"), off=True)
    r.step("find-asset", "press", "global.search", "Enter", "Run the search", "read",
           set_view(q="PF3KX7Q7", page=1))
    open_asset(r, "KR-LT-0447", reasoning="One exact hit for the serial; open it")
    tail(r, emp_query="Dana Whit")
    runs.append(r.record(False))

    # F3: wrong employee chosen from the suggestions.
    r = Run("kitroom-wrong_value-01", "wrong_value",
            "picks Dana Whitford (Facilities, EMP-3028) from the employee suggestions")
    r.start(kind="assets")
    search_list(r, TARGET)
    open_asset(r, TARGET)
    open_panel(r)
    type_employee(r, "Dana Whit")
    pick_employee(r, "EMP-3028", reasoning="Dana Whitford is the Dana W. in the suggestions; select her",
                  off=True)
    fill_due(r, TARGET_DUE)
    submit_panel(r)
    do_confirm(r, "EMP-3028", TARGET_DUE)
    open_history(r)
    report(r, "KR-LT-0417 is checked out to Dana, due back 2025-03-14.")
    runs.append(r.record(False))

    # F4: wrong due-back date.
    r = Run("kitroom-wrong_value-02", "wrong_value",
            "enters due back 2025-03-13 (reads 'due back 14 March' as 'return before the 14th')")
    r.start(kind="assets")
    search_list(r, TARGET)
    open_asset(r, TARGET)
    open_panel(r)
    type_employee(r, "Dana Whitfield")
    pick_employee(r, TARGET_EMP)
    fill_due(r, "2025-03-13", reasoning="She must return it before the 14th, so the last loan day is 2025-03-13",
             off=True)
    submit_panel(r)
    do_confirm(r, TARGET_EMP, "2025-03-13")
    open_history(r)
    report(r, "KR-LT-0417 is checked out to Dana Whitfield, due back 2025-03-13.")
    runs.append(r.record(False))

    # F5: silent no-op: confirm closes the dialog, nothing is saved, no message.
    r = Run("kitroom-silent_no_op-01", "silent_no_op",
            "Confirm checkout closes the dialog and panel but nothing is saved; no toast, status stays Available")
    r.start(kind="assets")
    search_list(r, TARGET)
    open_asset(r, TARGET)
    open_panel(r)
    type_employee(r, "Dana Whit")
    pick_employee(r, TARGET_EMP)
    fill_due(r, TARGET_DUE)
    submit_panel(r)
    r.off_track_here()
    r.step("confirm-checkout", "click", "dlg.confirm", None, "The summary matches the task; confirm the checkout",
           "irreversible", set_view(panel=None, dialog=None))
    open_history(r)
    report(r, "KR-LT-0417 has been checked out to Dana Whitfield, due back 2025-03-14.")
    runs.append(r.record(False))

    # F6: unrequested Location filter hides the asset; agent gives up.
    r = Run("kitroom-unrequested_filter-01", "unrequested_filter",
            "adds a Location filter (HQ Floor 3 locker) the task never asked for; KR-LT-0417 is in Storeroom B2")
    r.start(kind="assets")
    r.step("find-asset", "select", "f.status", "Available", "The task asks for an available laptop", "read",
           set_view(status="Available", page=1))
    r.step("find-asset", "select", "f.location", "HQ Floor 3 locker",
           "Finance sits on HQ Floor 3; limit to the locker there so she can collect it", "read",
           set_view(location="HQ Floor 3 locker", page=1), off=True)
    search_list(r, TARGET)
    report(r, "KR-LT-0417 is not among the available laptops, so I could not check it out. "
              "KR-LT-0447 is available if that helps.", commitment="find-asset")
    runs.append(r.record(False))

    # F7: session expires when the confirmation is posted.
    r = Run("kitroom-session_expired-01", "session_expired",
            "confirming redirects to the sign-in page; the checkout was not saved")
    r.start(kind="assets")
    search_list(r, TARGET)
    open_asset(r, TARGET)
    open_panel(r)
    type_employee(r, "Dana Whitfield")
    pick_employee(r, TARGET_EMP)
    fill_due(r, TARGET_DUE)
    submit_panel(r)
    r.off_track_here()
    r.step("confirm-checkout", "click", "dlg.confirm", None, "The summary matches the task; confirm the checkout",
           "irreversible", new_view(kind="signin", next="/kitroom/assets/KR-LT-0417"))
    report(r, "I confirmed the checkout of KR-LT-0417 to Dana Whitfield (due 2025-03-14); "
              "KitRoom then asked me to sign in again.", commitment="confirm-checkout")
    runs.append(r.record(False))

    # F8: permission refusal when opening the checkout panel.
    r = Run("kitroom-permission_denied-01", "permission_denied",
            "Check out is refused with a permission alert; the panel never opens")
    r.start(kind="assets")
    search_list(r, TARGET)
    open_asset(r, TARGET)
    refusal = ("You don't have permission to check out this asset. Your role was changed to "
               "Service desk (read only) by an administrator at 09:47.")
    r.off_track_here()
    r.step("open-checkout", "click", "detail.checkout", None, "The asset is Available; open the checkout panel",
           "read", set_view(alert=refusal))
    r.step("open-checkout", "click", "detail.checkout", None, "Try the Check out button once more", "read")
    report(r, "I could not check out KR-LT-0417: KitRoom says I no longer have permission to check out assets.",
           commitment="open-checkout")
    runs.append(r.record(False))

    # F9: premature report of success before submitting the form.
    r = Run("kitroom-premature_success-01", "premature_success",
            "reports the checkout as done after filling the panel, without submitting or confirming")
    r.start(kind="assets")
    search_list(r, TARGET)
    open_asset(r, TARGET)
    open_panel(r)
    type_employee(r, "Dana Whit")
    pick_employee(r, TARGET_EMP)
    fill_due(r, TARGET_DUE)
    report(r, "KR-LT-0417 is checked out to Dana Whitfield (Finance), due back 2025-03-14.", off=True,
           commitment="fill-checkout")
    runs.append(r.record(False))

    # F10: skipped step: no due date entered, the 7-day default is saved.
    r = Run("kitroom-skipped_step-01", "skipped_step",
            "submits without entering a due date; the standard 7-day loan (2025-03-07) is saved")
    r.start(kind="assets")
    search_list(r, TARGET)
    open_asset(r, TARGET)
    open_panel(r)
    type_employee(r, "Dana Whitfield")
    pick_employee(r, TARGET_EMP)
    submit_panel(r, reasoning="Employee is set; submit the checkout", off=True)
    do_confirm(r, TARGET_EMP, "2025-03-07", reasoning="Confirm the checkout")
    open_history(r)
    report(r, "KR-LT-0417 is checked out to Dana Whitfield and shows in the history.")
    runs.append(r.record(False))

    # F11: dialog mishandled: agent closes the confirmation dialog instead of confirming.
    r = Run("kitroom-dialog_mishandled-01", "dialog_mishandled",
            "closes the confirmation dialog with Close; checkout is cancelled, then success is reported")
    r.start(kind="assets")
    search_list(r, TARGET)
    open_asset(r, TARGET)
    open_panel(r)
    type_employee(r, "Dana Whit")
    pick_employee(r, TARGET_EMP)
    fill_due(r, TARGET_DUE)
    submit_panel(r)
    r.step("confirm-checkout", "click", "dlg.close", None,
           "The summary shows the checkout details; close the summary to finish", "read",
           set_view(dialog=None, panel=None, toast="Checkout cancelled. Nothing was saved."), off=True)
    report(r, "KR-LT-0417 is checked out to Dana Whitfield, due back 2025-03-14.", commitment="confirm-checkout")
    runs.append(r.record(False))

    # F12: stale saved view (Status is In repair) restored on the start page.
    r = Run("kitroom-stale_filter-01", "stale_filter",
            "start page restores a saved view filtered to In repair; the available laptop cannot appear")
    r.off_track_here()  # visible on the start page: label 0
    r.start(kind="assets", status="In repair",
            saved_view="Saved view restored: Repairs queue (last used 27 Feb)")
    search_list(r, TARGET)
    report(r, "There is no laptop KR-LT-0417 in KitRoom that I can check out; the closest match is "
              "KR-LT-0418, which is in repair.", commitment="find-asset")
    runs.append(r.record(False))
    return runs


# ---------------------------------------------------------------------------
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    os.makedirs(os.path.join(args.out, "plans"), exist_ok=True)
    with open(os.path.join(args.out, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    runs = healthy_runs() + faulty_runs()
    with open(os.path.join(args.out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for run in runs:
            f.write(json.dumps(run, ensure_ascii=False) + "\n")
    print(f"wrote {len(runs)} runs to {os.path.join(args.out, 'corpus.jsonl')}")


if __name__ == "__main__":
    main()
