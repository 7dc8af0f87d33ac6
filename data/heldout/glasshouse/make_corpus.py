#!/usr/bin/env python3
"""Generate the 'glasshouse' held-out corpus (stdlib only, deterministic).

Application: "Glasshouse Trade", the wholesale trade portal of the (made-up)
Fernbrook Nurseries Ltd.  The signed-in user is Priya Nandakumar, buyer for
Larkspur Landscapes Ltd (trade account LL-2207).  "Today" is Fri 14 Mar 2025.

Writes, next to this file:
  corpus.jsonl            20 trajectories (8 healthy, 12 faulty)
  plans/holds.yaml        plan for the availability-hold workflow
  plans/standing.yaml     plan for the standing-order amendment workflow

Run:  python3 make_corpus.py
"""
import datetime
import json
import os
import random
import sys
from contextlib import contextmanager

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 40731
rng = random.Random(SEED)

BASE = "http://127.0.0.1:8040"
PRODUCT = "Glasshouse Trade"
ORG = "Fernbrook Nurseries Ltd"
CUSTOMER = "Larkspur Landscapes Ltd"
ACCOUNT = "LL-2207"
USER = "Priya Nandakumar"
EMAIL = "priya.n@larkspur-landscapes.co.uk"
TODAY = "Fri 14 Mar 2025"

# Per-run context (bid offset, unread notifications, clock); set by each run.
CTX = {"bid_off": 0, "notif": 3, "clock": "10:42"}

# --------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym flattened AXTree style)
# --------------------------------------------------------------------------


def _fmt_prop(k, v):
    if v is None:
        return k
    if isinstance(v, bool):
        return f"{k}={v}"
    return f"{k}={str(v)!r}"


class Page:
    def __init__(self, path, title, base):
        self.url = BASE + path
        self.title = f"{title} — {PRODUCT}"
        self.lines = [f"RootWebArea {self.title!r}, focused"]
        self.depth = 1
        self.n = base + CTX["bid_off"]
        self.refs = {}

    def add(self, role, name="", key=None, bid=True, **props):
        parts = []
        b = None
        if bid:
            self.n += 1
            b = f"a{self.n}"
            parts.append(f"[{b}]")
        parts.append(f"{role} {name!r}")
        line = " ".join(parts)
        extra = [_fmt_prop(k, v) for k, v in props.items()]
        if extra:
            line += ", " + ", ".join(extra)
        self.lines.append("\t" * self.depth + line)
        if key is not None:
            assert key not in self.refs, key
            self.refs[key] = (b, role, name)
        return b

    def text(self, s):
        self.add("StaticText", s, bid=False)

    @contextmanager
    def under(self, role, name="", key=None, **props):
        self.add(role, name, key, **props)
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1

    def ref(self, key):
        if key not in self.refs:
            raise KeyError(f"{key!r} not on page {self.title!r}")
        return self.refs[key]

    def obs(self, error=None):
        return {"url": self.url, "title": self.title,
                "text": "\n".join(self.lines), "error": error}


# --------------------------------------------------------------------------
# Data
# --------------------------------------------------------------------------

# id, plant, size, nursery site, ready, available, price (£, band B), height
LOT_ROWS = [
    ("L-40118", "Agapanthus 'Navy Blue'", "3L", "Hollins Lane", "Now", 84, 7.95, "30–40cm"),
    ("L-40126", "Anemanthele lessoniana", "2L", "Marsh Farm", "Now", 260, 4.20, "30–40cm"),
    ("L-40154", "Astrantia major 'Roma'", "2L", "Hollins Lane", "Wk 13", 150, 5.10, "20–30cm"),
    ("L-40203", "Buxus sempervirens ball 15–20cm", "5L", "Hollins Lane", "Now", 120, 14.50, "15–20cm"),
    ("L-40219", "Carpinus betulus 60–80cm", "Bare root", "Marsh Farm", "Now", 1500, 0.92, "60–80cm"),
    ("L-40266", "Choisya ternata 'Sundance'", "3L", "Hollins Lane", "Now", 96, 7.60, "30–40cm"),
    ("L-40287", "Cornus sanguinea 'Midwinter Fire'", "3L", "Marsh Farm", "Now", 210, 6.40, "60–80cm"),
    ("L-40310", "Erysimum 'Bowles's Mauve'", "2L", "Hollins Lane", "Wk 12", 180, 4.35, "20–30cm"),
    ("L-40322", "Euonymus fortunei 'Emerald Gaiety'", "2L", "Hollins Lane", "Now", 300, 3.85, "20–30cm"),
    ("L-40345", "Geranium 'Rozanne'", "2L", "Hollins Lane", "Now", 420, 5.25, "15–20cm"),
    ("L-40389", "Hebe 'Green Globe'", "2L", "Marsh Farm", "Now", 144, 4.10, "15–20cm"),
    ("L-40732", "Hydrangea arborescens 'Annabelle'", "3L", "Hollins Lane", "Now", 180, 6.95, "40–50cm"),
    ("L-40731", "Hydrangea paniculata 'Limelight'", "3L", "Hollins Lane", "Now", 340, 6.85, "40–50cm"),
    ("L-40781", "Hydrangea paniculata 'Limelight'", "3L", "Marsh Farm", "Wk 16", 60, 6.85, "30–40cm"),
    ("L-40737", "Hydrangea paniculata 'Limelight'", "5L", "Hollins Lane", "Now", 112, 11.40, "60–80cm"),
    ("L-40713", "Hydrangea paniculata 'Little Lime'", "3L", "Hollins Lane", "Now", 210, 7.10, "30–40cm"),
    ("L-40502", "Lavandula angustifolia 'Hidcote'", "2L", "Hollins Lane", "Now", 900, 3.95, "20–30cm"),
    ("L-40508", "Lavandula angustifolia 'Munstead'", "2L", "Hollins Lane", "Now", 640, 3.95, "20–30cm"),
    ("L-40556", "Nepeta 'Walker's Low'", "2L", "Marsh Farm", "Wk 12", 360, 4.25, "20–30cm"),
    ("L-40611", "Pittosporum tenuifolium 'Tom Thumb'", "3L", "Hollins Lane", "Now", 132, 8.20, "30–40cm"),
    ("L-40640", "Salvia nemorosa 'Caradonna'", "2L", "Hollins Lane", "Now", 480, 4.60, "20–30cm"),
    ("L-40695", "Verbena bonariensis", "2L", "Marsh Farm", "Wk 14", 520, 3.60, "20–30cm"),
    ("L-40702", "Viburnum tinus 'Eve Price'", "5L", "Hollins Lane", "Now", 72, 12.80, "50–60cm"),
]
LOTS = {r[0]: dict(id=r[0], plant=r[1], size=r[2], site=r[3], ready=r[4],
                   avail=r[5], price=r[6], height=r[7]) for r in LOT_ROWS}


def lot_name(lid):
    lot = LOTS[lid]
    return f"{lot['plant']} {lot['size']}"


def lot_link(lid):
    return f"{lid} · {lot_name(lid)}"


SITES = ["Harrow depot — HA2 7QT", "Ruislip depot — HA4 0LN", "Head office — Watford WD18 8YA"]

RECENT = [
    ("recent:L-40731", "L-40731 · Hydrangea paniculata 'Limelight' 3L", "viewed 12 Mar"),
    ("recent:SO-1184", "SO-1184 · Harrow depot · Weekly (Mon)", "viewed 11 Mar"),
    ("recent:L-40737", "L-40737 · Hydrangea paniculata 'Limelight' 5L", "viewed 12 Mar"),
    ("recent:SO-1148", "SO-1148 · Harrow depot · Fortnightly (Thu)", "viewed 7 Mar"),
    ("recent:H-20391", "H-20391 · Hydrangea paniculata 'Little Lime' 3L", "viewed 6 Mar"),
]

OTHER_HOLDS = [
    ("H-20388", "L-40502", 96, "Tue 18 Mar 2025", "Harrow depot"),
    ("H-20391", "L-40713", 48, "Fri 21 Mar 2025", "Ruislip depot"),
]

# Standing orders: id, site, frequency, next delivery (sortable, label), lines, status
SO_ROWS = [
    ("SO-1118", "Head office — Watford", "Monthly (1st Tue)", (20250401, "Tue 1 Apr 2025"), 3, "Active"),
    ("SO-1148", "Harrow depot", "Fortnightly (Thu)", (20250320, "Thu 20 Mar 2025"), 5, "Active"),
    ("SO-1161", "Ruislip depot", "Weekly (Wed)", (20250402, "Wed 2 Apr 2025"), 4, "Paused until 31 Mar"),
    ("SO-1172", "Harrow depot", "Weekly (Fri)", (99999999, "—"), 2, "Ended 28 Feb 2025"),
    ("SO-1184", "Harrow depot", "Weekly (Mon)", (20250317, "Mon 17 Mar 2025"), 4, "Active"),
    ("SO-1185", "Ruislip depot", "Weekly (Mon)", (20250317.5, "Mon 17 Mar 2025"), 3, "Active"),
    ("SO-1194", "Head office — Watford", "Fortnightly (Tue)", (20250325, "Tue 25 Mar 2025"), 3, "Active"),
    ("SO-1203", "Harrow depot", "Weekly (Wed)", (20250319, "Wed 19 Mar 2025"), 2, "Active"),
]

