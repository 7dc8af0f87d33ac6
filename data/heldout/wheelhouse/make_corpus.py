#!/usr/bin/env python3
"""Generate the Wheelhouse held-out corpus (car-rental branch counter system).

Writes, next to this file (or into the directory given as the first argument):
  corpus.jsonl            20 trajectories (8 healthy, 12 faulty)
  plans/wheelhouse.yaml   the plan (hand-written from the task and the healthy pages)

Python 3 standard library only. Fixed seed; the output is byte-for-byte reproducible.
"""
import datetime
import json
import os
import random
import sys

SEED = 20417
BASE = "http://127.0.0.1:8040"
WORKFLOW = "wheelhouse"
PLAN_REL = "plans/wheelhouse.yaml"
BRANCH = "O'Hare Terminal 2 (ORD-T2)"
AGENT = "Dana Okafor"

TASK = (
    "Priya Raman is at the counter about her open rental agreement RA-20417. Extend it by two "
    "days so it is due back Mon 16 Jun 2025 instead of Sat 14 Jun 2025 (same 08:40 return time), "
    "upgrade her from the Compact to an Intermediate SUV (class IFAR, any ready car without a "
    "damage hold), and apply her employer's corporate rate CORP-HALV (Halvorsen Logistics). "
    "Save the amendment and tell me the new estimated total."
)

# ---------------------------------------------------------------------------
# Reference data
# ---------------------------------------------------------------------------
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

CLASSES = [  # code, name, retail cents per day
    ("ECAR", "Economy", 4900),
    ("CCAR", "Compact", 5400),
    ("IDAR", "Intermediate sedan", 6300),
    ("IFAR", "Intermediate SUV", 7200),
    ("SFAR", "Standard SUV", 8100),
    ("PCAR", "Premium sedan", 9600),
]
CLASS = {c: (n, p) for c, n, p in CLASSES}

RATES = [  # code, description, discount percent (None = not usable), validity
    ("RETAIL-STD", "Walk-up retail", 0, "Always"),
    ("CORP-HALV", "Halvorsen Logistics corporate", 15, "Until 31 Dec 2025"),
    ("CORP-HALS", "Halstead Marine corporate", 10, "Until 30 Sep 2025"),
    ("CORP-HLV2", "Halvorsen Logistics (legacy)", None, "Expired 31 Mar 2025"),
    ("WKND-SAVER", "Weekend saver, Fri to Mon pick-ups", 20, "Always"),
    ("GOV-IL", "State of Illinois travel", 12, "Until 30 Jun 2026"),
]
RATE = {c: (d, pct, v) for c, d, pct, v in RATES}
RATE_OWNER = {"CORP-HALV": "Halvorsen Logistics", "CORP-HALS": "Halstead Marine",
              "CORP-HLV2": "Halvorsen Logistics"}

VEHICLES = {  # class -> (model, plate, odometer, status, assignable)
    "IFAR": [
        ("Kia Sportage", "KXR 9031", "12,480 mi", "Ready · bay 14", True),
        ("Toyota RAV4", "KXR 9013", "31,902 mi", "Ready · bay 6", True),
        ("Hyundai Tucson", "LMV 2207", "22,115 mi", "Damage hold · DN-5530 windshield chip", False),
        ("Nissan Rogue", "JRT 6650", "8,731 mi", "In cleaning · ready 11:30", False),
    ],
    "IDAR": [
        ("Honda Accord", "KXR 5120", "18,044 mi", "Ready · bay 3", True),
        ("Toyota Camry", "LMV 7781", "40,212 mi", "Ready · bay 9", True),
        ("Hyundai Sonata", "JRT 1184", "27,660 mi", "Service overdue", False),
    ],
}


def rec(aid, customer, cust_id, model, plate, cls, out, due, status, flag="", rate="RETAIL-STD",
        corp=None, preauth=0, damage=(), activity=()):
    od, ot = out.split(" ")
    dd, dt = due.split(" ")
    return {"id": aid, "customer": customer, "cust_id": cust_id, "model": model, "plate": plate,
            "cls": cls, "out_date": od, "out_time": ot, "due_date": dd, "due_time": dt,
            "status": status, "flag": flag, "rate": rate, "corp": corp, "preauth": preauth,
            "damage": list(damage), "activity": list(activity)}


# Hand-written agreements in "last activity, newest first" order (the list's default order).
AGREEMENTS = [
    rec("RA-20402", "Harriet Vance", "C-109334", "Chevrolet Malibu", "KXR 6024", "IDAR",
        "2025-06-08 09:10", "2025-06-11 09:10", "Returned", "Payment failed · retry queued"),
    rec("RA-20398", "Owen Castellanos", "C-104871", "Ford Escape", "LMV 3381", "SFAR",
        "2025-06-05 10:00", "2025-06-11 10:00", "Overdue"),
    rec("RA-20714", "Priya Rahman", "C-131560", "Kia Forte", "LMV 1447", "CCAR",
        "2025-06-12 07:55", "2025-06-14 07:55", "Open", preauth=22000,
        damage=[("DN-5561", "LMV 1447", "Rear left door ding", "Pre-existing", "12 Jun 2025")],
        activity=["Thu 12 Jun 07:55 · Vehicle out, fuel full, odometer 9,204 mi",
                  "Thu 12 Jun 07:49 · Reservation R-88407 converted by Ama Boateng"]),
    rec("RA-20355", "Tomasz Wilk", "C-099812", "Kia Rio", "KXR 1190", "ECAR",
        "2025-06-09 12:00", "2025-06-12 07:30", "Cancelled", "No-show"),
    rec("RA-20471", "Marcus Feld", "C-120977", "Nissan Versa", "KXR 4471", "CCAR",
        "2025-06-11 13:15", "2025-06-13 13:15", "Open", rate="WKND-SAVER", preauth=18000,
        damage=[("DN-5549", "KXR 4471", "Cracked fog-lamp cover", "Pre-existing", "11 Jun 2025")],
        activity=["Wed 11 Jun 13:15 · Vehicle out, fuel full, odometer 30,118 mi",
                  "Wed 11 Jun 13:02 · Walk-up agreement opened by Luis Carrera"]),
    rec("RA-20368", "Ruth Almeida", "C-117004", "Nissan Versa", "KXR 2290", "CCAR",
        "2025-06-07 16:00", "2025-06-12 07:10", "Returned"),
    rec("RA-20409", "Leila Haddad", "C-112650", "Toyota Camry", "KXR 7730", "IDAR",
        "2025-06-09 08:00", "2025-06-12 10:00", "Open", "Due today"),
    rec("RA-20433", "Ben Okonkwo", "C-121188", "Ford Explorer", "LMV 5012", "SFAR",
        "2025-06-10 11:20", "2025-06-12 11:20", "Open", "Due today"),
    rec("RA-20490", "Kwame Asante", "C-125302", "Toyota RAV4", "KXR 9310", "IFAR",
        "2025-06-06 09:45", "2025-06-11 16:30", "Returned", "Damage reported"),
    rec("RA-20451", "Simone Achterberg", "C-119925", "Jeep Compass", "KXR 8815", "IFAR",
        "2025-06-11 09:30", "2025-06-13 17:00", "Open"),
    rec("RA-20380", "Gus Pereira", "C-108213", "Honda Civic", "LMV 0398", "CCAR",
        "2025-06-08 15:00", "2025-06-13 15:00", "Open", "Toll unpaid"),
    rec("RA-20417", "Priya Raman", "C-118204", "Toyota Corolla", "KXR 4417", "CCAR",
        "2025-06-10 08:40", "2025-06-14 08:40", "Open", corp="Halvorsen Logistics", preauth=31000,
        damage=[("DN-5512", "KXR 4417", "Front left hubcap scuff", "Pre-existing", "10 Jun 2025"),
                ("DN-5498", "KXR 4417", "Rear bumper scratch", "Repaired", "02 Jun 2025")],
        activity=["Wed 11 Jun 16:12 · Roadside call RC-7781 closed (tyre pressure warning, no fault found)",
                  "Tue 10 Jun 08:44 · Card pre-authorization failed once, succeeded on retry ($310.00)",
                  "Tue 10 Jun 08:40 · Vehicle out, fuel full, odometer 21,336 mi",
                  "Mon 09 Jun 18:20 · Reservation R-88120 converted by Luis Carrera"]),
    rec("RA-20445", "Dmitri Volkov", "C-120440", "Chevrolet Equinox", "LMV 4450", "IFAR",
        "2025-06-10 10:05", "2025-06-14 10:05", "Open"),
    rec("RA-20388", "Jonas Weller", "C-110731", "Hyundai Tucson", "LMV 2288", "IFAR",
        "2025-06-09 14:00", "2025-06-15 14:00", "Open"),
    rec("RA-20460", "Alma Ruiz", "C-123377", "Toyota Corolla", "KXR 4460", "CCAR",
        "2025-06-11 08:15", "2025-06-15 08:15", "Open"),
    rec("RA-19880", "Priya Raman", "C-118204", "Toyota Corolla", "KXR 3308", "CCAR",
        "2025-05-19 09:00", "2025-05-21 09:00", "Returned"),
    rec("RA-20327", "Noor Siddiqui", "C-114096", "Kia Soul", "JRT 3270", "CCAR",
        "2025-06-04 12:30", "2025-06-06 12:30", "Cancelled"),
    rec("RA-20311", "Elena Marsh", "C-097765", "Ford Mustang", "JRT 0311", "PCAR",
        "2025-06-01 10:00", "2025-06-04 10:00", "Returned", "Late return fee"),
    rec("RA-20476", "Felix Amundsen", "C-126015", "Subaru Forester", "LMV 4761", "IFAR",
        "2025-06-11 18:20", "2025-06-16 18:20", "Open"),
    rec("RA-20414", "Carmen Ibarra", "C-118240", "Toyota Corolla", "KXR 4414", "CCAR",
        "2025-06-10 08:05", "2025-06-14 08:05", "Open"),
]


