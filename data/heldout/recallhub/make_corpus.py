#!/usr/bin/env python3
"""Generate the RecallHub held-out corpus (stdlib only, deterministic).

RecallHub is an invented product-recall console used by the quality team of
Northgate Provisions Co., a made-up regional food distributor.  This script writes

    corpus.jsonl              20 trajectories (8 healthy, 12 faulty), FORMATS.md layout
    plans/open_recall.yaml    plan for the "open a recall through the wizard" workflow
    plans/quarantine_lot.yaml plan for the "quarantine a lot at one warehouse" workflow

Observations are BrowserGym-style flattened accessibility trees.  Run it from
anywhere; files are written next to this script.
"""
import json
import os
import random
from contextlib import contextmanager
from datetime import date, timedelta

SEED = 20240314
HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "https://recallhub.northgate-provisions.example"
APP = "RecallHub"
ORG = "Northgate Provisions Co."
USER = "Dana Whitfield"
USER_ROLE = "QA Manager"
TODAY = date(2024, 3, 14)
TODAY_LONG = "Thursday, 14 March 2024"

rng = random.Random(SEED)

# --------------------------------------------------------------------------------------
# Reference data
# --------------------------------------------------------------------------------------
PRODUCTS = {
    "40111": "Smoked Turkey Breast 1 lb",
    "40112": "Smoked Turkey Breast 2 lb",
    "40121": "Honey Smoked Turkey Breast 2 lb",
    "40212": "Turkey & Swiss Wrap 8 oz",
    "51207": "Chicken Tikka Masala 12 oz",
    "51208": "Chicken Tikka Masala 24 oz",
    "51217": "Chicken Korma 12 oz",
    "33018": "Beef Chili 16 oz",
    "33140": "Garden Vegetable Soup 32 oz",
    "33141": "Cheddar Broccoli Soup 32 oz",
    "45020": "Pulled Pork BBQ 16 oz",
    "62004": "Mac & Cheese Family Tray 48 oz",
    "62011": "Lasagna Bolognese Family Tray 64 oz",
    "71003": "Vanilla Bean Yogurt 6 x 5.3 oz",
    "71010": "Greek Yogurt Plain 32 oz",
    "80405": "Cobb Salad Kit 10 oz",
}
# background lots never use the products that carry the targets or their near misses
BG_SKUS = ["40212", "33018", "33140", "33141", "45020", "62004", "62011", "71003", "71010", "80405"]

WAREHOUSES = [
    ("RSD", "Riverside DC", "Luis Ortega"),
    ("EGT", "Eastgate DC", "Amara Osei"),
    ("RVW", "Riverview Cold Store", "Tom Becker"),
    ("LKS", "Lakeshore Cross-Dock", "Nina Park"),
]
WH_NAME = {c: n for c, n, _ in WAREHOUSES}
WH_SUP = {c: s for c, _, s in WAREHOUSES}

CUSTOMERS = {
    "CU-1184": ("Harbor Street Deli", "orders@harborstreetdeli.example"),
    "CU-2031": ("Pine Valley Market", "buying@pinevalleymkt.example"),
    "CU-2032": ("Pine Valley Market #2", "store2@pinevalleymkt.example"),
    "CU-0872": ("Oakridge School District", "nutrition@oakridgesd.example"),
    "CU-1560": ("Brightwater Hospital Cafeteria", "dietary@brightwaterhealth.example"),
    "CU-2213": ("Main & 5th Grocery", "manager@mainand5th.example"),
    "CU-0931": ("Summit Foods Co-op", "receiving@summitcoop.example"),
    "CU-1762": ("Lakeside Caf\u00e9", "hello@lakesidecafe.example"),
    "CU-3307": ("Crescent Bistro Group", "purchasing@crescentbistro.example"),
    "CU-0418": ("Fairview Senior Living", "kitchen@fairviewsl.example"),
    "CU-2904": ("Redline Convenience #14", "store14@redline.example"),
    "CU-1129": ("Golden Spoon Catering", "ops@goldenspoon.example"),
    "CU-0655": ("Westbrook University Dining", "dining@westbrook.example"),
    "CU-1991": ("Cedar Lane IGA", "orders@cedarlaneiga.example"),
}

# shipments of the recall target lots (customer, lot, date, cases)
TURKEY_SHIPMENTS = [
    ("CU-1184", "L-24-0317", date(2024, 1, 24), 36),
    ("CU-2031", "L-24-0317", date(2024, 2, 2), 120),
    ("CU-0872", "L-24-0317", date(2024, 2, 7), 140),
    ("CU-0872", "L-24-0318", date(2024, 2, 7), 70),
    ("CU-1560", "L-24-0318", date(2024, 2, 19), 48),
    ("CU-2213", "L-24-0317", date(2024, 2, 26), 60),
    ("CU-0931", "L-24-0318", date(2024, 3, 4), 150),
    ("CU-1762", "L-24-0318", date(2024, 3, 8), 24),
    # near misses: other lots of the same product
    ("CU-2032", "L-24-0319", date(2024, 2, 14), 90),
    ("CU-1184", "L-24-0316", date(2024, 1, 17), 40),
    ("CU-1991", "L-24-0319", date(2024, 3, 1), 75),
    ("CU-2904", "L-24-0316", date(2024, 1, 29), 30),
]


class Lot:
    def __init__(self, lot, sku, produced, best, stock, status="Released", allocated=None,
                 plant="Line 2 \u00b7 Carver St Kitchen", storage="Chilled (0\u20134 \u00b0C)"):
        self.lot, self.sku, self.produced, self.best = lot, sku, produced, best
        self.stock = dict(stock)  # warehouse code -> cases on hand
        self.status = status
        self.allocated = allocated or {w: 0 for w in stock}
        self.plant, self.storage = plant, storage
        self.holds = {}  # warehouse code -> hold id

    @property
    def product(self):
        return PRODUCTS[self.sku]

    @property
    def on_hand(self):
        return sum(self.stock.values())


def build_lots():
    lots = {}

    def add(lot):
        lots[lot.lot] = lot

    d = date
    frozen = "Frozen (\u221218 \u00b0C)"
    add(Lot("L-24-0316", "40112", d(2024, 1, 9), d(2024, 4, 8), {"EGT": 42}, allocated={"EGT": 0}))
    add(Lot("L-24-0317", "40112", d(2024, 1, 16), d(2024, 4, 15), {"RSD": 118, "EGT": 64},
            allocated={"RSD": 24, "EGT": 0}))
    add(Lot("L-24-0318", "40112", d(2024, 1, 23), d(2024, 4, 22), {"RSD": 205, "LKS": 90},
            allocated={"RSD": 40, "LKS": 12}))
    add(Lot("L-24-0319", "40112", d(2024, 1, 30), d(2024, 4, 29), {"RSD": 340, "EGT": 210},
            allocated={"RSD": 60, "EGT": 0}))
    add(Lot("L-24-0371", "40111", d(2024, 2, 12), d(2024, 5, 12), {"RSD": 180, "RVW": 75},
            status="On hold"))
    add(Lot("L-24-0381", "40121", d(2024, 2, 19), d(2024, 5, 19), {"EGT": 260}))
    add(Lot("L-24-0290", "51207", d(2024, 2, 19), d(2025, 2, 19), {"RSD": 95, "EGT": 540},
            allocated={"RSD": 0, "EGT": 120}, plant="Line 3 \u00b7 Carver St Kitchen", storage=frozen))
    add(Lot("L-24-0291", "51207", d(2024, 2, 20), d(2025, 2, 20), {"RSD": 1240, "EGT": 860, "RVW": 310},
            allocated={"RSD": 320, "EGT": 0, "RVW": 40}, plant="Line 3 \u00b7 Carver St Kitchen",
            storage=frozen))
    add(Lot("L-24-0292", "51207", d(2024, 2, 21), d(2025, 2, 21), {"RSD": 1180, "LKS": 400},
            allocated={"RSD": 210, "LKS": 0}, plant="Line 3 \u00b7 Carver St Kitchen", storage=frozen))
    add(Lot("L-24-0219", "51208", d(2024, 1, 31), d(2025, 1, 31), {"RSD": 610},
            plant="Line 3 \u00b7 Carver St Kitchen", storage=frozen))
    add(Lot("L-24-0293", "51217", d(2024, 2, 21), d(2025, 2, 21), {"EGT": 720, "RSD": 150},
            plant="Line 3 \u00b7 Carver St Kitchen", storage=frozen))
    lots["L-24-0371"].holds = {"RSD": "RC-2024-0039", "RVW": "RC-2024-0039"}

    pool = [n for n in range(262, 352) if "L-24-%04d" % n not in lots]
    picked = sorted(rng.sample(pool, 47))
    codes = [c for c, _, _ in WAREHOUSES]
    for n_ in picked:
        sku = rng.choice(BG_SKUS)
        produced = d(2024, 1, 2) + timedelta(days=rng.randint(0, 68))
        shelf = 365 if sku.startswith(("33", "62")) else (45 if sku.startswith(("71", "80")) else 90)
        whs = rng.sample(codes, rng.choice([1, 1, 2, 2, 3]))
        stock = {w: rng.choice([24, 36, 48, 60, 90, 120, 150, 210, 240, 300, 420, 480, 600]) for w in whs}
        best = produced + timedelta(days=shelf)
        status = rng.choices(["Released", "On hold", "Awaiting lab results", "Expired"],
                             weights=[30, 3, 3, 2])[0]
        if best < TODAY:
            status = "Expired"
        lot = Lot("L-24-%04d" % n_, sku, produced, best, stock, status=status,
                  allocated={w: rng.choice([0, 0, 12, 24, 48]) for w in whs})
        if status == "On hold":
            w = whs[0]
            lot.holds[w] = "H-%d" % rng.randint(8700, 8808)
        add(lot)
    return lots


LOTS = build_lots()


def fd(d):
    return d.strftime("%d %b %Y")


def fds(d):
    return d.strftime("%d %b")


def num(x):
    return f"{x:,}"


# --------------------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym flattened AXTree style)
# --------------------------------------------------------------------------------------
class Page:
    def __init__(self, title, path):
        self.title = f"{title} | {APP}"
        self.url = BASE + path
        self.lines = [f"RootWebArea {self.title!r}, focused"]
        self.depth = 1
        self.next_bid = 100

    def add(self, role, name="", value=None, props=(), bid=None, nobid=False):
        if nobid:
            head = ""
        else:
            if bid is None:
                bid = f"a{self.next_bid}"
                self.next_bid += 1
            head = f"[{bid}] "
        line = f"{head}{role} {name!r}"
        if value is not None:
            line += f" value={value!r}"
        if props:
            line += ", " + ", ".join(props)
        self.lines.append("\t" * self.depth + line)
        return bid

    @contextmanager
    def box(self, role, name="", props=(), bid=None):
        b = self.add(role, name, props=props, bid=bid)
        self.depth += 1
        try:
            yield b
        finally:
            self.depth -= 1

    def text(self, s):
        self.add("StaticText", s, nobid=True)

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


def chk(on):
    return f"checked={'true' if on else 'false'!r}"


DEFAULT_RECENT = ["L-24-0292", "RC-2024-0039", "L-24-0318", "L-24-0219", "L-24-0291"]


