#!/usr/bin/env python3
"""Generate the FleetYard Console trajectory corpus (stdlib only, fixed seeds).

Writes, next to this file:
  corpus.jsonl                       one trajectory per line (fcpkit contract)
  plans/out_of_service.yaml          plan for task variant 1 of each workflow
  plans/reassign_reservation.yaml
  plans/<workflow>.v2.yaml ...       plans for the other task variants (same template)

Order of authorship (kept in the file order): world data -> page renderers ->
plans (written from the tasks and the healthy pages only) -> healthy runs ->
faulty runs.  The plan builders take only task-variant data; nothing about the
faults is passed to them.
"""
import json
import random
from datetime import date, datetime, timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent

PRODUCT = "FleetYard Console"
VERSION = "4.12.3"
BUILD = "2025.03.06-a41c"
ORG = "GreenMile Carsharing Ltd"
REGION = "Greater Manchester"
BASE = "https://fleetyard.greenmile.example"
USER = "Priya Natarajan"
USER_ROLE = "Fleet Supervisor"
USER_EMAIL = "priya.natarajan@greenmile.example"
TODAY = date(2025, 3, 13)  # Thursday

# --------------------------------------------------------------------------- world
STATIONS = {
    "ST-MAN-014": ("Piccadilly Basin", "Store Street car park, level 1, M1 2NQ", 12),
    "ST-MAN-015": ("Piccadilly Station Approach", "Fairfield Street, M1 2QF", 8),
    "ST-MAN-019": ("Northern Quarter", "Tariff Street, M1 2FF", 6),
    "ST-MAN-022": ("Didsbury Village", "School Lane car park, M20 6SA", 6),
    "ST-MAN-031": ("Chorlton Green", "Beech Road, M21 9EG", 5),
    "ST-SAL-003": ("Salford Quays", "MediaCityUK multi-storey, level 2, M50 2EQ", 10),
    "ST-SAL-004": ("Salford Quays West", "Ontario Basin, M50 3SP", 6),
    "ST-TRA-007": ("Trafford Park", "Village Way, M17 1HP", 8),
}
NEARBY = {"ST-MAN-014": ["ST-MAN-015"], "ST-MAN-015": ["ST-MAN-014"],
          "ST-SAL-003": ["ST-SAL-004"], "ST-SAL-004": ["ST-SAL-003"]}

# id, model, registration, class, fuel, home station, status, odometer (mi), fuel/battery %
_V = [
    ("VH-20417", "Toyota Yaris Hybrid", "MX23 KTF", "Small hatchback", "Hybrid", "ST-MAN-014", "Available", 18204, 64),
    ("VH-20471", "Toyota Yaris Hybrid", "MX23 KFT", "Small hatchback", "Hybrid", "ST-MAN-014", "Available", 17950, 88),
    ("VH-20533", "Toyota Yaris Hybrid", "MX23 LZD", "Small hatchback", "Hybrid", "ST-MAN-014", "Available", 12033, 94),
    ("VH-20553", "Toyota Yaris Hybrid", "MX23 LZB", "Small hatchback", "Hybrid", "ST-MAN-014", "Available", 12690, 71),
    ("VH-21417", "Toyota Yaris Cross", "MX73 KTF", "Small SUV", "Hybrid", "ST-MAN-019", "On trip", 9411, 55),
    ("VH-22316", "Peugeot e-208", "MA22 PEV", "Small hatchback", "Electric", "ST-MAN-014", "Available", 22874, 83),
    ("VH-24190", "Fiat 500e", "MF23 ZFE", "City car", "Electric", "ST-MAN-014", "On trip", 8120, 46),
    ("VH-25033", "Toyota Corolla Touring", "MA73 PLU", "Estate", "Hybrid", "ST-MAN-014", "Reserved", 15302, 90),
    ("VH-18825", "Renault Megane E-Tech", "MW72 HNE", "Medium hatchback", "Electric", "ST-MAN-022", "Available", 21480, 81),
    ("VH-18852", "Renault Zoe", "MW21 HNE", "Small hatchback", "Electric", "ST-MAN-022", "Available", 34112, 77),
    ("VH-18925", "Renault Zoe", "MW21 HEN", "Small hatchback", "Electric", "ST-MAN-022", "Available", 29870, 92),
    ("VH-18952", "Renault Clio E-Tech", "MW71 HNF", "Small hatchback", "Hybrid", "ST-MAN-022", "Cleaning due", 26011, 67),
    ("VH-19004", "Ford Transit Custom", "MK70 VNA", "Van", "Diesel", "ST-TRA-007", "On trip", 48230, 58),
    ("VH-27470", "Kia Niro Hybrid", "MF24 LOR", "Small SUV", "Hybrid", "ST-MAN-031", "Available", 6120, 79),
    ("VH-27704", "Kia Niro EV", "MF24 LPO", "Small SUV", "Electric", "ST-MAN-031", "Available", 5333, 96),
    ("VH-27740", "Kia Niro EV", "MF24 LOP", "Small SUV", "Electric", "ST-MAN-031", "Available", 5871, 88),
    ("VH-29961", "Tesla Model 3", "MC21 TSL", "Large saloon", "Electric", "ST-MAN-019", "Available", 41022, 18),
    ("VH-31208", "Volkswagen ID.3", "MA72 XRB", "Medium hatchback", "Electric", "ST-SAL-003", "Available", 19876, 74),
    ("VH-31280", "Volkswagen ID.3", "MA72 XBR", "Medium hatchback", "Electric", "ST-SAL-003", "Available", 18543, 90),
    ("VH-31802", "Volkswagen ID.4", "MA22 XRB", "Medium SUV", "Electric", "ST-SAL-004", "Available", 24410, 63),
    ("VH-31820", "Volkswagen ID.3", "MA72 XRD", "Medium hatchback", "Electric", "ST-SAL-003", "Available", 20117, 86),
    ("VH-13208", "Volkswagen Polo", "ML19 RBX", "Small hatchback", "Petrol", "ST-SAL-003", "In workshop", 57302, 40),
]
VEH = {}
for _row in _V:
    _k = ("id", "model", "plate", "cls", "fuel", "station", "status", "odo", "level")
    VEH[_row[0]] = dict(zip(_k, _row))

_COLOURS = ["Moon Silver", "Glacier White", "Midnight Black", "Urban Grey", "Moonstone Grey", "Deep Blue"]


def vextra(vid):
    r = random.Random("veh:" + vid)
    mot = date(2025, 4, 1) + timedelta(days=r.randint(0, 300))
    svc = TODAY + timedelta(days=r.randint(9, 120))
    cleaned = TODAY - timedelta(days=r.randint(0, 4))
    return {
        "colour": r.choice(_COLOURS),
        "vin": "".join(r.choice("ABCDEFGHJKLMNPRSTUVWXYZ0123456789") for _ in range(17)),
        "mot": mot.strftime("%d %b %Y"),
        "service": svc.strftime("%d %b %Y"),
        "cleaned": cleaned.strftime("%d %b %Y") + f", {r.randint(7, 21):02d}:{r.choice(['05', '20', '35', '50'])}",
        "insurance": f"GMF-FLT-25-{r.randint(1000, 9999)}",
        "telematics": f"TBX-{r.randint(100000, 999999)}",
        "volt": f"12.{r.randint(3, 8)} V",
        "last_fix": f"10:{r.randint(10, 39):02d}",
        "trips30": r.randint(31, 96),
        "rating": f"{r.uniform(4.3, 4.9):.1f}",
    }


# Reservations on today's board: id, member, member id, vehicle, station, start, end, status
_R = [
    ("RSV-884490", "Liam Chen", "MBR-0031187", "VH-24190", "ST-MAN-014", "Today 08:00", "Today 11:00", "In progress"),
    ("RSV-884503", "Hannah Brooks", "MBR-0044302", "VH-29961", "ST-MAN-019", "Today 09:30", "Today 13:30", "In progress"),
    ("RSV-884512", "Tomasz Wiśniewski", "MBR-0047718", "VH-20417", "ST-MAN-014", "Today 14:00", "Today 18:00", "Confirmed"),
    ("RSV-884513", "Grace Adeyemi", "MBR-0050964", "VH-20471", "ST-MAN-014", "Today 11:00", "Today 12:30", "Confirmed"),
    ("RSV-884521", "Toni Wilson", "MBR-0047781", "VH-20553", "ST-MAN-014", "Today 18:30", "Today 20:00", "Confirmed"),
    ("RSV-884703", "Oliver Grant", "MBR-0029930", "VH-31820", "ST-SAL-003", "Today 19:00", "Today 22:00", "Confirmed"),
    ("RSV-884730", "Amelia Okafor", "MBR-0051290", "VH-31208", "ST-SAL-003", "Today 16:30", "Fri 14 Mar 09:00", "Confirmed"),
    ("RSV-884771", "Mohammed Iqbal", "MBR-0038215", "VH-19004", "ST-TRA-007", "Today 07:30", "Today 12:30", "In progress"),
    ("RSV-885017", "Daniel Hughes", "MBR-0039921", "VH-18852", "ST-MAN-022", "Today 12:15", "Today 15:15", "Confirmed"),
    ("RSV-885071", "Chloe Parry", "MBR-0055106", "VH-18825", "ST-MAN-022", "Today 13:00", "Today 14:00", "Confirmed"),
    ("RSV-885104", "Ewan Doyle", "MBR-0041377", "VH-21417", "ST-MAN-019", "Today 10:00", "Today 11:30", "In progress"),
    ("RSV-885204", "Ravi Patel", "MBR-0060472", "VH-27470", "ST-MAN-031", "Today 15:00", "Today 16:00", "Confirmed"),
    ("RSV-885240", "Sofia Marchetti", "MBR-0062214", "VH-27740", "ST-MAN-031", "Today 17:00", "Today 21:00", "Confirmed"),
    ("RSV-885402", "Megan Doherty", "MBR-0036650", "VH-22316", "ST-MAN-014", "Today 20:30", "Today 22:30", "Confirmed"),
    ("RSV-885412", "Jack Thornton", "MBR-0058843", "VH-25033", "ST-MAN-014", "Today 12:00", "Today 13:00", "Confirmed"),
    ("RSV-885520", "Aisha Rahman", "MBR-0049002", "VH-31280", "ST-SAL-003", "Today 22:30", "Fri 14 Mar 07:30", "Confirmed"),
]
RES = {}
for _row in _R:
    _k = ("id", "member", "mid", "vehicle", "station", "start", "end", "status")
    RES[_row[0]] = dict(zip(_k, _row))

WORKSHOPS = [  # id, name, specialism, distance, next free, rating, address
    ("WS-113", "Ancoats Auto Centre", "Servicing, mechanical", "1.1 mi", "Fri 14 Mar", "4.2", "Pollard Street, M4 7AN"),
    ("WS-109", "Ancoats Autocare", "Mechanical, mirrors & lights, EV", "1.3 mi", "Fri 14 Mar", "4.7", "Radium Street, M4 6AY"),
    ("WS-126", "Kwik Tyre Cheetham Hill", "Tyres, wheels, alignment", "2.4 mi", "Fri 14 Mar", "4.5", "Cheetham Hill Road, M8 8EP"),
    ("WS-128", "Kwik-Fit Cheetham Hill", "Tyres, exhausts", "2.6 mi", "Mon 17 Mar", "4.0", "Bury Old Road, M8 5EL"),
    ("WS-117", "Salford Auto Glass", "Glass (side and rear only)", "3.0 mi", "Tue 18 Mar", "4.1", "Regent Road, M5 4SX"),
    ("WS-104", "Salford Glass Express", "Windscreens, ADAS calibration", "3.2 mi", "Mon 17 Mar", "4.8", "Frederick Road, M6 6NY"),
    ("WS-102", "Trafford Body & Paint", "Body, paint, bumpers, EV approved", "4.8 mi", "Tue 18 Mar", "4.6", "Westinghouse Road, M17 1PY"),
    ("WS-121", "Trafford Bodyworks Ltd", "Body, paint (no EV)", "5.1 mi", "Wed 19 Mar", "3.9", "Mosley Road, M17 1FN"),
]
WS = {w[1]: dict(zip(("id", "name", "spec", "dist", "free", "rating", "addr"), w)) for w in WORKSHOPS}

