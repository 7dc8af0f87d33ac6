#!/usr/bin/env python3
"""Generate the RoomTurn held-out corpus (20 runs) and its plan.

RoomTurn is an (invented) hotel housekeeping board. A floor supervisor marks a
cleaned room as Inspected and assigns a named attendant for the evening turndown.

Usage:  python3 make_corpus.py [OUTPUT_DIR]      (default: this file's folder)

Python 3 standard library only. Fixed seed; the output is byte-for-byte
reproducible (no clocks, no environment lookups, no dict/set ordering surprises).
"""
import copy
import json
import os
import random
import sys

SEED = 4120514
BASE = "http://127.0.0.1:8000"
WORKFLOW = "roomturn"
PLAN_REL = "plans/roomturn.yaml"
TASK = ("Room 412 on the 4th floor has been cleaned. Mark it as inspected and assign "
        "Dana Whitlock to its evening turndown, then save.")

# ---------------------------------------------------------------------------
# 1. The plan.  Written from the task text and the HEALTHY pages only, before
#    any faulty run below existed; it has not been tuned against the faults.
# ---------------------------------------------------------------------------
PLAN_YAML = """\
# RoomTurn: inspect a cleaned room and assign its evening turndown.
# Written from the task text and the healthy pages only (before any faulty run).
task: "Room 412 on the 4th floor has been cleaned. Mark it as inspected and assign Dana Whitlock to its evening turndown, then save."
plan_falsifiers:
  execution:
    - "Sign in to RoomTurn"
    - "Your session has expired. Sign in again."
    - "Something went wrong"
    - "You don't have permission to change this room"
commitments:
  - id: find-room
    subgoal: "Open room 412 on the housekeeping board (floor 4)"
    skill: open_record_by_search
    confidence: 0.8
    confirm:
      precondition: ["Housekeeping board"]
      progress: ["Search results for 412", "Floor 4 rooms are listed"]
      completion: ["Room 412 · RoomTurn", "Floor 4 · King deluxe"]
    falsify:
      execution:
        - "Room 421"
        - "Room 1412"
        - "No rooms match these filters"
        - "Room 412 is not on the board"
        - {text: "click link Room 421", on: action}
        - {text: "click link Room 1412", on: action}
      skill:
        - "The Search rooms box is missing"
      planning:
        - "Room 412 is Out of order"
        - "Room 412 is Do not disturb"
  - id: mark-inspected
    subgoal: "Set room 412's status to Inspected"
    skill: set_select_value
    confidence: 0.7
    confirm:
      precondition: ["Status Clean", "Cleaned by Lucía Ferrer"]
      progress: ["Status Inspected", "Unsaved changes"]
      completion: ["Room 412 set to Inspected", "1 room marked Inspected: Room 412"]
    falsify:
      execution:
        - "Status Out of order"
        - "Status Do not disturb"
        - "More than one room is selected"
        - {text: "select Out of order", on: action}
        - {text: "select Do not disturb", on: action}
        - {text: "click Cancel", on: action}
      planning:
        - "Room 412 is still Dirty"
        - "Room 412 is still being cleaned"
  - id: assign-turndown
    subgoal: "Assign Dana Whitlock as the evening turndown attendant for room 412"
    skill: pick_from_autocomplete
    confidence: 0.6
    confirm:
      precondition: ["Evening turndown attendant", "No attendant assigned"]
      progress: ["Dana Whitlock — evening"]
      completion: ["Evening turndown attendant Dana Whitlock"]
    falsify:
      execution:
        - "Dana Whitlow"
        - "Diana Whitlock"
        - {text: "Dana Whitlow", on: action}
        - {text: "Diana Whitlock", on: action}
        - {text: "Morning service attendant", on: action}
      skill:
        - "No attendants match"
      planning:
        - "Dana Whitlock is not on the evening shift"
        - "Dana Whitlock has no turndown slots left"
  - id: save
    subgoal: "Save the changes to room 412"
    skill: save_form
    confidence: 0.7
    confirm:
      progress: ["Save changes"]
      completion: ["Room 412 saved · Inspected · Evening turndown: Dana Whitlock"]
    falsify:
      execution:
        - "Couldn't save room 412"
        - "Room 421 saved"
        - "Room 1412 saved"
        - "Evening turndown: Unassigned"
        - "No confirmation appears after Save changes"
      planning:
        - "Room 412 was changed by someone else while you were editing"
  - id: report
    subgoal: "Tell the user room 412 is inspected and Dana Whitlock has its evening turndown"
    confidence: 0.9
    confirm:
      completion: ["Room 412 saved"]
    falsify:
      execution:
        - "Unsaved changes"
        - "The page shows no saved confirmation for room 412"
"""

# ---------------------------------------------------------------------------
# 2. The application: data
# ---------------------------------------------------------------------------
STATUSES = ["Dirty", "Cleaning", "Clean", "Inspected", "Out of order", "Do not disturb"]
STATUS_SORT = sorted(STATUSES)  # alphabetical, as the product sorts the column

EVENING = [  # (name, turndowns already booked of 5)
    ("Abel Mensah", 2), ("Dana Whitlock", 3), ("Dana Whitlow", 4),
    ("Diana Whitlock", 5), ("Jonas Pereira", 1), ("Wen Li", 2),
]
MORNING = [  # (name, rooms today)
    ("Dana Whitlock", 0), ("Jonas Pereira", 6), ("Lucía Ferrer", 6),
    ("Marta Silva", 5), ("Rafael Ortiz", 4), ("Sina Tupou", 5), ("Tomasz Nowak", 5),
]


def R(num, rtype, status, morning, turndown, notes=(), occ="Vacant, ready for arrival"):
    return {"num": num, "floor": num // 100, "type": rtype, "status": status,
            "morning": morning, "turndown": turndown, "notes": list(notes), "occ": occ}


