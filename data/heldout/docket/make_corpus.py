#!/usr/bin/env python3
"""Generate the held-out 'docket' corpus (Filebench, a county clerk e-filing review app).

Writes, next to this file:
  corpus.jsonl        20 trajectories (8 healthy, 12 faulty)
  plans/docket.yaml   the plan for the workflow

Python 3 standard library only.  A fixed seed and sorted, explicit orderings make the
output byte-for-byte reproducible.
"""
import json
import os
import random
from datetime import datetime

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20240607
BASE = "http://127.0.0.1:8000/filebench"
WORKFLOW = "docket"
PLAN_REL = "plans/docket.yaml"
PRODUCT = "Filebench"

TARGET = "EF-24-08817"
TARGET_CASE = "2024-CV-01472"
DOCKET_TEXT = "Motion to Compel Discovery filed by Plaintiff Harlan Okafor."
HEARING_DATE = "06/18/2024"
HEARING_DATE_LONG = "Tue, Jun 18, 2024"
HEARING_TIME = "9:30 AM"
COURTROOM = "Courtroom 4B"

TASK = (
    "In the Filebench review queue, accept e-filing EF-24-08817 (the Motion to Compel "
    "Discovery in case 2024-CV-01472, Okafor v. Brightwater Storage LLC) into its case with "
    "the docket text \"Motion to Compel Discovery filed by Plaintiff Harlan Okafor.\" "
    "Then set the motion hearing for June 18, 2024 at 9:30 AM in Courtroom 4B."
)

# --------------------------------------------------------------------------------------
# The plan.  Written from the task text and the healthy pages only, before any faulty run
# existed; not tuned afterwards.
# --------------------------------------------------------------------------------------
PLAN_YAML = """\
# Plan for the Filebench docketing workflow (held-out corpus "docket").
# Written from the task text and the healthy pages only.
task: "In the Filebench review queue, accept e-filing EF-24-08817 (the Motion to Compel Discovery in case 2024-CV-01472, Okafor v. Brightwater Storage LLC) into its case with the docket text \\"Motion to Compel Discovery filed by Plaintiff Harlan Okafor.\\" Then set the motion hearing for June 18, 2024 at 9:30 AM in Courtroom 4B."
plan_falsifiers:
  execution:
    - "Sign in to Filebench"
    - "Your Filebench session has ended. Sign in again to continue."
    - "Something went wrong"
    - "You do not have permission to perform this action"
  planning:
    - "The page shows a different county court than Marlow County"
commitments:
  - id: open-filing
    subgoal: "Find filing EF-24-08817 in the review queue and open its detail page"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - "E-filing review queue"
      progress:
        - "EF-24-08817"
        - "Okafor v. Brightwater Storage LLC"
      completion:
        - "Filing EF-24-08817"
        - "Motion to Compel Discovery"
        - "Case 2024-CV-01472"
    falsify:
      execution:
        - "Filing EF-24-08871"
        - "Filing EF-24-08818"
        - "Filing EF-24-08812"
        - "Filing EF-24-08802"
        - "2024-CV-01427"
        - "2024-CV-01742"
        - "2023-CV-01472"
        - "Okafor v. Brightwater Self-Storage Inc"
        - "Okafor-Lind v. Brightwater Storage LLC"
        - "No filings match"
        - {text: "click link 'EF-24-08871'", on: action}
        - {text: "click link 'EF-24-08818'", on: action}
        - {text: "click link 'EF-24-08812'", on: action}
        - {text: "click link 'EF-24-08802'", on: action}
      skill:
        - "Search is temporarily unavailable"
      planning:
        - "Filed: Today"
        - "Assigned to: Me"
        - "EF-24-08817 is not in the review queue"
  - id: accept-filing
    subgoal: "Accept the filing into 2024-CV-01472 with the docket text 'Motion to Compel Discovery filed by Plaintiff Harlan Okafor.'"
    skill: accept_with_docket_text
    confidence: 0.7
    confirm:
      precondition:
        - "Status: Pending review"
        - "Accept filing"
      progress:
        - "Accept filing EF-24-08817"
        - "Docket text"
        - "Motion to Compel Discovery filed by Plaintiff Harlan Okafor."
      completion:
        - "Filing EF-24-08817 accepted. Docket entry 23 added to 2024-CV-01472."
        - "Status: Accepted"
    falsify:
      execution:
        - "Filing rejected"
        - "Returned to filer"
        - "The filing status is still Pending review after Accept and docket"
        - "No docket entry 23 appears"
        - {text: "Reject filing", on: action}
        - {text: "Return to filer", on: action}
        - {text: "filed by Defendant", on: action}
        - {text: "Go back", on: action}
        - {text: "Cancel", on: action}
      planning:
        - "This filing has already been docketed"
        - "Case 2024-CV-01472 is closed"
  - id: schedule-hearing
    subgoal: "Set the motion hearing for June 18, 2024 at 9:30 AM in Courtroom 4B"
    skill: schedule_hearing
    confidence: 0.7
    confirm:
      precondition:
        - "Schedule hearing"
        - "Hearing date (MM/DD/YYYY)"
      progress:
        - "06/18/2024"
        - "9:30 AM"
        - "Courtroom 4B"
      completion:
        - "Hearing scheduled for Tue, Jun 18, 2024 at 9:30 AM in Courtroom 4B"
        - "NOTICE OF HEARING"
    falsify:
      execution:
        - "Courtroom 4A"
        - "Courtroom 3C"
        - "Jun 8, 2024"
        - "No hearings scheduled for this filing."
        - "Available after the filing is accepted"
        - {text: "Courtroom 4A", on: action}
        - {text: "06/08/2024", on: action}
        - {text: "08/18/2024", on: action}
        - {text: "10:30 AM", on: action}
      planning:
        - "Court closed"
        - "Courtroom 4B is fully booked on Jun 18, 2024"
  - id: report
    subgoal: "Tell the user the filing is docketed and the hearing is set"
    confidence: 0.6
    confirm:
      precondition:
        - "Hearing scheduled"
      completion:
        - "Status: Accepted"
        - "Motion hearing"
    falsify:
      execution:
        - "Status: Pending review"
        - "No hearings scheduled for this filing."
        - "The hearing form was not submitted"
"""

# --------------------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym-style flattened AXTree)
# --------------------------------------------------------------------------------------


class Page:
    def __init__(self, url, title, first_bid=10):
        self.url = url
        self.title = title
        self.lines = []
        self.keys = {}
        self.bid = first_bid
        self.depth = 1
        self.error = None

    def node(self, role, name="", key=None, props=None):
        b = str(self.bid)
        self.bid += 1
        line = "\t" * self.depth + "[%s] %s '%s'" % (b, role, name)
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        if key is not None:
            assert key not in self.keys, key
            self.keys[key] = (b, "%s '%s'" % (role, name))
        return self

    def open(self, role, name="", key=None, props=None):
        self.node(role, name, key, props)
        self.depth += 1
        return self

    def close(self):
        self.depth -= 1
        return self

    def text(self, s):
        return self.node("StaticText", s)

    def bid_of(self, key):
        return self.keys[key][0]

    def desc(self, key):
        return self.keys[key][1]

    def obs(self):
        body = "RootWebArea '%s', focused\n" % self.title + "\n".join(self.lines)
        return {"url": self.url, "title": self.title, "text": body, "error": self.error}


# --------------------------------------------------------------------------------------
# Data: the review queue (37 filings), cases
# --------------------------------------------------------------------------------------

TODAY = datetime(2024, 6, 7, 10, 5)
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def fmt_dt(dt):
    h = dt.hour % 12 or 12
    ampm = "AM" if dt.hour < 12 else "PM"
    return "%s %d, %d %d:%02d %s" % (MONTHS[dt.month - 1], dt.day, dt.year, h, dt.minute, ampm)


BUSINESS_AGE = {7: "Today", 6: "1 day", 5: "2 days", 4: "3 days", 3: "4 days", 31: "5 days", 30: "6 days"}

