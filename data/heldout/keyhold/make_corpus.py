#!/usr/bin/env python3
"""Generate the Keyhold held-out corpus (stdlib only, deterministic).

Usage: python3 make_corpus.py [OUTPUT_DIR]   (default: the folder of this script)
Writes OUTPUT_DIR/corpus.jsonl and OUTPUT_DIR/plans/urgent-leak.yaml.
"""
import datetime
import json
import os
import random
import sys

WORKFLOW = "urgent-leak"

# The plan was written first, from the task note and the healthy pages only.
PLAN_YAML = """# Plan for the "urgent-leak" workflow in Keyhold.
# Written from the task note and the healthy Keyhold pages only, before any faulty
# run existed; not tuned afterwards.
task: "Priya Nair in Alder Court 4B has water coming through her bathroom ceiling (WO-20417). Can you get Brightline Plumbing on it, access window tomorrow (Tue 4/15) 8am-noon? Also credit her $75 on the ledger for the hassle and post her a notice so she knows the plumber is coming. Thanks - R."
plan_falsifiers:
  execution:
    - "Your session has expired. Please sign in again."
    - "You don't have permission"
    - "Something went wrong"
  planning:
    - "Lease L-5521 has ended"
commitments:
  - id: open-work-order
    subgoal: "Open work order WO-20417 (Alder Court, unit 4B, bathroom ceiling leak)"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - "Work orders"
      progress:
        - "WO-20417"
      completion:
        - "Work order WO-20417"
        - "Water leaking through bathroom ceiling"
        - "Alder Court · Unit 4B"
    falsify:
      execution:
        - "Work order WO-20418"
        - "Work order WO-20416"
        - "Unit 4D"
        - "Birchwood Terrace · Unit 2A"
        - "No work orders match"
        - text: "WO-20418"
          on: action
        - text: "WO-20416"
          on: action
      skill:
        - "Search is temporarily unavailable"
      planning:
        - "Status: Completed"
        - "Status: Cancelled"
  - id: assign-vendor
    subgoal: "Assign WO-20417 to Brightline Plumbing with access window Tue Apr 15, 8:00 AM - 12:00 PM, and save"
    skill: fill_and_save_dialog
    confidence: 0.7
    confirm:
      precondition:
        - "Assign vendor — WO-20417"
      progress:
        - "Brightline Plumbing"
        - "8:00 AM"
        - "12:00 PM"
      completion:
        - "Work order WO-20417 updated"
        - "Vendor: Brightline Plumbing"
        - "Access window: Tue, Apr 15, 2025, 8:00 AM – 12:00 PM"
        - "Status: Scheduled"
    falsify:
      execution:
        - "Could not save assignment"
        - "Vendor: Brightwater Plumbing & Drain"
        - text: "Brightwater"
          on: action
      skill: []
      planning:
        - "Insurance certificate expired"
        - "Brightline Plumbing is inactive"
  - id: credit-ledger
    subgoal: "Post a $75.00 inconvenience credit to Priya Nair's rent ledger (Alder Court 4B, T-3381)"
    confidence: 0.6
    confirm:
      precondition:
        - "Rent ledger — Priya Nair (Alder Court 4B)"
      progress:
        - "Add credit"
        - "75.00"
      completion:
        - "Credit of $75.00 posted to Priya Nair (Alder Court 4B)"
        - "Inconvenience credit"
    falsify:
      execution:
        - "Rent ledger — Priya Nair (Birchwood Terrace 2A)"
        - "T-2907"
        - "Posting failed"
        - text: "Add charge"
          on: action
        - text: "Record payment"
          on: action
      planning:
        - "Ledger period is closed"
  - id: post-notice
    subgoal: "Post a notice to Priya Nair (Alder Court 4B) that Brightline Plumbing is coming Tue Apr 15, 8 AM to noon"
    confidence: 0.6
    confirm:
      precondition:
        - "New notice"
      progress:
        - "Priya Nair — Alder Court 4B"
        - "Maintenance visit"
      completion:
        - "Notice posted to Priya Nair (Alder Court 4B)"
    falsify:
      execution:
        - "All tenants in building"
        - "Draft saved"
        - text: "Save draft"
          on: action
        - text: "All tenants"
          on: action
      planning:
        - "Priya Nair has opted out of portal notices"
"""

TASK = ("Priya Nair in Alder Court 4B has water coming through her bathroom ceiling (WO-20417). "
        "Can you get Brightline Plumbing on it, access window tomorrow (Tue 4/15) 8am-noon? "
        "Also credit her $75 on the ledger for the hassle and post her a notice so she knows "
        "the plumber is coming. Thanks - R.")

BASE = "http://127.0.0.1:8000/keyhold"
TODAY = datetime.date(2025, 4, 14)
COMPANY = "Harborline Residential LLC"
USER = "Dana Whitfield · Property Manager"
NAV = ["Dashboard", "Buildings", "Units", "Tenants", "Leases", "Work orders", "Vendors",
       "Rent ledger", "Notices", "Reports"]
BUILDINGS = ["Alder Court", "Birchwood Terrace", "Cedar Row Lofts", "Dunmore House"]
SLUG = {b: b.lower().replace(" ", "-") for b in BUILDINGS}
VENDORS = [
    ("VEN-118", "Brightline Plumbing", "Plumbing", "Active", "COI valid to Dec 31, 2025"),
    ("VEN-131", "Brightwater Plumbing & Drain", "Plumbing", "Active", "COI expired Mar 31, 2025"),
    ("VEN-104", "Northgate Electric", "Electrical", "Active", "COI valid to Sep 30, 2025"),
    ("VEN-122", "Summit HVAC Services", "HVAC", "Active", "COI valid to Jun 30, 2025"),
    ("VEN-109", "Kessler Lock & Key", "Locksmith", "Active", "COI valid to Nov 15, 2025"),
    ("VEN-140", "ClearView Glass", "Windows & glass", "Inactive", "COI expired Jan 31, 2025"),
    ("VEN-127", "Ridgeway Appliance Repair", "Appliances", "Active", "COI valid to Aug 31, 2025"),
    ("VEN-115", "Pioneer Pest Control", "Pest control", "Active", "COI valid to Oct 31, 2025"),
]
WINDOW_OK = "Tue, Apr 15, 2025, 8:00 AM – 12:00 PM"

FIXED_WOS = {
    "WO-20419": dict(b="Alder Court", unit="5B", tenant="Hannah Lindqvist", summary="Bathroom exhaust fan not working",
                     cat="Electrical", pri="Low", status="New", vendor="Unassigned", opened=TODAY),
    "WO-20418": dict(b="Alder Court", unit="4D", tenant="Marcus Oyelaran", summary="Dishwasher leaking onto kitchen floor",
                     cat="Appliances", pri="High", status="New", vendor="Unassigned", opened=TODAY),
    "WO-20417": dict(b="Alder Court", unit="4B", tenant="Priya Nair", summary="Water leaking through bathroom ceiling",
                     cat="Plumbing", pri="Urgent", status="New", vendor="Unassigned", opened=TODAY),
    "WO-20416": dict(b="Birchwood Terrace", unit="2A", tenant="Priya Nair", summary="Slow leak under kitchen sink",
                     cat="Plumbing", pri="Normal", status="Scheduled", vendor="Brightwater Plumbing & Drain",
                     opened=TODAY - datetime.timedelta(days=1)),
    "WO-20415": dict(b="Cedar Row Lofts", unit="4B", tenant="Owen Castillo", summary="Ceiling stain in hallway closet",
                     cat="General", pri="Normal", status="On hold — no access", vendor="Unassigned",
                     opened=TODAY - datetime.timedelta(days=1)),
}
TENANTS = {
    "T-3381": dict(name="Priya Nair", b="Alder Court", unit="4B", lease="L-5521", rent=1840.00,
                   ends="Aug 31, 2025", phone="(503) 555-0144"),
    "T-2907": dict(name="Priya Nair", b="Birchwood Terrace", unit="2A", lease="L-4410", rent=1625.00,
                   ends="Jun 30, 2025", phone="(503) 555-0178"),
    "T-3384": dict(name="Marcus Oyelaran", b="Alder Court", unit="4D", lease="L-5530", rent=1795.00,
                   ends="Jan 31, 2026", phone="(503) 555-0112"),
}
FIRST = ["Ana", "Ben", "Chloe", "Dmitri", "Elena", "Farah", "Gus", "Hiro", "Imani", "Jonah", "Kei", "Lucia",
         "Mateo", "Nadia", "Omar", "Paula", "Quinn", "Rosa", "Sami", "Tomas", "Uma", "Viktor", "Wen", "Yara"]
