#!/usr/bin/env python3
"""Build the held-out "fieldday" corpus: Tidewell Dispatch, a field-service scheduling board.

Python 3 standard library only.  Fixed seed, byte-for-byte reproducible.

    python3 make_corpus.py            # writes corpus.jsonl and plans/fieldday.yaml next to this file
    python3 make_corpus.py --out DIR  # writes the same files under DIR (used by selftest.py)
"""
import json
import os
import random
import sys

SEED = 20240312
BASE = "http://127.0.0.1:8000"
PRODUCT = "Tidewell Dispatch"
WORKFLOW = "fieldday"
PLAN_REL = "plans/fieldday.yaml"
USER = "Lena Whitcombe"

TASK = ("Marisol Okafor called back about her leaking water heater. Please move her repair, "
        "appointment AP-20417, to Thursday 14 March 2024 in the 13:00–15:00 arrival window and hand it "
        "to Dmitri Halvorsen (T-118). It needs a gas-certified plumber, so not the other Dmitri. "
        "If it helps, narrow the technician list to the Plumbing skill. Save it and tell me when it's done.")

# ---------------------------------------------------------------------------------------------
# The plan.  Written from the task text and the healthy pages only, before any faulty run existed,
# and not edited afterwards.
# ---------------------------------------------------------------------------------------------
PLAN = {
    "task": TASK,
    "plan_falsifiers": {
        "execution": [
            "Sign in to Tidewell Dispatch",
            "Your session has ended",
            "Something went wrong",
        ],
        "planning": [
            "You don't have permission to change appointments",
        ],
    },
    "commitments": [
        {
            "id": "find-appointment",
            "subgoal": "Find and open appointment AP-20417 (Marisol Okafor, leaking water heater)",
            "skill": "open_record_by_id",
            "confidence": 0.8,
            "confirm": {
                "precondition": ["Day board"],
                "progress": ["Search results for AP-20417"],
                "completion": ["AP-20417 · Marisol Okafor", "Water heater leaking at base"],
            },
            "falsify": {
                "execution": ["AP-20471", "AP-21417", "AP-20414", "Marisela Okafor", "Mario Okafor",
                              "No appointments match"],
                "planning": ["AP-20417 is cancelled"],
            },
        },
        {
            "id": "open-reschedule",
            "subgoal": "Open the Reschedule dialog for AP-20417",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["AP-20417 · Marisol Okafor"],
                "progress": [],
                "completion": ["Reschedule AP-20417 dialog is open"],
            },
            "falsify": {
                "execution": [
                    "Cancel appointment AP-20417?",
                    {"text": "click Cancel appointment", "on": "action"},
                ],
                "skill": ["Reschedule button is disabled"],
            },
        },
        {
            "id": "set-slot",
            "subgoal": "Set the visit date to 2024-03-14 (Thursday) and the arrival window to 13:00–15:00",
            "confidence": 0.6,
            "confirm": {
                "precondition": ["Reschedule AP-20417"],
                "progress": ["Visit date 2024-03-14", "Thursday 14 March 2024"],
                "completion": ["Arrival window 13:00–15:00"],
            },
            "falsify": {
                "execution": [
                    "2024-03-13", "2024-03-15", "Wednesday 13 March", "Friday 15 March",
                    "Arrival window 11:00–13:00",
                    {"text": "select window 15:00–17:00", "on": "action"},
                ],
                "planning": ["No technicians free 13:00–15:00 on Thu 14 Mar"],
            },
        },
        {
            "id": "assign-technician",
            "subgoal": "Pick Dmitri Halvorsen (T-118, Plumbing, Gas) as the technician",
            "confidence": 0.6,
            "confirm": {
                "precondition": ["Technician"],
                "progress": ["Skill Plumbing"],
                "completion": ["Technician Dmitri Halvorsen (T-118) · Plumbing, Gas"],
            },
            "falsify": {
                "execution": [
                    "Dmitri Halverson", "T-181", "Dimitri Halvorsen", "T-811",
                    {"text": "select Dmitri Halverson (T-181)", "on": "action"},
                    {"text": "select Dimitri Halvorsen (T-811)", "on": "action"},
                ],
                "planning": ["Technician lacks the required skill"],
            },
        },
        {
            "id": "save",
            "subgoal": "Save the change, confirming the customer SMS if asked",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["Save changes"],
                "progress": ["Save changes and notify Marisol Okafor?"],
                "completion": ["AP-20417 moved to Thu 14 Mar, 13:00–15:00 and assigned to Dmitri Halvorsen"],
            },
            "falsify": {
                "execution": [
                    "Changes discarded",
                    "Could not save",
                    {"text": "click Discard changes", "on": "action"},
                    {"text": "click Cancel appointment", "on": "action"},
                ],
            },
        },
        {
            "id": "report",
            "subgoal": "Tell the user AP-20417 is now Thu 14 Mar 13:00–15:00 with Dmitri Halvorsen",
            "confidence": 0.8,
            "confirm": {
                "precondition": ["Visit Thu 14 Mar 2024 · 13:00–15:00 · Dmitri Halvorsen (T-118)"],
                "progress": [],
                "completion": [],
            },
            "falsify": {
                "execution": [
                    "Visit Tue 12 Mar 2024 · 15:00–17:00 · Priya Ramaswamy (T-204)",
                    {"text": "report success while the Reschedule dialog is still open", "on": "action"},
                ],
            },
        },
    ],
}


