#!/usr/bin/env python3
"""Generate the LeaseBook held-out corpus (corpus.jsonl + plans/leasebook.yaml).

LeaseBook is an invented commercial real-estate lease administration tool.
Workflow: record a tenant's exercise of a renewal option on one named lease.

Python 3 standard library only. Every random choice comes from random.Random
seeded with a fixed value, so two runs write byte-identical files.

Usage:  python3 make_corpus.py [--out DIR]     (DIR defaults to this folder)
"""
import copy
import datetime
import json
import os
import random
import sys
import urllib.parse

SEED = 20417
HOST = "http://127.0.0.1:8000"
BASE = HOST + "/leasebook"
WORKFLOW = "leasebook"
PLAN_REL = "plans/leasebook.yaml"
TODAY = datetime.date(2025, 1, 20)

TASK = (
    "Brightline Coffee has exercised its first renewal option on lease L-20417 "
    "(Harborview Commons, 400 Harbor Street, Suite 210). Record it in LeaseBook: "
    "notice received 2025-01-15, new term 5 years from 2025-07-01 to 2030-06-30, "
    "base rent $48.50 per sq ft per year. Make sure the lease shows the new expiration."
)

# ---------------------------------------------------------------------------
# The plan. Written from the task text and the healthy pages only, before any
# faulty run existed, and not tuned afterwards.
# ---------------------------------------------------------------------------
PLAN_YAML = """\
# LeaseBook: record the exercise of Renewal Option 1 on lease L-20417.
# Written from the task text and the pages of healthy runs only.
task: "Brightline Coffee has exercised its first renewal option on lease L-20417 (Harborview Commons, 400 Harbor Street, Suite 210). Record it in LeaseBook: notice received 2025-01-15, new term 5 years from 2025-07-01 to 2030-06-30, base rent $48.50 per sq ft per year. Make sure the lease shows the new expiration."
plan_falsifiers:
  execution:
    - Sign in to LeaseBook
    - Your session has ended. Sign in again to continue.
    - Something went wrong
    - You don't have permission
commitments:
  - id: open-lease
    subgoal: Open lease L-20417 (Brightline Coffee, 400 Harbor Street, Suite 210)
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - LeaseBook
      progress:
        - Search results
        - Leases · LeaseBook
      completion:
        - Lease L-20417 · Brightline Coffee
        - 400 Harbor Street, Suite 210
    falsify:
      execution:
        - L-20471
        - L-20418
        - L-21417
        - Suite 201
        - 440 Harbor Street
        - Brightline Coffee Roasters
        - No leases match
        - {text: L-20471, on: action}
        - {text: L-20418, on: action}
        - {text: L-21417, on: action}
      skill:
        - Search is temporarily unavailable
      planning:
        - Lease L-20417 has been terminated
  - id: start-exercise
    subgoal: Start the Exercise option wizard for Renewal Option 1 on L-20417
    skill: start_wizard_from_row
    confidence: 0.75
    confirm:
      precondition:
        - Lease L-20417 · Brightline Coffee
      progress:
        - Renewal Option 1
        - 2024-07-01 – 2025-03-31
      completion:
        - Exercise Renewal Option 1
        - Step 1 of 3 · Option and notice
    falsify:
      execution:
        - Exercise Renewal Option 2
        - Exercise Expansion Option
        - {text: Exercise Renewal Option 2, on: action}
        - {text: Exercise Expansion Option, on: action}
        - {text: Edit lease, on: action}
      planning:
        - Renewal Option 1 has lapsed
        - Renewal Option 1 · Exercised
  - id: enter-terms
    subgoal: Enter notice date 2025-01-15, term 2025-07-01 to 2030-06-30 and base rent $48.50 per sq ft per year
    skill: fill_form
    confidence: 0.7
    confirm:
      precondition:
        - Step 1 of 3 · Option and notice
      progress:
        - Step 2 of 3 · New term and rent
        - Draft saved
      completion:
        - Step 3 of 3 · Review
        - $48.50 / sq ft / yr
        - 2025-07-01 – 2030-06-30 (60 months)
    falsify:
      execution:
        - $44.25 / sq ft / yr
        - $45.80
        - "2030-07-01"
        - Enter a valid date
        - {text: "45.80", on: action}
        - {text: "44.25", on: action}
      planning:
        - Notice date is outside the notice window
  - id: record-exercise
    subgoal: Record the exercise and check that L-20417 now expires 2030-06-30
    skill: submit_and_verify
    confidence: 0.7
    confirm:
      precondition:
        - Step 3 of 3 · Review
      progress:
        - Record this option exercise?
      completion:
        - Renewal Option 1 exercised. Lease L-20417 now expires 2030-06-30.
        - Exercised 2025-01-15
    falsify:
      execution:
        - Expiration 2025-06-30
        - Renewal Option 1 still shows Open after recording
        - No confirmation message appears after Record exercise
        - Draft saved. Renewal Option 1 is not exercised
        - {text: Save as draft, on: action}
        - {text: Cancel, on: action}
      planning: []
"""

# ---------------------------------------------------------------------------
# The portfolio
# ---------------------------------------------------------------------------
PROPERTIES = {
    "Harborview Commons": "400 Harbor Street",
    "Harbor Point": "440 Harbor Street",
    "Quayside Tower": "1400 Harbor Boulevard",
    "Millrace Center": "77 Millrace Road",
    "Fenwick Yards": "12 Fenwick Lane",
    "Alder Park Offices": "2300 Alder Parkway",
}

_L = [
    ("L-20102", "Northgate Dental Group", "Millrace Center", "Suite 100", 3400, 31.00, "2019-02-01", "2029-01-31", "Active"),
    ("L-20115", "Pell & Rowan LLP", "Alder Park Offices", "Suite 400", 8120, 38.75, "2021-05-01", "2031-04-30", "Active"),
    ("L-20133", "Ouzel Bike Works", "Fenwick Yards", "Unit 3", 2900, 24.50, "2018-09-01", "2024-08-31", "Holdover"),
    ("L-20147", "Brightline Fitness", "Harborview Commons", "Suite 120", 5600, 29.90, "2022-01-01", "2032-12-31", "Active"),
    ("L-20160", "Tamsin Florals", "Harborview Commons", "Suite 105", 1050, 41.00, "2020-03-01", "2025-02-28", "Renewal notice overdue"),
    ("L-20188", "Castellan Insurance", "Alder Park Offices", "Suite 210", 4480, 36.10, "2017-11-01", "2024-10-31", "Expired"),
    ("L-20204", "Kettle & Ash Bakery", "Millrace Center", "Suite 140", 1800, 33.25, "2023-04-01", "2028-03-31", "Active"),
    ("L-20239", "Verity Labs", "Quayside Tower", "Suite 1800", 12300, 52.00, "2021-01-01", "2031-12-31", "Active"),
    ("L-20251", "Harbor Pediatrics", "Harbor Point", "Suite 300", 3950, 39.40, "2019-07-01", "2029-06-30", "Active"),
    ("L-20276", "Moxie Nail Studio", "Harborview Commons", "Suite 115", 980, 43.00, "2021-08-01", "2026-07-31", "Default · rent overdue"),
    ("L-20302", "Granary Supply Co.", "Fenwick Yards", "Unit 7", 6200, 18.75, "2020-10-01", "2030-09-30", "Active · Renewed"),
    ("L-20359", "Lumen Eyecare", "Harbor Point", "Suite 110", 1700, 44.00, "2022-06-01", "2027-05-31", "Active"),
    ("L-20388", "Stillwater Yoga", "Harborview Commons", "Suite 230", 2400, 40.50, "2019-05-01", "2024-04-30", "Terminated"),
    ("L-20417", "Brightline Coffee", "Harborview Commons", "Suite 210", 2150, 44.25, "2020-07-01", "2025-06-30", "Active · Renewal window open"),
    ("L-20418", "Brightline Coffee", "Harbor Point", "Suite 210", 1900, 45.80, "2020-10-01", "2025-09-30", "Active · Renewal window open"),
    ("L-20433", "Ardent Tax Partners", "Alder Park Offices", "Suite 120", 2050, 34.00, "2022-02-01", "2027-01-31", "Active"),
    ("L-20471", "Brightline Coffee", "Harborview Commons", "Suite 201", 640, 48.50, "2021-04-01", "2026-03-31", "Active · Renewal window open"),
    ("L-20490", "Quill & Query Books", "Millrace Center", "Suite 120", 2700, 27.80, "2018-01-01", "2027-12-31", "Active"),
    ("L-20512", "Beacon Urgent Care", "Quayside Tower", "Suite 200", 6800, 47.25, "2025-03-01", "2035-02-28", "Pending signature"),
    ("L-20538", "Fathom Seafood Bar", "Harbor Point", "Suite 150", 3300, 46.60, "2021-12-01", "2031-11-30", "Active"),
    ("L-20604", "Juniper Co-work", "Quayside Tower", "Suite 900", 15400, 49.10, "2022-09-01", "2032-08-31", "Active"),
    ("L-20655", "Sablewood Realty", "Alder Park Offices", "Suite 310", 2200, 35.60, "2020-01-01", "2026-12-31", "Active"),
    ("L-20700", "Cobalt Pharmacy", "Millrace Center", "Suite 110", 2600, 30.40, "2015-02-11", "2025-02-10", "Active · Expiring"),
    ("L-20742", "Ironbark Grill", "Harbor Point", "Suite 160", 4100, 42.90, "2023-06-01", "2033-05-31", "Active"),
    ("L-20815", "Ridgeview Physio", "Alder Park Offices", "Suite 150", 1950, 33.80, "2021-03-01", "2026-02-28", "Active"),
    ("L-20923", "Pinecrest Veterinary", "Fenwick Yards", "Unit 11", 3600, 21.30, "2019-04-01", "2025-03-31", "Non-renewal notice received"),
    ("L-21066", "Tidewater Credit Union", "Quayside Tower", "Suite 100", 5200, 55.00, "2018-06-01", "2028-05-31", "Active"),
    ("L-21198", "Halcyon Salon", "Harborview Commons", "Suite 130", 1400, 42.00, "2022-11-01", "2027-10-31", "Active"),
    ("L-21302", "Marlow Print Shop", "Fenwick Yards", "Unit 2", 1650, 22.75, "2016-08-01", "2024-07-31", "Expired"),
    ("L-21417", "Brightline Coffee Roasters", "Quayside Tower", "Suite 2100", 3100, 52.75, "2020-02-15", "2025-02-14", "Renewal notice overdue"),
    ("L-21450", "Orchid Thai Kitchen", "Harbor Point", "Suite 120", 2250, 45.50, "2024-01-01", "2029-12-31", "Active"),
    ("L-21488", "Wexford Staffing", "Quayside Tower", "Suite 1210", 4300, 48.05, "2023-02-01", "2028-01-31", "Active"),
    ("L-21502", "Saltmarsh Outfitters", "Millrace Center", "Suite 160", 3900, 26.90, "2020-05-01", "2030-04-30", "Active"),
    ("L-21530", "Everly Dermatology", "Alder Park Offices", "Suite 220", 2900, 37.20, "2024-08-01", "2034-07-31", "Active"),
]
LEASES = {}
for _lid, _t, _p, _s, _sf, _r, _st, _ex, _status in _L:
    LEASES[_lid] = dict(id=_lid, tenant=_t, prop=_p, address=PROPERTIES[_p], suite=_s, sqft=_sf,
                        rate=_r, start=_st, expires=_ex, status=_status)
