#!/usr/bin/env python3
"""Generate the HangarLog MX held-out corpus (stdlib only, deterministic).

HangarLog MX is an invented aircraft maintenance tracking system used by the
invented regional airline Cascadia Skyways (DHC-8-400 fleet, Kamloops hangar).
This script writes, next to itself:

  corpus.jsonl            20 trajectories (8 healthy, 12 faulty)
  plans/signoff.yaml      plan for "sign off a task card with a second inspector"
  plans/defer.yaml        plan for "defer a defect under an MEL item"

Pages are rendered as BrowserGym-style flattened accessibility trees.
Run:  python3 make_corpus.py
"""
import json
import os
import random
import sys
from contextlib import contextmanager

SEED = 20241114
HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "http://127.0.0.1:8000/hangarlog"
PRODUCT = "HangarLog MX"
VERSION = "6.4.2"
ORG = "Cascadia Skyways"
USER = "Dana Whitcombe"
USER_SHORT = "D. Whitcombe"
USER_LICENCE = "AME B1, licence K-41877"
USER_MENU = "Dana Whitcombe · AME B1 · YKA"
TODAY = "Thu 14 Nov 2024"
DATA_AS_OF = "14 Nov 2024 02:38 PST"

# ---------------------------------------------------------------------------
# Tasks and plans.  The plans were written from the task text and from the
# pages of a normal (healthy) run only, before any faulty run was scripted,
# and have not been edited to fit the faults.
# ---------------------------------------------------------------------------

SIGNOFF_TASK = (
    "Sign off task card TC-40217 (No. 3 main landing gear brake assembly replacement on "
    "C-GKWA, work package WP-2411-087): record torque wrench TW-0418, add Marta Lindqvist "
    "(inspector authorisation IA-2291, PIN 4417) as the independent second inspector, "
    "certify the work and close the card."
)

DEFER_TASK = (
    "Defer defect DEF-7781 on C-GKWB (No. 1 pack flow control valve fails to open) under "
    "MEL item 21-51-01, repair category C: confirm the (O) and (M) procedures, record INOP "
    "placard P-3318, and submit the deferral."
)

SIGNOFF_PLAN_YAML = '''\
# HangarLog MX: sign off a task card with a required independent inspection.
# Written from the task and a normal sign-off; one commitment per part of the job.
task: "''' + SIGNOFF_TASK + '''"
plan_falsifiers:
  execution:
    - "Sign in to HangarLog MX"
    - "Your session has expired. Please sign in again."
    - "Something went wrong"
    - "Access denied"
commitments:
  - id: find-card
    subgoal: Find task card TC-40217 in work package WP-2411-087 or through search
    skill: find_record
    confidence: 0.7
    confirm:
      precondition:
        - "HangarLog MX, Cascadia Skyways Maintenance Control"
      progress:
        - "Work package WP-2411-087 task cards for C-GKWA A4 check"
        - "Search results for TC-40217"
      completion:
        - "TC-40217 MLG brake assembly No. 3 — remove and replace is listed"
    falsify:
      execution:
        - "No results found"
      planning:
        - "Work package WP-2411-087 is closed"
  - id: open-card
    subgoal: Open task card TC-40217 and check that it is waiting for sign-off
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - "TC-40217 is listed"
      progress: []
      completion:
        - "Task card TC-40217, MLG brake assembly No. 3 — remove and replace, C-GKWA"
        - "Status: Open — work complete, awaiting sign-off"
    falsify:
      execution:
        - "Task card TC-40271"
        - "MLG brake assembly No. 4"
        - "Task card TC-40218"
        - "TC-39817 on C-GKWB"
        - {text: "open TC-40271", on: action}
      planning:
        - "TC-40217 is already closed and signed off"
        - "Task steps are not all done"
  - id: record-work
    subgoal: Start the sign-off, confirm the work performed and record torque wrench TW-0418
    skill: fill_form
    confidence: 0.7
    confirm:
      precondition:
        - "Start sign-off button"
      progress:
        - "Sign off task card TC-40217, step 1 of 4: work performed"
        - "All task steps are complete is checked"
      completion:
        - "Step 2 of 4: parts and tooling, torque wrench TW-0418 with valid calibration"
    falsify:
      execution:
        - "This field is required"
        - "Tool not found"
        - "Calibration expired"
      skill:
        - "Start sign-off is disabled"
  - id: add-inspector
    subgoal: Enter Marta Lindqvist (IA-2291) as the independent inspector with her PIN and record the inspection
    confidence: 0.6
    confirm:
      progress:
        - "Step 3 of 4: independent inspection"
      completion:
        - "Marta Lindqvist, licensed inspector, authorisation IA-2291"
        - "Independent inspection performed is checked"
    falsify:
      execution:
        - "Martin Lindgren"
        - "IA-2219"
        - "Priya Raman"
        - "Authorisation number not recognised"
        - "Incorrect PIN"
      planning:
        - "The second inspector cannot be the engineer who did the work"
  - id: certify-and-close
    subgoal: Review the summary, certify, sign off and confirm so that TC-40217 is closed
    skill: submit_and_confirm
    confidence: 0.7
    confirm:
      precondition:
        - "Step 4 of 4: review and certify"
      progress:
        - "Confirm sign-off dialog"
      completion:
        - "Task card TC-40217 signed off"
        - "Status: Closed — signed off by Dana Whitcombe and Marta Lindqvist"
    falsify:
      execution:
        - "Sign-off failed"
        - "Error saving the task card"
'''

DEFER_PLAN_YAML = '''\
# HangarLog MX: defer an open defect under a minimum equipment list (MEL) item.
# Written from the task and a normal deferral.
task: "''' + DEFER_TASK + '''"
plan_falsifiers:
  execution:
    - "Sign in to HangarLog MX"
    - "Your session has expired. Please sign in again."
    - "Something went wrong"
    - "Access denied"
commitments:
  - id: find-defect
    subgoal: Find open defect DEF-7781 for C-GKWB in the defects list or through search
    skill: find_record
    confidence: 0.7
    confirm:
      precondition:
        - "HangarLog MX, Cascadia Skyways Maintenance Control"
      progress:
        - "Defects list"
        - "Defects filtered to aircraft C-GKWB"
        - "Search results for DEF-7781"
      completion:
        - "DEF-7781 No. 1 pack flow control valve fails to open is listed"
    falsify:
      execution:
        - "No defects match the current filters"
  - id: open-defect
    subgoal: Open defect DEF-7781 and check that it is still open
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      completion:
        - "Defect DEF-7781 on C-GKWB: No. 1 pack flow control valve fails to open"
        - "Status: Open"
    falsify:
      execution:
        - "Defect DEF-7718"
        - "No. 2 pack flow control valve intermittent"
        - "Defect DEF-7791 on C-GKWD"
        - {text: "open DEF-7791", on: action}
      planning:
        - "DEF-7781 is already deferred"
        - "DEF-7781 is closed"
  - id: choose-mel
    subgoal: Start the deferral and select MEL item 21-51-01 Pack Flow Control Valve
    skill: fill_form
    confidence: 0.7
    confirm:
      precondition:
        - "Defer defect button"
      progress:
        - "Defer defect DEF-7781, step 1 of 3: MEL item"
      completion:
        - "21-51-01 Pack Flow Control Valve, Cat C, is selected"
    falsify:
      execution:
        - "21-51-02 Pack Temperature Control Valve is selected"
        - "No MEL items match"
      planning:
        - "No MEL relief for this item"
        - "This defect cannot be deferred"
  - id: set-conditions
    subgoal: Keep repair category C, confirm the (O) and (M) procedures and enter INOP placard P-3318
    confidence: 0.6
    confirm:
      progress:
        - "Step 2 of 3: conditions"
      completion:
        - "Repair category C — 10 calendar days"
        - "(O) and (M) procedures checked"
        - "INOP placard number P-3318"
    falsify:
      execution:
        - "Repair category B"
        - "This field is required"
  - id: submit-deferral
    subgoal: Review and submit the deferral, then confirm it
    skill: submit_and_confirm
    confidence: 0.7
    confirm:
      precondition:
        - "Step 3 of 3: review and submit"
      progress:
        - "Confirm deferral dialog"
      completion:
        - "Defect DEF-7781 deferred under MEL 21-51-01 Cat C until 24 Nov 2024"
        - "Deferral entered in the C-GKWB technical log"
    falsify:
      execution:
        - "Deferral could not be submitted"
        - "Validation error"
'''

PLANS = {"signoff": SIGNOFF_PLAN_YAML, "defer": DEFER_PLAN_YAML}
TASKS = {"signoff": SIGNOFF_TASK, "defer": DEFER_TASK}

# ---------------------------------------------------------------------------
# Accessibility tree building and rendering
# ---------------------------------------------------------------------------

BARE_FLAGS = ("required", "focused", "multiline")


class Tree:
    """Collects nodes (depth, role, name, props). Nodes added inside dynamic()
    are transient (toasts, dialogs, live lookups): they take bids from a separate
    range so the bids of the rest of the document stay stable while it updates."""

    def __init__(self):
        self.nodes = []
        self.depth = 0
        self._dyn = False

    def add(self, role, name="", **props):
        self.nodes.append({"depth": self.depth, "role": role, "name": name,
                           "props": props, "dyn": self._dyn, "nobid": False})

    def text(self, s):
        self.nodes.append({"depth": self.depth, "role": "StaticText", "name": s,
                           "props": {}, "dyn": self._dyn, "nobid": True})

    @contextmanager
    def node(self, role, name="", **props):
        self.add(role, name, **props)
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1

    @contextmanager
    def dynamic(self):
        old = self._dyn
        self._dyn = True
        try:
            yield
        finally:
            self._dyn = old


def fmt_props(props):
    out = []
    for k, v in props.items():
        if v is None:
            continue
        if k in BARE_FLAGS:
            if v:
                out.append(k)
            continue
        if k == "checked" and isinstance(v, bool):
            out.append("checked=%r" % ("true" if v else "false"))
            continue
        out.append("%s=%r" % (k, v))
    return "".join(", " + p for p in out)


class Page:
    def __init__(self, key, url, title, tree):
        self.url = url
        self.title = title
        rng = random.Random("%s|%s" % (SEED, key))
        reg = rng.randrange(110, 520)
        dyn = reg + 700
        lines = ["RootWebArea %r, focused" % title]
        self.index = []
        for n in tree.nodes:
            ind = "\t" * (n["depth"] + 1)
            head = "%s %r" % (n["role"], n["name"])
            if n["nobid"]:
                lines.append(ind + head)
                continue
            if n["dyn"]:
                bid = "a%d" % dyn
                dyn += 1
            else:
                bid = "a%d" % reg
                reg += 1
            lines.append("%s[%s] %s%s" % (ind, bid, head, fmt_props(n["props"])))
            self.index.append((n["role"], n["name"], bid))
        self.text = "\n".join(lines)

    def bid(self, role, name):
        for r, n, b in self.index:
            if r == role and n == name:
                return b
        raise KeyError("no %s %r on page %s" % (role, name, self.url))

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": self.text, "error": error}


NAV = ["Dashboard", "Work packages", "Task cards", "Defects", "MEL", "Aircraft", "Reports"]

