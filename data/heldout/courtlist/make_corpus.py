#!/usr/bin/env python3
"""Generate the CourtList held-out corpus (stdlib only, deterministic).

CourtList is an invented case-management system of the (invented) Calder County Clerk
of the Circuit Court. This script renders BrowserGym-style accessibility-tree pages
for two clerk workflows and writes:

  corpus.jsonl                 20 trajectories (8 healthy, 12 faulty, labelled)
  plans/schedule_hearing.yaml  hand-written plan (see plans_src.py)
  plans/file_document.yaml     hand-written plan (see plans_src.py)

Run:  python3 make_corpus.py
"""
import json
import os
import random
import zlib

from plans_src import PLANS, TASKS

SEED = 20250416
HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "http://127.0.0.1:8000/courtlist"
PRODUCT = "CourtList"
ORG = "Calder County Clerk of the Circuit Court"
USER = "Dana Whitcombe"
USER_ROLE = "Deputy Clerk II, Civil Division"
TODAY = "Wednesday, April 16, 2025"
PER_PAGE = 10

RNG = random.Random(SEED)


def q(s):
    return repr(str(s))


# --------------------------------------------------------------------------- pages
class Page:
    """One observation: a flattened AXTree with bids, plus url and title."""

    def __init__(self, url, title):
        self.url = url
        self.title = title
        self.lines = ["RootWebArea %s, focused" % q(title)]
        self.ids = {}
        self._rng = random.Random(zlib.crc32(("%s|%s" % (url, title)).encode()) ^ SEED)
        self._n = self._rng.randint(12, 40)
        self.error = None

    def add(self, d, role, name="", key=None, value=None, props=()):
        self._n += self._rng.choice((1, 1, 1, 2, 3))
        bid = "a%d" % self._n
        line = "\t" * d + "[%s] %s %s" % (bid, role, q(name))
        if value is not None:
            line += " value=%s" % q(value)
        for p in props:
            line += ", " + p
        self.lines.append(line)
        if key is not None:
            self.ids[key] = (bid, "%s %s" % (role, q(name)))
        return bid

    def text(self, d, s):
        self.lines.append("\t" * d + "StaticText %s" % q(s))

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": self.error}


def combo(p, d, label, options, value, key=None, required=False, disabled=False, desc=None):
    props = ["hasPopup='menu'", "expanded=False"]
    if required:
        props.append("required")
    if disabled:
        props.append("disabled=True")
    if desc:
        props.append("describedby=%s" % q(desc))
    p.add(d, "combobox", label, key=key, value=value, props=props)
    for o in options:
        p.add(d + 1, "option", o, key=("%s:%s" % (key, o)) if key else None,
              props=["selected=%s" % (o == value)])


def checkbox(p, d, label, checked, key=None, disabled=False):
    props = ["checked=%s" % q("true" if checked else "false")]
    if disabled:
        props.append("disabled=True")
    p.add(d, "checkbox", label, key=key, props=props)


def radio(p, d, label, checked, key=None, disabled=False):
    props = ["checked=%s" % q("true" if checked else "false")]
    if disabled:
        props.append("disabled=True")
    p.add(d, "radio", label, key=key, props=props)


def table(p, d, name, headers, rows, sort_keys=None):
    """rows: list of lists of cells; a cell is str or (role, name, key)."""
    p.add(d, "table", name)
    p.add(d + 1, "rowgroup", "")
    p.add(d + 2, "row", " ".join(headers))
    for h in headers:
        sk = (sort_keys or {}).get(h)
        if sk:
            p.add(d + 3, "columnheader", h, props=[sk[1]])
            p.add(d + 4, "button", "Sort by %s" % h.lower(), key=sk[0])
        else:
            p.add(d + 3, "columnheader", h)
    p.add(d + 1, "rowgroup", "")
    for r in rows:
        label = " ".join(c if isinstance(c, str) else c[1] for c in r)
        p.add(d + 2, "row", label)
        for c in r:
            if isinstance(c, str):
                p.add(d + 3, "cell", c)
            else:
                p.add(d + 3, "cell", "")
                role, nm, k = c[0], c[1], c[2]
                p.add(d + 4, role, nm, key=k)


# --------------------------------------------------------------------------- data
JUDGES = {
    "Division 2": "Hon. Theodore Kwan",
    "Division 4": "Hon. Miriam Alvarez",
    "Division 5": "Hon. Renata Boyce",
    "Division 7": "Hon. Miriam Alvarado",
}
JUDGE_OPTIONS = ["Hon. Miriam Alvarez (Division 4)", "Hon. Miriam Alvarado (Division 7)",
                 "Hon. Theodore Kwan (Division 2)", "Hon. Renata Boyce (Division 5)",
                 "Magistrate Owen Petrakis (Civil Motions)"]

CASES = {}


def case(cid, caption, ctype, division, filed, last, status="Open", next_event="None scheduled",
         parties=(), related=(), docket=None, hearings=None):
    CASES[cid] = dict(id=cid, caption=caption, type=ctype, division=division,
                      judge=JUDGES.get(division, "Hon. Sandra Oyelaran"), filed=filed,
                      last=last, status=status, next=next_event, parties=list(parties),
                      related=list(related), docket=docket, hearings=hearings)


case("CV-2025-000417", "Brennan v. Okafor Holdings LLC", "Contract - breach of written contract",
     "Division 4", "02/03/2025", "04/09/2025", next_event="Status Conference 06/05/2025 10:00 AM",
     parties=[("Siobhan Brennan", "Plaintiff", "Arjun Mehta", "Mehta & Sloane LLP"),
              ("Okafor Holdings LLC", "Defendant", "Lauren Pike", "Pike Danvers PLLC")],
     related=[("CV-2025-000418", "Related - same defendant, same counsel"),
              ("CV-2024-000417", "Prior action between the parties (disposed)")],
     docket=[("02/03/2025", "Complaint for Breach of Contract", "Siobhan Brennan (Plaintiff)", 18),
             ("02/03/2025", "Civil Case Cover Sheet", "Siobhan Brennan (Plaintiff)", 2),
             ("02/03/2025", "Summons Issued - Okafor Holdings LLC", "Clerk", 2),
             ("02/14/2025", "Proof of Service on Okafor Holdings LLC", "Siobhan Brennan (Plaintiff)", 3),
             ("03/06/2025", "Answer of Defendant Okafor Holdings LLC", "Okafor Holdings LLC (Defendant)", 11),
             ("03/12/2025", "Case Management Order", "Hon. Miriam Alvarez", 4),
             ("03/28/2025", "Plaintiff's Motion to Compel Discovery", "Siobhan Brennan (Plaintiff)", 14),
             ("04/08/2025", "Opposition to Motion to Compel Discovery", "Okafor Holdings LLC (Defendant)", 9),
             ("04/09/2025", "Request for Hearing on Motion to Compel", "Siobhan Brennan (Plaintiff)", 2)],
     hearings=[("HR-2025-02140", "Case Management Conference", "03/12/2025 9:00 AM", "4B",
                "Hon. Miriam Alvarez", "Held"),
               ("HR-2025-02987", "Status Conference", "06/05/2025 10:00 AM", "4B",
                "Hon. Miriam Alvarez", "Scheduled")])
case("CV-2025-000418", "Brennan Family Trust v. Okafor Holdings LLC", "Contract - lease guaranty",
     "Division 4", "02/04/2025", "04/15/2025", next_event="Status Conference 06/05/2025 10:30 AM",
     parties=[("Brennan Family Trust", "Plaintiff", "Arjun Mehta", "Mehta & Sloane LLP"),
              ("Okafor Holdings LLC", "Defendant", "Lauren Pike", "Pike Danvers PLLC")],
     related=[("CV-2025-000417", "Related - same defendant, same counsel")],
     docket=[("02/04/2025", "Complaint on Lease Guaranty", "Brennan Family Trust (Plaintiff)", 15),
             ("02/04/2025", "Civil Case Cover Sheet", "Brennan Family Trust (Plaintiff)", 2),
             ("02/20/2025", "Proof of Service on Okafor Holdings LLC", "Brennan Family Trust (Plaintiff)", 3),
             ("03/14/2025", "Answer of Defendant Okafor Holdings LLC", "Okafor Holdings LLC (Defendant)", 8),
             ("04/15/2025", "Reply to Affirmative Defenses", "Brennan Family Trust (Plaintiff)", 7)],
     hearings=[("HR-2025-02988", "Status Conference", "06/05/2025 10:30 AM", "4B",
                "Hon. Miriam Alvarez", "Scheduled")])
case("CV-2024-000417", "Brennan v. Okafor", "Contract - breach of oral contract", "Division 2",
     "03/11/2024", "11/22/2024", status="Disposed",
     parties=[("Siobhan Brennan", "Plaintiff", "Arjun Mehta", "Mehta & Sloane LLP"),
              ("Chidi Okafor", "Defendant", "Self-represented", "")],
     related=[("CV-2025-000417", "Later action between the parties")],
     docket=[("03/11/2024", "Complaint", "Siobhan Brennan (Plaintiff)", 9),
             ("11/22/2024", "Stipulated Judgment of Dismissal", "Hon. Theodore Kwan", 2)],
     hearings=[])
case("CV-2025-000471", "Brennan v. Oakfield Holdings LLC", "Property damage", "Division 7",
     "02/19/2025", "04/11/2025",
     parties=[("Declan Brennan", "Plaintiff", "Self-represented", ""),
              ("Oakfield Holdings LLC", "Defendant", "Rafael Osei", "Osei Kerrigan LLP")],
     docket=[("02/19/2025", "Complaint for Property Damage", "Declan Brennan (Plaintiff)", 6)],
     hearings=[])
