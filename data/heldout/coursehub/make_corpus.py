#!/usr/bin/env python3
"""Generate the coursehub held-out corpus (Quillgate Registrar). Standard library only; deterministic."""
import json, os, random

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "http://127.0.0.1:8000/quillgate"
WF = "coursehub"
TASK = ("In Quillgate Registrar, move BIOL 2140 section 003 for the Spring 2026 term only to room "
        "Hartwell Hall 214, meeting TuTh 10:30-11:45. Keep Dr. Amara Okonkwo as instructor and keep "
        "the enrollment cap at 48. Do not change other terms or other sections.")
RNG = random.Random(2140003)

# ---------------------------------------------------------------- data
SECTIONS = [
    # code, sec, title, instructor, room, pattern, enrolled, cap, waitlist, status
    ("ACCT 2010", "001", "Financial Accounting", "Dr. Ruth Ambler", "Pruitt Hall 214", "MWF 1:00-1:50", 45, 60, 0, "Open"),
    ("AFST 1000", "002", "Introduction to African Studies", "Dr. Kofi Mensah", "Corbin Hall 105", "TuTh 4:00-5:15", 22, 30, 0, "Open"),
    ("ARAB 1010", "001", "Elementary Arabic I", "Staff", "Corbin Hall 011", "MTWTh 9:00-9:50", 12, 20, 0, "Instructor overdue"),
    ("ARTH 2200", "003", "Renaissance Art", "Dr. Clara Benedetti", "Hartwell Hall 110", "TuTh 10:30-11:45", 0, 35, 0, "Cancelled"),
    ("ASTR 1040", "001", "The Solar System", "Dr. Neil Parekh", "Hartwell Hall 241", "MWF 2:00-2:50", 38, 40, 0, "Open"),
    ("ATMS 2140", "003", "Weather and Climate", "Dr. Amara Okafor", "Hartwell Hall 214", "MWF 9:00-9:50", 30, 48, 0, "Open"),
    ("ANTH 1100", "001", "Peoples and Cultures", "Dr. Tomas Ferreira", "Corbin Hall 102", "MWF 8:00-8:50", 61, 65, 0, "Open"),
    ("BIOL 1010", "002", "Foundations of Biology", "Dr. Helen Marsh", "Marsh Science 118", "TuTh 8:00-9:15", 120, 120, 14, "Full"),
    ("BIOL 2104", "003", "Field Ecology Methods", "Dr. Priya Raman", "Hartwell Annex 214", "TuTh 10:30-11:45", 0, 24, 0, "Cancelled"),
    ("BIOL 2140", "001", "Cell and Molecular Biology", "Dr. Jonah Whitcombe", "Marsh Science 120", "MWF 8:00-8:50", 44, 48, 0, "Open"),
    ("BIOL 2140", "002", "Cell and Molecular Biology", "Dr. Jonah Whitcombe", "Marsh Science 120", "MWF 11:00-11:50", 47, 48, 2, "Open"),
    ("BIOL 2140", "003", "Cell and Molecular Biology", "Dr. Amara Okonkwo", "Marsh Science 118", "MWF 9:00-9:50", 48, 48, 6, "Full"),
    ("BIOL 2140", "004", "Cell and Molecular Biology", "Dr. Amara Okonkwo", "Hartwell Hall 241", "TuTh 1:00-2:15", 39, 48, 0, "Open"),
    ("BIOL 2140", "030", "Cell and Molecular Biology Lab", "Dr. Amara Okonkwo", "Marsh Science 014", "W 2:00-4:50", 18, 20, 3, "Open"),
    ("BIOL 2410", "003", "Genetics", "Dr. Lena Sokolova", "Hartwell Hall 214", "MWF 10:00-10:50", 52, 55, 0, "Open"),
    ("CHEM 1010", "002", "General Chemistry I", "Dr. Oren Blaylock", "Hartford Hall 214", "TuTh 10:30-11:45", 88, 90, 1, "Open"),
    ("CHEM 2300", "001", "Organic Chemistry I", "Dr. Wen Liu", "Hartwell Hall 110", "MWF 9:00-9:50", 71, 70, 9, "Over cap"),
    ("COMM 1500", "005", "Public Speaking", "Staff", "Corbin Hall 007", "TuTh 2:30-3:45", 0, 25, 0, "Instructor overdue"),
    ("ECON 2010", "001", "Principles of Microeconomics", "Dr. Mei Tanaka", "Pruitt Hall 300", "MWF 10:00-10:50", 140, 150, 0, "Open"),
    ("HIST 1120", "004", "World History since 1500", "Dr. Samuel Adeyemi", "Corbin Hall 210", "TuTh 10:30-11:45", 33, 40, 0, "Open"),
    ("MATH 2140", "003", "Linear Algebra", "Dr. Ines Varga", "Pruitt Hall 214", "TuTh 10:30-11:45", 35, 35, 4, "Full"),
    ("PSYC 1000", "010", "Introduction to Psychology", "Dr. Karen Holt", "Pruitt Hall 100", "Online async", 200, 200, 22, "Full"),
]
TOTAL = 412
ROOMS = ["Marsh Science 118", "Marsh Science 120", "Hartford Hall 214", "Hartwell Annex 214",
         "Hartwell Hall 214", "Hartwell Hall 241", "Hartwell Hall 110", "Pruitt Hall 214"]
