#!/usr/bin/env python3
"""Generate the RigRental test corpus (corpus.jsonl + plans/*.yaml).

Standard library only, deterministic (fixed seeds, no wall-clock input).

Application: RigRental Branch Console 4.12.3, the counter system of
Northgate Plant & Equipment Hire Ltd, branch Leeds South (BR-07).
Workflows: "checkout" (excavator out on a new rental contract with an
attachment and the damage waiver) and "checkin" (returned machine: hour meter,
fuel, damage charge, complete the check-in).

Usage: python3 make_corpus.py [OUTDIR]   (default: the folder of this script)
"""
import json
import os
import random
import sys

BASE = "http://127.0.0.1:8000"
PRODUCT = "RigRental Branch Console"
VERSION = "4.12.3"
BUILD = "build 2025.09.30-b1187"
ORG = "Northgate Plant & Equipment Hire Ltd"
BRANCH = "Leeds South (BR-07)"
BRANCH_N = "Leeds North (BR-04)"
USER = "Dana Okafor"
ROLE = "Counter Supervisor"
LOGIN = "dokafor"
DAY = "Tue 14 Oct 2025"

# --------------------------------------------------------------------------
# Data
# --------------------------------------------------------------------------
# id, model, class, hour meter, fuel, status, location / contract, day rate, week rate, tank litres
UNITS = [
    ("EQ-20417", "Kubota KX057-5", "5.5 t mini excavator", 2871.4, "Full", "Available", "Yard bay B3", 145, 435, 66),
    ("EQ-20471", "Kubota KX057-4", "5.5 t mini excavator", 4410.2, "Full", "Available", "Yard bay B4", 135, 405, 66),
    ("EQ-20418", "Kubota KX057-5", "5.5 t mini excavator", 2630.0, "1/2", "In workshop", "Workshop WO-6621", 145, 435, 66),
    ("EQ-20147", "Kubota KX060-5", "6 t midi excavator", 3120.8, "-", "On rent", "RC-2025-04702", 160, 480, 80),
    ("EQ-20388", "JCB 19C-1", "1.9 t micro excavator", 1204.0, "-", "On rent", "RC-2025-04791", 85, 255, 22),
    ("EQ-20383", "JCB 19C-1", "1.9 t micro excavator", 1877.3, "-", "On rent", "RC-2025-04719", 85, 255, 22),
    ("EQ-20838", "JCB 16C-1", "1.6 t micro excavator", 960.5, "-", "On rent", "RC-2025-04797", 80, 240, 20),
    ("EQ-31205", "CAT 308 CR", "8 t midi excavator", 1562.7, "Full", "Available", "Yard bay C1", 210, 630, 130),
    ("EQ-31250", "CAT 308 CR", "8 t midi excavator", 2218.1, "-", "On rent", "RC-2025-04833", 210, 630, 130),
    ("EQ-31206", "CAT 308 CR VAB", "8 t midi excavator", 988.4, "Full", "Available", "Yard bay C2", 225, 675, 130),
    ("EQ-41102", "Volvo EC140E", "14 t crawler excavator", 2041.9, "-", "On rent", "RC-2025-04806", 320, 960, 250),
    ("EQ-41120", "Volvo EC140E", "14 t crawler excavator", 3305.6, "-", "On rent", "RC-2025-04860 (Leeds North)", 320, 960, 250),
    ("EQ-41012", "Volvo ECR145E", "14 t crawler excavator", 4980.2, "-", "On rent", "RC-2025-04608", 330, 990, 250),
    ("EQ-18904", "Takeuchi TB290", "9 t midi excavator", 3402.9, "3/4", "Available", "Yard bay C4", 220, 660, 115),
    ("EQ-18940", "Takeuchi TB260", "6 t midi excavator", 2755.0, "Full", "Reserved", "RS-8830", 165, 495, 77),
    ("EQ-27733", "Hitachi ZX85USB-6", "8.5 t midi excavator", 1990.6, "Full", "Available", "Yard bay C3", 215, 645, 125),
    ("EQ-27737", "Hitachi ZX85USB-6", "8.5 t midi excavator", 2104.3, "-", "Off-hired, awaiting collection", "RC-2025-04755", 215, 645, 125),
    ("EQ-33019", "JCB 3CX Sitemaster", "backhoe loader", 5120.0, "Full", "Available", "Yard bay D1", 190, 570, 160),
]
U = {u[0]: u for u in UNITS}

# id, name, account type, credit state, limit, balance, default site, contact
CUSTOMERS = [
    ("CUS-10382", "Hartley Groundworks Ltd", "Credit account", "Credit OK", 25000, 6420.18, "Kirkstall Road site, Leeds LS4 2AZ", "Mark Hartley"),
    ("CUS-10328", "Hartley Ground Works (Leeds) Ltd", "Credit account", "Credit OK", 10000, 1210.00, "14 Canal Wharf, Leeds LS11 5PS", "Gemma Hartley"),
    ("CUS-11382", "Hartly Groundworks & Drainage", "Cash account", "Card on file", 0, 0.0, "2 Mill Lane, Morley LS27 9AA", "Steve Hartly"),
    ("CUS-20415", "Pennine Civils Ltd", "Credit account", "Credit OK", 60000, 18744.90, "Stourton Link, Leeds LS10 1RQ", "Anil Mistry"),
    ("CUS-20451", "Pennine Civil Engineering Ltd", "Credit account", "On stop", 40000, 41380.55, "Hunslet Green, Leeds LS10 1AB", "Ruth Okoye"),
    ("CUS-17760", "Aire Valley Drainage", "Credit account", "Credit OK", 15000, 2988.00, "Esholt Lane, Bradford BD17 7RJ", "Tom Birch"),
    ("CUS-14209", "Brigg & Sons Plant Services", "Credit account", "Credit OK", 20000, 7402.36, "Rodley Lane, Leeds LS13 1LB", "Alan Brigg"),
    ("CUS-15533", "Calder Utilities Contracting", "Credit account", "Credit OK", 80000, 33120.00, "A62 Gelderd Road works, Leeds LS12 6DT", "Priya Sandhu"),
    ("CUS-16021", "Wharfe Landscapes", "Credit account", "Credit OK", 8000, 1496.40, "Otley Road, Adel LS16 8AA", "Jo Pickard"),
    ("CUS-16012", "Wharfedale Landscaping Co", "Cash account", "Card on file", 0, 0.0, "Bridge St, Otley LS21 1BQ", "Neil Ashby"),
]
C = {c[0]: c for c in CUSTOMERS}

# attachments compatible per unit family: id, name, weekly rate
ATTACH_KX057 = [
    ("AT-5516", "600 mm ditching bucket", 60.00),
    ("AT-5561", "600 mm digging bucket", 45.00),
    ("AT-5520", "300 mm digging bucket", 40.00),
    ("AT-5515", "1500 mm grading bucket", 55.00),
    ("AT-6604", "Hydraulic breaker HB-380", 150.00),
    ("AT-5580", "Auger drive AD-2 with 300 mm flight", 120.00),
]
ATTACH_CAT308 = [
    ("AT-7023", "Hydraulic breaker HB-680", 190.00),
    ("AT-7032", "Hydraulic breaker HB-480", 160.00),
    ("AT-7203", "Tiltrotator TR-8", 240.00),
    ("AT-7011", "1200 mm ditching bucket", 65.00),
    ("AT-7015", "600 mm digging bucket", 50.00),
    ("AT-7040", "Sorting grab SG-80", 210.00),
]

# contracts on rent: id, unit, customer, on-hire, due, branch, status, site
CONTRACTS = [
    ("RC-2025-04791", "EQ-20388", "CUS-16021", "29/09/2025", "14/10/2025", "BR-07", "On rent", "Otley Road, Adel"),
    ("RC-2025-04719", "EQ-20383", "CUS-17760", "22/09/2025", "14/10/2025", "BR-07", "On rent", "Esholt Lane"),
    ("RC-2025-04797", "EQ-20838", "CUS-14209", "30/09/2025", "15/10/2025", "BR-07", "On rent", "Rodley Lane"),
    ("RC-2025-04806", "EQ-41102", "CUS-15533", "02/10/2025", "14/10/2025", "BR-07", "On rent", "A62 Gelderd Road works"),
    ("RC-2025-04608", "EQ-41012", "CUS-20415", "08/09/2025", "10/10/2025", "BR-07", "Overdue", "Stourton Link"),
    ("RC-2025-04702", "EQ-20147", "CUS-10382", "15/09/2025", "17/10/2025", "BR-07", "On rent", "Kirkstall Road site"),
    ("RC-2025-04833", "EQ-31250", "CUS-20451", "06/10/2025", "20/10/2025", "BR-07", "On rent", "Hunslet Green"),
    ("RC-2025-04755", "EQ-27737", "CUS-10328", "25/09/2025", "13/10/2025", "BR-07", "Off-hired", "Canal Wharf"),
    ("RC-2025-04812", "EQ-50231 Thwaites 6 t dumper", "CUS-14209", "03/10/2025", "14/10/2025", "BR-07", "On rent", "Rodley Lane"),
    ("RC-2025-04829", "EQ-61044 Bomag BW120 roller", "CUS-17760", "06/10/2025", "14/10/2025", "BR-07", "On rent", "Esholt Lane"),
    ("RC-2025-04840", "EQ-70112 Atlas Copco XAS 88", "CUS-16012", "07/10/2025", "14/10/2025", "BR-07", "On rent", "Bridge St, Otley"),
    ("RC-2025-04781", "EQ-50213 Thwaites 3 t dumper", "CUS-20415", "29/09/2025", "13/10/2025", "BR-07", "Overdue", "Stourton Link"),
]
# Leeds North returns (only seen through a stale branch filter)
CONTRACTS_NORTH = [
    ("RC-2025-04860", "EQ-41120", "CUS-15533", "10/10/2025", "14/10/2025", "BR-04", "On rent", "Ring Road, Seacroft"),
    ("RC-2025-04851", "EQ-27751 Hitachi ZX85USB-6", "CUS-17760", "08/10/2025", "14/10/2025", "BR-04", "On rent", "Roundhay Park"),
    ("RC-2025-04839", "EQ-20522 Kubota U27-4", "CUS-14209", "06/10/2025", "14/10/2025", "BR-04", "On rent", "Harehills Lane"),
    ("RC-2025-04818", "EQ-50277 Thwaites 6 t dumper", "CUS-10328", "03/10/2025", "14/10/2025", "BR-04", "On rent", "Chapeltown Rd"),
    ("RC-2025-04846", "EQ-61090 Bomag BW90 roller", "CUS-16021", "07/10/2025", "15/10/2025", "BR-04", "On rent", "Moortown"),
    ("RC-2025-04802", "EQ-18977 Takeuchi TB240", "CUS-20451", "01/10/2025", "13/10/2025", "BR-04", "Overdue", "Wetherby Rd"),
]


def unit_label(uid):
    if uid in U:
        return "%s %s" % (uid, U[uid][1])
    return uid


def money(x):
    return "£{:,.2f}".format(x)


FUEL_LEVELS = ["Full", "7/8", "3/4", "5/8", "1/2", "3/8", "1/4", "1/8", "Empty"]
FUEL_FRAC = {"Full": 1.0, "7/8": .875, "3/4": .75, "5/8": .625, "1/2": .5, "3/8": .375, "1/4": .25, "1/8": .125, "Empty": 0.0}
DIESEL_PER_L = 1.95
DAMAGE_CATS = ["Bucket / teeth / cutting edge", "Tracks / undercarriage", "Cab / bodywork / glass",
               "Hydraulics / hoses", "Lights / electrics", "Missing item", "Other"]
NEXT_STATUS = ["Inspection", "Workshop - damage repair", "Valeting", "Available for hire"]

# --------------------------------------------------------------------------
# Accessibility-tree page builder
# --------------------------------------------------------------------------


class Page:
    def __init__(self, url, title):
        self.url = url
        self.title = title
        self.lines = ["RootWebArea %r, focused" % title]
        self.bid = 0
        self.keys = {}

    def n(self, depth, role, name="", key=None, props=None):
        self.bid += 1
        bid = str(self.bid)
        line = "\t" * depth + "[%s] %s %r" % (bid, role, name)
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        if key:
            assert key not in self.keys, key
            self.keys[key] = (bid, role, name)
        return bid

    def t(self, depth, text):
        return self.n(depth, "StaticText", text)

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


def val(v):
    return "value=%r" % v


NAV = [("Dashboard", "/branch/BR-07/dashboard"), ("Equipment", "/equipment"), ("Contracts", "/contracts"),
       ("New checkout", "/contracts/new"), ("Returns & check-in", "/returns"), ("Customers", "/customers"),
       ("Damage & charges", "/charges"), ("Workshop", "/workshop"), ("Transport", "/transport"), ("Reports", "/reports")]