case("CV-2025-000352", "Lindqvist v. Harrow Medical Group, PC", "Medical negligence", "Division 2",
     "01/22/2025", "04/14/2025", next_event="Case Management Conference 05/21/2025 9:00 AM",
     parties=[("Ingrid Lindqvist", "Plaintiff", "Marcus Feld", "Feld Injury Law"),
              ("Harrow Medical Group, PC", "Defendant", "Celeste Ambrose", "Ambrose & Whitlock"),
              ("Nathaniel Harrow, M.D.", "Defendant", "Celeste Ambrose", "Ambrose & Whitlock")],
     related=[("CV-2025-000353", "Same parties - collection action"),
              ("FA-2025-000352", "Same party name - Family Division")],
     docket=[("01/22/2025", "Complaint for Medical Negligence", "Ingrid Lindqvist (Plaintiff)", 24),
             ("01/22/2025", "Civil Case Cover Sheet", "Ingrid Lindqvist (Plaintiff)", 2),
             ("01/22/2025", "Summons Issued - Harrow Medical Group, PC", "Clerk", 2),
             ("01/22/2025", "Summons Issued - Nathaniel Harrow, M.D.", "Clerk", 2),
             ("02/06/2025", "Proof of Service on Harrow Medical Group, PC", "Ingrid Lindqvist (Plaintiff)", 3),
             ("02/07/2025", "Proof of Service on Nathaniel Harrow, M.D.", "Ingrid Lindqvist (Plaintiff)", 3),
             ("02/27/2025", "Notice of Appearance of Counsel (Ambrose & Whitlock)", "Harrow Medical Group, PC (Defendant)", 2),
             ("03/03/2025", "Stipulation to Extend Time to Answer", "Ingrid Lindqvist (Plaintiff)", 3),
             ("03/05/2025", "Order Granting Stipulated Extension", "Hon. Theodore Kwan", 1),
             ("03/24/2025", "Certificate of Merit", "Ingrid Lindqvist (Plaintiff)", 6),
             ("04/02/2025", "Notice of Service of Initial Disclosures", "Ingrid Lindqvist (Plaintiff)", 2),
             ("04/10/2025", "Notice of Deposition of Nathaniel Harrow, M.D.", "Ingrid Lindqvist (Plaintiff)", 3),
             ("04/14/2025", "Answer of Defendant Nathaniel Harrow, M.D.", "Nathaniel Harrow, M.D. (Defendant)", 9)],
     hearings=[("HR-2025-03011", "Case Management Conference", "05/21/2025 9:00 AM", "2A",
                "Hon. Theodore Kwan", "Scheduled")])
case("CV-2025-000353", "Harrow Medical Group, PC v. Lindqvist", "Collections - open account", "Division 5",
     "01/23/2025", "04/14/2025",
     parties=[("Harrow Medical Group, PC", "Plaintiff", "Gwen Tallis", "Tallis Recovery Law"),
              ("Ingrid Lindqvist", "Defendant", "Self-represented", "")],
     related=[("CV-2025-000352", "Same parties - negligence action")],
     docket=[("01/23/2025", "Complaint on Open Account", "Harrow Medical Group, PC (Plaintiff)", 5),
             ("04/14/2025", "Notice of Related Case", "Ingrid Lindqvist (Defendant)", 2)],
     hearings=[])
case("CV-2025-000325", "Lindquist v. Harrow Urgent Care LLC", "Personal injury - premises", "Division 2",
     "01/17/2025", "03/31/2025",
     parties=[("Peter Lindquist", "Plaintiff", "Dara Nguyen", "Nguyen Trial Group"),
              ("Harrow Urgent Care LLC", "Defendant", "Ian Royce", "Royce & Bell")],
     docket=[("01/17/2025", "Complaint for Premises Liability", "Peter Lindquist (Plaintiff)", 12)],
     hearings=[])
case("FA-2025-000352", "In re the Marriage of Ingrid Lindqvist and Stefan Lindqvist",
     "Dissolution of marriage", "Family Division 1", "02/10/2025", "04/03/2025",
     parties=[("Ingrid Lindqvist", "Petitioner", "Hannah Orr", "Orr Family Law"),
              ("Stefan Lindqvist", "Respondent", "Self-represented", "")],
     docket=[("02/10/2025", "Petition for Dissolution of Marriage", "Ingrid Lindqvist (Petitioner)", 8)],
     hearings=[])

KEY_OPEN_CIVIL = ["CV-2025-000417", "CV-2025-000418", "CV-2025-000471", "CV-2025-000352",
                  "CV-2025-000353", "CV-2025-000325"]

SURNAMES = ["Abernathy", "Castellanos", "Dubois", "Eriksen", "Fairweather", "Gallagher", "Hollis",
            "Ibarra", "Jankowski", "Kowalczyk", "Laurent", "Maddox", "Nakamura", "Ortega", "Pellegrini",
            "Quintero", "Rasmussen", "Santangelo", "Thibodeaux", "Underhill", "Valdivia", "Whitfield",
            "Yamamoto", "Zielinski", "Achebe", "Bergstrom", "Caruso", "Delacroix", "Esposito", "Fontaine"]
COMPANIES = ["Ridgeview Apartments LLC", "Calder Mutual Insurance Co.", "Northgate Auto Sales Inc.",
             "Pinecrest Property Management", "Summit Roofing & Gutters LLC", "Blue Heron Logistics Inc.",
             "Calder Regional Transit Authority", "Marigold Senior Living LLC", "Ironbridge Credit Union",
             "Westlake Dental Partners", "Tri-County Plumbing Inc.", "Cedar Hollow HOA"]
CTYPES = ["Contract - breach of written contract", "Landlord/tenant - unlawful detainer",
          "Personal injury - motor vehicle", "Collections - open account", "Property damage",
          "Employment - wage claim", "Insurance - bad faith", "Construction defect"]
DIVS = ["Division 2", "Division 4", "Division 5", "Division 7"]
NEXT_TYPES = ["Status Conference", "Case Management Conference", "Motion Hearing", "Pretrial Conference",
              "Settlement Conference"]


def _build_filler():
    used = {int(c[-6:]) for c in KEY_OPEN_CIVIL}
    nums = [n for n in range(240, 481) if n not in used]
    picks = sorted(RNG.sample(nums, 35))
    old = sorted(RNG.sample(range(600, 990), 6))
    ids = ["CV-2025-%06d" % n for n in picks] + ["CV-2024-%06d" % n for n in old]
    for cid in ids:
        a = RNG.choice(SURNAMES)
        b = RNG.choice(COMPANIES + SURNAMES)
        while b == a:
            b = RNG.choice(SURNAMES)
        year = cid[3:7]
        month = RNG.randint(1, 3) if year == "2025" else RNG.randint(6, 12)
        filed = "%02d/%02d/%s" % (month, RNG.randint(1, 28), year)
        last = "%02d/%02d/2025" % (RNG.choice([3, 3, 4, 4, 4]), RNG.randint(1, 15))
        if last.startswith("04/") and int(last[3:5]) > 15:
            last = "04/15/2025"
        nxt = "None scheduled"
        if RNG.random() < 0.7:
            nxt = "%s %02d/%02d/2025 %s" % (RNG.choice(NEXT_TYPES), RNG.randint(5, 7), RNG.randint(1, 28),
                                             RNG.choice(["9:00 AM", "9:30 AM", "10:00 AM", "1:30 PM"]))
        case(cid, "%s v. %s" % (a, b), RNG.choice(CTYPES), RNG.choice(DIVS), filed, last, next_event=nxt,
             docket=[(filed, "Complaint", "%s (Plaintiff)" % a, RNG.randint(4, 30))], hearings=[])
    return ids


FILLER = _build_filler()
OPEN_CIVIL = KEY_OPEN_CIVIL + FILLER


def date_key(mmddyyyy):
    m, d, y = mmddyyyy.split("/")
    return (int(y), int(m), int(d))


def num_key(cid):
    return (int(cid[3:7]), int(cid[-6:]))


SORTS = {
    "Last activity (newest)": (lambda c: (date_key(CASES[c]["last"]), num_key(c)), True),
    "Case number (ascending)": (num_key, False),
    "Case number (descending)": (num_key, True),
    "Caption (A-Z)": (lambda c: CASES[c]["caption"].lower(), False),
    "Filed date (newest)": (lambda c: (date_key(CASES[c]["filed"]), num_key(c)), True),
}
SORT_SLUG = {"Last activity (newest)": "activity", "Case number (ascending)": "number",
             "Case number (descending)": "-number", "Caption (A-Z)": "caption",
             "Filed date (newest)": "filed"}


def list_rows(sort, division):
    ids = [c for c in OPEN_CIVIL if division == "All civil divisions" or CASES[c]["division"] == division]
    fn, rev = SORTS[sort]
    return sorted(ids, key=fn, reverse=rev)


def page_of(cid, sort, division):
    return list_rows(sort, division).index(cid) // PER_PAGE + 1


# --------------------------------------------------------------------------- run context
class Ctx:
    def __init__(self, recent=None, toast=None):
        self.recent = list(recent or ["CV-2025-000418", "CV-2025-000353", FILLER[3],
                                      "CV-2025-000417", "CV-2025-000352", "CV-2025-000325"])
        self.toast = toast
        self.notif = 3

    def visit(self, cid):
        if cid in self.recent:
            self.recent.remove(cid)
        self.recent.insert(0, cid)
        del self.recent[6:]


NAV = ["Dashboard", "Cases", "Calendar", "Filings inbox", "Reports"]


def chrome_top(p, ctx, active, crumbs, search="", notice=None, alert=None):
    p.add(1, "banner", "")
    p.add(2, "link", "%s - %s, home" % (PRODUCT, ORG), key="home")
    p.add(2, "search", "Case search")
    p.add(3, "textbox", "Search cases, parties, or docket numbers", key="search", value=search,
          props=["focused"] if search else [])
    p.add(3, "button", "Search", key="search_btn")
    p.add(2, "navigation", "Primary")
    p.add(3, "list", "")
    for item in NAV:
        p.add(4, "listitem", "")
        p.add(5, "link", item + (" (4)" if item == "Filings inbox" else ""), key="nav_" + item,
              props=["current='page'"] if item == active else [])
    p.add(2, "button", "Notifications, %d unread" % ctx.notif, key="notif",
          props=["hasPopup='menu'", "expanded=False"])
    p.add(2, "button", "%s, %s" % (USER, USER_ROLE), key="usermenu",
          props=["hasPopup='menu'", "expanded=False"])
    # live region for toasts and save messages
    p.add(1, "region", "Notifications", props=["live='polite'"])
    if ctx.toast:
        p.add(2, "status", "", props=["live='polite'", "atomic", "relevant='additions text'"])
        p.text(3, ctx.toast)
        p.add(3, "button", "Dismiss notification", key="toast_close")
    if notice:
        p.add(2, "status", "", props=["live='polite'", "atomic", "relevant='additions text'"])
        p.text(3, notice)
        p.add(3, "button", "Dismiss", key="notice_close")
    if alert:
        p.add(2, "alert", "", props=["live='assertive'", "atomic", "relevant='additions text'"])
        p.text(3, alert)
        p.add(3, "link", "Contact the help desk", key="alert_help")
    if crumbs:
        p.add(1, "navigation", "Breadcrumb")
        p.add(2, "list", "")
        for i, (label, k) in enumerate(crumbs):
            p.add(3, "listitem", "")
            if i == len(crumbs) - 1:
                p.text(4, label)
            else:
                p.add(4, "link", label, key=k)