PATTERNS = ["MWF 9:00-9:50", "MWF 10:30-11:20", "TuTh 10:00-11:15", "TuTh 10:30-11:45", "TuTh 1:00-2:15"]


def key(code, sec):
    return code.replace(" ", "") + "-" + sec


class Page:
    def __init__(self, url, title, start=100):
        self.url, self.title, self.lines, self.ids, self.n = url, title, [], {}, start

    def add(self, role, name, k=None, depth=0, extra="", nobid=False):
        if nobid:
            self.lines.append("\t" * depth + "%s '%s'%s" % (role, name, extra))
            return None
        self.n += 1
        bid = str(self.n)
        self.lines.append("\t" * depth + "[%s] %s '%s'%s" % (bid, role, name, extra))
        if k:
            self.ids[k] = bid
        return bid

    def text(self, t, depth=1):
        self.add("StaticText", t, depth=depth)

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


def chrome(p, crumbs, term="Spring 2026"):
    p.add("RootWebArea", p.title, k="root")
    p.add("banner", "", depth=1)
    p.add("link", "Quillgate Registrar home", k="home", depth=2)
    p.add("searchbox", "Search sections, courses, rooms", k="globalsearch", depth=2)
    p.add("button", "Notifications (3)", depth=2)
    p.add("button", "Help", depth=2)
    p.add("button", "Rosa Delgado (Scheduling Office)", k="usermenu", depth=2, extra=", hasPopup='menu'")
    p.add("navigation", "Main", depth=1)
    for nm, k in [("Dashboard", "nav_dash"), ("Section schedule", "nav_sched"), ("Rooms", "nav_rooms"),
                  ("Instructors", "nav_instr"), ("Final exams", None), ("Reports", None), ("Audit log", None)]:
        p.add("link", nm, k=k, depth=2)
    p.add("StaticText", "Active term: " + term, depth=2)
    p.add("navigation", "Breadcrumb", depth=1)
    for c in crumbs:
        p.add("link", c, depth=2)


def footer(p):
    p.add("contentinfo", "", depth=1)
    p.add("StaticText", "Quillgate Registrar 7.4.2 · Office of the Registrar", depth=2)
    p.add("link", "Accessibility", depth=2)
    p.add("link", "Privacy", depth=2)
    p.add("StaticText", "Nightly room sync: last run failed for 2 buildings (Corbin Hall, Pruitt Annex) — retrying 02:00", depth=2)


def status_strip(p):
    p.add("region", "Term status", depth=1)
    p.text("Sections scheduled: %d · Unassigned rooms: 7 · Room conflicts: 3 · Cancelled: 11" % TOTAL, 2)
    p.add("meter", "Classroom utilization 81%", depth=2, extra=", valuemin=0, valuemax=100, valuetext='81%'")