LEASE_IDS = [x[0] for x in _L]


def premises(lease):
    return f"{lease['address']}, {lease['suite']}"


def money(x):
    return f"${x:,.2f}"


def monthly(rate, sqft):
    return money(round(rate * sqft / 12 + 1e-9, 2))


OPTIONS = {
    "L-20417": [
        dict(oid="RO-1", name="Renewal Option 1", kind="Renewal", term="5 years", start="2025-07-01", end="2030-06-30",
             window="2024-07-01 – 2025-03-31", rent="95% of fair market rent, not less than $46.00 / sq ft / yr",
             status="Open", clause="§34.1", exercisable=True),
        dict(oid="RO-2", name="Renewal Option 2", kind="Renewal", term="5 years", start="2030-07-01", end="2035-06-30",
             window="2029-07-01 – 2030-03-31", rent="95% of fair market rent",
             status="Open · after Option 1", clause="§34.2", exercisable=True),
        dict(oid="TO-1", name="Termination Option", kind="Early termination", term="Effective 2023-06-30",
             start=None, end=None, window="2022-07-01 – 2022-12-31", rent="Fee: 4 months base rent",
             status="Lapsed", clause="§35", exercisable=False),
        dict(oid="EX-1", name="Expansion Option", kind="Right of first offer · Suite 220", term="Co-terminous",
             start=None, end=None, window="On landlord offer notice", rent="Then-current rate",
             status="Open", clause="§36", exercisable=True),
    ],
    "L-20418": [
        dict(oid="RO-1", name="Renewal Option 1", kind="Renewal", term="5 years", start="2025-10-01", end="2030-09-30",
             window="2025-01-01 – 2025-03-31", rent="Fixed: $47.20 / sq ft / yr", status="Open", clause="§31.1",
             exercisable=True),
        dict(oid="RO-2", name="Renewal Option 2", kind="Renewal", term="5 years", start="2030-10-01", end="2035-09-30",
             window="2030-01-01 – 2030-03-31", rent="95% of fair market rent", status="Open · after Option 1",
             clause="§31.2", exercisable=True),
    ],
    "L-20471": [
        dict(oid="RO-1", name="Renewal Option 1", kind="Renewal", term="5 years", start="2026-04-01", end="2031-03-31",
             window="2025-01-01 – 2025-09-30", rent="95% of fair market rent", status="Open", clause="§22.1",
             exercisable=True),
    ],
    "L-21417": [
        dict(oid="RO-1", name="Renewal Option 1", kind="Renewal", term="5 years", start="2025-02-15", end="2030-02-14",
             window="2024-05-14 – 2024-11-14", rent="Fixed: $54.00 / sq ft / yr",
             status="Open · notice deadline passed, landlord consent needed", clause="§29.1", exercisable=True),
    ],
}

CLAUSES = {
    ("L-20417", "RO-1"): (
        "Tenant may extend the Term for one period of five (5) years by written notice to Landlord given no "
        "earlier than twelve (12) months and no later than three (3) months before the Expiration Date, "
        "provided Tenant is not then in default beyond any cure period. Base Rent for the extension period "
        "shall be 95% of Fair Market Rent, but not less than $46.00 per rentable square foot per year."),
    ("L-20417", "RO-2"): (
        "If Tenant has exercised the first extension option, Tenant may extend the Term for a second period "
        "of five (5) years on the same notice terms, at 95% of Fair Market Rent."),
}


def options_for(lid):
    if lid in OPTIONS:
        return OPTIONS[lid]
    lease = LEASES[lid]
    end = datetime.date.fromisoformat(lease["expires"])
    s = end + datetime.timedelta(days=1)
    e = datetime.date(s.year + 5, s.month, s.day) - datetime.timedelta(days=1)
    return [dict(oid="RO-1", name="Renewal Option 1", kind="Renewal", term="5 years", start=s.isoformat(),
                 end=e.isoformat(), window="See lease", rent="95% of fair market rent", status="Open",
                 clause="§30.1", exercisable=True)]


def option(lid, oid):
    for o in options_for(lid):
        if o["oid"] == oid:
            return o
    raise KeyError((lid, oid))


def rent_rows(lid):
    lease = LEASES[lid]
    s = datetime.date.fromisoformat(lease["start"])
    e = datetime.date.fromisoformat(lease["expires"])
    rows = []
    years = max(1, e.year - s.year + (1 if (e.month, e.day) >= (s.month, s.day) else 0))
    years = min(years, 10)
    step = 1.00 if lease["rate"] > 30 else 0.50
    for i in range(years):
        ps = datetime.date(s.year + i, s.month, s.day)
        pe = datetime.date(s.year + i + 1, s.month, s.day) - datetime.timedelta(days=1)
        if ps > e:
            break
        pe = min(pe, e)
        # the current year carries the current rate; earlier years step down
        cur_idx = max(0, min(years - 1, TODAY.year - s.year - (1 if (TODAY.month, TODAY.day) < (s.month, s.day) else 0)))
        rate = round(lease["rate"] - step * (cur_idx - i), 2)
        if pe < TODAY:
            note = "Billed"
        elif ps <= TODAY <= pe:
            note = "Current"
        else:
            note = "Scheduled"
        rows.append([f"{ps.isoformat()} – {pe.isoformat()}", money(rate), monthly(rate, lease["sqft"]), note])
    if lid == "L-20417":
        rows[1][3] = "Billed · 1 late payment (2021-11)"
        rows[2][3] = "Billed · abatement cancelled"
    return rows


# ---------------------------------------------------------------------------
# Accessibility-tree page model (BrowserGym-style flattened AXTree)
# ---------------------------------------------------------------------------
class Page:
    def __init__(self, url, title, error=None):
        self.url = url
        self.title = title
        self.error = error
        self.nodes = []          # [depth, bid|None, role, name, props]
        self.keys = {}
        self.n = 0

    def add(self, depth, role, name="", key=None, **props):
        self.n += 1
        bid = str(self.n)
        self.nodes.append([depth, bid, role, name, dict(props)])
        if key is not None and key not in self.keys:
            self.keys[key] = bid
        return bid

    def txt(self, depth, s):
        self.nodes.append([depth, None, "StaticText", s, {}])

    def node(self, bid):
        for n in self.nodes:
            if n[1] == bid:
                return n
        raise KeyError(bid)

    def render(self):
        out = [f"RootWebArea '{self.title}', focused"]
        for depth, bid, role, name, props in self.nodes:
            line = "\t" * depth + (f"[{bid}] " if bid else "") + f"{role} '{name}'"
            for k, v in props.items():
                if k == "focused" and v is True:
                    line += ", focused"
                elif isinstance(v, bool) or isinstance(v, int):
                    line += f", {k}={v}"
                else:
                    line += f", {k}='{v}'"
            out.append(line)
        return "\n".join(out)

    def obs(self):
        return {"url": self.url, "title": self.title, "text": self.render(), "error": self.error}

    def with_value(self, key, value):
        p = copy.deepcopy(self)
        bid = p.keys[key]
        for n in p.nodes:
            n[4].pop("focused", None)
        for i, n in enumerate(p.nodes):
            if n[1] == bid:
                if n[2] == "checkbox":
                    n[4]["checked"] = value
                else:
                    n[4]["value"] = value
                n[4]["focused"] = True
                # update option children of a select
                for m in p.nodes[i + 1:]:
                    if m[0] <= n[0]:
                        break
                    if m[2] == "option":
                        m[4]["selected"] = (m[3] == value)
        return p