def top(p, active, search_value=None, notif=3, search_expanded=False):
    with p.box("banner", "", bid="a1"):
        p.add("link", f"{APP} \u2014 {ORG} home", bid="a2")
        with p.box("navigation", "Main", bid="a3"):
            for i, name in enumerate(["Dashboard", "Lots", "Recalls", "Warehouses", "Lab results", "Reports"]):
                p.add("link", name, props=("current='page'",) if name == active else (), bid=f"a{4 + i}")
        with p.box("search", "Site search", bid="a11"):
            p.add("searchbox", "Search lots, products, recalls", value=search_value or "",
                  props=(f"expanded={search_expanded}",), bid="a12")
            p.add("button", "Search", bid="a13")
        p.add("button", f"Notifications, {notif} unread" if notif else "Notifications",
              props=("hasPopup='dialog'",), bid="a14")
        p.add("button", f"{USER}, {USER_ROLE}", props=("hasPopup='menu'", "expanded=False"), bid="a15")


def breadcrumbs(p, items):
    with p.box("navigation", "Breadcrumb", bid="a20"):
        for i, it in enumerate(items):
            if i == len(items) - 1:
                p.text(it)
            else:
                p.add("link", it)


def recent_panel(p, recent):
    with p.box("complementary", "Recently viewed"):
        p.add("heading", "Recently viewed", props=("level=2",))
        with p.box("list", ""):
            for r in recent:
                with p.box("listitem", ""):
                    p.add("link", r)
                    if r.startswith("L-"):
                        p.text(LOTS[r].product)
                    elif r.startswith("RC-"):
                        p.text(RECALLS_BY_ID.get(r, ("", "Recall"))[1])


def bottom(p, toast=None, alert=None, updated="10:31"):
    with p.box("status", "", props=("live='polite'", "atomic=True"), bid="a60"):
        if toast:
            p.text(toast)
            p.add("button", "Dismiss notification", bid="a61")
    if alert:
        with p.box("alert", "", props=("live='assertive'", "atomic=True"), bid="a62"):
            for line in alert:
                p.text(line)
    with p.box("contentinfo", "", bid="a70"):
        p.text(f"\u00a9 2024 {ORG} \u00b7 {APP} 3.8.2 \u00b7 Data refreshed {updated}")
        p.add("link", "Help centre", bid="a71")
        p.add("link", "Recall SOP QA-SOP-014", bid="a72")
        p.add("link", "Privacy", bid="a73")
        p.add("link", "System status", bid="a74")


# --------------------------------------------------------------------------------------
# Recalls known to the application
# --------------------------------------------------------------------------------------
RECALLS = [
    ("RC-2024-0041", "Garden Vegetable Soup 32 oz", "L-24-0274, L-24-0275", "Class I", "07 Mar 2024", "Open",
     "Priya Natarajan"),
    ("RC-2024-0039", "Smoked Turkey Breast 1 lb", "L-24-0371", "Class II", "22 Feb 2024", "Open", USER),
    ("RC-2024-0040", "Beef Chili 16 oz", "L-24-0263", "Class III", "28 Feb 2024", "Closed", "Priya Natarajan"),
    ("RC-2024-0038", "Cobb Salad Kit 10 oz", "L-24-0251", "Class II", "15 Feb 2024", "Closed", "Marco Reyes"),
    ("RC-2024-0037", "Greek Yogurt Plain 32 oz", "L-24-0240", "Class III", "02 Feb 2024", "Closed", USER),
]
RECALLS_BY_ID = {r[0]: r for r in RECALLS}
DRAFTS = [
    ("RC-D-0106", "Smoked Turkey Breast 1 lb", "L-24-0372", "11 Mar 2024 16:02", USER),
    ("RC-D-0104", "Beef Chili 16 oz", "L-24-0264", "06 Mar 2024 09:15", "Priya Natarajan"),
]


# --------------------------------------------------------------------------------------
# Page types
# --------------------------------------------------------------------------------------
def page_dashboard(recent=None, toast=None, notif=3, search_value=None):
    p = Page("Dashboard", "/dashboard")
    top(p, "Dashboard", notif=notif, search_value=search_value)
    with p.box("main", ""):
        p.add("heading", "Good morning, Dana", props=("level=1",))
        p.text(TODAY_LONG)
        with p.box("region", "Summary"):
            on_hold = sum(1 for l in LOTS.values() if l.status == "On hold")
            p.add("link", "Open recalls 2")
            p.add("link", f"Lots on hold {on_hold}")
            p.add("link", "Awaiting lab results %d" % sum(1 for l in LOTS.values()
                                                           if l.status == "Awaiting lab results"))
            p.add("link", "Best before within 14 days 6")
        with p.box("region", "My tasks"):
            p.add("heading", "My tasks", props=("level=2",))
            with p.box("table", "My tasks"):
                with p.box("row", ""):
                    for h in ["Task", "Record", "Due"]:
                        p.add("columnheader", h)
                for task, rec, due in [
                    ("Review lab result LR-5521", "L-24-0301", "Today"),
                    ("Close out customer acknowledgements", "RC-2024-0041", "15 Mar"),
                    ("Approve supplier CAPA SC-0087", "Carver St Kitchen", "18 Mar"),
                ]:
                    with p.box("row", ""):
                        p.add("gridcell", task)
                        with p.box("gridcell", ""):
                            p.add("link", rec)
                        p.add("gridcell", due)
        with p.box("region", "Recent activity"):
            p.add("heading", "Recent activity", props=("level=2",))
            with p.box("list", ""):
                for s in [
                    "09:58 Marco Reyes placed hold H-8809 on lot L-24-0277 at Eastgate DC",
                    "09:31 RC-2024-0041: 12 of 15 customers acknowledged",
                    "Yesterday 16:40 Priya Natarajan closed recall RC-2024-0040",
                    "Yesterday 14:12 Lab result LR-5517 for L-24-0289: pass",
                ]:
                    with p.box("listitem", ""):
                        p.text(s)
        recent_panel(p, recent or DEFAULT_RECENT)
    bottom(p, toast=toast, updated="10:02")
    return p


LOT_COLUMNS = [("Lot", "lot"), ("Product", "product"), ("SKU", None), ("Produced", "produced"),
               ("Best before", None), ("On hand (cases)", None), ("Warehouses", None), ("Status", "status")]


def sorted_lots(sort="-produced", wh=None, status=None, product=None):
    rows = list(LOTS.values())
    if wh:
        rows = [l for l in rows if wh in l.stock]
    if status:
        rows = [l for l in rows if l.status == status]
    if product:
        rows = [l for l in rows if product.lower() in l.product.lower()]
    if sort == "-produced":
        rows.sort(key=lambda l: (l.produced, l.lot), reverse=True)
    elif sort == "lot":
        rows.sort(key=lambda l: l.lot)
    elif sort == "product":
        rows.sort(key=lambda l: (l.product, l.lot))
    return rows


def page_of(lot_id, **kw):
    rows = sorted_lots(**kw)
    idx = [l.lot for l in rows].index(lot_id)
    return idx // 10 + 1


def page_lots(sort="-produced", page=1, filters_open=False, wh=None, status=None, product=None,
              draft_wh=None, draft_product=None, toast=None, search_value=None, recent=None):
    rows = sorted_lots(sort, wh, status, product)
    total = len(rows)
    pages = max(1, (total + 9) // 10)
    q = [f"sort={sort}"]
    if wh:
        q.append(f"warehouse={wh}")
    if product:
        q.append("product=" + product.replace(" ", "+"))
    if page > 1:
        q.append(f"page={page}")
    p = Page("Lots" + (f" \u00b7 page {page}" if page > 1 else ""), "/lots?" + "&".join(q))
    top(p, "Lots", search_value=search_value)
    with p.box("main", ""):
        breadcrumbs(p, ["Dashboard", "Lots"])
        p.add("heading", "Lots", props=("level=1",))
        p.text(f"{total} lots")
        p.add("button", "Filters" + (f" (2 active)" if wh and product else (" (1 active)" if (wh or product) else "")),
              props=(f"expanded={filters_open}", "controls='lot-filters'"))
        p.add("button", "Export CSV")
        if filters_open:
            with p.box("region", "Filters"):
                cur_wh = draft_wh if draft_wh is not None else (WH_NAME[wh] if wh else "All warehouses")
                p.add("combobox", "Warehouse", value=cur_wh, props=("hasPopup='menu'", "expanded=False"))
                p.add("combobox", "Status", value=status or "Any status", props=("hasPopup='menu'", "expanded=False"))
                p.add("textbox", "Product contains", value=(draft_product if draft_product is not None
                                                          else (product or "")))
                p.add("checkbox", "Include expired lots", props=(chk(True),))
                p.add("button", "Apply filters")
                p.add("button", "Clear all")
        if wh or product:
            with p.box("list", "Active filters"):
                if wh:
                    with p.box("listitem", ""):
                        p.add("button", f"Remove filter Warehouse: {WH_NAME[wh]}")
                if product:
                    with p.box("listitem", ""):
                        p.add("button", f"Remove filter Product contains: {product}")
        with p.box("table", "Lots", props=(f"rowcount={min(10, total - (page - 1) * 10) + 1}",)):
            with p.box("row", ""):
                for h, key in LOT_COLUMNS:
                    props = ()
                    if key and (sort == key or sort == "-" + key):
                        props = ("sort='descending'" if sort.startswith("-") else "sort='ascending'",)
                    with p.box("columnheader", h, props=props):
                        if key:
                            p.add("button", f"Sort by {h}")
            for l in rows[(page - 1) * 10: page * 10]:
                with p.box("row", ""):
                    with p.box("gridcell", ""):
                        p.add("link", l.lot)
                    p.add("gridcell", l.product)
                    p.add("gridcell", l.sku)
                    p.add("gridcell", fd(l.produced))
                    p.add("gridcell", fd(l.best))
                    p.add("gridcell", num(l.on_hand))
                    p.add("gridcell", ", ".join(sorted(l.stock)))
                    p.add("gridcell", l.status)
        lo, hi = (page - 1) * 10 + 1, min(page * 10, total)
        p.text(f"Showing {lo}\u2013{hi} of {total}")
        with p.box("navigation", "Pagination"):
            p.add("link", "Previous page", props=("disabled=True",) if page == 1 else ())
            for i in range(1, pages + 1):
                if i == page:
                    p.add("link", f"Page {i}", props=("current='page'",))
                else:
                    p.add("link", f"Page {i}")
            p.add("link", "Next page", props=("disabled=True",) if page == pages else ())
        recent_panel(p, recent or DEFAULT_RECENT)
    bottom(p, toast=toast)
    return p


def similar_ids(q):
    """Lot numbers one digit away from q (or with two adjacent digits swapped)."""
    out = []
    for lot in sorted(LOTS):
        if lot == q or len(lot) != len(q):
            continue
        diff = [i for i in range(len(q)) if q[i] != lot[i]]
        if len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                              and q[diff[0]] == lot[diff[1]] and q[diff[1]] == lot[diff[0]]):
            out.append(lot)
    return out


