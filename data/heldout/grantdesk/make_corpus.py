#!/usr/bin/env python3
"""Generate the GrantDesk held-out corpus (budget transfer workflow).

Python 3 standard library only. Fixed seed; output is byte-for-byte reproducible.

    python3 make_corpus.py              # writes ./corpus.jsonl and ./plans/grantdesk.yaml
    python3 make_corpus.py --out DIR    # writes the same files under DIR

Order of authorship inside this file mirrors how the corpus was written:
application pages -> healthy runs -> plan (from task text + healthy pages) -> faulty runs.
"""
import argparse
import json
import os
import random

SEED = 20250817
WORKFLOW = "grantdesk"
BASE = "http://grantdesk.halvorsen.test"
PRODUCT = "GrantDesk"
USER = "Lena Marsh"

TASK = ("In GrantDesk, on Dr. Miriam Okafor's active NSF award RA-24-0817, move $4,250.00 "
        "from the Domestic Travel budget line to Materials and Supplies, and route the "
        "transfer to Dana Whitcombe for approval.")


# ---------------------------------------------------------------------------
# Accessibility-tree builder (BrowserGym-style flattened AXTree)
# ---------------------------------------------------------------------------

def q(s):
    if "'" in s:
        raise ValueError("apostrophe in accessible name: %r" % s)
    return "'" + s + "'"


class Page:
    """One observation. Nodes get numeric bids; `key` lets runs look bids up."""

    def __init__(self, url, title):
        self.url = url
        self.title = title
        self.lines = ["RootWebArea %s, focused" % q(title)]
        self.keys = {}
        self.targets = {}
        self.next_bid = 1
        self.last_bid = 0
        self.error = None

    def at(self, n):
        if n <= self.last_bid:
            raise ValueError("bid range overlap at %d on %s" % (n, self.url))
        self.next_bid = n
        return self

    def node(self, depth, role, name="", key=None, props=()):
        bid = str(self.next_bid)
        self.last_bid = self.next_bid
        self.next_bid += 1
        line = "\t" * depth + "[%s] %s %s" % (bid, role, q(name))
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        if key is not None:
            if key in self.keys:
                raise ValueError("duplicate key %s on %s" % (key, self.url))
            self.keys[key] = bid
            self.targets[key] = "%s %s" % (role, q(name))
        return bid

    def text(self, depth, s):
        self.lines.append("\t" * depth + "StaticText %s" % q(s))

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": self.error}


