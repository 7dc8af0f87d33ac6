#!/usr/bin/env python3
"""Generate the Tallyhour held-out corpus (stdlib only, deterministic).

Tallyhour is an invented staff timesheet and payroll approval portal used by the
invented Brackenridge Facilities Group.  The signed-in user is the operations
supervisor Marisol Okafor; "today" is Monday 11 March 2024 and the open pay
period is the week ending Sunday 10 March 2024 (payroll run PR-2024-10).

Writes, next to this file:
  corpus.jsonl               20 trajectories (8 healthy, 12 faulty)
  plans/approve_week.yaml    plan for the "approve a week's hours" workflow
  plans/correct_entry.yaml   plan for the "correct a time entry" workflow

Usage:  python3 make_corpus.py
"""
import copy
import json
import os
import random
import re

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20240311
RNG = random.Random(SEED)

BASE = "http://127.0.0.1:8040"
PRODUCT = "Tallyhour"
ORG = "Brackenridge Facilities Group"
USER = "Marisol Okafor"
VERSION = "Tallyhour 5.8.2"
NAV = ["Dashboard", "Approvals", "Timesheets", "Employees", "Payroll runs", "Reports"]

# --------------------------------------------------------------------------------------
# Plans.  Written first, from the two task statements and the healthy pages only, the way
# a supervisor configuring the checker would write them.  Not edited after the faulty runs
# below were written.
# --------------------------------------------------------------------------------------

TASK_APPROVE = ("Approve Dana Whitcombe's timesheet TS-20417 for the week ending 10 Mar 2024 "
                "(43.5 hours, 3.5 of them overtime) so the hours go into payroll run PR-2024-10.")
TASK_CORRECT = ("On Rafael Ouimet's timesheet TS-20433 (week ending 10 Mar 2024), correct the "
                "Wednesday 6 Mar entry so the clock-out is 16:00 instead of 18:00 (7.5 hours, "
                "not 9.5), with reason code Missed clock-out, and submit the correction.")

PLAN_APPROVE = """\
# Tallyhour - approve one employee's week.
# Written from the task and a couple of clean runs through the portal.
task: TASK_PLACEHOLDER
plan_falsifiers:
  execution:
    - Sign in to Tallyhour
    - Your session has expired
    - Something went wrong
    - Access denied
commitments:
  - id: find-timesheet
    subgoal: Find Dana Whitcombe's submitted timesheet for the week ending 10 Mar 2024
    skill: search_or_browse_queue
    confidence: 0.7
    confirm:
      precondition: [Tallyhour dashboard, Approvals queue]
      progress:
        - Search results for 'Whitcombe'
        - Approvals queue, week ending 10 Mar 2024, Submitted
      completion:
        - TS-20417 Dana Whitcombe Custodial Services 10 Mar 2024 43.5 Submitted
    falsify:
      execution: [No timesheets match your search]
      skill: [Search is unavailable]
      planning: [TS-20417 is not in the approvals queue]
  - id: open-timesheet
    subgoal: Open timesheet TS-20417
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [TS-20417 link]
      progress: []
      completion:
        - Timesheet TS-20417
        - Dana Whitcombe · E-1187 · Custodial Services · Week ending 10 Mar 2024
        - "Status: Submitted"
        - "Total hours: 43.5"
    falsify:
      execution:
        - Timesheet TS-20418
        - Diana Whitcombe
        - Timesheet TS-20471
        - Dan Whitcomb
        - Timesheet TS-20381
        - Week ending 3 Mar 2024
      planning:
        - "Status: Approved"
        - "Status: Returned"
  - id: approve-week
    subgoal: Approve the week's hours and confirm the approval dialog
    confidence: 0.7
    confirm:
      precondition: [Approve week button]
      progress:
        - Approve timesheet TS-20417? dialog
        - I confirm these hours are accurate, checked
      completion:
        - Timesheet TS-20417 approved
        - "Status: Approved"
        - Hours will be paid in payroll run PR-2024-10
    falsify:
      execution:
        - Approval failed
        - {text: Return to employee, on: action}
        - {text: Approve selected, on: action}
      skill: [Approve button is disabled]
      planning: [Timesheet is locked for payroll processing]
  - id: report-back
    subgoal: Tell the requester that TS-20417 is approved
    confidence: 0.9
    confirm:
      precondition: [Timesheet TS-20417 approved]
      progress: []
      completion: []
    falsify:
      execution: []
""".replace("TASK_PLACEHOLDER", TASK_APPROVE)

PLAN_CORRECT = """\
# Tallyhour - correct one time entry on a submitted timesheet.
# Written from the task and a couple of clean runs through the correction wizard.
task: TASK_PLACEHOLDER
plan_falsifiers:
  execution:
    - Sign in to Tallyhour
    - Your session has expired
    - Something went wrong
    - Access denied
commitments:
  - id: open-timesheet
    subgoal: Open Rafael Ouimet's timesheet TS-20433 for the week ending 10 Mar 2024
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [Tallyhour]
      progress:
        - Search results for 'Ouimet'
        - Rafael Ouimet employee profile
      completion:
        - Timesheet TS-20433
        - Rafael Ouimet · E-1042 · Building Maintenance · Week ending 10 Mar 2024
        - Wed 6 Mar 08:00 18:00 9.5
    falsify:
      execution:
        - Timesheet TS-20434
        - Raphael Ouellet
        - Timesheet TS-20398
        - Week ending 3 Mar 2024
      planning: [Timesheet TS-20433 is locked]
  - id: choose-entry
    subgoal: Start a correction for the Wed 6 Mar entry
    confidence: 0.7
    confirm:
      precondition: [Correct an entry]
      progress:
        - Step 1 of 3 Choose entry
        - Wed 6 Mar · 08:00–18:00 · 9.5 h selected
      completion:
        - Step 2 of 3 Edit times
        - Wed 6 Mar 2024
        - Recorded 08:00–18:00, 30 min unpaid break, 9.5 h
    falsify:
      execution:
        - Mon 4 Mar 2024
        - Tue 5 Mar 2024
        - Thu 7 Mar 2024
        - Fri 8 Mar 2024
      skill: [Correct an entry is disabled]
  - id: edit-times
    subgoal: Set the clock-out to 16:00 and the reason code to Missed clock-out
    confidence: 0.7
    confirm:
      precondition: [Step 2 of 3 Edit times]
      progress:
        - Clock out 16:00
        - "Calculated hours: 7.5"
        - Reason code Missed clock-out
      completion:
        - Step 3 of 3 Review and submit
        - Clock out 18:00 16:00
        - Hours 9.5 7.5
        - Week total 42.0 40.0
    falsify:
      execution:
        - Reason code is required
        - Clock out must be after clock in
        - {text: Cancel correction, on: action}
      skill: [Clock out field is read-only]
  - id: submit-correction
    subgoal: Submit the correction
    confidence: 0.75
    confirm:
      precondition: [Submit correction button]
      progress: []
      completion:
        - Correction COR- submitted
        - Correction applied to timesheet TS-20433
        - "Timesheet TS-20433 total: 40.0 h"
    falsify:
      execution: [Error saving correction]
      planning: [Payroll run PR-2024-10 is locked]
  - id: report-back
    subgoal: Tell the requester the correction is in
    confidence: 0.9
    confirm:
      precondition: [Correction applied to timesheet TS-20433]
      progress: []
      completion: []
    falsify:
      execution: []
""".replace("TASK_PLACEHOLDER", TASK_CORRECT)

PLANS = {"approve_week": PLAN_APPROVE, "correct_entry": PLAN_CORRECT}

# --------------------------------------------------------------------------------------
# The world: people, timesheets, queue
# --------------------------------------------------------------------------------------

WEEK_DAYS = {
    "10 Mar 2024": ["Mon 4 Mar", "Tue 5 Mar", "Wed 6 Mar", "Thu 7 Mar", "Fri 8 Mar",
                    "Sat 9 Mar", "Sun 10 Mar"],
    "3 Mar 2024": ["Mon 26 Feb", "Tue 27 Feb", "Wed 28 Feb", "Thu 29 Feb", "Fri 1 Mar",
                   "Sat 2 Mar", "Sun 3 Mar"],
}
WEEK_SLUG = {"10 Mar 2024": "2024-03-10", "3 Mar 2024": "2024-03-03",
             "17 Mar 2024": "2024-03-17", "25 Feb 2024": "2024-02-25"}
DAY_ISO = {"Mon 4 Mar": "2024-03-04", "Tue 5 Mar": "2024-03-05", "Wed 6 Mar": "2024-03-06",
           "Thu 7 Mar": "2024-03-07", "Fri 8 Mar": "2024-03-08"}
TEAMS = ["Building Maintenance", "Custodial Services", "Grounds", "Security"]


def hours(cin, cout, brk):
    h1, m1 = map(int, cin.split(":"))
    h2, m2 = map(int, cout.split(":"))
    return ((h2 * 60 + m2) - (h1 * 60 + m1) - brk) / 60.0


def fh(x):
    return f"{x:.1f}"


# Queue rows that are only ever seen in lists: (id, name, eid, team, hours)
_QUEUE_ONLY = [
    ("TS-20402", "Amara Adeyemi", "E-1008", "Security", 40.0),
    ("TS-20409", "Jonah Baptiste", "E-1019", "Grounds", 42.0),
    ("TS-20411", "Lucía Cardenas", "E-1023", "Custodial Services", 36.0),
    ("TS-20405", "Theo Castellanos", "E-1031", "Building Maintenance", 40.0),
    ("TS-20420", "Mei-Ling Chu", "E-1036", "Security", 48.0),
    ("TS-20414", "Grant Delacroix", "E-1047", "Grounds", 40.0),
    ("TS-20426", "Fatima El-Sayed", "E-1052", "Custodial Services", 32.0),
    ("TS-20407", "Owen Fairweather", "E-1060", "Building Maintenance", 44.0),
    ("TS-20429", "Ruth Gallagher", "E-1066", "Security", 40.0),
    ("TS-20423", "Ibrahim Haddad", "E-1071", "Custodial Services", 38.5),
    ("TS-20431", "Kasia Jankowski", "E-1078", "Grounds", 40.0),
    ("TS-20412", "Devon Kirkland", "E-1083", "Building Maintenance", 41.5),
    ("TS-20436", "Noor Latif", "E-1094", "Custodial Services", 24.0),
    ("TS-20403", "Samuel Mbeki", "E-1101", "Security", 40.0),
    ("TS-20437", "Priya Nair", "E-1107", "Custodial Services", 40.0),
    ("TS-20439", "Aoife Nolan", "E-1115", "Custodial Services", 40.0),
    ("TS-20441", "Hana Petrov", "E-1122", "Security", 36.0),
    ("TS-20408", "Marcus Quintero", "E-1130", "Building Maintenance", 40.0),
    ("TS-20444", "Bea Rasmussen", "E-1141", "Custodial Services", 40.0),
    ("TS-20447", "Tomás Serrano", "E-1150", "Grounds", 45.0),
    ("TS-20450", "Yuki Tanabe", "E-1158", "Security", 40.0),
    ("TS-20458", "Leon Varga", "E-1166", "Building Maintenance", 38.0),
    ("TS-20462", "Zoe Yarrow", "E-1203", "Security", 40.0),
]