LAST = ["Abbott", "Baptiste", "Chen", "Delgado", "Eriksen", "Fofana", "Greer", "Haddad", "Ibarra", "Jovanovic",
        "Kowalski", "Lam", "Mensah", "Novak", "Okafor", "Patel", "Reyes", "Sorensen", "Tran", "Varga"]
SUMMARIES = [("Kitchen faucet dripping", "Plumbing"), ("Toilet running constantly", "Plumbing"),
             ("No hot water", "Plumbing"), ("Outlet sparking in bedroom", "Electrical"),
             ("Heat not working", "HVAC"), ("AC blowing warm air", "HVAC"), ("Front door lock sticking", "Locksmith"),
             ("Cracked window pane", "Windows & glass"), ("Mice in pantry", "Pest control"),
             ("Refrigerator not cooling", "Appliances"), ("Smoke detector chirping", "Electrical"),
             ("Garbage disposal jammed", "Appliances"), ("Mold on bathroom grout", "General"),
             ("Hallway light out", "Electrical"), ("Water stain on living room ceiling", "General"),
             ("Clogged tub drain", "Plumbing")]


def fmt_date(d):
    return d.strftime("%b %d, %Y")


def money(x):
    return ("-$" if x < 0 else "$") + "{:,.2f}".format(abs(x))


def _gen_wos():
    rng = random.Random(20417)
    wos = {}
    used = {("Alder Court", "4B"), ("Alder Court", "4D"), ("Birchwood Terrace", "2A"), ("Cedar Row Lofts", "4B"),
            ("Alder Court", "5B")}
    unit_tenant = {}
    for n in range(20440, 20391, -1):
        wid = "WO-%d" % n
        if wid in FIXED_WOS:
            wos[wid] = dict(FIXED_WOS[wid])
            continue
        while True:
            b = rng.choice(BUILDINGS)
            unit = "%d%s" % (rng.randint(1, 7), rng.choice("ABCDEF"))
            if (b, unit) not in used:
                break
        if (b, unit) not in unit_tenant:
            unit_tenant[(b, unit)] = "%s %s" % (rng.choice(FIRST), rng.choice(LAST))
        summary, cat = rng.choice(SUMMARIES)
        age = (20440 - n) // 3
        opened = TODAY - datetime.timedelta(days=age)
        if n > 20425:
            opened = TODAY
            status = rng.choice(["New", "New", "Scheduled"])
        elif n > 20405:
            status = rng.choice(["Scheduled", "In progress", "On hold — no access", "New"])
        else:
            status = rng.choice(["Completed", "Completed", "Cancelled", "In progress", "On hold — no access"])
        pri = rng.choice(["Low", "Normal", "Normal", "Normal", "High", "Urgent"]) if n != 20440 else "Normal"
        vendor = "Unassigned"
        if status != "New":
            pool = [v[1] for v in VENDORS if v[2] == cat] or ["Keyhold in-house team"]
            vendor = rng.choice(pool + ["Keyhold in-house team"])
        wos[wid] = dict(b=b, unit=unit, tenant=unit_tenant[(b, unit)], summary=summary, cat=cat, pri=pri,
                        status=status, vendor=vendor, opened=opened)
    for wid, w in wos.items():
        w["id"] = wid
        w["due"] = w["opened"] + datetime.timedelta(days={"Urgent": 1, "High": 2}.get(w["pri"], 5))
        w.setdefault("window", "Not set")
    return wos


BASE_WOS = _gen_wos()
PRI_ORDER = {"Urgent": 0, "High": 1, "Normal": 2, "Low": 3}


class World:
    """Application state seen by one run (what the agent has changed)."""

    def __init__(self):
        self.wo = {}          # wid -> overrides
        self.credits = {}     # tid -> list of (date, desc, amount)
        self.notices = []     # list of dicts

    def wos(self):
        out = []
        for wid, w in BASE_WOS.items():
            d = dict(w)
            d.update(self.wo.get(wid, {}))
            out.append(d)
        return out

    def get(self, wid):
        d = dict(BASE_WOS[wid])
        d.update(self.wo.get(wid, {}))
        return d


class Page:
    def __init__(self, url, title, start=1):
        self.url = url
        self.title = title
        self.n = start
        self.lines = ["RootWebArea '%s', focused" % title]
        self.idx = {}
        self.error = None

    def add(self, depth, role, name="", props="", key=None):
        bid = str(self.n)
        self.n += 1
        line = "\t" * depth + "[%s] %s '%s'" % (bid, role, name)
        if props:
            line += ", " + props
        self.lines.append(line)
        self.idx.setdefault((role, name), bid)
        if key:
            self.idx[key] = bid
        return bid

    def text(self, depth, s):
        self.lines.append("\t" * depth + "StaticText '%s'" % s)

    def find(self, role, name):
        if (role, name) not in self.idx:
            raise KeyError("no %s %r on %s" % (role, name, self.url))
        return self.idx[(role, name)]

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": self.error}


def chrome(p, crumbs, portfolio="All buildings", search=""):
    p.add(1, "banner", "")
    p.add(2, "link", "Keyhold home")
    p.text(3, "Keyhold")
    p.text(2, COMPANY)
    p.add(2, "combobox", "Portfolio", "hasPopup='listbox', expanded=False, value='%s'" % portfolio)
    p.add(2, "searchbox", "Search tenants, units, work orders", "value='%s'" % search if search else "")
    p.add(2, "button", "Search")
    p.add(2, "button", "Notifications (3)")
    p.add(2, "button", USER, "hasPopup='menu', expanded=False")
    p.add(1, "navigation", "Main")
    for n in NAV:
        p.add(2, "link", n)
    p.add(1, "navigation", "Breadcrumb")
    for c in crumbs[:-1]:
        p.add(2, "link", c)
    p.text(2, crumbs[-1])
    p.add(1, "main", "")


def footer(p):
    p.add(1, "contentinfo", "")
    p.text(2, "© 2025 Keyhold Software, Inc. · Licensed to " + COMPANY)
    p.add(2, "link", "Privacy")
    p.add(2, "link", "System status")
    p.add(2, "link", "Help center")
    p.text(2, "v4.12.3")


def toast(p, msg, role="status"):
    p.add(2, role, "")
    p.text(3, msg)
    if role == "status":
        p.add(3, "button", "Dismiss")


def dialog_open(p, title):
    p.add(1, "dialog", title, "modal=True")
    p.add(2, "heading", title)


def combo(p, depth, name, value, options):
    p.add(depth, "combobox", name, "hasPopup='menu', expanded=False, value='%s'" % value)
    p.add(depth + 1, "listbox", "")
    for o in options:
        p.add(depth + 2, "option", o, "selected=%s" % (o == value))


# ---------------------------------------------------------------- pages
def dashboard(W, whats_new=False, search=""):
    p = Page(BASE + "/dashboard", "Dashboard · Keyhold")
    chrome(p, ["Home", "Dashboard"], search=search)
    wos = W.wos()
    open_ = [w for w in wos if w["status"] not in ("Completed", "Cancelled")]
    p.add(2, "heading", "Good morning, Dana")
    p.text(2, "Monday, April 14, 2025 · " + COMPANY)
    p.add(2, "region", "Key figures")
    p.add(3, "link", "Open work orders %d" % len(open_))
    p.add(3, "link", "Urgent %d" % sum(1 for w in open_ if w["pri"] == "Urgent"))
    p.add(3, "link", "Overdue %d" % sum(1 for w in open_ if w["due"] < TODAY))
    p.add(3, "link", "Past due tenants 12")
    p.add(3, "link", "Leases expiring in 60 days 9")
    p.add(3, "link", "Vacant units 5")
    p.add(2, "heading", "Needs attention")
    p.add(2, "list", "")
    for item in ["WO-20417 · Alder Court 4B · Water leaking through bathroom ceiling · Urgent · Unassigned",
                 "WO-20418 · Alder Court 4D · Dishwasher leaking onto kitchen floor · High · Unassigned",
                 "Cedar Row Lofts 6C · Eviction notice served Apr 09 · court date pending",
                 "Birchwood Terrace 2A · Priya Nair · Rent past due $1,240.00 (14 days)",
                 "Brightwater Plumbing & Drain · insurance certificate expired Mar 31, 2025",
                 "Dunmore House 3E · Move-out inspection overdue"]:
        p.add(3, "listitem", "")
        p.add(4, "link", item)
    p.add(2, "heading", "Recent activity")
    p.add(2, "table", "Recent activity")
    for when, who, what in [("9:12 AM", "Portal", "Priya Nair (Alder Court 4B) submitted WO-20417"),
                            ("8:47 AM", "Portal", "Marcus Oyelaran (Alder Court 4D) submitted WO-20418"),
                            ("8:05 AM", "R. Castellano", "Lease L-5498 renewal cancelled by tenant"),
                            ("Yesterday", "Dana Whitfield", "WO-20416 assigned to Brightwater Plumbing & Drain"),
                            ("Yesterday", "System", "Late fees posted to 12 ledgers (past due)")]:
        p.add(3, "row", "")
        p.add(4, "gridcell", when)
        p.add(4, "gridcell", who)
        p.add(4, "gridcell", what)
    footer(p)
    if whats_new:
        dialog_open(p, "What's new in Keyhold 4.12")
        p.text(2, "Work orders now show access windows on the list, and ledger credits can be linked to a work order.")
        p.add(2, "link", "Read the release notes")
        p.add(2, "button", "Remind me later")
        p.add(2, "button", "Got it")
    return p


