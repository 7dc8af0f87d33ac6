#!/usr/bin/env python3
"""BoothBook held-out corpus generator (stdlib only, deterministic).

BoothBook is a (made-up) trade-show exhibitor portal run by Meridian Expo Group for the
Northbridge Manufacturing Summit 2025.  This script renders its pages as BrowserGym-style
flattened accessibility trees and strings them into 20 agent runs over two workflows:

  booth  - reserve a booth through a four-step wizard
  badge  - register a staff badge for an exhibitor

It writes, next to itself:
  corpus.jsonl          one trajectory per line (format: /work/shared/FORMATS.md)
  plans/booth.yaml      the user's plan for the booth workflow
  plans/badge.yaml      the user's plan for the badge workflow

Run:  python3 make_corpus.py
"""
import json
import os
import random

SEED = 20250311
rng = random.Random(SEED)

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "http://127.0.0.1:8031"
PRODUCT = "BoothBook"
ORG = "Meridian Expo Group"
SHOW = "Northbridge Manufacturing Summit 2025"
SHOW_DATES = "14–16 May 2025"
VENUE = "Messe Northbridge"
USER = "Priya Raman"
USER_ROLE = "Exhibitor Services"
USER_EMAIL = "priya.raman@meridian-expo.com"
TODAY_LONG = "Tuesday 11 March 2025"
TODAY = "11 Mar 2025"
VERSION = "4.12.3"

# ---------------------------------------------------------------------------------------
# Accessibility-tree page builder
# ---------------------------------------------------------------------------------------
# Bids behave like BrowserGym's: the same element of the same page kind keeps its bid from
# one render to the next; an element that appears for the first time gets a fresh bid.

SCOPES = ["chrome", "dashboard", "exhibitors", "search", "exhibitor", "wizard",
          "reservation", "badgeform", "badge", "denied"]
_REG = {}
_NEXT = {}


def bid_for(scope, key):
    k = (scope, key)
    if k not in _REG:
        n = _NEXT.get(scope, 0) + 1
        _NEXT[scope] = n
        if scope == "chrome":
            assert n < 100, "chrome scope overflow"
            _REG[k] = "a%d" % n
        else:
            assert n < 1000, "scope overflow: " + scope
            _REG[k] = "a%d" % (1000 * SCOPES.index(scope) + n)
    return _REG[k]


BARE_FLAGS = {"required", "focused", "clickable"}


def _fmt_prop(k, v):
    if v is True and k in BARE_FLAGS:
        return k
    if isinstance(v, bool):
        return "%s=%s" % (k, v)
    if isinstance(v, int):
        return "%s=%d" % (k, v)
    return "%s=%r" % (k, str(v))


class Page:
    def __init__(self, scope, path, title):
        self.scope = scope
        self.url = BASE + path
        self.title = title
        self.lines = []
        self.index = {}
        self._keys = set()

    def add(self, depth, role, name="", key=None, chrome=False, **props):
        scope = "chrome" if chrome else self.scope
        key = key or "%s|%s" % (role, name)
        if (scope, key) in self._keys:
            raise ValueError("duplicate key on page %s: %s" % (self.url, key))
        self._keys.add((scope, key))
        for flag in ("disabled", "busy"):   # ARIA states are only exposed when true
            if props.get(flag) is False:
                del props[flag]
        bid = bid_for(scope, key)
        self.lines.append((depth, bid, role, name, props))
        self.index.setdefault((role, name), []).append(bid)
        return bid

    def text(self, depth, s):
        self.lines.append((depth, None, "StaticText", s, {}))

    def find(self, role, name, nth=None):
        bids = self.index.get((role, name))
        if not bids:
            raise KeyError("no %s %r on %s" % (role, name, self.url))
        if nth is None:
            if len(bids) != 1:
                raise KeyError("ambiguous %s %r on %s" % (role, name, self.url))
            return bids[0]
        return bids[nth]

    def has(self, role, name):
        return (role, name) in self.index

    def render(self):
        out = ["RootWebArea %r, focused" % self.title]
        for depth, bid, role, name, props in self.lines:
            s = "\t" * depth
            s += ("[%s] %s %r" % (bid, role, name)) if bid else ("%s %r" % (role, name))
            for k, v in props.items():
                s += ", " + _fmt_prop(k, v)
            out.append(s)
        return "\n".join(out)

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": self.render(), "error": error}


def eur(n, cents=False):
    return "€" + (("{:,.2f}".format(n)) if cents else ("{:,}".format(n)))


# ---------------------------------------------------------------------------------------
# Application data
# ---------------------------------------------------------------------------------------

COUNTRIES = {"FI": "Finland", "US": "United States", "DE": "Germany", "GB": "United Kingdom",
             "ES": "Spain", "NL": "Netherlands", "SE": "Sweden", "IE": "Ireland",
             "NO": "Norway", "CH": "Switzerland", "IT": "Italy", "PL": "Poland",
             "CA": "Canada", "FR": "France", "CZ": "Czechia", "BE": "Belgium",
             "SG": "Singapore", "AT": "Austria"}

EXHIBITOR_NAMES = [
    ("Aalto Fluidics Oy", "FI"), ("Acumen Robotics", "US"), ("Adler Präzision GmbH", "DE"),
    ("Alderbank Sensors Ltd", "GB"), ("Altamira Composites SL", "ES"),
    ("Amberline Packaging", "NL"), ("Apex Torque Systems", "US"), ("Arcwell Welding Co.", "GB"),
    ("Baltic Motion AB", "SE"), ("Beacon Additive", "IE"), ("Borealis Controls AS", "NO"),
    ("Brightfold Solutions", "GB"), ("Brightfold Systems", "GB"), ("Brightwell Systems", "US"),
    ("Brunner Hydraulik AG", "CH"), ("Calder Metrology Ltd", "GB"), ("Castellan Bearings", "IT"),
    ("Cobalt Line Automation", "PL"), ("Corvid Vision Inc.", "CA"), ("Dunmore Castings", "IE"),
    ("Dyneris Energy", "FR"), ("Eastgate Conveyors", "GB"), ("Elbe Lasertechnik GmbH", "DE"),
    ("Ember Thermal", "US"), ("Fenwick & Lowe Tooling", "GB"), ("Fjord Polymer AS", "NO"),
    ("Galvani Drives Srl", "IT"), ("Granite Peak Machining", "US"), ("Halvorsen Robotics", "NO"),
    ("Helix Fastening", "NL"), ("Hollis Industrial Coatings", "GB"), ("Ironbridge Forge", "GB"),
    ("Isotope Pumps BV", "NL"), ("Juniper Edge Computing", "US"),
    ("Kaskade Filtration GmbH", "DE"), ("Kestrel Aerospace", "GB"),
    ("Kestrel Analytica GmbH", "DE"), ("Kestrel Analytics Ltd", "GB"),
    ("Korvac Abrasives", "CZ"), ("Lumen Forge Optics", "US"), ("Lyra Motion Control", "FR"),
    ("Marlow Gearworks", "GB"), ("Millbrook Sensors", "GB"), ("Mosaic Plastics", "BE"),
    ("Nordvik Marine Systems", "SE"), ("Northway Logistics Tech", "GB"),
    ("Oberon Test & Measurement", "DE"), ("Orchid Microfab", "SG"),
    ("Pellucid Glass Technik", "AT"), ("Pinecrest Automation", "US"),
    ("Quarry Lane Compressors", "GB"), ("Redshank Drones", "GB"), ("Ridgeline Power", "US"),
    ("Rotterdam Bolt & Nut BV", "NL"), ("Saltire Cobots", "GB"),
    ("Sentinel Safety Systems", "GB"), ("Sterling Hydraulics", "US"),
    ("Tamsin Electronics", "GB"), ("Teal Harbor Labs", "US"), ("Torvald Steel", "SE"),
    ("Umbra Thermal Imaging", "IT"), ("Vantor Pneumatics", "DE"), ("Westbrook Foundry", "GB"),
    ("Zephyr Cleanroom", "CH"),
]
assert len(EXHIBITOR_NAMES) == 64

FIXED = {
    "Kestrel Analytics Ltd": dict(id="EX-2041", hall="B", status="Contract signed", used=3, alloc=6),
    "Kestrel Analytica GmbH": dict(id="EX-2014", hall="B", status="Contract signed", used=2, alloc=6),
    "Kestrel Aerospace": dict(id="EX-2047", hall="A", status="Deposit due", used=0, alloc=4),
    "Brightfold Systems": dict(id="EX-3318", hall="C", status="Contract signed", used=4, alloc=8),
    "Brightfold Solutions": dict(id="EX-3381", hall="C", status="Confirmed", used=5, alloc=6),
    "Brightwell Systems": dict(id="EX-3319", hall="A", status="Contract signed", used=2, alloc=4),
}


def _build_exhibitors():
    taken = {int(v["id"][3:]) for v in FIXED.values()}
    pool = [n for n in range(1010, 3990) if n not in taken]
    nums = rng.sample(pool, 64)
    out = []
    for (name, cc), num in zip(EXHIBITOR_NAMES, nums):
        if name in FIXED:
            e = dict(FIXED[name])
        else:
            alloc = rng.choice([4, 6, 8, 10])
            e = dict(id="EX-%d" % num, hall=rng.choice("ABC"),
                     status=rng.choice(["Contract signed"] * 5 + ["Confirmed"] * 3 +
                                       ["Deposit due"] * 2 + ["Waitlisted"]),
                     used=rng.randint(0, alloc), alloc=alloc)
        e.update(name=name, country=COUNTRIES[cc])
        out.append(e)
    return out


EXHIBITORS = _build_exhibitors()
EX_BY_ID = {e["id"]: e for e in EXHIBITORS}

DETAIL = {
    "EX-2041": dict(contact="Helen Marsh", email="helen.marsh@kestrel-analytics.co.uk",
                    phone="+44 161 555 0142", sector="Industrial data and analytics", since="2022",
                    billing=("Helen Marsh", "accounts@kestrel-analytics.co.uk", "GB 284 1937 52",
                             "4 Lowry Quays, Salford M50 3AG, United Kingdom"),
                    related=[("EX-2014", "Kestrel Analytica GmbH", "Sister company · Hall B")]),
    "EX-2014": dict(contact="Jörg Albrecht", email="j.albrecht@kestrel-analytica.de",
                    phone="+49 89 5550 2231", sector="Industrial data and analytics", since="2023",
                    billing=("Jörg Albrecht", "buchhaltung@kestrel-analytica.de", "DE 318 442 907",
                             "Leopoldstraße 112, 80802 München, Germany"),
                    related=[("EX-2041", "Kestrel Analytics Ltd", "Sister company · Hall B")]),
    "EX-3318": dict(contact="Nadia Osei", email="nadia.osei@brightfold.io",
                    phone="+44 117 555 0178", sector="Machine vision", since="2021",
                    billing=("Nadia Osei", "finance@brightfold.io", "GB 301 7765 18",
                             "Unit 9, Temple Quay, Bristol BS1 6DZ, United Kingdom"),
                    related=[("EX-3381", "Brightfold Solutions", "Former sister company · Hall C")]),
}

RESERVATIONS = {
    "EX-2041": [("RSV-24-0871", "Northbridge Manufacturing Summit 2024", "B-214", "Completed")],
    "EX-2014": [("RSV-24-0904", "Northbridge Manufacturing Summit 2024", "B-232", "Completed")],
    "EX-3318": [("RSV-25-1102", SHOW, "C-318", "Approved")],
}

# badge id, name, type, email, days, status
BADGES = {
    "EX-3318": [
        ("BDG-54871", "Tomas Lindgren", "Booth manager", "tomas.lindgren@brightfold.io",
         "Wed 14 May, Thu 15 May, Fri 16 May", "Registered"),
        ("BDG-54872", "Aisha Karimi", "Exhibitor staff", "aisha.karimi@brightfold.io",
         "Wed 14 May, Thu 15 May, Fri 16 May", "Registered"),
        ("BDG-54890", "Jonas Weber", "Exhibitor staff", "jonas.weber@brightfold.io",
         "Thu 15 May, Fri 16 May", "Registered"),
        ("BDG-54913", "Mei Tanaka", "Contractor (build-up only)", "mei.tanaka@brightfold.io",
         "Tue 13 May (build-up)", "Registered"),
    ],
    "EX-2041": [
        ("BDG-54602", "Helen Marsh", "Booth manager", "helen.marsh@kestrel-analytics.co.uk",
         "Wed 14 May, Thu 15 May, Fri 16 May", "Registered"),
        ("BDG-54603", "Owen Pryce", "Exhibitor staff", "owen.pryce@kestrel-analytics.co.uk",
         "Wed 14 May, Thu 15 May", "Registered"),
        ("BDG-54688", "Sana Qureshi", "Exhibitor staff", "sana.qureshi@kestrel-analytics.co.uk",
         "Fri 16 May", "Registered"),
    ],
    "EX-2014": [
        ("BDG-54710", "Jörg Albrecht", "Booth manager", "j.albrecht@kestrel-analytica.de",
         "Wed 14 May, Thu 15 May, Fri 16 May", "Registered"),
        ("BDG-54711", "Lena Vogt", "Exhibitor staff", "l.vogt@kestrel-analytica.de",
         "Wed 14 May, Thu 15 May, Fri 16 May", "Registered"),
    ],
}

# Booths --------------------------------------------------------------------------------
HALL_RANGE = {"A": range(101, 137), "B": range(201, 249), "C": range(301, 333)}
RESERVED = {
    "B": {201, 202, 205, 206, 209, 213, 217, 218, 222, 225, 226, 230, 233, 236, 240, 244, 247},
}
for _h in "AC":
    RESERVED[_h] = {n for n in HALL_RANGE[_h] if rng.random() < 0.45}