class World:
    """Per-run application state plus the bits of chrome that vary between runs."""

    def __init__(self, seed, announce=False, readonly=False):
        rng = random.Random(seed)
        self.rng = rng
        self.user = "Dana Ortiz"
        self.role = "Viewer" if readonly else "Lease Administrator"
        self.readonly = readonly
        self.announce = announce
        self.unread = rng.randint(3, 9)
        self.sync = rng.randint(1, 9)
        self.hh = rng.choice([9, 10, 11, 13, 14, 15, 16])
        self.mm = rng.randint(0, 35)
        self.tick = 0
        self.err_ref = "ERR-%04X-%d" % (rng.randint(0x1000, 0xFFFF), rng.randint(100, 999))
        self.recent = rng.sample(["L-20471", "L-21417", "L-20251", "L-20418", "L-20160", "L-20147"], 3)
        self.state = {}

    def now(self):
        self.tick += 1
        m = self.mm + self.tick
        return f"{self.hh + m // 60:02d}:{m % 60:02d}"

    def lease(self, lid):
        base = dict(LEASES[lid])
        st = self.state.get(lid, {})
        base.update({k: v for k, v in st.items() if k in ("expires", "status")})
        return base

    def opt_status(self, lid, o):
        return self.state.get(lid, {}).get("opt", {}).get(o["oid"], o["status"])

    def extra_rows(self, lid):
        return self.state.get(lid, {}).get("rows", [])

    def record(self, lid, oid, f):
        st = self.state.setdefault(lid, {"opt": {}, "rows": []})
        o = option(lid, oid)
        st["expires"] = f["end"]
        st["status"] = "Active · Renewed"
        st["opt"][oid] = f"Exercised {f['notice']}"
        rate = float(f["rent"])
        esc = f.get("escalation", "None")
        st["rows"].append([f"{f['start']} – {f['end']}", money(rate), monthly(rate, LEASES[lid]["sqft"]),
                           f"{o['name']} · escalation {esc}"])

    def draft(self, lid, oid):
        st = self.state.setdefault(lid, {"opt": {}, "rows": []})
        st["opt"][oid] = "Open · draft exercise saved"


NAV = ["Dashboard", "Leases", "Properties", "Tenants", "Critical dates", "Rent roll", "Reports", "Settings"]


def chrome(p, w, crumbs=None, active=None, search=""):
    p.add(1, "banner", "")
    p.add(2, "link", "LeaseBook home", key="home")
    p.txt(3, "LeaseBook")
    p.txt(2, "Harbor & Quay Properties")
    p.add(2, "searchbox", "Search leases, tenants, properties", key="search", value=search)
    p.add(2, "button", "Search", key="search_btn")
    p.add(2, "button", f"Notifications, {w.unread} unread", key="notif", hasPopup="menu", expanded=False)
    p.add(2, "button", "Help", key="help")
    p.add(2, "button", f"Account menu: {w.user}, {w.role}", key="account", hasPopup="menu", expanded=False)
    if w.announce:
        p.add(1, "region", "Announcement")
        p.txt(2, "Scheduled maintenance: LeaseBook will be unavailable Saturday 25 January, 02:00–04:00 UTC. "
                 "Exports started before then will finish.")
        p.add(2, "button", "Dismiss announcement", key="dismiss")
    if w.readonly:
        p.add(1, "alert", "")
        p.txt(2, "Read-only access: your account is set to Viewer while your Lease Administrator request is "
                 "pending approval. You can view leases but changes are turned off.")
        p.add(2, "link", "View request status", key="req_status")
    p.add(1, "navigation", "Primary")
    for name in NAV:
        if name == active:
            p.add(2, "link", name, key=f"nav:{name}", current="page")
        else:
            p.add(2, "link", name, key=f"nav:{name}")
    if crumbs:
        p.add(1, "navigation", "Breadcrumb")
        for i, c in enumerate(crumbs):
            if i == len(crumbs) - 1:
                p.txt(2, c)
            else:
                p.add(2, "link", c, key=f"crumb:{c}")
    p.add(1, "main", "")


def footer(p, w):
    p.add(1, "contentinfo", "")
    p.txt(2, "© 2025 LeaseBook · Harbor & Quay Properties workspace")
    p.add(2, "link", "System status", key="f:status")
    p.add(2, "link", "Privacy", key="f:privacy")
    p.add(2, "link", "Help center", key="f:help")
    p.txt(2, f"Data synced {w.sync} min ago · Build 4.18.2")


def table(p, depth, name, headers, rows, sortable=(), sorted_by=None):
    p.add(depth, "table", name)
    p.add(depth + 1, "rowgroup", "")
    p.add(depth + 2, "row", "")
    for h in headers:
        if h in sortable:
            props = {"sort": "ascending"} if h == sorted_by else {}
            p.add(depth + 3, "columnheader", h, **props)
            p.add(depth + 4, "button", f"Sort by {h}", key=f"sort:{h}")
        else:
            p.add(depth + 3, "columnheader", h)
    p.add(depth + 1, "rowgroup", "")
    for row in rows:
        p.add(depth + 2, "row", "")
        for cell in row:
            if isinstance(cell, str):
                p.add(depth + 3, "cell", cell)
            elif cell[0] == "link":
                p.add(depth + 3, "cell", cell[1])
                p.add(depth + 4, "link", cell[1], key=cell[2])
            elif cell[0] == "buttons":
                p.add(depth + 3, "cell", cell[1])
                for label, key in cell[2]:
                    p.add(depth + 4, "button", label, key=key)


def recently_viewed(p, w, depth=2):
    p.add(depth, "complementary", "Recently viewed")
    p.add(depth + 1, "heading", "Recently viewed", level=3)
    for lid in w.recent:
        lz = LEASES[lid]
        p.add(depth + 1, "link", f"{lid} · {lz['tenant']} · {lz['suite']}", key=f"recent:{lid}")


def toast_region(p, text, depth=2):
    p.add(depth, "status", "", live="polite")
    p.txt(depth + 1, text)
    p.add(depth + 1, "button", "Dismiss notification", key="toast_close")


# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------
CRIT = [
    ("2024-11-14", "L-21417", "Renewal notice deadline", "Overdue"),
    ("2024-11-30", "L-20160", "Renewal notice deadline", "Overdue"),
    ("2024-12-31", "L-20417", "Insurance certificate renewal", "Overdue"),
    ("2025-01-31", "L-20276", "Default cure period ends", "Open"),
    ("2025-02-10", "L-20700", "Lease expiration", "Upcoming"),
    ("2025-02-14", "L-21417", "Lease expiration", "Upcoming"),
    ("2025-03-31", "L-20417", "Renewal Option 1 notice deadline", "Upcoming"),
    ("2025-03-31", "L-20418", "Renewal Option 1 notice deadline", "Upcoming"),
    ("2025-03-31", "L-20923", "Lease expiration", "Upcoming"),
]


def dashboard(w, search=""):
    p = Page(f"{BASE}/dashboard", "Portfolio overview · LeaseBook")
    chrome(p, w, crumbs=None, active="Dashboard", search=search)
    p.add(2, "heading", "Portfolio overview", level=1)
    p.txt(2, "Monday, 20 January 2025")
    p.add(2, "region", "Portfolio counters")
    active = sum(1 for x in LEASES.values() if x["status"].startswith("Active"))
    for label, value in [("Active leases", str(active)), ("Critical dates in next 90 days", "14"),
                         ("Notices overdue", "2"), ("January rent collected", "92.4%"),
                         ("Leases in holdover", "1")]:
        p.txt(3, label)
        p.txt(3, value)
    p.add(2, "region", "Upcoming critical dates")
    p.add(3, "heading", "Upcoming critical dates", level=2)
    rows = []
    for d, lid, ev, status in CRIT:
        rows.append([d, ("link", lid, f"crit:{lid}:{ev}"), LEASES[lid]["tenant"], ev, status])
    table(p, 3, "Upcoming critical dates", ["Date", "Lease", "Tenant", "Event", "Status"], rows)
    p.add(3, "link", "View all critical dates", key="all_crit")
    p.add(2, "region", "Recent activity")
    p.add(3, "heading", "Recent activity", level=2)
    p.add(3, "list", "")
    for item in ["Auto-pay failed · L-20276 Moxie Nail Studio · January rent · 08:14",
                 "Amendment 3 cancelled · L-20388 Stillwater Yoga · yesterday",
                 "CAM reconciliation posted · Harbor Point · 2 days ago",
                 "Estoppel certificate sent · L-21066 Tidewater Credit Union · 3 days ago",
                 "Renewal Option 1 exercised · L-20302 Granary Supply Co. · last week"]:
        p.add(4, "listitem", item)
    recently_viewed(p, w)
    footer(p, w)
    return p