PEOPLE = {
    "E-1187": ("Dana Whitcombe", "Custodial Services", "Cleaner (Days)"),
    "E-1190": ("Diana Whitcombe", "Custodial Services", "Cleaner (Days)"),
    "E-1231": ("Dan Whitcomb", "Grounds", "Groundskeeper"),
    "E-1042": ("Rafael Ouimet", "Building Maintenance", "Maintenance Technician II"),
    "E-1213": ("Raphael Ouellet", "Grounds", "Groundskeeper"),
}
for _tid, _name, _eid, _team, _h in _QUEUE_ONLY:
    PEOPLE[_eid] = (_name, _team, {"Security": "Security Officer",
                                   "Grounds": "Groundskeeper",
                                   "Custodial Services": "Cleaner (Days)",
                                   "Building Maintenance": "Maintenance Technician"}[_team])


def _five(cin, cout, brk, code, days):
    return {d: [cin, cout, brk, code, ""] for d in days[:5]}


def _detailed():
    ts = {}
    d10 = WEEK_DAYS["10 Mar 2024"]
    d3 = WEEK_DAYS["3 Mar 2024"]
    e = _five("06:00", "14:30", 30, "CUS-DAY-01", d10)
    e["Thu 7 Mar"] = ["06:00", "18:00", 30, "CUS-DC-07", "Deep clean, Block C (agreed with M. Okafor)"]
    ts["TS-20417"] = dict(eid="E-1187", week="10 Mar 2024", status="Submitted",
                          submitted="Sat 9 Mar 2024 16:48", entries=e,
                          activity=["Submitted by Dana Whitcombe · Sat 9 Mar 2024 16:48",
                                    "Overtime pre-approved by Marisol Okafor · Wed 6 Mar 2024 10:15"])
    ts["TS-20418"] = dict(eid="E-1190", week="10 Mar 2024", status="Submitted",
                          submitted="Sun 10 Mar 2024 11:02",
                          entries=_five("06:00", "14:30", 30, "CUS-DAY-01", d10),
                          activity=["Submitted by Diana Whitcombe · Sun 10 Mar 2024 11:02"])
    ts["TS-20471"] = dict(eid="E-1231", week="10 Mar 2024", status="Submitted",
                          submitted="Sun 10 Mar 2024 19:40",
                          entries={**_five("07:00", "15:00", 30, "GRD-EST-02", d10),
                                   "Fri 8 Mar": ["07:00", "13:00", 30, "GRD-EST-02", "Left early (GP appointment)"]},
                          activity=["Submitted by Dan Whitcomb · Sun 10 Mar 2024 19:40"])
    ts["TS-20381"] = dict(eid="E-1187", week="3 Mar 2024", status="Submitted",
                          submitted="Fri 8 Mar 2024 09:20",
                          entries=_five("06:00", "14:30", 30, "CUS-DAY-01", d3),
                          activity=["Resubmitted by Dana Whitcombe · Fri 8 Mar 2024 09:20",
                                    "Returned by Marisol Okafor (missing cost code on Tue 27 Feb) · Tue 5 Mar 2024 14:02",
                                    "Submitted by Dana Whitcombe · Sun 3 Mar 2024 18:11"])
    ts["TS-20385"] = dict(eid="E-1071", week="3 Mar 2024", status="Submitted",
                          submitted="Mon 4 Mar 2024 08:05",
                          entries=_five("14:00", "22:00", 30, "CUS-EVE-01", d3),
                          activity=["Submitted by Ibrahim Haddad · Mon 4 Mar 2024 08:05"])
    e = _five("07:00", "15:30", 30, "BM-PPM-104", d10)
    e["Wed 6 Mar"] = ["08:00", "18:00", 30, "BM-HVAC-112", "Boiler service, Lister Hall"]
    e["Fri 8 Mar"] = ["07:00", "16:00", 30, "BM-PPM-104", ""]
    ts["TS-20433"] = dict(eid="E-1042", week="10 Mar 2024", status="Submitted",
                          submitted="Fri 8 Mar 2024 16:31", entries=e,
                          activity=["Submitted by Rafael Ouimet · Fri 8 Mar 2024 16:31"])
    e = _five("07:30", "16:00", 30, "GRD-EST-02", d10)
    e["Wed 6 Mar"] = ["07:30", "16:30", 30, "GRD-EST-02", "Leaf clearance, north car park"]
    ts["TS-20434"] = dict(eid="E-1213", week="10 Mar 2024", status="Submitted",
                          submitted="Fri 8 Mar 2024 16:45", entries=e,
                          activity=["Submitted by Raphael Ouellet · Fri 8 Mar 2024 16:45"])
    for k, v in ts.items():
        v["id"] = k
        v["corrections"] = []
        v["approved"] = None
    return ts


# timesheets only ever listed (id, eid, week, status, hours)
LISTED = [
    ("TS-20452", "E-1187", "17 Mar 2024", "Draft", 8.0),
    ("TS-20344", "E-1187", "25 Feb 2024", "Approved", 40.0),
    ("TS-20382", "E-1190", "3 Mar 2024", "Approved", 40.0),
    ("TS-20388", "E-1231", "3 Mar 2024", "Approved", 38.0),
    ("TS-20398", "E-1042", "3 Mar 2024", "Approved", 40.0),
    ("TS-20361", "E-1042", "25 Feb 2024", "Approved", 40.0),
    ("TS-20396", "E-1213", "3 Mar 2024", "Approved", 40.0),
]

# submitted timestamps for list-only queue rows (seeded)
_SUBMITTED = {}
for _tid, *_rest in _QUEUE_ONLY:
    _d = RNG.choice([("Fri 8 Mar 2024", 5), ("Sat 9 Mar 2024", 6), ("Sun 10 Mar 2024", 7)])
    _hh, _mm = RNG.randint(8, 21), RNG.randint(0, 59)
    _SUBMITTED[_tid] = (f"{_d[0]} {_hh:02d}:{_mm:02d}", (_d[1], _hh, _mm))


def _stamp_key(s):
    day = {"Mon": 1, "Tue": 2, "Wed": 3, "Thu": 4, "Fri": 5, "Sat": 6, "Sun": 7}[s[:3]]
    hh, mm = s[-5:].split(":")
    return (day, int(hh), int(mm))


class World:
    """Mutable copy of the application state for one run."""

    def __init__(self):
        self.ts = _detailed()
        self.next_cor = 5531

    def total(self, tid):
        t = self.ts[tid]
        return sum(hours(v[0], v[1], v[2]) for v in t["entries"].values())

    def row(self, tid):
        """(id, name, eid, team, week, hours, status, submitted, sortkey)"""
        if tid in self.ts:
            t = self.ts[tid]
            name, team, _ = PEOPLE[t["eid"]]
            return (tid, name, t["eid"], team, t["week"], self.total(tid), t["status"],
                    t["submitted"], _stamp_key(t["submitted"]))
        for q in _QUEUE_ONLY:
            if q[0] == tid:
                return (tid, q[1], q[2], q[3], "10 Mar 2024", q[4], "Submitted",
                        _SUBMITTED[tid][0], _SUBMITTED[tid][1])
        for l in LISTED:
            if l[0] == tid:
                name, team, _ = PEOPLE[l[1]]
                return (tid, name, l[1], team, l[2], l[4], l[3], "", (0, 0, 0))
        raise KeyError(tid)

    def all_ids(self):
        return [q[0] for q in _QUEUE_ONLY] + list(self.ts) + [l[0] for l in LISTED]

    def queue(self, week, team, sort):
        rows = [self.row(t) for t in self.all_ids()]
        rows = [r for r in rows if r[4] == week and r[6] == "Submitted"]
        if team != "All my teams":
            rows = [r for r in rows if r[3] == team]

        def surname_key(r):
            parts = r[1].split()
            return (parts[-1].lower(), parts[0].lower())
        if sort == "Employee (A–Z)":
            rows.sort(key=surname_key)
        elif sort == "Employee (Z–A)":
            rows.sort(key=surname_key, reverse=True)
        elif sort == "Hours (high to low)":
            rows.sort(key=lambda r: (-r[5], surname_key(r)))
        elif sort == "Submitted (oldest first)":
            rows.sort(key=lambda r: r[8])
        elif sort == "Team":
            rows.sort(key=lambda r: (r[3], surname_key(r)))
        return rows


SORTS = ["Employee (A–Z)", "Employee (Z–A)", "Hours (high to low)", "Submitted (oldest first)", "Team"]
SORT_SLUG = {"Employee (A–Z)": "employee-asc", "Employee (Z–A)": "employee-desc",
             "Hours (high to low)": "hours-desc", "Submitted (oldest first)": "submitted-asc",
             "Team": "team"}
REASONS = ["Select a reason", "Missed clock-in", "Missed clock-out", "Wrong cost code",
           "Clock terminal fault", "Forgot to record break", "Other"]

RECENT0 = ["TS-20418 · Diana Whitcombe · w/e 10 Mar", "TS-20434 · Raphael Ouellet · w/e 10 Mar",
           "TS-20381 · Dana Whitcombe · w/e 3 Mar", "TS-20398 · Rafael Ouimet · w/e 3 Mar",
           "E-1187 · Dana Whitcombe"]