def chrome_bottom(p, ctx, related=None):
    if related:
        p.add(1, "complementary", "Related cases")
        p.add(2, "heading", "Related cases")
        p.add(2, "list", "")
        for rid, why in related:
            p.add(3, "listitem", "")
            p.add(4, "link", "%s %s" % (rid, CASES[rid]["caption"]), key="rel_" + rid)
            p.text(4, why)
    p.add(1, "complementary", "Recently viewed")
    p.add(2, "heading", "Recently viewed")
    p.add(2, "list", "")
    for cid in ctx.recent:
        p.add(3, "listitem", "")
        p.add(4, "link", "%s %s" % (cid, CASES[cid]["caption"]), key="recent_" + cid)
    p.add(1, "contentinfo", "")
    p.text(2, "(c) 2025 %s" % ORG)
    p.add(2, "link", "Accessibility", key="foot_a11y")
    p.add(2, "link", "Help desk (ext. 4410)", key="foot_help")
    p.add(2, "link", "Privacy and public access policy", key="foot_privacy")
    p.text(2, "%s 6.3.2 - session times out after 30 minutes of inactivity" % PRODUCT)


def title_of(s):
    return "%s - %s" % (s, PRODUCT)


# --------------------------------------------------------------------------- page types
def dashboard(ctx, search=""):
    p = Page(BASE + "/", title_of("My work"))
    chrome_top(p, ctx, "Dashboard", None, search=search)
    p.add(1, "main", "")
    p.add(2, "heading", "Good morning, Dana")
    p.text(2, "%s - Civil Division intake, Counter 2" % TODAY)
    p.add(2, "region", "My queue")
    p.add(3, "heading", "My queue")
    table(p, 3, "Intake queue", ["Received", "Item", "Case", "Action"], [
        ["9:52 AM", "Harrow_Answer_0416.pdf (12 pp.) - paper filing", "CV-2025-000352",
         ("button", "Process Harrow_Answer_0416.pdf", "q_process_1")],
        ["9:58 AM", "Lindqvist_Exhibits_0416.pdf (31 pp.) - exhibits", "CV-2025-000352",
         ("button", "Process Lindqvist_Exhibits_0416.pdf", "q_process_2")],
        ["10:03 AM", "Okafor_Reply_0416.pdf (7 pp.) - paper filing", "CV-2025-000418",
         ("button", "Process Okafor_Reply_0416.pdf", "q_process_3")],
    ])
    p.add(2, "region", "Calendar requests")
    p.add(3, "heading", "Calendar requests")
    p.add(3, "list", "")
    for txt, k in [("Motion to Compel Discovery - CV-2025-000417 - requested by Mehta & Sloane LLP on 04/09/2025", "cr1"),
                   ("Status Conference continuance - CV-2025-000418 - requested by Pike Danvers PLLC on 04/15/2025", "cr2")]:
        p.add(4, "listitem", "")
        p.text(5, txt)
        p.add(5, "link", "View request", key=k)
    p.add(2, "region", "Today's hearings - Civil Division")
    p.add(3, "heading", "Today's hearings - Civil Division")
    rows = []
    for cid, t, room, typ in [(FILLER[5], "9:00 AM", "4B", "Motion Hearing"),
                              (FILLER[11], "9:30 AM", "2A", "Status Conference"),
                              (FILLER[17], "10:30 AM", "5C", "Pretrial Conference"),
                              (FILLER[23], "1:30 PM", "7A", "Settlement Conference")]:
        rows.append([t, "Courtroom " + room, ("link", cid, "today_" + cid), typ])
    table(p, 3, "Today's hearings", ["Time", "Courtroom", "Case", "Hearing type"], rows)
    chrome_bottom(p, ctx)
    return p


def filter_dialog(p, division, status_open=True):
    p.add(1, "dialog", "Filter cases", props=["modal=True"])
    p.add(2, "heading", "Filter cases")
    p.add(2, "group", "Status")
    checkbox(p, 3, "Open", status_open, key="f_open")
    checkbox(p, 3, "Stayed", False, key="f_stayed")
    checkbox(p, 3, "Disposed", False, key="f_disposed")
    combo(p, 2, "Division", ["All civil divisions"] + DIVS, division, key="f_division")
    combo(p, 2, "Judicial officer", ["Any"] + JUDGE_OPTIONS, "Any", key="f_judge")
    p.add(2, "textbox", "Filed from (MM/DD/YYYY)", key="f_from", value="")
    p.add(2, "textbox", "Filed to (MM/DD/YYYY)", key="f_to", value="")
    p.add(2, "button", "Reset", key="f_reset")
    p.add(2, "button", "Close", key="f_close")
    p.add(2, "button", "Apply filters", key="f_apply")


def case_list(ctx, sort="Last activity (newest)", page=1, division="All civil divisions",
              panel=None):
    rows_all = list_rows(sort, division)
    pages = (len(rows_all) + PER_PAGE - 1) // PER_PAGE
    url = BASE + "/cases?status=open&sort=%s&page=%d" % (SORT_SLUG[sort], page)
    if division != "All civil divisions":
        url += "&division=" + division.split()[-1]
    p = Page(url, title_of("Cases"))
    chrome_top(p, ctx, "Cases", [("Dashboard", "bc_dash"), ("Cases", None)])
    p.add(1, "main", "")
    p.add(2, "heading", "Cases")
    p.text(2, "Civil Division - %d open cases" % len(rows_all))
    nfil = 1 + (division != "All civil divisions")
    p.add(2, "button", "Filters (%d active)" % nfil, key="filters",
          props=["hasPopup='dialog'", "expanded=%s" % (panel is not None)])
    p.text(2, "Status: Open - Division: %s" % division)
    combo(p, 2, "Sort by", list(SORTS), sort, key="sort")
    sk = {"Case number": ("sort_num", "sort='%s'" % ("ascending" if sort == "Case number (ascending)" else
                                                     "descending" if sort == "Case number (descending)" else "none")),
          "Last activity": ("sort_act", "sort='%s'" % ("descending" if sort.startswith("Last") else "none"))}
    rows = []
    for cid in rows_all[(page - 1) * PER_PAGE: page * PER_PAGE]:
        c = CASES[cid]
        rows.append([("link", cid, "case_" + cid), c["caption"], c["type"], c["judge"], c["next"], c["last"]])
    table(p, 2, "Open cases", ["Case number", "Caption", "Case type", "Judicial officer", "Next event",
                               "Last activity"], rows, sort_keys=sk)
    lo, hi = (page - 1) * PER_PAGE + 1, min(page * PER_PAGE, len(rows_all))
    p.text(2, "Showing %d-%d of %d" % (lo, hi, len(rows_all)))
    p.add(2, "navigation", "Pagination")
    p.add(3, "link", "Previous page", key="prev", props=["disabled=True"] if page == 1 else [])
    for i in range(1, pages + 1):
        p.add(3, "link", "Page %d" % i, key="page_%d" % i, props=["current='page'"] if i == page else [])
    p.add(3, "link", "Next page", key="next", props=["disabled=True"] if page == pages else [])
    chrome_bottom(p, ctx)
    if panel is not None:
        filter_dialog(p, panel)
    return p


SEARCH_INDEX = {
    "CV-2025-000417": ["CV-2025-000417", "CV-2024-000417"],
    "Brennan": ["CV-2025-000418", "CV-2025-000417", "CV-2025-000471", "CV-2024-000417"],
    "CV-2025-000352": ["CV-2025-000352", "FA-2025-000352"],
    "Lindqvist": ["CV-2025-000353", "CV-2025-000352", "FA-2025-000352"],
    "000352": ["CV-2025-000352", "FA-2025-000352"],
}


def search_results(ctx, query):
    hits = SEARCH_INDEX[query]
    p = Page(BASE + "/search?q=" + query.replace(" ", "+"), title_of("Search results for '%s'" % query))
    chrome_top(p, ctx, None, [("Dashboard", "bc_dash"), ("Search", None)], search=query)
    p.add(1, "main", "")
    p.add(2, "heading", "Search results for '%s'" % query)
    p.text(2, "%d cases match '%s' across all divisions" % (len(hits), query))
    combo(p, 2, "Sort results", ["Relevance", "Last activity (newest)", "Case number"], "Relevance",
          key="rsort")
    combo(p, 2, "Division", ["All divisions", "Civil", "Family", "Probate"], "All divisions", key="rdiv")
    rows = []
    for cid in hits:
        c = CASES[cid]
        rows.append([("link", cid, "res_" + cid), c["caption"], c["division"], c["judge"], c["status"],
                     c["last"]])
    table(p, 2, "Matching cases", ["Case number", "Caption", "Division", "Judicial officer", "Status",
                                   "Last activity"], rows)
    if query == "Lindqvist":
        p.text(2, "Showing similar spellings too?")
        p.add(2, "link", "Include 1 case matching 'Lindquist'", key="similar")
    p.text(2, "Showing 1-%d of %d" % (len(hits), len(hits)))
    chrome_bottom(p, ctx)
    return p


TABS = ["Summary", "Parties", "Docket", "Hearings"]


