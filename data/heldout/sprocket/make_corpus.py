#!/usr/bin/env python3
"""Generate the 'sprocket' held-out corpus (stdlib only, fixed seed).

Application: Sprocket Desk 4.12 -- the service desk of Spoke & Chain Cycles (Hawthorne store).
Signed-in user: Maya Ortiz (Service writer).  "Today": Thursday, April 17, 2025.

Writes corpus.jsonl (20 trajectories) and plans/repair.yaml, plans/special_order.yaml
in the formats of FORMATS.md.  Run:  python3 make_corpus.py
"""
import json
import os
import random

from plan_texts import REPAIR_PLAN, REPAIR_TASK, SPECIAL_ORDER_PLAN, SPECIAL_ORDER_TASK

SEED = 20250417
HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "http://127.0.0.1:8041/desk"
PRODUCT = "Sprocket Desk"
NAV = ["Dashboard", "Work orders", "Special orders", "Customers", "Inventory", "Reports"]
SEARCH_LABEL = "Search work orders, customers, special orders"

# --------------------------------------------------------------------------------------
# Accessibility-tree builder (BrowserGym flattened AXTree style)
# --------------------------------------------------------------------------------------


class Doc:
    """Bid registry of one loaded document: bids persist across in-page updates and are
    re-assigned on a full navigation (a new Doc)."""

    def __init__(self, rng):
        self.next = rng.randrange(90, 140)
        self.reg = {}

    def bid(self, key):
        if key not in self.reg:
            self.reg[key] = "a%d" % self.next
            self.next += 1
        return self.reg[key]


def _fmt_prop(k, v):
    if k == "checked":
        return "checked=%r" % ("true" if v is True else "false" if v is False else v)
    if k == "pressed":
        return "pressed=%r" % ("true" if v else "false")
    if k == "focused":
        return "focused"
    return "%s=%r" % (k, v)


class Page:
    def __init__(self, doc, url, title):
        self.doc, self.url, self.title = doc, url, title
        self.lines = ["RootWebArea %r, focused" % title]
        self.path = []
        self.nodes = []
        self.used = {}
        self.error = None

    def n(self, depth, role, name="", **props):
        del self.path[depth - 1:]
        key = "/".join(self.path) + "|" + role + "|" + name
        k = self.used.get(key, 0)
        self.used[key] = k + 1
        if k:
            key += "#%d" % k
        bid = self.doc.bid(key)
        self.nodes.append((bid, role, name, tuple(self.path)))
        self.path.append(role + ":" + name)
        ps = [_fmt_prop(a, b) for a, b in props.items() if b is not None and b != ""]
        line = "\t" * depth + "[%s] %s %r" % (bid, role, name)
        if ps:
            line += ", " + ", ".join(ps)
        self.lines.append(line)
        return bid

    def t(self, depth, text):
        self.lines.append("\t" * depth + "StaticText %r" % text)

    def find(self, role, name, within=None):
        hits = [b for (b, r, nm, anc) in self.nodes
                if r == role and nm == name and (within is None or any(within in a for a in anc))]
        if len(hits) != 1:
            raise KeyError("%s %r within %r: %d hits on %s" % (role, name, within, len(hits), self.url))
        return hits[0]

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": self.error}


def chrome_top(p, nav, search="", notif=2):
    p.n(1, "link", "Skip to main content")
    p.n(1, "banner", "")
    p.n(2, "link", "Sprocket Desk home")
    p.n(3, "img", "Sprocket Desk")
    p.t(2, "Spoke & Chain Cycles · Hawthorne")
    p.n(2, "navigation", "Primary")
    for item in NAV:
        p.n(3, "link", item, current="page" if item == nav else None)
    p.n(2, "search", "Site search")
    p.n(3, "searchbox", SEARCH_LABEL, value=search)
    p.n(3, "button", "Search")
    p.n(2, "button", "Notifications, %d unread" % notif, hasPopup="menu", expanded=False)
    p.n(2, "button", "Maya Ortiz · Service writer", hasPopup="menu", expanded=False)
    p.n(1, "main", "")


def chrome_bottom(p, live="", toast=None):
    if toast:
        p.n(1, "region", "Notifications")
        p.n(2, "status", "")
        p.t(3, toast)
        p.n(3, "button", "Dismiss notification")
    p.n(1, "status", "", live="polite")
    if live:
        p.t(2, live)
    p.n(1, "contentinfo", "")
    p.t(2, "© 2025 Spoke & Chain Cycles · Sprocket Desk 4.12.3")
    p.n(2, "link", "Help center")
    p.n(2, "link", "Keyboard shortcuts")
    p.n(2, "link", "Privacy")
    p.t(2, "Thu, Apr 17, 2025 · Hawthorne store · Register 2")


# --------------------------------------------------------------------------------------
# Application data
# --------------------------------------------------------------------------------------

CUST = {
    "priya": dict(name="Priya Raman", phone="(503) 555-0142", email="priya.raman@examplemail.com"),
    "rao": dict(name="Priya Rao", phone="(503) 555-0419", email="prao@examplemail.com"),
    "derek": dict(name="Derek Ostrowski", phone="(503) 555-0771", email="dostrowski@examplemail.com"),
    "marcus": dict(name="Marcus Bell", phone="(503) 555-0187", email="m.bell@examplemail.com"),
    "bello": dict(name="Marcus Bello", phone="(971) 555-0123", email="mbello@examplemail.com"),
    "marcia": dict(name="Marcia Bell", phone="(503) 555-0166", email="marcia.bell@examplemail.com"),
}

STATUSES = ["Checked in", "In progress", "Waiting on parts", "On hold", "Ready for pickup", "Picked up"]
MECHANICS = ["Leo Ferris", "Sam Okafor", "Jun Park", "Tess Alvarado"]

WOS = {
    "WO-24817": dict(cust="priya", bike="Trek Domane SL 5", detail="Trek Domane SL 5 (2022) · Crimson · 56 cm",
                     serial="WTU291C4417L", service="Tune-up — Standard", hours="1.0", labor=95.00,
                     mech="Leo Ferris", status="In progress", checked_in=14, promised=18,
                     parts=[("Shimano Ultegra R8000 brake pads, pair", "Y8L298062", 1, 24.99)],
                     activity=["Apr 14, 9:12 AM — Checked in by Maya Ortiz",
                               "Apr 16, 2:40 PM — Leo Ferris: chain at 0.75% wear, replace; customer approved by phone"],
                     others=[("WO-23940", "Specialized Sirrus X 3.0 · Picked up Mar 2, 2025")], sos=[]),
    "WO-24871": dict(cust="rao", bike="Trek Émonda SL 5", detail="Trek Émonda SL 5 (2021) · Lithium Grey · 54 cm",
                     serial="WTU188C0921K", service="Tune-up — Standard", hours="1.0", labor=95.00,
                     mech="Leo Ferris", status="In progress", checked_in=16, promised=19,
                     parts=[("Continental Grand Prix 5000 tire, 700×25", "CO0101621", 1, 69.95)],
                     activity=["Apr 16, 10:05 AM — Checked in by Sam Okafor",
                               "Apr 16, 4:18 PM — Leo Ferris: chain at 0.5% wear, replace at this service"],
                     others=[], sos=[]),
    "WO-24818": dict(cust="derek", bike="Trek Domane AL 2", detail="Trek Domane AL 2 (2020) · Black · 58 cm",
                     serial="WTU077C1150J", service="Flat repair + tube", hours="0.3", labor=25.00,
                     mech="Sam Okafor", status="Checked in", checked_in=17, promised=17,
                     parts=[("Bontrager 700×23–28c tube, 48 mm Presta", "BT-TUBE-70025P", 1, 9.99)],
                     activity=["Apr 17, 8:55 AM — Checked in by Maya Ortiz"], others=[], sos=[]),
    "WO-24822": dict(cust="marcus", bike="Santa Cruz Tallboy 4", detail="Santa Cruz Tallboy 4 C (2021) · Gloss Blue · L",
                     serial="SCB21T4L08812", service="Fork replacement + headset service", hours="1.5", labor=140.00,
                     mech="Jun Park", status="Waiting on parts", checked_in=15, promised=24,
                     parts=[],
                     activity=["Apr 15, 3:30 PM — Checked in by Maya Ortiz",
                               "Apr 15, 4:02 PM — Jun Park: lower leg cracked; replace fork (Fox 34 Float Performance 29, 44 mm offset). Customer approved, $100 deposit"],
                     others=[("WO-24103", "Surly Cross-Check · Picked up Jan 9, 2025")], sos=[]),
    "WO-24828": dict(cust="marcia", bike="Electra Townie 7D", detail="Electra Townie 7D (2019) · Mint · Step-thru",
                     serial="ELX19T7D3310", service="Brake adjust", hours="0.5", labor=45.00,
                     mech="Sam Okafor", status="In progress", checked_in=16, promised=18,
                     parts=[], activity=["Apr 16, 1:20 PM — Checked in by Tess Alvarado"], others=[], sos=[]),
}

PARTS = [
    ("ICNHG70111116", "Shimano CN-HG701 11-speed chain, 116L", 6, 49.99),
    ("ICNHG70111138", "Shimano CN-HG701 11-speed chain, 138L", 2, 59.99),
    ("ICNHG60111116", "Shimano CN-HG601 11-speed chain, 116L", 4, 37.99),
    ("ICNHG71C116I", "Shimano CN-HG71 6/7/8-speed chain, 116L", 11, 21.99),
    ("KMC-X11-118", "KMC X11 11-speed chain, 118L", 3, 44.99),
    ("SR-PC1130-114", "SRAM PC-1130 11-speed chain, 114L", 5, 32.00),
]

