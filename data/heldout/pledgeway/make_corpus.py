#!/usr/bin/env python3
"""Generate the Pledgeway held-out corpus (stdlib only, deterministic).

Pledgeway is an (invented) alumni giving portal run by the Office of Advancement at
Halvorsen University.  Two workflows:

  pledge   -- set up a recurring pledge for a donor through the four-step pledge wizard
  matching -- record an employer matching gift against one of a donor's gifts

Writes corpus.jsonl and plans/<workflow>.yaml next to this file.  Pages are rendered as
BrowserGym-style flattened accessibility trees (one node per line, `[bid] role 'name'`).
"""
import datetime
import json
import os
import random

SEED = 20250314
RNG = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "http://127.0.0.1:8040"
PRODUCT = "Pledgeway"
ORG = "Halvorsen University"
USER = "Dana Okafor"
USER_ROLE = "Gift Officer"
TODAY = datetime.date(2025, 3, 14)


# --------------------------------------------------------------------------------------
# AXTree page builder
# --------------------------------------------------------------------------------------

class Page:
    """A flattened accessibility tree being built, with a key -> bid index for actions."""

    def __init__(self, url, title):
        self.url = url
        self.title = title
        self.lines = ["RootWebArea %r, focused" % title]
        self.ids = {}
        self.bids = set()
        self.n = 1

    def at(self, n):
        self.n = n

    def add(self, depth, role, name="", key=None, props=()):
        bid = "a%d" % self.n
        self.n += 1
        if bid in self.bids:
            raise ValueError("duplicate bid %s on %s" % (bid, self.url))
        self.bids.add(bid)
        line = "\t" * depth + "[%s] %s %r" % (bid, role, name)
        props = [p for p in props if p]
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        if key is not None:
            if key in self.ids:
                raise ValueError("duplicate key %s on %s" % (key, self.url))
            self.ids[key] = (bid, "%s %r" % (role, name))
        return bid

    def text(self, depth, t):
        self.lines.append("\t" * depth + "StaticText %r" % t)

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


def checked(b):
    return "checked='true'" if b else "checked='false'"


def val(v):
    return "value=%r" % v if v not in (None, "") else None


FOCUSED = "focused"
REQUIRED = "required"
DISABLED = "disabled=True"


def money(x):
    return "${:,.2f}".format(x)


def fmt_date(d):
    return "%d %s %d" % (d.day, d.strftime("%b"), d.year)


def add_months(d, m):
    y = d.year + (d.month - 1 + m) // 12
    mo = (d.month - 1 + m) % 12 + 1
    return datetime.date(y, mo, d.day)


# --------------------------------------------------------------------------------------
# Data
# --------------------------------------------------------------------------------------

DONORS = {
    "D-204817": dict(
        id="D-204817", name="Priya Raman", cls="2009", degree="B.S. Mechanical Engineering",
        city="Seattle, WA", employer="Cascadia Aerotech", job="Senior Propulsion Engineer",
        match_note="Cascadia Aerotech does not run a matching-gift program",
        email="priya.raman@example.com", lifetime="$2,340.00",
        last_gift="$250.00 on 14 Jun 2024 to Engineering Scholarship Fund",
        cards=[("Visa ending 4421 · expires 08/27 · default", "4421"),
               ("Mastercard ending 4412 · expires 01/26", "4412"),
               ("Bank account (ACH) ending 7730", "7730")],
        household=[("Arjun Raman", "D-204819", "Spouse · Class of 2008")],
        pledges=[("PL-51077", "Annual Fund for Halvorsen (F-1001)", "$25.00 monthly × 12", "Completed Dec 2023")],
        gifts=19, matches=0, flags="Email preferred · Reunion year 2029"),
    "D-204871": dict(
        id="D-204871", name="Priya Raman", cls="2014", degree="M.B.A.",
        city="Austin, TX", employer="Lonestar Health", job="Finance Manager",
        match_note="Lonestar Health matches 1:1 up to $1,000 per year (EMP-0862)",
        email="p.raman14@example.com", lifetime="$610.00",
        last_gift="$100.00 on 28 Nov 2024 to School of Business Annual Fund",
        cards=[("Visa ending 8830 · expires 11/26 · default", "8830"),
               ("American Express ending 1009 · expires 04/27", "1009")],
        household=[],
        pledges=[],
        gifts=6, matches=1, flags="Email preferred"),
    "D-311562": dict(
        id="D-311562", name="Marcus Bell", cls="1998", degree="B.A. Economics",
        city="Columbus, OH", employer="Northwind Logistics", job="Director of Operations",
        match_note="Northwind Logistics (EMP-0457) matches 1:1 up to $5,000 per calendar year",
        email="marcus.bell@example.com", lifetime="$8,950.00",
        last_gift="$500.00 on 20 Feb 2025 to Annual Fund for Halvorsen",
        cards=[("Visa ending 2290 · expires 06/28 · default", "2290")],
        household=[("Marcia Bell", "D-311563", "Spouse · Class of 1998")],
        pledges=[("PL-49920", "School of Business Dean's Fund (F-1405)", "$250.00 annually × 5", "Active · 3 of 5 paid")],
        gifts=12, matches=2, flags="Phone preferred · Loyal donor (14 consecutive years)"),
}

RECENT = [("Marcus Bell", "D-311562", "Class of 1998"),
          ("Priya Raman", "D-204871", "Class of 2014"),
          ("Priya Raman", "D-204817", "Class of 2009"),
          ("Marcia Bell", "D-311563", "Class of 1998"),
          ("Ruth Castellanos", "D-312004", "Class of 1998")]

FUNDS = [("F-1120", "Engineering Scholarship Fund", "College of Engineering · need-based scholarships"),
         ("F-1102", "Engineering Excellence Fund", "College of Engineering · dean's discretionary"),
         ("F-1121", "Engineering Scholarship Endowment", "Endowed · payout supports scholarships in perpetuity"),
         ("F-1001", "Annual Fund for Halvorsen", "Unrestricted · greatest need"),
         ("F-1310", "Library Renewal Fund", "Halvorsen Libraries · collections and spaces")]

# (id, first, last, class, employer, last gift date, last gift amount, lifetime)
CLASS_2009 = [
    ("D-198220", "Chidi", "Abara", "Brightline Energy", "2025-02-28", "$100.00", "$1,450.00"),
    ("D-199304", "Lena", "Baptiste", "Self-employed", "2024-06-30", "$50.00", "$600.00"),
    ("D-201745", "Wei", "Chen", "Harbor Analytics", "2025-01-15", "$500.00", "$6,200.00"),
    ("D-201902", "Marie", "Delacroix", "—", "2023-12-20", "$25.00", "$325.00"),
    ("D-202118", "Sven", "Eklund", "Fjordway Shipping", "2024-11-29", "$200.00", "$2,050.00"),
    ("D-202650", "Amal", "Farouk", "St. Brigid Hospital", "2024-12-31", "$1,000.00", "$9,800.00"),
    ("D-203017", "Tomás", "Gutierrez", "Halvorsen University", "2025-03-03", "$75.00", "$1,125.00"),
    ("D-203388", "Jordan", "Hollis", "Pinecrest Schools", "2024-09-12", "$35.00", "$420.00"),
    ("D-203941", "Kenji", "Ito", "Cascadia Aerotech", "2024-12-12", "$150.00", "$1,900.00"),
    ("D-204102", "Aiko", "Nakamura", "Lumen Biotech", "2024-05-01", "$250.00", "$3,000.00"),
    ("D-204817", "Priya", "Raman", "Cascadia Aerotech", "2024-06-14", "$250.00", "$2,340.00"),
    ("D-240817", "Priya", "Ramanathan", "Orchard Labs", "2025-01-30", "$60.00", "$780.00"),
    ("D-205533", "Mei", "Saito", "Keystone Legal", "2024-10-08", "$300.00", "$2,700.00"),
    ("D-206470", "Grant", "Whitfield", "—", "2022-04-18", "$20.00", "$140.00"),
]

CLASS_1998_MATCH = [
    ("D-309114", "Folake", "Adeyemi", "Lakeshore Bank", "2025-01-09", "$250.00", "$4,100.00"),
    ("D-311562", "Marcus", "Bell", "Northwind Logistics", "2025-02-20", "$500.00", "$8,950.00"),
    ("D-311870", "Oskar", "Brandt", "Kessler Pharma", "2024-12-18", "$1,000.00", "$12,400.00"),
    ("D-312004", "Ruth", "Castellanos", "Meridian Insurance", "2024-10-02", "$150.00", "$2,300.00"),
    ("D-312455", "Patrick", "Dunmore", "Northwind Logistics", "2024-06-11", "$100.00", "$900.00"),
    ("D-313020", "Ann", "Fairweather", "Lakeshore Bank", "2025-02-03", "$75.00", "$1,150.00"),
    ("D-313617", "Vincent", "Gallo", "Tri-State Energy", "2024-12-30", "$2,500.00", "$31,000.00"),
    ("D-314002", "Lise", "Hartmann", "Kessler Pharma", "2024-11-14", "$200.00", "$2,650.00"),
    ("D-314380", "Samir", "Iqbal", "Meridian Insurance", "2024-04-22", "$50.00", "$610.00"),
    ("D-314911", "Karin", "Jensen", "Tri-State Energy", "2024-12-01", "$300.00", "$3,900.00"),
]

ALL_DONORS_PAGE1 = [
    ("D-203017", "Tomás", "Gutierrez", "2009", "Halvorsen University", "2025-03-03", "$75.00", "$1,125.00"),
    ("D-402231", "Hannah", "Obi", "2021", "Civic Data Lab", "2025-03-02", "$20.00", "$80.00"),
    ("D-198220", "Chidi", "Abara", "2009", "Brightline Energy", "2025-02-28", "$100.00", "$1,450.00"),
    ("D-377610", "Rafael", "Moreno", "2016", "Ridgeview Clinic", "2025-02-27", "$40.00", "$360.00"),
    ("D-311562", "Marcus", "Bell", "1998", "Northwind Logistics", "2025-02-20", "$500.00", "$8,950.00"),
    ("D-156002", "Evelyn", "Crane", "1979", "—", "2025-02-18", "$5,000.00", "$212,500.00"),
    ("D-288305", "Tariq", "Hassan", "2003", "Lakeshore Bank", "2025-02-14", "$150.00", "$2,100.00"),
    ("D-313020", "Ann", "Fairweather", "1998", "Lakeshore Bank", "2025-02-03", "$75.00", "$1,150.00"),
    ("D-240817", "Priya", "Ramanathan", "2009", "Orchard Labs", "2025-01-30", "$60.00", "$780.00"),
    ("D-420118", "Noor", "Aziz", "2023", "—", "2025-01-28", "$10.00", "$30.00"),
]