RECENT = [
    "TC-40271 · MLG brake assy No. 4 R&R · C-GKWA",
    "DEF-7781 · No. 1 pack FCV fails to open · C-GKWB",
    "DEF-7718 · No. 2 pack FCV intermittent · C-GKWB",
    "TC-39817 · MLG brake assy No. 3 R&R · C-GKWB",
    "WP-2411-087 · C-GKWA A4 check",
]


def build(url, title, active, crumbs, main, key=None, recent=RECENT, toast=None,
          status=None, alert=None, dialog=None, search="", notif=3):
    t = Tree()
    with t.node("banner", ""):
        t.add("link", "%s home" % PRODUCT)
        t.text("%s Maintenance Control" % ORG)
        with t.node("search", "Site search"):
            t.add("searchbox", "Search cards, defects, aircraft", value=search)
            t.add("button", "Search")
        t.add("button", "Notifications (%d unread)" % notif, hasPopup="menu", expanded=False)
        t.add("button", "User menu: %s" % USER_MENU, hasPopup="menu", expanded=False)
    with t.node("navigation", "Main"):
        for n in NAV:
            if n == active:
                t.add("link", n, current="page")
            else:
                t.add("link", n)
    with t.node("navigation", "Breadcrumb"):
        for c in crumbs[:-1]:
            t.add("link", c)
        t.text(crumbs[-1])
    with t.node("main", ""):
        if alert:
            with t.dynamic():
                with t.node("alert", ""):
                    t.text(alert)
        main(t)
    with t.node("complementary", "Recently viewed"):
        t.add("heading", "Recently viewed", level=2)
        with t.node("list", ""):
            for r in recent:
                with t.node("listitem", ""):
                    t.add("link", r)
    with t.node("status", "", live="polite"):
        if status:
            with t.dynamic():
                t.text(status)
    if toast:
        with t.dynamic():
            with t.node("region", "Notification"):
                t.text(toast)
                t.add("button", "Dismiss notification")
    with t.node("contentinfo", ""):
        t.text("%s %s · %s Approved Maintenance Organisation 3-87 · Data as of %s"
               % (PRODUCT, VERSION, ORG, DATA_AS_OF))
        t.add("link", "Help")
        t.add("link", "Report a problem")
        t.add("link", "Privacy notice")
    if dialog:
        with t.dynamic():
            dialog(t)
    return Page(key or url, url, "%s · %s" % (title, PRODUCT), t)


# ---------------------------------------------------------------------------
# Application data
# ---------------------------------------------------------------------------

S_CLOSED = "Closed"
S_OPEN = "Open"
S_PROG = "In progress"
S_AWAIT = "Work complete — awaiting sign-off"

# card, ATA, title, zone, status, RII
WP_CARDS = [
    ("TC-40201", "05-51-00", "Zonal inspection — nose landing gear bay", "711", S_CLOSED, "No"),
    ("TC-40202", "12-13-00", "Engine oil replenish — No. 1 and No. 2", "400", S_CLOSED, "No"),
    ("TC-40203", "12-14-00", "Hydraulic reservoir servicing — No. 1 system", "190", S_CLOSED, "No"),
    ("TC-40204", "21-21-00", "Recirculation fan filter — replace", "210", S_CLOSED, "No"),
    ("TC-40205", "21-51-00", "Pack heat exchanger — inspect", "191", S_OPEN, "No"),
    ("TC-40206", "23-51-00", "Flight interphone — functional check", "220", S_CLOSED, "No"),
    ("TC-40207", "24-31-00", "Main battery — capacity check", "120", S_PROG, "No"),
    ("TC-40208", "25-21-00", "Passenger seat tracks rows 1–10 — inspect", "230", S_CLOSED, "No"),
    ("TC-40209", "25-62-00", "Life vest inventory", "230", S_CLOSED, "No"),
    ("TC-40210", "26-15-00", "Cargo smoke detector — functional test", "140", S_OPEN, "No"),
    ("TC-40211", "27-51-00", "Flap actuator — lubrication", "570", S_PROG, "No"),
    ("TC-40212", "28-41-00", "Fuel quantity indication — calibration check", "540", S_OPEN, "No"),
    ("TC-40213", "29-11-00", "Hydraulic filter element No. 2 system — replace", "190", S_CLOSED, "No"),
    ("TC-40215", "30-42-00", "Windshield wiper blades — replace", "210", S_CLOSED, "No"),
    ("TC-40214", "30-61-00", "Propeller de-ice boots — inspect", "400", S_OPEN, "No"),
    ("TC-40216", "31-31-00", "FDR download and readout", "150", S_CLOSED, "No"),
    ("TC-40219", "32-11-00", "MLG side brace — inspect", "741", S_OPEN, "No"),
    ("TC-40217", "32-42-01", "MLG brake assembly No. 3 — remove and replace", "731", S_AWAIT, "Yes"),
    ("TC-40271", "32-42-01", "MLG brake assembly No. 4 — remove and replace (non-routine)", "741", S_AWAIT, "Yes"),
    ("TC-40218", "32-42-11", "MLG brake wear pin check — No. 3 and No. 4", "731", S_CLOSED, "No"),
    ("TC-40220", "33-41-00", "Navigation light lenses — clean", "600", S_CLOSED, "No"),
    ("TC-40221", "34-11-00", "Pitot-static system — leak check", "220", S_OPEN, "Yes"),
    ("TC-40222", "35-11-00", "Crew oxygen bottle — pressure check", "120", S_CLOSED, "No"),
    ("TC-40223", "52-11-00", "Passenger door seal — inspect", "230", S_CLOSED, "No"),
    ("TC-40224", "71-11-00", "Nacelle cowl latches — inspect", "410", S_PROG, "No"),
]
STAGE = {S_AWAIT: 0, S_PROG: 1, S_OPEN: 2, S_CLOSED: 3}

CARDS = {
    "TC-40217": {
        "title": "MLG brake assembly No. 3 — remove and replace",
        "ac": "C-GKWA", "ac_full": "C-GKWA (DHC-8-402, MSN 4412)", "ata": "32-42-01", "zone": "731",
        "origin": "Scheduled in WP-2411-087 — raised from DEF-7760 (No. 3 brake wear pin at limit)",
        "pn": "2-1577-3", "installed": "B3381", "removed": "B2107", "tag": "U-10988", "pos": "No. 3",
        "related": [
            "DEF-7760 · No. 3 brake wear pin at limit · C-GKWA",
            "TC-40218 · MLG brake wear pin check — No. 3 and No. 4",
            "TC-40271 · MLG brake assembly No. 4 — remove and replace",
            "PR-55103 · Parts request — brake assembly 2-1577-3 (issued)",
        ],
    },
    "TC-40271": {
        "title": "MLG brake assembly No. 4 — remove and replace (non-routine)",
        "ac": "C-GKWA", "ac_full": "C-GKWA (DHC-8-402, MSN 4412)", "ata": "32-42-01", "zone": "741",
        "origin": "Non-routine — raised during A4 check from DEF-7765 (No. 4 brake wear pin at limit)",
        "pn": "2-1577-3", "installed": "B3390", "removed": "B1984", "tag": "U-10991", "pos": "No. 4",
        "related": [
            "DEF-7765 · No. 4 brake wear pin at limit · C-GKWA",
            "TC-40218 · MLG brake wear pin check — No. 3 and No. 4",
            "TC-40217 · MLG brake assembly No. 3 — remove and replace",
            "PR-55118 · Parts request — brake assembly 2-1577-3 (issued)",
        ],
    },
}

INSPECTORS = {
    "IA-2291": ("Marta Lindqvist", "DHC-8 airframe/powerplant", "30 Jun 2025"),
    "IA-2219": ("Martin Lindgren", "DHC-8 avionics/structures", "31 Mar 2025"),
    "IA-3104": ("Priya Raman", "DHC-8 airframe/powerplant", "15 Jan 2026"),
}
TOOLS = {
    "TW-0418": "Torque wrench 40–200 Nm · calibration valid to 02 Feb 2025",
    "TW-0481": "Torque wrench 5–25 Nm · calibration valid to 19 Dec 2024",
}

# Defects, open and deferred, sorted by number (default view)
DEFECT_ROWS = [
    ("DEF-7740", "C-GKWE", "38-31", "Aft lavatory flush motor runs continuously", "09 Nov 16:20", "Deferred — MEL 38-31-01"),
    ("DEF-7742", "C-GKWA", "33-24", "NO SMOKING sign row 12 inop", "09 Nov 19:05", "Deferred — MEL 33-24-01"),
    ("DEF-7745", "C-GKWD", "35-21", "Passenger oxygen box row 9 DEF latch loose", "10 Nov 07:12", "Open"),
    ("DEF-7749", "C-GKWB", "25-11", "F/O seat lumbar adjustment inop", "10 Nov 13:40", "Deferred — MEL 25-11-03"),
    ("DEF-7751", "C-GKWE", "30-42", "Left windshield heat intermittent", "10 Nov 22:18", "Deferred — MEL 30-42-01"),
    ("DEF-7753", "C-GKWA", "52-11", "Passenger door assist handle loose", "11 Nov 06:55", "Open"),
    ("DEF-7756", "C-GKWD", "23-31", "PA chime inop at aft attendant station", "11 Nov 15:30", "Deferred — MEL 23-31-02"),
    ("DEF-7758", "C-GKWE", "21-61", "Cabin temperature controller drifts warm", "12 Nov 09:02", "Open"),
    ("DEF-7760", "C-GKWA", "32-42", "No. 3 brake wear pin at limit", "12 Nov 11:47", "Open — TC-40217"),
    ("DEF-7763", "C-GKWD", "34-11", "Standby altimeter lighting dim", "12 Nov 18:26", "Deferred — MEL 34-11-04"),
    ("DEF-7765", "C-GKWA", "32-42", "No. 4 brake wear pin at limit", "13 Nov 01:10", "Open — TC-40271"),
    ("DEF-7772", "C-GKWE", "26-15", "Cargo smoke detector 2 BITE fault", "13 Nov 08:44", "Open"),
    ("DEF-7776", "C-GKWD", "33-42", "Right wingtip strobe inop", "13 Nov 12:15", "Deferred — MEL 33-42-02"),
    ("DEF-7779", "C-GKWB", "33-42", "Left wing navigation light inop", "13 Nov 17:31", "Deferred — MEL 33-42-01"),
    ("DEF-7781", "C-GKWB", "21-51", "No. 1 pack flow control valve fails to open — PACK 1 FAULT caution", "13 Nov 21:52", "Open"),
    ("DEF-7784", "C-GKWD", "30-42", "Right windshield heat inop", "13 Nov 22:40", "Deferred — MEL 30-42-01"),
    ("DEF-7786", "C-GKWE", "25-21", "Seat 7C recline inop", "13 Nov 23:05", "Deferred — MEL 25-21-05"),
    ("DEF-7788", "C-GKWB", "23-31", "PA volume low rows 15–19", "14 Nov 00:12", "Open"),
    ("DEF-7791", "C-GKWD", "21-51", "No. 1 pack flow control valve fails to open — PACK 1 FAULT on climb", "14 Nov 00:35", "Open"),
    ("DEF-7793", "C-GKWA", "28-41", "No. 2 tank fuel quantity indication flickers", "14 Nov 01:20", "Open"),
    ("DEF-7795", "C-GKWE", "30-61", "Propeller de-ice cycle light No. 2 inop", "14 Nov 01:58", "Open"),
]

