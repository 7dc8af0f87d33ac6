#!/usr/bin/env python3
"""Generate the `gallerist` held-out corpus.

App: "Archivolt Collections", a museum collections-management system (registrar
workspace of the fictional Linden Hall Museum). Workflow `outgoing_loan`: the
registrar records an outgoing loan of one artwork to a borrowing institution.

Python 3 standard library only. Fixed seed; output is byte-for-byte reproducible.

    python3 make_corpus.py            # writes ./corpus.jsonl and ./plans/outgoing_loan.yaml
    python3 make_corpus.py OUTDIR     # writes the same files under OUTDIR
"""
import json
import os
import random
import sys

SEED = 20250122
BASE = "http://127.0.0.1:8000/archivolt"
PRODUCT = "Archivolt Collections"
WORKFLOW = "outgoing_loan"
PLAN_REL = "plans/outgoing_loan.yaml"

TASK = ("Please set up the outgoing loan for 1987.214.3, Harbour at Dusk, Study (it's in the "
        "Works on Paper department). It goes to the Whitcombe Art Museum for their exhibition "
        "\"Tides and Light\", loan dates 2025-03-14 to 2025-07-20. Insure it for USD 185,000 "
        "and mark that a courier is required. Save the loan when you're done.")

# ---------------------------------------------------------------------------
# The plan. Written from the task text and the HEALTHY pages only, before any
# faulty run existed, and not tuned afterwards.
# ---------------------------------------------------------------------------
PLAN_YAML = '''# Plan for the Archivolt Collections outgoing-loan workflow (held-out corpus "gallerist").
# Written from the task text and the healthy pages only.
task: "%s"
plan_falsifiers:
  execution:
    - "Sign in · Archivolt Collections"
    - "Your session has ended. Sign in again to continue."
    - "Something went wrong on our side"
    - "You don't have permission"
commitments:
  - id: find-object
    subgoal: "Open the object record for 1987.214.3 Harbour at Dusk, Study"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - "Registrar dashboard"
      progress:
        - "Search results for 1987.214.3"
        - "Department: Works on Paper"
      completion:
        - "1987.214.3 Harbour at Dusk, Study · Archivolt Collections"
        - "Loan availability: Available for loan"
    falsify:
      execution:
        - "1987.214.30"
        - "Harbour at Dusk, Second Study"
        - "1987.241.3"
        - "1978.214.3"
        - "No objects match these filters"
        - {text: "click link '1987.214.30'", on: action}
      planning:
        - "Conservation hold: 1987.214.3"
        - "1987.214.3 is not available for loan"
  - id: open-loan-form
    subgoal: "Start a new outgoing loan for 1987.214.3"
    skill: create_child_record
    confidence: 0.7
    confirm:
      precondition:
        - "button 'New outgoing loan'"
      completion:
        - "New outgoing loan for 1987.214.3"
    falsify:
      execution:
        - "New incoming loan"
        - "New outgoing loan for 1987.214.30"
        - {text: "click 'Resume draft'", on: action}
      skill:
        - "New outgoing loan button is disabled"
  - id: set-borrower
    subgoal: "Set the borrowing institution to Whitcombe Art Museum (Halden, MA)"
    confidence: 0.6
    confirm:
      progress:
        - "option 'Whitcombe Art Museum — Halden, MA'"
      completion:
        - "Borrowing institution: Whitcombe Art Museum — Halden, MA"
    falsify:
      execution:
        - "Whitcomb Museum of Art"
        - "Whitcombe Art Gallery"
        - "Whitcombe College Art Museum"
        - {text: "click option 'Whitcomb Museum of Art — Whitcomb, WI'", on: action}
        - {text: "click option 'Whitcombe Art Gallery — Halden, MA'", on: action}
  - id: enter-terms
    subgoal: "Enter exhibition Tides and Light, loan 2025-03-14 to 2025-07-20, insurance USD 185,000, courier required"
    confidence: 0.6
    confirm:
      progress:
        - "Exhibition title: Tides and Light"
        - "Loan start 2025-03-14"
        - "Loan end 2025-07-20"
      completion:
        - "Insurance value (USD) 185000"
        - "Courier required is checked"
    falsify:
      execution:
        - "158000"
        - "18500"
        - "1850000"
        - "2025-03-04"
        - "2025-07-02"
        - "Tide and Light: Coastal Prints"
        - {text: "fill Insurance value (USD) with 158000", on: action}
      skill:
        - "Enter a date as YYYY-MM-DD"
  - id: save-loan
    subgoal: "Save the loan and confirm the system recorded it"
    skill: submit_form
    confidence: 0.7
    confirm:
      precondition:
        - "Courier required is checked"
        - "There are no validation errors on the form"
      completion:
        - "Outgoing loan OL-2025-"
        - "saved. Condition report request sent to Conservation."
        - "Status: Pending agreement"
    falsify:
      execution:
        - "Courier required: No"
        - "Borrowing institution: Whitcomb Museum of Art"
        - "The form is still open and no loan number was issued"
        - "The loan was not saved"
        - {text: "click 'Leave and discard'", on: action}
        - {text: "click 'Cancel loan'", on: action}
        - {text: "send_msg_to_user saying the loan is saved while the form is still open", on: action}
      planning:
        - "Conservation hold: 1987.214.3 is not available for loan"
''' % TASK.replace('"', '\\"')


# ---------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym-style flattened AXTree)
# ---------------------------------------------------------------------------
def q(s):
    return repr(str(s))


class Page:
    def __init__(self, url, title, error=None):
        self.url = url
        self.title = title
        self.error = error
        self.lines = ["RootWebArea %s, focused" % q(title)]
        self.el = {}
        self.n = 0

    def add(self, depth, role, name="", key=None, props=()):
        self.n += 1
        bid = str(self.n)
        head = "\t" * depth + "[%s] %s %s" % (bid, role, q(name))
        self.lines.append(", ".join([head] + list(props)))
        if key is not None:
            if key in self.el:
                raise KeyError("duplicate key %s on %s" % (key, self.url))
            self.el[key] = (bid, role, name)
        return bid

    def text(self, depth, s):
        self.lines.append("\t" * depth + "StaticText %s" % q(s))

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": self.error}


