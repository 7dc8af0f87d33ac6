#!/usr/bin/env python3
"""Generate the Tutorly held-out corpus.

Writes, into this folder (or into the folder given as the first argument):
  corpus.jsonl                     20 trajectories (8 healthy, 12 faulty)
  plans/reassign_series.yaml       the plan (written from the task and healthy pages)

Python 3 standard library only.  Fixed seed; the output is byte-for-byte reproducible.
"""
import copy
import datetime as dt
import hashlib
import json
import os
import random
import sys

SEED = 61014
BASE = "http://127.0.0.1:8090"
WORKFLOW = "tutorly_reassign_series"
PLAN_REL = "plans/reassign_series.yaml"

TASK = ("Maya Okonkwo (ST-1482) is switching piano tutors. Please move her weekly Tuesday 4pm "
        "Piano Grade 4 lesson from Daniel Hart to Priya Raman starting next week (Tue 14 Oct), "
        "and only from next week on: leave this week's lesson and all past ones with Daniel, and "
        "don't touch her Thursday theory lesson. Tick the option that notifies her parent.")

# ---------------------------------------------------------------------------------------------
# The plan.  Written from the task text and the healthy pages only, before any faulty run was
# written, and not tuned afterwards.
# ---------------------------------------------------------------------------------------------
PLAN_YAML = '''\
# Tutorly: move one student's recurring lesson to another tutor from next week on.
# Written from the task text and the healthy runs only.
task: >-
  Maya Okonkwo (ST-1482) is switching piano tutors. Please move her weekly Tuesday 4pm
  Piano Grade 4 lesson from Daniel Hart to Priya Raman starting next week (Tue 14 Oct),
  and only from next week on: leave this week's lesson and all past ones with Daniel, and
  don't touch her Thursday theory lesson. Tick the option that notifies her parent.
plan_falsifiers:
  execution:
    - "Sign in · Tutorly"
    - "Your session has expired"
    - "Something went wrong"
    - "Page not found"
  planning:
    - "You don't have permission to edit lessons"
    - "view only"
commitments:
  - id: find-lesson
    subgoal: "Open the Tue 14 Oct 2025 lesson of Maya Okonkwo's Piano Grade 4 series (LS-2207, Tue 16:00-17:00 with Daniel Hart)"
    skill: open_record_from_calendar_or_profile
    confidence: 0.7
    confirm:
      precondition:
        - "Tutorly"
      progress:
        - "Maya Okonkwo"
        - "Week of 13 Oct 2025"
        - "ST-1482"
      completion:
        - "Piano Grade 4 · Tue 14 Oct 2025"
        - "Series LS-2207"
    falsify:
      execution:
        - "Mia Okonkwo"
        - "ST-1483"
        - "Maya Okafor"
        - "ST-1428"
        - "LS-2208"
        - "LS-2214"
        - "Music Theory Grade 5 · Thu"
      planning:
        - "No lessons match"
        - "Series LS-2207 has ended"
  - id: change-tutor
    subgoal: "In the lesson editor, change the tutor from Daniel Hart to Priya Raman (TU-044)"
    skill: edit_form_field
    confidence: 0.6
    confirm:
      precondition:
        - "Edit lesson"
        - "part of weekly series LS-2207"
      progress:
        - "combobox 'Tutor' value='Priya Raman (TU-044)'"
      completion:
        - "No clashes: Priya Raman is free Tuesdays 16:00–17:00"
    falsify:
      execution:
        - "Priya Ramesh"
        - "TU-047"
        - "Divya Raman"
        - "Daniel Hartley"
        - "Clash:"
        - "Tue 7 Oct 2025 · part of weekly series LS-2207"
        - text: "select_option with a tutor other than Priya Raman (TU-044)"
          "on": action
      skill:
        - "The Tutor field is read-only"
      planning:
        - "Priya Raman is not available on Tuesdays"
  - id: notify-parent
    subgoal: "Tick 'Notify parent (Grace Okonkwo) by email' before saving"
    confidence: 0.7
    confirm:
      precondition:
        - "Notify parent (Grace Okonkwo) by email"
      completion:
        - "checkbox 'Notify parent (Grace Okonkwo) by email', checked='true'"
    falsify:
      execution:
        - "Parent not notified"
        - text: "click Save while the Notify parent checkbox is still unticked"
          "on": action
  - id: apply-following
    subgoal: "Save, choose 'This and following lessons' in the recurring-lesson dialog and apply, so only lessons from Tue 14 Oct 2025 move"
    skill: recurring_edit_scope
    confidence: 0.5
    confirm:
      precondition:
        - "Edit recurring lesson"
      progress:
        - "radio 'This and following lessons', checked='true'"
      completion:
        - "Lesson series updated"
        - "is with Priya Raman from Tue 14 Oct 2025"
        - "Earlier lessons stay with Daniel Hart"
        - "Email sent to Grace Okonkwo"
    falsify:
      execution:
        - text: "click radio 'All lessons'"
          "on": action
        - text: "click Apply while 'This lesson only' is still selected"
          "on": action
        - "from Tue 7 Oct 2025"
        - "Priya Ramesh"
        - "The series now ends"
        - "No 'Lesson series updated' message appears after Apply"
        - "After Apply, the Tue 14 Oct 2025 lesson still shows tutor Daniel Hart (TU-031)"
      skill:
        - "Apply button is disabled"
      planning:
        - "Series LS-2207 is locked"
  - id: report
    subgoal: "Tell the user the Tuesday piano series is with Priya Raman from Tue 14 Oct 2025, earlier lessons unchanged, parent emailed"
    confidence: 0.8
    confirm:
      precondition:
        - "Lesson series updated"
      completion:
        - "Email sent to Grace Okonkwo"
    falsify:
      execution:
        - "dialog 'Edit recurring lesson' is still open"
        - text: "send_msg_to_user before any 'Lesson series updated' message has appeared"
          "on": action
'''

# ---------------------------------------------------------------------------------------------
# Calendar helpers
# ---------------------------------------------------------------------------------------------
DOW = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
DOW_LONG = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def D(m, d, y=2025):
    return dt.date(y, m, d)


def fd(d, year=True):
    s = f"{DOW[d.weekday()]} {d.day} {MON[d.month - 1]}"
    return s + (f" {d.year}" if year else "")


def fdm(d):
    return f"{d.day} {MON[d.month - 1]} {d.year}"


DAY = dt.timedelta(days=1)
TODAY = D(10, 6)                 # Monday 6 Oct 2025, 09:42
WEEK0 = TODAY                    # this week
WEEK1 = D(10, 13)                # next week
TARGET = D(10, 14)               # first lesson that should move
SERIES_START = D(9, 1)
TERM_END = D(12, 19)
YEAR_END = dt.date(2026, 7, 17)
HOLIDAYS = [(D(10, 27), D(10, 31)), (D(12, 22), dt.date(2026, 1, 2)),
            (dt.date(2026, 2, 16), dt.date(2026, 2, 20)), (dt.date(2026, 3, 30), dt.date(2026, 4, 10)),
            (dt.date(2026, 5, 25), dt.date(2026, 5, 29))]


def in_holiday(d):
    return any(a <= d <= b for a, b in HOLIDAYS)


TUTORS = [("Daniel Hart", "TU-031"), ("Daniel Hartley", "TU-036"), ("Divya Raman", "TU-052"),
          ("Priya Raman", "TU-044"), ("Priya Ramesh", "TU-047")]
TUTOR_ID = dict(TUTORS)


def tlabel(name):
    return f"{name} ({TUTOR_ID[name]})"


class S:
    def __init__(self, sid, subject, student, stid, tutor, day, start, end, room):
        self.id, self.subject, self.student, self.stid = sid, subject, student, stid
        self.tutor, self.day, self.start, self.end, self.room = tutor, day, start, end, room


SERIES = [
    S("LS-2190", "Maths GCSE", "Oliver Brandt", "ST-1377", "Priya Ramesh", 0, "15:30", "16:30", "Room 2"),
    S("LS-2195", "Piano Grade 1", "Ava Lindqvist", "ST-1490", "Daniel Hart", 0, "16:00", "16:45", "Room 3"),
    S("LS-2201", "English KS3", "Sam Whitfield", "ST-1455", "Divya Raman", 0, "17:00", "18:00", "Room 1"),
    S("LS-2231", "Maths KS2", "Hannah Cole", "ST-1512", "Priya Raman", 1, "15:00", "16:00", "Room 5"),
    S("LS-2270", "Violin Grade 3", "Maya Okafor", "ST-1428", "Daniel Hartley", 1, "16:00", "17:00", "Room 4"),
    S("LS-2207", "Piano Grade 4", "Maya Okonkwo", "ST-1482", "Daniel Hart", 1, "16:00", "17:00", "Room 3"),
    S("LS-2244", "Chemistry A-level", "Leo Brandt", "ST-1379", "Priya Ramesh", 1, "16:00", "17:00", "Room 2"),
    S("LS-2208", "Piano Grade 2", "Mia Okonkwo", "ST-1483", "Daniel Hart", 1, "17:00", "17:45", "Room 3"),
    S("LS-2236", "Physics GCSE", "Ella Marsh", "ST-1466", "Priya Raman", 1, "17:00", "18:00", "Room 5"),
    S("LS-2212", "Guitar", "Noah Feld", "ST-1501", "Daniel Hart", 2, "16:00", "17:00", "Room 3"),
    S("LS-2253", "French GCSE", "Zoe Adeyemi", "ST-1420", "Divya Raman", 2, "16:30", "17:30", "Room 1"),
    S("LS-2214", "Music Theory Grade 5", "Maya Okonkwo", "ST-1482", "Daniel Hart", 3, "16:00", "17:00", "Room 3"),
    S("LS-2239", "Maths A-level", "Isaac Mendel", "ST-1448", "Priya Raman", 3, "16:30", "17:30", "Room 5"),
    S("LS-2218", "Reading Recovery", "Freddie Osei", "ST-1509", "Divya Raman", 4, "15:30", "16:15", "Room 1"),
    S("LS-2202", "Piano Grade 5", "Theo Grant", "ST-1431", "Priya Raman", 5, "10:00", "11:00", "Room 3"),
    S("LS-2277", "11+ Verbal Reasoning", "Amira Shah", "ST-1520", "Priya Ramesh", 5, "11:00", "12:00", "Room 2"),
]
SER = {s.id: s for s in SERIES}

