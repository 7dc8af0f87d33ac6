#!/usr/bin/env python3
"""Generate the TileCraft Office trajectory corpus (stdlib only, deterministic).

Writes, next to this file:
  corpus.jsonl            one trajectory per line (fcpkit trajectory-corpus contract)
  plans/quote*.yaml       plans for the "quote" workflow (one per task variant)
  plans/job*.yaml         plans for the "job" workflow (one per task variant)

Application: TileCraft Office 4.7.2, the office system of Harbor & Pine Flooring Co.
(Portland East branch), signed in as Dana Whitcombe (Estimator), today Tue 11 Mar 2025.

Order of authorship (kept in this file's layout): data -> page builders -> healthy runs ->
plans (written from the task text and the healthy pages only) -> faulty runs.  The plan
builders take only the task-variant parameters; nothing in them refers to a faulty run.
"""
import json
import math
import os
import random
from datetime import date, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))

# --------------------------------------------------------------------------------------
# The invented application
# --------------------------------------------------------------------------------------
BASE = "https://office.harborpine.tilecraft.app"
APP = "TileCraft Office"
VERSION = "4.7.2"
BUILD = "2025.02.18-r3"
VENDOR = "TileCraft Software Ltd."
ORG = "Harbor & Pine Flooring Co."
BRANCH = "Portland East"
USER = "Dana Whitcombe"
USER_ROLE = "Estimator"
USER_EMAIL = "dana.whitcombe@harborpine.com"
TODAY = date(2025, 3, 11)
NEW_QUOTE_ID = "Q-2025-0419"
NEW_JOB_ID = "JB-25-0142"
DUP_JOB_ID = "JB-25-0143"

# Customers --------------------------------------------------------------------------
CUSTOMERS = {}
for cid, name, street, city, phone, ctype in [
    ("CUS-10482", "Ellen Marsh", "41 Birchwood Ln", "Portland, OR 97214", "(503) 555-0148", "Residential"),
    ("CUS-10428", "Ellen Marsh-Rivera", "1187 SE Alder St", "Portland, OR 97214", "(503) 555-0192", "Residential"),
    ("CUS-10842", "Helen Marsh", "9 Quarry Rd", "Gresham, OR 97030", "(971) 555-0117", "Residential"),
    ("CUS-10517", "Jorge Villanueva", "2250 NE Fremont St", "Portland, OR 97212", "(503) 555-0166", "Residential"),
    ("CUS-10571", "Jorge Villanueva Jr.", "88 Canyon Ct", "Beaverton, OR 97005", "(503) 555-0103", "Residential"),
    ("CUS-10390", "Priya Desai", "615 SW Hamilton St", "Portland, OR 97239", "(503) 555-0175", "Residential"),
    ("CUS-10309", "Priya Desai-Kumar", "3310 N Williams Ave", "Portland, OR 97227", "(971) 555-0129", "Residential"),
    ("CUS-10611", "Thomas Okafor", "7420 SE Flavel St", "Portland, OR 97206", "(503) 555-0151", "Residential"),
    ("CUS-10616", "Tom Okafor Properties LLC", "500 SE Ash St", "Portland, OR 97214", "(503) 555-0110", "Property manager"),
    ("CUS-10355", "Ravi Anand", "1902 NE Tillamook St", "Portland, OR 97212", "(503) 555-0187", "Residential"),
    ("CUS-10472", "Maria Lindqvist", "4518 SE Woodstock Blvd", "Portland, OR 97206", "(503) 555-0134", "Residential"),
    ("CUS-10474", "Marie Lindquist", "27 Lakeview Dr", "Lake Oswego, OR 97034", "(503) 555-0199", "Residential"),
    ("CUS-10233", "Greenway Dental Group", "1200 NW Everett St, Suite 310", "Portland, OR 97209", "(503) 555-0120", "Commercial"),
    ("CUS-10402", "Owen Fairbanks", "66 SW Terwilliger Blvd", "Portland, OR 97239", "(503) 555-0142", "Residential"),
    ("CUS-10420", "Owen Fairbank", "1450 NE 60th Ave", "Portland, OR 97213", "(971) 555-0161", "Residential"),
    ("CUS-10301", "Hollis & Vance Architects", "815 SW 2nd Ave", "Portland, OR 97204", "(503) 555-0108", "Commercial"),
    ("CUS-10366", "Beatriz Coelho", "3021 SE Clinton St", "Portland, OR 97202", "(503) 555-0172", "Residential"),
    ("CUS-10495", "Kenji Watanabe", "7700 N Interstate Ave", "Portland, OR 97217", "(971) 555-0183", "Residential"),
    ("CUS-10512", "Sunrise Senior Living — Milwaukie", "10811 SE Main St", "Milwaukie, OR 97222", "(503) 555-0100", "Commercial"),
    ("CUS-10530", "Amara Nwosu", "5120 NE Sandy Blvd", "Portland, OR 97213", "(503) 555-0157", "Residential"),
]:
    CUSTOMERS[cid] = dict(id=cid, name=name, street=street, city=city, phone=phone, type=ctype)
CUST_BY_NAME = {c["name"]: c for c in CUSTOMERS.values()}

# Products ---------------------------------------------------------------------------
PRODUCTS = {}
for sku, name, cat, price, cov, labour, stock, rate in [
    ("PRC-1224-CAL-M", "Calacatta Porcelain 12×24 Matte", "Porcelain tile", 6.85, 15.5, 7.50, 1240, 120),
    ("PRC-1224-CAL-P", "Calacatta Porcelain 12×24 Polished", "Porcelain tile", 7.45, 15.5, 7.50, 860, 120),
    ("PRC-1224-CLG-M", "Calacatta Gold Porcelain 12×24 Matte", "Porcelain tile", 7.10, 15.5, 7.50, 410, 120),
    ("PRC-2424-SLG", "Slate Grey Porcelain 24×24", "Porcelain tile", 5.95, 16.0, 7.25, 2100, 140),
    ("PRC-2424-SLD", "Slate Dark Porcelain 24×24", "Porcelain tile", 5.95, 16.0, 7.25, 1560, 140),
    ("PRC-0848-WAL", "Walnut Wood-look Porcelain 8×48", "Porcelain tile", 6.40, 13.3, 7.90, 720, 110),
    ("MOS-02HX-CAR", "Hex Marble Mosaic 2in Carrara", "Mosaic", 18.90, 10.0, 14.00, 180, 60),
    ("MOS-03HX-CAR", "Hex Marble Mosaic 3in Carrara", "Mosaic", 17.40, 10.0, 13.50, 240, 60),
    ("MOS-02HX-NRO", "Hex Marble Mosaic 2in Nero Marquina", "Mosaic", 21.60, 10.0, 14.00, 90, 60),
    ("LVP-0748-HOW", "Harbor Oak LVP 7×48 Wheat", "Luxury vinyl plank", 3.89, 23.6, 2.75, 3900, 400),
    ("LVP-0748-HOH", "Harbor Oak LVP 7×48 Honey", "Luxury vinyl plank", 3.89, 23.6, 2.75, 2650, 400),
    ("LVP-0960-HOW", "Harbor Oak LVP 9×60 Wheat", "Luxury vinyl plank", 4.29, 22.5, 2.75, 1300, 400),
    ("LVP-0748-CDG", "Cedar Grove LVP 7×48 Driftwood", "Luxury vinyl plank", 3.49, 23.6, 2.75, 4400, 400),
    ("VCT-1212-PRL", "Commercial VCT 12×12 Pearl", "Vinyl composition tile", 1.65, 45.0, 2.10, 9000, 600),
    ("CER-0306-WHT", "Subway Ceramic 3×6 White Gloss", "Ceramic tile", 2.45, 12.5, 9.00, 1800, 80),
    ("CER-0808-TER", "Terracotta Ceramic 8×8 Saltillo", "Ceramic tile", 4.20, 10.8, 8.00, 0, 100),
]:
    PRODUCTS[sku] = dict(sku=sku, name=name, cat=cat, price=price, cov=cov, labour=labour, stock=stock, rate=rate)


def product_label(sku):
    p = PRODUCTS[sku]
    return f"{p['name']} — {sku}"


# Crews ------------------------------------------------------------------------------
CREWS = {}
for crid, name, spec, lead in [
    ("CRW-01", "Crew 1 — Novak & Reyes", "Tile & stone", "Petra Novak"),
    ("CRW-02", "Crew 2 — Osei & Brandt", "Tile & stone", "Kwame Osei"),
    ("CRW-03", "Crew 3 — Tran & Mbeki", "LVP & laminate", "Linh Tran"),
    ("CRW-04", "Crew 4 — Delgado & Hart", "Tile, LVP", "Ramon Delgado"),
    ("CRW-05", "Crew 5 — Brandt & Lund", "LVP & laminate", "Erik Brandt"),
    ("CRW-06", "Crew 6 — Ferreira Commercial", "Commercial resilient", "Ana Ferreira"),
    ("CRW-07", "Crew 2W — Osei & Brandt (weekends)", "Tile & stone", "Kofi Osei"),
    ("CRW-08", "Crew 8 — Hart & Delgado Jr.", "Tile & stone", "Sam Hart"),
]:
    CREWS[crid] = dict(id=crid, name=name, spec=spec, lead=lead)
CREW_LEAVE = {"CRW-06": (date(2025, 3, 17), date(2025, 3, 21))}

# Existing jobs ----------------------------------------------------------------------
JOBS = [
    ("JB-25-0124", "Beatriz Coelho", "Hallway runner LVP", "CRW-03", date(2025, 2, 24), 1, "Completed"),
    ("JB-25-0125", "Greenway Dental Group", "Reception (Suite 200)", "CRW-06", date(2025, 2, 27), 2, "Completed"),
    ("JB-25-0126", "Tom Okafor Properties LLC", "Unit 4B refresh", "CRW-04", date(2025, 3, 3), 2, "Completed"),
    ("JB-25-0127", "Hollis & Vance Architects", "Lobby VCT", "CRW-06", date(2025, 3, 5), 3, "Completed"),
    ("JB-25-0128", "Kenji Watanabe", "Guest room LVP", "CRW-05", date(2025, 3, 6), 1, "Completed"),
    ("JB-25-0129", "Sunrise Senior Living — Milwaukie", "Corridor B", "CRW-06", date(2025, 3, 10), 3, "In progress"),
    ("JB-25-0130", "Amara Nwosu", "Mudroom tile", "CRW-01", date(2025, 3, 11), 1, "Scheduled"),
    ("JB-25-0131", "Lena Hoffmann", "Primary bath floor", "CRW-02", date(2025, 3, 11), 2, "Scheduled"),
    ("JB-25-0132", "Marcus Bell", "Basement LVP", "CRW-03", date(2025, 3, 11), 2, "Scheduled"),
    ("JB-25-0133", "Nadia Petrov", "Kitchen tile", "CRW-02", date(2025, 3, 18), 2, "Scheduled"),
    ("JB-25-0134", "Calder Dental", "Operatory 1", "CRW-01", date(2025, 3, 17), 2, "Scheduled"),
    ("JB-25-0135", "Yusuf Demir", "Stair treads", "CRW-04", date(2025, 3, 17), 1, "Scheduled"),
    ("JB-25-0136", "Ruth Abernathy", "Sunroom tile", "CRW-08", date(2025, 3, 19), 2, "Scheduled"),
    ("JB-25-0137", "Pioneer Coffee Roasters", "Café floor", "CRW-01", date(2025, 3, 25), 2, "Scheduled"),
    ("JB-25-0138", "Gwen Tallis", "Laundry room", "CRW-02", date(2025, 3, 26), 1, "Scheduled"),
    ("JB-25-0139", "Hiro Tanaka", "Entry tile", "CRW-05", date(2025, 3, 24), 2, "Scheduled"),
    ("JB-25-0140", "Olu Adeyemi", "Whole-house LVP", "CRW-03", date(2025, 3, 19), 3, "Scheduled"),
    ("JB-25-0141", "Sunrise Senior Living — Milwaukie", "Dining room (phase 1)", None, None, 2, "Unscheduled"),
]