class Ctx:
    """Per-run furniture state (clock, colleagues online), seeded per run."""

    def __init__(self, rid):
        self.rng = random.Random("%d-%s" % (SEED, rid))
        self.minute = 9 * 60 + self.rng.randint(2, 50)
        self.online = self.rng.randint(3, 9)
        self.unread = self.rng.randint(2, 6)
        self.tasks = self.rng.randint(5, 11)

    def tick(self):
        self.minute += self.rng.randint(0, 1)
        if self.rng.random() < 0.15:
            self.online += self.rng.choice((-1, 1))
        return "%02d:%02d" % (self.minute // 60, self.minute % 60)


NAV = ["Dashboard", "Objects", "Loans", "Exhibitions", "Institutions", "Conservation", "Reports"]


def chrome(p, ctx, nav=None, crumbs=(), search=""):
    p.add(1, "banner", "")
    p.add(2, "link", "Archivolt Collections home", key="home")
    p.text(2, "Linden Hall Museum · Registrar workspace")
    props = ["clickable"]
    if search:
        props.append("value=%s" % q(search))
    p.add(2, "searchbox", "Search objects by accession number or title", key="search", props=props)
    p.add(2, "button", "Search", key="search_btn")
    p.add(2, "link", "My tasks (%d open)" % ctx.tasks, key="tasks")
    p.add(2, "button", "Notifications, %d unread" % ctx.unread, key="notif",
          props=["hasPopup='menu'", "expanded=False"])
    p.add(2, "button", "R. Okafor (Registrar)", key="user", props=["hasPopup='menu'", "expanded=False"])
    p.add(1, "navigation", "Main")
    for name in NAV:
        p.add(2, "link", name, key="nav_" + name.lower(),
              props=["current='page'"] if name == nav else [])
    if crumbs:
        p.add(1, "navigation", "Breadcrumb")
        for i, c in enumerate(crumbs):
            if i == len(crumbs) - 1:
                p.text(2, c)
            else:
                p.add(2, "link", c, key="crumb_%d" % i)
    p.add(1, "main", "")


def footer(p, ctx):
    p.add(1, "contentinfo", "")
    p.text(2, "Archivolt Collections 7.3.2 · Linden Hall Museum")
    p.add(2, "link", "Help centre")
    p.add(2, "link", "Keyboard shortcuts")
    p.add(2, "link", "Accessibility statement")
    p.text(2, "Last synced %s · %d colleagues online" % (ctx.tick(), ctx.online))


def table(p, depth, name, headers, rows, sortable=True, sort=None, key_prefix=None):
    """rows: list of lists; a cell that is a tuple ('link', text, key) renders as a link."""
    p.add(depth, "table", name)
    p.add(depth + 1, "row", "")
    for h in headers:
        p.add(depth + 2, "columnheader", h)
        if sortable:
            label = "Sort by %s" % h.lower()
            props = []
            if sort and sort[0] == h:
                props.append("pressed=True")
                label += " (%s)" % sort[1]
            p.add(depth + 3, "button", label, key=(key_prefix or name) + ":sort:" + h)
    for r in rows:
        p.add(depth + 1, "row", "")
        for c in r:
            if isinstance(c, tuple):
                p.add(depth + 2, "cell", "")
                p.add(depth + 3, "link", c[1], key=c[2])
            else:
                p.add(depth + 2, "cell", c)


# ---------------------------------------------------------------------------
# Domain data
# ---------------------------------------------------------------------------
TARGET = "1987.214.3"
LOAN_ID = "OL-2025-0117"

OBJECTS = {
    "1987.214.3": dict(title="Harbour at Dusk, Study", maker="Maren Holt (1841–1907)",
                       medium="Watercolour and graphite on wove paper", date="1879",
                       dept="Works on Paper", loc="Vault B, drawer 14", status="In storage",
                       avail="Available for loan", credit="Gift of the Aldous family, 1987",
                       dims="24.1 × 33.0 cm", last_cr="2023-11-02 (good, minor foxing lower left)"),
    "1987.214.30": dict(title="Harbour at Dusk, Second Study", maker="Maren Holt (1841–1907)",
                        medium="Graphite and grey wash on laid paper", date="1879",
                        dept="Works on Paper", loc="Vault B, drawer 14", status="In storage",
                        avail="Available for loan", credit="Gift of the Aldous family, 1987",
                        dims="22.8 × 31.5 cm", last_cr="2022-05-19 (fair, old hinge stains)"),
    "1987.214.8": dict(title="Harbour at Dusk", maker="Maren Holt (1841–1907)",
                       medium="Oil on canvas", date="1880", dept="Paintings", loc="Gallery 12",
                       status="On view", avail="Available for loan (condition report overdue)",
                       credit="Gift of the Aldous family, 1987", dims="61.0 × 91.4 cm",
                       last_cr="2023-01-10 (good)"),
    "1987.241.3": dict(title="Harbour at Dawn, Study", maker="Maren Holt (1841–1907)",
                       medium="Watercolour on wove paper", date="1878", dept="Works on Paper",
                       loc="Paper conservation lab", status="Conservation hold",
                       avail="Not available for loan until 2025-05-30",
                       credit="Bequest of Edwin Lusk, 1987", dims="23.5 × 32.2 cm",
                       last_cr="2024-12-03 (tear, upper edge)"),
    "1978.214.3": dict(title="Harbor Study (Dusk)", maker="Unknown photographer",
                       medium="Albumen print", date="c. 1885", dept="Photographs",
                       loc="Vault D, box 31", status="In storage", avail="Available for loan",
                       credit="Purchase, 1978", dims="14.0 × 19.6 cm", last_cr="2021-08-30 (good)"),
}

# Works on Paper department listing (accession, title, status)
WOP = [
    ("1949.6.2", "Study of Nets, Cardle", "In storage"),
    ("1952.31.1", "Fishwives at Arnsby", "On view"),
    ("1958.4.17", "Breakwater, Grey Morning", "In storage"),
    ("1961.8.12", "Harbour Steps", "On loan"),
    ("1963.22.5", "Boats Drawn Up", "In storage"),
    ("1966.2.9", "Salt Pans, Evening", "In storage"),
    ("1970.11.3", "Pier Lamps", "Conservation hold"),
    ("1974.5.40", "The Signal Station", "In storage"),
    ("1979.30.2", "Harbour Mouth in Fog", "On view"),
    ("1981.14.6", "Two Trawlers", "In storage"),
    ("1984.9.1", "Mending Sails", "In storage"),
    ("1987.214.3", "Harbour at Dusk, Study", "In storage"),
    ("1987.214.30", "Harbour at Dusk, Second Study", "In storage"),
    ("1987.241.3", "Harbour at Dawn, Study", "Conservation hold"),
    ("1990.5.2", "Quayside Crowd", "On view"),
    ("1994.18.7", "Lighthouse Keeper's Garden", "In storage"),
    ("1999.3.11", "Tide Tables (after Holt)", "In storage"),
    ("2003.17.1", "After Harbour at Dusk", "In storage"),
]
WOP_LOC = {"In storage": "Vault B", "On view": "Gallery 7", "On loan": "Away: Harrow Bay Maritime Museum",
           "Conservation hold": "Paper conservation lab"}


def acc_key(a):
    return tuple(int(x) for x in a.split("."))


_r = random.Random(SEED)
WOP_RECENT = WOP[:]
_r.shuffle(WOP_RECENT)
# "Recently updated" order keeps the target off the first page.
WOP_RECENT.sort(key=lambda t: t[0] == TARGET or t[0] == "1987.214.30")

ALL_RECENT = [
    ("2024.33.1", "Estuary Survey Sheet 4", "Maps and Plans", "In storage"),
    ("1987.214.8", "Harbour at Dusk", "Paintings", "On view"),
    ("1962.40.7", "Low Tide at Arnsby", "Paintings", "Returned from loan"),
    ("1955.3.22", "Gulls over Cardle Point", "Paintings", "On loan (overdue for return)"),
    ("1971.12.4", "Quay Lanterns", "Decorative Arts", "In transit"),
    ("1987.241.3", "Harbour at Dawn, Study", "Works on Paper", "Conservation hold"),
    ("1913.2.1", "Ship's Figurehead (Fortitude)", "Decorative Arts", "On view"),
    ("1978.214.3", "Harbor Study (Dusk)", "Photographs", "In storage"),
    ("2019.7.15", "Net Float, blue glass", "Decorative Arts", "In storage"),
    ("1936.1.88", "Chart of the Cardle Roads", "Maps and Plans", "Deaccession cancelled"),
]

INSTITUTIONS = [
    ("Whitcombe Art Museum — Halden, MA", "Facility report on file (received 2024-06-11) · Loans contact: J. Marsh"),
    ("Whitcombe Art Gallery — Halden, MA", "Facility report on file (received 2023-02-27) · Loans contact: P. Ivers"),
    ("Whitcombe College Art Museum — Porter, VT", "Facility report expired 2024-09-30 · Loans contact: D. Amadi"),
    ("Whitcomb Museum of Art — Whitcomb, WI", "Facility report on file (received 2024-10-02) · Loans contact: L. Brandt"),
]
TARGET_INST = INSTITUTIONS[0][0]


def inst_matches(query):
    ql = query.lower()
    exact = [i for i in INSTITUTIONS if i[0].lower().startswith(ql)]
    fuzzy = [i for i in INSTITUTIONS if i not in exact]
    return exact + fuzzy


# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------
def dashboard(ctx, hold_on_target=False):
    p = Page(BASE + "/dashboard", "Registrar dashboard · " + PRODUCT)
    chrome(p, ctx, "Dashboard", ["Home", "Dashboard"])
    p.add(2, "heading", "Registrar dashboard", props=["level=1"])
    p.text(2, "Good morning, Rosa. Here is what needs attention today.")
    p.add(2, "region", "At a glance")
    p.add(3, "link", "Active outgoing loans: 14")
    p.add(3, "link", "Incoming loans: 6")
    p.add(3, "link", "Condition reports overdue: 3")
    p.add(3, "link", "Objects on conservation hold: %d" % (6 if hold_on_target else 5))
    p.add(3, "link", "Courier trips this month: 4")
    p.text(3, "Value currently out on loan: USD 1,850,000")
    p.add(2, "region", "Quick actions")
    p.add(3, "link", "New outgoing loan", key="qa_new_out")
    p.add(3, "link", "New incoming loan", key="qa_new_in")
    p.add(3, "link", "Record object movement")
    p.add(3, "link", "Request condition report")
    p.add(2, "region", "Reminders")
    p.add(3, "list", "")
    rem = []
    if hold_on_target:
        rem.append(("Conservation hold", "1987.214.3 Harbour at Dusk, Study",
                    "lining repair in progress; not available for loan until 2025-09-30"))
    rem += [
        ("Condition report overdue", "1987.214.8 Harbour at Dusk", "was due 2025-01-10"),
        ("Conservation hold", "1987.241.3 Harbour at Dawn, Study",
         "tear repair; not available for loan until 2025-05-30"),
        ("Courier booking cancelled", "OL-2024-0093 Low Tide at Arnsby",
         "borrower Whitcomb Museum of Art postponed the shipment"),
        ("Facility report received", "Whitcombe Art Gallery", "review before 2025-02-14"),
        ("Insurance certificate upload failed", "OL-2024-0101", "retry from the loan record"),
    ]
    for kind, what, note in rem:
        p.add(4, "listitem", "")
        p.text(5, kind + ":")
        p.add(5, "link", what)
        p.text(5, "— " + note)
    p.add(2, "heading", "Recent loan activity", props=["level=2"])
    table(p, 2, "Recent loan activity", ["Loan", "Object", "Institution", "Status", "Updated"], [
        ["OL-2025-0112", "1987.214.8 Harbour at Dusk", "Whitcomb Museum of Art", "Pending agreement", "2025-01-20"],
        ["OL-2025-0109", "1971.12.4 Quay Lanterns", "Harrow Bay Maritime Museum", "In transit", "2025-01-18"],
        ["OL-2024-0101", "1955.3.22 Gulls over Cardle Point", "Whitcombe College Art Museum", "Overdue for return", "2025-01-16"],
        ["OL-2024-0093", "1962.40.7 Low Tide at Arnsby", "Whitcomb Museum of Art", "Cancelled", "2025-01-15"],
        ["IL-2024-0077", "L.2024.9.1 Estuary Sketchbook", "Penmore Library Trust", "Returned", "2025-01-13"],
    ], sortable=False)
    p.add(2, "link", "View all loans")
    footer(p, ctx)
    return p


def search_results(ctx, query):
    p = Page(BASE + "/objects/search?q=" + query.replace(" ", "+"),
             "Search results for %s · %s" % (query, PRODUCT))
    chrome(p, ctx, "Objects", ["Home", "Objects", "Search"], search=query)
    p.add(2, "heading", "Search results for %s" % query, props=["level=1"])
    if query[0].isdigit():
        p.text(2, "2 objects match · 3 similar accession numbers")
        table(p, 2, "Matching objects", ["Accession no.", "Title", "Department", "Location", "Status"], [
            [("link", "1987.214.3", "res:1987.214.3"), "Harbour at Dusk, Study", "Works on Paper", "Vault B, drawer 14", "In storage"],
            [("link", "1987.214.30", "res:1987.214.30"), "Harbour at Dusk, Second Study", "Works on Paper", "Vault B, drawer 14", "In storage"],
        ], key_prefix="matches")
        p.add(2, "heading", "Similar accession numbers", props=["level=2"])
        table(p, 2, "Similar accession numbers", ["Accession no.", "Title", "Department", "Location", "Status"], [
            [("link", "1987.214.8", "res:1987.214.8"), "Harbour at Dusk", "Paintings", "Gallery 12", "On view · condition report overdue"],
            [("link", "1987.241.3", "res:1987.241.3"), "Harbour at Dawn, Study", "Works on Paper", "Paper conservation lab", "Conservation hold"],
            [("link", "1978.214.3", "res:1978.214.3"), "Harbor Study (Dusk)", "Photographs", "Vault D, box 31", "In storage"],
        ], sortable=False)
    else:
        p.text(2, "5 objects match")
        table(p, 2, "Matching objects", ["Accession no.", "Title", "Department", "Location", "Status"], [
            [("link", "1987.214.8", "res:1987.214.8"), "Harbour at Dusk", "Paintings", "Gallery 12", "On view · condition report overdue"],
            [("link", "1987.214.3", "res:1987.214.3"), "Harbour at Dusk, Study", "Works on Paper", "Vault B, drawer 14", "In storage"],
            [("link", "1987.214.30", "res:1987.214.30"), "Harbour at Dusk, Second Study", "Works on Paper", "Vault B, drawer 14", "In storage"],
            [("link", "2003.17.1", "res:2003.17.1"), "After Harbour at Dusk", "Works on Paper", "Vault B, drawer 22", "In storage"],
            [("link", "1987.241.3", "res:1987.241.3"), "Harbour at Dawn, Study", "Works on Paper", "Paper conservation lab", "Conservation hold"],
        ], key_prefix="matches")
        p.text(2, "Showing 1–5 of 5")
    p.add(2, "link", "Advanced search")
    footer(p, ctx)
    return p


def objects_list(ctx, dept_sel="All departments", status_sel="Any status",
                 applied=("All departments", "Any status"), sort=None, page=1):
    per = 10
    qs = []
    if applied[0] != "All departments":
        qs.append("dept=" + applied[0].lower().replace(" ", "-"))
    if applied[1] != "Any status":
        qs.append("status=" + applied[1].lower().replace(" ", "-"))
    if sort:
        qs.append("sort=accession")
    if page > 1:
        qs.append("page=%d" % page)
    url = BASE + "/objects" + ("?" + "&".join(qs) if qs else "")
    p = Page(url, "Objects · " + PRODUCT)
    chrome(p, ctx, "Objects", ["Home", "Objects"])
    p.add(2, "heading", "Objects", props=["level=1"])
    p.add(2, "group", "Filters")
    p.add(3, "combobox", "Department", key="f_dept",
          props=["value=%s" % q(dept_sel), "hasPopup='listbox'", "expanded=False"])
    p.add(3, "combobox", "Status", key="f_status",
          props=["value=%s" % q(status_sel), "hasPopup='listbox'", "expanded=False"])
    p.add(3, "textbox", "Title contains", key="f_title")
    p.add(3, "button", "Apply filters", key="f_apply")
    p.add(3, "button", "Clear filters", key="f_clear")
    if applied[0] == "All departments":
        rows = [(a, t, d, s) for a, t, d, s in ALL_RECENT]
        total = 58
    else:
        src = sorted(WOP, key=lambda t: acc_key(t[0])) if sort else WOP_RECENT
        rows = [(a, t, "Works on Paper", s) for a, t, s in src
                if applied[1] == "Any status" or s == applied[1]]
        total = len(rows)
        rows = rows[(page - 1) * per: page * per]
    pages = max(1, (total + per - 1) // per)
    if total == 0:
        p.text(2, "No objects match these filters.")
    else:
        first = (page - 1) * per + 1
        p.text(2, "Showing %d–%d of %d objects · sorted by %s" % (
            first, first + len(rows) - 1, total, "accession no. (ascending)" if sort else "recently updated"))
        table(p, 2, "Objects", ["Accession no.", "Title", "Department", "Location", "Status"], [
            [("link", a, "row:" + a), t, d, OBJECTS.get(a, {}).get("loc", WOP_LOC.get(s, "Vault A")), s]
            for a, t, d, s in rows
        ], sort=("Accession no.", "ascending") if sort else None)
        p.add(2, "navigation", "Pagination")
        if page > 1:
            p.add(3, "link", "Previous page", key="prev")
        for i in range(1, min(pages, 6) + 1):
            p.add(3, "link", "Page %d" % i, key="page_%d" % i,
                  props=["current='page'"] if i == page else [])
        if page < pages:
            p.add(3, "link", "Next page", key="next")
        p.text(3, "Page %d of %d" % (page, pages))
    p.add(2, "button", "Export CSV")
    footer(p, ctx)
    return p


OBJ_LOANS = {
    "1987.214.3": [
        ["OL-2022-0041", "Whitcomb Museum of Art", "Coastlines", "2022-04-01 – 2022-08-15", "USD 120,000", "Returned"],
        ["OL-2024-0088", "Whitcombe Art Gallery", "Paper Harbours", "2024-10-04 – 2025-01-12", "USD 158,000", "Cancelled"],
    ],
    "1987.214.30": [
        ["OL-2019-0012", "Penmore Library Trust", "Holt in Grey", "2019-05-02 – 2019-09-01", "USD 40,000", "Returned"],
    ],
}


def object_page(ctx, acc, tab="Overview", hold=False, toast=None, banner=None,
                loans_sort=False, dialog=None):
    o = dict(OBJECTS[acc])
    if hold:
        o["status"] = "Conservation hold"
        o["avail"] = "Not available for loan until 2025-09-30"
        o["loc"] = "Paper conservation lab"
    url = BASE + "/objects/" + acc + ("" if tab == "Overview" else "/" + tab.lower())
    p = Page(url, "%s %s · %s" % (acc, o["title"], PRODUCT))
    chrome(p, ctx, "Objects", ["Home", "Objects", o["dept"], acc])
    if toast:
        p.add(2, "status", "")
        p.text(3, toast)
        p.add(3, "link", "View log")
        p.add(3, "button", "Dismiss notification", key="toast_dismiss")
    if banner:
        p.add(2, "alert", "")
        p.text(3, banner)
    p.add(2, "heading", acc, props=["level=1"])
    p.text(2, o["title"])
    p.text(2, "%s · %s · %s" % (o["maker"], o["medium"], o["date"]))
    p.add(2, "toolbar", "Object actions")
    p.add(3, "button", "New outgoing loan", key="new_loan")
    p.add(3, "button", "Edit record", key="edit")
    p.add(3, "button", "Move object", key="move")
    p.add(3, "button", "Print label", key="print")
    p.add(3, "button", "More actions", props=["hasPopup='menu'", "expanded=False"])
    loans = OBJ_LOANS.get(acc, [])
    p.add(2, "tablist", "Record sections")
    for t in ["Overview", "Loans (%d)" % len(loans), "Conservation", "Condition reports", "Images (6)"]:
        base = t.split(" (")[0]
        p.add(3, "tab", t, key="tab_" + base.lower().replace(" ", "_"),
              props=["selected=True" if base == tab else "selected=False"])
    p.add(2, "tabpanel", tab)
    if tab == "Overview":
        p.add(3, "DescriptionList", "")
        for k, v in [("Department", o["dept"]), ("Location", o["loc"]), ("Status", o["status"]),
                     ("Loan availability", o["avail"]), ("Dimensions", o["dims"]),
                     ("Credit line", o["credit"]), ("Last condition report", o["last_cr"])]:
            p.text(4, "%s: %s" % (k, v))
        p.add(3, "region", "Reminders for this object")
        if hold:
            p.text(4, "Conservation hold: %s is not available for loan. Lining repair in progress (conservator: A. Feld)." % acc)
        p.text(4, "Outgoing condition report needed before the next loan (last report over 12 months old).")
        p.text(4, "Framing: hinge replacement deferred, not scheduled.")
        p.add(3, "heading", "Related objects", props=["level=2"])
        for ra, rt in [("1987.214.8", "Harbour at Dusk"), ("1987.214.30", "Harbour at Dusk, Second Study"),
                       ("1987.241.3", "Harbour at Dawn, Study")]:
            if ra != acc:
                p.add(3, "link", "%s %s" % (ra, rt))
    elif tab == "Loans":
        rows = list(loans)
        if loans_sort:
            rows.sort(key=lambda r: r[3])
        table(p, 3, "Loan history", ["Loan", "Borrower", "Exhibition", "Loan period", "Insurance", "Status"],
              rows, sort=("Loan period", "ascending") if loans_sort else None, key_prefix="loans")
        p.text(3, "Showing %d loans" % len(rows))
    if dialog == "draft":
        p.add(1, "alertdialog", "Unsaved draft found", props=["modal=True"])
        p.add(2, "heading", "Unsaved draft found", props=["level=2"])
        p.text(2, "You started an outgoing loan for %s on 2025-01-21 that was never saved "
                  "(borrower: Whitcombe Art Gallery, exhibition: Paper Harbours)." % acc)
        p.add(2, "button", "Resume draft", key="dlg_resume")
        p.add(2, "button", "Start a new loan", key="dlg_new")
        p.add(2, "button", "Cancel", key="dlg_cancel")
    footer(p, ctx)
    return p


def form_page(ctx, obj=TARGET, from_object=True, obj_query="", borrower="", borrower_query="",
              exhibition="", start="", end="", insurance="", courier=False, notes="",
              dialog=None, hold=False):
    url = BASE + "/loans/outgoing/new" + ("?object=" + obj if from_object else "")
    heading = "New outgoing loan for %s" % obj if obj else "New outgoing loan"
    p = Page(url, heading + " · " + PRODUCT)
    chrome(p, ctx, "Loans", ["Home", "Loans", "Outgoing", "New"])
    p.add(2, "heading", heading, props=["level=1"])
    p.text(2, "Fields marked * are required. Unsaved drafts are kept for 14 days.")
    if hold:
        p.add(2, "alert", "")
        p.text(3, "Conservation hold: %s is not available for loan until 2025-09-30. "
                  "A loan saved now will need conservator sign-off." % obj)
    p.add(2, "group", "Object")
    if from_object or obj:
        o = OBJECTS[obj]
        p.text(3, "Object: %s %s · %s · %s" % (obj, o["title"], o["dept"], o["loc"]))
        p.add(3, "link", "Change object", key="change_obj")
    else:
        expanded = bool(obj_query)
        p.add(3, "combobox", "Object (accession number) *", key="obj_box",
              props=["value=%s" % q(obj_query), "autocomplete='list'", "hasPopup='listbox'",
                     "expanded=%s" % expanded, "required"])
        if expanded:
            p.add(3, "listbox", "Matching objects")
            for a in ["1987.214.3", "1987.214.30"]:
                p.add(4, "option", "%s %s" % (a, OBJECTS[a]["title"]), key="objopt:" + a,
                      props=["selected=False"])
    p.add(2, "group", "Borrower")
    expanded = bool(borrower_query) and not borrower
    val = borrower or borrower_query
    p.add(3, "combobox", "Borrowing institution *", key="borrower",
          props=["value=%s" % q(val), "autocomplete='list'", "hasPopup='listbox'",
                 "expanded=%s" % expanded, "required"])
    if expanded:
        p.add(3, "listbox", "Matching institutions")
        for name, _ in inst_matches(borrower_query):
            p.add(4, "option", name, key="opt:" + name, props=["selected=False"])
    if borrower:
        p.text(3, dict(INSTITUTIONS)[borrower])
    p.add(3, "link", "Add a new institution", key="add_inst")
    p.add(2, "group", "Exhibition")
    p.add(3, "textbox", "Exhibition title *", key="exhibition",
          props=["value=%s" % q(exhibition), "required"])
    p.add(3, "textbox", "Loan start * (YYYY-MM-DD)", key="start", props=["value=%s" % q(start), "required"])
    p.add(3, "button", "Choose loan start date", key="start_cal")
    p.add(3, "textbox", "Loan end * (YYYY-MM-DD)", key="end", props=["value=%s" % q(end), "required"])
    p.add(3, "button", "Choose loan end date", key="end_cal")
    p.text(3, "Venue dates can differ from loan dates; note transit days for the borrower.")
    p.add(2, "group", "Insurance and transport")
    p.add(3, "textbox", "Insurance value (USD) *", key="insurance",
          props=["value=%s" % q(insurance), "required"])
    p.add(3, "combobox", "Valuation basis", key="basis",
          props=["value='Agreed value'", "hasPopup='listbox'", "expanded=False"])
    p.add(3, "checkbox", "Courier required", key="courier",
          props=["checked='%s'" % ("true" if courier else "false")])
    p.add(3, "textbox", "Notes for the borrower", key="notes", props=["value=%s" % q(notes)])
    p.text(2, "An outgoing condition report is requested automatically when the loan is saved.")
    p.add(2, "button", "Save loan", key="save")
    p.add(2, "button", "Cancel", key="cancel")
    if dialog == "calendar":
        p.add(1, "dialog", "Choose loan start date", props=["modal=True"])
        p.add(2, "button", "Previous month", key="cal_prev")
        p.text(2, "January 2025")
        p.add(2, "button", "Next month", key="cal_next")
        p.add(2, "grid", "January 2025")
        for wk in range(5):
            p.add(3, "row", "")
            for d in range(1, 8):
                day = wk * 7 + d
                if day <= 31:
                    p.add(4, "gridcell", str(day))
        p.add(2, "button", "Cancel", key="cal_cancel")
        p.add(2, "button", "Apply", key="cal_apply")
    if dialog == "leave":
        p.add(1, "alertdialog", "Leave this page?", props=["modal=True"])
        p.text(2, "Your outgoing loan for %s has not been saved. Leaving will discard it." % obj)
        p.add(2, "button", "Stay on this page", key="leave_stay")
        p.add(2, "button", "Leave and discard", key="leave_go")
    footer(p, ctx)
    return p


def loan_page(ctx, obj=TARGET, borrower=TARGET_INST, exhibition="Tides and Light",
              start="2025-03-14", end="2025-07-20", insurance="185,000.00", courier=True,
              hold=False, loan_id=LOAN_ID):
    p = Page(BASE + "/loans/" + loan_id, "Outgoing loan %s · %s" % (loan_id, PRODUCT))
    chrome(p, ctx, "Loans", ["Home", "Loans", "Outgoing", loan_id])
    p.add(2, "status", "")
    p.text(3, "Outgoing loan %s saved. Condition report request sent to Conservation." % loan_id)
    p.add(3, "button", "Dismiss notification", key="toast_dismiss")
    if hold:
        p.add(2, "alert", "")
        p.text(3, "Saved with a warning: %s is on conservation hold. Conservator sign-off is required "
                  "before the loan agreement can be sent." % obj)
    p.add(2, "heading", "Outgoing loan %s" % loan_id, props=["level=1"])
    p.text(2, "Status: Pending agreement")
    p.add(2, "toolbar", "Loan actions")
    p.add(3, "button", "Edit loan", key="edit_loan")
    p.add(3, "button", "Send agreement", key="send_agreement")
    p.add(3, "button", "Cancel loan", key="cancel_loan")
    p.add(2, "tablist", "Loan sections")
    for i, t in enumerate(["Summary", "Documents (0)", "Shipping", "Condition reports", "History"]):
        p.add(3, "tab", t, props=["selected=%s" % (i == 0)])
    p.add(2, "tabpanel", "Summary")
    p.add(3, "DescriptionList", "")
    for k, v in [("Object", "%s %s" % (obj, OBJECTS[obj]["title"])),
                 ("Borrowing institution", borrower),
                 ("Exhibition", exhibition),
                 ("Loan start", start), ("Loan end", end),
                 ("Insurance value", "USD " + insurance + " (agreed value)"),
                 ("Courier required", "Yes" if courier else "No"),
                 ("Created by", "R. Okafor, today")]:
        p.text(4, "%s: %s" % (k, v))
    p.add(3, "region", "Next steps")
    p.add(4, "list", "")
    steps = ["Send the loan agreement to the borrower",
             "Book a courier for outbound and return transit" if courier else "No courier booking needed",
             "Outgoing condition report due 2025-02-28",
             "Insurance certificate: not yet uploaded"]
    for s in steps:
        p.add(5, "listitem", s)
    footer(p, ctx)
    return p


def loans_list(ctx):
    p = Page(BASE + "/loans/outgoing", "Outgoing loans · " + PRODUCT)
    chrome(p, ctx, "Loans", ["Home", "Loans", "Outgoing"])
    p.add(2, "heading", "Outgoing loans", props=["level=1"])
    p.add(2, "link", "New outgoing loan", key="new_out")
    p.add(2, "combobox", "Status", props=["value='All open'", "hasPopup='listbox'", "expanded=False"])
    table(p, 2, "Outgoing loans", ["Loan", "Object", "Borrower", "Loan period", "Status"], [
        [("link", "OL-2025-0112", "l1"), "1987.214.8 Harbour at Dusk", "Whitcomb Museum of Art", "2025-03-04 – 2025-07-02", "Pending agreement"],
        [("link", "OL-2025-0109", "l2"), "1971.12.4 Quay Lanterns", "Harrow Bay Maritime Museum", "2025-01-20 – 2025-06-01", "In transit"],
        [("link", "OL-2024-0101", "l3"), "1955.3.22 Gulls over Cardle Point", "Whitcombe College Art Museum", "2024-06-01 – 2025-01-05", "Overdue for return"],
        [("link", "OL-2024-0093", "l4"), "1962.40.7 Low Tide at Arnsby", "Whitcomb Museum of Art", "2025-02-01 – 2025-05-30", "Cancelled"],
        [("link", "OL-2024-0082", "l5"), "1961.8.12 Harbour Steps", "Harrow Bay Maritime Museum", "2024-09-15 – 2025-03-15", "On loan"],
    ])
    p.text(2, "Showing 1–5 of 14 open loans")
    p.add(2, "navigation", "Pagination")
    p.add(3, "link", "Page 1", props=["current='page'"])
    p.add(3, "link", "Page 2")
    p.add(3, "link", "Page 3")
    p.add(3, "link", "Next page")
    footer(p, ctx)
    return p


def signin_page(ctx, next_path):
    p = Page(BASE + "/signin?next=" + next_path, "Sign in · " + PRODUCT)
    p.add(1, "banner", "")
    p.text(2, "Archivolt Collections")
    p.text(2, "Linden Hall Museum")
    p.add(1, "main", "")
    p.add(2, "heading", "Sign in", props=["level=1"])
    p.add(2, "alert", "")
    p.text(3, "Your session has ended. Sign in again to continue.")
    p.add(2, "textbox", "Staff ID or email", key="user", props=["required"])
    p.add(2, "textbox", "Password", key="password", props=["required"])
    p.add(2, "checkbox", "Keep me signed in on this device", props=["checked='false'"])
    p.add(2, "button", "Sign in", key="signin")
    p.add(2, "link", "Forgot your password?")
    p.add(1, "contentinfo", "")
    p.text(2, "Archivolt Collections 7.3.2 · Authorised staff only")
    return p


def error_page(ctx):
    p = Page(BASE + "/loans/outgoing", "Error · " + PRODUCT)
    chrome(p, ctx, "Loans", ["Home", "Loans", "Outgoing"])
    p.add(2, "heading", "Something went wrong", props=["level=1"])
    p.text(2, "The server hit an unexpected problem while handling your request (HTTP 500).")
    p.text(2, "Reference: ARC-5F2D-91C7. If this keeps happening, contact collections systems support.")
    p.add(2, "link", "Back to the dashboard", key="back_dash")
    p.add(2, "link", "Report this problem")
    footer(p, ctx)
    return p


def forbidden_page(ctx):
    p = Page(BASE + "/loans/outgoing", "Not allowed · " + PRODUCT)
    chrome(p, ctx, "Loans", ["Home", "Loans", "Outgoing"])
    p.add(2, "heading", "You can't save outgoing loans", props=["level=1"])
    p.text(2, "Your role this week is Registrar (cover, read and draft). Saving outgoing loans "
              "needs the Loans approver permission. Your draft has been kept.")
    p.text(2, "Error 403")
    p.add(2, "link", "Return to the draft", key="back_draft")
    p.add(2, "link", "Request access from a collections manager")
    footer(p, ctx)
    return p


# ---------------------------------------------------------------------------
# Run builder
# ---------------------------------------------------------------------------
class Run:
    def __init__(self, rid, fault, start):
        self.rid = rid
        self.fault = fault
        self.init = start
        self.cur = start
        self.steps = []
        self.label_step = None

    def _push(self, commitment, command, reasoning, target, effect, obs):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": obs.obs(),
        })
        self.cur = obs

    def _el(self, key):
        bid, role, name = self.cur.el[key]
        return bid, "%s %s" % (role, q(name))

    def click(self, c, key, reasoning, obs, effect="read"):
        bid, target = self._el(key)
        self._push(c, "click(%s)" % q(bid), reasoning, target, effect, obs)

    def fill(self, c, key, value, reasoning, obs, effect="write"):
        bid, target = self._el(key)
        self._push(c, "fill(%s, %s)" % (q(bid), q(value)), reasoning, target, effect, obs)

    def press(self, c, key, keys, reasoning, obs, effect="read"):
        bid, target = self._el(key)
        self._push(c, "press(%s, %s)" % (q(bid), q(keys)), reasoning, target, effect, obs)

    def select(self, c, key, value, reasoning, obs, effect="read"):
        bid, target = self._el(key)
        self._push(c, "select_option(%s, %s)" % (q(bid), q(value)), reasoning, target, effect, obs)

    def check(self, c, key, reasoning, obs, effect="write"):
        bid, target = self._el(key)
        self._push(c, "check(%s)" % q(bid), reasoning, target, effect, obs)

    def say(self, c, msg, reasoning):
        self._push(c, "send_msg_to_user(%s)" % q(msg), reasoning, "chat", "read", self.cur)

    def mark(self):
        """Mark the NEXT step as the first off-track step."""
        self.label_step = len(self.steps)

    def record(self, success):
        healthy = self.fault is None
        if not healthy:
            assert self.label_step is not None, self.rid
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": None if healthy else self.label_step},
            "initial_observation": self.init.obs(),
            "steps": self.steps,
            "outcome": {"success": success},
        }