# ---------------------------------------------------------------- pages
def list_page(term="Spring 2026", query=None, page_no=1, sort=None, open_only=False, banner=None, toast=None):
    rows = list(SECTIONS)
    if term != "Spring 2026":
        rows = [r for r in rows if r[9] != "Cancelled"]
    if query:
        q = query.replace(" ", "").lower()
        rows = [r for r in rows if q in r[0].replace(" ", "").lower() or
                (q[:4] == r[0][:4].lower() and sorted(q[4:]) == sorted(r[0][5:]))]
    if open_only:
        rows = [r for r in rows if r[9] == "Open"]
    if sort == "enrolled_desc":
        rows = sorted(rows, key=lambda r: -r[6])
    per = 8
    shown = rows if query else rows[(page_no - 1) * per: page_no * per]
    url = BASE + "/sections?term=" + term.replace(" ", "")
    if query:
        url += "&q=" + query.replace(" ", "+")
    if open_only:
        url += "&seats=open"
    if page_no > 1:
        url += "&page=%d" % page_no
    if sort:
        url += "&sort=enrolled.desc"
    title = "Section schedule · %s · Quillgate Registrar" % term
    p = Page(url, title, start=100)
    chrome(p, ["Home", "Scheduling", "Section schedule"], term)
    p.add("main", "", depth=1)
    if banner:
        p.add("alert", banner, depth=2)
    p.add("heading", "Section schedule", depth=2)
    status_strip(p)
    p.add("group", "Filters", depth=2)
    p.add("combobox", "Term", k="term", depth=3, extra=", hasPopup='listbox', value='%s'" % term)
    p.add("combobox", "Subject", k="subject", depth=3, extra=", hasPopup='listbox', value='All subjects'")
    p.add("textbox", "Find a section by course code", k="search", depth=3, extra=(", value='%s'" % query if query else ""))
    p.add("button", "Search", k="searchbtn", depth=3)
    p.add("checkbox", "Open seats only", k="openonly", depth=3, extra=", checked='%s'" % ("true" if open_only else "false"))
    p.add("checkbox", "Show cancelled sections", depth=3, extra=", checked='true'")
    if query:
        p.add("StaticText", "Results for %s (%d)" % (query, len(rows)), depth=2)
    if not shown:
        p.add("StaticText", "No sections match these filters.", depth=2)
    p.add("table", "Sections", depth=2)
    p.add("row", "", depth=3)
    p.add("columnheader", "Course", k="sort_course", depth=4, extra=", sort='ascending'" if not sort else "")
    p.add("columnheader", "Section", depth=4)
    p.add("columnheader", "Title", depth=4)
    p.add("columnheader", "Instructor", depth=4)
    p.add("columnheader", "Room", depth=4)
    p.add("columnheader", "Meets", depth=4)
    p.add("button", "Sort by enrollment", k="sort_enr", depth=4, extra=", sort='descending'" if sort else "")
    p.add("columnheader", "Waitlist", depth=4)
    p.add("columnheader", "Status", depth=4)
    for r in shown:
        code, sec, ttl, ins, room, pat, en, cap, wl, st = r
        p.add("row", "", depth=3)
        p.add("link", "%s-%s" % (code, sec), k="open_" + key(code, sec), depth=4)
        p.add("gridcell", ttl, depth=4, nobid=False)
        p.add("gridcell", ins, depth=4)
        p.add("gridcell", room, depth=4)
        p.add("gridcell", pat, depth=4)
        p.add("meter", "Enrolled %d of %d" % (en, cap), depth=4,
              extra=", valuemin=0, valuemax=%d, valuetext='%d/%d'" % (cap, en, cap))
        p.add("gridcell", "Waitlist %d" % wl, depth=4)
        p.add("gridcell", st, depth=4)
        if room in ("Hartwell Hall 241", "Pruitt Hall 214"):
            p.add("image", "Room conflict warning", depth=5)
    if not query:
        p.add("navigation", "Pagination", depth=2)
        p.add("StaticText", "Showing %d-%d of %d" % ((page_no - 1) * per + 1, (page_no - 1) * per + len(shown), TOTAL), depth=3)
        p.add("link", "Previous page", k="prev", depth=3)
        for i in (1, 2, 3):
            p.add("link", "Page %d" % i, k="page%d" % i, depth=3, extra=(", current='page'" if i == page_no else ""))
        p.add("link", "Next page", k="next", depth=3)
    if toast:
        p.add("status", toast, depth=2)
    footer(p)
    return p


def find(code, sec):
    for r in SECTIONS:
        if r[0] == code and r[1] == sec:
            return r


def detail_page(code, sec, term="Spring 2026", room=None, pattern=None, toast=None, alert=None,
                scope_note=None, instructor=None, cap=None):
    r = find(code, sec)
    _, _, ttl, ins, room0, pat0, en, cap0, wl, st = r
    room = room or room0
    pattern = pattern or pat0
    instructor = instructor or ins
    cap = cap or cap0
    k = key(code, sec)
    p = Page(BASE + "/sections/%s/%s" % (term.replace(" ", ""), k),
             "Section %s-%s · %s · Quillgate Registrar" % (code, sec, term), start=300)
    chrome(p, ["Home", "Section schedule", "%s-%s" % (code, sec)], term)
    p.add("main", "", depth=1)
    if alert:
        p.add("alert", alert, depth=2)
    if toast:
        p.add("status", toast, depth=2)
    p.add("heading", "Section %s-%s · %s" % (code, sec, term), depth=2)
    p.add("StaticText", ttl + " · 4 credits · Lecture" if sec != "030" else ttl + " · 1 credit · Laboratory", depth=2)
    p.add("group", "Schedule", depth=2)
    p.text("Instructor: " + instructor, 3)
    p.text("Room " + room, 3)
    p.text(pattern, 3)
    p.text("Dates: Jan 12 - May 1, 2026", 3)
    if scope_note:
        p.text(scope_note, 3)
    p.add("group", "Enrollment", depth=2)
    p.add("meter", "Enrollment %d of %d" % (en, cap), depth=3,
          extra=", valuemin=0, valuemax=%d, valuetext='%d/%d'" % (cap, en, cap))
    p.text("Enrollment cap: %d" % cap, 3)
    p.text("Waitlist: %d students (2 offers expired, 1 offer cancelled)" % wl, 3)
    p.add("group", "Room checks", depth=2)
    if room == "Hartwell Hall 214" and pattern == "TuTh 10:30-11:45":
        p.text("Hartwell Hall 214 seats 54 · no overlapping bookings", 3)
    else:
        p.text("Last room check failed 3 days ago (sync outage); passed on re-run", 3)
    p.add("group", "Actions", depth=2)
    p.add("button", "Edit room and meeting pattern", k="edit", depth=3)
    p.add("button", "View roster", depth=3)
    p.add("button", "Message waitlisted students", depth=3)
    p.add("button", "Cancel section", depth=3)
    p.add("link", "Back to section schedule", k="back", depth=3)
    p.add("region", "Related sections", depth=2)
    for other in ("001", "002", "004", "030"):
        if other != sec and code == "BIOL 2140":
            p.add("link", "BIOL 2140-%s" % other, depth=3)
    p.add("region", "Change history", depth=2)
    p.text("Nov 3, 2025 — Cap raised 44 → 48 by j.whitcombe", 3)
    p.text("Oct 20, 2025 — Room request for Fall 2026 failed (building closed)", 3)
    footer(p)
    return p


