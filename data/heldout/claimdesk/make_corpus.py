#!/usr/bin/env python3
"""Generate the ClaimDesk held-out corpus (20 runs) and its plan.

ClaimDesk is an (invented) claims adjuster's workbench of an (invented) carrier,
Harborstone Mutual. One workflow: issue a partial payment on one named claim to
one named payee, then add a short claim note.

Python 3 standard library only. Fixed seed; output is byte-for-byte reproducible.

Usage:  python3 make_corpus.py [OUTPUT_DIR]     (default: this script's folder)
"""
import copy
import json
import os
import random
import sys

SEED = 4817
BASE = "http://127.0.0.1:8130"
WORKFLOW = "claim_partial_payment"
PLAN_REL = "plans/claim_partial_payment.yaml"
TODAY = "2024-06-11"
USER = "R. Castellanos"
PRODUCT = "ClaimDesk"
NEW_PMT = "PMT-88342"

NOTE = "Partial payment issued for rear bumper repair per shop estimate E-5521."
TASK = ("On claim CLM-2024-04817 (claimant Dana Okafor, auto collision), issue a partial "
        "payment of $1,250.00 to Brightline Auto Body from the vehicle damage reserve, "
        "then add a claim note: \"" + NOTE + "\"")

TARGET = "CLM-2024-04817"


def money(x):
    return "${:,.2f}".format(x)


def amt(x):
    return "{:,.2f}".format(x)


# ---------------------------------------------------------------------------
# Data: the queue of claims assigned to R. Castellanos
# ---------------------------------------------------------------------------

OKAFOR_ROWS = [
    # id, claimant, line, loss date, status, flags, outstanding, diary
    ("CLM-2024-04817", "Dana Okafor", "Auto – collision", "2024-05-02", "Open", "—", 5360.00, "2024-06-17"),
    ("CLM-2024-04871", "Marcus Okafor", "Auto – collision", "2024-05-09", "Open", "Diary overdue", 3200.00, "2024-06-10"),
    ("CLM-2024-04718", "Dane Okafor", "Auto – collision", "2024-04-21", "Pending documents", "—", 2900.00, "2024-06-17"),
    ("CLM-2023-04817", "Teresa Okafor", "Property – water damage", "2023-11-30", "Reopened", "Payment failed", 5100.00, "2024-06-11"),
    ("CLM-2024-04816", "Jerome Okafor", "Auto – glass", "2024-05-01", "Open", "—", 640.00, "2024-06-20"),
]

FIRST = ["Priya", "Tomasz", "Lucia", "Henrik", "Aisha", "Mateo", "Grace", "Oluwaseun", "Ines",
         "Callum", "Mei", "Rafael", "Sofia", "Yusuf", "Bronwyn", "Kenji", "Elena", "Dmitri",
         "Nadia", "Owen", "Farah", "Luca"]
LAST = ["Lindqvist", "Marchetti", "Haddad", "Brennan", "Nakamura", "Osei", "Duarte",
        "Kowalczyk", "Ferreira", "Abernathy", "Sato", "Whitfield", "Quintero", "Halvorsen",
        "Mbeki", "Varga", "Delacroix", "Ramaswamy", "Fenwick", "Achterberg", "Moreau", "Tanaka"]
LINES = ["Auto – collision", "Auto – collision", "Auto – glass", "Auto – comprehensive",
         "Property – water damage", "Property – theft", "General liability"]
STATUSES = ["Open", "Open", "Open", "Pending documents", "Reopened", "In litigation",
            "Awaiting subrogation"]
FLAGS = ["—", "—", "—", "—", "Payment failed", "SIU review", "Subrogation cancelled",
         "Diary overdue", "Large loss"]


def build_queue():
    rng = random.Random(SEED)
    rows = list(OKAFOR_ROWS)
    used = {r[0] for r in rows}
    firsts = FIRST[:]
    lasts = LAST[:]
    rng.shuffle(firsts)
    rng.shuffle(lasts)
    for i in range(22):
        while True:
            n = rng.randint(3100, 5290)
            if 4700 <= n <= 4899:
                continue
            cid = "CLM-2024-%05d" % n
            if cid not in used:
                break
        used.add(cid)
        line = rng.choice(LINES)
        status = rng.choice(STATUSES)
        flag = rng.choice(FLAGS)
        d = rng.randint(3, 28)
        diary = "2024-06-%02d" % d
        if diary < TODAY and flag == "—":
            flag = "Diary overdue"
        if diary >= TODAY and flag == "Diary overdue":
            flag = "—"
        loss = "2024-%02d-%02d" % (rng.randint(1, 5), rng.randint(1, 28))
        reserve = rng.randint(80, 2500) * 10.0
        rows.append((cid, firsts[i] + " " + lasts[i], line, loss, status, flag, reserve, diary))
    return rows


QUEUE = build_queue()

# Claim detail data for the claims that the runs open.
CLAIMS = {
    "CLM-2024-04817": {
        "claimant": "Dana Okafor", "line": "Auto – collision", "policy": "PA-7730-1182",
        "asset": "2019 Subaru Outback", "loss": "2024-05-02", "status": "Open", "diary": "2024-06-17",
        "desc": "Rear-end collision at low speed in a drive-through lane. Rear bumper cover and left "
                "tail lamp damaged. No injuries reported. Liability accepted by the other carrier.",
        "payees": [("Dana Okafor", "Claimant"), ("Brightline Auto Body", "Repair facility"),
                   ("Brightline Auto Rentals", "Rental vendor"),
                   ("Northgate Appraisal Services", "Appraiser")],
        "reserves": [["PD-01", "Vehicle damage", "Indemnity", 4800.00, 0.00],
                     ["RN-01", "Rental reimbursement", "Indemnity", 1200.00, 640.00],
                     ["EX-01", "Independent appraisal", "Expense", 350.00, 350.00]],
        "payments": [["PMT-88203", "2024-05-29", "Dana Okafor", "RN-01", 210.00, "Partial", "Failed – returned by bank"],
                     ["PMT-88190", "2024-05-22", "Brightline Auto Rentals", "RN-01", 125.00, "Partial", "Cancelled"],
                     ["PMT-88177", "2024-05-20", "Northgate Appraisal Services", "EX-01", 350.00, "Final", "Issued"],
                     ["PMT-88120", "2024-05-14", "Dana Okafor", "RN-01", 640.00, "Partial", "Issued"]],
        "notes": [("2024-06-07 15:22", USER, "Shop estimate E-5521 from Brightline Auto Body received: rear bumper cover, tail lamp and labour, $2,480.00. Shop expects a supplement of about $1,520.00 once the bumper is off."),
                  ("2024-05-29 08:03", "System", "Payment PMT-88203 failed: returned by bank (account closed). Claimant asked for new bank details."),
                  ("2024-05-22 11:40", USER, "PMT-88190 cancelled, entered in error before the rental invoice was checked."),
                  ("2024-05-03 09:15", "K. Adeyemi", "First notice of loss taken by phone. Vehicle drivable. Rental authorised for up to 10 days.")],
        "docs": 7,
    },
    "CLM-2024-04871": {
        "claimant": "Marcus Okafor", "line": "Auto – collision", "policy": "PA-7730-2046",
        "asset": "2021 Honda Civic", "loss": "2024-05-09", "status": "Open", "diary": "2024-06-10",
        "desc": "Side-swiped by an unknown vehicle in a parking structure. Driver door and mirror "
                "damaged. Police report filed.",
        "payees": [("Marcus Okafor", "Claimant"), ("Brightline Auto Body", "Repair facility"),
                   ("Kestrel Towing and Recovery", "Tow operator")],
        "reserves": [["PD-01", "Vehicle damage", "Indemnity", 3200.00, 0.00],
                     ["TW-01", "Towing and storage", "Indemnity", 185.00, 185.00]],
        "payments": [["PMT-88150", "2024-05-18", "Kestrel Towing and Recovery", "TW-01", 185.00, "Final", "Issued"]],
        "notes": [("2024-06-03 10:05", USER, "Diary overdue: still waiting on photos of the driver door from the insured."),
                  ("2024-05-10 14:31", "K. Adeyemi", "First notice of loss taken online. Vehicle towed to Brightline Auto Body.")],
        "docs": 4,
    },
    "CLM-2024-04718": {
        "claimant": "Dane Okafor", "line": "Auto – collision", "policy": "PA-6120-0093",
        "asset": "2017 Ford Escape", "loss": "2024-04-21", "status": "Pending documents", "diary": "2024-06-17",
        "desc": "Single-vehicle collision with a guardrail in wet conditions. Front bumper, grille and "
                "hood damaged. Airbags did not deploy.",
        "payees": [("Dane Okafor", "Claimant"), ("Brightline Auto Body", "Repair facility"),
                   ("Harlow Glass Co.", "Glass vendor")],
        "reserves": [["PD-01", "Vehicle damage", "Indemnity", 2900.00, 0.00]],
        "payments": [],
        "notes": [("2024-05-30 16:48", USER, "Requested signed proof of loss; claim pending documents until received.")],
        "docs": 3,
    },
    "CLM-2023-04817": {
        "claimant": "Teresa Okafor", "line": "Property – water damage", "policy": "HO-3318-5520",
        "asset": "Single-family dwelling, 14 Larchmont Rise", "loss": "2023-11-30", "status": "Reopened",
        "diary": "2024-06-11",
        "desc": "Burst supply line under the kitchen sink. Cabinets and flooring damaged. Reopened for "
                "a late contents schedule.",
        "payees": [("Teresa Okafor", "Claimant"), ("Pellmore Restoration", "Mitigation contractor")],
        "reserves": [["DW-01", "Dwelling", "Indemnity", 9500.00, 6200.00],
                     ["CT-01", "Contents", "Indemnity", 1800.00, 0.00]],
        "payments": [["PMT-88011", "2024-05-06", "Teresa Okafor", "CT-01", 450.00, "Partial", "Failed – returned by bank"],
                     ["PMT-80412", "2024-01-09", "Pellmore Restoration", "DW-01", 6200.00, "Partial", "Issued"]],
        "notes": [("2024-05-06 08:02", "System", "Payment PMT-88011 failed: returned by bank (invalid account)."),
                  ("2024-04-29 13:10", USER, "Claim reopened: contents schedule received from claimant.")],
        "docs": 12,
    },
}