def page(path, title, clock, crumbs, main, recent, active=None, toast=None, dialog=None, branch=BRANCH,
         session_left=None):
    p = Page(BASE + path, "%s · RigRental" % title)
    p.n(1, "banner", "")
    p.n(2, "link", "RigRental home", key="home")
    p.n(3, "image", "Northgate Plant & Equipment Hire")
    p.t(2, "Branch")
    p.n(2, "combobox", "Switch branch", props=[val(branch), "hasPopup='listbox'", "expanded=False"])
    p.n(2, "search", "")
    p.n(3, "searchbox", "Search units, contracts, customers", key="gsearch")
    p.n(3, "button", "Search", key="gsearch_btn")
    p.n(2, "button", "Notifications (3)", props=["hasPopup='menu'", "expanded=False"])
    p.n(2, "button", "%s · %s" % (USER, ROLE), props=["hasPopup='menu'", "expanded=False"])
    p.n(1, "navigation", "Main")
    p.n(2, "list", "")
    for name, href in NAV:
        p.n(3, "listitem", "")
        props = ["current='page'"] if name == active else None
        p.n(4, "link", name, key="nav:" + name, props=props)
    p.n(1, "navigation", "Breadcrumb")
    p.n(2, "list", "")
    for i, c in enumerate(crumbs):
        p.n(3, "listitem", "")
        if i < len(crumbs) - 1:
            p.n(4, "link", c)
        else:
            p.t(4, c)
    p.n(1, "main", "")
    main(p, 2)
    p.n(1, "complementary", "Recently viewed")
    p.n(2, "heading", "Recently viewed")
    p.n(2, "list", "")
    for item in recent:
        p.n(3, "listitem", "")
        p.n(4, "link", item)
    p.n(2, "button", "Clear history")
    p.n(1, "contentinfo", "")
    p.t(2, "%s %s (%s)" % (PRODUCT, VERSION, BUILD))
    p.t(2, "© 2025 %s · Company no. 04418237" % ORG)
    p.n(2, "link", "Help centre")
    p.n(2, "link", "Report a problem")
    p.n(2, "link", "Privacy")
    p.n(2, "timer", "Branch clock")
    p.t(3, "%s %s BST" % (DAY, clock))
    left = session_left if session_left is not None else 30
    p.t(2, "Signed in as %s · session times out after %d min idle" % (LOGIN, left))
    p.t(2, "Last sync with depot server %s:%02d" % (clock, (len(p.lines) * 7) % 60))
    p.n(1, "status", "", props=["live='polite'", "atomic", "relevant='additions text'"])
    if toast:
        p.t(2, toast)
    if dialog:
        dialog(p)
    return p


# ---- recently viewed panels (healthy pages contain near misses) -----------
RECENT_OUT = ["EQ-20471 Kubota KX057-4", "RC-2025-04702 Hartley Groundworks Ltd", "CUS-10328 Hartley Ground Works (Leeds) Ltd",
              "EQ-31250 CAT 308 CR", "RC-2025-04833 Pennine Civil Engineering Ltd", "AT-5561 600 mm digging bucket"]
RECENT_IN = ["RC-2025-04719 Aire Valley Drainage", "EQ-20383 JCB 19C-1", "RC-2025-04860 Calder Utilities Contracting",
             "EQ-41120 Volvo EC140E", "DMG-3307 Brigg & Sons Plant Services", "CUS-16012 Wharfedale Landscaping Co"]

# --------------------------------------------------------------------------
# Pages shared by both workflows
# --------------------------------------------------------------------------


def dashboard(clock, recent):
    def main(p, d):
        p.n(d, "heading", "Leeds South branch · %s" % DAY)
        p.n(d, "button", "New checkout", key="dash_new")
        p.n(d, "button", "Start check-in", key="dash_checkin")
        p.n(d, "region", "Fleet at a glance")
        for k, v in [("On rent", "64"), ("Available", "23"), ("Reserved", "6"), ("Due back today", "7"), ("Overdue", "2"), ("In workshop", "5")]:
            p.n(d + 1, "link", "%s %s" % (v, k))
        p.n(d, "heading", "Due back today")
        p.n(d, "table", "Due back today")
        p.n(d + 1, "row", "")
        for h in ["Contract", "Unit", "Customer", "Due", "Site"]:
            p.n(d + 2, "columnheader", h)
        for c in CONTRACTS:
            if c[4] != "14/10/2025":
                continue
            p.n(d + 1, "row", "")
            p.n(d + 2, "cell", "")
            p.n(d + 3, "link", c[0], key="dash:" + c[0])
            p.n(d + 2, "cell", unit_label(c[1]))
            p.n(d + 2, "cell", C[c[2]][1])
            p.n(d + 2, "cell", c[4])
            p.n(d + 2, "cell", c[7])
        p.n(d, "heading", "Going out today")
        p.n(d, "table", "Going out today")
        p.n(d + 1, "row", "")
        for h in ["Reservation", "Customer", "Requested", "Time", "Allocated unit"]:
            p.n(d + 2, "columnheader", h)
        for r in [("RS-8812", "Hartley Groundworks Ltd", "5.5 t mini excavator + ditching bucket", "09:30 collect", "Not allocated"),
                  ("RS-8816", "Pennine Civils Ltd", "8 t excavator + breaker", "11:00 collect", "Not allocated"),
                  ("RS-8821", "Hartley Ground Works (Leeds) Ltd", "1.5 t micro excavator", "13:00 delivery", "EQ-20522"),
                  ("RS-8830", "Brigg & Sons Plant Services", "6 t midi excavator", "15:30 delivery", "EQ-18940")]:
            p.n(d + 1, "row", "")
            for x in r:
                p.n(d + 2, "cell", x)
        p.n(d, "heading", "Branch notices")
        p.n(d, "list", "")
        for s in ["Diesel price updated to £1.95/L from 13 Oct 2025.",
                  "Damage charges over £250.00 are reviewed by the branch manager before invoicing.",
                  "EQ-20418 Kubota KX057-5 in workshop until 17 Oct (WO-6621)."]:
            p.n(d + 1, "listitem", "")
            p.t(d + 2, s)
    return page("/branch/BR-07/dashboard", "Dashboard", clock, ["Leeds South", "Dashboard"], main, recent,
                active="Dashboard")


def global_search(clock, query, recent):
    q = query.upper()
    units = [U[x] for x in unit_matches(query)]
    ncon = len([c for c in CONTRACTS if c[1] in [u[0] for u in units]])
    def main(p, d):
        p.n(d, "heading", "Search results for %s" % query)
        p.n(d, "searchbox", "Refine search", props=[val(query)])
        p.n(d, "tablist", "")
        p.n(d + 1, "tab", "All (%d)" % (len(units) + ncon), props=["selected=True"])
        p.n(d + 1, "tab", "Units (%d)" % len(units), props=["selected=False"])
        p.n(d + 1, "tab", "Contracts (%d)" % ncon, props=["selected=False"])
        p.n(d + 1, "tab", "Customers (0)", props=["selected=False"])
        p.n(d, "tabpanel", "All")
        p.n(d + 1, "heading", "Units")
        p.n(d + 1, "table", "Units")
        p.n(d + 2, "row", "")
        for h in ["Unit", "Model", "Class", "Status", "Location / contract"]:
            p.n(d + 3, "columnheader", h)
        for u in units:
            p.n(d + 2, "row", "")
            p.n(d + 3, "cell", "")
            p.n(d + 4, "link", u[0], key="gs:" + u[0])
            p.n(d + 3, "cell", u[1])
            p.n(d + 3, "cell", u[2])
            p.n(d + 3, "cell", u[5])
            p.n(d + 3, "cell", u[6])
        p.n(d + 1, "heading", "Contracts")
        p.n(d + 1, "table", "Contracts")
        p.n(d + 2, "row", "")
        for h in ["Contract", "Unit", "Customer", "Status", "Due back"]:
            p.n(d + 3, "columnheader", h)
        for c in CONTRACTS:
            if c[1] in [u[0] for u in units]:
                p.n(d + 2, "row", "")
                p.n(d + 3, "cell", "")
                p.n(d + 4, "link", c[0], key="gs:" + c[0])
                p.n(d + 3, "cell", unit_label(c[1]))
                p.n(d + 3, "cell", C[c[2]][1])
                p.n(d + 3, "cell", c[6])
                p.n(d + 3, "cell", c[4])
        p.n(d + 1, "heading", "Customers")
        p.t(d + 1, "No customers match %s." % query)
        p.n(d, "heading", "Search tips")
        p.n(d, "list", "")
        for s in ["Unit IDs look like EQ-20417; contract numbers like RC-2025-04791.",
                  "Search by serial number, registration or customer account number (CUS-…).",
                  "Results include all branches in the Yorkshire region; use the branch filter to narrow them."]:
            p.n(d + 1, "listitem", "")
            p.t(d + 2, s)
    return page("/search?q=" + query, "Search: %s" % query, clock, ["Leeds South", "Search"], main, recent)


def login_page(clock, nxt):
    p = Page(BASE + "/login?next=%s&reason=expired" % nxt.replace("/", "%2F"), "Sign in · RigRental")
    p.n(1, "banner", "")
    p.n(2, "image", "Northgate Plant & Equipment Hire")
    p.n(2, "heading", "%s" % PRODUCT)
    p.n(1, "main", "")
    p.n(2, "alert", "", props=["live='assertive'", "atomic", "relevant='additions text'"])
    p.t(3, "Your session has expired. Please sign in again.")
    p.t(3, "Changes that had not been saved were discarded.")
    p.n(2, "heading", "Sign in to Leeds South (BR-07)")
    p.n(2, "form", "Sign in")
    p.n(3, "textbox", "Username", props=["required"])
    p.n(3, "textbox", "Password", props=["required"])
    p.n(3, "checkbox", "Keep me signed in on this counter PC", props=["checked='false'"])
    p.n(3, "button", "Sign in", key="signin")
    p.n(3, "link", "Forgotten password?")
    p.n(3, "link", "Sign in with Northgate SSO")
    p.n(2, "heading", "Counter PC")
    p.t(2, "Device LS-CTR-02 · Leeds South trade counter")
    p.n(2, "heading", "System status")
    p.n(2, "list", "")
    for s in ["Depot server: online", "Telematics feed: online (last update 2 min ago)",
              "Card payments: online", "Invoicing export: scheduled 18:00"]:
        p.n(3, "listitem", "")
        p.t(4, s)
    p.n(2, "heading", "Before you sign in")
    p.n(2, "list", "")
    for s in ["Counter sessions time out after 30 minutes without activity.",
              "Do not share your login; all checkouts and check-ins are recorded against your name.",
              "Lost access? Contact the IT service desk on 0113 496 0800.",
              "Scheduled maintenance: Sun 19 Oct 2025 06:00-08:00.",
              "New in 4.12: attachment availability is checked when a contract is saved.",
              "New in 4.12: damage photos can be added from the yard tablet.",
              "New in 4.12: refuelling charges use the branch diesel price."]:
        p.n(3, "listitem", "")
        p.t(4, s)
    p.n(2, "heading", "Announcements")
    for i, s in enumerate(["Winter tracks programme: book undercarriage inspections for all midi excavators by 31 Oct.",
                           "Reminder: fit the quick-hitch safety pin before any attachment leaves the yard.",
                           "Hire desk phone lines move to the new 0113 496 08xx range on 3 Nov.",
                           "Yard B resurfacing Tue-Thu next week: park returns in yard C.",
                           "Damage photo upload now required for charges over £250.",
                           "Quarterly stock check for attachments on Fri 17 Oct.",
                           "Thank you for a record September: 97% on-time deliveries.",
                           "New customers: Calder Utilities Contracting framework starts 1 Nov."]):
        p.n(2, "article", "")
        p.n(3, "heading", "Notice %d" % (i + 1))
        p.t(3, s)
        p.t(3, "Posted by Branch Admin")
        p.n(3, "link", "Read more")
    for i in range(14):
        p.n(2, "region", "Branch contact %d" % (i + 1))
        p.t(3, ["Leeds South trade counter", "0113 496 0701", "Workshop", "0113 496 0710", "Transport", "0113 496 0722",
                "Branch manager", "J. Whitcombe", "Credit control", "0113 496 0750", "Out of hours", "07700 900999",
                "Regional office", "Wakefield"][i])
    p.n(1, "contentinfo", "")
    p.t(2, "%s %s (%s)" % (PRODUCT, VERSION, BUILD))
    p.t(2, "© 2025 %s" % ORG)
    p.n(2, "timer", "Branch clock")
    p.t(3, "%s %s BST" % (DAY, clock))
    p.n(1, "status", "", props=["live='polite'", "atomic", "relevant='additions text'"])
    return p


# --------------------------------------------------------------------------
# Checkout workflow pages
# --------------------------------------------------------------------------


def equipment_list(clock, recent):
    def main(p, d):
        p.n(d, "heading", "Equipment · Excavators")
        p.n(d, "group", "Filters")
        p.n(d + 1, "combobox", "Category", props=[val("Excavators"), "hasPopup='listbox'", "expanded=False"])
        p.n(d + 1, "combobox", "Status", props=[val("Any status"), "hasPopup='listbox'", "expanded=False"])
        p.n(d + 1, "combobox", "Branch", props=[val(BRANCH), "hasPopup='listbox'", "expanded=False"])
        p.n(d + 1, "searchbox", "Filter by unit, model or serial")
        p.n(d + 1, "button", "Reset filters")
        p.t(d, "%d units" % len(UNITS))
        p.n(d, "table", "Excavators")
        p.n(d + 1, "row", "")
        for h in ["Unit", "Model", "Class", "Hour meter", "Fuel", "Status", "Location / contract"]:
            p.n(d + 2, "columnheader", h)
        for u in UNITS:
            p.n(d + 1, "row", "")
            p.n(d + 2, "cell", "")
            p.n(d + 3, "link", u[0], key="eq:" + u[0])
            p.n(d + 2, "cell", u[1])
            p.n(d + 2, "cell", u[2])
            p.n(d + 2, "cell", "{:,.1f}".format(u[3]))
            p.n(d + 2, "cell", u[4])
            p.n(d + 2, "cell", u[5])
            p.n(d + 2, "cell", u[6])
        p.n(d, "navigation", "Pagination")
        p.n(d + 1, "button", "Previous page", props=["disabled=True"])
        p.t(d + 1, "Page 1 of 1")
        p.n(d + 1, "button", "Next page", props=["disabled=True"])
    return page("/equipment?category=excavators", "Equipment", clock, ["Leeds South", "Equipment", "Excavators"],
                main, recent, active="Equipment")