# --------------------------------------------------------------------------------------
# Accessibility-tree builder (BrowserGym flattened AXTree style)
# --------------------------------------------------------------------------------------


class AX:
    def __init__(self, title):
        self.lines = [f"RootWebArea {title!r}, focused"]
        self.n = 0

    def __call__(self, depth, role, name="", *props, value=None):
        self.n += 1
        s = "\t" * depth + f"[{self.n}] {role} {name!r}"
        if value is not None:
            s += f" value={value!r}"
        if props:
            s += ", " + ", ".join(props)
        self.lines.append(s)
        return str(self.n)

    def t(self, depth, text):
        self.lines.append("\t" * depth + f"StaticText {text!r}")

    def render(self):
        return "\n".join(self.lines)


class State:
    """Per-run browser-side state (recently viewed list)."""

    def __init__(self):
        self.recent = list(RECENT0)

    def visit(self, label):
        key = label.split(" · ")[0]
        self.recent = [r for r in self.recent if not r.startswith(key + " ")]
        self.recent.insert(0, label)
        self.recent = self.recent[:5]


def page(st, title, url, nav, crumbs, body, toast=None, dialog=None, search_value=None):
    full_title = f"{title} – {PRODUCT}"
    ax = AX(full_title)
    ax(1, "banner", "")
    ax(2, "link", "Tallyhour home", "clickable")
    ax.t(3, PRODUCT)
    ax.t(2, ORG)
    ax(2, "navigation", "Main")
    for item in NAV:
        props = ["clickable"] + (["current='page'"] if item == nav else [])
        ax(3, "link", item, *props)
    ax(2, "search", "")
    ax(3, "searchbox", "Search timesheets and people", "clickable", value=search_value or None)
    ax(3, "button", "Search", "clickable")
    ax(2, "button", "Notifications, 3 unread", "clickable", "hasPopup='menu'", "expanded=False")
    ax(2, "button", f"{USER}, Operations Supervisor", "clickable", "hasPopup='menu'", "expanded=False")
    if crumbs:
        ax(1, "navigation", "Breadcrumb")
        for c in crumbs[:-1]:
            ax(2, "link", c, "clickable")
            ax.t(2, "›")
        ax.t(2, crumbs[-1])
    ax(1, "main", "")
    body(ax)
    ax(1, "complementary", "Recently viewed")
    ax(2, "heading", "Recently viewed", "level=2")
    ax(2, "list", "")
    for r in st.recent:
        ax(3, "listitem", "")
        ax(4, "link", r, "clickable")
    ax(1, "status", "", "live='polite'", "atomic=True")
    if toast:
        ax.t(2, toast)
        if not toast.endswith("…"):  # progress messages cannot be dismissed
            ax(2, "button", "Dismiss notification", "clickable")
    if dialog:
        dialog(ax)
    ax(1, "contentinfo", "")
    ax.t(2, f"© 2024 {ORG} · {VERSION}")
    ax.t(2, "Payroll cut-off for week ending 10 Mar 2024: Tue 12 Mar 2024, 12:00")
    ax(2, "link", "Help centre", "clickable")
    ax(2, "link", "Privacy notice", "clickable")
    ax(2, "link", "Accessibility statement", "clickable")
    return {"url": url, "title": full_title, "text": ax.render(), "error": None}


TOAST_CUTOFF = "Reminder: payroll cut-off for week ending 10 Mar 2024 is Tue 12 Mar 2024 at 12:00."
TOAST_OT = "8 timesheets in your queue include overtime. Check them before the payroll cut-off."

# --------------------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------------------


def dashboard(w, st, toast=None, search_value=None):
    q = w.queue("10 Mar 2024", "All my teams", "Employee (A–Z)")
    ot = sum(1 for r in q if r[5] > 40)

    def body(ax):
        ax(2, "heading", "Good morning, Marisol", "level=1")
        ax.t(2, "Monday 11 March 2024 · Pay period: week ending 10 Mar 2024")
        ax(2, "region", "Awaiting your approval")
        ax(3, "heading", "Awaiting your approval", "level=2")
        ax.t(3, f"{len(q)} timesheets submitted for week ending 10 Mar 2024 · {ot} with overtime")
        ax.t(3, "2 late timesheets for week ending 3 Mar 2024")
        ax(3, "link", "Review approvals queue", "clickable")
        ax(2, "region", "Corrections")
        ax(3, "heading", "Corrections", "level=2")
        ax.t(3, "3 corrections pending payroll review")
        ax(3, "link", "View corrections", "clickable")
        ax(2, "region", "Payroll run PR-2024-10")
        ax(3, "heading", "Payroll run PR-2024-10", "level=2")
        ax.t(3, "Covers week ending 10 Mar 2024 · Cut-off Tue 12 Mar 2024, 12:00 · Pay date Fri 15 Mar 2024")
        ax(3, "progressbar", "Timesheets approved", "valuemin=0", f"valuemax={84 + len(q)}",
           f"valuetext='84 of {84 + len(q)}'")
        ax(2, "region", "Hours by team this week")
        ax(3, "heading", "Hours by team this week", "level=2")
        ax(3, "table", "Hours by team")
        ax(4, "row", "")
        for h in ["Team", "Submitted", "Approved", "Hours"]:
            ax(5, "columnheader", h)
        for team, a, h in [("Building Maintenance", 22, 872.5), ("Custodial Services", 31, 1183.0),
                           ("Grounds", 17, 676.0), ("Security", 14, 560.0)]:
            sub = [r for r in q if r[3] == team]
            h += sum(r[5] for r in sub)
            ax(4, "row", "")
            for c in [team, str(len(sub)), str(a), f"{h:,.1f}"]:
                ax(5, "cell", c)
    return page(st, "Dashboard", f"{BASE}/dashboard", "Dashboard", None, body, toast=toast,
                search_value=search_value)