RESERVED["C"].add(318)  # Brightfold Systems' booth


def booth_info(code):
    n = int(code[2:])
    if n % 100 == 20:
        size, kind, price = "6 × 6 m", "Island", 15800
    elif n % 10 in (1, 4):
        size, kind, price = "3 × 3 m", "Corner", 4950
    elif n % 7 == 0:
        size, kind, price = "6 × 3 m", "Inline", 8600
    else:
        size, kind, price = "3 × 3 m", "Inline", 4400
    return dict(code=code, hall=code[0], size=size, kind=kind, price=price)


def available_booths(hall="All halls", size="Any size", corner=False, sort="booth"):
    halls = "ABC" if hall == "All halls" else hall[-1]
    out = []
    for h in halls:
        for n in HALL_RANGE[h]:
            if n in RESERVED[h]:
                continue
            b = booth_info("%s-%d" % (h, n))
            if size != "Any size" and b["size"] != size:
                continue
            if corner and b["kind"] != "Corner":
                continue
            out.append(b)
    if sort == "price":
        out.sort(key=lambda b: (b["price"], b["code"]))
    elif sort == "price-desc":
        out.sort(key=lambda b: (-b["price"], b["code"]))
    return out


POWER = ["None", "1 kW (included)", "3 kW (+€310)", "6 kW (+€540)"]
POWER_PRICE = {"None": 0, "1 kW (included)": 0, "3 kW (+€310)": 310, "6 kW (+€540)": 540}
FURN = ["None", "Standard (+€420)", "Premium (+€890)"]
FURN_PRICE = {"None": 0, "Standard (+€420)": 420, "Premium (+€890)": 890}
CARPET = ["Graphite (default)", "Royal blue", "Burgundy", "Forest green"]
BADGE_TYPES = ["Select a badge type", "Exhibitor staff", "Booth manager",
               "Contractor (build-up only)"]
DAYS = ["Wed 14 May", "Thu 15 May", "Fri 16 May"]


def short(opt):
    return opt.split(" (")[0]


# ---------------------------------------------------------------------------------------
# Page furniture
# ---------------------------------------------------------------------------------------
NAV = ["Dashboard", "Exhibitors", "Floor plan", "Reservations", "Badges", "Reports"]


def chrome_top(p, active=None, crumbs=(), search_value="", unread=3):
    p.add(1, "banner", "", chrome=True)
    p.add(2, "link", "BoothBook home", chrome=True)
    p.text(3, PRODUCT)
    p.text(2, "%s · %s · %s" % (SHOW, SHOW_DATES, VENUE))
    p.add(2, "navigation", "Primary", chrome=True)
    for n in NAV:
        if n == active:
            p.add(3, "link", n, chrome=True, current="page")
        else:
            p.add(3, "link", n, chrome=True)
    p.add(2, "search", "Site search", chrome=True)
    if search_value:
        p.add(3, "searchbox", "Search exhibitors, booths, badges", chrome=True,
              value=search_value)
    else:
        p.add(3, "searchbox", "Search exhibitors, booths, badges", chrome=True)
    p.add(3, "button", "Search", chrome=True)
    p.add(2, "button", "Notifications (%d unread)" % unread, key="notif", chrome=True,
          hasPopup="menu", expanded=False)
    p.add(2, "button", "%s · %s" % (USER, USER_ROLE), key="usermenu", chrome=True,
          hasPopup="menu", expanded=False)
    if crumbs:
        p.add(1, "navigation", "Breadcrumb", chrome=True)
        for c in crumbs[:-1]:
            p.add(2, "link", c, key="crumb|" + c, chrome=True)
        p.text(2, crumbs[-1])
    p.add(1, "main", "", chrome=True)


def chrome_bottom(p, toast=None, alert=None):
    p.add(1, "region", "Notifications", key="live", chrome=True, live="polite")
    if toast:
        p.add(2, "status", "", key="toast|" + toast, chrome=True)
        p.text(3, toast)
        p.add(3, "button", "Dismiss notification", key="toastx|" + toast, chrome=True)
    if alert:
        p.add(2, "alert", "", key="alert|" + alert, chrome=True)
        p.text(3, alert)
    p.add(1, "contentinfo", "", chrome=True)
    p.text(2, "© 2025 %s · %s %s · Signed in as %s" % (ORG, PRODUCT, VERSION, USER_EMAIL))
    p.text(2, "Today: " + TODAY_LONG)
    for l in ["Help centre", "Exhibitor manual (PDF)", "Privacy notice", "System status"]:
        p.add(2, "link", l, chrome=True)


def recently_viewed(p, depth, items):
    p.add(depth, "complementary", "Recently viewed")
    p.add(depth + 1, "heading", "Recently viewed")
    p.add(depth + 1, "list", "", key="recent-list")
    for it in items:
        p.add(depth + 2, "listitem", "", key="recent-li|" + it)
        p.add(depth + 3, "link", it, key="recent|" + it)


RECENT_BOOTH = ["Kestrel Analytics Ltd (EX-2041)", "Kestrel Analytica GmbH (EX-2014)",
                "RSV-25-1179 · Halvorsen Robotics", "Brightwell Systems (EX-3319)"]
RECENT_BADGE = ["Brightfold Systems (EX-3318)", "Brightfold Solutions (EX-3381)",
                "BDG-54871 · Tomas Lindgren", "Kestrel Analytics Ltd (EX-2041)"]


# ---------------------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------------------

def dashboard(recent, toast=None, dialog=None, sv=""):
    p = Page("dashboard", "/dashboard", "Dashboard · BoothBook")
    chrome_top(p, active="Dashboard", search_value=sv)
    p.add(2, "heading", "Good morning, Priya")
    p.text(2, "%s · 64 days until the show opens" % TODAY_LONG)
    p.add(2, "region", "Show at a glance")
    p.add(3, "heading", "Show at a glance")
    p.text(3, "Exhibitors: 64")
    p.text(3, "Booths reserved: 61 of 116")
    p.text(3, "Staff badges registered: 212 of 388 allocated")
    p.add(2, "region", "Needs your attention")
    p.add(3, "heading", "Needs your attention")
    p.add(3, "list", "", key="attn")
    for t in ["Deposit overdue · Korvac Abrasives", "RSV-25-1179 awaiting floor plan check",
              "Badge allocation full · Halvorsen Robotics"]:
        p.add(4, "listitem", "", key="attn-li|" + t)
        p.add(5, "link", t)
    p.add(2, "region", "Quick actions")
    p.add(3, "heading", "Quick actions")
    for t in ["Reserve a booth", "Register a staff badge", "Export exhibitor list"]:
        p.add(3, "link", t)
    recently_viewed(p, 2, recent)
    p.add(2, "region", "Announcements")
    p.add(3, "heading", "Announcements")
    p.text(3, "Hall C build-up starts Mon 12 May at 07:00. Contractor badges are required on site.")
    p.text(3, "Badge changes close on Fri 2 May at 17:00.")
    if dialog == "whatsnew":
        p.add(1, "dialog", "What's new in BoothBook 4.12", modal=True)
        p.add(2, "heading", "What's new in BoothBook 4.12")
        p.text(2, "Select all show days at once when registering a staff badge.")
        p.text(2, "Booth reservations now autosave a draft when you move to the next step.")
        p.add(2, "button", "Close")
    chrome_bottom(p, toast=toast)
    return p


def _sorted_exhibitors(sort):
    ex = list(EXHIBITORS)
    if sort == "Company name (A–Z)":
        ex.sort(key=lambda e: e["name"].casefold())
    elif sort == "Company name (Z–A)":
        ex.sort(key=lambda e: e["name"].casefold(), reverse=True)
    elif sort == "Exhibitor ID":
        ex.sort(key=lambda e: e["id"])
    elif sort == "Hall":
        ex.sort(key=lambda e: (e["hall"], e["name"].casefold()))
    return ex


def exhibitor_list(page=1, sort="Company name (A–Z)", filters_open=False, hall="All halls",
                   applied_hall="All halls", toast=None, per_page=20, sv=""):
    q = "?page=%d" % page
    if sort != "Company name (A–Z)":
        q += "&sort=" + {"Company name (Z–A)": "name-desc", "Exhibitor ID": "id",
                         "Hall": "hall"}[sort]
    if applied_hall != "All halls":
        q += "&hall=" + applied_hall[-1]
    p = Page("exhibitors", "/exhibitors" + q, "Exhibitors · BoothBook")
    chrome_top(p, active="Exhibitors", crumbs=("Dashboard", "Exhibitors"), search_value=sv)
    rows = _sorted_exhibitors(sort)
    if applied_hall != "All halls":
        rows = [e for e in rows if e["hall"] == applied_hall[-1]]
    total = len(rows)
    pages = (total + per_page - 1) // per_page
    shown = rows[(page - 1) * per_page: page * per_page]
    p.add(2, "heading", "Exhibitors")
    p.text(2, "%d exhibitors · %s" % (total, SHOW))
    p.add(2, "button", "Filters" + (" (1)" if applied_hall != "All halls" else ""),
          key="filters", expanded=filters_open)
    if filters_open:
        p.add(2, "group", "Filter exhibitors")
        p.add(3, "combobox", "Hall", value=hall, hasPopup="menu", expanded=False)
        for h in ["All halls", "Hall A", "Hall B", "Hall C"]:
            p.add(4, "option", h, key="fhall|" + h, selected=(h == hall))
        for s in ["Contract signed", "Confirmed", "Deposit due", "Waitlisted"]:
            p.add(3, "checkbox", s, checked="false")
        p.add(3, "button", "Apply filters")
        p.add(3, "button", "Clear all")
    p.add(2, "combobox", "Sort by", value=sort, hasPopup="menu", expanded=False)
    for s in ["Company name (A–Z)", "Company name (Z–A)", "Exhibitor ID", "Hall"]:
        p.add(3, "option", s, key="sort|" + s, selected=(s == sort))
    p.add(2, "button", "Export CSV")
    p.add(2, "table", "Exhibitors")
    p.add(3, "row", "", key="hdr")
    for c in ["Exhibitor ID", "Company", "Country", "Hall", "Badges", "Status"]:
        p.add(4, "columnheader", c)
    for e in shown:
        badges = "%d / %d" % (e["used"], e["alloc"])
        p.add(3, "row", "%s %s %s Hall %s %s %s" % (e["id"], e["name"], e["country"], e["hall"],
                                                     badges, e["status"]), key="row|" + e["id"])
        p.add(4, "cell", e["id"], key="cid|" + e["id"])
        p.add(4, "cell", "", key="cname|" + e["id"])
        p.add(5, "link", e["name"], key="lname|" + e["id"])
        p.add(4, "cell", e["country"], key="cc|" + e["id"])
        p.add(4, "cell", "Hall " + e["hall"], key="ch|" + e["id"])
        p.add(4, "cell", badges, key="cb|" + e["id"])
        p.add(4, "cell", e["status"], key="cs|" + e["id"])
    p.text(2, "Showing %d–%d of %d" % ((page - 1) * per_page + 1,
                                      (page - 1) * per_page + len(shown), total))
    p.add(2, "navigation", "Pagination")
    p.add(3, "link", "Previous page", disabled=(page == 1))
    for i in range(1, pages + 1):
        if i == page:
            p.add(3, "link", "Page %d" % i, current="page")
        else:
            p.add(3, "link", "Page %d" % i)
    p.add(3, "link", "Next page", disabled=(page == pages))
    chrome_bottom(p, toast=toast)
    return p


SEARCH_INDEX = {
    "kestrel": [("exhibitor", "EX-2014"), ("exhibitor", "EX-2041"), ("exhibitor", "EX-2047"),
                ("reservation", "RSV-24-0871")],
    "ex-2041": [("exhibitor", "EX-2041"), ("reservation", "RSV-24-0871")],
    "brightfold": [("exhibitor", "EX-3381"), ("exhibitor", "EX-3318"),
                   ("badge", "BDG-54871")],
    "ex-3318": [("exhibitor", "EX-3318"), ("badge", "BDG-54871")],
}


def search_page(q):
    hits = SEARCH_INDEX[q.lower()]
    p = Page("search", "/search?q=" + q.replace(" ", "+"), "Search: %s · BoothBook" % q)
    chrome_top(p, crumbs=("Dashboard", "Search"), search_value=q)
    p.add(2, "heading", "Search results for ‘%s’" % q)
    p.text(2, "%d results" % len(hits))
    p.add(2, "combobox", "Sort results", value="Best match", hasPopup="menu", expanded=False)
    n_ex = sum(1 for k, _ in hits if k == "exhibitor")
    n_r = sum(1 for k, _ in hits if k == "reservation")
    n_b = sum(1 for k, _ in hits if k == "badge")
    p.add(2, "tablist", "Result types")
    p.add(3, "tab", "All (%d)" % len(hits), selected=True)
    p.add(3, "tab", "Exhibitors (%d)" % n_ex, selected=False)
    p.add(3, "tab", "Reservations (%d)" % n_r, selected=False)
    p.add(3, "tab", "Badges (%d)" % n_b, selected=False)
    p.add(2, "list", "Search results")
    for kind, rid in hits:
        p.add(3, "listitem", "", key="li|" + rid)
        if kind == "exhibitor":
            e = EX_BY_ID[rid]
            p.add(4, "link", e["name"], key="hit|" + rid)
            p.text(4, "Exhibitor · %s · Hall %s · %s · %s" % (rid, e["hall"], e["country"],
                                                             e["status"]))
        elif kind == "reservation":
            ex = [k for k, v in RESERVATIONS.items() if any(r[0] == rid for r in v)][0]
            r = [r for r in RESERVATIONS[ex] if r[0] == rid][0]
            p.add(4, "link", rid, key="hit|" + rid)
            p.text(4, "Reservation · %s · Booth %s · %s · %s" % (EX_BY_ID[ex]["name"], r[2],
                                                                r[1], r[3]))
        else:
            ex = [k for k, v in BADGES.items() if any(b[0] == rid for b in v)][0]
            b = [b for b in BADGES[ex] if b[0] == rid][0]
            p.add(4, "link", "%s · %s" % (rid, b[1]), key="hit|" + rid)
            p.text(4, "Staff badge · %s · %s · %s" % (EX_BY_ID[ex]["name"], b[2], b[5]))
    p.text(2, "Can't find an exhibitor? Check the spelling or search by exhibitor ID (EX-1234).")
    chrome_bottom(p)
    return p