# ---------------------------------------------------------------------------------------------
# YAML emitter (a small block-style subset; every string is a double-quoted JSON string, which
# YAML reads the same way)
# ---------------------------------------------------------------------------------------------
def _y_scalar(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    return json.dumps(v, ensure_ascii=False)


_YAML11_BOOL_KEYS = {"on", "off", "yes", "no", "y", "n", "true", "false"}


def _y_key(k):
    # YAML 1.1 readers (PyYAML) turn a bare `on:` key into the boolean True; quote such keys.
    return json.dumps(k) if k.lower() in _YAML11_BOOL_KEYS else k


def _y_lines(obj, ind):
    pad = "  " * ind
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            k = _y_key(k)
            if isinstance(v, (dict, list)) and v:
                out.append(f"{pad}{k}:")
                out += _y_lines(v, ind + 1)
            elif isinstance(v, list):
                out.append(f"{pad}{k}: []")
            elif isinstance(v, dict):
                out.append(f"{pad}{k}: {{}}")
            else:
                out.append(f"{pad}{k}: {_y_scalar(v)}")
    elif isinstance(obj, list):
        for it in obj:
            if isinstance(it, dict) and it:
                sub = _y_lines(it, ind + 1)
                out.append(pad + "- " + sub[0].lstrip(" "))
                out += sub[1:]
            elif isinstance(it, (dict, list)):
                raise ValueError("empty or nested list items are not emitted")
            else:
                out.append(f"{pad}- {_y_scalar(it)}")
    else:
        raise ValueError(type(obj))
    return out


def plan_yaml():
    head = ["# Tidewell Dispatch: reschedule and reassign one repair appointment.",
            "# Written from the task text and the healthy pages only, before any faulty run existed;",
            "# not tuned afterwards.  Regenerate with make_corpus.py."]
    return "\n".join(head + _y_lines(PLAN, 0)) + "\n"


# ---------------------------------------------------------------------------------------------
# The world
# ---------------------------------------------------------------------------------------------
TECHS = [  # id, name, skills
    ("T-118", "Dmitri Halvorsen", "Plumbing, Gas"),
    ("T-181", "Dmitri Halverson", "Electrical"),
    ("T-811", "Dimitri Halvorsen", "HVAC"),
    ("T-204", "Priya Ramaswamy", "Plumbing"),
    ("T-240", "Priya Ramasamy", "Appliance"),
    ("T-093", "Gus Ferreira", "Plumbing, Appliance"),
    ("T-056", "Noor Hadid", "Electrical, Solar"),
    ("T-132", "Wendell Osei", "HVAC"),
]
TECH_BY_ID = {t[0]: t for t in TECHS}


def tech_ref(tid):
    return f"{TECH_BY_ID[tid][1]} ({tid})"


def tech_option(tid):
    t = TECH_BY_ID[tid]
    return f"{t[1]} ({t[0]}) · {t[2]}"


SKILLS = ["All skills", "Plumbing", "Gas", "Electrical", "HVAC", "Appliance", "Solar"]
WINDOWS = ["08:00–10:00", "10:00–12:00", "11:00–13:00", "13:00–15:00", "15:00–17:00", "17:00–19:00"]
DAYS = {  # iso -> (short, long)
    "2024-03-11": ("Mon 11 Mar", "Monday 11 March 2024"),
    "2024-03-12": ("Tue 12 Mar", "Tuesday 12 March 2024"),
    "2024-03-13": ("Wed 13 Mar", "Wednesday 13 March 2024"),
    "2024-03-14": ("Thu 14 Mar", "Thursday 14 March 2024"),
    "2024-03-15": ("Fri 15 Mar", "Friday 15 March 2024"),
}

# id, customer (sort form), issue, skill, date, window, tech id or None, status, SLA text, SLA minutes
APPTS = [
    ("AP-20147", "Oakley, Marcus", "Breaker trips when dryer runs", "Electrical", "2024-03-11", "15:00–17:00", "T-181", "Overdue", "breached 18h 10m ago", -1090),
    ("AP-20471", "Okafor, Marisela", "Water heater — no hot water", "Plumbing", "2024-03-12", "10:00–12:00", "T-093", "Overdue", "breached 1h 20m ago", -80),
    ("AP-20519", "Pell, Arturo", "Outlet sparking in garage", "Electrical", "2024-03-12", "13:00–15:00", None, "Unassigned", "breached 0h 40m ago", -40),
    ("AP-20395", "Lindqvist, Hanne", "Gas line pressure test", "Gas", "2024-03-12", "08:00–10:00", "T-118", "In progress", "1h 15m left", 75),
    ("AP-20388", "Haddad, Sami", "Panel upgrade inspection", "Electrical", "2024-03-12", "08:00–10:00", "T-181", "Failed visit", "3h 20m left", 200),
    ("AP-20502", "Dunmore, Keiko", "Garbage disposal jammed", "Appliance", "2024-03-12", "10:00–12:00", None, "Unassigned", "5h 02m left", 302),
    ("AP-20412", "Castellanos, Rita", "Heat pump defrost fault", "HVAC", "2024-03-12", "11:00–13:00", "T-811", "Scheduled", "6h 30m left", 390),
    ("AP-20511", "Abara, Chidi", "Gas range igniter clicking", "Gas", "2024-03-12", "13:00–15:00", "T-118", "Scheduled", "7h 20m left", 440),
    ("AP-20414", "Okafor, Martin", "Dishwasher not draining", "Appliance", "2024-03-12", "13:00–15:00", "T-240", "Scheduled", "9h 05m left", 545),
    ("AP-20592", "Banerjee, Anil", "Thermostat wiring", "HVAC", "2024-03-13", "10:00–12:00", "T-132", "Scheduled", "1d 1h left", 1500),
    ("AP-20490", "Fenwick, Doug", "Sump pump alarm", "Plumbing", "2024-03-12", "13:00–15:00", "T-093", "Scheduled", "1d 2h left", 1560),
    ("AP-21417", "Okafor, Mario", "Furnace short-cycling", "HVAC", "2024-03-13", "13:00–15:00", "T-811", "Scheduled", "1d 9h left", 2000),
    ("AP-20466", "Moreau, Lise", "Solar inverter offline", "Solar", "2024-03-12", "10:00–12:00", "T-056", "Scheduled", "2d 1h left", 2940),
    ("AP-20530", "Quist, Elena", "Water softener leaking", "Plumbing", "2024-03-13", "08:00–10:00", "T-204", "Scheduled", "2d 4h left", 3120),
    ("AP-20420", "Okoro, Mariam", "Leaking shower valve", "Plumbing", "2024-03-13", "15:00–17:00", "T-093", "Scheduled", "2d 6h left", 3240),
    ("AP-20566", "Thorne, Ivo", "Tankless heater error E12", "Gas", "2024-03-14", "10:00–12:00", "T-118", "Scheduled", "3d 1h left", 4380),
    ("AP-20575", "Ruiz, Paloma", "AC not cooling", "HVAC", "2024-03-14", "15:00–17:00", "T-132", "Scheduled", "3d 5h left", 4620),
    ("AP-20417", "Okafor, Marisol", "Water heater leaking at base", "Plumbing", "2024-03-12", "15:00–17:00", "T-204", "Scheduled", "3d 7h left", 4740),
    ("AP-20541", "Ng, Bao", "EV charger install", "Electrical", "2024-03-14", "08:00–10:00", "T-056", "Scheduled", "4d 0h left", 5760),
    ("AP-20580", "Kowalczyk, Jan", "Dryer vent cleaning", "Appliance", "2024-03-15", "10:00–12:00", "T-240", "Scheduled", "4d 2h left", 5880),
    ("AP-20433", "Briggs, Tomas", "Slow kitchen drain", "Plumbing", "2024-03-12", "08:00–10:00", "T-204", "Completed", "met", 900000),
    ("AP-20458", "Yusuf, Amira", "Toilet running constantly", "Plumbing", "2024-03-12", "10:00–12:00", "T-204", "Cancelled", "—", 900001),
    ("AP-20584", "Ellery, Ruth", "Frozen pipe follow-up", "Plumbing", "2024-03-15", "08:00–10:00", "T-093", "Cancelled", "—", 900002),
]
APPT = {a[0]: a for a in APPTS}

CUSTOMER = {  # details shown on appointment pages
    "AP-20417": dict(name="Marisol Okafor", addr="88 Larkspur Ct, Eastvale", phone="(555) 014-2291", zone="South",
                     access="Side gate code 4471; dog in yard", unit="50 gal gas tank, installed 2011",
                     parts="Anode rod, T&P valve, drain valve", due="Fri 15 Mar 17:00",
                     history=["Mon 11 Mar 16:02 · Reminder SMS failed (carrier error); retried 16:10, delivered",
                              "Mon 11 Mar 09:15 · Created from phone call by Ola Brandt",
                              "Feb 2024 · AP-19822 at this address was cancelled by the customer"]),
    "AP-20471": dict(name="Marisela Okafor", addr="14 Larkspur Ave, Eastvale", phone="(555) 014-2219", zone="North",
                     access="Ring bell twice", unit="40 gal electric tank, installed 2016",
                     parts="Upper element, thermostat", due="Tue 12 Mar 08:20",
                     history=["Tue 12 Mar 08:20 · SLA breached: first visit not started",
                              "Mon 11 Mar 18:44 · Created from web form"]),
}


def short_day(iso):
    return DAYS[iso][0]


class Clock:
    def __init__(self, start_min):
        self.m = start_min

    def tick(self, n=1):
        self.m += n

    def now(self):
        return f"{9 + self.m // 60:02d}:{self.m % 60:02d}"


# ---------------------------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym-style flattened AXTree)
# ---------------------------------------------------------------------------------------------
def q(s):
    return repr(s)


class Page:
    def __init__(self, url, title):
        self.url = url
        self.title = title
        self.lines = [f"RootWebArea {q(title)}, focused"]
        self.ids = {}
        self.n = 100
        self.used = set()

    def el(self, d, role, name="", key=None, bid=None, props=()):
        if bid is None:
            bid = str(self.n)
            self.n += 1
        elif int(bid) >= self.n:
            self.n = int(bid) + 1
        assert bid not in self.used, (self.url, bid)
        self.used.add(bid)
        s = "\t" * d + f"[{bid}] {role} {q(name)}"
        if props:
            s += ", " + ", ".join(props)
        self.lines.append(s)
        if key is not None:
            assert key not in self.ids, (self.url, key)
            self.ids[key] = (bid, role, name)
        return bid

    def t(self, d, s):
        self.lines.append("\t" * d + f"StaticText {q(s)}")

    def at(self, n):
        assert self.n <= n, (self.url, self.n, n)
        self.n = n

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


SITE = {"banner": None}  # a site-wide banner for the run being built (set by new_run)


def header(p, ck, search="", suggestions=False, counters=(63, 4, 2)):
    p.el(1, "banner", "", bid="10")
    p.el(2, "link", "Tidewell Dispatch home", key="home", bid="11")
    p.el(2, "navigation", "Main", bid="12")
    for i, (k, nm) in enumerate([("nav_board", "Board"), ("nav_appts", "Appointments"), ("nav_techs", "Technicians"),
                                 ("nav_customers", "Customers"), ("nav_reports", "Reports")]):
        p.el(3, "link", nm, key=k, bid=str(13 + i))
    p.el(2, "search", "", bid="18")
    props = [f"value={q(search)}"] if search else []
    if suggestions:
        props.append("expanded=True")
    p.el(3, "searchbox", "Search appointments, customers, technicians", key="search", bid="19", props=props)
    p.el(3, "button", "Search", key="search_btn", bid="20")
    if suggestions:
        p.el(3, "listbox", "Suggestions", bid="30")
        for j, aid in enumerate(["AP-20417", "AP-20471", "AP-21417", "AP-20414"]):
            a = APPT[aid]
            p.el(4, "option", f"{aid} · {a[1]} — {a[2]}", key=f"sugg:{aid}", bid=str(31 + j), props=["selected=False"])
        p.t(4, "Press Enter for all results")
    p.el(2, "status", "Live counters", bid="21")
    p.t(3, f"Open jobs {counters[0]}")
    p.t(3, f"SLA at risk {counters[1]}")
    p.t(3, f"Breached today {counters[2]}")
    p.t(3, "Techs on shift 8/8")
    p.t(3, f"Updated {ck.now()}")
    p.el(2, "button", "Notifications (5)", bid="22", props=["hasPopup='menu'", "expanded=False"])
    p.el(2, "button", f"{USER} · Dispatcher", key="usermenu", bid="23", props=["hasPopup='menu'", "expanded=False"])
    if SITE["banner"]:
        banner_block(p, SITE["banner"])


def footer(p, ck, synced=True):
    p.el(1, "contentinfo", "", bid="900")
    p.t(2, "© 2024 Tidewell Field Systems · Dispatch 5.12.3")
    p.el(2, "link", "System status", bid="901")
    p.el(2, "link", "Keyboard shortcuts", bid="902")
    p.el(2, "link", "Privacy", bid="903")
    if synced:
        p.t(2, f"Board synced {ck.now()}")


def banner_block(p, text, role="alert", first=40):
    p.el(1, role, "", bid=str(first))
    p.t(2, text)
    p.el(2, "button", "Dismiss banner", bid=str(first + 1))


TRAVEL = {"AP-20417": "Travel 24 min", "AP-20471": "Travel 41 min — above target", "AP-20395": "On site",
          "AP-20388": "Travel 18 min", "AP-20412": "Travel 27 min", "AP-20511": "Travel 33 min — above target",
          "AP-20414": "Travel 12 min", "AP-20490": "Travel 15 min", "AP-20466": "Travel 22 min",
          "AP-20433": "—", "AP-20458": "—", "AP-20519": "—", "AP-20502": "—"}


def board_page(ck, search="", suggestions=False):
    p = Page(f"{BASE}/board?date=2024-03-12", "Day board · Tue 12 Mar 2024 · Tidewell Dispatch")
    header(p, ck, search, suggestions)
    p.el(1, "main", "")
    p.el(2, "navigation", "Breadcrumb")
    p.el(3, "link", "Dispatch")
    p.t(3, "Board")
    p.t(3, "Tue 12 Mar 2024")
    p.el(2, "heading", "Day board — Tue 12 Mar 2024", props=["level=1"])
    p.el(2, "toolbar", "Day")
    p.el(3, "button", "Previous day")
    p.el(3, "button", "Today", props=["pressed=True"])
    p.el(3, "button", "Next day")
    p.el(3, "textbox", "Go to date (YYYY-MM-DD)")
    p.el(2, "group", "Board filters")
    p.el(3, "combobox", "Zone", props=["value='All zones'", "hasPopup='listbox'", "expanded=False"])
    p.el(3, "combobox", "Skill", props=["value='All skills'", "hasPopup='listbox'", "expanded=False"])
    p.el(3, "combobox", "Show", props=["value='All statuses'", "hasPopup='listbox'", "expanded=False"])
    p.el(3, "button", "Auto-assign unassigned")
    p.el(3, "button", "Print route sheets")
    p.t(2, "Drag a card onto a technician to reassign it on this day. To move a visit to another day, open it and use Reschedule.")
    today = [a for a in APPTS if a[4] == "2024-03-12"]
    lanes = [(None, "Unassigned", "")] + [(t[0], f"{t[1]} ({t[0]})", t[2]) for t in TECHS]
    overtime = {"T-181": "Overtime +1.0 h (carry-over from AP-20147)", "T-118": "Booked 6.0 h of 8 h"}
    for tid, lane_name, skills in lanes:
        jobs = sorted([a for a in today if a[6] == tid], key=lambda a: a[5])
        p.el(2, "region", lane_name)
        p.el(3, "heading", f"{lane_name} ({len(jobs)})", props=["level=2"])
        if skills:
            p.t(3, f"Skills: {skills}")
            live = [a for a in jobs if a[7] not in ("Cancelled",)]
            p.t(3, overtime.get(tid, f"Booked {2.0 * len(live):.1f} h of 8 h"))
        else:
            p.t(3, "Auto-assign failed for AP-20519: no Electrical technician free 13:00–15:00")
        if tid == "T-181":
            p.t(3, "Carried over from Mon 11 Mar: AP-20147 · Oakley, Marcus (Overdue)")
        p.el(3, "list", "")
        if not jobs:
            p.t(4, "No visits")
        for a in jobs:
            p.el(4, "listitem", "")
            p.el(5, "button", f"Drag {a[0]}", key=f"drag:{a[0]}", props=["draggable=True"])
            p.el(5, "link", f"{a[0]} · {a[1]}", key=f"card:{a[0]}")
            p.t(5, f"{a[5]} · {a[2]}")
            st = a[7]
            if st in ("Cancelled", "Completed", "In progress", "Failed visit", "Overdue"):
                p.t(5, st if st != "Cancelled" else "Cancelled by customer")
            if a[9] < 900000:
                p.t(5, f"SLA {a[8]}")
            tr = TRAVEL.get(a[0])
            if tr and tr != "—":
                p.t(5, tr)
    footer(p, ck)
    return p


def search_page(ck, query="AP-20417"):
    p = Page(f"{BASE}/search?q={query}", f"Search results for “{query}” · Tidewell Dispatch")
    header(p, ck, query)
    p.el(1, "main", "")
    p.el(2, "navigation", "Breadcrumb")
    p.el(3, "link", "Dispatch")
    p.t(3, "Search")
    p.el(2, "heading", f"Search results for “{query}”", props=["level=1"])
    p.t(2, "5 appointments: 1 exact match, 4 with similar IDs or names")
    p.el(2, "tablist", "Result types")
    p.el(3, "tab", "Appointments (5)", props=["selected=True"])
    p.el(3, "tab", "Customers (0)", props=["selected=False"])
    p.el(3, "tab", "Technicians (0)", props=["selected=False"])
    rows = ["AP-20417", "AP-20471", "AP-21417", "AP-20414", "AP-20147"]
    table(p, rows, sortable=True)
    p.t(2, "Showing 1–5 of 5")
    footer(p, ck)
    return p


def table(p, rows, sortable=True, sort_col=None):
    p.el(2, "table", "Appointments")
    p.el(3, "row", "")
    for col in ["ID", "Customer", "Issue", "Scheduled", "Technician", "Status", "SLA"]:
        p.el(4, "columnheader", col)
        if sortable:
            props = ["pressed=True"] if col == sort_col else []
            p.el(5, "button", f"Sort by {col}", key=f"sort:{col}", props=props)
    for aid in rows:
        a = APPT[aid]
        p.el(3, "row", "")
        p.el(4, "cell", "")
        p.el(5, "link", aid, key=f"row:{aid}")
        p.el(4, "cell", a[1])
        p.el(4, "cell", a[2])
        p.el(4, "cell", f"{short_day(a[4])} · {a[5]}")
        p.el(4, "cell", tech_ref(a[6]) if a[6] else "Unassigned")
        p.el(4, "cell", a[7])
        p.el(4, "cell", a[8])


def list_page(ck, page=1, sort="SLA", status="All statuses", banner=None):
    per = 10
    pool = [a for a in APPTS if status == "All statuses" or a[7] == status]
    if sort == "ID":
        pool = sorted(pool, key=lambda a: a[0])
    else:
        pool = sorted(pool, key=lambda a: a[9])
    total = len(pool)
    pages = max(1, (total + per - 1) // per)
    rows = [a[0] for a in pool[(page - 1) * per: page * per]]
    qs = f"?page={page}" + (f"&sort={sort.lower()}" if sort != "SLA" else "") + \
         (f"&status={status.lower().replace(' ', '-')}" if status != "All statuses" else "")
    p = Page(f"{BASE}/appointments{qs}", "Appointments · Tidewell Dispatch")
    header(p, ck)
    if banner:
        banner_block(p, banner, role="status", first=42)
    p.el(1, "main", "")
    p.el(2, "navigation", "Breadcrumb")
    p.el(3, "link", "Dispatch")
    p.t(3, "Appointments")
    p.el(2, "heading", "Appointments", props=["level=1"])
    p.el(2, "group", "Filters")
    p.el(3, "combobox", "Status", key="status_filter", props=[f"value={q(status)}", "hasPopup='listbox'", "expanded=False"])
    for s in ["All statuses", "Unassigned", "Scheduled", "In progress", "Overdue", "Failed visit", "Completed", "Cancelled"]:
        p.el(4, "option", s, props=[f"selected={s == status}"])
    p.el(3, "combobox", "Dates", props=["value='This week (11–17 Mar)'", "hasPopup='listbox'", "expanded=False"])
    p.el(3, "combobox", "Zone", props=["value='All zones'", "hasPopup='listbox'", "expanded=False"])
    p.el(3, "button", "Export CSV")
    p.t(2, f"Sorted by {'ID (ascending)' if sort == 'ID' else 'SLA (soonest first)'}")
    if rows:
        table(p, rows, sortable=True, sort_col=sort)
    else:
        p.t(2, "No appointments match these filters.")
    lo, hi = (page - 1) * per + 1, min(page * per, total)
    p.el(2, "navigation", "Pagination")
    p.t(3, f"Showing {lo}–{hi} of {total}")
    p.el(3, "button", "Previous page", key="prev", props=["disabled=True"] if page == 1 else [])
    for i in range(1, pages + 1):
        p.el(3, "button", f"Page {i}", key=f"page:{i}", props=["pressed=True"] if i == page else [])
    p.el(3, "button", "Next page", key="next", props=["disabled=True"] if page == pages else [])
    footer(p, ck)
    return p


def base_record(aid):
    a = APPT[aid]
    return {"id": aid, "date": a[4], "window": a[5], "tech": a[6], "status": a[7], "sla": a[8], "notes": []}


def detail_page(ck, rec, toasts=(), dialog=None):
    aid = rec["id"]
    a = APPT[aid]
    c = CUSTOMER[aid]
    p = Page(f"{BASE}/appointments/{aid}", f"{aid} · {c['name']} · Tidewell Dispatch")
    header(p, ck)
    p.el(1, "main", "")
    p.el(2, "navigation", "Breadcrumb")
    p.el(3, "link", "Appointments", key="crumb_appts")
    p.t(3, aid)
    p.el(2, "heading", f"{aid} · {c['name']}", props=["level=1"])
    p.t(2, rec["status"])
    p.t(2, f"SLA: resolve by {c['due']} · {rec['sla']}")
    p.t(2, f"Visit {DAYS[rec['date']][0]} 2024 · {rec['window']} · {tech_ref(rec['tech'])}")
    p.el(2, "toolbar", "Appointment actions")
    p.el(3, "button", "Reschedule", key="reschedule")
    p.el(3, "button", "Reassign", key="reassign")
    p.el(3, "button", "Call customer", key="call")
    p.el(3, "button", "Add note", key="note")
    p.el(3, "button", "Cancel appointment", key="cancel_appt")
    p.el(2, "region", "Visit")
    p.el(3, "heading", "Visit", props=["level=2"])
    for term, val in [("Date", f"{DAYS[rec['date']][0]} 2024"), ("Arrival window", rec["window"]),
                      ("Technician", None), ("Required skill", a[3]), ("Estimated duration", "1 h 30 min")]:
        p.el(3, "term", term)
        p.el(3, "definition", "")
        if val is None:
            p.el(4, "link", tech_ref(rec["tech"]), key="tech_link")
        else:
            p.t(4, val)
    p.el(2, "region", "Customer")
    p.el(3, "heading", "Customer", props=["level=2"])
    p.t(3, c["name"])
    p.t(3, c["addr"])
    p.el(3, "link", c["phone"])
    p.t(3, f"Zone: {c['zone']}")
    p.t(3, f"Access: {c['access']}")
    p.el(2, "region", "Job")
    p.el(3, "heading", "Job", props=["level=2"])
    p.t(3, a[2])
    p.t(3, f"Unit: {c['unit']}")
    p.t(3, f"Parts on van: {c['parts']}")
    p.el(2, "region", "Activity")
    p.el(3, "heading", "Activity", props=["level=2"])
    p.el(3, "list", "")
    for h in list(reversed(rec["notes"])) + c["history"]:
        p.el(4, "listitem", "")
        p.t(5, h)
    footer(p, ck)
    if dialog is not None:
        dialog(p)
    if toasts:
        p.at(1200)
        p.el(1, "region", "Notifications", bid="1200")
        for i, msg in enumerate(toasts):
            p.el(2, "status", "")
            p.t(3, msg)
            if i == 0 and "moved to" in msg:
                p.el(3, "button", "Undo", key="undo")
            p.el(3, "button", "Dismiss")
    return p


# --- dialogs -------------------------------------------------------------------------------
FREE = {("2024-03-14", "13:00–15:00"): ["T-118", "T-811", "T-093"],
        ("2024-03-14", "11:00–13:00"): ["T-118", "T-204", "T-132"],
        ("2024-03-13", "13:00–15:00"): ["T-118", "T-204", "T-181"]}
TRAVEL_WARN = {("T-118", "2024-03-14"): "Travel-time warning: 38 min from previous job AP-20566 (Cedar Hollow); target is 30 min.",
               ("T-181", "2024-03-14"): "Travel 22 min from previous job AP-20541.",
               ("T-118", "2024-03-13"): "Travel 19 min from previous job AP-20530."}
OVERTIME = {("T-118", "2024-03-14"): "Overtime flag: Dmitri Halvorsen would be booked 8.5 h of 8 h on Thu 14 Mar (+0.5 h)."}


def reschedule_dialog(rec, date="", date_error=None, window=None, skill="All skills", tech=None):
    aid = rec["id"]
    a = APPT[aid]

    def render(p):
        p.at(1000)
        p.el(1, "dialog", f"Reschedule {aid}", key="dlg", bid="1000", props=["modal=True"])
        p.el(2, "heading", f"Reschedule {aid}", props=["level=2"])
        p.t(2, f"Currently: {DAYS[rec['date']][0]} 2024 · {rec['window']} · {tech_ref(rec['tech'])}")
        props = [f"value={q(date)}"] if date else []
        props.append("required")
        if date_error:
            props.append("invalid=True")
        p.el(2, "textbox", "Visit date (YYYY-MM-DD)", key="date", props=props)
        if date_error:
            p.t(2, date_error)
        elif date in DAYS:
            p.t(2, DAYS[date][1])
        p.el(2, "combobox", "Arrival window", key="window",
             props=[f"value={q(window or 'Choose a window')}", "hasPopup='listbox'", "expanded=False"])
        for w in WINDOWS:
            p.el(3, "option", w, props=[f"selected={w == window}"])
        if date in DAYS and window:
            free = FREE.get((date, window), ["T-204", "T-093"])
            p.t(2, f"Free {window} on {DAYS[date][0]}: " + ", ".join(tech_ref(x) for x in free))
        p.el(2, "combobox", "Skill", key="skill", props=[f"value={q(skill)}", "hasPopup='listbox'", "expanded=False"])
        for s in SKILLS:
            p.el(3, "option", s, props=[f"selected={s == skill}"])
        shown = [t[0] for t in TECHS if skill == "All skills" or skill in t[2].split(", ")]
        cur = tech or rec["tech"]
        if cur not in shown:
            shown = [cur] + shown
        p.el(2, "combobox", "Technician", key="tech",
             props=[f"value={q(tech_option(cur))}", "hasPopup='listbox'", "expanded=False"])
        for tid in shown:
            p.el(3, "option", tech_option(tid), props=[f"selected={tid == cur}"])
        if skill != "All skills":
            p.t(2, f"Showing {len(shown)} technicians with {skill}")
        if tech and date in DAYS:
            if a[3] not in TECH_BY_ID[tech][2].split(", "):
                p.t(2, f"Skill mismatch: this job needs {a[3]}. {TECH_BY_ID[tech][1]} ({tech}) is certified for {TECH_BY_ID[tech][2]}.")
            tw = TRAVEL_WARN.get((tech, date))
            if tw:
                p.t(2, tw)
            ot = OVERTIME.get((tech, date))
            if ot:
                p.t(2, ot)
        p.el(2, "checkbox", "Text the customer about the change", key="notify", props=["checked=True"])
        p.el(2, "button", "Cancel", key="dlg_cancel")
        p.el(2, "button", "Save changes", key="save")
    return render


def confirm_dialog(rec, inner, date, window, tech):
    c = CUSTOMER[rec["id"]]

    def render(p):
        inner(p)
        p.at(1100)
        p.el(1, "alertdialog", f"Save changes and notify {c['name']}?", bid="1100", props=["modal=True"])
        p.t(2, f"{c['name'].split()[0]} will get a text: “Your Tidewell visit is now {DAYS[date][0]}, {window} "
               f"with {TECH_BY_ID[tech][1].split()[0]}. Reply C to confirm.”")
        p.el(2, "checkbox", "Don't ask again this session", props=["checked=False"])
        p.el(2, "button", "Discard changes", key="discard")
        p.el(2, "button", "Back to editing", key="back_edit")
        p.el(2, "button", "Confirm and notify", key="confirm")
    return render


def reassign_dialog(rec):
    def render(p):
        p.at(1000)
        p.el(1, "dialog", f"Reassign {rec['id']}", bid="1000", props=["modal=True"])
        p.el(2, "heading", f"Reassign {rec['id']}", props=["level=2"])
        p.t(2, "Reassign keeps the current date and arrival window. To change the day, use Reschedule instead.")
        p.el(2, "combobox", "New technician", props=[f"value={q(tech_option(rec['tech']))}", "hasPopup='listbox'", "expanded=False"])
        for t in TECHS:
            p.el(3, "option", tech_option(t[0]), props=[f"selected={t[0] == rec['tech']}"])
        p.el(2, "textbox", "Reason (optional)")
        p.el(2, "button", "Cancel", key="dlg_cancel")
        p.el(2, "button", "Reassign", key="reassign_ok")
    return render


def saved_record(rec, ck, date, window, tech):
    new = dict(rec)
    new["notes"] = list(rec["notes"]) + [
        f"Tue 12 Mar {ck.now()} · Rescheduled by {USER}: {short_day(rec['date'])} {rec['window']} → "
        f"{short_day(date)} {window}" + ("" if tech == rec["tech"] else
                                          f"; {TECH_BY_ID[rec['tech']][1]} → {TECH_BY_ID[tech][1]}")]
    new.update(date=date, window=window, tech=tech)
    return new


def saved_toast(rec, date, window, tech, notify=True):
    if tech == APPT[rec["id"]][6]:
        msg = f"{rec['id']} moved to {short_day(date)}, {window}. Technician unchanged: {tech_ref(tech)}."
    else:
        msg = f"{rec['id']} moved to {short_day(date)}, {window} and assigned to {TECH_BY_ID[tech][1]}."
    if notify:
        msg += " Customer notified by text."
    return msg


# ---------------------------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------------------------
_BID_CMDS = {"click", "fill", "press", "select_option"}


class Run:
    def __init__(self, rid, fault, step, start, ck, note):
        # note: a one-line description kept in the source (and README) only, not in the corpus
        self.rid, self.fault, self.step, self.ck, self.note = rid, fault, step, ck, note
        self.start = start
        self.cur = start
        self.steps = []

    def act(self, commitment, kind, key, value, reasoning, effect, nxt, error=None):
        bid, role, name = self.cur.ids[key]
        if kind == "click":
            cmd = f"click({q(bid)})"
        else:
            cmd = f"{kind}({q(bid)}, {q(value)})"
        self.steps.append({
            "commitment": commitment,
            "action": {"command": cmd, "reasoning": reasoning, "target": f"{role} {q(name)}", "effect": effect},
            "observation": nxt.obs(error),
        })
        self.cur = nxt

    def back(self, commitment, reasoning, nxt):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": "go_back()", "reasoning": reasoning, "target": None, "effect": "read"},
            "observation": nxt.obs(),
        })
        self.cur = nxt

    def say(self, msg, reasoning, commitment="report"):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": f"send_msg_to_user({q(msg)})", "reasoning": reasoning, "target": None, "effect": "read"},
            "observation": self.cur.obs(),
        })

    def record(self, success):
        if self.fault is None:
            assert self.step is None
        else:
            assert 0 <= self.step < len(self.steps), (self.rid, self.step, len(self.steps))
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": self.step},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": success},
        }