ID_TIMES = [
    ("EF-24-08874", "2024-06-07 09:02"), ("EF-24-08871", "2024-06-07 08:47"),
    ("EF-24-08866", "2024-06-07 08:15"), ("EF-24-08859", "2024-06-06 17:48"),
    ("EF-24-08852", "2024-06-06 16:30"), ("EF-24-08848", "2024-06-06 15:12"),
    ("EF-24-08843", "2024-06-06 14:05"), ("EF-24-08840", "2024-06-06 13:20"),
    ("EF-24-08836", "2024-06-06 11:41"), ("EF-24-08831", "2024-06-06 10:58"),
    ("EF-24-08829", "2024-06-06 10:02"), ("EF-24-08823", "2024-06-06 08:36"),
    ("EF-24-08818", "2024-06-05 16:40"), ("EF-24-08817", "2024-06-05 16:12"),
    ("EF-24-08812", "2024-06-05 14:05"), ("EF-24-08806", "2024-06-05 11:47"),
    ("EF-24-08802", "2024-06-05 10:20"), ("EF-24-08795", "2024-06-05 09:03"),
    ("EF-24-08790", "2024-06-04 16:55"), ("EF-24-08784", "2024-06-04 15:10"),
    ("EF-24-08779", "2024-06-04 13:44"), ("EF-24-08771", "2024-06-04 11:02"),
    ("EF-24-08766", "2024-06-04 09:37"), ("EF-24-08760", "2024-06-04 08:20"),
    ("EF-24-08757", "2024-06-03 16:31"), ("EF-24-08751", "2024-06-03 14:12"),
    ("EF-24-08744", "2024-06-03 11:48"), ("EF-24-08739", "2024-06-03 10:05"),
    ("EF-24-08731", "2024-06-03 08:50"), ("EF-24-08726", "2024-05-31 16:22"),
    ("EF-24-08720", "2024-05-31 14:40"), ("EF-24-08713", "2024-05-31 11:15"),
    ("EF-24-08708", "2024-05-31 09:30"), ("EF-24-08702", "2024-05-30 16:05"),
    ("EF-24-08699", "2024-05-30 14:48"), ("EF-24-08693", "2024-05-30 11:20"),
    ("EF-24-08688", "2024-05-30 09:12"),
]

# Hand-written rows: (case, title, document, filer, status or None for computed)
PINNED = {
    "EF-24-08874": ("2024-FA-00412", "In re Marriage of Szabo", "Response to Petition", "Erik Lindqvist (self-represented)", None),
    "EF-24-08871": ("2024-CV-01427", "Okafor v. Brightwater Self-Storage Inc", "Motion to Compel Discovery", "Marcus Okafor (self-represented)", None),
    "EF-24-08866": ("2024-CR-00455", "State v. Halvorsen", "Motion to Continue Trial", "Office of the Public Defender", None),
    "EF-24-08859": ("2024-SC-00871", "Vance v. Tidemark Apartments", "Small Claims Complaint", "Noor Vance (self-represented)", "Fee payment failed"),
    "EF-24-08852": ("2024-PR-00102", "Estate of Ilse Marwick", "Inventory and Appraisal", "Tomasz Gorecki", None),
    "EF-24-08818": ("2024-CV-01472", "Okafor v. Brightwater Storage LLC", "Motion to Extend Time to Respond", "Lionel Fairbanks", None),
    "EF-24-08817": ("2024-CV-01472", "Okafor v. Brightwater Storage LLC", "Motion to Compel Discovery", "Dana Reyes-Whitt", None),
    "EF-24-08812": ("2024-CV-01742", "Okafor-Lind v. Brightwater Storage LLC", "Motion to Compel Deposition", "Ada Okafor-Lind (self-represented)", None),
    "EF-24-08806": ("2024-CR-00391", "State v. Ruiz", "Notice of Alibi", "Hollis Benedetti", "Cancelled by filer"),
    "EF-24-08802": ("2023-CV-01472", "Okafor v. Brightwater Storage LLC", "Motion to Compel Discovery", "Dana Reyes-Whitt", "Returned to filer"),
    "EF-24-08744": ("2024-CV-01311", "Pruitt v. Lakeside Auto Finance", "Answer to Complaint", "Ruth Pruitt (self-represented)", "Fee payment failed"),
    "EF-24-08731": ("2024-FA-00388", "In re Marriage of Dunleavy", "Petition for Temporary Orders", "Kirsten Amsel", None),
}

POOL = {
    "CV": (["Castile Roofing Co. v. Emberly", "Bright v. Waterman Holdings", "Nakamura v. Ridgeline HOA",
            "Farrow v. County of Marlow", "Delgado v. Pinecrest Dental Group", "Abernathy Supply v. Kell Construction"],
           ["Answer to Complaint", "Motion to Dismiss", "Notice of Appearance", "Stipulation to Continue",
            "Proof of Service", "Motion for Summary Judgment"]),
    "FA": (["In re Custody of M.R.", "In re Marriage of Osei", "In re Marriage of Whitlock"],
           ["Financial Affidavit", "Response to Petition", "Petition to Modify Support"]),
    "PR": (["Guardianship of T. Halloran", "Estate of Rufus Penhallow", "Estate of June Abernethy"],
           ["Petition for Letters of Administration", "Inventory and Appraisal", "Notice to Creditors"]),
    "CR": (["State v. Brennan", "State v. Quist", "State v. Mbeki-Hart"],
           ["Motion to Suppress", "Notice of Alibi", "Motion to Continue Trial"]),
    "SC": (["Lowe v. QuickFix Appliance", "Tran v. Harborview Parking"],
           ["Request to Reschedule", "Small Claims Complaint"]),
}
TYPE_LABEL = {"CV": "Civil", "FA": "Family", "PR": "Probate", "CR": "Criminal", "SC": "Small claims"}
FILERS = ["Maren Holt", "Javier Castellano-Ruiz", "Priscilla Odum", "Wendell Baptiste", "Sun-Hee Park",
          "Gabriel Ferreira", "Olu Adebayo", "Hannah Kowalczyk", "Rosalind Achebe", "Teodor Vlasic"]


def filing_kind(doc):
    if doc.startswith("Motion"):
        return "Motion"
    if doc.startswith(("Answer", "Response", "Small Claims Complaint")):
        return "Pleading"
    if doc.startswith(("Notice", "Proof")):
        return "Notice"
    if doc.startswith("Petition"):
        return "Petition"
    return "Other"


def build_filings():
    rng = random.Random(SEED)
    rows = []
    used_cases = set(v[0] for v in PINNED.values())
    for fid, ts in ID_TIMES:
        dt = datetime.strptime(ts, "%Y-%m-%d %H:%M")
        if fid in PINNED:
            case, title, doc, filer, status = PINNED[fid]
        else:
            prefix = rng.choice(["CV", "CV", "CV", "FA", "PR", "CR", "SC"])
            titles, docs = POOL[prefix]
            title = rng.choice(titles)
            doc = rng.choice(docs)
            while True:
                case = "2024-%s-%05d" % (prefix, rng.randint(120, 1390))
                if case not in used_cases:
                    break
            used_cases.add(case)
            filer = rng.choice(FILERS)
            status = rng.choice([None, None, None, None, "In review (J. Whitcombe)", "Fee payment failed",
                                 "Returned to filer", "Cancelled by filer"])
        age = BUSINESS_AGE[dt.day]
        if status is None:
            status = "Overdue" if dt.day in (3, 31, 30) else "Pending review"
        rows.append({
            "id": fid, "dt": dt, "filed": fmt_dt(dt), "case": case, "title": title, "doc": doc,
            "filer": filer, "status": status, "age": age, "ctype": TYPE_LABEL[case.split("-")[1]],
            "kind": filing_kind(doc),
        })
    return rows


FILINGS = build_filings()
BY_ID = {f["id"]: f for f in FILINGS}