def exhibitor_page(ex_id, tab="Overview", drafts=(), new_resv=(), new_badges=(), toast=None,
                   recent=RECENT_BOOTH, stale_note=None):
    e = EX_BY_ID[ex_id]
    d = DETAIL[ex_id]
    path = "/exhibitors/%s" % ex_id + ("/badges" if tab == "Staff badges" else "")
    p = Page("exhibitor", path, "%s (%s) · Exhibitors · BoothBook" % (e["name"], ex_id))
    chrome_top(p, active="Exhibitors", crumbs=("Dashboard", "Exhibitors", e["name"]))
    resv = list(RESERVATIONS.get(ex_id, [])) + list(new_resv)
    badges = list(BADGES.get(ex_id, [])) + list(new_badges)
    used = len(badges)
    p.add(2, "heading", e["name"])
    p.text(2, "%s · Hall %s · %s · %s" % (ex_id, e["hall"], e["country"], e["status"]))
    p.add(2, "button", "Reserve a booth")
    p.add(2, "button", "Register staff badge")
    p.add(2, "button", "Edit exhibitor")
    p.add(2, "tablist", "Exhibitor sections")
    tabs = ["Overview", "Reservations (%d)" % len(resv),
            "Staff badges (%d of %d)" % (used, e["alloc"]), "Documents", "Activity"]
    for t in tabs:
        p.add(3, "tab", t, key="tab|" + t.split(" (")[0], selected=(t.split(" (")[0] == tab))
    p.add(2, "tabpanel", tab)
    if tab == "Overview":
        p.add(3, "heading", "Company details")
        p.text(3, "Primary contact: " + d["contact"])
        p.text(3, "Email: " + d["email"])
        p.text(3, "Phone: " + d["phone"])
        p.text(3, "Country: " + e["country"])
        p.text(3, "Sector: " + d["sector"])
        p.text(3, "Account manager: " + USER)
        p.text(3, "Exhibiting since: " + d["since"])
        p.add(3, "region", "Booth reservations")
        p.add(4, "heading", "Booth reservations")
        if not any(r[1] == SHOW for r in resv):
            p.text(4, "No booth reserved for %s yet." % SHOW)
        p.add(4, "table", "Booth reservations", key="resv-table")
        p.add(5, "row", "", key="resv-hdr")
        for c in ["Reservation", "Show", "Booth", "Status"]:
            p.add(6, "columnheader", c, key="rh|" + c)
        for r in resv:
            p.add(5, "row", " ".join(r), key="rrow|" + r[0])
            p.add(6, "cell", "", key="rc0|" + r[0])
            p.add(7, "link", r[0], key="rl|" + r[0])
            p.add(6, "cell", r[1], key="rc1|" + r[0])
            p.add(6, "cell", r[2], key="rc2|" + r[0])
            p.add(6, "cell", r[3], key="rc3|" + r[0])
        p.add(3, "region", "Saved drafts")
        p.add(4, "heading", "Saved drafts")
        if not drafts:
            p.text(4, "No saved drafts.")
        for dr_id, desc in drafts:
            p.text(4, "Booth reservation draft %s · %s" % (dr_id, desc))
            p.add(4, "button", "Resume draft " + dr_id)
            p.add(4, "button", "Discard draft " + dr_id)
        p.add(3, "region", "Staff badges", key="badge-summary")
        p.add(4, "heading", "Staff badges", key="badge-summary-h")
        p.text(4, "Badge allocation: %d of %d used" % (used, e["alloc"]))
    elif tab == "Staff badges":
        p.add(3, "heading", "Staff badges", key="badges-h")
        p.text(3, "Badge allocation: %d of %d used · changes close Fri 2 May 17:00" %
               (used, e["alloc"]))
        if stale_note:
            p.text(3, stale_note)
        p.add(3, "table", "Staff badges", key="badges-table")
        p.add(4, "row", "", key="b-hdr")
        for c in ["Badge", "Name", "Badge type", "Show days", "Status"]:
            p.add(5, "columnheader", c, key="bh|" + c)
        for b in badges:
            p.add(4, "row", "%s %s %s %s %s" % (b[0], b[1], b[2], b[4], b[5]), key="brow|" + b[0])
            p.add(5, "cell", "", key="bc0|" + b[0])
            p.add(6, "link", b[0], key="bl|" + b[0])
            p.add(5, "cell", b[1], key="bc1|" + b[0])
            p.add(5, "cell", b[2], key="bc2|" + b[0])
            p.add(5, "cell", b[4], key="bc3|" + b[0])
            p.add(5, "cell", b[5], key="bc4|" + b[0])
    p.add(2, "complementary", "Related exhibitors")
    p.add(3, "heading", "Related exhibitors")
    for rid, rname, note in d["related"]:
        p.add(3, "link", "%s (%s)" % (rname, rid), key="rel|" + rid)
        p.text(3, note)
    recently_viewed(p, 2, recent)
    chrome_bottom(p, toast=toast)
    return p


# Booth reservation wizard ----------------------------------------------------------------
STEP_NAMES = ["Choose a booth", "Booth options", "Billing contact", "Review and submit"]


def wiz(ex_id, **kw):
    b = DETAIL[ex_id]["billing"]
    w = dict(ex=ex_id, step=1, hall="All halls", size="Any size", corner=False, sort="booth",
             page=1, selected=None, power="1 kW (included)", furniture="None",
             carpet="Graphite (default)", rigging=False, notes="", bname=b[0], bemail=b[1],
             po="", vat=b[2], addr=b[3], copy_primary=True, terms=False, dialog=None,
             toast=None, alert=None, draft=None, busy=False)
    w.update(kw)
    return w


def W(w, **kw):
    x = dict(w)
    x.update(kw)
    return x


def wizard_total(w):
    b = booth_info(w["selected"])
    return (b["price"] + POWER_PRICE[w["power"]] + FURN_PRICE[w["furniture"]] +
            (180 if w["rigging"] else 0))