STUDENTS = {
    "ST-1482": dict(name="Maya Okonkwo", year="Year 8", parent="Grace Okonkwo",
                    email="grace.okonkwo@example.net", since="Sep 2023", sibling="ST-1483",
                    balance="£0.00 · last invoice INV-5502 paid 1 Oct 2025", status="Active"),
    "ST-1483": dict(name="Mia Okonkwo", year="Year 5", parent="Grace Okonkwo",
                    email="grace.okonkwo@example.net", since="Jan 2025", sibling="ST-1482",
                    balance="£0.00 · last invoice INV-5503 paid 1 Oct 2025", status="Active"),
    "ST-1428": dict(name="Maya Okafor", year="Year 9", parent="Tunde Okafor",
                    email="t.okafor@example.org", since="Sep 2022", sibling=None,
                    balance="£76.00 overdue · INV-5488 due 19 Sep 2025", status="On hold"),
}

PAST_STATUS = {
    ("LS-2207", D(9, 16)): "Absent · charged",
    ("LS-2207", D(9, 23)): "Late cancellation · charged",
    ("LS-2214", D(9, 25)): "Cancelled by parent",
    ("LS-2208", D(9, 30)): "Attended (corrected)",
    ("LS-2208", D(9, 9)): "Absent · charged",
}
WEEK_STATUS = {
    ("LS-2212", D(10, 8)): "Cancelled · tutor unwell",
    ("LS-2218", D(10, 10)): "Needs cover",
    ("LS-2190", D(10, 13)): "Cancelled by parent",
    ("LS-2277", D(10, 18)): "Trial lesson",
}


def occurrences(s, start, end):
    out = []
    d = SERIES_START + dt.timedelta(days=s.day)
    while d <= end:
        if d >= start and not in_holiday(d):
            out.append(d)
        d += 7 * DAY
    return out


def tmin(hhmm):
    h, m = hhmm.split(":")
    return int(h) * 60 + int(m)


class Env:
    """Application data as it stands in one run."""

    def __init__(self, leave=False):
        self.leave = leave          # Priya Raman on annual leave Tue 2 Dec 2025
        self.changes = {}           # series id -> list of (from, to, tutor, scope, previous tutor)
        self.ends = {}              # series id -> last date

    def clone(self):
        return copy.deepcopy(self)

    def tutor(self, s, d):
        t = s.tutor
        for a, b, tt, _scope, _prev in self.changes.get(s.id, []):
            if d >= a and (b is None or d <= b):
                t = tt
        return t

    def active(self, s, d):
        return d <= self.ends.get(s.id, YEAR_END) and not in_holiday(d)

    def clash(self, s, d, tutor):
        for o in SERIES:
            if o.id == s.id or o.day != s.day or not self.active(o, d):
                continue
            if tmin(o.start) < tmin(s.end) and tmin(s.start) < tmin(o.end) and self.tutor(o, d) == tutor:
                return o
        return None

    def status(self, s, d):
        if d < TODAY:
            return PAST_STATUS.get((s.id, d), "Attended")
        if (s.id, d) in WEEK_STATUS:
            return WEEK_STATUS[(s.id, d)]
        t = self.tutor(s, d)
        if self.leave and t == "Priya Raman" and d == D(12, 2):
            return "Needs cover"
        if self.clash(s, d, t):
            return "Tutor double-booked"
        return "Scheduled"


# ---------------------------------------------------------------------------------------------
# Page builder: BrowserGym-style flattened accessibility tree
# ---------------------------------------------------------------------------------------------
class Page:
    def __init__(self, path, title, error=None):
        self.url = path if path.startswith("http") else BASE + path
        self.title = title
        self.error = error
        self.lines = [f"RootWebArea {title!r}, focused"]
        self.keys = {}
        self.desc = {}
        h = int(hashlib.sha256(f"{SEED}|{self.url}|{title}".encode()).hexdigest()[:12], 16)
        self.rng = random.Random(h)
        self.n = self.rng.randint(8, 60)

    def node(self, depth, role, name="", key=None, props="", value=None, bid=True):
        if bid:
            self.n += 1
            if self.rng.random() < 0.3:
                self.n += self.rng.randint(1, 4)
            b = str(self.n)
            s = f"[{b}] {role} {name!r}"
        else:
            b = None
            s = f"{role} {name!r}"
        if value is not None:
            s += f" value={value!r}"
        if props:
            s += ", " + props
        self.lines.append("\t" * depth + s)
        if key is not None:
            assert key not in self.keys, (self.title, key)
            self.keys[key] = b
            self.desc[key] = f"{role} {name!r}"
        return b

    def t(self, depth, text):
        self.node(depth, "StaticText", text, bid=False)

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": self.error}


NAV = ["Dashboard", "Calendar", "Students", "Tutors", "Rooms", "Invoices", "Reports", "Settings"]
ADMIN = dict(user="Rosa Kim", role="Admin", notif=3)
FRONT_DESK = dict(user="Jordan Pike", role="Front desk", notif=1, view_only=True)


def chrome(p, ctx, active, q=None, suggest=None):
    p.node(1, "banner", "")
    p.node(2, "link", "Tutorly", key="home")
    p.t(2, "Northbridge Tutoring Centre")
    p.node(2, "search", "")
    p.node(3, "searchbox", "Search students, tutors, lessons", key="search", value=q,
           props=("focused, expanded=True" if suggest else ("focused" if q else "")))
    if suggest:
        p.node(3, "listbox", "Suggestions")
        for key, label in suggest:
            p.node(4, "option", label, key=key, props="selected=False")
    p.node(3, "button", "Search", key="search_btn")
    p.node(2, "button", f"Notifications, {ctx['notif']} unread", props="hasPopup='menu', expanded=False")
    p.node(2, "button", "Help")
    p.node(2, "button", f"{ctx['user']} · {ctx['role']}", key="usermenu", props="hasPopup='menu', expanded=False")
    p.node(1, "navigation", "Main")
    for item in NAV:
        p.node(2, "link", item, key="nav_" + item.lower(), props=("current='page'" if item == active else ""))
    p.node(2, "status", "")
    p.t(3, "Mon 6 Oct · 09:42 · Lessons today: 9 · Needs cover this week: 1 · Overdue invoices: 6")
    if ctx.get("view_only"):
        p.node(1, "alert", "")
        p.t(2, "Front desk role: view only. You can look up students and lessons and mark attendance; "
               "changes to lessons are made by a Scheduler or Admin.")
    p.node(1, "main", "")


def footer(p, toast=None):
    p.node(1, "contentinfo", "")
    p.t(2, "© 2025 Tutorly Ltd")
    for item in ["Help centre", "Privacy", "Terms", "Keyboard shortcuts"]:
        p.node(2, "link", item)
    p.t(2, "Centre time: Europe/London · Last calendar sync 09:41 · 0 failed")
    p.t(2, "Tutorly 4.12.3")
    if toast:
        p.node(1, "status", "")
        for line in toast:
            p.t(2, line)
        p.node(2, "button", "Undo", key="undo")
        p.node(2, "button", "Dismiss", key="dismiss")


def crumbs(p, items):
    p.node(2, "navigation", "Breadcrumb")
    for i, it in enumerate(items):
        if i:
            p.t(3, "›")
        if i < len(items) - 1:
            p.node(3, "link", it)
        else:
            p.t(3, it)


# ----------------------------------------------------------------------------------- pages
def dashboard(ctx, env, q=None, suggest=None):
    p = Page("/dashboard", "Dashboard · Tutorly")
    chrome(p, ctx, "Dashboard", q, suggest)
    p.node(2, "heading", f"Good morning, {ctx['user'].split()[0]}")
    p.t(2, "Monday 6 October 2025 · Autumn term, week 6 of 16")
    p.node(2, "region", "At a glance")
    for c in ["Lessons today: 9", "Needs cover this week: 1", "Cancelled this week: 1",
              "Overdue invoices: 6", "Failed card payments: 1"]:
        p.node(3, "link", c)
    p.node(2, "heading", "Today")
    p.node(2, "table", "Today's lessons")
    p.node(3, "row", "")
    for h in ["Time", "Lesson", "Student", "Tutor", "Room", "Status"]:
        p.node(4, "columnheader", h)
    for s in [x for x in SERIES if x.day == 0]:
        p.node(3, "row", "")
        for c in [f"{s.start}–{s.end}", s.subject, s.student, env.tutor(s, TODAY), s.room, env.status(s, TODAY)]:
            p.node(4, "cell", c)
    p.node(2, "heading", "Recent activity")
    p.node(2, "list", "")
    for a in ["09:31 · Sunil Varma cancelled Guitar · Noah Feld · Wed 8 Oct (tutor unwell)",
              "09:12 · Card payment failed for INV-5531 (Oliver Brandt, £152.00)",
              "Fri 17:48 · Maya Okafor (ST-1428) put on hold: invoice INV-5488 overdue",
              "Fri 16:05 · Priya Raman (TU-044) added Tuesdays 16:00–17:00 to her availability",
              "Thu 15:10 · Attendance corrected for Mia Okonkwo (ST-1483), Tue 30 Sep: absent → attended"]:
        p.node(3, "listitem", "")
        p.t(4, a)
    p.node(2, "link", "Open calendar", key="open_calendar")
    p.node(2, "link", "Add student")
    p.node(2, "link", "Record payment")
    footer(p)
    return p


