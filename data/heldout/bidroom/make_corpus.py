#!/usr/bin/env python3
"""Generate the BidRoom held-out corpus (stdlib only, fixed seed).

BidRoom is an invented public procurement portal run by the invented Northvale
Public Procurement Service (NPPS). The signed-in user is Priya Natarajan, bid
manager at Kestrel Facilities Ltd; "today" is Thursday 14 Nov 2024.

Writes, next to this file:
  corpus.jsonl              20 trajectories (8 healthy, 12 faulty) over 2 workflows
  plans/submit-bid.yaml     plan for the "submit a new bid" workflow
  plans/amend-bid.yaml      plan for the "amend a submitted bid" workflow

Usage:  python3 make_corpus.py
"""
import datetime as dt
import json
import os
import random
import sys
import zlib

sys.dont_write_bytecode = True

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plans_src import PLANS  # noqa: E402  (plans are authored separately, see plans_src.py)

SEED = 20241114
RNG = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "https://bidroom.northvale-procurement.example"
USER = "Priya Natarajan"
ORG = "Kestrel Facilities Ltd"
YEAR = 2024

SUBMIT_TASK = (
    "Submit Kestrel Facilities' bid for tender NPPS-2024-0417 (Grounds maintenance, northern district "
    "parks): bid for Lot 1 (Parks mowing and turf care) at 48,600.00 GBP and Lot 3 (Tree surgery and "
    "arboricultural works) at 22,150.00 GBP, both as annual contract totals; upload the technical proposal "
    "(Kestrel_Technical_Proposal_0417.pdf) and the public liability insurance certificate "
    "(Kestrel_PL_Insurance_2024-25.pdf); accept the mandatory declarations; and submit the bid before the "
    "deadline of 21 Nov 2024, 12:00.")
AMEND_TASK = (
    "Amend Kestrel Facilities' submitted bid BID-77310 for tender NPPS-2024-0382 (Cleaning of municipal "
    "offices): change the Lot 2 (Town hall annex) price from 31,900.00 to 29,750.00 GBP, leave everything "
    "else as it is, and resubmit the amended bid before the deadline of 18 Nov 2024, 12:00. Do not "
    "withdraw the bid.")

# --------------------------------------------------------------------------------------------
# Reference data
# --------------------------------------------------------------------------------------------


class Tender:
    def __init__(self, ref, title, buyer, category, region, published, closes, nlots, value):
        self.ref, self.title, self.buyer, self.category, self.region = ref, title, buyer, category, region
        self.published = dt.date(YEAR, *published)
        self.closes = dt.datetime(YEAR, *closes)
        self.nlots, self.value = nlots, value


FM = "Northvale City Council – Facilities Management"
PARKS = "Northvale City Council – Parks and Open Spaces"
HIGHWAYS = "Northvale Highways"
TENDERS = [
    Tender("NPPS-2024-0471", "Grounds maintenance, southern district parks", PARKS, "Grounds and landscaping", "Southern", (11, 13), (12, 9, 12, 0), 4, "£280,500"),
    Tender("NPPS-2024-0463", "Library self-service kiosks", "Northvale City Council – Libraries", "ICT equipment", "All districts", (11, 12), (12, 6, 12, 0), 1, "£64,000"),
    Tender("NPPS-2024-0458", "Leisure centre pool chemicals", "Northvale Leisure Trust", "Supplies", "All districts", (11, 12), (12, 4, 12, 0), 2, "£38,000"),
    Tender("NPPS-2024-0452", "Highway drainage cleansing", HIGHWAYS, "Highways", "All districts", (11, 11), (12, 3, 17, 0), 3, "£410,000"),
    Tender("NPPS-2024-0440", "Public toilets cleaning and hygiene services", FM, "Cleaning", "Central", (11, 8), (12, 10, 12, 0), 2, "£180,000"),
    Tender("NPPS-2024-0437", "Bus shelter maintenance", "Northvale Transport Authority", "Maintenance", "All districts", (11, 7), (12, 5, 12, 0), 1, "£96,000"),
    Tender("NPPS-2024-0433", "IT hardware recycling and data destruction", "Northvale City Council – Digital Services", "ICT services", "Central", (11, 6), (11, 29, 12, 0), 1, "£45,000"),
    Tender("NPPS-2024-0429", "School catering, eastern cluster", "Northvale Education Trust", "Catering", "Eastern", (11, 5), (12, 2, 12, 0), 3, "£1,200,000"),
    Tender("NPPS-2024-0425", "School catering, western cluster", "Northvale Education Trust", "Catering", "Western", (11, 5), (12, 2, 12, 0), 3, "£1,050,000"),
    Tender("NPPS-2024-0421", "Office furniture framework 2025–2028", "NPPS Central Purchasing", "Furniture", "All districts", (11, 4), (11, 26, 12, 0), 4, "£2,400,000"),
    Tender("NPPS-2024-0418", "Grounds maintenance, northern district cemeteries", "Northvale City Council – Bereavement Services", "Grounds and landscaping", "Northern", (11, 1), (11, 19, 12, 0), 2, "£87,900"),
    Tender("NPPS-2024-0417", "Grounds maintenance, northern district parks", PARKS, "Grounds and landscaping", "Northern", (10, 31), (11, 21, 12, 0), 4, "£306,000"),
    Tender("NPPS-2024-0416", "Playground equipment inspection, northern district", PARKS, "Inspection and testing", "Northern", (10, 31), (11, 25, 12, 0), 1, "£27,000"),
    Tender("NPPS-2024-0409", "Street lighting maintenance", HIGHWAYS, "Highways", "All districts", (10, 28), (11, 18, 10, 0), 2, "£540,000"),
    Tender("NPPS-2024-0402", "Winter gritting services 2024/25", HIGHWAYS, "Highways", "All districts", (10, 24), (11, 15, 12, 0), 2, "£230,000"),
    Tender("NPPS-2024-0390", "Vehicle fleet servicing", "Northvale City Council – Fleet Services", "Vehicles", "Central", (10, 18), (11, 20, 12, 0), 2, "£310,000"),
    Tender("NPPS-2024-0383", "Cleaning of municipal depots", FM, "Cleaning", "All districts", (10, 14), (11, 18, 12, 0), 2, "£117,000"),
    Tender("NPPS-2024-0382", "Cleaning of municipal offices", FM, "Cleaning", "Central", (10, 14), (11, 18, 12, 0), 3, "£300,000"),
    Tender("NPPS-2024-0377", "Pest control services", "Northvale Homes", "Housing services", "All districts", (10, 10), (11, 22, 12, 0), 1, "£58,000"),
    Tender("NPPS-2024-0371", "Security guarding, civic buildings", FM, "Security", "Central", (10, 8), (11, 19, 17, 0), 2, "£720,000"),
    Tender("NPPS-2024-0365", "Printing and mailroom services", "NPPS Central Purchasing", "Print", "Central", (10, 3), (11, 27, 12, 0), 2, "£150,000"),
    Tender("NPPS-2024-0358", "Interpretation and translation services", "Northvale City Council – Communities", "Professional services", "All districts", (9, 30), (11, 28, 12, 0), 3, "£90,000"),
    Tender("NPPS-2024-0349", "Waste collection vehicle hire", "Northvale City Council – Waste Services", "Vehicles", "All districts", (9, 25), (11, 15, 17, 0), 1, "£260,000"),
]
T = {t.ref: t for t in TENDERS}
CATEGORIES = ["All categories", "Cleaning", "Grounds and landscaping", "Highways", "Catering", "ICT equipment",
              "ICT services", "Vehicles", "Security", "Professional services"]
REGIONS = ["All regions", "Central", "Northern", "Southern", "Eastern", "Western"]
SORTS = ["Published (newest first)", "Closing date (soonest first)", "Estimated value (highest first)", "Title (A–Z)"]

LOTS = {
    "NPPS-2024-0417": [(1, "Parks mowing and turf care", 52000), (2, "Hedge and shrub maintenance", 14500),
                       (3, "Tree surgery and arboricultural works", 24000), (4, "Litter picking and bin emptying", 11500)],
    "NPPS-2024-0471": [(1, "Parks mowing and turf care", 49000), (2, "Hedge and shrub maintenance", 13000),
                       (3, "Tree surgery and arboricultural works", 21500), (4, "Litter picking and bin emptying", 10000)],
    "NPPS-2024-0418": [(1, "Cemetery grass cutting and grounds care", 21000), (2, "Memorial safety inspections", 8300)],
    "NPPS-2024-0382": [(1, "Civic centre", 46000), (2, "Town hall annex", 33000), (3, "Library branches", 21000)],
    "NPPS-2024-0383": [(1, "Central depot", 22000), (2, "Northern depot", 17000)],
}
DESC = {
    "NPPS-2024-0417": "Routine grounds maintenance for 14 parks and green spaces in the northern district, including Ashgrove Park, Millbrook Fields and Kettle Lane Recreation Ground. Contract term 3 years from 1 April 2025.",
    "NPPS-2024-0471": "Routine grounds maintenance for 11 parks in the southern district, including Riverside Park and Hollins Green. Contract term 3 years from 1 April 2025.",
    "NPPS-2024-0418": "Grass cutting, grounds care and memorial safety inspections at Northfield and St Aidan's cemeteries. Contract term 3 years.",
    "NPPS-2024-0416": "Annual and operational inspection of play equipment at 22 sites in the northern district.",
    "NPPS-2024-0382": "Daily office cleaning, periodic deep cleans and washroom services for the civic centre, the town hall annex and four library branches. Contract term 2 years from 6 January 2025, with an option to extend by 1 year.",
    "NPPS-2024-0383": "Cleaning of offices, mess rooms and welfare facilities at the central and northern depots. Contract term 2 years.",
    "NPPS-2024-0440": "Cleaning, consumables and hygiene services for 9 public toilet blocks in the city centre.",
}
CLARIFICATIONS = {
    "NPPS-2024-0417": [
        "Q1 (04 Nov 2024): Should prices be annual or for the whole term? Answer: enter annual contract totals per lot, excluding VAT.",
        "Q2 (14 Nov 2024): Is tree surgery on listed trees within Lot 3? Answer: yes, see specification section 6.4.",
    ],
    "NPPS-2024-0471": ["Q1 (13 Nov 2024): Is Hollins Green included in Lot 1? Answer: yes."],
    "NPPS-2024-0382": [
        "Q1 (21 Oct 2024): Is the town hall annex open on Saturdays? Answer: yes, 08:00–13:00.",
        "Q2 (29 Oct 2024): Are consumables included? Answer: yes, for all lots.",
        "Q3 (14 Nov 2024): The buyer confirms that the Lot 2 (Town hall annex) floor area is 2,150 m², not 2,450 m² as stated in the specification. Suppliers may amend submitted bids before the deadline.",
    ],
}
SIMILAR = {
    "NPPS-2024-0417": ["NPPS-2024-0418", "NPPS-2024-0471", "NPPS-2024-0416"],
    "NPPS-2024-0471": ["NPPS-2024-0417", "NPPS-2024-0418"],
    "NPPS-2024-0418": ["NPPS-2024-0417", "NPPS-2024-0471"],
    "NPPS-2024-0382": ["NPPS-2024-0383", "NPPS-2024-0440"],
}
BOARD_BID = {"NPPS-2024-0382": "Submitted", "NPPS-2024-0383": "Submitted", "NPPS-2024-0390": "Submitted",
             "NPPS-2024-0349": "Submitted", "NPPS-2024-0402": "Draft"}

RECENT = {
    "submit": [("NPPS-2024-0471", "NPPS-2024-0471 Grounds maintenance, southern district parks", "viewed today 09:58"),
               ("NPPS-2024-0417", "NPPS-2024-0417 Grounds maintenance, northern district parks", "viewed yesterday 16:20"),
               ("NPPS-2024-0418", "NPPS-2024-0418 Grounds maintenance, northern district cemeteries", "viewed yesterday 16:02"),
               ("NPPS-2024-0383", "NPPS-2024-0383 Cleaning of municipal depots", "viewed 12 Nov")],
    "amend": [("BID-77311", "BID-77311 Cleaning of municipal depots", "viewed today 10:12"),
              ("NPPS-2024-0383", "NPPS-2024-0383 Cleaning of municipal depots", "viewed today 10:09"),
              ("BID-77310", "BID-77310 Cleaning of municipal offices", "viewed yesterday 17:40"),
              ("NPPS-2024-0382", "NPPS-2024-0382 Cleaning of municipal offices", "viewed yesterday 17:38")],
}
NOTIFS = {
    "submit": ["Clarification 2 published for NPPS-2024-0417 Grounds maintenance, northern district parks · 1 hour ago",
               "Deadline reminder: NPPS-2024-0402 Winter gritting services 2024/25 closes tomorrow at 12:00"],
    "amend": ["Clarification 3 published for NPPS-2024-0382 Cleaning of municipal offices · 2 hours ago",
              "Deadline reminder: NPPS-2024-0402 Winter gritting services 2024/25 closes tomorrow at 12:00"],
}