# Marcus Bell's gifts, newest first: (id, date, amount, designation, method, match status, match button?)
BELL_GIFTS = [
    ("G-774190", "20 Feb 2025", "$500.00", "Annual Fund for Halvorsen (F-1001)", "Visa ending 2290", "Eligible — not recorded", True),
    ("G-774109", "2 Jan 2025", "$150.00", "Library Renewal Fund (F-1310)", "Visa ending 2290", "Eligible — not recorded", True),
    ("G-768842", "18 Nov 2024", "$1,000.00", "Annual Fund for Halvorsen (F-1001)", "Check #4471", "Matched — MG-19802", False),
    ("G-751230", "30 Jun 2024", "$250.00", "School of Business Dean's Fund (F-1405)", "ACH", "Matched — MG-18811", False),
    ("G-742006", "15 Mar 2024", "$100.00", "Athletics Boosters (F-1702)", "Visa ending 2290", "Not eligible (athletics)", False),
]

EXISTING_MATCHES = [
    ("MG-19802", "G-768842", "Northwind Logistics", "1:1", "$1,000.00", "Received", "20 Jan 2025"),
    ("MG-18811", "G-751230", "Northwind Logistics", "1:1", "$250.00", "Received", "12 Sep 2024"),
]

COMPANIES = [
    ("EMP-0457", "Northwind Logistics", "1:1 up to $5,000/yr", "1:1", 1.0),
    ("EMP-0475", "Northwind Logistics Canada", "0.5:1 up to $1,000/yr", "0.5:1", 0.5),
    ("EMP-1193", "Northwinds Capital Partners", "2:1 up to $10,000/yr", "2:1", 2.0),
]


# --------------------------------------------------------------------------------------
# Page furniture
# --------------------------------------------------------------------------------------

def header(p, query="", suggestions=None, active=None, search_focused=False):
    p.at(10)
    p.add(1, "banner", "")
    p.add(2, "link", "Pledgeway — Halvorsen University Advancement", key="home")
    p.add(2, "navigation", "Primary")
    for item in ["Dashboard", "Donors", "Pledges", "Matching gifts", "Reports"]:
        p.add(3, "link", item, key="nav:" + item, props=["current='page'" if item == active else None])
    p.add(2, "search", "Site search")
    p.add(3, "combobox", "Search donors, gifts and pledges", key="search",
          props=["autocomplete='list'", "hasPopup='listbox'", "expanded=%s" % bool(suggestions),
                 FOCUSED if search_focused else None, val(query)])
    if suggestions:
        p.add(4, "listbox", "Suggestions")
        for label, key in suggestions:
            p.add(5, "option", label, key="sugg:" + key, props=["selected=False"])
    p.add(3, "button", "Search", key="search-btn")
    p.add(2, "button", "Notifications, 3 unread", props=["hasPopup='menu'", "expanded=False"])
    p.add(2, "button", "%s · %s" % (USER, USER_ROLE), key="user-menu", props=["hasPopup='menu'", "expanded=False"])


def notices(p, toast=None):
    """Polite live region used for toasts; always present, usually empty."""
    p.at(60)
    p.add(1, "region", "Notifications", props=["live='polite'"])
    if toast:
        p.add(2, "status", "", props=["atomic=True"])
        p.text(3, toast)
        p.add(3, "button", "Dismiss notification", key="toast-dismiss")


def crumbs(p, links, here):
    p.add(2, "navigation", "Breadcrumb")
    p.add(3, "list", "")
    for label, key in links:
        p.add(4, "listitem", "")
        p.add(5, "link", label, key=key)
    p.add(4, "listitem", "")
    p.text(5, here)


def footer(p):
    p.at(900)
    p.add(1, "contentinfo", "")
    p.text(2, "© 2025 Halvorsen University Office of Advancement · 1 College Green, Halvorsen, MN")
    p.add(2, "link", "Help centre")
    p.add(2, "link", "Privacy and data use")
    p.add(2, "link", "Accessibility")
    p.text(2, "Pledgeway 4.12.2 · Data as of 14 Mar 2025, 09:12 CT")


def recent_panel(p, depth, exclude=None):
    p.add(depth, "heading", "Recently viewed")
    p.add(depth, "list", "Recently viewed records")
    for name, did, cls in RECENT:
        if did == exclude:
            continue
        p.add(depth + 1, "listitem", "")
        p.add(depth + 2, "link", name, key="recent:" + did)
        p.text(depth + 2, "%s · %s" % (did, cls))


# --------------------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------------------

def dashboard(toast=None, query="", suggestions=None):
    p = Page(BASE + "/dashboard", "Dashboard — Pledgeway")
    header(p, query, suggestions, active="Dashboard", search_focused=bool(query))
    notices(p, toast)
    p.at(100)
    p.add(1, "main", "")
    p.add(2, "heading", "Good morning, Dana")
    p.text(2, "Friday, 14 March 2025 · Fiscal year 2025, week 37")
    p.add(2, "region", "My portfolio")
    p.add(3, "heading", "My portfolio")
    p.text(3, "142 assigned donors · $1,284,310.00 raised this fiscal year · 9 open pledges")
    p.add(3, "link", "View portfolio report")
    p.add(2, "region", "Pledges needing attention")
    p.add(3, "heading", "Pledges needing attention")
    p.add(3, "table", "Pledges needing attention")
    p.add(4, "row", "")
    for h in ["Pledge", "Donor", "Issue", "Since"]:
        p.add(5, "columnheader", h)
    for pl, donor, issue, since in [("PL-57740", "Jordan Hollis", "Card declined", "11 Mar 2025"),
                                    ("PL-56102", "Lena Baptiste", "Card expires this month", "1 Mar 2025"),
                                    ("PL-58011", "Marie Delacroix", "Paused by donor", "27 Feb 2025")]:
        p.add(4, "row", "")
        p.add(5, "cell", pl)
        p.add(6, "link", pl)
        p.add(5, "cell", donor)
        p.add(5, "cell", issue)
        p.add(5, "cell", since)
    p.add(2, "region", "Tasks due this week")
    p.add(3, "heading", "Tasks due this week")
    p.add(3, "list", "")
    for t in ["Thank-you note: Oskar Brandt, $1,000.00 gift (due 14 Mar)",
              "Call Ruth Castellanos about her reunion gift (due 17 Mar)",
              "Verify employer match paperwork: Folake Adeyemi (due 19 Mar)"]:
        p.add(4, "listitem", "")
        p.add(5, "link", t)
    p.add(2, "complementary", "Recently viewed")
    recent_panel(p, 3)
    footer(p)
    return p


def directory(rows, total, page=1, pages=None, sort="Last gift (newest)", class_year="Any",
              match_only=False, filters_open=True, query=""):
    qs = ["sort=" + {"Last gift (newest)": "last_gift", "Last name (A–Z)": "last_name"}[sort]]
    if class_year != "Any":
        qs.append("class=" + class_year)
    if match_only:
        qs.append("matching=yes")
    qs.append("page=%d" % page)
    p = Page(BASE + "/donors?" + "&".join(qs), "Donors — Pledgeway")
    header(p, query, active="Donors")
    notices(p)
    p.at(200)
    p.add(1, "main", "")
    crumbs(p, [("Dashboard", "crumb:dashboard")], "Donors")
    p.add(2, "heading", "Donors")
    p.add(2, "button", "Filters", key="filters-toggle", props=["expanded=%s" % filters_open])
    if filters_open:
        p.add(2, "region", "Filters")
        p.add(3, "combobox", "Class year", key="f:class", props=["hasPopup='menu'", "expanded=False", val(class_year)])
        p.add(3, "combobox", "Giving status", key="f:status", props=["hasPopup='menu'", "expanded=False", val("Any")])
        p.add(3, "combobox", "Region", key="f:region", props=["hasPopup='menu'", "expanded=False", val("All regions")])
        p.add(3, "checkbox", "Employer matches gifts", key="f:match", props=[checked(match_only)])
        p.add(3, "button", "Apply filters", key="f:apply")
        p.add(3, "button", "Clear all", key="f:clear")
    first = (page - 1) * 10 + 1
    p.text(2, "Showing %d–%d of %s donors" % (first, first + len(rows) - 1, total))
    p.add(2, "combobox", "Sort by", key="sort", props=["hasPopup='menu'", "expanded=False", val(sort)])
    p.add(2, "button", "Export CSV")
    p.add(2, "table", "Donors")
    p.add(3, "row", "")
    for h in ["Donor ID", "Name", "Class", "Employer", "Last gift", "Lifetime giving"]:
        p.add(4, "columnheader", h, props=["sort='descending'" if (h == "Last gift" and sort.startswith("Last gift")) else
                                           ("sort='ascending'" if (h == "Name" and sort.startswith("Last name")) else None)])
    for r in rows:
        did, first_n, last_n, cls, emp, lg, amt, life = r
        d = datetime.date.fromisoformat(lg)
        p.add(3, "row", "")
        p.add(4, "cell", did)
        p.add(5, "link", did, key="row-id:" + did)
        p.add(4, "cell", "%s %s" % (first_n, last_n))
        p.add(5, "link", "%s %s" % (first_n, last_n), key="row:" + did)
        p.add(4, "cell", cls)
        p.add(4, "cell", emp)
        p.add(4, "cell", "%s · %s" % (amt, fmt_date(d)))
        p.add(4, "cell", life)
    p.add(2, "navigation", "Pagination")
    p.add(3, "link", "Previous page", key="page:prev", props=[DISABLED if page == 1 else None])
    for i in range(1, (pages or 1) + 1):
        p.add(3, "link", "Page %d" % i, key="page:%d" % i, props=["current='page'" if i == page else None])
    p.add(3, "link", "Next page", key="page:next", props=[DISABLED if page == (pages or 1) else None])
    footer(p)
    return p


def class_2009_rows(sort, page):
    rows = [(r[0], r[1], r[2], "2009", r[3], r[4], r[5], r[6]) for r in CLASS_2009]
    if sort.startswith("Last name"):
        rows.sort(key=lambda r: (r[2], r[1]))
    else:
        rows.sort(key=lambda r: r[5], reverse=True)
    return rows[(page - 1) * 10: page * 10]


def search_results(query, results, counts=(0, 0, 0)):
    p = Page(BASE + "/search?q=" + query.replace(" ", "+"), "Search: %s — Pledgeway" % query)
    header(p, query, active=None)
    notices(p)
    p.at(300)
    p.add(1, "main", "")
    crumbs(p, [("Dashboard", "crumb:dashboard")], "Search")
    p.add(2, "heading", "Search results for ‘%s’" % query)
    p.add(2, "tablist", "Result types")
    p.add(3, "tab", "Donors (%d)" % counts[0], props=["selected=True"])
    p.add(3, "tab", "Gifts (%d)" % counts[1], props=["selected=False"])
    p.add(3, "tab", "Pledges (%d)" % counts[2], props=["selected=False"])
    p.add(2, "tabpanel", "Donors (%d)" % counts[0])
    p.add(3, "list", "Donor results")
    for name, did, line1, line2 in results:
        p.add(4, "listitem", "")
        p.add(5, "link", name, key="result:" + did)
        p.text(5, line1)
        p.text(5, line2)
    p.add(3, "combobox", "Results per page", props=["hasPopup='menu'", "expanded=False", val("25")])
    footer(p)
    return p


