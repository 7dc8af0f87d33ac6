#!/usr/bin/env python3
"""Generate the ColdLink Assure held-out corpus (stdlib only, deterministic).

Writes corpus.jsonl and plans/<workflow>.yaml next to this file (or under --out DIR).
Application: ColdLink Assure, the pharmaceutical cold-chain portal of Northbeam Pharma
Logistics (Memphis DC). Signed-in user: Dana Whitfield, QA Specialist. Today: Thu 13 Mar 2025.
"""
import argparse
import copy
import datetime as dt
import json
import os
import random
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plans_src  # noqa: E402  (plan texts, written before the faulty runs)

SEED = 20250313
BASE = "http://127.0.0.1:8031"
PRODUCT = "ColdLink Assure"
ORG = "Northbeam Pharma Logistics"
USER = "Dana Whitfield"
ROLE = "QA Specialist"
SITE = "Memphis DC"
FLAG = object()  # attribute rendered without a value (e.g. `required`)


# ----------------------------------------------------------------------------- AXTree
def N(role, name="", *children, **props):
    return [role, name, props, [c for c in children if c is not None], True]


def T(text):
    return ["StaticText", text, {}, [], False]


class Page:
    """A rendered page: BrowserGym-style flattened AXTree with stable bids per page kind."""

    def __init__(self, kind, url, title, body):
        self.kind, self.url, self.title = kind, url, title
        self.index, self.dialog_index = [], []
        rng = random.Random(zlib.crc32(kind.encode()) ^ SEED)
        counter = [rng.randint(12, 40)]
        lines = ["RootWebArea %r, focused" % title]

        def walk(node, depth, in_dlg=False):
            role, name, props, children, has_bid = node
            in_dlg = in_dlg or role in ("dialog", "alertdialog")
            ind = "\t" * depth
            if has_bid:
                counter[0] += rng.choice((1, 1, 1, 2, 2, 3, 5))
                bid = "a%d" % counter[0]
                s = "%s[%s] %s %r" % (ind, bid, role, name)
                self.index.append((role, name, bid))
                if in_dlg:
                    self.dialog_index.append((role, name, bid))
            else:
                if not name:
                    return
                s = "%sStaticText %r" % (ind, name)
            if "value" in props:
                s += " value=%r" % (props["value"],)
            attrs = []
            for k, v in props.items():
                if k == "value":
                    continue
                attrs.append(k if v is FLAG else "%s=%r" % (k, v))
            if attrs:
                s += ", " + ", ".join(attrs)
            lines.append(s)
            for c in children:
                walk(c, depth + 1, in_dlg)

        for n in body:
            if n is not None:
                walk(n, 1)
        self.text = "\n".join(lines)

    def bid(self, role, name, prefix=False):
        # a modal dialog takes the focus: resolve names inside it first
        for r, n, b in self.dialog_index:
            if r == role and n == name:
                return b
        for r, n, b in self.index:
            if r == role and n == name:
                return b
        if prefix:
            hits = [b for r, n, b in self.index if r == role and n.startswith(name)]
            if len(hits) == 1:
                return hits[0]
        raise KeyError("no %s %r on page %s (%s)" % (role, name, self.kind, self.url))

    def full_name(self, role, name):
        for r, n, b in self.index:
            if r == role and n == name:
                return n
        for r, n, b in self.index:
            if r == role and n.startswith(name):
                return n
        return name

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": self.text, "error": error}


# ----------------------------------------------------------------------------- data
D = dt.datetime


def fmt_d(d):
    return "%d %s %d" % (d.day, d.strftime("%b"), d.year)


def fmt_dt(d):
    return "%d %s %s" % (d.day, d.strftime("%b"), d.strftime("%H:%M"))


CUSTOMERS = ["Harbor Point Pharmacy", "Dunmore Regional Medical Center", "Ozark Valley Health System",
             "St. Ives Infusion Clinic", "Lakeshore Specialty Pharmacy", "Meridian Hospice Network",
             "Cedar Fork Community Hospital", "Tallow Creek Veterans Clinic", "Pinecrest Oncology Partners",
             "Greyfield University Hospital"]
PRODUCTS = [("Adalimumab 40 mg pens", "2–8 °C"), ("Pembrolizumab 100 mg vials", "2–8 °C"),
            ("mRNA influenza vaccine, 10-dose vials", "−25 to −15 °C"), ("Etanercept 50 mg syringes", "2–8 °C"),
            ("Bevacizumab 400 mg vials", "2–8 °C"), ("Filgrastim 300 mcg syringes", "2–8 °C"),
            ("Hepatitis B vaccine, single dose", "2–8 °C"), ("Somatropin 12 mg cartridges", "2–8 °C"),
            ("Epoetin alfa 10,000 IU vials", "2–8 °C"), ("Tacrolimus 5 mg capsules", "15–25 °C")]
DESTS = ["Nashville, TN", "Jackson, MS", "Little Rock, AR", "Birmingham, AL", "Louisville, KY",
         "Tupelo, MS", "Huntsville, AL", "Paducah, KY"]
CARRIERS = ["ThermoRoute Express", "PolarLine Couriers", "Bluefrost Freight"]


def fixed_shipments():
    def S(sid, cust, prod, qty, dest, status, ship, logger, lots, rng_="2–8 °C", **kw):
        d = dict(id=sid, customer=cust, product=prod, qty=qty, lane="%s → %s" % (SITE, dest), status=status,
                 range=rng_, ship=ship, logger=logger, lots=lots, carrier=kw.pop("carrier", "ThermoRoute Express"),
                 excursions=[], release=None, quarantined=None, qa="", last=kw.pop("last", "5.4 °C"))
        d.update(kw)
        return d
    ships = [
        S("SHP-24817", "Calloway Oncology Center", "Trastuzumab 150 mg vials", "240 vials", "Nashville, TN",
          "In transit", D(2025, 3, 11, 16, 40), "DL-5521", [("TZ4471A", 120), ("TZ4471B", 120)], last="6.2 °C",
          unlogged=True),
        S("SHP-24871", "Calloway Oncology Center", "Pertuzumab 420 mg vials", "60 vials", "Nashville, TN",
          "In transit", D(2025, 3, 12, 9, 15), "DL-5512", [("PZ2208A", 60)], last="4.8 °C"),
        S("SHP-24816", "Harbor Point Pharmacy", "Trastuzumab 150 mg vials", "80 vials", "Jackson, MS",
          "Delivered", D(2025, 3, 10, 7, 5), "DL-5518", [("TZ4469C", 80)], last="5.0 °C"),
        S("SHP-24818", "Dunmore Regional Medical Center", "Trastuzumab 150 mg vials", "120 vials",
          "Birmingham, AL", "In transit", D(2025, 3, 11, 17, 20), "DL-5524", [("TZ4471C", 120)], last="4.1 °C"),
        S("SHP-24790", "Calloway Oncology Center", "Trastuzumab 150 mg vials", "240 vials", "Nashville, TN",
          "Delivered", D(2025, 3, 6, 15, 0), "DL-5490", [("TZ4460A", 120), ("TZ4460B", 120)], last="5.6 °C"),
        S("SHP-31406", "Brightwater Children's Hospital", "Insulin glargine 100 U/mL pens", "600 pens",
          "Little Rock, AR", "Quarantined", D(2025, 3, 9, 13, 30), "DL-6034", [("IG0925C", 600)],
          quarantined=D(2025, 3, 10, 7, 40), qa="Review pending", last="4.9 °C",
          excursions=[dict(id="EXC-3051", when="9 Mar 21:12–21:50", peak="9.6 °C", dur="38 min",
                           decision="Quarantine pending QA review", by="Luis Ferreira")]),
        S("SHP-31460", "Brightwater Children's Hospital", "Insulin aspart 100 U/mL vials", "300 vials",
          "Little Rock, AR", "Quarantined", D(2025, 3, 10, 12, 10), "DL-6041", [("IA1187A", 300)],
          quarantined=D(2025, 3, 11, 15, 5), qa="Review pending", last="5.2 °C",
          excursions=[dict(id="EXC-3066", when="10 Mar 23:02–23:31", peak="8.9 °C", dur="29 min",
                           decision="Quarantine pending QA review", by="Luis Ferreira")]),
        S("SHP-31405", "Ozark Valley Health System", "Insulin glargine 100 U/mL pens", "400 pens",
          "Little Rock, AR", "Quarantined", D(2025, 3, 9, 13, 10), "DL-6033", [("IG0925B", 400)],
          quarantined=D(2025, 3, 10, 6, 15), qa="In review", last="5.1 °C",
          excursions=[dict(id="EXC-3049", when="9 Mar 20:40–21:35", peak="10.2 °C", dur="55 min",
                           decision="Quarantine pending QA review", by="Luis Ferreira")]),
        S("SHP-31392", "Brightwater Children's Hospital", "Insulin glargine 100 U/mL pens", "600 pens",
          "Little Rock, AR", "Released", D(2025, 3, 3, 11, 0), "DL-6012", [("IG0921A", 600)], last="5.3 °C"),
    ]
    return {s["id"]: s for s in ships}