DEFECTS = {
    "DEF-7781": {
        "ac": "C-GKWB", "ac_full": "C-GKWB (DHC-8-402, MSN 4419)",
        "desc": "No. 1 pack flow control valve fails to open — PACK 1 FAULT caution",
        "reported": "13 Nov 2024 21:52 by Capt. L. Moreau — tech log TL-22871, item 2",
        "techlog": "TL-22871",
        "trouble": ("FIM 21-51-00-810-801 done 14 Nov 00:20: No. 1 FCV does not open with PACK 1 "
                    "selected; solenoid and harness checked serviceable; valve confirmed inoperative."),
        "departure": "CS 412 YKA–YVR, 14 Nov 06:10",
        "related": [
            "DEF-7718 · No. 2 pack flow control valve intermittent · C-GKWB (closed 02 Nov)",
            "DEF-7791 · No. 1 pack flow control valve fails to open · C-GKWD",
            "PR-55141 · Parts request — flow control valve 3291560-4 (ETA 19 Nov)",
            "TL-22871 · Technical log page · C-GKWB",
        ],
    },
    "DEF-7791": {
        "ac": "C-GKWD", "ac_full": "C-GKWD (DHC-8-402, MSN 4425)",
        "desc": "No. 1 pack flow control valve fails to open — PACK 1 FAULT on climb",
        "reported": "14 Nov 2024 00:35 by F/O K. Brandt — tech log TL-22904, item 1",
        "techlog": "TL-22904",
        "trouble": ("FIM 21-51-00-810-801 done 14 Nov 01:40: No. 1 FCV does not open on command; "
                    "valve confirmed inoperative."),
        "departure": "CS 418 YKA–YYC, 14 Nov 06:45",
        "related": [
            "DEF-7781 · No. 1 pack flow control valve fails to open · C-GKWB",
            "DEF-7784 · Right windshield heat inop · C-GKWD",
            "TL-22904 · Technical log page · C-GKWD",
        ],
    },
}

MEL_ITEMS = [
    "21-51-01 Pack Flow Control Valve — Cat C — 2 installed, 1 required — (O)(M)",
    "21-51-02 Pack Temperature Control Valve — Cat C — 2 installed, 1 required — (O)(M)",
    "21-51-10 Pack Outlet Temperature Sensor — Cat C — (M)",
    "21-51-11 Pack Inlet Temperature Sensor — Cat C — (M)",
]
MEL_TARGET = MEL_ITEMS[0]
CAT_OPTIONS = ["A — as specified in remarks", "B — 3 calendar days", "C — 10 calendar days",
               "D — 120 calendar days"]
CAT_C = CAT_OPTIONS[2]

O_LABEL = "(O) Operational procedure reviewed with dispatch — single-pack operation, maximum FL250"
M_LABEL = "(M) Maintenance procedure done — No. 1 flow control valve secured closed, PACK 1 switch collared"
INSPECTED_LABEL = ("Independent inspection performed — installation and axle nut torque verified "
                   "by the second inspector")
CERTIFY_LABEL = ("I certify that the work recorded on this card was carried out in accordance with "
                 "the approved data and CAR 571.10")


RECENT_SELF = {
    "TC-40217": "TC-40217 · MLG brake assy No. 3 R&R · C-GKWA",
    "TC-40271": RECENT[0],
    "DEF-7781": RECENT[1],
    "DEF-7791": "DEF-7791 · No. 1 pack FCV fails to open · C-GKWD",
}


def recent_with(rec_id):
    """Recently viewed list once rec_id has been opened: it moves to the top."""
    me = RECENT_SELF[rec_id]
    return [me] + [x for x in RECENT if x != me][:4]


def wp_crumbs(extra):
    return ["Dashboard", "Work packages", "WP-2411-087"] + extra


# ---------------------------------------------------------------------------
# Pages: dashboard, search
# ---------------------------------------------------------------------------

def dashboard(toast=None, search=""):
    def main(t):
        t.add("heading", "Night shift · YKA Hangar 2 · %s" % TODAY, level=1)
        with t.node("region", "My open task cards"):
            t.add("heading", "My open task cards", level=2)
            with t.node("table", "My open task cards"):
                with t.node("row", ""):
                    for h in ["Card", "Aircraft", "Title", "Status", "Due"]:
                        t.add("columnheader", h)
                for c, ac, title, st, due in [
                    ("TC-40217", "C-GKWA", CARDS["TC-40217"]["title"], S_AWAIT, "14 Nov 05:30"),
                    ("TC-40271", "C-GKWA", CARDS["TC-40271"]["title"], S_AWAIT, "14 Nov 05:30"),
                    ("TC-40219", "C-GKWA", "MLG side brace — inspect", S_OPEN, "14 Nov 05:30"),
                    ("TC-40224", "C-GKWA", "Nacelle cowl latches — inspect", S_PROG, "14 Nov 05:30"),
                ]:
                    with t.node("row", " ".join([c, ac, title, st, due])):
                        with t.node("gridcell", ""):
                            t.add("link", c)
                        t.add("gridcell", ac)
                        t.add("gridcell", title)
                        t.add("gridcell", st)
                        t.add("gridcell", due)
            t.add("link", "All my task cards")
        with t.node("region", "Open defects at YKA"):
            t.add("heading", "Open defects at YKA", level=2)
            with t.node("table", "Open defects at YKA"):
                with t.node("row", ""):
                    for h in ["Defect", "Aircraft", "Description", "Reported", "Status"]:
                        t.add("columnheader", h)
                for d in ["DEF-7795", "DEF-7791", "DEF-7788", "DEF-7781"]:
                    row = [r for r in DEFECT_ROWS if r[0] == d][0]
                    with t.node("row", " ".join([row[0], row[1], row[3], row[4], row[5]])):
                        with t.node("gridcell", ""):
                            t.add("link", row[0])
                        t.add("gridcell", row[1])
                        t.add("gridcell", row[3])
                        t.add("gridcell", row[4])
                        t.add("gridcell", row[5])
            t.add("link", "All defects")
        with t.node("region", "Aircraft due out"):
            t.add("heading", "Aircraft due out", level=2)
            with t.node("list", ""):
                for s in ["C-GKWA · A4 check release 05:30 · CS 401 YKA–YVR 06:00",
                          "C-GKWB · CS 412 YKA–YVR 06:10",
                          "C-GKWD · CS 418 YKA–YYC 06:45"]:
                    with t.node("listitem", ""):
                        t.text(s)
    return build(BASE + "/", "Dashboard", "Dashboard", ["Dashboard"], main,
                 key="dashboard", toast=toast, search=search)


SEARCH_RESULTS = {
    "TC-40217": ("Best match", [
        ("TC-40217 · MLG brake assembly No. 3 — remove and replace",
         "Task card · C-GKWA · WP-2411-087 · " + S_AWAIT + " · exact match"),
        ("TC-40271 · MLG brake assembly No. 4 — remove and replace (non-routine)",
         "Task card · C-GKWA · WP-2411-087 · " + S_AWAIT),
        ("TC-40218 · MLG brake wear pin check — No. 3 and No. 4",
         "Task card · C-GKWA · WP-2411-087 · Closed 13 Nov 20:14"),
        ("TC-39817 · MLG brake assembly No. 3 — remove and replace",
         "Task card · C-GKWB · WP-2409-112 · Closed 28 Sep 03:02"),
    ]),
    "MLG brake assembly replace C-GKWA": ("Most recent activity", [
        ("TC-40271 · MLG brake assembly No. 4 — remove and replace (non-routine)",
         "Task card · C-GKWA · WP-2411-087 · " + S_AWAIT + " · updated 14 Nov 01:55"),
        ("TC-40217 · MLG brake assembly No. 3 — remove and replace",
         "Task card · C-GKWA · WP-2411-087 · " + S_AWAIT + " · updated 14 Nov 01:12"),
        ("TC-40218 · MLG brake wear pin check — No. 3 and No. 4",
         "Task card · C-GKWA · WP-2411-087 · Closed 13 Nov 20:14"),
    ]),
    "DEF-7781": ("Best match", [
        ("DEF-7781 · No. 1 pack flow control valve fails to open",
         "Defect · C-GKWB · ATA 21-51 · Open · reported 13 Nov 21:52 · exact match"),
        ("DEF-7718 · No. 2 pack flow control valve intermittent",
         "Defect · C-GKWB · ATA 21-51 · Closed 02 Nov"),
        ("DEF-7791 · No. 1 pack flow control valve fails to open",
         "Defect · C-GKWD · ATA 21-51 · Open · reported 14 Nov 00:35"),
    ]),
}


def search_page(q):
    sort, results = SEARCH_RESULTS[q]
    ncard = sum(1 for r in results if r[0].startswith("TC-"))
    ndef = len(results) - ncard

    def main(t):
        t.add("heading", "Results for “%s”" % q, level=1)
        with t.node("tablist", "Result types"):
            t.add("tab", "All (%d)" % len(results), selected=True)
            t.add("tab", "Task cards (%d)" % ncard, selected=False)
            t.add("tab", "Defects (%d)" % ndef, selected=False)
            t.add("tab", "Aircraft (0)", selected=False)
        t.add("combobox", "Sort results", value=sort, hasPopup="listbox", expanded=False)
        t.text("%d results" % len(results))
        with t.node("list", "Search results"):
            for name, meta in results:
                with t.node("listitem", ""):
                    with t.node("article", ""):
                        t.add("link", name)
                        t.text(meta)
    url = BASE + "/search?q=" + q.replace(" ", "+")
    return build(url, "Search: %s" % q, None, ["Dashboard", "Search"], main, search=q)


# ---------------------------------------------------------------------------
# Pages: work package board, task card, sign-off wizard
# ---------------------------------------------------------------------------