def case_detail(ctx, cid, tab="Summary", notice=None, alert=None, extra_docket=(), extra_hearings=(),
                draft=None, menu_open=False):
    c = CASES[cid]
    ctx.visit(cid)
    docket = list(c["docket"]) + list(extra_docket)
    hearings = list(c["hearings"]) + list(extra_hearings)
    url = BASE + "/cases/" + cid + ("" if tab == "Summary" else "?tab=" + tab.lower())
    p = Page(url, title_of("%s %s" % (cid, c["caption"])))
    chrome_top(p, ctx, "Cases", [("Dashboard", "bc_dash"), ("Cases", "bc_cases"), (cid, None)],
               notice=notice, alert=alert)
    p.add(1, "main", "")
    p.add(2, "heading", c["caption"])
    p.text(2, "%s - %s - %s" % (cid, "Civil " + c["division"] if cid.startswith("CV") else c["division"],
                                c["status"]))
    p.add(2, "group", "Case actions")
    closed = c["status"] != "Open"
    p.add(3, "button", "Schedule hearing", key="act_hearing", props=["disabled=True"] if closed else [])
    p.add(3, "button", "File document", key="act_file", props=["disabled=True"] if closed else [])
    p.add(3, "button", "More actions", key="act_more", props=["hasPopup='menu'", "expanded=%s" % menu_open])
    if menu_open:
        p.add(4, "menu", "More actions")
        for m, k in [("Schedule hearing", "menu_hearing"), ("Print case summary", "menu_print"),
                     ("Request file from archive", "menu_archive"), ("Add case note", "menu_note")]:
            p.add(5, "menuitem", m, key=k)
    if draft:
        p.add(2, "status", "", props=["live='polite'"])
        p.text(3, "You have an unsubmitted hearing draft for this case (%s)." % draft)
        p.add(3, "link", "Resume draft", key="resume_draft")
        p.add(3, "button", "Discard draft", key="discard_draft")
    last, nxt_ev = c["last"], c["next"]
    if extra_docket or extra_hearings:
        last = "04/16/2025"
    if extra_hearings:
        up = sorted((h for h in hearings if h[5] == "Scheduled"),
                    key=lambda h: (date_key(h[2].split()[0]), h[2]))
        if up:
            nxt_ev = "%s %s" % (up[0][1], up[0][2])
    p.add(2, "list", "Case information")
    for k, v in [("Case type", c["type"]), ("Judicial officer", c["judge"]), ("Filed", c["filed"]),
                 ("Last activity", last), ("Next event", nxt_ev)]:
        p.add(3, "listitem", "")
        p.text(4, "%s: %s" % (k, v))
    p.add(2, "tablist", "Case record")
    counts = {"Summary": None, "Parties": len(c["parties"]), "Docket": len(docket), "Hearings": len(hearings)}
    for t in TABS:
        name = t if counts[t] is None else "%s (%d)" % (t, counts[t])
        p.add(3, "tab", name, key="tab_" + t, props=["selected=%s" % (t == tab), "controls='panel-%s'" % t.lower()])
    p.add(2, "tabpanel", tab)
    d = 3
    if tab == "Summary":
        p.add(d, "heading", "Upcoming events")
        p.add(d, "list", "")
        up = sorted((h for h in hearings if h[5] == "Scheduled"), key=lambda h: date_key(h[2].split()[0]))
        if not up:
            p.add(d + 1, "listitem", "")
            p.text(d + 2, "No upcoming events")
        for h in up:
            p.add(d + 1, "listitem", "")
            p.text(d + 2, "%s - %s - Courtroom %s - %s" % (h[1], h[2], h[3], h[4]))
        p.add(d, "heading", "Latest docket entries")
        rows = []
        for i, e in list(enumerate(docket, 1))[-3:][::-1]:
            rows.append([str(i), e[0], e[1], e[2]])
        table(p, d, "Latest docket entries", ["No.", "Filed", "Document", "Filed by"], rows)
        p.add(d, "link", "View full docket", key="full_docket")
    elif tab == "Parties":
        rows = [[n, r, a, f or "-", "eService" if f else "Mail"] for n, r, a, f in c["parties"]]
        table(p, d, "Parties and counsel", ["Party", "Role", "Counsel", "Firm", "Service"], rows)
    elif tab == "Docket":
        p.add(d, "button", "New docket entry", key="docket_new")
        combo(p, d, "Show", ["All entries", "Filings only", "Orders only"], "All entries", key="dshow")
        rows = []
        for i, e in enumerate(docket, 1):
            img = ("link", "View PDF (%d pp.)" % e[3], "pdf_%d" % i) if e[3] else "No image"
            rows.append([str(i), e[0], e[1], e[2], img])
        table(p, d, "Docket", ["No.", "Filed", "Document", "Filed by", "Image"], rows)
    else:
        p.add(d, "button", "Schedule hearing", key="hearings_new")
        rows = [[h[0], h[1], h[2], "Courtroom " + h[3], h[4], h[5]] for h in hearings]
        if not rows:
            p.text(d, "No hearings on record")
        table(p, d, "Hearings", ["Hearing no.", "Type", "Date and time", "Courtroom", "Judicial officer",
                                 "Status"], rows)
    chrome_bottom(p, ctx, related=c["related"])
    return p


def access_denied(ctx, cid, via="hearings/new?step=1"):
    p = Page(BASE + "/cases/%s/%s" % (cid, via), title_of("Access denied"))
    chrome_top(p, ctx, "Cases", [("Dashboard", "bc_dash"), ("Cases", "bc_cases"), (cid, "bc_case"),
                                 ("Schedule hearing", None)])
    p.add(1, "main", "")
    p.add(2, "heading", "You don't have access to this action")
    p.text(2, "Scheduling hearings on the Civil Division 4 calendar requires the Calendar Clerk role. "
              "Your roles: Intake Clerk, Docket Clerk.")
    p.text(2, "Ask your supervisor or the CourtList administrator (ext. 4410) to update your roles. "
              "Reference: CL-403-7719")
    p.add(2, "link", "Return to case %s" % cid, key="back_case")
    p.add(2, "link", "Go to dashboard", key="back_dash")
    chrome_bottom(p, ctx)
    return p


# ---- schedule-hearing wizard
HEARING_TYPES = ["- Select hearing type -", "Motion Hearing", "Status Conference", "Case Management Conference",
                 "Pretrial Conference", "Settlement Conference", "Bench Trial", "Order to Show Cause"]
TIMES = ["- Select -"] + ["%d:%02d %s" % ((h - 1) % 12 + 1, m, "AM" if h < 12 else "PM")
                          for h in range(8, 16) for m in (0, 30)][1:]
ROOMS = ["Courtroom 4B (Division 4)", "Courtroom 4D (Division 4 overflow)", "Courtroom 2A (Division 2)",
         "Courtroom 5C (Division 5)", "Courtroom 7A (Division 7)", "Remote only (Zoom)"]
STEPS = ["Hearing details", "Date, time & courtroom", "Notice", "Review and submit"]


def new_hearing_form(cid):
    c = CASES[cid]
    jd = [j for j in JUDGE_OPTIONS if j.startswith(c["judge"] + " ")][0]
    room = [r for r in ROOMS if c["division"] in r][0]
    return dict(type=HEARING_TYPES[0], subject="", judge=jd, duration="30", interpreter=False,
                date="", time=TIMES[0], room=room, remote=False, avail=None,
                notice=[True] * len([x for x in c["parties"] if x[3] or x[2] == "Self-represented"]),
                method="eService", notice_text="")


def weekday(mmddyyyy):
    import datetime
    m, d, y = map(int, mmddyyyy.split("/"))
    return datetime.date(y, m, d).strftime("%A")


def wizard(ctx, cid, step, f, notice=None, dialog=None, draft=None, alert=None):
    c = CASES[cid]
    url = BASE + "/cases/%s/hearings/new?step=%d" % (cid, step) + ("&draft=" + draft if draft else "")
    p = Page(url, title_of("Schedule hearing - %s" % cid))
    chrome_top(p, ctx, "Cases", [("Dashboard", "bc_dash"), ("Cases", "bc_cases"), (cid, "bc_case"),
                                 ("Schedule hearing", None)], notice=notice, alert=alert)
    p.add(1, "main", "")
    p.add(2, "heading", "Schedule hearing")
    p.text(2, "%s - %s - %s" % (cid, c["caption"], c["judge"]))
    p.add(2, "list", "Progress")
    for i, s in enumerate(STEPS, 1):
        p.add(3, "listitem", "Step %d of 4: %s%s" % (i, s, ", current" if i == step else
                                                     ", completed" if i < step else ""),
              props=["current='step'"] if i == step else [])
    p.add(2, "form", STEPS[step - 1])
    p.add(3, "heading", "Step %d of 4: %s" % (step, STEPS[step - 1]))
    if step == 1:
        combo(p, 3, "Hearing type", HEARING_TYPES, f["type"], key="h_type", required=True)
        req = f["type"] == "Motion Hearing"
        p.add(3, "textbox", "Motion or subject", key="h_subject", value=f["subject"],
              props=(["required"] if req else []) + ["describedby='Required for motion hearings. Name the motion as docketed.'"])
        if req:
            p.text(3, "Docketed motions on this case:")
            p.add(3, "list", "")
            for i, e in enumerate(c["docket"], 1):
                if "Motion" in e[1] and "Opposition" not in e[1] and "Request" not in e[1]:
                    p.add(4, "listitem", "")
                    p.text(5, "Entry %d - %s - filed %s" % (i, e[1], e[0]))
        combo(p, 3, "Judicial officer", JUDGE_OPTIONS, f["judge"], key="h_judge", required=True,
              desc="Defaults to the assigned judicial officer")
        p.add(3, "spinbutton", "Estimated duration (minutes)", key="h_duration", value=f["duration"],
              props=["valuemin=15", "valuemax=480"])
        checkbox(p, 3, "Interpreter needed", f["interpreter"], key="h_interp")
        p.add(3, "button", "Cancel", key="w_cancel")
        p.add(3, "button", "Save draft", key="w_draft")
        p.add(3, "button", "Next: Date & courtroom", key="w_next")
    elif step == 2:
        p.add(3, "textbox", "Hearing date (MM/DD/YYYY)", key="h_date", value=f["date"], props=["required"])
        combo(p, 3, "Start time", TIMES, f["time"], key="h_time", required=True)
        combo(p, 3, "Courtroom", ROOMS, f["room"], key="h_room", required=True)
        checkbox(p, 3, "Allow remote appearance (Zoom)", f["remote"], key="h_remote")
        p.add(3, "button", "Check availability", key="h_check")
        p.add(3, "status", "", props=["live='polite'"])
        if f["avail"]:
            p.text(4, f["avail"])
        p.add(3, "button", "Back", key="w_back")
        p.add(3, "button", "Save draft", key="w_draft")
        p.add(3, "button", "Next: Notice", key="w_next")
    elif step == 3:
        p.add(3, "group", "Send notice to")
        i = 0
        for n, r, a, fm in c["parties"]:
            if a == "Self-represented":
                lab = "%s (%s) - self-represented" % (n, r)
            else:
                lab = "%s, %s - counsel for %s (%s)" % (a, fm, n, r)
            checkbox(p, 4, lab, f["notice"][i], key="h_notice_%d" % i)
            i += 1
        p.add(3, "radiogroup", "Notice method")
        for m in ["eService", "First-class mail", "eService and first-class mail"]:
            radio(p, 4, m, f["method"] == m, key="h_method_" + m)
        p.add(3, "textbox", "Additional notice text (optional)", key="h_ntext", value=f["notice_text"],
              props=["multiline"])
        p.add(3, "button", "Back", key="w_back")
        p.add(3, "button", "Save draft", key="w_draft")
        p.add(3, "button", "Next: Review", key="w_next")
    else:
        n_rec = sum(f["notice"])
        rows = [("Case", "%s %s" % (cid, c["caption"])), ("Hearing type", f["type"]),
                ("Motion or subject", f["subject"] or "-"), ("Judicial officer", f["judge"]),
                ("Date and time", "%s, %s, %s" % (weekday(f["date"]), f["date"], f["time"]) if f["date"] else "-"),
                ("Courtroom", f["room"]), ("Estimated duration", "%s minutes" % f["duration"]),
                ("Interpreter", "Needed" if f["interpreter"] else "Not needed"),
                ("Remote appearance", "Allowed" if f["remote"] else "Not allowed"),
                ("Notice", "%s to %d recipient%s" % (f["method"], n_rec, "" if n_rec == 1 else "s"))]
        p.add(3, "table", "Hearing summary")
        for k, v in rows:
            p.add(4, "row", "%s %s" % (k, v))
            p.add(5, "rowheader", k)
            p.add(5, "cell", v)
        p.add(3, "link", "Edit hearing details", key="edit_1")
        p.add(3, "link", "Edit date & courtroom", key="edit_2")
        p.add(3, "link", "Edit notice", key="edit_3")
        p.add(3, "button", "Back", key="w_back")
        p.add(3, "button", "Save draft", key="w_draft")
        p.add(3, "button", "Schedule hearing", key="w_submit")
    chrome_bottom(p, ctx)
    if dialog == "confirm":
        n_rec = sum(f["notice"])
        p.add(1, "alertdialog", "Schedule this hearing?", props=["modal=True"])
        p.add(2, "heading", "Schedule this hearing?")
        p.text(2, "%s on %s at %s in %s will be added to %s's calendar, and notice will be sent to "
                  "%d recipients by %s." % (f["type"], f["date"], f["time"], f["room"].split(" (")[0],
                                             f["judge"].split(" (")[0], n_rec, f["method"]))
        p.add(2, "button", "Cancel", key="dlg_cancel")
        p.add(2, "button", "Confirm and schedule", key="dlg_confirm", props=["focused"])
    elif dialog == "leave":
        p.add(1, "alertdialog", "Leave without saving?", props=["modal=True"])
        p.add(2, "heading", "Leave without saving?")
        p.text(2, "This hearing has not been scheduled or saved as a draft. If you leave, what you "
                  "entered will be lost.")
        p.add(2, "button", "Stay on this page", key="dlg_stay", props=["focused"])
        p.add(2, "button", "Leave without saving", key="dlg_leave")
    return p