# My bids (amend world).  (bid, tender ref, title, lots, total, status, last updated, deadline)
MYBIDS = [
    ("BID-77318", "NPPS-2024-0402", "Winter gritting services 2024/25", "1, 2", "—", "Draft", (11, 13, 17, 5), (11, 15, 12, 0)),
    ("BID-77311", "NPPS-2024-0383", "Cleaning of municipal depots", "1, 2", "38,450.00", "Submitted", (11, 8, 15, 12), (11, 18, 12, 0)),
    ("BID-77310", "NPPS-2024-0382", "Cleaning of municipal offices", "1, 2", "76,300.00", "Submitted", (11, 8, 14, 47), (11, 18, 12, 0)),
    ("BID-77301", "NPPS-2024-0382", "Cleaning of municipal offices", "1, 2, 3", "97,900.00", "Withdrawn", (11, 6, 11, 30), (11, 18, 12, 0)),
    ("BID-77287", "NPPS-2024-0390", "Vehicle fleet servicing", "2", "61,200.00", "Submitted", (11, 1, 9, 44), (11, 20, 12, 0)),
    ("BID-77254", "NPPS-2024-0349", "Waste collection vehicle hire", "1", "118,000.00", "Submitted", (10, 24, 16, 20), (11, 15, 17, 0)),
    ("BID-77203", "NPPS-2024-0311", "Grounds maintenance, western district parks", "1, 3", "66,900.00", "Awarded", (9, 19, 10, 2), (9, 30, 12, 0)),
    ("BID-77170", "NPPS-2024-0287", "Window cleaning, civic buildings", "1", "12,400.00", "Unsuccessful", (9, 2, 13, 15), (9, 6, 12, 0)),
    ("BID-77102", "NPPS-2023-0382", "Cleaning of municipal offices", "1, 2", "72,800.00", "Unsuccessful", (-10, 17, 12, 8), (-10, 20, 12, 0)),
    ("BID-77098", "NPPS-2023-0374", "Security guarding, depots", "1", "54,000.00", "Unsuccessful", (-10, 9, 15, 40), (-10, 13, 12, 0)),
    ("BID-77041", "NPPS-2023-0305", "Grounds maintenance, northern district parks (2023)", "1", "45,100.00", "Awarded", (-8, 30, 11, 5), (-9, 4, 12, 0)),
    ("BID-76988", "NPPS-2023-0261", "Office cleaning, health centres", "2", "28,300.00", "Unsuccessful", (-7, 12, 10, 33), (-7, 19, 12, 0)),
]
MYBID_STATUSES = ["All statuses", "Draft", "Submitted", "Withdrawn", "Awarded", "Unsuccessful"]
MYBID_SORTS = ["Last updated (newest first)", "Bid deadline (soonest first)", "Bid number"]


def _mk(tup):
    m, d, h, mi = tup
    year = YEAR if m > 0 else YEAR - 1
    return dt.datetime(year, abs(m), d, h, mi)


BASES = ["Annual contract total", "Monthly rate", "Hourly rate"]
DECL = [
    "I confirm that this bid remains valid for 90 days after the bid deadline",
    "I declare that none of the mandatory or discretionary exclusion grounds apply to Kestrel Facilities Ltd",
    "I declare that Kestrel Facilities Ltd has no conflict of interest with the contracting authority",
]
NEW_SLOTS = [("tech", "Technical proposal (required)", True),
             ("ins", "Public liability insurance certificate (required)", True),
             ("refs", "Client references (optional)", False)]
AMEND_SLOTS = [("method", "Cleaning method statement (required)", True),
               ("ins", "Public liability insurance certificate (required)", True),
               ("coshh", "COSHH register (optional)", False)]
STEPS_NEW = ["Lots", "Prices", "Documents", "Declarations", "Review and submit"]
STEPS_AMEND = ["Lots", "Prices", "Documents", "Declarations", "Review amendment"]
SLUG = ["lots", "prices", "documents", "declarations", "review"]
TECH = ("Kestrel_Technical_Proposal_0417.pdf", "2.4 MB")
INS = ("Kestrel_PL_Insurance_2024-25.pdf", "412 KB")
UPLOAD_DIR = "/home/priya/Documents/Bids/NPPS-2024-0417/"

# --------------------------------------------------------------------------------------------
# Formatting helpers
# --------------------------------------------------------------------------------------------


def money(x):
    return f"{x:,.2f}"


def num(s):
    return float(str(s).replace(",", "").replace("£", "").strip() or 0)


def dlong(d):
    return d.strftime("%d %b %Y, %H:%M")


def left(now, deadline):
    secs = int((deadline - now).total_seconds())
    if secs <= 0:
        return "closed"
    days, rem = divmod(secs, 86400)
    hours = rem // 3600
    return f"{days} day{'s' if days != 1 else ''} {hours} hour{'s' if hours != 1 else ''} left"


def val(v):
    return f"value={v!r}"


def chk(b):
    return f"checked='{'true' if b else 'false'}'"


def sel(b):
    return f"selected={bool(b)}"


# --------------------------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym flattened AXTree style)
# --------------------------------------------------------------------------------------------


class Page:
    def __init__(self, url, title):
        self.url, self.title = url, title
        self.lines = [f"RootWebArea {title!r}, focused"]
        self.n = 11 + zlib.crc32(url.split('?')[0].encode()) % 4  # html/head/body consumed the first ids
        self.keys, self.desc = {}, {}

    def node(self, depth, role, name="", key=None, props=()):
        bid = f"a{self.n}"
        self.n += 1
        line = "\t" * depth + f"[{bid}] {role} {name!r}"
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        self.desc[bid] = f"{role} {name!r}"
        if key is not None:
            if key in self.keys:
                raise ValueError(f"duplicate key {key!r} on {self.url}")
            self.keys[key] = bid
        else:
            self.keys.setdefault(f"{role}:{name}", bid)
        return bid

    def text(self, depth, s):
        self.lines.append("\t" * depth + f"StaticText {s!r}")

    def bid(self, key):
        if key not in self.keys:
            raise KeyError(f"{key!r} not on page {self.url} ({self.title})")
        return self.keys[key]

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


NAV = ["Dashboard", "Open tenders", "My bids", "Messages (3 unread)", "Help and guidance"]


def top(p, now, world, active=None, search="", toast=None, bell_open=False, crumbs=None):
    p.node(1, "banner", "")
    p.node(2, "link", "BidRoom – Northvale Public Procurement Service, home", key="home")
    p.node(2, "navigation", "Main")
    for item in NAV:
        props = ("current='page'",) if active and item.startswith(active) else ()
        p.node(3, "link", item, key="nav:" + item.split(" (")[0], props=props)
    p.node(2, "search", "Tenders")
    p.node(3, "searchbox", "Search tenders by title, buyer or reference", key="searchbox",
           props=(val(search),) if search else ())
    p.node(3, "button", "Search", key="search-go")
    p.node(2, "button", "Notifications (2 new)", key="bell", props=("hasPopup='menu'", f"expanded={bell_open}"))
    if bell_open:
        p.node(3, "menu", "Notifications")
        for i, label in enumerate(NOTIFS[world]):
            p.node(4, "menuitem", label, key=f"notif{i}")
        p.node(4, "menuitem", "See all notifications", key="notif-all")
    p.node(2, "button", f"{USER}, {ORG}", key="usermenu", props=("hasPopup='menu'", "expanded=False"))
    p.node(1, "status", "", key="live", props=("live='polite'", "atomic=True"))
    if toast:
        p.text(2, toast)
        p.node(2, "button", "Dismiss notification", key="dismiss")
    if crumbs:
        p.node(1, "navigation", "Breadcrumb")
        for label, key in crumbs[:-1]:
            p.node(2, "link", label, key=key)
        p.text(2, crumbs[-1][0])


def bottom(p, now):
    p.node(1, "contentinfo", "")
    for label in ["Accessibility statement", "Terms of use", "Privacy and cookies", "Supplier helpdesk", "Service status"]:
        p.node(2, "link", label, key="foot:" + label)
    p.text(2, f"Portal time: {now:%a %d %b %Y, %H:%M} GMT")
    p.text(2, "© 2024 Northvale Public Procurement Service · BidRoom 4.12.3")


def recent_panel(p, world, depth=2):
    p.node(depth, "complementary", "Recently viewed")
    p.node(depth + 1, "heading", "Recently viewed")
    p.node(depth + 1, "list", "")
    for ref, label, when in RECENT[world]:
        p.node(depth + 2, "listitem", "")
        p.node(depth + 3, "link", label, key="recent:" + ref)
        p.text(depth + 3, when)


def tender_status(t, now):
    if t.closes <= now:
        return "Closed"
    return "Closing soon" if (t.closes - now).days < 4 else "Open"


# --------------------------------------------------------------------------------------------
# Page types
# --------------------------------------------------------------------------------------------


def page_dashboard(now, world, toast=None, bell_open=False, search=""):
    p = Page(f"{BASE}/dashboard", "Dashboard – BidRoom")
    top(p, now, world, active="Dashboard", toast=toast, bell_open=bell_open, search=search,
        crumbs=[("Dashboard", None)])
    p.node(1, "main", "")
    p.node(2, "heading", "Good morning, Priya")
    p.text(2, f"{ORG} · Supplier ID SUP-55190 · Role: Bid manager")
    p.node(2, "region", "Closing soon")
    p.node(3, "heading", "Closing soon")
    p.node(3, "list", "")
    soon = sorted([t for t in TENDERS if 0 < (t.closes - now).total_seconds() < 5 * 86400], key=lambda t: (t.closes, t.ref))
    for t in soon[:5]:
        p.node(4, "listitem", "")
        p.node(5, "link", f"{t.ref} {t.title}", key="dash:" + t.ref)
        p.text(5, f"Closes {dlong(t.closes)} · {left(now, t.closes)}")
    p.node(2, "region", "Your bids at a glance")
    p.node(3, "heading", "Your bids at a glance")
    p.text(3, "5 submitted · 1 draft · 1 withdrawn" if world == "amend" else "5 submitted · 1 draft")
    p.node(3, "link", "View all bids", key="dash:mybids")
    recent_panel(p, world)
    p.node(2, "region", "Latest messages")
    p.node(3, "heading", "Latest messages")
    p.node(3, "list", "")
    msgs = NOTIFS[world] + ["Your organisation profile was updated by Marek Olsen · 11 Nov"]
    for i, m in enumerate(msgs):
        p.node(4, "listitem", "")
        p.node(5, "link", m, key=f"msg{i}")
    bottom(p, now)
    return p


