#!/usr/bin/env python3
"""Generate the LoanShelf held-out corpus (interlibrary-loan staff desk, hold request wizard).

Standard library only, fixed seed, byte-for-byte reproducible.

    python3 make_corpus.py              # writes ./corpus.jsonl and ./plans/loanshelf_hold.yaml
    python3 make_corpus.py --out DIR    # same files under DIR (used by selftest.py)
"""
import argparse
import json
import os
import random
import zlib

SEED = 40731
BASE = "http://127.0.0.1:8000"
WORKFLOW = "loanshelf_hold"
PLAN_REL = "plans/loanshelf_hold.yaml"

TASK = ("Place a hold for patron P-40731 on the 2019 second edition of 'Foundations of Molecular "
        "Ecology' (Okafor & Lindqvist) with pickup at the Science branch. Use the New hold request "
        "wizard (Item, Patron, Pickup, Review), submit it, and tell me the request number from the "
        "confirmation page.")

DRAFT = "HR-D-7742"

# --------------------------------------------------------------------------------------------
# Application data
# --------------------------------------------------------------------------------------------

# Every catalogue record the item step can list. 'added' is the position in "recently added".
CATALOGUE = [
    dict(key="hyd", title="Advanced Hydrogeology", ed="2nd ed.", year=2018, authors="Marsh, T.",
         isbn="978-0-7506-4410-9", copies="3 of 3 available", added=9),
    dict(key="bay", title="Bayesian Methods in Ecology", ed="1st ed.", year=2021,
         authors="Quintero, L.; Haas, J.", isbn="978-1-3180-2291-4", copies="1 of 2 available", added=2),
    dict(key="cel", title="Cell Signalling Pathways", ed="4th ed.", year=2020, authors="Dunmore, A.",
         isbn="978-0-3930-7712-6", copies="0 of 1 available", added=5),
    dict(key="efm", title="Ecological Field Methods", ed="1st ed.", year=2016,
         authors="Pellegrini, S.", isbn="978-1-1180-4420-8", copies="2 of 2 available", added=12),
    dict(key="ecp", title="Environmental Chemistry Primer", ed="3rd ed.", year=2022,
         authors="Yamauchi, R.", isbn="978-0-1981-7730-1", copies="1 of 1 available", added=4),
    dict(key="mic2", title="Foundations of Microbial Ecology", ed="2nd ed.", year=2019,
         authors="Brandt, K.; Okafor, N.", isbn="978-0-86542-771-9", copies="0 of 2 available", added=10),
    dict(key="mol1", title="Foundations of Molecular Ecology", ed="1st ed.", year=2011,
         authors="Okafor, N.", isbn="978-1-4051-2297-5", copies="1 of 1 available", added=14),
    dict(key="mol2", title="Foundations of Molecular Ecology", ed="2nd ed.", year=2019,
         authors="Okafor, N.; Lindqvist, H.", isbn="978-1-4051-6120-2", copies="0 of 3 available",
         added=8),
    dict(key="mol3", title="Foundations of Molecular Ecology", ed="3rd ed.", year=2023,
         authors="Okafor, N.; Lindqvist, H.", isbn="978-1-4051-8823-0", copies="2 of 2 available",
         added=3),
    dict(key="fwi", title="Freshwater Invertebrates of Northern Europe", ed="1st ed.", year=2015,
         authors="Halvorsen, E.", isbn="978-0-5217-1184-0", copies="1 of 1 available", added=13),
    dict(key="glm", title="Genomics Lab Manual", ed="2nd ed.", year=2022, authors="Bhatt, P.",
         isbn="978-1-6211-0093-7", copies="4 of 5 available", added=6),
    dict(key="ppe", title="Plant Physiology Essentials", ed="1st ed.", year=2024,
         authors="Osei, D.; Ferreira, M.", isbn="978-0-3231-5562-2", copies="0 of 2 available", added=1),
    dict(key="som", title="Soil Microbiomes", ed="1st ed.", year=2017, authors="Kowalczyk, B.",
         isbn="978-3-6620-1185-3", copies="2 of 3 available", added=11),
    dict(key="srf", title="Statistical Rethinking for Field Biologists", ed="1st ed.", year=2020,
         authors="Abernathy, C.", isbn="978-1-4987-2205-5", copies="1 of 4 available", added=7),
]
CAT = {c["key"]: c for c in CATALOGUE}
RECORD_NO = {"mol1": "b0948120", "mol2": "b1730552", "mol3": "b2291847", "mic2": "b1730525"}


def label(key):
    c = CAT[key]
    return f"{c['title']}, {c['ed']} ({c['year']})"


PATRONS = {
    "P-40731": dict(name="Imogen Trevathan", kind="Graduate research student",
                    dept="School of Biological Sciences", home="Main Library",
                    standing="Good standing · 1 overdue loan", email="i.trevathan@harrowgate.ac.uk"),
    "P-40713": dict(name="Ivo Trevanion", kind="Undergraduate", dept="School of Geography",
                    home="Health Sciences Branch", standing="Good standing",
                    email="i.trevanion@harrowgate.ac.uk"),
    "P-47031": dict(name="Amara Olawale", kind="Academic staff", dept="Department of Chemistry",
                    home="Science Branch", standing="Good standing", email="a.olawale@harrowgate.ac.uk"),
    "P-51882": dict(name="Mei Castellanos", kind="Graduate taught student", dept="School of Medicine",
                    home="Health Sciences Branch", standing="Good standing",
                    email="m.castellanos@harrowgate.ac.uk"),
    "P-40371": dict(name="Dominic Achterberg", kind="Undergraduate", dept="School of Law",
                    home="Law Branch", standing="Blocked · unpaid fines £14.50",
                    email="d.achterberg@harrowgate.ac.uk"),
}

PICKUPS = [
    ("main", "Main Library — Circulation Desk", "Main Library", "Mon–Sun 08:00–22:00"),
    ("sci", "Science Branch — Level 1 service point", "Science Branch", "Mon–Fri 08:00–20:00 · Sat 10:00–16:00"),
    ("hsc", "Health Sciences Branch — Welcome desk", "Health Sciences Branch", "Mon–Fri 08:30–19:00"),
    ("eng", "Engineering Branch — Ground floor counter", "Engineering Branch", "Mon–Fri 09:00–17:00"),
    ("law", "Law Branch — closed for refurbishment until 30 June", "Law Branch", "Closed"),
]
PICK = {p[0]: p for p in PICKUPS}
HOME_CODE = {p[2]: p[0] for p in PICKUPS}

NAV = ["Dashboard", "Requests", "Catalogue", "Patrons", "Pickup points", "Reports"]


# --------------------------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym flattened AXTree style)
# --------------------------------------------------------------------------------------------

class Page:
    def __init__(self, rng, url, title):
        self.rng = rng
        self.url = url
        self.title = title
        self.lines = [f"RootWebArea {title!r}, focused"]
        self.keys = {}
        self.n = 13

    def add(self, depth, role, name="", *props, key=None):
        if role == "StaticText":
            self.lines.append("\t" * depth + f"StaticText {name!r}")
            return None
        # BrowserGym numbers elements in document order, skipping unlabelled wrappers; the skip
        # depends only on the element, so unchanged page prefixes keep their bids across steps.
        self.n += 1 + (zlib.crc32(f"{role}|{name}".encode("utf-8")) % 7 == 0) * 2
        bid = str(self.n)
        line = "\t" * depth + f"[{bid}] {role} {name!r}"
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        if key is not None:
            assert key not in self.keys, (self.url, key)
            self.keys[key] = (bid, f"{role} {name!r}")
        return bid

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


def chk(flag):
    return f"checked={'true' if flag else 'false'!r}"


def chrome(p, S, crumbs, active):
    p.add(1, "banner", "")
    p.add(2, "link", "Skip to main content")
    p.add(2, "link", "LoanShelf Staff Desk", key="home")
    p.add(2, "StaticText", "Harrowgate University Libraries · Interlibrary Loan & Holds")
    p.add(2, "search", "")
    gprops = [f"value={S['gq']!r}"] if S.get("gq") else []
    p.add(3, "searchbox", "Search catalogue", *gprops, key="gsearch")
    p.add(3, "button", "Search", key="gsearch_go")
    p.add(2, "status", "Desk counters", "live='polite'")
    p.add(3, "StaticText", f"{S['open']} open")
    p.add(3, "StaticText", f"{S['overdue']} overdue")
    p.add(3, "StaticText", f"{S['failed']} failed notices")
    p.add(2, "button", f"Alerts ({S['alerts']})", "hasPopup='menu'", "expanded=False")
    p.add(2, "button", S["user_label"], "hasPopup='menu'", "expanded=False", key="usermenu")
    p.add(1, "navigation", "Primary")
    p.add(2, "list", "")
    for item in NAV:
        p.add(3, "listitem", "")
        props = ["current='page'"] if item == active else []
        p.add(4, "link", item, *props, key="nav_" + item.lower().replace(" ", "_"))
    p.add(1, "navigation", "Breadcrumb")
    for i, c in enumerate(crumbs):
        if i < len(crumbs) - 1:
            p.add(2, "link", c)
            p.add(2, "StaticText", "›")
        else:
            p.add(2, "StaticText", c)
    p.add(1, "main", "")


