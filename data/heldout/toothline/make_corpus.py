#!/usr/bin/env python3
"""Generate the "toothline" held-out trajectory corpus (stdlib only, fixed seed).

Application: Toothline, the practice management system of Harbourview Dental Group
(Portland, OR).  Signed-in user: Priya Nair, Treatment Coordinator.  Today is
Tuesday 14 May 2024.

Writes, next to this file:
  corpus.jsonl                 20 trajectories (8 healthy, 12 faulty), one JSON object a line
  plans/book_appointment.yaml  plan for workflow "book_appointment"
  plans/treatment_plan.yaml    plan for workflow "treatment_plan"

Observations are BrowserGym-style flattened accessibility trees: one node per line,
tab-indented, "[bid] role 'name', prop=value".  Every action's bid is looked up in the
page the action was taken on, so the corpus is internally consistent.
"""
import datetime
import json
import os
import random

SEED = 20240514
random.seed(SEED)

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "https://harbourview.toothline.app"
PRODUCT = "Toothline"
TODAY = "2024-05-14"


# ---------------------------------------------------------------------------
# Accessibility-tree model and BrowserGym-style serialisation
# ---------------------------------------------------------------------------

def _flat(items):
    out = []
    for it in items:
        if it is None:
            continue
        if isinstance(it, (list, tuple)):
            out.extend(_flat(it))
        else:
            out.append(it)
    return out


class E:
    """One accessibility node.  key= names it so an action can find its bid."""

    def __init__(self, role, name="", *kids, key=None, nobid=False, **props):
        self.role = role
        self.name = name
        self.kids = _flat(kids)
        self.key = key
        self.nobid = nobid
        self.props = props


def T(text):
    return E("StaticText", text, nobid=True)


def _fmt(v):
    if isinstance(v, bool):
        return "True" if v else "False"
    if isinstance(v, int):
        return str(v)
    return repr(v)


def render(title, body):
    lines = ["RootWebArea %r, focused" % title]
    keys = {}
    counter = [0]

    def walk(el, depth):
        ind = "\t" * depth
        if el.role == "StaticText":
            lines.append("%sStaticText %r" % (ind, el.name))
            return
        head = ""
        if not el.nobid:
            counter[0] += 1
            bid = "a%d" % counter[0]
            head = "[%s] " % bid
            if el.key is not None:
                if el.key in keys:
                    raise ValueError("duplicate key %r on page %r" % (el.key, title))
                keys[el.key] = (bid, "%s %r" % (el.role, el.name))
        props = "".join(", %s=%s" % (k, _fmt(v)) for k, v in el.props.items())
        lines.append("%s%s%s %r%s" % (ind, head, el.role, el.name, props))
        for k in el.kids:
            walk(k, depth + 1)

    for el in body:
        walk(el, 1)
    return "\n".join(lines), keys


class Page:
    def __init__(self, path, title, body, error=None):
        self.url = BASE + path
        self.title = title
        self.text, self.keys = render(title, body)
        self.error = error

    def obs(self):
        return {"url": self.url, "title": self.title, "text": self.text, "error": self.error}


# ---------------------------------------------------------------------------
# Helpers and reference data
# ---------------------------------------------------------------------------

def money(x):
    return "${:,.2f}".format(x)


def long_date(iso):
    d = datetime.date.fromisoformat(iso)
    return "%s %d %s %d" % (d.strftime("%A"), d.day, d.strftime("%B"), d.year)


def short_date(iso):
    d = datetime.date.fromisoformat(iso)
    return "%s %d %s %d" % (d.strftime("%a"), d.day, d.strftime("%b"), d.year)


def plus_hour(t):
    h, m = t.split(":")
    return "%02d:%s" % (int(h) + 1, m)


PATIENTS = {
    # booking workflow target and its near misses
    "P-10482": dict(pid="P-10482", first="Marguerite", last="Okafor", dob="22 Mar 1979", age=45,
                    phone="(503) 555-0182", last_visit="02 Apr 2024", dentist="Dr. Tomás Reyes",
                    insurance="Cigna Dental PPO (primary) · member ID CDX-448210",
                    alert="Allergy: penicillin. Prefers morning appointments.",
                    household=[("P-10483", "Daniel Okafor (P-10483) · spouse, guarantor"),
                               ("P-10428", "Margaret Okafor (P-10428) · mother-in-law")],
                    visits=[("02 Apr 2024", "Exam, cleaning and bitewings", "Dr. Tomás Reyes", "Completed"),
                            ("18 Mar 2024", "Emergency visit · cracked cusp #14", "Dr. Tomás Reyes", "Completed")],
                    plans=[("TP-5377", "Crown #14 after cracked cusp", "Accepted", "18 Mar 2024", "Dr. Tomás Reyes")]),
    "P-10428": dict(pid="P-10428", first="Margaret", last="Okafor", dob="02 Nov 1954", age=69,
                    phone="(503) 555-0147", last_visit="19 Feb 2024", dentist="Dr. Teresa Reyes",
                    insurance="Medicare Advantage dental rider · member ID MA-20931",
                    alert="Takes warfarin. Check INR before extractions.",
                    household=[("P-10482", "Marguerite Okafor (P-10482) · daughter-in-law"),
                               ("P-10483", "Daniel Okafor (P-10483) · son")],
                    visits=[("19 Feb 2024", "Denture adjustment", "Dr. Teresa Reyes", "Completed")],
                    plans=[("TP-5140", "Lower partial denture", "Completed", "04 Dec 2023", "Dr. Teresa Reyes")],
                    upcoming=[("A-77125", "Thu 16 May 2024 10:30", "Root canal, tooth #3", "Dr. Teresa Reyes", "Chair 2 · Quayside")]),
    "P-10483": dict(pid="P-10483", first="Daniel", last="Okafor", dob="08 Jul 1977", age=46,
                    phone="(503) 555-0183", last_visit="02 Apr 2024", dentist="Dr. Tomás Reyes",
                    insurance="Cigna Dental PPO (subscriber) · member ID CDX-448209",
                    alert="No medical alerts recorded.",
                    household=[("P-10482", "Marguerite Okafor (P-10482) · spouse"),
                               ("P-10428", "Margaret Okafor (P-10428) · mother")],
                    visits=[("02 Apr 2024", "Exam and cleaning", "Kim Barros, RDH", "Completed")],
                    plans=[]),
    # treatment-plan workflow target and its near misses
    "P-20317": dict(pid="P-20317", first="Jonas", last="Whitfield", dob="14 Sep 1968", age=55,
                    phone="(971) 555-0317", last_visit="09 May 2024", dentist="Dr. Hannah Lindqvist",
                    insurance="Delta Dental PPO (primary) · member ID DDP-7730152",
                    alert="Type 2 diabetes, controlled. Latex sensitivity.",
                    household=[("P-20316", "Ellen Whitfield (P-20316) · spouse, guarantor"),
                               ("P-20371", "Jonah Whitfield (P-20371) · son")],
                    visits=[("09 May 2024", "Limited exam · pain lower right, tooth #30", "Dr. Hannah Lindqvist", "Completed"),
                            ("12 Nov 2023", "Periodontal maintenance", "Kim Barros, RDH", "Completed")],
                    plans=[("TP-5402", "Periodontal maintenance", "Completed", "12 Nov 2023", "Dr. Hannah Lindqvist")]),
    "P-20316": dict(pid="P-20316", first="Ellen", last="Whitfield", dob="30 Jan 1970", age=54,
                    phone="(971) 555-0316", last_visit="22 Apr 2024", dentist="Dr. Hannah Lindqvist",
                    insurance="Delta Dental PPO (subscriber) · member ID DDP-7730151",
                    alert="No medical alerts recorded.",
                    household=[("P-20317", "Jonas Whitfield (P-20317) · spouse"),
                               ("P-20371", "Jonah Whitfield (P-20371) · son")],
                    visits=[("22 Apr 2024", "Exam and cleaning", "Kim Barros, RDH", "Completed")],
                    plans=[]),
    "P-20371": dict(pid="P-20371", first="Jonah", last="Whitfield", dob="05 Jun 2001", age=22,
                    phone="(971) 555-0371", last_visit="10 May 2024", dentist="Dr. Hannah Lindqvist",
                    insurance="Delta Dental PPO (dependent) · member ID DDP-7730153",
                    alert="No medical alerts recorded.",
                    household=[("P-20317", "Jonas Whitfield (P-20317) · father"),
                               ("P-20316", "Ellen Whitfield (P-20316) · mother")],
                    visits=[("10 May 2024", "Wisdom tooth consult #32", "Dr. Samuel Achterberg", "Completed")],
                    plans=[("TP-5498", "Extraction #32", "Proposed", "10 May 2024", "Dr. Samuel Achterberg")]),
}


def pname(pid):
    p = PATIENTS[pid]
    return "%s %s" % (p["first"], p["last"])


FIRST = ["Chidi", "Lena", "Ruth", "Simon", "Kwame", "Rosa", "Yusuf", "Nora", "Diego", "Kai", "Mei", "Tomasz",
         "Aisha", "Brendan", "Carmen", "Dmitri", "Esme", "Farid", "Greta", "Hiro", "Ines", "Jamal", "Keiko",
         "Luis", "Maya", "Niall", "Olga", "Pavel", "Quinn", "Rhea", "Sven", "Tariq", "Uma", "Viktor", "Wendy"]


_USED_PIDS = set()


def rnd_pid(prefix):
    while True:
        pid = "P-%s%04d" % (prefix, random.randint(0, 9999))
        if pid not in PATIENTS and pid not in _USED_PIDS:
            _USED_PIDS.add(pid)
            return pid


def rnd_dob():
    return "%02d %s %d" % (random.randint(1, 28), random.choice(
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]), random.randint(1941, 2016))


def rnd_phone():
    return "(%s) 555-%04d" % (random.choice(["503", "971", "360"]), random.randint(100, 9999))


def row_of(pid, last=None, first=None, dob=None, phone=None, visit=None, nxt="—"):
    if pid in PATIENTS:
        p = PATIENTS[pid]
        return (pid, p["last"], p["first"], p["dob"], p["phone"], p["last_visit"], nxt)
    return (pid, last, first, dob or rnd_dob(), phone or rnd_phone(), visit, nxt)


def filler_rows(lasts, prefix, visits=None):
    rows = []
    for i, last in enumerate(lasts):
        visit = visits[i] if visits else "%02d %s 2024" % (random.randint(1, 28), random.choice(["Jan", "Feb", "Mar", "Apr"]))
        nxt = random.choice(["—", "—", "21 May 2024", "04 Jun 2024", "11 Jun 2024"])
        rows.append(row_of(rnd_pid(prefix), last, random.choice(FIRST), visit=visit, nxt=nxt))
    return rows


ROWS_A = filler_rows(["Abara", "Abbott", "Acheson", "Adair", "Addo", "Aguilar", "Ahmed", "Albright", "Alvarez", "Andersen"], "3")
ROWS_O1 = filler_rows(["Oakes", "Oakley", "Oberg", "O'Brien", "Ochoa", "O'Connell", "O'Donnell", "Ogden", "Ogunleye", "Ohara"], "1")
ROWS_O2 = [row_of("P-10483"), row_of("P-10428", nxt="16 May 2024"), row_of("P-10482")] + \
    filler_rows(["Okonkwo", "Olsen", "O'Neill", "Ortega"], "1")
ROWS_LV1 = filler_rows(["Pham", "Lindgren", "Castellano", "Brooks", "Nakamura", "Osei", "Varga", "Kowalski", "Moreau"], "4",
                       visits=["14 May 2024", "14 May 2024", "13 May 2024", "13 May 2024", "13 May 2024",
                               "13 May 2024", "10 May 2024", "10 May 2024", "10 May 2024"])