# SO-1184 lines: plant, size, lot, qty, unit price
SO_LINES = [
    ("Lavandula angustifolia 'Hidcote'", "2L", "L-40502", 48, 3.95),
    ("Salvia nemorosa 'Caradonna'", "2L", "L-40640", 36, 4.60),
    ("Geranium 'Rozanne'", "2L", "L-40345", 24, 5.25),
    ("Buxus sempervirens ball 15–20cm", "5L", "L-40203", 12, 14.50),
]
HIDCOTE = "Lavandula angustifolia 'Hidcote' 2L"
DELIVERIES = ["Mon 17 Mar 2025", "Mon 24 Mar 2025", "Mon 31 Mar 2025", "Mon 7 Apr 2025"]

# --------------------------------------------------------------------------
# Page furniture
# --------------------------------------------------------------------------

NAV = ["Dashboard", "Availability", "Holds", "Standing orders", "Invoices", "Account settings"]


def header(p, active=None, search=""):
    with p.under("banner", ""):
        p.add("link", f"{PRODUCT} — {ORG} trade portal", key="logo")
        with p.under("navigation", "Main"):
            for n in NAV:
                if n == active:
                    p.add("link", n, key="nav:" + n, current="page")
                else:
                    p.add("link", n, key="nav:" + n)
        with p.under("search", "Site search"):
            p.add("searchbox", "Search plants, lots and orders", key="search", value=search)
            p.add("button", "Search", key="search_btn")
        p.add("button", f"Notifications ({CTX['notif']} unread)", key="notif",
              hasPopup="menu", expanded=False)
        p.add("button", f"{USER} · {CUSTOMER} ({ACCOUNT})", key="usermenu",
              hasPopup="menu", expanded=False)


def crumbs(p, items):
    with p.under("navigation", "Breadcrumb"):
        with p.under("list", ""):
            for label in items[:-1]:
                with p.under("listitem", ""):
                    p.add("link", label, key="crumb:" + label)
            with p.under("listitem", ""):
                p.text(items[-1])


def recent(p, items=RECENT):
    with p.under("complementary", "Recently viewed"):
        p.add("heading", "Recently viewed")
        with p.under("list", ""):
            for key, label, when in items:
                with p.under("listitem", ""):
                    p.add("link", label, key=key)
                    p.text(when)


def live(p, msg=None, busy=False):
    with p.under("status", "", live="polite", atomic=True):
        if msg:
            p.text(msg)
            if not busy:
                p.add("button", "Dismiss notification", key="toast_dismiss")


def footer(p):
    with p.under("contentinfo", ""):
        p.text(f"© 2025 {ORG}. Registered in England 04418236. Plant passport GB-41-FN-0873.")
        with p.under("navigation", "Footer"):
            p.add("link", "Help centre")
            p.add("link", "Terms of trade")
            p.add("link", "Plant health & passports")
            p.add("link", "Contact the sales desk (01252 718400)")
        p.text(f"Signed in as {EMAIL}")
        p.text("Glasshouse Trade v4.12.1")


def shell_open(path, title, base, active, crumb_items, search=""):
    p = Page(path, title, base)
    header(p, active, search)
    if crumb_items:
        crumbs(p, crumb_items)
    return p


def shell_close(p, toast=None, recent_items=RECENT, show_recent=True, busy=False):
    if show_recent:
        recent(p, recent_items)
    live(p, toast, busy)
    footer(p)
    return p


# --------------------------------------------------------------------------
# Pages: dashboard, availability, search, lot, hold wizard, holds
# --------------------------------------------------------------------------


def dashboard_page(toast=None, search=""):
    p = shell_open("/dashboard", "Dashboard", 100, "Dashboard", None, search)
    with p.under("main", ""):
        p.add("heading", "Good morning, Priya")
        p.text(f"{CUSTOMER} · trade account {ACCOUNT} · price band B · {TODAY}")
        with p.under("region", "Upcoming deliveries"):
            p.add("heading", "Upcoming deliveries")
            with p.under("table", "Upcoming deliveries"):
                with p.under("row", ""):
                    for h in ("Date", "Standing order", "Deliver to", "Lines"):
                        p.add("columnheader", h)
                for so, site, freq, (k, nxt), nlines, status in sorted(
                        [r for r in SO_ROWS if r[5] == "Active"], key=lambda r: r[3][0])[:4]:
                    with p.under("row", ""):
                        p.add("cell", nxt)
                        with p.under("cell", ""):
                            p.add("link", so, key="dash:" + so)
                        p.add("cell", site)
                        p.add("cell", str(nlines))
            p.add("link", "All standing orders", key="dash:all_so")
        with p.under("region", "Holds expiring soon"):
            p.add("heading", "Holds expiring soon")
            with p.under("list", ""):
                for hid, lid, qty, until, site in OTHER_HOLDS:
                    with p.under("listitem", ""):
                        p.add("link", f"{hid} · {qty} × {lot_name(lid)}", key="dash:" + hid)
                        p.text(f"expires {until}")
        with p.under("region", "Back in stock this week"):
            p.add("heading", "Back in stock this week")
            with p.under("list", ""):
                for lid in ("L-40731", "L-40640", "L-40266"):
                    with p.under("listitem", ""):
                        p.add("link", lot_link(lid), key="dash:" + lid)
                        p.text(f"{LOTS[lid]['avail']} available · £{LOTS[lid]['price']:.2f}")
    return shell_close(p, toast)


SORTS = {
    "Plant name (A–Z)": ("name", lambda l: (l["plant"], l["size"], l["id"])),
    "Price (low to high)": ("price", lambda l: (l["price"], l["id"])),
    "Available (high to low)": ("avail", lambda l: (-l["avail"], l["id"])),
    "Ready date": ("ready", lambda l: (0 if l["ready"] == "Now" else int(l["ready"][3:]), l["id"])),
}
SIZES = ["2L", "3L", "5L", "Bare root"]
PER_PAGE = 10