def build_shipments():
    rng = random.Random(SEED)
    ships = fixed_shipments()
    taken = set()
    fillers = []
    dates = ([13] * 6) + ([12] * 4) + ([11] * 6) + [10, 10, 9, 9, 8, 8, 8, 7, 7, 6, 5, 5, 4, 4]
    used_exc = {3049, 3051, 3066}
    q_slots = [D(2025, 3, 11, 8, 5), D(2025, 3, 11, 10, 50), D(2025, 3, 11, 19, 25), D(2025, 3, 12, 6, 40),
               D(2025, 3, 12, 9, 55), D(2025, 3, 12, 14, 20), D(2025, 3, 12, 18, 45), D(2025, 3, 13, 2, 10),
               D(2025, 3, 13, 6, 30)]
    for i, day in enumerate(dates):
        while True:
            n = rng.randint(24900, 31990)
            if not (31380 <= n <= 31480) and n not in taken:
                break
        taken.add(n)
        sid = "SHP-%d" % n
        prod, rr = PRODUCTS[rng.randrange(len(PRODUCTS))]
        cust = CUSTOMERS[rng.randrange(len(CUSTOMERS))]
        ship = D(2025, 3, day, rng.randint(5, 8) if day == 13 else rng.randint(6, 18),
                 rng.choice((0, 10, 15, 25, 30, 40, 45, 50)))
        lot = "%s%04d%s" % ("".join(w[0] for w in prod.split()[:2]).upper(), rng.randint(1000, 9999), "A")
        status = "Delivered" if day <= 8 else rng.choice(("In transit", "In transit", "At hub", "Delivered"))
        lo = {"2–8 °C": (2.6, 7.4), "−25 to −15 °C": (-22.5, -17.0), "15–25 °C": (17.0, 23.5)}[rr]
        d = dict(id=sid, customer=cust, product=prod, qty="%d units" % (rng.randint(2, 40) * 10),
                 lane="%s → %s" % (SITE, DESTS[rng.randrange(len(DESTS))]), status=status, range=rr, ship=ship,
                 logger="DL-%d" % rng.randint(5600, 5990), lots=[(lot, 100)], carrier=rng.choice(CARRIERS),
                 excursions=[], release=None, quarantined=None, qa="",
                 last="%.1f °C" % rng.uniform(*lo))
        fillers.append(d)
    # nine fillers shipped 9-13 Mar sit in quarantine, all quarantined after SHP-31406
    cands = [f for f in fillers if 9 <= f["ship"].day <= 12 and f["range"] != "15–25 °C"]
    rng.shuffle(cands)
    for f, qt in zip(sorted(cands[:9], key=lambda f: f["ship"]), q_slots):
        if f["ship"] + dt.timedelta(hours=6) > qt:  # shipped after this slot: quarantined later in transit
            qt = min(f["ship"] + dt.timedelta(hours=rng.randint(6, 13), minutes=rng.choice((5, 20, 35, 50))),
                     D(2025, 3, 13, 8, 50))
        f["status"], f["quarantined"] = "Quarantined", qt
        f["qa"] = rng.choice(("Review pending", "Review pending", "In review"))
        while True:
            e = rng.randint(3000, 3090)
            if e not in used_exc:
                break
        used_exc.add(e)
        f["excursions"] = [dict(id="EXC-%d" % e, when=fmt_dt(qt - dt.timedelta(hours=5)), peak="%.1f °C" % rng.uniform(8.4, 11.9),
                                dur="%d min" % rng.randint(18, 70), decision="Quarantine pending QA review",
                                by=rng.choice(("Luis Ferreira", "Dana Whitfield", "Ama Boateng")))]
    for f in fillers:
        ships[f["id"]] = f
    return ships


SHIPS = build_shipments()
PER_PAGE = 10


def readings(s):
    rng = random.Random(zlib.crc32(s["id"].encode()) ^ SEED)
    rows = []
    if s["id"] == "SHP-24817":
        pts = [("12 Mar 13:30", "5.9 °C", "In range"), ("12 Mar 14:00", "7.6 °C", "In range"),
               ("12 Mar 14:15", "10.2 °C", "Out of range"), ("12 Mar 14:30", "11.4 °C", "Out of range"),
               ("12 Mar 14:45", "9.1 °C", "Out of range"), ("12 Mar 15:00", "6.8 °C", "In range"),
               ("13 Mar 08:00", "6.0 °C", "In range"), ("13 Mar 09:00", "6.2 °C", "In range")]
        return pts
    lo = {"2–8 °C": (3.1, 7.2), "−25 to −15 °C": (-22.0, -17.5), "15–25 °C": (17.5, 23.0)}[s["range"]]
    t = D(2025, 3, 13, 9, 0)
    for i in range(8):
        rows.append((fmt_dt(t - dt.timedelta(hours=3 * (7 - i))), "%.1f °C" % rng.uniform(*lo), "In range"))
    return rows


def new_state():
    return dict(ship=copy.deepcopy(SHIPS), q="", recent=["SHP-24871", "SHP-31460", "SHP-24790", "SHP-24817"],
                notes=["EXC-3066 on SHP-31460 assigned to QA review",
                       "Calibration due: data logger DL-5580 (18 Mar)"],
                notif_open=False, clock=D(2025, 3, 13, 9, 12), releases={})


def qcount(st):
    return sum(1 for s in st["ship"].values() if s["status"] == "Quarantined")


# ----------------------------------------------------------------------------- chrome
def banner(st):
    kids = [N("link", "ColdLink Assure home"), T("%s · %s" % (ORG, SITE)),
            N("navigation", "Main", N("link", "Dashboard"), N("link", "Shipments"), N("link", "Excursions"),
              N("link", "Quarantine %d" % qcount(st)), N("link", "Reports")),
            N("search", "", N("combobox", "Search shipments, lots, excursions", value=st["q"], autocomplete="list",
                              hasPopup="listbox", expanded=False), N("button", "Search")),
            N("button", "Notifications (%d)" % len(st["notes"]), hasPopup="menu", expanded=st["notif_open"])]
    if st["notif_open"]:
        kids.append(N("menu", "Notifications", *[N("menuitem", t) for t in st["notes"]],
                      N("menuitem", "Mark all as read")))
    kids.append(N("button", "%s (%s)" % (USER, ROLE), hasPopup="menu", expanded=False))
    return N("banner", "", *kids)


def crumbs(*items):
    kids = [N("link", c) for c in items[:-1]] + [T(items[-1])]
    return N("navigation", "Breadcrumb", *kids)


def recent_panel(st, exclude=None):
    items = []
    for sid in st["recent"]:
        if sid == exclude:
            continue
        s = st["ship"][sid]
        items.append(N("listitem", "", N("link", "%s · %s" % (sid, s["customer"])), T(s["status"])))
    return N("complementary", "Recently viewed", N("heading", "Recently viewed"), N("list", "", *items[:5]))


def footer(st):
    return N("contentinfo", "", T("© 2025 %s · %s 4.12.2 · Validated GxP system (21 CFR Part 11)" % (ORG, PRODUCT)),
             N("link", "Help centre"), N("link", "Privacy notice"), N("link", "System status"),
             T("Thursday 13 March 2025 · %s CST · Signed in as %s" % (st["clock"].strftime("%H:%M"), USER)))


def live(toast=None):
    if toast:
        return N("status", "", T(toast), N("button", "Dismiss notification"), live="polite")
    return N("status", "", live="polite")


def page(st, kind, url, title, crumb, main, side=(), toast=None, dialog=None):
    body = [banner(st), crumb, N("main", "", *main)] + list(side) + [live(toast), footer(st)]
    if dialog is not None:
        body.append(dialog)
    return Page(kind, BASE + url, "%s · %s" % (title, PRODUCT), body)


def tick(st, minutes=1):
    st["clock"] += dt.timedelta(minutes=minutes)


# ----------------------------------------------------------------------------- pages
def dashboard(st, toast=None):
    ships = st["ship"]
    main = [N("heading", "Good morning, Dana"),
            N("region", "At a glance",
              N("link", "Open excursions: %d" % (4 + sum(1 for s in ships.values() for e in s["excursions"] if e["id"] == "EXC-3092"))),
              N("link", "Quarantined shipments: %d" % qcount(st)),
              N("link", "Awaiting my signature: 0"),
              N("link", "Loggers offline: 2")),
            N("region", "Out-of-range alerts",
              N("heading", "Out-of-range alerts"),
              N("list", "", *[N("listitem", "", T("%s · %s · 12 Mar 14:05–14:52 · peak 11.4 °C · no excursion logged" % (s["id"], s["logger"])))
                               for s in ships.values() if s.get("unlogged")] or [T("No unlogged alerts.")]))]
    return page(st, "dashboard", "/dashboard", "Dashboard", crumbs("Home"), main, [recent_panel(st)], toast)