ROWS_LV1.insert(7, row_of("P-20371"))
ROWS_LV2 = filler_rows(["Haddad", "Sorensen", "Yilmaz"], "4", visits=["10 May 2024", "09 May 2024", "09 May 2024"]) + \
    [row_of("P-20317")] + filler_rows(["Delacroix", "Mbeki", "Fontaine", "Ishikawa", "Ruiz", "Tanaka"], "4",
                                       visits=["09 May 2024", "09 May 2024", "08 May 2024", "08 May 2024",
                                               "08 May 2024", "07 May 2024"])

DENTISTS = ["Dr. Tomás Reyes", "Dr. Teresa Reyes", "Dr. Hannah Lindqvist", "Dr. Samuel Achterberg", "Kim Barros, RDH"]
TREATMENTS = ["Exam", "Exam and cleaning", "Filling", "Crown preparation", "Crown seat", "Root canal", "Extraction",
              "Hygiene visit"]


# ---------------------------------------------------------------------------
# Page furniture
# ---------------------------------------------------------------------------

def shell(path, title, crumbs, main, recent=None, related=None, toast=None, dialog=None, gsearch="",
          clinic="Quayside", notif=3, error=None):
    search_box = E("searchbox", "Search patients, appointments and plans", key="gsearch",
                   **({"value": gsearch} if gsearch else {}))
    body = [
        E("banner", "",
          E("link", "Toothline · Harbourview Dental Group", key="home"),
          E("navigation", "Primary",
            E("link", "Dashboard", key="nav-dashboard"),
            E("link", "Schedule", key="nav-schedule"),
            E("link", "Patients", key="nav-patients"),
            E("link", "Treatment plans", key="nav-plans"),
            E("link", "Billing"),
            E("link", "Reports")),
          E("search", "Global search", search_box, E("button", "Search", key="gsearch-btn")),
          E("combobox", "Clinic", value=clinic, hasPopup="listbox", expanded=False),
          E("button", "Notifications, %d unread" % notif, hasPopup="menu", expanded=False),
          E("button", "Priya Nair, Treatment Coordinator", hasPopup="menu", expanded=False, key="usermenu")),
    ]
    if crumbs:
        items = [E("listitem", "", E("link", c, key="crumb-" + c)) for c in crumbs[:-1]]
        items.append(E("listitem", "", T(crumbs[-1])))
        body.append(E("navigation", "Breadcrumb", E("list", "", items)))
    body.append(E("main", "", main))
    if related:
        body.append(E("complementary", "Related records",
                      E("heading", "Household and related records", level=2),
                      E("list", "", [E("listitem", "", E("link", label, key="rel-" + k)) for k, label in related])))
    if recent:
        body.append(E("complementary", "Recently viewed",
                      E("heading", "Recently viewed", level=2),
                      E("list", "", [E("listitem", "", E("link", label, key="recent-" + k)) for k, label in recent])))
    if toast:
        body.append(E("status", "", T(toast), E("button", "Dismiss notification", key="toast-dismiss")))
    else:
        body.append(E("status", ""))
    body.append(E("contentinfo", "",
                  T("Toothline 6.4.2 · © 2024 Harbourview Dental Group · 210 Quayside Drive, Portland, OR 97209"),
                  E("link", "Help centre"), E("link", "Privacy notice"), E("link", "System status"),
                  T("Signed in as priya.nair@harbourviewdental.com · Tuesday, 14 May 2024")))
    if dialog is not None:
        body.append(dialog)
    return Page(path, title + " · " + PRODUCT, body, error=error)


RECENT_BOOK = [("P-10428", "Margaret Okafor (P-10428)"), ("A-77125", "Appointment A-77125"),
               ("P-10482", "Marguerite Okafor (P-10482)"), ("TP-5377", "Treatment plan TP-5377")]
RECENT_TP = [("P-20371", "Jonah Whitfield (P-20371)"), ("TP-5498", "Treatment plan TP-5498"),
             ("P-20317", "Jonas Whitfield (P-20317)"), ("P-10482", "Marguerite Okafor (P-10482)")]


# ---------------------------------------------------------------------------
# Pages: dashboard, patients list, search, patient record
# ---------------------------------------------------------------------------

def dashboard(recent, tasks=None, toast=None, gsearch=""):
    today_rows = [("08:30", "Pham, L.", "Hygiene visit", "Kim Barros, RDH", "Chair 1", "Checked in"),
                  ("09:00", "Lindgren, E.", "Crown seat", "Dr. Tomás Reyes", "Chair 3", "In chair"),
                  ("09:30", "Adair, S.", "Filling", "Dr. Hannah Lindqvist", "Chair 5", "Arrived"),
                  ("10:30", "Castellano, M.", "Root canal", "Dr. Teresa Reyes", "Chair 2", "Confirmed"),
                  ("11:00", "Brooks, T.", "Extraction", "Dr. Samuel Achterberg", "Chair 4", "Confirmed")]
    tasks = tasks or ["Call back Margaret Okafor (P-10428) about denture adjustment",
                      "Send estimate to Jonah Whitfield (P-20371) for TP-5498",
                      "Verify insurance for 3 patients booked tomorrow"]
    main = [
        E("heading", "Good morning, Priya", level=1),
        T("Quayside clinic · Tuesday 14 May 2024"),
        E("region", "Today's schedule",
          E("heading", "Today's schedule", level=2),
          E("table", "Today's appointments",
            E("row", "", [E("columnheader", h) for h in ["Time", "Patient", "Treatment", "Clinician", "Chair", "Status"]]),
            [E("row", "", [E("cell", c) for c in r]) for r in today_rows]),
          E("link", "Open full schedule", key="dash-schedule")),
        E("region", "My tasks",
          E("heading", "My tasks", level=2),
          E("list", "", [E("listitem", "", E("checkbox", t, checked="false")) for t in tasks])),
        E("region", "Quick actions",
          E("heading", "Quick actions", level=2),
          E("button", "New appointment", key="dash-newappt"),
          E("button", "Add patient"),
          E("button", "Record payment")),
    ]
    return shell("/dashboard", "Dashboard", ["Home"], main, recent=recent, toast=toast, gsearch=gsearch)


def patients_list(rows, page=1, pages=29, total=287, sort=("Name", "ascending"), q="", letter=None,
                  recent=None, toast=None, typed=None):
    headers = ["Patient ID", "Name", "Date of birth", "Phone", "Last visit", "Next appointment"]
    hdr_cells = []
    for h in headers:
        props = {}
        if h == sort[0]:
            props["sort"] = sort[1]
        hdr_cells.append(E("columnheader", h, E("button", h, key="sort-" + h), **props))
    body_rows = []
    for (pid, last, first, dob, phone, visit, nxt) in rows:
        body_rows.append(E("row", "",
                           E("cell", pid),
                           E("cell", "", E("link", "%s, %s" % (last, first), key="open-" + pid)),
                           E("cell", dob), E("cell", phone), E("cell", visit), E("cell", nxt)))
    start = (page - 1) * 10 + 1
    end = start + len(rows) - 1
    searchval = typed if typed is not None else q
    pag = [E("link", "Previous page", key="page-prev", **({"disabled": True} if page == 1 else {}))]
    for n in sorted(set([1, 2, 3, page, pages])):
        if n <= pages:
            pag.append(E("link", "Page %d" % n, key="page-%d" % n, **({"current": "page"} if n == page else {})))
    pag.append(E("link", "Next page", key="page-next", **({"disabled": True} if page == pages else {})))
    main = [
        E("heading", "Patients", level=1),
        E("search", "Patient search",
          E("searchbox", "Search patients by name, ID or phone", key="psearch",
            **({"value": searchval} if searchval else {})),
          E("button", "Search", key="psearch-btn")),
        E("group", "Filters",
          E("combobox", "Status", value="Active", hasPopup="listbox", expanded=False),
          E("combobox", "Preferred clinic", value="All clinics", hasPopup="listbox", expanded=False),
          E("button", "Add patient")),
        E("navigation", "Last name A–Z", [E("link", L, key="letter-" + L, **({"current": "page"} if L == letter else {}))
                                          for L in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]),
        E("table", "Patients", E("rowgroup", "", E("row", "", hdr_cells)), E("rowgroup", "", body_rows)),
        T("Showing %d–%d of %d patients" % (start, end, total) if rows else "No patients match “%s”." % q),
        E("navigation", "Pagination", pag),
        E("combobox", "Rows per page", value="10", hasPopup="listbox", expanded=False),
    ]
    path = "/patients"
    params = []
    if q:
        params.append("q=" + q)
    if letter:
        params.append("last=" + letter)
    if sort != ("Name", "ascending"):
        params.append("sort=" + sort[0].lower().replace(" ", "_") + ("&dir=desc" if sort[1] == "descending" else ""))
    if page > 1:
        params.append("page=%d" % page)
    if params:
        path += "?" + "&".join(params)
    title = "Patients"
    if q:
        title = "Patients matching “%s”" % q
    return shell(path, title, ["Home", "Patients"], main, recent=recent, toast=toast)