DAMAGE_TYPES = ["Body – dent / scratch", "Glass – windscreen", "Glass – side / rear window", "Tyre / wheel",
                "Mirrors / lights", "Interior – soiling / damage", "Mechanical / warning light",
                "Charging cable / port", "Other"]
SEVERITIES = ["Minor – cosmetic, keep in service", "Moderate – repair within 7 days", "Major – not roadworthy"]
REASONS = ["Vehicle out of service", "Vehicle damaged", "Vehicle not returned on time", "Member request",
           "Vehicle needs cleaning", "Other"]
SLOTS = ["Morning (08:00–12:00)", "Afternoon (12:00–17:00)"]


def similar_ids(a, b):
    """Near-miss rule used by the app's 'similar matches' section."""
    if a == b or len(a) != len(b):
        return False
    if sorted(a) == sorted(b):
        return True
    return sum(x != y for x, y in zip(a, b)) <= 1


def long_date(iso):
    return date.fromisoformat(iso).strftime("%a %d %b %Y")


def uk_date(iso):
    return date.fromisoformat(iso).strftime("%d/%m/%Y")


def full_date(iso):
    d = date.fromisoformat(iso)
    return d.strftime("%A ") + str(d.day) + d.strftime(" %B %Y")


# --------------------------------------------------------------------------- AXTree
class AX:
    """Builds a BrowserGym-style flattened accessibility tree."""

    def __init__(self, title):
        self.title = title
        self.lines = [f"RootWebArea {title!r}, focused"]
        self.n = 0
        self.keys = {}

    def el(self, d, role, name="", key=None, props=()):
        self.n += 1 + (len(name) % 4 == 3)  # real pages skip bids for hidden nodes
        bid = str(self.n)
        line = "\t" * d + f"[{bid}] {role} {name!r}"
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        if key:
            assert key not in self.keys, key
            self.keys[key] = (bid, role, name)
        return bid

    def txt(self, d, s):
        self.lines.append("\t" * d + f"StaticText {s!r}")

    def dl(self, d, pairs, key_prefix=None):
        self.el(d, "DescriptionList", "")
        for label, val in pairs:
            self.el(d + 1, "term", "")
            self.txt(d + 2, label)
            self.el(d + 1, "definition", "")
            if isinstance(val, tuple):  # (link text, key)
                self.el(d + 2, "link", val[0], key=val[1])
            else:
                self.txt(d + 2, str(val))


def pv(name, value):
    return f"{name}={value!r}"


NAV = ["Dashboard", "Vehicles", "Reservations", "Stations", "Damage & repairs", "Workshops", "Members", "Reports",
       "Settings"]


class Ctx:
    """Per-run state that the site furniture reflects (clock, recently viewed)."""

    def __init__(self, start_hhmm, recent):
        h, m = start_hhmm.split(":")
        self.t = datetime(2025, 3, 13, int(h), int(m))
        self.recent = list(recent)
        self.unread = 3

    @property
    def now(self):
        return self.t.strftime("%H:%M")

    def tick(self, minutes=1):
        self.t += timedelta(minutes=minutes)

    def viewed(self, label):
        if label in self.recent:
            self.recent.remove(label)
        self.recent.insert(0, label)


def top(ax, ctx, section, crumbs, search_value=""):
    ax.el(1, "banner", "")
    ax.el(2, "link", f"{PRODUCT} home", key="nav:home")
    ax.txt(3, PRODUCT)
    ax.txt(2, f"{ORG} · {REGION}")
    ax.el(2, "navigation", "Main")
    for item in NAV:
        ax.el(3, "link", item, key=f"nav:{item}", props=["current='page'"] if item == section else ())
    ax.el(2, "search", "Global search")
    props = [pv("value", search_value)] if search_value else []
    ax.el(3, "combobox", "Search vehicles, reservations, members", key="globalsearch",
          props=props + ["autocomplete='list'", "hasPopup='listbox'", "expanded=False"])
    ax.el(3, "button", "Search")
    ax.el(2, "button", f"Notifications, {ctx.unread} unread", props=["hasPopup='dialog'"])
    ax.el(2, "button", "Help and shortcuts")
    ax.el(2, "button", f"{USER}, {USER_ROLE}", key="usermenu", props=["hasPopup='menu'", "expanded=False"])
    ax.txt(3, "PN")
    ax.el(1, "navigation", "Breadcrumb")
    ax.el(2, "list", "")
    for i, label in enumerate(crumbs):
        ax.el(3, "listitem", "")
        if i == len(crumbs) - 1:
            ax.txt(4, label)
        else:
            ax.el(4, "link", label, key=f"crumb:{label}")
    ax.el(1, "main", "")


def bottom(ax, ctx, toast=None, alert_toast=False):
    ax.el(1, "complementary", "Recently viewed")
    ax.el(2, "heading", "Recently viewed", props=["level=2"])
    ax.el(2, "list", "")
    for label in ctx.recent[:6]:
        ax.el(3, "listitem", "")
        ax.el(4, "link", label)
    ax.el(2, "button", "Clear history")
    ax.el(1, "contentinfo", "")
    ax.txt(2, f"{PRODUCT} {VERSION} (build {BUILD})")
    ax.txt(2, f"© 2025 {ORG}. Operator licence OL-GM-0441.")
    for link in ["System status", "Help centre", "Keyboard shortcuts", "Release notes", "Privacy notice"]:
        ax.el(2, "link", link)
    ax.txt(2, f"Signed in as {USER_EMAIL} · Europe/London · Last synced {ctx.now}")
    ax.el(1, "status", "", props=["live='polite'", "atomic", "relevant='additions text'"])
    if toast:
        ax.txt(2, toast)
        ax.el(2, "button", "Dismiss notification")


class Page:
    def __init__(self, url, ax, fn=None, args=None):
        self.url = BASE + url
        self.title = ax.title
        self.text = "\n".join(ax.lines)
        self.keys = ax.keys
        self.fn, self.args = fn, args or {}

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": self.text, "error": error}

    def again(self, ctx, **changes):
        a = dict(self.args)
        a.update(changes)
        return self.fn(ctx, **a)


def page(fn):
    def wrapper(ctx, **kw):
        p = fn(ctx, **kw)
        p.fn, p.args = wrapper, kw
        return p
    wrapper.__name__ = fn.__name__
    return wrapper


# --------------------------------------------------------------------------- pages
def vehicle_row(ax, d, v, status=None, link_key=True):
    st = STATIONS[v["station"]][0]
    ax.el(d, "row", f"{v['id']} {v['model']} {v['plate']}")
    ax.el(d + 1, "cell", "")
    ax.el(d + 2, "checkbox", f"Select {v['id']}", props=["checked='false'"])
    ax.el(d + 1, "cell", v["id"])
    ax.el(d + 2, "link", v["id"], key=f"vlink:{v['id']}" if link_key else None)
    for c in (v["plate"], v["model"], v["cls"], st, status or v["status"],
              f"{v['level']}%" if v["fuel"] == "Electric" else f"{v['level']}% fuel",
              f"{v['odo']:,} mi"):
        ax.el(d + 1, "cell", c)
    r = random.Random("act:" + v["id"])
    ax.el(d + 1, "cell", f"{r.randint(1, 59)} min ago" if r.random() < .6 else f"{r.randint(2, 9)} h ago")


def vehicle_table(ax, d, rows, caption, sortable=True):
    ax.el(d, "table", caption)
    ax.el(d + 1, "row", "")
    ax.el(d + 2, "columnheader", "Select all")
    ax.el(d + 3, "checkbox", "Select all rows", props=["checked='false'"])
    for col in ["Vehicle ID", "Registration", "Model", "Class", "Station", "Status", "Fuel / battery", "Odometer",
                "Last activity"]:
        props = ["sort='ascending'"] if col == "Vehicle ID" and sortable else ()
        ax.el(d + 2, "columnheader", col, props=props)
        if sortable:
            ax.el(d + 3, "button", f"Sort by {col}")
    for v in rows:
        vehicle_row(ax, d + 1, v)


@page
def vehicles_list(ctx, q="", overrides=None):
    overrides = overrides or {}
    url = "/fleet/vehicles?region=gm&sort=id" + (f"&q={q.replace(' ', '+')}" if q else "")
    ax = AX(f"Vehicles{' – ' + q if q else ''} · {PRODUCT}")
    top(ax, ctx, "Vehicles", ["Home", "Fleet", "Vehicles"])
    ax.el(2, "heading", "Vehicles", props=["level=1"])
    ax.txt(2, "214 vehicles in Greater Manchester · 168 available · 31 on trip · 9 out of service · 6 in workshop")
    ax.el(2, "button", "Add vehicle")
    ax.el(2, "button", "Export CSV")
    ax.el(2, "button", "Bulk actions", props=["disabled=True", "hasPopup='menu'"])
    ax.el(2, "region", "Filters")
    ax.el(3, "heading", "Filters", props=["level=2"])
    ax.el(3, "textbox", "Filter by vehicle ID, registration or model", key="filterbox",
          props=([pv("value", q)] if q else []) + ["placeholder='e.g. VH-20417 or MX23 KTF'"])
    ax.el(3, "combobox", "Station", props=["value='All stations'", "hasPopup='menu'", "expanded=False"])
    ax.el(4, "option", "All stations", props=["selected=True"])
    for sid, (nm, _, _) in STATIONS.items():
        ax.el(4, "option", f"{nm} ({sid})", props=["selected=False"])
    ax.el(3, "combobox", "Status", props=["value='All statuses'", "hasPopup='menu'", "expanded=False"])
    for s in ["All statuses", "Available", "Reserved", "On trip", "Cleaning due", "Out of service", "In workshop"]:
        ax.el(4, "option", s, props=[f"selected={s == 'All statuses'}"])
    ax.el(3, "combobox", "Vehicle class", props=["value='All classes'", "hasPopup='menu'", "expanded=False"])
    ax.el(3, "checkbox", "Electric only", props=["checked='false'"])
    ax.el(3, "checkbox", "Show retired vehicles", props=["checked='false'"])
    ax.el(3, "button", "Reset filters")
    ax.el(3, "button", "Save this view")
    rows = [dict(v, **overrides.get(v["id"], {})) for v in VEH.values()]
    if not q:
        rows = sorted(rows, key=lambda v: v["id"])[:20]
        ax.txt(2, "Showing 1–20 of 214 vehicles · sorted by Vehicle ID")
        vehicle_table(ax, 2, rows, "Vehicles")
        pages = ("1", "2", "3", "…", "11")
        cur = "Page 1 of 11"
    else:
        exact = [v for v in rows if q.upper() in (v["id"], v["plate"])]
        sim = [v for v in rows if v not in exact and (similar_ids(q.upper(), v["id"]) or any(
            similar_ids(e["plate"], v["plate"]) for e in exact))]
        ax.el(2, "heading", f"Results for “{q}”", props=["level=2"])
        if exact:
            ax.txt(2, f"Exact match ({len(exact)})")
            vehicle_table(ax, 2, exact, "Exact match")
        else:
            ax.txt(2, "No vehicles match this ID or registration.")
        if sim:
            ax.el(2, "heading", f"Similar IDs and registrations ({len(sim)})", props=["level=3"])
            ax.txt(2, "Check the ID and registration before acting on a similar vehicle.")
            vehicle_table(ax, 2, sim, "Similar IDs and registrations", sortable=False)
        pages = ("1",)
        cur = "Page 1 of 1"
    ax.el(2, "navigation", "Pagination")
    ax.el(3, "link", "Previous page", props=["disabled=True"])
    for p in pages:
        ax.el(3, "link", f"Page {p}", props=["current='page'"] if p == "1" else ())
    ax.el(3, "link", "Next page", props=["disabled=True"] if len(pages) == 1 else ())
    ax.txt(3, cur)
    ax.el(3, "combobox", "Rows per page", props=["value='20'", "hasPopup='menu'", "expanded=False"])
    bottom(ax, ctx)
    return Page(url, ax)