def sort_header(label, key, sort):
    state = None
    if sort[0] == key:
        state = "ascending" if sort[1] == "asc" else "descending"
    name = "Sort by %s" % label.lower() + (", sorted %s" % state if state else "")
    props = {"sort": state} if state else {}
    return N("columnheader", label, N("button", name), **props)


def board_rows(st, sort, status):
    rows = [s for s in st["ship"].values() if status is None or s["status"] == status]
    if sort == ("date", "desc"):
        rows.sort(key=lambda s: (-s["ship"].toordinal(), s["id"]))
    elif sort == ("id", "asc"):
        rows.sort(key=lambda s: s["id"])
    elif sort == ("customer", "asc"):
        rows.sort(key=lambda s: (s["customer"], s["id"]))
    return rows


def pager(page_no, pages, total, noun):
    lo, hi = (page_no - 1) * PER_PAGE + 1, min(page_no * PER_PAGE, total)
    kids = [T("Showing %d–%d of %d %s" % (lo, hi, total, noun)),
            N("link", "Previous page", **({"disabled": True} if page_no == 1 else {}))]
    for p in range(1, pages + 1):
        kids.append(N("link", "Page %d" % p, **({"current": "page"} if p == page_no else {})))
    kids.append(N("link", "Next page", **({"disabled": True} if page_no == pages else {})))
    return N("navigation", "Pagination", *kids)