# Quotes (the main record kind) ----------------------------------------------------------
# id, customer id, project, estimator, created, status, total-if-not-detailed
QUOTE_ROWS = [
    ("Q-2025-0418", "CUS-10495", "Entry & mudroom", "Sofia Ruiz", date(2025, 3, 10), "Draft", 3482.10),
    ("Q-2025-0416", "CUS-10530", "Kitchen LVP", "Dana Whitcombe", date(2025, 3, 7), "Accepted", 5918.40),
    ("Q-2025-0413", "CUS-10301", "Studio floor", "Marcus Lee", date(2025, 3, 6), "Sent", 12740.00),
    ("Q-2025-0411", "CUS-10366", "Primary bath remodel", "Dana Whitcombe", date(2025, 3, 5), "Sent", 4106.75),
    ("Q-2025-0409", "CUS-10512", "Dining room", "Marcus Lee", date(2025, 3, 5), "Accepted", 18995.20),
    ("Q-2025-0406", "CUS-10474", "Sunroom tile", "Sofia Ruiz", date(2025, 3, 4), "Sent", 3310.00),
    ("Q-2025-0404", "CUS-10428", "Laundry room", "Dana Whitcombe", date(2025, 3, 3), "Declined", 1388.60),
    ("Q-2025-0402", "CUS-10472", "Kitchen & dining LVP", "Dana Whitcombe", date(2025, 3, 3), "Accepted", None),
    ("Q-2025-0400", "CUS-10571", "Basement stairs", "Marcus Lee", date(2025, 2, 28), "Sent", 2264.00),
    ("Q-2025-0398", "CUS-10842", "Powder room", "Sofia Ruiz", date(2025, 2, 28), "Draft", 1120.45),
    ("Q-2025-0395", "CUS-10233", "Operatory 3 & hallway", "Marcus Lee", date(2025, 2, 27), "Accepted", None),
    ("Q-2025-0393", "CUS-10616", "Unit 4B refresh", "Marcus Lee", date(2025, 2, 26), "Converted", 6032.90),
    ("Q-2025-0391", "CUS-10402", "Living room & hall LVP", "Sofia Ruiz", date(2025, 2, 25), "Accepted", None),
    ("Q-2025-0389", "CUS-10309", "Guest bath", "Dana Whitcombe", date(2025, 2, 24), "Sent", 2875.30),
    ("Q-2025-0387", "CUS-10355", "Primary bath floor", "Dana Whitcombe", date(2025, 2, 21), "Accepted", None),
    ("Q-2025-0384", "CUS-10420", "Garage workshop", "Marcus Lee", date(2025, 2, 20), "Declined", 4410.00),
    ("Q-2025-0381", "CUS-10233", "Reception (Suite 200)", "Sofia Ruiz", date(2025, 2, 19), "Converted", 7788.15),
    ("Q-2025-0378", "CUS-10355", "Guest bath floor", "Dana Whitcombe", date(2025, 2, 18), "Accepted", None),
    ("Q-2025-0375", "CUS-10495", "Kitchen backsplash", "Sofia Ruiz", date(2025, 2, 14), "Expired", 1960.00),
    ("Q-2025-0372", "CUS-10366", "Hallway runner LVP", "Marcus Lee", date(2025, 2, 12), "Converted", 1544.80),
]
# Detailed accepted quotes: rooms, sku, waste %, accepted date
QUOTE_DETAIL = {
    "Q-2025-0387": dict(rooms=[("Primary bath", 11, 9), ("Water closet", 5, 4)], sku="PRC-1224-CAL-M", waste=10,
                        accepted=date(2025, 2, 27), days=2),
    "Q-2025-0378": dict(rooms=[("Guest bath", 8, 6)], sku="PRC-2424-SLG", waste=10, accepted=date(2025, 2, 24),
                        days=1),
    "Q-2025-0402": dict(rooms=[("Kitchen", 16, 13), ("Dining room", 14, 12)], sku="LVP-0748-HOW", waste=7,
                        accepted=date(2025, 3, 6), days=3),
    "Q-2025-0395": dict(rooms=[("Operatory 3", 12, 11), ("Hallway", 30, 5)], sku="VCT-1212-PRL", waste=5,
                        accepted=date(2025, 3, 4), days=1),
    "Q-2025-0391": dict(rooms=[("Living room", 20, 15), ("Front hall", 12, 4)], sku="LVP-0748-HOH", waste=7,
                        accepted=date(2025, 3, 3), days=2),
}


def quote_record(qid):
    for row in QUOTE_ROWS:
        if row[0] == qid:
            q = dict(id=row[0], cust=row[1], project=row[2], estimator=row[3], created=row[4], status=row[5],
                     total=row[6])
            if qid in QUOTE_DETAIL:
                q.update(QUOTE_DETAIL[qid])
                q["total"] = estimate(q["rooms"], q["sku"], q["waste"])["total"]
            return q
    raise KeyError(qid)


# --------------------------------------------------------------------------------------
# Formatting and pricing helpers
# --------------------------------------------------------------------------------------
def money(x):
    return f"${x:,.2f}"


def num(x):
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def dlong(d):
    return f"{d.strftime('%a')} {d.day} {d.strftime('%b %Y')}"


def dshort(d):
    return f"{d.day} {d.strftime('%b %Y')}"


def add_workdays(d, n):
    """Last working day of an n-day install starting on d."""
    out, left = d, n - 1
    while left > 0:
        out += timedelta(days=1)
        if out.weekday() < 5:
            left -= 1
    return out


def estimate(rooms, sku, waste):
    area = sum(l * w for _, l, w in rooms)
    res = dict(area=area, waste=waste)
    if sku is None:
        res.update(area_w=None, boxes=None, materials=None, labour=None, total=None)
        return res
    p = PRODUCTS[sku]
    area_w = area * (1 + waste / 100.0)
    boxes = math.ceil(round(area_w / p["cov"], 6)) if area else 0
    materials = round(boxes * p["cov"] * p["price"], 2)
    labour = round(area * p["labour"], 2)
    res.update(area_w=area_w, boxes=boxes, materials=materials, labour=labour,
               total=round(materials + labour, 2))
    return res


# --------------------------------------------------------------------------------------
# Accessibility-tree nodes and rendering (BrowserGym flattened AXTree style)
# --------------------------------------------------------------------------------------
class Node:
    __slots__ = ("role", "name", "kids", "key", "value", "props")

    def __init__(self, role, name="", kids=None, key=None, value=None, props=None):
        self.role, self.name, self.kids = role, name, list(kids or [])
        self.key, self.value, self.props = key, value, list(props or [])


def n(role, name="", kids=None, key=None, value=None, props=None):
    return Node(role, name, kids, key, value, props)


def t(text):
    return Node("StaticText", text)


def link(name, key=None):
    return n("link", name, key=key, props=["clickable"])


def button(name, key=None, disabled=False, extra=None):
    props = ["clickable"] + (["disabled=True"] if disabled else []) + list(extra or [])
    return n("button", name, key=key, props=props)


def textbox(name, value="", key=None, required=False, focused=False, multiline=False, extra=None):
    props = ["clickable"]
    if focused:
        props.append("focused")
    if required:
        props.append("required")
    if multiline:
        props.append("multiline")
    props += list(extra or [])
    return n("textbox", name, key=key, value=value, props=props)


def checkbox(name, checked=False, key=None):
    return n("checkbox", name, key=key, props=["clickable", f"checked='{str(checked).lower()}'"])


def select(name, options, value, key=None, required=False):
    kids = [n("option", o, props=[f"selected={o == value}"]) for o in options]
    props = ["clickable", "hasPopup='menu'", "expanded=False"] + (["required"] if required else [])
    return n("combobox", name, kids=kids, key=key, value=value, props=props)


def fields(pairs):
    kids = []
    for label, val in pairs:
        kids.append(n("term", "", [t(label)]))
        kids.append(n("definition", "", [val if isinstance(val, Node) else t(val)]))
    return n("list", "", kids)


def table(name, headers, rows, sortable=(), sorted_col=None, key_prefix=None):
    hdr = []
    for h in headers:
        kids = []
        if h in sortable:
            state = " (sorted descending)" if h == sorted_col else ""
            kids.append(button(f"Sort by {h}{state}"))
        props = ["sort='descending'"] if h == sorted_col else []
        hdr.append(n("columnheader", h, kids, props=props))
    body = [n("row", "", hdr)]
    for r in rows:
        cells = []
        for c in r:
            if isinstance(c, Node):
                nm = c.name if c.role in ("link", "button") else ""
                cells.append(n("cell", nm, [c]))
            else:
                cells.append(n("cell", c))
        body.append(n("row", "", cells))
    return n("table", name, body)