ROOMS = [
    R(302, "Queen standard", "Inspected", "Marta Silva", "Dana Whitlow"),
    R(303, "Queen standard", "Dirty", "Marta Silva", None,
      ["Late checkout cancelled — guest left 09:40"], "Departure today"),
    R(304, "King deluxe", "Cleaning", "Tomasz Nowak", None),
    R(305, "Twin", "Out of order", None, None,
      ["Heater failed — maintenance ticket MT-2214"], "Blocked"),
    R(306, "King deluxe", "Clean", "Tomasz Nowak", None),
    R(307, "Suite", "Do not disturb", "Marta Silva", "Abel Mensah", (), "Stayover"),
    R(308, "Queen standard", "Inspected", "Tomasz Nowak", "Diana Whitlock", (), "Stayover"),
    R(309, "Twin", "Dirty", "Marta Silva", None, ["Deep clean overdue (last 28 Apr)"],
      "Departure today"),
    R(310, "Queen standard", "Inspected", "Tomasz Nowak", "Wen Li", (), "Stayover"),
    R(312, "Accessible king", "Cleaning", "Marta Silva", None),
    R(404, "Queen standard", "Dirty", "Lucía Ferrer", None, (), "Departure today"),
    R(406, "Twin", "Inspected", "Jonas Pereira", "Dana Whitlock", (), "Stayover"),
    R(408, "King deluxe", "Clean", "Jonas Pereira", None),
    R(410, "Suite", "Do not disturb", "Lucía Ferrer", None,
      ["DND since 08:10 — try again after 14:00"], "Stayover"),
    R(411, "Queen standard", "Cleaning", "Jonas Pereira", None, (), "Stayover"),
    R(412, "King deluxe", "Clean", "Lucía Ferrer", None,
      ["Guest allergic to feathers — synthetic pillows only"],
      "Stayover, departs Thu 16 May"),
    R(413, "Twin", "Dirty", "Jonas Pereira", None, ["Deep clean overdue (last 2 May)"],
      "Departure today"),
    R(414, "Queen standard", "Inspected", "Lucía Ferrer", "Diana Whitlock", (), "Stayover"),
    R(415, "King deluxe", "Cleaning", "Jonas Pereira", None),
    R(416, "Twin", "Out of order", None, None,
      ["Shower leak — failed inspection 09:50, MT-2230"], "Blocked"),
    R(418, "Queen standard", "Dirty", "Lucía Ferrer", None, (), "Departure today"),
    R(419, "Suite", "Inspected", "Jonas Pereira", "Dana Whitlow", (), "Stayover"),
    R(420, "King deluxe", "Do not disturb", "Lucía Ferrer", None, (), "Stayover"),
    R(421, "King deluxe", "Clean", "Jonas Pereira", None,
      ["Extra cot requested for tonight"], "Arrival tonight, 1 night"),
    R(1404, "Queen standard", "Dirty", "Sina Tupou", None, (), "Departure today"),
    R(1408, "Suite", "Inspected", "Rafael Ortiz", "Jonas Pereira", (), "Stayover"),
    R(1410, "Twin", "Cleaning", "Sina Tupou", None),
    R(1411, "Queen standard", "Dirty", "Rafael Ortiz", None,
      ["Card payment failed at check-in — front desk aware"], "Stayover"),
    R(1412, "King deluxe", "Clean", "Sina Tupou", None,
      ["VIP arrival 18:00 — welcome amenity"], "Arrival 18:00, VIP"),
    R(1414, "Queen standard", "Do not disturb", "Rafael Ortiz", None, (), "Stayover"),
    R(1421, "Suite", "Inspected", "Sina Tupou", "Wen Li", (), "Stayover"),
]

CLEANED_AT = {306: "09:58", 408: "10:02", 412: "10:18", 421: "10:26", 1412: "10:09"}

SPECIAL_ACTIVITY = {
    412: ["Today 10:18 · Lucía Ferrer set status to Clean",
          "Today 09:05 · Lucía Ferrer set status to Cleaning",
          "Today 07:40 · Night audit set status to Dirty",
          "Yesterday 20:12 · Turndown completed by Dana Whitlow",
          "Yesterday 09:12 · Priya Okafor set status to Inspected"],
    421: ["Today 10:26 · Jonas Pereira set status to Clean",
          "Today 09:31 · Jonas Pereira set status to Cleaning",
          "Today 07:40 · Night audit set status to Dirty",
          "Yesterday 20:31 · Turndown completed by Diana Whitlock",
          "Yesterday 11:02 · Priya Okafor set status to Inspected"],
    1412: ["Today 10:09 · Sina Tupou set status to Clean",
           "Today 08:47 · Sina Tupou set status to Cleaning",
           "Today 07:40 · Night audit set status to Dirty",
           "Yesterday 19:55 · Turndown skipped: guest declined",
           "Yesterday 10:20 · Marcus Bell set status to Inspected"],
}


def base_world():
    w = {}
    for r in ROOMS:
        r = copy.deepcopy(r)
        r["cleaned_at"] = CLEANED_AT.get(r["num"], "09:30")
        r["inspected"] = "Last inspected Mon 13 May, 09:12 by Priya Okafor"
        if r["floor"] == 14:
            r["inspected"] = "Last inspected Mon 13 May, 10:20 by Marcus Bell"
        r["activity"] = list(SPECIAL_ACTIVITY.get(r["num"], [
            "Today 07:40 · Night audit set status to Dirty",
            "Yesterday 09:20 · Priya Okafor set status to Inspected"]))
        w[r["num"]] = r
    return w


def counts(world):
    c = {s: 0 for s in STATUSES}
    unassigned = 0
    for r in world.values():
        c[r["status"]] += 1
        if r["turndown"] is None and r["status"] != "Out of order":
            unassigned += 1
    c["unassigned"] = unassigned
    return c