def availability_page(page_no=1, sort="Plant name (A–Z)", sizes=(), panel_sizes=None,
                      filters_open=False, toast=None):
    lots = [l for l in LOTS.values() if not sizes or l["size"] in sizes]
    lots.sort(key=SORTS[sort][1])
    pages = max(1, (len(lots) + PER_PAGE - 1) // PER_PAGE)
    shown = lots[(page_no - 1) * PER_PAGE: page_no * PER_PAGE]
    q = [f"sort={SORTS[sort][0]}"]
    if sizes:
        q.append("size=" + ",".join(sizes))
    if page_no > 1:
        q.append(f"page={page_no}")
    p = shell_open("/availability?" + "&".join(q), "Availability", 200, "Availability",
                   ["Dashboard", "Availability"])
    if panel_sizes is None:
        panel_sizes = sizes
    with p.under("main", ""):
        p.add("heading", "Availability")
        p.text("Availability list published Fri 14 Mar 2025, 07:00. Prices shown are your band B trade prices, ex VAT.")
        p.add("button", "Filters" + (f" ({len(sizes)} applied)" if sizes else ""), key="filters",
              expanded=filters_open, controls="filter-panel")
        if filters_open:
            with p.under("region", "Filter availability"):
                with p.under("group", "Pot size"):
                    for s in SIZES:
                        p.add("checkbox", s, key="size:" + s,
                              checked="true" if s in panel_sizes else "false")
                with p.under("group", "Nursery site"):
                    p.add("radio", "All sites", checked="true")
                    p.add("radio", "Hollins Lane", checked="false")
                    p.add("radio", "Marsh Farm", checked="false")
                p.add("checkbox", "Ready now only", checked="false")
                p.add("button", "Apply filters", key="apply_filters")
                p.add("button", "Clear all", key="clear_filters")
        p.add("combobox", "Sort by", key="sort", value=sort, hasPopup="listbox", expanded=False)
        first = (page_no - 1) * PER_PAGE + 1 if shown else 0
        p.text(f"Showing {first}–{first + len(shown) - 1 if shown else 0} of {len(lots)} lots")
        with p.under("table", "Available lots"):
            with p.under("row", ""):
                for h in ("Lot", "Plant", "Size", "Nursery", "Ready", "Available", "Your price"):
                    p.add("columnheader", h)
            for l in shown:
                with p.under("row", ""):
                    with p.under("cell", ""):
                        p.add("link", l["id"], key="lot:" + l["id"])
                    p.add("cell", l["plant"])
                    p.add("cell", l["size"])
                    p.add("cell", l["site"])
                    p.add("cell", l["ready"])
                    p.add("cell", str(l["avail"]))
                    p.add("cell", f"£{l['price']:.2f}")
        with p.under("navigation", "Pagination"):
            if page_no > 1:
                p.add("link", "Previous page", key="prev_page")
            for i in range(1, pages + 1):
                if i == page_no:
                    p.add("link", f"Page {i}", key=f"page:{i}", current="page")
                else:
                    p.add("link", f"Page {i}", key=f"page:{i}")
            if page_no < pages:
                p.add("link", "Next page", key="next_page")
    return shell_close(p, toast)


def search_results_page(query):
    p = shell_open(f"/search?q={query}", f"Search results for '{query}'", 300, None,
                   ["Dashboard", "Search"], search=query)
    ql = query.lower()
    with p.under("main", ""):
        p.add("heading", f"Search results for '{query}'")
        if ql.startswith("so-"):
            sos = [r for r in SO_ROWS if r[0].lower() == ql]
            p.text(f"{len(sos)} standing order · 0 lots · 2 invoices")
            with p.under("region", "Standing orders"):
                p.add("heading", f"Standing orders ({len(sos)})")
                with p.under("list", ""):
                    for so, site, freq, (k, nxt), nl, st in sos:
                        with p.under("listitem", ""):
                            p.add("link", f"{so} · {site} · {freq}", key="res:" + so)
                            p.text(f"{st} · next delivery {nxt} · {nl} lines")
            with p.under("region", "Invoices"):
                p.add("heading", "Invoices (2)")
                with p.under("list", ""):
                    with p.under("listitem", ""):
                        p.add("link", "INV-118402 · SO-1184 delivery Mon 10 Mar 2025", key="res:INV-118402")
                        p.text("£653.40 · due 9 Apr 2025")
                    with p.under("listitem", ""):
                        p.add("link", "INV-118401 · SO-1184 delivery Mon 3 Mar 2025", key="res:INV-118401")
                        p.text("£653.40 · paid")
        else:
            # relevance order, fuzzy match on 'lime'
            ids = ["L-40737", "L-40731", "L-40781", "L-40713"]
            p.text(f"{len(ids)} lots · 0 standing orders · 0 invoices")
            with p.under("region", "Lots"):
                p.add("heading", f"Lots ({len(ids)})")
                with p.under("list", ""):
                    for lid in ids:
                        l = LOTS[lid]
                        with p.under("listitem", ""):
                            p.add("link", lot_link(lid), key="res:" + lid)
                            p.text(f"{l['site']} · ready {l['ready'].lower()} · {l['avail']} available · £{l['price']:.2f}")
            p.text("Showing 4 of 4 results. Did you mean 'Limelight'?")
    return shell_close(p)


def lot_page(lid, toast=None):
    l = LOTS[lid]
    p = shell_open(f"/lots/{lid}", f"Lot {lid} · {lot_name(lid)}", 400, "Availability",
                   ["Dashboard", "Availability", f"Lot {lid}"])
    with p.under("main", ""):
        p.add("heading", lot_name(lid))
        p.text(f"Lot {lid} · {l['site']} · plant passport GB-41-FN-0873")
        with p.under("list", "Lot details"):
            for k, v in (("Available", f"{l['avail']} plants"), ("Ready", "Now (grade A)" if l["ready"] == "Now" else l["ready"]),
                         ("Height", l["height"]), ("Your price", f"£{l['price']:.2f} per plant (band B, ex VAT)"),
                         ("Pack", "Trolley of 60" if l["size"] == "3L" else "Trolley of 36" if l["size"] == "5L" else "Trolley of 96")):
                with p.under("listitem", ""):
                    p.text(f"{k}: {v}")
        with p.under("table", "Price breaks"):
            with p.under("row", ""):
                p.add("columnheader", "Quantity")
                p.add("columnheader", "Price per plant")
            for rng_, pr in (("1–49", l["price"] * 1.08), ("50–199", l["price"]), ("200+", l["price"] * 0.94)):
                with p.under("row", ""):
                    p.add("cell", rng_)
                    p.add("cell", f"£{pr:.2f}")
        if lid == "L-40713":
            p.text("You have 1 active hold on this lot: H-20391 (48 plants, until Fri 21 Mar 2025).")
        else:
            p.text("You have no holds on this lot.")
        p.add("button", "Place hold", key="place_hold")
        p.add("button", "Add to order", key="add_order")
        p.add("button", "Add to a standing order", key="add_so")
        with p.under("region", "Other lots of this plant"):
            p.add("heading", "Other lots of this plant")
            with p.under("list", ""):
                for oid in ("L-40731", "L-40781", "L-40737", "L-40713"):
                    if oid == lid:
                        continue
                    with p.under("listitem", ""):
                        p.add("link", lot_link(oid), key="other:" + oid)
                        p.text(f"{LOTS[oid]['site']} · {LOTS[oid]['avail']} available")
    return shell_close(p, toast)


def _wiz_frame(p, step, lid):
    l = LOTS[lid]
    p.add("heading", "Place a hold")
    p.text(f"Lot {lid} · {lot_name(lid)} · {l['site']} · {l['avail']} available")
    with p.under("list", "Progress"):
        for i, s in enumerate(("Quantity and dates", "Delivery", "Review"), 1):
            with p.under("listitem", ""):
                p.text(f"Step {i}: {s}" + (" (current)" if i == step else " (completed)" if i < step else ""))


STEP_TITLES = {1: "Step 1 of 3: Quantity and dates", 2: "Step 2 of 3: Delivery", 3: "Step 3 of 3: Review"}


def until_long(ddmmyyyy):
    d, m, y = ddmmyyyy.split("/")
    dt = datetime.date(int(y), int(m), int(d))
    return dt.strftime("%a ") + str(dt.day) + dt.strftime(" %b %Y")


def wizard_page(step, w, dialog=None, busy=False, draft=False):
    lid = w["lot"]
    l = LOTS[lid]
    path = f"/holds/new?lot={lid}&step={step}" + ("&draft=D-3307" if draft else "")
    p = shell_open(path, f"Place a hold — {STEP_TITLES[step]}", 500, "Holds",
                   ["Dashboard", "Availability", f"Lot {lid}", "Place a hold"])
    with p.under("main", ""):
        _wiz_frame(p, step, lid)
        if draft and step == 1:
            p.text("Resumed from your draft saved Thu 13 Mar 2025, 16:05.")
        if step == 1:
            with p.under("group", "Quantity and dates"):
                p.add("spinbutton", "Quantity (plants)", key="qty", required=True,
                      value=w.get("qty", ""))
                p.text(f"Multiples of 6. Maximum {l['avail']}.")
                p.add("textbox", "Hold until (dd/mm/yyyy)", key="until", required=True,
                      value=w.get("until", ""))
                p.text("Holds can last up to 21 days (until 04/04/2025).")
            p.add("button", "Save as draft", key="save_draft")
            p.add("button", "Next: Delivery", key="next")
            p.add("link", "Cancel and return to lot", key="cancel_wiz")
        elif step == 2:
            with p.under("group", "Delivery"):
                p.add("combobox", "Deliver to", key="site", required=True,
                      value=w.get("site", "Choose a delivery site"), hasPopup="listbox", expanded=False)
                p.add("textbox", "Note to nursery (optional)", key="note", value=w.get("note", ""))
                p.add("checkbox", "Email me 2 days before this hold expires", key="remind", checked="true")
            p.add("button", "Back", key="back")
            p.add("button", "Next: Review", key="next")
        else:
            qty = int(w["qty"])
            p.add("heading", "Review your hold")
            with p.under("table", "Hold summary"):
                for k, v in (("Lot", f"{lid} ({l['site']})"), ("Plant", lot_name(lid)),
                             ("Quantity", f"{qty} plants"), ("Hold until", until_long(w["until"])),
                             ("Deliver to", w["site"]), ("Note to nursery", w.get("note") or "None"),
                             ("Estimated value", f"£{qty * l['price']:.2f} ex VAT")):
                    with p.under("row", ""):
                        p.add("rowheader", k)
                        p.add("cell", v)
            p.add("link", "Change quantity or date", key="change_qty")
            p.add("link", "Change delivery", key="change_site")
            p.add("button", "Back", key="back")
            p.add("button", "Place hold", key="place")
    shell_close(p, "Placing hold…" if busy else None, busy=busy)
    if dialog == "confirm":
        qty = int(w["qty"])
        with p.under("dialog", "Confirm hold", modal=True):
            p.add("heading", "Confirm hold")
            p.text(f"Hold {qty} × {lot_name(lid)} (lot {lid}) until {until_long(w['until'])} "
                   f"for delivery to {w['site'].split(' — ')[0]}?")
            p.text("Held stock is reserved for you and released automatically if not ordered by then.")
            p.add("button", "Cancel", key="dlg_cancel")
            p.add("button", "Confirm hold", key="dlg_confirm", focused=None)
    return p


def hold_confirmation_page(hid, w, earlier=None):
    lid = w["lot"]
    qty = int(w["qty"])
    p = shell_open(f"/holds/{hid}", f"Hold {hid} confirmed", 600, "Holds",
                   ["Dashboard", "Holds", f"Hold {hid}"])
    with p.under("main", ""):
        p.add("heading", f"Hold {hid} confirmed")
        p.text(f"{qty} × {lot_name(lid)} from lot {lid} is held for you until {until_long(w['until'])}.")
        with p.under("table", "Hold details"):
            for k, v in (("Reference", hid), ("Placed", f"{TODAY}, {CTX['clock']} by {USER}"),
                         ("Deliver to", w["site"]), ("Estimated value", f"£{qty * LOTS[lid]['price']:.2f} ex VAT"),
                         ("Status", "Active")):
                with p.under("row", ""):
                    p.add("rowheader", k)
                    p.add("cell", v)
        p.add("button", "Convert to order", key="convert")
        p.add("button", "Release hold", key="release")
        with p.under("region", "Your other active holds"):
            p.add("heading", "Your other active holds")
            with p.under("list", ""):
                rows = list(OTHER_HOLDS)
                if earlier:
                    rows = [(earlier, lid, qty, until_long(w["until"]), w["site"].split(" — ")[0])] + rows
                for ohid, olid, oq, ountil, osite in rows:
                    with p.under("listitem", ""):
                        p.add("link", f"{ohid} · {oq} × {lot_name(olid)}", key="oh:" + ohid)
                        p.text(f"until {ountil} · {osite}")
        p.add("link", "View all holds", key="all_holds")
        p.add("link", "Back to availability", key="back_avail")
    return shell_close(p, f"Hold {hid} placed. A confirmation email has been sent to {EMAIL}.")


def holds_list_page():
    p = shell_open("/holds", "Holds", 700, "Holds", ["Dashboard", "Holds"])
    with p.under("main", ""):
        p.add("heading", "Holds")
        with p.under("tablist", ""):
            p.add("tab", "Active (2)", selected=True)
            p.add("tab", "Drafts (1)", selected=False)
            p.add("tab", "Expired", selected=False)
        with p.under("table", "Active holds"):
            with p.under("row", ""):
                for h in ("Hold", "Plant", "Quantity", "Until", "Deliver to"):
                    p.add("columnheader", h)
            for hid, lid, qty, until, site in OTHER_HOLDS:
                with p.under("row", ""):
                    with p.under("cell", ""):
                        p.add("link", hid, key="hold:" + hid)
                    p.add("cell", lot_name(lid))
                    p.add("cell", str(qty))
                    p.add("cell", until)
                    p.add("cell", site)
        with p.under("region", "Draft holds"):
            p.add("heading", "Draft holds")
            with p.under("list", ""):
                with p.under("listitem", ""):
                    p.text("Draft D-3307 · L-40731 · Hydrangea paniculata 'Limelight' 3L · 120 plants · saved Thu 13 Mar 2025, 16:05")
                    p.add("button", "Resume draft D-3307", key="resume")
                    p.add("button", "Delete draft D-3307", key="delete_draft")
                with p.under("listitem", ""):
                    p.text("Draft D-3296 · L-40737 · Hydrangea paniculata 'Limelight' 5L · 36 plants · saved Mon 10 Mar 2025, 11:30")
                    p.add("button", "Resume draft D-3296", key="resume_other")
                    p.add("button", "Delete draft D-3296", key="delete_other")
        p.add("link", "Place a new hold from availability", key="new_hold")
    return shell_close(p)


def not_permitted_page(w):
    lid = w["lot"]
    qty = int(w["qty"])
    p = shell_open("/holds/new/submit", "Approval needed", 800, "Holds",
                   ["Dashboard", "Holds", "Place a hold"])
    with p.under("main", ""):
        p.add("heading", "You can't place this hold yourself")
        p.text("Error 403 · HOLD_LIMIT_EXCEEDED")
        p.text(f"Holds worth more than £750.00 need approval from your account administrator (Marcus Hale). "
               f"This hold ({qty} × {lot_name(lid)}, £{qty * LOTS[lid]['price']:.2f}) has not been placed.")
        p.add("button", "Request approval from Marcus Hale", key="request")
        p.add("link", "Back to review", key="back_review")
    return shell_close(p)


# --------------------------------------------------------------------------
# Pages: standing orders
# --------------------------------------------------------------------------

SO_SORTS = {
    "Next delivery (soonest first)": ("next", lambda r: (r[3][0], r[0])),
    "Order number (oldest first)": ("number", lambda r: r[0]),
    "Deliver to (A–Z)": ("site", lambda r: (r[1], r[0])),
}
SO_PER_PAGE = 4


def so_list_page(page_no=1, sort="Next delivery (soonest first)", toast=None):
    rows = sorted(SO_ROWS, key=SO_SORTS[sort][1])
    pages = (len(rows) + SO_PER_PAGE - 1) // SO_PER_PAGE
    shown = rows[(page_no - 1) * SO_PER_PAGE: page_no * SO_PER_PAGE]
    q = f"?sort={SO_SORTS[sort][0]}" + (f"&page={page_no}" if page_no > 1 else "")
    p = shell_open("/standing-orders" + q, "Standing orders", 900, "Standing orders",
                   ["Dashboard", "Standing orders"])
    with p.under("main", ""):
        p.add("heading", "Standing orders")
        p.text(f"{CUSTOMER} · {len(SO_ROWS)} standing orders · order cut-off 16:00 on the last working day before delivery")
        p.add("button", "New standing order", key="new_so")
        p.add("combobox", "Sort by", key="sort", value=sort, hasPopup="listbox", expanded=False)
        p.add("combobox", "Status", key="status_filter", value="All statuses", hasPopup="listbox", expanded=False)
        first = (page_no - 1) * SO_PER_PAGE + 1
        p.text(f"Showing {first}–{first + len(shown) - 1} of {len(rows)}")
        with p.under("table", "Standing orders"):
            with p.under("row", ""):
                for h in ("Order", "Deliver to", "Frequency", "Next delivery", "Lines", "Status"):
                    p.add("columnheader", h)
            for so, site, freq, (k, nxt), nl, st in shown:
                with p.under("row", ""):
                    with p.under("cell", ""):
                        p.add("link", so, key="so:" + so)
                    p.add("cell", site)
                    p.add("cell", freq)
                    p.add("cell", nxt)
                    p.add("cell", str(nl))
                    p.add("cell", st)
        with p.under("navigation", "Pagination"):
            if page_no > 1:
                p.add("link", "Previous page", key="prev_page")
            for i in range(1, pages + 1):
                if i == page_no:
                    p.add("link", f"Page {i}", key=f"page:{i}", current="page")
                else:
                    p.add("link", f"Page {i}", key=f"page:{i}")
            if page_no < pages:
                p.add("link", "Next page", key="next_page")
    return shell_close(p, toast)


def so_detail_page(state="orig", toast=None, draft_banner=False):
    """state: orig | saved (72 from 24 Mar) | oneoff (72 on 17 Mar only)."""
    so = "SO-1184"
    p = shell_open(f"/standing-orders/{so}", f"Standing order {so} · Harrow depot", 1000,
                   "Standing orders", ["Dashboard", "Standing orders", so])
    changed = state in ("saved", "oneoff")
    with p.under("main", ""):
        p.add("heading", f"Standing order {so}")
        p.text(f"{CUSTOMER} · Harrow depot — HA2 7QT")
        if draft_banner:
            with p.under("region", "Draft changes"):
                p.text("You have draft changes to this standing order (saved Thu 13 Mar 2025, 17:20). They have not been applied.")
                p.add("button", "Resume draft", key="resume_draft")
                p.add("button", "Discard draft", key="discard_draft")
        with p.under("list", "Order summary"):
            for k, v in (("Status", "Active"), ("Frequency", "Weekly, Mondays"),
                         ("Next delivery", "Mon 17 Mar 2025 (cut-off Fri 14 Mar 2025, 16:00)"),
                         ("Version", (f"7 · last changed {TODAY[4:]}, {CTX['clock']} by {USER}" if changed
                                      else f"6 · last changed 3 Mar 2025 by {USER}"))):
                with p.under("listitem", ""):
                    p.text(f"{k}: {v}")
        p.add("button", "Edit standing order", key="edit")
        p.add("button", "Skip a delivery", key="skip")
        p.add("button", "Pause", key="pause")
        p.add("button", "Cancel standing order", key="cancel_so")
        with p.under("table", "Lines"):
            with p.under("row", ""):
                for h in ("Plant", "Size", "Lot", "Quantity per delivery", "Unit price", "Line value"):
                    p.add("columnheader", h)
            for plant, size, lid, qty, price in SO_LINES:
                q = str(qty)
                if plant.endswith("'Hidcote'") and state == "saved":
                    q = "48 (72 from Mon 24 Mar 2025)"
                elif plant.endswith("'Hidcote'") and state == "oneoff":
                    q = "48 (72 on Mon 17 Mar 2025 only)"
                with p.under("row", ""):
                    with p.under("cell", ""):
                        p.add("link", plant, key="line:" + lid)
                    p.add("cell", size)
                    p.add("cell", lid)
                    p.add("cell", q)
                    p.add("cell", f"£{price:.2f}")
                    p.add("cell", f"£{qty * price:.2f}")
        with p.under("table", "Upcoming deliveries"):
            with p.under("row", ""):
                for h in ("Delivery", HIDCOTE, "Other lines", "Status"):
                    p.add("columnheader", h)
            for i, d in enumerate(DELIVERIES):
                h = 48
                if state == "saved" and i >= 1:
                    h = 72
                if state == "oneoff" and i == 0:
                    h = 72
                with p.under("row", ""):
                    p.add("cell", d)
                    p.add("cell", str(h))
                    p.add("cell", "3 lines unchanged")
                    p.add("cell", "Confirmed" if i == 0 else "Scheduled")
        with p.under("region", "Change history"):
            p.add("heading", "Change history")
            with p.under("list", ""):
                if changed:
                    with p.under("listitem", ""):
                        p.text(f"v7 · {TODAY[4:]} · {USER} · {HIDCOTE} 48 → 72 "
                               + ("from Mon 24 Mar 2025" if state == "saved" else "on Mon 17 Mar 2025 only"))
                with p.under("listitem", ""):
                    p.text(f"v6 · 3 Mar 2025 · {USER} · Geranium 'Rozanne' 2L 36 → 24")
                with p.under("listitem", ""):
                    p.text("v5 · 14 Feb 2025 · Sales desk (Dan Whitlow) · price band B applied")
        with p.under("region", "Other standing orders for Harrow depot"):
            p.add("heading", "Other standing orders for Harrow depot")
            with p.under("list", ""):
                with p.under("listitem", ""):
                    p.add("link", "SO-1148 · Fortnightly (Thu) · 5 lines", key="rel:SO-1148")
                with p.under("listitem", ""):
                    p.add("link", "SO-1203 · Weekly (Wed) · 2 lines", key="rel:SO-1203")
                with p.under("listitem", ""):
                    p.add("link", "SO-1172 · Weekly (Fri) · ended", key="rel:SO-1172")
    return shell_close(p, toast)


def so_edit_page(e, dialog=None, errors=None, alert=None):
    """e: dict(qty=str, mode='next'|'from', date=str, note=str)."""
    so = "SO-1184"
    p = shell_open(f"/standing-orders/{so}/edit", f"Edit standing order {so}", 1100,
                   "Standing orders", ["Dashboard", "Standing orders", so, "Edit"])
    with p.under("main", ""):
        p.add("heading", f"Edit standing order {so}")
        p.text("Harrow depot · Weekly, Mondays · version 6")
        if alert:
            with p.under("alert", "", live="assertive"):
                p.text(alert)
        if errors:
            with p.under("alert", "There is a problem", live="assertive"):
                p.add("heading", "There is a problem")
                for err in errors:
                    p.add("link", err, key="err:" + err)
        p.text("Changes made after the cut-off (Fri 14 Mar 2025, 16:00) apply from the following delivery.")
        with p.under("table", "Lines"):
            with p.under("row", ""):
                for h in ("Plant", "Size", "Quantity per delivery", ""):
                    p.add("columnheader", h)
            for plant, size, lid, qty, price in SO_LINES:
                val = e["qty"] if plant.endswith("'Hidcote'") else str(qty)
                with p.under("row", ""):
                    p.add("cell", plant)
                    p.add("cell", size)
                    with p.under("cell", ""):
                        p.add("spinbutton", f"Quantity per delivery for {plant} {size}",
                              key="qty:" + lid, value=val)
                    with p.under("cell", ""):
                        p.add("button", f"Remove {plant} {size}", key="rm:" + lid)
        p.add("button", "Add a line", key="add_line")
        p.add("combobox", "Frequency", value="Weekly", hasPopup="listbox", expanded=False)
        p.add("combobox", "Delivery day", value="Monday", hasPopup="listbox", expanded=False)
        with p.under("radiogroup", "Apply these changes to", required=True):
            p.add("radio", "Next delivery only (Mon 17 Mar 2025)", key="mode:next",
                  checked="true" if e["mode"] == "next" else "false")
            p.add("radio", "All deliveries from a date", key="mode:from",
                  checked="true" if e["mode"] == "from" else "false")
        date_props = {"value": e.get("date", "")}
        if e["mode"] != "from":
            date_props["disabled"] = True
        else:
            date_props["required"] = True
        if errors:
            date_props["invalid"] = "true"
        p.add("textbox", "Effective from (dd/mm/yyyy)", key="date", **date_props)
        p.text("Deliveries are on Mondays. Next possible: 17/03/2025.")
        p.add("textbox", "Note for dispatch team (optional)", key="note", value=e.get("note", ""))
        p.add("button", "Save changes", key="save")
        p.add("button", "Save as draft", key="save_draft")
        p.add("link", "Cancel", key="cancel_edit")
    shell_close(p, show_recent=True)
    if dialog == "confirm":
        with p.under("dialog", f"Confirm changes to {so}", modal=True):
            p.add("heading", f"Confirm changes to {so}")
            when = ("for all deliveries from " + until_long(e["date"])) if e["mode"] == "from" \
                else "for the delivery on Mon 17 Mar 2025 only"
            p.text(f"{HIDCOTE}: 48 → {e['qty']} per delivery, {when}.")
            p.text("Larkspur Landscapes will be invoiced for the new quantities on delivery.")
            p.add("button", "Go back", key="dlg_back")
            p.add("button", "Confirm changes", key="dlg_confirm", focused=None)
    elif dialog == "discard":
        with p.under("alertdialog", "Discard unsaved changes?", modal=True):
            p.add("heading", "Discard unsaved changes?")
            p.text(f"You have changed 1 line on {so}. If you leave this page, your changes will be lost.")
            p.add("button", "Stay on this page", key="dlg_stay")
            p.add("button", "Discard and leave", key="dlg_leave", focused=None)
    return p


# --------------------------------------------------------------------------
# Plans (written from the tasks and the healthy pages, before any faulty run)
# --------------------------------------------------------------------------

HOLD_TASK = ("Place an availability hold on lot L-40731, Hydrangea paniculata 'Limelight' 3L "
             "(Hollins Lane): 120 plants, held until 28/03/2025, for delivery to our Harrow depot. "
             "Confirm the hold.")
SO_TASK = ("On standing order SO-1184 (Larkspur Landscapes, Harrow depot, weekly on Mondays), change "
           "Lavandula angustifolia 'Hidcote' 2L from 48 to 72 plants per delivery for all deliveries "
           "from Mon 24/03/2025, and save the change.")

SIGNED_OUT = ["Sign in to Glasshouse Trade",
              "Your session has expired. Please sign in again.",
              "Something went wrong. Please try again later."]

PLANS = {
    "holds": {
        "task": HOLD_TASK,
        "plan_falsifiers": {"execution": list(SIGNED_OUT)},
        "commitments": [
            {"id": "open-lot",
             "subgoal": "Open lot L-40731 Hydrangea paniculata 'Limelight' 3L at Hollins Lane",
             "skill": "open_record_by_search", "confidence": 0.8,
             "confirm": {"precondition": ["Glasshouse Trade portal, signed in as Priya Nandakumar"],
                         "progress": ["Search results for 'limelight'", "Availability list of lots"],
                         "completion": ["Lot L-40731 · Hydrangea paniculata 'Limelight' 3L",
                                        "340 available at Hollins Lane, ready now"]},
             "falsify": {"execution": ["Lot L-40737 · Hydrangea paniculata 'Limelight' 5L",
                                       "Lot L-40781 · Hydrangea paniculata 'Limelight' 3L at Marsh Farm",
                                       "Hydrangea paniculata 'Little Lime' 3L",
                                       "No lots match your search"],
                         "skill": [],
                         "planning": ["Lot L-40731 is sold out"]}},
            {"id": "start-hold",
             "subgoal": "Start placing a hold on the lot",
             "skill": "start_wizard", "confidence": 0.7,
             "confirm": {"precondition": ["Place hold button"],
                         "progress": [],
                         "completion": ["Place a hold — Step 1 of 3: Quantity and dates"]},
             "falsify": {"execution": [],
                         "skill": ["Place hold button is disabled"],
                         "planning": []}},
            {"id": "quantity-and-date",
             "subgoal": "Enter 120 plants and hold until 28/03/2025",
             "skill": "fill_form", "confidence": 0.7,
             "confirm": {"precondition": [],
                         "progress": ["Quantity (plants) 120", "Hold until (dd/mm/yyyy) 28/03/2025"],
                         "completion": ["Place a hold — Step 2 of 3: Delivery"]},
             "falsify": {"execution": ["Quantity must be a multiple of 6",
                                       "Hold until date is more than 21 days away"],
                         "skill": [],
                         "planning": ["Not enough stock to hold 120 plants"]}},
            {"id": "delivery-site",
             "subgoal": "Choose Harrow depot as the delivery site",
             "skill": "fill_form", "confidence": 0.75,
             "confirm": {"precondition": [],
                         "progress": ["Deliver to Harrow depot — HA2 7QT"],
                         "completion": ["Place a hold — Step 3 of 3: Review"]},
             "falsify": {"execution": ["Deliver to Ruislip depot", "Deliver to Head office — Watford"],
                         "skill": [],
                         "planning": []}},
            {"id": "confirm-hold",
             "subgoal": "Review and confirm the hold",
             "skill": "submit_and_confirm", "confidence": 0.6,
             "confirm": {"precondition": ["Review your hold"],
                         "progress": ["Confirm hold: Hold 120 × Hydrangea paniculata 'Limelight' 3L (lot L-40731) until Fri 28 Mar 2025"],
                         "completion": ["Hold confirmed",
                                        "120 × Hydrangea paniculata 'Limelight' 3L from lot L-40731 is held for you until Fri 28 Mar 2025"]},
             "falsify": {"execution": ["Hold not placed",
                                       {"text": "Release hold", "on": "action"}],
                         "skill": [],
                         "planning": ["Stock on this lot has changed since you started"]}},
        ],
    },
    "standing": {
        "task": SO_TASK,
        "plan_falsifiers": {"execution": list(SIGNED_OUT)},
        "commitments": [
            {"id": "open-order",
             "subgoal": "Open standing order SO-1184 (Harrow depot, weekly on Mondays)",
             "skill": "open_record_by_id", "confidence": 0.8,
             "confirm": {"precondition": ["Glasshouse Trade portal, signed in as Priya Nandakumar"],
                         "progress": ["Standing orders list", "Search results for 'SO-1184'"],
                         "completion": ["Standing order SO-1184 · Harrow depot",
                                        "Weekly, Mondays · next delivery Mon 17 Mar 2025"]},
             "falsify": {"execution": ["Standing order SO-1148",
                                       "Standing order SO-1185 · Ruislip depot",
                                       "Standing order SO-1203",
                                       "No results for SO-1184"],
                         "skill": [],
                         "planning": ["SO-1184 is paused", "SO-1184 has ended"]}},
            {"id": "open-editor",
             "subgoal": "Open the editor for SO-1184",
             "skill": "open_editor", "confidence": 0.75,
             "confirm": {"precondition": ["Edit standing order button"],
                         "progress": [],
                         "completion": ["Edit standing order SO-1184"]},
             "falsify": {"execution": [{"text": "Cancel standing order", "on": "action"},
                                       {"text": "Skip a delivery", "on": "action"}],
                         "skill": ["This standing order is read-only"],
                         "planning": []}},
            {"id": "set-quantity",
             "subgoal": "Set Lavandula angustifolia 'Hidcote' 2L to 72 per delivery",
             "skill": "fill_form", "confidence": 0.7,
             "confirm": {"precondition": [],
                         "progress": [],
                         "completion": ["Quantity per delivery for Lavandula angustifolia 'Hidcote' 2L is 72"]},
             "falsify": {"execution": ["Quantity for Salvia nemorosa 'Caradonna' 2L changed",
                                       "Quantity for Lavandula angustifolia 'Munstead' 2L changed",
                                       {"text": "Remove Lavandula angustifolia 'Hidcote' 2L", "on": "action"}],
                         "skill": [],
                         "planning": []}},
            {"id": "set-effective-date",
             "subgoal": "Apply the change to all deliveries from 24/03/2025",
             "skill": "fill_form", "confidence": 0.6,
             "confirm": {"precondition": [],
                         "progress": ["All deliveries from a date is selected"],
                         "completion": ["Effective from (dd/mm/yyyy) 24/03/2025"]},
             "falsify": {"execution": ["Next delivery only (Mon 17 Mar 2025) is selected"],
                         "skill": [],
                         "planning": []}},
            {"id": "save-changes",
             "subgoal": "Save and confirm the change",
             "skill": "submit_and_confirm", "confidence": 0.6,
             "confirm": {"precondition": ["Save changes button"],
                         "progress": ["Confirm changes to SO-1184"],
                         "completion": ["Changes saved",
                                        "Version 7 · last changed 14 Mar 2025 by Priya Nandakumar",
                                        "Lavandula angustifolia 'Hidcote' 2L 72 per delivery from Mon 24 Mar 2025"]},
             "falsify": {"execution": ["Changes not saved",
                                       {"text": "Discard changes", "on": "action"}],
                         "skill": [],
                         "planning": ["Lavandula angustifolia 'Hidcote' 2L is no longer available"]}},
        ],
    },
}

PLAN_HEADERS = {
    "holds": ["Plan: place an availability hold on a lot (Glasshouse Trade, Fernbrook Nurseries).",
              "Written from the task and the healthy pages only."],
    "standing": ["Plan: amend one line of a standing order (Glasshouse Trade, Fernbrook Nurseries).",
                 "Written from the task and the healthy pages only."],
}


def _yq(s):
    return json.dumps(s, ensure_ascii=False)


def _yaml_scalar(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if v is None:
        return "null"
    if isinstance(v, str) and v.replace("_", "").replace("-", "").isalnum() and not v[0].isdigit() \
            and v.lower() not in YAML11_BOOLS | {"null"}:
        return v
    return _yq(v)


YAML11_BOOLS = {"y", "yes", "n", "no", "on", "off", "true", "false"}


def _yaml_key(k):
    # 'on' and friends are booleans to YAML 1.1 loaders (PyYAML): quote them.
    return _yq(k) if k.lower() in YAML11_BOOLS else k


def to_yaml(obj, indent=0):
    pad = "  " * indent
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(v, (dict, list)) and v:
                out.append(f"{pad}{_yaml_key(k)}:")
                out.extend(to_yaml(v, indent + 1))
            elif isinstance(v, list):
                out.append(f"{pad}{_yaml_key(k)}: []")
            elif isinstance(v, dict):
                out.append(f"{pad}{_yaml_key(k)}: {{}}")
            else:
                out.append(f"{pad}{_yaml_key(k)}: {_yaml_scalar(v)}")
    elif isinstance(obj, list):
        for item in obj:
            if isinstance(item, dict):
                sub = to_yaml(item, indent + 1)
                first = sub[0].lstrip()
                out.append(f"{pad}- {first}")
                out.extend(sub[1:])
            else:
                out.append(f"{pad}- {_yaml_scalar(item)}")
    return out


def write_plans():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for wf, plan in PLANS.items():
        lines = ["# " + h for h in PLAN_HEADERS[wf]] + to_yaml(plan)
        with open(os.path.join(HERE, "plans", f"{wf}.yaml"), "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")


# --------------------------------------------------------------------------
# Run builder
# --------------------------------------------------------------------------


class Run:
    def __init__(self, rid, workflow, fault, initial, note):
        self.rid, self.workflow, self.fault, self.note = rid, workflow, fault, note
        self.cur = initial
        self.initial = initial.obs()
        self.steps = []
        self.off = None

    def mark(self):
        """The next step is the labelled first off-track step."""
        assert self.off is None
        self.off = len(self.steps)

    def _push(self, commitment, command, reasoning, target, effect, page, error=None):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": page.obs(error),
        })
        self.cur = page

    def _t(self, key):
        b, role, name = self.cur.ref(key)
        return b, f"{role} {name!r}"

    def click(self, c, key, why, page, effect="read"):
        b, t = self._t(key)
        self._push(c, f"click('{b}')", why, t, effect, page)

    def fill(self, c, key, value, why, page, effect="read"):
        b, t = self._t(key)
        self._push(c, f"fill('{b}', {value!r})", why, t, effect, page)

    def press(self, c, key, k, why, page, effect="read"):
        b, t = self._t(key)
        self._push(c, f"press('{b}', {k!r})", why, t, effect, page)

    def select(self, c, key, value, why, page, effect="read"):
        b, t = self._t(key)
        self._push(c, f"select_option('{b}', {value!r})", why, t, effect, page)

    def back(self, c, why, page):
        self._push(c, "go_back()", why, "browser back", "read", page)

    def wait(self, c, why):
        self._push(c, "noop(1500)", why, "wait", "read", self.cur)

    def say(self, c, msg, why):
        self._push(c, f"send_msg_to_user({msg!r})", why, "message to user", "read", self.cur)

    def record(self):
        healthy = self.fault is None
        if not healthy:
            assert self.off is not None, self.rid
        return {
            "id": self.rid,
            "workflow": self.workflow,
            "task": PLANS[self.workflow]["task"],
            "plan": f"plans/{self.workflow}.yaml",
            "label": {"fault": self.fault, "first_off_track_step": None if healthy else self.off},
            "initial_observation": self.initial,
            "steps": self.steps,
            "outcome": {"success": healthy},
        }