def upcoming_for(vid, extra_seed=""):
    rows = [r for r in RES.values() if r["vehicle"] == vid]
    r = random.Random("fut:" + vid + extra_seed)
    names = ["Ben Ashworth", "Nadia Kowalczyk", "Femi Adebayo", "Lucy Whitehead", "Sam O'Neill", "Yusuf Khan"]
    for i in range(2):
        day = ["Fri 14 Mar", "Sat 15 Mar", "Sun 16 Mar"][i + r.randint(0, 1)]
        h = r.randint(8, 18)
        rows.append({"id": f"RSV-886{r.randint(100, 999)}", "member": r.choice(names), "vehicle": vid,
                     "start": f"{day} {h:02d}:00", "end": f"{day} {h + r.randint(1, 3):02d}:00",
                     "status": "Confirmed", "station": VEH[vid]["station"]})
    return rows


def damage_history(vid):
    r = random.Random("dmg:" + vid)
    out = []
    for _ in range(r.randint(1, 2)):
        d = TODAY - timedelta(days=r.randint(20, 300))
        out.append((f"DMG-{r.randint(4100, 5390)}", d.strftime("%d %b %Y"),
                    r.choice(["Body – dent / scratch", "Interior – soiling / damage", "Mirrors / lights"]),
                    "Minor – cosmetic, keep in service", "Closed"))
    return out


@page
def vehicle_detail(ctx, vid, status=None, open_dmg=None, toast=None):
    v = VEH[vid]
    x = vextra(vid)
    stn, addr, _ = STATIONS[v["station"]]
    status = status or v["status"]
    ctx.viewed(f"{vid} · {v['plate']}")
    ax = AX(f"{vid} · {v['model']} · {PRODUCT}")
    top(ax, ctx, "Vehicles", ["Home", "Fleet", "Vehicles", vid])
    ax.el(2, "heading", f"{vid} · {v['model']}", props=["level=1"])
    ax.txt(2, f"{v['plate']} · {v['cls']} · {v['fuel']} · {x['colour']}")
    ax.txt(2, f"Status: {status}")
    ax.el(2, "button", "Edit vehicle")
    ax.el(2, "button", "Report damage", key="btn:report")
    ax.el(2, "button", "Lock remotely")
    ax.el(2, "button", "Locate on map")
    ax.el(2, "button", "More actions", props=["hasPopup='menu'", "expanded=False"])
    ups = upcoming_for(vid)
    hist = damage_history(vid)
    ax.el(2, "tablist", "Vehicle sections")
    for t in ["Overview", f"Reservations ({len(ups)})", f"Damage history ({len(hist)})", "Maintenance",
              "Telematics", "Documents"]:
        ax.el(3, "tab", t, props=[f"selected={t == 'Overview'}"])
    ax.el(2, "tabpanel", "Overview")
    ax.el(3, "heading", "Vehicle details", props=["level=2"])
    ax.dl(3, [("Vehicle ID", vid), ("Registration", v["plate"]), ("Make and model", v["model"]),
              ("Class", v["cls"]), ("Fuel", v["fuel"]), ("Colour", x["colour"]), ("VIN", x["vin"]),
              ("Home station", (f"{stn} ({v['station']})", "stationlink")), ("Bay address", addr),
              ("Status", status), ("Odometer", f"{v['odo']:,} mi"),
              ("Battery" if v["fuel"] == "Electric" else "Fuel level", f"{v['level']}%"),
              ("Last cleaned", x["cleaned"]), ("Next service due", x["service"]), ("MOT expiry", x["mot"]),
              ("Insurance policy", x["insurance"]), ("Telematics unit", x["telematics"]),
              ("Trips in last 30 days", str(x["trips30"])), ("Average member rating", f"{x['rating']} / 5")])
    ax.el(3, "heading", "Upcoming reservations", props=["level=2"])
    ax.el(3, "table", "Upcoming reservations")
    ax.el(4, "row", "")
    for c in ["Reservation", "Member", "Pick-up", "Return", "Status"]:
        ax.el(5, "columnheader", c)
    for r in ups:
        ax.el(4, "row", f"{r['id']} {r['member']}")
        ax.el(5, "cell", r["id"])
        ax.el(6, "link", r["id"])
        for c in (r["member"], r["start"], r["end"], r["status"]):
            ax.el(5, "cell", c)
    ax.el(3, "link", f"View all reservations for {vid}")
    ax.el(3, "heading", "Damage reports", props=["level=2"])
    ax.el(3, "table", "Damage reports")
    ax.el(4, "row", "")
    for c in ["Report", "Reported", "Type", "Severity", "State"]:
        ax.el(5, "columnheader", c)
    rows = ([open_dmg] if open_dmg else []) + hist
    for row in rows:
        ax.el(4, "row", " ".join(row[:2]))
        ax.el(5, "cell", row[0])
        ax.el(6, "link", row[0])
        for c in row[1:]:
            ax.el(5, "cell", c)
    ax.el(3, "heading", "Telematics snapshot", props=["level=2"])
    ax.txt(3, f"Last GPS fix {x['last_fix']} · {addr}")
    ax.txt(3, "Doors locked · Immobiliser armed · Key card reader online")
    ax.txt(3, f"12 V battery {x['volt']}")
    ax.txt(3, "Tyre pressure warning: front left 24 psi" if vid == "VH-18852" else "Tyre pressure: no warnings")
    ax.el(3, "heading", "Activity", props=["level=2"])
    ax.el(3, "list", "Vehicle activity")
    r = random.Random("log:" + vid)
    events = [f"Trip ended by member · {r.randint(6, 9):02d}:{r.randint(10, 59)}",
              f"Cleaned by Sparkle Fleet Services · {x['cleaned']}",
              f"Remote lock by telematics · {r.randint(6, 9):02d}:{r.randint(10, 59)}",
              f"Fuel card used at Shell Great Ancoats Street · 11 Mar 2025"]
    if status.startswith("Out of service"):
        events.insert(0, f"Status changed to {status} by {USER} · {ctx.now}")
    for e in events:
        ax.el(4, "listitem", "")
        ax.txt(5, e)
    bottom(ax, ctx, toast)
    return Page(f"/fleet/vehicles/{vid}", ax)


def option_list(ax, d, options, chosen, placeholder):
    ax.el(d, "option", placeholder, props=[f"selected={chosen is None}"])
    for o in options:
        ax.el(d, "option", o, props=[f"selected={o == chosen}"])


@page
def damage_form(ctx, vid, form, error=None):
    v = VEH[vid]
    stn = STATIONS[v["station"]][0]
    ax = AX(f"Report damage – {vid} · {PRODUCT}")
    top(ax, ctx, "Vehicles", ["Home", "Fleet", "Vehicles", vid, "Report damage"])
    ax.el(2, "heading", f"Report damage — {vid}", props=["level=1"])
    ax.txt(2, f"{v['model']} · {v['plate']} · {stn} · Current status: {v['status']}")
    if error:
        ax.el(2, "alert", "")
        ax.txt(3, error)
    ax.el(2, "form", "Damage report")
    ax.txt(3, "Fields marked * are required.")
    ax.el(3, "combobox", "Damage type *", key="f:type",
          props=[pv("value", form.get("type") or "Select a damage type"), "hasPopup='menu'", "expanded=False",
                 "required"])
    option_list(ax, 4, DAMAGE_TYPES, form.get("type"), "Select a damage type")
    ax.el(3, "combobox", "Severity *", key="f:sev",
          props=[pv("value", form.get("sev") or "Select severity"), "hasPopup='menu'", "expanded=False",
                 "required"])
    option_list(ax, 4, SEVERITIES, form.get("sev"), "Select severity")
    ax.el(3, "combobox", "Reported by", props=["value='Staff inspection'", "hasPopup='menu'", "expanded=False"])
    ax.el(3, "textbox", "Description *", key="f:desc",
          props=([pv("value", form["desc"])] if form.get("desc") else []) + ["multiline", "required"])
    ax.txt(3, f"{len(form.get('desc') or '')} / 1000 characters")
    ax.el(3, "textbox", "Related reservation (optional)", props=["placeholder='RSV-…'"])
    ax.el(3, "group", "Photos")
    ax.txt(4, "Add at least one photo of the damage. JPG or PNG, up to 10 MB each.")
    ax.el(4, "button", "Choose files", key="f:photo")
    if form.get("photo"):
        fn, size = form["photo"]
        ax.txt(4, f"1 file selected")
        ax.el(4, "list", "Attached photos")
        ax.el(5, "listitem", "")
        ax.el(6, "img", fn)
        ax.txt(6, f"{fn} · {size} · uploaded")
        ax.el(6, "button", f"Remove {fn}")
    else:
        ax.txt(4, "No file chosen")
    ax.el(3, "group", "Availability")
    ax.el(4, "checkbox", "Take vehicle out of service on save", key="f:oos",
          props=[pv("checked", "true" if form.get('oos') else "false")])
    ax.txt(4, "Reservations in the next 48 hours will be flagged for reassignment.")
    ax.el(4, "checkbox", "Lock vehicle remotely", props=["checked='false'"])
    ax.el(3, "button", "Save damage report", key="f:save")
    ax.el(3, "button", "Save as draft")
    ax.el(3, "button", "Cancel", key="f:cancel")
    ax.el(2, "complementary", "Damage history")
    ax.el(3, "heading", f"Previous reports for {vid}", props=["level=2"])
    ax.el(3, "list", "")
    for row in damage_history(vid):
        ax.el(4, "listitem", "")
        ax.el(5, "link", row[0])
        ax.txt(5, f"{row[1]} · {row[2]} · {row[4]}")
    bottom(ax, ctx)
    return Page(f"/fleet/vehicles/{vid}/damage/new", ax)


def affected_reservations(vid):
    return [r for r in RES.values() if r["vehicle"] == vid]