GOOD_TECH = "T-118"
GOOD_DATE = "2024-03-14"
GOOD_WIN = "13:00–15:00"
DONE_MSG = ("Done. AP-20417 (Marisol Okafor, water heater) is now Thu 14 Mar 2024, 13:00–15:00 with "
            "Dmitri Halvorsen (T-118), and Marisol was sent a text about the change.")


def open_by_search(r, how="enter", pick="AP-20417"):
    ck = r.ck
    ck.tick()
    r.act("find-appointment", "fill", "search", "AP-20417", "Type the appointment ID from the task into the search box.",
          "read", board_page(ck, search="AP-20417", suggestions=True))
    ck.tick()
    if how == "enter":
        r.act("find-appointment", "press", "search", "Enter", "Run the search to see every match, not just suggestions.",
              "read", search_page(ck))
    elif how == "button":
        r.act("find-appointment", "click", "search_btn", None, "Run the search.", "read", search_page(ck))
    elif how == "suggestion":
        r.act("find-appointment", "click", f"sugg:{pick}", None,
              "The first suggestion is AP-20417 for Okafor, Marisol — open it directly.", "read",
              detail_page(ck, base_record(pick)))
        return
    ck.tick()
    if pick == "AP-20417":
        why = "The exact match AP-20417 · Okafor, Marisol, water heater leaking at base; open it."
    else:
        why = f"Open {pick}, the Okafor water-heater job."
    r.act("find-appointment", "click", f"row:{pick}", None, why, "read", detail_page(ck, base_record(pick)))