def new_ctx():
    CTX["bid_off"] = rng.choice([0, 3, 7, 12, 20, 31])
    CTX["notif"] = rng.randint(1, 6)
    CTX["clock"] = f"{rng.randint(9, 15)}:{rng.randint(0, 59):02d}"


# --------------------------------------------------------------------------
# Hold workflow segments
# --------------------------------------------------------------------------

W_OK = {"lot": "L-40731", "qty": "120", "until": "28/03/2025", "site": SITES[0]}


def seg_search_open(r, lid="L-40731", wrong=False):
    r.fill("open-lot", "search", "limelight", "Search for the Limelight hydrangea from the header search box",
           dashboard_page(search="limelight"))
    r.press("open-lot", "search", "Enter", "Run the search", search_results_page("limelight"))
    if wrong:
        r.mark()
    r.click("open-lot", "res:" + lid,
            "Open the Limelight lot from the results" if wrong else "Open lot L-40731, the 3L Limelight at Hollins Lane",
            lot_page(lid))


def seg_wizard(r, w, qty_wrong=None, draft=False, step1_done=False):
    """From the lot page (or step 1 if step1_done) to the review page."""
    lid = w["lot"]
    if not step1_done:
        r.click("start-hold", "place_hold", "Start a hold on this lot", wizard_page(1, {"lot": lid}))
        typed = qty_wrong or w["qty"]
        if qty_wrong:
            r.mark()
        r.fill("quantity-and-date", "qty", typed, "Enter the quantity to hold",
               wizard_page(1, {"lot": lid, "qty": typed}))
        r.fill("quantity-and-date", "until", w["until"], "Hold until 28 March",
               wizard_page(1, {"lot": lid, "qty": typed, "until": w["until"]}))
        w = dict(w, qty=typed)
    r.click("quantity-and-date", "next", "Continue to delivery",
            wizard_page(2, {"lot": lid, "qty": w["qty"], "until": w["until"]}))
    r.select("delivery-site", "site", w["site"], "Deliver to the Harrow depot",
             wizard_page(2, w))
    r.click("delivery-site", "next", "Continue to review", wizard_page(3, w))
    return w