def footer(p, S, toast=None):
    if toast:
        p.add(1, "status", "", "live='polite'")
        p.add(2, "StaticText", toast)
        p.add(2, "button", "Dismiss notification")
    p.add(1, "contentinfo", "")
    p.add(2, "StaticText", "LoanShelf 4.12.2 · Harrowgate University Libraries")
    p.add(2, "link", "Staff help")
    p.add(2, "link", "Accessibility statement")
    p.add(2, "link", "Privacy notice")
    p.add(2, "StaticText", f"Catalogue last synced {S['sync']} · Courier run {S['courier']}")


def table(p, depth, name, headers, rows, sortable=()):
    """rows: list of lists of cells; a cell is a str or a tuple (role, name, key, *props)."""
    p.add(depth, "table", name)
    p.add(depth + 1, "rowgroup", "")
    p.add(depth + 2, "row", "")
    for h in headers:
        p.add(depth + 3, "columnheader", h)
        if h in sortable:
            p.add(depth + 4, "button", f"Sort by {h.lower()}", key=f"sort_{h.lower()}")
    p.add(depth + 1, "rowgroup", "")
    for row in rows:
        p.add(depth + 2, "row", "")
        for cell in row:
            if isinstance(cell, str):
                p.add(depth + 3, "cell", cell)
            else:
                role, cname, key = cell[0], cell[1], cell[2]
                p.add(depth + 3, "cell", "")
                p.add(depth + 4, role, cname, *cell[3:], key=key)


# --------------------------------------------------------------------------------------------
# Run bookkeeping
# --------------------------------------------------------------------------------------------

class Run:
    def __init__(self, rid, fault=None, off=None, reqno="HR-20431", **state):
        self.rid = rid
        self.fault = fault
        self.off = off
        self.rng = random.Random(f"{SEED}:{rid}")
        self.reqno = reqno
        self.S = dict(open=40 + self.rng.randint(0, 5), overdue=7, failed=2, alerts=3,
                      user_label="R. Adeyemi — ILL desk (Main Library)", can_hold=True,
                      item=None, patron=None, pickup="main", notafter="", note="",
                      hold_days="7 days", any_edition=False, draft=False, gq="",
                      sync=f"08:{self.rng.randint(10, 55):02d}", courier="14:00")
        self.S.update(state)
        self.steps = []
        self.page = None
        self.initial = None
        self.success = False

    def new(self, url, title):
        return Page(self.rng, url, title)

    def start(self, page):
        self.page = page
        self.initial = page.obs()

    def act(self, cmt, kind, key, reasoning, effect, page, arg=None, error=None):
        if kind == "send_msg_to_user":
            command = f"send_msg_to_user({arg!r})"
            target = "message to user"
        elif kind == "noop":
            command = "noop(1000)"
            target = "none"
        elif kind == "go_back":
            command = "go_back()"
            target = "browser history"
        else:
            bid, target = self.page.keys[key]
            if kind == "click":
                command = f"click({bid!r})"
            elif kind == "fill":
                command = f"fill({bid!r}, {arg!r})"
            elif kind == "press":
                command = f"press({bid!r}, {arg!r})"
            elif kind == "select_option":
                command = f"select_option({bid!r}, {arg!r})"
            else:
                raise ValueError(kind)
        step = {"commitment": cmt,
                "action": {"command": command, "reasoning": reasoning, "target": target,
                           "effect": effect}}
        self.page = page if page is not None else self.page
        step["observation"] = self.page.obs(error)
        self.steps.append(step)

    def record(self):
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "initial_observation": self.initial,
            "steps": self.steps,
            "outcome": {"success": self.success},
        }


# --------------------------------------------------------------------------------------------
# Screens
# --------------------------------------------------------------------------------------------

def dashboard(r, banner=None, toast=None):
    S = r.S
    p = r.new(f"{BASE}/desk", "Desk overview | LoanShelf")
    chrome(p, S, ["Desk", "Overview"], "Dashboard")
    p.add(2, "heading", "Desk overview")
    if banner:
        p.add(2, "region", "Service notice")
        for line in banner:
            p.add(3, "StaticText", line)
    p.add(2, "region", "Today at the desk")
    for k, v in (("Open requests", S["open"]), ("Awaiting pickup", 18),
                 ("Overdue loans", S["overdue"]), ("Failed notifications", S["failed"]),
                 ("Courier deliveries due", 5)):
        p.add(3, "StaticText", k)
        p.add(3, "StaticText", str(v))
    if S["can_hold"]:
        p.add(2, "button", "New hold request", key="new_hold")
    p.add(2, "link", "Import ILL requests (CSV)")
    p.add(2, "link", "Print pull list")
    p.add(2, "heading", "Recent requests")
    rows = [
        [("link", "HR-20418", "req_20418"), "P-40713 Ivo Trevanion", label("mol3"),
         "Health Sciences Branch", "Ready for pickup", "09:12"],
        [("link", "HR-20417", "req_20417"), "P-51882 Mei Castellanos", label("srf"),
         "Science Branch", "Cancelled by patron", "08:57"],
        [("link", "HR-20416", "req_20416"), "P-38090 Tomasz Wierzbicki", label("mic2"),
         "Science Branch", "Courier delivery failed", "08:40"],
        [("link", "HR-20415", "req_20415"), "P-40731 Imogen Trevathan", label("som"),
         "Main Library", "Overdue — recall sent", "Yesterday"],
        [("link", "HR-20413", "req_20413"), "P-47031 Amara Olawale", label("mol1"),
         "Engineering Branch", "Collected", "Yesterday"],
    ]
    table(p, 2, "Recent requests", ["Request", "Patron", "Item", "Pickup", "Status", "Updated"], rows,
          sortable=("Request", "Status", "Updated"))
    p.add(2, "navigation", "Pagination")
    p.add(3, "StaticText", f"Showing 1–5 of {S['open']}")
    p.add(3, "button", "Previous page", "disabled=True")
    p.add(3, "link", "1", "current='page'")
    p.add(3, "link", "2")
    p.add(3, "link", "3")
    p.add(3, "button", "Next page", key="dash_next")
    footer(p, S, toast)
    return p


def catalogue_results(r, query, keys):
    S = r.S
    q = query.replace(" ", "+")
    p = r.new(f"{BASE}/desk/catalogue?q={q}", f"Catalogue search: {query} | LoanShelf")
    chrome(p, S, ["Desk", "Catalogue", "Search"], "Catalogue")
    p.add(2, "heading", "Catalogue search")
    p.add(2, "StaticText", f"{len(keys)} results for “{query}”")
    p.add(2, "combobox", "Sort results", "value='Relevance'", "hasPopup='listbox'", "expanded=False")
    p.add(2, "group", "Refine results")
    p.add(3, "checkbox", "Print (4)", chk(False))
    p.add(3, "checkbox", "E-book (1)", chk(False))
    p.add(3, "checkbox", "Available now (2)", chk(False))
    p.add(3, "checkbox", "Held at Science Branch (3)", chk(False))
    p.add(2, "list", "Search results")
    for k in keys:
        c = CAT[k]
        p.add(3, "listitem", "")
        p.add(4, "link", label(k), key=f"cat_{k}")
        p.add(4, "StaticText", f"{c['authors']} · Calder & Voss Academic · ISBN {c['isbn']}")
        p.add(4, "StaticText", c["copies"])
    p.add(2, "StaticText", "Page 1 of 1")
    footer(p, S)
    return p