RECENT = ["CLM-2024-04871", "CLM-2024-04817", "CLM-2023-04817"]
NAMES = {r[0]: r[1] for r in QUEUE}


def q(s):
    assert "'" not in s, s
    return "'" + s + "'"


# ---------------------------------------------------------------------------
# Page builder: BrowserGym-style flattened accessibility tree
# ---------------------------------------------------------------------------

class Page:
    def __init__(self, url, title):
        self.url = url
        self.title = title
        self.lines = ["RootWebArea %s, focused" % q(title)]
        self.ids = {}
        self.used = set()
        self.bid = 100

    def seek(self, n):
        assert n >= self.bid, (n, self.bid)
        self.bid = n

    def n(self, depth, role, name="", key=None, props=(), bid="auto"):
        if bid == "auto" and role in ("StaticText", "LineBreak", "separator"):
            bid = None
        if bid == "auto":
            bid = self.bid
            self.bid += 1
        b = None if bid is None else str(bid)
        line = "\t" * depth + ("[%s] " % b if b else "") + "%s %s" % (role, q(name))
        if props:
            line += ", " + ", ".join(props)
        if b:
            assert b not in self.used, (b, line)
            self.used.add(b)
        if key:
            assert b and key not in self.ids, key
            self.ids[key] = (b, "%s %s" % (role, q(name)))
        self.lines.append(line)
        return b

    def t(self, depth, text):
        self.n(depth, "StaticText", text)

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


COUNTERS = ["Open claims %d" % len(QUEUE),
            "Diary due today %d" % sum(1 for r in QUEUE if r[7] == TODAY),
            "Diary overdue %d" % sum(1 for r in QUEUE if r[7] < TODAY),
            "Payments awaiting approval 1"]


def header(p, query="", active="My queue", notif=3):
    p.n(1, "banner", "", bid=10)
    p.n(2, "link", "ClaimDesk · Harborstone Mutual", key="home", bid=11)
    p.n(2, "search", "Claims search", bid=12)
    props = ("value=%s" % q(query),) if query else ()
    p.n(3, "searchbox", "Search claims, policies, payees", key="search", props=props, bid=13)
    p.n(3, "button", "Search", key="search_btn", bid=14)
    p.n(2, "status", "Workload", bid=15)
    for c in COUNTERS:
        p.t(3, c)
    p.n(2, "button", "Notifications (%d unread)" % notif, bid=16)
    p.n(2, "button", "%s · Adjuster II" % USER, props=("hasPopup='menu'", "expanded=False"), bid=17)
    p.n(1, "navigation", "Main", bid=20)
    for i, name in enumerate(["My queue", "Team queue", "Diary", "Payments", "Reports", "Help"]):
        props = ("current='page'",) if name == active else ()
        p.n(2, "link", name, key="nav:" + name, props=props, bid=21 + i)
    p.n(1, "main", "", bid=30)


def footer(p):
    p.seek(max(p.bid, 900))
    p.n(1, "contentinfo", "")
    p.t(2, "© 2024 Harborstone Mutual Insurance · ClaimDesk 7.4.2 (build 2024.06.03)")
    p.n(2, "link", "Adjuster handbook")
    p.n(2, "link", "Accessibility")
    p.n(2, "link", "Privacy notice")
    p.t(2, "Connected to CLAIMS-PROD-EAST · All systems operational · Last sync 09:41")


# ---------------------------------------------------------------------------
# Queue page
# ---------------------------------------------------------------------------

LINE_OPTS = ["All lines", "Auto – collision", "Auto – glass", "Auto – comprehensive",
             "Property – all", "Property – water damage", "Property – theft", "General liability"]
DIARY_OPTS = ["Any date", "Due today or overdue", "Due this week"]
SORTS = [("claim", "Claim number"), ("claimant", "Claimant"), ("line", "Line"),
         ("loss", "Loss date"), ("status", "Status"), ("flags", "Flags"),
         ("reserve", "Outstanding reserve"), ("diary", "Next diary")]
COLIDX = {"claim": 0, "claimant": 1, "line": 2, "loss": 3, "status": 4, "flags": 5,
          "reserve": 6, "diary": 7}


def qview(**kw):
    v = {"page": 1, "sort": "diary", "dir": "asc", "line": "All lines", "diary": "Any date",
         "text": "", "saved": "All my open claims", "warning": False, "toast": None,
         "query": ""}
    v.update(kw)
    return v


def queue_rows(v):
    rows = list(QUEUE)
    if v["line"] == "Property – all":
        rows = [r for r in rows if r[2].startswith("Property")]
    elif v["line"] != "All lines":
        rows = [r for r in rows if r[2] == v["line"]]
    if v["diary"] == "Due today or overdue":
        rows = [r for r in rows if r[7] <= TODAY]
    elif v["diary"] == "Due this week":
        rows = [r for r in rows if r[7] <= "2024-06-16"]
    if v["text"]:
        t = v["text"].lower()
        rows = [r for r in rows if t in r[0].lower() or t in r[1].lower()]
    i = COLIDX[v["sort"]]
    rows.sort(key=lambda r: (r[i], r[0]), reverse=(v["dir"] == "desc"))
    return rows


def diary_cell(d):
    if d < TODAY:
        return d + " (overdue)"
    if d == TODAY:
        return "Today"
    return d


