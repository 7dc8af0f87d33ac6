#!/usr/bin/env python3
"""Generate the Grantwell held-out corpus (corpus.jsonl) and its plan (plans/grantwell.yaml).

Python 3 standard library only. Deterministic: fixed seed, no clock, no environment input.
Usage:  python3 make_corpus.py [--out DIR]      (default DIR: this script's folder)
"""
import json
import os
import random
import sys
import zlib

SEED = 2417
RNG = random.Random(SEED)
BASE = "http://127.0.0.1:8040"
WORKFLOW = "grantwell"
PLAN_PATH = "plans/grantwell.yaml"

TASK = ("The panel signed off on GW-2417, Riverbend Literacy Collective's 'Reading Bridges for Rural "
        "Families' (Community Literacy program). In Grantwell, move it to Approved, set the award to "
        "$84,500 paid in two tranches - $50,700 due 2025-07-01 and $33,800 due 2026-01-15 - and assign "
        "Dr. Amara Okafor as reviewer for the interim report.")

# ---------------------------------------------------------------------------------------------
# The plan. Written from the task text and the healthy pages only, before any faulty run existed,
# and not edited afterwards.
# ---------------------------------------------------------------------------------------------
PLAN_YAML = """\
# Grantwell: approve GW-2417, set the award and a two-tranche schedule, assign the interim reviewer.
# Written from the task text and the healthy runs only.
task: %s
plan_falsifiers:
  execution:
    - "Sign in to Grantwell"
    - "Your session has ended"
    - "You do not have permission"
    - "Something went wrong"
    - "Page not found"
commitments:
  - id: find-application
    subgoal: "Locate GW-2417 (Riverbend Literacy Collective, Community Literacy) among the applications"
    skill: find_record_in_list
    confidence: 0.8
    confirm:
      precondition: ["Applications · Grantwell"]
      progress: ["GW-2417"]
      completion: ["Reading Bridges for Rural Families"]
    falsify:
      execution:
        - "No applications match"
        - "GW-2471"
        - "GW-2147"
        - "Riverbend Literacy Coalition"
        - "Riverside Literacy Collective"
      skill:
        - "The search box is not available"
      planning:
        - "GW-2417 has been withdrawn"
  - id: open-application
    subgoal: "Open the GW-2417 application record"
    skill: open_record_by_id
    confidence: 0.85
    confirm:
      precondition: ["GW-2417"]
      progress: []
      completion:
        - "GW-2417 · Reading Bridges for Rural Families · Grantwell"
        - "Riverbend Literacy Collective"
    falsify:
      execution:
        - "GW-2471 · Reading Bridges for Rural Youth"
        - "GW-2147 · Reading Bridges for Rural Families — Phase II"
        - {text: "GW-2471", on: action}
        - {text: "GW-2147", on: action}
      planning:
        - "Status: Declined"
        - "Status: Withdrawn"
  - id: approve
    subgoal: "Change the status of GW-2417 to Approved and confirm the approval"
    skill: change_record_status
    confidence: 0.7
    confirm:
      precondition: ["Change status"]
      progress: ["Change status of GW-2417", "Approve GW-2417?"]
      completion: ["GW-2417 moved to Approved", "Status: Approved"]
    falsify:
      execution:
        - {text: "radio 'Declined'", on: action}
        - {text: "radio 'Deferred to next round'", on: action}
        - "You do not have permission to approve"
      skill:
        - "The Change status button is not available"
  - id: set-award
    subgoal: "On the Disbursements tab, enter an award amount of $84,500"
    confidence: 0.75
    confirm:
      precondition: ["Award and disbursement schedule"]
      progress: []
      completion: ["Award amount (USD) 84500"]
    falsify:
      execution:
        - {text: "85400", on: action}
        - {text: "48500", on: action}
        - {text: "92000", on: action}
        - "Award amount (USD) 92000"
      planning:
        - "The award amount field is read-only"
  - id: schedule-tranches
    subgoal: "Schedule tranche 1 ($50,700 due 2025-07-01) and tranche 2 ($33,800 due 2026-01-15), then save"
    confidence: 0.7
    confirm:
      precondition: ["Tranche 1 amount", "Tranche 2 amount"]
      progress: ["Total scheduled: $84,500 of $84,500"]
      completion:
        - "Disbursement schedule saved"
        - "2 tranches totalling $84,500"
    falsify:
      execution:
        - "Tranche amounts must add up to the award amount"
        - "No tranches scheduled"
        - {text: "Discard changes", on: action}
        - {text: "Hold tranche 2 until interim report is accepted", on: action}
        - {text: "2026-01-05", on: action}
        - {text: "33000", on: action}
  - id: assign-reviewer
    subgoal: "On the Reporting tab, assign Dr. Amara Okafor as reviewer for the interim report"
    confidence: 0.75
    confirm:
      precondition: ["Interim report reviewer"]
      progress: ["Dr. Amara Okafor — Literacy & Education"]
      completion:
        - "Dr. Amara Okafor will review the interim report for GW-2417"
        - "Interim report reviewer: Dr. Amara Okafor"
    falsify:
      execution:
        - {text: "Dr. Amara Okoye", on: action}
        - {text: "Dr. Amos Okafor", on: action}
        - "Interim report reviewer: Dr. Amara Okoye"
        - "Interim report reviewer: Dr. Amos Okafor"
      planning:
        - "Dr. Amara Okafor has a conflict of interest with this applicant"
  - id: report
    subgoal: "Tell the user once status, award, schedule and reviewer are all saved"
    confidence: 0.6
    confirm:
      precondition: []
      progress: []
      completion: ["Interim report reviewer: Dr. Amara Okafor"]
    falsify:
      execution:
        - "Interim report reviewer: Unassigned"
        - "You have unsaved changes"
        - "Status: Under review"
""" % json.dumps(TASK)

# ---------------------------------------------------------------------------------------------
# Application data
# ---------------------------------------------------------------------------------------------
# id, title, organisation, program, requested, review score, status, last updated, flag
APPS = [
    ("GW-2441", "Library After Dark", "Oakridge School PTA", "Community Literacy", 12500, None, "Submitted", "2025-06-11", ""),
    ("GW-2414", "Mobile Dental Van", "Cedar Hollow Clinic", "Community Health", 150000, 4.7, "Approved", "2025-06-11", "Payment failed"),
    ("GW-2416", "Fields for All", "Riverbend Youth Soccer", "Youth Development", 35000, 2.8, "Withdrawn", "2025-06-10", ""),
    ("GW-2437", "Citizenship Prep Circles", "Lakeshore Immigrant Alliance", "Civic Participation", 39000, None, "Submitted", "2025-06-10", ""),
    ("GW-2398", "Strings for Every School", "Northgate Youth Orchestra", "Arts & Culture", 40000, 3.9, "Approved", "2025-06-06", "Final report overdue"),
    ("GW-2471", "Reading Bridges for Rural Youth", "Riverbend Literacy Coalition", "Community Literacy", 84500, 4.6, "Under review", "2025-06-05", ""),
    ("GW-2420", "Digital Skills for Elders", "Millbrook Seniors Network", "Community Literacy", 44000, 3.8, "Under review", "2025-06-05", "Conflict of interest declared"),
    ("GW-2435", "Repair Café Network", "Westfall Makerspace", "Civic Participation", 15500, None, "Incomplete", "2025-06-04", "Budget check failed"),
    ("GW-2403", "Cold Storage Expansion", "Tidewater Food Bank", "Community Health", 120000, 4.1, "Under review", "2025-06-04", ""),
    ("GW-2423", "Murals on Main", "Prairie Wind Arts Council", "Arts & Culture", 22000, 3.1, "Deferred", "2025-06-03", ""),
    ("GW-2429", "English at Work", "Stonebridge Refugee Services", "Community Literacy", 48500, 4.4, "Under review", "2025-06-03", ""),
    ("GW-2417", "Reading Bridges for Rural Families", "Riverbend Literacy Collective", "Community Literacy", 92000, 4.3, "Under review", "2025-06-02", "Conflict of interest declared"),
    ("GW-2411", "Evening GED Cohort", "Harbor Lights Adult Learning", "Community Literacy", 61000, 4.0, "Under review", "2025-05-30", ""),
    ("GW-2418", "Bridges to Reading", "Riverbend Library Friends", "Community Literacy", 18000, 3.6, "Approved", "2025-05-28", ""),
    ("GW-2409", "Know Your Lease Clinics", "Eastmere Tenants Union", "Civic Participation", 28500, 3.2, "Declined", "2025-05-21", ""),
    ("GW-2147", "Reading Bridges for Rural Families — Phase II", "Riverside Literacy Collective", "Community Literacy", 85400, 4.1, "Declined", "2024-11-14", ""),
]
APP = {a[0]: dict(zip(("id", "title", "org", "program", "requested", "score", "status", "updated", "flag"), a)) for a in APPS}

