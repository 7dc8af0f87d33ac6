#!/usr/bin/env python3
"""Generate the Quadrangle SIS held-out corpus (workflow `enroll-override`).

stdlib only, deterministic: every random choice comes from random.Random seeded
with a fixed string.  Writes corpus.jsonl and plans/enroll-override.yaml next to
this file.
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
WORKFLOW = "enroll-override"
PLAN_REL = "plans/enroll-override.yaml"

UNI = "https://www.hollinsworth.edu/"
BASE = "https://sis.hollinsworth.edu/quadrangle"
SSO = "https://login.hollinsworth.edu/idp/profile/SAML2/Redirect/SSO"

STUDENT = "Priyanka Oduya"
SID = "20231187"
EMAIL = "poduya@students.hollinsworth.edu"
ADVISOR_EMAIL = "mfeld@hollinsworth.edu"
REASON = ("CHEM 213 equivalent completed at Linwood CC, Summer 2025 (B+); "
          "transfer credit posting pending.")

TASK = (
    "From: Dr. Marcus Feld <mfeld@hollinsworth.edu> (Chemistry & Biochemistry advising)\n"
    "To: Office of the Registrar <registrar@hollinsworth.edu>\n"
    "Subject: Prereq override - Priyanka Oduya (20231187), CHEM 214-02\n\n"
    "Hi registrar team,\n\n"
    "Could you please enroll my advisee Priyanka Oduya (student ID 20231187) in CHEM 214-02, "
    "Organic Chemistry II (Tue/Thu 10:30-11:45, Dr. Okafor), for Fall 2025, with a prerequisite "
    "override? She retook CHEM 213 at Linwood Community College this summer and earned a B+; the "
    "transcript is in, but the transfer credit hasn't posted yet, so Quadrangle still sees her D "
    "from Fall 2024.\n\n"
    "Override reason for the record: \"" + REASON + "\"\n\n"
    "Please double-check she has no registration hold before you add her (she had a library hold "
    "over the summer that I believe was cleared). Once she's enrolled, please send her the "
    "enrollment confirmation email from Quadrangle so she has it in writing.\n\n"
    "Note: not 214-01 (the MWF 9:00 section conflicts with her lab job), and she is still on the "
    "waitlist for 214-03 - that's fine to let go.\n\n"
    "Thanks,\nMarcus Feld\nAssociate Professor & Faculty Advisor, Chemistry & Biochemistry"
)

# --------------------------------------------------------------------------------------
# The plan (written from the task and the healthy pages, before any faulty run).
# --------------------------------------------------------------------------------------
PLAN_YAML = '''\
# Registrar office procedure: advisor-requested enrollment with prerequisite override.
# Written by the registrar office lead from the advisor's email and the normal screens.
task: >-
  Enroll Priyanka Oduya (ID 20231187) in CHEM 214-02, Organic Chemistry II, Tue/Thu 10:30,
  Fall 2025, with a prerequisite override (reason: CHEM 213 equivalent completed at Linwood CC,
  Summer 2025 (B+); transfer credit posting pending), after checking she has no registration
  hold; then email her the enrollment confirmation.
plan_falsifiers:
  execution:
    - Quadrangle SIS sign in
    - Your session has timed out. Sign in again.
    - Access denied. You do not have permission to perform this action.
commitments:
  - id: open-student-record
    subgoal: Open the student record for Priyanka Oduya, ID 20231187, and check holds
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - Registrar workspace
        - Student search
      progress:
        - Search results for 20231187
        - Priyanka Oduya 20231187 BS Biochemistry
      completion:
        - Student record - Priyanka Oduya (20231187)
        - No registration holds
    falsify:
      execution:
        - Priyanka Odoya
        - "20231178"
        - Student record - Priyanka Odoya (20231178)
        - No students match your search
      skill:
        - Student search is unavailable
      planning:
        - Registration hold active
        - "Hold: registration blocked"
  - id: find-section
    subgoal: Find section CHEM 214-02 Organic Chemistry II, TuTh 10:30-11:45, in Fall 2025
    confidence: 0.7
    confirm:
      precondition:
        - Class search
        - Enrolling for Priyanka Oduya (20231187)
      progress:
        - "Term: Fall 2025"
        - CHEM 214 Organic Chemistry II sections
      completion:
        - CHEM 214-02 Organic Chemistry II
        - TuTh 10:30-11:45 Samuel Okafor
    falsify:
      execution:
        - "Wrong section: CHEM 214-01"
        - CHEM 214-01 MoWeFr 9:00
        - CHEM 241-02 Quantitative Analysis
        - "Term: Spring 2025"
        - CHEM 214-03 waitlist
      skill:
        - No classes match your search
      planning:
        - Section cancelled
        - Section closed to enrollment
  - id: enroll-with-override
    subgoal: Enroll her in CHEM 214-02 with a prerequisite override and the advisor's reason, then save
    confidence: 0.6
    confirm:
      precondition:
        - Enroll student - CHEM 214-02
        - No registration holds
      progress:
        - "Override granted: prerequisite"
        - Override reason entered
      completion:
        - Enrollment saved
        - CHEM 214-02 Enrolled
    falsify:
      execution:
        - Enrollment not saved
        - Added to waitlist
        - Prerequisite not met - enrollment without override
        - {text: Add to waitlist, "on": action}
        - {text: Drop, "on": action}
        - {text: Remove from waitlist, "on": action}
      skill:
        - Prerequisite override option not available
      planning:
        - Term is locked
        - Section full - no seats available
  - id: email-confirmation
    subgoal: Email Priyanka Oduya the enrollment confirmation
    confidence: 0.7
    confirm:
      precondition:
        - Email enrollment confirmation
      progress:
        - "To: poduya@students.hollinsworth.edu"
      completion:
        - Confirmation email sent
    falsify:
      execution:
        - podoya@students.hollinsworth.edu
        - Email not sent
        - {text: Drop, "on": action}
      skill:
        - Email option not available
      planning:
        - Enrollment not saved
        - Not enrolled in CHEM 214-02
'''


# --------------------------------------------------------------------------------------
# AXTree page builder
# --------------------------------------------------------------------------------------
class Page:
    """Flattened AXTree in BrowserGym style. Bids are assigned in document order per
    page load; gaps (DOM nodes that are not in the AX tree) come from an RNG seeded by
    the page identity, so re-rendering the same page load keeps the same bids."""

    BARE = ("required", "focused")

    def __init__(self, title, url, seed_key=None):
        self.title = title
        self.url = url
        self.lines = ["RootWebArea %r, focused, url=%r" % (title, url)]
        self._rng = random.Random("bids|" + (seed_key or url))
        self._next = 3 + self._rng.randint(0, 9)
        self.index = {}

    def n(self, d, role, name="", value=None, **props):
        bid = str(self._next)
        self._next += 1 + (1 if self._rng.random() < 0.35 else 0)
        s = "\t" * d + "[%s] %s %r" % (bid, role, name)
        if value not in (None, ""):
            s += " value=%r" % (value,)
        for k, v in props.items():
            if v is None:
                continue
            if k in self.BARE:
                if v:
                    s += ", " + k
            else:
                s += ", %s=%r" % (k, v)
        self.lines.append(s)
        self.index[bid] = (role, name)
        return bid

    def t(self, d, text):
        self.lines.append("\t" * d + "StaticText %r" % (text,))

    def find(self, role, name):
        hits = [b for b, rn in self.index.items() if rn == (role, name)]
        if len(hits) != 1:
            raise KeyError("%s %r: %d matches on %s" % (role, name, len(hits), self.url))
        return hits[0]

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": error}


NAV = [
    ("Dashboard", "/registrar/dashboard"),
    ("Student search", "/registrar/students/search"),
    ("Class search", "/registrar/classes/search"),
    ("Advisor referrals (4)", "/registrar/referrals"),
    ("Holds", "/registrar/holds"),
    ("Overrides log", "/registrar/overrides"),
    ("Waitlists", "/registrar/waitlists"),
    ("Grade rosters", "/registrar/grades"),
    ("Transcripts", "/registrar/transcripts"),
    ("Reports", "/registrar/reports"),
]


def header(p, gsearch=None, term="Fall 2025"):
    p.n(1, "banner", "")
    p.n(2, "link", "Skip to main content", url=p.url.split("#")[0] + "#main")
    p.n(2, "link", "Hollinsworth State University", url=UNI)
    p.t(2, "Quadrangle SIS")
    p.t(2, "Registrar")
    p.n(2, "combobox", "Active term", value=term, hasPopup="listbox", expanded=False)
    p.n(2, "searchbox", "Search Quadrangle SIS (students, classes, IDs)", value=gsearch)
    p.n(2, "button", "Run search")
    p.n(2, "button", "Notifications, 3 unread", hasPopup="menu", expanded=False)
    p.n(2, "button", "Help", hasPopup="menu", expanded=False)
    p.n(2, "button", "Dana Whitcomb, Registrar Office", hasPopup="menu", expanded=False)


def sidenav(p):
    p.n(1, "navigation", "Registrar menu")
    for label, path in NAV:
        p.n(2, "link", label, url=BASE + path)
    p.t(2, "Shortcuts")
    p.n(2, "link", "Academic calendar 2025-26", url=BASE + "/calendar/2025-26")
    p.n(2, "link", "Override policy (PDF)", url=BASE + "/docs/override-policy.pdf")


def crumbs(p, items):
    p.n(1, "navigation", "Breadcrumb")
    for label, path in items[:-1]:
        p.n(2, "link", label, url=BASE + path)
    p.t(2, items[-1][0])


def footer(p):
    p.n(1, "contentinfo", "")
    p.t(2, "\u00a9 2025 Hollinsworth State University \u00b7 Office of the Registrar")
    p.n(2, "link", "Privacy & FERPA", url=UNI + "registrar/ferpa")
    p.n(2, "link", "Accessibility", url=UNI + "accessibility")
    p.n(2, "link", "IT Service Desk", url="https://help.hollinsworth.edu/")
    p.t(2, "Quadrangle SIS 9.4.2 \u00b7 node q-app-03 \u00b7 Last data refresh 9:40 AM")


def frame(title, url, crumb_items, gsearch=None, seed_key=None, term="Fall 2025"):
    p = Page(title, url, seed_key)
    header(p, gsearch, term)
    sidenav(p)
    crumbs(p, crumb_items)
    p.n(1, "main", "")
    return p


def table(p, d, name, cols, rows, cell_links=None):
    """rows: list of lists of cell texts; cell_links: {(r, c): url} -> cell contains a link."""
    cell_links = cell_links or {}
    p.n(d, "table", name)
    p.n(d + 1, "row", " ".join(cols))
    for c in cols:
        p.n(d + 2, "columnheader", c)
    for r, row in enumerate(rows):
        p.n(d + 1, "row", " ".join(x for x in row if not x.startswith("@")))
        for c, cell in enumerate(row):
            if cell.startswith("@button:"):
                p.n(d + 2, "cell", "")
                p.n(d + 3, "button", cell[len("@button:"):])
            elif (r, c) in cell_links:
                p.n(d + 2, "cell", cell)
                p.n(d + 3, "link", cell, url=cell_links[(r, c)])
            else:
                p.n(d + 2, "cell", cell)


# --------------------------------------------------------------------------------------
# Data
# --------------------------------------------------------------------------------------
def rec_url(sid, frag=""):
    return BASE + "/registrar/students/%s?term=2258%s" % (sid, frag)


def sec_url(term, sec, sid=SID):
    return BASE + "/registrar/sections/%s/%s?student=%s" % (term, sec.replace(" ", "-"), sid)


def enroll_url(term, sec, sid=SID):
    return BASE + "/registrar/students/%s/enroll/%s/%s" % (sid, term, sec.replace(" ", "-"))


# Section rows: (section, title, type, days_times, room, instructor, seats, waitlist, status, campus)
CHEM214_FA25 = [
    ("CHEM 214-01", "Organic Chemistry II", "Lecture", "MoWeFr 9:00-9:50", "SCI 140", "Helena Varga", "12 of 40 open", "0", "Open", "Main"),
    ("CHEM 214-02", "Organic Chemistry II", "Lecture", "TuTh 10:30-11:45", "SCI 210", "Samuel Okafor", "7 of 40 open", "0", "Open", "Main"),
    ("CHEM 214-03", "Organic Chemistry II", "Lecture", "TuTh 15:00-16:15", "SCI 210", "Samuel Okafor", "0 of 40 open", "6", "Waitlist", "Main"),
    ("CHEM 214-81", "Organic Chemistry II", "Online", "Asynchronous", "Online", "Helena Varga", "3 of 25 open", "0", "Open", "Online"),
    ("CHEM 214L-11", "Organic Chemistry II Lab", "Lab", "Mo 13:00-16:50", "SCI 305", "Staff", "4 of 20 open", "0", "Open", "Main"),
    ("CHEM 214L-12", "Organic Chemistry II Lab", "Lab", "Tu 13:00-16:50", "SCI 305", "Staff", "0 of 20 open", "2", "Waitlist", "Main"),
    ("CHEM 214L-13", "Organic Chemistry II Lab", "Lab", "We 18:00-21:50", "SCI 305", "Staff", "9 of 20 open", "0", "Open", "Main"),
]

CHEM214_SP25 = [
    ("CHEM 214-01", "Organic Chemistry II", "Lecture", "MoWeFr 9:00-9:50", "SCI 140", "Helena Varga", "0 of 40 open", "0", "Term ended", "Main"),
    ("CHEM 214-02", "Organic Chemistry II", "Lecture", "TuTh 10:30-11:45", "SCI 210", "Samuel Okafor", "0 of 40 open", "0", "Term ended", "Main"),
    ("CHEM 214L-11", "Organic Chemistry II Lab", "Lab", "Mo 13:00-16:50", "SCI 305", "Staff", "0 of 20 open", "0", "Term ended", "Main"),
    ("CHEM 214L-12", "Organic Chemistry II Lab", "Lab", "Tu 13:00-16:50", "SCI 305", "Staff", "0 of 20 open", "0", "Term ended", "Main"),
]

CHEM_ALL_FA25 = [
    ("CHEM 101-01", "General Chemistry I", "Lecture", "MoWeFr 8:00-8:50", "SCI 100", "Alan Porter", "22 of 120 open", "0", "Open", "Main"),
    ("CHEM 101-02", "General Chemistry I", "Lecture", "TuTh 12:00-13:15", "SCI 100", "Alan Porter", "5 of 120 open", "0", "Open", "Main"),
    ("CHEM 102-01", "General Chemistry II", "Lecture", "MoWe 11:00-12:15", "SCI 100", "Li Wen", "31 of 90 open", "0", "Open", "Main"),
    ("CHEM 142-01", "Analytical Foundations", "Lecture", "TuTh 13:30-14:45", "SCI 118", "Ruth Amsel", "10 of 36 open", "0", "Open", "Main"),
    ("CHEM 213-01", "Organic Chemistry I", "Lecture", "MoWeFr 10:00-10:50", "SCI 140", "Helena Varga", "2 of 40 open", "0", "Open", "Main"),
    ("CHEM 213-02", "Organic Chemistry I", "Lecture", "TuTh 9:00-10:15", "SCI 210", "Samuel Okafor", "0 of 40 open", "4", "Waitlist", "Main"),
] + [r for r in CHEM214_FA25 if r[9] == "Main"] + [
    ("CHEM 241-01", "Quantitative Analysis", "Lecture", "MoWe 14:00-15:15", "SCI 118", "Ruth Amsel", "11 of 24 open", "0", "Open", "Main"),
    ("CHEM 241-02", "Quantitative Analysis", "Lecture", "TuTh 10:30-11:45", "SCI 118", "Ruth Amsel", "9 of 24 open", "0", "Open", "Main"),
    ("CHEM 241L-21", "Quantitative Analysis Lab", "Lab", "Th 13:00-16:50", "SCI 312", "Staff", "6 of 16 open", "0", "Open", "Main"),
    ("CHEM 301-01", "Physical Chemistry I", "Lecture", "MoWeFr 11:00-11:50", "SCI 220", "Tomasz Wrobel", "14 of 30 open", "0", "Open", "Main"),
]


def time_key(row):
    dt = row[3]
    if dt == "Asynchronous":
        return (99, 0)
    t = dt.split(" ")[1].split("-")[0]
    h, m = t.split(":")
    return (int(h), int(m), row[0])


# --------------------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------------------
def page_dashboard(gsearch=None):
    p = frame("Registrar workspace \u00b7 Quadrangle SIS", BASE + "/registrar/dashboard",
              [("Registrar workspace", "/registrar/dashboard")], gsearch,
              seed_key="dashboard")
    p.n(2, "heading", "Registrar workspace")
    p.t(2, "Good morning, Dana. Fall 2025 add/drop ends Friday, September 12, 2025. Census date: September 15.")
    p.n(2, "region", "My work queues")
    p.n(3, "heading", "My work queues")
    table(p, 3, "Work queues", ["Queue", "Open", "Oldest"], [
        ["Advisor referrals", "4", "1 day"],
        ["Override requests", "9", "3 days"],
        ["Hold reviews", "3", "2 days"],
        ["Waitlist exceptions", "2", "5 hours"],
        ["Grade changes (Spring 2025)", "6", "12 days"],
    ], {(0, 0): BASE + "/registrar/referrals", (1, 0): BASE + "/registrar/overrides?status=open",
        (2, 0): BASE + "/registrar/holds?status=review", (3, 0): BASE + "/registrar/waitlists",
        (4, 0): BASE + "/registrar/grades/changes"})
    p.n(2, "region", "Recent advisor referrals")
    p.n(3, "heading", "Recent advisor referrals")
    p.n(3, "list", "")
    for txt in [
        "Prerequisite override \u00b7 Priyanka Oduya (20231187) \u00b7 CHEM 214-02 \u00b7 from Marcus Feld \u00b7 9:12 AM",
        "Time conflict override \u00b7 Jonah Whitfield (20219904) \u00b7 PHYS 201-01 \u00b7 from Irene Castellanos \u00b7 8:47 AM",
        "Hold review \u00b7 Priyanka Odoya (20231178) \u00b7 Bursar \u00b7 from Gail Benson \u00b7 yesterday",
        "Late add \u00b7 Mateo Ilunga (20240316) \u00b7 HIST 110-05 \u00b7 from Ruth Amsel \u00b7 yesterday",
    ]:
        p.n(4, "listitem", "")
        p.t(5, txt)
    p.n(3, "link", "Open referral queue", url=BASE + "/registrar/referrals")
    p.n(2, "region", "Announcements")
    p.n(3, "heading", "Announcements")
    p.t(3, "Enrollments with an unresolved prerequisite flag are dropped automatically at census (September 15).")
    p.t(3, "Reminder: every override needs a reason. The overrides log is audited each term.")
    p.t(3, "Spring 2025 grade changes close October 1. Summer transfer credit is still posting (backlog about 10 business days).")
    p.t(3, "Nightly census and grade batch: registration changes are paused 2:00-2:30 AM.")
    p.n(2, "region", "Recently viewed")
    p.n(3, "heading", "Recently viewed")
    p.n(3, "link", "Priyanka Odoya (20231178)", url=rec_url("20231178"))
    p.n(3, "link", "CHEM 241-02 Quantitative Analysis (Fall 2025)", url=BASE + "/registrar/sections/2258/CHEM-241-02")
    p.n(3, "link", "CHEM 214-02 Organic Chemistry II (Spring 2025)", url=BASE + "/registrar/sections/2252/CHEM-214-02")
    p.n(2, "status", "")
    footer(p)
    return p


def page_referrals():
    p = frame("Advisor referrals \u00b7 Quadrangle SIS", BASE + "/registrar/referrals?status=open&term=2258",
              [("Registrar workspace", "/registrar/dashboard"), ("Advisor referrals", "/registrar/referrals")])
    p.n(2, "heading", "Advisor referrals")
    p.t(2, "Requests sent by faculty advisors through the advising portal. Assign yourself before acting.")
    p.n(2, "group", "Active filters")
    p.n(3, "button", "Remove filter Status: Open")
    p.t(4, "Status: Open")
    p.n(3, "button", "Remove filter Term: Fall 2025")
    p.t(4, "Term: Fall 2025")
    p.n(3, "button", "Clear all filters")
    p.n(2, "searchbox", "Filter referrals")
    p.n(2, "combobox", "Sort referrals", value="Newest first", hasPopup="listbox", expanded=False)
    rows = [
        ["Sep 2, 9:12 AM", "Priyanka Oduya", "20231187", "Prerequisite override", "CHEM 214-02", "Marcus Feld", "New", "Unassigned"],
        ["Sep 2, 8:47 AM", "Jonah Whitfield", "20219904", "Time conflict override", "PHYS 201-01", "Irene Castellanos", "New", "Unassigned"],
        ["Sep 1, 4:05 PM", "Priyanka Odoya", "20231178", "Hold review", "\u2014", "Gail Benson", "In review", "L. Moreno"],
        ["Sep 1, 2:30 PM", "Mateo Ilunga", "20240316", "Late add", "HIST 110-05", "Ruth Amsel", "New", "Unassigned"],
    ]
    links = {(0, 1): rec_url(SID), (1, 1): rec_url("20219904"), (2, 1): rec_url("20231178"),
             (3, 1): rec_url("20240316")}
    table(p, 2, "Open referrals", ["Received", "Student", "ID", "Request", "Section", "Advisor", "Status", "Assigned to"],
          rows, links)
    p.n(2, "region", "Referral preview")
    p.n(3, "heading", "Referral preview: Priyanka Oduya (20231187)")
    p.t(3, "Request: prerequisite override, CHEM 214-02 (TuTh 10:30), Fall 2025.")
    p.t(3, "Advisor comment: Retook CHEM 213 at Linwood CC in Summer 2025 (B+), transcript received, posting pending. Not 214-01. OK to let the 214-03 waitlist go.")
    p.n(3, "button", "Assign to me")
    p.n(3, "button", "Reply to advisor")
    p.t(2, "Showing 1-4 of 4 open referrals")
    p.n(2, "link", "Show completed referrals (23)", url=BASE + "/registrar/referrals?status=completed&term=2258")
    footer(p)
    return p


def page_student_search(id_val=None, last=None, first=None):
    p = frame("Student search \u00b7 Quadrangle SIS", BASE + "/registrar/students/search",
              [("Registrar workspace", "/registrar/dashboard"), ("Student search", "/registrar/students/search")])
    p.n(2, "heading", "Student search")
    p.t(2, "Search by student ID for an exact match. Name searches include similar spellings.")
    p.n(2, "form", "Find a student")
    p.n(3, "textbox", "Student ID", value=id_val, focused=bool(id_val))
    p.n(3, "textbox", "Last name", value=last, focused=bool(last))
    p.n(3, "textbox", "First name", value=first, focused=bool(first))
    p.n(3, "combobox", "Student status", value="Active", hasPopup="listbox", expanded=False)
    p.n(3, "combobox", "Career", value="Undergraduate", hasPopup="listbox", expanded=False)
    p.n(3, "checkbox", "Include former names", checked=True)
    p.n(3, "button", "Search")
    p.n(3, "button", "Clear")
    p.n(2, "region", "Recent searches")
    p.t(3, "Recent searches")
    p.n(3, "link", "20231178", url=BASE + "/registrar/students/search?id=20231178")
    p.n(3, "link", "Whitfield, Jonah", url=BASE + "/registrar/students/search?last=Whitfield&first=Jonah")
    p.n(3, "link", "Ilunga", url=BASE + "/registrar/students/search?last=Ilunga")
    footer(p)
    return p


STUDENTS = {
    "20231187": ("Oduya, Priyanka", "BS Biochemistry", "Junior", "None", "Marcus Feld"),
    "20231178": ("Odoya, Priyanka", "BA Psychology", "Sophomore", "Bursar (registration)", "Gail Benson"),
    "20220954": ("Oduya, Rahul", "BS Mechanical Engineering", "Senior", "None", "Tomasz Wrobel"),
    "20210533": ("Raman, Priyanka", "BS Nursing", "Senior", "None", "Hana Ito"),
    "20240871": ("Sethi, Priyanka", "Undeclared", "First year", "Advising (advisory only)", "Irene Castellanos"),
    "20221436": ("Odutola, Grace", "BS Biochemistry", "Junior", "None", "Marcus Feld"),
}


def page_student_results(query_desc, url, ids, id_val=None, last=None, first=None, note=None):
    p = frame("Student search results \u00b7 Quadrangle SIS", url,
              [("Registrar workspace", "/registrar/dashboard"), ("Student search", "/registrar/students/search"),
               ("Results", "")])
    p.n(2, "heading", "Student search")
    p.n(2, "form", "Find a student")
    p.n(3, "textbox", "Student ID", value=id_val)
    p.n(3, "textbox", "Last name", value=last)
    p.n(3, "textbox", "First name", value=first)
    p.n(3, "combobox", "Student status", value="Active", hasPopup="listbox", expanded=False)
    p.n(3, "combobox", "Career", value="Undergraduate", hasPopup="listbox", expanded=False)
    p.n(3, "checkbox", "Include former names", checked=True)
    p.n(3, "button", "Search")
    p.n(3, "button", "Clear")
    p.n(2, "heading", "Results for %s" % query_desc)
    p.n(2, "status", "")
    p.t(3, "%d student%s found" % (len(ids), "" if len(ids) == 1 else "s"))
    rows, links = [], {}
    for i, sid in enumerate(ids):
        name, prog, lvl, hold, adv = STUDENTS[sid]
        rows.append([name, sid, prog, lvl, hold, adv])
        links[(i, 0)] = rec_url(sid)
    table(p, 2, "Matching students", ["Name", "Student ID", "Program", "Class level", "Holds", "Advisor"], rows, links)
    if note:
        p.t(2, note)
    p.t(2, "Page 1 of 1")
    footer(p)
    return p


def page_record(sid=SID, toast=None, toast_kind="status", schedule="base", dialog=None,
                email_sent=False, scrolled=False, tab="Summary", hover_hold=False, seed_suffix=""):
    """Student record page for Priyanka Oduya (schedule variants: base, enrolled, waitlist, flagged)."""
    url = rec_url(sid, "&message=sent#communications" if email_sent else "")
    p = frame("Student record - Priyanka Oduya (20231187) \u00b7 Quadrangle SIS", url,
              [("Registrar workspace", "/registrar/dashboard"), ("Students", "/registrar/students/search"),
               ("Priyanka Oduya (20231187)", "")], seed_key=url + seed_suffix)
    p.n(2, "heading", "Priyanka Oduya")
    p.t(2, "Student ID 20231187 \u00b7 BS Biochemistry \u00b7 Junior \u00b7 Main campus \u00b7 she/her")
    p.t(2, "Preferred email " + EMAIL + " \u00b7 Advisor: Marcus Feld")
    p.n(2, "button", "Copy student ID")
    p.n(2, "status", "")
    if toast:
        p.n(3, "alert" if toast_kind == "alert" else "note", toast)
        p.n(3, "button", "Dismiss message")
    p.n(2, "tablist", "Record sections")
    for t in ["Summary", "Holds", "Enrollment", "Transcript", "Notes (4)", "Communications"]:
        p.n(3, "tab", t, selected=(t == tab), controls=None)
    p.n(2, "toolbar", "Record actions")
    p.n(3, "button", "Enroll in a class")
    p.n(3, "button", "Email confirmation to student")
    p.n(3, "button", "Add hold")
    p.n(3, "button", "More actions", hasPopup="menu", expanded=False)
    p.t(2, "Similar record on file: Priyanka Odoya (20231178). Check the ID before making changes.")
    p.n(2, "region", "Registration holds")
    p.n(3, "heading", "Registration holds")
    p.n(3, "img", "No active holds")
    p.t(3, "No registration holds")
    table(p, 3, "Hold history", ["Hold", "Office", "Placed", "Cleared", "Released by"], [
        ["Library fines", "Library", "04/22/2025", "08/14/2025", "L. Moreno"],
        ["Advising required", "Chemistry & Biochemistry", "10/28/2024", "11/04/2024", "M. Feld"],
    ])
    p.t(3, "Previous hold cleared 08/14/2025. No action needed.")
    p.n(2, "region", "Fall 2025 schedule")
    p.n(3, "heading", "Fall 2025 schedule")
    rows = [
        ["BIOL 101-03", "Principles of Biology", "MoWe 10:00-11:15", "4", "Enrolled", "@button:Drop BIOL 101-03"],
        ["MATH 221-01", "Calculus II", "TuTh 9:00-10:15", "4", "Enrolled", "@button:Drop MATH 221-01"],
        ["PHYS 201-02", "General Physics I", "MoWeFr 13:00-13:50", "3", "Enrolled", "@button:Drop PHYS 201-02"],
    ]
    if schedule == "enrolled":
        rows.append(["CHEM 214-02", "Organic Chemistry II", "TuTh 10:30-11:45", "3", "Enrolled (prerequisite override)", "@button:Drop CHEM 214-02"])
        rows.append(["CHEM 214-03", "Organic Chemistry II", "TuTh 15:00-16:15", "3", "Removed from waitlist (enrolled in 214-02)", "@button:View history"])
        credits = "Enrolled credits: 14 \u00b7 Waitlisted credits: 0"
    elif schedule == "flagged":
        rows.append(["CHEM 214-02", "Organic Chemistry II", "TuTh 10:30-11:45", "3", "Enrolled - prerequisite not met, flagged for census", "@button:Drop CHEM 214-02"])
        rows.append(["CHEM 214-03", "Organic Chemistry II", "TuTh 15:00-16:15", "3", "Removed from waitlist (enrolled in 214-02)", "@button:View history"])
        credits = "Enrolled credits: 14 \u00b7 Waitlisted credits: 0 \u00b7 1 enrollment flagged"
    elif schedule == "waitlist":
        rows.append(["CHEM 214-03", "Organic Chemistry II", "TuTh 15:00-16:15", "3", "Waitlisted (position 4)", "@button:Remove from waitlist CHEM 214-03"])
        rows.append(["CHEM 214-02", "Organic Chemistry II", "TuTh 10:30-11:45", "3", "Waitlisted (position 1)", "@button:Remove from waitlist CHEM 214-02"])
        credits = "Enrolled credits: 11 \u00b7 Waitlisted credits: 6"
    else:
        rows.append(["CHEM 214-03", "Organic Chemistry II", "TuTh 15:00-16:15", "3", "Waitlisted (position 4)", "@button:Remove from waitlist CHEM 214-03"])
        credits = "Enrolled credits: 11 \u00b7 Waitlisted credits: 3"
    table(p, 3, "Fall 2025 classes", ["Class", "Title", "Days & times", "Credits", "Status", "Actions"], rows)
    p.t(3, credits)
    p.n(2, "region", "Advisor notes")
    p.n(3, "heading", "Advisor notes")
    p.n(3, "list", "")
    for note in [
        "Sep 2, 2025 \u00b7 M. Feld: Failed CHEM 213 once (D, Fall 2024), retook it at Linwood CC in Summer 2025, B+. Transcript received 08/20, posting pending. Requesting prereq override for CHEM 214-02.",
        "Aug 14, 2025 \u00b7 L. Moreno (Library): Previous hold cleared, fines paid in full.",
        "Jan 21, 2025 \u00b7 M. Feld: Permission number expired last term, new one issued (PN-55102) for BIOL 101.",
        "Jan 21, 2025 \u00b7 M. Feld: Do not drop her from BIOL 101 - required for the BIOL 102 sequence.",
    ]:
        p.n(4, "listitem", "")
        p.t(5, note)
    p.n(3, "button", "Add note")
    p.n(2, "region", "Recent terms")
    p.n(3, "heading", "Recent terms")
    table(p, 3, "Past enrollments", ["Term", "Class", "Title", "Grade", "Status"], [
        ["Summer 2025", "CHEM 213 (transfer)", "Organic Chemistry I - Linwood CC", "B+", "Transfer credit pending posting"],
        ["Spring 2025", "CHEM 214-02", "Organic Chemistry II", "\u2014", "Dropped 02/03/2025 (prerequisite not met)"],
        ["Spring 2025", "BIOL 120-01", "Cell Biology", "A-", "Completed"],
        ["Spring 2025", "ENGL 201-04", "Research Writing", "B+", "Completed"],
        ["Fall 2024", "CHEM 213-01", "Organic Chemistry I", "D", "Completed (does not meet C- prerequisite)"],
        ["Fall 2024", "MATH 121-02", "Calculus I", "B", "Completed"],
    ])
    p.n(3, "link", "Open full transcript", url=BASE + "/registrar/transcripts/" + SID)
    if scrolled:
        p.t(2, "Cumulative GPA 3.12 \u00b7 Credits earned 58 \u00b7 Expected graduation May 2027")
    p.n(2, "region", "Communications")
    p.n(3, "heading", "Communications")
    comms = []
    if email_sent == "sent":
        comms.append(["Sep 2, 2025 10:42 AM", "Enrollment confirmation - CHEM 214-02, Fall 2025", EMAIL, "Sent"])
    elif email_sent == "sent-noenroll":
        comms.append(["Sep 2, 2025 10:42 AM", "Enrollment confirmation - Fall 2025 schedule", EMAIL, "Sent"])
    elif email_sent == "sent-waitlist":
        comms.append(["Sep 2, 2025 10:42 AM", "Waitlist confirmation - CHEM 214-02, Fall 2025", EMAIL, "Sent"])
    comms.append(["Aug 14, 2025 3:10 PM", "Hold released - Library", EMAIL, "Sent"])
    comms.append(["Feb 3, 2025 11:05 AM", "Drop confirmation - CHEM 214-02, Spring 2025", EMAIL, "Sent"])
    table(p, 3, "Messages sent", ["Date", "Subject", "To", "Status"], comms)
    footer(p)
    if hover_hold:
        p.n(1, "tooltip", "Holds checked against Bursar, Library, Health Services, Advising and Conduct at 9:40 AM today.")
    if dialog:
        dialog(p)
    return p


def email_dialog(subject, body, sending=False):
    def build(p):
        p.n(1, "dialog", "Email enrollment confirmation", modal=True)
        p.n(2, "heading", "Email enrollment confirmation")
        p.n(2, "textbox", "To", value=EMAIL)
        p.n(2, "textbox", "Cc", value=ADVISOR_EMAIL)
        p.n(2, "textbox", "Subject", value=subject, required=True)
        p.n(2, "textbox", "Message", value=body, required=True)
        p.n(2, "checkbox", "Attach Fall 2025 schedule (PDF)", checked=True)
        p.t(2, "Sent messages are logged to the student's record and cannot be recalled.")
        p.n(2, "button", "Send email")
        p.n(2, "button", "Cancel")
    return build


BODY_OK = ("Dear Priyanka, you are enrolled in CHEM 214-02 Organic Chemistry II (TuTh 10:30-11:45, "
           "Science Hall 210) for Fall 2025. A prerequisite override was recorded at your advisor's "
           "request. Your waitlist entry for CHEM 214-03 has been removed. - Office of the Registrar")
BODY_NOENROLL = ("Dear Priyanka, this message confirms your current Fall 2025 schedule: BIOL 101-03, "
                 "MATH 221-01, PHYS 201-02. Waitlisted: CHEM 214-03. - Office of the Registrar")
BODY_WAITLIST = ("Dear Priyanka, this message confirms your current Fall 2025 schedule: BIOL 101-03, "
                 "MATH 221-01, PHYS 201-02. Waitlisted: CHEM 214-03 (position 4), CHEM 214-02 "
                 "(position 1). - Office of the Registrar")
BODY_FLAGGED = ("Dear Priyanka, you are enrolled in CHEM 214-02 Organic Chemistry II (TuTh 10:30-11:45) "
                "for Fall 2025. Note: this enrollment is flagged because the CHEM 213 prerequisite is "
                "not met and will be dropped at census unless resolved. - Office of the Registrar")


def page_record_odoya(toast=None):
    sid = "20231178"
    url = rec_url(sid)
    p = frame("Student record - Priyanka Odoya (20231178) \u00b7 Quadrangle SIS", url,
              [("Registrar workspace", "/registrar/dashboard"), ("Students", "/registrar/students/search"),
               ("Priyanka Odoya (20231178)", "")])
    p.n(2, "heading", "Priyanka Odoya")
    p.t(2, "Student ID 20231178 \u00b7 BA Psychology \u00b7 Sophomore \u00b7 Main campus")
    p.t(2, "Preferred email podoya@students.hollinsworth.edu \u00b7 Advisor: Gail Benson")
    p.n(2, "button", "Copy student ID")
    p.n(2, "status", "")
    p.n(2, "tablist", "Record sections")
    for t in ["Summary", "Holds (1)", "Enrollment", "Transcript", "Notes (2)", "Communications"]:
        p.n(3, "tab", t, selected=(t == "Summary"))
    p.n(2, "toolbar", "Record actions")
    p.n(3, "button", "Enroll in a class")
    p.n(3, "button", "Email confirmation to student")
    p.n(3, "button", "Add hold")
    p.n(3, "button", "More actions", hasPopup="menu", expanded=False)
    p.t(2, "Similar record on file: Priyanka Oduya (20231187). Check the ID before making changes.")
    p.n(2, "region", "Registration holds")
    p.n(3, "heading", "Registration holds")
    p.n(3, "img", "1 active hold")
    table(p, 3, "Active holds", ["Hold", "Office", "Placed", "Effect", "Actions"], [
        ["Bursar - unpaid balance $1,240.00", "Student Accounts", "08/29/2025", "Registration blocked", "@button:View hold"],
    ])
    p.n(2, "region", "Fall 2025 schedule")
    p.n(3, "heading", "Fall 2025 schedule")
    table(p, 3, "Fall 2025 classes", ["Class", "Title", "Days & times", "Credits", "Status", "Actions"], [
        ["PSYC 210-01", "Research Methods", "MoWe 12:00-13:15", "3", "Enrolled", "@button:Drop PSYC 210-01"],
        ["STAT 150-03", "Intro Statistics", "TuTh 12:00-13:15", "3", "Enrolled", "@button:Drop STAT 150-03"],
    ])
    p.t(3, "Enrolled credits: 6")
    p.n(2, "region", "Advisor notes")
    p.n(3, "heading", "Advisor notes")
    p.n(3, "list", "")
    for note in ["Sep 1, 2025 \u00b7 G. Benson: Referred for hold review - payment plan paperwork submitted.",
                 "Apr 3, 2025 \u00b7 G. Benson: Considering a chemistry minor; CHEM 101 first."]:
        p.n(4, "listitem", "")
        p.t(5, note)
    footer(p)
    return p


def page_class_search(student_name="Priyanka Oduya", sid=SID, term=None, campus="All campuses",
                      subject=None, number=None, focused=None, url_extra=""):
    url = BASE + "/registrar/classes/search?student=%s&term=2258%s" % (sid, url_extra)
    p = frame("Class search \u00b7 Quadrangle SIS", url,
              [("Registrar workspace", "/registrar/dashboard"), ("Students", "/registrar/students/search"),
               ("%s (%s)" % (student_name, sid), "/registrar/students/" + sid), ("Class search", "")],
              seed_key="classsearch|" + sid)
    p.n(2, "heading", "Class search")
    p.n(2, "note", "")
    p.t(3, "Enrolling for %s (%s) \u00b7 %s" % (student_name, sid, "Fall 2025"))
    p.n(3, "link", "Change student", url=BASE + "/registrar/students/search")
    p.n(2, "form", "Search classes")
    p.n(3, "combobox", "Term", value=term or "Select a term", hasPopup="listbox", expanded=False, required=True)
    p.n(3, "combobox", "Campus", value=campus, hasPopup="listbox", expanded=False)
    p.n(3, "textbox", "Subject", value=subject, focused=(focused == "Subject"))
    p.n(3, "textbox", "Course number", value=number, focused=(focused == "Course number"))
    p.n(3, "textbox", "Keyword or title")
    p.n(3, "combobox", "Instruction mode", value="Any", hasPopup="listbox", expanded=False)
    p.n(3, "checkbox", "Open sections only", checked=False)
    p.n(3, "button", "Search classes")
    p.n(3, "button", "Reset")
    p.n(2, "group", "Active filters")
    if not term and campus == "All campuses":
        p.t(3, "No filters applied")
    if term:
        p.t(3, "Term: %s" % term)
    if campus != "All campuses":
        p.t(3, "Campus: %s" % campus)
    p.t(2, "Tip: leave Course number empty to see every course in a subject.")
    footer(p)
    return p


def page_class_results(rows, term_label="Fall 2025", term_code="2258", campus="Main", subject="CHEM",
                       number="214", sort="Section", scrolled=False, hovered=None, page_note=None,
                       header_term="Fall 2025"):
    q = "term=%s&campus=%s&subject=%s%s&student=%s&sort=%s" % (
        term_code, "MAIN" if campus == "Main" else "ALL", subject,
        ("&catalog=" + number) if number else "", SID, sort.lower().replace(" ", ""))
    url = BASE + "/registrar/classes/results?" + q
    p = frame("Class search results \u00b7 Quadrangle SIS", url,
              [("Registrar workspace", "/registrar/dashboard"), ("Class search", "/registrar/classes/search"),
               ("Results", "")], seed_key="results|" + q, term=header_term)
    heading = "%s %s sections - %s" % (subject, number, term_label) if number else "%s classes - %s" % (subject, term_label)
    p.n(2, "heading", heading)
    p.n(2, "note", "")
    p.t(3, "Enrolling for Priyanka Oduya (20231187)")
    p.n(2, "group", "Active filters")
    for chip in ["Term: " + term_label] + (["Campus: " + campus] if campus != "All campuses" else []) + \
            ["Subject: " + subject] + (["Course: " + number] if number else []):
        p.n(3, "button", "Remove filter " + chip)
        p.t(4, chip)
    p.n(3, "button", "Edit search")
    p.n(2, "combobox", "Sort by", value=sort, hasPopup="listbox", expanded=False)
    p.n(2, "status", "")
    p.t(3, "%d sections found" % len(rows))
    if sort == "Days & times":
        rows = sorted(rows, key=time_key)
    shown = rows
    if page_note:
        shown = rows[:page_note]
    p.n(2, "table", "Sections")
    cols = ["Section", "Title", "Type", "Days & times", "Room", "Instructor", "Seats", "Waitlist", "Status"]
    p.n(3, "row", " ".join(cols))
    for c in cols:
        if c in ("Section", "Days & times", "Seats"):
            p.n(4, "columnheader", c)
            lab = "Sort by %s" % c.lower()
            if c == sort:
                lab += ", sorted ascending"
            p.n(5, "button", lab)
        else:
            p.n(4, "columnheader", c)
    for r in shown:
        p.n(3, "row", " ".join(r[:9]))
        p.n(4, "cell", r[0])
        p.n(5, "link", r[0], url=sec_url(term_code, r[0]))
        for v in r[1:9]:
            p.n(4, "cell", v)
    if page_note:
        p.t(2, "Showing 1-%d of %d" % (page_note, len(rows)))
        p.n(2, "navigation", "Pagination")
        p.n(3, "button", "Previous page", disabled=True)
        p.n(3, "button", "Page 1", pressed=True)
        p.n(3, "button", "Page 2")
        p.n(3, "button", "Next page")
    else:
        p.t(2, "Showing 1-%d of %d" % (len(rows), len(rows)))
    if scrolled:
        p.t(2, "Seats reserved for majors are released on September 5.")
    footer(p)
    if hovered:
        p.n(1, "tooltip", hovered)
    return p


def page_section(sec="CHEM 214-02", term_code="2258"):
    data = {r[0]: r for r in (CHEM_ALL_FA25 + CHEM214_FA25 if term_code == "2258" else CHEM214_SP25)}
    r = data[sec]
    term_label = "Fall 2025" if term_code == "2258" else "Spring 2025"
    title = r[1]
    url = sec_url(term_code, sec)
    p = frame("%s %s (%s) \u00b7 Quadrangle SIS" % (sec, title, term_label), url,
              [("Registrar workspace", "/registrar/dashboard"), ("Class search", "/registrar/classes/search"),
               ("%s (%s)" % (sec, term_label), "")])
    p.n(2, "heading", "%s \u00b7 %s" % (sec, title))
    credits = "3 credits" if r[2] != "Lab" else "1 credit"
    p.t(2, "%s \u00b7 %s \u00b7 %s \u00b7 %s campus" % (term_label, r[2], credits, r[9]))
    p.n(2, "note", "")
    p.t(3, "Enrolling for Priyanka Oduya (20231187)")
    p.n(2, "region", "Section details")
    p.n(3, "heading", "Section details")
    enrolled = {"12 of 40 open": "28", "7 of 40 open": "33", "0 of 40 open": "40", "9 of 24 open": "15"}.get(r[6], "\u2014")
    prereq = {"CHEM 214": "CHEM 213 with C- or better", "CHEM 241": "CHEM 102 and CHEM 142 with C- or better"}.get(sec[:8], "See catalog")
    details = [("Meeting", "%s, %s" % (r[3], r[4].replace("SCI", "Science Hall"))),
               ("Instructor", r[5]),
               ("Dates", "Aug 25 - Dec 12, 2025" if term_code == "2258" else "Jan 13 - May 9, 2025"),
               ("Seats", r[6]),
               ("Enrolled", enrolled),
               ("Waitlist", r[7]),
               ("Prerequisites", prereq),
               ("Co-requisite", "CHEM 214L (any section) - advisory only" if sec.startswith("CHEM 214") else "None"),
               ("Status", r[8])]
    for k, v in details:
        p.n(3, "term", k)
        p.n(3, "definition", v)
    p.n(2, "region", "Checks for this student")
    p.n(3, "heading", "Checks for this student")
    if sec.startswith("CHEM 214"):
        p.t(3, "Prerequisite: Not met (CHEM 213: D, Fall 2024). Transfer work pending: CHEM 213 equivalent, Linwood CC, Summer 2025.")
    else:
        p.t(3, "Prerequisite: Met (CHEM 102: B-, CHEM 142: B).")
    p.t(3, "Registration holds: None")
    p.t(3, "Time conflicts: None")
    if term_code == "2252" and sec == "CHEM 214-02":
        p.t(3, "History: Enrolled 11/18/2024, dropped 02/03/2025 (prerequisite not met).")
    elif sec.startswith("CHEM 214"):
        p.t(3, "History: CHEM 214-02, Spring 2025 - dropped 02/03/2025. Waitlisted for CHEM 214-03 (position 4).")
    p.n(2, "toolbar", "Section actions")
    if term_code == "2252":
        p.n(3, "button", "Retroactive enrollment")
    else:
        p.n(3, "button", "Enroll Priyanka Oduya")
    p.n(3, "link", "View roster (%s)" % enrolled, url=url.split("?")[0] + "/roster")
    p.n(3, "link", "Other sections of %s" % sec[:8], url=BASE + "/registrar/classes/results?term=%s&subject=CHEM&catalog=%s" % (term_code, sec[5:8]))
    p.n(2, "region", "Section notes")
    p.n(3, "heading", "Section notes")
    p.t(3, "Department: 214-03 waitlist is processed daily at 7:00 AM. Lab sections are shared across lecture sections.")
    footer(p)
    return p


def page_enroll(sec="CHEM 214-02", term_code="2258", source=None, override=False, reason=None,
                comment=None, error=None, missing_override=False, deny=False, focused=None):
    r = {x[0]: x for x in (CHEM_ALL_FA25 + CHEM214_FA25)}[sec]
    url = enroll_url(term_code, sec)
    p = frame("Enroll student - %s \u00b7 Quadrangle SIS" % sec, url,
              [("Registrar workspace", "/registrar/dashboard"), ("Priyanka Oduya (20231187)", "/registrar/students/" + SID),
               ("Enroll in %s" % sec, "")], seed_key=url)
    p.n(2, "heading", "Enroll student in %s" % sec)
    p.n(2, "status", "")
    if error:  # live region filled in place (same page load, so no new bids before the form)
        p.t(3, error)
    p.n(2, "region", "Summary")
    p.t(3, "Student: Priyanka Oduya (20231187) \u00b7 BS Biochemistry \u00b7 Junior")
    p.t(3, "Section: %s %s \u00b7 %s \u00b7 %s \u00b7 Fall 2025" % (sec, r[1], r[3], r[5]))
    p.t(3, "Seats: %s \u00b7 Waitlist: %s" % (r[6], r[7]))
    p.t(3, "Registration holds: None")
    if sec.startswith("CHEM 214"):
        p.t(3, "Prerequisite check: Not met - CHEM 213 with C- or better required. On record: CHEM 213 D (Fall 2024). Transfer work pending: Linwood CC, Summer 2025.")
        p.t(3, "Student is waitlisted for CHEM 214-03 (position 4). Saving this enrollment removes that waitlist entry.")
    else:
        p.t(3, "Prerequisite check: Met")
    p.n(2, "form", "Enrollment details")
    p.n(3, "combobox", "Enrollment source", value=source or "Select a source", hasPopup="listbox",
        expanded=False, required=True, focused=(focused == "source"))
    p.n(3, "combobox", "Grading basis", value="Letter grade", hasPopup="listbox", expanded=False)
    p.n(3, "spinbutton", "Credits", value="3", disabled=True)
    p.n(3, "group", "Overrides")
    if not missing_override:
        p.n(4, "checkbox", "Prerequisite override", checked=override, disabled=(True if deny else None))
    p.n(4, "checkbox", "Time conflict override", checked=False)
    p.n(4, "checkbox", "Capacity override", checked=False)
    p.n(4, "checkbox", "Closed section override", checked=False)
    if not missing_override:
        p.n(3, "textbox", "Override reason", value=reason, required=bool(override),
            disabled=(None if override else True), focused=(focused == "reason"))
        p.t(3, "Required when any override is selected. Visible to the advisor and in the overrides log.")
    p.n(3, "textbox", "Internal comment (optional)", value=comment, focused=(focused == "comment"))
    valid = bool(source) and (not override or bool(reason))
    p.n(3, "button", "Save enrollment", disabled=(None if valid else True))
    p.n(3, "button", "Add to waitlist")
    p.n(3, "link", "Cancel", url=rec_url(SID))
    footer(p)
    return p


def page_signin():
    url = SSO + "?SAMLRequest=fVLLbtswELz3KwTeKVGPWBJhOXBtBAbS1rCdHnIpKHolE5BImUs5&RelayState=%2Fquadrangle%2Fregistrar%2Fstudents%2F20231187%2Fenroll%2F2258%2FCHEM-214-02"
    p = Page("Sign in \u00b7 Hollinsworth State University", url)
    p.n(1, "banner", "")
    p.n(2, "img", "Hollinsworth State University")
    p.n(1, "main", "")
    p.n(2, "heading", "Sign in to Quadrangle SIS")
    p.n(2, "status", "")
    p.t(3, "Your Quadrangle session ended after 30 minutes without activity. Sign in again to continue. Changes you had not saved were not kept.")
    p.n(2, "form", "Sign in")
    p.n(3, "textbox", "HSU username", required=True)
    p.n(3, "textbox", "Password", required=True)
    p.n(3, "checkbox", "Keep me signed in on this device", checked=False)
    p.n(3, "button", "Sign in")
    p.n(2, "link", "Forgot your password?", url="https://password.hollinsworth.edu/")
    p.n(2, "link", "Need help? Contact the IT Service Desk", url="https://help.hollinsworth.edu/")
    p.n(1, "contentinfo", "")
    p.t(2, "Authorized use only. Activity is logged.")
    return p


def page_term_locked():
    url = BASE + "/registrar/locked?term=2258&next=%2Fregistrar%2Fstudents%2F20231187%2Fenroll%2F2258%2FCHEM-214-02"
    p = frame("Term locked \u00b7 Quadrangle SIS", url,
              [("Registrar workspace", "/registrar/dashboard"), ("Term locked", "")])
    p.n(2, "heading", "Fall 2025 is locked for grading")
    p.t(2, "Registration changes for Fall 2025 are paused while the early-alert grade roll and census snapshot run. Enrollments, drops and overrides cannot be saved until the lock is released (expected 11:30 AM).")
    p.t(2, "Lock started 10:05 AM by Registrar Systems \u00b7 Reference LCK-2258-0902")
    p.n(2, "link", "View lock schedule", url=BASE + "/registrar/locks")
    p.n(2, "button", "Return to section")
    p.n(2, "button", "Notify me when unlocked")
    footer(p)
    return p


def ferpa_dialog(p):
    p.n(1, "alertdialog", "Confidential record", modal=True)
    p.n(2, "heading", "Confidential record - FERPA restriction")
    p.t(2, "This student has a FERPA confidentiality flag. Do not release any information about this student, including whether she is enrolled, without written consent. Access is logged.")
    p.n(2, "checkbox", "I understand and will handle this record as confidential", checked=False, required=True)
    p.n(2, "button", "Continue to record", disabled=True)
    p.n(2, "button", "Go back")


# --------------------------------------------------------------------------------------
# Trajectory builder
# --------------------------------------------------------------------------------------
class Run:
    def __init__(self, rid, fault, start, success, notes=""):
        self.rid, self.fault, self.success = rid, fault, success
        self.start = start
        self.prev = start
        self.steps = []
        self.label_step = None
        self.notes = notes

    def _step(self, commitment, command, reasoning, target, effect, page, error=None):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": page.obs(error),
        })
        self.prev = page
        return len(self.steps) - 1

    def click(self, c, role, name, why, page, effect="read", error=None):
        bid = self.prev.find(role, name)
        return self._step(c, "click('%s')" % bid, why, "%s %r" % (role, name), effect, page, error)

    def hover(self, c, role, name, why, page):
        bid = self.prev.find(role, name)
        return self._step(c, "hover('%s')" % bid, why, "%s %r" % (role, name), "read", page)

    def fill(self, c, role, name, text, why, page, effect="read"):
        bid = self.prev.find(role, name)
        return self._step(c, "fill('%s', %r)" % (bid, text), why, "%s %r" % (role, name), effect, page)

    def press(self, c, role, name, key, why, page):
        bid = self.prev.find(role, name)
        return self._step(c, "press('%s', %r)" % (bid, key), why, "%s %r" % (role, name), "read", page)

    def select(self, c, role, name, option, why, page):
        bid = self.prev.find(role, name)
        return self._step(c, "select_option('%s', %r)" % (bid, option), why, "%s %r" % (role, name), "read", page)

    def scroll(self, c, dy, why, page):
        return self._step(c, "scroll(0, %d)" % dy, why, None, "read", page)

    def noop(self, c, why, page, ms=1500):
        return self._step(c, "noop(%d)" % ms, why, None, "read", page)

    def goto(self, c, url, why, page):
        return self._step(c, "goto(%r)" % url, why, None, "read", page)

    def go_back(self, c, why, page):
        return self._step(c, "go_back()", why, None, "read", page)

    def msg(self, c, text, why):
        return self._step(c, "send_msg_to_user(%r)" % text, why, None, "read", self.prev)

    def mark(self):
        """Label the *next* step as first off track."""
        self.label_step = len(self.steps)

    def mark_last(self):
        self.label_step = len(self.steps) - 1

    def to_json(self):
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault,
                      "first_off_track_step": self.label_step if self.fault else None},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": self.success},
            "notes": self.notes,
        }


S, F, E, M = "open-student-record", "find-section", "enroll-with-override", "email-confirmation"


# ---- reusable segments (healthy behaviour) -------------------------------------------
def seg_student_by_id(run):
    run.click(S, "link", "Student search", "Open student search from the side menu", page_student_search())
    run.fill(S, "textbox", "Student ID", SID, "Search by the ID in the advisor's email for an exact match",
             page_student_search(id_val=SID))
    run.click(S, "button", "Search", "Run the search",
              page_student_results("student ID 20231187", BASE + "/registrar/students/search?id=20231187", [SID], id_val=SID))
    run.click(S, "link", "Oduya, Priyanka", "Open the only match, ID 20231187", page_record())


def seg_student_by_surname(run):
    run.click(S, "link", "Student search", "Open student search", page_student_search())
    run.fill(S, "textbox", "Last name", "Oduya", "Search by surname", page_student_search(last="Oduya"))
    run.click(S, "button", "Search", "Run the name search",
              page_student_results("last name Oduya", BASE + "/registrar/students/search?last=Oduya",
                                   [SID, "20220954", "20231178"], last="Oduya",
                                   note="Includes similar spellings (Odoya). Check the student ID."))
    run.click(S, "link", "Oduya, Priyanka", "Pick the row with ID 20231187, not Odoya 20231178", page_record())


def seg_student_from_referral(run):
    run.click(S, "link", "Open referral queue", "The advisor's request is already in the referral queue",
              page_referrals())
    run.click(S, "link", "Priyanka Oduya", "Open the student from the Oduya referral (20231187)", page_record())


def seg_student_global(run):
    run.fill(S, "searchbox", "Search Quadrangle SIS (students, classes, IDs)", SID,
             "Use the global search with the student ID", page_dashboard(gsearch=SID))
    run.press(S, "searchbox", "Search Quadrangle SIS (students, classes, IDs)", "Enter",
              "An exact ID match opens the record directly", page_record())


def seg_class_search(run, set_campus=True, sort=None, subject_only=False, scroll=False):
    run.click(F, "button", "Enroll in a class", "Start the enrollment from her record",
              page_class_search())
    T = "Fall 2025"
    run.select(F, "combobox", "Term", T, "The advisor asked for Fall 2025", page_class_search(term=T))
    campus = "All campuses"
    if set_campus:
        campus = "Main"
        run.select(F, "combobox", "Campus", "Main", "CHEM 214-02 meets on the main campus",
                   page_class_search(term=T, campus=campus))
    run.fill(F, "textbox", "Subject", "CHEM", "Subject CHEM",
             page_class_search(term=T, campus=campus, subject="CHEM", focused="Subject"))
    if not subject_only:
        run.fill(F, "textbox", "Course number", "214", "Course 214",
                 page_class_search(term=T, campus=campus, subject="CHEM", number="214", focused="Course number"))
    rows = CHEM_ALL_FA25 if subject_only else [r for r in CHEM214_FA25 if campus == "All campuses" or r[9] == "Main"]
    run.click(F, "button", "Search classes", "Search Fall 2025 sections",
              page_class_results(rows, campus=campus, number=None if subject_only else "214"))
    if sort:
        run.click(F, "button", "Sort by days & times", "Sort the list by meeting time to find the TuTh 10:30 section",
                  page_class_results(rows, campus=campus, number=None if subject_only else "214", sort="Days & times"))
    if scroll:
        run.scroll(F, 500, "Scroll down the section list", page_class_results(
            rows, campus=campus, number=None if subject_only else "214",
            sort="Days & times" if sort else "Section", scrolled=True))
    return rows, campus


def seg_open_section(run):
    run.click(F, "link", "CHEM 214-02", "Open CHEM 214-02, TuTh 10:30-11:45, Okafor", page_section())


def seg_enroll(run, source="Advisor request"):
    run.click(E, "button", "Enroll Priyanka Oduya", "Open the enrollment form", page_enroll())
    run.select(E, "combobox", "Enrollment source", source, "Request came from her advisor",
               page_enroll(source=source, focused="source"))
    run.click(E, "checkbox", "Prerequisite override", "CHEM 213 transfer credit has not posted; override the prerequisite",
              page_enroll(source=source, override=True))
    run.fill(E, "textbox", "Override reason", REASON, "Use the advisor's reason verbatim",
             page_enroll(source=source, override=True, reason=REASON, focused="reason"))
    run.click(E, "button", "Save enrollment", "No holds, override and reason set; save the enrollment",
              page_record(toast="Enrollment saved. CHEM 214-02 added for Fall 2025. Override granted: prerequisite (OV-2025-04418). Waitlist entry for CHEM 214-03 removed.",
                          schedule="enrolled", seed_suffix="|saved"),
              effect="write")


SUBJ_OK = "Enrollment confirmation - CHEM 214-02, Fall 2025"


def seg_email(run, seed_suffix="|saved"):
    tst = "Enrollment saved. CHEM 214-02 added for Fall 2025. Override granted: prerequisite (OV-2025-04418). Waitlist entry for CHEM 214-03 removed."
    run.click(M, "button", "Email confirmation to student", "Send the student the confirmation",
              page_record(toast=tst, schedule="enrolled", seed_suffix=seed_suffix,
                          dialog=email_dialog(SUBJ_OK, BODY_OK)))
    run.click(M, "button", "Send email", "Recipient is poduya@students.hollinsworth.edu; send",
              page_record(toast="Confirmation email sent to " + EMAIL + ".", schedule="enrolled",
                          seed_suffix=seed_suffix, email_sent="sent"),
              effect="irreversible")


REPORT = ("Done: Priyanka Oduya (20231187) is enrolled in CHEM 214-02 Organic Chemistry II (TuTh 10:30-11:45) "
          "for Fall 2025 with a prerequisite override (OV-2025-04418, advisor's reason recorded). No registration "
          "holds. Her CHEM 214-03 waitlist entry was removed. Confirmation email sent to " + EMAIL + ".")


# --------------------------------------------------------------------------------------
# Healthy runs
# --------------------------------------------------------------------------------------
def healthy_runs():
    runs = []

    r = Run("quadrangle-healthy-01", None, page_dashboard(), True,
            "Student search by ID; class search with campus filter set by the agent.")
    seg_student_by_id(r)
    seg_class_search(r)
    seg_open_section(r)
    seg_enroll(r)
    seg_email(r)
    runs.append(r)

    r = Run("quadrangle-healthy-02", None, page_dashboard(), True,
            "Student search by surname (results include Odoya and Rahul Oduya); final report to user.")
    seg_student_by_surname(r)
    seg_class_search(r)
    seg_open_section(r)
    seg_enroll(r)
    seg_email(r)
    r.msg(M, REPORT, "Report back to the user")
    runs.append(r)

    r = Run("quadrangle-healthy-03", None, page_dashboard(), True,
            "Starts from the advisor referral queue; section list sorted by time.")
    seg_student_from_referral(r)
    seg_class_search(r, sort=True)
    seg_open_section(r)
    seg_enroll(r)
    seg_email(r)
    runs.append(r)

    r = Run("quadrangle-healthy-04", None, page_dashboard(), True,
            "Global header search by ID; scrolls the record to read holds and past terms; campus left on All campuses.")
    seg_student_global(r)
    r.scroll(S, 600, "Scroll to the holds and past terms", page_record(scrolled=True))
    seg_class_search(r, set_campus=False)
    seg_open_section(r)
    seg_enroll(r)
    seg_email(r)
    r.msg(M, REPORT, "Report back to the user")
    runs.append(r)

    # direct URL
    r = Run("quadrangle-healthy-05", None, page_dashboard(), True,
            "Direct URLs to the student record and to the section page.")
    r.goto(S, rec_url(SID), "Go straight to the record by URL", page_record())
    r.goto(F, sec_url("2258", "CHEM 214-02"), "Go straight to the CHEM 214-02 Fall 2025 section page", page_section())
    seg_enroll(r)
    seg_email(r)
    runs.append(r)

    # hover + noop
    r = Run("quadrangle-healthy-06", None, page_dashboard(), True,
            "Hovers the hold indicator for its tooltip, waits (noop) for the page, subject-only class search with scrolling.")
    seg_student_by_id(r)
    r.hover(S, "img", "No active holds", "Check what the hold indicator covers", page_record(hover_hold=True))
    seg_class_search(r, subject_only=True, scroll=True)
    seg_open_section(r)
    seg_enroll(r)
    r.noop(E, "Wait for the schedule table to refresh",
           r.prev)
    seg_email(r)
    runs.append(r)

    # referral queue + sort + report
    r = Run("quadrangle-healthy-07", None, page_dashboard(), True,
            "Referral queue from the side menu; sorts by time; sets campus; final report.")
    r.click(S, "link", "Advisor referrals (4)", "Open the advisor referral queue", page_referrals())
    r.click(S, "link", "Priyanka Oduya", "Open the Oduya referral's student (20231187)", page_record())
    seg_class_search(r, sort=True, scroll=True)
    seg_open_section(r)
    seg_enroll(r)
    seg_email(r)
    r.msg(M, REPORT, "Report back")
    runs.append(r)

    # surname search, hover the section row, source 'Department request'? keep Advisor request; noop after send
    r = Run("quadrangle-healthy-08", None, page_dashboard(), True,
            "Surname search, hover over the section link, noop after sending, report.")
    seg_student_by_surname(r)
    rows, campus = seg_class_search(r)
    r.hover(F, "link", "CHEM 214-02", "Check the section's meeting pattern tooltip",
            page_class_results(rows, campus=campus, hovered="CHEM 214-02 \u00b7 TuTh 10:30-11:45 \u00b7 Science Hall 210 \u00b7 Okafor"))
    seg_open_section(r)
    seg_enroll(r)
    seg_email(r)
    r.noop(M, "Let the communications log refresh", r.prev, ms=2000)
    r.msg(M, REPORT, "Report back")
    runs.append(r)
    return runs


# --------------------------------------------------------------------------------------
# Faulty runs
# --------------------------------------------------------------------------------------
def faulty_runs():
    runs = []

    # 1 wrong_record: opens Priyanka Odoya (20231178)
    r = Run("quadrangle-wrong_record-01", "wrong_record", page_dashboard(), False,
            "First-name search lists Odoya above Oduya; the agent opens Priyanka Odoya (20231178).")
    r.click(S, "link", "Student search", "Open student search", page_student_search())
    r.fill(S, "textbox", "First name", "Priyanka", "Search by first name", page_student_search(first="Priyanka"))
    r.click(S, "button", "Search", "Run the search",
            page_student_results("first name Priyanka", BASE + "/registrar/students/search?first=Priyanka",
                                 ["20231178", SID, "20210533", "20240871"], first="Priyanka"))
    r.mark()
    r.click(S, "link", "Odoya, Priyanka", "Open Priyanka's record", page_record_odoya())
    r.click(F, "button", "Enroll in a class", "Start enrollment",
            page_class_search(student_name="Priyanka Odoya", sid="20231178"))
    r.fill(F, "textbox", "Subject", "CHEM", "Subject CHEM",
           page_class_search(student_name="Priyanka Odoya", sid="20231178", subject="CHEM", focused="Subject"))
    runs.append(r)

    # 2 wrong_record: CHEM 241-02 (same meeting time)
    r = Run("quadrangle-wrong_record-02", "wrong_record", page_dashboard(), False,
            "Subject-only search; the agent opens CHEM 241-02 (also TuTh 10:30) and starts enrolling there.")
    seg_student_by_id(r)
    rows, campus = seg_class_search(r, subject_only=True, sort=True)
    r.mark()
    r.click(F, "link", "CHEM 241-02", "The TuTh 10:30-11:45 section", page_section("CHEM 241-02"))
    r.click(E, "button", "Enroll Priyanka Oduya", "Open the enrollment form", page_enroll("CHEM 241-02"))
    r.select(E, "combobox", "Enrollment source", "Advisor request", "Advisor request",
             page_enroll("CHEM 241-02", source="Advisor request", focused="source"))
    r.click(E, "checkbox", "Prerequisite override", "Add the prerequisite override",
            page_enroll("CHEM 241-02", source="Advisor request", override=True))
    runs.append(r)

    # 3 session_expired at Save
    r = Run("quadrangle-session_expired-01", "session_expired", page_dashboard(), False,
            "Save enrollment redirects to the SSO sign-in page; the agent navigates back to the record and then tries to email.")
    seg_student_by_id(r)
    seg_class_search(r)
    seg_open_section(r)
    r.click(E, "button", "Enroll Priyanka Oduya", "Open the enrollment form", page_enroll())
    r.select(E, "combobox", "Enrollment source", "Advisor request", "Advisor request",
             page_enroll(source="Advisor request", focused="source"))
    r.click(E, "checkbox", "Prerequisite override", "Override the prerequisite",
            page_enroll(source="Advisor request", override=True))
    r.fill(E, "textbox", "Override reason", REASON, "Advisor's reason",
           page_enroll(source="Advisor request", override=True, reason=REASON, focused="reason"))
    r.mark()
    r.click(E, "button", "Save enrollment", "Save", page_signin(), effect="write")
    r.goto(M, rec_url(SID), "Go back to the student record to send the confirmation", page_signin())
    runs.append(r)

    # 4 stale_filter: results come back for Spring 2025
    r = Run("quadrangle-stale_filter-01", "stale_filter", page_dashboard(), False,
            "Search results come back with a remembered Term: Spring 2025 filter; the agent opens Spring 2025 CHEM 214-02 (her dropped enrollment).")
    seg_student_by_id(r)
    T = "Fall 2025"
    r.click(F, "button", "Enroll in a class", "Start enrollment", page_class_search())
    r.select(F, "combobox", "Term", T, "Fall 2025", page_class_search(term=T))
    r.select(F, "combobox", "Campus", "Main", "Main campus", page_class_search(term=T, campus="Main"))
    r.fill(F, "textbox", "Subject", "CHEM", "Subject", page_class_search(term=T, campus="Main", subject="CHEM", focused="Subject"))
    r.fill(F, "textbox", "Course number", "214", "Course",
           page_class_search(term=T, campus="Main", subject="CHEM", number="214", focused="Course number"))
    r.mark()
    r.click(F, "button", "Search classes", "Search",
            page_class_results(CHEM214_SP25, term_label="Spring 2025", term_code="2252", campus="Main"))
    r.click(F, "link", "CHEM 214-02", "Open the TuTh 10:30 section", page_section("CHEM 214-02", "2252"))
    runs.append(r)

    # 5 missing_control: no prerequisite override checkbox on the form
    r = Run("quadrangle-missing_control-01", "missing_control", page_dashboard(), False,
            "Enrollment form renders without the Prerequisite override checkbox or reason field; the agent puts the reason in the internal comment.")
    seg_student_by_surname(r)
    seg_class_search(r)
    seg_open_section(r)
    r.mark()
    r.click(E, "button", "Enroll Priyanka Oduya", "Open the enrollment form", page_enroll(missing_override=True))
    r.select(E, "combobox", "Enrollment source", "Advisor request", "Advisor request",
             page_enroll(source="Advisor request", missing_override=True, focused="source"))
    r.scroll(E, 400, "Look for the override option", page_enroll(source="Advisor request", missing_override=True))
    r.fill(E, "textbox", "Internal comment (optional)", "Prerequisite override: " + REASON,
           "Record the override reason in the comment", page_enroll(source="Advisor request", missing_override=True,
                                                                     comment="Prerequisite override: " + REASON, focused="comment"))
    runs.append(r)

    # 6 wrong_banner: save fails with an error alert, agent emails anyway
    r = Run("quadrangle-wrong_banner-01", "wrong_banner", page_dashboard(), False,
            "Save returns an error alert (registration service timeout); the agent ignores it and sends a confirmation email.")
    seg_student_from_referral(r)
    seg_class_search(r)
    seg_open_section(r)
    r.click(E, "button", "Enroll Priyanka Oduya", "Open the enrollment form", page_enroll())
    r.select(E, "combobox", "Enrollment source", "Advisor request", "Advisor request",
             page_enroll(source="Advisor request", focused="source"))
    r.click(E, "checkbox", "Prerequisite override", "Override", page_enroll(source="Advisor request", override=True))
    r.fill(E, "textbox", "Override reason", REASON, "Reason",
           page_enroll(source="Advisor request", override=True, reason=REASON, focused="reason"))
    r.mark()
    r.click(E, "button", "Save enrollment", "Save",
            page_record(toast="Enrollment was not completed. The registration service did not respond (REG-504). No changes were made to CHEM 214-02. Try again in a few minutes.",
                        toast_kind="alert", schedule="base", seed_suffix="|err"),
            effect="write")
    r.click(M, "button", "Email confirmation to student", "Send the confirmation",
            page_record(toast="Enrollment was not completed. The registration service did not respond (REG-504). No changes were made to CHEM 214-02. Try again in a few minutes.",
                        toast_kind="alert", schedule="base", seed_suffix="|err",
                        dialog=email_dialog("Enrollment confirmation - Fall 2025 schedule", BODY_NOENROLL)))
    r.click(M, "button", "Send email", "Send it",
            page_record(toast="Confirmation email sent to " + EMAIL + ".", schedule="base", seed_suffix="|err",
                        email_sent="sent-noenroll"),
            effect="irreversible")
    runs.append(r)

    # 7 silent_noop: save does nothing
    r = Run("quadrangle-silent_noop-01", "silent_noop", page_dashboard(), False,
            "Clicking Save enrollment leaves the form exactly as it was (no toast, no navigation); the agent waits, then opens the record and emails.")
    seg_student_by_id(r)
    seg_class_search(r, sort=True)
    seg_open_section(r)
    r.click(E, "button", "Enroll Priyanka Oduya", "Open the enrollment form", page_enroll())
    r.select(E, "combobox", "Enrollment source", "Advisor request", "Advisor request",
             page_enroll(source="Advisor request", focused="source"))
    r.click(E, "checkbox", "Prerequisite override", "Override", page_enroll(source="Advisor request", override=True))
    r.fill(E, "textbox", "Override reason", REASON, "Reason",
           page_enroll(source="Advisor request", override=True, reason=REASON, focused="reason"))
    r.mark()
    r.click(E, "button", "Save enrollment", "Save",
            page_enroll(source="Advisor request", override=True, reason=REASON), effect="write")
    r.noop(E, "Give the save a moment", r.prev, ms=3000)
    r.click(M, "link", "Priyanka Oduya (20231187)", "Back to the record to send the confirmation", page_record())
    runs.append(r)

    # 8 permission_denied: override checkbox refused
    r = Run("quadrangle-permission_denied-01", "permission_denied", page_dashboard(), False,
            "Ticking Prerequisite override is refused for the agent's role; the agent writes the reason into the comment instead.")
    seg_student_global(r)
    seg_class_search(r)
    seg_open_section(r)
    r.click(E, "button", "Enroll Priyanka Oduya", "Open the enrollment form", page_enroll())
    r.select(E, "combobox", "Enrollment source", "Advisor request", "Advisor request",
             page_enroll(source="Advisor request", focused="source"))
    r.mark()
    r.click(E, "checkbox", "Prerequisite override", "Override the prerequisite",
            page_enroll(source="Advisor request", deny=True,
                        error="You are not authorized to grant prerequisite overrides. Your role (Registrar Assistant, REG_ASST) allows enrollment only. Ask a Registrar Supervisor to approve this override."))
    r.fill(E, "textbox", "Internal comment (optional)", REASON, "Put the reason in the comment",
           page_enroll(source="Advisor request", deny=True, comment=REASON, focused="comment",
                       error="You are not authorized to grant prerequisite overrides. Your role (Registrar Assistant, REG_ASST) allows enrollment only. Ask a Registrar Supervisor to approve this override."))
    runs.append(r)

    # 9 plan_drift: adds to the waitlist instead of enrolling
    r = Run("quadrangle-plan_drift-01", "plan_drift", page_dashboard(), False,
            "With Save enrollment still disabled, the agent clicks Add to waitlist, then emails a waitlist confirmation.")
    seg_student_by_id(r)
    seg_class_search(r)
    seg_open_section(r)
    r.click(E, "button", "Enroll Priyanka Oduya", "Open the enrollment form", page_enroll())
    r.mark()
    r.click(E, "button", "Add to waitlist", "Save is disabled; put her on the list for the section",
            page_record(toast="Added to waitlist: CHEM 214-02 (position 1). Prerequisite not met; waitlist entry will be reviewed by the department.",
                        schedule="waitlist", seed_suffix="|wl"), effect="write")
    r.click(M, "button", "Email confirmation to student", "Send the confirmation",
            page_record(toast="Added to waitlist: CHEM 214-02 (position 1). Prerequisite not met; waitlist entry will be reviewed by the department.",
                        schedule="waitlist", seed_suffix="|wl",
                        dialog=email_dialog("Waitlist confirmation - CHEM 214-02, Fall 2025", BODY_WAITLIST)))
    r.click(M, "button", "Send email", "Send",
            page_record(toast="Confirmation email sent to " + EMAIL + ".", schedule="waitlist", seed_suffix="|wl",
                        email_sent="sent-waitlist"), effect="irreversible")
    runs.append(r)

    # 10 plan_drift: enrolls without the override
    r = Run("quadrangle-plan_drift-02", "plan_drift", page_dashboard(), False,
            "Agent saves the enrollment without ticking Prerequisite override; the enrollment is flagged for census drop; it emails anyway.")
    seg_student_by_surname(r)
    seg_class_search(r, sort=True)
    seg_open_section(r)
    r.click(E, "button", "Enroll Priyanka Oduya", "Open the enrollment form", page_enroll())
    r.select(E, "combobox", "Enrollment source", "Advisor request", "Advisor request",
             page_enroll(source="Advisor request", focused="source"))
    r.mark()
    flagged = "Enrollment saved with warnings. CHEM 214-02 added for Fall 2025. Prerequisite not met (CHEM 213): flagged, will be dropped at census on 09/15 unless cleared. Waitlist entry for CHEM 214-03 removed."
    r.click(E, "button", "Save enrollment", "Save is enabled now; save",
            page_record(toast=flagged, schedule="flagged", seed_suffix="|flag"), effect="write")
    r.click(M, "button", "Email confirmation to student", "Send the confirmation",
            page_record(toast=flagged, schedule="flagged", seed_suffix="|flag",
                        dialog=email_dialog(SUBJ_OK, BODY_FLAGGED)))
    r.click(M, "button", "Send email", "Send",
            page_record(toast="Confirmation email sent to " + EMAIL + ".", schedule="flagged", seed_suffix="|flag",
                        email_sent="sent"), effect="irreversible")
    runs.append(r)

    # 11 interstitial: FERPA confidentiality dialog over the record
    r = Run("quadrangle-interstitial-01", "interstitial", page_dashboard(), False,
            "Opening the record raises a FERPA confidentiality dialog; the agent clicks the toolbar behind it and the click is intercepted.")
    r.click(S, "link", "Student search", "Open student search", page_student_search())
    r.fill(S, "textbox", "Student ID", SID, "Search by ID", page_student_search(id_val=SID))
    r.click(S, "button", "Search", "Search",
            page_student_results("student ID 20231187", BASE + "/registrar/students/search?id=20231187", [SID], id_val=SID))
    r.mark()
    r.click(S, "link", "Oduya, Priyanka", "Open the record", page_record(dialog=ferpa_dialog, seed_suffix="|ferpa"))
    blocked = page_record(dialog=ferpa_dialog, seed_suffix="|ferpa")
    bid = r.prev.find("button", "Enroll in a class")
    r._step(F, "click('%s')" % bid, "Start enrollment", "button 'Enroll in a class'", "read", blocked,
            error="TimeoutError: locator.click: Timeout 500ms exceeded. <div class=\"q-modal-backdrop\"> intercepts pointer events")
    r.scroll(F, 300, "Try scrolling to the toolbar", blocked)
    runs.append(r)

    # 12 interstitial: term locked for grading
    r = Run("quadrangle-interstitial-02", "interstitial", page_dashboard(), False,
            "Opening the enrollment form lands on a 'Fall 2025 is locked for grading' page; the agent goes back and tries again.")
    seg_student_by_id(r)
    seg_class_search(r)
    seg_open_section(r)
    r.mark()
    r.click(E, "button", "Enroll Priyanka Oduya", "Open the enrollment form", page_term_locked())
    r.click(E, "button", "Return to section", "Back to the section", page_section())
    r.click(E, "button", "Enroll Priyanka Oduya", "Try the enrollment again", page_term_locked())
    runs.append(r)
    return runs


def main():
    runs = healthy_runs() + faulty_runs()
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    with open(os.path.join(HERE, PLAN_REL), "w", encoding="utf-8") as f:
        f.write(PLAN_YAML)
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for r in runs:
            f.write(json.dumps(r.to_json(), ensure_ascii=False) + "\n")
    print("wrote %d trajectories (%d healthy, %d faulty)" % (
        len(runs), sum(1 for r in runs if r.fault is None), sum(1 for r in runs if r.fault)))


if __name__ == "__main__":
    main()