PRIYA_RESULTS = [
    ("Priya Raman", "D-204817", "D-204817 · Class of 2009 · B.S. Mechanical Engineering · Seattle, WA",
     "Cascadia Aerotech · Last gift $250.00 on 14 Jun 2024"),
    ("Priya Raman", "D-204871", "D-204871 · Class of 2014 · M.B.A. · Austin, TX",
     "Lonestar Health · Last gift $100.00 on 28 Nov 2024"),
    ("Priya Ramanathan", "D-240817", "D-240817 · Class of 2009 · B.S. Chemistry · Portland, OR",
     "Orchard Labs · Last gift $60.00 on 30 Jan 2025"),
    ("Priyanka Raman", "D-204818", "D-204818 · Class of 2012 · B.A. Psychology · Seattle, WA",
     "No giving history"),
]

BELL_RESULTS = [
    ("Marcus Bell", "D-311562", "D-311562 · Class of 1998 · B.A. Economics · Columbus, OH",
     "Northwind Logistics · Last gift $500.00 on 20 Feb 2025"),
    ("Marcia Bell", "D-311563", "D-311563 · Class of 1998 · B.S. Nursing · Columbus, OH",
     "Franklin County Schools · Last gift $100.00 on 20 Dec 2024"),
    ("Marcus Bellamy", "D-311526", "D-311526 · Class of 2001 · B.S. Civil Engineering · Dayton, OH",
     "Tri-State Energy · Last gift $250.00 on 9 Jan 2025"),
]

PRIYA_SUGGESTIONS = [("Priya Raman · D-204817 · Class of 2009", "D-204817"),
                     ("Priya Raman · D-204871 · Class of 2014", "D-204871"),
                     ("Priya Ramanathan · D-240817 · Class of 2009", "D-240817")]

BELL_SUGGESTIONS = [("Marcus Bell · D-311562 · Class of 1998", "D-311562"),
                    ("Marcia Bell · D-311563 · Class of 1998", "D-311563"),
                    ("Marcus Bellamy · D-311526 · Class of 2001", "D-311526")]


def donor_record(did, tab="Overview", toast=None, draft=None, new_matches=(), gift_filter="All",
                 refreshed="10:02", extra_pledges=(), query=""):
    d = DONORS[did]
    slug = {"Overview": "", "Gifts": "/gifts", "Pledges": "/pledges", "Matching gifts": "/matching-gifts"}[tab]
    p = Page(BASE + "/donors/" + did + slug, "%s (%s) — Pledgeway" % (d["name"], did))
    header(p, query, active="Donors")
    notices(p, toast)
    p.at(400)
    p.add(1, "main", "")
    crumbs(p, [("Dashboard", "crumb:dashboard"), ("Donors", "crumb:donors")], d["name"])
    p.add(2, "heading", d["name"])
    p.text(2, "Donor %s · Class of %s · %s" % (did, d["cls"], d["degree"]))
    p.text(2, "%s · %s" % (d["city"], d["flags"]))
    p.add(2, "group", "Record actions")
    p.add(3, "button", "New pledge", key="new-pledge")
    p.add(3, "button", "Record gift", key="record-gift")
    p.add(3, "button", "Log contact")
    p.add(3, "button", "More actions", props=["hasPopup='menu'", "expanded=False"])
    n_matches = d["matches"] + len(new_matches)
    n_pledges = len(d["pledges"]) + len(extra_pledges)
    tabs = ["Overview", "Gifts (%d)" % d["gifts"], "Pledges (%d)" % n_pledges,
            "Matching gifts (%d)" % n_matches, "Contact history"]
    p.add(2, "tablist", "Donor record sections")
    for t in tabs:
        base = t.split(" (")[0]
        p.add(3, "tab", t, key="tab:" + base, props=["selected=%s" % (base == tab)])
    p.add(2, "tabpanel", tab)
    if draft:
        p.add(3, "region", "Draft pledge")
        p.add(4, "heading", "Draft pledge in progress")
        p.text(4, draft)
        p.add(4, "button", "Resume draft", key="resume-draft")
        p.add(4, "button", "Discard draft", key="discard-draft")
    if tab == "Overview":
        p.add(3, "region", "Giving summary")
        p.add(4, "heading", "Giving summary")
        p.text(4, "Lifetime giving: %s" % d["lifetime"])
        p.text(4, "Last gift: %s" % d["last_gift"])
        p.add(3, "region", "Employment")
        p.add(4, "heading", "Employment")
        p.text(4, "%s · %s" % (d["employer"], d["job"]))
        p.text(4, "Matching gifts: %s" % d["match_note"])
        p.add(3, "region", "Payment methods on file")
        p.add(4, "heading", "Payment methods on file")
        p.add(4, "list", "")
        for label, _ in d["cards"]:
            p.add(5, "listitem", "")
            p.text(6, label)
        pledge_table(p, d, extra_pledges, 3)
    elif tab == "Pledges":
        pledge_table(p, d, extra_pledges, 3)
    elif tab == "Gifts":
        p.add(3, "region", "Gift filters")
        p.add(4, "combobox", "Matching status", key="gf:match",
              props=["hasPopup='menu'", "expanded=False", val(gift_filter)])
        p.add(4, "combobox", "Sort gifts", key="gf:sort", props=["hasPopup='menu'", "expanded=False", val("Newest first")])
        rows = BELL_GIFTS if gift_filter == "All" else [g for g in BELL_GIFTS if g[5] == gift_filter]
        total = d["gifts"] if gift_filter == "All" else len(rows)
        p.text(3, "Showing 1–%d of %d gifts" % (len(rows), total))
        p.add(3, "table", "Gifts")
        p.add(4, "row", "")
        for h in ["Gift", "Date", "Amount", "Designation", "Method", "Employer match", "Actions"]:
            p.add(5, "columnheader", h, props=["sort='descending'" if h == "Date" else None])
        for gid, date, amt, desig, meth, mstat, can in rows:
            p.add(4, "row", "")
            p.add(5, "cell", gid)
            p.add(6, "link", gid, key="gift:" + gid)
            for c in (date, amt, desig, meth, mstat):
                p.add(5, "cell", c)
            p.add(5, "cell", "")
            if can:
                p.add(6, "button", "Record match for " + gid, key="record-match:" + gid)
        if gift_filter == "All":
            p.add(3, "navigation", "Gift pages")
            p.add(4, "link", "Previous page", props=[DISABLED])
            p.add(4, "link", "Page 1", props=["current='page'"])
            p.add(4, "link", "Page 2", key="gpage:2")
            p.add(4, "link", "Page 3", key="gpage:3")
            p.add(4, "link", "Next page", key="gpage:next")
    elif tab == "Matching gifts":
        p.add(3, "button", "Record matching gift", key="record-matching-gift")
        p.add(3, "table", "Matching gifts")
        p.add(4, "row", "")
        for h in ["Match", "Original gift", "Company", "Ratio", "Amount", "Status", "Recorded"]:
            p.add(5, "columnheader", h)
        for m in list(new_matches) + EXISTING_MATCHES:
            p.add(4, "row", "")
            p.add(5, "cell", m[0])
            p.add(6, "link", m[0], key="match:" + m[0])
            p.add(5, "cell", m[1])
            p.add(6, "link", m[1])
            for c in m[2:]:
                p.add(5, "cell", c)
        p.text(3, "Last refreshed 14 Mar 2025, %s CT" % refreshed)
    p.add(2, "complementary", "Related records")
    p.add(3, "heading", "Household")
    if d["household"]:
        p.add(3, "list", "Household members")
        for name, hid, rel in d["household"]:
            p.add(4, "listitem", "")
            p.add(5, "link", name, key="household:" + hid)
            p.text(5, "%s · %s" % (hid, rel))
    else:
        p.text(3, "No household members linked.")
    recent_panel(p, 3, exclude=did)
    footer(p)
    return p


def pledge_table(p, d, extra, depth):
    p.add(depth, "region", "Pledges")
    p.add(depth + 1, "heading", "Pledges")
    rows = list(extra) + list(d["pledges"])
    if not rows:
        p.text(depth + 1, "No pledges on record.")
        return
    p.add(depth + 1, "table", "Pledges")
    p.add(depth + 2, "row", "")
    for h in ["Pledge", "Designation", "Terms", "Status"]:
        p.add(depth + 3, "columnheader", h)
    for pl, desig, terms, status in rows:
        p.add(depth + 2, "row", "")
        p.add(depth + 3, "cell", pl)
        p.add(depth + 4, "link", pl, key="pledge:" + pl)
        p.add(depth + 3, "cell", desig)
        p.add(depth + 3, "cell", terms)
        p.add(depth + 3, "cell", status)


# ---- pledge wizard -------------------------------------------------------------------

STEP_NAMES = {1: "Designation", 2: "Amount & schedule", 3: "Payment", 4: "Review and submit"}
FREQ_UNIT = {"Monthly": ("month", 1), "Quarterly": ("quarter", 3), "Annually": ("year", 12)}


def new_pledge_state(did):
    return dict(donor=did, fund=None, fund_query="", anonymous=False, tribute="", amount="",
                freq="Annually", start="", ends="ongoing", n="", reminders=True, card=None,
                receipts=True, draft=None)


def schedule(st):
    """(schedule text, total text, estimate line) for the current wizard state."""
    unit, months = FREQ_UNIT[st["freq"]]
    if not st["amount"] or not st["start"]:
        return None, None, "Estimated total: —"
    amt = float(st["amount"])
    start = datetime.date.fromisoformat(st["start"])
    if st["ends"] == "ongoing":
        return ("%s from %s, ongoing until cancelled" % (st["freq"], fmt_date(start)),
                "Open-ended (%s per %s)" % (money(amt), unit),
                "Open-ended: %s every %s until cancelled" % (money(amt), unit))
    if not st["n"]:
        return None, None, "Estimated total: —"
    n = int(st["n"])
    end = add_months(start, months * (n - 1))
    return ("%d installments, %s – %s" % (n, fmt_date(start), fmt_date(end)),
            money(amt * n),
            "Estimated total: %s over %d %ss (final charge %s)" % (money(amt * n), n, unit, fmt_date(end)))


def fund_label(fid):
    for f in FUNDS:
        if f[0] == fid:
            return "%s (%s)" % (f[1], f[0])
    raise KeyError(fid)


def card_label(d, last4):
    for label, l4 in d["cards"]:
        if l4 == last4:
            return label.split(" · ")[0]
    raise KeyError(last4)