def seg_confirm(r, w, hid="H-20417"):
    r.click("confirm-hold", "place", "Place the hold", wizard_page(3, w, dialog="confirm"), effect="read")
    r.click("confirm-hold", "dlg_confirm", "Confirm the hold in the dialog",
            hold_confirmation_page(hid, w), effect="irreversible")


def build_hold_runs():
    runs = []

    # ---- healthy 1: header search -> lot -> wizard -> confirm
    new_ctx()
    r = Run("holds-healthy-01", "holds", None, dashboard_page(),
            "Header search for 'limelight', picks L-40731 from four similar results.")
    seg_search_open(r)
    w = seg_wizard(r, dict(W_OK))
    seg_confirm(r, w)
    r.say("confirm-hold", "Hold H-20417 placed: 120 × Hydrangea paniculata 'Limelight' 3L (L-40731) until Fri 28 Mar 2025, delivery to Harrow depot.",
          "Report the confirmed hold")
    runs.append(r)

    # ---- healthy 2: availability list, filter panel (3L), re-sort by price, open lot
    new_ctx()
    r = Run("holds-healthy-02", "holds", None, availability_page(),
            "Availability list: opens the filter panel, filters to 3L, re-sorts by price, opens L-40731.")
    r.click("open-lot", "filters", "Open the filter panel to narrow the list",
            availability_page(filters_open=True))
    r.click("open-lot", "size:3L", "Only 3L pots",
            availability_page(filters_open=True, panel_sizes=("3L",)))
    r.click("open-lot", "apply_filters", "Apply the size filter",
            availability_page(sizes=("3L",)))
    r.select("open-lot", "sort", "Price (low to high)", "Sort by price to compare the Limelight lots",
             availability_page(sizes=("3L",), sort="Price (low to high)"))
    r.click("open-lot", "lot:L-40731", "L-40731 is the Hollins Lane 3L Limelight, ready now",
            lot_page("L-40731"))
    w = seg_wizard(r, dict(W_OK))
    seg_confirm(r, w)
    runs.append(r)

    # ---- healthy 3: dashboard with toast -> dismiss -> recently viewed -> lot; note left blank
    new_ctx()
    toast = "New availability list published Fri 14 Mar 2025, 07:00. 38 lines back in stock."
    r = Run("holds-healthy-03", "holds", None, dashboard_page(toast=toast),
            "Dismisses the availability toast, opens L-40731 from Recently viewed; optional note left empty.")
    r.click("open-lot", "toast_dismiss", "Dismiss the notification", dashboard_page())
    r.click("open-lot", "recent:L-40731", "Open the lot from Recently viewed", lot_page("L-40731"))
    w = seg_wizard(r, dict(W_OK))
    seg_confirm(r, w)
    runs.append(r)

    # ---- healthy 4: saved draft reload from the Holds page
    new_ctx()
    r = Run("holds-healthy-04", "holds", None, holds_list_page(),
            "Resumes draft D-3307 (120 × L-40731 already entered), adds the date, then completes the wizard.")
    r.click("start-hold", "resume", "Resume the saved draft for L-40731",
            wizard_page(1, {"lot": "L-40731", "qty": "120"}, draft=True))
    r.fill("quantity-and-date", "until", "28/03/2025", "The draft has no hold-until date yet",
           wizard_page(1, {"lot": "L-40731", "qty": "120", "until": "28/03/2025"}, draft=True))
    w = seg_wizard(r, dict(W_OK), step1_done=True)
    seg_confirm(r, w)
    r.say("confirm-hold", "Done: hold H-20417 confirmed for 120 Limelight 3L until 28 Mar.", "Report")
    runs.append(r)

    # ---- fault: wrong_record (near miss L-40737 = Limelight 5L, first result)
    new_ctx()
    r = Run("holds-wrong_record-01", "holds", "wrong_record", dashboard_page(),
            "Opens L-40737 (Limelight 5L, the first search result) instead of L-40731 and holds it.")
    seg_search_open(r, lid="L-40737", wrong=True)
    w = seg_wizard(r, dict(W_OK, lot="L-40737"))
    seg_confirm(r, w)
    r.say("confirm-hold", "Hold H-20417 placed for 120 Hydrangea paniculata 'Limelight' until 28 Mar 2025.", "Report")
    runs.append(r)

    # ---- fault: wrong_value (102 instead of 120)
    new_ctx()
    r = Run("holds-wrong_value-01", "holds", "wrong_value", dashboard_page(),
            "Types quantity 102 instead of 120 (a valid multiple of 6, so nothing complains).")
    r.click("open-lot", "recent:L-40731", "Open the lot from Recently viewed", lot_page("L-40731"))
    w = seg_wizard(r, dict(W_OK), qty_wrong="102")
    seg_confirm(r, w)
    r.say("confirm-hold", "Hold H-20417 is confirmed for Limelight 3L until 28 Mar.", "Report")
    runs.append(r)

    # ---- fault: dialog_cancelled
    new_ctx()
    r = Run("holds-dialog_cancelled-01", "holds", "dialog_cancelled", dashboard_page(),
            "Clicks Cancel in the Confirm hold dialog, then reports the hold as placed.")
    seg_search_open(r)
    w = seg_wizard(r, dict(W_OK))
    r.click("confirm-hold", "place", "Place the hold", wizard_page(3, w, dialog="confirm"))
    r.mark()
    r.click("confirm-hold", "dlg_cancel", "Close the dialog", wizard_page(3, w))
    r.say("confirm-hold", "The hold for 120 Limelight 3L until 28/03/2025 has been placed.", "Report")
    runs.append(r)

    # ---- fault: premature_done (reports from the review page)
    new_ctx()
    r = Run("holds-premature_done-01", "holds", "premature_done", availability_page(page_no=1),
            "Goes to page 2 of availability, completes the wizard, then reports done on the review page without placing the hold.")
    r.click("open-lot", "next_page", "Hydrangeas are on the next page", availability_page(page_no=2))
    r.click("open-lot", "lot:L-40731", "Open L-40731", lot_page("L-40731"))
    w = seg_wizard(r, dict(W_OK))
    r.mark()
    r.say("confirm-hold", "Hold set up: 120 × Hydrangea paniculata 'Limelight' 3L until 28 Mar 2025, Harrow depot.",
          "Everything on the review page matches the task")
    runs.append(r)

    # ---- fault: permission_denied (approval limit at final submit)
    new_ctx()
    r = Run("holds-permission_denied-01", "holds", "permission_denied", dashboard_page(),
            "Final confirm lands on a 403 'approval needed' page; the agent goes back and reports success.")
    seg_search_open(r)
    w = seg_wizard(r, dict(W_OK))
    r.click("confirm-hold", "place", "Place the hold", wizard_page(3, w, dialog="confirm"))
    r.mark()
    r.click("confirm-hold", "dlg_confirm", "Confirm the hold", not_permitted_page(w), effect="irreversible")
    r.click("confirm-hold", "back_review", "Return to the review", wizard_page(3, w))
    r.say("confirm-hold", "Hold submitted for 120 Limelight 3L until 28 Mar.", "Report")
    runs.append(r)

    # ---- fault: submit_twice (second click on Confirm hold while busy)
    new_ctx()
    r = Run("holds-submit_twice-01", "holds", "submit_twice", dashboard_page(),
            "Clicks Confirm hold again while 'Placing hold…' shows; two holds (H-20417, H-20418) result.")
    r.click("open-lot", "dash:L-40731", "Open the Limelight lot from Back in stock", lot_page("L-40731"))
    w = seg_wizard(r, dict(W_OK))
    r.click("confirm-hold", "place", "Place the hold", wizard_page(3, w, dialog="confirm"))
    r.click("confirm-hold", "dlg_confirm", "Confirm the hold",
            wizard_page(3, w, dialog="confirm", busy=True), effect="irreversible")
    r.mark()
    r.click("confirm-hold", "dlg_confirm", "The dialog is still open; confirm again",
            hold_confirmation_page("H-20418", w, earlier="H-20417"), effect="irreversible")
    r.say("confirm-hold", "Hold H-20418 confirmed for 120 × Limelight 3L until 28 Mar 2025.", "Report")
    runs.append(r)
    return runs