def filtered(prop="All properties", expiring="Any time", sort="Lease ID"):
    rows = [LEASES[x] for x in LEASE_IDS]
    if prop != "All properties":
        rows = [r for r in rows if r["prop"] == prop]
    if expiring == "Next 90 days":
        lim = TODAY + datetime.timedelta(days=90)
        rows = [r for r in rows if TODAY <= datetime.date.fromisoformat(r["expires"]) <= lim]
    if sort == "Tenant":
        rows.sort(key=lambda r: (r["tenant"], r["id"]))
    elif sort == "Expires":
        rows.sort(key=lambda r: (r["expires"], r["id"]))
    return rows


def leases_list(w, page=1, sort="Lease ID", prop="All properties", expiring="Any time", search=""):
    q = {}
    if sort != "Lease ID":
        q["sort"] = sort.lower()
    if prop != "All properties":
        q["property"] = prop
    if expiring != "Any time":
        q["expiring"] = expiring
    if page != 1:
        q["page"] = str(page)
    url = f"{BASE}/leases" + ("?" + urllib.parse.urlencode(q) if q else "")
    p = Page(url, "Leases · LeaseBook")
    chrome(p, w, crumbs=["Portfolio", "Leases"], active="Leases", search=search)
    p.add(2, "heading", "Leases", level=1)
    rows = filtered(prop, expiring, sort)
    p.txt(2, f"{len(rows)} leases · {len(set(r['prop'] for r in rows))} properties")
    p.add(2, "button", "New lease", key="new_lease")
    p.add(2, "button", "Export CSV", key="export")
    p.add(2, "group", "Filters")
    p.add(3, "combobox", "Property", key="f:property", value=prop, hasPopup="menu", expanded=False)
    for name in ["All properties"] + sorted(PROPERTIES):
        p.add(4, "option", name, selected=(name == prop))
    p.add(3, "combobox", "Status", key="f:status", value="All statuses", hasPopup="menu", expanded=False)
    for name in ["All statuses", "Active", "Holdover", "Expired", "Terminated", "Pending signature"]:
        p.add(4, "option", name, selected=(name == "All statuses"))
    p.add(3, "combobox", "Expiring", key="f:expiring", value=expiring, hasPopup="menu", expanded=False)
    for name in ["Any time", "Next 90 days", "Next 6 months", "Next 12 months", "Already expired"]:
        p.add(4, "option", name, selected=(name == expiring))
    p.add(3, "button", "Apply filters", key="apply")
    p.add(3, "button", "Clear filters", key="clear")
    pages = max(1, (len(rows) + 9) // 10)
    chunk = rows[(page - 1) * 10: page * 10]
    trows = []
    for r in chunk:
        trows.append([("link", r["id"], f"lease:{r['id']}"), r["tenant"], premises(r), r["prop"], r["expires"],
                      money(r["rate"]), r["status"]])
    table(p, 2, "Leases", ["Lease ID", "Tenant", "Premises", "Property", "Expires", "Base rent / sq ft / yr", "Status"],
          trows, sortable=("Lease ID", "Tenant", "Expires", "Status"), sorted_by=sort)
    lo = (page - 1) * 10 + 1
    hi = (page - 1) * 10 + len(chunk)
    p.txt(2, f"Showing {lo}–{hi} of {len(rows)}")
    p.add(2, "navigation", "Pagination")
    p.add(3, "button", "Previous page", key="prev", disabled=(page == 1))
    for i in range(1, pages + 1):
        if i == page:
            p.add(3, "button", f"Page {i}", key=f"page:{i}", current="page")
        else:
            p.add(3, "button", f"Page {i}", key=f"page:{i}")
    p.add(3, "button", "Next page", key="next", disabled=(page == pages))
    recently_viewed(p, w)
    footer(p, w)
    return p


def search_results(w, query):
    toks = query.lower().split()
    hits = []
    for lid in LEASE_IDS:
        r = LEASES[lid]
        hay = " ".join([r["id"], r["tenant"], premises(r), r["prop"]]).lower()
        if all(t in hay for t in toks):
            hits.append(r)
    url = f"{BASE}/search?" + urllib.parse.urlencode({"q": query})
    p = Page(url, f"Search results: {query} · LeaseBook")
    chrome(p, w, crumbs=["Portfolio", "Search"], search=query)
    p.add(2, "heading", "Search results", level=1)
    n = len(hits)
    p.txt(2, f"{n} lease{'s' if n != 1 else ''} found for “{query}”")
    tenants = sorted(set(h["tenant"] for h in hits))
    p.add(2, "tablist", "Result types")
    p.add(3, "tab", f"Leases ({n})", selected=True)
    p.add(3, "tab", f"Tenants ({len(tenants)})", selected=False)
    p.add(3, "tab", "Documents (0)", selected=False)
    p.add(2, "tabpanel", f"Leases ({n})")
    rows = [[("link", h["id"], f"lease:{h['id']}"), h["tenant"], premises(h), h["prop"], h["expires"], h["status"]]
            for h in hits]
    table(p, 3, "Matching leases", ["Lease ID", "Tenant", "Premises", "Property", "Expires", "Status"], rows)
    p.txt(3, "Tip: search by lease ID (for example L-20102) for an exact match.")
    recently_viewed(p, w)
    footer(p, w)
    return p


TABS = ["Summary", "Rent schedule", "Critical dates", "Options", "Documents (6)", "Activity"]


def lease_detail(w, lid, tab="Summary", toast=None, clause=None, extra_query=""):
    lz = w.lease(lid)
    slug = {"Summary": "summary", "Rent schedule": "rent", "Critical dates": "critical-dates",
            "Options": "options"}.get(tab, "summary")
    url = f"{BASE}/leases/{lid}?tab={slug}{extra_query}"
    p = Page(url, f"Lease {lid} · {lz['tenant']} · LeaseBook")
    chrome(p, w, crumbs=["Portfolio", "Leases", lid], active="Leases")
    if toast:
        toast_region(p, toast)
    p.add(2, "heading", f"Lease {lid} · {lz['tenant']}", level=1)
    p.txt(2, f"{premises(lz)} · {lz['prop']}")
    p.add(2, "button", "Edit lease", key="edit")
    p.add(2, "button", "More actions", key="more", hasPopup="menu", expanded=False)
    p.add(2, "region", "Key facts")
    facts = [("Status", lz["status"]), ("Commencement", lz["start"]), ("Expiration", lz["expires"]),
             ("Rentable area", f"{lz['sqft']:,} sq ft"),
             ("Current base rent", f"{money(lz['rate'])} / sq ft / yr ({monthly(lz['rate'], lz['sqft'])} / month)"),
             ("Landlord entity", f"{lz['prop']} LLC"), ("Lease administrator", "Dana Ortiz")]
    for k, v in facts:
        p.txt(3, k)
        p.txt(3, v)
    p.add(2, "tablist", "Lease sections")
    for t in TABS:
        p.add(3, "tab", t, key=f"tab:{t}", selected=(t == tab))
    p.add(2, "tabpanel", tab)
    if tab == "Summary":
        p.add(3, "heading", "Parties", level=2)
        p.txt(3, f"Tenant: {lz['tenant']} LLC · Guarantor: none")
        p.txt(3, f"Landlord: {lz['prop']} LLC, c/o Harbor & Quay Properties")
        p.add(3, "heading", "Use and deposits", level=2)
        p.txt(3, "Permitted use: retail food and beverage" if "Coffee" in lz["tenant"] else "Permitted use: per lease §6")
        p.txt(3, "Security deposit: " + monthly(lz["rate"] * 2, lz["sqft"]) + " (held)")
        p.add(3, "heading", "Amendments", level=2)
        p.add(3, "list", "")
        p.add(4, "listitem", "Amendment 1 · signage rights · executed 2021-02-11")
        p.add(4, "listitem", "Amendment 2 · rent abatement · cancelled 2022-03-04")
    elif tab == "Rent schedule":
        rows = rent_rows(lid) + w.extra_rows(lid)
        p.add(3, "heading", "Base rent schedule", level=2)
        table(p, 3, "Base rent schedule", ["Period", "Annual rate / sq ft", "Monthly base rent", "Notes"], rows)
        p.txt(3, "Operating expenses billed separately (CAM, tax, insurance).")
        p.add(3, "button", "Download schedule (CSV)", key="rent_csv")
    elif tab == "Critical dates":
        p.add(3, "heading", "Critical dates", level=2)
        rows = []
        for o in options_for(lid):
            if o["window"][:2] == "20":
                a, b = o["window"].split(" – ")
                st = "Passed" if b < TODAY.isoformat() else ("Window open" if a <= TODAY.isoformat() else "Upcoming")
                if w.opt_status(lid, o).startswith("Exercised") or o["status"] == "Lapsed":
                    st = "Closed"
                rows.append([f"{o['name']} notice deadline", b, st])
        rows.append(["Lease expiration", lz["expires"], "Upcoming"])
        if lid == "L-20417":
            rows.append(["Insurance certificate renewal", "2024-12-31", "Overdue"])
        rows.append(["CAM reconciliation", "2025-04-30", "Upcoming"])
        table(p, 3, "Critical dates", ["Event", "Date", "Status"], rows)
        p.add(3, "button", "Add critical date", key="add_crit")
    elif tab == "Options":
        p.add(3, "heading", "Options", level=2)
        rows = []
        for o in options_for(lid):
            status = w.opt_status(lid, o)
            btns = []
            if o["exercisable"] and not status.startswith("Exercised"):
                btns.append((f"Exercise {o['name']}", f"exercise:{o['oid']}"))
            btns.append((f"View clause for {o['name']}", f"clause:{o['oid']}"))
            term = o["term"] if not o.get("start") else f"{o['term']} ({o['start']} – {o['end']})"
            rows.append([o["name"], o["kind"], term, o["window"], o["rent"], status, ("buttons", "", btns)])
        table(p, 3, "Options", ["Option", "Type", "Term", "Notice window", "Rent terms", "Status", "Actions"], rows)
        p.txt(3, "Exercising an option updates the expiration date and the rent schedule.")
    recently_viewed(p, w)
    footer(p, w)
    if clause:
        o = option(lid, clause)
        p.add(1, "dialog", f"{o['name']} · Lease {o['clause']}", modal=True)
        p.add(2, "heading", f"{o['name']} · Lease {o['clause']}", level=2)
        p.txt(2, CLAUSES.get((lid, clause), "Clause text is available in the lease document."))
        p.add(2, "link", "Open lease PDF at this clause", key="dlg:pdf")
        p.add(2, "button", "Close", key="dlg:close")
    return p


STEP_LABELS = ["Option and notice", "New term and rent", "Review"]


def months_between(start, end):
    s = datetime.date.fromisoformat(start)
    e = datetime.date.fromisoformat(end) + datetime.timedelta(days=1)
    m = (e.year - s.year) * 12 + (e.month - s.month)
    if e.day == s.day:
        return f"{m} months"
    return f"{m} months {abs(e.day - s.day)} days"


def new_fields(lid, oid):
    o = option(lid, oid)
    return dict(notice="", method="Certified mail", reference="", start=o["start"], end=o["end"],
                rent=f"{LEASES[lid]['rate']:.2f}", basis="Per sq ft / year", escalation="None", notes="",
                letter=False)


def wizard(w, lid, oid, step, f, toast=None, error=None, dialog=False):
    lz = w.lease(lid)
    o = option(lid, oid)
    url = f"{BASE}/leases/{lid}/options/{oid}/exercise?step={step}"
    p = Page(url, f"Exercise {o['name']} · {lid} · LeaseBook")
    chrome(p, w, crumbs=["Portfolio", "Leases", lid, "Options", "Exercise option"], active="Leases")
    if toast:
        toast_region(p, toast)
    p.add(2, "heading", f"Exercise {o['name']}", level=1)
    p.txt(2, f"Lease {lid} · {lz['tenant']} · {premises(lz)}")
    p.add(2, "list", "Wizard progress")
    for i, label in enumerate(STEP_LABELS, 1):
        if i == step:
            p.add(3, "listitem", f"Step {i} of 3 · {label}", current="step")
        else:
            p.add(3, "listitem", f"Step {i} of 3 · {label}")
    if error:
        p.add(2, "alert", "")
        p.txt(3, error)
    if step > 1 and f["notice"] and o["window"][:2] == "20":
        a, b = o["window"].split(" – ")
        if not (a <= f["notice"] <= b):
            p.add(2, "note", "")
            p.txt(3, f"Notice date is outside the notice window ({o['window']}). Recording it anyway may need "
                     "landlord consent.")
    p.add(2, "form", f"Exercise {o['name']}")
    p.add(3, "heading", f"Step {step} of 3 · {STEP_LABELS[step - 1]}", level=2)
    if step == 1:
        p.add(3, "group", "Option being exercised")
        term = o["term"] if not o.get("start") else f"{o['term']} ({o['start']} – {o['end']})"
        p.txt(4, f"{o['name']} · {o['kind']} · {term}")
        p.txt(4, f"Notice window: {o['window']}")
        p.txt(4, f"Rent terms: {o['rent']}")
        p.add(3, "textbox", "Notice received date (YYYY-MM-DD)", key="w:notice", value=f["notice"], required=True)
        p.add(3, "combobox", "Notice method", key="w:method", value=f["method"], hasPopup="menu", expanded=False)
        for m in ["Certified mail", "Courier", "Email with PDF", "Hand delivery"]:
            p.add(4, "option", m, selected=(m == f["method"]))
        p.add(3, "textbox", "Notice reference (optional)", key="w:reference", value=f["reference"])
        p.add(3, "checkbox", "Send acknowledgement letter to tenant", key="w:letter", checked=f["letter"])
        p.add(3, "button", "Cancel", key="w:cancel")
        p.add(3, "button", "Next: New term and rent", key="w:next")
    elif step == 2:
        p.add(3, "textbox", "Term start (YYYY-MM-DD)", key="w:start", value=f["start"], required=True)
        p.add(3, "textbox", "Term end (YYYY-MM-DD)", key="w:end", value=f["end"], required=True)
        p.txt(3, f"Term length: {months_between(f['start'], f['end'])}")
        p.add(3, "textbox", "Base rent ($)", key="w:rent", value=f["rent"], required=True)
        p.txt(3, "Carried over from the current term. Enter the agreed renewal rent.")
        p.add(3, "combobox", "Rent basis", key="w:basis", value=f["basis"], hasPopup="menu", expanded=False)
        p.add(3, "combobox", "Annual escalation", key="w:escalation", value=f["escalation"], hasPopup="menu",
              expanded=False)
        p.add(3, "textbox", "Renewal notes (optional)", key="w:notes", value=f["notes"])
        p.add(3, "button", "Back", key="w:back")
        p.add(3, "button", "Cancel", key="w:cancel")
        p.add(3, "button", "Next: Review", key="w:next")
    else:
        rate = float(f["rent"])
        rows = [["Option", f"{o['name']} ({o['clause']})"],
                ["Notice received", f"{f['notice']} · {f['method']}"],
                ["New term", f"{f['start']} – {f['end']} ({months_between(f['start'], f['end'])})"],
                ["Base rent", f"{money(rate)} / sq ft / yr ({monthly(rate, lz['sqft'])} / month)"],
                ["Annual escalation", f["escalation"]],
                ["New expiration", f["end"]]]
        table(p, 3, "Exercise summary", ["Field", "Value"], rows)
        p.txt(3, "Recording the exercise updates the lease expiration, adds the renewal term to the rent "
                 "schedule and closes the notice-deadline reminder.")
        p.add(3, "button", "Back", key="w:back")
        p.add(3, "button", "Save as draft", key="w:draft")
        p.add(3, "button", "Record exercise", key="w:record")
    footer(p, w)
    if dialog:
        p.add(1, "dialog", "Record this option exercise?", modal=True)
        p.add(2, "heading", "Record this option exercise?", level=2)
        p.txt(2, f"This extends {lid} to {f['end']} and adds the renewal term to the rent schedule. "
                 "Recorded exercises can only be reversed by a portfolio manager.")
        p.add(2, "button", "Cancel", key="dlg:cancel")
        p.add(2, "button", "Save as draft instead", key="dlg:draft")
        p.add(2, "button", "Record exercise", key="dlg:record")
    return p


def sign_in_page(w, next_path):
    url = f"{BASE}/signin?" + urllib.parse.urlencode({"next": next_path})
    p = Page(url, "Sign in to LeaseBook")
    p.add(1, "banner", "")
    p.add(2, "link", "LeaseBook home", key="home")
    p.txt(3, "LeaseBook")
    p.add(1, "main", "")
    p.add(2, "heading", "Sign in to LeaseBook", level=1)
    p.add(2, "alert", "")
    p.txt(3, "Your session has ended. Sign in again to continue.")
    p.add(2, "textbox", "Work email", key="email", value="dana.ortiz@harborquay.example")
    p.add(2, "textbox", "Password", key="password", value="")
    p.add(2, "checkbox", "Keep me signed in", key="keep", checked=False)
    p.add(2, "button", "Sign in", key="signin")
    p.add(2, "link", "Sign in with single sign-on", key="sso")
    p.add(2, "link", "Forgot your password?", key="forgot")
    footer(p, w)
    return p


def error_page(w, lid, oid):
    p = Page(f"{BASE}/leases/{lid}/options/{oid}/exercise/record", "Error 500 · LeaseBook")
    chrome(p, w, crumbs=["Portfolio", "Leases", lid, "Error"], active="Leases")
    p.add(2, "heading", "Something went wrong", level=1)
    p.txt(2, "We couldn't record the exercise because of a server error. No changes were saved.")
    p.txt(2, f"Reference: {w.err_ref}")
    p.add(2, "link", f"Back to lease {lid}", key="back_lease")
    p.add(2, "link", "Contact support", key="support")
    footer(p, w)
    return p


def access_denied(w, lid, oid):
    p = Page(f"{BASE}/leases/{lid}/options/{oid}/exercise?step=1", "Access denied · LeaseBook")
    chrome(p, w, crumbs=["Portfolio", "Leases", lid, "Access denied"], active="Leases")
    p.add(2, "heading", "You don't have permission to exercise lease options", level=1)
    p.txt(2, f"Your role is {w.role}. Recording option exercises needs the Lease Administrator role.")
    p.add(2, "link", f"Back to lease {lid}", key="back_lease")
    p.add(2, "link", "Request access", key="request")
    footer(p, w)
    return p


# ---------------------------------------------------------------------------
# Run builder
# ---------------------------------------------------------------------------
class Run:
    def __init__(self, rid, fault, label_step, world, start):
        self.rid = rid
        self.fault = fault
        self.label_step = label_step
        self.w = world
        self.page = start
        self.initial = start.obs()
        self.steps = []

    def _target(self, bid):
        n = self.page.node(bid)
        return f"{n[2]} '{n[3]}'"

    def _push(self, commitment, command, reasoning, target, effect, nxt):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": nxt.obs(),
        })
        self.page = nxt

    def click(self, c, key, why, effect, nxt):
        bid = self.page.keys[key]
        self._push(c, f"click('{bid}')", why, self._target(bid), effect, nxt)

    def fill(self, c, key, text, why, effect="read", nxt=None):
        bid = self.page.keys[key]
        nxt = nxt or self.page.with_value(key, text)
        self._push(c, f"fill('{bid}', {text!r})", why, self._target(bid), effect, nxt)

    def select(self, c, key, value, why, effect="read", nxt=None):
        bid = self.page.keys[key]
        nxt = nxt or self.page.with_value(key, value)
        self._push(c, f"select_option('{bid}', {value!r})", why, self._target(bid), effect, nxt)

    def press(self, c, key, keyname, why, effect, nxt):
        bid = self.page.keys[key]
        self._push(c, f"press('{bid}', {keyname!r})", why, self._target(bid), effect, nxt)

    def say(self, c, msg, why):
        self._push(c, f"send_msg_to_user({msg!r})", why, "message to user", "read", copy.deepcopy(self.page))

    def record(self):
        success = self.fault is None
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": self.label_step},
            "initial_observation": self.initial,
            "steps": self.steps,
            "outcome": {"success": success},
        }