def event_name(env, s, d):
    name = f"{s.start}–{s.end} {s.subject} · {s.student} · {env.tutor(s, d)} · {s.room}"
    st = env.status(s, d)
    return name if st in ("Scheduled", "Attended") else f"{name} · {st}"


TUTOR_FILTER_OPTS = ["All tutors"] + [tlabel(n) for n, _ in TUTORS]


def calendar(ctx, env, week, tfilter=None, toast=None):
    path = f"/calendar?week={week.isoformat()}"
    if tfilter:
        path += f"&tutor={TUTOR_ID[tfilter]}"
    p = Page(path, f"Week of {fdm(week)} · Calendar · Tutorly")
    chrome(p, ctx, "Calendar")
    crumbs(p, ["Home", "Calendar"])
    p.node(2, "heading", "Calendar")
    p.node(2, "toolbar", "Calendar controls")
    p.node(3, "button", "Previous week", key="prev_week")
    p.node(3, "button", "Today", key="today")
    p.node(3, "button", "Next week", key="next_week")
    p.node(3, "heading", f"Week of {fdm(week)}")
    cur = tlabel(tfilter) if tfilter else "All tutors"
    p.node(3, "combobox", "Tutor", key="tutor_filter", value=cur, props="hasPopup='menu', expanded=False")
    for o in TUTOR_FILTER_OPTS:
        p.node(4, "option", o, props=f"selected={o == cur}")
    p.node(3, "combobox", "Room", value="All rooms", props="hasPopup='menu', expanded=False")
    for o in ["All rooms", "Room 1", "Room 2", "Room 3", "Room 4", "Room 5", "Online"]:
        p.node(4, "option", o, props=f"selected={o == 'All rooms'}")
    p.node(3, "combobox", "Subject", value="All subjects", props="hasPopup='menu', expanded=False")
    p.node(3, "radiogroup", "View")
    for v in ["Day", "Week", "Month"]:
        p.node(4, "radio", v, props=f"checked='{str(v == 'Week').lower()}'")
    p.node(3, "button", "New lesson")
    p.node(3, "button", "Print week")
    p.node(2, "note", "")
    p.t(3, "Half-term 27–31 Oct 2025: recurring lessons skip that week automatically.")
    evs = []
    for i in range(7):
        d = week + i * DAY
        for s in SERIES:
            if s.day == i and env.active(s, d) and (not tfilter or env.tutor(s, d) == tfilter):
                evs.append((d, s))
    evs.sort(key=lambda x: (x[0], x[1].start, x[1].room))
    ncan = sum(1 for d, s in evs if env.status(s, d).startswith("Cancelled"))
    ncov = sum(1 for d, s in evs if env.status(s, d) in ("Needs cover", "Tutor double-booked"))
    p.node(2, "status", "")
    if tfilter:
        p.t(3, f"Showing {len(evs)} lessons for {tlabel(tfilter)} · {ncan} cancelled · {ncov} need cover")
        p.node(3, "button", "Clear filter", key="clear_filter")
    else:
        p.t(3, f"{len(evs)} lessons this week · {ncan} cancelled · {ncov} need cover")
    p.node(2, "region", "Week grid")
    for i in range(7):
        d = week + i * DAY
        p.node(3, "heading", fd(d, False) + (" · today" if d == TODAY else ""))
        day_evs = [s for dd, s in evs if dd == d]
        if not day_evs:
            p.t(3, "No lessons")
            continue
        p.node(3, "list", "")
        for s in day_evs:
            p.node(4, "listitem", "")
            p.node(5, "link", event_name(env, s, d), key=f"ev_{s.id}_{d.isoformat()}")
    p.node(2, "complementary", "Needs attention")
    p.node(3, "heading", "Needs attention")
    p.node(3, "list", "")
    for a in ["INV-5531 · Oliver Brandt · card payment failed · 9 days overdue",
              "Fri 10 Oct · Reading Recovery (Freddie Osei) needs cover",
              "Daniel Hart: attendance not marked for 2 lessons",
              "Room 4 piano tuning · Thu 9 Oct 12:00"]:
        p.node(4, "listitem", "")
        p.t(5, a)
    p.node(3, "link", "View all alerts")
    footer(p, toast)
    return p


def change_note(env, s):
    notes = []
    for a, b, tt, scope, prev in env.changes.get(s.id, []):
        if scope == "following":
            notes.append(f"Tutor changed to {tt} from {fd(a)}; earlier lessons stay with {prev}.")
        elif scope == "all":
            notes.append(f"Tutor changed to {tt} for the whole series.")
        else:
            notes.append(f"One-off change: {tt} teaches {fd(a)} only.")
    return notes


def lesson_detail(ctx, env, sid, d, toast=None):
    s = SER[sid]
    st = STUDENTS.get(s.stid, dict(parent="(on file)", email="", sibling=None))
    tutor = env.tutor(s, d)
    p = Page(f"/lessons/{sid}/{d.isoformat()}", f"{s.subject} · {fd(d)} · Tutorly")
    chrome(p, ctx, "Calendar")
    wk = d - d.weekday() * DAY
    crumbs(p, ["Home", "Calendar", f"Week of {fdm(wk)}", s.subject])
    p.node(2, "heading", f"{s.subject} — {s.student}")
    p.t(2, f"{fd(d)} · {s.start}–{s.end} · {s.room}")
    end = env.ends.get(sid)
    p.t(2, f"Series {sid} · Weekly on {DOW_LONG[s.day]} · started {fd(SERIES_START + s.day * DAY)} · "
           + (f"ends {fd(end)}" if end else "no end date"))
    for n in change_note(env, s):
        p.t(2, n)
    p.node(2, "group", "Lesson details")
    p.t(3, "Student")
    p.node(3, "link", f"{s.student} ({s.stid})", key="student_link")
    p.t(3, "Tutor")
    p.node(3, "link", tlabel(tutor), key="tutor_link")
    p.t(3, "Parent / guardian")
    p.t(3, f"{st['parent']} · {st['email']}")
    p.t(3, "Status")
    p.t(3, env.status(s, d))
    p.t(3, "Rate")
    p.t(3, "£38.00 per lesson · billed monthly")
    p.node(2, "button", "Edit lesson", key="edit")
    p.node(2, "button", "Cancel lesson")
    p.node(2, "button", "Mark attendance", props=("disabled=True" if d > TODAY else ""))
    p.node(2, "button", "Add note")
    p.node(2, "link", "Back to calendar", key="back_calendar")
    p.node(2, "heading", "Lessons in this series")
    p.node(2, "table", "Series lessons")
    p.node(3, "row", "")
    for h in ["Date", "Tutor", "Status"]:
        p.node(4, "columnheader", h)
    allocc = occurrences(s, SERIES_START, env.ends.get(sid, YEAR_END))
    i = allocc.index(d)
    for od in allocc[max(0, i - 2): i + 3]:
        p.node(3, "row", "")
        if od == d:
            p.node(4, "cell", f"{fd(od)} (this lesson)")
        else:
            p.node(4, "cell", "")
            p.node(5, "link", fd(od), key=f"row_{od.isoformat()}")
        p.node(4, "cell", env.tutor(s, od))
        p.node(4, "cell", env.status(s, od))
    p.node(2, "link", f"View all lessons in series {sid}")
    p.node(2, "heading", "Notes")
    p.node(2, "list", "")
    notes = {"LS-2207": ["22 Sep · Daniel Hart: working on Grade 4 pieces; exam entry closes 31 Oct.",
                         "Sibling Mia Okonkwo (ST-1483) has Piano Grade 2 straight after, Tue 17:00 in Room 3."],
             "LS-2208": ["Sibling Maya Okonkwo (ST-1482) has Piano Grade 4 just before, Tue 16:00 in Room 3."]}
    for n in notes.get(sid, ["No notes yet."]):
        p.node(3, "listitem", "")
        p.t(4, n)
    footer(p, toast)
    return p


def availability(env, s, d, tutor):
    if tutor == env.tutor(s, d):
        return f"{tutor} is the current tutor for this lesson."
    o = env.clash(s, d, tutor)
    if o:
        return (f"Clash: {tutor} already teaches {o.subject} · {o.student} · "
                f"{DOW[o.day]} {o.start}–{o.end} · {o.room}.")
    if env.leave and tutor == "Priya Raman":
        return (f"{tutor} is free {DOW_LONG[s.day]}s {s.start}–{s.end} except Tue 2 Dec 2025 (annual leave).")
    return f"No clashes: {tutor} is free {DOW_LONG[s.day]}s {s.start}–{s.end} from {fd(d)}."