def catalogue_record(r, key, toast=None):
    S = r.S
    c = CAT[key]
    rec = RECORD_NO[key]
    p = r.new(f"{BASE}/desk/catalogue/{rec}", f"{label(key)} | LoanShelf")
    chrome(p, S, ["Desk", "Catalogue", "Record"], "Catalogue")
    p.add(2, "heading", c["title"])
    p.add(2, "StaticText", f"{c['ed']} · {c['year']} · {c['authors']}")
    p.add(2, "StaticText", f"Publisher: Calder & Voss Academic · 612 pages · ISBN {c['isbn']}")
    p.add(2, "StaticText", f"Record {rec} · Shelfmark QH 438.4 .O38 {c['year']}")
    p.add(2, "button", "Place hold", key="place_hold")
    p.add(2, "button", "Request chapter scan")
    p.add(2, "button", "Add to reading list")
    p.add(2, "heading", "Copies")
    table(p, 2, "Copies", ["Branch", "Copy", "Status", "Due back"], [
        ["Science Branch", "c.1", "On loan", "14 Mar"],
        ["Science Branch", "c.2", "On loan — overdue", "28 Feb"],
        ["Main Library", "c.3", "Missing — search in progress", "—"],
    ])
    p.add(2, "StaticText", "Holds queue: 4 waiting")
    p.add(2, "heading", "Other editions")
    p.add(2, "list", "")
    for k in ("mol3", "mol1"):
        p.add(3, "listitem", "")
        p.add(4, "link", label(k))
    p.add(2, "heading", "You might also mean")
    p.add(2, "link", label("mic2"))
    footer(p, S, toast)
    return p


def patrons_page(r, query=None, typed=None):
    S = r.S
    url = f"{BASE}/desk/patrons" + (f"?q={query}" if query else "")
    p = r.new(url, "Patrons | LoanShelf")
    chrome(p, S, ["Desk", "Patrons"], "Patrons")
    p.add(2, "heading", "Patrons")
    p.add(2, "search", "")
    box = typed if typed is not None else query
    props = [f"value={box!r}"] if box else []
    p.add(3, "searchbox", "Find patron by ID, name or card barcode", *props, key="pfind")
    p.add(3, "button", "Find", key="pfind_go")
    if query:
        p.add(2, "StaticText", f"1 patron matches “{query}”")
        pt = PATRONS[query]
        table(p, 2, "Matching patrons", ["ID", "Name", "Type", "Home branch", "Standing"], [
            [query, ("link", pt["name"], "plink"), pt["kind"], pt["home"], pt["standing"]]])
    p.add(2, "heading", "Recently active patrons")
    rows = []
    for pid in ("P-40713", "P-47031", "P-51882", "P-40371"):
        pt = PATRONS[pid]
        rows.append([pid, ("link", pt["name"], f"recent_{pid}"), pt["kind"], pt["home"], pt["standing"]])
    table(p, 2, "Recently active patrons", ["ID", "Name", "Type", "Home branch", "Standing"], rows,
          sortable=("ID", "Name"))
    footer(p, S)
    return p


def patron_record(r, pid):
    S = r.S
    pt = PATRONS[pid]
    p = r.new(f"{BASE}/desk/patrons/{pid}", f"{pt['name']} ({pid}) | LoanShelf")
    chrome(p, S, ["Desk", "Patrons", pt["name"]], "Patrons")
    p.add(2, "heading", pt["name"])
    p.add(2, "StaticText", f"{pid} · {pt['kind']} · {pt['dept']}")
    p.add(2, "StaticText", f"Home branch: {pt['home']} · Card expires 30 Sep 2026 · {pt['email']}")
    p.add(2, "button", "Place hold for this patron", key="phold")
    p.add(2, "button", "Renew all loans")
    p.add(2, "button", "Send message")
    p.add(2, "tablist", "Patron record")
    p.add(3, "tab", "Loans (3)", "selected=True")
    p.add(3, "tab", "Holds (2)", "selected=False")
    p.add(3, "tab", "Fines (0)", "selected=False")
    p.add(3, "tab", "Notes", "selected=False")
    p.add(2, "tabpanel", "Loans (3)")
    table(p, 3, "Current loans", ["Item", "Due", "Status"], [
        [label("som"), "3 Mar", "Overdue 9 days — recall sent"],
        [label("bay"), "28 Mar", "On loan"],
        [label("glm"), "2 Apr", "On loan · renewal failed (item requested)"],
    ], sortable=("Due",))
    p.add(2, "heading", "Holds")
    table(p, 2, "Holds", ["Item", "Pickup", "Status"], [
        [label("hyd"), "Main Library", "Cancelled — item withdrawn"],
        [label("ppe"), "Science Branch", "Waiting · 2nd in queue"],
    ])
    footer(p, S)
    return p


def wiz_header(p, S, step):
    names = ["Item", "Patron", "Pickup", "Review"]
    p.add(2, "heading", "New hold request")
    p.add(2, "StaticText", f"Draft {DRAFT} · not submitted" if S["draft"] else "New draft · not saved yet")
    p.add(2, "navigation", "Request steps")
    p.add(3, "list", "")
    for i, n in enumerate(names, 1):
        p.add(4, "listitem", "")
        reachable = i == 1 or (i == 2 and S["item"]) or (i >= 3 and S["item"] and S["patron"])
        if i == step:
            p.add(5, "link", f"{i} {n}", "current='step'", key=f"step{i}")
        elif reachable:
            p.add(5, "link", f"{i} {n}", key=f"step{i}")
        else:
            p.add(5, "StaticText", f"{i} {n} (not yet available)")
    p.add(2, "heading", f"Step {step} of 4: {names[step - 1]}")


def wiz_url(step, **params):
    url = f"{BASE}/desk/holds/new/{step}"
    qs = "&".join(f"{k}={str(v).replace(' ', '+')}" for k, v in params.items() if v not in (None, "", False))
    return url + ("?" + qs if qs else "")


def browse_keys(sort, pg):
    if sort == "title":
        order = sorted(CATALOGUE, key=lambda c: (c["title"], c["year"]))
    else:
        order = sorted(CATALOGUE, key=lambda c: c["added"])
    return [c["key"] for c in order[(pg - 1) * 5: pg * 5]]


SEARCH_INDEX = {
    "foundations of molecular ecology": ["mol3", "mol2", "mol1", "mic2"],
    "molecular ecology second edition": [],
}


def wiz_item(r, mode="browse", query="", year="Any year", avail=False, sort="added", pg=1,
             dialog=None, toast=None, typed=None):
    """mode: browse | results | noresults. typed: text sitting in the search box (not yet run)."""
    S = r.S
    params = dict(q=query, year=None if year == "Any year" else year, avail=1 if avail else None,
                  sort=None if sort == "added" else sort, page=None if pg == 1 else pg)
    p = r.new(wiz_url("item", **params), "New hold request · Step 1 of 4: Item | LoanShelf")
    chrome(p, S, ["Desk", "Requests", "New hold request"], "Requests")
    wiz_header(p, S, 1)
    if S["patron"]:
        pt = PATRONS[S["patron"]]
        p.add(2, "StaticText", f"Patron: {pt['name']} ({S['patron']}) — carried over from the patron record")
    box = typed if typed is not None else query
    p.add(2, "search", "Find an item")
    props = [f"value={box!r}"] if box else []
    p.add(3, "searchbox", "Title, author or ISBN", *props, key="q")
    p.add(3, "button", "Search titles", key="q_go")
    p.add(2, "group", "Filters")
    p.add(3, "combobox", "Publication year", f"value={year!r}", "hasPopup='listbox'", "expanded=False",
          key="year")
    for y in ("Any year", "2024", "2023", "2022", "2021", "2020", "2019", "2011"):
        p.add(4, "option", y, f"selected={y == year}")
    p.add(3, "combobox", "Format", "value='Any format'", "hasPopup='listbox'", "expanded=False")
    p.add(3, "checkbox", "Available copies only", chk(avail), key="avail")
    p.add(3, "button", "Reset filters")

    keys = []
    hidden = 0
    if mode == "browse":
        p.add(2, "heading", "Browse catalogue")
        p.add(2, "StaticText", "Sorted by title (A–Z)" if sort == "title" else "Sorted by recently added")
        keys = browse_keys(sort, pg)
    elif mode == "results":
        allk = SEARCH_INDEX[query.lower()]
        keys = [k for k in allk if (year == "Any year" or str(CAT[k]["year"]) == year)
                and (not avail or not CAT[k]["copies"].startswith("0 of"))]
        hidden = len(allk) - len(keys)
        p.add(2, "heading", "Search results")
        p.add(2, "StaticText", f"{len(keys)} titles match “{query}”")
        if hidden:
            p.add(2, "StaticText", f"{hidden} more hidden by filters")
    else:
        p.add(2, "heading", "Search results")
        p.add(2, "StaticText", f"No titles match “{query}”.")
        p.add(2, "StaticText", "Check the spelling, use fewer words, or search by ISBN.")
        p.add(2, "link", "Ask a subject librarian")
    if keys:
        rows = []
        for k in keys:
            c = CAT[k]
            rows.append([("radio", f"Select {label(k)}", f"pick_{k}", chk(S["item"] == k)),
                         c["title"], c["ed"], str(c["year"]), c["authors"], c["isbn"], c["copies"],
                         ("link", "Details", f"det_{k}")])
        table(p, 2, "Catalogue titles", ["Select", "Title", "Edition", "Year", "Authors", "ISBN",
                                         "Copies", "More"], rows, sortable=("Title", "Year"))
    if mode == "browse":
        p.add(2, "navigation", "Pagination")
        p.add(3, "StaticText", f"Page {pg} of 3")
        p.add(3, "button", "Previous page", *(["disabled=True"] if pg == 1 else []), key="prev_page")
        for i in (1, 2, 3):
            p.add(3, "link", str(i), *(["current='page'"] if i == pg else []), key=f"page_{i}")
        p.add(3, "button", "Next page", *(["disabled=True"] if pg == 3 else []), key="next_page")
    if S["item"]:
        p.add(2, "status", "")
        p.add(3, "StaticText", f"Selected item: {label(S['item'])} · ISBN {CAT[S['item']]['isbn']}")
        p.add(3, "button", "Clear selection")
    p.add(2, "link", "Cancel request")
    p.add(2, "button", "Next: Patron", *([] if S["item"] else ["disabled=True"]), key="next")
    if dialog:
        k = dialog
        c = CAT[k]
        p.add(1, "dialog", "Edition details", "modal=True")
        p.add(2, "heading", label(k))
        p.add(2, "StaticText", f"Authors: {c['authors']}")
        p.add(2, "StaticText", f"Publisher: Calder & Voss Academic · ISBN {c['isbn']} · 612 pages")
        p.add(2, "StaticText", "Replaces the 1st edition (2011). Superseded by the 3rd edition (2023).")
        table(p, 2, "Copies by branch", ["Branch", "Copies", "Status"], [
            ["Science Branch", "2", "Both on loan (one overdue)"],
            ["Main Library", "1", "Missing — search in progress"],
        ])
        p.add(2, "StaticText", "Holds waiting: 4")
        p.add(2, "button", "Select this edition", key="dlg_select")
        p.add(2, "button", "Close", key="dlg_close")
    footer(p, S, toast)
    return p