@page
def damage_detail(ctx, vid, dmg, form, oos, photo_ok=True, booking=None, toast=None, upload_error=None):
    v = VEH[vid]
    stn = STATIONS[v["station"]][0]
    ctx.viewed(f"{dmg} · {vid}")
    ax = AX(f"Damage report {dmg} · {PRODUCT}")
    top(ax, ctx, "Damage & repairs", ["Home", "Damage & repairs", dmg])
    ax.el(2, "heading", f"Damage report {dmg}", props=["level=1"])
    ax.txt(2, "Open · awaiting workshop booking" if not booking else f"Open · workshop booked ({booking})")
    if upload_error:
        ax.el(2, "alert", "")
        ax.txt(3, upload_error)
        ax.el(3, "button", "Retry upload", key="btn:retry")
    ax.el(2, "button", "Book workshop", key="btn:book", props=["disabled=True"] if booking else ())
    ax.el(2, "button", "Edit report")
    ax.el(2, "button", "Close report")
    ax.el(2, "button", "Print")
    ax.el(2, "heading", "Details", props=["level=2"])
    photos = [form["photo"]] if (form.get("photo") and photo_ok) else []
    ax.dl(2, [("Vehicle", (f"{vid} · {v['model']} · {v['plate']}", "dmg:vehlink")),
              ("Station", stn), ("Damage type", form["type"]), ("Severity", form["sev"]),
              ("Description", form["desc"]), ("Reported by", f"{USER} (Staff inspection)"),
              ("Reported at", f"13 Mar 2025, {ctx.now}"),
              ("Vehicle status", "Out of service – damage" if oos else v["status"]),
              ("Workshop booking", booking or "Not booked")])
    ax.el(2, "heading", f"Photos ({len(photos)})", props=["level=2"])
    if photos:
        ax.el(2, "list", "Photos")
        for fn, size in photos:
            ax.el(3, "listitem", "")
            ax.el(4, "link", f"Open photo {fn}")
            ax.el(5, "img", fn)
            ax.txt(4, f"{fn} · {size} · added by {USER}")
    else:
        ax.txt(2, "No photos attached. Workshops may decline jobs without photo evidence.")
        ax.el(2, "button", "Add photos")
    aff = affected_reservations(vid) if oos else []
    ax.el(2, "heading", f"Affected reservations ({len(aff)})", props=["level=2"])
    if aff:
        ax.txt(2, "These reservations are on this vehicle in the next 48 hours and need a replacement vehicle.")
        ax.el(2, "table", "Affected reservations")
        ax.el(3, "row", "")
        for c in ["Reservation", "Member", "Pick-up", "Return", "Action needed"]:
            ax.el(4, "columnheader", c)
        for r in aff:
            ax.el(3, "row", f"{r['id']} {r['member']}")
            ax.el(4, "cell", r["id"])
            ax.el(5, "link", r["id"])
            for c in (r["member"], r["start"], r["end"], "Needs reassignment"):
                ax.el(4, "cell", c)
    else:
        ax.txt(2, "No reservations are affected.")
    ax.el(2, "heading", "Timeline", props=["level=2"])
    ax.el(2, "list", "Timeline")
    tl = [f"{ctx.now} Report created by {USER}"]
    if photos:
        tl.append(f"{ctx.now} 1 photo attached")
    if oos:
        tl.append(f"{ctx.now} Vehicle {vid} set to Out of service – damage")
        tl.append(f"{ctx.now} {len(aff)} reservation(s) flagged for reassignment")
    if booking:
        tl.append(f"{ctx.now} Workshop booking {booking} confirmed")
    for e in tl:
        ax.el(3, "listitem", "")
        ax.txt(4, e)
    ax.el(2, "heading", "Internal comments", props=["level=2"])
    ax.el(2, "textbox", "Add a comment", props=["multiline"])
    ax.el(2, "button", "Post comment")
    bottom(ax, ctx, toast)
    return Page(f"/damage/{dmg}", ax)


@page
def booking_form(ctx, vid, dmg, form, bform, photo_count, dialog=False, busy=False):
    v = VEH[vid]
    ax = AX(f"Book workshop – {dmg} · {PRODUCT}")
    top(ax, ctx, "Damage & repairs", ["Home", "Damage & repairs", dmg, "Book workshop"])
    ax.el(2, "heading", f"Book workshop — {dmg} ({vid})", props=["level=1"])
    ax.txt(2, f"{v['model']} · {v['plate']} · {form['type']} · {form['sev']}")
    ax.el(2, "form", "Workshop booking")
    ws = bform.get("ws")
    ax.el(3, "combobox", "Workshop *", key="b:ws",
          props=[pv("value", ws or "Select a workshop"), "hasPopup='menu'", "expanded=False", "required"])
    option_list(ax, 4, [w[1] for w in WORKSHOPS], ws, "Select a workshop")
    if ws:
        w = WS[ws]
        ax.txt(3, f"{w['name']} ({w['id']}) · {w['spec']} · {w['addr']} · {w['dist']}")
    ax.el(3, "textbox", "Drop-off date *", key="b:date",
          props=([pv("value", uk_date(bform["date"]))] if bform.get("date") else []) +
                ["placeholder='DD/MM/YYYY'", "required"])
    if bform.get("date"):
        ax.txt(3, full_date(bform["date"]))
    ax.el(3, "combobox", "Drop-off slot", key="b:slot",
          props=[pv("value", bform.get("slot", SLOTS[0])), "hasPopup='menu'", "expanded=False"])
    for s in SLOTS:
        ax.el(4, "option", s, props=[f"selected={s == bform.get('slot', SLOTS[0])}"])
    ax.el(3, "combobox", "Transport", props=["value='Driver from GreenMile pool'", "hasPopup='menu'",
                                               "expanded=False"])
    ax.el(3, "textbox", "Notes for workshop", props=[pv("value", form["desc"]), "multiline"])
    ax.el(3, "checkbox", "Send damage photos to workshop",
          props=[pv("checked", "true" if photo_count else "false")] + ([] if photo_count else ["disabled=True"]))
    ax.txt(3, f"{photo_count} photo(s) on the damage report")
    ax.txt(3, "Estimate: pending workshop quote")
    if busy:
        ax.el(3, "progressbar", "Saving booking request")
        ax.txt(3, "Saving…")
    ax.el(3, "button", "Request booking", key="b:request")
    ax.el(3, "button", "Cancel", key="b:cancel")
    ax.el(2, "region", "Workshop availability")
    ax.el(3, "heading", "Workshop availability (next 7 days)", props=["level=2"])
    ax.el(3, "table", "Workshop availability")
    ax.el(4, "row", "")
    for c in ["Workshop", "Specialism", "Distance", "Next free drop-off", "Rating"]:
        ax.el(5, "columnheader", c)
    for w in WORKSHOPS:
        ax.el(4, "row", f"{w[1]} {w[0]}")
        ax.el(5, "cell", f"{w[1]} ({w[0]})")
        for c in (w[2], w[3], w[4], f"{w[5]} ★"):
            ax.el(5, "cell", c)
    bottom(ax, ctx)
    if dialog:
        ax.el(1, "dialog", "Confirm workshop booking", props=["modal=True"])
        ax.el(2, "heading", "Confirm workshop booking", props=["level=2"])
        ax.txt(2, f"Book {vid} ({v['plate']}) into {ws} on {long_date(bform['date'])}, "
                  f"{bform.get('slot', SLOTS[0])}?")
        ax.txt(2, f"The workshop will receive damage report {dmg} and "
                  f"{photo_count} photo(s)." if photo_count else
                  f"The workshop will receive damage report {dmg} (no photos).")
        ax.el(2, "button", "Confirm booking", key="d:confirm")
        ax.el(2, "button", "Cancel", key="d:cancel")
    return Page(f"/damage/{dmg}/workshop-booking/new", ax)


@page
def booking_detail(ctx, vid, dmg, wsb, form, bform, photo_count, toast=None):
    v = VEH[vid]
    w = WS[bform["ws"]]
    ctx.viewed(f"{wsb} · {w['name']}")
    ax = AX(f"Workshop booking {wsb} · {PRODUCT}")
    top(ax, ctx, "Workshops", ["Home", "Workshops", "Bookings", wsb])
    ax.el(2, "heading", f"Workshop booking {wsb}", props=["level=1"])
    ax.txt(2, "Confirmed")
    ax.el(2, "button", "Reschedule")
    ax.el(2, "button", "Cancel booking")
    ax.el(2, "button", "Print job sheet")
    r = random.Random("wsb:" + wsb)
    ax.dl(2, [("Vehicle", (f"{vid} · {v['model']} · {v['plate']}", "b:vehlink")),
              ("Damage report", (dmg, "b:dmglink")), ("Workshop", f"{w['name']} ({w['id']})"),
              ("Workshop address", w["addr"]), ("Drop-off date", full_date(bform["date"])),
              ("Drop-off slot", bform.get("slot", SLOTS[0])), ("Transport", "Driver from GreenMile pool"),
              ("Photos shared", str(photo_count)), ("Notes for workshop", form["desc"]),
              ("Booked by", USER), ("Booked at", f"13 Mar 2025, {ctx.now}"),
              ("Workshop reference", f"{''.join(c for c in w['name'] if c.isupper())}-{r.randint(10000, 99999)}")])
    ax.el(2, "heading", "Vehicle", props=["level=2"])
    ax.txt(2, f"{vid} status: Out of service – damage (since {ctx.now})")
    aff = affected_reservations(vid)
    ax.el(2, "heading", f"Reservations needing reassignment ({len(aff)})", props=["level=2"])
    ax.el(2, "list", "")
    for rr in aff:
        ax.el(3, "listitem", "")
        ax.el(4, "link", rr["id"])
        ax.txt(4, f"{rr['member']} · {rr['start']}–{rr['end'].replace('Today ', '')}")
    ax.el(2, "heading", "Messages with workshop", props=["level=2"])
    ax.txt(2, "No messages yet. The workshop usually replies within 2 working hours.")
    ax.el(2, "textbox", "Message to workshop", props=["multiline"])
    ax.el(2, "button", "Send message")
    bottom(ax, ctx, toast)
    return Page(f"/workshops/bookings/{wsb}", ax)


# ---- reservations side
def res_row(ax, d, r, oos_vids, link=True):
    stn = STATIONS[r["station"]][0]
    ax.el(d, "row", f"{r['id']} {r['member']}")
    ax.el(d + 1, "cell", r["id"])
    ax.el(d + 2, "link", r["id"], key=f"rlink:{r['id']}" if link else None)
    for c in (r["member"], r["vehicle"], stn, r["start"], r["end"], r["status"]):
        ax.el(d + 1, "cell", c)
    ax.el(d + 1, "cell", "Vehicle out of service" if r["vehicle"] in oos_vids else "")


def res_table(ax, d, rows, caption, oos_vids, sortable=True):
    ax.el(d, "table", caption)
    ax.el(d + 1, "row", "")
    for col in ["Reservation", "Member", "Vehicle", "Station", "Pick-up", "Return", "Status", "Flags"]:
        ax.el(d + 2, "columnheader", col, props=["sort='ascending'"] if col == "Pick-up" and sortable else ())
        if sortable and col in ("Reservation", "Member", "Pick-up", "Status"):
            ax.el(d + 3, "button", f"Sort by {col}")
    for r in rows:
        res_row(ax, d + 1, r, oos_vids)


@page
def dashboard(ctx, oos_vids):
    ax = AX(f"Dashboard · {PRODUCT}")
    top(ax, ctx, "Dashboard", ["Home", "Dashboard"])
    ax.el(2, "heading", f"Good morning, {USER.split()[0]}", props=["level=1"])
    ax.txt(2, "Thursday 13 March 2025 · Greater Manchester region")
    ax.el(2, "region", "Fleet today")
    for label, val in [("Available", "168"), ("On trip", "31"), ("Out of service", "9"), ("In workshop", "6"),
                       ("Reservations today", "41"), ("Utilisation (7 days)", "63%")]:
        ax.el(3, "link", f"{label}: {val}")
    ax.el(2, "region", "Needs attention")
    ax.el(3, "heading", "Needs attention", props=["level=2"])
    flagged = [r for r in RES.values() if r["vehicle"] in oos_vids]
    ax.txt(3, f"{len(flagged)} reservations today are on out-of-service vehicles")
    ax.el(3, "list", "")
    for r in flagged:
        ax.el(4, "listitem", "")
        ax.el(5, "link", f"{r['id']} · {r['member']}")
        ax.txt(5, f"{r['vehicle']} · {STATIONS[r['station']][0]} · {r['start']}")
    ax.txt(3, "2 vehicles below 20% battery")
    ax.el(3, "list", "")
    for t in ["VH-29961 Tesla Model 3 · 18% · Northern Quarter", "VH-24190 Fiat 500e · on trip, 46%"]:
        ax.el(4, "listitem", "")
        ax.txt(5, t)
    ax.txt(3, "3 vehicles due for cleaning")
    ax.el(2, "region", "Reservations by station")
    ax.el(3, "heading", "Reservations by station (today)", props=["level=2"])
    ax.el(3, "table", "Reservations by station")
    ax.el(4, "row", "")
    for c in ["Station", "Vehicles", "Available now", "Reservations today", "Utilisation"]:
        ax.el(5, "columnheader", c)
    r = random.Random("dash")
    for sid, (nm, _, bays) in STATIONS.items():
        ax.el(4, "row", nm)
        ax.el(5, "cell", f"{nm} ({sid})")
        for c in (str(bays), str(r.randint(1, bays - 1)), str(r.randint(2, 9)), f"{r.randint(45, 88)}%"):
            ax.el(5, "cell", c)
    ax.el(2, "region", "Open damage reports")
    ax.el(3, "heading", "Open damage reports (7)", props=["level=2"])
    ax.el(3, "list", "")
    for t in ["DMG-5518 · VH-29961 · Charging cable / port", "DMG-5512 · VH-13208 · Mechanical / warning light",
              "DMG-5507 · VH-21417 · Body – dent / scratch"]:
        ax.el(4, "listitem", "")
        ax.el(5, "link", t)
    ax.el(3, "link", "View all damage reports")
    bottom(ax, ctx)
    return Page("/dashboard", ax)