class Editor:
    """The lesson editor of one occurrence, with its unsaved form state."""

    def __init__(self, ctx, env, sid, d):
        self.ctx, self.env, self.s, self.d = ctx, env, SER[sid], d
        self.form = dict(tutor=tlabel(env.tutor(self.s, d)), notify=False, msg=None, ends="Never", end_date=None)

    @property
    def tutor(self):
        return self.form["tutor"].rsplit(" (", 1)[0]

    def page(self, dialog=None, choice="only"):
        s, d, f, env = self.s, self.d, self.form, self.env
        st = STUDENTS.get(s.stid, dict(parent="(on file)"))
        p = Page(f"/lessons/{s.id}/{d.isoformat()}/edit", f"Edit lesson · {s.subject} · Tutorly")
        chrome(p, self.ctx, "Calendar")
        crumbs(p, ["Home", "Calendar", s.subject, "Edit"])
        p.node(2, "heading", "Edit lesson")
        p.t(2, f"{s.subject} — {s.student} · {fd(d)} · part of weekly series {s.id}")
        p.node(2, "form", "Edit lesson")
        p.node(3, "combobox", "Tutor", key="tutor", value=f["tutor"], props="hasPopup='menu', expanded=False")
        for n, _ in TUTORS:
            p.node(4, "option", tlabel(n), props=f"selected={tlabel(n) == f['tutor']}")
        p.node(3, "status", "Tutor availability")
        p.t(4, availability(env, s, d, self.tutor))
        p.node(3, "textbox", "Date", value=f"{d.day:02d}/{d.month:02d}/{d.year}")
        p.node(3, "combobox", "Start time", value=s.start, props="hasPopup='menu', expanded=False")
        dur = tmin(s.end) - tmin(s.start)
        p.node(3, "combobox", "Duration", value=f"{dur} min", props="hasPopup='menu', expanded=False")
        p.node(3, "combobox", "Room", value=s.room, props="hasPopup='menu', expanded=False")
        for r in ["Room 1", "Room 2", "Room 3", "Room 4", "Room 5", "Online"]:
            p.node(4, "option", r, props=f"selected={r == s.room}")
        p.t(3, f"Repeats: weekly on {DOW_LONG[s.day]}")
        p.node(3, "combobox", "Ends", key="ends", value=f["ends"], props="hasPopup='menu', expanded=False")
        for o in ["Never", "On date", "After a number of lessons"]:
            p.node(4, "option", o, props=f"selected={o == f['ends']}")
        if f["ends"] == "On date":
            p.node(3, "textbox", "End date", key="end_date", value=f["end_date"] or "", props="required")
        p.node(3, "checkbox", f"Notify parent ({st['parent']}) by email", key="notify",
               props=f"checked='{str(f['notify']).lower()}'")
        p.node(3, "textbox", "Message to parent (optional)", key="msg", value=f["msg"])
        p.t(3, "Parents are emailed from lessons@northbridge-tutoring.example.")
        p.node(3, "button", "Save", key="save")
        p.node(3, "button", "Cancel", key="cancel_edit")
        p.node(2, "complementary", "Change history")
        p.node(3, "heading", "Change history")
        p.node(3, "list", "")
        for h in [f"Mon 1 Sep 2025 · Series {s.id} created by Rosa Kim",
                  "Wed 17 Sep 2025 · Room changed from Room 4 to Room 3 by Sunil Varma",
                  "Tue 23 Sep 2025 · Late cancellation recorded (charged) by Jordan Pike"]:
            p.node(4, "listitem", "")
            p.t(5, h)
        footer(p)
        if dialog == "recurring":
            p.node(1, "dialog", "Edit recurring lesson", props="modal=True")
            p.node(2, "heading", "Edit recurring lesson")
            p.t(2, f"{fd(d)} is part of weekly series {s.id} (started {fd(SERIES_START + s.day * DAY)}). "
                   "Which lessons should this change apply to?")
            p.node(2, "radiogroup", "Apply changes to")
            for key, label, hint in [
                    ("only", "This lesson only", f"Only {fd(d)}"),
                    ("following", "This and following lessons", f"{fd(d)} and every later lesson in the series"),
                    ("all", "All lessons", "Every lesson in the series, past and future")]:
                p.node(3, "radio", label, key="r_" + key, props=f"checked='{str(choice == key).lower()}'")
                p.t(4, hint)
            p.node(2, "button", "Cancel", key="dlg_cancel")
            p.node(2, "button", "Apply", key="apply")
        elif dialog == "clash":
            o = env.clash(s, d, self.tutor)
            p.node(1, "alertdialog", "Tutor unavailable", props="modal=True")
            p.node(2, "heading", "Tutor unavailable")
            p.t(2, f"{self.tutor} already has {o.subject} with {o.student} at this time. "
                   "Saving will double-book the tutor on every affected date.")
            p.node(2, "button", "Go back", key="go_back")
            p.node(2, "button", "Save anyway", key="save_anyway")
        elif dialog == "leave":
            p.node(1, "alertdialog", "Availability warning", props="modal=True")
            p.node(2, "heading", "Availability warning")
            p.t(2, f"{self.tutor} is on annual leave on Tue 2 Dec 2025. That lesson will be flagged "
                   "'Needs cover' after saving; every other date is free.")
            p.node(2, "button", "Go back", key="go_back")
            p.node(2, "button", "Continue", key="continue")
        return p


def apply_change(ed, scope):
    """Save the editor with a recurring scope; return (new env, toast lines)."""
    env, s, d, f = ed.env, ed.s, ed.d, ed.form
    st = STUDENTS[s.stid]
    e = env.clone()
    prev = env.tutor(s, d)
    tutor = ed.tutor
    end = None
    if f["ends"] == "On date":
        dd, mm, yy = (int(x) for x in f["end_date"].split("/"))
        end = dt.date(yy, mm, dd)
    if scope == "following":
        e.changes.setdefault(s.id, []).append((d, None, tutor, scope, prev))
        if end:
            e.ends[s.id] = end
            n = len(occurrences(s, d, end))
            removed = len(occurrences(s, end + DAY, YEAR_END))
            first = (f"Lesson series updated. {s.subject} ({s.student}) is with {tutor} from {fd(d)} until "
                     f"{fd(end)}: {n} lessons changed. The series now ends on {fd(end)}; "
                     f"{removed} later lessons were removed.")
        else:
            n = len(occurrences(s, d, YEAR_END))
            first = (f"Lesson series updated. {s.subject} ({s.student}) is with {tutor} from {fd(d)}: "
                     f"{n} lessons changed. Earlier lessons stay with {prev}.")
    elif scope == "all":
        e.changes.setdefault(s.id, []).append((SERIES_START, None, tutor, scope, prev))
        n = len(occurrences(s, SERIES_START, YEAR_END))
        past = len(occurrences(s, SERIES_START, TODAY - DAY))
        first = (f"Lesson series updated. {s.subject} ({s.student}) is with {tutor} for all {n} lessons "
                 f"in the series, {past} of them already taught.")
    else:
        e.changes.setdefault(s.id, []).append((d, d, tutor, scope, prev))
        first = (f"Lesson updated. {s.subject} ({s.student}) is with {tutor} on {fd(d)} only. "
                 f"Other lessons in series {s.id} are unchanged.")
    lines = [first]
    if e.clash(s, d, tutor):
        lines.append(f"Warning: {tutor} is now double-booked on {fd(d)} and later dates.")
    if e.leave and tutor == "Priya Raman" and scope != "only":
        lines.append("Tue 2 Dec 2025 is flagged Needs cover (tutor on annual leave).")
    lines.append(f"Email sent to {st['parent']}." if f["notify"] else "Parent not notified.")
    return e, lines


# ------------------------------------------------------------------------ search and students
SUGGEST = {
    "Maya Okonkwo": [("sug_ST-1482", "Maya Okonkwo · ST-1482 · Student · Year 8"),
                     ("sug_ST-1483", "Mia Okonkwo · ST-1483 · Student · Year 5"),
                     ("sug_ST-1428", "Maya Okafor · ST-1428 · Student · Year 9"),
                     ("sug_LS-2207", "LS-2207 · Piano Grade 4 · Maya Okonkwo · Tue 16:00")],
    "Okonkwo": [("sug_ST-1482", "Maya Okonkwo · ST-1482 · Student · Year 8"),
                ("sug_ST-1483", "Mia Okonkwo · ST-1483 · Student · Year 5"),
                ("sug_LS-2207", "LS-2207 · Piano Grade 4 · Maya Okonkwo · Tue 16:00"),
                ("sug_LS-2208", "LS-2208 · Piano Grade 2 · Mia Okonkwo · Tue 17:00")],
    "LS-2207": [("sug_LS-2207", "LS-2207 · Piano Grade 4 · Maya Okonkwo · Tue 16:00"),
                ("sug_LS-2270", "LS-2270 · Violin Grade 3 · Maya Okafor · Tue 16:00"),
                ("sug_LS-2208", "LS-2208 · Piano Grade 2 · Mia Okonkwo · Tue 17:00")],
}