CASES = {
    "2024-CV-01472": {
        "title": "Okafor v. Brightwater Storage LLC", "ctype": "Civil - Contract", "judge": "Hon. Priya Nandakumar",
        "dept": "Department 4", "status": "Open", "opened": "Feb 12, 2024",
        "parties": [("Harlan Okafor", "Plaintiff", "Dana Reyes-Whitt, Reyes-Whitt Law PLLC"),
                    ("Brightwater Storage LLC", "Defendant", "Lionel Fairbanks, Fairbanks and Oduya LLP")],
        "docket": [(22, "May 28, 2024", "ANSWER to Complaint filed by Defendant Brightwater Storage LLC."),
                   (21, "May 9, 2024", "SUMMONS returned executed as to Brightwater Storage LLC."),
                   (20, "Apr 30, 2024", "CASE MANAGEMENT ORDER entered. Discovery cutoff Aug 30, 2024.")],
        "related": [("2024-CV-01427", "Okafor v. Brightwater Self-Storage Inc", "Open"),
                    ("2023-CV-01472", "Okafor v. Brightwater Storage LLC", "Closed"),
                    ("2024-CV-01742", "Okafor-Lind v. Brightwater Storage LLC", "Open")],
        "fee": "$60.00",
    },
    "2024-CV-01427": {
        "title": "Okafor v. Brightwater Self-Storage Inc", "ctype": "Civil - Property damage",
        "judge": "Hon. Gerald Ambrose", "dept": "Department 2", "status": "Open", "opened": "Feb 2, 2024",
        "parties": [("Marcus Okafor", "Plaintiff", "Self-represented"),
                    ("Brightwater Self-Storage Inc", "Defendant", "Corinne Maddox, Maddox Legal Group")],
        "docket": [(9, "May 20, 2024", "ANSWER filed by Defendant Brightwater Self-Storage Inc."),
                   (8, "Apr 22, 2024", "ORDER granting fee waiver."),
                   (7, "Apr 3, 2024", "PROOF OF SERVICE filed by Plaintiff Marcus Okafor.")],
        "related": [("2024-CV-01472", "Okafor v. Brightwater Storage LLC", "Open"),
                    ("2024-CV-01742", "Okafor-Lind v. Brightwater Storage LLC", "Open")],
        "fee": "$0.00 (fee waiver on file)",
    },
    "2024-CV-01742": {
        "title": "Okafor-Lind v. Brightwater Storage LLC", "ctype": "Civil - Contract",
        "judge": "Hon. Tobias Lindgren", "dept": "Department 3", "status": "Open", "opened": "Mar 1, 2024",
        "parties": [("Ada Okafor-Lind", "Plaintiff", "Self-represented"),
                    ("Brightwater Storage LLC", "Defendant", "Lionel Fairbanks, Fairbanks and Oduya LLP")],
        "docket": [(6, "May 30, 2024", "NOTICE of deposition of Brightwater Storage LLC."),
                   (5, "May 14, 2024", "ANSWER filed by Defendant Brightwater Storage LLC.")],
        "related": [("2024-CV-01472", "Okafor v. Brightwater Storage LLC", "Open")],
        "fee": "$60.00",
    },
}


def case_info(case):
    if case in CASES:
        return CASES[case]
    f = [x for x in FILINGS if x["case"] == case][0]
    return {"title": f["title"], "ctype": f["ctype"], "judge": "Hon. Lorraine Szeto", "dept": "Department 1",
            "status": "Open", "opened": "Jan 8, 2024", "parties": [], "docket": [], "related": [], "fee": "$60.00"}


# --------------------------------------------------------------------------------------
# Page furniture
# --------------------------------------------------------------------------------------

def header(p, search_value="", notices=4, nav_current="Review queue"):
    p.open("banner", "")
    p.node("link", "Filebench home", key="home")
    p.text("Filebench")
    p.text("Marlow County Clerk of Court - E-Filing Review")
    p.open("search", "")
    props = ["value='%s'" % search_value] if search_value else None
    p.node("searchbox", "Search filings, cases, parties", key="search", props=props)
    p.node("button", "Search", key="search_btn")
    p.close()
    p.node("button", "Notifications, %d unread" % notices, key="notices")
    p.node("button", "Help", key="help")
    p.node("button", "D. Castellanos, Deputy Clerk", key="user_menu", props=["hasPopup='menu'", "expanded=False"])
    p.close()
    p.open("navigation", "Primary")
    for item in ["Review queue", "Cases", "Court calendar", "Hearings", "Fee waivers", "Reports"]:
        props = ["current='page'"] if item == nav_current else None
        p.node("link", item, key="nav_" + item, props=props)
    p.close()


def breadcrumbs(p, trail):
    p.open("navigation", "Breadcrumb")
    for i, item in enumerate(trail):
        if i == len(trail) - 1:
            p.text(item)
        else:
            p.node("link", item)
    p.close()


def footer(p, synced="Queue synced 1 min ago"):
    p.open("contentinfo", "")
    p.text("Marlow County Clerk of Court - 210 Courthouse Square, Ashby")
    p.node("link", "Accessibility")
    p.node("link", "Privacy notice")
    p.node("link", "Help desk (ext. 4410)")
    p.text("Filebench 6.3.1 - build 2291")
    p.text(synced)
    p.close()


def toast(p, message, kind="status"):
    p.open(kind, "")
    p.text(message)
    p.node("button", "Dismiss notification")
    p.close()


def banner_note(p, message):
    p.open("region", "Announcement")
    p.text(message)
    p.node("link", "Details")
    p.node("button", "Hide announcement")
    p.close()


# --------------------------------------------------------------------------------------
# Queue / search results
# --------------------------------------------------------------------------------------

FILTER_OPTS = {
    "Case type": ["All case types", "Civil", "Criminal", "Family", "Probate", "Small claims"],
    "Filing type": ["All filing types", "Motion", "Pleading", "Notice", "Petition", "Other"],
    "Filed": ["Any time", "Today", "Last 2 business days", "Last 7 days"],
    "Assigned to": ["Anyone", "Me", "Unassigned"],
}
COLS = [("id", "Filing ID"), ("filed", "Filed"), ("case", "Case number"), ("title", "Case title"),
        ("doc", "Document"), ("filer", "Filer"), ("status", "Status"), ("age", "Age")]
ASSIGNED_TO_ME = {"EF-24-08874", "EF-24-08731", "EF-24-08759"}


def apply_filters(rows, flt, q):
    out = []
    for f in rows:
        if flt.get("Case type", "All case types") != "All case types" and f["ctype"] != flt["Case type"]:
            continue
        if flt.get("Filing type", "All filing types") != "All filing types" and f["kind"] != flt["Filing type"]:
            continue
        when = flt.get("Filed", "Any time")
        if when == "Today" and f["dt"].day != 7:
            continue
        if when == "Last 2 business days" and f["dt"].day not in (7, 6):
            continue
        if flt.get("Assigned to", "Anyone") == "Me" and f["id"] not in ASSIGNED_TO_ME:
            continue
        if q:
            ql = q.lower()
            hay = " ".join([f["id"], f["case"], f["title"], f["filer"], f["doc"]]).lower()
            if not all(tok in hay for tok in ql.split()):
                continue
        out.append(f)
    return out


def sort_rows(rows, sort):
    col, direction = sort
    key = {"filed": lambda f: f["dt"], "id": lambda f: f["id"], "case": lambda f: f["case"],
           "title": lambda f: f["title"], "doc": lambda f: f["doc"], "filer": lambda f: f["filer"],
           "status": lambda f: f["status"], "age": lambda f: f["dt"]}[col]
    rev = direction == "desc"
    if col == "age":
        rev = not rev
    return sorted(rows, key=lambda f: (key(f), f["id"]), reverse=rev)