DONE_MSG = ("Saved outgoing loan %s: 1987.214.3 Harbour at Dusk, Study to Whitcombe Art Museum for "
            "\"Tides and Light\", 2025-03-14 to 2025-07-20, insured at USD 185,000, courier required." % LOAN_ID)


# --- shared path fragments ---------------------------------------------------
def search_to_object(r, ctx, query=TARGET, via_enter=False, pick=TARGET, hold=False, toast=None):
    r.fill("find-object", "search", query, "Look the object up by its accession number"
           if query[0].isdigit() else "Search by title", search_dash_typed(ctx, r.cur, query), effect="read")
    if via_enter:
        r.press("find-object", "search", "Enter", "Submit the search", search_results(ctx, query))
    else:
        r.click("find-object", "search_btn", "Run the search", search_results(ctx, query))
    r.click("find-object", "res:" + pick, "Open the record for %s" % pick,
            object_page(ctx, pick, hold=hold, toast=toast))


def search_dash_typed(ctx, page, query):
    """Re-render the current page with the search box filled in."""
    if page.url.endswith("/dashboard"):
        hold = "1987.214.3 Harbour at Dusk, Study" in "\n".join(page.lines)
        d = dashboard(ctx, hold_on_target=hold)
    else:
        raise ValueError(page.url)
    # patch the searchbox value
    lines = d.lines
    for i, ln in enumerate(lines):
        if "searchbox 'Search objects by accession number or title'" in ln:
            lines[i] = ln + ", value=%s" % q(query)
    return d