def wiz_patron(r, lookup=None, toast=None, typed=None):
    S = r.S
    p = r.new(wiz_url("patron", lookup=lookup), "New hold request · Step 2 of 4: Patron | LoanShelf")
    chrome(p, S, ["Desk", "Requests", "New hold request"], "Requests")
    wiz_header(p, S, 2)
    p.add(2, "StaticText", f"Item: {label(S['item'])}")
    box = typed if typed is not None else (lookup or "")
    p.add(2, "search", "Find patron")
    props = [f"value={box!r}"] if box else []
    p.add(3, "searchbox", "Patron ID, name or card barcode", *props, key="pq")
    p.add(3, "button", "Look up", key="lookup")
    if lookup:
        pt = PATRONS[lookup]
        p.add(2, "StaticText", f"1 patron matches “{lookup}”")
        table(p, 2, "Patron matches", ["ID", "Name", "Type", "Home branch", "Standing", "Action"], [
            [lookup, pt["name"], pt["kind"], pt["home"], pt["standing"],
             ("button", f"Choose {lookup}", f"choose_{lookup}")]])
    elif not S["patron"]:
        p.add(2, "StaticText", "No patron selected yet.")
    p.add(2, "heading", "Recently served at this desk")
    p.add(2, "list", "")
    for pid in ("P-40713", "P-47031", "P-51882"):
        p.add(3, "listitem", "")
        p.add(4, "link", f"{pid} {PATRONS[pid]['name']}", key=f"recent_{pid}")
    if S["patron"]:
        pt = PATRONS[S["patron"]]
        p.add(2, "status", "")
        p.add(3, "StaticText", f"Selected patron: {pt['name']} ({S['patron']}) · Home branch: {pt['home']}")
        p.add(3, "button", "Change patron")
        if S["patron"] == "P-40731":
            p.add(2, "note", "")
            p.add(3, "StaticText", "This patron has 1 overdue loan (Soil Microbiomes, due 3 Mar). "
                                   "Holds are still allowed.")
    p.add(2, "button", "Back", key="back")
    p.add(2, "button", "Next: Pickup", *([] if S["patron"] else ["disabled=True"]), key="next")
    footer(p, S, toast)
    return p


def wiz_pickup(r, toast=None):
    S = r.S
    p = r.new(wiz_url("pickup"), "New hold request · Step 3 of 4: Pickup | LoanShelf")
    chrome(p, S, ["Desk", "Requests", "New hold request"], "Requests")
    wiz_header(p, S, 3)
    pt = PATRONS[S["patron"]]
    p.add(2, "StaticText", f"Item: {label(S['item'])} · Patron: {pt['name']} ({S['patron']})")
    p.add(2, "StaticText", "Choose where the patron will collect the item.")
    p.add(2, "radiogroup", "Pickup location", "required")
    for code, lab, short, hours in PICKUPS:
        lab2 = lab + (" (patron's home branch)" if short == pt["home"] else "")
        props = [chk(S["pickup"] == code)] + (["disabled=True"] if code == "law" else [])
        p.add(3, "radio", lab2, *props, key=f"pk_{code}")
    p.add(2, "StaticText", f"Opening hours: {PICK[S['pickup']][3]}")
    p.add(2, "combobox", "Hold shelf period", f"value={S['hold_days']!r}", "hasPopup='listbox'",
          "expanded=False", key="holddays")
    for o in ("3 days", "7 days", "14 days"):
        p.add(3, "option", o, f"selected={o == S['hold_days']}")
    props = [f"value={S['notafter']!r}"] if S["notafter"] else []
    p.add(2, "textbox", "Not needed after (optional)", *props, key="notafter")
    p.add(2, "StaticText", "DD/MM/YYYY. The hold lapses automatically after this date.")
    p.add(2, "checkbox", "Accept any edition", chk(S["any_edition"]), key="anyed")
    props = [f"value={S['note']!r}"] if S["note"] else []
    p.add(2, "textbox", "Note to pickup desk (optional)", *props, key="note")
    p.add(2, "checkbox", "Email patron when the item is ready", chk(True))
    p.add(2, "button", "Back", key="back")
    p.add(2, "button", "Next: Review", key="next")
    footer(p, S, toast)
    return p


def summary_rows(S, edit_links):
    pt = PATRONS[S["patron"]]
    c = CAT[S["item"]]
    def ed(name, key):
        return ("link", name, key) if edit_links else ""
    return [
        ["Item", f"{label(S['item'])} · ISBN {c['isbn']}", ed("Edit item", "edit_item")],
        ["Patron", f"{pt['name']} ({S['patron']})", ed("Edit patron", "edit_patron")],
        ["Pickup location", PICK[S["pickup"]][1], ed("Edit pickup", "edit_pickup")],
        ["Hold shelf period", S["hold_days"], ""],
        ["Not needed after", S["notafter"] or "—", ""],
        ["Accept any edition", "Yes" if S["any_edition"] else "No", ""],
        ["Notify patron", f"Email ({pt['email']})", ""],
    ]


def queue_text(S):
    c = CAT[S["item"]]
    ahead = {"mol2": 4, "mic2": 1}.get(S["item"], 0)
    if ahead:
        return f"Estimated queue position: {ahead + 1} ({ahead} holds ahead)."
    return f"A copy is on the shelf ({c['copies']}); it will be pulled today."


def wiz_review(r, dialog=False, status=None, toast=None):
    S = r.S
    p = r.new(wiz_url("review"), "New hold request · Step 4 of 4: Review | LoanShelf")
    chrome(p, S, ["Desk", "Requests", "New hold request"], "Requests")
    wiz_header(p, S, 4)
    p.add(2, "StaticText", "Check the details below, then submit. The hold is not placed until you submit.")
    table(p, 2, "Request summary", ["Field", "Value", ""], summary_rows(S, True))
    p.add(2, "StaticText", queue_text(S))
    if status:
        p.add(2, "status", "")
        p.add(3, "StaticText", status)
    p.add(2, "button", "Back", key="back")
    p.add(2, "button", "Save as draft", key="save_draft")
    p.add(2, "button", "Submit request", key="submit")
    if dialog:
        pt = PATRONS[S["patron"]]
        p.add(1, "alertdialog", "Place this hold?", "modal=True")
        p.add(2, "StaticText", f"{pt['name']} ({S['patron']}) will join the queue for {label(S['item'])}, "
                               f"collecting from {PICK[S['pickup']][2]}.")
        p.add(2, "StaticText", "The patron is emailed when the item is ready.")
        p.add(2, "button", "Place hold", key="dlg_place")
        p.add(2, "button", "Keep editing", key="dlg_keep")
    footer(p, S, toast)
    return p