def hearing_row(cid, f, no="HR-2025-03318"):
    return (no, f["type"], "%s %s" % (f["date"], f["time"]), f["room"].split(" (")[0].replace("Courtroom ", ""),
            f["judge"].split(" (")[0], "Scheduled")


def hearing_done_notice(f, no="HR-2025-03318"):
    n = sum(f["notice"])
    return ("Hearing %s scheduled for %s at %s in %s. %s notice queued for %d recipients."
            % (no, f["date"], f["time"], f["room"].split(" (")[0], f["method"], n))


# ---- new docket entry form
DOC_TYPES = ["- Select document type -", "Answer", "Answer and Counterclaim", "Motion", "Opposition",
             "Reply", "Notice of Appearance", "Notice of Deposition", "Proof of Service", "Stipulation",
             "Proposed Order", "Other"]
SCANS = [("Harrow_Answer_0416.pdf", 12, "scanned today 9:52 AM, Counter 2", False),
         ("Lindqvist_Exhibits_0416.pdf", 31, "scanned today 9:58 AM, Counter 2", False),
         ("Okafor_Reply_0416.pdf", 7, "scanned today 10:03 AM, Counter 2", False),
         ("Harrow_Answer_0414.pdf", 9, "filed 04/14/2025 as CV-2025-000352 entry 13", True)]


def party_options(cid):
    return ["- Select party -"] + ["%s (%s)" % (n, r) for n, r, a, f in CASES[cid]["parties"]]


def new_entry_form(cid):
    last_filer = [e[2] for e in CASES[cid]["docket"] if "(" in e[2]][-1]
    return dict(doctype=DOC_TYPES[0], title="", filed_by=last_filer, date="04/16/2025", scan=None,
                pages="", confidential=False, note="")


def entry_form(ctx, cid, g, review=False, dialog=None, notice=None, alert=None, draft=None, scan_filter="",
               busy=False):
    c = CASES[cid]
    nxt = len(c["docket"]) + 1
    url = BASE + "/cases/%s/docket/new" % cid + ("/review" if review else "") + ("?draft=" + draft if draft else "")
    p = Page(url, title_of("File document - %s" % cid))
    chrome_top(p, ctx, "Cases", [("Dashboard", "bc_dash"), ("Cases", "bc_cases"), (cid, "bc_case"),
                                 ("File document", None)], notice=notice, alert=alert)
    p.add(1, "main", "")
    p.add(2, "heading", "File document to docket")
    p.text(2, "%s - %s - next entry no. %d" % (cid, c["caption"], nxt))
    if not review:
        p.add(2, "form", "Docket entry")
        combo(p, 3, "Document type", DOC_TYPES, g["doctype"], key="d_type", required=True)
        p.add(3, "textbox", "Document title", key="d_title", value=g["title"], props=["required"])
        combo(p, 3, "Filed by", party_options(cid), g["filed_by"], key="d_by", required=True,
              desc="Defaults to the filer of the most recent entry")
        p.add(3, "textbox", "Filed date (MM/DD/YYYY)", key="d_date", value=g["date"], props=["required"])
        p.add(3, "group", "Document image")
        p.text(4, "Scan inbox - Counter 2")
        p.add(4, "textbox", "Filter scans", key="d_filter", value=scan_filter)
        p.add(4, "radiogroup", "Scanned files")
        for name, pp, info, used in SCANS:
            if scan_filter and scan_filter.lower() not in name.lower():
                continue
            radio(p, 5, "%s - %d pages - %s" % (name, pp, info), g["scan"] == name, key="scan_" + name,
                  disabled=used)
        p.text(4, "Attached: %s, %s pages" % (g["scan"], g["pages"]) if g["scan"] else "No file attached")
        p.add(3, "spinbutton", "Page count", key="d_pages", value=g["pages"], props=["valuemin=1"])
        checkbox(p, 3, "Confidential - restrict public access", g["confidential"], key="d_conf")
        p.text(3, "Filing fee: first appearance fee paid with entry 7 (receipt R-2025-118802)")
        p.add(3, "textbox", "Note to chambers (optional)", key="d_note", value=g["note"], props=["multiline"])
        p.add(3, "button", "Cancel", key="e_cancel")
        p.add(3, "button", "Save draft", key="e_draft")
        p.add(3, "button", "Review filing", key="e_review")
    else:
        p.add(2, "heading", "Review docket entry %d" % nxt)
        rows = [("Case", "%s %s" % (cid, c["caption"])), ("Document type", g["doctype"]),
                ("Document title", g["title"]), ("Filed by", g["filed_by"]), ("Filed date", g["date"]),
                ("Document image", "%s (%s pages)" % (g["scan"], g["pages"]) if g["scan"] else "None"),
                ("Public access", "Confidential" if g["confidential"] else "Public"),
                ("Note to chambers", g["note"] or "-")]
        p.add(2, "table", "Docket entry summary")
        for k, v in rows:
            p.add(3, "row", "%s %s" % (k, v))
            p.add(4, "rowheader", k)
            p.add(4, "cell", v)
        if busy:
            p.add(2, "status", "", props=["live='polite'", "busy=True"])
            p.text(3, "Submitting...")
        p.add(2, "button", "Edit entry", key="e_edit")
        p.add(2, "button", "File to docket", key="e_file")
    chrome_bottom(p, ctx)
    if dialog == "confirm":
        p.add(1, "alertdialog", "File to docket?", props=["modal=True"])
        p.add(2, "heading", "File to docket?")
        p.text(2, "Entry %d will be added to the public docket of %s. Filed entries cannot be edited or "
                  "removed by clerks." % (nxt, cid))
        p.add(2, "button", "Cancel", key="dlg_cancel")
        p.add(2, "button", "File document", key="dlg_file", props=["focused"])
    return p


def docket_row(g):
    return (g["date"], g["title"], g["filed_by"], int(g["pages"]) if g["scan"] else 0)


# --------------------------------------------------------------------------- runs
class Run:
    def __init__(self, rid, workflow, fault, start, note=""):
        self.id, self.workflow, self.fault, self.note = rid, workflow, fault, note
        self.start = start.obs()
        self.cur = start
        self.steps = []
        self.fstep = None
        self.success = fault is None

    def _push(self, commitment, command, reasoning, target, effect, nxt, mark):
        if mark:
            assert self.fstep is None, self.id
            self.fstep = len(self.steps)
        self.steps.append({"commitment": commitment,
                           "action": {"command": command, "reasoning": reasoning, "target": target,
                                      "effect": effect},
                           "observation": nxt.obs()})
        self.cur = nxt

    def act(self, commitment, verb, key, reasoning, nxt, arg=None, effect="read", mark=False):
        bid, target = self.cur.ids[key]
        if verb == "click":
            cmd = "click(%s)" % q(bid)
        elif verb == "fill":
            cmd = "fill(%s, %s)" % (q(bid), q(arg))
        elif verb == "select":
            assert ("%s:%s" % (key, arg)) in self.cur.ids, (self.id, key, arg)
            cmd = "select_option(%s, %s)" % (q(bid), q(arg))
        elif verb == "press":
            cmd = "press(%s, %s)" % (q(bid), q(arg))
        else:
            raise ValueError(verb)
        self._push(commitment, cmd, reasoning, target, effect, nxt, mark)

    def goto(self, commitment, url, reasoning, nxt, mark=False):
        self._push(commitment, "goto(%s)" % q(url), reasoning, "", "read", nxt, mark)

    def say(self, commitment, msg, reasoning, mark=False):
        self._push(commitment, "send_msg_to_user(%s)" % q(msg), reasoning, "", "read", self.cur, mark)

    def record(self):
        assert (self.fault is None) == (self.fstep is None), self.id
        lab = {"fault": self.fault, "first_off_track_step": self.fstep}
        if self.note:
            lab["note"] = self.note
        return {"id": self.id, "workflow": self.workflow, "task": TASKS[self.workflow],
                "plan": "plans/%s.yaml" % self.workflow, "label": lab,
                "initial_observation": self.start, "steps": self.steps,
                "outcome": {"success": self.success}}


H = "CV-2025-000417"
F = "CV-2025-000352"
SUBJECT = "Plaintiff's Motion to Compel Discovery"
TITLE = "Answer and Affirmative Defenses of Defendant Harrow Medical Group, PC"
BY = "Harrow Medical Group, PC (Defendant)"
TOAST = "New eFiling received: CV-2025-000288 - Motion to Dismiss - 10:03 AM"


def copy(d, **kw):
    e = dict(d)
    e.update(kw)
    return e


# ---- reusable segments (schedule hearing)
def open_by_search(r, ctx, query, target, wf_commit="open-case", mark_at=None):
    r.act(wf_commit, "fill", "search", "Search for %s from the header search box." % query,
          dashboard(ctx, search=query) if r.cur.url == BASE + "/" else r.cur, arg=query)
    r.act(wf_commit, "press", "search", "Submit the search.", search_results(ctx, query), arg="Enter")
    r.act(wf_commit, "click", "res_" + target,
          "Open %s from the results." % target if mark_at is None else mark_at,
          case_detail(ctx, target), mark=mark_at is not None)


def h_details(r, ctx, cid, f, subject=SUBJECT):
    f = copy(f, type="Motion Hearing")
    r.act("hearing-details", "select", "h_type", "Pick Motion Hearing as the hearing type.",
          wizard(ctx, cid, 1, f), arg="Motion Hearing", effect="write")
    f = copy(f, subject=subject)
    r.act("hearing-details", "fill", "h_subject",
          "Name the motion as docketed (entry 7, Plaintiff's Motion to Compel Discovery).",
          wizard(ctx, cid, 1, f), arg=subject, effect="write")
    r.act("hearing-details", "click", "w_next",
          "Judicial officer already shows Hon. Miriam Alvarez (Division 4); duration and interpreter are "
          "optional, so continue.", wizard(ctx, cid, 2, f))
    return f