# ---------------------------------------------------------------------------
# 3. Accessibility-tree pages (BrowserGym flattened AXTree style)
# ---------------------------------------------------------------------------
class Page:
    def __init__(self, rng, url, title):
        self.url, self.title = url, title
        self.rng = rng
        self.nodes = []
        self.next_bid = rng.randint(90, 160)

    def add(self, depth, role, name="", props=(), bid=True):
        b = None
        if bid:
            b = str(self.next_bid)
            self.next_bid += 1
            if self.rng.random() < 0.22:  # hidden / pruned nodes leave gaps
                self.next_bid += self.rng.randint(1, 4)
        self.nodes.append((depth, b, role, name, tuple(props)))
        return b

    def text(self, depth, s):
        self.add(depth, "StaticText", s, bid=False)

    def render(self):
        lines = ["RootWebArea %r, focused" % self.title]
        for depth, b, role, name, props in self.nodes:
            s = "\t" * (depth + 1) + ("[%s] " % b if b else "") + "%s %r" % (role, name)
            if props:
                s += ", " + ", ".join(props)
            lines.append(s)
        return "\n".join(lines)

    def find(self, role, name):
        hits = [b for _, b, ro, na, _ in self.nodes if b and ro == role and na == name]
        if len(hits) != 1:
            raise KeyError("%d nodes %s %r on %s" % (len(hits), role, name, self.url))
        return hits[0]

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": self.render(), "error": error}


def chrome(p, world, q, crumbs):
    p.add(0, "banner", "")
    p.add(1, "link", "RoomTurn home")
    p.text(1, "RoomTurn")
    p.text(1, "Harbor Crest Hotel · Day shift · Tue 14 May")
    p.add(1, "searchbox", "Search rooms", ["value=%r" % q] if q else [])
    c = counts(world)
    p.add(1, "region", "Shift counters")
    for s in STATUSES:
        p.text(2, "%s %d" % (s, c[s]))
    p.text(2, "Turndowns unassigned %d" % c["unassigned"])
    p.add(1, "button", "Notifications (3 unread)", ["hasPopup='menu'", "expanded=False"])
    p.add(1, "button", "Priya Okafor, Floor supervisor", ["hasPopup='menu'", "expanded=False"])
    p.add(0, "navigation", "Primary")
    for n in ["Board", "Turndown plan", "Lost and found", "Maintenance", "Shift reports",
              "Staff roster"]:
        p.add(1, "link", n)
    p.add(0, "main", "")
    p.add(1, "navigation", "Breadcrumb")
    for i, c in enumerate(crumbs):
        if i == len(crumbs) - 1:
            p.text(2, c)
        else:
            p.add(2, "link", c)
            p.text(2, "›")


def footer(p, live="Live updates: connected"):
    p.add(0, "contentinfo", "")
    p.text(1, "RoomTurn 3.8.2 · Harbor Crest Hotels")
    p.add(1, "link", "Help centre")
    p.add(1, "link", "Keyboard shortcuts")
    p.add(1, "link", "Privacy")
    if live:
        p.text(1, live)


def toasts_region(p, toasts):
    p.add(0, "region", "Notifications")
    for t in toasts:
        p.add(1, "status", "")
        p.text(2, t)
        p.add(2, "button", "Dismiss notification")


FLOOR_OPTS = ["All floors", "Floor 3", "Floor 4", "Floor 14"]
STATUS_OPTS = ["Any status"] + STATUSES
PAGE_SIZE = 15