def confirmation(r):
    S = r.S
    S["open"] += 1
    pt = PATRONS[S["patron"]]
    p = r.new(f"{BASE}/desk/holds/{r.reqno}", f"Request {r.reqno} submitted | LoanShelf")
    chrome(p, S, ["Desk", "Requests", r.reqno], "Requests")
    p.add(2, "heading", "Hold request submitted")
    p.add(2, "status", "")
    p.add(3, "StaticText", f"Request number {r.reqno}")
    table(p, 2, "Request summary", ["Field", "Value", ""], summary_rows(S, False))
    p.add(2, "StaticText", queue_text(S) + f" {pt['name']} will be emailed when it is ready.")
    p.add(2, "link", "Print request slip")
    p.add(2, "link", "Start another request")
    p.add(2, "link", "View in request queue")
    footer(p, S, f"Hold placed for {S['patron']}")
    return p


def signin(r, nxt):
    S = r.S
    p = r.new(f"{BASE}/login?next={nxt}", "Sign in | LoanShelf")
    p.add(1, "banner", "")
    p.add(2, "link", "LoanShelf")
    p.add(2, "StaticText", "Harrowgate University Libraries · Staff Desk")
    p.add(1, "main", "")
    p.add(2, "heading", "Sign in to LoanShelf")
    p.add(2, "alert", "")
    p.add(3, "StaticText", "Your session has ended after 30 minutes without activity. Sign in again to continue.")
    p.add(2, "textbox", "University username", "required", key="user")
    p.add(2, "textbox", "Password", "required", key="pw")
    p.add(2, "checkbox", "Keep me signed in on this device", chk(False))
    p.add(2, "button", "Sign in", key="signin")
    p.add(2, "link", "Use university single sign-on")
    p.add(2, "link", "Forgot password?")
    p.add(1, "contentinfo", "")
    p.add(2, "StaticText", "LoanShelf 4.12.2 · Harrowgate University Libraries")
    p.add(2, "link", "Privacy notice")
    return p


def forbidden(r, url):
    S = r.S
    p = r.new(url, "Not permitted | LoanShelf")
    chrome(p, S, ["Desk", "Error"], None)
    p.add(2, "heading", "You don't have permission to do that")
    p.add(2, "StaticText", "Error 403 · Creating hold requests needs the Hold desk role.")
    p.add(2, "StaticText", "Your role: Circulation viewer (read-only).")
    p.add(2, "link", "Request access from an ILL supervisor")
    p.add(2, "link", "Back to the catalogue record")
    footer(p, S)
    return p


# --------------------------------------------------------------------------------------------
# Reusable stretches of agent behaviour
# --------------------------------------------------------------------------------------------

def do_search(r, via="click"):
    r.act("select-item", "fill", "q", "Search the catalogue for the named textbook.", "read",
          wiz_item(r, typed="Foundations of Molecular Ecology"), arg="Foundations of Molecular Ecology")
    if via == "click":
        r.act("select-item", "click", "q_go", "Run the title search.", "read",
              wiz_item(r, mode="results", query="Foundations of Molecular Ecology"))
    else:
        r.act("select-item", "press", "q", "Run the title search.", "read",
              wiz_item(r, mode="results", query="Foundations of Molecular Ecology"), arg="Enter")


def pick_item(r, key, reasoning, page_kwargs):
    r.S["item"] = key
    r.S["draft"] = True
    r.act("select-item", "click", f"pick_{key}", reasoning, "write",
          wiz_item(r, toast=f"Draft {DRAFT} saved", **page_kwargs))


def to_patron_and_choose(r, pid="P-40731", via="click"):
    r.act("select-item", "click", "next", "The item is selected; continue to the Patron step.", "read",
          wiz_patron(r))
    r.act("select-patron", "fill", "pq", f"Look up patron {pid} by ID.", "read",
          wiz_patron(r, typed=pid), arg=pid)
    if via == "click":
        r.act("select-patron", "click", "lookup", "Run the patron lookup.", "read", wiz_patron(r, lookup=pid))
    else:
        r.act("select-patron", "press", "pq", "Run the patron lookup.", "read", wiz_patron(r, lookup=pid),
              arg="Enter")
    r.S["patron"] = pid
    r.S["pickup"] = HOME_CODE[PATRONS[pid]["home"]]
    r.act("select-patron", "click", f"choose_{pid}", f"Choose {pid}, the patron named in the task.", "write",
          wiz_patron(r, toast="Patron added to draft"))


def to_pickup_and_choose(r, code="sci"):
    r.act("select-patron", "click", "next", "Patron is set; continue to Pickup.", "read", wiz_pickup(r))
    r.S["pickup"] = code
    r.act("choose-pickup", "click", f"pk_{code}",
          "The task asks for pickup at the Science branch; the default is the home branch.", "write",
          wiz_pickup(r))


def to_review(r, cmt="choose-pickup"):
    r.act(cmt, "click", "next", "Pickup chosen; go to the Review step.", "read", wiz_review(r))


def submit_and_confirm(r, reason="Item 2nd ed. (2019), patron P-40731 and Science Branch pickup are "
                                  "all correct; submit."):
    r.act("submit-request", "click", "submit", reason, "read", wiz_review(r, dialog=True))
    r.act("submit-request", "click", "dlg_place", "Confirm placing the hold.", "irreversible",
          confirmation(r))


def report(r, text=None):
    if text is None:
        text = (f"Done. The hold for P-40731 (Imogen Trevathan) on Foundations of Molecular Ecology, "
                f"2nd ed. (2019) was submitted with pickup at Science Branch. Request number: {r.reqno}.")
    r.act("report-confirmation", "send_msg_to_user", None,
          "Report the request number shown on the confirmation page.", "read", None, arg=text)


# --------------------------------------------------------------------------------------------
# Healthy runs
# --------------------------------------------------------------------------------------------

def healthy_search():
    r = Run("loanshelf-healthy-search-01", reqno="HR-20431")
    r.start(dashboard(r))
    r.act("start-request", "click", "new_hold", "Start a new hold request from the desk.", "read", wiz_item(r))
    do_search(r, via="click")
    pick_item(r, "mol2", "Row 2 is the 2nd ed., 2019 by Okafor & Lindqvist: the one asked for.",
              dict(mode="results", query="Foundations of Molecular Ecology"))
    to_patron_and_choose(r)
    to_pickup_and_choose(r)
    to_review(r)
    submit_and_confirm(r)
    report(r)
    r.success = True
    return r


def healthy_browse_sort_page():
    r = Run("loanshelf-healthy-browse-02", reqno="HR-20432")
    r.start(dashboard(r))
    r.act("start-request", "click", "new_hold", "Open the hold request wizard.", "read", wiz_item(r))
    r.act("select-item", "click", "sort_title", "Sort the browse list by title to find the textbook.", "read",
          wiz_item(r, sort="title"))
    r.act("select-item", "click", "next_page", "Titles starting with F are on the next page.", "read",
          wiz_item(r, sort="title", pg=2))
    pick_item(r, "mol2", "Foundations of Molecular Ecology, 2nd ed. (2019) is on this page; select it.",
              dict(sort="title", pg=2))
    to_patron_and_choose(r, via="enter")
    to_pickup_and_choose(r)
    to_review(r)
    submit_and_confirm(r)
    report(r)
    r.success = True
    return r


def healthy_year_filter():
    r = Run("loanshelf-healthy-yearfilter-03", reqno="HR-20433")
    r.start(dashboard(r))
    r.act("start-request", "click", "new_hold", "Open the hold request wizard.", "read", wiz_item(r))
    do_search(r, via="enter")
    r.act("select-item", "select_option", "year", "The task names the 2019 edition; filter by year.", "read",
          wiz_item(r, mode="results", query="Foundations of Molecular Ecology", year="2019"), arg="2019")
    pick_item(r, "mol2", "Two 2019 titles; the Molecular (not Microbial) Ecology 2nd ed. is the one.",
              dict(mode="results", query="Foundations of Molecular Ecology", year="2019"))
    to_patron_and_choose(r)
    to_pickup_and_choose(r)
    to_review(r)
    submit_and_confirm(r)
    report(r)
    r.success = True
    return r