def queue_page(applied=None, shown=None, q="", search_value=None, sort=("filed", "desc"), page=1,
               banner=None, toast_msg=None, counters=None, per_page=10, empty_hint=None):
    """applied: filters in effect; shown: combobox values displayed (may differ before Apply)."""
    applied = dict(applied or {})
    shown = dict(shown or applied)
    if q:
        url = "%s/queue?q=%s" % (BASE, q.replace(" ", "+"))
        title = "Search results: %s - Filebench" % q
    else:
        url = "%s/queue" % BASE
        title = "E-filing review queue - Filebench"
    qs = []
    for k in ["Case type", "Filing type", "Filed", "Assigned to"]:
        if k in applied and applied[k] != FILTER_OPTS[k][0]:
            qs.append("%s=%s" % (k.split()[0].lower(), applied[k].replace(" ", "+")))
    if sort != ("filed", "desc"):
        qs.append("sort=%s&dir=%s" % sort)
    if page != 1:
        qs.append("page=%d" % page)
    if qs:
        url += ("&" if "?" in url else "?") + "&".join(qs)
    p = Page(url, title)
    header(p, search_value if search_value is not None else q)
    breadcrumbs(p, ["Home", "E-Filing", "Review queue"] if not q else ["Home", "E-Filing", "Review queue", "Search results"])
    if banner:
        banner_note(p, banner)
    p.open("main", "")
    p.node("heading", "E-filing review queue" if not q else "Search results for %s" % q, props=["level=1"])
    c = counters or {"In queue": len(FILINGS),
                     "Overdue (over 2 business days)": sum(1 for f in FILINGS if f["status"] == "Overdue"),
                     "Returned to filer today": 5, "Accepted today": 18,
                     "Fee payment failed": sum(1 for f in FILINGS if f["status"] == "Fee payment failed")}
    p.open("region", "Queue summary")
    for k, v in c.items():
        p.text(k)
        p.text(str(v))
    p.close()
    p.open("group", "Filters")
    for k in ["Case type", "Filing type", "Filed", "Assigned to"]:
        val = shown.get(k, FILTER_OPTS[k][0])
        p.open("combobox", k, key="filter_" + k, props=["value='%s'" % val, "hasPopup='listbox'", "expanded=False"])
        for o in FILTER_OPTS[k]:
            p.node("option", o, props=["selected=True"] if o == val else ["selected=False"])
        p.close()
    p.node("button", "Apply filters", key="apply")
    p.node("button", "Clear filters", key="clear")
    p.close()
    active = [(k, v) for k, v in applied.items() if v != FILTER_OPTS[k][0]]
    if active:
        p.open("list", "Active filters")
        for k, v in active:
            p.node("listitem", "%s: %s" % (k, v))
            p.node("button", "Remove filter %s: %s" % (k, v), key="chip_" + k)
        p.close()
    rows = sort_rows(apply_filters(FILINGS, applied, q), sort)
    total = len(rows)
    start = (page - 1) * per_page
    page_rows = rows[start:start + per_page]
    if total == 0:
        msg = "No filings match %s in the current view." % ("\"%s\"" % q if q else "these filters")
        p.text(msg)
        if active:
            p.text("%d filter%s applied. Clear filters to search the whole queue." % (len(active), "s are" if len(active) > 1 else " is"))
            p.node("link", "Clear filters and search again", key="clear_link")
        if empty_hint:
            p.text(empty_hint)
    else:
        p.text("Showing %d-%d of %d filings" % (start + 1, start + len(page_rows), total))
        p.open("toolbar", "Bulk actions")
        p.node("checkbox", "Select all on this page", props=["checked=False"])
        p.node("button", "Assign selected", props=["disabled=True"])
        p.node("button", "Export CSV")
        p.close()
        p.open("table", "Filings awaiting review")
        p.open("row", "")
        p.node("columnheader", "Select")
        for ck, cname in COLS:
            if sort[0] == ck:
                lab = "Sort by %s, sorted %s" % (cname, "descending" if sort[1] == "desc" else "ascending")
            else:
                lab = "Sort by %s" % cname
            p.open("columnheader", cname)
            p.node("button", lab, key="sort_" + ck)
            p.close()
        p.close()
        for f in page_rows:
            p.open("row", "")
            p.open("cell", "")
            p.node("checkbox", "Select %s" % f["id"], props=["checked=False"])
            p.close()
            p.open("cell", "")
            p.node("link", f["id"], key="row_" + f["id"])
            p.close()
            for ck in ["filed", "case", "title", "doc", "filer", "status", "age"]:
                p.node("cell", f[ck])
            p.close()
        p.close()
        pages = (total + per_page - 1) // per_page
        p.open("navigation", "Pagination")
        p.node("button", "Previous page", key="prev", props=["disabled=True"] if page == 1 else None)
        for i in range(1, pages + 1):
            p.node("button", "Page %d" % i, key="page_%d" % i, props=["current='page'"] if i == page else None)
        p.node("button", "Next page", key="next", props=["disabled=True"] if page == pages else None)
        p.close()
        p.open("combobox", "Rows per page", props=["value='%d'" % per_page, "hasPopup='listbox'", "expanded=False"])
        for o in ["10", "25", "50"]:
            p.node("option", o, props=["selected=True"] if o == str(per_page) else ["selected=False"])
        p.close()
    if q and q.upper().startswith("2024-CV-01472"):
        p.open("region", "Similar case numbers")
        p.text("Other cases with similar numbers or parties:")
        for cn in ["2024-CV-01427", "2024-CV-01742", "2023-CV-01472"]:
            p.node("link", cn)
        p.close()
    p.close()
    if toast_msg:
        toast(p, toast_msg)
    footer(p)
    return p


# --------------------------------------------------------------------------------------
# Filing detail (document preview, case information, actions, dialogs)
# --------------------------------------------------------------------------------------

DOC_LINES = {
    1: ["MARLOW COUNTY SUPERIOR COURT", "HARLAN OKAFOR, Plaintiff, v. BRIGHTWATER STORAGE LLC, Defendant.",
        "Case No. 2024-CV-01472", "PLAINTIFF HARLAN OKAFOR MOTION TO COMPEL DISCOVERY",
        "Hearing requested. Judge: Hon. Priya Nandakumar, Department 4"],
    2: ["I. INTRODUCTION", "Defendant has not answered Interrogatories, Set One, served March 18, 2024.",
        "Plaintiff met and conferred on May 2 and May 16, 2024 without result."],
}


def doc_lines_for(f, page_no):
    if f["id"] == TARGET:
        return DOC_LINES.get(page_no, DOC_LINES[1])
    ci = case_info(f["case"])
    caption = ci["title"].upper().replace(" V. ", ", Plaintiff, v. ") + ", Defendant." if " v. " in ci["title"] else ci["title"].upper()
    return ["MARLOW COUNTY SUPERIOR COURT", caption, "Case No. %s" % f["case"], f["doc"].upper()]