def board_page(rng, world, q="", floor="All floors", status="Any status", page=1,
               sort="room", selected=(), toasts=(), dialog=None, restored=False):
    params = []
    if q:
        params.append("q=" + q)
    if floor != "All floors":
        params.append("floor=" + floor.split()[1])
    if status != "Any status":
        params.append("status=" + status.lower().replace(" ", "-"))
    if sort != "room":
        params.append("sort=" + sort)
    if page != 1:
        params.append("page=%d" % page)
    url = BASE + "/board" + ("?" + "&".join(params) if params else "")
    p = Page(rng, url, "Housekeeping board · RoomTurn")
    chrome(p, world, q, ["Harbor Crest", "Housekeeping board"])
    d = 1
    p.add(d, "heading", "Housekeeping board", ["level=1"])
    p.text(d, "Tuesday 14 May · live, updated 10:41")
    p.add(d, "region", "Shift notice")
    p.text(d + 1, "Evening turndown assignments lock at 16:30. %d rooms still have no "
           "turndown attendant." % counts(world)["unassigned"])
    if restored:
        p.add(d, "status", "")
        p.text(d + 1, "Filters restored from your last visit: %s" % floor)
        p.add(d + 1, "button", "Reset to all floors")
    p.add(d, "group", "Filters")
    p.add(d + 1, "combobox", "Floor", ["hasPopup='menu'", "expanded=False", "value=%r" % floor])
    for o in FLOOR_OPTS:
        p.add(d + 2, "option", o, ["selected=%s" % (o == floor)])
    p.add(d + 1, "combobox", "Status", ["hasPopup='menu'", "expanded=False", "value=%r" % status])
    for o in STATUS_OPTS:
        p.add(d + 2, "option", o, ["selected=%s" % (o == status)])
    p.add(d + 1, "checkbox", "Only rooms with notes", ["checked='false'"])
    p.add(d + 1, "button", "Clear filters")

    rooms = [r for r in world.values()
             if (not q or q in str(r["num"]))
             and (floor == "All floors" or r["floor"] == int(floor.split()[1]))
             and (status == "Any status" or r["status"] == status)]
    if sort == "status":
        rooms.sort(key=lambda r: (STATUS_SORT.index(r["status"]), r["num"]))
    else:
        rooms.sort(key=lambda r: r["num"])
    total = len(rooms)
    pages = max(1, (total + PAGE_SIZE - 1) // PAGE_SIZE)
    shown = rooms[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]

    if q:
        p.text(d, "Search results for “%s” · %d room%s" % (q, total, "" if total == 1 else "s"))
        p.add(d, "link", "Clear search")
    if sort == "status":
        p.text(d, "Sorted by status · grouping by floor is off")

    p.add(d, "toolbar", "Bulk actions")
    p.text(d + 1, "%d selected" % len(selected))
    dis = [] if selected else ["disabled=True"]
    p.add(d + 1, "button", "Mark inspected", dis)
    p.add(d + 1, "button", "Assign turndown…", dis)
    p.add(d + 1, "button", "Clear selection", dis)

    p.add(d, "table", "Rooms")
    p.add(d + 1, "row", "")
    p.add(d + 2, "columnheader", "")
    p.add(d + 3, "checkbox", "Select all rooms on this page", ["checked='false'"])
    for col, btn in [("Room", "Sort by room"), ("Type", None), ("Status", "Sort by status"),
                     ("Cleaned by", "Sort by attendant"), ("Evening turndown", None),
                     ("Notes", None)]:
        props = []
        if btn == "Sort by room" and sort == "room":
            props = ["sort='ascending'"]
        if btn == "Sort by status" and sort == "status":
            props = ["sort='ascending'"]
        p.add(d + 2, "columnheader", col, props)
        if btn:
            p.add(d + 3, "button", btn)
    if not shown:
        p.add(d + 1, "row", "")
        p.add(d + 2, "gridcell", "No rooms match these filters.")
    last_floor = None
    for r in shown:
        if sort == "room" and r["floor"] != last_floor:
            last_floor = r["floor"]
            fl = [x for x in world.values() if x["floor"] == r["floor"]]
            waiting = sum(1 for x in fl if x["status"] == "Clean")
            p.add(d + 1, "row", "")
            p.add(d + 2, "rowheader", "Floor %d · %d rooms · %d awaiting inspection"
                  % (r["floor"], len(fl), waiting))
        n = r["num"]
        p.add(d + 1, "row", "")
        p.add(d + 2, "gridcell", "")
        p.add(d + 3, "checkbox", "Select room %d" % n,
              ["checked='%s'" % ("true" if n in selected else "false")])
        p.add(d + 2, "gridcell", "")
        p.add(d + 3, "link", "Room %d" % n)
        p.add(d + 2, "gridcell", r["type"])
        p.add(d + 2, "gridcell", "")
        p.add(d + 3, "combobox", "Status for room %d" % n,
              ["hasPopup='menu'", "expanded=False", "value=%r" % r["status"]])
        for s in STATUSES:
            p.add(d + 4, "option", s, ["selected=%s" % (s == r["status"])])
        p.add(d + 2, "gridcell", r["morning"] or "—")
        p.add(d + 2, "gridcell", r["turndown"] or "Unassigned")
        p.add(d + 2, "gridcell", "")
        if r["notes"]:
            p.add(d + 3, "button", "Notes for room %d (%d)" % (n, len(r["notes"])))
            p.text(d + 3, r["notes"][0])
        else:
            p.text(d + 3, "—")

    p.add(d, "navigation", "Pagination")
    lo = (page - 1) * PAGE_SIZE + 1 if total else 0
    p.text(d + 1, "Rooms %d–%d of %d" % (lo, (page - 1) * PAGE_SIZE + len(shown), total))
    p.add(d + 1, "button", "Previous page", [] if page > 1 else ["disabled=True"])
    for i in range(1, pages + 1):
        p.add(d + 1, "button", "Page %d" % i, ["pressed=True"] if i == page else [])
    p.add(d + 1, "button", "Next page", [] if page < pages else ["disabled=True"])
    footer(p)
    toasts_region(p, toasts)
    if dialog:
        p.add(0, "dialog", dialog["title"], ["modal=True"])
        for line in dialog["lines"]:
            p.text(1, line)
        for b in dialog["buttons"]:
            p.add(1, "button", b)
    return p


def evening_option(name):
    return "%s — evening, %d of 5 turndowns" % (name, dict(EVENING)[name])


def morning_option(name):
    return "%s — morning, %d rooms today" % (name, dict(MORNING)[name])


def suggest(field, query):
    roster = EVENING if field.startswith("Evening") else MORNING
    qt = [t for t in query.lower().split() if len(t) >= 3]
    out = []
    for name, _ in roster:
        nt = name.lower().split()
        if any(n.startswith(t) for t in qt for n in nt):
            out.append(evening_option(name) if roster is EVENING else morning_option(name))
    return out


def room_page(rng, world, num, form, toasts=(), drawer=False, readonly=False, sugg=None):
    r = world[num]
    p = Page(rng, "%s/board/rooms/%d" % (BASE, num), "Room %d · RoomTurn" % num)
    chrome(p, world, "", ["Harbor Crest", "Housekeeping board", "Floor %d" % r["floor"],
                          "Room %d" % num])
    d = 1
    p.add(d, "heading", "Room %d" % num, ["level=1"])
    p.text(d, "Floor %d · %s · %s" % (r["floor"], r["type"], r["occ"]))
    p.add(d, "link", "Back to board")
    if readonly:
        p.add(d, "alert", "")
        p.text(d + 1, "View only. Floor %d is covered by Gareth Oyelaran this shift, so you "
               "can't change its rooms. Ask the duty manager for access." % r["floor"])
    dis = ["disabled=True"] if readonly else []
    p.add(d, "region", "Room status")
    p.add(d + 1, "combobox", "Status",
          ["hasPopup='menu'", "expanded=False", "value=%r" % form["status"]] + dis)
    for s in STATUSES:
        p.add(d + 2, "option", s, ["selected=%s" % (s == form["status"])])
    if r["morning"] and r["status"] in ("Clean", "Inspected"):
        p.text(d + 1, "Cleaned by %s at %s" % (r["morning"], r["cleaned_at"]))
    else:
        p.text(d + 1, "Not cleaned yet today")
    p.text(d + 1, r["inspected"])
    p.add(d, "region", "Service assignments")
    for field, key in [("Morning service attendant", "morning"),
                       ("Evening turndown attendant", "turndown")]:
        val = form.get(key + "_typed") or form[key]
        open_ = bool(sugg and sugg[0] == field)
        props = ["autocomplete='list'", "hasPopup='listbox'", "expanded=%s" % open_]
        if val:
            props.append("value=%r" % val)
        p.add(d + 1, "combobox", field, props + dis)
        if open_:
            p.add(d + 1, "listbox", "Suggestions for %s" % field.lower())
            for o in sugg[1]:
                p.add(d + 2, "option", o, ["selected=False"])
            if not sugg[1]:
                p.text(d + 2, "No attendants match")
        if key == "turndown" and not val:
            p.text(d + 1, "No attendant assigned")
    p.text(d + 1, "Turndown window 17:30–21:00 · assignments lock at 16:30")
    p.add(d, "button", "Notes (%d)" % len(r["notes"]), ["hasPopup='dialog'"])
    p.add(d, "region", "Activity")
    p.add(d + 1, "list", "")
    for a in r["activity"]:
        p.add(d + 2, "listitem", "")
        p.text(d + 3, a)
    p.add(d, "group", "Form actions")
    p.add(d + 1, "button", "Save changes", dis)
    p.add(d + 1, "button", "Discard changes", dis)
    if form.get("dirty"):
        p.text(d + 1, "Unsaved changes")
    footer(p)
    toasts_region(p, toasts)
    if drawer:
        p.add(0, "dialog", "Notes for room %d" % num)
        p.add(1, "list", "")
        for i, n in enumerate(r["notes"]):
            p.add(2, "listitem", "")
            p.text(3, n)
            p.text(3, "Added today 07:5%d by Front desk" % (i + 2))
        p.add(1, "textbox", "Add a note")
        p.add(1, "button", "Add note", ["disabled=True"])
        p.add(1, "button", "Close notes")
    return p


def signin_page(rng, next_path):
    p = Page(rng, "%s/signin?next=%s" % (BASE, next_path), "Sign in · RoomTurn")
    p.add(0, "banner", "")
    p.add(1, "link", "RoomTurn home")
    p.text(1, "RoomTurn")
    p.add(0, "main", "")
    p.add(1, "heading", "Sign in to RoomTurn", ["level=1"])
    p.add(1, "status", "")
    p.text(2, "Your session ended after 30 minutes without activity. Sign in again to pick "
           "up where you left off.")
    p.add(1, "textbox", "Work email", ["required"])
    p.add(1, "textbox", "Password", ["required"])
    p.add(1, "checkbox", "Keep me signed in on this device", ["checked='false'"])
    p.add(1, "button", "Sign in")
    p.add(1, "link", "Sign in with Harbor Crest SSO")
    p.add(1, "link", "Forgot password?")
    footer(p, live=None)
    return p


def error_page(rng, num):
    p = Page(rng, "%s/board/rooms/%d/save" % (BASE, num), "Something went wrong · RoomTurn")
    p.add(0, "banner", "")
    p.add(1, "link", "RoomTurn home")
    p.text(1, "RoomTurn")
    p.add(0, "main", "")
    p.add(1, "heading", "Something went wrong", ["level=1"])
    p.text(1, "RoomTurn couldn't reach the rooms service (502 Bad Gateway). Your changes to "
           "room %d were not saved." % num)
    p.text(1, "Reference RT-502-7F3A · 10:44:09")
    p.add(1, "button", "Try again")
    p.add(1, "link", "Back to room %d" % num)
    p.add(1, "link", "Housekeeping board")
    footer(p, live="Live updates: reconnecting…")
    return p


# ---------------------------------------------------------------------------
# 4. A session: an agent driving the app; each call records one step.
# ---------------------------------------------------------------------------
class Session:
    def __init__(self, rng, rid, fault, first, board_kw=None):
        self.rng = rng
        self.rid, self.fault, self.first = rid, fault, first
        self.world = base_world()
        self.view = {"q": "", "floor": "All floors", "status": "Any status", "page": 1,
                     "sort": "room"}
        self.selected = []
        kw = dict(board_kw or {})
        self.restored = kw.pop("restored", False)
        self.view.update(kw)
        self.room = None
        self.form = None
        self.page = self.board(restored=self.restored)
        self.initial = self.page
        self.steps = []

    # -- rendering helpers --
    def board(self, **kw):
        return board_page(self.rng, self.world, selected=tuple(self.selected),
                          **dict(self.view, **kw))

    def roompage(self, **kw):
        return room_page(self.rng, self.world, self.room, self.form, **kw)

    def record(self, fn, role, name, args, reasoning, effect, commitment, new, error=None):
        prev = self.page
        if role is None:
            command = "%s(%s)" % (fn, ", ".join(json.dumps(a, ensure_ascii=False) for a in args))
            target = None
        else:
            bid = prev.find(role, name)
            command = "%s(%s)" % (fn, ", ".join(repr(a) for a in [bid] + list(args)))
            target = "%s %r" % (role, name)
        action = {"command": command, "reasoning": reasoning}
        if target:
            action["target"] = target
        action["effect"] = effect
        self.steps.append({"commitment": commitment, "action": action,
                           "observation": new.obs(error)})
        self.page = new

    # -- board actions --
    def search(self, q, why=None):
        self.view.update(q=q, page=1)
        self.record("fill", "searchbox", "Search rooms", [q],
                    why or "Search the board for room %s directly." % q, "read", "find-room",
                    self.board())

    def filter(self, label, option, why, commit="find-room"):
        self.view["floor" if label == "Floor" else "status"] = option
        self.view["page"] = 1
        self.record("select_option", "combobox", label, [option], why, "read", commit,
                    self.board())

    def next_page(self, why):
        self.view["page"] += 1
        self.record("click", "button", "Next page", [], why, "read", "find-room", self.board())

    def sort_by_status(self, why):
        self.view.update(sort="status", page=1)
        self.record("click", "button", "Sort by status", [], why, "read", "find-room",
                    self.board())

    def open_room(self, num, why, commit="find-room", readonly=False):
        self.room = num
        r = self.world[num]
        self.form = {"status": r["status"], "morning": r["morning"], "turndown": r["turndown"],
                     "dirty": False}
        self.readonly = readonly
        self.record("click", "link", "Room %d" % num, [], why, "read", commit,
                    self.roompage(readonly=readonly))

    def check_room(self, num, why):
        self.selected.append(num)
        self.record("click", "checkbox", "Select room %d" % num, [], why, "read",
                    "mark-inspected", self.board())

    def bulk_mark(self, why):
        n = len(self.selected)
        dlg = {"title": "Mark %d room%s as inspected?" % (n, "" if n == 1 else "s"),
               "lines": ["Room %d · Floor %d · %s" % (x, x // 100, self.world[x]["type"])
                         for x in self.selected]
               + ["The inspection is logged under Priya Okafor at 10:41."],
               "buttons": ["Cancel", "Mark %d room%s inspected" % (n, "" if n == 1 else "s")]}
        self._dlg = dlg
        self.record("click", "button", "Mark inspected", [], why, "read", "mark-inspected",
                    self.board(dialog=dlg))

    def dialog_confirm(self, why):
        n = len(self.selected)
        for x in self.selected:
            self._inspect(x)
        names = ", ".join("Room %d" % x for x in self.selected)
        btn = self._dlg["buttons"][1]
        self.selected = []
        self.record("click", "button", btn, [], why, "irreversible", "mark-inspected",
                    self.board(toasts=["%d room marked Inspected: %s" % (n, names)]))

    def dialog_cancel(self, why):
        self.record("click", "button", "Cancel", [], why, "read", "mark-inspected", self.board())

    def inline_status(self, num, value, why, extra_toast=None):
        self._inspect(num)
        toasts = ["Room %d set to %s" % (num, value)]
        if extra_toast:
            toasts.append(extra_toast)
        self.record("select_option", "combobox", "Status for room %d" % num, [value], why,
                    "irreversible", "mark-inspected", self.board(toasts=toasts))

    def _inspect(self, num):
        r = self.world[num]
        r["status"] = "Inspected"
        r["inspected"] = "Inspected today 10:41 by Priya Okafor"
        r["activity"].insert(0, "Today 10:41 · Priya Okafor set status to Inspected")

    # -- room actions --
    def set_status(self, value, why, result="ok"):
        if result == "signin":
            self.record("select_option", "combobox", "Status", [value], why, "write",
                        "mark-inspected", signin_page(self.rng, "/board/rooms/%d" % self.room))
            return
        if result == "disabled":
            err = ("TimeoutError: Locator.select_option: Timeout 500ms exceeded. "
                   "Element is not enabled")
            self.record("select_option", "combobox", "Status", [value], why, "write",
                        "mark-inspected", self.roompage(readonly=True), error=err)
            return
        self.form.update(status=value, dirty=True)
        self.record("select_option", "combobox", "Status", [value], why, "write",
                    "mark-inspected", self.roompage())

    def type_attendant(self, field, text, why, commit="assign-turndown"):
        key = "turndown" if field.startswith("Evening") else "morning"
        self.form[key + "_typed"] = text
        self.record("fill", "combobox", field, [text], why, "write", commit,
                    self.roompage(sugg=(field, suggest(field, text))))
        self._field = field

    def pick(self, name, why, commit="assign-turndown"):
        field = self._field
        key = "turndown" if field.startswith("Evening") else "morning"
        opt = evening_option(name) if key == "turndown" else morning_option(name)
        self.form[key] = name
        self.form.pop(key + "_typed", None)
        self.form["dirty"] = True
        self.record("click", "option", opt, [], why, "write", commit, self.roompage())

    def open_notes(self, why):
        self.record("click", "button", "Notes (%d)" % len(self.world[self.room]["notes"]), [],
                    why, "read", "mark-inspected", self.roompage(drawer=True))

    def close_notes(self, why):
        self.record("click", "button", "Close notes", [], why, "read", "mark-inspected",
                    self.roompage())

    def save(self, why, result="ok"):
        num = self.room
        if result == "error":
            self.record("click", "button", "Save changes", [], why, "irreversible", "save",
                        error_page(self.rng, num))
            return
        if result == "noop":  # the request is swallowed; the form reloads from the server
            r = self.world[num]
            self.form = {"status": r["status"], "morning": r["morning"],
                         "turndown": r["turndown"], "dirty": False}
            self.record("click", "button", "Save changes", [], why, "irreversible", "save",
                        self.roompage())
            return
        r = self.world[num]
        f = self.form
        new = []
        if f["status"] != r["status"]:
            new.append("Today 10:44 · Priya Okafor set status to %s" % f["status"])
            if f["status"] == "Inspected":
                r["inspected"] = "Inspected today 10:44 by Priya Okafor"
        if f["morning"] != r["morning"]:
            new.append("Today 10:44 · Priya Okafor changed morning service to %s" % f["morning"])
        if f["turndown"] != r["turndown"]:
            new.append("Today 10:44 · Priya Okafor assigned evening turndown to %s"
                       % f["turndown"])
        r["activity"][:0] = list(reversed(new))
        r.update(status=f["status"], morning=f["morning"], turndown=f["turndown"])
        f["dirty"] = False
        toast = "Room %d saved · %s · Evening turndown: %s" % (
            num, r["status"], r["turndown"] or "Unassigned")
        self.record("click", "button", "Save changes", [], why, "irreversible", "save",
                    self.roompage(toasts=[toast]))

    def report(self, msg):
        self.record("send_msg_to_user", None, None, [msg],
                    "Tell the user what was done.", "read", "report", self.page)

    def to_json(self, success):
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault,
                      "first_off_track_step": self.first},
            "initial_observation": self.initial.obs(),
            "steps": self.steps,
            "outcome": {"success": success},
        }