DETAIL_EXTRA = {
    "GW-2417": dict(contact="Elena Vasquez, Executive Director", submitted="2025-04-18", period="2025-07-01 to 2026-06-30",
                    reviews=[("Dr. Amara Okoye", "4.5", "Strong rural reach; transport line looks high"),
                             ("Hannah Lindqvist", "4.0", "Clear outcomes; evaluation plan thin"),
                             ("Marcus Bellweather", "4.4", "Good partner letters; realistic timeline")],
                    related=["GW-2471", "GW-2147", "GW-2418"],
                    coi="Dr. Amos Okafor declared a conflict of interest with Riverbend Literacy Collective (board member since 2022)."),
    "GW-2471": dict(contact="Jonah Pritchard, Program Lead", submitted="2025-04-22", period="2025-09-01 to 2026-08-31",
                    reviews=[("Dr. Amara Okafor", "4.7", "Well targeted at teens; strong library partners"),
                             ("Hannah Lindqvist", "4.5", "Budget is tight but credible")],
                    related=["GW-2417", "GW-2147"], coi=None),
    "GW-2147": dict(contact="Ruth Adebayo, Director", submitted="2024-08-30", period="2025-01-01 to 2025-12-31",
                    reviews=[("Marcus Bellweather", "4.1", "Promising; duplicates county program"),
                             ("Dr. Amara Okoye", "4.1", "Needs a clearer rural transport plan")],
                    related=["GW-2417", "GW-2471"], coi=None),
}

REVIEWERS = [("Dr. Amara Okafor", "Literacy & Education"), ("Dr. Amara Okoye", "Early Childhood"),
             ("Dr. Amos Okafor", "Adult Education"), ("Hannah Lindqvist", "Community Health"),
             ("Marcus Bellweather", "Evaluation")]

PROGRAMS = ["All programs", "Arts & Culture", "Civic Participation", "Community Health", "Community Literacy", "Youth Development"]
STATUSES = ["Any status", "Submitted", "Under review", "Approved", "Declined", "Deferred", "Withdrawn", "Incomplete"]
SCORES = ["Any score", "3.0 and above", "4.0 and above", "4.5 and above"]


def money(n):
    return "${:,}".format(n)


def amount(s):
    s = (s or "").replace(",", "").replace("$", "").strip()
    return int(s) if s.isdigit() else 0


# ---------------------------------------------------------------------------------------------
# Flattened accessibility-tree page builder (BrowserGym style: one node per line, "[bid] role 'name'")
# ---------------------------------------------------------------------------------------------
class Page:
    def __init__(self, path, title, focus=None):
        self.url = BASE + path
        self.title = title
        self.n = 10 + zlib.crc32(path.split("?")[0].encode()) % 70
        self.d = 1
        self.lines = ["RootWebArea %s, focused" % self.q(title)]
        self.ids = {}
        self.desc = {}
        self.focus = focus

    @staticmethod
    def q(s):
        if "'" in s:
            raise ValueError("straight apostrophe in accessible name: %r" % s)
        return "'%s'" % s

    def add(self, role, name="", key=None, extra=""):
        bid = str(self.n)
        self.n += 1
        props = [x for x in [extra] if x]
        if key is not None and key == self.focus:
            props.append("focused")
        line = "\t" * self.d + "[%s] %s %s" % (bid, role, self.q(name))
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        if key is not None:
            if key in self.ids:
                raise KeyError("duplicate key %s on %s" % (key, self.url))
            self.ids[key] = bid
            self.desc[key] = "%s %s" % (role, self.q(name))
        return bid

    def text(self, s):
        self.lines.append("\t" * self.d + "StaticText %s" % self.q(s))

    def sub(self, role, name="", key=None, extra=""):
        page = self
        page.add(role, name, key, extra)

        class _Ctx:
            def __enter__(self_):
                page.d += 1

            def __exit__(self_, *a):
                page.d -= 1
        return _Ctx()

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


def val(v):
    return "value=%s" % Page.q(v) if v else ""


class World:
    """Mutable application state for one run."""

    def __init__(self, maint=False, session_warn=False, okafor_open=2, notif=None):
        self.apps = {k: dict(status=v["status"], award=None, tranches=None, reviewer=None, proposed=False)
                     for k, v in APP.items()}
        self.drafts = {}
        self.sel = {}
        self.maint = maint
        self.session_warn = session_warn
        self.okafor_open = okafor_open
        self.notif = RNG.randint(2, 9) if notif is None else notif

    def draft(self, aid):
        return self.drafts.setdefault(aid, dict(award="", t1a="", t1d="", t2a="", t2d="", hold=False))

    def dirty(self, aid):
        d = self.drafts.get(aid)
        return bool(d) and any(d[k] for k in ("award", "t1a", "t1d", "t2a", "t2d", "hold"))

    def option(self, name):
        area = dict(REVIEWERS)[name]
        if name == "Dr. Amos Okafor":
            return "%s — %s · conflict of interest declared" % (name, area)
        n = {"Dr. Amara Okafor": self.okafor_open, "Dr. Amara Okoye": 5, "Hannah Lindqvist": 4,
             "Marcus Bellweather": 6}[name]
        return "%s — %s · %d open reviews" % (name, area, n)


# ---------------------------------------------------------------------------------------------
# Shared furniture
# ---------------------------------------------------------------------------------------------
def chrome_top(p, W, section, gsearch=""):
    with p.sub("banner", ""):
        p.add("link", "Grantwell · Halvorsen Family Foundation", key="home")
        with p.sub("search", "Site search"):
            p.add("textbox", "Search Grantwell", key="gsearch", extra=val(gsearch))
            p.add("button", "Search", key="gsearch_go")
        p.add("button", "Notifications (%d)" % W.notif, key="notif")
        p.add("link", "Help centre", key="help")
        p.add("button", "Account menu · Noor Haddad (Program Officer)", key="acct", extra="hasPopup='menu', expanded=False")
    if W.maint:
        with p.sub("region", "Service notice"):
            p.text("Scheduled maintenance: Grantwell will be read-only on Saturday 14 June, 02:00–04:00 UTC. "
                   "Payments queued in that window go out on Monday.")
            p.add("button", "Dismiss service notice", key="maint_x")
    if W.session_warn:
        with p.sub("alert", "Session expiry warning"):
            p.text("Your session will expire in 4 minutes because of inactivity.")
            p.add("button", "Stay signed in", key="stay")
    with p.sub("navigation", "Main"):
        for key, label in [("nav_dash", "Dashboard"), ("nav_apps", "Applications"),
                           ("nav_awards", "Awards & disbursements"), ("nav_reports", "Reports · 2 overdue"),
                           ("nav_reviewers", "Reviewers"), ("nav_programs", "Programs")]:
            p.add("link", label, key=key, extra="current='page'" if label == section else "")


def chrome_bottom(p, W, toast=None):
    with p.sub("contentinfo", ""):
        p.text("© 2025 Halvorsen Family Foundation · Grantwell 4.12.3")
        p.add("link", "Privacy notice", key="ft_priv")
        p.add("link", "Accessibility statement", key="ft_a11y")
        p.add("link", "System status: all services running", key="ft_status")
        p.text("Last sync with finance system: 2025-06-12 08:40 UTC")
    if toast:
        with p.sub("region", "Notifications"):
            with p.sub("status", "", extra="live='polite'"):
                for t in toast:
                    p.text(t)
                p.add("button", "Dismiss notification", key="toast_x")


def combobox(p, label, key, options, selected):
    with p.sub("combobox", label, key=key, extra="value=%s, hasPopup='listbox', expanded=False" % Page.q(selected)):
        for o in options:
            p.add("option", o, extra="selected=%s" % ("True" if o == selected else "False"))


