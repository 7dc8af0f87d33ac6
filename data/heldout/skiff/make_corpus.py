#!/usr/bin/env python3
"""Generate the Skiff held-out corpus (stdlib only, fixed seed).

Skiff is the booking office of Harbourlight Sailing School (Port Wenlow Marina).
Writes, next to this file:
  corpus.jsonl            20 trajectories (8 healthy, 12 faulty) over 2 workflows
  plans/enrol.yaml        hand-written plan (see plans_src.py)
  plans/charter.yaml
  README.md               application notes and the label table
Run:  python3 make_corpus.py
"""
import json
import os
import random
import sys

sys.dont_write_bytecode = True
from contextlib import contextmanager

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from plans_src import PLANS, TASKS  # noqa: E402

SEED = 20250514
BASE = "http://127.0.0.1:8000"
PRODUCT = "Skiff"
ORG = "Harbourlight Sailing School"
USER = "Maren Olsen"
USER_ROLE = "Bookings coordinator"
TODAY = "Wed 14 May 2025"

RNG = random.Random(SEED)


def q(s):
    return repr(s)


# --------------------------------------------------------------------------------------
# AXTree page builder (BrowserGym flattened style)
# --------------------------------------------------------------------------------------
class Page:
    def __init__(self, title, path):
        self.title = "%s · %s" % (title, PRODUCT)
        self.url = BASE + path
        self.lines = ["RootWebArea %s, focused" % q(self.title)]
        self.n = 1
        self.depth = 1
        self.keys = {}

    def add(self, role, name="", *props, key=None):
        bid = "a%d" % self.n
        self.n += 1
        line = "\t" * self.depth + "[%s] %s %s" % (bid, role, q(name))
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        if key is not None:
            assert key not in self.keys, (self.title, key)
            self.keys[key] = (bid, "%s %s" % (role, q(name)))
        return bid

    @contextmanager
    def box(self, role, name="", *props, key=None):
        self.add(role, name, *props, key=key)
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1

    def text(self, s):
        self.lines.append("\t" * self.depth + "StaticText %s" % q(s))

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


def val(v):
    return "value=%s" % q(v)


def checked(b):
    return "checked=%s" % q("true" if b else "false")


def select(p, label, options, current, key, required=False):
    props = [val(current), "hasPopup='menu'", "expanded=False"]
    if required:
        props.append("required")
    with p.box("combobox", label, *props, key=key):
        for o in options:
            p.add("option", o, "selected=%s" % (o == current))


# --------------------------------------------------------------------------------------
# Per-run context: notification count, recently viewed list (updated as records open)
# --------------------------------------------------------------------------------------
CTX = {"notif": 3, "recent": []}


def new_ctx(recent):
    CTX["notif"] = RNG.choice([2, 3, 3, 4, 5])
    CTX["recent"] = list(recent)


def viewed(label, href_key):
    CTX["recent"] = [r for r in CTX["recent"] if r[1] != href_key]
    CTX["recent"].insert(0, (label, href_key))
    del CTX["recent"][6:]


def chrome(p, crumbs, search_value="", toast=None):
    with p.box("banner", ""):
        p.add("link", "Skiff — Harbourlight Sailing School", key="nav:home")
        with p.box("navigation", "Main"):
            for s in ["Dashboard", "Courses", "Students", "Fleet", "Charters", "Reports"]:
                p.add("link", s, key="nav:" + s)
        with p.box("search", ""):
            props = [val(search_value)] if search_value else []
            p.add("searchbox", "Search students, bookings, boats", *props, key="search")
            p.add("button", "Search", key="search:go")
        p.add("button", "Notifications (%d)" % CTX["notif"], "hasPopup='menu'", "expanded=False")
        p.add("button", "%s, %s" % (USER, USER_ROLE), "hasPopup='menu'", "expanded=False")
    with p.box("navigation", "Breadcrumb"):
        for i, c in enumerate(crumbs):
            if i == len(crumbs) - 1:
                p.text(c)
            else:
                p.add("link", c)
    with p.box("status", "", "live='polite'"):
        if toast:
            p.text(toast)
            p.add("button", "Dismiss notification", key="toast:dismiss")


def recent_panel(p):
    if not CTX["recent"]:
        return
    with p.box("complementary", "Recently viewed"):
        p.add("heading", "Recently viewed")
        with p.box("list", ""):
            for label, k in CTX["recent"]:
                with p.box("listitem", ""):
                    p.add("link", label, key="recent:" + k)


def footer(p):
    with p.box("contentinfo", ""):
        p.text("© 2025 Harbourlight Sailing School · Port Wenlow Marina, Quay Road, PW4 7HS")
        p.add("link", "Help centre")
        p.add("link", "Privacy")
        p.add("link", "Terms of hire")
        p.text("Skiff 4.12.2 · Signed in as m.olsen · %s" % TODAY)


def page(title, path, crumbs, body, search_value="", toast=None, dialog=None, recent=True):
    p = Page(title, path)
    chrome(p, crumbs, search_value=search_value, toast=toast)
    with p.box("main", ""):
        body(p)
    if recent:
        recent_panel(p)
    footer(p)
    if dialog:
        dialog(p)
    return p


# --------------------------------------------------------------------------------------
# Data
# --------------------------------------------------------------------------------------
LEVELS = ["No experience", "Stage 2 dinghy", "Start Yachting", "Competent Crew", "Day Skipper",
          "Stage 3 dinghy", "Powerboat Level 2"]
STUDENT_NAMES = [
    ("S-1962", "Helen", "Ashby"), ("S-2107", "Luke", "Bennett"), ("S-1988", "Ella", "Boscawen"),
    ("S-2033", "Jory", "Carne"), ("S-2076", "Wei", "Chen"), ("S-1915", "Ruth", "Daniels"),
    ("S-2058", "Sam", "Dowrick"), ("S-2091", "Cerys", "Evans"), ("S-1974", "Nadia", "Farrow"),
    ("S-2049", "Marcus", "Hale"), ("S-2112", "Rosie", "Jenkin"), ("S-2020", "Alfie", "Kemp"),
    ("S-1997", "Will", "Lanyon"), ("S-2065", "Dev", "Malhotra"), ("S-2003", "Grace", "Moyle"),
    ("S-2088", "Oliver", "Nance"), ("S-2014", "Pria", "Nataraj"), ("S-2041", "Priya", "Natarajan"),
    ("S-2042", "Priyanka", "Natarajan"), ("S-2070", "Tunde", "Okafor"), ("S-1949", "Amy", "Penrose"),
    ("S-2096", "Tom", "Quiller"), ("S-2027", "Harriet", "Rowe"), ("S-2101", "Josh", "Rundle"),
    ("S-2083", "Kai", "Stephens"), ("S-1931", "Martha", "Tonkin"), ("S-2110", "Ben", "Trevail"),
    ("S-2054", "Simone", "Udall"), ("S-2009", "Finn", "Vosper"), ("S-2061", "Gethin", "Williams"),
]
FIXED_LEVEL = {"S-2041": "Start Yachting", "S-2042": "Stage 3 dinghy", "S-2014": "Day Skipper"}
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May"]
STUDENTS = []
for sid, first, last in STUDENT_NAMES:
    lvl = FIXED_LEVEL.get(sid) or RNG.choice(LEVELS)
    last_course = "%s %d" % (RNG.choice(MONTHS), RNG.choice([2024, 2025]))
    status = "On hold" if sid == "S-2096" else "Active"
    STUDENTS.append(dict(id=sid, first=first, last=last, level=lvl, last_course=last_course, status=status))
STUDENTS[16]["last_course"] = "Sep 2019"
STUDENTS[17]["last_course"] = "Apr 2025"
STUDENTS[18]["last_course"] = "Aug 2023"
_order = [s["id"] for s in STUDENTS if s["id"] not in ("S-2041", "S-2042")]
RNG.shuffle(_order)
_order.insert(2, "S-2042")
_order.insert(16, "S-2041")
UPDATED_ORDER = _order
SID = {s["id"]: s for s in STUDENTS}

PROFILES = {
    "S-2041": dict(name="Priya Natarajan", dob="11 Mar 1994", email="priya.natarajan@fastmail.example",
                   phone="07700 900318", exp="Start Yachting completed", card="Visa ending 2208",
                   emergency="Arun Natarajan, 07700 900412", household=("Priyanka Natarajan (S-2042)", "S-2042"),
                   history=[("E-7730", "CS-0277 Start Yachting", "Sat 26 – Sun 27 Apr 2025", "Completed")],
                   note="Vegetarian. Prefers weekday courses; asked about Competent Crew in June. (M. Olsen, 9 May 2025)"),
    "S-2042": dict(name="Priyanka Natarajan", dob="2 Sep 2007", email="priyanka.n@fastmail.example",
                   phone="07700 900377", exp="Some dinghy experience", card="Mastercard ending 5531",
                   emergency="Arun Natarajan, 07700 900412", household=("Priya Natarajan (S-2041)", "S-2041"),
                   history=[("E-6981", "CS-0240 RYA Stage 3 Dinghy", "Mon 5 – Wed 7 Aug 2023", "Completed")],
                   note="Under 18: parental consent on file (A. Natarajan)."),
}

