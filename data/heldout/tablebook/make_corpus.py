#!/usr/bin/env python3
"""Generate the Tablebook held-out corpus (stdlib only, deterministic).

Usage: python3 make_corpus.py [OUTPUT_DIR]   (default: the folder of this script)

Writes OUTPUT_DIR/corpus.jsonl and OUTPUT_DIR/plans/move_booking.yaml.
"""
import copy
import json
import os
import random
import sys

BASE = "http://127.0.0.1:8000/tablebook"
WORKFLOW = "move_booking"
PLAN_PATH = "plans/move_booking.yaml"

TASK = ("Adaeze Okafor rang - her booking tonight (Fri 14 Jun, 7pm, 4 ppl, T12) is now 6 people "
        "and they can't get here before 8:30. Can you move it to 8:30 on T21 (the 6-top, should be "
        "free by then), refund $40 of her deposit as a goodwill thing for the mix-up, and text her "
        "the new time? Thanks! - Priya")

# ---------------------------------------------------------------------------
# The plan. Written from the task note and the healthy pages only, before any
# faulty run was scripted; not tuned afterwards.
# ---------------------------------------------------------------------------
PLAN = {
    "task": TASK,
    "plan_falsifiers": {
        "execution": [
            "Your session has expired. Please sign in again.",
            "Something went wrong",
            {"text": "Cancel reservation", "on": "action"},
            {"text": "Delete", "on": "action"},
        ],
        "planning": [
            "Status: Cancelled",
        ],
    },
    "commitments": [
        {
            "id": "open-booking",
            "subgoal": "Open Adaeze Okafor's Fri 14 Jun 7:00 PM booking (R-20417)",
            "skill": "open_record_by_search",
            "confidence": 0.8,
            "confirm": {
                "precondition": ["Reservations", "Search guests, bookings, phone"],
                "progress": ["Okafor", "R-20417"],
                "completion": ["Reservation R-20417 · Adaeze Okafor", "Fri 14 Jun 2024 · Dinner"],
            },
            "falsify": {
                "execution": ["Reservation R-20419", "Reservation R-20452", "Chidi Okafor",
                              "Sat 15 Jun 2024 · Dinner", "No reservations match"],
                "skill": ["Search is temporarily unavailable"],
                "planning": ["Reservation R-20417 not found"],
            },
        },
        {
            "id": "move-booking",
            "subgoal": "Change R-20417 to 8:30 PM, party of 6, table T21, and save",
            "skill": "edit_record_form",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["Edit reservation R-20417"],
                "progress": ["8:30 PM", "6 guests", "T21 · 6 seats"],
                "completion": ["Reservation R-20417 updated", "8:30 PM · Party of 6 · Table T21"],
            },
            "falsify": {
                "execution": ["Party of 6 exceeds", "Table T12", "8:00 PM · Party of 6",
                              "7:00 PM · Party of 4", "R-20419", "R-20452",
                              {"text": "Discard changes", "on": "action"}],
                "skill": ["T21 is not available"],
                "planning": ["8:30 PM is fully booked"],
            },
        },
        {
            "id": "refund-deposit",
            "subgoal": "Refund $40.00 of the $120.00 deposit on R-20417 (goodwill)",
            "confidence": 0.6,
            "confirm": {
                "precondition": ["Refund deposit", "$120.00 held"],
                "progress": ["Refund $40.00 to card"],
                "completion": ["Refund of $40.00 issued", "$80.00 held · $40.00 refunded"],
            },
            "falsify": {
                "execution": ["Refund failed", "$120.00 refunded", "Deposit unchanged",
                              {"text": "Refund full deposit", "on": "action"}],
                "skill": ["Refunds are disabled"],
                "planning": ["Deposit already refunded"],
            },
        },
        {
            "id": "text-guest",
            "subgoal": "Text Adaeze Okafor the new time (8:30 PM tonight)",
            "skill": "send_guest_sms",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["New message", "To: Adaeze Okafor"],
                "progress": ["8:30 PM"],
                "completion": ["Message sent to Adaeze Okafor"],
            },
            "falsify": {
                "execution": ["Draft saved", "To: Chidi Okafor", "Message not sent",
                              {"text": "Save draft", "on": "action"}],
                "skill": ["SMS is not enabled for this location"],
                "planning": ["has opted out of SMS"],
            },
        },
    ],
}