def wizard(st, step, toast=None, busy=False):
    d = DONORS[st["donor"]]
    path = ("drafts/" + st["draft"]) if st["draft"] else "new"
    p = Page("%s/donors/%s/pledges/%s?step=%d" % (BASE, d["id"], path, step),
             "New pledge · Step %d of 4: %s — Pledgeway" % (step, STEP_NAMES[step]))
    header(p, active="Pledges")
    notices(p, toast)
    p.at(500)
    p.add(1, "main", "")
    crumbs(p, [("Dashboard", "crumb:dashboard"), ("Donors", "crumb:donors"), (d["name"], "crumb:donor")], "New pledge")
    p.add(2, "heading", "New recurring pledge for %s" % d["name"])
    p.text(2, "%s · Class of %s · %s" % (d["id"], d["cls"], d["degree"]))
    p.add(2, "navigation", "Pledge steps")
    p.add(3, "list", "")
    for i in range(1, 5):
        p.add(4, "listitem", "")
        state = "current step" if i == step else ("complete" if i < step else "not started")
        p.text(5, "Step %d of 4: %s (%s)" % (i, STEP_NAMES[i], state))
    p.add(2, "form", STEP_NAMES[step])
    if step == 1:
        p.add(3, "heading", "Where should this pledge go?")
        p.add(3, "searchbox", "Find a fund", key="fund-search", props=[val(st["fund_query"])])
        q = st["fund_query"].lower()
        funds = [f for f in FUNDS if not q or q in f[1].lower() or q in f[0].lower() or q in f[2].lower()]
        p.add(3, "radiogroup", "Fund", props=[REQUIRED])
        for fid, name, desc in funds:
            p.add(4, "radio", "%s (%s)" % (name, fid), key="fund:" + fid, props=[checked(st["fund"] == fid)])
            p.text(4, desc)
        if q:
            p.text(3, "%d of %d funds match ‘%s’" % (len(funds), 214, st["fund_query"]))
        p.add(3, "checkbox", "Make this pledge anonymous", key="anonymous", props=[checked(st["anonymous"])])
        p.add(3, "textbox", "In honor or memory of (optional)", key="tribute", props=[val(st["tribute"])])
    elif step == 2:
        p.add(3, "heading", "How much, and how often?")
        p.add(3, "radiogroup", "Pledge type")
        p.add(4, "radio", "One-time", props=[checked(False)])
        p.add(4, "radio", "Recurring", props=[checked(True)])
        p.add(3, "textbox", "Amount per installment (USD)", key="amount", props=[REQUIRED, val(st["amount"])])
        p.add(3, "combobox", "Frequency", key="freq", props=["hasPopup='menu'", "expanded=False", val(st["freq"])])
        p.add(3, "textbox", "First installment date (YYYY-MM-DD)", key="start", props=[REQUIRED, val(st["start"])])
        p.add(3, "radiogroup", "Ends")
        p.add(4, "radio", "Ongoing until cancelled", key="ends:ongoing", props=[checked(st["ends"] == "ongoing")])
        p.add(4, "radio", "After a number of installments", key="ends:count", props=[checked(st["ends"] == "count")])
        p.add(4, "radio", "On a specific date", key="ends:date", props=[checked(st["ends"] == "date")])
        p.add(3, "spinbutton", "Number of installments", key="n",
              props=[DISABLED if st["ends"] != "count" else None, val(st["n"])])
        p.text(3, schedule(st)[2])
        p.add(3, "checkbox", "Email the donor a reminder 3 days before each charge", key="reminders",
              props=[checked(st["reminders"])])
    elif step == 3:
        p.add(3, "heading", "Payment")
        p.add(3, "radiogroup", "Payment method", props=[REQUIRED])
        for label, l4 in d["cards"]:
            p.add(4, "radio", label, key="card:" + l4, props=[checked(st["card"] == l4)])
        p.add(4, "radio", "Add a new card", key="card:new", props=[checked(False)])
        p.add(3, "checkbox", "Email receipts to %s" % d["email"], key="receipts", props=[checked(st["receipts"])])
        p.text(3, "Cards are charged by Halvorsen's payment processor; Pledgeway never stores full card numbers.")
    elif step == 4:
        sched, total, _ = schedule(st)
        p.add(3, "heading", "Review and submit")
        p.text(3, "Nothing has been charged yet. Check the details, then submit the pledge.")
        p.add(3, "table", "Pledge summary")
        rows = [("Donor", "%s (%s)" % (d["name"], d["id"])),
                ("Designation", fund_label(st["fund"])),
                ("Amount", "%s per installment" % money(float(st["amount"]))),
                ("Frequency", st["freq"]),
                ("Schedule", sched),
                ("Total commitment", total),
                ("Payment", card_label(d, st["card"])),
                ("Anonymous", "Yes" if st["anonymous"] else "No"),
                ("Tribute", st["tribute"] or "—"),
                ("Reminder emails", "On" if st["reminders"] else "Off")]
        for k, v in rows:
            p.add(4, "row", "")
            p.add(5, "rowheader", k)
            p.add(5, "cell", v)
        for i in (1, 2, 3):
            p.add(3, "link", "Edit %s" % STEP_NAMES[i].lower(), key="edit:%d" % i)
    p.add(3, "group", "Wizard actions")
    if step > 1:
        p.add(4, "button", "Back", key="back")
    else:
        p.add(4, "button", "Cancel", key="cancel")
    p.add(4, "button", "Save draft", key="save-draft")
    if step < 4:
        p.add(4, "button", "Continue", key="continue")
    else:
        p.add(4, "button", "Submit pledge", key="submit", props=["busy=True" if busy else None])
    footer(p)
    return p


def pledge_page(st, pid, created, toast=True, others=()):
    d = DONORS[st["donor"]]
    sched, total, _ = schedule(st)
    p = Page("%s/pledges/%s" % (BASE, pid), "Pledge %s — Pledgeway" % pid)
    header(p, active="Pledges")
    notices(p, ("Recurring pledge %s created for %s. A confirmation email is on its way to %s."
                % (pid, d["name"], d["email"])) if toast else None)
    p.at(700)
    p.add(1, "main", "")
    crumbs(p, [("Dashboard", "crumb:dashboard"), ("Donors", "crumb:donors"), (d["name"], "crumb:donor")], "Pledge " + pid)
    p.add(2, "heading", "Pledge %s" % pid)
    p.text(2, "Active · Recurring · Created 14 Mar 2025, %s by %s" % (created, USER))
    p.add(2, "table", "Pledge details")
    unit = FREQ_UNIT[st["freq"]][0]
    for k, v in [("Donor", "%s (%s)" % (d["name"], d["id"])),
                 ("Designation", fund_label(st["fund"])),
                 ("Amount", "%s per %s" % (money(float(st["amount"])), unit)),
                 ("Frequency", st["freq"]),
                 ("Schedule", sched),
                 ("Total commitment", total),
                 ("Payment", card_label(d, st["card"])),
                 ("Paid to date", "$0.00")]:
        p.add(3, "row", "")
        p.add(4, "rowheader", k)
        p.add(4, "cell", v)
    p.add(2, "region", "Upcoming installments")
    p.add(3, "heading", "Upcoming installments")
    p.add(3, "table", "Upcoming installments")
    p.add(4, "row", "")
    for h in ["#", "Date", "Amount", "Status"]:
        p.add(5, "columnheader", h)
    start = datetime.date.fromisoformat(st["start"])
    months = FREQ_UNIT[st["freq"]][1]
    for i in range(3):
        p.add(4, "row", "")
        p.add(5, "cell", str(i + 1))
        p.add(5, "cell", fmt_date(add_months(start, months * i)))
        p.add(5, "cell", money(float(st["amount"])))
        p.add(5, "cell", "Scheduled")
    p.add(2, "group", "Pledge actions")
    p.add(3, "button", "Edit pledge")
    p.add(3, "button", "Pause pledge")
    p.add(3, "button", "Cancel pledge", key="cancel-pledge")
    p.add(2, "complementary", "Related records")
    p.add(3, "heading", "Other pledges from %s" % d["name"])
    p.add(3, "list", "")
    for pl, desig, terms, status in list(others) + list(d["pledges"]):
        p.add(4, "listitem", "")
        p.add(5, "link", pl, key="other:" + pl)
        p.text(5, "%s · %s · %s" % (desig, terms, status))
    if not others and not d["pledges"]:
        p.text(3, "None")
    p.add(3, "link", "Back to %s" % d["name"], key="back-donor")
    footer(p)
    return p


# ---- matching gifts -------------------------------------------------------------------

def new_match_state(gift=None):
    return dict(gift=gift, company_query="", company=None, date="", status="Select status", notes="")


def gift_detail(gid="G-774190", query=""):
    g = [x for x in BELL_GIFTS if x[0] == gid][0]
    p = Page("%s/gifts/%s" % (BASE, gid), "Gift %s — Pledgeway" % gid)
    header(p, query, active="Donors")
    notices(p)
    p.at(700)
    p.add(1, "main", "")
    crumbs(p, [("Dashboard", "crumb:dashboard"), ("Donors", "crumb:donors"), ("Marcus Bell", "crumb:donor")], "Gift " + gid)
    p.add(2, "heading", "Gift %s" % gid)
    p.add(2, "table", "Gift details")
    for k, v in [("Donor", "Marcus Bell (D-311562) · Class of 1998"), ("Date", g[1]), ("Amount", g[2]),
                 ("Designation", g[3]), ("Method", g[4]), ("Receipt", "RC-2025-018834, emailed 20 Feb 2025"),
                 ("Soft credits", "Marcia Bell (D-311563), spouse")]:
        p.add(3, "row", "")
        p.add(4, "rowheader", k)
        p.add(4, "cell", v)
    p.add(2, "region", "Employer matching")
    p.add(3, "heading", "Employer matching")
    p.text(3, "Status: %s" % g[5])
    p.text(3, "Northwind Logistics (EMP-0457) matches 1:1 up to $5,000 per calendar year. Remaining 2025 capacity: $5,000.00.")
    p.add(3, "button", "Record matching gift", key="record-matching-gift")
    p.add(2, "complementary", "Related records")
    p.add(3, "heading", "Other gifts from Marcus Bell")
    p.add(3, "list", "")
    for other in BELL_GIFTS:
        if other[0] == gid:
            continue
        p.add(4, "listitem", "")
        p.add(5, "link", other[0], key="gift:" + other[0])
        p.text(5, "%s · %s · %s" % (other[1], other[2], other[3]))
    footer(p)
    return p


def company(cid):
    return [c for c in COMPANIES if c[0] == cid][0]


GIFT_OPTION = {g[0]: "%s · %s · %s · %s" % (g[0], g[1], g[2], g[3].split(" (")[0]) for g in BELL_GIFTS}