def board_page(sort="ata", page=1, status=None):
    if sort == "ata":
        cards = list(WP_CARDS)
    else:
        cards = sorted(WP_CARDS, key=lambda c: (STAGE[c[4]], c[0]))
    per = 15
    rows = cards[(page - 1) * per: page * per]
    q = []
    if sort != "ata":
        q.append("sort=" + sort)
    if page != 1:
        q.append("page=%d" % page)
    url = BASE + "/workpackages/WP-2411-087/cards" + ("?" + "&".join(q) if q else "")
    closed = sum(1 for c in WP_CARDS if c[4] == S_CLOSED)

    def main(t):
        t.add("heading", "Work package WP-2411-087", level=1)
        t.text("C-GKWA · DHC-8-402 · A4 check · YKA Hangar 2 · planned release 14 Nov 2024 05:30")
        t.add("progressbar", "Cards closed", value="%d of %d" % (closed, len(WP_CARDS)))
        with t.node("region", "Task card filters"):
            t.add("combobox", "Show", value="All cards", hasPopup="listbox", expanded=False)
            t.add("combobox", "Assigned to", value="Anyone", hasPopup="listbox", expanded=False)
            t.add("textbox", "Filter by card or title", value="")
        with t.node("table", "Task cards in WP-2411-087"):
            with t.node("row", ""):
                for label, key in [("Card", "card"), ("Title", None), ("ATA", "ata"),
                                   ("Zone", None), ("Status", "status"), ("RII", None)]:
                    if key:
                        srt = "ascending" if key == sort else None
                        with t.node("columnheader", label, sort=srt):
                            t.add("button", "Sort by %s" % label)
                    else:
                        t.add("columnheader", label)
            for c in rows:
                with t.node("row", " ".join([c[0], c[2], c[1], c[3], c[4], c[5]])):
                    with t.node("gridcell", ""):
                        t.add("link", c[0])
                    t.add("gridcell", c[2])
                    t.add("gridcell", c[1])
                    t.add("gridcell", c[3])
                    t.add("gridcell", c[4])
                    t.add("gridcell", c[5])
        start = (page - 1) * per + 1
        t.text("Showing %d–%d of %d task cards" % (start, start + len(rows) - 1, len(WP_CARDS)))
        with t.node("navigation", "Pagination"):
            t.add("link", "Previous page", disabled=(page == 1) or None)
            t.add("link", "Page 1", current="page" if page == 1 else None)
            t.add("link", "Page 2", current="page" if page == 2 else None)
            t.add("link", "Next page", disabled=(page == 2) or None)
        with t.node("group", "Work package actions"):
            t.add("button", "Add non-routine card")
            t.add("button", "Print work package")
    title = "WP-2411-087 task cards" + (" (page %d)" % page if page > 1 else "")
    return build(url, title, "Work packages", wp_crumbs(["Task cards"]), main, status=status)


def card_page(cid, state="await", signoff=None, status=None, alert=None, draft=None, key=None):
    """state: await | closed | rii_out. signoff: dict(tool, auth, at) when signed."""
    c = CARDS[cid]
    st = {"await": "Open — work complete, awaiting sign-off",
          "closed": "Closed — signed off",
          "rii_out": "Open — work certified, independent inspection outstanding"}[state]

    def main(t):
        t.add("heading", "Task card %s" % cid, level=1)
        t.text(c["title"])
        if draft:
            with t.dynamic():
                with t.node("region", "Saved draft"):
                    t.text(draft)
                    t.add("button", "Resume draft")
                    t.add("button", "Discard draft")
        with t.node("list", "Card details"):
            for k, v in [("Aircraft", c["ac_full"]), ("Work package", "WP-2411-087 · A4 check"),
                         ("ATA / AMM reference", "%s · AMM 32-42-01-000-801" % c["ata"]),
                         ("Zone", c["zone"]), ("Origin", c["origin"]), ("Status", st),
                         ("Required inspection (RII)",
                          "Yes — independent inspection of brake installation and axle nut torque")]:
                t.add("term", k)
                t.add("definition", v)
        with t.node("group", "Card actions"):
            if state == "await":
                t.add("button", "Start sign-off")
            if state == "rii_out":
                t.add("button", "Record independent inspection")
            t.add("button", "Add finding", disabled=(state == "closed") or None)
            t.add("button", "Print card")
        t.add("heading", "Task steps", level=2)
        with t.node("table", "Task steps"):
            with t.node("row", ""):
                for h in ["Step", "Instruction", "Done by", "Time"]:
                    t.add("columnheader", h)
            for i, (ins, tm) in enumerate([
                ("Jack aircraft and remove %s wheel IAW AMM 32-45-11" % c["pos"], "13 Nov 22:58"),
                ("Remove brake assembly S/N %s" % c["removed"], "13 Nov 23:20"),
                ("Install brake assembly P/N %s S/N %s" % (c["pn"], c["installed"]), "13 Nov 23:51"),
                ("Torque axle nut IAW AMM 32-45-11 (RII)", "14 Nov 00:06"),
                ("Bleed brake and perform brake function check", "14 Nov 00:32"),
                ("Install wheel, remove jacks, lockwire and safety", "14 Nov 01:04"),
            ], 1):
                with t.node("row", "%d %s %s %s" % (i, ins, USER_SHORT, tm)):
                    t.add("gridcell", str(i))
                    t.add("gridcell", ins)
                    t.add("gridcell", USER_SHORT)
                    t.add("gridcell", tm)
        t.add("heading", "Parts", level=2)
        with t.node("table", "Parts"):
            with t.node("row", ""):
                for h in ["Action", "Part number", "Serial number", "Note"]:
                    t.add("columnheader", h)
            with t.node("row", "Installed %s %s Issued on %s" % (c["pn"], c["installed"], c["related"][3][:8])):
                t.add("gridcell", "Installed")
                t.add("gridcell", c["pn"])
                t.add("gridcell", c["installed"])
                t.add("gridcell", "Issued on " + c["related"][3][:8])
            with t.node("row", "Removed %s %s U/S tag %s" % (c["pn"], c["removed"], c["tag"])):
                t.add("gridcell", "Removed")
                t.add("gridcell", c["pn"])
                t.add("gridcell", c["removed"])
                t.add("gridcell", "U/S tag " + c["tag"])
        t.add("heading", "Sign-off history", level=2)
        if signoff:
            insp = INSPECTORS[signoff["auth"]]
            with t.node("table", "Sign-off history"):
                with t.node("row", ""):
                    for h in ["Time", "Signature", "Signatory", "Detail"]:
                        t.add("columnheader", h)
                with t.node("row", "14 Nov 2024 %s Work certified %s" % (signoff["at"], USER)):
                    t.add("gridcell", "14 Nov 2024 " + signoff["at"])
                    t.add("gridcell", "Work certified")
                    t.add("gridcell", "%s (%s)" % (USER, USER_LICENCE))
                    t.add("gridcell", "Torque wrench " + signoff["tool"])
                if state == "closed":
                    with t.node("row", "14 Nov 2024 %s Independent inspection %s" % (signoff["at"], insp[0])):
                        t.add("gridcell", "14 Nov 2024 " + signoff["at"])
                        t.add("gridcell", "Independent inspection")
                        t.add("gridcell", "%s (%s)" % (insp[0], signoff["auth"]))
                        t.add("gridcell", signoff.get("remarks") or "—")
        else:
            t.text("No signatures recorded yet.")
        with t.node("complementary", "Related records"):
            t.add("heading", "Related records", level=2)
            with t.node("list", ""):
                for r in c["related"]:
                    with t.node("listitem", ""):
                        t.add("link", r)
    return build(BASE + "/cards/" + cid, "Task card %s" % cid, "Task cards",
                 wp_crumbs([cid]), main, key=key, status=status, alert=alert,
                 recent=recent_with(cid))


SO_STEPS = ["Work performed", "Parts and tooling", "Independent inspection", "Review and certify"]


def new_signoff_values(cid):
    c = CARDS[cid]
    return {
        "work": ("Removed %s brake assy S/N %s, installed P/N %s S/N %s IAW AMM 32-42-01. "
                 "Axle nut torqued IAW AMM 32-45-11, brake bled and function checked satisfactory."
                 % (c["pos"], c["removed"], c["pn"], c["installed"])),
        "findings": "", "hours": "2.5", "all_done": False, "tagged": True, "tool": "",
        "auth": "", "pin": "", "inspected": False, "remarks": "", "certify": False,
    }


def signoff_page(cid, step, v, dialog=False, status=None):
    c = CARDS[cid]
    url = "%s/cards/%s/signoff?step=%d" % (BASE, cid, step)

    def main(t):
        t.add("heading", "Sign off task card %s" % cid, level=1)
        t.text("%s · %s" % (c["ac"], c["title"]))
        with t.node("navigation", "Sign-off steps"):
            with t.node("list", ""):
                for i, s in enumerate(SO_STEPS, 1):
                    label = "Step %d of 4: %s" % (i, s)
                    if i < step:
                        label += " (complete)"
                    with t.node("listitem", ""):
                        if i == step:
                            t.add("link", label, current="step")
                        else:
                            t.add("link", label)
        with t.node("form", "Sign-off step %d" % step):
            t.add("heading", "Step %d of 4: %s" % (step, SO_STEPS[step - 1]), level=2)
            if step == 1:
                t.add("textbox", "Work performed", value=v["work"], multiline=True, required=True)
                t.add("textbox", "Findings (optional)", value=v["findings"], multiline=True)
                t.add("textbox", "Labour hours", value=v["hours"], required=True)
                t.add("checkbox", "All task steps are complete", checked=v["all_done"], required=True)
            elif step == 2:
                with t.node("table", "Parts fitted and removed"):
                    with t.node("row", ""):
                        for h in ["Action", "Part number", "Serial number"]:
                            t.add("columnheader", h)
                    for a, sn in [("Installed", c["installed"]), ("Removed", c["removed"])]:
                        with t.node("row", "%s %s %s" % (a, c["pn"], sn)):
                            t.add("gridcell", a)
                            t.add("gridcell", c["pn"])
                            t.add("gridcell", sn)
                t.add("checkbox", "Removed part tagged unserviceable (tag %s)" % c["tag"],
                      checked=v["tagged"])
                t.add("textbox", "Torque wrench ID", value=v["tool"], required=True)
                if v["tool"]:
                    with t.dynamic():
                        with t.node("status", "Tool lookup"):
                            t.text("%s · %s" % (v["tool"], TOOLS[v["tool"]]))
            elif step == 3:
                t.text("This card includes a required inspection item (RII). A second licensed "
                       "inspector who did not perform the work must inspect the installation and "
                       "the axle nut torque.")
                with t.node("group", "Recently used inspectors"):
                    t.add("button", "Use Martin Lindgren (IA-2219)")
                    t.add("button", "Use Priya Raman (IA-3104)")
                t.add("textbox", "Inspector authorisation no.", value=v["auth"], required=True)
                if v["auth"]:
                    name, scope, valid = INSPECTORS[v["auth"]]
                    with t.dynamic():
                        with t.node("status", "Inspector lookup"):
                            t.text("%s — licensed inspector (%s), authorisation %s valid to %s"
                                   % (name, scope, v["auth"], valid))
                t.add("textbox", "Inspector PIN", value="•" * len(v["pin"]), required=True)
                t.add("checkbox", INSPECTED_LABEL, checked=v["inspected"])
                t.add("textbox", "Inspection remarks (optional)", value=v["remarks"], multiline=True)
            else:
                insp = INSPECTORS.get(v["auth"], ("—", "", ""))
                with t.node("table", "Sign-off summary"):
                    for k, val in [
                        ("Task card", "%s · %s" % (cid, c["title"])),
                        ("Aircraft", c["ac_full"]),
                        ("Work performed", v["work"]),
                        ("Findings", v["findings"] or "None"),
                        ("Labour hours", v["hours"]),
                        ("Parts", "Installed %s S/N %s; removed S/N %s (tag %s)"
                         % (c["pn"], c["installed"], c["removed"], c["tag"])),
                        ("Torque wrench", "%s · %s" % (v["tool"], TOOLS[v["tool"]]) if v["tool"] else "—"),
                        ("Certifying engineer", "%s (%s)" % (USER, USER_LICENCE)),
                        ("Second inspector", "%s (%s)" % (insp[0], v["auth"]) if v["auth"] else "—"),
                        ("Independent inspection", "Performed" if v["inspected"] else "Not recorded"),
                        ("Inspection remarks", v["remarks"] or "None"),
                    ]:
                        with t.node("row", "%s %s" % (k, val)):
                            t.add("rowheader", k)
                            t.add("cell", val)
                t.add("checkbox", CERTIFY_LABEL, checked=v["certify"], required=True)
            with t.node("group", "Wizard navigation"):
                t.add("button", "Back", disabled=(step == 1) or None)
                t.add("button", "Save draft")
                if step < 4:
                    t.add("button", "Next")
                else:
                    t.add("button", "Sign off and close card")
                t.add("link", "Cancel sign-off")

    dlg = None
    if dialog:
        insp = INSPECTORS[v["auth"]]

        def dlg(t):
            with t.node("dialog", "Confirm sign-off", modal=True):
                t.add("heading", "Sign off %s?" % cid, level=2)
                t.text("You and %s (%s) will be recorded as signatories and the card will be "
                       "closed. Signed task cards cannot be edited." % (insp[0], v["auth"]))
                t.add("button", "Cancel")
                t.add("button", "Confirm sign-off")
    return build(url, "Sign off %s — step %d of 4" % (cid, step), "Task cards",
                 wp_crumbs([cid, "Sign-off"]), main, status=status, dialog=dlg,
                 recent=recent_with(cid))