SESSIONS = [  # id, course, dates, instructor, boat, places_left, price
    ("CS-0312", "Competent Crew", "Sat 24 May – Sun 1 Jun 2025 (2 weekends)", "Jo Pascoe", "Gannet (BT-26)", 0, "£595"),
    ("CS-0318", "Competent Crew", "Mon 2 – Fri 6 Jun 2025", "Ewan Tregarthen", "Halcyon (BT-21)", 2, "£595"),
    ("CS-0319", "Competent Crew", "Mon 16 – Fri 20 Jun 2025", "Ewan Tregarthen", "Halcyon (BT-21)", 3, "£595"),
    ("CS-0325", "Competent Crew", "Mon 7 – Fri 11 Jul 2025", "Jo Pascoe", "Storm Petrel (BT-24)", 5, "£595"),
]
SESSION = {s[0]: s for s in SESSIONS}

BOATS = [  # id, name, model, class, berth, status, next booking, next_rank, avail 21 Jun
    ("BT-01", "Avocet", "RS Quest", "Dinghy", "Slipway rack 1", "In service", "Today (CS-0344)", 1, None),
    ("BT-02", "Puffin", "Laser Pico", "Dinghy", "Slipway rack 2", "In service", "Today (CS-0344)", 2, None),
    ("BT-03", "Ripple", "RS Quest", "Dinghy", "Slipway rack 1", "In service", "Today (CS-0344)", 3, None),
    ("BT-04", "Sandpiper", "RS Quest", "Dinghy", "Slipway rack 1", "In service", "Today (CS-0344)", 4, None),
    ("BT-05", "Dunlin", "RS Feva", "Dinghy", "Slipway rack 3", "In service", "Today (CS-0344)", 5, None),
    ("BT-24", "Storm Petrel", "Sigma 33", "Yacht", "Pontoon D6", "In service", "Today (CS-0301)", 6, None),
    ("BT-06", "Bittern", "Wayfarer", "Dinghy", "Slipway rack 4", "In service", "Thu 15 May (CS-0345)", 7, None),
    ("BT-21", "Halcyon", "Bavaria 34", "Yacht", "Pontoon D5", "In service", "Fri 16 May (CS-0347)", 8, None),
    ("BT-08", "Kestrel", "Hunter 707", "Keelboat", "Pontoon C15", "In service", "Sat 17 May (CS-0352)", 9,
     "Booked 09:00–17:00 (CH-5507)"),
    ("BT-09", "Merlin", "Wayfarer", "Dinghy", "Slipway rack 4", "In service", "Sat 17 May (CS-0352)", 10, None),
    ("BT-10", "Eider", "Laser Pico", "Dinghy", "Slipway rack 2", "In service", "Sun 18 May (CS-0353)", 11, None),
    ("BT-12", "Fulmar", "Sonar 23", "Keelboat", "Pontoon C11", "In service", "Mon 19 May (CS-0355)", 12,
     "Available all day"),
    ("BT-28", "Shearwater", "Hunter 707", "Keelboat", "Pontoon C17", "In service", "Tue 20 May (CS-0356)", 13,
     "Available from 13:00"),
    ("BT-26", "Gannet", "Beneteau First 31.7", "Yacht", "Pontoon D8", "In service", "Sat 24 May (CS-0312)", 14, None),
    ("BT-07", "Kittiwake", "Hunter 707", "Keelboat", "Pontoon C14", "In service", "Sat 14 Jun (CH-5498)", 15,
     "Available all day"),
    ("BT-17", "Kittiwake II", "Bavaria 32", "Yacht", "Pontoon D3", "In service", "Sat 21 Jun (CH-5519, draft)", 16, None),
    ("BT-11", "Curlew", "Hunter 707", "Keelboat", "Pontoon C16", "Defect logged", "None", 17, None),
    ("BT-14", "Osprey", "Sonar 23", "Keelboat", "Pontoon C12", "Maintenance until 30 Jun", "None", 18, None),
]

MEMBERS = {
    "M-1187": ("Tom Greaves", "RYA Day Skipper (2022)"),
    "M-1188": ("Tamsin Greaves", "RYA Competent Crew (2024)"),
    "M-1052": ("Tom Grieve", "no qualification on file"),
}
MEMBER_SEARCH = {"Greaves": ["M-1187", "M-1188"], "M-1187": ["M-1187"], "Tom Greaves": ["M-1187", "M-1052"]}

CHARTERS = [  # id, date, time, boat, hirer, status
    ("CH-5515", "Sat 7 Jun 2025", "09:00–17:00", "Shearwater (BT-28)", "Tamsin Greaves (M-1188)", "Confirmed"),
    ("CH-5498", "Sat 14 Jun 2025", "09:00–17:00", "Kittiwake (BT-07)", "Tom Greaves (M-1187)", "Confirmed"),
    ("CH-5503", "Sun 15 Jun 2025", "10:00–16:00", "Kittiwake (BT-07)", "Wenlow Sea Scouts", "Provisional"),
    ("CH-5507", "Sat 21 Jun 2025", "09:00–17:00", "Kestrel (BT-08)", "Dev Malhotra (M-1203)", "Confirmed"),
    ("CH-5510", "Sun 22 – Tue 24 Jun 2025", "3 days", "Halcyon (BT-21)", "Helen Ashby (M-0977)", "Confirmed"),
    ("CH-5512", "Sat 28 Jun 2025", "09:00–17:00", "Kittiwake (BT-07)", "Rosie Jenkin (M-1240)", "Confirmed"),
]


# --------------------------------------------------------------------------------------
# Shared pages
# --------------------------------------------------------------------------------------
def dashboard(search_value="", toast=None):
    def body(p):
        p.add("heading", "Good afternoon, Maren")
        p.text("%s · High water 11:42 (4.9 m) · Wind SW 12–16 kn, gusting 20" % TODAY)
        with p.box("region", "Starting soon"):
            p.add("heading", "Starting soon")
            with p.box("table", "Sessions starting in the next 5 weeks"):
                with p.box("row", ""):
                    for h in ["Session", "Dates", "Instructor", "Booked"]:
                        p.add("columnheader", h)
                for sid, course, dates, booked, instr in [
                        ("CS-0312", "Competent Crew", "Sat 24 May – Sun 1 Jun", "5 of 5", "Jo Pascoe"),
                        ("CS-0318", "Competent Crew", "Mon 2 – Fri 6 Jun", "3 of 5", "Ewan Tregarthen"),
                        ("CS-0381", "Day Skipper", "Mon 2 – Fri 6 Jun", "4 of 5", "Jo Pascoe"),
                        ("CS-0319", "Competent Crew", "Mon 16 – Fri 20 Jun", "2 of 5", "Ewan Tregarthen")]:
                    with p.box("row", ""):
                        with p.box("cell", "%s %s" % (sid, course)):
                            p.add("link", "%s %s" % (sid, course))
                        p.add("cell", dates)
                        p.add("cell", instr)
                        p.add("cell", booked)
        with p.box("region", "Needs attention"):
            p.add("heading", "Needs attention")
            with p.box("list", ""):
                for t in ["2 enrolments awaiting deposit", "Curlew (BT-11): defect logged, jib furler",
                          "Charter CH-5519 is still a draft (Owen Price)"]:
                    with p.box("listitem", ""):
                        p.add("link", t)
        with p.box("region", "On the water today"):
            p.add("heading", "On the water today")
            with p.box("list", ""):
                for t in ["CS-0301 Start Yachting, day 2 of 2 · Storm Petrel · Jo Pascoe",
                          "CS-0344 RYA Stage 2 Dinghy · Avocet, Puffin, Ripple, Sandpiper, Dunlin · Kit Rowe"]:
                    p.add("listitem", t)
    return page("Dashboard", "/dashboard", ["Home"], body, search_value=search_value, toast=toast)


def search_students(qtext):
    def body(p):
        p.add("heading", "3 results for “%s”" % qtext)
        with p.box("tablist", "Result types"):
            p.add("tab", "Students (3)", "selected=True")
            p.add("tab", "Bookings (1)", "selected=False")
            p.add("tab", "Boats (0)", "selected=False")
        select(p, "Sort results", ["Best match", "Recently updated", "Surname (A–Z)"], "Best match", "sort")
        with p.box("tabpanel", "Students (3)"):
            with p.box("list", ""):
                for sid, detail in [("S-2041", "S-2041 · born 11 Mar 1994 · Start Yachting (Apr 2025) · Active"),
                                    ("S-2042", "S-2042 · born 2 Sep 2007 · Stage 3 dinghy (Aug 2023) · Active"),
                                    ("S-2014", "S-2014 · born 30 Nov 1988 · Day Skipper (Sep 2019) · Active")]:
                    s = SID[sid]
                    with p.box("listitem", ""):
                        p.add("link", "%s %s" % (s["first"], s["last"]), key="result:" + sid)
                        p.text(detail)
    path = "/search?q=" + qtext.replace(" ", "+")
    return page("Search results · %s" % qtext, path, ["Home", "Search"], body, search_value=qtext)