def avail_msg(f):
    return ("%s is available on %s at %s. %s has %d other matters set at that time."
            % (f["room"].split(" (")[0], f["date"], f["time"], f["judge"].split(" (")[0], 3))


def h_datetime(r, ctx, cid, f, date="05/08/2025", check=True, reason_date=None, mark_date=False):
    f = copy(f, date=date)
    r.act("date-and-room", "fill", "h_date", reason_date or "Enter the hearing date, Thursday May 8, 2025.",
          wizard(ctx, cid, 2, f), arg=date, effect="write", mark=mark_date)
    f = copy(f, time="9:30 AM")
    r.act("date-and-room", "select", "h_time", "Set the start time to 9:30 AM.", wizard(ctx, cid, 2, f),
          arg="9:30 AM", effect="write")
    if check:
        f = copy(f, avail=avail_msg(f))
        r.act("date-and-room", "click", "h_check", "Courtroom 4B is preselected; check that it is free.",
              wizard(ctx, cid, 2, f))
    r.act("date-and-room", "click", "w_next", "The slot is available; go on to notice.", wizard(ctx, cid, 3, f))
    return f


def h_notice(r, ctx, cid, f):
    r.act("notice", "click", "w_next",
          "Both counsel of record are checked and the method is eService, as the task asks.",
          wizard(ctx, cid, 4, f))
    return f


def h_submit(r, ctx, cid, f, final=None, mark_confirm=False, confirm_reason=None):
    r.act("submit", "click", "w_submit", "The review matches the task; submit the hearing.",
          wizard(ctx, cid, 4, f, dialog="confirm"))
    if final is None:
        final = case_detail(ctx, cid, tab="Hearings", notice=hearing_done_notice(f),
                            extra_hearings=[hearing_row(cid, f)])
    r.act("submit", "click", "dlg_confirm", confirm_reason or "Confirm the hearing in the dialog.", final,
          effect="irreversible", mark=mark_confirm)