def queue_url(v):
    parts = []
    if v["saved"] != "All my open claims":
        parts.append("view=property")
    if v["line"] != "All lines":
        parts.append("line=" + v["line"].lower().replace(" – ", "-").replace(" ", "-"))
    if v["diary"] != "Any date":
        parts.append("diary=" + ("due" if v["diary"].startswith("Due today") else "week"))
    if v["text"]:
        parts.append("q=" + v["text"].replace(" ", "+"))
    if (v["sort"], v["dir"]) != ("diary", "asc"):
        parts.append("sort=%s&dir=%s" % (v["sort"], v["dir"]))
    if v["page"] != 1:
        parts.append("page=%d" % v["page"])
    return BASE + "/queue" + ("?" + "&".join(parts) if parts else "")


def combo(p, depth, label, options, value, key, disabled=()):
    p.n(depth, "combobox", label, key=key,
        props=("value=%s" % q(value), "hasPopup='menu'", "expanded=False"))
    for o in options:
        props = []
        if o == value:
            props.append("selected=True")
        if o in disabled:
            props.append("disabled=True")
        p.n(depth + 1, "option", o, props=tuple(props))


def render_queue(v):
    p = Page(queue_url(v), "My queue · ClaimDesk")
    header(p, query=v["query"], active="My queue")
    p.n(2, "navigation", "Breadcrumb", bid=31)
    p.n(3, "link", "Home", bid=32)
    p.t(3, "›")
    p.t(3, "My queue")
    p.n(2, "heading", "My claims queue", props=("level=1",), bid=33)
    p.t(2, "Assigned to %s · Updated 09:41" % USER)
    if v["warning"]:
        p.n(2, "alert", "", bid=40)
        p.t(3, "Your session will expire in 2 minutes because of inactivity.")
        p.n(3, "button", "Stay signed in", key="stay", bid=41)
        p.n(3, "button", "Sign out now", bid=42)
    p.n(2, "note", "Team announcement", bid=45)
    p.t(3, "The payment run on Friday 14 June is cancelled for the bank holiday. Payments issued after 16:00 on Thursday go out on Monday.")
    p.seek(100)
    p.n(2, "region", "Queue filters")
    combo(p, 3, "Saved view", ["All my open claims", "Property claims"], v["saved"], "saved")
    combo(p, 3, "Line of business", LINE_OPTS, v["line"], "line")
    combo(p, 3, "Next diary", DIARY_OPTS, v["diary"], "diary")
    props = ("value=%s" % q(v["text"]),) if v["text"] else ()
    p.n(3, "textbox", "Filter this queue by claim number or claimant", key="qfilter", props=props)
    active = []
    if v["line"] != "All lines":
        active.append("Line of business: " + v["line"])
    if v["diary"] != "Any date":
        active.append("Next diary: " + v["diary"])
    if active:
        p.t(3, "Active filters:")
        for a in active:
            p.n(3, "button", "Remove filter " + a)
    p.n(3, "button", "Clear filters", key="clear",
        props=() if (active or v["text"]) else ("disabled=True",))
    rows = queue_rows(v)
    total = len(rows)
    pages = max(1, (total + 9) // 10)
    start = (v["page"] - 1) * 10
    shown = rows[start:start + 10]
    p.n(2, "status", "Result count")
    if total:
        p.t(3, "Showing %d–%d of %d claims" % (start + 1, start + len(shown), total))
    else:
        p.t(3, "No claims match the current filters. Clear filters to see all 27 claims in your queue.")
    p.n(2, "button", "Reassign selected", props=("disabled=True",))
    p.n(2, "button", "Export to CSV")
    p.n(2, "table", "Claims assigned to me")
    p.n(3, "rowgroup", "")
    p.n(4, "row", "")
    p.n(5, "columnheader", "Select", props=())
    for k, label in SORTS:
        props = ()
        if k == v["sort"]:
            props = ("sort=%s" % q("ascending" if v["dir"] == "asc" else "descending"),)
        p.n(5, "columnheader", label, props=props)
        p.n(6, "button", "Sort by " + label.lower(), key="sort:" + k)
    p.n(3, "rowgroup", "")
    for r in shown:
        p.n(4, "row", "")
        p.n(5, "cell", "")
        p.n(6, "checkbox", "Select " + r[0], props=("checked='false'",))
        p.n(5, "cell", r[0])
        p.n(6, "link", r[0], key="claim:" + r[0])
        p.n(5, "cell", r[1])
        p.n(5, "cell", r[2])
        p.n(5, "cell", r[3])
        p.n(5, "cell", r[4])
        p.n(5, "cell", r[5])
        p.n(5, "cell", money(r[6]))
        p.n(5, "cell", diary_cell(r[7]))
    p.n(2, "navigation", "Pagination")
    p.n(3, "button", "Previous page", key="prev", props=("disabled=True",) if v["page"] == 1 else ())
    for i in range(1, pages + 1):
        p.n(3, "button", "Page %d" % i, key="page:%d" % i,
            props=("pressed=True",) if i == v["page"] else ())
    p.n(3, "button", "Next page", key="next", props=("disabled=True",) if v["page"] >= pages else ())
    p.t(3, "Rows per page: 10")
    p.n(2, "complementary", "Recently viewed")
    p.n(3, "heading", "Recently viewed", props=("level=2",))
    p.n(3, "list", "")
    for cid in RECENT:
        p.n(4, "listitem", "")
        p.n(5, "link", "%s · %s" % (cid, NAMES[cid]), key="recent:" + cid)
    p.n(2, "complementary", "Diary reminders")
    p.n(3, "heading", "Diary reminders", props=("level=2",))
    p.t(3, "CLM-2024-04871 · Diary overdue since 2024-06-10 · Photos from insured")
    p.t(3, "CLM-2023-04817 · Due today · Review late contents schedule")
    if v["toast"]:
        p.seek(700)
        p.n(1, "status", "")
        p.t(2, v["toast"])
        p.n(2, "button", "Dismiss notification", key="dismiss")
    footer(p)
    return p


# ---------------------------------------------------------------------------
# Search results page
# ---------------------------------------------------------------------------

def render_search(query):
    p = Page(BASE + "/search?q=" + query.replace(" ", "+"), "Search: %s · ClaimDesk" % query)
    header(p, query=query, active=None)
    p.n(2, "navigation", "Breadcrumb", bid=31)
    p.n(3, "link", "Home", bid=32)
    p.t(3, "›")
    p.t(3, "Search")
    p.n(2, "heading", "Search results for “%s”" % query, props=("level=1",), bid=33)
    ql = query.lower()
    if ql.startswith("clm-"):
        hits = [r for r in QUEUE if r[0].lower() == ql]
    else:
        hits = [r for r in QUEUE if ql in r[1].lower()]
    hits.sort(key=lambda r: r[0])
    payee_hits = sorted({n for c in CLAIMS.values() for n, _ in c["payees"] if ql in n.lower()})
    p.seek(100)
    p.t(2, "%d claim%s · %d payee%s · 0 policies" % (len(hits), "" if len(hits) == 1 else "s",
                                                      len(payee_hits), "" if len(payee_hits) == 1 else "s"))
    p.n(2, "tablist", "Result types")
    p.n(3, "tab", "Claims (%d)" % len(hits), props=("selected=True",))
    p.n(3, "tab", "Payees (%d)" % len(payee_hits), props=("selected=False",))
    p.n(3, "tab", "Policies (0)", props=("selected=False",))
    p.n(2, "tabpanel", "Claims (%d)" % len(hits))
    p.n(3, "table", "Matching claims")
    p.n(4, "row", "")
    for h in ["Claim number", "Claimant", "Line", "Loss date", "Status", "Adjuster"]:
        p.n(5, "columnheader", h)
    for r in hits:
        p.n(4, "row", "")
        p.n(5, "cell", r[0])
        p.n(6, "link", r[0], key="hit:" + r[0])
        p.n(5, "cell", r[1])
        p.n(5, "cell", r[2])
        p.n(5, "cell", r[3])
        p.n(5, "cell", r[4])
        p.n(5, "cell", USER)
    if ql.startswith("clm-"):
        p.n(3, "region", "Similar claim numbers")
        p.t(4, "Similar claim numbers")
        for cid in ["CLM-2023-04817", "CLM-2024-04871", "CLM-2024-04816", "CLM-2024-04718"]:
            p.n(4, "link", "%s · %s" % (cid, NAMES[cid]), key="similar:" + cid)
    p.t(3, "Search covers claims assigned to your team. Closed claims older than 24 months are archived.")
    footer(p)
    return p


# ---------------------------------------------------------------------------
# Claim detail page (with payment dialogs, toasts, notes)
# ---------------------------------------------------------------------------

class ClaimState:
    def __init__(self, cid):
        self.cid = cid
        self.c = copy.deepcopy(CLAIMS[cid])
        self.toast = None
        self.dialog = None       # None | dict(kind='form'|'confirm', ...)
        self.note_draft = ""

    def clone(self):
        return copy.deepcopy(self)

    def reserve(self, code):
        for r in self.c["reserves"]:
            if r[0] == code:
                return r
        raise KeyError(code)


def reserve_label(r):
    rem = r[3] - r[4]
    s = "%s %s — %s remaining" % (r[0], r[1], money(rem))
    if rem <= 0:
        s += " (exhausted)"
    return s


def payee_label(n, role):
    return "%s (%s)" % (n, role)


def render_claim(st):
    c = st.c
    cid = st.cid
    p = Page(BASE + "/claims/" + cid, "%s · %s · ClaimDesk" % (cid, c["claimant"]))
    header(p, active="My queue")
    p.n(2, "navigation", "Breadcrumb", bid=31)
    p.n(3, "link", "My queue", key="crumb_queue", bid=32)
    p.t(3, "›")
    p.t(3, cid)
    p.n(2, "heading", "Claim %s · %s" % (cid, c["claimant"]), props=("level=1",), bid=33)
    p.t(2, "%s · Policy %s · %s" % (c["line"], c["policy"], c["asset"]))
    diary = c["diary"]
    dtxt = diary + (" (overdue)" if diary < TODAY else " (today)" if diary == TODAY else "")
    p.t(2, "Status: %s · Loss date %s · Adjuster %s · Next diary %s" % (c["status"], c["loss"], USER, dtxt))
    p.seek(100)
    p.n(2, "toolbar", "Claim actions")
    p.n(3, "button", "Issue payment", key="issue_btn")
    p.n(3, "button", "Adjust reserves")
    p.n(3, "button", "Add diary")
    p.n(3, "button", "Close claim", key="close_claim")
    p.n(2, "tablist", "Claim sections")
    p.n(3, "tab", "Overview", props=("selected=True",))
    p.n(3, "tab", "Documents (%d)" % c["docs"], props=("selected=False",))
    p.n(3, "tab", "Contacts", props=("selected=False",))
    p.n(3, "tab", "Audit trail", props=("selected=False",))
    p.n(2, "region", "Loss description")
    p.n(3, "heading", "Loss description", props=("level=2",))
    p.t(3, c["desc"])
    # Reserves
    p.n(2, "region", "Reserves")
    p.n(3, "heading", "Reserves", props=("level=2",))
    p.n(3, "table", "Reserve lines")
    p.n(4, "row", "")
    for h in ["Reserve line", "Category", "Reserve", "Paid to date", "Remaining", "Status"]:
        p.n(5, "columnheader", h)
    total = 0.0
    for r in c["reserves"]:
        rem = r[3] - r[4]
        total += rem
        p.n(4, "row", "")
        p.n(5, "cell", "%s %s" % (r[0], r[1]))
        p.n(5, "cell", r[2])
        p.n(5, "cell", amt(r[3]))
        p.n(5, "cell", amt(r[4]))
        p.n(5, "cell", amt(rem))
        p.n(5, "cell", "Exhausted" if rem <= 0 else ("Closed" if len(r) > 5 and r[5] else "Open"))
    p.t(3, "Total outstanding %s" % money(total))
    # Payments
    p.n(2, "region", "Payment history")
    p.n(3, "heading", "Payment history", props=("level=2",))
    if c["payments"]:
        p.n(3, "table", "Payments on this claim")
        p.n(4, "row", "")
        for h in ["Payment", "Date", "Payee", "Reserve line", "Amount", "Type", "Status", "Actions"]:
            p.n(5, "columnheader", h)
        for pm in c["payments"]:
            p.n(4, "row", "")
            p.n(5, "cell", pm[0])
            p.n(5, "cell", pm[1])
            p.n(5, "cell", pm[2])
            p.n(5, "cell", pm[3])
            p.n(5, "cell", amt(pm[4]))
            p.n(5, "cell", pm[5])
            p.n(5, "cell", pm[6])
            p.n(5, "cell", "")
            if pm[6] == "Issued":
                p.n(6, "button", "Void %s" % pm[0], key="void:" + pm[0])
            else:
                p.n(6, "button", "View %s" % pm[0])
    else:
        p.t(3, "No payments have been issued on this claim.")
    # Payees
    p.n(2, "region", "Payees on file")
    p.n(3, "heading", "Payees on file", props=("level=2",))
    p.n(3, "list", "")
    for n, role in c["payees"]:
        p.n(4, "listitem", "")
        p.t(5, "%s — %s" % (n, role))
    # Related
    p.n(2, "complementary", "Possible related claims")
    p.n(3, "heading", "Possible related claims", props=("level=2",))
    p.t(3, "Matched on claimant surname. Review before linking.")
    p.n(3, "list", "")
    surname = c["claimant"].split()[-1]
    for r in QUEUE:
        if r[0] != cid and r[1].endswith(" " + surname):
            p.n(4, "listitem", "")
            p.n(5, "link", "%s · %s · %s" % (r[0], r[1], r[2]), key="related:" + r[0])
    # Notes
    p.n(2, "region", "Notes")
    p.n(3, "heading", "Notes", props=("level=2",))
    props = ["multiline=True"]
    if st.note_draft:
        props.append("value=%s" % q(st.note_draft))
    p.n(3, "textbox", "New note", key="note", props=tuple(props))
    p.n(3, "button", "Save note", key="save_note",
        props=() if st.note_draft else ("disabled=True",))
    p.n(3, "list", "Claim notes")
    for when, who, text in c["notes"]:
        p.n(4, "listitem", "")
        p.t(5, "%s · %s" % (when, who))
        p.t(5, text)
    # Dialogs
    d = st.dialog
    if d and d["kind"] == "form":
        render_form(p, st, d)
    elif d and d["kind"] == "confirm":
        render_confirm(p, st, d)
    if st.toast:
        p.seek(700)
        p.n(1, "status", "")
        p.t(2, st.toast)
        p.n(2, "button", "Dismiss notification", key="dismiss")
    footer(p)
    return p


def new_form():
    return {"kind": "form", "payee": None, "reserve": None, "amount": "", "ptype": "Partial",
            "ref": "", "error": None}


def render_form(p, st, d):
    c = st.c
    p.seek(500)
    title = "Issue payment — %s" % st.cid
    p.n(1, "dialog", title, props=("modal=True",))
    p.n(2, "heading", title, props=("level=2",))
    p.n(2, "button", "Close dialog", key="form_close")
    p.t(2, "Claimant: %s · Policy %s" % (c["claimant"], c["policy"]))
    popts = ["Select a payee"] + [payee_label(n, r) for n, r in c["payees"]]
    combo(p, 2, "Payee", popts, d["payee"] or "Select a payee", "payee")
    ropts = ["Select a reserve line"] + [reserve_label(r) for r in c["reserves"]]
    dis = [reserve_label(r) for r in c["reserves"] if r[3] - r[4] <= 0]
    rval = "Select a reserve line"
    if d["reserve"]:
        rval = reserve_label(st.reserve(d["reserve"]))
    combo(p, 2, "Reserve line", ropts, rval, "reserve", disabled=dis)
    props = ["required=True"]
    if d["amount"]:
        props.append("value=%s" % q(d["amount"]))
    if d["error"]:
        props.append("invalid='true'")
    p.n(2, "textbox", "Amount (USD)", key="amount", props=tuple(props))
    if d["error"]:
        p.t(2, d["error"])
    p.n(2, "radiogroup", "Payment type")
    p.n(3, "radio", "Partial payment", key="partial",
        props=("checked='%s'" % ("true" if d["ptype"] == "Partial" else "false"),))
    p.n(3, "radio", "Final payment (closes the reserve line)", key="final",
        props=("checked='%s'" % ("true" if d["ptype"] == "Final" else "false"),))
    props = ("value=%s" % q(d["ref"]),) if d["ref"] else ()
    p.n(2, "textbox", "Invoice or estimate reference (optional)", key="ref", props=props)
    p.t(2, "Payments are released in the next payment run (daily at 16:00).")
    p.n(2, "button", "Cancel", key="form_cancel")
    ready = d["payee"] and d["reserve"] and d["amount"] and not d["error"]
    p.n(2, "button", "Review payment", key="review", props=() if ready else ("disabled=True",))


def payee_name(label):
    return label.rsplit(" (", 1)[0]


def render_confirm(p, st, d):
    p.seek(540)
    r = st.reserve(d["reserve"])
    a = float(d["amount"])
    p.n(1, "alertdialog", "Confirm payment", props=("modal=True",))
    p.n(2, "heading", "Confirm payment", props=("level=2",))
    p.n(2, "button", "Close dialog", key="confirm_close")
    p.t(2, "Issue a %s payment of %s to %s from %s %s on claim %s?" % (
        "partial" if d["ptype"] == "Partial" else "final", money(a), payee_name(d["payee"]),
        r[0], r[1], st.cid))
    if d["ref"]:
        p.t(2, "Reference: %s" % d["ref"])
    p.t(2, "Remaining on %s after this payment: %s" % (r[0], money(r[3] - r[4] - a)))
    p.t(2, "Issued payments go out in the next payment run and can only be reversed with a void request.")
    p.n(2, "button", "Back to edit", key="back_edit")
    p.n(2, "button", "Issue payment", key="confirm_issue")


def apply_payment(st, d, date="2024-06-11"):
    a = float(d["amount"])
    r = st.reserve(d["reserve"])
    r[4] += a
    if d["ptype"] == "Final":
        r.append("closed")
    who = payee_name(d["payee"])
    st.c["payments"].insert(0, [NEW_PMT, date, who, d["reserve"], a, d["ptype"], "Issued"])
    st.c["notes"].insert(0, ("2024-06-11 10:02", "System", "Payment %s issued: %s to %s from %s." % (
        NEW_PMT, money(a), who, d["reserve"])))
    st.toast = "Payment %s for %s issued to %s." % (NEW_PMT, money(a), who)
    st.dialog = None


# ---------------------------------------------------------------------------
# Other pages: sign-in, not authorized
# ---------------------------------------------------------------------------

def render_signin(next_path):
    p = Page(BASE + "/signin?next=" + next_path, "Sign in · ClaimDesk")
    p.n(1, "banner", "", bid=10)
    p.n(2, "link", "ClaimDesk · Harborstone Mutual", bid=11)
    p.n(1, "main", "", bid=30)
    p.n(2, "heading", "Sign in to ClaimDesk", props=("level=1",), bid=33)
    p.n(2, "alert", "", bid=40)
    p.t(3, "Your session has timed out. Please sign in again.")
    p.seek(100)
    p.n(2, "textbox", "Work email", props=("required=True",))
    p.n(2, "textbox", "Password", props=("required=True",))
    p.n(2, "checkbox", "Keep me signed in on this device", props=("checked='false'",))
    p.n(2, "button", "Sign in")
    p.n(2, "link", "Sign in with company single sign-on")
    p.n(2, "link", "Forgot password?")
    footer(p)
    return p


def render_forbidden(st, d):
    cid = st.cid
    p = Page(BASE + "/claims/%s/payments" % cid, "Not authorized · ClaimDesk")
    header(p, active="My queue")
    p.n(2, "navigation", "Breadcrumb", bid=31)
    p.n(3, "link", "My queue", bid=32)
    p.t(3, "›")
    p.n(3, "link", cid, bid=34)
    p.t(3, "›")
    p.t(3, "Payment")
    p.n(2, "heading", "Payment not issued", props=("level=1",), bid=33)
    p.seek(100)
    p.n(2, "alert", "")
    p.t(3, "403 Not authorized: %s is above your single-payment authority of $1,000.00." % money(float(d["amount"])))
    p.t(2, "Ask a supervisor to approve this payment. Nothing has been sent to the payee.")
    p.t(2, "Reference 5c1e-9a70 · %s 10:02" % TODAY)
    p.n(2, "button", "Request supervisor approval")
    p.n(2, "link", "Back to claim %s" % cid, key="back_claim")
    footer(p)
    return p


# ---------------------------------------------------------------------------
# Run recorder
# ---------------------------------------------------------------------------

def fmt_cmd(name, *args):
    return "%s(%s)" % (name, ", ".join(repr(a) for a in args))


class Run:
    def __init__(self, name, fault, page):
        self.id = "claimdesk-" + name
        self.fault = fault
        self.page = page
        self.initial = page.obs()
        self.steps = []
        self.first = None
        self.success = fault is None

    def mark(self):
        """The next recorded step is the first one off track."""
        if self.first is None:
            self.first = len(self.steps)

    def mark_start(self):
        self.first = 0

    def act(self, commitment, verb, key, arg, reasoning, effect, nxt, error=None):
        bid, desc = self.page.ids[key]
        cmd = fmt_cmd(verb, bid) if arg is None else fmt_cmd(verb, bid, arg)
        self.steps.append({
            "commitment": commitment,
            "action": {"command": cmd, "reasoning": reasoning, "target": desc, "effect": effect},
            "observation": nxt.obs(error),
        })
        self.page = nxt

    def say(self, commitment, msg, reasoning):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": fmt_cmd("send_msg_to_user", msg), "reasoning": reasoning,
                       "target": None, "effect": "read"},
            "observation": self.page.obs(),
        })

    def record(self):
        if self.fault is None:
            assert self.first is None
        else:
            assert self.first is not None, self.id
        return {
            "id": self.id,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": self.first},
            "initial_observation": self.initial,
            "steps": self.steps,
            "outcome": {"success": self.success},
        }