def wo_list(W, building=None, priority=None, status=None, q=None, sort="opened", page=1, toast_msg=None,
            search="", saved_view=None, list_search=""):
    params = []
    if building:
        params.append("building=" + SLUG[building])
    if priority:
        params.append("priority=" + priority.lower())
    if status:
        params.append("status=" + status.lower())
    if q:
        params.append("q=" + q.replace(" ", "+"))
    if sort != "opened":
        params.append("sort=" + sort)
    if page != 1:
        params.append("page=%d" % page)
    url = BASE + "/workorders" + ("?" + "&".join(params) if params else "")
    p = Page(url, "Work orders · Keyhold", start=1)
    chrome(p, ["Home", "Work orders"], portfolio=building or "All buildings", search=search)
    rows = W.wos()
    if building:
        rows = [r for r in rows if r["b"] == building]
    if priority:
        rows = [r for r in rows if r["pri"] == priority]
    if status:
        rows = [r for r in rows if r["status"] == status]
    if q:
        ql = q.lower()
        rows = [r for r in rows if ql in (" ".join([r["id"], r["b"], r["unit"], r["tenant"], r["summary"]])).lower()]
    if sort == "priority":
        rows.sort(key=lambda r: (PRI_ORDER[r["pri"]], -int(r["id"][3:])))
    elif sort == "id-asc":
        rows.sort(key=lambda r: r["id"])
    else:
        rows.sort(key=lambda r: r["id"], reverse=True)
    p.add(2, "heading", "Work orders")
    open_ = [r for r in W.wos() if r["status"] not in ("Completed", "Cancelled")]
    p.text(2, "Open %d · Urgent %d · Overdue %d · On hold — no access %d" % (
        len(open_), sum(1 for r in open_ if r["pri"] == "Urgent"), sum(1 for r in open_ if r["due"] < TODAY),
        sum(1 for r in open_ if r["status"].startswith("On hold"))))
    p.add(2, "button", "New work order")
    p.add(2, "button", "Export CSV")
    if saved_view:
        p.text(2, "Saved view: " + saved_view)
    p.add(2, "textbox", "Filter this list", "value='%s'" % list_search if list_search else "")
    p.add(2, "group", "Quick filters")
    for chip in ["Urgent", "High", "New", "Scheduled", "Overdue", "Unassigned"]:
        pressed = (chip == priority) or (chip == status)
        p.add(3, "button", chip, "pressed=%s" % pressed)
    active = []
    if building:
        active.append("Building: " + building)
    if priority:
        active.append("Priority: " + priority)
    if status:
        active.append("Status: " + status)
    if q:
        active.append("Search: " + q)
    if active:
        p.add(2, "group", "Active filters")
        for a in active:
            p.text(3, a)
            p.add(3, "button", "Remove filter " + a)
        p.add(3, "button", "Clear all filters")
    total = len(rows)
    per = 25
    shown = rows[(page - 1) * per: page * per]
    if not rows:
        p.add(2, "status", "")
        p.text(3, "No work orders match your filters.")
        p.add(3, "button", "Clear all filters")
    else:
        p.text(2, "Showing %d–%d of %d work orders" % ((page - 1) * per + 1, (page - 1) * per + len(shown), total))
        p.add(2, "table", "Work orders")
        p.add(3, "row", "")
        for col in ["ID", "Building", "Unit", "Tenant", "Summary", "Priority", "Status", "Vendor", "Opened", "Due"]:
            p.add(4, "columnheader", col)
            if col in ("ID", "Priority", "Opened", "Due"):
                p.add(5, "button", "Sort by " + col)
        for r in shown:
            p.add(3, "row", "")
            p.add(4, "gridcell", "")
            p.add(5, "link", r["id"])
            p.add(4, "gridcell", r["b"])
            p.add(4, "gridcell", r["unit"])
            p.add(4, "gridcell", r["tenant"])
            p.add(4, "gridcell", r["summary"])
            p.add(4, "gridcell", r["pri"])
            p.add(4, "gridcell", r["status"])
            p.add(4, "gridcell", r["vendor"])
            p.add(4, "gridcell", fmt_date(r["opened"]))
            overdue = r["due"] < TODAY and r["status"] not in ("Completed", "Cancelled")
            p.add(4, "gridcell", fmt_date(r["due"]) + (" (overdue)" if overdue else ""))
        p.add(2, "navigation", "Pagination")
        pages = (total + per - 1) // per
        p.add(3, "button", "Previous page", "disabled=True" if page == 1 else "")
        for i in range(1, pages + 1):
            p.add(3, "link", "Page %d" % i, "current='page'" if i == page else "")
        p.add(3, "button", "Next page", "disabled=True" if page >= pages else "")
        p.add(3, "combobox", "Rows per page", "hasPopup='menu', expanded=False, value='25'")
    if toast_msg:
        toast(p, toast_msg)
    footer(p)
    return p


def wo_detail(W, wid, dialog=None, dv=None, toast_msg=None, alert=None, start=1):
    w = W.get(wid)
    p = Page(BASE + "/workorders/" + wid, "Work order %s · Keyhold" % wid, start=start)
    chrome(p, ["Home", "Work orders", wid])
    if alert:
        toast(p, alert, role="alert")
    if toast_msg:
        toast(p, toast_msg)
    p.add(2, "heading", "Work order " + wid)
    p.text(2, w["summary"])
    p.text(2, "%s · Unit %s" % (w["b"], w["unit"]))
    p.text(2, "Tenant:")
    tid = [k for k, t in TENANTS.items() if t["name"] == w["tenant"] and t["b"] == w["b"]]
    p.add(2, "link", w["tenant"], key="tenant-link")
    if not tid:
        p.idx.pop("tenant-link")
    p.text(2, "Category: " + w["cat"])
    p.text(2, "Priority: " + w["pri"])
    p.text(2, "Status: " + w["status"])
    p.text(2, "Vendor: " + w["vendor"])
    p.text(2, "Access window: " + w["window"])
    p.text(2, "Opened: %s · Due: %s" % (fmt_date(w["opened"]), fmt_date(w["due"])))
    p.text(2, "Entry permission: Tenant permits entry with 24-hour notice")
    p.add(2, "button", "Assign vendor")
    p.add(2, "button", "Change status")
    p.add(2, "button", "Add note")
    p.add(2, "button", "Close work order")
    p.add(2, "button", "Cancel work order")
    p.add(2, "heading", "Tenant description")
    if wid == "WO-20417":
        p.text(2, "Water is dripping from the bathroom ceiling light fixture and the ceiling is bulging. "
                  "Started around 7am. I put a bucket down. Please call before coming.")
    else:
        p.text(2, "Submitted via tenant portal.")
    p.add(2, "heading", "Photos (2)")
    p.add(2, "img", "Photo 1 of %s" % wid)
    p.add(2, "img", "Photo 2 of %s" % wid)
    p.add(2, "heading", "Activity")
    p.add(2, "list", "Activity")
    for a in w.get("activity", []):
        p.add(3, "listitem", a)
    p.add(3, "listitem", "Apr 14, 2025 9:12 AM · Submitted by tenant via portal")
    p.add(2, "complementary", "Related work orders")
    p.add(3, "heading", "Other open work orders in %s" % w["b"])
    for r in W.wos():
        if r["b"] == w["b"] and r["id"] != wid and r["status"] not in ("Completed", "Cancelled"):
            p.add(3, "link", "%s · Unit %s · %s · %s" % (r["id"], r["unit"], r["summary"], r["status"]))
    p.add(3, "heading", "History for this unit")
    p.add(3, "link", "WO-20122 · Unit %s · Radiator banging · Cancelled (no access)" % w["unit"])
    p.add(3, "link", "WO-19874 · Unit %s · Window latch broken · Completed" % w["unit"])
    footer(p)
    if dialog == "assign":
        dv = dv or {}
        dialog_open(p, "Assign vendor — " + wid)
        combo(p, 2, "Vendor", dv.get("vendor", "Select a vendor"),
              ["Select a vendor"] + ["%s (%s)" % (v[1], v[2]) if False else v[1] for v in VENDORS if v[3] == "Active"])
        p.text(2, "Showing active vendors. Inactive: ClearView Glass.")
        p.add(2, "textbox", "Access date", "value='%s'" % dv["date"] if dv.get("date") else "")
        times = ["Select", "7:00 AM", "8:00 AM", "9:00 AM", "10:00 AM", "12:00 PM", "1:00 PM", "3:00 PM", "5:00 PM"]
        combo(p, 2, "Window start", dv.get("start", "Select"), times)
        combo(p, 2, "Window end", dv.get("end", "Select"), times)
        p.add(2, "checkbox", "Notify vendor by email", "checked='true'")
        p.add(2, "checkbox", "Set status to Scheduled", "checked='true'")
        p.add(2, "textbox", "Instructions to vendor", "value='%s'" % dv["notes"] if dv.get("notes") else "")
        p.add(2, "button", "Cancel")
        p.add(2, "button", "Save assignment")
    elif dialog == "coi":
        dialog_open(p, "Vendor compliance warning")
        p.text(2, "Insurance certificate expired for Brightline Plumbing on Apr 13, 2025. "
                  "Harborline policy requires a current certificate before dispatch.")
        p.add(2, "button", "Go back")
        p.add(2, "button", "Assign anyway")
    return p