# ---------------------------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------------------------
def dashboard(W, toast=None, gsearch=""):
    p = Page("/dashboard", "Dashboard · Grantwell", focus="gsearch" if gsearch else None)
    chrome_top(p, W, "Dashboard", gsearch)
    with p.sub("main", ""):
        p.add("heading", "Good morning, Noor", extra="level=1")
        p.text("Spring 2025 funding round · panel decisions due 2025-06-20")
        with p.sub("region", "At a glance"):
            p.add("link", "Awaiting decision (6)", key="w_awaiting")
            p.add("link", "Reports overdue (2)", key="w_overdue")
            p.add("link", "Disbursements due this month (4)", key="w_disb")
            p.text("Failed payments: 1 · Cancelled tranches this quarter: 1")
        with p.sub("region", "My tasks"):
            with p.sub("list", ""):
                for i, (t, d) in enumerate([("Decide GW-2417 · Reading Bridges for Rural Families", "due 2025-06-20"),
                                            ("Decide GW-2471 · Reading Bridges for Rural Youth", "due 2025-06-27"),
                                            ("Chase final report · GW-2398", "12 days overdue"),
                                            ("Resolve failed payment · GW-2414", "due today")]):
                    with p.sub("listitem", ""):
                        p.add("link", t, key="task%d" % i)
                        p.text(d)
        with p.sub("region", "Recent activity"):
            with p.sub("list", ""):
                for s in ["2025-06-11 · GW-2414 · Payment of $75,000 failed: bank details rejected by finance",
                          "2025-06-10 · GW-2416 · Application withdrawn by applicant",
                          "2025-06-06 · GW-2398 · Tranche 2 cancelled at the grantee’s request",
                          "2025-06-05 · GW-2471 · Average review score updated to 4.6",
                          "2025-06-02 · GW-2417 · Third review submitted by Marcus Bellweather"]:
                    p.add("listitem", s)
        with p.sub("region", "Upcoming disbursements"):
            with p.sub("table", "Upcoming disbursements"):
                with p.sub("row", ""):
                    for h in ["Application", "Tranche", "Amount", "Due", "Status"]:
                        p.add("columnheader", h)
                for r in [("GW-2411", "Tranche 2", "$30,500", "2026-01-05", "Scheduled"),
                          ("GW-2418", "Tranche 1", "$10,800", "2025-06-30", "Scheduled"),
                          ("GW-2414", "Tranche 2", "$75,000", "2025-06-11", "Failed — retry pending"),
                          ("GW-2398", "Tranche 2", "$16,000", "2025-06-15", "Cancelled")]:
                    with p.sub("row", ""):
                        for c in r:
                            p.add("cell", c)
    chrome_bottom(p, W, toast)
    return p


def filter_rows(search="", program=None, status=None, minscore=None):
    rows = list(APPS)
    if program:
        rows = [a for a in rows if a[3] == program]
    if status:
        rows = [a for a in rows if a[6] == status]
    if minscore:
        rows = [a for a in rows if a[5] is not None and a[5] >= minscore]
    if search:
        s = search.lower()
        rows = [a for a in rows if s in a[0].lower() or s in a[1].lower() or s in a[2].lower()]
    return rows


def list_page(W, search="", program=None, status=None, minscore=None, sort="updated", page=1, toast=None, focus=None):
    rows = filter_rows(search, program, status, minscore)
    if sort == "updated":
        rows.sort(key=lambda a: a[7], reverse=True)
    elif sort == "score":
        rows.sort(key=lambda a: (-(a[5] if a[5] is not None else -1), a[0]))
    elif sort == "id":
        rows.sort(key=lambda a: a[0])
    qs = []
    if status:
        qs.append("status=" + status.lower().replace(" ", "_"))
    if program:
        qs.append("program=" + program.lower().replace(" ", "-").replace("&", "and"))
    if minscore:
        qs.append("min_score=%s" % minscore)
    if search:
        qs.append("q=" + search.replace(" ", "+"))
    if sort != "updated":
        qs.append("sort=" + ("-score" if sort == "score" else sort))
    if page != 1:
        qs.append("page=%d" % page)
    path = "/applications" + ("?" + "&".join(qs) if qs else "")
    p = Page(path, "Applications · Grantwell", focus=focus)
    chrome_top(p, W, "Applications")
    with p.sub("main", ""):
        with p.sub("navigation", "Breadcrumb"):
            p.add("link", "Home", key="bc_home")
            p.text("Applications")
        p.add("heading", "Applications", extra="level=1")
        p.text("Spring 2025 funding round · 16 applications · decisions due 2025-06-20")
        p.add("link", "Export CSV", key="export")
        with p.sub("region", "Filters"):
            combobox(p, "Program", "f_program", PROGRAMS, program or "All programs")
            combobox(p, "Status", "f_status", STATUSES, status or "Any status")
            ms = {None: "Any score", 3.0: "3.0 and above", 4.0: "4.0 and above", 4.5: "4.5 and above"}[minscore]
            combobox(p, "Review score", "f_score", SCORES, ms)
            chips = []
            if program:
                chips.append("Program: " + program)
            if status:
                chips.append("Status: " + status)
            if minscore:
                chips.append("Review score: " + ms)
            for i, c in enumerate(chips):
                p.add("button", "Remove filter " + c, key="chip%d" % i)
            if chips:
                p.add("button", "Clear filters", key="clear")
        p.add("textbox", "Search applications", key="search", extra=val(search))
        if not rows:
            p.text("No applications match “%s” with the current filters." % search if search else
                   "No applications match the current filters.")
            p.add("link", "Clear filters and search again", key="clear2")
        else:
            per = 10
            pages = (len(rows) + per - 1) // per
            shown = rows[(page - 1) * per: page * per]
            p.text("Showing %d–%d of %d applications" % ((page - 1) * per + 1, (page - 1) * per + len(shown), len(rows)))
            with p.sub("table", "Applications"):
                with p.sub("rowgroup", ""):
                    with p.sub("row", ""):
                        for h, k in [("ID", "sort_id"), ("Title", None), ("Organisation", None), ("Program", None),
                                     ("Requested", "sort_req"), ("Review score", "sort_score"), ("Status", None),
                                     ("Last updated", "sort_updated"), ("Flags", None)]:
                            sortkey = {"sort_id": "id", "sort_score": "score", "sort_updated": "updated"}.get(k)
                            ex = ""
                            if sortkey == sort:
                                ex = "sort='descending'" if sort in ("score", "updated") else "sort='ascending'"
                            with p.sub("columnheader", h, extra=ex):
                                if k:
                                    p.add("button", "Sort by " + (h if h == "ID" else h.lower()), key=k)
                with p.sub("rowgroup", ""):
                    for a in shown:
                        with p.sub("row", ""):
                            with p.sub("cell", a[0]):
                                p.add("link", a[0], key="row_" + a[0])
                            p.add("cell", a[1])
                            p.add("cell", a[2])
                            p.add("cell", a[3])
                            p.add("cell", money(a[4]))
                            p.add("cell", "%.1f" % a[5] if a[5] is not None else "Not scored")
                            p.add("cell", W.apps[a[0]]["status"])
                            p.add("cell", a[7])
                            p.add("cell", a[8])
                            p.add("button", "More actions for " + a[0], key="more_" + a[0], extra="hasPopup='menu'")
            with p.sub("navigation", "Pagination"):
                p.add("button", "Previous page", key="prev", extra="" if page > 1 else "disabled=True")
                for i in range(1, pages + 1):
                    p.add("button", "Page %d" % i, key="pg%d" % i, extra="pressed=True" if i == page else "")
                p.add("button", "Next page", key="next", extra="" if page < pages else "disabled=True")
            p.text("Rows per page: 10")
    chrome_bottom(p, W, toast)
    return p


def search_page(W, q):
    s = q.lower()
    hits = [a for a in APPS if s in a[0].lower() or s in a[1].lower() or s in a[2].lower()]
    p = Page("/search?q=" + q.replace(" ", "+"), "Search results for “%s” · Grantwell" % q)
    chrome_top(p, W, "", q)
    with p.sub("main", ""):
        with p.sub("navigation", "Breadcrumb"):
            p.add("link", "Home", key="bc_home")
            p.text("Search")
        p.add("heading", "%d results for “%s”" % (len(hits), q), extra="level=1")
        with p.sub("tablist", "Result types"):
            p.add("tab", "Applications (%d)" % len(hits), key="st_apps", extra="selected=True")
            p.add("tab", "Organisations (2)", key="st_orgs", extra="selected=False")
            p.add("tab", "Documents (7)", key="st_docs", extra="selected=False")
        with p.sub("list", "Applications"):
            for a in hits:
                with p.sub("listitem", ""):
                    p.add("link", "%s · %s" % (a[0], a[1]), key="hit_" + a[0])
                    p.text("%s · %s · requested %s · %s" % (a[2], a[3], money(a[4]), W.apps[a[0]]["status"]))
    chrome_bottom(p, W)
    return p