# ---------------------------------------------------------------------------
# Pages: defects list, defect detail, deferral wizard, MEL text, not authorised
# ---------------------------------------------------------------------------

def defects_page(aircraft="All aircraft", applied="All aircraft", page=1, status=None,
                 restored=False):
    rows = [r for r in DEFECT_ROWS if applied == "All aircraft" or r[1] == applied]
    per = 12
    pages = max(1, (len(rows) + per - 1) // per)
    shown = rows[(page - 1) * per: page * per]
    q = []
    if applied != "All aircraft":
        q.append("aircraft=" + applied)
    q.append("status=open,deferred")
    if page != 1:
        q.append("page=%d" % page)
    url = BASE + "/defects?" + "&".join(q)

    def main(t):
        t.add("heading", "Defects", level=1)
        with t.node("region", "Filters"):
            t.add("heading", "Filters", level=2)
            if restored:
                t.text("Filters restored from your last session")
            t.add("combobox", "Aircraft", value=aircraft, hasPopup="listbox", expanded=False)
            with t.node("group", "Status"):
                t.add("checkbox", "Open", checked=True)
                t.add("checkbox", "Deferred", checked=True)
                t.add("checkbox", "Closed", checked=False)
            t.add("combobox", "Reported", value="Last 30 days", hasPopup="listbox", expanded=False)
            t.add("button", "Apply filters")
            t.add("button", "Reset filters")
        with t.node("table", "Defects"):
            with t.node("row", ""):
                for h in ["Defect", "Aircraft", "ATA", "Description", "Reported", "Status"]:
                    if h in ("Defect", "Aircraft", "Reported"):
                        with t.node("columnheader", h, sort="ascending" if h == "Defect" else None):
                            t.add("button", "Sort by %s" % h)
                    else:
                        t.add("columnheader", h)
            for r in shown:
                with t.node("row", " ".join(r)):
                    with t.node("gridcell", ""):
                        t.add("link", r[0])
                    for x in r[1:]:
                        t.add("gridcell", x)
        if shown:
            start = (page - 1) * per + 1
            t.text("Showing %d–%d of %d defects" % (start, start + len(shown) - 1, len(rows)))
        else:
            t.text("No defects match the current filters")
        with t.node("navigation", "Pagination"):
            t.add("link", "Previous page", disabled=(page == 1) or None)
            for p in range(1, pages + 1):
                t.add("link", "Page %d" % p, current="page" if p == page else None)
            t.add("link", "Next page", disabled=(page == pages) or None)
        t.add("button", "Report new defect")
    title = "Defects" + ("" if applied == "All aircraft" else " · " + applied)
    if page > 1:
        title += " (page %d)" % page
    return build(url, title, "Defects", ["Dashboard", "Defects"], main,
                 key="defects|%s|%d" % (applied, page), status=status)


def defect_page(did, deferrals=(), status=None, key=None, notes=None):
    d = DEFECTS[did]
    if deferrals:
        st = "Deferred — MEL 21-51-01 Cat C, repair interval ends 24 Nov 2024 23:59"
    else:
        st = "Open"

    def main(t):
        t.add("heading", "Defect %s" % did, level=1)
        t.text(d["desc"])
        with t.node("list", "Defect details"):
            for k, v in [("Aircraft", d["ac_full"]), ("Reported", d["reported"]),
                         ("ATA", "21-51 Air conditioning — pack flow control"), ("Status", st),
                         ("Next departure", d["departure"]), ("Troubleshooting", d["trouble"])]:
                t.add("term", k)
                t.add("definition", v)
        with t.node("group", "Defect actions"):
            if not deferrals:
                t.add("button", "Defer defect")
            t.add("button", "Rectify defect")
            t.add("button", "Add troubleshooting entry")
        t.add("heading", "Deferrals", level=2)
        if deferrals:
            with t.node("table", "Deferrals"):
                with t.node("row", ""):
                    for h in ["Deferral", "MEL item", "Category", "Repair interval ends",
                              "INOP placard", "Open actions", "Certified by"]:
                        t.add("columnheader", h)
                for dfr in deferrals:
                    cells = [dfr["id"], "21-51-01", "C", "24 Nov 2024 23:59",
                             dfr.get("placard") or "—", dfr.get("open_actions") or "None",
                             "%s 14 Nov %s" % (USER_SHORT, dfr["at"])]
                    with t.node("row", " ".join(cells)):
                        for x in cells:
                            t.add("gridcell", x)
            if notes:
                t.text(notes)
        else:
            t.text("No deferrals recorded.")
        with t.node("complementary", "Related records"):
            t.add("heading", "Related records", level=2)
            with t.node("list", ""):
                for r in d["related"]:
                    with t.node("listitem", ""):
                        t.add("link", r)
    return build(BASE + "/defects/" + did, "Defect %s · %s" % (did, d["ac"]), "Defects",
                 ["Dashboard", "Defects", did], main, key=key, status=status,
                 recent=recent_with(did))


DF_STEPS = ["MEL item", "Conditions", "Review and submit"]


def new_defer_values():
    return {"query": "", "mel": None, "cat": CAT_C, "o": False, "m": False, "placard": "",
            "remarks": ""}


def defer_page(did, step, v, dialog=False, status=None, submit_disabled=False):
    d = DEFECTS[did]
    url = "%s/defects/%s/defer?step=%d" % (BASE, did, step)

    def main(t):
        t.add("heading", "Defer defect %s" % did, level=1)
        t.text("%s · %s" % (d["ac"], d["desc"]))
        with t.node("navigation", "Deferral steps"):
            with t.node("list", ""):
                for i, s in enumerate(DF_STEPS, 1):
                    label = "Step %d of 3: %s" % (i, s)
                    if i < step:
                        label += " (complete)"
                    with t.node("listitem", ""):
                        if i == step:
                            t.add("link", label, current="step")
                        else:
                            t.add("link", label)
        with t.node("form", "Deferral step %d" % step):
            t.add("heading", "Step %d of 3: %s" % (step, DF_STEPS[step - 1]), level=2)
            if step == 1:
                t.add("searchbox", "Search MEL (DHC-8-400 MEL, revision 31)", value=v["query"])
                if v["query"]:
                    with t.dynamic():
                        t.text("%d items match “%s”" % (len(MEL_ITEMS), v["query"]))
                        with t.node("radiogroup", "MEL items"):
                            for m in MEL_ITEMS:
                                t.add("radio", m, checked=(v["mel"] == m))
            elif step == 2:
                t.text("MEL %s" % (v["mel"] or "—"))
                t.add("combobox", "Repair category", value=v["cat"], hasPopup="listbox",
                      expanded=False, required=True)
                t.text("Repair interval ends 24 Nov 2024 23:59 (YKA local)")
                t.add("checkbox", O_LABEL, checked=v["o"])
                t.add("checkbox", M_LABEL, checked=v["m"])
                t.add("link", "View MEL 21-51-01 (O)(M) procedures")
                t.add("textbox", "INOP placard number", value=v["placard"], required=True)
                t.add("textbox", "Remarks (optional)", value=v["remarks"], multiline=True)
            else:
                with t.node("table", "Deferral summary"):
                    for k, val in [
                        ("Defect", "%s · %s" % (did, d["desc"])),
                        ("Aircraft", d["ac_full"]),
                        ("MEL item", v["mel"] or "—"),
                        ("Repair category", v["cat"]),
                        ("Repair interval ends", "24 Nov 2024 23:59 (YKA local)"),
                        ("(O) procedure", "Reviewed with dispatch" if v["o"] else "Not recorded"),
                        ("(M) procedure", "Done — valve secured closed" if v["m"] else "Not recorded"),
                        ("INOP placard", v["placard"] or "—"),
                        ("Remarks", v["remarks"] or "None"),
                        ("Certifying engineer", "%s (%s)" % (USER, USER_LICENCE)),
                    ]:
                        with t.node("row", "%s %s" % (k, val)):
                            t.add("rowheader", k)
                            t.add("cell", val)
            with t.node("group", "Wizard navigation"):
                t.add("button", "Back", disabled=(step == 1) or None)
                t.add("button", "Save draft")
                if step < 3:
                    t.add("button", "Next", disabled=(step == 1 and not v["mel"]) or None)
                else:
                    t.add("button", "Submit deferral", disabled=submit_disabled or None)
                t.add("link", "Cancel deferral")

    dlg = None
    if dialog:
        def dlg(t):
            with t.node("dialog", "Confirm deferral", modal=True):
                t.add("heading", "Defer %s?" % did, level=2)
                t.text("%s will be deferred under MEL 21-51-01 (Cat C) until 24 Nov 2024 23:59 and "
                       "entered in the %s technical log. Dispatch will be notified."
                       % (did, d["ac"]))
                t.add("button", "Cancel")
                t.add("button", "Defer defect")
    return build(url, "Defer %s — step %d of 3" % (did, step), "Defects",
                 ["Dashboard", "Defects", did, "Defer"], main, status=status, dialog=dlg,
                 recent=recent_with(did))


def mel_page():
    def main(t):
        t.add("heading", "MEL 21-51-01 Pack Flow Control Valve", level=1)
        t.text("DHC-8-400 Minimum Equipment List · revision 31 · effective 01 Oct 2024")
        with t.node("table", "MEL item"):
            with t.node("row", ""):
                for h in ["Item", "Category", "Installed", "Required"]:
                    t.add("columnheader", h)
            with t.node("row", "21-51-01 C 2 1"):
                for x in ["21-51-01", "C", "2", "1"]:
                    t.add("gridcell", x)
        t.add("heading", "Remarks or exceptions", level=2)
        t.text("One may be inoperative provided the associated valve is secured closed and the "
               "flight is conducted at or below FL250.")
        t.add("heading", "(O) Operational procedure", level=2)
        t.text("Brief crew on single-pack operation. Plan cruise at or below FL250.")
        t.add("heading", "(M) Maintenance procedure", level=2)
        t.text("Secure the affected flow control valve closed IAW AMM 21-51-11-040-801 and install "
               "a switch collar on the PACK switch.")
        t.add("link", "Back to defects")
    return build(BASE + "/mel/DHC8-400/21-51-01", "MEL 21-51-01 Pack Flow Control Valve", "MEL",
                 ["Dashboard", "MEL", "21-51-01"], main)


def not_authorised_page(did):
    def main(t):
        t.add("heading", "You don't have the authorisation needed to defer this defect", level=1)
        t.text("Deferring a defect under the MEL requires the “Deferral certifier (DHC-8)” "
               "authorisation. Your current authorisations: AME B1 — task card sign-off.")
        t.text("If you believe this is wrong, contact Maintenance Control (ext. 4410).")
        t.add("link", "Back to %s" % did)
        t.add("link", "Request authorisation")
    return build(BASE + "/defects/%s/defer" % did, "Not authorised", "Defects",
                 ["Dashboard", "Defects", did, "Not authorised"], main)


# ---------------------------------------------------------------------------
# Run builder
# ---------------------------------------------------------------------------

NOTES = {}


class Run:
    def __init__(self, rid, workflow, start, fault=None, note=""):
        self.rid = rid
        self.workflow = workflow
        self.start = start
        self.cur = start
        self.steps = []
        self.fault = fault
        self.fault_step = None
        self.note = note
        NOTES[rid] = note

    def mark(self):
        assert self.fault_step is None, self.rid
        self.fault_step = len(self.steps)

    def _push(self, commitment, command, reasoning, target, effect, page, error=None):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target,
                       "effect": effect},
            "observation": page.obs(error),
        })
        self.cur = page

    def click(self, com, role, name, page, why, effect="read"):
        b = self.cur.bid(role, name)
        self._push(com, "click(%r)" % b, why, "%s %r" % (role, name), effect, page)

    def fill(self, com, role, name, value, page, why, effect="write"):
        b = self.cur.bid(role, name)
        self._push(com, "fill(%r, %r)" % (b, value), why, "%s %r" % (role, name), effect, page)

    def press(self, com, role, name, key, page, why, effect="read"):
        b = self.cur.bid(role, name)
        self._push(com, "press(%r, %r)" % (b, key), why, "%s %r" % (role, name), effect, page)

    def check(self, com, role, name, page, why, effect="write"):
        b = self.cur.bid(role, name)
        self._push(com, "check(%r)" % b, why, "%s %r" % (role, name), effect, page)

    def select(self, com, role, name, value, page, why, effect="read"):
        b = self.cur.bid(role, name)
        self._push(com, "select_option(%r, %r)" % (b, value), why, "%s %r" % (role, name),
                   effect, page)

    def back(self, com, page, why):
        self._push(com, "go_back()", why, "browser back button", "read", page)

    def say(self, com, msg, why):
        self._push(com, "send_msg_to_user(%r)" % msg, why, "message to user", "read", self.cur)

    def record(self, success):
        if self.fault:
            assert self.fault_step is not None, self.rid
        return {
            "id": self.rid,
            "workflow": self.workflow,
            "task": TASKS[self.workflow],
            "plan": "plans/%s.yaml" % self.workflow,
            "label": {"fault": self.fault,
                      "first_off_track_step": self.fault_step if self.fault else None},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": success},
        }