def detail_page(fid, state="pending", tab="preview", doc_page=1, toast_msg=None, toast_kind="status",
                dialog=None, docket_text=DOCKET_TEXT, hearing=None, banner=None, notices=4,
                schedule_enabled=None):
    """state: pending | accepted | hearing.  dialog: None | ('accept', text) | ('confirm',)."""
    f = BY_ID[fid]
    ci = case_info(f["case"])
    p = Page("%s/filings/%s%s" % (BASE, fid, "" if tab == "preview" else "?tab=" + tab.replace(" ", "-")),
             "Filing %s - Filebench" % fid)
    header(p, notices=notices)
    breadcrumbs(p, ["Home", "E-Filing", "Review queue", "Filing %s" % fid])
    if banner:
        banner_note(p, banner)
    p.open("main", "")
    p.node("heading", "Filing %s" % fid, props=["level=1"])
    p.text(f["doc"])
    if state == "pending":
        p.text("Status: %s" % f["status"])
    else:
        p.text("Status: Accepted - docketed as entry %d" % (ci["docket"][0][0] + 1 if ci["docket"] else 1))
    p.text("Filed %s by %s - Envelope 55%05d - Lead document, 6 pages" % (f["filed"], f["filer"], int(fid[-5:]) + 21101))
    p.open("toolbar", "Review actions")
    pending = state == "pending"
    p.node("button", "Accept filing", key="accept", props=None if pending else ["disabled=True"])
    p.node("button", "Reject filing", key="reject", props=None if pending else ["disabled=True"])
    p.node("button", "Return to filer", key="return", props=None if pending else ["disabled=True"])
    sched_on = (state == "accepted") if schedule_enabled is None else schedule_enabled
    p.node("button", "Schedule hearing", key="schedule", props=None if sched_on else ["disabled=True"])
    p.node("button", "Previous in queue", key="prev_in_queue")
    p.node("button", "Next in queue", key="next_in_queue")
    p.close()
    if pending and not sched_on:
        p.text("Schedule hearing: Available after the filing is accepted")
    p.open("tablist", "Filing views")
    for tname in ["Document preview", "Case information", "Fees and payment", "Filing history"]:
        tkey = {"Document preview": "preview", "Case information": "case", "Fees and payment": "fees",
                "Filing history": "history"}[tname]
        p.node("tab", tname, key="tab_" + tkey, props=["selected=%s" % (tab == tkey)])
    p.close()
    p.open("tabpanel", {"preview": "Document preview", "case": "Case information", "fees": "Fees and payment",
                        "history": "Filing history"}[tab])
    if tab == "preview":
        p.open("document", "%s.pdf" % f["doc"])
        for ln in doc_lines_for(f, doc_page):
            p.text(ln)
        p.close()
        p.node("button", "Previous page", key="doc_prev", props=["disabled=True"] if doc_page == 1 else None)
        p.text("Page %d of 6" % doc_page)
        p.node("button", "Next page", key="doc_next")
        p.node("button", "Zoom out")
        p.node("button", "Zoom in")
        p.node("link", "Download PDF")
        p.open("list", "Attachments")
        for a in ["Exhibit A - Interrogatories, Set One (3 pages)", "Exhibit B - Meet-and-confer letters (2 pages)",
                  "Proposed Order (1 page)"]:
            p.open("listitem", "")
            p.node("link", a)
            p.close()
        p.close()
    elif tab == "case":
        p.open("table", "Case %s" % f["case"])
        for k, v in [("Case number", f["case"]), ("Title", ci["title"]), ("Case type", ci["ctype"]),
                     ("Assigned judge", ci["judge"]), ("Department", ci["dept"]), ("Case status", ci["status"]),
                     ("Opened", ci["opened"])]:
            p.open("row", "")
            p.node("rowheader", k)
            p.node("cell", v)
            p.close()
        p.close()
        p.open("table", "Parties and counsel")
        p.open("row", "")
        for h in ["Party", "Role", "Counsel"]:
            p.node("columnheader", h)
        p.close()
        for party in ci["parties"]:
            p.open("row", "")
            for v in party:
                p.node("cell", v)
            p.close()
        p.close()
        p.node("link", "Open full case record %s" % f["case"])
    elif tab == "fees":
        p.text("Filing fee %s paid by card ending 4417 (receipt R-77%04d)" % (ci["fee"], int(fid[-4:])))
        p.text("Earlier attempt Jun 5, 2024 4:09 PM: card declined (payment failed), retried successfully")
    else:
        p.text("Jun 5, 2024 4:12 PM - Submitted through the public e-filing portal")
        p.text("Jun 5, 2024 4:13 PM - Automated checks completed, 0 errors, 1 warning (page size)")
        p.text("Jun 6, 2024 8:02 AM - Added to review queue (civil motions)")
    p.close()
    # Sidebar: case summary
    p.open("complementary", "Case summary")
    p.node("heading", "Case %s" % f["case"], props=["level=2"])
    p.node("link", ci["title"], key="case_link")
    p.text("Judge: %s, %s" % (ci["judge"], ci["dept"]))
    p.text("Case status: %s" % ci["status"])
    if hearing:
        p.text("Next event: Motion hearing %s %s, %s" % hearing)
    else:
        p.text("Next event: none scheduled")
    p.open("region", "Review checks")
    p.open("list", "")
    for chk in ["Filing fee %s paid" % ci["fee"], "Caption matches case number %s" % f["case"],
                "Signature block present", "Redaction check: no issues found",
                "Page size warning: 1 page is legal size (ignored)"]:
        p.node("listitem", chk)
    p.close()
    p.close()
    others = [x for x in FILINGS if x["case"] == f["case"] and x["id"] != fid]
    p.open("region", "Other filings in this case")
    if others:
        for o in others:
            p.node("link", o["id"])
            p.text("%s - %s" % (o["doc"], o["status"]))
    else:
        p.text("No other filings in the queue for this case.")
    p.close()
    p.open("region", "Same parties in other cases")
    for cn, ttl, st in ci["related"]:
        p.node("link", cn)
        p.text("%s - %s" % (ttl, st))
    if not ci["related"]:
        p.text("None found.")
    p.close()
    p.close()
    # Hearings and docket
    p.open("region", "Hearings")
    p.node("heading", "Hearings", props=["level=2"])
    if hearing:
        p.open("table", "Hearings for this filing")
        p.open("row", "")
        for h in ["Type", "Date", "Time", "Courtroom", "Judge", "Status"]:
            p.node("columnheader", h)
        p.close()
        p.open("row", "")
        for v in ["Motion hearing", hearing[0], hearing[1], hearing[2], ci["judge"], "Scheduled"]:
            p.node("cell", v)
        p.close()
        p.close()
    else:
        p.text("No hearings scheduled for this filing.")
    p.close()
    p.open("region", "Recent docket entries")
    p.node("heading", "Recent docket entries - %s" % f["case"], props=["level=2"])
    p.open("table", "Docket")
    p.open("row", "")
    for h in ["No.", "Date", "Docket text"]:
        p.node("columnheader", h)
    p.close()
    entries = list(ci["docket"])
    if state in ("accepted", "hearing"):
        n = (entries[0][0] if entries else 0) + 1
        entries = [(n, "Jun 7, 2024", docket_text)] + entries
        if state == "hearing":
            entries = [(n + 1, "Jun 7, 2024", "NOTICE OF HEARING on %s (Dkt. %d). Hearing set for %s at %s in %s."
                        % (f["doc"], n, hearing[0], hearing[1], hearing[2]))] + entries
    for no, d, t in entries:
        p.open("row", "")
        p.node("cell", str(no))
        p.node("cell", d)
        p.node("cell", t)
        p.close()
    p.close()
    p.close()
    p.close()  # main
    if toast_msg:
        toast(p, toast_msg, toast_kind)
    footer(p, synced="Saved Jun 7, 2024 10:05 AM")
    if dialog:
        if dialog[0] == "accept":
            p.open("dialog", "Accept filing %s" % fid, props=["modal=True"])
            p.node("heading", "Accept filing %s" % fid, props=["level=2"])
            p.text("Docket into case %s - %s" % (f["case"], ci["title"]))
            p.open("combobox", "Docket event", key="docket_event",
                   props=["value='Motion - %s'" % f["doc"].replace("Motion to ", ""), "hasPopup='listbox'", "expanded=False"])
            for o in ["Motion - %s" % f["doc"].replace("Motion to ", ""), "Motion - Other", "Notice", "Stipulation"]:
                p.node("option", o, props=["selected=%s" % (o.startswith("Motion - %s" % f["doc"].replace("Motion to ", "")))])
            p.close()
            p.node("textbox", "Docket text", key="docket_text", props=["value='%s'" % dialog[1], "required"])
            p.text("Docket text appears on the public register exactly as entered.")
            p.node("checkbox", "Send notice of electronic filing to all parties (3)", key="nef", props=["checked=True"])
            p.node("button", "Cancel", key="dlg_cancel")
            p.node("button", "Accept and docket", key="dlg_accept")
            p.close()
        elif dialog[0] == "confirm":
            p.open("alertdialog", "Docket this filing?", props=["modal=True"])
            p.text("Entry %d will be added to %s and notice will be served on 3 parties."
                   % ((ci["docket"][0][0] + 1) if ci["docket"] else 1, f["case"]))
            p.text("Docketed entries can only be corrected by a supervisor.")
            p.node("button", "Go back", key="confirm_back")
            p.node("button", "Confirm and docket", key="confirm_ok")
            p.close()
    return p


# --------------------------------------------------------------------------------------
# Hearing scheduler
# --------------------------------------------------------------------------------------

TIMES = ["8:30 AM", "9:00 AM", "9:30 AM", "10:00 AM", "10:30 AM", "1:30 PM", "2:00 PM", "3:00 PM"]
ROOMS = ["Courtroom 2A", "Courtroom 3C", "Courtroom 4A", "Courtroom 4B", "Courtroom 5 (Annex)"]
BOOKINGS = {
    ("06/18/2024", "Courtroom 4B"): [("9:00 AM", "State v. Brennan", "Arraignment", "Cancelled"),
                                     ("10:30 AM", "Pruitt v. Lakeside Auto Finance", "Motion hearing", "Confirmed"),
                                     ("1:30 PM", "Nakamura v. Ridgeline HOA", "Status conference", "Confirmed")],
    ("06/18/2024", "Courtroom 4A"): [("9:30 AM", "State v. Halvorsen", "Motion hearing", "Confirmed"),
                                     ("2:00 PM", "In re Custody of M.R.", "Review hearing", "Continued")],
}