@page
def reservations_list(ctx, oos_vids, q=""):
    url = "/reservations?date=2025-03-13&status=active" + (f"&q={q}" if q else "")
    ax = AX(f"Reservations{' – ' + q if q else ''} · {PRODUCT}")
    top(ax, ctx, "Reservations", ["Home", "Reservations"])
    ax.el(2, "heading", "Reservations", props=["level=1"])
    ax.txt(2, "Thursday 13 March 2025 · 41 reservations · 6 in progress · 35 confirmed")
    ax.el(2, "button", "New reservation")
    ax.el(2, "button", "Export")
    ax.el(2, "region", "Filters")
    ax.el(3, "textbox", "Search by reservation ID, member or vehicle", key="rfilter",
          props=([pv("value", q)] if q else []) + ["placeholder='e.g. RSV-884512'"])
    ax.el(3, "textbox", "Date", props=["value='13/03/2025'"])
    ax.el(3, "combobox", "Status", props=["value='Active and upcoming'", "hasPopup='menu'", "expanded=False"])
    for s in ["Active and upcoming", "In progress", "Confirmed", "Completed", "Cancelled", "All"]:
        ax.el(4, "option", s, props=[f"selected={s == 'Active and upcoming'}"])
    ax.el(3, "combobox", "Station", props=["value='All stations'", "hasPopup='menu'", "expanded=False"])
    ax.el(3, "checkbox", "Only flagged reservations", props=["checked='false'"])
    ax.el(3, "button", "Reset filters")
    rows = sorted(RES.values(), key=lambda r: r["id"])
    if not q:
        ax.txt(2, f"Showing 1–{len(rows)} of 41")
        res_table(ax, 2, rows, "Reservations", oos_vids)
        pages = ("1", "2", "3")
    else:
        exact = [r for r in rows if r["id"] == q]
        sim = [r for r in rows if r["id"] != q and similar_ids(q, r["id"])]
        ax.el(2, "heading", f"Results for “{q}”", props=["level=2"])
        ax.txt(2, f"Exact match ({len(exact)})")
        res_table(ax, 2, exact, "Exact match", oos_vids)
        if sim:
            ax.el(2, "heading", f"Similar reservation IDs ({len(sim)})", props=["level=3"])
            res_table(ax, 2, sim, "Similar reservation IDs", oos_vids, sortable=False)
        pages = ("1",)
    ax.el(2, "navigation", "Pagination")
    ax.el(3, "link", "Previous page", props=["disabled=True"])
    for p in pages:
        ax.el(3, "link", f"Page {p}", props=["current='page'"] if p == "1" else ())
    ax.el(3, "link", "Next page", props=["disabled=True"] if len(pages) == 1 else ())
    ax.txt(3, f"Page 1 of {len(pages)}")
    bottom(ax, ctx)
    return Page(url, ax)


def member_info(mid):
    r = random.Random("mbr:" + mid)
    return {"plan": r.choice(["GreenMile Flex", "GreenMile Plus", "GreenMile Business"]),
            "phone": f"+44 7••• ••• {r.randint(100, 999)}", "trips": r.randint(4, 140),
            "since": f"{r.choice(['Jan', 'Apr', 'Jul', 'Oct'])} {r.randint(2019, 2024)}",
            "card": f"Visa •• {r.randint(1000, 9999)}", "channel": r.choice(["App (iOS)", "App (Android)", "Web"])}


@page
def reservation_detail(ctx, rsv, vehicle, dmg, history, toast=None, stale_note=None):
    r = RES[rsv]
    m = member_info(r["mid"])
    v = VEH[vehicle]
    stn = STATIONS[r["station"]][0]
    ctx.viewed(f"{rsv} · {r['member']}")
    ax = AX(f"Reservation {rsv} · {PRODUCT}")
    top(ax, ctx, "Reservations", ["Home", "Reservations", rsv])
    ax.el(2, "heading", f"Reservation {rsv}", props=["level=1"])
    ax.txt(2, f"{r['status']} · {r['start']} – {r['end']}")
    if stale_note:
        ax.txt(2, stale_note)
        ax.el(2, "button", "Refresh")
    oos = vehicle == r["vehicle"]
    if oos:
        ax.el(2, "alert", "")
        ax.txt(3, f"Vehicle {vehicle} is out of service (damage report {dmg}). "
                  f"This reservation needs a replacement vehicle.")
    ax.el(2, "button", "Reassign vehicle", key="btn:reassign")
    ax.el(2, "button", "Extend")
    ax.el(2, "button", "Contact member")
    ax.el(2, "button", "Cancel reservation")
    ax.el(2, "heading", "Booking", props=["level=2"])
    start_h = r["start"].split()[-1]
    price = f"£{(random.Random(rsv).randint(24, 58)) + 0.40:.2f}"
    ax.dl(2, [("Reservation ID", rsv), ("Status", r["status"]),
              ("Member", (f"{r['member']} ({r['mid']})", "memberlink")),
              ("Vehicle", (f"{vehicle} · {v['model']} · {v['plate']}", "res:vehlink")),
              ("Vehicle status", "Out of service – damage" if oos else "Available"),
              ("Station", f"{stn} ({r['station']})"), ("Pick-up", r["start"]), ("Return", r["end"]),
              ("Estimated price", price), ("Payment", f"Pre-authorised £40.00 ({m['card']})"),
              ("Booking channel", m["channel"]), ("Created", "11 Mar 2025, 19:22"),
              ("Pick-up time", start_h)])
    ax.el(2, "heading", "Member", props=["level=2"])
    ax.dl(2, [("Plan", m["plan"]), ("Phone", m["phone"]), ("Member since", m["since"]),
              ("Completed trips", str(m["trips"])), ("Licence check", "Valid · checked 02 Jan 2025")])
    ax.el(2, "heading", "Reservation history", props=["level=2"])
    ax.el(2, "list", "Reservation history")
    for e in history:
        ax.el(3, "listitem", "")
        ax.txt(4, e)
    ax.el(2, "heading", "Member's other reservations", props=["level=2"])
    ax.el(2, "table", "Member's other reservations")
    ax.el(3, "row", "")
    for c in ["Reservation", "Vehicle", "Pick-up", "Status"]:
        ax.el(4, "columnheader", c)
    rr = random.Random("other:" + rsv)
    for i in range(3):
        oid = f"RSV-8{rr.randint(60000, 83999)}"
        ax.el(3, "row", oid)
        ax.el(4, "cell", oid)
        ax.el(5, "link", oid)
        for c in (rr.choice(list(VEH)), f"{rr.randint(1, 28):02d} Feb 2025 {rr.randint(8, 19):02d}:00", "Completed"):
            ax.el(4, "cell", c)
    ax.el(2, "heading", "Station", props=["level=2"])
    ax.txt(2, f"{stn} ({r['station']}) · {STATIONS[r['station']][1]} · {STATIONS[r['station']][2]} bays")
    bottom(ax, ctx, toast)
    return Page(f"/reservations/{rsv}", ax)


def reassign_candidates(rsv, from_vid, electric=False, nearby=False, any_class=False):
    r = RES[rsv]
    stations = [r["station"]] + (NEARBY.get(r["station"], []) if nearby else [])
    cls = VEH[from_vid]["cls"]
    out = []
    for v in sorted(VEH.values(), key=lambda v: v["id"]):
        if v["id"] == from_vid or v["station"] not in stations:
            continue
        if v["status"] not in ("Available", "Cleaning due"):
            continue
        if not any_class and v["cls"] != cls:
            continue
        if electric and v["fuel"] != "Electric":
            continue
        out.append(v)
    return out


@page
def reassign_form(ctx, rsv, from_vid, dmg, st, dialog=False, error=None, busy=False):
    r = RES[rsv]
    stn = STATIONS[r["station"]][0]
    fv = VEH[from_vid]
    ax = AX(f"Reassign vehicle – {rsv} · {PRODUCT}")
    top(ax, ctx, "Reservations", ["Home", "Reservations", rsv, "Reassign vehicle"])
    ax.el(2, "heading", f"Reassign vehicle — {rsv}", props=["level=1"])
    ax.txt(2, f"{r['member']} · {r['start']} – {r['end']} · {stn} ({r['station']})")
    ax.txt(2, f"Currently booked: {from_vid} · {fv['model']} · {fv['plate']} · Out of service – damage ({dmg})")
    if error:
        ax.el(2, "alert", "")
        ax.txt(3, error)
    ax.el(2, "form", "Reassign vehicle")
    ax.el(3, "group", "Find a replacement")
    ax.txt(4, f"Station: {stn} ({r['station']})")
    ax.el(4, "combobox", "Vehicle class", props=[pv("value", f"Same class as booked ({fv['cls']})"),
                                                  "hasPopup='menu'", "expanded=False"])
    ax.el(4, "checkbox", "Electric only", key="r:electric",
          props=[pv("checked", "true" if st.get('electric') else "false")])
    ax.el(4, "checkbox", "Include nearby stations (within 1 km)", key="r:nearby",
          props=[pv("checked", "true" if st.get('nearby') else "false")])
    ax.el(4, "combobox", "Sort by", props=["value='Vehicle ID'", "hasPopup='menu'", "expanded=False"])
    cands = reassign_candidates(rsv, from_vid, st.get("electric"), st.get("nearby"))
    ax.txt(3, f"{len(cands)} vehicle{'' if len(cands) == 1 else 's'} available for {r['start'].replace('Today ', 'today ')} – "
              f"{r['end'].replace('Today ', '')}")
    ax.el(3, "table", "Available vehicles")
    ax.el(4, "row", "")
    for c in ["Select", "Vehicle", "Model", "Registration", "Fuel / battery", "Station", "Next booking", "Notes"]:
        ax.el(5, "columnheader", c)
    for v in cands:
        nxt = [x for x in RES.values() if x["vehicle"] == v["id"]]
        ax.el(4, "row", f"{v['id']} {v['model']} {v['plate']}")
        ax.el(5, "cell", "")
        ax.el(6, "radio", f"Select {v['id']}", key=f"radio:{v['id']}",
              props=[pv("checked", "true" if st.get('sel') == v['id'] else "false")])
        ax.el(5, "cell", v["id"])
        ax.el(6, "link", v["id"], key=f"cand:{v['id']}")
        for c in (v["model"], v["plate"], f"{v['level']}%", STATIONS[v["station"]][0],
                  f"{nxt[0]['start']} ({nxt[0]['id']})" if nxt else "None today",
                  "Cleaning due" if v["status"] == "Cleaning due" else ""):
            ax.el(5, "cell", c)
    if st.get("sel"):
        sv = VEH[st["sel"]]
        ax.txt(3, f"Selected: {sv['id']} · {sv['model']} · {sv['plate']} · {STATIONS[sv['station']][0]}")
    else:
        ax.txt(3, "No vehicle selected")
    ax.el(3, "combobox", "Reason *", key="r:reason",
          props=[pv("value", st.get("reason") or "Select a reason"), "hasPopup='menu'", "expanded=False",
                 "required"])
    option_list(ax, 4, REASONS, st.get("reason"), "Select a reason")
    ax.el(3, "checkbox", "Notify member by SMS and app", key="r:notify",
          props=[pv("checked", "true" if st.get('notify') else "false")])
    ax.el(3, "textbox", "Internal note", key="r:note",
          props=([pv("value", st["note"])] if st.get("note") else []) + ["multiline"])
    if busy:
        ax.el(3, "progressbar", "Saving reassignment")
        ax.txt(3, "Saving reassignment…")
    ax.el(3, "button", "Reassign", key="r:submit")
    ax.el(3, "button", "Cancel", key="r:cancel")
    bottom(ax, ctx)
    if dialog:
        sv = VEH[st["sel"]]
        ax.el(1, "dialog", "Confirm reassignment", props=["modal=True"])
        ax.el(2, "heading", "Confirm reassignment", props=["level=2"])
        ax.txt(2, f"Move reservation {rsv} ({r['member']}, {r['start']} – {r['end']}) from {from_vid} to "
                  f"{sv['id']} ({sv['model']}, {sv['plate']}) at {STATIONS[sv['station']][0]}?")
        ax.txt(2, "The member will be notified by SMS and app." if st.get("notify")
               else "The member will not be notified.")
        ax.el(2, "button", "Confirm reassignment", key="d:confirm")
        ax.el(2, "button", "Cancel", key="d:cancel")
    return Page(f"/reservations/{rsv}/reassign", ax)