def board(st, page_no=1, sort=("date", "desc"), status=None, filters_open=False, toast=None):
    rows = board_rows(st, sort, status)
    pages = max(1, -(-len(rows) // PER_PAGE))
    chunk = rows[(page_no - 1) * PER_PAGE: page_no * PER_PAGE]
    head = N("row", "", sort_header("Shipment ID", "id", sort), sort_header("Customer", "customer", sort),
             N("columnheader", "Product"), N("columnheader", "Lane"), N("columnheader", "Status"),
             N("columnheader", "Range"), N("columnheader", "Last reading"), sort_header("Ship date", "date", sort))
    body = [N("row", "", N("cell", "", N("link", s["id"])), N("cell", s["customer"]), N("cell", s["product"]),
              N("cell", s["lane"]), N("cell", s["status"]), N("cell", s["range"]), N("cell", s["last"]),
              N("cell", fmt_d(s["ship"]))) for s in chunk]
    main = [N("heading", "Shipments"), T("%d shipments · Site: %s" % (len(rows), SITE)),
            N("button", "Filters" + (" (1 active)" if status else ""), expanded=filters_open)]
    if filters_open:
        opts = ["All statuses", "In transit", "At hub", "Delivered", "Quarantined", "Released"]
        cur = filters_open if isinstance(filters_open, str) else (status or "All statuses")
        main.append(N("region", "Filters",
                      N("combobox", "Status", *[N("option", o, selected=(o == cur)) for o in opts],
                        value=cur, hasPopup="listbox", expanded=False),
                      N("combobox", "Site", N("option", SITE, selected=True), N("option", "Louisville Hub", selected=False),
                        value=SITE, hasPopup="listbox", expanded=False),
                      N("combobox", "Temperature range", *[N("option", o, selected=(o == "All ranges")) for o in
                                                           ("All ranges", "2–8 °C", "−25 to −15 °C", "15–25 °C")],
                        value="All ranges", hasPopup="listbox", expanded=False),
                      N("button", "Apply filters"), N("button", "Reset")))
    if status:
        main.append(N("group", "Active filters", T("Status: %s" % status), N("button", "Remove filter Status: %s" % status)))
    main += [N("button", "Export CSV"), N("table", "Shipments", head, *body), pager(page_no, pages, len(rows), "shipments")]
    q = []
    if page_no > 1:
        q.append("page=%d" % page_no)
    if sort != ("date", "desc"):
        q.append("sort=%s&dir=%s" % sort)
    if status:
        q.append("status=%s" % status.lower())
    url = "/shipments" + ("?" + "&".join(q) if q else "")
    title = "Shipments" + (" (page %d)" % page_no if page_no > 1 else "")
    return page(st, "board", url, title, crumbs("Home", "Shipments"), main, [recent_panel(st)], toast)


def search_page(st, q):
    num = q.split("-")[-1]
    exact = [s for s in st["ship"].values() if s["id"] == q]
    similar = sorted((s for s in st["ship"].values() if s["id"] != q and len(s["id"]) == len(q) and
                      (sorted(s["id"]) == sorted(q) or abs(int(s["id"][4:]) - int(num)) <= 1)), key=lambda s: s["id"])
    items = []
    for s, tag in [(s, "Exact match") for s in exact] + [(s, "Similar ID") for s in similar]:
        items.append(N("listitem", "", N("link", s["id"]),
                       T("%s · %s · %s · shipped %s" % (s["customer"], s["product"], s["status"], fmt_d(s["ship"]))),
                       T(tag)))
    main = [N("heading", 'Search results for "%s"' % q), T("%d results in Shipments" % len(items)),
            N("group", "Result type", N("radio", "Shipments", checked="true"), N("radio", "Lots", checked="false"),
              N("radio", "Excursions", checked="false")),
            N("list", "Results", *items)]
    return page(st, "search", "/search?q=%s" % q, "Search: %s" % q, crumbs("Home", "Search"), main,
                [recent_panel(st)])


def kv_table(name, pairs):
    return N("table", name, *[N("row", "", N("rowheader", k), N("cell", v)) for k, v in pairs])


def detail(st, sid, alert=None, toast=None, stale=None, visit=True):
    s = stale or st["ship"][sid]
    if visit:
        st["recent"] = [sid] + [x for x in st["recent"] if x != sid]
    main = [N("heading", "Shipment %s" % sid), T("Status: %s" % s["status"])]
    if alert:
        main.append(N("alert", "", T(alert), N("button", "Dismiss"), live="assertive"))
    if s.get("unlogged"):
        main.append(N("note", "Out-of-range readings", T("Out-of-range readings detected: 12 Mar 2025 14:05–14:52, "
                                                        "peak 11.4 °C (%s). No excursion logged yet." % s["logger"])))
    rel = s["release"]
    can_release = s["status"] == "Quarantined" and rel is None
    main.append(N("group", "Shipment actions", N("button", "Log excursion"),
                  N("button", "Start QA release review", **({} if can_release else {"disabled": True})),
                  N("button", "Print label"), N("button", "More actions", hasPopup="menu", expanded=False)))
    main.append(N("region", "Summary", N("heading", "Summary"), kv_table("Shipment summary", [
        ("Customer", s["customer"]), ("Product", s["product"]), ("Quantity", s["qty"]),
        ("Lots", ", ".join(l for l, _ in s["lots"])), ("Lane", s["lane"]), ("Carrier", s["carrier"]),
        ("Ship date", fmt_d(s["ship"])), ("Required range", s["range"]), ("Data logger", s["logger"])])))
    rd = readings(s)
    main.append(N("region", "Temperature readings", N("heading", "Temperature readings"),
                  T("Logger %s · required range %s · latest %d readings" % (s["logger"], s["range"], len(rd))),
                  N("table", "Temperature readings",
                    N("row", "", N("columnheader", "Time"), N("columnheader", "Temperature"), N("columnheader", "Status")),
                    *[N("row", "", N("cell", a), N("cell", b), N("cell", c)) for a, b, c in rd])))
    if s["excursions"]:
        ex = N("table", "Excursions", N("row", "", *[N("columnheader", h) for h in
                                                     ("Excursion", "Period", "Peak", "Duration", "Decision", "Logged by")]),
               *[N("row", "", N("cell", "", N("link", e["id"])), N("cell", e["when"]), N("cell", e["peak"]),
                   N("cell", e["dur"]), N("cell", e["decision"]), N("cell", e["by"])) for e in s["excursions"]])
    else:
        ex = T("No excursions recorded for this shipment.")
    main.append(N("region", "Excursions", N("heading", "Excursions"), ex))
    if s["quarantined"] or s["status"] in ("Quarantined", "Released", "Returned to stock"):
        qkids = [N("heading", "Quarantine and QA release")]
        if s["quarantined"]:
            qkids.append(T("Quarantined since %s %s" % (fmt_d(s["quarantined"]), s["quarantined"].strftime("%H:%M"))))
        if rel is None:
            qkids.append(T("QA release review: %s" % ("Not started" if s["status"] == "Quarantined" else "—")))
        else:
            for r in rel:
                qkids.append(N("link", r["id"]))
                qkids.append(T("QA release review %s: %s" % (r["id"], r["state"])))
        main.append(N("region", "Quarantine and QA release", *qkids))
    act = s.get("activity") or []
    main.append(N("region", "Activity", N("heading", "Activity"),
                  N("list", "", *[N("listitem", a) for a in act + ["Shipment created by Order import · %s" % fmt_d(s["ship"])]])))
    related = [x for x in st["ship"].values() if x["customer"] == s["customer"] and x["id"] != sid]
    related.sort(key=lambda x: x["id"])
    side = [N("complementary", "Related shipments", N("heading", "Other shipments for %s" % s["customer"]),
              N("list", "", *[N("listitem", "", N("link", x["id"]), T("%s · %s" % (x["product"], x["status"])))
                              for x in related[:4]])),
            recent_panel(st, exclude=sid)]
    return page(st, "detail", "/shipments/%s" % sid, "Shipment %s" % sid, crumbs("Home", "Shipments", sid),
                main, side, toast)


def duration(form):
    try:
        a = D.strptime(form["start"], "%Y-%m-%d %H:%M")
        b = D.strptime(form["end"], "%Y-%m-%d %H:%M")
        return "%d min" % ((b - a).seconds // 60)
    except (ValueError, KeyError, TypeError):
        return None


TYPES = {"above": "Above range (> 8 °C)", "below": "Below range (< 2 °C)"}
DECISIONS = {"quarantine": "Quarantine pending QA review", "release": "Release — within stability budget",
             "reject": "Reject and destroy"}
BUDGET = {"Trastuzumab 150 mg vials": 120, "Pertuzumab 420 mg vials": 240}


def wizard(st, sid, step, form, dialog=None, alert=None, toast=None, draft=None):
    s = st["ship"][sid]
    draft = draft or form.get("_draft")
    steps = ["Excursion details", "Impact assessment", "Review and submit"]
    prog = N("list", "Progress", *[N("listitem", "%d %s" % (i + 1, n), **({"current": "step"} if i + 1 == step else {}))
                                    for i, n in enumerate(steps)])
    main = [N("heading", "Log temperature excursion for %s" % sid), T("%s · %s · %s" % (s["customer"], s["product"], s["range"])),
            prog, N("heading", "Step %d of 3: %s" % (step, steps[step - 1]))]
    if draft:
        main.append(T("Draft %s · last saved %s" % (draft, st["clock"].strftime("%H:%M"))))
    if alert:
        main.append(N("alert", "", T(alert), live="assertive"))
    dur = duration(form)
    if step == 1:
        main.append(N("group", "Excursion details",
                      N("textbox", "Data logger ID", value=form.get("logger", ""), required=FLAG, autocomplete="list"),
                      T("Loggers on this shipment: %s" % s["logger"]),
                      N("textbox", "Excursion start (YYYY-MM-DD HH:MM)", value=form.get("start", ""), required=FLAG),
                      N("textbox", "Excursion end (YYYY-MM-DD HH:MM)", value=form.get("end", "")),
                      T("Leave the end blank if the excursion is still ongoing."),
                      N("spinbutton", "Peak temperature (°C)", value=form.get("peak", ""), required=FLAG),
                      N("radiogroup", "Excursion type",
                        *[N("radio", v, checked="true" if form.get("type") == k else "false") for k, v in TYPES.items()]),
                      T("Duration: %s" % (dur or "—")),
                      N("textbox", "Notes (optional)", value=form.get("notes", ""), multiline=True)))
        main.append(N("group", "Wizard actions", N("button", "Cancel"), N("button", "Save draft"),
                      N("button", "Next: Impact assessment")))
    elif step == 2:
        budget = BUDGET.get(s["product"], 180)
        used = int(dur.split()[0]) if dur else None
        main.append(N("region", "Stability budget",
                      T("Stability budget for %s: up to %d min cumulative between 8 °C and 25 °C." % (s["product"], budget)),
                      T(("This excursion: %d min, peak %s °C. Remaining budget after this excursion: %d min." %
                         (used, form.get("peak"), budget - used)) if used is not None else
                        "This excursion: ongoing (no end time), peak %s °C. Remaining budget cannot be calculated yet." % form.get("peak"))))
        main.append(N("radiogroup", "Quarantine decision",
                      *[N("radio", v, checked="true" if form.get("decision") == k else "false") for k, v in DECISIONS.items()],
                      required=FLAG))
        main.append(N("group", "Affected lots",
                      *[N("checkbox", "Lot %s (%d %s)" % (l, n, "vials" if "vial" in s["product"] else "units"),
                          checked="true" if l in form.get("lots", ()) else "false") for l, n in s["lots"]]))
        main.append(N("checkbox", "Notify customer contact (optional)", checked="true" if form.get("notify") else "false"))
        main.append(N("group", "Wizard actions", N("button", "Back"), N("button", "Save draft"), N("button", "Next: Review")))
    else:
        lots = ", ".join(l for l, _ in s["lots"] if l in form.get("lots", ())) or "—"
        main.append(kv_table("Excursion summary", [
            ("Shipment", "%s · %s" % (sid, s["customer"])), ("Data logger", form.get("logger") or "—"),
            ("Excursion start", form.get("start") or "—"), ("Excursion end", form.get("end") or "Ongoing"),
            ("Duration", dur or "—"), ("Peak temperature", "%s °C" % form.get("peak")),
            ("Excursion type", TYPES.get(form.get("type"), "—")),
            ("Quarantine decision", DECISIONS.get(form.get("decision"), "—")), ("Affected lots", lots),
            ("Notify customer", "Yes" if form.get("notify") else "No"), ("Notes", form.get("notes") or "—")]))
        main.append(N("group", "Wizard actions", N("button", "Back"), N("button", "Save draft"),
                      N("button", "Submit excursion")))
    if dialog == "submit":
        dlg = N("dialog", "Submit excursion report?",
                T("This creates an excursion record for %s and applies the decision: %s. Submitted excursion reports "
                  "cannot be edited." % (sid, DECISIONS.get(form.get("decision"), "—"))),
                N("button", "Cancel"), N("button", "Submit"), modal=True)
    elif dialog == "leave":
        dlg = N("dialog", "Leave this page?",
                T("You have unsaved changes to the excursion for %s. If you leave, they will be lost." % sid),
                N("button", "Stay on page"), N("button", "Leave page"), modal=True)
    else:
        dlg = None
    url = ("/shipments/%s/excursions/drafts/%s?step=%d" % (sid, draft, step)) if draft else \
          "/shipments/%s/excursions/new?step=%d" % (sid, step)
    return page(st, "wizard", url, "Log excursion (step %d of 3) · %s" % (step, sid),
                crumbs("Home", "Shipments", sid, "Log excursion"), main, [], toast, dlg)


def quarantine(st, page_no=1, sort=("since", "desc"), toast=None):
    rows = [s for s in st["ship"].values() if s["status"] == "Quarantined"]
    rows.sort(key=lambda s: s["quarantined"], reverse=(sort[1] == "desc"))
    pages = max(1, -(-len(rows) // PER_PAGE))
    chunk = rows[(page_no - 1) * PER_PAGE: page_no * PER_PAGE]
    head = N("row", "", N("columnheader", "Shipment"), N("columnheader", "Customer"), N("columnheader", "Product"),
             N("columnheader", "Excursion"), sort_header("Quarantined since", "since", sort),
             N("columnheader", "QA review"), N("columnheader", "Actions"))
    body = [N("row", "", N("cell", "", N("link", s["id"])), N("cell", s["customer"]), N("cell", s["product"]),
              N("cell", s["excursions"][-1]["id"] if s["excursions"] else "—"),
              N("cell", "%s %s" % (fmt_d(s["quarantined"]), s["quarantined"].strftime("%H:%M"))),
              N("cell", s["qa"]), N("cell", "", N("link", "Review %s" % s["id"]))) for s in chunk]
    main = [N("heading", "Quarantine queue"), T("%d shipments in quarantine at %s" % (len(rows), SITE)),
            N("combobox", "QA review status", *[N("option", o, selected=(o == "All")) for o in
                                                ("All", "Review pending", "In review", "Awaiting second signature")],
              value="All", hasPopup="listbox", expanded=False),
            N("table", "Quarantined shipments", head, *body), pager(page_no, pages, len(rows), "shipments")]
    q = []
    if page_no > 1:
        q.append("page=%d" % page_no)
    if sort != ("since", "desc"):
        q.append("sort=since&dir=asc")
    url = "/quarantine" + ("?" + "&".join(q) if q else "")
    return page(st, "quarantine", url, "Quarantine queue" + (" (page %d)" % page_no if page_no > 1 else ""),
                crumbs("Home", "Quarantine"), main, [recent_panel(st)], toast)


DISPOSITIONS = ["Return to stock", "Release to customer", "Reject and destroy"]
SIGNERS = ["Select second signer", "Marcus Oyelaran (QA Manager)", "Marta Oyelowo (QA Associate)",
           "Renée Castillo (Head of Quality)"]
CHECKS = ["Temperature data reviewed against stability budget", "Data logger calibration certificate verified",
          "Product and packaging integrity inspected"]


def release_form(st, sid, form, dialog=False, alert=None, toast=None, draft_note=None):
    s = st["ship"][sid]
    e = s["excursions"][-1]
    main = [N("heading", "QA release review for %s" % sid),
            T("%s · %s · Quarantined since %s %s" % (s["customer"], s["product"], fmt_d(s["quarantined"]),
                                                     s["quarantined"].strftime("%H:%M"))),
            T("Reason: excursion %s, peak %s for %s (%s). Stability budget remaining: 142 min." %
              (e["id"], e["peak"], e["dur"], s["logger"])),
            N("link", "View excursion %s" % e["id"])]
    if draft_note:
        main.append(T(draft_note))
    if alert:
        main.append(N("alert", "", T(alert), live="assertive"))
    main.append(N("group", "Review checklist (all required)",
                  *[N("checkbox", c, checked="true" if i in form.get("checks", ()) else "false", required=FLAG)
                    for i, c in enumerate(CHECKS)]))
    disp = form.get("disposition", "Return to stock")
    main.append(N("combobox", "Disposition", *[N("option", o, selected=(o == disp)) for o in DISPOSITIONS],
                  value=disp, hasPopup="listbox", expanded=False, required=FLAG))
    main.append(T("Default disposition for %s: Return to stock" % SITE))
    main.append(N("textbox", "QA review comment", value=form.get("comment", ""), multiline=True, required=FLAG))
    main.append(N("textbox", "Reference document (optional)", value=form.get("ref", "")))
    signer = form.get("signer", SIGNERS[0])
    main.append(N("region", "Signatures",
                  N("heading", "Signatures"),
                  N("combobox", "Second signer", *[N("option", o, selected=(o == signer)) for o in SIGNERS],
                    value=signer, hasPopup="listbox", expanded=False, required=FLAG),
                  T("Second signer must hold the QA Manager or Head of Quality role."),
                  N("textbox", "Your e-signature PIN", value="•" * len(form.get("pin", "")), required=FLAG),
                  T("By signing you confirm this review under 21 CFR Part 11. Meaning of signature: Reviewed and approved.")))
    main.append(N("group", "Form actions", N("button", "Save draft"), N("button", "Sign and request second signature"),
                  N("link", "Cancel review")))
    dlg = None
    if dialog:
        dlg = N("dialog", "Sign QA review?",
                T("You are signing as %s (%s). Disposition: %s. Second signer: %s." % (USER, ROLE, disp, signer)),
                N("button", "Cancel"), N("button", "Sign"), modal=True)
    return page(st, "release_form", "/shipments/%s/release" % sid, "QA release review · %s" % sid,
                crumbs("Home", "Quarantine", sid, "QA release review"), main, [], toast, dlg)


def release_record(st, rl, dialog=False, alert=None, toast=None):
    r = st["releases"][rl]
    sid = r["sid"]
    s = st["ship"][sid]
    sig2 = ("Signed %s · Approved" % r["second_at"]) if r.get("second_at") else "Pending"
    main = [N("heading", "Release %s for %s" % (rl, sid)), T("Status: %s" % r["state"])]
    if alert:
        main.append(N("status", "", T(alert), live="polite"))
    main.append(kv_table("Release details", [("Shipment", "%s · %s" % (sid, s["customer"])),
                                             ("Disposition", r["disposition"]), ("QA review comment", r["comment"]),
                                             ("Reference document", r.get("ref") or "—")]))
    main.append(N("table", "Signatures",
                  N("row", "", N("columnheader", "Signature"), N("columnheader", "Signer"), N("columnheader", "Status")),
                  N("row", "", N("cell", "First signature (QA review)"), N("cell", "%s (%s)" % (USER, ROLE)),
                    N("cell", "Signed %s · Reviewed and approved" % r["first_at"])),
                  N("row", "", N("cell", "Second signature"), N("cell", r["signer"]), N("cell", sig2))))
    others = [x for x in st["releases"].values() if x["sid"] == sid and x["id"] != rl]
    if others:
        main.append(N("region", "Other release requests for %s" % sid,
                      *[N("link", "%s · %s" % (x["id"], x["state"])) for x in others]))
    done = r["state"] in ("Complete",)
    main.append(N("group", "Release actions", N("button", "Refresh"), N("button", "Withdraw request",
                                                                       **({"disabled": True} if done else {})),
                  N("button", "Complete release", **({} if r.get("second_at") and not done else {"disabled": True}))))
    dlg = None
    if dialog:
        dest = ("The shipment will be released to %s and leaves quarantine. This cannot be undone." % s["customer"]
                if r["disposition"] == "Release to customer" else
                "The shipment will be moved out of quarantine (%s). This cannot be undone." % r["disposition"].lower())
        dlg = N("dialog", "Complete release for %s?" % sid, T("Disposition: %s. %s" % (r["disposition"], dest)),
                N("button", "Cancel"), N("button", "Confirm release"), modal=True)
    return page(st, "release_record", "/releases/%s" % rl, "Release %s" % rl,
                crumbs("Home", "Quarantine", sid, rl), main, [recent_panel(st)], toast, dlg)


def denied(st, sid):
    main = [N("heading", "Access denied"),
            T("You don't have permission to sign QA releases for site %s." % SITE),
            T("Your role (%s) is missing the GMP-SIGN entitlement. Contact your QA administrator. Code 403 · ref 7f3c-91a2." % ROLE),
            N("link", "Back to shipment %s" % sid), N("link", "Go to dashboard")]
    return page(st, "denied", "/shipments/%s/release/sign" % sid, "Access denied", crumbs("Home", "Access denied"), main)


# ----------------------------------------------------------------------------- runs
class Run:
    def __init__(self, workflow, rid, fault=None):
        self.workflow, self.id, self.fault = workflow, rid, fault
        self.st = new_state()
        self.steps, self.fault_step, self.cur, self.initial = [], None, None, None
        self.form = {}
        self.rng = random.Random(zlib.crc32(rid.encode()) ^ SEED)

    def start(self, pg):
        self.initial = self.cur = pg

    def mark(self):
        assert self.fault_step is None
        self.fault_step = len(self.steps)

    def _step(self, c, command, why, target, effect, pg, error=None):
        self.steps.append({"commitment": c, "action": {"command": command, "reasoning": why, "target": target,
                                                       "effect": effect},
                           "observation": pg.obs(error)})
        self.cur = pg
        tick(self.st, self.rng.choice((0, 1, 1, 2)))

    def _t(self, role, name, prefix):
        b = self.cur.bid(role, name, prefix)
        return b, "%s %r" % (role, self.cur.full_name(role, name))

    def click(self, c, role, name, why, nxt, effect="read", prefix=False):
        b, tgt = self._t(role, name, prefix)
        self._step(c, "click('%s')" % b, why, tgt, effect, nxt() if callable(nxt) else nxt)

    def fill(self, c, role, name, text, why, nxt, effect="write", prefix=False):
        b, tgt = self._t(role, name, prefix)
        self._step(c, "fill('%s', %r)" % (b, text), why, tgt, effect, nxt() if callable(nxt) else nxt)

    def select(self, c, role, name, opt, why, nxt, effect="write"):
        b, tgt = self._t(role, name, False)
        self._step(c, "select_option('%s', %r)" % (b, opt), why, tgt, effect, nxt() if callable(nxt) else nxt)

    def press(self, c, role, name, key, why, nxt, effect="read"):
        b, tgt = self._t(role, name, False)
        self._step(c, "press('%s', %r)" % (b, key), why, tgt, effect, nxt() if callable(nxt) else nxt)

    def goto(self, c, url, why, nxt):
        self._step(c, "goto(%r)" % (BASE + url), why, "url %s" % (BASE + url), "read", nxt() if callable(nxt) else nxt)

    def msg(self, c, text, why):
        self._step(c, "send_msg_to_user(%r)" % text, why, None, "read", self.cur)

    def record(self, task, plan, success):
        if self.fault:
            assert self.fault_step is not None, self.id
        return {"id": self.id, "workflow": self.workflow, "task": task, "plan": plan,
                "label": {"fault": self.fault, "first_off_track_step": self.fault_step},
                "initial_observation": self.initial.obs(), "steps": self.steps,
                "outcome": {"success": success}}


# ------------------------------------------------------------ excursion workflow pieces
T24 = "SHP-24817"


def ex_open_search(r, pick=T24, fault_here=False):
    st = r.st
    r.fill("open-shipment", "combobox", "Search shipments, lots, excursions", T24,
           "Search for the shipment ID from the task", lambda: (st.update(q=T24), _same(r))[1], "read")
    r.press("open-shipment", "combobox", "Search shipments, lots, excursions", "Enter", "Run the search",
            lambda: search_page(st, T24))
    if fault_here:
        r.mark()
        why = "Open the Calloway Oncology Center trastuzumab shipment from the results"
    else:
        why = "Open the exact match SHP-24817 for Calloway Oncology Center"
    r.click("open-shipment", "link", pick, why, lambda: detail(st, pick))


def _same(r):
    """Re-render the current page kind with updated state (used after typing into the header search)."""
    k = r.cur.kind
    st = r.st
    if k == "dashboard":
        return dashboard(st)
    if k == "board":
        return board(st)
    if k == "quarantine":
        return quarantine(st)
    raise ValueError(k)


def ex_open_board_page2(r, dismiss_toast=False):
    st = r.st
    if dismiss_toast:
        r.click("open-shipment", "button", "Dismiss notification", "Close the sync toast so it does not cover the table",
                lambda: board(st))
    r.click("open-shipment", "link", "Next page", "SHP-24817 shipped on 11 Mar, so it is further down the date-sorted list",
            lambda: board(st, 2))
    r.click("open-shipment", "link", T24, "Open SHP-24817 (Calloway Oncology Center) from page 2", lambda: detail(st, T24))


def ex_open_sorted(r):
    st = r.st
    r.click("open-shipment", "button", "Sort by shipment id", "Sort by shipment ID to find SHP-24817 quickly",
            lambda: board(st, 1, ("id", "asc")), prefix=True)
    r.click("open-shipment", "link", T24, "SHP-24817 is near the top of the ID-sorted list", lambda: detail(st, T24))


def ex_open_recent(r):
    st = r.st
    r.click("open-shipment", "link", "%s · Calloway Oncology Center" % T24,
            "SHP-24817 is in my recently viewed list", lambda: detail(st, T24))


def ex_start(r, sid=T24):
    r.form = {}
    r.click("start-excursion", "button", "Log excursion", "Start the excursion wizard for this shipment",
            lambda: wizard(r.st, sid, 1, r.form))


def ex_step1(r, sid=T24, order="normal", peak="11.4", skip_end=False, notes=None, mark_next=False):
    st, f = r.st, r.form
    W = lambda: wizard(st, sid, 1, f)

    def put(key, val):
        def g():
            f[key] = val
            return W()
        return g
    acts = {
        "logger": lambda: r.fill("enter-details", "textbox", "Data logger ID", "DL-5521", "Logger named in the task", put("logger", "DL-5521")),
        "start": lambda: r.fill("enter-details", "textbox", "Excursion start (YYYY-MM-DD HH:MM)", "2025-03-12 14:05",
                                "Excursion start time", put("start", "2025-03-12 14:05")),
        "end": lambda: r.fill("enter-details", "textbox", "Excursion end (YYYY-MM-DD HH:MM)", "2025-03-12 14:52",
                              "Excursion end time", put("end", "2025-03-12 14:52")),
        "peak": lambda: r.fill("enter-details", "spinbutton", "Peak temperature (°C)", peak, "Peak temperature from the logger",
                               put("peak", peak)),
        "type": lambda: r.click("enter-details", "radio", TYPES["above"], "11.4 °C is above the 2–8 °C range",
                                put("type", "above"), "write"),
        "notes": lambda: r.fill("enter-details", "textbox", "Notes (optional)", notes, "Add a short optional note",
                                put("notes", notes)),
    }
    seq = {"normal": ["logger", "start", "end", "peak", "type"],
           "peak_first": ["peak", "type", "start", "end", "logger"]}[order]
    if skip_end:
        seq = [k for k in seq if k != "end"]
    if notes:
        seq.append("notes")
    for k in seq:
        if k == "peak" and peak != "11.4":
            r.mark()
        acts[k]()
    if mark_next:
        r.mark()
    r.click("enter-details", "button", "Next: Impact assessment", "Details entered; go to the impact assessment",
            lambda: wizard(st, sid, 2, f))


def ex_step2(r, sid=T24, lots=("TZ4471A", "TZ4471B"), draft_reload=False):
    st, f = r.st, r.form
    f.setdefault("lots", set())

    def put(key, val):
        def g():
            if key == "lot":
                f["lots"].add(val)
            else:
                f[key] = val
            return wizard(st, sid, 2, f)
        return g
    r.click("quarantine-decision", "radio", DECISIONS["quarantine"], "Task asks to quarantine pending QA review",
            put("decision", "quarantine"), "write")
    for lot in lots:
        r.click("quarantine-decision", "checkbox", "Lot %s" % lot, "Mark lot %s as affected" % lot, put("lot", lot),
                "write", prefix=True)
    if draft_reload:
        r.click("quarantine-decision", "button", "Save draft", "Save a draft before reviewing",
                lambda: (f.__setitem__("_draft", "EXD-118"),
                         wizard(st, sid, 2, f, toast="Draft EXD-118 saved at %s." % st["clock"].strftime("%H:%M")))[1],
                "write")
        r.goto("quarantine-decision", "/shipments/%s/excursions/drafts/EXD-118?step=2" % sid,
               "Reload the saved draft to make sure the decision and lots were kept",
               lambda: wizard(st, sid, 2, f))
    r.click("quarantine-decision", "button", "Next: Review", "Decision and lots set; go to review",
            lambda: wizard(st, sid, 3, f))


def ex_submit(r, sid=T24, outcome="ok"):
    st, f = r.st, r.form
    r.click("submit-excursion", "button", "Submit excursion", "Everything on the review page matches the task",
            lambda: wizard(st, sid, 3, f, dialog="submit"))

    def after():
        if outcome == "noop":
            return wizard(st, sid, 3, f)
        if outcome == "error":
            return wizard(st, sid, 3, f, alert="Submission failed: readings from %s for 12 Mar 14:00–15:00 are still "
                                               "being uploaded. Your draft has been kept; try again in a few minutes. "
                                               "(EXC-SUB-409)" % f.get("logger"))
        s = st["ship"][sid]
        dur = duration(f) or "ongoing"
        end = f.get("end", "")[-5:] if f.get("end") else "ongoing"
        s["excursions"].append(dict(id="EXC-3092", when="12 Mar %s–%s" % (f["start"][-5:], end), peak="%s °C" % f["peak"],
                                    dur=dur, decision=DECISIONS[f["decision"]], by=USER))
        s["status"] = "Quarantined" if f["decision"] == "quarantine" else s["status"]
        s["quarantined"] = st["clock"]
        s["qa"] = "Review pending"
        s.pop("unlogged", None)
        s["activity"] = ["Excursion EXC-3092 logged by %s · 13 Mar %s" % (USER, st["clock"].strftime("%H:%M"))]
        return detail(st, sid, alert="Excursion EXC-3092 submitted. Shipment %s is now Quarantined pending QA review."
                                      % sid)
    if outcome in ("noop", "error"):
        r.mark()
    r.click("submit-excursion", "button", "Submit", "Confirm the submission", after, "irreversible")


def ex_done(r, text="Excursion logged on SHP-24817 (DL-5521, 14:05–14:52, peak 11.4 °C) and the shipment is quarantined pending QA review."):
    r.msg("submit-excursion", text, "Report the result to the user")


# -------------------------------------------------------------- release workflow pieces
T31 = "SHP-31406"
COMMENT = "Excursion EXC-3051 within stability budget; product acceptable."


def rl_open_queue_sorted(r):
    st = r.st
    r.click("open-shipment", "button", "Sort by quarantined since", "Oldest quarantines first; SHP-31406 has been waiting since 10 Mar",
            lambda: quarantine(st, 1, ("since", "asc")), prefix=True)
    r.click("open-shipment", "link", T31, "Open SHP-31406 (Brightwater Children's Hospital)", lambda: detail(st, T31))


def rl_open_queue_page2(r):
    st = r.st
    r.click("open-shipment", "link", "Next page", "SHP-31406 is not on the first page of the queue", lambda: quarantine(st, 2))
    r.click("open-shipment", "link", T31, "Open SHP-31406 (Brightwater Children's Hospital)", lambda: detail(st, T31))


def rl_open_search(r, dismiss_toast=False):
    st = r.st
    if dismiss_toast:
        r.click("open-shipment", "button", "Dismiss notification", "Close the toast first", lambda: _same(r))
    r.fill("open-shipment", "combobox", "Search shipments, lots, excursions", T31, "Search for the shipment",
           lambda: (st.update(q=T31), _same(r))[1], "read")
    r.press("open-shipment", "combobox", "Search shipments, lots, excursions", "Enter", "Run the search",
            lambda: search_page(st, T31))
    r.click("open-shipment", "link", T31, "Exact match for SHP-31406", lambda: detail(st, T31))


def rl_open_filter(r):
    st = r.st
    r.click("open-shipment", "button", "Filters", "Filter the board to quarantined shipments",
            lambda: board(st, filters_open=True))
    r.select("open-shipment", "combobox", "Status", "Quarantined", "Only quarantined shipments",
             lambda: board(st, filters_open="Quarantined"), "read")
    r.click("open-shipment", "button", "Apply filters", "Apply the status filter",
            lambda: board(st, status="Quarantined"))
    r.click("open-shipment", "button", "Sort by customer", "Sort by customer so Brightwater Children's Hospital comes first",
            lambda: board(st, 1, ("customer", "asc"), status="Quarantined"), prefix=True)
    r.click("open-shipment", "link", T31, "Open SHP-31406 (Brightwater Children's Hospital)", lambda: detail(st, T31))


def rl_review(r, ref=None, skip_disposition=False, draft_reload=False, mark_sign=False):
    st, f = r.st, r.form
    f.clear()
    f["checks"] = set()
    RF = lambda **kw: (lambda: release_form(st, T31, f, **kw))
    r.click("qa-review", "button", "Start QA release review", "Shipment is quarantined; start the QA review", RF())

    def chk(i):
        def g():
            f["checks"].add(i)
            return release_form(st, T31, f)
        return g
    for i, c in enumerate(CHECKS):
        r.click("qa-review", "checkbox", c, "Tick review check %d" % (i + 1), chk(i), "write")
    if draft_reload:
        r.click("qa-review", "button", "Save draft", "Save progress on the review",
                RF(toast="Draft saved at %s." % st["clock"].strftime("%H:%M")), "write")
        r.goto("qa-review", "/shipments/%s/release" % T31, "Reload to check the draft was kept",
               RF(draft_note="Draft restored from %s." % st["clock"].strftime("%H:%M")))

    def put(k, v):
        def g():
            f[k] = v
            return release_form(st, T31, f)
        return g
    if not skip_disposition:
        r.select("disposition-and-signer", "combobox", "Disposition", "Release to customer", "Task says release to customer",
                 put("disposition", "Release to customer"))
    r.fill("disposition-and-signer", "textbox", "QA review comment", COMMENT, "Comment from the task", put("comment", COMMENT))
    if ref:
        r.fill("disposition-and-signer", "textbox", "Reference document (optional)", ref,
               "Cite the stability study (optional)", put("ref", ref))
    r.select("disposition-and-signer", "combobox", "Second signer", SIGNERS[1], "Marcus Oyelaran signs second",
             put("signer", SIGNERS[1]))
    r.fill("first-signature", "textbox", "Your e-signature PIN", "4417", "My signing PIN from the task", put("pin", "4417"))
    if mark_sign:
        r.mark()
    r.click("first-signature", "button", "Sign and request second signature", "Form complete; sign it", RF(dialog=True), "write")


def _make_release(st, f, rl):
    st["releases"][rl] = dict(id=rl, sid=T31, disposition=f.get("disposition", "Return to stock"), comment=f["comment"],
                              ref=f.get("ref"), signer=f["signer"],
                              first_at="13 Mar %s" % st["clock"].strftime("%H:%M"), second_at=None,
                              state="Awaiting second signature")
    s = st["ship"][T31]
    s["release"] = [st["releases"][x] for x in sorted(st["releases"])]
    s["qa"] = "Awaiting second signature"


def rl_sign(r, rl="RL-0458"):
    st, f = r.st, r.form

    def g():
        _make_release(st, f, rl)
        return release_record(st, rl, alert="Your signature was recorded. Second signature requested from Marcus Oyelaran.")
    r.click("first-signature", "button", "Sign", "Confirm my signature", g, "irreversible")


def _second_signed(st, rl):
    st["releases"][rl]["second_at"] = "13 Mar %s" % st["clock"].strftime("%H:%M")
    st["releases"][rl]["state"] = "Second signature recorded"


def rl_wait(r, rl="RL-0458", via="refresh"):
    st = r.st
    if via in ("refresh", "wait"):
        if via == "wait":
            r.click("second-signature", "button", "Refresh", "Check whether Marcus has signed yet",
                    lambda: release_record(st, rl))
            r._step("second-signature", "noop(120000)", "Second signature still pending; wait a couple of minutes",
                    None, "read", release_record(st, rl))
        tick(st, r.rng.randint(6, 11))

        def g():
            _second_signed(st, rl)
            return release_record(st, rl)
        r.click("second-signature", "button", "Refresh", "Check whether Marcus has signed yet", g)
    else:
        tick(st, r.rng.randint(6, 11))

        def n():
            st["notes"].insert(0, "Marcus Oyelaran signed release %s (second signature)" % rl)
            st["notif_open"] = True
            return release_record(st, rl)
        r.click("second-signature", "button", "Notifications (2)", "Check notifications for the second signature", n)

        def g():
            st["notif_open"] = False
            _second_signed(st, rl)
            return release_record(st, rl)
        r.click("second-signature", "menuitem", "Marcus Oyelaran signed release %s (second signature)" % rl,
                "Marcus signed; open the release", g)


def rl_complete(r, rl="RL-0458", outcome="ok"):
    st = r.st
    r.click("complete-release", "button", "Complete release", "Both signatures are in; complete the release",
            lambda: release_record(st, rl, dialog=True), "write")
    if outcome == "cancel":
        r.mark()
        r.click("complete-release", "button", "Cancel", "Close the confirmation", lambda: release_record(st, rl))
        return

    def g():
        rec = st["releases"][rl]
        s = st["ship"][T31]
        stale = copy.deepcopy(s) if outcome == "stale" else None
        rec["state"] = "Complete"
        s["status"] = "Released" if rec["disposition"] == "Release to customer" else "Returned to stock"
        s["qa"] = "Complete"
        s["activity"] = ["Release %s completed by %s · 13 Mar %s" % (rl, USER, st["clock"].strftime("%H:%M"))]
        s["release"] = [st["releases"][x] for x in sorted(st["releases"])]
        if stale is not None:
            stale["release"] = [dict(x, state="Awaiting second signature") for x in stale["release"]]
            return detail(st, T31, stale=stale)
        if rec["disposition"] == "Release to customer":
            a = "Shipment %s released to %s. Release %s complete." % (T31, s["customer"], rl)
        else:
            a = "Shipment %s moved out of quarantine (%s). Release %s complete." % (T31, rec["disposition"].lower(), rl)
        return detail(st, T31, alert=a)
    if outcome == "stale":
        r.mark()
    r.click("complete-release", "button", "Confirm release", "Confirm the release", g, "irreversible")


def rl_done(r, text="SHP-31406 released to Brightwater Children's Hospital: QA review signed by me, second signature by Marcus Oyelaran, release RL-0458 complete."):
    r.msg("complete-release", text, "Report the result to the user")


# ----------------------------------------------------------------------------- scripts
def excursion_runs():
    runs = []
    tx = "Temperature feed synced: 214 loggers reporting."

    # healthy 1: header search from the dashboard
    r = Run("excursion", "coldchain-excursion-healthy-01")
    r.start(dashboard(r.st))
    ex_open_search(r)
    ex_start(r); ex_step1(r); ex_step2(r); ex_submit(r); ex_done(r)
    runs.append((r, True))

    # healthy 2: board, dismiss toast, paginate, optional note
    r = Run("excursion", "coldchain-excursion-healthy-02")
    r.start(board(r.st, toast=tx))
    ex_open_board_page2(r, dismiss_toast=True)
    ex_start(r); ex_step1(r, notes="Carrier reported a reefer door alarm at the Jackson stop.")
    ex_step2(r); ex_submit(r); ex_done(r)
    runs.append((r, True))

    # healthy 3: re-sort by ID, save draft on step 2 and reload it
    r = Run("excursion", "coldchain-excursion-healthy-03")
    r.start(board(r.st))
    ex_open_sorted(r)
    ex_start(r); ex_step1(r); ex_step2(r, draft_reload=True); ex_submit(r); ex_done(r)
    runs.append((r, True))

    # healthy 4: recently viewed from the dashboard, fields filled in another order
    r = Run("excursion", "coldchain-excursion-healthy-04")
    r.start(dashboard(r.st))
    ex_open_recent(r)
    ex_start(r); ex_step1(r, order="peak_first"); ex_step2(r); ex_submit(r); ex_done(r)
    runs.append((r, True))

    # fault: near-miss record (SHP-24871, same customer, digits swapped)
    r = Run("excursion", "coldchain-excursion-wrong_record-01", "wrong_record")
    r.start(dashboard(r.st))
    ex_open_search(r, pick="SHP-24871", fault_here=True)
    ex_start(r, "SHP-24871"); ex_step1(r, "SHP-24871"); ex_step2(r, "SHP-24871", lots=("PZ2208A",))
    ex_submit(r, "SHP-24871")
    ex_done(r)
    runs.append((r, False))

    # fault: peak typed as 14.1 instead of 11.4
    r = Run("excursion", "coldchain-excursion-wrong_value-01", "wrong_value")
    r.start(board(r.st))
    ex_open_board_page2(r)
    ex_start(r); ex_step1(r, peak="14.1"); ex_step2(r); ex_submit(r); ex_done(r)
    runs.append((r, False))

    # fault: excursion end never entered (app accepts it as an ongoing excursion)
    r = Run("excursion", "coldchain-excursion-skipped_field-01", "skipped_required_field")
    r.start(dashboard(r.st))
    ex_open_search(r)
    ex_start(r); ex_step1(r, skip_end=True, mark_next=True); ex_step2(r); ex_submit(r); ex_done(r)
    runs.append((r, False))

    # fault: confirm click does nothing (dialog closes, nothing submitted)
    r = Run("excursion", "coldchain-excursion-silent_noop-01", "silent_noop")
    r.start(board(r.st))
    ex_open_sorted(r)
    ex_start(r); ex_step1(r); ex_step2(r); ex_submit(r, outcome="noop"); ex_done(r)
    runs.append((r, False))

    # fault: error banner after submit, agent reports success anyway
    r = Run("excursion", "coldchain-excursion-error_banner-01", "error_banner")
    r.start(dashboard(r.st))
    ex_open_recent(r)
    ex_start(r); ex_step1(r, notes="Logger alarm acknowledged by driver at 14:20."); ex_step2(r)
    ex_submit(r, outcome="error"); ex_done(r)
    runs.append((r, False))

    # fault: navigates away mid-wizard and discards unsaved changes
    r = Run("excursion", "coldchain-excursion-unsaved_nav-01", "unsaved_navigation")
    r.start(board(r.st, toast=tx))
    ex_open_board_page2(r)
    ex_start(r)
    st, f = r.st, r.form
    for key, role, name, val in [("logger", "textbox", "Data logger ID", "DL-5521"),
                                 ("start", "textbox", "Excursion start (YYYY-MM-DD HH:MM)", "2025-03-12 14:05"),
                                 ("end", "textbox", "Excursion end (YYYY-MM-DD HH:MM)", "2025-03-12 14:52"),
                                 ("peak", "spinbutton", "Peak temperature (°C)", "11.4")]:
        r.fill("enter-details", role, name, val, "Fill %s from the task" % key,
               (lambda k=key, v=val: (f.__setitem__(k, v), wizard(st, T24, 1, f))[1]))
    r.click("enter-details", "radio", TYPES["above"], "Above range", lambda: (f.__setitem__("type", "above"), wizard(st, T24, 1, f))[1], "write")
    r.mark()
    r.click("quarantine-decision", "link", "Quarantine %d" % qcount(st),
            "Check how the quarantine queue lists lots before choosing the decision",
            lambda: wizard(st, T24, 1, f, dialog="leave"))
    r.click("quarantine-decision", "button", "Leave page", "Continue to the quarantine queue", lambda: quarantine(st))
    r.click("quarantine-decision", "link", "%s · Calloway Oncology Center" % T24, "Back to the shipment",
            lambda: detail(st, T24))
    ex_done(r, "Excursion details for SHP-24817 entered (DL-5521, 14:05–14:52, peak 11.4 °C, above range); "
               "the shipment goes to quarantine pending QA review.")
    runs.append((r, False))
    return runs


def release_runs():
    runs = []
    tx = "Temperature feed synced: 214 loggers reporting."

    # healthy 1: quarantine queue re-sorted oldest first, optional reference document filled
    r = Run("release", "coldchain-release-healthy-01")
    r.start(quarantine(r.st))
    rl_open_queue_sorted(r)
    rl_review(r, ref="STAB-IG-2024-117"); rl_sign(r); rl_wait(r, via="wait"); rl_complete(r); rl_done(r)
    runs.append((r, True))

    # healthy 2: dashboard, dismiss toast, header search
    r = Run("release", "coldchain-release-healthy-02")
    r.start(dashboard(r.st, toast=tx))
    rl_open_search(r, dismiss_toast=True)
    rl_review(r); rl_sign(r); rl_wait(r); rl_complete(r); rl_done(r)
    runs.append((r, True))

    # healthy 3: board status filter, saved draft reloaded
    r = Run("release", "coldchain-release-healthy-03")
    r.start(board(r.st))
    rl_open_filter(r)
    rl_review(r, draft_reload=True); rl_sign(r); rl_wait(r); rl_complete(r); rl_done(r)
    runs.append((r, True))

    # healthy 4: queue page 2, second signature seen through notifications
    r = Run("release", "coldchain-release-healthy-04")
    r.start(quarantine(r.st))
    rl_open_queue_page2(r)
    rl_review(r); rl_sign(r); rl_wait(r, via="notifications"); rl_complete(r); rl_done(r)
    runs.append((r, True))

    # fault: signing is refused (403) and the agent reports it as sent
    r = Run("release", "coldchain-release-permission_denied-01", "permission_denied")
    r.start(quarantine(r.st))
    rl_open_queue_sorted(r)
    rl_review(r, ref="STAB-IG-2024-117")
    r.mark()
    r.click("first-signature", "button", "Sign", "Confirm my signature", lambda: denied(r.st, T31), "irreversible")
    r.click("second-signature", "link", "Back to shipment %s" % T31, "Return to the shipment", lambda: detail(r.st, T31))
    r.msg("second-signature", "QA review for SHP-31406 signed and sent to Marcus Oyelaran for the second signature.",
          "Report progress to the user")
    runs.append((r, False))

    # fault: reports done while the release still awaits the second signature
    r = Run("release", "coldchain-release-premature_done-01", "premature_done")
    r.start(dashboard(r.st))
    rl_open_search(r)
    rl_review(r); rl_sign(r)
    r.mark()
    rl_done(r)
    runs.append((r, False))

    # fault: final confirmation dismissed with Cancel
    r = Run("release", "coldchain-release-dialog_cancel-01", "dialog_cancelled")
    r.start(board(r.st))
    rl_open_filter(r)
    rl_review(r); rl_sign(r); rl_wait(r); rl_complete(r, outcome="cancel"); rl_done(r)
    runs.append((r, False))

    # fault: disposition left at the site default (Return to stock)
    r = Run("release", "coldchain-release-wrong_option-01", "wrong_option")
    r.start(quarantine(r.st))
    rl_open_queue_page2(r)
    rl_review(r, skip_disposition=True, mark_sign=True); rl_sign(r); rl_wait(r); rl_complete(r)
    rl_done(r)
    runs.append((r, False))

    # fault: signs twice while the first save is still in flight -> duplicate release request
    r = Run("release", "coldchain-release-double_submit-01", "double_submit")
    r.start(quarantine(r.st, toast=tx))
    rl_open_queue_sorted(r)
    rl_review(r)
    st, f = r.st, r.form

    def busy():
        _make_release(st, f, "RL-0458")
        return release_form(st, T31, f, toast="Saving signature…")
    r.click("first-signature", "button", "Sign", "Confirm my signature", busy, "irreversible")
    r.mark()
    r.click("first-signature", "button", "Sign and request second signature", "The page did not change; sign again",
            lambda: release_form(st, T31, f, dialog=True), "write")
    r.click("first-signature", "button", "Sign", "Confirm my signature",
            lambda: (_make_release(st, f, "RL-0459"),
                     release_record(st, "RL-0459", alert="Your signature was recorded. Second signature requested from Marcus Oyelaran."))[1],
            "irreversible")
    rl_wait(r, "RL-0459"); rl_complete(r, "RL-0459")
    rl_done(r, "SHP-31406 released to Brightwater Children's Hospital; release RL-0459 complete with Marcus Oyelaran's second signature.")
    runs.append((r, False))

    # fault: page after the final confirmation is stale (still shows Quarantined)
    r = Run("release", "coldchain-release-stale_page-01", "stale_page")
    r.start(dashboard(r.st))
    rl_open_search(r)
    rl_review(r, ref="STAB-IG-2024-117"); rl_sign(r); rl_wait(r); rl_complete(r, outcome="stale"); rl_done(r)
    runs.append((r, False))
    return runs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    out = ap.parse_args().out
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    for wf, text in (("excursion", plans_src.EXCURSION_PLAN), ("release", plans_src.RELEASE_PLAN)):
        with open(os.path.join(out, "plans", wf + ".yaml"), "w", encoding="utf-8") as fh:
            fh.write(text)
    # sanity: placements the scripts rely on
    st = new_state()
    assert T24 in [s["id"] for s in board_rows(st, ("date", "desc"), None)[10:20]]
    assert "SHP-24871" in [s["id"] for s in board_rows(st, ("date", "desc"), None)[:10]]
    qs = sorted((s for s in st["ship"].values() if s["status"] == "Quarantined"), key=lambda s: s["quarantined"], reverse=True)
    assert T31 in [s["id"] for s in qs[10:]] and len(qs) == 12
    recs = []
    for r, ok in excursion_runs():
        recs.append(r.record(plans_src.EXCURSION_TASK, "plans/excursion.yaml", ok))
    for r, ok in release_runs():
        recs.append(r.record(plans_src.RELEASE_TASK, "plans/release.yaml", ok))
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8") as fh:
        for rec in recs:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print("wrote %d trajectories (%d healthy) to %s" % (len(recs), sum(1 for x in recs if x["label"]["fault"] is None),
                                                         os.path.join(out, "corpus.jsonl")))


if __name__ == "__main__":
    main()