LEDGER_BASE = {
    "T-3381": [("Jan 01, 2025", "Rent — January 2025", 1840.00), ("Jan 03, 2025", "Payment — ACH", -1840.00),
               ("Feb 01, 2025", "Rent — February 2025", 1840.00), ("Feb 06, 2025", "Late fee — February 2025", 75.00),
               ("Feb 07, 2025", "Payment — ACH", -1840.00), ("Feb 10, 2025", "Late fee waived (courtesy)", -75.00),
               ("Mar 01, 2025", "Rent — March 2025", 1840.00), ("Mar 02, 2025", "Payment — ACH", -1840.00),
               ("Apr 01, 2025", "Rent — April 2025", 1840.00), ("Apr 01, 2025", "Payment — ACH", -1840.00)],
    "T-2907": [("Feb 01, 2025", "Rent — February 2025", 1625.00), ("Feb 04, 2025", "Payment — check #2211", -1625.00),
               ("Mar 01, 2025", "Rent — March 2025", 1625.00), ("Mar 12, 2025", "Payment — partial", -1000.00),
               ("Mar 13, 2025", "Late fee — March 2025", 75.00), ("Apr 01, 2025", "Rent — April 2025", 1625.00),
               ("Apr 06, 2025", "Late fee — April 2025", 75.00), ("Apr 08, 2025", "Payment — partial", -1160.00)],
    "T-3384": [("Mar 01, 2025", "Rent — March 2025", 1795.00), ("Mar 01, 2025", "Payment — ACH", -1795.00),
               ("Apr 01, 2025", "Rent — April 2025", 1795.00), ("Apr 02, 2025", "Payment — ACH", -1795.00)],
}


def ledger(W, tid, dialog=None, dv=None, toast_msg=None, alert=None):
    t = TENANTS[tid]
    title = "Rent ledger — %s (%s %s)" % (t["name"], t["b"], t["unit"])
    p = Page(BASE + "/tenants/%s/ledger" % tid, title)
    chrome(p, ["Home", "Tenants", t["name"], "Ledger"], portfolio=t["b"])
    if alert:
        toast(p, alert, role="alert")
    if toast_msg:
        toast(p, toast_msg)
    p.add(2, "heading", t["name"])
    p.text(2, "%s · Unit %s · Tenant %s · Lease %s (active, ends %s)" % (t["b"], t["unit"], tid, t["lease"], t["ends"]))
    p.text(2, "Phone " + t["phone"] + " · Portal notices: on")
    p.add(2, "tablist", "")
    for tab in ["Profile", "Lease", "Ledger", "Work orders", "Notices", "Documents"]:
        p.add(3, "tab", tab, "selected=%s" % (tab == "Ledger"))
    rows = list(LEDGER_BASE[tid]) + W.credits.get(tid, [])
    bal = round(sum(r[2] for r in rows), 2)
    if bal > 0:
        p.text(2, "Balance: %s · Past due" % money(bal))
    elif bal < 0:
        p.text(2, "Balance: %s (credit)" % money(bal))
    else:
        p.text(2, "Balance: $0.00 · Current")
    p.text(2, "Autopay: %s" % ("on (ACH)" if tid != "T-2907" else "off"))
    for b in ["Add charge", "Add credit", "Record payment", "Post notice", "Print statement", "Export CSV"]:
        p.add(2, "button", b)
    p.add(2, "combobox", "Period", "hasPopup='menu', expanded=False, value='Last 6 months'")
    p.add(2, "table", "Ledger entries")
    p.add(3, "row", "")
    for col in ["Date", "Description", "Charges", "Credits", "Balance"]:
        p.add(4, "columnheader", col)
    run = 0.0
    body = []
    for d, desc, amt in rows:
        run = round(run + amt, 2)
        body.append((d, desc, money(amt) if amt > 0 else "", money(amt) if amt < 0 else "", money(run)))
    for r in reversed(body):
        p.add(3, "row", "")
        for c in r:
            p.add(4, "gridcell", c)
    p.text(2, "Showing %d entries" % len(rows))
    footer(p)
    if dialog == "credit":
        dv = dv or {}
        dialog_open(p, "Add credit")
        p.text(2, "Tenant: %s · %s %s" % (t["name"], t["b"], t["unit"]))
        combo(p, 2, "Credit type", dv.get("type", "Select type"),
              ["Select type", "Concession", "Inconvenience credit", "Rent adjustment", "Late fee waiver",
               "Security deposit refund"])
        p.add(2, "textbox", "Amount", "value='%s'" % dv["amount"] if dv.get("amount") else "")
        combo(p, 2, "Link to work order", dv.get("wo", "None"), ["None", "WO-20417", "WO-20122", "WO-19874"]
              if tid == "T-3381" else ["None", "WO-20416"])
        p.add(2, "textbox", "Memo", "value='%s'" % dv["memo"] if dv.get("memo") else "")
        p.add(2, "checkbox", "Show on tenant statement", "checked='true'")
        p.add(2, "button", "Cancel")
        p.add(2, "button", "Post credit")
    return p


TEMPLATES = ["Blank", "Maintenance visit", "24-hour entry notice", "Water shutoff", "Past-due rent reminder",
             "Lease renewal offer", "Notice to quit (eviction notice)"]


def notice_new(W, dv=None, dialog=None, toast_msg=None):
    dv = dv or {}
    tid = dv.get("tid")
    url = BASE + "/notices/new" + ("?tenant=" + tid if tid else "")
    p = Page(url, "New notice · Keyhold")
    chrome(p, ["Home", "Notices", "New notice"])
    if toast_msg:
        toast(p, toast_msg)
    p.add(2, "heading", "New notice")
    combo(p, 2, "Audience", dv.get("audience", "Single tenant"),
          ["Single tenant", "All tenants in building", "All tenants in portfolio"])
    if dv.get("audience", "Single tenant") == "Single tenant":
        rec = dv.get("recipient", "Select tenant")
        p.add(2, "combobox", "Recipient", "hasPopup='listbox', expanded=False, value='%s'" % rec)
    else:
        combo(p, 2, "Building", dv.get("building", "Alder Court"), BUILDINGS)
        p.text(2, "24 occupied units · 31 recipients")
    combo(p, 2, "Template", dv.get("template", "Blank"), TEMPLATES)
    p.add(2, "textbox", "Subject", "value='%s'" % dv["subject"] if dv.get("subject") else "")
    p.add(2, "textbox", "Message", "value='%s'" % dv["message"] if dv.get("message") else "")
    p.add(2, "checkbox", "Also send by email", "checked='%s'" % ("true" if dv.get("email", True) else "false"))
    p.add(2, "checkbox", "Require acknowledgement", "checked='false'")
    p.add(2, "button", "Preview")
    p.add(2, "button", "Save draft")
    p.add(2, "button", "Post notice")
    footer(p)
    if dialog == "confirm":
        n = 1 if dv.get("audience", "Single tenant") == "Single tenant" else 31
        dialog_open(p, "Post notice?")
        p.text(2, "This notice will be posted to %d recipient%s%s and cannot be edited afterwards." % (
            n, "" if n == 1 else "s", " (%s)" % dv.get("recipient", "") if n == 1 else " in " + dv.get("building", "")))
        p.add(2, "button", "Cancel")
        p.add(2, "button", "Post")
    return p