class Form:
    """Mutable form state; render() gives the page."""

    def __init__(self, ctx, **kw):
        self.ctx = ctx
        self.kw = dict(kw)

    def set(self, **kw):
        self.kw.update(kw)
        return form_page(self.ctx, **self.kw)

    def render(self, **extra):
        k = dict(self.kw)
        k.update(extra)
        return form_page(self.ctx, **k)


def choose_borrower(r, f, query="Whitcombe", pick=TARGET_INST):
    r.fill("set-borrower", "borrower", query, "Type the borrower's name to get suggestions",
           f.set(borrower_query=query))
    r.click("set-borrower", "opt:" + pick, "Pick the borrowing institution from the suggestions",
            f.set(borrower=pick, borrower_query=""), effect="write")


def enter_terms(r, f, exhibition="Tides and Light", start="2025-03-14", end="2025-07-20",
                insurance="185000", courier=True, mark_at=None):
    seq = [("exhibition", exhibition, "Enter the exhibition title"),
           ("start", start, "Enter the loan start date"),
           ("end", end, "Enter the loan end date"),
           ("insurance", insurance, "Enter the insurance value in USD")]
    for key, val, why in seq:
        if mark_at == key:
            r.mark()
        r.fill("enter-terms", key, val, why, f.set(**{key: val}))
    if courier:
        r.check("enter-terms", "courier", "The task says a courier is required", f.set(courier=True))