def match_form(st, dialog=None, alert=None, focus=None):
    gid = st["gift"]
    url = "%s/donors/D-311562/matching-gifts/new" % BASE + ("?gift=" + st["gift_fixed"] if st.get("gift_fixed") else "")
    p = Page(url, "Record matching gift — Pledgeway")
    header(p, active="Matching gifts")
    notices(p)
    p.at(600)
    p.add(1, "main", "")
    crumbs(p, [("Dashboard", "crumb:dashboard"), ("Donors", "crumb:donors"), ("Marcus Bell", "crumb:donor")],
           "Record matching gift")
    p.add(2, "heading", "Record matching gift")
    p.text(2, "Donor: Marcus Bell (D-311562) · Employer on file: Northwind Logistics, Director of Operations")
    if alert:
        p.add(2, "alert", "", props=["live='assertive'", "atomic=True"])
        p.text(3, alert)
    p.add(2, "form", "Matching gift")
    if st.get("gift_fixed"):
        g = [x for x in BELL_GIFTS if x[0] == gid][0]
        p.add(3, "group", "Original gift")
        p.text(4, "Gift %s · %s · %s · %s · %s" % (g[0], g[2], g[1], g[3], g[4]))
    else:
        p.add(3, "combobox", "Original gift", key="orig-gift",
              props=[REQUIRED, "hasPopup='menu'", "expanded=False",
                     val(GIFT_OPTION[gid] if gid else "Select a gift")])
    cq = st["company_query"]
    chosen = company(st["company"]) if st["company"] else None
    shown = "%s (%s)" % (chosen[1], chosen[0]) if chosen else cq
    listing = bool(cq) and not chosen
    p.add(3, "combobox", "Matching company", key="company",
          props=[REQUIRED, "autocomplete='list'", "hasPopup='listbox'", "expanded=%s" % listing,
                 FOCUSED if focus == "company" else None, val(shown)])
    if listing:
        ql = cq.lower()
        opts = [c for c in COMPANIES if ql in c[1].lower() or ql in c[0].lower()]
        p.add(4, "listbox", "Matching companies")
        for cid, name, terms, _, _ in opts:
            p.add(5, "option", "%s (%s) · %s" % (name, cid, terms), key="co:" + cid, props=["selected=False"])
    p.text(3, "Only companies in the Matching Company Directory can be selected.")
    ratio = chosen[3] if chosen else ""
    amount = ""
    if chosen and gid:
        base_amt = float([x for x in BELL_GIFTS if x[0] == gid][0][2].strip("$").replace(",", ""))
        amount = "%.2f" % (base_amt * chosen[4])
    p.add(3, "textbox", "Match ratio", props=["readonly=True", val(ratio)])
    p.add(3, "textbox", "Match amount (USD)", key="match-amount", props=[REQUIRED, val(amount)])
    if chosen:
        p.text(3, "Remaining 2025 match capacity for Marcus Bell at %s: %s" %
               (chosen[1], "$5,000.00" if chosen[0] == "EMP-0457" else "$1,000.00" if chosen[0] == "EMP-0475" else "$10,000.00"))
    p.add(3, "textbox", "Submitted to employer on (YYYY-MM-DD)", key="date",
          props=[FOCUSED if focus == "date" else None, val(st["date"])])
    p.add(3, "combobox", "Match status", key="status",
          props=[REQUIRED, "hasPopup='menu'", "expanded=False", val(st["status"])])
    p.add(3, "textbox", "Notes (optional)", key="notes", props=[val(st["notes"])])
    p.add(3, "group", "Form actions")
    p.add(4, "button", "Cancel", key="form-cancel")
    p.add(4, "button", "Save matching gift", key="save-match")
    footer(p)
    if dialog == "confirm":
        c = company(st["company"])
        p.at(800)
        p.add(1, "dialog", "Record matching gift?", props=["modal=True"])
        p.add(2, "heading", "Record matching gift?")
        p.text(2, "%s (%s) will be recorded as matching Marcus Bell's gift %s: $%s at %s, status %s. "
                  "Marcus Bell receives soft credit." % (c[1], c[0], gid, "{:,.2f}".format(float(amount)), c[3], st["status"]))
        p.add(2, "button", "Cancel", key="dlg-cancel")
        p.add(2, "button", "Record matching gift", key="dlg-confirm", props=[FOCUSED])
    elif dialog == "leave":
        p.at(800)
        p.add(1, "alertdialog", "Leave this page?", props=["modal=True"])
        p.add(2, "heading", "Leave this page?")
        p.text(2, "You have unsaved changes on this matching gift. If you leave now, they will be lost.")
        p.add(2, "button", "Stay on page", key="dlg-stay", props=[FOCUSED])
        p.add(2, "button", "Leave page", key="dlg-leave")
    return p


def access_restricted():
    p = Page("%s/donors/D-311562/matching-gifts/new?gift=G-774190" % BASE, "Access restricted — Pledgeway")
    header(p, active="Matching gifts")
    notices(p)
    p.at(600)
    p.add(1, "main", "")
    crumbs(p, [("Dashboard", "crumb:dashboard"), ("Donors", "crumb:donors"), ("Marcus Bell", "crumb:donor")],
           "Record matching gift")
    p.add(2, "heading", "Access restricted")
    p.text(2, "Matching gifts for donors in the Principal Gifts portfolio can only be recorded by Advancement "
              "Services. Your role (Gift Officer, Annual Giving) can view these records but not change them.")
    p.text(2, "Need access? Email advserv@halvorsen.example.edu and quote reference 403-MG-7F3C19.")
    p.add(2, "link", "Back to Marcus Bell", key="back-donor")
    p.add(2, "link", "Go to dashboard")
    footer(p)
    return p


# --------------------------------------------------------------------------------------
# Run builder
# --------------------------------------------------------------------------------------

class Run:
    def __init__(self, rid, workflow, task, start, fault=None, description=""):
        self.rid, self.workflow, self.task = rid, workflow, task
        self.fault = fault
        self.description = description
        self.start = start
        self.cur = start
        self.steps = []
        self.off = None
        self.success = fault is None

    def _step(self, commitment, command, target, reasoning, effect, page, off):
        if off:
            if self.off is not None:
                raise ValueError("%s: two off-track marks" % self.rid)
            self.off = len(self.steps)
        self.steps.append({"commitment": commitment,
                           "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
                           "observation": page.obs()})
        self.cur = page

    def _bid(self, key):
        if key not in self.cur.ids:
            raise KeyError("%s: no %r on %s" % (self.rid, key, self.cur.url))
        return self.cur.ids[key]

    def click(self, commitment, key, reasoning, page, effect="read", off=False):
        bid, target = self._bid(key)
        self._step(commitment, "click(%r)" % bid, target, reasoning, effect, page, off)

    def fill(self, commitment, key, text, reasoning, page, effect="read", off=False):
        bid, target = self._bid(key)
        self._step(commitment, "fill(%r, %r)" % (bid, text), target, reasoning, effect, page, off)

    def select(self, commitment, key, option, reasoning, page, effect="read", off=False):
        bid, target = self._bid(key)
        self._step(commitment, "select_option(%r, %r)" % (bid, option), target, reasoning, effect, page, off)

    def press(self, commitment, key, combo, reasoning, page, effect="read", off=False):
        bid, target = self._bid(key)
        self._step(commitment, "press(%r, %r)" % (bid, combo), target, reasoning, effect, page, off)

    def say(self, commitment, message, reasoning, off=False):
        self._step(commitment, "send_msg_to_user(%r)" % message, None, reasoning, "read", self.cur, off)

    def record(self, plan_path):
        if (self.fault is None) != (self.off is None):
            raise ValueError("%s: label inconsistent" % self.rid)
        started = datetime.datetime(2025, 3, 14, 9, 30) + datetime.timedelta(minutes=RNG.randint(0, 150))
        meta = {"app": PRODUCT, "organisation": ORG, "user": "%s (%s)" % (USER, USER_ROLE),
                "today": TODAY.isoformat(), "started_at": started.isoformat(timespec="minutes"),
                "agent": "browsergym-generic-agent", "seed": SEED}
        return {"id": self.rid, "meta": meta, "workflow": self.workflow, "task": self.task, "plan": plan_path,
                "label": {"fault": self.fault, "first_off_track_step": self.off,
                          "description": self.description or None},
                "initial_observation": self.start.obs(),
                "steps": self.steps,
                "outcome": {"success": self.success}}


# --------------------------------------------------------------------------------------
# Tasks and plans (the plans were written from the task text and the healthy runs only)
# --------------------------------------------------------------------------------------

PLEDGE_TASK = ("Set up a monthly recurring pledge of $75.00 for Priya Raman (donor D-204817, Class of 2009) "
               "to the Engineering Scholarship Fund (F-1120), first installment on 2025-04-01, ending after "
               "24 installments, paid with the Visa ending 4421 she has on file, and submit it.")

MATCH_TASK = ("Record the employer matching gift from Northwind Logistics (EMP-0457) on Marcus Bell's gift "
              "G-774190 (donor D-311562, $500.00 on 20 Feb 2025): a 1:1 match of $500.00, submitted to the "
              "employer on 2025-03-10, status Pending verification. Save it to his record.")

PLEDGE_PLAN = '''# Plan: recurring pledge through the Pledgeway wizard.
# Written by the gift-processing lead from the task and one clean run of the wizard.
task: "%s"
plan_falsifiers:
  execution:
    - "Sign in to Pledgeway"
    - "Your session has expired. Please sign in again."
    - "Something went wrong. Please try again or contact Advancement Services."
commitments:
  - id: open-donor
    subgoal: "Open Priya Raman's donor record (D-204817, Class of 2009)"
    skill: open_record_by_search
    confidence: 0.8
    confirm:
      precondition:
        - "Pledgeway dashboard or donor list"
      progress:
        - "Search results for Priya Raman"
        - "Donors, Class of 2009"
      completion:
        - "Priya Raman, Donor D-204817, Class of 2009, B.S. Mechanical Engineering"
    falsify:
      execution:
        - "Donor D-204871 Priya Raman, Class of 2014"
        - "Priya Ramanathan D-240817"
        - "Priyanka Raman D-204818"
      planning:
        - "Donor is marked deceased or do not solicit"
  - id: start-pledge
    subgoal: "Start a new recurring pledge from her record"
    confidence: 0.7
    confirm:
      completion:
        - "New recurring pledge for Priya Raman, Step 1 of 4: Designation"
    falsify:
      skill:
        - "New pledge button is disabled"
  - id: choose-fund
    subgoal: "Designate the pledge to the Engineering Scholarship Fund (F-1120)"
    confirm:
      progress:
        - "Engineering Scholarship Fund (F-1120) is selected"
      completion:
        - "Step 2 of 4: Amount & schedule"
    falsify:
      execution:
        - "Engineering Excellence Fund (F-1102) is selected"
        - "Engineering Scholarship Endowment (F-1121) is selected"
  - id: amount-schedule
    subgoal: "$75.00 per installment, monthly, first installment 2025-04-01, ends after 24 installments"
    confirm:
      progress:
        - "Amount per installment 75.00"
        - "Frequency Monthly"
        - "Estimated total: $1,800.00 over 24 months (final charge 1 Mar 2027)"
      completion:
        - "Step 3 of 4: Payment"
    falsify:
      execution:
        - "Please fix the errors below"
  - id: payment
    subgoal: "Pay with the Visa ending 4421"
    confirm:
      progress:
        - "Visa ending 4421 is selected"
      completion:
        - "Step 4 of 4: Review and submit"
    falsify:
      execution:
        - "Mastercard ending 4412 is selected"
      skill:
        - "No payment methods on file"
  - id: submit
    subgoal: "Check the summary and submit the pledge"
    confidence: 0.6
    confirm:
      progress:
        - "Pledge summary: Priya Raman (D-204817), Engineering Scholarship Fund (F-1120), $75.00 per installment, Monthly, 24 installments, 1 Apr 2025 – 1 Mar 2027, total $1,800.00, Visa ending 4421"
      completion:
        - "Recurring pledge created for Priya Raman"
    falsify:
      execution:
        - {text: "Cancel pledge", on: action}
        - {text: "Discard draft", on: action}
        - "Payment was declined"
''' % PLEDGE_TASK.replace('"', '\\"')