# ---------------------------------------------------------------------------
# Shared flow on the claim page
# ---------------------------------------------------------------------------

PAYEE_OK = "Brightline Auto Body (Repair facility)"
DONE_MSG = ("Issued a partial payment of $1,250.00 to Brightline Auto Body on claim {cid} "
            "({pmt}) from the vehicle damage reserve, and added the note.")


def open_form(run, st, reasoning="Open the payment form from the claim actions"):
    st = st.clone()
    st.dialog = new_form()
    st.toast = None
    run.act("open-payment-form", "click", "issue_btn", None, reasoning, "read", render_claim(st))
    return st


def pay_flow(run, st, payee=PAYEE_OK, amounts=("1250.00",), cancel_first=False,
             back_to_edit_ref=None, outcome="ok", note=True, dismiss_toast=False, mark=None):
    """Drive the payment + note workflow from an opened claim page.

    mark: name of the sub-step at which the run first goes off track (faulty runs).
    outcome: ok | noop | forbidden | signin | premature | close_dialog
    """
    cid = st.cid
    if cancel_first:
        st = open_form(run, st, "Open the payment form to see which payees are on file")
        st = st.clone()
        st.dialog = None
        run.act("open-payment-form", "click", "form_cancel", None,
                "Close the form for now and check the vehicle damage reserve balance first",
                "read", render_claim(st))
        st = open_form(run, st, "Reserve PD-01 has enough remaining; reopen the payment form")
    else:
        st = open_form(run, st)
    # payee
    st = st.clone()
    st.dialog["payee"] = payee
    if mark == "payee":
        run.mark()
    run.act("enter-payment", "select_option", "payee", payee,
            "Choose the payee named in the task" if payee == PAYEE_OK else
            "Choose the Brightline payee", "read", render_claim(st))
    # reserve
    st = st.clone()
    st.dialog["reserve"] = "PD-01"
    run.act("enter-payment", "select_option", "reserve", reserve_label(st.reserve("PD-01")),
            "Pay from the vehicle damage reserve", "read", render_claim(st))
    # amount (possibly retyped)
    for i, a in enumerate(amounts):
        st = st.clone()
        st.dialog["amount"] = a
        if "," in a:
            st.dialog["error"] = "Enter the amount using digits and a decimal point only, for example 1250.00."
        else:
            st.dialog["error"] = None
        if mark == "amount" and i == 0:
            run.mark()
        reason = "Enter the payment amount"
        if i > 0:
            reason = "The form rejected the comma; retype the amount as digits only"
        run.act("enter-payment", "fill", "amount", a, reason, "read", render_claim(st))
    form = copy.deepcopy(st.dialog)
    # review
    if outcome == "signin":
        run.mark()
        run.act("issue-payment", "click", "review", None, "All fields are filled; review the payment",
                "read", render_signin("/claims/%s" % cid))
        run.say("issue-payment", "My ClaimDesk session timed out before the payment could be issued, "
                "so nothing was paid. Please sign in again and I will redo it.",
                "The sign-in page appeared; the payment was not issued")
        run.success = False
        return st
    st = st.clone()
    form["kind"] = "confirm"
    st.dialog = form
    run.act("issue-payment", "click", "review", None, "All fields are filled; review the payment",
            "read", render_claim(st))
    if back_to_edit_ref:
        st = st.clone()
        st.dialog["kind"] = "form"
        run.act("issue-payment", "click", "back_edit", None,
                "Go back and put the shop estimate number in the reference field before issuing",
                "read", render_claim(st))
        st = st.clone()
        st.dialog["ref"] = back_to_edit_ref
        run.act("enter-payment", "fill", "ref", back_to_edit_ref,
                "Reference the shop estimate E-5521", "read", render_claim(st))
        st = st.clone()
        st.dialog["kind"] = "confirm"
        run.act("issue-payment", "click", "review", None, "Review the payment again",
                "read", render_claim(st))
    if outcome == "premature":
        run.mark()
        run.say("report", DONE_MSG.format(cid=cid, pmt="payment confirmed"),
                "The payment summary is correct, so the payment is done")
        run.success = False
        return st
    if outcome == "close_dialog":
        st = st.clone()
        st.dialog = None
        run.mark()
        run.act("issue-payment", "click", "confirm_close", None,
                "The summary looks right; close the confirmation and move on to the note",
                "read", render_claim(st))
        run.success = False
    elif outcome == "forbidden":
        run.mark()
        page = render_forbidden(st, st.dialog)
        run.act("issue-payment", "click", "confirm_issue", None,
                "Summary matches the task; issue the payment", "irreversible", page)
        run.say("issue-payment", "ClaimDesk refused the payment: $1,250.00 is above my single-payment "
                "authority of $1,000.00, so nothing was issued on %s. It needs supervisor approval." % cid,
                "The payment was refused; report it")
        run.success = False
        return st
    elif outcome == "noop":
        st = st.clone()
        st.dialog = None
        run.mark()
        run.act("issue-payment", "click", "confirm_issue", None,
                "Summary matches the task; issue the payment", "irreversible", render_claim(st))
        run.success = False
    else:
        st = st.clone()
        apply_payment(st, st.dialog)
        if mark == "issue":
            run.mark()
        run.act("issue-payment", "click", "confirm_issue", None,
                "Summary matches the task; issue the payment", "irreversible", render_claim(st))
    if dismiss_toast and st.toast:
        st = st.clone()
        st.toast = None
        run.act("add-note", "click", "dismiss", None, "Payment confirmed; dismiss the notification",
                "read", render_claim(st))
    if not note:
        run.mark()
        run.say("report", "Done: partial payment %s of $1,250.00 issued to Brightline Auto Body "
                "on claim %s from the vehicle damage reserve." % (NEW_PMT, cid),
                "The payment was issued, which was the main part of the task")
        run.success = False
        return st
    st = st.clone()
    st.note_draft = NOTE
    run.act("add-note", "fill", "note", NOTE, "Type the note from the task", "read", render_claim(st))
    st = st.clone()
    st.note_draft = ""
    st.c["notes"].insert(0, ("2024-06-11 10:03", USER, NOTE))
    st.toast = "Note added to %s." % cid
    run.act("add-note", "click", "save_note", None, "Save the note", "write", render_claim(st))
    pmt = NEW_PMT if st.c["payments"] and st.c["payments"][0][0] == NEW_PMT else "payment issued"
    run.say("report", DONE_MSG.format(cid=cid, pmt=pmt), "Payment issued and note saved")
    return st