def queue_page(w, st, pg=1, sort="Employee (A–Z)", week="10 Mar 2024", team="All my teams",
               filters_open=False, pending=None, toast=None, search_value=None):
    rows = w.queue(week, team, sort)
    per = 10
    pages = max(1, (len(rows) + per - 1) // per)
    shown = rows[(pg - 1) * per: pg * per]
    pend = pending or {}
    p_week = pend.get("week", week)
    p_team = pend.get("team", team)
    team_slug = "all" if team == "All my teams" else team.lower().replace(" ", "-")
    url = (f"{BASE}/approvals?week={WEEK_SLUG[week]}&status=submitted&team={team_slug}"
           f"&sort={SORT_SLUG[sort]}&page={pg}")

    def body(ax):
        ax(2, "heading", "Approvals queue", "level=1")
        ax.t(2, f"Week ending {week} · Submitted · {team}")
        ax(2, "button", "Filters", "clickable", f"expanded={filters_open}")
        if filters_open:
            ax(2, "group", "Filters")
            ax(3, "combobox", "Week ending", "clickable", "hasPopup='menu'", "expanded=False")
            for wk in ["17 Mar 2024", "10 Mar 2024", "3 Mar 2024", "25 Feb 2024"]:
                ax(4, "option", wk, f"selected={wk == p_week}")
            ax(3, "combobox", "Team", "clickable", "hasPopup='menu'", "expanded=False")
            for tm in ["All my teams"] + TEAMS:
                ax(4, "option", tm, f"selected={tm == p_team}")
            ax(3, "group", "Status")
            ax(4, "checkbox", "Submitted", "clickable", "checked='true'")
            ax(4, "checkbox", "Returned", "clickable", "checked='false'")
            ax(4, "checkbox", "Approved", "clickable", "checked='false'")
            ax(3, "checkbox", "Only show timesheets with overtime", "clickable", "checked='false'")
            ax(3, "button", "Apply filters", "clickable")
            ax(3, "button", "Reset filters", "clickable")
        ax(2, "combobox", "Sort by", "clickable", "hasPopup='menu'", "expanded=False")
        for s in SORTS:
            ax(3, "option", s, f"selected={s == sort}")
        if rows:
            ax.t(2, f"Showing {(pg - 1) * per + 1}–{(pg - 1) * per + len(shown)} of {len(rows)}")
        ax(2, "table", "Timesheets awaiting approval")
        ax(3, "row", "")
        ax(4, "columnheader", "")
        ax(5, "checkbox", "Select all on this page", "clickable", "checked='false'")
        for h in ["Timesheet", "Employee", "Team", "Week ending", "Hours", "Overtime", "Submitted", "Status"]:
            ax(4, "columnheader", h, *(["sort='ascending'"] if h == "Employee" and sort == "Employee (A–Z)" else
                                        ["sort='descending'"] if h == "Employee" and sort == "Employee (Z–A)" else []))
        for r in shown:
            ax(3, "row", "")
            ax(4, "cell", "")
            ax(5, "checkbox", f"Select {r[0]}", "clickable", "checked='false'")
            ax(4, "cell", "")
            ax(5, "link", r[0], "clickable")
            ax(4, "cell", r[1])
            ax(4, "cell", r[3])
            ax(4, "cell", r[4])
            ax(4, "cell", fh(r[5]))
            ax(4, "cell", fh(max(0.0, r[5] - 40)))
            ax(4, "cell", r[7])
            ax(4, "cell", "Submitted (resubmitted)" if r[0] == "TS-20381" else r[6])
        if not rows:
            ax.t(2, "No timesheets match these filters.")
        ax(2, "button", "Approve selected", "clickable", "disabled=True")
        ax(2, "navigation", "Pagination")
        if pg > 1:
            ax(3, "link", "Previous page", "clickable")
        for i in range(1, pages + 1):
            ax(3, "link", f"Page {i}", "clickable", *(["current='page'"] if i == pg else []))
        if pg < pages:
            ax(3, "link", "Next page", "clickable")
        ax(2, "combobox", "Rows per page", "clickable", "hasPopup='menu'", "expanded=False")
        for n in ["10", "25", "50"]:
            ax(3, "option", n, f"selected={n == '10'}")
    return page(st, "Approvals queue", url, "Approvals", ["Home", "Approvals", f"Week ending {week}"],
                body, toast=toast, search_value=search_value)


SIMILAR = {"whitcombe": ["TS-20471"], "ouimet": ["TS-20434"], "dana whitcombe": [], "rafael ouimet": []}


def search_page(w, st, q):
    ql = q.lower()
    ids = [t for t in w.all_ids() if ql in w.row(t)[1].lower() or ql == t.lower()]
    wk_order = {"17 Mar 2024": 0, "10 Mar 2024": 1, "3 Mar 2024": 2, "25 Feb 2024": 3}
    rows = sorted((w.row(t) for t in ids), key=lambda r: (wk_order[r[4]], r[1], r[0]))
    people = sorted({r[2] for r in rows}, key=lambda e: PEOPLE[e][0])
    similar = [w.row(t) for t in SIMILAR.get(ql, [])]

    def body(ax):
        ax(2, "heading", f"Search results for {q!r}", "level=1")
        ax.t(2, f"{len(rows) + len(people)} results")
        ax(2, "tablist", "Result types")
        ax(3, "tab", f"All ({len(rows) + len(people)})", "clickable", "selected=True")
        ax(3, "tab", f"Timesheets ({len(rows)})", "clickable", "selected=False")
        ax(3, "tab", f"People ({len(people)})", "clickable", "selected=False")
        ax(2, "heading", f"Timesheets ({len(rows)})", "level=2")
        ax(2, "list", "Timesheet results")
        for r in rows:
            status = "Submitted (resubmitted)" if r[0] == "TS-20381" else r[6]
            ax(3, "listitem", "")
            ax(4, "link", r[0], "clickable")
            ax.t(4, f"{r[1]} · {r[3]} · Week ending {r[4]} · {fh(r[5])} h · {status}")
        ax(2, "heading", f"People ({len(people)})", "level=2")
        ax(2, "list", "People results")
        for e in people:
            name, team, job = PEOPLE[e]
            ax(3, "listitem", "")
            ax(4, "link", name, "clickable")
            ax.t(4, f"{e} · {team} · {job}")
        if similar:
            ax(2, "heading", "Similar names", "level=2")
            ax(2, "list", "Similar names")
            for r in similar:
                ax(3, "listitem", "")
                ax(4, "link", r[0], "clickable")
                ax.t(4, f"{r[1]} · {r[3]} · Week ending {r[4]} · {fh(r[5])} h · {r[6]}")
    url = f"{BASE}/search?q={q.replace(' ', '+')}"
    return page(st, f"Search results for {q!r}", url, None, ["Home", "Search"], body, search_value=q)


def _short_week(week):
    return "w/e " + week.replace(" 2024", "")


def detail_page(w, st, tid, toast=None, dialog=None, search_value=None, visit=True):
    t = w.ts[tid]
    name, team, job = PEOPLE[t["eid"]]
    tot = w.total(tid)
    days = WEEK_DAYS[t["week"]]

    def body(ax):
        ax(2, "heading", f"Timesheet {tid}", "level=1")
        ax.t(2, f"{name} · {t['eid']} · {team} · Week ending {t['week']}")
        ax(2, "link", "View employee profile", "clickable")
        ax.t(2, f"Status: {t['status']}")
        if t["status"] == "Approved":
            ax.t(2, f"Approved by {USER} · {t['approved']}")
        else:
            ax.t(2, f"Submitted {t['submitted']}")
        ax.t(2, f"Total hours: {fh(tot)} (regular {fh(min(40.0, tot))}, overtime {fh(max(0.0, tot - 40))})")
        ax(2, "toolbar", "Timesheet actions")
        if t["status"] == "Submitted":
            ax(3, "button", "Approve week", "clickable")
            ax(3, "button", "Return to employee", "clickable")
        ax(3, "button", "Correct an entry", "clickable")
        ax(3, "link", "Download PDF", "clickable")
        ax(2, "table", "Time entries")
        ax(3, "row", "")
        for h in ["Day", "Clock in", "Clock out", "Unpaid break", "Hours", "Cost code", "Note", "Actions"]:
            ax(4, "columnheader", h)
        for d in days:
            ax(3, "row", "")
            ax(4, "cell", d)
            if d in t["entries"]:
                cin, cout, brk, code, note = t["entries"][d]
                for c in [cin, cout, f"{brk} min", fh(hours(cin, cout, brk)), code, note]:
                    ax(4, "cell", c)
                ax(4, "cell", "")
                ax(5, "button", f"Correct {d} entry", "clickable")
            else:
                ax(4, "cell", "No entry")
                for _ in range(6):
                    ax(4, "cell", "")
        ax(3, "row", "")
        ax(4, "cell", "Week total")
        for c in ["", "", "", fh(tot), "", "", ""]:
            ax(4, "cell", c)
        ax(2, "region", "Corrections on this timesheet")
        ax(3, "heading", "Corrections on this timesheet", "level=2")
        if t["corrections"]:
            ax(3, "list", "")
            for c in t["corrections"]:
                ax(4, "listitem", "")
                ax(5, "link", c["id"], "clickable")
                ax.t(5, f"{c['day']} · clock out {c['old_out']} → {c['new_out']} · {c['reason']} · {c['state']}")
        else:
            ax.t(3, "No corrections recorded.")
        ax(2, "region", f"Other timesheets for {name}")
        ax(3, "heading", f"Other timesheets for {name}", "level=2")
        ax(3, "list", "")
        others = [w.row(x) for x in w.all_ids() if x != tid and w.row(x)[2] == t["eid"]]
        wk_order = {"17 Mar 2024": 0, "10 Mar 2024": 1, "3 Mar 2024": 2, "25 Feb 2024": 3}
        for r in sorted(others, key=lambda r: wk_order[r[4]]):
            ax(4, "listitem", "")
            ax(5, "link", f"{r[0]} · {_short_week(r[4])} · {r[6]}", "clickable")
        ax(2, "region", "Activity")
        ax(3, "heading", "Activity", "level=2")
        ax(3, "list", "")
        for a in t["activity"]:
            ax(4, "listitem", "")
            ax.t(5, a)
    if visit:  # the server records the view before it renders the page
        st.visit(f"{tid} · {name} · {_short_week(t['week'])}")
    return page(st, f"Timesheet {tid} – {name}", f"{BASE}/timesheets/{tid}", "Approvals",
                ["Home", "Approvals", tid], body, toast=toast, dialog=dialog, search_value=search_value)


def approve_dialog(w, tid, checked=False, comment=""):
    t = w.ts[tid]
    name = PEOPLE[t["eid"]][0]
    tot = w.total(tid)

    def dlg(ax):
        ax(1, "dialog", f"Approve timesheet {tid}?", "modal=True")
        ax(2, "heading", f"Approve timesheet {tid}?", "level=2")
        ax.t(2, f"{name} · Week ending {t['week']} · {fh(tot)} hours ({fh(max(0.0, tot - 40))} overtime)")
        ax.t(2, "Approved hours are sent to payroll run PR-2024-10 and can only be changed afterwards by a correction.")
        ax(2, "textbox", "Comment for the employee (optional)", "clickable", value=comment or None)
        ax(2, "checkbox", "I confirm these hours are accurate", "clickable", f"checked={'true' if checked else 'false'!r}")
        ax(2, "button", "Cancel", "clickable")
        ax(2, "button", "Approve", "clickable", *([] if checked else ["disabled=True"]))
    return dlg


def do_approve(w, tid, when, comment=""):
    t = w.ts[tid]
    t["status"] = "Approved"
    t["approved"] = f"Mon 11 Mar 2024 {when}"
    t["activity"].insert(0, f"Approved by {USER} · Mon 11 Mar 2024 {when}"
                         + (f" · “{comment}”" if comment else ""))
    return (f"Timesheet {tid} approved. Hours will be paid in payroll run PR-2024-10 "
            f"(pay date Fri 15 Mar 2024).")


def access_denied(w, st, tid):
    def body(ax):
        ax(2, "heading", "You can’t approve this timesheet", "level=1")
        ax.t(2, "Error 403")
        ax.t(2, "Your approval delegation for Custodial Services (from Lena Brandt) ended on Sun 10 Mar 2024. "
                "Ask a Tallyhour administrator to renew it, or ask Lena Brandt to approve.")
        ax(2, "link", f"Back to timesheet {tid}", "clickable")
        ax(2, "link", "View my delegations", "clickable")
    return page(st, "Access denied", f"{BASE}/timesheets/{tid}/approve", "Approvals",
                ["Home", "Approvals", tid, "Access denied"], body)


def profile_page(w, st, eid):
    name, team, job = PEOPLE[eid]
    rows = [w.row(x) for x in w.all_ids() if w.row(x)[2] == eid]
    wk_order = {"17 Mar 2024": 0, "10 Mar 2024": 1, "3 Mar 2024": 2, "25 Feb 2024": 3}
    rows.sort(key=lambda r: wk_order[r[4]])

    def body(ax):
        ax(2, "heading", name, "level=1")
        ax.t(2, f"{eid} · {team} · {job} · Line manager: {USER}")
        ax.t(2, "Contract: 40 h/week, hourly, weekly pay group")
        ax(2, "tablist", "Employee sections")
        ax(3, "tab", "Timesheets", "clickable", "selected=True")
        ax(3, "tab", "Details", "clickable", "selected=False")
        ax(3, "tab", "Leave", "clickable", "selected=False")
        ax(2, "tabpanel", "Timesheets")
        ax(3, "table", f"Timesheets for {name}")
        ax(4, "row", "")
        for h in ["Timesheet", "Week ending", "Hours", "Status"]:
            ax(5, "columnheader", h)
        for r in rows:
            ax(4, "row", "")
            ax(5, "cell", "")
            ax(6, "link", r[0], "clickable")
            ax(5, "cell", r[4])
            ax(5, "cell", fh(r[5]))
            ax(5, "cell", r[6])
    st.visit(f"{eid} · {name}")
    return page(st, f"{name} – Employees", f"{BASE}/employees/{eid}", "Employees",
                ["Home", "Employees", name], body)


def _entry_label(w, tid, d):
    cin, cout, brk, code, note = w.ts[tid]["entries"][d]
    return f"{d} · {cin}–{cout} · {fh(hours(cin, cout, brk))} h"


def _progress(ax, step):
    ax(2, "list", "Progress")
    for i, lab in enumerate(["Choose entry", "Edit times", "Review and submit"], 1):
        ax(3, "listitem", f"Step {i} of 3 {lab}", *(["current='step'"] if i == step else []))


def wizard_step1(w, st, tid, chosen=None):
    t = w.ts[tid]
    name = PEOPLE[t["eid"]][0]

    def body(ax):
        ax(2, "heading", "Correct a time entry", "level=1")
        ax.t(2, f"Timesheet {tid} · {name} · Week ending {t['week']}")
        _progress(ax, 1)
        ax(2, "radiogroup", "Which entry needs correcting?", "required")
        for d in WEEK_DAYS[t["week"]]:
            if d in t["entries"]:
                ax(3, "radio", _entry_label(w, tid, d), "clickable",
                   f"checked={'true' if d == chosen else 'false'!r}")
        ax(2, "button", "Next: edit times", "clickable")
        ax(2, "link", "Cancel correction", "clickable")
    return page(st, f"Correct a time entry – {tid}", f"{BASE}/timesheets/{tid}/corrections/new?step=1",
                "Approvals", ["Home", "Approvals", tid, "Correct an entry"], body)


def wizard_step2(w, st, tid, day, form, alert=None, toast=None, banner=None):
    t = w.ts[tid]
    name = PEOPLE[t["eid"]][0]
    cin, cout, brk, code, note = t["entries"][day]
    calc = hours(form["in"], form["out"], form["brk"])

    def body(ax):
        ax(2, "heading", "Correct a time entry", "level=1")
        ax.t(2, f"Timesheet {tid} · {name} · Week ending {t['week']}")
        if banner:
            ax(2, "note", "")
            ax.t(3, banner)
            ax(3, "button", "Discard draft", "clickable")
        if alert:
            ax(2, "alert", "", "live='assertive'", "atomic=True")
            ax(3, "heading", "There is a problem", "level=2")
            ax(3, "link", alert, "clickable")
        _progress(ax, 2)
        ax(2, "heading", f"{day} 2024", "level=2")
        ax.t(2, f"Recorded {cin}–{cout}, {brk} min unpaid break, {fh(hours(cin, cout, brk))} h · Cost code {code}")
        ax(2, "textbox", "Clock in", "clickable", "required", value=form["in"])
        ax(2, "textbox", "Clock out", "clickable", "required", value=form["out"])
        ax(2, "spinbutton", "Unpaid break (minutes)", "clickable", "valuemin=0", "valuemax=120", value=str(form["brk"]))
        props = ["clickable", "required", "hasPopup='menu'", "expanded=False"]
        if alert:
            props.append("invalid='true'")
        ax(2, "combobox", "Reason code", *props)
        for r in REASONS:
            ax(3, "option", r, f"selected={r == form['reason']}")
        if alert:
            ax.t(2, "Select a reason code for this correction")
        ax(2, "textbox", "Note to payroll (optional)", "clickable", value=form["note"] or None)
        ax.t(2, f"Calculated hours: {fh(calc)}")
        ax(2, "button", "Continue to review", "clickable")
        ax(2, "button", "Save draft", "clickable")
        ax(2, "button", "Back", "clickable")
        ax(2, "link", "Cancel correction", "clickable")
    url = f"{BASE}/timesheets/{tid}/corrections/new?step=2&entry={DAY_ISO[day]}"
    return page(st, f"Correct a time entry – {tid}", url, "Approvals",
                ["Home", "Approvals", tid, "Correct an entry"], body, toast=toast)


def _week_after(w, tid, day, form):
    t = w.ts[tid]
    cin, cout, brk = t["entries"][day][:3]
    old_day = hours(cin, cout, brk)
    new_day = hours(form["in"], form["out"], form["brk"])
    old_tot = w.total(tid)
    return old_day, new_day, old_tot, old_tot - old_day + new_day


def wizard_step3(w, st, tid, day, form, alert=None, toast=None):
    t = w.ts[tid]
    name = PEOPLE[t["eid"]][0]
    cin, cout, brk, code, note = t["entries"][day]
    old_day, new_day, old_tot, new_tot = _week_after(w, tid, day, form)

    def body(ax):
        ax(2, "heading", "Correct a time entry", "level=1")
        ax.t(2, f"Timesheet {tid} · {name} · Week ending {t['week']}")
        if alert:
            ax(2, "alert", "", "live='assertive'", "atomic=True")
            ax(3, "heading", alert[0], "level=2")
            ax.t(3, alert[1])
        _progress(ax, 3)
        ax(2, "heading", "Review your correction", "level=2")
        ax.t(2, f"Entry: {day} 2024")
        ax(2, "table", "Changes")
        ax(3, "row", "")
        for h in ["Field", "Recorded", "Corrected"]:
            ax(4, "columnheader", h)
        changes = []
        if form["in"] != cin:
            changes.append(("Clock in", cin, form["in"]))
        if form["out"] != cout:
            changes.append(("Clock out", cout, form["out"]))
        if form["brk"] != brk:
            changes.append(("Unpaid break", f"{brk} min", f"{form['brk']} min"))
        changes += [("Hours", fh(old_day), fh(new_day)), ("Week total", fh(old_tot), fh(new_tot)),
                    ("Overtime", fh(max(0.0, old_tot - 40)), fh(max(0.0, new_tot - 40)))]
        for f, a, b in changes:
            ax(3, "row", "")
            ax(4, "cell", f)
            ax(4, "cell", a)
            ax(4, "cell", b)
        ax.t(2, f"Reason code: {form['reason']}")
        ax.t(2, f"Note to payroll: {form['note'] or '—'}")
        ax.t(2, f"{name} will be notified. The correction is applied before payroll run PR-2024-10 is calculated.")
        ax(2, "button", "Submit correction", "clickable")
        ax(2, "button", "Back", "clickable")
        ax(2, "button", "Save draft", "clickable")
    url = f"{BASE}/timesheets/{tid}/corrections/new?step=3&entry={DAY_ISO[day]}"
    return page(st, f"Correct a time entry – {tid}", url, "Approvals",
                ["Home", "Approvals", tid, "Correct an entry"], body, toast=toast)


def apply_correction(w, tid, day, form, state="Applied"):
    t = w.ts[tid]
    old = list(t["entries"][day])
    old_day, new_day, old_tot, new_tot = _week_after(w, tid, day, form)
    cid = f"COR-{w.next_cor}"
    w.next_cor += 1
    t["entries"][day] = [form["in"], form["out"], form["brk"], old[3], old[4]]
    t["corrections"].append(dict(id=cid, day=day, old_out=old[1], new_out=form["out"],
                                 reason=form["reason"], state=state))
    t["activity"].insert(0, f"Correction {cid} ({day}) by {USER} · Mon 11 Mar 2024")
    return dict(id=cid, old=old, old_day=old_day, new_day=new_day, old_tot=old_tot, new_tot=new_tot)


def confirmation_page(w, st, tid, info, form, day):
    t = w.ts[tid]
    name = PEOPLE[t["eid"]][0]
    cid = info["id"]

    def body(ax):
        ax(2, "heading", f"Correction {cid} submitted", "level=1")
        ax(2, "status", "", "live='polite'")
        ax.t(3, f"Correction applied to timesheet {tid}.")
        ax.t(2, f"{day} 2024: clock out {info['old'][1]} → {form['out']} · "
                f"{fh(info['old_day'])} h → {fh(info['new_day'])} h")
        ax.t(2, f"Timesheet {tid} total: {fh(info['new_tot'])} h (was {fh(info['old_tot'])} h)")
        ax.t(2, f"Reason: {form['reason']}")
        if form["note"]:
            ax.t(2, f"Note to payroll: {form['note']}")
        ax.t(2, f"{name} has been notified by email.")
        ax(2, "region", "Corrections on this timesheet")
        ax(3, "heading", "Corrections on this timesheet", "level=2")
        ax(3, "list", "")
        for c in t["corrections"]:
            ax(4, "listitem", "")
            ax(5, "link", c["id"], "clickable")
            ax.t(5, f"{c['day']} · clock out {c['old_out']} → {c['new_out']} · {c['reason']} · {c['state']}")
        ax(2, "link", f"Back to timesheet {tid}", "clickable")
        ax(2, "link", "Return to approvals queue", "clickable")
    return page(st, f"Correction {cid}", f"{BASE}/timesheets/{tid}/corrections/{cid}", "Approvals",
                ["Home", "Approvals", tid, cid], body)


# --------------------------------------------------------------------------------------
# Run builder
# --------------------------------------------------------------------------------------

LINE_RE = re.compile(r"^\t*\[(\d+)\] (\S+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")")


def find_bid(text, role, name, nth=0):
    hits = []
    for line in text.split("\n"):
        m = LINE_RE.match(line)
        if m and m.group(2) == role and m.group(3) == repr(name):
            hits.append(m.group(1))
    if len(hits) <= nth:
        raise LookupError(f"no {role} {name!r} on page")
    if nth == 0 and len(hits) > 1:
        raise LookupError(f"ambiguous {role} {name!r} ({len(hits)} hits); pass nth")
    return hits[nth]


class Run:
    def __init__(self, workflow, kind, num, start, notes=""):
        self.workflow = workflow
        self.kind = kind
        self.num = num
        self.obs = start
        self.start = start
        self.steps = []
        self.fault_step = None
        self.notes = notes

    def _add(self, commitment, command, reasoning, target, effect, obs, fault):
        if fault:
            assert self.fault_step is None
            self.fault_step = len(self.steps)
        self.steps.append({"commitment": commitment,
                           "action": {"command": command, "reasoning": reasoning,
                                      "target": target, "effect": effect},
                           "observation": obs})
        self.obs = obs

    def click(self, role, name, obs, c, why, effect="read", fault=False, nth=0):
        b = find_bid(self.obs["text"], role, name, nth)
        self._add(c, f"click({b!r})", why, f"{role} {name!r}", effect, obs, fault)

    def fill(self, role, name, value, obs, c, why, effect="write", fault=False):
        b = find_bid(self.obs["text"], role, name)
        self._add(c, f"fill({b!r}, {value!r})", why, f"{role} {name!r}", effect, obs, fault)

    def press(self, role, name, key, obs, c, why, effect="read", fault=False):
        b = find_bid(self.obs["text"], role, name)
        self._add(c, f"press({b!r}, {key!r})", why, f"{role} {name!r}", effect, obs, fault)

    def select(self, role, name, option, obs, c, why, effect="read", fault=False):
        b = find_bid(self.obs["text"], role, name)
        self._add(c, f"select_option({b!r}, {option!r})", why, f"{role} {name!r}", effect, obs, fault)

    def check(self, role, name, obs, c, why, effect="write", fault=False):
        b = find_bid(self.obs["text"], role, name)
        self._add(c, f"check({b!r})", why, f"{role} {name!r}", effect, obs, fault)

    def goto(self, url, obs, c, why, fault=False):
        self._add(c, f"goto({url!r})", why, url, "read", obs, fault)

    def say(self, msg, c, why, fault=False):
        self._add(c, f"send_msg_to_user({msg!r})", why, "user", "read", dict(self.obs), fault)

    def record(self, task):
        healthy = self.kind == "healthy"
        assert healthy == (self.fault_step is None), (self.kind, self.fault_step)
        rec = {
            "id": f"{self.workflow}-{self.kind}-{self.num:02d}",
            "workflow": self.workflow,
            "task": task,
            "plan": f"plans/{self.workflow}.yaml",
            "label": {"fault": None if healthy else self.kind,
                      "first_off_track_step": None if healthy else self.fault_step},
            "initial_observation": self.start,
            "steps": self.steps,
            "outcome": {"success": healthy},
        }
        if self.notes:
            rec["notes"] = self.notes
        return rec


def new_run(workflow, kind, num, start_fn, notes=""):
    w, st = World(), State()
    r = Run(workflow, kind, num, start_fn(w, st), notes)
    return r, w, st


def when():
    return f"09:{RNG.randint(10, 58):02d}"


# --------------------------------------------------------------------------------------
# Workflow 1: approve_week (target TS-20417, Dana Whitcombe, w/e 10 Mar 2024)
# --------------------------------------------------------------------------------------

T = "TS-20417"
CONFIRM = "I confirm these hours are accurate"
COMMENT = "Thursday overtime agreed for the Block C deep clean."


def approve_tail(r, w, st, tid, comment=None, dismiss_after=False, report=True):
    """Approve week -> (comment) -> confirm checkbox -> Approve -> report."""
    r.click("button", "Approve week", detail_page(w, st, tid, dialog=approve_dialog(w, tid), visit=False),
            "approve-week", "Open the approval dialog for this week")
    if comment:
        r.fill("textbox", "Comment for the employee (optional)", comment,
               detail_page(w, st, tid, dialog=approve_dialog(w, tid, comment=comment), visit=False),
               "approve-week", "Leave a short note about the overtime for the employee")
    r.check("checkbox", CONFIRM,
            detail_page(w, st, tid, dialog=approve_dialog(w, tid, True, comment or ""), visit=False),
            "approve-week", "Tick the accuracy confirmation so Approve is enabled")
    toast = do_approve(w, tid, when(), comment or "")
    r.click("button", "Approve", detail_page(w, st, tid, toast=toast, visit=False), "approve-week",
            "Confirm the approval", effect="irreversible")
    if dismiss_after:
        r.click("button", "Dismiss notification", detail_page(w, st, tid, visit=False), "report-back",
                "Close the confirmation toast; the status line still shows Approved")
    if report:
        r.say(f"Done: timesheet {tid} for Dana Whitcombe (week ending 10 Mar 2024, 43.5 h) is approved "
              "and will be paid in payroll run PR-2024-10.", "report-back",
              "Status shows Approved and the confirmation mentions PR-2024-10")


def healthy_approve():
    runs = []
    # 01: search by surname from the dashboard
    r, w, st = new_run("approve_week", "healthy", 1, lambda w, st: dashboard(w, st))
    r.fill("searchbox", "Search timesheets and people", "Whitcombe",
           dashboard(w, st, search_value="Whitcombe"), "find-timesheet",
           "Search for the employee by surname", effect="read")
    r.press("searchbox", "Search timesheets and people", "Enter", search_page(w, st, "Whitcombe"),
            "find-timesheet", "Run the search")
    r.click("link", T, detail_page(w, st, T), "open-timesheet",
            "TS-20417 is Dana Whitcombe, week ending 10 Mar 2024, 43.5 h")
    approve_tail(r, w, st, T)
    runs.append(r)

    # 02: approvals queue, paging to page 3, comment filled in
    r, w, st = new_run("approve_week", "healthy", 2, lambda w, st: queue_page(w, st))
    r.click("link", "Next page", queue_page(w, st, pg=2), "find-timesheet",
            "Queue is sorted by surname; Whitcombe will be further on")
    r.click("link", "Next page", queue_page(w, st, pg=3), "find-timesheet", "Still before W; go on")
    r.click("link", T, detail_page(w, st, T), "open-timesheet", "Dana Whitcombe's row for week ending 10 Mar 2024")
    approve_tail(r, w, st, T, comment=COMMENT)
    runs.append(r)

    # 03: dismiss a toast, go to the queue, re-sort Z-A
    r, w, st = new_run("approve_week", "healthy", 3, lambda w, st: dashboard(w, st, toast=TOAST_OT))
    r.click("button", "Dismiss notification", dashboard(w, st), "find-timesheet", "Clear the overtime reminder")
    r.click("link", "Approvals", queue_page(w, st), "find-timesheet", "Open the approvals queue")
    r.select("combobox", "Sort by", "Employee (Z–A)", queue_page(w, st, sort="Employee (Z–A)"),
             "find-timesheet", "Reverse the sort so the W surnames come first")
    r.click("link", T, detail_page(w, st, T), "open-timesheet", "TS-20417 is Dana Whitcombe (not Diana)")
    approve_tail(r, w, st, T)
    runs.append(r)

    # 04: search by id (redirects straight to the record), dismiss the success toast
    r, w, st = new_run("approve_week", "healthy", 4, lambda w, st: queue_page(w, st, toast=TOAST_CUTOFF))
    r.fill("searchbox", "Search timesheets and people", T, queue_page(w, st, toast=TOAST_CUTOFF, search_value=T),
           "open-timesheet", "I know the id; search for it directly", effect="read")
    r.click("button", "Search", detail_page(w, st, T, toast=TOAST_CUTOFF), "open-timesheet",
            "An exact id match opens the record")
    approve_tail(r, w, st, T, dismiss_after=True)
    runs.append(r)
    return runs


def faulty_approve():
    runs = []
    # wrong_record: opens the near miss TS-20418 (Diana Whitcombe) from the search results
    r, w, st = new_run("approve_week", "wrong_record", 1, lambda w, st: dashboard(w, st),
                       "Opens TS-20418 (Diana Whitcombe, same team and week) instead of TS-20417 and approves it.")
    r.fill("searchbox", "Search timesheets and people", "Whitcombe",
           dashboard(w, st, search_value="Whitcombe"), "find-timesheet",
           "Search for the employee by surname", effect="read")
    r.press("searchbox", "Search timesheets and people", "Enter", search_page(w, st, "Whitcombe"),
            "find-timesheet", "Run the search")
    r.click("link", "TS-20418", detail_page(w, st, "TS-20418"), "open-timesheet",
            "Whitcombe, Custodial Services, week ending 10 Mar 2024: open it", fault=True)
    r.click("button", "Approve week",
            detail_page(w, st, "TS-20418", dialog=approve_dialog(w, "TS-20418"), visit=False),
            "approve-week", "Open the approval dialog")
    r.check("checkbox", CONFIRM,
            detail_page(w, st, "TS-20418", dialog=approve_dialog(w, "TS-20418", True), visit=False),
            "approve-week", "Tick the confirmation")
    toast = do_approve(w, "TS-20418", when())
    r.click("button", "Approve", detail_page(w, st, "TS-20418", toast=toast, visit=False), "approve-week",
            "Confirm the approval", effect="irreversible")
    r.say("Done: the Whitcombe timesheet for week ending 10 Mar 2024 is approved for payroll run PR-2024-10.",
          "report-back", "The confirmation toast says approved")
    runs.append(r)

    # dialog_cancelled: clicks Cancel in the approval dialog, then reports success
    r, w, st = new_run("approve_week", "dialog_cancelled", 1, lambda w, st: queue_page(w, st),
                       "Closes the approval dialog with Cancel; the timesheet stays Submitted.")
    r.select("combobox", "Sort by", "Employee (Z–A)", queue_page(w, st, sort="Employee (Z–A)"),
             "find-timesheet", "Reverse the sort so the W surnames come first")
    r.click("link", T, detail_page(w, st, T), "open-timesheet", "Dana Whitcombe, week ending 10 Mar 2024")
    r.click("button", "Approve week", detail_page(w, st, T, dialog=approve_dialog(w, T), visit=False),
            "approve-week", "Open the approval dialog")
    r.check("checkbox", CONFIRM, detail_page(w, st, T, dialog=approve_dialog(w, T, True), visit=False),
            "approve-week", "Tick the confirmation")
    r.click("button", "Cancel", detail_page(w, st, T, visit=False), "approve-week",
            "Close the dialog to finish", fault=True)
    r.say("TS-20417 for Dana Whitcombe (week ending 10 Mar 2024) has been approved.", "report-back",
          "Approval confirmed in the dialog")
    runs.append(r)

    # wrong_filter: sets the week filter to 3 Mar 2024 and approves the late TS-20381 instead
    r, w, st = new_run("approve_week", "wrong_filter", 1, lambda w, st: queue_page(w, st),
                       "Filter panel week set to 3 Mar 2024; approves Dana Whitcombe's resubmitted "
                       "TS-20381 (previous week) instead of TS-20417.")
    r.click("button", "Filters", queue_page(w, st, filters_open=True), "find-timesheet",
            "Narrow the queue to Dana's team")
    r.select("combobox", "Team", "Custodial Services",
             queue_page(w, st, filters_open=True, pending={"team": "Custodial Services"}),
             "find-timesheet", "Custodial Services only")
    r.select("combobox", "Week ending", "3 Mar 2024",
             queue_page(w, st, filters_open=True, pending={"team": "Custodial Services", "week": "3 Mar 2024"}),
             "find-timesheet", "Pick the pay week", fault=True)
    r.click("button", "Apply filters", queue_page(w, st, week="3 Mar 2024", team="Custodial Services"),
            "find-timesheet", "Apply the filters")
    r.click("link", "TS-20381", detail_page(w, st, "TS-20381"), "open-timesheet",
            "Dana Whitcombe's submitted timesheet in the filtered list")
    r.click("button", "Approve week",
            detail_page(w, st, "TS-20381", dialog=approve_dialog(w, "TS-20381"), visit=False),
            "approve-week", "Open the approval dialog")
    r.check("checkbox", CONFIRM,
            detail_page(w, st, "TS-20381", dialog=approve_dialog(w, "TS-20381", True), visit=False),
            "approve-week", "Tick the confirmation")
    toast = do_approve(w, "TS-20381", when())
    r.click("button", "Approve", detail_page(w, st, "TS-20381", toast=toast, visit=False), "approve-week",
            "Confirm the approval", effect="irreversible")
    r.say("Dana Whitcombe's timesheet is approved and will be paid in payroll run PR-2024-10.",
          "report-back", "Toast confirms approval")
    runs.append(r)

    # permission_denied: the approve POST is refused (delegation expired)
    r, w, st = new_run("approve_week", "permission_denied", 1, lambda w, st: queue_page(w, st),
                       "Approve is refused with a 403 page (approval delegation ended); the agent goes back "
                       "and reports success anyway.")
    r.click("link", "Page 3", queue_page(w, st, pg=3), "find-timesheet", "W surnames are on the last page")
    r.click("link", T, detail_page(w, st, T), "open-timesheet", "Dana Whitcombe, week ending 10 Mar 2024")
    r.click("button", "Approve week", detail_page(w, st, T, dialog=approve_dialog(w, T), visit=False),
            "approve-week", "Open the approval dialog")
    r.check("checkbox", CONFIRM, detail_page(w, st, T, dialog=approve_dialog(w, T, True), visit=False),
            "approve-week", "Tick the confirmation")
    r.click("button", "Approve", access_denied(w, st, T), "approve-week", "Confirm the approval",
            effect="irreversible", fault=True)
    r.click("link", f"Back to timesheet {T}", detail_page(w, st, T, visit=False), "approve-week",
            "Return to the timesheet")
    r.say("TS-20417 (Dana Whitcombe, week ending 10 Mar 2024) has been processed for payroll run PR-2024-10.",
          "report-back", "Back on the timesheet after approving")
    runs.append(r)

    # silent_noop: Approve closes the dialog but nothing happens
    r, w, st = new_run("approve_week", "silent_noop", 1, lambda w, st: dashboard(w, st),
                       "Approve closes the dialog without saving: no toast, status still Submitted.")
    r.fill("searchbox", "Search timesheets and people", "Dana Whitcombe",
           dashboard(w, st, search_value="Dana Whitcombe"), "find-timesheet", "Search by full name",
           effect="read")
    r.click("button", "Search", search_page(w, st, "Dana Whitcombe"), "find-timesheet", "Run the search")
    r.click("link", T, detail_page(w, st, T), "open-timesheet", "Week ending 10 Mar 2024 is TS-20417")
    r.click("button", "Approve week", detail_page(w, st, T, dialog=approve_dialog(w, T), visit=False),
            "approve-week", "Open the approval dialog")
    r.check("checkbox", CONFIRM, detail_page(w, st, T, dialog=approve_dialog(w, T, True), visit=False),
            "approve-week", "Tick the confirmation")
    r.click("button", "Approve", detail_page(w, st, T, visit=False), "approve-week", "Confirm the approval",
            effect="irreversible", fault=True)
    r.say("Approved TS-20417 for Dana Whitcombe (43.5 h, week ending 10 Mar 2024).", "report-back",
          "Dialog closed after Approve")
    runs.append(r)

    # premature_done: reports success with the dialog still open, Approve never clicked
    r, w, st = new_run("approve_week", "premature_done", 1, lambda w, st: dashboard(w, st, toast=TOAST_CUTOFF),
                       "Reports the approval while the confirmation dialog is still open; Approve never clicked.")
    r.click("link", "Review approvals queue", queue_page(w, st, toast=TOAST_CUTOFF), "find-timesheet",
            "Open the approvals queue from the dashboard card")
    r.select("combobox", "Sort by", "Employee (Z–A)",
             queue_page(w, st, sort="Employee (Z–A)", toast=TOAST_CUTOFF), "find-timesheet",
             "Reverse the sort so the W surnames come first")
    r.click("link", T, detail_page(w, st, T, toast=TOAST_CUTOFF), "open-timesheet",
            "Dana Whitcombe, week ending 10 Mar 2024")
    r.click("button", "Approve week",
            detail_page(w, st, T, toast=TOAST_CUTOFF, dialog=approve_dialog(w, T), visit=False),
            "approve-week", "Open the approval dialog")
    r.fill("textbox", "Comment for the employee (optional)", COMMENT,
           detail_page(w, st, T, toast=TOAST_CUTOFF, dialog=approve_dialog(w, T, comment=COMMENT), visit=False),
           "approve-week", "Note the agreed overtime")
    r.check("checkbox", CONFIRM,
            detail_page(w, st, T, toast=TOAST_CUTOFF, dialog=approve_dialog(w, T, True, COMMENT), visit=False),
            "approve-week", "Tick the confirmation")
    r.say("TS-20417 is approved with a note about the Thursday overtime.", "report-back",
          "Everything is filled in and confirmed", fault=True)
    runs.append(r)
    return runs


# --------------------------------------------------------------------------------------
# Workflow 2: correct_entry (target TS-20433, Rafael Ouimet, Wed 6 Mar clock-out 18:00 -> 16:00)
# --------------------------------------------------------------------------------------

C = "TS-20433"
DAY = "Wed 6 Mar"
REASON = "Missed clock-out"


def form0(w, tid=C, day=DAY):
    cin, cout, brk, code, note = w.ts[tid]["entries"][day]
    return {"in": cin, "out": cout, "brk": brk, "reason": "Select a reason", "note": ""}


def wizard_from_detail(r, w, st, via_row=False):
    """From the timesheet page to step 2 for Wed 6 Mar; returns the form dict."""
    f = form0(w)
    if via_row:
        r.click("button", f"Correct {DAY} entry", wizard_step2(w, st, C, DAY, f), "choose-entry",
                "Use the row action on the Wednesday entry")
    else:
        r.click("button", "Correct an entry", wizard_step1(w, st, C), "choose-entry", "Start the correction wizard")
        lab = _entry_label(w, C, DAY)
        r.click("radio", lab, wizard_step1(w, st, C, chosen=DAY), "choose-entry", "The Wednesday 6 Mar entry",
                effect="write")
        r.click("button", "Next: edit times", wizard_step2(w, st, C, DAY, f), "choose-entry", "Go to step 2")
    return f


def edit_times(r, w, st, f, out="16:00", reason=True, fault_out=False):
    f = dict(f, out=out)
    r.fill("textbox", "Clock out", out, wizard_step2(w, st, C, DAY, f), "edit-times",
           f"Clock-out should be {out}", fault=fault_out)
    if reason:
        f = dict(f, reason=REASON)
        r.select("combobox", "Reason code", REASON, wizard_step2(w, st, C, DAY, f), "edit-times",
                 "Reason: missed clock-out", effect="write")
    return f


def review_and_submit(r, w, st, f, report=True):
    r.click("button", "Continue to review", wizard_step3(w, st, C, DAY, f), "edit-times", "Check the summary")
    info = apply_correction(w, C, DAY, f)
    r.click("button", "Submit correction", confirmation_page(w, st, C, info, f, DAY), "submit-correction",
            "Summary shows 18:00 → 16:00 and 9.5 → 7.5 h; submit", effect="irreversible")
    if report:
        r.say(f"Submitted correction {info['id']} on TS-20433: Wed 6 Mar clock-out is now {f['out']} "
              f"({fh(info['new_day'])} h), reason {f['reason']}. Week total {fh(info['new_tot'])} h.",
              "report-back", "Confirmation page shows the correction applied")
    return info


def open_by_search(r, w, st, start_is_dashboard, query, use_enter=True):
    sv = dict(search_value=query)
    before = dashboard(w, st, **sv) if start_is_dashboard else queue_page(w, st, **sv)
    r.fill("searchbox", "Search timesheets and people", query, before, "open-timesheet",
           "Search for the timesheet", effect="read")
    res = detail_page(w, st, C) if query == C else search_page(w, st, query)
    if use_enter:
        r.press("searchbox", "Search timesheets and people", "Enter", res, "open-timesheet", "Run the search")
    else:
        r.click("button", "Search", res, "open-timesheet", "Run the search")


def healthy_correct():
    runs = []
    # 01: search by surname, full wizard
    r, w, st = new_run("correct_entry", "healthy", 1, lambda w, st: dashboard(w, st))
    open_by_search(r, w, st, True, "Ouimet")
    r.click("link", C, detail_page(w, st, C), "open-timesheet", "Rafael Ouimet, week ending 10 Mar 2024")
    f = wizard_from_detail(r, w, st)
    f = edit_times(r, w, st, f)
    review_and_submit(r, w, st, f)
    runs.append(r)

    # 02: queue page 2, row action straight to step 2, note left empty
    r, w, st = new_run("correct_entry", "healthy", 2, lambda w, st: queue_page(w, st, toast=TOAST_CUTOFF))
    r.click("link", "Page 2", queue_page(w, st, pg=2, toast=TOAST_CUTOFF), "open-timesheet",
            "Ouimet is in the middle of the alphabet")
    r.click("link", C, detail_page(w, st, C, toast=TOAST_CUTOFF), "open-timesheet",
            "Rafael Ouimet (not Raphael Ouellet)")
    f = wizard_from_detail(r, w, st, via_row=True)
    f = edit_times(r, w, st, f)
    review_and_submit(r, w, st, f)
    runs.append(r)

    # 03: save a draft, reload, resume, submit
    r, w, st = new_run("correct_entry", "healthy", 3, lambda w, st: dashboard(w, st))
    open_by_search(r, w, st, True, C)
    f = wizard_from_detail(r, w, st)
    f = edit_times(r, w, st, f)
    saved = when()
    r.click("button", "Save draft",
            wizard_step2(w, st, C, DAY, f, toast=f"Draft saved at {saved}. Resume it from timesheet {C}."),
            "edit-times", "Save progress before reviewing", effect="write")
    url = f"{BASE}/timesheets/{C}/corrections/new?step=2&entry={DAY_ISO[DAY]}"
    r.goto(url, wizard_step2(w, st, C, DAY, f, banner=f"Resumed your saved draft from {saved}."), "edit-times",
           "Reload to make sure the draft kept the values")
    review_and_submit(r, w, st, f)
    runs.append(r)

    # 04: people search -> employee profile -> timesheet; back from review to add a note
    r, w, st = new_run("correct_entry", "healthy", 4, lambda w, st: queue_page(w, st))
    open_by_search(r, w, st, False, "Rafael Ouimet", use_enter=False)
    r.click("link", "Rafael Ouimet", profile_page(w, st, "E-1042"), "open-timesheet", "Open his profile")
    r.click("link", C, detail_page(w, st, C), "open-timesheet", "This week's timesheet, week ending 10 Mar 2024")
    f = wizard_from_detail(r, w, st)
    f = edit_times(r, w, st, f)
    r.click("button", "Continue to review", wizard_step3(w, st, C, DAY, f), "edit-times", "Check the summary")
    r.click("button", "Back", wizard_step2(w, st, C, DAY, f), "edit-times",
            "Add a note for payroll before submitting")
    f = dict(f, note="Left site at 16:00; confirmed with site lead K. Moran.")
    r.fill("textbox", "Note to payroll (optional)", f["note"], wizard_step2(w, st, C, DAY, f), "edit-times",
           "Explain the correction")
    review_and_submit(r, w, st, f)
    runs.append(r)
    return runs


def faulty_correct():
    runs = []
    # wrong_value: types 17:00 instead of 16:00
    r, w, st = new_run("correct_entry", "wrong_value", 1, lambda w, st: dashboard(w, st),
                       "Clock-out typed as 17:00 (8.5 h) instead of 16:00; the correction is submitted.")
    open_by_search(r, w, st, True, "Ouimet")
    r.click("link", C, detail_page(w, st, C), "open-timesheet", "Rafael Ouimet, week ending 10 Mar 2024")
    f = wizard_from_detail(r, w, st)
    f = edit_times(r, w, st, f, out="17:00", fault_out=True)
    review_and_submit(r, w, st, f)
    runs.append(r)

    # required_field_skipped: reason code left unset; validation error; saves draft and reports done
    r, w, st = new_run("correct_entry", "required_field_skipped", 1, lambda w, st: queue_page(w, st),
                       "Continues without a reason code, gets a validation message, saves a draft and "
                       "reports the correction as done.")
    r.click("link", "Page 2", queue_page(w, st, pg=2), "open-timesheet", "Ouimet is on page 2")
    r.click("link", C, detail_page(w, st, C), "open-timesheet", "Rafael Ouimet's timesheet")
    f = wizard_from_detail(r, w, st, via_row=True)
    f = edit_times(r, w, st, f, reason=False)
    r.click("button", "Continue to review",
            wizard_step2(w, st, C, DAY, f, alert="Select a reason code for this correction"),
            "edit-times", "Times are right; continue", fault=True)
    r.click("button", "Save draft",
            wizard_step2(w, st, C, DAY, f, toast=f"Draft saved at {when()}. Resume it from timesheet {C}."),
            "edit-times", "Save the correction", effect="write")
    r.say("Saved the correction on TS-20433: Wed 6 Mar clock-out 16:00 (7.5 h).", "report-back",
          "Draft saved toast shown")
    runs.append(r)

    # stale_page: after Submit the app lands on the timesheet showing the old entry, no confirmation
    r, w, st = new_run("correct_entry", "stale_page", 1, lambda w, st: dashboard(w, st),
                       "Submit returns to the timesheet page, which still shows Wed 08:00–18:00 9.5 h and "
                       "42.0 h total with no confirmation; the correction was not recorded.")
    open_by_search(r, w, st, True, C)
    f = wizard_from_detail(r, w, st, via_row=True)
    f = edit_times(r, w, st, f)
    r.click("button", "Continue to review", wizard_step3(w, st, C, DAY, f), "edit-times", "Check the summary")
    r.click("button", "Submit correction", detail_page(w, st, C, visit=False), "submit-correction",
            "Summary is right; submit", effect="irreversible", fault=True)
    r.say("Correction submitted for TS-20433 (Wed 6 Mar, clock-out 16:00, Missed clock-out).", "report-back",
          "Returned to the timesheet after submitting")
    runs.append(r)

    # error_banner: submit refused with a lock error; agent goes back to the timesheet and reports done
    r, w, st = new_run("correct_entry", "error_banner", 1, lambda w, st: queue_page(w, st, toast=TOAST_CUTOFF),
                       "Submit is refused (timesheet locked during a payroll preview); the agent leaves via "
                       "the breadcrumb and reports success.")
    open_by_search(r, w, st, False, "Ouimet", use_enter=False)
    r.click("link", C, detail_page(w, st, C), "open-timesheet", "Rafael Ouimet, week ending 10 Mar 2024")
    f = wizard_from_detail(r, w, st)
    f = edit_times(r, w, st, f)
    r.click("button", "Continue to review", wizard_step3(w, st, C, DAY, f), "edit-times", "Check the summary")
    alert = ("Correction could not be saved",
             "Timesheet TS-20433 is locked while payroll run PR-2024-10 is being previewed by Payroll. "
             "Try again after 10:30. Reference ERR-409-LOCK.")
    r.click("button", "Submit correction", wizard_step3(w, st, C, DAY, f, alert=alert), "submit-correction",
            "Summary is right; submit", effect="irreversible", fault=True)
    r.click("link", C, detail_page(w, st, C, visit=False), "submit-correction",
            "Go back to the timesheet")
    r.say("The Wed 6 Mar entry on TS-20433 has been corrected to 16:00 (7.5 h).", "report-back",
          "Correction submitted")
    runs.append(r)

    # double_submit: clicks Submit again while the first submit is still saving -> duplicate correction
    r, w, st = new_run("correct_entry", "double_submit", 1, lambda w, st: dashboard(w, st),
                       "Clicks Submit correction a second time while 'Saving correction…' is showing; two "
                       "corrections (COR-5531, COR-5532) are recorded for the same entry.")
    open_by_search(r, w, st, True, "Ouimet")
    r.click("link", C, detail_page(w, st, C), "open-timesheet", "Rafael Ouimet, week ending 10 Mar 2024")
    f = wizard_from_detail(r, w, st, via_row=True)
    f = edit_times(r, w, st, f)
    r.click("button", "Continue to review", wizard_step3(w, st, C, DAY, f), "edit-times", "Check the summary")
    pending = wizard_step3(w, st, C, DAY, f, toast="Saving correction…")
    w2 = copy.deepcopy(w)
    apply_correction(w, C, DAY, f)  # the first submit lands on the server
    r.click("button", "Submit correction", pending, "submit-correction", "Summary is right; submit",
            effect="irreversible")
    # the second submit re-posts the original form, creating a duplicate correction
    info2 = apply_correction(w2, C, DAY, f)
    w.ts[C]["corrections"].append(dict(w2.ts[C]["corrections"][0], id="COR-5532", state="Pending payroll review"))
    info2["id"] = "COR-5532"
    r.click("button", "Submit correction", confirmation_page(w, st, C, info2, f, DAY), "submit-correction",
            "Nothing seems to have happened; submit again", effect="irreversible", fault=True)
    r.say("Submitted correction COR-5532 on TS-20433: Wed 6 Mar clock-out 16:00 (7.5 h), reason Missed clock-out.",
          "report-back", "Confirmation page shown")
    runs.append(r)

    # unsaved_changes: leaves the wizard through the breadcrumb before submitting
    r, w, st = new_run("correct_entry", "unsaved_changes", 1, lambda w, st: queue_page(w, st),
                       "Fills step 2, then leaves through the TS-20433 breadcrumb; the unsaved correction is "
                       "lost without a prompt and the agent reports it done.")
    r.click("link", "Page 2", queue_page(w, st, pg=2), "open-timesheet", "Ouimet is on page 2")
    r.click("link", C, detail_page(w, st, C), "open-timesheet", "Rafael Ouimet's timesheet")
    f = wizard_from_detail(r, w, st)
    f = edit_times(r, w, st, f)
    r.click("link", C, detail_page(w, st, C, visit=False), "edit-times",
            "Check the recorded hours on the timesheet once more", fault=True)
    r.say("Corrected the Wed 6 Mar entry on TS-20433 to clock-out 16:00, reason Missed clock-out.",
          "report-back", "Correction entered")
    runs.append(r)
    return runs


# --------------------------------------------------------------------------------------


def build():
    """Return (list of trajectory dicts, {workflow: plan yaml text})."""
    global RNG
    RNG = random.Random(SEED)
    records = []
    for r in healthy_approve() + faulty_approve():
        records.append(r.record(TASK_APPROVE))
    for r in healthy_correct() + faulty_correct():
        records.append(r.record(TASK_CORRECT))
    return records, dict(PLANS)


def main():
    records, plans = build()
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for wf, text in plans.items():
        with open(os.path.join(HERE, "plans", f"{wf}.yaml"), "w", encoding="utf-8") as fh_:
            fh_.write(text)
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as out:
        for rec in records:
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
    n_h = sum(1 for r in records if r["label"]["fault"] is None)
    print(f"wrote {len(records)} trajectories ({n_h} healthy, {len(records) - n_h} faulty) "
          f"and {len(plans)} plans to {HERE}")


if __name__ == "__main__":
    main()