def _filler(rng):
    """Older closed agreements (page 3 of the default list), drawn with the fixed seed."""
    first = ["Aisha", "Bruno", "Chen", "Dolores", "Emeka", "Freya", "Hugo", "Ines", "Jae", "Katya"]
    last = ["Lindqvist", "Moreau", "Nakamura", "Obi", "Petrov", "Quinn", "Rossi", "Sato", "Tran"]
    models = [("Kia Rio", "ECAR"), ("Nissan Versa", "CCAR"), ("Honda Accord", "IDAR"),
              ("Ford Escape", "SFAR"), ("Mazda CX-5", "IFAR")]
    out, used = [], set()
    while len(out) < 8:
        n = rng.randint(20105, 20298)
        if n in used:
            continue
        used.add(n)
        model, cls = rng.choice(models)
        d0 = rng.randint(12, 30)
        month = 5
        length = rng.randint(1, 6)
        start = datetime.date(2025, month, d0)
        end = start + datetime.timedelta(days=length)
        hh = "%02d:%02d" % (rng.randint(7, 19), rng.choice([0, 15, 30, 45]))
        status = rng.choice(["Returned", "Returned", "Returned", "Cancelled"])
        flag = rng.choice(["", "", "", "Fuel charge", "Refund failed · resolved", "Cleaning fee"])
        if status == "Cancelled":
            flag = rng.choice(["", "Customer cancelled", "No-show"])
        plate = "%s %04d" % (rng.choice(["KXR", "LMV", "JRT"]), rng.randint(1000, 9999))
        if any(x in plate for x in ("441", "447", "903", "901")):
            continue
        out.append(rec("RA-%d" % n, "%s %s" % (rng.choice(first), rng.choice(last)),
                       "C-%06d" % rng.randint(90000, 130000), model, plate, cls,
                       "%s %s" % (start.isoformat(), hh), "%s %s" % (end.isoformat(), hh),
                       status, flag))
    return out


RNG = random.Random(SEED)
AGREEMENTS += _filler(RNG)
AGR = {a["id"]: a for a in AGREEMENTS}


# ---------------------------------------------------------------------------
# Formatting helpers
# ---------------------------------------------------------------------------
def d(iso):
    return datetime.date(*map(int, iso.split("-")))


def longdate(iso):
    x = d(iso)
    return "%s %02d %s %d" % (DAYS[x.weekday()], x.day, MONTHS[x.month - 1], x.year)


def shortdt(iso, hm):
    x = d(iso)
    return "%02d %s %s" % (x.day, MONTHS[x.month - 1], hm)