# --------------------------------------------------------------------------
# Standing-order workflow segments
# --------------------------------------------------------------------------

E0 = {"qty": "48", "mode": "next", "date": "", "note": ""}


def seg_edit(r, set_from=True, fill_date=True, start=None):
    """From SO-1184 detail to the filled edit form; returns the edit state."""
    e = dict(start or E0)
    if start is None:
        r.click("open-editor", "edit", "Open the editor", so_edit_page(e))
        e["qty"] = "72"
        r.fill("set-quantity", "qty:L-40502", "72", "Hidcote 2L from 48 to 72", so_edit_page(e))
    if set_from and e["mode"] != "from":
        e["mode"] = "from"
        r.click("set-effective-date", "mode:from", "The change applies to all deliveries from a date",
                so_edit_page(e))
    if fill_date and not e["date"]:
        e["date"] = "24/03/2025"
        r.fill("set-effective-date", "date", "24/03/2025", "From Monday 24 March", so_edit_page(e))
    return e


def seg_save(r, e):
    r.click("save-changes", "save", "Save the changes", so_edit_page(e, dialog="confirm"))
    r.click("save-changes", "dlg_confirm", "Confirm the change",
            so_detail_page("saved", toast="Changes saved. Lavandula angustifolia 'Hidcote' 2L: 72 per delivery from Mon 24 Mar 2025."),
            effect="irreversible")