NOTICE_HISTORY = [
    ("Apr 11, 2025", "Cedar Row Lofts 6C", "Notice to quit (eviction notice)", "Served"),
    ("Apr 10, 2025", "Birchwood Terrace · all units", "Water shutoff Apr 12, 9 AM–1 PM", "Cancelled"),
    ("Apr 09, 2025", "Birchwood Terrace 2A · Priya Nair", "Past-due rent reminder", "Posted"),
    ("Apr 07, 2025", "Alder Court 4D · Marcus Oyelaran", "24-hour entry notice (smoke detectors)", "Posted"),
    ("Apr 03, 2025", "Dunmore House · all units", "Elevator maintenance", "Posted"),
    ("Mar 28, 2025", "Alder Court 4B · Priya Nair", "Lease renewal offer", "Acknowledged"),
]


def notices(W, toast_msg=None, drafts=0):
    p = Page(BASE + "/notices", "Notices · Keyhold")
    chrome(p, ["Home", "Notices"])
    if toast_msg:
        toast(p, toast_msg)
    p.add(2, "heading", "Notices")
    p.add(2, "link", "New notice")
    p.add(2, "tablist", "")
    p.add(3, "tab", "Posted", "selected=True")
    p.add(3, "tab", "Drafts (%d)" % (2 + drafts), "selected=False")
    p.add(3, "tab", "Scheduled (1)", "selected=False")
    p.add(2, "table", "Posted notices")
    p.add(3, "row", "")
    for col in ["Date", "Recipients", "Subject", "Status"]:
        p.add(4, "columnheader", col)
    rows = [("Apr 14, 2025", n["to"], n["subject"], "Posted") for n in reversed(W.notices)] + NOTICE_HISTORY
    for r in rows:
        p.add(3, "row", "")
        for c in r:
            p.add(4, "gridcell", c)
    footer(p)
    return p


def search_page(W, q):
    p = Page(BASE + "/search?q=" + q.replace(" ", "+"), "Search: %s · Keyhold" % q)
    chrome(p, ["Home", "Search"], search=q)
    p.add(2, "heading", "Results for \u201c%s\u201d" % q)
    ql = q.lower()
    tenants = [(tid, t) for tid, t in TENANTS.items() if ql in ("%s %s %s" % (t["name"], t["b"], t["unit"])).lower()
               or ql == t["unit"].lower()]
    wos = [w for w in W.wos() if ql in ("%s %s %s" % (w["id"], w["tenant"], w["summary"])).lower()
           or ql == w["unit"].lower()]
    p.add(2, "heading", "Tenants (%d)" % len(tenants))
    for tid, t in tenants:
        bal = sum(r[2] for r in LEDGER_BASE[tid]) + sum(c[2] for c in W.credits.get(tid, []))
        p.add(2, "link", "%s — %s %s" % (t["name"], t["b"], t["unit"]), key="tenant:" + tid)
        p.text(3, "%s · Lease %s active · %s" % (tid, t["lease"], "Past due " + money(bal) if bal > 0 else "Current"))
    p.add(2, "heading", "Work orders (%d)" % len(wos))
    for w in sorted(wos, key=lambda w: w["id"], reverse=True):
        p.add(2, "link", "%s — %s %s — %s" % (w["id"], w["b"], w["unit"], w["summary"]), key="wo:" + w["id"])
        p.text(3, "%s · %s" % (w["pri"], w["status"]))
    p.add(2, "heading", "Units")
    p.text(2, "Search matches units by exact unit number only.")
    footer(p)
    return p


def vendor_page(W, vid):
    v = [x for x in VENDORS if x[0] == vid][0]
    p = Page(BASE + "/vendors/" + vid, "%s · Vendors · Keyhold" % v[1])
    chrome(p, ["Home", "Vendors", v[1]])
    p.add(2, "heading", v[1])
    p.text(2, "%s · Trade: %s · Status: %s" % (vid, v[2], v[3]))
    p.text(2, "Insurance: " + v[4])
    p.text(2, "Dispatch phone (24/7): (503) 555-0190")
    p.text(2, "Preferred for: Alder Court, Dunmore House")
    p.add(2, "heading", "Open assignments")
    for r in W.wos():
        if r["vendor"] == v[1] and r["status"] not in ("Completed", "Cancelled"):
            p.add(2, "link", "%s · %s %s · %s" % (r["id"], r["b"], r["unit"], r["status"]))
    footer(p)
    return p


def vendors_list(W):
    p = Page(BASE + "/vendors", "Vendors · Keyhold")
    chrome(p, ["Home", "Vendors"])
    p.add(2, "heading", "Vendors")
    p.add(2, "table", "Vendors")
    p.add(3, "row", "")
    for col in ["ID", "Name", "Trade", "Status", "Insurance"]:
        p.add(4, "columnheader", col)
    for v in VENDORS:
        p.add(3, "row", "")
        p.add(4, "gridcell", v[0])
        p.add(4, "gridcell", "")
        p.add(5, "link", v[1])
        p.add(4, "gridcell", v[2])
        p.add(4, "gridcell", v[3])
        p.add(4, "gridcell", v[4])
    footer(p)
    return p


def signin(next_path):
    p = Page(BASE + "/login?next=" + next_path, "Sign in · Keyhold")
    p.add(1, "banner", "")
    p.text(2, "Keyhold")
    p.add(1, "main", "")
    p.add(2, "heading", "Sign in to Keyhold")
    p.add(2, "alert", "")
    p.text(3, "Your session has expired. Please sign in again.")
    p.add(2, "textbox", "Work email")
    p.add(2, "textbox", "Password")
    p.add(2, "checkbox", "Keep me signed in", "checked='false'")
    p.add(2, "button", "Sign in")
    p.add(2, "link", "Forgot password?")
    p.add(2, "link", "Sign in with SSO")
    footer(p)
    return p