def save_ok(r, ctx, **loan_kw):
    r.click("save-loan", "save", "Save the loan to the collections record", loan_page(ctx, **loan_kw),
            effect="irreversible")


# ---------------------------------------------------------------------------
# Healthy runs
# ---------------------------------------------------------------------------
def healthy_runs():
    runs = []

    # H1: search box + Search button, straight through.
    rid = "outgoing_loan-healthy-01"
    ctx = Ctx(rid)
    r = Run(rid, None, dashboard(ctx))
    search_to_object(r, ctx)
    r.click("open-loan-form", "new_loan", "Start an outgoing loan from the object record", form_page(ctx))
    f = Form(ctx)
    choose_borrower(r, f)
    enter_terms(r, f)
    save_ok(r, ctx)
    r.say("save-loan", DONE_MSG, "The loan page shows the saved loan with the requested terms")
    runs.append(r.record(True))

    # H2: browse Objects, filter by the department the task names, sort, paginate.
    rid = "outgoing_loan-healthy-02"
    ctx = Ctx(rid)
    r = Run(rid, None, dashboard(ctx))
    r.click("find-object", "nav_objects", "Browse the object list", objects_list(ctx))
    r.select("find-object", "f_dept", "Works on Paper", "The task says the object is in Works on Paper",
             objects_list(ctx, dept_sel="Works on Paper"))
    r.click("find-object", "f_apply", "Apply the department filter",
            objects_list(ctx, dept_sel="Works on Paper", applied=("Works on Paper", "Any status")))
    r.click("find-object", "Objects:sort:Accession no.", "Sort by accession number to find 1987.214.3",
            objects_list(ctx, dept_sel="Works on Paper", applied=("Works on Paper", "Any status"), sort=True))
    r.click("find-object", "next", "1987.214.3 sorts after the first ten rows; go to the next page",
            objects_list(ctx, dept_sel="Works on Paper", applied=("Works on Paper", "Any status"), sort=True, page=2))
    r.click("find-object", "row:1987.214.3", "Open 1987.214.3 Harbour at Dusk, Study", object_page(ctx, TARGET))
    r.click("open-loan-form", "new_loan", "Start an outgoing loan", form_page(ctx))
    f = Form(ctx)
    choose_borrower(r, f, query="Whitcombe Art")
    enter_terms(r, f)
    save_ok(r, ctx)
    r.say("save-loan", DONE_MSG, "Loan saved with all requested terms")
    runs.append(r.record(True))

    # H3: search with Enter; retype a mistyped exhibition title before saving.
    rid = "outgoing_loan-healthy-03"
    ctx = Ctx(rid)
    r = Run(rid, None, dashboard(ctx))
    search_to_object(r, ctx, via_enter=True)
    r.click("open-loan-form", "new_loan", "Start an outgoing loan", form_page(ctx))
    f = Form(ctx)
    choose_borrower(r, f, query="Whitcombe Art Museum")
    r.fill("enter-terms", "exhibition", "Tides and Ligth", "Enter the exhibition title", f.set(exhibition="Tides and Ligth"))
    r.fill("enter-terms", "exhibition", "Tides and Light", "Fix the typo in the exhibition title",
           f.set(exhibition="Tides and Light"))
    r.fill("enter-terms", "start", "2025-03-14", "Enter the loan start date", f.set(start="2025-03-14"))
    r.fill("enter-terms", "end", "2025-07-20", "Enter the loan end date", f.set(end="2025-07-20"))
    r.fill("enter-terms", "insurance", "185000", "Enter the insurance value", f.set(insurance="185000"))
    r.check("enter-terms", "courier", "Courier is required", f.set(courier=True))
    save_ok(r, ctx)
    r.say("save-loan", DONE_MSG, "Saved; the summary matches the request")
    runs.append(r.record(True))

    # H4: dashboard quick action; pick the object inside the loan form.
    rid = "outgoing_loan-healthy-04"
    ctx = Ctx(rid)
    r = Run(rid, None, dashboard(ctx))
    f = Form(ctx, obj=None, from_object=False)
    r.click("open-loan-form", "qa_new_out", "Use the dashboard quick action to start an outgoing loan",
            f.render())
    r.fill("find-object", "obj_box", TARGET, "Choose the object by accession number", f.set(obj_query=TARGET))
    r.click("find-object", "objopt:" + TARGET, "Pick 1987.214.3 Harbour at Dusk, Study, not the Second Study",
            f.set(obj=TARGET, obj_query=""), effect="write")
    choose_borrower(r, f)
    enter_terms(r, f)
    save_ok(r, ctx)
    r.say("save-loan", DONE_MSG, "The loan record shows the requested terms")
    runs.append(r.record(True))

    # H5: "unsaved draft" dialog raised by the agent's own click; start a new loan.
    rid = "outgoing_loan-healthy-05"
    ctx = Ctx(rid)
    r = Run(rid, None, dashboard(ctx))
    search_to_object(r, ctx)
    r.click("open-loan-form", "new_loan", "Start an outgoing loan", object_page(ctx, TARGET, dialog="draft"))
    r.click("open-loan-form", "dlg_new", "The old draft has a different borrower and show; start fresh",
            form_page(ctx))
    f = Form(ctx)
    choose_borrower(r, f)
    enter_terms(r, f)
    save_ok(r, ctx)
    r.say("save-loan", DONE_MSG, "Saved with the requested terms")
    runs.append(r.record(True))

    # H6: opens the date picker, cancels it, types the date instead.
    rid = "outgoing_loan-healthy-06"
    ctx = Ctx(rid)
    r = Run(rid, None, dashboard(ctx))
    search_to_object(r, ctx)
    r.click("open-loan-form", "new_loan", "Start an outgoing loan", form_page(ctx))
    f = Form(ctx)
    choose_borrower(r, f)
    r.fill("enter-terms", "exhibition", "Tides and Light", "Enter the exhibition title", f.set(exhibition="Tides and Light"))
    r.click("enter-terms", "start_cal", "Try the date picker for the start date", f.render(dialog="calendar"))
    r.click("enter-terms", "cal_cancel", "Typing the date is simpler; close the picker", f.render())
    r.fill("enter-terms", "start", "2025-03-14", "Type the loan start date", f.set(start="2025-03-14"))
    r.fill("enter-terms", "end", "2025-07-20", "Type the loan end date", f.set(end="2025-07-20"))
    r.fill("enter-terms", "insurance", "185000", "Enter the insurance value", f.set(insurance="185000"))
    r.check("enter-terms", "courier", "Courier is required", f.set(courier=True))
    save_ok(r, ctx)
    r.say("save-loan", DONE_MSG, "Saved")
    runs.append(r.record(True))

    # H7: search by title; a status toast on the object page is dismissed.
    rid = "outgoing_loan-healthy-07"
    ctx = Ctx(rid)
    r = Run(rid, None, dashboard(ctx))
    toast = "Image sync finished: 2 of 14 uploads failed for this object. Retry from the Images tab."
    search_to_object(r, ctx, query="Harbour at Dusk", toast=toast)
    r.click("find-object", "toast_dismiss", "Dismiss the image-sync notice; not related to the loan",
            object_page(ctx, TARGET))
    r.click("open-loan-form", "new_loan", "Start an outgoing loan", form_page(ctx))
    f = Form(ctx)
    choose_borrower(r, f)
    enter_terms(r, f)
    save_ok(r, ctx)
    r.say("save-loan", DONE_MSG, "The loan is saved")
    runs.append(r.record(True))

    # H8: checks the object's loan history (sorted) before creating the loan.
    rid = "outgoing_loan-healthy-08"
    ctx = Ctx(rid)
    r = Run(rid, None, dashboard(ctx))
    search_to_object(r, ctx)
    r.click("find-object", "tab_loans", "Check the loan history for clashing dates",
            object_page(ctx, TARGET, tab="Loans"))
    r.click("find-object", "loans:sort:Loan period", "Sort the history by loan period",
            object_page(ctx, TARGET, tab="Loans", loans_sort=True))
    r.click("open-loan-form", "new_loan", "No clash with 2025-03-14 to 2025-07-20; start the loan", form_page(ctx))
    f = Form(ctx)
    choose_borrower(r, f)
    enter_terms(r, f)
    r.fill("enter-terms", "notes", "Courier to accompany outbound and return; please confirm crate dates.",
           "Add a courier note for the borrower", f.set(notes="Courier to accompany outbound and return; please confirm crate dates."))
    save_ok(r, ctx)
    r.say("save-loan", DONE_MSG, "Saved with the requested terms")
    runs.append(r.record(True))
    return runs