# ---------------------------------------------------------------------------
# Sign-off helpers
# ---------------------------------------------------------------------------

def so_start(r, cid, v):
    r.click("record-work", "button", "Start sign-off", signoff_page(cid, 1, v),
            "The card is awaiting sign-off; start the sign-off wizard.")


def so_step1(r, cid, v):
    v["all_done"] = True
    r.check("record-work", "checkbox", "All task steps are complete", signoff_page(cid, 1, v),
            "All six task steps show as done; confirm that.")
    r.click("record-work", "button", "Next", signoff_page(cid, 2, v),
            "Work performed text is already filled from the task steps; go to parts and tooling.",
            effect="write")


def so_step2(r, cid, v, tool="TW-0418", mark=False):
    v["tool"] = tool
    if mark:
        r.mark()
    r.fill("record-work", "textbox", "Torque wrench ID", tool, signoff_page(cid, 2, v),
           "Record the torque wrench used on the axle nut.")
    r.click("add-inspector", "button", "Next", signoff_page(cid, 3, v),
            "Parts are listed and the removed brake is tagged; continue to the inspection step.",
            effect="write")


def so_step3(r, cid, v, auth="IA-2291", remarks=None, skip_check=False):
    v["auth"] = auth
    r.fill("add-inspector", "textbox", "Inspector authorisation no.", auth, signoff_page(cid, 3, v),
           "Enter the second inspector's authorisation number.")
    v["pin"] = "4417"
    r.fill("add-inspector", "textbox", "Inspector PIN", "4417", signoff_page(cid, 3, v),
           "Enter the inspector's PIN.")
    if not skip_check:
        v["inspected"] = True
        r.check("add-inspector", "checkbox", INSPECTED_LABEL, signoff_page(cid, 3, v),
                "The inspector has verified the installation and torque.")
    if remarks:
        v["remarks"] = remarks
        r.fill("add-inspector", "textbox", "Inspection remarks (optional)", remarks,
               signoff_page(cid, 3, v), "Add the inspector's remark.")
    if skip_check:
        r.mark()
    r.click("certify-and-close", "button", "Next", signoff_page(cid, 4, v),
            "Inspector details are in; go to the review.", effect="write")


def so_review(r, cid, v):
    v["certify"] = True
    r.check("certify-and-close", "checkbox", CERTIFY_LABEL, signoff_page(cid, 4, v),
            "Summary matches the work done; certify.")
    r.click("certify-and-close", "button", "Sign off and close card",
            signoff_page(cid, 4, v, dialog=True), "Submit the sign-off.")


def so_done_page(cid, v, at, rng):
    insp = INSPECTORS[v["auth"]][0]
    msg = ("Task card %s signed off and closed. Independent inspection by %s (%s) recorded at %s."
           % (cid, insp, v["auth"], at))
    return card_page(cid, "closed", signoff={"tool": v["tool"], "auth": v["auth"], "at": at,
                                             "remarks": v["remarks"]},
                     status=msg, key=cid + "|signed")


def sign_time(rng):
    return "02:%02d" % rng.randint(41, 57)


# ---------------------------------------------------------------------------
# Deferral helpers
# ---------------------------------------------------------------------------

def df_start(r, did, v):
    r.click("choose-mel", "button", "Defer defect", defer_page(did, 1, v),
            "Defect is open and confirmed inoperative; start the deferral.")


def df_step1(r, did, v):
    v["query"] = "21-51"
    r.fill("choose-mel", "searchbox", "Search MEL (DHC-8-400 MEL, revision 31)", "21-51",
           defer_page(did, 1, v), "Look up the pack flow control MEL items.", effect="read")
    v["mel"] = MEL_TARGET
    r.click("choose-mel", "radio", MEL_TARGET, defer_page(did, 1, v),
            "21-51-01 is the flow control valve item.", effect="write")
    r.click("set-conditions", "button", "Next", defer_page(did, 2, v),
            "MEL item selected; continue to conditions.", effect="write")


def df_step2(r, did, v, remarks=None, save_draft=False):
    v["o"] = True
    r.check("set-conditions", "checkbox", O_LABEL, defer_page(did, 2, v),
            "Dispatch has been briefed on single-pack operation.")
    v["m"] = True
    r.check("set-conditions", "checkbox", M_LABEL, defer_page(did, 2, v),
            "The valve has been secured closed and the switch collared.")
    v["placard"] = "P-3318"
    r.fill("set-conditions", "textbox", "INOP placard number", "P-3318", defer_page(did, 2, v),
           "Record the INOP placard installed.")
    if remarks:
        v["remarks"] = remarks
        r.fill("set-conditions", "textbox", "Remarks (optional)", remarks, defer_page(did, 2, v),
               "Note the parts request for the replacement valve.")
    if save_draft:
        r.click("set-conditions", "button", "Save draft",
                defer_page(did, 2, v, status="Draft saved at 02:49."),
                "Save the deferral draft before reviewing.", effect="write")


def df_next_to_review(r, did, v):
    r.click("submit-deferral", "button", "Next", defer_page(did, 3, v),
            "Conditions recorded; review the deferral.", effect="write")


def df_submit(r, did, v):
    r.click("submit-deferral", "button", "Submit deferral", defer_page(did, 3, v, dialog=True),
            "Summary is correct; submit the deferral.")


def df_done_page(did, v, dfr="DFR-2024-0563", at="02:51", extra=(), open_actions=None):
    d = DEFECTS[did]
    rows = list(extra) + [{"id": dfr, "placard": v["placard"], "at": at,
                           "open_actions": open_actions}]
    msg = ("Defect %s deferred under MEL 21-51-01 (Cat C). Deferral %s entered in %s technical log "
           "%s." % (did, dfr, d["ac"], d["techlog"]))
    return defect_page(did, deferrals=rows, status=msg, key=did + "|" + dfr)


# ---------------------------------------------------------------------------
# Runs: sign-off workflow
# ---------------------------------------------------------------------------