def open_from_board(r):
    r.ck.tick()
    r.act("find-appointment", "click", "card:AP-20417", None,
          "AP-20417 · Okafor, Marisol is in Priya Ramaswamy's lane on today's board; open it.", "read",
          detail_page(r.ck, base_record("AP-20417")))


def edit_slot(r, rec, date=GOOD_DATE, window=GOOD_WIN, tech=GOOD_TECH, skill=None, bad_first_date=None,
              tech_first=False, skip_tech=False):
    """From the detail page: open Reschedule and fill the form.  Returns the dialog renderer state."""
    ck = r.ck
    ck.tick()
    r.act("open-reschedule", "click", "reschedule", None,
          "Reschedule changes both the day and the technician in one dialog.", "read",
          detail_page(ck, rec, dialog=reschedule_dialog(rec)))
    st = {"date": "", "window": None, "skill": "All skills", "tech": None}

    def show():
        return detail_page(ck, rec, dialog=reschedule_dialog(rec, date=st["date"], window=st["window"],
                                                              skill=st["skill"], tech=st["tech"],
                                                              date_error=st.get("err")))

    def do_tech():
        if skill:
            ck.tick()
            st["skill"] = skill
            r.act("assign-technician", "select_option", "skill", skill,
                  "Narrow the technician list to Plumbing, as the task suggests.", "read", show())
        ck.tick()
        st["tech"] = tech
        why = {"T-118": "Pick Dmitri Halvorsen (T-118) — Plumbing, Gas; not Dmitri Halverson or Dimitri Halvorsen.",
               "T-181": "Pick Dmitri Halverson (T-181), the Dmitri in the list."}[tech]
        r.act("assign-technician", "select_option", "tech", tech_option(tech), why, "write", show())

    if tech_first and not skip_tech:
        do_tech()
    if bad_first_date:
        ck.tick()
        st["date"] = bad_first_date
        st["err"] = "Use the format YYYY-MM-DD, for example 2024-03-14."
        r.act("set-slot", "fill", "date", bad_first_date, "Enter Thursday 14 March.", "write", show())
        ck.tick()
        st["date"] = date
        st["err"] = None
        r.act("set-slot", "fill", "date", date, "The field wants YYYY-MM-DD; retype the date as 2024-03-14.",
              "write", show())
    else:
        ck.tick()
        st["date"] = date
        r.act("set-slot", "fill", "date", date, f"Set the visit date to {date}.", "write", show())
    ck.tick()
    st["window"] = window
    r.act("set-slot", "select_option", "window", window, f"Choose the {window} arrival window.", "write", show())
    if not tech_first and not skip_tech:
        do_tech()
    return st