def page_search(qtext, recent=None):
    ql = qtext.lower()
    lots = [l for l in LOTS.values() if ql in l.lot.lower() or ql in l.product.lower()]
    lots.sort(key=lambda l: (l.lot.lower() != ql, -l.produced.toordinal()))
    prods = [(s, n) for s, n in PRODUCTS.items() if ql in n.lower() or ql == s]
    recs = [r for r in RECALLS if ql in r[0].lower() or ql in r[1].lower() or ql in r[2].lower()]
    p = Page(f"Search: {qtext}", "/search?q=" + qtext.replace(" ", "+"))
    top(p, None, search_value=qtext)
    with p.box("main", ""):
        breadcrumbs(p, ["Dashboard", "Search"])
        p.add("heading", f"Results for '{qtext}'", props=("level=1",))
        p.text(f"{len(lots) + len(prods) + len(recs)} results \u00b7 sorted by best match")
        with p.box("tablist", "Result types"):
            p.add("tab", f"All ({len(lots) + len(prods) + len(recs)})", props=("selected=True",))
            p.add("tab", f"Lots ({len(lots)})", props=("selected=False",))
            p.add("tab", f"Products ({len(prods)})", props=("selected=False",))
            p.add("tab", f"Recalls ({len(recs)})", props=("selected=False",))
        with p.box("tabpanel", f"All ({len(lots) + len(prods) + len(recs)})"):
            p.add("heading", "Lots", props=("level=2",))
            if lots:
                with p.box("list", "Lot results"):
                    for l in lots[:8]:
                        with p.box("listitem", ""):
                            p.add("link", f"{l.lot} \u00b7 {l.product}")
                            whs = len(l.stock)
                            p.text(f"Produced {fd(l.produced)} \u00b7 {whs} warehouse{'s' if whs > 1 else ''} "
                                   f"\u00b7 {l.status}")
            else:
                p.text("No lots match.")
            p.add("heading", "Products", props=("level=2",))
            if prods:
                with p.box("list", "Product results"):
                    for s, n in prods:
                        with p.box("listitem", ""):
                            p.add("link", f"{n} \u00b7 SKU {s}")
            else:
                p.text("No products match.")
            p.add("heading", "Recalls", props=("level=2",))
            if recs:
                with p.box("list", "Recall results"):
                    for r in recs:
                        with p.box("listitem", ""):
                            p.add("link", f"{r[0]} \u00b7 {r[1]}")
                            p.text(f"{r[3]} \u00b7 {r[5]}")
            else:
                p.text("No recalls match.")
            sim = similar_ids(qtext.upper()) if qtext.upper().startswith("L-24-") else []
            if sim:
                with p.box("region", "Similar lot numbers"):
                    p.add("heading", "Similar lot numbers", props=("level=2",))
                    for s in sim:
                        p.add("link", s)
        recent_panel(p, recent or DEFAULT_RECENT)
    bottom(p)
    return p


def lot_shipments(lot):
    if LOTS[lot].sku in ("40112",):
        rows = [(c, d_, cs) for c, l, d_, cs in TURKEY_SHIPMENTS if l == lot]
    else:
        r = random.Random(f"{SEED}-{lot}")
        custs = r.sample(sorted(CUSTOMERS), 3)
        base = LOTS[lot].produced
        rows = [(c, base + timedelta(days=r.randint(5, 20)), r.choice([24, 36, 60, 120, 140])) for c in custs]
        rows = [x for x in rows if x[1] <= TODAY]
    return sorted(rows, key=lambda x: x[1], reverse=True)


def page_lot(lot_id, holds=None, toast=None, alert=None, recent=None, hold_history=None, updated="10:31",
             stale_note=None):
    """Lot detail. holds: {warehouse code: hold id} placed in this session."""
    l = LOTS[lot_id]
    holds = dict(l.holds, **(holds or {}))
    p = Page(f"Lot {lot_id} \u00b7 {l.product}", f"/lots/{lot_id}")
    top(p, "Lots")
    with p.box("main", ""):
        breadcrumbs(p, ["Lots", lot_id])
        p.add("heading", f"Lot {lot_id}", props=("level=1",))
        p.text(f"{l.product} \u00b7 SKU {l.sku}")
        held = [w for w in l.stock if w in holds]
        status = l.status
        if l.status == "Released" and held:
            status = "On hold" if len(held) == len(l.stock) else "Partially on hold"
        p.text(f"Status: {status}")
        p.add("button", "Start recall for this lot")
        p.add("button", "Print lot label")
        p.add("button", "More actions", props=("hasPopup='menu'", "expanded=False"))
        with p.box("region", "Lot details"):
            p.add("heading", "Lot details", props=("level=2",))
            with p.box("DescriptionList", ""):
                for t, v in [("Produced", fd(l.produced)), ("Best before", fd(l.best)), ("Plant", l.plant),
                             ("Supplier lot", f"CSK-{l.produced.strftime('%m%d')}-{l.lot[-1]}"),
                             ("Storage", l.storage), ("On hand", f"{num(l.on_hand)} cases")]:
                    p.add("DescriptionListTerm", t, nobid=True)
                    p.add("DescriptionListDetail", v, nobid=True)
        with p.box("region", "Stock by warehouse"):
            p.add("heading", "Stock by warehouse", props=("level=2",))
            if stale_note:
                p.text(stale_note)
            with p.box("table", "Stock by warehouse"):
                with p.box("row", ""):
                    for h in ["Warehouse", "On hand (cases)", "Allocated", "Status", "Actions"]:
                        p.add("columnheader", h)
                for w in [c for c, _, _ in WAREHOUSES if c in l.stock]:
                    with p.box("row", ""):
                        p.add("gridcell", WH_NAME[w])
                        p.add("gridcell", num(l.stock[w]))
                        p.add("gridcell", num(l.allocated.get(w, 0)))
                        if w in holds:
                            p.add("gridcell", f"On hold \u00b7 {holds[w]}")
                            with p.box("gridcell", ""):
                                if holds[w].startswith("H-"):
                                    p.add("button", f"Release hold at {WH_NAME[w]}")
                                p.add("link", f"View {holds[w]}")
                        else:
                            p.add("gridcell", "Released")
                            with p.box("gridcell", ""):
                                p.add("button", f"Quarantine lot at {WH_NAME[w]}")
                                p.add("button", f"Move stock from {WH_NAME[w]}")
        with p.box("region", "Hold history"):
            p.add("heading", "Hold history", props=("level=2",))
            hist = hold_history or []
            if l.holds:
                hist = hist + [(h, WH_NAME[w], num(l.stock[w]), "Recall hold", USER, "22 Feb 2024 11:05", "Active")
                               for w, h in l.holds.items()]
            if hist:
                with p.box("table", "Hold history"):
                    with p.box("row", ""):
                        for h in ["Hold", "Warehouse", "Cases", "Reason", "Placed by", "Placed", "State"]:
                            p.add("columnheader", h)
                    for row in hist:
                        with p.box("row", ""):
                            with p.box("gridcell", ""):
                                p.add("link", row[0])
                            for c in row[1:]:
                                p.add("gridcell", c)
            else:
                p.text("No holds have been placed on this lot.")
        with p.box("region", "Shipments"):
            p.add("heading", "Shipments", props=("level=2",))
            with p.box("table", "Shipments"):
                with p.box("row", ""):
                    for h in ["Customer", "Account", "Shipped", "Cases"]:
                        p.add("columnheader", h)
                for c, d_, cs in lot_shipments(lot_id):
                    with p.box("row", ""):
                        p.add("gridcell", CUSTOMERS[c][0])
                        p.add("gridcell", c)
                        p.add("gridcell", fd(d_))
                        p.add("gridcell", str(cs))
        with p.box("complementary", "Other lots of this product"):
            p.add("heading", "Other lots of this product", props=("level=2",))
            with p.box("list", ""):
                sib = sorted((x for x in LOTS.values() if x.sku == l.sku and x.lot != lot_id),
                             key=lambda x: x.produced, reverse=True)
                for x in sib[:4]:
                    with p.box("listitem", ""):
                        p.add("link", x.lot)
                        p.text(f"Produced {fd(x.produced)} \u00b7 {x.status}")
        recent_panel(p, [r for r in (recent or DEFAULT_RECENT) if r != lot_id][:5])
    bottom(p, toast=toast, alert=alert, updated=updated)
    return p


HOLD_REASONS = ["Select a reason", "Temperature excursion", "Damaged packaging", "Pending lab results",
                "Pest activity", "Recall hold", "Other"]


def page_hold_form(lot_id, wh, reason=None, cases=None, templog="", note="", notify=True, dialog=False,
                   reasons_open=False):
    l = LOTS[lot_id]
    cases = l.stock[wh] if cases is None else cases
    p = Page(f"Quarantine lot {lot_id}", f"/lots/{lot_id}/holds/new?warehouse={wh}")
    top(p, "Lots")
    with p.box("main", ""):
        breadcrumbs(p, ["Lots", lot_id, "Quarantine"])
        p.add("heading", f"Quarantine lot {lot_id}", props=("level=1",))
        p.text(f"{l.product} \u00b7 SKU {l.sku} \u00b7 Produced {fd(l.produced)}")
        with p.box("form", "Quarantine hold"):
            p.add("combobox", "Warehouse", value=WH_NAME[wh], props=("hasPopup='menu'", "expanded=False",
                                                                   "required=True"))
            p.add("spinbutton", "Cases to hold", value=str(cases),
                  props=("required=True", "valuemin=1", f"valuemax={l.stock[wh]}"))
            p.text(f"of {num(l.stock[wh])} on hand at {WH_NAME[wh]} ({num(l.allocated.get(wh, 0))} allocated "
                   f"to open orders)")
            p.add("combobox", "Reason", value=reason or "Select a reason",
                  props=("hasPopup='menu'", f"expanded={reasons_open}", "required=True"))
            p.add("textbox", "Temperature log reference (optional)", value=templog)
            p.add("textbox", "Note (optional)", value=note, props=("multiline=True",))
            p.add("checkbox", f"Notify {WH_NAME[wh]} supervisor ({WH_SUP[wh]})", props=(chk(notify),))
            p.add("checkbox", "Also block allocated cases on open orders", props=(chk(True),))
            p.add("button", "Cancel")
            p.add("button", "Place hold")
        with p.box("complementary", "About quarantine holds"):
            p.add("heading", "About quarantine holds", props=("level=2",))
            p.text("A hold blocks picking and shipping of this lot at the selected warehouse only. "
                   "Stock at other warehouses is not affected.")
            p.add("link", "Recall SOP QA-SOP-014, section 6")
    bottom(p)
    if dialog:
        p.next_bid = 900
        p.depth = 1
        with p.box("dialog", "Confirm quarantine", props=("modal=True",)):
            p.add("heading", "Confirm quarantine", props=("level=2",))
            p.text(f"Place {num(cases)} cases of lot {lot_id} at {WH_NAME[wh]} on hold?")
            p.text(f"Reason: {reason}")
            p.text("Picking and shipping from this stock will be blocked until the hold is released.")
            p.add("button", "Cancel")
            p.add("button", "Confirm hold")
    return p


def page_access_denied(path, lot_id):
    p = Page("Access denied", path)
    top(p, "Lots")
    with p.box("main", ""):
        p.add("heading", "You don't have access to this action", props=("level=1",))
        p.text("Placing quarantine holds at Riverside DC requires the Site QA role for Riverside DC.")
        p.text(f"Your roles: {USER_ROLE} (Eastgate DC, Riverview Cold Store, Lakeshore Cross-Dock).")
        p.text("Error 403 \u00b7 Request ID 7f3c-91ab-22d0")
        p.add("link", "Request access")
        p.add("link", f"Back to lot {lot_id}")
    bottom(p)
    return p