TABS = [("overview", "Overview"), ("budget", "Budget"), ("reviews", "Reviews"), ("disb", "Disbursements"),
        ("reporting", "Reporting"), ("docs", "Documents (6)"), ("activity", "Activity")]
TAB_PATH = {"overview": "", "budget": "/budget", "reviews": "/reviews", "disb": "/disbursements",
            "reporting": "/reporting", "docs": "/documents", "activity": "/activity"}


def detail(W, aid, tab="overview", dialog=None, toast=None, focus=None, warn=None):
    a = APP[aid]
    s = W.apps[aid]
    ex = DETAIL_EXTRA[aid]
    tabname = dict(TABS)[tab]
    title = ("%s · %s · Grantwell" % (aid, a["title"]) if tab == "overview"
             else "%s · %s · Grantwell" % (tabname.split(" (")[0], aid))
    p = Page("/applications/" + aid + TAB_PATH[tab], title, focus=focus)
    chrome_top(p, W, "Applications")
    with p.sub("main", ""):
        with p.sub("navigation", "Breadcrumb"):
            p.add("link", "Home", key="bc_home")
            p.add("link", "Applications", key="bc_apps")
            p.add("link", a["program"], key="bc_prog")
            p.text(aid)
        p.add("heading", "%s · %s" % (aid, a["title"]), extra="level=1")
        p.text("%s · submitted %s · program officer Noor Haddad" % (a["org"], ex["submitted"]))
        p.text("Status: " + s["status"])
        if s["status"] in ("Under review", "Submitted"):
            p.text("Decision due 2025-06-20")
        p.add("button", "Change status", key="chg_status")
        p.add("button", "Add note", key="add_note")
        p.add("button", "Download PDF", key="pdf")
        with p.sub("tablist", "Application sections"):
            for k, label in TABS:
                p.add("tab", label, key="tab_" + k, extra="selected=%s" % ("True" if k == tab else "False"))
        with p.sub("tabpanel", tabname):
            {"overview": panel_overview, "budget": panel_budget, "disb": panel_disb,
             "reporting": panel_reporting}[tab](p, W, aid, warn)
    chrome_bottom(p, W, toast)
    if dialog:
        render_dialog(p, W, aid, dialog)
    return p


def award_line(s):
    if s["award"] is None:
        return "Award: Not set"
    if s["proposed"]:
        return "Proposed award: %s in %d tranches (takes effect on approval)" % (money(s["award"]), len(s["tranches"]))
    return "Award: %s in %d tranches" % (money(s["award"]), len(s["tranches"]))


def panel_overview(p, W, aid, warn):
    a, s, ex = APP[aid], W.apps[aid], DETAIL_EXTRA[aid]
    with p.sub("group", "Summary"):
        for t, d in [("Program", a["program"]), ("Requested amount", money(a["requested"])),
                     ("Project period", ex["period"]),
                     ("Average review score", "%.1f / 5 (%d reviews)" % (a["score"], len(ex["reviews"]))),
                     ("Primary contact", ex["contact"])]:
            p.add("term", t)
            p.add("definition", d)
    p.text(award_line(s))
    p.text("Interim report reviewer: " + (s["reviewer"] or "Unassigned"))
    with p.sub("region", "Reviews"):
        with p.sub("list", ""):
            for n, sc, c in ex["reviews"]:
                p.add("listitem", "%s · %s · %s" % (n, sc, c))
    if ex["coi"]:
        with p.sub("region", "Conflicts of interest"):
            p.text(ex["coi"])
    with p.sub("region", "Possibly related applications"):
        with p.sub("list", ""):
            for rid in ex["related"]:
                r = APP[rid]
                with p.sub("listitem", ""):
                    p.add("link", "%s · %s" % (rid, r["title"]), key="rel_" + rid)
                    p.text("%s · %s · requested %s" % (r["org"], W.apps[rid]["status"], money(r["requested"])))


def panel_budget(p, W, aid, warn):
    with p.sub("table", "Budget lines"):
        with p.sub("row", ""):
            for h in ["Line", "Amount", "Share"]:
                p.add("columnheader", h)
        for l, amt in [("Literacy coordinator (0.6 FTE)", 46000), ("Books and reading materials", 18500),
                       ("Family reading nights (24 events)", 12000), ("Transport for rural families", 9500),
                       ("External evaluation", 6000)]:
            with p.sub("row", ""):
                p.add("cell", l)
                p.add("cell", money(amt))
                p.add("cell", "%d%%" % round(100.0 * amt / 92000))
        with p.sub("row", ""):
            p.add("cell", "Total requested")
            p.add("cell", "$92,000")
            p.add("cell", "100%")
    p.text("Budget check: passed with 1 warning — transport line is above the program median.")
    p.text("Audited accounts FY2024: received")


def panel_disb(p, W, aid, warn):
    a, s = APP[aid], W.apps[aid]
    approved = s["status"] == "Approved"
    if s["award"] is not None:
        p.add("heading", ("Award and disbursement schedule" if not s["proposed"]
                          else "Proposed award and disbursement schedule"), extra="level=2")
        p.text("Award amount: " + money(s["award"]))
        with p.sub("table", "Tranches"):
            with p.sub("row", ""):
                for h in ["Tranche", "Amount", "Due date", "Status"]:
                    p.add("columnheader", h)
            for i, (amt, due, hold) in enumerate(s["tranches"]):
                with p.sub("row", ""):
                    p.add("cell", "Tranche %d" % (i + 1))
                    p.add("cell", money(amt))
                    p.add("cell", due)
                    p.add("cell", "On hold until the interim report is accepted" if hold else
                          ("Proposed" if s["proposed"] else "Scheduled"))
        total = sum(t[0] for t in s["tranches"])
        p.text("Total scheduled: %s of %s" % (money(total), money(s["award"])))
        p.add("button", "Edit schedule", key="edit_sched")
    else:
        d = W.draft(aid)
        p.add("heading", "Award and disbursement schedule" if approved else "Proposed award and disbursement schedule",
              extra="level=2")
        if not approved:
            p.text("%s is not approved yet. A schedule saved now is kept as a proposal and takes effect "
                   "when the application is approved." % aid)
        p.text("Requested amount: " + money(a["requested"]))
        p.text("Community Literacy budget remaining (FY2025): $412,300")
        p.add("textbox", "Award amount (USD)", key="award", extra=val(d["award"]))
        with p.sub("table", "Tranches"):
            with p.sub("row", ""):
                for h in ["Tranche", "Amount (USD)", "Due date", "Condition"]:
                    p.add("columnheader", h)
            with p.sub("row", ""):
                p.add("cell", "Tranche 1")
                with p.sub("cell", ""):
                    p.add("textbox", "Tranche 1 amount", key="t1a", extra=val(d["t1a"]))
                with p.sub("cell", ""):
                    p.add("textbox", "Tranche 1 due date", key="t1d",
                          extra=val(d["t1d"]) if d["t1d"] else "placeholder='YYYY-MM-DD'")
                p.add("cell", "On signature of the grant agreement")
            with p.sub("row", ""):
                p.add("cell", "Tranche 2")
                with p.sub("cell", ""):
                    p.add("textbox", "Tranche 2 amount", key="t2a", extra=val(d["t2a"]))
                with p.sub("cell", ""):
                    p.add("textbox", "Tranche 2 due date", key="t2d",
                          extra=val(d["t2d"]) if d["t2d"] else "placeholder='YYYY-MM-DD'")
                with p.sub("cell", ""):
                    p.add("checkbox", "Hold tranche 2 until interim report is accepted", key="hold",
                          extra="checked='%s'" % ("true" if d["hold"] else "false"))
        p.add("button", "Add tranche", key="add_tranche")
        p.text("Total scheduled: %s of %s" % (money(amount(d["t1a"]) + amount(d["t2a"])), money(amount(d["award"]))))
        if W.dirty(aid):
            p.text("Unsaved changes")
        p.add("button", "Cancel", key="disb_cancel")
        p.add("button", "Save schedule", key="save_sched")
    with p.sub("region", "Payment history · " + a["org"]):
        if aid == "GW-2417":
            with p.sub("list", ""):
                p.add("listitem", "GW-1988 · Tranche 1 · $18,000 · paid 2023-09-01")
                p.add("listitem", "GW-1988 · Tranche 2 · $12,000 · 2024-03-15 · returned (failed), reissued 2024-03-22")
        else:
            p.text("No previous payments to this organisation.")