def save_flow(r, rec, st, confirm, toasts_extra=(), effect_save="irreversible"):
    """Click Save (and Confirm when the app asks).  Returns the saved record."""
    ck = r.ck
    tech = st["tech"] or rec["tech"]
    inner = reschedule_dialog(rec, date=st["date"], window=st["window"], skill=st["skill"], tech=st["tech"])
    ck.tick()
    if confirm:
        r.act("save", "click", "save", None, "Save the new date, window and technician.", effect_save,
              detail_page(ck, rec, dialog=confirm_dialog(rec, inner, st["date"], st["window"], tech)))
        ck.tick()
        new = saved_record(rec, ck, st["date"], st["window"], tech)
        r.act("save", "click", "confirm", None,
              "The app asks before texting the customer; the task wants the change saved, so confirm.",
              "irreversible", detail_page(ck, new, toasts=(saved_toast(rec, st["date"], st["window"], tech),) + tuple(toasts_extra)))
    else:
        new = saved_record(rec, ck, st["date"], st["window"], tech)
        r.act("save", "click", "save", None, "Save the new date, window and technician.", "irreversible",
              detail_page(ck, new, toasts=(saved_toast(rec, st["date"], st["window"], tech),) + tuple(toasts_extra)))
    return new


def new_run(idx, rid, fault, step, start_fn, note, banner=None):
    SITE["banner"] = banner
    ck = Clock(38 + (random.Random(SEED + idx).randrange(0, 9)))
    r = Run(rid, fault, step, None, ck, note)
    r.start = start_fn(ck)
    r.cur = r.start
    return r