def money(cents):
    return "${:,}.{:02d}".format(cents // 100, cents % 100)


def class_label(code):
    return "%s %s" % (code, CLASS[code][0])


def daily_cents(cls, rate):
    pct = RATE.get(rate, (None, 0, None))[1] or 0
    return CLASS[cls][1] * (100 - pct) // 100


def days_between(a, b):
    return (d(b) - d(a)).days


# ---------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym flattened AXTree style)
# ---------------------------------------------------------------------------
FLAG_PROPS = ("focused", "required", "modal", "multiselectable")


class Page:
    def __init__(self, url, title):
        self.url, self.title = url, title
        self.lines = ["RootWebArea %r, focused" % title]
        self.n = 0
        self.keys = {}
        self.nodes = {}

    def add(self, depth, role, name="", key=None, **props):
        self.n += 1
        bid = str(self.n + 100)
        parts = []
        for k, v in props.items():
            if v is None or (v is False and k in FLAG_PROPS + ("disabled",)):
                continue
            if v is True and k in FLAG_PROPS:
                parts.append(k)
            elif isinstance(v, bool):
                parts.append("%s=%s" % (k, v))
            else:
                parts.append("%s=%r" % (k, v))
        line = "\t" * depth + "[%s] %s %r" % (bid, role, name)
        if parts:
            line += ", " + ", ".join(parts)
        self.lines.append(line)
        self.nodes[bid] = (role, name)
        if key is not None:
            assert key not in self.keys, key
            self.keys[key] = bid
        return bid

    def text(self, depth, s):
        self.lines.append("\t" * depth + "StaticText %r" % s)

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


def header(p, ctx, search_value="", suggestions=None):
    p.add(1, "banner", "")
    p.add(2, "link", "Wheelhouse", key="home")
    p.text(2, "Branch counter")
    p.add(2, "combobox", "Branch", value=BRANCH, hasPopup="menu", expanded=False)
    p.add(2, "searchbox", "Search agreements, customers, plates", key="search",
          value=search_value or None, focused=bool(search_value))
    if suggestions:
        p.add(3, "listbox", "Suggestions")
        for i, s in enumerate(suggestions):
            p.add(4, "option", s, key="sugg%d" % i, selected=False)
    p.add(2, "button", "Search", key="search_btn")
    p.add(2, "button", "Notifications, 4 unread", hasPopup="menu", expanded=False)
    p.add(2, "button", "%s · %s" % (AGENT, ctx.get("role", "Counter agent")), key="usermenu",
          hasPopup="menu", expanded=False)
    p.add(1, "navigation", "Main")
    for item in ["Dashboard", "Agreements", "Reservations", "Fleet", "Customers", "Rate codes",
                 "Damage log", "Reports"]:
        p.add(2, "link", item, key="nav:" + item)
    p.add(1, "region", "Branch status")
    p.text(2, "Open agreements: 12")
    p.text(2, "Returns due today: 2")
    p.text(2, "Overdue: 1")
    p.text(2, "Ready to rent: 22")
    p.text(2, "Shift ends 18:00")
    if ctx.get("trainee"):
        p.add(1, "note", "")
        p.text(2, "Training account: you can look up agreements, customers and vehicles. "
                  "Amendments, check-ins and refunds need a lead agent.")


def breadcrumbs(p, items):
    p.add(1, "navigation", "Breadcrumb")
    for it in items[:-1]:
        p.add(2, "link", it)
    p.text(2, items[-1])


def footer(p):
    p.add(1, "contentinfo", "")
    p.text(2, "Wheelhouse 6.12.0 · ORD-T2 · Till 3")
    p.text(2, "Last sync 09:41 · 0 uploads pending")
    p.add(2, "link", "Help centre")
    p.add(2, "link", "Keyboard shortcuts")
    p.add(2, "link", "Privacy notice")
    p.text(2, "© 2025 Wheelhouse Systems")


def toast(p, msg):
    p.add(1, "status", "", live="polite", atomic=True)
    p.text(2, msg)
    p.add(2, "button", "Dismiss notification", key="dismiss")


# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------
STATUS_OPTS = ["All statuses", "Open", "Overdue", "Returned", "Cancelled"]
DUE_OPTS = ["Any date", "Due today", "Due tomorrow", "Overdue", "Next 7 days"]
TODAY = "2025-06-12"
AMEND_TIME = "09:47"


def list_rows(status="All statuses", due="Any date", cls="All classes", sort=None):
    rows = list(AGREEMENTS)
    if status != "All statuses":
        rows = [a for a in rows if a["status"] == status]
    if due == "Due today":
        rows = [a for a in rows if a["due_date"] == TODAY]
    if cls != "All classes":
        rows = [a for a in rows if class_label(a["cls"]) == cls]
    if sort == "asc":
        rows.sort(key=lambda a: a["id"])
    elif sort == "desc":
        rows.sort(key=lambda a: a["id"], reverse=True)
    return rows


def agreement_table(p, depth, rows, sortable=True, sort=None, caption="Rental agreements"):
    p.add(depth, "table", caption)
    p.add(depth + 1, "row", "")
    heads = ["Agreement", "Customer", "Vehicle", "Class", "Picked up", "Due back", "Status", "Actions"]
    for h in heads:
        p.add(depth + 2, "columnheader", h)
        if sortable and h not in ("Actions", "Vehicle"):
            label = "Sort by %s" % h.lower()
            state = None
            if h == "Agreement" and sort:
                state = "ascending" if sort == "asc" else "descending"
            p.add(depth + 3, "button", label, key="sort:" + h, pressed=bool(state),
                  description=("sorted " + state) if state else None)
    for a in rows:
        p.add(depth + 1, "row", "")
        p.add(depth + 2, "cell", "")
        p.add(depth + 3, "link", a["id"], key="row:" + a["id"])
        p.add(depth + 2, "cell", a["customer"])
        p.add(depth + 2, "cell", "%s · %s" % (a["model"], a["plate"]))
        p.add(depth + 2, "cell", a["cls"])
        p.add(depth + 2, "cell", shortdt(a["out_date"], a["out_time"]))
        p.add(depth + 2, "cell", shortdt(a["due_date"], a["due_time"]))
        p.add(depth + 2, "cell", a["status"] + (" · " + a["flag"] if a["flag"] else ""))
        p.add(depth + 2, "cell", "")
        p.add(depth + 3, "button", "Actions for %s" % a["id"], hasPopup="menu", expanded=False)


def list_page(ctx, status="All statuses", due="Any date", cls="All classes", sort=None, page=1,
              search_value="", suggestions=None, banner=None):
    rows = list_rows(status, due, cls, sort)
    total = len(rows)
    pages = max(1, (total + 9) // 10)
    shown = rows[(page - 1) * 10: page * 10]
    q = ["status=" + status.lower().replace(" ", "-")]
    if due != "Any date":
        q.append("due=" + due.lower().replace(" ", "-"))
    if sort:
        q.append("sort=id-" + sort)
    if page > 1:
        q.append("page=%d" % page)
    p = Page("%s/agreements?%s" % (BASE, "&".join(q)), "Agreements · Wheelhouse")
    header(p, ctx, search_value, suggestions)
    breadcrumbs(p, ["Home", "Agreements"])
    p.add(1, "main", "")
    p.add(2, "heading", "Agreements", level=1)
    p.add(2, "button", "New walk-up agreement")
    p.add(2, "button", "Export CSV")
    p.add(2, "group", "Filters")
    p.add(3, "combobox", "Status", key="f_status", value=status, hasPopup="menu", expanded=False)
    for o in STATUS_OPTS:
        p.add(4, "option", o, selected=(o == status))
    p.add(3, "combobox", "Vehicle class", key="f_class", value=cls, hasPopup="menu", expanded=False)
    for o in ["All classes"] + [class_label(c) for c, _, _ in CLASSES]:
        p.add(4, "option", o, selected=(o == cls))
    p.add(3, "combobox", "Due back", key="f_due", value=due, hasPopup="menu", expanded=False)
    for o in DUE_OPTS:
        p.add(4, "option", o, selected=(o == due))
    p.add(3, "checkbox", "Only my branch", checked="true")
    p.add(3, "button", "Clear filters", disabled=(status == "All statuses" and due == "Any date"
                                                   and cls == "All classes"))
    if banner:
        p.add(2, "status", "", live="polite")
        p.text(3, banner)
    if total == 0:
        p.text(2, "No agreements match these filters.")
    else:
        p.text(2, "Showing %d–%d of %d agreements" % ((page - 1) * 10 + 1,
                                                      (page - 1) * 10 + len(shown), total))
        agreement_table(p, 2, shown, sort=sort)
    p.add(2, "navigation", "Pagination")
    p.add(3, "button", "Previous page", key="prev", disabled=(page == 1))
    for i in range(1, pages + 1):
        p.add(3, "link", str(i), key="pg%d" % i, current=("page" if i == page else None))
    p.add(3, "button", "Next page", key="next", disabled=(page >= pages))
    p.text(3, "Page %d of %d" % (page, pages))
    footer(p)
    return p


def search_page(ctx, query):
    ql = query.lower()
    if query.startswith("RA-"):
        agr = [a for a in AGREEMENTS if a["id"] == query]
        similar, custs = [], []
    else:
        agr = [a for a in AGREEMENTS if a["customer"].lower() == ql]
        similar = [a for a in AGREEMENTS if a["customer"].lower() != ql
                   and a["customer"].split()[0].lower() == ql.split()[0]
                   and a["customer"].split()[-1][:2].lower() == ql.split()[-1][:2]]
        custs = [("Priya Raman", "C-118204", "Wheelhouse Gold · Halvorsen Logistics"),
                 ("Priya Rahman", "C-131560", "Wheelhouse Blue · no corporate account")]
    p = Page("%s/search?q=%s" % (BASE, query.replace(" ", "+")), "Search: %s · Wheelhouse" % query)
    header(p, ctx, query)
    breadcrumbs(p, ["Home", "Search"])
    p.add(1, "main", "")
    p.add(2, "heading", "Results for “%s”" % query, level=1)
    p.add(2, "tablist", "Result types")
    p.add(3, "tab", "Agreements (%d)" % (len(agr) + len(similar)), selected=True)
    p.add(3, "tab", "Customers (%d)" % len(custs), selected=False)
    p.add(3, "tab", "Vehicles (0)", selected=False)
    p.add(2, "tabpanel", "Agreements (%d)" % (len(agr) + len(similar)))
    agreement_table(p, 3, agr, sortable=False, caption="Matching agreements")
    if similar:
        p.text(3, "Similar names")
        agreement_table(p, 3, similar, sortable=False, caption="Agreements with similar names")
    if custs:
        p.add(2, "region", "Customers")
        for name, cid, note in custs:
            p.add(3, "link", name, key="cust:" + cid)
            p.text(3, "%s · %s" % (cid, note))
    p.text(2, "Search covers the last 18 months at ORD-T2.")
    footer(p)
    return p


def rate_line(code, cls):
    if code not in RATE:
        return "Rate code %s not recognised" % code
    desc, pct, valid = RATE[code]
    if pct is None:
        return "%s · %s · %s" % (code, desc, valid)
    return "%s · %s · %s/day for %s" % (code, desc, money(daily_cents(cls, code)), cls)


def detail_page(ctx, a, view=None, toast_msg=None, banner=None):
    """Agreement detail. `view` overlays saved amendment values on the record."""
    v = {"date": a["due_date"], "cls": a["cls"], "model": a["model"], "plate": a["plate"],
         "rate": a["rate"], "amended": None}
    if view:
        v.update(view)
    days = days_between(a["out_date"], v["date"])
    total = days * daily_cents(v["cls"], v["rate"])
    p = Page("%s/agreements/%s" % (BASE, a["id"]), "%s · %s · Wheelhouse" % (a["id"], a["customer"]))
    header(p, ctx)
    breadcrumbs(p, ["Home", "Agreements", a["id"]])
    if toast_msg:
        toast(p, toast_msg)
    p.add(1, "main", "")
    p.add(2, "heading", "Rental agreement %s" % a["id"], level=1)
    p.text(2, "%s · on rent" % a["status"] if a["status"] == "Open" else a["status"])
    if banner:
        p.add(2, "note", "")
        p.text(3, banner)
    p.add(2, "button", "Amend agreement", key="amend")
    p.add(2, "button", "Check in vehicle", key="checkin")
    p.add(2, "button", "Print agreement")
    p.add(2, "button", "Email copy to customer")
    p.add(2, "region", "Customer")
    p.add(3, "link", a["customer"], key="customer")
    p.text(3, "Customer %s" % a["cust_id"])
    p.text(3, "Corporate account: %s" % (a["corp"] or "none"))
    p.text(3, "Driver licence verified %s" % longdate(a["out_date"]))
    p.add(2, "region", "Vehicle")
    p.text(3, "%s · %s" % (v["model"], v["plate"]))
    p.text(3, "Class: %s" % class_label(v["cls"]))
    if v["plate"] != a["plate"]:
        p.text(3, "Swapped from %s · awaiting check-in of the original vehicle" % a["plate"])
    p.text(3, "Fuel out: full")
    p.add(2, "region", "Dates")
    p.text(3, "Picked up: %s %s · ORD-T2" % (longdate(a["out_date"]), a["out_time"]))
    p.text(3, "Return due: %s %s · ORD-T2" % (longdate(v["date"]), a["due_time"]))
    p.add(2, "region", "Rate")
    p.text(3, "Rate code: %s" % rate_line(v["rate"], v["cls"]))
    p.text(3, "Rental days: %d" % days)
    p.text(3, "Estimated total: %s" % money(total))
    pre = max(a["preauth"], total) if v["amended"] else a["preauth"]
    p.text(3, "Pre-authorization held: %s on card ending 7702" % money(pre))
    p.add(2, "region", "Damage notes")
    if a["damage"]:
        p.add(3, "table", "Damage notes")
        p.add(4, "row", "")
        for h in ["Note", "Plate", "Description", "State", "Logged"]:
            p.add(5, "columnheader", h)
        for dn in a["damage"]:
            p.add(4, "row", "")
            for c in dn:
                p.add(5, "cell", c)
    else:
        p.text(3, "No damage notes on this agreement.")
    p.add(3, "button", "Add damage note", key="add_damage")
    p.add(2, "region", "Activity")
    p.add(3, "list", "")
    items = list(a["activity"]) or ["%s %s · Agreement opened" % (longdate(a["out_date"])[:10],
                                                                  a["out_time"])]
    if v["amended"]:
        items = [v["amended"]] + items
    for it in items:
        p.add(4, "listitem", it)
    p.text(2, "Last amended: %s" % ("today %s by %s" % (AMEND_TIME, AGENT)
                                    if v["amended"] else "never"))
    footer(p)
    return p


def fresh_form(a):
    return {"rec": a, "date": a["due_date"], "cls": a["cls"], "model": a["model"],
            "plate": a["plate"], "rate": a["rate"], "dirty": False, "invalid": None,
            "dialog": None, "picking": None, "toast": None}


def form_with(st, **kw):
    n = dict(st)
    n.update(kw)
    return n


def amend_page(ctx, st):
    a = st["rec"]
    p = Page("%s/agreements/%s/amend" % (BASE, a["id"]), "Amend %s · Wheelhouse" % a["id"])
    header(p, ctx)
    breadcrumbs(p, ["Home", "Agreements", a["id"], "Amend"])
    if st.get("toast"):
        toast(p, st["toast"])
    p.add(1, "main", "")
    p.add(2, "heading", "Amend agreement %s" % a["id"], level=1)
    p.text(2, "%s · %s · %s · on rent since %s %s" % (a["customer"], a["model"], a["plate"],
                                                     longdate(a["out_date"]), a["out_time"]))
    if st["dirty"]:
        p.text(2, "Unsaved changes")
    p.add(2, "group", "Return")
    p.add(3, "textbox", "Return date", key="date", value=st["date"], required=True)
    if st["invalid"]:
        p.add(3, "alert", "", live="assertive", atomic=True)
        p.text(4, st["invalid"])
    elif st["date"] != a["due_date"]:
        ext = days_between(a["due_date"], st["date"])
        p.text(3, "Extension: %+d day%s (was %s)" % (ext, "" if abs(ext) == 1 else "s",
                                                    longdate(a["due_date"])))
    p.add(3, "textbox", "Return time", key="time", value=a["due_time"])
    p.add(3, "combobox", "Return branch", value=BRANCH, hasPopup="menu", expanded=False)
    p.add(2, "group", "Vehicle")
    p.add(3, "combobox", "Vehicle class", key="cls", value=class_label(st["picking"] or st["cls"]),
          hasPopup="menu", expanded=False)
    for c, _, _ in CLASSES:
        p.add(4, "option", class_label(c), selected=(c == (st["picking"] or st["cls"])))
    p.text(3, "Assigned vehicle: %s · %s" % (st["model"], st["plate"]))
    if st["picking"]:
        p.text(3, "Choose a vehicle in the new class to continue.")
    elif st["plate"] != a["plate"]:
        p.text(3, "Swap at counter: check in %s before handing over the keys to %s"
               % (a["plate"], st["plate"]))
    p.add(3, "button", "Change vehicle", key="chgveh")
    p.add(2, "group", "Rate")
    p.add(3, "textbox", "Rate code", key="rate", value=st["rate"])
    p.add(3, "button", "Browse rate codes", key="browse")
    p.text(3, rate_line(st["rate"], st["cls"]))
    owner = RATE_OWNER.get(st["rate"])
    if owner and owner != a["corp"]:
        p.text(3, "Corporate account not on customer profile. A counter override will be logged.")
    p.text(3, "Corporate account on file: %s" % (a["corp"] or "none"))
    p.add(2, "group", "Charges")
    days = days_between(a["out_date"], st["date"]) if not st["invalid"] else \
        days_between(a["out_date"], a["due_date"])
    total = days * daily_cents(st["cls"], st["rate"])
    p.text(3, "Rental days: %d" % days)
    p.text(3, "Daily rate: %s" % money(daily_cents(st["cls"], st["rate"])))
    p.text(3, "Estimated total: %s" % money(total))
    p.text(3, "Pre-authorization held: %s" % money(a["preauth"]))
    p.add(2, "button", "Save amendment", key="save", disabled=bool(st["invalid"] or st["picking"]))
    p.add(2, "button", "Discard changes", key="discard")
    p.add(2, "link", "Back to agreement", key="back")
    footer(p)
    dlg = st["dialog"]
    if dlg == "vehicle":
        cls = st["picking"]
        vs = VEHICLES[cls]
        p.add(1, "dialog", "Choose a vehicle — %s" % class_label(cls), modal=True)
        p.text(2, "%d of %d vehicles ready at ORD-T2" % (sum(1 for x in vs if x[4]), len(vs)))
        p.add(2, "table", "Vehicles in class %s" % cls)
        p.add(3, "row", "")
        for h in ["Vehicle", "Plate", "Odometer", "Status", ""]:
            p.add(4, "columnheader", h)
        for model, plate, odo, status, ok in vs:
            p.add(3, "row", "")
            p.add(4, "cell", model)
            p.add(4, "cell", plate)
            p.add(4, "cell", odo)
            p.add(4, "cell", status)
            p.add(4, "cell", "")
            p.add(5, "button", "Assign %s" % plate, key="assign:" + plate, disabled=not ok)
        p.add(2, "button", "Cancel", key="veh_cancel")
    elif dlg == "rates":
        p.add(1, "dialog", "Rate codes", modal=True)
        p.add(2, "searchbox", "Filter rate codes")
        p.add(2, "table", "Rate codes available at ORD-T2")
        p.add(3, "row", "")
        for h in ["Code", "Description", "Discount", "Valid", ""]:
            p.add(4, "columnheader", h)
        for code, desc, pct, valid in RATES:
            p.add(3, "row", "")
            p.add(4, "cell", code)
            p.add(4, "cell", desc)
            p.add(4, "cell", "—" if pct is None else "%d%%" % pct)
            p.add(4, "cell", valid)
            p.add(4, "cell", "")
            p.add(5, "button", "Use %s" % code, key="use:" + code, disabled=(pct is None))
        p.add(2, "button", "Cancel", key="rate_cancel")
    elif dlg == "confirm":
        p.add(1, "dialog", "Save amendment to %s?" % a["id"], modal=True)
        if st["date"] != a["due_date"]:
            p.text(2, "Return: %s → %s %s" % (longdate(a["due_date"]), longdate(st["date"]),
                                             a["due_time"]))
        if st["cls"] != a["cls"]:
            p.text(2, "Class: %s → %s" % (class_label(a["cls"]), class_label(st["cls"])))
        if st["plate"] != a["plate"]:
            p.text(2, "Vehicle: %s → %s" % (a["plate"], st["plate"]))
        if st["rate"] != a["rate"]:
            p.text(2, "Rate: %s → %s" % (a["rate"], st["rate"]))
        if total > a["preauth"]:
            p.text(2, "New estimated total: %s. The pre-authorization will be raised by %s."
                   % (money(total), money(total - a["preauth"])))
        else:
            p.text(2, "New estimated total: %s. The pre-authorization stays at %s."
                   % (money(total), money(a["preauth"])))
        p.add(2, "button", "Confirm and save", key="confirm")
        p.add(2, "button", "Keep editing", key="keep")
        p.add(2, "button", "Discard amendment", key="discard_amend")
    return p


def saved_view(st):
    a = st["rec"]
    bits = []
    ext = days_between(a["due_date"], st["date"])
    if ext:
        bits.append("return %+d day%s" % (ext, "" if abs(ext) == 1 else "s"))
    if st["cls"] != a["cls"]:
        bits.append("%s → %s (%s → %s)" % (a["cls"], st["cls"], a["plate"], st["plate"]))
    if st["rate"] != a["rate"]:
        bits.append("%s → %s" % (a["rate"], st["rate"]))
    return {"date": st["date"], "cls": st["cls"], "model": st["model"], "plate": st["plate"],
            "rate": st["rate"],
            "amended": "Thu 12 Jun %s · Amended by %s: %s" % (AMEND_TIME, AGENT, ", ".join(bits))}


def saved_toast(st):
    a = st["rec"]
    total = days_between(a["out_date"], st["date"]) * daily_cents(st["cls"], st["rate"])
    if total > a["preauth"]:
        return "Agreement %s amended · pre-authorization raised to %s" % (a["id"], money(total))
    return "Agreement %s amended · pre-authorization unchanged (%s)" % (a["id"], money(a["preauth"]))


def total_of(st):
    a = st["rec"]
    return money(days_between(a["out_date"], st["date"]) * daily_cents(st["cls"], st["rate"]))


def customer_page(ctx):
    p = Page("%s/customers/C-118204" % BASE, "Priya Raman · Customers · Wheelhouse")
    header(p, ctx)
    breadcrumbs(p, ["Home", "Customers", "Priya Raman"])
    p.add(1, "main", "")
    p.add(2, "heading", "Priya Raman", level=1)
    p.text(2, "Customer C-118204 · member since 2019 · Wheelhouse Gold")
    p.add(2, "region", "Corporate account")
    p.text(3, "Halvorsen Logistics · rate code CORP-HALV · receipts to travel desk")
    p.text(3, "Employee ID verified 10 Jun 2025")
    p.add(2, "region", "Licence")
    p.text(3, "Illinois licence ending 9920 · expires 31 Aug 2027")
    p.add(2, "region", "Rentals")
    p.add(3, "table", "Rental history")
    p.add(4, "row", "")
    for h in ["Agreement", "Vehicle", "Dates", "Status"]:
        p.add(5, "columnheader", h)
    for aid, veh, dates, status in [
            ("RA-20417", "Toyota Corolla · KXR 4417", "10 Jun – 14 Jun 2025", "Open"),
            ("RA-19880", "Toyota Corolla · KXR 3308", "19 May – 21 May 2025", "Returned"),
            ("RA-19012", "Kia Rio · JRT 5521", "02 Mar – 03 Mar 2025", "Cancelled by customer")]:
        p.add(4, "row", "")
        p.add(5, "cell", "")
        p.add(6, "link", aid, key="hist:" + aid)
        p.add(5, "cell", veh)
        p.add(5, "cell", dates)
        p.add(5, "cell", status)
    p.add(2, "region", "Notes")
    p.text(3, "Parking citation PC-2211 (Chicago, 11 Jun) disputed by customer, pending review")
    p.add(2, "region", "Possible duplicates")
    p.add(3, "link", "Priya Rahman · C-131560")
    p.text(3, "Different licence number; not merged")
    footer(p)
    return p


def signin_page():
    p = Page("%s/signin?next=%%2Fagreements%%2FRA-20417%%2Famend" % BASE, "Sign in · Wheelhouse")
    p.add(1, "banner", "")
    p.add(2, "link", "Wheelhouse", key="home")
    p.add(1, "main", "")
    p.add(2, "heading", "Sign in to Wheelhouse", level=1)
    p.add(2, "alert", "", live="assertive", atomic=True)
    p.text(3, "Your session has expired. Sign in again to continue.")
    p.add(2, "textbox", "Employee ID", key="empid", required=True)
    p.add(2, "textbox", "Password", key="pw", required=True)
    p.add(2, "checkbox", "Keep me signed in on this till", checked="false")
    p.add(2, "button", "Sign in", key="signin")
    p.add(2, "link", "Forgot password?")
    footer(p)
    return p


def forbidden_page(ctx, aid):
    p = Page("%s/agreements/%s/amend" % (BASE, aid), "Not allowed · Wheelhouse")
    header(p, ctx)
    breadcrumbs(p, ["Home", "Agreements", aid, "Amend"])
    p.add(1, "main", "")
    p.add(2, "heading", "Not allowed", level=1)
    p.text(2, "You don't have permission to amend agreements.")
    p.text(2, "Your role: Counter trainee. Ask a lead agent to sign in at this till, or request "
              "access from the branch manager.")
    p.add(2, "link", "Back to agreement %s" % aid, key="back")
    footer(p)
    return p


# ---------------------------------------------------------------------------
# Run builder
# ---------------------------------------------------------------------------
def _q(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"


class Run:
    def __init__(self, rid, fault, start, note):
        self.rid, self.fault, self.note = rid, fault, note
        self.start = start
        self.cur = start
        self.steps = []
        self.off = None

    def mark(self):
        """The next step is the first one off track (or, for environment faults, the one whose
        observation first shows the fault)."""
        assert self.off is None
        self.off = len(self.steps)

    def mark_start(self):
        assert self.off is None
        self.off = 0

    def act(self, commitment, verb, key, arg, reasoning, effect, page, error=None):
        if key is not None:
            bid = self.cur.keys[key]
            role, name = self.cur.nodes[bid]
            target = "%s %r" % (role, name)
            cmd = "%s(%s%s)" % (verb, _q(bid), (", " + _q(arg)) if arg is not None else "")
        else:
            target = None
            cmd = "%s(%s)" % (verb, _q(arg) if arg is not None else "")
        self.steps.append({
            "commitment": commitment,
            "action": {"command": cmd, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": page.obs(error),
        })
        self.cur = page
        return page

    def say(self, commitment, msg, reasoning):
        return self.act(commitment, "send_msg_to_user", None, msg, reasoning, "read", self.cur)

    def to_json(self, success):
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault,
                      "first_off_track_step": None if self.fault is None else self.off},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": success},
            "notes": self.note,
        }


AGENT_CTX = {"role": "Counter agent"}
TARGET = AGR["RA-20417"]


def start_page(ctx=AGENT_CTX):
    return list_page(ctx)


# Common sub-sequences ------------------------------------------------------
def search_and_open(r, query, aid, ctx=AGENT_CTX):
    sugg = {"RA-20417": ["RA-20417 · Priya Raman · Open", "RA-20414 · Carmen Ibarra · Open",
                         "RA-20471 · Marcus Feld · Open"],
            "Priya Raman": ["Priya Raman · C-118204", "Priya Rahman · C-131560"]}[query]
    r.act("find-agreement", "fill", "search", query, "Type the %s into the global search box"
          % ("agreement number" if query.startswith("RA-") else "customer's name"), "read",
          list_page(ctx, search_value=query, suggestions=sugg))
    r.act("find-agreement", "press", "search", "Enter", "Run the search", "read",
          search_page(ctx, query))
    return open_row(r, aid, ctx)


def open_row(r, aid, ctx=AGENT_CTX, why=None):
    r.act("find-agreement", "click", "row:" + aid, None,
          why or "Open agreement %s from the results" % aid, "read", detail_page(ctx, AGR[aid]))
    return r.cur


def open_amend(r, a, ctx=AGENT_CTX):
    st = fresh_form(a)
    r.act("open-amend-form", "click", "amend", None, "Open the amendment form", "read",
          amend_page(ctx, st))
    return st


def set_date(r, st, value, why="Move the return date two days later, to Mon 16 Jun 2025",
             ctx=AGENT_CTX):
    inv = None
    try:
        d(value)
    except ValueError:
        inv = "Return date is not a valid date. Use the format YYYY-MM-DD."
    st = form_with(st, date=value if not inv else st["date"], dirty=True, invalid=inv)
    page = amend_page(ctx, st)
    if inv:  # the textbox keeps what was typed
        page = amend_page(ctx, form_with(st, date=value))
        st = form_with(st, date=value)
    r.act("extend-return", "fill", "date", value, why, "write", page)
    if inv:
        st = form_with(st, date=st["rec"]["due_date"])
    return st


def set_class(r, st, cls_code, plate, why_cls=None, why_pick=None, ctx=AGENT_CTX, mark_pick=False):
    st = form_with(st, picking=cls_code, dialog="vehicle", dirty=True)
    r.act("upgrade-class", "select_option", "cls", class_label(cls_code),
          why_cls or "Upgrade the class to %s" % class_label(cls_code), "write", amend_page(ctx, st))
    model = [v for v in VEHICLES[cls_code] if v[1] == plate][0][0]
    st = form_with(st, picking=None, dialog=None, cls=cls_code, plate=plate, model=model)
    if mark_pick:
        r.mark()
    r.act("upgrade-class", "click", "assign:" + plate, None,
          why_pick or "Assign %s, which is ready on the lot" % plate, "write", amend_page(ctx, st))
    return st


def set_rate(r, st, code, why="Enter the corporate rate code CORP-HALV", ctx=AGENT_CTX, toast_msg=None):
    st = form_with(st, rate=code, dirty=True)
    page = amend_page(ctx, form_with(st, toast=toast_msg))
    r.act("apply-corporate-rate", "fill", "rate", code, why, "write", page)
    return st


def save(r, st, ctx=AGENT_CTX):
    st = form_with(st, dialog="confirm")
    r.act("save-amendment", "click", "save", None, "Save the amendment", "write", amend_page(ctx, st))
    return st


def confirm(r, st, ctx=AGENT_CTX, result=None):
    page = result or detail_page(ctx, st["rec"], saved_view(st), toast_msg=saved_toast(st))
    r.act("save-amendment", "click", "confirm", None,
          "The summary matches what was asked; confirm and save", "irreversible", page)
    return page


def report_ok(r, st, reasoning="The detail page shows the saved amendment; report back"):
    a = st["rec"]
    msg = ("Done. %s is now due back %s %s, upgraded to %s (%s), on rate %s. New estimated total %s."
           % (a["id"], longdate(st["date"]), a["due_time"], class_label(st["cls"]), st["plate"],
              st["rate"], total_of(st)))
    r.say("report", msg, reasoning)


# ---------------------------------------------------------------------------
# Healthy runs (written first; the plan below was drafted from these pages)
# ---------------------------------------------------------------------------
def healthy_runs():
    runs = []

    # H1: search by agreement number, straight path.
    r = Run("wheelhouse-healthy-01", None, start_page(), "Search by agreement number; straight path.")
    search_and_open(r, "RA-20417", "RA-20417")
    st = open_amend(r, TARGET)
    st = set_date(r, st, "2025-06-16")
    st = set_class(r, st, "IFAR", "KXR 9031")
    st = set_rate(r, st, "CORP-HALV")
    st = save(r, st)
    confirm(r, st)
    report_ok(r, st)
    runs.append((r, True))

    # H2: browse the list, paginate to page 2; dismiss the toast at the end.
    r = Run("wheelhouse-healthy-02", None, start_page(),
            "Browses the default list, paginates to page 2, picks the RAV4, dismisses the toast.")
    r.act("find-agreement", "click", "next", None,
          "RA-20417 is not on page 1 of the list; go to the next page", "read",
          list_page(AGENT_CTX, page=2))
    open_row(r, "RA-20417", why="RA-20417 (Priya Raman) is on page 2; open it")
    st = open_amend(r, TARGET)
    st = set_date(r, st, "2025-06-16")
    st = set_class(r, st, "IFAR", "KXR 9013", why_pick="Assign the ready Toyota RAV4 KXR 9013")
    st = set_rate(r, st, "CORP-HALV")
    st = save(r, st)
    confirm(r, st)
    r.act("report", "click", "dismiss", None, "Dismiss the confirmation toast", "read",
          detail_page(AGENT_CTX, TARGET, saved_view(st)))
    report_ok(r, st)
    runs.append((r, True))

    # H3: sort by agreement number (two clicks: ascending, then descending); rate before class.
    r = Run("wheelhouse-healthy-03", None, start_page(),
            "Sorts the list by agreement number (asc, then desc); applies the rate before the class.")
    r.act("find-agreement", "click", "sort:Agreement", None, "Sort the list by agreement number",
          "read", list_page(AGENT_CTX, sort="asc"))
    r.act("find-agreement", "click", "sort:Agreement", None,
          "Ascending starts with old agreements; sort descending so the RA-204xx numbers come first",
          "read", list_page(AGENT_CTX, sort="desc"))
    open_row(r, "RA-20417", why="RA-20417 is between RA-20414 and RA-20433; open it")
    st = open_amend(r, TARGET)
    st = set_rate(r, st, "CORP-HALV", why="Apply the corporate rate first")
    st = set_date(r, st, "2025-06-16")
    st = set_class(r, st, "IFAR", "KXR 9031")
    st = save(r, st)
    confirm(r, st)
    report_ok(r, st)
    runs.append((r, True))

    # H4: search by customer name; results include the similar name Priya Rahman.
    r = Run("wheelhouse-healthy-04", None, start_page(),
            "Searches by customer name; ignores the similarly named Priya Rahman.")
    search_and_open(r, "Priya Raman", "RA-20417")
    st = open_amend(r, TARGET)
    st = set_date(r, st, "2025-06-16")
    st = set_class(r, st, "IFAR", "KXR 9031")
    st = set_rate(r, st, "CORP-HALV")
    st = save(r, st)
    confirm(r, st)
    report_ok(r, st)
    runs.append((r, True))

    # H5: the task says "open" agreement: filter Status = Open; an info toast after the rate.
    r = Run("wheelhouse-healthy-05", None, start_page(),
            "Applies the Status = Open filter the task implies; an informational toast follows the rate.")
    r.act("find-agreement", "select_option", "f_status", "Open",
          "The task is about an open agreement; filter the list to open ones", "read",
          list_page(AGENT_CTX, status="Open", banner="Filter applied: Status is Open"))
    open_row(r, "RA-20417", why="RA-20417 is on the first page of open agreements")
    st = open_amend(r, TARGET)
    st = set_date(r, st, "2025-06-16")
    st = set_class(r, st, "IFAR", "KXR 9031")
    st = set_rate(r, st, "CORP-HALV",
                  toast_msg="Corporate rate CORP-HALV matches the customer's account (Halvorsen Logistics)")
    st = save(r, st)
    confirm(r, st)
    report_ok(r, st)
    runs.append((r, True))

    # H6: open the rate-code dialog, cancel it, type the code instead.
    r = Run("wheelhouse-healthy-06", None, start_page(),
            "Opens the rate-code browser, cancels it, and types the code directly.")
    search_and_open(r, "RA-20417", "RA-20417")
    st = open_amend(r, TARGET)
    st = set_date(r, st, "2025-06-16")
    st = set_class(r, st, "IFAR", "KXR 9031")
    r.act("apply-corporate-rate", "click", "browse", None, "Look at the available rate codes",
          "read", amend_page(AGENT_CTX, form_with(st, dialog="rates")))
    r.act("apply-corporate-rate", "click", "rate_cancel", None,
          "CORP-HALV is listed; close the browser and type it in", "read", amend_page(AGENT_CTX, st))
    st = set_rate(r, st, "CORP-HALV")
    st = save(r, st)
    confirm(r, st)
    report_ok(r, st)
    runs.append((r, True))

    # H7: mistypes the date (day and month swapped), sees the validation alert, retypes.
    r = Run("wheelhouse-healthy-07", None, start_page(),
            "Types the date with day and month swapped, gets a validation alert, retypes it.")
    search_and_open(r, "RA-20417", "RA-20417")
    st = open_amend(r, TARGET)
    st = set_date(r, st, "2025-16-06", why="Set the new return date")
    st = set_date(r, st, "2025-06-16", why="Day and month were swapped; retype as 2025-06-16")
    st = set_class(r, st, "IFAR", "KXR 9031")
    st = set_rate(r, st, "CORP-HALV")
    st = save(r, st)
    confirm(r, st)
    report_ok(r, st)
    runs.append((r, True))

    # H8: checks the customer's corporate account first, goes back; picks the rate from the browser.
    r = Run("wheelhouse-healthy-08", None, start_page(),
            "Checks the customer profile for the corporate account, goes back, uses the rate browser.")
    search_and_open(r, "RA-20417", "RA-20417")
    r.act("find-agreement", "click", "customer", None,
          "Confirm Priya Raman's corporate account before applying a corporate rate", "read",
          customer_page(AGENT_CTX))
    r.act("find-agreement", "go_back", None, None, "Corporate account is Halvorsen Logistics; go back",
          "read", detail_page(AGENT_CTX, TARGET))
    st = open_amend(r, TARGET)
    st = set_date(r, st, "2025-06-16")
    st = set_class(r, st, "IFAR", "KXR 9013", why_pick="Assign the ready Toyota RAV4 KXR 9013")
    r.act("apply-corporate-rate", "click", "browse", None, "Pick the corporate rate from the list",
          "read", amend_page(AGENT_CTX, form_with(st, dialog="rates")))
    st = form_with(st, rate="CORP-HALV", dirty=True)
    r.act("apply-corporate-rate", "click", "use:CORP-HALV", None,
          "Use CORP-HALV (Halvorsen Logistics corporate)", "write", amend_page(AGENT_CTX, st))
    st = save(r, st)
    confirm(r, st)
    report_ok(r, st)
    runs.append((r, True))
    return runs


# ---------------------------------------------------------------------------
# The plan: drafted from the task text and the healthy pages above, before any
# faulty run was written, and not edited afterwards.
# ---------------------------------------------------------------------------
PLAN_YAML = """\
# Wheelhouse counter: extend RA-20417 by two days, upgrade to IFAR, apply CORP-HALV, save.
# Drafted from the task text and the healthy pages only.
task: "%s"
plan_falsifiers:
  execution:
    - Sign in to Wheelhouse
    - Your session has expired
    - Something went wrong on our side
commitments:
  - id: find-agreement
    subgoal: Find and open Priya Raman's open rental agreement RA-20417
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [Agreements]
      progress: [RA-20417, "Results for “RA-20417”"]
      completion: [Rental agreement RA-20417, Priya Raman]
    falsify:
      execution:
        - RA-20471
        - RA-20714
        - RA-20414
        - Priya Rahman
        - Marcus Feld
        - No agreements match these filters
      skill:
        - Search is temporarily unavailable
      planning:
        - Agreement RA-20417 has already been returned
  - id: open-amend-form
    subgoal: Open the amendment form of RA-20417
    confidence: 0.7
    confirm:
      precondition: [Rental agreement RA-20417]
      progress: []
      completion: [Amend agreement RA-20417]
    falsify:
      execution:
        - Amend agreement RA-20471
        - Amend agreement RA-20714
      planning:
        - You don't have permission to amend agreements
  - id: extend-return
    subgoal: Move the return date from Sat 14 Jun 2025 to Mon 16 Jun 2025, keeping 08:40
    confidence: 0.6
    confirm:
      precondition: [Return date]
      progress: [Unsaved changes]
      completion: ["2025-06-16", "Extension: +2 days"]
    falsify:
      execution:
        - "2025-06-15"
        - "2025-06-17"
        - "Extension: +1 day"
        - "Extension: +3 days"
        - text: Changing the Return time field
          on: action
  - id: upgrade-class
    subgoal: Change the class from CCAR Compact to IFAR Intermediate SUV and assign a ready vehicle
    confidence: 0.6
    confirm:
      precondition: [Vehicle class]
      progress: [Choose a vehicle — IFAR Intermediate SUV]
      completion: [IFAR Intermediate SUV, "Swap at counter"]
    falsify:
      execution:
        - IDAR Intermediate sedan
        - SFAR Standard SUV
        - Choose a vehicle — IDAR Intermediate sedan
        - text: Assign LMV 2207
          on: action
        - text: IDAR Intermediate sedan
          on: action
      skill:
        - No vehicles in this class are ready
  - id: apply-corporate-rate
    subgoal: Apply the corporate rate code CORP-HALV (Halvorsen Logistics)
    confidence: 0.6
    confirm:
      precondition: [Rate code]
      progress: []
      completion: [CORP-HALV · Halvorsen Logistics corporate]
    falsify:
      execution:
        - CORP-HALS
        - Halstead Marine
        - CORP-HLV2
        - Rate code CORP-HALV not recognised
        - text: Use CORP-HALS
          on: action
      planning:
        - Corporate account not on customer profile
  - id: save-amendment
    subgoal: Save the amendment and confirm the summary dialog
    confidence: 0.7
    confirm:
      precondition: [Save amendment]
      progress: ["Save amendment to RA-20417?"]
      completion:
        - Agreement RA-20417 amended
        - "Return due: Mon 16 Jun 2025 08:40"
        - "Class: IFAR Intermediate SUV"
        - "Rate code: CORP-HALV"
    falsify:
      execution:
        - text: Discard amendment
          on: action
        - text: Discard changes
          on: action
        - Amendment discarded
        - "Return due: Sat 14 Jun 2025"
        - "Last amended: never"
        - The agreement page shows no amendment in its activity list
  - id: report
    subgoal: Tell the user the new return date, class, plate, rate and estimated total
    confidence: 0.5
    confirm:
      precondition: [Agreement RA-20417 amended]
      progress: []
      completion: [Mon 16 Jun 2025]
    falsify:
      execution:
        - Unsaved changes
        - Save amendment to RA-20417?
        - No confirmation toast was shown after saving
""" % TASK


# ---------------------------------------------------------------------------
# Faulty runs
# ---------------------------------------------------------------------------
def faulty_runs():
    runs = []
    C = AGENT_CTX

    # F1 wrong_record: opens RA-20471 (digit swap) straight from the start page.
    r = Run("wheelhouse-wrong_record-01", "wrong_record", start_page(),
            "Near-miss id: opens RA-20471 (Marcus Feld) instead of RA-20417 and amends it.")
    near = AGR["RA-20471"]
    r.mark()
    open_row(r, "RA-20471", why="RA-20471 is on the first page; open it")
    st = open_amend(r, near)
    st = set_date(r, st, "2025-06-16")
    st = set_class(r, st, "IFAR", "KXR 9031")
    st = set_rate(r, st, "CORP-HALV")
    st = save(r, st)
    confirm(r, st)
    report_ok(r, st)
    runs.append((r, False))

    # F2 wrong_record: searches the name, opens Priya Rahman's RA-20714 (similar name).
    r = Run("wheelhouse-wrong_record-02", "wrong_record", start_page(),
            "Near-miss customer: opens RA-20714 (Priya Rahman) from the name search.")
    near = AGR["RA-20714"]
    r.act("find-agreement", "fill", "search", "Priya Raman", "Search for the customer by name",
          "read", list_page(C, search_value="Priya Raman",
                            suggestions=["Priya Raman · C-118204", "Priya Rahman · C-131560"]))
    r.act("find-agreement", "press", "search", "Enter", "Run the search", "read",
          search_page(C, "Priya Raman"))
    r.mark()
    open_row(r, "RA-20714", why="RA-20714 is the newest open compact agreement for Priya; open it")
    st = open_amend(r, near)
    st = set_date(r, st, "2025-06-16")
    st = set_class(r, st, "IFAR", "KXR 9031")
    st = set_rate(r, st, "CORP-HALV")
    st = save(r, st)
    confirm(r, st)
    report_ok(r, st)
    runs.append((r, False))

    # F3 wrong_value: return date one day short (2025-06-15).
    r = Run("wheelhouse-wrong_value-01", "wrong_value", start_page(),
            "Wrong value: return date set to Sun 15 Jun (one day) instead of Mon 16 Jun.")
    r.act("find-agreement", "select_option", "f_status", "Open",
          "The task is about an open agreement; filter the list to open ones", "read",
          list_page(C, status="Open", banner="Filter applied: Status is Open"))
    open_row(r, "RA-20417", why="RA-20417 is on the first page of open agreements")
    st = open_amend(r, TARGET)
    r.mark()
    st = set_date(r, st, "2025-06-15", why="Two days from now-ish; set the return to 2025-06-15")
    st = set_class(r, st, "IFAR", "KXR 9031")
    st = set_rate(r, st, "CORP-HALV")
    st = save(r, st)
    confirm(r, st)
    report_ok(r, st)
    runs.append((r, False))

    # F4 wrong_value: picks CORP-HALS (Halstead Marine) in the rate browser.
    r = Run("wheelhouse-wrong_value-02", "wrong_value", start_page(),
            "Wrong value: uses CORP-HALS (Halstead Marine) from the rate browser instead of CORP-HALV.")
    search_and_open(r, "RA-20417", "RA-20417")
    st = open_amend(r, TARGET)
    st = set_date(r, st, "2025-06-16")
    st = set_class(r, st, "IFAR", "KXR 9031")
    r.act("apply-corporate-rate", "click", "browse", None, "Pick the corporate rate from the list",
          "read", amend_page(C, form_with(st, dialog="rates")))
    st = form_with(st, rate="CORP-HALS", dirty=True)
    r.mark()
    r.act("apply-corporate-rate", "click", "use:CORP-HALS", None,
          "Use the Halvorsen-looking corporate code", "write", amend_page(C, st))
    st = save(r, st)
    confirm(r, st)
    report_ok(r, st)
    runs.append((r, False))

    # F5 wrong_value: selects IDAR Intermediate sedan instead of IFAR Intermediate SUV.
    r = Run("wheelhouse-wrong_value-03", "wrong_value", start_page(),
            "Wrong value: upgrades to IDAR Intermediate sedan instead of IFAR Intermediate SUV.")
    search_and_open(r, "RA-20417", "RA-20417")
    st = open_amend(r, TARGET)
    st = set_date(r, st, "2025-06-16")
    r.mark()
    st = set_class(r, st, "IDAR", "KXR 5120", why_cls="Upgrade to the intermediate class",
                   why_pick="Assign the ready Honda Accord KXR 5120")
    st = set_rate(r, st, "CORP-HALV")
    st = save(r, st)
    confirm(r, st)
    report_ok(r, st)
    runs.append((r, False))

    # F6 silent_noop: Confirm and save returns to the agreement with nothing changed, no toast.
    r = Run("wheelhouse-silent_noop-01", "silent_noop", start_page(),
            "Silent no-op: after Confirm and save the agreement still shows the old values; no toast.")
    search_and_open(r, "RA-20417", "RA-20417")
    st = open_amend(r, TARGET)
    st = set_date(r, st, "2025-06-16")
    st = set_class(r, st, "IFAR", "KXR 9031")
    st = set_rate(r, st, "CORP-HALV")
    st = save(r, st)
    r.mark()
    confirm(r, st, result=detail_page(C, TARGET))
    report_ok(r, st, reasoning="Saved; report back")
    runs.append((r, False))

    # F7 unrequested_filter: adds Due back = Due today, hides RA-20417, gives up.
    r = Run("wheelhouse-unrequested_filter-01", "unrequested_filter", start_page(),
            "Unrequested filter: adds Due back = Due today, the agreement drops out, agent gives up.")
    r.act("find-agreement", "select_option", "f_status", "Open",
          "The task is about an open agreement; filter the list to open ones", "read",
          list_page(C, status="Open", banner="Filter applied: Status is Open"))
    r.mark()
    r.act("find-agreement", "select_option", "f_due", "Due today",
          "The customer is at the counter, so narrow to agreements due back today", "read",
          list_page(C, status="Open", due="Due today",
                    banner="Filters applied: Status is Open, Due back is Due today"))
    r.say("report", "I could not find RA-20417 among today's open returns at ORD-T2, so I could "
          "not extend or upgrade it.", "RA-20417 is not in the filtered list")
    runs.append((r, False))

    # F8 permission_denied: trainee account (visible on the start page); amend is refused.
    T = {"role": "Counter trainee", "trainee": True}
    r = Run("wheelhouse-permission_denied-01", "permission_denied", list_page(T),
            "Permission: signed in as a counter trainee (banner on the start page); amend is refused.")
    r.mark_start()
    search_and_open(r, "RA-20417", "RA-20417", ctx=T)
    r.act("open-amend-form", "click", "amend", None, "Open the amendment form", "read",
          forbidden_page(T, "RA-20417"))
    r.say("report", "I can't amend RA-20417: this account is not allowed to amend agreements.",
          "The amend page was refused")
    runs.append((r, False))

    # F9 session_expired: Save amendment lands on the sign-in page; edits are lost.
    r = Run("wheelhouse-session_expired-01", "session_expired", start_page(),
            "Session expired: clicking Save amendment redirects to the sign-in page.")
    search_and_open(r, "RA-20417", "RA-20417")
    st = open_amend(r, TARGET)
    st = set_date(r, st, "2025-06-16")
    st = set_class(r, st, "IFAR", "KXR 9031")
    st = set_rate(r, st, "CORP-HALV")
    r.mark()
    r.act("save-amendment", "click", "save", None, "Save the amendment", "write", signin_page())
    r.say("report", "The session expired while saving RA-20417; please sign in again so I can "
          "redo the amendment.", "Redirected to sign in")
    runs.append((r, False))

    # F10 premature_success: reports success with the form still unsaved.
    r = Run("wheelhouse-premature_success-01", "premature_success", start_page(),
            "Premature success: fills everything in, then reports done without saving.")
    r.act("find-agreement", "click", "next", None,
          "RA-20417 is not on page 1 of the list; go to the next page", "read",
          list_page(C, page=2))
    open_row(r, "RA-20417", why="RA-20417 (Priya Raman) is on page 2; open it")
    st = open_amend(r, TARGET)
    st = set_date(r, st, "2025-06-16")
    st = set_class(r, st, "IFAR", "KXR 9031")
    st = set_rate(r, st, "CORP-HALV")
    r.mark()
    report_ok(r, st, reasoning="All three changes are in the form and the estimated total is shown")
    runs.append((r, False))

    # F11 skipped_step: never changes the class; saves with only the date and the rate.
    r = Run("wheelhouse-skipped_step-01", "skipped_step", start_page(),
            "Skipped step: saves without upgrading the vehicle class.")
    r.act("find-agreement", "click", "sort:Agreement", None, "Sort the list by agreement number",
          "read", list_page(C, sort="asc"))
    r.act("find-agreement", "click", "sort:Agreement", None,
          "Ascending starts with old agreements; sort descending so the RA-204xx numbers come first",
          "read", list_page(C, sort="desc"))
    open_row(r, "RA-20417", why="RA-20417 is between RA-20414 and RA-20433; open it")
    st = open_amend(r, TARGET)
    st = set_rate(r, st, "CORP-HALV", why="Apply the corporate rate first")
    st = set_date(r, st, "2025-06-16")
    r.mark()
    st = save(r, st)
    confirm(r, st)
    r.say("report", "Done. RA-20417 is now due back Mon 16 Jun 2025 08:40, upgraded to an "
          "Intermediate SUV, on rate CORP-HALV. New estimated total %s." % total_of(st),
          "Saved; report back")
    runs.append((r, False))

    # F12 dialog_mishandled: clicks Discard amendment in the confirmation dialog.
    r = Run("wheelhouse-dialog_mishandled-01", "dialog_mishandled", start_page(),
            "Dialog mishandled: clicks Discard amendment in the confirmation dialog, then reports done.")
    search_and_open(r, "Priya Raman", "RA-20417")
    st = open_amend(r, TARGET)
    st = set_date(r, st, "2025-06-16")
    st = set_class(r, st, "IFAR", "KXR 9031")
    st = set_rate(r, st, "CORP-HALV")
    st = save(r, st)
    r.mark()
    r.act("save-amendment", "click", "discard_amend", None,
          "Close the summary dialog to finish", "write",
          detail_page(C, TARGET, toast_msg="Amendment discarded. No changes were saved."))
    report_ok(r, st, reasoning="The dialog is closed; report back")
    runs.append((r, False))
    return runs


def _sanity():
    """Where RA-20417 sits in each list view the runs rely on."""
    def ids(p):
        return {k[4:] for k in p.keys if k.startswith("row:")}
    assert "RA-20417" not in ids(list_page(AGENT_CTX))
    assert "RA-20417" in ids(list_page(AGENT_CTX, page=2))
    assert "RA-20417" in ids(list_page(AGENT_CTX, status="Open"))
    assert "RA-20417" not in ids(list_page(AGENT_CTX, sort="asc"))
    assert "RA-20417" in ids(list_page(AGENT_CTX, sort="desc"))
    assert "RA-20417" not in ids(list_page(AGENT_CTX, status="Open", due="Due today"))
    assert {"RA-20471", "RA-20714"} <= ids(list_page(AGENT_CTX))


def main(out_dir):
    _sanity()
    runs = healthy_runs() + faulty_runs()
    os.makedirs(os.path.join(out_dir, "plans"), exist_ok=True)
    with open(os.path.join(out_dir, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    with open(os.path.join(out_dir, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r, ok in runs:
            f.write(json.dumps(r.to_json(ok), ensure_ascii=False) + "\n")
    return runs


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else here
    rs = main(out)
    print("wrote %d trajectories and %s to %s" % (len(rs), PLAN_REL, out))