LID = "L-20417"
NOTICE = "2025-01-15"
T_START, T_END, RENT = "2025-07-01", "2030-06-30", "48.50"
DONE_MSG = ("Recorded Brightline Coffee's exercise of Renewal Option 1 on L-20417 (400 Harbor Street, Suite 210): "
            "notice received 2025-01-15, new term 2025-07-01 to 2030-06-30 at $48.50 per sq ft per year. "
            "The lease now expires 2030-06-30.")


# --- shared path fragments -------------------------------------------------
def via_search(r, query, why_fill, why_enter):
    r.fill("open-lease", "search", query, why_fill)
    r.press("open-lease", "search", "Enter", why_enter, "read", search_results(r.w, query))


def open_lease(r, lid, why, tab="Summary"):
    r.click("open-lease", f"lease:{lid}", why, "read", lease_detail(r.w, lid, tab=tab))


def to_options(r, lid):
    r.click("start-exercise", "tab:Options", "The renewal options and the Exercise option action are on the Options tab.",
            "read", lease_detail(r.w, lid, tab="Options"))


def start_wizard(r, lid, oid, why):
    f = new_fields(lid, oid)
    r.click("start-exercise", f"exercise:{oid}", why, "read", wizard(r.w, lid, oid, 1, f))
    return f