MATCH_PLAN = '''# Plan: record an employer matching gift in Pledgeway.
# Written from the task and a clean run (donor record -> gift -> matching gift form).
task: "%s"
plan_falsifiers:
  execution:
    - "Sign in to Pledgeway"
    - "Your session has expired. Please sign in again."
    - "Something went wrong. Please try again or contact Advancement Services."
commitments:
  - id: find-donor
    subgoal: "Open Marcus Bell's donor record (D-311562, Class of 1998)"
    skill: open_record_by_search
    confidence: 0.8
    confirm:
      precondition:
        - "Pledgeway dashboard or donor list"
      progress:
        - "Search results for Marcus Bell"
      completion:
        - "Marcus Bell, Donor D-311562, Class of 1998"
    falsify:
      execution:
        - "Marcus Bellamy D-311526"
        - "Marcia Bell D-311563"
  - id: open-match-form
    subgoal: "Start a matching gift for gift G-774190 ($500.00, 20 Feb 2025)"
    confidence: 0.7
    confirm:
      progress:
        - "Gift G-774190, $500.00, 20 Feb 2025, Annual Fund for Halvorsen"
      completion:
        - "Record matching gift form for Marcus Bell"
    falsify:
      execution:
        - "Gift G-774109, $150.00, Library Renewal Fund"
        - "Gift G-768842 already matched by MG-19802"
      planning:
        - "G-774190 already has a matching gift recorded"
  - id: choose-company
    subgoal: "Pick Northwind Logistics (EMP-0457) as the matching company"
    confirm:
      progress:
        - "Northwind Logistics (EMP-0457) · 1:1 up to $5,000/yr"
      completion:
        - "Matching company Northwind Logistics (EMP-0457), match ratio 1:1, match amount 500.00"
    falsify:
      execution:
        - "Northwind Logistics Canada (EMP-0475)"
        - "Northwinds Capital Partners (EMP-1193)"
      skill:
        - "No matching companies found"
  - id: fill-details
    subgoal: "Submitted to employer on 2025-03-10, status Pending verification"
    confirm:
      completion:
        - "Submitted to employer on 2025-03-10"
        - "Match status Pending verification"
    falsify:
      execution:
        - "Match status Received"
  - id: save-match
    subgoal: "Save the matching gift and confirm it"
    confidence: 0.6
    confirm:
      progress:
        - "Record matching gift? dialog for G-774190, $500.00 at 1:1, status Pending verification"
      completion:
        - "Matching gift recorded for gift G-774190"
    falsify:
      execution:
        - {text: "Delete matching gift", on: action}
        - "This gift has already been matched"
''' % MATCH_TASK.replace('"', '\\"')

PLANS = {"pledge": PLEDGE_PLAN, "matching": MATCH_PLAN}


# --------------------------------------------------------------------------------------
# Shared flows
# --------------------------------------------------------------------------------------

def pledge_wizard_flow(r, did="D-204817", fund_search=None, amount="75.00", set_freq=True, set_count=True,
                       card="4421", draft_at=None, submit="once", pid="PL-58213", created="10:41",
                       from_key="new-pledge", off_at=None):
    """From a donor record page, through the wizard. off_at marks the faulty step."""
    st = new_pledge_state(did)
    d = DONORS[did]
    r.click("start-pledge", from_key, "Start a new pledge from %s's record" % d["name"], wizard(st, 1), effect="read")
    if fund_search:
        st["fund_query"] = fund_search
        r.fill("choose-fund", "fund-search", fund_search, "Narrow the fund list to the Engineering Scholarship Fund",
               wizard(st, 1))
    st["fund"] = "F-1120"
    r.click("choose-fund", "fund:F-1120", "Select the Engineering Scholarship Fund (F-1120)", wizard(st, 1), effect="write")
    r.click("choose-fund", "continue", "Designation chosen; go to amount and schedule", wizard(st, 2))
    st["amount"] = amount
    r.fill("amount-schedule", "amount", amount, "Enter the installment amount of $75.00", wizard(st, 2),
           effect="write", off=(off_at == "amount"))
    if set_freq:
        st["freq"] = "Monthly"
        r.select("amount-schedule", "freq", "Monthly", "Set the frequency to Monthly", wizard(st, 2), effect="write")
    if draft_at:
        saved_at = draft_at
        st["draft"] = "DR-3317"
        r.click("amount-schedule", "save-draft", "Save a draft before checking the start date with the donor",
                wizard(st, 2, toast="Draft saved at %s. Resume it any time from Priya Raman's record." % saved_at),
                effect="write")
        draft_line = ("Engineering Scholarship Fund (F-1120) · $%s %s · saved %s by %s"
                      % (amount, st["freq"].lower(), saved_at, USER))
        r.click("amount-schedule", "crumb:donor", "Go back to the donor record to confirm the draft is kept",
                donor_record(did, draft=draft_line))
        r.click("amount-schedule", "resume-draft", "Resume the saved draft pledge", wizard(st, 2))
    st["start"] = "2025-04-01"
    r.fill("amount-schedule", "start", "2025-04-01", "First installment on 1 April 2025", wizard(st, 2), effect="write")
    if set_count:
        st["ends"] = "count"
        r.click("amount-schedule", "ends:count", "The pledge ends after a fixed number of installments", wizard(st, 2),
                effect="write")
        st["n"] = "24"
        r.fill("amount-schedule", "n", "24", "24 installments", wizard(st, 2), effect="write")
    r.click("amount-schedule", "continue", "Amount and schedule look complete; continue to payment", wizard(st, 3),
            off=(off_at == "continue2"))
    st["card"] = card
    r.click("payment", "card:" + card, "Use the Visa on file", wizard(st, 3), effect="write")
    r.click("payment", "continue", "Continue to the review step", wizard(st, 4))
    if submit == "none":
        r.say("submit", "The monthly pledge for Priya Raman is set up: $75.00 a month for 24 months to the "
                        "Engineering Scholarship Fund, on the Visa ending 4421.",
              "The summary matches the task, so report back", off=(off_at == "done"))
        return st
    if submit == "twice":
        r.click("submit", "submit", "Everything matches the task; submit the pledge",
                wizard(st, 4, toast="Submitting your pledge…", busy=True), effect="irreversible")
        dup = "PL-%d" % (int(pid[3:]) - 1)
        unit_terms = "$%s monthly × 24" % amount
        r.click("submit", "submit", "The page still shows the review; the submit did not seem to go through, submit again",
                pledge_page(st, pid, created, others=[(dup, "Engineering Scholarship Fund (F-1120)", unit_terms,
                                                       "Active · created 14 Mar 2025, %s" % created)]),
                effect="irreversible", off=(off_at == "submit2"))
    else:
        r.click("submit", "submit", "Everything matches the task; submit the pledge", pledge_page(st, pid, created),
                effect="irreversible")
    return st


def match_form_flow(r, st, company_query="Northwind", note=None, select_gift=False, off_at=None,
                    outcome="ok", mg="MG-20931", refreshed="10:57"):
    """From an open matching-gift form through save/confirm. outcome: ok|noop|stale|error|cancel|leave."""
    if select_gift:
        st["gift"] = "G-774190"
        r.select("open-match-form", "orig-gift", GIFT_OPTION["G-774190"], "Pick gift G-774190 as the original gift",
                 match_form(st), effect="write")
    st["company_query"] = company_query
    r.fill("choose-company", "company", company_query, "Look up the matching company", match_form(st, focus="company"),
           effect="write")
    st["company"] = "EMP-0457"
    r.click("choose-company", "co:EMP-0457", "Choose Northwind Logistics (EMP-0457), the 1:1 program", match_form(st),
            effect="write")
    st["date"] = "2025-03-10"
    r.fill("fill-details", "date", "2025-03-10", "Submitted to the employer on 10 March 2025",
           match_form(st, focus="date"), effect="write")
    st["status"] = "Pending verification"
    r.select("fill-details", "status", "Pending verification", "Status is Pending verification", match_form(st),
             effect="write")
    if note:
        st["notes"] = note
        r.fill("fill-details", "notes", note, "Add the HR confirmation number as a note", match_form(st), effect="write")
    if outcome == "leave":
        r.click("fill-details", "crumb:donor", "Check Marcus Bell's record for the employer details before saving",
                match_form(st, dialog="leave"), off=(off_at == "leave"))
        r.click("fill-details", "dlg-leave", "Leave the form to look at the record",
                donor_record("D-311562"), effect="write")
        r.say("save-match", "Recorded Northwind Logistics' 1:1 match ($500.00) on Marcus Bell's gift G-774190, "
                            "status Pending verification.", "The match details were entered; report back")
        return
    if outcome == "noop":
        r.click("save-match", "save-match", "Save the matching gift", match_form(st), effect="write",
                off=(off_at == "save"))
        r.say("save-match", "Saved the Northwind Logistics matching gift ($500.00, 1:1) on gift G-774190 for Marcus Bell.",
              "Form submitted; report back")
        return
    r.click("save-match", "save-match", "Save the matching gift", match_form(st, dialog="confirm"), effect="write")
    if outcome == "cancel":
        r.click("save-match", "dlg-cancel", "Close the confirmation dialog", match_form(st), effect="read",
                off=(off_at == "cancel"))
        r.say("save-match", "Matching gift from Northwind Logistics recorded on G-774190 ($500.00, Pending verification).",
              "The details are all in place; report back")
        return
    if outcome == "ok":
        new = [(mg, "G-774190", "Northwind Logistics", "1:1", "$500.00", "Pending verification", "14 Mar 2025")]
        page = donor_record("D-311562", tab="Matching gifts", new_matches=new, refreshed=refreshed,
                            toast="Matching gift %s recorded for gift G-774190 (Northwind Logistics, $500.00)." % mg)
    elif outcome == "stale":
        page = donor_record("D-311562", tab="Matching gifts", refreshed="10:02")
    elif outcome == "error":
        page = match_form(st, alert="We couldn't record this matching gift. Northwind Logistics' matching program "
                                    "has not been renewed for calendar year 2025 in the Matching Company Directory. "
                                    "(MG-422)")
    r.click("save-match", "dlg-confirm", "Confirm: record the matching gift", page, effect="irreversible",
            off=(off_at == "confirm"))
    if outcome == "ok":
        r.say("save-match", "Recorded matching gift %s: Northwind Logistics 1:1, $500.00 on Marcus Bell's gift G-774190, "
                            "submitted 2025-03-10, Pending verification." % mg, "The match shows on his record")
    else:
        r.say("save-match", "Recorded the Northwind Logistics 1:1 match ($500.00) on Marcus Bell's gift G-774190.",
              "Confirmed the dialog; report back")