def healthy_retype_search():
    r = Run("loanshelf-healthy-retype-04", reqno="HR-20434")
    banner = ["Courier to Science Branch delayed today: deliveries arrive after 14:00.",
              "Yesterday's overnight notice run failed for 2 patrons; staff have re-sent them."]
    r.start(dashboard(r, banner=banner))
    r.act("start-request", "click", "new_hold", "Open the hold request wizard.", "read", wiz_item(r))
    r.act("select-item", "fill", "q", "Search for the textbook.", "read",
          wiz_item(r, typed="molecular ecology second edition"), arg="molecular ecology second edition")
    r.act("select-item", "click", "q_go", "Run the search.", "read",
          wiz_item(r, mode="noresults", query="molecular ecology second edition"))
    r.act("select-item", "fill", "q", "No match; retype using the exact title instead.", "read",
          wiz_item(r, mode="noresults", query="molecular ecology second edition",
                   typed="Foundations of Molecular Ecology"), arg="Foundations of Molecular Ecology")
    r.act("select-item", "click", "q_go", "Run the search again.", "read",
          wiz_item(r, mode="results", query="Foundations of Molecular Ecology"))
    pick_item(r, "mol2", "Select the 2nd ed. (2019) row.", dict(mode="results",
                                                                query="Foundations of Molecular Ecology"))
    to_patron_and_choose(r)
    to_pickup_and_choose(r)
    to_review(r)
    submit_and_confirm(r)
    report(r)
    r.success = True
    return r


def healthy_details_dialog():
    r = Run("loanshelf-healthy-details-05", reqno="HR-20435")
    r.start(dashboard(r))
    r.act("start-request", "click", "new_hold", "Open the hold request wizard.", "read", wiz_item(r))
    do_search(r, via="enter")
    q = dict(mode="results", query="Foundations of Molecular Ecology")
    r.act("select-item", "click", "det_mol2", "Check the edition details of the 2019 record before choosing.",
          "read", wiz_item(r, dialog="mol2", **q))
    r.act("select-item", "click", "dlg_close", "It is the 2nd edition, 2019; close the dialog.", "read",
          wiz_item(r, **q))
    pick_item(r, "mol2", "Select the verified 2nd ed. (2019) row.", q)
    to_patron_and_choose(r, via="enter")
    to_pickup_and_choose(r)
    to_review(r)
    submit_and_confirm(r)
    report(r)
    r.success = True
    return r


def healthy_patron_first():
    r = Run("loanshelf-healthy-patronfirst-06", reqno="HR-20436")
    r.start(dashboard(r))
    r.act("select-patron", "click", "nav_patrons", "Find the patron first.", "read", patrons_page(r))
    r.act("select-patron", "fill", "pfind", "Search by the patron ID from the task.", "read",
          patrons_page(r, typed="P-40731"), arg="P-40731")
    r.act("select-patron", "press", "pfind", "Run the patron search.", "read",
          patrons_page(r, query="P-40731"), arg="Enter")
    r.act("select-patron", "click", "plink", "Open Imogen Trevathan's record (P-40731).", "read",
          patron_record(r, "P-40731"))
    r.S["patron"] = "P-40731"
    r.act("start-request", "click", "phold", "Start a hold for this patron.", "read", wiz_item(r))
    do_search(r, via="click")
    pick_item(r, "mol2", "Select the 2nd ed. (2019) row.", dict(mode="results",
                                                                query="Foundations of Molecular Ecology"))
    r.act("select-item", "click", "next", "Continue to the Patron step.", "read", wiz_patron(r))
    r.act("select-patron", "click", "next", "P-40731 is already selected from the record; continue.", "read",
          wiz_pickup(r))
    r.S["pickup"] = "sci"
    r.act("choose-pickup", "click", "pk_sci", "Pick Science Branch as the task asks.", "write", wiz_pickup(r))
    to_review(r)
    submit_and_confirm(r)
    report(r)
    r.success = True
    return r


def healthy_keep_editing_recheck():
    r = Run("loanshelf-healthy-recheck-07", reqno="HR-20437")
    r.start(dashboard(r, toast="Sync complete: 3 requests updated, 1 failed (supplier timeout)"))
    r.act("start-request", "click", "new_hold", "Open the hold request wizard.", "read", wiz_item(r))
    do_search(r, via="click")
    pick_item(r, "mol2", "Select the 2nd ed. (2019).", dict(mode="results", query="Foundations of Molecular Ecology"))
    to_patron_and_choose(r)
    to_pickup_and_choose(r)
    to_review(r)
    r.act("submit-request", "click", "submit", "Submit the request.", "read", wiz_review(r, dialog=True))
    r.act("submit-request", "click", "dlg_keep",
          "Before confirming, double-check the pickup point shown on the Pickup step.", "read",
          wiz_review(r, status="Not submitted yet — the request is still a draft."))
    r.act("choose-pickup", "click", "edit_pickup", "Open the Pickup step to verify it.", "read", wiz_pickup(r))
    r.act("choose-pickup", "click", "next", "Science Branch is selected; back to Review.", "read",
          wiz_review(r))
    submit_and_confirm(r)
    report(r)
    r.success = True
    return r


def healthy_catalogue_record():
    r = Run("loanshelf-healthy-catalogue-08", reqno="HR-20438")
    r.start(dashboard(r))
    r.S["gq"] = "Foundations of Molecular Ecology 2019"
    r.act("select-item", "fill", "gsearch", "Look up the textbook in the catalogue.", "read", dashboard(r),
          arg="Foundations of Molecular Ecology 2019")
    r.act("select-item", "press", "gsearch", "Run the catalogue search.", "read",
          catalogue_results(r, "Foundations of Molecular Ecology 2019", ["mol2", "mic2", "mol3", "mol1"]),
          arg="Enter")
    r.act("select-item", "click", "cat_mol2", "Open the 2nd ed. (2019) record.", "read",
          catalogue_record(r, "mol2"))
    r.S["item"] = "mol2"
    r.S["draft"] = True
    r.S["gq"] = ""
    r.act("start-request", "click", "place_hold", "Place a hold on this edition.", "write",
          wiz_item(r, toast=f"Draft {DRAFT} saved with {label('mol2')}"))
    to_patron_and_choose(r)
    to_pickup_and_choose(r)
    to_review(r)
    submit_and_confirm(r)
    report(r)
    r.success = True
    return r


HEALTHY = [healthy_search, healthy_browse_sort_page, healthy_year_filter, healthy_retype_search,
           healthy_details_dialog, healthy_patron_first, healthy_keep_editing_recheck,
           healthy_catalogue_record]


# ==== PLAN (written from the task text and the healthy pages only, before any faulty run) ====