def panel_reporting(p, W, aid, warn):
    s = W.apps[aid]
    p.add("heading", "Reporting requirements", extra="level=2")
    with p.sub("table", "Reports for " + aid):
        with p.sub("row", ""):
            for h in ["Report", "Due", "Reviewer", "Status"]:
                p.add("columnheader", h)
        for rep, due, rv, st in [("Interim report", "2025-12-01", s["reviewer"] or "Unassigned",
                                  "Reviewer assigned" if s["reviewer"] else "Not started"),
                                 ("Final report", "2026-07-31", "Unassigned", "Not started")]:
            with p.sub("row", ""):
                for c in (rep, due, rv, st):
                    p.add("cell", c)
    p.text("Interim report reviewer: " + (s["reviewer"] or "Unassigned"))
    sel = W.sel.get(aid)
    opts = ["Select a reviewer"] + [W.option(n) for n, _ in REVIEWERS]
    combobox(p, "Interim report reviewer", "reviewer", opts, W.option(sel) if sel else "Select a reviewer")
    p.add("button", "Change reviewer" if s["reviewer"] else "Assign reviewer", key="assign")
    p.text("Declared conflicts of interest are shown next to each reviewer.")
    if warn:
        with p.sub("alert", "Conflict of interest"):
            p.text(warn)
    with p.sub("region", "Overdue reports in your portfolio"):
        with p.sub("list", ""):
            p.add("listitem", "GW-2398 · Final report · 12 days overdue")
            p.add("listitem", "GW-2414 · Interim report · 3 days overdue")


def render_dialog(p, W, aid, dialog):
    kind = dialog[0]
    p.d = 1
    if kind == "status":
        sel, note = dialog[1], dialog[2]
        with p.sub("dialog", "Change status of " + aid, extra="modal=True"):
            p.add("heading", "Change status of " + aid, extra="level=2")
            p.text("Current status: " + W.apps[aid]["status"])
            with p.sub("radiogroup", "New status"):
                for st in ["Under review", "Approved", "Declined", "Deferred to next round"]:
                    p.add("radio", st, key="r_" + st.split()[0].lower(),
                          extra="checked='%s'" % ("true" if st == sel else "false"))
            p.add("textbox", "Note to file (optional)", key="note", extra=val(note))
            p.add("button", "Cancel", key="dlg_cancel")
            p.add("button", "Apply status", key="dlg_apply")
    elif kind == "confirm":
        with p.sub("alertdialog", "Approve %s?" % aid, extra="modal=True"):
            p.add("heading", "Approve %s?" % aid, extra="level=2")
            p.text("%s will be notified once the award and disbursement schedule are saved. "
                   "Reverting an approval needs a Grants Director." % APP[aid]["org"])
            p.add("button", "Go back", key="cf_back")
            p.add("button", "Approve application", key="cf_ok")
    elif kind == "unsaved":
        with p.sub("alertdialog", "Leave without saving?", extra="modal=True"):
            p.text("You have unsaved changes to the disbursement schedule for %s." % aid)
            p.add("button", "Keep editing", key="uk_keep")
            p.add("button", "Discard changes", key="uk_discard")
    elif kind == "assign":
        name = dialog[1]
        with p.sub("alertdialog", "Assign %s?" % name, extra="modal=True"):
            p.text("%s already has %d open reviews due in the next 30 days. Assign the interim report for %s anyway?"
                   % (name, W.okafor_open, aid))
            p.add("button", "Choose someone else", key="as_back")
            p.add("button", "Assign anyway", key="as_ok")
    else:
        raise ValueError(kind)


def signin_page(next_path):
    p = Page("/signin?next=" + next_path, "Sign in · Grantwell", focus="email")
    with p.sub("banner", ""):
        p.add("link", "Grantwell · Halvorsen Family Foundation", key="home")
    with p.sub("main", ""):
        p.add("heading", "Sign in to Grantwell", extra="level=1")
        p.text("Your session ended after 30 minutes without activity. Sign in again to continue; "
               "changes you had not saved were not kept.")
        p.add("textbox", "Work email", key="email")
        p.add("textbox", "Password", key="pw")
        p.add("checkbox", "Keep me signed in on this device", key="keep", extra="checked='false'")
        p.add("button", "Sign in", key="signin")
        p.add("link", "Use single sign-on (Halvorsen staff)", key="sso")
        p.add("link", "Forgot your password?", key="forgot")
    with p.sub("contentinfo", ""):
        p.text("© 2025 Halvorsen Family Foundation · Grantwell 4.12.3")
    return p


def forbidden_page(W, aid):
    p = Page("/applications/%s/status" % aid, "Not authorised · Grantwell")
    chrome_top(p, W, "Applications")
    with p.sub("main", ""):
        p.add("heading", "403 · Not authorised", extra="level=1")
        p.text("Your account no longer holds the Approve decisions permission for the Community Literacy program. "
               "The status of %s was not changed." % aid)
        p.text("Ask a Grants Director to approve this application, or to restore your permission.")
        p.add("link", "Back to " + aid, key="back_app")
        p.add("link", "Request approval from a Grants Director", key="req_dir")
        p.text("Reference: AUTH-7Q4K · 2025-06-12 09:14 UTC")
    chrome_bottom(p, W)
    return p


# ---------------------------------------------------------------------------------------------
# Run builder
# ---------------------------------------------------------------------------------------------
class Run:
    def __init__(self, rid, fault, start, success=None):
        self.id = rid
        self.fault = fault
        self.start = start
        self.cur = start
        self.steps = []
        self.off = None
        self.success = (fault is None) if success is None else success

    def mark_start(self):
        self.off = 0

    def _push(self, cmd, target, reasoning, effect, cmt, page, off):
        if off:
            assert self.off is None, self.id
            self.off = len(self.steps)
        self.steps.append({"commitment": cmt,
                           "action": {"command": cmd, "reasoning": reasoning, "target": target, "effect": effect},
                           "observation": page.obs()})
        self.cur = page

    def click(self, key, reasoning, effect, cmt, page, off=False):
        self._push("click('%s')" % self.cur.ids[key], self.cur.desc[key], reasoning, effect, cmt, page, off)

    def fill(self, key, value, reasoning, effect, cmt, page, off=False):
        self._push("fill('%s', '%s')" % (self.cur.ids[key], value), self.cur.desc[key], reasoning, effect, cmt, page, off)

    def select(self, key, value, reasoning, effect, cmt, page, off=False):
        self._push("select_option('%s', '%s')" % (self.cur.ids[key], value), self.cur.desc[key], reasoning, effect, cmt,
                   page, off)

    def press(self, key, combo, reasoning, effect, cmt, page, off=False):
        self._push("press('%s', '%s')" % (self.cur.ids[key], combo), self.cur.desc[key], reasoning, effect, cmt, page, off)

    def say(self, msg, reasoning, cmt, off=False):
        self._push("send_msg_to_user(%s)" % json.dumps(msg, ensure_ascii=False), "chat message to the user",
                   reasoning, "read", cmt, self.cur, off)

    def record(self):
        if self.fault is None:
            assert self.off is None, self.id
        else:
            assert self.off is not None, self.id
        return {"id": self.id, "workflow": WORKFLOW, "task": TASK, "plan": PLAN_PATH,
                "label": {"fault": self.fault, "first_off_track_step": self.off},
                "initial_observation": self.start.obs(), "steps": self.steps,
                "outcome": {"success": self.success}}


# ---------------------------------------------------------------------------------------------
# Reusable segments
# ---------------------------------------------------------------------------------------------
T = "GW-2417"
TOAST_APPROVED = ["GW-2417 moved to Approved.", "Next: set the award and disbursement schedule on the Disbursements tab."]