def equipment_detail(clock, uid, recent):
    u = U[uid]
    similar = [x for x in UNITS if x[0] != uid and (x[1].split()[0] == u[1].split()[0] and x[2] == u[2])]
    def main(p, d):
        p.n(d, "heading", "%s · %s" % (uid, u[1]))
        p.t(d, u[2])
        p.n(d, "status", "Unit status")
        p.t(d + 1, u[5])
        p.n(d, "button", "Check out this unit", key="eq_checkout")
        p.n(d, "button", "Reserve")
        p.n(d, "button", "Send to workshop")
        p.n(d, "button", "Edit unit")
        p.n(d, "tablist", "")
        for i, tname in enumerate(["Overview", "Rates", "Service history", "Contracts", "Documents"]):
            p.n(d + 1, "tab", tname, props=["selected=%s" % (i == 0)])
        p.n(d, "tabpanel", "Overview")
        for k, v in [("Serial number", "KBT%s%d" % (uid[-3:], 8812)), ("Year", "2022"), ("Hour meter", "{:,.1f} hrs".format(u[3])),
                     ("Fuel", u[4]), ("Fuel tank", "%d L" % u[9]), ("Location", u[6]), ("Last service", "02/09/2025 at {:,.0f} hrs".format(u[3] - 80)),
                     ("LOLER inspection due", "11/02/2026"), ("Telematics", "Online · last ping 4 min ago"),
                     ("Rates", "Day %s · Week %s" % (money(u[7]), money(u[8])))]:
            p.n(d + 1, "term", k)
            p.n(d + 1, "definition", v)
        p.n(d, "heading", "Recent contracts")
        p.n(d, "table", "Recent contracts")
        p.n(d + 1, "row", "")
        for h in ["Contract", "Customer", "On hire", "Off hire", "Hours used"]:
            p.n(d + 2, "columnheader", h)
        for r in [("RC-2025-04688", "Brigg & Sons Plant Services", "01/09/2025", "12/09/2025", "41.5"),
                  ("RC-2025-04590", "Hartley Ground Works (Leeds) Ltd", "11/08/2025", "29/08/2025", "63.0"),
                  ("RC-2025-04509", "Aire Valley Drainage", "21/07/2025", "08/08/2025", "72.2")]:
            p.n(d + 1, "row", "")
            for x in r:
                p.n(d + 2, "cell", x)
        p.n(d, "heading", "Similar units")
        p.n(d, "list", "Similar units")
        for x in similar:
            p.n(d + 1, "listitem", "")
            p.n(d + 2, "link", "%s %s · %s" % (x[0], x[1], x[5]))
    return page("/equipment/" + uid, "%s %s" % (uid, u[1]), clock, ["Leeds South", "Equipment", uid], main, recent,
                active="Equipment")


def contract_totals(st):
    v = st["v"]
    unit = U[st["unit"]] if st.get("unit") else None
    days = st.get("days")
    lines = []
    if unit and days:
        weeks, rem = divmod(days, 7)
        hire = weeks * unit[8] + min(rem * unit[7], unit[8])
        lines.append(("Hire (%d days)" % days, hire))
        for a in st["attachments"]:
            lines.append(("%s %s" % (a[0], a[1]), round(a[2] * max(1.0, days / 7.0), 2)))
        sub = sum(x[1] for x in lines)
        if st["waiver"]:
            lines.append(("Damage waiver (12%)", round(sub * 0.12, 2)))
    return lines


def days_between(a, b):
    # both 'YYYY-MM-DD' in Oct/Nov 2025
    def ordinal(s):
        y, m, dd = [int(x) for x in s.split("-")]
        return (m - 10) * 31 + dd if m in (10, 11) else dd
    return ordinal(b) - ordinal(a)


def dmy(s):
    y, m, d = s.split("-")
    return "%s/%s/%s" % (d, m, y)


def checkout_form(clock, st, recent):
    """st: state of the new contract form."""
    v = st["v"]

    def main(p, d):
        p.n(d, "heading", "New rental contract")
        p.t(d, "Draft · not yet saved · Leeds South (BR-07)")
        if st.get("alert"):
            p.n(d, "alert", "", props=["live='assertive'", "atomic", "relevant='additions text'"])
            for s in st["alert"]:
                p.t(d + 1, s)
        p.n(d, "form", "New rental contract")
        f = d + 1
        # customer
        p.n(f, "group", "Customer")
        if st.get("customer"):
            c = C[st["customer"]]
            p.n(f + 1, "combobox", "Customer", key="cust", props=[val("%s (%s)" % (c[1], c[0])), "hasPopup='listbox'", "expanded=False", "required"])
            p.t(f + 1, "%s · %s · %s" % (c[0], c[2], c[3]))
            p.t(f + 1, "Credit limit %s · Balance %s" % (money(c[4]), money(c[5])))
            p.n(f + 1, "button", "Change customer")
            p.n(f + 1, "textbox", "Site address", props=[val(c[6]), "required"])
            p.n(f + 1, "textbox", "Site contact", props=[val(c[7])])
        else:
            q = st.get("cust_query", "")
            opts = st.get("cust_opts")
            props = [val(q)] if q else []
            props += ["hasPopup='listbox'", "expanded=%s" % bool(opts is not None), "required"]
            if q:
                props.append("focused")
            p.n(f + 1, "combobox", "Customer", key="cust", props=props)
            if opts is not None:
                p.n(f + 2, "listbox", "Customer suggestions")
                if opts:
                    for cid in opts:
                        c = C[cid]
                        p.n(f + 3, "option", "%s (%s) · %s · %s" % (c[1], c[0], c[6].split(",")[-1].strip(), c[3]),
                            key="copt:" + cid, props=["selected=False"])
                else:
                    p.t(f + 3, "No customers match '%s'. Check the account number or search by name." % q)
            p.n(f + 1, "textbox", "Site address", props=["required"])
            p.n(f + 1, "textbox", "Site contact")
        p.n(f + 1, "textbox", "Customer PO number", key="po", props=[val(st["po"])] if st.get("po") else None)
        # equipment
        p.n(f, "group", "Equipment")
        if st.get("unit"):
            u = U[st["unit"]]
            p.n(f + 1, "combobox", "Unit", key="unit", props=[val("%s %s" % (u[0], u[1])), "hasPopup='listbox'", "expanded=False", "required"])
            p.t(f + 1, "%s · %s · %s" % (u[0], u[1], u[2]))
            p.t(f + 1, "Hour meter out {:,.1f} · Fuel {} · {}".format(u[3], u[4], u[6]))
            p.t(f + 1, "Availability: %s" % ("Available 14/10/2025 onwards" if u[5] == "Available" else u[5]))
            p.t(f + 1, "Rates: Day %s · Week %s" % (money(u[7]), money(u[8])))
            p.n(f + 1, "button", "Change unit")
        else:
            q = st.get("unit_query", "")
            opts = st.get("unit_opts")
            props = [val(q)] if q else []
            props += ["hasPopup='listbox'", "expanded=%s" % bool(opts is not None), "required"]
            if q:
                props.append("focused")
            p.n(f + 1, "combobox", "Unit", key="unit", props=props)
            if opts is not None:
                p.n(f + 2, "listbox", "Unit suggestions")
                for uid in opts:
                    u = U[uid]
                    p.n(f + 3, "option", "%s · %s · %s · %s" % (u[0], u[1], u[5], u[6]), key="uopt:" + uid,
                        props=["selected=False"] + (["disabled=True"] if u[5] not in ("Available",) else []))
            p.t(f + 1, "Type a unit ID or model. Only units at Leeds South are listed.")
        # hire period
        p.n(f, "group", "Hire period")
        p.n(f + 1, "textbox", "On-hire date", key="on", props=[val(st["on"]), "required"])
        p.n(f + 1, "textbox", "On-hire time", props=[val("08:00")])
        props = [val(st["off"])] if st.get("off") else []
        p.n(f + 1, "textbox", "Expected off-hire date", key="off", props=props + ["required"])
        if st.get("days") is not None:
            p.t(f + 1, "Hire length: %d days (%s)" % (st["days"], "charged as %d week(s) + %d day(s)" % divmod(st["days"], 7)))
        else:
            p.t(f + 1, "Hire length: enter an off-hire date")
        p.n(f + 1, "checkbox", "Open-ended hire (no expected off-hire date)", props=["checked='false'"])
        # attachments
        p.n(f, "group", "Attachments")
        atts = v["att_list"]
        if st.get("unit"):
            cur = st["att_sel"] or "Choose an attachment…"
            p.n(f + 1, "combobox", "Add attachment", key="att", props=[val(cur), "hasPopup='listbox'", "expanded=False"])
            p.n(f + 2, "listbox", "")
            for a in atts:
                p.n(f + 3, "option", "%s · %s · %s/wk" % (a[0], a[1], money(a[2])), props=["selected=%s" % (cur.startswith(a[0]))])
        else:
            p.n(f + 1, "combobox", "Add attachment", key="att", props=[val("Select a unit first"), "disabled=True"])
        if st["attachments"]:
            p.n(f + 1, "table", "Attachments on this contract")
            p.n(f + 2, "row", "")
            for h in ["Attachment", "Description", "Weekly rate", ""]:
                p.n(f + 3, "columnheader", h)
            for a in st["attachments"]:
                p.n(f + 2, "row", "")
                p.n(f + 3, "cell", a[0])
                p.n(f + 3, "cell", a[1])
                p.n(f + 3, "cell", money(a[2]))
                p.n(f + 3, "cell", "")
                p.n(f + 4, "button", "Remove %s" % a[0])
        else:
            p.t(f + 1, "No attachments added.")
        # protection
        p.n(f, "group", "Protection")
        p.n(f + 1, "checkbox", "Damage waiver (12% of hire and attachment charges)", key="waiver",
            props=["checked='%s'" % ("true" if st["waiver"] else "false")])
        if st["waiver"]:
            p.t(f + 1, "Damage waiver added. Customer excess £500.00 per incident.")
        else:
            p.t(f + 1, "Without the damage waiver the customer is liable for the full cost of any damage.")
        p.n(f + 1, "checkbox", "Theft cover (customer has own insurance)", props=["checked='false'"])
        # delivery
        p.n(f, "radiogroup", "Delivery")
        p.n(f + 1, "radio", "Customer collects from branch", props=["checked='true'"])
        p.n(f + 1, "radio", "Northgate delivers to site", props=["checked='false'"])
        p.n(f, "textbox", "Internal notes", key="notes", props=[val(st["notes"])] if st.get("notes") else None)
        p.n(f, "button", "Save contract", key="save")
        p.n(f, "button", "Save as quote")
        p.n(f, "link", "Cancel")
        # summary
        p.n(d, "region", "Contract summary")
        p.n(d + 1, "heading", "Contract summary")
        lines = contract_totals(st)
        if lines:
            for k, x in lines:
                p.t(d + 1, "%s: %s" % (k, money(x)))
            sub = sum(x for _, x in lines)
            p.t(d + 1, "Subtotal: %s" % money(sub))
            p.t(d + 1, "VAT 20%%: %s" % money(round(sub * .2, 2)))
            p.t(d + 1, "Estimated total: %s" % money(round(sub * 1.2, 2)))
        else:
            p.t(d + 1, "Add a unit and a hire period to see charges.")
        p.n(d, "region", "Before the unit leaves the yard")
        p.n(d + 1, "list", "")
        for s in ["Photograph the machine on the yard tablet.", "Record hour meter and fuel on the delivery note.",
                  "Check the quick-hitch safety pin is fitted.", "Give the customer the operator handbook."]:
            p.n(d + 2, "listitem", "")
            p.t(d + 3, s)

    def dialog(p):
        if not st.get("dialog"):
            return
        u = U[st["unit"]]
        c = C[st["customer"]]
        p.n(1, "dialog", "Confirm checkout", props=["modal=True"])
        p.n(2, "heading", "Confirm checkout")
        p.t(2, "Customer: %s (%s)" % (c[1], c[0]))
        p.t(2, "Unit: %s %s · hour meter out {:,.1f}".format(u[3]) % (u[0], u[1]))
        p.t(2, "Hire period: %s to %s (%d days)" % (dmy(st["on"]), dmy(st["off"]), st["days"]))
        p.t(2, "Attachments: %s" % (", ".join("%s %s" % (a[0], a[1]) for a in st["attachments"]) or "None"))
        p.t(2, "Damage waiver: %s" % ("Included" if st["waiver"] else "Not taken"))
        p.t(2, "The unit will be marked On rent and a delivery note printed.")
        if st["dialog"] == "busy":
            p.n(2, "progressbar", "Saving contract…", props=["valuemin=0", "valuemax=100"])
        p.n(2, "button", "Back to contract", key="dlg_back")
        p.n(2, "button", "Confirm checkout", key="dlg_confirm")
    return page("/contracts/new" + ("?unit=%s" % st["prefill"] if st.get("prefill") else ""), "New rental contract", clock,
                ["Leeds South", "Contracts", "New contract"], main, recent, active="New checkout",
                toast=st.get("toast"), dialog=dialog)