def edit_page(code="BIOL 2140", sec="003", room=None, pattern=None, scope=None, dialog=None,
              toast=None, room_typed=None, alert=None):
    r = find(code, sec)
    _, _, ttl, ins, room0, pat0, en, cap0, wl, st = r
    k = key(code, sec)
    p = Page(BASE + "/sections/Spring2026/%s/edit-meeting" % k,
             "Edit room and meeting pattern — %s-%s · Quillgate Registrar" % (code, sec), start=500)
    chrome(p, ["Home", "Section schedule", "%s-%s" % (code, sec), "Edit meeting"])
    p.add("main", "", depth=1)
    if alert:
        p.add("alert", alert, depth=2)
    p.add("heading", "Edit room and meeting pattern — %s-%s" % (code, sec), depth=2)
    p.text("Currently: %s · %s" % (room0, pat0), 2)
    p.add("form", "Meeting details", depth=2)
    p.add("textbox", "Instructor", k="instructor", depth=3, extra=", value='%s', readonly=True" % ins)
    p.add("spinbutton", "Enrollment cap", k="cap", depth=3, extra=", value='%d'" % cap0)
    p.add("combobox", "Room", k="room", depth=3,
          extra=", hasPopup='listbox', value='%s'" % (room_typed or room or room0))
    for rm in ROOMS:
        p.add("option", rm, k="room_" + rm, depth=4, extra=(", selected=True" if rm == (room or room0) else ""))
    p.add("button", "Find a free room", k="finder", depth=3)
    p.add("combobox", "Meeting pattern", k="pattern", depth=3,
          extra=", hasPopup='listbox', value='%s'" % (pattern or pat0))
    for pt in PATTERNS:
        p.add("option", pt, depth=4, extra=(", selected=True" if pt == (pattern or pat0) else ""))
    if room:
        p.text("Room %s selected" % room, 3)
    if pattern:
        p.text("Meeting pattern %s selected" % pattern, 3)
    p.add("radiogroup", "Apply change to", depth=3)
    p.add("radio", "Spring 2026 only", k="scope_term", depth=4,
          extra=", checked='%s'" % ("true" if scope == "term" else "false"))
    p.add("radio", "Spring 2026 and all later terms", k="scope_all", depth=4,
          extra=", checked='%s'" % ("true" if scope == "all" else "false"))
    if scope == "term":
        p.text("Apply to Spring 2026 only (checked)", 4)
    if scope == "all":
        p.text("Apply to Spring 2026 and all later terms (checked)", 4)
    p.add("region", "Availability", depth=3)
    p.text("Hartwell Hall 241: conflict with BIOL 2140-004 TuTh 1:00-2:15", 4)
    p.text("Hartford Hall 214: conflict with CHEM 1010-002 TuTh 10:30-11:45", 4)
    p.text("Enrolled 48 of 48 · Waitlist 6", 4)
    p.add("button", "Save changes", k="save", depth=3)
    p.add("button", "Cancel", k="cancel", depth=3)
    if toast:
        p.add("status", toast, depth=2)
    if dialog == "finder":
        p.add("dialog", "Find a free room", depth=1, extra=", modal=True")
        p.text("Rooms free TuTh 10:30-11:45 seating at least 48", 2)
        p.add("radio", "Hartwell Hall 214 (54 seats)", k="f_h214", depth=2, extra=", checked='false'")
        p.add("radio", "Pruitt Hall 214 (60 seats, projector failed inspection)", depth=2, extra=", checked='false'")
        p.add("button", "Use this room", k="f_use", depth=2)
        p.add("button", "Close", k="f_close", depth=2)
    if dialog == "confirm":
        p.add("dialog", "Confirm schedule change", depth=1, extra=", modal=True")
        p.text("Move BIOL 2140-003 to %s, %s for Spring 2026 only? 48 enrolled and 6 waitlisted students will be notified." % (room, pattern), 2)
        p.add("button", "Confirm change", k="d_ok", depth=2)
        p.add("button", "Go back", k="d_back", depth=2)
    if dialog == "conflict":
        p.add("alertdialog", "Room conflict with an existing booking", depth=1, extra=", modal=True")
        p.text("Hartwell Hall 214 is held TuTh 10:30-11:45 by an event hold: Provost lecture series (Jan 13 - Mar 3).", 2)
        p.add("button", "Override conflict and save", k="d_override", depth=2)
        p.add("button", "Choose another time", k="d_back", depth=2)
    footer(p)
    return p