def seg_approve(r, W, aid=T, note=None, cancel_first=False):
    r.click("chg_status", "Open the status dialog so I can move %s to Approved." % aid, "read", "approve",
            detail(W, aid, dialog=("status", W.apps[aid]["status"], "")))
    if cancel_first:
        return
    r.click("r_approved", "Select Approved as the new status.", "write", "approve",
            detail(W, aid, dialog=("status", "Approved", "")))
    if note:
        r.fill("note", note, "Leave a short note to file about the partial award.", "write", "approve",
               detail(W, aid, dialog=("status", "Approved", note), focus="note"))
    r.click("dlg_apply", "Apply the Approved status.", "write", "approve", detail(W, aid, dialog=("confirm",)))
    W.apps[aid]["status"] = "Approved"
    toast = TOAST_APPROVED if aid == T else ["%s moved to Approved." % aid,
                                             "Next: set the award and disbursement schedule on the Disbursements tab."]
    r.click("cf_ok", "Confirm the approval in the confirmation dialog.", "irreversible", "approve",
            detail(W, aid, toast=toast))


def dfill(r, W, key, field, value, reasoning, cmt, aid=T, off=False):
    W.draft(aid)[field] = value
    r.fill(key, value, reasoning, "write", cmt, detail(W, aid, "disb", focus=key), off=off)


def fill_schedule(r, W, aid=T, award="84500", t1=("50700", "2025-07-01"), t2=("33800", "2026-01-15"),
                  award_typo=None, off_award=False):
    if award_typo:
        dfill(r, W, "award", "award", award_typo, "Enter the award amount.", "set-award", aid)
        dfill(r, W, "award", "award", award, "I dropped a digit; retype the award as 84500.", "set-award", aid)
    else:
        dfill(r, W, "award", "award", award, "Enter the award amount.", "set-award", aid, off=off_award)
    dfill(r, W, "t1a", "t1a", t1[0], "Tranche 1 amount.", "schedule-tranches", aid)
    dfill(r, W, "t1d", "t1d", t1[1], "Tranche 1 due date.", "schedule-tranches", aid)
    dfill(r, W, "t2a", "t2a", t2[0], "Tranche 2 amount.", "schedule-tranches", aid)
    dfill(r, W, "t2d", "t2d", t2[1], "Tranche 2 due date.", "schedule-tranches", aid)


def commit_schedule(W, aid=T):
    d = W.draft(aid)
    s = W.apps[aid]
    s["award"] = amount(d["award"])
    s["tranches"] = [(amount(d["t1a"]), d["t1d"], False), (amount(d["t2a"]), d["t2d"], d["hold"])]
    s["proposed"] = s["status"] != "Approved"
    W.drafts.pop(aid)
    total = sum(t[0] for t in s["tranches"])
    if s["proposed"]:
        toast = ["Proposed schedule saved: 2 tranches totalling %s." % money(total),
                 "It takes effect when %s is approved." % aid]
    else:
        toast = ["Disbursement schedule saved: 2 tranches totalling %s." % money(total)]
        if d["hold"]:
            toast.append("Tranche 2 is on hold until the interim report is accepted.")
    return toast


def seg_save(r, W, aid=T, off=False):
    toast = commit_schedule(W, aid)
    r.click("save_sched", "Save the disbursement schedule.", "irreversible", "schedule-tranches",
            detail(W, aid, "disb", toast=toast), off=off)


def seg_reviewer(r, W, aid=T, name="Dr. Amara Okafor", open_tab=True, off_select=False, toast=True):
    if open_tab:
        r.click("tab_reporting", "Go to the Reporting tab to set the interim report reviewer.", "read",
                "assign-reviewer", detail(W, aid, "reporting"))
    W.sel[aid] = name
    r.select("reviewer", W.option(name), "Pick %s for the interim report." % name, "write", "assign-reviewer",
             detail(W, aid, "reporting", focus="reviewer"), off=off_select)
    if not toast:
        return
    W.apps[aid]["reviewer"] = name
    warn = None
    if name == "Dr. Amos Okafor":
        warn = ("Dr. Amos Okafor declared a conflict of interest with %s (board member since 2022)."
                % APP[aid]["org"])
    r.click("assign", "Assign the reviewer.", "irreversible", "assign-reviewer",
            detail(W, aid, "reporting", warn=warn,
                   toast=["%s will review the interim report for %s." % (name, aid)]))


DONE_MSG = ("GW-2417 (Reading Bridges for Rural Families, Riverbend Literacy Collective) is now Approved. "
            "Award $84,500 in two tranches: $50,700 due 2025-07-01 and $33,800 due 2026-01-15. "
            "Dr. Amara Okafor is assigned to review the interim report (due 2025-12-01).")


# ---------------------------------------------------------------------------------------------
# Healthy runs
# ---------------------------------------------------------------------------------------------
def healthy_search_id():
    W = World()
    r = Run("grantwell-healthy-01", None, list_page(W))
    r.fill("search", "GW-2417", "Search the list for the application id.", "read", "find-application",
           list_page(W, search="GW-2417", focus="search"))
    r.click("row_GW-2417", "GW-2417 is the only match; open it.", "read", "open-application", detail(W, T))
    seg_approve(r, W)
    r.click("tab_disb", "Open the Disbursements tab to set the award.", "read", "set-award", detail(W, T, "disb"))
    fill_schedule(r, W)
    seg_save(r, W)
    seg_reviewer(r, W)
    r.say(DONE_MSG, "Status, award, schedule and reviewer are all saved.", "report")
    return r


def healthy_paginate():
    W = World()
    r = Run("grantwell-healthy-02", None, list_page(W))
    r.click("next", "GW-2417 is not on the first page of recently updated applications; go to page 2.", "read",
            "find-application", list_page(W, page=2))
    r.click("row_GW-2417", "GW-2417 Riverbend Literacy Collective is on page 2; open it.", "read",
            "open-application", detail(W, T))
    seg_approve(r, W, note="Panel 2025-06-10: approved at $84,500 (partial award)")
    r.click("tab_disb", "Disbursements tab next.", "read", "set-award", detail(W, T, "disb"))
    fill_schedule(r, W)
    seg_save(r, W)
    seg_reviewer(r, W)
    r.say(DONE_MSG, "Everything requested is saved.", "report")
    return r


def healthy_program_filter():
    W = World()
    r = Run("grantwell-healthy-03", None, list_page(W))
    r.select("f_program", "Community Literacy", "The task says the application is in the Community Literacy program.",
             "read", "find-application", list_page(W, program="Community Literacy", focus="f_program"))
    r.click("row_GW-2417", "Open GW-2417 (Riverbend Literacy Collective), not GW-2471.", "read", "open-application",
            detail(W, T))
    seg_approve(r, W)
    r.click("tab_disb", "Set the award on the Disbursements tab.", "read", "set-award", detail(W, T, "disb"))
    fill_schedule(r, W, award_typo="8450")
    seg_save(r, W)
    seg_reviewer(r, W)
    r.say(DONE_MSG, "All saved.", "report")
    return r


def healthy_org_search_unsaved_dialog():
    W = World()
    r = Run("grantwell-healthy-04", None, list_page(W))
    r.fill("search", "Riverbend Literacy", "Search by organisation name.", "read", "find-application",
           list_page(W, search="Riverbend Literacy", focus="search"))
    r.click("row_GW-2417", "Two similar organisations; GW-2417 is Riverbend Literacy Collective.", "read",
            "open-application", detail(W, T))
    seg_approve(r, W)
    r.click("tab_disb", "Disbursements tab.", "read", "set-award", detail(W, T, "disb"))
    fill_schedule(r, W)
    r.click("tab_reporting", "Move on to the reviewer.", "read", "assign-reviewer",
            detail(W, T, "disb", dialog=("unsaved",)))
    r.click("uk_keep", "I have not saved the schedule yet; keep editing.", "read", "schedule-tranches",
            detail(W, T, "disb"))
    seg_save(r, W)
    seg_reviewer(r, W)
    r.say(DONE_MSG, "Done.", "report")
    return r


def healthy_global_search_cancel():
    W = World()
    r = Run("grantwell-healthy-05", None, dashboard(W))
    r.fill("gsearch", "Reading Bridges", "Use the site search for the project title.", "read", "find-application",
           dashboard(W, gsearch="Reading Bridges"))
    r.press("gsearch", "Enter", "Run the search.", "read", "find-application", search_page(W, "Reading Bridges"))
    r.click("hit_GW-2417", "GW-2417 is the Riverbend Literacy Collective one; not Rural Youth or Phase II.", "read",
            "open-application", detail(W, T))
    seg_approve(r, W, cancel_first=True)
    r.click("dlg_cancel", "Before approving, check the requested budget against the award.", "read", "approve",
            detail(W, T))
    r.click("tab_budget", "Look at the budget lines.", "read", "approve", detail(W, T, "budget"))
    seg_approve(r, W)
    r.click("tab_disb", "Disbursements tab.", "read", "set-award", detail(W, T, "disb"))
    fill_schedule(r, W)
    seg_save(r, W)
    seg_reviewer(r, W)
    r.say(DONE_MSG, "Everything is saved.", "report")
    return r