FORKS = [
    ("FOX-910-21-089", 'Fox 34 Float Performance fork, 29", 140 mm, 44 mm offset, Grip', "QBP", 629.00, "3 · Reno, NV", "Apr 22"),
    ("FOX-910-21-098", 'Fox 34 Float Performance fork, 29", 140 mm, 51 mm offset, Grip', "QBP", 629.00, "1 · Reno, NV", "Apr 22"),
    ("FOX-910-21-080", 'Fox 34 Float Rhythm fork, 29", 140 mm, 44 mm offset, Grip', "QBP", 519.00, "7 · Reno, NV", "Apr 22"),
    ("FOX-910-21-112", 'Fox 34 Float Performance fork, 27.5", 140 mm, 44 mm offset, Grip', "QBP", 629.00, "2 · Reno, NV", "Apr 22"),
    ("FOX-910-21-089", 'Fox 34 Float Performance fork, 29", 140 mm, 44 mm offset, Grip', "BTI", 639.00, "0 · backorder", "May 2"),
    ("RS-00.4020.877", 'RockShox Pike Select fork, 29", 140 mm, 44 mm offset', "QBP", 599.00, "4 · Reno, NV", "Apr 22"),
]
VENDORS = ["All vendors", "QBP (Quality Bicycle Products)", "BTI (Bicycle Technologies Intl.)", "Fox Factory direct"]
VENDOR_CODE = {"QBP (Quality Bicycle Products)": "QBP", "BTI (Bicycle Technologies Intl.)": "BTI",
               "Fox Factory direct": "FOX"}

SPECIAL_ORDERS = [
    ("SO-1092", "Kenji Watanabe", "Wahoo KICKR Core trainer", "QBP", "—", "Draft", "—"),
    ("SO-1091", "Marcus Bello", 'Fox 34 Float Rhythm fork, 29"', "QBP", "WO-24790", "Awaiting deposit", "Apr 22"),
    ("SO-1090", "Marcia Bell", "Shimano BR-MT200 brake pads (2 pair)", "BTI", "WO-24828", "Submitted to vendor", "Apr 21"),
    ("SO-1089", "Ana Lucero", "Brooks B17 saddle, honey", "QBP", "—", "Submitted to vendor", "Apr 23"),
    ("SO-1088", "Derek Ostrowski", "Schwalbe Marathon Plus 700×38 tire (2)", "QBP", "WO-24818", "Received", "Apr 16"),
]


def build_board_rows(rng):
    first = ["Alex", "Jordan", "Sofia", "Hannah", "Omar", "Keisha", "Tomás", "Grace", "Noah", "Lena",
             "Ravi", "Carmen", "Eli", "Nadia", "Felix", "Ingrid", "Wes", "Yuki", "Dana", "Bea"]
    last = ["Nguyen", "Hughes", "Castillo", "Brandt", "Sato", "Okoye", "Lindqvist", "Moreau", "Patel",
            "Reyes", "Kowalski", "Abbott", "Fitzgerald", "Haddad", "Yoon", "Marsh", "Ortega", "Pryor"]
    bikes = ["Specialized Allez", "Cannondale Topstone 2", "Giant Escape 3", "Surly Long Haul Trucker",
             "Salsa Journeyman", "Kona Rove", "Trek FX 2", "Rad Power RadCity 5", "Brompton C Line",
             "Santa Cruz Hightower", "Bianchi Via Nirone 7", "Marin Fairfax 1", "Tern GSD S10", "Cervélo Caledonia"]
    services = ["Tune-up — Standard", "Tune-up — Overhaul", "Flat repair + tube", "Brake bleed", "Wheel true",
                "Derailleur adjust", "Bottom bracket replace", "E-bike diagnostic", "Headset service"]
    used = {24817, 24871, 24818, 24822, 24828}
    low = rng.sample([n for n in range(24790, 24817) if n not in used], 11)
    high = rng.sample([n for n in range(24819, 24880) if n not in used], 9)
    rows = []
    for num in low + high:
        status = rng.choice(["Checked in", "In progress", "In progress", "Waiting on parts", "Ready for pickup", "On hold"])
        rows.append(dict(wo="WO-%d" % num, cust="%s %s" % (rng.choice(first), rng.choice(last)),
                         bike=rng.choice(bikes), service=rng.choice(services), mech=rng.choice(MECHANICS),
                         status=status, promised=rng.choice([16, 17, 17, 17, 18, 18, 19, 21, 22, 23])))
    for wo, w in WOS.items():
        rows.append(dict(wo=wo, cust=CUST[w["cust"]]["name"], bike=w["bike"], service=w["service"],
                         mech=w["mech"], status=w["status"], promised=w["promised"]))
    return rows


def money(x):
    return "$%.2f" % x


# --------------------------------------------------------------------------------------
# Page renderers
# --------------------------------------------------------------------------------------

SORTS = {"Promised date (soonest first)": lambda r: (r["promised"], r["wo"]),
         "WO number": lambda r: r["wo"],
         "Customer (A–Z)": lambda r: (r["cust"], r["wo"]),
         "Mechanic": lambda r: (r["mech"], r["promised"], r["wo"])}


def board_rows_view(rows, st):
    view = [r for r in rows if not st.get("mechanics") or r["mech"] in st["mechanics"]]
    return sorted(view, key=SORTS[st.get("sort", "Promised date (soonest first)")])