# ---------------------------------------------------------------------------
# Healthy runs
# ---------------------------------------------------------------------------

def h_search_id():
    run = Run("healthy-search-id", None, render_queue(qview()))
    run.act("open-claim", "fill", "search", TARGET, "Search for the claim number from the task",
            "read", render_queue(qview(query=TARGET)))
    run.act("open-claim", "click", "search_btn", None, "Run the search", "read", render_search(TARGET))
    st = ClaimState(TARGET)
    run.act("open-claim", "click", "hit:" + TARGET, None, "Open the exact match, Dana Okafor",
            "read", render_claim(st))
    pay_flow(run, st)
    return run


def h_browse_pages():
    run = Run("healthy-browse-pages", None, render_queue(qview()))
    run.act("open-claim", "click", "next", None,
            "CLM-2024-04817 is not on the first page; go to the next page",
            "read", render_queue(qview(page=2)))
    st = ClaimState(TARGET)
    run.act("open-claim", "click", "claim:" + TARGET, None,
            "Open CLM-2024-04817, Dana Okafor (not the 2023 claim or Marcus Okafor)",
            "read", render_claim(st))
    pay_flow(run, st)
    return run


def h_sort():
    run = Run("healthy-sort-claim-number", None, render_queue(qview()))
    run.act("open-claim", "click", "sort:claim", None, "Sort the queue by claim number",
            "read", render_queue(qview(sort="claim", dir="asc")))
    run.act("open-claim", "click", "sort:claim", None,
            "Ascending order puts the 2023 claims first; sort descending to reach the 2024-048xx range",
            "read", render_queue(qview(sort="claim", dir="desc")))
    st = ClaimState(TARGET)
    run.act("open-claim", "click", "claim:" + TARGET, None, "Open CLM-2024-04817 for Dana Okafor",
            "read", render_claim(st))
    pay_flow(run, st, dismiss_toast=True)
    return run