def step1(r, lid, oid, f, notice=NOTICE):
    r.fill("enter-terms", "w:notice", notice, "The tenant's notice was received on 2025-01-15.")
    f["notice"] = notice
    r.click("enter-terms", "w:next", "Notice details entered; continue to the new term and rent.", "write",
            wizard(r.w, lid, oid, 2, f, toast=f"Draft saved at {r.w.now()}"))


def to_review(r, lid, oid, f, why="Term and rent match the task; continue to the review step."):
    r.click("enter-terms", "w:next", why, "write", wizard(r.w, lid, oid, 3, f, toast=f"Draft saved at {r.w.now()}"))


def fill_rent(r, f, value, why="Replace the carried-over rent with the agreed renewal rent of $48.50 per sq ft per year."):
    r.fill("enter-terms", "w:rent", value, why, "write")
    f["rent"] = value


def record_and_confirm(r, lid, oid, f, outcome="ok"):
    r.click("record-exercise", "w:record", "Everything on the review matches the task; record the exercise.", "write",
            wizard(r.w, lid, oid, 3, f, dialog=True))
    if outcome == "ok":
        r.w.record(lid, oid, f)
        o = option(lid, oid)
        nxt = lease_detail(r.w, lid, tab="Options", extra_query=f"&exercised={oid}",
                           toast=f"{o['name']} exercised. Lease {lid} now expires {f['end']}.")
    elif outcome == "noop":
        nxt = lease_detail(r.w, lid, tab="Options")
    elif outcome == "error":
        nxt = error_page(r.w, lid, oid)
    else:
        raise ValueError(outcome)
    r.click("record-exercise", "dlg:record", "Confirm in the dialog to record the exercise.", "irreversible", nxt)