# ---------------------------------------------------------------------------------------------
# Healthy runs
# ---------------------------------------------------------------------------------------------
def healthy_runs():
    out = []
    rec0 = base_record("AP-20417")

    # H1: search + Enter, confirmation dialog raised by own Save.
    r = new_run(1, "fieldday-healthy-01", None, None, lambda ck: board_page(ck), "search + Enter; confirm SMS dialog")
    open_by_search(r, "enter")
    st = edit_slot(r, rec0)
    save_flow(r, rec0, st, confirm=True)
    r.say(DONE_MSG, "The toast and the Visit line both show Thu 14 Mar, 13:00–15:00 with Dmitri Halvorsen (T-118).")
    out.append(r.record(True))

    # H2: browse the day board, no confirmation dialog.
    r = new_run(2, "fieldday-healthy-02", None, None, lambda ck: board_page(ck), "open from board lane; no confirm dialog")
    open_from_board(r)
    st = edit_slot(r, rec0)
    save_flow(r, rec0, st, confirm=False)
    r.say(DONE_MSG, "Saved; the page shows the new visit line.")
    out.append(r.record(True))

    # H3: search button + Plumbing skill filter the task suggests.
    r = new_run(3, "fieldday-healthy-03", None, None, lambda ck: board_page(ck), "search button; Plumbing skill filter")
    open_by_search(r, "button")
    st = edit_slot(r, rec0, skill="Plumbing")
    save_flow(r, rec0, st, confirm=True)
    r.say(DONE_MSG, "The save toast names Dmitri Halvorsen and Thu 14 Mar, 13:00–15:00.")
    out.append(r.record(True))

    # H4: opens Reassign by mistake, cancels it, then Reschedule.
    r = new_run(4, "fieldday-healthy-04", None, None, lambda ck: board_page(ck), "opens Reassign, cancels, then Reschedule")
    open_from_board(r)
    r.ck.tick()
    r.act("open-reschedule", "click", "reassign", None, "Change the technician first.", "read",
          detail_page(r.ck, rec0, dialog=reassign_dialog(rec0)))
    r.ck.tick()
    r.act("open-reschedule", "click", "dlg_cancel", None,
          "Reassign keeps the current day; the task also moves the date, so close this and use Reschedule.", "read",
          detail_page(r.ck, rec0))
    st = edit_slot(r, rec0)
    save_flow(r, rec0, st, confirm=True)
    r.say(DONE_MSG, "Saved and confirmed.")
    out.append(r.record(True))

    # H5: Appointments list with pagination.
    r = new_run(5, "fieldday-healthy-05", None, None, lambda ck: board_page(ck), "Appointments list, page 2")
    banner = "2 technicians have not synced their vans since 07:30. Parts counts may be out of date."
    r.ck.tick()
    r.act("find-appointment", "click", "nav_appts", None, "Look for AP-20417 in the full appointment list.", "read",
          list_page(r.ck, 1, banner=banner))
    r.ck.tick()
    r.act("find-appointment", "click", "next", None, "AP-20417 is not on page 1; go to the next page.", "read",
          list_page(r.ck, 2, banner=banner))
    r.ck.tick()
    r.act("find-appointment", "click", "row:AP-20417", None, "AP-20417 · Okafor, Marisol is on page 2; open it.", "read",
          detail_page(r.ck, rec0))
    st = edit_slot(r, rec0)
    save_flow(r, rec0, st, confirm=False)
    r.say(DONE_MSG, "Toast confirms the move and the new technician.")
    out.append(r.record(True))

    # H6: retypes the date after a format error.
    r = new_run(6, "fieldday-healthy-06", None, None, lambda ck: board_page(ck), "date typed 14/03/2024, corrected")
    open_by_search(r, "enter")
    st = edit_slot(r, rec0, bad_first_date="14/03/2024")
    save_flow(r, rec0, st, confirm=True)
    r.say(DONE_MSG, "Saved after fixing the date format.")
    out.append(r.record(True))

    # H7: sorts the list by ID.
    r = new_run(7, "fieldday-healthy-07", None, None, lambda ck: board_page(ck), "Appointments list sorted by ID")
    r.ck.tick()
    r.act("find-appointment", "click", "nav_appts", None, "Open the appointment list.", "read", list_page(r.ck, 1))
    r.ck.tick()
    r.act("find-appointment", "click", "sort:ID", None, "Sort by ID so AP-20417 lands in order.", "read",
          list_page(r.ck, 1, sort="ID"))
    r.ck.tick()
    r.act("find-appointment", "click", "row:AP-20417", None,
          "AP-20417 sits between AP-20414 (Okafor, Martin) and AP-20420 (Okoro, Mariam); open AP-20417.", "read",
          detail_page(r.ck, rec0))
    st = edit_slot(r, rec0)
    save_flow(r, rec0, st, confirm=False)
    r.say(DONE_MSG, "Saved; the Visit line reads Thu 14 Mar 2024 · 13:00–15:00 · Dmitri Halvorsen (T-118).")
    out.append(r.record(True))

    # H8: maintenance banner, suggestion click, technician before date, extra route toast.
    mb = "Scheduled maintenance tonight 22:00–22:30: the board will be read-only. Nothing is needed from you."
    r = new_run(8, "fieldday-healthy-08", None, None, lambda ck: board_page(ck),
                "search suggestion; technician picked before date; route toast", banner=mb)
    open_by_search(r, "suggestion")
    st = edit_slot(r, rec0, tech_first=True)
    save_flow(r, rec0, st, confirm=True,
              toasts_extra=("Route for Thu 14 Mar re-optimised: Dmitri Halvorsen now has 5 stops, overtime +0.5 h flagged for review.",))
    r.say(DONE_MSG, "Saved; the overtime flag is informational and the dispatcher lead reviews it.")
    out.append(r.record(True))
    return out