# --------------------------------------------------------------------------- task variants
OOS_VARIANTS = {
    "v1": dict(vid="VH-20417", type="Glass – windscreen", sev="Major – not roadworthy",
               desc="Crack about 25 cm across the driver's line of sight, reported by the previous member.",
               photo=("windscreen_VH20417.jpg", "1.8 MB"), ws="Salford Glass Express", date="2025-03-17",
               dmg="DMG-5521", wsb="WSB-3307", start="10:41",
               recent=["VH-20471 · MX23 KFT", "RSV-884490 · Liam Chen", "DMG-5518 · VH-29961",
                       "ST-MAN-014 · Piccadilly Basin"],
               damage_words="a cracked windscreen"),
    "v2": dict(vid="VH-31208", type="Body – dent / scratch", sev="Moderate – repair within 7 days",
               desc="Deep dent and cracked paint on the rear bumper, nearside corner; parking sensor warning.",
               photo=("rear_bumper_VH31208.jpg", "2.4 MB"), ws="Trafford Body & Paint", date="2025-03-18",
               dmg="DMG-5524", wsb="WSB-3311", start="11:05",
               recent=["VH-31280 · MA72 XBR", "ST-SAL-003 · Salford Quays", "RSV-884703 · Oliver Grant",
                       "WSB-3290 · Trafford Body & Paint"],
               damage_words="a dented rear bumper"),
    "v3": dict(vid="VH-18852", type="Tyre / wheel", sev="Major – not roadworthy",
               desc="Bulge in the sidewall of the front nearside tyre; alloy rim scuffed.",
               photo=("tyre_VH18852.jpg", "1.1 MB"), ws="Kwik Tyre Cheetham Hill", date="2025-03-14",
               dmg="DMG-5527", wsb="WSB-3314", start="09:52",
               recent=["VH-18825 · MW72 HNE", "ST-MAN-022 · Didsbury Village", "RSV-885071 · Chloe Parry"],
               damage_words="a bulging front tyre"),
    "v4": dict(vid="VH-27740", type="Mirrors / lights", sev="Moderate – repair within 7 days",
               desc="Offside door mirror housing broken and glass hanging loose; indicator repeater not working.",
               photo=("mirror_VH27740.jpg", "3.0 MB"), ws="Ancoats Autocare", date="2025-03-20",
               dmg="DMG-5530", wsb="WSB-3318", start="13:12",
               recent=["VH-27704 · MF24 LPO", "RSV-885204 · Ravi Patel", "ST-MAN-031 · Chorlton Green",
                       "DMG-5512 · VH-13208"],
               damage_words="a broken door mirror"),
}
for _v in OOS_VARIANTS.values():
    _veh = VEH[_v["vid"]]
    _v["task"] = (f"Take vehicle {_v['vid']} ({_veh['model']}, {_veh['plate']}) out of service for "
                  f"{_v['damage_words']}: report the damage as '{_v['type']}' with severity '{_v['sev']}' and a "
                  f"short description, attach the photo {_v['photo'][0]}, then book the car into "
                  f"{_v['ws']} for drop-off on {long_date(_v['date'])}.")

RE_VARIANTS = {
    "v1": dict(rsv="RSV-884512", to="VH-20533", reason="Vehicle out of service", notify=True, note="",
               dmg="DMG-5521", start="10:52",
               recent=["VH-20417 · MX23 KTF", "DMG-5521 · VH-20417", "RSV-884521 · Toni Wilson"]),
    "v2": dict(rsv="RSV-884730", to="VH-31280", reason="Vehicle damaged", notify=True, note="",
               dmg="DMG-5524", start="11:20",
               recent=["DMG-5524 · VH-31208", "VH-31820 · MA72 XRD", "RSV-884703 · Oliver Grant"]),
    "v3": dict(rsv="RSV-885017", to="VH-18925", reason="Vehicle out of service", notify=False,
               note="Member told by phone at 10:05 and agreed to the Zoe MW21 HEN – P. Natarajan",
               dmg="DMG-5527", start="10:08",
               recent=["DMG-5527 · VH-18852", "RSV-885071 · Chloe Parry", "VH-18952 · MW71 HNF"]),
    "v4": dict(rsv="RSV-885240", to="VH-27704", reason="Vehicle damaged", notify=True, note="",
               dmg="DMG-5530", start="13:31",
               recent=["DMG-5530 · VH-27740", "RSV-885204 · Ravi Patel", "VH-27470 · MF24 LOR"]),
}
for _v in RE_VARIANTS.values():
    _r = RES[_v["rsv"]]
    _v["from"] = _r["vehicle"]
    _t = VEH[_v["to"]]
    _when = f"{_r['start'].replace('Today ', 'today ')}–{_r['end'].replace('Today ', '')}"
    _v["task"] = (f"Reservation {_v['rsv']} ({_r['member']}, {_when} at {STATIONS[_r['station']][0]}) is on "
                  f"{_v['from']}, which is out of service. Reassign it to {_v['to']} ({_t['model']}, {_t['plate']}) at "
                  f"the same station with reason '{_v['reason']}'" +
                  (", and notify the member." if _v["notify"] else
                   f". Do not notify the member (they were phoned already); add the internal note "
                   f"\"{_v['note']}\"."))

# The damaged vehicles are already out of service in the reassignment world.
OOS_WORLD = {v["from"]: {"status": "Out of service – damage"} for v in RE_VARIANTS.values()}


# --------------------------------------------------------------------------- plans
# Written from the task text and the healthy pages only (page titles, headings,
# toasts, and the near-miss rows that the healthy search pages list).
PLAN_LEVEL = {"execution": [f"Sign in to {PRODUCT}", "Your session has expired. Please sign in again.",
                            "You do not have permission to do this",
                            "Something went wrong. Please try again."]}


def plan_out_of_service(v):
    vid = v["vid"]
    veh = VEH[vid]
    near = [x for x in VEH if similar_ids(vid, x)] + [
        x for x in VEH if x != vid and similar_ids(veh["plate"], VEH[x]["plate"]) and not similar_ids(vid, x)]
    ws = v["ws"]
    near_ws = [w for w in WS if w != ws and w.split()[0] == ws.split()[0]]
    photo = v["photo"][0]
    return {
        "task": v["task"],
        "plan_falsifiers": PLAN_LEVEL,
        "commitments": [
            {"id": "open-vehicle", "subgoal": f"Find vehicle {vid} ({veh['plate']}) and open its record",
             "skill": "open_record_by_id", "confidence": 0.8,
             "confirm": {"precondition": ["Vehicles"], "progress": [f"Results for “{vid}”", "Exact match (1)"],
                         "completion": [f"{vid} · {veh['model']}", veh["plate"]]},
             "falsify": {"execution": [f"{n} · {VEH[n]['model']}" for n in near] +
                                      ["No vehicles match this ID or registration."],
                         "skill": ["Filter by vehicle ID is not available"],
                         "planning": [f"{vid} is retired", f"{vid} status On trip"]}},
            {"id": "fill-damage-report",
             "subgoal": f"Open Report damage for {vid} and enter type {v['type']}, severity {v['sev']} and a description",
             "skill": "fill_form", "confidence": 0.75,
             "confirm": {"precondition": ["Report damage"], "progress": [f"Report damage — {vid}"],
                         "completion": [v["type"], v["sev"]]},
             "falsify": {"execution": [f"Report damage — {n}" for n in near] +
                                      ["Damage type is required", "Severity is required"],
                         "skill": ["Report damage button is disabled"],
                         "planning": [f"{vid} already has an open damage report"]}},
            {"id": "attach-photo", "subgoal": f"Attach the photo {photo} to the report",
             "skill": "upload_file", "confidence": 0.6,
             "confirm": {"precondition": ["Photos", "Choose files"], "progress": ["1 file selected"],
                         "completion": [f"{photo} · {v['photo'][1]} · uploaded"]},
             "falsify": {"execution": ["Upload failed", "File type not supported", "File is larger than 10 MB"],
                         "skill": [{"text": "upload_file targets an element that is not the Choose files button",
                                    "on": "action"}],
                         "planning": []}},
            {"id": "take-out-of-service", "subgoal": f"Tick 'Take vehicle out of service on save' and save the report",
             "skill": "submit_form", "confidence": 0.7,
             "confirm": {"precondition": ["Take vehicle out of service on save"],
                         "progress": ["'Take vehicle out of service on save' is checked"],
                         "completion": ["Damage report DMG-", "saved", "Vehicle status Out of service – damage",
                                        "Photos (1)"]},
             "falsify": {"execution": ["Please correct the errors below", "Could not save the damage report",
                                       "Photo upload failed", "No photos attached"],
                         "skill": [],
                         "planning": [f"{vid} cannot be taken out of service during a trip"]}},
            {"id": "book-workshop", "subgoal": f"Start a workshop booking and choose {ws} with drop-off {long_date(v['date'])}",
             "skill": "fill_form", "confidence": 0.7,
             "confirm": {"precondition": ["Book workshop"], "progress": ["Book workshop —", f"Workshop availability"],
                         "completion": [f"Workshop: {ws}", f"Drop-off date: {full_date(v['date'])}"]},
             "falsify": {"execution": [f"Workshop: {w}" for w in near_ws] + ["No capacity on this date", "Drop-off date is required",
                                                 "Date must be in the future"],
                         "skill": ["Book workshop button is disabled"],
                         "planning": [f"{ws} does not handle this damage type"]}},
            {"id": "confirm-booking", "subgoal": "Request the booking and confirm it in the dialog",
             "skill": "confirm_dialog", "confidence": 0.75,
             "confirm": {"precondition": ["Request booking"], "progress": ["Confirm workshop booking"],
                         "completion": ["Workshop booking WSB-", "confirmed", "Confirmed", ws]},
             "falsify": {"execution": [{"text": "click Cancel in the Confirm workshop booking dialog", "on": "action"},
                                       "Booking request failed", "The workshop rejected the booking"],
                         "skill": [],
                         "planning": []}},
            {"id": "report-done", "subgoal": "Tell the user the vehicle is out of service and give the report and booking ids",
             "confidence": 0.8,
             "confirm": {"precondition": ["Workshop booking WSB-", "Confirmed"], "progress": [], "completion": []},
             "falsify": {"execution": [{"text": "report the task done before a workshop booking has been confirmed",
                                        "on": "action"}],
                         "skill": [], "planning": []}},
        ],
    }