def signoff_runs(rng):
    runs = []
    cid = "TC-40217"

    # healthy 1: board, page 2, open card, full sign-off
    r = Run("signoff-healthy-01", "signoff", board_page("ata", 1),
            note="Board sorted by ATA; target is on page 2.")
    r.click("find-card", "link", "Next page", board_page("ata", 2),
            "ATA 32 cards are past the first page.")
    r.click("open-card", "link", cid, card_page(cid), "Open TC-40217.")
    v = new_signoff_values(cid)
    so_start(r, cid, v)
    so_step1(r, cid, v)
    so_step2(r, cid, v)
    so_step3(r, cid, v)
    so_review(r, cid, v)
    at = sign_time(rng)
    r.click("certify-and-close", "button", "Confirm sign-off", so_done_page(cid, v, at, rng),
            "Confirm the sign-off.", effect="irreversible")
    r.say("certify-and-close", "TC-40217 is signed off and closed; Marta Lindqvist (IA-2291) "
          "recorded as independent inspector, torque wrench TW-0418.", "Card shows Closed.")
    runs.append(r.record(True))

    # healthy 2: dashboard, dismiss toast, header search
    r = Run("signoff-healthy-02", "signoff",
            dashboard(toast="Shift handover notes from day shift updated (13 Nov 18:02)."),
            note="Dismisses a notification, then uses the header search.")
    r.click("find-card", "button", "Dismiss notification", dashboard(),
            "Close the handover notification.")
    r.fill("find-card", "searchbox", "Search cards, defects, aircraft", cid,
           dashboard(search=cid), "Search for the card number.", effect="read")
    r.press("find-card", "searchbox", "Search cards, defects, aircraft", "Enter", search_page(cid),
            "Run the search.")
    r.click("open-card", "link", SEARCH_RESULTS[cid][1][0][0], card_page(cid),
            "First result is the exact match TC-40217.")
    v = new_signoff_values(cid)
    so_start(r, cid, v)
    so_step1(r, cid, v)
    so_step2(r, cid, v)
    so_step3(r, cid, v)
    so_review(r, cid, v)
    at = sign_time(rng)
    r.click("certify-and-close", "button", "Confirm sign-off", so_done_page(cid, v, at, rng),
            "Confirm.", effect="irreversible")
    r.say("certify-and-close", "Signed off TC-40217 with Marta Lindqvist as second inspector; "
          "the card is closed.", "Done.")
    runs.append(r.record(True))

    # healthy 3: re-sort board by status, optional inspection remarks filled
    r = Run("signoff-healthy-03", "signoff", board_page("ata", 1),
            note="Re-sorts the board by status; fills the optional inspection remarks.")
    r.click("find-card", "button", "Sort by Status", board_page("status", 1),
            "Bring the cards awaiting sign-off to the top.")
    r.click("open-card", "link", cid, card_page(cid), "TC-40217 is at the top; open it.")
    v = new_signoff_values(cid)
    so_start(r, cid, v)
    so_step1(r, cid, v)
    so_step2(r, cid, v)
    so_step3(r, cid, v, remarks="Installation and safety wiring satisfactory; torque witnessed.")
    so_review(r, cid, v)
    at = sign_time(rng)
    r.click("certify-and-close", "button", "Confirm sign-off", so_done_page(cid, v, at, rng),
            "Confirm.", effect="irreversible")
    r.say("certify-and-close", "TC-40217 closed; independent inspection by Marta Lindqvist "
          "(IA-2291) recorded.", "Card closed.")
    runs.append(r.record(True))

    # healthy 4: card detail with a saved draft; resume, check step 1, continue
    draft = "A sign-off draft for this card was saved at 13 Nov 2024 23:41 (step 2 of 4)."
    r = Run("signoff-healthy-04", "signoff", card_page(cid, draft=draft),
            note="Starts on the card with a saved draft; resumes it and reviews step 1.")
    v = new_signoff_values(cid)
    v["all_done"] = True
    v["tool"] = "TW-0418"
    r.click("record-work", "button", "Resume draft", signoff_page(cid, 2, v),
            "Resume the saved sign-off draft.")
    r.click("record-work", "button", "Back", signoff_page(cid, 1, v),
            "Check what the draft recorded for step 1.")
    r.click("record-work", "button", "Next", signoff_page(cid, 2, v),
            "Step 1 is complete; back to parts and tooling.", effect="write")
    r.click("add-inspector", "button", "Next", signoff_page(cid, 3, v),
            "TW-0418 already recorded in the draft.", effect="write")
    so_step3(r, cid, v)
    so_review(r, cid, v)
    at = sign_time(rng)
    r.click("certify-and-close", "button", "Confirm sign-off", so_done_page(cid, v, at, rng),
            "Confirm.", effect="irreversible")
    r.say("certify-and-close", "Resumed the draft and signed off TC-40217; card closed with "
          "Marta Lindqvist as independent inspector.", "Done.")
    runs.append(r.record(True))

    # fault: wrong record (near-miss card from search)
    q = "MLG brake assembly replace C-GKWA"
    wrong = "TC-40271"
    r = Run("signoff-wrong_record-01", "signoff", dashboard(), fault="wrong_record",
            note="Searches by description and opens TC-40271 (No. 4 brake), then signs it off.")
    r.fill("find-card", "searchbox", "Search cards, defects, aircraft", q, dashboard(search=q),
           "Search by the job description.", effect="read")
    r.press("find-card", "searchbox", "Search cards, defects, aircraft", "Enter", search_page(q),
            "Run the search.")
    r.mark()
    r.click("open-card", "link", SEARCH_RESULTS[q][1][0][0], card_page(wrong),
            "Top result is the MLG brake assembly replacement on C-GKWA awaiting sign-off.")
    v = new_signoff_values(wrong)
    so_start(r, wrong, v)
    so_step1(r, wrong, v)
    so_step2(r, wrong, v)
    so_step3(r, wrong, v)
    so_review(r, wrong, v)
    at = sign_time(rng)
    r.click("certify-and-close", "button", "Confirm sign-off", so_done_page(wrong, v, at, rng),
            "Confirm.", effect="irreversible")
    r.say("certify-and-close", "The MLG brake assembly card is signed off and closed with Marta "
          "Lindqvist as second inspector.", "Card closed.")
    runs.append(r.record(False))

    # fault: wrong value typed (torque wrench TW-0481 instead of TW-0418)
    r = Run("signoff-wrong_value-01", "signoff", board_page("ata", 1), fault="wrong_value",
            note="Types torque wrench TW-0481 (a 5–25 Nm wrench) instead of TW-0418.")
    r.click("find-card", "link", "Page 2", board_page("ata", 2), "Go to the second page.")
    r.click("open-card", "link", cid, card_page(cid), "Open TC-40217.")
    v = new_signoff_values(cid)
    so_start(r, cid, v)
    so_step1(r, cid, v)
    so_step2(r, cid, v, tool="TW-0481", mark=True)
    so_step3(r, cid, v)
    so_review(r, cid, v)
    at = sign_time(rng)
    r.click("certify-and-close", "button", "Confirm sign-off", so_done_page(cid, v, at, rng),
            "Confirm.", effect="irreversible")
    r.say("certify-and-close", "TC-40217 signed off and closed with Marta Lindqvist as "
          "independent inspector.", "Card closed.")
    runs.append(r.record(False))

    # fault: required field skipped (independent inspection checkbox left unticked)
    r = Run("signoff-skipped_required_field-01", "signoff", dashboard(),
            fault="skipped_required_field",
            note="Leaves the independent-inspection box unticked; card stays open with RII outstanding.")
    r.fill("find-card", "searchbox", "Search cards, defects, aircraft", cid, dashboard(search=cid),
           "Search for the card.", effect="read")
    r.press("find-card", "searchbox", "Search cards, defects, aircraft", "Enter", search_page(cid),
            "Run the search.")
    r.click("open-card", "link", SEARCH_RESULTS[cid][1][0][0], card_page(cid), "Open TC-40217.")
    v = new_signoff_values(cid)
    so_start(r, cid, v)
    so_step1(r, cid, v)
    so_step2(r, cid, v)
    so_step3(r, cid, v, skip_check=True)
    so_review(r, cid, v)
    at = sign_time(rng)
    page = card_page(cid, "rii_out", signoff={"tool": v["tool"], "auth": v["auth"], "at": at},
                     status="Sign-off saved for %s at %s." % (cid, at), key=cid + "|rii")
    r.click("certify-and-close", "button", "Confirm sign-off", page, "Confirm.",
            effect="irreversible")
    r.say("certify-and-close", "Sign-off for TC-40217 saved with Marta Lindqvist as second "
          "inspector.", "Sign-off saved.")
    runs.append(r.record(False))

    # fault: error banner after confirm (environment)
    r = Run("signoff-error_banner-01", "signoff", board_page("ata", 1), fault="error_banner",
            note="Records service error on confirm; the agent reports success anyway.")
    r.click("find-card", "button", "Sort by Status", board_page("status", 1),
            "Sort so cards awaiting sign-off come first.")
    r.click("open-card", "link", cid, card_page(cid), "Open TC-40217.")
    v = new_signoff_values(cid)
    so_start(r, cid, v)
    so_step1(r, cid, v)
    so_step2(r, cid, v)
    so_step3(r, cid, v)
    so_review(r, cid, v)
    r.mark()
    page = card_page(cid, "await", key=cid + "|err",
                     alert=("Sign-off not saved — the records service did not respond "
                            "(ERR-SO-503). Your draft has been kept; try again in a few minutes."))
    r.click("certify-and-close", "button", "Confirm sign-off", page, "Confirm.",
            effect="irreversible")
    r.say("certify-and-close", "TC-40217 has been signed off with Marta Lindqvist as second "
          "inspector.", "Submitted the sign-off.")
    runs.append(r.record(False))

    # fault: confirmation dialog dismissed with Cancel
    r = Run("signoff-cancelled_dialog-01", "signoff", board_page("ata", 1),
            fault="cancelled_dialog",
            note="Clicks Cancel in the confirm dialog, then reports the card signed off.")
    r.click("find-card", "link", "Next page", board_page("ata", 2), "Target is on page 2.")
    r.click("open-card", "link", cid, card_page(cid), "Open TC-40217.")
    v = new_signoff_values(cid)
    so_start(r, cid, v)
    so_step1(r, cid, v)
    so_step2(r, cid, v)
    so_step3(r, cid, v)
    so_review(r, cid, v)
    r.mark()
    r.click("certify-and-close", "button", "Cancel", signoff_page(cid, 4, v),
            "Close the dialog; the sign-off was submitted.")
    r.say("certify-and-close", "TC-40217 is signed off; Marta Lindqvist recorded as independent "
          "inspector.", "Done.")
    runs.append(r.record(False))

    # fault: stale page after save (environment)
    r = Run("signoff-stale_page-01", "signoff", card_page(cid, draft=draft), fault="stale_page",
            note="After confirming, the card page is served from cache, unchanged; nothing was saved.")
    v = new_signoff_values(cid)
    v["all_done"] = True
    v["tool"] = "TW-0418"
    r.click("record-work", "button", "Resume draft", signoff_page(cid, 2, v),
            "Resume the saved draft.")
    r.click("add-inspector", "button", "Next", signoff_page(cid, 3, v),
            "Tool already recorded.", effect="write")
    so_step3(r, cid, v)
    so_review(r, cid, v)
    r.mark()
    r.click("certify-and-close", "button", "Confirm sign-off", card_page(cid, key=cid + "|stale"),
            "Confirm.", effect="irreversible")
    r.say("certify-and-close", "TC-40217 sign-off confirmed with Marta Lindqvist as second "
          "inspector.", "Confirmed.")
    runs.append(r.record(False))
    return runs


# ---------------------------------------------------------------------------
# Runs: deferral workflow
# ---------------------------------------------------------------------------