def h_search_surname():
    run = Run("healthy-search-surname", None, render_queue(qview()))
    run.act("open-claim", "fill", "search", "Okafor", "Search by the claimant surname",
            "read", render_queue(qview(query="Okafor")))
    run.act("open-claim", "press", "search", "Enter", "Submit the search", "read",
            render_search("Okafor"))
    st = ClaimState(TARGET)
    run.act("open-claim", "click", "hit:" + TARGET, None,
            "Five Okafor claims; the task names CLM-2024-04817 for Dana Okafor",
            "read", render_claim(st))
    pay_flow(run, st)
    return run


def h_filter_line_cancel():
    run = Run("healthy-line-filter-cancel", None, render_queue(qview()))
    run.act("open-claim", "select_option", "line", "Auto – collision",
            "The task says it is an auto collision claim; narrow the queue to that line",
            "read", render_queue(qview(line="Auto – collision")))
    st = ClaimState(TARGET)
    run.act("open-claim", "click", "claim:" + TARGET, None,
            "Open CLM-2024-04817 for Dana Okafor", "read", render_claim(st))
    pay_flow(run, st, cancel_first=True)
    return run


def h_retype_amount():
    run = Run("healthy-retype-amount", None, render_queue(qview()))
    run.act("open-claim", "fill", "search", TARGET, "Search for the claim number",
            "read", render_queue(qview(query=TARGET)))
    run.act("open-claim", "press", "search", "Enter", "Submit the search", "read", render_search(TARGET))
    st = ClaimState(TARGET)
    run.act("open-claim", "click", "hit:" + TARGET, None, "Open the exact match", "read", render_claim(st))
    pay_flow(run, st, amounts=("1,250", "1250.00"))
    return run