def scheduler_page(fid, date="", time=None, room=None, picker=False, toast_msg=None, busy=False):
    f = BY_ID[fid]
    ci = case_info(f["case"])
    entry = (ci["docket"][0][0] + 1) if ci["docket"] else 1
    p = Page("%s/filings/%s/hearing/new" % (BASE, fid), "Schedule hearing - %s - Filebench" % fid)
    header(p, nav_current="Hearings")
    breadcrumbs(p, ["Home", "E-Filing", "Review queue", "Filing %s" % fid, "Schedule hearing"])
    p.open("main", "")
    p.node("heading", "Schedule hearing", props=["level=1"])
    p.text("%s (%s, docket entry %d)" % (f["doc"], fid, entry))
    p.text("Case %s - %s - %s" % (f["case"], ci["title"], ci["judge"]))
    p.open("form", "Hearing details")
    p.open("combobox", "Hearing type", key="htype", props=["value='Motion hearing'", "hasPopup='listbox'", "expanded=False"])
    for o in ["Motion hearing", "Status conference", "Evidentiary hearing", "Trial setting conference"]:
        p.node("option", o, props=["selected=%s" % (o == "Motion hearing")])
    p.close()
    p.node("textbox", "Hearing date (MM/DD/YYYY)", key="date", props=["value='%s'" % date] if date else ["required"])
    p.node("button", "Choose date from calendar", key="picker")
    tv = time or "Select a time"
    p.open("combobox", "Start time", key="time", props=["value='%s'" % tv, "hasPopup='listbox'", "expanded=False"])
    for o in ["Select a time"] + TIMES:
        p.node("option", o, props=["selected=%s" % (o == tv)])
    p.close()
    rv = room or "Select a courtroom"
    p.open("combobox", "Courtroom", key="room", props=["value='%s'" % rv, "hasPopup='listbox'", "expanded=False"])
    for o in ["Select a courtroom"] + ROOMS:
        p.node("option", o, props=["selected=%s" % (o == rv)])
    p.close()
    p.node("spinbutton", "Estimated length (minutes)", props=["value='30'"])
    p.node("checkbox", "Send notice of hearing to all parties", props=["checked=True"])
    p.node("textbox", "Note for courtroom clerk (optional)")
    p.node("button", "Cancel", key="cancel")
    p.node("button", "Schedule hearing", key="submit", props=["disabled=True"] if busy else None)
    p.close()
    if busy:
        p.open("status", "")
        p.text("Scheduling... checking courtroom availability")
        p.node("progressbar", "Saving hearing")
        p.close()
    p.open("region", "Courtroom availability")
    p.node("heading", "Courtroom availability", props=["level=2"])
    if date and room:
        book = BOOKINGS.get((date, room), [])
        p.text("%s on %s" % (room, date))
        p.open("table", "Bookings")
        p.open("row", "")
        for h in ["Time", "Case", "Type", "Status"]:
            p.node("columnheader", h)
        p.close()
        for b in book:
            p.open("row", "")
            for v in b:
                p.node("cell", v)
            p.close()
        p.close()
        taken = [b[0] for b in book if b[3] != "Cancelled"]
        if time:
            p.text("%s slot %s" % (time, "already booked" if time in taken else "open"))
    else:
        p.text("Choose a date and courtroom to see bookings.")
    p.text("Department 4 blackout dates: Jun 19 (Juneteenth, court closed); Jun 24-28 (judicial conference)")
    p.close()
    p.close()
    if toast_msg:
        toast(p, toast_msg)
    footer(p, synced="Calendar synced 3 min ago")
    if picker:
        p.open("dialog", "Choose hearing date", props=["modal=True"])
        p.node("button", "Previous month", key="pick_prev")
        p.node("heading", "June 2024", props=["level=2"])
        p.node("button", "Next month", key="pick_next")
        p.open("grid", "June 2024")
        for d in range(1, 31):
            wd = (5 + d - 1) % 7  # Jun 1, 2024 was a Saturday (5 = Sat with Mon=0)
            props = []
            if wd >= 5 or d == 19 or 24 <= d <= 28 or d < 10:
                props.append("disabled=True")
            p.node("gridcell", str(d), key="day_%d" % d, props=props or None)
        p.close()
        p.node("button", "Close calendar", key="pick_close")
        p.close()
    return p


# --------------------------------------------------------------------------------------
# Other pages
# --------------------------------------------------------------------------------------

def signin_page(next_path):
    p = Page("%s/signin?next=%s" % (BASE, next_path), "Sign in - Filebench")
    p.open("banner", "")
    p.text("Filebench")
    p.text("Marlow County Clerk of Court")
    p.close()
    p.open("main", "")
    p.node("heading", "Sign in to Filebench", props=["level=1"])
    p.open("alert", "")
    p.text("Your Filebench session has ended. Sign in again to continue.")
    p.close()
    p.node("textbox", "Court user ID", key="uid", props=["required"])
    p.node("textbox", "Password", key="pw", props=["required"])
    p.node("checkbox", "Use a hardware key instead", props=["checked=False"])
    p.node("button", "Sign in", key="signin")
    p.node("link", "Forgot password?")
    p.close()
    footer(p, synced="")
    return p


def error_page(fid, code, message, ref):
    p = Page("%s/filings/%s/accept" % (BASE, fid), "Something went wrong - Filebench")
    header(p)
    p.open("main", "")
    p.node("heading", "Something went wrong", props=["level=1"])
    p.text("Error %d: %s" % (code, message))
    p.text("Your changes were not saved. Reference %s" % ref)
    p.node("link", "Back to filing %s" % fid, key="back")
    p.node("link", "Contact the help desk", key="helpdesk")
    p.close()
    footer(p)
    return p


# --------------------------------------------------------------------------------------
# Trajectory assembly
# --------------------------------------------------------------------------------------

class Run:
    def __init__(self, rid, start, fault=None, step=None, success=True):
        self.rid = rid
        self.fault = fault
        self.step = step
        self.success = success
        self.initial = start
        self.cur = start
        self.steps = []

    def _push(self, commitment, command, reasoning, target, effect, result):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": result.obs(),
        })
        self.cur = result

    def click(self, key, result, reasoning, commitment, effect="read"):
        b = self.cur.bid_of(key)
        self._push(commitment, "click('%s')" % b, reasoning, self.cur.desc(key), effect, result)

    def fill(self, key, value, result, reasoning, commitment, effect="write"):
        b = self.cur.bid_of(key)
        self._push(commitment, "fill('%s', '%s')" % (b, value), reasoning, self.cur.desc(key), effect, result)

    def select(self, key, value, result, reasoning, commitment, effect="write"):
        b = self.cur.bid_of(key)
        self._push(commitment, "select_option('%s', '%s')" % (b, value), reasoning, self.cur.desc(key), effect, result)

    def press(self, key, combo, result, reasoning, commitment, effect="read"):
        b = self.cur.bid_of(key)
        self._push(commitment, "press('%s', '%s')" % (b, combo), reasoning, self.cur.desc(key), effect, result)

    def say(self, message, reasoning, commitment="report"):
        self._push(commitment, "send_msg_to_user('%s')" % message, reasoning, "chat message to user", "read", self.cur)

    def record(self):
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": self.step},
            "initial_observation": self.initial.obs(),
            "steps": self.steps,
            "outcome": {"success": self.success},
        }


HEARING = (HEARING_DATE_LONG, HEARING_TIME, COURTROOM)
ACCEPT_TOAST = "Filing EF-24-08817 accepted. Docket entry 23 added to 2024-CV-01472."
HEARING_TOAST = ("Hearing scheduled for Tue, Jun 18, 2024 at 9:30 AM in Courtroom 4B. "
                 "Notice of hearing sent to 3 parties.")
DRAFT = "MOTION to Compel Discovery."
FINAL_MSG = ("Accepted EF-24-08817 into 2024-CV-01472 as docket entry 23 with the text "
             "Motion to Compel Discovery filed by Plaintiff Harlan Okafor. The motion hearing is set for "
             "Tue, Jun 18, 2024 at 9:30 AM in Courtroom 4B.")


def accept_toast(fid):
    f = BY_ID[fid]
    ci = case_info(f["case"])
    n = (ci["docket"][0][0] + 1) if ci["docket"] else 1
    return "Filing %s accepted. Docket entry %d added to %s." % (fid, n, f["case"])


def seg_search(run, query, via="button", results_kwargs=None):
    run.fill("search", query, queue_page(search_value=query, **(results_kwargs or {}).get("pre", {})),
             "Type the filing id into the queue search box" if query.startswith("EF-") else
             "Search the queue for %s" % query, "open-filing", effect="read")
    res = queue_page(q=query, **(results_kwargs or {}).get("post", {}))
    if via == "button":
        run.click("search_btn", res, "Run the search", "open-filing")
    else:
        run.press("search", "Enter", res, "Submit the search with Enter", "open-filing")


def seg_open(run, fid, reasoning=None, **detail_kwargs):
    run.click("row_" + fid, detail_page(fid, **detail_kwargs),
              reasoning or "Open %s, the Motion to Compel Discovery in 2024-CV-01472" % fid, "open-filing")