# ---------------------------------------------------------------------------------------------
# Faulty runs (written after the plan above was fixed)
# ---------------------------------------------------------------------------------------------
def faulty_runs():
    out = []
    rec0 = base_record("AP-20417")

    # F1 wrong_record: opens near-miss AP-20471 (Marisela Okafor) from search results.  Step 2.
    r = new_run(11, "fieldday-wrong_record-01", "wrong_record", 2, lambda ck: board_page(ck),
                "opens AP-20471 (Okafor, Marisela) instead of AP-20417")
    open_by_search(r, "enter", pick="AP-20471")
    recw = base_record("AP-20471")
    st = edit_slot(r, recw)
    save_flow(r, recw, st, confirm=True)
    r.say(DONE_MSG, "Saved; the Okafor water-heater visit is now Thursday with Dmitri Halvorsen.")
    out.append(r.record(False))

    # F2 wrong_record (technician near miss): picks Dmitri Halverson (T-181, Electrical).  Step 4.
    r = new_run(12, "fieldday-wrong_record-02", "wrong_record", 4, lambda ck: board_page(ck),
                "selects Dmitri Halverson (T-181, Electrical)")
    open_from_board(r)
    st = edit_slot(r, rec0, tech="T-181")
    save_flow(r, rec0, st, confirm=False)
    r.say("Done. AP-20417 is now Thu 14 Mar 2024, 13:00–15:00 with Dmitri.", "Saved with the new technician.")
    out.append(r.record(False))

    # F3 wrong_value: window 11:00–13:00.  Step 5.
    r = new_run(13, "fieldday-wrong_value-01", "wrong_value", 5, lambda ck: board_page(ck),
                "arrival window 11:00–13:00 instead of 13:00–15:00")
    open_by_search(r, "enter")
    st = edit_slot(r, rec0, window="11:00–13:00")
    save_flow(r, rec0, st, confirm=True)
    r.say(DONE_MSG, "Saved and confirmed.")
    out.append(r.record(False))

    # F4 wrong_value: date 2024-03-13 (Wednesday).  Step 4.
    r = new_run(14, "fieldday-wrong_value-02", "wrong_value", 4, lambda ck: board_page(ck),
                "date 2024-03-13 instead of 2024-03-14")
    r.ck.tick()
    r.act("find-appointment", "click", "nav_appts", None, "Look for AP-20417 in the appointment list.", "read",
          list_page(r.ck, 1))
    r.ck.tick()
    r.act("find-appointment", "click", "next", None, "Not on page 1; next page.", "read", list_page(r.ck, 2))
    r.ck.tick()
    r.act("find-appointment", "click", "row:AP-20417", None, "Open AP-20417 · Okafor, Marisol.", "read",
          detail_page(r.ck, rec0))
    st = edit_slot(r, rec0, date="2024-03-13")
    save_flow(r, rec0, st, confirm=False)
    r.say(DONE_MSG, "Saved.")
    out.append(r.record(False))

    # F5 silent_noop: Confirm returns to an unchanged page, no toast.  Step 8.
    r = new_run(15, "fieldday-silent_noop-01", "silent_noop", 8, lambda ck: board_page(ck),
                "Confirm and notify closes the dialogs but nothing is saved")
    open_by_search(r, "enter")
    st = edit_slot(r, rec0)
    inner = reschedule_dialog(rec0, date=st["date"], window=st["window"], tech=st["tech"])
    r.ck.tick()
    r.act("save", "click", "save", None, "Save the new date, window and technician.", "irreversible",
          detail_page(r.ck, rec0, dialog=confirm_dialog(rec0, inner, st["date"], st["window"], st["tech"])))
    r.ck.tick()
    r.act("save", "click", "confirm", None, "Confirm so the change is saved and the customer is told.", "irreversible",
          detail_page(r.ck, rec0))
    r.say(DONE_MSG, "The dialog closed after confirming, so the change went through.")
    out.append(r.record(False))

    # F6 unrequested_filter: filters the list to Overdue, then opens AP-20471.  Step 1.
    r = new_run(16, "fieldday-unrequested_filter-01", "unrequested_filter", 1, lambda ck: board_page(ck),
                "filters Appointments to Status: Overdue, then takes AP-20471")
    r.ck.tick()
    r.act("find-appointment", "click", "nav_appts", None, "Open the appointment list.", "read", list_page(r.ck, 1))
    r.ck.tick()
    r.act("find-appointment", "select_option", "status_filter", "Overdue",
          "A leaking heater the customer is chasing is probably overdue; filter to Overdue to shorten the list.", "read",
          list_page(r.ck, 1, status="Overdue"))
    r.ck.tick()
    recw = base_record("AP-20471")
    r.act("find-appointment", "click", "row:AP-20471", None, "The Okafor water-heater job is AP-20471; open it.", "read",
          detail_page(r.ck, recw))
    st = edit_slot(r, recw)
    save_flow(r, recw, st, confirm=False)
    r.say(DONE_MSG, "Saved.")
    out.append(r.record(False))

    # F7 error_page: Save lands on a 500 page.  Step 5.
    r = new_run(17, "fieldday-error_page-01", "error_page", 5, lambda ck: board_page(ck), "Save returns an error page")
    open_from_board(r)
    st = edit_slot(r, rec0)
    r.ck.tick()
    err = Page(f"{BASE}/appointments/AP-20417/schedule", "Error 500 · Tidewell Dispatch")
    header(err, r.ck)
    err.el(1, "main", "")
    err.el(2, "heading", "Something went wrong on our side", props=["level=1"])
    err.t(2, "We couldn't save your changes to AP-20417. Nothing was changed.")
    err.t(2, "Reference: TWD-500-7F3A21 · Tue 12 Mar 2024 " + r.ck.now())
    err.el(2, "link", "Back to appointment", key="err_back")
    err.el(2, "link", "Check system status")
    footer(err, r.ck)
    r.act("save", "click", "save", None, "Save the new date, window and technician.", "irreversible", err,
          error=None)
    r.ck.tick()
    r.act("save", "click", "err_back", None, "Go back to the appointment to see whether it saved.", "read",
          detail_page(r.ck, rec0))
    r.say("I tried to save AP-20417 for Thu 14 Mar 13:00–15:00 with Dmitri Halvorsen, but Tidewell returned an error "
          "(TWD-500-7F3A21) and the appointment still shows Tue 12 Mar with Priya Ramaswamy.",
          "The error page said nothing was changed and the page confirms it.")
    out.append(r.record(False))

    # F8 permission_denied: view-only banner already on the start page.  Step 0.
    vb = "View-only access: your role was changed to Viewer at 07:55 by Ops Admin. You can look at the board but not change visits."
    r = new_run(18, "fieldday-permission_denied-01", "permission_denied", 0, lambda ck: board_page(ck),
                "view-only role visible on the start page; Reschedule refused", banner=vb)
    open_by_search(r, "enter")
    r.ck.tick()
    fb = Page(f"{BASE}/appointments/AP-20417/reschedule", "Not allowed · Tidewell Dispatch")
    header(fb, r.ck)
    fb.el(1, "main", "")
    fb.el(2, "heading", "You can't change this appointment", props=["level=1"])
    fb.t(2, "Your role (Viewer) can see appointments but can't reschedule or reassign them.")
    fb.t(2, "Ask a dispatch lead to give you the Dispatcher role again.")
    fb.el(2, "link", "Back to AP-20417")
    footer(fb, r.ck)
    r.act("open-reschedule", "click", "reschedule", None, "Open Reschedule.", "read", fb)
    r.say("I couldn't reschedule AP-20417: my account is view-only right now (Viewer role). A dispatch lead needs to "
          "restore Dispatcher access.", "The app refused the change.")
    out.append(r.record(False))

    # F9 session_expired: clicking Reschedule lands on the sign-in page.  Step 3.
    r = new_run(19, "fieldday-session_expired-01", "session_expired", 3, lambda ck: board_page(ck),
                "session ends when Reschedule is clicked")
    open_by_search(r, "enter")
    r.ck.tick()
    si = Page(f"{BASE}/signin?next=%2Fappointments%2FAP-20417", "Sign in · Tidewell Dispatch")
    si.el(1, "main", "")
    si.el(2, "heading", "Sign in to Tidewell Dispatch", props=["level=1"])
    si.el(2, "alert", "")
    si.t(3, "Your session ended after 30 minutes without activity. Sign in again to continue.")
    si.el(2, "textbox", "Work email", props=["required"])
    si.el(2, "textbox", "Password", props=["required"])
    si.el(2, "checkbox", "Keep me signed in on this device", props=["checked=False"])
    si.el(2, "button", "Sign in")
    si.el(2, "link", "Sign in with company SSO")
    si.el(2, "link", "Forgot password?")
    footer(si, r.ck, synced=False)
    r.act("open-reschedule", "click", "reschedule", None, "Open Reschedule.", "read", si)
    r.say("I was signed out of Tidewell Dispatch before I could change AP-20417; it has not been rescheduled.",
          "The sign-in page replaced the appointment.")
    out.append(r.record(False))

    # F10 premature_success: reports done with the dialog still open, never saves.  Step 7.
    r = new_run(20, "fieldday-premature_success-01", "premature_success", 7, lambda ck: board_page(ck),
                "reports success before clicking Save")
    open_by_search(r, "enter")
    st = edit_slot(r, rec0)
    r.say(DONE_MSG, "All three fields show the requested values, so the change is in.")
    out.append(r.record(False))

    # F11 skipped_step: saves without changing the technician.  Step 4.
    r = new_run(21, "fieldday-skipped_step-01", "skipped_step", 4, lambda ck: board_page(ck),
                "saves date and window, never sets the technician")
    open_from_board(r)
    st = edit_slot(r, rec0, skip_tech=True)
    save_flow(r, rec0, st, confirm=False)
    r.say(DONE_MSG, "Saved.")
    out.append(r.record(False))

    # F12 dialog_mishandled: clicks Discard changes in the confirmation dialog.  Step 8.
    r = new_run(22, "fieldday-dialog_mishandled-01", "dialog_mishandled", 8, lambda ck: board_page(ck),
                "clicks Discard changes in the SMS confirmation")
    open_by_search(r, "enter")
    st = edit_slot(r, rec0)
    inner = reschedule_dialog(rec0, date=st["date"], window=st["window"], tech=st["tech"])
    r.ck.tick()
    r.act("save", "click", "save", None, "Save the new date, window and technician.", "irreversible",
          detail_page(r.ck, rec0, dialog=confirm_dialog(rec0, inner, st["date"], st["window"], st["tech"])))
    r.ck.tick()
    r.act("save", "click", "discard", None,
          "The task didn't mention texting the customer; dismiss this prompt so the save goes through without a text.",
          "write", detail_page(r.ck, rec0, toasts=("Changes discarded. AP-20417 was not changed.",)))
    r.say(DONE_MSG, "Prompt dismissed; the reschedule is done.")
    out.append(r.record(False))
    return out


def build():
    runs = healthy_runs() + faulty_runs()
    SITE["banner"] = None
    assert len(runs) == 20
    return runs


def write(out_dir):
    os.makedirs(os.path.join(out_dir, "plans"), exist_ok=True)
    with open(os.path.join(out_dir, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(plan_yaml())
    with open(os.path.join(out_dir, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for run in build():
            f.write(json.dumps(run, ensure_ascii=False, sort_keys=False) + "\n")


def main(argv):
    out = os.path.dirname(os.path.abspath(__file__))
    if len(argv) >= 2 and argv[0] == "--out":
        out = argv[1]
    random.seed(SEED)
    write(out)


if __name__ == "__main__":
    main(sys.argv[1:])