def money(cents):
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return "%s%s.%02d" % (sign, "{:,}".format(cents // 100), cents % 100)


def c(s):
    """'12,000.00' -> cents"""
    whole, frac = s.replace(",", "").split(".")
    return int(whole) * 100 + int(frac)


# ---------------------------------------------------------------------------
# Application data
# ---------------------------------------------------------------------------

# Awards list, in the portal's default order (most recent activity first).
AWARDS = [
    ("RA-25-0102", "Urban heat island sensor network", "Adeyemi, Tolu", "City of Brennan", "06/30/2027", "Active", "211,400.00", "FY2025"),
    ("RA-24-0871", "Sediment transport under storm surge", "Okafor, Marian", "NOAA", "09/30/2026", "Active", "96,310.55", "FY2024"),
    ("RA-24-0902", "Cryo-EM of membrane transporters", "Lindqvist, Per", "NIH", "03/31/2028", "Suspended", "402,118.00", "FY2024"),
    ("RA-24-0655", "Literacy outcomes in rural schools", "Tanaka, Hiro", "Dept. of Education", "08/31/2025", "Closing - final report overdue", "12,904.10", "FY2024"),
    ("RA-24-0811", "Microbial mats in tidal flats", "Okafor-Reyes, Miriam", "NSF", "12/31/2026", "Active", "58,777.00", "FY2024"),
    ("RA-23-0817", "Coastal sediment microbiome (pilot)", "Okafor, Miriam", "NSF", "08/31/2024", "Closed", "0.00", "FY2023"),
    ("RA-24-0729", "Solid-state battery interfaces", "Brandt, Ilse", "DOE", "01/31/2027", "Active", "310,250.00", "FY2024"),
    ("RA-22-0417", "Oral history archive digitization", "Ruiz, Carmen", "NEH", "12/31/2024", "Cancelled", "0.00", "FY2022"),
    ("RA-24-0890", "Pediatric sleep cohort", "Mensah, Kwame", "NIH", "05/31/2029", "Active", "1,204,660.00", "FY2024"),
    ("RA-25-0044", "Wind-load testing of timber towers", "Hale, Brennan", "USDA", "04/30/2026", "Active", "74,002.35", "FY2025"),
    ("RA-24-0817", "Coastal sediment microbiome dynamics", "Okafor, Miriam", "NSF", "08/31/2027", "Active", "142,866.20", "FY2024"),
    ("RA-24-0781", "Quantum dot photovoltaics", "Iverson, Kai", "DOE", "11/30/2026", "Active", "88,120.00", "FY2024"),
    ("RA-21-0388", "Glacier melt hydrology", "Pruitt, Agnes", "NASA", "03/31/2025", "Closed", "0.00", "FY2021"),
    ("RA-24-0618", "Language models for clinical notes", "Okonkwo, Mirela", "NIH", "07/31/2026", "Active", "233,500.00", "FY2024"),
]

LINE_NAMES = ["Senior Personnel", "Graduate Students", "Fringe Benefits", "Domestic Travel",
              "Foreign Travel", "Materials and Supplies", "Equipment", "Other Direct Costs"]

DETAIL = {
    "RA-24-0817": {
        "title": "Coastal sediment microbiome dynamics", "pi": "Dr. Miriam Okafor",
        "dept": "Marine Sciences", "sponsor": "National Science Foundation, grant OCE-2417730",
        "period": "09/01/2024 - 08/31/2027", "bp": "Year 2, 09/01/2025 - 08/31/2026",
        "total": "486,000.00", "dra": "Dana Whitcombe", "status": "Active", "docs": 6,
        "compliance": "Compliance (1 overdue)",
        "lines": [("Senior Personnel", "84,000.00", "41,250.00", "0.00"),
                  ("Graduate Students", "52,800.00", "26,400.00", "0.00"),
                  ("Fringe Benefits", "22,150.00", "11,075.00", "0.00"),
                  ("Domestic Travel", "12,000.00", "3,180.40", "0.00"),
                  ("Foreign Travel", "6,000.00", "0.00", "0.00"),
                  ("Materials and Supplies", "18,500.00", "16,920.75", "1,200.00"),
                  ("Equipment", "25,000.00", "24,870.00", "0.00"),
                  ("Other Direct Costs", "9,400.00", "2,311.85", "0.00")],
        "transfers": [("BT-2291", "06/12/2025", "Other Direct Costs to Graduate Students", "1,200.00", "Approved"),
                      ("BT-2304", "08/02/2025", "Foreign Travel to Materials and Supplies", "4,520.00", "Rejected"),
                      ("BT-2310", "09/15/2025", "Domestic Travel to Equipment", "425.00", "Cancelled by requester")],
        "alerts": ["Annual project report overdue by 6 days",
                   "Two card transactions failed to post on 10/03; retry scheduled tonight"],
        "closed": False,
    },
    "RA-24-0871": {
        "title": "Sediment transport under storm surge", "pi": "Dr. Marian Okafor",
        "dept": "Civil and Environmental Engineering",
        "sponsor": "National Oceanic and Atmospheric Administration, grant NA24OAR0817",
        "period": "10/01/2024 - 09/30/2026", "bp": "Year 2, 10/01/2025 - 09/30/2026",
        "total": "298,500.00", "dra": "Dana Whitmore", "status": "Active", "docs": 4,
        "compliance": "Compliance",
        "lines": [("Senior Personnel", "61,000.00", "30,500.00", "0.00"),
                  ("Graduate Students", "38,400.00", "19,200.00", "0.00"),
                  ("Fringe Benefits", "15,900.00", "7,950.00", "0.00"),
                  ("Domestic Travel", "9,000.00", "2,004.10", "0.00"),
                  ("Foreign Travel", "4,500.00", "1,250.00", "0.00"),
                  ("Materials and Supplies", "14,250.00", "13,020.60", "0.00"),
                  ("Equipment", "0.00", "0.00", "0.00"),
                  ("Other Direct Costs", "6,300.00", "1,840.00", "0.00")],
        "transfers": [("BT-2299", "07/20/2025", "Domestic Travel to Materials and Supplies", "4,250.00", "Approved")],
        "alerts": ["Quarterly cost-share report due 11/15"],
        "closed": False,
    },
    "RA-23-0817": {
        "title": "Coastal sediment microbiome (pilot)", "pi": "Dr. Miriam Okafor",
        "dept": "Marine Sciences", "sponsor": "National Science Foundation, grant OCE-2310817",
        "period": "09/01/2023 - 08/31/2024", "bp": "Year 1 (final), 09/01/2023 - 08/31/2024",
        "total": "74,900.00", "dra": "Dana Whitcombe", "status": "Closed", "docs": 9,
        "compliance": "Compliance",
        "lines": [("Senior Personnel", "21,000.00", "21,000.00", "0.00"),
                  ("Graduate Students", "26,400.00", "26,400.00", "0.00"),
                  ("Fringe Benefits", "7,150.00", "7,150.00", "0.00"),
                  ("Domestic Travel", "4,250.00", "4,250.00", "0.00"),
                  ("Foreign Travel", "0.00", "0.00", "0.00"),
                  ("Materials and Supplies", "12,600.00", "12,600.00", "0.00"),
                  ("Equipment", "0.00", "0.00", "0.00"),
                  ("Other Direct Costs", "3,500.00", "3,500.00", "0.00")],
        "transfers": [("BT-1877", "05/02/2024", "Domestic Travel to Materials and Supplies", "1,750.00", "Approved")],
        "alerts": ["Award closed 11/29/2024; final financial report accepted"],
        "closed": True,
    },
}

APPROVERS = [
    ("Dana Whitcombe", "Department Research Administrator, Marine Sciences"),
    ("Diana Whitcombe", "Post-award Accountant, Sponsored Programs"),
    ("Dana Whitmore", "Department Research Administrator, Civil and Environmental Engineering"),
    ("Dan Whitby", "Grants Manager, Chemistry"),
]
APPROVER_ROLE = dict(APPROVERS)


def approver_matches(query):
    ql = query.lower()
    if len(ql.replace(" ", "")) < 3:
        return []
    return [n for n, _ in APPROVERS if ql in n.lower()]


def available(line):
    _, b, s, e = line
    return c(b) - c(s) - c(e)


def line_of(award_id, name):
    for ln in DETAIL[award_id]["lines"]:
        if ln[0] == name:
            return ln
    raise KeyError(name)


def option_label(award_id, name):
    return "%s - $%s available" % (name, money(available(line_of(award_id, name))))


# ---------------------------------------------------------------------------
# Page furniture
# ---------------------------------------------------------------------------

class Ctx:
    """Per-run ambient values (clock, counters); drawn from the seeded RNG."""

    def __init__(self, rng):
        self.hour = rng.choice([8, 9, 10, 11, 13, 14, 15])
        self.minute = rng.randrange(0, 50)
        self.sync = "%02d:%02d" % (self.hour, rng.randrange(0, 60) if self.minute > 30 else 5)
        self.approvals = rng.randrange(4, 11)
        self.open_transfers = rng.randrange(9, 16)
        self.unread = rng.randrange(1, 6)
        self.build = "7.14.%d" % rng.randrange(1, 4)

    def clock(self, add=0):
        m = self.minute + add
        return "%02d:%02d" % (self.hour + m // 60, m % 60)


def chrome(p, ctx, crumbs, active=None, search_value="", toast=None, banner=None):
    p.at(10)
    p.node(1, "banner", "")
    p.node(2, "link", "GrantDesk home", key="home")
    p.text(2, "GrantDesk | Research Office Post-Award")
    p.node(2, "search", "Site search")
    props = ("value=%s" % q(search_value),) if search_value else ()
    p.node(3, "searchbox", "Search awards, PIs, sponsors", key="site_search", props=props)
    p.node(3, "button", "Search", key="site_search_go")
    p.node(2, "link", "Notifications, %d unread" % ctx.unread)
    p.node(2, "button", "%s, Research Administrator" % USER, key="user_menu",
           props=("hasPopup='menu'", "expanded=False"))
    p.at(20)
    p.node(1, "navigation", "Main")
    for label, k in (("Dashboard", "nav_dashboard"), ("Awards", "nav_awards"),
                     ("Transfers, %d open" % ctx.open_transfers, "nav_transfers"),
                     ("Approvals, %d waiting" % ctx.approvals, "nav_approvals"),
                     ("Reports", "nav_reports"), ("Help", "nav_help")):
        props = ("current='page'",) if k == active else ()
        p.node(2, "link", label, key=k, props=props)
    p.at(30)
    p.node(1, "navigation", "Breadcrumb")
    for i, crumb in enumerate(crumbs):
        if i == len(crumbs) - 1:
            p.text(2, crumb)
        else:
            p.node(2, "link", crumb, key="crumb_" + crumb.lower().replace(" ", "_"))
    if banner:
        p.at(40)
        p.node(1, "region", "Announcement")
        p.text(2, banner)
        p.node(2, "button", "Hide announcement")
    if toast:
        p.at(45)
        p.node(1, "status", "")
        p.text(2, toast)
        p.node(2, "button", "Dismiss notification", key="toast_dismiss")
    p.at(50)
    p.node(1, "main", "")
    p.at(100)


def footer(p, ctx):
    p.at(900)
    p.node(1, "contentinfo", "")
    p.text(2, "(c) 2025 Halvorsen University, Office of Research Administration")
    p.node(2, "link", "Accessibility")
    p.node(2, "link", "Privacy")
    p.node(2, "link", "System status")
    p.text(2, "Ledger last synced %s | Build %s" % (ctx.sync, ctx.build))


# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------

def awards_page(ctx, status="All statuses", sponsor="All sponsors", fy="All years",
                applied=None, list_query="", sort=None, page=1, toast=None, saved_view=None,
                url=None, search_value=""):
    """Awards list. `applied` is the (status, sponsor, fy) filter actually in effect;
    the combobox values may differ (chosen, not yet applied)."""
    if applied is None:
        applied = (status, sponsor, fy)
    rows = list(AWARDS)
    a_status, a_sponsor, a_fy = applied
    if a_status != "All statuses":
        rows = [r for r in rows if r[5].split(" ")[0] == a_status]
    if a_sponsor != "All sponsors":
        rows = [r for r in rows if r[3] == a_sponsor]
    if a_fy != "All years":
        rows = [r for r in rows if r[7] == a_fy]
    if list_query:
        ql = list_query.lower()
        rows = [r for r in rows if ql in r[0].lower() or ql in r[1].lower() or ql in r[2].lower()]
    if sort == "number":
        rows.sort(key=lambda r: r[0])
    total = len(rows)
    pages = max(1, (total + 9) // 10)
    shown = rows[(page - 1) * 10: page * 10]

    if url is None:
        params = []
        if a_status != "All statuses":
            params.append("status=" + a_status.lower())
        if a_sponsor != "All sponsors":
            params.append("sponsor=" + a_sponsor.lower().replace(" ", "-"))
        if a_fy != "All years":
            params.append("fy=" + a_fy.lower())
        if list_query:
            params.append("q=" + list_query.replace(" ", "+"))
        if sort:
            params.append("sort=" + sort)
        if page > 1:
            params.append("page=%d" % page)
        url = BASE + "/awards" + ("?" + "&".join(params) if params else "")
    p = Page(url, "Awards | GrantDesk")
    chrome(p, ctx, ["Home", "Awards"], active="nav_awards", toast=toast, search_value=search_value)
    p.node(2, "heading", "Awards")
    p.text(2, "Post-award portfolio, College of Sciences and College of Engineering")
    p.node(2, "region", "Portfolio summary")
    p.text(3, "Active awards: 9")
    p.text(3, "Closing: 1")
    p.text(3, "Expiring within 90 days: 2")
    p.text(3, "Reports overdue: 2")
    p.text(3, "Transfers awaiting approval: %d" % ctx.open_transfers)
    if saved_view:
        p.node(2, "region", "Saved view")
        p.text(3, saved_view)
        p.node(3, "button", "Reset view", key="reset_view")
    p.at(110)
    p.node(2, "group", "Filters")
    for label, k, value, opts in (
            ("Status", "f_status", status, ["All statuses", "Active", "Closing", "Closed", "Suspended", "Cancelled"]),
            ("Sponsor", "f_sponsor", sponsor, ["All sponsors", "NSF", "NIH", "NOAA", "DOE", "NASA", "USDA", "NEH", "Other"]),
            ("Fiscal year", "f_fy", fy, ["All years", "FY2025", "FY2024", "FY2023", "FY2022", "FY2021"])):
        p.node(3, "combobox", label, key=k, props=("value=%s" % q(value), "hasPopup='listbox'"))
        for o in opts:
            p.node(4, "option", o, props=("selected=True",) if o == value else ("selected=False",))
    p.node(3, "button", "Apply filters", key="apply_filters")
    p.node(3, "button", "Clear filters", key="clear_filters")
    p.node(3, "searchbox", "Filter by number, title or PI", key="list_filter",
           props=("value=%s" % q(list_query),) if list_query else ())
    if total:
        p.text(2, "Showing %d-%d of %d awards" % ((page - 1) * 10 + 1, (page - 1) * 10 + len(shown), total))
    p.at(140)
    p.node(2, "table", "Awards list")
    p.node(3, "row", "")
    p.node(4, "columnheader", "Award number", props=("sort='ascending'",) if sort == "number" else ())
    p.node(5, "button", "Sort by award number", key="sort_number")
    p.node(4, "columnheader", "Title")
    p.node(4, "columnheader", "Principal investigator")
    p.node(5, "button", "Sort by principal investigator", key="sort_pi")
    p.node(4, "columnheader", "Sponsor")
    p.node(4, "columnheader", "End date")
    p.node(5, "button", "Sort by end date", key="sort_end")
    p.node(4, "columnheader", "Status")
    p.node(4, "columnheader", "Available")
    p.node(5, "button", "Sort by available balance", key="sort_avail")
    p.at(160)
    for r in shown:
        p.node(3, "row", "")
        p.node(4, "cell", r[0])
        p.node(5, "link", r[0], key="award:" + r[0])
        p.node(4, "cell", r[1])
        p.node(4, "cell", r[2])
        p.node(4, "cell", r[3])
        p.node(4, "cell", r[4])
        p.node(4, "cell", r[5])
        p.node(4, "cell", "$" + r[6])
    if not shown:
        p.node(3, "row", "")
        p.node(4, "cell", "No awards match these filters. Clear filters or try another search.")
    p.at(400)
    p.node(2, "navigation", "Pagination")
    p.node(3, "button", "Previous page", key="prev_page", props=("disabled=True",) if page == 1 else ())
    for i in range(1, pages + 1):
        p.node(3, "link", "Page %d" % i, key="page_%d" % i, props=("current='page'",) if i == page else ())
    p.node(3, "button", "Next page", key="next_page", props=("disabled=True",) if page == pages else ())
    p.node(3, "combobox", "Rows per page", props=("value='10'", "hasPopup='listbox'"))
    footer(p, ctx)
    return p


def search_page(ctx, query):
    p = Page(BASE + "/search?q=" + query.replace(" ", "+"), "Search results | GrantDesk")
    chrome(p, ctx, ["Home", "Search"], search_value=query)
    p.node(2, "heading", "Search results")
    ql = query.lower()
    if ql in ("ra-24-0817", "0817"):
        hits = [("RA-24-0817", "Exact match"), ("RA-23-0817", "Similar number"), ("RA-24-0871", "Similar number")]
        transfers = [("BT-2304", "RA-24-0817", "Foreign Travel to Materials and Supplies", "4,520.00", "Rejected")]
    elif "okafor" in ql:
        hits = [("RA-24-0817", "PI name"), ("RA-24-0871", "PI name"), ("RA-23-0817", "PI name"), ("RA-24-0811", "PI name")]
        transfers = []
    else:
        hits, transfers = [], []
    byid = {r[0]: r for r in AWARDS}
    p.text(2, '%d results for "%s"' % (len(hits) + len(transfers), query))
    p.node(2, "tablist", "Result types")
    p.node(3, "tab", "Awards (%d)" % len(hits), props=("selected=True",))
    p.node(3, "tab", "Transfers (%d)" % len(transfers))
    p.node(3, "tab", "People (0)")
    p.at(110)
    p.node(2, "list", "Award results")
    for aid, why in hits:
        r = byid[aid]
        p.node(3, "listitem", "")
        p.node(4, "link", "%s | %s" % (aid, r[1]), key="award:" + aid)
        p.text(4, "%s | %s | %s | %s" % (r[2], r[3], r[5], why))
    if transfers:
        p.node(2, "list", "Transfer results")
        for t in transfers:
            p.node(3, "listitem", "")
            p.node(4, "link", "%s on %s" % (t[0], t[1]))
            p.text(4, "%s | $%s | %s" % (t[2], t[3], t[4]))
    p.node(2, "link", "Advanced search")
    footer(p, ctx)
    return p


def dashboard_page(ctx, banner=None):
    p = Page(BASE + "/", "Dashboard | GrantDesk")
    chrome(p, ctx, ["Home"], active="nav_dashboard", banner=banner)
    p.node(2, "heading", "Good morning, Lena")
    p.node(2, "region", "My queue")
    p.node(3, "heading", "My queue")
    p.node(3, "link", "Transfers awaiting your review: 4")
    p.node(3, "link", "Reports overdue: 2")
    p.node(3, "link", "Ledger postings failed: 1")
    p.node(3, "link", "Awards ending in 90 days: 2")
    p.at(120)
    p.node(2, "region", "Recently viewed awards")
    p.node(3, "heading", "Recently viewed awards")
    p.node(3, "list", "")
    for aid, pi in (("RA-24-0871", "Okafor, Marian"), ("RA-24-0817", "Okafor, Miriam"),
                    ("RA-24-0811", "Okafor-Reyes, Miriam"), ("RA-24-0729", "Brandt, Ilse")):
        p.node(4, "listitem", "")
        p.node(5, "link", aid, key="award:" + aid)
        p.text(5, pi)
    p.at(150)
    p.node(2, "region", "Upcoming deadlines")
    p.node(3, "heading", "Upcoming deadlines")
    p.node(3, "table", "")
    p.node(4, "row", "")
    for h in ("Award", "Item", "Due", "State"):
        p.node(5, "columnheader", h)
    for aid, item, due, state in (("RA-24-0655", "Final technical report", "10/30/2025", "Overdue"),
                                  ("RA-24-0817", "Annual project report", "10/31/2025", "Overdue"),
                                  ("RA-24-0811", "Progress report", "11/30/2025", "Due soon"),
                                  ("RA-24-0902", "Suspension review", "12/05/2025", "Scheduled")):
        p.node(4, "row", "")
        p.node(5, "cell", aid)
        p.node(5, "cell", item)
        p.node(5, "cell", due)
        p.node(5, "cell", state)
    footer(p, ctx)
    return p


def award_page(ctx, aid, sort_avail=False, toast=None):
    d = DETAIL[aid]
    p = Page(BASE + "/awards/" + aid + ("?lines=available" if sort_avail else ""),
             "%s Award detail | GrantDesk" % aid)
    chrome(p, ctx, ["Home", "Awards", aid], active="nav_awards", toast=toast)
    p.node(2, "heading", "Award " + aid)
    p.text(2, d["title"])
    p.text(2, "Status: " + d["status"])
    p.node(2, "group", "Award summary")
    p.text(3, "Principal investigator: %s, %s" % (d["pi"], d["dept"]))
    p.text(3, "Sponsor: " + d["sponsor"])
    p.text(3, "Project period: " + d["period"])
    p.text(3, "Budget period: " + d["bp"])
    p.text(3, "Total awarded: $" + d["total"])
    p.text(3, "Department research administrator: " + d["dra"])
    p.at(110)
    p.node(2, "tablist", "Award sections")
    p.node(3, "tab", "Overview", props=("selected=True",))
    p.node(3, "tab", "Budget", key="tab_budget")
    p.node(3, "tab", "Transactions")
    p.node(3, "tab", "Documents (%d)" % d["docs"])
    p.node(3, "tab", d["compliance"])
    p.at(120)
    p.node(2, "button", "Budget transfer", key="budget_transfer",
           props=("disabled=True",) if d["closed"] else ())
    if d["closed"]:
        p.text(2, "Transfers cannot be requested on a closed award.")
    p.node(2, "button", "Export budget (CSV)")
    p.node(2, "button", "Watch award")
    p.at(130)
    year = d["bp"].split(",")[0]
    p.node(2, "table", "Budget lines, " + year)
    p.node(3, "row", "")
    p.node(4, "columnheader", "Budget line")
    p.node(4, "columnheader", "Budgeted")
    p.node(4, "columnheader", "Spent")
    p.node(4, "columnheader", "Encumbered")
    p.node(4, "columnheader", "Available", props=("sort='ascending'",) if sort_avail else ())
    p.node(5, "button", "Sort by available", key="sort_lines_avail")
    lines = list(d["lines"])
    if sort_avail:
        lines.sort(key=available)
    tb = ts = te = 0
    for ln in lines:
        p.node(3, "row", "")
        p.node(4, "rowheader", ln[0])
        p.node(4, "cell", ln[1])
        p.node(4, "cell", ln[2])
        p.node(4, "cell", ln[3])
        p.node(4, "cell", money(available(ln)))
        tb += c(ln[1])
        ts += c(ln[2])
        te += c(ln[3])
    p.node(3, "row", "")
    p.node(4, "rowheader", "Total direct costs")
    p.node(4, "cell", money(tb))
    p.node(4, "cell", money(ts))
    p.node(4, "cell", money(te))
    p.node(4, "cell", money(tb - ts - te))
    p.at(300)
    p.node(2, "region", "Recent transfers")
    p.node(3, "heading", "Recent transfers")
    p.node(3, "table", "")
    p.node(4, "row", "")
    for h in ("Transfer", "Date", "Lines", "Amount", "Status"):
        p.node(5, "columnheader", h)
    for t in d["transfers"]:
        p.node(4, "row", "")
        p.node(5, "cell", t[0])
        p.node(6, "link", t[0])
        p.node(5, "cell", t[1])
        p.node(5, "cell", t[2])
        p.node(5, "cell", "$" + t[3])
        p.node(5, "cell", t[4])
    p.at(400)
    p.node(2, "region", "Alerts")
    for a in d["alerts"]:
        p.text(3, a)
    footer(p, ctx)
    return p


def new_form():
    return {"from": None, "to": None, "amount": "", "amount_error": False, "just": "",
            "future": False, "query": "", "approver": None, "dialog": None}


def amount_ok(s):
    if not s:
        return False
    parts = s.split(".")
    return all(x.isdigit() for x in parts) and len(parts) <= 2


def amount_cents(s):
    if "." in s:
        w, f = s.split(".")
        return int(w) * 100 + int((f + "00")[:2])
    return int(s) * 100


def form_page(ctx, aid, st):
    d = DETAIL[aid]
    p = Page(BASE + "/awards/%s/transfers/new" % aid, "New budget transfer, %s | GrantDesk" % aid)
    chrome(p, ctx, ["Home", "Awards", aid, "New budget transfer"], active="nav_awards")
    p.node(2, "heading", "New budget transfer")
    p.text(2, "Award %s | %s | %s" % (aid, d["pi"], d["bp"]))
    p.text(2, "Transfers over $25,000 or 10% of direct costs need sponsor prior approval.")
    p.at(110)
    p.node(2, "form", "Budget transfer")
    for label, k, field in (("From budget line", "from", "from"), ("To budget line", "to", "to")):
        value = option_label(aid, st[field]) if st[field] else "Choose a line"
        p.node(3, "combobox", label, key=k, props=("value=%s" % q(value), "hasPopup='listbox'", "required"))
        p.node(4, "option", "Choose a line", props=("selected=%s" % (st[field] is None),))
        for name in LINE_NAMES:
            lab = option_label(aid, name)
            p.node(4, "option", lab, props=("selected=%s" % (st[field] == name),))
    props = ["required"]
    if st["amount"]:
        props.insert(0, "value=%s" % q(st["amount"]))
    if st["amount_error"]:
        props.append("invalid='true'")
    p.node(3, "textbox", "Amount (USD)", key="amount", props=tuple(props))
    p.text(3, "Digits and a decimal point only, e.g. 1500.00")
    if st["amount_error"]:
        p.node(3, "alert", "")
        p.text(4, "Enter the amount as digits only, for example 1500.00")
    p.node(3, "textbox", "Justification (optional)", key="just",
           props=("value=%s" % q(st["just"]),) if st["just"] else ())
    p.node(3, "checkbox", "Apply to future budget periods", key="future",
           props=("checked='%s'" % ("true" if st["future"] else "false"),))
    p.node(3, "link", "Transfer rules and thresholds", key="rules")
    if st["from"] and st["to"] and amount_ok(st["amount"]) and not st["amount_error"]:
        amt = amount_cents(st["amount"])
        f = line_of(aid, st["from"])
        t = line_of(aid, st["to"])
        p.node(3, "region", "Preview after approval")
        for ln, sign in ((f, -1), (t, 1)):
            p.text(4, "%s: budget %s to %s, available %s to %s" % (
                ln[0], ln[1], money(c(ln[1]) + sign * amt),
                money(available(ln)), money(available(ln) + sign * amt)))
        if amt > available(f):
            p.node(4, "alert", "")
            p.text(5, "Amount exceeds the available balance of %s" % st["from"])
    p.at(200)
    p.node(2, "region", "Approval routing")
    p.node(3, "heading", "Approval routing")
    p.node(3, "list", "")
    p.node(4, "listitem", "")
    p.text(5, "Step 1 | Department review")
    if st["approver"]:
        p.text(5, "%s | %s" % (st["approver"], APPROVER_ROLE[st["approver"]]))
        p.node(5, "button", "Remove " + st["approver"], key="remove_approver")
    else:
        p.text(5, "No approver selected")
    p.node(4, "listitem", "")
    p.text(5, "Step 2 | Sponsored Programs accounting")
    p.text(5, "Assigned automatically: SPA post-award queue")
    if not st["approver"]:
        p.text(3, "Suggested for this award: " + d["dra"])
        p.node(3, "button", "Use suggested approver", key="use_suggested")
    matches = approver_matches(st["query"]) if st["query"] else []
    props = ["autocomplete='list'", "expanded=%s" % bool(matches)]
    if st["query"]:
        props.insert(0, "value=%s" % q(st["query"]))
    p.node(3, "combobox", "Find approver for step 1", key="approver_search", props=tuple(props))
    if matches:
        p.node(4, "listbox", "Approver suggestions")
        for n in matches:
            p.node(5, "option", "%s - %s" % (n, APPROVER_ROLE[n]), key="opt:" + n)
    else:
        p.text(3, "Type at least 3 letters of a name")
    p.at(300)
    p.node(2, "button", "Cancel", key="cancel")
    p.node(2, "button", "Save as draft", key="save_draft")
    p.node(2, "button", "Submit for approval", key="submit")
    if st["dialog"] == "confirm":
        amt = amount_cents(st["amount"]) if amount_ok(st["amount"]) else 0
        p.at(800)
        p.node(2, "dialog", "Submit budget transfer?", props=("modal=True",))
        p.node(3, "button", "Close", key="dlg_close")
        p.text(3, "You are about to move $%s from %s to %s on award %s." % (
            money(amt), st["from"], st["to"], aid))
        if st["approver"]:
            p.text(3, "Step 1 approver: %s. Step 2: SPA post-award queue." % st["approver"])
        else:
            p.text(3, "Step 1 approver: %s department queue (no individual approver). "
                      "Step 2: SPA post-award queue." % d["dept"])
        p.text(3, "Approvers are notified by email as soon as you submit.")
        p.node(3, "button", "Go back", key="dlg_back")
        p.node(3, "button", "Submit", key="dlg_submit")
    elif st["dialog"] == "rules":
        p.at(800)
        p.node(2, "dialog", "Transfer rules and thresholds", props=("modal=True",))
        p.node(3, "button", "Close", key="dlg_close")
        p.text(3, "Transfers into Equipment always need sponsor approval.")
        p.text(3, "Transfers out of Participant Support are not allowed.")
        p.text(3, "Requests over 10% of direct costs are rejected automatically unless prior approval is attached.")
        p.node(3, "link", "Full rebudgeting policy (PDF)")
        p.node(3, "button", "Got it", key="dlg_gotit")
    footer(p, ctx)
    return p


def transfer_page(ctx, aid, tid, st, toast=True):
    d = DETAIL[aid]
    amt = amount_cents(st["amount"])
    who = st["approver"] or ("%s department queue" % d["dept"])
    p = Page(BASE + "/awards/%s/transfers/%s" % (aid, tid), "Transfer %s, %s | GrantDesk" % (tid, aid))
    chrome(p, ctx, ["Home", "Awards", aid, tid], active="nav_awards",
           toast=("Transfer %s submitted for approval. %s has been notified." % (tid, who)) if toast else None)
    p.node(2, "heading", "Budget transfer " + tid)
    p.text(2, "Award %s | %s | %s" % (aid, d["title"], d["pi"]))
    p.text(2, "Status: Pending approval")
    p.node(2, "group", "Transfer details")
    p.text(3, "From: " + st["from"])
    p.text(3, "To: " + st["to"])
    p.text(3, "Amount: $" + money(amt))
    p.text(3, "Justification: " + (st["just"] or "none given"))
    p.text(3, "Applies to: " + ("this and all future budget periods" if st["future"] else d["bp"].split(",")[0] + " only"))
    p.at(110)
    p.node(2, "region", "Approval routing")
    p.node(3, "heading", "Approval routing")
    p.node(3, "list", "")
    p.node(4, "listitem", "")
    p.text(5, "Step 1 | Department review | %s | Awaiting decision" % who)
    p.node(4, "listitem", "")
    p.text(5, "Step 2 | Sponsored Programs accounting | SPA post-award queue | Not started")
    p.at(120)
    p.node(2, "region", "Activity")
    p.node(3, "heading", "Activity")
    p.text(3, "%s %s created the transfer" % (ctx.clock(4), USER))
    p.text(3, "%s %s submitted it for approval" % (ctx.clock(5), USER))
    p.text(3, "%s Email notification to %s queued" % (ctx.clock(5), who))
    p.at(130)
    p.node(2, "button", "Withdraw transfer", key="withdraw")
    p.node(2, "link", "Back to award " + aid, key="back_to_award")
    p.node(2, "link", "View all transfers")
    footer(p, ctx)
    return p


# ---------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------

def jstr(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"


class Run:
    def __init__(self, rid, fault, step, start, rng):
        self.id = rid
        self.fault = fault
        self.label_step = step
        self.start = start
        self.page = start
        self.steps = []
        self.ctx = None
        self.rng = rng

    def _push(self, commitment, command, reasoning, target, effect, page):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": page.obs(),
        })
        self.page = page
        return page

    def click(self, commitment, key, reasoning, page, effect="read"):
        bid = self.page.keys[key]
        return self._push(commitment, "click(%s)" % jstr(bid), reasoning, self.page.targets[key], effect, page)

    def fill(self, commitment, key, value, reasoning, page, effect="write"):
        bid = self.page.keys[key]
        return self._push(commitment, "fill(%s, %s)" % (jstr(bid), jstr(value)), reasoning,
                          self.page.targets[key], effect, page)

    def select(self, commitment, key, value, reasoning, page, effect="write"):
        bid = self.page.keys[key]
        return self._push(commitment, "select_option(%s, %s)" % (jstr(bid), jstr(value)), reasoning,
                          self.page.targets[key], effect, page)

    def press(self, commitment, key, combo, reasoning, page, effect="read"):
        bid = self.page.keys[key]
        return self._push(commitment, "press(%s, %s)" % (jstr(bid), jstr(combo)), reasoning,
                          self.page.targets[key], effect, page)

    def say(self, commitment, message, reasoning):
        page = self.page
        return self._push(commitment, "send_msg_to_user(%s)" % jstr(message), reasoning, None, "read", page)

    def record(self, success):
        return {
            "id": self.id,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": "plans/%s.yaml" % WORKFLOW,
            "label": {"fault": self.fault,
                      "first_off_track_step": self.label_step},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": success},
        }


def fill_transfer(run, ctx, aid, st, frm="Domestic Travel", to="Materials and Supplies", amount="4250.00"):
    """Select from/to and type the amount (the common healthy sequence)."""
    st["from"] = frm
    run.select("enter-transfer", "from", option_label(aid, frm),
               "Pick the source line named in the task", form_page(ctx, aid, st))
    st["to"] = to
    run.select("enter-transfer", "to", option_label(aid, to),
               "Pick the destination line named in the task", form_page(ctx, aid, st))
    st["amount"] = amount
    run.fill("enter-transfer", "amount", amount,
             "Type the transfer amount as digits", form_page(ctx, aid, st))


def route_by_search(run, ctx, aid, st, query, pick="Dana Whitcombe",
                    why="Pick the approver the task names, not the similar names"):
    st["query"] = query
    run.fill("route-approver", "approver_search", query,
             "Search the approver directory for the named approver", form_page(ctx, aid, st))
    st["approver"] = pick
    st["query"] = ""
    run.click("route-approver", "opt:" + pick, why, form_page(ctx, aid, st), effect="write")


def submit(run, ctx, aid, st, tid, confirm=True):
    st["dialog"] = "confirm"
    run.click("submit-transfer", "submit", "Submit the transfer for approval", form_page(ctx, aid, st), effect="write")
    st["dialog"] = None
    if confirm:
        run.click("submit-transfer", "dlg_submit",
                  "The confirmation dialog restates the lines, amount and approver; confirm it",
                  transfer_page(ctx, aid, tid, st), effect="irreversible")


def report_done(run, tid, aid="RA-24-0817", amount="4,250.00", frm="Domestic Travel",
                to="Materials and Supplies", who="Dana Whitcombe"):
    run.say("submit-transfer",
            "Transfer %s on award %s moves $%s from %s to %s and is pending approval with %s."
            % (tid, aid, amount, frm, to, who),
            "The transfer page shows the request pending with the right approver; report back")


def healthy_runs(rng):
    runs = []
    A = "RA-24-0817"

    # H1: header search by award number, approver found by surname fragment.
    ctx = Ctx(rng)
    start = awards_page(ctx)
    r = Run("grantdesk-healthy-01", None, None, start, rng)
    r.fill("open-award", "site_search", A, "Search for the award number from the task",
           awards_page(ctx, url=start.url, search_value=A))
    r.click("open-award", "site_search_go", "Run the search", search_page(ctx, A))
    r.click("open-award", "award:" + A, "The exact match is RA-24-0817 (Okafor, Miriam, NSF, Active)",
            award_page(ctx, A))
    st = new_form()
    r.click("open-transfer-form", "budget_transfer", "Open the budget transfer form", form_page(ctx, A, st))
    fill_transfer(r, ctx, A, st)
    route_by_search(r, ctx, A, st, "Whitc")
    submit(r, ctx, A, st, "BT-2318")
    report_done(r, "BT-2318")
    runs.append(r.record(True))

    # H2: browse the list, award is on page 2; a sync toast is showing at start.
    ctx = Ctx(rng)
    start = awards_page(ctx, toast="Ledger sync finished: 214 transactions posted, 1 failed and queued for retry")
    r = Run("grantdesk-healthy-02", None, None, start, rng)
    r.click("open-award", "next_page", "RA-24-0817 is not on the first page; go to the next page",
            awards_page(ctx, page=2))
    r.click("open-award", "award:" + A, "Open RA-24-0817 (Okafor, Miriam, NSF)", award_page(ctx, A))
    st = new_form()
    r.click("open-transfer-form", "budget_transfer", "Open the budget transfer form", form_page(ctx, A, st))
    fill_transfer(r, ctx, A, st)
    st["just"] = "Fieldwork travel reduced; funds needed for sequencing reagents"
    r.fill("enter-transfer", "just", st["just"], "Give the approver a short reason",
           form_page(ctx, A, st))
    route_by_search(r, ctx, A, st, "Dana W")
    submit(r, ctx, A, st, "BT-2319")
    report_done(r, "BT-2319")
    runs.append(r.record(True))

    # H3: filter the list by PI surname; near-miss PIs show up and are passed over.
    ctx = Ctx(rng)
    start = awards_page(ctx)
    r = Run("grantdesk-healthy-03", None, None, start, rng)
    r.fill("open-award", "list_filter", "Okafor", "Narrow the list to the PI named in the task",
           awards_page(ctx, list_query="Okafor"))
    r.click("open-award", "award:" + A,
            "Four Okafor awards; RA-24-0817 is Miriam Okafor's active NSF one", award_page(ctx, A))
    st = new_form()
    r.click("open-transfer-form", "budget_transfer", "Open the budget transfer form", form_page(ctx, A, st))
    fill_transfer(r, ctx, A, st)
    route_by_search(r, ctx, A, st, "Whitcombe",
                    why="Two Whitcombes; the task names Dana, the Marine Sciences administrator")
    submit(r, ctx, A, st, "BT-2320")
    report_done(r, "BT-2320")
    runs.append(r.record(True))

    # H4: status filter (the task says the award is active), then sort by number.
    ctx = Ctx(rng)
    start = awards_page(ctx)
    r = Run("grantdesk-healthy-04", None, None, start, rng)
    r.select("open-award", "f_status", "Active", "The task says the award is active",
             awards_page(ctx, status="Active", applied=("All statuses", "All sponsors", "All years"),
                         url=start.url), effect="read")
    r.click("open-award", "apply_filters", "Apply the status filter", awards_page(ctx, status="Active"))
    r.click("open-award", "sort_number", "Sort by award number to find RA-24-0817 quickly",
            awards_page(ctx, status="Active", sort="number"))
    r.click("open-award", "award:" + A, "Open RA-24-0817", award_page(ctx, A))
    st = new_form()
    r.click("open-transfer-form", "budget_transfer", "Open the budget transfer form", form_page(ctx, A, st))
    fill_transfer(r, ctx, A, st)
    route_by_search(r, ctx, A, st, "Whitc")
    submit(r, ctx, A, st, "BT-2321")
    report_done(r, "BT-2321")
    runs.append(r.record(True))

    # H5: opens the rules dialog on the form and closes it before continuing.
    ctx = Ctx(rng)
    start = awards_page(ctx)
    r = Run("grantdesk-healthy-05", None, None, start, rng)
    r.fill("open-award", "list_filter", "0817", "Filter the list by the award number digits",
           awards_page(ctx, list_query="0817"))
    r.click("open-award", "award:" + A, "Two awards end in 0817; RA-24-0817 is the active 2024 one",
            award_page(ctx, A))
    st = new_form()
    r.click("open-transfer-form", "budget_transfer", "Open the budget transfer form", form_page(ctx, A, st))
    st["dialog"] = "rules"
    r.click("open-transfer-form", "rules", "Check the rebudgeting thresholds before moving money",
            form_page(ctx, A, st))
    st["dialog"] = None
    r.click("open-transfer-form", "dlg_close", "Nothing here blocks this transfer; close the dialog",
            form_page(ctx, A, st))
    fill_transfer(r, ctx, A, st)
    route_by_search(r, ctx, A, st, "Dana Whit")
    submit(r, ctx, A, st, "BT-2322")
    report_done(r, "BT-2322")
    runs.append(r.record(True))

    # H6: amount typed with a thousands separator is refused, then retyped.
    ctx = Ctx(rng)
    start = awards_page(ctx)
    r = Run("grantdesk-healthy-06", None, None, start, rng)
    r.fill("open-award", "site_search", A, "Search for the award number",
           awards_page(ctx, url=start.url, search_value=A))
    r.press("open-award", "site_search", "Enter", "Submit the search", search_page(ctx, A))
    r.click("open-award", "award:" + A, "Exact match for RA-24-0817", award_page(ctx, A))
    st = new_form()
    r.click("open-transfer-form", "budget_transfer", "Open the budget transfer form", form_page(ctx, A, st))
    st["from"] = "Domestic Travel"
    r.select("enter-transfer", "from", option_label(A, "Domestic Travel"), "Source line from the task",
             form_page(ctx, A, st))
    st["to"] = "Materials and Supplies"
    r.select("enter-transfer", "to", option_label(A, "Materials and Supplies"), "Destination line from the task",
             form_page(ctx, A, st))
    st["amount"] = "4,250"
    st["amount_error"] = True
    r.fill("enter-transfer", "amount", "4,250", "Type the amount", form_page(ctx, A, st))
    st["amount"] = "4250.00"
    st["amount_error"] = False
    r.fill("enter-transfer", "amount", "4250.00", "The field wants digits only; retype without the comma",
           form_page(ctx, A, st))
    route_by_search(r, ctx, A, st, "Whitc")
    submit(r, ctx, A, st, "BT-2323")
    report_done(r, "BT-2323")
    runs.append(r.record(True))

    # H7: starts on the dashboard (maintenance banner), uses Recently viewed.
    ctx = Ctx(rng)
    start = dashboard_page(ctx, banner="Scheduled maintenance: GrantDesk is read-only Saturday 06:00-08:00. "
                                       "Approvals submitted before then are not affected.")
    r = Run("grantdesk-healthy-07", None, None, start, rng)
    r.click("open-award", "award:" + A, "RA-24-0817 is in Recently viewed (Okafor, Miriam)", award_page(ctx, A))
    st = new_form()
    r.click("open-transfer-form", "budget_transfer", "Open the budget transfer form", form_page(ctx, A, st))
    fill_transfer(r, ctx, A, st)
    route_by_search(r, ctx, A, st, "Whitc")
    submit(r, ctx, A, st, "BT-2324")
    report_done(r, "BT-2324")
    runs.append(r.record(True))

    # H8: sorts budget lines by availability first; uses the suggested approver button.
    ctx = Ctx(rng)
    start = awards_page(ctx)
    r = Run("grantdesk-healthy-08", None, None, start, rng)
    r.fill("open-award", "site_search", "Okafor", "Search by the PI surname",
           awards_page(ctx, url=start.url, search_value="Okafor"))
    r.press("open-award", "site_search", "Enter", "Submit the search", search_page(ctx, "Okafor"))
    r.click("open-award", "award:" + A,
            "Okafor results include Marian Okafor and Okafor-Reyes; RA-24-0817 is Miriam Okafor's NSF award",
            award_page(ctx, A))
    r.click("open-transfer-form", "sort_lines_avail", "Check which lines have room before transferring",
            award_page(ctx, A, sort_avail=True))
    st = new_form()
    r.click("open-transfer-form", "budget_transfer", "Open the budget transfer form", form_page(ctx, A, st))
    fill_transfer(r, ctx, A, st, amount="4250")
    st["approver"] = "Dana Whitcombe"
    r.click("route-approver", "use_suggested",
            "The suggested approver for this award is Dana Whitcombe, the one the task names",
            form_page(ctx, A, st), effect="write")
    submit(r, ctx, A, st, "BT-2325")
    report_done(r, "BT-2325")
    runs.append(r.record(True))
    return runs


# ---------------------------------------------------------------------------
# PLAN -- written from the task text and the healthy pages above, before any
# faulty run existed. Not edited after the faulty runs were written.
# ---------------------------------------------------------------------------

PLAN_YAML = """\
# Plan for the GrantDesk budget transfer task.
# Written from the task text and the healthy runs' pages only.
task: "In GrantDesk, on Dr. Miriam Okafor's active NSF award RA-24-0817, move $4,250.00 from the Domestic Travel budget line to Materials and Supplies, and route the transfer to Dana Whitcombe for approval."
plan_falsifiers:
  execution:
    - Sign in to GrantDesk
    - Your session has ended
    - Something went wrong
  skill: []
  planning:
    - Access denied
commitments:
  - id: open-award
    subgoal: "Open award RA-24-0817 (PI Dr. Miriam Okafor, NSF, active)"
    skill: open_record_by_id
    confidence: 0.75
    confirm:
      precondition:
        - Awards
      progress:
        - RA-24-0817
        - "Okafor, Miriam"
      completion:
        - Award RA-24-0817
        - Coastal sediment microbiome dynamics
        - "Principal investigator: Dr. Miriam Okafor"
    falsify:
      execution:
        - RA-24-0871
        - RA-23-0817
        - RA-24-0811
        - Marian Okafor
        - Okafor-Reyes
        - No awards match
      skill: []
      planning:
        - "Status: Closed"
  - id: open-transfer-form
    subgoal: Open the Budget transfer form for RA-24-0817
    confidence: 0.8
    confirm:
      precondition:
        - Budget transfer
      progress: []
      completion:
        - New budget transfer
        - From budget line
        - Approval routing
    falsify:
      execution:
        - "New budget transfer, RA-24-0871"
      skill: []
      planning:
        - do not have permission
        - Transfers are locked
  - id: enter-transfer
    subgoal: "Move $4,250.00 from Domestic Travel to Materials and Supplies"
    confidence: 0.6
    confirm:
      precondition:
        - From budget line
        - To budget line
      progress:
        - Domestic Travel
        - Materials and Supplies
      completion:
        - "Preview after approval"
        - "budget 12,000.00 to 7,750.00"
        - "budget 18,500.00 to 22,750.00"
    falsify:
      execution:
        - "4,520.00"
        - "42,500.00"
        - "425.00"
        - Insufficient balance
        - "Foreign Travel: budget"
        - text: Foreign Travel
          on: action
        - text: "4520"
          on: action
        - text: Apply to future budget periods
          on: action
      skill: []
      planning: []
  - id: route-approver
    subgoal: Route step 1 of the transfer to approver Dana Whitcombe
    confidence: 0.6
    confirm:
      precondition:
        - Approval routing
      progress:
        - Whitcombe
      completion:
        - "Step 1 | Department review"
        - "Dana Whitcombe | Department Research Administrator, Marine Sciences"
    falsify:
      execution:
        - Dana Whitmore
        - Diana Whitcombe
        - text: Dana Whitmore
          on: action
        - text: Diana Whitcombe
          on: action
      skill: []
      planning: []
  - id: submit-transfer
    subgoal: Submit the transfer and see it pending approval with Dana Whitcombe
    confidence: 0.7
    confirm:
      precondition:
        - Submit for approval
      progress:
        - Submit budget transfer?
      completion:
        - submitted for approval
        - "Status: Pending approval"
        - "Dana Whitcombe | Awaiting decision"
    falsify:
      execution:
        - Draft saved
        - could not be submitted
        - text: Save as draft
          on: action
        - text: Go back
          on: action
        - text: Withdraw transfer
          on: action
      skill: []
      planning:
        - Sponsor approval required
"""


# ---------------------------------------------------------------------------
# Faulty runs (written after PLAN_YAML was fixed)
# ---------------------------------------------------------------------------

def signin_page():
    p = Page(BASE + "/signin?next=%2Fawards%2FRA-24-0817", "Sign in | GrantDesk")
    p.at(10)
    p.node(1, "banner", "")
    p.node(2, "link", "GrantDesk home")
    p.at(50)
    p.node(1, "main", "")
    p.at(100)
    p.node(2, "heading", "Sign in to GrantDesk")
    p.node(2, "alert", "")
    p.text(3, "Your session has ended. Sign in again to continue where you left off.")
    p.node(2, "textbox", "University ID", key="uid", props=("required",))
    p.node(2, "textbox", "Password", key="pw", props=("required",))
    p.node(2, "checkbox", "Keep me signed in on this device", props=("checked='false'",))
    p.node(2, "button", "Sign in", key="signin")
    p.node(2, "link", "Sign in with HalvorsenID single sign-on")
    p.node(2, "link", "Forgot your password?")
    p.at(900)
    p.node(1, "contentinfo", "")
    p.text(2, "(c) 2025 Halvorsen University, Office of Research Administration")
    return p


def denied_page(ctx, aid):
    p = Page(BASE + "/awards/%s/transfers/new" % aid, "Access denied | GrantDesk")
    chrome(p, ctx, ["Home", "Awards", aid, "Access denied"], active="nav_awards")
    p.node(2, "heading", "Access denied")
    p.text(2, "Your account cannot request budget transfers on award %s." % aid)
    p.text(2, "Transfer rights for Marine Sciences awards were reassigned on 10/06/2025.")
    p.text(2, "Error 403 | Reference 7F3A-22C1")
    p.node(2, "link", "Back to award " + aid, key="back_to_award")
    p.node(2, "link", "Request access from your unit lead")
    footer(p, ctx)
    return p


def faulty_runs(rng):
    runs = []
    A = "RA-24-0817"

    # F1 wrong_record: opens Marian Okafor's RA-24-0871 from the PI-filtered list.
    ctx = Ctx(rng)
    start = awards_page(ctx)
    r = Run("grantdesk-wrong_record-01", "wrong_record", 1, start, rng)
    r.fill("open-award", "list_filter", "Okafor", "Narrow the list to the PI named in the task",
           awards_page(ctx, list_query="Okafor"))
    W = "RA-24-0871"
    r.click("open-award", "award:" + W, "Okafor's active sediment award; the number looks right",
            award_page(ctx, W))
    st = new_form()
    r.click("open-transfer-form", "budget_transfer", "Open the budget transfer form", form_page(ctx, W, st))
    fill_transfer(r, ctx, W, st)
    route_by_search(r, ctx, W, st, "Whitc")
    submit(r, ctx, W, st, "BT-2326")
    report_done(r, "BT-2326", aid=W)
    runs.append(r.record(False))

    # F2 wrong_record: picks Dana Whitmore instead of Dana Whitcombe.
    ctx = Ctx(rng)
    start = awards_page(ctx)
    r = Run("grantdesk-wrong_record-02", "wrong_record", 8, start, rng)
    r.fill("open-award", "site_search", A, "Search for the award number",
           awards_page(ctx, url=start.url, search_value=A))
    r.click("open-award", "site_search_go", "Run the search", search_page(ctx, A))
    r.click("open-award", "award:" + A, "Exact match for RA-24-0817", award_page(ctx, A))
    st = new_form()
    r.click("open-transfer-form", "budget_transfer", "Open the budget transfer form", form_page(ctx, A, st))
    fill_transfer(r, ctx, A, st)
    route_by_search(r, ctx, A, st, "Dana W", pick="Dana Whitmore",
                    why="Dana W... is a department research administrator; select her")
    submit(r, ctx, A, st, "BT-2327")
    report_done(r, "BT-2327", who="Dana Whitmore")
    runs.append(r.record(False))

    # F3 wrong_value: types 4520.00 (transposed digits).
    ctx = Ctx(rng)
    start = awards_page(ctx)
    r = Run("grantdesk-wrong_value-01", "wrong_value", 5, start, rng)
    r.click("open-award", "next_page", "The award is not on the first page", awards_page(ctx, page=2))
    r.click("open-award", "award:" + A, "Open RA-24-0817", award_page(ctx, A))
    st = new_form()
    r.click("open-transfer-form", "budget_transfer", "Open the budget transfer form", form_page(ctx, A, st))
    fill_transfer(r, ctx, A, st, amount="4520.00")
    route_by_search(r, ctx, A, st, "Whitc")
    submit(r, ctx, A, st, "BT-2328")
    report_done(r, "BT-2328", amount="4,520.00")
    runs.append(r.record(False))

    # F4 wrong_value: source line Foreign Travel instead of Domestic Travel.
    ctx = Ctx(rng)
    start = awards_page(ctx)
    r = Run("grantdesk-wrong_value-02", "wrong_value", 3, start, rng)
    r.fill("open-award", "list_filter", A, "Filter the list by the award number",
           awards_page(ctx, list_query=A))
    r.click("open-award", "award:" + A, "Open RA-24-0817", award_page(ctx, A))
    st = new_form()
    r.click("open-transfer-form", "budget_transfer", "Open the budget transfer form", form_page(ctx, A, st))
    fill_transfer(r, ctx, A, st, frm="Foreign Travel")
    # fix the reasoning of the wrong pick so it reads like the agent's own
    r.steps[3]["action"]["reasoning"] = "Travel line with the most room; use it as the source"
    st["approver"] = "Dana Whitcombe"
    r.click("route-approver", "use_suggested", "The suggested approver is the one the task names",
            form_page(ctx, A, st), effect="write")
    submit(r, ctx, A, st, "BT-2329")
    report_done(r, "BT-2329", frm="Travel")
    runs.append(r.record(False))

    # F5 unrequested_filter: adds a fiscal-year filter the task never asked for.
    ctx = Ctx(rng)
    start = awards_page(ctx)
    r = Run("grantdesk-unrequested_filter-01", "unrequested_filter", 1, start, rng)
    r.select("open-award", "f_status", "Active", "The task says the award is active",
             awards_page(ctx, status="Active", applied=("All statuses", "All sponsors", "All years"),
                         url=start.url), effect="read")
    r.select("open-award", "f_fy", "FY2025", "Limit to the current fiscal year as well",
             awards_page(ctx, status="Active", fy="FY2025",
                         applied=("All statuses", "All sponsors", "All years"), url=start.url), effect="read")
    r.click("open-award", "apply_filters", "Apply the filters", awards_page(ctx, status="Active", fy="FY2025"))
    r.fill("open-award", "list_filter", "0817", "Look for the award number among the results",
           awards_page(ctx, status="Active", fy="FY2025", list_query="0817"))
    r.say("open-award", "I could not find an active award RA-24-0817 in GrantDesk, so no transfer was made.",
          "Nothing matches; report that the award does not exist")
    runs.append(r.record(False))

    # F6 stale_filter: the list opens with a restored 'Closed' view (visible at start).
    ctx = Ctx(rng)
    start = awards_page(ctx, status="Closed",
                        saved_view="Saved view restored from your last session: Closed awards")
    r = Run("grantdesk-stale_filter-01", "stale_filter", 0, start, rng)
    r.fill("open-award", "list_filter", "0817", "Filter the list by the award number digits",
           awards_page(ctx, status="Closed", list_query="0817",
                       saved_view="Saved view restored from your last session: Closed awards"))
    r.click("open-award", "award:RA-23-0817", "The only 0817 award listed; Okafor, Miriam, NSF",
            award_page(ctx, "RA-23-0817"))
    r.say("open-transfer-form",
          "Award 0817 for Dr. Miriam Okafor is closed, so GrantDesk will not accept a budget transfer on it.",
          "The transfer button is disabled; report the blocker")
    runs.append(r.record(False))

    # F7 silent_noop: the confirm dialog's Submit closes and nothing is saved.
    ctx = Ctx(rng)
    start = awards_page(ctx)
    r = Run("grantdesk-silent_noop-01", "silent_noop", 10, start, rng)
    r.fill("open-award", "site_search", A, "Search for the award number",
           awards_page(ctx, url=start.url, search_value=A))
    r.press("open-award", "site_search", "Enter", "Submit the search", search_page(ctx, A))
    r.click("open-award", "award:" + A, "Exact match for RA-24-0817", award_page(ctx, A))
    st = new_form()
    r.click("open-transfer-form", "budget_transfer", "Open the budget transfer form", form_page(ctx, A, st))
    fill_transfer(r, ctx, A, st)
    route_by_search(r, ctx, A, st, "Whitc")
    submit(r, ctx, A, st, "BT-2330", confirm=False)
    r.click("submit-transfer", "dlg_submit", "Confirm the transfer in the dialog",
            form_page(ctx, A, st), effect="irreversible")
    r.say("submit-transfer",
          "The $4,250.00 transfer from Domestic Travel to Materials and Supplies on RA-24-0817 "
          "has been submitted to Dana Whitcombe.",
          "I confirmed the dialog; the transfer is submitted")
    runs.append(r.record(False))

    # F8 permission_denied: the Budget transfer button leads to a 403 page.
    ctx = Ctx(rng)
    start = dashboard_page(ctx)
    r = Run("grantdesk-permission_denied-01", "permission_denied", 1, start, rng)
    r.click("open-award", "award:" + A, "RA-24-0817 is in Recently viewed", award_page(ctx, A))
    r.click("open-transfer-form", "budget_transfer", "Open the budget transfer form", denied_page(ctx, A))
    r.say("open-transfer-form",
          "GrantDesk refused the transfer request on RA-24-0817 (error 403); nothing was changed.",
          "Blocked by permissions; report it")
    runs.append(r.record(False))

    # F9 lost_session: opening the award lands on the sign-in page.
    ctx = Ctx(rng)
    start = awards_page(ctx)
    r = Run("grantdesk-lost_session-01", "lost_session", 1, start, rng)
    r.fill("open-award", "list_filter", "Okafor", "Narrow the list to the PI named in the task",
           awards_page(ctx, list_query="Okafor"))
    r.click("open-award", "award:" + A, "RA-24-0817 is Miriam Okafor's active NSF award", signin_page())
    r.say("open-award", "GrantDesk signed me out while opening RA-24-0817; please sign in again so I can continue.",
          "The session ended; I cannot continue without credentials")
    runs.append(r.record(False))

    # F10 premature_success: reports success with the form filled but never submitted.
    ctx = Ctx(rng)
    start = awards_page(ctx)
    r = Run("grantdesk-premature_success-01", "premature_success", 9, start, rng)
    r.fill("open-award", "site_search", A, "Search for the award number",
           awards_page(ctx, url=start.url, search_value=A))
    r.click("open-award", "site_search_go", "Run the search", search_page(ctx, A))
    r.click("open-award", "award:" + A, "Exact match for RA-24-0817", award_page(ctx, A))
    st = new_form()
    r.click("open-transfer-form", "budget_transfer", "Open the budget transfer form", form_page(ctx, A, st))
    fill_transfer(r, ctx, A, st)
    route_by_search(r, ctx, A, st, "Whitc")
    r.say("submit-transfer",
          "Done: $4,250.00 moves from Domestic Travel to Materials and Supplies on RA-24-0817, "
          "routed to Dana Whitcombe for approval.",
          "Lines, amount and approver are all set; the transfer is ready")
    runs.append(r.record(False))

    # F11 skipped_step: submits without choosing an approver; it goes to the department queue.
    ctx = Ctx(rng)
    start = awards_page(ctx)
    r = Run("grantdesk-skipped_step-01", "skipped_step", 6, start, rng)
    r.click("open-award", "next_page", "The award is not on the first page", awards_page(ctx, page=2))
    r.click("open-award", "award:" + A, "Open RA-24-0817", award_page(ctx, A))
    st = new_form()
    r.click("open-transfer-form", "budget_transfer", "Open the budget transfer form", form_page(ctx, A, st))
    fill_transfer(r, ctx, A, st)
    submit(r, ctx, A, st, "BT-2331")
    r.steps[6]["action"]["reasoning"] = "Form is complete; submit it for approval"
    r.say("submit-transfer",
          "Transfer BT-2331 on RA-24-0817 moves $4,250.00 from Domestic Travel to Materials and "
          "Supplies and is pending approval.",
          "The transfer page says pending approval; report back")
    runs.append(r.record(False))

    # F12 dialog_mishandled: closes the confirmation dialog instead of confirming.
    ctx = Ctx(rng)
    start = awards_page(ctx)
    r = Run("grantdesk-dialog_mishandled-01", "dialog_mishandled", 8, start, rng)
    r.fill("open-award", "list_filter", "Okafor", "Narrow the list to the PI named in the task",
           awards_page(ctx, list_query="Okafor"))
    r.click("open-award", "award:" + A, "RA-24-0817 is Miriam Okafor's active NSF award", award_page(ctx, A))
    st = new_form()
    r.click("open-transfer-form", "budget_transfer", "Open the budget transfer form", form_page(ctx, A, st))
    fill_transfer(r, ctx, A, st)
    st["approver"] = "Dana Whitcombe"
    r.click("route-approver", "use_suggested", "The suggested approver is Dana Whitcombe",
            form_page(ctx, A, st), effect="write")
    st["dialog"] = "confirm"
    r.click("submit-transfer", "submit", "Submit the transfer for approval", form_page(ctx, A, st), effect="write")
    st["dialog"] = None
    r.click("submit-transfer", "dlg_close", "The dialog just summarises what was sent; close it",
            form_page(ctx, A, st))
    r.say("submit-transfer",
          "Submitted: $4,250.00 from Domestic Travel to Materials and Supplies on RA-24-0817, "
          "awaiting Dana Whitcombe's approval.",
          "Submission done; report back")
    runs.append(r.record(False))
    return runs


# ---------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    rng = random.Random(SEED)
    runs = healthy_runs(rng) + faulty_runs(rng)
    os.makedirs(os.path.join(args.out, "plans"), exist_ok=True)
    with open(os.path.join(args.out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for run in runs:
            f.write(json.dumps(run, ensure_ascii=False) + "\n")
    with open(os.path.join(args.out, "plans", WORKFLOW + ".yaml"), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    print("wrote %d runs to %s" % (len(runs), os.path.join(args.out, "corpus.jsonl")))


if __name__ == "__main__":
    main()