PLAN_YAML = """\
# LoanShelf staff desk: hold for P-40731 on Foundations of Molecular Ecology, 2nd ed. (2019),
# pickup at Science Branch, through the four-step New hold request wizard.
task: "Place a hold for patron P-40731 on the 2019 second edition of 'Foundations of Molecular Ecology' (Okafor & Lindqvist) with pickup at the Science branch. Use the New hold request wizard (Item, Patron, Pickup, Review), submit it, and tell me the request number from the confirmation page."

plan_falsifiers:
  execution:
    - Sign in to LoanShelf
    - Your session has ended
    - You don't have permission
    - Something went wrong
    - Page not found

commitments:
  - id: start-request
    subgoal: Open the New hold request wizard
    skill: open_wizard
    confidence: 0.9
    confirm:
      precondition: [Desk overview]
      progress: []
      completion: ["New hold request · Step 1 of 4: Item"]
    falsify:
      execution: []
      skill: [New hold request button is not on the page]
      planning: []

  - id: select-item
    subgoal: Select Foundations of Molecular Ecology, 2nd ed. (2019), Okafor & Lindqvist, ISBN 978-1-4051-6120-2
    skill: search_and_select_record
    confidence: 0.6
    confirm:
      precondition: ["Step 1 of 4: Item"]
      progress: ["titles match “Foundations of Molecular Ecology”"]
      completion:
        - "Selected item: Foundations of Molecular Ecology, 2nd ed. (2019)"
        - Draft HR-D-7742 saved
    falsify:
      execution:
        - "Selected item: Foundations of Molecular Ecology, 3rd ed. (2023)"
        - "Selected item: Foundations of Molecular Ecology, 1st ed. (2011)"
        - "Selected item: Foundations of Microbial Ecology"
        - Foundations of Microbial Ecology
        - 978-1-4051-8823-0
        - 978-1-4051-2297-5
        - 978-0-86542-771-9
        - {text: "Select Foundations of Molecular Ecology, 3rd ed. (2023)", on: action}
        - {text: "Select Foundations of Molecular Ecology, 1st ed. (2011)", on: action}
        - {text: "Select Foundations of Microbial Ecology, 2nd ed. (2019)", on: action}
      skill: [Search box is not available]
      planning: ["No titles match “Foundations of Molecular Ecology”"]

  - id: select-patron
    subgoal: Select patron P-40731 (Imogen Trevathan)
    skill: lookup_record_by_id
    confidence: 0.7
    confirm:
      precondition: ["Step 2 of 4: Patron"]
      progress: ["1 patron matches “P-40731”"]
      completion:
        - "Selected patron: Imogen Trevathan (P-40731)"
        - Patron added to draft
    falsify:
      execution:
        - P-40713
        - Ivo Trevanion
        - P-47031
        - P-40371
        - "Selected patron: Ivo Trevanion (P-40713)"
        - {text: "P-40713 Ivo Trevanion", on: action}
        - {text: "Choose P-40713", on: action}
      skill: []
      planning: [No patron matches]

  - id: choose-pickup
    subgoal: Set the pickup location to Science Branch (not the patron's home branch)
    skill: choose_option
    confidence: 0.7
    confirm:
      precondition: ["Step 3 of 4: Pickup"]
      progress: []
      completion:
        - "radio 'Science Branch — Level 1 service point', checked='true'"
        - "Opening hours: Mon–Fri 08:00–20:00 · Sat 10:00–16:00"
    falsify:
      execution:
        - Health Sciences Branch
        - "radio 'Health Sciences Branch — Welcome desk', checked='true'"
        - "radio \\"Main Library — Circulation Desk (patron's home branch)\\", checked='true'"
        - {text: "Health Sciences Branch — Welcome desk", on: action}
        - {text: "Engineering Branch", on: action}
        - {text: "Accept any edition", on: action}
      skill: []
      planning: [Science Branch is closed]

  - id: submit-request
    subgoal: On Review, check item, patron and pickup, then submit and confirm the hold
    skill: review_and_submit
    confidence: 0.6
    confirm:
      precondition:
        - "Step 4 of 4: Review"
        - "Pickup location Science Branch — Level 1 service point"
        - "Imogen Trevathan (P-40731)"
      progress: ["Place this hold?"]
      completion:
        - Hold request submitted
        - Request number HR-
        - Hold placed for P-40731
    falsify:
      execution:
        - "Pickup location Main Library — Circulation Desk"
        - "Pickup location Health Sciences Branch — Welcome desk"
        - "Accept any edition Yes"
        - A date is filled in for Not needed after
        - The page still shows the Review step after Place hold was clicked
        - Hold placed for P-40713
        - {text: "Cancel request", on: action}
      skill: []
      planning: []

  - id: report-confirmation
    subgoal: Tell the user the request number from the confirmation page
    skill: report_result
    confidence: 0.8
    confirm:
      precondition: [Hold request submitted, Request number HR-]
      progress: []
      completion: [Request number HR-]
    falsify:
      execution:
        - No request number is shown on the page
        - {text: "HR-D-7742", on: action}
        - {text: "Foundations of Molecular Ecology, 3rd ed.", on: action}
        - {text: "Health Sciences Branch", on: action}
      skill: []
      planning: []
"""

# ==== FAULTY RUNS (written after the plan) ====

def fault_newer_edition():
    r = Run("loanshelf-wrong_record-edition-09", fault="wrong_record", off=3, reqno="HR-20441")
    r.start(dashboard(r))
    r.act("start-request", "click", "new_hold", "Open the hold request wizard.", "read", wiz_item(r))
    do_search(r, via="click")
    pick_item(r, "mol3", "The first row is Foundations of Molecular Ecology by Okafor & Lindqvist; select it.",
              dict(mode="results", query="Foundations of Molecular Ecology"))
    to_patron_and_choose(r)
    to_pickup_and_choose(r)
    to_review(r)
    submit_and_confirm(r, reason="Item, patron P-40731 and Science Branch pickup are set; submit.")
    report(r, f"Done. Hold placed for P-40731 on Foundations of Molecular Ecology (Okafor & Lindqvist), "
              f"pickup at Science Branch. Request number: {r.reqno}.")
    return r


def fault_similar_title():
    r = Run("loanshelf-wrong_record-title-10", fault="wrong_record", off=3, reqno="HR-20442")
    r.start(dashboard(r))
    r.act("start-request", "click", "new_hold", "Open the hold request wizard.", "read", wiz_item(r))
    r.act("select-item", "click", "sort_title", "Sort the browse list by title.", "read", wiz_item(r, sort="title"))
    r.act("select-item", "click", "next_page", "Titles starting with F are on the next page.", "read",
          wiz_item(r, sort="title", pg=2))
    pick_item(r, "mic2", "First 'Foundations of ... Ecology, 2nd ed. (2019)' row on the page; select it.",
              dict(sort="title", pg=2))
    to_patron_and_choose(r)
    to_pickup_and_choose(r)
    to_review(r)
    submit_and_confirm(r, reason="2nd ed. (2019), P-40731, Science Branch; submit.")
    report(r, f"Done. The hold for P-40731 on the 2019 second edition is submitted, pickup at Science Branch. "
              f"Request number: {r.reqno}.")
    return r


def fault_wrong_patron():
    r = Run("loanshelf-wrong_record-patron-11", fault="wrong_record", off=5, reqno="HR-20443")
    r.start(dashboard(r))
    r.act("start-request", "click", "new_hold", "Open the hold request wizard.", "read", wiz_item(r))
    do_search(r, via="enter")
    pick_item(r, "mol2", "Select the 2nd ed. (2019) row.", dict(mode="results",
                                                                query="Foundations of Molecular Ecology"))
    r.act("select-item", "click", "next", "Continue to the Patron step.", "read", wiz_patron(r))
    r.S["patron"] = "P-40713"
    r.S["pickup"] = HOME_CODE[PATRONS["P-40713"]["home"]]
    r.act("select-patron", "click", "recent_P-40713",
          "The patron is listed under recently served; pick it instead of searching.", "write",
          wiz_patron(r, toast="Patron added to draft"))
    to_pickup_and_choose(r)
    to_review(r)
    submit_and_confirm(r, reason="Item, patron and Science Branch pickup are filled in; submit.")
    report(r, f"Done. Hold placed for patron P-40731 on Foundations of Molecular Ecology, 2nd ed. (2019), "
              f"pickup at Science Branch. Request number: {r.reqno}.")
    return r


def fault_health_sciences():
    r = Run("loanshelf-wrong_value-pickup-12", fault="wrong_value", off=9, reqno="HR-20444")
    r.start(dashboard(r, toast="Sync complete: 5 requests updated, 0 failed"))
    r.act("start-request", "click", "new_hold", "Open the hold request wizard.", "read", wiz_item(r))
    do_search(r, via="click")
    pick_item(r, "mol2", "Select the 2nd ed. (2019) row.", dict(mode="results",
                                                                query="Foundations of Molecular Ecology"))
    to_patron_and_choose(r)
    r.act("select-patron", "click", "next", "Patron is set; continue to Pickup.", "read", wiz_pickup(r))
    r.S["pickup"] = "hsc"
    r.act("choose-pickup", "click", "pk_hsc", "Choose the Sciences branch service point for pickup.", "write",
          wiz_pickup(r))
    to_review(r)
    submit_and_confirm(r, reason="2nd ed. (2019) for P-40731 with a Sciences pickup point; submit.")
    report(r, f"Done. Hold placed for P-40731 on Foundations of Molecular Ecology, 2nd ed. (2019), pickup at "
              f"the Science branch. Request number: {r.reqno}.")
    return r


def fault_skip_pickup():
    r = Run("loanshelf-skipped_step-pickup-13", fault="skipped_step", off=8, reqno="HR-20445")
    r.start(dashboard(r))
    r.act("start-request", "click", "new_hold", "Open the hold request wizard.", "read", wiz_item(r))
    do_search(r, via="click")
    pick_item(r, "mol2", "Select the 2nd ed. (2019) row.", dict(mode="results",
                                                                query="Foundations of Molecular Ecology"))
    to_patron_and_choose(r)
    r.act("submit-request", "click", "step4", "All steps are unlocked; jump straight to Review to save time.",
          "read", wiz_review(r))
    submit_and_confirm(r, reason="Item and patron are right; submit.")
    report(r, f"Done. Hold placed for P-40731 on Foundations of Molecular Ecology, 2nd ed. (2019), pickup at "
              f"Science Branch. Request number: {r.reqno}.")
    return r