def signin_page():
    p = Page(BASE + "/signin?next=%2Fsections", "Sign in to Quillgate Registrar", start=10)
    p.add("RootWebArea", p.title)
    p.add("heading", "Sign in to Quillgate Registrar", depth=1)
    p.add("StaticText", "Your registrar session has ended. Sign in again to continue.", depth=1)
    p.add("textbox", "University ID", k="uid", depth=1)
    p.add("textbox", "Password", k="pw", depth=1)
    p.add("button", "Sign in", k="signin", depth=1)
    p.add("link", "Use single sign-on", depth=1)
    p.add("StaticText", "Quillgate Registrar 7.4.2", depth=1)
    return p


def error_page():
    p = Page(BASE + "/sections/Spring2026/BIOL2140-003/edit-meeting", "Error 500 · Quillgate Registrar", start=700)
    chrome(p, ["Home", "Section schedule"])
    p.add("main", "", depth=1)
    p.add("heading", "Something went wrong on our side", depth=2)
    p.text("Reference QG-5xx-77102. Changes were not saved. Try again in a few minutes.", 2)
    p.add("link", "Back to section schedule", depth=2)
    footer(p)
    return p


# ---------------------------------------------------------------- run builder
def act(cmd, reason, target, effect="read"):
    return {"command": cmd, "reasoning": reason, "target": target, "effect": effect}


class Run:
    def __init__(self, rid, fault=None, off=None, initial=None, success=True):
        self.rec = {"id": rid, "workflow": WF, "task": TASK, "plan": "plans/%s.yaml" % WF,
                    "label": {"fault": fault, "first_off_track_step": off},
                    "initial_observation": (initial or list_page()).obs(), "steps": [],
                    "outcome": {"success": success}}
        self.cur = initial or list_page()

    def step(self, commitment, bidkey, kind, reason, target, page, effect="read", arg=None, error=None):
        if bidkey is None:
            cmd = kind if kind.endswith(")") else "%s(%s)" % (kind, json.dumps(arg))
        else:
            bid = self.cur.ids[bidkey]
            if arg is None:
                cmd = "%s('%s')" % (kind, bid)
            else:
                cmd = "%s('%s', %s)" % (kind, bid, json.dumps(arg))
        self.rec["steps"].append({"commitment": commitment, "action": act(cmd, reason, target, effect),
                                  "observation": page.obs(error)})
        self.cur = page
        return self

    def done(self):
        return self.rec


def search(run, q="BIOL 2140", **kw):
    run.step("find-section", "search", "fill", "Type the course code into the section finder",
             "textbox 'Find a section by course code'", list_page(**kw), arg=q)
    run.step("find-section", "searchbtn", "click", "Run the search", "button 'Search'", list_page(query=q, **kw))
    return run


def open_sec(run, code="BIOL 2140", sec="003", **kw):
    return run.step("find-section", "open_" + key(code, sec), "click", "Open section %s-%s" % (code, sec),
                    "link '%s-%s'" % (code, sec), detail_page(code, sec, **kw))


def open_edit(run, code="BIOL 2140", sec="003"):
    return run.step("open-editor", "edit", "click", "Open the room and meeting editor",
                    "button 'Edit room and meeting pattern'", edit_page(code, sec))


def set_room(run, room="Hartwell Hall 214", **kw):
    return run.step("set-room", "room", "select_option", "Choose the requested room",
                    "combobox 'Room' -> option '%s'" % room, edit_page(room=room, **kw), effect="read", arg=room)


def set_pat(run, pat="TuTh 10:30-11:45", room="Hartwell Hall 214", **kw):
    return run.step("set-pattern", "pattern", "select_option", "Choose the requested meeting pattern",
                    "combobox 'Meeting pattern' -> option '%s'" % pat, edit_page(room=room, pattern=pat, **kw), arg=pat)


def set_scope(run, scope="term", room="Hartwell Hall 214", pat="TuTh 10:30-11:45"):
    lbl = "Spring 2026 only" if scope == "term" else "Spring 2026 and all later terms"
    return run.step("set-scope", "scope_" + scope, "click", "Limit the change to the right terms",
                    "radio '%s'" % lbl, edit_page(room=room, pattern=pat, scope=scope))


def save_confirm(run, room="Hartwell Hall 214", pat="TuTh 10:30-11:45", scope="term"):
    run.step("save", "save", "click", "Save the new room and meeting pattern", "button 'Save changes'",
             edit_page(room=room, pattern=pat, scope=scope, dialog="confirm"), effect="write")
    note = "Updated for Spring 2026 only" if scope == "term" else "Updated for Spring 2026 and all later terms"
    toast = ("Section BIOL 2140-003 updated for Spring 2026 only" if scope == "term"
             else "Section BIOL 2140-003 updated for Spring 2026 and all later terms")
    run.step("save", "d_ok", "click", "Confirm the change I asked for", "button 'Confirm change'",
             detail_page("BIOL 2140", "003", room=room, pattern=pat, toast=toast, scope_note=note),
             effect="irreversible")
    return run