def plan_reassign(v):
    rsv = v["rsv"]
    r = RES[rsv]
    to = v["to"]
    tv = VEH[to]
    stn = STATIONS[r["station"]][0]
    near_rsv = [x for x in RES if similar_ids(rsv, x)]
    near_veh = [c["id"] for c in reassign_candidates(rsv, v["from"]) if c["id"] != to]
    notify_c = (["'Notify member by SMS and app' is checked"] if v["notify"]
                else [v["note"]])
    return {
        "task": v["task"],
        "plan_falsifiers": PLAN_LEVEL,
        "commitments": [
            {"id": "open-reservation", "subgoal": f"Find reservation {rsv} and open it",
             "skill": "open_record_by_id", "confidence": 0.8,
             "confirm": {"precondition": ["Reservations"], "progress": [f"Results for “{rsv}”", "Exact match (1)"],
                         "completion": [f"Reservation {rsv}", r["member"], f"Vehicle {v['from']} is out of service"]},
             "falsify": {"execution": [f"Reservation {x}" for x in near_rsv],
                         "skill": ["Search by reservation ID is not available"],
                         "planning": [f"Reservation {rsv} is cancelled", f"Reservation {rsv} is completed"]}},
            {"id": "choose-vehicle", "subgoal": f"Open Reassign vehicle and select {to} at {stn}",
             "skill": "select_table_row", "confidence": 0.7,
             "confirm": {"precondition": ["Reassign vehicle"], "progress": ["Available vehicles", f"Station: {stn}"],
                         "completion": [f"Selected: {to} · {tv['model']} · {tv['plate']} · {stn}"]},
             "falsify": {"execution": [f"Selected: {x}" for x in near_veh] + ["No vehicles available"],
                         "skill": ["Reassign vehicle button is disabled"],
                         "planning": [f"{to} is not available for this time slot"]}},
            {"id": "set-reason-and-notify",
             "subgoal": f"Set reason '{v['reason']}'" + (" and tick Notify member" if v["notify"]
                                                        else " and add the internal note without notifying"),
             "skill": "fill_form", "confidence": 0.75,
             "confirm": {"precondition": ["Reason *"], "progress": [f"Reason: {v['reason']}"],
                         "completion": notify_c},
             "falsify": {"execution": ["Reason is required"] +
                                      ([] if v["notify"] else ["'Notify member by SMS and app' is checked"]),
                         "skill": [], "planning": []}},
            {"id": "submit-reassignment", "subgoal": "Submit the reassignment and confirm it in the dialog",
             "skill": "confirm_dialog", "confidence": 0.75,
             "confirm": {"precondition": ["Reassign"], "progress": ["Confirm reassignment", f"from {v['from']} to {to}"],
                         "completion": [f"Reservation {rsv} reassigned to {to}", f"Vehicle {to} · {tv['model']}"]},
             "falsify": {"execution": [{"text": "click Cancel in the Confirm reassignment dialog", "on": "action"},
                                       "Reassignment failed", f"{to} is no longer available",
                                       f"Vehicle {v['from']} is out of service"],
                         "skill": [], "planning": []}},
            {"id": "report-done", "subgoal": "Tell the user the reservation now has the new vehicle",
             "confidence": 0.8,
             "confirm": {"precondition": [f"reassigned to {to}"], "progress": [], "completion": []},
             "falsify": {"execution": [{"text": "report the reassignment done before the reservation page shows the new vehicle",
                                        "on": "action"}],
                         "skill": [], "planning": []}},
        ],
    }


# --------------------------------------------------------------------------- runs
UPLOAD_DIR = "/home/agent/task_files"