def contract_detail_out(clock, st, rid, recent, toast=None, dup_of=None):
    """Contract page just after checkout."""
    u = U[st["unit"]]
    c = C[st["customer"]]

    def main(p, d):
        p.n(d, "heading", "Contract %s" % rid)
        if dup_of:
            p.n(d, "alert", "", props=["live='assertive'", "atomic", "relevant='additions text'"])
            p.t(d + 1, "Possible duplicate: unit %s is also on contract %s, created %s by %s for the same customer." % (u[0], dup_of, st["dup_time"], USER))
            p.n(d + 1, "link", "Open %s" % dup_of)
        p.n(d, "status", "Contract status")
        p.t(d + 1, "On rent")
        p.n(d, "button", "Print delivery note")
        p.n(d, "button", "Extend hire")
        p.n(d, "button", "Start check-in")
        p.n(d, "button", "More actions", props=["hasPopup='menu'", "expanded=False"])
        p.n(d, "region", "Contract details")
        for k, x in [("Customer", "%s (%s)" % (c[1], c[0])), ("Site", c[6]), ("Site contact", c[7]),
                     ("Unit", "%s %s · %s" % (u[0], u[1], u[2])), ("Hour meter out", "{:,.1f}".format(u[3])),
                     ("Fuel out", u[4]), ("On hire", "%s 08:00" % dmy(st["on"])), ("Expected off hire", dmy(st["off"])),
                     ("Hire length", "%d days" % st["days"]),
                     ("Damage waiver", "Included (12%)" if st["waiver"] else "Not taken - customer liable for full damage cost"),
                     ("Delivery", "Customer collects from branch"), ("Created by", "%s, %s %s" % (USER, DAY, clock))]:
            p.n(d + 1, "term", k)
            p.n(d + 1, "definition", x)
        p.n(d, "heading", "Attachments")
        p.n(d, "table", "Attachments")
        p.n(d + 1, "row", "")
        for h in ["Attachment", "Description", "Weekly rate", "Status"]:
            p.n(d + 2, "columnheader", h)
        if st["attachments"]:
            for a in st["attachments"]:
                p.n(d + 1, "row", "")
                for x in [a[0], a[1], money(a[2]), "On rent"]:
                    p.n(d + 2, "cell", x)
        else:
            p.n(d + 1, "row", "")
            p.n(d + 2, "cell", "No attachments on this contract")
        p.n(d, "heading", "Charges")
        p.n(d, "table", "Charges")
        p.n(d + 1, "row", "")
        for h in ["Line", "Amount"]:
            p.n(d + 2, "columnheader", h)
        lines = contract_totals(st)
        for k, x in lines:
            p.n(d + 1, "row", "")
            p.n(d + 2, "cell", k)
            p.n(d + 2, "cell", money(x))
        sub = sum(x for _, x in lines)
        p.n(d + 1, "row", "")
        p.n(d + 2, "cell", "Estimated total inc. VAT")
        p.n(d + 2, "cell", money(round(sub * 1.2, 2)))
        p.n(d, "heading", "Activity")
        p.n(d, "list", "Activity")
        for s in ["%s · Contract created by %s" % (clock, USER), "%s · Checkout confirmed" % clock,
                  "%s · %s status Available → On rent" % (clock, u[0]),
                  "%s · Delivery note DN-%s queued for printer LS-PRN-01" % (clock, rid[-5:])]:
            p.n(d + 1, "listitem", "")
            p.t(d + 2, s)
        p.n(d, "heading", "Other contracts for this customer")
        p.n(d, "table", "Other contracts for this customer")
        p.n(d + 1, "row", "")
        for h in ["Contract", "Unit", "Status", "Due back"]:
            p.n(d + 2, "columnheader", h)
        others = [x for x in CONTRACTS if x[2] == c[0]] + [("RC-2025-04628", "EQ-20417", c[0], "", "05/09/2025", "", "Closed", "")]
        for x in others:
            p.n(d + 1, "row", "")
            p.n(d + 2, "cell", x[0])
            p.n(d + 2, "cell", unit_label(x[1]))
            p.n(d + 2, "cell", x[6])
            p.n(d + 2, "cell", x[4])
    return page("/contracts/" + rid, "Contract %s" % rid, clock, ["Leeds South", "Contracts", rid], main, recent,
                active="Contracts", toast=toast)


def contracts_list(clock, recent):
    def main(p, d):
        p.n(d, "heading", "Contracts")
        p.n(d, "button", "New contract", key="new_contract")
        p.n(d, "group", "Filters")
        p.n(d + 1, "combobox", "Status", props=[val("Open (on rent, overdue, off-hired)"), "hasPopup='listbox'", "expanded=False"])
        p.n(d + 1, "searchbox", "Search contracts")
        p.n(d, "table", "Contracts")
        p.n(d + 1, "row", "")
        for h in ["Contract", "Unit", "Customer", "On hire", "Due back", "Status"]:
            p.n(d + 2, "columnheader", h)
        for c in CONTRACTS:
            p.n(d + 1, "row", "")
            p.n(d + 2, "cell", "")
            p.n(d + 3, "link", c[0])
            p.n(d + 2, "cell", unit_label(c[1]))
            p.n(d + 2, "cell", C[c[2]][1])
            p.n(d + 2, "cell", c[3])
            p.n(d + 2, "cell", c[4])
            p.n(d + 2, "cell", c[6])
    return page("/contracts", "Contracts", clock, ["Leeds South", "Contracts"], main, recent, active="Contracts")


# --------------------------------------------------------------------------
# Check-in workflow pages
# --------------------------------------------------------------------------


def returns_list(clock, recent, query="", branch="BR-07", stale=False):
    rows = CONTRACTS if branch == "BR-07" else CONTRACTS_NORTH
    rows = [r for r in rows if r[6] in ("On rent", "Overdue") and r[4] in ("14/10/2025", "13/10/2025", "10/10/2025", "15/10/2025")]
    nores = False
    if query:
        qu = query.upper()
        m = [r for r in rows if r[0].startswith(qu) or r[1].startswith(qu) or query.lower() in C[r[2]][1].lower()]
        if not m:
            nores = True
        rows = m
    bname = BRANCH if branch == "BR-07" else BRANCH_N

    def main(p, d):
        p.n(d, "heading", "Returns & check-in")
        if stale:
            p.n(d, "note", "")
            p.t(d + 1, "Filters restored from your last session (13 Oct 2025 17:42).")
        p.n(d, "group", "Filters")
        p.n(d + 1, "button", "Branch: %s ✕" % bname)
        p.n(d + 1, "button", "Due: today and overdue ✕")
        p.n(d + 1, "combobox", "Branch", props=[val(bname), "hasPopup='listbox'", "expanded=False"])
        p.n(d + 1, "searchbox", "Search returns by contract, unit or customer", key="rsearch", props=[val(query)] if query else None)
        p.n(d + 1, "button", "Apply")
        if nores:
            p.n(d, "status", "")
            p.t(d + 1, "No returns match '%s'. Search by full contract number (RC-2025-…), unit ID or customer." % query)
        else:
            p.t(d, "%d returns" % len(rows))
        p.n(d, "table", "Returns due")
        p.n(d + 1, "row", "")
        for h in ["Contract", "Unit", "Customer", "Site", "Due back", "Status", "Action"]:
            p.n(d + 2, "columnheader", h)
        for r in rows:
            p.n(d + 1, "row", "")
            p.n(d + 2, "cell", "")
            p.n(d + 3, "link", r[0], key="rl:" + r[0])
            p.n(d + 2, "cell", unit_label(r[1]))
            p.n(d + 2, "cell", C[r[2]][1])
            p.n(d + 2, "cell", r[7])
            p.n(d + 2, "cell", r[4])
            p.n(d + 2, "cell", r[6])
            p.n(d + 2, "cell", "")
            p.n(d + 3, "button", "Check in %s" % r[0], key="rc:" + r[0])
        p.n(d, "heading", "Checked in today")
        p.n(d, "table", "Checked in today")
        p.n(d + 1, "row", "")
        for h in ["Contract", "Unit", "Checked in", "By", "Damage"]:
            p.n(d + 2, "columnheader", h)
        for r in [("RC-2025-04755", "EQ-27737 Hitachi ZX85USB-6", "07:58", "L. Frost", "None"),
                  ("RC-2025-04768", "EQ-50219 Thwaites 3 t dumper", "08:06", "L. Frost", "DMG-3317 · £95.00")]:
            p.n(d + 1, "row", "")
            for x in r:
                p.n(d + 2, "cell", x)
        p.n(d, "region", "Yard returns bay")
        p.t(d + 1, "Bays free: C5, C6, D2 · Wash bay: free")
        p.t(d + 1, "Diesel price for refuelling charges: £1.95/L")
    q = "&q=" + query if query else ""
    return page("/returns?branch=%s&due=today%s" % (branch, q), "Returns & check-in", clock,
                ["Leeds South", "Returns & check-in"], main, recent, active="Returns & check-in")


def contract_detail_rent(clock, ct, recent):
    c = C[ct["cust"]]
    u = U[ct["unit"]]

    def main(p, d):
        p.n(d, "heading", "Contract %s" % ct["rc"])
        p.n(d, "status", "Contract status")
        p.t(d + 1, "On rent · due back today")
        p.n(d, "button", "Start check-in", key="start_checkin")
        p.n(d, "button", "Extend hire")
        p.n(d, "button", "Print contract")
        p.n(d, "button", "More actions", props=["hasPopup='menu'", "expanded=False"])
        p.n(d, "region", "Contract details")
        for k, x in [("Customer", "%s (%s)" % (c[1], c[0])), ("Site", c[6]), ("Site contact", c[7]),
                     ("Unit", "%s %s · %s" % (u[0], u[1], u[2])), ("Hour meter out", "{:,.1f}".format(ct["out_hours"])),
                     ("Fuel out", "Full"), ("On hire", ct["on"] + " 08:00"), ("Expected off hire", ct["due"]),
                     ("Damage waiver", ct["waiver"]), ("Attachments", ct["atts"])]:
            p.n(d + 1, "term", k)
            p.n(d + 1, "definition", x)
        p.n(d, "heading", "Charges to date")
        p.n(d, "table", "Charges to date")
        p.n(d + 1, "row", "")
        for h in ["Line", "Amount", "Invoice"]:
            p.n(d + 2, "columnheader", h)
        for r in ct["charges"]:
            p.n(d + 1, "row", "")
            for x in r:
                p.n(d + 2, "cell", x)
        p.n(d, "heading", "Telematics")
        p.t(d, "Last position %s · engine hours reported {:,.1f} at 06:10".format(ct["tele_hours"]) % ct["tele_pos"])
        p.n(d, "heading", "Activity")
        p.n(d, "list", "Activity")
        for s in ct["activity"]:
            p.n(d + 1, "listitem", "")
            p.t(d + 2, s)
        p.n(d, "heading", "Open contracts with similar units")
        p.n(d, "list", "")
        for s in ct["similar"]:
            p.n(d + 1, "listitem", "")
            p.n(d + 2, "link", s)
    return page("/contracts/" + ct["rc"], "Contract %s" % ct["rc"], clock, ["Leeds South", "Contracts", ct["rc"]],
                main, recent, active="Contracts")


def checkin_form(clock, st, recent):
    ct = st["ct"]
    c = C[ct["cust"]]
    u = U[ct["unit"]]

    def main(p, d):
        p.n(d, "heading", "Check-in · %s" % ct["rc"])
        p.t(d, "Check-in not yet completed · started %s by %s" % (st["started"], USER))
        if st.get("alert"):
            p.n(d, "alert", "", props=["live='assertive'", "atomic", "relevant='additions text'"])
            for s in st["alert"]:
                p.t(d + 1, s)
        p.n(d, "region", "Returning unit")
        for k, x in [("Unit", "%s %s · %s" % (u[0], u[1], u[2])), ("Customer", "%s (%s)" % (c[1], c[0])),
                     ("On hire", ct["on"]), ("Due back", ct["due"]), ("Hour meter out", "{:,.1f}".format(ct["out_hours"])),
                     ("Fuel out", "Full (%d L tank)" % u[9]), ("Damage waiver", ct["waiver"])]:
            p.n(d + 1, "term", k)
            p.n(d + 1, "definition", x)
        p.n(d, "form", "Check-in")
        f = d + 1
        p.n(f, "group", "Readings")
        hp = [val(st["hours"])] if st.get("hours") else []
        p.n(f + 1, "textbox", "Hour meter reading (hrs)", key="hours", props=hp + ["required"])
        if st.get("hours"):
            try:
                used = float(st["hours"].replace(",", "")) - ct["out_hours"]
                p.t(f + 1, "Hours used on hire: {:,.1f}".format(used))
                if used < 0:
                    p.t(f + 1, "Warning: reading is lower than the hour meter out ({:,.1f}). If the meter was replaced, "
                               "explain in the check-in notes.".format(ct["out_hours"]))
            except ValueError:
                p.t(f + 1, "Enter the reading shown on the machine display")
        else:
            p.t(f + 1, "Enter the reading shown on the machine display")
        fuel = st.get("fuel")
        p.n(f + 1, "combobox", "Fuel level on return", key="fuel",
            props=[val(fuel or "Select…"), "hasPopup='listbox'", "expanded=False", "required"])
        p.n(f + 2, "listbox", "")
        for lv in FUEL_LEVELS:
            p.n(f + 3, "option", lv, props=["selected=%s" % (lv == fuel)])
        if fuel:
            litres = (1 - FUEL_FRAC[fuel]) * u[9]
            p.t(f + 1, "Refuelling charge: %.1f L × £1.95 = %s" % (litres, money(round(litres * DIESEL_PER_L, 2))))
        p.n(f + 1, "checkbox", "Returned clean", props=["checked='false'"])
        p.n(f + 1, "checkbox", "All attachments returned", props=["checked='true'"])
        p.n(f, "group", "Damage")
        p.n(f + 1, "checkbox", "Damage found on inspection", key="dmg_found",
            props=["checked='%s'" % ("true" if st.get("dmg_found") else "false")])
        if st.get("dmg_found"):
            dp = [val(st["desc"])] if st.get("desc") else []
            p.n(f + 1, "textbox", "Damage description", key="desc", props=dp + ["required"])
            cat = st.get("cat")
            p.n(f + 1, "combobox", "Damage category", key="cat",
                props=[val(cat or "Select…"), "hasPopup='listbox'", "expanded=False", "required"])
            p.n(f + 2, "listbox", "")
            for x in DAMAGE_CATS:
                p.n(f + 3, "option", x, props=["selected=%s" % (x == cat)])
            ap = [val(st["amount"])] if st.get("amount") else []
            p.n(f + 1, "textbox", "Charge amount (£, ex VAT)", key="amount", props=ap + ["required"])
            p.n(f + 1, "button", "Add photo")
            p.n(f + 1, "button", "Raise damage charge", key="raise")
            p.t(f + 1, "Damage waiver: customer pays up to the £500.00 excess; charges over £250.00 are reviewed by the branch manager.")
        p.n(f + 1, "heading", "Damage charges on this return")
        if st.get("charges"):
            p.n(f + 1, "table", "Damage charges on this return")
            p.n(f + 2, "row", "")
            for h in ["Charge", "Category", "Description", "Amount", "Status"]:
                p.n(f + 3, "columnheader", h)
            for ch in st["charges"]:
                p.n(f + 2, "row", "")
                for x in ch:
                    p.n(f + 3, "cell", x)
        else:
            p.t(f + 1, "No damage charges raised yet.")
        p.n(f, "group", "After check-in")
        ns = st.get("next_status", "Inspection")
        p.n(f + 1, "combobox", "Unit status after check-in", key="next",
            props=[val(ns), "hasPopup='listbox'", "expanded=False"])
        p.n(f + 2, "listbox", "")
        for x in NEXT_STATUS:
            p.n(f + 3, "option", x, props=["selected=%s" % (x == ns)])
        p.n(f + 1, "textbox", "Yard bay", props=[val(st.get("bay", "C5"))])
        npp = [val(st["notes"])] if st.get("notes") else []
        p.n(f + 1, "textbox", "Check-in notes", key="notes", props=npp)
        p.n(f, "button", "Complete check-in", key="complete")
        p.n(f, "button", "Save draft")
        p.n(f, "link", "Cancel check-in")
        p.n(d, "region", "Telematics")
        p.t(d + 1, "Engine hours reported {:,.1f} at 06:10 · last position {}".format(ct["tele_hours"], ct["tele_pos"]))
        p.n(d, "region", "Check-in checklist")
        p.n(d + 1, "list", "")
        for s in ["Read the hour meter from the cab display, not telematics.", "Dip or read the fuel gauge before refuelling.",
                  "Walk round the machine with the driver; photograph any damage.", "Check teeth, hoses, glass and tracks."]:
            p.n(d + 2, "listitem", "")
            p.t(d + 3, s)

    def dialog(p):
        if not st.get("dialog"):
            return
        p.n(1, "dialog", "Complete check-in?", props=["modal=True"])
        p.n(2, "heading", "Complete check-in for %s?" % ct["rc"])
        p.t(2, "Hour meter in: %s · Fuel: %s" % (st.get("hours"), st.get("fuel")))
        p.t(2, "Damage charges: %s" % (", ".join("%s %s" % (ch[0], ch[3]) for ch in st.get("charges", [])) or "none"))
        p.t(2, "Unit status after check-in: %s" % st.get("next_status", "Inspection"))
        p.t(2, "The contract will be off-hired at %s and the final invoice prepared." % clock)
        p.n(2, "button", "Cancel", key="dlg_cancel")
        p.n(2, "button", "Complete check-in", key="dlg_complete")
    return page("/returns/%s/checkin" % ct["rc"], "Check-in %s" % ct["rc"], clock,
                ["Leeds South", "Returns & check-in", ct["rc"], "Check-in"], main, recent, active="Returns & check-in",
                toast=st.get("toast"), dialog=dialog)