def page_recalls(tab="Open", toast=None, drafts_extra=None, recent=None):
    drafts = list(drafts_extra or []) + DRAFTS
    opens = [r for r in RECALLS if r[5] == "Open"]
    closed = [r for r in RECALLS if r[5] == "Closed"]
    p = Page("Recalls" + ("" if tab == "Open" else f" \u00b7 {tab}"), "/recalls" + ("" if tab == "Open" else
                                                                                    f"?tab={tab.lower()}"))
    top(p, "Recalls")
    with p.box("main", ""):
        breadcrumbs(p, ["Dashboard", "Recalls"])
        p.add("heading", "Recalls", props=("level=1",))
        p.add("button", "New recall")
        p.add("button", "Mock recall exercise")
        with p.box("tablist", "Recall status"):
            p.add("tab", f"Open ({len(opens)})", props=(f"selected={tab == 'Open'}",))
            p.add("tab", f"Drafts ({len(drafts)})", props=(f"selected={tab == 'Drafts'}",))
            p.add("tab", "Closed (14)", props=(f"selected={tab == 'Closed'}",))
        with p.box("tabpanel", tab):
            if tab == "Drafts":
                with p.box("table", "Draft recalls"):
                    with p.box("row", ""):
                        for h in ["Draft", "Product", "Lots", "Last saved", "Owner"]:
                            p.add("columnheader", h)
                    for d_ in drafts:
                        with p.box("row", ""):
                            with p.box("gridcell", ""):
                                p.add("link", d_[0])
                            for c in d_[1:]:
                                p.add("gridcell", c)
            else:
                rows = opens if tab == "Open" else closed
                with p.box("table", "Recalls"):
                    with p.box("row", ""):
                        for h in ["Recall", "Product", "Lots", "Class", "Opened", "Status", "Owner"]:
                            with p.box("columnheader", h, props=("sort='descending'",) if h == "Opened" else ()):
                                if h in ("Recall", "Opened"):
                                    p.add("button", f"Sort by {h}")
                    for r in rows:
                        with p.box("row", ""):
                            with p.box("gridcell", ""):
                                p.add("link", r[0])
                            for c in r[1:]:
                                p.add("gridcell", c)
                p.text(f"Showing 1\u2013{len(rows)} of {len(rows) if tab == 'Open' else 14}")
        recent_panel(p, recent or DEFAULT_RECENT)
    bottom(p, toast=toast)
    return p


# ---- recall wizard -------------------------------------------------------------------
STEPS = ["Product and lots", "Reason and classification", "Customers and notification", "Review and submit"]
TARGET_SKU = "40112"
REASONS = ["Select a reason", "Undeclared allergen", "Pathogen (e.g. Listeria, Salmonella)", "Foreign material",
           "Mislabeling", "Temperature abuse", "Other"]
HAZARD = {
    "Class I": "Class I \u2014 reasonable probability of serious adverse health consequences or death",
    "Class II": "Class II \u2014 remote probability of adverse health consequences",
    "Class III": "Class III \u2014 not likely to cause adverse health consequences",
}
RANGES = ["Last 30 days", "Last 90 days", "All shipments of selected lots"]
METHODS = ["Email", "Phone call list", "EDI recall message"]


def new_state(**kw):
    st = dict(product=None, product_query="", listbox=False, lots=[], reason=None, allergen="", hazard=None,
              details="", note="", ship_range="Last 30 days", method=None, attach=True, reps=False)
    st.update(kw)
    return st


def affected(st):
    rows = [x for x in TURKEY_SHIPMENTS if x[1] in st["lots"]]
    if st["ship_range"] == "Last 30 days":
        rows = [x for x in rows if x[2] >= TODAY - timedelta(days=30)]
    elif st["ship_range"] == "Last 90 days":
        rows = [x for x in rows if x[2] >= TODAY - timedelta(days=90)]
    by = {}
    for c, l, d_, cs in rows:
        e = by.setdefault(c, [[], 0, d_])
        e[0].append(l)
        e[1] += cs
        e[2] = max(e[2], d_)
    return sorted(by.items(), key=lambda kv: kv[1][2])


def product_label(sku):
    return f"{PRODUCTS[sku]} \u00b7 SKU {sku}"


def page_wizard(step, st, draft=None, toast=None, dialog=False, alert=None, dialog_busy=False):
    path = (f"/recalls/drafts/{draft}?step={step}" if draft else f"/recalls/new?step={step}")
    if st.get("from_lot") and not draft:
        path += f"&lot={st['from_lot']}"
    p = Page(f"New recall \u00b7 Step {step} of 4" if not draft else f"Draft {draft} \u00b7 Step {step} of 4", path)
    top(p, "Recalls")
    with p.box("main", ""):
        breadcrumbs(p, ["Recalls", "New recall" if not draft else draft])
        p.add("heading", "New recall" if not draft else f"Recall draft {draft}", props=("level=1",))
        with p.box("navigation", "Recall steps"):
            with p.box("list", ""):
                for i, s in enumerate(STEPS, 1):
                    with p.box("listitem", ""):
                        if i < step:
                            p.add("link", f"Step {i}: {s} (completed)")
                        elif i == step:
                            p.add("StaticText", f"Step {i}: {s} (current step)", nobid=True)
                        else:
                            p.add("StaticText", f"Step {i}: {s}", nobid=True)
        p.add("heading", STEPS[step - 1], props=("level=2",))
        with p.box("form", STEPS[step - 1]):
            if step == 1:
                _wiz1(p, st)
            elif step == 2:
                _wiz2(p, st)
            elif step == 3:
                _wiz3(p, st)
            else:
                _wiz4(p, st)
            if step > 1:
                p.add("button", "Back")
            p.add("button", "Save draft")
            if step < 4:
                p.add("button", f"Next: {STEPS[step]}",
                      props=("disabled=True",) if step == 1 and not st["lots"] else ())
            else:
                p.add("button", "Submit recall")
            p.add("button", "Discard")
        with p.box("complementary", "Recall checklist"):
            p.add("heading", "Recall checklist", props=("level=2",))
            p.text("Identify product and lots \u2192 classify the hazard \u2192 notify every consignee "
                   "\u2192 hold stock in all warehouses.")
            p.add("link", "Recall SOP QA-SOP-014")
            p.add("link", "FDA recall classification guidance")
    bottom(p, toast=toast, alert=alert, updated="10:3%d" % step)
    if dialog:
        n_c = len(affected(st))
        p.next_bid = 900
        p.depth = 1
        with p.box("dialog", "Submit recall?", props=("modal=True",)):
            p.add("heading", "Submit recall?", props=("level=2",))
            lots = ", ".join(st["lots"])
            p.text(f"{PRODUCTS[st['product']]} \u00b7 lots {lots}")
            if st["method"]:
                p.text(f"{n_c} customer{'s' if n_c != 1 else ''} will be notified by {st['method'].lower()}.")
            else:
                p.text("No notification method selected.")
            p.text("All stock of these lots will be placed on recall hold at every warehouse. "
                   "A submitted recall cannot be withdrawn.")
            p.add("button", "Cancel")
            p.add("button", "Submit recall", props=("busy=True",) if dialog_busy else ())
    return p


def _wiz1(p, st):
    p.add("combobox", "Product", value=product_label(st["product"]) if st["product"] else st["product_query"],
          props=("autocomplete='list'", "hasPopup='listbox'", f"expanded={st['listbox']}", "required=True"))
    if st["listbox"]:
        with p.box("listbox", "Product suggestions"):
            q = st["product_query"].lower()
            for s, n in PRODUCTS.items():
                if all(w in n.lower() for w in q.split()):
                    p.add("option", product_label(s), props=("selected=False",))
    if not st["product"]:
        p.text("Choose a product to list its lots.")
        return
    lots = sorted((l for l in LOTS.values() if l.sku == st["product"]), key=lambda l: l.lot)
    with p.box("table", f"Lots of {PRODUCTS[st['product']]}"):
        with p.box("row", ""):
            for h in ["Select", "Lot", "Produced", "Use by", "Shipped (cases)", "On hand (cases)", "Status"]:
                p.add("columnheader", h)
        for l in lots:
            shipped = sum(cs for c, lt, d_, cs in TURKEY_SHIPMENTS if lt == l.lot)
            with p.box("row", ""):
                with p.box("gridcell", ""):
                    p.add("checkbox", f"Select lot {l.lot}", props=(chk(l.lot in st["lots"]),))
                with p.box("gridcell", ""):
                    p.add("link", l.lot)
                p.add("gridcell", fd(l.produced))
                p.add("gridcell", fd(l.best))
                p.add("gridcell", num(shipped))
                p.add("gridcell", num(l.on_hand))
                p.add("gridcell", l.status)
    n = len(st["lots"])
    p.text(f"{n} lot{'s' if n != 1 else ''} selected")


def _wiz2(p, st):
    p.add("combobox", "Reason", value=st["reason"] or "Select a reason",
          props=("hasPopup='menu'", "expanded=False", "required=True"))
    if st["reason"] == "Undeclared allergen":
        p.add("textbox", "Allergen(s) not declared on label", value=st["allergen"], props=("required=True",))
        p.text("Major allergens: milk, egg, fish, shellfish, tree nuts, peanuts, wheat, soy, sesame")
    with p.box("radiogroup", "Health hazard classification", props=("required=True",)):
        for k, v in HAZARD.items():
            p.add("radio", v, props=(chk(st["hazard"] == k),))
    p.add("textbox", "Details for customers", value=st["details"], props=("multiline=True", "required=True"))
    p.text("Shown in the customer letter.")
    p.add("textbox", "Internal note (optional)", value=st["note"], props=("multiline=True",))


def _wiz3(p, st):
    p.add("combobox", "Shipments from", value=st["ship_range"], props=("hasPopup='menu'", "expanded=False"))
    rows = affected(st)
    lots = " or ".join(st["lots"])
    p.text(f"{len(rows)} customer{'s' if len(rows) != 1 else ''} received {lots} "
           f"({st['ship_range'].lower()})")
    with p.box("table", "Affected customers"):
        with p.box("row", ""):
            for h in ["Notify", "Customer", "Account", "Lots received", "Cases", "Last shipped", "Contact"]:
                p.add("columnheader", h)
        for c, (ls, cs, last) in rows:
            with p.box("row", ""):
                with p.box("gridcell", ""):
                    p.add("checkbox", f"Notify {CUSTOMERS[c][0]}", props=(chk(True),))
                p.add("gridcell", CUSTOMERS[c][0])
                p.add("gridcell", c)
                p.add("gridcell", ", ".join(ls))
                p.add("gridcell", str(cs))
                p.add("gridcell", fd(last))
                p.add("gridcell", CUSTOMERS[c][1])
    with p.box("radiogroup", "Notification method", props=("required=True",)):
        for m in METHODS:
            p.add("radio", m, props=(chk(st["method"] == m),))
    p.add("checkbox", "Attach customer letter (PDF)", props=(chk(st["attach"]),))
    p.add("checkbox", "Also notify account sales reps", props=(chk(st["reps"]),))


def _wiz4(p, st):
    n_c = len(affected(st))
    with p.box("region", "Product and lots"):
        p.add("heading", "Product and lots", props=("level=3",))
        p.text(f"Product: {product_label(st['product'])}")
        p.text("Lots: " + ", ".join(st["lots"]))
        p.add("link", "Edit product and lots")
    with p.box("region", "Reason and classification"):
        p.add("heading", "Reason and classification", props=("level=3",))
        r = st["reason"] + (f": {st['allergen']}" if st["reason"] == "Undeclared allergen" else "")
        p.text(f"Reason: {r}")
        p.text(f"Classification: {st['hazard'] or 'Not classified'}")
        p.text("Details for customers: " + (st["details"] or "\u2014"))
        p.add("link", "Edit reason and classification")
    with p.box("region", "Customers and notification"):
        p.add("heading", "Customers and notification", props=("level=3",))
        p.text(f"Customers: {n_c} ({st['ship_range']})")
        p.text(f"Notification method: {st['method'] or 'Not selected'}")
        p.text(f"Customer letter: {'Attached' if st['attach'] else 'Not attached'}")
        p.add("link", "Edit customers and notification")
    p.text("Submitting places all stock of the selected lots on recall hold at every warehouse and sends "
           "the notifications.")