class Run:
    def __init__(self, rid, wf, vkey, task, fault, fots, ctx, page0):
        self.rec = {"id": rid, "workflow": wf, "variant": vkey, "task": task,
                    "plan": plan_path(wf, vkey),
                    "label": {"fault": fault, "first_off_track_step": fots},
                    "initial_observation": page0.obs(), "steps": [], "outcome": {"success": fault is None}}
        self.ctx, self.page = ctx, page0

    def act(self, commitment, kind, key, arg, reasoning, effect, nxt, error=None, tick=1):
        if key is not None:
            bid, role, name = self.page.keys[key]
            target = f"{role} {name!r}"
        if kind == "click":
            cmd = f"click('{bid}')"
        elif kind == "fill":
            cmd = f"fill('{bid}', {json.dumps(arg, ensure_ascii=False)})"
        elif kind == "select":
            cmd = f"select_option('{bid}', {json.dumps(arg, ensure_ascii=False)})"
        elif kind == "upload":
            cmd = f"upload_file('{bid}', {json.dumps(UPLOAD_DIR + '/' + arg, ensure_ascii=False)})"
        elif kind == "send":
            cmd = f"send_msg_to_user({json.dumps(arg, ensure_ascii=False)})"
            target = "message to the user"
        elif kind == "back":
            cmd = "go_back()"
            target = "browser history (Back)"
        else:
            raise ValueError(kind)
        self.ctx.tick(tick)
        page_after = nxt() if callable(nxt) else nxt
        self.rec["steps"].append({
            "commitment": commitment,
            "action": {"command": cmd, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": page_after.obs(error),
        })
        self.page = page_after
        return page_after

    def same(self, **changes):
        return self.page.again(self.ctx, **changes)


def plan_path(wf, vkey):
    return f"plans/{wf}.yaml" if vkey == "v1" else f"plans/{wf}.{vkey}.yaml"


def oos_healthy_msg(vid, v, dmg, wsb, ws):
    return (f"Done. {vid} is out of service (damage report {dmg}, {v['type']}, photo {v['photo'][0]} attached) "
            f"and booked into {ws} for drop-off on {long_date(v['date'])} (booking {wsb}).")


def run_out_of_service(rid, vkey, fault=None, fots=None):
    v = OOS_VARIANTS[vkey]
    vid, dmg, wsb, ws = v["vid"], v["dmg"], v["wsb"], v["ws"]
    ctx = Ctx(v["start"], v["recent"])
    run = Run(rid, "out_of_service", vkey, v["task"], fault, fots, ctx, vehicles_list(ctx))
    C1, C2, C3, C4, C5, C6, C7 = ("open-vehicle", "fill-damage-report", "attach-photo", "take-out-of-service",
                                  "book-workshop", "confirm-booking", "report-done")
    # -- open the vehicle
    run.act(C1, "fill", "filterbox", vid, f"Filter the fleet list by the vehicle ID {vid} from the task.", "read",
            lambda: vehicles_list(ctx, q=vid))
    target = vid
    if fault == "wrong_record":
        # the agent opens the transposed-digit twin listed under "Similar IDs"
        target = "VH-20471"
        run.act(C1, "click", f"vlink:{target}", None,
                f"Open the Toyota Yaris Hybrid at Piccadilly Basin, {target}, registration "
                f"{VEH[target]['plate']}.", "read", lambda: vehicle_detail(ctx, vid=target))
    else:
        run.act(C1, "click", f"vlink:{target}", None,
                f"{target} is listed under Exact match with registration {VEH[target]['plate']}; open it.",
                "read", lambda: vehicle_detail(ctx, vid=target))
    # -- damage report form
    run.act(C2, "click", "btn:report", None, "Start a damage report from the vehicle page.", "read",
            lambda: damage_form(ctx, vid=target, form={}))
    form = {}
    form = dict(form, type=v["type"])
    run.act(C2, "select", "f:type", v["type"], f"Set the damage type to {v['type']}.", "write",
            lambda: damage_form(ctx, vid=target, form=form))
    form = dict(form, sev=v["sev"])
    run.act(C2, "select", "f:sev", v["sev"], f"Severity from the task: {v['sev']}.", "write",
            lambda: damage_form(ctx, vid=target, form=form))
    form = dict(form, desc=v["desc"])
    run.act(C2, "fill", "f:desc", v["desc"], "Describe the damage for the workshop.", "write",
            lambda: damage_form(ctx, vid=target, form=form))
    if fault != "required_field_skipped":
        form = dict(form, photo=v["photo"])
        run.act(C3, "upload", "f:photo", v["photo"][0], f"Attach {v['photo'][0]} as the task asks.", "write",
                lambda: damage_form(ctx, vid=target, form=form))
    form = dict(form, oos=True)
    if fault == "required_field_skipped":
        run.act(C4, "click", "f:oos", None, "Type, severity and description are in; tick 'Take vehicle out of "
                                            "service on save'.", "write",
                lambda: damage_form(ctx, vid=target, form=form))
        run.act(C4, "click", "f:save", None, "The form is complete; save the report.", "irreversible",
                lambda: damage_detail(ctx, vid=target, dmg=dmg, form=form, oos=True,
                                      toast=f"Damage report {dmg} saved. {target} is now Out of service – damage."))
    else:
        run.act(C4, "click", "f:oos", None, "Tick 'Take vehicle out of service on save'.", "write",
                lambda: damage_form(ctx, vid=target, form=form))
        upload_error = None
        if fault == "error_ignored":
            upload_error = (f"Photo upload failed: {v['photo'][0]} could not be processed (server timeout). "
                            f"The report was saved without photos.")
        run.act(C4, "click", "f:save", None,
                "All required fields are filled and the photo is uploaded; save the report.", "irreversible",
                lambda: damage_detail(ctx, vid=target, dmg=dmg, form=form, oos=True,
                                      photo_ok=upload_error is None, upload_error=upload_error,
                                      toast=f"Damage report {dmg} saved. {target} is now Out of service – damage."))
    photos = 0 if fault in ("required_field_skipped", "error_ignored") else 1
    if fault == "premature_done":
        run.act(C7, "send", None,
                f"Done. {vid} is out of service (damage report {dmg}, photo {v['photo'][0]} attached) and booked "
                f"into {ws} for drop-off on {long_date(v['date'])}.",
                "The damage report is saved and the car is out of service, so the job is done; report back.",
                "read", lambda: run.same(toast=None))
        return run.rec
    # -- workshop booking
    nxt_reason = ("The report is saved and the car is out of service; book the workshop." if photos else
                  "The report is saved; book the workshop.")
    run.act(C5, "click", "btn:book", None, nxt_reason,
            "read", lambda: booking_form(ctx, vid=target, dmg=dmg, form=form, bform={}, photo_count=photos))
    chosen = "Trafford Bodyworks Ltd" if fault == "wrong_value" else ws
    bform = {"ws": chosen}
    run.act(C5, "select", "b:ws", chosen, f"Choose {ws} as instructed.", "write",
            lambda: booking_form(ctx, vid=target, dmg=dmg, form=form, bform=bform, photo_count=photos))
    bform = dict(bform, date=v["date"])
    run.act(C5, "fill", "b:date", uk_date(v["date"]), f"Drop-off on {long_date(v['date'])}.", "write",
            lambda: booking_form(ctx, vid=target, dmg=dmg, form=form, bform=bform, photo_count=photos))
    run.act(C6, "click", "b:request", None, "Workshop and date are set; request the booking.", "read",
            lambda: booking_form(ctx, vid=target, dmg=dmg, form=form, bform=bform, photo_count=photos,
                                 dialog=True))
    if fault == "confirm_cancelled":
        run.act(C6, "click", "d:cancel", None, "The booking request is in; close the dialog.", "read",
                lambda: booking_form(ctx, vid=target, dmg=dmg, form=form, bform=bform, photo_count=photos))
        run.act(C7, "send", None,
                f"Done. {vid} is out of service (damage report {dmg}, photo attached) and booked into {ws} for "
                f"drop-off on {long_date(v['date'])}.",
                "Booking requested; report back.", "read", lambda: run.same())
        return run.rec
    run.act(C6, "click", "d:confirm", None, "The dialog repeats the right vehicle, workshop and date; confirm.",
            "irreversible",
            lambda: booking_detail(ctx, vid=target, dmg=dmg, wsb=wsb, form=form, bform=bform, photo_count=photos,
                                   toast=f"Workshop booking {wsb} confirmed with {chosen} for "
                                         f"{long_date(v['date'])}."))
    run.act(C7, "send", None, oos_healthy_msg(vid, v, dmg, wsb, ws),
            "Booking is confirmed; report back with the ids.", "read", lambda: run.same(toast=None))
    return run.rec


def run_reassign(rid, vkey, fault=None, fots=None):
    v = RE_VARIANTS[vkey]
    rsv, frm, to, dmg = v["rsv"], v["from"], v["to"], v["dmg"]
    r = RES[rsv]
    oos_vids = set(OOS_WORLD)
    ctx = Ctx(v["start"], v["recent"])
    flagged = (datetime.strptime(v["start"], "%H:%M") - timedelta(minutes=23)).strftime("%H:%M")
    h0 = ["11 Mar 2025 19:22 · Reservation created by the member", "11 Mar 2025 19:22 · Payment pre-authorised £40.00",
          f"13 Mar 2025 {flagged} · Flagged: vehicle {frm} out of service ({dmg})"]
    run = Run(rid, "reassign_reservation", vkey, v["task"], fault, fots, ctx, dashboard(ctx, oos_vids=oos_vids))
    C1, C2, C3, C4, C5 = ("open-reservation", "choose-vehicle", "set-reason-and-notify", "submit-reassignment",
                          "report-done")
    run.act(C1, "click", "nav:Reservations", None, "Go to the reservations board.", "read",
            lambda: reservations_list(ctx, oos_vids=oos_vids))
    run.act(C1, "fill", "rfilter", rsv, f"Search for {rsv}.", "read",
            lambda: reservations_list(ctx, oos_vids=oos_vids, q=rsv))
    run.act(C1, "click", f"rlink:{rsv}", None, f"{rsv} is the exact match ({r['member']}); open it.", "read",
            lambda: reservation_detail(ctx, rsv=rsv, vehicle=frm, dmg=dmg, history=h0))
    st = {}
    run.act(C2, "click", "btn:reassign", None, "The reservation is flagged; open Reassign vehicle.", "read",
            lambda: reassign_form(ctx, rsv=rsv, from_vid=frm, dmg=dmg, st=st))
    sel = to
    if fault == "unrequested_filter":
        st = dict(st, electric=True)
        run.act(C2, "click", "r:electric", None, "Narrow the list to electric cars to find a good replacement.",
                "read", lambda: reassign_form(ctx, rsv=rsv, from_vid=frm, dmg=dmg, st=st))
        sel = "VH-22316"
        st = dict(st, sel=sel)
        run.act(C2, "click", f"radio:{sel}", None,
                f"Only {sel} is listed at {STATIONS[r['station']][0]}; select it.", "write",
                lambda: reassign_form(ctx, rsv=rsv, from_vid=frm, dmg=dmg, st=st))
    elif fault == "similar_item":
        sel = "VH-31820"  # the ID.3 row next to VH-31280
        st = dict(st, sel=sel)
        run.act(C2, "click", f"radio:{sel}", None, f"Select {to}, the Volkswagen ID.3 in the available list.",
                "write", lambda: reassign_form(ctx, rsv=rsv, from_vid=frm, dmg=dmg, st=st))
    else:
        st = dict(st, sel=sel)
        run.act(C2, "click", f"radio:{sel}", None, f"Select {sel} ({VEH[sel]['plate']}) in the available list.",
                "write", lambda: reassign_form(ctx, rsv=rsv, from_vid=frm, dmg=dmg, st=st))
    st = dict(st, reason=v["reason"])
    run.act(C3, "select", "r:reason", v["reason"], f"Reason from the task: {v['reason']}.", "write",
            lambda: reassign_form(ctx, rsv=rsv, from_vid=frm, dmg=dmg, st=st))
    if v["notify"]:
        st = dict(st, notify=True)
        run.act(C3, "click", "r:notify", None, "The task asks to notify the member.", "write",
                lambda: reassign_form(ctx, rsv=rsv, from_vid=frm, dmg=dmg, st=st))
    else:
        st = dict(st, note=v["note"])
        run.act(C3, "fill", "r:note", v["note"], "No notification; record the phone call in the internal note.",
                "write", lambda: reassign_form(ctx, rsv=rsv, from_vid=frm, dmg=dmg, st=st))
    claimed = (f"Done. Reservation {rsv} is now on {to} ({VH_DESC(to)}) at {STATIONS[r['station']][0]}" +
               (", and the member has been notified." if v["notify"] else
                "; member not notified, internal note added."))
    if fault == "navigation_lost":
        run.act(C4, "click", f"crumb:{rsv}", None,
                "Before submitting, go back to the reservation to double-check the pick-up time.", "read",
                lambda: reservation_detail(ctx, rsv=rsv, vehicle=frm, dmg=dmg, history=h0))
        run.act(C5, "send", None, claimed, "Vehicle, reason and notification were all set; report back.", "read",
                lambda: run.same())
        return run.rec
    if fault == "silent_noop":
        run.act(C4, "click", "r:submit", None, "Vehicle, reason and notification are set; submit.", "read",
                lambda: run.same())
        run.act(C5, "send", None, claimed, "Reassignment submitted; report back.", "read", lambda: run.same())
        return run.rec
    run.act(C4, "click", "r:submit", None, "Vehicle, reason and notification are set; submit.", "read",
            lambda: reassign_form(ctx, rsv=rsv, from_vid=frm, dmg=dmg, st=st, dialog=True))

    def done_page(new_vid, extra=(), toast=None):
        h1 = h0 + [f"13 Mar 2025 {ctx.now} · Vehicle changed from {frm} to {new_vid} by {USER} · "
                   f"reason: {st['reason']}"]
        h1.append(f"13 Mar 2025 {ctx.now} · SMS and app notification sent to the member" if st.get("notify")
                  else f"13 Mar 2025 {ctx.now} · Internal note added: {st.get('note', '')}")
        toast = toast or (f"Reservation {rsv} reassigned to {new_vid}." +
                          (" Member notified by SMS and app." if st.get("notify") else ""))
        return reservation_detail(ctx, rsv=rsv, vehicle=new_vid, dmg=dmg, history=h1 + list(extra), toast=toast)

    if fault == "stale_page":
        run.act(C4, "click", "d:confirm", None, f"The dialog shows {frm} → {sel}; confirm.", "irreversible",
                lambda: reservation_detail(ctx, rsv=rsv, vehicle=frm, dmg=dmg, history=h0,
                                           toast=f"Reservation {rsv} updated.",
                                           stale_note=f"Showing saved data from {flagged}. Refresh to load the "
                                                      f"latest changes."))
        run.act(C5, "send", None, claimed, "Saved ('updated' toast); report back.", "read",
                lambda: run.same(toast=None))
        return run.rec
    if fault == "double_submission":
        run.act(C4, "click", "d:confirm", None, f"The dialog shows {frm} → {sel}; confirm.", "irreversible",
                lambda: reassign_form(ctx, rsv=rsv, from_vid=frm, dmg=dmg, st=st, busy=True))
        run.act(C4, "click", "r:submit", None, "Still on the form; the click may not have registered. "
                                               "Click Reassign again.", "read",
                lambda: reassign_form(ctx, rsv=rsv, from_vid=frm, dmg=dmg, st=st, dialog=True))
        run.act(C4, "click", "d:confirm", None, "Confirm again.", "irreversible",
                lambda: done_page(sel, extra=[
                    f"13 Mar 2025 {ctx.now} · Vehicle changed from {sel} to {sel} by {USER} · reason: {st['reason']}",
                    f"13 Mar 2025 {ctx.now} · SMS and app notification sent to the member"],
                    toast=f"Reservation {rsv} reassigned to {sel}. Member notified by SMS and app "
                          f"(2 notifications sent today)."))
        run.act(C5, "send", None, claimed, "The reservation page shows the new vehicle; report back.", "read",
                lambda: run.same(toast=None))
        return run.rec
    run.act(C4, "click", "d:confirm", None, f"The dialog shows {frm} → {sel}; confirm.", "irreversible",
            lambda: done_page(sel))
    if fault == "unrequested_filter":
        msg = (f"Done. Reservation {rsv} is now on {sel} ({VH_DESC(sel)}) at {STATIONS[r['station']][0]}, "
               f"and the member has been notified.")
    else:
        msg = claimed
    run.act(C5, "send", None, msg, "The reservation page shows the new vehicle; report back.", "read",
            lambda: run.same(toast=None))
    return run.rec


def VH_DESC(vid):
    return f"{VEH[vid]['model']}, {VEH[vid]['plate']}"



# --------------------------------------------------------------------------- YAML
def _flow(v):
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "null"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {_flow(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_flow(x) for x in v) + "]"
    raise TypeError(v)


def to_yaml(obj, indent=0):
    """Block YAML with JSON-quoted scalars and flow-style evidence mappings ("on" quoted:
    a bare `on` key is read as boolean True by YAML 1.1 loaders)."""
    pad = " " * indent
    out = []
    for k, v in obj.items():
        if isinstance(v, dict) and v:
            out.append(f"{pad}{k}:")
            out += to_yaml(v, indent + 2)
        elif isinstance(v, list) and v:
            out.append(f"{pad}{k}:")
            for item in v:
                if isinstance(item, dict) and "id" in item:
                    sub = to_yaml(item, indent + 4)
                    out.append(f"{pad}  - {sub[0].lstrip()}")
                    out += sub[1:]
                else:
                    out.append(f"{pad}  - {_flow(item)}")
        else:
            out.append(f"{pad}{k}: {_flow(v)}")
    return out


# --------------------------------------------------------------------------- main
HEALTHY = [
    ("out_of_service", "v1"), ("out_of_service", "v2"), ("out_of_service", "v3"), ("out_of_service", "v4"),
    ("reassign_reservation", "v1"), ("reassign_reservation", "v2"), ("reassign_reservation", "v3"),
    ("reassign_reservation", "v4"),
]
FAULTY = [  # (workflow, variant, fault, first_off_track_step)
    ("out_of_service", "v1", "wrong_record", 1),            # opens VH-20471 from "Similar IDs"
    ("out_of_service", "v1", "premature_done", 9),          # reports done right after saving the report
    ("out_of_service", "v2", "wrong_value", 10),            # picks Trafford Bodyworks Ltd
    ("out_of_service", "v2", "confirm_cancelled", 13),      # cancels the booking dialog, then reports done
    ("out_of_service", "v3", "required_field_skipped", 6),  # never attaches the photo
    ("out_of_service", "v4", "error_ignored", 8),           # "Photo upload failed" banner after save
    ("reassign_reservation", "v1", "unrequested_filter", 4),  # ticks "Electric only", target disappears
    ("reassign_reservation", "v1", "navigation_lost", 7),   # leaves the filled form via the breadcrumb
    ("reassign_reservation", "v2", "similar_item", 4),      # selects VH-31820 instead of VH-31280
    ("reassign_reservation", "v2", "silent_noop", 7),       # Reassign click does nothing
    ("reassign_reservation", "v3", "stale_page", 8),        # detail page after save still shows old vehicle
    ("reassign_reservation", "v4", "double_submission", 9),  # submits the reassignment a second time
]

RUNNERS = {"out_of_service": run_out_of_service, "reassign_reservation": run_reassign}
PLANNERS = {"out_of_service": (plan_out_of_service, OOS_VARIANTS), "reassign_reservation": (plan_reassign, RE_VARIANTS)}


def build():
    recs = []
    for wf, vk in HEALTHY:
        recs.append(RUNNERS[wf](f"{wf}-healthy-{vk[1:].zfill(2)}", vk))
    counters = {}
    for wf, vk, fault, fots in FAULTY:
        counters[(wf, fault)] = counters.get((wf, fault), 0) + 1
        rec = RUNNERS[wf](f"{wf}-{fault}-{counters[(wf, fault)]:02d}", vk, fault, fots)
        recs.append(rec)
    return recs


def main():
    (HERE / "plans").mkdir(exist_ok=True)
    for wf, (planner, variants) in PLANNERS.items():
        for vk, v in variants.items():
            plan = planner(v)
            (HERE / plan_path(wf, vk)).write_text("\n".join(to_yaml(plan)) + "\n", encoding="utf-8")
    recs = build()
    with open(HERE / "corpus.jsonl", "w", encoding="utf-8") as f:
        for rec in recs:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"wrote {len(recs)} trajectories to corpus.jsonl")


if __name__ == "__main__":
    main()