class Document:
    """One loaded document. Like BrowserGym's bid marking, an element keeps its bid while the
    document lives (in-page updates, dialogs, live filtering); a new document numbers afresh."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.next = self.rng.randint(11, 48)
        self.reg = {}

    def bid(self, sig):
        if sig not in self.reg:
            self.reg[sig] = str(self.next)
            self.next += 1 + (self.rng.randint(1, 6) if self.rng.random() < 0.3 else 0)
        return self.reg[sig]


class Page:
    def __init__(self, url, title, nodes, doc):
        self.url, self.title = url, title
        lines = [f"RootWebArea {title!r}, focused"]
        keys = {}

        def walk(node, depth, sig):
            ind = "\t" * depth
            if node.role == "StaticText":
                lines.append(f"{ind}StaticText {node.name!r}")
                return
            b = doc.bid(sig)
            s = f"[{b}] {node.role} {node.name!r}"
            if node.value is not None:
                s += f" value={node.value!r}"
            for p in node.props:
                s += ", " + p
            lines.append(ind + s)
            if node.key:
                if node.key in keys:
                    raise ValueError(f"duplicate key {node.key} on {url}")
                keys[node.key] = (b, node.role, node.name)
            seen = {}
            for k in node.kids:
                c = seen.get((k.role, k.name), 0)
                seen[(k.role, k.name)] = c + 1
                walk(k, depth + 1, sig + ((k.role, k.name, c),))

        seen = {}
        for nd in nodes:
            c = seen.get((nd.role, nd.name), 0)
            seen[(nd.role, nd.name)] = c + 1
            walk(nd, 1, ((nd.role, nd.name, c),))
        self.text = "\n".join(lines)
        self.keys = keys

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": self.text, "error": error}


# --------------------------------------------------------------------------------------
# Site furniture
# --------------------------------------------------------------------------------------
NAV = ["Dashboard", "Customers", "Quotes", "Jobs", "Schedule", "Products", "Crews", "Reports", "Settings"]


class Ctx:
    """Per-run browsing context: clock and the recently-viewed panel."""

    def __init__(self, run_id, recent):
        self.run_id = run_id
        self.minute = 9 * 60 + 41
        self.recent = list(recent)
        self.counter = 0
        self.doc_path = None
        self.doc = None

    def document(self, url):
        path = url.split("?")[0]
        if path != self.doc_path:
            self.counter += 1
            self.doc_path, self.doc = path, Document(f"{self.run_id}:{self.counter}")
        return self.doc

    def tick(self):
        self.minute += 1

    def clock(self):
        return f"{self.minute // 60:02d}:{self.minute % 60:02d}"

    def view(self, label):
        if label in self.recent:
            self.recent.remove(label)
        self.recent.insert(0, label)
        del self.recent[6:]


def shell(ctx, url, title, active, crumbs, main_kids, side=None, toast=None, dialog=None, live="",
          notif=3):
    banner = n("banner", "", [
        link(f"{APP} home — {ORG}", key="home"),
        t(f"{ORG} · {BRANCH}"),
        n("search", "Site search", [
            n("searchbox", "Search customers, quotes, jobs", key="gsearch", props=["clickable"]),
            button("Search"),
        ]),
        button("Create", extra=["hasPopup='menu'", "expanded=False"]),
        button(f"Notifications, {notif} unread", extra=["hasPopup='menu'", "expanded=False"]),
        button("Help and keyboard shortcuts"),
        button(f"{USER} ({USER_ROLE})", key="usermenu", extra=["hasPopup='menu'", "expanded=False"]),
    ])
    nav_items = []
    for label in NAV:
        lk = link(label, key=f"nav:{label}")
        if label == active:
            lk.props.append("current='page'")
        nav_items.append(n("listitem", "", [lk]))
    nav = n("navigation", "Main", [n("list", "", nav_items)])
    crumb_items = []
    for i, c in enumerate(crumbs):
        if i < len(crumbs) - 1:
            crumb_items.append(n("listitem", "", [link(c)]))
        else:
            crumb_items.append(n("listitem", "", [t(c)]))
    bc = n("navigation", "Breadcrumb", [n("list", "", crumb_items)])
    recent_items = [n("listitem", "", [link(r)]) for r in ctx.recent]
    recent = n("complementary", "Recently viewed", [
        n("heading", "Recently viewed"),
        n("list", "", recent_items) if recent_items else t("Nothing viewed yet."),
    ])
    footer = n("contentinfo", "", [
        t(f"{APP} {VERSION} (build {BUILD})"),
        t(f"© 2025 {VENDOR}"),
        link("Release notes"), link("Privacy"), link("Terms of service"),
        link("System status: all services operational"),
        t(f"Signed in as {USER_EMAIL} · {ORG} · {BRANCH} branch"),
        t(f"Server time {dlong(TODAY)} {ctx.clock()} PDT"),
    ])
    nodes = [link("Skip to main content"), banner, nav, bc, n("main", "", main_kids)]
    if side:
        nodes.extend(side)
    nodes.append(recent)
    nodes.append(footer)
    nodes.append(n("status", "", [t(live)] if live else [], key="live", props=["live='polite'"]))
    if toast:
        kind, msg = toast
        nodes.append(n("region", "Notifications", [
            n("alert" if kind == "error" else "status", "", [t(msg), button("Dismiss notification")]),
        ]))
    if dialog:
        nodes.append(dialog)
    page = Page(BASE + url, f"{title} · {APP}", nodes, ctx.document(url))
    ctx.tick()
    return page


# --------------------------------------------------------------------------------------
# Page builders
# --------------------------------------------------------------------------------------
def page_dashboard(ctx):
    today_jobs = [j for j in JOBS if j[4] and j[4] <= TODAY <= add_workdays(j[4], j[5])]
    rows = []
    for jid, cust, proj, crew, start, days, status in today_jobs:
        c = CUST_BY_NAME.get(cust)
        site = c["street"] if c else "see job"
        rows.append([link(jid), cust, proj, CREWS[crew]["name"], site, "8:00–10:00 AM", status])
    awaiting = [q for q in QUOTE_ROWS if q[5] == "Sent"]
    arows = [[link(q[0]), CUSTOMERS[q[1]]["name"], dshort(q[4]), money(quote_record(q[0])["total"]),
              button(f"Follow up on {q[0]}")] for q in awaiting]
    accepted = [q for q in QUOTE_ROWS if q[5] == "Accepted"]
    acc_items = [n("listitem", "", [link(f"{q[0]} · {CUSTOMERS[q[1]]['name']} · {q[2]}")]) for q in accepted]
    main = [
        n("heading", f"Good morning, {USER.split()[0]}"),
        t(f"{TODAY.strftime('%A')}, {TODAY.day} {TODAY.strftime('%B %Y')} · {BRANCH} branch"),
        n("region", "Key figures", [
            link("Open quotes 23"),
            link(f"Accepted, awaiting conversion {len(accepted)}"),
            link("Unscheduled jobs 1"),
            link("Installs this week 7"),
            t("Revenue booked (March) $61,420.55"),
        ]),
        n("region", "Today's installs", [
            n("heading", f"Today's installs — {dlong(TODAY)}"),
            table("Today's installs", ["Job", "Customer", "Project", "Crew", "Site", "Arrival", "Status"], rows),
            link("Open schedule"),
        ]),
        n("region", "Accepted quotes to convert", [
            n("heading", "Accepted quotes to convert"),
            n("list", "", acc_items),
        ]),
        n("region", "Quotes awaiting customer response", [
            n("heading", "Quotes awaiting customer response"),
            table("Quotes awaiting customer response", ["Quote #", "Customer", "Sent", "Total", "Actions"], arows),
        ]),
        n("region", "Announcements", [
            n("heading", "Announcements"),
            n("article", "", [n("heading", "Price update from 1 April 2025"),
                              t("Harbor Oak LVP 7×48 range increases 3%. Quotes saved before 1 April keep current prices.")]),
            n("article", "", [n("heading", "Crew 6 on leave 17–21 March"),
                              t("Commercial installs that week go to Crew 4 or subcontract.")]),
        ]),
    ]
    return shell(ctx, "/dashboard", "Dashboard", "Dashboard", ["Home", "Dashboard"], main)


QUOTE_STATUSES = ["All statuses", "Draft", "Sent", "Accepted", "Declined", "Expired", "Converted"]
CREATED_OPTS = ["Any time", "Last 7 days", "Last 30 days", "This quarter", "Custom range…"]


def page_quotes(ctx, search="", status="All statuses", created="Any time", applied=None, extra_row=None):
    """Quotes list. `applied` = (status, created) filters actually applied to the rows."""
    rows = list(QUOTE_ROWS)
    if extra_row:
        rows.insert(0, extra_row)
    a_status, a_created = applied or ("All statuses", "Any time")
    if a_status != "All statuses":
        rows = [r for r in rows if r[5] == a_status]
    if a_created == "Last 7 days":
        rows = [r for r in rows if r[4] >= TODAY - timedelta(days=7)]
    if search:
        s = search.lower()
        rows = [r for r in rows if s in r[0].lower() or s in CUSTOMERS[r[1]]["name"].lower() or s in r[2].lower()]
    filtered = bool(search) or applied is not None
    total = len(rows) if filtered else 58
    trows = []
    for r in rows:
        tot = r[6] if r[6] is not None else quote_record(r[0])["total"]
        trows.append([checkbox(f"Select {r[0]}"), link(r[0], key=f"q:{r[0]}"), CUSTOMERS[r[1]]["name"], r[2], r[3],
                      dshort(r[4]), money(tot) if tot is not None else "—", r[5],
                      button(f"More actions for {r[0]}", extra=["hasPopup='menu'", "expanded=False"])])
    chips = []
    if applied:
        if a_status != "All statuses":
            chips.append(n("listitem", "", [button(f"Remove filter: Status {a_status}")]))
        if a_created != "Any time":
            chips.append(n("listitem", "", [button(f"Remove filter: Created {a_created}")]))
    main = [
        n("heading", "Quotes"),
        t(f"{BRANCH} branch · 58 quotes"),
        button("New quote", key="newquote"),
        button("Export CSV"),
        n("search", "Quotes", [
            n("searchbox", "Search quotes by number, customer or project", key="qsearch", value=search,
              props=["clickable"] + (["focused"] if search else [])),
        ]),
    ]
    if chips:
        main.append(n("list", "Active filters", chips))
        main.append(button("Clear all filters"))
    if search:
        noun = "quote matches" if len(rows) == 1 else "quotes match"
        main.append(t(f"{len(rows)} {noun} “{search}”" if rows else f"No quotes match “{search}”"))
    main += [
        select("Sort by", ["Created (newest first)", "Created (oldest first)", "Quote # (high to low)",
                           "Total (high to low)", "Customer (A–Z)"], "Created (newest first)"),
    ]
    if rows:
        main.append(table("Quotes", ["Select", "Quote #", "Customer", "Project", "Estimator", "Created", "Total",
                                     "Status", "Actions"], trows,
                          sortable=("Quote #", "Customer", "Created", "Total", "Status"), sorted_col="Created"))
    else:
        main.append(t("No quotes match the current filters."))
        main.append(button("Clear filters"))
    shown = len(rows) if filtered else 20
    main += [
        t(f"Showing {1 if shown else 0}–{shown} of {total} quotes"),
        n("navigation", "Pagination", [
            button("Previous page", disabled=True),
            button("Page 1", extra=["current='page'"]),
        ] + ([] if filtered else [button("Page 2"), button("Page 3")]) + [
            button("Next page", disabled=filtered),
        ]),
        select("Rows per page", ["10", "20", "50", "100"], "20"),
    ]
    filters = n("complementary", "Filters", [
        n("heading", "Filters"),
        select("Status", QUOTE_STATUSES, status, key="f:status"),
        select("Estimator", ["All estimators", "Dana Whitcombe", "Marcus Lee", "Sofia Ruiz"], "All estimators"),
        select("Created", CREATED_OPTS, created, key="f:created"),
        checkbox("Only quotes I created"),
        checkbox("Include archived quotes"),
        button("Apply filters", key="f:apply"),
        button("Reset"),
    ])
    url = "/quotes"
    if search:
        url += f"?q={search}"
    elif applied:
        parts = []
        if a_status != "All statuses":
            parts.append(f"status={a_status.lower()}")
        if a_created == "Last 7 days":
            parts.append("created=7d")
        url += "?" + "&".join(parts)
    return shell(ctx, url, "Quotes", "Quotes", ["Home", "Quotes"], main, side=[filters])


def suggestions(typed):
    sur = typed.split()[-1].lower()
    out = [c for c in CUSTOMERS.values() if sur in c["name"].lower()]
    out.sort(key=lambda c: (c["name"] != typed, c["name"]))
    return out


def cust_option(c):
    return f"{c['name']} · {c['id']} · {c['street']}, {c['city'].split(',')[0]}"


WASTE_OPTS = ["0%", "5%", "7%", "10%", "12%", "15%", "20%"]
SUBFLOORS = ["Plywood", "Concrete slab", "Existing tile", "Cement board", "OSB"]


def new_form(**kw):
    f = dict(cust_text="", sugg=None, cust=None, rooms=[], room_dialog=None, sku=None, waste=10, dirty=False,
             error=None, live="")
    f.update(kw)
    return f


def page_new_quote(ctx, f):
    cust = CUSTOMERS[f["cust"]] if f["cust"] else None
    ccombo_value = f"{cust['name']} ({cust['id']})" if cust else f["cust_text"]
    cprops = ["clickable", "hasPopup='listbox'", f"expanded={f['sugg'] is not None}", "required"]
    if f["sugg"] is not None:
        cprops.insert(1, "focused")
    cust_kids = [n("heading", "Customer"),
                 n("combobox", "Customer", key="cust", value=ccombo_value, props=cprops)]
    if f["sugg"] is not None:
        opts = [n("option", cust_option(c), key=f"opt:{c['id']}", props=["selected=False"]) for c in f["sugg"]]
        if not opts:
            cust_kids.append(t("No customers match. Create a new customer instead."))
        cust_kids.append(n("listbox", "Customer suggestions", opts))
        cust_kids.append(button("Create new customer"))
    if cust:
        cust_kids += [fields([("Site address", f"{cust['street']}, {cust['city']}"), ("Phone", cust["phone"]),
                              ("Customer type", cust["type"])]),
                      button("Change customer")]
    cust_kids.append(checkbox("Site address differs from customer address"))

    est = estimate(f["rooms"], f["sku"], f["waste"])
    if f["rooms"]:
        rrows = [[r[0], num(r[1]), num(r[2]), f"{r[1] * r[2]:.1f}", r[3] if len(r) > 3 else "Plywood",
                  n("group", "", [button(f"Edit {r[0]}"), button(f"Remove {r[0]}")])] for r in f["rooms"]]
        room_body = [table("Rooms", ["Room", "Length (ft)", "Width (ft)", "Area (sq ft)", "Subfloor", "Actions"],
                           rrows)]
    else:
        room_body = [t("No rooms added yet. Add each room you measured on site.")]
    rooms_region = n("region", "Rooms & measurements", [n("heading", "Rooms & measurements")] + room_body + [
        t(f"Total measured area: {est['area']:.1f} sq ft"),
        button("Add room", key="addroom"),
        button("Import from laser measure (.csv)"),
    ])

    prod_opts = ["Select a product…"] + [product_label(s) for s in PRODUCTS]
    pval = product_label(f["sku"]) if f["sku"] else "Select a product…"
    prod_kids = [n("heading", "Product"), select("Product", prod_opts, pval, key="product", required=True)]
    if f["sku"]:
        p = PRODUCTS[f["sku"]]
        stock = f"In stock: {p['stock']:,} sq ft ({BRANCH} warehouse)" if p["stock"] else "Out of stock — 3–4 week lead time"
        prod_kids.append(fields([("Category", p["cat"]), ("Price", f"{money(p['price'])} / sq ft"),
                                 ("Coverage", f"{num(p['cov'])} sq ft per box"),
                                 ("Installation labour", f"{money(p['labour'])} / sq ft"), ("Stock", stock)]))
    prod_kids += [select("Waste factor", WASTE_OPTS, f"{f['waste']}%", key="waste"),
                  checkbox("Include removal of existing flooring"),
                  checkbox("Include underlayment / crack-isolation membrane")]

    if f["sku"] and f["rooms"]:
        erows = [["Measured area", f"{est['area']:.1f} sq ft"],
                 [f"Area incl. {f['waste']}% waste", f"{est['area_w']:.1f} sq ft"],
                 ["Boxes", str(est["boxes"])],
                 ["Materials", money(est["materials"])], ["Installation labour", money(est["labour"])],
                 ["Sales tax (OR 0%)", "$0.00"], ["Quote total", money(est["total"])]]
        est_body = [table("Estimate", ["Line", "Amount"], erows)]
    else:
        est_body = [t("Add at least one room and choose a product to see the estimate.")]

    main = [n("heading", "New quote")]
    if f["error"]:
        main.append(n("alert", "", [t(f["error"]), button("Retry save")]))
    main.append(t("Draft · not yet saved"))
    if f["dirty"]:
        main.append(t("Unsaved changes"))
    main += [
        fields([("Quote number", "Assigned when saved"), ("Estimator", USER), ("Branch", BRANCH),
                ("Date", dshort(TODAY))]),
        n("region", "Customer", cust_kids),
        rooms_region,
        n("region", "Product", prod_kids),
        n("region", "Estimate", [n("heading", "Estimate")] + est_body),
        textbox("Project name (optional)", value=""),
        textbox("Notes for customer", value="", multiline=True),
        textbox("Internal notes", value="", multiline=True),
        select("Valid for", ["14 days", "30 days", "60 days"], "30 days"),
        n("group", "Form actions", [button("Save draft", key="save"), button("Save and send to customer"),
                                    button("Cancel", key="cancelform")]),
    ]
    dialog = None
    rd = f["room_dialog"]
    if rd is not None:
        try:
            area = float(rd.get("length") or 0) * float(rd.get("width") or 0)
        except ValueError:
            area = 0.0
        dialog = n("dialog", "Add room", props=["modal=True"], kids=[
            n("heading", "Add room"),
            textbox("Room name", rd.get("name", ""), key="rname", required=True, focused=rd.get("focus") == "name"),
            textbox("Length (ft)", rd.get("length", ""), key="rlen", required=True, focused=rd.get("focus") == "length"),
            textbox("Width (ft)", rd.get("width", ""), key="rwid", required=True, focused=rd.get("focus") == "width"),
            select("Subfloor", SUBFLOORS, "Plywood"),
            checkbox("Room has a floor drain / slope to drain"),
            t(f"Area: {area:.1f} sq ft"),
            button("Cancel"),
            button("Add room to quote", key="raddok"),
        ])
    side = [n("complementary", "Quote tips", [
        n("heading", "Quote tips"),
        t("Measure wall to wall at the longest points; closets are separate rooms."),
        t("Typical waste: 7% LVP, 10% straight-lay tile, 15% diagonal or mosaic."),
    ])]
    return shell(ctx, "/quotes/new", "New quote", "Quotes", ["Home", "Quotes", "New quote"], main, side=side,
                 dialog=dialog, live=f["live"])


def quote_main(q, converting=False, warn=None):
    cust = CUSTOMERS[q["cust"]]
    est = estimate(q["rooms"], q["sku"], q["waste"])
    valid_until = q["created"] + timedelta(days=30)
    rows = [[r[0], num(r[1]), num(r[2]), f"{r[1] * r[2]:.1f}"] for r in q["rooms"]]
    product = product_label(q["sku"]) if q["sku"] else "Not selected"
    main = [n("heading", f"Quote {q['id']}")]
    if warn:
        main.append(n("alert", "", [t(warn)]))
    main += [
        t(f"{q['project']} · {cust['name']}"),
        n("tablist", "Quote sections", [n("tab", "Details", props=["selected=True"]), n("tab", "Documents"),
                                        n("tab", "Activity")]),
        fields([("Status", q["status"]), ("Customer", link(f"{cust['name']} ({cust['id']})")),
                ("Site address", f"{cust['street']}, {cust['city']}"), ("Estimator", q["estimator"]),
                ("Created", dshort(q["created"])), ("Valid until", dshort(valid_until)),
                ("Product", product), ("Waste factor", f"{q['waste']}%")]
               + ([("Accepted", f"{dshort(q['accepted'])} (e-signature)")] if q.get("accepted") else [])),
        n("heading", "Rooms & measurements"),
        table("Rooms", ["Room", "Length (ft)", "Width (ft)", "Area (sq ft)"], rows),
        t(f"Total measured area: {est['area']:.1f} sq ft"),
        n("heading", "Estimate"),
    ]
    if q["sku"]:
        main.append(table("Estimate", ["Line", "Amount"], [
            [f"Area incl. {q['waste']}% waste", f"{est['area_w']:.1f} sq ft"], ["Boxes", str(est["boxes"])],
            ["Materials", money(est["materials"])], ["Installation labour", money(est["labour"])],
            ["Sales tax (OR 0%)", "$0.00"], ["Quote total", money(est["total"])]]))
    else:
        main.append(t("No product selected — materials and labour are not priced."))
    actions = []
    if q["status"] == "Draft":
        actions = [button("Edit quote"), button("Send to customer"), button("Duplicate"), button("Download PDF"),
                   button("Delete draft")]
    elif q["status"] == "Accepted":
        actions = [button("Convert to job", key="convert"), button("Download signed PDF"), button("Duplicate"),
                   button("Mark as lost")]
    else:
        actions = [button("Duplicate"), button("Download PDF")]
    main.append(n("group", "Quote actions", actions))
    return main


def quote_side(q, extra_activity=None):
    cust = CUSTOMERS[q["cust"]]
    others = [r for r in QUOTE_ROWS if r[1] == q["cust"] and r[0] != q["id"]]
    other_items = [n("listitem", "", [link(f"{r[0]} · {r[2]} · {r[5]}")]) for r in others]
    act = []
    if q["status"] == "Draft":
        act.append(f"{dshort(TODAY)} — Saved as draft by {USER}")
    else:
        act.append(f"{dshort(q['created'])} — Created by {q['estimator']}")
        act.append(f"{dshort(q['created'])} — Sent to customer by email")
        if q.get("accepted"):
            act.append(f"{dshort(q['accepted'] - timedelta(days=1))} — Viewed by customer")
            act.append(f"{dshort(q['accepted'])} — Accepted by customer (e-signature)")
    act += list(extra_activity or [])
    return [
        n("complementary", "Related records", [
            n("heading", "Related records"),
            n("heading", f"Other quotes for {cust['name']}"),
            n("list", "", other_items) if other_items else t("No other quotes for this customer."),
            n("heading", "Jobs from this quote"),
            t("No jobs yet."),
        ]),
        n("complementary", "Activity", [n("heading", "Activity"),
                                        n("list", "", [n("listitem", "", [t(a)]) for a in act])]),
    ]


def page_quote(ctx, q, toast=None, dialog=None, live="", warn=None):
    ctx.view(f"{q['id']} · {CUSTOMERS[q['cust']]['name']}")
    return shell(ctx, f"/quotes/{q['id']}", f"Quote {q['id']}", "Quotes", ["Home", "Quotes", q["id"]],
                 quote_main(q, warn=warn), side=quote_side(q), toast=toast, dialog=dialog, live=live)


def convert_dialog(q, working=False):
    cust = CUSTOMERS[q["cust"]]
    kids = [
        n("heading", "Convert quote to job"),
        t(f"Create a job from quote {q['id']} for {cust['name']} ({q['project']})? "
          f"The quote will be locked and marked Converted."),
        checkbox("Order materials now (creates a purchase request)"),
        checkbox("Copy internal notes to the job", checked=True),
    ]
    if working:
        kids += [n("progressbar", "Converting quote", props=["valuetext='Working…'"]), t("Creating job… this can take a few seconds.")]
    kids += [button("Cancel", key="dlg:cancel"), button("Convert", key="dlg:convert")]
    return n("dialog", "Convert quote to job", kids, props=["modal=True"])


def job_record(q, jid=NEW_JOB_ID, crew=None, start=None, days=None):
    return dict(id=jid, quote=q, crew=crew, start=start, days=days)


def page_job(ctx, job, toast=None, warn=None, stale=False, updated=None):
    q = job["quote"]
    cust = CUSTOMERS[q["cust"]]
    est = estimate(q["rooms"], q["sku"], q["waste"])
    p = PRODUCTS[q["sku"]]
    scheduled = job["crew"] is not None and not stale
    status = "Scheduled" if scheduled else "Unscheduled"
    est_days = q.get("days") or max(1, math.ceil(est["area"] / p["rate"]))
    if scheduled:
        end = add_workdays(job["start"], job["days"])
        crew_txt = CREWS[job["crew"]]["name"]
        dates = f"{dlong(job['start'])} – {dlong(end)}" if job["days"] > 1 else dlong(job["start"])
    else:
        crew_txt, dates = "Not assigned", "—"
    main = [n("heading", f"Job {job['id']}")]
    if warn:
        main.append(n("alert", "", [t(warn), link("Review duplicates")]))
    main += [
        t(f"{q['project']} · {cust['name']}"),
        n("tablist", "Job sections", [n("tab", "Overview", props=["selected=True"]), n("tab", "Materials"),
                                      n("tab", "Documents"), n("tab", "Notes"), n("tab", "Activity")]),
        fields([("Status", status), ("Customer", link(f"{cust['name']} ({cust['id']})")),
                ("Source quote", link(q["id"])), ("Site address", f"{cust['street']}, {cust['city']}"),
                ("Product", product_label(q["sku"])), ("Area", f"{est['area']:.1f} sq ft"),
                ("Estimated install", f"{est_days} day{'s' if est_days > 1 else ''}"),
                ("Crew", crew_txt), ("Install dates", dates), ("Arrival window", "8:00–10:00 AM" if scheduled else "—"),
                ("Materials", "Not ordered"), ("Contract value", money(est["total"])),
                ("Last updated", updated or f"{dshort(TODAY)} {ctx.clock()} by {USER}")]),
        n("group", "Job actions", ([] if scheduled else [button("Schedule crew", key="schedule")]) +
          ([button("Reschedule"), button("Send reminder to customer")] if scheduled else []) +
          [button("Order materials"), button("Edit job"), button("Print work order"), button("Cancel job")]),
        n("heading", "Rooms"),
        table("Rooms", ["Room", "Length (ft)", "Width (ft)", "Area (sq ft)"],
              [[r[0], num(r[1]), num(r[2]), f"{r[1] * r[2]:.1f}"] for r in q["rooms"]]),
    ]
    act = [f"{dshort(TODAY)} — Created from quote {q['id']} by {USER}"]
    if scheduled:
        act.append(f"{dshort(TODAY)} — Scheduled {crew_txt} by {USER}; crew lead and customer notified by SMS")
    side = [
        n("complementary", "Related records", [
            n("heading", "Related records"),
            n("list", "", [n("listitem", "", [link(f"Quote {q['id']} · Converted")]),
                           n("listitem", "", [link(f"Customer {cust['name']} ({cust['id']})")])]),
        ]),
        n("complementary", "Activity", [n("heading", "Activity"),
                                        n("list", "", [n("listitem", "", [t(a)]) for a in act])]),
    ]
    ctx.view(f"{job['id']} · {cust['name']}")
    return shell(ctx, f"/jobs/{job['id']}", f"Job {job['id']}", "Jobs", ["Home", "Jobs", job["id"]], main,
                 side=side, toast=toast)


def crew_booking(crid, d):
    lv = CREW_LEAVE.get(crid)
    if lv and lv[0] <= d <= lv[1]:
        return "On leave"
    for jid, cust, proj, crew, start, days, status in JOBS:
        if crew == crid and start and start <= d <= add_workdays(start, days):
            return f"Booked · {jid}"
    return "Available"


def sched_form(**kw):
    f = dict(crew=None, start="", days=None, live="")
    f.update(kw)
    return f


def page_schedule(ctx, job, f, dialog=None):
    q = job["quote"]
    cust = CUSTOMERS[q["cust"]]
    est = estimate(q["rooms"], q["sku"], q["waste"])
    crew_opts = ["Select a crew…"] + [c["name"] for c in CREWS.values()]
    crew_val = CREWS[f["crew"]]["name"] if f["crew"] else "Select a crew…"
    dur_opts = ["Select duration…", "1 day", "2 days", "3 days", "4 days", "5 days"]
    dur_val = (f"{f['days']} day" + ("s" if f["days"] > 1 else "")) if f["days"] else "Select duration…"
    try:
        sd = date.fromisoformat(f["start"]) if f["start"] else None
    except ValueError:
        sd = None
    week0 = (sd or TODAY) - timedelta(days=(sd or TODAY).weekday())
    if not sd:
        week0 = TODAY + timedelta(days=7 - TODAY.weekday())
    days = [week0 + timedelta(days=i) for i in range(5)]
    prop_days = set()
    if sd and f["days"]:
        end = add_workdays(sd, f["days"])
        prop_days = {d for d in days if sd <= d <= end}
    arows = []
    for c in CREWS.values():
        cells = [c["name"]]
        for d in days:
            if c["id"] == f["crew"] and d in prop_days:
                cells.append(f"Proposed · {job['id']}")
            else:
                cells.append(crew_booking(c["id"], d))
        arows.append(cells)
    main = [
        n("heading", f"Schedule crew — Job {job['id']}"),
        t(f"{q['project']} · {cust['name']} · {cust['street']}, {cust['city']}"),
        fields([("Product", product_label(q["sku"])), ("Area", f"{est['area']:.1f} sq ft"),
                ("Job status", "Unscheduled")]),
        n("group", "Crew and dates", [
            select("Crew", crew_opts, crew_val, key="crew", required=True),
            textbox("Start date (YYYY-MM-DD)", f["start"], key="start", required=True),
            select("Duration", dur_opts, dur_val, key="duration", required=True),
            select("Arrival window", ["7:00–9:00 AM", "8:00–10:00 AM", "10:00 AM–12:00 PM", "1:00–3:00 PM"],
                   "8:00–10:00 AM"),
            checkbox("Notify customer by SMS", checked=True),
            checkbox("Notify crew lead", checked=True),
            textbox("Instructions for crew", "", multiline=True),
        ]),
        n("heading", f"Crew availability — week of {dlong(week0)}"),
        table("Crew availability", ["Crew"] + [d.strftime("%a %d %b") for d in days], arows),
        n("group", "Form actions", [button("Confirm schedule", key="confirm"), button("Cancel", key="cancelsched")]),
    ]
    side = [n("complementary", "Crew notes", [
        n("heading", "Crew notes"),
        t("Crew 6 — Ferreira Commercial is on leave 17–21 March."),
        t("Crew 2W works Saturdays and Sundays only."),
    ])]
    return shell(ctx, f"/jobs/{job['id']}/schedule", f"Schedule crew — Job {job['id']}", "Jobs",
                 ["Home", "Jobs", job["id"], "Schedule crew"], main, side=side, dialog=dialog, live=f["live"])


def schedule_dialog(job, crid, start, days):
    cust = CUSTOMERS[job["quote"]["cust"]]
    end = add_workdays(start, days)
    span = f"{dlong(start)} – {dlong(end)}" if days > 1 else dlong(start)
    return n("dialog", "Send schedule to crew?", props=["modal=True"], kids=[
        n("heading", "Send schedule to crew?"),
        t(f"{CREWS[crid]['name']} will be booked for {span} (8:00–10:00 AM arrival) and notified by SMS. "
          f"{cust['name']} will receive an SMS confirmation."),
        button("Cancel", key="dlg:cancel"),
        button("Send & schedule", key="dlg:send"),
    ])


def page_products(ctx):
    rows = []
    for p in PRODUCTS.values():
        stock = f"{p['stock']:,} sq ft" if p["stock"] else "Out of stock"
        rows.append([checkbox(f"Select {p['sku']}"), link(p["sku"]), p["name"], p["cat"],
                     f"{money(p['price'])}", f"{num(p['cov'])} sq ft", stock, "Active"])
    main = [
        n("heading", "Products"),
        t(f"Catalogue for {BRANCH} · prices valid to 31 Mar 2025"),
        button("Add product"), button("Import price list"),
        n("search", "Products", [n("searchbox", "Search products by SKU or name", value="", props=["clickable"])]),
        select("Sort by", ["Name (A–Z)", "SKU", "Price (low to high)", "Stock (high to low)"], "SKU"),
        table("Products", ["Select", "SKU", "Name", "Category", "Price / sq ft", "Box coverage", "Stock", "Status"],
              rows, sortable=("SKU", "Name", "Price / sq ft", "Stock"), sorted_col="SKU"),
        t(f"Showing 1–{len(rows)} of {len(rows)} products"),
        n("navigation", "Pagination", [button("Previous page", disabled=True),
                                       button("Page 1", extra=["current='page'"]),
                                       button("Next page", disabled=True)]),
    ]
    filters = n("complementary", "Filters", [
        n("heading", "Filters"),
        select("Category", ["All categories", "Porcelain tile", "Ceramic tile", "Mosaic", "Luxury vinyl plank",
                            "Vinyl composition tile"], "All categories"),
        checkbox("In stock only"), checkbox("Show discontinued"), button("Apply filters"),
    ])
    return shell(ctx, "/products", "Products", "Products", ["Home", "Products"], main, side=[filters])


# --------------------------------------------------------------------------------------
# Trajectory assembly
# --------------------------------------------------------------------------------------
INITIAL_RECENT = ["Q-2025-0416 · Amara Nwosu", "JB-25-0131 · Lena Hoffmann", "Q-2025-0378 · Ravi Anand",
                  "CUS-10428 · Ellen Marsh-Rivera", "Crew 2 — Osei & Brandt"]


class Run:
    def __init__(self, rid, wf, task, plan, fault, fots, first_page, ctx):
        self.rec = {"id": rid, "workflow": wf, "task": task, "plan": plan,
                    "label": {"fault": fault, "first_off_track_step": fots},
                    "initial_observation": first_page.obs(), "steps": [], "outcome": None}
        self.prev = first_page
        self.ctx = ctx

    def _target(self, key):
        b, role, name = self.prev.keys[key]
        return b, f"{role} {name!r}"

    def click(self, commit, key, why, page, effect="read"):
        b, tgt = self._target(key)
        return self._add(commit, f"click('{b}')", why, tgt, effect, page)

    def fill(self, commit, key, text, why, page, effect="write"):
        b, tgt = self._target(key)
        return self._add(commit, f"fill('{b}', {text!r})", why, tgt, effect, page)

    def choose(self, commit, key, option, why, page, effect="write"):
        b, tgt = self._target(key)
        return self._add(commit, f"select_option('{b}', {option!r})", why, tgt, effect, page)

    def say(self, commit, msg, why):
        return self._add(commit, f"send_msg_to_user({msg!r})", why, None, "read", self.prev)

    def _add(self, commit, cmd, why, tgt, effect, page):
        step = {"commitment": commit,
                "action": {"command": cmd, "reasoning": why, "target": tgt, "effect": effect},
                "observation": page.obs()}
        self.rec["steps"].append(step)
        self.prev = page
        return self

    def done(self, success):
        self.rec["outcome"] = {"success": success}
        fots = self.rec["label"]["first_off_track_step"]
        assert fots is None or 0 <= fots < len(self.rec["steps"]), self.rec["id"]
        return self.rec


# --------------------------------------------------------------------------------------
# Task variants
# --------------------------------------------------------------------------------------
QV = {
    "A": dict(cust="CUS-10482", typed="Ellen Marsh", rooms=[("Kitchen", 14, 12), ("Hallway", 22, 4)],
              sku="PRC-1224-CAL-M", waste=10),
    "B": dict(cust="CUS-10517", typed="Jorge Villanueva", rooms=[("Living room", 18.5, 15)],
              sku="LVP-0748-HOW", waste=7),
    "C": dict(cust="CUS-10390", typed="Priya Desai", rooms=[("Primary bath", 9, 8)],
              sku="MOS-02HX-CAR", waste=15),
    "D": dict(cust="CUS-10611", typed="Thomas Okafor", rooms=[("Basement", 24, 18), ("Laundry", 8, 6)],
              sku="PRC-2424-SLG", waste=10),
}
JV = {
    "A": dict(quote="Q-2025-0387", crew="CRW-02", start=date(2025, 3, 24), days=2),
    "B": dict(quote="Q-2025-0402", crew="CRW-04", start=date(2025, 3, 19), days=3),
    "C": dict(quote="Q-2025-0395", crew="CRW-06", start=date(2025, 3, 27), days=1),
    "D": dict(quote="Q-2025-0391", crew="CRW-03", start=date(2025, 3, 17), days=2),
}
PLAN_FILE = {("quote", v): f"plans/quote{'' if v == 'A' else '-' + v.lower()}.yaml" for v in QV}
PLAN_FILE.update({("job", v): f"plans/job{'' if v == 'A' else '-' + v.lower()}.yaml" for v in JV})


def room_phrase(rooms):
    parts = [f"{r[0]} {num(r[1])} ft × {num(r[2])} ft" for r in rooms]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def quote_task(v):
    c = CUSTOMERS[v["cust"]]
    p = PRODUCTS[v["sku"]]
    k = len(v["rooms"])
    rooms = "one measured room" if k == 1 else f"{['', 'one', 'two', 'three'][k]} measured rooms"
    return (f"Create a quote for {c['name']} ({c['id']}) with {rooms} — {room_phrase(v['rooms'])} — using "
            f"{p['name']} ({p['sku']}) with a {v['waste']}% waste factor, and save it as a draft.")


def job_task(v):
    q = quote_record(v["quote"])
    c = CUSTOMERS[q["cust"]]
    span = f"{v['days']} day" + ("s" if v["days"] > 1 else "")
    return (f"Convert accepted quote {q['id']} ({c['name']}, {q['project']}) into a job and schedule "
            f"{CREWS[v['crew']]['name']} to install it starting {v['start'].isoformat()} for {span}.")


def slug(s):
    return "".join(ch if ch.isalnum() else "-" for ch in s.lower()).strip("-")


# --------------------------------------------------------------------------------------
# Quote workflow: shared step script, with hooks where faulty runs deviate
# --------------------------------------------------------------------------------------
def quote_run(rid, vkey, fault=None, fots=None, dev=None):
    """Build a quote-workflow run. `dev` maps hook names to overrides used by faulty runs."""
    dev = dev or {}
    v = QV[vkey]
    ctx = Ctx(f"quote-{vkey}", INITIAL_RECENT)
    run = Run(rid, "quote", quote_task(v), PLAN_FILE[("quote", vkey)], fault, fots, page_dashboard(ctx), ctx)
    cust = CUSTOMERS[v["cust"]]
    run.click("open-new-quote", "nav:Quotes", "Quotes are created from the Quotes section.", page_quotes(ctx))
    f = new_form()
    run.click("open-new-quote", "newquote", "Start a new quote.", page_new_quote(ctx, f))
    f = new_form(cust_text=v["typed"], sugg=suggestions(v["typed"]), dirty=True)
    run.fill("select-customer", "cust", v["typed"], f"Type the customer's name to find {cust['name']}.",
             page_new_quote(ctx, f))
    f = new_form(cust=v["cust"], dirty=True)
    run.click("select-customer", f"opt:{v['cust']}",
              f"Pick {cust['name']} ({cust['id']}), the exact customer named in the task.", page_new_quote(ctx, f))
    rooms = []
    for name, L, W in v["rooms"]:
        cm = f"add-room-{slug(name)}"
        Ltyped = dev.get("length", {}).get(name, num(L))
        f = new_form(cust=v["cust"], rooms=list(rooms), dirty=True, room_dialog={"focus": "name"})
        run.click(cm, "addroom", f"Add the {name} measurements.", page_new_quote(ctx, f))
        f["room_dialog"] = {"name": name, "focus": "name"}
        run.fill(cm, "rname", name, "Name the room.", page_new_quote(ctx, f))
        f["room_dialog"] = {"name": name, "length": Ltyped, "focus": "length"}
        run.fill(cm, "rlen", Ltyped, f"Length is {num(L)} ft per the task.", page_new_quote(ctx, f))
        f["room_dialog"] = {"name": name, "length": Ltyped, "width": num(W), "focus": "width"}
        run.fill(cm, "rwid", num(W), f"Width is {num(W)} ft.", page_new_quote(ctx, f))
        Lval = float(Ltyped)
        rooms.append((name, Lval if not Lval.is_integer() else int(Lval), W))
        f = new_form(cust=v["cust"], rooms=list(rooms), dirty=True,
                     live=f"Room {name} added ({Lval * W:.1f} sq ft).")
        run.click(cm, "raddok", "Add the room to the quote.", page_new_quote(ctx, f))
    sku = dev.get("sku", v["sku"])
    hook = dev.get("after_rooms")
    if hook:
        return hook(run, ctx, v, rooms)
    f = new_form(cust=v["cust"], rooms=list(rooms), sku=sku, dirty=True)
    run.choose("choose-product", "product", product_label(sku),
               f"Choose {PRODUCTS[v['sku']]['name']} ({v['sku']}).", page_new_quote(ctx, f))
    hook = dev.get("after_product")
    if hook:
        return hook(run, ctx, v, rooms, f)
    f = dict(f, waste=v["waste"])
    run.choose("set-waste", "waste", f"{v['waste']}%", f"Task asks for a {v['waste']}% waste factor.",
               page_new_quote(ctx, f))
    hook = dev.get("before_save")
    if hook:
        return hook(run, ctx, v, rooms, f)
    q = dict(id=NEW_QUOTE_ID, cust=v["cust"], project=" & ".join(r[0] for r in rooms), estimator=USER,
             created=TODAY, status="Draft", rooms=rooms, sku=sku, waste=v["waste"])
    run.click("save-draft", "save", "Save the quote as a draft.",
              page_quote(ctx, q, toast=("ok", f"Quote {NEW_QUOTE_ID} saved as draft.")), effect="write")
    est = estimate(rooms, sku, v["waste"])
    run.say("report", f"Saved quote {NEW_QUOTE_ID} for {cust['name']} as a draft: {est['area']:.1f} sq ft, "
                      f"{PRODUCTS[sku]['name']}, {v['waste']}% waste, total {money(est['total'])}.",
            "The page shows the saved draft; report back.")
    return run.done(success=fault is None)


# --------------------------------------------------------------------------------------
# Job workflow: shared step script with hooks
# --------------------------------------------------------------------------------------
def job_run(rid, vkey, fault=None, fots=None, dev=None):
    dev = dev or {}
    v = JV[vkey]
    ctx = Ctx(f"job-{vkey}", INITIAL_RECENT)
    run = Run(rid, "job", job_task(v), PLAN_FILE[("job", vkey)], fault, fots, page_dashboard(ctx), ctx)
    run.click("open-quote", "nav:Quotes", "Accepted quotes are listed under Quotes.", page_quotes(ctx))
    hook = dev.get("find_quote")
    if hook:
        res = hook(run, ctx, v)
        if isinstance(res, dict):
            return res
        qid = res
    else:
        run.fill("open-quote", "qsearch", v["quote"], f"Search for {v['quote']} to avoid similar quote numbers.",
                 page_quotes(ctx, search=v["quote"]), effect="read")
        qid = v["quote"]
    q = quote_record(qid)
    run.click("open-quote", f"q:{qid}", dev.get("open_why", f"Open quote {qid}."), page_quote(ctx, q))
    run.click("convert", "convert", "The quote is Accepted; convert it to a job.",
              page_quote(ctx, q, dialog=convert_dialog(q)))
    job = job_record(q)
    hook = dev.get("convert")
    if hook:
        job = hook(run, ctx, v, q)
    else:
        run.click("convert", "dlg:convert", "Confirm the conversion.",
                  page_job(ctx, job, toast=("ok", f"Job {job['id']} created from quote {q['id']}.")),
                  effect="irreversible")
    f = sched_form()
    run.click("schedule-crew", "schedule", "Open the scheduling form for the new job.", page_schedule(ctx, job, f))
    crew = v["crew"]
    f = sched_form(crew=crew)
    run.choose("schedule-crew", "crew", CREWS[crew]["name"], f"Task names {CREWS[crew]['name']}.",
               page_schedule(ctx, job, f))
    f = sched_form(crew=crew, start=v["start"].isoformat())
    run.fill("schedule-crew", "start", v["start"].isoformat(), "Start date from the task.",
             page_schedule(ctx, job, f))
    dur = f"{v['days']} day" + ("s" if v["days"] > 1 else "")
    f = sched_form(crew=crew, start=v["start"].isoformat(), days=v["days"])
    run.choose("schedule-crew", "duration", dur, f"Install runs {dur}.", page_schedule(ctx, job, f))
    hook = dev.get("confirm")
    if hook:
        return hook(run, ctx, v, q, job, f)
    run.click("confirm-schedule", "confirm", "Submit the schedule.",
              page_schedule(ctx, job, f, dialog=schedule_dialog(job, crew, v["start"], v["days"])))
    hook = dev.get("send")
    if hook:
        return hook(run, ctx, v, q, job, f)
    sj = dict(job, crew=crew, start=v["start"], days=v["days"])
    end = add_workdays(v["start"], v["days"])
    span = f"{dlong(v['start'])} – {dlong(end)}" if v["days"] > 1 else dlong(v["start"])
    run.click("confirm-schedule", "dlg:send", "Send the schedule to the crew.",
              page_job(ctx, sj, toast=("ok", f"Job {job['id']} scheduled: {CREWS[crew]['name']}, {span}.")),
              effect="irreversible")
    run.say("report", f"Converted {q['id']} into job {job['id']} and scheduled {CREWS[crew]['name']} for {span}.",
            "Job shows Scheduled with the right crew and dates.")
    return run.done(success=fault is None)


# --------------------------------------------------------------------------------------
# Plans: written from the task text and the healthy pages only (before any faulty run).
# --------------------------------------------------------------------------------------
PLAN_FALSIFIERS = {"execution": [f"Sign in to {APP}", "Your session has expired. Please sign in again.",
                                 "You do not have permission to view this page"]}


def quote_plan(v):
    c = CUSTOMERS[v["cust"]]
    p = PRODUCTS[v["sku"]]
    near_c = [x for x in suggestions(v["typed"]) if x["id"] != v["cust"]]
    near_p = [s for s in PRODUCTS if s != v["sku"] and (s[:8] == v["sku"][:8] or PRODUCTS[s]["name"].split()[0:2] == p["name"].split()[0:2])]
    cms = [
        {"id": "open-new-quote", "subgoal": "Open a blank New quote form from Quotes", "skill": "open_create_form",
         "confidence": 0.9,
         "confirm": {"precondition": ["Dashboard"], "progress": ["Quotes", "New quote button"],
                     "completion": ["New quote", "No rooms added yet"]},
         "falsify": {"execution": [], "skill": ["New quote button is not available"], "planning": []}},
        {"id": "select-customer", "subgoal": f"Select customer {c['name']} ({c['id']})",
         "skill": "pick_from_autocomplete", "confidence": 0.75,
         "confirm": {"precondition": ["New quote"], "progress": [cust_option(c)],
                     "completion": [f"{c['name']} ({c['id']})", f"{c['street']}, {c['city']}"]},
         "falsify": {"execution": [f"{x['name']} ({x['id']})" for x in near_c] + ["No customers match"],
                     "skill": [], "planning": ["Customer account is archived"]}},
    ]
    for name, L, W in v["rooms"]:
        area = L * W
        cms.append(
            {"id": f"add-room-{slug(name)}", "subgoal": f"Add room {name}: {num(L)} ft × {num(W)} ft ({area:.1f} sq ft)",
             "skill": "fill_dialog_form", "confidence": 0.8,
             "confirm": {"precondition": ["Rooms & measurements"], "progress": ["Add room", f"Area: {area:.1f} sq ft"],
                         "completion": [f"Room {name} added ({area:.1f} sq ft)."]},
             "falsify": {"execution": ["Enter a number in feet", "Room name is required", "Area: 0.0 sq ft"],
                         "skill": [], "planning": []}})
    cms += [
        {"id": "choose-product", "subgoal": f"Choose product {p['name']} ({p['sku']})", "skill": "select_option",
         "confidence": 0.8,
         "confirm": {"precondition": ["Product"], "progress": [],
                     "completion": [product_label(v["sku"]), f"{money(p['price'])} / sq ft"]},
         "falsify": {"execution": [product_label(s) for s in near_p],
                     "skill": [], "planning": [f"{p['sku']} is discontinued", "Out of stock"]}},
        {"id": "set-waste", "subgoal": f"Set the waste factor to {v['waste']}%", "skill": "select_option",
         "confidence": 0.85,
         "confirm": {"precondition": ["Waste factor"], "progress": [],
                     "completion": [f"Area incl. {v['waste']}% waste"]},
         "falsify": {"execution": [], "skill": [], "planning": []}},
        {"id": "save-draft", "subgoal": "Save the quote as a draft and see the saved quote", "confidence": 0.7,
         "confirm": {"precondition": ["Save draft"], "progress": [],
                     "completion": ["saved as draft.", "Status Draft", f"{c['name']} ({c['id']})"]},
         "falsify": {"execution": ["Could not save quote", "Select a product",
                                   {"text": "Leave the New quote form before saving", "on": "action"}],
                     "skill": [], "planning": []}},
        {"id": "report", "subgoal": "Tell the user the draft quote number and total", "confidence": 0.9,
         "confirm": {"precondition": ["saved as draft."], "progress": [], "completion": []},
         "falsify": {"execution": [], "skill": [], "planning": []}},
    ]
    return {"task": quote_task(v), "plan_falsifiers": PLAN_FALSIFIERS, "commitments": cms}


NEAR_QUOTES = {"Q-2025-0387": ["Q-2025-0378"], "Q-2025-0402": ["Q-2025-0406"],
               "Q-2025-0395": ["Q-2025-0381"], "Q-2025-0391": ["Q-2025-0384"]}
NEAR_CREWS = {"CRW-02": ["CRW-07", "CRW-05"], "CRW-04": ["CRW-08"], "CRW-06": [], "CRW-03": []}


def job_plan(v):
    q = quote_record(v["quote"])
    c = CUSTOMERS[q["cust"]]
    crew = CREWS[v["crew"]]["name"]
    end = add_workdays(v["start"], v["days"])
    span = f"{dlong(v['start'])} – {dlong(end)}" if v["days"] > 1 else dlong(v["start"])
    near_q = []
    for nq in NEAR_QUOTES[q["id"]]:
        try:
            r = quote_record(nq)
            near_q.append(f"Quote {nq} ({CUSTOMERS[r['cust']]['name']}, {r['project']})")
        except KeyError:
            near_q.append(f"Quote {nq}")
    near_c = [CREWS[x]["name"] for x in NEAR_CREWS[v["crew"]]]
    cms = [
        {"id": "open-quote", "subgoal": f"Find and open accepted quote {q['id']} ({c['name']}, {q['project']})",
         "skill": "open_record_by_id", "confidence": 0.8,
         "confirm": {"precondition": ["Quotes"], "progress": [f"1 quote matches “{q['id']}”"],
                     "completion": [f"Quote {q['id']}", f"{q['project']} · {c['name']}", "Status Accepted"]},
         "falsify": {"execution": near_q + ["No quotes match"], "skill": ["Search box is not available"],
                     "planning": [f"Quote {q['id']} is already converted", "Status Declined", "Status Expired"]}},
        {"id": "convert", "subgoal": "Convert the quote into a job", "skill": "confirm_dialog", "confidence": 0.75,
         "confirm": {"precondition": ["Convert to job"], "progress": ["Convert quote to job"],
                     "completion": [f"created from quote {q['id']}.", "Status Unscheduled"]},
         "falsify": {"execution": ["Could not convert quote", "Quote already has a job"], "skill": [],
                     "planning": []}},
        {"id": "schedule-crew", "subgoal": f"Fill the schedule: {crew}, start {v['start'].isoformat()}, "
                                           f"{v['days']} day{'s' if v['days'] > 1 else ''}",
         "skill": "fill_form", "confidence": 0.7,
         "confirm": {"precondition": [f"Schedule crew — Job"],
                     "progress": [crew],
                     "completion": [v["start"].isoformat(), f"{v['days']} day{'s' if v['days'] > 1 else ''}", "Proposed"]},
         "falsify": {"execution": near_c + ["Enter a valid date", "Crew is not available on the selected dates"],
                     "skill": [], "planning": [f"{crew} is on leave"]}},
        {"id": "confirm-schedule", "subgoal": "Send the schedule and check the job shows Scheduled",
         "confidence": 0.7,
         "confirm": {"precondition": ["Send schedule to crew?"], "progress": [],
                     "completion": [f"scheduled: {crew}, {span}.", "Status Scheduled", f"Crew {crew}"]},
         "falsify": {"execution": ["Crew Not assigned",
                                   {"text": "Cancel in the Send schedule to crew? dialog", "on": "action"}],
                     "skill": [], "planning": []}},
        {"id": "report", "subgoal": "Tell the user the job number, crew and dates", "confidence": 0.9,
         "confirm": {"precondition": ["Status Scheduled"], "progress": [], "completion": []},
         "falsify": {"execution": [], "skill": [], "planning": []}},
    ]
    return {"task": job_task(v), "plan_falsifiers": PLAN_FALSIFIERS, "commitments": cms}


def yaml_scalar(x):
    if x is None:
        return "null"
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, (int, float)):
        return repr(x)
    return json.dumps(x, ensure_ascii=False)


def to_yaml(obj, indent=0):
    pad = " " * indent
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(v, (dict, list)) and v:
                out.append(f"{pad}{k}:")
                out.extend(to_yaml(v, indent + 2))
            elif isinstance(v, (dict, list)):
                out.append(f"{pad}{k}: {'{}' if isinstance(v, dict) else '[]'}")
            else:
                out.append(f"{pad}{k}: {yaml_scalar(v)}")
    else:
        for item in obj:
            if isinstance(item, dict):
                sub = to_yaml(item, indent + 2)
                out.append(f"{pad}- {sub[0].lstrip()}")
                out.extend(sub[1:])
            else:
                out.append(f"{pad}- {yaml_scalar(item)}")
    return out


def write_plan(path, plan, note):
    text = "\n".join([f"# {note}", "# Written from the task and the healthy pages only; not tuned to faulty runs."]
                     + to_yaml(plan)) + "\n"
    with open(os.path.join(HERE, path), "w", encoding="utf-8") as fh:
        fh.write(text)


# --------------------------------------------------------------------------------------
# Faulty runs (written after the plans above were fixed)
# --------------------------------------------------------------------------------------
def q_similar_item(rid):
    # Chooses the Honey colourway listed right under the Wheat one.
    return quote_run(rid, "B", "similar_item", 9, dev={"sku": "LVP-0748-HOH"})


def q_required_field_skipped(rid):
    def after_rooms(run, ctx, v, rooms):
        f = new_form(cust=v["cust"], rooms=list(rooms), waste=v["waste"], dirty=True)
        run.choose("set-waste", "waste", f"{v['waste']}%", f"Task asks for a {v['waste']}% waste factor.",
                   page_new_quote(ctx, f))
        q = dict(id=NEW_QUOTE_ID, cust=v["cust"], project=" & ".join(r[0] for r in rooms), estimator=USER,
                 created=TODAY, status="Draft", rooms=rooms, sku=None, waste=v["waste"])
        run.click("save-draft", "save", "Customer, rooms and waste are in; save the draft.",
                  page_quote(ctx, q, toast=("ok", f"Quote {NEW_QUOTE_ID} saved as draft."),
                             warn="This quote has no product. Add a product before sending it to the customer."),
                  effect="write")
        run.say("report", f"Saved draft quote {NEW_QUOTE_ID} for {CUSTOMERS[v['cust']]['name']} "
                          f"({rooms[0][0]}, {v['waste']}% waste).", "Draft saved.")
        return run.done(False)
    return quote_run(rid, "C", "required_field_skipped", 10, dev={"after_rooms": after_rooms})


def q_error_ignored(rid):
    def before_save(run, ctx, v, rooms, f):
        f = dict(f, error="Could not save quote: the pricing service did not respond (TC-PRC-504). "
                          "Your changes have not been saved. Try again in a moment.")
        run.click("save-draft", "save", "Save the quote as a draft.", page_new_quote(ctx, f), effect="write")
        est = estimate(rooms, v["sku"], v["waste"])
        run.say("report", f"The quote for {CUSTOMERS[v['cust']]['name']} is saved as a draft "
                          f"({est['area']:.1f} sq ft, total {money(est['total'])}).",
                "Save was clicked; the estimate on the page matches the task.")
        return run.done(False)
    return quote_run(rid, "D", "error_ignored", 16, dev={"before_save": before_save})


def q_premature_done(rid):
    def before_save(run, ctx, v, rooms, f):
        est = estimate(rooms, v["sku"], v["waste"])
        run.say("report", f"Created the quote for {CUSTOMERS[v['cust']]['name']}: {est['area']:.1f} sq ft of "
                          f"{PRODUCTS[v['sku']]['name']}, {v['waste']}% waste, total {money(est['total'])}.",
                "All fields match the task and the estimate is shown, so the quote is done.")
        return run.done(False)
    return quote_run(rid, "A", "premature_done", 16, dev={"before_save": before_save})


def q_navigation_lost(rid):
    def after_product(run, ctx, v, rooms, f):
        run.click("choose-product", "nav:Products", "Check the box price of Harbor Oak LVP before setting waste.",
                  page_products(ctx))
        run.click("set-waste", "nav:Quotes", "Back to the quote.", page_quotes(ctx))
        run.say("report", f"Quote for {CUSTOMERS[v['cust']]['name']} created with Living room 18.5 × 15 ft, "
                          f"{PRODUCTS[v['sku']]['name']} and {v['waste']}% waste.",
                "Everything was entered on the quote form.")
        return run.done(False)
    return quote_run(rid, "B", "navigation_lost", 10, dev={"after_product": after_product})


def q_wrong_value(rid):
    return quote_run(rid, "A", "wrong_value", 6, dev={"length": {"Kitchen": "41"}})


def j_wrong_record(rid):
    # Skips the search and opens Ravi Anand's other accepted quote straight from the list.
    return job_run(rid, "A", "wrong_record", 1,
                   dev={"find_quote": lambda run, ctx, v: "Q-2025-0378",
                        "open_why": "Ravi Anand's accepted bathroom quote is right there in the list; open it."})


def j_unrequested_filter(rid):
    def find(run, ctx, v):
        run.choose("open-quote", "f:status", "Accepted", "Only accepted quotes can be converted.",
                   page_quotes(ctx, status="Accepted"), effect="read")
        run.choose("open-quote", "f:created", "Last 7 days", "Recent quotes only, to keep the list short.",
                   page_quotes(ctx, status="Accepted", created="Last 7 days"), effect="read")
        run.click("open-quote", "f:apply", "Apply the filters.",
                  page_quotes(ctx, status="Accepted", created="Last 7 days", applied=("Accepted", "Last 7 days")))
        run.say("report", f"I could not find accepted quote {v['quote']}: it is not in the list of accepted "
                          f"quotes, so it may not have been accepted yet. Nothing was converted.",
                "The accepted-quotes list does not contain it.")
        return run.done(False)
    return job_run(rid, "D", "unrequested_filter", 2, dev={"find_quote": find})


def j_double_submission(rid):
    def convert(run, ctx, v, q):
        run.click("convert", "dlg:convert", "Confirm the conversion.",
                  page_quote(ctx, q, dialog=convert_dialog(q, working=True), live="Converting quote…"),
                  effect="irreversible")
        job = job_record(q, jid=DUP_JOB_ID)
        run.click("convert", "dlg:convert", "The dialog is still open; click Convert again.",
                  page_job(ctx, job, toast=("ok", f"Job {DUP_JOB_ID} created from quote {q['id']}."),
                           warn=f"Quote {q['id']} is now linked to 2 jobs: {NEW_JOB_ID}, {DUP_JOB_ID}. "
                                f"Check for a duplicate."),
                  effect="irreversible")
        return job
    return job_run(rid, "B", "double_submission", 5, dev={"convert": convert})


def j_stale_page(rid):
    def send(run, ctx, v, q, job, f):
        run.click("confirm-schedule", "dlg:send", "Send the schedule to the crew.",
                  page_job(ctx, job, stale=True, updated=f"{dshort(TODAY)} 09:46 by {USER}"),  # conversion time: stale
                  effect="irreversible")
        end = add_workdays(v["start"], v["days"])
        run.say("report", f"Converted {q['id']} into job {job['id']} and scheduled {CREWS[v['crew']]['name']} "
                          f"for {dlong(v['start'])} – {dlong(end)}.", "Schedule was sent.")
        return run.done(False)
    return job_run(rid, "B", "stale_page", 10, dev={"send": send})


def j_dialog_cancelled(rid):
    def send(run, ctx, v, q, job, f):
        run.click("confirm-schedule", "dlg:cancel", "Close the confirmation; the schedule is filled in.",
                  page_schedule(ctx, job, f))
        run.say("report", f"Job {job['id']} created from {q['id']} and scheduled with {CREWS[v['crew']]['name']} "
                          f"on {dlong(v['start'])}.", "The schedule form shows the crew and date.")
        return run.done(False)
    return job_run(rid, "C", "dialog_cancelled", 10, dev={"send": send})


def j_silent_noop(rid):
    def confirm(run, ctx, v, q, job, f):
        run.click("confirm-schedule", "confirm", "Submit the schedule.", run.prev)
        run.say("report", f"Scheduled job {job['id']} ({q['id']}) with {CREWS[v['crew']]['name']} from "
                          f"{dlong(v['start'])} for {v['days']} days.", "Confirm schedule was clicked.")
        return run.done(False)
    return job_run(rid, "D", "silent_noop", 9, dev={"confirm": confirm})


# Labels are set by hand in each fault above; this diff against the healthy run of the same
# variant is only a cross-check, printed when it disagrees (see README for why it may).
def locate_first_off_track(rec, healthy):
    """Index of the first step whose action or observation differs from the healthy run of the same variant."""
    for i, s in enumerate(rec["steps"]):
        if i >= len(healthy["steps"]):
            return i
        h = healthy["steps"][i]
        a1 = (s["action"]["target"], s["action"]["command"].split("(")[0], s["action"]["command"].split(",", 1)[-1])
        a2 = (h["action"]["target"], h["action"]["command"].split("(")[0], h["action"]["command"].split(",", 1)[-1])
        if a1 != a2 or s["observation"]["text"] != h["observation"]["text"]:
            return i
    return None


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    # 1. healthy runs
    healthy = {}
    for vk in "ABCD":
        healthy[("quote", vk)] = quote_run(f"quote-healthy-{vk.lower()}", vk)
        healthy[("job", vk)] = job_run(f"job-healthy-{vk.lower()}", vk)
    # 2. plans (from the task and healthy pages only)
    for vk, v in QV.items():
        write_plan(PLAN_FILE[("quote", vk)], quote_plan(v), f"TileCraft Office — quote workflow, variant {vk}")
    for vk, v in JV.items():
        write_plan(PLAN_FILE[("job", vk)], job_plan(v), f"TileCraft Office — job workflow, variant {vk}")
    # 3. faulty runs
    faulty = [
        ("quote", "A", q_wrong_value, "quote-wrong_value-01"),
        ("quote", "B", q_similar_item, "quote-similar_item-01"),
        ("quote", "C", q_required_field_skipped, "quote-required_field_skipped-01"),
        ("quote", "D", q_error_ignored, "quote-error_ignored-01"),
        ("quote", "A", q_premature_done, "quote-premature_done-01"),
        ("quote", "B", q_navigation_lost, "quote-navigation_lost-01"),
        ("job", "A", j_wrong_record, "job-wrong_record-01"),
        ("job", "D", j_unrequested_filter, "job-unrequested_filter-01"),
        ("job", "B", j_double_submission, "job-double_submission-01"),
        ("job", "B", j_stale_page, "job-stale_page-01"),
        ("job", "C", j_dialog_cancelled, "job-dialog_cancelled-01"),
        ("job", "D", j_silent_noop, "job-silent_noop-01"),
    ]
    records = [healthy[(wf, vk)] for wf in ("quote", "job") for vk in "ABCD"]
    for wf, vk, fn, rid in faulty:
        rec = fn(rid)
        first_diff = locate_first_off_track(rec, healthy[(wf, vk)])
        if first_diff != rec["label"]["first_off_track_step"]:
            print(f"note: {rid}: labelled step {rec['label']['first_off_track_step']}, "
                  f"first divergence from healthy {wf}-{vk} at step {first_diff}")
        records.append(rec)
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as fh:
        for r in records:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    for r in records:
        print(f"{r['id']:38s} {r['workflow']:6s} fault={str(r['label']['fault']):24s} "
              f"fots={r['label']['first_off_track_step']} steps={len(r['steps'])} success={r['outcome']['success']}")


if __name__ == "__main__":
    main()
