#!/usr/bin/env python3
"""Generate the Rinkside held-out corpus (20 runs) and its plan.

Rinkside is an ice rink's booking office.  A front-desk clerk moves one youth
hockey practice to another sheet and time on the same date.

Standard library only.  Fixed seed; running it twice writes identical bytes.
Writes, next to this file:
    corpus.jsonl
    plans/rinkside-move-slot.yaml
"""
import json
import random
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEED = 20251113
BASE = "http://127.0.0.1:8000/rinkside"
WORKFLOW = "rinkside-move-slot"
PLAN_REL = "plans/rinkside-move-slot.yaml"

TASK = ("Move the U12 Falcons A practice on Thursday 13 November (it is on Sheet 2, "
        "17:00\u201318:00) to Sheet 1 at 18:30 the same day, still 60 minutes. The "
        "late-change fee is fine. Make sure 'Notify coach' is ticked when you confirm.")

# ---------------------------------------------------------------------------
# The plan.  Written from the task text and the healthy pages only, before any
# faulty run below existed; not tuned afterwards.
# ---------------------------------------------------------------------------
PLAN_YAML = """\
# Rinkside booking office: move one youth practice to another sheet/time, same date.
# Written from the task text and the healthy runs' pages only.
task: "Move the U12 Falcons A practice on Thursday 13 November (it is on Sheet 2, 17:00\u201318:00) to Sheet 1 at 18:30 the same day, still 60 minutes. The late-change fee is fine. Make sure 'Notify coach' is ticked when you confirm."

plan_falsifiers:
  execution:
    - Rinkside staff sign-in
    - Your session timed out
    - "You don't have permission"
    - Something went wrong on our side

commitments:
  - id: find-booking
    subgoal: Open the U12 Falcons A practice on Thu 13 Nov 2025 (Sheet 2, 17:00\u201318:00)
    skill: open_record_from_list
    confidence: 0.7
    confirm:
      precondition:
        - Ice schedule
      progress:
        - U12 Falcons A practice
      completion:
        - Booking RS-24718
        - Thu 13 Nov 2025
        - "Sheet: Sheet 2"
    falsify:
      execution:
        - RS-24817
        - RS-24781
        - RS-24871
        - RS-24918
        - U12 Falcons B
        - U14 Falcons
        - No bookings match
      skill:
        - Search is unavailable
      planning:
        - Booking RS-24718 was cancelled

  - id: open-move-form
    subgoal: Open the Move slot form for booking RS-24718
    skill: open_edit_form
    confidence: 0.8
    confirm:
      precondition:
        - Move slot
      progress: []
      completion:
        - Move booking RS-24718
        - change fee
    falsify:
      execution:
        - text: Cancel booking
          on: action
        - text: Edit details
          on: action
      skill: []
      planning:
        - Moves are locked for this series

  - id: set-new-slot
    subgoal: Set Sheet 1, 2025-11-13, start 18:30, 60 min, and check the slot is free
    skill: fill_form
    confidence: 0.6
    confirm:
      precondition:
        - Move booking RS-24718
      progress:
        - Sheet 1
        - "18:30"
      completion:
        - "Sheet 1 \u00b7 Thu 13 Nov \u00b7 18:30\u201319:30: Available"
        - No overlap warning is shown
    falsify:
      execution:
        - text: select Studio rink
          on: action
        - text: select Sheet 2
          on: action
        - text: Apply to all remaining Thursdays in this series
          on: action
        - Overlaps a resurfacing block
        - "Studio rink \u00b7 Thu 13 Nov"
      skill:
        - Start time field is read-only
      planning:
        - Sheet 1 is closed on Thu 13 Nov

  - id: confirm-move
    subgoal: Review the move, tick Notify coach, and confirm
    skill: confirm_dialog
    confidence: 0.7
    confirm:
      precondition:
        - Confirm move
      progress:
        - Notify coach is ticked
      completion:
        - "Booking RS-24718 moved to Sheet 1 \u00b7 Thu 13 Nov \u00b7 18:30\u201319:30"
        - Coach notified
        - No double booking recorded
    falsify:
      execution:
        - Coach was not notified
        - Overlap warning
        - text: Book anyway
          on: action
        - Booking RS-24718 could not be moved
      skill: []
      planning:
        - Team has no coach on file
"""

# ---------------------------------------------------------------------------
# Calendar and schedule data
# ---------------------------------------------------------------------------
WEEK = ["2025-11-10", "2025-11-11", "2025-11-12", "2025-11-13",
        "2025-11-14", "2025-11-15", "2025-11-16"]
DOW = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
SHEETS = ["Sheet 1", "Sheet 2", "Studio rink"]
EN = "\u2013"   # en dash
DOT = "\u00b7"  # middle dot
MDASH = "\u2014"


def dshort(iso):
    y, m, d = iso.split("-")
    dow = {"2025-11-%02d" % (10 + i): DOW[i] for i in range(7)}
    dow["2025-11-20"] = "Thu"
    dow["2025-11-27"] = "Thu"
    return "%s %d Nov" % (dow[iso], int(d))


def dlong(iso):
    return dshort(iso) + " 2025"


def tmin(hhmm):
    h, m = hhmm.split(":")
    return int(h) * 60 + int(m)