def contract_detail_returned(clock, st, recent, toast):
    ct = st["ct"]
    c = C[ct["cust"]]
    u = U[ct["unit"]]
    hours = float(st["hours"].replace(",", ""))
    litres = (1 - FUEL_FRAC[st["fuel"]]) * u[9]
    refuel = round(litres * DIESEL_PER_L, 2)
    charges = st.get("charges", [])

    def main(p, d):
        p.n(d, "heading", "Contract %s" % ct["rc"])
        p.n(d, "status", "Contract status")
        p.t(d + 1, "Returned · damage charges pending" if charges else "Returned")
        p.n(d, "button", "Print return note")
        p.n(d, "button", "Prepare final invoice")
        p.n(d, "button", "More actions", props=["hasPopup='menu'", "expanded=False"])
        p.n(d, "region", "Contract details")
        for k, x in [("Customer", "%s (%s)" % (c[1], c[0])), ("Unit", "%s %s · %s" % (u[0], u[1], u[2])),
                     ("Unit status", st.get("next_status", "Inspection")),
                     ("On hire", ct["on"]), ("Off hired", "%s %s" % (DAY, clock)),
                     ("Hour meter out", "{:,.1f}".format(ct["out_hours"])), ("Hour meter in", "{:,.1f}".format(hours)),
                     ("Hours used", "{:,.1f}".format(hours - ct["out_hours"]) + (" (reading lower than hour meter out - flagged for review)"
                                                                               if hours < ct["out_hours"] else "")),
                     ("Fuel out", "Full"), ("Fuel in", st["fuel"]),
                     ("Damage waiver", ct["waiver"]), ("Checked in by", USER)]:
            p.n(d + 1, "term", k)
            p.n(d + 1, "definition", x)
        p.n(d, "heading", "Return charges")
        p.n(d, "table", "Return charges")
        p.n(d + 1, "row", "")
        for h in ["Line", "Reference", "Amount", "Status"]:
            p.n(d + 2, "columnheader", h)
        p.n(d + 1, "row", "")
        for x in ["Refuelling %.1f L" % litres, "-", money(refuel), "To invoice"]:
            p.n(d + 2, "cell", x)
        for ch in charges:
            p.n(d + 1, "row", "")
            for x in ["Damage: %s" % ch[2], ch[0], ch[3], ch[4]]:
                p.n(d + 2, "cell", x)
        if not charges:
            p.n(d + 1, "row", "")
            p.n(d + 2, "cell", "No damage charges raised")
        p.n(d, "heading", "Charges to date")
        p.n(d, "table", "Charges to date")
        p.n(d + 1, "row", "")
        for h in ["Line", "Amount", "Invoice"]:
            p.n(d + 2, "columnheader", h)
        for r in ct["charges"]:
            p.n(d + 1, "row", "")
            for x in r:
                p.n(d + 2, "cell", x)
        p.n(d, "heading", "Activity")
        p.n(d, "list", "Activity")
        acts = ["%s · Check-in completed by %s" % (clock, USER),
                "%s · %s status On rent → %s" % (clock, u[0], st.get("next_status", "Inspection"))]
        for ch in charges:
            acts.append("%s · Damage charge %s raised (%s), %s" % (st["raised_at"], ch[0], ch[3], ch[4].lower()))
        acts += ct["activity"]
        for s in acts:
            p.n(d + 1, "listitem", "")
            p.t(d + 2, s)
        p.n(d, "heading", "Open contracts with similar units")
        p.n(d, "list", "")
        for s in ct["similar"]:
            p.n(d + 1, "listitem", "")
            p.n(d + 2, "link", s)
    return page("/contracts/" + ct["rc"], "Contract %s" % ct["rc"], clock, ["Leeds South", "Contracts", ct["rc"]],
                main, recent, active="Contracts", toast=toast)


# --------------------------------------------------------------------------
# Task variants
# --------------------------------------------------------------------------
CHECKOUT_VARIANTS = {
    "checkout-a1": dict(
        task="Check out the Kubota KX057-5 mini excavator EQ-20417 to Hartley Groundworks Ltd (CUS-10382) on a new rental "
             "contract from 14 Oct 2025 to 21 Oct 2025, with the 600 mm ditching bucket (AT-5516) and the damage waiver, "
             "and confirm the checkout.",
        cust="CUS-10382", cust_name="Hartley Groundworks Ltd", unit="EQ-20417", on="2025-10-14", off="2025-10-21",
        att="AT-5516", att_list=ATTACH_KX057, rc="RC-2025-04862", cust_q="Hartley", unit_q="EQ-20417"),
    "checkout-a2": dict(
        task="Check out the CAT 308 CR excavator EQ-31205 to Pennine Civils Ltd (CUS-20415) on a new rental contract from "
             "14 Oct 2025 to 28 Oct 2025, with the HB-680 hydraulic breaker (AT-7023) and the damage waiver, and confirm "
             "the checkout.",
        cust="CUS-20415", cust_name="Pennine Civils Ltd", unit="EQ-31205", on="2025-10-14", off="2025-10-28",
        att="AT-7023", att_list=ATTACH_CAT308, rc="RC-2025-04864", cust_q="Pennine", unit_q="EQ-31205"),
}
for _k, _v in CHECKOUT_VARIANTS.items():
    _v["att_t"] = [a for a in _v["att_list"] if a[0] == _v["att"]][0]

CHECKIN_VARIANTS = {
    "checkin-b1": dict(
        task="Check in the JCB 19C-1 micro excavator EQ-20388 returned today on contract RC-2025-04791 (Wharfe Landscapes): "
             "record hour meter 1236.5 and fuel level 3/8, raise a damage charge of £185.00 for a cracked bucket tooth, "
             "and complete the check-in.",
        ct=dict(rc="RC-2025-04791", unit="EQ-20388", cust="CUS-16021", on="29/09/2025", due="14/10/2025",
                out_hours=1204.0, waiver="Included (12%)", atts="AT-5402 450 mm digging bucket",
                tele_hours=1236.1, tele_pos="Leeds South yard (returned 08:05)",
                charges=[("Hire 29/09-05/10", "£255.00", "INV-771204"), ("Hire 06/10-12/10", "£255.00", "INV-772018"),
                         ("Damage waiver", "£61.20", "INV-772018"), ("Hire 13/10-14/10 (to date)", "£170.00", "Not invoiced")],
                activity=["08:05 · Unit returned to yard by customer (Jo Pickard)", "13/10/2025 16:20 · Off-hire call logged by L. Frost",
                          "29/09/2025 07:40 · Checkout confirmed by L. Frost"],
                similar=["RC-2025-04719 EQ-20383 JCB 19C-1 · Aire Valley Drainage", "RC-2025-04797 EQ-20838 JCB 16C-1 · Brigg & Sons Plant Services"]),
        hours="1236.5", fuel="3/8", desc="Cracked bucket tooth on 450 mm digging bucket", cat="Bucket / teeth / cutting edge",
        amount="185.00", dmg="DMG-3318", search="RC-2025-04791", gsearch="EQ-20388"),
    "checkin-b2": dict(
        task="Check in the Volvo EC140E excavator EQ-41102 returned today on contract RC-2025-04806 (Calder Utilities "
             "Contracting): record hour meter 2078.4 and fuel level 1/4, raise a damage charge of £420.00 for a dented "
             "nearside cab door, and complete the check-in.",
        ct=dict(rc="RC-2025-04806", unit="EQ-41102", cust="CUS-15533", on="02/10/2025", due="14/10/2025",
                out_hours=2041.9, waiver="Included (12%)", atts="AT-7110 1800 mm grading bucket",
                tele_hours=2077.9, tele_pos="Leeds South yard (returned 07:50)",
                charges=[("Hire 02/10-08/10", "£960.00", "INV-771877"), ("Damage waiver", "£115.20", "INV-771877"),
                         ("Hire 09/10-14/10 (to date)", "£960.00", "Not invoiced")],
                activity=["07:50 · Unit delivered back by Northgate transport (TR-2291)", "13/10/2025 11:02 · Off-hire call logged by D. Okafor",
                          "02/10/2025 06:55 · Checkout confirmed by L. Frost"],
                similar=["RC-2025-04860 EQ-41120 Volvo EC140E · Calder Utilities Contracting (Leeds North)",
                         "RC-2025-04608 EQ-41012 Volvo ECR145E · Pennine Civils Ltd"]),
        hours="2078.4", fuel="1/4", desc="Dented nearside cab door panel", cat="Cab / bodywork / glass",
        amount="420.00", dmg="DMG-3319", search="RC-2025-04806", gsearch="EQ-41102"),
}
# wrong contract reached through the stale Leeds North filter
WRONG_CT_NORTH = dict(rc="RC-2025-04860", unit="EQ-41120", cust="CUS-15533", on="10/10/2025", due="14/10/2025",
                      out_hours=3305.6, waiver="Included (12%)", atts="AT-7110 1800 mm grading bucket",
                      tele_hours=3311.0, tele_pos="Ring Road, Seacroft (on site)",
                      charges=[("Hire 10/10-14/10 (to date)", "£960.00", "Not invoiced"), ("Damage waiver", "£115.20", "Not invoiced")],
                      activity=["10/10/2025 07:15 · Checkout confirmed by R. Haigh (Leeds North)"],
                      similar=["RC-2025-04806 EQ-41102 Volvo EC140E · Calder Utilities Contracting"])

# --------------------------------------------------------------------------
# Plans (written from the task and the healthy pages, before any faulty run)
# --------------------------------------------------------------------------