def wizard(w):
    e = EX_BY_ID[w["ex"]]
    step = w["step"]
    if w["draft"]:
        path = "/reservations/drafts/%s?step=%d" % (w["draft"], step)
    else:
        path = "/exhibitors/%s/reservations/new?step=%d" % (w["ex"], step)
    p = Page("wizard", path, "Reserve a booth · Step %d of 4 · BoothBook" % step)
    chrome_top(p, active="Reservations",
               crumbs=("Dashboard", "Exhibitors", e["name"], "Reserve a booth"))
    p.add(2, "heading", "Reserve a booth")
    p.text(2, "%s · %s · %s" % (e["name"], w["ex"], SHOW))
    if w["draft"]:
        p.text(2, "Draft %s" % w["draft"])
    p.add(2, "list", "Reservation progress")
    for i, s in enumerate(STEP_NAMES, 1):
        if i == step:
            p.add(3, "listitem", "%d. %s" % (i, s), key="prog|%d" % i, current="step")
        else:
            p.add(3, "listitem", "%d. %s" % (i, s) + (" (done)" if i < step else ""),
                  key="prog|%d" % i)
    p.add(2, "heading", "Step %d of 4: %s" % (step, STEP_NAMES[step - 1]), key="stephead")
    sel = booth_info(w["selected"]) if w["selected"] else None
    if step == 1:
        booths = available_booths(w["hall"], w["size"], w["corner"], w["sort"])
        per = 10
        pages = max(1, (len(booths) + per - 1) // per)
        shown = booths[(w["page"] - 1) * per: w["page"] * per]
        p.add(2, "group", "Booth filters")
        p.add(3, "combobox", "Hall", value=w["hall"], hasPopup="menu", expanded=False)
        for h in ["All halls", "Hall A", "Hall B", "Hall C"]:
            p.add(4, "option", h, key="hall|" + h, selected=(h == w["hall"]))
        p.add(3, "combobox", "Booth size", value=w["size"], hasPopup="menu", expanded=False)
        for s in ["Any size", "3 × 3 m", "6 × 3 m", "6 × 6 m"]:
            p.add(4, "option", s, key="size|" + s, selected=(s == w["size"]))
        p.add(3, "checkbox", "Corner booths only", checked=str(w["corner"]).lower())
        p.text(2, "Showing %d–%d of %d available booths" % (
            (w["page"] - 1) * per + (1 if shown else 0), (w["page"] - 1) * per + len(shown),
            len(booths)))
        p.add(2, "table", "Available booths")
        p.add(3, "row", "", key="bt-hdr")
        p.add(4, "columnheader", "Select")
        p.add(4, "columnheader", "Booth")
        p.add(5, "button", "Sort by booth number", pressed=(w["sort"] == "booth"))
        p.add(4, "columnheader", "Hall", key="ch-hall")
        p.add(4, "columnheader", "Size")
        p.add(4, "columnheader", "Type")
        p.add(4, "columnheader", "Price (excl. VAT)")
        p.add(5, "button", "Sort by price", pressed=(w["sort"].startswith("price")))
        for b in shown:
            c = b["code"]
            p.add(3, "row", "%s Hall %s %s %s %s" % (c, b["hall"], b["size"], b["kind"],
                                                     eur(b["price"])), key="brow|" + c)
            p.add(4, "cell", "", key="sel|" + c)
            p.add(5, "radio", "Select booth " + c, checked=str(w["selected"] == c).lower())
            p.add(4, "cell", c, key="code|" + c)
            p.add(4, "cell", "Hall " + b["hall"], key="hall-c|" + c)
            p.add(4, "cell", b["size"], key="size-c|" + c)
            p.add(4, "cell", b["kind"], key="kind-c|" + c)
            p.add(4, "cell", eur(b["price"]), key="price-c|" + c)
        p.add(2, "navigation", "Booth list pages")
        p.add(3, "link", "Previous page", disabled=(w["page"] == 1))
        for i in range(1, pages + 1):
            if i == w["page"]:
                p.add(3, "link", "Page %d" % i, current="page")
            else:
                p.add(3, "link", "Page %d" % i)
        p.add(3, "link", "Next page", disabled=(w["page"] == pages))
        if sel:
            p.text(2, "Selected booth: %s · Hall %s · %s %s · %s" % (
                sel["code"], sel["hall"], sel["size"], sel["kind"].lower(), eur(sel["price"])))
        else:
            p.text(2, "Selected booth: none")
        p.add(2, "complementary", "Floor plan preview")
        if sel:
            p.add(3, "image", "Hall %s floor plan with booth %s highlighted" % (sel["hall"],
                                                                                sel["code"]),
                  key="fp-img")
        else:
            p.add(3, "image", "Floor plan overview of Halls A, B and C", key="fp-img")
        p.text(3, "Entrances: A1 (west), B2 (north), C1 (east). Catering in Hall B, aisle 5.")
    elif step == 2:
        p.text(2, "Booth %s · Hall %s · %s %s · %s" % (sel["code"], sel["hall"], sel["size"],
                                                       sel["kind"].lower(), eur(sel["price"])))
        p.add(2, "combobox", "Power connection", value=w["power"], hasPopup="menu",
              expanded=False)
        for o in POWER:
            p.add(3, "option", o, key="pw|" + o, selected=(o == w["power"]))
        p.text(2, "1 kW is included with every booth. Larger connections are installed on "
                  "Mon 12 May.")
        p.add(2, "radiogroup", "Furniture pack")
        for o in FURN:
            p.add(3, "radio", o, key="fu|" + o, checked=str(o == w["furniture"]).lower())
        p.text(3, "Standard: 1 counter, 3 chairs, literature rack, waste bin. "
                  "Premium adds a lockable store room and a lounge set.")
        p.add(2, "combobox", "Carpet colour (optional)", value=w["carpet"], hasPopup="menu",
              expanded=False)
        for o in CARPET:
            p.add(3, "option", o, key="cp|" + o, selected=(o == w["carpet"]))
        p.add(2, "checkbox", "Rigging point for a hanging sign (+€180)",
              checked=str(w["rigging"]).lower())
        if w["notes"]:
            p.add(2, "textbox", "Notes for the floor manager (optional)", value=w["notes"])
        else:
            p.add(2, "textbox", "Notes for the floor manager (optional)")
        p.text(2, "Running total (excl. VAT): " + eur(wizard_total(w)))
    elif step == 3:
        p.add(2, "textbox", "Billing contact name", value=w["bname"], required=True)
        p.add(2, "textbox", "Billing email", value=w["bemail"], required=True)
        if w["po"]:
            p.add(2, "textbox", "Purchase order number (optional)", value=w["po"])
        else:
            p.add(2, "textbox", "Purchase order number (optional)")
        p.add(2, "textbox", "VAT number", value=w["vat"])
        p.add(2, "textbox", "Invoice address", value=w["addr"], multiline=True)
        p.add(2, "checkbox", "Send a copy of the invoice to the primary contact",
              checked=str(w["copy_primary"]).lower())
    else:
        p.add(2, "group", "Booth", key="rv-booth")
        p.text(3, "Booth: %s (Hall %s)" % (sel["code"], sel["hall"]))
        p.text(3, "Size and type: %s, %s" % (sel["size"], sel["kind"].lower()))
        p.add(3, "link", "Edit booth")
        p.add(2, "group", "Options", key="rv-opt")
        p.text(3, "Power connection: " + short(w["power"]))
        p.text(3, "Furniture pack: " + short(w["furniture"]))
        p.text(3, "Carpet colour: " + short(w["carpet"]))
        p.text(3, "Rigging point: " + ("Yes" if w["rigging"] else "No"))
        p.text(3, "Notes: " + (w["notes"] or "—"))
        p.add(3, "link", "Edit options")
        p.add(2, "group", "Billing", key="rv-bill")
        p.text(3, "Billing contact: %s <%s>" % (w["bname"], w["bemail"]))
        p.text(3, "Purchase order: " + (w["po"] or "—"))
        p.text(3, "VAT number: " + w["vat"])
        p.add(3, "link", "Edit billing")
        p.add(2, "table", "Price summary")
        lines = [("Booth %s" % sel["code"], sel["price"]),
                 ("Power connection, %s" % short(w["power"]), POWER_PRICE[w["power"]]),
                 ("Furniture pack, %s" % short(w["furniture"]), FURN_PRICE[w["furniture"]])]
        if w["rigging"]:
            lines.append(("Rigging point", 180))
        for i, (lab, amt) in enumerate(lines):
            p.add(3, "row", "%s %s" % (lab, eur(amt, True)), key="ps|%d" % i)
            p.add(4, "cell", lab, key="psl|%d" % i)
            p.add(4, "cell", eur(amt, True), key="psa|%d" % i)
        p.text(2, "Total (excl. VAT): " + eur(wizard_total(w), True))
        p.add(2, "checkbox", "I accept the Exhibitor Terms and Conditions 2025",
              checked=str(w["terms"]).lower(), required=True)
        p.add(2, "link", "Read the terms (PDF)")
    # buttons
    p.add(2, "button", "Back", disabled=(step == 1))
    p.add(2, "button", "Save draft")
    if step < 4:
        p.add(2, "button", "Next")
    else:
        if w["busy"]:
            p.add(2, "button", "Submit reservation", disabled=not w["terms"], busy=True)
        else:
            p.add(2, "button", "Submit reservation", disabled=not w["terms"])
    p.add(2, "link", "Cancel reservation")
    if w["dialog"] == "submit":
        p.add(1, "dialog", "Submit reservation?", modal=True)
        p.add(2, "heading", "Submit reservation for booth %s?" % sel["code"], key="dlg-h")
        p.text(2, "%s will be invoiced %s (excl. VAT) once the floor manager approves the "
                  "booth. A submitted reservation can't be edited." %
               (e["name"], eur(wizard_total(w), True)))
        p.add(2, "button", "Cancel", key="dlg-cancel")
        p.add(2, "button", "Confirm and submit")
    chrome_bottom(p, toast=w["toast"], alert=w["alert"])
    return p


def reservation_page(w, rsv_id, when, recent=RECENT_BOOTH, toast=True):
    e = EX_BY_ID[w["ex"]]
    sel = booth_info(w["selected"])
    p = Page("reservation", "/reservations/" + rsv_id,
             "Reservation %s · BoothBook" % rsv_id)
    chrome_top(p, active="Reservations", crumbs=("Dashboard", "Reservations", rsv_id))
    p.add(2, "heading", "Reservation " + rsv_id, key="rsv-h")
    p.text(2, "Status: Submitted · awaiting floor manager approval")
    p.add(2, "group", "Reservation details")
    p.text(3, "Exhibitor: ")
    p.add(3, "link", "%s (%s)" % (e["name"], w["ex"]), key="exlink")
    p.text(3, "Show: " + SHOW)
    p.text(3, "Booth: %s · Hall %s · %s %s" % (sel["code"], sel["hall"], sel["size"],
                                               sel["kind"].lower()))
    p.text(3, "Power connection: " + short(w["power"]))
    p.text(3, "Furniture pack: " + short(w["furniture"]))
    p.text(3, "Carpet colour: " + short(w["carpet"]))
    p.text(3, "Rigging point: " + ("Yes" if w["rigging"] else "No"))
    p.text(3, "Billing contact: %s <%s>" % (w["bname"], w["bemail"]))
    p.text(3, "Purchase order: " + (w["po"] or "—"))
    p.text(3, "Total (excl. VAT): " + eur(wizard_total(w), True))
    p.text(3, "Submitted: %s %s by %s" % (TODAY, when, USER))
    p.add(2, "button", "Download summary (PDF)")
    p.add(2, "button", "Withdraw reservation")
    p.add(2, "link", "Back to " + e["name"])
    p.add(2, "complementary", "Other reservations for this exhibitor")
    p.add(3, "heading", "Other reservations for this exhibitor")
    for r in RESERVATIONS.get(w["ex"], []):
        p.add(3, "link", "%s · %s · %s · %s" % (r[0], r[1].replace(
            "Northbridge Manufacturing Summit", "Northbridge"), r[2], r[3]), key="oth|" + r[0])
    recently_viewed(p, 2, recent)
    t = None
    if toast:
        t = "Reservation %s submitted. A confirmation email was sent to %s." % (rsv_id,
                                                                                 w["bemail"])
    chrome_bottom(p, toast=t)
    return p


def denied_page(path, message):
    p = Page("denied", path, "Access denied · BoothBook")
    chrome_top(p)
    p.add(2, "heading", "You don't have permission to do that")
    p.text(2, message)
    p.text(2, "Your role: Exhibitor Services coordinator")
    p.text(2, "Error 403 · Request ID 7c1e-44ab-9d02")
    p.add(2, "link", "Go to dashboard")
    p.add(2, "link", "Contact your BoothBook administrator")
    chrome_bottom(p)
    return p


# Staff badge form ------------------------------------------------------------------------

def bform(ex_id, **kw):
    f = dict(ex=ex_id, first="", last="", email="", job="", phone="",
             btype="Select a badge type", days=[], allday=False, lead=False, needs="",
             dialog=False, alert=None, status=None, toast=None, focused=None)
    f.update(kw)
    return f


def F(f, **kw):
    x = dict(f)
    x.update(kw)
    return x


def _tb(p, depth, name, val, required=False, focused=False, **extra):
    props = {}
    if focused:
        props["focused"] = True
    if required:
        props["required"] = True
    if val:
        props["value"] = val
    props.update(extra)
    return p.add(depth, "textbox", name, **props)


def badge_form(f, used_offset=0):
    e = EX_BY_ID[f["ex"]]
    used = len(BADGES.get(f["ex"], [])) + used_offset
    p = Page("badgeform", "/exhibitors/%s/badges/new" % f["ex"],
             "Register staff badge · %s · BoothBook" % e["name"])
    chrome_top(p, active="Badges", crumbs=("Dashboard", "Exhibitors", e["name"],
                                           "Register staff badge"))
    p.add(2, "heading", "Register staff badge")
    p.text(2, "%s · %s · Hall %s" % (e["name"], f["ex"], e["hall"]))
    p.text(2, "Badge allocation: %d of %d used" % (used, e["alloc"]))
    if f["alert"]:
        p.add(2, "alert", "", key="form-alert|" + f["alert"])
        p.text(3, f["alert"])
    p.add(2, "group", "Attendee")
    fo = f["focused"]
    _tb(p, 3, "First name", f["first"], True, fo == "first")
    _tb(p, 3, "Last name", f["last"], True, fo == "last")
    _tb(p, 3, "Email", f["email"], True, fo == "email")
    p.text(3, "The badge and its QR code are emailed to this address.")
    _tb(p, 3, "Job title", f["job"], True, fo == "job")
    _tb(p, 3, "Mobile phone (optional)", f["phone"], False, fo == "phone")
    p.add(2, "combobox", "Badge type", value=f["btype"], hasPopup="menu", expanded=False,
          required=True)
    for o in BADGE_TYPES:
        p.add(3, "option", o, key="bt|" + o, selected=(o == f["btype"]))
    p.text(2, "Booth managers can collect badges for their whole team. Contractor badges are "
              "valid for build-up and breakdown only.")
    p.add(2, "group", "Show days (required)")
    p.add(3, "checkbox", "Select all show days", checked=str(f["allday"]).lower())
    for dname in DAYS:
        p.add(3, "checkbox", dname, checked=str(dname in f["days"]).lower())
    p.add(2, "group", "Add-ons")
    p.add(3, "checkbox", "Lead retrieval app licence (+€95)", checked=str(f["lead"]).lower())
    _tb(p, 3, "Dietary or accessibility needs (optional)", f["needs"], False, fo == "needs")
    p.text(2, "Badges are collected at the Exhibitor Entrance, Hall C, from Tue 13 May 08:00.")
    p.add(2, "link", "Cancel", key="form-cancel")
    if f["status"]:
        p.add(2, "button", "Register badge", busy=True)
        p.add(2, "status", "", key="form-status|" + f["status"])
        p.text(3, f["status"])
    else:
        p.add(2, "button", "Register badge")
    if f["dialog"]:
        days = ", ".join(d for d in DAYS if d in f["days"]) or "none selected"
        p.add(1, "dialog", "Register this badge?", modal=True)
        p.add(2, "heading", "Register this badge?", key="dlg-h")
        p.text(2, "%s %s · %s · %s" % (f["first"], f["last"], f["btype"], f["email"]))
        p.text(2, "Show days: " + days)
        p.text(2, "This uses 1 of the %d remaining badges in the allocation for %s." %
               (e["alloc"] - used, e["name"]))
        p.add(2, "button", "Cancel", key="dlg-cancel")
        p.add(2, "button", "Confirm registration")
    chrome_bottom(p, toast=f["toast"])
    return p


def badge_page(f, bdg_id, when, extra_others=(), status_line=None, toast=True):
    e = EX_BY_ID[f["ex"]]
    name = "%s %s" % (f["first"], f["last"])
    p = Page("badge", "/badges/" + bdg_id, "Badge %s · %s · BoothBook" % (bdg_id, name))
    chrome_top(p, active="Badges", crumbs=("Dashboard", "Exhibitors", e["name"], bdg_id))
    p.add(2, "heading", name, key="badge-h")
    p.text(2, "Badge %s · %s · %s (%s)" % (bdg_id, f["btype"], e["name"], f["ex"]))
    p.add(2, "group", "Badge details")
    p.text(3, "Email: " + f["email"])
    p.text(3, "Job title: " + f["job"])
    days = ", ".join(d for d in DAYS if d in f["days"]) or "None selected"
    p.text(3, "Show days: " + days)
    p.text(3, "Lead retrieval app licence: " + ("Yes" if f["lead"] else "No"))
    p.text(3, "Status: " + (status_line or "Registered · ready to print"))
    p.text(3, "Registered: %s %s by %s" % (TODAY, when, USER))
    p.add(2, "button", "Print preview")
    p.add(2, "button", "Resend badge email")
    p.add(2, "button", "Edit badge")
    p.add(2, "button", "Remove badge")
    p.add(2, "link", "Back to " + e["name"])
    p.add(2, "complementary", "Other badges for " + e["name"], key="others")
    p.add(3, "heading", "Other badges for " + e["name"], key="others-h")
    for b in list(BADGES.get(f["ex"], [])) + list(extra_others):
        p.add(3, "link", "%s · %s · %s" % (b[0], b[1], b[2]), key="ob|" + b[0])
    recently_viewed(p, 2, RECENT_BADGE)
    t = None
    if toast:
        t = "Badge %s registered. We emailed it to %s." % (bdg_id, f["email"])
    chrome_bottom(p, toast=t)
    return p


# ---------------------------------------------------------------------------------------
# Run recorder
# ---------------------------------------------------------------------------------------

class Run:
    def __init__(self, rid, workflow, task, start, fault=None, note=""):
        self.rid = rid
        self.workflow = workflow
        self.task = task
        self.start = start
        self.cur = start
        self.steps = []
        self.fault = fault
        self.fault_step = None
        self.note = note

    def _mark(self, off):
        if off:
            assert self.fault is not None, "%s: off-track step in a healthy run" % self.rid
            assert self.fault_step is None, "%s: two off-track marks" % self.rid
            self.fault_step = len(self.steps)

    def act(self, commitment, verb, role, name, page, why, effect="read", value=None,
            nth=None, off=False):
        bid = self.cur.find(role, name, nth)
        if verb == "click":
            cmd = "click(%r)" % bid
        elif verb == "fill":
            cmd = "fill(%r, %r)" % (bid, value)
        elif verb == "select":
            cmd = "select_option(%r, %r)" % (bid, value)
        elif verb == "check":
            cmd = "check(%r)" % bid
        elif verb == "uncheck":
            cmd = "uncheck(%r)" % bid
        elif verb == "press":
            cmd = "press(%r, %r)" % (bid, value)
        else:
            raise ValueError(verb)
        self._mark(off)
        self.steps.append({
            "commitment": commitment,
            "action": {"command": cmd, "reasoning": why, "target": "%s %r" % (role, name),
                       "effect": effect},
            "observation": page.obs(),
        })
        self.cur = page

    def raw(self, commitment, cmd, page, why, effect="read", target=None, off=False):
        self._mark(off)
        self.steps.append({
            "commitment": commitment,
            "action": {"command": cmd, "reasoning": why, "target": target, "effect": effect},
            "observation": page.obs(),
        })
        self.cur = page

    def goto(self, commitment, url, page, why, off=False):
        self.raw(commitment, "goto(%r)" % url, page, why, target=url, off=off)

    def say(self, commitment, msg, why, off=False):
        # the page does not change when the agent talks to the user
        self.raw(commitment, "send_msg_to_user(%r)" % msg, self.cur, why, off=off)

    def record(self, success):
        if self.fault is not None:
            assert self.fault_step is not None, "%s: fault without a marked step" % self.rid
        return {
            "id": self.rid,
            "workflow": self.workflow,
            "task": self.task,
            "plan": "plans/%s.yaml" % self.workflow,
            "label": {"fault": self.fault, "first_off_track_step": self.fault_step,
                      **({"note": self.note} if self.note else {})},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": success},
        }


# =======================================================================================
# Workflows and healthy runs (written first; the plans below were written from these)
# =======================================================================================

BOOTH_TASK = ("Reserve booth B-214 in Hall B for Kestrel Analytics Ltd (EX-2041) at the "
              "Northbridge Manufacturing Summit 2025, with a 3 kW power connection and the "
              "Standard furniture pack, and submit the reservation.")
BADGE_TASK = ("Register an Exhibitor staff badge for Tomás Lindqvist "
              "(tomas.lindqvist@brightfold.io, Sales Engineer) at Brightfold Systems (EX-3318), "
              "valid for all three show days (14–16 May), and submit the registration.")

KESTREL = "EX-2041"
BRIGHT = "EX-3318"
P3 = "3 kW (+€310)"
STD = "Standard (+€420)"
TERMS = "I accept the Exhibitor Terms and Conditions 2025"
AUTOSAVE = "Draft saved automatically at %s. You can resume it from the exhibitor's page."


def booth_done_msg(rsv):
    return ("Booth B-214 (Hall B) is reserved for Kestrel Analytics Ltd (EX-2041) with a 3 kW "
            "power connection and the Standard furniture pack. Reservation %s was submitted "
            "and is awaiting floor manager approval." % rsv)


def badge_done_msg(bdg):
    return ("Registered an Exhibitor staff badge (%s) for Tomás Lindqvist, Sales Engineer at "
            "Brightfold Systems (EX-3318), for Wed 14, Thu 15 and Fri 16 May. The badge was "
            "emailed to tomas.lindqvist@brightfold.io." % bdg)


def wizard_review_and_submit(r, w, rsv, when, recent=RECENT_BOOTH):
    """Steps 3 -> 4 -> terms -> submit -> confirm, healthy tail shared by several runs."""
    w = W(w, step=3, toast=None)
    r.act("billing", "click", "button", "Next", wizard(w),
          "Options are set; continue to the billing contact step")
    w = W(w, step=4)
    r.act("billing", "click", "button", "Next", wizard(w),
          "Billing contact is prefilled from the exhibitor record; continue to review")
    w = W(w, terms=True)
    r.act("submit", "check", "checkbox", TERMS, wizard(w),
          "Review shows B-214, 3 kW and Standard furniture; accept the terms", effect="write")
    w = W(w, dialog="submit")
    r.act("submit", "click", "button", "Submit reservation", wizard(w),
          "Submit the reservation")
    r.act("submit", "click", "button", "Confirm and submit",
          reservation_page(W(w, dialog=None), rsv, when, recent=recent),
          "Confirm the submission in the dialog", effect="irreversible")
    return w


def booth_healthy_list():
    """List path with pagination; hall filter in the wizard."""
    start = dashboard(RECENT_BOOTH)
    r = Run("boothbook-booth-03", "booth", BOOTH_TASK, start)
    r.act("find-exhibitor", "click", "link", "Exhibitors", exhibitor_list(1),
          "Open the exhibitor list to find Kestrel Analytics Ltd")
    r.act("find-exhibitor", "click", "link", "Next page", exhibitor_list(2),
          "The list is sorted by name; Kestrel is not on page 1, go to the next page")
    r.act("find-exhibitor", "click", "link", "Kestrel Analytics Ltd", exhibitor_page(KESTREL),
          "Row EX-2041 Kestrel Analytics Ltd is the target exhibitor")
    w = wiz(KESTREL)
    r.act("pick-booth", "click", "button", "Reserve a booth", wizard(w),
          "Start a booth reservation for this exhibitor")
    w = W(w, hall="Hall B")
    r.act("pick-booth", "select", "combobox", "Hall", wizard(w),
          "Limit the booth list to Hall B", effect="write", value="Hall B")
    w = W(w, selected="B-214")
    r.act("pick-booth", "click", "radio", "Select booth B-214", wizard(w),
          "B-214 is available in Hall B; select it", effect="write")
    w = W(w, step=2)
    r.act("pick-booth", "click", "button", "Next", wizard(w),
          "Booth B-214 selected; continue to options")
    w = W(w, power=P3)
    r.act("booth-options", "select", "combobox", "Power connection", wizard(w),
          "Task asks for a 3 kW power connection", effect="write", value=P3)
    w = W(w, furniture=STD)
    r.act("booth-options", "click", "radio", STD, wizard(w),
          "Task asks for the Standard furniture pack", effect="write")
    wizard_review_and_submit(r, w, "RSV-25-1187", "10:52")
    r.say("submit", booth_done_msg("RSV-25-1187"), "The confirmation page shows RSV-25-1187")
    return r.record(True)


def booth_healthy_search():
    """Search by exhibitor id, dismissed toasts, corner filter, optional carpet left alone."""
    start = exhibitor_list(1, toast="Welcome back, Priya. 3 reservations are waiting for a "
                                    "floor plan check.")
    r = Run("boothbook-booth-07", "booth", BOOTH_TASK, start)
    r.act("find-exhibitor", "click", "button", "Dismiss notification", exhibitor_list(1),
          "Dismiss the welcome notification")
    r.act("find-exhibitor", "fill", "searchbox", "Search exhibitors, booths, badges",
          exhibitor_list(1, sv="EX-2041"), "Search by the exhibitor id", value="EX-2041")
    r.act("find-exhibitor", "press", "searchbox", "Search exhibitors, booths, badges",
          search_page("EX-2041"), "Run the search", value="Enter")
    r.act("find-exhibitor", "click", "link", "Kestrel Analytics Ltd", exhibitor_page(KESTREL),
          "The exhibitor result EX-2041 is Kestrel Analytics Ltd")
    w = wiz(KESTREL)
    r.act("pick-booth", "click", "button", "Reserve a booth", wizard(w),
          "Start the booth reservation wizard")
    w = W(w, corner=True)
    r.act("pick-booth", "check", "checkbox", "Corner booths only", wizard(w),
          "B-214 is a corner booth; narrow the list", effect="write")
    w = W(w, hall="Hall B")
    r.act("pick-booth", "select", "combobox", "Hall", wizard(w),
          "Narrow to Hall B as well", effect="write", value="Hall B")
    w = W(w, selected="B-214")
    r.act("pick-booth", "click", "radio", "Select booth B-214", wizard(w),
          "Select booth B-214", effect="write")
    w = W(w, step=2, toast=AUTOSAVE % "10:41")
    r.act("pick-booth", "click", "button", "Next", wizard(w), "Continue to booth options")
    w = W(w, toast=None)
    r.act("booth-options", "click", "button", "Dismiss notification", wizard(w),
          "Dismiss the autosave notice")
    w = W(w, furniture=STD)
    r.act("booth-options", "click", "radio", STD, wizard(w),
          "Choose the Standard furniture pack", effect="write")
    w = W(w, power=P3)
    r.act("booth-options", "select", "combobox", "Power connection", wizard(w),
          "Set the power connection to 3 kW; carpet colour is optional and not in the task",
          effect="write", value=P3)
    wizard_review_and_submit(r, w, "RSV-25-1191", "11:06")
    r.say("submit", booth_done_msg("RSV-25-1191"), "Reservation RSV-25-1191 is submitted")
    return r.record(True)


def booth_healthy_draft():
    """Recently viewed entry, price sort + pagination, explicit draft save and resume."""
    start = dashboard(RECENT_BOOTH)
    r = Run("boothbook-booth-01", "booth", BOOTH_TASK, start)
    r.act("find-exhibitor", "click", "link", "Kestrel Analytics Ltd (EX-2041)",
          exhibitor_page(KESTREL), "Kestrel Analytics Ltd is in Recently viewed")
    w = wiz(KESTREL)
    r.act("pick-booth", "click", "button", "Reserve a booth", wizard(w),
          "Start a booth reservation")
    w = W(w, hall="Hall B")
    r.act("pick-booth", "select", "combobox", "Hall", wizard(w), "Show Hall B booths only",
          effect="write", value="Hall B")
    w = W(w, sort="price")
    r.act("pick-booth", "click", "button", "Sort by price", wizard(w),
          "Sort by price to group the 3 × 3 m corner booths together")
    w = W(w, page=3)
    r.act("pick-booth", "click", "link", "Page 3", wizard(w),
          "Look for B-214 among the €4,950 corner booths further down the list")
    w = W(w, selected="B-214")
    r.act("pick-booth", "click", "radio", "Select booth B-214", wizard(w),
          "Select B-214", effect="write")
    w = W(w, step=2)
    r.act("pick-booth", "click", "button", "Next", wizard(w), "Continue to booth options")
    w = W(w, power=P3)
    r.act("booth-options", "select", "combobox", "Power connection", wizard(w),
          "3 kW power connection", effect="write", value=P3)
    w = W(w, furniture=STD)
    r.act("booth-options", "click", "radio", STD, wizard(w), "Standard furniture pack",
          effect="write")
    w = W(w, draft="DR-0412", toast="Draft DR-0412 saved. You can resume it from the "
                                    "exhibitor's page.")
    r.act("booth-options", "click", "button", "Save draft", wizard(w),
          "Save the options as a draft before continuing", effect="write")
    r.act("booth-options", "click", "link", "Kestrel Analytics Ltd",
          exhibitor_page(KESTREL, drafts=[("DR-0412", "Booth B-214 · step 2 of 4 · saved "
                                                      "today 10:47")]),
          "Check that the draft is stored on the exhibitor before finishing")
    w = W(w, toast=None)
    r.act("booth-options", "click", "button", "Resume draft DR-0412", wizard(w),
          "Resume the saved draft")
    wizard_review_and_submit(r, w, "RSV-25-1188", "10:49")
    r.say("submit", booth_done_msg("RSV-25-1188"), "Reservation RSV-25-1188 submitted")
    return r.record(True)


def booth_healthy_filters():
    """Exhibitor list filter panel, booth size filter, verification on the exhibitor page."""
    start = exhibitor_list(1)
    r = Run("boothbook-booth-10", "booth", BOOTH_TASK, start)
    r.act("find-exhibitor", "click", "button", "Filters", exhibitor_list(1, filters_open=True),
          "Open the filter panel to narrow the list to Hall B")
    r.act("find-exhibitor", "select", "combobox", "Hall",
          exhibitor_list(1, filters_open=True, hall="Hall B"),
          "Filter exhibitors by Hall B", value="Hall B")
    r.act("find-exhibitor", "click", "button", "Apply filters",
          exhibitor_list(1, applied_hall="Hall B"), "Apply the hall filter")
    r.act("find-exhibitor", "click", "link", "Kestrel Analytics Ltd", exhibitor_page(KESTREL),
          "Open Kestrel Analytics Ltd (EX-2041)")
    w = wiz(KESTREL)
    r.act("pick-booth", "click", "button", "Reserve a booth", wizard(w),
          "Start the reservation")
    w = W(w, hall="Hall B")
    r.act("pick-booth", "select", "combobox", "Hall", wizard(w), "Hall B", effect="write",
          value="Hall B")
    w = W(w, size="3 × 3 m")
    r.act("pick-booth", "select", "combobox", "Booth size", wizard(w),
          "B-214 is 3 × 3 m; narrow by size", effect="write", value="3 × 3 m")
    w = W(w, selected="B-214")
    r.act("pick-booth", "click", "radio", "Select booth B-214", wizard(w), "Select B-214",
          effect="write")
    w = W(w, step=2)
    r.act("pick-booth", "click", "button", "Next", wizard(w), "Continue")
    w = W(w, furniture=STD)
    r.act("booth-options", "click", "radio", STD, wizard(w), "Standard furniture pack",
          effect="write")
    w = W(w, power=P3)
    r.act("booth-options", "select", "combobox", "Power connection", wizard(w),
          "3 kW power", effect="write", value=P3)
    w = wizard_review_and_submit(r, w, "RSV-25-1190", "11:21")
    r.act("submit", "click", "link", "Back to Kestrel Analytics Ltd",
          exhibitor_page(KESTREL, new_resv=[("RSV-25-1190", SHOW, "B-214", "Submitted")]),
          "Verify the new reservation is listed on the exhibitor")
    return r.record(True)


def fill_attendee(r, f, order=("first", "last", "email", "job"), make=None):
    make = make or badge_form
    vals = {"first": ("First name", "Tomás"), "last": ("Last name", "Lindqvist"),
            "email": ("Email", "tomas.lindqvist@brightfold.io"),
            "job": ("Job title", "Sales Engineer")}
    for k in order:
        label, v = vals[k]
        f = F(f, **{k: v, "focused": k})
        r.act("attendee-details", "fill", "textbox", label, make(f),
              "Enter the attendee's %s" % label.lower(), effect="write", value=v)
    return F(f, focused=None)


def badge_healthy_search():
    start = dashboard(RECENT_BADGE)
    r = Run("boothbook-badge-02", "badge", BADGE_TASK, start)
    r.act("find-exhibitor", "fill", "searchbox", "Search exhibitors, booths, badges",
          dashboard(RECENT_BADGE, sv="Brightfold"), "Search for the exhibitor",
          value="Brightfold")
    r.act("find-exhibitor", "press", "searchbox", "Search exhibitors, booths, badges",
          search_page("Brightfold"), "Run the search", value="Enter")
    r.act("find-exhibitor", "click", "link", "Brightfold Systems",
          exhibitor_page(BRIGHT, recent=RECENT_BADGE),
          "Brightfold Systems is EX-3318 (not Brightfold Solutions)")
    f = bform(BRIGHT)
    r.act("open-form", "click", "button", "Register staff badge", badge_form(f),
          "Open the staff badge form")
    f = fill_attendee(r, f)
    f = F(f, btype="Exhibitor staff")
    r.act("badge-access", "select", "combobox", "Badge type", badge_form(f),
          "Badge type Exhibitor staff", effect="write", value="Exhibitor staff")
    for i, dname in enumerate(DAYS):
        f = F(f, days=DAYS[:i + 1], allday=(i == 2))
        r.act("badge-access", "check", "checkbox", dname, badge_form(f),
              "Tick show day %s" % dname, effect="write")
    r.act("submit", "click", "button", "Register badge", badge_form(F(f, dialog=True)),
          "All fields are filled; register the badge")
    r.act("submit", "click", "button", "Confirm registration", badge_page(f, "BDG-55102",
                                                                          "09:38"),
          "Confirm the registration", effect="irreversible")
    r.say("submit", badge_done_msg("BDG-55102"), "Badge page shows BDG-55102 registered")
    return r.record(True)


def badge_healthy_list():
    start = exhibitor_list(1, toast="Welcome back, Priya. 3 reservations are waiting for a "
                                    "floor plan check.")
    r = Run("boothbook-badge-05", "badge", BADGE_TASK, start)
    r.act("find-exhibitor", "click", "button", "Dismiss notification", exhibitor_list(1),
          "Dismiss the notification")
    r.act("find-exhibitor", "select", "combobox", "Sort by",
          exhibitor_list(1, sort="Exhibitor ID"), "Sort by exhibitor id to find EX-3318",
          value="Exhibitor ID")
    r.act("find-exhibitor", "click", "link", "Page 3", exhibitor_list(3, sort="Exhibitor ID"),
          "EX-33xx ids are near the end; jump to page 3")
    r.act("find-exhibitor", "click", "link", "Brightfold Systems",
          exhibitor_page(BRIGHT, recent=RECENT_BADGE), "Row EX-3318 Brightfold Systems")
    r.act("open-form", "click", "tab", "Staff badges (4 of 8)",
          exhibitor_page(BRIGHT, tab="Staff badges", recent=RECENT_BADGE),
          "Check the existing badges and the allocation first")
    f = bform(BRIGHT)
    r.act("open-form", "click", "button", "Register staff badge", badge_form(f),
          "4 of 8 badges used; open the registration form")
    f = fill_attendee(r, f, order=("email", "first", "last", "job"))
    f = F(f, btype="Exhibitor staff")
    r.act("badge-access", "select", "combobox", "Badge type", badge_form(f),
          "Exhibitor staff badge", effect="write", value="Exhibitor staff")
    f = F(f, days=list(DAYS), allday=True)
    r.act("badge-access", "check", "checkbox", "Select all show days", badge_form(f),
          "All three show days", effect="write")
    r.act("submit", "click", "button", "Register badge", badge_form(F(f, dialog=True)),
          "Register the badge; lead retrieval is optional and not requested")
    r.act("submit", "click", "button", "Confirm registration",
          badge_page(f, "BDG-55107", "10:02"), "Confirm", effect="irreversible")
    r.say("submit", badge_done_msg("BDG-55107"), "Badge BDG-55107 registered")
    return r.record(True)


def badge_healthy_verify():
    start = dashboard(RECENT_BADGE)
    r = Run("boothbook-badge-08", "badge", BADGE_TASK, start)
    r.act("find-exhibitor", "click", "link", "Brightfold Systems (EX-3318)",
          exhibitor_page(BRIGHT, recent=RECENT_BADGE), "Open Brightfold Systems from Recently viewed")
    f = bform(BRIGHT)
    r.act("open-form", "click", "button", "Register staff badge", badge_form(f),
          "Open the badge form")
    f = fill_attendee(r, f, order=("first", "last", "job", "email"))
    for i, dname in enumerate(DAYS):
        f = F(f, days=DAYS[:i + 1], allday=(i == 2))
        r.act("badge-access", "click", "checkbox", dname, badge_form(f),
              "Tick %s" % dname, effect="write")
    f = F(f, btype="Exhibitor staff")
    r.act("badge-access", "select", "combobox", "Badge type", badge_form(f),
          "Exhibitor staff", effect="write", value="Exhibitor staff")
    r.act("submit", "click", "button", "Register badge", badge_form(F(f, dialog=True)),
          "Register")
    r.act("submit", "click", "button", "Confirm registration",
          badge_page(f, "BDG-55104", "09:51"), "Confirm registration", effect="irreversible")
    new = ("BDG-55104", "Tomás Lindqvist", "Exhibitor staff", "tomas.lindqvist@brightfold.io",
           "Wed 14 May, Thu 15 May, Fri 16 May", "Registered")
    r.act("submit", "click", "link", "Back to Brightfold Systems",
          exhibitor_page(BRIGHT, new_badges=[new], recent=RECENT_BADGE),
          "Go back to the exhibitor to check the badge list")
    r.act("submit", "click", "tab", "Staff badges (5 of 8)",
          exhibitor_page(BRIGHT, tab="Staff badges", new_badges=[new], recent=RECENT_BADGE),
          "Open the staff badges tab")
    r.say("submit", badge_done_msg("BDG-55104"), "BDG-55104 is listed for Brightfold Systems")
    return r.record(True)


def badge_healthy_direct():
    start = dashboard(RECENT_BADGE, dialog="whatsnew")
    r = Run("boothbook-badge-10", "badge", BADGE_TASK, start)
    r.act("find-exhibitor", "click", "button", "Close", dashboard(RECENT_BADGE),
          "Close the what's new dialog")
    f = bform(BRIGHT)
    r.goto("open-form", BASE + "/exhibitors/EX-3318/badges/new", badge_form(f),
           "Go straight to the badge form for EX-3318")
    f = fill_attendee(r, f)
    f = F(f, btype="Exhibitor staff")
    r.act("badge-access", "select", "combobox", "Badge type", badge_form(f),
          "Exhibitor staff", effect="write", value="Exhibitor staff")
    f = F(f, days=list(DAYS), allday=True)
    r.act("badge-access", "click", "checkbox", "Select all show days", badge_form(f),
          "Select all three show days", effect="write")
    r.act("submit", "click", "button", "Register badge", badge_form(F(f, dialog=True)),
          "Register the badge; mobile phone is optional")
    r.act("submit", "click", "button", "Confirm registration",
          badge_page(f, "BDG-55111", "10:14"), "Confirm", effect="irreversible")
    r.say("submit", badge_done_msg("BDG-55111"), "Badge BDG-55111 registered")
    return r.record(True)


HEALTHY = [booth_healthy_list, booth_healthy_search, booth_healthy_draft, booth_healthy_filters,
           badge_healthy_search, badge_healthy_list, badge_healthy_verify, badge_healthy_direct]


# =======================================================================================
# Plans: written from the task and the healthy pages above, before any faulty run.
# =======================================================================================

PLAN_BOOTH = """\
# BoothBook: reserve a booth for an exhibitor (written from the task and a few clean runs)
task: >-
  Reserve booth B-214 in Hall B for Kestrel Analytics Ltd (EX-2041) at the Northbridge
  Manufacturing Summit 2025, with a 3 kW power connection and the Standard furniture pack,
  and submit the reservation.

plan_falsifiers:
  execution:
    - Sign in to BoothBook
    - "Your session has expired. Please sign in again."
    - Something went wrong
    - Page not found

commitments:
  - id: find-exhibitor
    subgoal: Open the exhibitor record of Kestrel Analytics Ltd (EX-2041)
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [Exhibitors list, BoothBook dashboard]
      progress:
        - "Search results for EX-2041"
        - Kestrel Analytics Ltd is listed
      completion:
        - "Kestrel Analytics Ltd exhibitor page, EX-2041, Hall B"
    falsify:
      execution:
        - "Kestrel Analytica GmbH exhibitor page (EX-2014)"
        - "Kestrel Aerospace (EX-2047)"
        - No exhibitors match
      planning:
        - Kestrel Analytics Ltd is waitlisted

  - id: pick-booth
    subgoal: Start a booth reservation and select booth B-214 in Hall B
    confidence: 0.7
    confirm:
      precondition: [Reserve a booth button on the exhibitor page]
      progress:
        - "Step 1 of 4: Choose a booth"
        - Available booths in Hall B
      completion:
        - "Selected booth: B-214 · Hall B · 3 × 3 m corner"
    falsify:
      execution:
        - "Selected booth: B-241"
        - "Selected booth: B-215"
        - "Selected booth: B-204"
      planning:
        - Booth B-214 is not in the list of available booths

  - id: booth-options
    subgoal: Set the power connection to 3 kW and pick the Standard furniture pack
    confidence: 0.7
    confirm:
      precondition: ["Step 2 of 4: Booth options"]
      progress: [Power connection 3 kW selected]
      completion:
        - Standard furniture pack selected
        - "Running total (excl. VAT): €5,680"
    falsify:
      execution:
        - "Power connection: 1 kW"
        - "Power connection: 6 kW"
        - "Furniture pack: None"
        - "Furniture pack: Premium"

  - id: billing
    subgoal: Keep the prefilled billing contact and continue to the review
    confidence: 0.6
    confirm:
      precondition: ["Step 3 of 4: Billing contact"]
      completion: ["Step 4 of 4: Review and submit"]
    falsify:
      execution: [Billing email is required]

  - id: submit
    subgoal: Accept the exhibitor terms and submit the reservation
    confidence: 0.6
    confirm:
      precondition:
        - "Review shows booth B-214, power connection 3 kW, furniture pack Standard"
      progress:
        - "Submit reservation for booth B-214?"
      completion:
        - "Reservation submitted, awaiting floor manager approval"
    falsify:
      execution:
        - Booth B-214 is no longer available
        - You must accept the Exhibitor Terms and Conditions
      skill:
        - {text: "Withdraw reservation", "on": action}
        - {text: "Discard draft", "on": action}
      planning:
        - Kestrel Analytics Ltd has no signed contract
"""

PLAN_BADGE = """\
# BoothBook: register a staff badge (written from the task and a few clean runs)
task: >-
  Register an Exhibitor staff badge for Tomás Lindqvist (tomas.lindqvist@brightfold.io,
  Sales Engineer) at Brightfold Systems (EX-3318), valid for all three show days
  (14–16 May), and submit the registration.

plan_falsifiers:
  execution:
    - Sign in to BoothBook
    - "Your session has expired. Please sign in again."
    - Something went wrong
    - Page not found

commitments:
  - id: find-exhibitor
    subgoal: Open the exhibitor record of Brightfold Systems (EX-3318)
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [BoothBook dashboard, Exhibitors list]
      progress: [Search results for Brightfold]
      completion:
        - "Brightfold Systems exhibitor page, EX-3318, Hall C"
    falsify:
      execution:
        - "Brightfold Solutions (EX-3381)"
        - "Brightwell Systems (EX-3319)"
        - No exhibitors match

  - id: open-form
    subgoal: Open the Register staff badge form for Brightfold Systems
    confidence: 0.8
    confirm:
      precondition: [Register staff badge button]
      completion:
        - Register staff badge form for Brightfold Systems
        - "Badge allocation: 4 of 8 used"
    falsify:
      execution: [Register staff badge for Brightfold Solutions]
      planning:
        - "Badge allocation: 8 of 8 used"
        - Badge changes are closed

  - id: attendee-details
    subgoal: "Enter the attendee: Tomás Lindqvist, tomas.lindqvist@brightfold.io, Sales Engineer"
    confidence: 0.7
    confirm:
      progress:
        - "First name Tomás, last name Lindqvist"
      completion:
        - "Email tomas.lindqvist@brightfold.io"
        - Job title Sales Engineer
    falsify:
      execution:
        - Tomas Lindgren
        - tomas.lindgren@brightfold.io
        - Enter a valid email address

  - id: badge-access
    subgoal: Choose the Exhibitor staff badge type and tick all three show days
    confidence: 0.7
    confirm:
      progress: [Badge type Exhibitor staff]
      completion:
        - "Wed 14 May, Thu 15 May and Fri 16 May are checked"
    falsify:
      execution:
        - "Badge type: Booth manager"
        - "Badge type: Contractor (build-up only)"

  - id: submit
    subgoal: Register the badge and confirm the registration
    confidence: 0.6
    confirm:
      precondition: ["Register this badge? Tomás Lindqvist · Exhibitor staff"]
      progress: ["Show days: Wed 14 May, Thu 15 May, Fri 16 May"]
      completion:
        - "Badge registered, ready to print"
        - "We emailed it to tomas.lindqvist@brightfold.io"
    falsify:
      execution:
        - Badge allocation is full
        - "BDG-54871 · Tomas Lindgren"
      skill:
        - {text: "Remove badge", "on": action}
      planning:
        - Badge changes are closed for this show
"""

PLANS = {"booth": PLAN_BOOTH, "badge": PLAN_BADGE}


# =======================================================================================
# Faulty runs (written after the plans; the plans were not changed afterwards)
# =======================================================================================

def open_kestrel_from_list(r, start_page2=False):
    if not start_page2:
        r.act("find-exhibitor", "click", "link", "Next page", exhibitor_list(2),
              "Kestrel is further down the alphabetical list")
    r.act("find-exhibitor", "click", "link", "Kestrel Analytics Ltd", exhibitor_page(KESTREL),
          "Open Kestrel Analytics Ltd (EX-2041)")


def pick_b214(r, w, extra=()):
    for kind in extra:
        if kind == "corner":
            w = W(w, corner=True)
            r.act("pick-booth", "check", "checkbox", "Corner booths only", wizard(w),
                  "Only corner booths", effect="write")
        elif kind == "size":
            w = W(w, size="3 × 3 m")
            r.act("pick-booth", "select", "combobox", "Booth size", wizard(w),
                  "B-214 is 3 × 3 m", effect="write", value="3 × 3 m")
    w = W(w, hall="Hall B")
    r.act("pick-booth", "select", "combobox", "Hall", wizard(w), "Show Hall B booths",
          effect="write", value="Hall B")
    w = W(w, selected="B-214")
    r.act("pick-booth", "click", "radio", "Select booth B-214", wizard(w), "Select B-214",
          effect="write")
    return w


def booth_wrong_record():
    start = dashboard(RECENT_BOOTH)
    r = Run("boothbook-booth-04", "booth", BOOTH_TASK, start, fault="wrong_record",
            note="Opened the sister company Kestrel Analytica GmbH (EX-2014), the first search "
                 "hit, instead of Kestrel Analytics Ltd (EX-2041); the reservation was made "
                 "for the wrong exhibitor.")
    r.act("find-exhibitor", "fill", "searchbox", "Search exhibitors, booths, badges",
          dashboard(RECENT_BOOTH, sv="Kestrel"), "Search for Kestrel", value="Kestrel")
    r.act("find-exhibitor", "press", "searchbox", "Search exhibitors, booths, badges",
          search_page("Kestrel"), "Run the search", value="Enter")
    r.act("find-exhibitor", "click", "link", "Kestrel Analytica GmbH",
          exhibitor_page("EX-2014"), "The top result is the Kestrel exhibitor in Hall B",
          off=True)
    w = wiz("EX-2014")
    r.act("pick-booth", "click", "button", "Reserve a booth", wizard(w),
          "Start the booth reservation")
    w = pick_b214(r, w)
    w = W(w, step=2)
    r.act("pick-booth", "click", "button", "Next", wizard(w), "Continue to options")
    w = W(w, power=P3)
    r.act("booth-options", "select", "combobox", "Power connection", wizard(w), "3 kW power",
          effect="write", value=P3)
    w = W(w, furniture=STD)
    r.act("booth-options", "click", "radio", STD, wizard(w), "Standard furniture",
          effect="write")
    wizard_review_and_submit(r, w, "RSV-25-1189", "10:58")
    r.say("submit", booth_done_msg("RSV-25-1189"), "Reservation RSV-25-1189 submitted")
    return r.record(False)


def booth_option_left_wrong():
    start = exhibitor_list(1)
    r = Run("boothbook-booth-06", "booth", BOOTH_TASK, start, fault="option_left_wrong",
            note="Left the power connection at its default '1 kW (included)' and moved on; "
                 "the reservation was submitted without the 3 kW connection.")
    open_kestrel_from_list(r)
    w = wiz(KESTREL)
    r.act("pick-booth", "click", "button", "Reserve a booth", wizard(w), "Reserve a booth")
    w = pick_b214(r, w)
    w = W(w, step=2)
    r.act("pick-booth", "click", "button", "Next", wizard(w), "Continue to options")
    w = W(w, furniture=STD)
    r.act("booth-options", "click", "radio", STD, wizard(w), "Standard furniture pack",
          effect="write")
    w = W(w, step=3)
    r.act("booth-options", "click", "button", "Next", wizard(w),
          "Furniture pack chosen and a power connection is set; continue", off=True)
    w = W(w, step=4)
    r.act("billing", "click", "button", "Next", wizard(w), "Billing contact is prefilled")
    w = W(w, terms=True)
    r.act("submit", "check", "checkbox", TERMS, wizard(w), "Accept the terms", effect="write")
    w = W(w, dialog="submit")
    r.act("submit", "click", "button", "Submit reservation", wizard(w), "Submit")
    r.act("submit", "click", "button", "Confirm and submit",
          reservation_page(W(w, dialog=None), "RSV-25-1192", "11:12"), "Confirm",
          effect="irreversible")
    r.say("submit", booth_done_msg("RSV-25-1192"), "Reservation RSV-25-1192 submitted")
    return r.record(False)


def booth_silent_noop():
    start = dashboard(RECENT_BOOTH)
    r = Run("boothbook-booth-09", "booth", BOOTH_TASK, start, fault="silent_noop",
            note="'Confirm and submit' closed the dialog but submitted nothing: the review "
                 "page came back unchanged, with no confirmation and no reservation id.")
    r.act("find-exhibitor", "click", "link", "Kestrel Analytics Ltd (EX-2041)",
          exhibitor_page(KESTREL), "Open Kestrel Analytics Ltd from Recently viewed")
    w = wiz(KESTREL)
    r.act("pick-booth", "click", "button", "Reserve a booth", wizard(w), "Reserve a booth")
    w = pick_b214(r, w)
    w = W(w, step=2)
    r.act("pick-booth", "click", "button", "Next", wizard(w), "Continue to options")
    w = W(w, power=P3)
    r.act("booth-options", "select", "combobox", "Power connection", wizard(w), "3 kW",
          effect="write", value=P3)
    w = W(w, furniture=STD)
    r.act("booth-options", "click", "radio", STD, wizard(w), "Standard", effect="write")
    w = W(w, step=3)
    r.act("billing", "click", "button", "Next", wizard(w), "Continue to billing")
    w = W(w, step=4)
    r.act("billing", "click", "button", "Next", wizard(w), "Continue to review")
    w = W(w, terms=True)
    r.act("submit", "check", "checkbox", TERMS, wizard(w), "Accept the terms", effect="write")
    w = W(w, dialog="submit")
    r.act("submit", "click", "button", "Submit reservation", wizard(w), "Submit")
    w = W(w, dialog=None)
    r.act("submit", "click", "button", "Confirm and submit", wizard(w),
          "Confirm the submission", effect="irreversible", off=True)
    r.say("submit", "Booth B-214 (Hall B) has been submitted for Kestrel Analytics Ltd "
                    "(EX-2041) with a 3 kW power connection and the Standard furniture pack.",
          "The dialog closed after confirming, so the reservation went through")
    return r.record(False)


def booth_dialog_cancelled():
    start = exhibitor_list(1, toast="Welcome back, Priya. 3 reservations are waiting for a "
                                    "floor plan check.")
    r = Run("boothbook-booth-05", "booth", BOOTH_TASK, start, fault="dialog_cancelled",
            note="Closed the submit confirmation with Cancel and then reported the reservation "
                 "as submitted.")
    r.act("find-exhibitor", "click", "button", "Dismiss notification", exhibitor_list(1),
          "Dismiss the notification")
    r.act("find-exhibitor", "fill", "searchbox", "Search exhibitors, booths, badges",
          exhibitor_list(1, sv="EX-2041"), "Search by id", value="EX-2041")
    r.act("find-exhibitor", "press", "searchbox", "Search exhibitors, booths, badges",
          search_page("EX-2041"), "Search", value="Enter")
    r.act("find-exhibitor", "click", "link", "Kestrel Analytics Ltd", exhibitor_page(KESTREL),
          "Open EX-2041")
    w = wiz(KESTREL)
    r.act("pick-booth", "click", "button", "Reserve a booth", wizard(w), "Reserve a booth")
    w = pick_b214(r, w, extra=("corner",))
    w = W(w, step=2)
    r.act("pick-booth", "click", "button", "Next", wizard(w), "Continue to options")
    w = W(w, power=P3)
    r.act("booth-options", "select", "combobox", "Power connection", wizard(w), "3 kW",
          effect="write", value=P3)
    w = W(w, furniture=STD)
    r.act("booth-options", "click", "radio", STD, wizard(w), "Standard", effect="write")
    w = W(w, step=3)
    r.act("billing", "click", "button", "Next", wizard(w), "Continue")
    w = W(w, step=4)
    r.act("billing", "click", "button", "Next", wizard(w), "Continue to review")
    w = W(w, terms=True)
    r.act("submit", "check", "checkbox", TERMS, wizard(w), "Accept the terms", effect="write")
    w = W(w, dialog="submit")
    r.act("submit", "click", "button", "Submit reservation", wizard(w), "Submit")
    w = W(w, dialog=None)
    r.act("submit", "click", "button", "Cancel", wizard(w),
          "The dialog only repeats the review; close it", off=True)
    r.say("submit", "Reservation for booth B-214 (Hall B) submitted for Kestrel Analytics Ltd "
                    "with 3 kW power and the Standard furniture pack, total €5,680.00 excl. VAT.",
          "Everything on the review page matches the task")
    return r.record(False)


def booth_unsaved_navigation():
    start = dashboard(RECENT_BOOTH)
    r = Run("boothbook-booth-08", "booth", BOOTH_TASK, start, fault="unsaved_navigation",
            note="Left the wizard from step 2 through the main navigation before saving; the "
                 "resumed autosaved draft had default options (1 kW, no furniture) and was "
                 "submitted as is.")
    r.act("find-exhibitor", "click", "link", "Exhibitors", exhibitor_list(1),
          "Open the exhibitor list")
    r.act("find-exhibitor", "click", "link", "Page 2", exhibitor_list(2), "K is on page 2")
    r.act("find-exhibitor", "click", "link", "Kestrel Analytics Ltd", exhibitor_page(KESTREL),
          "Open EX-2041")
    w = wiz(KESTREL)
    r.act("pick-booth", "click", "button", "Reserve a booth", wizard(w), "Reserve a booth")
    w = pick_b214(r, w)
    w = W(w, step=2, toast=AUTOSAVE % "10:39")
    r.act("pick-booth", "click", "button", "Next", wizard(w), "Continue to options")
    w = W(w, power=P3, toast=None)  # the autosave notice times out
    r.act("booth-options", "select", "combobox", "Power connection", wizard(w), "3 kW",
          effect="write", value=P3)
    w = W(w, furniture=STD)
    r.act("booth-options", "click", "radio", STD, wizard(w), "Standard", effect="write")
    r.act("booth-options", "click", "link", "Exhibitors", exhibitor_list(1),
          "Check the exhibitor's contract status before adding paid options", nth=0,
          off=True)
    r.act("booth-options", "click", "link", "Page 2", exhibitor_list(2),
          "Kestrel is on page 2")
    r.act("booth-options", "click", "link", "Kestrel Analytics Ltd",
          exhibitor_page(KESTREL, drafts=[("DR-0409", "Booth B-214 · step 2 of 4 · "
                                                      "autosaved today 10:39")]),
          "Contract signed; go back to the reservation")
    w = wiz(KESTREL, step=2, hall="Hall B", selected="B-214", draft="DR-0409")
    r.act("booth-options", "click", "button", "Resume draft DR-0409", wizard(w),
          "Resume the reservation draft")
    w = W(w, step=3)
    r.act("billing", "click", "button", "Next", wizard(w),
          "Options were already chosen; continue to billing")
    w = W(w, step=4)
    r.act("billing", "click", "button", "Next", wizard(w), "Continue to review")
    w = W(w, terms=True)
    r.act("submit", "check", "checkbox", TERMS, wizard(w), "Accept the terms", effect="write")
    w = W(w, dialog="submit")
    r.act("submit", "click", "button", "Submit reservation", wizard(w), "Submit")
    r.act("submit", "click", "button", "Confirm and submit",
          reservation_page(W(w, dialog=None), "RSV-25-1193", "10:44"), "Confirm",
          effect="irreversible")
    r.say("submit", booth_done_msg("RSV-25-1193"), "Reservation RSV-25-1193 submitted")
    return r.record(False)


def booth_permission_denied():
    start = exhibitor_list(1)
    r = Run("boothbook-booth-02", "booth", BOOTH_TASK, start, fault="permission_denied",
            note="Submitting was refused with a 403 page (Hall B needs the sales approver "
                 "role); the agent went back and reported the reservation as sent.")
    r.act("find-exhibitor", "click", "button", "Filters", exhibitor_list(1, filters_open=True),
          "Open the filters")
    r.act("find-exhibitor", "select", "combobox", "Hall",
          exhibitor_list(1, filters_open=True, hall="Hall B"), "Hall B", value="Hall B")
    r.act("find-exhibitor", "click", "button", "Apply filters",
          exhibitor_list(1, applied_hall="Hall B"), "Apply")
    r.act("find-exhibitor", "click", "link", "Kestrel Analytics Ltd", exhibitor_page(KESTREL),
          "Open Kestrel Analytics Ltd")
    w = wiz(KESTREL)
    r.act("pick-booth", "click", "button", "Reserve a booth", wizard(w), "Reserve a booth")
    w = pick_b214(r, w, extra=("size",))
    w = W(w, step=2)
    r.act("pick-booth", "click", "button", "Next", wizard(w), "Continue")
    w = W(w, furniture=STD)
    r.act("booth-options", "click", "radio", STD, wizard(w), "Standard", effect="write")
    w = W(w, power=P3)
    r.act("booth-options", "select", "combobox", "Power connection", wizard(w), "3 kW",
          effect="write", value=P3)
    w = W(w, step=3)
    r.act("billing", "click", "button", "Next", wizard(w), "Continue")
    w = W(w, step=4)
    r.act("billing", "click", "button", "Next", wizard(w), "Continue to review")
    w = W(w, terms=True)
    r.act("submit", "check", "checkbox", TERMS, wizard(w), "Accept the terms", effect="write")
    w = W(w, dialog="submit")
    r.act("submit", "click", "button", "Submit reservation", wizard(w), "Submit")
    r.act("submit", "click", "button", "Confirm and submit",
          denied_page("/exhibitors/EX-2041/reservations/new/submit",
                      "Submitting booth reservations in Hall B requires the Hall B sales "
                      "approver role. Ask your BoothBook administrator for access, or send "
                      "the draft to hallb.sales@meridian-expo.com."),
          "Confirm", effect="irreversible", off=True)
    r.raw("submit", "go_back()", wizard(W(w, dialog=None)),
          "Return to the reservation to pass it on")
    r.say("submit", "The reservation request for booth B-214 (Hall B) with 3 kW power and the "
                    "Standard furniture pack has been sent for Kestrel Analytics Ltd (EX-2041).",
          "The request is with the Hall B team")
    return r.record(False)


NEW_BADGE = ("Tomás Lindqvist", "Exhibitor staff", "tomas.lindqvist@brightfold.io",
             "Wed 14 May, Thu 15 May, Fri 16 May", "Registered")


def badge_wrong_value():
    start = dashboard(RECENT_BADGE)
    r = Run("boothbook-badge-03", "badge", BADGE_TASK, start, fault="wrong_value",
            note="Typed the email as tomas.lindqvist@brightfold.com instead of .io; the badge "
                 "was registered and emailed to the wrong address.")
    r.act("find-exhibitor", "fill", "searchbox", "Search exhibitors, booths, badges",
          dashboard(RECENT_BADGE, sv="EX-3318"), "Search by exhibitor id", value="EX-3318")
    r.act("find-exhibitor", "press", "searchbox", "Search exhibitors, booths, badges",
          search_page("EX-3318"), "Search", value="Enter")
    r.act("find-exhibitor", "click", "link", "Brightfold Systems",
          exhibitor_page(BRIGHT, recent=RECENT_BADGE), "EX-3318 Brightfold Systems")
    f = bform(BRIGHT)
    r.act("open-form", "click", "button", "Register staff badge", badge_form(f),
          "Open the badge form")
    f = fill_attendee(r, f, order=("first", "last"))
    f = F(f, email="tomas.lindqvist@brightfold.com", focused="email")
    r.act("attendee-details", "fill", "textbox", "Email", badge_form(f),
          "Enter the attendee's email", effect="write", value="tomas.lindqvist@brightfold.com",
          off=True)
    f = fill_attendee(r, f, order=("job",))
    f = F(f, btype="Exhibitor staff")
    r.act("badge-access", "select", "combobox", "Badge type", badge_form(f), "Exhibitor staff",
          effect="write", value="Exhibitor staff")
    f = F(f, days=list(DAYS), allday=True)
    r.act("badge-access", "check", "checkbox", "Select all show days", badge_form(f),
          "All show days", effect="write")
    r.act("submit", "click", "button", "Register badge", badge_form(F(f, dialog=True)),
          "Register")
    r.act("submit", "click", "button", "Confirm registration",
          badge_page(f, "BDG-55105", "09:55"), "Confirm", effect="irreversible")
    r.say("submit", badge_done_msg("BDG-55105").replace("brightfold.io", "brightfold.com"),
          "Badge BDG-55105 registered")
    return r.record(False)


def badge_required_skipped():
    start = exhibitor_list(1)
    r = Run("boothbook-badge-07", "badge", BADGE_TASK, start, fault="required_field_skipped",
            note="Registered the badge without ticking any show day (a required group the "
                 "form does not enforce); the badge was saved as incomplete and will not print.")
    r.act("find-exhibitor", "click", "link", "Brightfold Systems",
          exhibitor_page(BRIGHT, recent=RECENT_BADGE), "Brightfold Systems is on page 1")
    f = bform(BRIGHT)
    r.act("open-form", "click", "button", "Register staff badge", badge_form(f),
          "Open the badge form")
    f = fill_attendee(r, f)
    f = F(f, btype="Exhibitor staff")
    r.act("badge-access", "select", "combobox", "Badge type", badge_form(f), "Exhibitor staff",
          effect="write", value="Exhibitor staff")
    r.act("submit", "click", "button", "Register badge", badge_form(F(f, dialog=True)),
          "Attendee and badge type are filled; register", off=True)
    r.act("submit", "click", "button", "Confirm registration",
          badge_page(f, "BDG-55106", "10:07",
                     status_line="Registered · incomplete: add at least one show day before "
                                 "Fri 2 May so the badge can be printed"),
          "Confirm", effect="irreversible")
    r.say("submit", badge_done_msg("BDG-55106"), "Badge BDG-55106 registered")
    return r.record(False)


def badge_stale_page():
    start = dashboard(RECENT_BADGE)
    r = Run("boothbook-badge-09", "badge", BADGE_TASK, start, fault="stale_page",
            note="After 'Confirm registration' the app redirected to the staff badge list, "
                 "which still showed the old four badges (4 of 8 used); the registration did "
                 "not go through and the agent reported success.")
    r.act("find-exhibitor", "click", "link", "Brightfold Systems (EX-3318)",
          exhibitor_page(BRIGHT, recent=RECENT_BADGE), "Open from Recently viewed")
    r.act("open-form", "click", "tab", "Staff badges (4 of 8)",
          exhibitor_page(BRIGHT, tab="Staff badges", recent=RECENT_BADGE),
          "Look at the current staff badges")
    f = bform(BRIGHT)
    r.act("open-form", "click", "button", "Register staff badge", badge_form(f),
          "Open the badge form")
    f = fill_attendee(r, f)
    f = F(f, btype="Exhibitor staff")
    r.act("badge-access", "select", "combobox", "Badge type", badge_form(f), "Exhibitor staff",
          effect="write", value="Exhibitor staff")
    f = F(f, days=list(DAYS), allday=True)
    r.act("badge-access", "check", "checkbox", "Select all show days", badge_form(f),
          "All three days", effect="write")
    r.act("submit", "click", "button", "Register badge", badge_form(F(f, dialog=True)),
          "Register")
    r.act("submit", "click", "button", "Confirm registration",
          exhibitor_page(BRIGHT, tab="Staff badges", recent=RECENT_BADGE),
          "Confirm", effect="irreversible", off=True)
    r.say("submit", "Tomás Lindqvist is registered as Exhibitor staff for Brightfold Systems "
                    "(EX-3318) for Wed 14, Thu 15 and Fri 16 May.",
          "Registration confirmed; back on the staff badge list")
    return r.record(False)


def badge_error_banner():
    start = dashboard(RECENT_BADGE, dialog="whatsnew")
    r = Run("boothbook-badge-04", "badge", BADGE_TASK, start, fault="error_banner",
            note="Registration failed with an alert banner on the form (accreditation service "
                 "timeout); the agent reported the badge as registered.")
    r.act("find-exhibitor", "click", "button", "Close", dashboard(RECENT_BADGE),
          "Close the dialog")
    f = bform(BRIGHT)
    r.goto("open-form", BASE + "/exhibitors/EX-3318/badges/new", badge_form(f),
           "Open the badge form for EX-3318 directly")
    f = fill_attendee(r, f)
    f = F(f, btype="Exhibitor staff")
    r.act("badge-access", "select", "combobox", "Badge type", badge_form(f), "Exhibitor staff",
          effect="write", value="Exhibitor staff")
    for i, dname in enumerate(DAYS):
        f = F(f, days=DAYS[:i + 1], allday=(i == 2))
        r.act("badge-access", "check", "checkbox", dname, badge_form(f), "Tick " + dname,
              effect="write")
    r.act("submit", "click", "button", "Register badge", badge_form(F(f, dialog=True)),
          "Register")
    f = F(f, alert="We couldn't register this badge. The accreditation service did not "
                   "respond (ref. BB-502-7731). Your details are still in the form; please "
                   "try again in a few minutes.")
    r.act("submit", "click", "button", "Confirm registration", badge_form(f), "Confirm",
          effect="irreversible", off=True)
    r.say("submit", "Submitted the Exhibitor staff badge registration for Tomás Lindqvist "
                    "(Brightfold Systems, EX-3318) for 14–16 May.",
          "Registration submitted")
    return r.record(False)


def badge_premature_done():
    start = exhibitor_list(1, toast="Welcome back, Priya. 3 reservations are waiting for a "
                                    "floor plan check.")
    r = Run("boothbook-badge-06", "badge", BADGE_TASK, start, fault="premature_done",
            note="Reported the badge as registered after filling the form, without clicking "
                 "Register badge.")
    r.act("find-exhibitor", "click", "button", "Dismiss notification", exhibitor_list(1),
          "Dismiss")
    r.act("find-exhibitor", "fill", "searchbox", "Search exhibitors, booths, badges",
          exhibitor_list(1, sv="Brightfold"), "Search", value="Brightfold")
    r.act("find-exhibitor", "press", "searchbox", "Search exhibitors, booths, badges",
          search_page("Brightfold"), "Search", value="Enter")
    r.act("find-exhibitor", "click", "link", "Brightfold Systems",
          exhibitor_page(BRIGHT, recent=RECENT_BADGE), "Brightfold Systems, EX-3318")
    f = bform(BRIGHT)
    r.act("open-form", "click", "button", "Register staff badge", badge_form(f),
          "Open the badge form")
    f = fill_attendee(r, f)
    f = F(f, btype="Exhibitor staff")
    r.act("badge-access", "select", "combobox", "Badge type", badge_form(f), "Exhibitor staff",
          effect="write", value="Exhibitor staff")
    f = F(f, days=list(DAYS), allday=True)
    r.act("badge-access", "check", "checkbox", "Select all show days", badge_form(f),
          "All three days", effect="write")
    r.say("submit", "Tomás Lindqvist's Exhibitor staff badge for Brightfold Systems (EX-3318) "
                    "is registered for Wed 14, Thu 15 and Fri 16 May.",
          "All the badge details are entered", off=True)
    return r.record(False)


def badge_double_submit():
    start = dashboard(RECENT_BADGE)
    r = Run("boothbook-badge-01", "badge", BADGE_TASK, start, fault="double_submit",
            note="The first registration was still processing; the agent clicked Register "
                 "badge again and created a duplicate badge (BDG-55108 and BDG-55109).")
    r.act("find-exhibitor", "click", "link", "Exhibitors", exhibitor_list(1),
          "Open the exhibitor list")
    r.act("find-exhibitor", "select", "combobox", "Sort by",
          exhibitor_list(1, sort="Exhibitor ID"), "Sort by id", value="Exhibitor ID")
    r.act("find-exhibitor", "click", "link", "Page 3", exhibitor_list(3, sort="Exhibitor ID"),
          "EX-33xx is on page 3")
    r.act("find-exhibitor", "click", "link", "Brightfold Systems",
          exhibitor_page(BRIGHT, recent=RECENT_BADGE), "EX-3318 Brightfold Systems")
    f = bform(BRIGHT)
    r.act("open-form", "click", "button", "Register staff badge", badge_form(f),
          "Open the badge form")
    f = fill_attendee(r, f)
    f = F(f, btype="Exhibitor staff")
    r.act("badge-access", "select", "combobox", "Badge type", badge_form(f), "Exhibitor staff",
          effect="write", value="Exhibitor staff")
    f = F(f, days=list(DAYS), allday=True)
    r.act("badge-access", "click", "checkbox", "Select all show days", badge_form(f),
          "All three days", effect="write")
    r.act("submit", "click", "button", "Register badge", badge_form(F(f, dialog=True)),
          "Register")
    r.act("submit", "click", "button", "Confirm registration",
          badge_form(F(f, status="Registering badge…")), "Confirm", effect="irreversible")
    r.act("submit", "click", "button", "Register badge",
          badge_form(F(f, dialog=True), used_offset=1),
          "Still on the form; the registration does not seem to have gone through, register "
          "again", off=True)
    r.act("submit", "click", "button", "Confirm registration",
          badge_page(f, "BDG-55109", "10:21", extra_others=[("BDG-55108",) + NEW_BADGE]),
          "Confirm", effect="irreversible")
    r.say("submit", badge_done_msg("BDG-55109"), "Badge BDG-55109 registered")
    return r.record(False)


FAULTY = [booth_wrong_record, booth_option_left_wrong, booth_silent_noop,
          booth_dialog_cancelled, booth_unsaved_navigation, booth_permission_denied,
          badge_wrong_value, badge_required_skipped, badge_stale_page, badge_error_banner,
          badge_premature_done, badge_double_submit]


def write_all():
    recs = [fn() for fn in HEALTHY + FAULTY]
    recs.sort(key=lambda d: d["id"])
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as fh:
        for d in recs:
            fh.write(json.dumps(d, ensure_ascii=False) + "\n")
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for wf, text in PLANS.items():
        with open(os.path.join(HERE, "plans", wf + ".yaml"), "w", encoding="utf-8") as fh:
            fh.write(text)
    n_f = sum(1 for d in recs if d["label"]["fault"])
    print("wrote %d runs (%d healthy, %d faulty) to corpus.jsonl and %d plans" % (
        len(recs), len(recs) - n_f, n_f, len(PLANS)))


def _preview():
    os.makedirs(os.path.join(HERE, "preview"), exist_ok=True)
    for fn in HEALTHY + FAULTY:
        rec = fn()
        with open(os.path.join(HERE, "preview", rec["id"] + ".txt"), "w") as fh:
            fh.write("INITIAL %s\n%s\n" % (rec["initial_observation"]["url"],
                                           rec["initial_observation"]["text"]))
            for i, s in enumerate(rec["steps"]):
                fh.write("\n==== step %d [%s] %s  -- %s\n" % (i, s["commitment"],
                                                            s["action"]["command"],
                                                            s["action"]["target"]))
                fh.write("%s | %s\n%s\n" % (s["observation"]["url"], s["observation"]["title"],
                                            s["observation"]["text"]))


if __name__ == "__main__":
    import sys
    write_all()
    if "--preview" in sys.argv:   # human-readable dumps under preview/ (not part of the corpus)
        _preview()