def seg_accept(run, fid=TARGET, text=DOCKET_TEXT, confirm=False, after=None, detail_extra=None):
    d = dict(detail_extra or {})
    run.click("accept", detail_page(fid, dialog=("accept", DRAFT if fid == TARGET else "MOTION filed."), **d),
              "Open the Accept dialog to docket the motion", "accept-filing")
    run.fill("docket_text", text, detail_page(fid, dialog=("accept", text), **d),
             "Replace the draft docket text with the wording the user asked for", "accept-filing")
    if confirm:
        run.click("dlg_accept", detail_page(fid, dialog=("confirm",), **d),
                  "Submit the acceptance", "accept-filing", effect="irreversible")
        run.click("confirm_ok", after or detail_page(fid, state="accepted", toast_msg=accept_toast(fid), docket_text=text, **d),
                  "Confirm docketing; this is the acceptance the user asked for", "accept-filing", effect="irreversible")
    else:
        run.click("dlg_accept", after or detail_page(fid, state="accepted", toast_msg=accept_toast(fid), docket_text=text, **d),
                  "Accept and docket with the stated text", "accept-filing", effect="irreversible")


def seg_schedule(run, fid=TARGET, date=HEARING_DATE, time=HEARING_TIME, room=COURTROOM, picker=False, after=None,
                 text=DOCKET_TEXT):
    run.click("schedule", scheduler_page(fid), "Open the hearing scheduler for the accepted motion", "schedule-hearing")
    if picker:
        run.click("picker", scheduler_page(fid, picker=True), "Use the calendar to pick the hearing date",
                  "schedule-hearing")
        run.click("day_18", scheduler_page(fid, date=date), "Pick June 18", "schedule-hearing", effect="write")
    else:
        run.fill("date", date, scheduler_page(fid, date=date), "Enter the hearing date", "schedule-hearing")
    run.select("time", time, scheduler_page(fid, date=date, time=time), "Choose the 9:30 AM start time",
               "schedule-hearing")
    run.select("room", room, scheduler_page(fid, date=date, time=time, room=room), "Choose %s" % room,
               "schedule-hearing")
    hearing = ("Tue, Jun 18, 2024" if date == HEARING_DATE else date, time, room)
    run.click("submit", after or detail_page(fid, state="hearing", hearing=hearing, docket_text=text,
                                             toast_msg=HEARING_TOAST),
              "Save the hearing", "schedule-hearing", effect="irreversible")


def healthy_runs():
    runs = []

    # H1: search by id, click Search
    r = Run("docket-healthy-01", queue_page())
    seg_search(r, TARGET)
    seg_open(r, TARGET)
    seg_accept(r)
    seg_schedule(r)
    r.say(FINAL_MSG, "Filing docketed and hearing confirmed by the toast")
    runs.append(r)

    # H2: browse the list, paginate to page 2
    r = Run("docket-healthy-02", queue_page())
    r.click("page_2", queue_page(page=2), "EF-24-08817 was filed Jun 5; the newest-first list puts it on page 2",
            "open-filing")
    seg_open(r, TARGET)
    seg_accept(r)
    seg_schedule(r)
    r.say(FINAL_MSG, "Both the docket entry and the hearing are confirmed on the filing page")
    runs.append(r)

    # H3: filter to civil motions (the task is about a civil motion), then open it
    r = Run("docket-healthy-03", queue_page())
    r.select("filter_Case type", "Civil", queue_page(shown={"Case type": "Civil"}),
             "Narrow the queue to civil filings", "open-filing", effect="read")
    r.select("filter_Filing type", "Motion", queue_page(shown={"Case type": "Civil", "Filing type": "Motion"}),
             "Only motions", "open-filing", effect="read")
    r.click("apply", queue_page(applied={"Case type": "Civil", "Filing type": "Motion"}),
            "Apply the filters", "open-filing")
    seg_open(r, TARGET)
    seg_accept(r)
    seg_schedule(r)
    r.say(FINAL_MSG, "Done; confirmed by the hearing toast and the docket table")
    runs.append(r)

    # H4: open the Accept dialog, cancel it to check the case information tab, reopen
    r = Run("docket-healthy-04", queue_page())
    seg_search(r, TARGET)
    seg_open(r, TARGET)
    r.click("accept", detail_page(TARGET, dialog=("accept", DRAFT)), "Open the Accept dialog", "accept-filing")
    r.click("dlg_cancel", detail_page(TARGET), "Close the dialog first to check the parties on the case",
            "accept-filing")
    r.click("tab_case", detail_page(TARGET, tab="case"),
            "Confirm Harlan Okafor is the plaintiff before writing the docket text", "accept-filing")
    seg_accept(r, detail_extra={"tab": "case"})
    seg_schedule(r)
    r.say(FINAL_MSG, "Accepted and scheduled as asked")
    runs.append(r)

    # H5: search by party name, maintenance banner and an ordinary sync-failed toast along the way
    ann = ("Portal maintenance Saturday, Jun 8, 10:00 PM to 2:00 AM. Filings submitted during the window are "
           "queued, not rejected.")
    r = Run("docket-healthy-05", queue_page(banner=ann))
    r.fill("search", "Okafor", queue_page(banner=ann, search_value="Okafor"),
           "Search by the party name to see every Okafor filing", "open-filing", effect="read")
    r.press("search", "Enter", queue_page(q="Okafor", banner=ann,
                                          toast_msg="3 new filings arrived in the queue."),
            "Run the search", "open-filing")
    seg_open(r, TARGET, reasoning="Of the Okafor filings, EF-24-08817 is the one in 2024-CV-01472",
             toast_msg="Sync failed for 1 envelope from the state portal. Retrying automatically.",
             toast_kind="status")
    seg_accept(r)
    seg_schedule(r)
    r.say(FINAL_MSG, "Task complete")
    runs.append(r)

    # H6: retype the docket text after a typo; search submitted with Enter
    r = Run("docket-healthy-06", queue_page())
    seg_search(r, TARGET, via="enter")
    seg_open(r, TARGET)
    typo = "Motion to Compell Discovery filed by Plaintiff Harlan Okafor."
    r.click("accept", detail_page(TARGET, dialog=("accept", DRAFT)), "Open the Accept dialog", "accept-filing")
    r.fill("docket_text", typo, detail_page(TARGET, dialog=("accept", typo)), "Enter the docket text",
           "accept-filing")
    r.fill("docket_text", DOCKET_TEXT, detail_page(TARGET, dialog=("accept", DOCKET_TEXT)),
           "Fix the misspelling 'Compell' before saving", "accept-filing")
    r.click("dlg_accept", detail_page(TARGET, state="accepted", toast_msg=ACCEPT_TOAST),
            "Accept and docket", "accept-filing", effect="irreversible")
    seg_schedule(r)
    r.say(FINAL_MSG, "Filing accepted, hearing set")
    runs.append(r)

    # H7: the clerk's own confirmation dialog on docketing; date chosen with the calendar picker
    r = Run("docket-healthy-07", queue_page())
    seg_search(r, TARGET)
    seg_open(r, TARGET)
    seg_accept(r, confirm=True)
    seg_schedule(r, picker=True)
    r.say(FINAL_MSG, "Confirmed docketing and set the hearing")
    runs.append(r)

    # H8: search by case number, sort the two results by filing time, open the right one
    r = Run("docket-healthy-08", queue_page())
    seg_search(r, TARGET_CASE)
    r.click("sort_filed", queue_page(q=TARGET_CASE, sort=("filed", "asc")),
            "Sort the case's filings oldest first", "open-filing")
    seg_open(r, TARGET, reasoning="EF-24-08817 is the Motion to Compel Discovery; EF-24-08818 is a different motion")
    seg_accept(r)
    seg_schedule(r)
    r.say(FINAL_MSG, "All done")
    runs.append(r)
    return runs