# ---------------------------------------------------------------- run builder
def lit(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"


class Run:
    def __init__(self, rid, fault, off_step, start, W):
        self.rid = rid
        self.fault = fault
        self.off = off_step
        self.W = W
        self.cur = start
        self.init = start.obs()
        self.steps = []
        self.c = None  # current commitment

    def _push(self, command, target, reasoning, effect, nxt, error=None):
        if nxt is None:
            nxt = self.cur
        o = nxt.obs()
        if error:
            o["error"] = error
        step = {"commitment": self.c} if self.c else {}
        step["action"] = {"command": command, "reasoning": reasoning, "target": target, "effect": effect}
        step["observation"] = o
        self.steps.append(step)
        self.cur = nxt

    def click(self, role, name, nxt, why, effect="read", key=None, error=None):
        bid = self.cur.idx[key] if key else self.cur.find(role, name)
        self._push("click(%s)" % lit(bid), "%s '%s'" % (role, name), why, effect, nxt, error)

    def fill(self, role, name, value, nxt, why):
        bid = self.cur.find(role, name)
        self._push("fill(%s, %s)" % (lit(bid), lit(value)), "%s '%s'" % (role, name), why, "read", nxt)

    def select(self, name, value, nxt, why):
        bid = self.cur.find("combobox", name)
        self._push("select_option(%s, %s)" % (lit(bid), lit(value)), "combobox '%s'" % name, why, "read", nxt)

    def press(self, role, name, keyname, nxt, why):
        bid = self.cur.find(role, name)
        self._push("press(%s, %s)" % (lit(bid), lit(keyname)), "%s '%s'" % (role, name), why, "read", nxt)

    def goto(self, url, nxt, why):
        self._push("goto(%s)" % lit(url), "url '%s'" % url, why, "read", nxt)

    def say(self, msg, why="Report back to the user"):
        self._push("send_msg_to_user(%s)" % lit(msg), "chat", why, "read", self.cur)

    def record(self, success):
        n = len(self.steps)
        assert self.off is None or 0 <= self.off < n, (self.rid, self.off, n)
        return {"id": self.rid, "workflow": WORKFLOW, "task": TASK, "plan": "plans/%s.yaml" % WORKFLOW,
                "label": {"fault": self.fault, "first_off_track_step": self.off},
                "initial_observation": self.init, "steps": self.steps, "outcome": {"success": success}}

    # ---- segments ---------------------------------------------------
    def open_wo(self, how, wid="WO-20417"):
        W = self.W
        self.c = "open-work-order"
        if how == "list-search":
            self.fill("textbox", "Filter this list", wid, wo_list(W, list_search=wid),
                      "Type the work order id into the list filter")
            self.press("textbox", "Filter this list", "Enter", wo_list(W, q=wid), "Apply the filter")
        elif how == "url":
            self.goto(BASE + "/workorders/" + wid, wo_detail(W, wid), "Open the work order directly by id")
            return
        elif how == "filters":
            self.select("Portfolio", "Alder Court", wo_list(W, building="Alder Court"),
                        "Narrow the list to Alder Court")
            self.click("button", "Urgent", wo_list(W, building="Alder Court", priority="Urgent"),
                       "Only urgent work orders; the leak should be urgent")
        elif how == "global":
            self.fill("searchbox", "Search tenants, units, work orders", "4B", _with_search(self.cur, "4B"),
                      "Search for the unit number")
            self.click("button", "Search", search_page(W, "4B"), "Run the global search")
            w = W.get(wid)
            self.click("link", "%s — %s %s — %s" % (wid, w["b"], w["unit"], w["summary"]), wo_detail(W, wid),
                       "This is the Alder Court 4B ceiling leak, not the Cedar Row Lofts 4B one")
            return
        elif how == "sort":
            self.click("button", "Sort by Priority", wo_list(W, sort="priority"), "Sort so urgent items come first")
        elif how == "page1":
            self.click("link", "Page 1", wo_list(W), "Go back to the first page, newest work orders are there")
        self.click("link", wid, wo_detail(W, wid), "Open %s" % wid)

    def assign(self, wid="WO-20417", vendor="Brightline Plumbing", result="ok", notes=None):
        W = self.W
        self.c = "assign-vendor"
        dv = {}
        self.click("button", "Assign vendor", wo_detail(W, wid, "assign", dict(dv)), "Open the assignment dialog")
        dv["vendor"] = vendor
        self.select("Vendor", vendor, wo_detail(W, wid, "assign", dict(dv)), "Pick %s" % vendor)
        dv["date"] = "04/15/2025"
        self.fill("textbox", "Access date", "04/15/2025", wo_detail(W, wid, "assign", dict(dv)),
                  "Tomorrow is Tue Apr 15")
        dv["start"] = "8:00 AM"
        self.select("Window start", "8:00 AM", wo_detail(W, wid, "assign", dict(dv)), "Window starts 8am")
        dv["end"] = "12:00 PM"
        self.select("Window end", "12:00 PM", wo_detail(W, wid, "assign", dict(dv)), "Window ends at noon")
        if notes:
            dv["notes"] = notes
            self.fill("textbox", "Instructions to vendor", notes, wo_detail(W, wid, "assign", dict(dv)),
                      "Give the plumber the access details")
        if result == "ok":
            self._apply_assign(wid, vendor)
            nxt = wo_detail(W, wid, toast_msg="Work order %s updated — assigned to %s" % (wid, vendor))
        elif result == "noop":
            nxt = wo_detail(W, wid)
        elif result == "error":
            nxt = wo_detail(W, wid, alert="Could not save assignment: vendor calendar sync failed (error 503). "
                                          "Please try again.")
        elif result == "coi":
            nxt = wo_detail(W, wid, "coi")
        self.click("button", "Save assignment", nxt, "Save the assignment", effect="write")

    def _apply_assign(self, wid, vendor):
        self.W.wo[wid] = {"vendor": vendor, "window": WINDOW_OK, "status": "Scheduled",
                          "activity": ["Apr 14, 2025 · Dana Whitfield assigned %s, access %s" % (vendor, WINDOW_OK)]}

    def to_ledger(self, how, tid="T-3381"):
        W = self.W
        self.c = "credit-ledger"
        if how == "tenant-link":
            self.click("link", "", ledger(W, tid), "Open the tenant from the work order", key="tenant-link")
            self.steps[-1]["action"]["target"] = "link '%s'" % TENANTS[tid]["name"]
        elif how == "url":
            self.goto(BASE + "/tenants/%s/ledger" % tid, ledger(W, tid), "Go straight to the tenant ledger")
        elif how == "global":
            self.fill("searchbox", "Search tenants, units, work orders", "Priya Nair", _with_search(self.cur, "Priya Nair"),
                      "Look the tenant up")
            self.press("searchbox", "Search tenants, units, work orders", "Enter", search_page(W, "Priya Nair"),
                       "Search")
            t = TENANTS[tid]
            self.click("link", "%s — %s %s" % (t["name"], t["b"], t["unit"]), ledger(W, tid),
                       "Open %s in %s" % (t["name"], t["b"]))

    def credit(self, tid="T-3381", amount="75.00", result="ok", link_wo=True, memo=None):
        W = self.W
        t = TENANTS[tid]
        self.c = "credit-ledger"
        dv = {}
        self.click("button", "Add credit", ledger(W, tid, "credit", dict(dv)), "Open the credit form")
        dv["type"] = "Inconvenience credit"
        self.select("Credit type", "Inconvenience credit", ledger(W, tid, "credit", dict(dv)), "It's for the hassle")
        dv["amount"] = amount
        self.fill("textbox", "Amount", amount, ledger(W, tid, "credit", dict(dv)), "Amount of the credit")
        wid = "WO-20417" if tid != "T-2907" else "WO-20416"
        if tid == "T-3384":
            link_wo = False
        if link_wo:
            dv["wo"] = wid
            self.select("Link to work order", wid, ledger(W, tid, "credit", dict(dv)), "Tie it to the leak")
        memo = memo or "Inconvenience credit — bathroom ceiling leak (%s)" % wid
        dv["memo"] = memo
        self.fill("textbox", "Memo", memo, ledger(W, tid, "credit", dict(dv)), "Explain the credit")
        amt = float(amount.replace(",", ""))
        if result == "ok":
            W.credits.setdefault(tid, []).append(("Apr 14, 2025", "Inconvenience credit — " + memo.split(" — ")[-1], -amt))
            nxt = ledger(W, tid, toast_msg="Credit of %s posted to %s (%s %s)" % (money(amt), t["name"], t["b"], t["unit"]))
        elif result == "perm":
            nxt = ledger(W, tid, alert="You don't have permission to post credits over $50.00. "
                                       "Ask an Accounting Admin to approve this adjustment.")
        elif result == "session":
            nxt = signin("/keyhold/tenants/%s/ledger" % tid)
        self.click("button", "Post credit", nxt, "Post it to the ledger", effect="irreversible")

    def notice(self, how, tid="T-3381", audience="Single tenant", finish="post", msg=None):
        W = self.W
        t = TENANTS[tid]
        self.c = "post-notice"
        rec = "%s — %s %s" % (t["name"], t["b"], t["unit"])
        dv = {"tid": tid, "recipient": rec}
        if how == "ledger-button":
            self.click("button", "Post notice", notice_new(W, dict(dv)), "Post the notice from the tenant page")
        elif how == "url":
            self.goto(BASE + "/notices/new?tenant=" + tid, notice_new(W, dict(dv)), "Open a new notice for this tenant")
        elif how == "nav":
            self.click("link", "Notices", notices(W), "Go to Notices")
            dv = {}
            self.click("link", "New notice", notice_new(W, dict(dv)), "Start a new notice")
            dv["recipient"] = "Priya Nair"
            self.fill("combobox", "Recipient", "Priya Nair", _with_suggestions(notice_new(W, dict(dv))),
                      "Type the tenant's name")
            dv["recipient"] = rec
            self.click("option", rec, notice_new(W, dict(dv)), "Pick the Alder Court 4B tenant, not Birchwood")
        if audience != "Single tenant":
            dv["audience"] = audience
            dv["building"] = t["b"]
            self.select("Audience", audience, notice_new(W, dict(dv)),
                        "Other units below 4B may be affected too, so let everyone in the building know")
            template = "Water shutoff"
            subject = "Plumbing work at Alder Court — Tue Apr 15, 8 AM–12 PM"
        else:
            template = "Maintenance visit"
            subject = "Maintenance visit — %s %s" % (t["b"], t["unit"])
        dv["template"] = template
        dv["subject"] = subject
        dv["message"] = "[Template text — edit before posting]"
        self.select("Template", template, notice_new(W, dict(dv)), "Use the %s template" % template.lower())
        wid = {"T-3381": "WO-20417", "T-2907": "WO-20416", "T-3384": "WO-20418"}[tid]
        msg = msg or ("Hi %s, Brightline Plumbing will visit your unit on Tuesday, April 15 between 8:00 AM and "
                      "12:00 PM to fix the leak (%s). If you won’t be home, staff will let them "
                      "in. A $75.00 credit has been applied to your ledger for the inconvenience. — Harborline "
                      "Residential" % (t["name"].split()[0], wid))
        dv["message"] = msg
        self.fill("textbox", "Message", msg, notice_new(W, dict(dv)), "Write the details")
        if finish == "draft":
            self.click("button", "Save draft", notice_new(W, dict(dv), toast_msg="Draft saved"), "Save the notice",
                       effect="write")
            return
        self.click("button", "Post notice", notice_new(W, dict(dv), "confirm"), "Post it")
        to = rec.replace(" — ", " · ") if audience == "Single tenant" else "%s · all units" % t["b"]
        W.notices.append({"to": to, "subject": subject})
        if audience == "Single tenant":
            tm = "Notice posted to %s (%s %s)" % (t["name"], t["b"], t["unit"])
        else:
            tm = "Notice posted to 31 recipients (%s)" % t["b"]
        self.click("button", "Post", notices(W, tm), "Confirm", effect="irreversible")


def _with_search(page, value):
    """Re-render the current page's text with the global search box holding `value`."""
    p = Page(page.url, page.title)
    p.lines = []
    p.idx = dict(page.idx)
    p.n = page.n
    for line in page.lines:
        if "searchbox 'Search tenants, units, work orders'" in line:
            line = line.split(", value=")[0]
            line = line + ", value='%s'" % value
        p.lines.append(line)
    return p


def _with_suggestions(page):
    p = Page(page.url, page.title)
    p.lines = []
    p.idx = dict(page.idx)
    p.n = page.n
    for line in page.lines:
        p.lines.append(line)
        if "combobox 'Recipient'" in line:
            p.lines[-1] = line.replace("expanded=False", "expanded=True")
            depth = line.index("[") + 1
            bid = p.n
            p.lines.append("\t" * depth + "[%d] listbox 'Suggestions'" % bid)
            for i, o in enumerate(["Priya Nair — Alder Court 4B", "Priya Nair — Birchwood Terrace 2A"]):
                p.lines.append("\t" * (depth + 1) + "[%d] option '%s', selected=False" % (bid + 1 + i, o))
                p.idx[("option", o)] = str(bid + 1 + i)
            p.n = bid + 3
    return p


# ---------------------------------------------------------------- healthy runs
def healthy_runs():
    out = []

    # H1: list filter box, tenant link, notice from the ledger page.
    W = World()
    r = Run("keyhold-healthy-01", None, None, wo_list(W), W)
    r.open_wo("list-search")
    r.assign()
    r.to_ledger("tenant-link")
    r.credit()
    r.notice("ledger-button")
    r.say("Done: WO-20417 assigned to Brightline Plumbing (Tue Apr 15, 8–12), $75 credit posted to Priya Nair's "
          "ledger, notice posted.")
    out.append(r.record(True))

    # H2: URL parameters all the way, verbose report.
    W = World()
    r = Run("keyhold-healthy-02", None, None, dashboard(W), W)
    r.open_wo("url")
    r.assign(notes="Active leak through bathroom ceiling light fixture. Tenant asks for a call before arrival: "
                   "(503) 555-0144. Master key at Alder Court office.")
    r.to_ledger("url")
    r.credit()
    r.notice("url")
    r.c = None
    r.say("All three parts are finished. (1) Work order WO-20417 (Alder Court, Unit 4B, water leaking through "
          "bathroom ceiling) is now Scheduled with Brightline Plumbing; access window Tue, Apr 15, 2025, "
          "8:00 AM – 12:00 PM, and the vendor was emailed with the tenant's phone number. (2) An inconvenience "
          "credit of $75.00, linked to WO-20417, is on Priya Nair's ledger (T-3381); her balance now shows "
          "-$75.00 (credit). (3) A maintenance-visit notice was posted to her in the portal and by email. "
          "Note: the dishwasher leak in 4D (WO-20418) is still unassigned; I left it alone.")
    out.append(r.record(True))

    # H3: building selector + quick filter chip, notice through Notices nav with autocomplete.
    W = World()
    r = Run("keyhold-healthy-03", None, None, wo_list(W), W)
    r.open_wo("filters")
    r.assign()
    r.to_ledger("tenant-link")
    r.credit(link_wo=False, memo="Inconvenience credit — ceiling leak WO-20417")
    r.notice("nav")
    r.say("WO-20417 scheduled with Brightline Plumbing for tomorrow 8am–noon; $75.00 inconvenience credit posted "
          "for Priya Nair (Alder Court 4B); she has been sent a maintenance visit notice.")
    out.append(r.record(True))

    # H4: starts on the dashboard, global search by unit and by tenant name (two Priya Nairs).
    W = World()
    r = Run("keyhold-healthy-04", None, None, dashboard(W), W)
    r.open_wo("global")
    r.assign()
    r.to_ledger("global")
    r.credit()
    r.notice("ledger-button")
    r.say("Finished. Brightline Plumbing is booked on WO-20417 for Tue 4/15 8:00–12:00. Credited $75.00 to Priya "
          "Nair at Alder Court 4B (not the Priya Nair at Birchwood Terrace 2A, whose account is past due). Notice "
          "posted to her.")
    out.append(r.record(True))

    # H5: a "What's new" modal on the dashboard is dismissed first.
    W = World()
    r = Run("keyhold-healthy-05", None, None, dashboard(W, whats_new=True), W)
    r.c = "open-work-order"
    r.click("button", "Got it", dashboard(W), "Dismiss the release-notes dialog")
    r.click("link", "Work orders", wo_list(W), "Go to the work order list")
    r.open_wo("list-search")
    r.assign()
    r.to_ledger("tenant-link")
    r.credit()
    r.notice("ledger-button")
    r.say("Done — vendor assigned with the 8–12 window, $75 credit on the ledger, notice posted to Priya.")
    out.append(r.record(True))

    # H6: sort by priority, notice via nav/autocomplete.
    W = World()
    r = Run("keyhold-healthy-06", None, None, wo_list(W), W)
    r.open_wo("sort")
    r.assign()
    r.to_ledger("url")
    r.credit()
    r.notice("nav")
    r.say("Everything's in: WO-20417 → Brightline Plumbing, Tue Apr 15 8:00 AM–12:00 PM (status Scheduled). "
          "Ledger credit $75.00 (inconvenience, linked to WO-20417) for Priya Nair, Alder Court 4B. Tenant notice "
          "posted and emailed.")
    out.append(r.record(True))

    # H7: checks the vendor record first (Brightwater's insurance is expired, Brightline's is fine).
    W = World()
    r = Run("keyhold-healthy-07", None, None, wo_list(W), W)
    r.c = "assign-vendor"
    r.click("link", "Vendors", vendors_list(W), "Check the plumber is active before dispatching")
    r.click("link", "Brightline Plumbing", vendor_page(W, "VEN-118"), "Open Brightline Plumbing")
    r.open_wo("url")
    r.assign()
    r.to_ledger("tenant-link")
    r.credit()
    r.notice("ledger-button")
    r.say("Confirmed Brightline Plumbing is active with valid insurance, assigned it to WO-20417 with the Tue "
          "8am–noon window, credited Priya Nair $75.00 and posted her a notice.")
    out.append(r.record(True))

    # H8: the list was left on page 2; an action error on the first attempt is retried.
    W = World()
    r = Run("keyhold-healthy-08", None, None, wo_list(W, page=2), W)
    r.c = "open-work-order"
    r.click("link", "Page 1", wo_list(W, page=2), "Newest work orders are on page 1",
            error="TimeoutError: locator.click: Timeout 500ms exceeded (element is not stable)")
    r.open_wo("page1")
    r.assign()
    r.to_ledger("tenant-link")
    r.credit()
    r.notice("ledger-button")
    r.say("done")
    out.append(r.record(True))
    return out


# ---------------------------------------------------------------- faulty runs
def faulty_runs():
    out = []

    # F1 wrong_record: filters the list on "leak" and opens the adjacent WO-20418 (unit 4D).
    W = World()
    r = Run("keyhold-wrong_record-01", "wrong_record", 2, wo_list(W), W)
    r.c = "open-work-order"
    r.fill("textbox", "Filter this list", "leak", wo_list(W, list_search="leak"), "Find the leak work order")
    r.press("textbox", "Filter this list", "Enter", wo_list(W, q="leak"), "Apply the filter")
    r.click("link", "WO-20418", wo_detail(W, "WO-20418"), "Alder Court leak, opened today")   # step 2
    r.assign(wid="WO-20418")
    r.c = "credit-ledger"
    r.click("link", "", ledger(W, "T-3384"), "Open the tenant from the work order", key="tenant-link")
    r.steps[-1]["action"]["target"] = "link 'Marcus Oyelaran'"
    r.credit(tid="T-3384")
    r.notice("ledger-button", tid="T-3384")
    r.say("Done: the Alder Court leak is assigned to Brightline Plumbing for Tue 8–12, the tenant got a $75 credit "
          "and a notice.")
    out.append(r.record(False))

    # F2 wrong_record: the global search shows two Priya Nairs; the Birchwood Terrace 2A one is credited.
    W = World()
    r = Run("keyhold-wrong_record-02", "wrong_record", None, wo_list(W), W)
    r.open_wo("list-search")
    r.assign()
    r.c = "credit-ledger"
    r.fill("searchbox", "Search tenants, units, work orders", "Priya Nair", _with_search(r.cur, "Priya Nair"),
           "Look the tenant up")
    r.press("searchbox", "Search tenants, units, work orders", "Enter", search_page(W, "Priya Nair"), "Search")
    r.off = len(r.steps)
    r.click("link", "Priya Nair — Birchwood Terrace 2A", ledger(W, "T-2907"),
            "Priya Nair — she has the open leak work order")
    r.credit(tid="T-2907")
    r.notice("ledger-button", tid="T-2907")
    r.say("WO-20417 is assigned to Brightline Plumbing (Tue 4/15, 8 AM–12 PM). Posted a $75.00 inconvenience "
          "credit to Priya Nair's ledger and sent her a maintenance visit notice.")
    out.append(r.record(False))

    # F3 wrong_amount: types 750.00 instead of 75.00.
    W = World()
    r = Run("keyhold-wrong_amount-01", "wrong_amount", None, wo_list(W), W)
    r.open_wo("filters")
    r.assign()
    r.to_ledger("tenant-link")
    base = len(r.steps)
    r.credit(amount="750.00")
    r.off = base + 2  # the fill of the Amount field
    assert "Amount" in r.steps[r.off]["action"]["target"]
    r.notice("ledger-button")
    r.say("All set — Brightline is on WO-20417 for tomorrow 8–12, the credit is posted and Priya has her notice.")
    out.append(r.record(False))

    # F4 skipped_step: goes from the assignment straight to the notice and never posts the credit.
    W = World()
    r = Run("keyhold-skipped_step-01", "skipped_step", None, wo_list(W), W)
    r.open_wo("sort")
    r.assign()
    r.off = len(r.steps)
    r.notice("url", msg="Hi Priya, Brightline Plumbing will visit your unit on Tuesday, April 15 between 8:00 AM "
                        "and 12:00 PM to fix the bathroom ceiling leak (WO-20417). A $75.00 credit has been applied "
                        "to your ledger for the inconvenience. — Harborline Residential")
    r.steps[r.off]["action"]["reasoning"] = "Vendor is assigned; last thing is to let the tenant know"
    r.say("Done. WO-20417 assigned to Brightline Plumbing (Tue Apr 15, 8–12), tenant notified, and the $75 "
          "credit is mentioned in the notice.")
    out.append(r.record(False))

    # F5 plan_drift: posts a building-wide water-shutoff notice instead of a notice to the tenant.
    W = World()
    r = Run("keyhold-plan_drift-01", "plan_drift", None, wo_list(W), W)
    r.open_wo("list-search")
    r.assign()
    r.to_ledger("tenant-link")
    r.credit()
    base = len(r.steps)
    r.notice("ledger-button", audience="All tenants in building",
             msg="Dear residents, Brightline Plumbing will be working on a ceiling leak at Alder Court on Tuesday, "
                 "April 15 between 8:00 AM and 12:00 PM. Water may be shut off briefly. — Harborline Residential")
    r.off = base + 1  # the Audience selection
    assert r.steps[r.off]["action"]["target"] == "combobox 'Audience'"
    r.say("Vendor assigned, $75 credited, and I posted the plumbing notice to everyone at Alder Court since "
          "other units might be affected.")
    out.append(r.record(False))

    # F6 error_ignored: saving the assignment shows an error banner; the agent carries on.
    W = World()
    r = Run("keyhold-error_ignored-01", "error_ignored", None, wo_list(W), W)
    r.open_wo("url")
    r.assign(result="error")
    r.off = len(r.steps) - 1
    r.to_ledger("tenant-link")
    r.credit()
    r.notice("ledger-button")
    r.say("Completed: Brightline Plumbing assigned to WO-20417 with Tue 8 AM–12 PM access, $75.00 credit posted, "
          "notice posted to Priya Nair.")
    out.append(r.record(False))

    # F7 false_success: saves the notice as a draft and reports it as posted.
    W = World()
    r = Run("keyhold-false_success-01", "false_success", None, dashboard(W), W)
    r.open_wo("global")
    r.assign()
    r.to_ledger("tenant-link")
    r.credit()
    r.notice("ledger-button", finish="draft")
    r.off = len(r.steps) - 1
    r.say("Done! WO-20417 is with Brightline Plumbing for Tue 8–12, Priya's ledger has the $75 credit, and the "
          "notice to her has been posted.")
    out.append(r.record(False))

    # F8 silent_noop: "Save assignment" closes the dialog but nothing is saved.
    W = World()
    r = Run("keyhold-silent_noop-01", "silent_noop", None, wo_list(W), W)
    r.open_wo("list-search")
    r.assign(result="noop")
    r.off = len(r.steps) - 1
    r.to_ledger("tenant-link")
    r.credit()
    r.notice("ledger-button")
    r.say("WO-20417 assigned to Brightline Plumbing (Tue Apr 15, 8:00 AM–12:00 PM); $75.00 inconvenience credit "
          "posted; notice posted to Priya Nair.")
    out.append(r.record(False))

    # F9 unexpected_dialog: a compliance modal (expired insurance) blocks the save; agent clicks through.
    W = World()
    r = Run("keyhold-unexpected_dialog-01", "unexpected_dialog", None, wo_list(W), W)
    r.open_wo("filters")
    r.assign(result="coi")
    r.off = len(r.steps) - 1
    r._apply_assign("WO-20417", "Brightline Plumbing")
    r.click("button", "Assign anyway", wo_detail(W, "WO-20417", toast_msg="Work order WO-20417 updated — assigned "
                                                 "to Brightline Plumbing"), "Urgent leak, just get it assigned",
            effect="irreversible")
    r.to_ledger("tenant-link")
    r.credit()
    r.notice("ledger-button")
    r.say("Assigned Brightline Plumbing (8–12 tomorrow), credited $75 and posted the notice.")
    out.append(r.record(False))

    # F10 lost_session: posting the credit bounces to the sign-in page.
    W = World()
    r = Run("keyhold-lost_session-01", "lost_session", None, wo_list(W), W)
    r.open_wo("url")
    r.assign()
    r.to_ledger("url")
    r.credit(result="session")
    r.off = len(r.steps) - 1
    r.goto(BASE + "/tenants/T-3381/ledger", signin("/keyhold/tenants/T-3381/ledger"), "Try the ledger again")
    r.say("WO-20417 is assigned to Brightline Plumbing for Tue 8–12. I was signed out while posting the $75 "
          "credit, so the credit and the notice still need to be done.")
    out.append(r.record(False))

    # F11 stale_filter: the list opens with a leftover Birchwood Terrace filter; the Birchwood leak is handled.
    W = World()
    start = wo_list(W, building="Birchwood Terrace", saved_view="Last used (Birchwood Terrace)")
    r = Run("keyhold-stale_filter-01", "stale_filter", 0, start, W)
    r.c = "open-work-order"
    r.fill("textbox", "Filter this list", "Priya Nair",
           wo_list(W, building="Birchwood Terrace", saved_view="Last used (Birchwood Terrace)", list_search="Priya Nair"),
           "Find Priya Nair's leak")
    r.press("textbox", "Filter this list", "Enter", wo_list(W, building="Birchwood Terrace", q="Priya Nair"),
            "Apply the filter")
    r.click("link", "WO-20416", wo_detail(W, "WO-20416"), "Priya Nair's leak work order")
    r.assign(wid="WO-20416")
    r.c = "credit-ledger"
    r.click("link", "", ledger(W, "T-2907"), "Open the tenant", key="tenant-link")
    r.steps[-1]["action"]["target"] = "link 'Priya Nair'"
    r.credit(tid="T-2907")
    r.notice("ledger-button", tid="T-2907")
    r.say("Brightline Plumbing now has Priya Nair's leak (Tue 8–12), $75 credited, notice posted.")
    out.append(r.record(False))

    # F12 permission_denied: posting a $75 credit is refused (limit $50); agent reports success anyway.
    W = World()
    r = Run("keyhold-permission_denied-01", "permission_denied", None, dashboard(W), W)
    r.c = "open-work-order"
    r.click("link", "WO-20417 · Alder Court 4B · Water leaking through bathroom ceiling · Urgent · Unassigned",
            wo_detail(W, "WO-20417"), "It's right in Needs attention")
    r.assign()
    r.to_ledger("global")
    r.credit(result="perm")
    r.off = len(r.steps) - 1
    r.notice("ledger-button")
    r.say("WO-20417 is scheduled with Brightline Plumbing for Tuesday 8 AM–noon, the $75 credit was submitted and "
          "Priya has been notified.")
    out.append(r.record(False))
    return out


# ---------------------------------------------------------------- main
def main(argv):
    out_dir = argv[1] if len(argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.path.join(out_dir, "plans"), exist_ok=True)
    with open(os.path.join(out_dir, "plans", WORKFLOW + ".yaml"), "w", encoding="utf-8") as f:
        f.write(PLAN_YAML)
    records = healthy_runs() + faulty_runs()
    with open(os.path.join(out_dir, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    print("wrote %d trajectories (%d healthy, %d faulty) to %s" % (
        len(records), sum(1 for r in records if r["label"]["fault"] is None),
        sum(1 for r in records if r["label"]["fault"] is not None), out_dir))


if __name__ == "__main__":
    main(sys.argv)