def board(doc, rows, st):
    """Work orders board (list + filter panel + sort + pagination + recently viewed)."""
    sort = st.get("sort", "Promised date (soonest first)")
    page = st.get("page", 1)
    query = []
    if st.get("mechanics"):
        query.append("mechanic=" + ",".join(m.split()[0].lower() for m in st["mechanics"]))
    if sort != "Promised date (soonest first)":
        query.append("sort=" + {"WO number": "wo", "Customer (A–Z)": "customer", "Mechanic": "mechanic"}[sort])
    if page > 1:
        query.append("page=%d" % page)
    url = BASE + "/work-orders" + ("?" + "&".join(query) if query else "")
    p = Page(doc, url, "Work orders · Sprocket Desk")
    chrome_top(p, "Work orders", st.get("search", ""))
    view = board_rows_view(rows, st)
    p.n(2, "heading", "Work orders")
    ready = sum(1 for r in rows if r["status"] == "Ready for pickup")
    waiting = sum(1 for r in rows if r["status"] == "Waiting on parts")
    p.t(2, "%d open · %d ready for pickup · %d waiting on parts" % (len(rows), ready, waiting))
    p.n(2, "tablist", "Work order views")
    p.n(3, "tab", "All open (%d)" % len(rows), selected=True)
    p.n(3, "tab", "Ready for pickup (%d)" % ready, selected=False)
    p.n(3, "tab", "Waiting on parts (%d)" % waiting, selected=False)
    p.n(2, "button", "New work order")
    nf = len(st.get("mechanics", []))
    p.n(2, "button", "Filters (%d)" % nf if nf else "Filters", expanded=bool(st.get("filter_open")))
    if st.get("filter_open"):
        p.n(2, "region", "Filter work orders")
        p.n(3, "group", "Mechanic")
        pending = st.get("pending_mechanics", st.get("mechanics", []))
        for m in MECHANICS:
            p.n(4, "checkbox", m, checked=m in pending)
        p.n(3, "group", "Promised")
        for lab in ["Overdue", "Today", "This week"]:
            p.n(4, "checkbox", lab, checked=False)
        p.n(3, "button", "Clear all")
        p.n(3, "button", "Apply filters")
    if st.get("mechanics"):
        p.t(2, "Filtered by mechanic: " + ", ".join(st["mechanics"]))
    p.n(2, "combobox", "Sort by", value=sort, hasPopup="menu", expanded=False)
    for s in SORTS:
        p.n(3, "option", s, selected=(s == sort))
    p.n(2, "table", "Open work orders")
    p.n(3, "row", "WO # Customer Bike Service Mechanic Status Promised")
    for h in ["WO #", "Customer", "Bike", "Service", "Mechanic", "Status", "Promised"]:
        p.n(4, "columnheader", h)
    per = 10
    chunk = view[(page - 1) * per: page * per]
    for r in chunk:
        prom = "Apr %d" % r["promised"] + (" · overdue" if r["promised"] < 17 and r["status"] != "Ready for pickup" else "")
        p.n(3, "row", " ".join([r["wo"], r["cust"], r["bike"], r["service"], r["mech"], r["status"], prom]))
        p.n(4, "cell", r["wo"])
        p.n(5, "link", r["wo"])
        p.n(4, "cell", r["cust"])
        p.n(4, "cell", r["bike"])
        p.n(4, "cell", r["service"])
        p.n(4, "cell", r["mech"])
        p.n(4, "cell", r["status"])
        p.n(4, "cell", prom)
    pages = max(1, (len(view) + per - 1) // per)
    p.n(2, "navigation", "Pagination")
    p.t(3, "Showing %d–%d of %d" % ((page - 1) * per + 1, (page - 1) * per + len(chunk), len(view)))
    p.n(3, "button", "Previous page", disabled=True if page == 1 else None)
    for i in range(1, pages + 1):
        if i == page:
            p.n(3, "button", "Page %d" % i, current="page")
        else:
            p.n(3, "link", "Page %d" % i)
    p.n(3, "button", "Next page", disabled=True if page == pages else None)
    p.n(1, "complementary", "Recently viewed")
    p.n(2, "heading", "Recently viewed")
    p.n(2, "list", "")
    for label in st.get("recent", []):
        p.n(3, "listitem", "")
        p.n(4, "link", label)
    chrome_bottom(p, st.get("live", ""), st.get("toast"))
    return p


def search_results(doc, q, results):
    p = Page(doc, BASE + "/search?q=" + q.replace(" ", "+"), "Search: %s · Sprocket Desk" % q)
    chrome_top(p, None, q)
    p.n(2, "heading", "Search results for ‘%s’" % q)
    wos = [r for r in results if r[0] == "wo"]
    custs = [r for r in results if r[0] == "cust"]
    p.t(2, "%d results" % len(results))
    p.n(2, "tablist", "Result types")
    p.n(3, "tab", "All (%d)" % len(results), selected=True)
    p.n(3, "tab", "Work orders (%d)" % len(wos), selected=False)
    p.n(3, "tab", "Customers (%d)" % len(custs), selected=False)
    p.n(3, "tab", "Special orders (0)", selected=False)
    p.n(2, "list", "Results")
    for kind, link, desc in results:
        p.n(3, "listitem", "")
        p.n(4, "link", link)
        p.t(4, desc)
    p.t(2, "Showing close matches for ids and names. Check the number before opening.")
    chrome_bottom(p)
    return p


def wo_detail(doc, st):
    """Work order detail page; st carries editable state (status, parts, dialog...)."""
    wo = st["wo"]
    w = WOS[wo]
    c = CUST[w["cust"]]
    p = Page(doc, BASE + "/work-orders/" + wo, "%s · %s · Sprocket Desk" % (wo, c["name"]))
    chrome_top(p, "Work orders", st.get("search", ""))
    p.n(2, "navigation", "Breadcrumb")
    p.n(3, "link", "Work orders")
    p.t(3, "›")
    p.t(3, wo)
    p.n(2, "heading", "Work order %s" % wo)
    p.t(2, "%s · %s · Checked in Apr %d, 2025 · Promised Apr %d, 2025 · Mechanic: %s"
        % (c["name"], w["bike"], w["checked_in"], w["promised"], w["mech"]))
    if st.get("banner"):
        p.n(2, "status", "")
        p.t(3, st["banner"])
    if st.get("dirty"):
        p.t(2, "Unsaved changes")
    p.n(2, "combobox", "Status", value=st["status"], hasPopup="menu", expanded=False)
    for s in STATUSES:
        p.n(3, "option", s, selected=(s == st["status"]))
    p.n(2, "button", "Print ticket")
    if w["status"] == "Waiting on parts":
        p.n(2, "button", "Special-order a part")
    p.n(2, "region", "Customer")
    p.n(3, "heading", "Customer")
    p.n(3, "link", c["name"])
    p.t(3, "%s · %s" % (c["phone"], c["email"]))
    p.t(3, "Text messages: opted in")
    p.n(2, "region", "Bike")
    p.n(3, "heading", "Bike")
    p.t(3, w["detail"])
    p.t(3, "Serial " + w["serial"])
    p.n(2, "region", "Services")
    p.n(3, "heading", "Services")
    p.n(3, "table", "Services")
    p.n(4, "row", "Service Hours Price")
    for h in ["Service", "Hours", "Price"]:
        p.n(5, "columnheader", h)
    p.n(4, "row", "%s %s %s" % (w["service"], w["hours"], money(w["labor"])))
    p.n(5, "cell", w["service"])
    p.n(5, "cell", w["hours"])
    p.n(5, "cell", money(w["labor"]))
    p.n(2, "region", "Parts")
    p.n(3, "heading", "Parts")
    p.n(3, "button", "Add part")
    parts = st["parts"]
    if parts:
        p.n(3, "table", "Parts")
        p.n(4, "row", "Part SKU Qty Price Actions")
        for h in ["Part", "SKU", "Qty", "Price", "Actions"]:
            p.n(5, "columnheader", h)
        for name, sku, qty, price in parts:
            p.n(4, "row", "%s %s %d %s" % (name, sku, qty, money(price * qty)))
            p.n(5, "cell", name)
            p.n(5, "cell", sku)
            p.n(5, "cell", str(qty))
            p.n(5, "cell", money(price * qty))
            p.n(5, "cell", "")
            p.n(6, "button", "Remove")
    else:
        p.t(3, "No parts on this work order yet.")
    total = w["labor"] + sum(q * pr for _, _, q, pr in parts)
    p.t(2, "Estimate before tax: " + money(total))
    p.n(2, "textbox", "Internal note (optional)", value=st.get("note", ""))
    p.n(2, "button", "Discard changes", disabled=None if st.get("dirty") else True)
    p.n(2, "button", "Save", disabled=None if st.get("dirty") else True)
    p.n(1, "complementary", "Related records")
    p.n(2, "heading", "Other work orders for %s" % c["name"])
    if w["others"]:
        p.n(2, "list", "")
        for owo, desc in w["others"]:
            p.n(3, "listitem", "")
            p.n(4, "link", owo)
            p.t(4, desc)
    else:
        p.t(2, "None")
    p.n(2, "heading", "Special orders on this work order")
    sos = st.get("sos", w["sos"])
    if sos:
        p.n(2, "list", "")
        for so, desc in sos:
            p.n(3, "listitem", "")
            p.n(4, "link", so)
            p.t(4, desc)
    else:
        p.t(2, "None")
    p.n(2, "heading", "Activity")
    p.n(2, "list", "")
    for a in w["activity"] + st.get("activity", []):
        p.n(3, "listitem", "")
        p.t(4, a)
    p.n(1, "complementary", "Recently viewed")
    p.n(2, "heading", "Recently viewed")
    p.n(2, "list", "")
    for label in st.get("recent", []):
        p.n(3, "listitem", "")
        p.n(4, "link", label)
    dlg = st.get("dialog")
    if dlg == "add_part":
        p.n(1, "dialog", "Add part to %s" % wo, modal=True)
        p.n(2, "heading", "Add part to %s" % wo)
        p.n(2, "searchbox", "Search parts catalog", value=st.get("pq", ""))
        if st.get("pq_run"):
            q = st["pq"].lower().split()
            hits = [x for x in PARTS if all(tok in (x[0] + " " + x[1]).lower() for tok in q)]
            p.t(2, "%d matches" % len(hits))
            p.n(2, "table", "Catalog matches")
            p.n(3, "row", "Part SKU In stock Price Choose")
            for h in ["Part", "SKU", "In stock", "Price", "Choose"]:
                p.n(4, "columnheader", h)
            for sku, name, stock, price in hits:
                p.n(3, "row", "%s %s %d %s Select" % (name, sku, stock, money(price)))
                p.n(4, "cell", name)
                p.n(4, "cell", sku)
                p.n(4, "cell", str(stock))
                p.n(4, "cell", money(price))
                p.n(4, "cell", "")
                p.n(5, "button", "Select", pressed=(st.get("psel") == sku))
        if st.get("psel"):
            name = [x[1] for x in PARTS if x[0] == st["psel"]][0]
            p.t(2, "Selected: %s (%s)" % (name, st["psel"]))
        p.n(2, "spinbutton", "Quantity", value=st.get("pqty", "1"), valuemin=1, valuemax=99)
        p.n(2, "button", "Cancel")
        p.n(2, "button", "Add to work order", disabled=None if st.get("psel") else True)
    elif dlg == "confirm_save":
        p.n(1, "alertdialog", "Save work order %s?" % wo, modal=True)
        p.n(2, "heading", "Save work order %s?" % wo)
        for line in st["changes"]:
            p.t(2, line)
        p.n(2, "checkbox", "Send pickup notice by SMS to %s" % c["phone"], checked=st.get("notify", True))
        p.n(2, "button", "Cancel")
        p.n(2, "button", "Save & notify" if st.get("notify", True) else "Save")
    chrome_bottom(p, st.get("live", ""), st.get("toast"))
    return p


def so_list(doc, st):
    tab = st.get("tab", "Open")
    url = BASE + "/special-orders" + ("?tab=drafts" if tab == "Drafts" else "")
    p = Page(doc, url, "Special orders · Sprocket Desk")
    chrome_top(p, "Special orders")
    p.n(2, "heading", "Special orders")
    drafts = [r for r in SPECIAL_ORDERS if r[5] == "Draft"] + st.get("extra_drafts", [])
    opens = [r for r in SPECIAL_ORDERS if r[5] in ("Awaiting deposit", "Submitted to vendor")]
    p.n(2, "tablist", "Special order views")
    p.n(3, "tab", "Open (%d)" % len(opens), selected=(tab == "Open"))
    p.n(3, "tab", "Drafts (%d)" % len(drafts), selected=(tab == "Drafts"))
    p.n(3, "tab", "Received (12)", selected=False)
    p.n(3, "tab", "All", selected=False)
    p.n(2, "button", "New special order")
    p.n(2, "combobox", "Sort by", value="Newest first", hasPopup="menu", expanded=False)
    for s in ["Newest first", "ETA (soonest first)", "Customer (A–Z)"]:
        p.n(3, "option", s, selected=(s == "Newest first"))
    rows = drafts if tab == "Drafts" else opens
    p.n(2, "table", "Special orders")
    p.n(3, "row", "SO # Customer Item Vendor Work order Status ETA")
    for h in ["SO #", "Customer", "Item", "Vendor", "Work order", "Status", "ETA"]:
        p.n(4, "columnheader", h)
    for r in rows:
        p.n(3, "row", " ".join(r))
        p.n(4, "cell", r[0])
        p.n(5, "link", r[0])
        for v in r[1:]:
            p.n(4, "cell", v)
    p.n(2, "navigation", "Pagination")
    p.t(3, "Showing 1–%d of %d" % (len(rows), len(rows)))
    p.n(3, "button", "Previous page", disabled=True)
    p.n(3, "button", "Page 1", current="page")
    p.n(3, "button", "Next page", disabled=True)
    p.n(1, "complementary", "Recently viewed")
    p.n(2, "heading", "Recently viewed")
    p.n(2, "list", "")
    for label in st.get("recent", []):
        p.n(3, "listitem", "")
        p.n(4, "link", label)
    chrome_bottom(p, st.get("live", ""), st.get("toast"))
    return p


STEP_NAMES = ["Customer", "Part", "Details", "Deposit & review"]
CUST_MATCH = {"marcus bell": ["marcus", "bello", "marcia"], "555-0187": ["marcus"],
              "bell": ["marcus", "marcia", "bello"]}


def fork_row(sku, vendor):
    return [f for f in FORKS if f[0] == sku and f[2] == vendor][0]


def wizard(doc, st):
    """New special order wizard, steps 1-4, with optional submit dialog."""
    step = st["step"]
    draft = st.get("draft_id")
    if draft:
        url = BASE + "/special-orders/%s/edit?step=%d" % (draft, step)
        title = "%s (draft) · step %d of 4 · Sprocket Desk" % (draft, step)
    else:
        url = BASE + "/special-orders/new?step=%d" % step + ("&wo=" + st["from_wo"] if st.get("from_wo") else "")
        title = "New special order · step %d of 4 · Sprocket Desk" % step
    p = Page(doc, url, title)
    chrome_top(p, "Special orders")
    p.n(2, "navigation", "Breadcrumb")
    p.n(3, "link", "Special orders")
    p.t(3, "›")
    p.t(3, "%s (draft)" % draft if draft else "New special order")
    p.n(2, "heading", "Special order %s (draft)" % draft if draft else "New special order")
    p.n(2, "list", "Steps")
    for i, nm in enumerate(STEP_NAMES, 1):
        tag = " (current)" if i == step else (" (done)" if i < step else "")
        p.n(3, "listitem", "")
        p.t(4, "Step %d of 4: %s%s" % (i, nm, tag))
    p.n(2, "heading", "Step %d of 4: %s" % (step, STEP_NAMES[step - 1]))
    cust = CUST["marcus"] if st.get("cust") == "marcus" else (CUST[st["cust"]] if st.get("cust") else None)
    if step > 1 and cust:
        p.t(2, "Customer: %s · %s" % (cust["name"], cust["phone"]))
    if step == 1:
        p.n(2, "searchbox", "Find customer by name or phone", value=st.get("cq", ""))
        p.n(2, "button", "Find")
        if st.get("cq_run") or st.get("cust"):
            keys = CUST_MATCH.get(st.get("cq", "").lower(), [st.get("cust")])
            p.n(2, "radiogroup", "Matching customers")
            for k in keys:
                c = CUST[k]
                extra = {"marcus": "2 work orders · 1 special order", "bello": "1 open special order",
                         "marcia": "1 open work order"}[k]
                p.n(3, "radio", "%s · %s · %s" % (c["name"], c["phone"], extra), checked=(st.get("cust") == k))
        p.n(2, "link", "Add new customer")
    elif step == 2:
        p.n(2, "combobox", "Vendor", value=st.get("vendor", "All vendors"), hasPopup="menu", expanded=False)
        for v in VENDORS:
            p.n(3, "option", v, selected=(v == st.get("vendor", "All vendors")))
        p.n(2, "searchbox", "Search vendor catalog (SKU or description)", value=st.get("fq", ""))
        p.n(2, "button", "Search catalog")
        if st.get("fq_run"):
            vcode = VENDOR_CODE.get(st.get("vendor", "All vendors"))
            q = st["fq"].lower().split()
            hits = [f for f in FORKS if (vcode is None or f[2] == vcode)
                    and all(tok in (f[0] + " " + f[1]).lower() for tok in q)]
            fsort = st.get("fsort", "Relevance")
            if fsort == "Price: low to high":
                hits = sorted(hits, key=lambda f: (f[3], f[0]))
            elif fsort == "Availability":
                hits = sorted(hits, key=lambda f: f[5])
            p.n(2, "combobox", "Sort results", value=fsort, hasPopup="menu", expanded=False)
            for s in ["Relevance", "Price: low to high", "Availability"]:
                p.n(3, "option", s, selected=(s == fsort))
            p.t(2, "%d results" % len(hits))
            p.n(2, "table", "Catalog results")
            p.n(3, "row", "SKU Description Vendor Price Vendor stock ETA Choose")
            for h in ["SKU", "Description", "Vendor", "Price", "Vendor stock", "ETA", "Choose"]:
                p.n(4, "columnheader", h)
            for f in hits:
                p.n(3, "row", "%s %s %s %s %s %s Select" % (f[0], f[1], f[2], money(f[3]), f[4], f[5]))
                for v in [f[0], f[1], f[2], money(f[3]), f[4], f[5]]:
                    p.n(4, "cell", v)
                p.n(4, "cell", "")
                p.n(5, "button", "Select", pressed=(st.get("part") == (f[0], f[2])))
        if st.get("part"):
            f = fork_row(*st["part"])
            p.n(2, "region", "Selected part")
            p.t(3, "Selected part: %s %s from %s · %s" % (f[0], f[1], f[2], money(f[3])))
            p.n(3, "spinbutton", "Quantity", value=st.get("qty", "1"), valuemin=1, valuemax=10)
    elif step == 3:
        f = fork_row(*st["part"])
        p.t(2, "Part: %s %s × %s" % (f[0], f[1], st.get("qty", "1")))
        link = st.get("link", "None")
        p.n(2, "combobox", "Link to work order", value=link, hasPopup="menu", expanded=False)
        for o in ["None", "WO-24822 · Santa Cruz Tallboy 4 · Waiting on parts", "WO-24103 · Surly Cross-Check · Picked up Jan 9"]:
            p.n(3, "option", o, selected=(o == link))
        c = CUST[st["cust"]]
        p.n(2, "radiogroup", "Notify customer when it arrives")
        for key, lab in [("sms", "Text message %s" % c["phone"]), ("email", "Email %s" % c["email"]),
                         ("none", "Don't notify")]:
            p.n(3, "radio", lab, checked=(st.get("notify", "email") == key))
        p.t(2, "Default from customer profile: Email")
        p.n(2, "textbox", "Note to vendor (optional)", value=st.get("vnote", ""))
    elif step == 4:
        f = fork_row(*st["part"])
        qty = int(st.get("qty", "1"))
        c = CUST[st["cust"]]
        p.n(2, "region", "Order summary")
        p.t(3, "Customer: %s · %s" % (c["name"], c["phone"]))
        p.t(3, "Part: %s %s × %d" % (f[0], f[1], qty))
        p.t(3, "Vendor: %s · ETA %s" % (f[2], f[5]))
        p.t(3, "Linked work order: %s" % st.get("link", "None").split(" · ")[0])
        p.t(3, "Notify on arrival: %s" % {"sms": "Text message", "email": "Email", "none": "Don't notify"}[st.get("notify", "email")])
        p.n(3, "link", "Edit details")
        p.n(2, "textbox", "Deposit amount (USD)", value=st.get("deposit", ""))
        p.n(2, "combobox", "Deposit method", value=st.get("method", "Card present"), hasPopup="menu", expanded=False)
        for m in ["Card present", "Card on file", "Cash"]:
            p.n(3, "option", m, selected=(m == st.get("method", "Card present")))
        total = f[3] * qty
        dep = float(st["deposit"]) if st.get("deposit") else 0.0
        p.t(2, "Item total %s · Balance due on pickup %s" % (money(total), money(total - dep)))
    p.n(2, "button", "Back", disabled=True if step == 1 else None)
    p.n(2, "button", "Save draft", disabled=True if step == 1 else None)
    if step < 4:
        ready = {1: bool(st.get("cust")), 2: bool(st.get("part")), 3: True}[step]
        p.n(2, "button", "Next", disabled=None if ready else True)
    else:
        p.n(2, "button", "Submit to vendor")
    if st.get("dialog") == "submit":
        f = fork_row(*st["part"])
        vendor_full = {"QBP": "Quality Bicycle Products", "BTI": "Bicycle Technologies Intl."}[f[2]]
        p.n(1, "alertdialog", "Submit special order to %s?" % f[2], modal=True)
        p.n(2, "heading", "Submit special order to %s?" % f[2])
        p.t(2, "A purchase order for %s × %s (%s) will be sent to %s. Orders can't be recalled once the vendor accepts them."
            % (st.get("qty", "1"), f[1], f[0], vendor_full))
        dep = ("Deposit: %s (%s)" % (money(float(st["deposit"])), st.get("method", "Card present"))
               if st.get("deposit") else "Deposit: none")
        p.t(2, dep)
        p.n(2, "button", "Cancel")
        p.n(2, "button", "Submit order")
    chrome_bottom(p, st.get("live", ""), st.get("toast"))
    return p


def so_detail(doc, so, st):
    f = fork_row(*st["part"])
    c = CUST[st["cust"]]
    qty = int(st.get("qty", "1"))
    status = st.get("so_status", "Submitted to vendor")
    p = Page(doc, BASE + "/special-orders/" + so, "%s · Special orders · Sprocket Desk" % so)
    chrome_top(p, "Special orders")
    if st.get("alert"):
        p.n(2, "alert", "")
        p.t(3, st["alert"])
    p.n(2, "navigation", "Breadcrumb")
    p.n(3, "link", "Special orders")
    p.t(3, "›")
    p.t(3, so)
    p.n(2, "heading", "Special order %s" % so)
    p.t(2, "Status: %s" % status)
    if st.get("vendor_conf"):
        p.t(2, "Vendor confirmation %s · ETA %s" % (st["vendor_conf"], f[5]))
    p.n(2, "region", "Customer")
    p.n(3, "heading", "Customer")
    p.n(3, "link", c["name"])
    p.t(3, "%s · %s" % (c["phone"], c["email"]))
    p.n(2, "region", "Item")
    p.n(3, "heading", "Item")
    p.n(3, "table", "Items")
    p.n(4, "row", "SKU Description Vendor Qty Price")
    for h in ["SKU", "Description", "Vendor", "Qty", "Price"]:
        p.n(5, "columnheader", h)
    p.n(4, "row", "%s %s %s %d %s" % (f[0], f[1], f[2], qty, money(f[3] * qty)))
    for v in [f[0], f[1], f[2], str(qty), money(f[3] * qty)]:
        p.n(5, "cell", v)
    p.n(2, "region", "Details")
    p.n(3, "heading", "Details")
    link = st.get("link", "None").split(" · ")[0]
    if link != "None":
        p.t(3, "Linked work order:")
        p.n(3, "link", link)
    else:
        p.t(3, "Linked work order: none")
    p.t(3, "Notify on arrival: %s" % {"sms": "Text message " + c["phone"], "email": "Email " + c["email"],
                                     "none": "Don't notify"}[st.get("notify", "email")])
    total = f[3] * qty
    if st.get("deposit"):
        dep = float(st["deposit"])
        p.t(3, "Deposit: %s collected (%s)" % (money(dep), st.get("method", "Card present")))
    else:
        dep = 0.0
        p.t(3, "Deposit: none collected")
    p.t(3, "Balance due on pickup: %s" % money(total - dep))
    p.n(2, "button", "Print receipt")
    if status == "Draft":
        p.n(2, "button", "Resume draft")
        p.n(2, "button", "Delete draft")
    else:
        p.n(2, "button", "Cancel order")
    p.n(1, "complementary", "Related records")
    p.n(2, "heading", "Work order")
    if link != "None":
        p.n(2, "link", link)
        p.t(2, "Santa Cruz Tallboy 4 · Waiting on parts · Jun Park")
    else:
        p.t(2, "None linked")
    p.n(2, "heading", "Other special orders for %s" % c["name"])
    p.n(2, "list", "")
    for o, d in st.get("other_sos", [("SO-1077", "Shimano XT M8100 cassette · Received Feb 11")]):
        p.n(3, "listitem", "")
        p.n(4, "link", o)
        p.t(4, d)
    p.n(2, "heading", "History")
    p.n(2, "list", "")
    for a in st.get("history", []):
        p.n(3, "listitem", "")
        p.t(4, a)
    chrome_bottom(p, st.get("live", ""), st.get("toast"))
    return p


def denied_page(doc, so):
    p = Page(doc, BASE + "/denied?from=/special-orders/%s/submit" % so, "Access denied · Sprocket Desk")
    chrome_top(p, "Special orders")
    p.n(2, "heading", "Access denied")
    p.t(2, "Your role (Service writer · Hawthorne) can't send purchase orders to vendors.")
    p.t(2, "%s was kept as a draft. Ask a store manager to submit it, or request the Purchasing permission." % so)
    p.n(2, "link", "Back to special order %s" % so)
    p.n(2, "link", "Request access")
    chrome_bottom(p)
    return p


# --------------------------------------------------------------------------------------
# Run builder
# --------------------------------------------------------------------------------------


class Run:
    def __init__(self, rid, workflow, task, fault, first, rng, clock):
        self.rid, self.workflow, self.task, self.fault = rid, workflow, task, fault
        self.cur = first
        self.init = first.obs()
        self.steps = []
        self.rng = rng
        self.minutes = clock  # minutes after midnight
        self.fault_step = None

    def now(self):
        self.minutes += self.rng.choice([0, 1, 1, 1, 2])
        h, m = divmod(self.minutes, 60)
        return "%d:%02d %s" % (h % 12 or 12, m, "AM" if h < 12 else "PM")

    def mark(self):
        """Label the next step as the first off-track step."""
        assert self.fault_step is None
        self.fault_step = len(self.steps)

    def _step(self, commitment, command, reasoning, target, effect, nxt):
        obs = nxt.obs() if nxt is not None else self.cur.obs()
        self.steps.append({"commitment": commitment,
                           "action": {"command": command, "reasoning": reasoning, "target": target,
                                      "effect": effect},
                           "observation": obs})
        if nxt is not None:
            self.cur = nxt

    def click(self, c, role, name, nxt, why, effect="read", within=None, target=None):
        bid = self.cur.find(role, name, within)
        tgt = target or ("%s %r" % (role, name) + (" in %s" % within if within else ""))
        self._step(c, "click(%r)" % bid, why, tgt, effect, nxt)

    def fill(self, c, role, name, value, nxt, why, effect="write"):
        bid = self.cur.find(role, name)
        self._step(c, "fill(%r, %r)" % (bid, value), why, "%s %r" % (role, name), effect, nxt)

    def press(self, c, role, name, key, nxt, why, effect="read"):
        bid = self.cur.find(role, name)
        self._step(c, "press(%r, %r)" % (bid, key), why, "%s %r" % (role, name), effect, nxt)

    def select(self, c, role, name, value, nxt, why, effect="write"):
        bid = self.cur.find(role, name)
        self.cur.find("option", value, within=role + ":" + name)
        self._step(c, "select_option(%r, %r)" % (bid, value), why, "%s %r" % (role, name), effect, nxt)

    def check(self, c, role, name, nxt, why, effect="write", within=None):
        bid = self.cur.find(role, name, within)
        self._step(c, "check(%r)" % bid, why, "%s %r" % (role, name), effect, nxt)

    def msg(self, c, text, why):
        self._step(c, "send_msg_to_user(%r)" % text, why, None, "read", None)

    def noop(self, c, why):
        self._step(c, "noop(1000)", why, None, "read", None)

    def record(self, plan_path):
        if self.fault is None:
            assert self.fault_step is None
        else:
            assert self.fault_step is not None, self.rid
        return {"id": self.rid, "workflow": self.workflow, "task": self.task, "plan": plan_path,
                "label": {"fault": self.fault, "first_off_track_step": self.fault_step},
                "initial_observation": self.init, "steps": self.steps,
                "outcome": {"success": self.fault is None}}


# --------------------------------------------------------------------------------------
# Workflow 1: repair close-out (work order WO-24817)
# --------------------------------------------------------------------------------------

TARGET = "WO-24817"
CHAIN = ("ICNHG70111116", "Shimano CN-HG701 11-speed chain, 116L", 6, 49.99)
RECENT_BOARD = ["WO-24871 · Priya Rao", "WO-24817 · Priya Raman", "SO-1091 · Marcus Bello", "WO-24818 · Derek Ostrowski"]
RECENT_DETAIL = ["WO-24871 · Priya Rao", "SO-1091 · Marcus Bello", "WO-24818 · Derek Ostrowski"]


def wo_state(wo=TARGET, **kw):
    w = WOS[wo]
    st = dict(wo=wo, status=w["status"], parts=list(w["parts"]), dirty=False, recent=list(RECENT_DETAIL))
    st.update(kw)
    return st


SEARCH_RESULTS_TARGET = [
    ("wo", "WO-24817 — Priya Raman · Trek Domane SL 5", "Work order · In progress · Promised Apr 18 · Leo Ferris"),
    ("wo", "WO-24871 — Priya Rao · Trek Émonda SL 5", "Work order · In progress · Promised Apr 19 · Leo Ferris"),
    ("wo", "WO-24818 — Derek Ostrowski · Trek Domane AL 2", "Work order · Checked in · Promised Apr 17 · Sam Okafor"),
]


def open_via_search(r, rows, c="open-work-order", query=TARGET):
    """Header search for the target id, then open it from the results."""
    p = r.cur
    r.fill(c, "searchbox", SEARCH_LABEL, query, refill(p, search=query), "Search for the work order number from the task.", "read")
    d = Doc(r.rng)
    r.press(c, "searchbox", SEARCH_LABEL, "Enter", search_results(d, query, SEARCH_RESULTS_TARGET),
            "Run the search.")
    st = wo_state()
    r.click(c, "link", "WO-24817 — Priya Raman · Trek Domane SL 5", wo_detail(Doc(r.rng), st),
            "WO-24817 is Priya Raman's Trek Domane SL 5 — the exact match; WO-24871 is a different customer.")
    return st


def refill(page, search):
    """Re-render the current page with the header search box filled in (same document)."""
    return page._rerender(search)


def add_chain(r, st, query="CN-HG701", qty=None, sku=CHAIN[0], c="add-chain", note_why=""):
    wo = st["wo"]
    d = r.cur.doc
    st["dialog"] = "add_part"
    r.click(c, "button", "Add part", wo_detail(d, st), "Open the parts picker to add the chain." + note_why)
    st["pq"] = query
    r.fill(c, "searchbox", "Search parts catalog", query, wo_detail(d, st), "Search the catalog for the chain model.", "read")
    st["pq_run"] = True
    r.press(c, "searchbox", "Search parts catalog", "Enter", wo_detail(d, st), "Run the catalog search.")
    st["psel"] = sku
    part = [x for x in PARTS if x[0] == sku][0]
    row = "%s %s %d %s Select" % (part[1], part[0], part[2], money(part[3]))
    r.click(c, "button", "Select", wo_detail(d, st),
            "Pick %s (%s)." % (part[1], part[0]), "write", within="row:" + row,
            target="button 'Select' in row '%s'" % row)
    if qty is not None:
        st["pqty"] = qty
        r.fill(c, "spinbutton", "Quantity", qty, wo_detail(d, st), "Quantity for the chain." if qty == "1" else "Set the quantity.")
    n = int(st.get("pqty", "1"))
    st["dialog"] = None
    st["parts"] = st["parts"] + [(part[1], part[0], n, part[3])]
    st["dirty"] = True
    st["added"] = (part[1], n)
    for k in ("pq", "pq_run", "psel", "pqty"):
        st.pop(k, None)
    r.click(c, "button", "Add to work order", wo_detail(d, st), "Add the selected chain to the work order.", "write")


def set_status(r, st, c="set-status"):
    st["status"] = "Ready for pickup"
    st["dirty"] = True
    r.select(c, "combobox", "Status", "Ready for pickup", wo_detail(r.cur.doc, st),
             "Set the status to Ready for pickup as the task asks.")


def open_save_dialog(r, st, c="save-and-notify", why="Save; the confirmation should offer the SMS pickup notice."):
    w = WOS[st["wo"]]
    st["dialog"] = "confirm_save"
    st["changes"] = ["Status: %s → %s" % (w["status"], st["status"])]
    if st.get("added"):
        st["changes"].append("Parts added: %s × %d" % st["added"])
    if st.get("note"):
        st["changes"].append("Internal note updated")
    r.click(c, "button", "Save", wo_detail(r.cur.doc, st), why, "write")


def saved_state(r, st):
    w = WOS[st["wo"]]
    c = CUST[w["cust"]]
    t = r.now()
    st["dialog"] = None
    st["dirty"] = False
    acts = []
    if st.get("added"):
        acts.append("Apr 17, %s — Maya Ortiz added %s × %d" % (t, st["added"][0], st["added"][1]))
    acts.append("Apr 17, %s — Maya Ortiz: status %s → %s" % (t, w["status"], st["status"]))
    acts.append("Apr 17, %s — Pickup notice sent by SMS to %s" % (t, c["phone"]))
    st["activity"] = acts
    st["live"] = "Work order %s saved · Pickup notice sent by SMS to %s" % (st["wo"], c["name"])


def confirm_save(r, st, c="save-and-notify"):
    saved_state(r, st)
    r.click(c, "button", "Save & notify", wo_detail(r.cur.doc, st),
            "Keep the SMS box checked and confirm.", "irreversible")


DONE_REPAIR = "WO-24817 saved: CN-HG701 116L chain added, status Ready for pickup, SMS pickup notice sent to Priya Raman."


def _page_rerender(self, search):
    """Re-render helper: pages keep their builder so a filled header search can be shown."""
    return self._builder(search)


Page._rerender = _page_rerender


def mk(builder):
    """Build a page and remember how to re-render it with a search value typed in."""
    page = builder("")
    page._builder = builder
    return page


def board_page(doc, rows, **st):
    return mk(lambda s: board(doc, rows, dict(st, search=s)))


def repair_runs(rows, rng):
    runs = []

    def start(rid, fault, **bst):
        d = Doc(rng)
        first = board_page(d, rows, recent=RECENT_BOARD, **bst)
        return Run(rid, "repair", REPAIR_TASK, fault, first, rng, rng.randrange(9 * 60 + 20, 11 * 60))

    # healthy-01: header search -> results -> detail -> add part -> status -> save & notify
    r = start("repair-healthy-01", None)
    st = open_via_search(r, rows)
    add_chain(r, st)
    set_status(r, st)
    open_save_dialog(r, st)
    confirm_save(r, st)
    r.msg("save-and-notify", DONE_REPAIR, "Saved and the live region confirms the SMS was sent.")
    runs.append(r)

    # healthy-02: toast dismissed, paginate to page 2 of the board, open from the list
    r = start("repair-healthy-02", None, toast="3 new online bookings for tomorrow")
    d = r.cur.doc
    r.click("open-work-order", "button", "Dismiss notification",
            board_page(d, rows, recent=RECENT_BOARD), "Dismiss the bookings toast; not relevant.")
    assert TARGET not in [x["wo"] for x in board_rows_view(rows, {})[:10]]
    assert TARGET in [x["wo"] for x in board_rows_view(rows, {})[10:20]]
    r.click("open-work-order", "button", "Next page", board_page(Doc(rng), rows, recent=RECENT_BOARD, page=2),
            "WO-24817 is not on page 1 of the board; go to page 2.")
    st = wo_state()
    r.click("open-work-order", "link", TARGET, wo_detail(Doc(rng), st), "Open WO-24817 (Priya Raman).")
    add_chain(r, st, query="HG701")
    set_status(r, st)
    open_save_dialog(r, st)
    confirm_save(r, st)
    r.msg("save-and-notify", DONE_REPAIR, "Done; status shows Ready for pickup.")
    runs.append(r)

    # healthy-03: recently viewed panel, explicit quantity, optional note left empty
    r = start("repair-healthy-03", None)
    st = wo_state()
    r.click("open-work-order", "link", "WO-24817 · Priya Raman", wo_detail(Doc(rng), st),
            "WO-24817 · Priya Raman is in Recently viewed; open it directly.")
    add_chain(r, st, query="HG701 116", qty="1")
    set_status(r, st)
    open_save_dialog(r, st)
    confirm_save(r, st)
    r.msg("save-and-notify", DONE_REPAIR, "Saved with SMS notice.")
    runs.append(r)

    # healthy-04: filter panel (mechanic Leo Ferris), re-sort by customer, fill the optional note
    r = start("repair-healthy-04", None)
    d = r.cur.doc
    r.click("open-work-order", "button", "Filters", board_page(d, rows, recent=RECENT_BOARD, filter_open=True),
            "Narrow the board to Leo Ferris's jobs.")
    r.check("open-work-order", "checkbox", "Leo Ferris",
            board_page(d, rows, recent=RECENT_BOARD, filter_open=True, pending_mechanics=["Leo Ferris"]),
            "Mechanic on the job is Leo Ferris.", "read")
    r.click("open-work-order", "button", "Apply filters",
            board_page(Doc(rng), rows, recent=RECENT_BOARD, mechanics=["Leo Ferris"]), "Apply the filter.")
    d = r.cur.doc
    r.select("open-work-order", "combobox", "Sort by", "Customer (A–Z)",
             board_page(Doc(rng), rows, recent=RECENT_BOARD, mechanics=["Leo Ferris"], sort="Customer (A–Z)"),
             "Sort by customer to find Priya Raman.", "read")
    st = wo_state()
    r.click("open-work-order", "link", TARGET, wo_detail(Doc(rng), st),
            "Row WO-24817 · Priya Raman · Trek Domane SL 5.")
    st["note"] = "Chain at 0.75% wear — replaced with HG701."
    st["dirty"] = True
    r.fill("add-chain", "textbox", "Internal note (optional)", st["note"], wo_detail(r.cur.doc, st),
           "Leave a short internal note for the mechanic log.")
    add_chain(r, st)
    set_status(r, st)
    open_save_dialog(r, st)
    confirm_save(r, st)
    r.msg("save-and-notify", DONE_REPAIR, "All three changes saved; notice sent.")
    runs.append(r)
    return runs


# --------------------------------------------------------------------------------------
# Workflow 2: parts special order (Marcus Bell, Fox 34 fork, WO-24822)
# --------------------------------------------------------------------------------------

QBP = "QBP (Quality Bicycle Products)"
FORK = ("FOX-910-21-089", "QBP")
LINK = "WO-24822 · Santa Cruz Tallboy 4 · Waiting on parts"
SO_RECENT = ["WO-24822 · Marcus Bell", "SO-1091 · Marcus Bello", "WO-24828 · Marcia Bell"]
NEW_SO = "SO-1093"


def fork_row_label(sku, vendor):
    f = fork_row(sku, vendor)
    return "%s %s %s %s %s %s Select" % (f[0], f[1], f[2], money(f[3]), f[4], f[5])


def so_start(rng, rid, fault, **lst):
    first = so_list(Doc(rng), dict(recent=SO_RECENT, **lst))
    return Run(rid, "special_order", SPECIAL_ORDER_TASK, fault, first, rng, rng.randrange(10 * 60, 12 * 60))


def pick_customer(r, st, query="Marcus Bell", c="pick-customer"):
    d = r.cur.doc
    st["cq"] = query
    r.fill(c, "searchbox", "Find customer by name or phone", query, wizard(d, st), "Look up the customer.", "read")
    st["cq_run"] = True
    r.click(c, "button", "Find", wizard(d, st), "Search customers.")
    k = CUST_MATCH[query.lower()]
    st["cust"] = "marcus"
    label = "Marcus Bell · (503) 555-0187 · 2 work orders · 1 special order"
    assert "marcus" in k
    r.check(c, "radio", label, wizard(d, st), "Marcus Bell, (503) 555-0187 — not Marcus Bello or Marcia Bell.")
    st["step"] = 2
    r.click(c, "button", "Next", wizard(Doc(r.rng), st), "Customer chosen; go to the part step.", "write")


def pick_part(r, st, query="FOX-910-21-089", c="pick-part", sort=None):
    d = r.cur.doc
    st["vendor"] = QBP
    r.select(c, "combobox", "Vendor", QBP, wizard(d, st), "The task names the QBP SKU; restrict to QBP.", "read")
    st["fq"] = query
    r.fill(c, "searchbox", "Search vendor catalog (SKU or description)", query, wizard(d, st),
           "Search the vendor catalog.", "read")
    st["fq_run"] = True
    r.press(c, "searchbox", "Search vendor catalog (SKU or description)", "Enter", wizard(d, st), "Run the search.")
    if sort:
        st["fsort"] = sort
        r.select(c, "combobox", "Sort results", sort, wizard(d, st), "Sort so similar forks are easier to compare.", "read")
    st["part"] = FORK
    lab = fork_row_label(*FORK)
    r.click(c, "button", "Select", wizard(d, st), "FOX-910-21-089 is the 29\", 44 mm offset Performance from QBP.",
            "write", within="row:" + lab, target="button 'Select' in row '%s'" % lab)
    st["step"] = 3
    r.click(c, "button", "Next", wizard(Doc(r.rng), st), "Quantity stays at 1; next step.", "write")


def details(r, st, c="link-and-notify", link=True, sms=True):
    d = r.cur.doc
    if link:
        st["link"] = LINK
        r.select(c, "combobox", "Link to work order", LINK, wizard(d, st), "Link to WO-24822 (the Tallboy fork job).")
    if sms:
        st["notify"] = "sms"
        r.check(c, "radio", "Text message (503) 555-0187", wizard(d, st), "Customer wants a text when the fork arrives.")


def to_review(r, st, c="link-and-notify", why="Details set; go to deposit & review."):
    st["step"] = 4
    r.click(c, "button", "Next", wizard(Doc(r.rng), st), why, "write")


def deposit(r, st, c="deposit-and-submit"):
    st["deposit"] = "100"
    r.fill(c, "textbox", "Deposit amount (USD)", "100", wizard(r.cur.doc, st), "Take the $100.00 deposit.")


def open_submit(r, st, c="deposit-and-submit", why="Review looks right; submit to the vendor."):
    st["dialog"] = "submit"
    r.click(c, "button", "Submit to vendor", wizard(r.cur.doc, st), why, "write")


def submitted_state(r, st, so=NEW_SO):
    t = r.now()
    st["dialog"] = None
    st["vendor_conf"] = "QBP-PO-7712%02d" % r.rng.randrange(10, 99)
    st["live"] = "Special order %s submitted to QBP" % so
    st["history"] = ["Apr 17, %s — Created by Maya Ortiz" % t,
                     "Apr 17, %s — Deposit %s taken (%s)" % (t, money(float(st["deposit"])), st.get("method", "Card present"))
                     if st.get("deposit") else "Apr 17, %s — No deposit recorded" % t,
                     "Apr 17, %s — Submitted to QBP · %s" % (t, st["vendor_conf"])]


def confirm_submit(r, st, so=NEW_SO, c="deposit-and-submit"):
    submitted_state(r, st, so)
    r.click(c, "button", "Submit order", so_detail(Doc(r.rng), so, st), "Confirm the purchase order.", "irreversible")


DONE_SO = ("Special order SO-1093 submitted to QBP: FOX-910-21-089 × 1 for Marcus Bell, linked to WO-24822, "
           "SMS on arrival, $100.00 deposit by card.")


def new_wizard(rng):
    return dict(step=1)


def special_order_runs(rows, rng):
    runs = []

    # healthy-01: list -> New special order -> 4 steps -> submit
    r = so_start(rng, "special_order-healthy-01", None)
    st = new_wizard(rng)
    r.click("pick-customer", "button", "New special order", wizard(Doc(rng), st), "Start a new special order.")
    pick_customer(r, st)
    pick_part(r, st)
    details(r, st)
    to_review(r, st)
    deposit(r, st)
    open_submit(r, st)
    confirm_submit(r, st)
    r.msg("deposit-and-submit", DONE_SO, "Order page shows Submitted to vendor with the QBP confirmation.")
    runs.append(r)

    # healthy-02: start from work order WO-24822 via header search; customer and link prefilled
    d = Doc(rng)
    first = board_page(d, rows, recent=RECENT_BOARD)
    r = Run("special_order-healthy-02", "special_order", SPECIAL_ORDER_TASK, None, first, rng, 10 * 60 + 41)
    r.fill("pick-customer", "searchbox", SEARCH_LABEL, "WO-24822", refill(r.cur, "WO-24822"),
           "Start from Marcus Bell's work order so the order is linked.", "read")
    res = [("wo", "WO-24822 — Marcus Bell · Santa Cruz Tallboy 4", "Work order · Waiting on parts · Promised Apr 24 · Jun Park"),
           ("wo", "WO-24828 — Marcia Bell · Electra Townie 7D", "Work order · In progress · Promised Apr 18 · Sam Okafor")]
    r.press("pick-customer", "searchbox", SEARCH_LABEL, "Enter", search_results(Doc(rng), "WO-24822", res), "Search.")
    wst = wo_state("WO-24822", recent=["WO-24817 · Priya Raman", "SO-1091 · Marcus Bello"])
    r.click("pick-customer", "link", "WO-24822 — Marcus Bell · Santa Cruz Tallboy 4", wo_detail(Doc(rng), wst),
            "Open WO-24822 (Marcus Bell, Tallboy).")
    st = dict(step=1, cust="marcus", from_wo="WO-24822", link=LINK)
    r.click("pick-customer", "button", "Special-order a part", wizard(Doc(rng), st),
            "Use the work order's special-order button; it pre-fills the customer and link.", "read")
    st["step"] = 2
    r.click("pick-customer", "button", "Next", wizard(Doc(rng), st), "Marcus Bell is pre-selected; continue.", "write")
    pick_part(r, st)
    details(r, st, link=False)
    to_review(r, st)
    deposit(r, st)
    open_submit(r, st)
    confirm_submit(r, st)
    r.msg("deposit-and-submit", DONE_SO, "Submitted; linked work order shows WO-24822.")
    runs.append(r)

    # healthy-03: save draft at step 3, dismiss toast, reload from Drafts tab, resume, finish
    r = so_start(rng, "special_order-healthy-03", None)
    st = new_wizard(rng)
    r.click("pick-customer", "button", "New special order", wizard(Doc(rng), st), "Start a new special order.")
    pick_customer(r, st)
    pick_part(r, st)
    details(r, st)
    st["draft_id"] = NEW_SO
    st["toast"] = "Draft %s saved" % NEW_SO
    r.click("link-and-notify", "button", "Save draft", wizard(r.cur.doc, st),
            "Save a draft before taking payment (card reader is busy).", "write")
    st.pop("toast")
    r.click("link-and-notify", "button", "Dismiss notification", wizard(r.cur.doc, st), "Dismiss the toast.")
    draft_row = (NEW_SO, "Marcus Bell", 'Fox 34 Float Performance fork, 29", 44 mm', "QBP", "WO-24822", "Draft", "—")
    r.click("link-and-notify", "link", "Special orders", within="navigation:Primary", nxt=so_list(Doc(rng), dict(recent=SO_RECENT, extra_drafts=[draft_row])),
            why="Card reader free again; go back to the list to resume the draft.")
    r.click("link-and-notify", "tab", "Drafts (2)",
            so_list(Doc(rng), dict(recent=SO_RECENT, extra_drafts=[draft_row], tab="Drafts")), "Open Drafts.")
    dst = dict(st, so_status="Draft", history=["Apr 17, %s — Draft saved by Maya Ortiz" % r.now()])
    r.click("link-and-notify", "link", NEW_SO, so_detail(Doc(rng), NEW_SO, dst), "Open the draft SO-1093 (Marcus Bell).")
    st["step"] = 3
    r.click("link-and-notify", "button", "Resume draft", wizard(Doc(rng), st), "Resume at the details step.")
    to_review(r, st, why="Link WO-24822 and text message were kept in the draft; continue.")
    deposit(r, st)
    open_submit(r, st)
    confirm_submit(r, st)
    r.msg("deposit-and-submit", DONE_SO, "Draft resumed and submitted.")
    runs.append(r)

    # healthy-04: phone lookup, catalog search by description + sort, optional vendor note untouched
    r = so_start(rng, "special_order-healthy-04", None, toast="QBP price list updated Apr 16")
    d = r.cur.doc
    r.click("pick-customer", "button", "Dismiss notification", so_list(d, dict(recent=SO_RECENT)), "Dismiss the toast.")
    st = new_wizard(rng)
    r.click("pick-customer", "button", "New special order", wizard(Doc(rng), st), "Start a new special order.")
    pick_customer(r, st, query="555-0187")
    pick_part(r, st, query="Fox 34 Float 29", sort="Price: low to high")
    details(r, st)
    to_review(r, st, why="Note to vendor is optional; leave it empty.")
    deposit(r, st)
    open_submit(r, st)
    confirm_submit(r, st)
    r.msg("deposit-and-submit", DONE_SO, "Submitted to QBP.")
    runs.append(r)
    return runs


# --------------------------------------------------------------------------------------
# Faulty runs (written after the plans and healthy runs; plans were not changed)
# --------------------------------------------------------------------------------------


def repair_faults(rows, rng):
    runs = []

    def start(rid, fault, **bst):
        first = board_page(Doc(rng), rows, recent=RECENT_BOARD, **bst)
        return Run(rid, "repair", REPAIR_TASK, fault, first, rng, rng.randrange(9 * 60 + 20, 11 * 60))

    # wrong_record: opens WO-24871 (Priya Rao, digits swapped) from Recently viewed; rest is clean
    r = start("repair-wrong_record-01", "wrong_record")
    st = wo_state("WO-24871", recent=["WO-24817 · Priya Raman", "SO-1091 · Marcus Bello", "WO-24818 · Derek Ostrowski"])
    r.mark()
    r.click("open-work-order", "link", "WO-24871 · Priya Rao", wo_detail(Doc(rng), st),
            "Recently viewed has Priya's work order at the top; open it.")
    add_chain(r, st)
    set_status(r, st)
    open_save_dialog(r, st)
    confirm_save(r, st)
    r.msg("save-and-notify", DONE_REPAIR, "Saved; SMS notice sent.")
    runs.append(r)

    # wrong_value: quantity typed as 2
    r = start("repair-wrong_value-01", "wrong_value")
    st = open_via_search(r, rows)
    d = r.cur.doc
    st["dialog"] = "add_part"
    r.click("add-chain", "button", "Add part", wo_detail(d, st), "Open the parts picker.")
    st["pq"] = "CN-HG701"
    r.fill("add-chain", "searchbox", "Search parts catalog", "CN-HG701", wo_detail(d, st), "Search for the chain.", "read")
    st["pq_run"] = True
    r.press("add-chain", "searchbox", "Search parts catalog", "Enter", wo_detail(d, st), "Run the search.")
    st["psel"] = CHAIN[0]
    row = "%s %s %d %s Select" % (CHAIN[1], CHAIN[0], CHAIN[2], money(CHAIN[3]))
    r.click("add-chain", "button", "Select", wo_detail(d, st), "Pick the 116L HG701.", "write",
            within="row:" + row, target="button 'Select' in row '%s'" % row)
    st["pqty"] = "2"
    r.mark()
    r.fill("add-chain", "spinbutton", "Quantity", "2", wo_detail(d, st),
           "Chain replacement on a road bike — enter the quantity.")
    st["dialog"] = None
    for k in ("pq", "pq_run", "psel", "pqty"):
        st.pop(k)
    st["parts"] = st["parts"] + [(CHAIN[1], CHAIN[0], 2, CHAIN[3])]
    st["added"] = (CHAIN[1], 2)
    st["dirty"] = True
    r.click("add-chain", "button", "Add to work order", wo_detail(d, st), "Add it.", "write")
    set_status(r, st)
    open_save_dialog(r, st)
    confirm_save(r, st)
    r.msg("save-and-notify", DONE_REPAIR, "Saved.")
    runs.append(r)

    # silent_noop: Save click does nothing (no dialog, page unchanged)
    r = start("repair-silent_noop-01", "silent_noop")
    r.click("open-work-order", "button", "Next page", board_page(Doc(rng), rows, recent=RECENT_BOARD, page=2),
            "Not on page 1; next page.")
    st = wo_state()
    r.click("open-work-order", "link", TARGET, wo_detail(Doc(rng), st), "Open WO-24817.")
    add_chain(r, st)
    set_status(r, st)
    r.mark()
    r.click("save-and-notify", "button", "Save", wo_detail(r.cur.doc, st),
            "Save the work order.", "write")
    r.noop("save-and-notify", "Wait for the save to finish.")
    r.msg("save-and-notify", DONE_REPAIR, "Save clicked; the work order shows Ready for pickup.")
    runs.append(r)

    # stale_after_save: success message, but the page still shows the old status and parts
    r = start("repair-stale_after_save-01", "stale_after_save")
    st = open_via_search(r, rows)
    add_chain(r, st)
    set_status(r, st)
    open_save_dialog(r, st)
    stale = wo_state(live="Work order WO-24817 saved · Pickup notice sent by SMS to Priya Raman")
    r.now()
    r.mark()
    r.click("save-and-notify", "button", "Save & notify", wo_detail(r.cur.doc, stale),
            "Keep SMS checked and confirm.", "irreversible")
    r.msg("save-and-notify", DONE_REPAIR, "Saved — confirmation message shown.")
    runs.append(r)

    # premature_done: reports completion before saving
    r = start("repair-premature_done-01", "premature_done")
    st = wo_state()
    r.click("open-work-order", "link", "WO-24817 · Priya Raman", wo_detail(Doc(rng), st), "Open from Recently viewed.")
    add_chain(r, st, query="HG701")
    set_status(r, st)
    r.mark()
    r.msg("set-status", DONE_REPAIR, "Chain is on the parts list and the status shows Ready for pickup.")
    runs.append(r)

    # dialog_cancelled: Cancel pressed in the save confirmation dialog
    r = start("repair-dialog_cancelled-01", "dialog_cancelled")
    st = open_via_search(r, rows)
    add_chain(r, st)
    set_status(r, st)
    open_save_dialog(r, st)
    st["dialog"] = None
    r.mark()
    r.click("save-and-notify", "button", "Cancel", wo_detail(r.cur.doc, st),
            "Close the confirmation; the status already reads Ready for pickup.")
    r.msg("save-and-notify", DONE_REPAIR, "Status and chain are set on WO-24817.")
    runs.append(r)
    return runs


def special_order_faults(rows, rng):
    runs = []

    def begin(rid, fault, **lst):
        r = so_start(rng, rid, fault, **lst)
        st = new_wizard(rng)
        r.click("pick-customer", "button", "New special order", wizard(Doc(rng), st), "Start a new special order.")
        return r, st

    # required_field_skipped: deposit left blank, submitted anyway
    r, st = begin("special_order-required_field_skipped-01", "required_field_skipped")
    pick_customer(r, st)
    pick_part(r, st)
    details(r, st)
    to_review(r, st)
    r.mark()
    open_submit(r, st, why="Summary matches the task; submit to QBP.")
    confirm_submit(r, st)
    r.msg("deposit-and-submit", DONE_SO, "Submitted to QBP.")
    runs.append(r)

    # error_banner: vendor gateway timeout; order kept as draft, agent reports success
    r, st = begin("special_order-error_banner-01", "error_banner", toast=None)
    pick_customer(r, st, query="555-0187")
    pick_part(r, st, query="Fox 34 Float 29", sort="Price: low to high")
    details(r, st)
    to_review(r, st)
    deposit(r, st)
    open_submit(r, st)
    t = r.now()
    st["dialog"] = None
    st["so_status"] = "Draft"
    st["alert"] = "Order not sent: QBP's ordering service timed out (504). SO-1093 was kept as a draft; try again in a few minutes."
    st["history"] = ["Apr 17, %s — Created by Maya Ortiz" % t, "Apr 17, %s — Deposit $100.00 taken (Card present)" % t,
                     "Apr 17, %s — Send to QBP failed (504)" % t]
    r.mark()
    r.click("deposit-and-submit", "button", "Submit order", so_detail(Doc(rng), NEW_SO, st), "Confirm the purchase order.",
            "irreversible")
    r.msg("deposit-and-submit", DONE_SO, "SO-1093 page is open with the deposit recorded.")
    runs.append(r)

    # permission_denied: submit lands on the access-denied page
    d = Doc(rng)
    r = Run("special_order-permission_denied-01", "special_order", SPECIAL_ORDER_TASK, "permission_denied",
            board_page(d, rows, recent=RECENT_BOARD), rng, 11 * 60 + 7)
    wst = wo_state("WO-24822", recent=["WO-24817 · Priya Raman", "SO-1091 · Marcus Bello"])
    r.click("pick-customer", "link", "Special orders", so_list(Doc(rng), dict(recent=SO_RECENT)), "Go to Special orders.")
    r.click("pick-customer", "link", "WO-24822 · Marcus Bell", wo_detail(Doc(rng), wst),
            "Open Marcus Bell's work order from Recently viewed to start the order from it.")
    st = dict(step=1, cust="marcus", from_wo="WO-24822", link=LINK)
    r.click("pick-customer", "button", "Special-order a part", wizard(Doc(rng), st), "Start the special order from WO-24822.")
    st["step"] = 2
    r.click("pick-customer", "button", "Next", wizard(Doc(rng), st), "Customer pre-selected.", "write")
    pick_part(r, st)
    details(r, st, link=False)
    to_review(r, st)
    deposit(r, st)
    open_submit(r, st)
    r.mark()
    r.click("deposit-and-submit", "button", "Submit order", denied_page(Doc(rng), NEW_SO), "Confirm.", "irreversible")
    r.msg("deposit-and-submit", DONE_SO, "Order sent for Marcus Bell.")
    runs.append(r)

    # double_submit: slow first submit; agent submits again -> duplicate SO-1094
    r, st = begin("special_order-double_submit-01", "double_submit")
    pick_customer(r, st)
    pick_part(r, st)
    details(r, st)
    to_review(r, st)
    deposit(r, st)
    open_submit(r, st)
    st["dialog"] = None
    st["live"] = "Submitting to QBP…"
    r.click("deposit-and-submit", "button", "Submit order", wizard(r.cur.doc, st), "Confirm the purchase order.",
            "irreversible")
    st["live"] = ""
    st["dialog"] = "submit"
    r.mark()
    r.click("deposit-and-submit", "button", "Submit to vendor", wizard(r.cur.doc, st),
            "Still on the review step; submit again.", "write")
    first_t = r.now()
    st["other_sos"] = [("SO-1093", 'Fox 34 Float Performance fork, 29" · Submitted %s' % first_t),
                       ("SO-1077", "Shimano XT M8100 cassette · Received Feb 11")]
    confirm_submit(r, st, so="SO-1094")
    r.msg("deposit-and-submit", DONE_SO.replace("SO-1093", "SO-1094"), "Order submitted.")
    runs.append(r)

    # wrong_setting: arrival notice left at the profile default (Email)
    r, st = begin("special_order-wrong_setting-01", "wrong_setting")
    pick_customer(r, st)
    pick_part(r, st)
    details(r, st, sms=False)
    r.mark()
    to_review(r, st, why="Linked to WO-24822; notification preference is already filled in.")
    deposit(r, st)
    open_submit(r, st)
    confirm_submit(r, st)
    r.msg("deposit-and-submit", DONE_SO, "Submitted to QBP.")
    runs.append(r)

    # unsaved_navigation: leaves the wizard mid-way (no warning), never returns
    r, st = begin("special_order-unsaved_navigation-01", "unsaved_navigation")
    pick_customer(r, st)
    pick_part(r, st)
    r.mark()
    r.click("link-and-notify", "link", "Work orders", board_page(Doc(rng), rows, recent=RECENT_BOARD),
            "Check the Tallboy work order number before linking.")
    wst = wo_state("WO-24822", recent=["WO-24817 · Priya Raman", "SO-1091 · Marcus Bello"])
    r.fill("link-and-notify", "searchbox", SEARCH_LABEL, "Marcus Bell", refill(r.cur, "Marcus Bell"), "Search for Marcus.", "read")
    res = [("wo", "WO-24822 — Marcus Bell · Santa Cruz Tallboy 4", "Work order · Waiting on parts · Promised Apr 24 · Jun Park"),
           ("wo", "WO-24103 — Marcus Bell · Surly Cross-Check", "Work order · Picked up Jan 9"),
           ("cust", "Marcus Bell", "Customer · (503) 555-0187"),
           ("cust", "Marcus Bello", "Customer · (971) 555-0123")]
    r.press("link-and-notify", "searchbox", SEARCH_LABEL, "Enter", search_results(Doc(rng), "Marcus Bell", res), "Search.")
    r.click("link-and-notify", "link", "WO-24822 — Marcus Bell · Santa Cruz Tallboy 4", wo_detail(Doc(rng), wst),
            "Confirm it is WO-24822.")
    r.msg("deposit-and-submit", DONE_SO, "WO-24822 confirmed as the Tallboy job; special order placed.")
    runs.append(r)
    return runs


# --------------------------------------------------------------------------------------


def main():
    rng = random.Random(SEED)
    rows = build_board_rows(rng)
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    with open(os.path.join(HERE, "plans", "repair.yaml"), "w", encoding="utf-8") as fh:
        fh.write(REPAIR_PLAN)
    with open(os.path.join(HERE, "plans", "special_order.yaml"), "w", encoding="utf-8") as fh:
        fh.write(SPECIAL_ORDER_PLAN)
    runs = repair_runs(rows, rng) + repair_faults(rows, rng) + special_order_runs(rows, rng) + special_order_faults(rows, rng)
    plan_of = {"repair": "plans/repair.yaml", "special_order": "plans/special_order.yaml"}
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as fh:
        for r in runs:
            fh.write(json.dumps(r.record(plan_of[r.workflow]), ensure_ascii=False) + "\n")
    healthy = sum(1 for r in runs if r.fault is None)
    print("wrote %d trajectories (%d healthy, %d faulty) and 2 plans" % (len(runs), healthy, len(runs) - healthy))


if __name__ == "__main__":
    main()