def page_recall(rid, st, toast=None, related_extra=None, opened="10:38"):
    rows = affected(st)
    p = Page(f"Recall {rid}", f"/recalls/{rid}")
    top(p, "Recalls")
    with p.box("main", ""):
        breadcrumbs(p, ["Recalls", rid])
        p.add("heading", f"Recall {rid}", props=("level=1",))
        p.text(f"Status: Open \u00b7 {st['hazard']}")
        p.add("button", "Add lots")
        p.add("button", "Record customer acknowledgement")
        p.add("button", "Close recall", props=("disabled=True",))
        with p.box("region", "Summary"):
            with p.box("DescriptionList", ""):
                r = st["reason"] + (f": {st['allergen']}" if st["reason"] == "Undeclared allergen" else "")
                for t, v in [("Product", product_label(st["product"])), ("Lots", ", ".join(st["lots"])),
                             ("Reason", r), ("Classification", st["hazard"]),
                             ("Opened", f"14 Mar 2024 {opened} by {USER}"),
                             ("Notification", st["method"] or "None"),
                             ("Customer scope", st["ship_range"])]:
                    p.add("DescriptionListTerm", t, nobid=True)
                    p.add("DescriptionListDetail", v, nobid=True)
        with p.box("region", "Customer notifications"):
            p.add("heading", "Customer notifications", props=("level=2",))
            with p.box("table", "Customer notifications"):
                with p.box("row", ""):
                    for h in ["Customer", "Account", "Lots", "Channel", "State"]:
                        p.add("columnheader", h)
                for c, (ls, cs, last) in rows:
                    with p.box("row", ""):
                        with p.box("gridcell", ""):
                            p.add("link", CUSTOMERS[c][0])
                        p.add("gridcell", c)
                        p.add("gridcell", ", ".join(ls))
                        p.add("gridcell", st["method"] or "\u2014")
                        p.add("gridcell", "Queued" if st["method"] else "Not sent")
        with p.box("region", "Recall holds"):
            p.add("heading", "Recall holds", props=("level=2",))
            with p.box("table", "Recall holds"):
                with p.box("row", ""):
                    for h in ["Lot", "Warehouse", "Cases", "State"]:
                        p.add("columnheader", h)
                for lot in st["lots"]:
                    for w in [c for c, _, _ in WAREHOUSES if c in LOTS[lot].stock]:
                        with p.box("row", ""):
                            with p.box("gridcell", ""):
                                p.add("link", lot)
                            p.add("gridcell", WH_NAME[w])
                            p.add("gridcell", num(LOTS[lot].stock[w]))
                            p.add("gridcell", "Active")
        with p.box("complementary", "Related recalls"):
            p.add("heading", "Related recalls", props=("level=2",))
            with p.box("list", ""):
                for rr in (related_extra or []) + [("RC-2024-0039", "Smoked Turkey Breast 1 lb \u00b7 Open")]:
                    with p.box("listitem", ""):
                        p.add("link", rr[0])
                        p.text(rr[1])
    bottom(p, toast=toast, updated=opened)
    return p


# --------------------------------------------------------------------------------------
# Trajectory builder
# --------------------------------------------------------------------------------------
def find_bid(page, role, name, nth=0):
    key = f"{role} {name!r}"
    hits = []
    for line in page.lines:
        s = line.strip()
        if not s.startswith("["):
            continue
        bid, rest = s[1:].split("] ", 1)
        if rest == key or rest.startswith(key + ",") or rest.startswith(key + " value="):
            hits.append(bid)
    if len(hits) <= nth:
        raise KeyError(f"{key} not on page {page.title}")
    return hits[nth]


class Run:
    def __init__(self, workflow, kind, n, task, start, outcome=None):
        self.id = f"recallhub-{workflow}-{kind}-{n:02d}"
        self.workflow, self.task = workflow, task
        self.fault = None if kind == "healthy" else kind
        self.fault_step = None
        self.start = start
        self.cur = start
        self.steps = []
        self.outcome = outcome or {"success": self.fault is None}

    def mark(self):
        """The next step is the first one off track (see the labelling rule in FORMATS.md)."""
        assert self.fault_step is None, self.id
        self.fault_step = len(self.steps)

    def act(self, commitment, verb, role, name, reasoning, page, arg=None, effect="read", nth=0, error=None):
        bid = find_bid(self.cur, role, name, nth)
        if verb == "click":
            cmd = f"click({bid!r})"
        elif verb == "fill":
            cmd = f"fill({bid!r}, {arg!r})"
        elif verb == "select":
            cmd = f"select_option({bid!r}, {arg!r})"
        elif verb == "press":
            cmd = f"press({bid!r}, {arg!r})"
        else:
            raise ValueError(verb)
        self._push(commitment, cmd, reasoning, f"{role} {name!r}", effect, page, error)

    def say(self, commitment, message, reasoning):
        self._push(commitment, f"send_msg_to_user({message!r})", reasoning, "chat with user", "read", self.cur)

    def _push(self, commitment, cmd, reasoning, target, effect, page, error=None):
        step = {"action": {"command": cmd, "reasoning": reasoning, "target": target, "effect": effect},
                "observation": page.obs(error)}
        if commitment:
            step = {"commitment": commitment, **step}
        self.steps.append(step)
        self.cur = page

    def record(self):
        if self.fault is not None:
            assert self.fault_step is not None and 0 <= self.fault_step < len(self.steps), self.id
        return {
            "id": self.id,
            "workflow": self.workflow,
            "task": self.task,
            "plan": f"plans/{self.workflow}.yaml",
            "label": {"fault": self.fault, "first_off_track_step": self.fault_step},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": self.outcome,
        }


# --------------------------------------------------------------------------------------
# Workflow 1: open a recall through the wizard
# --------------------------------------------------------------------------------------
TASK_RECALL = ("Open a Class II recall for Smoked Turkey Breast 2 lb (SKU 40112) covering lots L-24-0317 and "
               "L-24-0318. Reason: undeclared allergen (milk). Include every customer who received either lot, "
               "notify them by email, and submit the recall.")
DETAILS = [
    "Lots L-24-0317 and L-24-0318 were glazed with a honey glaze containing milk powder. Milk is not "
    "declared on the label. Stop selling and hold all product from these lots.",
    "Undeclared milk: the glaze used on lots L-24-0317 and L-24-0318 contains nonfat dry milk that is not on "
    "the label. Remove these lots from sale and keep them aside for credit.",
    "The glaze on these two lots contains milk, which is not declared on the package. Please pull "
    "L-24-0317 and L-24-0318 from shelves and hold for pickup.",
]
RECALL_DONE = ("Recall {rid} is submitted: Class II, undeclared milk, Smoked Turkey Breast 2 lb lots L-24-0317 "
               "and L-24-0318; {n} customers are being notified by email.")


class RecallSim:
    """Small helper that walks the wizard and keeps its state."""

    def __init__(self, run, st=None, draft=None):
        self.r, self.st, self.draft = run, st or new_state(), draft
        self.step = 1

    def page(self, **kw):
        return page_wizard(self.step, self.st, draft=self.draft, **kw)

    def pick_product(self, query="Smoked Turkey Breast 2"):
        self.st.update(product_query=query, listbox=True)
        self.r.act("choose-product-lots", "fill", "combobox", "Product",
                   "Type the product name to find it in the product list", self.page(), arg=query, effect="write")
        self.st.update(listbox=False, product=TARGET_SKU)
        self.r.act("choose-product-lots", "click", "option", product_label(TARGET_SKU),
                   "Pick the 2 lb smoked turkey breast, SKU 40112", self.page(), effect="write")

    def tick(self, lot, why=None):
        self.st["lots"] = sorted(self.st["lots"] + [lot])
        self.r.act("choose-product-lots", "click", "checkbox", f"Select lot {lot}",
                   why or f"Select lot {lot}", self.page(), effect="write")

    def next(self, commitment, why):
        self.step += 1
        self.r.act(commitment, "click", "button", f"Next: {STEPS[self.step - 1]}", why, self.page())

    def reason(self, allergen="Milk", hazard="Class II", details=DETAILS[0], order=("reason", "allergen", "hazard",
                                                                                     "details")):
        for what in order:
            if what == "reason":
                self.st["reason"] = "Undeclared allergen"
                self.r.act("reason-classification", "select", "combobox", "Reason",
                           "The recall reason is an undeclared allergen", self.page(), arg="Undeclared allergen",
                           effect="write")
            elif what == "allergen":
                self.st["allergen"] = allergen
                self.r.act("reason-classification", "fill", "textbox", "Allergen(s) not declared on label",
                           "Enter the undeclared allergen", self.page(), arg=allergen, effect="write")
            elif what == "hazard":
                self.st["hazard"] = hazard
                self.r.act("reason-classification", "click", "radio", HAZARD[hazard],
                           f"The task asks for a {hazard} recall", self.page(), effect="write")
            elif what == "details":
                self.st["details"] = details
                self.r.act("reason-classification", "fill", "textbox", "Details for customers",
                           "Write the customer-facing explanation", self.page(), arg=details, effect="write")

    def customers(self, rng_choice="All shipments of selected lots", method="Email"):
        if rng_choice:
            self.st["ship_range"] = rng_choice
            self.r.act("customers-notification", "select", "combobox", "Shipments from",
                       "The default only shows the last 30 days; every customer who got the lots must be included",
                       self.page(), arg=rng_choice, effect="write")
        if method:
            self.st["method"] = method
            self.r.act("customers-notification", "click", "radio", method, "Customers are to be notified by email",
                       self.page(), effect="write")

    def submit(self, rid="RC-2024-0042", opened="10:38", cancel=False):
        self.r.act("review-submit", "click", "button", "Submit recall", "Everything on the review matches the task; "
                   "submit", self.page(dialog=True), effect="read")
        if cancel:
            return
        n_c = len(affected(self.st))
        self.r.act("review-submit", "click", "button", "Submit recall",
                   "Confirm the submission in the dialog",
                   page_recall(rid, self.st, opened=opened,
                               toast=f"Recall {rid} submitted. {n_c} customer notifications queued."),
                   nth=1, effect="irreversible")
        return n_c


def recall_healthy_1():
    """Recalls list -> New recall -> straight through the wizard."""
    start = page_recalls()
    r = Run("open_recall", "healthy", 1, TASK_RECALL, start)
    s = RecallSim(r)
    r.act("start-recall", "click", "button", "New recall", "Start the recall wizard", s.page())
    s.pick_product()
    s.tick("L-24-0317", "Lot L-24-0317 is one of the two lots to recall")
    s.tick("L-24-0318", "Lot L-24-0318 is the second lot")
    s.next("choose-product-lots", "Both lots are selected; continue to the reason")
    s.reason()
    s.next("reason-classification", "Reason, allergen, class and details are filled")
    s.customers()
    s.next("customers-notification", "All 7 customers are listed and email is selected")
    n = s.submit()
    r.say("review-submit", RECALL_DONE.format(rid="RC-2024-0042", n=n), "The recall page shows it open")
    return r


def recall_healthy_2():
    """Dashboard with a toast -> header search for the lot -> lot page -> Start recall (pre-filled)."""
    start = page_dashboard(toast="Lab result LR-5521 for lot L-24-0301 is ready for review.")
    r = Run("open_recall", "healthy", 2, TASK_RECALL, start)
    r.act("start-recall", "click", "button", "Dismiss notification", "Dismiss the toast; it is unrelated",
          page_dashboard())
    p = page_dashboard(search_value="L-24-0317")
    r.act("start-recall", "fill", "searchbox", "Search lots, products, recalls", "Look up the first lot",
          p, arg="L-24-0317")
    r.act("start-recall", "press", "searchbox", "Search lots, products, recalls", "Run the search",
          page_search("L-24-0317"), arg="Enter")
    r.act("start-recall", "click", "link", "L-24-0317 \u00b7 Smoked Turkey Breast 2 lb",
          "This is the exact lot, Smoked Turkey Breast 2 lb", page_lot("L-24-0317"))
    s = RecallSim(r, new_state(product=TARGET_SKU, lots=["L-24-0317"], from_lot="L-24-0317"))
    r.act("start-recall", "click", "button", "Start recall for this lot",
          "Start the recall from the lot; the wizard comes pre-filled", s.page())
    s.tick("L-24-0318", "Add the second lot, L-24-0318")
    s.next("choose-product-lots", "Product and both lots are set")
    s.reason(details=DETAILS[1], order=("reason", "allergen", "details", "hazard"))
    s.next("reason-classification", "Reason and class are complete")
    s.customers()
    s.next("customers-notification", "All affected customers are listed; email chosen")
    n = s.submit(opened="10:44")
    r.say("review-submit", RECALL_DONE.format(rid="RC-2024-0042", n=n), "Recall is open and notifications queued")
    return r