def page_board(now, world, sort=SORTS[0], pageno=1, filters_open=False, category="All categories",
               applied=None, toast=None, draft0417=False, search=""):
    rows = [t for t in TENDERS if not applied or t.category == applied]
    if sort.startswith("Published"):
        rows.sort(key=lambda t: (t.published, t.ref), reverse=True)
    else:
        rows.sort(key=lambda t: (t.closes, t.ref))
    total = len(rows)
    pages = max(1, (total + 9) // 10)
    chunk = rows[(pageno - 1) * 10: pageno * 10]
    q = "sort=" + ("published" if sort.startswith("Published") else "closing")
    if applied:
        q += "&category=" + applied.lower().replace(" ", "-")
    if pageno > 1:
        q += f"&page={pageno}"
    p = Page(f"{BASE}/tenders?{q}", "Open tenders – BidRoom")
    top(p, now, world, active="Open tenders", toast=toast, search=search,
        crumbs=[("Home", "crumb:home"), ("Open tenders", None)])
    p.node(1, "main", "")
    p.node(2, "heading", "Open tenders")
    p.text(2, f"Showing {(pageno - 1) * 10 + 1}–{(pageno - 1) * 10 + len(chunk)} of {total} open tenders")
    p.node(2, "button", "Filters", key="filters", props=(f"expanded={filters_open}",))
    if filters_open:
        p.node(2, "group", "Filter tenders")
        p.node(3, "combobox", "Category", key="f-category", props=(val(category), "hasPopup='menu'", "expanded=False"))
        for c in CATEGORIES:
            p.node(4, "option", c, props=(sel(c == category),))
        p.node(3, "combobox", "Region", key="f-region", props=(val("All regions"), "hasPopup='menu'", "expanded=False"))
        for r in REGIONS:
            p.node(4, "option", r, props=(sel(r == "All regions"),))
        p.node(3, "checkbox", "Only tenders on my watchlist", key="f-watch", props=(chk(False),))
        p.node(3, "checkbox", "Hide tenders I have already bid on", key="f-hidebid", props=(chk(False),))
        p.node(3, "button", "Apply filters", key="f-apply")
        p.node(3, "button", "Clear all filters", key="f-clear")
    if applied:
        p.text(2, "Active filters:")
        p.node(2, "button", f"Remove filter: Category is {applied}", key="chip")
    p.node(2, "combobox", "Sort tenders", key="sort", props=(val(sort), "hasPopup='menu'", "expanded=False"))
    for s in SORTS:
        p.node(3, "option", s, props=(sel(s == sort),))
    p.node(2, "table", "Open tenders")
    p.node(3, "row", "")
    for h in ["Title", "Reference", "Buyer", "Lots", "Closes", "Status", "Your bid"]:
        p.node(4, "columnheader", h)
    for t in chunk:
        yb = BOARD_BID.get(t.ref, "—")
        if t.ref == "NPPS-2024-0417" and draft0417:
            yb = "Draft"
        p.node(3, "row", "")
        p.node(4, "cell", t.title)
        p.node(5, "link", t.title, key="open:" + t.ref)
        p.node(4, "cell", t.ref)
        p.node(4, "cell", t.buyer)
        p.node(4, "cell", str(t.nlots))
        p.node(4, "cell", dlong(t.closes))
        p.node(4, "cell", tender_status(t, now))
        p.node(4, "cell", yb)
    p.node(2, "navigation", "Pagination")
    if pageno > 1:
        p.node(3, "link", "Previous page", key="prev")
    for i in range(1, pages + 1):
        p.node(3, "link", f"Page {i}", key=f"page:{i}", props=("current='page'",) if i == pageno else ())
    if pageno < pages:
        p.node(3, "link", "Next page", key="next")
    recent_panel(p, world)
    bottom(p, now)
    return p


def page_search(now, world, query, refs, hidden_closed=None, toast=None):
    slug = query.replace(" ", "+")
    p = Page(f"{BASE}/search?q={slug}", f"Search results for ‘{query}’ – BidRoom")
    top(p, now, world, search=query, toast=toast, crumbs=[("Home", "crumb:home"), ("Search results", None)])
    p.node(1, "main", "")
    p.node(2, "heading", f"Search results for ‘{query}’")
    p.text(2, f"{len(refs)} open tender{'s' if len(refs) != 1 else ''} found")
    p.node(2, "combobox", "Sort results", key="sort", props=(val("Best match"), "hasPopup='menu'", "expanded=False"))
    for s in ["Best match", "Closing date (soonest first)", "Published (newest first)"]:
        p.node(3, "option", s, props=(sel(s == "Best match"),))
    p.node(2, "checkbox", "Include closed tenders", key="incl-closed", props=(chk(False),))
    p.node(2, "list", "Search results")
    for ref in refs:
        t = T[ref]
        p.node(3, "listitem", "")
        p.node(4, "link", t.title, key="res:" + ref)
        p.text(4, f"{ref} · {t.buyer} · Closes {dlong(t.closes)}")
        p.text(4, DESC.get(ref, f"{t.category} contract for {t.buyer}.")[:120])
    if hidden_closed:
        p.text(2, f"1 closed tender matching your search is hidden: {hidden_closed}.")
    bottom(p, now)
    return p


def page_tender(now, world, ref, yourbid="none", toast=None):
    t = T[ref]
    p = Page(f"{BASE}/tenders/{ref}", f"{ref}: {t.title} – BidRoom")
    top(p, now, world, active="Open tenders", toast=toast,
        crumbs=[("Home", "crumb:home"), ("Open tenders", "crumb:tenders"), (ref, None)])
    p.node(1, "main", "")
    p.node(2, "heading", t.title)
    p.text(2, f"Tender reference {ref} · {tender_status(t, now)}")
    p.node(2, "region", "Key facts")
    for k, v in [("Buyer", t.buyer), ("Procedure", "Open procedure"), ("Published", t.published.strftime("%d %b %Y")),
                 ("Bid deadline", f"{dlong(t.closes)} GMT ({left(now, t.closes)})"),
                 ("Estimated total value", f"{t.value} excluding VAT"), ("Region", t.region), ("Lots", str(t.nlots))]:
        p.text(3, k)
        p.text(3, v)
    p.node(2, "heading", "Description")
    p.text(2, DESC.get(ref, f"{t.category} contract for {t.buyer}."))
    lots = LOTS.get(ref, [(1, t.title, 0)])
    p.node(2, "heading", "Lots")
    p.node(2, "table", "Lots")
    p.node(3, "row", "")
    for h in ["Lot", "Title", "Estimated annual value"]:
        p.node(4, "columnheader", h)
    for n, name, est in lots:
        p.node(3, "row", "")
        p.node(4, "cell", f"Lot {n}")
        p.node(4, "cell", name)
        p.node(4, "cell", f"£{est:,}" if est else "See specification")
    p.node(2, "heading", "Tender documents")
    p.node(2, "list", "")
    for d in ["Invitation to tender (PDF, 1.1 MB)", "Specification (PDF, 3.4 MB)", "Pricing schedule (XLSX, 88 KB)",
              "Draft contract (PDF, 640 KB)"]:
        p.node(3, "listitem", "")
        p.node(4, "link", d)
    clar = CLARIFICATIONS.get(ref, [])
    p.node(2, "heading", f"Clarifications ({len(clar)})")
    if clar:
        p.node(2, "list", "")
        for c in clar:
            p.node(3, "listitem", "")
            p.text(4, c)
    else:
        p.text(2, "No clarifications have been published.")
    p.node(2, "complementary", "Your bid")
    p.node(3, "heading", "Your bid")
    if yourbid == "none":
        p.text(3, "You have not started a bid for this tender.")
        p.node(3, "button", "Start bid", key="start-bid")
    elif yourbid == "draft":
        p.text(3, "Draft bid BID-77342 · last saved 13 Nov 2024, 16:20 by Tomasz Wierzbicki")
        p.node(3, "button", "Continue draft bid", key="continue-draft")
        p.node(3, "button", "Delete draft", key="delete-draft")
    elif yourbid == "submitted":
        p.text(3, "Bid BID-77310 · Submitted 08 Nov 2024, 14:47 (version 1)")
        p.node(3, "link", "View your bid BID-77310", key="view-bid")
        p.text(3, "Earlier bid BID-77301 · Withdrawn 06 Nov 2024")
        p.node(3, "link", "View withdrawn bid BID-77301", key="view-77301")
    p.node(3, "button", "Add to watchlist", key="watch")
    p.node(3, "link", f"Ask the buyer a question about {ref}", key="ask")
    p.node(2, "complementary", "Similar tenders")
    p.node(3, "heading", "Similar tenders")
    p.node(3, "list", "")
    for r2 in SIMILAR.get(ref, []):
        p.node(4, "listitem", "")
        p.node(5, "link", f"{r2} {T[r2].title}", key="sim:" + r2)
    if ref == "NPPS-2024-0382":
        p.node(4, "listitem", "")
        p.node(5, "link", "NPPS-2023-0382 Cleaning of municipal offices (closed)", key="sim:NPPS-2023-0382")
    recent_panel(p, world)
    bottom(p, now)
    return p


def wizard_total(st):
    tot = 0.0
    for n, on in sorted(st["lots"].items()):
        if on and st["prices"].get(n):
            tot += num(st["prices"][n]) * (12 if st["basis"].get(n) == "Monthly rate" else 1)
    return tot


def page_wizard(now, st, step, toast=None, dialog=False, busy=False, alert=None, world=None):
    amend = st["mode"] == "amend"
    world = world or ("amend" if amend else "submit")
    names = STEPS_AMEND if amend else STEPS_NEW
    t = T[st["ref"]]
    lots = LOTS[st["ref"]]
    if amend:
        url = f"{BASE}/bids/{st['bid']}/amend/v{st['version']}/{SLUG[step - 1]}"
        title = f"Amend bid {st['bid']} – Step {step} of 5: {names[step - 1]} – BidRoom"
        crumbs = [("Home", "crumb:home"), ("My bids", "crumb:mybids"), (st["bid"], "crumb:bid"), ("Amend", None)]
        active = "My bids"
    else:
        url = f"{BASE}/tenders/{st['ref']}/bid/{st['bid']}/{SLUG[step - 1]}"
        title = f"Step {step} of 5: {names[step - 1]} – Bid for {st['ref']} – BidRoom"
        crumbs = [("Home", "crumb:home"), ("Open tenders", "crumb:tenders"), (st["ref"], "crumb:tender"), ("Bid", None)]
        active = "Open tenders"
    p = Page(url, title)
    top(p, now, world, active=active, toast=toast, crumbs=crumbs)
    p.node(1, "main", "")
    if amend:
        p.node(2, "heading", f"Amend bid {st['bid']}: {t.title}")
        p.text(2, f"Tender {st['ref']} · Submitted version {st['version'] - 1} stays valid until you submit this "
                  f"amendment · Deadline {dlong(t.closes)} GMT ({left(now, t.closes)})")
    else:
        p.node(2, "heading", f"Bid for {st['ref']}: {t.title}")
        p.text(2, f"Bid {st['bid']} · Status: Draft · Deadline {dlong(t.closes)} GMT ({left(now, t.closes)})")
    if alert:
        p.node(2, "alert", "", key="alert")
        p.text(3, alert)
    p.node(2, "navigation", "Bid steps")
    p.node(3, "list", "")
    for i, nm in enumerate(names, 1):
        p.node(4, "listitem", "")
        if i == step:
            p.text(5, f"Step {i}: {nm} (current step)")
        elif i in st["done"]:
            p.node(5, "link", f"Step {i}: {nm} (complete)", key=f"stepnav{i}")
        else:
            p.text(5, f"Step {i}: {nm} (not started)")
    p.node(2, "heading", f"Step {step} of 5: {names[step - 1]}")
    p.node(2, "form", names[step - 1])
    d = 3
    if step == 1:
        p.text(d, "Choose the lots you want to bid for. You can bid for any combination of lots.")
        p.node(d, "group", "Lots in this tender")
        for n, name, est in lots:
            p.node(d + 1, "checkbox", f"Lot {n}: {name} (estimated £{est:,} a year)", key=f"lot{n}",
                   props=(chk(st["lots"].get(n, False)),))
    elif step == 2:
        p.text(d, "Enter the annual contract total for each lot, in GBP and excluding VAT.")
        for n, name, est in lots:
            if not st["lots"].get(n):
                continue
            p.node(d, "group", f"Lot {n}: {name}")
            price = st["prices"].get(n, "")
            p.node(d + 1, "textbox", f"Lot {n} price (GBP, excluding VAT)", key=f"price{n}",
                   props=((val(price),) if price else ()) + ("required",))
            if amend:
                p.text(d + 1, f"Submitted in version {st['version'] - 1}: {st['old'][n]}")
            b = st["basis"].get(n, BASES[0])
            p.node(d + 1, "combobox", f"Lot {n} price basis", key=f"basis{n}", props=(val(b), "hasPopup='menu'", "expanded=False"))
            for o in BASES:
                p.node(d + 2, "option", o, props=(sel(o == b),))
        p.node(d, "textbox", "Your internal bid reference (optional)", key="ourref",
               props=(val(st["ourref"]),) if st["ourref"] else ())
        if amend:
            p.node(d, "textbox", "Note to the buyer about this amendment (optional)", key="note",
                   props=(val(st["note"]),) if st["note"] else ())
        p.text(d, f"Total bid value (annualised): £{money(wizard_total(st))}")
    elif step == 3:
        p.text(d, "Upload files as PDF, maximum 20 MB each. Files are virus-scanned on upload.")
        for k, label, req in (AMEND_SLOTS if amend else NEW_SLOTS):
            p.node(d, "group", label)
            f = st["docs"].get(k)
            if f:
                p.text(d + 1, f"{f[0]} · {f[1]} · uploaded {f[2]}")
                if amend:
                    p.node(d + 1, "button", f"Replace {f[0]}", key=f"rp:{k}")
                else:
                    p.node(d + 1, "button", f"Remove {f[0]}", key=f"rm:{k}")
            else:
                p.node(d + 1, "button", f"Choose file: {label}", key=f"up:{k}")
                p.text(d + 1, "No file chosen")
    elif step == 4:
        if amend:
            p.text(d, "Declarations must be confirmed again for every amendment.")
        for i, txt in enumerate(DECL):
            p.node(d, "checkbox", txt, key=f"decl{i + 1}", props=(chk(st["decl"][i]), "required"))
        p.node(d, "checkbox", "Email me a copy of the submission receipt", key="decl-email", props=(chk(st["email"]),))
    else:
        p.node(d, "table", "Lots and prices")
        p.node(d + 1, "row", "")
        for h in ["Lot", "Title", "Price (GBP, excl. VAT)", "Price basis"]:
            p.node(d + 2, "columnheader", h)
        for n, name, est in lots:
            if st["lots"].get(n):
                p.node(d + 1, "row", "")
                p.node(d + 2, "cell", f"Lot {n}")
                p.node(d + 2, "cell", name)
                p.node(d + 2, "cell", money(num(st["prices"].get(n, 0))))
                p.node(d + 2, "cell", st["basis"].get(n, BASES[0]))
        p.node(d + 1, "row", "")
        p.node(d + 2, "cell", "Total (annualised)")
        p.node(d + 2, "cell", money(wizard_total(st)))
        if amend:
            p.node(d, "table", "Changes in this amendment")
            p.node(d + 1, "row", "")
            for h in ["Item", f"Submitted version {st['version'] - 1}", "This amendment"]:
                p.node(d + 2, "columnheader", h)
            for n, name, est in lots:
                if st["lots"].get(n):
                    old, new = st["old"][n], money(num(st["prices"][n]))
                    p.node(d + 1, "row", "")
                    p.node(d + 2, "cell", f"Lot {n} {name} price")
                    p.node(d + 2, "cell", old)
                    p.node(d + 2, "cell", new if num(new) != num(old) else f"{new} (unchanged)")
        p.node(d, "heading", "Documents")
        p.node(d, "list", "")
        for k, label, req in (AMEND_SLOTS if amend else NEW_SLOTS):
            f = st["docs"].get(k)
            if f or req:
                p.node(d + 1, "listitem", "")
                p.text(d + 2, f"{label.split(' (')[0]}: {f[0] if f else 'Not provided'}")
        p.node(d, "heading", "Declarations")
        p.text(d, f"{sum(st['decl'])} of 3 mandatory declarations accepted")
        for i, nm in enumerate(["Edit lots", "Edit prices", "Edit documents", "Edit declarations"], 1):
            p.node(d, "link", nm, key=f"edit{i}")
        if st.get("warnings"):
            p.node(d, "status", "", key="warnings")
            for w in st["warnings"]:
                p.text(d + 1, w)
        p.text(d, "Submitting sends your bid to the buyer. You can amend or withdraw it until the deadline.")
    p.node(3, "group", "Form actions")
    if step > 1:
        p.node(4, "button", "Back", key="back")
    p.node(4, "button", "Save draft", key="save")
    if step < 5:
        p.node(4, "button", f"Continue to {names[step].lower()}", key="continue")
    else:
        p.node(4, "button", "Submit amendment" if amend else "Submit bid", key="submit")
    p.node(4, "link", "Discard amendment" if amend else "Cancel and return to tender", key="discard")
    p.node(2, "complementary", "Need help?")
    p.node(3, "link", "Bidding guide for suppliers (PDF)", key="guide")
    p.node(3, "link", f"Ask the buyer a question about {st['ref']}", key="ask")
    bottom(p, now)
    if dialog:
        if amend:
            dtitle = f"Submit amendment to bid {st['bid']}?"
            body = (f"Version {st['version']} will replace version {st['version'] - 1}. The buyer only sees the latest "
                    f"version. You can amend or withdraw until {dlong(t.closes)} GMT.")
            conf = "Submit amendment"
        else:
            dtitle = f"Submit bid for {st['ref']}?"
            body = (f"You are submitting bid {st['bid']} for {sum(1 for v in st['lots'].values() if v)} lots with a total "
                    f"annualised value of £{money(wizard_total(st))}. You can amend or withdraw it until "
                    f"{dlong(t.closes)} GMT.")
            conf = "Submit bid"
        p.node(1, "dialog", dtitle, key="dialog", props=("modal=True",))
        p.text(2, body)
        if busy:
            p.node(2, "status", "", key="busy", props=("busy=True",))
            p.text(3, "Submitting your amendment… this can take up to a minute.")
        p.node(2, "button", "Cancel", key="dlg-cancel")
        p.node(2, "button", conf, key="dlg-confirm")
    return p


def page_receipt_new(now, st, rcpt, toast=None):
    t = T[st["ref"]]
    p = Page(f"{BASE}/bids/{st['bid']}/receipt", f"Bid submitted – {st['bid']} – BidRoom")
    top(p, now, "submit", active="My bids", toast=toast,
        crumbs=[("Home", "crumb:home"), ("My bids", "crumb:mybids"), (st["bid"], "crumb:bid"), ("Receipt", None)])
    p.node(1, "main", "")
    p.node(2, "heading", "Bid submitted")
    p.node(2, "status", "", key="confirmation")
    p.text(3, f"Bid {st['bid']} for {st['ref']} {t.title} was submitted on {now:%d %b %Y} at {now:%H:%M} GMT.")
    p.text(2, f"Receipt number {rcpt}")
    p.node(2, "table", "Submitted lots")
    p.node(3, "row", "")
    for h in ["Lot", "Title", "Price (GBP, excl. VAT)", "Price basis"]:
        p.node(4, "columnheader", h)
    for n, name, est in LOTS[st["ref"]]:
        if st["lots"].get(n):
            p.node(3, "row", "")
            p.node(4, "cell", f"Lot {n}")
            p.node(4, "cell", name)
            p.node(4, "cell", money(num(st["prices"][n])))
            p.node(4, "cell", st["basis"].get(n, BASES[0]))
    files = [f[0] for k, f in sorted(st["docs"].items()) if f]
    p.text(2, f"Documents: {len(files)} file{'s' if len(files) != 1 else ''} ({', '.join(files)})")
    for w in st.get("receipt_notes", []):
        p.text(2, w)
    p.text(2, f"You can amend or withdraw this bid until {dlong(t.closes)} GMT.")
    if st["email"]:
        p.text(2, "A copy of this receipt has been emailed to priya.natarajan@kestrel-facilities.example.")
    p.node(2, "link", "Download receipt (PDF)", key="dl")
    p.node(2, "link", f"View bid {st['bid']}", key="view-bid")
    p.node(2, "link", f"Back to tender {st['ref']}", key="back-tender")
    p.node(2, "link", "Go to My bids", key="to-mybids")
    bottom(p, now)
    return p


def page_receipt_amend(now, st, rcpt, used, toast=None):
    t = T[st["ref"]]
    p = Page(f"{BASE}/bids/{st['bid']}/v{st['version']}/receipt", f"Amendment submitted – {st['bid']} – BidRoom")
    top(p, now, "amend", active="My bids", toast=toast,
        crumbs=[("Home", "crumb:home"), ("My bids", "crumb:mybids"), (st["bid"], "crumb:bid"), ("Receipt", None)])
    p.node(1, "main", "")
    p.node(2, "heading", "Amendment submitted")
    p.node(2, "status", "", key="confirmation")
    p.text(3, f"Bid {st['bid']} version {st['version']} for {st['ref']} {t.title} was submitted on {now:%d %b %Y} at "
              f"{now:%H:%M:%S} GMT. It replaces version {st['version'] - 1}.")
    p.text(2, f"Receipt number {rcpt}")
    p.node(2, "table", f"Lots and prices in version {st['version']}")
    p.node(3, "row", "")
    for h in ["Lot", "Title", "Price (GBP, excl. VAT)"]:
        p.node(4, "columnheader", h)
    for n, name, est in LOTS[st["ref"]]:
        if st["lots"].get(n):
            p.node(3, "row", "")
            p.node(4, "cell", f"Lot {n}")
            p.node(4, "cell", name)
            p.node(4, "cell", money(num(st["prices"][n])))
    p.text(2, f"Total (annualised): £{money(wizard_total(st))}")
    p.text(2, f"Amendments used: {used} of 3")
    p.text(2, f"You can amend or withdraw this bid until {dlong(t.closes)} GMT.")
    p.node(2, "link", "Download receipt (PDF)", key="dl")
    p.node(2, "link", f"View bid {st['bid']}", key="view-bid")
    p.node(2, "link", "Go to My bids", key="to-mybids")
    bottom(p, now)
    return p


def page_mybids(now, status="All statuses", sort=MYBID_SORTS[0], pageno=1, in_progress=False, toast=None,
                filters_dirty=None):
    rows = [b for b in MYBIDS if status == "All statuses" or b[5] == status]
    if sort.startswith("Last updated"):
        rows.sort(key=lambda b: _mk(b[6]), reverse=True)
    elif sort.startswith("Bid deadline"):
        rows.sort(key=lambda b: (_mk(b[7]) < now, _mk(b[7]), b[0]))
    else:
        rows.sort(key=lambda b: b[0], reverse=True)
    pages = max(1, (len(rows) + 9) // 10)
    chunk = rows[(pageno - 1) * 10: pageno * 10]
    q = []
    if status != "All statuses":
        q.append("status=" + status.lower())
    if not sort.startswith("Last updated"):
        q.append("sort=deadline" if sort.startswith("Bid deadline") else "sort=number")
    if pageno > 1:
        q.append(f"page={pageno}")
    p = Page(f"{BASE}/my-bids" + ("?" + "&".join(q) if q else ""), "My bids – BidRoom")
    top(p, now, "amend", active="My bids", toast=toast, crumbs=[("Home", "crumb:home"), ("My bids", None)])
    p.node(1, "main", "")
    p.node(2, "heading", "My bids")
    p.text(2, f"{ORG} · {len(rows)} bid{'s' if len(rows) != 1 else ''}")
    shown_status, shown_sort = filters_dirty or (status, sort)
    p.node(2, "group", "Filter and sort bids")
    p.node(3, "combobox", "Status", key="f-status", props=(val(shown_status), "hasPopup='menu'", "expanded=False"))
    for s in MYBID_STATUSES:
        p.node(4, "option", s, props=(sel(s == shown_status),))
    p.node(3, "combobox", "Sort by", key="f-sort", props=(val(shown_sort), "hasPopup='menu'", "expanded=False"))
    for s in MYBID_SORTS:
        p.node(4, "option", s, props=(sel(s == shown_sort),))
    p.node(3, "button", "Apply", key="f-apply")
    p.node(2, "table", "Bids")
    p.node(3, "row", "")
    for h in ["Bid", "Tender", "Lots", "Total (GBP)", "Status", "Last updated", "Bid deadline"]:
        p.node(4, "columnheader", h)
    for b in chunk:
        bid, ref, title, lots, total, st, upd, dl = b
        stx = st
        if bid == "BID-77310" and in_progress:
            stx = "Submitted · amendment in progress"
        p.node(3, "row", "")
        p.node(4, "cell", bid)
        p.node(5, "link", bid, key="bid:" + bid)
        p.node(4, "cell", f"{ref} {title}")
        p.node(4, "cell", lots)
        p.node(4, "cell", total)
        p.node(4, "cell", stx)
        p.node(4, "cell", dlong(_mk(upd)))
        p.node(4, "cell", dlong(_mk(dl)))
    p.node(2, "navigation", "Pagination")
    if pageno > 1:
        p.node(3, "link", "Previous page", key="prev")
    for i in range(1, pages + 1):
        p.node(3, "link", f"Page {i}", key=f"page:{i}", props=("current='page'",) if i == pageno else ())
    if pageno < pages:
        p.node(3, "link", "Next page", key="next")
    recent_panel(p, "amend")
    bottom(p, now)
    return p


def page_bid(now, version=1, prices=None, history=(), alert=None, in_progress=None, toast=None,
             submitted=dt.datetime(2024, 11, 8, 14, 47), rcpt="RCPT-2024-117640"):
    prices = prices or {1: "44,400.00", 2: "31,900.00"}
    t = T["NPPS-2024-0382"]
    p = Page(f"{BASE}/bids/BID-77310", "Bid BID-77310: Cleaning of municipal offices – BidRoom")
    top(p, now, "amend", active="My bids", toast=toast,
        crumbs=[("Home", "crumb:home"), ("My bids", "crumb:mybids"), ("BID-77310", None)])
    p.node(1, "main", "")
    if alert:
        p.node(2, "alert", "", key="alert")
        p.text(3, alert)
    p.node(2, "heading", "Bid BID-77310")
    p.text(2, "Cleaning of municipal offices")
    p.node(2, "link", "Tender NPPS-2024-0382: Cleaning of municipal offices", key="tender-link")
    p.text(2, f"Status: Submitted (version {version})")
    p.text(2, f"Last submitted {dlong(submitted)} by {USER}")
    p.text(2, f"Bid deadline: {dlong(t.closes)} GMT ({left(now, t.closes)})")
    p.text(2, "Bid owner: Tomasz Wierzbicki")
    if in_progress:
        p.node(2, "status", "", key="in-progress")
        p.text(3, in_progress)
    p.node(2, "group", "Bid actions")
    p.node(3, "button", "Continue amendment" if in_progress else "Amend bid", key="amend")
    p.node(3, "button", "Withdraw bid", key="withdraw")
    p.node(3, "link", f"Download receipt {rcpt} (PDF)", key="dl")
    p.node(2, "heading", "Lots and prices")
    p.node(2, "table", "Lots and prices")
    p.node(3, "row", "")
    for h in ["Lot", "Title", "Price (GBP, excl. VAT)", "Price basis"]:
        p.node(4, "columnheader", h)
    tot = 0.0
    for n, name, est in LOTS["NPPS-2024-0382"][:2]:
        p.node(3, "row", "")
        p.node(4, "cell", f"Lot {n}")
        p.node(4, "cell", name)
        p.node(4, "cell", prices[n])
        p.node(4, "cell", "Annual contract total")
        tot += num(prices[n])
    p.node(3, "row", "")
    p.node(4, "cell", "Total")
    p.node(4, "cell", money(tot))
    p.node(2, "heading", "Documents")
    p.node(2, "list", "")
    for f in ["Kestrel_Cleaning_Method_Statement_0382.pdf", "Kestrel_PL_Insurance_2024-25.pdf", "Kestrel_COSHH_Register_v7.pdf"]:
        p.node(3, "listitem", "")
        p.node(4, "link", f)
    p.node(2, "heading", "History")
    p.node(2, "table", "Bid history")
    p.node(3, "row", "")
    for h in ["Date", "Event", "By"]:
        p.node(4, "columnheader", h)
    for when, ev, who in list(history) + [("08 Nov 2024, 14:47", "Submitted (version 1)", USER),
                                          ("04 Nov 2024, 09:12", "Draft created", "Tomasz Wierzbicki")]:
        p.node(3, "row", "")
        p.node(4, "cell", when)
        p.node(4, "cell", ev)
        p.node(4, "cell", who)
    p.node(2, "complementary", "Other bids on this tender")
    p.node(3, "heading", "Other bids on this tender")
    p.node(3, "link", "BID-77301 · Withdrawn 06 Nov 2024", key="other:BID-77301")
    p.node(2, "complementary", "Your other bids closing soon")
    p.node(3, "heading", "Your other bids closing soon")
    p.node(3, "link", "BID-77311 · Cleaning of municipal depots (NPPS-2024-0383)", key="other:BID-77311")
    p.node(3, "link", "BID-77318 · Winter gritting services 2024/25 (NPPS-2024-0402)", key="other:BID-77318")
    bottom(p, now)
    return p


def page_denied(now):
    p = Page(f"{BASE}/bids/BID-77310/amend", "Access denied – BidRoom")
    top(p, now, "amend", active="My bids",
        crumbs=[("Home", "crumb:home"), ("My bids", "crumb:mybids"), ("BID-77310", "crumb:bid"), ("Amend", None)])
    p.node(1, "main", "")
    p.node(2, "heading", "You do not have permission to amend this bid")
    p.text(2, "Only the bid owner (Tomasz Wierzbicki) or an organisation administrator can amend or withdraw bid "
              "BID-77310. Your role on this bid: Contributor (view only).")
    p.text(2, "Error reference: 403-AMD-5521")
    p.node(2, "link", "Back to bid BID-77310", key="back-to-bid")
    p.node(2, "link", "Ask your organisation administrator for access", key="request")
    bottom(p, now)
    return p


# --------------------------------------------------------------------------------------------
# Trajectory recording
# --------------------------------------------------------------------------------------------


class Clock:
    def __init__(self, h, m, s=0):
        self.t = dt.datetime(2024, 11, 14, h, m, s)

    def tick(self, lo=6, hi=35):
        self.t += dt.timedelta(seconds=RNG.randint(lo, hi))
        return self.t


class Run:
    def __init__(self, rid, workflow, first):
        self.rid, self.wf = rid, workflow
        self.initial = first.obs()
        self.pages = [first]
        self.steps = []
        self.label = {"fault": None, "first_off_track_step": None}

    @property
    def cur(self):
        return self.pages[-1]

    def act(self, commitment, kind, key=None, value=None, why="", effect="read", page=None, error=None):
        prev = self.cur
        target = None
        if kind in ("click", "fill", "select", "upload", "press"):
            b = prev.bid(key)
            target = prev.desc[b]
            cmd = {"click": f"click('{b}')", "fill": f"fill('{b}', {value!r})",
                   "select": f"select_option('{b}', {value!r})", "upload": f"upload_file('{b}', {value!r})",
                   "press": f"press('{b}', 'Enter')"}[kind]
        elif kind == "msg":
            cmd = f"send_msg_to_user({value!r})"
        elif kind == "back":
            cmd = "go_back()"
        else:
            raise ValueError(kind)
        page = page or prev
        action = {"command": cmd, "reasoning": why, "target": target, "effect": effect}
        self.steps.append({"commitment": commitment, "action": action, "observation": page.obs(error)})
        self.pages.append(page)
        return len(self.steps) - 1

    def fault(self, kind, origin, note):
        """Mark the step just recorded as the first off-track step."""
        self.label = {"fault": kind, "first_off_track_step": len(self.steps) - 1, "origin": origin, "note": note}

    def record(self, task, plan, success, summary):
        return {"id": self.rid, "workflow": self.wf, "task": task, "plan": plan, "label": self.label,
                "initial_observation": self.initial, "steps": self.steps,
                "outcome": {"success": success, "summary": summary}}


# --------------------------------------------------------------------------------------------
# Shared flow segments: new bid (submit-bid workflow)
# --------------------------------------------------------------------------------------------


def new_state(ref="NPPS-2024-0417"):
    return {"mode": "new", "bid": "BID-77342", "ref": ref, "lots": {n: False for n, _, _ in LOTS[ref]},
            "prices": {}, "basis": {}, "docs": {}, "decl": [False, False, False], "email": True,
            "ourref": "", "done": set(), "warnings": [], "receipt_notes": []}


def W(c, st, step, **kw):
    return page_wizard(c.tick(), st, step, **kw)


def sub_lots(r, c, st, lots=(1, 3)):
    for n in lots:
        st["lots"][n] = True
        name = LOTS[st["ref"]][n - 1][1]
        r.act("choose-lots", "click", f"lot{n}", why=f"Tick Lot {n} ({name}) as the task asks.", effect="write",
              page=W(c, st, 1))
    st["done"].add(1)
    r.act("choose-lots", "click", "continue", why="Lots 1 and 3 are ticked and nothing else; continue to prices.",
          effect="write", page=W(c, st, 2))


def sub_fill_price(r, c, st, n, typed, why=None):
    st["prices"][n] = typed
    r.act("enter-prices", "fill", f"price{n}", value=typed,
          why=why or f"Enter the Lot {n} annual contract total from the task.", effect="write", page=W(c, st, 2))


def sub_prices_continue(r, c, st, why="Both prices are entered as annual contract totals; continue to documents."):
    st["done"].add(2)
    r.act("enter-prices", "click", "continue", why=why, effect="write", page=W(c, st, 3))


def sub_upload(r, c, st, slot, fileinfo, why):
    t = c.tick()
    st["docs"][slot] = (fileinfo[0], fileinfo[1], t.strftime("%H:%M"))
    r.act("upload-documents", "upload", f"up:{slot}", value=UPLOAD_DIR + fileinfo[0], why=why, effect="write",
          page=page_wizard(t, st, 3, toast=f"{fileinfo[0]} uploaded ({fileinfo[1]}). Virus scan passed."))


def sub_docs_continue(r, c, st, why="Both required documents are uploaded; the optional references can stay empty."):
    st["done"].add(3)
    r.act("upload-documents", "click", "continue", why=why, effect="write", page=W(c, st, 4))


def sub_decl(r, c, st, commitment="accept-declarations", nextstep=True):
    for i in range(3):
        st["decl"][i] = True
        r.act(commitment, "click", f"decl{i + 1}", why=f"Accept mandatory declaration {i + 1}.", effect="write",
              page=W(c, st, 4))
    if nextstep:
        st["done"].add(4)
        r.act(commitment, "click", "continue", why="All three mandatory declarations are ticked; go to the review step.",
              effect="write", page=W(c, st, 5))


def sub_submit(r, c, st, rcpt, final_msg):
    r.act("submit-bid", "click", "submit", why="The review shows the right lots, prices and documents; submit the bid.",
          page=W(c, st, 5, dialog=True))
    r.act("submit-bid", "click", "dlg-confirm", why="Confirm the submission in the dialog.", effect="irreversible",
          page=page_receipt_new(c.tick(20, 50), st, rcpt))
    r.act("submit-bid", "msg", value=final_msg, why="The receipt page confirms the submission; report back.")


# --------------------------------------------------------------------------------------------
# Shared flow segments: amendment (amend-bid workflow)
# --------------------------------------------------------------------------------------------


def amend_state():
    return {"mode": "amend", "bid": "BID-77310", "ref": "NPPS-2024-0382", "version": 2,
            "lots": {1: True, 2: True, 3: False}, "prices": {1: "44,400.00", 2: "31,900.00"},
            "old": {1: "44,400.00", 2: "31,900.00"}, "basis": {1: BASES[0], 2: BASES[0]},
            "docs": {"method": ("Kestrel_Cleaning_Method_Statement_0382.pdf", "1.8 MB", "04 Nov 2024"),
                     "ins": ("Kestrel_PL_Insurance_2024-25.pdf", "412 KB", "04 Nov 2024"),
                     "coshh": ("Kestrel_COSHH_Register_v7.pdf", "690 KB", "05 Nov 2024")},
            "decl": [False, False, False], "email": True, "ourref": "KF-CLN-0382", "note": "", "done": set(),
            "warnings": []}


def am_start(r, c, st, toast=None):
    r.act("start-amendment", "click", "amend", why="Bid BID-77310 is open and still before the deadline; start an amendment.",
          effect="write", page=W(c, st, 1, toast=toast))


def am_lots_continue(r, c, st):
    st["done"].add(1)
    r.act("start-amendment", "click", "continue",
          why="Lots 1 and 2 stay as they are, Lot 3 stays unticked; continue to prices.", effect="write",
          page=W(c, st, 2))


def am_fill(r, c, st, typed="29750.00", why="Change the Lot 2 (Town hall annex) price to 29,750.00 as instructed."):
    st["prices"][2] = typed
    r.act("change-price", "fill", "price2", value=typed, why=why, effect="write", page=W(c, st, 2))


def am_prices_continue(r, c, st, why="Lot 2 now shows 29,750.00 and Lot 1 still 44,400.00; continue to documents."):
    st["done"].add(2)
    r.act("change-price", "click", "continue", why=why, effect="write", page=W(c, st, 3))


def am_docs_decl(r, c, st):
    st["done"].add(3)
    r.act("reconfirm", "click", "continue", why="The three documents from version 1 are still attached; nothing to replace.",
          effect="write", page=W(c, st, 4))
    sub_decl(r, c, st, commitment="reconfirm")


def am_submit_dialog(r, c, st):
    r.act("submit-amendment", "click", "submit",
          why="The change table shows Lot 2 going from 31,900.00 to 29,750.00 and nothing else; submit the amendment.",
          page=W(c, st, 5, dialog=True))


def am_history(st, when):
    return [(dlong(when), f"Amendment submitted (version {st['version']})", USER)]


# --------------------------------------------------------------------------------------------
# Runs: submit-bid workflow
# --------------------------------------------------------------------------------------------

SUB_PLAN = "plans/submit-bid.yaml"
AM_PLAN = "plans/amend-bid.yaml"
DONE_SUB = "Bid BID-77342 for NPPS-2024-0417 was submitted: Lot 1 at 48,600.00 and Lot 3 at 22,150.00 (annual totals), technical proposal and insurance certificate attached, declarations accepted. Receipt {rcpt}."
DONE_AM = "Bid BID-77310 (NPPS-2024-0382) has been amended: Lot 2 Town hall annex is now 29,750.00, Lot 1 unchanged at 44,400.00. Version 2 submitted, receipt {rcpt}."


def rcpt_no():
    return f"RCPT-2024-118{RNG.randint(180, 260)}"


def submit_healthy_01():
    """Open tenders board -> pagination to page 2 -> open -> full wizard."""
    c = Clock(10, 31)
    r = Run("submit-bid-healthy-01", "submit-bid", page_board(c.t, "submit"))
    st = new_state()
    r.act("open-tender", "click", "next", why="NPPS-2024-0417 was published on 31 Oct; it is not on the first page of newest tenders.",
          page=page_board(c.tick(), "submit", pageno=2))
    r.act("open-tender", "click", "open:NPPS-2024-0417", why="Open 'Grounds maintenance, northern district parks' (NPPS-2024-0417), not the cemeteries tender above it.",
          page=page_tender(c.tick(), "submit", "NPPS-2024-0417"))
    r.act("start-bid", "click", "start-bid", why="No bid exists yet for this tender; start one.", effect="write",
          page=W(c, st, 1, toast="Draft bid BID-77342 created. Your work is saved each time you continue."))
    sub_lots(r, c, st)
    sub_fill_price(r, c, st, 1, "48600.00")
    sub_fill_price(r, c, st, 3, "22150.00")
    sub_prices_continue(r, c, st)
    sub_upload(r, c, st, "tech", TECH, "Upload the technical proposal for NPPS-2024-0417.")
    sub_upload(r, c, st, "ins", INS, "Upload the public liability insurance certificate.")
    sub_docs_continue(r, c, st)
    sub_decl(r, c, st)
    rc = rcpt_no()
    sub_submit(r, c, st, rc, DONE_SUB.format(rcpt=rc))
    return r.record(SUBMIT_TASK, SUB_PLAN, True, "Bid submitted for Lots 1 and 3 with both documents.")


def submit_healthy_02():
    """Dashboard -> header search by reference -> dismiss the 'draft created' toast -> wizard."""
    c = Clock(10, 36)
    r = Run("submit-bid-healthy-02", "submit-bid", page_dashboard(c.t, "submit"))
    st = new_state()
    r.act("open-tender", "fill", "searchbox", value="NPPS-2024-0417", why="Search for the tender by its reference.",
          page=page_dashboard(c.tick(), "submit", search="NPPS-2024-0417"))
    r.act("open-tender", "press", "searchbox", why="Run the search.",
          page=page_search(c.tick(), "submit", "NPPS-2024-0417", ["NPPS-2024-0417"]))
    r.act("open-tender", "click", "res:NPPS-2024-0417", why="The single result is the northern district parks tender; open it.",
          page=page_tender(c.tick(), "submit", "NPPS-2024-0417"))
    r.act("start-bid", "click", "start-bid", why="Start the bid.", effect="write",
          page=W(c, st, 1, toast="Draft bid BID-77342 created. Your work is saved each time you continue."))
    r.act("start-bid", "click", "dismiss", why="Dismiss the notification so it does not cover the lot list.",
          page=W(c, st, 1))
    sub_lots(r, c, st)
    sub_fill_price(r, c, st, 1, "48,600.00")
    sub_fill_price(r, c, st, 3, "22,150.00")
    sub_prices_continue(r, c, st, why="Prices entered; the optional internal reference is not needed. Continue.")
    sub_upload(r, c, st, "tech", TECH, "Upload the technical proposal.")
    sub_upload(r, c, st, "ins", INS, "Upload the insurance certificate.")
    sub_docs_continue(r, c, st)
    sub_decl(r, c, st)
    rc = rcpt_no()
    sub_submit(r, c, st, rc, DONE_SUB.format(rcpt=rc))
    return r.record(SUBMIT_TASK, SUB_PLAN, True, "Bid submitted via search; toast dismissed; optional field left empty.")


def submit_healthy_03():
    """Board re-sorted by closing date -> continue a saved draft (resumes at prices) -> finish."""
    c = Clock(10, 40)
    r = Run("submit-bid-healthy-03", "submit-bid", page_board(c.t, "submit", draft0417=True))
    st = new_state()
    st["lots"].update({1: True, 3: True})
    st["prices"][1] = "48,600.00"
    st["docs"]["tech"] = (TECH[0], TECH[1], "13 Nov 2024, 16:18")
    st["done"].update({1})
    r.act("open-tender", "select", "sort", value="Closing date (soonest first)",
          why="Sort by closing date so tenders closing this month come first.",
          page=page_board(c.tick(), "submit", sort=SORTS[1], draft0417=True))
    r.act("open-tender", "click", "open:NPPS-2024-0417", why="Open NPPS-2024-0417, northern district parks (shows a draft bid).",
          page=page_tender(c.tick(), "submit", "NPPS-2024-0417", yourbid="draft"))
    r.act("start-bid", "click", "continue-draft", why="A colleague saved a draft yesterday; continue it instead of starting again.",
          page=W(c, st, 2, toast="Draft BID-77342 reopened at Step 2: Prices."))
    sub_fill_price(r, c, st, 3, "22150.00", why="Lot 1 already holds 48,600.00; enter the Lot 3 price.")
    sub_prices_continue(r, c, st, why="Lot 1 48,600.00 and Lot 3 22,150.00, both annual totals; continue.")
    sub_upload(r, c, st, "ins", INS, "The technical proposal is already in the draft; upload the insurance certificate.")
    sub_docs_continue(r, c, st)
    sub_decl(r, c, st)
    rc = rcpt_no()
    sub_submit(r, c, st, rc, DONE_SUB.format(rcpt=rc))
    return r.record(SUBMIT_TASK, SUB_PLAN, True, "Saved draft resumed and submitted.")


def submit_healthy_04():
    """Board filter panel (category) -> open -> save draft mid-way (reload) -> finish."""
    c = Clock(10, 44)
    r = Run("submit-bid-healthy-04", "submit-bid", page_board(c.t, "submit"))
    st = new_state()
    r.act("open-tender", "click", "filters", why="Open the filter panel to narrow the list to grounds maintenance.",
          page=page_board(c.tick(), "submit", filters_open=True))
    r.act("open-tender", "select", "f-category", value="Grounds and landscaping", why="Filter to the Grounds and landscaping category.",
          page=page_board(c.tick(), "submit", filters_open=True, category="Grounds and landscaping"))
    r.act("open-tender", "click", "f-apply", why="Apply the filter.",
          page=page_board(c.tick(), "submit", applied="Grounds and landscaping"))
    r.act("open-tender", "click", "open:NPPS-2024-0417", why="Three grounds tenders are listed; open NPPS-2024-0417 (northern district parks).",
          page=page_tender(c.tick(), "submit", "NPPS-2024-0417"))
    r.act("start-bid", "click", "start-bid", why="Start the bid.", effect="write",
          page=W(c, st, 1, toast="Draft bid BID-77342 created. Your work is saved each time you continue."))
    sub_lots(r, c, st)
    sub_fill_price(r, c, st, 1, "48600.00")
    sub_fill_price(r, c, st, 3, "22150.00")
    t = c.tick()
    r.act("enter-prices", "click", "save", why="Save the draft before moving on to uploads.", effect="write",
          page=page_wizard(t, st, 2, toast=f"Draft saved at {t:%H:%M}."))
    sub_prices_continue(r, c, st, why="The reloaded page still shows 48,600.00 and 22,150.00; continue.")
    sub_upload(r, c, st, "tech", TECH, "Upload the technical proposal.")
    sub_upload(r, c, st, "ins", INS, "Upload the insurance certificate.")
    sub_docs_continue(r, c, st)
    sub_decl(r, c, st)
    rc = rcpt_no()
    sub_submit(r, c, st, rc, DONE_SUB.format(rcpt=rc))
    return r.record(SUBMIT_TASK, SUB_PLAN, True, "Filtered board, draft saved and reloaded, bid submitted.")


# --------------------------------------------------------------------------------------------
# Runs: amend-bid workflow (healthy)
# --------------------------------------------------------------------------------------------


def amend_healthy_01():
    """Dashboard -> My bids -> BID-77310 -> amend -> submit."""
    c = Clock(10, 52)
    r = Run("amend-bid-healthy-01", "amend-bid", page_dashboard(c.t, "amend"))
    st = amend_state()
    r.act("open-bid", "click", "nav:My bids", why="Go to My bids to find BID-77310.", page=page_mybids(c.tick()))
    r.act("open-bid", "click", "bid:BID-77310", why="Open BID-77310 (offices), not BID-77311 (depots) just above it.",
          page=page_bid(c.tick()))
    am_start(r, c, st)
    am_lots_continue(r, c, st)
    am_fill(r, c, st)
    am_prices_continue(r, c, st)
    am_docs_decl(r, c, st)
    am_submit_dialog(r, c, st)
    rc = rcpt_no()
    r.act("submit-amendment", "click", "dlg-confirm", why="Confirm the amendment.", effect="irreversible",
          page=page_receipt_amend(c.tick(15, 40), st, rc, 1))
    r.act("submit-amendment", "msg", value=DONE_AM.format(rcpt=rc), why="The receipt shows version 2 with Lot 2 at 29,750.00.")
    return r.record(AMEND_TASK, AM_PLAN, True, "Amendment submitted; Lot 2 at 29,750.00.")


def amend_healthy_02():
    """Header search for the tender -> tender page 'Your bid' panel -> bid -> amend (toast dismissed)."""
    c = Clock(10, 55)
    r = Run("amend-bid-healthy-02", "amend-bid", page_board(c.t, "amend"))
    st = amend_state()
    q = "cleaning of municipal offices"
    r.act("open-bid", "fill", "searchbox", value=q, why="Search for the tender the bid belongs to.",
          page=page_board(c.tick(), "amend", search=q))
    r.act("open-bid", "click", "search-go", why="Run the search.",
          page=page_search(c.tick(), "amend", q, ["NPPS-2024-0382", "NPPS-2024-0383", "NPPS-2024-0440"],
                           hidden_closed="NPPS-2023-0382 Cleaning of municipal offices"))
    r.act("open-bid", "click", "res:NPPS-2024-0382", why="Open NPPS-2024-0382 (offices); 0383 is the depots tender.",
          page=page_tender(c.tick(), "amend", "NPPS-2024-0382", yourbid="submitted"))
    r.act("open-bid", "click", "view-bid", why="The 'Your bid' panel links to the submitted bid BID-77310; open it.",
          page=page_bid(c.tick()))
    am_start(r, c, st, toast="Amendment started. Version 1 stays valid until you submit the amendment.")
    r.act("start-amendment", "click", "dismiss", why="Dismiss the notification.", page=W(c, st, 1))
    am_lots_continue(r, c, st)
    am_fill(r, c, st, typed="29,750.00")
    am_prices_continue(r, c, st)
    am_docs_decl(r, c, st)
    am_submit_dialog(r, c, st)
    rc = rcpt_no()
    r.act("submit-amendment", "click", "dlg-confirm", why="Confirm the amendment.", effect="irreversible",
          page=page_receipt_amend(c.tick(15, 40), st, rc, 1))
    r.act("submit-amendment", "msg", value=DONE_AM.format(rcpt=rc), why="Receipt shows version 2; report.")
    return r.record(AMEND_TASK, AM_PLAN, True, "Reached the bid through the tender page; amendment submitted.")


def amend_healthy_03():
    """My bids filtered to Submitted and sorted by deadline -> amend with a saved-draft reload."""
    c = Clock(11, 2)
    r = Run("amend-bid-healthy-03", "amend-bid", page_mybids(c.t))
    st = amend_state()
    r.act("open-bid", "select", "f-status", value="Submitted", why="Show only submitted bids.",
          page=page_mybids(c.tick(), filters_dirty=("Submitted", MYBID_SORTS[0])))
    r.act("open-bid", "select", "f-sort", value="Bid deadline (soonest first)", why="Sort by deadline.",
          page=page_mybids(c.tick(), filters_dirty=("Submitted", MYBID_SORTS[1])))
    r.act("open-bid", "click", "f-apply", why="Apply the filter and sort.",
          page=page_mybids(c.tick(), status="Submitted", sort=MYBID_SORTS[1]))
    r.act("open-bid", "click", "bid:BID-77310", why="Open BID-77310, Cleaning of municipal offices.", page=page_bid(c.tick()))
    am_start(r, c, st)
    am_lots_continue(r, c, st)
    am_fill(r, c, st)
    t = c.tick()
    r.act("change-price", "click", "save", why="Save the amendment draft.", effect="write",
          page=page_wizard(t, st, 2, toast=f"Amendment draft saved at {t:%H:%M}. It has not been submitted yet."))
    r.act("change-price", "click", "dismiss", why="Close the notification; the reloaded field shows 29,750.00.",
          page=W(c, st, 2))
    am_prices_continue(r, c, st)
    am_docs_decl(r, c, st)
    am_submit_dialog(r, c, st)
    rc = rcpt_no()
    r.act("submit-amendment", "click", "dlg-confirm", why="Confirm.", effect="irreversible",
          page=page_receipt_amend(c.tick(15, 40), st, rc, 1))
    r.act("submit-amendment", "msg", value=DONE_AM.format(rcpt=rc), why="Done; report the receipt.")
    return r.record(AMEND_TASK, AM_PLAN, True, "Filtered/sorted list, saved draft, amendment submitted.")


def amend_healthy_04():
    """Notification menu -> clarification on tender 0382 -> bid -> amend; optional note left empty."""
    c = Clock(11, 6)
    r = Run("amend-bid-healthy-04", "amend-bid", page_dashboard(c.t, "amend"))
    st = amend_state()
    r.act("open-bid", "click", "bell", why="Check the new notification about NPPS-2024-0382.",
          page=page_dashboard(c.tick(), "amend", bell_open=True))
    r.act("open-bid", "click", "notif0", why="Open the clarification notice for NPPS-2024-0382.",
          page=page_tender(c.tick(), "amend", "NPPS-2024-0382", yourbid="submitted"))
    r.act("open-bid", "click", "view-bid", why="Clarification 3 explains the Lot 2 change; open our bid BID-77310.",
          page=page_bid(c.tick()))
    am_start(r, c, st)
    am_lots_continue(r, c, st)
    am_fill(r, c, st)
    am_prices_continue(r, c, st, why="Lot 2 is 29,750.00; the optional note to the buyer is not required. Continue.")
    am_docs_decl(r, c, st)
    am_submit_dialog(r, c, st)
    rc = rcpt_no()
    r.act("submit-amendment", "click", "dlg-confirm", why="Confirm the amendment.", effect="irreversible",
          page=page_receipt_amend(c.tick(15, 40), st, rc, 1))
    r.act("submit-amendment", "msg", value=DONE_AM.format(rcpt=rc), why="Report the receipt.")
    return r.record(AMEND_TASK, AM_PLAN, True, "Came in through a notification; amendment submitted.")


HEALTHY = [submit_healthy_01, submit_healthy_02, submit_healthy_03, submit_healthy_04,
           amend_healthy_01, amend_healthy_02, amend_healthy_03, amend_healthy_04]

# ============================================================================================
# Faulty runs. (Written after the plans in plans_src.py were fixed; the plans were not edited
# afterwards.)
# ============================================================================================


def submit_wrong_record():
    """Search results list the southern parks tender first; the agent opens NPPS-2024-0471."""
    c = Clock(10, 33)
    r = Run("submit-bid-wrong_record-01", "submit-bid", page_dashboard(c.t, "submit"))
    q = "grounds maintenance parks"
    st = new_state("NPPS-2024-0471")
    r.act("open-tender", "fill", "searchbox", value=q, why="Search for the grounds maintenance parks tender.",
          page=page_dashboard(c.tick(), "submit", search=q))
    r.act("open-tender", "click", "search-go", why="Run the search.",
          page=page_search(c.tick(), "submit", q, ["NPPS-2024-0471", "NPPS-2024-0417", "NPPS-2024-0418"],
                           hidden_closed="NPPS-2024-0311 Grounds maintenance, western district parks"))
    r.act("open-tender", "click", "res:NPPS-2024-0471", why="The best match is 'Grounds maintenance, ... district parks'; open it.",
          page=page_tender(c.tick(), "submit", "NPPS-2024-0471"))
    r.fault("wrong_record", "agent", "Opened NPPS-2024-0471 (southern district parks) instead of NPPS-2024-0417; same lot names, so every later page looks right.")
    r.act("start-bid", "click", "start-bid", why="Start the bid.", effect="write",
          page=W(c, st, 1, toast="Draft bid BID-77342 created. Your work is saved each time you continue."))
    sub_lots(r, c, st)
    sub_fill_price(r, c, st, 1, "48600.00")
    sub_fill_price(r, c, st, 3, "22150.00")
    sub_prices_continue(r, c, st)
    sub_upload(r, c, st, "tech", TECH, "Upload the technical proposal.")
    sub_upload(r, c, st, "ins", INS, "Upload the insurance certificate.")
    sub_docs_continue(r, c, st)
    sub_decl(r, c, st)
    rc = rcpt_no()
    sub_submit(r, c, st, rc, DONE_SUB.format(rcpt=rc).replace("for NPPS-2024-0417 ", ""))
    return r.record(SUBMIT_TASK, SUB_PLAN, False, "Bid went to the southern district tender NPPS-2024-0471.")


def submit_wrong_value():
    """Recently viewed -> tender -> Lot 1 price typed with transposed digits (46,800.00)."""
    c = Clock(10, 35)
    r = Run("submit-bid-wrong_value-01", "submit-bid", page_dashboard(c.t, "submit"))
    st = new_state()
    r.act("open-tender", "click", "recent:NPPS-2024-0417", why="NPPS-2024-0417 is in Recently viewed; open it from there.",
          page=page_tender(c.tick(), "submit", "NPPS-2024-0417"))
    r.act("start-bid", "click", "start-bid", why="Start the bid.", effect="write",
          page=W(c, st, 1, toast="Draft bid BID-77342 created. Your work is saved each time you continue."))
    sub_lots(r, c, st)
    sub_fill_price(r, c, st, 1, "46800.00", why="Enter the Lot 1 annual total.")
    r.fault("wrong_value", "agent", "Typed 46800.00 for Lot 1 instead of 48,600.00; the form accepts it silently.")
    sub_fill_price(r, c, st, 3, "22150.00")
    sub_prices_continue(r, c, st, why="Both prices entered; continue to documents.")
    sub_upload(r, c, st, "tech", TECH, "Upload the technical proposal.")
    sub_upload(r, c, st, "ins", INS, "Upload the insurance certificate.")
    sub_docs_continue(r, c, st)
    sub_decl(r, c, st)
    rc = rcpt_no()
    sub_submit(r, c, st, rc, DONE_SUB.format(rcpt=rc))
    return r.record(SUBMIT_TASK, SUB_PLAN, False, "Lot 1 submitted at 46,800.00 instead of 48,600.00.")


def submit_skipped_required():
    """Only the technical proposal is uploaded; the agent continues without the insurance certificate."""
    c = Clock(10, 38)
    r = Run("submit-bid-skipped_required_field-01", "submit-bid", page_board(c.t, "submit"))
    st = new_state()
    r.act("open-tender", "select", "sort", value="Closing date (soonest first)", why="Sort by closing date.",
          page=page_board(c.tick(), "submit", sort=SORTS[1]))
    r.act("open-tender", "click", "open:NPPS-2024-0417", why="Open NPPS-2024-0417, northern district parks.",
          page=page_tender(c.tick(), "submit", "NPPS-2024-0417"))
    r.act("start-bid", "click", "start-bid", why="Start the bid.", effect="write",
          page=W(c, st, 1, toast="Draft bid BID-77342 created. Your work is saved each time you continue."))
    sub_lots(r, c, st)
    sub_fill_price(r, c, st, 1, "48600.00")
    sub_fill_price(r, c, st, 3, "22150.00")
    sub_prices_continue(r, c, st)
    sub_upload(r, c, st, "tech", TECH, "Upload the technical proposal.")
    st["warnings"] = ["1 item needs attention: Public liability insurance certificate (required) has not been uploaded. "
                      "You can still submit, but the buyer may exclude incomplete bids."]
    sub_docs_continue(r, c, st, why="The technical proposal is uploaded; continue to declarations.")
    r.fault("skipped_required_field", "agent", "Continued past Documents without the required insurance certificate; the portal lets the bid through with a soft warning on the review page.")
    sub_decl(r, c, st)
    st["receipt_notes"] = ["Note: 1 mandatory document was missing at submission (Public liability insurance certificate)."]
    rc = rcpt_no()
    sub_submit(r, c, st, rc, DONE_SUB.format(rcpt=rc))
    return r.record(SUBMIT_TASK, SUB_PLAN, False, "Submitted without the mandatory insurance certificate.")


def submit_wrong_setting():
    """Saved draft has Lot 3 price basis 'Monthly rate'; agent fills prices and continues without fixing it."""
    c = Clock(10, 41)
    r = Run("submit-bid-wrong_setting-01", "submit-bid", page_board(c.t, "submit", draft0417=True))
    st = new_state()
    st["lots"].update({1: True, 3: True})
    st["prices"][1] = "48,600.00"
    st["basis"][3] = "Monthly rate"
    st["docs"]["tech"] = (TECH[0], TECH[1], "13 Nov 2024, 16:18")
    st["done"].update({1})
    r.act("open-tender", "click", "next", why="NPPS-2024-0417 is not on the first page of newest tenders.",
          page=page_board(c.tick(), "submit", pageno=2, draft0417=True))
    r.act("open-tender", "click", "open:NPPS-2024-0417", why="Open NPPS-2024-0417 (there is a draft bid).",
          page=page_tender(c.tick(), "submit", "NPPS-2024-0417", yourbid="draft"))
    r.act("start-bid", "click", "continue-draft", why="Continue the saved draft.",
          page=W(c, st, 2, toast="Draft BID-77342 reopened at Step 2: Prices."))
    sub_fill_price(r, c, st, 3, "22150.00", why="Lot 1 already has 48,600.00; enter the Lot 3 price.")
    sub_prices_continue(r, c, st, why="Lot 1 48,600.00 and Lot 3 22,150.00 are in; continue.")
    r.fault("wrong_setting", "agent", "Left the draft's Lot 3 price basis at 'Monthly rate' (task says annual totals); the bid's annualised value becomes 314,400.00.")
    sub_upload(r, c, st, "ins", INS, "Upload the insurance certificate (the proposal is already in the draft).")
    sub_docs_continue(r, c, st)
    sub_decl(r, c, st)
    rc = rcpt_no()
    sub_submit(r, c, st, rc, DONE_SUB.format(rcpt=rc))
    return r.record(SUBMIT_TASK, SUB_PLAN, False, "Lot 3 submitted as a monthly rate (22,150.00 a month).")


def submit_dialog_cancelled():
    """Confirmation dialog dismissed with Cancel; agent reports success from the review page."""
    c = Clock(10, 45)
    r = Run("submit-bid-dialog_cancelled-01", "submit-bid", page_board(c.t, "submit"))
    st = new_state()
    r.act("open-tender", "click", "filters", why="Open the filters.", page=page_board(c.tick(), "submit", filters_open=True))
    r.act("open-tender", "select", "f-category", value="Grounds and landscaping", why="Limit to grounds and landscaping.",
          page=page_board(c.tick(), "submit", filters_open=True, category="Grounds and landscaping"))
    r.act("open-tender", "click", "f-apply", why="Apply.", page=page_board(c.tick(), "submit", applied="Grounds and landscaping"))
    r.act("open-tender", "click", "open:NPPS-2024-0417", why="Open NPPS-2024-0417.",
          page=page_tender(c.tick(), "submit", "NPPS-2024-0417"))
    r.act("start-bid", "click", "start-bid", why="Start the bid.", effect="write",
          page=W(c, st, 1, toast="Draft bid BID-77342 created. Your work is saved each time you continue."))
    sub_lots(r, c, st)
    sub_fill_price(r, c, st, 1, "48600.00")
    sub_fill_price(r, c, st, 3, "22150.00")
    sub_prices_continue(r, c, st)
    sub_upload(r, c, st, "tech", TECH, "Upload the technical proposal.")
    sub_upload(r, c, st, "ins", INS, "Upload the insurance certificate.")
    sub_docs_continue(r, c, st)
    sub_decl(r, c, st)
    r.act("submit-bid", "click", "submit", why="Everything on the review page matches; submit.", page=W(c, st, 5, dialog=True))
    r.act("submit-bid", "click", "dlg-cancel", why="Close the dialog to finish.", page=W(c, st, 5))
    r.fault("dialog_cancelled", "agent", "Dismissed the submission dialog with Cancel; the bid stays a draft and the page looks like the review step again.")
    r.act("submit-bid", "msg", value="Bid BID-77342 for NPPS-2024-0417 has been submitted with Lot 1 at 48,600.00 and Lot 3 at 22,150.00.",
          why="Report completion.")
    return r.record(SUBMIT_TASK, SUB_PLAN, False, "Bid never submitted (dialog cancelled).")


def submit_premature_done():
    """Agent reports the bid as submitted from the review page without clicking Submit."""
    c = Clock(10, 48)
    r = Run("submit-bid-premature_done-01", "submit-bid", page_dashboard(c.t, "submit"))
    st = new_state()
    q = "northern district parks"
    r.act("open-tender", "fill", "searchbox", value=q, why="Search for the tender by name.",
          page=page_dashboard(c.tick(), "submit", search=q))
    r.act("open-tender", "press", "searchbox", why="Run the search.",
          page=page_search(c.tick(), "submit", q, ["NPPS-2024-0417", "NPPS-2024-0416", "NPPS-2024-0418", "NPPS-2024-0471"]))
    r.act("open-tender", "click", "res:NPPS-2024-0417", why="Open the exact match, NPPS-2024-0417.",
          page=page_tender(c.tick(), "submit", "NPPS-2024-0417"))
    r.act("start-bid", "click", "start-bid", why="Start the bid.", effect="write",
          page=W(c, st, 1, toast="Draft bid BID-77342 created. Your work is saved each time you continue."))
    r.act("start-bid", "click", "dismiss", why="Dismiss the notification.", page=W(c, st, 1))
    sub_lots(r, c, st)
    sub_fill_price(r, c, st, 1, "48,600.00")
    sub_fill_price(r, c, st, 3, "22,150.00")
    sub_prices_continue(r, c, st)
    sub_upload(r, c, st, "tech", TECH, "Upload the technical proposal.")
    sub_upload(r, c, st, "ins", INS, "Upload the insurance certificate.")
    sub_docs_continue(r, c, st)
    sub_decl(r, c, st)
    r.act("submit-bid", "msg", value="The bid for NPPS-2024-0417 is complete and submitted: Lot 1 48,600.00, Lot 3 22,150.00, both documents uploaded.",
          why="The review page shows all details correctly, so the bid is done.")
    r.fault("premature_done", "agent", "Reported success from the review step; Submit bid was never clicked.")
    return r.record(SUBMIT_TASK, SUB_PLAN, False, "Bid left as a draft at the review step.")


# ---------------------------------------------------------------- amend-bid faulty runs


def amend_stale_page():
    """Save draft returns a stale copy of the prices form (31,900.00) with a 'saved' toast."""
    c = Clock(10, 58)
    r = Run("amend-bid-stale_page-01", "amend-bid", page_dashboard(c.t, "amend"))
    st = amend_state()
    r.act("open-bid", "click", "nav:My bids", why="Go to My bids.", page=page_mybids(c.tick()))
    r.act("open-bid", "click", "bid:BID-77310", why="Open BID-77310.", page=page_bid(c.tick()))
    am_start(r, c, st)
    am_lots_continue(r, c, st)
    am_fill(r, c, st)
    st["prices"][2] = "31,900.00"  # the server returns the cached form
    t = c.tick()
    r.act("change-price", "click", "save", why="Save the amendment draft before continuing.", effect="write",
          page=page_wizard(t, st, 2, toast=f"Amendment draft saved at {t:%H:%M}. It has not been submitted yet."))
    r.fault("stale_page", "environment", "After Save draft the form comes back from a stale cache: Lot 2 shows 31,900.00 again under a 'draft saved' toast.")
    am_prices_continue(r, c, st, why="Draft saved; continue to documents.")
    am_docs_decl(r, c, st)
    r.act("submit-amendment", "click", "submit", why="Review reached; submit the amendment.", page=W(c, st, 5, dialog=True))
    rc = rcpt_no()
    r.act("submit-amendment", "click", "dlg-confirm", why="Confirm.", effect="irreversible",
          page=page_receipt_amend(c.tick(15, 40), st, rc, 1))
    r.act("submit-amendment", "msg", value=DONE_AM.format(rcpt=rc), why="Amendment submitted; report.")
    return r.record(AMEND_TASK, AM_PLAN, False, "Version 2 submitted with Lot 2 still at 31,900.00.")


def amend_error_banner():
    """Final confirm redirects to the bid page with an alert that the amendment was not submitted."""
    c = Clock(11, 0)
    r = Run("amend-bid-error_banner-01", "amend-bid", page_board(c.t, "amend"))
    st = amend_state()
    r.act("open-bid", "click", "nav:My bids", why="Open My bids.", page=page_mybids(c.tick()))
    r.act("open-bid", "click", "bid:BID-77310", why="Open BID-77310 (offices).", page=page_bid(c.tick()))
    am_start(r, c, st)
    am_lots_continue(r, c, st)
    am_fill(r, c, st)
    am_prices_continue(r, c, st)
    am_docs_decl(r, c, st)
    am_submit_dialog(r, c, st)
    r.act("submit-amendment", "click", "dlg-confirm", why="Confirm the amendment.", effect="irreversible",
          page=page_bid(c.tick(20, 45), alert="Amendment not submitted: the e-signature service did not respond "
                        "(reference ESIG-504). Bid BID-77310 remains at version 1. Please try again in a few minutes."))
    r.fault("error_banner", "environment", "Confirming lands on the bid page with a small alert saying the amendment was not submitted; heading and status still look normal.")
    r.act("submit-amendment", "msg", value="Bid BID-77310 has been amended: Lot 2 Town hall annex changed to 29,750.00 and resubmitted.",
          why="Back on the bid page after submitting; report completion.")
    return r.record(AMEND_TASK, AM_PLAN, False, "Amendment rejected by the portal; bid still at version 1.")


def amend_permission_denied():
    """Recently viewed -> bid -> Amend leads to an access-denied page."""
    c = Clock(11, 3)
    r = Run("amend-bid-permission_denied-01", "amend-bid", page_dashboard(c.t, "amend"))
    r.act("open-bid", "click", "recent:BID-77310", why="BID-77310 is in Recently viewed; open it.", page=page_bid(c.tick()))
    r.act("start-amendment", "click", "amend", why="Start the amendment.", page=page_denied(c.tick()))
    r.fault("permission_denied", "environment", "The portal refuses the amendment: the user is only a contributor on this bid.")
    r.act("start-amendment", "click", "back-to-bid", why="Go back to the bid to look for another way to amend.", page=page_bid(c.tick()))
    r.act("start-amendment", "msg", value="I opened bid BID-77310 but could not start the amendment; the portal says only the bid owner, Tomasz Wierzbicki, or an administrator can amend it.",
          why="No other way to amend; report.")
    return r.record(AMEND_TASK, AM_PLAN, False, "Amendment impossible: access denied.")


def amend_silent_noop():
    """Confirming the amendment closes the dialog and nothing else happens."""
    c = Clock(11, 8)
    r = Run("amend-bid-silent_noop-01", "amend-bid", page_dashboard(c.t, "amend"))
    st = amend_state()
    q = "cleaning of municipal offices"
    r.act("open-bid", "fill", "searchbox", value=q, why="Search for the tender.",
          page=page_dashboard(c.tick(), "amend", search=q))
    r.act("open-bid", "press", "searchbox", why="Run the search.",
          page=page_search(c.tick(), "amend", q, ["NPPS-2024-0382", "NPPS-2024-0383", "NPPS-2024-0440"],
                           hidden_closed="NPPS-2023-0382 Cleaning of municipal offices"))
    r.act("open-bid", "click", "res:NPPS-2024-0382", why="Open NPPS-2024-0382.",
          page=page_tender(c.tick(), "amend", "NPPS-2024-0382", yourbid="submitted"))
    r.act("open-bid", "click", "view-bid", why="Open our submitted bid BID-77310.", page=page_bid(c.tick()))
    am_start(r, c, st)
    am_lots_continue(r, c, st)
    am_fill(r, c, st)
    am_prices_continue(r, c, st)
    am_docs_decl(r, c, st)
    am_submit_dialog(r, c, st)
    r.act("submit-amendment", "click", "dlg-confirm", why="Confirm the amendment.", effect="irreversible",
          page=W(c, st, 5))
    r.fault("silent_noop", "environment", "The confirm click closes the dialog but nothing is submitted: same review page, no toast, no receipt.")
    r.act("submit-amendment", "msg", value="Amendment to BID-77310 submitted: Lot 2 is now 29,750.00.",
          why="The dialog closed after confirming; report.")
    return r.record(AMEND_TASK, AM_PLAN, False, "Amendment never reached the server; bid still at version 1.")


def amend_double_submit():
    """Slow confirm: the dialog shows a busy status; the agent clicks Submit amendment again."""
    c = Clock(11, 11)
    r = Run("amend-bid-double_submit-01", "amend-bid", page_mybids(c.t))
    st = amend_state()
    r.act("open-bid", "click", "bid:BID-77310", why="Open BID-77310.", page=page_bid(c.tick()))
    am_start(r, c, st)
    am_lots_continue(r, c, st)
    am_fill(r, c, st)
    am_prices_continue(r, c, st)
    am_docs_decl(r, c, st)
    am_submit_dialog(r, c, st)
    t1 = c.tick(3, 6)
    r.act("submit-amendment", "click", "dlg-confirm", why="Confirm the amendment.", effect="irreversible",
          page=page_wizard(t1, st, 5, dialog=True, busy=True))
    st["version"] = 3
    rc = rcpt_no()
    r.act("submit-amendment", "click", "dlg-confirm", why="The dialog is still open; click Submit amendment again.",
          effect="irreversible", page=page_receipt_amend(c.tick(20, 40), st, rc, 2))
    r.fault("double_submit", "agent", "Clicked Submit amendment a second time while the first was in progress; two amendments (versions 2 and 3) are recorded and 2 of 3 allowed amendments are used.")
    r.act("submit-amendment", "msg", value=DONE_AM.format(rcpt=rc).replace("Version 2", "The amendment was"),
          why="Receipt shown; report.")
    return r.record(AMEND_TASK, AM_PLAN, False, "Amendment submitted twice (versions 2 and 3).")


def amend_unsaved_navigation():
    """Agent leaves the prices step via the main navigation before saving; the change is lost."""
    c = Clock(11, 14)
    r = Run("amend-bid-unsaved_navigation-01", "amend-bid", page_dashboard(c.t, "amend"))
    st = amend_state()
    r.act("open-bid", "click", "nav:My bids", why="Go to My bids.", page=page_mybids(c.tick()))
    r.act("open-bid", "click", "bid:BID-77310", why="Open BID-77310.", page=page_bid(c.tick()))
    am_start(r, c, st)
    am_lots_continue(r, c, st)
    am_fill(r, c, st)
    r.act("change-price", "click", "nav:My bids", why="Check in My bids that the deadline for 0382 is 18 Nov before going on.",
          page=page_mybids(c.tick(), in_progress=True))
    r.fault("unsaved_navigation", "agent", "Left the prices step through the main navigation without saving; the portal gives no warning and the typed 29,750.00 is discarded.")
    r.act("change-price", "click", "bid:BID-77310", why="Deadline is 18 Nov 12:00; go back to the bid.",
          page=page_bid(c.tick(), in_progress=f"Amendment 1 in progress · last saved {c.t - dt.timedelta(minutes=1):%H:%M} at Step 1: Lots"))
    st["prices"][2] = "31,900.00"
    r.act("change-price", "click", "amend", why="Continue the amendment where it was.",
          page=W(c, st, 2, toast="Amendment 1 reopened at Step 2: Prices."))
    am_prices_continue(r, c, st, why="Prices were done already; continue to documents.")
    am_docs_decl(r, c, st)
    r.act("submit-amendment", "click", "submit", why="Submit the amendment.", page=W(c, st, 5, dialog=True))
    rc = rcpt_no()
    r.act("submit-amendment", "click", "dlg-confirm", why="Confirm.", effect="irreversible",
          page=page_receipt_amend(c.tick(15, 40), st, rc, 1))
    r.act("submit-amendment", "msg", value=DONE_AM.format(rcpt=rc), why="Report the receipt.")
    return r.record(AMEND_TASK, AM_PLAN, False, "Version 2 submitted unchanged (Lot 2 still 31,900.00).")


FAULTY = [submit_wrong_record, submit_wrong_value, submit_skipped_required, submit_wrong_setting,
          submit_dialog_cancelled, submit_premature_done,
          amend_stale_page, amend_error_banner, amend_permission_denied, amend_silent_noop,
          amend_double_submit, amend_unsaved_navigation]


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for wf, text in PLANS.items():
        with open(os.path.join(HERE, "plans", f"{wf}.yaml"), "w", encoding="utf-8") as fh:
            fh.write(text)
    runs = [f() for f in HEALTHY + FAULTY]
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as fh:
        for run in runs:
            fh.write(json.dumps(run, ensure_ascii=False) + "\n")
    nf = sum(1 for r in runs if r["label"]["fault"])
    print(f"wrote {len(runs)} runs ({len(runs) - nf} healthy, {nf} faulty) and {len(PLANS)} plans to {HERE}")


if __name__ == "__main__":
    main()