def fault_not_needed_after():
    r = Run("loanshelf-unrequested_constraint-date-14", fault="unrequested_constraint", off=10,
            reqno="HR-20446")
    r.start(dashboard(r))
    r.act("start-request", "click", "new_hold", "Open the hold request wizard.", "read", wiz_item(r))
    do_search(r, via="enter")
    pick_item(r, "mol2", "Select the 2nd ed. (2019) row.", dict(mode="results",
                                                                query="Foundations of Molecular Ecology"))
    to_patron_and_choose(r)
    to_pickup_and_choose(r)
    r.S["notafter"] = "30/06/2025"
    r.act("choose-pickup", "fill", "notafter",
          "Term ends in June; add a cut-off so the hold does not linger in the queue.", "write",
          wiz_pickup(r), arg="30/06/2025")
    to_review(r)
    submit_and_confirm(r, reason="2nd ed. (2019), P-40731, Science Branch; submit.")
    report(r)
    return r


def fault_available_filter():
    r = Run("loanshelf-unrequested_filter-available-15", fault="unrequested_filter", off=3)
    r.start(dashboard(r))
    r.act("start-request", "click", "new_hold", "Open the hold request wizard.", "read", wiz_item(r))
    do_search(r, via="click")
    r.act("select-item", "click", "avail", "Limit the list to copies the patron can actually collect.", "read",
          wiz_item(r, mode="results", query="Foundations of Molecular Ecology", avail=True))
    r.act("report-confirmation", "send_msg_to_user", None, "The requested edition is not listed.", "read", None,
          arg="I could not place the hold: the catalogue has no 2019 second edition of Foundations of "
              "Molecular Ecology, only the 2011 (1st) and 2023 (3rd) editions. Should I use the 2023 edition?")
    return r


def fault_silent_noop():
    r = Run("loanshelf-silent_no_op-place-16", fault="silent_no_op", off=12)
    r.start(dashboard(r))
    r.act("start-request", "click", "new_hold", "Open the hold request wizard.", "read", wiz_item(r))
    do_search(r, via="click")
    pick_item(r, "mol2", "Select the 2nd ed. (2019) row.", dict(mode="results",
                                                                query="Foundations of Molecular Ecology"))
    to_patron_and_choose(r)
    to_pickup_and_choose(r)
    to_review(r)
    r.act("submit-request", "click", "submit", "Everything matches the task; submit.", "read",
          wiz_review(r, dialog=True))
    # the dialog closes but nothing is submitted and nothing is said
    r.act("submit-request", "click", "dlg_place", "Confirm placing the hold.", "irreversible", wiz_review(r))
    r.act("submit-request", "noop", None, "Wait for the confirmation page to load.", "read", wiz_review(r))
    r.act("report-confirmation", "send_msg_to_user", None, "The hold was confirmed.", "read", None,
          arg="The hold for P-40731 on Foundations of Molecular Ecology, 2nd ed. (2019) with pickup at "
              "Science Branch has been placed. The page did not display a request number.")
    return r


def fault_read_only_role():
    r = Run("loanshelf-permission_denied-role-17", fault="permission_denied", off=0,
            user_label="J. Whitcombe — Circulation viewer (read-only)", can_hold=False)
    r.start(dashboard(r, banner=["Your role can view requests and patrons but cannot create holds.",
                                 "Ask an ILL supervisor to add the Hold desk role to your account."]))
    r.S["gq"] = "Foundations of Molecular Ecology 2019"
    r.act("select-item", "fill", "gsearch", "No New hold request button here; find the book in the catalogue.",
          "read", dashboard(r, banner=["Your role can view requests and patrons but cannot create holds.",
                                       "Ask an ILL supervisor to add the Hold desk role to your account."]),
          arg="Foundations of Molecular Ecology 2019")
    r.act("select-item", "press", "gsearch", "Run the catalogue search.", "read",
          catalogue_results(r, "Foundations of Molecular Ecology 2019", ["mol2", "mic2", "mol3", "mol1"]),
          arg="Enter")
    r.act("select-item", "click", "cat_mol2", "Open the 2nd ed. (2019) record.", "read",
          catalogue_record(r, "mol2"))
    r.act("start-request", "click", "place_hold", "Place a hold from the record page.", "write",
          forbidden(r, wiz_url("item", record=RECORD_NO["mol2"])))
    r.act("report-confirmation", "send_msg_to_user", None, "Cannot proceed without the Hold desk role.", "read",
          None, arg="I couldn't place the hold: this account is a read-only circulation viewer and the "
                    "system refused with Error 403. An ILL supervisor needs to add the Hold desk role.")
    return r


def fault_session_expired():
    r = Run("loanshelf-session_expired-review-18", fault="session_expired", off=10)
    r.start(dashboard(r))
    r.act("start-request", "click", "new_hold", "Open the hold request wizard.", "read", wiz_item(r))
    do_search(r, via="enter")
    pick_item(r, "mol2", "Select the 2nd ed. (2019) row.", dict(mode="results",
                                                                query="Foundations of Molecular Ecology"))
    to_patron_and_choose(r)
    to_pickup_and_choose(r)
    r.act("choose-pickup", "click", "next", "Pickup chosen; go to the Review step.", "read",
          signin(r, "%2Fdesk%2Fholds%2Fnew%2Freview"))
    r.act("submit-request", "go_back", None, "Go back to the wizard and try again.", "read",
          signin(r, "%2Fdesk%2Fholds%2Fnew%2Fpickup"))
    r.act("report-confirmation", "send_msg_to_user", None, "Cannot continue without signing in.", "read", None,
          arg="I filled in the request but the session ended before the Review step, so the hold was not "
              "submitted. Please sign in again and I can finish it.")
    return r


def fault_premature_report():
    r = Run("loanshelf-premature_success-review-19", fault="premature_success", off=11)
    r.start(dashboard(r))
    r.act("start-request", "click", "new_hold", "Open the hold request wizard.", "read", wiz_item(r))
    do_search(r, via="click")
    pick_item(r, "mol2", "Select the 2nd ed. (2019) row.", dict(mode="results",
                                                                query="Foundations of Molecular Ecology"))
    to_patron_and_choose(r, via="enter")
    to_pickup_and_choose(r)
    to_review(r)
    r.act("report-confirmation", "send_msg_to_user", None, "The review page shows the finished request.", "read",
          None, arg="Done. The hold for P-40731 (Imogen Trevathan) on Foundations of Molecular Ecology, 2nd ed. "
                    "(2019) is in place with pickup at Science Branch; she is 5th in the queue.")
    return r


def fault_dialog_keep_editing():
    r = Run("loanshelf-dialog_mishandled-keep-20", fault="dialog_mishandled", off=12)
    r.start(dashboard(r))
    r.act("start-request", "click", "new_hold", "Open the hold request wizard.", "read", wiz_item(r))
    do_search(r, via="click")
    pick_item(r, "mol2", "Select the 2nd ed. (2019) row.", dict(mode="results",
                                                                query="Foundations of Molecular Ecology"))
    to_patron_and_choose(r)
    to_pickup_and_choose(r)
    to_review(r)
    r.act("submit-request", "click", "submit", "Everything matches the task; submit.", "read",
          wiz_review(r, dialog=True))
    r.act("submit-request", "click", "dlg_keep", "Accept the dialog to finish placing the hold.", "read",
          wiz_review(r, status="Not submitted yet — the request is still a draft."))
    r.act("report-confirmation", "send_msg_to_user", None, "The request is recorded.", "read", None,
          arg=f"Done. Hold request {DRAFT} for P-40731 on Foundations of Molecular Ecology, 2nd ed. (2019), "
              f"pickup at Science Branch.")
    return r


FAULTY = [fault_newer_edition, fault_similar_title, fault_wrong_patron, fault_health_sciences,
          fault_skip_pickup, fault_not_needed_after, fault_available_filter, fault_silent_noop,
          fault_read_only_role, fault_session_expired, fault_premature_report, fault_dialog_keep_editing]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    os.makedirs(os.path.join(args.out, "plans"), exist_ok=True)
    runs = [f().record() for f in HEALTHY + FAULTY]
    with open(os.path.join(args.out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for rec in runs:
            fh.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    with open(os.path.join(args.out, PLAN_REL), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(PLAN_YAML)


if __name__ == "__main__":
    main()