def report(run, msg="BIOL 2140-003 now meets TuTh 10:30-11:45 in Hartwell Hall 214 for Spring 2026 only; instructor and cap 48 unchanged."):
    return run.step("report", None, "send_msg_to_user", "Report the result", "chat", run.cur, arg=msg)


def tail(run, **kw):
    open_edit(run); set_room(run); set_pat(run); set_scope(run); save_confirm(run); report(run)
    return run


# ---------------------------------------------------------------- healthy runs
def healthy():
    out = []
    r = Run("coursehub-healthy-search-01"); search(r); open_sec(r); tail(r); out.append(r.done())

    r = Run("coursehub-healthy-browse-02")
    r.step("find-section", "next", "click", "Browse to the next page of sections", "link 'Next page'", list_page(page_no=2))
    open_sec(r); tail(r); out.append(r.done())

    fall = list_page(term="Fall 2025")
    r = Run("coursehub-healthy-termfilter-03", initial=fall)
    r.step("find-section", "term", "select_option", "The task is about Spring 2026; switch the term filter",
           "combobox 'Term' -> option 'Spring 2026'", list_page(), arg="Spring 2026")
    search(r); open_sec(r); tail(r); out.append(r.done())

    r = Run("coursehub-healthy-finder-cancel-04"); search(r); open_sec(r); open_edit(r)
    r.step("set-room", "finder", "click", "Look at free rooms first", "button 'Find a free room'", edit_page(dialog="finder"))
    r.step("set-room", "f_close", "click", "I already know the room; close the finder", "button 'Close'", edit_page())
    set_room(r); set_pat(r); set_scope(r); save_confirm(r); report(r); out.append(r.done())

    banner = "Registration for Summer 2026 opens April 6. Two Spring sections were cancelled overnight."
    r = Run("coursehub-healthy-banner-toast-05", initial=list_page(banner=banner))
    search(r, banner=banner); open_sec(r); open_edit(r)
    set_room(r, toast="Draft saved automatically")
    set_pat(r); set_scope(r); save_confirm(r); report(r); out.append(r.done())

    r = Run("coursehub-healthy-retype-06"); search(r); open_sec(r); open_edit(r)
    r.step("set-room", "room", "fill", "Type the room name", "combobox 'Room'",
           edit_page(room_typed="Hartwell Hall 21"), arg="Hartwell Hall 21")
    r.step("set-room", "room", "fill", "I mistyped the room; type it again", "combobox 'Room'",
           edit_page(room="Hartwell Hall 214"), arg="Hartwell Hall 214")
    set_pat(r); set_scope(r); save_confirm(r); report(r); out.append(r.done())

    r = Run("coursehub-healthy-sort-07")
    r.step("find-section", "sort_enr", "click", "Sort by enrollment to find the full BIOL 2140 section",
           "button 'Sort by enrollment'", list_page(sort="enrolled_desc"))
    open_sec(r); tail(r); out.append(r.done())

    r = Run("coursehub-healthy-confirm-goback-08"); search(r); open_sec(r); open_edit(r)
    set_room(r); set_pat(r); set_scope(r)
    r.step("save", "save", "click", "Save", "button 'Save changes'",
           edit_page(room="Hartwell Hall 214", pattern="TuTh 10:30-11:45", scope="term", dialog="confirm"), effect="write")
    r.step("save", "d_back", "click", "Re-read the form once before the students are notified", "button 'Go back'",
           edit_page(room="Hartwell Hall 214", pattern="TuTh 10:30-11:45", scope="term"))
    save_confirm(r); report(r); out.append(r.done())
    return out