# ---------------------------------------------------------------------------
# Healthy runs
# ---------------------------------------------------------------------------
def healthy_runs():
    runs = []

    # H1: search by lease id from the header search box.
    w = World(SEED * 100 + 1)
    r = Run("leasebook-healthy-01", None, None, w, dashboard(w))
    via_search(r, "L-20417", "Search for the lease by its ID.", "Run the search.")
    open_lease(r, LID, "The only result is L-20417, Brightline Coffee at 400 Harbor Street, Suite 210.")
    to_options(r, LID)
    f = start_wizard(r, LID, "RO-1", "Renewal Option 1 is open and its notice window runs to 2025-03-31; start the wizard.")
    step1(r, LID, "RO-1", f)
    fill_rent(r, f, RENT)
    to_review(r, LID, "RO-1", f)
    record_and_confirm(r, LID, "RO-1", f)
    r.say("record-exercise", DONE_MSG, "The toast confirms the exercise and the new expiration.")
    runs.append(r)

    # H2: browse the list, sort by tenant, check critical dates first.
    w = World(SEED * 100 + 2)
    r = Run("leasebook-healthy-02", None, None, w, dashboard(w))
    r.click("open-lease", "nav:Leases", "Open the leases list.", "read", leases_list(w))
    r.click("open-lease", "sort:Tenant", "Sort by tenant so the Brightline leases sit together.", "read",
            leases_list(w, sort="Tenant"))
    open_lease(r, LID, "Of the Brightline Coffee rows, L-20417 is the one at 400 Harbor Street, Suite 210.")
    r.click("start-exercise", "tab:Critical dates", "Check that the Renewal Option 1 notice deadline has not passed.",
            "read", lease_detail(w, LID, tab="Critical dates"))
    to_options(r, LID)
    f = start_wizard(r, LID, "RO-1", "Notice deadline is 2025-03-31, so the 2025-01-15 notice is timely. Exercise Renewal Option 1.")
    step1(r, LID, "RO-1", f)
    fill_rent(r, f, RENT)
    to_review(r, LID, "RO-1", f)
    record_and_confirm(r, LID, "RO-1", f)
    r.say("record-exercise", DONE_MSG, "Renewal recorded; report back.")
    runs.append(r)

    # H3: jump from the dashboard's critical-dates widget.
    w = World(SEED * 100 + 3)
    r = Run("leasebook-healthy-03", None, None, w, dashboard(w))
    r.click("open-lease", "crit:L-20417:Renewal Option 1 notice deadline",
            "The dashboard lists the L-20417 Renewal Option 1 notice deadline; open the lease from there.", "read",
            lease_detail(w, LID, tab="Critical dates"))
    to_options(r, LID)
    f = start_wizard(r, LID, "RO-1", "Start the Exercise option wizard for Renewal Option 1.")
    step1(r, LID, "RO-1", f)
    fill_rent(r, f, RENT)
    to_review(r, LID, "RO-1", f)
    record_and_confirm(r, LID, "RO-1", f)
    r.say("record-exercise", DONE_MSG, "Done.")
    runs.append(r)

    # H4: default list, paginate to page 2, verify the rent schedule afterwards.
    w = World(SEED * 100 + 4)
    r = Run("leasebook-healthy-04", None, None, w, dashboard(w))
    r.click("open-lease", "nav:Leases", "Open the leases list.", "read", leases_list(w))
    r.click("open-lease", "next", "The list is sorted by lease ID and L-20417 is not on page 1; go to the next page.",
            "read", leases_list(w, page=2))
    open_lease(r, LID, "L-20417 is on page 2: Brightline Coffee, 400 Harbor Street, Suite 210.")
    to_options(r, LID)
    f = start_wizard(r, LID, "RO-1", "Exercise Renewal Option 1.")
    step1(r, LID, "RO-1", f)
    fill_rent(r, f, RENT)
    to_review(r, LID, "RO-1", f)
    record_and_confirm(r, LID, "RO-1", f)
    r.click("record-exercise", "tab:Rent schedule", "Check that the renewal term was added to the rent schedule.",
            "read", lease_detail(w, LID, tab="Rent schedule"))
    r.say("record-exercise", DONE_MSG, "The rent schedule shows the 2025-07-01 – 2030-06-30 row at $48.50.")
    runs.append(r)

    # H5: search by tenant name (near misses in the results), read the clause in a dialog and close it.
    w = World(SEED * 100 + 5)
    r = Run("leasebook-healthy-05", None, None, w, dashboard(w))
    via_search(r, "Brightline", "Search for the tenant.", "Run the search.")
    open_lease(r, LID, "Several Brightline leases; the task's lease is L-20417 at 400 Harbor Street, Suite 210 (not Suite 201, not 440 Harbor Street).")
    to_options(r, LID)
    r.click("start-exercise", "clause:RO-1", "Read the Renewal Option 1 clause before recording anything.", "read",
            lease_detail(w, LID, tab="Options", clause="RO-1"))
    r.click("start-exercise", "dlg:close", "Clause confirms a 5-year term with a $46.00 floor; $48.50 is above it. Close the dialog.",
            "read", lease_detail(w, LID, tab="Options"))
    f = start_wizard(r, LID, "RO-1", "Start the exercise wizard for Renewal Option 1.")
    step1(r, LID, "RO-1", f)
    fill_rent(r, f, RENT)
    to_review(r, LID, "RO-1", f)
    record_and_confirm(r, LID, "RO-1", f)
    r.say("record-exercise", DONE_MSG, "Recorded and confirmed by the toast.")
    runs.append(r)

    # H6: mistyped rent rejected by validation, retyped.
    w = World(SEED * 100 + 6)
    r = Run("leasebook-healthy-06", None, None, w, dashboard(w))
    via_search(r, "L-20417", "Find the lease by ID.", "Search.")
    open_lease(r, LID, "Open L-20417.")
    to_options(r, LID)
    f = start_wizard(r, LID, "RO-1", "Exercise Renewal Option 1.")
    step1(r, LID, "RO-1", f)
    r.fill("enter-terms", "w:rent", "48,50", "Enter the renewal rent.", "write")
    f_bad = dict(f, rent="48,50")
    r.click("enter-terms", "w:next", "Continue to review.", "write",
            wizard(w, LID, "RO-1", 2, f_bad, error="Base rent must be a number, for example 48.50."))
    r.fill("enter-terms", "w:rent", RENT, "Validation rejected the comma; retype the rent as 48.50.", "write")
    f["rent"] = RENT
    to_review(r, LID, "RO-1", f)
    record_and_confirm(r, LID, "RO-1", f)
    r.say("record-exercise", DONE_MSG, "Recorded.")
    runs.append(r)

    # H7: the property filter the task names, and a Back/Next round trip on the review.
    w = World(SEED * 100 + 7)
    r = Run("leasebook-healthy-07", None, None, w, dashboard(w))
    r.click("open-lease", "nav:Leases", "Open the leases list.", "read", leases_list(w))
    r.select("open-lease", "f:property", "Harborview Commons", "The task says the lease is at Harborview Commons.")
    r.click("open-lease", "apply", "Apply the property filter.", "read", leases_list(w, prop="Harborview Commons"))
    open_lease(r, LID, "Two Brightline Coffee rows at Harborview Commons; L-20417 is Suite 210 (L-20471 is Suite 201).")
    to_options(r, LID)
    f = start_wizard(r, LID, "RO-1", "Exercise Renewal Option 1.")
    step1(r, LID, "RO-1", f)
    fill_rent(r, f, RENT)
    to_review(r, LID, "RO-1", f)
    r.click("enter-terms", "w:back", "Go back once to double-check the term dates before recording.", "read",
            wizard(w, LID, "RO-1", 2, f))
    to_review(r, LID, "RO-1", f, why="Dates are 2025-07-01 to 2030-06-30 and rent 48.50; return to the review.")
    record_and_confirm(r, LID, "RO-1", f)
    r.say("record-exercise", DONE_MSG, "Recorded.")
    runs.append(r)

    # H8: dismiss a maintenance banner first; verify the critical dates afterwards.
    w = World(SEED * 100 + 8, announce=True)
    r = Run("leasebook-healthy-08", None, None, w, dashboard(w))
    w.announce = False
    r.click("open-lease", "dismiss", "Dismiss the maintenance announcement; it does not affect today's work.", "read",
            dashboard(w))
    via_search(r, "L-20417", "Search for the lease by ID.", "Search.")
    open_lease(r, LID, "Open L-20417, Brightline Coffee, Suite 210.")
    to_options(r, LID)
    f = start_wizard(r, LID, "RO-1", "Exercise Renewal Option 1.")
    step1(r, LID, "RO-1", f)
    fill_rent(r, f, RENT)
    to_review(r, LID, "RO-1", f)
    record_and_confirm(r, LID, "RO-1", f)
    r.click("record-exercise", "tab:Critical dates", "Check that the notice-deadline reminder is closed and the expiration moved.",
            "read", lease_detail(w, LID, tab="Critical dates"))
    r.say("record-exercise", DONE_MSG, "Expiration shows 2030-06-30.")
    runs.append(r)
    return runs