def open_from_list(r, start_list=True):
    if start_list:
        r.click("open-order", "so:SO-1184", "SO-1184 is the weekly Harrow depot order", so_detail_page())


def build_so_runs():
    runs = []

    # ---- healthy 1: nav -> list -> SO-1184 -> edit -> save
    new_ctx()
    r = Run("standing-healthy-01", "standing", None, dashboard_page(),
            "Main navigation to Standing orders, opens SO-1184 from the list.")
    r.click("open-order", "nav:Standing orders", "Go to standing orders", so_list_page())
    open_from_list(r)
    e = seg_edit(r)
    seg_save(r, e)
    r.say("save-changes", "SO-1184 updated: Hidcote 2L 72 per delivery from Mon 24 Mar 2025 (version 7).", "Report")
    runs.append(r)

    # ---- healthy 2: header search for the id
    new_ctx()
    r = Run("standing-healthy-02", "standing", None, dashboard_page(),
            "Header search 'SO-1184'; invoice results (INV-118402 etc.) ignored.")
    r.fill("open-order", "search", "SO-1184", "Search for the standing order id", dashboard_page(search="SO-1184"))
    r.click("open-order", "search_btn", "Search", search_results_page("SO-1184"))
    r.click("open-order", "res:SO-1184", "Open the standing order result", so_detail_page())
    e = seg_edit(r)
    seg_save(r, e)
    runs.append(r)

    # ---- healthy 3: list with toast -> dismiss -> re-sort -> page 2 -> SO-1184
    new_ctx()
    r = Run("standing-healthy-03", "standing", None,
            so_list_page(toast="Delivery for SO-1185 on Mon 17 Mar 2025 confirmed by dispatch."),
            "Dismisses a toast, re-sorts by order number, pages to page 2, opens SO-1184.")
    r.click("open-order", "toast_dismiss", "Dismiss the notification", so_list_page())
    r.select("open-order", "sort", "Order number (oldest first)", "Sort by order number",
             so_list_page(sort="Order number (oldest first)"))
    r.click("open-order", "next_page", "SO-1184 is further down", so_list_page(page_no=2, sort="Order number (oldest first)"))
    r.click("open-order", "so:SO-1184", "Open SO-1184", so_detail_page())
    e = seg_edit(r)
    seg_save(r, e)
    runs.append(r)

    # ---- healthy 4: detail page with a saved draft -> resume -> finish the date -> save
    new_ctx()
    r = Run("standing-healthy-04", "standing", None, so_detail_page(draft_banner=True),
            "Resumes yesterday's draft (72, 'All deliveries from a date' already chosen), enters the date, leaves the dispatch note empty.")
    draft = {"qty": "72", "mode": "from", "date": "", "note": ""}
    r.click("open-editor", "resume_draft", "Resume the draft changes", so_edit_page(draft))
    e = seg_edit(r, start=draft)
    seg_save(r, e)
    r.say("save-changes", "Saved: SO-1184 Hidcote now 72 per delivery from 24 Mar.", "Report")
    runs.append(r)

    # ---- fault: required_field_skipped (effective-from date left empty)
    new_ctx()
    r = Run("standing-required_field_skipped-01", "standing", "required_field_skipped", so_list_page(),
            "Chooses 'All deliveries from a date' but never enters the date; Save returns a validation summary; the agent reports done.")
    open_from_list(r)
    e = seg_edit(r, fill_date=False)
    r.mark()
    r.click("save-changes", "save", "Save the changes",
            so_edit_page(e, errors=["Enter the date the change takes effect"]))
    r.say("save-changes", "SO-1184 updated: Hidcote 2L set to 72 per delivery.", "Report")
    runs.append(r)

    # ---- fault: stale_page (detail after confirm still shows version 6 / 48)
    new_ctx()
    r = Run("standing-stale_page-01", "standing", "stale_page", dashboard_page(),
            "After Confirm changes the detail page is the cached version 6 (48 everywhere, no status).")
    r.click("open-order", "dash:SO-1184", "Open SO-1184 from upcoming deliveries", so_detail_page())
    e = seg_edit(r)
    r.click("save-changes", "save", "Save the changes", so_edit_page(e, dialog="confirm"))
    r.mark()
    r.click("save-changes", "dlg_confirm", "Confirm the change", so_detail_page("orig"), effect="irreversible")
    r.say("save-changes", "SO-1184 saved with Hidcote 72 from 24 Mar.", "Report")
    runs.append(r)

    # ---- fault: silent_noop (Save changes does nothing)
    new_ctx()
    r = Run("standing-silent_noop-01", "standing", "silent_noop", dashboard_page(),
            "Save changes click leaves the form exactly as it was (no dialog, no status); the agent waits and reports done.")
    r.click("open-order", "nav:Standing orders", "Go to standing orders", so_list_page())
    open_from_list(r)
    e = seg_edit(r)
    r.mark()
    r.click("save-changes", "save", "Save the changes", so_edit_page(e))
    r.wait("save-changes", "Give the save a moment")
    r.say("save-changes", "Standing order SO-1184 has been updated (Hidcote 72 from 24/03/2025).", "Report")
    runs.append(r)

    # ---- fault: unsaved_navigation (leaves the form before saving)
    new_ctx()
    r = Run("standing-unsaved_navigation-01", "standing", "unsaved_navigation", so_list_page(),
            "Fills the form, then clicks the Standing orders breadcrumb and discards the changes.")
    open_from_list(r)
    e = seg_edit(r)
    r.mark()
    r.click("save-changes", "crumb:Standing orders", "Back to the list to check the order",
            so_edit_page(e, dialog="discard"))
    r.click("save-changes", "dlg_leave", "Leave the page", so_list_page())
    r.say("save-changes", "SO-1184 now has 72 × Hidcote per delivery from 24 March.", "Report")
    runs.append(r)

    # ---- fault: wrong_setting ('Next delivery only' left selected)
    new_ctx()
    r = Run("standing-wrong_setting-01", "standing", "wrong_setting", dashboard_page(),
            "Leaves 'Next delivery only (Mon 17 Mar 2025)' selected; saves a one-off change instead of a standing one.")
    r.fill("open-order", "search", "SO-1184", "Search for the standing order id", dashboard_page(search="SO-1184"))
    r.press("open-order", "search", "Enter", "Search", search_results_page("SO-1184"))
    r.click("open-order", "res:SO-1184", "Open SO-1184", so_detail_page())
    e = seg_edit(r, set_from=False, fill_date=False)
    r.mark()
    r.click("save-changes", "save", "Save the changes", so_edit_page(e, dialog="confirm"))
    r.click("save-changes", "dlg_confirm", "Confirm",
            so_detail_page("oneoff", toast="Changes saved for the delivery on Mon 17 Mar 2025."), effect="irreversible")
    r.say("save-changes", "SO-1184 saved: Hidcote 2L is now 72 per delivery.", "Report")
    runs.append(r)

    # ---- fault: error_banner (save refused: order locked for picking)
    new_ctx()
    r = Run("standing-error_banner-01", "standing", "error_banner", dashboard_page(),
            "Confirm returns to the form with an assertive alert that the order is locked for picking; the agent reports done.")
    r.click("open-order", "recent:SO-1184", "Open SO-1184 from Recently viewed", so_detail_page())
    e = seg_edit(r)
    r.click("save-changes", "save", "Save the changes", so_edit_page(e, dialog="confirm"))
    r.mark()
    r.click("save-changes", "dlg_confirm", "Confirm the change",
            so_edit_page(e, alert="Changes could not be saved. SO-1184 is locked while the Mon 17 Mar 2025 "
                                  "delivery is being picked. Try again after 16:00."),
            effect="irreversible")
    r.say("save-changes", "Done — SO-1184 Hidcote changed to 72 from 24 Mar 2025.", "Report")
    runs.append(r)
    return runs


def main():
    write_plans()
    runs = build_hold_runs() + build_so_runs()
    recs = [r.record() for r in runs]
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for rec in recs:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    n_h = sum(1 for x in recs if x["label"]["fault"] is None)
    if "--table" in sys.argv:
        for r, x in zip(runs, recs):
            lab = x["label"]
            print(f"| {x['id']} | {lab['fault'] or 'healthy'} | "
                  f"{'—' if lab['first_off_track_step'] is None else lab['first_off_track_step']} | "
                  f"{len(x['steps'])} | {r.note} |")
    print(f"wrote {len(recs)} runs ({n_h} healthy, {len(recs) - n_h} faulty) and {len(PLANS)} plans")


if __name__ == "__main__":
    main()