def search_results(ctx, env, q):
    p = Page(f"/search?q={q.replace(' ', '+')}", f"Search: {q} · Tutorly")
    chrome(p, ctx, None, q)
    crumbs(p, ["Home", "Search"])
    p.node(2, "heading", f"Results for {q}")
    if q.startswith("LS-"):
        studs, lessons = [], ["LS-2207", "LS-2270", "LS-2208"]
    else:
        studs, lessons = ["ST-1482", "ST-1483", "ST-1428"], ["LS-2207", "LS-2208", "LS-2214", "LS-2270"]
    p.t(2, f"{len(studs) + len(lessons)} results · Students {len(studs)} · Lessons {len(lessons)} · Tutors 0")
    p.node(2, "tablist", "Result types")
    for tname in ["All", "Students", "Lessons", "Tutors", "Invoices"]:
        p.node(3, "tab", tname, props=f"selected={tname == 'All'}")
    if studs:
        p.node(2, "heading", "Students")
        p.node(2, "list", "")
        for sid in studs:
            st = STUDENTS[sid]
            p.node(3, "listitem", "")
            p.node(4, "link", st["name"], key=f"res_{sid}")
            p.t(4, f"{sid} · {st['year']} · Parent: {st['parent']} · {st['status']}")
    p.node(2, "heading", "Lessons")
    p.node(2, "list", "")
    for lid in lessons:
        s = SER[lid]
        p.node(3, "listitem", "")
        p.node(4, "link", f"{lid} · {s.subject} · {s.student}", key=f"res_{lid}")
        p.t(4, f"Weekly {DOW[s.day]} {s.start}–{s.end} · {s.tutor} · {s.room}")
    p.t(2, "Search covers active and on-hold records. Archived students are under Reports.")
    footer(p)
    return p


def term_rows(env, sid):
    rows = []
    for s in SERIES:
        if s.stid == sid:
            for d in occurrences(s, SERIES_START, min(TERM_END, env.ends.get(s.id, YEAR_END))):
                rows.append((d, s))
    rows.sort(key=lambda x: (x[0], x[1].start))
    return rows


def weekly_row_tutor(env, s):
    ch = env.changes.get(s.id, [])
    cur = env.tutor(s, occurrences(s, TODAY, YEAR_END)[0])
    for a, b, tt, scope, prev in ch:
        if scope == "following":
            before = [d for d in occurrences(s, SERIES_START, a - DAY)]
            return f"{tt} from {fd(a)} ({prev} until {fd(before[-1])})"
        if scope == "all":
            return tt
    return cur