def tfmt(minutes):
    return "%02d:%02d" % (minutes // 60, minutes % 60)


def span(s, e):
    return s + EN + e


PATTERN = [("15:00", "16:00", "b"), ("16:00", "17:00", "b"), ("17:00", "18:00", "b"),
           ("18:00", "18:30", "res"), ("18:30", "19:30", "b"), ("19:30", "20:30", "b"),
           ("20:30", "21:00", "res"), ("21:00", "22:00", "b")]

FALCONS_ACCT = "Harbourview Falcons Youth Hockey"
TEAMS = {
    "U10 Falcons": ("Jo Mercer", FALCONS_ACCT),
    "U12 Falcons A": ("Dana Whitcombe", FALCONS_ACCT),
    "U12 Falcons B": ("Sam Okafor", FALCONS_ACCT),
    "U14 Falcons": ("Lee Brandt", FALCONS_ACCT),
    "U16 Falcons AA": ("Ravi Sandhu", FALCONS_ACCT),
    "Ringette U14 Waves": ("Mireille Caron", "Harbour Ringette Association"),
}

# (label, type, team or None, client account)
GENERIC = [
    ("Public skate", "Public session", None, "Harbourview Ice Centre"),
    ("Adult drop-in hockey", "Drop-in", None, "Harbourview Ice Centre"),
    ("Figure Skating Club " + MDASH + " freestyle", "Lesson", None, "Harbourview FSC"),
    ("Learn to Skate " + MDASH + " Level 1", "Lesson", None, "Harbourview Ice Centre"),
    ("Learn to Skate " + MDASH + " Level 2", "Lesson", None, "Harbourview Ice Centre"),
    ("Ringette U14 Waves practice", "Practice", "Ringette U14 Waves", "Harbour Ringette Association"),
    ("U10 Falcons practice", "Practice", "U10 Falcons", FALCONS_ACCT),
    ("U16 Falcons AA practice", "Practice", "U16 Falcons AA", FALCONS_ACCT),
    ("Harbour Hawks vs Ice Otters", "Game", None, "Harbour Rec League"),
    ("Goalie clinic", "Clinic", None, "Netminder Academy"),
    ("Synchro skating " + MDASH + " Novice", "Practice", None, "Harbourview FSC"),
    ("Speed skating club", "Practice", None, "Coastal Speed Skating"),
    ("Private rental " + MDASH + " birthday party", "Rental", None, "Walk-in client"),
]


def bk(bid, label, btype, team=None, client=None, status="Confirmed", balance="$0.00",
       series=None):
    coach = TEAMS[team][0] if team else None
    if client is None:
        client = TEAMS[team][1] if team else "Harbourview Ice Centre"
    return {"kind": "booking", "id": bid, "label": label, "type": btype, "team": team,
            "client": client, "coach": coach, "status": status, "balance": balance,
            "series": series}


FIXED = {
    # Thursday 13 November: the day of the task, fully specified.
    ("2025-11-13", "Sheet 1", "15:00"): bk("RS-24701", "Public skate", "Public session"),
    ("2025-11-13", "Sheet 1", "16:00"): bk("RS-24702", "Figure Skating Club " + MDASH + " freestyle", "Lesson", client="Harbourview FSC"),
    ("2025-11-13", "Sheet 1", "17:00"): bk("RS-24733", "Adult drop-in hockey", "Drop-in"),
    ("2025-11-13", "Sheet 1", "18:30"): None,
    ("2025-11-13", "Sheet 1", "19:30"): bk("RS-24871", "U14 Falcons practice", "Practice", "U14 Falcons", series="TS-314"),
    ("2025-11-13", "Sheet 1", "21:00"): bk("RS-24760", "Harbour Hawks vs Ice Otters", "Game", client="Harbour Rec League"),
    ("2025-11-13", "Sheet 2", "15:00"): None,
    ("2025-11-13", "Sheet 2", "16:00"): bk("RS-24717", "Learn to Skate " + MDASH + " Level 2", "Lesson"),
    ("2025-11-13", "Sheet 2", "17:00"): bk("RS-24718", "U12 Falcons A practice", "Practice", "U12 Falcons A", series="TS-310"),
    ("2025-11-13", "Sheet 2", "18:30"): bk("RS-24817", "U12 Falcons B practice", "Practice", "U12 Falcons B", series="TS-311"),
    ("2025-11-13", "Sheet 2", "19:30"): bk("RS-24744", "Ringette U14 Waves practice", "Practice", "Ringette U14 Waves", balance="$95.00 overdue"),
    ("2025-11-13", "Sheet 2", "21:00"): bk("RS-24759", "Private rental " + MDASH + " Kowalski party", "Rental", client="Walk-in client", status="Cancelled", balance="Refunded"),
    ("2025-11-13", "Studio rink", "15:00"): None,
    ("2025-11-13", "Studio rink", "16:00"): bk("RS-24729", "Goalie clinic", "Clinic", client="Netminder Academy"),
    ("2025-11-13", "Studio rink", "17:00"): None,
    ("2025-11-13", "Studio rink", "18:30"): None,
    ("2025-11-13", "Studio rink", "19:30"): bk("RS-24766", "Synchro skating " + MDASH + " Novice", "Practice", client="Harbourview FSC"),
    ("2025-11-13", "Studio rink", "21:00"): None,
    # Near misses on other days.
    ("2025-11-10", "Sheet 1", "18:30"): bk("RS-24690", "U14 Falcons practice", "Practice", "U14 Falcons", series="TS-314"),
    ("2025-11-11", "Sheet 2", "17:00"): bk("RS-24781", "U12 Falcons A practice", "Practice", "U12 Falcons A", series="TS-309"),
    ("2025-11-11", "Sheet 2", "18:30"): bk("RS-24788", "U12 Falcons B practice", "Practice", "U12 Falcons B", series="TS-312"),
    ("2025-11-11", "Sheet 1", "18:30"): None,
    ("2025-11-11", "Sheet 1", "19:30"): bk("RS-24786", "U10 Falcons practice", "Practice", "U10 Falcons"),
    ("2025-11-12", "Sheet 2", "19:30"): bk("RS-24799", "U14 Falcons practice", "Practice", "U14 Falcons", series="TS-314"),
    ("2025-11-15", "Sheet 1", "15:00"): bk("RS-24845", "U12 Falcons A game vs Bayside Sharks", "Game", "U12 Falcons A", balance="Card payment failed"),
    ("2025-11-15", "Sheet 2", "15:00"): bk("RS-24846", "U12 Falcons B game vs Bayside Sharks", "Game", "U12 Falcons B"),
}

NEXT_WEEK = [dict(bk("RS-24918", "U12 Falcons A practice", "Practice", "U12 Falcons A", series="TS-310"),
                  date="2025-11-20", sheet="Sheet 2", start="17:00", end="18:00")]


def build_schedule():
    rng = random.Random(SEED)
    used = {v["id"] for v in FIXED.values() if v} | {"RS-24918", "RS-24952"}
    pool = [n for n in range(24600, 24990) if "RS-%d" % n not in used]
    items = []
    team_days = {(k[0], v["team"]) for k, v in FIXED.items() if v and v["team"]}
    for date in WEEK:
        for sheet in SHEETS:
            for s, e, kind in PATTERN:
                base = {"date": date, "sheet": sheet, "start": s, "end": e}
                if kind == "res":
                    items.append(dict(base, kind="res", id=None,
                                      label="Resurfacing (not bookable)"))
                    continue
                key = (date, sheet, s)
                if key in FIXED:
                    spec = FIXED[key]
                    if spec is None:
                        items.append(dict(base, kind="free", id=None, label="Open ice"))
                    else:
                        items.append(dict(base, **spec))
                    continue
                if rng.random() < 0.38:
                    items.append(dict(base, kind="free", id=None, label="Open ice"))
                    continue
                label, btype, team, client = GENERIC[rng.randrange(len(GENERIC))]
                while team and (date, team) in team_days:
                    label, btype, team, client = GENERIC[rng.randrange(len(GENERIC))]
                if sheet == "Studio rink" and btype == "Game":
                    label, btype, team, client = GENERIC[9]
                if team:
                    team_days.add((date, team))
                roll = rng.random()
                status, balance = "Confirmed", "$0.00"
                if roll < 0.07:
                    status, balance = "Cancelled", "Refunded"
                elif roll < 0.13:
                    status = "Tentative"
                    balance = "$140.00 due"
                elif roll < 0.18:
                    balance = "$%d.00 overdue" % rng.choice([60, 95, 140])
                elif roll < 0.21:
                    balance = "Card payment failed"
                n = pool.pop(rng.randrange(len(pool)))
                spec = bk("RS-%d" % n, label, btype, team, client, status, balance)
                items.append(dict(base, **spec))
    return items


SCHEDULE = build_schedule()


def booking(bid):
    for it in SCHEDULE + NEXT_WEEK:
        if it.get("id") == bid:
            return dict(it)
    raise KeyError(bid)


def apply_move(items, bid, sheet, start, end, dates=None):
    """Return a copy of the schedule with booking bid moved (dates: series)."""
    out = [dict(i) for i in items]
    src = [i for i in out if i.get("id") == bid][0]
    moved = dict(src, sheet=sheet, start=start, end=end, status="Confirmed (moved)")
    res = []
    for i in out:
        if i is src:
            res.append(dict(kind="free", id=None, label="Open ice", date=i["date"],
                            sheet=i["sheet"], start=i["start"], end=i["end"]))
        elif (i["kind"] == "free" and i["date"] == moved["date"] and i["sheet"] == sheet
              and i["start"] == start):
            continue
        else:
            res.append(i)
    res.append(moved)
    res.sort(key=lambda i: (i["date"], SHEETS.index(i["sheet"]), tmin(i["start"])))
    return res


def overlapping(items, date, sheet, s, e, exclude=None):
    a, b = tmin(s), tmin(e)
    hits = []
    for i in items:
        if i["date"] != date or i["sheet"] != sheet or i["kind"] == "free":
            continue
        if i.get("id") == exclude or i.get("status") == "Cancelled":
            continue
        if tmin(i["start"]) < b and a < tmin(i["end"]):
            hits.append(i)
    return hits


def neighbours(items, date, sheet, s, e, exclude=None):
    same = [i for i in items if i["date"] == date and i["sheet"] == sheet
            and i["kind"] != "free" and i.get("id") != exclude]
    before = [i for i in same if tmin(i["end"]) <= tmin(s)]
    after = [i for i in same if tmin(i["start"]) >= tmin(e)]
    before = before[-1] if before else None
    after = after[0] if after else None
    return before, after


def item_phrase(i):
    if i is None:
        return "nothing booked"
    if i["kind"] == "res":
        return "Resurfacing %s (not bookable)" % span(i["start"], i["end"])
    return "%s %s (%s)" % (i["label"], span(i["start"], i["end"]), i["id"])


# ---------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym flattened AXTree style)
# ---------------------------------------------------------------------------
class Page:
    def __init__(self, url, title):
        self.url = url
        self.title = title
        self.lines = ["RootWebArea '%s', focused" % title]
        self.n = 1
        self.nodes = {}

    def add(self, depth, role, name="", *props):
        bid = str(self.n)
        self.n += 1
        line = "\t" * depth + "[%s] %s '%s'" % (bid, role, name)
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        self.nodes.setdefault((role, name), []).append(bid)
        return bid

    def txt(self, depth, s):
        self.lines.append("\t" * depth + "StaticText '%s'" % s)

    def find(self, role, name):
        hits = self.nodes.get((role, name), [])
        if len(hits) != 1:
            raise ValueError("%s '%s' found %d times on %s" % (role, name, len(hits), self.title))
        return hits[0]

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": None}


class Run:
    def __init__(self, rid, fault=None):
        self.id = rid
        self.fault = fault
        self.rng = random.Random("%d:%d" % (SEED, zlib.crc32(rid.encode())))
        self.sec = 14 * 3600 + 4 * 60 + self.rng.randint(5, 55)
        self.checkins = 38 + self.rng.randint(0, 7)
        self.unread = self.rng.choice([2, 3, 4])
        self.steps = []
        self.cur = None
        self.init = None
        self.off = None

    # clock ---------------------------------------------------------------
    def now(self):
        return tfmt(self.sec // 60)

    def tick(self):
        self.sec += self.rng.randint(7, 38)
        if self.rng.random() < 0.3:
            self.checkins += 1

    def start(self, page_fn):
        self.cur = page_fn()
        self.init = self.cur.obs()

    def mark_off(self):
        assert self.off is None
        self.off = len(self.steps)

    def _step(self, commitment, command, reasoning, target, effect, page_fn):
        self.tick()
        nxt = page_fn() if page_fn is not None else self.cur
        step = {"action": {"command": command, "reasoning": reasoning, "target": target,
                           "effect": effect},
                "observation": nxt.obs()}
        if commitment:
            step = dict({"commitment": commitment}, **step)
        self.steps.append(step)
        self.cur = nxt

    def click(self, c, role, name, why, page_fn, effect="read"):
        bid = self.cur.find(role, name)
        self._step(c, "click('%s')" % bid, why, "%s '%s'" % (role, name), effect, page_fn)

    def fill(self, c, role, name, value, why, page_fn, effect="write"):
        bid = self.cur.find(role, name)
        self._step(c, "fill('%s', %s)" % (bid, json.dumps(value, ensure_ascii=False)), why,
                   "%s '%s'" % (role, name), effect, page_fn)

    def select(self, c, role, name, value, why, page_fn, effect="write"):
        bid = self.cur.find(role, name)
        self._step(c, "select_option('%s', %s)" % (bid, json.dumps(value, ensure_ascii=False)),
                   why, "%s '%s'" % (role, name), effect, page_fn)

    def say(self, c, msg, why):
        self._step(c, "send_msg_to_user(%s)" % json.dumps(msg, ensure_ascii=False), why,
                   "chat", "read", None)

    def record(self, success):
        healthy = self.fault is None
        assert healthy == (self.off is None)
        return {
            "id": self.id,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "initial_observation": self.init,
            "steps": self.steps,
            "outcome": {"success": success},
        }


# ---------------------------------------------------------------------------
# Page furniture
# ---------------------------------------------------------------------------
def shell(r, url, title, crumbs, body, nav="Schedule", toast=None, banner=None,
          dialog=None, search=""):
    p = Page(url, title)
    p.add(1, "banner", "")
    p.add(2, "link", "Rinkside home")
    p.txt(2, "Rinkside")
    p.txt(2, "Booking office " + DOT + " Harbourview Ice Centre")
    props = ["value='%s'" % search] if search else []
    p.add(2, "searchbox", "Search teams, bookings, coaches", *props)
    p.add(2, "button", "Search")
    p.add(2, "button", "Notifications, %d unread" % r.unread)
    p.add(2, "button", "Priya Natarajan, Front desk", "hasPopup='menu'", "expanded=False")
    p.add(1, "navigation", "Main")
    for item in ["Schedule", "Bookings", "Teams", "Invoices", "Waitlist", "Reports", "Settings"]:
        if item == nav:
            p.add(2, "link", item, "current='page'")
        else:
            p.add(2, "link", item)
    p.add(1, "region", "Rink status")
    p.txt(2, "Now " + r.now())
    p.txt(2, "Sheet 1: Public skate until 14:50")
    p.txt(2, "Sheet 2: Resurfacing until 14:20")
    p.txt(2, "Studio rink: Parent and tot skate until 15:00")
    p.txt(2, "Checked in today: %d" % r.checkins)
    p.txt(2, "Waitlist requests: 6")
    p.txt(2, "Unpaid at desk: 2")
    if banner:
        p.add(1, "alert", "", "live='polite'")
        p.txt(2, banner)
        p.add(2, "button", "Dismiss announcement")
    p.add(1, "navigation", "Breadcrumb")
    for c in crumbs[:-1]:
        p.add(2, "link", c)
    p.txt(2, crumbs[-1])
    p.add(1, "main", "")
    body(p, 2)
    if toast:
        p.add(1, "status", "", "live='polite'")
        p.txt(2, toast)
        p.add(2, "button", "Dismiss notification")
    p.add(1, "contentinfo", "")
    p.txt(2, "Rinkside Booking Office 4.12.3 " + DOT + " Harbourview Ice Centre, 200 Quay Road")
    p.add(2, "link", "Help centre")
    p.add(2, "link", "Rink rules")
    p.add(2, "link", "Privacy")
    p.txt(2, "Synced " + r.now() + " " + DOT + " 3 desk terminals online")
    if dialog:
        dialog(p, 1)
    return p


def ordinary_banner():
    return ("Sun 16 Nov 06:00" + EN + "12:00: Studio rink closed for ice plant maintenance. "
            "Two morning sessions were cancelled and clients have been emailed.")


# ---------------------------------------------------------------------------
# Schedule pages
# ---------------------------------------------------------------------------
def cell_name(i):
    name = "%s %s %s %s %s %s %s" % (dshort(i["date"]), DOT, i["sheet"], DOT,
                                     span(i["start"], i["end"]), DOT, i["label"])
    if i.get("status") == "Cancelled":
        name += " (cancelled)"
    return name


def render_item(p, d, i):
    if i["kind"] == "booking":
        p.add(d, "button", cell_name(i))
    elif i["kind"] == "res":
        p.txt(d, "%s %s resurfacing %s not bookable" % (i["sheet"], span(i["start"], i["end"]), DOT))
    else:
        p.txt(d, "%s %s open ice" % (i["sheet"], span(i["start"], i["end"])))


def week_page(r, items=None, sheet="All sheets", stale=False, toast=None, banner=None):
    items = SCHEDULE if items is None else items
    url = BASE + "/schedule?week=2025-11-10"
    title = "Ice schedule " + DOT + " Week of 10 Nov 2025"
    if sheet != "All sheets":
        url += "&sheet=" + sheet.lower().replace(" ", "-")
        title += " " + DOT + " " + sheet
    title += " " + MDASH + " Rinkside"

    def body(p, d):
        p.add(d, "heading", "Ice schedule")
        p.txt(d, "Week of 10 Nov 2025 " + DOT + " showing 15:00" + EN + "22:00")
        p.add(d, "link", "Previous week")
        p.add(d, "link", "This week")
        p.add(d, "link", "Next week")
        p.add(d, "combobox", "Sheet", "value='%s'" % sheet, "hasPopup='menu'", "expanded=False")
        for o in ["All sheets"] + SHEETS:
            p.add(d + 1, "option", o, "selected=%s" % (o == sheet))
        p.add(d, "combobox", "View", "value='Week'", "hasPopup='menu'", "expanded=False")
        p.add(d + 1, "option", "Week", "selected=True")
        p.add(d + 1, "option", "Day", "selected=False")
        p.add(d, "button", "Show 06:00" + EN + "15:00")
        p.add(d, "button", "New booking")
        p.add(d, "button", "Print week")
        if sheet != "All sheets":
            p.add(d, "group", "Active filters")
            note = " (restored from your last session)" if stale else ""
            p.txt(d + 1, "Sheet: " + sheet + note)
            p.add(d + 1, "button", "Clear filter")
        p.txt(d, "Legend: practice " + DOT + " game " + DOT + " lesson " + DOT + " public session "
              + DOT + " resurfacing (not bookable) " + DOT + " cancelled")
        p.add(d, "table", "Weekly ice schedule")
        p.add(d + 1, "row", "")
        p.add(d + 2, "columnheader", "Time")
        for date in WEEK:
            p.add(d + 2, "columnheader", dshort(date))
            p.add(d + 3, "link", dshort(date))
        for hour in range(15, 22):
            p.add(d + 1, "row", "")
            p.add(d + 2, "rowheader", "%02d:00" % hour)
            for date in WEEK:
                p.add(d + 2, "gridcell", "")
                for i in items:
                    if i["date"] != date or tmin(i["start"]) // 60 != hour:
                        continue
                    if sheet != "All sheets" and i["sheet"] != sheet:
                        continue
                    render_item(p, d + 3, i)
        bookings = [i for i in items if i["kind"] == "booking"]
        canc = sum(1 for i in bookings if i["status"] == "Cancelled")
        overdue = sum(1 for i in bookings if "overdue" in i["balance"])
        p.txt(d, "This week: %d bookings " % len(bookings) + DOT + " %d cancelled " % canc
              + DOT + " %d with overdue balance " % overdue + DOT + " utilisation 81%")
    return shell(r, url, title, ["Home", "Schedule", "Week of 10 Nov 2025"], body,
                 toast=toast, banner=banner)


def day_page(r, date, items=None, sheet="All sheets", stale=False):
    items = SCHEDULE if items is None else items
    url = BASE + "/schedule/day/" + date
    if sheet != "All sheets":
        url += "?sheet=" + sheet.lower().replace(" ", "-")
    title = "Day sheet " + DOT + " " + dlong(date) + " " + MDASH + " Rinkside"
    shown = SHEETS if sheet == "All sheets" else [sheet]

    def body(p, d):
        p.add(d, "heading", "Day sheet " + DOT + " " + dlong(date))
        p.add(d, "link", "Previous day")
        p.add(d, "link", "Next day")
        p.add(d, "link", "Back to week")
        if sheet != "All sheets":
            p.add(d, "group", "Active filters")
            note = " (restored from your last session)" if stale else ""
            p.txt(d + 1, "Sheet: " + sheet + note)
            p.add(d + 1, "button", "Clear filter")
        p.add(d, "table", "Ice by sheet, " + dlong(date))
        p.add(d + 1, "row", "")
        p.add(d + 2, "columnheader", "Time")
        for s in shown:
            p.add(d + 2, "columnheader", s)
        for s, e, _ in PATTERN:
            p.add(d + 1, "row", "")
            p.add(d + 2, "rowheader", span(s, e))
            for sh in shown:
                p.add(d + 2, "gridcell", "")
                for i in items:
                    if i["date"] == date and i["sheet"] == sh and i["start"] == s:
                        render_item(p, d + 3, i)
        p.txt(d, "Zamboni driver on shift: T. Vaillancourt " + DOT + " next ice check 16:00")
    return shell(r, url, title, ["Home", "Schedule", dlong(date)], body)


# ---------------------------------------------------------------------------
# Booking pages
# ---------------------------------------------------------------------------
def history_rows(b):
    rows = [("02 Sep 2025 09:14", "Created by K. Osei" + (" as part of series " + b["series"] if b.get("series") else "")),
            ("02 Oct 2025 06:00", "Card payment failed; retried 03 Oct, paid"),
            ("28 Oct 2025 11:40", "Ice time confirmed with club scheduler")]
    return rows


def booking_page(r, b, toast=None, extra_history=None):
    url = BASE + "/bookings/" + b["id"]
    title = "Booking %s %s %s %s Rinkside" % (b["id"], DOT, b["label"], MDASH)

    def body(p, d):
        p.add(d, "heading", "Booking " + b["id"])
        p.txt(d, b["label"])
        p.txt(d, "Status: " + b["status"])
        p.add(d, "group", "Slot")
        p.txt(d + 1, "Date: " + dlong(b["date"]))
        p.txt(d + 1, "Sheet: " + b["sheet"])
        mins = tmin(b["end"]) - tmin(b["start"])
        p.txt(d + 1, "Time: %s (%d min)" % (span(b["start"], b["end"]), mins))
        p.add(d, "group", "Team and billing")
        if b.get("team"):
            p.txt(d + 1, "Team:")
            p.add(d + 1, "link", b["team"])
            p.txt(d + 1, "Coach: %s " % b["coach"] + DOT + " 604-555-01%02d" % (len(b["coach"]) * 3))
        p.txt(d + 1, "Account: " + b["client"])
        p.txt(d + 1, "Balance: " + b["balance"])
        if b.get("series"):
            p.txt(d + 1, "Series: %s, weekly %s" % (b["series"], dshort(b["date"])[:3]))
        p.add(d, "toolbar", "Booking actions")
        p.add(d + 1, "button", "Move slot")
        p.add(d + 1, "button", "Edit details")
        p.add(d + 1, "button", "Message coach")
        p.add(d + 1, "button", "Cancel booking")
        p.add(d, "heading", "History")
        p.add(d, "table", "Booking history")
        p.add(d + 1, "row", "")
        p.add(d + 2, "columnheader", "When")
        p.add(d + 2, "columnheader", "What")
        for when, what in history_rows(b) + (extra_history or []):
            p.add(d + 1, "row", "")
            p.add(d + 2, "cell", when)
            p.add(d + 2, "cell", what)
        if b.get("team"):
            p.add(d, "heading", "Same team, next two weeks")
            p.add(d, "list", "")
            for o in SCHEDULE + NEXT_WEEK:
                if o.get("team") == b["team"] and o["id"] != b["id"] and o["kind"] == "booking":
                    p.add(d + 1, "listitem", "")
                    p.add(d + 2, "link", "%s %s %s %s %s %s %s" % (
                        o["id"], DOT, dshort(o["date"]), DOT, o["sheet"], DOT, span(o["start"], o["end"])))
    return shell(r, url, title, ["Home", "Bookings", b["id"]], body, nav="Bookings",
                 toast=toast)


def fee_for(b):
    return "$25.00"


def new_state(b):
    return {"date": b["date"], "sheet": b["sheet"], "start": b["start"],
            "dur": tmin(b["end"]) - tmin(b["start"]), "series": False,
            "time_error": None, "avail": None, "notify": False}


def end_of(st):
    return tfmt(tmin(st["start"]) + st["dur"])


WEEKDAY_FULL = {"Mon": "Mondays", "Tue": "Tuesdays", "Wed": "Wednesdays", "Thu": "Thursdays",
                "Fri": "Fridays", "Sat": "Saturdays", "Sun": "Sundays"}


def series_box(b):
    return ("Apply to all remaining %s in this series (3 bookings)"
            % WEEKDAY_FULL[dshort(b["date"])[:3]])


def series_dates(b):
    return [b["date"], "2025-11-20", "2025-11-27"]


def availability(b, st, items=None):
    items = SCHEDULE if items is None else items
    e = end_of(st)
    head = "%s %s %s %s %s: " % (st["sheet"], DOT, dshort(st["date"]), DOT, span(st["start"], e))
    hits = overlapping(items, st["date"], st["sheet"], st["start"], e, exclude=b["id"])
    if any(h["kind"] == "res" for h in hits):
        return [head + "Not available", "Overlaps a resurfacing block; choose another start time."]
    if hits:
        return [head + "Not available", "Overlaps " + item_phrase(hits[0]) + "."]
    before, after = neighbours(items, st["date"], st["sheet"], st["start"], e, exclude=b["id"])
    lines = [head + "Available",
             "Before: " + item_phrase(before), "After: " + item_phrase(after),
             "No overlaps with other bookings."]
    if st["series"]:
        lines.append("Series check: 3 of 3 remaining Thursdays free at this time on " + st["sheet"] + ".")
    return lines


def move_page(r, b, st, dialog=None, toast=None):
    url = BASE + "/bookings/%s/move" % b["id"]
    title = "Move booking %s %s Rinkside" % (b["id"], MDASH)

    def body(p, d):
        p.add(d, "heading", "Move booking " + b["id"])
        p.txt(d, "%s %s now %s %s %s %s %s" % (b["label"], DOT, dlong(b["date"]), DOT, b["sheet"],
                                            DOT, span(b["start"], b["end"])))
        p.add(d, "note", "Change fee notice")
        p.txt(d + 1, "This slot starts within 72 hours, so moving it adds a %s change fee to %s."
              % (fee_for(b), b["client"]))
        p.add(d, "form", "New slot")
        p.add(d + 1, "textbox", "Date", "value='%s'" % st["date"], "required")
        p.add(d + 1, "combobox", "Sheet", "value='%s'" % st["sheet"], "hasPopup='menu'",
              "expanded=False")
        for o in SHEETS:
            p.add(d + 2, "option", o, "selected=%s" % (o == st["sheet"]))
        props = ["value='%s'" % st["start"], "required"]
        if st["time_error"]:
            props.append("invalid='true'")
        p.add(d + 1, "textbox", "Start time", *props)
        if st["time_error"]:
            p.txt(d + 1, st["time_error"])
        p.add(d + 1, "combobox", "Duration", "value='%d min'" % st["dur"], "hasPopup='menu'",
              "expanded=False")
        for m in (45, 60, 75, 90):
            p.add(d + 2, "option", "%d min" % m, "selected=%s" % (m == st["dur"]))
        if b.get("series"):
            p.add(d + 1, "checkbox", series_box(b),
                  "checked='%s'" % ("true" if st["series"] else "false"))
        p.add(d + 1, "textbox", "Note to coach (optional)")
        p.add(d + 1, "button", "Check availability")
        p.add(d + 1, "button", "Review move")
        p.add(d + 1, "link", "Back to booking")
        p.add(d, "region", "Availability")
        if st["avail"]:
            for line in st["avail"]:
                p.txt(d + 1, line)
        else:
            p.txt(d + 1, "Pick a sheet and start time, then check availability.")
    return shell(r, url, title, ["Home", "Bookings", b["id"], "Move"], body, nav="Bookings",
                 dialog=dialog, toast=toast)


def confirm_dialog(b, st, overlap=None):
    def dlg(p, d):
        p.add(d, "dialog", "Confirm move", "modal=True")
        p.add(d + 1, "heading", "Confirm move")
        p.txt(d + 1, "Booking %s %s %s" % (b["id"], DOT, b["label"]))
        p.txt(d + 1, "From: %s %s %s %s %s" % (dshort(b["date"]), DOT, b["sheet"], DOT,
                                            span(b["start"], b["end"])))
        if st["series"]:
            dates = ", ".join(dshort(x) for x in series_dates(b))
            p.txt(d + 1, "To: %s %s %s %s %s (3 bookings)" % (dates, DOT, st["sheet"], DOT,
                                                             span(st["start"], end_of(st))))
        else:
            p.txt(d + 1, "To: %s %s %s %s %s" % (dshort(st["date"]), DOT, st["sheet"], DOT,
                                              span(st["start"], end_of(st))))
        p.txt(d + 1, "Change fee: %s, billed to %s" % (fee_for(b), b["client"]))
        if overlap:
            p.txt(d + 1, "Double booking: overlaps " + overlap + "; duty manager will be alerted")
        else:
            p.txt(d + 1, "Availability re-checked: free")
        p.add(d + 1, "checkbox", "Notify coach (%s, email and SMS)" % b["coach"],
              "checked='%s'" % ("true" if st["notify"] else "false"))
        p.add(d + 1, "button", "Cancel")
        p.add(d + 1, "button", "Confirm move")
    return dlg


def moved_booking(b, st):
    return dict(b, sheet=st["sheet"], start=st["start"], end=end_of(st), status="Confirmed (moved)",
                balance="%s due (change fee)" % fee_for(b))


def after_move_page(r, b, st, notified=True, overlap=False):
    nb = moved_booking(b, st)
    where = "%s %s %s %s %s" % (st["sheet"], DOT, dshort(st["date"]), DOT, span(st["start"], end_of(st)))
    if st["series"]:
        toast = ("3 bookings in series %s moved to %s, %s (%s). "
                 % (b["series"], st["sheet"], span(st["start"], end_of(st)),
                    ", ".join(dshort(x) for x in series_dates(b))))
    else:
        toast = "Booking %s moved to %s. " % (b["id"], where)
    toast += ("Coach notified (%s). " % b["coach"]) if notified else "Coach was not notified. "
    toast += "Change fee %s added to INV-8851." % fee_for(b)
    if overlap:
        toast += " Double booking recorded on %s; duty manager alerted." % st["sheet"]
    hist = [("11 Nov 2025 " + r.now(), "Moved from %s %s by Priya Natarajan; change fee %s; coach %s"
             % (b["sheet"], span(b["start"], b["end"]), fee_for(b),
                "notified" if notified else "not notified"))]
    return booking_page(r, nb, toast=toast, extra_history=hist)


def overlap_dialog(st):
    def dlg(p, d):
        p.add(d, "alertdialog", "Overlap warning", "modal=True")
        p.add(d + 1, "heading", "Overlap warning")
        p.txt(d + 1, "%s %s %s %s %s now overlaps RS-24952 Private lesson %s A. Ruiz (19:00%s19:30), "
              "booked 2 minutes ago by Marco D." % (st["sheet"], DOT, dshort(st["date"]), DOT,
                                               span(st["start"], end_of(st)), MDASH, EN))
        p.txt(d + 1, "Booking anyway creates a double booking and alerts the duty manager.")
        p.add(d + 1, "button", "Choose another time")
        p.add(d + 1, "button", "Book anyway")
    return dlg


# ---------------------------------------------------------------------------
# Search, bookings list, teams
# ---------------------------------------------------------------------------
def all_bookings(items=None):
    items = SCHEDULE if items is None else items
    return [i for i in items if i["kind"] == "booking"]


def search_page(r, q, page=1):
    ql = q.lower()
    hits = [i for i in all_bookings() + NEXT_WEEK if ql in i["label"].lower()]
    hits.sort(key=lambda i: (i["date"], tmin(i["start"]), SHEETS.index(i["sheet"])))
    per = 10
    pages = max(1, (len(hits) + per - 1) // per)
    chunk = hits[(page - 1) * per: page * per]
    url = BASE + "/search?q=" + q.replace(" ", "+") + ("&page=%d" % page if page > 1 else "")
    title = "Search: %s %s Rinkside" % (q, MDASH)

    def body(p, d):
        p.add(d, "heading", "Results for \u201c%s\u201d" % q)
        if not hits:
            p.txt(d, "No bookings match \u201c%s\u201d." % q)
            return
        p.add(d, "heading", "Bookings (%d)" % len(hits))
        p.add(d, "table", "Matching bookings")
        p.add(d + 1, "row", "")
        for h in ["Booking", "Date", "Time", "Sheet", "Booking for", "Status"]:
            p.add(d + 2, "columnheader", h)
        for i in chunk:
            p.add(d + 1, "row", "")
            p.add(d + 2, "cell", "")
            p.add(d + 3, "link", i["id"])
            p.add(d + 2, "cell", dshort(i["date"]))
            p.add(d + 2, "cell", span(i["start"], i["end"]))
            p.add(d + 2, "cell", i["sheet"])
            p.add(d + 2, "cell", i["label"])
            p.add(d + 2, "cell", i["status"])
        p.txt(d, "Showing %d%s%d of %d" % ((page - 1) * per + 1, EN, (page - 1) * per + len(chunk), len(hits)))
        p.add(d, "navigation", "Pagination")
        for n in range(1, pages + 1):
            if n == page:
                p.add(d + 1, "link", "Page %d" % n, "current='page'")
            else:
                p.add(d + 1, "link", "Page %d" % n)
        teams = [t for t in TEAMS if ql in t.lower()]
        if teams:
            p.add(d, "heading", "Teams (%d)" % len(teams))
            p.add(d, "list", "")
            for t in teams:
                p.add(d + 1, "listitem", "")
                p.add(d + 2, "link", t)
        if "falcons" in ql:
            p.add(d, "heading", "Invoices (2)")
            p.add(d, "list", "")
            p.add(d + 1, "listitem", "")
            p.add(d + 2, "link", "INV-8840 " + DOT + " " + FALCONS_ACCT + " " + DOT + " $360.00 overdue")
            p.add(d + 1, "listitem", "")
            p.add(d + 2, "link", "INV-8851 " + DOT + " " + FALCONS_ACCT + " " + DOT + " open")
    return shell(r, url, title, ["Home", "Search"], body, nav=None, search=q)


def header_search_typed(r, base_fn, q):
    """The current page with text typed into the header search box."""
    p = base_fn()
    out = []
    for line in p.lines:
        if "searchbox 'Search teams, bookings, coaches'" in line:
            cut = line.index("coaches'") + len("coaches'")
            line = line[:cut] + ", focused, value='%s'" % q
        out.append(line)
    p.lines = out
    return p


SORT_KEYS = {
    "date": lambda i: (i["date"], tmin(i["start"]), SHEETS.index(i["sheet"])),
    "client": lambda i: (i["label"].lower(), i["date"], tmin(i["start"])),
    "booking": lambda i: i["id"],
}
SORT_BUTTONS = [("Booking", "booking"), ("Date", "date"), ("Time", None), ("Sheet", None),
                ("Client / team", "client"), ("Status", None), ("Balance", None)]


def bookings_order(sort="date", desc=False, team="All teams"):
    rows = [i for i in all_bookings() if team == "All teams" or i.get("team") == team]
    return sorted(rows, key=SORT_KEYS[sort], reverse=desc)


def bookings_page(r, sort="date", desc=False, page=1, team="All teams"):
    rows = bookings_order(sort, desc, team)
    per = 10
    pages = max(1, (len(rows) + per - 1) // per)
    chunk = rows[(page - 1) * per: page * per]
    url = BASE + "/bookings?from=2025-11-10&to=2025-11-16&sort=%s&dir=%s" % (sort, "desc" if desc else "asc")
    if team != "All teams":
        url += "&team=" + team.replace(" ", "+")
    if page > 1:
        url += "&page=%d" % page
    title = "Bookings " + DOT + " 10" + EN + "16 Nov 2025 " + MDASH + " Rinkside"

    def body(p, d):
        p.add(d, "heading", "Bookings")
        p.add(d, "group", "Filters")
        p.add(d + 1, "textbox", "From", "value='2025-11-10'")
        p.add(d + 1, "textbox", "To", "value='2025-11-16'")
        p.add(d + 1, "combobox", "Team", "value='%s'" % team, "hasPopup='menu'", "expanded=False")
        for o in ["All teams"] + sorted(TEAMS):
            p.add(d + 2, "option", o, "selected=%s" % (o == team))
        p.add(d + 1, "combobox", "Status", "value='Any status'", "hasPopup='menu'", "expanded=False")
        for o in ["Any status", "Confirmed", "Tentative", "Cancelled"]:
            p.add(d + 2, "option", o, "selected=%s" % (o == "Any status"))
        p.add(d + 1, "button", "Export CSV")
        p.add(d, "table", "Bookings, 10" + EN + "16 Nov 2025")
        p.add(d + 1, "row", "")
        for label, key in SORT_BUTTONS:
            if key == sort:
                p.add(d + 2, "columnheader", label, "sort='%s'" % ("descending" if desc else "ascending"))
            else:
                p.add(d + 2, "columnheader", label)
            if key:
                p.add(d + 3, "button", "Sort by " + label.lower())
        for i in chunk:
            p.add(d + 1, "row", "")
            p.add(d + 2, "cell", "")
            p.add(d + 3, "link", i["id"])
            p.add(d + 2, "cell", dshort(i["date"]))
            p.add(d + 2, "cell", span(i["start"], i["end"]))
            p.add(d + 2, "cell", i["sheet"])
            p.add(d + 2, "cell", i["label"])
            p.add(d + 2, "cell", i["status"])
            p.add(d + 2, "cell", i["balance"])
        p.txt(d, "Showing %d%s%d of %d" % ((page - 1) * per + 1, EN, (page - 1) * per + len(chunk), len(rows)))
        p.add(d, "navigation", "Pagination")
        if page > 1:
            p.add(d + 1, "link", "Previous page")
        else:
            p.add(d + 1, "link", "Previous page", "disabled=True")
        for n in range(1, pages + 1):
            if n == page:
                p.add(d + 1, "link", "Page %d" % n, "current='page'")
            else:
                p.add(d + 1, "link", "Page %d" % n)
        if page < pages:
            p.add(d + 1, "link", "Next page")
        else:
            p.add(d + 1, "link", "Next page", "disabled=True")
    return shell(r, url, title, ["Home", "Bookings"], body, nav="Bookings")


TEAM_ROWS = [("U10 Falcons", "U10", 14, "Good standing"),
             ("U12 Falcons A", "U12", 16, "Invoice overdue"),
             ("U12 Falcons B", "U12", 15, "Invoice overdue"),
             ("U14 Falcons", "U14", 17, "Invoice overdue"),
             ("U16 Falcons AA", "U16", 18, "Good standing"),
             ("Ringette U14 Waves", "U14", 13, "Payment failed, retrying")]


def teams_page(r):
    def body(p, d):
        p.add(d, "heading", "Teams")
        p.add(d, "textbox", "Filter teams")
        p.add(d, "table", "Teams with ice contracts")
        p.add(d + 1, "row", "")
        for h in ["Team", "Age group", "Coach", "Players", "Account"]:
            p.add(d + 2, "columnheader", h)
        for t, age, n, acct in TEAM_ROWS:
            p.add(d + 1, "row", "")
            p.add(d + 2, "cell", "")
            p.add(d + 3, "link", t)
            p.add(d + 2, "cell", age)
            p.add(d + 2, "cell", TEAMS[t][0])
            p.add(d + 2, "cell", str(n))
            p.add(d + 2, "cell", acct)
        p.txt(d, "6 teams " + DOT + " 1 archived (U18 Falcons, folded 2024)")
    return shell(r, BASE + "/teams", "Teams " + MDASH + " Rinkside", ["Home", "Teams"], body, nav="Teams")


def team_page(r, team):
    slug = team.lower().replace(" ", "-")
    coach, acct = TEAMS[team]

    def body(p, d):
        p.add(d, "heading", team)
        p.txt(d, "Coach: %s " % coach + DOT + " Account: " + acct)
        p.add(d, "alert", "")
        p.txt(d + 1, "Invoice INV-8840 for %s is overdue ($360.00, due 31 Oct)." % acct)
        p.add(d + 1, "link", "Open invoice INV-8840")
        p.add(d, "heading", "Upcoming ice")
        p.add(d, "table", "Upcoming bookings for " + team)
        p.add(d + 1, "row", "")
        for h in ["Booking", "Date", "Time", "Sheet", "What", "Status"]:
            p.add(d + 2, "columnheader", h)
        rows = [i for i in all_bookings() + NEXT_WEEK if i.get("team") == team]
        rows.sort(key=SORT_KEYS["date"])
        for i in rows:
            p.add(d + 1, "row", "")
            p.add(d + 2, "cell", "")
            p.add(d + 3, "link", i["id"])
            p.add(d + 2, "cell", dshort(i["date"]))
            p.add(d + 2, "cell", span(i["start"], i["end"]))
            p.add(d + 2, "cell", i["sheet"])
            p.add(d + 2, "cell", i["label"])
            p.add(d + 2, "cell", i["status"])
        p.add(d, "heading", "Roster")
        p.txt(d, "16 players " + DOT + " 2 goalies " + DOT + " medical forms: 1 missing")
        p.add(d, "button", "Message coach")
    return shell(r, BASE + "/teams/" + slug, "%s %s Rinkside" % (team, MDASH),
                 ["Home", "Teams", team], body, nav="Teams")


def signin_page(r, nxt):
    p = Page(BASE + "/signin?next=" + nxt, "Sign in " + MDASH + " Rinkside")
    p.add(1, "banner", "")
    p.txt(2, "Rinkside")
    p.add(1, "main", "")
    p.add(2, "heading", "Rinkside staff sign-in")
    p.add(2, "alert", "")
    p.txt(3, "Your session timed out. Sign in again to continue; the form you were editing was not saved.")
    p.add(2, "textbox", "Staff email", "required")
    p.add(2, "textbox", "Password", "required")
    p.add(2, "checkbox", "Keep me signed in on this desk", "checked='false'")
    p.add(2, "button", "Sign in")
    p.add(2, "link", "Forgot password?")
    p.add(1, "contentinfo", "")
    p.txt(2, "Rinkside Booking Office 4.12.3")
    return p


def permission_page(r, b):
    def body(p, d):
        p.add(d, "heading", "Permission needed")
        p.txt(d, "You don't have permission to move bookings that start within 72 hours.")
        p.txt(d, "Your role: Front desk (weekday). Ask the duty manager (ext. 204) to approve this move.")
        p.add(d, "button", "Request approval")
        p.add(d, "link", "Back to booking " + b["id"])
    return shell(r, BASE + "/bookings/%s/move" % b["id"], "403 " + DOT + " Permission needed "
                 + MDASH + " Rinkside", ["Home", "Bookings", b["id"], "Move"], body, nav="Bookings")


# ---------------------------------------------------------------------------
# Shared run fragments
# ---------------------------------------------------------------------------
TARGET = booking("RS-24718")
GOOD_SLOT = {"sheet": "Sheet 1", "start": "18:30"}
NOTIFY = "Notify coach (%s, email and SMS)" % TARGET["coach"]
THU_A = cell_name(TARGET)


def open_move(r, b, why="Open the move form for this booking."):
    st = new_state(b)
    r.click("open-move-form", "button", "Move slot", why, lambda: move_page(r, b, st))
    return st


def set_sheet(r, b, st, sheet, why, mark=False):
    if mark:
        r.mark_off()
    st["sheet"] = sheet
    st["avail"] = None
    r.select("set-new-slot", "combobox", "Sheet", sheet, why, lambda: move_page(r, b, st))


def set_time(r, b, st, value, why, mark=False):
    if mark:
        r.mark_off()
    if len(value) == 5 and value[2] == ":":
        st["start"] = value
        st["time_error"] = None
    else:
        st["start"] = value
        st["time_error"] = "Start time must be HH:MM (24-hour), for example 18:30."
    st["avail"] = None
    r.fill("set-new-slot", "textbox", "Start time", value, why, lambda: move_page(r, b, st))


def check(r, b, st, why="Check that the new slot is free before reviewing."):
    def fn():
        st["avail"] = availability(b, st)
        return move_page(r, b, st)
    r.click("set-new-slot", "button", "Check availability", why, fn)


def review(r, b, st, why="Open the review dialog to confirm the move."):
    def fn():
        if st["avail"] is None:
            st["avail"] = availability(b, st)
        return move_page(r, b, st, dialog=confirm_dialog(b, st))
    r.click("confirm-move", "button", "Review move", why, fn)


def tick_notify(r, b, st, why="The task says to tick Notify coach before confirming."):
    st["notify"] = True
    name = "Notify coach (%s, email and SMS)" % b["coach"]
    r.click("confirm-move", "checkbox", name, why,
            lambda: move_page(r, b, st, dialog=confirm_dialog(b, st)), effect="write")


def confirm(r, b, st, why="Everything matches the task; confirm the move.", mark=False, **kw):
    if mark:
        r.mark_off()
    r.click("confirm-move", "button", "Confirm move", why,
            lambda: after_move_page(r, b, st, notified=st["notify"], **kw), effect="irreversible")


def standard_move(r, b, st):
    set_sheet(r, b, st, "Sheet 1", "The task moves the practice to Sheet 1.")
    set_time(r, b, st, "18:30", "New start time is 18:30; duration stays 60 min.")
    check(r, b, st)
    review(r, b, st)
    tick_notify(r, b, st)
    confirm(r, b, st)


# ---------------------------------------------------------------------------
# Healthy runs (written first; the plan above was written from these pages)
# ---------------------------------------------------------------------------
def healthy_runs():
    runs = []

    # H1: straight from the weekly grid.
    r = Run("rinkside-healthy-01")
    r.start(lambda: week_page(r))
    r.click("find-booking", "button", THU_A,
            "The Thursday 13 Nov column has the U12 Falcons A practice on Sheet 2 at 17:00.",
            lambda: booking_page(r, TARGET))
    st = open_move(r, TARGET)
    standard_move(r, TARGET, st)
    runs.append(r.record(True))

    # H2: header search, results table, open the right row.
    r = Run("rinkside-healthy-02")
    r.start(lambda: week_page(r, banner=ordinary_banner()))
    r.fill("find-booking", "searchbox", "Search teams, bookings, coaches", "Falcons",
           "Search for the team instead of scanning the grid.",
           lambda: header_search_typed(r, lambda: week_page(r, banner=ordinary_banner()), "Falcons"),
           effect="read")
    r.click("find-booking", "button", "Search", "Run the search.", lambda: search_page(r, "Falcons"))
    r.click("find-booking", "link", "RS-24718",
            "RS-24718 is U12 Falcons A practice, Thu 13 Nov, Sheet 2, 17:00" + EN + "18:00.",
            lambda: booking_page(r, TARGET))
    st = open_move(r, TARGET)
    standard_move(r, TARGET, st)
    r.say(None, "Moved RS-24718 (U12 Falcons A practice) to Sheet 1, Thu 13 Nov 18:30" + EN
          + "19:30. Coach Dana Whitcombe was notified; the $25.00 change fee was added.",
          "Report the result to the user.")
    runs.append(r.record(True))

    # H3: filter the grid to Sheet 2 (where the task says it is now), then open.
    r = Run("rinkside-healthy-03")
    r.start(lambda: week_page(r))
    r.select("find-booking", "combobox", "Sheet", "Sheet 2",
             "The practice is on Sheet 2 now; narrow the grid to that sheet.",
             lambda: week_page(r, sheet="Sheet 2"), effect="read")
    r.click("find-booking", "button", THU_A, "Thu 13 Nov, 17:00" + EN + "18:00, U12 Falcons A.",
            lambda: booking_page(r, TARGET))
    st = open_move(r, TARGET)
    set_sheet(r, TARGET, st, "Sheet 1", "Destination sheet is Sheet 1.")
    set_time(r, TARGET, st, "18:30", "Destination start is 18:30.")
    review(r, TARGET, st, "Review move re-checks availability itself; go straight to review.")
    tick_notify(r, TARGET, st)
    confirm(r, TARGET, st)
    runs.append(r.record(True))

    # H4: bookings list, sort by client/team (twice, descending), paginate.
    r = Run("rinkside-healthy-04")
    r.start(lambda: week_page(r))
    r.click("find-booking", "link", "Bookings", "Use the bookings list to find the practice.",
            lambda: bookings_page(r))
    r.click("find-booking", "button", "Sort by client / team", "Group rows by team name.",
            lambda: bookings_page(r, sort="client"))
    order = bookings_order("client")
    idx = [i["id"] for i in order].index("RS-24718")
    pg = idx // 10 + 1
    last = (len(order) + 9) // 10
    assert 2 < pg, pg
    r.click("find-booking", "link", "Page %d" % pg,
            "Team names starting with U sort near the end; jump to page %d%s." % (
                pg, " (the last page)" if pg == last else ""),
            lambda: bookings_page(r, sort="client", page=pg))
    r.click("find-booking", "link", "RS-24718", "This row is Thu 13 Nov, Sheet 2, U12 Falcons A practice.",
            lambda: booking_page(r, TARGET))
    st = open_move(r, TARGET)
    standard_move(r, TARGET, st)
    runs.append(r.record(True))

    # H5: opens the review dialog, cancels it to look at the neighbours, reviews again.
    r = Run("rinkside-healthy-05")
    r.start(lambda: week_page(r))
    r.click("find-booking", "button", THU_A, "Open the Thursday U12 Falcons A practice.",
            lambda: booking_page(r, TARGET))
    st = open_move(r, TARGET)
    set_sheet(r, TARGET, st, "Sheet 1", "Sheet 1 per the task.")
    set_time(r, TARGET, st, "18:30", "18:30 start per the task.")
    review(r, TARGET, st)
    r.click("confirm-move", "button", "Cancel",
            "Close the dialog first; I want to see what is booked right before and after on Sheet 1.",
            lambda: move_page(r, TARGET, st))
    check(r, TARGET, st, "Show neighbours: resurfacing ends 18:30 and U14 Falcons starts 19:30, so 60 min fits.")
    review(r, TARGET, st, "Now review again.")
    tick_notify(r, TARGET, st)
    confirm(r, TARGET, st)
    r.say(None, "Done: U12 Falcons A practice on Thu 13 Nov is now Sheet 1, 18:30" + EN
          + "19:30; coach notified.", "Report back.")
    runs.append(r.record(True))

    # H6: retypes the start time after a format error; announcement banner on pages.
    r = Run("rinkside-healthy-06")
    r.start(lambda: week_page(r, banner=ordinary_banner()))
    r.click("find-booking", "button", THU_A, "Open the U12 Falcons A practice on Thu 13 Nov.",
            lambda: booking_page(r, TARGET))
    st = open_move(r, TARGET)
    set_time(r, TARGET, st, "1830", "Enter the new start time.")
    set_time(r, TARGET, st, "18:30", "The field wants HH:MM; retype it as 18:30.")
    set_sheet(r, TARGET, st, "Sheet 1", "Now the sheet: Sheet 1.")
    check(r, TARGET, st)
    review(r, TARGET, st)
    tick_notify(r, TARGET, st)
    confirm(r, TARGET, st)
    runs.append(r.record(True))

    # H7: checks the day sheet first, opens from there, verifies on the grid afterwards.
    r = Run("rinkside-healthy-07")
    r.start(lambda: week_page(r))
    r.click("find-booking", "link", "Thu 13 Nov", "Look at Thursday's day sheet to see Sheet 1 around 18:30.",
            lambda: day_page(r, "2025-11-13"))
    r.click("find-booking", "button", THU_A,
            "Sheet 1 is open 18:30" + EN + "19:30; open the U12 Falcons A practice on Sheet 2.",
            lambda: booking_page(r, TARGET))
    st = open_move(r, TARGET)
    standard_move(r, TARGET, st)
    after = apply_move(SCHEDULE, "RS-24718", "Sheet 1", "18:30", "19:30")
    r.click(None, "link", "Schedule", "Double-check the weekly grid shows the new slot.",
            lambda: week_page(r, items=after))
    r.say(None, "Moved: U12 Falcons A practice is on Sheet 1 at 18:30" + EN
          + "19:30 on Thu 13 Nov (coach notified, $25.00 fee).", "Report back.")
    runs.append(r.record(True))

    # H8: via Teams -> team page (overdue-invoice alert is ordinary) -> booking.
    r = Run("rinkside-healthy-08")
    r.start(lambda: week_page(r))
    r.click("find-booking", "link", "Teams", "Go through the team's page.", lambda: teams_page(r))
    r.click("find-booking", "link", "U12 Falcons A", "Open U12 Falcons A, not B and not U14.",
            lambda: team_page(r, "U12 Falcons A"))
    r.click("find-booking", "link", "RS-24718", "RS-24718 is the Thu 13 Nov practice.",
            lambda: booking_page(r, TARGET))
    st = open_move(r, TARGET)
    set_time(r, TARGET, st, "18:30", "Start time first: 18:30.")
    set_sheet(r, TARGET, st, "Sheet 1", "Then Sheet 1.")
    check(r, TARGET, st)
    review(r, TARGET, st)
    tick_notify(r, TARGET, st)
    confirm(r, TARGET, st)
    r.say(None, "RS-24718 moved to Sheet 1, 18:30" + EN + "19:30 on Thu 13 Nov; coach notified.",
          "Report back.")
    runs.append(r.record(True))
    return runs


# ---------------------------------------------------------------------------
# Plan file (already fixed above) and faulty runs (written after the plan)
# ---------------------------------------------------------------------------
def faulty_runs():
    runs = []

    # F1 wrong_record: search, then opens U12 Falcons B (RS-24817) on the same Thursday.
    r = Run("rinkside-wrong_record-01", "wrong_record")
    r.start(lambda: week_page(r))
    r.fill("find-booking", "searchbox", "Search teams, bookings, coaches", "U12 Falcons",
           "Search for the team.",
           lambda: header_search_typed(r, lambda: week_page(r), "U12 Falcons"), effect="read")
    r.click("find-booking", "button", "Search", "Run the search.", lambda: search_page(r, "U12 Falcons"))
    b = booking("RS-24817")
    r.mark_off()
    r.click("find-booking", "link", "RS-24817", "This is the U12 Falcons practice on Thu 13 Nov.",
            lambda: booking_page(r, b))
    st = open_move(r, b)
    standard_move(r, b, st)
    runs.append(r.record(False))

    # F2 wrong_record: bookings list filtered to the right team, but the Tuesday booking.
    r = Run("rinkside-wrong_record-02", "wrong_record")
    r.start(lambda: week_page(r))
    r.click("find-booking", "link", "Bookings", "Use the bookings list.", lambda: bookings_page(r))
    r.select("find-booking", "combobox", "Team", "U12 Falcons A", "Filter to the team.",
             lambda: bookings_page(r, team="U12 Falcons A"), effect="read")
    b = booking("RS-24781")
    r.mark_off()
    r.click("find-booking", "link", "RS-24781", "First U12 Falcons A practice, Sheet 2 17:00" + EN + "18:00.",
            lambda: booking_page(r, b))
    st = open_move(r, b)
    standard_move(r, b, st)
    r.say(None, "Moved the U12 Falcons A practice to Sheet 1 at 18:30; coach notified.", "Report back.")
    runs.append(r.record(False))

    # F3 wrong_value: Studio rink instead of Sheet 1.
    r = Run("rinkside-wrong_value-01", "wrong_value")
    r.start(lambda: week_page(r))
    r.click("find-booking", "button", THU_A, "Open the Thursday practice.", lambda: booking_page(r, TARGET))
    st = open_move(r, TARGET)
    set_sheet(r, TARGET, st, "Studio rink", "Pick the other sheet for the move.", mark=True)
    set_time(r, TARGET, st, "18:30", "Start 18:30.")
    check(r, TARGET, st)
    review(r, TARGET, st)
    tick_notify(r, TARGET, st)
    confirm(r, TARGET, st)
    runs.append(r.record(False))

    # F4 wrong_value: 08:30 typed instead of 18:30.
    r = Run("rinkside-wrong_value-02", "wrong_value")
    r.start(lambda: week_page(r))
    r.click("find-booking", "button", THU_A, "Open the Thursday practice.", lambda: booking_page(r, TARGET))
    st = open_move(r, TARGET)
    set_sheet(r, TARGET, st, "Sheet 1", "Sheet 1.")
    set_time(r, TARGET, st, "08:30", "Enter the new start time.", mark=True)
    check(r, TARGET, st)
    review(r, TARGET, st)
    tick_notify(r, TARGET, st)
    confirm(r, TARGET, st)
    runs.append(r.record(False))

    # F5 silent_noop: Confirm move returns to the booking unchanged, no toast.
    r = Run("rinkside-silent_noop-01", "silent_noop")
    r.start(lambda: week_page(r))
    r.click("find-booking", "button", THU_A, "Open the Thursday practice.", lambda: booking_page(r, TARGET))
    st = open_move(r, TARGET)
    set_sheet(r, TARGET, st, "Sheet 1", "Sheet 1.")
    set_time(r, TARGET, st, "18:30", "18:30.")
    check(r, TARGET, st)
    review(r, TARGET, st)
    tick_notify(r, TARGET, st)
    r.mark_off()
    r.click("confirm-move", "button", "Confirm move", "Confirm the move.",
            lambda: booking_page(r, TARGET), effect="irreversible")
    r.say(None, "The practice has been moved to Sheet 1 at 18:30 and the coach notified.", "Report back.")
    runs.append(r.record(False))

    # F6 unrequested_constraint: ticks "apply to all remaining Thursdays".
    r = Run("rinkside-unrequested_constraint-01", "unrequested_constraint")
    r.start(lambda: week_page(r))
    r.click("find-booking", "button", THU_A, "Open the Thursday practice.", lambda: booking_page(r, TARGET))
    st = open_move(r, TARGET)
    set_sheet(r, TARGET, st, "Sheet 1", "Sheet 1.")
    set_time(r, TARGET, st, "18:30", "18:30.")
    r.mark_off()
    st["series"] = True
    r.click("set-new-slot", "checkbox", series_box(TARGET),
            "It is a weekly practice, so keep the series consistent.",
            lambda: move_page(r, TARGET, st), effect="write")
    check(r, TARGET, st)
    review(r, TARGET, st)
    tick_notify(r, TARGET, st)
    confirm(r, TARGET, st)
    runs.append(r.record(False))

    # F7 stale_filter: grid opens filtered to Studio rink from a previous session.
    r = Run("rinkside-stale_filter-01", "stale_filter")
    r.start(lambda: week_page(r, sheet="Studio rink", stale=True))
    r.mark_off()  # visible on the start page
    assert r.off == 0
    r.click("find-booking", "link", "Thu 13 Nov", "Open Thursday's day sheet.",
            lambda: day_page(r, "2025-11-13", sheet="Studio rink", stale=True))
    r.say(None, "There is no U12 Falcons A practice on Thu 13 Nov, so there is nothing to move.",
          "The day sheet lists only the goalie clinic and synchro skating.")
    runs.append(r.record(False))

    # F8 permission_denied: Move slot is refused.
    r = Run("rinkside-permission_denied-01", "permission_denied")
    r.start(lambda: week_page(r))
    r.click("find-booking", "button", THU_A, "Open the Thursday practice.", lambda: booking_page(r, TARGET))
    r.mark_off()
    r.click("open-move-form", "button", "Move slot", "Open the move form.",
            lambda: permission_page(r, TARGET))
    r.say(None, "I could not move the booking: my role needs duty-manager approval for moves within 72 hours.",
          "Blocked; report it.")
    runs.append(r.record(False))

    # F9 session_expired: review bounces to the sign-in page.
    r = Run("rinkside-session_expired-01", "session_expired")
    r.start(lambda: week_page(r))
    r.select("find-booking", "combobox", "Sheet", "Sheet 2", "Narrow the grid to Sheet 2.",
             lambda: week_page(r, sheet="Sheet 2"), effect="read")
    r.click("find-booking", "button", THU_A, "Open the Thursday practice.", lambda: booking_page(r, TARGET))
    st = open_move(r, TARGET)
    set_sheet(r, TARGET, st, "Sheet 1", "Sheet 1.")
    set_time(r, TARGET, st, "18:30", "18:30.")
    r.mark_off()
    r.click("confirm-move", "button", "Review move", "Review the move.",
            lambda: signin_page(r, "/rinkside/bookings/RS-24718/move"))
    r.say(None, "The session timed out before I could confirm; please sign in again.", "Cannot continue.")
    runs.append(r.record(False))

    # F10 premature_success: reports done after only checking availability.
    r = Run("rinkside-premature_success-01", "premature_success")
    r.start(lambda: week_page(r))
    r.click("find-booking", "button", THU_A, "Open the Thursday practice.", lambda: booking_page(r, TARGET))
    st = open_move(r, TARGET)
    set_sheet(r, TARGET, st, "Sheet 1", "Sheet 1.")
    set_time(r, TARGET, st, "18:30", "18:30.")
    check(r, TARGET, st)
    r.mark_off()
    r.say(None, "Moved U12 Falcons A to Sheet 1, 18:30" + EN + "19:30 on Thu 13 Nov, and the coach was notified.",
          "The slot shows as Available, so the move is done.")
    runs.append(r.record(False))

    # F11 dialog_mishandled: overlap warning appears at review; agent clicks Book anyway.
    r = Run("rinkside-dialog_mishandled-01", "dialog_mishandled")
    r.start(lambda: week_page(r))
    r.click("find-booking", "button", THU_A, "Open the Thursday practice.", lambda: booking_page(r, TARGET))
    st = open_move(r, TARGET)
    set_sheet(r, TARGET, st, "Sheet 1", "Sheet 1.")
    set_time(r, TARGET, st, "18:30", "18:30.")
    check(r, TARGET, st)
    r.click("confirm-move", "button", "Review move", "Review the move.",
            lambda: move_page(r, TARGET, st, dialog=overlap_dialog(st)))
    r.mark_off()
    over = "RS-24952 Private lesson " + MDASH + " A. Ruiz (19:00" + EN + "19:30)"
    r.click("confirm-move", "button", "Book anyway", "The slot was free a moment ago; go ahead.",
            lambda: move_page(r, TARGET, st, dialog=confirm_dialog(TARGET, st, overlap=over)))
    st["notify"] = True
    r.click("confirm-move", "checkbox", NOTIFY, "Tick Notify coach.",
            lambda: move_page(r, TARGET, st, dialog=confirm_dialog(TARGET, st, overlap=over)), effect="write")
    r.click("confirm-move", "button", "Confirm move", "Confirm.",
            lambda: after_move_page(r, TARGET, st, overlap=True), effect="irreversible")
    runs.append(r.record(False))

    # F12 skipped_step: confirms without ticking Notify coach.
    r = Run("rinkside-skipped_step-01", "skipped_step")
    r.start(lambda: week_page(r))
    r.click("find-booking", "link", "Teams", "Go via the team page.", lambda: teams_page(r))
    r.click("find-booking", "link", "U12 Falcons A", "Open U12 Falcons A.", lambda: team_page(r, "U12 Falcons A"))
    r.click("find-booking", "link", "RS-24718", "Thu 13 Nov practice.", lambda: booking_page(r, TARGET))
    st = open_move(r, TARGET)
    set_sheet(r, TARGET, st, "Sheet 1", "Sheet 1.")
    set_time(r, TARGET, st, "18:30", "18:30.")
    check(r, TARGET, st)
    review(r, TARGET, st)
    confirm(r, TARGET, st, "Details match; confirm.", mark=True)
    r.say(None, "Moved RS-24718 to Sheet 1, 18:30" + EN + "19:30 on Thu 13 Nov.", "Report back.")
    runs.append(r.record(False))
    return runs


def main():
    (HERE / "plans").mkdir(exist_ok=True)
    (HERE / PLAN_REL).write_text(PLAN_YAML, encoding="utf-8")
    runs = healthy_runs() + faulty_runs()
    assert len(runs) == 20
    with open(HERE / "corpus.jsonl", "w", encoding="utf-8", newline="\n") as fh:
        for run in runs:
            fh.write(json.dumps(run, ensure_ascii=False, sort_keys=False) + "\n")
    print("wrote %d runs to %s and %s" % (len(runs), HERE / "corpus.jsonl", HERE / PLAN_REL))


if __name__ == "__main__":
    main()