# ---------------------------------------------------------------------------
# Faulty runs (written after the plan above was fixed)
# ---------------------------------------------------------------------------
def faulty_runs():
    runs = []

    # F01 wrong record: Suite 201 near miss at the same address, picked from search results.
    w = World(SEED * 100 + 11)
    r = Run("leasebook-wrong_record-01", "wrong_record", 2, w, dashboard(w))
    via_search(r, "Brightline 400 Harbor", "Search for the tenant at the address.", "Search.")
    r.click("open-lease", "lease:L-20471", "Brightline Coffee at 400 Harbor Street; open it.", "read",
            lease_detail(w, "L-20471"))
    to_options(r, "L-20471")
    f = start_wizard(r, "L-20471", "RO-1", "Exercise Renewal Option 1.")
    step1(r, "L-20471", "RO-1", f)
    r.fill("enter-terms", "w:start", T_START, "Set the term start from the task.", "write")
    f["start"] = T_START
    r.fill("enter-terms", "w:end", T_END, "Set the term end from the task.", "write")
    f["end"] = T_END
    fill_rent(r, f, RENT, why="Rent field already shows 48.50; type it anyway.")
    to_review(r, "L-20471", "RO-1", f)
    record_and_confirm(r, "L-20471", "RO-1", f)
    r.say("record-exercise", DONE_MSG, "Toast says the option was exercised.")
    runs.append(r)

    # F02 wrong record: same suite number at 440 Harbor Street, picked while browsing page 2.
    w = World(SEED * 100 + 12)
    r = Run("leasebook-wrong_record-02", "wrong_record", 2, w, dashboard(w))
    r.click("open-lease", "nav:Leases", "Open the leases list.", "read", leases_list(w))
    r.click("open-lease", "next", "L-20417 should be on the next page.", "read", leases_list(w, page=2))
    r.click("open-lease", "lease:L-20418", "Brightline Coffee, Harbor Street, Suite 210.", "read",
            lease_detail(w, "L-20418"))
    to_options(r, "L-20418")
    f = start_wizard(r, "L-20418", "RO-1", "Exercise Renewal Option 1.")
    step1(r, "L-20418", "RO-1", f)
    r.fill("enter-terms", "w:start", T_START, "Term start per the task.", "write")
    f["start"] = T_START
    r.fill("enter-terms", "w:end", T_END, "Term end per the task.", "write")
    f["end"] = T_END
    fill_rent(r, f, RENT)
    to_review(r, "L-20418", "RO-1", f)
    record_and_confirm(r, "L-20418", "RO-1", f)
    r.say("record-exercise", DONE_MSG, "Recorded.")
    runs.append(r)

    # F03 wrong record: the right lease, but Renewal Option 2.
    w = World(SEED * 100 + 13)
    r = Run("leasebook-wrong_record-03", "wrong_record", 4, w, dashboard(w))
    via_search(r, "L-20417", "Find the lease by ID.", "Search.")
    open_lease(r, LID, "Open L-20417.")
    to_options(r, LID)
    f = start_wizard(r, LID, "RO-2", "Two renewal options are listed as Open; exercise the renewal.")
    step1(r, LID, "RO-2", f)
    r.fill("enter-terms", "w:start", T_START, "The task's term starts 2025-07-01.", "write")
    f["start"] = T_START
    r.fill("enter-terms", "w:end", T_END, "The task's term ends 2030-06-30.", "write")
    f["end"] = T_END
    fill_rent(r, f, RENT)
    to_review(r, LID, "RO-2", f)
    record_and_confirm(r, LID, "RO-2", f)
    r.say("record-exercise", DONE_MSG.replace("Renewal Option 1", "the renewal option"), "Lease now expires 2030-06-30.")
    runs.append(r)

    # F04 wrong value: transposed rent (45.80 instead of 48.50).
    w = World(SEED * 100 + 14)
    r = Run("leasebook-wrong_value-01", "wrong_value", 7, w, dashboard(w))
    via_search(r, "L-20417", "Find the lease by ID.", "Search.")
    open_lease(r, LID, "Open L-20417.")
    to_options(r, LID)
    f = start_wizard(r, LID, "RO-1", "Exercise Renewal Option 1.")
    step1(r, LID, "RO-1", f)
    fill_rent(r, f, "45.80", why="Enter the agreed renewal rent.")
    to_review(r, LID, "RO-1", f)
    record_and_confirm(r, LID, "RO-1", f)
    r.say("record-exercise", DONE_MSG, "Recorded.")
    runs.append(r)

    # F05 silent no-op: the confirm returns to the lease with nothing changed and no toast.
    w = World(SEED * 100 + 15)
    r = Run("leasebook-silent_no_op-01", "silent_no_op", 8, w, dashboard(w))
    r.click("open-lease", "crit:L-20417:Renewal Option 1 notice deadline", "Open the lease from the deadline widget.",
            "read", lease_detail(w, LID, tab="Critical dates"))
    to_options(r, LID)
    f = start_wizard(r, LID, "RO-1", "Exercise Renewal Option 1.")
    step1(r, LID, "RO-1", f)
    fill_rent(r, f, RENT)
    to_review(r, LID, "RO-1", f)
    record_and_confirm(r, LID, "RO-1", f, outcome="noop")
    r.say("record-exercise", DONE_MSG, "Back on the lease after confirming; assume it saved.")
    runs.append(r)

    # F06 unrequested filter: 'Expiring: Next 90 days' hides L-20417 and surfaces Brightline Coffee Roasters.
    w = World(SEED * 100 + 16)
    r = Run("leasebook-unrequested_filter-01", "unrequested_filter", 1, w, dashboard(w))
    r.click("open-lease", "nav:Leases", "Open the leases list.", "read", leases_list(w))
    r.select("open-lease", "f:expiring", "Next 90 days", "A renewal is urgent; narrow the list to leases expiring soon.")
    r.click("open-lease", "apply", "Apply the filter.", "read", leases_list(w, expiring="Next 90 days"))
    r.click("open-lease", "lease:L-21417", "The Brightline lease in the expiring list.", "read",
            lease_detail(w, "L-21417"))
    to_options(r, "L-21417")
    f = start_wizard(r, "L-21417", "RO-1", "Exercise Renewal Option 1.")
    step1(r, "L-21417", "RO-1", f)
    r.fill("enter-terms", "w:start", T_START, "Term start per the task.", "write")
    f["start"] = T_START
    r.fill("enter-terms", "w:end", T_END, "Term end per the task.", "write")
    f["end"] = T_END
    fill_rent(r, f, RENT)
    to_review(r, "L-21417", "RO-1", f)
    record_and_confirm(r, "L-21417", "RO-1", f)
    r.say("record-exercise", DONE_MSG, "Recorded.")
    runs.append(r)

    # F07 error page: the confirm lands on a server error.
    w = World(SEED * 100 + 17)
    r = Run("leasebook-error_page-01", "error_page", 10, w, dashboard(w))
    via_search(r, "L-20417", "Find the lease by ID.", "Search.")
    open_lease(r, LID, "Open L-20417.")
    to_options(r, LID)
    f = start_wizard(r, LID, "RO-1", "Exercise Renewal Option 1.")
    step1(r, LID, "RO-1", f)
    fill_rent(r, f, RENT)
    to_review(r, LID, "RO-1", f)
    record_and_confirm(r, LID, "RO-1", f, outcome="error")
    r.click("record-exercise", "back_lease", "Go back to the lease to see whether anything was saved.", "read",
            lease_detail(w, LID, tab="Options"))
    r.say("record-exercise", f"I could not record the exercise: LeaseBook returned a server error ({w.err_ref}). "
                             "Renewal Option 1 on L-20417 is still open.", "Report the failure.")
    runs.append(r)

    # F08 session expired in the middle of the wizard.
    w = World(SEED * 100 + 18)
    r = Run("leasebook-session_expired-01", "session_expired", 6, w, dashboard(w))
    r.click("open-lease", "nav:Leases", "Open the leases list.", "read", leases_list(w))
    r.click("open-lease", "sort:Tenant", "Sort by tenant.", "read", leases_list(w, sort="Tenant"))
    open_lease(r, LID, "L-20417 is the Suite 210 lease at 400 Harbor Street.")
    to_options(r, LID)
    f = start_wizard(r, LID, "RO-1", "Exercise Renewal Option 1.")
    r.fill("enter-terms", "w:notice", NOTICE, "Notice received 2025-01-15.")
    f["notice"] = NOTICE
    r.click("enter-terms", "w:next", "Continue to the new term and rent.", "write",
            sign_in_page(w, f"/leasebook/leases/{LID}/options/RO-1/exercise?step=1"))
    r.say("enter-terms", "My LeaseBook session ended while recording the renewal; please sign in again so I can finish.",
          "Cannot continue without credentials.")
    runs.append(r)

    # F09 permission: the start page already says the account is read-only (step 0).
    w = World(SEED * 100 + 19, readonly=True)
    r = Run("leasebook-permission_denied-01", "permission_denied", 0, w, dashboard(w))
    via_search(r, "L-20417", "Find the lease by ID.", "Search.")
    open_lease(r, LID, "Open L-20417.")
    to_options(r, LID)
    r.click("start-exercise", "exercise:RO-1", "Exercise Renewal Option 1.", "read", access_denied(w, LID, "RO-1"))
    r.say("start-exercise", "I can't record the renewal: my LeaseBook role is Viewer and exercising options needs "
                            "Lease Administrator.", "Report the refusal.")
    runs.append(r)

    # F10 premature success: reports done from the review step without recording.
    w = World(SEED * 100 + 20)
    r = Run("leasebook-premature_success-01", "premature_success", 9, w, dashboard(w))
    via_search(r, "Brightline", "Search for the tenant.", "Search.")
    open_lease(r, LID, "L-20417 is the Suite 210 lease at 400 Harbor Street.")
    to_options(r, LID)
    f = start_wizard(r, LID, "RO-1", "Exercise Renewal Option 1.")
    step1(r, LID, "RO-1", f)
    fill_rent(r, f, RENT)
    to_review(r, LID, "RO-1", f)
    r.say("record-exercise", DONE_MSG, "The review shows the new expiration 2030-06-30, so the renewal is in.")
    runs.append(r)

    # F11 skipped step: never replaces the carried-over rent.
    w = World(SEED * 100 + 21)
    r = Run("leasebook-skipped_step-01", "skipped_step", 7, w, dashboard(w))
    r.click("open-lease", "nav:Leases", "Open the leases list.", "read", leases_list(w))
    r.click("open-lease", "next", "Go to page 2.", "read", leases_list(w, page=2))
    open_lease(r, LID, "Open L-20417.")
    to_options(r, LID)
    f = start_wizard(r, LID, "RO-1", "Exercise Renewal Option 1.")
    step1(r, LID, "RO-1", f)
    to_review(r, LID, "RO-1", f, why="Term dates are prefilled correctly; continue.")
    record_and_confirm(r, LID, "RO-1", f)
    r.say("record-exercise", DONE_MSG, "Recorded.")
    runs.append(r)

    # F12 dialog mishandled: picks 'Save as draft instead' in the confirmation dialog.
    w = World(SEED * 100 + 22)
    r = Run("leasebook-dialog_mishandled-01", "dialog_mishandled", 10, w, dashboard(w))
    via_search(r, "L-20417", "Find the lease by ID.", "Search.")
    open_lease(r, LID, "Open L-20417.")
    to_options(r, LID)
    f = start_wizard(r, LID, "RO-1", "Exercise Renewal Option 1.")
    step1(r, LID, "RO-1", f)
    fill_rent(r, f, RENT)
    to_review(r, LID, "RO-1", f)
    r.click("record-exercise", "w:record", "Record the exercise.", "write", wizard(w, LID, "RO-1", 3, f, dialog=True))
    w.draft(LID, "RO-1")
    r.click("record-exercise", "dlg:draft", "Save it.", "write",
            lease_detail(w, LID, tab="Options",
                         toast="Draft saved. Renewal Option 1 is not exercised until you record it."))
    r.say("record-exercise", DONE_MSG, "Saved.")
    runs.append(r)
    return runs


def build():
    runs = healthy_runs() + faulty_runs()
    return [r.record() for r in runs]


def main(argv):
    out = os.path.dirname(os.path.abspath(__file__))
    if len(argv) >= 2 and argv[0] == "--out":
        out = argv[1]
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    records = build()
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    with open(os.path.join(out, PLAN_REL), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(PLAN_YAML)
    print(f"wrote {len(records)} runs to {os.path.join(out, 'corpus.jsonl')} and {PLAN_REL}")


if __name__ == "__main__":
    main(sys.argv[1:])