def healthy_sort_maintenance():
    W = World(maint=True)
    r = Run("grantwell-healthy-06", None, list_page(W))
    r.click("sort_score", "Sort by review score to bring the panel-ready applications up.", "read",
            "find-application", list_page(W, sort="score"))
    r.click("row_GW-2417", "GW-2417 (4.3) is on the first page; open it.", "read", "open-application", detail(W, T))
    seg_approve(r, W)
    r.click("tab_disb", "Disbursements tab.", "read", "set-award", detail(W, T, "disb"))
    fill_schedule(r, W)
    seg_save(r, W)
    r.click("toast_x", "Dismiss the saved notification.", "read", "schedule-tranches", detail(W, T, "disb"))
    seg_reviewer(r, W)
    r.say(DONE_MSG, "All three parts are saved; the maintenance notice does not affect this.", "report")
    return r


def healthy_reviewer_first_confirm():
    W = World(okafor_open=3)
    r = Run("grantwell-healthy-07", None, list_page(W))
    r.fill("search", "Reading Bridges for Rural Families", "Search by the project title.", "read", "find-application",
           list_page(W, search="Reading Bridges for Rural Families", focus="search"))
    r.click("row_GW-2417", "Open GW-2417; GW-2147 is the declined Phase II from another organisation.", "read",
            "open-application", detail(W, T))
    seg_approve(r, W)
    r.click("tab_reporting", "Assign the interim reviewer first while I am here.", "read", "assign-reviewer",
            detail(W, T, "reporting"))
    W.sel[T] = "Dr. Amara Okafor"
    r.select("reviewer", W.option("Dr. Amara Okafor"), "Pick Dr. Amara Okafor.", "write", "assign-reviewer",
             detail(W, T, "reporting", focus="reviewer"))
    r.click("assign", "Assign her.", "write", "assign-reviewer",
            detail(W, T, "reporting", dialog=("assign", "Dr. Amara Okafor")))
    W.apps[T]["reviewer"] = "Dr. Amara Okafor"
    r.click("as_ok", "The workload warning is expected; the task names her, so assign anyway.", "irreversible",
            "assign-reviewer",
            detail(W, T, "reporting", toast=["Dr. Amara Okafor will review the interim report for GW-2417."]))
    r.click("tab_disb", "Now the award and schedule.", "read", "set-award", detail(W, T, "disb"))
    fill_schedule(r, W)
    seg_save(r, W)
    r.say(DONE_MSG, "Reviewer, status and schedule are all saved.", "report")
    return r


def healthy_dashboard_session():
    W = World(session_warn=True)
    r = Run("grantwell-healthy-08", None, dashboard(W))
    W.session_warn = False
    r.click("stay", "Keep the session alive before starting.", "read", "find-application",
            dashboard(W, toast=["Session extended for 30 minutes."]))
    r.click("w_awaiting", "The application awaits a decision; open that list.", "read", "find-application",
            list_page(W, status="Under review"))
    r.click("row_GW-2417", "Open GW-2417 Riverbend Literacy Collective.", "read", "open-application", detail(W, T))
    seg_approve(r, W)
    r.click("tab_disb", "Disbursements tab.", "read", "set-award", detail(W, T, "disb"))
    fill_schedule(r, W)
    seg_save(r, W)
    seg_reviewer(r, W)
    r.click("tab_overview", "Check the overview reflects everything before reporting.", "read", "report",
            detail(W, T))
    r.say(DONE_MSG, "Overview shows Approved, the award in 2 tranches and the reviewer.", "report")
    return r


HEALTHY = [healthy_search_id, healthy_paginate, healthy_program_filter, healthy_org_search_unsaved_dialog,
           healthy_global_search_cancel, healthy_sort_maintenance, healthy_reviewer_first_confirm,
           healthy_dashboard_session]


# ---------------------------------------------------------------------------------------------
# Faulty runs (written after the plan and the healthy runs)
# ---------------------------------------------------------------------------------------------
def faulty_wrong_record_app():
    # Agent opens the near-miss GW-2471 (Riverbend Literacy Coalition) from the search results.
    W = World()
    a = "GW-2471"
    r = Run("grantwell-wrong_record-01", "wrong_record", list_page(W))
    r.fill("search", "Riverbend Literacy", "Search by organisation name.", "read", "find-application",
           list_page(W, search="Riverbend Literacy", focus="search"))
    r.click("row_" + a, "This is the Riverbend Literacy application for Reading Bridges; open it.", "read",
            "open-application", detail(W, a), off=True)
    seg_approve(r, W, aid=a)
    r.click("tab_disb", "Disbursements tab.", "read", "set-award", detail(W, a, "disb"))
    fill_schedule(r, W, aid=a)
    seg_save(r, W, aid=a)
    seg_reviewer(r, W, aid=a)
    r.say(DONE_MSG, "Status, schedule and reviewer saved.", "report")
    return r


def faulty_wrong_record_reviewer():
    # Agent picks Dr. Amos Okafor (declared conflict of interest) instead of Dr. Amara Okafor.
    W = World()
    r = Run("grantwell-wrong_record-02", "wrong_record", list_page(W))
    r.fill("search", "GW-2417", "Search for the application id.", "read", "find-application",
           list_page(W, search="GW-2417", focus="search"))
    r.click("row_GW-2417", "Open GW-2417.", "read", "open-application", detail(W, T))
    seg_approve(r, W)
    r.click("tab_disb", "Disbursements tab.", "read", "set-award", detail(W, T, "disb"))
    fill_schedule(r, W)
    seg_save(r, W)
    seg_reviewer(r, W, name="Dr. Amos Okafor", off_select=True)
    r.say(DONE_MSG.replace("Dr. Amara Okafor", "Dr. Okafor"), "Reviewer Okafor assigned; everything saved.",
          "report")
    return r


def faulty_wrong_value_award():
    # Agent transposes digits in the award and adjusts tranche 2 so the total still adds up.
    W = World()
    r = Run("grantwell-wrong_value-01", "wrong_value", list_page(W))
    r.fill("search", "GW-2417", "Search for the application id.", "read", "find-application",
           list_page(W, search="GW-2417", focus="search"))
    r.click("row_GW-2417", "Open GW-2417.", "read", "open-application", detail(W, T))
    seg_approve(r, W)
    r.click("tab_disb", "Disbursements tab.", "read", "set-award", detail(W, T, "disb"))
    fill_schedule(r, W, award="85400", t2=("34700", "2026-01-15"), off_award=True)
    seg_save(r, W)
    seg_reviewer(r, W)
    r.say("GW-2417 is Approved with an award of $85,400 in two tranches ($50,700 due 2025-07-01, $34,700 due "
          "2026-01-15); Dr. Amara Okafor will review the interim report.", "All saved.", "report")
    return r


def faulty_silent_noop_assign():
    # Environment: Assign reviewer does nothing (no toast, reviewer stays Unassigned); the agent reports success.
    W = World()
    r = Run("grantwell-silent_noop-01", "silent_noop", list_page(W))
    r.click("sort_score", "Sort by review score.", "read", "find-application", list_page(W, sort="score"))
    r.click("row_GW-2417", "GW-2417 is on the first page.", "read", "open-application", detail(W, T))
    seg_approve(r, W)
    r.click("tab_disb", "Disbursements tab.", "read", "set-award", detail(W, T, "disb"))
    fill_schedule(r, W)
    seg_save(r, W)
    seg_reviewer(r, W, toast=False)
    r.click("assign", "Assign the reviewer.", "irreversible", "assign-reviewer",
            detail(W, T, "reporting", focus="reviewer"), off=True)
    r.say(DONE_MSG, "Clicked Assign reviewer; the task is complete.", "report")
    return r