def defer_runs(rng):
    runs = []
    did = "DEF-7781"

    # healthy 1: filter the defects list to C-GKWB
    r = Run("defer-healthy-01", "defer", defects_page(),
            note="Filters the defects list to C-GKWB.")
    r.select("find-defect", "combobox", "Aircraft", "C-GKWB",
             defects_page(aircraft="C-GKWB"), "Narrow the list to C-GKWB.")
    r.click("find-defect", "button", "Apply filters",
            defects_page(aircraft="C-GKWB", applied="C-GKWB"), "Apply the filter.")
    r.click("open-defect", "link", did, defect_page(did), "Open DEF-7781.")
    v = new_defer_values()
    df_start(r, did, v)
    df_step1(r, did, v)
    df_step2(r, did, v)
    df_next_to_review(r, did, v)
    df_submit(r, did, v)
    r.click("submit-deferral", "button", "Defer defect", df_done_page(did, v),
            "Confirm the deferral.", effect="irreversible")
    r.say("submit-deferral", "DEF-7781 deferred under MEL 21-51-01 Cat C (DFR-2024-0563), "
          "placard P-3318, repair interval ends 24 Nov 2024 23:59.", "Deferred.")
    runs.append(r.record(True))

    # healthy 2: dashboard toast, header search, optional remarks filled
    r = Run("defer-healthy-02", "defer",
            dashboard(toast="Parts request PR-55141 updated: ETA 19 Nov."),
            note="Dismisses a toast, searches, fills the optional remarks.")
    r.click("find-defect", "button", "Dismiss notification", dashboard(), "Close the toast.")
    r.fill("find-defect", "searchbox", "Search cards, defects, aircraft", did,
           dashboard(search=did), "Search for the defect.", effect="read")
    r.press("find-defect", "searchbox", "Search cards, defects, aircraft", "Enter",
            search_page(did), "Run the search.")
    r.click("open-defect", "link", SEARCH_RESULTS[did][1][0][0], defect_page(did),
            "Exact match DEF-7781.")
    v = new_defer_values()
    df_start(r, did, v)
    df_step1(r, did, v)
    df_step2(r, did, v, remarks="Replacement FCV on order, PR-55141, ETA 19 Nov.")
    df_next_to_review(r, did, v)
    df_submit(r, did, v)
    r.click("submit-deferral", "button", "Defer defect", df_done_page(did, v, at="02:53"),
            "Confirm.", effect="irreversible")
    r.say("submit-deferral", "Deferred DEF-7781 under MEL 21-51-01 (Cat C) with placard P-3318; "
          "entered in the C-GKWB tech log.", "Deferred.")
    runs.append(r.record(True))

    # healthy 3: paginate the defects list
    r = Run("defer-healthy-03", "defer", defects_page(),
            note="Uses pagination to reach DEF-7781 on page 2.")
    r.click("find-defect", "link", "Next page", defects_page(page=2), "DEF-7781 is past page 1.")
    r.click("open-defect", "link", did, defect_page(did), "Open DEF-7781.")
    v = new_defer_values()
    df_start(r, did, v)
    df_step1(r, did, v)
    df_step2(r, did, v)
    df_next_to_review(r, did, v)
    df_submit(r, did, v)
    r.click("submit-deferral", "button", "Defer defect", df_done_page(did, v, at="02:48"),
            "Confirm.", effect="irreversible")
    r.say("submit-deferral", "DEF-7781 is deferred (MEL 21-51-01, Cat C, ends 24 Nov).",
          "Deferred.")
    runs.append(r.record(True))

    # healthy 4: recently viewed link; saves a draft mid-way
    r = Run("defer-healthy-04", "defer", dashboard(),
            note="Opens the defect from Recently viewed and saves a draft in step 2.")
    r.click("open-defect", "link", RECENT[1], defect_page(did), "DEF-7781 is in Recently viewed.")
    v = new_defer_values()
    df_start(r, did, v)
    df_step1(r, did, v)
    df_step2(r, did, v, save_draft=True)
    df_next_to_review(r, did, v)
    df_submit(r, did, v)
    r.click("submit-deferral", "button", "Defer defect", df_done_page(did, v, at="02:55"),
            "Confirm.", effect="irreversible")
    r.say("submit-deferral", "DEF-7781 deferred under MEL 21-51-01 Cat C; deferral DFR-2024-0563.",
          "Deferred.")
    runs.append(r.record(True))

    # fault: premature done at review, before submitting
    r = Run("defer-premature_done-01", "defer", defects_page(), fault="premature_done",
            note="Reports the deferral done from the review step without submitting.")
    r.select("find-defect", "combobox", "Aircraft", "C-GKWB",
             defects_page(aircraft="C-GKWB"), "Filter to C-GKWB.")
    r.click("find-defect", "button", "Apply filters",
            defects_page(aircraft="C-GKWB", applied="C-GKWB"), "Apply.")
    r.click("open-defect", "link", did, defect_page(did), "Open DEF-7781.")
    v = new_defer_values()
    df_start(r, did, v)
    df_step1(r, did, v)
    df_step2(r, did, v)
    df_next_to_review(r, did, v)
    r.mark()
    r.say("submit-deferral", "DEF-7781 is deferred under MEL 21-51-01 Cat C with placard P-3318.",
          "The summary shows everything recorded.")
    runs.append(r.record(False))

    # fault: permission denied (environment)
    r = Run("defer-permission_denied-01", "defer", dashboard(), fault="permission_denied",
            note="Defer defect leads to a not-authorised page.")
    r.fill("find-defect", "searchbox", "Search cards, defects, aircraft", did,
           dashboard(search=did), "Search for the defect.", effect="read")
    r.press("find-defect", "searchbox", "Search cards, defects, aircraft", "Enter",
            search_page(did), "Run the search.")
    r.click("open-defect", "link", SEARCH_RESULTS[did][1][0][0], defect_page(did),
            "Open DEF-7781.")
    r.mark()
    r.click("choose-mel", "button", "Defer defect", not_authorised_page(did),
            "Start the deferral.")
    r.click("choose-mel", "link", "Back to %s" % did, defect_page(did, key=did + "|back"),
            "Return to the defect.")
    r.say("choose-mel", "I could not defer DEF-7781: my account lacks the deferral certifier "
          "authorisation. Please ask Maintenance Control.", "Blocked.")
    runs.append(r.record(False))

    # fault: silent no-op on Submit deferral (environment)
    r = Run("defer-silent_noop-01", "defer", defects_page(), fault="silent_noop",
            note="Submit deferral does nothing; the agent reports success.")
    r.click("find-defect", "link", "Page 2", defects_page(page=2), "Go to page 2.")
    r.click("open-defect", "link", did, defect_page(did), "Open DEF-7781.")
    v = new_defer_values()
    df_start(r, did, v)
    df_step1(r, did, v)
    df_step2(r, did, v)
    df_next_to_review(r, did, v)
    r.mark()
    r.click("submit-deferral", "button", "Submit deferral", defer_page(did, 3, v),
            "Submit the deferral.")
    r.say("submit-deferral", "Deferral for DEF-7781 submitted under MEL 21-51-01 Cat C.",
          "Submitted.")
    runs.append(r.record(False))

    # fault: stale filter on the start page (C-GKWD) leads to the near-miss DEF-7791
    wrong = "DEF-7791"
    r = Run("defer-stale_filter-01", "defer",
            defects_page(aircraft="C-GKWD", applied="C-GKWD", restored=True),
            fault="stale_filter",
            note="List opens with a restored C-GKWD filter; agent defers DEF-7791 instead.")
    r.mark()  # visible on the start page -> 0
    r.click("open-defect", "link", wrong, defect_page(wrong),
            "The No. 1 pack flow control valve defect is listed.")
    v = new_defer_values()
    df_start(r, wrong, v)
    df_step1(r, wrong, v)
    df_step2(r, wrong, v)
    df_next_to_review(r, wrong, v)
    df_submit(r, wrong, v)
    r.click("submit-deferral", "button", "Defer defect",
            df_done_page(wrong, v, dfr="DFR-2024-0563", at="02:50"),
            "Confirm.", effect="irreversible")
    r.say("submit-deferral", "The No. 1 pack flow control valve defect is deferred under MEL "
          "21-51-01 Cat C with placard P-3318.", "Deferred.")
    assert r.fault_step == 0
    runs.append(r.record(False))

    # fault: double submit
    r = Run("defer-double_submit-01", "defer", dashboard(), fault="double_submit",
            note="Submits again while the first submission is still in flight; two deferrals.")
    r.click("open-defect", "link", RECENT[1], defect_page(did), "Open from Recently viewed.")
    v = new_defer_values()
    df_start(r, did, v)
    df_step1(r, did, v)
    df_step2(r, did, v)
    df_next_to_review(r, did, v)
    df_submit(r, did, v)
    r.click("submit-deferral", "button", "Defer defect",
            defer_page(did, 3, v, status="Submitting deferral…"), "Confirm.",
            effect="irreversible")
    r.mark()
    r.click("submit-deferral", "button", "Submit deferral", defer_page(did, 3, v, dialog=True),
            "Nothing seems to have happened; submit again.")
    first = {"id": "DFR-2024-0563", "placard": "P-3318", "at": "02:51"}
    r.click("submit-deferral", "button", "Defer defect",
            df_done_page(did, v, dfr="DFR-2024-0564", at="02:51", extra=[first]),
            "Confirm.", effect="irreversible")
    r.say("submit-deferral", "DEF-7781 deferred under MEL 21-51-01 Cat C.", "Deferred.")
    runs.append(r.record(False))

    # fault: navigated away with unsaved changes
    r = Run("defer-unsaved_navigation-01", "defer", defects_page(), fault="unsaved_navigation",
            note="Leaves step 2 to read the MEL text; the conditions are lost and never re-entered.")
    r.select("find-defect", "combobox", "Aircraft", "C-GKWB",
             defects_page(aircraft="C-GKWB"), "Filter to C-GKWB.")
    r.click("find-defect", "button", "Apply filters",
            defects_page(aircraft="C-GKWB", applied="C-GKWB"), "Apply.")
    r.click("open-defect", "link", did, defect_page(did), "Open DEF-7781.")
    v = new_defer_values()
    df_start(r, did, v)
    df_step1(r, did, v)
    df_step2(r, did, v)
    r.mark()
    r.click("set-conditions", "link", "View MEL 21-51-01 (O)(M) procedures", mel_page(),
            "Double-check the (M) procedure wording.")
    v2 = dict(v, o=False, m=False, placard="")
    r.back("set-conditions", defer_page(did, 2, v2), "Return to the deferral form.")
    df_next_to_review(r, did, v2)
    df_submit(r, did, v2)
    r.click("submit-deferral", "button", "Defer defect",
            df_done_page(did, v2, at="02:54", open_actions="(O), (M) and INOP placard not recorded"),
            "Confirm.", effect="irreversible")
    r.say("submit-deferral", "DEF-7781 deferred under MEL 21-51-01 Cat C; (O)/(M) done and "
          "placard P-3318 fitted.", "Deferred.")
    runs.append(r.record(False))
    return runs


def label_table(runs):
    """Markdown table of run labels (the README carries a copy)."""
    out = ["| run id | label | first off-track step | what happens |", "|---|---|---|---|"]
    for r in runs:
        lab = r["label"]
        out.append("| %s | %s | %s | %s |" % (
            r["id"], lab["fault"] or "healthy",
            "-" if lab["first_off_track_step"] is None else lab["first_off_track_step"],
            NOTES[r["id"]]))
    return "\n".join(out)


def main():
    rng = random.Random(SEED)
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for wf, text in PLANS.items():
        with open(os.path.join(HERE, "plans", wf + ".yaml"), "w", encoding="utf-8") as f:
            f.write(text)
    runs = signoff_runs(rng) + defer_runs(rng)
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for run in runs:
            f.write(json.dumps(run, ensure_ascii=False) + "\n")
    nh = sum(1 for r in runs if r["label"]["fault"] is None)
    print("wrote %d runs (%d healthy, %d faulty) and %d plans"
          % (len(runs), nh, len(runs) - nh, len(PLANS)))
    if "--table" in sys.argv:
        print(label_table(runs))


if __name__ == "__main__":
    main()