def recall_healthy_3():
    """Wizard is saved as a draft half way, reopened from the Drafts tab, then finished."""
    start = page_recalls()
    r = Run("open_recall", "healthy", 3, TASK_RECALL, start)
    s = RecallSim(r)
    r.act("start-recall", "click", "button", "New recall", "Open the recall wizard", s.page())
    s.pick_product("turkey breast 2")
    s.tick("L-24-0317")
    s.tick("L-24-0318")
    s.next("choose-product-lots", "Continue to the reason step")
    s.reason(details=DETAILS[2])
    s.draft = "RC-D-0108"
    r.act("reason-classification", "click", "button", "Save draft",
          "Save progress before checking the customer list", s.page(toast="Draft RC-D-0108 saved at 10:29."),
          effect="write")
    r.act("reason-classification", "click", "link", "Recalls",
          "The draft is saved; check whether a recall already covers these lots", page_recalls())
    extra = [("RC-D-0108", "Smoked Turkey Breast 2 lb", "L-24-0317, L-24-0318", "14 Mar 2024 10:29", USER)]
    r.act("reason-classification", "click", "tab", "Drafts (2)",
          "No open recall covers these lots; go back to my draft", page_recalls(tab="Drafts", drafts_extra=extra))
    r.act("reason-classification", "click", "link", "RC-D-0108",
          "Reopen draft RC-D-0108 (Smoked Turkey Breast 2 lb), not RC-D-0106 which is the 1 lb product",
          s.page())
    s.next("reason-classification", "Saved reason and class came back intact; continue")
    s.customers()
    s.next("customers-notification", "Seven customers, email")
    n = s.submit(opened="10:33")
    r.say("review-submit", RECALL_DONE.format(rid="RC-2024-0042", n=n), "Submitted from the draft")
    return r


def recall_healthy_4():
    """Lots list re-sorted by product, paged, lot opened, wizard with a Back detour, optional note left empty."""
    start = page_lots()
    r = Run("open_recall", "healthy", 4, TASK_RECALL, start)
    r.act("start-recall", "click", "button", "Sort by Product", "Group the lots by product to find the turkey lots",
          page_lots(sort="product"))
    pg = page_of("L-24-0318", sort="product")
    r.act("start-recall", "click", "link", f"Page {pg}", "Smoked Turkey Breast sorts further down the list",
          page_lots(sort="product", page=pg))
    r.act("start-recall", "click", "link", "L-24-0318", "Open lot L-24-0318 (Smoked Turkey Breast 2 lb)",
          page_lot("L-24-0318"))
    s = RecallSim(r, new_state(product=TARGET_SKU, lots=["L-24-0318"], from_lot="L-24-0318"))
    r.act("start-recall", "click", "button", "Start recall for this lot", "Start the recall from this lot", s.page())
    s.tick("L-24-0317", "Also include lot L-24-0317")
    s.next("choose-product-lots", "Both lots selected")
    s.reason(details=DETAILS[0], order=("reason", "hazard", "allergen", "details"))
    s.next("reason-classification", "The optional internal note is not needed")
    s.customers()
    s.next("customers-notification", "Go to the review")
    s.step = 3
    r.act("review-submit", "click", "button", "Back", "Double-check the customer list before submitting", s.page())
    s.next("customers-notification", "Customer list is complete (7); back to the review")
    n = s.submit(opened="10:46")
    r.say("review-submit", RECALL_DONE.format(rid="RC-2024-0042", n=n), "Recall submitted")
    return r


# --------------------------------------------------------------------------------------
# Workflow 2: quarantine one lot at one warehouse
# --------------------------------------------------------------------------------------
TASK_HOLD = ("Quarantine lot L-24-0291 (Chicken Tikka Masala 12 oz, SKU 51207) at Riverside DC only, with reason "
             "temperature excursion, and confirm the hold. Stock of this lot at other warehouses stays released.")
HOLD_DONE = ("Lot L-24-0291 is quarantined at Riverside DC: hold {hid}, {cases} cases, reason temperature excursion. "
             "Eastgate DC and Riverview Cold Store stock is still released.")


def hold_history_row(hid, wh, cases, time="10:41"):
    return [(hid, WH_NAME[wh], num(cases), "Temperature excursion", USER, f"14 Mar 2024 {time}", "Active")]


def hold_tail(r, lot="L-24-0291", wh="RSD", templog="", note="", time="10:41", hid="H-8812", say=True):
    """From lot detail: open the hold form, choose the reason, place and confirm the hold."""
    l = LOTS[lot]
    r.act("open-hold-form", "click", "button", f"Quarantine lot at {WH_NAME[wh]}",
          f"Use the Quarantine action on the {WH_NAME[wh]} row", page_hold_form(lot, wh))
    r.act("hold-details", "select", "combobox", "Reason", "The reason is a temperature excursion",
          page_hold_form(lot, wh, reason="Temperature excursion"), arg="Temperature excursion", effect="write")
    if templog:
        r.act("hold-details", "fill", "textbox", "Temperature log reference (optional)",
              "Add the temperature log reference", page_hold_form(lot, wh, reason="Temperature excursion",
                                                                  templog=templog),
              arg=templog, effect="write")
    if note:
        r.act("hold-details", "fill", "textbox", "Note (optional)", "Add a short note for the warehouse",
              page_hold_form(lot, wh, reason="Temperature excursion", templog=templog, note=note),
              arg=note, effect="write")
    r.act("confirm-hold", "click", "button", "Place hold", "Form is complete; place the hold",
          page_hold_form(lot, wh, reason="Temperature excursion", templog=templog, note=note, dialog=True))
    cases = l.stock[wh]
    r.act("confirm-hold", "click", "button", "Confirm hold", f"The dialog shows {num(cases)} cases at "
          f"{WH_NAME[wh]}; confirm",
          page_lot(lot, holds={wh: hid}, hold_history=hold_history_row(hid, wh, cases, time),
                   toast=f"Hold {hid} placed on {num(cases)} cases of {lot} at {WH_NAME[wh]}.", updated=time),
          effect="irreversible")
    if say:
        r.say("confirm-hold", HOLD_DONE.format(hid=hid, cases=num(cases)), "The Riverside DC row shows the hold")


def hold_healthy_1():
    """Header search for the exact lot."""
    start = page_lots()
    r = Run("quarantine_lot", "healthy", 1, TASK_HOLD, start)
    p = page_lots(search_value="L-24-0291")
    r.act("open-lot", "fill", "searchbox", "Search lots, products, recalls", "Search for the lot number", p,
          arg="L-24-0291")
    r.act("open-lot", "press", "searchbox", "Search lots, products, recalls", "Run the search",
          page_search("L-24-0291"), arg="Enter")
    r.act("open-lot", "click", "link", "L-24-0291 \u00b7 Chicken Tikka Masala 12 oz", "Exact lot match",
          page_lot("L-24-0291"))
    hold_tail(r)
    return r


def hold_healthy_2():
    """Dismiss a toast, use the filter panel (warehouse + product), open the lot from the filtered list."""
    toast = "Cycle count at Eastgate DC is due Friday 15 March."
    start = page_lots(toast=toast)
    r = Run("quarantine_lot", "healthy", 2, TASK_HOLD, start)
    r.act("open-lot", "click", "button", "Dismiss notification", "Close the cycle count reminder", page_lots())
    r.act("open-lot", "click", "button", "Filters", "Narrow the list with filters", page_lots(filters_open=True))
    r.act("open-lot", "select", "combobox", "Warehouse", "Only lots stocked at Riverside DC",
          page_lots(filters_open=True, draft_wh="Riverside DC"), arg="Riverside DC")
    r.act("open-lot", "fill", "textbox", "Product contains", "Filter to the tikka masala products",
          page_lots(filters_open=True, draft_wh="Riverside DC", draft_product="Tikka"), arg="Tikka")
    r.act("open-lot", "click", "button", "Apply filters", "Apply the two filters",
          page_lots(wh="RSD", product="Tikka"))
    r.act("open-lot", "click", "link", "L-24-0291",
          "L-24-0291 is the 12 oz lot from 20 Feb; L-24-0292 and L-24-0290 are its neighbours", page_lot("L-24-0291"))
    hold_tail(r, time="10:52", note="Reefer trailer 14 logged 9 \u00b0C for 3 h on receipt 13 Mar.")
    return r


def hold_healthy_3():
    """Sort lots by lot number, page to the lot, add the optional temperature log reference."""
    start = page_lots()
    r = Run("quarantine_lot", "healthy", 3, TASK_HOLD, start)
    r.act("open-lot", "click", "button", "Sort by Lot", "Sort by lot number to page to it", page_lots(sort="lot"))
    pg = page_of("L-24-0291", sort="lot")
    r.act("open-lot", "click", "link", f"Page {pg}", "L-24-0291 falls on this page",
          page_lots(sort="lot", page=pg))
    r.act("open-lot", "click", "link", "L-24-0291", "Open lot L-24-0291", page_lot("L-24-0291"))
    hold_tail(r, templog="TL-RSD-0313-14", time="10:37")
    return r


def hold_healthy_4():
    """Open the lot from the dashboard's Recently viewed list."""
    start = page_dashboard(recent=["L-24-0292", "L-24-0291", "RC-2024-0039", "L-24-0219", "L-24-0318"])
    r = Run("quarantine_lot", "healthy", 4, TASK_HOLD, start)
    r.act("open-lot", "click", "link", "L-24-0291", "Lot L-24-0291 is in Recently viewed (not L-24-0292 above it)",
          page_lot("L-24-0291", recent=["L-24-0292", "RC-2024-0039", "L-24-0219", "L-24-0318"]))
    hold_tail(r, time="10:26")
    return r


HEALTHY = [recall_healthy_1, recall_healthy_2, recall_healthy_3, recall_healthy_4,
           hold_healthy_1, hold_healthy_2, hold_healthy_3, hold_healthy_4]