# ---------------------------------------------------------------- faulty runs
def faulty():
    out = []
    # 1 near-miss section number: 030 lab instead of 003 (agent) -> step of the click
    r = Run("coursehub-wrong_record-030-01", "wrong_record", 2, success=False); search(r)
    open_sec(r, sec="030"); open_edit(r, sec="030")
    r.step("set-room", "room", "select_option", "Choose the requested room", "combobox 'Room' -> option 'Hartwell Hall 214'",
           edit_page("BIOL 2140", "030", room="Hartwell Hall 214"), arg="Hartwell Hall 214")
    out.append(r.done())

    # 2 near-miss course code: agent types BIOL 2410 (agent) -> step 0, the fill
    r = Run("coursehub-wrong_record-2410-02", "wrong_record", 0, success=False); search(r, q="BIOL 2410")
    open_sec(r, "BIOL 2410", "003")
    r.step("open-editor", "edit", "click", "Open the editor", "button 'Edit room and meeting pattern'", edit_page("BIOL 2410", "003"))
    out.append(r.done())

    # 3 wrong room: Hartwell Hall 241 (agent) -> step 4
    r = Run("coursehub-wrong_value-room-03", "wrong_value", 4, success=False); search(r); open_sec(r); open_edit(r)
    set_room(r, room="Hartwell Hall 241")
    set_pat(r, room="Hartwell Hall 241"); set_scope(r, room="Hartwell Hall 241")
    save_confirm(r, room="Hartwell Hall 241"); report(r, "Moved BIOL 2140-003 to Hartwell Hall 241, TuTh 10:30-11:45.")
    out.append(r.done())

    # 4 wrong meeting pattern: MWF 10:30-11:20 (agent) -> step 5
    r = Run("coursehub-wrong_value-pattern-04", "wrong_value", 5, success=False); search(r); open_sec(r); open_edit(r)
    set_room(r); set_pat(r, pat="MWF 10:30-11:20")
    set_scope(r, pat="MWF 10:30-11:20"); save_confirm(r, pat="MWF 10:30-11:20"); report(r)
    out.append(r.done())

    # 5 wrong scope: all later terms (agent) -> step 6
    r = Run("coursehub-wrong_value-scope-05", "wrong_value", 6, success=False); search(r); open_sec(r); open_edit(r)
    set_room(r); set_pat(r); set_scope(r, scope="all"); save_confirm(r, scope="all"); report(r)
    out.append(r.done())

    # 6 unrequested filter: Open seats only hides the full section; agent then takes 004 -> step 0
    r = Run("coursehub-unrequested_filter-06", "unrequested_filter", 0, success=False)
    r.step("find-section", "openonly", "click", "Only look at sections with open seats", "checkbox 'Open seats only'",
           list_page(open_only=True))
    r.step("find-section", "search", "fill", "Type the course code", "textbox 'Find a section by course code'",
           list_page(open_only=True), arg="BIOL 2140")
    r.step("find-section", "searchbtn", "click", "Search", "button 'Search'", list_page(query="BIOL 2140", open_only=True))
    open_sec(r, sec="004")
    out.append(r.done())

    # 7 silent no-op: confirm returns the unchanged section, no toast (environment) -> step 8
    r = Run("coursehub-silent_noop-07", "silent_noop", 8, success=False); search(r); open_sec(r); open_edit(r)
    set_room(r); set_pat(r); set_scope(r)
    r.step("save", "save", "click", "Save", "button 'Save changes'",
           edit_page(room="Hartwell Hall 214", pattern="TuTh 10:30-11:45", scope="term", dialog="confirm"), effect="write")
    r.step("save", "d_ok", "click", "Confirm", "button 'Confirm change'", detail_page("BIOL 2140", "003"), effect="irreversible")
    report(r); out.append(r.done())

    # 8 error page on save (environment) -> step 8
    r = Run("coursehub-error_page-08", "error_page", 8, success=False); search(r); open_sec(r); open_edit(r)
    set_room(r); set_pat(r); set_scope(r)
    r.step("save", "save", "click", "Save", "button 'Save changes'",
           edit_page(room="Hartwell Hall 214", pattern="TuTh 10:30-11:45", scope="term", dialog="confirm"), effect="write")
    r.step("save", "d_ok", "click", "Confirm", "button 'Confirm change'", error_page(), effect="irreversible")
    out.append(r.done())

    # 9 lost session visible on the start page -> step 0
    r = Run("coursehub-session_lost-09", "session_lost", 0, initial=signin_page(), success=False)
    r.step("find-section", "uid", "fill", "Try the search box", "textbox 'University ID'", signin_page(), arg="BIOL 2140")
    r.step("report", None, "send_msg_to_user", "Report", "chat", r.cur,
           arg="I searched for BIOL 2140 but could not find section 003; nothing was changed.")
    out.append(r.done())

    # 10 premature success: reports before saving (agent) -> step 7
    r = Run("coursehub-premature_success-10", "premature_success", 7, success=False); search(r); open_sec(r); open_edit(r)
    set_room(r); set_pat(r); set_scope(r); report(r)
    out.append(r.done())

    # 11 skipped step: saves without setting the meeting pattern (agent) -> step 5
    r = Run("coursehub-skipped_step-11", "skipped_step", 5, success=False); search(r); open_sec(r); open_edit(r)
    set_room(r)
    r.step("set-scope", "scope_term", "click", "Limit the change to Spring 2026", "radio 'Spring 2026 only'",
           edit_page(room="Hartwell Hall 214", scope="term"))
    r.step("save", "save", "click", "Save", "button 'Save changes'",
           edit_page(room="Hartwell Hall 214", pattern="MWF 9:00-9:50", scope="term", dialog="confirm"), effect="write")
    r.step("save", "d_ok", "click", "Confirm", "button 'Confirm change'",
           detail_page("BIOL 2140", "003", room="Hartwell Hall 214",
                       toast="Section BIOL 2140-003 updated for Spring 2026 only", scope_note="Updated for Spring 2026 only"),
           effect="irreversible")
    report(r); out.append(r.done())

    # 12 dialog mishandled: overrides a room conflict instead of stopping (agent) -> step 8
    r = Run("coursehub-dialog_mishandled-12", "dialog_mishandled", 8, success=False); search(r); open_sec(r); open_edit(r)
    set_room(r); set_pat(r); set_scope(r)
    r.step("save", "save", "click", "Save", "button 'Save changes'",
           edit_page(room="Hartwell Hall 214", pattern="TuTh 10:30-11:45", scope="term", dialog="conflict"), effect="write")
    r.step("save", "d_override", "click", "Get past the dialog", "button 'Override conflict and save'",
           detail_page("BIOL 2140", "003", room="Hartwell Hall 214", pattern="TuTh 10:30-11:45",
                       toast="Section BIOL 2140-003 updated for Spring 2026 only", scope_note="Updated for Spring 2026 only",
                       alert="Conflict overridden: Provost lecture series hold now double-booked"),
           effect="irreversible")
    report(r); out.append(r.done())
    return out