DONE_MSG = ("Room 412 (floor 4) is now marked Inspected and Dana Whitlock is assigned to its "
            "evening turndown. The save was confirmed.")

# Common reasoning strings
W_OPEN = "Room 412 is in the list; open it."
W_STATUS = "The room is Clean; set its status to Inspected."
W_TYPE = "Type Dana Whitlock into the evening turndown attendant field."
W_PICK = "Pick Dana Whitlock from the suggestions."
W_SAVE = "Save the room."


def tail_assign_save(s, status=True, save_result="ok"):
    if status:
        s.set_status("Inspected", W_STATUS)
    s.type_attendant("Evening turndown attendant", "Dana Whitlock", W_TYPE)
    s.pick("Dana Whitlock", W_PICK)
    s.save(W_SAVE, save_result)


# ---------------------------------------------------------------------------
# 5. Healthy runs (written first; the plan above was written from these)
# ---------------------------------------------------------------------------
def healthy_runs(rng):
    out = []

    # H1: search the board by room number
    s = Session(rng, "roomturn-healthy-01-search", None, None)
    s.search("412")
    s.open_room(412, "Two rooms match; Room 412 is the one on floor 4, not 1412.")
    tail_assign_save(s)
    s.report(DONE_MSG)
    out.append(s.to_json(True))

    # H2: filter by floor 4 (the task names the floor)
    s = Session(rng, "roomturn-healthy-02-floor-filter", None, None)
    s.filter("Floor", "Floor 4", "The task says the 4th floor; show only floor 4.")
    s.open_room(412, "Room 412 is listed on floor 4 with status Clean; open it.")
    tail_assign_save(s)
    s.report(DONE_MSG)
    out.append(s.to_json(True))

    # H3: browse with pagination
    s = Session(rng, "roomturn-healthy-03-pagination", None, None)
    s.next_page("Page 1 ends at room 411; room 412 should be on the next page.")
    s.open_room(412, W_OPEN)
    tail_assign_save(s)
    s.report(DONE_MSG)
    out.append(s.to_json(True))

    # H4: read the notes drawer, close it, carry on
    s = Session(rng, "roomturn-healthy-04-notes-drawer", None, None)
    s.search("412")
    s.open_room(412, W_OPEN)
    s.open_notes("Check the room's notes before inspecting it.")
    s.close_notes("The note is about pillows only; nothing blocks the inspection. Close it.")
    tail_assign_save(s)
    s.report(DONE_MSG)
    out.append(s.to_json(True))

    # H5: retype the attendant after a typo
    s = Session(rng, "roomturn-healthy-05-retype-attendant", None, None)
    s.search("412")
    s.open_room(412, W_OPEN)
    s.set_status("Inspected", W_STATUS)
    s.type_attendant("Evening turndown attendant", "Dana Whitlok",
                     "Type the attendant's name for the evening turndown.")
    s.type_attendant("Evening turndown attendant", "Dana Whitlock",
                     "I misspelled the surname; retype it in full.")
    s.pick("Dana Whitlock", W_PICK)
    s.save(W_SAVE)
    s.report(DONE_MSG)
    out.append(s.to_json(True))

    # H6: sort the board by status so cleaned rooms come first
    s = Session(rng, "roomturn-healthy-06-sort-status", None, None)
    s.sort_by_status("Sort by status so the Clean rooms waiting for inspection come first.")
    s.open_room(412, "Room 412 is among the Clean rooms; open it.")
    tail_assign_save(s)
    s.report(DONE_MSG)
    out.append(s.to_json(True))

    # H7: bulk action with its own confirmation dialog, then the turndown
    s = Session(rng, "roomturn-healthy-07-bulk-confirm", None, None)
    s.search("412")
    s.check_room(412, "Select room 412 only, to mark it inspected from the board.")
    s.bulk_mark("Mark the one selected room inspected.")
    s.dialog_confirm("The dialog lists only Room 412 on floor 4; confirm.")
    s.open_room(412, "Now open room 412 to assign the evening turndown.", "assign-turndown")
    s.type_attendant("Evening turndown attendant", "Dana Whitlock", W_TYPE)
    s.pick("Dana Whitlock", W_PICK)
    s.save(W_SAVE)
    s.report(DONE_MSG)
    out.append(s.to_json(True))

    # H8: inline status menu on the board; a live toast about another floor appears
    s = Session(rng, "roomturn-healthy-08-inline-status-live-toast", None, None)
    s.filter("Floor", "Floor 4", "Show floor 4 as the task says.")
    s.world[1412]["status"] = "Inspected"  # another supervisor, live update
    s.world[1412]["inspected"] = "Inspected today 10:41 by Marcus Bell"
    s.inline_status(412, "Inspected", "Use the row's status menu to mark room 412 Inspected.",
                    extra_toast="Marcus Bell marked Room 1412 Inspected")
    s.open_room(412, "The other toast is about floor 14, not mine. Open room 412 for the "
                "turndown.", "assign-turndown")
    s.type_attendant("Evening turndown attendant", "Dana Whitlock", W_TYPE)
    s.pick("Dana Whitlock", W_PICK)
    s.save(W_SAVE)
    s.report(DONE_MSG)
    out.append(s.to_json(True))
    return out