def _count(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def global_search(q, pids, appts=(), plans=(), recent=None):
    prow = []
    for pid in pids:
        p = PATIENTS[pid]
        prow.append(E("row", "",
                      E("cell", "", E("link", pname(pid), key="open-" + pid)),
                      E("cell", pid), E("cell", p["dob"]), E("cell", p["phone"]), E("cell", p["last_visit"])))
    main = [
        E("heading", "Search results for “%s”" % q, level=1),
        T(", ".join(_count(n, w) for n, w in [(len(pids), "patient"), (len(appts), "appointment"),
                                               (len(plans), "treatment plan")])),
        E("region", "Patients",
          E("heading", "Patients (%d)" % len(pids), level=2),
          E("table", "Matching patients",
            E("row", "", [E("columnheader", h) for h in ["Name", "Patient ID", "Date of birth", "Phone", "Last visit"]]),
            prow)),
        E("region", "Appointments",
          E("heading", "Appointments (%d)" % len(appts), level=2),
          E("list", "", [E("listitem", "", E("link", a)) for a in appts]) if appts else T("No matching appointments.")),
        E("region", "Treatment plans",
          E("heading", "Treatment plans (%d)" % len(plans), level=2),
          E("list", "", [E("listitem", "", E("link", a)) for a in plans]) if plans else T("No matching treatment plans.")),
    ]
    return shell("/search?q=" + q, "Search: %s" % q, ["Home", "Search"], main, recent=recent, gsearch=q)


PATIENT_TABS = ["Overview", "Appointments", "Treatment plans", "Chart", "Billing", "Documents"]


def patient_page(pid, tab="Overview", recent=None, toast=None, upcoming=None, plans=None, dialog=None):
    p = PATIENTS[pid]
    upcoming = p.get("upcoming", []) if upcoming is None else upcoming
    plans = p["plans"] if plans is None else plans
    tabs = []
    for t in PATIENT_TABS:
        label = "Treatment plans (%d)" % len(plans) if t == "Treatment plans" else t
        tabs.append(E("tab", label, selected=(t == tab), key="tab-" + t))
    if tab == "Overview":
        if upcoming:
            up = E("table", "Upcoming appointments",
                   E("row", "", [E("columnheader", h) for h in ["Appointment", "When", "Treatment", "Clinician", "Chair"]]),
                   [E("row", "", E("cell", "", E("link", a[0])), [E("cell", c) for c in a[1:]]) for a in upcoming])
        else:
            up = T("No upcoming appointments.")
        panel = [
            E("heading", "Upcoming appointments", level=2), up,
            E("heading", "Recent visits", level=2),
            E("table", "Recent visits",
              E("row", "", [E("columnheader", h) for h in ["Date", "Visit", "Clinician", "Status"]]),
              [E("row", "", [E("cell", c) for c in v]) for v in p["visits"]]),
            E("heading", "Insurance", level=2), T(p["insurance"]),
            E("heading", "Preferred dentist", level=2), T(p["dentist"]),
        ]
    elif tab == "Treatment plans":
        if plans:
            tbl = E("table", "Treatment plans",
                    E("row", "", [E("columnheader", h) for h in ["Plan", "Title", "Status", "Updated", "Dentist"]]),
                    [E("row", "", E("cell", "", E("link", pl[0], key="plan-" + pl[0])), [E("cell", c) for c in pl[1:]])
                     for pl in plans])
        else:
            tbl = T("No treatment plans yet.")
        panel = [E("heading", "Treatment plans", level=2),
                 E("button", "New treatment plan", key="newplan-tab"),
                 E("combobox", "Show", value="All statuses", hasPopup="listbox", expanded=False),
                 tbl]
    else:
        panel = [T("Loading %s…" % tab.lower())]
    main = [
        E("heading", pname(pid), level=1),
        T("%s · Born %s (%d) · %s · Active patient" % (pid, p["dob"], p["age"], p["phone"])),
        E("note", "Medical alert", T(p["alert"])),
        E("group", "Record actions",
          E("button", "Book appointment", key="book"),
          E("button", "New treatment plan", key="newplan"),
          E("button", "Edit details"),
          E("button", "More actions", hasPopup="menu", expanded=False)),
        E("tablist", "Patient record", tabs),
        E("tabpanel", tab, panel),
    ]
    path = "/patients/" + pid + ("" if tab == "Overview" else "?tab=" + tab.lower().replace(" ", "-"))
    return shell(path, "%s (%s)" % (pname(pid), pid), ["Home", "Patients", pname(pid)], main,
                 recent=recent, related=p["household"], toast=toast, dialog=dialog)


# ---------------------------------------------------------------------------
# Pages: schedule board
# ---------------------------------------------------------------------------

Q_CHAIRS = ["Chair 1 (Hygiene)", "Chair 2", "Chair 3", "Chair 4 (Surgery)", "Chair 5"]
TIMES = ["08:30", "09:30", "10:30", "11:30", "13:30", "14:30", "15:30"]


def _board_bookings(date):
    rnd = random.Random(date)  # stable per date
    book = {}
    names = ["Pham, L.", "Lindgren, E.", "Adair, S.", "Castellano, M.", "Brooks, T.", "Osei, K.", "Varga, P.",
             "Moreau, C.", "Haddad, R.", "Yilmaz, D.", "Sorensen, I.", "Tanaka, H."]
    owner = {"Chair 1 (Hygiene)": ("Kim Barros, RDH", "Hygiene visit"), "Chair 2": ("Dr. Teresa Reyes", "Root canal"),
             "Chair 3": ("Dr. Tomás Reyes", "Filling"), "Chair 4 (Surgery)": ("Dr. Samuel Achterberg", "Extraction"),
             "Chair 5": ("Dr. Hannah Lindqvist", "Exam")}
    for ch in Q_CHAIRS:
        for t in TIMES:
            if rnd.random() < 0.55:
                book[(ch, t)] = "%s · %s · %s" % (rnd.choice(names), owner[ch][1], owner[ch][0])
    if date == "2024-05-16":
        book[("Chair 2", "10:30")] = "Okafor, Margaret (P-10428) · Root canal #3 · Dr. Teresa Reyes"
        for t in TIMES:
            book.pop(("Chair 3", t), None)
        book[("Chair 3", "09:30")] = "Adair, S. · Filling · Dr. Tomás Reyes"
        book[("Chair 3", "13:30")] = "Lindgren, E. · Crown seat · Dr. Tomás Reyes"
    return book


def schedule_board(date, dentist="All dentists", filters_open=False, goto_typed=None, recent=None, toast=None):
    book = _board_bookings(date)
    chairs = ["Chair 3"] if dentist == "Dr. Tomás Reyes" else Q_CHAIRS
    rows = []
    for t in TIMES:
        cells = [E("cell", t)]
        for ch in chairs:
            b = book.get((ch, t))
            if b:
                cells.append(E("cell", "", E("link", b)))
            else:
                cells.append(E("cell", "", E("button", "Free %s · %s" % (t, ch.split(" (")[0]),
                                             key="slot-%s-%s" % (t, ch.split(" (")[0]))))
        rows.append(E("row", "", cells))
    nfilters = 0 if dentist == "All dentists" else 1
    fbutton = E("button", "Filters" + (" (%d)" % nfilters if nfilters else ""), key="filters", expanded=filters_open)
    main = [
        E("heading", "Schedule", level=1),
        E("toolbar", "Schedule controls",
          E("button", "Previous day", key="prev-day"),
          E("textbox", "Go to date", value=goto_typed or date, key="goto"),
          E("button", "Go", key="goto-btn"),
          E("button", "Today", key="today"),
          E("button", "Next day", key="next-day"),
          E("radio", "Day view", checked="true"), E("radio", "Week view", checked="false"),
          fbutton),
    ]
    if filters_open:
        main.append(E("region", "Schedule filters",
                      E("combobox", "Dentist", value=dentist, hasPopup="listbox", expanded=False, key="f-dentist"),
                      E("combobox", "Chair", value="All chairs", hasPopup="listbox", expanded=False),
                      E("checkbox", "Show cancelled appointments", checked="false"),
                      E("button", "Reset filters")))
    main += [
        E("heading", "%s · Quayside" % long_date(date), level=2),
        T("Showing %s" % ("Dr. Tomás Reyes only" if nfilters else "all dentists")),
        E("table", "Chair schedule", E("row", "", E("columnheader", "Time"), [E("columnheader", c) for c in chairs]), rows),
    ]
    q = "?date=%s&clinic=quayside" % date + ("&dentist=treyes" if nfilters else "")
    return shell("/schedule" + q, "Schedule · %s" % short_date(date), ["Home", "Schedule"], main,
                 recent=recent, toast=toast)


# ---------------------------------------------------------------------------
# Pages: appointment booking wizard
# ---------------------------------------------------------------------------

BOOK_STEPS = ["Step 1 of 3: Patient and treatment", "Step 2 of 3: Dentist, chair and time", "Step 3 of 3: Review"]


def steps_nav(label, steps, cur):
    return E("navigation", label,
             E("list", "", [E("listitem", "", T(s), **({"current": "step"} if i == cur else {})) for i, s in enumerate(steps)]))


def slots_for(b):
    """Return list of (time, free) for the chosen chair/location/date."""
    loc, chair, date = b.get("location"), b.get("chair"), b.get("date")
    if loc == "Quayside" and chair == "Chair 3" and date == "2024-05-16":
        booked = {"09:30", "13:30"}
    elif loc == "Northgate" and chair == "Chair 3" and date == "2024-05-16":
        booked = {"08:30", "14:30"}
    elif date == TODAY:
        booked = {"08:30", "09:30", "10:30", "11:30", "13:30"}
    else:
        booked = {"09:30", "11:30"}
    return [(t, t not in booked) for t in TIMES]


def book_path(b, step):
    if b.get("from_board"):
        return "/appointments/new?slot=2024-05-16T10:30&chair=Q3&dentist=treyes&step=%d" % step
    return "/appointments/new?patient=%s&step=%d" % (b["pid"], step)


def book_summary(b):
    return "%s · %s%s · %d min" % (b["patient"], b["treatment"],
                                   ", tooth #%s" % b["tooth"] if b.get("tooth") else "", b.get("duration", 60))


def book_step1(b, recent=None, suggest=None, toast=None):
    form = []
    if b.get("from_board"):
        form.append(T("Selected slot: %s · %s · %s · %s at %s" % (b["dentist"], b["chair"], b["location"],
                                                                  long_date(b["date"]), b["slot"])))
    pprops = {"value": b["patient"]} if b.get("patient") else ({"value": b["typed_patient"]} if b.get("typed_patient") else {})
    form.append(E("combobox", "Patient", key="patient", required=True, hasPopup="listbox",
                  expanded=bool(suggest), **pprops))
    if suggest:
        form.append(E("listbox", "Matching patients",
                      [E("option", "%s · %s · born %s" % (pname(pid), pid, PATIENTS[pid]["dob"]), selected=False,
                         key="opt-" + pid) for pid in suggest]))
    form.append(E("combobox", "Treatment", value=b.get("treatment") or "Choose a treatment", key="treatment",
                  required=True, hasPopup="listbox", expanded=False))
    form.append(E("textbox", "Tooth or area", key="tooth", **({"value": b["tooth"]} if b.get("tooth") else {})))
    form.append(E("spinbutton", "Duration (minutes)", value=str(b.get("duration", 30)), key="duration"))
    form.append(E("textbox", "Notes for the clinician (optional)", key="notes"))
    main = [
        E("heading", "New appointment", level=1),
        steps_nav("Booking steps", BOOK_STEPS, 0),
        E("heading", BOOK_STEPS[0], level=2),
        E("form", "Patient and treatment", form),
        E("button", "Cancel", key="wiz-cancel"), E("button", "Save draft"),
        E("button", "Next: dentist, chair and time", key="next1"),
    ]
    crumbs = ["Home", "Schedule", "New appointment"] if b.get("from_board") else ["Home", "Patients", b["pname"], "New appointment"]
    return shell(book_path(b, 1), "New appointment — " + BOOK_STEPS[0], crumbs, main, recent=recent, toast=toast)


def book_step2(b, recent=None):
    form = [
        E("combobox", "Location", value=b["location"], key="location", hasPopup="listbox", expanded=False),
        T("Location defaults to your home clinic (Northgate)."),
        E("combobox", "Dentist", value=b.get("dentist") or "Choose a dentist", key="dentist", required=True,
          hasPopup="listbox", expanded=False),
        E("combobox", "Chair", value=b.get("chair") or "Any chair", key="chair", hasPopup="listbox", expanded=False),
        E("textbox", "Date (YYYY-MM-DD)", value=b["date"], key="date", required=True),
    ]
    if b.get("dentist") and b.get("chair"):
        form.append(T("Available start times for %s · %s on %s" % (b["chair"], b["location"], long_date(b["date"]))))
        radios = []
        for t, free in slots_for(b):
            if free:
                radios.append(E("radio", t, checked="true" if b.get("slot") == t else "false", key="slot-" + t))
            else:
                radios.append(E("radio", "%s (booked)" % t, checked="false", disabled=True))
        form.append(E("radiogroup", "Available start times", radios))
    else:
        form.append(T("Choose a dentist, chair and date to see available start times."))
    main = [
        E("heading", "New appointment", level=1),
        steps_nav("Booking steps", BOOK_STEPS, 1),
        E("heading", BOOK_STEPS[1], level=2),
        T(book_summary(b)),
        E("form", "Dentist, chair and time", form),
        E("button", "Back", key="back2"), E("button", "Save draft"),
        E("button", "Next: review", key="next2"),
    ]
    crumbs = ["Home", "Schedule", "New appointment"] if b.get("from_board") else ["Home", "Patients", b["pname"], "New appointment"]
    return shell(book_path(b, 2), "New appointment — " + BOOK_STEPS[1], crumbs, main, recent=recent)


def book_dialog(b):
    return E("dialog", "Confirm booking", E("heading", "Confirm booking", level=2),
             T("Book %s (%s) with %s in %s (%s) on %s at %s?" % (b["pname"], b["pid"], b["dentist"], b["chair"],
                                                              b["location"], long_date(b["date"]), b["slot"])),
             T("The patient will receive an SMS confirmation."),
             E("button", "Cancel", key="dlg-cancel"),
             E("button", "Confirm booking", key="dlg-confirm"),
             modal=True)


def book_step3(b, recent=None, dialog=False, saving=False):
    dl = E("list", "Appointment details",
           [E("listitem", "", T("%s: %s" % (k, v))) for k, v in [
               ("Patient", "%s (%s)" % (b["pname"], b["pid"])),
               ("Treatment", "%s%s · %d min" % (b["treatment"], ", tooth #%s" % b["tooth"] if b.get("tooth") else "",
                                                 b.get("duration", 60))),
               ("Dentist", b["dentist"]),
               ("Chair", "%s · %s" % (b["chair"], b["location"])),
               ("When", "%s, %s–%s" % (long_date(b["date"]), b["slot"], plus_hour(b["slot"]))),
           ]])
    main = [
        E("heading", "New appointment", level=1),
        steps_nav("Booking steps", BOOK_STEPS, 2),
        E("heading", BOOK_STEPS[2], level=2),
        E("heading", "Review appointment", level=3),
        dl,
        E("checkbox", "Send SMS confirmation to patient", checked="true"),
        E("button", "Back", key="back3"), E("button", "Save draft"),
        E("button", "Book appointment", key="book-submit"),
    ]
    crumbs = ["Home", "Schedule", "New appointment"] if b.get("from_board") else ["Home", "Patients", b["pname"], "New appointment"]
    toast = "Saving booking…" if saving else None
    page = shell(book_path(b, 3), "New appointment — " + BOOK_STEPS[2], crumbs, main, recent=recent,
                 dialog=book_dialog(b) if dialog else None, toast=toast)
    return page


def appointment_page(b, appt_id, recent=None, toast=True, others=None):
    others = others if others is not None else [("A-76904", "Tue 2 Apr 2024 09:00 · Exam, cleaning and bitewings · Completed")]
    clinic_addr = "Quayside, 210 Quayside Drive" if b["location"] == "Quayside" else "Northgate, 48 Northgate Avenue"
    main = [
        E("heading", "Appointment %s" % appt_id, level=1),
        T("Booked · %s, %s–%s" % (long_date(b["date"]), b["slot"], plus_hour(b["slot"]))),
        E("list", "Appointment details",
          E("listitem", "", T("Patient: "), E("link", "%s (%s)" % (b["pname"], b["pid"]), key="appt-patient")),
          E("listitem", "", T("Treatment: %s%s · %d min" % (b["treatment"], ", tooth #%s" % b["tooth"] if b.get("tooth") else "",
                                                            b.get("duration", 60)))),
          E("listitem", "", T("Dentist: %s" % b["dentist"])),
          E("listitem", "", T("Chair: %s" % b["chair"])),
          E("listitem", "", T("Clinic: %s" % clinic_addr)),
          E("listitem", "", T("Booked by Priya Nair on 14 May 2024 at 09:%02d" % (31 + int(appt_id[-2:]) % 20)))),
        E("group", "Appointment actions",
          E("button", "Reschedule"), E("button", "Cancel appointment"), E("button", "Print appointment card")),
        E("link", "Back to schedule", key="back-schedule"),
        E("region", "Other appointments for this patient",
          E("heading", "Other appointments for this patient", level=2),
          E("list", "", [E("listitem", "", E("link", "%s · %s" % o)) for o in others])),
    ]
    msg = "Appointment %s booked. SMS confirmation queued for %s." % (appt_id, PATIENTS[b["pid"]]["phone"]) if toast else None
    return shell("/appointments/" + appt_id, "Appointment %s" % appt_id, ["Home", "Schedule", "Appointment %s" % appt_id],
                 main, recent=recent, toast=msg)


def access_denied(path, what, recent=None):
    main = [
        E("heading", "You don't have access to this action", level=1),
        T(what),
        T("Error reference: 403-SCHED-%04d" % random.randint(1000, 9999)),
        E("link", "Back to schedule", key="denied-back"),
        E("link", "Request access from your practice manager"),
    ]
    return shell(path, "Access restricted", ["Home", "Access restricted"], main, recent=recent)


# ---------------------------------------------------------------------------
# Pages: treatment plan wizard
# ---------------------------------------------------------------------------

CODES = {"D3330": "D3330 – Endodontic therapy, molar", "D3320": "D3320 – Endodontic therapy, premolar",
         "D2740": "D2740 – Crown, porcelain/ceramic", "D2750": "D2750 – Crown, porcelain fused to high noble metal"}
TP_STEPS = ["Step 1 of 3: Procedures", "Step 2 of 3: Cost estimate", "Step 3 of 3: Consent"]


def fee_val(s):
    try:
        return float(str(s).replace(",", "").replace("$", ""))
    except ValueError:
        return 0.0


def tp_total(t):
    return sum(fee_val(l[2]) for l in t["lines"] if l[2])


def tp_heading(t):
    return "Edit treatment plan %s" % t["draft"] if t.get("draft") else "New treatment plan"


def tp_path(t, step):
    if t.get("draft"):
        return "/treatment-plans/%s/edit?step=%d" % (t["draft"], step)
    return "/patients/P-20317/treatment-plans/new?step=%d" % step


def tp_shell(t, step, main, recent, toast=None, dialog=None):
    head = [E("heading", tp_heading(t), level=1),
            T("Jonas Whitfield · P-20317 · Delta Dental PPO (primary) · Treating dentist: Dr. Hannah Lindqvist"),
            steps_nav("Plan steps", TP_STEPS, step - 1),
            E("heading", TP_STEPS[step - 1], level=2)]
    return shell(tp_path(t, step), "%s — %s" % ("Treatment plan" if not t.get("draft") else "Treatment plan %s" % t["draft"],
                                                TP_STEPS[step - 1]),
                 ["Home", "Patients", "Jonas Whitfield", "Treatment plan"], head + main, recent=recent,
                 toast=toast, dialog=dialog)


def tp_step1(t, recent=None, toast=None):
    rows = []
    for i, (code, tooth, fee) in enumerate(t["lines"], 1):
        rows.append(E("row", "",
                      E("cell", str(i)),
                      E("cell", "", E("combobox", "Procedure code, line %d" % i, value=CODES.get(code, "Choose a procedure"),
                                      hasPopup="listbox", expanded=False, key="code%d" % i)),
                      E("cell", "", E("textbox", "Tooth, line %d" % i, key="tooth%d" % i, **({"value": tooth} if tooth else {}))),
                      E("cell", "", E("textbox", "Fee (USD), line %d" % i, key="fee%d" % i, **({"value": fee} if fee else {}))),
                      E("cell", "", E("button", "Remove line %d" % i))))
    main = [
        E("textbox", "Plan title (optional)", key="ptitle", **({"value": t["title"]} if t.get("title") else {})),
        E("combobox", "Fee schedule", value="Delta Dental PPO 2024", hasPopup="listbox", expanded=False),
        E("table", "Procedures",
          E("row", "", [E("columnheader", h) for h in ["#", "Procedure code", "Tooth", "Fee (USD)", ""]]),
          rows if rows else E("row", "", E("cell", "No procedures added yet."))),
        E("button", "Add procedure", key="addproc"),
        T("Plan total: %s" % money(tp_total(t))),
        E("button", "Cancel", key="tp-cancel"), E("button", "Save draft", key="tp-draft"),
        E("button", "Next: cost estimate", key="tp-next1"),
    ]
    return tp_shell(t, 1, main, recent, toast=toast)


def estimate_table(t):
    rows = [E("row", "", E("cell", CODES[c]), E("cell", "#%s" % tooth), E("cell", money(fee_val(fee))))
            for c, tooth, fee in t["lines"]]
    rows.append(E("row", "", E("cell", "Total"), E("cell", ""), E("cell", money(tp_total(t)))))
    return E("table", "Estimate lines", E("row", "", E("columnheader", "Procedure"), E("columnheader", "Tooth"),
                                          E("columnheader", "Fee")), rows)


def tp_step2(t, recent=None, dialog=None):
    ins = t.get("ins")
    portion = money(tp_total(t) - fee_val(ins)) if ins else "—"
    main = [
        estimate_table(t),
        E("combobox", "Insurance plan", value="Delta Dental PPO — primary (Whitfield, Jonas)", hasPopup="listbox",
          expanded=False),
        T("Annual maximum remaining for 2024: $1,500.00 · Deductible met"),
        E("textbox", "Estimated insurance coverage (USD)", key="ins", required=True, **({"value": ins} if ins else {})),
        T("Patient portion: %s" % portion),
        E("textbox", "Estimate valid until", value="2024-08-12", key="valid"),
        E("checkbox", "Print estimate for patient", checked="true" if t.get("print") else "false", key="print"),
        E("button", "Back", key="tp-back2"), E("button", "Save draft"),
        E("button", "Next: consent", key="tp-next2"),
    ]
    return tp_shell(t, 2, main, recent, dialog=dialog)


def tp_summary(t):
    ins = fee_val(t.get("ins") or 0)
    return "%d procedures · Total %s · Insurance estimate %s · Patient portion %s" % (
        len(t["lines"]), money(tp_total(t)), money(ins), money(tp_total(t) - ins))


def tp_dialog(t):
    consent = t.get("consent")
    status = "Accepted" if consent else "Proposed"
    return E("dialog", "Save treatment plan", E("heading", "Save treatment plan?", level=2),
             T("Save this plan for Jonas Whitfield (P-20317) as %s%s?" % (status, "" if consent else " (consent not recorded)")),
             T("The cost estimate of %s (patient portion %s) will be attached to the patient account." % (
                 money(tp_total(t)), money(tp_total(t) - fee_val(t.get("ins") or 0)))),
             E("button", "Cancel", key="dlg-cancel"),
             E("button", "Save plan", key="dlg-save"),
             modal=True)


def tp_step3(t, recent=None, dialog=False):
    method = t.get("method")
    main = [
        T(tp_summary(t)),
        E("checkbox", "Patient has reviewed the proposed treatment, alternatives, risks and cost estimate",
          checked="true" if t.get("consent") else "false", required=True, key="consent"),
        E("radiogroup", "How was consent given?",
          [E("radio", m, checked="true" if method == m else "false", key="method-" + m)
           for m in ["Signed on tablet", "Signed paper form", "Verbal, witnessed"]]),
        E("textbox", "Witness (verbal consent only)", key="witness"),
        E("combobox", "Plan status on save", value="Accepted", hasPopup="listbox", expanded=False),
        E("button", "Back", key="tp-back3"), E("button", "Save draft"),
        E("button", "Save plan", key="tp-save"),
    ]
    return tp_shell(t, 3, main, recent, dialog=tp_dialog(t) if dialog else None)


def leave_dialog():
    return E("dialog", "Leave this page?", E("heading", "Leave this page?", level=2),
             T("You have unsaved changes to this treatment plan. If you leave now they will be lost."),
             E("button", "Stay on page", key="leave-stay"),
             E("button", "Leave page", key="leave-go"),
             modal=True)


def plan_page(t, plan_id, status, recent=None, toast=None, estimate=True, consent_text=None, updated=None,
              alert=None, saved_by="Priya Nair"):
    if updated is None:
        updated = "14 May 2024 10:%02d" % (2 + int(plan_id[-2:]) % 30)
    rows = [E("row", "", E("cell", CODES[c]), E("cell", "#%s" % tooth), E("cell", money(fee_val(fee))),
              E("cell", "Planned")) for c, tooth, fee in t["lines"]]
    ins = fee_val(t.get("ins") or 0)
    main = []
    if alert:
        main.append(E("alert", "", T(alert)))
    main += [
        E("heading", "Treatment plan %s" % plan_id, level=1),
        T("Jonas Whitfield · P-20317 · Dr. Hannah Lindqvist"),
        E("list", "Plan status",
          E("listitem", "", T("Status: %s" % status)),
          E("listitem", "", T("Consent: %s" % (consent_text or "not recorded"))),
          E("listitem", "", T("Last saved %s by %s" % (updated, saved_by)))),
        E("heading", "Procedures", level=2),
        E("table", "Planned procedures",
          E("row", "", [E("columnheader", h) for h in ["Procedure", "Tooth", "Fee", "Status"]]), rows),
        E("heading", "Cost estimate", level=2),
    ]
    if estimate:
        main.append(E("list", "Cost estimate",
                      E("listitem", "", T("Total: %s" % money(tp_total(t)))),
                      E("listitem", "", T("Estimated insurance coverage: %s (Delta Dental PPO)" % money(ins))),
                      E("listitem", "", T("Patient portion: %s" % money(tp_total(t) - ins))),
                      E("listitem", "", T("Valid until 12 Aug 2024"))))
    else:
        main.append(T("No cost estimate attached."))
    if status == "Draft":
        main.append(E("group", "Plan actions", E("button", "Continue editing", key="continue"),
                      E("button", "Delete draft")))
    else:
        main.append(E("group", "Plan actions", E("button", "Schedule treatment"), E("button", "Print plan and estimate"),
                      E("button", "Withdraw plan")))
    main.append(E("link", "Back to Jonas Whitfield", key="back-patient"))
    return shell("/treatment-plans/" + plan_id, "Treatment plan %s" % plan_id,
                 ["Home", "Patients", "Jonas Whitfield", "Treatment plan %s" % plan_id], main,
                 recent=recent, toast=toast)


# ---------------------------------------------------------------------------
# Plans: written from the task and the healthy pages only, before any faulty run
# ---------------------------------------------------------------------------

BOOK_TASK = ("Book a crown preparation on tooth #14 for Marguerite Okafor (P-10482) with Dr. Tomás Reyes "
             "in Chair 3 at the Quayside clinic on Thursday 16 May 2024 at 10:30 (60 minutes).")

TP_TASK = ("Record a treatment plan for Jonas Whitfield (P-20317): root canal therapy on tooth #30 (D3330, $1,140) "
           "followed by a porcelain/ceramic crown on tooth #30 (D2740, $1,260). Attach the cost estimate "
           "(total $2,400; estimated insurance coverage $1,150; patient portion $1,250), record that he signed "
           "consent on the tablet, and save the plan as Accepted.")

BOOK_PLAN_YAML = '''\
# Plan for booking Marguerite Okafor's crown prep in Toothline (Harbourview Dental Group).
# Written by the front-desk lead from the task and a walk-through of a normal booking.
task: "%s"
plan_falsifiers:
  execution:
    - "Sign in to Toothline"
    - "Your session has expired. Please sign in again."
    - "Something went wrong. Please try again or contact Toothline support."
commitments:
  - id: find-patient
    subgoal: "Find Marguerite Okafor (P-10482) and open or select her"
    skill: open_record_by_search
    confidence: 0.8
    confirm:
      precondition: ["Patients list or search box is available"]
      progress: ["Search results for Okafor"]
      completion:
        - "Marguerite Okafor (P-10482) patient record, born 22 Mar 1979"
        - "Patient: Marguerite Okafor · P-10482"
    falsify:
      execution:
        - "Margaret Okafor (P-10428) patient record"
        - "Daniel Okafor (P-10483) patient record"
        - "No patients match"
        - {text: "open Margaret Okafor (P-10428)", on: action}
      planning:
        - "Marguerite Okafor is an archived or inactive patient"
  - id: start-booking
    subgoal: "Start a new appointment for her: crown preparation on tooth #14, 60 minutes"
    confidence: 0.7
    confirm:
      precondition: ["Book appointment button on Marguerite Okafor's record"]
      progress: ["New appointment — Step 1 of 3: Patient and treatment"]
      completion: ["Marguerite Okafor · P-10482 · Crown preparation, tooth #14 · 60 min"]
    falsify:
      execution:
        - "Treatment: Crown seat"
        - "Patient: Margaret Okafor"
      skill: []
      planning: []
  - id: choose-slot
    subgoal: "Choose Dr. Tomás Reyes, Chair 3 at Quayside, Thursday 16 May 2024 at 10:30"
    confidence: 0.6
    confirm:
      precondition: []
      progress: ["New appointment — Step 2 of 3: Dentist, chair and time"]
      completion: ["Available start times for Chair 3 · Quayside on Thursday 16 May 2024, 10:30 selected"]
    falsify:
      execution:
        - "Dentist: Dr. Teresa Reyes"
        - "Location: Northgate"
        - "10:30 (booked)"
      planning:
        - "Dr. Tomás Reyes has no availability on Thursday 16 May 2024"
  - id: confirm-booking
    subgoal: "Book the appointment and confirm it"
    confidence: 0.7
    confirm:
      precondition: ["Review appointment — Step 3 of 3"]
      progress: ["Confirm booking dialog: Book Marguerite Okafor (P-10482) with Dr. Tomás Reyes in Chair 3 (Quayside)"]
      completion: ["Appointment booked for Marguerite Okafor with Dr. Tomás Reyes, Chair 3 Quayside, Thursday 16 May 2024 10:30–11:30"]
    falsify:
      execution:
        - "Chair 3 is already booked at 10:30"
        - "The appointment overlaps another appointment for this patient"
      skill: []
      planning: []
''' % BOOK_TASK

TP_PLAN_YAML = '''\
# Plan for recording Jonas Whitfield's root canal + crown plan in Toothline.
# Written by the treatment coordinator from the task and a normal walk-through (new plan and saved-draft paths).
task: "%s"
plan_falsifiers:
  execution:
    - "Sign in to Toothline"
    - "Your session has expired. Please sign in again."
    - "Something went wrong. Please try again or contact Toothline support."
commitments:
  - id: open-patient
    subgoal: "Open Jonas Whitfield's patient record (P-20317)"
    skill: open_record_by_search
    confidence: 0.8
    confirm:
      precondition: ["Patients list or search box is available"]
      progress: ["Search results list Jonas Whitfield, P-20317"]
      completion: ["Jonas Whitfield (P-20317) patient record, born 14 Sep 1968"]
    falsify:
      execution:
        - "Jonah Whitfield (P-20371) patient record"
        - "Ellen Whitfield (P-20316) patient record"
        - "No patients match"
        - {text: "open Jonah Whitfield (P-20371)", on: action}
      planning:
        - "Jonas Whitfield is an archived or inactive patient"
  - id: enter-procedures
    subgoal: "Start a new treatment plan (or continue his saved draft) and enter both procedures with their fees"
    confidence: 0.7
    confirm:
      precondition: ["New treatment plan button on Jonas Whitfield's record"]
      progress: ["Treatment plan — Step 1 of 3: Procedures"]
      completion:
        - "D3330 – Endodontic therapy, molar, tooth 30, fee 1140"
        - "D2740 – Crown, porcelain/ceramic, tooth 30, fee 1260"
        - "Plan total: $2,400.00"
    falsify:
      execution:
        - "D3320 – Endodontic therapy, premolar"
        - "D2750 – Crown, porcelain fused to high noble metal"
      skill:
        - "Procedure code is not in the fee schedule"
      planning: []
  - id: cost-estimate
    subgoal: "Attach the cost estimate: total $2,400, insurance $1,150, patient portion $1,250"
    confidence: 0.6
    confirm:
      precondition: []
      progress: ["Treatment plan — Step 2 of 3: Cost estimate"]
      completion: ["Estimated insurance coverage 1150, Patient portion: $1,250.00, Total $2,400.00"]
    falsify:
      execution:
        - "Insurance plan: no active coverage"
      planning:
        - "Annual maximum remaining is less than $1,150"
  - id: record-consent
    subgoal: "Record that Jonas signed consent on the tablet"
    confidence: 0.6
    confirm:
      precondition: []
      progress: ["Treatment plan — Step 3 of 3: Consent"]
      completion: ["Patient has reviewed the proposed treatment, alternatives, risks and cost estimate (checked); consent Signed on tablet"]
    falsify:
      execution:
        - "Consent given verbally, witnessed"
      planning: []
  - id: save-plan
    subgoal: "Save the plan as Accepted and confirm"
    confidence: 0.7
    confirm:
      precondition: []
      progress: ["Save treatment plan? Save this plan for Jonas Whitfield (P-20317) as Accepted"]
      completion: ["Treatment plan saved. Status: Accepted. Consent: signed on tablet. Cost estimate total $2,400.00, patient portion $1,250.00"]
    falsify:
      execution:
        - "The plan is still a Draft after saving"
      planning: []
''' % TP_TASK


# ---------------------------------------------------------------------------
# Trajectory builder
# ---------------------------------------------------------------------------

class Run:
    def __init__(self, rid, workflow, task, start, fault=None):
        self.rid = rid
        self.workflow = workflow
        self.task = task
        self.start = start
        self.cur = start
        self.steps = []
        self.fault = fault
        self.off = None

    def mark(self):
        """The next step added is the first off-track step."""
        assert self.off is None, self.rid
        self.off = len(self.steps)

    def _add(self, command, target, reasoning, after, effect, commitment):
        action = {"command": command, "reasoning": reasoning, "target": target, "effect": effect}
        self.steps.append({"commitment": commitment, "action": action, "observation": after.obs()})
        self.cur = after

    def _bid(self, key):
        if key not in self.cur.keys:
            raise KeyError("%s: key %r not on page %r" % (self.rid, key, self.cur.title))
        return self.cur.keys[key]

    def click(self, key, after, why, cm, effect="read"):
        bid, target = self._bid(key)
        self._add("click(%r)" % bid, target, why, after, effect, cm)

    def fill(self, key, value, after, why, cm, effect="read"):
        bid, target = self._bid(key)
        self._add("fill(%r, %r)" % (bid, value), target, why, after, effect, cm)

    def select(self, key, value, after, why, cm, effect="read"):
        bid, target = self._bid(key)
        self._add("select_option(%r, %r)" % (bid, value), target, why, after, effect, cm)

    def say(self, msg, why, cm):
        self._add("send_msg_to_user(%r)" % msg, None, why, self.cur, "read", cm)

    def record(self, success):
        if self.fault is None:
            assert self.off is None, self.rid
        else:
            assert self.off is not None, self.rid
        return {
            "id": self.rid,
            "workflow": self.workflow,
            "task": self.task,
            "plan": "plans/%s.yaml" % self.workflow,
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": success},
        }


# ---------------------------------------------------------------------------
# Booking workflow: shared segments
# ---------------------------------------------------------------------------

WF_B = "book_appointment"
MSG_BOOKED = ("Booked appointment %s: Marguerite Okafor (P-10482), crown preparation tooth #14, Dr. Tomás Reyes, "
              "Chair 3 Quayside, Thursday 16 May 2024 10:30–11:30.")


def new_booking(pid):
    return {"pid": pid, "pname": pname(pid), "patient": "%s · %s" % (pname(pid), pid), "location": "Northgate",
            "date": TODAY, "duration": 30}


def seg_step1(r, b, recent, tooth="14"):
    b = dict(b, treatment="Crown preparation", duration=60)
    r.select("treatment", "Crown preparation", book_step1(b, recent), "Treatment for this visit is a crown preparation",
             "start-booking")
    b = dict(b, tooth=tooth)
    r.fill("tooth", tooth, book_step1(b, recent), "Record the tooth number from the task", "start-booking")
    b2 = dict(b)
    r.click("next1", book_step2(b2, recent), "Treatment is set; continue to dentist, chair and time", "start-booking")
    return b2


def seg_step2(r, b, recent, location="Quayside", chair="Chair 3", date="2024-05-16", order=("location", "dentist", "chair", "date"),
              mark_at=None):
    """Fill step 2.  mark_at names the field whose setting takes the run off track."""
    for f in order:
        if f == "location":
            b = dict(b, location=location)
            r.select("location", location, book_step2(b, recent), "The task asks for the %s clinic" % location, "choose-slot")
        elif f == "dentist":
            b = dict(b, dentist="Dr. Tomás Reyes")
            r.select("dentist", "Dr. Tomás Reyes", book_step2(b, recent), "Pick Dr. Tomás Reyes as the dentist",
                     "choose-slot")
        elif f == "chair":
            b = dict(b, chair=chair)
            if mark_at == "chair":
                r.mark()
            r.select("chair", chair, book_step2(b, recent), "The appointment goes in Chair 3", "choose-slot")
        elif f == "date":
            b = dict(b, date=date)
            r.fill("date", date, book_step2(b, recent), "Thursday 16 May 2024", "choose-slot")
    b = dict(b, slot="10:30")
    r.click("slot-10:30", book_step2(b, recent), "10:30 is free for Chair 3 on that day", "choose-slot")
    r.click("next2", book_step3(b, recent), "Dentist, chair and time are set; go to review", "choose-slot")
    return b


def seg_submit(r, b, recent, appt_id="A-77215"):
    r.click("book-submit", book_step3(b, recent, dialog=True), "Everything on the review matches the task; book it",
            "confirm-booking")
    r.click("dlg-confirm", appointment_page(b, appt_id, recent), "Confirm the booking", "confirm-booking",
            effect="irreversible")


# ---------------------------------------------------------------------------
# Booking workflow runs
# ---------------------------------------------------------------------------

def book_runs():
    runs = []
    P = "P-10482"

    # --- healthy 01: global search from the dashboard ------------------------------------------
    rec = RECENT_BOOK
    r = Run("book_appointment-healthy-01", WF_B, BOOK_TASK, dashboard(rec))
    r.fill("gsearch", "Okafor", dashboard(rec, gsearch="Okafor"), "Search for the patient by last name", "find-patient")
    srch = global_search("Okafor", ["P-10483", "P-10428", "P-10482"],
                         appts=["A-77125 · Margaret Okafor · Thu 16 May 2024 10:30 · Dr. Teresa Reyes · Chair 2"],
                         plans=["TP-5377 · Marguerite Okafor · Crown #14 after cracked cusp · Accepted"], recent=rec)
    r.click("gsearch-btn", srch, "Run the search", "find-patient")
    r.click("open-" + P, patient_page(P, recent=rec), "Marguerite Okafor, P-10482, born 1979 is the patient in the task",
            "find-patient")
    b = new_booking(P)
    r.click("book", book_step1(b, rec), "Start a booking from her record", "start-booking")
    b = seg_step1(r, b, rec)
    b = seg_step2(r, b, rec)
    seg_submit(r, b, rec)
    r.say(MSG_BOOKED % "A-77215", "The appointment page shows the booking", "confirm-booking")
    runs.append(r.record(True))

    # --- healthy 02: patients list, toast dismissed, re-sort, letter index, pagination ---------
    rec = [("P-20317", "Jonas Whitfield (P-20317)"), ("P-10428", "Margaret Okafor (P-10428)")]
    toast = "Recall reminders sent to 42 patients."
    lv = patients_list(ROWS_LV1, sort=("Last visit", "descending"), recent=rec, toast=toast)
    r = Run("book_appointment-healthy-02", WF_B, BOOK_TASK, lv)
    r.click("toast-dismiss", patients_list(ROWS_LV1, sort=("Last visit", "descending"), recent=rec),
            "Dismiss the notification covering the list", "find-patient")
    r.click("sort-Name", patients_list(ROWS_A, sort=("Name", "ascending"), recent=rec), "Sort by name to find her",
            "find-patient")
    r.click("letter-O", patients_list(ROWS_O1, letter="O", pages=2, total=17, recent=rec),
            "Jump to last names starting with O", "find-patient")
    r.click("page-next", patients_list(ROWS_O2, letter="O", page=2, pages=2, total=17, recent=rec),
            "Okafor is not on the first page; go to page 2", "find-patient")
    r.click("open-" + P, patient_page(P, recent=rec), "Okafor, Marguerite — P-10482 — is the one in the task",
            "find-patient")
    b = new_booking(P)
    r.click("book", book_step1(b, rec), "Start a booking", "start-booking")
    b = seg_step1(r, b, rec)
    b = seg_step2(r, b, rec, order=("dentist", "location", "date", "chair"))
    seg_submit(r, b, rec)
    r.say(MSG_BOOKED % "A-77215", "Booked and confirmed", "confirm-booking")
    runs.append(r.record(True))

    # --- healthy 03: schedule board, filter by dentist, free slot, patient picked in wizard -----
    rec = RECENT_BOOK
    r = Run("book_appointment-healthy-03", WF_B, BOOK_TASK, schedule_board(TODAY, recent=rec))
    r.click("filters", schedule_board(TODAY, filters_open=True, recent=rec), "Open the filters to show one dentist",
            "choose-slot")
    r.select("f-dentist", "Dr. Tomás Reyes", schedule_board(TODAY, "Dr. Tomás Reyes", True, recent=rec),
             "Show only Dr. Tomás Reyes", "choose-slot")
    r.fill("goto", "2024-05-16", schedule_board(TODAY, "Dr. Tomás Reyes", True, goto_typed="2024-05-16", recent=rec),
           "Go to Thursday 16 May", "choose-slot")
    r.click("goto-btn", schedule_board("2024-05-16", "Dr. Tomás Reyes", True, recent=rec), "Apply the date", "choose-slot")
    b = {"pid": P, "pname": pname(P), "from_board": True, "dentist": "Dr. Tomás Reyes", "chair": "Chair 3",
         "location": "Quayside", "date": "2024-05-16", "slot": "10:30", "duration": 30}
    r.click("slot-10:30-Chair 3", book_step1(b, rec), "10:30 in Chair 3 is free; book it", "choose-slot")
    r.fill("patient", "Okafor", book_step1(dict(b, typed_patient="Okafor"), rec, suggest=["P-10483", "P-10428", P]),
           "Type the patient's last name", "find-patient")
    b = dict(b, patient="%s · %s" % (pname(P), P))
    r.click("opt-" + P, book_step1(b, rec), "Pick Marguerite Okafor, P-10482, born 22 Mar 1979", "find-patient")
    b = seg_step1(r, b, rec)
    r.click("next2", book_step3(b, rec), "Dentist, chair, date and time carried over from the board are right",
            "choose-slot")
    seg_submit(r, b, rec)
    r.say(MSG_BOOKED % "A-77215", "Booking confirmed", "confirm-booking")
    runs.append(r.record(True))

    # --- healthy 04: start on the spouse's record, related link, date changed after first look --
    rec = [("P-10483", "Daniel Okafor (P-10483)"), ("P-10428", "Margaret Okafor (P-10428)")]
    r = Run("book_appointment-healthy-04", WF_B, BOOK_TASK, patient_page("P-10483", recent=rec))
    r.click("rel-" + P, patient_page(P, recent=rec), "This is her husband's record; open Marguerite from household",
            "find-patient")
    b = new_booking(P)
    r.click("book", book_step1(b, rec), "Start a booking", "start-booking")
    b = seg_step1(r, b, rec)
    b = seg_step2(r, b, rec, order=("location", "dentist", "chair", "date"))
    # (the date is still 2024-05-14 when chair is chosen, so the first slot list shows today; then date changes)
    seg_submit(r, b, rec)
    r.click("toast-dismiss", appointment_page(b, "A-77215", rec, toast=False), "Dismiss the confirmation toast",
            "confirm-booking")
    r.say(MSG_BOOKED % "A-77215", "Done", "confirm-booking")
    runs.append(r.record(True))
    return runs


def book_fault_runs():
    runs = []
    P = "P-10482"
    rec = RECENT_BOOK

    # --- wrong_record: opens Margaret Okafor (P-10428) from the search results -------------------
    r = Run("book_appointment-wrong_record-01", WF_B, BOOK_TASK, dashboard(rec), fault="wrong_record")
    r.fill("gsearch", "Okafor", dashboard(rec, gsearch="Okafor"), "Search for the patient by last name", "find-patient")
    srch = global_search("Okafor", ["P-10483", "P-10428", "P-10482"],
                         appts=["A-77125 · Margaret Okafor · Thu 16 May 2024 10:30 · Dr. Teresa Reyes · Chair 2"],
                         plans=["TP-5377 · Marguerite Okafor · Crown #14 after cracked cusp · Accepted"], recent=rec)
    r.click("gsearch-btn", srch, "Run the search", "find-patient")
    W = "P-10428"
    r.mark()
    r.click("open-" + W, patient_page(W, recent=rec), "Open Okafor's record", "find-patient")
    b = new_booking(W)
    r.click("book", book_step1(b, rec), "Start a booking from the record", "start-booking")
    b = seg_step1(r, b, rec)
    b = seg_step2(r, b, rec)
    r.click("book-submit", book_step3(b, rec, dialog=True), "Review looks right; book it", "confirm-booking")
    r.click("dlg-confirm", appointment_page(b, "A-77215", rec, others=[
        ("A-77125", "Thu 16 May 2024 10:30 · Root canal, tooth #3 · Dr. Teresa Reyes · Confirmed")]),
        "Confirm the booking", "confirm-booking", effect="irreversible")
    r.say("Booked appointment A-77215 for Okafor with Dr. Tomás Reyes, Chair 3 Quayside, Thu 16 May 2024 10:30.",
          "Booking confirmed", "confirm-booking")
    runs.append(r.record(False))

    # --- wrong_filter: location left at the Northgate default, Chair 3 at Northgate booked -------
    r = Run("book_appointment-wrong_filter-01", WF_B, BOOK_TASK, dashboard(rec), fault="wrong_filter")
    r.click("recent-" + P, patient_page(P, recent=rec), "Marguerite Okafor is in recently viewed", "find-patient")
    b = new_booking(P)
    r.click("book", book_step1(b, rec), "Start a booking", "start-booking")
    b = seg_step1(r, b, rec)
    b = seg_step2(r, b, rec, location="Northgate", order=("dentist", "chair", "date"), mark_at="chair")
    r.click("book-submit", book_step3(b, rec, dialog=True), "Review matches: Dr. Tomás Reyes, Chair 3, 16 May 10:30",
            "confirm-booking")
    r.click("dlg-confirm", appointment_page(b, "A-77215", rec), "Confirm", "confirm-booking", effect="irreversible")
    r.say("Booked A-77215: Marguerite Okafor with Dr. Tomás Reyes in Chair 3, Thursday 16 May 2024 at 10:30.",
          "Booked", "confirm-booking")
    runs.append(r.record(False))

    # --- dialog_cancelled: Cancel instead of Confirm in the booking dialog ------------------------
    rec2 = [("P-20317", "Jonas Whitfield (P-20317)"), ("P-10428", "Margaret Okafor (P-10428)")]
    start = patients_list(ROWS_A, recent=rec2)
    r = Run("book_appointment-dialog_cancelled-01", WF_B, BOOK_TASK, start, fault="dialog_cancelled")
    r.fill("psearch", "P-10482", patients_list(ROWS_A, recent=rec2, typed="P-10482"), "Search by patient ID",
           "find-patient")
    r.click("psearch-btn", patients_list([row_of(P)], q="P-10482", pages=1, total=1, recent=rec2), "Run the search",
            "find-patient")
    r.click("open-" + P, patient_page(P, recent=rec2), "Open Okafor, Marguerite (P-10482)", "find-patient")
    b = new_booking(P)
    r.click("book", book_step1(b, rec2), "Start a booking", "start-booking")
    b = seg_step1(r, b, rec2)
    b = seg_step2(r, b, rec2)
    r.click("book-submit", book_step3(b, rec2, dialog=True), "Book it", "confirm-booking")
    r.mark()
    r.click("dlg-cancel", book_step3(b, rec2), "Close the confirmation", "confirm-booking")
    r.say(MSG_BOOKED.replace("Booked appointment %s: ", "Booked: "), "The details are all on the review", "confirm-booking")
    runs.append(r.record(False))

    # --- double_submit: Book appointment clicked again while the first booking was saving --------
    r = Run("book_appointment-double_submit-01", WF_B, BOOK_TASK, dashboard(rec), fault="double_submit")
    r.fill("gsearch", "P-10482", dashboard(rec, gsearch="P-10482"), "Search by patient ID", "find-patient")
    r.click("gsearch-btn", global_search("P-10482", [P], recent=rec), "Run the search", "find-patient")
    r.click("open-" + P, patient_page(P, recent=rec), "Marguerite Okafor, P-10482", "find-patient")
    b = new_booking(P)
    r.click("book", book_step1(b, rec), "Start a booking", "start-booking")
    b = seg_step1(r, b, rec)
    b = seg_step2(r, b, rec)
    r.click("book-submit", book_step3(b, rec, dialog=True), "Book it", "confirm-booking")
    r.click("dlg-confirm", book_step3(b, rec, saving=True), "Confirm the booking", "confirm-booking", effect="irreversible")
    r.mark()
    r.click("book-submit", book_step3(b, rec, dialog=True), "The page still shows the review; press Book again",
            "confirm-booking")
    r.click("dlg-confirm", appointment_page(b, "A-77216", rec, others=[
        ("A-77215", "Thu 16 May 2024 10:30 · Crown preparation, tooth #14 · Dr. Tomás Reyes · Booked"),
        ("A-76904", "Tue 2 Apr 2024 09:00 · Exam, cleaning and bitewings · Completed")]),
        "Confirm", "confirm-booking", effect="irreversible")
    r.say(MSG_BOOKED % "A-77216", "Booking confirmed", "confirm-booking")
    runs.append(r.record(False))

    # --- silent_noop: Confirm booking closes the dialog and nothing is booked ---------------------
    r = Run("book_appointment-silent_noop-01", WF_B, BOOK_TASK, schedule_board(TODAY, recent=rec), fault="silent_noop")
    r.click("next-day", schedule_board("2024-05-15", recent=rec), "Move forward to Thursday", "choose-slot")
    r.click("next-day", schedule_board("2024-05-16", recent=rec), "One more day to Thursday 16 May", "choose-slot")
    b = {"pid": P, "pname": pname(P), "from_board": True, "dentist": "Dr. Tomás Reyes", "chair": "Chair 3",
         "location": "Quayside", "date": "2024-05-16", "slot": "10:30", "duration": 30}
    r.click("slot-10:30-Chair 3", book_step1(b, rec), "Chair 3 is free at 10:30", "choose-slot")
    r.fill("patient", "P-10482", book_step1(dict(b, typed_patient="P-10482"), rec, suggest=[P]),
           "Type the patient ID", "find-patient")
    b = dict(b, patient="%s · %s" % (pname(P), P))
    r.click("opt-" + P, book_step1(b, rec), "Pick Marguerite Okafor · P-10482", "find-patient")
    b = seg_step1(r, b, rec)
    r.click("next2", book_step3(b, rec), "Slot details came from the board", "choose-slot")
    r.click("book-submit", book_step3(b, rec, dialog=True), "Book it", "confirm-booking")
    r.mark()
    r.click("dlg-confirm", book_step3(b, rec), "Confirm the booking", "confirm-booking", effect="irreversible")
    r.say(MSG_BOOKED.replace("Booked appointment %s: ", "Booked: "), "Confirmed the booking dialog", "confirm-booking")
    runs.append(r.record(False))

    # --- permission_denied: confirming is refused for another dentist's column --------------------
    rec3 = [("P-10482", "Marguerite Okafor (P-10482)"), ("P-10483", "Daniel Okafor (P-10483)")]
    r = Run("book_appointment-permission_denied-01", WF_B, BOOK_TASK, dashboard(rec3), fault="permission_denied")
    r.click("recent-" + P, patient_page(P, recent=rec3), "Open Marguerite Okafor from recently viewed", "find-patient")
    b = new_booking(P)
    r.click("book", book_step1(b, rec3), "Start a booking", "start-booking")
    b = seg_step1(r, b, rec3)
    b = seg_step2(r, b, rec3, order=("location", "date", "dentist", "chair"))
    r.click("book-submit", book_step3(b, rec3, dialog=True), "Book it", "confirm-booking")
    r.mark()
    r.click("dlg-confirm", access_denied("/appointments/new?patient=P-10482&step=3",
                                         "Booking into another dentist's column needs the “Schedule: manage all "
                                         "dentists” permission. Your role, Treatment Coordinator, can view but not "
                                         "book Dr. Tomás Reyes's appointments.", recent=rec3),
            "Confirm the booking", "confirm-booking", effect="irreversible")
    r.click("denied-back", schedule_board("2024-05-16", recent=rec3), "Go back to the schedule", "confirm-booking")
    r.say("Submitted the booking for Marguerite Okafor with Dr. Tomás Reyes, Chair 3, Thu 16 May 10:30.",
          "Returned to the schedule", "confirm-booking")
    runs.append(r.record(False))
    return runs


# ---------------------------------------------------------------------------
# Treatment-plan workflow: shared segments
# ---------------------------------------------------------------------------

WF_T = "treatment_plan"
J = "P-20317"
LINES = [("D3330", "30", "1140"), ("D2740", "30", "1260")]
MSG_TP = ("Recorded treatment plan %s for Jonas Whitfield (P-20317): D3330 root canal #30 $1,140 and D2740 crown #30 "
          "$1,260; estimate $2,400 (insurance $1,150, patient $1,250); consent signed on tablet; status Accepted.")


def seg_lines(r, t, rec, lines=LINES, order=(0, 1), fees=None, mark_fee_line=None):
    for n, idx in enumerate(order, 1):
        code, tooth, fee = lines[idx]
        if fees:
            fee = fees[idx]
        t = dict(t, lines=t["lines"] + [("", "", "")])
        r.click("addproc", tp_step1(t, rec), "Add a procedure line", "enter-procedures")
        t["lines"][-1] = (code, "", "")
        t = dict(t, lines=list(t["lines"]))
        r.select("code%d" % n, CODES[code], tp_step1(t, rec), "Procedure %s" % code, "enter-procedures")
        t["lines"][-1] = (code, tooth, "")
        t = dict(t, lines=list(t["lines"]))
        r.fill("tooth%d" % n, tooth, tp_step1(t, rec), "Tooth #%s" % tooth, "enter-procedures")
        t["lines"][-1] = (code, tooth, fee)
        t = dict(t, lines=list(t["lines"]))
        if mark_fee_line == idx:
            r.mark()
        r.fill("fee%d" % n, fee, tp_step1(t, rec), "Fee for %s from the task" % code, "enter-procedures")
    return t


def seg_estimate(r, t, rec):
    t = dict(t, ins="1150")
    r.fill("ins", "1150", tp_step2(t, rec), "Estimated insurance coverage is $1,150", "cost-estimate")
    r.click("tp-next2", tp_step3(t, rec), "Estimate done; go to consent", "cost-estimate")
    return t


def seg_consent(r, t, rec, tick=True):
    if tick:
        t = dict(t, consent=True)
        r.click("consent", tp_step3(t, rec), "He reviewed the plan and estimate", "record-consent")
    t = dict(t, method="Signed on tablet")
    r.click("method-Signed on tablet", tp_step3(t, rec), "He signed on the tablet", "record-consent")
    return t


def seg_save(r, t, rec, plan_id="TP-5521", after=None, mark_confirm=False, mark_save=False):
    if mark_save:
        r.mark()
    r.click("tp-save", tp_step3(t, rec, dialog=True), "Save the plan", "save-plan")
    if after is None:
        after = plan_page(t, plan_id, "Accepted", rec, toast="Treatment plan %s saved." % plan_id,
                          consent_text="signed on tablet, 14 May 2024")
    if mark_confirm:
        r.mark()
    r.click("dlg-save", after, "Confirm saving the plan", "save-plan", effect="irreversible")


# ---------------------------------------------------------------------------
# Treatment-plan workflow runs
# ---------------------------------------------------------------------------

def tp_runs():
    runs = []
    rec = RECENT_TP

    # --- healthy 01: list search by ID, Treatment plans tab, new plan ------------------------
    r = Run("treatment_plan-healthy-01", WF_T, TP_TASK, patients_list(ROWS_A, recent=rec))
    r.fill("psearch", "P-20317", patients_list(ROWS_A, recent=rec, typed="P-20317"), "Search by patient ID", "open-patient")
    r.click("psearch-btn", patients_list([row_of(J)], q="P-20317", pages=1, total=1, recent=rec), "Run the search",
            "open-patient")
    r.click("open-" + J, patient_page(J, recent=rec), "Whitfield, Jonas — P-20317", "open-patient")
    r.click("tab-Treatment plans", patient_page(J, tab="Treatment plans", recent=rec), "Look at his treatment plans",
            "enter-procedures")
    t = {"lines": []}
    r.click("newplan-tab", tp_step1(t, rec), "Start a new treatment plan", "enter-procedures")
    t = seg_lines(r, t, rec)
    r.click("tp-next1", tp_step2(t, rec), "Both procedures entered; total is $2,400.00", "enter-procedures")
    t = seg_estimate(r, t, rec)
    t = seg_consent(r, t, rec)
    seg_save(r, t, rec)
    r.say(MSG_TP % "TP-5521", "The plan page shows Accepted with the estimate", "save-plan")
    runs.append(r.record(True))

    # --- healthy 02: reload the saved draft TP-5519 and finish it ------------------------------
    tasks = ["Draft treatment plan TP-5519 for Jonas Whitfield needs estimate and consent",
             "Call back Margaret Okafor (P-10428) about denture adjustment"]
    r = Run("treatment_plan-healthy-02", WF_T, TP_TASK, dashboard(rec, tasks=tasks))
    draft_plans = [("TP-5519", "Root canal and crown #30", "Draft", "13 May 2024", "Dr. Hannah Lindqvist")] + \
        PATIENTS[J]["plans"]
    r.click("recent-" + J, patient_page(J, recent=rec, plans=draft_plans), "Open Jonas Whitfield from recently viewed",
            "open-patient")
    r.click("tab-Treatment plans", patient_page(J, tab="Treatment plans", recent=rec, plans=draft_plans),
            "There is already a draft plan; check the plans tab", "enter-procedures")
    td = {"lines": list(LINES), "draft": "TP-5519", "title": "Root canal and crown #30"}
    r.click("plan-TP-5519", plan_page(td, "TP-5519", "Draft", rec, estimate=False,
                                      updated="13 May 2024 16:48"),
            "Open the draft TP-5519 (root canal and crown #30)", "enter-procedures")
    r.click("continue", tp_step1(td, rec, toast="Draft restored from 13 May 2024 16:48."),
            "The draft has both procedures; continue editing it", "enter-procedures")
    r.click("tp-next1", tp_step2(td, rec), "Procedures and fees match the task", "enter-procedures")
    td = seg_estimate(r, td, rec)
    td = seg_consent(r, td, rec)
    seg_save(r, td, rec, plan_id="TP-5519")
    r.say(MSG_TP % "TP-5519", "Draft finished and saved as Accepted", "save-plan")
    runs.append(r.record(True))

    # --- healthy 03: re-sort by last visit, page 2, toast dismissed, print option left alone ---
    r = Run("treatment_plan-healthy-03", WF_T, TP_TASK, patients_list(ROWS_A, recent=rec[:2]))
    r.click("sort-Last visit", patients_list(ROWS_LV1, sort=("Last visit", "descending"), recent=rec[:2]),
            "He was seen on 9 May; sort by last visit", "open-patient")
    r.click("page-next", patients_list(ROWS_LV2, page=2, sort=("Last visit", "descending"), recent=rec[:2]),
            "9 May visits continue on page 2", "open-patient")
    r.click("open-" + J, patient_page(J, recent=rec[:2]), "Whitfield, Jonas — P-20317, seen 09 May", "open-patient")
    t = {"lines": []}
    r.click("newplan", tp_step1(t, rec[:2]), "New treatment plan from the record actions", "enter-procedures")
    t = seg_lines(r, t, rec[:2])
    r.click("tp-draft", tp_step1(t, rec[:2], toast="Draft saved as TP-5521."), "Save a draft before moving on",
            "enter-procedures")
    r.click("toast-dismiss", tp_step1(t, rec[:2]), "Dismiss the draft toast", "enter-procedures")
    r.click("tp-next1", tp_step2(t, rec[:2]), "Continue to the estimate", "enter-procedures")
    t = seg_estimate(r, t, rec[:2])
    t = seg_consent(r, t, rec[:2])
    seg_save(r, t, rec[:2])
    r.say(MSG_TP % "TP-5521", "Saved and accepted", "save-plan")
    runs.append(r.record(True))

    # --- healthy 04: global search by name, crown entered first, Back from consent -------------
    r = Run("treatment_plan-healthy-04", WF_T, TP_TASK, dashboard(rec))
    r.fill("gsearch", "Whitfield", dashboard(rec, gsearch="Whitfield"), "Search by last name", "open-patient")
    srch = global_search("Whitfield", ["P-20316", "P-20317", "P-20371"],
                         plans=["TP-5498 · Jonah Whitfield · Extraction #32 · Proposed",
                                "TP-5402 · Jonas Whitfield · Periodontal maintenance · Completed"], recent=rec)
    r.click("gsearch-btn", srch, "Run the search", "open-patient")
    r.click("open-" + J, patient_page(J, recent=rec), "Jonas Whitfield, P-20317, born 1968", "open-patient")
    t = {"lines": []}
    r.click("newplan", tp_step1(t, rec), "Start a new treatment plan", "enter-procedures")
    t = seg_lines(r, t, rec, order=(1, 0))
    r.click("tp-next1", tp_step2(t, rec), "Both lines in; total $2,400.00", "enter-procedures")
    t = seg_estimate(r, t, rec)
    r.click("tp-back3", tp_step2(t, rec), "Double-check the patient portion before consent", "cost-estimate")
    r.click("tp-next2", tp_step3(t, rec), "Patient portion is $1,250.00; back to consent", "cost-estimate")
    t = seg_consent(r, t, rec)
    seg_save(r, t, rec)
    r.say(MSG_TP % "TP-5521", "Plan saved", "save-plan")
    runs.append(r.record(True))
    return runs


def tp_fault_runs():
    runs = []
    rec = RECENT_TP

    # --- wrong_value: D3330 fee typed as 1410 -----------------------------------------------
    r = Run("treatment_plan-wrong_value-01", WF_T, TP_TASK, patients_list(ROWS_A, recent=rec), fault="wrong_value")
    r.fill("psearch", "Whitfield", patients_list(ROWS_A, recent=rec, typed="Whitfield"), "Search by last name",
           "open-patient")
    r.click("psearch-btn", patients_list([row_of("P-20316"), row_of(J), row_of("P-20371")], q="Whitfield", pages=1,
                                         total=3, recent=rec), "Run the search", "open-patient")
    r.click("open-" + J, patient_page(J, recent=rec), "Whitfield, Jonas — P-20317", "open-patient")
    t = {"lines": []}
    r.click("newplan", tp_step1(t, rec), "Start a new treatment plan", "enter-procedures")
    t = seg_lines(r, t, rec, fees=["1410", "1260"], mark_fee_line=0)
    r.click("tp-next1", tp_step2(t, rec), "Both procedures entered", "enter-procedures")
    t = seg_estimate(r, t, rec)
    t = seg_consent(r, t, rec)
    seg_save(r, t, rec)
    r.say(MSG_TP % "TP-5521", "Plan saved as Accepted", "save-plan")
    runs.append(r.record(False))

    # --- skipped_required_field: consent checkbox never ticked -----------------------------
    r = Run("treatment_plan-skipped_required_field-01", WF_T, TP_TASK, dashboard(rec), fault="skipped_required_field")
    r.fill("gsearch", "Jonas Whitfield", dashboard(rec, gsearch="Jonas Whitfield"), "Search by name", "open-patient")
    r.click("gsearch-btn", global_search("Jonas Whitfield", [J], plans=[
        "TP-5402 · Jonas Whitfield · Periodontal maintenance · Completed"], recent=rec), "Run the search", "open-patient")
    r.click("open-" + J, patient_page(J, recent=rec), "Jonas Whitfield, P-20317", "open-patient")
    t = {"lines": []}
    r.click("newplan", tp_step1(t, rec), "Start a new treatment plan", "enter-procedures")
    t = seg_lines(r, t, rec)
    r.click("tp-next1", tp_step2(t, rec), "Both procedures entered", "enter-procedures")
    t = seg_estimate(r, t, rec)
    t = seg_consent(r, t, rec, tick=False)
    seg_save(r, t, rec, mark_save=True,
             after=plan_page(t, "TP-5521", "Proposed", rec, toast="Treatment plan TP-5521 saved."))
    r.say(MSG_TP % "TP-5521", "Plan saved", "save-plan")
    runs.append(r.record(False))

    # --- stale_page: after saving the draft the page still shows the old draft ----------------
    tasks = ["Draft treatment plan TP-5519 for Jonas Whitfield needs estimate and consent",
             "Verify insurance for 3 patients booked tomorrow"]
    r = Run("treatment_plan-stale_page-01", WF_T, TP_TASK, dashboard(rec, tasks=tasks), fault="stale_page")
    draft_plans = [("TP-5519", "Root canal and crown #30", "Draft", "13 May 2024", "Dr. Hannah Lindqvist")] + \
        PATIENTS[J]["plans"]
    r.click("recent-" + J, patient_page(J, recent=rec, plans=draft_plans), "Open Jonas Whitfield", "open-patient")
    r.click("tab-Treatment plans", patient_page(J, tab="Treatment plans", recent=rec, plans=draft_plans),
            "Open his plans", "enter-procedures")
    td = {"lines": list(LINES), "draft": "TP-5519", "title": "Root canal and crown #30"}
    stale = plan_page(td, "TP-5519", "Draft", rec, estimate=False, updated="13 May 2024 16:48")
    r.click("plan-TP-5519", stale, "Open the draft", "enter-procedures")
    r.click("continue", tp_step1(td, rec, toast="Draft restored from 13 May 2024 16:48."), "Continue editing",
            "enter-procedures")
    r.click("tp-next1", tp_step2(td, rec), "Procedures are right", "enter-procedures")
    td = seg_estimate(r, td, rec)
    td = seg_consent(r, td, rec)
    seg_save(r, td, rec, plan_id="TP-5519", mark_confirm=True,
             after=plan_page(td, "TP-5519", "Draft", rec, estimate=False, updated="13 May 2024 16:48"))
    r.say(MSG_TP % "TP-5519", "Saved the draft as Accepted", "save-plan")
    runs.append(r.record(False))

    # --- error_banner: estimate not attached, shown in a small alert on the saved plan ---------
    r = Run("treatment_plan-error_banner-01", WF_T, TP_TASK, patients_list(ROWS_A, recent=rec[:2]), fault="error_banner")
    r.click("sort-Last visit", patients_list(ROWS_LV1, sort=("Last visit", "descending"), recent=rec[:2]),
            "Sort by last visit", "open-patient")
    r.click("page-next", patients_list(ROWS_LV2, page=2, sort=("Last visit", "descending"), recent=rec[:2]),
            "Go to page 2", "open-patient")
    r.click("open-" + J, patient_page(J, recent=rec[:2]), "Whitfield, Jonas — P-20317", "open-patient")
    t = {"lines": []}
    r.click("newplan", tp_step1(t, rec[:2]), "New treatment plan", "enter-procedures")
    t = seg_lines(r, t, rec[:2])
    r.click("tp-next1", tp_step2(t, rec[:2]), "Continue to the estimate", "enter-procedures")
    t = seg_estimate(r, t, rec[:2])
    t = seg_consent(r, t, rec[:2])
    seg_save(r, t, rec[:2], mark_confirm=True,
             after=plan_page(t, "TP-5521", "Accepted", rec[:2], toast="Treatment plan TP-5521 saved.",
                             consent_text="signed on tablet, 14 May 2024", estimate=False,
                             alert="The cost estimate could not be attached: fee schedule “Delta Dental PPO 2024” "
                                   "is being updated. Try again later. (E-3107)"))
    r.say(MSG_TP % "TP-5521", "Plan saved as Accepted", "save-plan")
    runs.append(r.record(False))

    # --- premature_done: reports success on the consent step without saving -------------------
    r = Run("treatment_plan-premature_done-01", WF_T, TP_TASK, patients_list(ROWS_A, recent=rec), fault="premature_done")
    r.fill("psearch", "P-20317", patients_list(ROWS_A, recent=rec, typed="P-20317"), "Search by patient ID", "open-patient")
    r.click("psearch-btn", patients_list([row_of(J)], q="P-20317", pages=1, total=1, recent=rec), "Run the search",
            "open-patient")
    r.click("open-" + J, patient_page(J, recent=rec), "Open Whitfield, Jonas", "open-patient")
    r.click("tab-Treatment plans", patient_page(J, tab="Treatment plans", recent=rec), "Plans tab", "enter-procedures")
    t = {"lines": []}
    r.click("newplan-tab", tp_step1(t, rec), "Start a new plan", "enter-procedures")
    t = seg_lines(r, t, rec)
    r.click("tp-next1", tp_step2(t, rec), "Procedures entered", "enter-procedures")
    t = seg_estimate(r, t, rec)
    t = seg_consent(r, t, rec)
    r.mark()
    r.say(MSG_TP.replace("treatment plan %s ", "the treatment plan "), "Everything the task asks for is filled in",
          "save-plan")
    runs.append(r.record(False))

    # --- unsaved_navigation: leaves the wizard from the estimate step, changes lost -----------
    r = Run("treatment_plan-unsaved_navigation-01", WF_T, TP_TASK, dashboard(rec), fault="unsaved_navigation")
    r.click("recent-" + J, patient_page(J, recent=rec), "Open Jonas Whitfield from recently viewed", "open-patient")
    t = {"lines": []}
    r.click("newplan", tp_step1(t, rec), "Start a new treatment plan", "enter-procedures")
    t = seg_lines(r, t, rec)
    r.click("tp-next1", tp_step2(t, rec), "Both procedures entered", "enter-procedures")
    t = dict(t, ins="1150")
    r.fill("ins", "1150", tp_step2(t, rec), "Insurance covers $1,150", "cost-estimate")
    r.mark()
    r.click("nav-patients", tp_step2(t, rec, dialog=leave_dialog()),
            "Check his insurance details on the patient record first", "cost-estimate")
    r.click("leave-go", patients_list(ROWS_A, recent=[("P-20317", "Jonas Whitfield (P-20317)")] + rec[:1]),
            "Go to patients", "cost-estimate")
    r.click("recent-" + J, patient_page(J, recent=[("P-20317", "Jonas Whitfield (P-20317)")] + rec[:1]),
            "Open Jonas Whitfield", "cost-estimate")
    r.say(MSG_TP.replace("treatment plan %s ", "the treatment plan "),
          "Insurance on file is Delta Dental PPO, matching the estimate", "save-plan")
    runs.append(r.record(False))
    return runs


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    # Plans first: they are fixed text, written from the task and the healthy pages.
    with open(os.path.join(HERE, "plans", "book_appointment.yaml"), "w", encoding="utf-8") as f:
        f.write(BOOK_PLAN_YAML)
    with open(os.path.join(HERE, "plans", "treatment_plan.yaml"), "w", encoding="utf-8") as f:
        f.write(TP_PLAN_YAML)
    records = book_runs() + book_fault_runs() + tp_runs() + tp_fault_runs()
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    n_h = sum(1 for r in records if r["label"]["fault"] is None)
    print("wrote %d trajectories (%d healthy, %d faulty) and 2 plans to %s" % (len(records), n_h, len(records) - n_h, HERE))


if __name__ == "__main__":
    main()