# --------------------------------------------------------------------------------------
# Plans: written from the task text and the healthy pages only (before any faulty run
# existed) and not edited afterwards.
# --------------------------------------------------------------------------------------
PLAN_OPEN_RECALL = """\
# Plan for the recall wizard workflow (RecallHub, Northgate Provisions)
task: {task}
plan_falsifiers:
  execution:
    - Sign in to RecallHub
    - Your session has expired. Please sign in again.
    - Something went wrong on our side
    - You don't have permission to do this
commitments:
  - id: start-recall
    subgoal: Get into the New recall wizard
    skill: open_wizard
    confidence: 0.8
    confirm:
      precondition: [Recalls list is shown, RecallHub dashboard]
      progress: [Lot L-24-0317 detail page, Lot L-24-0318 detail page]
      completion: [New recall wizard on step 1 of 4 (Product and lots)]
    falsify:
      execution:
        - Recall RC-2024-0039 (Smoked Turkey Breast 1 lb) is open
        - Draft RC-D-0106 is open
        - Lot L-24-0319 detail page
        - Lot L-24-0316 detail page
      skill: [New recall button is disabled]
      planning: []
  - id: choose-product-lots
    subgoal: Pick Smoked Turkey Breast 2 lb (SKU 40112) and tick lots L-24-0317 and L-24-0318
    confidence: 0.7
    confirm:
      precondition: [Product field is empty or already set to Smoked Turkey Breast 2 lb]
      progress: [Smoked Turkey Breast 2 lb (SKU 40112) is selected as the product]
      completion: [Lots L-24-0317 and L-24-0318 are checked, 2 lots selected]
    falsify:
      execution:
        - Smoked Turkey Breast 1 lb (SKU 40111) selected
        - Honey Smoked Turkey Breast 2 lb (SKU 40121) selected
        - Lot L-24-0319 is checked
        - Lot L-24-0316 is checked
      skill: [No lots listed for this product]
      planning: [Lot L-24-0317 or L-24-0318 is already under an open recall]
  - id: reason-classification
    subgoal: "Reason and classification: undeclared allergen, milk, Class II, customer details filled in"
    confidence: 0.6
    confirm:
      progress: [Reason is Undeclared allergen]
      completion:
        - Allergen milk entered
        - Class II is selected
        - Details for customers mention the undeclared milk
    falsify:
      execution:
        - Class I selected
        - Class III selected
        - Reason is Mislabeling
      skill: [There is no field for the allergen]
      planning: []
  - id: customers-notification
    subgoal: Include every customer who received either lot and notify them by email
    confidence: 0.6
    confirm:
      progress: [Affected customers table lists who received L-24-0317 or L-24-0318]
      completion:
        - Shipments from is set to all shipments of the selected lots
        - Notification method Email is selected
    falsify:
      execution:
        - Notification method Phone call list selected
        - Notification method EDI recall message selected
        - "Pine Valley Market #2 is in the customer list"
      skill: []
      planning: [No customers received these lots]
  - id: review-submit
    subgoal: Check the review page and submit the recall, confirming the dialog
    confidence: 0.7
    confirm:
      precondition: [Review and submit, step 4 of 4]
      progress: ["Confirmation dialog 'Submit recall?' is open"]
      completion:
        - Recall submitted and shown as Open, Class II
        - Customer notifications queued by email
    falsify:
      execution:
        - {{text: Discard, on: action}}
        - Recall could not be submitted
        - Please correct the highlighted fields
      skill: [Submit recall button is disabled]
      planning: []
"""

PLAN_QUARANTINE = """\
# Plan for quarantining one lot at one warehouse (RecallHub, Northgate Provisions)
task: {task}
plan_falsifiers:
  execution:
    - Sign in to RecallHub
    - Your session has expired. Please sign in again.
    - Something went wrong on our side
    - You don't have permission to do this
commitments:
  - id: open-lot
    subgoal: Open lot L-24-0291, Chicken Tikka Masala 12 oz
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [Lots list is shown]
      progress: [Search results for L-24-0291, Lots list filtered to Tikka at Riverside DC]
      completion: [Lot L-24-0291 detail page for Chicken Tikka Masala 12 oz (SKU 51207)]
    falsify:
      execution:
        - Lot L-24-0292 detail page
        - Lot L-24-0290 detail page
        - Lot L-24-0219 (Chicken Tikka Masala 24 oz)
        - Lot L-24-0293 (Chicken Korma 12 oz)
        - No lots match
      skill: []
      planning: [Lot L-24-0291 is already on hold at Riverside DC]
  - id: open-hold-form
    subgoal: Start a quarantine for the Riverside DC stock of the lot
    confidence: 0.7
    confirm:
      precondition: [Stock by warehouse shows Riverside DC as Released]
      completion: [Quarantine lot L-24-0291 form with warehouse Riverside DC]
    falsify:
      execution:
        - Quarantine form for Eastgate DC
        - Quarantine form for Riverview Cold Store
        - {{text: Move stock from Riverside DC, on: action}}
      skill: [No Quarantine action on the Riverside DC row]
      planning: []
  - id: hold-details
    subgoal: Choose reason Temperature excursion and keep the full Riverside DC quantity
    confidence: 0.7
    confirm:
      completion: [Reason Temperature excursion selected, cases to hold 1240]
    falsify:
      execution:
        - Reason Damaged packaging selected
        - Reason Pending lab results selected
        - Warehouse set to Riverview Cold Store
      skill: []
      planning: []
  - id: confirm-hold
    subgoal: Place the hold and confirm it
    confidence: 0.7
    confirm:
      progress: ["Confirm quarantine: place 1,240 cases of lot L-24-0291 at Riverside DC on hold"]
      completion:
        - Hold placed on L-24-0291 at Riverside DC
        - Riverside DC row shows On hold with a hold number
    falsify:
      execution:
        - Eastgate DC row shows On hold
        - Riverview Cold Store row shows On hold
        - {{text: Release hold at Riverside DC, on: action}}
      skill: []
      planning: []
"""


def yq(s):
    return json.dumps(s, ensure_ascii=False)


PLANS = {
    "open_recall": PLAN_OPEN_RECALL.format(task=yq(TASK_RECALL)),
    "quarantine_lot": PLAN_QUARANTINE.format(task=yq(TASK_HOLD)),
}


# --------------------------------------------------------------------------------------
# Faulty runs (written after the plans above were fixed)
# --------------------------------------------------------------------------------------
def recall_wrong_value():
    """Healthy-1 path, but 'Soy' is typed as the undeclared allergen (agent fault at the fill)."""
    start = page_recalls()
    r = Run("open_recall", "wrong_value", 1, TASK_RECALL, start)
    s = RecallSim(r)
    r.act("start-recall", "click", "button", "New recall", "Start the recall wizard", s.page())
    s.pick_product()
    s.tick("L-24-0317", "First lot to recall")
    s.tick("L-24-0318", "Second lot to recall")
    s.next("choose-product-lots", "Both lots selected")
    s.reason(order=("reason",))
    r.mark()
    s.reason(allergen="Soy", order=("allergen", "hazard", "details"), details="Lots L-24-0317 and L-24-0318 were glazed with a glaze containing soy "
                                     "lecithin that is not declared on the label. Stop selling and hold these lots.")
    s.next("reason-classification", "Reason and class filled")
    s.customers()
    s.next("customers-notification", "All customers and email selected")
    n = s.submit(opened="10:40")
    r.say("review-submit", f"Recall RC-2024-0042 is submitted as a Class II undeclared-allergen recall for Smoked "
                           f"Turkey Breast 2 lb lots L-24-0317 and L-24-0318; {n} customers are being emailed.",
          "Recall shows Open")
    return r


def recall_skipped_required():
    """Lot-page path; the required notification method is never chosen before Next (agent fault)."""
    start = page_dashboard()
    r = Run("open_recall", "skipped_required_field", 1, TASK_RECALL, start)
    p = page_dashboard(search_value="L-24-0317")
    r.act("start-recall", "fill", "searchbox", "Search lots, products, recalls", "Find the first lot", p,
          arg="L-24-0317")
    r.act("start-recall", "press", "searchbox", "Search lots, products, recalls", "Search",
          page_search("L-24-0317"), arg="Enter")
    r.act("start-recall", "click", "link", "L-24-0317 \u00b7 Smoked Turkey Breast 2 lb", "Open the lot",
          page_lot("L-24-0317"))
    s = RecallSim(r, new_state(product=TARGET_SKU, lots=["L-24-0317"], from_lot="L-24-0317"))
    r.act("start-recall", "click", "button", "Start recall for this lot", "Start the recall from this lot",
          s.page())
    s.tick("L-24-0318", "Add lot L-24-0318")
    s.next("choose-product-lots", "Both lots selected")
    s.reason(details=DETAILS[1])
    s.next("reason-classification", "Reason step complete")
    s.customers(method=None)
    r.mark()
    s.next("customers-notification", "Every customer who received the lots is listed now")
    s.r.act("review-submit", "click", "button", "Submit recall", "Review looks right; submit",
            s.page(dialog=True))
    st = s.st
    r.act("review-submit", "click", "button", "Submit recall", "Confirm",
          page_recall("RC-2024-0042", st, opened="10:43",
                      toast="Recall RC-2024-0042 submitted. Customer notifications: none queued."),
          nth=1, effect="irreversible")
    r.say("review-submit", RECALL_DONE.format(rid="RC-2024-0042", n=7), "Recall is open")
    return r


def recall_premature_done():
    """Healthy-1 path up to the review page; the agent reports success without submitting."""
    start = page_recalls(recent=["L-24-0318", "L-24-0317", "RC-2024-0039", "L-24-0292", "L-24-0219"])
    r = Run("open_recall", "premature_done", 1, TASK_RECALL, start)
    s = RecallSim(r)
    r.act("start-recall", "click", "button", "New recall", "Open the wizard", s.page())
    s.pick_product("Smoked Turkey")
    s.tick("L-24-0318", "Select L-24-0318")
    s.tick("L-24-0317", "Select L-24-0317")
    s.next("choose-product-lots", "Two lots selected")
    s.reason(details=DETAILS[2], order=("reason", "allergen", "hazard", "details"))
    s.next("reason-classification", "Continue")
    s.customers()
    s.next("customers-notification", "Go to the review")
    r.mark()
    r.say("review-submit", "The recall for Smoked Turkey Breast 2 lb lots L-24-0317 and L-24-0318 is opened: "
                           "Class II, undeclared milk, 7 customers to be notified by email.",
          "The review page shows everything the task asked for")
    return r


def recall_dialog_cancelled():
    """Healthy-4 path; in the confirmation dialog the agent clicks Cancel and then reports success."""
    start = page_lots()
    r = Run("open_recall", "dialog_cancelled", 1, TASK_RECALL, start)
    r.act("start-recall", "click", "button", "Sort by Product", "Sort by product", page_lots(sort="product"))
    pg = page_of("L-24-0317", sort="product")
    r.act("start-recall", "click", "link", f"Page {pg}", "Turkey lots are on a later page",
          page_lots(sort="product", page=pg))
    r.act("start-recall", "click", "link", "L-24-0317", "Open lot L-24-0317", page_lot("L-24-0317"))
    s = RecallSim(r, new_state(product=TARGET_SKU, lots=["L-24-0317"], from_lot="L-24-0317"))
    r.act("start-recall", "click", "button", "Start recall for this lot", "Start the recall here", s.page())
    s.tick("L-24-0318", "Add lot L-24-0318")
    s.next("choose-product-lots", "Continue")
    s.reason(details=DETAILS[0], order=("reason", "allergen", "hazard", "details"))
    s.next("reason-classification", "Continue")
    s.customers()
    s.next("customers-notification", "Review")
    r.act("review-submit", "click", "button", "Submit recall", "Submit", s.page(dialog=True))
    r.mark()
    r.act("review-submit", "click", "button", "Cancel", "The dialog is only a notice; close it", s.page())
    r.say("review-submit", RECALL_DONE.format(rid="for lots L-24-0317/L-24-0318", n=7),
          "Recall submitted")
    return r


def recall_double_submit():
    """Healthy-1 path; the dialog does not react at once and the agent clicks Submit again (two recalls)."""
    start = page_recalls()
    r = Run("open_recall", "double_submit", 1, TASK_RECALL, start)
    s = RecallSim(r)
    r.act("start-recall", "click", "button", "New recall", "Start a new recall", s.page())
    s.pick_product()
    s.tick("L-24-0317")
    s.tick("L-24-0318")
    s.next("choose-product-lots", "Lots chosen")
    s.reason(details=DETAILS[1])
    s.next("reason-classification", "Continue")
    s.customers()
    s.next("customers-notification", "Continue to review")
    r.act("review-submit", "click", "button", "Submit recall", "Submit the recall", s.page(dialog=True))
    r.act("review-submit", "click", "button", "Submit recall", "Confirm in the dialog", s.page(dialog=True),
          nth=1, effect="irreversible")
    r.mark()
    r.act("review-submit", "click", "button", "Submit recall", "The dialog is still open; click Submit recall again",
          page_recall("RC-2024-0043", s.st, opened="10:41",
                      toast="Recall RC-2024-0043 submitted. 7 customer notifications queued.",
                      related_extra=[("RC-2024-0042", "Smoked Turkey Breast 2 lb \u00b7 Open \u00b7 opened 10:41")]),
          nth=1, effect="irreversible")
    r.say("review-submit", RECALL_DONE.format(rid="RC-2024-0043", n=7), "The recall page is shown")
    return r