PLAN_YAML = '# Written from the task text and the healthy pages only, before any faulty run existed.\ntask: >-\n  In Quillgate Registrar, move BIOL 2140 section 003 for the Spring 2026 term only to room\n  Hartwell Hall 214, meeting TuTh 10:30-11:45. Keep Dr. Amara Okonkwo as instructor and keep\n  the enrollment cap at 48. Do not change other terms or other sections.\nplan_falsifiers:\n  execution:\n    - Sign in to Quillgate Registrar\n    - Your registrar session has ended\n    - Something went wrong on our side\n  planning:\n    - You do not have permission to edit Spring 2026 sections\ncommitments:\n  - id: find-section\n    subgoal: Locate BIOL 2140 section 003 in the Spring 2026 section schedule\n    confidence: 0.7\n    confirm:\n      precondition: [Section schedule, Term Spring 2026]\n      progress: [Results for BIOL 2140]\n      completion: [Section BIOL 2140-003 · Spring 2026]\n    falsify:\n      execution:\n        - BIOL 2140-030 · Spring 2026\n        - BIOL 2410-003 · Spring 2026\n        - BIOL 2104-003 · Spring 2026\n        - BIOL 2140-004 · Spring 2026\n        - No sections match\n        - {text: Open seats only, on: action}\n        - {text: BIOL 2140-030, on: action}\n        - {text: BIOL 2410-003, on: action}\n      planning:\n        - Section BIOL 2140-003 · Fall 2025\n  - id: open-editor\n    subgoal: Open the room and meeting pattern editor for BIOL 2140-003\n    confidence: 0.8\n    confirm:\n      precondition: [Section BIOL 2140-003 · Spring 2026]\n      completion: [Edit room and meeting pattern — BIOL 2140-003]\n    falsify:\n      execution: [Edit room and meeting pattern — BIOL 2140-030]\n      skill: [The Edit button is not available for this section]\n  - id: set-room\n    subgoal: Choose room Hartwell Hall 214\n    confidence: 0.6\n    confirm:\n      completion: [Room Hartwell Hall 214 selected]\n    falsify:\n      execution:\n        - {text: Hartwell Hall 241, on: action}\n        - {text: Hartwell Annex 214, on: action}\n        - {text: Hartford Hall 214, on: action}\n        - Room Hartwell Hall 241 selected\n        - Room Hartwell Annex 214 selected\n  - id: set-pattern\n    subgoal: Choose meeting pattern TuTh 10:30-11:45\n    confidence: 0.6\n    confirm:\n      completion: [Meeting pattern TuTh 10:30-11:45 selected]\n    falsify:\n      execution:\n        - {text: MWF 10:30-11:20, on: action}\n        - {text: TuTh 10:00-11:15, on: action}\n        - Meeting pattern MWF 10:30-11:20 selected\n        - Meeting pattern TuTh 10:00-11:15 selected\n  - id: set-scope\n    subgoal: Limit the change to Spring 2026 only; leave instructor and cap untouched\n    confidence: 0.6\n    confirm:\n      completion: [Apply to Spring 2026 only (checked)]\n    falsify:\n      execution:\n        - {text: Spring 2026 and all later terms, on: action}\n        - {text: Instructor, on: action}\n        - {text: Enrollment cap, on: action}\n        - Apply to Spring 2026 and all later terms (checked)\n      planning:\n        - The instructor field is empty\n  - id: save\n    subgoal: Save the change and see the section show the new room and pattern\n    confidence: 0.7\n    confirm:\n      progress: [Confirm schedule change]\n      completion:\n        - Section BIOL 2140-003 updated for Spring 2026 only\n        - Room Hartwell Hall 214\n        - TuTh 10:30-11:45\n    falsify:\n      execution:\n        - {text: Override conflict and save, on: action}\n        - Changes were not saved\n        - Room conflict with an existing booking\n        - Room Marsh Science 118\n        - Updated for Spring 2026 and all later terms\n      planning:\n        - No success message is shown after saving\n        - The section still lists MWF 9:00-9:50\n  - id: report\n    subgoal: Tell the user the section was moved\n    confidence: 0.8\n    confirm:\n      precondition: [Section BIOL 2140-003 updated for Spring 2026 only]\n      completion: []\n    falsify:\n      planning:\n        - The report is sent before the change was saved\n'


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    with open(os.path.join(HERE, "plans", WF + ".yaml"), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    runs = healthy() + faulty()
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for rec in runs:
            f.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    print("wrote %d runs" % len(runs))


if __name__ == "__main__":
    main()