# ---------------------------------------------------------------------------
# Faulty runs (written after the plan; the plan was not changed for them)
# ---------------------------------------------------------------------------
def faulty_runs():
    runs = []

    # F1: near-miss object 1987.214.30 opened from the search results.
    rid = "outgoing_loan-wrong_record-01"
    ctx = Ctx(rid)
    r = Run(rid, "wrong_record", dashboard(ctx))
    r.fill("find-object", "search", TARGET, "Look the object up", search_dash_typed(ctx, r.cur, TARGET), effect="read")
    r.click("find-object", "search_btn", "Run the search", search_results(ctx, TARGET))
    r.mark()
    r.click("find-object", "res:1987.214.30", "Open Harbour at Dusk study",
            object_page(ctx, "1987.214.30"))
    r.click("open-loan-form", "new_loan", "Start an outgoing loan", form_page(ctx, obj="1987.214.30"))
    f = Form(ctx, obj="1987.214.30")
    choose_borrower(r, f)
    enter_terms(r, f)
    save_ok(r, ctx, obj="1987.214.30")
    r.say("save-loan", DONE_MSG.replace(LOAN_ID + ": 1987.214.3 Harbour at Dusk, Study",
                                        LOAN_ID + ": Harbour at Dusk study"), "Loan saved")
    runs.append(r.record(False))

    # F2: near-miss institution picked from the autocomplete.
    rid = "outgoing_loan-wrong_record-02"
    ctx = Ctx(rid)
    r = Run(rid, "wrong_record", dashboard(ctx))
    search_to_object(r, ctx)
    r.click("open-loan-form", "new_loan", "Start an outgoing loan", form_page(ctx))
    f = Form(ctx)
    r.fill("set-borrower", "borrower", "Whitcomb", "Type the borrower's name", f.set(borrower_query="Whitcomb"))
    wrong = "Whitcomb Museum of Art — Whitcomb, WI"
    r.mark()
    r.click("set-borrower", "opt:" + wrong, "This is the Whitcomb museum", f.set(borrower=wrong, borrower_query=""),
            effect="write")
    enter_terms(r, f)
    save_ok(r, ctx, borrower=wrong)
    r.say("save-loan", DONE_MSG, "Loan saved")
    runs.append(r.record(False))

    # F3: wrong insurance value (digits transposed).
    rid = "outgoing_loan-wrong_value-01"
    ctx = Ctx(rid)
    r = Run(rid, "wrong_value", dashboard(ctx))
    search_to_object(r, ctx)
    r.click("open-loan-form", "new_loan", "Start an outgoing loan", form_page(ctx))
    f = Form(ctx)
    choose_borrower(r, f)
    enter_terms(r, f, insurance="158000", mark_at="insurance")
    save_ok(r, ctx, insurance="158,000.00")
    r.say("save-loan", DONE_MSG, "Loan saved")
    runs.append(r.record(False))

    # F4: the start page already shows a conservation hold on the target; the agent carries on.
    rid = "outgoing_loan-ignored_precondition-01"
    ctx = Ctx(rid)
    r = Run(rid, "ignored_precondition", dashboard(ctx, hold_on_target=True))
    r.label_step = 0  # the hold is visible on the start page
    r.fill("find-object", "search", TARGET, "Look the object up", search_dash_typed(ctx, r.cur, TARGET), effect="read")
    r.click("find-object", "search_btn", "Run the search", search_results(ctx, TARGET))
    r.click("find-object", "res:" + TARGET, "Open 1987.214.3",
            object_page(ctx, TARGET, hold=True,
                        banner="Conservation hold: 1987.214.3 is not available for loan until 2025-09-30."))
    r.click("open-loan-form", "new_loan", "Start an outgoing loan", form_page(ctx, hold=True))
    f = Form(ctx, hold=True)
    choose_borrower(r, f)
    enter_terms(r, f)
    save_ok(r, ctx, hold=True)
    r.say("save-loan", DONE_MSG, "Loan saved")
    runs.append(r.record(False))

    # F5: skipped step: courier box never ticked.
    rid = "outgoing_loan-skipped_step-01"
    ctx = Ctx(rid)
    r = Run(rid, "skipped_step", dashboard(ctx))
    search_to_object(r, ctx)
    r.click("open-loan-form", "new_loan", "Start an outgoing loan", form_page(ctx))
    f = Form(ctx)
    choose_borrower(r, f)
    enter_terms(r, f, courier=False)
    r.mark()
    save_ok(r, ctx, courier=False)
    r.say("save-loan", DONE_MSG, "Loan saved")
    runs.append(r.record(False))

    # F6: silent no-op: Save does nothing (H3-style path with Enter).
    rid = "outgoing_loan-silent_noop-01"
    ctx = Ctx(rid)
    r = Run(rid, "silent_noop", dashboard(ctx))
    search_to_object(r, ctx, via_enter=True)
    r.click("open-loan-form", "new_loan", "Start an outgoing loan", form_page(ctx))
    f = Form(ctx)
    choose_borrower(r, f)
    enter_terms(r, f)
    r.mark()
    r.click("save-loan", "save", "Save the loan", f.render(), effect="irreversible")
    r.say("save-loan", "The outgoing loan for 1987.214.3 to Whitcombe Art Museum is saved.",
          "Clicked Save loan")
    runs.append(r.record(False))

    # F7: unrequested status filter hides the object.
    rid = "outgoing_loan-unrequested_filter-01"
    ctx = Ctx(rid)
    r = Run(rid, "unrequested_filter", dashboard(ctx))
    r.click("find-object", "nav_objects", "Browse the object list", objects_list(ctx))
    r.select("find-object", "f_dept", "Works on Paper", "The task says Works on Paper",
             objects_list(ctx, dept_sel="Works on Paper"))
    r.mark()
    r.select("find-object", "f_status", "On view", "An object going out on loan should be on view",
             objects_list(ctx, dept_sel="Works on Paper", status_sel="On view"))
    r.click("find-object", "f_apply", "Apply the filters",
            objects_list(ctx, dept_sel="Works on Paper", status_sel="On view",
                         applied=("Works on Paper", "On view")))
    r.say("find-object", "I couldn't find 1987.214.3 among the Works on Paper objects, so I could not "
          "record the loan. Please check the accession number.", "The object is not in the list")
    runs.append(r.record(False))

    # F8: server error page on save.
    rid = "outgoing_loan-error_page-01"
    ctx = Ctx(rid)
    r = Run(rid, "error_page", dashboard(ctx))
    f = Form(ctx, obj=None, from_object=False)
    r.click("open-loan-form", "qa_new_out", "Start an outgoing loan from the dashboard", f.render())
    r.fill("find-object", "obj_box", TARGET, "Choose the object", f.set(obj_query=TARGET))
    r.click("find-object", "objopt:" + TARGET, "Pick 1987.214.3", f.set(obj=TARGET, obj_query=""),
            effect="write")
    choose_borrower(r, f)
    enter_terms(r, f)
    r.mark()
    r.click("save-loan", "save", "Save the loan", error_page(ctx), effect="irreversible")
    r.say("save-loan", "Saving the loan failed with a server error (reference ARC-5F2D-91C7); "
          "the loan is not recorded.", "Report the failure")
    runs.append(r.record(False))

    # F9: permission refusal on save (browse path).
    rid = "outgoing_loan-permission_denied-01"
    ctx = Ctx(rid)
    r = Run(rid, "permission_denied", dashboard(ctx))
    r.click("find-object", "nav_objects", "Browse the object list", objects_list(ctx))
    r.select("find-object", "f_dept", "Works on Paper", "Filter to Works on Paper",
             objects_list(ctx, dept_sel="Works on Paper"))
    r.click("find-object", "f_apply", "Apply the filter",
            objects_list(ctx, dept_sel="Works on Paper", applied=("Works on Paper", "Any status")))
    r.click("find-object", "page_2", "The object is not on page 1",
            objects_list(ctx, dept_sel="Works on Paper", applied=("Works on Paper", "Any status"), page=2))
    r.click("find-object", "row:" + TARGET, "Open 1987.214.3", object_page(ctx, TARGET))
    r.click("open-loan-form", "new_loan", "Start an outgoing loan", form_page(ctx))
    f = Form(ctx)
    choose_borrower(r, f)
    enter_terms(r, f)
    r.mark()
    r.click("save-loan", "save", "Save the loan", forbidden_page(ctx), effect="irreversible")
    r.say("save-loan", "I filled in the loan but couldn't save it: my role lacks the Loans approver "
          "permission. The draft is kept.", "Report the refusal")
    runs.append(r.record(False))

    # F10: session lost when opening the loan form.
    rid = "outgoing_loan-session_expired-01"
    ctx = Ctx(rid)
    r = Run(rid, "session_expired", dashboard(ctx))
    search_to_object(r, ctx)
    r.mark()
    r.click("open-loan-form", "new_loan", "Start an outgoing loan",
            signin_page(ctx, "/archivolt/loans/outgoing/new%3Fobject%3D1987.214.3"))
    r.say("open-loan-form", "I was signed out before I could start the loan; please sign in again.",
          "Cannot continue without credentials")
    runs.append(r.record(False))

    # F11: premature success: reports before saving.
    rid = "outgoing_loan-premature_success-01"
    ctx = Ctx(rid)
    r = Run(rid, "premature_success", dashboard(ctx))
    search_to_object(r, ctx)
    r.click("open-loan-form", "new_loan", "Start an outgoing loan", form_page(ctx))
    f = Form(ctx)
    choose_borrower(r, f)
    enter_terms(r, f)
    r.mark()
    r.say("save-loan", "Done: the outgoing loan of 1987.214.3 to Whitcombe Art Museum is recorded "
          "(Tides and Light, 2025-03-14 to 2025-07-20, USD 185,000, courier required).",
          "All fields are filled in")
    runs.append(r.record(False))

    # F12: dialog mishandled: leaves the unsaved form and discards it.
    rid = "outgoing_loan-dialog_mishandled-01"
    ctx = Ctx(rid)
    r = Run(rid, "dialog_mishandled", dashboard(ctx))
    search_to_object(r, ctx)
    r.click("open-loan-form", "new_loan", "Start an outgoing loan", form_page(ctx))
    f = Form(ctx)
    choose_borrower(r, f)
    enter_terms(r, f)
    r.click("save-loan", "nav_loans", "Check the outgoing loans list for an existing loan before saving",
            f.render(dialog="leave"))
    r.mark()
    r.click("save-loan", "leave_go", "Continue to the loans list", loans_list(ctx), effect="irreversible")
    r.say("save-loan", "The outgoing loan for 1987.214.3 to Whitcombe Art Museum has been recorded.",
          "Loan details were entered")
    runs.append(r.record(False))
    return runs


def main(out_dir):
    os.makedirs(os.path.join(out_dir, "plans"), exist_ok=True)
    with open(os.path.join(out_dir, PLAN_REL), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(PLAN_YAML)
    runs = healthy_runs() + faulty_runs()
    with open(os.path.join(out_dir, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for run in runs:
            fh.write(json.dumps(run, ensure_ascii=False, sort_keys=False) + "\n")
    print("wrote %d runs to %s" % (len(runs), os.path.join(out_dir, "corpus.jsonl")))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