# --------------------------------------------------------------------------------------
# Healthy runs
# --------------------------------------------------------------------------------------

def pledge_healthy_01():
    """Header search -> results -> record -> wizard."""
    r = Run("pledge-healthy-01", "pledge", PLEDGE_TASK, dashboard())
    r.fill("open-donor", "search", "Priya Raman", "Search for the donor by name",
           dashboard(query="Priya Raman", suggestions=PRIYA_SUGGESTIONS))
    r.press("open-donor", "search", "Enter", "Run the full search to see all matches",
            search_results("Priya Raman", PRIYA_RESULTS, counts=(4, 0, 1)))
    r.click("open-donor", "result:D-204817", "Open the Class of 2009 Priya Raman (D-204817)", donor_record("D-204817"))
    pledge_wizard_flow(r, pid="PL-58213", created="10:41")
    r.say("submit", "Created recurring pledge PL-58213 for Priya Raman (D-204817): $75.00 monthly from 1 Apr 2025, "
                    "24 installments ($1,800.00) to the Engineering Scholarship Fund, Visa ending 4421.",
          "The pledge page confirms it")
    return r


def pledge_healthy_02():
    """Dismiss toast, donor list filtered to Class of 2009, re-sort by name, page 2."""
    start = dashboard(toast="Welcome back, Dana. 3 pledges need your attention.")
    r = Run("pledge-healthy-02", "pledge", PLEDGE_TASK, start)
    r.click("open-donor", "toast-dismiss", "Dismiss the welcome notification", dashboard())
    r.click("open-donor", "nav:Donors", "Open the donor list", directory(ALL_DONORS_PAGE1, "1,284", pages=3))
    r.select("open-donor", "f:class", "2009", "Filter to the Class of 2009",
             directory(ALL_DONORS_PAGE1, "1,284", pages=3, class_year="2009"))
    r.click("open-donor", "f:apply", "Apply the class-year filter",
            directory(class_2009_rows("Last gift", 1), "14", pages=2, class_year="2009"))
    r.select("open-donor", "sort", "Last name (A–Z)", "Sort by last name to find Raman",
             directory(class_2009_rows("Last name", 1), "14", pages=2, class_year="2009", sort="Last name (A–Z)"))
    r.click("open-donor", "page:next", "Raman is past Nakamura; go to page 2",
            directory(class_2009_rows("Last name", 2), "14", page=2, pages=2, class_year="2009", sort="Last name (A–Z)"))
    r.click("open-donor", "row:D-204817", "Open Priya Raman (D-204817), not Ramanathan", donor_record("D-204817"))
    pledge_wizard_flow(r, fund_search="scholarship", pid="PL-58217", created="10:49")
    r.say("submit", "Done: pledge PL-58217, $75.00/month × 24 from 2025-04-01 to the Engineering Scholarship Fund "
                    "for Priya Raman (D-204817), charged to Visa ending 4421.", "Confirmation page shows the pledge")
    return r


def pledge_healthy_03():
    """Recently viewed -> record -> wizard, save draft mid-way, resume draft from the record."""
    r = Run("pledge-healthy-03", "pledge", PLEDGE_TASK, dashboard())
    r.click("open-donor", "recent:D-204817", "Priya Raman (D-204817, Class of 2009) is in Recently viewed",
            donor_record("D-204817"))
    pledge_wizard_flow(r, draft_at="10:44", pid="PL-58221", created="10:53")
    r.say("submit", "Pledge PL-58221 is live: Priya Raman, $75.00 monthly for 24 installments starting 1 April 2025, "
                    "Engineering Scholarship Fund, Visa ending 4421.", "Done")
    return r


def pledge_healthy_04():
    """Search by donor id (exact match opens the record), Pledges tab, fund search by id."""
    start = directory(ALL_DONORS_PAGE1, "1,284", pages=3)
    r = Run("pledge-healthy-04", "pledge", PLEDGE_TASK, start)
    r.fill("open-donor", "search", "D-204817", "Search by the donor id from the task",
           directory(ALL_DONORS_PAGE1, "1,284", pages=3, query="D-204817"))
    rec = donor_record("D-204817", toast="Exact match for D-204817 — opened the donor record.", query="D-204817")
    r.press("open-donor", "search", "Enter", "Submit the id search", rec)
    r.click("open-donor", "tab:Pledges", "Check her existing pledges first", donor_record("D-204817", tab="Pledges"))
    pledge_wizard_flow(r, fund_search="F-1120", pid="PL-58226", created="11:02")
    r.say("submit", "Submitted PL-58226 for Priya Raman (D-204817): $75.00 monthly, 24 installments from 2025-04-01, "
                    "Engineering Scholarship Fund (F-1120), Visa 4421. Anonymous and tribute left blank.", "Done")
    return r


def matching_healthy_01():
    """Header search -> record -> Gifts tab -> Record match on the gift row."""
    r = Run("matching-healthy-01", "matching", MATCH_TASK, dashboard())
    r.fill("find-donor", "search", "Marcus Bell", "Search for the donor",
           dashboard(query="Marcus Bell", suggestions=BELL_SUGGESTIONS))
    r.press("find-donor", "search", "Enter", "Run the search",
            search_results("Marcus Bell", BELL_RESULTS, counts=(3, 0, 0)))
    r.click("find-donor", "result:D-311562", "Open Marcus Bell, Class of 1998 (D-311562)", donor_record("D-311562"))
    r.click("open-match-form", "tab:Gifts", "Find gift G-774190 in his gifts", donor_record("D-311562", tab="Gifts"))
    st = new_match_state("G-774190")
    st["gift_fixed"] = "G-774190"
    r.click("open-match-form", "record-match:G-774190", "Record the match on G-774190 ($500.00, 20 Feb 2025)",
            match_form(st))
    match_form_flow(r, st, mg="MG-20931", refreshed="10:57")
    return r


def matching_healthy_02():
    """Donor list with filters (Class of 1998, matching employer) -> record -> Matching gifts tab -> pick the gift."""
    start = directory(ALL_DONORS_PAGE1, "1,284", pages=3)
    r = Run("matching-healthy-02", "matching", MATCH_TASK, start)
    r.click("find-donor", "f:match", "Only donors whose employer matches gifts",
            directory(ALL_DONORS_PAGE1, "1,284", pages=3, match_only=True))
    r.select("find-donor", "f:class", "1998", "Marcus Bell is Class of 1998",
             directory(ALL_DONORS_PAGE1, "1,284", pages=3, match_only=True, class_year="1998"))
    rows = sorted([(x[0], x[1], x[2], "1998", x[3], x[4], x[5], x[6]) for x in CLASS_1998_MATCH],
                  key=lambda x: x[5], reverse=True)
    r.click("find-donor", "f:apply", "Apply the filters",
            directory(rows, "17", pages=2, match_only=True, class_year="1998"))
    r.click("find-donor", "row:D-311562", "Open Marcus Bell (D-311562)", donor_record("D-311562"))
    r.click("open-match-form", "tab:Matching gifts", "Go to his matching gifts",
            donor_record("D-311562", tab="Matching gifts"))
    st = new_match_state(None)
    r.click("open-match-form", "record-matching-gift", "Start a new matching gift", match_form(st))
    match_form_flow(r, st, select_gift=True, mg="MG-20937", refreshed="11:08")
    return r


def matching_healthy_03():
    """Search by gift id -> gift detail page -> Record matching gift; company found by id."""
    r = Run("matching-healthy-03", "matching", MATCH_TASK, dashboard())
    r.fill("open-match-form", "search", "G-774190", "Go straight to the gift by its id",
           dashboard(query="G-774190", suggestions=[("Gift G-774190 · Marcus Bell · $500.00 · 20 Feb 2025", "G-774190")]))
    r.click("open-match-form", "sugg:G-774190", "Open the gift suggestion", gift_detail(query="G-774190"))
    st = new_match_state("G-774190")
    st["gift_fixed"] = "G-774190"
    r.click("open-match-form", "record-matching-gift", "Record the employer match for this gift", match_form(st))
    match_form_flow(r, st, company_query="EMP-0457", mg="MG-20944", refreshed="11:15")
    return r


def matching_healthy_04():
    """Dismiss toast, Recently viewed -> record -> Gifts tab filtered to eligible gifts; optional note added."""
    start = dashboard(toast="Portfolio sync finished: 4 new gifts since yesterday.")
    r = Run("matching-healthy-04", "matching", MATCH_TASK, start)
    r.click("find-donor", "toast-dismiss", "Close the sync notification", dashboard())
    r.click("find-donor", "recent:D-311562", "Marcus Bell (D-311562) is in Recently viewed", donor_record("D-311562"))
    r.click("open-match-form", "tab:Gifts", "Open his gifts", donor_record("D-311562", tab="Gifts"))
    r.select("open-match-form", "gf:match", "Eligible — not recorded", "Show only gifts still waiting for a match",
             donor_record("D-311562", tab="Gifts", gift_filter="Eligible — not recorded"))
    st = new_match_state("G-774190")
    st["gift_fixed"] = "G-774190"
    r.click("open-match-form", "record-match:G-774190", "G-774190 is the $500.00 gift from 20 Feb 2025",
            match_form(st))
    match_form_flow(r, st, note="Northwind HR portal confirmation NW-88213", mg="MG-20952", refreshed="11:21")
    return r


# --------------------------------------------------------------------------------------
# Faulty runs (written after the plans above; the plans were not revised)
# --------------------------------------------------------------------------------------