def h_recent_session_warning():
    run = Run("healthy-recent-session-warning", None, render_queue(qview(warning=True)))
    run.act("open-claim", "click", "stay", None, "Keep the session alive before starting",
            "read", render_queue(qview(toast="Session extended for another 30 minutes.")))
    st = ClaimState(TARGET)
    run.act("open-claim", "click", "recent:" + TARGET, None,
            "The claim is in Recently viewed: CLM-2024-04817 · Dana Okafor", "read", render_claim(st))
    pay_flow(run, st)
    return run


def h_back_to_edit():
    run = Run("healthy-back-to-edit", None, render_queue(qview()))
    run.act("open-claim", "click", "recent:" + TARGET, None,
            "Open CLM-2024-04817 · Dana Okafor from Recently viewed", "read",
            render_claim(ClaimState(TARGET)))
    st = ClaimState(TARGET)
    pay_flow(run, st, back_to_edit_ref="E-5521")
    return run


HEALTHY = [h_search_id, h_browse_pages, h_sort, h_search_surname, h_filter_line_cancel,
           h_retype_amount, h_recent_session_warning, h_back_to_edit]


# ---------------------------------------------------------------------------
# The plan. Written from the task text and the healthy pages above, before
# any faulty run was written; not tuned afterwards.
# ---------------------------------------------------------------------------

def A(text):
    return {"text": text, "on": "action"}


PLAN = {
    "task": TASK,
    "plan_falsifiers": {
        "execution": [
            "Sign in to ClaimDesk",
            "Your session has timed out",
            "Something went wrong",
        ],
        "planning": [
            "Payments are frozen on this claim",
        ],
    },
    "commitments": [
        {
            "id": "open-claim",
            "subgoal": "Find and open claim CLM-2024-04817 (claimant Dana Okafor, auto collision)",
            "skill": "open_record_by_id",
            "confidence": 0.8,
            "confirm": {
                "precondition": ["My claims queue"],
                "progress": ["CLM-2024-04817"],
                "completion": ["Claim CLM-2024-04817 · Dana Okafor"],
            },
            "falsify": {
                "execution": [
                    "Claim CLM-2024-04871",
                    "Claim CLM-2024-04718",
                    "Claim CLM-2023-04817",
                    "Claim CLM-2024-04816",
                    "Marcus Okafor",
                    "Dane Okafor",
                    "Teresa Okafor",
                    "No claims match",
                    A("CLM-2024-04871"),
                    A("CLM-2024-04718"),
                    A("CLM-2023-04817"),
                ],
                "skill": ["Search is temporarily unavailable"],
                "planning": ["Claim CLM-2024-04817 is closed"],
            },
        },
        {
            "id": "open-payment-form",
            "subgoal": "Open the Issue payment form on CLM-2024-04817",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["Claim CLM-2024-04817 · Dana Okafor"],
                "progress": [],
                "completion": ["Issue payment — CLM-2024-04817"],
            },
            "falsify": {
                "execution": [
                    "Issue payment — CLM-2024-04871",
                    "Issue payment — CLM-2024-04718",
                    "Issue payment — CLM-2023-04817",
                    A("Close claim"),
                ],
                "skill": ["Issue payment button is unavailable"],
                "planning": ["Claim is closed; payments cannot be issued"],
            },
        },
        {
            "id": "enter-payment",
            "subgoal": "Payee Brightline Auto Body, reserve PD-01 Vehicle damage, amount 1250.00, partial payment",
            "confidence": 0.6,
            "confirm": {
                "precondition": ["Issue payment — CLM-2024-04817"],
                "progress": ["Brightline Auto Body (Repair facility)", "PD-01 Vehicle damage"],
                "completion": ["1250.00", "Partial payment"],
            },
            "falsify": {
                "execution": [
                    A("Brightline Auto Rentals"),
                    A("RN-01 Rental reimbursement"),
                    A("Final payment"),
                    A("12500"),
                    A("125.00"),
                    "Amount exceeds the remaining reserve",
                ],
                "skill": ["The payee list is empty"],
                "planning": ["Brightline Auto Body is not a payee on this claim"],
            },
        },
        {
            "id": "issue-payment",
            "subgoal": "Review the payment summary and issue it",
            "confidence": 0.6,
            "confirm": {
                "precondition": ["Review payment"],
                "progress": ["Confirm payment",
                             "Issue a partial payment of $1,250.00 to Brightline Auto Body"],
                "completion": ["for $1,250.00 issued to Brightline Auto Body"],
            },
            "falsify": {
                "execution": [
                    "Payment could not be issued",
                    "exceeds your payment authority",
                    "No new payment appears in the payment history",
                    A("Void PMT-"),
                ],
                "planning": ["Reserve PD-01 is exhausted"],
            },
        },
        {
            "id": "add-note",
            "subgoal": "Add the claim note about the partial payment",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["New note"],
                "progress": [NOTE],
                "completion": ["Note added to CLM-2024-04817"],
            },
            "falsify": {
                "execution": [
                    "Note could not be saved",
                    "Note added to CLM-2024-04871",
                ],
            },
        },
        {
            "id": "report",
            "subgoal": "Tell the user the payment was issued and the note added",
            "confidence": 0.8,
            "confirm": {
                "precondition": ["Note added to CLM-2024-04817",
                                 "Payment history lists a partial payment of 1,250.00 to Brightline Auto Body marked Issued"],
                "progress": [],
                "completion": [],
            },
            "falsify": {
                "execution": [
                    "Confirm payment",
                    "No confirmation that the payment was issued is shown",
                    "The note has not been saved",
                ],
            },
        },
    ],
}


def ystr(s):
    return json.dumps(s, ensure_ascii=False)


def yitem(it):
    if isinstance(it, str):
        return ystr(it)
    return "{text: %s, on: %s}" % (ystr(it["text"]), it["on"])


def plan_yaml(plan):
    out = ["# ClaimDesk: partial payment on one claim, one payee, then a claim note.",
           "# Written from the task text and the healthy pages only.",
           "task: " + ystr(plan["task"]),
           "plan_falsifiers:"]
    for scope, items in plan["plan_falsifiers"].items():
        out.append("  %s:" % scope)
        for it in items:
            out.append("    - " + yitem(it))
    out.append("commitments:")
    for c in plan["commitments"]:
        out.append("  - id: " + c["id"])
        out.append("    subgoal: " + ystr(c["subgoal"]))
        if "skill" in c:
            out.append("    skill: " + c["skill"])
        out.append("    confidence: %s" % c["confidence"])
        for sect in ("confirm", "falsify"):
            out.append("    %s:" % sect)
            for stage, items in c[sect].items():
                if not items:
                    out.append("      %s: []" % stage)
                    continue
                out.append("      %s:" % stage)
                for it in items:
                    out.append("        - " + yitem(it))
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# Faulty runs (written after the plan above was fixed)
# ---------------------------------------------------------------------------

FAULTY = []


def faulty(fn):
    FAULTY.append(fn)
    return fn


@faulty
def f_wrong_record_search():
    # Agent-caused: opens Marcus Okafor's claim CLM-2024-04871 from the surname search.
    run = Run("wrong_record-search-marcus", "wrong_record", render_queue(qview()))
    run.act("open-claim", "fill", "search", "Okafor", "Search by the claimant surname",
            "read", render_queue(qview(query="Okafor")))
    run.act("open-claim", "press", "search", "Enter", "Submit the search", "read",
            render_search("Okafor"))
    st = ClaimState("CLM-2024-04871")
    run.mark()
    run.act("open-claim", "click", "hit:CLM-2024-04871", None,
            "Open CLM-2024-04871, the Okafor auto collision claim", "read", render_claim(st))
    pay_flow(run, st)
    run.success = False
    return run


