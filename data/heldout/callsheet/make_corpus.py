#!/usr/bin/env python3
"""Generate the "callsheet" held-out corpus (Reelbook production office tool).

Stdlib only, fixed seed.  Writes, next to this file:
  corpus.jsonl                  20 trajectories (8 healthy, 12 faulty)
  plans/callsheet.yaml          plan for the "publish a day's call sheet" workflow
  plans/equipment.yaml          plan for the "check out camera equipment" workflow

Pages are BrowserGym-style flattened accessibility trees: one node per line,
tab-indented, "[bid] role 'name' value='..', prop, prop".
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20251020
RNG = random.Random(SEED)
BASE = "http://127.0.0.1:8040"
PROD = "/hlp/saltmarsh"
APP = "Reelbook"
ORG = "Harrow Lane Pictures"
USER = "Dana Okafor"
USER_ROLE = "Production Coordinator"
TODAY = "Mon 20 Oct 2025"

# --------------------------------------------------------------------------------------
# Plans: written from the task and the healthy pages only, before any faulty run.
# They are emitted verbatim; the generator never edits them.
# --------------------------------------------------------------------------------------
PLAN_CALLSHEET = """\
# Plan for the call-sheet workflow.  Written by hand from the task and the healthy
# pages (call sheet list, CS-1014 detail, the three-step editor, the publish dialog).
# "on" is quoted: YAML 1.1 loaders read a bare on: key as the boolean true.
task: "Publish the call sheet for Shoot Day 14 (CS-1014, Tue 21 Oct 2025) with Mara Quinn called at 06:30 and Theo Lark called at 07:15."
plan_falsifiers:
  execution:
    - "Sign in to Reelbook"
    - "Something went wrong. Reelbook could not load this page"
    - "Your session has expired"
commitments:
  - id: open-call-sheet
    subgoal: "Open the Day 14 call sheet, CS-1014"
    skill: open_record_by_id
    confidence: 0.85
    confirm:
      precondition:
        - "Call sheets list for Saltmarsh"
      progress:
        - "CS-1014 is listed for Shoot Day 14, Tue 21 Oct 2025"
      completion:
        - "Call sheet CS-1014 · Shoot Day 14 page is open"
    falsify:
      execution:
        - "Call sheet CS-1041 · Shoot Day 41"
        - "Call sheet CS-1013 · Shoot Day 13"
        - "Call sheet CS-1015 · Shoot Day 15"
      planning:
        - "CS-1014 is already published"
  - id: enter-cast-times
    subgoal: "Edit CS-1014 and enter cast call times: Mara Quinn 06:30, Theo Lark 07:15"
    skill: fill_form
    confidence: 0.7
    confirm:
      precondition:
        - "Editing call sheet CS-1014"
      progress:
        - "Cast call times step shows Mara Quinn and Theo Lark"
        - "Call time for Mara Quinn is 06:30"
        - "Call time for Theo Lark is 07:15"
      completion:
        - "Review lists Mara Quinn at 06:30 and Theo Lark at 07:15"
    falsify:
      execution:
        - "Call time typed for Maya Quinn instead of Mara Quinn"
        - "Call time typed for Theo Larkin instead of Theo Lark"
      skill:
        - "Call time fields are read-only"
  - id: publish
    subgoal: "Publish the call sheet and confirm sending it to cast and crew"
    skill: confirm_dialog
    confidence: 0.75
    confirm:
      precondition:
        - "Review & publish step with a Publish call sheet button"
      progress:
        - "Publish call sheet CS-1014? confirmation dialog is open"
      completion:
        - "Call sheet CS-1014 published and sent to cast and crew"
        - "CS-1014 status is Published"
    falsify:
      execution:
        - text: "Delete call sheet"
          "on": action
        - "Publishing failed"
      planning:
        - "Call sheet is locked by another user"
"""

PLAN_EQUIPMENT = """\
# Plan for the equipment checkout workflow.  Written by hand from the task and the
# healthy pages (inventory, CAM-0217 detail, the three-step checkout, confirm dialog).
# "on" is quoted: YAML 1.1 loaders read a bare on: key as the boolean true.
task: "Check out camera body CAM-0217 (ARRI Alexa Mini LF, Body A) with its standard accessory kit to 1st AC Jonas Reyes, due back Fri 24 Oct 2025."
plan_falsifiers:
  execution:
    - "Sign in to Reelbook"
    - "Something went wrong. Reelbook could not load this page"
    - "Your session has expired"
commitments:
  - id: open-asset
    subgoal: "Open asset CAM-0217, ARRI Alexa Mini LF (Body A)"
    skill: open_record_by_id
    confidence: 0.85
    confirm:
      precondition:
        - "Equipment inventory"
      progress:
        - "CAM-0217 ARRI Alexa Mini LF (Body A) is listed"
      completion:
        - "Asset page CAM-0217 · ARRI Alexa Mini LF (Body A)"
        - "CAM-0217 status is Available"
    falsify:
      execution:
        - "Asset CAM-0271 ARRI Alexa Mini (Body C)"
        - "Asset CAM-0216 ARRI Alexa Mini LF (Body B)"
      planning:
        - "CAM-0217 is already checked out"
        - "CAM-0217 is in repair"
  - id: choose-crew
    subgoal: "Start the checkout and pick crew member Jonas Reyes (1st AC, Camera)"
    skill: pick_from_autocomplete
    confidence: 0.7
    confirm:
      precondition:
        - "Check out CAM-0217, step 1 of 3: Crew member"
      progress:
        - "Suggestions include Jonas Reyes · 1st AC · Camera"
      completion:
        - "Selected crew member is Jonas Reyes, 1st AC"
    falsify:
      execution:
        - "Jonah Reyes (Key Grip) selected"
        - "Jonas Reid (Video Assist) selected"
      skill:
        - "No crew members match"
  - id: dates-and-kit
    subgoal: "Set return date Fri 24 Oct 2025 and include the standard accessory kit"
    skill: fill_form
    confidence: 0.7
    confirm:
      precondition:
        - "Check out CAM-0217, step 2 of 3: Dates & kit"
      progress:
        - "Return by is 2025-10-24"
        - "Body + standard accessory kit is selected"
      completion:
        - "Review shows return by Fri 24 Oct 2025 with the standard accessory kit"
    falsify:
      execution:
        - "Return date other than Fri 24 Oct 2025"
        - "Kit is body only, without the accessory kit"
  - id: confirm-checkout
    subgoal: "Confirm the checkout"
    skill: confirm_dialog
    confidence: 0.75
    confirm:
      precondition:
        - "Review checkout with a Confirm checkout button"
      progress:
        - "Confirm checkout dialog: check out CAM-0217 to Jonas Reyes"
      completion:
        - "Checkout created for CAM-0217"
        - "CAM-0217 status is Checked out, holder Jonas Reyes, due Fri 24 Oct 2025"
    falsify:
      execution:
        - "Checkout failed"
        - text: "Report damage"
          "on": action
      planning:
        - "CAM-0217 is reserved for another unit"