def recall_wrong_option():
    """Draft path; 'Shipments from' is left at 'Last 30 days', so only 4 of 7 customers are notified."""
    start = page_recalls()
    r = Run("open_recall", "wrong_option", 1, TASK_RECALL, start)
    s = RecallSim(r)
    r.act("start-recall", "click", "button", "New recall", "Open the recall wizard", s.page())
    s.pick_product("turkey breast 2")
    s.tick("L-24-0317")
    s.tick("L-24-0318")
    s.next("choose-product-lots", "Continue to the reason step")
    s.reason(details=DETAILS[0])
    s.draft = "RC-D-0108"
    r.act("reason-classification", "click", "button", "Save draft", "Save progress",
          s.page(toast="Draft RC-D-0108 saved at 10:27."), effect="write")
    r.act("reason-classification", "click", "link", "Recalls", "Check the existing recalls first", page_recalls())
    extra = [("RC-D-0108", "Smoked Turkey Breast 2 lb", "L-24-0317, L-24-0318", "14 Mar 2024 10:27", USER)]
    r.act("reason-classification", "click", "tab", "Drafts (2)", "Return to my draft",
          page_recalls(tab="Drafts", drafts_extra=extra))
    r.act("reason-classification", "click", "link", "RC-D-0108", "Reopen draft RC-D-0108", s.page())
    s.next("reason-classification", "Saved values are intact")
    s.customers(rng_choice=None)
    r.mark()
    s.next("customers-notification", "Customers listed and email selected")
    n = s.submit(opened="10:35")
    r.say("review-submit", RECALL_DONE.format(rid="RC-2024-0042", n=n), "Recall submitted")
    return r


def hold_wrong_record():
    """Product-name search; the newest sibling lot L-24-0292 is opened and quarantined (agent fault)."""
    start = page_lots()
    r = Run("quarantine_lot", "wrong_record", 1, TASK_HOLD, start)
    r.act("open-lot", "fill", "searchbox", "Search lots, products, recalls", "Search by the product name",
          page_lots(search_value="Tikka Masala 12"), arg="Tikka Masala 12")
    r.act("open-lot", "press", "searchbox", "Search lots, products, recalls", "Run the search",
          page_search("Tikka Masala 12"), arg="Enter")
    r.mark()
    r.act("open-lot", "click", "link", "L-24-0292 \u00b7 Chicken Tikka Masala 12 oz",
          "Top result is the Chicken Tikka Masala 12 oz lot", page_lot("L-24-0292"))
    hold_tail(r, lot="L-24-0292", time="10:39", say=False)
    r.say("confirm-hold", "The Chicken Tikka Masala 12 oz lot is quarantined at Riverside DC: hold H-8812, "
                          "1,180 cases, reason temperature excursion. Other warehouses are untouched.",
          "Hold shows on the Riverside DC row")
    return r


def _to_form(r, lot="L-24-0291", wh="RSD"):
    r.act("open-hold-form", "click", "button", f"Quarantine lot at {WH_NAME[wh]}",
          f"Quarantine the {WH_NAME[wh]} stock", page_hold_form(lot, wh))
    r.act("hold-details", "select", "combobox", "Reason", "Reason: temperature excursion",
          page_hold_form(lot, wh, reason="Temperature excursion"), arg="Temperature excursion", effect="write")


def hold_silent_noop():
    """Exact search path; 'Place hold' does nothing (no dialog, no message) and the agent reports success."""
    start = page_lots()
    r = Run("quarantine_lot", "silent_noop", 1, TASK_HOLD, start)
    r.act("open-lot", "fill", "searchbox", "Search lots, products, recalls", "Search for the lot",
          page_lots(search_value="L-24-0291"), arg="L-24-0291")
    r.act("open-lot", "press", "searchbox", "Search lots, products, recalls", "Search",
          page_search("L-24-0291"), arg="Enter")
    r.act("open-lot", "click", "link", "L-24-0291 \u00b7 Chicken Tikka Masala 12 oz", "Exact match",
          page_lot("L-24-0291"))
    _to_form(r)
    r.mark()
    r.act("confirm-hold", "click", "button", "Place hold", "Place the hold",
          page_hold_form("L-24-0291", "RSD", reason="Temperature excursion"))
    r.say("confirm-hold", HOLD_DONE.format(hid="placed", cases="1,240"), "Hold submitted")
    return r


def hold_stale_page():
    """Filter path; after confirming, the lot page comes back stale (no hold shown, old refresh time)."""
    start = page_lots(toast="Cycle count at Eastgate DC is due Friday 15 March.")
    r = Run("quarantine_lot", "stale_page", 1, TASK_HOLD, start)
    r.act("open-lot", "click", "button", "Dismiss notification", "Dismiss the reminder", page_lots())
    r.act("open-lot", "click", "button", "Filters", "Open the filters", page_lots(filters_open=True))
    r.act("open-lot", "select", "combobox", "Warehouse", "Riverside DC only",
          page_lots(filters_open=True, draft_wh="Riverside DC"), arg="Riverside DC")
    r.act("open-lot", "fill", "textbox", "Product contains", "Tikka products",
          page_lots(filters_open=True, draft_wh="Riverside DC", draft_product="Tikka"), arg="Tikka")
    r.act("open-lot", "click", "button", "Apply filters", "Apply", page_lots(wh="RSD", product="Tikka"))
    r.act("open-lot", "click", "link", "L-24-0291", "Open L-24-0291", page_lot("L-24-0291"))
    _to_form(r)
    r.act("hold-details", "fill", "textbox", "Note (optional)", "Add a note",
          page_hold_form("L-24-0291", "RSD", reason="Temperature excursion", note="Reefer 14 excursion 13 Mar."),
          arg="Reefer 14 excursion 13 Mar.", effect="write")
    r.act("confirm-hold", "click", "button", "Place hold", "Place the hold",
          page_hold_form("L-24-0291", "RSD", reason="Temperature excursion", note="Reefer 14 excursion 13 Mar.",
                         dialog=True))
    r.mark()
    r.act("confirm-hold", "click", "button", "Confirm hold", "Confirm", page_lot("L-24-0291", updated="08:05"),
          effect="irreversible")
    r.say("confirm-hold", HOLD_DONE.format(hid="placed", cases="1,240"), "Back on the lot page after confirming")
    return r


def hold_error_banner():
    """Sort-and-page path; the lot page after confirming carries an error alert that the agent ignores."""
    start = page_lots()
    r = Run("quarantine_lot", "error_banner", 1, TASK_HOLD, start)
    r.act("open-lot", "click", "button", "Sort by Lot", "Sort by lot number", page_lots(sort="lot"))
    pg = page_of("L-24-0291", sort="lot")
    r.act("open-lot", "click", "link", f"Page {pg}", "Go to the page with L-24-0291", page_lots(sort="lot", page=pg))
    r.act("open-lot", "click", "link", "L-24-0291", "Open the lot", page_lot("L-24-0291"))
    _to_form(r)
    r.act("confirm-hold", "click", "button", "Place hold", "Place the hold",
          page_hold_form("L-24-0291", "RSD", reason="Temperature excursion", dialog=True))
    alert = ["Hold not placed at Riverside DC.",
             "The warehouse system did not confirm the hold (WMS-504). No stock was blocked. "
             "Try again in a few minutes."]
    r.mark()
    r.act("confirm-hold", "click", "button", "Confirm hold", "Confirm the hold",
          page_lot("L-24-0291", alert=alert, updated="10:36"), effect="irreversible")
    r.say("confirm-hold", HOLD_DONE.format(hid="placed", cases="1,240"), "Confirmed")
    return r


def hold_permission_denied():
    """Recently-viewed path; the Quarantine action leads to an access-denied page."""
    start = page_dashboard(recent=["L-24-0292", "L-24-0291", "RC-2024-0039", "L-24-0219", "L-24-0318"])
    r = Run("quarantine_lot", "permission_denied", 1, TASK_HOLD, start)
    r.act("open-lot", "click", "link", "L-24-0291", "Open L-24-0291 from Recently viewed",
          page_lot("L-24-0291", recent=["L-24-0292", "RC-2024-0039", "L-24-0219", "L-24-0318"]))
    r.mark()
    r.act("open-hold-form", "click", "button", "Quarantine lot at Riverside DC", "Quarantine the Riverside DC stock",
          page_access_denied("/lots/L-24-0291/holds/new?warehouse=RSD", "L-24-0291"))
    r.act("open-hold-form", "click", "link", "Back to lot L-24-0291", "Go back to the lot",
          page_lot("L-24-0291", recent=["L-24-0292", "RC-2024-0039", "L-24-0219", "L-24-0318"]))
    r.say("confirm-hold", "I opened lot L-24-0291 and started the quarantine at Riverside DC; the request has been "
                          "passed on for the Riverside DC site role.", "Report back")
    return r


def hold_unsaved_navigation():
    """Exact search path; the filled hold form is left via the breadcrumb without saving."""
    start = page_lots()
    r = Run("quarantine_lot", "unsaved_navigation", 1, TASK_HOLD, start)
    r.act("open-lot", "fill", "searchbox", "Search lots, products, recalls", "Search for the lot",
          page_lots(search_value="L-24-0291"), arg="L-24-0291")
    r.act("open-lot", "press", "searchbox", "Search lots, products, recalls", "Search",
          page_search("L-24-0291"), arg="Enter")
    r.act("open-lot", "click", "link", "L-24-0291 \u00b7 Chicken Tikka Masala 12 oz", "Exact match",
          page_lot("L-24-0291"))
    _to_form(r)
    note = "Reefer trailer 14 logged 9 \u00b0C for 3 h on receipt 13 Mar."
    r.act("hold-details", "fill", "textbox", "Note (optional)", "Add a note for the warehouse",
          page_hold_form("L-24-0291", "RSD", reason="Temperature excursion", note=note), arg=note, effect="write")
    r.mark()
    r.act("confirm-hold", "click", "link", "L-24-0291",
          "Hold details are entered; go back to the lot page to check the Riverside DC row",
          page_lot("L-24-0291"))
    r.say("confirm-hold", HOLD_DONE.format(hid="entered", cases="1,240"), "Form was filled in")
    return r


FAULTY = [recall_wrong_value, recall_skipped_required, recall_premature_done, recall_dialog_cancelled,
          recall_double_submit, recall_wrong_option,
          hold_wrong_record, hold_silent_noop, hold_stale_page, hold_error_banner, hold_permission_denied,
          hold_unsaved_navigation]



def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=HERE, help="output folder (default: next to this script)")
    out = ap.parse_args(argv).out
    runs = [f().record() for f in HEALTHY + FAULTY]
    random.Random(SEED + 1).shuffle(runs)  # labels should not be guessable from the line order
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8") as fh:
        for r in runs:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    for name, text in PLANS.items():
        with open(os.path.join(out, "plans", f"{name}.yaml"), "w", encoding="utf-8") as fh:
            fh.write(text)
    print(f"wrote {len(runs)} trajectories and {len(PLANS)} plans to {out}")


if __name__ == "__main__":
    main()