def build_runs():
    runs = []
    W = "schedule_hearing"

    # -------- healthy 01: header search by case number
    ctx = Ctx()
    r = Run("courtlist-hearing-healthy-01", W, None, dashboard(ctx))
    open_by_search(r, ctx, H, H)
    f = new_hearing_form(H)
    r.act("start-form", "click", "act_hearing", "Start the Schedule hearing wizard from the case page.",
          wizard(ctx, H, 1, f))
    f = h_details(r, ctx, H, f)
    f = h_datetime(r, ctx, H, f)
    f = h_notice(r, ctx, H, f)
    h_submit(r, ctx, H, f)
    r.say("submit", "Scheduled HR-2025-03318: Motion Hearing on Plaintiff's Motion to Compel Discovery, "
          "CV-2025-000417, Thu 05/08/2025 9:30 AM, Courtroom 4B, Hon. Miriam Alvarez; eService notice "
          "queued to both counsel.", "The hearing is listed on the Hearings tab; report back.")
    runs.append(r)

    # -------- healthy 02: case list, dismiss toast, re-sort, paginate
    ctx = Ctx(toast=TOAST)
    r = Run("courtlist-hearing-healthy-02", W, None, case_list(ctx))
    ctx.toast = None
    r.act("open-case", "click", "toast_close", "Dismiss the eFiling toast that covers the list header.",
          case_list(ctx))
    srt = "Case number (descending)"
    r.act("open-case", "select", "sort", "Sort by case number, newest numbers first, to find 000417.",
          case_list(ctx, sort=srt), arg=srt)
    pg = page_of(H, srt, "All civil divisions")
    assert pg >= 2
    r.act("open-case", "click", "page_%d" % pg, "CV-2025-000417 is not on this page; go to page %d." % pg,
          case_list(ctx, sort=srt, page=pg))
    r.act("open-case", "click", "case_" + H, "Open CV-2025-000417 Brennan v. Okafor Holdings LLC.",
          case_detail(ctx, H))
    f = new_hearing_form(H)
    r.act("start-form", "click", "act_hearing", "Start scheduling from the case actions.", wizard(ctx, H, 1, f))
    f = h_details(r, ctx, H, f)
    f = h_datetime(r, ctx, H, f)
    f = h_notice(r, ctx, H, f)
    h_submit(r, ctx, H, f)
    r.say("submit", "Done: Motion Hearing HR-2025-03318 set for 05/08/2025 at 9:30 AM in Courtroom 4B before "
          "Hon. Miriam Alvarez; notice sent by eService to 2 recipients.", "Confirmation shown; report.")
    runs.append(r)

    # -------- healthy 03: recently viewed, Hearings tab, save draft, resume draft
    ctx = Ctx()
    r = Run("courtlist-hearing-healthy-03", W, None, dashboard(ctx))
    r.act("open-case", "click", "recent_" + H, "CV-2025-000417 is in Recently viewed; open it directly.",
          case_detail(ctx, H))
    r.act("open-case", "click", "tab_Hearings", "Check the existing hearings before adding one.",
          case_detail(ctx, H, tab="Hearings"))
    f = new_hearing_form(H)
    r.act("start-form", "click", "hearings_new", "Start the wizard from the Hearings tab.", wizard(ctx, H, 1, f))
    f = h_details(r, ctx, H, f)
    f = copy(f, date="05/08/2025")
    r.act("date-and-room", "fill", "h_date", "Enter 05/08/2025.", wizard(ctx, H, 2, f), arg="05/08/2025",
          effect="write")
    f = copy(f, time="9:30 AM")
    r.act("date-and-room", "select", "h_time", "Start time 9:30 AM.", wizard(ctx, H, 2, f), arg="9:30 AM",
          effect="write")
    r.act("date-and-room", "click", "w_draft", "Save a draft before checking the judge's calendar.",
          wizard(ctx, H, 2, f, notice="Draft HD-2291 saved at 10:14 AM.", draft="HD-2291"), effect="write")
    r.act("date-and-room", "click", "bc_case", "Go back to the case page to confirm the motion's entry number.",
          case_detail(ctx, H, draft="HD-2291, saved 10:14 AM"))
    r.act("date-and-room", "click", "resume_draft", "Resume the saved hearing draft.",
          wizard(ctx, H, 2, f, notice="Draft HD-2291 restored.", draft="HD-2291"))
    f = copy(f, avail=avail_msg(f))
    r.act("date-and-room", "click", "h_check", "Check Courtroom 4B availability.",
          wizard(ctx, H, 2, f, draft="HD-2291"))
    r.act("date-and-room", "click", "w_next", "Available; continue to notice.", wizard(ctx, H, 3, f, draft="HD-2291"))
    r.act("notice", "click", "w_next", "Both counsel are selected for eService; continue.",
          wizard(ctx, H, 4, f, draft="HD-2291"))
    r.act("submit", "click", "w_submit", "Review matches; schedule it.",
          wizard(ctx, H, 4, f, dialog="confirm", draft="HD-2291"))
    r.act("submit", "click", "dlg_confirm", "Confirm.",
          case_detail(ctx, H, tab="Hearings", notice=hearing_done_notice(f) + " Draft HD-2291 closed.",
                      extra_hearings=[hearing_row(H, f)]), effect="irreversible")
    r.say("submit", "Motion Hearing HR-2025-03318 is scheduled for CV-2025-000417 on 05/08/2025 at 9:30 AM, "
          "Courtroom 4B, Hon. Miriam Alvarez; eService notice queued for both counsel.", "Report completion.")
    runs.append(r)

    # -------- healthy 04: filter panel (Division 4), column sort, back from review
    ctx = Ctx()
    r = Run("courtlist-hearing-healthy-04", W, None, case_list(ctx))
    r.act("open-case", "click", "filters", "Narrow the list to Division 4 using the filter panel.",
          case_list(ctx, panel="All civil divisions"))
    r.act("open-case", "select", "f_division", "Choose Division 4.",
          case_list(ctx, panel="Division 4"), arg="Division 4")
    r.act("open-case", "click", "f_apply", "Apply the filter.", case_list(ctx, division="Division 4"))
    srt = "Case number (ascending)"
    r.act("open-case", "click", "sort_num", "Sort by case number.", case_list(ctx, sort=srt, division="Division 4"))
    pg = page_of(H, srt, "Division 4")
    if pg > 1:
        r.act("open-case", "click", "page_%d" % pg, "Go to page %d of the Division 4 list." % pg,
              case_list(ctx, sort=srt, division="Division 4", page=pg))
    r.act("open-case", "click", "case_" + H, "Open CV-2025-000417 (not the Brennan Family Trust case, 000418).",
          case_detail(ctx, H))
    f = new_hearing_form(H)
    r.act("start-form", "click", "act_hearing", "Schedule hearing.", wizard(ctx, H, 1, f))
    f = h_details(r, ctx, H, f)
    f = h_datetime(r, ctx, H, f)
    r.act("notice", "click", "w_next", "Notice defaults are right (both counsel, eService).", wizard(ctx, H, 4, f))
    r.act("notice", "click", "w_back", "Go back once to double-check the notice recipients.", wizard(ctx, H, 3, f))
    r.act("notice", "click", "w_next", "Recipients are Arjun Mehta and Lauren Pike; continue to review.",
          wizard(ctx, H, 4, f))
    h_submit(r, ctx, H, f)
    r.say("submit", "Scheduled: HR-2025-03318, Motion Hearing, CV-2025-000417, 05/08/2025 9:30 AM, Courtroom 4B, "
          "Hon. Miriam Alvarez, eService to 2 recipients.", "Done.")
    runs.append(r)

    # -------- fault: wrong record (near miss CV-2025-000418 from a name search)
    ctx = Ctx()
    r = Run("courtlist-hearing-wrong_record-01", W, "wrong_record", dashboard(ctx),
            note="Opened CV-2025-000418 Brennan Family Trust v. Okafor Holdings LLC (same defendant and counsel) "
                 "and scheduled the hearing there.")
    r.act("open-case", "fill", "search", "Search by the plaintiff's name.", dashboard(ctx, search="Brennan"),
          arg="Brennan")
    r.act("open-case", "press", "search", "Submit.", search_results(ctx, "Brennan"), arg="Enter")
    W2 = "CV-2025-000418"
    r.act("open-case", "click", "res_" + W2,
          "The top result is the Brennan v. Okafor Holdings case in Division 4 before Judge Alvarez; open it.",
          case_detail(ctx, W2), mark=True)
    f = new_hearing_form(W2)
    r.act("start-form", "click", "act_hearing", "Start the Schedule hearing wizard.", wizard(ctx, W2, 1, f))
    f = copy(f, type="Motion Hearing")
    r.act("hearing-details", "select", "h_type", "Motion Hearing.", wizard(ctx, W2, 1, f), arg="Motion Hearing",
          effect="write")
    f = copy(f, subject=SUBJECT)
    r.act("hearing-details", "fill", "h_subject", "Enter the motion name.", wizard(ctx, W2, 1, f), arg=SUBJECT,
          effect="write")
    r.act("hearing-details", "click", "w_next", "Judge Alvarez is preselected; continue.", wizard(ctx, W2, 2, f))
    f = h_datetime(r, ctx, W2, f)
    f = h_notice(r, ctx, W2, f)
    h_submit(r, ctx, W2, f)
    r.say("submit", "Scheduled the Motion to Compel hearing for Brennan v. Okafor Holdings: 05/08/2025 9:30 AM, "
          "Courtroom 4B, Hon. Miriam Alvarez, notice by eService.", "Report.")
    runs.append(r)

    # -------- fault: wrong value typed (05/09 instead of 05/08)
    ctx = Ctx()
    r = Run("courtlist-hearing-wrong_value-01", W, "wrong_value", dashboard(ctx),
            note="Typed hearing date 05/09/2025 (Friday) instead of 05/08/2025; everything else correct.")
    open_by_search(r, ctx, H, H)
    f = new_hearing_form(H)
    r.act("start-form", "click", "act_hearing", "Start the wizard.", wizard(ctx, H, 1, f))
    f = h_details(r, ctx, H, f)
    f = h_datetime(r, ctx, H, f, date="05/09/2025", reason_date="Enter the hearing date for May 8.",
                   mark_date=True)
    f = h_notice(r, ctx, H, f)
    h_submit(r, ctx, H, f)
    r.say("submit", "Motion Hearing scheduled for CV-2025-000417 at 9:30 AM in Courtroom 4B before Hon. Miriam "
          "Alvarez; eService notice queued.", "Confirmation is shown; report.")
    runs.append(r)

    # -------- fault: silent no-op on the confirm button
    ctx = Ctx()
    r = Run("courtlist-hearing-silent_noop-01", W, "silent_noop", case_list(ctx),
            note="Confirm and schedule closed the dialog but nothing was saved: no message, no hearing.")
    pg = page_of(H, "Last activity (newest)", "All civil divisions")
    if pg > 1:
        r.act("open-case", "click", "page_%d" % pg, "Find 000417 on page %d of the list." % pg,
              case_list(ctx, page=pg))
    r.act("open-case", "click", "case_" + H, "Open CV-2025-000417.", case_detail(ctx, H))
    f = new_hearing_form(H)
    r.act("start-form", "click", "act_hearing", "Schedule hearing.", wizard(ctx, H, 1, f))
    f = h_details(r, ctx, H, f)
    f = h_datetime(r, ctx, H, f)
    f = h_notice(r, ctx, H, f)
    h_submit(r, ctx, H, f, final=wizard(ctx, H, 4, f), mark_confirm=True)
    r.say("submit", "The Motion Hearing for CV-2025-000417 is scheduled for 05/08/2025 at 9:30 AM in Courtroom 4B.",
          "The dialog closed after confirming, so the hearing went through.")
    runs.append(r)

    # -------- fault: permission denied
    ctx = Ctx()
    r = Run("courtlist-hearing-permission_denied-01", W, "permission_denied", dashboard(ctx),
            note="User lacks the Calendar Clerk role for Division 4; both routes to the wizard are refused.")
    open_by_search(r, ctx, H, H)
    r.act("start-form", "click", "act_hearing", "Start the Schedule hearing wizard.", access_denied(ctx, H),
          mark=True)
    r.act("start-form", "click", "back_case", "Return to the case and try the More actions menu.",
          case_detail(ctx, H))
    r.act("start-form", "click", "act_more", "Open More actions.", case_detail(ctx, H, menu_open=True))
    r.act("start-form", "click", "menu_hearing", "Schedule hearing from the menu.", access_denied(ctx, H))
    r.say("start-form", "I could not schedule the hearing: CourtList says scheduling on the Division 4 calendar "
          "needs the Calendar Clerk role (reference CL-403-7719).", "Both routes are refused; tell the user.")
    r.success = False
    runs.append(r)

    # -------- fault: dialog cancelled
    ctx = Ctx()
    r = Run("courtlist-hearing-dialog_cancelled-01", W, "dialog_cancelled", dashboard(ctx),
            note="Clicked Cancel in the 'Schedule this hearing?' dialog, then reported success.")
    r.act("open-case", "click", "recent_" + H, "Open CV-2025-000417 from Recently viewed.", case_detail(ctx, H))
    f = new_hearing_form(H)
    r.act("start-form", "click", "act_hearing", "Schedule hearing.", wizard(ctx, H, 1, f))
    f = h_details(r, ctx, H, f)
    f = h_datetime(r, ctx, H, f)
    f = h_notice(r, ctx, H, f)
    r.act("submit", "click", "w_submit", "Submit the hearing.", wizard(ctx, H, 4, f, dialog="confirm"))
    r.act("submit", "click", "dlg_cancel", "The dialog only summarises what I entered; close it to finish.",
          wizard(ctx, H, 4, f), mark=True)
    r.say("submit", "Hearing submitted: Motion Hearing, CV-2025-000417, 05/08/2025 9:30 AM, Courtroom 4B, "
          "Hon. Miriam Alvarez, eService notice to both counsel.", "All details were reviewed; report.")
    runs.append(r)

    # -------- fault: navigated away with unsaved changes
    ctx = Ctx()
    r = Run("courtlist-hearing-unsaved_navigation-01", W, "unsaved_navigation", dashboard(ctx),
            note="Left the wizard at step 3 via the breadcrumb and discarded it; reported the hearing as set.")
    open_by_search(r, ctx, H, H)
    f = new_hearing_form(H)
    r.act("start-form", "click", "act_hearing", "Start the wizard.", wizard(ctx, H, 1, f))
    f = h_details(r, ctx, H, f)
    f = h_datetime(r, ctx, H, f)
    r.act("notice", "click", "bc_case", "Check on the case page that both counsel are parties of record.",
          wizard(ctx, H, 3, f, dialog="leave"), mark=True)
    r.act("notice", "click", "dlg_leave", "Leave; I will only look at the Parties tab.", case_detail(ctx, H))
    r.act("notice", "click", "tab_Parties", "Look at the parties and counsel.", case_detail(ctx, H, tab="Parties"))
    r.say("submit", "Hearing for CV-2025-000417 is set for 05/08/2025 9:30 AM in Courtroom 4B before Hon. Miriam "
          "Alvarez; notice goes by eService to Arjun Mehta and Lauren Pike.",
          "Parties confirmed; the hearing details were all entered.")
    runs.append(r)

    # ================= file document
    W = "file_document"

    def fill_details(r, ctx, cid, g, set_by=True, reason_type="Document type is Answer."):
        g = copy(g, doctype="Answer")
        r.act("enter-details", "select", "d_type", reason_type, entry_form(ctx, cid, g), arg="Answer",
              effect="write")
        g = copy(g, title=TITLE)
        r.act("enter-details", "fill", "d_title", "Enter the title as captioned on the paper filing.",
              entry_form(ctx, cid, g), arg=TITLE, effect="write")
        if set_by:
            g = copy(g, filed_by=BY)
            r.act("enter-details", "select", "d_by",
                  "Filed by defaults to Nathaniel Harrow, M.D.; change it to Harrow Medical Group, PC.",
                  entry_form(ctx, cid, g), arg=BY, effect="write")
        return g

    def attach(r, ctx, cid, g, **kw):
        g = copy(g, scan="Harrow_Answer_0416.pdf", pages="12")
        r.act("attach-scan", "click", "scan_Harrow_Answer_0416.pdf",
              "Attach today's scan Harrow_Answer_0416.pdf (12 pages).", entry_form(ctx, cid, g, **kw),
              effect="write")
        return g

    def done_page(ctx, cid, g, extra=None):
        n = len(CASES[cid]["docket"]) + 1
        return case_detail(ctx, cid, tab="Docket",
                           notice="Docket entry %d filed: %s (%s)." % (
                               n, g["title"], "%s pages" % g["pages"] if g["scan"] else "no image attached"),
                           extra_docket=extra or [docket_row(g)])

    def file_it(r, ctx, cid, g, final=None, mark=False, reason=None):
        r.act("file-entry", "click", "e_file", "Everything matches; file to docket.",
              entry_form(ctx, cid, g, review=True, dialog="confirm"))
        r.act("file-entry", "click", "dlg_file", reason or "Confirm the filing.", final or done_page(ctx, cid, g),
              effect="irreversible", mark=mark)

    # -------- healthy 01: search by number, File document button
    ctx = Ctx()
    r = Run("courtlist-filing-healthy-01", W, None, dashboard(ctx))
    open_by_search(r, ctx, F, F)
    g = new_entry_form(F)
    r.act("open-entry-form", "click", "act_file", "Open the File document form.", entry_form(ctx, F, g))
    g = fill_details(r, ctx, F, g)
    g = attach(r, ctx, F, g)
    r.act("file-entry", "click", "e_review", "Date is already 04/16/2025; review the entry.",
          entry_form(ctx, F, g, review=True))
    file_it(r, ctx, F, g)
    r.say("file-entry", "Filed docket entry 14 in CV-2025-000352: Answer and Affirmative Defenses of Harrow Medical "
          "Group, PC, filed 04/16/2025, 12-page image attached.", "Report.")
    runs.append(r)

    # -------- healthy 02: list, toast, sort by caption, paginate, Docket tab, New docket entry
    ctx = Ctx(toast=TOAST)
    r = Run("courtlist-filing-healthy-02", W, None, case_list(ctx))
    ctx.toast = None
    r.act("open-case", "click", "toast_close", "Dismiss the toast.", case_list(ctx))
    srt = "Caption (A-Z)"
    r.act("open-case", "select", "sort", "Sort by caption to find Lindqvist.", case_list(ctx, sort=srt), arg=srt)
    pg = page_of(F, srt, "All civil divisions")
    assert pg >= 2
    r.act("open-case", "click", "page_%d" % pg, "Lindqvist should be on page %d." % pg, case_list(ctx, sort=srt, page=pg))
    r.act("open-case", "click", "case_" + F, "Open CV-2025-000352 Lindqvist v. Harrow Medical Group, PC "
          "(not the Lindquist case).", case_detail(ctx, F))
    r.act("open-entry-form", "click", "tab_Docket", "Look at the docket first.", case_detail(ctx, F, tab="Docket"))
    g = new_entry_form(F)
    r.act("open-entry-form", "click", "docket_new", "Add a new docket entry.", entry_form(ctx, F, g))
    g = fill_details(r, ctx, F, g)
    g = attach(r, ctx, F, g)
    r.act("file-entry", "click", "e_review", "Note to chambers is optional; leave it and review.",
          entry_form(ctx, F, g, review=True))
    file_it(r, ctx, F, g)
    r.say("file-entry", "Entry 14 filed to CV-2025-000352: Answer (Answer and Affirmative Defenses of Defendant "
          "Harrow Medical Group, PC), 04/16/2025, 12 pages.", "Report.")
    runs.append(r)

    # -------- healthy 03: recently viewed, save draft, reload
    ctx = Ctx()
    r = Run("courtlist-filing-healthy-03", W, None, dashboard(ctx))
    r.act("open-case", "click", "recent_" + F, "Open CV-2025-000352 from Recently viewed.", case_detail(ctx, F))
    g = new_entry_form(F)
    r.act("open-entry-form", "click", "act_file", "File document.", entry_form(ctx, F, g))
    g = fill_details(r, ctx, F, g)
    r.act("enter-details", "click", "e_draft", "Save a draft before attaching the scan.",
          entry_form(ctx, F, g, notice="Draft DD-5120 saved at 10:42 AM.", draft="DD-5120"), effect="write")
    url = BASE + "/cases/%s/docket/new?draft=DD-5120" % F
    r.goto("attach-scan", url, "The scan list looked out of date; reload the draft.",
           entry_form(ctx, F, g, notice="Draft DD-5120 restored (saved 10:42 AM).", draft="DD-5120"))
    g = attach(r, ctx, F, g, draft="DD-5120")
    r.act("file-entry", "click", "e_review", "Review.", entry_form(ctx, F, g, review=True, draft="DD-5120"))
    r.act("file-entry", "click", "e_file", "File to docket.",
          entry_form(ctx, F, g, review=True, dialog="confirm", draft="DD-5120"))
    r.act("file-entry", "click", "dlg_file", "Confirm.", done_page(ctx, F, g), effect="irreversible")
    r.say("file-entry", "Done - docket entry 14 filed on CV-2025-000352 (Answer, Harrow Medical Group, PC, "
          "04/16/2025, 12 pages).", "Report.")
    runs.append(r)

    # -------- healthy 04: name search, scan filter
    ctx = Ctx()
    r = Run("courtlist-filing-healthy-04", W, None, dashboard(ctx))
    r.act("open-case", "fill", "search", "Search by the plaintiff's surname.", dashboard(ctx, search="Lindqvist"),
          arg="Lindqvist")
    r.act("open-case", "click", "search_btn", "Run the search.", search_results(ctx, "Lindqvist"))
    r.act("open-case", "click", "res_" + F, "Open CV-2025-000352 (the negligence case, not the collection case "
          "000353 or the family case).", case_detail(ctx, F))
    g = new_entry_form(F)
    r.act("open-entry-form", "click", "act_file", "File document.", entry_form(ctx, F, g))
    g = fill_details(r, ctx, F, g)
    r.act("attach-scan", "fill", "d_filter", "Filter the scan inbox to Harrow files.",
          entry_form(ctx, F, g, scan_filter="Harrow"), arg="Harrow")
    g = attach(r, ctx, F, g, scan_filter="Harrow")
    r.act("file-entry", "click", "e_review", "Review.", entry_form(ctx, F, g, review=True))
    file_it(r, ctx, F, g)
    r.say("file-entry", "Filed: CV-2025-000352 entry 14, Answer and Affirmative Defenses of Defendant Harrow "
          "Medical Group, PC, 04/16/2025, image Harrow_Answer_0416.pdf (12 pages).", "Report.")
    runs.append(r)

    # -------- fault: required attachment skipped
    ctx = Ctx()
    r = Run("courtlist-filing-skipped_required-01", W, "skipped_required_field", dashboard(ctx),
            note="Never attached Harrow_Answer_0416.pdf; entry 14 filed with no image.")
    open_by_search(r, ctx, F, F)
    g = new_entry_form(F)
    r.act("open-entry-form", "click", "act_file", "File document.", entry_form(ctx, F, g))
    g = fill_details(r, ctx, F, g)
    r.act("file-entry", "click", "e_review", "Type, title, filer and date are set; review the entry.",
          entry_form(ctx, F, g, review=True), mark=True)
    file_it(r, ctx, F, g)
    r.say("file-entry", "Filed entry 14 on CV-2025-000352: Answer and Affirmative Defenses of Defendant Harrow "
          "Medical Group, PC, 04/16/2025.", "Report.")
    runs.append(r)

    # -------- fault: option left at the wrong setting (Filed by default)
    ctx = Ctx()
    r = Run("courtlist-filing-wrong_setting-01", W, "option_left_at_wrong_setting", dashboard(ctx),
            note="Filed by left at its default, Nathaniel Harrow, M.D. (the other defendant).")
    r.act("open-case", "click", "recent_" + F, "Open CV-2025-000352 from Recently viewed.", case_detail(ctx, F))
    g = new_entry_form(F)
    r.act("open-entry-form", "click", "act_file", "File document.", entry_form(ctx, F, g))
    g = fill_details(r, ctx, F, g, set_by=False)
    g = attach(r, ctx, F, g)
    r.act("file-entry", "click", "e_review", "Filer shows a Harrow defendant and the date is today; review.",
          entry_form(ctx, F, g, review=True), mark=True)
    file_it(r, ctx, F, g)
    r.say("file-entry", "Entry 14 filed on CV-2025-000352: Answer and Affirmative Defenses, 04/16/2025, 12 pages.",
          "Report.")
    runs.append(r)

    # -------- fault: stale page after save
    ctx = Ctx()
    r = Run("courtlist-filing-stale_page-01", W, "stale_page", dashboard(ctx),
            note="After File document the docket shows the cached 13 entries and no confirmation; entry 14 "
                 "was not recorded.")
    open_by_search(r, ctx, F, F)
    g = new_entry_form(F)
    r.act("open-entry-form", "click", "act_file", "File document.", entry_form(ctx, F, g))
    g = fill_details(r, ctx, F, g)
    g = attach(r, ctx, F, g)
    r.act("file-entry", "click", "e_review", "Review the entry.", entry_form(ctx, F, g, review=True))
    stale = case_detail(ctx, F, tab="Docket")
    file_it(r, ctx, F, g, final=stale, mark=True)
    r.say("file-entry", "Filed the Answer of Harrow Medical Group, PC to CV-2025-000352 (04/16/2025, 12 pages).",
          "Back on the docket after filing; report.")
    runs.append(r)

    # -------- fault: error banner after confirm
    ctx = Ctx()
    r = Run("courtlist-filing-error_banner-01", W, "error_banner", dashboard(ctx),
            note="DMS rejected the image; alert says entry 14 was not saved, agent reports success.")
    r.act("open-case", "fill", "search", "Search the docket number.", dashboard(ctx, search="000352"), arg="000352")
    r.act("open-case", "click", "search_btn", "Search.", search_results(ctx, "000352"))
    r.act("open-case", "click", "res_" + F, "Open the civil case CV-2025-000352.", case_detail(ctx, F))
    g = new_entry_form(F)
    r.act("open-entry-form", "click", "act_file", "File document.", entry_form(ctx, F, g))
    g = fill_details(r, ctx, F, g)
    g = attach(r, ctx, F, g)
    r.act("file-entry", "click", "e_review", "Review.", entry_form(ctx, F, g, review=True))
    err = entry_form(ctx, F, g, review=True,
                     alert="Filing not completed: the document management system did not accept "
                           "Harrow_Answer_0416.pdf (DMS-504). Entry 14 was not saved. Try again in a few minutes.")
    file_it(r, ctx, F, g, final=err, mark=True)
    r.say("file-entry", "Entry 14 (Answer and Affirmative Defenses, Harrow Medical Group, PC) filed to "
          "CV-2025-000352 with the 12-page scan.", "The dialog closed; report.")
    runs.append(r)

    # -------- fault: premature done before the final submit
    ctx = Ctx()
    r = Run("courtlist-filing-premature_done-01", W, "premature_done", dashboard(ctx),
            note="Reported the filing done from the review page; File to docket was never clicked.")
    open_by_search(r, ctx, F, F)
    g = new_entry_form(F)
    r.act("open-entry-form", "click", "act_file", "File document.", entry_form(ctx, F, g))
    g = fill_details(r, ctx, F, g)
    g = attach(r, ctx, F, g)
    r.act("file-entry", "click", "e_review", "Review the entry.", entry_form(ctx, F, g, review=True))
    r.say("file-entry", "Docket entry 14 for CV-2025-000352 is complete: Answer, Harrow Medical Group, PC, "
          "04/16/2025, Harrow_Answer_0416.pdf (12 pages).",
          "The review shows every field as required; the entry is done.", mark=True)
    runs.append(r)

    # -------- fault: submitted twice
    ctx = Ctx()
    r = Run("courtlist-filing-double_submit-01", W, "double_submit", case_list(ctx),
            note="Clicked File to docket again while the first submit was in flight; entries 14 and 15 duplicate.")
    pg = page_of(F, "Last activity (newest)", "All civil divisions")
    if pg > 1:
        r.act("open-case", "click", "page_%d" % pg, "Go to page %d." % pg, case_list(ctx, page=pg))
    r.act("open-case", "click", "case_" + F, "Open CV-2025-000352.", case_detail(ctx, F))
    g = new_entry_form(F)
    r.act("open-entry-form", "click", "act_file", "File document.", entry_form(ctx, F, g))
    g = fill_details(r, ctx, F, g)
    g = attach(r, ctx, F, g)
    r.act("file-entry", "click", "e_review", "Review.", entry_form(ctx, F, g, review=True))
    r.act("file-entry", "click", "e_file", "File to docket.", entry_form(ctx, F, g, review=True, dialog="confirm"))
    r.act("file-entry", "click", "dlg_file", "Confirm.", entry_form(ctx, F, g, review=True, busy=True),
          effect="irreversible")
    r.act("file-entry", "click", "e_file", "Still on the review page; the click may not have registered. "
          "File again.", entry_form(ctx, F, g, review=True, dialog="confirm"), mark=True)
    dup = [docket_row(g), docket_row(g)]
    r.act("file-entry", "click", "dlg_file", "Confirm.",
          case_detail(ctx, F, tab="Docket", notice="Docket entry 15 filed: %s (12 pages)." % TITLE,
                      extra_docket=dup), effect="irreversible")
    r.say("file-entry", "Filed the Answer and Affirmative Defenses of Harrow Medical Group, PC to CV-2025-000352.",
          "Report.")
    runs.append(r)
    return runs


def main():
    runs = build_runs()
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for wf, text in PLANS.items():
        with open(os.path.join(HERE, "plans", wf + ".yaml"), "w") as fh:
            fh.write(text)
    with open(os.path.join(HERE, "corpus.jsonl"), "w") as fh:
        for r in runs:
            fh.write(json.dumps(r.record(), ensure_ascii=False) + "\n")
    nh = sum(r.fault is None for r in runs)
    print("wrote %d runs (%d healthy, %d faulty) and %d plans" % (len(runs), nh, len(runs) - nh, len(PLANS)))


if __name__ == "__main__":
    main()