@faulty
def f_wrong_record_browse():
    # Agent-caused: on page 2 Dane Okafor (CLM-2024-04718) sits right above Dana Okafor.
    run = Run("wrong_record-browse-dane", "wrong_record", render_queue(qview()))
    run.act("open-claim", "click", "next", None, "The claim is not on page 1; go to the next page",
            "read", render_queue(qview(page=2)))
    st = ClaimState("CLM-2024-04718")
    run.mark()
    run.act("open-claim", "click", "claim:CLM-2024-04718", None,
            "Open the Okafor auto collision claim on this page", "read", render_claim(st))
    pay_flow(run, st)
    run.success = False
    return run


@faulty
def f_wrong_payee():
    # Agent-caused: picks the rental vendor, Brightline Auto Rentals.
    run = Run("wrong_value-payee-rentals", "wrong_value", render_queue(qview()))
    st = ClaimState(TARGET)
    run.act("open-claim", "click", "recent:" + TARGET, None,
            "Open CLM-2024-04817 · Dana Okafor from Recently viewed", "read", render_claim(st))
    pay_flow(run, st, payee="Brightline Auto Rentals (Rental vendor)", mark="payee")
    run.success = False
    return run


@faulty
def f_wrong_amount():
    # Agent-caused: types the shop supplement figure 1520.00 instead of 1250.00.
    run = Run("wrong_value-amount-1520", "wrong_value", render_queue(qview()))
    run.act("open-claim", "fill", "search", TARGET, "Search for the claim number from the task",
            "read", render_queue(qview(query=TARGET)))
    run.act("open-claim", "click", "search_btn", None, "Run the search", "read", render_search(TARGET))
    st = ClaimState(TARGET)
    run.act("open-claim", "click", "hit:" + TARGET, None, "Open the exact match, Dana Okafor",
            "read", render_claim(st))
    pay_flow(run, st, amounts=("1520.00",), mark="amount")
    run.success = False
    return run


@faulty
def f_silent_no_op():
    # Environment: Issue payment closes the dialog but nothing is recorded, no toast.
    run = Run("silent_no_op-issue", "silent_no_op", render_queue(qview()))
    run.act("open-claim", "click", "next", None,
            "CLM-2024-04817 is not on the first page; go to the next page",
            "read", render_queue(qview(page=2)))
    st = ClaimState(TARGET)
    run.act("open-claim", "click", "claim:" + TARGET, None,
            "Open CLM-2024-04817, Dana Okafor", "read", render_claim(st))
    pay_flow(run, st, outcome="noop")
    return run


@faulty
def f_unrequested_filter():
    # Agent-caused: adds a diary filter nobody asked for; the target drops out of the list
    # and the prior-year claim with the same serial number is the only 04817 left.
    run = Run("unrequested_filter-diary-due", "unrequested_filter", render_queue(qview()))
    run.mark()
    run.act("open-claim", "select_option", "diary", "Due today or overdue",
            "Payments are urgent work; show only claims whose diary is due to shorten the list",
            "read", render_queue(qview(diary="Due today or overdue")))
    run.act("open-claim", "fill", "qfilter", "04817", "Filter the queue by the claim serial",
            "read", render_queue(qview(diary="Due today or overdue", text="04817")))
    st = ClaimState("CLM-2023-04817")
    run.act("open-claim", "click", "claim:CLM-2023-04817", None, "Open the only claim ending 04817",
            "read", render_claim(st))
    open_form(run, st)
    run.say("enter-payment", "Brightline Auto Body is not listed as a payee on claim CLM-2023-04817, "
            "so I could not issue the payment. Should I add them as a payee first?",
            "The payee from the task is missing from the payee list")
    run.success = False
    return run


@faulty
def f_stale_filter():
    # Environment: the queue opens on a saved Property view that hides every auto claim.
    start = qview(saved="Property claims", line="Property – all")
    run = Run("stale_filter-saved-property-view", "stale_filter", render_queue(start))
    run.mark_start()
    start2 = dict(start)
    start2["text"] = TARGET
    run.act("open-claim", "fill", "qfilter", TARGET, "Filter my queue to the claim number",
            "read", render_queue(start2))
    run.say("open-claim", "Claim CLM-2024-04817 is not in your queue, so I could not issue the "
            "payment or add the note. It may have been reassigned.",
            "No claims match; the claim seems not to be assigned to me")
    run.success = False
    return run


@faulty
def f_permission_denied():
    # Environment: the payment is refused for authority limits after Issue payment.
    run = Run("permission_denied-authority", "permission_denied", render_queue(qview()))
    run.act("open-claim", "fill", "search", "Okafor", "Search by the claimant surname",
            "read", render_queue(qview(query="Okafor")))
    run.act("open-claim", "press", "search", "Enter", "Submit the search", "read",
            render_search("Okafor"))
    st = ClaimState(TARGET)
    run.act("open-claim", "click", "hit:" + TARGET, None,
            "The task names CLM-2024-04817 for Dana Okafor", "read", render_claim(st))
    pay_flow(run, st, outcome="forbidden")
    return run


@faulty
def f_session_lost():
    # Environment: the session is gone when the agent asks to review the payment.
    run = Run("session_lost-review", "session_lost", render_queue(qview()))
    run.act("open-claim", "select_option", "line", "Auto – collision",
            "The task says it is an auto collision claim; narrow the queue to that line",
            "read", render_queue(qview(line="Auto – collision")))
    st = ClaimState(TARGET)
    run.act("open-claim", "click", "claim:" + TARGET, None,
            "Open CLM-2024-04817 for Dana Okafor", "read", render_claim(st))
    pay_flow(run, st, outcome="signin")
    return run


@faulty
def f_premature_success():
    # Agent-caused: reports success while the confirmation dialog is still waiting.
    run = Run("premature_success-confirm-open", "premature_success", render_queue(qview()))
    run.act("open-claim", "fill", "search", TARGET, "Search for the claim number from the task",
            "read", render_queue(qview(query=TARGET)))
    run.act("open-claim", "press", "search", "Enter", "Submit the search", "read", render_search(TARGET))
    st = ClaimState(TARGET)
    run.act("open-claim", "click", "hit:" + TARGET, None, "Open the exact match", "read",
            render_claim(st))
    pay_flow(run, st, outcome="premature")
    return run


@faulty
def f_skipped_note():
    # Agent-caused: issues the payment correctly but never adds the note.
    run = Run("skipped_step-no-note", "skipped_step", render_queue(qview()))
    st = ClaimState(TARGET)
    run.act("open-claim", "click", "recent:" + TARGET, None,
            "Open CLM-2024-04817 · Dana Okafor from Recently viewed", "read", render_claim(st))
    pay_flow(run, st, note=False)
    return run


@faulty
def f_dialog_mishandled():
    # Agent-caused: closes the confirmation dialog with the X instead of confirming.
    run = Run("dialog_mishandled-close-confirm", "dialog_mishandled", render_queue(qview()))
    run.act("open-claim", "click", "sort:claim", None, "Sort the queue by claim number",
            "read", render_queue(qview(sort="claim", dir="asc")))
    run.act("open-claim", "click", "sort:claim", None,
            "Sort descending to reach the 2024-048xx range", "read",
            render_queue(qview(sort="claim", dir="desc")))
    st = ClaimState(TARGET)
    run.act("open-claim", "click", "claim:" + TARGET, None, "Open CLM-2024-04817 for Dana Okafor",
            "read", render_claim(st))
    pay_flow(run, st, outcome="close_dialog")
    return run


# ---------------------------------------------------------------------------

def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    runs = [f().record() for f in HEALTHY] + [f().record() for f in FAULTY]
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for r in runs:
            fh.write(json.dumps(r, ensure_ascii=False, sort_keys=False) + "\n")
    with open(os.path.join(out, PLAN_REL), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(plan_yaml(PLAN))


if __name__ == "__main__":
    main()