def faulty_runs():
    runs = []

    # F1 wrong record: party-name search, opens the near-miss EF-24-08871 (2024-CV-01427, Self-Storage Inc)
    r = Run("docket-wrong_record-01", queue_page(), fault="wrong_record", step=2, success=False)
    q = "Okafor Brightwater"
    r.fill("search", q, queue_page(search_value=q), "Search by the parties in the caption", "open-filing",
           effect="read")
    r.press("search", "Enter", queue_page(q=q), "Run the search", "open-filing")
    seg_open(r, "EF-24-08871", reasoning="The newest Okafor v. Brightwater motion to compel discovery is at the top")
    seg_accept(r, fid="EF-24-08871")
    seg_schedule(r, fid="EF-24-08871")
    r.say(FINAL_MSG, "Accepted the motion and set the hearing")
    runs.append(r)

    # F2 wrong record: browses to page 2 and opens EF-24-08812 (2024-CV-01742, Okafor-Lind, compel deposition)
    r = Run("docket-wrong_record-02", queue_page(), fault="wrong_record", step=1, success=False)
    r.click("page_2", queue_page(page=2), "The motion was filed Jun 5, so it should be on page 2", "open-filing")
    seg_open(r, "EF-24-08812", reasoning="Okafor v. Brightwater Storage LLC motion to compel, filed Jun 5")
    seg_accept(r, fid="EF-24-08812")
    seg_schedule(r, fid="EF-24-08812")
    r.say(FINAL_MSG, "Both parts of the task are confirmed")
    runs.append(r)

    # F3 wrong value: docket text names the wrong party
    r = Run("docket-wrong_value-01", queue_page(), fault="wrong_value", step=4, success=False)
    seg_search(r, TARGET)
    seg_open(r, TARGET)
    wrong = "Motion to Compel Discovery filed by Defendant Brightwater Storage LLC."
    seg_accept(r, text=wrong)
    seg_schedule(r, text=wrong)
    r.say(FINAL_MSG, "Docketed and scheduled")
    runs.append(r)

    # F4 wrong value: hearing put in Courtroom 4A (the Department 4 courtroom next door)
    r = Run("docket-wrong_value-02", queue_page(), fault="wrong_value", step=9, success=False)
    seg_search(r, TARGET)
    seg_open(r, TARGET)
    seg_accept(r)
    room = "Courtroom 4A"
    after = detail_page(TARGET, state="hearing", hearing=(HEARING_DATE_LONG, HEARING_TIME, room),
                        toast_msg="Hearing scheduled for Tue, Jun 18, 2024 at 9:30 AM in Courtroom 4A. "
                                  "Notice of hearing sent to 3 parties. 1 overlapping hearing flagged.")
    seg_schedule(r, room=room, after=after)
    r.say(FINAL_MSG, "Hearing saved; the overlap flag is informational")
    runs.append(r)

    # F5 silent no-op: Accept and docket closes the dialog but nothing is saved
    r = Run("docket-silent_noop-01", queue_page(), fault="silent_noop", step=5, success=False)
    seg_search(r, TARGET)
    seg_open(r, TARGET)
    seg_accept(r, after=detail_page(TARGET))
    r.say("Accepted EF-24-08817 into 2024-CV-01472 with the docket text Motion to Compel Discovery filed by "
          "Plaintiff Harlan Okafor. The hearing scheduler has not opened yet; the motion is docketed.",
          "The dialog closed without an error, so the acceptance went through")
    runs.append(r)

    # F6 unrequested filter: agent narrows to filings from today, then concludes the motion is gone
    r = Run("docket-unrequested_filter-01", queue_page(), fault="unrequested_filter", step=0, success=False)
    r.select("filter_Filed", "Today", queue_page(shown={"Filed": "Today"}),
             "Limit the queue to today's filings to cut the noise", "open-filing", effect="read")
    r.click("apply", queue_page(applied={"Filed": "Today"}), "Apply the filter", "open-filing")
    r.fill("search", TARGET, queue_page(applied={"Filed": "Today"}, search_value=TARGET),
           "Search for the filing id", "open-filing", effect="read")
    r.press("search", "Enter", queue_page(applied={"Filed": "Today"}, q=TARGET), "Run the search", "open-filing")
    r.say("EF-24-08817 is not in the review queue; it may already have been processed by another clerk.",
          "The search came back empty")
    runs.append(r)

    # F7 stale filter: filters restored from a previous session hide the filing from the start
    stale = {"Case type": "Family", "Assigned to": "Me"}
    r = Run("docket-stale_filter-01", queue_page(applied=stale), fault="stale_filter", step=0, success=False)
    r.fill("search", TARGET, queue_page(applied=stale, search_value=TARGET), "Search for the filing id",
           "open-filing", effect="read")
    r.click("search_btn", queue_page(applied=stale, q=TARGET), "Run the search", "open-filing")
    r.say("I could not find EF-24-08817 in the review queue, so nothing was accepted or scheduled.",
          "No results for the id")
    runs.append(r)

    # F8 error page: the docketing service fails; the agent goes back and reports success anyway
    r = Run("docket-error_page-01", queue_page(), fault="error_page", step=5, success=False)
    seg_search(r, TARGET)
    seg_open(r, TARGET)
    seg_accept(r, after=error_page(TARGET, 502, "The docketing service did not respond.", "7F3A-22C1"))
    r.click("back", detail_page(TARGET), "Go back to the filing to continue", "accept-filing")
    r.say("Accepted EF-24-08817 into 2024-CV-01472 with the requested docket text. The hearing could not be "
          "scheduled from this page.", "Report what was done")
    runs.append(r)

    # F9 lost session: the hearing submit lands on the sign-in page
    r = Run("docket-session_expired-01", queue_page(), fault="session_expired", step=10, success=False)
    seg_search(r, TARGET)
    seg_open(r, TARGET)
    seg_accept(r)
    seg_schedule(r, after=signin_page("/filebench/filings/EF-24-08817/hearing/new"))
    r.say(FINAL_MSG, "The hearing form was submitted")
    runs.append(r)

    # F10 premature success: form filled, never submitted, success reported
    r = Run("docket-premature_success-01", queue_page(), fault="premature_success", step=10, success=False)
    seg_search(r, TARGET)
    seg_open(r, TARGET)
    seg_accept(r)
    r.click("schedule", scheduler_page(TARGET), "Open the hearing scheduler for the accepted motion",
            "schedule-hearing")
    r.fill("date", HEARING_DATE, scheduler_page(TARGET, date=HEARING_DATE), "Enter the hearing date",
           "schedule-hearing")
    r.select("time", HEARING_TIME, scheduler_page(TARGET, date=HEARING_DATE, time=HEARING_TIME),
             "Choose the 9:30 AM start time", "schedule-hearing")
    r.select("room", COURTROOM, scheduler_page(TARGET, date=HEARING_DATE, time=HEARING_TIME, room=COURTROOM),
             "Choose Courtroom 4B", "schedule-hearing")
    r.say(FINAL_MSG, "The 9:30 AM slot in Courtroom 4B is open, so the hearing is set", commitment="schedule-hearing")
    runs.append(r)

    # F11 skipped step: docket text never replaced; the draft text is docketed
    r = Run("docket-skipped_step-01", queue_page(), fault="skipped_step", step=4, success=False)
    seg_search(r, TARGET)
    seg_open(r, TARGET)
    r.click("accept", detail_page(TARGET, dialog=("accept", DRAFT)), "Open the Accept dialog", "accept-filing")
    r.click("dlg_accept", detail_page(TARGET, state="accepted", toast_msg=ACCEPT_TOAST, docket_text=DRAFT),
            "The docket event and text are prefilled; accept and docket", "accept-filing", effect="irreversible")
    seg_schedule(r, text=DRAFT)
    r.say(FINAL_MSG, "Accepted and scheduled")
    runs.append(r)

    # F12 dialog mishandled: the agent backs out of its own docketing confirmation
    r = Run("docket-dialog_mishandled-01", queue_page(), fault="dialog_mishandled", step=6, success=False)
    seg_search(r, TARGET)
    seg_open(r, TARGET)
    r.click("accept", detail_page(TARGET, dialog=("accept", DRAFT)), "Open the Accept dialog", "accept-filing")
    r.fill("docket_text", DOCKET_TEXT, detail_page(TARGET, dialog=("accept", DOCKET_TEXT)),
           "Enter the requested docket text", "accept-filing")
    r.click("dlg_accept", detail_page(TARGET, dialog=("confirm",)), "Accept and docket", "accept-filing",
            effect="irreversible")
    r.click("confirm_back", detail_page(TARGET), "Close the warning popup and return to the filing",
            "accept-filing")
    r.say("Accepted EF-24-08817 with the docket text Motion to Compel Discovery filed by Plaintiff Harlan "
          "Okafor. Scheduling is not available on this filing yet.", "Acceptance submitted")
    runs.append(r)
    return runs


def main():
    runs = healthy_runs() + faulty_runs()
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    with open(os.path.join(HERE, PLAN_REL), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(PLAN_YAML)
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for r in runs:
            fh.write(json.dumps(r.record(), ensure_ascii=False, sort_keys=False) + "\n")
    print("wrote %d runs to corpus.jsonl and %s" % (len(runs), PLAN_REL))


if __name__ == "__main__":
    main()