def checkout_plan(key):
    v = CHECKOUT_VARIANTS[key]
    u = U[v["unit"]]
    c = C[v["cust"]]
    a = v["att_t"]
    wrong_units = [x[0] for x in UNITS if x[0] != u[0] and x[1].split()[0] == u[1].split()[0] and x[2] == u[2]]
    near_cust = {"CUS-10382": ["Hartley Ground Works (Leeds) Ltd", "Hartly Groundworks & Drainage"],
                 "CUS-20415": ["Pennine Civil Engineering Ltd"]}[c[0]]
    days = days_between(v["on"], v["off"])
    return {
        "task": v["task"],
        "plan_falsifiers": {
            "execution": ["Your session has expired, sign in again",
                          "You do not have permission to do this",
                          "Something went wrong, the contract was not saved"],
        },
        "commitments": [
            {"id": "open-form", "subgoal": "Open a blank new rental contract form", "confidence": 0.9,
             "confirm": {"precondition": ["Signed in to the Leeds South branch console"],
                         "progress": [],
                         "completion": ["New rental contract form, draft not yet saved"]},
             "falsify": {"execution": ["An existing contract is open for editing instead of a new one"],
                         "skill": [], "planning": []}},
            {"id": "pick-customer", "subgoal": "Put %s (%s) on the contract as the customer" % (c[1], c[0]),
             "confidence": 0.7,
             "confirm": {"precondition": ["Customer field on the new contract form"],
                         "progress": ["Customer suggestions listing %s" % c[1]],
                         "completion": ["Customer %s (%s) selected, credit OK" % (c[1], c[0])]},
             "falsify": {"execution": ["Customer %s selected" % n for n in near_cust],
                         "skill": ["No customers match the search"],
                         "planning": ["Customer account is on stop"]}},
            {"id": "pick-unit", "subgoal": "Put unit %s %s on the contract" % (u[0], u[1]), "confidence": 0.7,
             "confirm": {"precondition": ["Unit field on the contract form"],
                         "progress": ["Unit suggestions list %s" % u[0]],
                         "completion": ["Unit %s %s selected and available from 14/10/2025" % (u[0], u[1])]},
             "falsify": {"execution": ["Unit %s selected" % w for w in wrong_units],
                         "skill": [],
                         "planning": ["Unit %s is on rent, reserved or in the workshop" % u[0]]}},
            {"id": "set-period", "subgoal": "Set the hire period %s to %s (%d days)" % (dmy(v["on"]), dmy(v["off"]), days),
             "confidence": 0.8,
             "confirm": {"precondition": [],
                         "progress": ["On-hire date 14/10/2025"],
                         "completion": ["Expected off-hire date %s, hire length %d days" % (v["off"], days)]},
             "falsify": {"execution": ["Hire length is not %d days" % days, "Off-hire date is before the on-hire date"],
                         "skill": [], "planning": []}},
            {"id": "add-attachment", "subgoal": "Add the %s (%s) to the contract" % (a[1], a[0]), "confidence": 0.7,
             "confirm": {"precondition": ["Attachment picker is enabled once the unit is chosen"],
                         "progress": [],
                         "completion": ["Attachments on this contract include %s %s" % (a[0], a[1])]},
             "falsify": {"execution": ["A different attachment was added instead of %s" % a[0]],
                         "skill": ["Attachment picker disabled"],
                         "planning": ["%s is already allocated to another contract" % a[0]]}},
            {"id": "add-waiver", "subgoal": "Tick the damage waiver", "confidence": 0.8,
             "confirm": {"precondition": [], "progress": [],
                         "completion": ["Damage waiver ticked and added to the contract summary"]},
             "falsify": {"execution": ["Damage waiver not taken, customer liable for the full cost of damage"],
                         "skill": [], "planning": []}},
            {"id": "confirm-checkout", "subgoal": "Save the contract and confirm the checkout", "confidence": 0.6,
             "confirm": {"precondition": ["All contract fields filled in"],
                         "progress": ["Confirm checkout dialog showing the customer, unit, dates, attachment and waiver"],
                         "completion": ["Contract created with status On rent for %s" % u[0],
                                        "Checkout confirmed message"]},
             "falsify": {"execution": ["Contract not saved error",
                                       "Possible duplicate contract for the same unit",
                                       {"text": "Cancel or Back to contract in the confirm dialog", "on": "action"}],
                         "skill": ["Confirm button does nothing"],
                         "planning": ["Attachment already allocated to another contract"]}},
        ],
    }


def checkin_plan(key):
    v = CHECKIN_VARIANTS[key]
    ct = v["ct"]
    u = U[ct["unit"]]
    near = {"RC-2025-04791": ["RC-2025-04719", "RC-2025-04797", "EQ-20383"],
            "RC-2025-04806": ["RC-2025-04860", "RC-2025-04608", "EQ-41120"]}[ct["rc"]]
    return {
        "task": v["task"],
        "plan_falsifiers": {
            "execution": ["Your session has expired, sign in again",
                          "Permission denied for this action",
                          "An error occurred and the check-in was not saved"],
        },
        "commitments": [
            {"id": "find-return", "subgoal": "Find and open the return for contract %s (%s %s)" % (ct["rc"], u[0], u[1]),
             "confidence": 0.7,
             "confirm": {"precondition": ["Returns list for Leeds South, due today"],
                         "progress": ["Search results showing %s" % ct["rc"]],
                         "completion": ["Contract %s for unit %s is open" % (ct["rc"], u[0])]},
             "falsify": {"execution": ["Contract %s opened" % near[0], "Contract %s opened" % near[1],
                                       "Unit %s on the page instead of %s" % (near[2], u[0])],
                         "skill": ["No returns match the search"],
                         "planning": ["Contract %s already returned" % ct["rc"], "Returns list shows another branch"]}},
            {"id": "start-checkin", "subgoal": "Start the check-in for %s" % ct["rc"], "confidence": 0.8,
             "confirm": {"precondition": [], "progress": [],
                         "completion": ["Check-in form for %s, not yet completed" % ct["rc"]]},
             "falsify": {"execution": ["Check-in form for a different contract"], "skill": [], "planning": []}},
            {"id": "record-readings", "subgoal": "Enter hour meter %s and fuel level %s" % (v["hours"], v["fuel"]),
             "confidence": 0.8,
             "confirm": {"precondition": ["Hour meter and fuel fields on the check-in form"],
                         "progress": ["Hour meter reading %s entered" % v["hours"]],
                         "completion": ["Fuel level on return %s and a refuelling charge shown" % v["fuel"]]},
             "falsify": {"execution": ["Hour meter reading other than %s" % v["hours"],
                                       "Reading lower than the hour meter out"],
                         "skill": [], "planning": []}},
            {"id": "raise-damage", "subgoal": "Raise a damage charge of £%s for: %s" % (v["amount"], v["desc"].lower()),
             "confidence": 0.6,
             "confirm": {"precondition": ["Damage found ticked and the damage fields shown"],
                         "progress": ["Damage description, category and amount filled in"],
                         "completion": ["Damage charge DMG raised for £%s, pending approval" % v["amount"]]},
             "falsify": {"execution": ["Still no damage charges raised after clicking raise",
                                       "Not allowed to raise damage charges"],
                         "skill": ["Raise damage charge button missing or disabled"],
                         "planning": []}},
            {"id": "complete-checkin", "subgoal": "Complete the check-in so the contract is off-hired", "confidence": 0.6,
             "confirm": {"precondition": ["Readings and damage charge recorded on the form"],
                         "progress": ["Complete check-in confirmation dialog"],
                         "completion": ["Contract %s returned with damage charges pending" % ct["rc"],
                                        "Check-in complete message"]},
             "falsify": {"execution": ["Check-in still not completed",
                                       {"text": "Cancel in the complete check-in dialog", "on": "action"},
                                       "Unit status set to available for hire although it is damaged"],
                         "skill": [], "planning": []}},
        ],
    }


# --------------------------------------------------------------------------
# Run recorder
# --------------------------------------------------------------------------