def student_profile(ctx, env, stid, tab="Overview", show="All this term", desc=False, page=1, toast=None):
    st = STUDENTS[stid]
    path = f"/students/{stid}" + ("" if tab == "Overview" else "/lessons")
    q = []
    if tab == "Lessons":
        if show != "All this term":
            q.append("show=" + show.lower())
        if desc:
            q.append("sort=-date")
        if page > 1:
            q.append(f"page={page}")
    if q:
        path += "?" + "&".join(q)
    p = Page(path, f"{st['name']} ({stid}) · Students · Tutorly")
    chrome(p, ctx, "Students")
    crumbs(p, ["Home", "Students", st["name"]])
    p.node(2, "heading", st["name"])
    p.t(2, f"{stid} · {st['year']} · {st['status']} · student since {st['since']}")
    p.node(2, "button", "Message parent")
    p.node(2, "button", "New lesson")
    p.node(2, "button", "More actions", props="hasPopup='menu', expanded=False")
    p.node(2, "tablist", "Student sections")
    for tname in ["Overview", "Lessons", "Invoices", "Notes", "Documents"]:
        p.node(3, "tab", tname, key="tab_" + tname.lower(), props=f"selected={tname == tab}")
    p.node(2, "tabpanel", tab)
    if tab == "Overview":
        p.node(3, "group", "Contacts")
        p.t(4, f"Parent / guardian: {st['parent']} · {st['email']} · 07700 900412")
        if st.get("sibling"):
            sib = st["sibling"]
            p.t(4, "Sibling:")
            p.node(4, "link", f"{STUDENTS[sib]['name']} ({sib})", key="sibling_link")
        p.node(3, "heading", "Weekly lessons")
        p.node(3, "table", "Weekly lessons")
        p.node(4, "row", "")
        for h in ["Day and time", "Lesson", "Tutor", "Room", "Series"]:
            p.node(5, "columnheader", h)
        for s in SERIES:
            if s.stid == stid:
                p.node(4, "row", "")
                p.node(5, "cell", f"{DOW[s.day]} {s.start}–{s.end}")
                p.node(5, "cell", s.subject)
                p.node(5, "cell", weekly_row_tutor(env, s))
                p.node(5, "cell", s.room)
                p.node(5, "cell", "")
                p.node(6, "link", s.id)
        p.node(3, "heading", "Account")
        p.t(3, f"Balance: {st['balance']}")
        p.t(3, "INV-5460 · refund failed, re-issued 20 Sep 2025")
    elif tab == "Lessons":
        p.node(3, "combobox", "Show", key="show", value=show, props="hasPopup='menu', expanded=False")
        for o in ["All this term", "Upcoming", "Past"]:
            p.node(4, "option", o, props=f"selected={o == show}")
        rows = term_rows(env, stid)
        if show == "Upcoming":
            rows = [r for r in rows if r[0] >= TODAY]
        elif show == "Past":
            rows = [r for r in rows if r[0] < TODAY]
        if desc:
            rows = rows[::-1]
        per = 10
        npages = max(1, (len(rows) + per - 1) // per)
        chunk = rows[(page - 1) * per: page * per]
        p.node(3, "table", "Lessons")
        p.node(4, "row", "")
        p.node(5, "columnheader", "")
        p.node(6, "button", "Date, sorted " + ("newest first" if desc else "oldest first"), key="sort_date")
        for h in ["Lesson", "Tutor", "Room"]:
            p.node(5, "columnheader", "")
            p.node(6, "button", h, key="sort_" + h.lower())
        p.node(5, "columnheader", "Status")
        for d, s in chunk:
            p.node(4, "row", "")
            p.node(5, "cell", "")
            p.node(6, "link", f"{fd(d)} {s.start}", key=f"lrow_{s.id}_{d.isoformat()}")
            p.node(5, "cell", s.subject)
            p.node(5, "cell", env.tutor(s, d))
            p.node(5, "cell", s.room)
            p.node(5, "cell", env.status(s, d))
        p.node(3, "navigation", "Pagination")
        p.node(4, "button", "Previous page", key="prev_page", props=("disabled=True" if page == 1 else ""))
        p.t(4, f"Page {page} of {npages}")
        p.node(4, "button", "Next page", key="next_page", props=("disabled=True" if page == npages else ""))
        p.t(3, f"Showing {(page - 1) * per + 1}–{(page - 1) * per + len(chunk)} of {len(rows)}")
    footer(p, toast)
    return p


ROSTER_A = [("Abbott, Lily", "ST-1391", "Year 7", "Karen Abbott", "£0.00", "Active"),
            ("Adeyemi, Zoe", "ST-1420", "Year 11", "Femi Adeyemi", "£0.00", "Active"),
            ("Ahmed, Yusuf", "ST-1502", "Year 6", "Nadia Ahmed", "£38.00 due", "Active"),
            ("Akhtar, Sana", "ST-1463", "Year 10", "Imran Akhtar", "£0.00", "Active"),
            ("Alvarez, Mateo", "ST-1517", "Year 4", "Lucia Alvarez", "£0.00", "Trial"),
            ("Amini, Dara", "ST-1387", "Year 12", "Shirin Amini", "£114.00 overdue", "Active"),
            ("Anand, Rohan", "ST-1441", "Year 9", "Priti Anand", "£0.00", "Active"),
            ("Archer, Poppy", "ST-1399", "Year 8", "Tom Archer", "£0.00", "Withdrawn"),
            ("Atkins, Harvey", "ST-1470", "Year 5", "Jess Atkins", "£0.00", "Active"),
            ("Ayodele, Bisi", "ST-1488", "Year 13", "Kemi Ayodele", "£0.00", "Active")]
ROSTER_O = [("Oakes, Jonah", "ST-1404", "Year 7", "Claire Oakes", "£0.00", "Active"),
            ("Obi, Chidera", "ST-1459", "Year 10", "Ngozi Obi", "£0.00", "Active"),
            ("Oduya, Femi", "ST-1436", "Year 12", "Ayo Oduya", "£38.00 due", "Active"),
            ("Okafor, Maya", "ST-1428", "Year 9", "Tunde Okafor", "£76.00 overdue", "On hold"),
            ("Okafor, Tobi", "ST-1429", "Year 6", "Tunde Okafor", "£0.00", "Active"),
            ("Okonkwo, Maya", "ST-1482", "Year 8", "Grace Okonkwo", "£0.00", "Active"),
            ("Okonkwo, Mia", "ST-1483", "Year 5", "Grace Okonkwo", "£0.00", "Active"),
            ("Olsen, Freya", "ST-1475", "Year 11", "Lars Olsen", "£0.00", "Active"),
            ("O'Neill, Cara", "ST-1413", "Year 8", "Sinead O'Neill", "£0.00", "Cancelled"),
            ("Osei, Freddie", "ST-1509", "Year 3", "Kofi Osei", "£0.00", "Active"),
            ("Owusu, Kwame", "ST-1494", "Year 13", "Ama Owusu", "£0.00", "Active")]


def students_list(ctx, env, letter=None):
    path = "/students" + (f"?surname={letter}" if letter else "")
    p = Page(path, "Students · Tutorly")
    chrome(p, ctx, "Students")
    crumbs(p, ["Home", "Students"])
    p.node(2, "heading", "Students")
    p.node(2, "status", "")
    p.t(3, "Active: 212 · On hold: 9 · Trial: 4 · Overdue invoices: 6")
    p.node(2, "searchbox", "Filter this list")
    p.node(2, "combobox", "Status", value="All statuses", props="hasPopup='menu', expanded=False")
    p.node(2, "button", "Add student")
    p.node(2, "button", "Export CSV")
    p.node(2, "navigation", "Filter by surname")
    p.node(3, "link", "All", key="letter_all", props=("current='page'" if not letter else ""))
    for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        p.node(3, "link", c, key="letter_" + c, props=("current='page'" if c == letter else ""))
    rows = ROSTER_O if letter == "O" else ROSTER_A
    total = len(rows) if letter else 229
    per = 10
    npages = (total + per - 1) // per
    p.node(2, "table", "Students")
    p.node(3, "row", "")
    p.node(4, "columnheader", "")
    p.node(5, "button", "Name, sorted A to Z", key="sort_name")
    for h in ["ID", "Year", "Parent / guardian", "Balance", "Status"]:
        p.node(4, "columnheader", h)
    for name, sid, yr, parent, bal, status in rows[:per]:
        p.node(3, "row", "")
        p.node(4, "cell", "")
        p.node(5, "link", name, key=f"stu_{sid}")
        for c in [sid, yr, parent, bal, status]:
            p.node(4, "cell", c)
    p.node(2, "navigation", "Pagination")
    p.node(3, "button", "Previous page", props="disabled=True")
    p.t(3, f"Page 1 of {npages}")
    p.node(3, "button", "Next page", key="next_page")
    p.t(2, f"Showing 1–{min(per, total)} of {total}")
    footer(p)
    return p


def signin_page():
    p = Page("/signin?next=%2Flessons%2FLS-2207%2F2025-10-14%2Fedit", "Sign in · Tutorly")
    p.node(1, "banner", "")
    p.node(2, "link", "Tutorly", key="home")
    p.node(1, "main", "")
    p.node(2, "heading", "Sign in to Tutorly")
    p.node(2, "alert", "")
    p.t(3, "You were signed out after 30 minutes without activity. Sign in again to carry on.")
    p.node(2, "textbox", "Work email", key="email", props="required")
    p.node(2, "textbox", "Password", key="password", props="required")
    p.node(2, "checkbox", "Keep me signed in on this device", props="checked='false'")
    p.node(2, "button", "Sign in", key="signin")
    p.node(2, "link", "Forgot your password?")
    p.node(2, "link", "Sign in with Google Workspace")
    footer(p)
    return p


def error_page(ctx, sid, d):
    p = Page(f"/lessons/{sid}/{d.isoformat()}/edit", "Something went wrong · Tutorly")
    chrome(p, ctx, "Calendar")
    p.node(2, "heading", "Something went wrong")
    p.t(2, f"We couldn't save your changes to series {sid}. Nothing was changed. Try again in a few minutes.")
    p.t(2, "Error 500 · Reference 7f3c9e21-b04a")
    p.node(2, "link", "Back to lesson", key="back_lesson")
    p.node(2, "link", "Service status")
    footer(p)
    return p


def access_denied(ctx, sid, d):
    p = Page(f"/lessons/{sid}/{d.isoformat()}/edit", "Access denied · Tutorly")
    chrome(p, ctx, "Calendar")
    p.node(2, "heading", "Access denied")
    p.t(2, "Your role (Front desk) can view lessons but not change them. Editing, moving or "
           "reassigning lessons needs the Scheduler or Admin role.")
    p.node(2, "button", "Request access from an Admin")
    p.node(2, "link", "Back to lesson", key="back_lesson")
    footer(p)
    return p


# ---------------------------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------------------------
class Run:
    def __init__(self, rid, fault, off, start, success):
        self.id, self.fault, self.off, self.success = rid, fault, off, success
        self.start = start
        self.cur = start
        self.steps = []
        self.final = None

    def act(self, commitment, verb, key, nxt, why, effect, value=None):
        bid = self.cur.keys[key]
        target = self.cur.desc[key]
        if verb == "click":
            cmd = f"click({bid!r})"
        elif verb == "fill":
            cmd = f"fill({bid!r}, {value!r})"
        elif verb == "select":
            cmd = f"select_option({bid!r}, {value!r})"
        elif verb == "press":
            cmd = f"press({bid!r}, {value!r})"
        else:
            raise ValueError(verb)
        self.steps.append({"commitment": commitment,
                           "action": {"command": cmd, "reasoning": why, "target": target, "effect": effect},
                           "observation": nxt.obs()})
        self.cur = nxt
        return nxt

    def say(self, commitment, msg, why):
        self.steps.append({"commitment": commitment,
                           "action": {"command": f"send_msg_to_user({msg!r})", "reasoning": why,
                                      "target": "chat message to the user", "effect": "read"},
                           "observation": self.cur.obs()})
        self.final = msg

    def record(self):
        if self.fault is not None:
            assert 0 <= self.off < len(self.steps), self.id
        return {"id": self.id, "workflow": WORKFLOW, "task": TASK, "plan": PLAN_REL,
                "label": {"fault": self.fault, "first_off_track_step": self.off},
                "initial_observation": self.start.obs(), "steps": self.steps,
                "outcome": {"success": self.success, "final_message": self.final}}


PR = tlabel("Priya Raman")
DONE_MSG = ("Done. Maya Okonkwo's Tuesday 16:00 Piano Grade 4 series (LS-2207) is with Priya Raman "
            "from Tue 14 Oct 2025; this week's lesson (7 Oct) and earlier ones stay with Daniel Hart, "
            "the Thursday theory lesson is unchanged, and Grace Okonkwo was emailed.")


def cal_to_lesson(r, ctx, env, tfilter=None):
    r.act("find-lesson", "click", "next_week", calendar(ctx, env, WEEK1, tfilter),
          "The change starts next week, so move the calendar to the week of 13 Oct.", "read")
    r.act("find-lesson", "click", "ev_LS-2207_2025-10-14", lesson_detail(ctx, env, "LS-2207", TARGET),
          "Tuesday 14 Oct has two 16:00 lessons for a Maya; this one is Piano Grade 4 with Daniel Hart "
          "in Room 3, the one the task means.", "read")


def open_editor(r, ctx, env, sid="LS-2207", d=TARGET):
    ed = Editor(ctx, env, sid, d)
    r.act("change-tutor", "click", "edit", ed.page(),
          "Open the lesson editor to change the tutor.", "read")
    return ed


def pick_tutor(r, ed, label=PR, why="Choose Priya Raman (TU-044) as the new tutor."):
    ed.form["tutor"] = label
    r.act("change-tutor", "select", "tutor", ed.page(), why, "write", value=label)


def tick_notify(r, ed):
    ed.form["notify"] = True
    r.act("notify-parent", "click", "notify", ed.page(),
          "The task asks for the parent to be notified; tick the box.", "write")


def save(r, ed, dialog="recurring", why="Save the change; the app should ask which lessons it covers."):
    r.act("apply-following", "click", "save", ed.page(dialog), why, "write")


def choose(r, ed, key, why):
    r.act("apply-following", "click", "r_" + key, ed.page("recurring", key), why, "write")


def apply(r, ctx, ed, scope, why="Apply the change to this and the following lessons."):
    env2, toast = apply_change(ed, scope)
    r.act("apply-following", "click", "apply", lesson_detail(ctx, env2, ed.s.id, ed.d, toast), why, "irreversible")
    return env2


def std_finish(r, ctx, ed):
    tick_notify(r, ed)
    save(r, ed)
    choose(r, ed, "following", "Only 14 Oct onward should move, so pick 'This and following lessons'.")
    return apply(r, ctx, ed, "following")


def healthy_runs():
    runs = []

    # H1: calendar, the plain path
    env = Env()
    r = Run("tutorly-healthy-01", None, None, calendar(ADMIN, env, WEEK0), True)
    cal_to_lesson(r, ADMIN, env)
    ed = open_editor(r, ADMIN, env)
    pick_tutor(r, ed)
    std_finish(r, ADMIN, ed)
    r.say("report", DONE_MSG, "The toast confirms the series moved from 14 Oct and the email went out.")
    runs.append(r)

    # H2: global search, student profile, lessons tab, pagination
    env = Env()
    r = Run("tutorly-healthy-02", None, None, dashboard(ADMIN, env), True)
    r.act("find-lesson", "fill", "search", dashboard(ADMIN, env, "Maya Okonkwo", SUGGEST["Maya Okonkwo"]),
          "Search for the student by name.", "read", value="Maya Okonkwo")
    r.act("find-lesson", "press", "search", search_results(ADMIN, env, "Maya Okonkwo"),
          "Open the full results to check the student ID.", "read", value="Enter")
    r.act("find-lesson", "click", "res_ST-1482", student_profile(ADMIN, env, "ST-1482"),
          "ST-1482 is Maya Okonkwo; the others are her sister Mia and Maya Okafor.", "read")
    r.act("find-lesson", "click", "tab_lessons", student_profile(ADMIN, env, "ST-1482", "Lessons"),
          "List her lessons to find Tue 14 Oct.", "read")
    r.act("find-lesson", "click", "next_page", student_profile(ADMIN, env, "ST-1482", "Lessons", page=2),
          "Page 1 stops at 2 Oct; 14 Oct is on the next page.", "read")
    r.act("find-lesson", "click", "lrow_LS-2207_2025-10-14", lesson_detail(ADMIN, env, "LS-2207", TARGET),
          "Open the Tue 14 Oct 16:00 Piano Grade 4 lesson.", "read")
    ed = open_editor(r, ADMIN, env)
    pick_tutor(r, ed)
    std_finish(r, ADMIN, ed)
    r.say("report", DONE_MSG, "Series updated from 14 Oct with the parent emailed.")
    runs.append(r)

    # H3: students list, surname filter, lessons tab with the Upcoming filter
    env = Env()
    r = Run("tutorly-healthy-03", None, None, calendar(ADMIN, env, WEEK0), True)
    r.act("find-lesson", "click", "nav_students", students_list(ADMIN, env),
          "Go through the student record to be sure of the right Maya.", "read")
    r.act("find-lesson", "click", "letter_O", students_list(ADMIN, env, "O"),
          "Narrow the list to surnames starting with O.", "read")
    r.act("find-lesson", "click", "stu_ST-1482", student_profile(ADMIN, env, "ST-1482"),
          "Okonkwo, Maya (ST-1482), not Okonkwo, Mia or Okafor, Maya.", "read")
    r.act("find-lesson", "click", "tab_lessons", student_profile(ADMIN, env, "ST-1482", "Lessons"),
          "Open her lessons.", "read")
    r.act("find-lesson", "select", "show", student_profile(ADMIN, env, "ST-1482", "Lessons", "Upcoming"),
          "Only upcoming lessons matter here.", "read", value="Upcoming")
    r.act("find-lesson", "click", "lrow_LS-2207_2025-10-14", lesson_detail(ADMIN, env, "LS-2207", TARGET),
          "Tue 14 Oct 16:00 Piano Grade 4 is the first lesson to move.", "read")
    ed = open_editor(r, ADMIN, env)
    pick_tutor(r, ed)
    std_finish(r, ADMIN, ed)
    r.say("report", DONE_MSG, "Confirmed by the toast.")
    runs.append(r)

    # H4: calendar filtered to the current tutor, toast dismissed afterwards
    env = Env()
    r = Run("tutorly-healthy-04", None, None, calendar(ADMIN, env, WEEK0), True)
    r.act("find-lesson", "select", "tutor_filter", calendar(ADMIN, env, WEEK0, "Daniel Hart"),
          "Filter the calendar to Daniel Hart, the current tutor, to cut the clutter.", "read",
          value=tlabel("Daniel Hart"))
    cal_to_lesson(r, ADMIN, env, "Daniel Hart")
    ed = open_editor(r, ADMIN, env)
    pick_tutor(r, ed)
    env2 = std_finish(r, ADMIN, ed)
    r.act("report", "click", "dismiss", lesson_detail(ADMIN, env2, "LS-2207", TARGET),
          "Read the toast; dismiss it and check the lesson now shows Priya Raman.", "read")
    r.say("report", DONE_MSG, "The lesson page shows Priya Raman from 14 Oct, earlier lessons with Daniel Hart.")
    runs.append(r)

    # H5: recurring dialog opened, cancelled to add a message, then saved again
    env = Env()
    r = Run("tutorly-healthy-05", None, None, calendar(ADMIN, env, WEEK0), True)
    cal_to_lesson(r, ADMIN, env)
    ed = open_editor(r, ADMIN, env)
    pick_tutor(r, ed)
    tick_notify(r, ed)
    save(r, ed)
    r.act("apply-following", "click", "dlg_cancel", ed.page(),
          "Before applying, add a short note for the parent; cancel this dialog for now.", "read")
    ed.form["msg"] = ("Hi Grace, from Tue 14 Oct Maya's Tuesday piano lessons will be with Priya Raman, "
                      "same time and room.")
    r.act("notify-parent", "fill", "msg", ed.page(), "Write the note for the parent.", "write", value=ed.form["msg"])
    save(r, ed, why="Save again.")
    choose(r, ed, "following", "Change 14 Oct and the lessons after it.")
    apply(r, ADMIN, ed, "following")
    r.say("report", DONE_MSG, "Toast confirms it.")
    runs.append(r)

    # H6: search by series ID, lands on 7 Oct, moves to 14 Oct via the series table; retypes a field
    env = Env()
    r = Run("tutorly-healthy-06", None, None, dashboard(ADMIN, env), True)
    r.act("find-lesson", "fill", "search", dashboard(ADMIN, env, "LS-2207", SUGGEST["LS-2207"]),
          "Look the series up by its ID.", "read", value="LS-2207")
    r.act("find-lesson", "press", "search", search_results(ADMIN, env, "LS-2207"),
          "See all matches.", "read", value="Enter")
    r.act("find-lesson", "click", "res_LS-2207", lesson_detail(ADMIN, env, "LS-2207", D(10, 7)),
          "LS-2207 is the Piano Grade 4 series; LS-2270 and LS-2208 are other students.", "read")
    r.act("find-lesson", "click", "row_2025-10-14", lesson_detail(ADMIN, env, "LS-2207", TARGET),
          "This opened the 7 Oct lesson, which must stay; go to Tue 14 Oct instead.", "read")
    ed = open_editor(r, ADMIN, env)
    pick_tutor(r, ed)
    tick_notify(r, ed)
    ed.form["msg"] = "From Tue 14 Oct Maya's piano lessons will be with Pirya Raman."
    r.act("notify-parent", "fill", "msg", ed.page(), "Add a line for the parent.", "write", value=ed.form["msg"])
    ed.form["msg"] = "From Tue 14 Oct Maya's piano lessons will be with Priya Raman."
    r.act("notify-parent", "fill", "msg", ed.page(), "Fix the typo in the tutor's name.", "write", value=ed.form["msg"])
    save(r, ed)
    choose(r, ed, "following", "This and following lessons.")
    apply(r, ADMIN, ed, "following")
    r.say("report", DONE_MSG, "Done and confirmed.")
    runs.append(r)

    # H7: suggestion click, lessons tab sorted newest first, second page
    env = Env()
    r = Run("tutorly-healthy-07", None, None, dashboard(ADMIN, env), True)
    r.act("find-lesson", "fill", "search", dashboard(ADMIN, env, "Okonkwo", SUGGEST["Okonkwo"]),
          "Search by surname.", "read", value="Okonkwo")
    r.act("find-lesson", "click", "sug_ST-1482", student_profile(ADMIN, env, "ST-1482"),
          "Pick Maya Okonkwo, ST-1482.", "read")
    r.act("find-lesson", "click", "tab_lessons", student_profile(ADMIN, env, "ST-1482", "Lessons"),
          "Open her lessons.", "read")
    r.act("find-lesson", "click", "sort_date", student_profile(ADMIN, env, "ST-1482", "Lessons", desc=True),
          "Sort by date.", "read")
    r.act("find-lesson", "click", "next_page",
          student_profile(ADMIN, env, "ST-1482", "Lessons", desc=True, page=2),
          "Newest first puts mid-October on page 2.", "read")
    r.act("find-lesson", "click", "lrow_LS-2207_2025-10-14", lesson_detail(ADMIN, env, "LS-2207", TARGET),
          "Open Tue 14 Oct 16:00 Piano Grade 4.", "read")
    ed = open_editor(r, ADMIN, env)
    pick_tutor(r, ed)
    std_finish(r, ADMIN, ed)
    r.say("report", DONE_MSG, "Confirmed.")
    runs.append(r)

    # H8: a one-date leave warning raised by the save, accepted; result checked on the profile
    env = Env(leave=True)
    r = Run("tutorly-healthy-08", None, None, calendar(ADMIN, env, WEEK0), True)
    cal_to_lesson(r, ADMIN, env)
    ed = open_editor(r, ADMIN, env)
    pick_tutor(r, ed)
    tick_notify(r, ed)
    save(r, ed, "leave")
    r.act("apply-following", "click", "continue", ed.page("recurring"),
          "One date in December needs cover; the centre handles that. Continue.", "read")
    choose(r, ed, "following", "This and following lessons.")
    env2 = apply(r, ADMIN, ed, "following")
    r.act("report", "click", "student_link", student_profile(ADMIN, env2, "ST-1482"),
          "Check the weekly lessons on her profile.", "read")
    r.say("report", DONE_MSG + " Tue 2 Dec is flagged Needs cover because Priya is on leave that day.",
          "Profile shows Priya Raman from 14 Oct, Daniel Hart until 7 Oct, Thursday theory unchanged.")
    runs.append(r)
    return runs


def faulty_runs():
    runs = []

    # F1 wrong_record: the sister (Mia Okonkwo) picked from the search suggestions
    env = Env()
    r = Run("tutorly-wrong_record-01", "wrong_record", 1, dashboard(ADMIN, env), False)
    r.act("find-lesson", "fill", "search", dashboard(ADMIN, env, "Maya Okonkwo", SUGGEST["Maya Okonkwo"]),
          "Search for the student.", "read", value="Maya Okonkwo")
    r.act("find-lesson", "click", "sug_ST-1483", student_profile(ADMIN, env, "ST-1483"),
          "Open the Okonkwo student with the piano lessons.", "read")
    r.act("find-lesson", "click", "tab_lessons", student_profile(ADMIN, env, "ST-1483", "Lessons"),
          "Open her lessons.", "read")
    r.act("find-lesson", "click", "lrow_LS-2208_2025-10-14", lesson_detail(ADMIN, env, "LS-2208", TARGET),
          "Tuesday 14 Oct piano lesson.", "read")
    ed = open_editor(r, ADMIN, env, "LS-2208")
    pick_tutor(r, ed)
    tick_notify(r, ed)
    save(r, ed, "clash")
    r.act("apply-following", "click", "save_anyway", ed.page("recurring"),
          "The clash can be sorted out later; save.", "write")
    choose(r, ed, "following", "This and following lessons.")
    apply(r, ADMIN, ed, "following")
    r.say("report", "Done: the Tuesday piano lessons move to Priya Raman from 14 Oct and the parent was emailed.",
          "Toast says the series was updated.")
    runs.append(r)

    # F2 wrong_record: this week's occurrence (Tue 7 Oct) edited with 'This and following'
    env = Env()
    r = Run("tutorly-wrong_record-02", "wrong_record", 0, calendar(ADMIN, env, WEEK0), False)
    r.act("find-lesson", "click", "ev_LS-2207_2025-10-07", lesson_detail(ADMIN, env, "LS-2207", D(10, 7)),
          "Maya's Tuesday piano lesson is on the calendar already; open it.", "read")
    ed = open_editor(r, ADMIN, env, "LS-2207", D(10, 7))
    pick_tutor(r, ed)
    tick_notify(r, ed)
    save(r, ed)
    choose(r, ed, "following", "Change the lesson and all after it.")
    apply(r, ADMIN, ed, "following")
    r.say("report", DONE_MSG, "Series updated.")
    runs.append(r)

    # F3 wrong_value: the near-miss tutor Priya Ramesh, clash overridden
    env = Env()
    r = Run("tutorly-wrong_value-01", "wrong_value", 3, calendar(ADMIN, env, WEEK0), False)
    cal_to_lesson(r, ADMIN, env)
    ed = open_editor(r, ADMIN, env)
    pick_tutor(r, ed, tlabel("Priya Ramesh"), "Choose Priya as the new tutor.")
    tick_notify(r, ed)
    save(r, ed, "clash")
    r.act("apply-following", "click", "save_anyway", ed.page("recurring"),
          "The user asked for this tutor; save anyway.", "write")
    choose(r, ed, "following", "This and following lessons.")
    apply(r, ADMIN, ed, "following")
    r.say("report", DONE_MSG, "Series updated.")
    runs.append(r)

    # F4 dialog_mishandled: 'All lessons' chosen, rewriting past lessons
    env = Env()
    r = Run("tutorly-dialog_mishandled-01", "dialog_mishandled", 6, calendar(ADMIN, env, WEEK0), False)
    cal_to_lesson(r, ADMIN, env, None)
    ed = open_editor(r, ADMIN, env)
    pick_tutor(r, ed)
    tick_notify(r, ed)
    save(r, ed)
    choose(r, ed, "all", "She is moving to Priya for good, so update the whole series.")
    apply(r, ADMIN, ed, "all", "Apply.")
    r.say("report", DONE_MSG, "Series updated.")
    runs.append(r)

    # F5 dialog_mishandled: default 'This lesson only' left selected
    env = Env()
    r = Run("tutorly-dialog_mishandled-02", "dialog_mishandled", 9, dashboard(ADMIN, env), False)
    r.act("find-lesson", "fill", "search", dashboard(ADMIN, env, "Maya Okonkwo", SUGGEST["Maya Okonkwo"]),
          "Search for the student.", "read", value="Maya Okonkwo")
    r.act("find-lesson", "click", "sug_ST-1482", student_profile(ADMIN, env, "ST-1482"),
          "Maya Okonkwo, ST-1482.", "read")
    r.act("find-lesson", "click", "tab_lessons", student_profile(ADMIN, env, "ST-1482", "Lessons"),
          "Her lessons.", "read")
    r.act("find-lesson", "click", "next_page", student_profile(ADMIN, env, "ST-1482", "Lessons", page=2),
          "14 Oct is on page 2.", "read")
    r.act("find-lesson", "click", "lrow_LS-2207_2025-10-14", lesson_detail(ADMIN, env, "LS-2207", TARGET),
          "Open Tue 14 Oct 16:00 Piano Grade 4.", "read")
    ed = open_editor(r, ADMIN, env)
    pick_tutor(r, ed)
    tick_notify(r, ed)
    save(r, ed)
    apply(r, ADMIN, ed, "only", "Apply the change starting with this lesson.")
    r.say("report", DONE_MSG, "Saved.")
    runs.append(r)

    # F6 skipped_step: parent notification never ticked
    env = Env()
    r = Run("tutorly-skipped_step-01", "skipped_step", 4, calendar(ADMIN, env, WEEK0), False)
    cal_to_lesson(r, ADMIN, env)
    ed = open_editor(r, ADMIN, env)
    pick_tutor(r, ed)
    save(r, ed, why="Tutor set; save.")
    choose(r, ed, "following", "This and following lessons.")
    apply(r, ADMIN, ed, "following")
    r.say("report", "Done: LS-2207 is with Priya Raman from Tue 14 Oct 2025; earlier lessons stay with Daniel Hart.",
          "Series updated.")
    runs.append(r)

    # F7 unrequested_constraint: the new arrangement given an end date (end of term)
    env = Env()
    r = Run("tutorly-unrequested_constraint-01", "unrequested_constraint", 4,
            calendar(ADMIN, env, WEEK0), False)
    cal_to_lesson(r, ADMIN, env)
    ed = open_editor(r, ADMIN, env)
    pick_tutor(r, ed)
    ed.form["ends"] = "On date"
    r.act("change-tutor", "select", "ends", ed.page(),
          "Tutor swaps usually run to the end of term; set the series to end on 19 Dec.", "write",
          value="On date")
    ed.form["end_date"] = "19/12/2025"
    r.act("change-tutor", "fill", "end_date", ed.page(), "End of autumn term.", "write", value="19/12/2025")
    std_finish(r, ADMIN, ed)
    r.say("report", DONE_MSG, "Series updated.")
    runs.append(r)

    # F8 silent_noop: Apply closes the dialog but nothing is saved
    env = Env()
    r = Run("tutorly-silent_noop-01", "silent_noop", 7, calendar(ADMIN, env, WEEK0), False)
    cal_to_lesson(r, ADMIN, env)
    ed = open_editor(r, ADMIN, env)
    pick_tutor(r, ed)
    tick_notify(r, ed)
    save(r, ed)
    choose(r, ed, "following", "This and following lessons.")
    r.act("apply-following", "click", "apply", lesson_detail(ADMIN, env, "LS-2207", TARGET),
          "Apply the change to this and the following lessons.", "irreversible")
    r.say("report", DONE_MSG, "Dialog closed and I'm back on the lesson, so it saved.")
    runs.append(r)

    # F9 error_page: the save fails with a server error (agent reports honestly)
    env = Env()
    r = Run("tutorly-error_page-01", "error_page", 11, calendar(ADMIN, env, WEEK0), False)
    r.act("find-lesson", "click", "nav_students", students_list(ADMIN, env), "Find the student.", "read")
    r.act("find-lesson", "click", "letter_O", students_list(ADMIN, env, "O"), "Surnames starting with O.", "read")
    r.act("find-lesson", "click", "stu_ST-1482", student_profile(ADMIN, env, "ST-1482"),
          "Okonkwo, Maya (ST-1482).", "read")
    r.act("find-lesson", "click", "tab_lessons", student_profile(ADMIN, env, "ST-1482", "Lessons"),
          "Her lessons.", "read")
    r.act("find-lesson", "select", "show", student_profile(ADMIN, env, "ST-1482", "Lessons", "Upcoming"),
          "Upcoming only.", "read", value="Upcoming")
    r.act("find-lesson", "click", "lrow_LS-2207_2025-10-14", lesson_detail(ADMIN, env, "LS-2207", TARGET),
          "Tue 14 Oct 16:00 Piano Grade 4.", "read")
    ed = open_editor(r, ADMIN, env)
    pick_tutor(r, ed)
    tick_notify(r, ed)
    save(r, ed)
    choose(r, ed, "following", "This and following lessons.")
    r.act("apply-following", "click", "apply", error_page(ADMIN, "LS-2207", TARGET),
          "Apply the change to this and the following lessons.", "irreversible")
    r.say("report", "I couldn't finish: saving the change to LS-2207 failed with a server error (500), "
                    "so nothing was changed.", "The save failed.")
    runs.append(r)

    # F10 permission_denied: signed in with a view-only role, visible on the start page
    env = Env()
    r = Run("tutorly-permission_denied-01", "permission_denied", 0, calendar(FRONT_DESK, env, WEEK0), False)
    cal_to_lesson(r, FRONT_DESK, env)
    r.act("change-tutor", "click", "edit", access_denied(FRONT_DESK, "LS-2207", TARGET),
          "Open the lesson editor to change the tutor.", "read")
    r.say("report", "I can't make this change: this account (Front desk) can't edit lessons. "
                    "An Admin or Scheduler needs to do it.", "Access denied.")
    runs.append(r)

    # F11 session_expired: signed out when opening the editor
    env = Env()
    r = Run("tutorly-session_expired-01", "session_expired", 2, calendar(ADMIN, env, WEEK0), False)
    cal_to_lesson(r, ADMIN, env)
    r.act("change-tutor", "click", "edit", signin_page(), "Open the lesson editor to change the tutor.", "read")
    r.say("report", "I was signed out of Tutorly before I could change the lesson; please sign in again "
                    "and I'll retry.", "Session ended.")
    runs.append(r)

    # F12 premature_success: reports done with the recurring dialog still open, Apply never clicked
    env = Env()
    r = Run("tutorly-premature_success-01", "premature_success", 7, calendar(ADMIN, env, WEEK0), False)
    cal_to_lesson(r, ADMIN, env)
    ed = open_editor(r, ADMIN, env)
    pick_tutor(r, ed)
    tick_notify(r, ed)
    save(r, ed)
    choose(r, ed, "following", "This and following lessons.")
    r.say("report", DONE_MSG, "Tutor set, parent box ticked, and 'This and following lessons' chosen.")
    runs.append(r)
    return runs


def main():
    out = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    with open(os.path.join(out, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    runs = healthy_runs() + faulty_runs()
    assert len(runs) == 20
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in runs:
            f.write(json.dumps(r.record(), ensure_ascii=False, sort_keys=False) + "\n")
    print(f"wrote {len(runs)} trajectories to {os.path.join(out, 'corpus.jsonl')} and {PLAN_REL}")


if __name__ == "__main__":
    main()