"""

# --------------------------------------------------------------------------------------
# Page builder (BrowserGym flattened AXTree text)
# --------------------------------------------------------------------------------------
INTERACTIVE = {"link", "button", "textbox", "searchbox", "combobox", "checkbox", "radio",
               "option", "tab", "menuitem"}
CTX = {"notif": 3, "clock": [16, 0]}


def clock(add=0):
    h, m = CTX["clock"]
    m += add
    h, m = h + m // 60, m % 60
    return "%02d:%02d" % (h, m)


class Page:
    def __init__(self, path, title):
        self.url = BASE + path
        self.title = title
        self.lines = ["RootWebArea %r, focused" % title]
        self.n = 100
        self.ids = {}

    def add(self, depth, role, name="", *props, key=None, value=None, gap=1):
        self.n += gap
        bid = "a%d" % self.n
        s = "\t" * depth + "[%s] %s %r" % (bid, role, name)
        if value is not None:
            s += " value=%r" % value
        ps = list(props)
        if role in INTERACTIVE:
            ps.insert(0, "clickable")
        if ps:
            s += ", " + ", ".join(ps)
        self.lines.append(s)
        if key:
            assert key not in self.ids, key
            self.ids[key] = (bid, "%s %r" % (role, name))
        return bid

    def text(self, depth, s):
        self.lines.append("\t" * depth + "StaticText %r" % s)

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": error}


def header(p, section, sv=""):
    p.add(1, "banner", "", gap=3)
    p.add(2, "link", APP, key="home")
    p.text(2, "%s · Saltmarsh (HLP-2291)" % ORG)
    p.add(2, "navigation", "Main", gap=2)
    for name in ["Dashboard", "Call sheets", "Schedule", "Equipment", "Crew", "Locations"]:
        props = ["current='page'"] if name == section else []
        p.add(3, "link", name, *props, key="nav_" + name.lower().replace(" ", "_"))
    p.add(2, "search", "", gap=2)
    props = ["focused"] if sv else []
    p.add(3, "searchbox", "Search Reelbook", *props, value=sv, key="search")
    p.add(3, "button", "Search", key="search_btn")
    p.add(2, "button", "Notifications (%d unread)" % CTX["notif"], "hasPopup='menu'",
          "expanded=False", key="notif")
    p.add(2, "button", "%s · %s" % (USER, USER_ROLE), "hasPopup='menu'", "expanded=False",
          key="usermenu")


def crumbs(p, items):
    p.add(1, "navigation", "Breadcrumb", gap=2)
    for label, _ in items[:-1]:
        p.add(2, "link", label, key="crumb_" + label)
    p.text(2, items[-1][0])


def footer(p, toast=None, toast_key="dismiss"):
    p.add(1, "contentinfo", "", gap=5)
    p.text(2, "© 2025 %s Ltd · %s 4.12.3 · Today: %s" % (ORG, APP, TODAY))
    p.add(2, "link", "Help centre")
    p.add(2, "link", "Privacy")
    p.add(2, "link", "Service status")
    p.text(2, "Last synced %s" % clock())
    p.add(1, "status", "", "live='polite'", "atomic=True", key="live")
    if toast:
        p.text(2, toast)
        p.add(2, "button", "Dismiss notification", key=toast_key)


def recently_viewed(p, depth, items):
    p.add(depth, "complementary", "Recently viewed", gap=2)
    p.add(depth + 1, "heading", "Recently viewed")
    p.add(depth + 1, "list", "")
    for label, key in items:
        p.add(depth + 2, "listitem", "")
        p.add(depth + 3, "link", label, key=key)


# --------------------------------------------------------------------------------------
# Call sheet application data
# --------------------------------------------------------------------------------------
DAYS = {  # id: (day, date, status, crew call, location, last edited)
    "CS-1013": (13, "Mon 20 Oct 2025", "Published", "06:30", "Saltmarsh Farm (LOC-07)", "Sun 19 Oct 18:05 · Dana Okafor"),
    "CS-1014": (14, "Tue 21 Oct 2025", "Draft", "06:00", "Blackwater Quay (LOC-18)", "Yesterday 17:42 · Priya Raman"),
    "CS-1015": (15, "Wed 22 Oct 2025", "Draft", "07:00", "Gull Point Lighthouse (LOC-22)", "Today 15:40 · Priya Raman"),
    "CS-1016": (16, "Thu 23 Oct 2025", "Not started", "—", "Stage 2, Weald Studios (LOC-03)", "—"),
    "CS-1017": (17, "Fri 24 Oct 2025", "Not started", "—", "Stage 2, Weald Studios (LOC-03)", "—"),
    "CS-1018": (18, "Mon 27 Oct 2025", "Draft", "08:00", "Hollin Marsh (LOC-25)", "Fri 17 Oct 11:20 · Sam Whitlock"),
    "CS-1019": (19, "Tue 28 Oct 2025", "Not started", "—", "Hollin Marsh (LOC-25)", "—"),
    "CS-1020": (20, "Wed 29 Oct 2025", "Not started", "—", "Blackwater Quay (LOC-18)", "—"),
    "CS-1021": (21, "Thu 30 Oct 2025", "Draft", "06:45", "Blackwater Quay (LOC-18)", "Thu 16 Oct 09:12 · Priya Raman"),
    "CS-1041": (41, "Fri 28 Nov 2025", "Draft", "06:30", "Blackwater Quay (LOC-18)", "Today 14:55 · Sam Whitlock"),
}
ORDER_EDITED = ["CS-1015", "CS-1041", "CS-1014", "CS-1013", "CS-1018", "CS-1021", "CS-1016", "CS-1017"]
ORDER_DAY = ["CS-1013", "CS-1014", "CS-1015", "CS-1016", "CS-1017", "CS-1018", "CS-1019", "CS-1020"]

CAST = [  # number, name, character, scenes
    ("1", "Mara Quinn", "Elsie Harrow", "42, 43A, 44"),
    ("3", "Theo Lark", "Young Ned", "42, 44"),
    ("7", "Maya Quinn", "Dr. Lowe", "45"),
    ("9", "Theo Larkin", "Constable Ashby", "45, 46"),
]
SCENES = [
    ("42", "EXT. BLACKWATER QUAY – DAWN", "Elsie finds Ned on the slipway", "1, 3", "2 4/8"),
    ("43A", "INT. HARBOUR OFFICE – DAY", "Elsie reads the tide ledger", "1", "1 2/8"),
    ("44", "EXT. BLACKWATER QUAY – DAY", "The boat is gone", "1, 3", "3/8"),
    ("45", "INT. QUAYSIDE SURGERY – DAY", "Dr. Lowe questions Ashby", "7, 9", "2"),
    ("46", "EXT. SEA WALL – DAY", "Ashby walks the wall", "9", "4/8"),
]
CS_URL = PROD + "/callsheets"


def base_times():
    return {"Mara Quinn": "", "Theo Lark": "", "Maya Quinn": "09:00", "Theo Larkin": "11:30"}


def cs_list(sort="edited", sv="", toast=None):
    p = Page(CS_URL + ("?sort=day" if sort == "day" else ""), "Call sheets · Saltmarsh · %s" % APP)
    header(p, "Call sheets", sv)
    crumbs(p, [("Saltmarsh", PROD), ("Call sheets", CS_URL)])
    p.add(1, "main", "", gap=2)
    p.add(2, "heading", "Call sheets")
    p.text(2, "Saltmarsh (HLP-2291) · Main unit · Shoot Day 13 of 41 today")
    p.add(2, "button", "New call sheet", key="new")
    p.add(2, "region", "Filters", gap=2)
    p.add(3, "combobox", "Show", "hasPopup='listbox'", "expanded=False", value="Upcoming days", key="show")
    p.add(3, "combobox", "Status", "hasPopup='listbox'", "expanded=False", value="All statuses", key="status")
    p.add(3, "combobox", "Unit", "hasPopup='listbox'", "expanded=False", value="Main unit", key="unit")
    p.add(3, "button", "Clear filters", "disabled=True")
    label = "Shoot day (ascending)" if sort == "day" else "Last edited (newest first)"
    p.add(3, "combobox", "Sort by", "hasPopup='listbox'", "expanded=False", value=label, key="sort")
    p.add(2, "table", "Call sheets", gap=2)
    p.add(3, "row", "")
    for h in ["Shoot day", "Date", "Call sheet", "Status", "Crew call", "Location", "Last edited"]:
        p.add(4, "columnheader", h)
    for cid in (ORDER_DAY if sort == "day" else ORDER_EDITED):
        day, date, status, call, loc, edited = DAYS[cid]
        p.add(3, "row", "", gap=2)
        p.add(4, "cell", "Day %d" % day)
        p.add(4, "cell", date)
        p.add(4, "cell", "")
        p.add(5, "link", cid, key="row_" + cid)
        p.add(4, "cell", status)
        p.add(4, "cell", call)
        p.add(4, "cell", loc)
        p.add(4, "cell", edited)
    p.add(2, "navigation", "Pagination", gap=2)
    p.text(3, "Showing 1–8 of 29")
    p.add(3, "link", "Previous page", "disabled=True")
    p.add(3, "link", "Page 1", "current='page'")
    p.add(3, "link", "Page 2", key="page_2")
    p.add(3, "link", "Page 3")
    p.add(3, "link", "Page 4")
    p.add(3, "link", "Next page", key="page_next")
    recently_viewed(p, 2, [("CS-1013 · Shoot Day 13", "rv_CS-1013"), ("CS-1041 · Shoot Day 41", "rv_CS-1041"),
                           ("CAM-0216 · ARRI Alexa Mini LF (Body B)", "rv_CAM-0216")])
    footer(p, toast)
    return p


def cs_search(q):
    p = Page(PROD + "/search?q=" + q, "Search: %s · %s" % (q, APP))
    header(p, None, q)
    crumbs(p, [("Saltmarsh", PROD), ("Search", "")])
    p.add(1, "main", "", gap=2)
    p.add(2, "heading", "Search results for “%s”" % q)
    p.add(2, "tablist", "Result types")
    p.add(3, "tab", "Call sheets (2)", "selected=True")
    p.add(3, "tab", "Equipment (0)", "selected=False")
    p.add(3, "tab", "Crew (0)", "selected=False")
    p.add(2, "list", "Call sheet results", gap=2)
    for cid in ["CS-1014", "CS-1041"]:
        day, date, status, call, loc, edited = DAYS[cid]
        p.add(3, "listitem", "")
        p.add(4, "link", "%s · Shoot Day %d call sheet" % (cid, day), key="res_" + cid)
        p.text(4, "%s · %s · %s · crew call %s" % (date, loc, status, call))
    p.text(2, "2 results · sorted by relevance")
    footer(p)
    return p


def cs_detail(times, published=False, toast=None, version_note=None):
    day, date, status, call, loc, edited = DAYS["CS-1014"]
    title = "CS-1014 · Shoot Day 14 call sheet · %s" % APP
    p = Page(CS_URL + "/CS-1014", title)
    header(p, "Call sheets")
    crumbs(p, [("Saltmarsh", PROD), ("Call sheets", CS_URL), ("CS-1014 · Day 14", "")])
    p.add(1, "main", "", gap=2)
    p.add(2, "heading", "Call sheet CS-1014 · Shoot Day 14")
    if published:
        p.text(2, "%s · Main unit · Version 1" % date)
        p.text(2, "Status: Published")
        p.text(2, "Published %s %s by %s · sent to 48 recipients" % (TODAY, version_note or clock(), USER))
        p.add(2, "button", "Issue revision", key="revise")
        p.add(2, "button", "Download PDF")
    else:
        p.text(2, "%s · Main unit · Draft (not yet sent)" % date)
        p.text(2, "Status: Draft")
        p.text(2, "Last edited %s" % edited)
        p.add(2, "button", "Edit call sheet", key="edit")
        p.add(2, "button", "Preview PDF")
    p.add(2, "button", "More actions", "hasPopup='menu'", "expanded=False")
    p.add(2, "region", "General", gap=2)
    p.add(3, "heading", "General")
    p.text(3, "Crew call: %s" % call)
    p.text(3, "Shooting call: 07:30")
    p.text(3, "Location: %s · unit base Harbour car park, Quay Road" % loc)
    p.text(3, "Sunrise 07:41 · Sunset 18:02 · High tide 09:14")
    p.text(3, "Nearest hospital: St Brigid's, Fenmouth (4.2 mi)")
    p.add(2, "region", "Cast", gap=2)
    p.add(3, "heading", "Cast")
    p.add(3, "table", "Cast call times")
    p.add(4, "row", "")
    for h in ["#", "Cast member", "Character", "Scenes", "Call time"]:
        p.add(5, "columnheader", h)
    for num, name, char, sc in CAST:
        p.add(4, "row", "", gap=2)
        p.add(5, "cell", num)
        p.add(5, "cell", "")
        p.add(6, "link", name)
        p.add(5, "cell", char)
        p.add(5, "cell", sc)
        p.add(5, "cell", times[name] or ("TBC" if published else "—"))
    p.add(2, "region", "Scenes", gap=2)
    p.add(3, "heading", "Scenes (5) · 7 2/8 pages")
    p.add(3, "table", "Scenes")
    for sc, setting, desc, cast, pages in SCENES:
        p.add(4, "row", "")
        p.add(5, "cell", sc)
        p.add(5, "cell", setting)
        p.add(5, "cell", desc)
        p.add(5, "cell", "Cast " + cast)
        p.add(5, "cell", pages + " pg")
    p.add(2, "complementary", "Related", gap=2)
    p.add(3, "heading", "Related")
    p.add(3, "link", "Previous day: CS-1013 · Shoot Day 13 (Published)", key="rel_CS-1013")
    p.add(3, "link", "Next day: CS-1015 · Shoot Day 15 (Draft)", key="rel_CS-1015")
    p.add(3, "link", "Day 14 in the shooting schedule", key="rel_schedule")
    p.add(3, "link", "Revision history (%d)" % (1 if published else 0))
    recently_viewed(p, 2, [("CS-1013 · Shoot Day 13", "rv_CS-1013"), ("CS-1041 · Shoot Day 41", "rv_CS-1041"),
                           ("CAM-0216 · ARRI Alexa Mini LF (Body B)", "rv_CAM-0216")])
    footer(p, toast)
    return p


STEP_NAMES = ["Details", "Cast call times", "Review & publish"]


def cs_edit(step, times, toast=None, alert=None, dialog=False, focus=None, saving_note=None):
    title = "Edit CS-1014 · %s (step %d of 3) · %s" % (STEP_NAMES[step - 1], step, APP)
    p = Page(CS_URL + "/CS-1014/edit?step=%d" % step, title)
    header(p, "Call sheets")
    crumbs(p, [("Saltmarsh", PROD), ("Call sheets", CS_URL), ("CS-1014 · Day 14", CS_URL + "/CS-1014"), ("Edit", "")])
    p.add(1, "main", "", gap=2)
    p.add(2, "heading", "Edit call sheet CS-1014")
    p.text(2, "Shoot Day 14 · Tue 21 Oct 2025 · Draft")
    p.add(2, "navigation", "Progress", gap=2)
    p.add(3, "list", "")
    for i, nm in enumerate(STEP_NAMES, 1):
        state = "completed" if i < step else ("current step" if i == step else "not started")
        p.add(4, "listitem", "")
        props = ["current='step'"] if i == step else []
        p.add(5, "link", "Step %d of 3: %s, %s" % (i, nm, state), *props, key="stepnav_%d" % i)
    if alert:
        p.add(2, "alert", "", "live='assertive'", "atomic=True", gap=2)
        p.text(3, alert)
        p.add(3, "button", "Reload editor", key="reload_editor")
    if saving_note:
        p.text(2, saving_note)
    if step == 1:
        p.add(2, "form", "Details", gap=2)
        p.add(3, "textbox", "Crew call", "required", value="06:00", key="crew_call")
        p.add(3, "textbox", "Shooting call", "required", value="07:30")
        p.add(3, "combobox", "Location", "hasPopup='listbox'", "expanded=False", value="Blackwater Quay (LOC-18)")
        p.add(3, "textbox", "Unit base", value="Harbour car park, Quay Road")
        p.add(3, "textbox", "Nearest hospital", value="St Brigid's, Fenmouth (4.2 mi)")
        p.add(3, "textbox", "Weather note (optional)", value="", key="weather")
        p.add(3, "checkbox", "Include tide times", "checked='true'")
        p.add(2, "button", "Cancel", key="cancel")
        p.add(2, "button", "Save draft", key="save_draft")
        p.add(2, "button", "Next: Cast call times", key="next")
    elif step == 2:
        p.add(2, "form", "Cast call times", gap=2)
        p.text(3, "Enter each cast member's on-set call in 24-hour time (HH:MM). Blank calls print as TBC.")
        p.add(3, "table", "Cast call times")
        p.add(4, "row", "")
        for h in ["#", "Cast member", "Character", "Scenes", "Call time"]:
            p.add(5, "columnheader", h)
        for num, name, char, sc in CAST:
            p.add(4, "row", "", gap=2)
            p.add(5, "cell", num)
            p.add(5, "cell", name)
            p.add(5, "cell", char)
            p.add(5, "cell", sc)
            p.add(5, "cell", "")
            props = ["focused"] if focus == name else []
            p.add(6, "textbox", "Call time for %s" % name, *props, value=times[name], key="call_" + name)
        p.add(3, "link", "Add cast member from schedule")
        p.add(2, "button", "Back", key="back")
        p.add(2, "button", "Save draft", key="save_draft")
        p.add(2, "button", "Next: Review", key="next")
    else:
        p.add(2, "region", "Review", gap=2)
        p.add(3, "heading", "Review")
        p.text(3, "Crew call 06:00 · Shooting call 07:30 · Blackwater Quay (LOC-18)")
        p.add(3, "table", "Cast call times")
        p.add(4, "row", "")
        for h in ["#", "Cast member", "Character", "Call time"]:
            p.add(5, "columnheader", h)
        for num, name, char, sc in CAST:
            p.add(4, "row", "", gap=2)
            p.add(5, "cell", num)
            p.add(5, "cell", name)
            p.add(5, "cell", char)
            p.add(5, "cell", times[name] or "TBC")
        p.text(3, "Scenes 42, 43A, 44, 45, 46 · 7 2/8 pages")
        p.add(3, "checkbox", "Email call sheet to cast and crew (48 recipients)", "checked='true'", key="email")
        p.text(3, "Publishing locks this version. Later changes are sent as revisions.")
        p.add(2, "button", "Back", key="back")
        p.add(2, "button", "Save draft", key="save_draft")
        p.add(2, "button", "Publish call sheet", key="publish")
    footer(p, toast)
    if dialog:
        p.add(1, "dialog", "Publish call sheet CS-1014?", "modal=True", gap=4)
        p.add(2, "heading", "Publish call sheet CS-1014?")
        p.text(2, "Shoot Day 14 · Tue 21 Oct 2025")
        p.text(2, "The call sheet will be emailed to 48 cast and crew and this version will be locked.")
        p.add(2, "button", "Cancel", key="dlg_cancel")
        p.add(2, "button", "Publish and send", "focused", key="dlg_ok")
    return p


def cs_schedule():
    p = Page(PROD + "/schedule?week=3", "Shooting schedule · Saltmarsh · %s" % APP)
    header(p, "Schedule")
    crumbs(p, [("Saltmarsh", PROD), ("Schedule", "")])
    p.add(1, "main", "", gap=2)
    p.add(2, "heading", "Shooting schedule")
    p.add(2, "tablist", "Weeks")
    for w in range(1, 9):
        p.add(3, "tab", "Week %d" % w, "selected=%s" % (w == 3))
    p.add(2, "table", "Week 3 · 20–24 Oct 2025", gap=2)
    p.add(3, "row", "")
    for h in ["Day", "Scene", "Set", "Cast", "Pages"]:
        p.add(4, "columnheader", h)
    p.add(3, "row", "")
    p.add(4, "cell", "Day 13 · Mon 20 Oct · Saltmarsh Farm")
    for sc, setting, desc, cast, pages in [("38", "EXT. SALTMARSH FARM – DAY", "", "1, 2", "3"), ("39", "INT. FARMHOUSE KITCHEN – NIGHT", "", "1, 2, 4", "2 1/8")]:
        p.add(3, "row", "")
        p.add(4, "cell", "")
        p.add(4, "cell", sc)
        p.add(4, "cell", setting)
        p.add(4, "cell", cast)
        p.add(4, "cell", pages)
    p.add(3, "row", "")
    p.add(4, "cell", "Day 14 · Tue 21 Oct · Blackwater Quay")
    for sc, setting, desc, cast, pages in SCENES:
        p.add(3, "row", "")
        p.add(4, "cell", "")
        p.add(4, "cell", sc)
        p.add(4, "cell", setting)
        p.add(4, "cell", cast)
        p.add(4, "cell", pages)
    p.add(3, "row", "")
    p.add(4, "cell", "Day 15 · Wed 22 Oct · Gull Point Lighthouse")
    p.add(3, "row", "")
    p.add(4, "cell", "")
    p.add(4, "cell", "51")
    p.add(4, "cell", "EXT. GULL POINT – NIGHT")
    p.add(4, "cell", "1, 4")
    p.add(4, "cell", "1 6/8")
    p.add(2, "button", "Export strip board")
    footer(p)
    return p


def dashboard(toast=None, sv=""):
    p = Page(PROD + "/dashboard", "Dashboard · Saltmarsh · %s" % APP)
    header(p, "Dashboard", sv)
    crumbs(p, [("Saltmarsh", PROD), ("Dashboard", "")])
    p.add(1, "main", "", gap=2)
    p.add(2, "heading", "Good afternoon, Dana")
    p.text(2, "Today: %s · Shoot Day 13 of 41 · Saltmarsh Farm" % TODAY)
    p.add(2, "region", "Needs attention", gap=2)
    p.add(3, "heading", "Needs attention")
    p.add(3, "list", "")
    p.add(4, "listitem", "")
    p.text(5, "Tomorrow's call sheet (Day 14) is still a draft; send by 18:00")
    p.add(4, "listitem", "")
    p.text(5, "2 equipment items due back to the camera truck today")
    p.add(4, "listitem", "")
    p.text(5, "Location permit for Gull Point (LOC-22) expires Wed 22 Oct")
    recently_viewed(p, 2, [
        ("CS-1014 · Shoot Day 14 call sheet", "rv_CS-1014"),
        ("CS-1041 · Shoot Day 41 call sheet", "rv_CS-1041"),
        ("CAM-0217 · ARRI Alexa Mini LF (Body A)", "rv_CAM-0217"),
        ("CAM-0271 · ARRI Alexa Mini (Body C, S35)", "rv_CAM-0271"),
        ("Jonah Reyes · Key Grip", "rv_CRW-181"),
    ])
    p.add(2, "region", "Due back today", gap=2)
    p.add(3, "heading", "Equipment due back today")
    p.add(3, "table", "Due back today")
    for aid, item, who in [("MON-0031", "SmallHD Cine 7 monitor (B)", "Jonas Reid"),
                           ("LNS-0409", "Cooke S4/i 25mm T2.0", "Lena Sato")]:
        p.add(4, "row", "")
        p.add(5, "cell", aid)
        p.add(5, "cell", item)
        p.add(5, "cell", who)
    footer(p, toast)
    return p


# --------------------------------------------------------------------------------------
# Equipment application data
# --------------------------------------------------------------------------------------
EQ_URL = PROD + "/equipment"
INVENTORY = [  # id, item, category, status, location, holder, due
    ("LNS-0412", "Cooke S4/i 32mm T2.0", "Lenses", "Available", "Camera truck · Lens case 1", "—", "—"),
    ("CAM-0271", "ARRI Alexa Mini (Body C, S35)", "Camera bodies", "Available", "Camera truck · Cage 1", "—", "—"),
    ("MON-0033", "SmallHD Cine 7 monitor (A)", "Monitors", "Checked out", "On set", "Jonas Reid", "Fri 24 Oct"),
    ("BAT-0107", "Core SWX Helix Max 150Wh (x4)", "Power", "Charging", "Camera truck · Charging bay", "—", "—"),
    ("FIZ-0021", "Preston FI+Z HU4", "Focus & control", "Checked out", "On set", "Jonas Reyes", "Wed 22 Oct"),
    ("CAM-0216", "ARRI Alexa Mini LF (Body B)", "Camera bodies", "Checked out", "2nd unit", "Lena Sato", "Fri 31 Oct"),
    ("TRI-0009", "Sachtler Video 20 S2 head and legs", "Support", "Available", "Grip truck", "—", "—"),
    ("LNS-0415", "Cooke S4/i 50mm T2.0", "Lenses", "Available", "Camera truck · Lens case 1", "—", "—"),
    ("CAM-0217", "ARRI Alexa Mini LF (Body A)", "Camera bodies", "Available", "Camera truck · Cage 2", "—", "—"),
    ("KIT-0217-STD", "Alexa Mini LF standard accessory kit (A)", "Accessory kits", "Available", "Camera truck · Cage 2", "—", "—"),
    ("CAM-0272", "Sony Venice 2 (Body D)", "Camera bodies", "In repair", "ARRI Rental, Uxbridge", "—", "Mon 27 Oct"),
    ("MON-0031", "SmallHD Cine 7 monitor (B)", "Monitors", "Checked out", "On set", "Jonas Reid", "Mon 20 Oct"),
    ("LNS-0409", "Cooke S4/i 25mm T2.0", "Lenses", "Checked out", "2nd unit", "Lena Sato", "Mon 20 Oct"),
    ("CAM-0214", "RED Komodo 6K (crash cam)", "Camera bodies", "Available", "Camera truck · Cage 1", "—", "—"),
    ("FLT-0120", "Tiffen 4x5.65 ND 0.9", "Filters", "Available", "Camera truck · Filter case", "—", "—"),
    ("MAT-0008", "ARRI LMB 4x5 matte box", "Support", "Available", "Camera truck · Cage 2", "—", "—"),
]
ASSETS = {
    "CAM-0217": {"item": "ARRI Alexa Mini LF (Body A)", "serial": "ALF-21704", "loc": "Camera truck · Cage 2",
                 "kit": "KIT-0217-STD", "history": [("CO-5402", "Jonas Reyes", "Mon 6 Oct 2025", "Fri 10 Oct 2025", "Returned"),
                                                    ("CO-5388", "Lena Sato", "Mon 29 Sep 2025", "Fri 3 Oct 2025", "Returned")]},
    "CAM-0271": {"item": "ARRI Alexa Mini (Body C, S35)", "serial": "AMN-27113", "loc": "Camera truck · Cage 1",
                 "kit": "KIT-0271-STD", "history": [("CO-5417", "Lena Sato", "Mon 13 Oct 2025", "Thu 16 Oct 2025", "Returned")]},
}
CREW = {  # name: (role line, id)
    "Jonas Reyes": ("1st AC · Camera", "CRW-118"),
    "Jonah Reyes": ("Key Grip · Grip", "CRW-181"),
    "Jonas Reid": ("Video Assist · Camera", "CRW-119"),
    "Joanna Reyes-Hart": ("Props Buyer · Art", "CRW-204"),
}


def eq_list(category="All categories", page=1, sv="", toast=None):
    path = EQ_URL + ("?category=camera-bodies" if category != "All categories" else "") + ("?page=2" if page == 2 else "")
    p = Page(path, "Equipment inventory · Saltmarsh · %s" % APP)
    header(p, "Equipment", sv)
    crumbs(p, [("Saltmarsh", PROD), ("Equipment", "")])
    p.add(1, "main", "", gap=2)
    p.add(2, "heading", "Equipment inventory")
    p.text(2, "Camera, grip and sound equipment held by the production")
    p.add(2, "button", "Add asset")
    p.add(2, "button", "Scan barcode")
    p.add(2, "region", "Filters", gap=2)
    p.add(3, "combobox", "Category", "hasPopup='listbox'", "expanded=False", value=category, key="cat")
    p.add(3, "combobox", "Status", "hasPopup='listbox'", "expanded=False", value="Any status")
    p.add(3, "combobox", "Department", "hasPopup='listbox'", "expanded=False", value="Camera")
    p.add(3, "combobox", "Sort by", "hasPopup='listbox'", "expanded=False", value="Recently updated", key="sort")
    if category == "Camera bodies":
        rows = [r for r in INVENTORY if r[2] == "Camera bodies"]
        shown, total = "1–%d" % len(rows), len(rows)
    else:
        rows = INVENTORY[(page - 1) * 8: page * 8]
        shown, total = "%d–%d" % ((page - 1) * 8 + 1, page * 8), 43
    p.add(2, "table", "Equipment", gap=2)
    p.add(3, "row", "")
    for h in ["Asset ID", "Item", "Category", "Status", "Location", "Holder", "Due back"]:
        p.add(4, "columnheader", h)
    for aid, item, cat, status, loc, holder, due in rows:
        p.add(3, "row", "", gap=2)
        p.add(4, "cell", "")
        p.add(5, "link", aid, key="row_" + aid)
        p.add(4, "cell", item)
        p.add(4, "cell", cat)
        p.add(4, "cell", status)
        p.add(4, "cell", loc)
        p.add(4, "cell", holder)
        p.add(4, "cell", due)
    p.add(2, "navigation", "Pagination", gap=2)
    p.text(3, "Showing %s of %d" % (shown, total))
    if total > 8:
        p.add(3, "link", "Previous page", *([] if page > 1 else ["disabled=True"]), key="page_prev")
        for i in range(1, 7):
            p.add(3, "link", "Page %d" % i, *(["current='page'"] if i == page else []), key="page_%d" % i)
        p.add(3, "link", "Next page", key="page_next")
    recently_viewed(p, 2, [("CAM-0216 · ARRI Alexa Mini LF (Body B)", "rv_CAM-0216"),
                           ("FIZ-0021 · Preston FI+Z HU4", "rv_FIZ-0021"),
                           ("CS-1014 · Shoot Day 14 call sheet", "rv_CS-1014")])
    footer(p, toast)
    return p


def eq_search(q):
    p = Page(PROD + "/search?q=" + q, "Search: %s · %s" % (q, APP))
    header(p, None, q)
    crumbs(p, [("Saltmarsh", PROD), ("Search", "")])
    p.add(1, "main", "", gap=2)
    p.add(2, "heading", "Search results for “%s”" % q)
    p.add(2, "tablist", "Result types")
    p.add(3, "tab", "Call sheets (0)", "selected=False")
    p.add(3, "tab", "Equipment (3)", "selected=True")
    p.add(3, "tab", "Crew (0)", "selected=False")
    p.add(2, "list", "Equipment results", gap=2)
    for aid in ["CAM-0217", "KIT-0217-STD", "CAM-0271"]:
        row = [r for r in INVENTORY if r[0] == aid][0]
        p.add(3, "listitem", "")
        p.add(4, "link", "%s · %s" % (aid, row[1]), key="res_" + aid)
        p.text(4, "%s · %s · %s" % (row[2], row[3], row[4]))
    p.text(2, "3 results · sorted by relevance")
    footer(p)
    return p


def eq_detail(aid, checkouts=(), toast=None):
    """checkouts: list of (co_id, holder, due) open checkouts created in this run."""
    a = ASSETS[aid]
    p = Page(EQ_URL + "/" + aid, "%s · %s · %s" % (aid, a["item"], APP))
    header(p, "Equipment")
    crumbs(p, [("Saltmarsh", PROD), ("Equipment", EQ_URL), (aid, "")])
    p.add(1, "main", "", gap=2)
    p.add(2, "heading", "%s · %s" % (aid, a["item"]))
    p.text(2, "Camera bodies · Serial %s · Owned by %s" % (a["serial"], ORG))
    if checkouts:
        co, holder, due = checkouts[-1]
        p.text(2, "Status: Checked out")
        p.text(2, "Holder: %s (%s)" % (holder, CREW[holder][0]))
        p.text(2, "Due back: %s" % due)
        p.add(2, "button", "Check in", key="checkin")
        p.add(2, "button", "Extend checkout")
    else:
        p.text(2, "Status: Available")
        p.text(2, "Location: %s" % a["loc"])
        p.text(2, "Holder: —")
        p.add(2, "button", "Check out", key="checkout")
        p.add(2, "button", "Move")
    p.add(2, "button", "Report damage", key="damage")
    p.add(2, "region", "Checkout history", gap=2)
    p.add(3, "heading", "Checkout history")
    p.add(3, "table", "Checkout history")
    p.add(4, "row", "")
    for h in ["Checkout", "Crew member", "Out", "Due / returned", "State"]:
        p.add(5, "columnheader", h)
    hist = [(co, holder, TODAY, due, "Open") for co, holder, due in reversed(list(checkouts))] + a["history"]
    for row in hist:
        p.add(4, "row", "")
        for c in row:
            p.add(5, "cell", c)
    p.add(2, "complementary", "Related", gap=2)
    p.add(3, "heading", "Related")
    p.add(3, "link", "%s · standard accessory kit" % a["kit"])
    for sib in ["CAM-0216", "CAM-0217", "CAM-0271"]:
        if sib != aid:
            name = [r for r in INVENTORY if r[0] == sib][0][1]
            p.add(3, "link", "%s · %s" % (sib, name), key="rel_" + sib)
    recently_viewed(p, 2, [("CAM-0216 · ARRI Alexa Mini LF (Body B)", "rv_CAM-0216"),
                           ("FIZ-0021 · Preston FI+Z HU4", "rv_FIZ-0021"),
                           ("CS-1014 · Shoot Day 14 call sheet", "rv_CS-1014")])
    footer(p, toast)
    return p


CO_STEPS = ["Crew member", "Dates & kit", "Review"]


def eq_wizard(aid, step, w, dialog=False, dialog_busy=False, toast=None):
    """w: dict(crew_q, crew, ret, kit, notes)."""
    a = ASSETS[aid]
    title = "Check out %s · %s (step %d of 3) · %s" % (aid, CO_STEPS[step - 1], step, APP)
    p = Page(EQ_URL + "/%s/checkout?step=%d" % (aid, step), title)
    header(p, "Equipment")
    crumbs(p, [("Saltmarsh", PROD), ("Equipment", EQ_URL), (aid, EQ_URL + "/" + aid), ("Check out", "")])
    p.add(1, "main", "", gap=2)
    p.add(2, "heading", "Check out %s" % aid)
    p.text(2, "%s · Serial %s" % (a["item"], a["serial"]))
    p.add(2, "navigation", "Progress", gap=2)
    p.add(3, "list", "")
    for i, nm in enumerate(CO_STEPS, 1):
        state = "completed" if i < step else ("current step" if i == step else "not started")
        p.add(4, "listitem", "")
        p.add(5, "link", "Step %d of 3: %s, %s" % (i, nm, state), *(["current='step'"] if i == step else []))
    kit_label = "Body + standard accessory kit (%s)" % a["kit"]
    if step == 1:
        p.add(2, "form", "Crew member", gap=2)
        q = w.get("crew") or w.get("crew_q", "")
        open_ = bool(w.get("crew_q")) and not w.get("crew")
        p.add(3, "combobox", "Crew member", "required", "autocomplete='list'", "hasPopup='listbox'",
              "expanded=%s" % open_, *(["focused"] if open_ else []), value=q, key="crew")
        if open_:
            p.add(3, "listbox", "Crew member suggestions")
            matches = sorted(n for n in CREW if w["crew_q"].lower() in n.lower())
            for n in matches:
                p.add(4, "option", "%s · %s · %s" % (n, CREW[n][0], CREW[n][1]), "selected=False", key="opt_" + n)
        if w.get("crew"):
            n = w["crew"]
            p.add(3, "group", "Selected crew member")
            p.text(4, "%s · %s · %s" % (n, CREW[n][0], CREW[n][1]))
            p.text(4, "Currently holding: FIZ-0021 Preston FI+Z HU4 (due Wed 22 Oct)" if n == "Jonas Reyes"
                   else "Currently holding: nothing")
        p.add(2, "button", "Cancel", key="cancel")
        p.add(2, "button", "Next: Dates & kit", *([] if w.get("crew") else ["disabled=True"]), key="next")
    elif step == 2:
        p.add(2, "form", "Dates & kit", gap=2)
        p.add(3, "textbox", "Checkout date", "readonly=True", value="2025-10-20")
        p.add(3, "textbox", "Return by", "required", *(["focused"] if w.get("focus") == "ret" else []),
              value=w.get("ret", ""), key="ret")
        p.add(3, "radiogroup", "Kit")
        p.add(4, "radio", "Body only", "checked='%s'" % ("false" if w.get("kit") else "true"), key="kit_body")
        p.add(4, "radio", kit_label, "checked='%s'" % ("true" if w.get("kit") else "false"), key="kit_full")
        p.add(3, "textbox", "Notes (optional)", value=w.get("notes", ""), key="notes")
        p.add(3, "checkbox", "Email a checkout receipt to the crew member", "checked='true'")
        p.add(2, "button", "Back", key="back")
        p.add(2, "button", "Next: Review", key="next")
    else:
        n = w["crew"]
        p.add(2, "region", "Review checkout", gap=2)
        p.add(3, "heading", "Review checkout")
        p.text(3, "Asset: %s · %s" % (aid, a["item"]))
        p.text(3, "Crew member: %s (%s)" % (n, CREW[n][0]))
        p.text(3, "Checkout: %s" % TODAY)
        p.text(3, "Return by: %s" % fmt_date(w["ret"]))
        p.text(3, "Kit: %s" % (kit_label if w.get("kit") else "Body only"))
        p.text(3, "Notes: %s" % (w.get("notes") or "—"))
        p.add(2, "button", "Back", key="back")
        p.add(2, "button", "Confirm checkout", key="confirm")
    footer(p, toast)
    if dialog:
        n = w["crew"]
        p.add(1, "dialog", "Confirm checkout", "modal=True", gap=4)
        p.add(2, "heading", "Confirm checkout")
        p.text(2, "Check out %s to %s until %s? The holder is responsible for the equipment "
                  "until it is checked back in at the camera truck." % (aid, n, fmt_date(w["ret"])))
        if dialog_busy:
            p.add(2, "status", "", "live='polite'")
            p.text(3, "Saving checkout…")
        p.add(2, "button", "Cancel", key="dlg_cancel")
        p.add(2, "button", "Check out", "focused", key="dlg_ok")
    return p


def fmt_date(iso):
    return {"2025-10-24": "Fri 24 Oct 2025", "2025-10-23": "Thu 23 Oct 2025"}.get(iso, iso)


def eq_denied(aid):
    p = Page(EQ_URL + "/%s/checkout" % aid, "Access denied · %s" % APP)
    header(p, "Equipment")
    crumbs(p, [("Saltmarsh", PROD), ("Equipment", EQ_URL), (aid, EQ_URL + "/" + aid), ("Check out", "")])
    p.add(1, "main", "", gap=2)
    p.add(2, "heading", "You don't have access to this action")
    p.text(2, "Checking out Camera department equipment needs the Equipment Manager role. "
              "Your role on Saltmarsh: %s." % USER_ROLE)
    p.text(2, "Equipment Manager: Ruth Adeyemi · ruth.adeyemi@harrowlane.example")
    p.add(2, "button", "Request checkout", key="request")
    p.add(2, "link", "Back to %s" % aid, key="back_asset")
    footer(p)
    return p


def eq_request(aid, w, sent=False):
    a = ASSETS[aid]
    if sent:
        p = Page(EQ_URL + "/requests/REQ-0331", "Request REQ-0331 · %s" % APP)
    else:
        p = Page(EQ_URL + "/%s/request" % aid, "Request checkout of %s · %s" % (aid, APP))
    header(p, "Equipment")
    crumbs(p, [("Saltmarsh", PROD), ("Equipment", EQ_URL), (aid, EQ_URL + "/" + aid), ("Request", "")])
    p.add(1, "main", "", gap=2)
    if not sent:
        p.add(2, "heading", "Request checkout of %s" % aid)
        p.text(2, a["item"])
        p.add(2, "form", "Checkout request", gap=2)
        p.add(3, "textbox", "Crew member", "required", value=w.get("crew", ""), key="crew")
        p.add(3, "textbox", "Return by", "required", value=w.get("ret", ""), key="ret")
        p.add(3, "textbox", "Message to Equipment Manager (optional)", value="", key="msg")
        p.add(2, "button", "Cancel")
        p.add(2, "button", "Send request", key="send")
        footer(p)
    else:
        p.add(2, "heading", "Request REQ-0331")
        p.text(2, "Checkout of %s · %s" % (aid, a["item"]))
        p.text(2, "For: %s · Return by: %s" % (w["crew"], fmt_date(w["ret"])))
        p.text(2, "State: Awaiting approval from Ruth Adeyemi (Equipment Manager)")
        p.add(2, "link", "Back to %s" % aid)
        footer(p, "Request REQ-0331 sent to Ruth Adeyemi")
    return p


# --------------------------------------------------------------------------------------
# Run recorder
# --------------------------------------------------------------------------------------
class Run:
    def __init__(self, rid, workflow, task, first_page):
        self.rid, self.workflow, self.task = rid, workflow, task
        CTX["notif"] = RNG.randint(1, 6)
        CTX["clock"] = [16, RNG.randint(0, 9)]
        self.init = first_page() if callable(first_page) else first_page
        self.cur = self.init
        self.steps = []

    @property
    def n(self):
        return len(self.steps)

    def _tick(self):
        CTX["clock"][1] += RNG.choice([0, 0, 1, 1, 2])

    def _act(self, c, command, target, why, effect, page_fn, error=None):
        self._tick()
        page = page_fn() if callable(page_fn) else page_fn
        self.steps.append({"commitment": c,
                           "action": {"command": command, "reasoning": why, "target": target, "effect": effect},
                           "observation": page.obs(error)})
        self.cur = page

    def click(self, c, key, why, page, effect="read"):
        bid, target = self.cur.ids[key]
        self._act(c, "click('%s')" % bid, target, why, effect, page)

    def fill(self, c, key, value, why, page, effect="write"):
        bid, target = self.cur.ids[key]
        self._act(c, "fill('%s', %r)" % (bid, value), target, why, effect, page)

    def select(self, c, key, option, why, page, effect="read"):
        bid, target = self.cur.ids[key]
        self._act(c, "select_option('%s', %r)" % (bid, option), target, why, effect, page)

    def press(self, c, key, k, why, page, effect="read"):
        bid, target = self.cur.ids[key]
        self._act(c, "press('%s', %r)" % (bid, k), target, why, effect, page)

    def goto(self, c, url, why, page):
        self._act(c, "goto(%r)" % url, "page %s" % url, why, "read", page)

    def back(self, c, why, page):
        self._act(c, "go_back()", "browser history", why, "read", page)

    def say(self, c, msg, why):
        cur = self.cur
        self._act(c, "send_msg_to_user(%r)" % msg, "message to user", why, "read", lambda: cur)

    def record(self, fault=None, step=None, success=None, note=None):
        label = {"fault": fault, "first_off_track_step": step}
        if note:
            label["note"] = note
        return {"id": self.rid, "workflow": self.workflow, "task": self.task,
                "plan": "plans/%s.yaml" % self.workflow, "label": label,
                "initial_observation": self.init.obs(), "steps": self.steps,
                "outcome": {"success": (fault is None) if success is None else success}}


# --------------------------------------------------------------------------------------
# Call sheet runs
# --------------------------------------------------------------------------------------
CS_TASK = ("Publish the call sheet for Shoot Day 14 (CS-1014, Tue 21 Oct 2025) with Mara Quinn "
           "called at 06:30 and Theo Lark called at 07:15.")
OPEN, TIMES, PUB = "open-call-sheet", "enter-cast-times", "publish"
DONE_MSG = "Published the Day 14 call sheet (CS-1014): Mara Quinn called 06:30, Theo Lark 07:15; sent to cast and crew."


def T(mara="", theo=""):
    d = base_times()
    d["Mara Quinn"], d["Theo Lark"] = mara, theo
    return d


def cs_open_from_list(r, sort="edited"):
    if sort == "day":
        r.select(OPEN, "sort", "Shoot day (ascending)", "Sort by shoot day so tomorrow's sheet is easy to find",
                 lambda: cs_list(sort="day"))
    r.click(OPEN, "row_CS-1014", "CS-1014 is the Day 14 sheet (Tue 21 Oct)", lambda: cs_detail(T()))


def cs_open_by_search(r, start=cs_list):
    r.fill(OPEN, "search", "CS-1014", "Search for the call sheet id", lambda: start(sv="CS-1014"), effect="read")
    r.press(OPEN, "search", "Enter", "Run the search", lambda: cs_search("CS-1014"))
    r.click(OPEN, "res_CS-1014", "First result is CS-1014, Shoot Day 14", lambda: cs_detail(T()))


def cs_to_step2(r):
    r.click(TIMES, "edit", "Open the editor", lambda: cs_edit(1, T()))
    r.click(TIMES, "next", "Details are already filled in; weather note is optional",
            lambda: cs_edit(2, T()), effect="write")


def cs_publish(r, times, published_note=None):
    r.click(PUB, "publish", "Everything looks right; publish", lambda: cs_edit(3, times, dialog=True))
    r.click(PUB, "dlg_ok", "Confirm publishing and sending to cast and crew",
            lambda: cs_detail(times, published=True,
                              toast="Call sheet CS-1014 published · sent to 48 recipients"), effect="irreversible")


def callsheet_runs():
    runs = []

    # healthy-01: list (default sort) -> detail -> editor -> publish
    r = Run("callsheet-healthy-01", "callsheet", CS_TASK, cs_list)
    cs_open_from_list(r)
    cs_to_step2(r)
    r.fill(TIMES, "call_Mara Quinn", "06:30", "Mara Quinn is called at 06:30", lambda: cs_edit(2, T("06:30"), focus="Mara Quinn"))
    r.fill(TIMES, "call_Theo Lark", "07:15", "Theo Lark is called at 07:15", lambda: cs_edit(2, T("06:30", "07:15"), focus="Theo Lark"))
    r.click(TIMES, "next", "Go to review", lambda: cs_edit(3, T("06:30", "07:15")), effect="write")
    cs_publish(r, T("06:30", "07:15"))
    r.say(PUB, DONE_MSG, "The sheet shows Published with both call times")
    runs.append(r.record())

    # healthy-02: header search, toast on detail dismissed
    r = Run("callsheet-healthy-02", "callsheet", CS_TASK, cs_list)
    r.fill(OPEN, "search", "CS-1014", "Search for the call sheet id", lambda: cs_list(sv="CS-1014"), effect="read")
    r.press(OPEN, "search", "Enter", "Run the search", lambda: cs_search("CS-1014"))
    r.click(OPEN, "res_CS-1014", "CS-1014 is Shoot Day 14; CS-1041 is Day 41",
            lambda: cs_detail(T(), toast="Priya Raman uploaded sides for Day 14 (12 pages)"))
    r.click(OPEN, "dismiss", "Dismiss the sides notification", lambda: cs_detail(T()))
    cs_to_step2(r)
    r.fill(TIMES, "call_Mara Quinn", "06:30", "Mara Quinn (#1) at 06:30", lambda: cs_edit(2, T("06:30"), focus="Mara Quinn"))
    r.fill(TIMES, "call_Theo Lark", "07:15", "Theo Lark (#3) at 07:15", lambda: cs_edit(2, T("06:30", "07:15"), focus="Theo Lark"))
    r.click(TIMES, "next", "Continue to review", lambda: cs_edit(3, T("06:30", "07:15")), effect="write")
    cs_publish(r, T("06:30", "07:15"))
    r.say(PUB, DONE_MSG, "Published and sent")
    runs.append(r.record())

    # healthy-03: re-sort list by shoot day, fill Theo first
    r = Run("callsheet-healthy-03", "callsheet", CS_TASK, cs_list)
    cs_open_from_list(r, sort="day")
    cs_to_step2(r)
    r.fill(TIMES, "call_Theo Lark", "07:15", "Theo Lark (#3) at 07:15", lambda: cs_edit(2, T("", "07:15"), focus="Theo Lark"))
    r.fill(TIMES, "call_Mara Quinn", "06:30", "Mara Quinn (#1) at 06:30", lambda: cs_edit(2, T("06:30", "07:15"), focus="Mara Quinn"))
    r.click(TIMES, "next", "Continue to review", lambda: cs_edit(3, T("06:30", "07:15")), effect="write")
    cs_publish(r, T("06:30", "07:15"))
    r.say(PUB, DONE_MSG, "Status is Published")
    runs.append(r.record())

    # healthy-04: dashboard recently viewed, save draft, reload, continue
    r = Run("callsheet-healthy-04", "callsheet", CS_TASK, dashboard)
    r.click(OPEN, "rv_CS-1014", "Recently viewed has the Day 14 call sheet", lambda: cs_detail(T()))
    cs_to_step2(r)
    r.fill(TIMES, "call_Mara Quinn", "06:30", "Mara Quinn at 06:30", lambda: cs_edit(2, T("06:30"), focus="Mara Quinn"))
    r.fill(TIMES, "call_Theo Lark", "07:15", "Theo Lark at 07:15", lambda: cs_edit(2, T("06:30", "07:15"), focus="Theo Lark"))
    r.click(TIMES, "save_draft", "Save the draft before going on",
            lambda: cs_edit(2, T("06:30", "07:15"), toast="Draft saved at %s" % clock()), effect="write")
    r.goto(TIMES, BASE + CS_URL + "/CS-1014/edit?step=2", "Reload to make sure the draft kept the times",
           lambda: cs_edit(2, T("06:30", "07:15")))
    r.click(TIMES, "next", "Times persisted; continue to review", lambda: cs_edit(3, T("06:30", "07:15")), effect="write")
    cs_publish(r, T("06:30", "07:15"))
    r.say(PUB, DONE_MSG, "Published")
    runs.append(r.record())

    # wrong_value: Theo Lark typed as 17:15
    r = Run("callsheet-wrong_value-01", "callsheet", CS_TASK, cs_list)
    cs_open_from_list(r)
    cs_to_step2(r)
    r.fill(TIMES, "call_Mara Quinn", "06:30", "Mara Quinn at 06:30", lambda: cs_edit(2, T("06:30"), focus="Mara Quinn"))
    fs = r.n
    r.fill(TIMES, "call_Theo Lark", "17:15", "Theo Lark at 7:15 (24-hour field)", lambda: cs_edit(2, T("06:30", "17:15"), focus="Theo Lark"))
    r.click(TIMES, "next", "Continue to review", lambda: cs_edit(3, T("06:30", "17:15")), effect="write")
    cs_publish(r, T("06:30", "17:15"))
    r.say(PUB, DONE_MSG, "Published")
    runs.append(r.record("wrong_value", fs, note="Theo Lark's call typed as 17:15 instead of 07:15"))

    # skipped_required: Theo Lark's call left blank (prints TBC)
    r = Run("callsheet-skipped_required-01", "callsheet", CS_TASK, cs_list)
    cs_open_by_search(r)
    cs_to_step2(r)
    r.fill(TIMES, "call_Mara Quinn", "06:30", "Mara Quinn at 06:30", lambda: cs_edit(2, T("06:30"), focus="Mara Quinn"))
    fs = r.n
    r.click(TIMES, "next", "Cast times entered; go to review", lambda: cs_edit(3, T("06:30")), effect="write")
    cs_publish(r, T("06:30"))
    r.say(PUB, DONE_MSG, "Published")
    runs.append(r.record("skipped_required", fs, note="moved on without Theo Lark's call time; sheet went out with TBC"))

    # error_banner: save of cast times rejected (version conflict); agent publishes anyway
    r = Run("callsheet-error_banner-01", "callsheet", CS_TASK, cs_list)
    cs_open_from_list(r, sort="day")
    cs_to_step2(r)
    r.fill(TIMES, "call_Mara Quinn", "06:30", "Mara Quinn at 06:30", lambda: cs_edit(2, T("06:30"), focus="Mara Quinn"))
    r.fill(TIMES, "call_Theo Lark", "07:15", "Theo Lark at 07:15", lambda: cs_edit(2, T("06:30", "07:15"), focus="Theo Lark"))
    fs = r.n
    r.click(TIMES, "next", "Continue to review",
            lambda: cs_edit(3, T(), alert="Cast call times were not saved. Priya Raman changed this call sheet at 15:58 "
                                          "(draft 0.4). Reload the editor to continue."), effect="write")
    r.click(PUB, "publish", "Review is up; publish", lambda: cs_edit(3, T(), dialog=True))
    r.click(PUB, "dlg_ok", "Confirm", lambda: cs_detail(T(), published=True,
                                                        toast="Call sheet CS-1014 published · sent to 48 recipients"),
            effect="irreversible")
    r.say(PUB, DONE_MSG, "Published")
    runs.append(r.record("error_banner", fs, note="version-conflict alert on saving cast times ignored; published with TBC calls"))

    # premature_done: saves a draft on the review step, reports published
    r = Run("callsheet-premature_done-01", "callsheet", CS_TASK, dashboard)
    r.click(OPEN, "rv_CS-1014", "Recently viewed has the Day 14 call sheet", lambda: cs_detail(T()))
    cs_to_step2(r)
    r.fill(TIMES, "call_Mara Quinn", "06:30", "Mara Quinn at 06:30", lambda: cs_edit(2, T("06:30"), focus="Mara Quinn"))
    r.fill(TIMES, "call_Theo Lark", "07:15", "Theo Lark at 07:15", lambda: cs_edit(2, T("06:30", "07:15"), focus="Theo Lark"))
    r.click(TIMES, "next", "Continue to review", lambda: cs_edit(3, T("06:30", "07:15")), effect="write")
    r.click(PUB, "save_draft", "Save the call sheet",
            lambda: cs_edit(3, T("06:30", "07:15"), toast="Draft saved at %s" % clock()), effect="write")
    fs = r.n
    r.say(PUB, DONE_MSG, "Saved; the call sheet is done")
    runs.append(r.record("premature_done", fs, note="reported published after only saving a draft"))

    # dialog_cancelled: Cancel in the publish dialog, then reports done
    r = Run("callsheet-dialog_cancelled-01", "callsheet", CS_TASK, cs_list)
    cs_open_by_search(r)
    cs_to_step2(r)
    r.fill(TIMES, "call_Mara Quinn", "06:30", "Mara Quinn at 06:30", lambda: cs_edit(2, T("06:30"), focus="Mara Quinn"))
    r.fill(TIMES, "call_Theo Lark", "07:15", "Theo Lark at 07:15", lambda: cs_edit(2, T("06:30", "07:15"), focus="Theo Lark"))
    r.click(TIMES, "next", "Continue to review", lambda: cs_edit(3, T("06:30", "07:15")), effect="write")
    r.click(PUB, "publish", "Publish the sheet", lambda: cs_edit(3, T("06:30", "07:15"), dialog=True))
    fs = r.n
    r.click(PUB, "dlg_cancel", "Close the confirmation", lambda: cs_edit(3, T("06:30", "07:15")))
    r.say(PUB, DONE_MSG, "Publish step done")
    runs.append(r.record("dialog_cancelled", fs, note="publish confirmation dismissed with Cancel; sheet still a draft"))

    # unsaved_navigation: leaves the editor for the schedule before saving, comes back to a blank form
    r = Run("callsheet-unsaved_navigation-01", "callsheet", CS_TASK, dashboard)
    r.click(OPEN, "rv_CS-1014", "Open the Day 14 call sheet", lambda: cs_detail(T()))
    cs_to_step2(r)
    r.fill(TIMES, "call_Mara Quinn", "06:30", "Mara Quinn at 06:30", lambda: cs_edit(2, T("06:30"), focus="Mara Quinn"))
    r.fill(TIMES, "call_Theo Lark", "07:15", "Theo Lark at 07:15", lambda: cs_edit(2, T("06:30", "07:15"), focus="Theo Lark"))
    fs = r.n
    r.click(TIMES, "nav_schedule", "Check the Day 14 scene order in the schedule", cs_schedule)
    r.back(TIMES, "Back to the call sheet editor", lambda: cs_edit(2, T()))
    r.click(TIMES, "next", "Times are in; continue to review", lambda: cs_edit(3, T()), effect="write")
    cs_publish(r, T())
    r.say(PUB, DONE_MSG, "Published")
    runs.append(r.record("unsaved_navigation", fs, note="navigated to Schedule with unsaved call times; published with TBC calls"))
    return runs


# --------------------------------------------------------------------------------------
# Equipment runs
# --------------------------------------------------------------------------------------
EQ_TASK = ("Check out camera body CAM-0217 (ARRI Alexa Mini LF, Body A) with its standard accessory kit "
           "to 1st AC Jonas Reyes, due back Fri 24 Oct 2025.")
ASSET, CREWC, DATES, CONF = "open-asset", "choose-crew", "dates-and-kit", "confirm-checkout"
EQ_DONE = "Checked out CAM-0217 (ARRI Alexa Mini LF, Body A) with the standard accessory kit to Jonas Reyes, due back Fri 24 Oct 2025."
W_FULL = {"crew": "Jonas Reyes", "ret": "2025-10-24", "kit": True}


def eq_pick_crew(r, aid="CAM-0217", query="Jonas"):
    r.click(CREWC, "checkout", "Start the checkout", lambda: eq_wizard(aid, 1, {}))
    r.fill(CREWC, "crew", query, "Search for the 1st AC", lambda: eq_wizard(aid, 1, {"crew_q": query}), effect="read")
    r.click(CREWC, "opt_Jonas Reyes", "Jonas Reyes is the 1st AC (not Jonah Reyes, Key Grip)",
            lambda: eq_wizard(aid, 1, {"crew": "Jonas Reyes"}), effect="write")
    r.click(CREWC, "next", "Go to dates and kit", lambda: eq_wizard(aid, 2, {"crew": "Jonas Reyes"}), effect="write")


def eq_dates(r, aid="CAM-0217", kit_first=False):
    if kit_first:
        r.click(DATES, "kit_full", "Include the standard accessory kit",
                lambda: eq_wizard(aid, 2, {"crew": "Jonas Reyes", "kit": True}), effect="write")
        r.fill(DATES, "ret", "2025-10-24", "Due back Fri 24 Oct",
               lambda: eq_wizard(aid, 2, dict(W_FULL, focus="ret")))
    else:
        r.fill(DATES, "ret", "2025-10-24", "Due back Fri 24 Oct",
               lambda: eq_wizard(aid, 2, {"crew": "Jonas Reyes", "ret": "2025-10-24", "focus": "ret"}))
        r.click(DATES, "kit_full", "Include the standard accessory kit",
                lambda: eq_wizard(aid, 2, W_FULL), effect="write")
    r.click(DATES, "next", "Go to review", lambda: eq_wizard(aid, 3, W_FULL), effect="write")


def eq_confirm(r, aid="CAM-0217", w=W_FULL, co="CO-5521"):
    r.click(CONF, "confirm", "Review matches the task; confirm", lambda: eq_wizard(aid, 3, w, dialog=True))
    r.click(CONF, "dlg_ok", "Confirm the checkout",
            lambda: eq_detail(aid, [(co, "Jonas Reyes", fmt_date(w["ret"]))],
                              toast="Checkout %s created · receipt emailed to Jonas Reyes" % co), effect="irreversible")


def equipment_runs():
    runs = []

    # healthy-01: category filter on the inventory
    r = Run("equipment-healthy-01", "equipment", EQ_TASK, eq_list)
    r.select(ASSET, "cat", "Camera bodies", "Narrow the inventory to camera bodies",
             lambda: eq_list(category="Camera bodies"))
    r.click(ASSET, "row_CAM-0217", "CAM-0217 is the Alexa Mini LF Body A", lambda: eq_detail("CAM-0217"))
    eq_pick_crew(r)
    eq_dates(r)
    eq_confirm(r)
    r.say(CONF, EQ_DONE, "Asset shows Checked out to Jonas Reyes")
    runs.append(r.record())

    # healthy-02: header search; crew search by surname lists Jonah first; kit chosen before date
    r = Run("equipment-healthy-02", "equipment", EQ_TASK, eq_list)
    r.fill(ASSET, "search", "CAM-0217", "Search by asset id", lambda: eq_list(sv="CAM-0217"), effect="read")
    r.press(ASSET, "search", "Enter", "Run the search", lambda: eq_search("CAM-0217"))
    r.click(ASSET, "res_CAM-0217", "First result is CAM-0217 (CAM-0271 is Body C)", lambda: eq_detail("CAM-0217"))
    eq_pick_crew(r, query="Reyes")
    eq_dates(r, kit_first=True)
    eq_confirm(r)
    r.say(CONF, EQ_DONE, "Checkout created")
    runs.append(r.record())

    # healthy-03: pagination to page 2 of the inventory
    r = Run("equipment-healthy-03", "equipment", EQ_TASK, eq_list)
    r.click(ASSET, "page_next", "CAM-0217 is not on page 1", lambda: eq_list(page=2))
    r.click(ASSET, "row_CAM-0217", "CAM-0217 on page 2", lambda: eq_detail("CAM-0217"))
    eq_pick_crew(r)
    eq_dates(r)
    eq_confirm(r)
    r.say(CONF, EQ_DONE, "Done")
    runs.append(r.record())

    # healthy-04: dashboard toast dismissed, recently viewed
    r = Run("equipment-healthy-04", "equipment", EQ_TASK,
            lambda: dashboard(toast="LNS-0412 Cooke S4/i 32mm checked in by Jonah Reyes"))
    r.click(ASSET, "dismiss", "Dismiss the check-in notification", lambda: dashboard())
    r.click(ASSET, "rv_CAM-0217", "Recently viewed has CAM-0217", lambda: eq_detail("CAM-0217"))
    eq_pick_crew(r)
    eq_dates(r)
    eq_confirm(r)
    r.say(CONF, EQ_DONE, "Checked out")
    runs.append(r.record())

    # wrong_record: opens CAM-0271 from the search results
    r = Run("equipment-wrong_record-01", "equipment", EQ_TASK, eq_list)
    r.fill(ASSET, "search", "CAM-0217", "Search by asset id", lambda: eq_list(sv="CAM-0217"), effect="read")
    r.press(ASSET, "search", "Enter", "Run the search", lambda: eq_search("CAM-0217"))
    fs = r.n
    r.click(ASSET, "res_CAM-0271", "Open the ARRI Alexa Mini body", lambda: eq_detail("CAM-0271"))
    eq_pick_crew(r, aid="CAM-0271")
    eq_dates(r, aid="CAM-0271")
    eq_confirm(r, aid="CAM-0271")
    r.say(CONF, EQ_DONE, "Checkout created")
    runs.append(r.record("wrong_record", fs, note="checked out near-miss CAM-0271 (Alexa Mini Body C) instead of CAM-0217"))

    # silent_noop: Confirm checkout does nothing
    r = Run("equipment-silent_noop-01", "equipment", EQ_TASK, eq_list)
    r.select(ASSET, "cat", "Camera bodies", "Filter to camera bodies", lambda: eq_list(category="Camera bodies"))
    r.click(ASSET, "row_CAM-0217", "Open CAM-0217", lambda: eq_detail("CAM-0217"))
    eq_pick_crew(r)
    eq_dates(r)
    fs = r.n
    # the click is swallowed: the page is exactly as before (no dialog, no toast)
    r.click(CONF, "confirm", "Confirm the checkout", lambda: r.cur)
    r.say(CONF, EQ_DONE, "Confirmed")
    runs.append(r.record("silent_noop", fs, note="Confirm checkout click changed nothing; no checkout was created"))

    # stale_page: after confirming, the asset page still shows the old state
    r = Run("equipment-stale_page-01", "equipment", EQ_TASK, eq_list)
    r.click(ASSET, "page_next", "Look on the next page", lambda: eq_list(page=2))
    r.click(ASSET, "row_CAM-0217", "CAM-0217 is here", lambda: eq_detail("CAM-0217"))
    eq_pick_crew(r)
    eq_dates(r)
    r.click(CONF, "confirm", "Confirm", lambda: eq_wizard("CAM-0217", 3, W_FULL, dialog=True))
    fs = r.n
    r.click(CONF, "dlg_ok", "Confirm the checkout", lambda: eq_detail("CAM-0217"), effect="irreversible")
    r.say(CONF, EQ_DONE, "Back on the asset page after confirming")
    runs.append(r.record("stale_page", fs, note="asset page after confirm still shows Available, no checkout record"))

    # permission_denied: checkout refused; agent files a request and reports a checkout
    r = Run("equipment-permission_denied-01", "equipment", EQ_TASK, dashboard)
    r.click(ASSET, "rv_CAM-0217", "Open CAM-0217 from recently viewed", lambda: eq_detail("CAM-0217"))
    fs = r.n
    r.click(CREWC, "checkout", "Start the checkout", lambda: eq_denied("CAM-0217"))
    r.click(CREWC, "request", "Use the request form instead", lambda: eq_request("CAM-0217", {}))
    r.fill(CREWC, "crew", "Jonas Reyes", "For the 1st AC", lambda: eq_request("CAM-0217", {"crew": "Jonas Reyes"}))
    r.fill(DATES, "ret", "2025-10-24", "Due back Fri 24 Oct",
           lambda: eq_request("CAM-0217", {"crew": "Jonas Reyes", "ret": "2025-10-24"}))
    r.click(CONF, "send", "Send it", lambda: eq_request("CAM-0217", {"crew": "Jonas Reyes", "ret": "2025-10-24"}, sent=True),
            effect="irreversible")
    r.say(CONF, EQ_DONE, "Request went through")
    runs.append(r.record("permission_denied", fs, note="checkout refused for the user's role; only an approval request was sent"))

    # wrong_filter: kit option left at Body only
    r = Run("equipment-wrong_filter-01", "equipment", EQ_TASK, eq_list)
    r.select(ASSET, "cat", "Camera bodies", "Filter to camera bodies", lambda: eq_list(category="Camera bodies"))
    r.click(ASSET, "row_CAM-0217", "Open CAM-0217", lambda: eq_detail("CAM-0217"))
    eq_pick_crew(r)
    w = {"crew": "Jonas Reyes", "ret": "2025-10-24"}
    r.fill(DATES, "ret", "2025-10-24", "Due back Fri 24 Oct", lambda: eq_wizard("CAM-0217", 2, dict(w, focus="ret")))
    fs = r.n
    r.click(DATES, "next", "Go to review", lambda: eq_wizard("CAM-0217", 3, w), effect="write")
    eq_confirm(r, w=w)
    r.say(CONF, EQ_DONE, "Checked out")
    runs.append(r.record("wrong_filter", fs, note="kit option left at Body only; accessory kit not checked out"))

    # double_submit: clicks Check out again while the first save is in flight
    r = Run("equipment-double_submit-01", "equipment", EQ_TASK, eq_list)
    r.fill(ASSET, "search", "CAM-0217", "Search by asset id", lambda: eq_list(sv="CAM-0217"), effect="read")
    r.press(ASSET, "search", "Enter", "Run the search", lambda: eq_search("CAM-0217"))
    r.click(ASSET, "res_CAM-0217", "CAM-0217 is the first result", lambda: eq_detail("CAM-0217"))
    eq_pick_crew(r)
    eq_dates(r)
    r.click(CONF, "confirm", "Confirm", lambda: eq_wizard("CAM-0217", 3, W_FULL, dialog=True))
    r.click(CONF, "dlg_ok", "Confirm the checkout", lambda: eq_wizard("CAM-0217", 3, W_FULL, dialog=True, dialog_busy=True),
            effect="irreversible")
    fs = r.n
    r.click(CONF, "dlg_ok", "The dialog is still open; click Check out again",
            lambda: eq_detail("CAM-0217", [("CO-5521", "Jonas Reyes", "Fri 24 Oct 2025"),
                                           ("CO-5522", "Jonas Reyes", "Fri 24 Oct 2025")],
                              toast="Checkout CO-5522 created · receipt emailed to Jonas Reyes"), effect="irreversible")
    r.say(CONF, EQ_DONE, "Checked out")
    runs.append(r.record("double_submit", fs, note="second click created a duplicate open checkout CO-5522"))
    return runs


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    # plans first: authored from the task and the healthy pages, never edited by the runs
    with open(os.path.join(HERE, "plans", "callsheet.yaml"), "w", encoding="utf-8") as f:
        f.write(PLAN_CALLSHEET)
    with open(os.path.join(HERE, "plans", "equipment.yaml"), "w", encoding="utf-8") as f:
        f.write(PLAN_EQUIPMENT)
    runs = callsheet_runs() + equipment_runs()
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for run in runs:
            f.write(json.dumps(run, ensure_ascii=False) + "\n")
    healthy = sum(1 for r in runs if r["label"]["fault"] is None)
    print("wrote %d runs (%d healthy, %d faulty) and 2 plans" % (len(runs), healthy, len(runs) - healthy))


if __name__ == "__main__":
    main()