# ---------------------------------------------------------------------------
# Tiny YAML emitter (block style, every scalar JSON-quoted -> valid YAML)
# ---------------------------------------------------------------------------
def _scalar(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    return json.dumps(v, ensure_ascii=False)


YAML11_BOOL_KEYS = {"on", "off", "yes", "no", "y", "n", "true", "false"}


def _key(k):
    # YAML 1.1 loaders (PyYAML) read a bare `on:` key as the boolean True: quote such keys.
    return json.dumps(k) if k.lower() in YAML11_BOOL_KEYS else k


def to_yaml(obj, indent=0):
    pad = "  " * indent
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            k = _key(k)
            if isinstance(v, (dict, list)) and v:
                out.append(f"{pad}{k}:")
                out.extend(to_yaml(v, indent + 1))
            elif isinstance(v, list):
                out.append(f"{pad}{k}: []")
            elif isinstance(v, dict):
                out.append(f"{pad}{k}: {{}}")
            else:
                out.append(f"{pad}{k}: {_scalar(v)}")
    elif isinstance(obj, list):
        for item in obj:
            if isinstance(item, dict):
                sub = to_yaml(item, indent + 1)
                sub[0] = pad + "- " + sub[0].lstrip()
                out.extend(sub)
            else:
                out.append(f"{pad}- {_scalar(item)}")
    return out


# ---------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------
FIRST = ["Maya", "Tom", "Ines", "Lukas", "Sofia", "Hamid", "Grace", "Owen", "Priti", "Jonas",
         "Elena", "Kwame", "Rosa", "Dmitri", "Aiko", "Felix", "Nadia", "Sam", "Chloe", "Ravi",
         "Bea", "Marcus", "Yara", "Henrik", "Lola", "Tariq", "Wen", "Iris", "Ciaran", "Zoe"]
LAST = ["Brennan", "Castillo", "Dubois", "Eriksen", "Fischer", "Gallagher", "Haddad", "Ishikawa",
        "Jansen", "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Osei", "Petrov", "Quinn",
        "Rossi", "Sandoval", "Tanaka", "Umarov", "Varga", "Whitfield", "Xu", "Yilmaz", "Zielinski",
        "Abara", "Bell", "Costa", "Dunne", "Ekwueme", "Okonkwo", "Farrow", "Greaves", "Horvath"]
NOTES = ["", "", "", "Birthday", "High chair", "Window please", "Nut allergy", "VIP",
         "Anniversary", "Wheelchair access", "Pre-theatre, needs bill by 7:45", "Dog friendly table"]
SEATS = {"T1": 2, "T2": 2, "T3": 2, "T4": 4, "T5": 2, "T6": 4, "T7": 4, "T8": 8, "T9": 2,
         "T10": 4, "T11": 4, "T12": 4, "T14": 6, "T15": 2, "T16": 4, "T17": 4, "T18": 2,
         "T19": 4, "T20": 4, "T21": 6, "T22": 2, "T23": 4, "T24": 8}
POOL = [t for t in SEATS if t not in ("T2", "T12", "T21")]

NAV = ["Reservations", "Floor plan", "Waitlist (4)", "Guests", "Messages (2)", "Deposits",
       "Shifts", "Reports", "Settings"]

DATES = {"fri": ("2024-06-14", "Fri 14 Jun", "Fri 14 Jun 2024"),
         "sat": ("2024-06-15", "Sat 15 Jun", "Sat 15 Jun 2024")}


def tmin(t):
    hm, ap = t.split()
    h, m = map(int, hm.split(":"))
    return (h % 12 + (12 if ap == "PM" else 0)) * 60 + m


class Booking:
    def __init__(self, rid, guest, time, party, table, status, date, deposit=None, notes="",
                 gid=None, phone=None, card=None):
        self.rid, self.guest, self.time, self.party, self.table = rid, guest, time, party, table
        self.status, self.date, self.notes = status, date, notes
        self.deposit = deposit if deposit is not None else (f"${30 * party:.2f} held" if party >= 4 else "—")
        self.gid, self.phone, self.card = gid, phone, card
        self.held = float(30 * party)
        self.refunded = 0.0
        self.log = []
        self.messages = []

    @property
    def surname(self):
        return self.guest.split()[-1]


def make_day(key, seed, times, specials, statuses):
    rng = random.Random(seed)
    used = set(b.rid for b in specials)
    rows = list(specials)
    names = set()
    for i, t in enumerate(times):
        while True:
            g = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
            if g not in names:
                names.add(g)
                break
        while True:
            rid = f"R-{rng.randint(20100, 20499)}"
            if rid not in used and rid not in ("R-20417", "R-20419", "R-20452", "R-20466", "R-20433"):
                used.add(rid)
                break
        party = rng.choice([2, 2, 2, 3, 4, 4, 5, 6])
        table = rng.choice([x for x in POOL if SEATS[x] >= party])
        status = statuses(i, t, rng)
        b = Booking(rid, g, t, party, table, status, key, notes=rng.choice(NOTES))
        if status == "Cancelled":
            b.deposit = "Refunded" if party >= 4 else "—"
        rows.append(b)
    return rows


FRI_TIMES = (["5:30 PM", "5:30 PM", "5:45 PM", "6:00 PM", "6:00 PM", "6:15 PM", "6:15 PM",
              "6:30 PM", "6:45 PM", "7:00 PM", "7:15 PM", "7:30 PM"]
             + ["7:45 PM", "7:45 PM", "8:00 PM", "8:00 PM", "8:00 PM", "8:00 PM", "8:15 PM",
                "8:30 PM", "8:45 PM", "8:45 PM", "9:00 PM", "9:00 PM", "9:15 PM", "9:15 PM",
                "9:30 PM", "9:30 PM", "9:45 PM", "9:45 PM", "9:45 PM", "9:45 PM", "9:45 PM",
                "9:45 PM", "9:45 PM"])


def fri_status(i, t, rng):
    if i == 0:
        return "No-show"
    if i == 7:
        return "Late · 15 min"
    if i in (4, 16):
        return "Cancelled"
    if i in (2, 25):
        return "No-show" if i == 2 else "Confirmed"
    if tmin(t) <= tmin("6:15 PM"):
        return "Seated"
    return "Confirmed"


def sat_status(i, t, rng):
    if i == 6:
        return "Cancelled"
    if i == 11:
        return "Waitlist"
    return "Confirmed"


ADAEZE = dict(gid="G-5521", phone="+44 7700 900417", card="4417")
CHIDI = dict(gid="G-6630", phone="+44 7700 900982", card="0982")


def build_world():
    fri_specials = [
        Booking("R-20417", "Adaeze Okafor", "7:00 PM", 4, "T12", "Confirmed", "fri",
                notes="Shellfish allergy · Regular", **ADAEZE),
        Booking("R-20419", "Chidi Okafor", "7:30 PM", 2, "T2", "Confirmed", "fri",
                deposit="$60.00 held", notes="Quiet corner", **CHIDI),
        Booking("R-20398", "Ruth Hartley", "6:00 PM", 6, "T21", "Seated", "fri", notes="Leaving by 8:00"),
    ]
    fri_specials[1].held = 60.0
    fri = make_day("fri", 1406, FRI_TIMES, fri_specials, fri_status)
    # a declined card on somebody else's booking (alarming but ordinary)
    for b in fri:
        if b.rid not in ("R-20417", "R-20419", "R-20398") and b.time == "8:00 PM" and b.status == "Confirmed":
            b.deposit = "Declined card"
            break
    sat_times = ["5:30 PM", "6:00 PM", "6:00 PM", "6:30 PM", "6:45 PM", "7:00 PM", "7:00 PM",
                 "7:15 PM", "7:30 PM", "7:30 PM", "7:45 PM", "8:00 PM", "8:00 PM", "8:15 PM",
                 "8:30 PM", "8:30 PM", "8:45 PM", "9:00 PM", "9:00 PM", "9:15 PM", "9:30 PM",
                 "9:45 PM", "9:45 PM", "9:45 PM", "9:45 PM", "9:45 PM", "9:45 PM", "9:45 PM"]
    sat_specials = [Booking("R-20452", "Adaeze Okafor", "8:00 PM", 4, "T12", "Confirmed", "sat",
                            notes="Shellfish allergy · Regular", **ADAEZE)]
    sat = make_day("sat", 1506, sat_times, sat_specials, sat_status)
    world = {"fri": fri, "sat": sat}
    for day in world.values():
        day.sort(key=lambda b: (tmin(b.time), b.surname, b.guest))
    return world


WORLD = build_world()


def find(rid):
    for day in WORLD.values():
        for b in day:
            if b.rid == rid:
                return b
    raise KeyError(rid)


def fresh(rid):
    """A per-trajectory mutable copy of a booking."""
    b = copy.deepcopy(find(rid))
    b.log = [
        f"{'12 Jun 3:04 PM' if b.date == 'fri' else '10 Jun 9:12 AM'} · Booking created online (party of {b.party})",
        f"{'12 Jun 3:05 PM' if b.date == 'fri' else '10 Jun 9:13 AM'} · Deposit ${b.held:.2f} captured · card •••• {b.card}",
    ]
    if b.date == "fri":
        b.log.append("13 Jun 10:00 AM · Reminder SMS delivered")
        b.messages = [("13 Jun 10:00 AM",
                       f"Reminder: your table for {b.party} at Osteria Lume tomorrow at {b.time}. Reply C to confirm.",
                       "Delivered"),
                      ("13 Jun 10:07 AM", "C", "Received")]
    else:
        b.messages = [("10 Jun 9:13 AM", f"Thanks! Your booking for {b.party} on Sat 15 Jun at {b.time} is confirmed.",
                       "Delivered")]
    b.log.reverse()
    return b


# ---------------------------------------------------------------------------
# AXTree page builder (BrowserGym flattened style)
# ---------------------------------------------------------------------------
def q(s):
    return "'" + s.replace("'", "\u2019") + "'"


class Page:
    def __init__(self, url, title, error=None):
        self.url, self.title, self.error = url, title, error
        self.lines = [f"RootWebArea {q(title)}, focused"]
        self.bid = 10
        self.keys = {}

    def add(self, depth, role, name="", key=None, props=""):
        ind = "\t" * depth
        if role == "StaticText":
            self.lines.append(f"{ind}StaticText {q(name)}")
            return None
        b = str(self.bid)
        self.bid += 1
        self.lines.append(f"{ind}[{b}] {role} {q(name)}{props}")
        if key:
            if key in self.keys:
                raise ValueError(f"duplicate key {key} on {self.url}")
            self.keys[key] = (b, f"{role} {q(name)}")
        return b

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": self.error}


def chrome(p, active, crumbs, search=""):
    p.add(1, "banner", "")
    p.add(2, "link", "Tablebook", key="home")
    p.add(2, "StaticText", "Osteria Lume · Harbour St")
    p.add(2, "combobox", "Location", props=", value='Osteria Lume — Harbour St', hasPopup='listbox', expanded=False")
    p.add(2, "textbox", "Search guests, bookings, phone", key="search",
          props=(f", value={q(search)}" if search else "") + ", focused" * bool(search))
    p.add(2, "button", "Notifications (3)")
    p.add(2, "button", "Marco D. · Host", props=", hasPopup='menu', expanded=False")
    p.add(1, "navigation", "Main")
    for item in NAV:
        p.add(2, "link", item, key="nav:" + item.split(" (")[0],
              props=", current='page'" if item.startswith(active) else "")
    p.add(1, "navigation", "Breadcrumb")
    for c in crumbs[:-1]:
        p.add(2, "link", c)
    p.add(2, "StaticText", crumbs[-1])


def footer(p, synced="6:41 PM"):
    p.add(1, "contentinfo", "")
    p.add(2, "StaticText", "Tablebook 6.4.2 · © 2024 Tablebook Ltd")
    p.add(2, "link", "Help centre")
    p.add(2, "link", "System status")
    p.add(2, "link", "Privacy")
    p.add(2, "StaticText", f"Last synced {synced} · Service: Dinner · kitchen open until 10:30 PM")


def toast(p, text, kind="status"):
    p.add(1, "region", "Notifications")
    p.add(2, kind, "")
    p.add(3, "StaticText", text)
    p.add(3, "button", "Dismiss notification")


def booking_row(p, d, b, linkkey=True):
    p.add(d, "row", "")
    p.add(d + 1, "gridcell", b.time)
    p.add(d + 1, "gridcell", "")
    p.add(d + 2, "link", b.guest, key=f"guest:{b.rid}" if linkkey else None)
    p.add(d + 1, "gridcell", "")
    p.add(d + 2, "link", b.rid, key=f"row:{b.rid}" if linkkey else None)
    p.add(d + 1, "gridcell", str(b.party))
    p.add(d + 1, "gridcell", b.table)
    p.add(d + 1, "gridcell", b.status)
    p.add(d + 1, "gridcell", b.deposit)
    p.add(d + 1, "gridcell", b.notes)


CHIPS = ["All", "Confirmed", "Seated", "Late", "No-show", "Cancelled", "Waitlist"]


def page_list(day="fri", shift="Dinner", chip="All", filt="", sort="time", pageno=1, dialog=None,
              saved_view=False, search=""):
    iso, short, long = DATES[day]
    url = f"{BASE}/reservations?date={iso}&shift={shift.lower()}"
    if chip != "All":
        url += f"&status={chip.lower()}"
    if filt:
        url += f"&q={filt.lower()}"
    if sort != "time":
        url += f"&sort={sort}"
    if pageno != 1:
        url += f"&page={pageno}"
    p = Page(url, f"Reservations · {short} · {shift} — Tablebook")
    chrome(p, "Reservations", ["Home", "Reservations", f"{short} · {shift}"], search=search)
    p.add(1, "main", "")
    p.add(2, "heading", "Reservations")
    p.add(2, "combobox", "Date", key="date", props=f", value={q(long)}, hasPopup='dialog', expanded=False")
    p.add(2, "button", "Previous day")
    p.add(2, "button", "Today")
    p.add(2, "button", "Next day")
    p.add(2, "combobox", "Shift", key="shift", props=f", value={q(shift)}, hasPopup='listbox', expanded=False")
    p.add(2, "button", "New reservation", key="new")
    p.add(2, "button", "Export CSV")
    if shift == "Lunch":
        rows_all = []
        p.add(2, "StaticText", f"Lunch · {short} · service closed at 3:00 PM · 0 upcoming bookings")
        p.add(2, "StaticText", "Lunch bookings from earlier today are under Reports.")
    else:
        rows_all = WORLD[day]
        covers = sum(b.party for b in rows_all if b.status not in ("Cancelled",))
        ns = sum(b.status == "No-show" for b in rows_all)
        cx = sum(b.status == "Cancelled" for b in rows_all)
        p.add(2, "StaticText", f"{shift} · {len(rows_all)} bookings · {covers} covers · {ns} no-shows · {cx} cancelled")
        p.add(2, "StaticText", "8:00 PM fully booked · 9:45 PM last seating (4 parties on the waitlist)"
              if day == "fri" else "Sat 15 Jun: 8:00 PM and 8:30 PM almost full")
    p.add(2, "group", "Status filters")
    for c in CHIPS:
        n = len(rows_all) if c == "All" else sum(b.status.startswith(c) for b in rows_all)
        p.add(3, "button", f"{c} ({n})", key=f"chip:{c}", props=", pressed='true'" if c == chip else ", pressed='false'")
    if saved_view:
        p.add(3, "button", f"Date: {short} (saved view) ×", key="chip:saved")
    p.add(2, "textbox", "Filter this list", key="filter", props=f", value={q(filt)}" if filt else "")
    rows = [b for b in rows_all if chip == "All" or b.status.startswith(chip)]
    if filt:
        rows = [b for b in rows if filt.lower() in (b.guest + " " + b.rid).lower()]
    if sort == "guest":
        rows = sorted(rows, key=lambda b: (b.surname, b.guest, tmin(b.time)))
    if sort == "party_desc":
        rows = sorted(rows, key=lambda b: (-b.party, tmin(b.time)))
    per = 15
    pages = max(1, (len(rows) + per - 1) // per)
    shown = rows[(pageno - 1) * per: pageno * per]
    p.add(2, "table", f"Reservations {short} {shift}")
    p.add(3, "row", "")
    for col, lab in [("time", "Time"), ("guest", "Guest"), ("rid", "Booking"), ("party_desc", "Party"),
                     ("table", "Table"), ("status", "Status"), ("deposit", "Deposit"), ("notes", "Notes")]:
        p.add(4, "columnheader", lab)
        p.add(5, "button", f"Sort by {lab.lower()}", key=f"sort:{col}",
              props=", pressed='true'" if col == sort else "")
    for b in shown:
        booking_row(p, 3, b)
    if not rows:
        p.add(2, "StaticText", "No reservations match these filters.")
    p.add(2, "navigation", "Pagination")
    p.add(3, "button", "Previous page", props=", disabled=True" if pageno == 1 else "")
    for i in range(1, pages + 1):
        p.add(3, "button", f"Page {i}", key=f"page:{i}", props=", current='page'" if i == pageno else "")
    p.add(3, "button", "Next page", key="next", props=", disabled=True" if pageno == pages else "")
    if rows:
        p.add(3, "StaticText", f"Showing {(pageno - 1) * per + 1}–{(pageno - 1) * per + len(shown)} of {len(rows)}")
    footer(p)
    if dialog == "whatsnew":
        p.add(1, "dialog", "What’s new in Tablebook 6.4", props=", modal=True")
        p.add(2, "heading", "What’s new in Tablebook 6.4")
        p.add(2, "StaticText", "Deposits can now be partially refunded from the booking page.")
        p.add(2, "StaticText", "The floor plan shows turn times for every table.")
        p.add(2, "button", "Remind me later")
        p.add(2, "button", "Got it", key="gotit")
    return p


def page_typeahead(text):
    p = page_list(search=text)
    p.add(1, "listbox", "Search suggestions")
    for label, key in [("Adaeze Okafor · Fri 14 Jun · 7:00 PM · R-20417", "sug:R-20417"),
                       ("Chidi Okafor · Fri 14 Jun · 7:30 PM · R-20419", "sug:R-20419"),
                       ("Adaeze Okafor · Sat 15 Jun · 8:00 PM · R-20452", "sug:R-20452"),
                       ("Guest: Adaeze Okafor · +44 7700 900417", None),
                       ("Guest: Chidi Okafor · +44 7700 900982", None)]:
        p.add(2, "option", label, key=key, props=", selected=False")
    p.add(2, "option", "See all results for “okafor”", key="sug:all")
    return p


SEARCH_ROWS = [("R-20417", "Adaeze Okafor", "Fri 14 Jun 2024", "7:00 PM", "4", "T12", "Confirmed"),
               ("R-20419", "Chidi Okafor", "Fri 14 Jun 2024", "7:30 PM", "2", "T2", "Confirmed"),
               ("R-20452", "Adaeze Okafor", "Sat 15 Jun 2024", "8:00 PM", "4", "T12", "Confirmed"),
               ("R-19870", "Adaeze Okafor", "Sat 25 May 2024", "7:00 PM", "4", "T12", "Completed"),
               ("R-19544", "Chidi Okafor", "Fri 3 May 2024", "8:15 PM", "2", "T9", "No-show")]


def page_search(term="okafor"):
    p = Page(f"{BASE}/search?q={term}", f"Search: {term} — Tablebook")
    chrome(p, "", ["Home", "Search"], search=term)
    p.add(1, "main", "")
    p.add(2, "heading", f"Search results for “{term}”")
    p.add(2, "tablist", "Result types")
    p.add(3, "tab", "Bookings (5)", props=", selected=True")
    p.add(3, "tab", "Guests (2)", props=", selected=False")
    p.add(3, "tab", "Messages (4)", props=", selected=False")
    p.add(2, "group", "Search filters")
    p.add(3, "button", "Upcoming only", props=", pressed='false'")
    p.add(3, "button", "Include past", props=", pressed='true'")
    p.add(2, "table", "Matching bookings")
    p.add(3, "row", "")
    for lab in ["Booking", "Guest", "Date", "Time", "Party", "Table", "Status"]:
        p.add(4, "columnheader", lab)
        p.add(5, "button", f"Sort by {lab.lower()}")
    for rid, g, d, t, n, tb, st in SEARCH_ROWS:
        p.add(3, "row", "")
        p.add(4, "gridcell", "")
        p.add(5, "link", rid, key=f"row:{rid}")
        p.add(4, "gridcell", g)
        p.add(4, "gridcell", d)
        p.add(4, "gridcell", t)
        p.add(4, "gridcell", n)
        p.add(4, "gridcell", tb)
        p.add(4, "gridcell", st)
    p.add(2, "StaticText", "5 bookings · 2 guests · searched all dates")
    p.add(2, "navigation", "Pagination")
    p.add(3, "button", "Previous page", props=", disabled=True")
    p.add(3, "button", "Page 1", props=", current='page'")
    p.add(3, "button", "Next page", props=", disabled=True")
    footer(p)
    return p


def page_guests(term="okafor"):
    p = Page(f"{BASE}/guests?q={term}", "Guests — Tablebook")
    chrome(p, "Guests", ["Home", "Guests"])
    p.add(1, "main", "")
    p.add(2, "heading", "Guests")
    p.add(2, "textbox", "Find a guest", key="gfind", props=f", value={q(term)}")
    p.add(2, "group", "Guest filters")
    for c in ["All guests", "Regulars", "VIP", "Has allergy", "Blocked"]:
        p.add(3, "button", c, props=", pressed='true'" if c == "All guests" else ", pressed='false'")
    p.add(2, "table", "Guest list")
    p.add(3, "row", "")
    for lab in ["Name", "Mobile", "Visits", "No-shows", "Next booking", "Tags"]:
        p.add(4, "columnheader", lab)
        p.add(5, "button", f"Sort by {lab.lower()}")
    for gid, name, ph, v, ns, nxt, tags in [
            ("G-5521", "Adaeze Okafor", "+44 7700 900417", "7", "1", "Fri 14 Jun · 7:00 PM", "Regular · Shellfish allergy"),
            ("G-6630", "Chidi Okafor", "+44 7700 900982", "2", "1", "Fri 14 Jun · 7:30 PM", "")]:
        p.add(3, "row", "")
        p.add(4, "gridcell", "")
        p.add(5, "link", name, key=f"guest:{gid}")
        p.add(4, "gridcell", ph)
        p.add(4, "gridcell", v)
        p.add(4, "gridcell", ns)
        p.add(4, "gridcell", nxt)
        p.add(4, "gridcell", tags)
    p.add(2, "StaticText", "Showing 2 of 2 guests matching “okafor”")
    footer(p)
    return p


def page_guest_profile():
    p = Page(f"{BASE}/guests/G-5521", "Adaeze Okafor · Guest — Tablebook")
    chrome(p, "Guests", ["Home", "Guests", "Adaeze Okafor"])
    p.add(1, "main", "")
    p.add(2, "heading", "Adaeze Okafor")
    p.add(2, "StaticText", "Mobile +44 7700 900417 · adaeze.o@example.com · SMS opt-in: yes")
    p.add(2, "StaticText", "7 visits · 1 no-show (Mar 2023) · 1 late cancellation · Avg spend $212")
    p.add(2, "StaticText", "Tags: Regular · Shellfish allergy · Prefers booth")
    p.add(2, "button", "Edit guest")
    p.add(2, "button", "Message guest")
    p.add(2, "heading", "Upcoming bookings")
    p.add(2, "list", "")
    for rid, label in [("R-20417", "Fri 14 Jun 2024 · 7:00 PM · Party of 4 · T12 · Confirmed"),
                       ("R-20452", "Sat 15 Jun 2024 · 8:00 PM · Party of 4 · T12 · Confirmed")]:
        p.add(3, "listitem", "")
        p.add(4, "link", rid, key=f"row:{rid}")
        p.add(4, "StaticText", label)
    p.add(2, "heading", "Past bookings")
    p.add(2, "list", "")
    for label in ["Sat 25 May 2024 · 7:00 PM · Party of 4 · Completed",
                  "Fri 8 Mar 2024 · 7:30 PM · Party of 2 · Cancelled by guest",
                  "Sat 11 Mar 2023 · 8:00 PM · Party of 3 · No-show · deposit kept"]:
        p.add(3, "listitem", "")
        p.add(4, "StaticText", label)
    footer(p)
    return p


def page_floor(at="8:30 PM"):
    p = Page(f"{BASE}/floor?date=2024-06-14&shift=dinner&at=20:30", f"Floor plan · Fri 14 Jun · {at} — Tablebook")
    chrome(p, "Floor plan", ["Home", "Floor plan", "Fri 14 Jun · Dinner"])
    p.add(1, "main", "")
    p.add(2, "heading", "Floor plan")
    p.add(2, "combobox", "Date", props=", value='Fri 14 Jun 2024', hasPopup='dialog', expanded=False")
    p.add(2, "slider", "Time", props=f", value={q(at)}")
    p.add(2, "group", "Areas")
    for a in ["Main room", "Terrace", "Bar"]:
        p.add(3, "button", a, props=", pressed='true'" if a == "Main room" else ", pressed='false'")
    status = {"T2": "Okafor, C. until 9:00 PM", "T12": "Okafor, A. until 9:00 PM",
              "T21": "free 8:15–10:30 PM", "T14": "booked 8:00 PM", "T8": "booked 8:45 PM",
              "T5": "blocked · broken chair", "T9": "free", "T17": "free until 9:15 PM"}
    p.add(2, "group", "Tables")
    for t in SEATS:
        p.add(3, "button", f"{t} · {SEATS[t]} seats · {status.get(t, 'occupied')}")
    p.add(2, "StaticText", "Turn time 2h · 3 tables late to turn · 8:00 PM fully booked")
    footer(p)
    return p


def page_signin():
    p = Page(f"{BASE}/login?next=%2Freservations%2FR-20417", "Sign in — Tablebook")
    p.add(1, "main", "")
    p.add(2, "heading", "Sign in to Tablebook")
    p.add(2, "alert", "")
    p.add(3, "StaticText", "Your session has expired. Please sign in again.")
    p.add(2, "textbox", "Email", props=", value='marco.d@osterialume.co.uk'")
    p.add(2, "textbox", "Password")
    p.add(2, "checkbox", "Keep me signed in on this device", props=", checked='false'")
    p.add(2, "button", "Sign in", key="signin")
    p.add(2, "link", "Forgot password?")
    p.add(1, "contentinfo", "")
    p.add(2, "StaticText", "Tablebook 6.4.2 · © 2024 Tablebook Ltd")
    return p


def deposit_line(b):
    if b.status == "Cancelled":
        return f"$0.00 held · ${b.held + b.refunded:.2f} refunded · card •••• {b.card}"
    if b.refunded:
        return f"${b.held:.2f} held · ${b.refunded:.2f} refunded · card •••• {b.card}"
    return f"${b.held:.2f} held · card •••• {b.card}" if b.held else "No deposit held"


def page_detail(b, toast_text=None, banner=None, dialog=None, form=None, synced="6:41 PM"):
    short, long = DATES[b.date][1], DATES[b.date][2]
    p = Page(f"{BASE}/reservations/{b.rid}", f"Reservation {b.rid} · {b.guest} — Tablebook")
    chrome(p, "Reservations", ["Home", "Reservations", f"{short} · Dinner", b.rid])
    p.add(1, "main", "")
    if banner:
        p.add(2, "alert", "")
        p.add(3, "StaticText", banner)
        p.add(3, "button", "Dismiss")
    p.add(2, "heading", f"Reservation {b.rid} · {b.guest}")
    p.add(2, "StaticText", f"Status: {b.status}")
    p.add(2, "StaticText", f"{long} · Dinner")
    p.add(2, "StaticText", f"{b.time} · Party of {b.party} · Table {b.table}")
    if b.party > SEATS[b.table]:
        p.add(2, "StaticText", f"Over capacity: {b.table} seats {SEATS[b.table]}")
    p.add(2, "toolbar", "Booking actions")
    p.add(3, "button", "Edit booking", key="edit")
    p.add(3, "button", "Refund deposit", key="refund", props=", disabled=True" if b.status == "Cancelled" else "")
    p.add(3, "button", "Message guest", key="message")
    p.add(3, "button", "Mark seated")
    p.add(3, "button", "Cancel reservation", key="cancel")
    p.add(3, "button", "More actions", props=", hasPopup='menu', expanded=False")
    p.add(2, "region", "Guest")
    p.add(3, "link", b.guest, key="guestlink")
    p.add(3, "StaticText", f"Mobile {b.phone} · SMS opt-in: yes")
    if b.gid == "G-5521":
        p.add(3, "StaticText", "7 visits · 1 no-show (Mar 2023) · Regular · Shellfish allergy")
    else:
        p.add(3, "StaticText", "2 visits · 1 no-show (May 2024) · Quiet corner")
    p.add(2, "region", "Deposit")
    p.add(3, "StaticText", deposit_line(b))
    p.add(3, "StaticText", "Policy: $30 per guest · refundable up to 2 hours before the booking")
    p.add(2, "region", "Other bookings for this guest")
    others = {"R-20417": [("R-20452", "Sat 15 Jun 2024 · 8:00 PM · Party of 4")],
              "R-20452": [("R-20417", "Fri 14 Jun 2024 · 7:00 PM · Party of 4")],
              "R-20419": [("R-19544", "Fri 3 May 2024 · 8:15 PM · No-show")],
              "R-20466": [("R-20417", "Fri 14 Jun 2024 · 7:00 PM · Cancelled"),
                          ("R-20452", "Sat 15 Jun 2024 · 8:00 PM · Party of 4")]}.get(b.rid, [])
    for rid, label in others:
        p.add(3, "link", rid, key=f"other:{rid}")
        p.add(3, "StaticText", label)
    p.add(2, "region", "Activity")
    p.add(3, "list", "")
    for entry in b.log:
        p.add(4, "listitem", entry)
    p.add(2, "region", "Messages")
    for when, text, st in b.messages[-2:]:
        p.add(3, "StaticText", f"{when} · {text} · {st}")
    footer(p, synced)
    if dialog == "edit":
        f = form
        p.add(1, "dialog", f"Edit reservation {b.rid}", props=", modal=True")
        p.add(2, "heading", f"Edit reservation {b.rid}")
        p.add(2, "combobox", "Date", props=f", value={q(long)}, hasPopup='dialog', expanded=False")
        p.add(2, "combobox", "Time", key="f:time", props=f", value={q(f['time'])}, hasPopup='listbox', expanded=False")
        p.add(2, "spinbutton", "Party size", key="f:party", props=f", value={q(str(f['party']))}, valuemin=1, valuemax=12")
        p.add(2, "combobox", "Table", key="f:table",
              props=f", value={q(f['table'] + ' · ' + str(SEATS[f['table']]) + ' seats')}, hasPopup='listbox', expanded=False")
        if f["time"] == "8:30 PM":
            p.add(2, "StaticText", "Free at 8:30 PM: T21 · 6 seats · T9 · 2 seats · T17 · 4 seats (until 9:15 PM)")
        elif f["time"] == "8:00 PM":
            p.add(2, "StaticText", "Free at 8:00 PM: T21 · 6 seats (after turn) · T9 · 2 seats")
        else:
            p.add(2, "StaticText", f"Free at {f['time']}: {b.table} · {SEATS[b.table]} seats (current) · T9 · 2 seats")
        if f["party"] > SEATS[f["table"]]:
            p.add(2, "StaticText", f"Party of {f['party']} exceeds the {SEATS[f['table']]} seats at {f['table']}")
        p.add(2, "StaticText", f"Preview: {short} · {f['time']} · {f['party']} guests · {f['table']}")
        p.add(2, "textbox", "Internal note", key="f:note", props=f", value={q(f.get('note', ''))}" if f.get("note") else "")
        p.add(2, "checkbox", "Send the guest an automatic confirmation", props=", checked='false'")
        p.add(2, "button", "Save changes", key="save")
        p.add(2, "button", "Discard changes", key="discard")
        p.add(2, "button", "Close", key="close")
    elif dialog == "refund":
        f = form
        p.add(1, "dialog", "Refund deposit", props=", modal=True")
        p.add(2, "heading", "Refund deposit")
        p.add(2, "StaticText", f"{b.rid} · {deposit_line(b)}")
        p.add(2, "textbox", "Refund amount ($)", key="r:amount", props=f", value={q(f['amount'])}" if f["amount"] else "")
        p.add(2, "combobox", "Reason", key="r:reason", props=f", value={q(f['reason'])}, hasPopup='listbox', expanded=False")
        if f.get("error"):
            p.add(2, "StaticText", f["error"])
        p.add(2, "StaticText", "Refunds go back to the original card and take 3–5 working days.")
        p.add(2, "button", f"Refund full deposit (${b.held:.2f})", key="r:full")
        p.add(2, "button", "Issue refund", key="r:issue")
        p.add(2, "button", "Cancel", key="r:cancel")
    elif dialog == "refund_confirm":
        p.add(1, "alertdialog", "Confirm refund", props=", modal=True")
        p.add(2, "StaticText", f"Refund ${float(form['amount']):.2f} to card •••• {b.card}? This can’t be undone.")
        p.add(2, "button", "Go back", key="rc:back")
        p.add(2, "button", "Confirm refund", key="rc:confirm")
    elif dialog == "cancel_confirm":
        p.add(1, "alertdialog", f"Cancel reservation {b.rid}?", props=", modal=True")
        p.add(2, "StaticText", f"The ${b.held:.2f} deposit will be refunded in full to card •••• {b.card}.")
        p.add(2, "button", "Keep reservation", key="cc:keep")
        p.add(2, "button", "Cancel reservation", key="cc:confirm")
    elif dialog == "locked":
        p.add(1, "alertdialog", "Floor plan locked", props=", modal=True")
        p.add(2, "StaticText", "Sofia R. (Manager) is editing the Dinner floor plan. Table changes are paused until they publish.")
        p.add(2, "button", "OK", key="lk:ok")
    if toast_text:
        toast(p, toast_text)
    return p


def sms_text(b, time):
    return (f"Hi {b.guest.split()[0]}, your Osteria Lume table on {DATES[b.date][1]} is now at {time} "
            f"for {b.party}. See you then! Reply C to confirm or call 020 7946 0311.")


def page_compose(b, form, toast_text=None):
    p = Page(f"{BASE}/messages/new?reservation={b.rid}", "New message — Tablebook")
    chrome(p, "Messages", ["Home", "Messages", "New message"])
    p.add(1, "main", "")
    p.add(2, "navigation", "Conversations")
    for label in ["Jonas Berg · Message failed: number unreachable",
                  "Chidi Okafor · Reminder delivered 13 Jun",
                  "Lola Quinn · “running 20 min late, sorry!”",
                  "Tom Varga · Cancelled via SMS · deposit kept"]:
        p.add(3, "link", label)
    p.add(2, "heading", "New message")
    p.add(2, "StaticText", f"To: {b.guest} · {b.phone}")
    p.add(2, "StaticText", f"Booking {b.rid} · {DATES[b.date][1]} · {b.time} · Party of {b.party}")
    p.add(2, "combobox", "Channel", props=", value='SMS', hasPopup='listbox', expanded=False")
    p.add(2, "combobox", "Template", key="m:template", props=f", value={q(form['template'])}, hasPopup='listbox', expanded=False")
    p.add(2, "textbox", "Message", key="m:body", props=(f", value={q(form['body'])}" if form["body"] else "") + ", multiline")
    p.add(2, "StaticText", f"{len(form['body'])}/160 characters · 1 SMS")
    p.add(2, "button", "Send", key="m:send")
    p.add(2, "button", "Save draft", key="m:draft")
    p.add(2, "button", "Discard", key="m:discard")
    if form.get("drafts"):
        p.add(2, "StaticText", f"Drafts ({form['drafts']})")
    footer(p)
    if toast_text:
        toast(p, toast_text)
    return p


def page_thread(b, toast_text=None):
    p = Page(f"{BASE}/messages/{b.gid}", f"Messages · {b.guest} — Tablebook")
    chrome(p, "Messages", ["Home", "Messages", b.guest])
    p.add(1, "main", "")
    p.add(2, "navigation", "Conversations")
    for label in ["Jonas Berg · Message failed: number unreachable",
                  "Chidi Okafor · Reminder delivered 13 Jun" if b.gid != "G-6630" else "Adaeze Okafor · Reminder delivered 13 Jun",
                  "Lola Quinn · “running 20 min late, sorry!”"]:
        p.add(3, "link", label)
    p.add(2, "heading", f"{b.guest} · {b.phone}")
    p.add(2, "list", "Conversation")
    for when, text, st in b.messages:
        p.add(3, "listitem", "")
        p.add(4, "StaticText", f"{when} · {text}")
        p.add(4, "StaticText", st)
    p.add(2, "textbox", "Reply", props=", multiline")
    p.add(2, "button", "Send")
    footer(p)
    if toast_text:
        toast(p, toast_text)
    return p


def page_new_booking(form, guest="Adaeze Okafor"):
    p = Page(f"{BASE}/reservations/new?guest=G-5521&date=2024-06-14", "New reservation — Tablebook")
    chrome(p, "Reservations", ["Home", "Reservations", "New reservation"])
    p.add(1, "main", "")
    p.add(2, "heading", "New reservation")
    p.add(2, "textbox", "Guest", props=f", value={q(guest)}")
    p.add(2, "combobox", "Date", props=", value='Fri 14 Jun 2024', hasPopup='dialog', expanded=False")
    p.add(2, "combobox", "Time", key="n:time", props=f", value={q(form['time'])}, hasPopup='listbox', expanded=False")
    p.add(2, "spinbutton", "Party size", key="n:party", props=f", value={q(str(form['party']))}")
    p.add(2, "combobox", "Table", key="n:table", props=f", value={q(form['table'])}, hasPopup='listbox', expanded=False")
    p.add(2, "checkbox", "Take a deposit ($30 per guest)", props=", checked='false'")
    p.add(2, "button", "Create reservation", key="n:save")
    p.add(2, "button", "Cancel")
    footer(p)
    return p


# ---------------------------------------------------------------------------
# Trajectory recorder
# ---------------------------------------------------------------------------
class Run:
    def __init__(self, rid, fault, start, notes=""):
        self.id, self.fault = rid, fault
        self.init = start.obs()
        self.cur = start
        self.steps = []
        self.off = None
        self.notes = notes

    def mark(self, offset=0):
        """Mark the next step (offset 0) as first off track."""
        assert self.off is None
        self.off = len(self.steps) + offset

    def _push(self, commitment, command, reasoning, target, effect, page):
        step = {"action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
                "observation": page.obs()}
        if commitment:
            step = {"commitment": commitment, **step}
        self.steps.append(step)
        self.cur = page

    def click(self, c, key, reasoning, page, effect="read"):
        bid, desc = self.cur.keys[key]
        self._push(c, f"click('{bid}')", reasoning, desc, effect, page)

    def fill(self, c, key, value, reasoning, page, effect="read"):
        bid, desc = self.cur.keys[key]
        self._push(c, f"fill('{bid}', {json.dumps(value, ensure_ascii=False)})", reasoning, desc, effect, page)

    def select(self, c, key, value, reasoning, page, effect="read"):
        bid, desc = self.cur.keys[key]
        self._push(c, f"select_option('{bid}', {json.dumps(value, ensure_ascii=False)})", reasoning, desc, effect, page)

    def press(self, c, key, k, reasoning, page):
        bid, desc = self.cur.keys[key]
        self._push(c, f"press('{bid}', '{k}')", reasoning, desc, "read", page)

    def goto(self, c, url, reasoning, page):
        self._push(c, f"goto({json.dumps(url)})", reasoning, f"url {url}", "read", page)

    def say(self, c, msg):
        self._push(c, f"send_msg_to_user({json.dumps(msg, ensure_ascii=False)})", "Report back to the host", "chat", "read", self.cur)
        self.final = msg

    def record(self, success):
        assert (self.fault is None) == (self.off is None), self.id
        return {
            "id": self.id,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_PATH,
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "initial_observation": self.init,
            "steps": self.steps,
            "outcome": {"success": success, "final_message": getattr(self, "final", None)},
            "notes": self.notes,
        }


# ---------------------------------------------------------------------------
# Reusable sub-flows
# ---------------------------------------------------------------------------
def edit_flow(r, b, order=("time", "table", "party"), values=None, save_result="ok", note=None):
    """From a detail page: open the edit dialog, set fields, save. Returns nothing; mutates b."""
    values = values or {"time": "8:30 PM", "table": "T21", "party": 6}
    form = {"time": b.time, "party": b.party, "table": b.table}
    r.click("move-booking", "edit", "Open the edit dialog for this booking", page_detail(b, dialog="edit", form=form))
    for fld in order:
        form = dict(form)
        if fld == "time":
            form["time"] = values["time"]
            r.select("move-booking", "f:time", values["time"], f"Set the new time to {values['time']}",
                     page_detail(b, dialog="edit", form=form))
        elif fld == "table":
            form["table"] = values["table"]
            lab = f"{values['table']} · {SEATS[values['table']]} seats"
            r.select("move-booking", "f:table", lab, f"Move them to {values['table']}",
                     page_detail(b, dialog="edit", form=form))
        elif fld == "party":
            form["party"] = values["party"]
            r.fill("move-booking", "f:party", str(values["party"]), f"Party is now {values['party']}",
                   page_detail(b, dialog="edit", form=form))
    if note:
        form = dict(form, note=note)
        r.fill("move-booking", "f:note", note, "Leave a note for the floor team",
               page_detail(b, dialog="edit", form=form))
    if save_result == "ok":
        old = (b.time, b.party, b.table)
        b.time, b.party, b.table = form["time"], form["party"], form["table"]
        b.log.insert(0, f"14 Jun 6:44 PM · Changed {old[0]}/{old[1]}/{old[2]} → {b.time}/{b.party}/{b.table} · Marco D.")
        r.click("move-booking", "save", "Save the changes", page_detail(b, toast_text=f"Reservation {b.rid} updated"),
                effect="write")
    elif save_result == "noop":
        r.mark()
        r.click("move-booking", "save", "Save the changes", page_detail(b), effect="write")
    elif save_result == "locked":
        r.mark()
        r.click("move-booking", "save", "Save the changes", page_detail(b, dialog="locked"), effect="write")
        r.click("move-booking", "lk:ok", "Acknowledge the notice and carry on", page_detail(b))


def refund_flow(r, b, amount="40", reason="Goodwill", skip_reason_first=False, outcome="ok", amount_first=True):
    form = {"amount": "", "reason": "Select a reason"}
    r.click("refund-deposit", "refund", "Open the refund dialog", page_detail(b, dialog="refund", form=form))
    steps = ["amount", "reason"] if amount_first else ["reason", "amount"]
    for s in steps:
        form = dict(form)
        if s == "amount":
            form["amount"] = amount
            r.fill("refund-deposit", "r:amount", amount, f"Refund ${amount} of the deposit",
                   page_detail(b, dialog="refund", form=form))
            if skip_reason_first:
                form = dict(form, error="Choose a reason for the refund.")
                r.click("refund-deposit", "r:issue", "Issue the refund",
                        page_detail(b, dialog="refund", form=form), effect="irreversible")
                form = dict(form)
                form.pop("error")
        else:
            form["reason"] = reason
            r.select("refund-deposit", "r:reason", reason, f"Reason: {reason.lower()}",
                     page_detail(b, dialog="refund", form=form))
    r.click("refund-deposit", "r:issue", "Issue the refund", page_detail(b, dialog="refund_confirm", form=form),
            effect="irreversible")
    amt = float(amount)
    if outcome == "ok":
        b.held -= amt
        b.refunded += amt
        b.log.insert(0, f"14 Jun 6:46 PM · Refunded ${amt:.2f} of deposit ({reason}) · Marco D.")
        r.click("refund-deposit", "rc:confirm", "Confirm the refund",
                page_detail(b, toast_text=f"Refund of ${amt:.2f} issued to card •••• {b.card}"), effect="irreversible")
    elif outcome == "declined":
        r.mark()
        r.click("refund-deposit", "rc:confirm", "Confirm the refund",
                page_detail(b, banner="Refund failed: the card issuer declined the refund (code 05). Deposit unchanged."),
                effect="irreversible")
    elif outcome == "session":
        r.mark()
        r.click("refund-deposit", "rc:confirm", "Confirm the refund", page_signin(), effect="irreversible")


def message_flow(r, b, via="detail", template=True, time=None, send="ok", drafted_reason=None):
    time = time or b.time
    form = {"template": "None", "body": ""}
    if via == "detail":
        r.click("text-guest", "message", "Open the message composer for this guest", page_compose(b, form))
    else:
        r.goto("text-guest", f"{BASE}/messages/new?reservation={b.rid}",
               "Open the composer directly for this booking", page_compose(b, form))
    if template:
        form = {"template": "Time change", "body": sms_text(b, time)}
        r.select("text-guest", "m:template", "Time change", "Use the time-change template", page_compose(b, form))
    else:
        body = (f"Hi {b.guest.split()[0]}, all sorted - we've moved your table tonight to {time} for "
                f"{b.party} guests and refunded $40 of your deposit. See you later! - Osteria Lume")
        form = {"template": "None", "body": body}
        r.fill("text-guest", "m:body", body, "Write the text myself", page_compose(b, form))
    if send == "ok":
        b.messages.append(("14 Jun 6:48 PM", form["body"], "Delivered"))
        r.click("text-guest", "m:send", "Send the SMS", page_thread(b, toast_text=f"Message sent to {b.guest}"),
                effect="irreversible")
    elif send == "draft":
        r.mark()
        r.click("text-guest", "m:draft", drafted_reason or "Save the message",
                page_compose(b, dict(form, drafts=1), toast_text="Draft saved"), effect="write")


def start_list(**kw):
    return page_list(**kw)


# ---------------------------------------------------------------------------
# Trajectories
# ---------------------------------------------------------------------------
def healthy_runs():
    runs = []

    # H1: global search + Enter, search results page
    b = fresh("R-20417")
    r = Run("tablebook-healthy-01", None, start_list(), "search box + Enter, results page, template SMS")
    r.fill("open-booking", "search", "Okafor", "Look the guest up by surname", page_list(search="Okafor"))
    r.press("open-booking", "search", "Enter", "Run the search", page_search())
    r.click("open-booking", "row:R-20417", "R-20417 is Adaeze's booking tonight at 7:00 PM", page_detail(b))
    edit_flow(r, b)
    refund_flow(r, b)
    message_flow(r, b)
    r.say(None, "All done. Adaeze Okafor's booking R-20417 tonight (Fri 14 Jun) is now 8:30 PM for 6 guests on "
                "T21 (was 7:00 PM, 4 guests, T12). I refunded $40.00 of the $120.00 deposit as goodwill - "
                "$80.00 is still held on her card ending 4417 - and texted her the new time; the SMS shows as delivered.")
    runs.append(r.record(True))

    # H2: URL parameters
    b = fresh("R-20417")
    r = Run("tablebook-healthy-02", None, start_list(), "URL query params, table before time, hand-written SMS")
    r.goto("open-booking", f"{BASE}/reservations?date=2024-06-14&shift=dinner&q=okafor",
           "Filter tonight's dinner list by name via the URL", page_list(filt="okafor"))
    r.click("open-booking", "row:R-20417", "Adaeze Okafor, 7:00 PM, T12 - that's the one", page_detail(b))
    edit_flow(r, b, order=("table", "time", "party"))
    refund_flow(r, b, reason="Goodwill")
    message_flow(r, b, template=False, time="8:30 PM")
    r.say(None, "Done - R-20417 moved to 8:30 PM on T21 for 6, $40 refunded (deposit now $80.00 held), "
                "and Adaeze has been texted.")
    runs.append(r.record(True))

    # H3: what's-new modal, status chip + sort by guest, floor plan check
    b = fresh("R-20417")
    r = Run("tablebook-healthy-03", None, start_list(dialog="whatsnew"),
            "dismisses a what's-new modal, uses the Confirmed chip and guest sort, checks the floor plan")
    r.click("open-booking", "gotit", "Close the release notes", page_list())
    r.click("open-booking", "chip:Confirmed", "Only confirmed bookings", page_list(chip="Confirmed"))
    r.click("open-booking", "sort:guest", "Sort by guest name to find Okafor quickly",
            page_list(chip="Confirmed", sort="guest"))
    cur = r.cur
    if "row:R-20417" not in cur.keys:
        r.click("open-booking", "page:2", "Okafor is on the next page", page_list(chip="Confirmed", sort="guest", pageno=2))
    r.click("open-booking", "row:R-20417", "Open Adaeze Okafor's 7:00 PM booking", page_detail(b))
    r.click("move-booking", "nav:Floor plan", "Double-check T21 is free at 8:30 before moving", page_floor())
    r.goto("move-booking", f"{BASE}/reservations/R-20417", "T21 is free from 8:15 - back to the booking", page_detail(b))
    edit_flow(r, b, order=("party", "time", "table"))
    refund_flow(r, b, amount_first=False)
    message_flow(r, b)
    r.say(None, "Booking R-20417 (Adaeze Okafor) updated: tonight 8:30 PM, party of 6, table T21 (confirmed free "
                "8:15-10:30 on the floor plan). Refund of $40.00 issued to card •••• 4417; $80.00 remains held. "
                "Time-change SMS sent and delivered.")
    runs.append(r.record(True))

    # H4: via the guest profile
    b = fresh("R-20417")
    r = Run("tablebook-healthy-04", None, start_list(), "Guests page -> guest profile -> tonight's booking")
    r.click("open-booking", "nav:Guests", "Find her through the guest list", page_guests(""))
    r.fill("open-booking", "gfind", "okafor", "Filter guests by surname", page_guests("okafor"))
    r.click("open-booking", "guest:G-5521", "Adaeze, not Chidi", page_guest_profile())
    r.click("open-booking", "row:R-20417", "Tonight's booking, not Saturday's", page_detail(b))
    edit_flow(r, b, note="Moved at guest request - was 7pm T12")
    refund_flow(r, b)
    message_flow(r, b)
    r.say(None, "Moved Adaeze to 8:30 PM on T21 for 6 (R-20417), refunded $40 of her $120 deposit, and sent the "
                "time-change text. Her Saturday booking (R-20452) is untouched.")
    runs.append(r.record(True))

    # H5: direct URL to the booking, composer via URL
    b = fresh("R-20417")
    r = Run("tablebook-healthy-05", None, start_list(), "direct goto to booking id; composer opened via URL")
    r.goto("open-booking", f"{BASE}/reservations/R-20417",
           "The dinner list already shows Adaeze Okafor, 7:00 PM, T12 as R-20417 - open it by id", page_detail(b))
    edit_flow(r, b, order=("time", "party", "table"))
    refund_flow(r, b, reason="Booking change")
    message_flow(r, b, via="url")
    r.say(None, "Everything's done: 8:30 PM, 6 guests, T21; $40.00 refunded; SMS delivered to +44 7700 900417.")
    runs.append(r.record(True))

    # H6: typeahead suggestion
    b = fresh("R-20417")
    r = Run("tablebook-healthy-06", None, start_list(), "typeahead suggestion list in the header search")
    r.fill("open-booking", "search", "okafor", "Type the surname in the header search", page_typeahead("okafor"))
    r.click("open-booking", "sug:R-20417", "Pick tonight's 7:00 PM booking for Adaeze", page_detail(b))
    edit_flow(r, b)
    refund_flow(r, b)
    message_flow(r, b)
    r.say(None, "Updated R-20417 to 8:30 PM / 6 guests / T21, issued a $40.00 goodwill refund and texted Adaeze "
                "the new time. Note the list still shows 8:00 PM as fully booked, which doesn't affect her.")
    runs.append(r.record(True))

    # H7: list filter box + recoverable validation error in the refund dialog
    b = fresh("R-20417")
    r = Run("tablebook-healthy-07", None, start_list(), "list filter box; refund validation error then fixed")
    r.fill("open-booking", "filter", "okafor", "Filter tonight's list", page_list(filt="okafor"))
    r.click("open-booking", "guest:R-20417", "Adaeze Okafor at 7:00 PM on T12", page_detail(b))
    edit_flow(r, b, order=("time", "table", "party"))
    refund_flow(r, b, skip_reason_first=True)
    message_flow(r, b)
    r.say(None, "Done. The refund form first asked for a reason, so I picked Goodwill and issued $40.00. "
                "Booking is 8:30 PM / party of 6 / T21 and Adaeze has the text.")
    runs.append(r.record(True))

    # H8: start on lunch shift, switch to dinner, party sort
    b = fresh("R-20417")
    r = Run("tablebook-healthy-08", None, start_list(shift="Lunch"),
            "starts on the Lunch shift; switches to Dinner; sorts by party size")
    r.select("open-booking", "shift", "Dinner", "The booking is a dinner one", page_list())
    r.click("open-booking", "sort:party_desc", "Sort by party size", page_list(sort="party_desc"))
    pg = 1
    while "row:R-20417" not in r.cur.keys:
        pg += 1
        r.click("open-booking", "next", "Parties of 4 continue on the next page", page_list(sort="party_desc", pageno=pg))
    r.click("open-booking", "row:R-20417", "Adaeze Okafor, party of 4 at 7:00 PM", page_detail(b))
    edit_flow(r, b)
    refund_flow(r, b)
    message_flow(r, b, template=False, time="8:30 PM")
    r.say(None, "Finished: R-20417 now 8:30 PM, 6 people, T21. $40 refunded to the card ending 4417 "
                "($80 still held). Text sent and delivered.")
    runs.append(r.record(True))
    return runs


def faulty_runs():
    runs = []

    # F1 wrong record: near-miss guest (Chidi Okafor) from search results
    b = fresh("R-20419")
    r = Run("tablebook-wrong_record-01", "wrong_record", start_list(),
            "opens Chidi Okafor's 7:30 PM booking (R-20419) from the search results")
    r.fill("open-booking", "search", "Okafor", "Search the surname", page_list(search="Okafor"))
    r.press("open-booking", "search", "Enter", "Run the search", page_search())
    r.mark()
    r.click("open-booking", "row:R-20419", "Okafor tonight, Fri 14 Jun", page_detail(b))
    edit_flow(r, b)
    refund_flow(r, b)
    message_flow(r, b)
    r.say(None, "Done: the Okafor booking tonight is now 8:30 PM for 6 at T21, $40 refunded, text sent.")
    runs.append(r.record(False))

    # F2 wrong record: same guest, Saturday booking from guest profile
    b = fresh("R-20452")
    r = Run("tablebook-wrong_record-02", "wrong_record", start_list(),
            "opens Adaeze's Saturday booking R-20452 from her guest profile")
    r.click("open-booking", "nav:Guests", "Go through the guest list", page_guests(""))
    r.fill("open-booking", "gfind", "okafor", "Filter by surname", page_guests("okafor"))
    r.click("open-booking", "guest:G-5521", "Adaeze Okafor", page_guest_profile())
    r.mark()
    r.click("open-booking", "row:R-20452", "Her upcoming booking", page_detail(b))
    edit_flow(r, b)
    refund_flow(r, b)
    message_flow(r, b)
    r.say(None, "Adaeze's booking moved to 8:30 PM, 6 guests, T21; $40 refunded and she has been texted.")
    runs.append(r.record(False))

    # F3 wrong value: time 8:00 PM
    b = fresh("R-20417")
    r = Run("tablebook-wrong_time-01", "wrong_value", start_list(), "selects 8:00 PM instead of 8:30 PM")
    r.fill("open-booking", "filter", "okafor", "Filter tonight's list", page_list(filt="okafor"))
    r.click("open-booking", "row:R-20417", "Adaeze at 7:00 PM", page_detail(b))
    form = {"time": b.time, "party": b.party, "table": b.table}
    r.click("move-booking", "edit", "Edit the booking", page_detail(b, dialog="edit", form=form))
    form = dict(form, time="8:00 PM")
    r.mark()
    r.select("move-booking", "f:time", "8:00 PM", "Set the later time", page_detail(b, dialog="edit", form=form))
    form = dict(form, table="T21")
    r.select("move-booking", "f:table", "T21 · 6 seats", "Move to T21", page_detail(b, dialog="edit", form=form))
    form = dict(form, party=6)
    r.fill("move-booking", "f:party", "6", "Party of 6", page_detail(b, dialog="edit", form=form))
    b.time, b.party, b.table = "8:00 PM", 6, "T21"
    b.log.insert(0, "14 Jun 6:44 PM · Changed 7:00 PM/4/T12 → 8:00 PM/6/T21 · Marco D.")
    r.click("move-booking", "save", "Save", page_detail(b, toast_text="Reservation R-20417 updated"), effect="write")
    refund_flow(r, b)
    message_flow(r, b)
    r.say(None, "Booking updated to the later slot on T21 for 6, $40 refunded, guest texted.")
    runs.append(r.record(False))

    # F4 wrong value: table T12 instead of T21
    b = fresh("R-20417")
    r = Run("tablebook-wrong_table-01", "wrong_value", start_list(), "picks T12 (adjacent id) instead of T21")
    r.fill("open-booking", "search", "okafor", "Header search", page_typeahead("okafor"))
    r.click("open-booking", "sug:R-20417", "Tonight's booking", page_detail(b))
    form = {"time": b.time, "party": b.party, "table": b.table}
    r.click("move-booking", "edit", "Edit the booking", page_detail(b, dialog="edit", form=form))
    form = dict(form, time="8:30 PM")
    r.select("move-booking", "f:time", "8:30 PM", "New time 8:30", page_detail(b, dialog="edit", form=form))
    form = dict(form, party=6)
    r.fill("move-booking", "f:party", "6", "Party of 6", page_detail(b, dialog="edit", form=form))
    r.mark()
    r.select("move-booking", "f:table", "T12 · 4 seats", "Table T12 as requested",
             page_detail(b, dialog="edit", form=form))
    b.time, b.party = "8:30 PM", 6
    b.log.insert(0, "14 Jun 6:44 PM · Changed 7:00 PM/4/T12 → 8:30 PM/6/T12 · Marco D.")
    r.click("move-booking", "save", "Save anyway; capacity warning is just advisory",
            page_detail(b, toast_text="Reservation R-20417 updated"), effect="write")
    refund_flow(r, b)
    message_flow(r, b)
    r.say(None, "Moved to 8:30 PM for 6, refund of $40 done, SMS sent.")
    runs.append(r.record(False))

    # F5 silent no-op save
    b = fresh("R-20417")
    r = Run("tablebook-silent_noop-01", "silent_noop", start_list(),
            "Save changes closes the dialog but nothing is persisted and no toast appears")
    r.goto("open-booking", f"{BASE}/reservations?date=2024-06-14&shift=dinner&q=okafor", "Filter by URL",
           page_list(filt="okafor"))
    r.click("open-booking", "row:R-20417", "Adaeze, 7:00 PM", page_detail(b))
    edit_flow(r, b, save_result="noop")
    refund_flow(r, b)
    message_flow(r, b, time="8:30 PM", template=False)
    r.say(None, "All three done: moved to 8:30 PM on T21 for 6, $40 refunded, text sent.")
    runs.append(r.record(False))

    # F6 skipped step: refund never done
    b = fresh("R-20417")
    r = Run("tablebook-skipped_step-01", "skipped_step", start_list(), "goes straight to messaging after the move; no refund")
    r.fill("open-booking", "search", "Okafor", "Search", page_list(search="Okafor"))
    r.press("open-booking", "search", "Enter", "Go", page_search())
    r.click("open-booking", "row:R-20417", "Tonight's Adaeze booking", page_detail(b))
    edit_flow(r, b)
    r.mark()
    message_flow(r, b)
    r.say(None, "Booking moved to 8:30 PM at T21 for 6 and Adaeze has been texted the new time. Everything from "
                "Priya's note is handled.")
    runs.append(r.record(False))

    # F7 plan drift: cancel and rebook
    b = fresh("R-20417")
    r = Run("tablebook-plan_drift-01", "plan_drift", start_list(),
            "decides to cancel and rebook instead of editing; deposit refunded in full")
    r.fill("open-booking", "filter", "okafor", "Filter the list", page_list(filt="okafor"))
    r.click("open-booking", "row:R-20417", "Adaeze, 7:00 PM", page_detail(b))
    r.mark()
    r.click("move-booking", "cancel", "Simpler to cancel and create a fresh 8:30 booking for 6",
            page_detail(b, dialog="cancel_confirm"), effect="irreversible")
    b.status = "Cancelled"
    b.log.insert(0, "14 Jun 6:43 PM · Cancelled by Marco D. · $120.00 deposit refunded")
    r.click("move-booking", "cc:confirm", "Confirm cancellation",
            page_detail(b, toast_text="Reservation R-20417 cancelled · $120.00 refunded"), effect="irreversible")
    form = {"time": "7:00 PM", "party": 2, "table": "Auto-assign"}
    r.goto("move-booking", f"{BASE}/reservations/new?guest=G-5521&date=2024-06-14", "New booking for Adaeze",
           page_new_booking(form))
    form = dict(form, time="8:30 PM")
    r.select("move-booking", "n:time", "8:30 PM", "8:30", page_new_booking(form))
    form = dict(form, party=6)
    r.fill("move-booking", "n:party", "6", "6 guests", page_new_booking(form))
    form = dict(form, table="T21 · 6 seats")
    r.select("move-booking", "n:table", "T21 · 6 seats", "T21", page_new_booking(form))
    nb = fresh("R-20417")
    nb.rid, nb.time, nb.party, nb.table, nb.held = "R-20466", "8:30 PM", 6, "T21", 0.0
    nb.log = ["14 Jun 6:45 PM · Booking created by Marco D. (party of 6)"]
    nb.messages = []
    r.click("move-booking", "n:save", "Create it", page_detail(nb, toast_text="Reservation R-20466 created"),
            effect="write")
    message_flow(r, nb)
    r.say(None, "I cancelled the old 7pm booking (which refunded the deposit) and rebooked Adaeze as R-20466 at "
                "8:30 PM for 6 on T21, then texted her. Refund covered.")
    runs.append(r.record(False))

    # F8 ignored error banner
    b = fresh("R-20417")
    r = Run("tablebook-ignored_error-01", "ignored_error", start_list(),
            "refund declined by the card issuer; agent carries on and reports success")
    r.goto("open-booking", f"{BASE}/reservations/R-20417", "Row R-20417 on the list is Adaeze at 7:00 PM; open it",
           page_detail(b))
    edit_flow(r, b)
    refund_flow(r, b, outcome="declined")
    message_flow(r, b)
    r.say(None, "Done: booking moved to 8:30 PM / 6 / T21, $40 refunded, SMS delivered.")
    runs.append(r.record(False))

    # F9 false success: saves a draft instead of sending
    b = fresh("R-20417")
    r = Run("tablebook-false_success-01", "false_success", start_list(),
            "clicks Save draft instead of Send, then reports the text as sent")
    r.fill("open-booking", "search", "okafor", "Header search", page_typeahead("okafor"))
    r.click("open-booking", "sug:R-20417", "Adaeze, tonight 7:00 PM", page_detail(b))
    edit_flow(r, b)
    refund_flow(r, b)
    message_flow(r, b, send="draft", drafted_reason="Save the message to the guest")
    r.say(None, "All done - moved to 8:30 PM on T21 for 6, refunded $40.00, and texted Adaeze the new time.")
    runs.append(r.record(False))

    # F10 blocking modal (floor plan locked)
    b = fresh("R-20417")
    r = Run("tablebook-blocking_modal-01", "blocking_modal", start_list(),
            "Save is intercepted by a 'Floor plan locked' dialog; booking never changes")
    r.fill("open-booking", "filter", "okafor", "Filter tonight's list", page_list(filt="okafor"))
    r.click("open-booking", "guest:R-20417", "Adaeze Okafor 7:00 PM", page_detail(b))
    edit_flow(r, b, save_result="locked")
    refund_flow(r, b)
    message_flow(r, b, time="8:30 PM")
    r.say(None, "Booking moved to 8:30 PM for 6 at T21 (there was a notice about the floor plan, dismissed it), "
                "refund of $40 issued, SMS sent.")
    runs.append(r.record(False))

    # F11 lost session during refund
    b = fresh("R-20417")
    r = Run("tablebook-lost_session-01", "lost_session", start_list(),
            "session expires when confirming the refund")
    r.fill("open-booking", "search", "Okafor", "Search", page_list(search="Okafor"))
    r.press("open-booking", "search", "Enter", "Go", page_search())
    r.click("open-booking", "row:R-20417", "Tonight's booking", page_detail(b))
    edit_flow(r, b)
    refund_flow(r, b, outcome="session")
    r.click("refund-deposit", "signin", "Sign back in", page_signin())
    r.say(None, "Moved the booking to 8:30 PM / T21 / 6 and issued the $40 refund; I got logged out before "
                "texting her, could someone send the SMS?")
    runs.append(r.record(False))

    # F12 stale filter: list pinned to Saturday from a saved view
    b = fresh("R-20452")
    r = Run("tablebook-stale_filter-01", "stale_filter", start_list(day="sat", saved_view=True),
            "reservations list opens on a saved Sat 15 Jun view; agent filters and edits Saturday's booking")
    r.mark()
    r.fill("open-booking", "filter", "okafor", "Filter for Okafor", page_list(day="sat", saved_view=True, filt="okafor"))
    r.click("open-booking", "row:R-20452", "Adaeze Okafor's booking", page_detail(b))
    edit_flow(r, b)
    refund_flow(r, b)
    message_flow(r, b)
    r.say(None, "Adaeze Okafor's booking is now 8:30 PM for 6 on T21, $40.00 refunded, and the SMS is delivered.")
    # the fault is visible on the start page -> label 0 (mark() above was called before step 0)
    runs.append(r.record(False))
    return runs


def main(argv):
    out = argv[1] if len(argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    with open(os.path.join(out, PLAN_PATH), "w", encoding="utf-8") as fh:
        fh.write("# Tablebook: move a party to a bigger table later the same evening, partial deposit refund, SMS\n")
        fh.write("\n".join(to_yaml(PLAN)) + "\n")
    runs = healthy_runs() + faulty_runs()
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8") as fh:
        for rec in runs:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"wrote {len(runs)} trajectories to {out}/corpus.jsonl and {out}/{PLAN_PATH}")


if __name__ == "__main__":
    main(sys.argv)