def students_list(sort="Last updated", pageno=1, filt=""):
    rows = STUDENTS[:]
    if sort == "Surname (A–Z)":
        rows.sort(key=lambda s: (s["last"], s["first"]))
    else:
        rows.sort(key=lambda s: UPDATED_ORDER.index(s["id"]))
    if filt:
        f = filt.lower()
        rows = [s for s in rows if f in s["id"].lower() or f in (s["first"] + " " + s["last"]).lower()]
    per = 12
    total = len(rows)
    pages = max(1, (total + per - 1) // per)
    shown = rows[(pageno - 1) * per: pageno * per]

    def body(p):
        p.add("heading", "Students")
        p.add("button", "Add student")
        props = [val(filt)] if filt else []
        p.add("textbox", "Filter students by name or ID", *props, key="filter")
        select(p, "Sort by", ["Last updated", "Surname (A–Z)", "Student ID", "Next course"], sort, "sort")
        with p.box("table", "Students"):
            with p.box("row", ""):
                for h in ["ID", "Name", "Highest level", "Last course", "Status"]:
                    p.add("columnheader", h)
            for s in shown:
                with p.box("row", ""):
                    p.add("cell", s["id"])
                    with p.box("cell", "%s %s" % (s["first"], s["last"])):
                        p.add("link", "%s %s" % (s["first"], s["last"]), key="student:" + s["id"])
                    p.add("cell", s["level"])
                    p.add("cell", s["last_course"])
                    p.add("cell", s["status"])
        if not shown:
            p.text("No students match “%s”." % filt)
        with p.box("navigation", "Pagination"):
            first = (pageno - 1) * per + 1 if total else 0
            p.text("Showing %d–%d of %d" % (first, min(pageno * per, total), total))
            p.add("link", "Previous page", *(["disabled=True"] if pageno == 1 else []), key="page:prev")
            for i in range(1, pages + 1):
                p.add("link", "Page %d" % i, *(["current='page'"] if i == pageno else []), key="page:%d" % i)
            p.add("link", "Next page", *(["disabled=True"] if pageno == pages else []), key="page:next")
    path = "/students"
    qs = []
    if sort != "Last updated":
        qs.append("sort=surname")
    if pageno != 1:
        qs.append("page=%d" % pageno)
    if filt:
        qs.append("q=" + filt)
    if qs:
        path += "?" + "&".join(qs)
    return page("Students", path, ["Home", "Students"], body)


def student_profile(sid, draft=False, extra_enrolments=()):
    pr = PROFILES[sid]

    def body(p):
        p.add("heading", pr["name"])
        p.text("Student %s · Active" % sid)
        if draft:
            with p.box("region", "Draft enrolment"):
                p.text("Draft enrolment saved 13 May 2025, 16:20: CS-0318 Competent Crew, step 2 of 4")
                p.add("link", "Resume draft", key="resume")
                p.add("button", "Discard draft")
        p.add("button", "Enrol on a course", key="enrol")
        p.add("button", "Edit details")
        p.add("button", "More actions", "hasPopup='menu'", "expanded=False")
        with p.box("region", "Contact and details"):
            p.add("heading", "Contact and details")
            for t in ["Date of birth: %s" % pr["dob"], "Email: %s" % pr["email"], "Phone: %s" % pr["phone"],
                      "Emergency contact: %s" % pr["emergency"], "Sailing experience: %s" % pr["exp"],
                      "Card on file: %s" % pr["card"], "Medical notes: none recorded"]:
                p.text(t)
        with p.box("region", "Enrolments"):
            p.add("heading", "Enrolments")
            with p.box("table", "Enrolments"):
                with p.box("row", ""):
                    for h in ["Enrolment", "Session", "Dates", "Status"]:
                        p.add("columnheader", h)
                for e in list(extra_enrolments) + pr["history"]:
                    with p.box("row", ""):
                        with p.box("cell", e[0]):
                            p.add("link", e[0])
                        for c in e[1:]:
                            p.add("cell", c)
        with p.box("region", "Household"):
            p.add("heading", "Household")
            p.add("link", pr["household"][0], key="household")
            p.text("Arun Natarajan (contact only, not a student)")
        with p.box("region", "Notes"):
            p.add("heading", "Notes")
            p.text(pr["note"])
    pg = page("%s · Student %s" % (pr["name"], sid), "/students/" + sid,
              ["Home", "Students", "%s (%s)" % (pr["name"], sid)], body)
    viewed("%s (%s)" % (pr["name"], sid), sid)
    return pg


# --------------------------------------------------------------------------------------
# Enrolment wizard
# --------------------------------------------------------------------------------------
EXP_OPTS = ["Select…", "No experience", "Some dinghy experience", "Start Yachting completed",
            "Competent Crew completed"]
LJ_OPTS = ["Select…", "S (40–60 kg)", "M (50–70 kg)", "L (60–90 kg)", "XL (80+ kg)"]
PAY_OPTS = [("deposit", "Deposit £150 now by card"), ("full", "Pay in full £595 now by card"),
            ("invoice", "Invoice the student (pay later)")]


def new_enrol_state(sid="S-2041"):
    return dict(sid=sid, session=None, sort="Places left", exp="Select…", lj="Select…", diet="",
                pay="full", terms=False, draft=False, eid="E-7812", status="")


def wizard_head(p, st, step, label):
    pr = PROFILES[st["sid"]]
    p.add("heading", "New enrolment for %s (%s)" % (pr["name"], st["sid"]))
    with p.box("list", "Progress"):
        for i, lab in enumerate(["Choose session", "Student details", "Payment", "Review"], 1):
            if i == step:
                p.add("listitem", "Step %d of 4: %s" % (i, lab), "current='step'")
            else:
                p.add("listitem", lab)
    if st["session"] and step > 1:
        s = SESSION[st["session"]]
        p.text("Session: %s %s, %s · %s" % (s[0], s[1], s[2], s[3]))


def enrol_path(st, step):
    if st["draft"]:
        return "/enrolments/drafts/D-0931?step=%d" % step
    return "/enrolments/new?student=%s&step=%d" % (st["sid"], step)


def enrol_step1(st, toast=None):
    def body(p):
        wizard_head(p, st, 1, "Choose session")
        select(p, "Course", ["All courses", "Start Yachting", "Competent Crew", "Day Skipper"], "Competent Crew",
               "course")
        select(p, "Sort sessions", ["Places left", "Start date"], st["sort"], "sortsessions")
        rows = list(SESSIONS)
        if st["sort"] == "Places left":
            rows.sort(key=lambda s: (-s[5], s[0]))
        with p.box("table", "Available sessions"):
            with p.box("row", ""):
                for h in ["", "Session", "Dates", "Instructor", "Boat", "Places left", "Price"]:
                    p.add("columnheader", h)
            for s in rows:
                with p.box("row", ""):
                    with p.box("cell", ""):
                        props = [checked(st["session"] == s[0])]
                        if s[5] == 0:
                            props.append("disabled=True")
                        p.add("radio", "%s %s" % (s[0], s[1]), *props, key="radio:" + s[0])
                    p.add("cell", "%s %s" % (s[0], s[1]))
                    p.add("cell", s[2])
                    p.add("cell", s[3])
                    p.add("cell", s[4])
                    p.add("cell", "Full" if s[5] == 0 else "%d of 5" % s[5])
                    p.add("cell", s[6])
        if st["session"]:
            s = SESSION[st["session"]]
            p.text("Selected: %s %s, %s" % (s[0], s[1], s[2]))
        p.add("button", "Cancel", key="cancel")
        p.add("button", "Save draft", key="savedraft")
        p.add("button", "Next: Student details", *([] if st["session"] else ["disabled=True"]), key="next")
    return page("New enrolment — Step 1 of 4: Choose session", enrol_path(st, 1),
                ["Home", "Students", PROFILES[st["sid"]]["name"], "New enrolment"], body, toast=toast)


def enrol_step2(st, toast=None):
    def body(p):
        wizard_head(p, st, 2, "Student details")
        select(p, "Sailing experience *", EXP_OPTS, st["exp"], "exp", required=True)
        select(p, "Lifejacket size *", LJ_OPTS, st["lj"], "lj", required=True)
        p.add("textbox", "Dietary requirements (optional)", *([val(st["diet"])] if st["diet"] else []), key="diet")
        p.add("textbox", "Emergency contact *", val(PROFILES[st["sid"]]["emergency"]), "required")
        p.add("checkbox", "Student can swim 50 metres", checked(True))
        p.text("Fields marked * are required. Anything missing can be added later from the student record.")
        p.add("button", "Back", key="back")
        p.add("button", "Save draft", key="savedraft")
        p.add("button", "Next: Payment", key="next")
    return page("New enrolment — Step 2 of 4: Student details", enrol_path(st, 2),
                ["Home", "Students", PROFILES[st["sid"]]["name"], "New enrolment"], body, toast=toast)


def enrol_step3(st):
    pr = PROFILES[st["sid"]]

    def body(p):
        wizard_head(p, st, 3, "Payment")
        with p.box("radiogroup", "How will the student pay?"):
            for k, lab in PAY_OPTS:
                p.add("radio", lab, checked(st["pay"] == k), key="pay:" + k)
        p.text("Card on file: %s" % pr["card"])
        p.add("checkbox", "I have read the booking and cancellation terms to the student *", checked(st["terms"]),
              "required", key="terms")
        p.add("button", "Back", key="back")
        p.add("button", "Save draft", key="savedraft")
        p.add("button", "Next: Review", key="next")
    return page("New enrolment — Step 3 of 4: Payment", enrol_path(st, 3),
                ["Home", "Students", pr["name"], "New enrolment"], body)


def pay_line(st):
    card = PROFILES[st["sid"]]["card"]
    if st["pay"] == "deposit":
        return ["Payment: Deposit £150 by card (%s)" % card, "Balance: £445 due by Mon 19 May 2025"]
    if st["pay"] == "full":
        return ["Payment: Pay in full £595 by card (%s)" % card, "Balance: £0"]
    return ["Payment: Invoice the student, £595 due by Mon 19 May 2025", "Balance: £595"]


def summary_lines(st):
    pr = PROFILES[st["sid"]]
    s = SESSION[st["session"]]
    lj = st["lj"] if st["lj"] != "Select…" else "Not given"
    return (["Student: %s (%s)" % (pr["name"], st["sid"]),
             "Session: %s %s, %s" % (s[0], s[1], s[2]),
             "Instructor: %s · Yacht: %s" % (s[3], s[4]),
             "Sailing experience: %s" % st["exp"],
             "Lifejacket size: %s" % lj,
             "Dietary requirements: %s" % (st["diet"] or "None given"),
             "Emergency contact: %s" % pr["emergency"]] + pay_line(st))


def enrol_dialog(st):
    pr = PROFILES[st["sid"]]
    s = SESSION[st["session"]]
    amount = {"deposit": "£150", "full": "£595"}.get(st["pay"])

    def dlg(p):
        with p.box("dialog", "Confirm enrolment", "modal=True"):
            p.add("heading", "Confirm enrolment?")
            msg = "%s (%s) will be enrolled on %s %s, %s" % (pr["name"], st["sid"], s[0], s[1], s[2])
            if amount:
                msg += ", and %s will be charged to %s." % (amount, pr["card"])
            else:
                msg += ". An invoice for £595 will be emailed."
            p.text(msg)
            p.add("button", "Cancel", key="dlg:cancel")
            p.add("button", "Confirm enrolment", key="dlg:confirm")
    return dlg


def enrol_step4(st, dialog=False, toast=None, saving=False):
    def body(p):
        wizard_head(p, st, 4, "Review")
        p.add("heading", "Review enrolment")
        for t in summary_lines(st):
            p.text(t)
        p.add("link", "Edit session")
        p.add("link", "Edit details")
        p.add("link", "Edit payment")
        if saving:
            with p.box("status", "", "live='polite'", "busy=True"):
                p.text("Saving enrolment…")
        p.add("button", "Back", key="back")
        p.add("button", "Save draft", key="savedraft")
        p.add("button", "Confirm enrolment", key="confirm")
    return page("New enrolment — Step 4 of 4: Review", enrol_path(st, 4),
                ["Home", "Students", PROFILES[st["sid"]]["name"], "New enrolment"], body,
                toast=toast, dialog=enrol_dialog(st) if dialog else None)


def enrol_confirmed(st, other=None):
    pr = PROFILES[st["sid"]]
    s = SESSION[st["session"]]
    eid = st["eid"]
    left = s[5] - (2 if other else 1)
    toast = "Enrolment confirmed. Joining instructions emailed to %s." % pr["email"]

    def body(p):
        p.add("heading", "Enrolment %s" % eid)
        p.text("Status: Confirmed · created %s, 14:06 by %s" % (TODAY, USER))
        for t in summary_lines(st):
            p.text(t)
        if st["pay"] == "deposit":
            p.text("Deposit: £150 paid by %s (ref PAY-%d)" % (pr["card"], 33794 + (1 if other else 0)))
        elif st["pay"] == "full":
            p.text("Paid: £595 by %s (ref PAY-33794)" % pr["card"])
        if st["lj"] == "Select…":
            p.text("Missing details will be requested in the joining instructions.")
        p.add("link", "Open student %s" % st["sid"], key="open-student")
        p.add("link", "Open session %s" % s[0])
        p.add("link", "Print joining instructions")
        p.add("button", "Enrol another student")
        with p.box("region", "Session %s" % s[0]):
            p.add("heading", "Session %s %s" % (s[0], s[1]))
            p.text("Places left: %d of 5" % left)
            p.text("Skipper: %s · Yacht: %s" % (s[3], s[4]))
        if other:
            with p.box("region", "Other enrolments for %s" % pr["name"]):
                p.add("heading", "Other enrolments for %s" % pr["name"])
                with p.box("list", ""):
                    with p.box("listitem", ""):
                        p.add("link", other)
                        p.text("%s %s · %s · Confirmed · %s, 14:06" % (s[0], s[1], s[2], TODAY))
                    with p.box("listitem", ""):
                        p.add("link", "E-7730")
                        p.text("CS-0277 Start Yachting · Sat 26 – Sun 27 Apr 2025 · Completed")
    pg = page("Enrolment %s confirmed" % eid, "/enrolments/" + eid,
              ["Home", "Enrolments", eid], body, toast=toast)
    viewed("Enrolment %s (%s)" % (eid, pr["name"]), eid)
    return pg


def not_permitted(st):
    def body(p):
        p.add("heading", "You can't take this payment")
        p.text("Your role (%s) cannot take card payments on enrolments. An office manager can confirm this "
               "enrolment for you." % USER_ROLE)
        p.text("Your draft has been kept: %s, %s." % (PROFILES[st["sid"]]["name"], st["session"]))
        p.add("button", "Request approval", key="request")
        p.add("link", "Back to enrolment", key="back")
    return page("Not permitted", "/enrolments/new/confirm", ["Home", "Not permitted"], body)


def approval_requested(st):
    def body(p):
        wizard_head(p, st, 4, "Review")
        p.add("heading", "Review enrolment")
        for t in summary_lines(st):
            p.text(t)
        p.text("Status: Awaiting approval")
        p.add("button", "Back", key="back")
        p.add("button", "Confirm enrolment", "disabled=True", key="confirm")
    return page("New enrolment — Step 4 of 4: Review", enrol_path(st, 4) + "&approval=requested",
                ["Home", "Students", PROFILES[st["sid"]]["name"], "New enrolment"], body,
                toast="Approval requested from Lowenna Hart (Office manager).")


# --------------------------------------------------------------------------------------
# Fleet and charter pages
# --------------------------------------------------------------------------------------
BOAT = {b[0]: b for b in BOATS}


def fleet_list(sort="Next booking", pageno=1, expanded=False, f_class="All classes", f_date="",
               applied=False):
    rows = [b for b in BOATS]
    if applied:
        rows = [b for b in rows if (f_class == "All classes" or b[3] == f_class)]
        rows = [b for b in rows if b[5] == "In service"]
        rows.sort(key=lambda b: b[1])
    elif sort == "Name (A–Z)":
        rows.sort(key=lambda b: b[1])
    elif sort == "Boat ID":
        rows.sort(key=lambda b: b[0])
    else:
        rows.sort(key=lambda b: b[7])
    per = 8
    total = len(rows)
    pages = max(1, (total + per - 1) // per)
    shown = rows[(pageno - 1) * per: pageno * per]

    def body(p):
        p.add("heading", "Fleet")
        p.text("18 boats · 16 in service")
        p.add("button", "Filters", "expanded=%s" % expanded, key="filters")
        if expanded:
            with p.box("group", "Filter boats"):
                select(p, "Boat class", ["All classes", "Dinghy", "Keelboat", "Yacht"], f_class, "f:class")
                p.add("textbox", "Available on (yyyy-mm-dd)", *([val(f_date)] if f_date else []), key="f:date")
                p.add("checkbox", "Include boats out of service", checked(False))
                p.add("button", "Apply filters", key="f:apply")
                p.add("button", "Clear filters")
        if applied:
            p.text("Filtered: %s · available on %s · %d boats" % (f_class, f_date, total))
        select(p, "Sort by", ["Next booking", "Name (A–Z)", "Boat ID", "Class"], "Name (A–Z)" if applied else sort,
               "sort")
        with p.box("table", "Boats"):
            with p.box("row", ""):
                heads = ["Boat", "ID", "Type", "Berth", "Status",
                         "Availability on %s" % f_date if applied else "Next booking"]
                for h in heads:
                    p.add("columnheader", h)
            for b in shown:
                with p.box("row", ""):
                    with p.box("cell", b[1]):
                        p.add("link", b[1], key="boat:" + b[0])
                    p.add("cell", b[0])
                    p.add("cell", "%s %s" % (b[2], b[3].lower()))
                    p.add("cell", b[4])
                    p.add("cell", b[5])
                    p.add("cell", (b[8] or "Available all day") if applied else b[6])
        with p.box("navigation", "Pagination"):
            p.text("Showing %d–%d of %d" % ((pageno - 1) * per + 1, min(pageno * per, total), total))
            p.add("link", "Previous page", *(["disabled=True"] if pageno == 1 else []), key="page:prev")
            for i in range(1, pages + 1):
                p.add("link", "Page %d" % i, *(["current='page'"] if i == pageno else []), key="page:%d" % i)
            p.add("link", "Next page", *(["disabled=True"] if pageno == pages else []), key="page:next")
    qs = []
    if applied:
        qs += ["class=" + f_class.lower(), "available=" + f_date]
    elif sort != "Next booking":
        qs.append("sort=" + ("name" if sort.startswith("Name") else "id"))
    if pageno != 1:
        qs.append("page=%d" % pageno)
    return page("Fleet", "/fleet" + ("?" + "&".join(qs) if qs else ""), ["Home", "Fleet"], body)


def search_boats(qtext):
    def body(p):
        p.add("heading", "5 results for “%s”" % qtext)
        with p.box("tablist", "Result types"):
            p.add("tab", "Boats (2)", "selected=True")
            p.add("tab", "Bookings (3)", "selected=False")
            p.add("tab", "Students (0)", "selected=False")
        select(p, "Sort results", ["Best match", "Recently updated"], "Best match", "sort")
        with p.box("tabpanel", "Boats (2)"):
            with p.box("list", ""):
                for bid, detail in [("BT-07", "BT-07 · Hunter 707 keelboat · Pontoon C14 · In service"),
                                    ("BT-17", "BT-17 · Bavaria 32 yacht · Pontoon D3 · In service")]:
                    with p.box("listitem", ""):
                        p.add("link", BOAT[bid][1], key="result:" + bid)
                        p.text(detail)
    return page("Search results · %s" % qtext, "/search?q=" + qtext, ["Home", "Search"], body,
                search_value=qtext)


def boat_page(bid="BT-07"):
    b = BOAT[bid]

    def body(p):
        p.add("heading", b[1])
        p.text("%s · %s %s · %s · %s" % (b[0], b[2], b[3].lower(), b[4], b[5]))
        p.add("button", "Book charter", key="book")
        p.add("button", "Log defect")
        p.add("link", "Availability calendar")
        with p.box("region", "Details"):
            p.add("heading", "Details")
            for t in ["Sail number: GBR 7071", "Crew limit: 4 including skipper",
                      "Day charter (09:00–17:00): £260 · Half day: £150",
                      "Security deposit: £200, refundable",
                      "Bareboat hire needs RYA Day Skipper or above; otherwise book a school skipper"]:
                p.text(t)
        with p.box("region", "Upcoming charters"):
            p.add("heading", "Upcoming charters")
            with p.box("table", "Upcoming charters"):
                with p.box("row", ""):
                    for h in ["Charter", "Date", "Time", "Hirer", "Status"]:
                        p.add("columnheader", h)
                for c in CHARTERS:
                    if c[3].startswith(b[1] + " ("):
                        with p.box("row", ""):
                            with p.box("cell", c[0]):
                                p.add("link", c[0], key="charter:" + c[0])
                            p.add("cell", c[1])
                            p.add("cell", c[2])
                            p.add("cell", c[4])
                            p.add("cell", c[5])
        with p.box("region", "Maintenance log"):
            p.add("heading", "Maintenance log")
            p.text("2 Apr 2025 · Antifouling and rig check · Kit Rowe")
            p.text("11 Mar 2025 · Outboard serviced · Harbour Marine")
        with p.box("region", "Similar boats"):
            p.add("heading", "Similar boats")
            p.add("link", "Kestrel (BT-08)")
            p.add("link", "Shearwater (BT-28)")
    pg = page("%s (%s)" % (b[1], b[0]), "/fleet/" + bid, ["Home", "Fleet", "%s (%s)" % (b[1], b[0])], body)
    viewed("%s (%s)" % (b[1], b[0]), bid)
    return pg


def new_charter_state():
    return dict(date="", start="09:00", end="13:00", hirer_q="", hirer=None, skipper="school", crew="3",
                deposit=False, saved=False)


def fmt_date(d):
    return {"2025-06-21": "Sat 21 Jun 2025", "2025-06-12": "Thu 12 Jun 2025"}[d]


def charter_step1(cs):
    def body(p):
        p.add("heading", "New charter: Kittiwake (BT-07)")
        with p.box("list", "Progress"):
            p.add("listitem", "Step 1 of 3: Boat & times", "current='step'")
            p.add("listitem", "Hirer & skipper")
            p.add("listitem", "Deposit & review")
        select(p, "Boat", ["BT-07 Kittiwake", "BT-08 Kestrel", "BT-12 Fulmar", "BT-17 Kittiwake II",
                           "BT-28 Shearwater"], "BT-07 Kittiwake", "boat")
        p.add("textbox", "Charter date (yyyy-mm-dd) *", *([val(cs["date"])] if cs["date"] else []), "required",
              key="date")
        select(p, "Start time", ["08:00", "09:00", "10:00", "13:00"], cs["start"], "start")
        select(p, "End time", ["13:00", "16:00", "17:00", "18:00"], cs["end"], "end")
        with p.box("status", "Availability", "live='polite'"):
            if cs["date"]:
                p.text("Kittiwake is available on %s, %s–%s." % (fmt_date(cs["date"]), cs["start"], cs["end"]))
            else:
                p.text("Choose a date to check availability.")
        if cs["date"]:
            p.text("Rate: %s" % ("Day charter £260" if cs["end"] == "17:00" else "Half-day charter £150"))
        p.add("button", "Cancel", key="cancel")
        p.add("button", "Next: Hirer & skipper", *([] if cs["date"] else ["disabled=True"]), key="next")
    return page("New charter — Step 1 of 3: Boat & times", "/charters/new?boat=BT-07",
                ["Home", "Charters", "New charter"], body)


def charter_head(p, cs, step):
    p.add("heading", "Charter CH-5521: Kittiwake (BT-07)")
    p.text("%s, %s–%s · Draft" % (fmt_date(cs["date"]), cs["start"], cs["end"]))
    with p.box("list", "Progress"):
        for i, lab in enumerate(["Boat & times", "Hirer & skipper", "Deposit & review"], 1):
            if i == step:
                p.add("listitem", "Step %d of 3: %s" % (i, lab), "current='step'")
            else:
                p.add("listitem", lab)


def charter_step2(cs, toast=None):
    def body(p):
        charter_head(p, cs, 2)
        listing = bool(cs["hirer_q"]) and not cs["hirer"]
        hv = "%s %s" % (cs["hirer"], MEMBERS[cs["hirer"]][0]) if cs["hirer"] else cs["hirer_q"]
        props = ([val(hv)] if hv else []) + ["autocomplete='list'", "hasPopup='listbox'", "expanded=%s" % listing,
                                              "required"]
        p.add("combobox", "Hirer (member name or number) *", *props, key="hirer")
        if listing:
            with p.box("listbox", "Members"):
                for mid in MEMBER_SEARCH[cs["hirer_q"]]:
                    p.add("option", "%s %s · %s" % (mid, MEMBERS[mid][0], MEMBERS[mid][1]), "selected=False",
                          key="opt:" + mid)
        if cs["hirer"]:
            p.text("Qualification on file: %s, checked by K. Rowe. Can skipper Hunter 707." % MEMBERS[cs["hirer"]][1])
            p.text("Card on file: Visa ending 4417")
        with p.box("radiogroup", "Skipper"):
            p.add("radio", "School skipper (+£180)", checked(cs["skipper"] == "school"), key="skip:school")
            p.add("radio", "Hirer skippers (bareboat)", checked(cs["skipper"] == "bare"), key="skip:bare")
        p.add("spinbutton", "People on board (including skipper)", val(cs["crew"]), "valuemin=1", "valuemax=4",
              key="crew")
        p.add("button", "Back", key="back")
        p.add("button", "Save draft", key="savedraft")
        p.add("button", "Next: Deposit & review", key="next")
    return page("New charter — Step 2 of 3: Hirer & skipper", "/charters/CH-5521/edit?step=2",
                ["Home", "Charters", "CH-5521"], body, toast=toast)


def charter_summary(cs):
    school = cs["skipper"] == "school"
    return ["Boat: Kittiwake (BT-07), Hunter 707 keelboat",
            "Date: %s, %s–%s" % (fmt_date(cs["date"]), cs["start"], cs["end"]),
            "Hirer: %s %s" % (cs["hirer"], MEMBERS[cs["hirer"]][0]),
            "Skipper: %s" % ("School skipper (Ewan Tregarthen) +£180" if school else "Hirer skippers (bareboat)"),
            "People on board: %s" % cs["crew"],
            "Day charter: £260",
            "Total: %s" % ("£440" if school else "£260")]


def charter_dialog(cs):
    def dlg(p):
        with p.box("dialog", "Confirm charter booking", "modal=True"):
            p.add("heading", "Confirm charter booking?")
            p.text("Kittiwake (BT-07) will be booked for Tom Greaves (M-1187) on %s, %s–%s, %s. A £200 deposit "
                   "will be taken from Visa ending 4417." % (
                       fmt_date(cs["date"]), cs["start"], cs["end"],
                       "with a school skipper" if cs["skipper"] == "school" else "bareboat"))
            p.add("button", "Cancel", key="dlg:cancel")
            p.add("button", "Confirm booking", key="dlg:confirm")
    return dlg


def charter_step3(cs, dialog=False):
    def body(p):
        charter_head(p, cs, 3)
        p.add("heading", "Review charter")
        for t in charter_summary(cs):
            p.text(t)
        p.text("Security deposit: £200, refundable, taken when the booking is confirmed")
        p.add("checkbox", "Take £200 deposit now from Visa ending 4417", checked(cs["deposit"]), key="deposit")
        p.add("button", "Back", key="back")
        p.add("button", "Save draft", key="savedraft")
        p.add("button", "Confirm booking", key="confirm")
    return page("New charter — Step 3 of 3: Deposit & review", "/charters/CH-5521/edit?step=3",
                ["Home", "Charters", "CH-5521"], body, dialog=charter_dialog(cs) if dialog else None)


def charter_record(cs, mode="confirmed"):
    """mode: confirmed | stale (pre-save copy shown after saving) | declined (deposit failed)."""
    title = "Charter CH-5521 confirmed" if mode == "confirmed" else "Charter CH-5521"
    toast = {"confirmed": "Charter confirmed. £200 deposit taken (ref PAY-33810). Confirmation emailed to "
                          "tom.greaves@example.net.",
             "stale": "Saved.", "declined": None}[mode]

    def body(p):
        if mode == "declined":
            with p.box("alert", ""):
                p.text("Deposit not taken: Visa ending 4417 was declined (card expired 04/25). The booking is held "
                       "as provisional until Fri 16 May 2025, 12:00.")
        p.add("heading", "Charter CH-5521")
        p.text("Status: %s" % {"confirmed": "Confirmed", "stale": "Draft", "declined": "Provisional"}[mode])
        for t in charter_summary(cs):
            p.text(t)
        if mode == "confirmed":
            p.text("Deposit: £200 paid by Visa ending 4417 (ref PAY-33810)")
            p.text("Balance: %s due on the day" % ("£440" if cs["skipper"] == "school" else "£260"))
        elif mode == "stale":
            p.text("Deposit: £200, taken when the booking is confirmed")
        else:
            p.text("Deposit: £200 outstanding")
        p.add("button", "Edit booking")
        p.add("button", "Cancel charter")
        p.add("link", "Print hire agreement")
        with p.box("region", "Other charters for Tom Greaves"):
            p.add("heading", "Other charters for Tom Greaves")
            with p.box("list", ""):
                with p.box("listitem", ""):
                    p.add("link", "CH-5498")
                    p.text("Kittiwake (BT-07) · Sat 14 Jun 2025, 09:00–17:00 · Confirmed")
    pg = page(title, "/charters/CH-5521", ["Home", "Charters", "CH-5521"], body, toast=toast)
    viewed("Charter CH-5521 (Tom Greaves)", "CH-5521")
    return pg


def charters_list():
    def body(p):
        p.add("heading", "Charters")
        p.add("button", "New charter")
        with p.box("tablist", "Charter status"):
            p.add("tab", "Upcoming (6)", "selected=True")
            p.add("tab", "Drafts (2)", "selected=False")
            p.add("tab", "Past", "selected=False")
        select(p, "Sort by", ["Date", "Boat", "Hirer"], "Date", "sort")
        with p.box("table", "Upcoming charters"):
            with p.box("row", ""):
                for h in ["Charter", "Date", "Time", "Boat", "Hirer", "Status"]:
                    p.add("columnheader", h)
            for c in CHARTERS:
                with p.box("row", ""):
                    with p.box("cell", c[0]):
                        p.add("link", c[0], key="charter:" + c[0])
                    for x in c[1:]:
                        p.add("cell", x)
        with p.box("navigation", "Pagination"):
            p.text("Showing 1–6 of 6")
    return page("Charters", "/charters", ["Home", "Charters"], body)


def charter_5498():
    def body(p):
        p.add("heading", "Charter CH-5498")
        p.text("Status: Confirmed")
        for t in ["Boat: Kittiwake (BT-07), Hunter 707 keelboat", "Date: Sat 14 Jun 2025, 09:00–17:00",
                  "Hirer: M-1187 Tom Greaves", "Skipper: Hirer skippers (bareboat)", "People on board: 3",
                  "Day charter: £260", "Total: £260", "Deposit: £200 paid by Visa ending 4417 (ref PAY-33412)"]:
            p.text(t)
        p.add("button", "Edit booking")
        p.add("button", "Cancel charter")
        p.add("link", "Print hire agreement")
    pg = page("Charter CH-5498", "/charters/CH-5498", ["Home", "Charters", "CH-5498"], body)
    viewed("Charter CH-5498 (Tom Greaves)", "CH-5498")
    return pg


# --------------------------------------------------------------------------------------
# Run recorder
# --------------------------------------------------------------------------------------
class Run:
    def __init__(self, rid, wf, start, fault=None, note=None):
        self.rid, self.wf, self.fault, self.note = rid, wf, fault, note
        self.cur = start
        self.init = start.obs()
        self.steps = []
        self.fault_step = None
        self.c = None

    def here(self):
        """Mark the next step as the first off-track step."""
        assert self.fault_step is None
        self.fault_step = len(self.steps)

    def _step(self, cmd, why, target, effect, nxt, error=None):
        assert effect in ("read", "write", "irreversible")
        self.steps.append({"commitment": self.c,
                           "action": {"command": cmd, "reasoning": why, "target": target, "effect": effect},
                           "observation": nxt.obs(error)})
        self.cur = nxt

    def _b(self, key):
        if key not in self.cur.keys:
            raise KeyError("%s: no %r on page %r" % (self.rid, key, self.cur.title))
        return self.cur.keys[key]

    def click(self, key, nxt, why, effect="read", error=None):
        bid, tgt = self._b(key)
        self._step("click(%s)" % q(bid), why, tgt, effect, nxt, error)

    def fill(self, key, value, nxt, why, effect="read"):
        bid, tgt = self._b(key)
        self._step("fill(%s, %s)" % (q(bid), q(value)), why, tgt, effect, nxt)

    def choose(self, key, option, nxt, why, effect="read"):
        bid, tgt = self._b(key)
        self._step("select_option(%s, %s)" % (q(bid), q(option)), why, tgt, effect, nxt)

    def press(self, key, combo, nxt, why, effect="read"):
        bid, tgt = self._b(key)
        self._step("press(%s, %s)" % (q(bid), q(combo)), why, tgt, effect, nxt)

    def goto(self, nxt, why):
        self._step("goto(%s)" % q(nxt.url), why, None, "read", nxt)

    def say(self, msg):
        self._step("send_msg_to_user(%s)" % q(msg), "Report the result to the user.", None, "read", self.cur)

    def record(self, success):
        if self.fault:
            assert self.fault_step is not None, self.rid
        else:
            assert self.fault_step is None, self.rid
        return {"id": self.rid, "workflow": self.wf, "task": TASKS[self.wf], "plan": "plans/%s.yaml" % self.wf,
                "label": {"fault": self.fault, "first_off_track_step": self.fault_step,
                          **({"note": self.note} if self.note else {})},
                "initial_observation": self.init, "steps": self.steps, "outcome": {"success": success}}


# --------------------------------------------------------------------------------------
# Enrolment workflow
# --------------------------------------------------------------------------------------
ENROL_RECENT = [("Priyanka Natarajan (S-2042)", "S-2042"), ("Session CS-0319 Competent Crew", "CS-0319"),
                ("Charter CH-5498 (Tom Greaves)", "CH-5498"), ("Marcus Hale (S-2049)", "S-2049")]


def enrol_run(rid, path, fault=None, note=None):
    """path: search | list | draft | filter."""
    recent = list(ENROL_RECENT)
    if path == "draft":
        recent.insert(1, ("Priya Natarajan (S-2041)", "S-2041"))
    new_ctx(recent)
    st = new_enrol_state()
    if path in ("search", "draft"):
        toast = "Fleet safety briefing at 16:00 today in the clubhouse." if path == "draft" else None
        start = dashboard(toast=toast)
    else:
        start = students_list()
    r = Run(rid, "enrol", start, fault, note)
    r.c = "open-student"

    # ---- find the student ------------------------------------------------------------
    if path == "search":
        r.fill("search", "Priya Natarajan", dashboard(search_value="Priya Natarajan"),
               "Search for the student by name from the header search box.")
        r.press("search", "Enter", search_students("Priya Natarajan"), "Run the search.")
        if fault == "wrong_record":
            r.here()
            st["sid"] = "S-2042"
            r.click("result:S-2042", student_profile("S-2042"),
                    "Open the Natarajan student record from the results.")
        else:
            r.click("result:S-2041", student_profile("S-2041"),
                    "Open Priya Natarajan, S-2041, born 1994; the others are S-2042 and S-2014.")
    elif path == "list":
        r.choose("sort", "Surname (A–Z)", students_list("Surname (A–Z)"),
                 "Sort the students by surname so the Natarajans sit together.")
        r.click("page:2", students_list("Surname (A–Z)", 2), "N surnames are on page 2.")
        r.click("student:S-2041", student_profile("S-2041"),
                "Open Priya Natarajan (S-2041), not Priyanka (S-2042) or Pria Nataraj (S-2014).")
    elif path == "draft":
        r.click("toast:dismiss", dashboard(), "Dismiss the briefing reminder; it is not related to the task.")
        r.click("recent:S-2041", student_profile("S-2041", draft=True),
                "Priya's record is in Recently viewed; open it.")
    elif path == "filter":
        r.fill("filter", "S-2041", students_list(filt="S-2041"), "Filter the students list by the student ID.")
        r.click("student:S-2041", student_profile("S-2041"), "Open the only match, Priya Natarajan (S-2041).")

    # ---- choose the session ----------------------------------------------------------
    r.c = "choose-session"
    if path == "draft":
        st.update(draft=True, session="CS-0318", exp="Start Yachting completed")
        r.click("resume", enrol_step2(st), "A draft enrolment for CS-0318 already exists; resume it.", "write")
    else:
        r.click("enrol", enrol_step1(st), "Start a new enrolment from the student record.")
        if path == "filter":
            st["sort"] = "Start date"
            r.choose("sortsessions", "Start date", enrol_step1(st), "Sort the sessions by start date.")
        st["session"] = "CS-0318"
        r.click("radio:CS-0318", enrol_step1(st), "Select CS-0318, Mon 2 – Fri 6 Jun 2025 (not CS-0319 in mid June).",
                "write")
        r.click("next", enrol_step2(st), "Session chosen; go to student details.", "write")

    # ---- student details -------------------------------------------------------------
    r.c = "student-details"
    exp = PROFILES[st["sid"]]["exp"] if st["sid"] == "S-2042" else "Start Yachting completed"
    if st["exp"] == "Select…":
        st["exp"] = exp
        r.choose("exp", exp, enrol_step2(st), "Record sailing experience; the profile says %s." % exp.lower(),
                 "write")
    if fault == "required_field_skipped":
        r.here()
        r.click("next", enrol_step3(st), "Experience is set and the emergency contact is prefilled; go to payment.",
                "write")
    else:
        st["lj"] = "S (40–60 kg)" if st["sid"] == "S-2042" else "M (50–70 kg)"
        r.choose("lj", st["lj"], enrol_step2(st), "Lifejacket size is required; choose %s." % st["lj"], "write")
        if path == "list":
            st["diet"] = "Vegetarian"
            r.fill("diet", "Vegetarian", enrol_step2(st), "Her notes mention she is vegetarian; add it.", "write")
        r.click("next", enrol_step3(st), "Required details filled; continue to payment.", "write")

    # ---- payment ---------------------------------------------------------------------
    r.c = "take-deposit"
    st["pay"] = "deposit"
    r.click("pay:deposit", enrol_step3(st), "The task asks for the £150 deposit, not payment in full.", "write")
    st["terms"] = True
    r.click("terms", enrol_step3(st), "Tick that the booking terms were read to the student.", "write")
    r.click("next", enrol_step4(st), "Go to the review step.", "write")

    # ---- confirm ---------------------------------------------------------------------
    r.c = "confirm-enrolment"
    name = PROFILES[st["sid"]]["name"]
    if fault == "premature_done":
        r.here()
        r.say("Done: Priya Natarajan (S-2041) is enrolled on CS-0318 Competent Crew (2–6 Jun 2025) with a £150 "
              "card deposit.")
        return r.record(False)
    r.click("confirm", enrol_step4(st, dialog=True), "Everything on the review matches the task; confirm.")
    if fault == "dialog_cancelled":
        r.here()
        r.click("dlg:cancel", enrol_step4(st), "Close the confirmation dialog.")
        r.say("Priya Natarajan is enrolled on CS-0318 (Mon 2 – Fri 6 Jun 2025); £150 deposit by card.")
        return r.record(False)
    if fault == "permission_denied":
        r.here()
        r.click("dlg:confirm", not_permitted(st), "Confirm the enrolment and take the deposit.", "irreversible")
        r.click("request", approval_requested(st), "Ask the office manager to approve it.", "write")
        r.say("Priya Natarajan's enrolment on CS-0318 has been submitted with the £150 deposit.")
        return r.record(False)
    if fault == "double_submit":
        r.click("dlg:confirm", enrol_step4(st, saving=True), "Confirm the enrolment and take the deposit.",
                "irreversible")
        r.here()
        r.click("confirm", enrol_step4(st, dialog=True, saving=True),
                "The review page is still showing; the confirmation may not have gone through. Confirm again.")
        st["eid"] = "E-7813"
        r.click("dlg:confirm", enrol_confirmed(st, other="E-7812"), "Confirm.", "irreversible")
        r.say("Enrolment %s confirmed for Priya Natarajan on CS-0318, £150 deposit taken." % st["eid"])
        return r.record(False)
    r.click("dlg:confirm", enrol_confirmed(st), "Confirm the enrolment and take the deposit.", "irreversible")
    if fault == "wrong_record":
        r.say("Enrolment E-7812 confirmed: %s on CS-0318 Competent Crew, £150 deposit taken." % name)
        return r.record(False)
    if fault == "required_field_skipped":
        r.say("Enrolment E-7812 confirmed for Priya Natarajan on CS-0318; £150 deposit taken.")
        return r.record(False)
    assert fault is None
    r.say("Enrolment E-7812 confirmed: Priya Natarajan (S-2041) on CS-0318 Competent Crew, Mon 2 – Fri 6 Jun 2025. "
          "£150 deposit taken by card; balance £445 due 19 May.")
    return r.record(True)


# --------------------------------------------------------------------------------------
# Charter workflow
# --------------------------------------------------------------------------------------
CHARTER_RECENT = [("Kittiwake II (BT-17)", "BT-17"), ("Charter CH-5498 (Tom Greaves)", "CH-5498"),
                  ("Kestrel (BT-08)", "BT-08"), ("Priyanka Natarajan (S-2042)", "S-2042")]


def charter_run(rid, path, fault=None, note=None):
    """path: filter | search | sort | draft."""
    new_ctx(CHARTER_RECENT)
    cs = new_charter_state()
    start = fleet_list() if path in ("filter", "sort") else dashboard()
    r = Run(rid, "charter", start, fault, note)
    r.c = "open-boat"
    if path == "filter":
        r.click("filters", fleet_list(expanded=True), "Open the filter panel to narrow the fleet.")
        r.choose("f:class", "Keelboat", fleet_list(expanded=True, f_class="Keelboat"), "Kittiwake is a keelboat.")
        r.fill("f:date", "2025-06-21", fleet_list(expanded=True, f_class="Keelboat", f_date="2025-06-21"),
               "Check availability on the charter date.")
        r.click("f:apply", fleet_list(expanded=True, f_class="Keelboat", f_date="2025-06-21", applied=True),
                "Apply the filters.")
        r.click("boat:BT-07", boat_page(), "Kittiwake (BT-07) is available all day on 21 June; open it.")
    elif path == "search":
        r.fill("search", "Kittiwake", dashboard(search_value="Kittiwake"), "Search for the boat by name.")
        r.press("search", "Enter", search_boats("Kittiwake"), "Run the search.")
        r.click("result:BT-07", boat_page(), "Open Kittiwake BT-07, the Hunter 707, not Kittiwake II (BT-17).")
    elif path == "sort":
        r.choose("sort", "Name (A–Z)", fleet_list(sort="Name (A–Z)"), "Sort the fleet by name.")
        r.click("page:next", fleet_list(sort="Name (A–Z)", pageno=2), "K names are on the next page.")
        r.click("boat:BT-07", boat_page(), "Open Kittiwake (BT-07), the keelboat.")
    elif path == "draft":
        r.click("nav:Fleet", fleet_list(), "Go to the fleet list.")
        r.choose("sort", "Boat ID", fleet_list(sort="Boat ID"), "Sort by boat ID to find BT-07.")
        r.click("boat:BT-07", boat_page(), "BT-07 Kittiwake is on the first page; open it.")

    r.c = "set-date-times"
    r.click("book", charter_step1(cs), "Start a charter booking for Kittiwake.")
    if fault == "wrong_value":
        r.here()
        cs["date"] = "2025-06-12"
        r.fill("date", "2025-06-12", charter_step1(cs), "Enter the charter date.", "write")
    else:
        cs["date"] = "2025-06-21"
        r.fill("date", "2025-06-21", charter_step1(cs), "Enter the charter date, Sat 21 Jun 2025.", "write")
    cs["end"] = "17:00"
    r.choose("end", "17:00", charter_step1(cs), "Full day: end time 17:00.", "write")
    toast = "Draft CH-5521 created." if path == "search" else None
    r.click("next", charter_step2(cs, toast=toast), "Times set and available; continue.", "write")

    r.c = "hirer-skipper"
    if toast:
        r.click("toast:dismiss", charter_step2(cs), "Dismiss the draft notice.")
    hq = {"filter": "Greaves", "search": "M-1187", "sort": "Tom Greaves", "draft": "Greaves"}[path]
    cs["hirer_q"] = hq
    listing = charter_step2(cs)
    r.fill("hirer", hq, listing, "Find the hirer by %s." % ("member number" if hq.startswith("M-") else "name"),
           "write")
    cs["hirer"] = "M-1187"
    if path == "search":
        r.click("opt:M-1187", listing, "Choose M-1187 Tom Greaves.", "write",
                error="TimeoutError: locator.click: Timeout 500ms exceeded. Element is not stable "
                      "(listbox still animating).")
    r.click("opt:M-1187", charter_step2(cs), "Choose M-1187 Tom Greaves (not Tamsin, M-1188, or Tom Grieve).",
            "write")
    if fault == "wrong_option":
        r.here()
        r.click("next", charter_step3(cs), "Hirer chosen and qualified; continue to the deposit.", "write")
    else:
        cs["skipper"] = "bare"
        r.click("skip:bare", charter_step2(cs), "Bareboat: Tom skippers himself, no school skipper.", "write")
        if path == "draft":
            cs["saved"] = True
            r.click("savedraft", charter_step2(cs, toast="Draft CH-5521 saved at 14:32."),
                    "Save the draft before going on.", "write")
            r.goto(charter_step2(cs), "Reload to make sure the draft kept the hirer and skipper.")
        r.click("next", charter_step3(cs), "Continue to deposit and review.", "write")

    r.c = "deposit-and-confirm"
    cs["deposit"] = True
    r.click("deposit", charter_step3(cs), "Tick to take the £200 deposit from Visa ending 4417.", "write")
    if fault == "unsaved_navigation":
        r.here()
        r.click("nav:Charters", charters_list(), "Check Tom's other bookings in the Charters list before confirming.")
        r.click("charter:CH-5498", charter_5498(), "Open Tom Greaves's Kittiwake charter.")
        r.say("Kittiwake (BT-07) is booked for Tom Greaves, bareboat, 09:00–17:00, deposit £200 taken (CH-5498).")
        return r.record(False)
    if fault == "silent_noop":
        r.here()
        r.click("confirm", charter_step3(cs), "Everything matches; confirm the booking.", "irreversible")
        r.say("Kittiwake (BT-07) is booked for Tom Greaves on Sat 21 Jun 2025, 09:00–17:00, bareboat; £200 deposit "
              "taken.")
        return r.record(False)
    r.click("confirm", charter_step3(cs, dialog=True), "Everything matches; confirm the booking.")
    if fault == "stale_page":
        r.here()
        r.click("dlg:confirm", charter_record(cs, "stale"), "Confirm and take the deposit.", "irreversible")
        r.say("Charter CH-5521 saved: Kittiwake for Tom Greaves, Sat 21 Jun 2025, 09:00–17:00, bareboat.")
        return r.record(False)
    if fault == "error_banner":
        r.here()
        r.click("dlg:confirm", charter_record(cs, "declined"), "Confirm and take the deposit.", "irreversible")
        r.say("Charter CH-5521 booked: Kittiwake for Tom Greaves, Sat 21 Jun 2025, 09:00–17:00, bareboat.")
        return r.record(False)
    r.click("dlg:confirm", charter_record(cs), "Confirm and take the deposit.", "irreversible")
    if fault in ("wrong_value", "wrong_option"):
        r.say("Charter CH-5521 confirmed: Kittiwake (BT-07) for Tom Greaves; £200 deposit taken.")
        return r.record(False)
    assert fault is None
    r.say("Charter CH-5521 confirmed: Kittiwake (BT-07) for Tom Greaves (M-1187), Sat 21 Jun 2025, 09:00–17:00, "
          "bareboat; £200 deposit taken (PAY-33810).")
    return r.record(True)


# --------------------------------------------------------------------------------------
# Run table
# --------------------------------------------------------------------------------------
RUNS = [
    # (id, workflow, path, fault, note)
    ("enrol-healthy-01", "enrol", "search", None, "header search, then the student record"),
    ("enrol-healthy-02", "enrol", "list", None, "students list re-sorted by surname, page 2; optional diet filled"),
    ("enrol-healthy-03", "enrol", "draft", None, "toast dismissed; saved draft resumed from Recently viewed"),
    ("enrol-healthy-04", "enrol", "filter", None, "list filtered by id; sessions re-sorted; optional field left"),
    ("enrol-wrong_record-01", "enrol", "search", "wrong_record",
     "opens Priyanka Natarajan (S-2042), a household near miss, and enrols her"),
    ("enrol-required_field_skipped-01", "enrol", "filter", "required_field_skipped",
     "lifejacket size (required) left empty; the wizard lets it through"),
    ("enrol-premature_done-01", "enrol", "list", "premature_done",
     "reports success on the review step without confirming"),
    ("enrol-dialog_cancelled-01", "enrol", "draft", "dialog_cancelled",
     "clicks Cancel in the confirmation dialog, then reports success"),
    ("enrol-double_submit-01", "enrol", "list", "double_submit",
     "confirms again while the first save is pending; second enrolment E-7813 created"),
    ("enrol-permission_denied-01", "enrol", "search", "permission_denied",
     "confirm is refused (role cannot take payments); agent requests approval and reports success"),
    ("charter-healthy-01", "charter", "filter", None, "fleet filter panel (keelboat, 21 Jun)"),
    ("charter-healthy-02", "charter", "search", None, "header search; toast dismissed; one flaky click retried"),
    ("charter-healthy-03", "charter", "sort", None, "fleet re-sorted by name, page 2"),
    ("charter-healthy-04", "charter", "draft", None, "draft saved and page reloaded before continuing"),
    ("charter-wrong_value-01", "charter", "filter", "wrong_value", "types 2025-06-12 instead of 2025-06-21"),
    ("charter-wrong_option-01", "charter", "search", "wrong_option",
     "skipper left at the default School skipper (+£180)"),
    ("charter-silent_noop-01", "charter", "sort", "silent_noop",
     "Confirm booking does nothing (no dialog, no change); agent reports success"),
    ("charter-stale_page-01", "charter", "draft", "stale_page",
     "after confirming, the record shows the pre-save Draft copy with 'Saved.'"),
    ("charter-error_banner-01", "charter", "filter", "error_banner",
     "deposit declined banner; booking provisional; agent reports success"),
    ("charter-unsaved_navigation-01", "charter", "sort", "unsaved_navigation",
     "leaves the wizard for the Charters list with the deposit unsaved; reports CH-5498 instead"),
]


def build():
    global RNG
    RNG = random.Random(SEED + 1)
    out = []
    for rid, wf, path, fault, note in RUNS:
        fn = enrol_run if wf == "enrol" else charter_run
        out.append(fn(rid, path, fault, note))
    return out


README_HEAD = """# Skiff held-out corpus (sailing school booking office)

Written by an outside author against `/work/shared/FORMATS.md` only.

## The application

**Skiff** is the booking office of **Harbourlight Sailing School** (Port Wenlow Marina, Quay Road).
Signed-in user: **Maren Olsen**, Bookings coordinator (`m.olsen`). "Today" is **Wed 14 May 2025**.
Base URL `http://127.0.0.1:8000`. Page titles end in ` · Skiff`.

Every page carries the same furniture: a banner (product link, main navigation Dashboard / Courses /
Students / Fleet / Charters / Reports, header search box, notifications button, user menu), breadcrumbs,
a polite live region (toasts, with a Dismiss button), a Recently viewed panel (updated as records are
opened, and seeded with near misses), and a footer.

Page types:

| Type | Pages |
|---|---|
| List / board | Dashboard (sessions starting soon, needs attention), Students list (filter, sort, pagination), Fleet list, Charters list (status tabs) |
| Search | Header search results with result-type tabs (students / bookings / boats) |
| Record detail | Student profile (details, enrolments, household, notes, draft banner), Boat record (details, upcoming charters, maintenance, similar boats), Charter record, Enrolment record |
| Multi-step wizard | New enrolment (4 steps: session, student details, payment, review); New charter (3 steps: boat & times, hirer & skipper, deposit & review) |
| Confirmation dialog | "Confirm enrolment", "Confirm charter booking" (modal) |
| Settings / filter panel | Fleet "Filter boats" panel (class, available-on date, out-of-service) |
| Error | "Not permitted" page |

Near misses: students Priya Natarajan **S-2041** (target), Priyanka Natarajan **S-2042** (same household,
one digit apart), Pria Nataraj **S-2014** (digits swapped); sessions **CS-0318** (target), CS-0319 (same
course, two weeks later), CS-0325, CS-0381 Day Skipper (same dates); boats Kittiwake **BT-07** (target),
Kittiwake II BT-17, Kestrel BT-08; members Tom Greaves **M-1187** (target), Tamsin Greaves M-1188,
Tom Grieve M-1052; the same hirer's other charter CH-5498 on the same boat (14 Jun).

## Workflows

* `enrol`: %s
* `charter`: %s

Plans: `plans/enrol.yaml`, `plans/charter.yaml` (source text in `plans_src.py`), written from the task and
the healthy pages before any faulty run existed, and not tuned afterwards. Each workflow has one task, so
the healthy runs of a workflow differ in route (search vs list vs recently viewed vs filter panel,
pagination, re-sorting, a dismissed toast, a resumed or saved-and-reloaded draft, an optional field filled
or left alone, one action error that is retried) rather than in target.

Things a checker will meet on healthy pages by design: near-miss names in the Recently viewed panel
(e.g. "Priyanka Natarajan (S-2042)", "Kittiwake II (BT-17)"), the household link on the student profile,
CH-5498 (Sat 14 Jun) in Kittiwake's upcoming charters, the "School skipper (+£180)" radio option, and in
`enrol-healthy-03` a resumed draft that skips step 1 of the enrolment wizard (the session is already set).

Steps carry `commitment` (the plan commitment the agent was pursuing). Actions use BrowserGym commands
(`click`, `fill`, `select_option`, `press`, `goto`, `send_msg_to_user`); every bid an action uses exists in
the observation before it. `label.note` says in words what happened.

Labelling (FORMATS.md): agent-caused faults (wrong_record, wrong_value, required_field_skipped,
wrong_option, premature_done, dialog_cancelled, double_submit, unsaved_navigation) are labelled at the
first action that took the run off track; environment faults (silent_noop, stale_page, error_banner,
permission_denied) at the step whose observation first shows them.

## Runs

| Run id | Label | First off-track step | Steps | What happens |
|---|---|---|---|---|
"""

README_TAIL = """
## Files

* `plans_src.py`: the two plans as hand-written YAML text, plus the task strings
* `make_corpus.py`: page builders (BrowserGym-style AXTree), the run scripts, and the writer
* `corpus.jsonl`, `plans/enrol.yaml`, `plans/charter.yaml`, `README.md`: generated
* `selftest.py`: format checks (stdlib; includes a small reader for the YAML subset the plans use)

## Regenerate and check

```
cd /work/main/data/heldout/skiff && python3 make_corpus.py && python3 selftest.py
```

`make_corpus.py` is stdlib-only with a fixed seed (%d); it rewrites `corpus.jsonl`, `plans/*.yaml` and
this README. `selftest.py` (stdlib) checks the corpus and plans against FORMATS.md (fields, step
indices, label consistency, plan files and commitment ids, unique run ids, bids), that regeneration
is byte-identical, and that this table matches the labels.
"""


def main():
    runs = build()
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for wf, text in PLANS.items():
        with open(os.path.join(HERE, "plans", wf + ".yaml"), "w", encoding="utf-8") as f:
            f.write(text)
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for r in runs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    rows = []
    for r in runs:
        lab = r["label"]
        rows.append("| `%s` | %s | %s | %d | %s |" % (
            r["id"], lab["fault"] or "healthy",
            "-" if lab["first_off_track_step"] is None else lab["first_off_track_step"],
            len(r["steps"]), lab.get("note", "")))
    with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8") as f:
        f.write(README_HEAD % (TASKS["enrol"], TASKS["charter"]))
        f.write("\n".join(rows) + "\n")
        f.write(README_TAIL % SEED)
    nh = sum(1 for r in runs if r["label"]["fault"] is None)
    print("wrote %d runs (%d healthy, %d faulty) to corpus.jsonl; plans: %s" % (
        len(runs), nh, len(runs) - nh, ", ".join(sorted(PLANS))))


if __name__ == "__main__":
    main()