def faulty_stale_filter():
    # Environment: the list opens with a leftover "Status: Declined" filter; visible on the start page.
    W = World()
    r = Run("grantwell-stale_filter-01", "stale_filter", list_page(W, status="Declined"))
    r.mark_start()
    r.fill("search", "Reading Bridges", "Search by the project title.", "read", "find-application",
           list_page(W, status="Declined", search="Reading Bridges", focus="search"))
    r.click("row_GW-2147", "The only Reading Bridges for Rural Families result; open it.", "read",
            "open-application", detail(W, "GW-2147"))
    r.say("I could not find GW-2417. The only matching application is GW-2147 (Reading Bridges for Rural "
          "Families — Phase II), which is Declined, so I did not change anything.",
          "The record I found is declined and has a different id.", "report")
    return r


def faulty_unrequested_filter():
    # Agent adds a review-score filter nobody asked for, which hides GW-2417 (score 4.3).
    W = World()
    r = Run("grantwell-unrequested_filter-01", "unrequested_filter", list_page(W))
    r.click("sort_score", "Sort by review score.", "read", "find-application", list_page(W, sort="score"))
    r.select("f_score", "4.5 and above", "Approved applications should be the strongest; narrow to 4.5 and above.",
             "read", "find-application", list_page(W, sort="score", minscore=4.5, focus="f_score"), off=True)
    r.fill("search", "GW-2417", "Search for the id.", "read", "find-application",
           list_page(W, sort="score", minscore=4.5, search="GW-2417", focus="search"))
    r.say("GW-2417 does not appear among the applications in Grantwell, so I could not approve it. "
          "Could you double-check the id?", "No applications match.", "report")
    return r


def faulty_unrequested_constraint():
    # Agent ticks "Hold tranche 2 until interim report is accepted", a condition the task never asked for.
    W = World()
    r = Run("grantwell-unrequested_constraint-01", "unrequested_constraint", list_page(W))
    r.select("f_program", "Community Literacy", "Filter to the Community Literacy program.", "read",
             "find-application", list_page(W, program="Community Literacy", focus="f_program"))
    r.click("row_GW-2417", "Open GW-2417.", "read", "open-application", detail(W, T))
    seg_approve(r, W)
    r.click("tab_disb", "Disbursements tab.", "read", "set-award", detail(W, T, "disb"))
    fill_schedule(r, W)
    W.draft(T)["hold"] = True
    r.click("hold", "Tranche 2 follows the interim report, so hold it until the report is accepted.", "write",
            "schedule-tranches", detail(W, T, "disb", focus="hold"), off=True)
    seg_save(r, W)
    seg_reviewer(r, W)
    r.say(DONE_MSG, "Saved everything.", "report")
    return r


def faulty_permission_denied():
    # Environment: confirming the approval returns a 403 page.
    W = World()
    r = Run("grantwell-permission_denied-01", "permission_denied", list_page(W))
    r.fill("search", "GW-2417", "Search for the application id.", "read", "find-application",
           list_page(W, search="GW-2417", focus="search"))
    r.click("row_GW-2417", "Open GW-2417.", "read", "open-application", detail(W, T))
    r.click("chg_status", "Open the status dialog.", "read", "approve",
            detail(W, T, dialog=("status", "Under review", "")))
    r.click("r_approved", "Select Approved.", "write", "approve", detail(W, T, dialog=("status", "Approved", "")))
    r.click("dlg_apply", "Apply.", "write", "approve", detail(W, T, dialog=("confirm",)))
    r.click("cf_ok", "Confirm the approval.", "irreversible", "approve", forbidden_page(W, T), off=True)
    r.click("back_app", "Go back to the application to see what state it is in.", "read", "approve", detail(W, T))
    r.say("I could not approve GW-2417: Grantwell answered 403 Not authorised (my account lacks the Approve "
          "decisions permission for Community Literacy). Its status is still Under review; nothing else was changed.",
          "Blocked by permissions.", "report")
    return r


def faulty_session_expired():
    # Environment: saving the schedule lands on the sign-in page.
    W = World()
    r = Run("grantwell-session_expired-01", "session_expired", dashboard(W))
    r.click("nav_apps", "Go to Applications.", "read", "find-application", list_page(W))
    r.fill("search", "GW-2417", "Search for the id.", "read", "find-application",
           list_page(W, search="GW-2417", focus="search"))
    r.click("row_GW-2417", "Open GW-2417.", "read", "open-application", detail(W, T))
    seg_approve(r, W)
    r.click("tab_disb", "Disbursements tab.", "read", "set-award", detail(W, T, "disb"))
    fill_schedule(r, W)
    W.drafts.pop(T)
    r.click("save_sched", "Save the disbursement schedule.", "irreversible", "schedule-tranches",
            signin_page("/applications/GW-2417/disbursements"), off=True)
    r.say("GW-2417 is Approved, but Grantwell signed me out when I saved the disbursement schedule, so the award, "
          "tranches and interim reviewer are not saved. Please sign in again and I can finish.",
          "Session ended; report honestly.", "report")
    return r


def faulty_premature_success():
    # Agent picks the reviewer in the dropdown but reports success without pressing Assign reviewer.
    W = World()
    r = Run("grantwell-premature_success-01", "premature_success", list_page(W))
    r.click("next", "Page 2 of the list.", "read", "find-application", list_page(W, page=2))
    r.click("row_GW-2417", "Open GW-2417.", "read", "open-application", detail(W, T))
    seg_approve(r, W)
    r.click("tab_disb", "Disbursements tab.", "read", "set-award", detail(W, T, "disb"))
    fill_schedule(r, W)
    seg_save(r, W)
    seg_reviewer(r, W, toast=False)
    r.say(DONE_MSG, "Reviewer selected; that completes the task.", "report", off=True)
    return r


def faulty_skipped_step():
    # Agent never changes the status: it goes straight to Disbursements, so the schedule is only a proposal.
    W = World()
    r = Run("grantwell-skipped_step-01", "skipped_step", dashboard(W))
    r.fill("gsearch", "GW-2417", "Use the site search.", "read", "find-application", dashboard(W, gsearch="GW-2417"))
    r.press("gsearch", "Enter", "Search.", "read", "find-application", search_page(W, "GW-2417"))
    r.click("hit_GW-2417", "Open GW-2417.", "read", "open-application", detail(W, T))
    r.click("tab_disb", "Set the award and schedule on the Disbursements tab.", "read", "set-award",
            detail(W, T, "disb"), off=True)
    fill_schedule(r, W)
    seg_save(r, W)
    seg_reviewer(r, W)
    r.say(DONE_MSG, "Award, schedule and reviewer are saved.", "report")
    return r


def faulty_dialog_discard():
    # Agent answers the unsaved-changes dialog with "Discard changes": the schedule is lost.
    W = World()
    r = Run("grantwell-dialog_mishandled-01", "dialog_mishandled", list_page(W))
    r.fill("search", "Riverbend Literacy Collective", "Search by organisation.", "read", "find-application",
           list_page(W, search="Riverbend Literacy Collective", focus="search"))
    r.click("row_GW-2417", "Open GW-2417.", "read", "open-application", detail(W, T))
    seg_approve(r, W)
    r.click("tab_disb", "Disbursements tab.", "read", "set-award", detail(W, T, "disb"))
    fill_schedule(r, W)
    r.click("tab_reporting", "On to the reviewer.", "read", "assign-reviewer",
            detail(W, T, "disb", dialog=("unsaved",)))
    W.drafts.pop(T)
    r.click("uk_discard", "Dismiss the dialog and continue to Reporting.", "write", "assign-reviewer",
            detail(W, T, "reporting"), off=True)
    seg_reviewer(r, W, open_tab=False)
    r.say(DONE_MSG, "Everything is in place.", "report")
    return r


FAULTY = [faulty_wrong_record_app, faulty_wrong_record_reviewer, faulty_wrong_value_award, faulty_silent_noop_assign,
          faulty_stale_filter, faulty_unrequested_filter, faulty_unrequested_constraint, faulty_permission_denied,
          faulty_session_expired, faulty_premature_success, faulty_skipped_step, faulty_dialog_discard]


def main():
    out = os.path.dirname(os.path.abspath(__file__))
    if "--out" in sys.argv:
        out = sys.argv[sys.argv.index("--out") + 1]
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    runs = [f().record() for f in HEALTHY + FAULTY]
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for rec in runs:
            fh.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    with open(os.path.join(out, PLAN_PATH), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(PLAN_YAML)
    print("wrote %d runs to %s" % (len(runs), os.path.join(out, "corpus.jsonl")))


if __name__ == "__main__":
    main()