class Run:
    def __init__(self, rid, workflow, variant, task, fault, off, seed, start_min, first_page_fn):
        self.rid, self.workflow, self.variant, self.task = rid, workflow, variant, task
        self.fault, self.off = fault, off
        self.rng = random.Random(seed)
        self.sec = start_min * 60 + self.rng.randint(0, 50)
        self.page = first_page_fn(self.clock())
        self.initial = self.page.obs()
        self.steps = []
        self.mark_at = None

    def mark(self):
        """Called right before the action that takes the run off track (or whose page first shows the fault)."""
        assert self.mark_at is None
        self.mark_at = len(self.steps)

    def clock(self):
        return "%02d:%02d" % (self.sec // 3600, (self.sec // 60) % 60)

    def tick(self):
        self.sec += self.rng.randint(14, 70)
        return self.clock()

    def _act(self, cmd, target, reasoning, effect, commitment, nxt, error=None):
        clk = self.tick()
        newp = nxt(clk) if callable(nxt) else nxt
        self.steps.append({"commitment": commitment,
                           "action": {"command": cmd, "reasoning": reasoning, "target": target, "effect": effect},
                           "observation": newp.obs(error)})
        self.page = newp

    def _el(self, key):
        bid, role, name = self.page.keys[key]
        return bid, "%s %r" % (role, name)

    def click(self, key, reasoning, commitment, nxt, effect="read"):
        bid, tgt = self._el(key)
        self._act("click(%r)" % bid, tgt, reasoning, effect, commitment, nxt)

    def fill(self, key, value, reasoning, commitment, nxt, effect="write"):
        bid, tgt = self._el(key)
        self._act("fill(%r, %r)" % (bid, value), tgt, reasoning, effect, commitment, nxt)

    def press(self, key, k, reasoning, commitment, nxt):
        bid, tgt = self._el(key)
        self._act("press(%r, %r)" % (bid, k), tgt, reasoning, "read", commitment, nxt)

    def select(self, key, value, reasoning, commitment, nxt):
        bid, tgt = self._el(key)
        self._act("select_option(%r, %r)" % (bid, value), tgt, reasoning, "write", commitment, nxt)

    def say(self, msg, commitment):
        p = self.page
        self.steps.append({"commitment": commitment,
                           "action": {"command": "send_msg_to_user(%r)" % msg, "reasoning": "Report the result to the user",
                                      "target": None, "effect": "read"},
                           "observation": p.obs()})

    def record(self, plan_path, success):
        assert (self.fault is None) == (self.mark_at is None), self.rid
        if self.fault is not None and self.off is not None:
            assert self.off == self.mark_at, (self.rid, self.off, self.mark_at)
        self.off = self.mark_at
        return {"id": self.rid, "workflow": self.workflow, "variant": self.variant, "task": self.task, "plan": plan_path,
                "label": {"fault": self.fault, "first_off_track_step": self.off},
                "initial_observation": self.initial, "steps": self.steps, "outcome": {"success": success}}


# --------------------------------------------------------------------------
# Checkout runs
# --------------------------------------------------------------------------


def co_state(v, **kw):
    st = dict(v=v, cust_query="", cust_opts=None, customer=None, unit_query="", unit_opts=None, unit=None,
              on=v["on"], off="", days=None, att_sel=None, attachments=[], waiver=False, po="", notes="",
              alert=None, dialog=None, toast=None, prefill=None)
    st.update(kw)
    return st


def S(st, **kw):
    n = dict(st)
    n.update(kw)
    return n


def cust_matches(q):
    q = q.lower()
    out = [c[0] for c in CUSTOMERS if q in c[1].lower() or q == c[0].lower()]
    return out


def unit_matches(q):
    qq = q.upper()
    exact = [u[0] for u in UNITS if qq in u[0] or qq.lower() in u[1].lower()]
    # near-miss suggestions ("did you mean") for IDs: same digits in another order or one digit off
    if qq.startswith("EQ-"):
        digits = qq[3:]
        for u in UNITS:
            d = u[0][3:]
            if u[0] in exact or len(d) != len(digits):
                continue
            diff = sum(1 for a, b in zip(d, digits) if a != b)
            if sorted(d) == sorted(digits) or diff == 1:
                exact.append(u[0])
    return exact


def checkout_run(rid, key, fault, off, seed, start_min, script):
    v = CHECKOUT_VARIANTS[key]
    recent = RECENT_OUT
    r = Run(rid, "checkout", key, v["task"], fault, off, seed, start_min,
            script.get("start", lambda clk: dashboard(clk, recent)))
    script["body"](r, v, recent)
    return r.record("plans/%s.yaml" % key, fault is None)


def co_common_front(r, v, recent, via="dash", cust_tries=None, unit_pick=None, unit_q=None):
    """Open form, pick customer and unit. Returns state."""
    st = co_state(v)
    if via == "dash":
        r.click("dash_new", "Start a new checkout from the dashboard", "open-form",
                lambda clk: checkout_form(clk, st, recent))
    elif via == "contracts":
        r.click("nav:Contracts", "Go to the contracts list to create a new contract", "open-form",
                lambda clk: contracts_list(clk, recent))
        r.click("new_contract", "Create a new contract", "open-form", lambda clk: checkout_form(clk, st, recent))
    for q in (cust_tries or [v["cust_q"]]):
        st = S(st, cust_query=q, cust_opts=cust_matches(q))
        s2 = st
        r.fill("cust", q, "Search the customer account %s" % ("again with the account number" if q.startswith("CUS") else "by name"),
               "pick-customer", lambda clk, s2=s2: checkout_form(clk, s2, recent))
    st = S(st, customer=v["cust"], cust_opts=None)
    s2 = st
    r.click("copt:" + v["cust"], "Select %s, account %s" % (v["cust_name"], v["cust"]), "pick-customer",
            lambda clk: checkout_form(clk, s2, recent))
    if st.get("unit") is None:
        q = unit_q or v["unit_q"]
        st = S(st, unit_query=q, unit_opts=unit_matches(q))
        s2 = st
        r.fill("unit", q, "Find the unit to hire", "pick-unit", lambda clk: checkout_form(clk, s2, recent))
        pick = unit_pick or v["unit"]
        st = S(st, unit=pick, unit_opts=None)
        s2 = st
        if pick != v["unit"]:
            r.mark()
        r.click("uopt:" + pick, "Select %s from the suggestions" % pick, "pick-unit",
                lambda clk: checkout_form(clk, s2, recent))
    return st


def co_period(r, st, recent, off):
    st = S(st, off=off, days=days_between(st["on"], off))
    s2 = st
    r.fill("off", off, "Set the expected off-hire date", "set-period", lambda clk: checkout_form(clk, s2, recent))
    return st


def co_attach(r, st, recent, att):
    label = "%s · %s · %s/wk" % (att[0], att[1], money(att[2]))
    st = S(st, att_sel=label, attachments=st["attachments"] + [att],
           toast="%s %s added to the contract" % (att[0], att[1]))
    s2 = st
    r.select("att", label, "Add the %s" % att[1], "add-attachment", lambda clk: checkout_form(clk, s2, recent))
    return S(st, toast=None)


def co_waiver(r, st, recent):
    st = S(st, waiver=True)
    s2 = st
    r.click("waiver", "Tick the damage waiver as requested", "add-waiver", lambda clk: checkout_form(clk, s2, recent), effect="write")
    return st


def co_save_confirm(r, st, recent, rid):
    st = S(st, dialog="open")
    s2 = st
    r.click("save", "Save the contract", "confirm-checkout", lambda clk: checkout_form(clk, s2, recent), effect="write")
    s3 = S(st, dialog=None)
    r.click("dlg_confirm", "Everything in the summary matches the task; confirm the checkout", "confirm-checkout",
            lambda clk: contract_detail_out(clk, s3, rid, [rid + " " + C[s3["customer"]][1]] + recent[:5],
                                            toast="Checkout confirmed · contract %s is on rent" % rid),
            effect="irreversible")
    return s3


def co_report(r, st, rid, text=None):
    v = st["v"]
    u = U[st["unit"]]
    msg = text or ("Checked out %s %s to %s on contract %s, %s to %s, with %s and the damage waiver. Status: On rent." %
                   (u[0], u[1], v["cust_name"], rid, dmy(v["on"]), dmy(v["off"]), v["att_t"][1]))
    r.say(msg, "confirm-checkout")


# ---- healthy checkout runs ------------------------------------------------

def co_h1(r, v, recent):
    st = co_common_front(r, v, recent)
    st = co_period(r, st, recent, v["off"])
    st = co_attach(r, st, recent, v["att_t"])
    st = co_waiver(r, st, recent)
    st = co_save_confirm(r, st, recent, v["rc"])
    co_report(r, st, v["rc"])


def co_h2(r, v, recent):
    # customer search needed a second try (transposed account number first), via Contracts list
    st = co_common_front(r, v, recent, via="contracts", cust_tries=["CUS-10832", "CUS-10382"])
    st = co_period(r, st, recent, v["off"])
    st = co_waiver(r, st, recent)          # waiver ticked before the attachment: different order
    st = co_attach(r, st, recent, v["att_t"])
    st = co_save_confirm(r, st, recent, v["rc"])
    co_report(r, st, v["rc"])


def co_h3(r, v, recent):
    # from the equipment list; unit prefilled; optional PO number
    r.click("nav:Equipment", "Find the unit in the equipment list", "open-form", lambda clk: equipment_list(clk, recent))
    r.click("eq:" + v["unit"], "Open unit %s" % v["unit"], "open-form", lambda clk: equipment_detail(clk, v["unit"], recent))
    st = co_state(v, unit=v["unit"], prefill=v["unit"])
    r.click("eq_checkout", "Start a checkout for this unit", "open-form", lambda clk: checkout_form(clk, st, recent))
    st = S(st, cust_query=v["cust_q"], cust_opts=cust_matches(v["cust_q"]))
    s2 = st
    r.fill("cust", v["cust_q"], "Search the customer by name", "pick-customer", lambda clk: checkout_form(clk, s2, recent))
    st = S(st, customer=v["cust"], cust_opts=None)
    s2 = st
    r.click("copt:" + v["cust"], "Pick Pennine Civils Ltd (CUS-20415), not Pennine Civil Engineering", "pick-customer",
            lambda clk: checkout_form(clk, s2, recent))
    st = S(st, po="PCL-PO-55120")
    s2 = st
    r.fill("po", "PCL-PO-55120", "Add the customer's PO number from the hire request email (optional)", "pick-customer",
           lambda clk: checkout_form(clk, s2, recent))
    st = co_period(r, st, recent, v["off"])
    st = co_attach(r, st, recent, v["att_t"])
    st = co_waiver(r, st, recent)
    st = co_save_confirm(r, st, recent, v["rc"])
    co_report(r, st, v["rc"])


def co_h4(r, v, recent):
    # off-hire date typed wrong, noticed from the hire length, corrected
    st = co_common_front(r, v, recent, via="contracts")
    st = co_period(r, st, recent, "2025-10-27")
    st = S(st, off=v["off"], days=days_between(st["on"], v["off"]))
    s2 = st
    r.fill("off", v["off"], "Hire length shows 13 days; the task says until 28 Oct, so correct the date", "set-period",
           lambda clk: checkout_form(clk, s2, recent))
    st = co_attach(r, st, recent, v["att_t"])
    st = co_waiver(r, st, recent)
    st = co_save_confirm(r, st, recent, v["rc"])
    co_report(r, st, v["rc"])


# ---- faulty checkout runs -------------------------------------------------

def co_f_wrong_record(r, v, recent):
    # model search, picks EQ-20471 (KX057-4) instead of EQ-20417
    st = co_common_front(r, v, recent, unit_q="KX057", unit_pick="EQ-20471")
    st = co_period(r, st, recent, v["off"])
    st = co_attach(r, st, recent, v["att_t"])
    st = co_waiver(r, st, recent)
    st = co_save_confirm(r, st, recent, v["rc"])
    co_report(r, st, v["rc"], "Checked out the Kubota KX057 mini excavator to Hartley Groundworks Ltd on contract %s "
                               "(14/10/2025 to 21/10/2025) with the 600 mm ditching bucket and damage waiver." % v["rc"])


def co_f_wrong_value(r, v, recent):
    st = co_common_front(r, v, recent)
    r.mark()
    st = co_period(r, st, recent, "2025-10-18")          # 28 -> 18
    st = co_attach(r, st, recent, v["att_t"])
    st = co_waiver(r, st, recent)
    st = co_save_confirm(r, st, recent, v["rc"])
    co_report(r, st, v["rc"], "Checked out EQ-31205 CAT 308 CR to Pennine Civils Ltd on contract %s from 14/10/2025 "
                               "to 28/10/2025 with the HB-680 breaker and the damage waiver." % v["rc"])


def co_f_skipped_waiver(r, v, recent):
    st = co_common_front(r, v, recent)
    st = co_period(r, st, recent, v["off"])
    st = co_attach(r, st, recent, v["att_t"])
    r.mark()                                            # waiver never ticked: goes straight to save
    st = co_save_confirm(r, st, recent, v["rc"])
    co_report(r, st, v["rc"])


def co_f_error_ignored(r, v, recent):
    st = co_common_front(r, v, recent)
    st = co_period(r, st, recent, v["off"])
    st = co_attach(r, st, recent, v["att_t"])
    st = co_waiver(r, st, recent)
    st = S(st, dialog="open")
    s2 = st
    r.click("save", "Save the contract", "confirm-checkout", lambda clk: checkout_form(clk, s2, recent), effect="write")
    s3 = S(st, dialog=None, alert=["Contract not saved.",
                                   "Attachment AT-7023 Hydraulic breaker HB-680 is already allocated to contract "
                                   "RC-2025-04855 (on hire since 13/10/2025). Remove it or choose another attachment."])
    r.mark()
    r.click("dlg_confirm", "Confirm the checkout", "confirm-checkout", lambda clk: checkout_form(clk, s3, recent),
            effect="irreversible")
    co_report(r, s3, v["rc"])


def co_f_double_submit(r, v, recent):
    st = co_common_front(r, v, recent)
    st = co_period(r, st, recent, v["off"])
    st = co_attach(r, st, recent, v["att_t"])
    st = co_waiver(r, st, recent)
    st = S(st, dialog="open")
    s2 = st
    r.click("save", "Save the contract", "confirm-checkout", lambda clk: checkout_form(clk, s2, recent), effect="write")
    s3 = S(st, dialog="busy")
    r.click("dlg_confirm", "Confirm the checkout", "confirm-checkout", lambda clk: checkout_form(clk, s3, recent),
            effect="irreversible")
    first_time = r.clock()
    s4 = S(st, dialog=None, dup_time="%s today" % first_time)
    rid2 = "RC-2025-04863"
    r.mark()
    r.click("dlg_confirm", "The dialog is still open; click Confirm checkout again", "confirm-checkout",
            lambda clk: contract_detail_out(clk, s4, rid2, [rid2 + " Hartley Groundworks Ltd"] + recent[:5],
                                            toast="Checkout confirmed · contract %s is on rent" % rid2, dup_of=v["rc"]),
            effect="irreversible")
    co_report(r, s4, rid2)


def co_f_session(r, v, recent):
    st = co_common_front(r, v, recent, via="contracts")
    st = co_period(r, st, recent, v["off"])
    st = co_attach(r, st, recent, v["att_t"])
    st = co_waiver(r, st, recent)
    r.mark()
    r.click("save", "Save the contract", "confirm-checkout", lambda clk: login_page(clk, "/contracts/new"), effect="write")
    co_report(r, st, v["rc"], "Saved the checkout for EQ-31205 CAT 308 CR to Pennine Civils Ltd (14/10/2025 to "
                               "28/10/2025) with the HB-680 breaker and damage waiver.")


# --------------------------------------------------------------------------
# Check-in runs
# --------------------------------------------------------------------------


def ci_state(v, **kw):
    st = dict(ct=v["ct"], started=None, hours="", fuel=None, dmg_found=False, desc="", cat=None, amount="",
              charges=[], next_status="Inspection", notes="", alert=None, dialog=None, toast=None)
    st.update(kw)
    return st


def ci_open_via_list(r, v, recent, search_tries=None, row_button=True, nav=True):
    if nav:
        r.click("nav:Returns & check-in", "Open the returns list", "find-return", lambda clk: returns_list(clk, recent))
    for q in (search_tries or [v["search"]]):
        r.fill("rsearch", q, "Search the return by contract number", "find-return",
               lambda clk, q=q: returns_list(clk, recent, query=q))
    rc = v["ct"]["rc"]
    if row_button:
        return ci_start(r, v, recent, "rc:" + rc, "Start the check-in for %s from its row" % rc, "start-checkin")
    r.click("rl:" + rc, "Open contract %s" % rc, "find-return", lambda clk: contract_detail_rent(clk, v["ct"], recent))
    return ci_start(r, v, recent, "start_checkin", "Start the check-in", "start-checkin")


def ci_start(r, v, recent, key, why, com):
    holder = {}

    def mk(clk):
        st = ci_state(v, started=clk)
        holder["st"] = st
        return checkin_form(clk, st, recent)
    r.click(key, why, com, mk)
    return holder["st"]


def ci_readings(r, st, v, recent, hours=None):
    st = S(st, hours=hours or v["hours"])
    s2 = st
    r.fill("hours", st["hours"], "Enter the hour meter reading from the cab display", "record-readings",
           lambda clk: checkin_form(clk, s2, recent))
    st = S(st, fuel=v["fuel"])
    s2 = st
    r.select("fuel", v["fuel"], "Set the fuel level on return", "record-readings", lambda clk: checkin_form(clk, s2, recent))
    return st


def ci_damage_fields(r, st, v, recent):
    st = S(st, dmg_found=True)
    s2 = st
    r.click("dmg_found", "Tick that damage was found", "raise-damage", lambda clk: checkin_form(clk, s2, recent), effect="write")
    st = S(st, desc=v["desc"])
    s2 = st
    r.fill("desc", v["desc"], "Describe the damage", "raise-damage", lambda clk: checkin_form(clk, s2, recent))
    st = S(st, cat=v["cat"])
    s2 = st
    r.select("cat", v["cat"], "Choose the damage category", "raise-damage", lambda clk: checkin_form(clk, s2, recent))
    st = S(st, amount=v["amount"])
    s2 = st
    r.fill("amount", v["amount"], "Enter the charge amount", "raise-damage", lambda clk: checkin_form(clk, s2, recent))
    return st


def ci_raise(r, st, v, recent, mode="ok"):
    amt = money(float(v["amount"]))
    if mode == "ok":
        status = "Pending approval"
        st = S(st, charges=[(v["dmg"], v["cat"], v["desc"], amt, status)], desc="", cat=None, amount="",
               next_status="Workshop - damage repair",
               toast="Damage charge %s raised for %s · sent to the branch manager for approval" % (v["dmg"], amt))
        st["raised_at"] = None
    elif mode == "noop":
        st = S(st)
    elif mode == "denied":
        st = S(st, alert=["Permission denied.",
                          "Your role no longer includes 'Charges: raise' at Leeds South (BR-07). It was changed by "
                          "J. Whitcombe at 09:02. Ask your branch manager to raise this charge."])
    s2 = st
    holder = {}

    def mk(clk):
        if mode == "ok":
            s2["raised_at"] = clk
        return checkin_form(clk, s2, recent)
    if mode != "ok":
        r.mark()
    r.click("raise", "Raise the damage charge", "raise-damage", mk, effect="irreversible")
    return S(st, toast=None, alert=None) if mode != "denied" else S(st, toast=None)


def ci_complete(r, st, v, recent, cancel=False):
    st = S(st, dialog="open")
    s2 = st
    r.click("complete", "Complete the check-in", "complete-checkin", lambda clk: checkin_form(clk, s2, recent), effect="write")
    if cancel:
        s3 = S(st, dialog=None)
        r.mark()
        r.click("dlg_cancel", "Close the confirmation to finish", "complete-checkin", lambda clk: checkin_form(clk, s3, recent))
        return s3
    s3 = S(st, dialog=None, alert=None)
    if not s3.get("raised_at"):
        s3["raised_at"] = "-"
    ct = st["ct"]
    toast = "Check-in complete for %s." % ct["rc"]
    if s3["charges"]:
        toast += " Damage charge %s sent for approval." % s3["charges"][0][0]
    r.click("dlg_complete", "Confirm completing the check-in", "complete-checkin",
            lambda clk: contract_detail_returned(clk, s3, [ct["rc"] + " " + C[ct["cust"]][1]] + recent[:5], toast),
            effect="irreversible")
    return s3


def ci_report(r, v, text=None):
    ct = v["ct"]
    msg = text or ("Checked in %s on %s: hour meter %s, fuel %s, damage charge %s for %s raised (pending approval). "
                   "Check-in complete; contract returned." % (ct["unit"], ct["rc"], v["hours"], v["fuel"], v["dmg"],
                                                             money(float(v["amount"]))))
    r.say(msg, "complete-checkin")


def checkin_run(rid, key, fault, off, seed, start_min, body, start=None):
    v = CHECKIN_VARIANTS[key]
    recent = RECENT_IN
    r = Run(rid, "checkin", key, v["task"], fault, off, seed, start_min,
            start or (lambda clk: dashboard(clk, recent)))
    body(r, v, recent)
    return r.record("plans/%s.yaml" % key, fault is None)


# ---- healthy check-in runs ------------------------------------------------

def ci_h1(r, v, recent):
    st = ci_open_via_list(r, v, recent)
    st = ci_readings(r, st, v, recent)
    st = ci_damage_fields(r, st, v, recent)
    st = ci_raise(r, st, v, recent)
    st = ci_complete(r, st, v, recent)
    ci_report(r, v)


def ci_h2(r, v, recent):
    # global search by unit id, contract page, optional note
    q = v["gsearch"]
    r.fill("gsearch", q, "Search for the returned unit", "find-return", lambda clk: with_value(dashboard(clk, recent), "gsearch", q))
    r.press("gsearch", "Enter", "Run the search", "find-return", lambda clk: global_search(clk, q, recent))
    rc = v["ct"]["rc"]
    r.click("gs:" + rc, "Open the contract that has %s on rent" % q, "find-return", lambda clk: contract_detail_rent(clk, v["ct"], recent))
    st = ci_start(r, v, recent, "start_checkin", "Start the check-in", "start-checkin")
    st = ci_readings(r, st, v, recent)
    st = ci_damage_fields(r, st, v, recent)
    st = ci_raise(r, st, v, recent)
    st = S(st, notes="Driver Jo Pickard present at walk-round; tooth photographed.")
    s2 = st
    r.fill("notes", st["notes"], "Add a short note about the walk-round (optional)", "complete-checkin",
           lambda clk: checkin_form(clk, s2, recent))
    st = ci_complete(r, st, v, recent)
    ci_report(r, v)


def ci_h3(r, v, recent):
    # search needed a second try, row button
    st = ci_open_via_list(r, v, recent, search_tries=["4806", v["search"]], nav=False)
    st = ci_readings(r, st, v, recent)
    st = ci_damage_fields(r, st, v, recent)
    st = ci_raise(r, st, v, recent)
    st = ci_complete(r, st, v, recent)
    ci_report(r, v)


def ci_h4(r, v, recent):
    # from the dashboard table, hour meter typo corrected
    rc = v["ct"]["rc"]
    r.click("dash:" + rc, "Open %s from Due back today" % rc, "find-return", lambda clk: contract_detail_rent(clk, v["ct"], recent))
    st = ci_start(r, v, recent, "start_checkin", "Start the check-in", "start-checkin")
    st = S(st, hours="2087.4")
    s2 = st
    r.fill("hours", "2087.4", "Enter the hour meter reading", "record-readings", lambda clk: checkin_form(clk, s2, recent))
    st = S(st, hours=v["hours"])
    s2 = st
    r.fill("hours", v["hours"], "Hours used shows 45.5, the reading should be 2078.4; correct the typo", "record-readings",
           lambda clk: checkin_form(clk, s2, recent))
    st = S(st, fuel=v["fuel"])
    s2 = st
    r.select("fuel", v["fuel"], "Set the fuel level on return", "record-readings", lambda clk: checkin_form(clk, s2, recent))
    st = ci_damage_fields(r, st, v, recent)
    st = ci_raise(r, st, v, recent)
    st = ci_complete(r, st, v, recent)
    ci_report(r, v)


# ---- faulty check-in runs -------------------------------------------------

def ci_f_noop(r, v, recent):
    st = ci_open_via_list(r, v, recent)
    st = ci_readings(r, st, v, recent)
    st = ci_damage_fields(r, st, v, recent)
    st = ci_raise(r, st, v, recent, mode="noop")
    st = ci_complete(r, st, v, recent)
    ci_report(r, v)


def ci_f_cancel(r, v, recent):
    st = ci_open_via_list(r, v, recent, row_button=False)
    st = ci_readings(r, st, v, recent)
    st = ci_damage_fields(r, st, v, recent)
    st = ci_raise(r, st, v, recent)
    st = ci_complete(r, st, v, recent, cancel=True)
    ci_report(r, v)


def ci_f_denied(r, v, recent):
    q = v["gsearch"]
    r.fill("gsearch", q, "Search for the returned unit", "find-return", lambda clk: with_value(dashboard(clk, recent), "gsearch", q))
    r.press("gsearch", "Enter", "Run the search", "find-return", lambda clk: global_search(clk, q, recent))
    rc = v["ct"]["rc"]
    r.click("gs:" + rc, "Open the contract that has %s on rent" % q, "find-return", lambda clk: contract_detail_rent(clk, v["ct"], recent))
    st = ci_start(r, v, recent, "start_checkin", "Start the check-in", "start-checkin")
    st = ci_readings(r, st, v, recent)
    st = ci_damage_fields(r, st, v, recent)
    st = ci_raise(r, st, v, recent, mode="denied")
    st = ci_complete(r, st, v, recent)
    ci_report(r, v)


def ci_f_premature(r, v, recent):
    st = ci_open_via_list(r, v, recent)
    st = ci_readings(r, st, v, recent)
    st = ci_damage_fields(r, st, v, recent)
    st = ci_raise(r, st, v, recent)
    r.mark()
    ci_report(r, v, "Check-in for %s done: hour meter %s, fuel %s, damage charge %s for %s raised." %
              (v["ct"]["rc"], v["hours"], v["fuel"], v["dmg"], money(float(v["amount"]))))


def ci_f_stale(r, v, recent):
    wrong = dict(v, ct=WRONG_CT_NORTH, dmg="DMG-3320")
    r.mark()                          # the stale Leeds North filter is already on the start page
    st = ci_start(r, wrong, recent, "rc:RC-2025-04860",
                  "The Volvo EC140E for Calder Utilities due back today is in the list; start its check-in", "find-return")
    st = ci_readings(r, st, wrong, recent)
    st = ci_damage_fields(r, st, wrong, recent)
    st = ci_raise(r, st, wrong, recent)
    st = ci_complete(r, st, wrong, recent)
    ci_report(r, v, "Checked in the Volvo EC140E for Calder Utilities Contracting: hour meter 2078.4, fuel 1/4, "
                    "damage charge DMG-3320 for £420.00 raised. Check-in complete.")


def ci_f_unrequested(r, v, recent):
    rc = v["ct"]["rc"]
    r.click("dash:" + rc, "Open %s from Due back today" % rc, "find-return", lambda clk: contract_detail_rent(clk, v["ct"], recent))
    st = ci_start(r, v, recent, "start_checkin", "Start the check-in", "start-checkin")
    st = ci_readings(r, st, v, recent)
    st = ci_damage_fields(r, st, v, recent)
    st = ci_raise(r, st, v, recent)
    st = S(st, next_status="Available for hire")
    s2 = st
    r.mark()
    r.select("next", "Available for hire", "Put the machine straight back into the hire fleet so it can go out again",
             "complete-checkin", lambda clk: checkin_form(clk, s2, recent))
    st = ci_complete(r, st, v, recent)
    ci_report(r, v)


def with_value(p, key, value):
    """The same page with a field showing its typed value (and focus)."""
    bid = p.keys[key][0]
    p.lines = [ln + ", value=%r, focused" % value if ln.strip().startswith("[%s] " % bid) else ln for ln in p.lines]
    return p


# --------------------------------------------------------------------------
# Assemble
# --------------------------------------------------------------------------


def build_runs():
    runs = []
    # (id, variant, fault, first_off_track_step, seed, start minute, body, start page)
    co = [
        ("checkout-healthy-01", "checkout-a1", None, None, 101, 8 * 60 + 41, co_h1, "dash"),
        ("checkout-healthy-02", "checkout-a1", None, None, 102, 9 * 60 + 3, co_h2, "dash"),
        ("checkout-healthy-03", "checkout-a2", None, None, 103, 10 * 60 + 12, co_h3, "dash"),
        ("checkout-healthy-04", "checkout-a2", None, None, 104, 10 * 60 + 47, co_h4, "dash"),
        ("checkout-wrong_record-01", "checkout-a1", "wrong_record", 4, 111, 8 * 60 + 52, co_f_wrong_record, "dash"),
        ("checkout-wrong_value-01", "checkout-a2", "wrong_value", 5, 112, 11 * 60 + 5, co_f_wrong_value, "dash"),
        ("checkout-skipped_step-01", "checkout-a1", "skipped_step", 7, 113, 9 * 60 + 26, co_f_skipped_waiver, "dash"),
        ("checkout-error_ignored-01", "checkout-a2", "error_ignored", 9, 114, 11 * 60 + 31, co_f_error_ignored, "dash"),
        ("checkout-double_submission-01", "checkout-a1", "double_submission", 10, 115, 9 * 60 + 48, co_f_double_submit, "dash"),
        ("checkout-session_expired-01", "checkout-a2", "session_expired", 9, 116, 13 * 60 + 58, co_f_session, "dash"),
    ]
    for rid, key, fault, off, seed, sm, body, _ in co:
        runs.append(checkout_run(rid, key, fault, off, seed, sm, {"body": body}))
    ci = [
        ("checkin-healthy-01", "checkin-b1", None, None, 201, 8 * 60 + 12, ci_h1, None),
        ("checkin-healthy-02", "checkin-b1", None, None, 202, 8 * 60 + 33, ci_h2, None),
        ("checkin-healthy-03", "checkin-b2", None, None, 203, 8 * 60 + 20, ci_h3, "returns"),
        ("checkin-healthy-04", "checkin-b2", None, None, 204, 9 * 60 + 6, ci_h4, None),
        ("checkin-silent_noop-01", "checkin-b1", "silent_noop", 9, 211, 8 * 60 + 44, ci_f_noop, None),
        ("checkin-cancelled_dialog-01", "checkin-b1", "cancelled_dialog", 12, 212, 9 * 60 + 15, ci_f_cancel, None),
        ("checkin-permission_denied-01", "checkin-b1", "permission_denied", 10, 213, 9 * 60 + 9, ci_f_denied, None),
        ("checkin-premature_success-01", "checkin-b2", "premature_success", 10, 214, 8 * 60 + 27, ci_f_premature, None),
        ("checkin-stale_filter-01", "checkin-b2", "stale_filter", 0, 215, 8 * 60 + 16, ci_f_stale, "stale"),
        ("checkin-unrequested_change-01", "checkin-b2", "unrequested_change", 9, 216, 9 * 60 + 37, ci_f_unrequested, None),
    ]
    for rid, key, fault, off, seed, sm, body, start in ci:
        if start == "returns":
            st_fn = lambda clk: returns_list(clk, RECENT_IN)
        elif start == "stale":
            st_fn = lambda clk: returns_list(clk, RECENT_IN, branch="BR-04", stale=True)
        else:
            st_fn = None
        runs.append(checkin_run(rid, key, fault, off, seed, sm, body, start=st_fn))
    return runs


# ---- YAML emitter (block style; quotes only where needed) -----------------
_RESERVED = {"true", "false", "yes", "no", "null", "on", "off", "~", "y", "n"}


def yscalar(x):
    if isinstance(x, bool):
        return "true" if x else "false"
    if x is None:
        return "null"
    if isinstance(x, (int, float)):
        return repr(x)
    s = str(x)
    plain_ok = (s and s == s.strip() and s[0] not in "-?:,[]{}#&*!|>'\"%@`" and ": " not in s and " #" not in s
                and not s.endswith(":") and s.lower() not in _RESERVED and "\n" not in s)
    if plain_ok:
        try:
            float(s)
            plain_ok = False
        except ValueError:
            pass
    return s if plain_ok else json.dumps(s, ensure_ascii=False)


def ykey(k):
    # YAML 1.1 loaders (PyYAML) read a bare `on` key as the boolean true: quote such keys
    return json.dumps(k) if k.lower() in _RESERVED else k


def yemit(obj, indent=0):
    pad = "  " * indent
    out = []
    if isinstance(obj, dict):
        for k, x in obj.items():
            k = ykey(k)
            if isinstance(x, dict):
                if x:
                    out.append("%s%s:" % (pad, k))
                    out.extend(yemit(x, indent + 1))
                else:
                    out.append("%s%s: {}" % (pad, k))
            elif isinstance(x, list):
                if x:
                    out.append("%s%s:" % (pad, k))
                    out.extend(yemit(x, indent + 1))
                else:
                    out.append("%s%s: []" % (pad, k))
            else:
                out.append("%s%s: %s" % (pad, k, yscalar(x)))
    elif isinstance(obj, list):
        for x in obj:
            if isinstance(x, dict):
                sub = yemit(x, indent + 1)
                sub[0] = pad + "- " + sub[0].lstrip()
                out.extend(sub)
            else:
                out.append("%s- %s" % (pad, yscalar(x)))
    return out


def main(outdir):
    os.makedirs(os.path.join(outdir, "plans"), exist_ok=True)
    plans = {}
    for k in CHECKOUT_VARIANTS:
        plans[k] = checkout_plan(k)
    for k in CHECKIN_VARIANTS:
        plans[k] = checkin_plan(k)
    for k, pl in plans.items():
        with open(os.path.join(outdir, "plans", k + ".yaml"), "w", encoding="utf-8") as f:
            f.write("# Plan for task variant %s (RigRental Branch Console)\n" % k)
            f.write("\n".join(yemit(pl)) + "\n")
    runs = build_runs()
    with open(os.path.join(outdir, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for r in runs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return runs


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