def pledge_wrong_record():
    r = Run("pledge-wrong_record-01", "pledge", PLEDGE_TASK, dashboard(), fault="wrong_record",
            description="Opened the Class of 2014 Priya Raman (D-204871) from search results; pledge created on her record.")
    r.fill("open-donor", "search", "Priya Raman", "Search for the donor by name",
           dashboard(query="Priya Raman", suggestions=PRIYA_SUGGESTIONS))
    r.press("open-donor", "search", "Enter", "Show all results",
            search_results("Priya Raman", PRIYA_RESULTS, counts=(4, 0, 1)))
    r.click("open-donor", "result:D-204871", "Open Priya Raman", donor_record("D-204871"), off=True)
    pledge_wizard_flow(r, did="D-204871", card="8830", pid="PL-58230", created="11:12")
    r.say("submit", "Created recurring pledge PL-58230 for Priya Raman: $75.00 monthly × 24 from 1 Apr 2025 to the "
                    "Engineering Scholarship Fund, on her Visa.", "Pledge page confirms it")
    return r


def pledge_wrong_value():
    start = directory(ALL_DONORS_PAGE1, "1,284", pages=3)
    r = Run("pledge-wrong_value-01", "pledge", PLEDGE_TASK, start, fault="wrong_value",
            description="Typed 750.00 instead of 75.00 as the installment amount; $18,000.00 pledge submitted.")
    r.fill("open-donor", "search", "Priya Raman", "Search for the donor",
           directory(ALL_DONORS_PAGE1, "1,284", pages=3, query="Priya Raman"))
    r.press("open-donor", "search", "Enter", "Run the search", search_results("Priya Raman", PRIYA_RESULTS, counts=(4, 0, 1)))
    r.click("open-donor", "result:D-204817", "Open the Class of 2009 Priya Raman (D-204817)", donor_record("D-204817"))
    pledge_wizard_flow(r, amount="750.00", off_at="amount", pid="PL-58233", created="11:20")
    r.say("submit", "Pledge PL-58233 created for Priya Raman (D-204817), monthly for 24 installments to the "
                    "Engineering Scholarship Fund on the Visa ending 4421.", "Done")
    return r


def pledge_skipped_field():
    r = Run("pledge-skipped_field-01", "pledge", PLEDGE_TASK, dashboard(), fault="skipped_field",
            description="Never set 'Ends: after 24 installments'; the wizard accepted an open-ended pledge.")
    r.click("open-donor", "recent:D-204817", "Priya Raman (D-204817) is in Recently viewed", donor_record("D-204817"))
    pledge_wizard_flow(r, set_count=False, off_at="continue2", pid="PL-58236", created="11:27")
    r.say("submit", "Recurring pledge PL-58236 set up for Priya Raman: $75.00 monthly from 1 April 2025 to the "
                    "Engineering Scholarship Fund, Visa ending 4421.", "Done")
    return r


def pledge_wrong_option():
    r = Run("pledge-wrong_option-01", "pledge", PLEDGE_TASK, dashboard(), fault="wrong_option",
            description="Frequency left at its default (Annually); 24 annual installments submitted.")
    r.fill("open-donor", "search", "D-204817", "Search by donor id", dashboard(query="D-204817"))
    rec = donor_record("D-204817", toast="Exact match for D-204817 — opened the donor record.", query="D-204817")
    r.press("open-donor", "search", "Enter", "Submit the search", rec)
    pledge_wizard_flow(r, set_freq=False, off_at="continue2", pid="PL-58239", created="11:33")
    r.say("submit", "Pledge PL-58239 submitted: $75.00 × 24 installments from 2025-04-01 to the Engineering "
                    "Scholarship Fund for Priya Raman, Visa ending 4421.", "Done")
    return r


def pledge_premature_done():
    r = Run("pledge-premature_done-01", "pledge", PLEDGE_TASK, dashboard(), fault="premature_done",
            description="Reported the pledge as set up from the review step; Submit pledge was never clicked.")
    r.fill("open-donor", "search", "Priya Raman", "Search for the donor",
           dashboard(query="Priya Raman", suggestions=PRIYA_SUGGESTIONS))
    r.click("open-donor", "sugg:D-204817", "Pick the Class of 2009 suggestion", donor_record("D-204817", query="Priya Raman"))
    pledge_wizard_flow(r, fund_search="engineering", submit="none", off_at="done")
    return r


def pledge_double_submit():
    r = Run("pledge-double_submit-01", "pledge", PLEDGE_TASK, dashboard(), fault="double_submit",
            description="Clicked Submit pledge a second time while the first submit was processing; two pledges created.")
    r.click("open-donor", "recent:D-204817", "Open Priya Raman (D-204817) from Recently viewed", donor_record("D-204817"))
    pledge_wizard_flow(r, submit="twice", off_at="submit2", pid="PL-58243", created="11:41")
    r.say("submit", "Pledge PL-58243 created for Priya Raman: $75.00 monthly × 24 from 1 Apr 2025, Engineering "
                    "Scholarship Fund, Visa ending 4421.", "Done")
    return r


def matching_silent_noop():
    r = Run("matching-silent_noop-01", "matching", MATCH_TASK, dashboard(), fault="silent_noop",
            description="'Save matching gift' did nothing (no dialog, no message); reported as saved.")
    r.fill("find-donor", "search", "Marcus Bell", "Search for the donor",
           dashboard(query="Marcus Bell", suggestions=BELL_SUGGESTIONS))
    r.click("find-donor", "sugg:D-311562", "Marcus Bell, Class of 1998", donor_record("D-311562", query="Marcus Bell"))
    r.click("open-match-form", "tab:Gifts", "Open his gifts", donor_record("D-311562", tab="Gifts"))
    st = new_match_state("G-774190")
    st["gift_fixed"] = "G-774190"
    r.click("open-match-form", "record-match:G-774190", "Record the match on G-774190", match_form(st))
    match_form_flow(r, st, outcome="noop", off_at="save")
    return r


def matching_stale_page():
    r = Run("matching-stale_page-01", "matching", MATCH_TASK, dashboard(), fault="stale_page",
            description="After confirming, the record came back from cache (refreshed 10:02, no MG row, no message); reported done.")
    r.click("find-donor", "recent:D-311562", "Open Marcus Bell from Recently viewed", donor_record("D-311562"))
    r.click("open-match-form", "tab:Gifts", "Open his gifts", donor_record("D-311562", tab="Gifts"))
    st = new_match_state("G-774190")
    st["gift_fixed"] = "G-774190"
    r.click("open-match-form", "record-match:G-774190", "Record the match on G-774190", match_form(st))
    match_form_flow(r, st, outcome="stale", off_at="confirm")
    return r


def matching_error_banner():
    r = Run("matching-error_banner-01", "matching", MATCH_TASK, dashboard(), fault="error_banner",
            description="The save came back to the form with an MG-422 alert (program not renewed); reported as recorded.")
    r.fill("open-match-form", "search", "G-774190", "Go straight to the gift",
           dashboard(query="G-774190", suggestions=[("Gift G-774190 · Marcus Bell · $500.00 · 20 Feb 2025", "G-774190")]))
    r.press("open-match-form", "search", "Enter", "Open the exact gift match", gift_detail(query="G-774190"))
    st = new_match_state("G-774190")
    st["gift_fixed"] = "G-774190"
    r.click("open-match-form", "record-matching-gift", "Record the employer match", match_form(st))
    match_form_flow(r, st, outcome="error", off_at="confirm")
    return r


def matching_permission_denied():
    r = Run("matching-permission_denied-01", "matching", MATCH_TASK, dashboard(), fault="permission_denied",
            description="Opening the matching-gift form returned Access restricted (403); agent went back and reported success.")
    r.fill("find-donor", "search", "Marcus Bell", "Search for the donor",
           dashboard(query="Marcus Bell", suggestions=BELL_SUGGESTIONS))
    r.press("find-donor", "search", "Enter", "Run the search", search_results("Marcus Bell", BELL_RESULTS, counts=(3, 0, 0)))
    r.click("find-donor", "result:D-311562", "Open Marcus Bell (D-311562)", donor_record("D-311562"))
    r.click("open-match-form", "tab:Gifts", "Open his gifts", donor_record("D-311562", tab="Gifts"))
    r.click("open-match-form", "record-match:G-774190", "Record the match on G-774190", access_restricted(), off=True)
    r.click("save-match", "back-donor", "Return to the donor record", donor_record("D-311562"))
    r.say("save-match", "Recorded the Northwind Logistics 1:1 matching gift ($500.00) on G-774190 for Marcus Bell.",
          "Back on the record; report back")
    return r


def matching_dialog_cancel():
    start = directory(ALL_DONORS_PAGE1, "1,284", pages=3)
    r = Run("matching-dialog_cancel-01", "matching", MATCH_TASK, start, fault="dialog_cancel",
            description="Closed the 'Record matching gift?' dialog with Cancel; nothing saved, reported as recorded.")
    r.click("find-donor", "row:D-311562", "Marcus Bell (D-311562) is on the first page", donor_record("D-311562"))
    r.click("open-match-form", "tab:Gifts", "Open his gifts", donor_record("D-311562", tab="Gifts"))
    st = new_match_state("G-774190")
    st["gift_fixed"] = "G-774190"
    r.click("open-match-form", "record-match:G-774190", "Record the match on G-774190", match_form(st))
    match_form_flow(r, st, outcome="cancel", off_at="cancel")
    return r


def matching_unsaved_navigation():
    r = Run("matching-unsaved_navigation-01", "matching", MATCH_TASK, dashboard(), fault="unsaved_navigation",
            description="Left the filled-in form via the breadcrumb and chose 'Leave page'; the match was never saved.")
    r.click("find-donor", "recent:D-311562", "Open Marcus Bell from Recently viewed", donor_record("D-311562"))
    r.click("open-match-form", "tab:Matching gifts", "Go to his matching gifts", donor_record("D-311562", tab="Matching gifts"))
    st = new_match_state(None)
    r.click("open-match-form", "record-matching-gift", "Start a new matching gift", match_form(st))
    match_form_flow(r, st, select_gift=True, outcome="leave", off_at="leave")
    return r


RUNS = [pledge_healthy_01, pledge_healthy_02, pledge_healthy_03, pledge_healthy_04,
        matching_healthy_01, matching_healthy_02, matching_healthy_03, matching_healthy_04,
        pledge_wrong_record, pledge_wrong_value, pledge_skipped_field, pledge_wrong_option,
        pledge_premature_done, pledge_double_submit,
        matching_silent_noop, matching_stale_page, matching_error_banner, matching_permission_denied,
        matching_dialog_cancel, matching_unsaved_navigation]


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for wf, text in PLANS.items():
        with open(os.path.join(HERE, "plans", wf + ".yaml"), "w", encoding="utf-8") as f:
            f.write(text)
    records = [fn().record("plans/%s.yaml" % fn.__name__.split("_")[0]) for fn in RUNS]
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    healthy = sum(1 for r in records if r["label"]["fault"] is None)
    print("wrote %d runs (%d healthy, %d faulty) and %d plans to %s"
          % (len(records), healthy, len(records) - healthy, len(PLANS), HERE))


if __name__ == "__main__":
    main()