# ---------------------------------------------------------------------------
# 6. Faulty runs (written after the plan; the plan was not changed for them)
# ---------------------------------------------------------------------------
def faulty_runs(rng):
    out = []

    # F1 wrong_record: near-miss room 421 on the floor 4 list (agent-caused, step 1)
    s = Session(rng, "roomturn-wrong_record-01-room-421", "wrong_record", 1)
    s.filter("Floor", "Floor 4", "The task says the 4th floor; show only floor 4.")
    s.open_room(421, "This Clean King deluxe room on floor 4 is the one to inspect.")
    tail_assign_save(s)
    s.report(DONE_MSG)
    out.append(s.to_json(False))

    # F2 stale_filter: board opens on a restored Floor 14 filter (visible at start -> 0)
    s = Session(rng, "roomturn-stale_filter-01-floor-14", "stale_filter", 0,
                board_kw={"floor": "Floor 14", "restored": True})
    s.open_room(1412, "Room 1412 is the Clean room ending in 412; open it.")
    tail_assign_save(s)
    s.report(DONE_MSG)
    out.append(s.to_json(False))

    # F3 wrong_value: picks Dana Whitlow from the suggestions (agent-caused, step 4)
    s = Session(rng, "roomturn-wrong_value-01-dana-whitlow", "wrong_value", 4)
    s.search("412")
    s.open_room(412, W_OPEN)
    s.set_status("Inspected", W_STATUS)
    s.type_attendant("Evening turndown attendant", "Dana Whitlock", W_TYPE)
    s.pick("Dana Whitlow", "Pick the evening attendant Dana from the list.")
    s.save(W_SAVE)
    s.report(DONE_MSG)
    out.append(s.to_json(False))

    # F4 wrong_value: writes Dana Whitlock into the morning service field (step 3)
    s = Session(rng, "roomturn-wrong_value-02-morning-field", "wrong_value", 3)
    s.next_page("Room 412 should be on the next page.")
    s.open_room(412, W_OPEN)
    s.set_status("Inspected", W_STATUS)
    s.type_attendant("Morning service attendant", "Dana Whitlock",
                     "Put Dana Whitlock in the attendant field.")
    s.pick("Dana Whitlock", "Pick Dana Whitlock.")
    s.save(W_SAVE)
    s.report(DONE_MSG)
    out.append(s.to_json(False))

    # F5 silent_noop: Save does nothing and the form reloads (environment, step 5)
    s = Session(rng, "roomturn-silent_noop-01-save-swallowed", "silent_noop", 5)
    s.search("412")
    s.open_room(412, W_OPEN)
    tail_assign_save(s, save_result="noop")
    s.report(DONE_MSG)
    out.append(s.to_json(False))

    # F6 unrequested_filter: narrows floor 4 to "Cleaning", 412 vanishes (agent, step 1)
    s = Session(rng, "roomturn-unrequested_filter-01-status-cleaning", "unrequested_filter", 1)
    s.filter("Floor", "Floor 4", "The task says the 4th floor; show only floor 4.")
    s.filter("Status", "Cleaning", "The room was just being cleaned; narrow to Cleaning rooms.")
    s.report("Room 412 is not among the rooms being cleaned on floor 4, so it isn't ready "
             "for inspection yet. I made no changes.")
    out.append(s.to_json(False))

    # F7 error_page: 502 on save, agent reports success anyway (environment, step 7)
    s = Session(rng, "roomturn-error_page-01-save-502", "error_page", 7)
    s.search("412")
    s.open_room(412, W_OPEN)
    s.open_notes("Check the room's notes before inspecting it.")
    s.close_notes("Nothing in the notes blocks the inspection. Close them.")
    tail_assign_save(s, save_result="error")
    s.report(DONE_MSG)
    out.append(s.to_json(False))

    # F8 permission_denied: room opens view-only (environment, step 1)
    s = Session(rng, "roomturn-permission_denied-01-view-only", "permission_denied", 1)
    s.search("412")
    s.open_room(412, W_OPEN, readonly=True)
    s.set_status("Inspected", W_STATUS, result="disabled")
    s.report("I opened room 412 but could not change its status, so nothing was saved.")
    out.append(s.to_json(False))

    # F9 session_expired: sign-in page after changing the status (environment, step 2)
    s = Session(rng, "roomturn-session_expired-01-signed-out", "session_expired", 2)
    s.next_page("Room 412 should be on the next page.")
    s.open_room(412, W_OPEN)
    s.set_status("Inspected", W_STATUS, result="signin")
    s.report("RoomTurn signed me out before I could save room 412; nothing was changed.")
    out.append(s.to_json(False))

    # F10 premature_success: reports before pressing Save (agent, step 5)
    s = Session(rng, "roomturn-premature_success-01-unsaved", "premature_success", 5)
    s.search("412")
    s.open_room(412, W_OPEN)
    s.set_status("Inspected", W_STATUS)
    s.type_attendant("Evening turndown attendant", "Dana Whitlock", W_TYPE)
    s.pick("Dana Whitlock", W_PICK)
    s.report(DONE_MSG)
    out.append(s.to_json(False))

    # F11 skipped_step: saves without assigning the turndown (agent, step 3)
    s = Session(rng, "roomturn-skipped_step-01-no-turndown", "skipped_step", 3)
    s.sort_by_status("Sort by status so the Clean rooms come first.")
    s.open_room(412, "Room 412 is among the Clean rooms; open it.")
    s.set_status("Inspected", W_STATUS)
    s.save("Status is set; save the room.")
    s.report(DONE_MSG)
    out.append(s.to_json(False))

    # F12 dialog_mishandled: cancels its own confirmation dialog (agent, step 3)
    s = Session(rng, "roomturn-dialog_mishandled-01-cancel-confirm", "dialog_mishandled", 3)
    s.search("412")
    s.check_room(412, "Select room 412 only, to mark it inspected from the board.")
    s.bulk_mark("Mark the selected room inspected.")
    s.dialog_cancel("Close the dialog to continue.")
    s.open_room(412, "Open room 412 to assign the evening turndown.", "assign-turndown")
    s.type_attendant("Evening turndown attendant", "Dana Whitlock", W_TYPE)
    s.pick("Dana Whitlock", W_PICK)
    s.save(W_SAVE)
    s.report(DONE_MSG)
    out.append(s.to_json(False))
    return out


def main(argv):
    outdir = argv[1] if len(argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.path.join(outdir, "plans"), exist_ok=True)
    # The plan is written first, from the task and the healthy pages.
    with open(os.path.join(outdir, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    rng = random.Random(SEED)
    runs = healthy_runs(rng) + faulty_runs(rng)
    with open(os.path.join(outdir, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for run in runs:
            f.write(json.dumps(run, ensure_ascii=False) + "\n")
    print("wrote %d runs to %s" % (len(runs), os.path.join(outdir, "corpus.jsonl")))


if __name__ == "__main__":
    main(sys.argv)
